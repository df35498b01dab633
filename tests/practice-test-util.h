/* SPDX-License-Identifier: GPL-3.0-or-later */
/* practice-test-util.h — games and hand-made analyses for the tests of
 * exercises and statistics. */
#pragma once

#include "imh-analysis.h"
#include "imh-library.h"

G_BEGIN_DECLS

/* A mark to give one decision: its ply and the loss (percentage points). */
typedef struct {
  guint  ply;
  double loss;
} PracticeLoss;

/* A finished Duel of random legal decisions (seeded) between seat 0
 * (kind0, name0) and seat 1 (kind1, name1), started at `started`. */
char        *practice_record   (guint64      seed,
                                const char  *kind0,
                                const char  *name0,
                                const char  *kind1,
                                const char  *name1,
                                const char  *started);
/* The same for any game and number of players. */
char        *practice_record_of (ImhGameKind          game,
                                 guint                n_players,
                                 guint64              seed,
                                 const char * const  *kinds,
                                 const char * const  *names,
                                 const char          *started);
/* The plies of record's main line with at least 6 legal decisions, moved
 * by seat (at most max). */
GArray      *practice_choice_plies (const char *record,
                                    int         seat,
                                    guint       max);
/* An analysis of record by hand: every decision played is the best (loss
 * 0), except the given ones, whose best is another legal decision; each
 * of those has top candidates valued 0.62 (the best), 0.61 ± 0.005,
 * 0.55 ± 0.01, 0.595 ± 0.001 and 0.60 ± 0.01. luck_ply (or -1) is a draw
 * with luck +4 points for its mover. */
ImhAnalysis *practice_analysis (const char         *record,
                                const PracticeLoss *losses,
                                guint               n_losses,
                                int                 luck_ply);
/* Stores it with the game (imh_library_add_analysis). */
void         practice_store    (ImhLibrary         *library,
                                gint64              game_id,
                                ImhAnalysis        *analysis);

G_END_DECLS
