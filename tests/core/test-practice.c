/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-practice.c — exercises from stored analyses, answers, hints, the
 * review schedule, deletion and re-analysis, the statistics and the
 * migration of a version 2 library. */
#include "config.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <math.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

#include "imh-analysis-job.h"
#include "imh-exercise.h"
#include "imh-library-private.h"
#include "imh-library-stats.h"
#include "imh-record.h"
#include "imh-texts.h"
#include "practice-test-util.h"
#include "test-i18n.h"

static char *
temp_db (const char *name)
{
  g_assert_cmpint (g_mkdir_with_parents (g_get_user_data_dir (), 0700), ==, 0);
  return g_build_filename (g_get_user_data_dir (), name, NULL);
}

static ImhLibrary *
open_at (const char *path)
{
  g_autoptr(GError) error = NULL;
  ImhLibrary *lib = imh_library_open (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (lib);
  return lib;
}

static gint64
add_game (ImhLibrary *lib, const char *text)
{
  g_autoptr(GError) error = NULL;
  gint64 id = imh_library_save_record (lib, 0, text, FALSE, &error);

  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);
  return id;
}

static gint64
raw_count (const char *path, const char *sql)
{
  sqlite3 *db;
  sqlite3_stmt *stmt;
  gint64 v;

  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  v = sqlite3_column_int64 (stmt, 0);
  sqlite3_finalize (stmt);
  sqlite3_close (db);
  return v;
}

/* A library with two analysed games and their plies:
 * game A: Ada (person, seat 0) against Bob (computer); Ada: a mistake
 * (12), a blunder (20), an inaccuracy (6); Bob a blunder (15).
 * game B: Cleo (person, seat 0) against "ada" (person, seat 1); a
 * mistake of each. */
typedef struct {
  char        *path;
  ImhLibrary  *lib;
  char        *a, *b;
  gint64       id_a, id_b;
  guint        ada_a[3], bob_a, cleo_b, ada_b;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autoptr(GArray) ada = NULL, bob = NULL, cleo = NULL, ada2 = NULL;
  ImhAnalysis *an;

  f->path = temp_db ("practice.sqlite3");
  f->lib = open_at (f->path);
  f->a = practice_record (5, "human", "Ada", "computer:casual", "Bob", "2026-01-10T10:00:00Z");
  f->b = practice_record (6, "human", "Cleo", "human", "ada", "2026-02-10T10:00:00Z");
  f->id_a = add_game (f->lib, f->a);
  f->id_b = add_game (f->lib, f->b);

  ada = practice_choice_plies (f->a, 0, 3);
  bob = practice_choice_plies (f->a, 1, 1);
  cleo = practice_choice_plies (f->b, 0, 1);
  ada2 = practice_choice_plies (f->b, 1, 1);
  g_assert_cmpuint (ada->len, ==, 3);
  g_assert_cmpuint (bob->len, ==, 1);
  g_assert_cmpuint (cleo->len, ==, 1);
  g_assert_cmpuint (ada2->len, ==, 1);
  for (guint i = 0; i < 3; i++)
    f->ada_a[i] = g_array_index (ada, guint, i);
  f->bob_a = g_array_index (bob, guint, 0);
  f->cleo_b = g_array_index (cleo, guint, 0);
  f->ada_b = g_array_index (ada2, guint, 0);

  {
    PracticeLoss la[] = { { f->ada_a[0], 12 }, { f->ada_a[1], 20 }, { f->ada_a[2], 6 }, { f->bob_a, 15 } };
    an = practice_analysis (f->a, la, G_N_ELEMENTS (la), (int) f->ada_a[2]);
    practice_store (f->lib, f->id_a, an);
    imh_analysis_free (an);
  }
  {
    PracticeLoss lb[] = { { f->cleo_b, 11 }, { f->ada_b, 16 } };
    an = practice_analysis (f->b, lb, G_N_ELEMENTS (lb), -1);
    practice_store (f->lib, f->id_b, an);
    imh_analysis_free (an);
  }
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  g_clear_object (&f->lib);
  g_free (f->a);
  g_free (f->b);
  for (guint i = 0; i < 3; i++)
    {
      const char *suffix[] = { "", "-wal", "-shm" };
      g_autofree char *p = g_strconcat (f->path, suffix[i], NULL);
      g_unlink (p);
    }
  g_free (f->path);
}

static GPtrArray *
list (ImhLibrary *lib, const char *name, gboolean due, guint32 today)
{
  const char *names[] = { name, NULL };
  g_autoptr(GError) error = NULL;
  GPtrArray *l = imh_library_list_exercises (lib, name != NULL ? names : NULL, due, today, &error);

  g_assert_no_error (error);
  g_assert_nonnull (l);
  return l;
}

/* The true position before ply of a record. */
static ImhState *
true_position (const char *text, guint ply)
{
  ImhRecordError err = { 0 };
  ImhRecord *r = imh_record_parse (text, strlen (text), &err);
  ImhState *s = g_new0 (ImhState, 1);

  g_assert_true (imh_record_replay (r, NULL, ply, s, &err));
  imh_record_free (r);
  return s;
}

static void
test_created (Fixture *f, gconstpointer data)
{
  g_autoptr(GPtrArray) ada = list (f->lib, "ADA", FALSE, imh_exercise_today ());
  g_autoptr(GPtrArray) cleo = list (f->lib, "Cleo", FALSE, imh_exercise_today ());
  g_autoptr(GPtrArray) bob = list (f->lib, "Bob", FALSE, imh_exercise_today ());
  g_autoptr(GPtrArray) all = list (f->lib, NULL, FALSE, imh_exercise_today ());
  guint found = 0;

  /* Mistakes and blunders only, person seats only, the names asked for. */
  g_assert_cmpuint (ada->len, ==, 3);
  g_assert_cmpuint (cleo->len, ==, 1);
  g_assert_cmpuint (bob->len, ==, 0);
  g_assert_cmpuint (all->len, ==, 4);
  for (guint i = 0; i < ada->len; i++)
    {
      ImhExercise *e = ada->pdata[i];
      const char *text = imh_exercise_get_game_id (e) == f->id_a ? f->a : f->b;
      g_autofree ImhState *truth = true_position (text, imh_exercise_get_ply (e));
      const ImhState *seen = imh_exercise_get_position (e);
      const ImhRules *rules = imh_rules_of (seen);
      g_autofree char *player = g_ascii_strdown (imh_exercise_get_player_name (e), -1);
      ImhDecisionList l1, l2;
      int n1, n2;

      g_assert_cmpstr (player, ==, "ada");
      g_assert_cmpint (imh_exercise_get_mark (e), >=, IMH_MARK_MISTAKE);
      g_assert_true (imh_actor (seen) == (int) imh_exercise_get_seat (e));
      if (imh_exercise_get_game_id (e) == f->id_a)
        {
          g_assert_true (imh_exercise_get_ply (e) == f->ada_a[0] || imh_exercise_get_ply (e) == f->ada_a[1]);
          found++;
        }
      else
        g_assert_cmpuint (imh_exercise_get_ply (e), ==, f->ada_b);

      /* The same public position, the hidden parts shuffled anew. */
      n1 = imh_legal (truth, &l1);
      n2 = imh_legal (seen, &l2);
      g_assert_cmpint (n1, ==, n2);
      g_assert_cmpmem (l1.d, n1 * sizeof (ImhDecision), l2.d, n2 * sizeof (ImhDecision));
      g_assert_cmpuint (rules->hidden_count (seen), ==, rules->hidden_count (truth));
      if (rules->hidden_count (truth) > 1)
        g_assert_true (rules->hash (seen) != rules->hash (truth));
    }
  g_assert_cmpuint (found, ==, 2);
}

static ImhExercise *
exercise_at (GPtrArray *l, gint64 game_id, guint ply)
{
  for (guint i = 0; i < l->len; i++)
    if (imh_exercise_get_game_id (l->pdata[i]) == game_id && imh_exercise_get_ply (l->pdata[i]) == ply)
      return l->pdata[i];
  g_assert_not_reached ();
  return NULL;
}

static void
test_check (Fixture *f, gconstpointer data)
{
  g_autoptr(GPtrArray) ada = list (f->lib, "Ada", FALSE, imh_exercise_today ());
  ImhExercise *e = exercise_at (ada, f->id_a, f->ada_a[0]);
  const ImhState *s = imh_exercise_get_position (e);
  const ImhExerciseCandidate *c;
  g_autofree char *hint1 = NULL, *hint2 = NULL, *best_words = NULL, *question = NULL, *played = NULL;
  ImhDecision top[5], spare = 0;
  ImhDecisionList l;
  gboolean have_spare = FALSE;
  double loss = -1;
  guint n, m = 0;
  int n_legal;

  c = imh_exercise_get_candidates (e, &n);
  g_assert_cmpuint (n, ==, 6);
  g_assert_true (c[0].best);
  g_assert_cmpfloat_with_epsilon (imh_exercise_get_loss (e), 12.0, 1e-6);

  /* The five decisions of the hand-made analysis, in legal order. */
  n_legal = imh_legal (s, &l);
  for (int k = 0; k < n_legal; k++)
    if (l.d[k] != imh_exercise_get_played (e))
      {
        if (m < 5)
          top[m++] = l.d[k];
        else if (!have_spare)
          {
            spare = l.d[k];
            have_spare = TRUE;
          }
      }
  g_assert_cmpuint (imh_exercise_get_best (e), ==, top[0]);

  /* Best: solved. 0.61 ± 0.005 against 0.62: 1 point: solved. 0.55 ±
   * 0.01: 7 - 1 = 6 points: not. 0.595 ± 0.001: 2.5 - 0.1 = 2.4: not.
   * 0.60 ± 0.01: 2 - 1 = 1: solved thanks to its interval. */
  g_assert_cmpint (imh_exercise_check (e, top[0], &loss), ==, IMH_EXERCISE_SOLVED);
  g_assert_cmpfloat_with_epsilon (loss, 0.0, 1e-6);
  g_assert_cmpint (imh_exercise_check (e, top[1], &loss), ==, IMH_EXERCISE_SOLVED);
  g_assert_cmpfloat_with_epsilon (loss, 1.0, 1e-6);
  g_assert_cmpint (imh_exercise_check (e, top[2], &loss), ==, IMH_EXERCISE_NOT_GOOD);
  g_assert_cmpfloat_with_epsilon (loss, 7.0, 1e-6);
  g_assert_cmpint (imh_exercise_check (e, top[3], &loss), ==, IMH_EXERCISE_NOT_GOOD);
  g_assert_cmpfloat_with_epsilon (loss, 2.5, 1e-6);
  g_assert_cmpint (imh_exercise_check (e, top[4], NULL), ==, IMH_EXERCISE_SOLVED);
  /* Values on the best's scale: its 0.6 minus the loss. */
  for (guint k = 0; k < n; k++)
    if (c[k].decision == top[1])
      g_assert_cmpfloat_with_epsilon (c[k].win, 0.59, 1e-6);
  g_assert_cmpint (imh_exercise_check (e, imh_exercise_get_played (e), &loss), ==, IMH_EXERCISE_PLAYED);
  g_assert_cmpfloat_with_epsilon (loss, 12.0, 1e-6);
  if (have_spare)
    g_assert_cmpint (imh_exercise_check (e, spare, NULL), ==, IMH_EXERCISE_NOT_ANALYSED);
  g_assert_cmpint (imh_exercise_check (e, 60000, NULL), ==, IMH_EXERCISE_ILLEGAL);

  /* Hints: the kind of decision, then the best in words. */
  hint1 = imh_exercise_get_hint (e, 1);
  hint2 = imh_exercise_get_hint (e, 2);
  best_words = imh_texts_decision (s, top[0]);
  g_assert_nonnull (strstr (hint1, imh_decision_group_name (IMH_GAME_DUEL, imh_decision_group (IMH_GAME_DUEL, top[0]))));
  g_assert_nonnull (strstr (hint2, best_words));
  g_assert_null (imh_exercise_get_hint (e, 3));
  question = imh_exercise_get_question (e);
  played = imh_texts_decision (s, imh_exercise_get_played (e));
  g_assert_nonnull (strstr (question, played));
}

static void
test_schedule (Fixture *f, gconstpointer data)
{
  g_autoptr(GPtrArray) ada = list (f->lib, "Ada", FALSE, imh_exercise_today ());
  gint64 id = imh_exercise_get_id (exercise_at (ada, f->id_a, f->ada_a[1]));
  g_autoptr(GError) error = NULL;
  const guint32 t = imh_exercise_today () + 100;
  struct { guint day; gboolean solved; guint due; } steps[] = {
    { 0, FALSE, 1 },      /* failed: tomorrow, ease 2.3 */
    { 1, TRUE, 2 },       /* 1 day */
    { 2, TRUE, 8 },       /* 6 days */
    { 8, TRUE, 22 },      /* 6 × 2.3 = 13.8: 14 days */
    { 22, TRUE, 54 },     /* 14 × 2.3 = 32.2: 32 days */
    { 54, FALSE, 55 },    /* failed: tomorrow again */
  };

  /* New exercises are due at once. */
  g_assert_cmpuint (imh_exercise_get_due (ada->pdata[0]), <=, imh_exercise_today ());
  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    {
      guint32 due = 0;
      g_assert_true (imh_library_review_exercise (f->lib, id, steps[i].solved, t + steps[i].day, &due, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (due, ==, t + steps[i].due);
    }
  {
    g_autoptr(ImhExercise) e = imh_library_get_exercise (f->lib, id, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (imh_exercise_get_lapses (e), ==, 2);
    g_assert_cmpuint (imh_exercise_get_repetitions (e), ==, 0);
    g_assert_cmpfloat_with_epsilon (imh_exercise_get_ease (e), 2.1, 1e-9);
    g_assert_cmpuint (imh_exercise_get_reviewed (e), ==, t + 54);
  }
  /* Due on its day, not the day before. */
  {
    g_autoptr(GPtrArray) before = list (f->lib, "Ada", TRUE, t + 54);
    g_autoptr(GPtrArray) on = list (f->lib, "Ada", TRUE, t + 55);
    g_assert_cmpuint (before->len, ==, 2);
    g_assert_cmpuint (on->len, ==, 3);
  }
  g_assert_false (imh_library_review_exercise (f->lib, 9999, TRUE, t, NULL, &error));
  g_assert_error (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_NOT_FOUND);
}

static void
test_follow_game (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhLibraryDeleted) deleted = NULL;
  g_autoptr(GPtrArray) before = list (f->lib, "Ada", FALSE, 0);
  gint64 kept_id = imh_exercise_get_id (exercise_at (before, f->id_a, f->ada_a[0]));
  gint64 dropped_id = imh_exercise_get_id (exercise_at (before, f->id_a, f->ada_a[1]));
  guint n_removed = 0;
  ImhAnalysis *an;

  /* A review, so that keeping the schedule shows. */
  g_assert_true (imh_library_review_exercise (f->lib, kept_id, TRUE, imh_exercise_today (), NULL, &error));

  /* Re-analysis: the first mistake stays (same position and decision),
   * the second is no longer one (dropped), the inaccuracy became a
   * blunder (added). */
  {
    PracticeLoss la[] = { { f->ada_a[0], 13 }, { f->ada_a[2], 25 } };
    an = practice_analysis (f->a, la, G_N_ELEMENTS (la), -1);
    practice_store (f->lib, f->id_a, an);
    imh_analysis_free (an);
  }
  {
    g_autoptr(GPtrArray) after = list (f->lib, "Ada", FALSE, 0);
    ImhExercise *kept = exercise_at (after, f->id_a, f->ada_a[0]);
    ImhExercise *added = exercise_at (after, f->id_a, f->ada_a[2]);

    g_assert_cmpuint (after->len, ==, 3);
    g_assert_cmpint (imh_exercise_get_id (kept), ==, kept_id);
    g_assert_cmpuint (imh_exercise_get_repetitions (kept), ==, 1);
    g_assert_cmpfloat_with_epsilon (imh_exercise_get_loss (kept), 13.0, 1e-6);
    g_assert_cmpint (imh_exercise_get_id (added), >, dropped_id);
    g_assert_null (imh_library_get_exercise (f->lib, dropped_id, &error));
    g_assert_error (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_NOT_FOUND);
    g_clear_error (&error);
  }

  /* The trash: gone from the list, back with the game. */
  deleted = imh_library_delete (f->lib, &f->id_a, 1, &error);
  g_assert_no_error (error);
  {
    g_autoptr(GPtrArray) l = list (f->lib, "Ada", FALSE, 0);
    g_assert_cmpuint (l->len, ==, 1);
  }
  g_assert_true (imh_library_restore (f->lib, deleted, &error));
  {
    g_autoptr(GPtrArray) l = list (f->lib, "Ada", FALSE, 0);
    g_assert_cmpuint (l->len, ==, 3);
  }

  /* Removed for good (emptying the trash): the rows go. */
  g_clear_pointer (&deleted, imh_library_deleted_unref);
  deleted = imh_library_delete (f->lib, &f->id_a, 1, &error);
  g_assert_true (imh_library_empty_trash (f->lib, &n_removed, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n_removed, ==, 1);
  g_assert_cmpint (raw_count (f->path, "SELECT count(*) FROM exercises WHERE game_id = 1"), ==, 0);
  g_assert_cmpint (raw_count (f->path, "SELECT count(*) FROM analysis_seats WHERE game_id = 1"), ==, 0);
  g_assert_cmpint (raw_count (f->path, "SELECT count(*) FROM exercises"), ==, 2);
}

/* Choices of a seat by kind of decision, counted from the record. */
static void
count_choices (const char *text, int seat, guint n[IMH_DECISION_N_GROUPS])
{
  ImhRecordError err = { 0 };
  ImhRecord *r = imh_record_parse (text, strlen (text), &err);
  g_autofree ImhState *s = g_new0 (ImhState, 1);

  imh_record_initial (r, s);
  for (guint i = 0; i < r->main.n_decisions; i++)
    {
      ImhDecisionList l;
      if (imh_actor (s) == seat && imh_legal (s, &l) > 1)
        n[imh_decision_group (IMH_GAME_DUEL, r->main.decisions[i])]++;
      imh_apply (s, r->main.decisions[i]);
    }
  imh_record_free (r);
}

static int
place_of (const char *text, int seat)
{
  ImhRecordError err = { 0 };
  ImhRecord *r = imh_record_parse (text, strlen (text), &err);
  int place = r->result[seat];

  imh_record_free (r);
  return place;
}

static void
test_stats (Fixture *f, gconstpointer data)
{
  const char *names[] = { "ada", NULL };
  ImhPlayerStatsQuery q = { names, -1, 0, 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhPlayerStats) st = NULL;
  g_autofree char *c = practice_record (7, "human", "Ada", "computer:strong", "Dan", "2026-03-10T10:00:00Z");
  guint na[IMH_DECISION_N_GROUPS] = { 0 }, nb[IMH_DECISION_N_GROUPS] = { 0 };
  double loss[IMH_DECISION_N_GROUPS] = { 0 };
  int place_a = place_of (f->a, 0), place_b = place_of (f->b, 1);
  guint choices_a, choices_b;
  double acc_a, acc_b, result_a, result_b;
  guint wins = 0, losses = 0;

  /* A third game of Ada, not analysed. */
  add_game (f->lib, c);

  st = imh_library_get_player_stats (f->lib, &q, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (st->n_games, ==, 3);
  g_assert_cmpuint (st->n_finished, ==, 3);
  g_assert_cmpuint (st->n_analysed, ==, 2);

  /* By opponent level: people only (game B), casual (A), strong (C). */
  g_assert_cmpuint (st->levels->len, ==, 3);
  g_assert_cmpint (g_array_index (st->levels, ImhPlayerStatsLevel, 0).level, ==, -1);
  g_assert_cmpuint (g_array_index (st->levels, ImhPlayerStatsLevel, 0).wins, ==, place_b == 1 ? 1 : 0);
  g_assert_cmpuint (g_array_index (st->levels, ImhPlayerStatsLevel, 0).losses, ==, place_b == 1 ? 0 : 1);
  for (guint i = 0; i < st->levels->len; i++)
    {
      g_assert_cmpuint (g_array_index (st->levels, ImhPlayerStatsLevel, i).games, ==, 1);
      wins += g_array_index (st->levels, ImhPlayerStatsLevel, i).wins;
      losses += g_array_index (st->levels, ImhPlayerStatsLevel, i).losses;
    }
  g_assert_cmpuint (wins + losses, ==, 3);

  /* Accuracy: Ada's choices in A are all loss 0 but 12, 20 and 6; in B
   * all 0 but 16 (accuracy per decision: imh_analysis_accuracy_for_loss). */
  count_choices (f->a, 0, na);
  count_choices (f->b, 1, nb);
  choices_a = na[0] + na[1] + na[2];
  choices_b = nb[0] + nb[1] + nb[2];
  acc_a = (100.0 * (choices_a - 3) + imh_analysis_accuracy_for_loss (12) + imh_analysis_accuracy_for_loss (20)
           + imh_analysis_accuracy_for_loss (6)) / choices_a;
  acc_b = (100.0 * (choices_b - 1) + imh_analysis_accuracy_for_loss (16)) / choices_b;
  g_assert_cmpuint (st->points->len, ==, 2);
  g_assert_cmpint (g_array_index (st->points, ImhPlayerStatsPoint, 0).game_id, ==, f->id_a);
  g_assert_cmpfloat_with_epsilon (g_array_index (st->points, ImhPlayerStatsPoint, 0).accuracy, acc_a, 1e-6);
  g_assert_cmpuint (g_array_index (st->points, ImhPlayerStatsPoint, 0).mistakes, ==, 2);
  g_assert_cmpuint (g_array_index (st->points, ImhPlayerStatsPoint, 0).blunders, ==, 1);
  g_assert_cmpfloat_with_epsilon (g_array_index (st->points, ImhPlayerStatsPoint, 0).luck, 4.0, 1e-6);
  g_assert_cmpfloat_with_epsilon (g_array_index (st->points, ImhPlayerStatsPoint, 1).accuracy, acc_b, 1e-6);
  g_assert_cmpuint (g_array_index (st->points, ImhPlayerStatsPoint, 1).mistakes, ==, 1);
  g_assert_cmpfloat_with_epsilon (st->mean_accuracy, (acc_a + acc_b) / 2, 1e-6);
  g_assert_cmpfloat_with_epsilon (st->mistakes_per_game, 1.5, 1e-9);
  g_assert_cmpfloat_with_epsilon (st->mean_luck, 2.0, 1e-6);

  /* Luck against skill: result minus luck / 100. */
  result_a = place_a == 1 ? 1.0 : 0.0;
  result_b = place_b == 1 ? 1.0 : 0.0;
  g_assert_cmpuint (st->n_results, ==, 2);
  g_assert_cmpfloat_with_epsilon (st->mean_result, (result_a + result_b) / 2, 1e-6);
  g_assert_cmpfloat_with_epsilon (st->mean_luck_adjusted, (result_a - 0.04 + result_b) / 2, 1e-6);

  /* Mean loss by kind: the losses where they fell, over the choices. */
  {
    ImhRecordError err = { 0 };
    ImhRecord *ra = imh_record_parse (f->a, strlen (f->a), &err);
    ImhRecord *rb = imh_record_parse (f->b, strlen (f->b), &err);

    loss[imh_decision_group (IMH_GAME_DUEL, ra->main.decisions[f->ada_a[0]])] += 12;
    loss[imh_decision_group (IMH_GAME_DUEL, ra->main.decisions[f->ada_a[1]])] += 20;
    loss[imh_decision_group (IMH_GAME_DUEL, ra->main.decisions[f->ada_a[2]])] += 6;
    loss[imh_decision_group (IMH_GAME_DUEL, rb->main.decisions[f->ada_b])] += 16;
    imh_record_free (ra);
    imh_record_free (rb);
  }
  for (guint i = 0; i < st->groups->len; i++)
    {
      const ImhPlayerStatsGroup *g = &g_array_index (st->groups, ImhPlayerStatsGroup, i);

      g_assert_cmpint (g->game, ==, IMH_GAME_DUEL);
      g_assert_cmpuint (g->decisions, ==, na[g->group] + nb[g->group]);
      g_assert_cmpfloat_with_epsilon (g->mean_loss, loss[g->group] / (na[g->group] + nb[g->group]), 1e-6);
    }

  /* Period and game filters. */
  {
    g_autoptr(GDateTime) feb = g_date_time_new_utc (2026, 2, 1, 0, 0, 0);
    g_autoptr(ImhPlayerStats) since = NULL, classic = NULL, nobody = NULL;
    const char *other[] = { "Zed", NULL };

    q.since = g_date_time_to_unix (feb);
    since = imh_library_get_player_stats (f->lib, &q, &error);
    g_assert_cmpuint (since->n_games, ==, 2);
    g_assert_cmpuint (since->points->len, ==, 1);
    q.since = 0;
    q.game = IMH_GAME_CLASSIC;
    classic = imh_library_get_player_stats (f->lib, &q, &error);
    g_assert_cmpuint (classic->n_games, ==, 0);
    q.game = -1;
    q.names = other;
    nobody = imh_library_get_player_stats (f->lib, &q, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (nobody->n_games, ==, 0);
    g_assert_cmpuint (nobody->levels->len, ==, 0);
  }

  /* A game in the trash counts no more. */
  {
    g_autoptr(ImhLibraryDeleted) deleted = imh_library_delete (f->lib, &f->id_b, 1, &error);
    g_autoptr(ImhPlayerStats) after = NULL;

    q.names = names;
    after = imh_library_get_player_stats (f->lib, &q, &error);
    g_assert_cmpuint (after->n_games, ==, 2);
    g_assert_cmpuint (after->n_analysed, ==, 1);
  }
}

/* The base game, three players: Ada (person, seat 1) between two
 * computers; two mistakes of hers, one of a computer. */
static void
test_classic (void)
{
  g_autofree char *path = temp_db ("classic.sqlite3");
  g_autoptr(ImhLibrary) lib = open_at (path);
  const char *kinds[] = { "computer:casual", "human", "computer:strong" };
  const char *who[] = { "Cleo", "Ada", "Dan" };
  g_autofree char *text = practice_record_of (IMH_GAME_CLASSIC, 3, 9, kinds, who, "2026-04-01T10:00:00Z");
  g_autoptr(GArray) ada = practice_choice_plies (text, 1, 2);
  g_autoptr(GArray) cleo = practice_choice_plies (text, 0, 1);
  g_autoptr(GPtrArray) l = NULL;
  g_autoptr(ImhPlayerStats) st = NULL;
  g_autoptr(GError) error = NULL;
  const char *names[] = { "Ada", NULL };
  ImhPlayerStatsQuery q = { names, IMH_GAME_CLASSIC, 0, 0 };
  gint64 id = add_game (lib, text);
  PracticeLoss losses[3];
  ImhAnalysis *an;
  guint hidden = 0;

  g_assert_cmpuint (ada->len, ==, 2);
  g_assert_cmpuint (cleo->len, ==, 1);
  losses[0] = (PracticeLoss) { g_array_index (ada, guint, 0), 11 };
  losses[1] = (PracticeLoss) { g_array_index (ada, guint, 1), 18 };
  losses[2] = (PracticeLoss) { g_array_index (cleo, guint, 0), 30 };
  an = practice_analysis (text, losses, 3, -1);
  practice_store (lib, id, an);
  imh_analysis_free (an);

  l = list (lib, "ada", FALSE, imh_exercise_today ());
  g_assert_cmpuint (l->len, ==, 2);
  for (guint i = 0; i < l->len; i++)
    {
      ImhExercise *e = l->pdata[i];
      g_autofree ImhState *truth = true_position (text, imh_exercise_get_ply (e));
      const ImhState *seen = imh_exercise_get_position (e);
      const ImhRules *rules = imh_rules_of (seen);
      ImhDecisionList l1, l2;
      int n1 = imh_legal (truth, &l1), n2 = imh_legal (seen, &l2);

      g_assert_cmpint (imh_exercise_get_game (e), ==, IMH_GAME_CLASSIC);
      g_assert_cmpuint (imh_exercise_get_seat (e), ==, 1);
      g_assert_cmpuint (imh_exercise_get_ply (e), ==, g_array_index (ada, guint, i));
      g_assert_cmpint (n1, ==, n2);
      g_assert_cmpmem (l1.d, n1 * sizeof (ImhDecision), l2.d, n2 * sizeof (ImhDecision));
      g_assert_cmpint (imh_exercise_check (e, imh_exercise_get_best (e), NULL), ==, IMH_EXERCISE_SOLVED);
      if (rules->hidden_count (truth) > 1)
        {
          hidden++;
          g_assert_true (rules->hash (seen) != rules->hash (truth));
        }
    }
  /* The base game hides its decks all game long. */
  g_assert_cmpuint (hidden, ==, 2);

  st = imh_library_get_player_stats (lib, &q, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (st->n_games, ==, 1);
  g_assert_cmpuint (st->points->len, ==, 1);
  g_assert_cmpuint (g_array_index (st->points, ImhPlayerStatsPoint, 0).mistakes, ==, 2);
  g_assert_cmpuint (st->levels->len, ==, 1);
  g_assert_cmpint (g_array_index (st->levels, ImhPlayerStatsLevel, 0).level, >=, 0);
  g_assert_cmpuint (g_array_index (st->levels, ImhPlayerStatsLevel, 0).games, ==, 1);
  for (guint i = 0; i < st->groups->len; i++)
    g_assert_cmpint (g_array_index (st->groups, ImhPlayerStatsGroup, i).game, ==, IMH_GAME_CLASSIC);
  g_assert_cmpuint (st->groups->len, >=, 2);
}

static void
async_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  GAsyncResult **out = user_data;
  *out = g_object_ref (result);
}

/* The worker-thread variants give what the synchronous calls give. */
static void
test_async (Fixture *f, gconstpointer data)
{
  const char *names[] = { "Ada", NULL };
  ImhPlayerStatsQuery q = { names, -1, 0, 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) l = NULL;
  g_autoptr(ImhPlayerStats) st = NULL;
  GAsyncResult *result = NULL;

  imh_library_list_exercises_async (f->lib, names, FALSE, imh_exercise_today (), NULL, async_done, &result);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);
  l = imh_library_list_exercises_finish (f->lib, result, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (l->len, ==, 3);
  g_clear_object (&result);

  imh_library_get_player_stats_async (f->lib, &q, NULL, async_done, &result);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);
  st = imh_library_get_player_stats_finish (f->lib, result, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (st->n_games, ==, 2);
  g_assert_cmpuint (st->points->len, ==, 2);
  g_clear_object (&result);
}

static void
test_groups (void)
{
  g_assert_cmpuint (imh_decision_n_groups (IMH_GAME_DUEL), ==, 3);
  g_assert_cmpuint (imh_decision_n_groups (IMH_GAME_CLASSIC), ==, 4);
  g_assert_cmpstr (imh_decision_group_id (IMH_GAME_DUEL, imh_decision_group (IMH_GAME_DUEL, 4)), ==, "place");
  g_assert_cmpstr (imh_decision_group_id (IMH_GAME_DUEL, imh_decision_group (IMH_GAME_DUEL, 10)), ==, "unload");
  g_assert_cmpstr (imh_decision_group_id (IMH_GAME_DUEL, imh_decision_group (IMH_GAME_DUEL, 15)), ==, "action-tile");
  g_assert_cmpstr (imh_decision_group_id (IMH_GAME_DUEL, imh_decision_group (IMH_GAME_DUEL, 40)), ==, "action-tile");
  g_assert_cmpstr (imh_decision_group_id (IMH_GAME_CLASSIC, imh_decision_group (IMH_GAME_CLASSIC, 1)), ==, "get");
  g_assert_cmpstr (imh_decision_group_id (IMH_GAME_CLASSIC, imh_decision_group (IMH_GAME_CLASSIC, 5)), ==, "place");
  g_assert_cmpstr (imh_decision_group_id (IMH_GAME_CLASSIC, imh_decision_group (IMH_GAME_CLASSIC, 20)), ==, "sail");
  g_assert_cmpstr (imh_decision_group_id (IMH_GAME_CLASSIC, imh_decision_group (IMH_GAME_CLASSIC, 68)), ==, "sail");
  g_assert_cmpstr (imh_decision_group_id (IMH_GAME_CLASSIC, imh_decision_group (IMH_GAME_CLASSIC, 45)), ==, "card");
  g_assert_cmpstr (imh_decision_group_id (IMH_GAME_CLASSIC, imh_decision_group (IMH_GAME_CLASSIC, 73)), ==, "card");
}

/* A library written by the version 2 CLI (tests/core/data/README.md): one
 * analysed Duel of Ada (person) against Bob (computer). */
static void
test_migration (void)
{
  g_autofree char *gz = g_test_build_filename (G_TEST_DIST, "core", "data", "library-v2.sqlite3.gz", NULL);
  g_autofree char *path = temp_db ("v2.sqlite3");
  g_autofree char *cmd = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhLibrary) lib = NULL;
  g_autoptr(ImhAnalysisResult) result = NULL;
  g_autoptr(GPtrArray) ada = NULL;
  g_autoptr(ImhPlayerStats) st = NULL;
  const char *names[] = { "Ada", NULL };
  ImhPlayerStatsQuery q = { names, -1, 0, 0 };
  guint expected = 0;
  int status = 0;

  cmd = g_strdup_printf ("gzip -dc '%s' > '%s'", gz, path);
  {
    const char *argv[] = { "/bin/sh", "-c", cmd, NULL };
    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL, NULL, &status, &error));
    g_assert_no_error (error);
    g_assert_cmpint (status, ==, 0);
  }
  g_assert_cmpint (raw_count (path, "PRAGMA user_version"), ==, 2);

  lib = open_at (path);
  g_assert_cmpint (raw_count (path, "PRAGMA user_version"), ==, IMH_LIBRARY_SCHEMA_VERSION);
  g_assert_cmpint (imh_library_count (lib, NULL), ==, 1);
  result = imh_analysis_result_load (lib, 1, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < imh_analysis_result_get_n_plies (result); i++)
    {
      const ImhAnalysisPly *p = imh_analysis_result_get_ply (result, i);
      if (p->mover == 0 && p->mark >= IMH_MARK_MISTAKE)
        expected++;
    }
  g_assert_cmpuint (expected, >, 0);
  ada = list (lib, "Ada", TRUE, imh_exercise_today ());
  g_assert_cmpuint (ada->len, ==, expected);
  g_assert_cmpint (raw_count (path, "SELECT count(*) FROM analysis_seats"), ==, 1);
  st = imh_library_get_player_stats (lib, &q, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (st->n_analysed, ==, 1);
  g_assert_cmpfloat_with_epsilon (st->mean_accuracy, imh_analysis_result_get_player (result, 0)->accuracy, 1e-6);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
  imh_test_i18n_init ();

  g_test_add_func ("/practice/groups", test_groups);
  g_test_add ("/practice/created", Fixture, NULL, fixture_set_up, test_created, fixture_tear_down);
  g_test_add ("/practice/check", Fixture, NULL, fixture_set_up, test_check, fixture_tear_down);
  g_test_add ("/practice/schedule", Fixture, NULL, fixture_set_up, test_schedule, fixture_tear_down);
  g_test_add ("/practice/follow-game", Fixture, NULL, fixture_set_up, test_follow_game, fixture_tear_down);
  g_test_add ("/practice/stats", Fixture, NULL, fixture_set_up, test_stats, fixture_tear_down);
  g_test_add_func ("/practice/classic", test_classic);
  g_test_add ("/practice/async", Fixture, NULL, fixture_set_up, test_async, fixture_tear_down);
  g_test_add_func ("/practice/migration", test_migration);
  return g_test_run ();
}
