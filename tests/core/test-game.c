/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-game.c — ImhGame: undo/redo, variations, computer seats, history, records, hints. */
#include "config.h"

#include <glib/gstdio.h>
#include <libintl.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>

#include "imh-ai.h"
#include "imh-game.h"
#include "imh-game-private.h"
#include "imh-hint.h"
#include "imh-history.h"
#include "imh-record.h"
#include "imh-record-file.h"
#include "imh-texts.h"
#include "test-i18n.h"

/* ---- Helpers -------------------------------------------------------------------- */

static ImhGame *
new_game (ImhGameKind kind,
          guint       n_players,
          guint64     seed,
          int         start_player)
{
  g_autoptr(GError) error = NULL;
  ImhOptions options;
  ImhGame *game;

  imh_options_init (&options, kind, (int) n_players);
  options.start_player = (int8_t) start_player;
  game = imh_game_new (&options, seed, &error);
  g_assert_no_error (error);
  g_assert_nonnull (game);
  imh_game_set_pace (game, 0);
  return game;
}

static gboolean
states_equal (const ImhState *a,
              const ImhState *b)
{
  const ImhRules *rules = imh_rules_of (a);

  return a->kind == b->kind && memcmp (a, b, rules->state_size) == 0;
}

/* Lets the computer play until a human decides or the game is over. */
static void
wait_for_human (ImhGame *game)
{
  while (imh_game_get_phase (game) == IMH_GAME_PHASE_COMPUTER)
    g_main_context_iteration (NULL, TRUE);
}

static gboolean
quit_loop (gpointer data)
{
  g_main_loop_quit (data);
  return G_SOURCE_REMOVE;
}

/* Runs the main loop for ms milliseconds (lets stray callbacks arrive). */
static void
spin (guint ms)
{
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);

  g_timeout_add (ms, quit_loop, loop);
  g_main_loop_run (loop);
}

static ImhDecision
random_legal (ImhGame *game,
              GRand   *rand)
{
  ImhDecisionList list;

  imh_game_get_viewed_legal (game, &list);
  g_assert_cmpuint (list.n, >, 0);
  return list.d[g_rand_int_range (rand, 0, list.n)];
}

/* The game's record replays to the live state, and the game's line from
 * its initial position replays to every state it reports. */
static void
check_consistency (ImhGame *game)
{
  g_autofree char *text = imh_game_to_record_text (game);
  ImhRecordError err = { 0 };
  ImhRecord *record = imh_record_parse (text, strlen (text), &err);
  const ImhRules *rules = imh_game_get_rules (game);
  guint live = imh_game_get_live_ply (game);
  guint n = imh_game_get_n_plies (game);
  ImhState state;
  ImhHistory *history = imh_game_get_history (game);
  guint ply = 0;

  if (record == NULL)
    g_error ("record does not parse: %u:%u %s\n%s", err.line, err.column, err.message, text);
  g_assert_true (imh_record_replay (record, NULL, live, &state, &err));
  g_assert_true (states_equal (&state, imh_game_get_state (game)));
  g_assert_cmpuint (imh_record_line_end (&record->main), ==, n);
  imh_record_free (record);

  /* The line from ply 0. */
  memcpy (&state, imh_game_get_state_at (game, 0), sizeof state);
  for (guint i = 0; i < n; i++)
    {
      ImhDecision d = imh_game_get_decision_at (game, i);

      g_assert_true (rules->is_legal (&state, d));
      rules->apply (&state, d);
      g_assert_true (states_equal (&state, imh_game_get_state_at (game, i + 1)));
    }
  g_assert_null (imh_game_get_state_at (game, n + 1));

  g_assert_cmpuint (imh_game_get_viewed_ply (game), <=, live);
  g_assert_cmpint (imh_game_get_can_undo (game), ==, live > 0);
  g_assert_cmpint (imh_game_get_can_redo (game), ==, live < n);
  g_assert_cmpint (imh_game_get_is_over (game), ==, rules->is_over (imh_game_get_state (game)));

  /* The history lists the turns of [0, live). */
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (history)); i++)
    {
      ImhTurnItem *item = imh_history_peek_item (history, i);
      guint first = imh_turn_item_get_first_ply (item);
      guint end = imh_turn_item_get_end_ply (item);

      g_assert_cmpuint (first, ==, ply);
      g_assert_cmpuint (end, >, first);
      g_assert_cmpuint (imh_turn_item_get_number (item), ==, i + 1);
      g_assert_cmpuint (imh_game_get_turn_start (game, first), ==, first);
      g_assert_cmpuint (end, ==, MIN (imh_game_get_turn_end (game, first), live));
      for (guint k = 0; k < imh_turn_item_get_n_decisions (item); k++)
        g_assert_cmpuint (imh_turn_item_get_decision (item, k), ==,
                          imh_game_get_decision_at (game, first + k));
      ply = end;
    }
  g_assert_cmpuint (ply, ==, live);
}

/* ---- Tests ------------------------------------------------------------------------ */

static void
test_new_game (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhGame) game = new_game (IMH_GAME_DUEL, 2, 7, 0);
  g_autofree char *player_2 = g_strdup_printf (IMH_T ("Player %u"), 2u);
  ImhOptions bad;
  ImhScore score;

  g_assert_cmpint (imh_game_get_kind (game), ==, IMH_GAME_DUEL);
  g_assert_cmpuint (imh_game_get_n_players (game), ==, 2);
  g_assert_cmpint (imh_game_get_actor (game), ==, 0);
  g_assert_cmpuint (imh_game_get_live_ply (game), ==, 0);
  g_assert_false (imh_game_get_can_undo (game));
  g_assert_false (imh_game_get_can_redo (game));
  g_assert_false (imh_game_get_is_over (game));
  g_assert_cmpint (imh_game_get_phase (game), ==, IMH_GAME_PHASE_HUMAN);
  g_assert_cmpstr (imh_seat_get_name (imh_game_get_seat (game, 1)), ==, player_2);
  imh_seat_set_name (imh_game_get_seat (game, 1), "  Bob\tthe\nBuilder \x7f ");
  g_assert_cmpstr (imh_seat_get_name (imh_game_get_seat (game, 1)), ==, "Bob the Builder");
  imh_seat_set_name (imh_game_get_seat (game, 1), " ");
  g_assert_cmpstr (imh_seat_get_name (imh_game_get_seat (game, 1)), ==, player_2);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (imh_game_get_history (game))), ==, 0);
  imh_game_get_score (game, &score);
  g_assert_cmpuint (score.n_players, ==, 2);

  /* Invalid options: a clear error, no game. */
  imh_options_init (&bad, IMH_GAME_DUEL, 3);
  g_assert_null (imh_game_new (&bad, 1, &error));
  g_assert_error (error, IMH_GAME_ERROR, IMH_GAME_ERROR_INVALID_OPTIONS);
  g_clear_error (&error);

  /* Illegal decisions are refused and change nothing. */
  g_assert_false (imh_game_apply (game, 9999, IMH_BRANCH_TRUNCATE, &error));
  g_assert_error (error, IMH_GAME_ERROR, IMH_GAME_ERROR_ILLEGAL);
  g_assert_cmpuint (imh_game_get_live_ply (game), ==, 0);
  check_consistency (game);
}

static void
test_undo_redo_turns (void)
{
  g_autoptr(ImhGame) game = new_game (IMH_GAME_DUEL, 2, 11, -1);
  g_autoptr(GRand) rand = g_rand_new_with_seed (11);
  guint live;

  for (guint i = 0; i < 30 && !imh_game_get_is_over (game); i++)
    g_assert_true (imh_game_apply (game, random_legal (game, rand), IMH_BRANCH_TRUNCATE, NULL));
  live = imh_game_get_live_ply (game);
  check_consistency (game);

  /* By decision. */
  g_assert_true (imh_game_undo (game));
  g_assert_cmpuint (imh_game_get_live_ply (game), ==, live - 1);
  g_assert_true (imh_game_get_can_redo (game));
  check_consistency (game);
  g_assert_true (imh_game_redo (game));
  g_assert_cmpuint (imh_game_get_live_ply (game), ==, live);
  g_assert_false (imh_game_redo (game));

  /* By turn: every stop is a turn start, and redo by turn comes back. */
  while (imh_game_undo_turn (game))
    {
      guint ply = imh_game_get_live_ply (game);

      g_assert_cmpuint (imh_game_get_turn_start (game, ply), ==, ply);
      check_consistency (game);
    }
  g_assert_cmpuint (imh_game_get_live_ply (game), ==, 0);
  g_assert_cmpuint (imh_game_get_n_plies (game), ==, live);
  while (imh_game_redo_turn (game))
    check_consistency (game);
  g_assert_cmpuint (imh_game_get_live_ply (game), ==, live);
}

static void
test_review (void)
{
  g_autoptr(ImhGame) game = new_game (IMH_GAME_DUEL, 2, 5, 0);
  g_autoptr(GRand) rand = g_rand_new_with_seed (5);
  ImhState live_state;

  for (guint i = 0; i < 12; i++)
    g_assert_true (imh_game_apply (game, random_legal (game, rand), IMH_BRANCH_TRUNCATE, NULL));
  memcpy (&live_state, imh_game_get_state (game), sizeof live_state);

  imh_game_set_viewed_ply (game, 4);
  g_assert_cmpuint (imh_game_get_viewed_ply (game), ==, 4);
  g_assert_cmpuint (imh_game_get_live_ply (game), ==, 12);
  g_assert_true (states_equal (imh_game_get_state (game), &live_state));
  g_assert_true (states_equal (imh_game_get_viewed_state (game), imh_game_get_state_at (game, 4)));
  imh_game_set_viewed_ply (game, 100);
  g_assert_cmpuint (imh_game_get_viewed_ply (game), ==, 12);

  /* The same decision from a past position is a redo: nothing is lost. */
  imh_game_set_viewed_ply (game, 4);
  g_assert_false (imh_game_would_branch (game, imh_game_get_decision_at (game, 4)));
  g_assert_true (imh_game_apply (game, imh_game_get_decision_at (game, 4), IMH_BRANCH_TRUNCATE, NULL));
  g_assert_cmpuint (imh_game_get_live_ply (game), ==, 5);
  g_assert_cmpuint (imh_game_get_viewed_ply (game), ==, 5);
  g_assert_cmpuint (imh_game_get_n_plies (game), ==, 12);
  check_consistency (game);
}

static void
test_branch (gconstpointer data)
{
  ImhBranchMode mode = GPOINTER_TO_INT (data);
  g_autoptr(ImhGame) game = new_game (IMH_GAME_DUEL, 2, 21, 1);
  g_autoptr(GRand) rand = g_rand_new_with_seed (21);
  ImhDecisionList legal, cont;
  ImhDecision old_d = 0, new_d = 0;
  guint branch_ply = 0;
  gboolean found = FALSE;

  for (guint i = 0; i < 20; i++)
    g_assert_true (imh_game_apply (game, random_legal (game, rand), IMH_BRANCH_TRUNCATE, NULL));

  /* Go back to a ply with an alternative decision. */
  while (!found && imh_game_undo (game))
    {
      branch_ply = imh_game_get_live_ply (game);
      old_d = imh_game_get_decision_at (game, branch_ply);
      imh_game_get_legal (game, &legal);
      for (guint i = 0; i < legal.n && !found; i++)
        if (legal.d[i] != old_d && branch_ply < 16)
          {
            new_d = legal.d[i];
            found = TRUE;
          }
    }
  g_assert_true (found);
  g_assert_true (imh_game_would_branch (game, new_d));
  g_assert_true (imh_game_apply (game, new_d, mode, NULL));
  g_assert_cmpuint (imh_game_get_live_ply (game), ==, branch_ply + 1);
  g_assert_cmpuint (imh_game_get_n_plies (game), ==, branch_ply + 1);
  g_assert_false (imh_game_get_can_redo (game));
  check_consistency (game);

  imh_game_get_continuations (game, branch_ply, &cont);
  g_assert_cmpuint (cont.d[0], ==, new_d);
  if (mode == IMH_BRANCH_TRUNCATE)
    {
      g_assert_cmpuint (cont.n, ==, 1);
    }
  else
    {
      g_autofree char *text = imh_game_to_record_text (game);
      g_autoptr(ImhGame) copy = NULL;
      g_autofree char *copy_text = NULL;
      g_autoptr(GError) error = NULL;

      g_assert_cmpuint (cont.n, ==, 2);
      g_assert_cmpuint (cont.d[1], ==, old_d);
      g_assert_nonnull (strstr (text, "variation "));

      /* The variation survives a record round trip. */
      copy = imh_game_new_from_record_text (text, -1, &error);
      g_assert_no_error (error);
      copy_text = imh_game_to_record_text (copy);
      g_assert_cmpstr (copy_text, ==, text);
      imh_game_get_continuations (copy, branch_ply, &cont);
      g_assert_cmpuint (cont.n, ==, 2);

      /* Back to the old line: it is complete again. */
      g_assert_true (imh_game_select_variation (game, branch_ply, old_d, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (imh_game_get_live_ply (game), ==, branch_ply + 1);
      g_assert_cmpuint (imh_game_get_n_plies (game), ==, 20);
      imh_game_get_continuations (game, branch_ply, &cont);
      g_assert_cmpuint (cont.n, ==, 2);
      g_assert_cmpuint (cont.d[0], ==, old_d);
      check_consistency (game);

      /* Playing the variation's decision there with TRUNCATE makes it the
       * line and drops the continuation it replaced. */
      imh_game_set_viewed_ply (game, branch_ply);
      g_assert_true (imh_game_would_branch (game, new_d));
      g_assert_true (imh_game_apply (game, new_d, IMH_BRANCH_TRUNCATE, &error));
      g_assert_no_error (error);
      imh_game_get_continuations (game, branch_ply, &cont);
      g_assert_cmpuint (cont.n, ==, 1);
      g_assert_cmpuint (cont.d[0], ==, new_d);
      g_assert_cmpuint (imh_game_get_n_plies (game), ==, branch_ply + 1);
      check_consistency (game);
    }
}

static void
count_signal (gpointer data)
{
  (*(guint *) data)++;
}

static void
test_undo_after_over (void)
{
  g_autoptr(ImhGame) game = new_game (IMH_GAME_DUEL, 2, 3, -1);
  g_autoptr(GRand) rand = g_rand_new_with_seed (3);
  g_autoptr(GError) error = NULL;
  guint game_over = 0;
  guint n;
  ImhState final;

  g_signal_connect_swapped (game, "game-over", G_CALLBACK (count_signal), &game_over);
  while (!imh_game_get_is_over (game))
    g_assert_true (imh_game_apply (game, random_legal (game, rand), IMH_BRANCH_TRUNCATE, NULL));
  g_assert_cmpuint (game_over, ==, 1);
  g_assert_cmpint (imh_game_get_phase (game), ==, IMH_GAME_PHASE_OVER);
  g_assert_false (imh_game_apply (game, 0, IMH_BRANCH_TRUNCATE, &error));
  g_assert_error (error, IMH_GAME_ERROR, IMH_GAME_ERROR_GAME_OVER);
  n = imh_game_get_n_plies (game);
  memcpy (&final, imh_game_get_state (game), sizeof final);
  check_consistency (game);

  g_assert_true (imh_game_undo_turn (game));
  g_assert_false (imh_game_get_is_over (game));
  g_assert_true (imh_game_get_can_redo (game));
  check_consistency (game);
  g_assert_true (imh_game_undo (game));
  check_consistency (game);

  /* Redo replays the same hidden draws: the same final state. */
  while (imh_game_redo (game))
    ;
  g_assert_cmpuint (imh_game_get_live_ply (game), ==, n);
  g_assert_true (imh_game_get_is_over (game));
  g_assert_true (states_equal (imh_game_get_state (game), &final));
  g_assert_cmpuint (game_over, ==, 2);
}

/* A finished game's record is the same at every save: its end time is
 * taken once (saves a second apart used to write two different times). */
static void
test_ended_time_kept (void)
{
  g_autoptr(ImhGame) game = new_game (IMH_GAME_DUEL, 2, 5, -1);
  g_autoptr(GRand) rand = g_rand_new_with_seed (5);
  g_autofree char *first = NULL, *second = NULL;

  while (!imh_game_get_is_over (game))
    g_assert_true (imh_game_apply (game, random_legal (game, rand), IMH_BRANCH_TRUNCATE, NULL));
  first = imh_game_to_record_text (game);
  g_assert_nonnull (strstr (first, "ended"));
  /* Past the next second of the clock the time is written in. */
  g_usleep (1100 * 1000);
  second = imh_game_to_record_text (game);
  g_assert_cmpstr (first, ==, second);
}

typedef struct
{
  ImhGameKind kind;
  guint       n_players;
  const char *level;
} VsComputer;

/* A full game against the computer (seat 0 human, the others computer)
 * with undo and redo at random points: the state always equals a replay
 * of the record. */
static void
test_full_game_vs_computer (gconstpointer data)
{
  const VsComputer *vs = data;
  g_autoptr(ImhGame) game = new_game (vs->kind, vs->n_players, 1234, -1);
  g_autoptr(GRand) rand = g_rand_new_with_seed (99);
  guint ops = 0;
  guint undos = 0;

  for (guint p = 1; p < vs->n_players; p++)
    {
      imh_seat_set_level (imh_game_get_seat (game, p), vs->level);
      imh_seat_set_kind (imh_game_get_seat (game, p), IMH_SEAT_COMPUTER);
    }

  while (ops++ < 5000)
    {
      int r = g_rand_int_range (rand, 0, 100);

      wait_for_human (game);
      check_consistency (game);
      if (imh_game_get_is_over (game))
        {
          if (undos > 3)
            break;
          g_assert_true (imh_game_undo_to_human (game));
          undos++;
          continue;
        }
      if (imh_game_get_phase (game) == IMH_GAME_PHASE_COMPUTER_WAITING)
        {
          if (r < 50)
            g_assert_true (imh_game_redo (game));
          else
            imh_game_resume_computer (game);
          continue;
        }
      g_assert_cmpint (imh_game_get_phase (game), ==, IMH_GAME_PHASE_HUMAN);
      if (r < 75)
        {
          g_assert_true (imh_game_apply (game, random_legal (game, rand),
                                         r < 40 ? IMH_BRANCH_TRUNCATE : IMH_BRANCH_VARIATION,
                                         NULL));
        }
      else if (r < 85)
        {
          if (imh_game_undo_to_human (game))
            {
              undos++;
              /* Back at a human decision (or the very start). */
              g_assert_true (imh_game_get_live_ply (game) == 0 ||
                             imh_game_get_phase (game) == IMH_GAME_PHASE_HUMAN);
            }
        }
      else if (r < 90)
        imh_game_undo (game);
      else if (r < 95)
        imh_game_redo_to_human (game);
      else
        imh_game_redo (game);
    }
  g_assert_true (imh_game_get_is_over (game));
  g_assert_cmpuint (undos, >, 0);
  check_consistency (game);
}

static const VsComputer vs_computer[] = {
  { IMH_GAME_DUEL, 2, "greedy" },
  { IMH_GAME_DUEL, 2, "beginner" },
  { IMH_GAME_CLASSIC, 3, "random" },
  { IMH_GAME_CLASSIC, 4, "greedy" },
};

typedef struct
{
  guint applied, undone, redone, turn_started, game_over, changed;
  guint notify_can_undo, notify_live_ply, notify_viewed_ply;
  guint last_from, last_to;
} Counts;

static void
on_applied (ImhGame *game, guint ply, guint d, Counts *c)
{
  c->applied++;
  c->last_from = ply;
}

static void
on_undone (ImhGame *game, guint from, guint to, Counts *c)
{
  c->undone++;
  c->last_from = from;
  c->last_to = to;
}

static void
on_redone (ImhGame *game, guint from, guint to, Counts *c)
{
  c->redone++;
  c->last_from = from;
  c->last_to = to;
}

static void
on_turn_started (ImhGame *game, int player, guint ply, Counts *c)
{
  g_assert_cmpint (player, ==, imh_game_get_turn_player (game));
  g_assert_cmpuint (ply, ==, imh_game_get_live_ply (game));
  c->turn_started++;
}

static void
on_notify (ImhGame *game, GParamSpec *pspec, Counts *c)
{
  if (g_str_equal (pspec->name, "can-undo"))
    c->notify_can_undo++;
  else if (g_str_equal (pspec->name, "live-ply"))
    c->notify_live_ply++;
  else if (g_str_equal (pspec->name, "viewed-ply"))
    c->notify_viewed_ply++;
}

static void
test_signals (void)
{
  g_autoptr(ImhGame) game = new_game (IMH_GAME_DUEL, 2, 17, 0);
  g_autoptr(GRand) rand = g_rand_new_with_seed (17);
  Counts c = { 0 };
  guint turns = 0;

  g_signal_connect (game, "decision-applied", G_CALLBACK (on_applied), &c);
  g_signal_connect (game, "undone", G_CALLBACK (on_undone), &c);
  g_signal_connect (game, "redone", G_CALLBACK (on_redone), &c);
  g_signal_connect (game, "turn-started", G_CALLBACK (on_turn_started), &c);
  g_signal_connect_swapped (game, "game-over", G_CALLBACK (count_signal), &c.game_over);
  g_signal_connect_swapped (game, "changed", G_CALLBACK (count_signal), &c.changed);
  g_signal_connect (game, "notify", G_CALLBACK (on_notify), &c);

  for (guint i = 0; i < 10; i++)
    {
      g_assert_true (imh_game_apply (game, random_legal (game, rand), IMH_BRANCH_TRUNCATE, NULL));
      g_assert_cmpuint (c.last_from, ==, i);
      if (imh_game_get_turn_start (game, imh_game_get_live_ply (game)) == imh_game_get_live_ply (game))
        turns++;
    }
  g_assert_cmpuint (c.applied, ==, 10);
  g_assert_cmpuint (c.changed, ==, 10);
  g_assert_cmpuint (c.turn_started, ==, turns);
  /* Notified only when the value changes. */
  g_assert_cmpuint (c.notify_can_undo, ==, 1);
  g_assert_cmpuint (c.notify_live_ply, ==, 10);
  g_assert_cmpuint (c.notify_viewed_ply, ==, 10);

  g_assert_true (imh_game_undo (game));
  g_assert_cmpuint (c.undone, ==, 1);
  g_assert_cmpuint (c.last_from, ==, 10);
  g_assert_cmpuint (c.last_to, ==, 9);
  g_assert_true (imh_game_redo (game));
  g_assert_cmpuint (c.redone, ==, 1);
  g_assert_cmpuint (c.last_to, ==, 10);
  g_assert_cmpuint (c.applied, ==, 10);

  /* Viewing changes no live property. */
  c.notify_live_ply = 0;
  imh_game_set_viewed_ply (game, 3);
  imh_game_set_viewed_ply (game, 3);
  g_assert_cmpuint (c.notify_live_ply, ==, 0);
  g_assert_cmpuint (c.notify_viewed_ply, ==, 13);
  g_assert_cmpuint (c.game_over, ==, 0);
}

static void
count_applied (ImhGame *game,
               guint    ply,
               guint    decision,
               gpointer data)
{
  (*(guint *) data)++;
}

/* Plays human decisions until the computer (seat 1) is thinking. */
static void
until_thinking (ImhGame *game,
                GRand   *rand)
{
  while (!imh_game_get_thinking (game))
    {
      if (imh_game_get_phase (game) == IMH_GAME_PHASE_HUMAN)
        g_assert_true (imh_game_apply (game, random_legal (game, rand), IMH_BRANCH_TRUNCATE, NULL));
      else
        g_main_context_iteration (NULL, TRUE);
    }
}

typedef enum { CANCEL_UNDO, CANCEL_RESTART, CANCEL_SEAT, CANCEL_STOP, CANCEL_DISPOSE } CancelHow;

static void
test_cancel_thinking (gconstpointer data)
{
  CancelHow how = GPOINTER_TO_INT (data);
  ImhGame *game = new_game (IMH_GAME_DUEL, 2, 77, 0);
  g_autoptr(GRand) rand = g_rand_new_with_seed (77);
  guint applied = 0;
  guint live;
  ImhOptions options;

  imh_seat_set_level (imh_game_get_seat (game, 1), "expert");
  imh_seat_set_kind (imh_game_get_seat (game, 1), IMH_SEAT_COMPUTER);
  until_thinking (game, rand);
  g_signal_connect (game, "decision-applied", G_CALLBACK (count_applied), &applied);
  live = imh_game_get_live_ply (game);

  switch (how)
    {
    case CANCEL_UNDO:
      g_assert_true (imh_game_undo_to_human (game));
      live = imh_game_get_live_ply (game);
      break;
    case CANCEL_RESTART:
      imh_game_get_options (game, &options);
      g_assert_true (imh_game_restart (game, &options, 78, NULL));
      live = 0;
      /* Player 0 starts: the computer must not move in the new game. */
      break;
    case CANCEL_SEAT:
      imh_seat_set_kind (imh_game_get_seat (game, 1), IMH_SEAT_HUMAN);
      break;
    case CANCEL_STOP:
      imh_game_stop_computer (game);
      g_assert_cmpint (imh_game_get_phase (game), ==, IMH_GAME_PHASE_COMPUTER_WAITING);
      break;
    case CANCEL_DISPOSE:
      g_object_unref (game);
      game = NULL;
      break;
    }

  if (game != NULL)
    g_assert_false (imh_game_get_thinking (game));
  /* Let the cancelled search end and its result arrive. */
  spin (400);
  g_assert_cmpuint (applied, ==, 0);
  if (game != NULL)
    {
      g_assert_cmpuint (imh_game_get_live_ply (game), ==, live);
      g_assert_false (imh_game_get_thinking (game));
      check_consistency (game);
      g_object_unref (game);
    }
}

static void
test_pace (void)
{
  g_autoptr(ImhGame) game = new_game (IMH_GAME_DUEL, 2, 8, 1);
  guint applied = 0;

  /* The computer starts; with a pace its decision waits on the main loop. */
  imh_game_set_pace (game, 150);
  g_signal_connect (game, "decision-applied", G_CALLBACK (count_applied), &applied);
  imh_seat_set_level (imh_game_get_seat (game, 1), "random");
  imh_seat_set_kind (imh_game_get_seat (game, 1), IMH_SEAT_COMPUTER);
  g_assert_cmpint (imh_game_get_phase (game), ==, IMH_GAME_PHASE_COMPUTER);
  wait_for_human (game);
  g_assert_cmpuint (applied, >, 0);
  g_assert_cmpint (imh_game_get_actor (game), ==, 0);
  check_consistency (game);

  /* Reviewing while the computer plays: the view stays where it is. */
  while (imh_game_get_phase (game) == IMH_GAME_PHASE_HUMAN)
    {
      ImhDecisionList legal;

      imh_game_get_legal (game, &legal);
      g_assert_true (imh_game_apply (game, legal.d[0], IMH_BRANCH_TRUNCATE, NULL));
    }
  g_assert_cmpint (imh_game_get_phase (game), ==, IMH_GAME_PHASE_COMPUTER);
  applied = 0;
  imh_game_set_viewed_ply (game, 1);
  wait_for_human (game);
  g_assert_cmpuint (applied, >, 0);
  g_assert_cmpuint (imh_game_get_viewed_ply (game), ==, 1);
  check_consistency (game);
}

/* ---- items-changed recorder ---- */

typedef struct
{
  GListModel *model;
  GPtrArray  *mirror;
  guint       n_emissions;
  guint       position, removed, added;
} Recorder;

static void
recorder_items_changed (GListModel *model,
                        guint       position,
                        guint       removed,
                        guint       added,
                        Recorder   *rec)
{
  g_assert_cmpuint (position + removed, <=, rec->mirror->len);
  g_ptr_array_remove_range (rec->mirror, position, removed);
  for (guint i = 0; i < added; i++)
    g_ptr_array_insert (rec->mirror, (int) (position + i), g_list_model_get_item (model, position + i));
  g_assert_cmpuint (rec->mirror->len, ==, g_list_model_get_n_items (model));
  rec->n_emissions++;
  rec->position = position;
  rec->removed = removed;
  rec->added = added;
}

/* The history as comparable strings "first:notation". */
static GPtrArray *
history_snapshot (GListModel *model)
{
  GPtrArray *snap = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(ImhTurnItem) item = g_list_model_get_item (model, i);

      g_ptr_array_add (snap, g_strdup_printf ("%u:%s", imh_turn_item_get_first_ply (item),
                                              imh_turn_item_get_notation (item)));
    }
  return snap;
}

static void
random_operation (ImhGame *game,
                  GRand   *rand)
{
  int r = g_rand_int_range (rand, 0, 100);
  guint live = imh_game_get_live_ply (game);

  if (r < 40 && !imh_game_get_is_over (game))
    imh_game_apply (game, random_legal (game, rand), IMH_BRANCH_TRUNCATE, NULL);
  else if (r < 50)
    imh_game_undo (game);
  else if (r < 56)
    imh_game_undo_turn (game);
  else if (r < 64)
    imh_game_redo (game);
  else if (r < 68)
    imh_game_redo_turn (game);
  else if (r < 78 && live > 0)
    {
      /* Play from a past position, as a variation or truncating. */
      imh_game_set_viewed_ply (game, (guint) g_rand_int_range (rand, 0, (int) live + 1));
      if (!imh_game_get_is_over (game) || imh_game_get_viewed_ply (game) < live)
        {
          ImhDecisionList legal;

          imh_game_get_viewed_legal (game, &legal);
          if (legal.n > 0)
            imh_game_apply (game, legal.d[g_rand_int_range (rand, 0, legal.n)],
                            r < 73 ? IMH_BRANCH_VARIATION : IMH_BRANCH_TRUNCATE, NULL);
        }
    }
  else if (r < 84)
    {
      guint ply = (guint) g_rand_int_range (rand, 0, (int) imh_game_get_n_plies (game) + 1);
      ImhDecisionList cont;

      imh_game_get_continuations (game, ply, &cont);
      if (cont.n > 0)
        imh_game_select_variation (game, ply, cont.d[g_rand_int_range (rand, 0, cont.n)], NULL);
    }
  else if (r < 92)
    imh_game_go_to_ply (game, (guint) g_rand_int_range (rand, 0, (int) imh_game_get_n_plies (game) + 1));
  else if (r < 99)
    imh_game_set_viewed_ply (game, (guint) g_rand_int_range (rand, 0, (int) live + 1));
  else
    {
      ImhOptions options;

      imh_game_get_options (game, &options);
      imh_game_restart (game, &options, g_rand_int (rand), NULL);
    }
}

static void
test_items_changed (gconstpointer data)
{
  ImhGameKind kind = GPOINTER_TO_INT (data);
  g_autoptr(ImhGame) game = new_game (kind, kind == IMH_GAME_DUEL ? 2 : 3, 4242, -1);
  g_autoptr(GRand) rand = g_rand_new_with_seed (4242);
  GListModel *model = G_LIST_MODEL (imh_game_get_history (game));
  Recorder rec = { model, g_ptr_array_new_with_free_func (g_object_unref), 0, 0, 0, 0 };
  guint changes = 0;

  g_signal_connect (model, "items-changed", G_CALLBACK (recorder_items_changed), &rec);
  for (guint op = 0; op < 1500; op++)
    {
      g_autoptr(GPtrArray) before = history_snapshot (model);
      g_autoptr(GPtrArray) after = NULL;
      guint common = 0;

      rec.n_emissions = 0;
      random_operation (game, rand);
      after = history_snapshot (model);

      /* The mirror built from the signals is the model. */
      g_assert_cmpuint (rec.mirror->len, ==, g_list_model_get_n_items (model));
      for (guint i = 0; i < rec.mirror->len; i++)
        {
          g_autoptr(GObject) item = g_list_model_get_item (model, i);
          g_assert_true (item == g_ptr_array_index (rec.mirror, i));
        }

      /* At most one emission, exactly for the differing tail. */
      while (common < before->len && common < after->len &&
             g_str_equal (g_ptr_array_index (before, common), g_ptr_array_index (after, common)))
        common++;
      if (common == before->len && common == after->len)
        {
          g_assert_cmpuint (rec.n_emissions, ==, 0);
        }
      else
        {
          g_assert_cmpuint (rec.n_emissions, ==, 1);
          g_assert_cmpuint (rec.position, ==, common);
          g_assert_cmpuint (rec.removed, ==, before->len - common);
          g_assert_cmpuint (rec.added, ==, after->len - common);
          changes++;
        }
      if (op % 25 == 0)
        check_consistency (game);
    }
  g_assert_cmpuint (changes, >, 100);
  check_consistency (game);
  g_signal_handlers_disconnect_by_data (model, &rec);
  g_ptr_array_unref (rec.mirror);
}

/* ---- Record files ---- */

static void
store_result (GObject      *source,
              GAsyncResult *result,
              gpointer      data)
{
  *(GAsyncResult **) data = g_object_ref (result);
}

static GAsyncResult *
wait_result (GAsyncResult **slot)
{
  while (*slot == NULL)
    g_main_context_iteration (NULL, TRUE);
  return *slot;
}

static ImhGame *
load_file (GFile   *file,
           GError **error)
{
  GAsyncResult *result = NULL;
  ImhGame *game;

  imh_record_file_load_async (file, NULL, store_result, &result);
  game = imh_record_file_load_finish (wait_result (&result), error);
  g_object_unref (result);
  return game;
}

static void
test_record_files (void)
{
  g_autoptr(ImhGame) game = new_game (IMH_GAME_DUEL, 2, 31, -1);
  g_autoptr(GRand) rand = g_rand_new_with_seed (31);
  g_autofree char *dir = g_build_filename (g_get_user_data_dir (), "records", NULL);
  g_autofree char *path = g_build_filename (dir, "game.imhotep", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhGame) loaded = NULL;
  g_autofree char *text = NULL;
  g_autofree char *loaded_text = NULL;
  GAsyncResult *result = NULL;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  imh_seat_set_name (imh_game_get_seat (game, 0), "Ada");
  imh_seat_set_level (imh_game_get_seat (game, 1), "strong");
  for (guint i = 0; i < 25; i++)
    g_assert_true (imh_game_apply (game, random_legal (game, rand), IMH_BRANCH_TRUNCATE, NULL));
  imh_game_undo (game);
  imh_game_undo (game);
  g_assert_true (imh_game_apply (game, random_legal (game, rand), IMH_BRANCH_VARIATION, NULL));

  g_assert_true (imh_game_get_modified (game));
  imh_record_file_save_async (game, file, NULL, store_result, &result);
  g_assert_true (imh_record_file_save_finish (wait_result (&result), &error));
  g_assert_no_error (error);
  g_clear_object (&result);
  g_assert_false (imh_game_get_modified (game));
  g_assert_true (imh_game_undo (game));
  g_assert_true (imh_game_get_modified (game));
  g_assert_true (imh_game_redo (game));

  loaded = load_file (file, &error);
  g_assert_no_error (error);
  g_assert_false (imh_game_get_modified (loaded));
  text = imh_game_to_record_text (game);
  loaded_text = imh_game_to_record_text (loaded);
  g_assert_cmpstr (text, ==, loaded_text);
  g_assert_cmpstr (imh_seat_get_name (imh_game_get_seat (loaded, 0)), ==, "Ada");
  /* The live ply of a loaded game is the end of its main line. */
  g_assert_cmpuint (imh_game_get_live_ply (loaded), ==, imh_game_get_n_plies (game));
  g_assert_true (states_equal (imh_game_get_state (loaded),
                               imh_game_get_state_at (game, imh_game_get_n_plies (game))));
  check_consistency (loaded);
}

typedef struct
{
  const char *name;
  const char *contents;    /* NULL: a cut/changed copy of a real record */
  gboolean    io_error;    /* G_IO_ERROR, else IMH_RECORD_FILE_ERROR */
  int         code;
  const char *message_part;
} BrokenCase;

/* A BrokenCase's message_part ("Line 2, column 1", "Line 1" or "Line ")
 * as the error messages put it in the current language. */
static char *
translate_position (const char *message_part)
{
  g_autofree char *with_column = NULL;
  guint line, column;

  switch (sscanf (message_part, "Line %u, column %u", &line, &column))
    {
    case 2:
      return g_strdup_printf (IMH_T ("Line %u, column %u: %s"), line, column, "");
    case 1:
      /* Up to the column number. */
      with_column = g_strdup_printf (IMH_T ("Line %u, column %u: %s"), line, 0u, "");
      return g_strndup (with_column, strrchr (with_column, '0') - with_column);
    default:
      return imh_test_t_prefix ("Line %u, column %u: %s");
    }
}

static void
test_broken_file (gconstpointer data)
{
  const BrokenCase *bc = data;
  g_autoptr(ImhGame) game = new_game (IMH_GAME_DUEL, 2, 41, -1);
  g_autoptr(GRand) rand = g_rand_new_with_seed (41);
  g_autofree char *path = g_build_filename (g_get_user_data_dir (), bc->name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *contents = NULL;
  ImhGame *loaded;

  for (guint i = 0; i < 10; i++)
    g_assert_true (imh_game_apply (game, random_legal (game, rand), IMH_BRANCH_TRUNCATE, NULL));
  before = imh_game_to_record_text (game);

  g_assert_cmpint (g_mkdir_with_parents (g_get_user_data_dir (), 0700), ==, 0);
  if (g_str_equal (bc->name, "truncated.imhotep"))
    contents = g_strndup (before, strlen (before) * 2 / 3);
  else if (g_str_equal (bc->name, "illegal.imhotep"))
    {
      /* The last turn replaced by a pass: well-formed, never legal here. */
      const char *last = g_strrstr (before, ". ");
      g_autofree char *head = NULL;

      g_assert_nonnull (last);
      head = g_strndup (before, (gsize) (last - before) + 2);
      contents = g_strconcat (head, "pass\n", NULL);
    }
  else
    contents = g_strdup (bc->contents);
  if (!g_str_equal (bc->name, "missing.imhotep"))
    g_assert_true (g_file_set_contents (path, contents, -1, NULL));

  loaded = load_file (file, &error);
  g_assert_null (loaded);
  if (bc->io_error)
    g_assert_error (error, G_IO_ERROR, bc->code);
  else
    g_assert_error (error, IMH_RECORD_FILE_ERROR, bc->code);
  g_test_message ("%s", error->message);
  /* The message names the file, and where in it. */
  g_assert_nonnull (strstr (error->message, bc->name));
  if (bc->message_part != NULL)
    {
      g_autofree char *part = translate_position (bc->message_part);
      g_assert_nonnull (strstr (error->message, part));
    }

  /* Nothing changed. */
  after = imh_game_to_record_text (game);
  g_assert_cmpstr (before, ==, after);
}

static const BrokenCase broken_cases[] = {
  { "empty.imhotep", "", FALSE, IMH_RECORD_FILE_ERROR_PARSE, "Line 1" },
  { "garbage.imhotep", "hello world\n", FALSE, IMH_RECORD_FILE_ERROR_NOT_A_RECORD, NULL },
  { "picture.imhotep", "\x89PNG\r\n\x1a\n\xff\xfe", FALSE, IMH_RECORD_FILE_ERROR_NOT_A_RECORD, NULL },
  { "binary.imhotep", "imhotep-record 1\n\xff\xfe\n", FALSE, IMH_RECORD_FILE_ERROR_ENCODING, "Line 2, column 1" },
  { "truncated.imhotep", NULL, FALSE, IMH_RECORD_FILE_ERROR_PARSE, "Line " },
  { "illegal.imhotep", NULL, FALSE, IMH_RECORD_FILE_ERROR_PARSE, "Line " },
  { "missing.imhotep", NULL, TRUE, G_IO_ERROR_NOT_FOUND, NULL },
};

/* Damaged records: every load either gives a consistent game or a clear
 * error naming the line; nothing crashes. */
static void
test_damaged_records (void)
{
  g_autoptr(ImhGame) game = new_game (IMH_GAME_DUEL, 2, 71, -1);
  g_autoptr(GRand) rand = g_rand_new_with_seed (71);
  g_autofree char *text = NULL;
  /* "Line " of "Line %u, column %u: …" (imh-record-file.c), translated. */
  g_autofree char *line_prefix = imh_test_t_prefix ("Line %u, column %u: %s");
  gsize len;
  guint loaded = 0, rejected = 0;

  for (guint i = 0; i < 30; i++)
    g_assert_true (imh_game_apply (game, random_legal (game, rand), IMH_BRANCH_TRUNCATE, NULL));
  imh_game_go_to_ply (game, 20);
  g_assert_true (imh_game_apply (game, random_legal (game, rand), IMH_BRANCH_VARIATION, NULL));
  text = imh_game_to_record_text (game);
  len = strlen (text);

  for (guint round = 0; round < 600; round++)
    {
      g_autofree char *damaged = g_strdup (text);
      g_autoptr(GError) error = NULL;
      g_autoptr(ImhGame) copy = NULL;
      gsize n = len;
      guint edits = (guint) g_rand_int_range (rand, 1, 4);

      for (guint e = 0; e < edits; e++)
        {
          gsize at = (gsize) g_rand_int_range (rand, 0, (int) n);

          switch (g_rand_int_range (rand, 0, 4))
            {
            case 0:   /* a random byte */
              damaged[at] = (char) g_rand_int_range (rand, 1, 256);
              break;
            case 1:   /* a digit or letter of the notation */
              damaged[at] = "0123456789abcRCPUTS. \n"[g_rand_int_range (rand, 0, 23)];
              break;
            case 2:   /* cut */
              damaged[at] = '\0';
              n = at;
              break;
            default:  /* a character removed */
              memmove (damaged + at, damaged + at + 1, n - at);
              n--;
              break;
            }
          if (n == 0)
            break;
        }

      copy = imh_game_new_from_record_text (damaged, (gssize) n, &error);
      if (copy != NULL)
        {
          g_assert_no_error (error);
          check_consistency (copy);
          loaded++;
        }
      else
        {
          g_assert_nonnull (error);
          g_assert_true (error->domain == IMH_RECORD_FILE_ERROR || error->domain == IMH_GAME_ERROR);
          /* A damaged first line: no longer a record at all. */
          g_assert_true (g_str_has_prefix (error->message, line_prefix)
                         || g_error_matches (error, IMH_RECORD_FILE_ERROR, IMH_RECORD_FILE_ERROR_NOT_A_RECORD));
          rejected++;
        }
    }
  g_test_message ("%u damaged records loaded, %u rejected", loaded, rejected);
  g_assert_cmpuint (rejected, >, 300);
}

/* ---- Hints ---- */

static void
test_hint (void)
{
  g_autoptr(ImhGame) game = new_game (IMH_GAME_DUEL, 2, 51, 0);
  g_autoptr(GListModel) hints = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  GAsyncResult *result = NULL;
  ImhDecisionList legal;
  double best_visits = G_MAXDOUBLE;

  imh_game_hint_async (game, G_MAXUINT, 600, NULL, store_result, &result);
  hints = imh_game_hint_finish (game, wait_result (&result), &error);
  g_assert_no_error (error);
  g_clear_object (&result);
  g_assert_nonnull (hints);
  g_assert_cmpuint (g_list_model_get_n_items (hints), >, 0);

  imh_game_get_legal (game, &legal);
  for (guint i = 0; i < g_list_model_get_n_items (hints); i++)
    {
      g_autoptr(ImhHint) hint = g_list_model_get_item (hints, i);
      gboolean is_legal = FALSE;

      g_assert_cmpuint (imh_hint_get_rank (hint), ==, i + 1);
      g_assert_cmpuint (imh_hint_get_ply (hint), ==, 0);
      g_assert_cmpint (imh_hint_get_actor (hint), ==, 0);
      for (guint k = 0; k < legal.n; k++)
        is_legal |= legal.d[k] == imh_hint_get_decision (hint);
      g_assert_true (is_legal);
      g_assert_cmpstr (imh_hint_get_text (hint), !=, "");
      g_assert_cmpfloat (imh_hint_get_win (hint), >=, 0.0);
      g_assert_cmpfloat (imh_hint_get_win (hint), <=, 1.0);
      g_assert_cmpfloat (imh_hint_get_visits (hint), <=, best_visits);
      best_visits = imh_hint_get_visits (hint);
    }

  /* Exactly the search the hint promises: the game's public seed, the
   * hint's exploration constant, up to 4 threads. */
  {
    ImhSearchLimits lim;
    ImhSearchResult *res = g_new (ImhSearchResult, 1);
    g_autoptr(ImhHint) best = g_list_model_get_item (hints, 0);
    imh_search_limits_init (&lim);
    lim.iterations = 600;
    lim.threads = CLAMP (g_get_num_processors (), 1, 4);
    lim.seed = _imh_game_public_seed (game, 0);
    lim.exploration = IMH_HINT_EXPLORATION;
    g_assert_true (imh_search (imh_game_get_state_at (game, 0), &lim, res));
    g_assert_cmpuint (res->c[0].decision, ==, imh_hint_get_decision (best));
    g_assert_cmpuint (res->c[0].visits, ==, imh_hint_get_visits (best));
    g_assert_cmpfloat (res->c[0].win, ==, imh_hint_get_win (best));
    g_free (res);
  }

  /* Cancelled: an error, no candidates. */
  g_cancellable_cancel (cancellable);
  imh_game_hint_async (game, 0, 1000000, cancellable, store_result, &result);
  g_assert_null (imh_game_hint_finish (game, wait_result (&result), &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_object (&result);
  g_clear_error (&error);

  /* A ply outside the game. */
  imh_game_hint_async (game, 5, 100, NULL, store_result, &result);
  g_assert_null (imh_game_hint_finish (game, wait_result (&result), &error));
  g_assert_error (error, IMH_GAME_ERROR, IMH_GAME_ERROR_INVALID_PLY);
  g_clear_object (&result);
}

/* ---- Texts ---- */

static void
test_texts (gconstpointer data)
{
  ImhGameKind kind = GPOINTER_TO_INT (data);
  g_autoptr(ImhGame) game = new_game (kind, kind == IMH_GAME_DUEL ? 2 : 4, 61, -1);
  g_autoptr(GRand) rand = g_rand_new_with_seed (61);
  const ImhRules *rules = imh_game_get_rules (game);

  /* Every site and category has a name of its own. */
  for (guint c = 0; c < rules->n_categories; c++)
    g_assert_cmpstr (imh_texts_category_name (rules, c), !=, rules->category_ids[c]);
  for (guint s = 0; s < rules->n_sites; s++)
    g_assert_cmpstr (imh_texts_site_name (rules->site_ids[s]), !=, rules->site_ids[s]);

  /* Every legal decision of a whole game has words (not its notation). */
  while (!imh_game_get_is_over (game))
    {
      ImhDecisionList legal;

      imh_game_get_legal (game, &legal);
      for (guint i = 0; i < legal.n; i++)
        {
          g_autofree char *text = imh_texts_decision (imh_game_get_state (game), legal.d[i]);
          g_autofree char *notation = imh_texts_notation (imh_game_get_state (game), legal.d[i]);

          g_assert_cmpstr (text, !=, notation);
          g_assert_cmpuint (strlen (text), >, 3);
        }
      g_assert_true (imh_game_apply (game, legal.d[g_rand_int_range (rand, 0, legal.n)],
                                     IMH_BRANCH_TRUNCATE, NULL));
    }
}

/* The texts in German, from the catalogue built in this build tree. */
static void
test_texts_german (void)
{
  const char *podir = TEST_PODIR;
  g_autofree char *mo = g_build_filename (podir, "de", "LC_MESSAGES", GETTEXT_PACKAGE ".mo", NULL);
  g_autoptr(ImhGame) game = NULL;
  g_autoptr(ImhSeat) seat = NULL;
  g_autofree char *place = NULL;
  g_autofree char *temple = NULL;
  g_autoptr(GError) error = NULL;
  ImhState state;

  if (!g_file_test (mo, G_FILE_TEST_EXISTS))
    {
      g_test_skip ("the German catalogue is not built");
      return;
    }
  g_setenv ("LANGUAGE", "de", TRUE);
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, podir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");

  game = new_game (IMH_GAME_DUEL, 2, 1, 0);
  g_assert_cmpstr (imh_texts_game_name (IMH_GAME_DUEL), ==, "Imhotep: Das Duell");
  g_assert_cmpstr (imh_texts_category_name (imh_game_get_rules (game), IMH_DUEL_CAT_CRYPT), ==,
                   "Grabkammer");
  g_assert_cmpstr (imh_texts_site_name ("temple"), ==, "Tempel");
  place = imh_texts_decision (imh_game_get_state (game), IMH_DUEL_D_PLACE + 5);
  g_assert_cmpstr (place, ==, "Eine Spielfigur in Reihe 2, Spalte 3 setzen");
  seat = imh_seat_new (2, IMH_SEAT_HUMAN, NULL, NULL);
  g_assert_cmpstr (imh_seat_get_name (seat), ==, "Spieler 3");

  /* A tile name with a plural form. */
  memcpy (&state, imh_game_get_state (game), sizeof state);
  state.u.duel.boat[0][0] = IMH_DUEL_TILE_TEMPLE_1 + 2;
  temple = imh_texts_decision (&state, IMH_DUEL_D_TAKE + 0);
  g_assert_cmpstr (temple, ==, "Ein Plättchen vom Boot an Reihe 1, Platz 1 nehmen: Tempel mit 3 Symbolen");

  /* Errors too. */
  g_assert_false (imh_game_apply (game, 9999, IMH_BRANCH_TRUNCATE, &error));
  g_assert_cmpstr (error->message, ==, "Zug 9999 ist in dieser Stellung nicht erlaubt.");

  g_unsetenv ("LANGUAGE");
  setlocale (LC_ALL, "");
}

int
main (int   argc,
      char *argv[])
{
  imh_test_i18n_init ();
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  g_test_add_func ("/core/game/new", test_new_game);
  g_test_add_func ("/core/game/undo-redo-turns", test_undo_redo_turns);
  g_test_add_func ("/core/game/review", test_review);
  g_test_add_data_func ("/core/game/branch/truncate", GINT_TO_POINTER (IMH_BRANCH_TRUNCATE), test_branch);
  g_test_add_data_func ("/core/game/branch/variation", GINT_TO_POINTER (IMH_BRANCH_VARIATION), test_branch);
  g_test_add_func ("/core/game/undo-after-over", test_undo_after_over);
  g_test_add_func ("/core/game/ended-time-kept", test_ended_time_kept);
  for (guint i = 0; i < G_N_ELEMENTS (vs_computer); i++)
    {
      g_autofree char *name = g_strdup_printf ("/core/game/vs-computer/%s-%u-%s",
                                               vs_computer[i].kind == IMH_GAME_DUEL ? "duel" : "classic",
                                               vs_computer[i].n_players, vs_computer[i].level);
      g_test_add_data_func (name, &vs_computer[i], test_full_game_vs_computer);
    }
  g_test_add_func ("/core/game/signals", test_signals);
  g_test_add_data_func ("/core/game/cancel/undo", GINT_TO_POINTER (CANCEL_UNDO), test_cancel_thinking);
  g_test_add_data_func ("/core/game/cancel/restart", GINT_TO_POINTER (CANCEL_RESTART), test_cancel_thinking);
  g_test_add_data_func ("/core/game/cancel/seat", GINT_TO_POINTER (CANCEL_SEAT), test_cancel_thinking);
  g_test_add_data_func ("/core/game/cancel/stop", GINT_TO_POINTER (CANCEL_STOP), test_cancel_thinking);
  g_test_add_data_func ("/core/game/cancel/dispose", GINT_TO_POINTER (CANCEL_DISPOSE), test_cancel_thinking);
  g_test_add_func ("/core/game/pace", test_pace);
  g_test_add_data_func ("/core/history/items-changed/duel", GINT_TO_POINTER (IMH_GAME_DUEL), test_items_changed);
  g_test_add_data_func ("/core/history/items-changed/classic", GINT_TO_POINTER (IMH_GAME_CLASSIC), test_items_changed);
  g_test_add_func ("/core/record-file/round-trip", test_record_files);
  for (guint i = 0; i < G_N_ELEMENTS (broken_cases); i++)
    {
      g_autofree char *name = g_strdup_printf ("/core/record-file/broken/%s", broken_cases[i].name);
      g_test_add_data_func (name, &broken_cases[i], test_broken_file);
    }
  g_test_add_func ("/core/record-file/damaged", test_damaged_records);
  g_test_add_func ("/core/hint", test_hint);
  g_test_add_data_func ("/core/texts/duel", GINT_TO_POINTER (IMH_GAME_DUEL), test_texts);
  g_test_add_data_func ("/core/texts/classic", GINT_TO_POINTER (IMH_GAME_CLASSIC), test_texts);
  g_test_add_func ("/core/texts/german", test_texts_german);

  return g_test_run ();
}
