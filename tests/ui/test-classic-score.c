/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-classic-score.c — the score view with base games of 2, 3 and 4
 * players: a column per player, the totals and places of the rules' score
 * ("if the game ended now" and so far), the sled tie-break, the unseen
 * market cards with the chances of the next draw; the base game's
 * class-wide board functions (its cards drawn, the hidden parts in words);
 * the percentages in the UI language. With IMH_TEST_PNG_DIR set, the view
 * of a 4-player game is written there as PNG, light and dark. */
#define G_LOG_DOMAIN "test-classic-score"

#include "config.h"

#include <adwaita.h>
#include <locale.h>
#include <math.h>
#include <string.h>

#include "imh-board.h"
#include "imh-classic.h"
#include "imh-classic-board.h"
#include "imh-classic-items.h"
#include "imh-duel-board.h"
#include "imh-score-view.h"
#include "imh-texts.h"
#include "imh-ui-util.h"
#include "ui-test-util.h"
#include "test-i18n.h"

/* ---- A board class with the base game's class-wide functions only (the
 * score view draws through it; no instance is made) ---- */

typedef struct { ImhBoard parent_instance; } TestItemsBoard;
typedef struct { ImhBoardClass parent_class; } TestItemsBoardClass;

GType test_items_board_get_type (void);

G_DEFINE_TYPE (TestItemsBoard, test_items_board, IMH_TYPE_BOARD)

static void
test_items_board_class_init (TestItemsBoardClass *klass)
{
  ImhBoardClass *board_class = IMH_BOARD_CLASS (klass);

  board_class->draw_item = _imh_classic_board_draw_item;
  board_class->describe_unseen = _imh_classic_board_describe_unseen;
  board_class->unseen_heading = _imh_classic_board_unseen_heading;
}

static void
test_items_board_init (TestItemsBoard *self)
{
}

static const char *const names[] = { "Ada", "Bea", "Cleo", "Dora Longname" };

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

static const char *
cell_text (GtkWidget *grid,
           int        column,
           int        row)
{
  GtkWidget *child = gtk_grid_get_child_at (GTK_GRID (grid), column, row);

  g_assert_true (GTK_IS_LABEL (child));
  return gtk_label_get_label (GTK_LABEL (child));
}

/* A seeded base game after some decisions drawn from the seed. */
static void
seeded_game (ImhState *state,
             int       n_players,
             guint     seed,
             guint     n_decisions)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  ImhOptions options;
  char why[128];

  imh_options_init (&options, IMH_GAME_CLASSIC, n_players);
  g_assert_true (imh_setup (state, &options, seed, why, sizeof why));
  for (guint i = 0; i < n_decisions && !imh_is_over (state); i++)
    {
      ImhDecisionList legal;

      g_assert_cmpint (imh_legal (state, &legal), >, 0);
      imh_apply (state, legal.d[g_rand_int_range (rand, 0, legal.n)]);
    }
}

static GtkWidget *
view_in_window (GtkWindow **window,
                int         width)
{
  GtkWidget *view = imh_score_view_new ();

  *window = GTK_WINDOW (gtk_window_new ());
  _imh_score_view_set_board_type (IMH_SCORE_VIEW (view), test_items_board_get_type ());
  gtk_window_set_child (*window, view);
  gtk_window_set_default_size (*window, width, -1);
  return view;
}

/* The table shows the score: a column per player (meeple and name, the
 * full name in the tooltip), the totals and the places. */
static void
check_table (GtkWidget      *view,
             const ImhScore *score)
{
  GtkWidget *grid = imh_test_find_descendant (view, GTK_TYPE_GRID);
  int total_row = 2 + score->n_categories;

  g_assert_nonnull (grid);
  for (int p = 0; p < score->n_players; p++)
    {
      GtkWidget *head = gtk_grid_get_child_at (GTK_GRID (grid), 1 + p, 0);
      char buf[16];

      g_assert_nonnull (head);
      g_assert_cmpstr (gtk_widget_get_tooltip_text (head), ==, names[p]);
      g_assert_nonnull (find_label (head, names[p]));
      g_assert_true (GTK_IS_DRAWING_AREA (gtk_widget_get_first_child (head)));
      for (guint c = 0; c < score->n_categories; c++)
        {
          g_snprintf (buf, sizeof buf, "%d", score->points[p][c]);
          g_assert_cmpstr (cell_text (grid, 1 + p, 1 + c), ==, buf);
        }
      g_snprintf (buf, sizeof buf, "%d", score->total[p]);
      g_assert_cmpstr (cell_text (grid, 1 + p, total_row), ==, buf);
      g_assert_cmpstr (cell_text (grid, 1 + p, total_row + 1), ==, imh_texts_place (score->rank[p]));
    }
  g_assert_null (gtk_grid_get_child_at (GTK_GRID (grid), 1 + score->n_players, 0));
  g_assert_cmpstr (cell_text (grid, 0, total_row), ==, IMH_T ("Total"));
  g_assert_cmpstr (cell_text (grid, 0, total_row + 1), ==, IMH_T ("Place"));
}

static void
test_view (gconstpointer data)
{
  int n_players = GPOINTER_TO_INT (data);
  const ImhRules *rules = imh_rules_get (IMH_GAME_CLASSIC);
  GtkWindow *window;
  GtkWidget *view = view_in_window (&window, 300);
  GtkWidget *title, *caption, *area;
  ImhHiddenItem items[32];
  ImhState state;
  ImhScore score;
  int n, unseen = 0, hidden_cards;
  double chances = 0;
  int min_width;
  g_autofree char *described = NULL;

  seeded_game (&state, n_players, 20 + n_players, 60);
  imh_score_view_set_state (IMH_SCORE_VIEW (view), &state, names);
  gtk_window_present (window);
  imh_test_iterate_until (imh_test_widget_is_drawn, view);

  /* "If the game ended now" by default: the rules' score. */
  g_assert_false (imh_score_view_get_so_far (IMH_SCORE_VIEW (view)));
  g_assert_true (gtk_widget_is_drawable (find_label (view, IMH_T ("Points if the game ended now"))));
  rules->score (&state, &score);
  g_assert_false (score.final);
  check_table (view, &score);

  /* The points scored so far. */
  imh_score_view_set_so_far (IMH_SCORE_VIEW (view), TRUE);
  g_assert_true (imh_score_view_get_so_far (IMH_SCORE_VIEW (view)));
  g_assert_nonnull (find_label (view, IMH_T ("Points scored so far")));
  rules->score_so_far (&state, &score);
  check_table (view, &score);
  imh_score_view_set_so_far (IMH_SCORE_VIEW (view), FALSE);
  rules->score (&state, &score);
  check_table (view, &score);

  /* Four columns fit the narrow sidebar. */
  gtk_widget_measure (view, GTK_ORIENTATION_HORIZONTAL, -1, &min_width, NULL, NULL, NULL);
  g_assert_cmpint (min_width, <=, 300);

  /* The unseen market cards: deck and face-down pair, in one pool whose
   * chances add up to 100 %; the round cards are not drawn from it. */
  n = rules->hidden_summary (&state, -1, items, G_N_ELEMENTS (items));
  hidden_cards = state.u.classic.deck_n;
  if (state.u.classic.pair_state == IMH_CLASSIC_PAIR_FACE_DOWN)
    hidden_cards += (state.u.classic.pair[0] != IMH_CLASSIC_NONE)
                    + (state.u.classic.pair[1] != IMH_CLASSIC_NONE);
  for (int i = 0; i < n; i++)
    {
      double chance = imh_hidden_item_chance (items, n, i);

      if (items[i].item < IMH_CLASSIC_N_CARD_TYPES)
        {
          unseen += items[i].count;
          g_assert_cmpfloat (chance, >=, 0);
          chances += chance;
        }
      else
        g_assert_cmpfloat (chance, <, 0);
    }
  g_assert_cmpint (unseen, >, 0);
  g_assert_cmpint (unseen, ==, hidden_cards);
  g_assert_cmpfloat (fabs (chances - 1.0), <, 1e-9);

  /* The headings and the caption in the game's words. */
  title = find_label (view, IMH_T ("Unseen Cards"));
  g_assert_nonnull (title);
  caption = gtk_widget_get_next_sibling (title);
  g_assert_true (GTK_IS_LABEL (caption));
  described = _imh_classic_board_describe_unseen (NULL, &state);
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (caption)), ==, described);
  area = gtk_widget_get_next_sibling (caption);
  g_assert_true (GTK_IS_DRAWING_AREA (area));
  /* Three lines of icons, each with its count and its chance. */
  g_assert_cmpint (gtk_drawing_area_get_content_height (GTK_DRAWING_AREA (area)), >=,
                   (n + 5) / 6 * (34 + 22 + 16));

  gtk_window_destroy (window);
}

/* The tie-break line under the table: why, and the two tied players'
 * stones on the sled. */
static char *
tie_text (const char *why,
          const char *a,
          int         a_sled,
          const char *b,
          int         b_sled)
{
  g_autofree char *first = g_strdup_printf (IMH_T ("%s %d"), a, a_sled);
  g_autofree char *second = g_strdup_printf (IMH_T ("%s %d"), b, b_sled);
  g_autofree char *list = g_strconcat (first, ", ", second, NULL);
  g_autofree char *counts = g_strdup_printf (IMH_T ("Stones on the supply sled: %s."), list);

  return g_strconcat (why, " ", counts, NULL);
}

/* C7: equal totals, the sled decides; equal sleds, the place is shared. */
static void
test_tie (void)
{
  GtkWindow *window;
  GtkWidget *view = view_in_window (&window, 300);
  GtkWidget *grid;
  ImhState state;
  ImhClassic *c;
  int place_row = 3 + IMH_CLASSIC_N_CATEGORIES;
  g_autofree char *expected = NULL;

  seeded_game (&state, 3, 5, 0);
  c = &state.u.classic;
  memset (c->points, 0, sizeof c->points);
  c->points[0][IMH_CLASSIC_CAT_PYRAMID] = 6;
  c->points[1][IMH_CLASSIC_CAT_TEMPLE] = 6;
  c->points[2][IMH_CLASSIC_CAT_PYRAMID] = 2;
  c->sled[0] = 2;
  c->sled[1] = 4;
  c->sled[2] = 5;

  imh_score_view_set_state (IMH_SCORE_VIEW (view), &state, names);
  gtk_window_present (window);
  imh_test_iterate_until (imh_test_widget_is_drawn, view);
  grid = imh_test_find_descendant (view, GTK_TYPE_GRID);
  g_assert_cmpstr (cell_text (grid, 2, place_row), ==, imh_texts_place (0));
  g_assert_cmpstr (cell_text (grid, 1, place_row), ==, imh_texts_place (1));
  g_assert_cmpstr (cell_text (grid, 3, place_row), ==, imh_texts_place (2));
  /* The sleds of the two tied, in words under the table. */
  expected = tie_text (IMH_T ("Tied: more stones on the supply sled wins."), "Ada", 2, "Bea", 4);
  g_assert_true (gtk_widget_is_drawable (find_label (view, expected)));

  c->sled[0] = c->sled[1] = 3;
  imh_score_view_set_state (IMH_SCORE_VIEW (view), &state, names);
  grid = imh_test_find_descendant (view, GTK_TYPE_GRID);
  g_assert_cmpstr (cell_text (grid, 1, place_row), ==, imh_texts_place (0));
  g_assert_cmpstr (cell_text (grid, 2, place_row), ==, imh_texts_place (0));
  g_assert_cmpstr (cell_text (grid, 3, place_row), ==, imh_texts_place (2));
  g_assert_null (find_label (view, expected));
  g_clear_pointer (&expected, g_free);
  expected = tie_text (IMH_T ("Tied: the players share the place."), "Ada", 3, "Bea", 3);
  g_assert_nonnull (find_label (view, expected));

  /* A clear leader: no tie-break shown. */
  c->points[2][IMH_CLASSIC_CAT_PYRAMID] = 9;
  imh_score_view_set_state (IMH_SCORE_VIEW (view), &state, names);
  grid = imh_test_find_descendant (view, GTK_TYPE_GRID);
  g_assert_cmpstr (cell_text (grid, 3, place_row), ==, imh_texts_place (0));
  g_assert_null (find_label (view, expected));

  gtk_window_destroy (window);
}

/* A game that scores nothing before its end (the Duel) has no "so far". */
static void
test_duel_no_so_far (void)
{
  GtkWindow *window;
  GtkWidget *view = view_in_window (&window, 300);
  ImhOptions options;
  ImhState state;

  _imh_score_view_set_board_type (IMH_SCORE_VIEW (view), G_TYPE_INVALID);
  imh_options_init (&options, IMH_GAME_DUEL, 2);
  g_assert_true (imh_setup (&state, &options, 3, NULL, 0));
  g_assert_null (imh_rules_of (&state)->score_so_far);
  imh_score_view_set_state (IMH_SCORE_VIEW (view), &state, names);
  gtk_window_present (window);
  imh_test_iterate_until (imh_test_widget_is_drawn, view);
  imh_score_view_set_so_far (IMH_SCORE_VIEW (view), TRUE);
  g_assert_false (imh_score_view_get_so_far (IMH_SCORE_VIEW (view)));
  g_assert_false (gtk_widget_is_drawable (find_label (view, IMH_T ("So Far"))));
  g_assert_nonnull (find_label (view, IMH_T ("Points if the game ended now")));
  gtk_window_destroy (window);
}

/* The icon of an item in a fresh image; the surface's status checked. */
static GBytes *
draw_item (guint item)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 40, 40);
  cairo_t *cr = cairo_create (surface);
  GBytes *bytes;

  _imh_classic_board_draw_item (NULL, cr, item, 2, 2, 36);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  bytes = g_bytes_new (cairo_image_surface_get_data (surface),
                       (gsize) cairo_image_surface_get_stride (surface) * 40);
  cairo_surface_destroy (surface);
  return bytes;
}

static gboolean
is_blank (GBytes *bytes)
{
  gsize size;
  const guint8 *data = g_bytes_get_data (bytes, &size);

  for (gsize i = 0; i < size; i++)
    if (data[i] != 0)
      return FALSE;
  return TRUE;
}

static void
test_items (void)
{
  GBytes *drawn[IMH_CLASSIC_N_CARD_TYPES + 1];
  g_autoptr(GBytes) beyond = NULL;
  ImhState state;
  g_autofree char *text = NULL;
  g_autofree char *cards = NULL;
  const char *headings[4];
  ImhPalette palette;
  ImhRgba ink = { 0, 0, 0, 1 }, accent = { 0.2, 0.4, 0.9, 1 };
  cairo_surface_t *surface;
  cairo_t *cr;

  /* Every market card type and the round cards: drawn, each its own. */
  for (guint item = 0; item <= IMH_CLASSIC_N_CARD_TYPES; item++)
    {
      drawn[item] = draw_item (item);
      g_assert_false (is_blank (drawn[item]));
      for (guint other = 0; other < item; other++)
        g_assert_false (g_bytes_equal (drawn[item], drawn[other]));
    }
  beyond = draw_item (IMH_CLASSIC_N_CARD_TYPES + 1);
  g_assert_true (is_blank (beyond));
  for (guint item = 0; item <= IMH_CLASSIC_N_CARD_TYPES; item++)
    g_bytes_unref (drawn[item]);

  /* The board's primitive, also on a tiny box and in the dark. */
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 64, 64);
  cr = cairo_create (surface);
  imh_palette_init (&palette, TRUE, &ink, &accent);
  for (guint type = 0; type < IMH_CLASSIC_N_CARD_TYPES; type++)
    {
      imh_classic_draw_card (cr, &palette, type, 1, 1, 40, 56);
      imh_classic_draw_card (cr, &palette, type, 0, 0, 3, 4);
    }
  imh_classic_draw_round_card (cr, &palette, imh_classic_round_cards[0][0].cap, 1, 1, 40, 56);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);

  /* The hidden parts in words: the face-down cards and the round cards
   * that can still come, six of them at the start. */
  seeded_game (&state, 4, 3, 0);
  text = _imh_classic_board_describe_unseen (NULL, &state);
  g_assert_nonnull (text);
  if (state.u.classic.pair_state == IMH_CLASSIC_PAIR_FACE_DOWN)
    {
      int pair = 2;
      cards = g_strdup_printf (IMH_TN ("%d market card face down: %d in the deck, %d in the face-down pair.",
                                       "%d market cards face down: %d in the deck, %d in the face-down pair.",
                                       state.u.classic.deck_n + pair),
                               state.u.classic.deck_n + pair, state.u.classic.deck_n, pair);
    }
  else
    cards = g_strdup_printf (IMH_TN ("%d market card face down in the deck.",
                                     "%d market cards face down in the deck.",
                                     state.u.classic.deck_n),
                             state.u.classic.deck_n);
  g_assert_true (g_str_has_prefix (text, cards));
  {
    uint8_t unplayed[IMH_CLASSIC_N_ROUND_CARDS];
    int n = imh_classic_rounds_unplayed (&state, unplayed);

    g_assert_cmpint (n, ==, 6);
    for (int i = 0; i < n; i++)
      {
        const uint8_t *cap = imh_classic_round_cards[2][unplayed[i]].cap;
        g_autofree char *card = g_strdup_printf ("%d-%d-%d-%d", cap[0], cap[1], cap[2], cap[3]);

        g_assert_nonnull (strstr (text, card));
      }
  }

  /* In the last round no round card comes. */
  g_clear_pointer (&text, g_free);
  state.u.classic.round = IMH_CLASSIC_N_ROUNDS - 1;
  text = _imh_classic_board_describe_unseen (NULL, &state);
  g_assert_nonnull (strstr (text, IMH_T ("No round card comes any more: the one left was removed unseen.")));

  /* The headings: translated, four different ones. */
  headings[0] = _imh_classic_board_unseen_heading (NULL, FALSE, FALSE);
  headings[1] = _imh_classic_board_unseen_heading (NULL, FALSE, TRUE);
  headings[2] = _imh_classic_board_unseen_heading (NULL, TRUE, FALSE);
  headings[3] = _imh_classic_board_unseen_heading (NULL, TRUE, TRUE);
  g_assert_cmpstr (headings[0], ==, IMH_T ("Unseen Cards"));
  g_assert_cmpstr (headings[1], ==, IMH_T ("Unseen cards by kind"));
  g_assert_cmpstr (headings[2], ==, IMH_T ("Out of the Game"));
  g_assert_cmpstr (headings[3], ==, IMH_T ("Cards out of the game by kind"));
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < i; j++)
      g_assert_cmpstr (headings[i], !=, headings[j]);
}

/* Each kind of card off the board has a name of its own, and the icons'
 * accessible description names every kind with its count, the chance of
 * the next card drawn with it; the Duel's tiles likewise. */
static void
test_item_names (void)
{
  GtkWindow *window;
  GtkWidget *view = view_in_window (&window, 300);
  ImhHiddenItem items[32];
  ImhState state;
  g_autofree char *unseen = NULL;
  g_autofree char *duel_text = NULL;
  g_autofree char *next_drawn = NULL;
  ImhOptions options;
  int n;

  for (guint item = 0; item <= IMH_CLASSIC_N_CARD_TYPES; item++)
    {
      g_autofree char *name = _imh_classic_board_item_name (NULL, item);

      g_assert_nonnull (name);
      g_assert_cmpstr (name, !=, "");
      g_assert_cmpstr (name, !=, "?");
      for (guint other = 0; other < item; other++)
        {
          g_autofree char *other_name = _imh_classic_board_item_name (NULL, other);

          g_assert_cmpstr (name, !=, other_name);
        }
    }
  g_assert_null (_imh_classic_board_item_name (NULL, IMH_CLASSIC_N_CARD_TYPES + 1));

  seeded_game (&state, 3, 7, 40);
  _imh_score_view_set_board_type (IMH_SCORE_VIEW (view), IMH_TYPE_CLASSIC_BOARD);
  imh_score_view_set_state (IMH_SCORE_VIEW (view), &state, names);
  unseen = _imh_score_view_dup_items_description (IMH_SCORE_VIEW (view), FALSE);
  n = imh_rules_of (&state)->hidden_summary (&state, -1, items, G_N_ELEMENTS (items));
  g_assert_cmpint (n, >, 1);
  for (int i = 0; i < n; i++)
    {
      g_autofree char *name = imh_board_type_dup_item_name (IMH_TYPE_CLASSIC_BOARD, items[i].item);
      g_autofree char *count = g_strdup_printf (": %d", items[i].count);
      const char *at;

      if (items[i].out)
        continue;
      at = strstr (unseen, name);
      g_assert_nonnull (at);
      if (items[i].count > 0)
        g_assert_true (g_str_has_prefix (at + strlen (name), count));
    }
  /* A card kind drawn from the deck says the chance that it comes next. */
  {
    const char *format = IMH_T ("%s: %d (next drawn: %s)");
    const char *open = strchr (format, '(');

    g_assert_nonnull (open);
    next_drawn = g_strndup (open, strcspn (open, "%"));
    g_assert_nonnull (strstr (unseen, next_drawn));
  }

  /* The Duel's tiles by their names. */
  imh_options_init (&options, IMH_GAME_DUEL, 2);
  g_assert_true (imh_setup (&state, &options, 3, NULL, 0));
  _imh_score_view_set_board_type (IMH_SCORE_VIEW (view), IMH_TYPE_DUEL_BOARD);
  imh_score_view_set_state (IMH_SCORE_VIEW (view), &state, names);
  duel_text = _imh_score_view_dup_items_description (IMH_SCORE_VIEW (view), FALSE);
  n = imh_rules_of (&state)->hidden_summary (&state, -1, items, G_N_ELEMENTS (items));
  for (int i = 0; i < n; i++)
    if (!items[i].out)
      {
        g_autofree char *name = imh_texts_duel_tile_name (items[i].item);

        g_assert_nonnull (strstr (duel_text, name));
      }
  gtk_window_destroy (window);
}

/* The chance as a percentage in the UI language. */
static void
test_percent (void)
{
  g_autofree char *eighth = imh_ui_format_percent (0.125, 1);
  g_autofree char *whole = imh_ui_format_percent (1.0, 0);
  const char *messages = setlocale (LC_MESSAGES, NULL);

  if (g_str_has_prefix (messages, "de"))
    {
      g_assert_cmpstr (eighth, ==, "12,5 %");
      g_assert_cmpstr (whole, ==, "100 %");
    }
  else
    {
      g_assert_cmpstr (eighth, ==, "12.5%");
      g_assert_cmpstr (whole, ==, "100%");
    }
}

/* The widget as drawn, written as PNG. */
static void
write_png (GtkWidget  *widget,
           const char *path)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  graphene_rect_t bounds = GRAPHENE_RECT_INIT (0, 0, width, height);
  GskRenderNode *nodes[2];
  GdkRGBA background;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  adw_style_manager_get_dark (adw_style_manager_get_default ())
    ? gdk_rgba_parse (&background, "#242424") : gdk_rgba_parse (&background, "#fafafa");
  G_GNUC_END_IGNORE_DEPRECATIONS
  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), width, height);
  nodes[1] = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  nodes[0] = gsk_color_node_new (&background, &bounds);
  node = gsk_container_node_new (nodes, 2);
  gsk_render_node_unref (nodes[0]);
  gsk_render_node_unref (nodes[1]);
  texture = gsk_renderer_render_texture (renderer, node, &bounds);
  g_assert_true (gdk_texture_save_to_png (texture, path));
}

static void
test_png (void)
{
  const char *dir = g_getenv ("IMH_TEST_PNG_DIR");
  AdwStyleManager *styles = adw_style_manager_get_default ();
  GtkWindow *window;
  GtkWidget *view;
  ImhState state;

  g_assert_nonnull (dir);
  view = view_in_window (&window, 300);
  seeded_game (&state, 4, 24, 90);
  imh_score_view_set_state (IMH_SCORE_VIEW (view), &state, names);
  gtk_window_present (window);
  imh_test_iterate_until (imh_test_widget_is_drawn, view);
  for (int dark = 0; dark < 2; dark++)
    {
      g_autofree char *name = g_strdup_printf ("score-view-classic-4-%s.png", dark ? "dark" : "light");
      g_autofree char *path = g_build_filename (dir, name, NULL);

      adw_style_manager_set_color_scheme (styles, dark ? ADW_COLOR_SCHEME_FORCE_DARK
                                                       : ADW_COLOR_SCHEME_FORCE_LIGHT);
      imh_test_flush_main_loop ();
      write_png (view, path);
    }
  adw_style_manager_set_color_scheme (styles, ADW_COLOR_SCHEME_DEFAULT);
  gtk_window_destroy (window);

  /* The cards large, to look at the glyphs. */
  {
    cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 13 * 90, 130);
    cairo_t *cr = cairo_create (surface);
    g_autofree char *path = g_build_filename (dir, "classic-cards.png", NULL);
    ImhPalette palette;
    ImhRgba ink = { 0, 0, 0, 1 }, accent = { 0.2, 0.4, 0.9, 1 };

    imh_palette_init (&palette, FALSE, &ink, &accent);
    cairo_set_source_rgb (cr, 1, 1, 1);
    cairo_paint (cr);
    for (guint type = 0; type < IMH_CLASSIC_N_CARD_TYPES; type++)
      imh_classic_draw_card (cr, &palette, type, 8 + type * 90, 8, 72, 100);
    imh_classic_draw_round_card (cr, &palette, imh_classic_round_cards[2][0].cap,
                                 8 + 12 * 90, 8, 72, 100);
    g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
    g_assert_cmpint (cairo_surface_write_to_png (surface, path), ==, CAIRO_STATUS_SUCCESS);
    cairo_destroy (cr);
    cairo_surface_destroy (surface);
  }
}

int
main (int   argc,
      char *argv[])
{
  g_setenv ("GTK_A11Y", "none", TRUE);
  imh_test_i18n_init_app ();
  imh_test_init (&argc, &argv);
  adw_init ();

  for (int n = 2; n <= 4; n++)
    {
      g_autofree char *path = g_strdup_printf ("/classic-score/view/%d-players", n);
      g_test_add_data_func (path, GINT_TO_POINTER (n), test_view);
    }
  g_test_add_func ("/classic-score/tie", test_tie);
  g_test_add_func ("/classic-score/duel-no-so-far", test_duel_no_so_far);
  g_test_add_func ("/classic-score/items", test_items);
  g_test_add_func ("/classic-score/item-names", test_item_names);
  g_test_add_func ("/classic-score/percent", test_percent);
  /* Only on request: it writes files outside the test's own folders. */
  if (g_getenv ("IMH_TEST_PNG_DIR") != NULL)
    g_test_add_func ("/classic-score/png", test_png);

  return g_test_run ();
}
