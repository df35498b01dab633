/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-score-view.h — the score of every player per category ("if the game
 * ended now", or final), and the objects off the board by kind (the rules'
 * hidden_summary, drawn by the game's board class): unseen, with the
 * chance of each kind for the next draw where the kinds are drawn from a
 * pool, and out of the game. A game that scores before its end
 * (ImhRules.score_so_far) also offers the points scored so far. The ranks
 * and the tie-break are shown under the totals.
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

/* A game with points scored before its end (ImhRules.score_so_far): show
 * the points so far (TRUE) or "if the game ended now" (FALSE, the
 * default); the user switches with the buttons above the table. */
void       imh_score_view_set_so_far (ImhScoreView   *self,
                                      gboolean        so_far);
/* TRUE while the points so far are shown. */
gboolean   imh_score_view_get_so_far (ImhScoreView   *self);

/* Tests: draw the objects off the board with this board class instead of
 * the game kind's (imh_board_type_for_kind ()). */
/* The objects off the board (out) or unseen, kind by kind, in words: the
 * accessible description of their icons; transfer full. */
char      *_imh_score_view_dup_items_description (ImhScoreView *self,
                                                  gboolean      out);
void       _imh_score_view_set_board_type (ImhScoreView *self,
                                           GType         board_type);

/* The chance (0..1) that the next object drawn from the pool of items[i]
 * (ImhHiddenItem.pool) is of its kind: its count / the pool's hidden
 * total; -1 when items[i] is in no pool or the pool is empty. */
double     imh_hidden_item_chance   (const ImhHiddenItem *items,
                                     int                  n,
                                     int                  i);

/* The breakdown table of a score as a new GtkGrid (also for the game-over
 * summary): one row per category, a column per player, the total last. */
GtkWidget *imh_score_table_new      (const ImhRules  *rules,
                                     const ImhScore  *score,
                                     const char      *const *names);

G_END_DECLS
