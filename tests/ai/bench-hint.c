/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bench-hint.c — how stable is the top hint? (a measurement, not a test)
 *
 * Usage: bench-hint POSITIONS SHORT_MS LONG_MS THREADS [GAME]
 *
 * For POSITIONS seeded positions (games played by greedy players, stopped
 * at varying plies) it runs a hint search of SHORT_MS and a reference
 * search of LONG_MS, both with THREADS threads, and prints per position
 * and in total: whether the short search's best decision was unchanged
 * over the last half of that search (ImhSearchResult.stable_from <= 0.5)
 * and whether it equals the reference search's best decision.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "imh-ai.h"

int
main (int argc, char **argv)
{
  if (argc < 5)
    {
      fprintf (stderr, "usage: bench-hint POSITIONS SHORT_MS LONG_MS THREADS [duel|classic]\n");
      return 2;
    }
  int n = atoi (argv[1]);
  uint32_t short_ms = (uint32_t) atoi (argv[2]), long_ms = (uint32_t) atoi (argv[3]);
  uint32_t threads = (uint32_t) atoi (argv[4]);
  const ImhRules *rules = imh_rules_from_id (argc > 5 ? argv[5] : "duel");
  if (n <= 0 || short_ms == 0 || long_ms == 0 || threads == 0 || rules == NULL)
    {
      fprintf (stderr, "bench-hint: bad arguments\n");
      return 2;
    }
  ImhSearchResult *a = malloc (sizeof *a), *b = malloc (sizeof *b);
  int stable = 0, agree = 0, done = 0;
  double iters = 0;

  for (int k = 0; done < n; k++)
    {
      ImhOptions o;
      ImhState s;
      ImhRng rng;
      imh_options_init (&o, rules->kind, rules->kind == IMH_GAME_DUEL ? 2 : 4);
      imh_setup (&s, &o, 9000 + (uint64_t) k, NULL, 0);
      imh_rng_seed (&rng, (uint64_t) k);
      int plies = (k * 11) % 64;
      for (int i = 0; i < plies && !imh_is_over (&s); i++)
        {
          ImhDecision d;
          imh_greedy_choose (&s, &rng, &d);
          imh_apply (&s, d);
        }
      ImhDecisionList legal;
      if (imh_is_over (&s) || imh_legal (&s, &legal) < 2)
        continue;

      ImhSearchLimits lim;
      imh_search_limits_init (&lim);
      lim.iterations = 0;
      lim.threads = threads;
      lim.seed = (uint64_t) k;
      lim.time_ms = short_ms;
      imh_search (&s, &lim, a);
      lim.time_ms = long_ms;
      lim.seed = (uint64_t) k + 1000000;
      imh_search (&s, &lim, b);
      int st = a->stable_from <= 0.5;
      int ag = a->c[0].decision == b->c[0].decision;
      stable += st;
      agree += ag;
      iters += a->iterations;
      done++;
      printf ("position %3d (seed %d, ply %2d, %2u decisions): stable_from %.3f %s, %s reference\n",
              done, 9000 + k, plies, legal.n, a->stable_from, st ? "stable" : "UNSTABLE",
              ag ? "agrees with" : "DIFFERS from");
      fflush (stdout);
    }
  printf ("%s: %d positions, %u ms vs %u ms, %u threads: stable over the last half %d (%.1f%%), "
          "agrees with the reference %d (%.1f%%), mean iterations %.0f\n",
          rules->id, n, short_ms, long_ms, threads, stable, 100.0 * stable / n, agree,
          100.0 * agree / n, iters / n);
  free (a);
  free (b);
  return 0;
}
