/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-markup.c — text from users and files is shown as it is, never read
 * as Pango markup: a file named "A & <B>.imhotep" is opened (broken, then
 * valid) and saved in the main window, and its name shows in the toasts.
 * A title read as markup would log a warning (fatal here) and show nothing. */
#define G_LOG_DOMAIN "test-markup"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "imh-application.h"
#include "imh-game.h"
#include "imh-play-view.h"
#include "imh-record-file.h"
#include "imh-ui-util.h"
#include "imh-window.h"
#include "ui-test-util.h"

#define AWKWARD_NAME "A & <B>.imhotep"

static ImhApplication *app;

static gboolean
label_contains (GtkWidget *widget,
                gpointer   data)
{
  return GTK_IS_LABEL (widget)
         && gtk_widget_get_mapped (widget)
         && strstr (gtk_label_get_text (GTK_LABEL (widget)), data) != NULL;
}

typedef struct {
  GtkWidget  *window;
  const char *text;
} LabelWait;

static gboolean
window_shows (gpointer data)
{
  LabelWait *w = data;

  return imh_test_find_widget (w->window, label_contains, (gpointer) w->text) != NULL;
}

typedef struct {
  ImhPlayView *view;
  guint        n_plies;
} GameWait;

static gboolean
view_has_opened_game (gpointer data)
{
  GameWait *w = data;
  ImhGame *game = imh_play_view_get_game (w->view);

  return game != NULL && imh_game_get_n_plies (game) == w->n_plies
         && !imh_game_get_is_over (game);
}

static void
test_toast_new_is_plain_text (void)
{
  g_autoptr(AdwToast) toast = g_object_ref_sink (imh_ui_toast_new ("A & <B> \"C\""));

  /* The title is markup that shows exactly the text given. */
  g_autofree char *shown = NULL;
  g_assert_true (pango_parse_markup (adw_toast_get_title (toast), -1, 0, NULL, &shown, NULL, NULL));
  g_assert_cmpstr (shown, ==, "A & <B> \"C\"");
}

static void
test_open_and_save_awkward_name (void)
{
  ImhWindow *window = imh_window_new (app);
  ImhPlayView *view = imh_window_get_play_view (window);
  g_autofree char *path = g_build_filename (g_get_user_data_dir (), AWKWARD_NAME, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  LabelWait shown = { GTK_WIDGET (window), NULL };
  GameWait opened = { view, 0 };
  g_autoptr(GError) error = NULL;
  g_autofree char *saved = NULL;
  ImhOptions options;
  g_autoptr(ImhGame) start = NULL;
  g_autofree char *text = NULL;
  ImhGame *game;
  ImhDecisionList legal;

  g_object_ref (window);
  gtk_window_present (GTK_WINDOW (window));
  imh_test_iterate_until (imh_test_widget_is_drawn, window);
  g_assert_cmpint (g_mkdir_with_parents (g_get_user_data_dir (), 0700), ==, 0);

  /* A broken file: the error toast names it. */
  g_assert_true (g_file_set_contents (path, "this is not a game record\n", -1, NULL));
  imh_play_view_open_file (view, file);
  shown.text = AWKWARD_NAME;
  imh_test_iterate_until (window_shows, &shown);

  /* A valid one opens, and is saved back to the same file. */
  imh_options_init (&options, IMH_GAME_DUEL, 2);
  start = imh_game_new (&options, 31, &error);
  g_assert_no_error (error);
  text = imh_game_to_record_text (start);
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  imh_play_view_open_file (view, file);
  imh_test_iterate_until (view_has_opened_game, &opened);
  game = imh_play_view_get_game (view);
  imh_game_get_legal (game, &legal);
  g_assert_cmpuint (legal.n, >, 0);
  g_assert_true (imh_game_apply (game, legal.d[0], IMH_BRANCH_TRUNCATE, &error));
  g_assert_no_error (error);

  g_assert_true (g_action_group_get_action_enabled (imh_play_view_get_actions (view), "save"));
  g_action_group_activate_action (imh_play_view_get_actions (view), "save", NULL);
  shown.text = _("Game saved");
  imh_test_iterate_until (window_shows, &shown);
  g_assert_true (g_file_get_contents (path, &saved, NULL, NULL));
  g_free (text);
  text = imh_game_to_record_text (game);
  g_assert_cmpstr (saved, ==, text);

  gtk_window_destroy (GTK_WINDOW (window));
  imh_test_flush_main_loop ();
  g_object_unref (window);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      g_print ("1..0 # SKIP no display: run under xvfb-run\n");
      return 0;
    }

  g_setenv ("GSK_RENDERER", "cairo", TRUE);
  g_setenv ("GTK_A11Y", "none", TRUE);
  g_setenv ("NO_AT_BRIDGE", "1", TRUE);

  imh_test_init (&argc, &argv);
  adw_init ();

  app = imh_application_new ();
  g_application_set_flags (G_APPLICATION (app),
                           g_application_get_flags (G_APPLICATION (app)) | G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);

  g_test_add_func ("/ui/markup/toast-new", test_toast_new_is_plain_text);
  g_test_add_func ("/ui/markup/open-and-save-awkward-name", test_open_and_save_awkward_name);

  status = g_test_run ();

  g_application_quit (G_APPLICATION (app));
  g_clear_object (&app);
  return status;
}
