/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-classic-board.h — the board of Imhotep, the base game (an ImhBoard).
 *
 * The five sites on their chosen sides, the harbour with the round's four
 * ships, the round and the market's deck, and a panel per player (sled,
 * quarry, cards, points). Targets: get stones and pass on the panel of the
 * player to decide, the free ship positions (place), a ship's sail button
 * (a pending pick: the free sites then decide), the blue cards held (play),
 * the market's cards and face-down pair (take, keep), the small pyramids of
 * side B, the temple B choice and a Lever's unloading order. Made by
 * imh_board_new_for_kind (IMH_GAME_CLASSIC); everything else is ImhBoard's
 * API.
 */
#pragma once

#include "imh-board.h"

G_BEGIN_DECLS

#define IMH_TYPE_CLASSIC_BOARD (imh_classic_board_get_type ())
G_DECLARE_FINAL_TYPE (ImhClassicBoard, imh_classic_board, IMH, CLASSIC_BOARD, ImhBoard)

G_END_DECLS
