/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-tutor.h — the tutor: is a decision just played much worse than the
 * best?
 *
 * The tutor judges one decision exactly as the analysis judges that ply
 * of the game (imh_analysis_judge(): a root search ranks the mover's
 * decisions, then the decision played and the best other are valued in
 * the same sampled worlds), from the mover's information set only: it
 * never reads what the mover could not see. With the budget of
 * imh_tutor_budget_init() (the analysis' standard depth and seed) the
 * verdict is that of the game's analysis at that ply. A decision that
 * loses at least IMH_TUTOR_LOSS_PP points of win probability against
 * the best is a blunder for the tutor (the analysis' "mistake" and
 * "blunder" marks).
 */
#pragma once

#include <gio/gio.h>
#include <stdatomic.h>

#include "imh-analysis.h"
#include "imh-game.h"

G_BEGIN_DECLS

/* Points of win probability (percentage points) a decision must lose
 * against the best for the tutor to speak. */
#define IMH_TUTOR_LOSS_PP IMH_ANALYSIS_MISTAKE_PP

typedef struct {
  guint        ply;          /* the decision's ply (position before it) */
  int          actor;        /* who decided */
  ImhDecision  played;
  ImhDecision  best;         /* = played when nothing did better */
  gboolean     judged;       /* FALSE: the decision was forced (nothing to judge) */
  gboolean     blunder;      /* loss >= IMH_TUTOR_LOSS_PP */
  double       win_played;   /* win probability of the actor after it, 0..1 */
  double       win_best;     /* the same after the best decision */
  double       loss;         /* (win_best - win_played) * 100, >= 0 */
  double       loss_ci;      /* 95% half-width of loss */
} ImhTutorVerdict;

/* The tutor's budget: the analysis' standard depth and the analysis'
 * seed (1), so that the verdict equals the game's analysis at that ply.
 * An iteration budget: the same decision always gets the same verdict. */
void      imh_tutor_budget_init (ImhAnalysisSettings *budget);

/* Judges `decision` played at `before` (the position at ply `ply` of a
 * game; the true state: only the mover's view of it is used). budget NULL:
 * imh_tutor_budget_init(). stop (may be NULL): set to end early; then
 * G_IO_ERROR_CANCELLED. IMH_GAME_ERROR_ILLEGAL when the decision is not
 * legal there. Any thread. */
gboolean  imh_tutor_judge       (const ImhState            *before,
                                 guint                      ply,
                                 ImhDecision                decision,
                                 const ImhAnalysisSettings *budget,
                                 const atomic_bool         *stop,
                                 ImhTutorVerdict           *out,
                                 GError                   **error);

/* Judges the decision the game's current line plays at `ply` (ply <
 * n-plies) in a worker thread of low priority (the computer's own
 * thinking comes first); budget NULL: the default. The verdict is for the
 * game as it was at the call: compare the game's decision at verdict.ply
 * when it comes. Errors: IMH_GAME_ERROR_INVALID_PLY, G_IO_ERROR_CANCELLED. */
void      imh_game_tutor_async  (ImhGame                   *game,
                                 guint                      ply,
                                 const ImhAnalysisSettings *budget,
                                 GCancellable              *cancellable,
                                 GAsyncReadyCallback        callback,
                                 gpointer                   user_data);
gboolean  imh_game_tutor_finish (ImhGame                   *game,
                                 GAsyncResult              *result,
                                 ImhTutorVerdict           *out,
                                 GError                   **error);

G_END_DECLS
