/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-classic-rules.c — the base game's rules pages: every card kind,
 * every site (both sides) is explained in the app's own names; the
 * rulebook's scoring examples are the engine's scores of the figures'
 * positions, and the pages say so; every figure is a valid position whose
 * focus decisions have boxes on the base game's board. In the language of
 * the test setup (English or German). */
#define G_LOG_DOMAIN "test-classic-rules"

#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "imh-board-factory.h"
#include "imh-board-private.h"
#include "imh-classic.h"
#include "imh-engine.h"
#include "imh-rules-book.h"
#include "imh-texts.h"
#include "test-i18n.h"
#include "ui-test-util.h"

enum { BLACK, WHITE, BROWN, GRAY };

static char *
plain (const char *markup)
{
  char *text = NULL;

  g_assert_true (pango_parse_markup (markup, -1, 0, NULL, &text, NULL, NULL));
  return text;
}

/* A page's title, paragraphs and captions, markup removed. */
static char *
page_text (const ImhRulesPage *page)
{
  GString *text = g_string_new (page->title);

  for (guint i = 0; i < page->blocks->len; i++)
    {
      const ImhRulesBlock *block = g_ptr_array_index (page->blocks, i);

      g_string_append_c (text, '\n');
      if (block->kind == IMH_RULES_BLOCK_TEXT)
        {
          g_autofree char *p = plain (block->markup);

          g_string_append (text, p);
        }
      else if (block->caption != NULL)
        g_string_append (text, block->caption);
    }
  return g_string_free (text, FALSE);
}

static const ImhRulesPage *
page_of (ImhRulesBook *book,
         const char   *id)
{
  int index = imh_rules_book_find_page (book, id);

  g_assert_cmpint (index, >=, 0);
  return imh_rules_book_get_page (book, (guint) index);
}

/* The n-th figure (0-based) of a page. */
static const ImhRulesBlock *
figure_of (ImhRulesBook *book,
           const char   *id,
           guint         n)
{
  const ImhRulesPage *page = page_of (book, id);

  for (guint i = 0; i < page->blocks->len; i++)
    {
      const ImhRulesBlock *block = g_ptr_array_index (page->blocks, i);

      if (block->kind == IMH_RULES_BLOCK_FIGURE && n-- == 0)
        return block;
    }
  g_assert_not_reached ();
}

static gboolean
contains (const char *haystack,
          const char *needle)
{
  g_autofree char *h = g_utf8_casefold (haystack, -1);
  g_autofree char *n = g_utf8_casefold (needle, -1);

  return strstr (h, n) != NULL;
}

#define assert_mentions(text, needle)                                   \
  G_STMT_START {                                                        \
    if (!contains ((text), (needle)))                                   \
      g_error ("the rules do not mention “%s”", (needle));              \
  } G_STMT_END

static void
test_mentions (void)
{
  g_autoptr (ImhRulesBook) book = imh_classic_rules_book_new ();
  g_autofree char *all = imh_rules_book_dup_text (book);
  static const char *const pages[] = {
    "goal", "material", "round", "get", "place", "sail", "cards-blue", "cards-red",
    "cards-green", "cards-purple", "end", "wrath",
  };

  g_assert_cmpint (imh_rules_book_get_kind (book), ==, IMH_GAME_CLASSIC);
  for (guint t = 0; t < IMH_CLASSIC_N_CARD_TYPES; t++)
    assert_mentions (all, imh_texts_classic_card_name (t));

  /* Each site: its own page, in the app's name, with both sides. */
  for (int site = 0; site < IMH_CLASSIC_N_SITES; site++)
    {
      g_autofree char *id = g_strdup_printf ("site-%s", imh_classic_site_ids[site]);
      g_autofree char *text = page_text (page_of (book, id));

      assert_mentions (text, imh_texts_site_name (imh_classic_site_ids[site]));
      assert_mentions (text, IMH_T ("Side A"));
      assert_mentions (text, IMH_T ("Side B"));
    }
  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    page_of (book, pages[i]);
  assert_mentions (all, imh_texts_variant_name (IMH_VARIANT_WRATH));

  /* Every page has a figure. */
  for (guint i = 0; i < imh_rules_book_get_n_pages (book); i++)
    {
      const ImhRulesPage *page = imh_rules_book_get_page (book, i);
      gboolean figure = FALSE;

      for (guint k = 0; k < page->blocks->len; k++)
        figure |= ((const ImhRulesBlock *) g_ptr_array_index (page->blocks, k))->kind
                  == IMH_RULES_BLOCK_FIGURE;
      g_assert_true (figure);
    }
}

/* The figure's position after its first focus decision and every owner's
 * choice after it (their first option), the game's end included. */
static void
play_focus (const ImhRulesBlock *figure,
            ImhState            *out)
{
  imh_state_copy (out, figure->state);
  g_assert_cmpuint (figure->n_focus, >=, 1);
  g_assert_true (imh_is_legal (out, figure->focus[0]));
  imh_apply (out, figure->focus[0]);
  while (!imh_is_over (out) && imh_classic_is_sub_decision (out))
    {
      ImhDecisionList l;

      imh_legal (out, &l);
      imh_apply (out, l.d[0]);
    }
}

static void
assert_page_says (ImhRulesBook *book,
                  const char   *id,
                  const char   *sentence)
{
  g_autofree char *text = page_text (page_of (book, id));

  if (strstr (text, sentence) == NULL)
    g_error ("page %s does not say “%s”:\n%s", id, sentence, text);
}

static void
test_burial_examples (void)
{
  g_autoptr (ImhRulesBook) book = imh_classic_rules_book_new ();
  /* The rulebook's numbers: side A by areas, side B by rows. */
  static const int a[4] = { [BLACK] = 1, [WHITE] = 3, [BROWN] = 6 + 1, [GRAY] = 17 };
  static const int b[4] = { [BLACK] = 8, [WHITE] = 8 + 4, [BROWN] = 3, [GRAY] = 3 + 8 };
  ImhState end;
  ImhScore score;
  char *s;

  play_focus (figure_of (book, "site-burial", 0), &end);
  g_assert_true (imh_is_over (&end));
  g_assert_cmpint (end.u.classic.burial_n, ==, 13);
  imh_score (&end, &score);
  for (int p = 0; p < 4; p++)
    g_assert_cmpint (score.points[p][IMH_CLASSIC_CAT_BURIAL], ==, a[p]);
  s = g_strdup_printf (IMH_TN ("%s: %d point for an area of size %d.",
                               "%s: %d points for an area of size %d.", 3),
                       imh_texts_player_colour (WHITE), 3, 2);
  assert_page_says (book, "site-burial", s);
  g_free (s);
  s = g_strdup_printf (IMH_TN ("%s: %d point for an area of size %d.",
                               "%s: %d points for an area of size %d.", 1),
                       imh_texts_player_colour (BLACK), 1, 1);
  assert_page_says (book, "site-burial", s);
  g_free (s);
  s = g_strdup_printf (IMH_T ("%s: %d + %d = %d points for areas of size %d and %d."),
                       imh_texts_player_colour (BROWN), 6, 1, 7, 3, 1);
  assert_page_says (book, "site-burial", s);
  g_free (s);
  s = g_strdup_printf (IMH_TN ("%s: %d point for an area of size %d.",
                               "%s: %d points for an area of size %d.", 17),
                       imh_texts_player_colour (GRAY), 17, 6);
  assert_page_says (book, "site-burial", s);
  g_free (s);

  play_focus (figure_of (book, "site-burial", 1), &end);
  g_assert_true (imh_is_over (&end));
  imh_score (&end, &score);
  for (int p = 0; p < 4; p++)
    g_assert_cmpint (score.points[p][IMH_CLASSIC_CAT_BURIAL], ==, b[p]);
  {
    g_autofree char *top = g_strdup_printf ("%s 8, %s 3, %s 3", imh_texts_player_colour (WHITE),
                                            imh_texts_player_colour (BROWN),
                                            imh_texts_player_colour (GRAY));
    g_autofree char *middle = g_strdup_printf ("%s 8, %s 4", imh_texts_player_colour (BLACK),
                                               imh_texts_player_colour (WHITE));
    g_autofree char *bottom = g_strdup_printf ("%s 8", imh_texts_player_colour (GRAY));

    s = g_strdup_printf (IMH_T ("Top row: %s."), top);
    assert_page_says (book, "site-burial", s);
    g_free (s);
    s = g_strdup_printf (IMH_T ("Middle row: %s."), middle);
    assert_page_says (book, "site-burial", s);
    g_free (s);
    s = g_strdup_printf (IMH_T ("Bottom row: %s."), bottom);
    assert_page_says (book, "site-burial", s);
    g_free (s);
  }

  /* The decoration's example: 13 stones in the chamber, 4 points. */
  s = g_strdup_printf (IMH_T ("The rulebook's example: at the end of the game the burial chamber "
                              "holds %d stones (those of the burial chamber's example), so a "
                              "%s scores %d points."),
                       13, imh_texts_classic_card_name (IMH_CLASSIC_CARD_DECO_BURIAL), 4);
  assert_page_says (book, "cards-green", s);
  g_free (s);
}

static void
test_obelisk_examples (void)
{
  g_autoptr (ImhRulesBook) book = imh_classic_rules_book_new ();
  static const int height[4] = { 3, 4, 0, 3 };
  static const int a[4] = { 7, 15, 0, 7 };
  const ImhRulesBlock *tower;
  ImhState end;
  ImhScore score;
  char *s;
  int gain;

  play_focus (figure_of (book, "site-obelisk", 0), &end);
  g_assert_true (imh_is_over (&end));
  imh_score (&end, &score);
  for (int p = 0; p < 4; p++)
    {
      g_assert_cmpint (end.u.classic.stones[IMH_CLASSIC_SITE_OBELISK][p], ==, height[p]);
      g_assert_cmpint (score.points[p][IMH_CLASSIC_CAT_OBELISK], ==, a[p]);
      s = g_strdup_printf (IMH_TN ("%s: %d stone high, %d points.",
                                   "%s: %d stones high, %d points.", height[p]),
                           imh_texts_player_colour (p), height[p], a[p]);
      assert_page_says (book, "site-obelisk", s);
      g_free (s);
    }

  /* Side B: White's third stone makes the third tower, worth 9. */
  tower = figure_of (book, "site-obelisk", 1);
  play_focus (tower, &end);
  gain = end.u.classic.points[WHITE][IMH_CLASSIC_CAT_OBELISK]
         - tower->state->u.classic.points[WHITE][IMH_CLASSIC_CAT_OBELISK];
  g_assert_cmpint (gain, ==, 9);
  s = g_strdup_printf (IMH_T ("The rulebook's example: ship 2 sails to the obelisks. %s's and "
                              "%s's stones wait; %s's is the third of its colour, and the three "
                              "make a tower on the best free space: %s scores %d points at once."),
                       imh_texts_player_colour (BLACK), imh_texts_player_colour (GRAY),
                       imh_texts_player_colour (WHITE), imh_texts_player_colour (WHITE), 9);
  g_assert_cmpstr (tower->caption, ==, s);
  g_free (s);
}

static void
test_card_examples (void)
{
  g_autoptr (ImhRulesBook) book = imh_classic_rules_book_new ();
  g_autofree char *statues = g_strdup_printf (IMH_T ("The rulebook's example: a player with %d "
                                                     "statues at the end scores %d points for "
                                                     "them."), 3, 6);

  assert_page_says (book, "cards-purple", statues);
}

/* Every figure: a valid base-game position; each focus decision has a box
 * on the base game's board. */
static void
test_figures (void)
{
  g_autoptr (ImhRulesBook) book = imh_classic_rules_book_new ();
  GtkWidget *board = imh_board_new_for_kind (IMH_GAME_CLASSIC);
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  guint figures = 0;

  gtk_window_set_default_size (window, 1000, 640);
  gtk_window_set_child (window, board);
  gtk_window_present (window);
  imh_test_iterate_until (imh_test_widget_is_drawn, board);

  for (guint i = 0; i < imh_rules_book_get_n_pages (book); i++)
    {
      const ImhRulesPage *page = imh_rules_book_get_page (book, i);

      for (guint k = 0; k < page->blocks->len; k++)
        {
          const ImhRulesBlock *block = g_ptr_array_index (page->blocks, k);
          char why[160];

          if (block->kind != IMH_RULES_BLOCK_FIGURE)
            continue;
          figures++;
          g_assert_cmpint (block->state->kind, ==, IMH_GAME_CLASSIC);
          if (!imh_rules_get (IMH_GAME_CLASSIC)->check (block->state, why, sizeof why))
            g_error ("page %s: figure %u: %s", page->id, k, why);
          g_assert_nonnull (block->caption);
          g_assert_cmpstr (block->caption, !=, "");

          imh_board_set_state (IMH_BOARD (board), block->state, FALSE, FALSE);
          _imh_board_invalidate_layout (IMH_BOARD (board));
          _imh_board_ensure_layout (IMH_BOARD (board));
          for (guint f = 0; f < block->n_focus; f++)
            {
              ImhBox boxes[4];
              guint n = IMH_BOARD_GET_CLASS (board)->decision_boxes (IMH_BOARD (board),
                                                                     block->focus[f], boxes, 4);

              if (n == 0 || boxes[0].w <= 0 || boxes[0].h <= 0)
                g_error ("page %s: figure %u: no box for focus %u", page->id, k, f);
              for (guint b = 0; b < n; b++)
                {
                  g_assert_cmpfloat (boxes[b].w, >, 0);
                  g_assert_cmpfloat (boxes[b].h, >, 0);
                  g_assert_cmpfloat (boxes[b].x, >=, -1);
                  g_assert_cmpfloat (boxes[b].y, >=, -1);
                  g_assert_cmpfloat (boxes[b].x + boxes[b].w, <=, gtk_widget_get_width (board) + 1);
                  g_assert_cmpfloat (boxes[b].y + boxes[b].h, <=, gtk_widget_get_height (board) + 1);
                }
            }
        }
    }
  g_assert_cmpuint (figures, >=, imh_rules_book_get_n_pages (book));

  g_object_ref (window);
  gtk_window_destroy (window);
  imh_test_flush_main_loop ();
  g_assert_finalize_object (window);
}

int
main (int   argc,
      char *argv[])
{
  imh_test_i18n_init_app ();
  imh_test_init (&argc, &argv);

  g_test_add_func ("/classic-rules/mentions", test_mentions);
  g_test_add_func ("/classic-rules/burial-examples", test_burial_examples);
  g_test_add_func ("/classic-rules/obelisk-examples", test_obelisk_examples);
  g_test_add_func ("/classic-rules/card-examples", test_card_examples);
  g_test_add_func ("/classic-rules/figures", test_figures);
  return g_test_run ();
}
