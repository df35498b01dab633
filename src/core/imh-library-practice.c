/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-library-practice.c — the game library: the rows practice and the
 * statistics read, derived from each stored analysis (analysis_seats,
 * exercises). */
#define G_LOG_DOMAIN "imh-library"

#include "config.h"

#include <string.h>

#include "imh-analysis-private.h"
#include "imh-exercise.h"
#include "imh-library-private.h"
#include "imh-record.h"

/* Julian day of a Unix time, in local time. */
static guint32
julian_of_unix (gint64 t)
{
  g_autoptr(GDateTime) dt = g_date_time_new_from_unix_local (t);
  GDate d;

  if (dt == NULL)
    return 1;
  g_date_clear (&d, 1);
  g_date_set_dmy (&d, g_date_time_get_day_of_month (dt), g_date_time_get_month (dt),
                  g_date_time_get_year (dt));
  return g_date_get_julian (&d);
}

static void
append_double (GString    *s,
               const char *name,
               double      v)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  g_string_append_printf (s, "\"%s\":%s", name, g_ascii_formatd (buf, sizeof buf, "%.6f", v));
}

/* The analysed decisions of a ply, best first, as JSON (locale
 * independent). Which count as solved: docs/library.md, "Practice". */
static char *
candidates_json (const ImhAnalysisPly *p)
{
  ImhExerciseCandidate c[IMH_ANALYSIS_TOP + 2];
  double root_best = -1.0;
  guint n = 0;
  GString *s;

  /* The best and the decision played: the paired evaluation. */
  c[n++] = (ImhExerciseCandidate) { p->best, p->win_before, p->win_before_ci, 0.0, TRUE, TRUE, FALSE };
  if (p->played != p->best)
    c[n++] = (ImhExerciseCandidate) { p->played, p->win_after, p->win_after_ci,
                                      p->loss, FALSE, FALSE, TRUE };
  else
    c[0].played = TRUE;

  /* The others of the root search, against the best on that scale: the
   * best's own root value when it is among them, else the highest. */
  for (guint i = 0; i < p->n_top; i++)
    if (p->top[i].decision == p->best)
      root_best = p->top[i].win;
  for (guint i = 0; i < p->n_top && root_best < 0.0; i++)
    root_best = MAX (root_best, p->top[i].win);
  for (guint i = 0; i < p->n_top; i++)
    {
      const ImhAnalysisCandidate *t = &p->top[i];
      double loss;

      if (t->decision == p->best || t->decision == p->played)
        continue;
      loss = MAX (0.0, (root_best - t->win) * 100.0);
      /* Shown on the scale of the best's value: that minus the loss. */
      c[n++] = (ImhExerciseCandidate) { t->decision, p->win_before - loss / 100.0, t->win_ci, loss,
                                        loss - t->win_ci * 100.0 <= IMH_EXERCISE_TOLERANCE_PP,
                                        FALSE, FALSE };
    }

  /* Best first, then by loss. */
  for (guint i = 1; i < n; i++)
    for (guint j = i; j > 1 && c[j].loss < c[j - 1].loss; j--)
      {
        ImhExerciseCandidate t = c[j];
        c[j] = c[j - 1];
        c[j - 1] = t;
      }

  s = g_string_new ("[");
  for (guint i = 0; i < n; i++)
    {
      g_string_append_printf (s, "%s{\"d\":%u,", i > 0 ? "," : "", (guint) c[i].decision);
      append_double (s, "win", c[i].win);
      g_string_append_c (s, ',');
      append_double (s, "ci", c[i].win_ci);
      g_string_append_c (s, ',');
      append_double (s, "loss", c[i].loss);
      g_string_append_printf (s, ",\"good\":%s,\"best\":%s,\"played\":%s}",
                              c[i].good ? "true" : "false", c[i].best ? "true" : "false",
                              c[i].played ? "true" : "false");
    }
  g_string_append_c (s, ']');
  return g_string_free (s, FALSE);
}

static gboolean
delete_rows (Conn       *c,
             gint64      game_id,
             gboolean    exercises,
             GError    **error)
{
  sqlite3_stmt *stmt = _imh_library_conn_stmt (c, "DELETE FROM analysis_seats WHERE game_id = ?1", error);

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, game_id);
  if (!_imh_library_stmt_done (c, stmt, error))
    return FALSE;
  if (!exercises)
    return TRUE;
  stmt = _imh_library_conn_stmt (c, "DELETE FROM exercises WHERE game_id = ?1", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, game_id);
  return _imh_library_stmt_done (c, stmt, error);
}

/* Rows of the person seats only: the statistics are a person's. */
static gboolean
insert_seats (Conn              *c,
              gint64             game_id,
              const ImhRecord   *r,
              const ImhAnalysis *a,
              GError           **error)
{
  for (guint seat = 0; seat < a->n_players; seat++)
    {
      const ImhAnalysisPlayer *pl = &a->players[seat];
      guint n_kind[IMH_DECISION_N_GROUPS] = { 0 };
      double loss_kind[IMH_DECISION_N_GROUPS] = { 0 };
      sqlite3_stmt *stmt;

      if (g_strcmp0 (r->players[seat].kind, "human") != 0)
        continue;
      for (guint i = 0; i < a->n_plies; i++)
        {
          const ImhAnalysisPly *p = &a->plies[i];
          guint g;

          if (p->mover != (int) seat || p->forced)
            continue;
          g = imh_decision_group (a->game, p->played);
          n_kind[g]++;
          loss_kind[g] += p->loss;
        }
      stmt = _imh_library_conn_stmt (c, "INSERT INTO analysis_seats (game_id, seat, choices, accuracy,"
                                        " total_loss, inaccuracies, mistakes, blunders, luck, result,"
                                        " luck_adjusted, n_kind0, loss_kind0, n_kind1, loss_kind1,"
                                        " n_kind2, loss_kind2, n_kind3, loss_kind3) VALUES (?1, ?2,"
                                        " ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15,"
                                        " ?16, ?17, ?18, ?19)", error);
      if (stmt == NULL)
        return FALSE;
      sqlite3_bind_int64 (stmt, 1, game_id);
      sqlite3_bind_int (stmt, 2, (int) seat);
      sqlite3_bind_int (stmt, 3, (int) pl->choices);
      sqlite3_bind_double (stmt, 4, pl->accuracy);
      sqlite3_bind_double (stmt, 5, pl->total_loss);
      sqlite3_bind_int (stmt, 6, (int) pl->inaccuracies);
      sqlite3_bind_int (stmt, 7, (int) pl->mistakes);
      sqlite3_bind_int (stmt, 8, (int) pl->blunders);
      sqlite3_bind_double (stmt, 9, pl->luck);
      if (pl->has_result)
        {
          sqlite3_bind_double (stmt, 10, pl->result);
          sqlite3_bind_double (stmt, 11, pl->luck_adjusted);
        }
      else
        {
          sqlite3_bind_null (stmt, 10);
          sqlite3_bind_null (stmt, 11);
        }
      for (guint g = 0; g < IMH_DECISION_N_GROUPS; g++)
        {
          sqlite3_bind_int (stmt, 12 + 2 * (int) g, (int) n_kind[g]);
          sqlite3_bind_double (stmt, 13 + 2 * (int) g, loss_kind[g]);
        }
      if (!_imh_library_stmt_done (c, stmt, error))
        return FALSE;
    }
  return TRUE;
}

typedef struct {
  guint       ply;
  guint       seat;
  gint64      hash;
  ImhDecision played;
  const ImhAnalysisPly *p;
  gboolean    kept;
} NewExercise;

static gboolean
sync_exercises (Conn              *c,
                gint64             game_id,
                const ImhRecord   *r,
                const ImhAnalysis *a,
                GError           **error)
{
  g_autoptr(GArray) found = g_array_new (FALSE, TRUE, sizeof (NewExercise));
  g_autofree ImhState *s = g_new0 (ImhState, 1);
  const ImhRules *rules = r->rules;
  sqlite3_stmt *stmt;
  gint64 now = _imh_library_now_unix ();
  int rc;

  imh_record_initial (r, s);
  for (guint i = 0; i < a->n_plies && i < r->main.n_decisions; i++)
    {
      const ImhAnalysisPly *p = &a->plies[i];

      if (p->mark >= IMH_MARK_MISTAKE && p->mover >= 0 && p->mover < IMH_MAX_PLAYERS
          && g_strcmp0 (r->players[p->mover].kind, "human") == 0)
        {
          NewExercise e = { i, (guint) p->mover, (gint64) rules->hash (s), p->played, p, FALSE };
          g_array_append_val (found, e);
        }
      rules->apply (s, r->main.decisions[i]);
    }

  /* Existing exercises: kept (values refreshed) when their position and
   * decision are those of a new one, dropped otherwise. */
  stmt = _imh_library_conn_stmt (c, "SELECT id, ply, position_hash, played FROM exercises"
                                    " WHERE game_id = ?1", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, game_id);
  {
    g_autoptr(GArray) drop = g_array_new (FALSE, FALSE, sizeof (gint64));
    g_autoptr(GArray) keep = g_array_new (FALSE, FALSE, sizeof (gint64));
    g_autoptr(GArray) keep_index = g_array_new (FALSE, FALSE, sizeof (guint));

    while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
      {
        gint64 id = sqlite3_column_int64 (stmt, 0);
        guint ply = (guint) sqlite3_column_int (stmt, 1);
        gint64 hash = sqlite3_column_int64 (stmt, 2);
        ImhDecision played = (ImhDecision) sqlite3_column_int (stmt, 3);
        gboolean kept = FALSE;

        for (guint k = 0; k < found->len; k++)
          {
            NewExercise *e = &g_array_index (found, NewExercise, k);
            if (e->ply == ply && e->hash == hash && e->played == played)
              {
                e->kept = kept = TRUE;
                g_array_append_val (keep, id);
                g_array_append_val (keep_index, k);
              }
          }
        if (!kept)
          g_array_append_val (drop, id);
      }
    sqlite3_reset (stmt);
    if (rc != SQLITE_DONE)
      return _imh_library_sql_error (error, c->db, rc);

    for (guint k = 0; k < drop->len; k++)
      {
        stmt = _imh_library_conn_stmt (c, "DELETE FROM exercises WHERE id = ?1", error);
        if (stmt == NULL)
          return FALSE;
        sqlite3_bind_int64 (stmt, 1, g_array_index (drop, gint64, k));
        if (!_imh_library_stmt_done (c, stmt, error))
          return FALSE;
      }
    for (guint k = 0; k < keep->len; k++)
      {
        NewExercise *e = &g_array_index (found, NewExercise, g_array_index (keep_index, guint, k));
        g_autofree char *json = candidates_json (e->p);

        stmt = _imh_library_conn_stmt (c, "UPDATE exercises SET best = ?2, mark = ?3, loss = ?4,"
                                          " candidates = ?5 WHERE id = ?1", error);
        if (stmt == NULL)
          return FALSE;
        sqlite3_bind_int64 (stmt, 1, g_array_index (keep, gint64, k));
        sqlite3_bind_int (stmt, 2, e->p->best);
        sqlite3_bind_int (stmt, 3, (int) e->p->mark);
        sqlite3_bind_double (stmt, 4, e->p->loss);
        _imh_library_bind_text (stmt, 5, json);
        if (!_imh_library_stmt_done (c, stmt, error))
          return FALSE;
      }
  }

  for (guint k = 0; k < found->len; k++)
    {
      NewExercise *e = &g_array_index (found, NewExercise, k);
      g_autofree char *json = NULL;

      if (e->kept)
        continue;
      json = candidates_json (e->p);
      stmt = _imh_library_conn_stmt (c, "INSERT INTO exercises (game_id, ply, seat, position_hash,"
                                        " played, best, mark, loss, kind, candidates, created, due)"
                                        " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
                                     error);
      if (stmt == NULL)
        return FALSE;
      sqlite3_bind_int64 (stmt, 1, game_id);
      sqlite3_bind_int (stmt, 2, (int) e->ply);
      sqlite3_bind_int (stmt, 3, (int) e->seat);
      sqlite3_bind_int64 (stmt, 4, e->hash);
      sqlite3_bind_int (stmt, 5, e->played);
      sqlite3_bind_int (stmt, 6, e->p->best);
      sqlite3_bind_int (stmt, 7, (int) e->p->mark);
      sqlite3_bind_double (stmt, 8, e->p->loss);
      sqlite3_bind_int (stmt, 9, (int) imh_decision_group (a->game, e->p->best));
      _imh_library_bind_text (stmt, 10, json);
      sqlite3_bind_int64 (stmt, 11, now);
      sqlite3_bind_int64 (stmt, 12, julian_of_unix (now));
      if (!_imh_library_stmt_done (c, stmt, error))
        return FALSE;
    }
  return TRUE;
}

gboolean
_imh_library_practice_index_locked (Conn        *c,
                                    gint64       game_id,
                                    const char  *data,
                                    GError     **error)
{
  g_autoptr(GError) local = NULL;
  g_autofree char *record = NULL;
  sqlite3_stmt *stmt;
  ImhRecordError rerr = { 0 };
  ImhRecord *r = NULL;
  ImhAnalysis *a = NULL;
  gboolean ok;
  int rc;

  stmt = _imh_library_conn_stmt (c, "SELECT text FROM records WHERE game_id = ?1", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, game_id);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    record = _imh_library_column_dup (stmt, 0);
  sqlite3_reset (stmt);
  if (rc != SQLITE_ROW && rc != SQLITE_DONE)
    return _imh_library_sql_error (error, c->db, rc);

  if (record != NULL)
    a = _imh_analysis_read_json (record, data, NULL, &local);
  if (a != NULL)
    r = imh_record_parse (record, strlen (record), &rerr);
  if (r == NULL)
    {
      /* Nothing to practise from an analysis that does not read. */
      imh_analysis_free (a);
      return delete_rows (c, game_id, TRUE, error);
    }
  ok = delete_rows (c, game_id, FALSE, error)
       && insert_seats (c, game_id, r, a, error)
       && sync_exercises (c, game_id, r, a, error);
  imh_analysis_free (a);
  imh_record_free (r);
  return ok;
}

gboolean
_imh_library_practice_index_all_locked (Conn    *c,
                                        GError **error)
{
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  sqlite3_stmt *stmt;
  int rc;

  stmt = _imh_library_conn_stmt (c, "SELECT game_id FROM analyses GROUP BY game_id", error);
  if (stmt == NULL)
    return FALSE;
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (stmt, 0);
      g_array_append_val (ids, id);
    }
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    return _imh_library_sql_error (error, c->db, rc);

  for (guint i = 0; i < ids->len; i++)
    {
      g_autofree char *data = NULL;
      gint64 id = g_array_index (ids, gint64, i);

      stmt = _imh_library_conn_stmt (c, "SELECT data FROM analyses WHERE game_id = ?1"
                                        " ORDER BY id DESC LIMIT 1", error);
      if (stmt == NULL)
        return FALSE;
      sqlite3_bind_int64 (stmt, 1, id);
      rc = sqlite3_step (stmt);
      if (rc == SQLITE_ROW)
        data = _imh_library_column_dup (stmt, 0);
      sqlite3_reset (stmt);
      if (rc != SQLITE_ROW && rc != SQLITE_DONE)
        return _imh_library_sql_error (error, c->db, rc);
      if (data != NULL && !_imh_library_practice_index_locked (c, id, data, error))
        return FALSE;
    }
  return TRUE;
}
