/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-hidden-summary.c — ImhRules.hidden_summary over whole random games of
 * every game: the hidden counts add up to hidden_count, every kind is listed
 * once, and the Duel's lists the pile and reserve tile by tile. */
#include <glib.h>
#include <string.h>

#include "imh-engine.h"
#include "imh-duel.h"

#define MAX_ITEMS 64

static void
check_summary (const ImhState *s)
{
  const ImhRules *rules = imh_rules_of (s);
  ImhHiddenItem items[MAX_ITEMS];
  int n = rules->hidden_summary (s, -1, items, MAX_ITEMS);
  uint32_t hidden = 0;

  g_assert_cmpint (n, >, 0);
  g_assert_cmpint (n, <, MAX_ITEMS);
  for (int i = 0; i < n; i++)
    {
      if (!items[i].out)
        hidden += items[i].count;
      for (int j = 0; j < i; j++)
        g_assert_false (items[j].item == items[i].item && items[j].out == items[i].out);
    }
  if (s->kind == IMH_GAME_DUEL)
    {
      const ImhDuel *d = &s->u.duel;

      g_assert_cmpuint (hidden, ==, (uint32_t) d->pile_n + d->reserve_n);
      for (int i = 0; i < n; i++)
        {
          int count = 0;

          if (items[i].out)
            count = d->removed[items[i].item];
          else
            {
              for (int k = 0; k < d->pile_n; k++)
                count += d->pile[k] == items[i].item;
              for (int k = 0; k < d->reserve_n; k++)
                count += d->reserve[k] == items[i].item;
            }
          g_assert_cmpint (items[i].count, ==, count);
        }
    }
  else
    g_assert_cmpuint (hidden, ==, rules->hidden_count (s));

  /* A short list gets the first items. */
  g_assert_cmpint (rules->hidden_summary (s, 0, items, 2), ==, 2);
}

static void
test_random_games (void)
{
  for (int kind = 0; kind < IMH_N_GAMES; kind++)
    {
      const ImhRules *rules = imh_rules_get (kind);

      g_assert_nonnull (rules->hidden_summary);
      for (int players = rules->min_players; players <= rules->max_players; players++)
        for (guint seed = 1; seed <= 5; seed++)
          {
            g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
            ImhOptions options;
            ImhState s;
            char why[128];

            imh_options_init (&options, kind, players);
            g_assert_true (imh_setup (&s, &options, seed, why, sizeof why));
            check_summary (&s);
            while (!imh_is_over (&s))
              {
                ImhDecisionList legal;

                imh_legal (&s, &legal);
                imh_apply (&s, legal.d[g_rand_int_range (rand, 0, legal.n)]);
                check_summary (&s);
              }
          }
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/hidden-summary/random-games", test_random_games);
  return g_test_run ();
}
