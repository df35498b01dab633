/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bench-ai.c — speed of the computer player (meson benchmark, suite `ai`).
 *
 * Prints playouts per second for each policy and ISMCTS iterations per
 * second on seeded positions of every available game, plus a signature
 * (the sum of the chosen decisions' visits) that is the same on every run.
 * Usage: bench-ai [ITERATIONS]   (default 20000 per position)
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "imh-ai.h"

static double
now_s (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void
position (ImhState *s, ImhGameKind kind, int players, uint64_t seed, int plies)
{
  ImhOptions o;
  ImhRng rng;
  imh_options_init (&o, kind, players);
  imh_setup (s, &o, seed, NULL, 0);
  imh_rng_seed (&rng, seed);
  for (int i = 0; i < plies && !imh_is_over (s); i++)
    {
      ImhDecision d;
      imh_random_choose (s, &rng, &d);
      imh_apply (s, d);
    }
}

int
main (int argc, char **argv)
{
  uint64_t iterations = argc > 1 ? strtoull (argv[1], NULL, 10) : 20000;
  static const struct { ImhGameKind kind; int players; const char *name; } games[] = {
    { IMH_GAME_DUEL, 2, "duel" },
    { IMH_GAME_CLASSIC, 2, "classic-2p" },
    { IMH_GAME_CLASSIC, 4, "classic-4p" },
  };
  ImhSearchResult *res = malloc (sizeof *res);

  for (unsigned g = 0; g < sizeof games / sizeof games[0]; g++)
    {
      ImhOptions o;
      ImhState s;
      imh_options_init (&o, games[g].kind, games[g].players);
      if (!imh_setup (&s, &o, 1, NULL, 0))
        {
          printf ("%-11s not available\n", games[g].name);
          continue;
        }
      for (int pol = 0; pol < IMH_N_PLAYOUTS; pol++)
        {
          ImhRng rng;
          uint64_t n = 0, plies = 0;
          double t0 = now_s ();
          imh_rng_seed (&rng, 5);
          while (now_s () - t0 < 1.0)
            for (int k = 0; k < 64; k++, n++)
              {
                ImhState t;
                position (&t, games[g].kind, games[g].players, n + 1, 0);
                imh_playout (&t, (ImhPlayout) pol, &rng);
                plies++;
              }
          double dt = now_s () - t0;
          printf ("%-11s playouts/s (%s, from the start): %.0f\n", games[g].name,
                  pol == IMH_PLAYOUT_RANDOM ? "random" : "heuristic", n / dt);
          (void) plies;
        }
      uint64_t sig = 0, total = 0;
      double t0 = now_s ();
      for (int k = 0; k < 8; k++)
        {
          ImhSearchLimits lim;
          position (&s, games[g].kind, games[g].players, 100 + k, 6 * k);
          if (imh_is_over (&s))
            continue;
          imh_search_limits_init (&lim);
          lim.iterations = iterations;
          lim.seed = k;
          imh_search (&s, &lim, res);
          sig += res->c[0].visits * (k + 1) + res->c[0].decision;
          total += res->iterations;
        }
      double dt = now_s () - t0;
      printf ("%-11s ISMCTS iterations/s (random playouts, 1 thread): %.0f  signature %llu\n",
              games[g].name, total / dt, (unsigned long long) sig);
    }
  free (res);
  return 0;
}
