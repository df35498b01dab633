/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-duel-state.h — the fixed-size state of Imhotep: The Duel and the
 * encoding of its decisions and tiles.
 *
 * Plain data, no pointers: copy with memcpy. This header does not depend
 * on imh-engine.h (which includes it); the Duel's functions are declared in
 * imh-duel.h.
 *
 * Geometry (see docs/rules.md, 'D1 Geometry' and 'D2 Slots and
 * unloading'): fields are (row, col), rows 0–2 top to bottom,
 * cols 0–2 left to right; field index f = row * 3 + col. Boats 0–2 are the
 * row boats R0–R2 (moored right of rows 0–2), boats 3–5 the column boats
 * C0–C2 (moored below columns 0–2). Slot index 0 is slot 1 (nearest the
 * harbour), index 2 is slot 3 (farthest).
 */
#pragma once

#include <stdint.h>

#define IMH_DUEL_N_TILES    60
#define IMH_DUEL_N_FIELDS   9
#define IMH_DUEL_N_BOATS    6
#define IMH_DUEL_N_SLOTS    3
#define IMH_DUEL_N_MEEPLES  4       /* per player */
#define IMH_DUEL_PILE_MAX   39
#define IMH_DUEL_RESERVE_MAX 3
#define IMH_DUEL_N_SITES    4       /* obelisk, temple, pyramids, crypt */

/* Tile codes (0 = no tile / empty slot). */
enum {
  IMH_DUEL_TILE_NONE = 0,
  IMH_DUEL_TILE_OBELISK = 1,
  IMH_DUEL_TILE_PYRAMID_LIGHT = 2,
  IMH_DUEL_TILE_PYRAMID_DARK = 3,
  IMH_DUEL_TILE_TEMPLE_1 = 4,           /* .. TEMPLE_1 + 3: 4 symbols */
  IMH_DUEL_TILE_CRYPT_1 = 8,            /* .. CRYPT_1 + 11: crypt 12 */
  IMH_DUEL_TILE_ACTION_0 = 20,          /* + IMH_DUEL_ACTION_* */
  IMH_DUEL_N_TILE_CODES = 24
};

/* Action tiles (see docs/rules.md, 'D7 Action tiles'). */
enum {
  IMH_DUEL_ACTION_TAKE = 0,             /* "Nimm 1 Plättchen" */
  IMH_DUEL_ACTION_PLACE_2_3 = 1,        /* "Platziere 2–3 Figuren" */
  IMH_DUEL_ACTION_PLACE_UNLOAD = 2,     /* "Platziere 1 Figur und entlade 1–2 x" */
  IMH_DUEL_ACTION_SWAP_UNLOAD = 3,      /* "Vertausche 2 Plättchen und entlade" */
  IMH_DUEL_N_ACTIONS = 4
};

/* Sites, in the order of ImhOptions.sides and the record's sides string. */
enum {
  IMH_DUEL_SITE_OBELISK = 0,
  IMH_DUEL_SITE_TEMPLE = 1,
  IMH_DUEL_SITE_PYRAMIDS = 2,
  IMH_DUEL_SITE_CRYPT = 3,
};

/* Score categories (ImhScore.points columns). */
enum {
  IMH_DUEL_CAT_OBELISK = 0,
  IMH_DUEL_CAT_TEMPLE,
  IMH_DUEL_CAT_PYRAMIDS,
  IMH_DUEL_CAT_CRYPT,
  IMH_DUEL_CAT_ACTIONS,                 /* unused action tiles */
  IMH_DUEL_CAT_MEEPLES,                 /* meeples still on the harbour */
  IMH_DUEL_N_CATEGORIES
};

/* Pending sub-step of a turn. */
enum {
  IMH_DUEL_PHASE_MAIN = 0,              /* place, unload, play an action tile or pass */
  IMH_DUEL_PHASE_TAKE,                  /* TAKE: choose the slot to take from */
  IMH_DUEL_PHASE_P23_FIRST,             /* PLACE_2_3: 1st placement */
  IMH_DUEL_PHASE_P23_SECOND,            /* PLACE_2_3: 2nd placement */
  IMH_DUEL_PHASE_P23_THIRD,             /* PLACE_2_3: optional 3rd placement or stop */
  IMH_DUEL_PHASE_PU_PLACE,              /* PLACE_UNLOAD: the placement */
  IMH_DUEL_PHASE_PU_UNLOAD1,            /* PLACE_UNLOAD: 1st unload */
  IMH_DUEL_PHASE_PU_UNLOAD2,            /* PLACE_UNLOAD: optional 2nd unload or stop */
  IMH_DUEL_PHASE_SU_SWAP,               /* SWAP_UNLOAD: the swap */
  IMH_DUEL_PHASE_SU_UNLOAD,             /* SWAP_UNLOAD: the unload */
  IMH_DUEL_PHASE_OVER,
  IMH_DUEL_N_PHASES
};

/* Decision encoding (ImhDecision values). */
enum {
  IMH_DUEL_D_PLACE = 0,                 /* + field (0..8) */
  IMH_DUEL_D_UNLOAD = 9,                /* + boat (0..5) */
  IMH_DUEL_D_PLAY = 15,                 /* + IMH_DUEL_ACTION_* */
  IMH_DUEL_D_TAKE = 19,                 /* + boat * 3 + slot index */
  IMH_DUEL_D_SWAP = 37,                 /* + boat * 3 + pair (0: slots 1-2, 1: 1-3, 2: 2-3) */
  IMH_DUEL_D_STOP = 55,
  IMH_DUEL_D_PASS = 56,
  IMH_DUEL_N_DECISIONS = 57
};

typedef struct {
  /* Hidden (see docs/rules.md, 'D10 Hidden information'): the pile and
   * the reserve. The top of each is
   * the last element: pile[pile_n - 1], reserve[reserve_n - 1]. */
  uint8_t  pile[IMH_DUEL_PILE_MAX];
  uint8_t  pile_n;
  uint8_t  reserve[IMH_DUEL_RESERVE_MAX];
  uint8_t  reserve_n;

  /* Public. */
  uint8_t  boat[IMH_DUEL_N_BOATS][IMH_DUEL_N_SLOTS];  /* tile codes, 0 = empty slot */
  uint8_t  boats_alive;                 /* bit b: boat b still in play */
  uint8_t  phase;                       /* IMH_DUEL_PHASE_* */
  uint8_t  turn_player;                 /* 0 or 1 */
  uint8_t  start_player;                /* 0 or 1 */
  uint8_t  sides;                       /* bit site: 1 = side B */
  int8_t   obelisk_first;               /* who first held 5 obelisk tiles; -1: nobody yet */
  uint16_t meeples[2];                  /* bit f: this player's meeple stands on field f */

  /* Players' holdings. */
  uint8_t  obelisk[2];
  uint8_t  pyramid[2][2];               /* [player][0 light, 1 dark] */
  uint8_t  temple[2][4];                /* [player][symbols - 1] */
  uint16_t crypt[2];                    /* bit n - 1: crypt tile n */
  uint8_t  actions[2][IMH_DUEL_N_ACTIONS]; /* unused action tiles held */

  uint8_t  removed[IMH_DUEL_N_TILE_CODES]; /* tiles out of the game, per code (public) */

  uint16_t ply;                         /* decisions applied so far */
  uint32_t turn;                        /* turns begun so far (1 at the start) */
} ImhDuel;
