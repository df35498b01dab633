/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bench-analysis.c — time and precision of the post-game analysis.
 *
 * Plays seeded Duel games between the "casual" and "strong" levels, then
 * analyses each at quick and standard depth with 2 threads and prints the
 * wall time and the widths of the 95% intervals of the win probabilities.
 * Figures go to docs/performance.md ("Analysis").
 *
 *   bench-analysis [GAMES [THREADS]]
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "imh-ai.h"
#include "imh-analysis.h"

static double
cpu_ms (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static uint32_t
play_game (ImhState *initial, uint64_t seed, ImhDecision *d, uint32_t max)
{
  ImhOptions o;
  ImhState s;
  char why[128];
  uint32_t n = 0;
  const ImhPlayerSpec *seat[2] = { imh_level_get (IMH_LEVEL_CASUAL),
                                   imh_level_get (IMH_LEVEL_STRONG) };

  imh_options_init (&o, IMH_GAME_DUEL, 2);
  if (!imh_setup (initial, &o, seed, why, sizeof why))
    {
      fprintf (stderr, "setup: %s\n", why);
      exit (1);
    }
  imh_state_copy (&s, initial);
  while (n < max && !imh_is_over (&s))
    {
      int a = imh_actor (&s);
      if (!imh_player_choose (seat[(a + (int) seed) & 1], &s, seed * 1000 + n, NULL, &d[n]))
        break;
      imh_apply (&s, d[n]);
      n++;
    }
  return n;
}

int
main (int argc, char **argv)
{
  int games = argc > 1 ? atoi (argv[1]) : 3;
  uint32_t threads = argc > 2 ? (uint32_t) atoi (argv[2]) : 2;
  ImhDecision *d = malloc (1000 * sizeof *d);

  printf ("%-6s %-9s %6s %9s %9s %8s %8s %8s %7s %5s %5s %5s %9s %8s\n", "game", "depth", "plies", "wall-ms", "cpu-ms",
          "ci-max", "ci-mean", "ci>3pp", "it/cpu-s", "inacc", "mist", "blund", "alt-ci-max", "alt>3pp");
  for (int g = 1; g <= games; g++)
    {
      ImhState initial;
      uint32_t n = play_game (&initial, (uint64_t) g, d, 1000);

      for (int depth = 0; depth < IMH_N_ANALYSIS_DEPTHS; depth++)
        {
          ImhAnalysisSettings set;
          ImhAnalysis *a;
          char why[256];
          double ci_max = 0, ci_sum = 0;
          uint32_t n_ci = 0, over = 0, inacc = 0, mist = 0, blund = 0;
          uint32_t n_alt = 0, alt_over = 0;
          double alt_max = 0;

          imh_analysis_settings_init (&set, (ImhAnalysisDepth) depth);
          set.threads = threads;
          set.seed = 1;
          double c0 = cpu_ms ();
          a = imh_analysis_run (&initial, d, n, &set, why, sizeof why);
          double cpu = cpu_ms () - c0;
          if (a == NULL)
            {
              fprintf (stderr, "analysis: %s\n", why);
              return 1;
            }
          for (uint32_t i = 0; i < a->n_plies; i++)
            {
              const ImhAnalysisPly *p = &a->plies[i];
              double cis[3] = { p->win_before_ci, p->win_after_ci, p->win_actual_ci };
              /* The alternative comes from the root search: its interval
               * depends on how often the search tried it. */
              if (p->has_alternative)
                {
                  n_alt++;
                  if (p->alternative.win_ci > alt_max)
                    alt_max = p->alternative.win_ci;
                  if (p->alternative.win_ci > 0.03)
                    alt_over++;
                }
              for (int k = 0; k < 3; k++)
                {
                  if (cis[k] > ci_max)
                    ci_max = cis[k];
                  if (cis[k] > 0.03)
                    over++;
                  ci_sum += cis[k];
                  n_ci++;
                }
            }
          for (int q = 0; q < a->n_players; q++)
            {
              inacc += a->players[q].inaccuracies;
              mist += a->players[q].mistakes;
              blund += a->players[q].blunders;
            }
          printf ("%-6d %-9s %6u %9u %9.0f %8.2f %8.2f %8u %7.0fk %5u %5u %5u %9.2f %4u/%-3u\n", g,
                  imh_analysis_depth_name ((ImhAnalysisDepth) depth), a->n_plies, a->elapsed_ms, cpu,
                  100 * ci_max, 100 * ci_sum / (n_ci ? n_ci : 1), over,
                  cpu > 0 ? (double) a->iterations / cpu : 0.0, inacc, mist,
                  blund, 100 * alt_max, alt_over, n_alt);
          fflush (stdout);
          imh_analysis_free (a);
        }
    }
  free (d);
  return 0;
}
