/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-library-loading.c — the window opens the library in the background:
 * the library page shows a loading state until it is open, and a game shown
 * before then keeps its session (and its file) when the library arrives. */
#define G_LOG_DOMAIN "test-library-loading"

#include "config.h"

#include <adwaita.h>

#include "imh-application.h"
#include "imh-library.h"
#include "imh-library-page.h"
#include "imh-play-view.h"
#include "imh-record-file.h"
#include "imh-session.h"
#include "imh-window.h"
#include "ui-test-app.h"
#include "ui-test-util.h"

static ImhApplication *app;

static GtkWidget *
visible_page (ImhWindow *window)
{
  /* The window's pages: the play view's stack. */
  GtkWidget *stack = gtk_widget_get_parent (GTK_WIDGET (imh_window_get_play_view (window)));

  g_assert_true (GTK_IS_STACK (stack));
  return gtk_stack_get_visible_child (GTK_STACK (stack));
}

static void
test_loading_page (void)
{
  ImhWindow *window = imh_window_new (app);
  GtkWidget *loading, *spinner, *page;

  gtk_window_present (GTK_WINDOW (window));
  imh_test_iterate_until (imh_test_widget_is_drawn, window);
  g_assert_null (imh_window_get_library (window));

  /* Menu → Library: the page at once, a spinner until the library is open. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "library", NULL);
  g_assert_cmpstr (imh_window_get_page (window), ==, "library");
  g_assert_null (imh_window_get_library_page (window));
  loading = visible_page (window);
  g_assert_true (ADW_IS_STATUS_PAGE (loading));
  spinner = imh_test_find_descendant (loading, GTK_TYPE_SPINNER);
  g_assert_nonnull (spinner);
  g_assert_true (gtk_spinner_get_spinning (GTK_SPINNER (spinner)));

  /* Then the library page in its place, still shown. */
  imh_test_wait_for_object (window, "library");
  page = imh_window_get_library_page (window);
  g_assert_true (IMH_IS_LIBRARY_PAGE (page));
  g_assert_true (visible_page (window) == page);
  g_assert_cmpstr (imh_window_get_page (window), ==, "library");

  gtk_window_destroy (GTK_WINDOW (window));
  imh_test_flush_main_loop ();
}

static void
on_opened (GObject      *source,
           GAsyncResult *result,
           gpointer      data)
{
  ImhSession **session = data;
  g_autoptr(GError) error = NULL;

  *session = imh_session_open_file_finish (result, &error);
  g_assert_no_error (error);
}

static gboolean
is_set (gpointer data)
{
  return *(gpointer *) data != NULL;
}

/* A file opened before the library is open (from the command line): the
 * same session, its file kept, gets the library and is kept in it. */
static void
test_session_kept (void)
{
  g_autofree char *path = g_build_filename (g_get_user_data_dir (), "early.imhotep", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(ImhGame) game = NULL;
  g_autoptr(ImhSession) session = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  ImhWindow *window = imh_window_new (app);
  ImhPlayView *view = imh_window_get_play_view (window);
  ImhOptions options;

  imh_options_init (&options, IMH_GAME_DUEL, 2);
  game = imh_game_new (&options, 11, &error);
  g_assert_no_error (error);
  text = imh_game_to_record_text (game);
  g_assert_cmpint (g_mkdir_with_parents (g_get_user_data_dir (), 0700), ==, 0);
  g_assert_true (g_file_set_contents (path, text, -1, &error));

  gtk_window_present (GTK_WINDOW (window));
  imh_session_open_file_async (file, NULL, NULL, on_opened, &session);
  imh_test_iterate_until (is_set, &session);
  g_assert_null (imh_window_get_library (window));
  imh_play_view_set_session (view, session);

  /* The library is asked for; the session waits for it as it is. */
  imh_window_set_library_autosave (window, TRUE);
  g_assert_null (imh_session_get_library (session));
  imh_test_wait_for_object (window, "library");

  g_assert_true (imh_play_view_get_session (view) == session);
  g_assert_true (imh_session_get_library (session) == imh_window_get_library (window));
  g_assert_true (g_file_equal (imh_session_get_file (session), file));
  g_assert_nonnull (imh_session_get_autosave (session));

  gtk_window_destroy (GTK_WINDOW (window));
  imh_test_flush_main_loop ();
}

int
main (int argc, char **argv)
{
  int status;

  /* The library is in the test program's own data home. */
  if (!imh_test_app_init (&argc, &argv))
    return 0;

  app = imh_test_app_new ();

  g_test_add_func ("/ui/library-loading/page", test_loading_page);
  g_test_add_func ("/ui/library-loading/session-kept", test_session_kept);
  status = g_test_run ();

  g_clear_object (&app);
  return status;
}
