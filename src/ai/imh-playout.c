/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-playout.c — playout policies and the reward of a finished game.
 *
 * Random: a uniformly random legal decision at every step (through the
 * engine's rules->random_playout when it has one: same draws, faster).
 * Heuristic: with probability 1/2, the best of up to IMH_HEUR_SAMPLES
 * sampled decisions by the actor's "if the game ended now" margin after
 * the decision (rules->score); otherwise random. Game-agnostic.
 */
#include <string.h>

#include "imh-ai-private.h"

#define IMH_HEUR_SAMPLES 3
/* Safety net against a rules bug: no game of either kind comes close. */
#define IMH_PLAYOUT_MAX_STEPS 10000

int
imh_score_margin (const ImhScore *sc, int p)
{
  int best = -32768;
  for (int q = 0; q < sc->n_players; q++)
    if (q != p && sc->total[q] > best)
      best = sc->total[q];
  return sc->n_players > 1 ? sc->total[p] - best : sc->total[p];
}

void
imh_score_values (const ImhScore *sc, double values[IMH_MAX_PLAYERS])
{
  int n = sc->n_players;
  for (int p = 0; p < IMH_MAX_PLAYERS; p++)
    values[p] = 0.0;
  if (n <= 1)
    {
      if (n == 1)
        values[0] = 1.0;
      return;
    }
  for (int p = 0; p < n; p++)
    {
      /* Place = players strictly ahead; k players share it and split
       * the places place .. place+k-1 (works for dense and for
       * competition ranking). */
      int ahead = 0, same = 0;
      for (int q = 0; q < n; q++)
        {
          if (sc->rank[q] < sc->rank[p])
            ahead++;
          else if (sc->rank[q] == sc->rank[p])
            same++;
        }
      double place = ahead + (same - 1) / 2.0;
      values[p] = (n - 1 - place) / (n - 1);
    }
}

static ImhDecision
heuristic_pick (const ImhRules *r, const ImhState *s, const ImhDecisionList *legal, ImhRng *rng)
{
  if (legal->n == 1 || (imh_rng_next (rng) & 1))
    return legal->d[imh_rng_below (rng, legal->n)];

  int actor = r->actor (s);
  ImhDecision best = 0;
  int best_v = -1000000;
  int samples = legal->n < IMH_HEUR_SAMPLES ? legal->n : IMH_HEUR_SAMPLES;
  uint32_t first = imh_rng_below (rng, legal->n);
  uint32_t step = 1 + imh_rng_below (rng, legal->n);   /* distinct enough; duplicates harmless */
  ImhState tmp;
  ImhScore sc;
  for (int i = 0; i < samples; i++)
    {
      ImhDecision d = legal->d[(first + (uint32_t) i * step) % legal->n];
      memcpy (&tmp, s, r->state_size);
      r->apply (&tmp, d);
      r->score (&tmp, &sc);
      int v = imh_score_margin (&sc, actor);
      if (sc.final)
        v += sc.rank[actor] == 0 ? 10000 : -10000;
      if (v > best_v)
        {
          best_v = v;
          best = d;
        }
    }
  return best;
}

void
imh_playout (ImhState *s, ImhPlayout policy, ImhRng *rng)
{
  const ImhRules *r = imh_rules_of (s);
  ImhDecisionList legal;

  /* The engine's fused loop draws the same decisions with the same random
   * numbers as the loop below, only faster. */
  if (policy == IMH_PLAYOUT_RANDOM && r->random_playout != NULL)
    {
      r->random_playout (s, rng, IMH_PLAYOUT_MAX_STEPS);
      return;
    }

  for (int steps = 0; steps < IMH_PLAYOUT_MAX_STEPS && !r->is_over (s); steps++)
    {
      r->legal (s, &legal);
      if (legal.n == 0)
        break;
      ImhDecision d;
      if (policy == IMH_PLAYOUT_HEURISTIC)
        d = heuristic_pick (r, s, &legal, rng);
      else
        d = legal.d[imh_rng_below (rng, legal.n)];
      r->apply (s, d);
    }
}
