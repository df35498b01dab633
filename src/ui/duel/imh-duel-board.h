/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-duel-board.h — the board of Imhotep: The Duel as a widget.
 *
 * Shows one position (a copy) with both players' locations; highlights the
 * legal targets when interactive and emits "decide" with the decision the
 * user chose (by mouse, keyboard or the "board.decide" action). It never
 * changes a game itself.
 *
 * Widget actions:
 *  - board.decide (s): a decision by its notation ("P a1", "U R0", "A take",
 *    "T C1.2", "S R2.1-3", "stop", "pass"); ignored unless legal and interactive;
 *  - board.move (ii): the focus ring to the nearest target in a direction
 *    (arrow keys); board.next-target / board.previous-target: in order;
 *    board.activate-target (Enter/Space), board.cancel (Escape).
 *
 * Accessibility: the board is focusable; its accessible description names
 * the focused target (the decision in words).
 */
#pragma once

#include <gtk/gtk.h>

#include "imh-engine.h"

G_BEGIN_DECLS

#define IMH_TYPE_DUEL_BOARD (imh_duel_board_get_type ())
G_DECLARE_FINAL_TYPE (ImhDuelBoard, imh_duel_board, IMH, DUEL_BOARD, GtkWidget)

GtkWidget  *imh_duel_board_new             (void);

/* Shows a Duel position (copied). interactive: the user may decide here. */
void        imh_duel_board_set_state       (ImhDuelBoard   *self,
                                            const ImhState *state,
                                            gboolean        interactive,
                                            gboolean        animate);
gboolean    imh_duel_board_get_interactive (ImhDuelBoard   *self);    /* "interactive" */
void        imh_duel_board_set_player_name (ImhDuelBoard   *self,
                                            guint           player,
                                            const char     *name);
/* The player whose locations are drawn at the bottom ("bottom-player"). */
void        imh_duel_board_set_bottom_player (ImhDuelBoard *self,
                                              guint         player);

/* The decision that led to the shown position, marked softly (none:
 * has_last FALSE). */
void        imh_duel_board_set_last_decision (ImhDuelBoard *self,
                                              gboolean      has_last,
                                              ImhDecision   decision);

/* The hint overlay: the decision drawn with the win probability (0..1). */
void        imh_duel_board_show_hint       (ImhDuelBoard   *self,
                                            ImhDecision     decision,
                                            double          win);
void        imh_duel_board_clear_hint      (ImhDuelBoard   *self);
/* Study: the best n decisions (n ≤ IMH_DUEL_BOARD_MAX_HINTS, best first)
 * with their win probabilities, drawn as numbered overlays; the first is
 * the hint (get_hint, Space). n = 0 clears. */
#define IMH_DUEL_BOARD_MAX_HINTS 5
void        imh_duel_board_show_hints      (ImhDuelBoard      *self,
                                            const ImhDecision *decisions,
                                            const double      *wins,
                                            guint              n);
/* The number of overlays drawn (0 when the hint is hidden). */
guint       imh_duel_board_get_n_hints     (ImhDuelBoard   *self);
gboolean    imh_duel_board_get_hint_visible (ImhDuelBoard  *self);    /* "hint-visible" */
/* The decision of the hint shown; FALSE when none. */
gboolean    imh_duel_board_get_hint        (ImhDuelBoard   *self,
                                            ImhDecision    *decision);

/* The number of targets the user can choose now (0 unless interactive). */
guint       imh_duel_board_get_n_targets   (ImhDuelBoard   *self);
/* The accessible name of target i (transfer full), or NULL. */
char       *imh_duel_board_dup_target_name (ImhDuelBoard   *self,
                                            guint           i);
/* The accessible name of the target with the keyboard focus ring
 * (transfer full), or NULL. */
char       *imh_duel_board_dup_focus_name  (ImhDuelBoard   *self);
/* TRUE after the first tile of a swap is picked ("swap-pending"). */
gboolean    imh_duel_board_get_swap_pending (ImhDuelBoard  *self);
/* Review: "everything revealed" draws the whole pile (in draw order, one
 * boat's refill per group of three) and the reserve face up; FALSE (default): as the player saw it ("reveal-hidden"). */
void        imh_duel_board_set_reveal_hidden (ImhDuelBoard *self,
                                              gboolean      reveal);
gboolean    imh_duel_board_get_reveal_hidden (ImhDuelBoard *self);
/* The number of hidden tiles shown face up (pile and reserve, all of them
 * named in the accessible description in draw order): 0 unless revealed. */
int         imh_duel_board_get_n_revealed    (ImhDuelBoard *self);
/* TRUE while a tile animation runs. */
gboolean    imh_duel_board_get_animating   (ImhDuelBoard   *self);

G_END_DECLS
