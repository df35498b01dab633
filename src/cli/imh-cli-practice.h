/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-cli-practice.h — the library's exercises and the player's statistics
 * (`imhotep-cli library exercises`, `library stats --player`). */
#pragma once

#include <glib.h>

#include "imh-library.h"

G_BEGIN_DECLS

/* `library exercises`: argv[0] is the command's name; db_entries the
 * library's options, open_library opens it after they were parsed. */
int      imh_cli_practice_exercises (int                  argc,
                                     char               **argv,
                                     const GOptionEntry  *db_entries,
                                     ImhLibrary        *(*open_library) (void));
/* FALSE (after printing the error) when the options of `stats --player`
 * are not valid. */
gboolean imh_cli_practice_check_stats_args (char       **names,
                                            const char  *game,
                                            const char  *since);
/* Prints the statistics of the players named (text or JSON). */
int      imh_cli_practice_stats     (ImhLibrary  *library,
                                     char       **names,
                                     const char  *game,
                                     const char  *since,
                                     gboolean     json);

G_END_DECLS
