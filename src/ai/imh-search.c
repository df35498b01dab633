/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-search.c — single-observer Information Set MCTS (SO-ISMCTS).
 *
 * Each iteration copies the root, reshuffles what the root actor cannot
 * see (rules->determinize) and walks one tree of decisions on that copy:
 * children are keyed by decision; a child's availability counts the
 * iterations in which its decision was legal, and UCT uses it in place of
 * the parent's visits. Each node's value is that of the player who took
 * its decision, so a compound turn is simply a path of decisions by one
 * actor, and the base game's off-turn decisions need nothing special.
 *
 * Root parallel: each thread grows its own tree from its own seed on its
 * own share of the iterations; the root statistics are summed.
 *
 * Memory: each thread's nodes live in one array (and their statistics in
 * a second), indexed by node number, which doubles from IMH_NODES_FIRST
 * nodes when full, never per node (a grown array may move: glibc moves
 * blocks it got from mmap with mremap, others by a copy, which the doubling
 * keeps to a few per search). A node is reached by its index, so moving is
 * harmless.
 * Nothing is allocated during an iteration otherwise.
 */
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "imh-ai-private.h"
#include "imh-clock.h"

#define IMH_NODES_FIRST (1u << 14)   /* first capacity of the node arrays */
#define IMH_N_CHECKPOINTS 64
#define IMH_MAX_PATH 4096
#define IMH_DECISION_CODES 65536   /* every value of ImhDecision (uint16_t) */

/* What the selection step reads, 32 bytes (two nodes per cache line:
 * walking the children is most of a search's cache misses)... */
typedef struct {
  uint32_t    first_child;   /* 0: none (node 0 is the root, never a child) */
  uint32_t    next_sibling;
  uint32_t    visits;
  uint32_t    avail;
  double      sum;           /* value of `actor` */
  ImhDecision decision;
  uint8_t     actor;         /* who took `decision` */
} Node;

/* ...and what only backpropagation and the result need, alongside. */
typedef struct {
  double sumsq;
  double msum;               /* margin of `actor` */
  double msumsq;
} NodeStats;

typedef struct {
  uint32_t visits, avail;
  double   sum, sumsq, msum, msumsq;
} RootStat;

typedef struct {
  /* Inputs */
  const ImhState        *root;
  const ImhRules        *rules;
  const ImhSearchLimits *lim;
  const ImhDecisionList *root_legal;
  int                    root_actor;
  uint64_t               budget;      /* this thread's iterations; 0: unlimited */
  uint64_t               seed;
  double                 c;
  uint32_t               max_nodes;
  uint64_t               t0_ns;
  bool                   settle;      /* stop_when_settled, one thread */

  /* Tree */
  Node      *nodes;
  NodeStats *node_stats;
  uint32_t   cap_nodes;
  uint32_t n_nodes;

  /* Per decision code, stamped with the epoch of the node being walked
   * (no clearing between nodes): `legal` when the decision is legal there,
   * `has` when that node has a child for it. IMH_DECISION_CODES entries
   * each; only the few codes the games use are ever touched. */
  uint32_t *legal_stamp;
  uint32_t *has_stamp;
  uint32_t  epoch;

  /* Outputs */
  uint64_t done;
  bool     stopped;
  bool     settled;
  bool     full;
  bool     oom;
  /* Root visits per root-legal index at each checkpoint (1..64). */
  uint32_t snap[IMH_N_CHECKPOINTS + 1][IMH_MAX_DECISIONS];
  uint32_t n_snaps;
  RootStat stats[IMH_MAX_DECISIONS];
} Worker;

/* log(n), bit-identical to log((double) n): the selection step takes one
 * per child and visit. The first IMH_LOG_BLOCK values are filled once
 * (pthread_once); the blocks above, up to IMH_LOG_TABLE, when a search
 * first needs them (the upper nodes of a long search: a hint's root
 * children reach about 550,000 visits per thread). Beyond that, libm. */
#define IMH_LOG_BLOCK_BITS 16
#define IMH_LOG_BLOCK (1u << IMH_LOG_BLOCK_BITS)
#define IMH_LOG_BLOCKS 64
#define IMH_LOG_TABLE (IMH_LOG_BLOCK * IMH_LOG_BLOCKS)
static double log_table[IMH_LOG_TABLE];
static atomic_bool log_ready[IMH_LOG_BLOCKS];
static pthread_once_t log_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;

static void
log_table_init (void)
{
  for (uint32_t i = 1; i < IMH_LOG_BLOCK; i++)
    log_table[i] = log ((double) i);
  atomic_store_explicit (&log_ready[0], true, memory_order_release);
}

static double
log_block_fill (uint32_t n)
{
  uint32_t b = n >> IMH_LOG_BLOCK_BITS;
  pthread_mutex_lock (&log_lock);
  if (!atomic_load_explicit (&log_ready[b], memory_order_relaxed))
    {
      for (uint32_t i = b * IMH_LOG_BLOCK; i < (b + 1) * IMH_LOG_BLOCK; i++)
        log_table[i] = log ((double) i);
      atomic_store_explicit (&log_ready[b], true, memory_order_release);
    }
  pthread_mutex_unlock (&log_lock);
  return log_table[n];
}

static inline double
log_n (uint32_t n)
{
  if (n < IMH_LOG_BLOCK)
    return log_table[n];
  if (n >= IMH_LOG_TABLE)
    return log ((double) n);
  if (__builtin_expect (!atomic_load_explicit (&log_ready[n >> IMH_LOG_BLOCK_BITS],
                                               memory_order_acquire), 0))
    return log_block_fill (n);
  return log_table[n];
}

double
_imh_search_log (uint32_t n)
{
  pthread_once (&log_once, log_table_init);
  return n == 0 ? log (0.0) : log_n (n);
}

void
imh_search_limits_init (ImhSearchLimits *lim)
{
  memset (lim, 0, sizeof *lim);
  lim->iterations = 1000;
  lim->threads = 1;
  lim->exploration = IMH_SEARCH_DEFAULT_C;
  lim->playout = IMH_PLAYOUT_RANDOM;
}

static inline Node *
node_at (Worker *w, uint32_t i)
{
  return &w->nodes[i];
}

static inline NodeStats *
stats_at (Worker *w, uint32_t i)
{
  return &w->node_stats[i];
}

/* A fresh node, or 0 when the tree is full. */
static uint32_t
node_new (Worker *w)
{
  if (w->n_nodes >= w->max_nodes || w->oom)
    return 0;
  if (w->n_nodes == w->cap_nodes)
    {
      /* Node pointers taken before this call are stale after it. */
      uint32_t cap = w->cap_nodes ? w->cap_nodes * 2 : IMH_NODES_FIRST;
      if (cap > w->max_nodes || cap < w->cap_nodes)
        cap = w->max_nodes;
      Node *nodes = realloc (w->nodes, (size_t) cap * sizeof *nodes);
      if (nodes != NULL)
        w->nodes = nodes;
      NodeStats *stats = nodes != NULL ? realloc (w->node_stats, (size_t) cap * sizeof *stats) : NULL;
      if (stats == NULL)
        {
          w->oom = true;
          return 0;
        }
      w->node_stats = stats;
      w->cap_nodes = cap;
    }
  uint32_t i = w->n_nodes++;
  memset (node_at (w, i), 0, sizeof (Node));
  memset (stats_at (w, i), 0, sizeof (NodeStats));
  return i;
}

static void
worker_free (Worker *w)
{
  free (w->nodes);
  free (w->node_stats);
  w->nodes = NULL;
  w->node_stats = NULL;
  free (w->legal_stamp);
  free (w->has_stamp);
  w->legal_stamp = NULL;
  w->has_stamp = NULL;
}

static bool
should_stop (Worker *w)
{
  if (w->lim->stop != NULL && atomic_load_explicit (w->lim->stop, memory_order_relaxed))
    {
      w->stopped = true;
      return true;
    }
  return false;
}

/* True when the most visited root decision keeps that place whatever
 * the iterations to come (at most `to_come`) do: its visits exceed every
 * other's plus to_come. */
static bool
root_settled (Worker *w, uint64_t to_come)
{
  uint32_t first = 0, second = 0;

  for (uint32_t c = node_at (w, 0)->first_child; c != 0; c = node_at (w, c)->next_sibling)
    {
      uint32_t v = node_at (w, c)->visits;
      if (v > first)
        {
          second = first;
          first = v;
        }
      else if (v > second)
        second = v;
    }
  /* A root decision without a node yet has 0 visits: never ahead. */
  return first > 0 && (uint64_t) first > (uint64_t) second + to_come;
}

static void
record_snapshot (Worker *w)
{
  uint32_t k = w->n_snaps;
  if (k > IMH_N_CHECKPOINTS)
    return;
  memset (w->snap[k], 0, sizeof w->snap[k]);
  for (uint32_t c = node_at (w, 0)->first_child; c != 0; c = node_at (w, c)->next_sibling)
    {
      Node *n = node_at (w, c);
      /* Root children were created with their root-legal index stamped. */
      for (uint16_t i = 0; i < w->root_legal->n; i++)
        if (w->root_legal->d[i] == n->decision)
          {
            w->snap[k][i] = n->visits;
            break;
          }
    }
  w->n_snaps++;
}

static void
one_iteration (Worker *w, ImhRng *rng)
{
  const ImhRules *r = w->rules;
  ImhState st;
  ImhDecisionList legal;
  uint32_t path[IMH_MAX_PATH];
  uint32_t depth = 0;
  uint32_t node = 0;
  bool expanded = false;

  memcpy (&st, w->root, r->state_size);
  r->determinize (&st, w->root_actor, rng);

  /* Selection and expansion. */
  while (!r->is_over (&st) && depth < IMH_MAX_PATH)
    {
      int actor = r->actor (&st);
      r->legal (&st, &legal);
      if (legal.n == 0 || actor < 0)
        break;

      if (++w->epoch == 0)
        {
          /* Wrapped after 2^32 nodes walked: forget every stamp. */
          memset (w->legal_stamp, 0, IMH_DECISION_CODES * sizeof *w->legal_stamp);
          memset (w->has_stamp, 0, IMH_DECISION_CODES * sizeof *w->has_stamp);
          w->epoch = 1;
        }
      uint32_t epoch = w->epoch;
      for (uint16_t i = 0; i < legal.n; i++)
        w->legal_stamp[legal.d[i]] = epoch;

      /* Children that are legal now: count their availability and pick
       * the best by UCT; note which legal decisions have no child yet. */
      uint32_t best = 0;
      double best_ucb = -INFINITY;
      uint16_t n_children = 0;
      for (uint32_t c = node_at (w, node)->first_child; c != 0; c = node_at (w, c)->next_sibling)
        {
          Node *ch = node_at (w, c);
          if (w->legal_stamp[ch->decision] != epoch)
            continue;
          w->has_stamp[ch->decision] = epoch;
          n_children++;
          ch->avail++;
          double inv = 1.0 / ch->visits;
          double ucb = ch->sum * inv + w->c * sqrt (log_n (ch->avail) * inv);
          if (ucb > best_ucb)
            {
              best_ucb = ucb;
              best = c;
            }
        }

      if (n_children < legal.n && !expanded)
        {
          /* Expand one untried decision, chosen at random. */
          uint32_t k = imh_rng_below (rng, (uint32_t) (legal.n - n_children));
          uint16_t pick = 0;
          for (uint16_t i = 0; i < legal.n; i++)
            if (w->has_stamp[legal.d[i]] != epoch && k-- == 0)
              {
                pick = i;
                break;
              }
          uint32_t nn = node_new (w);
          if (nn != 0)
            {
              Node *ch = node_at (w, nn);
              Node *parent = node_at (w, node);
              ch->decision = legal.d[pick];
              ch->actor = (uint8_t) actor;
              ch->avail = 1;
              ch->next_sibling = parent->first_child;
              parent->first_child = nn;
              r->apply (&st, legal.d[pick]);
              path[depth++] = nn;
              node = nn;
              expanded = true;
              break;
            }
          /* The tree is full: fall back to the known children, or play out. */
          if (n_children == 0)
            break;
        }
      else if (n_children < legal.n)
        break;

      r->apply (&st, node_at (w, best)->decision);
      path[depth++] = best;
      node = best;
    }

  /* Playout from the new leaf. */
  if (!r->is_over (&st))
    imh_playout (&st, w->lim->playout, rng);

  ImhScore sc;
  double values[IMH_MAX_PLAYERS];
  double margins[IMH_MAX_PLAYERS];
  r->score (&st, &sc);
  imh_score_values (&sc, values);
  for (int p = 0; p < sc.n_players && p < IMH_MAX_PLAYERS; p++)
    margins[p] = imh_score_margin (&sc, p);

  /* Backpropagation. */
  node_at (w, 0)->visits++;
  for (uint32_t i = 0; i < depth; i++)
    {
      Node *n = node_at (w, path[i]);
      NodeStats *ns = stats_at (w, path[i]);
      double v = values[n->actor];
      double m = margins[n->actor];
      n->visits++;
      n->sum += v;
      ns->sumsq += v * v;
      ns->msum += m;
      ns->msumsq += m * m;
    }
}

static void *
worker_run (void *data)
{
  Worker *w = data;
  ImhRng rng;
  uint64_t tlimit_ns = (uint64_t) w->lim->time_ms * 1000000u;
  uint64_t next_snap_it = 0, next_snap_ns = 0;
  bool by_iterations = w->budget > 0;

  imh_rng_seed (&rng, w->seed);
  w->legal_stamp = calloc (IMH_DECISION_CODES, sizeof *w->legal_stamp);
  w->has_stamp = calloc (IMH_DECISION_CODES, sizeof *w->has_stamp);
  if (w->legal_stamp == NULL || w->has_stamp == NULL || node_new (w) != 0 || w->n_nodes != 1)
    {
      w->oom = true;
      return NULL;
    }
  /* This thread's own clock starts after its set-up: the zeroing of the
   * arrays above is not search time (on a loaded machine it alone can take
   * a small budget). */
  if (w->lim->cpu_time)
    w->t0_ns = _imh_thread_cpu_ns ();

  if (by_iterations)
    next_snap_it = w->budget / IMH_N_CHECKPOINTS;
  else if (tlimit_ns > 0)
    next_snap_ns = tlimit_ns / IMH_N_CHECKPOINTS;

  while (by_iterations ? w->done < w->budget : true)
    {
      if (should_stop (w))
        break;
      /* A time budget is looked at every 8th iteration from the 8th on: a
       * search always has a few iterations to rank its root by. */
      if (tlimit_ns > 0 && w->done > 0 && (w->done & 7) == 0)
        {
          uint64_t el = _imh_budget_clock_ns (w->lim->cpu_time) - w->t0_ns;
          if (el >= tlimit_ns)
            break;
          while (!by_iterations && el >= next_snap_ns && w->n_snaps < IMH_N_CHECKPOINTS)
            {
              record_snapshot (w);
              next_snap_ns += tlimit_ns / IMH_N_CHECKPOINTS;
            }
        }
      one_iteration (w, &rng);
      w->done++;
      if (w->n_nodes >= w->max_nodes || w->oom)
        {
          /* The tree cannot grow (full, or out of memory): more iterations
           * would only feed its leader with playouts from frozen leaves. */
          w->full = true;
          break;
        }
      if (w->settle && (w->done & 63) == 0)
        {
          uint64_t to_come;
          if (by_iterations)
            to_come = w->budget - w->done;
          else
            {
              /* Estimated from the rate so far, half again for safety. */
              uint64_t el = _imh_budget_clock_ns (w->lim->cpu_time) - w->t0_ns;
              uint64_t left = el < tlimit_ns ? tlimit_ns - el : 0;
              to_come = tlimit_ns == 0 ? UINT64_MAX
                        : (uint64_t) ((double) w->done * (double) left / (double) (el ? el : 1) * 1.5) + 1;
            }
          if (to_come != UINT64_MAX && root_settled (w, to_come))
            {
              w->settled = true;
              break;
            }
        }
      while (by_iterations && w->done >= next_snap_it && w->n_snaps < IMH_N_CHECKPOINTS)
        {
          record_snapshot (w);
          next_snap_it += w->budget / IMH_N_CHECKPOINTS;
          if (next_snap_it == 0)
            next_snap_it = 1;
        }
    }

  /* Root statistics by root-legal index. */
  memset (w->stats, 0, sizeof w->stats);
  for (uint32_t c = node_at (w, 0)->first_child; c != 0; c = node_at (w, c)->next_sibling)
    {
      Node *n = node_at (w, c);
      NodeStats *ns = stats_at (w, c);
      for (uint16_t i = 0; i < w->root_legal->n; i++)
        if (w->root_legal->d[i] == n->decision)
          {
            RootStat *s = &w->stats[i];
            s->visits += n->visits;
            s->avail += n->avail;
            s->sum += n->sum;
            s->sumsq += ns->sumsq;
            s->msum += ns->msum;
            s->msumsq += ns->msumsq;
            break;
          }
    }
  return NULL;
}

static double
ci95 (double sum, double sumsq, uint32_t n)
{
  if (n < 2)
    return INFINITY;
  double mean = sum / n;
  double var = (sumsq - n * mean * mean) / (n - 1);
  if (var < 0)
    var = 0;
  return 1.96 * sqrt (var / n);
}

void
_imh_candidate_fill (ImhCandidate *c, ImhDecision d, uint32_t visits, uint32_t avail,
                     double sum, double sumsq, double msum, double msumsq)
{
  c->decision = d;
  c->visits = visits;
  c->available = avail;
  c->win = visits ? sum / visits : 0.0;
  c->win_ci = ci95 (sum, sumsq, visits);
  c->margin = visits ? msum / visits : 0.0;
  c->margin_ci = ci95 (msum, msumsq, visits);
  if (isinf (c->win_ci))
    c->win_ci = 1.0;
  if (isinf (c->margin_ci))
    c->margin_ci = 0.0;
}

static int
cmp_candidates (const void *a, const void *b)
{
  const ImhCandidate *x = a, *y = b;
  if (x->visits != y->visits)
    return x->visits > y->visits ? -1 : 1;
  if (x->win != y->win)
    return x->win > y->win ? -1 : 1;
  return 0;
}

void
_imh_sort_candidates (ImhSearchResult *out)
{
  /* qsort is not stable: make ties deterministic by a final index key. */
  ImhCandidate tmp[IMH_MAX_DECISIONS];
  uint16_t order[IMH_MAX_DECISIONS];
  for (uint16_t i = 0; i < out->n; i++)
    order[i] = i;
  /* insertion sort: n <= 96, stable */
  for (uint16_t i = 1; i < out->n; i++)
    {
      uint16_t k = order[i];
      int j = i - 1;
      while (j >= 0 && cmp_candidates (&out->c[order[j]], &out->c[k]) > 0)
        {
          order[j + 1] = order[j];
          j--;
        }
      order[j + 1] = k;
    }
  for (uint16_t i = 0; i < out->n; i++)
    tmp[i] = out->c[order[i]];
  memcpy (out->c, tmp, out->n * sizeof tmp[0]);
}

bool
imh_search (const ImhState *s, const ImhSearchLimits *lim, ImhSearchResult *out)
{
  const ImhRules *r = imh_rules_of (s);
  ImhDecisionList legal;
  uint32_t threads = lim->threads ? lim->threads : 1;
  uint64_t t0 = _imh_now_ns ();

  pthread_once (&log_once, log_table_init);
  memset (out, 0, sizeof *out);
  out->actor = -1;
  if (r == NULL || r->is_over (s) || r->actor (s) < 0)
    return false;
  r->legal (s, &legal);
  if (legal.n == 0)
    return false;
  if (threads > 64)
    threads = 64;

  Worker *workers = calloc (threads, sizeof *workers);
  pthread_t *tids = calloc (threads, sizeof *tids);
  bool *started = calloc (threads, sizeof *started);
  if (workers == NULL || tids == NULL || started == NULL)
    {
      free (workers);
      free (tids);
      free (started);
      return false;
    }

  uint64_t iterations = lim->iterations;
  if (iterations == 0 && lim->time_ms == 0 && lim->stop == NULL)
    iterations = 1000;   /* no limit and no way to stop: the default budget */
  if (iterations > 0 && threads > iterations)
    threads = (uint32_t) iterations;

  uint64_t sm = lim->seed;
  for (uint32_t t = 0; t < threads; t++)
    {
      Worker *w = &workers[t];
      w->root = s;
      w->rules = r;
      w->lim = lim;
      w->root_legal = &legal;
      w->root_actor = r->actor (s);
      w->seed = imh_splitmix64 (&sm);
      w->c = lim->exploration > 0 ? lim->exploration : IMH_SEARCH_DEFAULT_C;
      w->max_nodes = lim->max_nodes ? lim->max_nodes : IMH_SEARCH_DEFAULT_MAX_NODES;
      w->t0_ns = t0;
      w->settle = lim->stop_when_settled && threads == 1;
      if (iterations > 0)
        w->budget = iterations / threads + (t < iterations % threads ? 1 : 0);
    }

  for (uint32_t t = 1; t < threads; t++)
    started[t] = pthread_create (&tids[t], NULL, worker_run, &workers[t]) == 0;
  worker_run (&workers[0]);
  for (uint32_t t = 1; t < threads; t++)
    {
      if (started[t])
        pthread_join (tids[t], NULL);
      else
        worker_run (&workers[t]);   /* no thread: same work, same result */
    }

  /* Merge. */
  out->actor = r->actor (s);
  out->threads = threads;
  out->n = legal.n;
  for (uint16_t i = 0; i < legal.n; i++)
    {
      RootStat m = { 0 };
      for (uint32_t t = 0; t < threads; t++)
        {
          RootStat *x = &workers[t].stats[i];
          m.visits += x->visits;
          m.avail += x->avail;
          m.sum += x->sum;
          m.sumsq += x->sumsq;
          m.msum += x->msum;
          m.msumsq += x->msumsq;
        }
      _imh_candidate_fill (&out->c[i], legal.d[i], m.visits, m.avail,
                           m.sum, m.sumsq, m.msum, m.msumsq);
    }
  for (uint32_t t = 0; t < threads; t++)
    {
      out->iterations += workers[t].done;
      out->nodes += workers[t].n_nodes;
      out->stopped |= workers[t].stopped;
      out->settled |= workers[t].settled;
      out->full |= workers[t].full;
    }

  /* Stability: the merged best at each checkpoint all threads reached. */
  uint32_t n_snaps = IMH_N_CHECKPOINTS;
  for (uint32_t t = 0; t < threads; t++)
    if (workers[t].n_snaps < n_snaps)
      n_snaps = workers[t].n_snaps;
  if (n_snaps > 0)
    {
      int last_best = -1;
      uint32_t changed_at = 0;
      for (uint32_t k = 0; k < n_snaps; k++)
        {
          int best = -1;
          uint32_t best_v = 0;
          for (uint16_t i = 0; i < legal.n; i++)
            {
              uint32_t v = 0;
              for (uint32_t t = 0; t < threads; t++)
                v += workers[t].snap[k][i];
              if (best < 0 || v > best_v)
                {
                  best = i;
                  best_v = v;
                }
            }
          if (best != last_best)
            {
              changed_at = k;
              last_best = best;
            }
        }
      /* Snapshot k was taken after (k+1)/64 of the search. */
      out->stable_from = (double) (changed_at + 1) / IMH_N_CHECKPOINTS;
    }

  _imh_sort_candidates (out);
  out->elapsed_ms = (uint32_t) ((_imh_now_ns () - t0) / 1000000u);

  for (uint32_t t = 0; t < threads; t++)
    worker_free (&workers[t]);
  free (workers);
  free (tids);
  free (started);
  return true;
}
