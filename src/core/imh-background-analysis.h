/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-background-analysis.h — analysing the library's finished games in
 * the background, so that practice has exercises without the user
 * analysing each game. docs/library.md, "Background analysis".
 *
 * Once started, one worker thread at the lowest priority the system
 * offers (on Linux SCHED_IDLE and nice 19, for that thread only) finds
 * the finished games not in the trash that have no stored analysis,
 * newest first, analyses one at a time at the quick depth with the
 * analysis of "Analyse Game" (imh_analysis_run_record(), one search
 * thread, seed 1) and stores the result with the game (which makes its
 * exercises), then goes on; when none is left it waits for the library
 * to change. It only ever adds analyses: before storing it checks that
 * the game still has the record analysed, is not in the trash and has
 * no analysis yet, else it drops the result (the game is taken again
 * when it is still unanalysed).
 *
 * Pausing holds the search after the decision being analysed; stopping
 * (and dispose) ends it within milliseconds (the search checks its stop
 * flag) without waiting for the thread. All the properties change in the
 * main context the object was created in.
 */
#pragma once

#include <gio/gio.h>

#include "imh-library.h"

G_BEGIN_DECLS

#define IMH_TYPE_BACKGROUND_ANALYSIS (imh_background_analysis_get_type ())
G_DECLARE_FINAL_TYPE (ImhBackgroundAnalysis, imh_background_analysis, IMH, BACKGROUND_ANALYSIS, GObject)

ImhBackgroundAnalysis *imh_background_analysis_new          (ImhLibrary            *library);
ImhLibrary            *imh_background_analysis_get_library  (ImhBackgroundAnalysis *self);

/* Starts the worker (nothing when it is running). A library open
 * read-only is never written: the worker lists nothing. */
void                   imh_background_analysis_start        (ImhBackgroundAnalysis *self);
/* Asks the worker to end: the analysis under way stops and is not
 * stored; "running" turns FALSE when the thread has ended. */
void                   imh_background_analysis_stop         (ImhBackgroundAnalysis *self);

/* "paused": no decision is analysed and nothing is stored while set. */
void                   imh_background_analysis_pause        (ImhBackgroundAnalysis *self);
void                   imh_background_analysis_resume       (ImhBackgroundAnalysis *self);
gboolean               imh_background_analysis_get_paused   (ImhBackgroundAnalysis *self);

/* "running": a worker thread exists (from start until it has ended; after
 * dispose FALSE at once). */
gboolean               imh_background_analysis_get_running  (ImhBackgroundAnalysis *self);
/* "remaining": finished games without an analysis still to do (the one
 * being analysed included), as last counted; 0 when all are done. */
guint                  imh_background_analysis_get_remaining (ImhBackgroundAnalysis *self);
/* "n-analysed": analyses stored since the object was made. */
guint                  imh_background_analysis_get_n_analysed (ImhBackgroundAnalysis *self);

/* Overrides the quick depth's budgets for the next start (tests): root
 * iterations, sampled worlds, iterations per world; 0 keeps the depth's. */
void                   imh_background_analysis_set_budget   (ImhBackgroundAnalysis *self,
                                                             guint64                root_iterations,
                                                             guint                  samples,
                                                             guint                  sample_iterations);
/* Whether the next start lowers the worker thread's priority (the
 * default). Tests on a loaded machine turn it off: an idle-priority
 * thread may get no processor time at all there. */
void                   imh_background_analysis_set_low_priority (ImhBackgroundAnalysis *self,
                                                                 gboolean               low_priority);

G_END_DECLS
