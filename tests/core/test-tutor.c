/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test-tutor.c — the tutor's judgement agrees with the analysis.
 *
 * The records are seeded self-play games (imhotep-cli selfplay --player
 * beginner --seed 11, one Duel, one base game with two players). Their
 * analysis (imhotep-cli analyse --depth standard, seed 1) marks the
 * decisions below: a blunder, with the analysis' best decision and loss,
 * and a decision that was the best. The tutor, with its default budget
 * (the analysis' standard depth and seed), must flag the blunder, name
 * the same better decision and the same loss, and leave the best alone.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "imh-game-private.h"
#include "imh-record.h"
#include "imh-tutor.h"

typedef struct {
  const char *name;
  const char *file;
  guint       ply;
  const char *played;
  gboolean    blunder;      /* the analysis: loss >= 10 */
  const char *best;         /* the analysis' best decision */
  double      loss;         /* the analysis' loss, percentage points (2 decimals) */
} Case;

static const Case cases[] = {
  /* The Duel: ply 20, Black unloads the boat R1 (the analysis: blunder,
   * 23.7 points, P c1 was better); ply 19, White places on b3 (best). */
  { "duel/blunder", "tutor-duel-11.imhotep", 20, "U R1", TRUE, "P c1", 23.7 },
  { "duel/best", "tutor-duel-11.imhotep", 19, "P b3", FALSE, "P b3", 0.0 },
  /* The base game, two players: ply 16, Black sails ship 1 to the
   * pyramid (the analysis: mistake, 13.33 points, placing a stone on
   * ship 1 was better); ply 12, Black sails ship 2 to the burial chamber
   * (best). */
  { "classic/blunder", "tutor-classic-11.imhotep", 16, "sail:1:pyramid", TRUE, "place:1.3", 13.33 },
  { "classic/best", "tutor-classic-11.imhotep", 12, "sail:2:burial", FALSE, "sail:2:burial", 0.0 },
};

static ImhRecord *
load_record (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "core", "data", name, NULL);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  ImhRecordError err;
  gsize len;
  ImhRecord *record;

  g_assert_true (g_file_get_contents (path, &text, &len, &error));
  g_assert_no_error (error);
  record = imh_record_parse (text, len, &err);
  g_assert_nonnull (record);
  return record;
}

static void
position (const Case *c,
          ImhRecord **record_out,
          ImhState   *before,
          ImhDecision *played,
          ImhDecision *best)
{
  ImhRecord *record = load_record (c->file);
  ImhRecordError err;

  g_assert_true (imh_record_replay (record, NULL, c->ply, before, &err));
  g_assert_true (record->rules->decision_from_text (before, c->played, played));
  g_assert_true (record->rules->decision_from_text (before, c->best, best));
  /* The record plays that decision there. */
  g_assert_cmpuint (imh_record_line_decision_at (&record->main, c->ply), ==, *played);
  *record_out = record;
}

static void
check_verdict (const Case            *c,
               const ImhTutorVerdict *v,
               ImhDecision            played,
               ImhDecision            best)
{
  g_assert_cmpuint (v->ply, ==, c->ply);
  g_assert_cmpuint (v->played, ==, played);
  g_assert_true (v->judged);
  g_assert_cmpint (v->blunder, ==, c->blunder);
  g_assert_cmpuint (v->best, ==, best);
  /* The same seeds as the analysis: the same loss (the JSON rounds to
   * two decimals). */
  g_assert_cmpfloat_with_epsilon (v->loss, c->loss, 0.006);
  g_assert_cmpfloat_with_epsilon (v->win_best - v->win_played, v->loss / 100, 1e-9);
  g_assert_cmpfloat (v->win_played, >=, 0);
  g_assert_cmpfloat (v->win_best, <=, 1);
}

/* The judgement of the decision played, on the position. */
static void
test_judge (gconstpointer data)
{
  const Case *c = data;
  g_autoptr(GError) error = NULL;
  ImhRecord *record;
  ImhState before;
  ImhDecision played, best;
  ImhTutorVerdict v;

  position (c, &record, &before, &played, &best);
  g_assert_true (imh_tutor_judge (&before, c->ply, played, NULL, NULL, &v, &error));
  g_assert_no_error (error);
  check_verdict (c, &v, played, best);
  imh_record_free (record);
}

static void
on_tutor_ready (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  GAsyncResult **out = user_data;

  *out = g_object_ref (result);
}

static GAsyncResult *
wait_for (GAsyncResult **result)
{
  while (*result == NULL)
    g_main_context_iteration (NULL, TRUE);
  return *result;
}

/* The same through a game, in the tutor's thread. */
static void
test_game_async (gconstpointer data)
{
  const Case *c = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhGame) game = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  ImhRecord *record;
  ImhState before;
  ImhDecision played, best;
  ImhTutorVerdict v;

  position (c, &record, &before, &played, &best);
  game = _imh_game_new_from_record (record, &error);
  g_assert_no_error (error);
  imh_game_set_pace (game, 0);
  imh_game_stop_computer (game);
  imh_game_tutor_async (game, c->ply, NULL, NULL, on_tutor_ready, &result);
  g_assert_true (imh_game_tutor_finish (game, wait_for (&result), &v, &error));
  g_assert_no_error (error);
  check_verdict (c, &v, played, best);
  imh_record_free (record);
}

static void
test_cancel (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhGame) game = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  ImhRecord *record = load_record ("tutor-duel-11.imhotep");
  ImhTutorVerdict v;

  game = _imh_game_new_from_record (record, &error);
  g_assert_no_error (error);
  imh_game_stop_computer (game);
  imh_game_tutor_async (game, 20, NULL, cancellable, on_tutor_ready, &result);
  g_cancellable_cancel (cancellable);
  g_assert_false (imh_game_tutor_finish (game, wait_for (&result), &v, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);

  /* A ply without a decision. */
  g_clear_object (&result);
  g_clear_error (&error);
  imh_game_tutor_async (game, imh_game_get_n_plies (game), NULL, NULL, on_tutor_ready, &result);
  g_assert_false (imh_game_tutor_finish (game, wait_for (&result), &v, &error));
  g_assert_error (error, IMH_GAME_ERROR, IMH_GAME_ERROR_INVALID_PLY);
  imh_record_free (record);
}

/* A forced decision is not judged; an illegal one is refused. */
static void
test_forced_and_illegal (void)
{
  g_autoptr(GError) error = NULL;
  ImhRecord *record = load_record ("tutor-duel-11.imhotep");
  ImhAnalysisSettings small;
  ImhTutorVerdict v;
  ImhState s;
  ImhRecordError err;
  gboolean seen_forced = FALSE;

  imh_tutor_budget_init (&small);
  small.root_iterations = 200;
  small.samples = 4;
  small.sample_iterations = 32;
  for (guint ply = 0; ply < imh_record_line_end (&record->main) && !seen_forced; ply++)
    {
      ImhDecisionList legal;

      g_assert_true (imh_record_replay (record, NULL, ply, &s, &err));
      record->rules->legal (&s, &legal);
      if (legal.n != 1)
        continue;
      seen_forced = TRUE;
      g_assert_true (imh_tutor_judge (&s, ply, legal.d[0], &small, NULL, &v, &error));
      g_assert_false (v.judged);
      g_assert_false (v.blunder);
    }
  g_assert_true (seen_forced);

  g_assert_true (imh_record_replay (record, NULL, 0, &s, &err));
  g_assert_false (imh_tutor_judge (&s, 0, (ImhDecision) 0xfffe, &small, NULL, &v, &error));
  g_assert_error (error, IMH_GAME_ERROR, IMH_GAME_ERROR_ILLEGAL);
  imh_record_free (record);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *judge = g_strdup_printf ("/tutor/judge/%s", cases[i].name);
      g_autofree char *async = g_strdup_printf ("/tutor/game/%s", cases[i].name);

      g_test_add_data_func (judge, &cases[i], test_judge);
      /* Through a game: the Duel's (the base game's cost several times more). */
      if (g_str_has_prefix (cases[i].name, "duel/"))
        g_test_add_data_func (async, &cases[i], test_game_async);
    }
  g_test_add_func ("/tutor/cancel", test_cancel);
  g_test_add_func ("/tutor/forced-and-illegal", test_forced_and_illegal);

  return g_test_run ();
}
