/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-analysis.h — post-game analysis: win probabilities, marks, luck.
 *
 * Plain C11 + pthreads on the engine and the search (no GLib), shared by
 * `imhotep-cli analyse` and the core's ImhAnalysisJob. The method and the
 * definitions (accuracy, luck, luck-adjusted result) are in docs/ai.md,
 * section "Analysis".
 *
 * For every decision of a line, from the mover's information set only:
 *  - a root search (ISMCTS) ranks the mover's decisions (top 5 kept);
 *  - the engine's best decision and the decision played are evaluated
 *    with common random numbers: K worlds are sampled from the mover's
 *    view (rules->determinize), each candidate is applied in every world
 *    and the resulting position is valued by a small search with the same
 *    seed for every candidate. The mean over the worlds is the expected
 *    win probability (over the draws the decision may trigger); the
 *    paired differences give the loss with a small interval;
 *  - when the decision revealed hidden objects (hidden_count changed: a
 *    boat refill, a reserve tile, a round card, market cards), the actual
 *    position after it is valued the same way; luck is that value minus
 *    the expected value over the possible outcomes.
 *
 * Nothing here reads hidden information: all evaluations start from
 * determinized copies or from searches (which determinize every
 * iteration). All seeds derive from (settings seed, ply), which are
 * public, so the result is a pure function of the public history, the
 * settings and the seed — also for any number of threads.
 */
#pragma once

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "imh-engine.h"
#include "imh-record.h"

typedef enum {
  IMH_ANALYSIS_QUICK = 0,
  IMH_ANALYSIS_STANDARD = 1,
  IMH_N_ANALYSIS_DEPTHS
} ImhAnalysisDepth;

typedef enum {
  IMH_MARK_NONE = 0,
  IMH_MARK_INACCURACY,          /* loss >= 5 percentage points */
  IMH_MARK_MISTAKE,             /* loss >= 10 */
  IMH_MARK_BLUNDER,             /* loss >= 15 */
  IMH_N_MARKS
} ImhMark;

#define IMH_ANALYSIS_INACCURACY_PP 5.0
#define IMH_ANALYSIS_MISTAKE_PP    10.0
#define IMH_ANALYSIS_BLUNDER_PP    15.0
#define IMH_ANALYSIS_TOP           5

typedef struct {
  ImhAnalysisDepth depth;
  uint64_t root_iterations;     /* root search per decision (ranking) */
  uint32_t samples;             /* K: sampled worlds per evaluated candidate */
  uint32_t sample_iterations;   /* search iterations valuing each world */
  uint32_t threads;             /* decisions analysed in parallel; 0/1: the calling thread */
  uint64_t seed;
  /* Optional: set from any thread to stop soon; the run then fails. */
  const atomic_bool *stop;
  /* Optional, called after each decision from a worker thread (serialized). */
  void   (*progress) (void *user, uint32_t done, uint32_t total);
  void    *user;
} ImhAnalysisSettings;

typedef struct {
  ImhDecision decision;
  char        text[IMH_DECISION_TEXT_MAX];
  uint32_t    visits;           /* root search visits */
  double      win;              /* root search value for the mover, 0..1 */
  double      win_ci;           /* 95% half-width */
  double      margin;           /* expected final margin (mover minus best other) */
} ImhAnalysisCandidate;

/* One decision. Probabilities are in [0, 1] for the mover; loss and luck
 * in percentage points. "± ci" are 95% half-widths. */
typedef struct {
  uint32_t    ply;
  int         mover;
  uint32_t    turn;             /* rules->turn_index before the decision */
  ImhDecision played;
  char        played_text[IMH_DECISION_TEXT_MAX];
  uint16_t    n_legal;
  bool        forced;           /* only one legal decision */

  /* The best decision: of the search's choice and the decision played
   * (or, when the search chose the decision played, its runner-up), the
   * better one in the paired evaluation; equals `played` when that did
   * at least as well. */
  ImhDecision best;
  char        best_text[IMH_DECISION_TEXT_MAX];
  double      win_before, win_before_ci;    /* value of best: the position's value */
  double      win_after, win_after_ci;      /* value of played, expected over its draws */
  double      margin_before, margin_after;  /* expected final score margin, same pairs */
  double      loss, loss_ci;                /* (win_before - win_after) * 100 >= 0, paired */
  ImhMark     mark;

  /* The best alternative to the decision played (the best, or the
   * runner-up of the root search when the played decision was the best),
   * valued like the decision played (same worlds and seeds); its visits
   * are those of the root search. */
  bool        has_alternative;
  ImhAnalysisCandidate alternative;

  bool        chance;           /* the decision revealed hidden objects */
  double      win_actual, win_actual_ci;    /* after the actual draw (= after when no chance) */
  double      luck;             /* (win_actual - win_after) * 100 when chance, else 0 */

  uint8_t     n_top;
  ImhAnalysisCandidate top[IMH_ANALYSIS_TOP];
} ImhAnalysisPly;

typedef struct {
  uint32_t decisions;           /* decisions taken (forced ones included) */
  uint32_t choices;             /* decisions with more than one legal option */
  double   accuracy;            /* 0..100, mean per-decision accuracy over choices */
  double   total_loss;          /* percentage points */
  double   mean_loss;           /* per choice */
  uint32_t inaccuracies, mistakes, blunders;
  uint32_t chance_events;       /* draws triggered by this player's decisions */
  double   luck;                /* percentage points, sum over all draws from this player's view */
  bool     has_result;          /* the line reaches the end of the game */
  double   result;              /* 1 win, 0 loss (ranks: ImhCandidate.win) */
  double   luck_adjusted;       /* result - luck / 100 */
} ImhAnalysisPlayer;

typedef struct {
  ImhGameKind         game;
  uint8_t             n_players;
  ImhAnalysisSettings settings;   /* as run (callbacks cleared) */
  char                engine_version[32];
  uint32_t            n_plies;
  ImhAnalysisPly     *plies;
  ImhAnalysisPlayer   players[IMH_MAX_PLAYERS];
  uint32_t            n_blunders;   /* over all players */
  uint32_t            elapsed_ms;
  uint64_t            iterations;   /* search iterations in all */
} ImhAnalysis;

/* The budgets of a depth; threads 1, seed 0, no callbacks. */
void        imh_analysis_settings_init (ImhAnalysisSettings *set, ImhAnalysisDepth depth);
/* "quick", "standard"; NULL / -1 when unknown. */
const char *imh_analysis_depth_name    (ImhAnalysisDepth depth);
int         imh_analysis_depth_from_name (const char *name);
/* "", "inaccuracy", "mistake", "blunder". */
const char *imh_analysis_mark_name     (ImhMark mark);
ImhMark     imh_analysis_mark_for_loss (double loss_pp);
/* Per-decision accuracy (0..100) for a loss in percentage points. */
double      imh_analysis_accuracy_for_loss (double loss_pp);

/* Analyses the decisions d[0..n) played from `initial` (which must hold
 * the true hidden state: the record's setup). Returns NULL with `why` when
 * a decision is illegal, the settings are invalid, or the run was stopped
 * (why: "stopped"). Free with imh_analysis_free(). */
ImhAnalysis *imh_analysis_run        (const ImhState *initial, const ImhDecision *d, uint32_t n,
                                      const ImhAnalysisSettings *set, char *why, size_t why_len);
/* Analyses one decision d played at `before` (the true position at ply
 * `ply` of a game) exactly as imh_analysis_run() analyses that ply of the
 * game's line with the same settings (same seeds: they derive from the
 * settings' seed and `ply`), without the luck of its draw (win_actual =
 * win_after, luck 0). set->threads, progress and user are not used.
 * Returns false with `why` when the decision is not legal, the settings
 * are invalid, or the run was stopped ("stopped"). */
bool         imh_analysis_judge      (const ImhState *before, uint32_t ply, ImhDecision d,
                                      const ImhAnalysisSettings *set, ImhAnalysisPly *out,
                                      char *why, size_t why_len);
/* The main line of a record. */
ImhAnalysis *imh_analysis_run_record (const ImhRecord *record, const ImhAnalysisSettings *set,
                                      char *why, size_t why_len);
void         imh_analysis_free       (ImhAnalysis *a);

/* Recomputes marks, per-player totals and n_blunders from the plies
 * (run does this; for analyses built or edited by hand). `final` is the
 * position after the last ply (for the result), or NULL. */
void         imh_analysis_summarize  (ImhAnalysis *a, const ImhState *final);

/* JSON of the whole analysis (settings, players, plies); malloc'd. */
char        *imh_analysis_to_json    (const ImhAnalysis *a);
/* JSON of the settings only (what the library stores as "settings"). */
char        *imh_analysis_settings_to_json (const ImhAnalysis *a);
