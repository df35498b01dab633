/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-analysis-job.c — ImhAnalysisJob: background run with progress,
 * cancellation, determinism, storing in the library (suite `core`). */
#include "config.h"

#include <gio/gio.h>
#include <stdlib.h>
#include <string.h>

#include "imh-ai.h"
#include "imh-analysis-job.h"
#include "imh-game-summary.h"
#include "imh-library.h"
#include "imh-record.h"
#include "test-i18n.h"

/* The record text of a seeded random Duel game (to the end, or `max`
 * decisions). */
static char *
random_record (guint64 seed, guint max)
{
  ImhOptions o;
  ImhRecordError err;
  ImhRecord *r;
  ImhState s;
  ImhRng rng;
  char *text, *copy;

  imh_options_init (&o, IMH_GAME_DUEL, 2);
  r = imh_record_new (&o, seed, &err);
  g_assert_nonnull (r);
  imh_record_initial (r, &s);
  imh_rng_seed (&rng, seed + 100);
  for (guint i = 0; i < max && !imh_is_over (&s); i++)
    {
      ImhDecision d;
      g_assert_true (imh_random_choose (&s, &rng, &d));
      imh_apply (&s, d);
      imh_record_line_append (&r->main, d);
    }
  imh_record_set_outcome (r, &s);
  text = imh_record_write (r);
  copy = g_strdup (text);
  free (text);
  imh_record_free (r);
  return copy;
}

static ImhAnalysisJob *
small_job (const char *record)
{
  g_autoptr(GError) error = NULL;
  ImhAnalysisJob *job = imh_analysis_job_new (record, &error);

  g_assert_no_error (error);
  g_assert_nonnull (job);
  imh_analysis_job_set_depth (job, IMH_ANALYSIS_QUICK);
  imh_analysis_job_set_budget (job, 300, 6, 48);
  imh_analysis_job_set_seed (job, 42);
  imh_analysis_job_set_threads (job, 1);
  return job;
}

typedef struct {
  GMainLoop         *loop;
  ImhAnalysisResult *result;
  GError            *error;
  guint              progress_notifies;
  double             last_progress;
  gboolean           progress_decreased;
  gboolean           notified_off_main;
  GCancellable      *cancel_on_progress;
  GThread           *main_thread;
} RunState;

static void
progress_notify_cb (GObject    *object,
                    GParamSpec *pspec,
                    gpointer    data)
{
  RunState *st = data;
  double p = imh_analysis_job_get_progress (IMH_ANALYSIS_JOB (object));

  if (g_thread_self () != st->main_thread)
    st->notified_off_main = TRUE;
  if (p < st->last_progress)
    st->progress_decreased = TRUE;
  st->last_progress = p;
  st->progress_notifies++;
  if (st->cancel_on_progress != NULL && p > 0)
    g_cancellable_cancel (st->cancel_on_progress);
}

static void
run_done_cb (GObject      *source,
             GAsyncResult *res,
             gpointer      data)
{
  RunState *st = data;

  st->result = imh_analysis_job_run_finish (IMH_ANALYSIS_JOB (source), res, &st->error);
  g_main_loop_quit (st->loop);
}

static void
run_async_and_wait (ImhAnalysisJob *job,
                    GCancellable   *cancellable,
                    RunState       *st)
{
  gulong id;

  st->loop = g_main_loop_new (NULL, FALSE);
  st->main_thread = g_thread_self ();
  id = g_signal_connect (job, "notify::progress", G_CALLBACK (progress_notify_cb), st);
  imh_analysis_job_run_async (job, cancellable, run_done_cb, st);
  g_assert_true (imh_analysis_job_get_running (job));
  g_main_loop_run (st->loop);
  g_signal_handler_disconnect (job, id);
  g_main_loop_unref (st->loop);
  g_assert_false (imh_analysis_job_get_running (job));
}

static void
test_run_async (void)
{
  g_autofree char *record = random_record (3, 30);
  g_autoptr(ImhAnalysisJob) job = small_job (record);
  g_autoptr(ImhAnalysisResult) direct = NULL;
  g_autoptr(GError) error = NULL;
  RunState st = { 0 };

  g_assert_cmpuint (imh_analysis_job_get_total (job), ==, 30);
  run_async_and_wait (job, NULL, &st);
  g_assert_no_error (st.error);
  g_assert_nonnull (st.result);
  g_assert_cmpuint (imh_analysis_result_get_n_plies (st.result), ==, 30);
  g_assert_cmpuint (imh_analysis_job_get_done (job), ==, 30);
  g_assert_cmpfloat (imh_analysis_job_get_progress (job), ==, 1.0);
  g_assert_cmpuint (st.progress_notifies, >=, 1);
  g_assert_false (st.progress_decreased);
  g_assert_false (st.notified_off_main);
  g_assert_nonnull (imh_analysis_result_get_player (st.result, 1));
  g_assert_null (imh_analysis_result_get_player (st.result, 2));
  g_assert_null (imh_analysis_result_get_ply (st.result, 30));

  /* The same settings without the job's thread give the same numbers,
   * also with two threads. */
  imh_analysis_job_set_threads (job, 2);
  direct = imh_analysis_job_run (job, NULL, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < 30; i++)
    {
      const ImhAnalysisPly *a = imh_analysis_result_get_ply (st.result, i);
      const ImhAnalysisPly *b = imh_analysis_result_get_ply (direct, i);
      g_assert_cmpfloat (a->win_before, ==, b->win_before);
      g_assert_cmpfloat (a->win_after, ==, b->win_after);
      g_assert_cmpfloat (a->luck, ==, b->luck);
      g_assert_cmpint (a->mark, ==, b->mark);
    }
  imh_analysis_result_unref (st.result);
}

static void
test_find_mark (void)
{
  g_autofree char *record = random_record (5, 40);
  g_autoptr(ImhAnalysisJob) job = small_job (record);
  g_autoptr(ImhAnalysisResult) r = NULL;
  g_autoptr(GError) error = NULL;
  int next_after_0 = -1, last = -1, n_marked = 0;

  r = imh_analysis_job_run (job, NULL, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < imh_analysis_result_get_n_plies (r); i++)
    if (imh_analysis_result_get_ply (r, i)->mark != IMH_MARK_NONE)
      {
        if (next_after_0 < 0 && i > 0)
          next_after_0 = (int) i;
        last = (int) i;
        n_marked++;
      }
  /* Random play makes mistakes. */
  g_assert_cmpint (n_marked, >, 0);
  g_assert_cmpint (imh_analysis_result_find_mark (r, 0, TRUE, IMH_MARK_INACCURACY), ==, next_after_0);
  g_assert_cmpint (imh_analysis_result_find_mark (r, 40, FALSE, IMH_MARK_INACCURACY), ==, last);
  g_assert_cmpint (imh_analysis_result_find_mark (r, (guint) last, TRUE, IMH_MARK_INACCURACY), ==, -1);
  /* Only blunders. */
  {
    int b = imh_analysis_result_find_mark (r, 0, TRUE, IMH_MARK_BLUNDER);
    if (b >= 0)
      g_assert_cmpint (imh_analysis_result_get_ply (r, (guint) b)->mark, ==, IMH_MARK_BLUNDER);
  }
}

static void
test_cancel (void)
{
  g_autofree char *record = random_record (7, 200);
  g_autoptr(ImhAnalysisJob) job = small_job (record);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  RunState st = { 0 };

  st.cancel_on_progress = cancellable;
  run_async_and_wait (job, cancellable, &st);
  g_assert_null (st.result);
  g_assert_error (st.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (imh_analysis_job_get_done (job), <, imh_analysis_job_get_total (job));
  g_clear_error (&st.error);

  /* Already cancelled: fails at once with CANCELLED. */
  {
    RunState st2 = { 0 };
    run_async_and_wait (job, cancellable, &st2);
    g_assert_error (st2.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
    g_clear_error (&st2.error);
  }
}

static void
test_invalid_record (void)
{
  g_autoptr(GError) error = NULL;
  ImhAnalysisJob *job = imh_analysis_job_new ("imhotep-record 1\ngame chess\n", &error);

  g_assert_null (job);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_assert_nonnull (strstr (error->message, "2:"));
}

static const char *
plies_part (const char *json)
{
  const char *p = strstr (json, "\"plies\":");
  g_assert_nonnull (p);
  return p;
}

static void
test_json_round_trip (void)
{
  g_autofree char *record = random_record (13, 40);
  g_autoptr(ImhAnalysisJob) job = small_job (record);
  g_autoptr(ImhAnalysisResult) r = NULL;
  g_autoptr(ImhAnalysisResult) back = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *json = NULL, *json2 = NULL;
  const ImhAnalysis *a, *b;

  r = imh_analysis_job_run (job, NULL, &error);
  g_assert_no_error (error);
  json = imh_analysis_result_to_json (r);
  back = imh_analysis_result_new_from_json (record, json, &error);
  g_assert_no_error (error);
  g_assert_nonnull (back);
  json2 = imh_analysis_result_to_json (back);
  /* Every decision reads back exactly (values as written). */
  g_assert_cmpstr (plies_part (json2), ==, plies_part (json));
  a = imh_analysis_result_get_analysis (r);
  b = imh_analysis_result_get_analysis (back);
  g_assert_cmpuint (a->n_plies, ==, b->n_plies);
  g_assert_cmpuint (a->settings.seed, ==, b->settings.seed);
  g_assert_cmpuint (a->settings.samples, ==, b->settings.samples);
  g_assert_cmpstr (a->engine_version, ==, b->engine_version);
  for (guint i = 0; i < a->n_plies; i++)
    {
      g_assert_cmpuint (a->plies[i].played, ==, b->plies[i].played);
      g_assert_cmpuint (a->plies[i].best, ==, b->plies[i].best);
      g_assert_cmpint (a->plies[i].mark, ==, b->plies[i].mark);
      g_assert_cmpuint (a->plies[i].n_top, ==, b->plies[i].n_top);
      for (int k = 0; k < a->plies[i].n_top; k++)
        g_assert_cmpuint (a->plies[i].top[k].decision, ==, b->plies[i].top[k].decision);
    }
  /* The summary is recomputed from the decisions (rounded as written). */
  for (int p = 0; p < 2; p++)
    {
      g_assert_cmpuint (a->players[p].blunders, ==, b->players[p].blunders);
      g_assert_cmpuint (a->players[p].mistakes, ==, b->players[p].mistakes);
      g_assert_cmpfloat_with_epsilon (a->players[p].accuracy, b->players[p].accuracy, 0.1);
      g_assert_cmpfloat_with_epsilon (a->players[p].luck, b->players[p].luck, 0.5);
    }
}

static void
test_json_invalid (void)
{
  g_autofree char *record = random_record (13, 20);
  g_autofree char *other = random_record (14, 20);
  g_autoptr(ImhAnalysisJob) job = small_job (record);
  g_autoptr(ImhAnalysisResult) r = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *json = NULL, *truncated = NULL, *edited = NULL;
  ImhAnalysisResult *bad;

  r = imh_analysis_job_run (job, NULL, &error);
  g_assert_no_error (error);
  json = imh_analysis_result_to_json (r);

  /* Broken JSON: names the byte. */
  truncated = g_strndup (json, strlen (json) / 2);
  bad = imh_analysis_result_new_from_json (record, truncated, &error);
  g_assert_null (bad);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  {
    g_autofree char *at_byte = imh_test_t_prefix ("Invalid analysis data at line %u, byte %u: %s");
    g_assert_nonnull (strstr (error->message, at_byte));
  }
  g_clear_error (&error);

  /* Another game's record: the decisions do not match. */
  bad = imh_analysis_result_new_from_json (other, json, &error);
  g_assert_null (bad);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_clear_error (&error);

  /* A wrong field names it. */
  edited = g_strdup (json);
  {
    char *f = strstr (edited, "\"forced\":");
    g_assert_nonnull (f);
    memcpy (f + 1, "furced", 6);
  }
  bad = imh_analysis_result_new_from_json (record, edited, &error);
  g_assert_null (bad);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_assert_nonnull (strstr (error->message, "forced"));
  g_clear_error (&error);

  /* Not JSON at all, and a bad record. */
  bad = imh_analysis_result_new_from_json (record, "", &error);
  g_assert_null (bad);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_clear_error (&error);
  bad = imh_analysis_result_new_from_json ("nonsense", json, &error);
  g_assert_null (bad);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_clear_error (&error);
}

static void
test_player_summary (void)
{
  ImhAnalysis a;
  g_autofree char *one = NULL, *two = NULL;
  /* The exact English text, in any test locale (po/de.po has the German). */
  g_autofree char *locale = g_strdup (setlocale (LC_ALL, NULL));
  g_autofree char *language = g_strdup (g_getenv ("LANGUAGE"));

  g_unsetenv ("LANGUAGE");
  setlocale (LC_ALL, "C.UTF-8");
  memset (&a, 0, sizeof a);
  a.n_players = 2;
  a.players[0].accuracy = 87.25;
  a.players[0].blunders = 1;
  a.players[0].mistakes = 2;
  a.players[0].choices = 1;
  a.players[0].total_loss = 17.5;
  a.players[0].luck = -3.25;
  a.players[0].has_result = true;
  a.players[0].result = 1.0;
  a.players[0].luck_adjusted = 1.0325;
  a.players[1].accuracy = 100;
  a.players[1].choices = 3;
  one = imh_analysis_player_summary (&a, 0);
  two = imh_analysis_player_summary (&a, 1);
  g_assert_cmpstr (one, ==, "Player 1: accuracy 87.2, 0 inaccuracies, 2 mistakes, 1 blunder, "
                            "total loss 17.5 points in 1 decision with a choice, luck -3.2 points, "
                            "result 1.00, luck-adjusted 1.03");
  g_assert_cmpstr (two, ==, "Player 2: accuracy 100.0, 0 inaccuracies, 0 mistakes, 0 blunders, "
                            "total loss 0.0 points in 3 decisions with a choice, luck +0.0 points");
  if (language != NULL)
    g_setenv ("LANGUAGE", language, TRUE);
  setlocale (LC_ALL, locale);
}

static void
test_library (void)
{
  /* In the isolated XDG data folder of this test. */
  g_autofree char *path = g_build_filename (g_get_user_data_dir (), "imh-test", "library.sqlite3", NULL);
  g_autofree char *record = random_record (11, 24);
  g_autoptr(ImhLibrary) lib = NULL;
  g_autoptr(ImhAnalysisJob) job = NULL;
  g_autoptr(ImhGameSummary) summary = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *version = NULL, *settings = NULL, *data = NULL, *json = NULL;
  g_autofree char *data2 = NULL, *json2 = NULL;
  g_autofree char *v2 = NULL, *s2 = NULL;
  RunState st = { 0 };
  gint64 id;
  guint blunders;

  lib = imh_library_open (path, &error);
  g_assert_no_error (error);
  id = imh_library_save_record (lib, 0, record, FALSE, &error);
  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);

  summary = imh_library_get_summary (lib, id, &error);
  g_assert_no_error (error);
  g_assert_false (imh_game_summary_get_analysed (summary));
  g_clear_object (&summary);

  job = imh_analysis_job_new_for_game (lib, id, &error);
  g_assert_no_error (error);
  imh_analysis_job_set_depth (job, IMH_ANALYSIS_QUICK);
  imh_analysis_job_set_budget (job, 300, 6, 48);
  imh_analysis_job_set_seed (job, 42);
  run_async_and_wait (job, NULL, &st);
  g_assert_no_error (st.error);
  g_assert_nonnull (st.result);
  blunders = imh_analysis_result_get_analysis (st.result)->n_blunders;

  summary = imh_library_get_summary (lib, id, &error);
  g_assert_no_error (error);
  g_assert_true (imh_game_summary_get_analysed (summary));
  g_assert_cmpuint (imh_game_summary_get_n_blunders (summary), ==, blunders);
  g_clear_object (&summary);

  g_assert_true (imh_library_get_latest_analysis (lib, id, &version, &settings, &data, &error));
  g_assert_no_error (error);
  json = imh_analysis_result_to_json (st.result);
  g_assert_cmpstr (data, ==, json);
  g_assert_cmpstr (version, ==, imh_engine_version ());
  g_assert_nonnull (strstr (settings, "\"seed\":42"));
  /* Read back from the library. */
  {
    g_autoptr(ImhAnalysisResult) loaded = imh_analysis_result_load (lib, id, &error);
    g_autofree char *lj = NULL;
    g_assert_no_error (error);
    lj = imh_analysis_result_to_json (loaded);
    g_assert_cmpstr (plies_part (lj), ==, plies_part (json));
  }
  imh_analysis_result_unref (st.result);

  /* Re-analysis with another seed: the newest analysis is the one read. */
  {
    RunState st2 = { 0 };
    imh_analysis_job_set_seed (job, 43);
    run_async_and_wait (job, NULL, &st2);
    g_assert_no_error (st2.error);
    g_assert_true (imh_library_get_latest_analysis (lib, id, &v2, &s2, &data2, &error));
    json2 = imh_analysis_result_to_json (st2.result);
    g_assert_cmpstr (data2, ==, json2);
    g_assert_cmpstr (data2, !=, data);
    g_assert_nonnull (strstr (s2, "\"seed\":43"));
    summary = imh_library_get_summary (lib, id, &error);
    g_assert_cmpuint (imh_game_summary_get_n_blunders (summary), ==,
                      imh_analysis_result_get_analysis (st2.result)->n_blunders);
    imh_analysis_result_unref (st2.result);
  }

  /* No such game. */
  g_assert_null (imh_analysis_job_new_for_game (lib, id + 1000, &error));
  g_assert_error (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_NOT_FOUND);
  g_clear_error (&error);

  /* Storing for a game that is not there fails with the library's error. */
  {
    g_autoptr(ImhAnalysisResult) r = imh_analysis_job_run (job, NULL, &error);
    g_assert_no_error (error);
    imh_analysis_job_set_library (job, NULL, 0);
    g_assert_false (imh_analysis_result_save (r, lib, id + 1000, &error));
    g_assert_nonnull (error);
    g_clear_error (&error);
  }
  g_clear_object (&lib);
}

int
main (int argc, char **argv)
{
  imh_test_i18n_init ();
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
  g_test_add_func ("/analysis-job/run-async", test_run_async);
  g_test_add_func ("/analysis-job/find-mark", test_find_mark);
  g_test_add_func ("/analysis-job/cancel", test_cancel);
  g_test_add_func ("/analysis-job/invalid-record", test_invalid_record);
  g_test_add_func ("/analysis-job/json-round-trip", test_json_round_trip);
  g_test_add_func ("/analysis-job/json-invalid", test_json_invalid);
  g_test_add_func ("/analysis-job/player-summary", test_player_summary);
  g_test_add_func ("/analysis-job/library", test_library);
  return g_test_run ();
}
