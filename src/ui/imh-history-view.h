/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-history-view.h — the move history of a game: one row per turn with its
 * sub-decisions, the player's meeple shape and the score change. Activating
 * a row shows the position after that turn (the game's viewed ply); the
 * selected row follows the viewed ply.
 */
#pragma once

#include <gtk/gtk.h>

#include "imh-game.h"

G_BEGIN_DECLS

#define IMH_TYPE_HISTORY_VIEW (imh_history_view_get_type ())
G_DECLARE_FINAL_TYPE (ImhHistoryView, imh_history_view, IMH, HISTORY_VIEW, GtkWidget)

GtkWidget *imh_history_view_new      (void);
void       imh_history_view_set_game (ImhHistoryView *self,
                                      ImhGame        *game);

G_END_DECLS
