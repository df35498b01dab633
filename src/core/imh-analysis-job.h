/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-analysis-job.h — analysing a whole game in the background.
 *
 * An ImhAnalysisJob holds one record (its main line is analysed) and the
 * analysis settings (depth, seed, threads). imh_analysis_job_run_async()
 * runs imh_analysis_run() (src/ai/imh-analysis.h) in a GTask worker
 * thread; the read-only "progress", "done" and "total" properties change
 * in the main context the run was started from; the GCancellable stops
 * the search within milliseconds. When a library and game id are set,
 * the finished analysis is stored with that game (engine version,
 * settings and per-decision data as JSON), which marks the game
 * "analysed" and sets its blunder count; the newest analysis of a game
 * is the one that counts.
 *
 * The result is an ImhAnalysisResult: a reference-counted, immutable
 * wrapper of the plain-C ImhAnalysis with per-decision rows and the
 * per-player summary.
 */
#pragma once

#include <gio/gio.h>

#include "imh-analysis.h"
#include "imh-library.h"

G_BEGIN_DECLS

/* ---------------------------------------------------------------- */
/* Result                                                           */

typedef struct _ImhAnalysisResult ImhAnalysisResult;

#define IMH_TYPE_ANALYSIS_RESULT (imh_analysis_result_get_type ())
GType                  imh_analysis_result_get_type   (void) G_GNUC_CONST;
ImhAnalysisResult     *imh_analysis_result_ref        (ImhAnalysisResult *result);
void                   imh_analysis_result_unref      (ImhAnalysisResult *result);
/* The whole analysis (transfer none, valid while the result lives). */
const ImhAnalysis     *imh_analysis_result_get_analysis (ImhAnalysisResult *result);
guint                  imh_analysis_result_get_n_plies  (ImhAnalysisResult *result);
/* Row of decision `ply` (0-based), or NULL when out of range. */
const ImhAnalysisPly  *imh_analysis_result_get_ply      (ImhAnalysisResult *result,
                                                         guint              ply);
/* Summary of a player (0-based), or NULL when out of range. */
const ImhAnalysisPlayer *imh_analysis_result_get_player (ImhAnalysisResult *result,
                                                         guint              player);
/* The next (forward TRUE) or previous decision after/before `ply` whose
 * mark is at least `min_mark`; -1 when there is none. */
int                    imh_analysis_result_find_mark    (ImhAnalysisResult *result,
                                                         guint              ply,
                                                         gboolean           forward,
                                                         ImhMark            min_mark);
/* JSON (what the library stores as the analysis data). Transfer full. */
char                  *imh_analysis_result_to_json      (ImhAnalysisResult *result);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ImhAnalysisResult, imh_analysis_result_unref)

/* An analysis read back from its JSON (imh_analysis_result_to_json(),
 * what the library stores) for the record it was made of (the record's
 * main line must match the analysed decisions). The per-player summary is
 * recomputed from the decisions. Read with json-glib, independent of the
 * locale; the output of the first writer under a locale with a decimal
 * comma ("win":0,7047) reads as if written with points (docs/library.md).
 * NULL with G_IO_ERROR_INVALID_DATA naming the problem (line and byte in
 * the JSON, or the field and decision). */
ImhAnalysisResult     *imh_analysis_result_new_from_json (const char  *record,
                                                          const char  *json,
                                                          GError     **error);
/* The newest analysis of a library game, read back. Errors:
 * IMH_LIBRARY_ERROR_NOT_FOUND when there is none, or when it is of other
 * decisions than the game's stored record (the game was played on);
 * G_IO_ERROR_INVALID_DATA when it cannot be read; other library errors.
 * The stored analysis is always kept (the next one stored replaces it),
 * and the library's "analysed" column is set to what was found
 * (imh_library_set_analysis_state(): readable, of other decisions, or
 * unreadable). */
ImhAnalysisResult     *imh_analysis_result_load          (ImhLibrary  *library,
                                                          gint64       game_id,
                                                          GError     **error);

/* One line summing up a player's analysis, in the UI language: accuracy,
 * inaccuracies, mistakes and blunders (with plural forms), total loss,
 * luck, and the luck-adjusted result when the game is over. */
char                  *imh_analysis_player_summary      (const ImhAnalysis *analysis,
                                                         guint              player);

/* Stores a result with a game of the library (the newest analysis of a
 * game is the one the library lists and filters on). The JSON stored is
 * checked to read back first (G_IO_ERROR_INVALID_DATA otherwise, and the
 * analysis stored before stays). */
gboolean               imh_analysis_result_save        (ImhAnalysisResult *result,
                                                        ImhLibrary        *library,
                                                        gint64             game_id,
                                                        GError           **error);

/* ---------------------------------------------------------------- */
/* Job                                                              */

#define IMH_TYPE_ANALYSIS_JOB (imh_analysis_job_get_type ())
G_DECLARE_FINAL_TYPE (ImhAnalysisJob, imh_analysis_job, IMH, ANALYSIS_JOB, GObject)

/* A job for the main line of the record text (a .imhotep record). NULL
 * with G_IO_ERROR_INVALID_DATA (naming line and column) if it does not
 * parse or replay. Depth: standard; seed 1; threads: the number of
 * processors (the result does not depend on it). */
ImhAnalysisJob   *imh_analysis_job_new             (const char        *record,
                                                    GError           **error);

/* A job for a game of the library: its stored record, and the result is
 * stored with it when the run finishes (imh_analysis_job_set_library). */
ImhAnalysisJob   *imh_analysis_job_new_for_game    (ImhLibrary        *library,
                                                    gint64             game_id,
                                                    GError           **error);

/* Properties "depth" (ImhAnalysisDepth as int), "seed" (guint64),
 * "threads" (guint); changing them while running affects the next run. */
void              imh_analysis_job_set_depth       (ImhAnalysisJob    *self,
                                                    ImhAnalysisDepth   depth);
ImhAnalysisDepth  imh_analysis_job_get_depth       (ImhAnalysisJob    *self);
void              imh_analysis_job_set_seed        (ImhAnalysisJob    *self,
                                                    guint64            seed);
guint64           imh_analysis_job_get_seed        (ImhAnalysisJob    *self);
void              imh_analysis_job_set_threads     (ImhAnalysisJob    *self,
                                                    guint              threads);
guint             imh_analysis_job_get_threads     (ImhAnalysisJob    *self);
/* Overrides the depth's budgets (tests, benchmarks): root iterations,
 * sampled worlds and iterations per world; 0 keeps the depth's value. */
void              imh_analysis_job_set_budget      (ImhAnalysisJob    *self,
                                                    guint64            root_iterations,
                                                    guint              samples,
                                                    guint              sample_iterations);
/* Store the result with this game when the run finishes (NULL: don't). */
void              imh_analysis_job_set_library     (ImhAnalysisJob    *self,
                                                    ImhLibrary        *library,
                                                    gint64             game_id);

/* Read-only properties: "running", "progress" (0..1), "done" and
 * "total" (decisions). */
gboolean          imh_analysis_job_get_running     (ImhAnalysisJob    *self);
double            imh_analysis_job_get_progress    (ImhAnalysisJob    *self);
guint             imh_analysis_job_get_done        (ImhAnalysisJob    *self);
guint             imh_analysis_job_get_total       (ImhAnalysisJob    *self);

/* One run at a time (G_IO_ERROR_PENDING otherwise). Errors:
 * G_IO_ERROR_CANCELLED, G_IO_ERROR_FAILED, and the library's errors
 * when storing fails. */
void              imh_analysis_job_run_async       (ImhAnalysisJob      *self,
                                                    GCancellable        *cancellable,
                                                    GAsyncReadyCallback  callback,
                                                    gpointer             user_data);
ImhAnalysisResult *imh_analysis_job_run_finish     (ImhAnalysisJob      *self,
                                                    GAsyncResult        *result,
                                                    GError             **error);
/* The same, blocking the calling thread (the CLI). Progress properties
 * are not updated. */
ImhAnalysisResult *imh_analysis_job_run            (ImhAnalysisJob      *self,
                                                    GCancellable        *cancellable,
                                                    GError             **error);

G_END_DECLS
