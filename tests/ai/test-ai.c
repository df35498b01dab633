/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ai.c — behaviour of the computer player (suite `ai`). */
#include <glib.h>
#include <pthread.h>
#include <string.h>
#include <unistd.h>

#include <math.h>

#include "imh-ai.h"
#include "imh-ai-private.h"

/* ---------------------------------------------------------------- */
/* Helpers                                                          */
/* ---------------------------------------------------------------- */

/* A seeded game of `kind` after `plies` random decisions (or fewer if
 * it ends first). */
static void
position (ImhState *s, ImhGameKind kind, int players, uint64_t seed, int plies)
{
  ImhOptions o;
  ImhRng rng;
  char why[128];
  imh_options_init (&o, kind, players);
  g_assert_true (imh_setup (s, &o, seed, why, sizeof why));
  imh_rng_seed (&rng, seed ^ 0xabcdef);
  for (int i = 0; i < plies && !imh_is_over (s); i++)
    {
      ImhDecision d;
      g_assert_true (imh_random_choose (s, &rng, &d));
      imh_apply (s, d);
    }
}

static gboolean
game_available (ImhGameKind kind)
{
  const ImhRules *r = imh_rules_get (kind);
  ImhOptions o;
  imh_options_init (&o, kind, kind == IMH_GAME_DUEL ? 2 : 4);
  return r != NULL && r->options_valid != NULL && r->options_valid (&o, NULL, 0)
         && r->legal != NULL && r->determinize != NULL;
}

static const ImhGameKind games[] = { IMH_GAME_DUEL, IMH_GAME_CLASSIC };
static const char *const game_names[] = { "duel", "classic" };

#define SKIP_IF_MISSING(kind) \
  do { \
    if (!game_available (kind)) \
      { \
        g_test_skip ("this game's engine is not built yet"); \
        return; \
      } \
  } while (0)

static void
assert_same_result (const ImhSearchResult *a, const ImhSearchResult *b)
{
  g_assert_cmpint (a->actor, ==, b->actor);
  g_assert_cmpuint (a->n, ==, b->n);
  g_assert_cmpuint (a->iterations, ==, b->iterations);
  for (uint16_t i = 0; i < a->n; i++)
    {
      g_assert_cmpuint (a->c[i].decision, ==, b->c[i].decision);
      g_assert_cmpuint (a->c[i].visits, ==, b->c[i].visits);
      g_assert_cmpfloat (a->c[i].win, ==, b->c[i].win);
      g_assert_cmpfloat (a->c[i].margin, ==, b->c[i].margin);
    }
}

/* ---------------------------------------------------------------- */
/* Values                                                           */
/* ---------------------------------------------------------------- */

static void
test_values (void)
{
  ImhScore sc = { 0 };
  double v[IMH_MAX_PLAYERS];

  sc.n_players = 2;
  sc.total[0] = 10;
  sc.total[1] = 12;
  sc.rank[0] = 1;
  sc.rank[1] = 0;
  imh_score_values (&sc, v);
  g_assert_cmpfloat (v[0], ==, 0.0);
  g_assert_cmpfloat (v[1], ==, 1.0);
  g_assert_cmpint (imh_score_margin (&sc, 0), ==, -2);
  g_assert_cmpint (imh_score_margin (&sc, 1), ==, 2);

  /* A tie the tie-break decided: ranks decide, not totals. */
  sc.total[0] = 12;
  sc.rank[0] = 0;
  sc.rank[1] = 1;
  imh_score_values (&sc, v);
  g_assert_cmpfloat (v[0], ==, 1.0);
  g_assert_cmpfloat (v[1], ==, 0.0);

  /* Four players, two share first place: they split places 0 and 1. */
  sc.n_players = 4;
  sc.rank[0] = 0;
  sc.rank[1] = 0;
  sc.rank[2] = 2;
  sc.rank[3] = 3;
  imh_score_values (&sc, v);
  g_assert_cmpfloat_with_epsilon (v[0], 2.5 / 3, 1e-12);
  g_assert_cmpfloat_with_epsilon (v[1], 2.5 / 3, 1e-12);
  g_assert_cmpfloat_with_epsilon (v[2], 1.0 / 3, 1e-12);
  g_assert_cmpfloat (v[3], ==, 0.0);

  /* Dense ranking of the same outcome gives the same values. */
  sc.rank[2] = 1;
  sc.rank[3] = 2;
  imh_score_values (&sc, v);
  g_assert_cmpfloat_with_epsilon (v[0], 2.5 / 3, 1e-12);
  g_assert_cmpfloat_with_epsilon (v[2], 1.0 / 3, 1e-12);
  g_assert_cmpfloat (v[3], ==, 0.0);
}

static void
test_levels_by_name (void)
{
  const char *names[] = { "beginner", "casual", "strong", "expert", "random", "greedy", "flat" };
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      const ImhPlayerSpec *s = imh_level_from_name (names[i]);
      g_assert_nonnull (s);
      g_assert_cmpstr (s->name, ==, names[i]);
      g_assert_true (s == imh_level_get ((ImhLevel) i));
      g_assert_cmpstr (imh_level_name ((ImhLevel) i), ==, names[i]);
    }
  g_assert_null (imh_level_from_name ("grandmaster"));
  g_assert_null (imh_level_from_name (NULL));
  g_assert_null (imh_level_get (IMH_N_LEVELS));
  /* Stronger levels search more. */
  for (int l = IMH_LEVEL_BEGINNER; l < IMH_LEVEL_EXPERT; l++)
    g_assert_cmpuint (imh_level_get ((ImhLevel) l)->iterations, <,
                      imh_level_get ((ImhLevel) (l + 1))->iterations);
}

/* ---------------------------------------------------------------- */
/* Search                                                           */
/* ---------------------------------------------------------------- */

static void
test_determinism (gconstpointer data)
{
  ImhGameKind kind = games[GPOINTER_TO_INT (data)];
  SKIP_IF_MISSING (kind);
  ImhState s;
  ImhSearchLimits lim;
  ImhSearchResult *a = g_new0 (ImhSearchResult, 1), *b = g_new0 (ImhSearchResult, 1);

  for (uint32_t threads = 1; threads <= 2; threads++)
    for (int k = 0; k < 3; k++)
      {
        position (&s, kind, kind == IMH_GAME_DUEL ? 2 : 3, 100 + k, 7 * k);
        imh_search_limits_init (&lim);
        lim.iterations = 600;
        lim.threads = threads;
        lim.seed = 42 + k;
        g_assert_true (imh_search (&s, &lim, a));
        g_assert_true (imh_search (&s, &lim, b));
        g_assert_cmpuint (a->iterations, ==, 600);
        g_assert_cmpuint (a->threads, ==, threads);
        assert_same_result (a, b);
        uint32_t visits = 0;
        for (uint16_t i = 0; i < a->n; i++)
          visits += a->c[i].visits;
        g_assert_cmpuint (visits, ==, 600);
        /* Another seed searches differently (same legal decisions). */
        lim.seed++;
        g_assert_true (imh_search (&s, &lim, b));
        g_assert_cmpuint (a->n, ==, b->n);
      }
  g_free (a);
  g_free (b);
}

static void
test_no_peeking (gconstpointer data)
{
  ImhGameKind kind = games[GPOINTER_TO_INT (data)];
  SKIP_IF_MISSING (kind);
  const ImhRules *r = imh_rules_get (kind);
  ImhState s, x, y;
  ImhSearchLimits lim;
  ImhSearchResult *a = g_new0 (ImhSearchResult, 1), *b = g_new0 (ImhSearchResult, 1);
  int tested = 0;

  for (int k = 0; k < 4; k++)
    {
      position (&s, kind, kind == IMH_GAME_DUEL ? 2 : 4, 200 + k, 5 * k);
      if (r->hidden_count (&s) < 2)
        continue;
      ImhRng r1, r2;
      imh_rng_seed (&r1, 1000 + k);
      imh_rng_seed (&r2, 2000 + k);
      memcpy (&x, &s, sizeof s);
      memcpy (&y, &s, sizeof s);
      r->determinize (&x, r->actor (&s), &r1);
      r->determinize (&y, r->actor (&s), &r2);
      /* Two states that differ only in what the actor cannot see. */
      if (r->hash (&x) == r->hash (&y))
        continue;
      /* The search can only be blind to the hidden order if determinize()
       * is: reshuffling both states with the same rng must give the same
       * state. If the engine shuffles the hidden objects in their current
       * order instead, the AI's choices (for a given seed) depend on that
       * order: an engine defect, reported as incomplete, not hidden. */
      {
        ImhState x2, y2;
        ImhRng q1, q2;
        memcpy (&x2, &x, sizeof x);
        memcpy (&y2, &y, sizeof y);
        imh_rng_seed (&q1, 4242);
        imh_rng_seed (&q2, 4242);
        r->determinize (&x2, r->actor (&s), &q1);
        r->determinize (&y2, r->actor (&s), &q2);
        if (r->hash (&x2) != r->hash (&y2))
          {
            g_test_incomplete ("the engine's determinize() depends on the current order of the "
                               "hidden objects (it must put them in a canonical order before "
                               "shuffling); until then the search results depend on it");
            g_free (a);
            g_free (b);
            return;
          }
      }
      for (uint32_t threads = 1; threads <= 2; threads++)
        {
          imh_search_limits_init (&lim);
          lim.iterations = 500;
          lim.threads = threads;
          lim.seed = 7;
          g_assert_true (imh_search (&x, &lim, a));
          g_assert_true (imh_search (&y, &lim, b));
          assert_same_result (a, b);
          /* The players' choices, too (greedy looks ahead on its own copy). */
          for (int l = 0; l < IMH_N_LEVELS; l++)
            {
              ImhDecision dx, dy;
              const ImhPlayerSpec *spec = imh_level_get ((ImhLevel) l);
              ImhPlayerSpec small = *spec;
              if (small.iterations > 300)
                small.iterations = 300;
              g_assert_true (imh_player_choose (&small, &x, 99, NULL, &dx));
              g_assert_true (imh_player_choose (&small, &y, 99, NULL, &dy));
              g_assert_cmpuint (dx, ==, dy);
            }
        }
      tested++;
    }
  g_assert_cmpint (tested, >=, 2);
  g_free (a);
  g_free (b);
}

static void
test_legal (gconstpointer data)
{
  ImhGameKind kind = games[GPOINTER_TO_INT (data)];
  SKIP_IF_MISSING (kind);
  ImhState s;
  ImhSearchResult *res = g_new0 (ImhSearchResult, 1);
  int checked = 0;

  /* Whole games between different players: every choice is legal. */
  for (int g = 0; g < 4; g++)
    {
      ImhOptions o;
      imh_options_init (&o, kind, kind == IMH_GAME_DUEL ? 2 : 2 + g % 3);
      g_assert_true (imh_setup (&s, &o, 300 + g, NULL, 0));
      for (int ply = 0; !imh_is_over (&s); ply++)
        {
          g_assert_cmpint (ply, <, 2000);
          ImhPlayerSpec spec = *imh_level_get ((ImhLevel) ((ply + g) % IMH_N_LEVELS));
          if (spec.iterations > 60)
            spec.iterations = 60;
          ImhDecision d;
          g_assert_true (imh_player_choose_full (&spec, &s, ply * 31 + g, NULL, &d, res));
          g_assert_true (imh_is_legal (&s, d));
          for (uint16_t i = 0; i < res->n; i++)
            g_assert_true (imh_is_legal (&s, res->c[i].decision));
          imh_apply (&s, d);
          checked++;
        }
      ImhDecision d;
      g_assert_false (imh_player_choose (imh_level_get (IMH_LEVEL_CASUAL), &s, 1, NULL, &d));
      g_assert_false (imh_search (&s, &(ImhSearchLimits) { .iterations = 10 }, res));
      g_assert_cmpint (res->actor, ==, -1);
    }
  g_assert_cmpint (checked, >, 40);
  g_free (res);
}

typedef struct {
  atomic_bool stop;
  guint       delay_us;
} StopData;

static void *
set_stop_later (void *data)
{
  StopData *sd = data;
  g_usleep (sd->delay_us);
  atomic_store (&sd->stop, true);
  return NULL;
}

static void
test_cancel (gconstpointer data)
{
  ImhGameKind kind = games[GPOINTER_TO_INT (data)];
  SKIP_IF_MISSING (kind);
  ImhState s;
  ImhSearchLimits lim;
  ImhSearchResult *res = g_new0 (ImhSearchResult, 1);
  StopData sd;
  pthread_t tid;

  position (&s, kind, kind == IMH_GAME_DUEL ? 2 : 4, 400, 3);
  for (uint32_t threads = 1; threads <= 2; threads++)
    {
      atomic_init (&sd.stop, false);
      sd.delay_us = 30000;
      imh_search_limits_init (&lim);
      lim.iterations = UINT64_C (1) << 40;   /* would take days */
      lim.threads = threads;
      lim.stop = &sd.stop;
      g_assert_cmpint (pthread_create (&tid, NULL, set_stop_later, &sd), ==, 0);
      g_assert_true (imh_search (&s, &lim, res));
      pthread_join (tid, NULL);
      g_assert_true (res->stopped);
      g_assert_cmpuint (res->iterations, <, lim.iterations);
      g_assert_cmpuint (res->n, >, 0);

      /* A player stopped early still answers with a legal decision. */
      ImhPlayerSpec spec = *imh_level_get (IMH_LEVEL_EXPERT);
      spec.iterations = UINT64_C (1) << 40;
      spec.threads = threads;
      atomic_init (&sd.stop, false);
      g_assert_cmpint (pthread_create (&tid, NULL, set_stop_later, &sd), ==, 0);
      ImhDecision d;
      g_assert_true (imh_player_choose (&spec, &s, 5, &sd.stop, &d));
      pthread_join (tid, NULL);
      g_assert_true (imh_is_legal (&s, d));
    }

  /* No limit at all: with a stop flag it runs until stopped, without
   * one it falls back to the default budget instead of running forever. */
  atomic_init (&sd.stop, false);
  imh_search_limits_init (&lim);
  lim.iterations = 0;
  lim.stop = &sd.stop;
  g_assert_cmpint (pthread_create (&tid, NULL, set_stop_later, &sd), ==, 0);
  g_assert_true (imh_search (&s, &lim, res));
  pthread_join (tid, NULL);
  g_assert_true (res->stopped);
  lim.stop = NULL;
  g_assert_true (imh_search (&s, &lim, res));
  g_assert_false (res->stopped);
  g_assert_cmpuint (res->iterations, ==, 1000);
  g_assert_true (imh_flat_search (&s, &lim, res));
  g_assert_cmpuint (res->iterations, ==, 1000);

  /* The flat baseline too. */
  atomic_init (&sd.stop, false);
  imh_search_limits_init (&lim);
  lim.iterations = UINT64_C (1) << 40;
  lim.stop = &sd.stop;
  g_assert_cmpint (pthread_create (&tid, NULL, set_stop_later, &sd), ==, 0);
  g_assert_true (imh_flat_search (&s, &lim, res));
  pthread_join (tid, NULL);
  g_assert_true (res->stopped);
  g_free (res);
}

/* Does `d` end the game at once with `p` in sole first place? */
static gboolean
wins_now (const ImhState *s, ImhDecision d, int p)
{
  ImhState t;
  ImhScore sc;
  imh_state_copy (&t, s);
  imh_apply (&t, d);
  if (!imh_is_over (&t))
    return FALSE;
  imh_score (&t, &sc);
  if (sc.rank[p] != 0)
    return FALSE;
  for (int q = 0; q < sc.n_players; q++)
    if (q != p && sc.rank[q] == 0)
      return FALSE;
  return TRUE;
}

/* After `d`, can the next player (an opponent) end the game at once
 * with `p` not first? (The test itself may look at everything.) */
static gboolean
loses_after (const ImhState *s, ImhDecision d, int p)
{
  ImhState t;
  ImhScore sc;
  ImhDecisionList legal;
  imh_state_copy (&t, s);
  imh_apply (&t, d);
  if (imh_is_over (&t))
    {
      imh_score (&t, &sc);
      return sc.rank[p] != 0;
    }
  int q = imh_actor (&t);
  if (q == p)
    return FALSE;
  imh_legal (&t, &legal);
  for (uint16_t i = 0; i < legal.n; i++)
    {
      ImhState u;
      imh_state_copy (&u, &t);
      imh_apply (&u, legal.d[i]);
      if (imh_is_over (&u))
        {
          imh_score (&u, &sc);
          if (sc.rank[p] != 0)
            return TRUE;
        }
    }
  return FALSE;
}

/* Positions from seeded games where the actor wins by one decision now
 * and every other decision lets the opponent win at once: the search
 * (and greedy) must take the win. */
static void
test_immediate_win (gconstpointer data)
{
  ImhGameKind kind = games[GPOINTER_TO_INT (data)];
  SKIP_IF_MISSING (kind);
  ImhState s;
  ImhSearchLimits lim;
  ImhSearchResult *res = g_new0 (ImhSearchResult, 1);
  ImhDecisionList legal;
  ImhRng rng;
  int found = 0;

  for (uint64_t seed = 1; seed < 400 && found < 6; seed++)
    {
      ImhOptions o;
      imh_options_init (&o, kind, 2);
      g_assert_true (imh_setup (&s, &o, 5000 + seed, NULL, 0));
      imh_rng_seed (&rng, seed);
      while (!imh_is_over (&s))
        {
          int p = imh_actor (&s);
          imh_legal (&s, &legal);
          int n_win = 0;
          gboolean others_lose = TRUE;
          for (uint16_t i = 0; i < legal.n; i++)
            {
              if (wins_now (&s, legal.d[i], p))
                n_win++;
              else if (!loses_after (&s, legal.d[i], p))
                others_lose = FALSE;
            }
          if (n_win > 0 && others_lose && n_win < legal.n)
            {
              imh_search_limits_init (&lim);
              lim.iterations = 2000;
              lim.seed = seed;
              g_assert_true (imh_search (&s, &lim, res));
              g_assert_true (wins_now (&s, res->c[0].decision, p));
              g_assert_cmpfloat (res->c[0].win, ==, 1.0);
              ImhDecision d;
              g_assert_true (imh_player_choose (imh_level_get (IMH_LEVEL_STRONG), &s, seed, NULL, &d));
              g_assert_true (wins_now (&s, d, p));
              g_assert_true (imh_player_choose (imh_level_get (IMH_LEVEL_GREEDY), &s, seed, NULL, &d));
              g_assert_true (wins_now (&s, d, p));
              found++;
              break;
            }
          ImhDecision d;
          g_assert_true (imh_greedy_choose (&s, &rng, &d));
          imh_apply (&s, d);
        }
    }
  g_test_message ("%d positions with an immediate win tested", found);
  g_assert_cmpint (found, >=, 3);
  g_free (res);
}

/* Level ordering on a small seeded set (deterministic). */
static void
test_ordering (gconstpointer data)
{
  ImhGameKind kind = games[GPOINTER_TO_INT (data)];
  SKIP_IF_MISSING (kind);
  ImhArenaConfig cfg = { 0 };
  ImhArenaResult res;
  ImhPlayerSpec strong = *imh_level_get (IMH_LEVEL_STRONG);
  char why[128];

  strong.iterations = 300;
  imh_options_init (&cfg.options, kind, 2);
  cfg.games = 12;
  cfg.seed = 77;
  cfg.threads = 2;

  /* Searching beats random play. */
  cfg.a = &strong;
  cfg.b = imh_level_get (IMH_LEVEL_RANDOM);
  g_assert_true (imh_arena_run (&cfg, &res, why, sizeof why));
  g_test_message ("300 iterations vs random: %u-%u-%u", res.wins, res.ties, res.losses);
  g_assert_cmpuint (res.games, ==, 12);
  g_assert_cmpuint (res.wins, >=, 11);

  /* Searching without noise beats the noisy beginner. */
  cfg.b = imh_level_get (IMH_LEVEL_BEGINNER);
  g_assert_true (imh_arena_run (&cfg, &res, why, sizeof why));
  g_test_message ("300 iterations vs beginner: %u-%u-%u", res.wins, res.ties, res.losses);
  g_assert_cmpuint (res.wins, >=, 11);

  /* Greedy beats random play. */
  cfg.b = imh_level_get (IMH_LEVEL_RANDOM);
  cfg.a = imh_level_get (IMH_LEVEL_GREEDY);
  g_assert_true (imh_arena_run (&cfg, &res, why, sizeof why));
  g_test_message ("greedy vs random: %u-%u-%u", res.wins, res.ties, res.losses);
  g_assert_cmpuint (res.wins, >=, 10);

  /* Results do not depend on the number of arena threads. */
  ImhArenaResult one;
  cfg.threads = 1;
  g_assert_true (imh_arena_run (&cfg, &one, why, sizeof why));
  g_assert_cmpuint (one.wins, ==, res.wins);
  g_assert_cmpuint (one.losses, ==, res.losses);
  g_assert_cmpfloat (one.margin, ==, res.margin);
}

/* ---------------------------------------------------------------- */
/* Settled choices and lone decisions                               */
/* ---------------------------------------------------------------- */

/* stop_when_settled ends a search early only when the most visited
 * decision can no longer change: the choice equals the whole budget's. */
static void
test_settled (gconstpointer data)
{
  ImhGameKind kind = games[GPOINTER_TO_INT (data)];
  SKIP_IF_MISSING (kind);
  ImhSearchResult *full = g_new (ImhSearchResult, 1), *early = g_new (ImhSearchResult, 1);
  int searched = 0, settled = 0;
  uint64_t saved = 0;

  for (uint64_t seed = 1; seed <= 40; seed++)
    {
      ImhState s;
      ImhDecisionList legal;
      position (&s, kind, kind == IMH_GAME_DUEL ? 2 : 4, seed, (int) (seed * 7 % 50));
      if (imh_is_over (&s) || imh_legal (&s, &legal) < 2)
        continue;
      ImhSearchLimits lim;
      imh_search_limits_init (&lim);
      lim.iterations = 2000;
      lim.seed = seed;
      g_assert_true (imh_search (&s, &lim, full));
      lim.stop_when_settled = true;
      g_assert_true (imh_search (&s, &lim, early));
      searched++;
      g_assert_false (full->settled);
      g_assert_cmpuint (full->iterations, ==, 2000);
      g_assert_cmpuint (early->c[0].decision, ==, full->c[0].decision);
      if (early->settled)
        {
          settled++;
          g_assert_cmpuint (early->iterations, <, 2000);
          /* Ahead of every other decision by more than what was left. */
          g_assert_cmpuint (early->c[0].visits, >,
                            early->c[1].visits + (2000 - early->iterations));
          saved += 2000 - early->iterations;
        }
      else
        g_assert_cmpuint (early->iterations, ==, 2000);

      /* Ignored with more than one thread: the whole budget runs. */
      lim.threads = 2;
      g_assert_true (imh_search (&s, &lim, early));
      g_assert_false (early->settled);
      g_assert_cmpuint (early->iterations, ==, 2000);
    }
  g_assert_cmpint (searched, >=, 20);
  /* The early end must actually happen in some of these positions. */
  g_assert_cmpint (settled, >=, 3);
  g_test_message ("%d of %d searches settled early, %" G_GUINT64_FORMAT " iterations saved",
                  settled, searched, saved);
  g_free (full);
  g_free (early);
}

/* A tree that reaches max_nodes ends the search there. */
static void
test_full_tree (gconstpointer data)
{
  ImhGameKind kind = games[GPOINTER_TO_INT (data)];
  SKIP_IF_MISSING (kind);
  ImhSearchResult *a = g_new (ImhSearchResult, 1), *b = g_new (ImhSearchResult, 1);
  ImhState s;
  ImhSearchLimits lim;

  position (&s, kind, kind == IMH_GAME_DUEL ? 2 : 4, 5, 6);
  imh_search_limits_init (&lim);
  lim.iterations = 100000;
  lim.max_nodes = 500;
  lim.seed = 3;
  g_assert_true (imh_search (&s, &lim, a));
  g_assert_true (a->full);
  g_assert_false (a->stopped);
  g_assert_cmpuint (a->nodes, ==, 500);
  /* At most one node per iteration: at least 499 iterations ran. */
  g_assert_cmpuint (a->iterations, >=, 499);
  g_assert_cmpuint (a->iterations, <, 100000);
  g_assert_true (imh_search (&s, &lim, b));
  assert_same_result (a, b);
  /* Per thread. */
  lim.threads = 2;
  g_assert_true (imh_search (&s, &lim, a));
  g_assert_true (a->full);
  g_assert_cmpuint (a->nodes, ==, 1000);
  /* A time budget ends there too (long before the 60 s). */
  lim.threads = 1;
  lim.iterations = 0;
  lim.time_ms = 60000;
  g_assert_true (imh_search (&s, &lim, a));
  g_assert_true (a->full);
  g_assert_cmpuint (a->nodes, ==, 500);
  /* A cap past the first block of nodes: the arrays grow twice (16,384,
   * 32,768, then the cap) on the way, and the search is still the same
   * every time. */
  lim.time_ms = 0;
  lim.iterations = 100000;
  lim.max_nodes = 40000;
  g_assert_true (imh_search (&s, &lim, a));
  g_assert_true (a->full);
  g_assert_cmpuint (a->nodes, ==, 40000);
  g_assert_true (imh_search (&s, &lim, b));
  assert_same_result (a, b);
  lim.max_nodes = 500;
  /* Below the cap nothing changes. */
  lim.time_ms = 0;
  lim.iterations = 300;
  g_assert_true (imh_search (&s, &lim, a));
  g_assert_false (a->full);
  g_assert_cmpuint (a->iterations, ==, 300);
  g_free (a);
  g_free (b);
}

/* Time budgets counted in the searching thread's CPU time end like
 * wall-clock ones, for ISMCTS (one and two threads), flat Monte-Carlo and
 * the players, and give an ordinary result. */
static void
test_cpu_time (gconstpointer data)
{
  ImhGameKind kind = games[GPOINTER_TO_INT (data)];
  SKIP_IF_MISSING (kind);
  ImhSearchResult *a = g_new (ImhSearchResult, 1);
  ImhState s;
  ImhSearchLimits lim;

  position (&s, kind, kind == IMH_GAME_DUEL ? 2 : 4, 7, 4);
  imh_search_limits_init (&lim);
  lim.iterations = 0;
  lim.time_ms = 20;
  lim.cpu_time = true;
  lim.seed = 5;
  for (uint32_t threads = 1; threads <= 2; threads++)
    {
      lim.threads = threads;
      g_assert_true (imh_search (&s, &lim, a));
      g_assert_cmpuint (a->threads, ==, threads);
      g_assert_cmpuint (a->iterations, >, 0);
      g_assert_false (a->stopped);
      g_assert_false (a->full);
      g_assert_true (imh_is_legal (&s, a->c[0].decision));
    }
  lim.threads = 1;
  g_assert_true (imh_flat_search (&s, &lim, a));
  g_assert_cmpuint (a->iterations, >, 0);
  g_assert_true (imh_is_legal (&s, a->c[0].decision));
  ImhPlayerSpec spec = *imh_level_get (IMH_LEVEL_EXPERT);
  spec.iterations = 0;
  spec.time_ms = 10;
  spec.cpu_time = true;
  ImhDecision d;
  g_assert_true (imh_player_choose_full (&spec, &s, 3, NULL, &d, a));
  g_assert_true (imh_is_legal (&s, d));
  g_assert_cmpuint (a->iterations, >, 0);
  g_free (a);
}

/* A lone legal decision is played without a search, by every level. */
static void
test_lone_decision (gconstpointer data)
{
  ImhGameKind kind = games[GPOINTER_TO_INT (data)];
  SKIP_IF_MISSING (kind);
  ImhState s;
  ImhDecisionList legal;
  gboolean found = FALSE;

  for (uint64_t seed = 1; seed < 200 && !found; seed++)
    {
      ImhOptions o;
      ImhRng rng;
      imh_options_init (&o, kind, kind == IMH_GAME_DUEL ? 2 : 4);
      g_assert_true (imh_setup (&s, &o, seed, NULL, 0));
      imh_rng_seed (&rng, seed);
      while (!imh_is_over (&s))
        {
          if (imh_legal (&s, &legal) == 1)
            {
              found = TRUE;
              break;
            }
          ImhDecision d;
          g_assert_true (imh_random_choose (&s, &rng, &d));
          imh_apply (&s, d);
        }
    }
  g_assert_true (found);
  ImhSearchResult *res = g_new (ImhSearchResult, 1);
  for (int level = 0; level < IMH_N_LEVELS; level++)
    {
      ImhDecision d = 0xffff;
      res->n = 7;
      g_assert_true (imh_player_choose_full (imh_level_get ((ImhLevel) level), &s, 99, NULL, &d, res));
      g_assert_cmpuint (d, ==, legal.d[0]);
      g_assert_cmpuint (res->n, ==, 0);
    }
  g_free (res);
}

/* The selection step's logarithms come from a table, exact up to 2^22 and
 * filled by blocks of 65,536 when a search first needs them (from any of
 * its threads): every value must be log() itself, to the bit, whichever
 * thread filled its block. Four threads fill the blocks at once. */
static void *
log_worker (void *data)
{
  guint first = GPOINTER_TO_UINT (data);
  for (guint n = first; n < (1u << 22); n += 4099)
    if (_imh_search_log (n) != log ((double) n))
      return GUINT_TO_POINTER (n);
  return NULL;
}

static void
test_log_table (void)
{
  pthread_t t[4];
  const guint edges[] = { 1, 2, 3, 65535, 65536, 65537, 131071, 131072, 2000000,
                          4194303, 4194304, 4194305, 100000000, G_MAXUINT32 };

  for (guint i = 0; i < G_N_ELEMENTS (t); i++)
    g_assert_cmpint (pthread_create (&t[i], NULL, log_worker, GUINT_TO_POINTER (i + 1)), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (t); i++)
    {
      void *bad = NULL;
      g_assert_cmpint (pthread_join (t[i], &bad), ==, 0);
      g_assert_cmpuint (GPOINTER_TO_UINT (bad), ==, 0);
    }
  for (guint i = 0; i < G_N_ELEMENTS (edges); i++)
    g_assert_true (_imh_search_log (edges[i]) == log ((double) edges[i]));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ai/values", test_values);
  g_test_add_func ("/ai/levels/by-name", test_levels_by_name);
  g_test_add_func ("/ai/log-table", test_log_table);
  for (int g = 0; g < 2; g++)
    {
      char path[128];
#define ADD(name, fn) \
      g_snprintf (path, sizeof path, "/ai/%s/" name, game_names[g]); \
      g_test_add_data_func (path, GINT_TO_POINTER (g), fn)
      ADD ("determinism", test_determinism);
      ADD ("no-peeking", test_no_peeking);
      ADD ("legal", test_legal);
      ADD ("cancel", test_cancel);
      ADD ("immediate-win", test_immediate_win);
      ADD ("ordering", test_ordering);
      ADD ("settled", test_settled);
      ADD ("lone-decision", test_lone_decision);
      ADD ("full-tree", test_full_tree);
      ADD ("cpu-time", test_cpu_time);
#undef ADD
    }
  return g_test_run ();
}
