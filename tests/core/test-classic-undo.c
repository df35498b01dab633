/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-classic-undo.c — ImhGame with the base game (2–4 players): undo and
 * redo by decision and by turn over many seeded games give back exactly
 * the states played (hidden cards included: nothing is drawn again),
 * "undo against the computer" stops only where the person decides, and
 * the history groups the decisions of other players within a turn and
 * tells the rounds apart. */
#define G_LOG_DOMAIN "test-classic-undo"

#include "config.h"

#include "imh-classic.h"
#include "imh-game.h"
#include "imh-history.h"
#include "test-i18n.h"

#define N_SEEDS 24

/* A base game of 2–4 players from the seed, with sides drawn from the
 * seed too (side B brings pyramid choices and round-end temple choices),
 * played to its end by random legal decisions. */
static ImhGame *
played_game (guint64  seed,
             guint    n_players)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed ((guint32) seed * 7919u + 1);
  ImhOptions options;
  ImhGame *game;

  imh_options_init (&options, IMH_GAME_CLASSIC, (int) n_players);
  for (guint site = 0; site < IMH_CLASSIC_N_SITES; site++)
    options.sides[site] = (seed >> site) & 1 ? IMH_SIDE_B : IMH_SIDE_A;
  game = imh_game_new (&options, seed, &error);
  g_assert_no_error (error);
  imh_game_set_pace (game, 0);

  while (!imh_game_get_is_over (game))
    {
      ImhDecisionList legal;

      imh_game_get_legal (game, &legal);
      g_assert_cmpuint (legal.n, >, 0);
      g_assert_true (imh_game_apply (game, legal.d[g_rand_int_range (rand, 0, legal.n)],
                                     IMH_BRANCH_TRUNCATE, &error));
      g_assert_no_error (error);
    }
  return game;
}

static guint
seed_players (guint64 seed)
{
  return 2 + (guint) (seed % 3);
}

/* The hash of every state of the line, hidden parts included. */
static GArray *
line_hashes (ImhGame *game)
{
  const ImhRules *rules = imh_game_get_rules (game);
  GArray *hashes = g_array_new (FALSE, FALSE, sizeof (guint64));

  for (guint ply = 0; ply <= imh_game_get_n_plies (game); ply++)
    {
      guint64 h = rules->hash (imh_game_get_state_at (game, ply));

      g_array_append_val (hashes, h);
    }
  return hashes;
}

static void
assert_live_is (ImhGame *game,
                GArray  *hashes,
                guint    ply)
{
  const ImhRules *rules = imh_game_get_rules (game);

  g_assert_cmpuint (imh_game_get_live_ply (game), ==, ply);
  g_assert_cmpuint (imh_game_get_viewed_ply (game), ==, ply);
  g_assert_cmpuint (rules->hash (imh_game_get_state (game)), ==, g_array_index (hashes, guint64, ply));
}

static gboolean
is_turn_start (ImhGame *game,
               guint    ply)
{
  const ImhRules *rules = imh_game_get_rules (game);

  return ply == 0
         || rules->turn_index (imh_game_get_state_at (game, ply))
            != rules->turn_index (imh_game_get_state_at (game, ply - 1));
}

/* Undo to every ply and redo back: the same states; by turn: stops at
 * exactly the turn starts; undo to a ply and play the same decision
 * again: the same state (the same cards come up). */
static void
test_undo_redo (void)
{
  for (guint64 seed = 1; seed <= N_SEEDS; seed++)
    {
      g_autoptr(ImhGame) game = played_game (seed, seed_players (seed));
      g_autoptr(GArray) hashes = line_hashes (game);
      guint n = imh_game_get_n_plies (game);
      g_autofree ImhDecision *decisions = g_new (ImhDecision, n);
      guint ply;

      g_assert_cmpuint (n, >, 50);
      for (guint i = 0; i < n; i++)
        decisions[i] = imh_game_get_decision_at (game, i);
      assert_live_is (game, hashes, n);

      /* By decision, all the way back and forward again. */
      for (ply = n; ply > 0; ply--)
        {
          g_assert_true (imh_game_undo (game));
          assert_live_is (game, hashes, ply - 1);
          g_assert_cmpuint (imh_game_get_n_plies (game), ==, n);
        }
      g_assert_false (imh_game_undo (game));
      g_assert_false (imh_game_get_is_over (game));
      for (ply = 0; ply < n; ply++)
        {
          g_assert_true (imh_game_redo (game));
          assert_live_is (game, hashes, ply + 1);
        }
      g_assert_false (imh_game_redo (game));
      g_assert_true (imh_game_get_is_over (game));

      /* By turn: every turn start on the way, nothing else. */
      ply = n;
      while (imh_game_undo_turn (game))
        {
          guint stop = imh_game_get_live_ply (game);
          guint expected = ply - 1;

          while (!is_turn_start (game, expected))
            expected--;
          g_assert_cmpuint (stop, ==, expected);
          assert_live_is (game, hashes, stop);
          ply = stop;
        }
      g_assert_cmpuint (ply, ==, 0);
      while (imh_game_redo_turn (game))
        {
          guint stop = imh_game_get_live_ply (game);
          guint expected = ply + 1;

          while (expected < n && !is_turn_start (game, expected))
            expected++;
          g_assert_cmpuint (stop, ==, expected);
          assert_live_is (game, hashes, stop);
          ply = stop;
        }
      g_assert_cmpuint (ply, ==, n);

      /* Back to a ply, then the same decisions played again: a redo,
       * with the same states (a market card drawn comes from the deck as
       * it was). */
      for (guint k = 0; k < n; k += 1 + n / 7)
        {
          g_assert_true (imh_game_go_to_ply (game, k));
          assert_live_is (game, hashes, k);
          for (ply = k; ply < n; ply++)
            {
              g_autoptr(GError) error = NULL;

              g_assert_true (imh_game_apply (game, decisions[ply], IMH_BRANCH_TRUNCATE, &error));
              g_assert_no_error (error);
              assert_live_is (game, hashes, ply + 1);
            }
          g_assert_cmpuint (imh_game_get_n_plies (game), ==, n);
        }
    }
}

/* Where the person (seat 0) decides: at the start of their turn, or
 * within another player's turn (a stone owner's choice, a round-end
 * choice). */
static gboolean
is_person_stop (ImhGame *game,
                guint    ply)
{
  const ImhRules *rules = imh_game_get_rules (game);
  const ImhState *s = imh_game_get_state_at (game, ply);

  if (rules->is_over (s) || rules->actor (s) != 0)
    return FALSE;
  return is_turn_start (game, ply) || rules->turn_player (s) != 0;
}

/* Seat 0 a person, the others computers: undo goes back to the person's
 * last decision together with the computers' replies, stopping at every
 * such place and nowhere else (never in the middle of the person's own
 * turn); redo goes forward the same way. */
static void
test_undo_to_person (void)
{
  for (guint64 seed = 1; seed <= N_SEEDS; seed++)
    {
      guint n_players = seed_players (seed) + (seed_players (seed) == 2);
      g_autoptr(ImhGame) game = played_game (seed, n_players);
      g_autoptr(GArray) hashes = line_hashes (game);
      guint n = imh_game_get_n_plies (game);
      guint ply = n;
      guint stops = 0;

      /* The game is over: no computer starts to think. */
      for (guint p = 1; p < n_players; p++)
        imh_seat_set_kind (imh_game_get_seat (game, p), IMH_SEAT_COMPUTER);

      while (imh_game_undo_to_human (game))
        {
          guint stop = imh_game_get_live_ply (game);
          guint expected = ply - 1;

          while (expected > 0 && !is_person_stop (game, expected))
            expected--;
          g_assert_cmpuint (stop, ==, expected);
          assert_live_is (game, hashes, stop);
          if (stop > 0)
            {
              const ImhState *s = imh_game_get_state (game);

              g_assert_cmpint (imh_game_get_actor (game), ==, 0);
              g_assert_cmpint (imh_game_get_phase (game), ==, IMH_GAME_PHASE_HUMAN);
              /* In the person's own turn only at its start. */
              if (imh_game_get_rules (game)->turn_player (s) == 0)
                g_assert_true (is_turn_start (game, stop));
              stops++;
            }
          ply = stop;
        }
      g_assert_cmpuint (ply, ==, 0);
      g_assert_cmpuint (stops, >, 5);

      while (imh_game_redo_to_human (game))
        {
          guint stop = imh_game_get_live_ply (game);
          guint expected = ply + 1;

          while (expected < n && !is_person_stop (game, expected))
            expected++;
          g_assert_cmpuint (stop, ==, expected);
          assert_live_is (game, hashes, stop);
          ply = stop;
        }
      g_assert_cmpuint (ply, ==, n);
    }
}

/* The history: one item per turn, the decisions in runs by who made
 * them (the turn player's first), the round of every turn. */
static void
test_history_groups (void)
{
  guint other_groups = 0;
  guint round_end_choices = 0;

  for (guint64 seed = 1; seed <= N_SEEDS; seed++)
    {
      g_autoptr(ImhGame) game = played_game (seed, 4 - (guint) (seed % 2));
      const ImhRules *rules = imh_game_get_rules (game);
      ImhHistory *history = imh_game_get_history (game);
      guint n_items = g_list_model_get_n_items (G_LIST_MODEL (history));
      guint last_round = 1;

      g_assert_cmpuint (n_items, >, 0);
      for (guint i = 0; i < n_items; i++)
        {
          ImhTurnItem *turn = imh_history_peek_item (history, i);
          guint first = imh_turn_item_get_first_ply (turn);
          const ImhState *s = imh_game_get_state_at (game, first);
          guint n_groups = imh_turn_item_get_n_groups (turn);
          guint covered = 0;
          guint round = imh_turn_item_get_round (turn);

          g_assert_true (is_turn_start (game, first));
          g_assert_cmpint (imh_turn_item_get_player (turn), ==, rules->turn_player (s));

          /* Rounds 1..6, in order, each begun by a turn. */
          g_assert_cmpuint (round, ==, s->u.classic.round + 1u);
          g_assert_true (round == last_round || round == last_round + 1);
          last_round = round;

          g_assert_cmpuint (n_groups, >, 0);
          g_assert_cmpint (imh_turn_item_get_group_actor (turn, 0), ==, imh_turn_item_get_player (turn));
          for (guint g = 0; g < n_groups; g++)
            {
              int actor = imh_turn_item_get_group_actor (turn, g);

              g_assert_cmpuint (imh_turn_item_get_group_start (turn, g), ==, covered);
              g_assert_cmpuint (imh_turn_item_get_group_length (turn, g), >, 0);
              if (g > 0)
                g_assert_cmpint (actor, !=, imh_turn_item_get_group_actor (turn, g - 1));
              if (actor != imh_turn_item_get_player (turn))
                other_groups++;
              for (guint k = 0; k < imh_turn_item_get_group_length (turn, g); k++)
                {
                  const ImhState *at = imh_game_get_state_at (game, first + covered + k);
                  ImhDecision d = imh_turn_item_get_decision (turn, covered + k);

                  g_assert_cmpint (imh_turn_item_get_decision_actor (turn, covered + k), ==, actor);
                  g_assert_cmpint (rules->actor (at), ==, actor);
                  /* A round-end choice belongs to the round's last turn. */
                  if (d == IMH_CLASSIC_D_TEMPLE_POINT || d == IMH_CLASSIC_D_TEMPLE_STONES)
                    {
                      ImhTurnItem *next = imh_history_peek_item (history, i + 1);

                      g_assert_true (next == NULL || imh_turn_item_get_round (next) == round + 1);
                      round_end_choices++;
                    }
                }
              covered += imh_turn_item_get_group_length (turn, g);
            }
          g_assert_cmpuint (covered, ==, imh_turn_item_get_n_decisions (turn));
        }
      g_assert_cmpuint (last_round, ==, IMH_CLASSIC_N_ROUNDS);
    }
  /* The seeds give both kinds of decisions of other players. */
  g_assert_cmpuint (other_groups, >, 0);
  g_assert_cmpuint (round_end_choices, >, 0);
}

int
main (int   argc,
      char *argv[])
{
  imh_test_i18n_init ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/classic/undo/every-ply", test_undo_redo);
  g_test_add_func ("/classic/undo/to-person", test_undo_to_person);
  g_test_add_func ("/classic/history/groups", test_history_groups);

  return g_test_run ();
}
