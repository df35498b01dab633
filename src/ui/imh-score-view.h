/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-score-view.h — the score of every player per category ("if the game
 * ended now", or final), and the objects off the board by kind (the rules'
 * hidden_summary, drawn by the game's board class): unseen, and out of the
 * game.
 */
#pragma once

#include <gtk/gtk.h>

#include "imh-engine.h"

G_BEGIN_DECLS

#define IMH_TYPE_SCORE_VIEW (imh_score_view_get_type ())
G_DECLARE_FINAL_TYPE (ImhScoreView, imh_score_view, IMH, SCORE_VIEW, GtkWidget)

GtkWidget *imh_score_view_new       (void);
void       imh_score_view_set_state (ImhScoreView    *self,
                                     const ImhState  *state,
                                     const char      *const *names);

/* The breakdown table of a score as a new GtkGrid (also for the game-over
 * summary): one row per category, a column per player, the total last. */
GtkWidget *imh_score_table_new      (const ImhRules  *rules,
                                     const ImhScore  *score,
                                     const char      *const *names);

G_END_DECLS
