/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bench-practice-stats.c — the statistics page's data over a large
 * library: imh_library_get_player_stats() for the user's name, both games
 * and one, all time and the last year.
 *
 *   bench-practice-stats [GAMES]   (default 100000)
 *
 * The library is made directly in SQL (no records are replayed): GAMES
 * games, 7 in 10 Duels, two seats each, the user "Ada" (a person) in
 * every game against a computer of a level from 0 to 4 or a person, every
 * game analysed (an analysis_seats row per seat with made-up values),
 * starts spread over 2020–2026. Prints the mean, median and worst wall
 * time of 9 runs per query in ms, and the CPU time of the process over
 * the same runs. Figures go to docs/performance.md (target: 200 ms).
 */
#define G_LOG_DOMAIN "bench-practice-stats"

#include "config.h"

#include <glib/gstdio.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "imh-library-stats.h"

static double
cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

static const char fill_sql[] =
  "BEGIN;"
  "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)"
  " INSERT INTO games (id, record_hash, game, n_players, sides, variants, seed, players, started, ended,"
  "  finished, winner, result, scores, length, turns, max_level, analysed, n_blunders, added, modified)"
  " SELECT i, printf ('%064d', i), CASE WHEN i % 10 < 7 THEN 0 ELSE 1 END, 2, 'AAAA', 0, i,"
  "  'Ada – Opponent', 1577836800 + i * (220000000 / ?1), 1577836800 + i * (220000000 / ?1) + 1800,"
  "  1, CASE WHEN i % 7 = 0 THEN -1 ELSE i % 2 END, '1 2', '30 : 25', 70, 35,"
  "  CASE WHEN i % 6 = 5 THEN -1 ELSE i % 5 END, 1, i % 3, 0, 0 FROM n;"
  "INSERT INTO players (game_id, seat, name, kind, level, score, place)"
  " SELECT id, 0, 'Ada', 'human', -1, 30, CASE WHEN winner = 0 OR winner = -1 THEN 1 ELSE 2 END FROM games;"
  "INSERT INTO players (game_id, seat, name, kind, level, score, place)"
  " SELECT id, 1, 'Opponent ' || (id % 50), CASE WHEN max_level < 0 THEN 'human' ELSE 'computer:casual' END,"
  "  max_level, 25, CASE WHEN winner = 1 OR winner = -1 THEN 1 ELSE 2 END FROM games;"
  "INSERT INTO analysis_seats SELECT game_id, seat, 35, 60 + abs (random ()) % 40, abs (random ()) % 300,"
  "  abs (random ()) % 5, abs (random ()) % 4, abs (random ()) % 3, (abs (random ()) % 200) / 10.0 - 10,"
  "  CASE WHEN place = 1 THEN 1.0 ELSE 0.0 END, CASE WHEN place = 1 THEN 0.95 ELSE 0.05 END,"
  "  20, abs (random ()) % 100, 8, abs (random ()) % 80, 5, abs (random ()) % 50, 2, abs (random ()) % 20"
  " FROM players WHERE kind = 'human';"
  "COMMIT;";

static void
measure (ImhLibrary *lib, const char *label, const ImhPlayerStatsQuery *q)
{
  double wall[9], cpu0 = cpu_ms (), sum = 0, worst = 0;
  guint n_points = 0;

  for (guint i = 0; i < G_N_ELEMENTS (wall); i++)
    {
      g_autoptr(GError) error = NULL;
      gint64 t0 = g_get_monotonic_time ();
      g_autoptr(ImhPlayerStats) st = imh_library_get_player_stats (lib, q, &error);

      g_assert_no_error (error);
      wall[i] = (g_get_monotonic_time () - t0) / 1000.0;
      n_points = st->points->len;
      sum += wall[i];
      worst = MAX (worst, wall[i]);
    }
  for (guint i = 1; i < G_N_ELEMENTS (wall); i++)
    for (guint j = i; j > 0 && wall[j] < wall[j - 1]; j--)
      {
        double t = wall[j];
        wall[j] = wall[j - 1];
        wall[j - 1] = t;
      }
  printf ("%-28s points %6u  wall mean %6.1f median %6.1f worst %6.1f ms  cpu mean %6.1f ms\n", label, n_points,
          sum / G_N_ELEMENTS (wall), wall[G_N_ELEMENTS (wall) / 2], worst,
          (cpu_ms () - cpu0) / G_N_ELEMENTS (wall));
}

int
main (int argc, char **argv)
{
  g_autofree char *dir = g_dir_make_tmp ("bench-practice-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "library.sqlite3", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhLibrary) lib = NULL;
  gint64 n_games = argc > 1 ? g_ascii_strtoll (argv[1], NULL, 10) : 100000;
  const char *names[] = { "Ada", NULL };
  ImhPlayerStatsQuery q = { names, -1, 0, 0 };
  sqlite3 *db;
  sqlite3_stmt *stmt;
  const char *tail;
  gint64 t0;

  /* The schema, then the rows. */
  lib = imh_library_open (path, &error);
  g_assert_no_error (error);
  g_clear_object (&lib);
  t0 = g_get_monotonic_time ();
  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  for (const char *sql = fill_sql; *sql != '\0'; sql = tail)
    {
      if (sqlite3_prepare_v2 (db, sql, -1, &stmt, &tail) != SQLITE_OK)
        g_error ("%s", sqlite3_errmsg (db));
      if (stmt == NULL)
        break;
      if (sqlite3_bind_parameter_count (stmt) > 0)
        sqlite3_bind_int64 (stmt, 1, n_games);
      g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_DONE);
      sqlite3_finalize (stmt);
    }
  sqlite3_close (db);
  printf ("%" G_GINT64_FORMAT " games made in %.1f s\n", n_games, (g_get_monotonic_time () - t0) / 1e6);

  lib = imh_library_open (path, &error);
  g_assert_no_error (error);
  measure (lib, "both games, all time", &q);
  q.game = 0;
  measure (lib, "Duel, all time", &q);
  q.game = -1;
  q.since = 1577836800 + 220000000 - 365 * 86400;
  measure (lib, "both games, last year", &q);
  g_clear_object (&lib);

  {
    const char *suffix[] = { "", "-wal", "-shm" };
    for (guint i = 0; i < G_N_ELEMENTS (suffix); i++)
      {
        g_autofree char *p = g_strconcat (path, suffix[i], NULL);
        g_unlink (p);
      }
    g_rmdir (dir);
  }
  return 0;
}
