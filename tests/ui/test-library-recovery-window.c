/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-library-recovery-window.c — the window when the library file is not
 * an Imhotep library: it says so, plays on, and never changes the file. */
#define G_LOG_DOMAIN "test-library-recovery-window"

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "imh-application.h"
#include "imh-library.h"
#include "imh-play-view.h"
#include "imh-window.h"
#include "ui-test-app.h"
#include "ui-test-util.h"

static ImhApplication *app;

static char *
listing (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  const char *name;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    g_ptr_array_add (names, (char *) name);
  g_ptr_array_sort (names, (GCompareFunc) g_strcmp0);
  g_ptr_array_add (names, NULL);
  return g_strjoinv ("\n", (char **) names->pdata);
}

static gboolean
dialog_shown (gpointer data)
{
  return imh_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG) != NULL;
}

static void
test_not_a_library (void)
{
  g_autofree char *dir = g_build_filename (g_get_user_data_dir (), APP_ID, NULL);
  g_autofree char *path = g_build_filename (dir, "library.sqlite3", NULL);
  g_autofree char *junk = g_strnfill (8192, 'x');
  g_autofree char *names = NULL;
  g_autofree char *names_after = NULL;
  g_autofree char *kept = NULL;
  g_autoptr(GError) error = NULL;
  GtkWindow *dialog;
  const char *body;
  ImhWindow *window;
  gsize kept_len = 0;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (path, junk, -1, &error));
  names = listing (dir);

  window = imh_window_new (app);
  gtk_window_present (GTK_WINDOW (window));
  imh_test_iterate_until (imh_test_widget_is_drawn, window);
  imh_window_set_library_autosave (window, TRUE);
  imh_window_resume (window);

  /* The window says what is wrong, with the path (once the open, in the
   * background, failed). */
  imh_test_iterate_until (dialog_shown, NULL);
  dialog = imh_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG);
  g_assert_nonnull (dialog);
  g_assert_null (imh_window_get_library (window));
  body = adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog));
  g_assert_nonnull (strstr (body, path));
  g_assert_nonnull (strstr (body, "not an Imhotep library"));
  gtk_window_destroy (dialog);

  /* A game is played; nothing is written over the file, and the dialog is
   * not shown again for each change. */
  {
    ImhOptions o;
    ImhDecisionList legal;
    g_autoptr(ImhGame) game = NULL;

    imh_options_init (&o, IMH_GAME_DUEL, 2);
    game = imh_game_new (&o, 7, &error);
    g_assert_no_error (error);
    imh_play_view_set_game (imh_window_get_play_view (window), game);
    for (int i = 0; i < 3; i++)
      {
        imh_game_get_viewed_legal (game, &legal);
        g_assert_true (imh_game_apply (game, legal.d[0], IMH_BRANCH_TRUNCATE, &error));
        g_assert_no_error (error);
      }
    imh_test_flush_main_loop ();
  }
  g_assert_null (imh_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  gtk_window_destroy (GTK_WINDOW (window));
  imh_test_flush_main_loop ();

  g_assert_true (g_file_get_contents (path, &kept, &kept_len, NULL));
  g_assert_cmpmem (kept, kept_len, junk, strlen (junk));
  names_after = listing (dir);
  g_assert_cmpstr (names_after, ==, names);
}

int
main (int argc, char **argv)
{
  int status;

  /* The user's library is in the test program's own data home. */
  if (!imh_test_app_init (&argc, &argv))
    return 0;

  app = imh_test_app_new ();

  g_test_add_func ("/ui/library-recovery/not-a-library", test_not_a_library);
  status = g_test_run ();

  g_clear_object (&app);
  return status;
}
