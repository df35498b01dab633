/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test-classic-random.c — property tests of the base game over seeded
 * random games (10,000 per player count): stones and cards conserved after
 * every decision (check), every generated decision is legal and applies,
 * notation round-trips, a replay of the decision texts from the seed gives
 * the identical state, determinized copies stay valid and playable.
 */
#include <stdlib.h>

#include "test-classic-util.h"
#include "imh-record.h"

#define N_GAMES 10000
#define MAX_PLIES 4000

static ImhOptions
options_for (int np, uint32_t g)
{
  ImhOptions o;
  imh_options_init (&o, IMH_GAME_CLASSIC, np);
  for (int i = 0; i < 5; i++)
    o.sides[i] = (g >> i) & 1 ? IMH_SIDE_B : IMH_SIDE_A;
  o.variants = (g >> 5) & 1 ? IMH_VARIANT_WRATH : 0;
  o.start_player = -1;
  return o;
}

static void
play_out (ImhState *s, ImhRng *rng)
{
  int plies = 0;
  while (!imh_is_over (s))
    {
      ImhDecisionList l;
      g_assert_cmpint (imh_legal (s, &l), >, 0);
      imh_apply (s, l.d[imh_rng_below (rng, l.n)]);
      assert_ok (s);
      g_assert_cmpint (++plies, <, MAX_PLIES);
    }
}

static void
test_random_games (gconstpointer data)
{
  int np = GPOINTER_TO_INT (data);
  const ImhRules *r = &imh_classic_rules;
  static ImhDecision moves[MAX_PLIES];
  static char texts[MAX_PLIES][IMH_DECISION_TEXT_MAX];
  guint64 total_plies = 0, sub_decisions = 0, passes = 0;

  for (uint32_t g = 0; g < N_GAMES; g++)
    {
      ImhOptions o = options_for (np, g);
      ImhState s, replay;
      ImhRng rng;
      char why[200];
      uint64_t seed = 0x5eed0000ull + g * 7919ull + (uint64_t) np;
      int n = 0;
      gboolean deep = g % 25 == 0;

      g_assert_true (imh_setup (&s, &o, seed, why, sizeof why));
      assert_ok (&s);
      imh_rng_seed (&rng, seed ^ 0xabcdefull);

      while (!imh_is_over (&s))
        {
          ImhDecisionList l;
          int actor = r->actor (&s);
          g_assert_cmpint (actor, >=, 0);
          g_assert_cmpint (actor, <, np);
          g_assert_cmpint (r->legal (&s, &l), >, 0);
          if (l.n == 1 && l.d[0] == IMH_CLASSIC_D_PASS)
            passes++;
          /* a sub-step never offers a lone choice */
          if (imh_classic_is_sub_decision (&s))
            {
              g_assert_cmpint (l.n, >=, 2);
              sub_decisions++;
            }
          for (int i = 0; i < l.n; i++)
            {
              g_assert_true (r->is_legal (&s, l.d[i]));
              for (int j = 0; j < i; j++)
                g_assert_cmpint (l.d[i], !=, l.d[j]);
            }
          if (deep)
            for (int i = 0; i < l.n; i++)
              {
                ImhState t = s;
                r->apply (&t, l.d[i]);
                if (!r->check (&t, why, sizeof why))
                  g_error ("game %u ply %d: %s", g, n, why);
              }
          ImhDecision d = l.d[imh_rng_below (&rng, l.n)];
          ImhDecision back;
          r->decision_to_text (&s, d, texts[n], IMH_DECISION_TEXT_MAX);
          g_assert_true (r->decision_from_text (&s, texts[n], &back));
          g_assert_cmpint (back, ==, d);
          moves[n++] = d;
          g_assert_cmpint (n, <, MAX_PLIES);

          uint32_t turn = r->turn_index (&s);
          r->apply (&s, d);
          if (!r->check (&s, why, sizeof why))
            g_error ("game %u ply %d (%s): %s", g, n, texts[n - 1], why);
          g_assert_cmpuint (r->turn_index (&s), >=, turn);
          g_assert_cmpuint (r->turn_index (&s), <=, turn + 1);

          /* now and then: a determinized copy is valid and plays to the end */
          if (deep && n % 37 == 0)
            {
              ImhState t = s;
              ImhRng drng;
              imh_rng_seed (&drng, seed + (uint64_t) n);
              r->determinize (&t, actor, &drng);
              assert_ok (&t);
              g_assert_cmpuint (r->hidden_count (&t), ==, r->hidden_count (&s));
              play_out (&t, &drng);
            }
        }
      total_plies += (guint64) n;

      ImhScore sc;
      r->score (&s, &sc);
      g_assert_true (sc.final);
      g_assert_cmpint (C (&s)->round, ==, 6);

      /* Replay from the seed through the notation: identical. */
      g_assert_true (imh_setup (&replay, &o, seed, why, sizeof why));
      for (int i = 0; i < n; i++)
        {
          ImhDecision d;
          g_assert_true (r->decision_from_text (&replay, texts[i], &d));
          g_assert_cmpint (d, ==, moves[i]);
          r->apply (&replay, d);
        }
      g_assert_true (imh_is_over (&replay));
      g_assert_cmpuint (r->hash (&replay), ==, r->hash (&s));
      g_assert_cmpmem (&replay.u.classic, sizeof (ImhClassic), &s.u.classic, sizeof (ImhClassic));

      /* Every 10th game also through the .imhotep record: write, parse,
       * replay, identical state and identical text. */
      if (g % 10 == 0)
        {
          ImhRecordError err;
          ImhRecord *rec = imh_record_new (&o, seed, &err);
          g_assert_nonnull (rec);
          for (int i = 0; i < n; i++)
            imh_record_line_append (&rec->main, moves[i]);
          imh_record_set_outcome (rec, &s);
          char *text = imh_record_write (rec);
          ImhRecord *back = imh_record_parse (text, strlen (text), &err);
          if (back == NULL)
            g_error ("game %u: %u:%u: %s", g, err.line, err.column, err.message);
          ImhState end;
          g_assert_true (imh_record_replay (back, NULL, imh_record_line_end (&back->main), &end, &err));
          g_assert_cmpuint (r->hash (&end), ==, r->hash (&s));
          char *again = imh_record_write (back);
          g_assert_cmpstr (again, ==, text);
          free (again);
          free (text);
          imh_record_free (back);
          imh_record_free (rec);
        }
    }
  g_test_message ("%d players: %d games, %" G_GUINT64_FORMAT " decisions, %" G_GUINT64_FORMAT
                  " sub-step decisions, %" G_GUINT64_FORMAT " forced passes",
                  np, N_GAMES, total_plies, sub_decisions, passes);
  g_assert_cmpuint (sub_decisions, >, 0);
}

/* The fused random playout plays exactly the games of the plain loop. */
static void
test_fused_playout (void)
{
  const ImhRules *r = &imh_classic_rules;
  for (uint32_t g = 0; g < 3000; g++)
    {
      ImhOptions o = options_for (2 + (int) (g % 3), g / 3);
      ImhState a, b;
      ImhRng ra, rb;
      ImhDecisionList l;
      char why[128];
      uint32_t plies = 0;
      int n;

      g_assert_true (imh_setup (&a, &o, g, why, sizeof why));
      b = a;
      imh_rng_seed (&ra, g * 31u + 7u);
      rb = ra;
      while ((n = r->legal (&a, &l)) > 0)
        {
          r->apply (&a, l.d[imh_rng_below (&ra, (uint32_t) n)]);
          plies++;
        }
      /* in two pieces, to exercise max_plies */
      g_assert_true (r->random_playout == _imh_classic_random_playout);
      uint32_t first = r->random_playout (&b, &rb, plies / 2);
      g_assert_cmpuint (first, ==, plies / 2);
      g_assert_cmpuint (first + r->random_playout (&b, &rb, 100000), ==, plies);
      g_assert_cmpuint (r->hash (&a), ==, r->hash (&b));
      g_assert_cmpmem (&ra, sizeof ra, &rb, sizeof rb);
      g_assert_cmpuint (_imh_classic_random_playout (&b, &rb, 10), ==, 0);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_data_func ("/classic/random/2-players", GINT_TO_POINTER (2), test_random_games);
  g_test_add_data_func ("/classic/random/3-players", GINT_TO_POINTER (3), test_random_games);
  g_test_add_data_func ("/classic/random/4-players", GINT_TO_POINTER (4), test_random_games);
  g_test_add_func ("/classic/random/fused-playout", test_fused_playout);
  return g_test_run ();
}
