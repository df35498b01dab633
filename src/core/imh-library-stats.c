/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-library-stats.c — statistics of the user's games over the stored
 * analyses: one SQL query over the user's seats and the per-seat rows of
 * their analyses (analysis_seats), summed as it is read. */
#define G_LOG_DOMAIN "imh-library"

#include "config.h"

#include <gio/gio.h>
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

/* The user's seats, one row each: ?1 a JSON array of names (compared
 * without case), ?2 the game kind or -1, ?3 since, ?4 until (0: any).
 * The analysis columns are NULL for a game without a readable analysis.
 * One pass over the rows (in the order of the players_person index)
 * gives the points and the sums of every statistic; the points are then
 * sorted by start time. The covering indexes are named: without the
 * statistics of ANALYZE the planner would read the wide rows of games. */
static const char seats_sql[] =
  "SELECT p.game_id, g.started, g.game, p.seat, g.max_level, g.finished, g.winner, p.place,"
  " a.seat, a.accuracy, a.mistakes + a.blunders, a.blunders, a.luck, a.result, a.luck_adjusted,"
  " a.n_kind0, a.loss_kind0, a.n_kind1, a.loss_kind1, a.n_kind2, a.loss_kind2, a.n_kind3, a.loss_kind3"
  " FROM players p INDEXED BY players_person JOIN games g INDEXED BY games_stats ON g.id = p.game_id"
  " LEFT JOIN analysis_seats a ON a.game_id = p.game_id AND a.seat = p.seat"
  "   AND g.analysed = " G_STRINGIFY (ANALYSED_READABLE)
  " WHERE p.name COLLATE NOCASE IN (SELECT value FROM json_each (?1)) AND p.kind = 'human'"
  " AND g.deleted_at IS NULL AND (?2 < 0 OR g.game = ?2) AND g.started >= ?3"
  " AND (?4 = 0 OR g.started < ?4)";

static int
compare_levels (gconstpointer a,
                gconstpointer b)
{
  const ImhPlayerStatsLevel *x = a, *y = b;
  return (x->level > y->level) - (x->level < y->level);
}

static int
compare_points (gconstpointer a,
                gconstpointer b)
{
  const ImhPlayerStatsPoint *x = a, *y = b;

  if (x->started != y->started)
    return x->started < y->started ? -1 : 1;
  if (x->game_id != y->game_id)
    return x->game_id < y->game_id ? -1 : 1;
  return (x->seat > y->seat) - (x->seat < y->seat);
}

static void
count_result (ImhPlayerStats *s,
              int             level,
              int             winner,
              int             seat,
              int             place)
{
  ImhPlayerStatsLevel *l = NULL;

  for (guint i = 0; i < s->levels->len && l == NULL; i++)
    if (g_array_index (s->levels, ImhPlayerStatsLevel, i).level == level)
      l = &g_array_index (s->levels, ImhPlayerStatsLevel, i);
  if (l == NULL)
    {
      ImhPlayerStatsLevel nl = { level, 0, 0, 0, 0 };
      g_array_append_val (s->levels, nl);
      l = &g_array_index (s->levels, ImhPlayerStatsLevel, s->levels->len - 1);
    }
  l->games++;
  if (winner == seat)
    l->wins++;
  else if (winner < 0 && place == 1)
    l->draws++;
  else
    l->losses++;
}

static int
read_seats (sqlite3_stmt   *stmt,
            ImhPlayerStats *s)
{
  double total_accuracy = 0, total_mistakes = 0, total_luck = 0, total_result = 0, total_adjusted = 0;
  double n_kind[2][IMH_DECISION_N_GROUPS] = { { 0 } }, loss_kind[2][IMH_DECISION_N_GROUPS] = { { 0 } };
  int rc;

  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      int game = CLAMP (sqlite3_column_int (stmt, 2), 0, 1);
      ImhPlayerStatsPoint p;

      s->n_games++;
      if (sqlite3_column_int (stmt, 5))
        {
          s->n_finished++;
          count_result (s, sqlite3_column_int (stmt, 4), sqlite3_column_int (stmt, 6),
                        sqlite3_column_int (stmt, 3), sqlite3_column_int (stmt, 7));
        }
      if (sqlite3_column_type (stmt, 8) == SQLITE_NULL)
        continue;

      s->n_analysed++;
      p = (ImhPlayerStatsPoint) {
        .game_id = sqlite3_column_int64 (stmt, 0),
        .started = sqlite3_column_int64 (stmt, 1),
        .game = game,
        .seat = (guint) sqlite3_column_int (stmt, 3),
        .accuracy = sqlite3_column_double (stmt, 9),
        .mistakes = (guint) sqlite3_column_int (stmt, 10),
        .blunders = (guint) sqlite3_column_int (stmt, 11),
        .luck = sqlite3_column_double (stmt, 12),
        .has_result = sqlite3_column_type (stmt, 13) != SQLITE_NULL,
        .result = sqlite3_column_double (stmt, 13),
        .luck_adjusted = sqlite3_column_double (stmt, 14),
      };
      g_array_append_val (s->points, p);
      total_accuracy += p.accuracy;
      total_mistakes += p.mistakes;
      total_luck += p.luck;
      if (p.has_result)
        {
          s->n_results++;
          total_result += p.result;
          total_adjusted += p.luck_adjusted;
        }
      for (guint g = 0; g < IMH_DECISION_N_GROUPS; g++)
        {
          n_kind[game][g] += sqlite3_column_int (stmt, 15 + 2 * (int) g);
          loss_kind[game][g] += sqlite3_column_double (stmt, 16 + 2 * (int) g);
        }
    }

  g_array_sort (s->levels, compare_levels);
  g_array_sort (s->points, compare_points);
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

  c = _imh_library_read_conn (library);
  ok = _imh_library_conn_exec (c, "BEGIN", error);
  if (ok && (stmt = _imh_library_conn_stmt (c, seats_sql, error)) != NULL)
    {
      _imh_library_bind_text (stmt, 1, names);
      sqlite3_bind_int (stmt, 2, query->game);
      sqlite3_bind_int64 (stmt, 3, query->since);
      sqlite3_bind_int64 (stmt, 4, query->until);
      rc = read_seats (stmt, s);
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

typedef struct {
  GStrv               names;
  ImhPlayerStatsQuery query;
} StatsData;

static void
stats_data_free (StatsData *d)
{
  g_strfreev (d->names);
  g_free (d);
}

static void
stats_thread (GTask        *task,
              gpointer      source,
              gpointer      task_data,
              GCancellable *cancellable)
{
  StatsData *d = task_data;
  GError *error = NULL;
  ImhPlayerStats *st = imh_library_get_player_stats (source, &d->query, &error);

  if (st == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, st, (GDestroyNotify) imh_player_stats_free);
}

void
imh_library_get_player_stats_async (ImhLibrary                *library,
                                    const ImhPlayerStatsQuery *query,
                                    GCancellable              *cancellable,
                                    GAsyncReadyCallback        callback,
                                    gpointer                   user_data)
{
  g_autoptr(GTask) task = NULL;
  StatsData *d;

  g_return_if_fail (IMH_IS_LIBRARY (library));
  g_return_if_fail (query != NULL);

  task = g_task_new (library, cancellable, callback, user_data);
  g_task_set_source_tag (task, imh_library_get_player_stats_async);
  d = g_new0 (StatsData, 1);
  d->names = g_strdupv ((char **) query->names);
  d->query = *query;
  d->query.names = (const char * const *) d->names;
  g_task_set_task_data (task, d, (GDestroyNotify) stats_data_free);
  g_task_run_in_thread (task, stats_thread);
}

ImhPlayerStats *
imh_library_get_player_stats_finish (ImhLibrary    *library,
                                     GAsyncResult  *result,
                                     GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, library), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
