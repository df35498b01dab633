/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-cli-util.h — helpers shared by the record subcommands of imhotep-cli. */
#pragma once

#include <glib.h>
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

G_END_DECLS
