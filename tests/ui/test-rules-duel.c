/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rules-duel.c — the Duel's rules book: every kind of tile and every
 * action tile is named; the pages the Rules window promises are there, each
 * with a figure; every figure is a real position (the engine's check holds);
 * the rulebook's scoring examples score 69 and 43 by the engine, and the
 * pages print the engine's numbers. No display needed. */
#include "config.h"

#include <glib.h>
#include <string.h>

#include "imh-duel.h"
#include "imh-rules-book.h"
#include "imh-texts.h"
#include "test-i18n.h"

static void
test_kinds_named (void)
{
  g_autoptr(ImhRulesBook) book = imh_duel_rules_book_new ();
  g_autofree char *text = imh_rules_book_dup_text (book);

  for (guint code = 1; code < IMH_DUEL_N_TILE_CODES; code++)
    {
      g_autofree char *name = imh_texts_duel_tile_name (code);

      if (strstr (text, name) == NULL)
        g_error ("the rules never name the tile “%s”", name);
    }
  /* The locations by their names, and the score categories. */
  for (guint i = 0; i < imh_rules_get (IMH_GAME_DUEL)->n_sites; i++)
    g_assert_nonnull (strstr (text, imh_texts_site_name (imh_rules_get (IMH_GAME_DUEL)->site_ids[i])));
}

static void
test_pages (void)
{
  static const char *const ids[] = {
    "goal", "material", "turn", "place", "unload", "actions", "action-take", "action-place23",
    "action-placeunload", "action-swap", "site-obelisk", "site-temple", "site-pyramids",
    "site-crypt", "example-a", "example-b", "end",
  };
  g_autoptr(ImhRulesBook) book = imh_duel_rules_book_new ();
  const ImhRules *rules = imh_rules_get (IMH_GAME_DUEL);

  g_assert_cmpint (imh_rules_book_get_kind (book), ==, IMH_GAME_DUEL);
  for (gsize i = 0; i < G_N_ELEMENTS (ids); i++)
    g_assert_cmpint (imh_rules_book_find_page (book, ids[i]), >=, 0);
  for (guint i = 0; i < imh_rules_book_get_n_pages (book); i++)
    {
      const ImhRulesPage *page = imh_rules_book_get_page (book, i);
      guint figures = 0;

      for (guint j = 0; j < page->blocks->len; j++)
        {
          const ImhRulesBlock *block = g_ptr_array_index (page->blocks, j);
          char why[200] = "";

          if (block->kind != IMH_RULES_BLOCK_FIGURE)
            continue;
          figures++;
          g_assert_cmpint (block->state->kind, ==, IMH_GAME_DUEL);
          /* A real position: the 60 tiles all there, one meeple a field. */
          if (!rules->check (block->state, why, sizeof why))
            g_error ("page %s: a figure's position is broken: %s", page->id, why);
        }
      if (figures == 0)
        g_error ("page %s has no figure", page->id);
    }
}

/* The page's figure's position scores want for Black (the rulebook's
 * total), and the page prints each of the engine's numbers. */
static void
check_example (const char *id,
               int         want)
{
  g_autoptr(ImhRulesBook) book = imh_duel_rules_book_new ();
  const ImhRules *rules = imh_rules_get (IMH_GAME_DUEL);
  int index = imh_rules_book_find_page (book, id);
  const ImhRulesPage *page;
  g_autoptr(GString) text = g_string_new (NULL);
  const ImhState *state = NULL;
  g_autofree char *total = NULL;
  ImhScore score;

  g_assert_cmpint (index, >=, 0);
  page = imh_rules_book_get_page (book, (guint) index);
  for (guint j = 0; j < page->blocks->len; j++)
    {
      const ImhRulesBlock *block = g_ptr_array_index (page->blocks, j);

      if (block->kind == IMH_RULES_BLOCK_FIGURE)
        state = block->state;
      else
        g_string_append (text, block->markup);
    }
  g_assert_nonnull (state);
  imh_score (state, &score);
  g_assert_cmpint (score.total[0], ==, want);
  for (guint c = 0; c < score.n_categories; c++)
    {
      g_autofree char *escaped = g_markup_escape_text (imh_texts_category_name (rules, c), -1);
      g_autofree char *line = g_strdup_printf (IMH_TN ("• %s: %d point", "• %s: %d points",
                                                      ABS (score.points[0][c])),
                                               escaped, score.points[0][c]);

      if (strstr (text->str, line) == NULL)
        g_error ("page %s does not say “%s”:\n%s", id, line, text->str);
    }
  total = g_strdup_printf (IMH_TN ("<b>Black in all: %d point</b>", "<b>Black in all: %d points</b>",
                                   want), want);
  g_assert_nonnull (strstr (text->str, total));
}

static void
test_example_a (void)
{
  /* The rulebook: 2 + 7 + 10 + 21 + 25 + 1 + 2 + 1 = 69. */
  check_example ("example-a", 69);
}

static void
test_example_b (void)
{
  /* The rulebook: 12 + 16 + 9 + 1 − 6 + 4 + 4 + 2 + 1 = 43. */
  check_example ("example-b", 43);
}

/* The unload page names who gets what: the engine's unload of the figure's
 * position (Black Crypt 12, White a temple tile of 1 symbol, the dark
 * pyramid out of the game, as in the rulebook). */
static void
test_unload_example (void)
{
  g_autoptr(ImhRulesBook) book = imh_duel_rules_book_new ();
  g_autofree char *text = imh_rules_book_dup_text (book);
  g_autofree char *crypt = imh_texts_duel_tile_name (IMH_DUEL_TILE_CRYPT_1 + 11);
  g_autofree char *temple = imh_texts_duel_tile_name (IMH_DUEL_TILE_TEMPLE_1);
  g_autofree char *dark = imh_texts_duel_tile_name (IMH_DUEL_TILE_PYRAMID_DARK);
  g_autofree char *want = g_strdup_printf (IMH_T ("Here Black gets %s, White gets %s, and %s leaves the game."),
                                           crypt, temple, dark);

  g_assert_nonnull (strstr (text, want));
}

int
main (int   argc,
      char *argv[])
{
  imh_test_i18n_init_app ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/rules/duel/kinds-named", test_kinds_named);
  g_test_add_func ("/rules/duel/pages", test_pages);
  g_test_add_func ("/rules/duel/example-a", test_example_a);
  g_test_add_func ("/rules/duel/example-b", test_example_b);
  g_test_add_func ("/rules/duel/unload-example", test_unload_example);
  return g_test_run ();
}
