/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test-determinize.c — determinize() depends only on what is public and on
 * the rng, never on the hidden order: two states that differ only in the
 * order of their hidden objects give identical determinized states.
 */
#include <glib.h>
#include <string.h>

#include "imh-engine.h"

/* Plays `plies` random legal decisions from a seeded setup. */
static void
random_position (ImhState *s, ImhGameKind game, int n_players, uint64_t seed, int plies)
{
  ImhOptions o;
  ImhDecisionList list;
  ImhRng rng;
  char why[128];

  imh_options_init (&o, game, n_players);
  g_assert_true (imh_setup (s, &o, seed, why, sizeof why));
  imh_rng_seed (&rng, seed ^ 0x5eed);
  for (int i = 0; i < plies && !imh_is_over (s); i++)
    {
      imh_legal (s, &list);
      g_assert_cmpint (list.n, >, 0);
      imh_apply (s, list.d[imh_rng_below (&rng, list.n)]);
    }
}

/* Reverses the order of n bytes (a different hidden order, same objects). */
static void
reverse_u8 (uint8_t *v, int n)
{
  for (int i = 0, j = n - 1; i < j; i++, j--)
    {
      uint8_t t = v[i];
      v[i] = v[j];
      v[j] = t;
    }
}

static void
check_same_after_determinize (const ImhState *a, const ImhState *b)
{
  const ImhRules *r = imh_rules_of (a);
  ImhState da, db;
  ImhRng ra, rb;

  /* The two states really differ (in hidden parts only). */
  g_assert_cmphex (r->hash (a), !=, r->hash (b));
  for (uint64_t seed = 1; seed <= 20; seed++)
    {
      imh_state_copy (&da, a);
      imh_state_copy (&db, b);
      imh_rng_seed (&ra, seed);
      imh_rng_seed (&rb, seed);
      r->determinize (&da, 0, &ra);
      r->determinize (&db, 0, &rb);
      g_assert_cmphex (r->hash (&da), ==, r->hash (&db));
      g_assert_cmpint (memcmp (&ra, &rb, sizeof ra), ==, 0);
    }
}

static void
test_duel (void)
{
  for (uint64_t seed = 1; seed <= 50; seed++)
    {
      ImhState a, b;

      random_position (&a, IMH_GAME_DUEL, 2, seed, (int) (seed % 40));
      imh_state_copy (&b, &a);
      if (b.u.duel.pile_n < 2)
        continue;
      reverse_u8 (b.u.duel.pile, b.u.duel.pile_n);
      /* Move one tile between pile and reserve: the same unseen set. */
      if (b.u.duel.reserve_n > 0)
        {
          uint8_t t = b.u.duel.pile[0];
          b.u.duel.pile[0] = b.u.duel.reserve[0];
          b.u.duel.reserve[0] = t;
        }
      if (memcmp (&a, &b, sizeof a) == 0)
        continue;
      check_same_after_determinize (&a, &b);
    }
}

static void
test_classic (gconstpointer data)
{
  int n_players = GPOINTER_TO_INT (data);

  for (uint64_t seed = 1; seed <= 30; seed++)
    {
      ImhState a, b;
      ImhClassic *c;
      int unseen_rounds;

      random_position (&a, IMH_GAME_CLASSIC, n_players, seed, (int) (seed * 7 % 120));
      if (imh_is_over (&a))
        continue;
      imh_state_copy (&b, &a);
      c = &b.u.classic;
      reverse_u8 (c->deck, c->deck_n);
      unseen_rounds = IMH_CLASSIC_N_ROUND_CARDS - 1 - c->round;
      if (unseen_rounds > 1)
        reverse_u8 (c->rounds + c->round + 1, unseen_rounds);
      if (imh_rules_of (&a)->hash (&a) == imh_rules_of (&b)->hash (&b))
        continue;
      check_same_after_determinize (&a, &b);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/determinize/duel/hidden-order-does-not-matter", test_duel);
  g_test_add_data_func ("/determinize/classic-2/hidden-order-does-not-matter",
                        GINT_TO_POINTER (2), test_classic);
  g_test_add_data_func ("/determinize/classic-3/hidden-order-does-not-matter",
                        GINT_TO_POINTER (3), test_classic);
  g_test_add_data_func ("/determinize/classic-4/hidden-order-does-not-matter",
                        GINT_TO_POINTER (4), test_classic);
  return g_test_run ();
}
