/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-library-stats.c — statistics of the user's games over the stored
 * analyses: two SQL queries, one that aggregates by game kind and
 * opponent level, one that lists the analysed games (the plots). */
#define G_LOG_DOMAIN "imh-library"

#include "config.h"

#include <json-glib/json-glib.h>

#include "imh-library-private.h"
#include "imh-library-stats.h"

void
imh_player_stats_free (ImhPlayerStats *stats)
{
  if (stats == NULL)
    return;
  g_clear_pointer (&stats->levels, g_array_unref);
  g_clear_pointer (&stats->points, g_array_unref);
  g_clear_pointer (&stats->groups, g_array_unref);
  g_free (stats);
}

/* The user's seats: ?1 a JSON array of names (compared without case),
 * ?2 the game kind or -1, ?3 since, ?4 until (0: any). */
#define USER_SEATS \
  " FROM players p JOIN games g ON g.id = p.game_id" \
  " LEFT JOIN analysis_seats a ON a.game_id = p.game_id AND a.seat = p.seat" \
  "   AND g.analysed = " G_STRINGIFY (ANALYSED_READABLE) \
  " WHERE p.name COLLATE NOCASE IN (SELECT value FROM json_each (?1)) AND p.kind = 'human'" \
  " AND g.deleted_at IS NULL AND (?2 < 0 OR g.game = ?2) AND g.started >= ?3" \
  " AND (?4 = 0 OR g.started < ?4)"

static const char aggregate_sql[] =
  "SELECT g.game, g.max_level, count(*), sum (g.finished), count (a.seat),"
  " sum (g.finished AND g.winner = p.seat),"
  " sum (g.finished AND g.winner < 0 AND p.place = 1),"
  " sum (g.finished AND coalesce (p.place, 0) <> 1),"
  " total (a.accuracy), total (a.mistakes + a.blunders), total (a.luck),"
  " count (a.result), total (a.result), total (a.luck_adjusted),"
  " total (a.n_kind0), total (a.loss_kind0), total (a.n_kind1), total (a.loss_kind1),"
  " total (a.n_kind2), total (a.loss_kind2), total (a.n_kind3), total (a.loss_kind3)"
  USER_SEATS
  " GROUP BY g.game, g.max_level ORDER BY g.game, g.max_level";

static const char points_sql[] =
  "SELECT p.game_id, g.started, g.game, p.seat, a.accuracy, a.mistakes + a.blunders, a.blunders,"
  " a.luck, a.result, a.luck_adjusted"
  USER_SEATS
  " AND a.seat IS NOT NULL ORDER BY g.started, p.game_id";

static void
bind_query (sqlite3_stmt              *stmt,
            const char                *names,
            const ImhPlayerStatsQuery *query)
{
  _imh_library_bind_text (stmt, 1, names);
  sqlite3_bind_int (stmt, 2, query->game);
  sqlite3_bind_int64 (stmt, 3, query->since);
  sqlite3_bind_int64 (stmt, 4, query->until);
}

static int
compare_levels (gconstpointer a,
                gconstpointer b)
{
  const ImhPlayerStatsLevel *x = a, *y = b;
  return (x->level > y->level) - (x->level < y->level);
}

static int
read_aggregates (sqlite3_stmt   *stmt,
                 ImhPlayerStats *s)
{
  double total_accuracy = 0, total_mistakes = 0, total_luck = 0, total_result = 0, total_adjusted = 0;
  double n_kind[2][IMH_DECISION_N_GROUPS] = { { 0 } }, loss_kind[2][IMH_DECISION_N_GROUPS] = { { 0 } };
  int rc;

  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      int game = CLAMP (sqlite3_column_int (stmt, 0), 0, 1);
      int level = sqlite3_column_int (stmt, 1);
      ImhPlayerStatsLevel *l = NULL;

      s->n_games += (guint) sqlite3_column_int (stmt, 2);
      s->n_finished += (guint) sqlite3_column_int (stmt, 3);
      s->n_analysed += (guint) sqlite3_column_int (stmt, 4);
      if (sqlite3_column_int (stmt, 3) > 0)
        {
          for (guint i = 0; i < s->levels->len; i++)
            if (g_array_index (s->levels, ImhPlayerStatsLevel, i).level == level)
              l = &g_array_index (s->levels, ImhPlayerStatsLevel, i);
          if (l == NULL)
            {
              ImhPlayerStatsLevel nl = { level, 0, 0, 0, 0 };
              g_array_append_val (s->levels, nl);
              l = &g_array_index (s->levels, ImhPlayerStatsLevel, s->levels->len - 1);
            }
          l->games += (guint) sqlite3_column_int (stmt, 3);
          l->wins += (guint) sqlite3_column_int (stmt, 5);
          l->draws += (guint) sqlite3_column_int (stmt, 6);
          l->losses += (guint) sqlite3_column_int (stmt, 7);
        }
      total_accuracy += sqlite3_column_double (stmt, 8);
      total_mistakes += sqlite3_column_double (stmt, 9);
      total_luck += sqlite3_column_double (stmt, 10);
      s->n_results += (guint) sqlite3_column_int (stmt, 11);
      total_result += sqlite3_column_double (stmt, 12);
      total_adjusted += sqlite3_column_double (stmt, 13);
      for (guint g = 0; g < IMH_DECISION_N_GROUPS; g++)
        {
          n_kind[game][g] += sqlite3_column_double (stmt, 14 + 2 * (int) g);
          loss_kind[game][g] += sqlite3_column_double (stmt, 15 + 2 * (int) g);
        }
    }
  g_array_sort (s->levels, compare_levels);
  if (s->n_analysed > 0)
    {
      s->mean_accuracy = total_accuracy / s->n_analysed;
      s->mistakes_per_game = total_mistakes / s->n_analysed;
      s->mean_luck = total_luck / s->n_analysed;
    }
  if (s->n_results > 0)
    {
      s->mean_result = total_result / s->n_results;
      s->mean_luck_adjusted = total_adjusted / s->n_results;
    }
  for (int game = 0; game < 2; game++)
    for (guint g = 0; g < imh_decision_n_groups ((ImhGameKind) game); g++)
      if (n_kind[game][g] > 0)
        {
          ImhPlayerStatsGroup pg = { game, g, (guint64) n_kind[game][g],
                                     loss_kind[game][g] / n_kind[game][g] };
          g_array_append_val (s->groups, pg);
        }
  return rc;
}

static int
read_points (sqlite3_stmt   *stmt,
             ImhPlayerStats *s)
{
  int rc;

  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      ImhPlayerStatsPoint p = {
        .game_id = sqlite3_column_int64 (stmt, 0),
        .started = sqlite3_column_int64 (stmt, 1),
        .game = sqlite3_column_int (stmt, 2),
        .seat = (guint) sqlite3_column_int (stmt, 3),
        .accuracy = sqlite3_column_double (stmt, 4),
        .mistakes = (guint) sqlite3_column_int (stmt, 5),
        .blunders = (guint) sqlite3_column_int (stmt, 6),
        .luck = sqlite3_column_double (stmt, 7),
        .has_result = sqlite3_column_type (stmt, 8) != SQLITE_NULL,
        .result = sqlite3_column_double (stmt, 8),
        .luck_adjusted = sqlite3_column_double (stmt, 9),
      };
      g_array_append_val (s->points, p);
    }
  return rc;
}

ImhPlayerStats *
imh_library_get_player_stats (ImhLibrary                *library,
                              const ImhPlayerStatsQuery *query,
                              GError                   **error)
{
  g_autoptr(ImhPlayerStats) s = g_new0 (ImhPlayerStats, 1);
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *names = NULL;
  sqlite3_stmt *stmt;
  gboolean ok;
  Conn *c;
  int rc;

  g_return_val_if_fail (IMH_IS_LIBRARY (library), NULL);
  g_return_val_if_fail (query != NULL, NULL);

  json_builder_begin_array (b);
  for (guint i = 0; query->names != NULL && query->names[i] != NULL; i++)
    json_builder_add_string_value (b, query->names[i]);
  json_builder_end_array (b);
  root = json_builder_get_root (b);
  json_generator_set_root (gen, root);
  names = json_generator_to_data (gen, NULL);

  s->levels = g_array_new (FALSE, TRUE, sizeof (ImhPlayerStatsLevel));
  s->points = g_array_new (FALSE, TRUE, sizeof (ImhPlayerStatsPoint));
  s->groups = g_array_new (FALSE, TRUE, sizeof (ImhPlayerStatsGroup));

  /* Both queries in one read transaction: the same snapshot. */
  c = _imh_library_read_conn (library);
  ok = _imh_library_conn_exec (c, "BEGIN", error);
  if (ok && (stmt = _imh_library_conn_stmt (c, aggregate_sql, error)) != NULL)
    {
      bind_query (stmt, names, query);
      rc = read_aggregates (stmt, s);
      sqlite3_reset (stmt);
      if (rc != SQLITE_DONE)
        ok = _imh_library_sql_error (error, c->db, rc);
    }
  else
    ok = FALSE;
  if (ok && (stmt = _imh_library_conn_stmt (c, points_sql, error)) != NULL)
    {
      bind_query (stmt, names, query);
      rc = read_points (stmt, s);
      sqlite3_reset (stmt);
      if (rc != SQLITE_DONE)
        ok = _imh_library_sql_error (error, c->db, rc);
    }
  else
    ok = FALSE;
  ok = _imh_library_end_read (c, ok, error);
  _imh_library_conn_unlock (c);
  return ok ? g_steal_pointer (&s) : NULL;
}
