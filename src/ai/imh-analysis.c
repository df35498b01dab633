/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-analysis.c — post-game analysis (see imh-analysis.h, docs/ai.md).
 *
 * Decisions are independent once every position of the line is replayed,
 * so threads take decisions from a shared counter; each decision's seeds
 * depend only on (seed, ply), so the result does not depend on the number
 * of threads or on the order in which decisions are done.
 */
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "imh-ai-private.h"
#include "imh-clock.h"
#include "imh-analysis.h"
#include "imh-json.h"

enum {
  TAG_ROOT = 1,
  TAG_WORLD = 2,
  TAG_SEARCH = 3,
};

/* Budgets per depth: see docs/performance.md for the resulting times. */
static const struct {
  uint64_t root_iterations;
  uint32_t samples;
  uint32_t sample_iterations;
} depths[IMH_N_ANALYSIS_DEPTHS] = {
  [IMH_ANALYSIS_QUICK]    = { 3000, 24, 128 },
  [IMH_ANALYSIS_STANDARD] = { 16000, 32, 768 },
};

#define MAX_SAMPLES 1024

void
imh_analysis_settings_init (ImhAnalysisSettings *set, ImhAnalysisDepth depth)
{
  memset (set, 0, sizeof *set);
  if ((unsigned) depth >= IMH_N_ANALYSIS_DEPTHS)
    depth = IMH_ANALYSIS_STANDARD;
  set->depth = depth;
  set->root_iterations = depths[depth].root_iterations;
  set->samples = depths[depth].samples;
  set->sample_iterations = depths[depth].sample_iterations;
  set->threads = 1;
}

const char *
imh_analysis_depth_name (ImhAnalysisDepth depth)
{
  switch (depth)
    {
    case IMH_ANALYSIS_QUICK: return "quick";
    case IMH_ANALYSIS_STANDARD: return "standard";
    default: return NULL;
    }
}

int
imh_analysis_depth_from_name (const char *name)
{
  if (name == NULL)
    return -1;
  for (int i = 0; i < IMH_N_ANALYSIS_DEPTHS; i++)
    if (strcmp (name, imh_analysis_depth_name ((ImhAnalysisDepth) i)) == 0)
      return i;
  return -1;
}

const char *
imh_analysis_mark_name (ImhMark mark)
{
  switch (mark)
    {
    case IMH_MARK_INACCURACY: return "inaccuracy";
    case IMH_MARK_MISTAKE: return "mistake";
    case IMH_MARK_BLUNDER: return "blunder";
    default: return "";
    }
}

ImhMark
imh_analysis_mark_for_loss (double loss_pp)
{
  if (loss_pp >= IMH_ANALYSIS_BLUNDER_PP)
    return IMH_MARK_BLUNDER;
  if (loss_pp >= IMH_ANALYSIS_MISTAKE_PP)
    return IMH_MARK_MISTAKE;
  if (loss_pp >= IMH_ANALYSIS_INACCURACY_PP)
    return IMH_MARK_INACCURACY;
  return IMH_MARK_NONE;
}

/* The mapping used by Lichess from a drop in win percentage to a move
 * accuracy (with 103.1669 so that no loss gives exactly 100):
 * 0 pp → 100, 5 → 80, 10 → 64, 15 → 51, 30 → 25. */
double
imh_analysis_accuracy_for_loss (double loss_pp)
{
  double a;

  if (loss_pp < 0)
    loss_pp = 0;
  a = 103.1669 * exp (-0.04354 * loss_pp) - 3.1669;
  if (a > 100)
    a = 100;
  if (a < 0)
    a = 0;
  return a;
}

/* ------------------------------------------------------------------ */
/* Valuing positions                                                   */

static uint64_t
mix_seed (uint64_t seed, uint64_t ply, uint64_t tag, uint64_t k)
{
  uint64_t x = seed;
  uint64_t h = imh_splitmix64 (&x);

  x = h ^ (ply * UINT64_C (0x9e3779b97f4a7c15));
  h = imh_splitmix64 (&x);
  x = h ^ (tag * UINT64_C (0xc2b2ae3d27d4eb4f)) ^ (k * UINT64_C (0x165667b19e3779f9));
  return imh_splitmix64 (&x);
}

typedef struct {
  const ImhAnalysisSettings *set;
  const ImhRules *rules;
  int n_players;
  /* positions[i]: before decision i; positions[n]: after the last */
  const ImhState *positions;
  const ImhDecision *decisions;
  uint32_t n;
  ImhAnalysisPly *plies;
  uint32_t first_ply;   /* the ply of positions[0] in the game (seeds, ImhAnalysisPly.ply) */
  bool     skip_luck;   /* leave out the value of the actual draw */

  pthread_mutex_t lock;
  uint32_t next;
  uint32_t done;
  uint64_t iterations;
  bool     failed;
} Run;

typedef struct {
  double win, margin;
} Value;

/* The value for player m of position x (a determinized world or the true
 * position: the search reshuffles every iteration, so nothing hidden is
 * read). */
static Value
value_of (Run *run, const ImhState *x, int m, uint64_t search_seed, uint64_t *iters)
{
  Value v;
  ImhSearchLimits lim;
  ImhSearchResult *res;
  int a;

  if (run->rules->is_over (x))
    {
      ImhScore sc;
      double vals[IMH_MAX_PLAYERS];

      run->rules->score (x, &sc);
      imh_score_values (&sc, vals);
      v.win = vals[m];
      v.margin = imh_score_margin (&sc, m);
      return v;
    }

  a = run->rules->actor (x);
  res = malloc (sizeof *res);
  if (res == NULL)
    {
      v.win = 0.5;
      v.margin = 0;
      return v;
    }
  imh_search_limits_init (&lim);
  lim.iterations = run->set->sample_iterations;
  lim.threads = 1;
  lim.seed = search_seed;
  lim.stop = run->set->stop;
  imh_search (x, &lim, res);
  *iters += res->iterations;

  if (a == m)
    {
      v.win = res->c[0].win;
      v.margin = res->c[0].margin;
    }
  else if (run->n_players == 2)
    {
      v.win = 1.0 - res->c[0].win;
      v.margin = -res->c[0].margin;
    }
  else
    {
      /* 3–4 players and another player to move: the search only values
       * its actor, so take the mean final value for m over heuristic
       * playouts from determinized copies (same seed for all candidates). */
      ImhRng rng;
      double sum = 0, msum = 0;
      uint32_t np = run->set->sample_iterations / 4 + 1;

      imh_rng_seed (&rng, search_seed);
      for (uint32_t i = 0; i < np; i++)
        {
          ImhState y;
          ImhScore sc;
          double vals[IMH_MAX_PLAYERS];

          imh_state_copy (&y, x);
          run->rules->determinize (&y, m, &rng);
          imh_playout (&y, IMH_PLAYOUT_HEURISTIC, &rng);
          run->rules->score (&y, &sc);
          imh_score_values (&sc, vals);
          sum += vals[m];
          msum += imh_score_margin (&sc, m);
        }
      v.win = sum / np;
      v.margin = msum / np;
    }
  free (res);
  return v;
}

/* Values decision c at position s for its mover m in K sampled worlds
 * (world k and search seed k are the same for every candidate: common
 * random numbers). With c = IMH_NO_DECISION, values `actual` (the true
 * position after the decision) with the same search seeds. */
#define IMH_NO_DECISION ((ImhDecision) 0xffff)

static void
sample_values (Run *run, uint32_t ply, const ImhState *s, int m, ImhDecision c,
               const ImhState *actual, Value *out, uint64_t *iters)
{
  const ImhAnalysisSettings *set = run->set;

  for (uint32_t k = 0; k < set->samples; k++)
    {
      ImhState w;
      uint64_t sseed = mix_seed (set->seed, ply, TAG_SEARCH, k);

      if (c == IMH_NO_DECISION)
        imh_state_copy (&w, actual);
      else
        {
          ImhRng rng;

          imh_rng_seed (&rng, mix_seed (set->seed, ply, TAG_WORLD, k));
          imh_state_copy (&w, s);
          run->rules->determinize (&w, m, &rng);
          run->rules->apply (&w, c);
        }
      out[k] = value_of (run, &w, m, sseed, iters);
    }
}

static void
mean_ci (const Value *v, uint32_t n, double *mean, double *ci, double *margin)
{
  double s = 0, ss = 0, ms = 0;

  for (uint32_t i = 0; i < n; i++)
    {
      s += v[i].win;
      ss += v[i].win * v[i].win;
      ms += v[i].margin;
    }
  *mean = s / n;
  *margin = ms / n;
  if (n > 1)
    {
      double var = (ss - s * s / n) / (n - 1);
      *ci = var > 0 ? 1.96 * sqrt (var / n) : 0;
    }
  else
    *ci = 0;
}

static void
fill_candidate (Run *run, const ImhState *s, const ImhCandidate *c, ImhAnalysisCandidate *out)
{
  memset (out, 0, sizeof *out);
  out->decision = c->decision;
  run->rules->decision_to_text (s, c->decision, out->text, sizeof out->text);
  out->visits = c->visits;
  out->win = c->win;
  out->win_ci = c->win_ci;
  out->margin = c->margin;
}

static bool
stopped (Run *run)
{
  return run->set->stop != NULL && atomic_load (run->set->stop);
}

/* Analyses decision i. */
static void
analyse_ply (Run *run, uint32_t i, Value *va, Value *vb, Value *vc, uint64_t *iters)
{
  const ImhAnalysisSettings *set = run->set;
  const ImhState *s = &run->positions[i];
  const ImhState *next = &run->positions[i + 1];
  ImhAnalysisPly *p = &run->plies[i];
  ImhDecisionList legal;
  ImhSearchResult *res;
  ImhSearchLimits lim;
  int m = run->rules->actor (s);
  ImhDecision d = run->decisions[i];
  double mean, ci, margin;

  uint32_t ply = run->first_ply + i;

  memset (p, 0, sizeof *p);
  p->ply = ply;
  p->mover = m;
  p->turn = run->rules->turn_index (s);
  p->played = d;
  run->rules->decision_to_text (s, d, p->played_text, sizeof p->played_text);
  run->rules->legal (s, &legal);
  p->n_legal = legal.n;
  p->forced = legal.n <= 1;
  p->chance = run->rules->hidden_count (next) != run->rules->hidden_count (s);

  /* Ranking by a root search (skipped when forced). */
  p->best = d;
  if (!p->forced)
    {
      res = malloc (sizeof *res);
      if (res != NULL)
        {
          imh_search_limits_init (&lim);
          lim.iterations = set->root_iterations;
          lim.threads = 1;
          lim.seed = mix_seed (set->seed, ply, TAG_ROOT, 0);
          lim.stop = set->stop;
          imh_search (s, &lim, res);
          *iters += res->iterations;
          if (res->n > 0)
            p->best = res->c[0].decision;
          for (uint16_t k = 0; k < res->n && p->n_top < IMH_ANALYSIS_TOP; k++)
            fill_candidate (run, s, &res->c[k], &p->top[p->n_top++]);
          for (uint16_t k = 0; k < res->n; k++)
            if (res->c[k].decision != d)
              {
                p->has_alternative = true;
                fill_candidate (run, s, &res->c[k], &p->alternative);
                break;
              }
          free (res);
        }
    }

  /* The decision played, expected over its draws. */
  sample_values (run, ply, s, m, d, NULL, va, iters);
  mean_ci (va, set->samples, &p->win_after, &p->win_after_ci, &p->margin_after);

  /* The other candidate — the search's best, or its runner-up when the
   * best was played — with the same worlds and seeds. The paired
   * difference decides which of the two is best and gives the loss. */
  p->win_before = p->win_after;
  p->win_before_ci = p->win_after_ci;
  p->margin_before = p->margin_after;
  {
    ImhDecision other = p->best != d ? p->best
                        : p->has_alternative ? p->alternative.decision : d;

    if (other != d)
      {
        double w, wci, mg, s1 = 0, ss = 0, diff, diff_ci = 0;

        sample_values (run, ply, s, m, other, NULL, vb, iters);
        mean_ci (vb, set->samples, &w, &wci, &mg);
        if (p->has_alternative && p->alternative.decision == other)
          {
            p->alternative.win = w;
            p->alternative.win_ci = wci;
            p->alternative.margin = mg;
          }
        for (uint32_t k = 0; k < set->samples; k++)
          {
            double x = vb[k].win - va[k].win;
            s1 += x;
            ss += x * x;
          }
        diff = s1 / set->samples;
        if (set->samples > 1)
          {
            double var = (ss - s1 * s1 / set->samples) / (set->samples - 1);
            diff_ci = var > 0 ? 1.96 * sqrt (var / set->samples) : 0;
          }
        if (diff > 0)
          {
            p->best = other;
            p->win_before = w;
            p->win_before_ci = wci;
            p->margin_before = mg;
            p->loss = 100.0 * diff;
            p->loss_ci = 100.0 * diff_ci;
          }
        else
          p->best = d;   /* the played decision did at least as well */
      }
  }
  run->rules->decision_to_text (s, p->best, p->best_text, sizeof p->best_text);
  p->mark = imh_analysis_mark_for_loss (p->loss);

  /* The draw that actually happened. */
  if (p->chance && !run->skip_luck)
    {
      sample_values (run, ply, s, m, IMH_NO_DECISION, next, vc, iters);
      mean_ci (vc, set->samples, &mean, &ci, &margin);
      p->win_actual = mean;
      p->win_actual_ci = ci;
      p->luck = 100.0 * (p->win_actual - p->win_after);
    }
  else
    {
      p->win_actual = p->win_after;
      p->win_actual_ci = p->win_after_ci;
    }
}

static void *
worker (void *data)
{
  Run *run = data;
  Value *va = malloc (3 * run->set->samples * sizeof *va);
  uint64_t iters = 0;

  if (va == NULL)
    {
      pthread_mutex_lock (&run->lock);
      run->failed = true;
      pthread_mutex_unlock (&run->lock);
      return NULL;
    }
  for (;;)
    {
      uint32_t i, done;

      pthread_mutex_lock (&run->lock);
      i = run->next < run->n && !run->failed ? run->next++ : run->n;
      pthread_mutex_unlock (&run->lock);
      if (i >= run->n || stopped (run))
        break;
      analyse_ply (run, i, va, va + run->set->samples, va + 2 * run->set->samples, &iters);
      pthread_mutex_lock (&run->lock);
      done = ++run->done;
      if (run->set->progress != NULL && !stopped (run))
        run->set->progress (run->set->user, done, run->n);
      pthread_mutex_unlock (&run->lock);
    }
  pthread_mutex_lock (&run->lock);
  run->iterations += iters;
  pthread_mutex_unlock (&run->lock);
  free (va);
  return NULL;
}

/* ------------------------------------------------------------------ */
/* Summary                                                             */

void
imh_analysis_summarize (ImhAnalysis *a, const ImhState *final)
{
  double acc_sum[IMH_MAX_PLAYERS] = { 0 };

  memset (a->players, 0, sizeof a->players);
  a->n_blunders = 0;
  for (uint32_t i = 0; i < a->n_plies; i++)
    {
      ImhAnalysisPly *p = &a->plies[i];
      ImhAnalysisPlayer *pl;

      if (p->mover < 0 || p->mover >= a->n_players)
        continue;
      pl = &a->players[p->mover];
      p->mark = p->forced ? IMH_MARK_NONE : imh_analysis_mark_for_loss (p->loss);
      pl->decisions++;
      if (!p->forced)
        {
          pl->choices++;
          pl->total_loss += p->loss;
          acc_sum[p->mover] += imh_analysis_accuracy_for_loss (p->loss);
        }
      switch (p->mark)
        {
        case IMH_MARK_INACCURACY: pl->inaccuracies++; break;
        case IMH_MARK_MISTAKE: pl->mistakes++; break;
        case IMH_MARK_BLUNDER: pl->blunders++; a->n_blunders++; break;
        default: break;
        }
      if (p->chance)
        {
          pl->chance_events++;
          pl->luck += p->luck;
          /* Two players: one's luck is the other's bad luck. With more
           * players the draw is credited to its mover only. */
          if (a->n_players == 2)
            a->players[1 - p->mover].luck -= p->luck;
        }
    }
  for (int q = 0; q < a->n_players; q++)
    {
      ImhAnalysisPlayer *pl = &a->players[q];

      pl->mean_loss = pl->choices ? pl->total_loss / pl->choices : 0;
      pl->accuracy = pl->choices ? acc_sum[q] / pl->choices : 100;
    }
  if (final != NULL && imh_is_over (final))
    {
      ImhScore sc;
      double vals[IMH_MAX_PLAYERS];

      imh_score (final, &sc);
      imh_score_values (&sc, vals);
      for (int q = 0; q < a->n_players; q++)
        {
          a->players[q].has_result = true;
          a->players[q].result = vals[q];
          a->players[q].luck_adjusted = vals[q] - a->players[q].luck / 100.0;
        }
    }
}

/* ------------------------------------------------------------------ */
/* Running                                                             */

static bool
fail (char *why, size_t why_len, const char *fmt, ...) __attribute__ ((format (printf, 3, 4)));

static bool
fail (char *why, size_t why_len, const char *fmt, ...)
{
  va_list ap;

  if (why != NULL && why_len > 0)
    {
      va_start (ap, fmt);
      vsnprintf (why, why_len, fmt, ap);
      va_end (ap);
    }
  return false;
}

bool
imh_analysis_judge (const ImhState *before, uint32_t ply, ImhDecision d,
                    const ImhAnalysisSettings *set, ImhAnalysisPly *out,
                    char *why, size_t why_len)
{
  const ImhRules *rules = imh_rules_of (before);
  ImhState *pos;
  Value *va;
  Run run;
  ImhOptions opt;
  uint64_t iters = 0;
  bool ok;

  if (why != NULL && why_len > 0)
    why[0] = '\0';
  if (rules == NULL)
    return fail (why, why_len, "unknown game");
  if (set->samples == 0 || set->samples > MAX_SAMPLES || set->sample_iterations == 0
      || set->root_iterations == 0)
    return fail (why, why_len, "invalid budgets (samples 1–%d, iterations > 0)", MAX_SAMPLES);
  if (rules->is_over (before) || !rules->is_legal (before, d))
    return fail (why, why_len, "the decision is not legal");

  pos = malloc (2 * sizeof *pos);
  va = malloc (3 * set->samples * sizeof *va);
  if (pos == NULL || va == NULL)
    {
      free (pos);
      free (va);
      return fail (why, why_len, "out of memory");
    }
  imh_state_copy (&pos[0], before);
  imh_state_copy (&pos[1], before);
  rules->apply (&pos[1], d);
  rules->options (before, &opt);

  memset (&run, 0, sizeof run);
  run.set = set;
  run.rules = rules;
  run.n_players = opt.n_players;
  run.positions = pos;
  run.decisions = &d;
  run.n = 1;
  run.plies = out;
  run.first_ply = ply;
  run.skip_luck = true;
  analyse_ply (&run, 0, va, va + set->samples, va + 2 * set->samples, &iters);
  ok = !stopped (&run);
  free (va);
  free (pos);
  if (!ok)
    return fail (why, why_len, "stopped");
  return true;
}

ImhAnalysis *
imh_analysis_run (const ImhState *initial, const ImhDecision *d, uint32_t n,
                  const ImhAnalysisSettings *set, char *why, size_t why_len)
{
  const ImhRules *rules = imh_rules_of (initial);
  ImhState *pos;
  ImhAnalysis *a;
  Run run;
  ImhOptions opt;
  uint32_t nt;
  pthread_t threads[64];
  uint32_t started = 0;
  uint64_t t0 = _imh_now_ns ();

  if (why != NULL && why_len > 0)
    why[0] = '\0';
  if (rules == NULL)
    {
      fail (why, why_len, "unknown game");
      return NULL;
    }
  if (set->samples == 0 || set->samples > MAX_SAMPLES || set->sample_iterations == 0
      || set->root_iterations == 0)
    {
      fail (why, why_len, "invalid budgets (samples 1–%d, iterations > 0)", MAX_SAMPLES);
      return NULL;
    }

  pos = malloc ((size_t) (n + 1) * sizeof *pos);
  a = calloc (1, sizeof *a);
  if (pos == NULL || a == NULL)
    {
      free (pos);
      free (a);
      fail (why, why_len, "out of memory");
      return NULL;
    }
  a->plies = calloc (n ? n : 1, sizeof *a->plies);
  if (a->plies == NULL)
    {
      free (pos);
      free (a);
      fail (why, why_len, "out of memory");
      return NULL;
    }

  imh_state_copy (&pos[0], initial);
  for (uint32_t i = 0; i < n; i++)
    {
      if (rules->is_over (&pos[i]) || !rules->is_legal (&pos[i], d[i]))
        {
          fail (why, why_len, "decision %u (ply %u) is not legal", i + 1, i);
          free (pos);
          imh_analysis_free (a);
          return NULL;
        }
      imh_state_copy (&pos[i + 1], &pos[i]);
      rules->apply (&pos[i + 1], d[i]);
    }

  rules->options (initial, &opt);
  a->game = rules->kind;
  a->n_players = opt.n_players;
  a->settings = *set;
  a->settings.stop = NULL;
  a->settings.progress = NULL;
  a->settings.user = NULL;
  snprintf (a->engine_version, sizeof a->engine_version, "%s", imh_engine_version ());
  a->n_plies = n;

  memset (&run, 0, sizeof run);
  run.set = set;
  run.rules = rules;
  run.n_players = opt.n_players;
  run.positions = pos;
  run.decisions = d;
  run.n = n;
  run.plies = a->plies;
  pthread_mutex_init (&run.lock, NULL);

  nt = set->threads ? set->threads : 1;
  if (nt > 64)
    nt = 64;
  if (nt > n)
    nt = n ? n : 1;
  for (uint32_t t = 1; t < nt; t++)
    if (pthread_create (&threads[started], NULL, worker, &run) == 0)
      started++;
  worker (&run);
  for (uint32_t t = 0; t < started; t++)
    pthread_join (threads[t], NULL);
  pthread_mutex_destroy (&run.lock);

  if (stopped (&run) || run.failed || run.done != n)
    {
      fail (why, why_len, run.failed ? "out of memory" : "stopped");
      free (pos);
      imh_analysis_free (a);
      return NULL;
    }
  a->iterations = run.iterations;
  imh_analysis_summarize (a, &pos[n]);
  a->elapsed_ms = (uint32_t) ((_imh_now_ns () - t0) / 1000000u);
  free (pos);
  return a;
}

ImhAnalysis *
imh_analysis_run_record (const ImhRecord *record, const ImhAnalysisSettings *set,
                         char *why, size_t why_len)
{
  ImhState initial;

  imh_record_initial (record, &initial);
  return imh_analysis_run (&initial, record->main.decisions, record->main.n_decisions,
                           set, why, why_len);
}

void
imh_analysis_free (ImhAnalysis *a)
{
  if (a == NULL)
    return;
  free (a->plies);
  free (a);
}

/* ------------------------------------------------------------------ */
/* JSON                                                                */

/* A member "key":value with `decimals` digits after the point; `key`
 * has its comma: ",\"win\":". */
static void
json_number (ImhJson *j, const char *key, double value, int decimals)
{
  imh_json_raw (j, key);
  imh_json_double (j, value, decimals);
}

static void
json_candidate (ImhJson *j, const ImhAnalysisCandidate *c)
{
  imh_json_raw (j, "{\"decision\":");
  imh_json_string (j, c->text);
  imh_json_printf (j, ",\"visits\":%u", c->visits);
  json_number (j, ",\"win\":", c->win, 4);
  json_number (j, ",\"win_ci\":", c->win_ci, 4);
  json_number (j, ",\"margin\":", c->margin, 2);
  imh_json_raw (j, "}");
}

static void
json_settings (ImhJson *j, const ImhAnalysis *a)
{
  const ImhAnalysisSettings *s = &a->settings;

  imh_json_raw (j, "{\"depth\":");
  imh_json_string (j, imh_analysis_depth_name (s->depth));
  imh_json_printf (j, ",\"root_iterations\":%llu,\"samples\":%u,\"sample_iterations\":%u,"
                   "\"seed\":%llu,\"engine_version\":",
                   (unsigned long long) s->root_iterations, s->samples, s->sample_iterations,
                   (unsigned long long) s->seed);
  imh_json_string (j, a->engine_version);
  imh_json_raw (j, "}");
}

static void
json_all (ImhJson *j, const ImhAnalysis *a)
{
  const ImhRules *rules = imh_rules_get (a->game);

  imh_json_raw (j, "{\"format\":1,\"game\":");
  imh_json_string (j, rules ? rules->id : NULL);
  imh_json_printf (j, ",\"players\":%u,\"settings\":", a->n_players);
  json_settings (j, a);
  imh_json_printf (j, ",\"elapsed_ms\":%u,\"iterations\":%llu,\"blunders\":%u,\"summary\":[",
                   a->elapsed_ms, (unsigned long long) a->iterations, a->n_blunders);
  for (int q = 0; q < a->n_players; q++)
    {
      const ImhAnalysisPlayer *p = &a->players[q];

      imh_json_printf (j, "%s{\"player\":%d,\"decisions\":%u,\"choices\":%u",
                       q ? "," : "", q, p->decisions, p->choices);
      json_number (j, ",\"accuracy\":", p->accuracy, 1);
      json_number (j, ",\"total_loss\":", p->total_loss, 1);
      json_number (j, ",\"mean_loss\":", p->mean_loss, 2);
      imh_json_printf (j, ",\"inaccuracies\":%u,\"mistakes\":%u,\"blunders\":%u,\"chance_events\":%u",
                       p->inaccuracies, p->mistakes, p->blunders, p->chance_events);
      json_number (j, ",\"luck\":", p->luck, 1);
      if (p->has_result)
        {
          json_number (j, ",\"result\":", p->result, 3);
          json_number (j, ",\"luck_adjusted\":", p->luck_adjusted, 3);
        }
      imh_json_raw (j, "}");
    }
  imh_json_raw (j, "],\"plies\":[");
  for (uint32_t i = 0; i < a->n_plies; i++)
    {
      const ImhAnalysisPly *p = &a->plies[i];

      imh_json_printf (j, "%s{\"ply\":%u,\"turn\":%u,\"mover\":%d,\"played\":", i ? "," : "",
                       p->ply, p->turn, p->mover);
      imh_json_string (j, p->played_text);
      imh_json_raw (j, ",\"best\":");
      imh_json_string (j, p->best_text);
      imh_json_printf (j, ",\"legal\":%u,\"forced\":%s", p->n_legal, p->forced ? "true" : "false");
      json_number (j, ",\"win_before\":", p->win_before, 4);
      json_number (j, ",\"win_before_ci\":", p->win_before_ci, 4);
      json_number (j, ",\"win_after\":", p->win_after, 4);
      json_number (j, ",\"win_after_ci\":", p->win_after_ci, 4);
      json_number (j, ",\"margin_before\":", p->margin_before, 2);
      json_number (j, ",\"margin_after\":", p->margin_after, 2);
      json_number (j, ",\"loss\":", p->loss, 2);
      json_number (j, ",\"loss_ci\":", p->loss_ci, 2);
      imh_json_raw (j, ",\"mark\":");
      imh_json_string (j, p->mark ? imh_analysis_mark_name (p->mark) : NULL);
      imh_json_raw (j, ",\"alternative\":");
      if (p->has_alternative)
        json_candidate (j, &p->alternative);
      else
        imh_json_raw (j, "null");
      imh_json_printf (j, ",\"chance\":%s", p->chance ? "true" : "false");
      if (p->chance)
        {
          json_number (j, ",\"win_actual\":", p->win_actual, 4);
          json_number (j, ",\"win_actual_ci\":", p->win_actual_ci, 4);
          json_number (j, ",\"luck\":", p->luck, 2);
        }
      imh_json_raw (j, ",\"top\":[");
      for (int k = 0; k < p->n_top; k++)
        {
          if (k)
            imh_json_raw (j, ",");
          json_candidate (j, &p->top[k]);
        }
      imh_json_raw (j, "]}");
    }
  imh_json_raw (j, "]}");
}

static char *
json_alloc (const ImhAnalysis *a, void (*fn) (ImhJson *, const ImhAnalysis *))
{
  ImhJson j;
  int len;
  char *buf;

  imh_json_init (&j, NULL, 0);
  fn (&j, a);
  len = imh_json_finish (&j);
  buf = malloc ((size_t) len + 1);
  if (buf == NULL)
    return NULL;
  imh_json_init (&j, buf, (size_t) len + 1);
  fn (&j, a);
  imh_json_finish (&j);
  return buf;
}

char *
imh_analysis_to_json (const ImhAnalysis *a)
{
  return json_alloc (a, json_all);
}

char *
imh_analysis_settings_to_json (const ImhAnalysis *a)
{
  return json_alloc (a, json_settings);
}
