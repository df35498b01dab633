/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-autosave-banner.c — the window says when the game played is not
 * saved (a banner with the reason) and when it is saved again (a toast). */
#define G_LOG_DOMAIN "test-autosave-banner"

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "failing-vfs.h"
#include "imh-application.h"
#include "imh-library.h"
#include "imh-play-view.h"
#include "imh-record-file.h"
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

static gboolean
is_save_banner (GtkWidget *widget, gpointer data)
{
  GtkWidget *child;

  if (!GTK_IS_REVEALER (widget))
    return FALSE;
  child = gtk_revealer_get_child (GTK_REVEALER (widget));
  return child != NULL && gtk_widget_has_css_class (child, "save-banner");
}

static gboolean
is_label_with (GtkWidget *widget, gpointer data)
{
  return GTK_IS_LABEL (widget) && strstr (gtk_label_get_label (GTK_LABEL (widget)), data) != NULL;
}

static gboolean
is_button_labelled (GtkWidget *widget, gpointer data)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), data) == 0;
}

static gboolean
banner_shown (gpointer banner)
{
  return gtk_revealer_get_reveal_child (banner) && gtk_revealer_get_child_revealed (banner);
}

static gboolean
banner_hidden (gpointer banner)
{
  return !gtk_revealer_get_reveal_child (banner);
}

static gboolean
saved_toast_shown (gpointer window)
{
  return imh_test_find_widget (window, is_label_with, (gpointer) "The game is saved again") != NULL;
}

/* The game stored in the library: its number of decisions (0: none). */
static guint
stored_length (void)
{
  g_autofree char *path = g_build_filename (g_get_user_data_dir (), APP_ID, "library.sqlite3", NULL);
  g_autoptr(ImhLibrary) lib = imh_library_open (path, NULL);
  gint64 id = lib != NULL ? imh_library_get_latest_unfinished (lib, NULL) : 0;
  g_autoptr(ImhGameSummary) s = id > 0 ? imh_library_get_summary (lib, id, NULL) : NULL;

  return s != NULL ? imh_game_summary_get_length (s) : 0;
}

static gboolean
stored_length_is (gpointer data)
{
  return stored_length () == GPOINTER_TO_UINT (data);
}

/* A full disk while a game is played: the banner says so (and stays while
 * moves are made), "Try Now" when there is space again stores the game and
 * a toast says that it is saved again. */
static void
test_banner_then_saved (void)
{
  ImhWindow *window = imh_window_new (app);
  ImhPlayView *view = imh_window_get_play_view (window);
  g_autoptr(ImhGame) game = NULL;
  g_autoptr(GError) error = NULL;
  GtkWidget *banner, *button;
  ImhOptions o;

  gtk_window_present (GTK_WINDOW (window));
  imh_test_iterate_until (imh_test_widget_is_drawn, window);
  imh_window_set_library_autosave (window, TRUE);
  imh_test_wait_for_object (window, "library");
  banner = imh_test_find_widget (GTK_WIDGET (window), is_save_banner, NULL);
  g_assert_nonnull (banner);
  g_assert_false (gtk_revealer_get_reveal_child (GTK_REVEALER (banner)));

  imh_options_init (&o, IMH_GAME_DUEL, 2);
  game = imh_game_new (&o, 5151, &error);
  g_assert_no_error (error);
  imh_play_view_set_game (view, game);
  play_one (game);
  imh_test_iterate_until (stored_length_is, GUINT_TO_POINTER (1));
  g_assert_false (gtk_revealer_get_reveal_child (GTK_REVEALER (banner)));

  /* The disk is full: the banner, with the reason. */
  imh_test_failing_vfs_fail_writes (TRUE);
  play_one (game);
  imh_test_iterate_until (banner_shown, banner);
  g_assert_nonnull (imh_test_find_widget (banner, is_label_with, (gpointer) "This game is not saved"));
  g_assert_nonnull (imh_test_find_widget (banner, is_label_with, (gpointer) "The disk is full."));
  g_assert_false (saved_toast_shown (window));
  play_one (game);
  imh_test_flush_main_loop ();
  g_assert_true (gtk_revealer_get_reveal_child (GTK_REVEALER (banner)));
  g_assert_cmpuint (stored_length (), ==, 1);

  /* Space again; Try Now: stored, the banner goes, the toast comes. */
  imh_test_failing_vfs_fail_writes (FALSE);
  button = imh_test_find_widget (banner, is_button_labelled, (gpointer) "_Try Now");
  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
  imh_test_iterate_until (banner_hidden, banner);
  imh_test_iterate_until (saved_toast_shown, window);
  g_assert_cmpuint (stored_length (), ==, 3);

  gtk_window_destroy (GTK_WINDOW (window));
  imh_test_flush_main_loop ();
}

static gboolean
is_null (gpointer data)
{
  return *(gpointer *) data == NULL;
}

/* Closing the window while the game is not stored: the window goes at
 * once, the game is stored when the disk has space again (the application
 * held meanwhile), then the window is destroyed. */
static void
test_close_while_not_saved (void)
{
  ImhWindow *window = imh_window_new (app);
  ImhPlayView *view = imh_window_get_play_view (window);
  gpointer weak = window;
  g_autoptr(ImhGame) game = NULL;
  g_autoptr(GError) error = NULL;
  GtkWidget *banner;
  ImhOptions o;

  g_object_add_weak_pointer (G_OBJECT (window), &weak);
  gtk_window_present (GTK_WINDOW (window));
  imh_test_iterate_until (imh_test_widget_is_drawn, window);
  imh_window_set_library_autosave (window, TRUE);
  imh_test_wait_for_object (window, "library");
  banner = imh_test_find_widget (GTK_WIDGET (window), is_save_banner, NULL);

  imh_options_init (&o, IMH_GAME_DUEL, 2);
  game = imh_game_new (&o, 5252, &error);
  g_assert_no_error (error);
  imh_play_view_set_game (view, game);
  imh_test_failing_vfs_fail_writes (TRUE);
  for (int i = 0; i < 4; i++)
    play_one (game);
  imh_test_iterate_until (banner_shown, banner);

  gtk_window_close (GTK_WINDOW (window));
  imh_test_flush_main_loop ();
  g_assert_nonnull (weak);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window)));
  g_assert_cmpuint (stored_length (), !=, 4);

  imh_test_failing_vfs_fail_writes (FALSE);
  imh_test_iterate_until (is_null, &weak);
  g_assert_cmpuint (stored_length (), ==, 4);
}

int
main (int argc, char **argv)
{
  int status;

  if (!imh_test_app_init (&argc, &argv))
    return 0;
  imh_test_failing_vfs_install ();

  app = imh_test_app_new ();

  g_test_add_func ("/ui/autosave-banner/banner-then-saved", test_banner_then_saved);
  g_test_add_func ("/ui/autosave-banner/close-while-not-saved", test_close_while_not_saved);
  status = g_test_run ();

  g_application_quit (G_APPLICATION (app));
  g_clear_object (&app);
  return status;
}
