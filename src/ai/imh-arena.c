/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-arena.c — many seeded games between two players, in parallel.
 *
 * Game i uses setup seed derived from (cfg->seed, i / n) and seats A in
 * seat i % n (n players; B in every other seat). Every decision's seed is
 * derived from (game seed, ply), so results do not depend on how many
 * games run at once; per-game outcomes are summed in game order.
 */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "imh-ai-private.h"
#include "imh-clock.h"

/* A safety net: no legal game comes near this many decisions. */
#define IMH_ARENA_MAX_PLY 5000

typedef struct {
  double   value;        /* A's value */
  double   margin;
  uint8_t  outcome;      /* 0 win, 1 tie, 2 loss */
  uint32_t plies;
  uint32_t a_dec, b_dec;
  double   a_ms, b_ms;
  uint64_t a_iter, b_iter;
  bool     done;
} GameOutcome;

typedef struct {
  const ImhArenaConfig *cfg;
  GameOutcome          *games;
  atomic_uint           next;
  uint32_t              finished;
  pthread_mutex_t       lock;
} Arena;

static uint64_t
mix (uint64_t a, uint64_t b)
{
  uint64_t x = a ^ (b * UINT64_C (0x9E3779B97F4A7C15));
  imh_splitmix64 (&x);
  return imh_splitmix64 (&x);
}

static void
play_game (const ImhArenaConfig *cfg, uint32_t i, GameOutcome *g)
{
  ImhState s;
  ImhOptions o = cfg->options;
  int n = o.n_players;
  uint64_t game_seed = mix (cfg->seed, i / (uint32_t) n);
  int a_seat = (int) (i % (uint32_t) n);

  o.start_player = -1;
  memset (g, 0, sizeof *g);
  if (!imh_setup (&s, &o, game_seed, NULL, 0))
    return;
  ImhSearchResult *res = malloc (sizeof *res);
  if (res == NULL)
    return;

  uint32_t ply = 0;
  while (!imh_is_over (&s) && ply < IMH_ARENA_MAX_PLY)
    {
      int actor = imh_actor (&s);
      if (actor < 0)
        break;
      const ImhPlayerSpec *who = actor == a_seat ? cfg->a : cfg->b;
      ImhDecision d;
      /* CPU time when the budget is CPU time (one thread per player). */
      bool cpu = who->cpu_time;
      uint64_t t0 = _imh_budget_clock_ns (cpu);
      if (!imh_player_choose_full (who, &s, mix (game_seed ^ (uint64_t) i << 32, ply), cfg->stop,
                                   &d, res))
        break;
      double ms = (_imh_budget_clock_ns (cpu) - t0) / 1e6;
      if (actor == a_seat)
        {
          g->a_dec++;
          g->a_ms += ms;
          g->a_iter += res->n > 0 ? res->iterations : 0;
        }
      else
        {
          g->b_dec++;
          g->b_ms += ms;
          g->b_iter += res->n > 0 ? res->iterations : 0;
        }
      imh_apply (&s, d);
      ply++;
      if (cfg->stop != NULL && atomic_load (cfg->stop))
        {
          free (res);
          return;
        }
    }
  free (res);

  ImhScore sc;
  double values[IMH_MAX_PLAYERS];
  imh_score (&s, &sc);
  imh_score_values (&sc, values);
  g->value = values[a_seat];
  g->margin = imh_score_margin (&sc, a_seat);
  g->plies = ply;
  if (sc.rank[a_seat] != 0)
    g->outcome = 2;
  else
    {
      int first = 0;
      for (int p = 0; p < n; p++)
        if (sc.rank[p] == 0)
          first++;
      g->outcome = first > 1 ? 1 : 0;
    }
  g->done = imh_is_over (&s);
}

static void *
arena_worker (void *data)
{
  Arena *ar = data;
  const ImhArenaConfig *cfg = ar->cfg;
  for (;;)
    {
      if (cfg->stop != NULL && atomic_load (cfg->stop))
        break;
      uint32_t i = atomic_fetch_add (&ar->next, 1);
      if (i >= cfg->games)
        break;
      play_game (cfg, i, &ar->games[i]);
      pthread_mutex_lock (&ar->lock);
      ar->finished++;
      if (cfg->progress != NULL)
        cfg->progress (cfg->user, ar->finished, cfg->games);
      pthread_mutex_unlock (&ar->lock);
    }
  return NULL;
}

void
imh_wilson_interval (uint32_t k, uint32_t n, double *lo, double *hi)
{
  const double z = 1.959963984540054;
  if (n == 0)
    {
      *lo = 0;
      *hi = 1;
      return;
    }
  double p = (double) k / n;
  double d = 1 + z * z / n;
  double centre = (p + z * z / (2.0 * n)) / d;
  double half = z * sqrt (p * (1 - p) / n + z * z / (4.0 * n * n)) / d;
  *lo = centre - half < 0 ? 0 : centre - half;
  *hi = centre + half > 1 ? 1 : centre + half;
}

bool
imh_arena_run (const ImhArenaConfig *cfg, ImhArenaResult *out, char *why, size_t why_len)
{
  const ImhRules *r = imh_rules_get (cfg->options.game);
  memset (out, 0, sizeof *out);
  if (r == NULL || r->options_valid == NULL || !r->options_valid (&cfg->options, why, why_len))
    return false;
  if (cfg->a == NULL || cfg->b == NULL)
    {
      if (why != NULL && why_len > 0)
        snprintf (why, why_len, "missing player");
      return false;
    }
  if (cfg->games == 0)
    return true;

  Arena ar = { .cfg = cfg };
  atomic_init (&ar.next, 0);
  pthread_mutex_init (&ar.lock, NULL);
  ar.games = calloc (cfg->games, sizeof *ar.games);
  if (ar.games == NULL)
    {
      if (why != NULL && why_len > 0)
        snprintf (why, why_len, "out of memory");
      pthread_mutex_destroy (&ar.lock);
      return false;
    }

  uint32_t threads = cfg->threads ? cfg->threads : 1;
  if (threads > 64)
    threads = 64;
  pthread_t tids[64];
  bool started[64] = { false };
  for (uint32_t t = 1; t < threads; t++)
    started[t] = pthread_create (&tids[t], NULL, arena_worker, &ar) == 0;
  arena_worker (&ar);
  for (uint32_t t = 1; t < threads; t++)
    if (started[t])
      pthread_join (tids[t], NULL);

  double sum = 0, sumsq = 0, msum = 0, msumsq = 0, plies = 0;
  for (uint32_t i = 0; i < cfg->games; i++)
    {
      GameOutcome *g = &ar.games[i];
      if (!g->done)
        continue;
      out->games++;
      if (g->outcome == 0)
        out->wins++;
      else if (g->outcome == 1)
        out->ties++;
      else
        out->losses++;
      sum += g->value;
      sumsq += g->value * g->value;
      msum += g->margin;
      msumsq += g->margin * g->margin;
      plies += g->plies;
      out->a_decisions += g->a_dec;
      out->b_decisions += g->b_dec;
      out->a_ms += g->a_ms;
      out->b_ms += g->b_ms;
      out->a_iterations += g->a_iter;
      out->b_iterations += g->b_iter;
    }
  if (out->games > 0)
    {
      uint32_t n = out->games;
      out->score = sum / n;
      out->margin = msum / n;
      out->mean_decisions = plies / n;
      if (n > 1)
        {
          double v = (sumsq - n * out->score * out->score) / (n - 1);
          double mv = (msumsq - n * out->margin * out->margin) / (n - 1);
          out->score_ci = 1.96 * sqrt (v > 0 ? v / n : 0);
          out->margin_ci = 1.96 * sqrt (mv > 0 ? mv / n : 0);
        }
    }
  free (ar.games);
  pthread_mutex_destroy (&ar.lock);
  return true;
}
