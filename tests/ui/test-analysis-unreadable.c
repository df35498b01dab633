/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-analysis-unreadable.c — the Analysis page with stored analyses
 * (suite `ui`): one a German locale wrote with decimal commas is shown;
 * one that cannot be read is said to be so, with the reason, the stored
 * row kept until the game is analysed again. Under C and de_DE.UTF-8
 * (skipped where that locale is missing); under a (virtual) display. */
#define G_LOG_DOMAIN "test-analysis-unreadable"

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "imh-analysis-page.h"
#include "imh-game.h"
#include "imh-game-summary.h"
#include "imh-library.h"
#include "imh-play-view.h"
#include "imh-record-file.h"
#include "imh-session.h"
#include "ui-test-play.h"
#include "ui-test-util.h"

/* The Duel of tests/core/data/library-de-1.sqlite3.gz. */
#define DUEL_ID 2

typedef struct {
  const char  *locale;
  GtkWindow   *window;
  ImhPlayView *view;
  ImhAnalysisPage *page;
  char        *tmpdir;
  char        *db;
} Fixture;

static char *
data_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "..", "core", "data", name, NULL);
}

/* tests/core/data/library-de-1.sqlite3.gz unpacked to path. */
static void
unpack_library (const char *path)
{
  g_autofree char *gz = data_path ("library-de-1.sqlite3.gz");
  g_autoptr(GFile) file = g_file_new_for_path (gz);
  g_autoptr(GFile) target = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(GInputStream) raw = NULL, in = NULL;
  g_autoptr(GOutputStream) out = NULL;
  g_autoptr(GZlibDecompressor) gunzip = g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP);

  raw = G_INPUT_STREAM (g_file_read (file, NULL, &error));
  g_assert_no_error (error);
  in = g_converter_input_stream_new (raw, G_CONVERTER (gunzip));
  out = G_OUTPUT_STREAM (g_file_replace (target, NULL, FALSE, G_FILE_CREATE_NONE, NULL, &error));
  g_assert_no_error (error);
  g_output_stream_splice (out, in, G_OUTPUT_STREAM_SPLICE_CLOSE_SOURCE
                          | G_OUTPUT_STREAM_SPLICE_CLOSE_TARGET, NULL, &error);
  g_assert_no_error (error);
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  f->locale = data;
  if (setlocale (LC_ALL, f->locale) == NULL)
    {
      g_autofree char *why = g_strdup_printf ("locale %s is not available", f->locale);
      g_test_skip (why);
      return;
    }
  f->tmpdir = g_dir_make_tmp ("imh-test-analysis-unreadable-XXXXXX", NULL);
  g_assert_nonnull (f->tmpdir);
  f->db = g_build_filename (f->tmpdir, "library.sqlite3", NULL);
  unpack_library (f->db);

  f->window = GTK_WINDOW (adw_window_new ());
  g_object_ref (f->window);
  gtk_window_set_default_size (f->window, 1280, 800);
  f->view = IMH_PLAY_VIEW (imh_play_view_new ());
  g_object_ref (f->view);
  imh_play_view_set_pace (f->view, 0);
  adw_window_set_content (ADW_WINDOW (f->window), GTK_WIDGET (f->view));
  f->page = IMH_ANALYSIS_PAGE (imh_play_view_get_analysis_page (f->view));
  /* A small budget: the test checks the plumbing, not the strength. */
  imh_analysis_page_set_budget (f->page, 60, 2, 16);
  gtk_window_present (f->window);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  const char *suffixes[] = { "", "-wal", "-shm" };

  if (f->window != NULL)
    imh_test_play_window_destroy (f->window, f->view, NULL);
  if (f->db != NULL)
    for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
      {
        g_autofree char *path = g_strconcat (f->db, suffixes[i], NULL);
        g_remove (path);
      }
  if (f->tmpdir != NULL)
    g_rmdir (f->tmpdir);
  g_free (f->db);
  g_free (f->tmpdir);
  setlocale (LC_ALL, "C.UTF-8");
}

static void
on_session_opened (GObject      *source,
                   GAsyncResult *result,
                   gpointer      data)
{
  ImhSession **session = data;
  g_autoptr(GError) error = NULL;

  *session = imh_session_open_library_game_finish (result, &error);
  g_assert_no_error (error);
  g_assert_nonnull (*session);
}

static gboolean
is_set (gpointer data)
{
  return *(gpointer *) data != NULL;
}

/* Opens a game of the library as the window does: a session with its
 * stored analysis and bookmarks. */
static ImhSession *
open_library_session (ImhLibrary *library,
                      gint64      id)
{
  ImhSession *session = NULL;

  imh_session_open_library_game_async (library, id, NULL, on_session_opened, &session);
  imh_test_iterate_until (is_set, &session);
  return session;
}

/* Opens the library's game in the view, as the window does. */
static void
open_game (Fixture    *f,
           ImhLibrary *lib,
           gint64      id)
{
  g_autoptr(ImhSession) session = open_library_session (lib, id);
  GtkWidget *stack, *child;

  imh_game_set_pace (imh_session_get_game (session), 0);
  imh_play_view_set_session (f->view, session);
  /* The sidebar shows the Analysis page. */
  stack = gtk_widget_get_ancestor (GTK_WIDGET (f->page), GTK_TYPE_STACK);
  g_assert_nonnull (stack);
  for (child = GTK_WIDGET (f->page); gtk_widget_get_parent (child) != stack;)
    child = gtk_widget_get_parent (child);
  gtk_stack_set_visible_child (GTK_STACK (stack), child);
  imh_test_iterate_until (imh_test_widget_is_drawn, f->page);
  imh_test_flush_main_loop ();
}

static gboolean
label_contains (GtkWidget *widget,
                gpointer   data)
{
  return GTK_IS_LABEL (widget) && strstr (gtk_label_get_text (GTK_LABEL (widget)), data) != NULL;
}

/* The label of the page showing text, if it is drawn. */
static gboolean
page_shows (Fixture    *f,
            const char *text)
{
  GtkWidget *label = imh_test_find_widget (GTK_WIDGET (f->page), label_contains, (gpointer) text);

  return label != NULL && gtk_widget_is_drawable (label);
}

static gboolean
session_has_analysis (gpointer session)
{
  return imh_session_get_analysis (session) != NULL;
}

static gboolean
analysis_is_done (gpointer data)
{
  return !imh_analysis_page_get_running (IMH_ANALYSIS_PAGE (data));
}

/* Written under German with decimal commas: shown, as any other. */
static void
test_german_written (Fixture       *f,
                     gconstpointer  data)
{
  g_autoptr(ImhLibrary) lib = NULL;
  g_autoptr(GError) error = NULL;
  ImhAnalysisResult *result;

  if (f->db == NULL)
    return;
  lib = imh_library_open (f->db, &error);
  g_assert_no_error (error);
  open_game (f, lib, DUEL_ID);
  result = imh_analysis_page_get_result (f->page);
  g_assert_nonnull (result);
  g_assert_cmpuint (imh_analysis_result_get_n_plies (result), ==, 72);
  g_assert_cmpfloat (imh_analysis_result_get_ply (result, 0)->win_before, ==, 0.4597);
  g_assert_null (imh_analysis_page_get_load_error (f->page));
  imh_play_view_set_session (f->view, NULL);
}

/* Unreadable: said, with the reason; kept until analysed again. */
static void
test_unreadable (Fixture       *f,
                 gconstpointer  data)
{
  g_autoptr(ImhLibrary) lib = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *broken = NULL, *stored = NULL, *why = NULL;

  if (f->db == NULL)
    return;
  lib = imh_library_open (f->db, &error);
  g_assert_no_error (error);
  /* The stored analysis cut off (as a damaged file would hold it). */
  g_assert_true (imh_library_get_latest_analysis (lib, DUEL_ID, NULL, NULL, &stored, &error));
  broken = g_strndup (stored, strlen (stored) / 2);
  g_clear_pointer (&stored, g_free);
  g_assert_cmpint (imh_library_add_analysis (lib, DUEL_ID, "imhotep-engine-1", "{}", broken, 0,
                                             &error), >, 0);
  g_assert_no_error (error);

  open_game (f, lib, DUEL_ID);
  g_assert_null (imh_analysis_page_get_result (f->page));
  why = g_strdup (imh_analysis_page_get_load_error (f->page));
  g_assert_nonnull (why);
  /* Said on the page, with the reason, and analysing again is offered. */
  g_assert_true (page_shows (f, why));
  g_assert_true (imh_play_view_get_action_enabled (f->view, "game.analyse"));
  /* The library lists it as unreadable, and keeps it. */
  {
    g_autoptr(ImhGameSummary) s = imh_library_get_summary (lib, DUEL_ID, &error);
    g_assert_no_error (error);
    g_assert_false (imh_game_summary_get_analysed (s));
    g_assert_true (imh_game_summary_get_analysis_unreadable (s));
  }
  g_assert_true (imh_library_get_latest_analysis (lib, DUEL_ID, NULL, NULL, &stored, &error));
  g_assert_cmpstr (stored, ==, broken);
  g_clear_pointer (&stored, g_free);

  /* A cancelled analysis changes nothing. */
  gtk_widget_activate_action (GTK_WIDGET (f->view), "game.analyse", NULL);
  g_assert_true (imh_analysis_page_get_running (f->page));
  g_assert_false (page_shows (f, why));
  gtk_widget_activate_action (GTK_WIDGET (f->view), "game.cancel-analysis", NULL);
  imh_test_flush_main_loop ();
  g_assert_false (imh_analysis_page_get_running (f->page));
  g_assert_true (page_shows (f, why));
  g_assert_true (imh_library_get_latest_analysis (lib, DUEL_ID, NULL, NULL, &stored, &error));
  g_assert_cmpstr (stored, ==, broken);
  g_clear_pointer (&stored, g_free);

  /* Analysed again: shown, stored in its place, the message gone. */
  gtk_widget_activate_action (GTK_WIDGET (f->view), "game.analyse", NULL);
  imh_test_iterate_until (analysis_is_done, f->page);
  g_assert_nonnull (imh_analysis_page_get_result (f->page));
  g_assert_null (imh_analysis_page_get_load_error (f->page));
  g_assert_false (page_shows (f, why));
  /* Stored without blocking: the session has it once it is. */
  imh_test_iterate_until (session_has_analysis, imh_play_view_get_session (f->view));
  g_assert_true (imh_library_get_latest_analysis (lib, DUEL_ID, NULL, NULL, &stored, &error));
  g_assert_cmpstr (stored, !=, broken);
  {
    g_autoptr(ImhGameSummary) s = imh_library_get_summary (lib, DUEL_ID, &error);
    g_assert_no_error (error);
    g_assert_true (imh_game_summary_get_analysed (s));
    g_assert_false (imh_game_summary_get_analysis_unreadable (s));
  }
  imh_play_view_set_session (f->view, NULL);
}

int
main (int   argc,
      char *argv[])
{
  static const char *const locales[][2] = { { "C", "C.UTF-8" }, { "de", "de_DE.UTF-8" } };

  g_setenv ("GTK_A11Y", "none", TRUE);
  imh_test_init (&argc, &argv);
  adw_init ();

  for (guint i = 0; i < G_N_ELEMENTS (locales); i++)
    {
      g_autofree char *german = g_strdup_printf ("/analysis-unreadable/%s/german-written", locales[i][0]);
      g_autofree char *unreadable = g_strdup_printf ("/analysis-unreadable/%s/unreadable", locales[i][0]);

      g_test_add (german, Fixture, locales[i][1], fixture_set_up, test_german_written, fixture_tear_down);
      g_test_add (unreadable, Fixture, locales[i][1], fixture_set_up, test_unreadable, fixture_tear_down);
    }
  return g_test_run ();
}
