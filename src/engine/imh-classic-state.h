/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-classic-state.h — the fixed-size state of Imhotep (2–4 players), the
 * base game, and the encoding of its decisions, cards and sites.
 *
 * Plain data, no pointers: copy with memcpy. This header does not depend
 * on imh-engine.h (which includes it); the game's own functions are
 * declared in imh-classic.h.
 *
 * Players are numbered 0..n-1 in seating order; player i plays colour i
 * (0 black, 1 white, 2 brown, 3 gray). A stone on a ship or a site is
 * stored as its owner's player number (+1 where 0 means "empty").
 *
 * A turn is a sequence of atomic decisions. The main decision of a turn
 * (get, place, sail, play a blue card, pass) is taken with an empty
 * pending stack; everything it causes (unloading, a stone owner's market
 * or pyramid choice, a Lever's unloading order, round-end temple-B
 * bonuses...) is a frame on the pending stack, resolved top first.
 */
#pragma once

#include <stdint.h>

#include "imh-rng.h"

#define IMH_CLASSIC_MAX_PLAYERS   4
#define IMH_CLASSIC_N_SITES       5
#define IMH_CLASSIC_N_ROUNDS      6
#define IMH_CLASSIC_N_ROUND_CARDS 7   /* per player count; one removed unseen */
#define IMH_CLASSIC_N_SHIPS       4   /* ships in play per round */
#define IMH_CLASSIC_SHIP_MAX      4   /* largest capacity */
#define IMH_CLASSIC_N_CARDS       34
#define IMH_CLASSIC_STONES        30  /* per colour */
#define IMH_CLASSIC_SLED_MAX      5
#define IMH_CLASSIC_PYRAMID_MAX   15  /* A: 14 spaces, B: 3 × 5 */
#define IMH_CLASSIC_BURIAL_MAX    48  /* stones in the burial chamber (bound: 6 ships × 4 + red cards) */
#define IMH_CLASSIC_STACK_MAX     16
#define IMH_CLASSIC_NONE          0xff

/* Sites, in the order of ImhOptions.sides and the record's sides string
 * (the order of the rulebook's site explanations: market first). */
enum {
  IMH_CLASSIC_SITE_MARKET = 0,
  IMH_CLASSIC_SITE_PYRAMID = 1,
  IMH_CLASSIC_SITE_TEMPLE = 2,
  IMH_CLASSIC_SITE_BURIAL = 3,
  IMH_CLASSIC_SITE_OBELISK = 4,
};

/* Market card types (34 cards: see docs/rules.md, 'Market cards'). */
enum {
  IMH_CLASSIC_CARD_STATUE = 0,          /* purple ×10 */
  IMH_CLASSIC_CARD_DECO_PYRAMID,        /* green ×2 each */
  IMH_CLASSIC_CARD_DECO_TEMPLE,
  IMH_CLASSIC_CARD_DECO_BURIAL,
  IMH_CLASSIC_CARD_DECO_OBELISK,
  IMH_CLASSIC_CARD_ENTRANCE,            /* red ×2 each: pyramid */
  IMH_CLASSIC_CARD_SARCOPHAGUS,         /* burial chamber */
  IMH_CLASSIC_CARD_PAVED_PATH,          /* obelisks */
  IMH_CLASSIC_CARD_LEVER,               /* blue: ×2 */
  IMH_CLASSIC_CARD_HAMMER,              /* ×2 */
  IMH_CLASSIC_CARD_SAIL,                /* ×3 */
  IMH_CLASSIC_CARD_CHISEL,              /* ×3 */
  IMH_CLASSIC_N_CARD_TYPES
};

/* Score categories (ImhScore.points columns). */
enum {
  IMH_CLASSIC_CAT_PYRAMID = 0,          /* immediate, incl. pyramid-B point bonuses */
  IMH_CLASSIC_CAT_TEMPLE,               /* round ends, incl. temple-B point bonuses */
  IMH_CLASSIC_CAT_BURIAL,               /* game end */
  IMH_CLASSIC_CAT_OBELISK,              /* A: game end; B: towers at once + waiting stones */
  IMH_CLASSIC_CAT_STATUES,
  IMH_CLASSIC_CAT_DECORATIONS,
  IMH_CLASSIC_CAT_BLUE,                 /* unused blue cards */
  IMH_CLASSIC_CAT_WRATH,                /* variant C8 */
  IMH_CLASSIC_N_CATEGORIES
};

/* Blue cards in the order of the play decisions. */
enum {
  IMH_CLASSIC_PLAY_HAMMER = 0,
  IMH_CLASSIC_PLAY_CHISEL,
  IMH_CLASSIC_PLAY_SAIL,
  IMH_CLASSIC_PLAY_LEVER,
};

/* Decision encoding (ImhDecision values). */
enum {
  IMH_CLASSIC_D_PASS = 0,
  IMH_CLASSIC_D_GET = 1,
  IMH_CLASSIC_D_PLACE = 2,              /* + ship * 4 + position (0 = bow) */
  IMH_CLASSIC_D_SAIL = 18,              /* + ship * 5 + site */
  IMH_CLASSIC_D_PLAY = 38,              /* + IMH_CLASSIC_PLAY_* */
  IMH_CLASSIC_D_TAKE = 42,              /* + card type: a face-up market card */
  IMH_CLASSIC_D_TAKE_PAIR = 54,         /* market B: the face-down pair */
  IMH_CLASSIC_D_KEEP = 55,              /* + card type: keep this card of the pair */
  IMH_CLASSIC_D_PYRAMID = 67,           /* + 0 left, 1 middle, 2 right (pyramid B) */
  IMH_CLASSIC_D_TEMPLE_POINT = 70,      /* temple B choice: 1 point */
  IMH_CLASSIC_D_TEMPLE_STONES = 71,     /* temple B choice: 2 stones */
  IMH_CLASSIC_D_UNLOAD = 72,            /* + colour: Lever, unload that colour's next stone */
  IMH_CLASSIC_N_DECISIONS = 76
};

/* Game phases. */
enum {
  IMH_CLASSIC_PHASE_MAIN = 0,           /* the turn player's main decision */
  IMH_CLASSIC_PHASE_ACTION,             /* resolving the turn's action (stack) */
  IMH_CLASSIC_PHASE_ROUND_END,          /* resolving round-end temple-B bonuses */
  IMH_CLASSIC_PHASE_OVER,
};

/* Pending frames. */
enum {
  IMH_CLASSIC_FR_NONE = 0,
  IMH_CLASSIC_FR_PLACE_SHIP,            /* player places a sled stone; a: 0 any, 1 Sail card */
  IMH_CLASSIC_FR_SAIL,                  /* player sails; a: ship or NONE; b: 1 = Lever */
  IMH_CLASSIC_FR_UNLOAD,                /* unload ship a to site b; c: 1 = Lever order */
  IMH_CLASSIC_FR_DELIVER,               /* player's stone to site a from ship b pos c (b NONE: quarry) */
  IMH_CLASSIC_FR_RETURN,                /* market stone on ship b pos c back to player's quarry */
  IMH_CLASSIC_FR_KEEP,                  /* player keeps one card of the face-down pair */
  IMH_CLASSIC_FR_DISCARD,               /* card a goes to the discards (after its red effect) */
  IMH_CLASSIC_FR_TEMPLE_B,              /* round-end temple-B bonuses from space a */
};

/* Face-down pair (market B). */
enum {
  IMH_CLASSIC_PAIR_NONE = 0,
  IMH_CLASSIC_PAIR_FACE_DOWN,           /* on the market, hidden */
  IMH_CLASSIC_PAIR_REVEALED,            /* taken, its taker chooses (public) */
};

typedef struct {
  uint8_t type;                         /* IMH_CLASSIC_FR_* */
  uint8_t player;
  uint8_t a, b, c;
} ImhClassicFrame;

typedef struct {
  /* Set-up. */
  uint8_t  n_players;
  uint8_t  sides;                       /* bit site: 1 = side B */
  uint8_t  wrath;                       /* variant C8 */
  uint8_t  start_player;                /* of the game */

  /* Progress. */
  uint8_t  round;                       /* 0..5; 6 when over */
  uint8_t  phase;                       /* IMH_CLASSIC_PHASE_* */
  uint8_t  turn_player;
  uint8_t  round_start_player;
  uint8_t  next_start_player;           /* of the next round, set at round end */
  uint8_t  passes;                      /* consecutive passes (C2) */
  uint8_t  ships_sailed;
  uint8_t  sites_used;                  /* bit site: a ship sailed there this round */
  uint32_t turn;                        /* turns begun so far (1 at the start) */
  uint16_t ply;                         /* decisions applied so far */

  /* Round cards: indices into the player count's 7 cards. rounds[0..5]
   * are played in order; rounds[6] is the removed card. Hidden: every
   * entry after the current round. */
  uint8_t  rounds[IMH_CLASSIC_N_ROUND_CARDS];

  /* Ships of this round, largest first. */
  uint8_t  ship_cap[IMH_CLASSIC_N_SHIPS];
  uint8_t  ship_site[IMH_CLASSIC_N_SHIPS];      /* NONE: not sailed */
  /* Derived, kept for speed (imh_classic_sync() recomputes them): free
   * positions of each unsailed ship as a bit mask (bit 0 = bow; 0 once
   * sailed), and capacity minus the minimum load to sail. */
  uint8_t  ship_free[IMH_CLASSIC_N_SHIPS];
  uint8_t  ship_slack[IMH_CLASSIC_N_SHIPS];
  uint8_t  ship[IMH_CLASSIC_N_SHIPS][IMH_CLASSIC_SHIP_MAX]; /* owner + 1; 0 empty; [0] = bow */

  uint8_t  quarry[IMH_CLASSIC_MAX_PLAYERS];
  uint8_t  sled[IMH_CLASSIC_MAX_PLAYERS];

  /* Market. The deck is hidden; its top is deck[deck_n - 1]. */
  uint8_t  deck[IMH_CLASSIC_N_CARDS];
  uint8_t  deck_n;
  uint8_t  discards[IMH_CLASSIC_N_CARD_TYPES];  /* face-up discard pile, per type */
  uint8_t  display[4];                          /* face-up cards, NONE = empty space */
  uint8_t  pair[2];                             /* market B pair, NONE = no card */
  uint8_t  pair_state;                          /* IMH_CLASSIC_PAIR_* */
  uint8_t  pair_owner;                          /* who took it (REVEALED) */
  uint8_t  held[IMH_CLASSIC_MAX_PLAYERS][IMH_CLASSIC_N_CARD_TYPES];

  /* Sites. stones[site][player] counts every stone of a player at a site
   * (pyramid overflow, covered temple stones, obelisk waiting stones
   * included; always 0 at the market). */
  uint8_t  stones[IMH_CLASSIC_N_SITES][IMH_CLASSIC_MAX_PLAYERS];
  uint8_t  pyramid[IMH_CLASSIC_PYRAMID_MAX];    /* owner + 1; A: fill order; B: pyramid * 5 + k */
  uint8_t  pyramid_n[3];                        /* A: [0] spaces filled; B: per pyramid */
  uint8_t  temple_n;                            /* stones placed in the temple */
  uint8_t  temple_top[5];                       /* owner + 1 of the visible stone per space */
  uint8_t  burial[IMH_CLASSIC_BURIAL_MAX];      /* owner + 1, fill order (column by column) */
  uint8_t  burial_n;
  uint8_t  obelisk_wait[IMH_CLASSIC_MAX_PLAYERS]; /* B: stones waiting */
  uint8_t  towers_n;                            /* B: towers built */

  /* Points scored so far (immediate and round-end categories only). */
  int16_t  points[IMH_CLASSIC_MAX_PLAYERS][IMH_CLASSIC_N_CATEGORIES];
  int16_t  round_base[IMH_CLASSIC_MAX_PLAYERS]; /* sum of points[] when the round began */

  /* Pending stack, top = stack[sp - 1]. */
  uint8_t  sp;
  ImhClassicFrame stack[IMH_CLASSIC_STACK_MAX];

  uint8_t  reserved_[5];                        /* explicit padding, always 0 (hashed) */

  /* Chance of future reshuffles of the discards into a new deck: lives in
   * the state so that records replay; hidden (reseeded by determinize). */
  ImhRng   rng;
} ImhClassic;
