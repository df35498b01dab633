/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-history.h — the history of a game as a GListModel of ImhTurnItem.
 *
 * One item per turn of the live line, from the first decision up to the
 * live ply (decisions undone, the redo tail, are not listed). The model is
 * owned and updated by ImhGame (imh_game_get_history()). Changes are
 * reported minimally: only the items from the first changed turn to the end
 * are removed and re-added; e.g. a new sub-decision in the current turn
 * emits items-changed (last, 1, 1), a decision that starts a new turn
 * (n, 0, 1), undoing a whole turn (n - 1, 1, 0).
 */
#pragma once

#include <gio/gio.h>

#include "imh-turn-item.h"

G_BEGIN_DECLS

#define IMH_TYPE_HISTORY (imh_history_get_type ())
G_DECLARE_FINAL_TYPE (ImhHistory, imh_history, IMH, HISTORY, GObject)

/* The item position of the turn whose decisions lead to `ply` (the turn
 * containing decision ply − 1), or G_MAXUINT for ply 0 / beyond the list.
 * Use it to select the history row of the viewed ply. */
guint        imh_history_get_position_for_ply (ImhHistory *self,
                                               guint       ply);

/* Transfer none: the item at position, or NULL. */
ImhTurnItem *imh_history_peek_item            (ImhHistory *self,
                                               guint       position);

G_END_DECLS
