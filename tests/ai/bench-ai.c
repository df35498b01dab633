/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bench-ai.c — speed of the computer player (meson benchmark, suite `ai`).
 *
 * Prints playouts per second for each policy and ISMCTS iterations per
 * second on seeded positions of every available game, plus a signature
 * (the sum of the chosen decisions' visits) that is the same on every run,
 * and how long a search takes to return after its stop flag is set.
 * Usage: bench-ai [ITERATIONS]   (default 20000 per position)
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

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

typedef struct {
  const ImhState *s;
  ImhSearchLimits lim;
  ImhSearchResult res;
  double          returned;
} Job;

static void *
search_job (void *data)
{
  Job *job = data;
  imh_search (job->s, &job->lim, &job->res);
  job->returned = now_s ();
  return NULL;
}

/* Worst stop latency (ms) over `rounds` searches of `threads` threads. */
static double
stop_latency (const ImhState *s, uint32_t threads, int rounds)
{
  double worst = 0;
  for (int r = 0; r < rounds; r++)
    {
      atomic_bool stop;
      Job *job = calloc (1, sizeof *job);
      pthread_t tid;
      atomic_init (&stop, false);
      job->s = s;
      imh_search_limits_init (&job->lim);
      job->lim.iterations = UINT64_C (1) << 40;
      job->lim.threads = threads;
      job->lim.seed = (uint64_t) r;
      job->lim.stop = &stop;
      pthread_create (&tid, NULL, search_job, job);
      usleep (50000);
      double t = now_s ();
      atomic_store (&stop, true);
      pthread_join (tid, NULL);
      double ms = (job->returned - t) * 1000;
      if (ms > worst)
        worst = ms;
      free (job);
    }
  return worst;
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
      position (&s, games[g].kind, games[g].players, 100, 0);
      printf ("%-11s stop flag to return, worst of 10: %.2f ms (1 thread), %.2f ms (2 threads)\n",
              games[g].name, stop_latency (&s, 1, 10), stop_latency (&s, 2, 10));
    }
  free (res);
  return 0;
}
