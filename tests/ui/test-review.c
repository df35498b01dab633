/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-review.c — reviewing an analysed game in the play view:
 * the Analyse action with progress and cancel, the graph moving the view,
 * next/previous mistake, marks in the history, "everything revealed" on
 * the board, the analysis stored with and loaded from the library; under a
 * (virtual) display. */
#define G_LOG_DOMAIN "test-review"

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>

#include "imh-analysis-page.h"
#include "imh-board.h"
#include "imh-eval-graph.h"
#include "imh-game.h"
#include "imh-play-view.h"
#include "imh-record-file.h"
#include "imh-session.h"
#include "ui-test-play.h"
#include "ui-test-util.h"
#include "test-i18n.h"

typedef struct {
  GtkWindow   *window;
  ImhPlayView *view;
  ImhAnalysisPage *page;
  char        *tmpdir;
} Fixture;

static gboolean
analysis_is_done (gpointer data)
{
  return !imh_analysis_page_get_running (IMH_ANALYSIS_PAGE (data));
}

/* A finished Duel: the last legal decision every time (a poor strategy,
 * so the analysis finds mistakes). */
static char *
finished_record (guint64 seed)
{
  ImhOptions options;
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhGame) game = NULL;

  imh_options_init (&options, IMH_GAME_DUEL, 2);
  options.start_player = 0;
  game = imh_game_new (&options, seed, &error);
  g_assert_no_error (error);
  while (!imh_game_get_is_over (game))
    {
      ImhDecisionList legal;

      imh_game_get_legal (game, &legal);
      g_assert_true (imh_game_apply (game, legal.d[legal.n - 1], IMH_BRANCH_TRUNCATE, &error));
    }
  return imh_game_to_record_text (game);
}

static ImhGame *
finished_game (guint64 seed)
{
  g_autofree char *text = finished_record (seed);
  g_autoptr(GError) error = NULL;
  ImhGame *game = imh_game_new_from_record_text (text, -1, &error);

  g_assert_no_error (error);
  imh_game_set_pace (game, 0);
  return game;
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(ImhGame) game = finished_game (5);

  f->tmpdir = g_dir_make_tmp ("imh-test-review-XXXXXX", NULL);
  g_assert_nonnull (f->tmpdir);
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
  imh_play_view_set_game (f->view, game);
  gtk_window_present (f->window);
  imh_test_iterate_until (imh_test_widget_is_drawn, imh_play_view_get_board (f->view));
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  g_autofree char *db = g_build_filename (f->tmpdir, "library.db", NULL);
  imh_test_play_window_destroy (f->window, f->view, NULL);
  g_remove (db);
  g_rmdir (f->tmpdir);
  g_free (f->tmpdir);
}

static void
activate (Fixture    *f,
          const char *action)
{
  g_autofree char *name = g_strconcat ("game.", action, NULL);

  g_assert_true (imh_play_view_get_action_enabled (f->view, name));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), name, NULL));
}

/* When "running" turns FALSE, the result is already shown (the
 * screenshot mode and the actions rely on it). */
static void
on_running (ImhAnalysisPage *page,
            GParamSpec      *pspec,
            int             *result_when_done)
{
  if (!imh_analysis_page_get_running (page))
    *result_when_done = imh_analysis_page_get_result (page) != NULL;
}

static void
analyse (Fixture *f)
{
  int result_when_done = -1;
  gulong id = g_signal_connect (f->page, "notify::running", G_CALLBACK (on_running), &result_when_done);

  activate (f, "analyse");
  g_assert_true (imh_analysis_page_get_running (f->page));
  g_assert_true (imh_play_view_get_action_enabled (f->view, "game.cancel-analysis"));
  g_assert_false (imh_play_view_get_action_enabled (f->view, "game.analyse"));
  imh_test_iterate_until (analysis_is_done, f->page);
  g_signal_handler_disconnect (f->page, id);
  g_assert_nonnull (imh_analysis_page_get_result (f->page));
  g_assert_cmpint (result_when_done, ==, 1);
}

static GtkEventController *
find_controller (GtkWidget *widget,
                 GType      type)
{
  g_autoptr(GListModel) list = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr(GtkEventController) c = g_list_model_get_item (list, i);
      if (G_TYPE_CHECK_INSTANCE_TYPE (c, type))
        return c;   /* the widget keeps it alive */
    }
  g_assert_not_reached ();
  return NULL;
}

/* Analyse, then a click on the graph views that position; the marker follows. */
static void
test_analyse_and_click (Fixture       *f,
                        gconstpointer  data)
{
  ImhGame *game = imh_play_view_get_game (f->view);
  GtkWidget *graph = imh_analysis_page_get_graph (f->page);
  ImhAnalysisResult *result;
  GtkEventController *click;
  guint n = imh_game_get_n_plies (game);
  double x;
  guint target;

  g_assert_null (imh_analysis_page_get_result (f->page));
  analyse (f);
  result = imh_analysis_page_get_result (f->page);
  g_assert_cmpuint (imh_analysis_result_get_n_plies (result), ==, n);
  g_assert_cmpuint (imh_eval_graph_get_n_points (IMH_EVAL_GRAPH (graph)), ==, n + 1);

  /* The action showed the Analysis page: the graph is on screen. */
  imh_test_iterate_until (imh_test_widget_is_drawn, graph);
  g_assert_cmpuint (imh_eval_graph_get_ply (IMH_EVAL_GRAPH (graph)), ==, imh_game_get_viewed_ply (game));

  x = gtk_widget_get_width (graph) / 3.0;
  target = imh_eval_graph_ply_at_x (IMH_EVAL_GRAPH (graph), x);
  g_assert_cmpuint (target, >, 0);
  g_assert_cmpuint (target, <, n);
  click = find_controller (graph, GTK_TYPE_GESTURE_CLICK);
  g_signal_emit_by_name (click, "pressed", 1, x, 40.0);
  g_assert_cmpuint (imh_game_get_viewed_ply (game), ==, target);
  g_assert_cmpuint (imh_eval_graph_get_ply (IMH_EVAL_GRAPH (graph)), ==, target);
  /* The game itself did not change. */
  g_assert_cmpuint (imh_game_get_live_ply (game), ==, n);
  g_assert_true (imh_game_get_is_over (game));

  /* Stepping with the history keys moves the marker too. */
  activate (f, "history-first");
  g_assert_cmpuint (imh_eval_graph_get_ply (IMH_EVAL_GRAPH (graph)), ==, 0);
  gtk_widget_queue_draw (GTK_WIDGET (f->view));
  imh_test_flush_main_loop ();
}

/* Next/previous mistake view the position after each marked decision, in
 * order; the history rows carry the marks. */
static void
test_mistakes (Fixture       *f,
               gconstpointer  data)
{
  ImhGame *game = imh_play_view_get_game (f->view);
  GListModel *history = G_LIST_MODEL (imh_game_get_history (game));
  ImhAnalysisResult *result;
  guint n = imh_game_get_n_plies (game);
  guint n_marked = 0, visited = 0;
  int last = -1;

  analyse (f);
  result = imh_analysis_page_get_result (f->page);
  for (guint i = 0; i < n; i++)
    if (imh_analysis_result_get_ply (result, i)->mark != IMH_MARK_NONE)
      n_marked++;
  /* The last legal decision every time loses points now and then. */
  g_assert_cmpuint (n_marked, >, 0);

  /* History rows: a turn's mark is the worst of its decisions. */
  for (guint t = 0; t < g_list_model_get_n_items (history); t++)
    {
      g_autoptr(ImhTurnItem) item = g_list_model_get_item (history, t);
      ImhMark worst = IMH_MARK_NONE;

      for (guint p = imh_turn_item_get_first_ply (item); p < imh_turn_item_get_end_ply (item); p++)
        worst = MAX (worst, imh_analysis_result_get_ply (result, p)->mark);
      g_assert_cmpint (imh_turn_item_get_mark (item), ==, worst);
    }

  /* Forward through every mark from the start. */
  imh_game_set_viewed_ply (game, 0);
  g_assert_false (imh_play_view_get_action_enabled (f->view, "game.previous-mistake"));
  while (imh_play_view_get_action_enabled (f->view, "game.next-mistake"))
    {
      guint viewed;

      gtk_widget_activate_action (GTK_WIDGET (f->view), "game.next-mistake", NULL);
      viewed = imh_game_get_viewed_ply (game);
      g_assert_cmpuint (viewed, >=, 1);
      g_assert_cmpint ((int) viewed - 1, >, last);
      g_assert_cmpint (imh_analysis_result_get_ply (result, viewed - 1)->mark, !=, IMH_MARK_NONE);
      /* None skipped. */
      for (int p = last + 1; p < (int) viewed - 1; p++)
        g_assert_cmpint (imh_analysis_result_get_ply (result, p)->mark, ==, IMH_MARK_NONE);
      last = (int) viewed - 1;
      visited++;
      g_assert_cmpuint (visited, <=, n_marked);
    }
  g_assert_cmpuint (visited, ==, n_marked);

  /* And back. */
  visited = 1;
  while (imh_play_view_get_action_enabled (f->view, "game.previous-mistake"))
    {
      guint viewed;

      gtk_widget_activate_action (GTK_WIDGET (f->view), "game.previous-mistake", NULL);
      viewed = imh_game_get_viewed_ply (game);
      g_assert_cmpint ((int) viewed - 1, <, last);
      g_assert_cmpint (imh_analysis_result_get_ply (result, viewed - 1)->mark, !=, IMH_MARK_NONE);
      last = (int) viewed - 1;
      visited++;
    }
  g_assert_cmpuint (visited, ==, n_marked);
}

/* Cancel stops the run; nothing is shown and Analyse is possible again. */
static void
test_cancel (Fixture       *f,
             gconstpointer  data)
{

  /* Large enough not to finish before the cancel (quick depth: the
   * other action, same page). */
  imh_analysis_page_set_budget (f->page, 200000, 64, 2000);
  activate (f, "analyse-quick");
  g_assert_true (imh_analysis_page_get_running (f->page));
  activate (f, "cancel-analysis");
  g_assert_false (imh_analysis_page_get_running (f->page));
  imh_test_flush_main_loop ();
  g_assert_null (imh_analysis_page_get_result (f->page));
  g_assert_true (imh_play_view_get_action_enabled (f->view, "game.analyse"));
  g_assert_false (imh_play_view_get_action_enabled (f->view, "game.next-mistake"));
}

/* "Everything revealed" is a stateful action driving the board. */
static void
test_reveal (Fixture       *f,
             gconstpointer  data)
{
  GtkWidget *board = imh_play_view_get_board (f->view);
  ImhGame *game = imh_play_view_get_game (f->view);
  gboolean revealed = TRUE;

  g_assert_false (imh_board_get_reveal_hidden (IMH_BOARD (board)));
  imh_game_set_viewed_ply (game, 3);
  /* game.reveal-hidden toggles the view's "reveal-hidden". */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "game.reveal-hidden", NULL));
  g_object_get (board, "reveal-hidden", &revealed, NULL);
  g_assert_true (revealed);
  g_object_get (f->view, "reveal-hidden", &revealed, NULL);
  g_assert_true (revealed);
  /* Drawn with the pile and the reserve face up (no warning). */
  gtk_widget_queue_draw (board);
  imh_test_flush_main_loop ();

  /* Everything hidden is revealed: the whole pile and the reserve (the
   * count is of the tiles named in the board's accessible description). */
  {
    const ImhDuel *d = &imh_game_get_viewed_state (game)->u.duel;

    g_assert_cmpint (d->pile_n, >, 3);
    g_assert_cmpint (imh_board_get_n_revealed (IMH_BOARD (board)), ==,
                     d->pile_n + d->reserve_n);
    /* Another position: counted again. */
    imh_game_set_viewed_ply (game, 12);
    imh_test_flush_main_loop ();
    d = &imh_game_get_viewed_state (game)->u.duel;
    g_assert_cmpint (imh_board_get_n_revealed (IMH_BOARD (board)), ==,
                     d->pile_n + d->reserve_n);
  }

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "game.reveal-hidden", NULL));
  g_assert_false (imh_board_get_reveal_hidden (IMH_BOARD (board)));
  /* As the player saw it: nothing hidden is shown. */
  g_assert_cmpint (imh_board_get_n_revealed (IMH_BOARD (board)), ==, 0);
}

static gboolean
session_has_analysis (gpointer session)
{
  return imh_session_get_analysis (session) != NULL;
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

/* With a library id the analysis is stored with the game and loaded again
 * when the game is opened from the library. */
static void
test_library (Fixture       *f,
              gconstpointer  data)
{
  g_autofree char *db = g_build_filename (f->tmpdir, "library.db", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhLibrary) library = imh_library_open (db, &error);
  ImhGame *game = imh_play_view_get_game (f->view);
  g_autofree char *record = imh_game_to_record_text (game);
  g_autoptr(ImhAnalysisResult) stored = NULL;
  g_autoptr(ImhSession) session = NULL;
  g_autoptr(ImhSession) again = NULL;
  gint64 id;

  g_assert_no_error (error);
  id = imh_library_save_record (library, 0, record, FALSE, &error);
  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);
  session = imh_session_new (game, library, id);
  imh_play_view_set_session (f->view, session);
  /* Nothing stored yet. */
  g_assert_null (imh_analysis_page_get_result (f->page));

  analyse (f);
  /* Stored with the game's entry (without blocking the window). */
  imh_test_iterate_until (session_has_analysis, session);
  stored = imh_analysis_result_load (library, id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (imh_analysis_result_get_n_plies (stored), ==, imh_game_get_n_plies (game));

  /* Opened again (a new game object): the stored analysis is shown. */
  imh_play_view_set_game (f->view, NULL);
  g_assert_null (imh_analysis_page_get_result (f->page));
  again = open_library_session (library, id);
  imh_play_view_set_session (f->view, again);
  g_assert_nonnull (imh_analysis_page_get_result (f->page));
  g_assert_cmpuint (imh_eval_graph_get_n_points (IMH_EVAL_GRAPH (imh_analysis_page_get_graph (f->page))),
                    ==, imh_game_get_n_plies (imh_session_get_game (again)) + 1);
  g_assert_true (imh_play_view_get_action_enabled (f->view, "game.next-mistake")
                 || imh_play_view_get_action_enabled (f->view, "game.previous-mistake"));

  /* A game of another line with that id (the entry was played on
   * differently and stored again): the old analysis is not shown, quietly. */
  {
    g_autoptr(ImhGame) other = finished_game (6);
    g_autoptr(ImhSession) other_session = imh_session_new (other, library, id);

    imh_session_set_analysis (other_session, stored);
    imh_play_view_set_session (f->view, other_session);
    g_assert_null (imh_analysis_page_get_result (f->page));
    g_assert_true (imh_play_view_get_action_enabled (f->view, "game.analyse"));
  }
  imh_play_view_set_session (f->view, NULL);
}

/* The game-over summary's Analyse response starts the analysis and shows
 * the Analysis page. */
static void
test_summary_analyse (Fixture       *f,
                      gconstpointer  data)
{
  GtkWindow *summary;
  GtkWidget *stack = gtk_widget_get_ancestor (GTK_WIDGET (f->page), GTK_TYPE_STACK);

  activate (f, "show-summary");
  summary = imh_play_view_get_summary (f->view);
  g_assert_nonnull (summary);
  g_assert_true (adw_message_dialog_has_response (ADW_MESSAGE_DIALOG (summary), "analyse"));
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (summary), "analyse");
  g_assert_true (imh_analysis_page_get_running (f->page));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (GTK_STACK (stack)), ==, "analysis");
  imh_test_iterate_until (analysis_is_done, f->page);
  g_assert_nonnull (imh_analysis_page_get_result (f->page));
}

int
main (int   argc,
      char *argv[])
{
  g_setenv ("GTK_A11Y", "none", TRUE);
  imh_test_i18n_init_app ();
  imh_test_init (&argc, &argv);
  adw_init ();

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/review/analyse-and-click", test_analyse_and_click);
  ADD ("/review/mistakes", test_mistakes);
  ADD ("/review/cancel", test_cancel);
  ADD ("/review/reveal", test_reveal);
  ADD ("/review/library", test_library);
  ADD ("/review/summary-analyse", test_summary_analyse);
#undef ADD

  return g_test_run ();
}
