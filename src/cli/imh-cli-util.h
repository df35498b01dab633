/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-cli-util.h — helpers shared by the subcommands of imhotep-cli. */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>
#include <stdio.h>

#include "imh-record.h"

G_BEGIN_DECLS

/* Reads and strictly parses one record; on failure prints
 * "FILE:LINE:COLUMN: message" and returns NULL. */
/* The text of a record file, read with the size limit of one record
 * (NULL with the error printed). */
char      *imh_cli_read_record_file (const char *path, gsize *length);
ImhRecord *imh_cli_load_record   (const char *path);
/* Loads a record and replays its main line to `ply` (negative: its end).
 * On success returns IMH_CLI_OK with *record (transfer full), *ply_out
 * and *state set; otherwise prints the problem (naming file, line and
 * column) and returns IMH_CLI_USAGE or IMH_CLI_FAILED. */
int        imh_cli_load_position (const char *path, gint64 ply, ImhRecord **record,
                                  uint32_t *ply_out, ImhState *state);
/* Writes the canonical text atomically; prints the error on failure. */
gboolean   imh_cli_save_record   (const char *path, const ImhRecord *record);

/* Builds options from command-line values (game id, players (0: the
 * game's minimum), sides string of A/B in site order (NULL: all A),
 * variant ids (NULL-terminated, may be NULL), start player 1-based (0:
 * drawn from the seed)). Prints the problem and returns FALSE if invalid. */
gboolean   imh_cli_make_options  (const char *game, int players, const char *sides,
                                  char **variants, int start, ImhOptions *options);

/* The score breakdown as a table, generic over the rules' categories. */
void       imh_cli_print_score   (FILE *out, const ImhRecord *record, const ImhState *state);

/* The current UTC time as "YYYY-MM-DDTHH:MM:SSZ" (transfer full). */
char      *imh_cli_now_iso       (void);

/* Plays one uniformly random legal decision; returns it. */
ImhDecision imh_cli_random_decision (const ImhState *state, ImhRng *rng);

/* Table cells: `text` cut and padded to `width` characters (as printf's
 * %Ns, or %-Ns for a negative width); wide characters count two,
 * combining marks none; a cut text ends in "…". Invalid UTF-8 is
 * replaced. For names and other data. Transfer full. */
char      *imh_cli_cell          (const char *text, int width);
/* The same, padded but never cut: for the program's own (translated)
 * labels, which a reader needs whole. */
char      *imh_cli_pad           (const char *text, int width);

/* Prints to stdout like printf, with numbers in the C locale (a '.' as
 * the decimal point) whatever the user's locale: for output that scripts
 * read (bench lines). */
void       imh_cli_print_c       (const char *format, ...) G_GNUC_PRINTF (1, 2);

/* JSON output goes through json-glib. These add a value to `builder`,
 * as member `member` of the open object (or as an array element when
 * `member` is NULL). */
void       imh_cli_json_int      (JsonBuilder *builder, const char *member, gint64 value);
void       imh_cli_json_bool     (JsonBuilder *builder, const char *member, gboolean value);
/* NULL gives null; invalid UTF-8 is replaced. */
void       imh_cli_json_string   (JsonBuilder *builder, const char *member, const char *value);
/* The value printf ("%.*f") writes in the C locale, as a double (which
 * json-glib writes with up to 17 significant digits) or, when `decimals`
 * is 0, as an integer; NaN and infinities give null. */
void       imh_cli_json_fixed    (JsonBuilder *builder, const char *member, double value, int decimals);
/* Parses JSON made by the engine or the AI and adds it as a value; on
 * invalid JSON prints the problem and returns FALSE. */
gboolean   imh_cli_json_embed    (JsonBuilder *builder, const char *member, const char *json);
/* Prints the builder's document and a newline to stdout: on one line, or
 * indented when `pretty`. */
void       imh_cli_json_print    (JsonBuilder *builder, gboolean pretty);

G_END_DECLS
