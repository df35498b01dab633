/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bench-hint.c — how stable is the top hint? (a measurement, not a test)
 *
 * Usage: bench-hint POSITIONS SHORT LONG THREADS [GAME]
 *
 * For POSITIONS seeded positions (games played by greedy players, stopped
 * at varying plies) it runs a hint search with budget SHORT and a
 * reference search with budget LONG, both with THREADS threads, and prints
 * per position and in total: whether the short search's best decision was
 * unchanged over the last half of that search (ImhSearchResult.stable_from
 * <= 0.5) and whether it equals the reference search's best decision.
 * A budget is milliseconds ("1000") or iterations with a suffix i
 * ("700000i"): iteration budgets give the same result on a loaded machine.
 * LONG "none" skips the reference searches: with BENCH_HINT_DUMP, a
 * variant of the hint can then be compared with references dumped before
 * (their choices do not depend on the hint's settings).
 *
 * Environment: BENCH_HINT_DETAIL=1 prints the top 3 of both searches where
 * they differ; BENCH_HINT_DUMP=FILE writes every candidate of both
 * searches (tab-separated) so that rules for the final choice can be
 * compared afterwards; BENCH_HINT_FIRST=K skips the first K positions;
 * BENCH_HINT_MAX_NODES=N sets the tree cap per thread of both searches
 * (a hint of about a million iterations never reaches the default cap, a
 * 30 s search does; with LONG "none" and SHORT 30000, a second 30 s search
 * with another seed shows how reproducible the reference's choice is);
 * BENCH_HINT_C=C the UCT constant of both searches.
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
      fprintf (stderr, "usage: bench-hint POSITIONS SHORT LONG THREADS [duel|classic]\n"
                       "  SHORT, LONG: milliseconds, or iterations with the suffix i\n");
      return 2;
    }
  int n = atoi (argv[1]);
  char *end_s, *end_l;
  unsigned long long short_v = strtoull (argv[2], &end_s, 10), long_v = strtoull (argv[3], &end_l, 10);
  bool short_it = *end_s == 'i', long_it = *end_l == 'i';
  bool no_ref = strcmp (argv[3], "none") == 0;
  const char *dump_path = getenv ("BENCH_HINT_DUMP");
  const char *first_env = getenv ("BENCH_HINT_FIRST");
  int first = first_env ? atoi (first_env) : 0;
  FILE *dump = NULL;
  uint32_t threads = (uint32_t) atoi (argv[4]);
  const ImhRules *rules = imh_rules_from_id (argc > 5 ? argv[5] : "duel");
  if (n <= 0 || short_v == 0 || (long_v == 0 && !no_ref) || threads == 0 || rules == NULL ||
      (*end_s != '\0' && !short_it) || (!no_ref && *end_l != '\0' && !long_it))
    {
      fprintf (stderr, "bench-hint: bad arguments\n");
      return 2;
    }
  if (dump_path != NULL && (dump = fopen (dump_path, "a")) == NULL)
    {
      perror (dump_path);
      return 1;
    }
  ImhSearchResult *a = malloc (sizeof *a), *b = malloc (sizeof *b);
  int stable = 0, agree = 0, done = 0;
  double iters = 0, short_ms_sum = 0;

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
      if (first > 0)
        {
          first--;
          done++;
          n++;
          continue;
        }

      ImhSearchLimits lim;
      imh_search_limits_init (&lim);
      lim.iterations = 0;
      lim.threads = threads;
      lim.seed = (uint64_t) k;
      if (getenv ("BENCH_HINT_C") != NULL)
        lim.exploration = atof (getenv ("BENCH_HINT_C"));
      lim.time_ms = short_it ? 0 : (uint32_t) short_v;
      lim.iterations = short_it ? short_v : 0;
      if (getenv ("BENCH_HINT_MAX_NODES") != NULL)
        lim.max_nodes = (uint32_t) strtoul (getenv ("BENCH_HINT_MAX_NODES"), NULL, 10);
      imh_search (&s, &lim, a);
      lim.time_ms = long_it ? 0 : (uint32_t) long_v;
      lim.iterations = long_it ? long_v : 0;
      lim.seed = (uint64_t) k + 1000000;
      if (no_ref)
        *b = *a;
      else
        imh_search (&s, &lim, b);
      int st = a->stable_from <= 0.5;
      int ag = a->c[0].decision == b->c[0].decision;
      stable += st;
      agree += ag;
      iters += a->iterations;
      done++;
      printf ("position %3d (seed %d, ply %2d, %2u decisions): stable_from %.3f %s, %s reference "
              "(%llu iterations%s); short search %u ms\n",
              done, 9000 + k, plies, legal.n, a->stable_from, st ? "stable" : "UNSTABLE",
              no_ref ? "no" : ag ? "agrees with" : "DIFFERS from", (unsigned long long) b->iterations,
              b->full ? ", tree full" : "", a->elapsed_ms);
      short_ms_sum += a->elapsed_ms;
      for (int w = 0; dump != NULL && w < (no_ref ? 1 : 2); w++)
        {
          const ImhSearchResult *rw = w ? b : a;
          for (int i = 0; i < rw->n; i++)
            {
              char txt[64];
              rules->decision_to_text (&s, rw->c[i].decision, txt, sizeof txt);
              fprintf (dump, "%d\t%d\t%s\t%d\t%s\t%u\t%.6f\t%.6f\t%.4f\t%.3f\n", done, 9000 + k,
                       w ? "long" : "short", i, txt, rw->c[i].visits, rw->c[i].win, rw->c[i].win_ci,
                       rw->c[i].margin, w ? 0.0 : a->stable_from);
            }
          fflush (dump);
        }
      if (!ag && getenv ("BENCH_HINT_DETAIL") != NULL)
        {
          const ImhSearchResult *rs[2] = { a, b };
          for (int w = 0; w < 2; w++)
            for (int i = 0; i < 3 && i < rs[w]->n; i++)
              {
                char txt[64];
                ImhState t = s;
                rules->decision_to_text (&s, rs[w]->c[i].decision, txt, sizeof txt);
                imh_apply (&t, rs[w]->c[i].decision);
                printf ("    %s #%d %-14s visits %8u win %.4f ± %.4f margin %+.2f hash %016llx\n",
                        w ? "long " : "short", i + 1, txt, rs[w]->c[i].visits, rs[w]->c[i].win,
                        rs[w]->c[i].win_ci, rs[w]->c[i].margin,
                        (unsigned long long) rules->hash (&t));
              }
        }
      fflush (stdout);
    }
  n -= first_env ? atoi (first_env) : 0;
  printf ("%s: %d positions, %s vs %s, %u threads: stable over the last half %d (%.1f%%), "
          "agrees with the reference %d (%.1f%%), mean iterations %.0f, mean short search %.0f ms\n",
          rules->id, n, argv[2], argv[3], threads, stable, 100.0 * stable / n, agree,
          100.0 * agree / n, iters / n, short_ms_sum / n);
  if (dump != NULL)
    fclose (dump);
  free (a);
  free (b);
  return 0;
}
