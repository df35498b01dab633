/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-baseline.c — the baselines: random, greedy, flat Monte-Carlo.
 *
 * Greedy looks at its own turn only. On one determinized copy (it never
 * reads hidden information either) it tries every path of decisions that
 * completes the actor's current turn (up to IMH_GREEDY_MAX_LEAVES leaves;
 * beyond that the rest of the turn is judged as it stands) and takes the
 * first decision of the path with the best "if the game ended now" margin
 * (rules->score), a finished game counting as a large win or loss. Equal
 * values are broken at random.
 */
#include <math.h>
#include <string.h>

#include "imh-ai-private.h"
#include "imh-clock.h"

#define IMH_GREEDY_MAX_LEAVES 4000
#define IMH_GREEDY_WIN 100000.0

bool
imh_random_choose (const ImhState *s, ImhRng *rng, ImhDecision *out)
{
  ImhDecisionList legal;
  if (imh_is_over (s) || imh_legal (s, &legal) <= 0 || legal.n == 0)
    return false;
  *out = legal.d[imh_rng_below (rng, legal.n)];
  return true;
}

static double
evaluate (const ImhRules *r, const ImhState *s, int actor)
{
  ImhScore sc;
  r->score (s, &sc);
  double v = imh_score_margin (&sc, actor);
  if (sc.final)
    {
      double values[IMH_MAX_PLAYERS];
      imh_score_values (&sc, values);
      v += (values[actor] - 0.5) * 2 * IMH_GREEDY_WIN;
    }
  return v;
}

/* Best value reachable by the actor finishing the turn `turn` from s. */
static double
turn_value (const ImhRules *r, const ImhState *s, int actor, uint32_t turn, uint32_t *leaves)
{
  if (r->is_over (s) || r->actor (s) != actor || r->turn_index (s) != turn
      || *leaves >= IMH_GREEDY_MAX_LEAVES)
    {
      (*leaves)++;
      return evaluate (r, s, actor);
    }
  ImhDecisionList legal;
  ImhState next;
  double best = -INFINITY;
  r->legal (s, &legal);
  if (legal.n == 0)
    {
      (*leaves)++;
      return evaluate (r, s, actor);
    }
  for (uint16_t i = 0; i < legal.n; i++)
    {
      memcpy (&next, s, r->state_size);
      r->apply (&next, legal.d[i]);
      double v = turn_value (r, &next, actor, turn, leaves);
      if (v > best)
        best = v;
    }
  return best;
}

bool
imh_greedy_choose (const ImhState *s, ImhRng *rng, ImhDecision *out)
{
  const ImhRules *r = imh_rules_of (s);
  ImhDecisionList legal;
  ImhState det, next;

  if (r->is_over (s) || r->actor (s) < 0)
    return false;
  r->legal (s, &legal);
  if (legal.n == 0)
    return false;
  if (legal.n == 1)
    {
      *out = legal.d[0];
      return true;
    }

  int actor = r->actor (s);
  uint32_t turn = r->turn_index (s);
  uint32_t leaves = 0;
  double best = -INFINITY;
  uint32_t n_best = 0;

  memcpy (&det, s, r->state_size);
  r->determinize (&det, actor, rng);
  for (uint16_t i = 0; i < legal.n; i++)
    {
      memcpy (&next, &det, r->state_size);
      r->apply (&next, legal.d[i]);
      double v = turn_value (r, &next, actor, turn, &leaves);
      if (v > best + 1e-9)
        {
          best = v;
          n_best = 1;
          *out = legal.d[i];
        }
      else if (fabs (v - best) <= 1e-9)
        {
          /* Reservoir: each of the equal decisions with probability 1/k. */
          n_best++;
          if (imh_rng_below (rng, n_best) == 0)
            *out = legal.d[i];
        }
    }
  return true;
}

bool
imh_flat_search (const ImhState *s, const ImhSearchLimits *lim, ImhSearchResult *out)
{
  const ImhRules *r = imh_rules_of (s);
  ImhDecisionList legal;
  ImhRng rng;
  uint64_t t0 = _imh_now_ns ();
  uint64_t c0 = _imh_budget_clock_ns (lim->cpu_time);
  uint64_t tlimit_ns = (uint64_t) lim->time_ms * 1000000u;
  double sum[IMH_MAX_DECISIONS] = { 0 }, sumsq[IMH_MAX_DECISIONS] = { 0 };
  double msum[IMH_MAX_DECISIONS] = { 0 }, msumsq[IMH_MAX_DECISIONS] = { 0 };
  uint32_t visits[IMH_MAX_DECISIONS] = { 0 };

  memset (out, 0, sizeof *out);
  out->actor = -1;
  if (r == NULL || r->is_over (s) || r->actor (s) < 0)
    return false;
  r->legal (s, &legal);
  if (legal.n == 0)
    return false;

  int actor = r->actor (s);
  imh_rng_seed (&rng, lim->seed);
  uint64_t it = 0;
  for (;; it++)
    {
      if (lim->iterations > 0 && it >= lim->iterations)
        break;
      if (lim->stop != NULL && atomic_load_explicit (lim->stop, memory_order_relaxed))
        {
          out->stopped = true;
          break;
        }
      if (tlimit_ns > 0 && (it & 7) == 0 && _imh_budget_clock_ns (lim->cpu_time) - c0 >= tlimit_ns)
        break;
      if (lim->iterations == 0 && tlimit_ns == 0 && lim->stop == NULL && it >= 1000)
        break;   /* no limit and no way to stop: the default budget */

      uint16_t k = (uint16_t) (it % legal.n);
      ImhState st;
      ImhScore sc;
      double values[IMH_MAX_PLAYERS];
      memcpy (&st, s, r->state_size);
      r->determinize (&st, actor, &rng);
      r->apply (&st, legal.d[k]);
      imh_playout (&st, lim->playout, &rng);
      r->score (&st, &sc);
      imh_score_values (&sc, values);
      double m = imh_score_margin (&sc, actor);
      visits[k]++;
      sum[k] += values[actor];
      sumsq[k] += values[actor] * values[actor];
      msum[k] += m;
      msumsq[k] += m * m;
    }

  out->actor = actor;
  out->threads = 1;
  out->iterations = it;
  out->n = legal.n;
  for (uint16_t i = 0; i < legal.n; i++)
    _imh_candidate_fill (&out->c[i], legal.d[i], visits[i], visits[i],
                         sum[i], sumsq[i], msum[i], msumsq[i]);
  /* Flat: best mean first (visits are equal up to one). */
  for (uint16_t i = 1; i < out->n; i++)
    {
      ImhCandidate k = out->c[i];
      int j = i - 1;
      while (j >= 0 && (out->c[j].win < k.win
                        || (out->c[j].win == k.win && out->c[j].margin < k.margin)))
        {
          out->c[j + 1] = out->c[j];
          j--;
        }
      out->c[j + 1] = k;
    }
  out->elapsed_ms = (uint32_t) ((_imh_now_ns () - t0) / 1000000u);
  return true;
}
