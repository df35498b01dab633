/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-background-analysis.c — the library's finished games analysed in
 * the background: exactly the finished ones not in the trash and without
 * an analysis, stored with their exercises; pause holds it, stop ends it,
 * and a game changed meanwhile gets no stale analysis. */
#include "config.h"

#include <glib.h>
#include <glib/gstdio.h>

#include "imh-analysis-job.h"
#include "imh-background-analysis.h"
#include "imh-exercise.h"
#include "imh-library-private.h"
#include "practice-test-util.h"

/* Finished: three of people, newest first c, b, a; one in the trash; one
 * already analysed (by hand); one unfinished. */
typedef struct {
  char       *path;
  ImhLibrary *lib;
  gint64      a, b, c, trashed, analysed, unfinished;
} Fixture;

static gint64
add (ImhLibrary *lib, const char *text)
{
  g_autoptr(GError) error = NULL;
  gint64 id = imh_library_save_record (lib, 0, text, FALSE, &error);

  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);
  return id;
}

static gint64
add_finished (ImhLibrary *lib, guint64 seed, const char *started)
{
  g_autofree char *text = practice_record (seed, "human", "Ada", "human", "Bob", started);

  return add (lib, text);
}

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhLibraryDeleted) deleted = NULL;
  g_autofree char *analysed = NULL, *unfinished = NULL;
  g_autoptr(GArray) plies = NULL;
  ImhAnalysis *an;

  g_assert_cmpint (g_mkdir_with_parents (g_get_user_data_dir (), 0700), ==, 0);
  f->path = g_build_filename (g_get_user_data_dir (), "background.sqlite3", NULL);
  f->lib = imh_library_open (f->path, &error);
  g_assert_no_error (error);

  f->a = add_finished (f->lib, 11, "2026-01-01T10:00:00Z");
  f->b = add_finished (f->lib, 12, "2026-02-01T10:00:00Z");
  f->c = add_finished (f->lib, 13, "2026-03-01T10:00:00Z");
  f->trashed = add_finished (f->lib, 14, "2026-04-01T10:00:00Z");
  deleted = imh_library_delete (f->lib, &f->trashed, 1, &error);
  g_assert_no_error (error);

  analysed = practice_record (15, "human", "Ada", "human", "Bob", "2026-05-01T10:00:00Z");
  f->analysed = add (f->lib, analysed);
  plies = practice_choice_plies (analysed, 0, 1);
  {
    PracticeLoss loss[] = { { g_array_index (plies, guint, 0), 12 } };
    an = practice_analysis (analysed, loss, 1, -1);
    practice_store (f->lib, f->analysed, an);
    imh_analysis_free (an);
  }

  unfinished = _imh_library_random_record (16, FALSE, 12, 0);
  f->unfinished = add (f->lib, unfinished);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  const char *suffix[] = { "", "-wal", "-shm" };

  g_clear_object (&f->lib);
  for (guint i = 0; i < G_N_ELEMENTS (suffix); i++)
    {
      g_autofree char *p = g_strconcat (f->path, suffix[i], NULL);
      g_unlink (p);
    }
  g_free (f->path);
}

static ImhBackgroundAnalysis *
new_fast (ImhLibrary *lib)
{
  ImhBackgroundAnalysis *bg = imh_background_analysis_new (lib);

  /* A small budget: a game in a fraction of a second. */
  imh_background_analysis_set_budget (bg, 100, 2, 16);
  /* Other tests may keep every processor busy: an idle-priority thread
   * would wait for them. */
  imh_background_analysis_set_low_priority (bg, FALSE);
  return bg;
}

static gboolean
has_analysis (ImhLibrary *lib, gint64 id)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *version = NULL, *settings = NULL, *data = NULL;
  gboolean found = imh_library_get_latest_analysis (lib, id, &version, &settings, &data, &error);

  if (!found)
    g_assert_error (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_NOT_FOUND);
  return found;
}

static char *
analysis_data (ImhLibrary *lib, gint64 id)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *version = NULL, *settings = NULL;
  char *data = NULL;

  g_assert_true (imh_library_get_latest_analysis (lib, id, &version, &settings, &data, &error));
  g_assert_no_error (error);
  return data;
}

/* Runs the main context until the worker has analysed n games and found
 * none left. */
static void
wait_for (ImhBackgroundAnalysis *bg, guint n_analysed)
{
  while (imh_background_analysis_get_n_analysed (bg) < n_analysed
         || imh_background_analysis_get_remaining (bg) != 0)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (imh_background_analysis_get_n_analysed (bg), ==, n_analysed);
}

static void
wait_stopped (ImhBackgroundAnalysis *bg)
{
  while (imh_background_analysis_get_running (bg))
    g_main_context_iteration (NULL, TRUE);
}

/* Lets the worker go on for a while (the main context runs). */
static void
spin (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * G_TIME_SPAN_MILLISECOND;

  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
}

static void
test_analyses_finished (Fixture *f, gconstpointer data)
{
  g_autoptr(ImhBackgroundAnalysis) bg = new_fast (f->lib);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) exercises = NULL;
  g_autofree char *before = analysis_data (f->lib, f->analysed);
  g_autofree char *after = NULL;
  const char *ada[] = { "ada", NULL };
  gint64 later;

  g_assert_false (imh_background_analysis_get_running (bg));
  imh_background_analysis_start (bg);
  g_assert_true (imh_background_analysis_get_running (bg));
  wait_for (bg, 3);

  g_assert_true (has_analysis (f->lib, f->a));
  g_assert_true (has_analysis (f->lib, f->b));
  g_assert_true (has_analysis (f->lib, f->c));
  g_assert_false (has_analysis (f->lib, f->trashed));
  g_assert_false (has_analysis (f->lib, f->unfinished));
  /* The analysis there is kept. */
  after = analysis_data (f->lib, f->analysed);
  g_assert_cmpstr (before, ==, after);
  /* Each reads back for its game: "analysed" in the list. */
  for (guint i = 0; i < 3; i++)
    {
      gint64 id = (gint64[]) { f->a, f->b, f->c }[i];
      g_autoptr(ImhAnalysisResult) r = imh_analysis_result_load (f->lib, id, &error);
      g_autoptr(ImhGameSummary) s = imh_library_get_summary (f->lib, id, &error);

      g_assert_no_error (error);
      g_assert_nonnull (r);
      g_assert_true (imh_game_summary_get_analysed (s));
    }
  /* Random decisions make mistakes: exercises of the three games (and the
   * one analysed by hand). */
  exercises = imh_library_list_exercises (f->lib, ada, FALSE, 0, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < 3; i++)
    {
      gint64 id = (gint64[]) { f->a, f->b, f->c }[i];
      gboolean found = FALSE;

      for (guint e = 0; e < exercises->len && !found; e++)
        found = imh_exercise_get_game_id (exercises->pdata[e]) == id;
      g_assert_true (found);
    }

  /* A game finished later is taken when it comes. */
  later = add_finished (f->lib, 17, "2026-06-01T10:00:00Z");
  wait_for (bg, 4);
  g_assert_true (has_analysis (f->lib, later));

  imh_background_analysis_stop (bg);
  wait_stopped (bg);
}

static void
test_pause (Fixture *f, gconstpointer data)
{
  g_autoptr(ImhBackgroundAnalysis) bg = new_fast (f->lib);

  imh_background_analysis_pause (bg);
  g_assert_true (imh_background_analysis_get_paused (bg));
  imh_background_analysis_start (bg);
  /* Counted while paused, but nothing analysed. */
  while (imh_background_analysis_get_remaining (bg) != 3)
    g_main_context_iteration (NULL, TRUE);
  spin (500);
  g_assert_cmpuint (imh_background_analysis_get_n_analysed (bg), ==, 0);
  g_assert_false (has_analysis (f->lib, f->a));
  g_assert_false (has_analysis (f->lib, f->b));
  g_assert_false (has_analysis (f->lib, f->c));

  imh_background_analysis_resume (bg);
  g_assert_false (imh_background_analysis_get_paused (bg));
  wait_for (bg, 3);
  imh_background_analysis_stop (bg);
  wait_stopped (bg);
}

/* Stopped in the middle of a game (the quick depth's whole budget: a
 * game takes far longer than the stop), nothing is stored. */
static void
test_stop (Fixture *f, gconstpointer data)
{
  g_autoptr(ImhBackgroundAnalysis) bg = imh_background_analysis_new (f->lib);

  imh_background_analysis_start (bg);
  while (imh_background_analysis_get_remaining (bg) != 3)
    g_main_context_iteration (NULL, TRUE);
  imh_background_analysis_stop (bg);
  wait_stopped (bg);
  g_assert_cmpuint (imh_background_analysis_get_n_analysed (bg), ==, 0);
  g_assert_false (has_analysis (f->lib, f->c));

  /* Started again, it goes on. */
  imh_background_analysis_set_budget (bg, 100, 2, 16);
  imh_background_analysis_set_low_priority (bg, FALSE);
  imh_background_analysis_start (bg);
  wait_for (bg, 3);
  /* Dispose stops it too. */
  g_object_run_dispose (G_OBJECT (bg));
  g_assert_false (imh_background_analysis_get_running (bg));
}

/* The game picked (the newest, c) changes while the worker is paused
 * before analysing it: trashed, it gets no analysis; its record replaced
 * (re-opened and played differently), the analysis of the old record is
 * dropped and the new one analysed. */
static void
test_changed_meanwhile (Fixture *f, gconstpointer data)
{
  gboolean trash = g_str_equal (data, "trash");
  g_autoptr(ImhBackgroundAnalysis) bg = new_fast (f->lib);
  g_autoptr(ImhLibraryDeleted) deleted = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhAnalysisResult) r = NULL;
  g_autofree char *replaced = practice_record (18, "human", "Ada", "human", "Bob", "2026-03-01T10:00:00Z");

  imh_background_analysis_pause (bg);
  imh_background_analysis_start (bg);
  while (imh_background_analysis_get_remaining (bg) != 3)
    g_main_context_iteration (NULL, TRUE);
  if (trash)
    {
      deleted = imh_library_delete (f->lib, &f->c, 1, &error);
      g_assert_no_error (error);
    }
  else
    {
      g_assert_cmpint (imh_library_save_record (f->lib, f->c, replaced, FALSE, &error), ==, f->c);
      g_assert_no_error (error);
    }
  imh_background_analysis_resume (bg);
  wait_for (bg, trash ? 2 : 3);

  g_assert_true (has_analysis (f->lib, f->a));
  g_assert_true (has_analysis (f->lib, f->b));
  if (trash)
    g_assert_false (has_analysis (f->lib, f->c));
  else
    {
      /* Of the record as it is now: it reads back. */
      r = imh_analysis_result_load (f->lib, f->c, &error);
      g_assert_no_error (error);
      g_assert_nonnull (r);
    }
  imh_background_analysis_stop (bg);
  wait_stopped (bg);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  g_test_add ("/background-analysis/finished", Fixture, NULL, fixture_set_up, test_analyses_finished,
              fixture_tear_down);
  g_test_add ("/background-analysis/pause", Fixture, NULL, fixture_set_up, test_pause, fixture_tear_down);
  g_test_add ("/background-analysis/stop", Fixture, NULL, fixture_set_up, test_stop, fixture_tear_down);
  g_test_add ("/background-analysis/trashed-meanwhile", Fixture, "trash", fixture_set_up,
              test_changed_meanwhile, fixture_tear_down);
  g_test_add ("/background-analysis/replaced-meanwhile", Fixture, "replace", fixture_set_up,
              test_changed_meanwhile, fixture_tear_down);
  return g_test_run ();
}
