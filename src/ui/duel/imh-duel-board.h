/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-duel-board.h — the board of Imhotep: The Duel (an ImhBoard).
 *
 * The harbour of nine fields with its six boats, the pile and reserve, and
 * both players' locations. Targets: the fields (place), the boats (unload),
 * the action tiles (play), the boats' tiles (take, and swap: the first tile
 * picked is a pending pick, its partners decide), the Stop and Pass
 * buttons. Made by imh_board_new_for_kind (IMH_GAME_DUEL); everything else
 * is ImhBoard's API.
 */
#pragma once

#include "imh-board.h"

G_BEGIN_DECLS

#define IMH_TYPE_DUEL_BOARD (imh_duel_board_get_type ())
G_DECLARE_FINAL_TYPE (ImhDuelBoard, imh_duel_board, IMH, DUEL_BOARD, ImhBoard)

G_END_DECLS
