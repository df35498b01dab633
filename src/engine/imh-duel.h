/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-duel.h — Imhotep: The Duel, beyond the generic ImhRules vtable.
 *
 * Most users need only imh_duel_rules through imh-engine.h. These helpers
 * are for tests, the board view and tools that know they hold a Duel.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>

#include "imh-engine.h"

extern const ImhRules imh_duel_rules;

/* Stable id of a tile code ("obelisk", "pyramid-light", "temple-3",
 * "crypt-12", "action-take", …); "none" for 0. */
const char *imh_duel_tile_id (uint8_t code);
/* Tile code of an id, or -1. */
int         imh_duel_tile_from_id (const char *id);
/* How many tiles of this code the game has (12, 6, 3 or 1). */
int         imh_duel_tile_total (uint8_t code);
/* Stable id of an action ("take", "place23", "placeunload", "swap"). */
const char *imh_duel_action_id (int action);

/* Boat name "R0".."R2", "C0".."C2". */
const char *imh_duel_boat_name (int boat);
/* The three fields of a boat's line, nearest the boat first (D2). */
void        imh_duel_line_fields (int boat, int fields[3]);

/* Points of one player per category (IMH_DUEL_CAT_*), with the given
 * sides bit set (bit site = side B), from the holdings in `d` as if the
 * game ended now. */
void        imh_duel_score_player (const ImhDuel *d, int player, uint8_t sides,
                                   int16_t points[IMH_DUEL_N_CATEGORIES]);

/* The parts of those points (imh_score_parts ()): their number, at most
 * max written. */
int         imh_duel_score_parts (const ImhDuel *d, int player, uint8_t sides,
                                  ImhScorePart *parts, int max);

/* Adds one tile to a player's location exactly as an unload does
 * (obelisk B "first to 5" included). For building positions in tests. */
void        imh_duel_give_tile (ImhDuel *d, int player, uint8_t code);
