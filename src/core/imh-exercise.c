/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-exercise.c — exercises made of the user's mistakes: loading them
 * from the library, checking answers, hints and the review schedule. */
#define G_LOG_DOMAIN "imh-exercise"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "imh-analysis.h"
#include "imh-classic-state.h"
#include "imh-duel-state.h"
#include "imh-exercise.h"
#include "imh-library-private.h"
#include "imh-record.h"
#include "imh-rng.h"
#include "imh-texts.h"

/* ---------------------------------------------------------------- */
/* Kinds of decision                                                */

guint
imh_decision_group (ImhGameKind game,
                    ImhDecision decision)
{
  if (game == IMH_GAME_DUEL)
    {
      if (decision < IMH_DUEL_D_UNLOAD)
        return 0;
      if (decision < IMH_DUEL_D_PLAY)
        return 1;
      return 2;
    }
  if (decision < IMH_CLASSIC_D_PLACE)
    return 0;                           /* get stones, pass */
  if (decision < IMH_CLASSIC_D_SAIL)
    return 1;
  if (decision < IMH_CLASSIC_D_PLAY)
    return 2;
  if (decision >= IMH_CLASSIC_D_PYRAMID && decision < IMH_CLASSIC_D_UNLOAD)
    return 2;                           /* the site's choices after a sail */
  return 3;
}

guint
imh_decision_n_groups (ImhGameKind game)
{
  return game == IMH_GAME_DUEL ? 3 : 4;
}

const char *
imh_decision_group_id (ImhGameKind game,
                       guint       group)
{
  static const char *const duel[] = { "place", "unload", "action-tile" };
  static const char *const classic[] = { "get", "place", "sail", "card" };

  if (game == IMH_GAME_DUEL)
    return group < G_N_ELEMENTS (duel) ? duel[group] : "";
  return group < G_N_ELEMENTS (classic) ? classic[group] : "";
}

const char *
imh_decision_group_name (ImhGameKind game,
                         guint       group)
{
  if (game == IMH_GAME_DUEL)
    switch (group)
      {
      /* TRANSLATORS: a kind of decision of the Duel */
      case 0: return _("Place a meeple");
      /* TRANSLATORS: a kind of decision of the Duel */
      case 1: return _("Unload a boat");
      /* TRANSLATORS: a kind of decision of the Duel */
      case 2: return _("Play an action tile");
      default: return "";
      }
  switch (group)
    {
    /* TRANSLATORS: a kind of decision of the base game */
    case 0: return _("Get stones");
    /* TRANSLATORS: a kind of decision of the base game */
    case 1: return _("Place a stone on a boat");
    /* TRANSLATORS: a kind of decision of the base game */
    case 2: return _("Sail a boat");
    /* TRANSLATORS: a kind of decision of the base game */
    case 3: return _("Play or take a card");
    default: return "";
    }
}

/* ---------------------------------------------------------------- */
/* The exercise                                                     */

struct _ImhExercise
{
  gint64                id;
  gint64                game_id;
  guint                 ply;
  guint                 seat;
  char                 *names[IMH_MAX_PLAYERS + 1];
  gint64                started;
  int                   mark;
  double                loss;
  ImhDecision           played;
  ImhDecision           best;
  guint                 group;
  ImhExerciseCandidate *candidates;
  guint                 n_candidates;
  guint32               due;
  guint                 interval;
  double                ease;
  guint                 reps;
  guint                 lapses;
  guint32               reviewed;
  ImhState              position;
};

static void
exercise_clear (ImhExercise *e)
{
  for (guint i = 0; i < IMH_MAX_PLAYERS; i++)
    g_free (e->names[i]);
  g_free (e->candidates);
}

G_DEFINE_BOXED_TYPE (ImhExercise, imh_exercise, imh_exercise_ref, imh_exercise_unref)

ImhExercise *
imh_exercise_ref (ImhExercise *exercise)
{
  g_return_val_if_fail (exercise != NULL, NULL);
  return g_atomic_rc_box_acquire (exercise);
}

void
imh_exercise_unref (ImhExercise *exercise)
{
  g_return_if_fail (exercise != NULL);
  g_atomic_rc_box_release_full (exercise, (GDestroyNotify) exercise_clear);
}

gint64 imh_exercise_get_id (ImhExercise *e) { g_return_val_if_fail (e != NULL, 0); return e->id; }
gint64 imh_exercise_get_game_id (ImhExercise *e) { g_return_val_if_fail (e != NULL, 0); return e->game_id; }
ImhGameKind imh_exercise_get_game (ImhExercise *e) { g_return_val_if_fail (e != NULL, 0); return (ImhGameKind) e->position.kind; }
guint imh_exercise_get_ply (ImhExercise *e) { g_return_val_if_fail (e != NULL, 0); return e->ply; }
guint imh_exercise_get_seat (ImhExercise *e) { g_return_val_if_fail (e != NULL, 0); return e->seat; }
const char *imh_exercise_get_player_name (ImhExercise *e) { g_return_val_if_fail (e != NULL, NULL); return e->names[e->seat]; }
const char * const *imh_exercise_get_names (ImhExercise *e) { g_return_val_if_fail (e != NULL, NULL); return (const char * const *) e->names; }
gint64 imh_exercise_get_started (ImhExercise *e) { g_return_val_if_fail (e != NULL, 0); return e->started; }
const ImhState *imh_exercise_get_position (ImhExercise *e) { g_return_val_if_fail (e != NULL, NULL); return &e->position; }
int imh_exercise_get_mark (ImhExercise *e) { g_return_val_if_fail (e != NULL, 0); return e->mark; }
double imh_exercise_get_loss (ImhExercise *e) { g_return_val_if_fail (e != NULL, 0); return e->loss; }
ImhDecision imh_exercise_get_played (ImhExercise *e) { g_return_val_if_fail (e != NULL, 0); return e->played; }
ImhDecision imh_exercise_get_best (ImhExercise *e) { g_return_val_if_fail (e != NULL, 0); return e->best; }
guint imh_exercise_get_group (ImhExercise *e) { g_return_val_if_fail (e != NULL, 0); return e->group; }
guint32 imh_exercise_get_due (ImhExercise *e) { g_return_val_if_fail (e != NULL, 0); return e->due; }
guint imh_exercise_get_interval (ImhExercise *e) { g_return_val_if_fail (e != NULL, 0); return e->interval; }
double imh_exercise_get_ease (ImhExercise *e) { g_return_val_if_fail (e != NULL, 0); return e->ease; }
guint imh_exercise_get_repetitions (ImhExercise *e) { g_return_val_if_fail (e != NULL, 0); return e->reps; }
guint imh_exercise_get_lapses (ImhExercise *e) { g_return_val_if_fail (e != NULL, 0); return e->lapses; }
guint32 imh_exercise_get_reviewed (ImhExercise *e) { g_return_val_if_fail (e != NULL, 0); return e->reviewed; }

const ImhExerciseCandidate *
imh_exercise_get_candidates (ImhExercise *e,
                             guint       *n_candidates)
{
  g_return_val_if_fail (e != NULL, NULL);
  if (n_candidates != NULL)
    *n_candidates = e->n_candidates;
  return e->candidates;
}

char *
imh_exercise_get_question (ImhExercise *e)
{
  g_autofree char *played = NULL;

  g_return_val_if_fail (e != NULL, NULL);
  played = imh_texts_decision (&e->position, e->played);
  /* TRANSLATORS: the question of an exercise; %s is the decision played in the game */
  return g_strdup_printf (_("Find a better decision than “%s”."), played);
}

ImhExerciseVerdict
imh_exercise_check (ImhExercise *e,
                    ImhDecision  answer,
                    double      *loss)
{
  g_return_val_if_fail (e != NULL, IMH_EXERCISE_ILLEGAL);

  if (!imh_is_legal (&e->position, answer))
    return IMH_EXERCISE_ILLEGAL;
  for (guint i = 0; i < e->n_candidates; i++)
    if (e->candidates[i].decision == answer)
      {
        if (loss != NULL)
          *loss = e->candidates[i].loss;
        if (e->candidates[i].played)
          return IMH_EXERCISE_PLAYED;
        return e->candidates[i].good ? IMH_EXERCISE_SOLVED : IMH_EXERCISE_NOT_GOOD;
      }
  return IMH_EXERCISE_NOT_ANALYSED;
}

char *
imh_exercise_get_hint (ImhExercise *e,
                       guint        level)
{
  g_autofree char *best = NULL;

  g_return_val_if_fail (e != NULL, NULL);
  switch (level)
    {
    case 1:
      /* TRANSLATORS: first hint of an exercise; %s is a kind of decision ("Sail a boat") */
      return g_strdup_printf (_("Look at this kind of decision: %s."),
                              imh_decision_group_name ((ImhGameKind) e->position.kind, e->group));
    case 2:
      best = imh_texts_decision (&e->position, e->best);
      /* TRANSLATORS: second hint of an exercise; %s is the best decision in words */
      return g_strdup_printf (_("The best decision: %s."), best);
    default:
      return NULL;
    }
}

guint32
imh_exercise_today (void)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  GDate d;

  g_date_clear (&d, 1);
  g_date_set_dmy (&d, g_date_time_get_day_of_month (now), g_date_time_get_month (now),
                  g_date_time_get_year (now));
  return g_date_get_julian (&d);
}

/* ---------------------------------------------------------------- */
/* Loading                                                          */

static gboolean
read_candidates (ImhExercise *e,
                 const char  *json)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonArray *array;

  if (!json_parser_load_from_data (parser, json, -1, NULL)
      || !JSON_NODE_HOLDS_ARRAY (json_parser_get_root (parser)))
    return FALSE;
  array = json_node_get_array (json_parser_get_root (parser));
  e->n_candidates = json_array_get_length (array);
  e->candidates = g_new0 (ImhExerciseCandidate, MAX (e->n_candidates, 1));
  for (guint i = 0; i < e->n_candidates; i++)
    {
      JsonObject *o = json_array_get_object_element (array, i);
      ImhExerciseCandidate *c = &e->candidates[i];

      if (o == NULL)
        return FALSE;
      c->decision = (ImhDecision) json_object_get_int_member_with_default (o, "d", 0);
      c->win = json_object_get_double_member_with_default (o, "win", 0.0);
      c->win_ci = json_object_get_double_member_with_default (o, "ci", 0.0);
      c->loss = json_object_get_double_member_with_default (o, "loss", 0.0);
      c->good = json_object_get_boolean_member_with_default (o, "good", FALSE);
      c->best = json_object_get_boolean_member_with_default (o, "best", FALSE);
      c->played = json_object_get_boolean_member_with_default (o, "played", FALSE);
    }
  return TRUE;
}

#define EXERCISE_COLUMNS \
  "e.id, e.game_id, e.ply, e.seat, e.position_hash, e.played, e.best, e.mark, e.loss," \
  " e.kind, e.candidates, e.due, e.interval, e.ease, e.reps, e.lapses, e.reviewed, r.text," \
  " g.started"

/* An exercise from a row of EXERCISE_COLUMNS; NULL when its record no
 * longer replays to its position (skipped). */
static ImhExercise *
exercise_from_row (sqlite3_stmt *stmt)
{
  g_autoptr(ImhExercise) e = g_atomic_rc_box_new0 (ImhExercise);
  const char *text = (const char *) sqlite3_column_text (stmt, 17);
  ImhRecordError rerr = { 0 };
  ImhRecord *r;
  ImhRng rng;
  gboolean ok;

  e->id = sqlite3_column_int64 (stmt, 0);
  e->game_id = sqlite3_column_int64 (stmt, 1);
  e->ply = (guint) sqlite3_column_int (stmt, 2);
  e->seat = (guint) sqlite3_column_int (stmt, 3);
  e->played = (ImhDecision) sqlite3_column_int (stmt, 5);
  e->best = (ImhDecision) sqlite3_column_int (stmt, 6);
  e->mark = sqlite3_column_int (stmt, 7);
  e->loss = sqlite3_column_double (stmt, 8);
  e->group = (guint) sqlite3_column_int (stmt, 9);
  e->due = (guint32) sqlite3_column_int64 (stmt, 11);
  e->interval = (guint) sqlite3_column_int (stmt, 12);
  e->ease = sqlite3_column_double (stmt, 13);
  e->reps = (guint) sqlite3_column_int (stmt, 14);
  e->lapses = (guint) sqlite3_column_int (stmt, 15);
  e->reviewed = (guint32) sqlite3_column_int64 (stmt, 16);
  e->started = sqlite3_column_int64 (stmt, 18);
  if (text == NULL || !read_candidates (e, (const char *) sqlite3_column_text (stmt, 10)))
    return NULL;

  r = imh_record_parse (text, strlen (text), &rerr);
  if (r == NULL)
    return NULL;
  ok = e->ply < imh_record_line_end (&r->main)
       && imh_record_replay (r, NULL, e->ply, &e->position, &rerr)
       && (gint64) r->rules->hash (&e->position) == sqlite3_column_int64 (stmt, 4)
       && e->seat < r->options.n_players;
  for (guint i = 0; ok && i < r->options.n_players; i++)
    e->names[i] = g_strdup (r->players[i].name != NULL ? r->players[i].name : "");
  imh_record_free (r);
  if (!ok)
    return NULL;

  /* The seat's information set: what it could not see is shuffled anew
   * (a seed of the exercise, so the same exercise shows the same). */
  imh_rng_seed (&rng, (guint64) e->id * 0x9E3779B97F4A7C15ull ^ (guint64) e->game_id);
  imh_rules_of (&e->position)->determinize (&e->position, (int) e->seat, &rng);
  return g_steal_pointer (&e);
}

static char *
names_json (const char * const *names)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;

  json_builder_begin_array (b);
  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    json_builder_add_string_value (b, names[i]);
  json_builder_end_array (b);
  root = json_builder_get_root (b);
  json_generator_set_root (gen, root);
  return json_generator_to_data (gen, NULL);
}

/* The condition on the player: a JSON array of names in ?1 (compared
 * without case), or every person seat when it is empty. */
#define PLAYER_IS_NAMED \
  " JOIN players p ON p.game_id = e.game_id AND p.seat = e.seat" \
  " WHERE (json_array_length (?1) = 0 OR p.name COLLATE NOCASE IN (SELECT value FROM json_each (?1)))"

GPtrArray *
imh_library_list_exercises (ImhLibrary          *library,
                            const char * const  *names,
                            gboolean             due_only,
                            guint32              today,
                            GError             **error)
{
  g_autoptr(GPtrArray) list = g_ptr_array_new_with_free_func ((GDestroyNotify) imh_exercise_unref);
  g_autofree char *json = NULL;
  sqlite3_stmt *stmt;
  gboolean ok;
  Conn *c;
  int rc;

  g_return_val_if_fail (IMH_IS_LIBRARY (library), NULL);

  json = names_json (names);
  c = _imh_library_read_conn (library);
  ok = _imh_library_conn_exec (c, "BEGIN", error);
  stmt = ok ? _imh_library_conn_stmt (c, "SELECT " EXERCISE_COLUMNS " FROM exercises e"
                                         " JOIN games g ON g.id = e.game_id"
                                         " JOIN records r ON r.game_id = e.game_id"
                                         PLAYER_IS_NAMED
                                         " AND p.kind = 'human' AND g.deleted_at IS NULL"
                                         " AND g.analysed = " G_STRINGIFY (ANALYSED_READABLE)
                                         " AND (?2 = 0 OR e.due <= ?3)"
                                         " ORDER BY e.due, e.game_id, e.ply", error) : NULL;
  if (stmt != NULL)
    {
      _imh_library_bind_text (stmt, 1, json);
      sqlite3_bind_int (stmt, 2, due_only ? 1 : 0);
      sqlite3_bind_int64 (stmt, 3, today);
      while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
        {
          ImhExercise *e = exercise_from_row (stmt);
          if (e != NULL)
            g_ptr_array_add (list, e);
        }
      sqlite3_reset (stmt);
      if (rc != SQLITE_DONE)
        ok = _imh_library_sql_error (error, c->db, rc);
    }
  else
    ok = FALSE;
  ok = _imh_library_end_read (c, ok, error);
  _imh_library_conn_unlock (c);
  return ok ? g_steal_pointer (&list) : NULL;
}

typedef struct {
  GStrv    names;
  gboolean due_only;
  guint32  today;
} ListData;

static void
list_data_free (ListData *d)
{
  g_strfreev (d->names);
  g_free (d);
}

static void
list_thread (GTask        *task,
             gpointer      source,
             gpointer      task_data,
             GCancellable *cancellable)
{
  ListData *d = task_data;
  GError *error = NULL;
  GPtrArray *list = imh_library_list_exercises (source, (const char * const *) d->names, d->due_only,
                                                d->today, &error);

  if (list == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, list, (GDestroyNotify) g_ptr_array_unref);
}

void
imh_library_list_exercises_async (ImhLibrary          *library,
                                  const char * const  *names,
                                  gboolean             due_only,
                                  guint32              today,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  ListData *d;

  g_return_if_fail (IMH_IS_LIBRARY (library));

  task = g_task_new (library, cancellable, callback, user_data);
  g_task_set_source_tag (task, imh_library_list_exercises_async);
  d = g_new0 (ListData, 1);
  d->names = g_strdupv ((char **) names);
  d->due_only = due_only;
  d->today = today;
  g_task_set_task_data (task, d, (GDestroyNotify) list_data_free);
  g_task_run_in_thread (task, list_thread);
}

GPtrArray *
imh_library_list_exercises_finish (ImhLibrary    *library,
                                   GAsyncResult  *result,
                                   GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, library), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

ImhExercise *
imh_library_get_exercise (ImhLibrary  *library,
                          gint64       id,
                          GError     **error)
{
  ImhExercise *e = NULL;
  sqlite3_stmt *stmt;
  Conn *c;
  int rc;

  g_return_val_if_fail (IMH_IS_LIBRARY (library), NULL);

  c = _imh_library_read_conn (library);
  stmt = _imh_library_conn_stmt (c, "SELECT " EXERCISE_COLUMNS " FROM exercises e"
                                    " JOIN games g ON g.id = e.game_id"
                                    " JOIN records r ON r.game_id = e.game_id"
                                    " WHERE e.id = ?1 AND g.deleted_at IS NULL", error);
  if (stmt != NULL)
    {
      sqlite3_bind_int64 (stmt, 1, id);
      rc = sqlite3_step (stmt);
      if (rc == SQLITE_ROW)
        e = exercise_from_row (stmt);
      else if (rc != SQLITE_DONE)
        _imh_library_sql_error (error, c->db, rc);
      if (e == NULL && (rc == SQLITE_ROW || rc == SQLITE_DONE))
        g_set_error (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_NOT_FOUND,
                     _("There is no exercise %lld in the library"), (long long) id);
      sqlite3_reset (stmt);
    }
  _imh_library_conn_unlock (c);
  return e;
}

/* ---------------------------------------------------------------- */
/* Scheduling (SM-2)                                                */

gboolean
imh_library_review_exercise (ImhLibrary  *library,
                             gint64       id,
                             gboolean     solved,
                             guint32      today,
                             guint32     *next_due,
                             GError     **error)
{
  sqlite3_stmt *stmt;
  gboolean ok = FALSE, found = FALSE;
  guint interval = 0, reps = 0, lapses = 0;
  double ease = 2.5;
  Conn *c;
  int rc;

  g_return_val_if_fail (IMH_IS_LIBRARY (library), FALSE);

  c = _imh_library_write_conn (library, error);
  if (c == NULL)
    return FALSE;
  if (!_imh_library_begin (c, error))
    goto out;
  stmt = _imh_library_conn_stmt (c, "SELECT interval, ease, reps, lapses FROM exercises WHERE id = ?1", error);
  if (stmt == NULL)
    goto out;
  sqlite3_bind_int64 (stmt, 1, id);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    {
      found = TRUE;
      interval = (guint) sqlite3_column_int (stmt, 0);
      ease = sqlite3_column_double (stmt, 1);
      reps = (guint) sqlite3_column_int (stmt, 2);
      lapses = (guint) sqlite3_column_int (stmt, 3);
    }
  sqlite3_reset (stmt);
  if (rc != SQLITE_ROW && rc != SQLITE_DONE)
    {
      _imh_library_sql_error (error, c->db, rc);
      goto out;
    }
  if (!found)
    {
      g_set_error (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_NOT_FOUND,
                   _("There is no exercise %lld in the library"), (long long) id);
      goto out;
    }

  /* SM-2 with two grades: solved (quality 4: the ease stays) and failed
   * (the series starts again tomorrow, the ease drops by 0.2, not below
   * 1.3). Intervals of a series: 1 day, 6 days, then the last one times
   * the ease, rounded. */
  if (solved)
    {
      reps++;
      interval = reps == 1 ? 1 : reps == 2 ? 6 : (guint) MAX (1.0, round (interval * ease));
    }
  else
    {
      reps = 0;
      lapses++;
      interval = 1;
      ease = MAX (1.3, ease - 0.2);
    }
  stmt = _imh_library_conn_stmt (c, "UPDATE exercises SET interval = ?2, ease = ?3, reps = ?4,"
                                    " lapses = ?5, due = ?6, reviewed = ?7 WHERE id = ?1", error);
  if (stmt == NULL)
    goto out;
  sqlite3_bind_int64 (stmt, 1, id);
  sqlite3_bind_int (stmt, 2, (int) interval);
  sqlite3_bind_double (stmt, 3, ease);
  sqlite3_bind_int (stmt, 4, (int) reps);
  sqlite3_bind_int (stmt, 5, (int) lapses);
  sqlite3_bind_int64 (stmt, 6, (gint64) today + interval);
  sqlite3_bind_int64 (stmt, 7, today);
  ok = _imh_library_stmt_done (c, stmt, error) && _imh_library_commit (c, error);
  if (ok && next_due != NULL)
    *next_due = today + interval;

out:
  _imh_library_rollback (c);
  _imh_library_conn_unlock (c);
  return ok;
}
