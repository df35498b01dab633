/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-library-back.c — the library page over a game in progress: the
 * game's actions rest (Ctrl+Z undoes the page's own delete, never a move
 * of the hidden game), Escape, Alt+Left and the back button return to the
 * game, opening another game asks as a new game does, a long error opens
 * whole, and the rows of unfinished games say how far they got and when. */
#define G_LOG_DOMAIN "test-library-back"

#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "imh-application.h"
#include "imh-library-page-private.h"
#include "imh-library-private.h"
#include "imh-play-view.h"
#include "imh-record-file.h"
#include "imh-ui-util.h"
#include "imh-window.h"
#include "ui-test-app.h"
#include "ui-test-util.h"
#include "test-i18n.h"

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

/* A game between two people, three decisions in. */
static ImhGame *
game_in_progress (guint64 seed)
{
  g_autoptr(GError) error = NULL;
  ImhGame *game;
  ImhOptions o;

  imh_options_init (&o, IMH_GAME_DUEL, 2);
  game = imh_game_new (&o, seed, &error);
  g_assert_no_error (error);
  imh_game_set_pace (game, 0);
  for (int i = 0; i < 3; i++)
    play_one (game);
  return game;
}

static gboolean
has_library_id (gpointer window)
{
  ImhSession *session = imh_play_view_get_session (imh_window_get_play_view (window));

  return session != NULL && imh_session_get_library_id (session) > 0;
}

static gboolean
page_idle (gpointer page)
{
  return imh_library_page_get_model (page) != NULL
         && !imh_library_model_get_loading (imh_library_page_get_model (page))
         && !_imh_library_page_get_busy (page);
}

/* A window with a game in progress kept in the library, and `extra`
 * other (stored) games; the library page shown. */
static ImhWindow *
library_over_game (guint n_extra, ImhLibraryPage **page)
{
  ImhWindow *window = imh_window_new (app);
  g_autoptr(ImhGame) game = game_in_progress (31);

  imh_play_view_set_pace (imh_window_get_play_view (window), 0);
  gtk_window_present (GTK_WINDOW (window));
  imh_test_iterate_until (imh_test_widget_is_drawn, window);
  imh_window_set_library_autosave (window, TRUE);
  imh_test_wait_for_object (window, "library");
  for (guint i = 0; i < n_extra; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *text = NULL;
      guint64 seed = 500 + i * 17;

      do
        {
          g_free (text);
          text = _imh_library_random_record (seed++, FALSE, 6, 0);
        }
      while (strstr (text, "\ngame duel\n") == NULL);
      g_assert_cmpint (imh_library_save_record (imh_window_get_library (window), 0, text, FALSE, &error), >, 0);
      g_assert_no_error (error);
    }
  imh_play_view_set_game (imh_window_get_play_view (window), game);
  imh_test_iterate_until (has_library_id, window);
  g_assert_cmpstr (imh_window_get_page (window), ==, "play");

  g_action_group_activate_action (G_ACTION_GROUP (window), "library", NULL);
  g_assert_cmpstr (imh_window_get_page (window), ==, "library");
  *page = IMH_LIBRARY_PAGE (imh_window_get_library_page (window));
  g_assert_nonnull (*page);
  imh_test_iterate_until (page_idle, *page);
  return window;
}

static gboolean
is_null (gpointer data)
{
  return *(gpointer *) data == NULL;
}

static void
destroy_window (ImhWindow *window)
{
  gpointer weak = window;

  g_object_add_weak_pointer (G_OBJECT (window), &weak);
  gtk_window_close (GTK_WINDOW (window));
  imh_test_iterate_until (is_null, &weak);
}

/* The action name of the page's key (a shortcut of its own), or NULL. */
static GtkShortcut *
page_shortcut (GtkWidget *page, const char *key)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (page);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);
          g_autofree char *trigger = gtk_shortcut_trigger_to_string (gtk_shortcut_get_trigger (shortcut));

          if (g_strcmp0 (trigger, key) == 0)
            return g_steal_pointer (&shortcut);
        }
    }
  return NULL;
}

/* Presses a key of the page as its shortcut controller would. */
static void
press_page_key (GtkWidget *page, const char *key)
{
  g_autoptr(GtkShortcut) shortcut = page_shortcut (page, key);

  g_assert_nonnull (shortcut);
  g_assert_true (gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0, page,
                                               gtk_shortcut_get_arguments (shortcut)));
}

/* Presses an application accelerator as the window does: the actions it
 * names, those enabled. */
static void
press_accel (ImhWindow *window, const char *accel)
{
  g_auto(GStrv) actions = gtk_application_get_actions_for_accel (GTK_APPLICATION (app), accel);

  g_assert_nonnull (actions);
  g_assert_nonnull (actions[0]);
  for (guint i = 0; actions[i] != NULL; i++)
    {
      g_assert_true (g_str_has_prefix (actions[i], "win."));
      if (g_action_group_get_action_enabled (G_ACTION_GROUP (window), actions[i] + 4))
        g_action_group_activate_action (G_ACTION_GROUP (window), actions[i] + 4, NULL);
    }
}

static gboolean
can_undo (gpointer page)
{
  return imh_library_page_get_can_undo (page);
}

static gboolean
has_n_rows (gpointer data)
{
  gpointer *pair = data;   /* { page, GUINT_TO_POINTER (n) } */

  return page_idle (pair[0])
         && g_list_model_get_n_items (G_LIST_MODEL (imh_library_page_get_model (pair[0]))) == GPOINTER_TO_UINT (pair[1]);
}

/* Ctrl+Z on the library page never undoes a move of the hidden game: the
 * game's actions are off; with a delete of its own the page undoes that. */
static void
test_undo_in_library (void)
{
  ImhLibraryPage *page;
  ImhWindow *window = library_over_game (1, &page);
  ImhGame *game = imh_play_view_get_game (imh_window_get_play_view (window));
  static const char *const game_actions[] = {
    "undo", "redo", "undo-turn", "redo-turn", "hint", "new-game", "open", "save", "save-as", "analyse",
  };
  ImhLibraryModel *model = imh_library_page_get_model (page);
  gpointer rows[2] = { page, GUINT_TO_POINTER (2) };
  guint other = G_MAXUINT;

  g_assert_cmpuint (imh_game_get_live_ply (game), ==, 3);
  g_assert_true (imh_play_view_get_action_enabled (imh_window_get_play_view (window), "game.undo"));
  for (gsize i = 0; i < G_N_ELEMENTS (game_actions); i++)
    g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), game_actions[i]));

  /* Ctrl+Z, and win.undo itself: nothing happens to the game. */
  press_accel (window, "<Control>z");
  g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
  g_action_group_activate_action (G_ACTION_GROUP (window), "undo-turn", NULL);
  imh_test_flush_main_loop ();
  g_assert_cmpuint (imh_game_get_live_ply (game), ==, 3);
  g_assert_cmpuint (imh_game_get_n_plies (game), ==, 3);

  /* The page's own change: a game deleted, Ctrl+Z brings it back. */
  imh_test_iterate_until (has_n_rows, rows);
  for (guint i = 0; i < 2; i++)
    if (imh_library_model_get_id (model, i)
        != imh_session_get_library_id (imh_play_view_get_session (imh_window_get_play_view (window))))
      other = i;
  g_assert_cmpuint (other, <, 2);
  gtk_selection_model_select_item (imh_library_page_get_selection (page), other, TRUE);
  gtk_widget_activate_action (GTK_WIDGET (page), "library.delete", NULL);
  imh_test_iterate_until (can_undo, page);
  rows[1] = GUINT_TO_POINTER (1);
  imh_test_iterate_until (has_n_rows, rows);
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "undo"));
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "redo"));
  press_accel (window, "<Control>z");
  rows[1] = GUINT_TO_POINTER (2);
  imh_test_iterate_until (has_n_rows, rows);
  g_assert_cmpuint (imh_game_get_live_ply (game), ==, 3);
  g_assert_cmpuint (imh_game_get_n_plies (game), ==, 3);

  /* Back at the game, its actions are there again. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "back", NULL);
  g_assert_cmpstr (imh_window_get_page (window), ==, "play");
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "undo"));
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "new-game"));
  g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
  g_assert_cmpuint (imh_game_get_live_ply (game), <, 3);
  destroy_window (window);
}

/* A shown button whose action is `action`. */
static gboolean
is_button_for_action (GtkWidget *widget,
                      gpointer   action)
{
  return GTK_IS_BUTTON (widget) && gtk_widget_get_mapped (widget)
         && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0;
}

/* Escape, Alt+Left and the header's back button return to the game. */
static void
test_back_to_game (void)
{
  ImhLibraryPage *page;
  ImhWindow *window = library_over_game (0, &page);
  GtkWidget *back;

  /* Escape. */
  press_page_key (GTK_WIDGET (page), "Escape");
  g_assert_cmpstr (imh_window_get_page (window), ==, "play");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (imh_window_get_play_view (window))));
  g_assert_false (g_variant_get_boolean (g_action_group_get_action_state (G_ACTION_GROUP (window), "library")));

  /* Alt+Left. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "library", NULL);
  g_assert_cmpstr (imh_window_get_page (window), ==, "library");
  press_page_key (GTK_WIDGET (page), "<Alt>Left");
  g_assert_cmpstr (imh_window_get_page (window), ==, "play");

  /* The back button, shown in the header bar only on the library page. */
  g_assert_null (imh_test_find_widget (GTK_WIDGET (window), is_button_for_action, (gpointer) "win.back"));
  g_action_group_activate_action (G_ACTION_GROUP (window), "library", NULL);
  imh_test_flush_main_loop ();
  back = imh_test_find_widget (GTK_WIDGET (window), is_button_for_action, (gpointer) "win.back");
  g_assert_nonnull (back);
  g_signal_emit_by_name (back, "clicked");
  g_assert_cmpstr (imh_window_get_page (window), ==, "play");

  /* In "Recently Deleted", Escape goes back to the games first. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "library", NULL);
  gtk_widget_activate_action (GTK_WIDGET (page), "library.show-trash", NULL);
  g_assert_cmpstr (_imh_library_page_get_view (page), ==, "trash");
  press_page_key (GTK_WIDGET (page), "Escape");
  g_assert_cmpstr (_imh_library_page_get_view (page), ==, "games");
  g_assert_cmpstr (imh_window_get_page (window), ==, "library");
  press_page_key (GTK_WIDGET (page), "Escape");
  g_assert_cmpstr (imh_window_get_page (window), ==, "play");
  destroy_window (window);
}

static gboolean
message_dialog_shown (gpointer data)
{
  return imh_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG) != NULL;
}

static gboolean
shows_game_other_than (gpointer data)
{
  gpointer *pair = data;   /* { window, game } */
  ImhGame *game = imh_play_view_get_game (imh_window_get_play_view (pair[0]));

  return game != NULL && game != pair[1];
}

/* A game of the library opened over one in progress: asked as a new game
 * is, with the same words (the current game stays in Your Games). */
static void
test_open_asks (void)
{
  ImhLibraryPage *page;
  ImhWindow *window = library_over_game (1, &page);
  ImhPlayView *view = imh_window_get_play_view (window);
  ImhGame *game = imh_play_view_get_game (view);
  gint64 current = imh_session_get_library_id (imh_play_view_get_session (view));
  ImhLibraryModel *model = imh_library_page_get_model (page);
  gint64 other = imh_library_model_get_id (model, 0) != current ? imh_library_model_get_id (model, 0)
                                                                 : imh_library_model_get_id (model, 1);
  g_autofree char *body = NULL;
  AdwMessageDialog *dialog;
  gpointer pair[2] = { window, game };

  g_signal_emit_by_name (page, "open-game", other, -1);
  imh_test_iterate_until (message_dialog_shown, NULL);
  dialog = ADW_MESSAGE_DIALOG (imh_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, IMH_T ("Open Another Game?"));
  body = g_strdup (adw_message_dialog_get_body (dialog));
  g_assert_cmpstr (body, ==, IMH_T ("The current game stays in Your Games and can be continued from there."));
  g_assert_true (imh_play_view_get_game (view) == game);
  adw_message_dialog_response (dialog, "cancel");
  gtk_window_destroy (GTK_WINDOW (dialog));
  imh_test_flush_main_loop ();
  g_assert_true (imh_play_view_get_game (view) == game);
  g_assert_cmpstr (imh_window_get_page (window), ==, "library");

  /* Accepted: the other game, the one before still in the library. */
  g_signal_emit_by_name (page, "open-game", other, -1);
  imh_test_iterate_until (message_dialog_shown, NULL);
  dialog = ADW_MESSAGE_DIALOG (imh_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  adw_message_dialog_response (dialog, "open");
  gtk_window_destroy (GTK_WINDOW (dialog));
  imh_test_iterate_until (shows_game_other_than, pair);
  g_assert_cmpstr (imh_window_get_page (window), ==, "play");
  g_assert_cmpint (imh_session_get_library_id (imh_play_view_get_session (view)), ==, other);

  /* A new game over the one in progress: the same words. */
  play_one (imh_play_view_get_game (view));
  g_action_group_activate_action (G_ACTION_GROUP (window), "new-game", NULL);
  imh_test_iterate_until (message_dialog_shown, NULL);
  dialog = ADW_MESSAGE_DIALOG (imh_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, IMH_T ("Start a New Game?"));
  g_assert_cmpstr (adw_message_dialog_get_body (dialog), ==, body);
  adw_message_dialog_response (dialog, "cancel");
  gtk_window_destroy (GTK_WINDOW (dialog));
  destroy_window (window);
}

/* A long error: cut off in the toast, whole (and selectable) behind its
 * "Details" button. */
static void
test_error_details (void)
{
  ImhWindow *window = imh_window_new (app);
  g_autoptr(GString) text = g_string_new ("“/home/ada/Games/a very long folder name/game.imhotep”: ");
  g_autoptr(AdwToast) toast = NULL;
  AdwMessageDialog *dialog;
  GtkWidget *label;

  gtk_window_present (GTK_WINDOW (window));
  imh_test_iterate_until (imh_test_widget_is_drawn, window);
  g_string_append (text, IMH_T ("This is not an Imhotep game file."));

  /* Short: as it is, no button. */
  toast = g_object_ref_sink (imh_ui_error_toast_new (GTK_WIDGET (window), "Short"));
  g_assert_null (adw_toast_get_button_label (toast));
  g_clear_object (&toast);

  toast = g_object_ref_sink (imh_ui_error_toast_new (GTK_WIDGET (window), text->str));
  g_assert_cmpstr (adw_toast_get_title (toast), ==, text->str);
  g_assert_cmpstr (adw_toast_get_button_label (toast), ==, IMH_T ("_Details"));
  imh_window_add_toast (window, g_object_ref (toast));
  g_signal_emit_by_name (toast, "button-clicked");
  imh_test_iterate_until (message_dialog_shown, NULL);
  dialog = ADW_MESSAGE_DIALOG (imh_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (dialog)) == GTK_WINDOW (window));
  label = imh_test_find_descendant (adw_message_dialog_get_extra_child (dialog), GTK_TYPE_LABEL);
  g_assert_nonnull (label);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (label)), ==, text->str);
  g_assert_true (gtk_label_get_selectable (GTK_LABEL (label)));
  adw_message_dialog_response (dialog, "close");
  gtk_window_destroy (GTK_WINDOW (dialog));
  destroy_window (window);
}

/* The row of an unfinished game: the turn it reached and when it was last
 * played, relative to now. */
static void
test_row_text (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhLibrary) library = imh_library_open (NULL, &error);
  g_autoptr(ImhGame) game = game_in_progress (77);
  g_autofree char *record = imh_game_to_record_text (game);
  gint64 id = imh_library_save_record (library, 0, record, FALSE, &error);
  g_autoptr(ImhGameSummary) s = imh_library_get_summary (library, id, &error);
  g_autoptr(GDateTime) played = NULL;
  const char *formats[] = { "Today %H:%M", "Yesterday %H:%M", "%A %H:%M", "%x %H:%M" };
  const int days[] = { 0, 1, 3, 40 };

  g_assert_no_error (error);
  g_assert_false (imh_game_summary_get_finished (s));
  played = g_date_time_new_from_unix_local (imh_game_summary_get_ended (s));
  for (gsize i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      /* "now": the same moment, or days later. */
      g_autoptr(GDateTime) now = g_date_time_add_days (played, days[i]);
      g_autofree char *date = g_date_time_format (played, g_dpgettext2 (IMH_TEST_GETTEXT_PACKAGE, "library date",
                                                                         formats[i]));
      g_autofree char *expected = g_strdup_printf (IMH_T ("Turn %u · %s"), imh_game_summary_get_turns (s), date);
      g_autofree char *tooltip = NULL;
      g_autofree char *text = _imh_library_page_progress_text (s, now, &tooltip);

      g_assert_cmpstr (text, ==, expected);
      g_assert_nonnull (strstr (tooltip, date));
    }
  g_assert_cmpuint (imh_game_summary_get_turns (s), >=, 1);
}

int
main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  int status;

  if (!imh_test_app_init (&argc, &argv))
    return 0;
  app = imh_test_app_new ();

  g_test_add_func ("/ui/library-back/undo-in-library", test_undo_in_library);
  g_test_add_func ("/ui/library-back/back-to-game", test_back_to_game);
  g_test_add_func ("/ui/library-back/open-asks", test_open_asks);
  g_test_add_func ("/ui/library-back/error-details", test_error_details);
  g_test_add_func ("/ui/library-back/row-text", test_row_text);
  status = g_test_run ();

  g_application_quit (G_APPLICATION (app));
  g_clear_object (&app);
  return status;
}
