/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-templates.c — the analysis page and the study view built from their
 * templates: the parts each shows, their texts in the test's language, and
 * the study view's actions following the game and "top-five". */
#define G_LOG_DOMAIN "test-templates"

#include "config.h"

#include <adwaita.h>

#include "imh-analysis-page.h"
#include "imh-eval-graph.h"
#include "imh-play-view.h"
#include "imh-study-view.h"
#include "ui-test-util.h"
#include "test-i18n.h"

static gboolean
label_is (GtkWidget *widget,
          gpointer   text)
{
  return GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_label (GTK_LABEL (widget)), text) == 0;
}

static gboolean
has_action (GtkWidget *widget,
            gpointer   action)
{
  return GTK_IS_ACTIONABLE (widget)
         && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0;
}

/* The label (of a button) with the mnemonic text, under the widget. */
static GtkWidget *
find_label (GtkWidget  *widget,
            const char *msgid)
{
  return imh_test_find_widget (widget, label_is, (gpointer) IMH_T (msgid));
}

static void
test_analysis_page (void)
{
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  GtkWidget *page = imh_analysis_page_new ();
  GtkWidget *graph = imh_analysis_page_get_graph (IMH_ANALYSIS_PAGE (page));
  GtkWidget *intro, *quick, *reveal;

  gtk_window_set_child (window, page);
  gtk_window_present (window);
  imh_test_iterate_until (imh_test_widget_is_drawn, page);

  /* Not analysed: the introduction and its buttons on the play view's actions. */
  intro = find_label (page, "An analysis rates every decision by its effect on the win chance, marks "
                            "inaccuracies, mistakes and blunders, and weighs the luck of the draws. "
                            "It runs in the background.");
  g_assert_nonnull (intro);
  g_assert_true (gtk_widget_is_drawable (intro));
  g_assert_nonnull (find_label (page, "_Analyse Game"));
  quick = imh_test_find_widget (page, has_action, (gpointer) "game.analyse-quick");
  g_assert_true (GTK_IS_BUTTON (quick));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (quick), ==,
                   IMH_T ("Fewer samples per decision: done sooner, less precise"));
  g_assert_true (GTK_IS_LABEL (gtk_button_get_child (GTK_BUTTON (quick))));
  g_assert_true (gtk_label_get_use_underline (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (quick)))));

  /* The result's parts are there, hidden until there is a result. */
  g_assert_true (IMH_IS_EVAL_GRAPH (graph));
  g_assert_true (gtk_widget_is_ancestor (graph, page));
  g_assert_false (gtk_widget_is_drawable (graph));
  g_assert_nonnull (imh_test_find_widget (page, has_action, (gpointer) "game.next-mistake"));
  g_assert_nonnull (imh_test_find_widget (page, has_action, (gpointer) "game.cancel-analysis"));

  /* Everything revealed: the switch, labelled. */
  reveal = imh_test_find_widget (page, has_action, (gpointer) "game.reveal-hidden");
  g_assert_true (GTK_IS_SWITCH (reveal));
  g_assert_nonnull (find_label (page, "Show hidden tiles (pile and reserve)"));

  gtk_window_destroy (window);
}

static void
test_study_view (void)
{
  GtkWindow *window = GTK_WINDOW (adw_window_new ());
  ImhPlayView *view = IMH_PLAY_VIEW (imh_play_view_new ());
  ImhStudyView *study;
  GtkWidget *top_five, *bookmark;
  g_autoptr(ImhGame) game = NULL;
  g_autoptr(GError) error = NULL;
  ImhOptions options;

  adw_window_set_content (ADW_WINDOW (window), GTK_WIDGET (view));
  study = IMH_STUDY_VIEW (imh_test_find_descendant (GTK_WIDGET (view), IMH_TYPE_STUDY_VIEW));
  g_assert_nonnull (study);
  gtk_window_present (window);
  imh_test_flush_main_loop ();

  g_assert_nonnull (find_label (GTK_WIDGET (study), "Top Decisions"));
  g_assert_nonnull (find_label (GTK_WIDGET (study), "Press H (Hint) for the computer’s best decisions "
                                                    "at the position shown, also in the past."));
  g_assert_nonnull (find_label (GTK_WIDGET (study), "No bookmarks in this game"));
  bookmark = imh_test_find_widget (GTK_WIDGET (study), has_action, (gpointer) "study.bookmark");
  g_assert_true (GTK_IS_BUTTON (bookmark));
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (bookmark)), ==, IMH_T ("_Bookmark Position…"));

  /* study.bookmark: only with a game. */
  imh_options_init (&options, IMH_GAME_DUEL, 2);
  game = imh_game_new (&options, 7, &error);
  g_assert_no_error (error);
  imh_play_view_set_game (view, game);
  g_assert_true (gtk_widget_get_sensitive (bookmark));
  imh_study_view_set_game (study, NULL);
  g_assert_false (gtk_widget_get_sensitive (bookmark));
  imh_study_view_set_game (study, game);
  g_assert_true (gtk_widget_get_sensitive (bookmark));

  /* study.top-five: its state and the switch follow "top-five", both ways. */
  top_five = imh_test_find_widget (GTK_WIDGET (study), has_action, (gpointer) "study.top-five");
  g_assert_true (GTK_IS_SWITCH (top_five));
  imh_study_view_set_top_five (study, FALSE);
  imh_study_view_set_top_five (study, TRUE);
  imh_test_flush_main_loop ();
  g_assert_true (gtk_switch_get_active (GTK_SWITCH (top_five)));
  /* The property action toggles. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (study), "study.top-five", NULL));
  g_assert_false (imh_study_view_get_top_five (study));
  imh_test_flush_main_loop ();
  g_assert_false (gtk_switch_get_active (GTK_SWITCH (top_five)));

  gtk_window_destroy (window);
}

int
main (int   argc,
      char *argv[])
{
  g_setenv ("GTK_A11Y", "none", TRUE);
  imh_test_i18n_init_app ();
  imh_test_init (&argc, &argv);
  adw_init ();

  g_test_add_func ("/templates/analysis-page", test_analysis_page);
  g_test_add_func ("/templates/study-view", test_study_view);

  return g_test_run ();
}
