/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-library-private.h — internals shared by the library's files. */
#pragma once

#include "imh-engine.h"
#include "imh-record.h"
#include "imh-library.h"

G_BEGIN_DECLS

/* Everything the library derives from one record. */
typedef struct {
  char    *canonical;                 /* imh_record_write() text (g_malloc'd) */
  char     sha256[65];                /* of canonical, lowercase hex */
  int      game;                      /* ImhGameKind */
  guint    n_players;
  char     sides[IMH_MAX_SITES + 1];  /* "A"/"B" per site */
  guint    variants;
  gint64   seed;
  char    *names[IMH_MAX_PLAYERS];
  char    *kinds[IMH_MAX_PLAYERS];    /* "human", "computer:3", ... */
  int      levels[IMH_MAX_PLAYERS];   /* computer level, -1 otherwise */
  int      scores[IMH_MAX_PLAYERS];
  int      places[IMH_MAX_PLAYERS];   /* 1-based, 0 unknown */
  gboolean has_scores;
  gint64   started;                   /* unix seconds, 0 unknown */
  gint64   ended;
  gboolean finished;                  /* the main line reaches the end of the game */
  int      winner;                    /* sole first place, else -1 */
  char    *result;                    /* "1 2" places as written, "" */
  char    *players_text;              /* "Ada – Bob" */
  char    *scores_text;               /* "23 : 19" or "" */
  int      max_level;                 /* highest computer level, -1 none */
  guint    length;                    /* decisions of the main line */
  guint    turns;
  GStrv    tags;                      /* "tag" fields of the record */
} ImhLibraryRecordInfo;

void     _imh_library_record_info_clear (ImhLibraryRecordInfo *info);
/* Fills info from a parsed record (replays its main line). */
gboolean _imh_library_describe   (const ImhRecord      *record,
                                  ImhLibraryRecordInfo *info,
                                  GError              **error);
/* Parses one record text and describes it. Errors name line and column. */
gboolean _imh_library_describe_text (const char           *text,
                                     ImhLibraryRecordInfo *info,
                                     GError              **error);

/* A record of random legal decisions, seeded (tests and benchmarks):
 * the Duel 7 times in 10, else the base game with 2–4 players; random
 * sides, names from a pool of n_names (0: the 30 built-in names), human
 * and computer seats, a date in 2020–2025. finish plays to the end, else
 * stops after max_decisions. */
char    *_imh_library_random_record (guint64  seed,
                                     gboolean finish,
                                     guint    max_decisions,
                                     guint    n_names);

/* Statements the write connection has run (tests: the work an import
 * does, counted). */
guint64  _imh_library_count_statements (ImhLibrary *self);

G_END_DECLS
