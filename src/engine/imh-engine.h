/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-engine.h — the one interface over the rules of both games.
 *
 * Plain C11, no GLib, no allocation while playing. A game is a fixed-size,
 * pointer-free state (ImhState) that is copied with memcpy, plus an
 * ImhRules vtable that the AI, records, the CLI and core use without ever
 * branching on the game.
 *
 * Contract (both games):
 *  - Every choice any player makes is one atomic ImhDecision (a small
 *    integer whose meaning is private to the game). A compound turn is a
 *    sequence of decisions; the state records the pending sub-step.
 *  - actor() tells who decides next; it may differ from turn_player()
 *    (base game: market choices of a stone's owner, ...).
 *  - Chance lives in the state: setup() shuffles everything from the seed;
 *    apply() never draws random numbers, so a record replays exactly.
 *  - legal() lists every legal decision in a fixed, deterministic order;
 *    apply() must only be given a decision from that list.
 *  - determinize() reshuffles exactly what `observer` cannot see,
 *    keeping every public fact; the AI searches only such copies.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "imh-rng.h"
#include "imh-duel-state.h"
#include "imh-classic-state.h"

#define IMH_MAX_PLAYERS     4
#define IMH_MAX_DECISIONS   96
#define IMH_MAX_CATEGORIES  16
#define IMH_MAX_SITES       5
/* Longest notation of one decision, NUL included. */
#define IMH_DECISION_TEXT_MAX 32

typedef enum {
  IMH_GAME_DUEL = 0,      /* Imhotep: The Duel, 2 players */
  IMH_GAME_CLASSIC = 1,   /* Imhotep, the 2–4 player base game */
  IMH_N_GAMES
} ImhGameKind;

typedef uint16_t ImhDecision;

typedef struct {
  uint16_t    n;
  ImhDecision d[IMH_MAX_DECISIONS];
} ImhDecisionList;

enum { IMH_SIDE_A = 0, IMH_SIDE_B = 1 };

/* Variant flags (ImhOptions.variants). */
enum {
  IMH_VARIANT_WRATH = 1u << 0,   /* base game: Wrath of the Pharaoh (C8) */
};

typedef struct {
  ImhGameKind game;
  uint8_t     n_players;              /* Duel: 2; base game: 2–4 */
  uint8_t     sides[IMH_MAX_SITES];   /* IMH_SIDE_A/B per site, in the game's site order */
  int8_t      start_player;           /* 0-based; -1: drawn from the seed */
  uint32_t    variants;               /* IMH_VARIANT_* */
} ImhOptions;

/* The state of either game. Only the first rules->state_size bytes matter:
 * copy with imh_state_copy() (or memcpy of that size). */
typedef struct {
  uint8_t kind;                       /* ImhGameKind */
  uint8_t reserved_[7];
  union {
    ImhDuel    duel;
    ImhClassic classic;
  } u;
} ImhState;

/* Score of every player, final or "if the game ended now". */
typedef struct {
  uint8_t n_players;
  uint8_t n_categories;
  bool    final;                                /* the game is over */
  int16_t points[IMH_MAX_PLAYERS][IMH_MAX_CATEGORIES];
  int16_t total[IMH_MAX_PLAYERS];
  /* Placing: 0 = first. Players who share a place have equal ranks. The
   * game's tie-break (Duel D9, base game C7) is already applied. */
  uint8_t rank[IMH_MAX_PLAYERS];
  /* Why the leaders' tie was broken (IMH_TIEBREAK_*), for explanations. */
  uint8_t tiebreak;
  /* With IMH_TIEBREAK_SLED or _SHARED: the players tied on the most points
   * (bit p set for player p), and what the tie-break compared for each
   * (base game: the stones on the supply sled); 0 otherwise. */
  uint8_t tied_leaders;
  int16_t tiebreak_count[IMH_MAX_PLAYERS];
} ImhScore;

enum {
  IMH_TIEBREAK_NONE = 0,          /* no tie at the top */
  IMH_TIEBREAK_NON_STARTER,       /* Duel D9: the player who did not start wins */
  IMH_TIEBREAK_SLED,              /* base game C7: more stones on the sled */
  IMH_TIEBREAK_SHARED,            /* base game C7: tied players share the place */
};

/* One kind of object off the board (hidden_summary): how many of it there
 * are. item: the game's own code (Duel: tile code; base game: market card
 * type, IMH_CLASSIC_N_CARD_TYPES for the round cards still to come). */
typedef struct {
  uint16_t item;
  uint8_t  out;     /* false: hidden (face down); true: out of the game (known) */
  /* Hidden kinds drawn together (base game: the market cards): the same
   * pool > 0, and the chance that the next one drawn is of this kind is
   * count / the pool's hidden total. 0: no such chance (Duel). */
  uint8_t  pool;
  uint16_t count;
} ImhHiddenItem;

typedef struct ImhRules ImhRules;

struct ImhRules {
  ImhGameKind kind;
  const char *id;                 /* "duel", "classic": used in records and the CLI */
  size_t      state_size;         /* bytes of ImhState to copy */
  uint8_t     min_players, max_players;
  uint8_t     n_sites;
  const char *const *site_ids;    /* n_sites stable ids ("obelisk", ...) */
  uint8_t     n_categories;
  const char *const *category_ids;/* n_categories stable ids for ImhScore.points columns */

  /* Options: validate (why gets a message naming the problem). */
  bool        (*options_valid)  (const ImhOptions *o, char *why, size_t why_len);
  /* Set up a new game from options and seed. Options must be valid. */
  void        (*setup)          (ImhState *s, const ImhOptions *o, uint64_t seed);
  /* The options the state was set up with (start player resolved). */
  void        (*options)        (const ImhState *s, ImhOptions *o);

  int         (*actor)          (const ImhState *s);   /* who decides next; -1 when over */
  int         (*turn_player)    (const ImhState *s);   /* whose turn it is; -1 when over */
  /* Counts turns begun so far; changes exactly when a new turn begins,
   * so a record groups decisions into turns by it. */
  uint32_t    (*turn_index)     (const ImhState *s);
  bool        (*is_over)        (const ImhState *s);

  int         (*legal)          (const ImhState *s, ImhDecisionList *out);
  bool        (*is_legal)       (const ImhState *s, ImhDecision d);
  void        (*apply)          (ImhState *s, ImhDecision d);

  /* Final score when over, else "if the game ended now". */
  void        (*score)          (const ImhState *s, ImhScore *out);

  /* Reshuffle exactly the objects hidden from `observer`. */
  void        (*determinize)    (ImhState *s, int observer, ImhRng *rng);
  /* Number of hidden objects (0: nothing left to determinize). */
  uint32_t    (*hidden_count)   (const ImhState *s);

  /* Notation. to_text returns the length written (snprintf semantics);
   * from_text accepts exactly what to_text writes, for a legal decision. */
  int         (*decision_to_text)(const ImhState *s, ImhDecision d, char *buf, size_t len);
  bool        (*decision_from_text)(const ImhState *s, const char *text, ImhDecision *out);

  /* JSON of the whole state ({"public": …, "hidden": …}); snprintf semantics. */
  int         (*to_json)        (const ImhState *s, char *buf, size_t len);
  /* 64-bit hash of the whole state, hidden parts included. */
  uint64_t    (*hash)           (const ImhState *s);
  /* Invariants (conservation, legal state): false with a reason when broken. */
  bool        (*check)          (const ImhState *s, char *why, size_t why_len);

  /* Added with the Duel engine, backwards compatible: the
   * position as human-readable multi-line text (English; `imhotep-cli
   * show`), snprintf semantics. May be NULL: callers then print JSON. */
  int         (*to_text)        (const ImhState *s, char *buf, size_t len);

  /* Added with the Duel engine, backwards compatible, may be
   * NULL: plays uniformly random legal decisions until the game is over
   * or max_plies were applied; returns the number applied. Exactly the
   * loop `n = legal (s, &l); apply (s, l.d[imh_rng_below (rng, n)]);`
   * (the same decisions and the same random numbers drawn, also when
   * n == 1), only faster: random playouts may call it when it is set. */
  uint32_t    (*random_playout) (ImhState *s, ImhRng *rng, uint32_t max_plies);

  /* Added with the board contract, may be NULL: what `observer` (-1: any
   * spectator) cannot see, by kind (every kind that can be hidden, in the
   * order to show them, counts may be 0), then the kinds out of the game
   * (out = true), if the game has such; returns the number of items
   * written, at most max. The hidden counts add up to what is hidden from
   * the observer. */
  int         (*hidden_summary) (const ImhState *s, int observer, ImhHiddenItem *items, int max);

  /* Added with the base game's score view, may be NULL (the game scores
   * nothing before its end that score() does not show): the points scored
   * so far, without the categories that only count at the end, ranked as
   * score() ranks them (final always false). */
  void        (*score_so_far)   (const ImhState *s, ImhScore *out);
};

/* The rules of a game, or NULL. */
const ImhRules *imh_rules_get     (ImhGameKind kind);
const ImhRules *imh_rules_from_id (const char *id);
const ImhRules *imh_rules_of      (const ImhState *s);

/* Convenience wrappers dispatching on s->kind. */
void     imh_state_copy   (ImhState *dst, const ImhState *src);
void     imh_options_init (ImhOptions *o, ImhGameKind game, int n_players);
bool     imh_setup        (ImhState *s, const ImhOptions *o, uint64_t seed, char *why, size_t why_len);
int      imh_actor        (const ImhState *s);
bool     imh_is_over      (const ImhState *s);
int      imh_legal        (const ImhState *s, ImhDecisionList *out);
bool     imh_is_legal     (const ImhState *s, ImhDecision d);
void     imh_apply        (ImhState *s, ImhDecision d);
void     imh_score        (const ImhState *s, ImhScore *out);

/* One part of a player's score in one category, for explanations
 * (imh_score_parts ()). The numbers a, b, c mean what the kind says. */
typedef struct {
  uint8_t category;   /* the ImhScore.points column it belongs to */
  uint8_t kind;       /* IMH_PART_* */
  int16_t points;     /* what the part adds (negative: takes away) */
  int16_t a, b, c;
} ImhScorePart;

enum {
  IMH_PART_SCORED = 0,   /* points scored during the game so far */
  IMH_PART_PER_ITEM,     /* a items at b points each; c: which (Duel temple: symbol; action; card type) */
  IMH_PART_MAJORITY,     /* Duel obelisk A: the bonus for more tiles (a mine, b the other's) */
  IMH_PART_THRESHOLD,    /* Duel obelisk B: a tiles, b 1 = first to reach 5 */
  IMH_PART_SET,          /* Duel temple B: a set of a different tiles */
  IMH_PART_PILE,         /* Duel pyramids A: a colour (0 light, 1 dark), b tiles */
  IMH_PART_PAIRS,        /* Duel pyramids B: a light, b dark tiles */
  IMH_PART_RUN,          /* Duel crypt: a run of the tiles a to b */
  IMH_PART_AREA,         /* base game burial chamber A: an area of a stones */
  IMH_PART_ROW,          /* base game burial chamber B: row a (0 top), b stones, place c (0 first) */
  IMH_PART_PLACE,        /* base game obelisks A: b stones, place c (0 first) */
  IMH_PART_STATUES,      /* base game: a statues */
  IMH_PART_DECORATION,   /* base game: a card type, b cards, c groups of 3 stones at its site */
  IMH_PART_WRATH,        /* base game variant: no stone at some site */
};

/* The parts of player's score in s, category by category (the order of
 * ImhScore.points), as score () counts it, or (so_far, a game with
 * score_so_far) as score_so_far () does: the parts of a category add up
 * to its points. Returns the number of parts (at most max written). */
int      imh_score_parts  (const ImhState *s, int player, bool so_far,
                           ImhScorePart *parts, int max);

/* Engine version string, stored with analyses. */
const char *imh_engine_version (void);

/* Debug builds check invariants after every apply (compiled out with NDEBUG). */
#ifndef NDEBUG
# define IMH_CHECK_INVARIANTS 1
#endif
