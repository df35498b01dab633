/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-views.c — the score view and the history view built from their
 * templates, for a Duel and for a base game of 3 and 4 players: the score
 * table's columns, the headings of the objects off the board in the game's
 * words, and the history rows with each turn's player (name and meeple). */
#define G_LOG_DOMAIN "test-views"

#include "config.h"

#include "imh-game.h"
#include "imh-history-view.h"
#include "imh-meeple-icon.h"
#include "imh-score-view.h"
#include "ui-test-util.h"
#include "test-i18n.h"

static gboolean
label_is (GtkWidget *widget,
          gpointer   text)
{
  return GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_label (GTK_LABEL (widget)), text) == 0;
}

static GtkWidget *
find_label (GtkWidget  *widget,
            const char *text)
{
  return imh_test_find_widget (widget, label_is, (gpointer) text);
}

/* Plays n legal decisions from the state (the first legal one each time). */
static void
play (ImhState *state,
      guint     n)
{
  for (guint i = 0; i < n && !imh_is_over (state); i++)
    {
      ImhDecisionList legal;

      g_assert_cmpint (imh_legal (state, &legal), >, 0);
      imh_apply (state, legal.d[i % legal.n]);
    }
}

static int
n_hidden (const ImhState *state,
          gboolean        out)
{
  ImhHiddenItem items[64];
  int n = imh_rules_of (state)->hidden_summary (state, -1, items, G_N_ELEMENTS (items));
  int k = 0;

  for (int i = 0; i < n; i++)
    k += items[i].out == out;
  return k;
}

static void
check_score_view (ImhGameKind  kind,
                  int          n_players,
                  const char  *unseen_title,
                  const char  *removed_title)
{
  static const char *const names[] = { "Ada", "Bea", "Cleo", "Dora" };
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  GtkWidget *view = imh_score_view_new ();
  GtkWidget *grid, *title, *area, *removed;
  ImhOptions options;
  ImhState state;
  char why[128];

  imh_options_init (&options, kind, n_players);
  g_assert_true (imh_setup (&state, &options, 7, why, sizeof why));
  play (&state, 12);

  gtk_window_set_child (window, view);
  imh_score_view_set_state (IMH_SCORE_VIEW (view), &state, names);
  gtk_window_present (window);
  imh_test_iterate_until (imh_test_widget_is_drawn, view);

  g_assert_nonnull (find_label (view, IMH_T ("Points if the game ended now")));

  /* A column per player, with the player's name. */
  grid = imh_test_find_descendant (view, GTK_TYPE_GRID);
  g_assert_nonnull (grid);
  for (int p = 0; p < n_players; p++)
    {
      g_assert_nonnull (gtk_grid_get_child_at (GTK_GRID (grid), 1 + p, 0));
      g_assert_nonnull (find_label (grid, names[p]));
    }
  g_assert_null (gtk_grid_get_child_at (GTK_GRID (grid), 1 + n_players, 0));
  if (n_players < IMH_MAX_PLAYERS)
    g_assert_null (find_label (grid, names[n_players]));
  g_assert_nonnull (find_label (grid, IMH_T ("Total")));

  /* The objects off the board: the headings in the game's words, an icon
   * (a square of at least 34 pixels under its heading) per kind of the
   * rules' hidden_summary, six to a line. */
  title = find_label (view, unseen_title);
  g_assert_nonnull (title);
  g_assert_true (gtk_widget_is_drawable (title));
  area = gtk_widget_get_next_sibling (gtk_widget_get_next_sibling (title));
  g_assert_true (GTK_IS_DRAWING_AREA (area));
  g_assert_cmpint (n_hidden (&state, FALSE), >, 0);
  g_assert_cmpint (gtk_drawing_area_get_content_height (GTK_DRAWING_AREA (area)), >=,
                   (n_hidden (&state, FALSE) + 5) / 6 * 34);

  title = find_label (view, removed_title);
  g_assert_nonnull (title);
  removed = gtk_widget_get_next_sibling (title);
  g_assert_true (GTK_IS_DRAWING_AREA (removed));
  g_assert_true (gtk_widget_get_visible (title) == (n_hidden (&state, TRUE) > 0));
  g_assert_true (gtk_widget_get_visible (removed) == (n_hidden (&state, TRUE) > 0));

  gtk_window_destroy (window);
}

static void
test_score_view_duel (void)
{
  check_score_view (IMH_GAME_DUEL, 2, IMH_T ("Unseen Tiles"), IMH_T ("Out of the Game"));
}

static void
test_score_view_classic (void)
{
  /* The base game's board names its hidden objects: cards. */
  check_score_view (IMH_GAME_CLASSIC, 3, IMH_T ("Unseen Cards"), IMH_T ("Out of the Game"));
  check_score_view (IMH_GAME_CLASSIC, 4, IMH_T ("Unseen Cards"), IMH_T ("Out of the Game"));
}

/* The widget as drawn, in pixels. */
static GBytes *
render (GtkWidget *widget)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  guchar *pixels;

  g_assert_cmpint (width, >, 0);
  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), width, height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (renderer, node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  pixels = g_malloc (width * height * 4);
  gdk_texture_download (texture, pixels, width * 4);
  return g_bytes_new_take (pixels, width * height * 4);
}

static void
check_history_view (ImhGameKind kind,
                    int         n_players)
{
  g_autoptr(ImhGame) game = NULL;
  g_autoptr(GError) error = NULL;
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *icons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *view = imh_history_view_new ();
  GtkWidget *reference[4];
  g_autoptr(GPtrArray) seen = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  GtkListBox *list;
  ImhHistory *history;
  ImhOptions options;
  guint n_turns;

  imh_options_init (&options, kind, n_players);
  game = imh_game_new (&options, 11, &error);
  g_assert_no_error (error);

  /* The meeples to compare with, drawn the same way. */
  for (int p = 0; p < n_players; p++)
    {
      GtkWidget *slot = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);

      reference[p] = imh_meeple_icon_new (p, 16);
      gtk_widget_set_valign (slot, GTK_ALIGN_START);
      gtk_box_append (GTK_BOX (slot), reference[p]);
      gtk_box_append (GTK_BOX (icons), slot);
    }
  gtk_box_append (GTK_BOX (box), icons);
  gtk_box_append (GTK_BOX (box), view);
  gtk_window_set_child (window, box);
  gtk_window_set_default_size (window, 360, 2000);
  imh_history_view_set_game (IMH_HISTORY_VIEW (view), game);

  list = GTK_LIST_BOX (imh_test_find_descendant (view, GTK_TYPE_LIST_BOX));
  g_assert_nonnull (list);
  gtk_window_present (window);
  imh_test_iterate_until (imh_test_widget_is_drawn, view);

  /* No turn yet: the placeholder. */
  g_assert_null (gtk_list_box_get_row_at_index (list, 0));
  g_assert_true (gtk_widget_is_drawable (find_label (view, IMH_T ("No moves yet"))));

  /* Everyone takes turns. */
  history = imh_game_get_history (game);
  while (g_list_model_get_n_items (G_LIST_MODEL (history)) <= (guint) n_players + 1)
    {
      ImhDecisionList legal;

      g_assert_cmpint (imh_legal (imh_game_get_state (game), &legal), >, 0);
      g_assert_true (imh_game_apply (game, legal.d[0], IMH_BRANCH_TRUNCATE, &error));
      g_assert_no_error (error);
    }
  /* The new rows laid out and drawn (on a busy machine more than a few
   * turns of the main loop). */
  imh_test_flush_main_loop ();
  imh_test_wait_for_paint (view);
  for (int p = 0; p < n_players; p++)
    g_ptr_array_add (seen, render (reference[p]));
  for (int p = 1; p < n_players; p++)
    g_assert_false (g_bytes_equal (seen->pdata[0], seen->pdata[p]));

  n_turns = g_list_model_get_n_items (G_LIST_MODEL (history));
  for (guint i = 0; i < n_turns; i++)
    {
      ImhTurnItem *turn = imh_history_peek_item (history, i);
      int player = imh_turn_item_get_player (turn);
      GtkWidget *row = GTK_WIDGET (gtk_list_box_get_row_at_index (list, i));
      GtkWidget *content = gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (row));
      GtkWidget *icon = gtk_widget_get_first_child (gtk_widget_get_first_child (content));
      g_autofree char *name = g_strdup_printf (IMH_T ("Player %u"), (guint) player + 1);
      g_autofree char *heading = g_strdup_printf (IMH_T ("%u. %s"), i + 1, name);
      g_autoptr(GBytes) drawn = NULL;

      g_assert_cmpint (player, >=, 0);
      g_assert_cmpint (player, <, n_players);
      g_assert_nonnull (find_label (row, heading));
      g_assert_nonnull (find_label (row, imh_turn_item_get_decision_text (turn, 0)));
      g_assert_true (GTK_IS_DRAWING_AREA (icon));
      drawn = render (icon);
      g_assert_true (g_bytes_equal (drawn, seen->pdata[player]));
    }
  g_assert_null (gtk_list_box_get_row_at_index (list, n_turns));
  /* The live turn is selected. */
  g_assert_cmpint (gtk_list_box_row_get_index (gtk_list_box_get_selected_row (list)), ==, n_turns - 1);

  gtk_window_destroy (window);
}

static void
test_history_view_duel (void)
{
  check_history_view (IMH_GAME_DUEL, 2);
}

static void
test_history_view_classic (void)
{
  check_history_view (IMH_GAME_CLASSIC, 3);
  check_history_view (IMH_GAME_CLASSIC, 4);
}

int
main (int   argc,
      char *argv[])
{
  g_setenv ("GTK_A11Y", "none", TRUE);
  imh_test_i18n_init_app ();
  imh_test_init (&argc, &argv);

  g_test_add_func ("/views/score/duel", test_score_view_duel);
  g_test_add_func ("/views/score/classic", test_score_view_classic);
  g_test_add_func ("/views/history/duel", test_history_view_duel);
  g_test_add_func ("/views/history/classic", test_history_view_classic);

  return g_test_run ();
}
