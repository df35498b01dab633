/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bench-classic-ai.c — how long the computer takes in the base game, as
 * the app asks it (through ImhGame, its worker threads and the main loop):
 *
 *  1. a computer seat at the default level: whole games of 2, 3 and 4
 *     computer seats (pace 0), the time from one decision applied to the
 *     next, i.e. the computer's answer as the user waits for it;
 *  2. the default hint (imh_game_hint_async with the default budget, on as
 *     many threads as the app uses): positions every few plies of a
 *     seeded random game of 2, 3 and 4 players.
 *
 *   bench-classic-ai [GAMES] [HINTS]   (defaults 2 and 12: games per player
 *                                       count, hint positions per game)
 *
 * Prints mean, median, 95th percentile and worst, in ms, of the wall time
 * and of the process's CPU time (all threads): on a machine shared with
 * other work the wall time is what the user waits, the CPU time what the
 * search costs (on idle cores the hint's wall time is about its CPU time
 * over the threads it uses). Figures go to docs/performance.md (targets:
 * 1 s for either).
 */
#define G_LOG_DOMAIN "bench-classic-ai"

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "imh-game.h"
#include "imh-hint.h"
#include "imh-seat.h"

/* The process's CPU time, all threads, in ms. */
static double
cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

static int
compare_double (gconstpointer a,
                gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static void
report_one (const char *what,
            const char *clock,
            GArray     *ms)
{
  double sum = 0;

  g_array_sort (ms, compare_double);
  for (guint i = 0; i < ms->len; i++)
    sum += g_array_index (ms, double, i);
  printf ("%-44s %-4s n=%4u  mean %8.1f  median %8.1f  p95 %8.1f  max %8.1f ms\n", what, clock,
          ms->len, ms->len ? sum / ms->len : 0,
          ms->len ? g_array_index (ms, double, ms->len / 2) : 0,
          ms->len ? g_array_index (ms, double, (ms->len * 95) / 100) : 0,
          ms->len ? g_array_index (ms, double, ms->len - 1) : 0);
}

static void
report (const char *what,
        GArray     *wall,
        GArray     *cpu)
{
  report_one (what, "wall", wall);
  report_one (what, "cpu", cpu);
  fflush (stdout);
}

static ImhGame *
new_game (guint   n_players,
          guint64 seed)
{
  g_autoptr(GError) error = NULL;
  ImhOptions options;
  ImhGame *game;

  imh_options_init (&options, IMH_GAME_CLASSIC, (int) n_players);
  game = imh_game_new (&options, seed, &error);
  g_assert_no_error (error);
  imh_game_set_pace (game, 0);
  return game;
}

/* ---- The computer seat ---------------------------------------------------------- */

typedef struct {
  GArray *wall;
  GArray *cpu;
  gint64  last;
  double  last_cpu;
} Answers;

static void
on_live_ply (ImhGame    *game,
             GParamSpec *pspec,
             Answers    *a)
{
  gint64 now = g_get_monotonic_time ();
  double cpu = cpu_ms ();
  double ms = (now - a->last) / 1000.0;
  double cpu_used = cpu - a->last_cpu;

  g_array_append_val (a->wall, ms);
  g_array_append_val (a->cpu, cpu_used);
  a->last = now;
  a->last_cpu = cpu;
}

static void
bench_computer (guint n_players,
                guint n_games)
{
  g_autoptr(GArray) wall = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) cpu = g_array_new (FALSE, FALSE, sizeof (double));
  g_autofree char *what = g_strdup_printf ("computer (%s), %u players, per decision",
                                           IMH_SEAT_DEFAULT_LEVEL, n_players);

  for (guint g = 0; g < n_games; g++)
    {
      g_autoptr(ImhGame) game = new_game (n_players, 5000 + 10 * n_players + g);
      Answers a = { wall, cpu, 0, 0 };

      g_signal_connect (game, "notify::live-ply", G_CALLBACK (on_live_ply), &a);
      for (guint p = 0; p < n_players; p++)
        {
          imh_seat_set_level (imh_game_get_seat (game, p), IMH_SEAT_DEFAULT_LEVEL);
          imh_seat_set_kind (imh_game_get_seat (game, p), IMH_SEAT_COMPUTER);
        }
      a.last = g_get_monotonic_time ();
      a.last_cpu = cpu_ms ();
      imh_game_resume_computer (game);
      while (!imh_game_get_is_over (game))
        g_main_context_iteration (NULL, TRUE);
      g_signal_handlers_disconnect_by_func (game, on_live_ply, &a);
    }
  report (what, wall, cpu);
}

/* ---- The hint ------------------------------------------------------------------- */

typedef struct {
  gboolean done;
  double   ms;
  double   cpu;
  gint64   start;
  double   start_cpu;
} HintWait;

static void
on_hint (GObject      *source,
         GAsyncResult *result,
         gpointer      data)
{
  HintWait *w = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GListModel) hints = imh_game_hint_finish (IMH_GAME (source), result, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (hints), >, 0);
  w->ms = (g_get_monotonic_time () - w->start) / 1000.0;
  w->cpu = cpu_ms () - w->start_cpu;
  w->done = TRUE;
}

static void
bench_hint (guint n_players,
            guint n_positions)
{
  g_autoptr(GArray) wall = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) cpu = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(ImhGame) game = new_game (n_players, 7000 + n_players);
  g_autoptr(GRand) rand = g_rand_new_with_seed (7000 + n_players);
  g_autofree char *what = NULL;
  guint n;

  what = g_strdup_printf ("hint (%" G_GUINT64_FORMAT " iterations), %u players",
                          imh_hint_default_iterations (IMH_GAME_CLASSIC), n_players);
  while (!imh_game_get_is_over (game))
    {
      ImhDecisionList legal;

      imh_game_get_legal (game, &legal);
      g_assert_true (imh_game_apply (game, legal.d[g_rand_int_range (rand, 0, legal.n)],
                                     IMH_BRANCH_TRUNCATE, NULL));
    }
  n = imh_game_get_live_ply (game);
  for (guint i = 0; i < n_positions; i++)
    {
      HintWait w = { FALSE, 0, 0, g_get_monotonic_time (), cpu_ms () };
      guint ply = (guint) ((guint64) n * i / n_positions);

      imh_game_hint_async (game, ply, 0, NULL, on_hint, &w);
      while (!w.done)
        g_main_context_iteration (NULL, TRUE);
      g_array_append_val (wall, w.ms);
      g_array_append_val (cpu, w.cpu);
    }
  report (what, wall, cpu);
}

int
main (int   argc,
      char *argv[])
{
  guint games = argc > 1 ? (guint) atoi (argv[1]) : 2;
  guint hints = argc > 2 ? (guint) atoi (argv[2]) : 12;

  printf ("bench-classic-ai: %u processors, "
#ifdef NDEBUG
          "NDEBUG"
#else
          "invariants checked (no NDEBUG)"
#endif
          "\n", g_get_num_processors ());
  for (guint n = 2; n <= 4; n++)
    bench_computer (n, games);
  for (guint n = 2; n <= 4; n++)
    bench_hint (n, hints);
  return 0;
}
