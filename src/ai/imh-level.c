/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-level.c — difficulty levels and "choose a decision at level L".
 *
 * A level is a budget (iterations, so games replay) plus noise. The
 * measured strength of every level is in docs/ai.md.
 */
#include <math.h>
#include <string.h>

#include "imh-ai-private.h"

/* Budgets are iterations so that games replay exactly. The noise of the
 * two lower levels (a random decision with probability epsilon, else a
 * candidate drawn with probability ∝ visits^(1/T)) is what makes them
 * beatable: 200 iterations without noise already beat greedy play most of
 * the time in the Duel. Measured win rates: docs/ai.md. */
static const ImhPlayerSpec levels[IMH_N_LEVELS] = {
  [IMH_LEVEL_BEGINNER] = {
    .name = "beginner", .kind = IMH_PLAYER_ISMCTS, .iterations = 200,
    .playout = IMH_PLAYOUT_RANDOM, .epsilon = 0.1, .temperature = 1.0,
  },
  [IMH_LEVEL_CASUAL] = {
    .name = "casual", .kind = IMH_PLAYER_ISMCTS, .iterations = 300,
    .playout = IMH_PLAYOUT_RANDOM, .epsilon = 0.05, .temperature = 0.5,
  },
  [IMH_LEVEL_STRONG] = {
    .name = "strong", .kind = IMH_PLAYER_ISMCTS, .iterations = 3000,
    .playout = IMH_PLAYOUT_RANDOM,
  },
  [IMH_LEVEL_EXPERT] = {
    .name = "expert", .kind = IMH_PLAYER_ISMCTS, .iterations = 30000,
    .playout = IMH_PLAYOUT_RANDOM,
  },
  [IMH_LEVEL_RANDOM] = {
    .name = "random", .kind = IMH_PLAYER_RANDOM,
  },
  [IMH_LEVEL_GREEDY] = {
    .name = "greedy", .kind = IMH_PLAYER_GREEDY,
  },
  [IMH_LEVEL_FLAT] = {
    .name = "flat", .kind = IMH_PLAYER_FLAT, .iterations = 30000,
    .playout = IMH_PLAYOUT_RANDOM,
  },
};

const ImhPlayerSpec *
imh_level_get (ImhLevel level)
{
  if ((unsigned) level >= IMH_N_LEVELS)
    return NULL;
  return &levels[level];
}

const char *
imh_level_name (ImhLevel level)
{
  const ImhPlayerSpec *s = imh_level_get (level);
  return s ? s->name : NULL;
}

const ImhPlayerSpec *
imh_level_from_name (const char *name)
{
  if (name == NULL)
    return NULL;
  for (int i = 0; i < IMH_N_LEVELS; i++)
    if (strcmp (levels[i].name, name) == 0)
      return &levels[i];
  return NULL;
}

/* Picks a candidate with probability ∝ visits^(1/T). */
static ImhDecision
pick_tempered (const ImhSearchResult *res, double temperature, ImhRng *rng)
{
  double w[IMH_MAX_DECISIONS];
  double total = 0;
  double vmax = res->c[0].visits > 0 ? res->c[0].visits : 1;
  for (uint16_t i = 0; i < res->n; i++)
    {
      w[i] = pow (res->c[i].visits / vmax, 1.0 / temperature);
      total += w[i];
    }
  if (!(total > 0))
    return res->c[0].decision;
  double x = imh_rng_double (rng) * total;
  for (uint16_t i = 0; i < res->n; i++)
    {
      x -= w[i];
      if (x < 0)
        return res->c[i].decision;
    }
  return res->c[res->n - 1].decision;
}

bool
imh_player_choose_full (const ImhPlayerSpec *spec, const ImhState *s, uint64_t seed,
                        const atomic_bool *stop, ImhDecision *out, ImhSearchResult *result)
{
  ImhRng rng;
  uint64_t sm = seed;
  ImhSearchResult local;
  ImhSearchResult *res = result ? result : &local;

  if (result != NULL)
    {
      result->n = 0;
      result->actor = -1;
    }
  if (spec == NULL || imh_is_over (s) || imh_actor (s) < 0)
    return false;

  imh_rng_seed (&rng, imh_splitmix64 (&sm));
  uint64_t search_seed = imh_splitmix64 (&sm);

  /* A lone legal decision needs no search (and every kind of player,
   * noise included, would take it). */
  ImhDecisionList legal;
  if (imh_legal (s, &legal) == 1)
    {
      *out = legal.d[0];
      return true;
    }


  if (spec->epsilon > 0 && imh_rng_double (&rng) < spec->epsilon)
    return imh_random_choose (s, &rng, out);

  switch (spec->kind)
    {
    case IMH_PLAYER_RANDOM:
      return imh_random_choose (s, &rng, out);
    case IMH_PLAYER_GREEDY:
      return imh_greedy_choose (s, &rng, out);
    case IMH_PLAYER_FLAT:
    case IMH_PLAYER_ISMCTS:
      {
        ImhSearchLimits lim;
        imh_search_limits_init (&lim);
        lim.iterations = spec->iterations;
        lim.time_ms = spec->time_ms;
        lim.cpu_time = spec->cpu_time;
        lim.threads = spec->threads;
        lim.seed = search_seed;
        lim.exploration = spec->exploration;
        lim.playout = spec->playout;
        lim.stop = stop;
        /* Without noise only the most visited decision counts: stop once
         * it is settled (same choice as the whole budget). */
        lim.stop_when_settled = spec->kind == IMH_PLAYER_ISMCTS && !(spec->temperature > 0);
        if (lim.iterations == 0 && lim.time_ms == 0)
          lim.iterations = 1000;
        bool ok = spec->kind == IMH_PLAYER_FLAT ? imh_flat_search (s, &lim, res)
                                                : imh_search (s, &lim, res);
        if (!ok || res->n == 0)
          return imh_random_choose (s, &rng, out);
        if (spec->temperature > 0 && spec->kind == IMH_PLAYER_ISMCTS)
          *out = pick_tempered (res, spec->temperature, &rng);
        else
          *out = res->c[0].decision;
        return true;
      }
    case IMH_N_PLAYER_KINDS:
    default:
      return false;
    }
}

bool
imh_player_choose (const ImhPlayerSpec *spec, const ImhState *s, uint64_t seed,
                   const atomic_bool *stop, ImhDecision *out)
{
  return imh_player_choose_full (spec, s, seed, stop, out, NULL);
}
