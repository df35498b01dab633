/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-ai.h — the computer player: ISMCTS search, baselines, levels, arena.
 *
 * Plain C11 + atomics + threads, no GLib. Generic over both games through
 * the engine contract (imh-engine.h): nothing here branches on the game.
 *
 * Information: the AI never reads hidden information. Every search
 * iteration (and every baseline look-ahead) works on a copy of the given
 * state that was reshuffled with rules->determinize (copy, actor, rng);
 * that copy is the only state it plays on.
 *
 * Reproducibility: with an iteration budget (time_ms = 0) the result is a
 * pure function of (state's public part, seed, iterations, threads, other
 * limits). Iterations are split between threads deterministically and each
 * thread is seeded from (seed, thread index).
 *
 * Threads: every function is reentrant; run as many searches at once as
 * you like (each allocates its own tree). Searches never call back into
 * the caller except through the optional stop flag, which they only read.
 */
#pragma once

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "imh-engine.h"

/* ------------------------------------------------------------------ */
/* Search                                                              */
/* ------------------------------------------------------------------ */

typedef enum {
  IMH_PLAYOUT_RANDOM = 0,     /* uniform random legal decisions */
  IMH_PLAYOUT_HEURISTIC = 1,  /* cheap: often the best of a few sampled decisions by score */
  IMH_N_PLAYOUTS
} ImhPlayout;

typedef struct {
  uint64_t iterations;        /* total over all threads; 0: no iteration limit */
  uint32_t time_ms;           /* wall-clock limit; 0: none. Not reproducible.
                               * Both 0: run until *stop is set (analysis mode);
                               * without a stop flag that means 1000 iterations. */
  uint32_t threads;           /* root-parallel threads; 0 or 1: the calling thread only */
  uint64_t seed;              /* search seed (determinizations, playouts, ties) */
  double   exploration;       /* UCT constant c; <= 0: default (IMH_SEARCH_DEFAULT_C) */
  ImhPlayout playout;
  /* Optional: set to true (from any thread) to end the search within a
   * few milliseconds; the result then holds what was found so far. */
  const atomic_bool *stop;
  /* Tree size cap in nodes per thread; 0: default. A thread whose tree
   * reaches it ends its search there (ImhSearchResult.full): iterations on
   * a tree that cannot grow only add visits to its leader and inflate its
   * value (docs/ai.md, "Memory"). */
  uint32_t max_nodes;
  /* End the search as soon as the most visited decision cannot be
   * overtaken any more: when its visits exceed every other decision's
   * visits plus the iterations still to come. With an iteration budget
   * that is exact (the most visited decision is the one the whole budget
   * would give); with a time budget the iterations to come are estimated
   * from the rate so far, with a margin of half again. Only the choice is
   * kept: the statistics are those of the shorter search. One thread only
   * (ignored with more). For players, not for hints or analysis. */
  bool     stop_when_settled;
  /* time_ms counts the CPU time of the searching thread (each root-parallel
   * thread its own, CLOCK_THREAD_CPUTIME_ID) instead of wall-clock time:
   * a budget that other work on a busy machine does not shorten, for
   * measurements that share the machine (arena --cpu-time). */
  bool     cpu_time;
} ImhSearchLimits;

#define IMH_SEARCH_DEFAULT_C 0.7
/* The UCT constant of hints (about a million iterations, which must give
 * the same top decision as a much longer search). Measured on 200 Duel
 * positions against 30 s searches (docs/ai.md, "Hint stability"): equal
 * choices 0.35: 75 %, 0.5: 82 %, 0.7: 87.5 %, 0.85: 86 %, 1.0: 85 %,
 * 1.4: 82 %, 2.0: 78.5 %; 0.7 to 1.0 within noise of each other. Below 1.0
 * the search can settle on a decision before a better one has shown its
 * value and starve it (a 12-point loss in one of the 200 positions at
 * 0.7 and 0.85); 1.0 has the smallest mean loss (0.18 points) and no such
 * miss. Players use 0.7, measured at their budgets. */
#define IMH_HINT_EXPLORATION 1.0
#define IMH_SEARCH_DEFAULT_MAX_NODES (1u << 21)

/* One root decision with its statistics, from the root actor's view. */
typedef struct {
  ImhDecision decision;
  uint32_t visits;            /* iterations that chose this decision at the root */
  uint32_t available;         /* iterations in which it was legal (always = total here) */
  double   win;               /* mean value for the actor in [0, 1]: 2 players 1 win /
                               * 0 loss (tie-break applied); 3–4 players rank-based,
                               * (n-1-place)/(n-1) with shared places averaged */
  double   win_ci;            /* 95% confidence half-width of `win` (normal approx.) */
  double   margin;            /* mean final score margin: actor's total minus the best
                               * other player's total */
  double   margin_ci;         /* 95% confidence half-width of `margin` */
} ImhCandidate;

typedef struct {
  int      actor;             /* root actor; -1 when the game was over */
  uint16_t n;                 /* candidates, best first (most visits, then higher win) */
  ImhCandidate c[IMH_MAX_DECISIONS];
  uint64_t iterations;        /* iterations done, all threads */
  uint32_t threads;           /* threads used */
  uint32_t elapsed_ms;
  uint32_t nodes;             /* tree nodes, all threads */
  bool     stopped;           /* ended by the stop flag */
  bool     settled;           /* ended early by stop_when_settled */
  bool     full;              /* some thread ended because its tree reached max_nodes
                               * (or memory ran out) */
  /* Stability of the choice: the fraction of the search (by iterations,
   * 0..1) after which the best decision no longer changed. Computed on
   * the merged statistics at checkpoints every 1/64 of the budget (or of
   * thread 0's iterations when time-limited); 0 when unknown. */
  double   stable_from;
} ImhSearchResult;

/* Defaults: 1000 iterations, no time limit, 1 thread, seed 0, default c,
 * random playouts, no stop flag. */
void imh_search_limits_init (ImhSearchLimits *lim);

/* Searches the decision of the actor of `s`. Returns false (out->n = 0,
 * out->actor = -1) when the game is over. With exactly one legal
 * decision the search still runs (statistics are wanted by hints). */
bool imh_search (const ImhState *s, const ImhSearchLimits *lim, ImhSearchResult *out);

/* Reward of every player for a finished (or "ended now") score: see
 * ImhCandidate.win. values[p] for p < sc->n_players. */
void imh_score_values (const ImhScore *sc, double values[IMH_MAX_PLAYERS]);
/* Margin of player p: p's total minus the best other total. */
int  imh_score_margin (const ImhScore *sc, int p);

/* Plays `s` to the end with the given policy (used by searches and the
 * flat baseline). The state must already be determinized. */
void imh_playout (ImhState *s, ImhPlayout policy, ImhRng *rng);

/* ------------------------------------------------------------------ */
/* Players and levels                                                  */
/* ------------------------------------------------------------------ */

typedef enum {
  IMH_PLAYER_RANDOM = 0,      /* uniform random legal decision */
  IMH_PLAYER_GREEDY,          /* best "if the game ended now" margin after the own turn */
  IMH_PLAYER_FLAT,            /* flat Monte-Carlo: equal playouts per root decision */
  IMH_PLAYER_ISMCTS,          /* the search above */
  IMH_N_PLAYER_KINDS
} ImhPlayerKind;

typedef struct {
  const char   *name;         /* stable id: "beginner", "greedy", ... */
  ImhPlayerKind kind;
  uint64_t      iterations;   /* FLAT/ISMCTS budget (0: use time_ms) */
  uint32_t      time_ms;      /* FLAT/ISMCTS time budget (0: use iterations) */
  uint32_t      threads;      /* ISMCTS root-parallel threads (0/1: one) */
  double        exploration;  /* ISMCTS UCT c (<= 0: default) */
  ImhPlayout    playout;
  /* Noise. epsilon: probability of a uniformly random legal decision.
   * temperature: > 0 picks a candidate with probability ∝ visits^(1/T)
   * (ISMCTS/FLAT); 0 picks the most visited. */
  double        epsilon;
  double        temperature;
  bool          cpu_time;     /* time_ms is CPU time (ImhSearchLimits.cpu_time) */
} ImhPlayerSpec;

typedef enum {
  IMH_LEVEL_BEGINNER = 0,
  IMH_LEVEL_CASUAL,
  IMH_LEVEL_STRONG,
  IMH_LEVEL_EXPERT,
  IMH_LEVEL_RANDOM,           /* baselines, also selectable by name */
  IMH_LEVEL_GREEDY,
  IMH_LEVEL_FLAT,
  IMH_N_LEVELS
} ImhLevel;

/* The spec of a level (static storage), or NULL for an invalid level. */
const ImhPlayerSpec *imh_level_get (ImhLevel level);
/* "beginner", "casual", "strong", "expert", "random", "greedy", "flat"
 * (case-sensitive); NULL when unknown. */
const ImhPlayerSpec *imh_level_from_name (const char *name);
/* Stable id of a level ("beginner", ...); NULL for an invalid level. */
const char *imh_level_name (ImhLevel level);

/* Chooses a decision for the actor of `s`. Deterministic in (spec, public
 * part of s, seed) when the spec uses an iteration budget. `stop` may be
 * NULL; when set during a search the best decision so far is returned.
 * Returns false only when the game is over (no actor). `result` may be
 * NULL; when given and the player searched (FLAT/ISMCTS) it receives the
 * search result (else result->n = 0). A lone legal decision is returned
 * without a search; an ISMCTS player without noise (temperature 0) ends
 * its search as soon as its choice is settled (stop_when_settled), which
 * gives the same decision as the whole iteration budget. */
bool imh_player_choose (const ImhPlayerSpec *spec, const ImhState *s, uint64_t seed,
                        const atomic_bool *stop, ImhDecision *out);
bool imh_player_choose_full (const ImhPlayerSpec *spec, const ImhState *s, uint64_t seed,
                             const atomic_bool *stop, ImhDecision *out,
                             ImhSearchResult *result);

/* Baselines, also usable directly. */
bool imh_random_choose (const ImhState *s, ImhRng *rng, ImhDecision *out);
bool imh_greedy_choose (const ImhState *s, ImhRng *rng, ImhDecision *out);
/* Flat Monte-Carlo: round-robin playouts over the root decisions; the
 * result lists them like imh_search (available = visits). */
bool imh_flat_search (const ImhState *s, const ImhSearchLimits *lim, ImhSearchResult *out);

/* ------------------------------------------------------------------ */
/* Arena: many seeded games between two players                        */
/* ------------------------------------------------------------------ */

typedef struct {
  ImhOptions     options;     /* game, player count, sides, variants (start_player ignored) */
  const ImhPlayerSpec *a;     /* the player measured: one seat */
  const ImhPlayerSpec *b;     /* every other seat */
  uint32_t       games;       /* games in all; seeds come in pairs with A's seat swapped */
  uint64_t       seed;        /* first seed */
  uint32_t       threads;     /* games played in parallel (each player single-threaded) */
  const atomic_bool *stop;
  /* Optional progress callback after each finished game (called from a
   * worker thread, serialized by the arena). */
  void         (*progress) (void *user, uint32_t done, uint32_t games);
  void          *user;
} ImhArenaConfig;

typedef struct {
  uint32_t games;             /* games finished */
  uint32_t wins, ties, losses;/* from A's view: win = sole first place; tie = shared first */
  double   score;             /* mean A value per game (win 1, tie 1/k, loss 0) */
  double   score_ci;          /* 95% half-width of `score` */
  double   margin;            /* mean A margin (A's total minus best other) */
  double   margin_ci;
  double   mean_decisions;    /* per game */
  uint32_t a_decisions;       /* decisions taken by A in all */
  double   a_ms;              /* wall time spent choosing for A, in ms */
  double   b_ms;
  uint32_t b_decisions;
  uint64_t a_iterations;      /* search iterations (FLAT/ISMCTS) summed over A's decisions */
  uint64_t b_iterations;
} ImhArenaResult;

/* 95% Wilson score interval of a proportion k/n (n > 0): better than
 * the normal approximation near 0 and 1 (e.g. 60 wins of 60 games). */
void imh_wilson_interval (uint32_t k, uint32_t n, double *lo, double *hi);

/* Plays cfg->games games. Every setup seed (derived from cfg->seed) is
 * played n times in a row (n = player count), with A in seat 0, 1, …, n-1
 * and B in all other seats: for two players, seats are swapped on every
 * seed. Each game's players get seeds derived from (game index, seat), so
 * the result does not depend on cfg->threads. Returns false if the
 * options are invalid (why filled). */
bool imh_arena_run (const ImhArenaConfig *cfg, ImhArenaResult *out, char *why, size_t why_len);
