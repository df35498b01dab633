/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-analysis-words.c — the analysis page in words, in both games: the
 * graph's tooltip says a decision as the history does (turn, who, what in
 * words, whose win chance and its change), the legend under the graph
 * names the player whose win chance the line shows (following the base
 * game's player choice), and going back to the main line of an ended game
 * does not open the game-over summary again. */
#define G_LOG_DOMAIN "test-analysis-words"

#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "imh-analysis-page.h"
#include "imh-board.h"
#include "imh-eval-graph.h"
#include "imh-game.h"
#include "imh-play-view.h"
#include "imh-record-file.h"
#include "imh-session.h"
#include "imh-texts.h"
#include "test-i18n.h"
#include "ui-test-util.h"

static const char *const names[] = { "Ann", "Bastet", "Cheops", "Djoser" };

/* A game of `kind` played to its end at random. */
static ImhGame *
played_game (ImhGameKind kind,
             guint       n_players,
             guint64     seed)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed ((guint32) seed);
  ImhOptions options;
  ImhGame *game;

  imh_options_init (&options, kind, (int) n_players);
  options.start_player = 0;
  game = imh_game_new (&options, seed, &error);
  g_assert_no_error (error);
  imh_game_set_pace (game, 0);
  for (guint p = 0; p < n_players; p++)
    imh_seat_set_name (imh_game_get_seat (game, p), names[p]);
  while (!imh_game_get_is_over (game))
    {
      ImhDecisionList legal;

      imh_game_get_legal (game, &legal);
      g_assert_true (imh_game_apply (game, legal.d[g_rand_int_range (rand, 0, legal.n)],
                                     IMH_BRANCH_TRUNCATE, &error));
      g_assert_no_error (error);
    }
  return game;
}

static gboolean
is_label_with_prefix (GtkWidget *widget,
                      gpointer   prefix)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_visible (widget)
         && g_str_has_prefix (gtk_label_get_text (GTK_LABEL (widget)), prefix);
}

/* The legend under the graph (the label naming whose win chance the line shows). */
static const char *
legend_text (GtkWidget *page)
{
  g_autofree char *prefix = g_strdup (IMH_T ("The line shows the win chance for %s"));
  GtkWidget *label;

  *strstr (prefix, "%s") = '\0';
  label = imh_test_find_widget (page, is_label_with_prefix, prefix);
  g_assert_nonnull (label);
  return gtk_label_get_text (GTK_LABEL (label));
}

/* The turn of ply in the game's history (its number, from 1). */
static guint
turn_of (ImhGame *game,
         guint    ply)
{
  GListModel *history = G_LIST_MODEL (imh_game_get_history (game));

  for (guint t = 0; t < g_list_model_get_n_items (history); t++)
    {
      g_autoptr(ImhTurnItem) turn = g_list_model_get_item (history, t);

      if (ply >= imh_turn_item_get_first_ply (turn) && ply < imh_turn_item_get_end_ply (turn))
        return imh_turn_item_get_number (turn);
    }
  g_assert_not_reached ();
}

static void
check_page (ImhGameKind kind,
            guint       n_players,
            guint64     seed)
{
  g_autoptr(ImhGame) game = played_game (kind, n_players, seed);
  g_autofree char *record = imh_game_to_record_text (game);
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhAnalysisJob) job = imh_analysis_job_new (record, &error);
  g_autoptr(ImhAnalysisResult) result = NULL;
  g_autoptr(ImhSession) session = NULL;
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  GtkWidget *page = imh_analysis_page_new ();
  ImhEvalGraph *graph;
  const ImhAnalysis *a;

  g_assert_no_error (error);
  imh_analysis_job_set_budget (job, 30, 2, 6);
  result = imh_analysis_job_run (job, NULL, &error);
  g_assert_no_error (error);
  a = imh_analysis_result_get_analysis (result);

  session = imh_session_new (game, NULL, 0);
  gtk_window_set_child (window, page);
  gtk_window_set_default_size (window, 360, 780);
  imh_analysis_page_set_session (IMH_ANALYSIS_PAGE (page), session);
  imh_analysis_page_set_player (IMH_ANALYSIS_PAGE (page), 1);
  imh_analysis_page_set_result (IMH_ANALYSIS_PAGE (page), result);
  gtk_window_present (window);
  imh_test_iterate_until (imh_test_widget_is_drawn, page);
  graph = IMH_EVAL_GRAPH (imh_analysis_page_get_graph (IMH_ANALYSIS_PAGE (page)));

  /* Each point: "Turn 12 · Ann: <the decision in words>", then the win
   * chance of the graph's player and its change since the point before. */
  for (guint point = 1; point <= a->n_plies; point += 5)
    {
      const ImhAnalysisPly *row = imh_analysis_result_get_ply (result, point - 1);
      g_autofree char *text = _imh_eval_graph_dup_point_text (graph, point);
      g_autofree char *words = imh_texts_decision (imh_game_get_state_at (game, point - 1), row->played);
      g_autofree char *first = g_strdup_printf (IMH_T ("Turn %u · %s: %s"), turn_of (game, point - 1),
                                                names[row->mover], words);
      double v = imh_eval_graph_get_value (graph, point);
      double before = imh_eval_graph_get_value (graph, point - 1);
      int change = (int) lround (100 * (v - before));
      g_autofree char *change_text = change == 0 ? g_strdup ("±0")
                                     : change < 0 ? g_strdup_printf ("−%d", -change)
                                     : g_strdup_printf ("+%d", change);
      g_autofree char *chance = g_strdup_printf (IMH_T ("Win chance for %s: %.0f %% (%s)"),
                                                 names[1], 100 * v, change_text);
      g_auto(GStrv) lines = g_strsplit (text, "\n", -1);

      g_assert_cmpstr (lines[0], ==, first);
      /* Words, not the record's notation. */
      if (g_strcmp0 (words, row->played_text) != 0)
        g_assert_null (strstr (lines[0], row->played_text));
      g_assert_cmpstr (lines[1], ==, chance);
    }

  /* The legend names the graph's player, and follows it. */
  {
    g_autofree char *second = g_strdup_printf (IMH_T ("The line shows the win chance for %s"), names[1]);
    g_autofree char *first = g_strdup_printf (IMH_T ("The line shows the win chance for %s"), names[0]);
    g_autofree char *third = g_strdup_printf (IMH_T ("The line shows the win chance for %s"), names[2]);

    g_assert_cmpstr (legend_text (page), ==, second);
    imh_analysis_page_set_player (IMH_ANALYSIS_PAGE (page), 0);
    g_assert_cmpstr (legend_text (page), ==, first);
    if (n_players > 2)
      {
        /* The base game's choice of player, through its drop-down. */
        GtkDropDown *choice = GTK_DROP_DOWN (imh_test_find_descendant (page, GTK_TYPE_DROP_DOWN));

        g_assert_nonnull (choice);
        gtk_drop_down_set_selected (choice, 2);
        g_assert_cmpuint (imh_eval_graph_get_player (graph), ==, 2);
        g_assert_cmpstr (legend_text (page), ==, third);
      }
  }

  gtk_window_destroy (window);
  imh_test_flush_main_loop ();
}

static void
test_duel_words (void)
{
  check_page (IMH_GAME_DUEL, 2, 5);
}

static void
test_classic_words (void)
{
  check_page (IMH_GAME_CLASSIC, 3, 21);
}

/* ---- The game-over summary, once ---------------------------------------------- */

/* Plays the first legal decision of the viewed position through the board. */
static void
decide_first_legal (GtkWidget *board,
                    ImhGame   *game)
{
  ImhDecisionList legal;
  char text[IMH_DECISION_TEXT_MAX];
  const ImhState *s = imh_game_get_viewed_state (game);

  imh_game_get_viewed_legal (game, &legal);
  g_assert_cmpuint (legal.n, >, 0);
  imh_rules_of (s)->decision_to_text (s, legal.d[0], text, sizeof text);
  g_assert_true (gtk_widget_activate_action (board, "board.decide", "s", text));
}

static void
check_summary_once (ImhGameKind kind,
                    guint       n_players)
{
  GtkWindow *window = GTK_WINDOW (adw_window_new ());
  ImhPlayView *view = IMH_PLAY_VIEW (imh_play_view_new ());
  g_autoptr(ImhGame) game = NULL;
  g_autoptr(GError) error = NULL;
  GtkWidget *board;
  AdwMessageDialog *branch;
  ImhOptions options;
  ImhDecisionList legal;
  ImhDecision main_first;
  char text[IMH_DECISION_TEXT_MAX];
  const ImhState *s;
  guint n_plies;

  imh_options_init (&options, kind, (int) n_players);
  options.start_player = 0;
  game = imh_game_new (&options, 7, &error);
  g_assert_no_error (error);
  imh_game_set_pace (game, 0);
  gtk_window_set_default_size (window, 1100, 700);
  imh_play_view_set_pace (view, 0);
  adw_window_set_content (ADW_WINDOW (window), GTK_WIDGET (view));
  gtk_window_present (window);
  imh_play_view_set_game (view, game);
  board = imh_play_view_get_board (view);
  imh_test_iterate_until (imh_test_widget_is_drawn, board);

  /* Played to its end: the summary opens once. */
  while (!imh_game_get_is_over (game))
    decide_first_legal (board, game);
  g_assert_nonnull (imh_play_view_get_summary (view));
  gtk_window_destroy (imh_play_view_get_summary (view));
  imh_test_flush_main_loop ();
  g_assert_null (imh_play_view_get_summary (view));
  n_plies = imh_game_get_n_plies (game);
  main_first = imh_game_get_decision_at (game, 0);

  /* A variation from the start, kept beside the main line. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "game.history-first", NULL));
  imh_test_flush_main_loop ();
  g_assert_true (imh_board_get_interactive (IMH_BOARD (board)));
  s = imh_game_get_viewed_state (game);
  imh_game_get_viewed_legal (game, &legal);
  g_assert_cmpuint (legal.d[legal.n - 1], !=, main_first);
  imh_rules_of (s)->decision_to_text (s, legal.d[legal.n - 1], text, sizeof text);
  g_assert_true (gtk_widget_activate_action (board, "board.decide", "s", text));
  branch = ADW_MESSAGE_DIALOG (imh_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  g_assert_nonnull (branch);
  adw_message_dialog_response (branch, "variation");
  gtk_window_destroy (GTK_WINDOW (branch));
  imh_test_flush_main_loop ();
  g_assert_false (imh_game_get_is_over (game));

  /* Back to the main line, which ended: no summary again. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "game.return-to-line", "(uu)",
                                             0u, (guint) main_first));
  imh_test_flush_main_loop ();
  g_assert_cmpuint (imh_game_get_n_plies (game), ==, n_plies);
  g_assert_true (imh_game_get_is_over (game));
  g_assert_null (imh_play_view_get_summary (view));
  g_assert_null (imh_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));

  /* A past move viewed, then the end again: still none. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "game.history-first", NULL));
  imh_game_set_viewed_ply (game, n_plies);
  imh_test_flush_main_loop ();
  g_assert_null (imh_play_view_get_summary (view));

  /* Asked for, it still opens. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "game.show-summary", NULL));
  g_assert_nonnull (imh_play_view_get_summary (view));

  gtk_window_destroy (window);
  imh_test_flush_main_loop ();
}

static void
test_duel_summary_once (void)
{
  check_summary_once (IMH_GAME_DUEL, 2);
}

static void
test_classic_summary_once (void)
{
  check_summary_once (IMH_GAME_CLASSIC, 3);
}

int
main (int   argc,
      char *argv[])
{
  imh_test_init (&argc, &argv);

  g_test_add_func ("/analysis-words/duel", test_duel_words);
  g_test_add_func ("/analysis-words/classic", test_classic_words);
  g_test_add_func ("/analysis-words/duel-summary-once", test_duel_summary_once);
  g_test_add_func ("/analysis-words/classic-summary-once", test_classic_summary_once);
  return g_test_run ();
}
