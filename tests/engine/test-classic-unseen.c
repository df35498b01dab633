/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-classic-unseen.c — what the base game's score view reads from the
 * engine: the round cards not played yet, the market cards' draw pool in
 * hidden_summary, the points scored so far beside the score "if the game
 * ended now", and the ranks with the sled tie-break (C7). */
#include <glib.h>
#include <string.h>

#include "test-classic-util.h"

#define MAX_ITEMS 32

/* Every public fact of the round cards agrees with the hidden ones. */
static void
check_position (const ImhState *s)
{
  const ImhClassic *c = &s->u.classic;
  const ImhRules *rules = imh_rules_of (s);
  ImhHiddenItem items[MAX_ITEMS];
  uint8_t unplayed[IMH_CLASSIC_N_ROUND_CARDS];
  int n_unplayed = imh_classic_rounds_unplayed (s, unplayed);
  int n = rules->hidden_summary (s, -1, items, MAX_ITEMS);
  ImhScore now, so_far;
  int pool_total = 0, cards_hidden = 0;

  /* The unplayed cards: ascending, none of them played, the hidden ones. */
  for (int i = 0; i < n_unplayed; i++)
    {
      g_assert_cmpint (unplayed[i], <, IMH_CLASSIC_N_ROUND_CARDS);
      if (i > 0)
        g_assert_cmpint (unplayed[i - 1], <, unplayed[i]);
      for (int r = 0; r <= c->round && r < IMH_CLASSIC_N_ROUNDS; r++)
        g_assert_cmpint (c->rounds[r], !=, unplayed[i]);
    }
  if (c->phase == IMH_CLASSIC_PHASE_OVER)
    g_assert_cmpint (n_unplayed, ==, 0);
  else
    {
      g_assert_cmpint (n_unplayed, ==, IMH_CLASSIC_N_ROUND_CARDS - 1 - c->round);
      for (int r = c->round + 1; r < IMH_CLASSIC_N_ROUND_CARDS; r++)
        g_assert_nonnull (memchr (unplayed, c->rounds[r], (size_t) n_unplayed));
    }

  /* The market cards are one pool; the round cards are not drawn from it. */
  g_assert_cmpint (n, ==, IMH_CLASSIC_N_CARD_TYPES + 1);
  for (int i = 0; i < n; i++)
    {
      g_assert_false (items[i].out);
      if (items[i].item < IMH_CLASSIC_N_CARD_TYPES)
        {
          g_assert_cmpint (items[i].pool, ==, 1);
          pool_total += items[i].count;
        }
      else
        {
          g_assert_cmpint (items[i].pool, ==, 0);
          g_assert_cmpint (items[i].count, ==, n_unplayed);
        }
    }
  cards_hidden = c->deck_n;
  if (c->pair_state == IMH_CLASSIC_PAIR_FACE_DOWN)
    cards_hidden += (c->pair[0] != NONE) + (c->pair[1] != NONE);
  g_assert_cmpint (pool_total, ==, cards_hidden);

  /* So far: the points on the score track; "if ended now" adds only the
   * categories that count at the end. */
  rules->score (s, &now);
  rules->score_so_far (s, &so_far);
  g_assert_false (so_far.final);
  g_assert_cmpint (so_far.n_players, ==, c->n_players);
  g_assert_cmpint (so_far.n_categories, ==, IMH_CLASSIC_N_CATEGORIES);
  for (int p = 0; p < c->n_players; p++)
    {
      int total = 0;

      for (int k = 0; k < IMH_CLASSIC_N_CATEGORIES; k++)
        {
          g_assert_cmpint (so_far.points[p][k], ==, c->points[p][k]);
          total += so_far.points[p][k];
        }
      g_assert_cmpint (so_far.total[p], ==, total);
      g_assert_cmpint (now.points[p][IMH_CLASSIC_CAT_PYRAMID], ==, so_far.points[p][IMH_CLASSIC_CAT_PYRAMID]);
      g_assert_cmpint (now.points[p][IMH_CLASSIC_CAT_TEMPLE], ==, so_far.points[p][IMH_CLASSIC_CAT_TEMPLE]);
      g_assert_cmpint (so_far.points[p][IMH_CLASSIC_CAT_BURIAL], ==, 0);
      g_assert_cmpint (so_far.points[p][IMH_CLASSIC_CAT_STATUES], ==, 0);
      g_assert_cmpint (so_far.points[p][IMH_CLASSIC_CAT_DECORATIONS], ==, 0);
      g_assert_cmpint (so_far.points[p][IMH_CLASSIC_CAT_BLUE], ==, 0);
      g_assert_cmpint (so_far.points[p][IMH_CLASSIC_CAT_WRATH], ==, 0);
      g_assert_cmpint (so_far.rank[p], <, c->n_players);
    }
}

static void
test_random_games (gconstpointer data)
{
  int np = GPOINTER_TO_INT (data);

  for (guint seed = 1; seed <= 6; seed++)
    {
      g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
      ImhOptions options;
      ImhState s;
      char why[128];

      imh_options_init (&options, IMH_GAME_CLASSIC, np);
      if (seed % 2 == 0)
        memset (options.sides, IMH_SIDE_B, sizeof options.sides);
      options.variants = seed % 3 == 0 ? IMH_VARIANT_WRATH : 0;
      g_assert_true (imh_setup (&s, &options, seed, why, sizeof why));
      check_position (&s);
      while (!imh_is_over (&s))
        {
          ImhDecisionList legal;

          g_assert_cmpint (imh_legal (&s, &legal), >, 0);
          imh_apply (&s, legal.d[g_rand_int_range (rand, 0, legal.n)]);
          check_position (&s);
        }
    }
}

/* A new game: round 1's card is played, the other six are not. */
static void
test_unplayed_at_start (void)
{
  ImhState s = new_game_full (3, "AAAAA", 0, 0, 5, TRUE);
  uint8_t unplayed[IMH_CLASSIC_N_ROUND_CARDS];

  g_assert_cmpint (imh_classic_rounds_unplayed (&s, unplayed), ==, 6);
  g_assert_null (memchr (unplayed, C (&s)->rounds[0], 6));

  /* The last round: only the removed card is left, and it never comes. */
  C (&s)->round = IMH_CLASSIC_N_ROUNDS - 1;
  g_assert_cmpint (imh_classic_rounds_unplayed (&s, unplayed), ==, 1);
  g_assert_cmpint (unplayed[0], ==, C (&s)->rounds[IMH_CLASSIC_N_ROUNDS]);
}

/* C7: equal totals are told apart by the stones on the sled; equal on both,
 * the players share the place. */
static void
test_sled_tiebreak (void)
{
  ImhState s = new_game_full (4, "AAAAA", 0, 0, 9, TRUE);
  ImhClassic *c = C (&s);
  ImhScore score;

  /* Nothing at the end categories: no cards, no stones on the sites. */
  memset (c->points, 0, sizeof c->points);
  c->points[0][IMH_CLASSIC_CAT_PYRAMID] = 7;
  c->points[1][IMH_CLASSIC_CAT_TEMPLE] = 7;
  c->points[2][IMH_CLASSIC_CAT_PYRAMID] = 3;
  c->points[3][IMH_CLASSIC_CAT_PYRAMID] = 9;
  c->sled[0] = 2;
  c->sled[1] = 4;
  c->sled[2] = 5;
  c->sled[3] = 1;

  imh_classic_rules.score (&s, &score);
  g_assert_cmpint (score.total[0], ==, 7);
  g_assert_cmpint (score.total[1], ==, 7);
  g_assert_cmpint (score.rank[3], ==, 0);
  g_assert_cmpint (score.rank[1], ==, 1);
  g_assert_cmpint (score.rank[0], ==, 2);
  g_assert_cmpint (score.rank[2], ==, 3);
  /* The leader alone: no tie at the top. */
  g_assert_cmpint (score.tiebreak, ==, IMH_TIEBREAK_NONE);
  g_assert_cmpint (score.tied_leaders, ==, 0);

  /* A tie at the top broken by the sled. */
  c->points[3][IMH_CLASSIC_CAT_PYRAMID] = 7;
  imh_classic_rules.score_so_far (&s, &score);
  g_assert_cmpint (score.rank[1], ==, 0);
  g_assert_cmpint (score.rank[0], ==, 1);
  g_assert_cmpint (score.rank[3], ==, 2);
  g_assert_cmpint (score.rank[2], ==, 3);
  g_assert_cmpint (score.tiebreak, ==, IMH_TIEBREAK_SLED);
  /* Players 1, 2 and 4 tied on 7 points, with 2, 4 and 1 stones on the sled. */
  g_assert_cmpint (score.tied_leaders, ==, 0x1 | 0x2 | 0x8);
  g_assert_cmpint (score.tiebreak_count[0], ==, 2);
  g_assert_cmpint (score.tiebreak_count[1], ==, 4);
  g_assert_cmpint (score.tiebreak_count[3], ==, 1);

  /* Equal sleds: shared. */
  c->sled[0] = c->sled[1] = c->sled[3] = 3;
  imh_classic_rules.score (&s, &score);
  g_assert_cmpint (score.rank[0], ==, 0);
  g_assert_cmpint (score.rank[1], ==, 0);
  g_assert_cmpint (score.rank[3], ==, 0);
  g_assert_cmpint (score.rank[2], ==, 3);
  g_assert_cmpint (score.tiebreak, ==, IMH_TIEBREAK_SHARED);
  g_assert_cmpint (score.tied_leaders, ==, 0x1 | 0x2 | 0x8);
  for (int p = 0; p < 4; p++)
    if (p != 2)
      g_assert_cmpint (score.tiebreak_count[p], ==, 3);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (int np = 2; np <= 4; np++)
    {
      g_autofree char *path = g_strdup_printf ("/classic/unseen/random-games/%d", np);
      g_test_add_data_func (path, GINT_TO_POINTER (np), test_random_games);
    }
  g_test_add_func ("/classic/unseen/unplayed-at-start", test_unplayed_at_start);
  g_test_add_func ("/classic/unseen/sled-tiebreak", test_sled_tiebreak);

  return g_test_run ();
}
