/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-session-window.c — the window shows every game through an
 * ImhSession: the session's autosave keeps it in the library, Save writes
 * the session's file, closing stores what is pending without waiting, the
 * analysis and the bookmarks go with the game's library entry. */
#define G_LOG_DOMAIN "test-session-window"

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>

#include "imh-analysis-page.h"
#include "imh-application.h"
#include "imh-library.h"
#include "imh-play-view.h"
#include "imh-record-file.h"
#include "imh-session.h"
#include "imh-study-view.h"
#include "imh-window.h"
#include "ui-test-app.h"
#include "ui-test-util.h"

static ImhApplication *app;

static void
play_one (ImhGame *game)
{
  ImhDecisionList legal;
  g_autoptr(GError) error = NULL;

  imh_game_get_viewed_legal (game, &legal);
  g_assert_cmpuint (legal.n, >, 0);
  g_assert_true (imh_game_apply (game, legal.d[0], IMH_BRANCH_TRUNCATE, &error));
  g_assert_no_error (error);
}

static ImhGame *
new_game (guint64 seed)
{
  g_autoptr(GError) error = NULL;
  ImhGame *game;
  ImhOptions o;

  imh_options_init (&o, IMH_GAME_DUEL, 2);
  o.start_player = 0;
  game = imh_game_new (&o, seed, &error);
  g_assert_no_error (error);
  imh_game_set_pace (game, 0);
  return game;
}

/* A window whose library keeps the games shown. */
static ImhWindow *
library_window (void)
{
  ImhWindow *window = imh_window_new (app);

  imh_play_view_set_pace (imh_window_get_play_view (window), 0);
  gtk_window_present (GTK_WINDOW (window));
  imh_test_iterate_until (imh_test_widget_is_drawn, window);
  imh_window_set_library_autosave (window, TRUE);
  imh_test_wait_for_object (window, "library");
  return window;
}

static ImhLibrary *
open_library (void)
{
  g_autoptr(GError) error = NULL;
  ImhLibrary *library = imh_library_open (NULL, &error);

  g_assert_no_error (error);
  return library;
}

/* The number of decisions the library holds of a game (0: none). */
static guint
stored_length (gint64 id)
{
  g_autoptr(ImhLibrary) library = open_library ();
  g_autoptr(ImhGameSummary) s = id > 0 ? imh_library_get_summary (library, id, NULL) : NULL;

  return s != NULL ? imh_game_summary_get_length (s) : 0;
}

static gboolean
has_library_id (gpointer session)
{
  return imh_session_get_library_id (session) > 0;
}

static gboolean
is_null (gpointer data)
{
  return *(gpointer *) data == NULL;
}

static gboolean
is_set (gpointer data)
{
  return *(gpointer *) data != NULL;
}

static gboolean
is_true (gpointer data)
{
  return *(gboolean *) data;
}

static void
destroy_window (ImhWindow *window)
{
  gpointer weak = window;

  g_object_add_weak_pointer (G_OBJECT (window), &weak);
  gtk_window_close (GTK_WINDOW (window));
  imh_test_iterate_until (is_null, &weak);
}

/* A new game gets a session from the library, whose autosave stores it
 * from its first decision. */
static void
test_new_game_autosaved (void)
{
  ImhWindow *window = library_window ();
  ImhPlayView *view = imh_window_get_play_view (window);
  g_autoptr(ImhGame) game = new_game (7001);
  ImhSession *session;

  imh_play_view_set_game (view, game);
  session = imh_play_view_get_session (view);
  g_assert_nonnull (session);
  g_assert_true (imh_session_get_game (session) == game);
  g_assert_nonnull (imh_session_get_library (session));
  g_assert_nonnull (imh_session_get_autosave (session));
  g_assert_cmpint (imh_session_get_library_id (session), ==, 0);

  play_one (game);
  imh_test_iterate_until (has_library_id, session);
  g_assert_cmpuint (stored_length (imh_session_get_library_id (session)), ==, 1);

  destroy_window (window);
}

static void
on_saved (GObject      *source,
          GAsyncResult *result,
          gpointer      data)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (imh_record_file_save_finish (result, &error));
  g_assert_no_error (error);
  *(gboolean *) data = TRUE;
}

static gboolean
session_has_file (gpointer view)
{
  ImhSession *session = imh_play_view_get_session (view);

  return session != NULL && imh_session_get_file (session) != NULL;
}

static gboolean
is_not_modified (gpointer session)
{
  return !imh_session_get_modified (session);
}

static void
on_loaded (GObject      *source,
           GAsyncResult *result,
           gpointer      data)
{
  g_autoptr(GError) error = NULL;

  *(ImhGame **) data = imh_record_file_load_finish (result, &error);
  g_assert_no_error (error);
}

/* A game opened from a file: Save writes the game to the session's file
 * and clears "modified". */
static void
test_save_to_session_file (void)
{
  ImhWindow *window = library_window ();
  ImhPlayView *view = imh_window_get_play_view (window);
  g_autoptr(ImhGame) game = new_game (7002);
  g_autoptr(ImhGame) loaded = NULL;
  g_autofree char *dir = g_dir_make_tmp ("imh-test-session-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "game.imhotep", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  ImhSession *session;
  gboolean saved = FALSE;

  play_one (game);
  imh_record_file_save_async (game, file, NULL, on_saved, &saved);
  imh_test_iterate_until (is_true, &saved);

  imh_play_view_open_file (view, file);
  imh_test_iterate_until (session_has_file, view);
  session = imh_play_view_get_session (view);
  g_assert_true (g_file_equal (imh_session_get_file (session), file));
  g_assert_false (imh_session_get_modified (session));
  g_assert_cmpuint (imh_game_get_n_plies (imh_play_view_get_game (view)), ==, 1);

  play_one (imh_play_view_get_game (view));
  g_assert_true (imh_session_get_modified (session));
  gtk_widget_activate_action (GTK_WIDGET (view), "game.save", NULL);
  imh_test_iterate_until (is_not_modified, session);
  g_assert_true (g_file_equal (imh_session_get_file (session), file));

  imh_record_file_load_async (file, NULL, on_loaded, &loaded);
  imh_test_iterate_until (is_set, &loaded);
  g_assert_cmpuint (imh_game_get_n_plies (loaded), ==, 2);

  destroy_window (window);
  g_remove (path);
  g_rmdir (dir);
}

/* Closing the window with changes not stored yet: the window goes at once
 * (closing does not wait in a loop of its own), the game is stored, then
 * the window is destroyed. */
static void
test_close_stores_pending (void)
{
  ImhWindow *window = library_window ();
  ImhPlayView *view = imh_window_get_play_view (window);
  g_autoptr(ImhGame) game = new_game (7003);
  g_autoptr(ImhSession) session = NULL;
  gpointer weak = window;

  imh_play_view_set_game (view, game);
  session = g_object_ref (imh_play_view_get_session (view));
  play_one (game);
  imh_test_iterate_until (has_library_id, session);
  for (int i = 0; i < 3; i++)
    play_one (game);

  g_object_add_weak_pointer (G_OBJECT (window), &weak);
  gtk_window_close (GTK_WINDOW (window));
  /* Back from closing without the main loop having run: still there,
   * hidden, its session handed over to be closed. */
  g_assert_nonnull (weak);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window)));
  g_assert_null (imh_session_get_autosave (session));

  imh_test_iterate_until (is_null, &weak);
  g_assert_cmpuint (stored_length (imh_session_get_library_id (session)), ==, 4);
}

static gboolean
analysis_is_done (gpointer page)
{
  return !imh_analysis_page_get_running (page);
}

static gboolean
session_has_analysis (gpointer session)
{
  return imh_session_get_analysis (session) != NULL;
}

static gboolean
shows_other_game (gpointer data)
{
  gpointer *pair = data;
  ImhPlayView *view = pair[0];
  ImhSession *session = imh_play_view_get_session (view);

  return session != NULL && session != pair[1]
         && imh_session_get_library_id (session) == imh_session_get_library_id (pair[1]);
}

/* An analysis stored through the session is shown when the game is
 * opened again from the library. */
static void
test_analysis_reopened (void)
{
  ImhWindow *window = library_window ();
  ImhPlayView *view = imh_window_get_play_view (window);
  ImhAnalysisPage *page = IMH_ANALYSIS_PAGE (imh_play_view_get_analysis_page (view));
  g_autoptr(ImhGame) game = new_game (7004);
  g_autoptr(ImhSession) session = NULL;
  ImhSession *reopened;
  GtkWidget *library_page;
  gpointer pair[2];

  imh_analysis_page_set_budget (page, 60, 2, 16);
  imh_play_view_set_game (view, game);
  session = g_object_ref (imh_play_view_get_session (view));
  for (int i = 0; i < 6; i++)
    play_one (game);
  imh_test_iterate_until (has_library_id, session);

  imh_play_view_show_analysis (view, IMH_ANALYSIS_QUICK);
  imh_test_iterate_until (analysis_is_done, page);
  g_assert_nonnull (imh_analysis_page_get_result (page));
  imh_test_iterate_until (session_has_analysis, session);

  /* Another game, then the first one again from the library. */
  {
    g_autoptr(ImhGame) other = new_game (7005);

    imh_play_view_set_game (view, other);
    g_assert_null (imh_analysis_page_get_result (page));
  }
  g_action_group_activate_action (G_ACTION_GROUP (window), "library", NULL);
  imh_test_wait_for_object (window, "library");
  library_page = imh_window_get_library_page (window);
  g_assert_nonnull (library_page);
  g_signal_emit_by_name (library_page, "open-game", imh_session_get_library_id (session), -1);
  pair[0] = view;
  pair[1] = session;
  imh_test_iterate_until (shows_other_game, pair);
  reopened = imh_play_view_get_session (view);
  g_assert_true (imh_session_get_game (reopened) != game);
  g_assert_nonnull (imh_session_get_analysis (reopened));
  g_assert_nonnull (imh_analysis_page_get_result (page));
  g_assert_cmpuint (imh_analysis_result_get_n_plies (imh_analysis_page_get_result (page)), ==, 6);

  destroy_window (window);
}

static gboolean
is_study_view (GtkWidget *widget, gpointer data)
{
  return IMH_IS_STUDY_VIEW (widget);
}

typedef struct {
  gboolean  done;
  gint64    id;
} Added;

static void
on_added (GObject      *source,
          GAsyncResult *result,
          gpointer      data)
{
  Added *added = data;
  g_autoptr(GError) error = NULL;

  added->id = imh_study_view_add_bookmark_finish (IMH_STUDY_VIEW (source), result, &error);
  g_assert_no_error (error);
  added->done = TRUE;
}

/* A bookmark added before the autosave first stored the game: the game is
 * stored first, the bookmark with it, and both are there afterwards. */
static void
test_bookmark_before_autosave (void)
{
  ImhWindow *window = library_window ();
  ImhPlayView *view = imh_window_get_play_view (window);
  GtkWidget *study = imh_test_find_widget (GTK_WIDGET (view), is_study_view, NULL);
  g_autoptr(ImhGame) game = new_game (7006);
  g_autoptr(ImhSession) session = NULL;
  g_autoptr(ImhLibrary) library = NULL;
  g_autoptr(GPtrArray) bookmarks = NULL;
  g_autoptr(GError) error = NULL;
  Added added = { FALSE, 0 };

  g_assert_nonnull (study);
  imh_play_view_set_game (view, game);
  session = g_object_ref (imh_play_view_get_session (view));
  play_one (game);
  play_one (game);
  /* Not stored yet: the main loop has not run since. */
  g_assert_cmpint (imh_session_get_library_id (session), ==, 0);
  imh_game_set_viewed_ply (game, 1);
  imh_study_view_add_bookmark_async (IMH_STUDY_VIEW (study), "Before the first save", NULL,
                                     on_added, &added);
  imh_test_iterate_until (is_true, &added.done);
  g_assert_cmpint (added.id, >, 0);
  g_assert_cmpint (imh_session_get_library_id (session), >, 0);
  g_assert_cmpuint (imh_study_view_get_n_bookmarks (IMH_STUDY_VIEW (study)), ==, 1);

  destroy_window (window);

  /* Kept: the game with its two decisions, and the bookmark. */
  g_assert_cmpuint (stored_length (imh_session_get_library_id (session)), ==, 2);
  library = open_library ();
  bookmarks = imh_library_list_bookmarks (library, imh_session_get_library_id (session), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (bookmarks->len, ==, 1);
  g_assert_cmpint (((ImhLibraryBookmark *) g_ptr_array_index (bookmarks, 0))->id, ==, added.id);
  g_assert_cmpuint (((ImhLibraryBookmark *) g_ptr_array_index (bookmarks, 0))->ply, ==, 1);
  g_assert_cmpstr (((ImhLibraryBookmark *) g_ptr_array_index (bookmarks, 0))->label, ==,
                   "Before the first save");
}

int
main (int argc, char **argv)
{
  int status;

  if (!imh_test_app_init (&argc, &argv))
    return 0;
  app = imh_test_app_new ();

  g_test_add_func ("/ui/session-window/new-game-autosaved", test_new_game_autosaved);
  g_test_add_func ("/ui/session-window/save-to-session-file", test_save_to_session_file);
  g_test_add_func ("/ui/session-window/close-stores-pending", test_close_stores_pending);
  g_test_add_func ("/ui/session-window/analysis-reopened", test_analysis_reopened);
  g_test_add_func ("/ui/session-window/bookmark-before-autosave", test_bookmark_before_autosave);
  status = g_test_run ();

  g_application_quit (G_APPLICATION (app));
  g_clear_object (&app);
  return status;
}
