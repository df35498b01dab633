/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-narrow-labels.c — at a phone's width (360 pixels) no text of the
 * window is cut (the Duel and the base game with 4 players): not the
 * title, not the buttons of the sidebar's analysis, not the New Game dialog,
 * which is no wider than the window; in the UI language of the test setup
 * (English, German). At 1100 × 760, with the sidebar and without, the
 * board uses the space it has. */
#define G_LOG_DOMAIN "test-narrow-labels"

#include "config.h"

#include <adwaita.h>

#include "imh-analysis-page.h"
#include "imh-application.h"
#include "imh-board-private.h"
#include "imh-engine.h"
#include "imh-game.h"
#include "imh-new-game-dialog.h"
#include "imh-play-view.h"
#include "imh-window.h"
#include "test-i18n.h"
#include "ui-test-util.h"

#define NARROW 360

static ImhApplication *app;

/* Counts the labels shown under widget that are cut: ellipsized, or
 * narrower than their text on one line where they neither wrap nor
 * ellipsize. */
static guint
count_cut_labels (GtkWidget *widget)
{
  guint cut = 0;

  /* Not shown: unmapped, or folded away (a closed sidebar has no size). */
  if (!gtk_widget_get_mapped (widget) || gtk_widget_get_width (widget) <= 0
      || gtk_widget_get_height (widget) <= 0)
    return 0;
  if (GTK_IS_LABEL (widget) && *gtk_label_get_text (GTK_LABEL (widget)) != '\0')
    {
      GtkLabel *label = GTK_LABEL (widget);
      int min, nat;
      gboolean is_cut = FALSE;

      if (gtk_label_get_ellipsize (label) != PANGO_ELLIPSIZE_NONE)
        is_cut = pango_layout_is_ellipsized (gtk_label_get_layout (label));
      else if (!gtk_label_get_wrap (label))
        {
          gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
          is_cut = gtk_widget_get_width (widget) < min;
        }
      if (is_cut)
        {
          g_test_message ("cut: '%s' (%d pixels wide)", gtk_label_get_text (label),
                          gtk_widget_get_width (widget));
          cut++;
        }
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    cut += count_cut_labels (child);
  return cut;
}

/* Tells the widgets whose least width is more than the window's. */
static void
report_wide (GtkWidget *widget,
             int        depth)
{
  int min;

  gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
  if (min <= NARROW || depth > 30)
    return;
  g_test_message ("%*s%s: at least %d wide", depth, "", G_OBJECT_TYPE_NAME (widget), min);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    report_wide (child, depth + 1);
}

static void
settle (GtkWidget *widget)
{
  imh_test_flush_main_loop ();
  imh_test_iterate_until (imh_test_widget_is_drawn, widget);
  imh_test_flush_main_loop ();
}

static gboolean
count_frame (GtkWidget     *widget,
             GdkFrameClock *clock,
             gpointer       data)
{
  (*(guint *) data)++;
  return G_SOURCE_CONTINUE;
}

static gboolean
three_frames (gpointer data)
{
  return *(guint *) data >= 3;
}

/* Runs the main loop for three frames of widget (its layout done again). */
static void
wait_frames (GtkWidget *widget)
{
  guint frames = 0;
  guint id = gtk_widget_add_tick_callback (widget, count_frame, &frames, NULL);

  gtk_widget_queue_resize (widget);
  imh_test_iterate_until (three_frames, &frames);
  gtk_widget_remove_tick_callback (widget, id);
}

static GtkWidget *
find_by_action (GtkWidget  *widget,
                const char *action)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (GTK_IS_ACTIONABLE (child)
          && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (child)), action) == 0)
        return child;
      found = find_by_action (child, action);
      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
test_window (gconstpointer data)
{
  int players = GPOINTER_TO_INT (data);
  ImhWindow *window = imh_window_new (app);
  ImhPlayView *view = imh_window_get_play_view (window);
  g_autoptr(ImhGame) game = NULL;
  g_autoptr(GError) error = NULL;
  ImhOptions options;

  g_object_ref (window);
  gtk_window_set_default_size (GTK_WINDOW (window), NARROW, 700);
  gtk_window_present (GTK_WINDOW (window));
  settle (GTK_WIDGET (window));
  g_assert_cmpuint (count_cut_labels (GTK_WIDGET (window)), ==, 0);

  imh_options_init (&options, players == 2 ? IMH_GAME_DUEL : IMH_GAME_CLASSIC, players);
  game = imh_game_new (&options, 5, &error);
  g_assert_no_error (error);
  imh_game_stop_computer (game);
  imh_play_view_set_game (view, game);
  settle (GTK_WIDGET (window));
  wait_frames (GTK_WIDGET (window));
  if (gtk_widget_get_width (GTK_WIDGET (window)) > NARROW)
    report_wide (GTK_WIDGET (window), 0);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, NARROW);
  g_assert_cmpuint (count_cut_labels (GTK_WIDGET (window)), ==, 0);

  imh_play_view_set_game (view, NULL);
  gtk_window_destroy (GTK_WINDOW (window));
  imh_test_flush_main_loop ();
  g_object_unref (window);
}

/* The analysis in a sidebar as narrow as a phone's (300 pixels), its bar
 * of mistakes shown as with a result (no analysis is run here). */
static void
test_analysis_bar (void)
{
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  GtkWidget *page = g_object_new (IMH_TYPE_ANALYSIS_PAGE, NULL);
  GtkWidget *previous;

  g_object_ref (window);
  gtk_window_set_default_size (window, 300, 600);
  gtk_window_set_child (window, page);
  gtk_window_present (window);
  settle (GTK_WIDGET (window));
  g_assert_cmpuint (count_cut_labels (GTK_WIDGET (window)), ==, 0);

  previous = find_by_action (page, "game.previous-mistake");
  g_assert_nonnull (previous);
  gtk_widget_set_visible (gtk_widget_get_parent (gtk_widget_get_parent (previous)), TRUE);
  imh_test_iterate_until (imh_test_widget_is_drawn, previous);
  settle (GTK_WIDGET (window));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 300);
  g_assert_cmpuint (count_cut_labels (GTK_WIDGET (window)), ==, 0);

  gtk_window_destroy (window);
  imh_test_flush_main_loop ();
  g_object_unref (window);
}

static void
test_new_game_dialog (gconstpointer data)
{
  ImhGameKind kind = GPOINTER_TO_INT (data);
  ImhWindow *window = imh_window_new (app);
  ImhNewGameDialog *dialog;
  int min, nat;

  g_object_ref (window);
  gtk_window_set_default_size (GTK_WINDOW (window), NARROW, 700);
  gtk_window_present (GTK_WINDOW (window));
  settle (GTK_WIDGET (window));

  dialog = imh_new_game_dialog_new (GTK_WINDOW (window), kind);
  g_object_ref (dialog);
  gtk_widget_measure (GTK_WIDGET (dialog), GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
  g_assert_cmpint (min, <=, NARROW);
  gtk_window_present (GTK_WINDOW (dialog));
  settle (GTK_WIDGET (dialog));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (dialog)), <=, NARROW);
  g_assert_cmpuint (count_cut_labels (GTK_WIDGET (dialog)), ==, 0);

  /* The base game with four players: a row for each seat. */
  if (kind == IMH_GAME_CLASSIC)
    {
      GtkWidget *row = imh_test_find_descendant (GTK_WIDGET (dialog), ADW_TYPE_COMBO_ROW);

      g_assert_nonnull (row);
      imh_new_game_dialog_set_n_players (dialog, 4);
      settle (GTK_WIDGET (dialog));
      g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (dialog)), <=, NARROW);
      g_assert_cmpuint (count_cut_labels (GTK_WIDGET (dialog)), ==, 0);
    }

  gtk_window_destroy (GTK_WINDOW (dialog));
  g_object_unref (dialog);
  gtk_window_destroy (GTK_WINDOW (window));
  imh_test_flush_main_loop ();
  g_object_unref (window);
}

static void
test_board_fills (gconstpointer data)
{
  int players = GPOINTER_TO_INT (data);
  ImhWindow *window = imh_window_new (app);
  ImhPlayView *view = imh_window_get_play_view (window);
  g_autoptr(ImhGame) game = NULL;
  g_autoptr(GError) error = NULL;
  ImhOptions options;

  g_object_ref (window);
  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 760);
  gtk_window_present (GTK_WINDOW (window));
  settle (GTK_WIDGET (window));
  imh_options_init (&options, players == 2 ? IMH_GAME_DUEL : IMH_GAME_CLASSIC, players);
  game = imh_game_new (&options, 5, &error);
  g_assert_no_error (error);
  imh_game_stop_computer (game);
  imh_play_view_set_game (view, game);

  for (int sidebar = 1; sidebar >= 0; sidebar--)
    {
      GtkWidget *board;
      g_autoptr(GPtrArray) runs = NULL;
      graphene_rect_t bounds;
      ImhBox drawn;
      int bw, bh, vw;

      g_object_set (view, "show-sidebar", sidebar, NULL);
      board = imh_play_view_get_board (view);
      g_assert_nonnull (board);
      imh_test_iterate_until (imh_test_widget_is_drawn, board);
      wait_frames (GTK_WIDGET (window));
      g_assert_true (gtk_widget_get_mapped (board));
      bw = gtk_widget_get_width (board);
      bh = gtk_widget_get_height (board);
      vw = gtk_widget_get_width (GTK_WIDGET (view));
      g_assert_true (gtk_widget_compute_bounds (board, GTK_WIDGET (view), &bounds));
      runs = _imh_board_draw_recorded (IMH_BOARD (board), &drawn);
      g_test_message ("sidebar %d: view %d wide, board %d×%d at %.0f, drawn %.0f,%.0f %.0f×%.0f",
                      sidebar, vw, bw, bh, bounds.origin.x, drawn.x, drawn.y, drawn.w, drawn.h);
      /* The board has the content's width (the sidebar aside, when shown)… */
      if (!sidebar)
        g_assert_cmpint (bw, >=, vw - 24);
      else
        g_assert_cmpint (bw, >=, vw / 2);
      g_assert_cmpint (bh, >=, 760 / 2);
      /* …and its drawing fills it in the limiting dimension. */
      g_assert_true (drawn.w >= 0.9 * bw || drawn.h >= 0.9 * bh);
    }

  imh_play_view_set_game (view, NULL);
  gtk_window_destroy (GTK_WINDOW (window));
  imh_test_flush_main_loop ();
  g_object_unref (window);
}

int
main (int argc, char *argv[])
{
  g_autoptr(GError) error = NULL;

  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      g_print ("1..0 # SKIP no display: run under xvfb-run\n");
      return 0;
    }
  imh_test_i18n_init_app ();
  g_setenv ("GTK_A11Y", "none", TRUE);
  imh_test_init (&argc, &argv);
  adw_init ();
  /* The sidebar shown at once, not sliding in. */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);

  app = imh_application_new ();
  g_application_set_flags (G_APPLICATION (app),
                           g_application_get_flags (G_APPLICATION (app)) | G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);

  g_test_add_data_func ("/narrow-labels/window/duel", GINT_TO_POINTER (2), test_window);
  g_test_add_data_func ("/narrow-labels/window/classic-4", GINT_TO_POINTER (4), test_window);
  g_test_add_func ("/narrow-labels/analysis-bar", test_analysis_bar);
  g_test_add_data_func ("/narrow-labels/new-game/duel", GINT_TO_POINTER (IMH_GAME_DUEL), test_new_game_dialog);
  g_test_add_data_func ("/narrow-labels/new-game/classic", GINT_TO_POINTER (IMH_GAME_CLASSIC),
                        test_new_game_dialog);
  g_test_add_data_func ("/narrow-labels/board-fills/duel", GINT_TO_POINTER (2), test_board_fills);
  g_test_add_data_func ("/narrow-labels/board-fills/classic-3", GINT_TO_POINTER (3), test_board_fills);
  return g_test_run ();
}
