/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-record.h — game records in the `.imhotep` text format, for both games.
 *
 * Plain C11 over the ImhRules vtable only (no game-specific code, no GLib).
 * Records allocate with malloc; nothing here is used inside playouts.
 * The format is documented in docs/file-format.md.
 *
 * A record is: header fields (format version, game, player count, sides,
 * variants, seed, resolved start player, players with kind and name,
 * dates, result, scores, free extra fields kept in order) and a tree of
 * lines: the main line of decisions from the initial position, each line
 * holding variations that branch off it at a ply.
 *
 * Plies are absolute: ply 0 is the first decision of the game. A
 * variation with branch_ply p shares its parent's first p decisions and
 * replaces the parent's decision at ply p (and everything after it).
 *
 * Parsing is strict and complete: it checks the syntax AND replays every
 * line (main and variations), so every decision in a parsed record is
 * legal; any error names line and column (1-based; column in bytes).
 * write(parse(text)) == text for canonical text (what write produces).
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "imh-engine.h"

#define IMH_RECORD_FORMAT_VERSION 1
#define IMH_RECORD_MAGIC "imhotep-record"

/* Limits on everything a record can carry (docs/file-format.md). The
 * parser rejects a record past any of them with line and column; the
 * setters refuse values past them; front ends limit what users type to
 * the same numbers. Lengths of text are in characters (code points). */
#define IMH_RECORD_MAX_SIZE         (16 * 1024 * 1024) /* bytes of one record */
#define IMH_RECORD_MAX_FILE_SIZE    (64 * 1024 * 1024) /* bytes of a file of many records */
#define IMH_RECORD_MAX_NAME_CHARS   100       /* a player's name */
#define IMH_RECORD_MAX_TAGS         100       /* "tag" fields of a record */
#define IMH_RECORD_MAX_TAG_CHARS    100       /* one tag */
#define IMH_RECORD_MAX_VALUE_CHARS  10000     /* the value of any other extra field (notes) */
#define IMH_RECORD_MAX_FIELDS       200       /* extra fields, tags included */
#define IMH_RECORD_MAX_VARIATIONS   1000      /* variations, all levels together */
#define IMH_RECORD_MAX_DEPTH        63        /* nesting of variations */
#define IMH_RECORD_MAX_DECISIONS    20000     /* decisions of all lines together */

typedef struct {
  uint32_t line;                /* 1-based; 0 = not from a file */
  uint32_t column;              /* 1-based byte column; 0 = not from a file */
  char     message[256];        /* English, for logs and the CLI */
} ImhRecordError;

typedef struct {
  uint32_t line, column;
} ImhRecordPos;

typedef struct ImhRecordLine ImhRecordLine;

struct ImhRecordLine {
  ImhRecordLine  *parent;       /* NULL for the main line */
  uint32_t        branch_ply;   /* absolute ply of the first decision (0 for the main line) */
  uint32_t        n_decisions;
  uint32_t        cap_decisions_;
  ImhDecision    *decisions;    /* decision i is at ply branch_ply + i */
  ImhRecordPos   *positions;    /* where each decision was read (0,0 if not parsed) */
  uint32_t        n_variations;
  uint32_t        cap_variations_;
  ImhRecordLine **variations;   /* in file order; branch_ply in [branch_ply, branch_ply + n_decisions] */
};

typedef struct {
  char *kind;                   /* "human", "computer:<level>", "random", … ([a-z0-9-]+ (':' [A-Za-z0-9._-]+)?) */
  char *name;                   /* UTF-8, no control characters, no leading/trailing space */
} ImhRecordPlayer;

typedef struct {
  char *key;                    /* [a-z][a-z0-9-]*, not a standard field name */
  char *value;                  /* may be empty; no control characters */
} ImhRecordField;

typedef struct {
  int              format_version;
  const ImhRules  *rules;
  ImhOptions       options;     /* game, n_players, sides, variants, start_player (resolved, ≥ 0) */
  uint64_t         seed;
  ImhRecordPlayer  players[IMH_MAX_PLAYERS];
  char            *started;     /* "YYYY-MM-DDTHH:MM:SSZ" or NULL */
  char            *ended;       /* same, or NULL */
  bool             has_result;
  uint8_t          result[IMH_MAX_PLAYERS];   /* 1-based place of each player (ties share) */
  bool             has_scores;
  int32_t          scores[IMH_MAX_PLAYERS];
  uint32_t         n_fields;
  ImhRecordField  *fields;      /* extra fields, in order (e.g. several "tag") */
  ImhRecordLine    main;
} ImhRecord;

/* A new record with no decisions. The options must be valid for the
 * rules; a start_player of -1 is resolved exactly as setup resolves it.
 * Players get kind "human" and names "Player 1"… until set. NULL (with
 * err filled) if the options are invalid. */
ImhRecord *imh_record_new        (const ImhOptions *options, uint64_t seed, ImhRecordError *err);
void       imh_record_free       (ImhRecord *r);
ImhRecord *imh_record_copy       (const ImhRecord *r);

/* Setters copy the strings and validate them, limits included (false:
 * invalid, nothing changed). */
bool       imh_record_set_player (ImhRecord *r, int player, const char *kind, const char *name);
bool       imh_record_set_date   (ImhRecord *r, bool ended, const char *iso8601_utc);
/* Appends an extra field (keys may repeat). */
bool       imh_record_add_field  (ImhRecord *r, const char *key, const char *value);
/* First value of an extra field, or NULL. */
const char *imh_record_get_field (const ImhRecord *r, const char *key);
/* Sets result and scores from a finished state (clears them if not over). */
void       imh_record_set_outcome (ImhRecord *r, const ImhState *final_state);

/* The initial position of the record (setup from options and seed). */
void       imh_record_initial    (const ImhRecord *r, ImhState *out);

/* Lines. Appending does not check legality (replay does). */
void       imh_record_line_append   (ImhRecordLine *line, ImhDecision d);
/* Drops the decisions from absolute ply `ply` on, and every variation
 * that branches after the new end. */
void       imh_record_line_truncate (ImhRecordLine *line, uint32_t ply);
/* A new empty variation of `parent` branching at absolute ply
 * branch_ply (parent->branch_ply ≤ branch_ply ≤ end of parent). */
ImhRecordLine *imh_record_line_add_variation (ImhRecordLine *parent, uint32_t branch_ply);
/* Removes variation `index` of `parent` (with its sub-variations). */
void       imh_record_line_remove_variation (ImhRecordLine *parent, uint32_t index);
/* Absolute ply after the last decision of the line. */
uint32_t   imh_record_line_end      (const ImhRecordLine *line);
/* The decision at absolute ply `ply` along `line` (following parents for
 * plies before its branch point). ply < imh_record_line_end (line). */
ImhDecision imh_record_line_decision_at (const ImhRecordLine *line, uint32_t ply);

/* The position after the first `ply` decisions along `line` (NULL: the
 * main line); ply may not exceed the line's end. False with err (naming
 * the line and column of the offending decision when it came from a
 * file) if a decision is illegal. */
bool       imh_record_replay     (const ImhRecord *r, const ImhRecordLine *line, uint32_t ply,
                                  ImhState *out, ImhRecordError *err);

/* Canonical text (malloc'd, NUL-terminated; free with free()). */
char      *imh_record_write      (const ImhRecord *r);

/* Parses one record (the whole text). NULL with err on any error. */
ImhRecord *imh_record_parse      (const char *text, size_t len, ImhRecordError *err);
/* Parses a file holding one or more records, each starting with its
 * "imhotep-record" line (records separated by one empty line). Returns a
 * malloc'd array of *n_out records (free each, then the array), or NULL
 * with err. */
ImhRecord **imh_record_parse_many (const char *text, size_t len, size_t *n_out, ImhRecordError *err);

/* Number of characters (code points) of valid UTF-8 text of n bytes. */
size_t     imh_record_utf8_chars (const char *s, size_t n);
/* Calendar-correct "YYYY-MM-DDTHH:MM:SSZ": year 0001–9999, the month's
 * days (leap years), hours 0–23, minutes and seconds 0–59. */
bool       imh_record_date_valid (const char *s, size_t n);

/* Variant flag names as written in records ("wrath"); NULL if unknown. */
const char *imh_record_variant_id (uint32_t flag);
