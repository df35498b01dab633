/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-classic-views.c — the views around the board with the base game
 * (Imhotep, 2–4 players), built from their templates: the history of a
 * four-player game (a row per turn, the decisions other players made
 * within a turn under their own name and meeple, "Round N" above the
 * first turn of each round, score changes with meeples), the game-over
 * summary of three players with ties on points, and the analysis page of
 * a three-player game (whose win chance the graph shows, chosen by name
 * and meeple; the decisions with their movers).
 *
 * With IMH_TEST_PNG_DIR set, each view is also written there as a PNG. */
#define G_LOG_DOMAIN "test-classic-views"

#include "config.h"

#include <string.h>

#include "imh-analysis-page.h"
#include "imh-classic.h"
#include "imh-eval-graph.h"
#include "imh-game.h"
#include "imh-game-over.h"
#include "imh-history-view.h"
#include "imh-meeple-icon.h"
#include "imh-record-file.h"
#include "imh-session.h"
#include "imh-texts.h"
#include "ui-test-util.h"
#include "test-i18n.h"

static const char *const names[] = { "Anna", "Ben", "Carla", "Dora" };

/* ---- Helpers ------------------------------------------------------------ */

static gboolean
label_is (GtkWidget *widget,
          gpointer   text)
{
  return GTK_IS_LABEL (widget)
         && (g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0
             || g_strcmp0 (gtk_label_get_label (GTK_LABEL (widget)), text) == 0);
}

static GtkWidget *
find_label (GtkWidget  *widget,
            const char *text)
{
  return imh_test_find_widget (widget, label_is, (gpointer) text);
}

static GdkTexture *
render_texture (GtkWidget *widget)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);

  g_assert_cmpint (width, >, 0);
  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), width, height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  g_assert_nonnull (node);
  return gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width, height));
}

/* The widget as drawn, in pixels. */
static GBytes *
render (GtkWidget *widget)
{
  g_autoptr(GdkTexture) texture = render_texture (widget);
  int width = gdk_texture_get_width (texture), height = gdk_texture_get_height (texture);
  guchar *pixels = g_malloc (width * height * 4);

  gdk_texture_download (texture, pixels, width * 4);
  return g_bytes_new_take (pixels, width * height * 4);
}

static gboolean
count_frame (GtkWidget     *widget,
             GdkFrameClock *clock,
             gpointer       data)
{
  guint *frames = data;

  return ++*frames < 3 ? G_SOURCE_CONTINUE : G_SOURCE_REMOVE;
}

static gboolean
frames_done (gpointer data)
{
  return *(guint *) data >= 3;
}

/* Writes the widget to $IMH_TEST_PNG_DIR/name.png when that is set. */
static void
maybe_save_png (GtkWidget  *widget,
                const char *name)
{
  const char *dir = g_getenv ("IMH_TEST_PNG_DIR");
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *file = NULL;
  g_autofree char *path = NULL;
  guint frames = 0;

  if (dir == NULL)
    return;
  /* Laid out and drawn after the last change. */
  gtk_widget_add_tick_callback (widget, count_frame, &frames, NULL);
  gtk_widget_queue_draw (widget);
  imh_test_iterate_until (frames_done, &frames);
  texture = render_texture (widget);
  file = g_strdup_printf ("%s.png", name);
  path = g_build_filename (dir, file, NULL);
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("wrote %s", path);
}

/* A base game played to the end by random legal decisions, sides from
 * the seed (side B brings pyramid and round-end temple choices). */
static ImhGame *
played_game (guint    n_players,
             guint64  seed,
             guint    sides)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed ((guint32) seed);
  ImhOptions options;
  ImhGame *game;

  imh_options_init (&options, IMH_GAME_CLASSIC, (int) n_players);
  for (guint site = 0; site < IMH_CLASSIC_N_SITES; site++)
    options.sides[site] = (sides >> site) & 1 ? IMH_SIDE_B : IMH_SIDE_A;
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

/* ---- History -------------------------------------------------------------- */

/* The decisions [start, start + n) of the turn, one a line. */
static char *
lines_of (ImhTurnItem *turn,
          guint        start,
          guint        n)
{
  GString *lines = g_string_new (NULL);

  for (guint i = start; i < start + n; i++)
    {
      if (i > start)
        g_string_append_c (lines, '\n');
      g_string_append (lines, imh_turn_item_get_decision_text (turn, i));
    }
  return g_string_free (lines, FALSE);
}

static void
test_history (void)
{
  g_autoptr(ImhGame) game = played_game (4, 5, 0x1f);
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *icons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *view = imh_history_view_new ();
  GtkWidget *small[4], *large[4];
  g_autoptr(GPtrArray) small_drawn = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  g_autoptr(GPtrArray) large_drawn = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  ImhHistory *history = imh_game_get_history (game);
  guint n_turns = g_list_model_get_n_items (G_LIST_MODEL (history));
  guint other_rows = 0, rounds = 0;
  GtkListBox *list;

  /* The meeples to compare with, drawn the same way. */
  for (int p = 0; p < 4; p++)
    {
      GtkWidget *slot = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

      gtk_widget_set_valign (slot, GTK_ALIGN_START);
      small[p] = imh_meeple_icon_new (p, 12);
      large[p] = imh_meeple_icon_new (p, 16);
      gtk_widget_set_halign (small[p], GTK_ALIGN_START);
      gtk_widget_set_halign (large[p], GTK_ALIGN_START);
      gtk_box_append (GTK_BOX (slot), small[p]);
      gtk_box_append (GTK_BOX (slot), large[p]);
      gtk_box_append (GTK_BOX (icons), slot);
    }
  gtk_widget_set_vexpand (view, TRUE);
  gtk_box_append (GTK_BOX (box), icons);
  gtk_box_append (GTK_BOX (box), view);
  gtk_window_set_child (window, box);
  gtk_window_set_default_size (window, 360, 8000);
  imh_history_view_set_game (IMH_HISTORY_VIEW (view), game);
  list = GTK_LIST_BOX (imh_test_find_descendant (view, GTK_TYPE_LIST_BOX));
  gtk_window_present (window);
  imh_test_iterate_until (imh_test_widget_is_drawn, view);
  imh_test_flush_main_loop ();

  for (int p = 0; p < 4; p++)
    {
      g_ptr_array_add (small_drawn, render (small[p]));
      g_ptr_array_add (large_drawn, render (large[p]));
    }

  g_assert_cmpuint (n_turns, >, 20);
  for (guint i = 0; i < n_turns; i++)
    {
      ImhTurnItem *turn = imh_history_peek_item (history, i);
      ImhTurnItem *previous = i > 0 ? imh_history_peek_item (history, i - 1) : NULL;
      int player = imh_turn_item_get_player (turn);
      GtkListBoxRow *row = gtk_list_box_get_row_at_index (list, i);
      GtkWidget *content = gtk_list_box_row_get_child (row);
      GtkWidget *icon = gtk_widget_get_first_child (gtk_widget_get_first_child (content));
      GtkWidget *text_box = gtk_widget_get_next_sibling (gtk_widget_get_first_child (content));
      GtkWidget *body = gtk_widget_get_next_sibling (gtk_widget_get_first_child (text_box));
      GtkWidget *others = gtk_widget_get_next_sibling (body);
      GtkWidget *header = gtk_list_box_row_get_header (row);
      g_autofree char *heading = g_strdup_printf (IMH_T ("%u. %s"), i + 1, names[player]);
      g_autofree char *own = lines_of (turn, 0, imh_turn_item_get_group_length (turn, 0));
      g_autoptr(GBytes) drawn = render (icon);
      GtkWidget *other;
      GtkWidget *changes;
      guint n_changes = 0, n_shown = 0;

      /* "N. Name" with the turn player's meeple, their decisions below. */
      g_assert_nonnull (find_label (GTK_WIDGET (row), heading));
      g_assert_true (g_bytes_equal (drawn, large_drawn->pdata[player]));
      g_assert_cmpint (imh_turn_item_get_group_actor (turn, 0), ==, player);
      g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (body)), ==, own);

      /* The other players' decisions within the turn: meeple and name. */
      other = gtk_widget_get_first_child (others);
      for (guint g = 1; g < imh_turn_item_get_n_groups (turn); g++)
        {
          int actor = imh_turn_item_get_group_actor (turn, g);
          g_autofree char *lines = lines_of (turn, imh_turn_item_get_group_start (turn, g),
                                             imh_turn_item_get_group_length (turn, g));
          g_autofree char *expected = g_strdup_printf (IMH_T ("%s: %s"), names[actor], lines);
          g_autoptr(GBytes) meeple = NULL;
          GtkWidget *label;

          g_assert_nonnull (other);
          g_assert_true (gtk_widget_get_visible (others));
          meeple = render (gtk_widget_get_first_child (other));
          g_assert_true (g_bytes_equal (meeple, small_drawn->pdata[actor]));
          label = gtk_widget_get_next_sibling (gtk_widget_get_first_child (other));
          g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (label)), ==, expected);
          other = gtk_widget_get_next_sibling (other);
          other_rows++;
        }
      g_assert_null (other);

      /* "Round N" above the first turn of each round only. */
      if (previous == NULL || imh_turn_item_get_round (previous) != imh_turn_item_get_round (turn))
        {
          g_autofree char *round = g_strdup_printf (IMH_T ("Round %u"), imh_turn_item_get_round (turn));

          g_assert_true (GTK_IS_LABEL (header));
          g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (header)), ==, round);
          rounds++;
        }
      else
        g_assert_null (header);

      /* Four players: each score change that is not zero, with the meeple. */
      changes = gtk_widget_get_last_child (content);
      for (guint p = 0; p < 4; p++)
        n_changes += imh_turn_item_get_score_change (turn, p) != 0;
      for (GtkWidget *line = gtk_widget_get_first_child (changes); line != NULL;
           line = gtk_widget_get_next_sibling (line))
        n_shown++;
      g_assert_cmpuint (n_shown, ==, n_changes);
      g_assert_true (gtk_widget_get_visible (changes) == (n_changes > 0));
    }
  g_assert_cmpuint (rounds, ==, IMH_CLASSIC_N_ROUNDS);
  g_assert_cmpuint (other_rows, >, 0);

  gtk_window_destroy (window);

  /* As drawn in a sidebar. */
  if (g_getenv ("IMH_TEST_PNG_DIR") != NULL)
    {
      window = GTK_WINDOW (gtk_window_new ());
      view = imh_history_view_new ();
      gtk_window_set_child (window, view);
      gtk_window_set_default_size (window, 360, 760);
      imh_history_view_set_game (IMH_HISTORY_VIEW (view), game);
      gtk_window_present (window);
      imh_test_iterate_until (imh_test_widget_is_drawn, view);
      imh_test_flush_main_loop ();
      /* The first turns of round 2 in sight. */
      for (guint i = 0; i < n_turns; i++)
        if (imh_turn_item_get_round (imh_history_peek_item (history, i)) == 2)
          {
            imh_game_set_viewed_ply (game, imh_turn_item_get_end_ply (imh_history_peek_item (history, i + 3)));
            break;
          }
      imh_test_flush_main_loop ();
      maybe_save_png (view, "history-4-players");
      gtk_window_destroy (window);
    }
}

/* ---- Game over ------------------------------------------------------------ */

typedef struct {
  const char *name;
  int         total[3];
  int         rank[3];
  guint       tiebreak;
  const char *notes[3];     /* msgids, NULL: none */
} TieCase;

static const TieCase tie_cases[] = {
  /* Anna and Ben tie on points; Ben has more stones on the sled. */
  { "sled", { 30, 30, 25 }, { 1, 0, 2 }, IMH_TIEBREAK_SLED,
    { "Tied: fewer stones on the sled", "Tied: more stones on the sled", NULL } },
  /* Ben and Carla tie on points and sled stones: they share the win. */
  { "shared", { 28, 30, 30 }, { 2, 0, 0 }, IMH_TIEBREAK_SHARED,
    { NULL, "Tied: place shared", "Tied: place shared" } },
  /* A tie for second place, settled by the sled. */
  { "second", { 35, 20, 20 }, { 0, 2, 1 }, IMH_TIEBREAK_NONE,
    { NULL, "Tied: fewer stones on the sled", "Tied: more stones on the sled" } },
};

static void
test_game_over (gconstpointer data)
{
  const TieCase *tc = data;
  const ImhRules *rules = imh_rules_get (IMH_GAME_CLASSIC);
  ImhScore score = { 0 };
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;
  g_autofree char *png = NULL;
  GtkWindow *dialog;
  GtkWidget *extra, *grid;
  int winners[3], n_winners = 0;

  score.n_players = 3;
  score.n_categories = rules->n_categories;
  score.final = TRUE;
  score.tiebreak = (uint8_t) tc->tiebreak;
  for (int p = 0; p < 3; p++)
    {
      score.points[p][IMH_CLASSIC_CAT_PYRAMID] = (int16_t) (tc->total[p] - 4);
      score.points[p][IMH_CLASSIC_CAT_STATUES] = 4;
      score.total[p] = (int16_t) tc->total[p];
      score.rank[p] = (uint8_t) tc->rank[p];
      if (tc->rank[p] == 0)
        winners[n_winners++] = p;
    }

  dialog = imh_game_over_dialog_new (NULL, rules, &score, names);
  gtk_window_present (dialog);
  imh_test_iterate_until (imh_test_widget_is_drawn, dialog);
  imh_test_flush_main_loop ();

  /* The heading names the winner(s); the body explains the tie-break. */
  if (n_winners == 1)
    heading = g_strdup_printf (IMH_T ("%s Wins"), names[winners[0]]);
  else
    {
      g_autofree char *joined = g_strdup_printf (IMH_T ("%s and %s"), names[winners[0]], names[winners[1]]);

      heading = g_strdup_printf (IMH_T ("%s Share the Win"), joined);
    }
  g_assert_cmpstr (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (dialog)), ==, heading);
  body = g_strdup_printf (IMH_TN ("%d point.", "%d points.", (gulong) tc->total[winners[0]]),
                          tc->total[winners[0]]);
  if (tc->tiebreak == IMH_TIEBREAK_SLED)
    g_assert_true (g_str_has_prefix (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog)), body));
  if (tc->tiebreak != IMH_TIEBREAK_NONE)
    g_assert_nonnull (strstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog)),
                              imh_texts_tiebreak (tc->tiebreak)));
  else
    g_assert_cmpstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog)), ==, body);

  /* Everybody's place, meeple, name, points and how a tie was settled,
   * best first (seat order within a shared place). */
  extra = adw_message_dialog_get_extra_child (ADW_MESSAGE_DIALOG (dialog));
  grid = imh_test_find_descendant (extra, GTK_TYPE_GRID);
  g_assert_true (gtk_widget_has_css_class (grid, "places"));
  for (int p = 0; p < 3; p++)
    {
      GtkWidget *name = find_label (grid, names[p]);
      g_autofree char *total = g_strdup_printf ("%d", tc->total[p]);
      int row, column, width, height;
      GtkWidget *place, *points, *note;

      g_assert_nonnull (name);
      gtk_grid_query_child (GTK_GRID (grid), name, &column, &row, &width, &height);
      g_assert_cmpint (column, ==, 2);
      place = gtk_grid_get_child_at (GTK_GRID (grid), 0, row);
      points = gtk_grid_get_child_at (GTK_GRID (grid), 3, row);
      note = gtk_grid_get_child_at (GTK_GRID (grid), 4, row);
      g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (place)), ==, imh_texts_place (tc->rank[p]));
      g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (points)), ==, total);
      g_assert_true (GTK_IS_DRAWING_AREA (gtk_grid_get_child_at (GTK_GRID (grid), 1, row)));
      if (tc->notes[p] == NULL)
        g_assert_null (note);
      else
        g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (note)), ==, IMH_T (tc->notes[p]));
      /* Sorted by place. */
      for (int q = 0; q < 3; q++)
        {
          GtkWidget *other = find_label (grid, names[q]);
          int other_row;

          gtk_grid_query_child (GTK_GRID (grid), other, NULL, &other_row, NULL, NULL);
          if (tc->rank[q] > tc->rank[p])
            g_assert_cmpint (other_row, >, row);
        }
    }

  png = g_strdup_printf ("game-over-3-players-%s", tc->name);
  maybe_save_png (GTK_WIDGET (dialog), png);
  gtk_window_destroy (dialog);
}

/* ---- Analysis ----------------------------------------------------------- */

static void
test_analysis_page (void)
{
  g_autoptr(ImhGame) played = played_game (3, 21, 0x06);
  g_autofree char *record = imh_game_to_record_text (played);
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhAnalysisJob) job = imh_analysis_job_new (record, &error);
  g_autoptr(ImhAnalysisResult) result = NULL;
  g_autoptr(ImhGame) game = NULL;
  g_autoptr(ImhSession) session = NULL;
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  GtkWidget *page = imh_analysis_page_new ();
  ImhEvalGraph *graph;
  GtkDropDown *choice;
  GListModel *model;
  const ImhAnalysis *a;
  guint checked = 0;

  /* The analysis of a base game runs (few iterations: the plumbing, not
   * the strength). */
  g_assert_no_error (error);
  imh_analysis_job_set_budget (job, 40, 2, 8);
  result = imh_analysis_job_run (job, NULL, &error);
  g_assert_no_error (error);
  a = imh_analysis_result_get_analysis (result);
  g_assert_cmpuint (a->n_players, ==, 3);
  g_assert_cmpuint (imh_analysis_result_get_n_plies (result), ==, imh_game_get_n_plies (played));

  game = imh_game_new_from_record_text (record, -1, &error);
  g_assert_no_error (error);
  for (guint p = 0; p < 3; p++)
    g_assert_cmpstr (imh_seat_get_name (imh_game_get_seat (game, p)), ==, names[p]);
  session = imh_session_new (game, NULL, 0);

  gtk_window_set_child (window, page);
  gtk_window_set_default_size (window, 360, 780);
  imh_analysis_page_set_session (IMH_ANALYSIS_PAGE (page), session);
  /* The person's seat (the play view sets it). */
  imh_analysis_page_set_player (IMH_ANALYSIS_PAGE (page), 2);
  imh_analysis_page_set_result (IMH_ANALYSIS_PAGE (page), result);
  gtk_window_present (window);
  imh_test_iterate_until (imh_test_widget_is_drawn, page);
  imh_test_flush_main_loop ();

  /* Whose win chance: the three names, the person's seat chosen. */
  graph = IMH_EVAL_GRAPH (imh_analysis_page_get_graph (IMH_ANALYSIS_PAGE (page)));
  choice = GTK_DROP_DOWN (imh_test_find_descendant (page, GTK_TYPE_DROP_DOWN));
  g_assert_nonnull (choice);
  g_assert_true (gtk_widget_is_drawable (GTK_WIDGET (choice)));
  g_assert_nonnull (find_label (page, IMH_T ("_Win chance of")));
  g_assert_nonnull (find_label (page, IMH_T ("Show hidden cards (round cards and market deck)")));
  model = gtk_drop_down_get_model (choice);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 3);
  for (guint p = 0; p < 3; p++)
    g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (model), p), ==, names[p]);
  g_assert_cmpuint (gtk_drop_down_get_selected (choice), ==, 2);
  g_assert_cmpuint (imh_eval_graph_get_player (graph), ==, 2);
  g_assert_cmpuint (imh_eval_graph_get_n_points (graph), ==, a->n_plies + 1);

  /* Another player chosen: the graph shows theirs. */
  gtk_drop_down_set_selected (choice, 1);
  g_assert_cmpuint (imh_eval_graph_get_player (graph), ==, 1);
  g_assert_cmpuint (imh_analysis_page_get_player (IMH_ANALYSIS_PAGE (page)), ==, 1);
  imh_analysis_page_set_player (IMH_ANALYSIS_PAGE (page), 0);
  g_assert_cmpuint (gtk_drop_down_get_selected (choice), ==, 0);
  g_assert_cmpuint (imh_eval_graph_get_player (graph), ==, 0);

  /* The graph's tooltip names the mover and whose win chance it is. */
  for (guint point = 1; point <= a->n_plies; point += 9)
    {
      const ImhAnalysisPly *row = imh_analysis_result_get_ply (result, point - 1);
      g_autofree char *text = _imh_eval_graph_dup_point_text (graph, point);
      g_autofree char *words = imh_texts_decision (imh_game_get_state_at (game, point - 1), row->played);
      g_autofree char *chance = g_strdup_printf (IMH_T ("Win chance for %s: %.0f %%"),
                                                 names[0], 100 * imh_eval_graph_get_value (graph, point));
      g_auto(GStrv) lines = g_strsplit (text, "\n", -1);

      /* "Turn 4 · Ann: Take a stone": the mover and the decision in words. */
      g_assert_nonnull (strstr (lines[0], names[row->mover]));
      g_assert_true (g_str_has_suffix (lines[0], words));
      /* The chance, then its change in brackets. */
      g_assert_true (g_str_has_prefix (lines[1], chance));
    }

  /* The decisions with their movers' names, also within another
   * player's turn. */
  for (guint ply = 0; ply < a->n_plies; ply++)
    {
      const ImhAnalysisPly *row = imh_analysis_result_get_ply (result, ply);
      const ImhState *before = imh_game_get_state_at (game, ply);
      g_autofree char *played_text = imh_texts_decision (before, row->played);
      g_autofree char *title = g_strdup_printf (IMH_T ("%u. %s: %s"), ply + 1, names[row->mover], played_text);

      g_assert_cmpint (row->mover, ==, imh_rules_get (IMH_GAME_CLASSIC)->actor (before));
      if (ply % 7 != 0 && row->mover == imh_rules_get (IMH_GAME_CLASSIC)->turn_player (before))
        continue;
      imh_game_set_viewed_ply (game, ply + 1);
      g_assert_nonnull (find_label (page, title));
      checked++;
    }
  g_assert_cmpuint (checked, >, 10);

  /* Each player's card. */
  for (guint p = 0; p < 3; p++)
    g_assert_nonnull (find_label (page, names[p]));

  imh_game_set_viewed_ply (game, 40);
  imh_test_flush_main_loop ();
  maybe_save_png (GTK_WIDGET (window), "analysis-3-players");

  gtk_window_destroy (window);
}

int
main (int   argc,
      char *argv[])
{
  g_setenv ("GTK_A11Y", "none", TRUE);
  imh_test_i18n_init_app ();
  imh_test_init (&argc, &argv);

  g_test_add_func ("/classic-views/history/four-players", test_history);
  for (guint i = 0; i < G_N_ELEMENTS (tie_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/classic-views/game-over/three-players/%s", tie_cases[i].name);

      g_test_add_data_func (path, &tie_cases[i], test_game_over);
    }
  g_test_add_func ("/classic-views/analysis/three-players", test_analysis_page);

  return g_test_run ();
}
