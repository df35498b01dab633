/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-texts.c — the prompts and results of core's texts (imh-texts.h) for
 * both games, in the test setup's language: every position of a game asks
 * its player something, the phases that need a choice say which, and final
 * scores of two to four players name the winners and shared places. */
#include <glib.h>
#include <locale.h>
#include <string.h>

#include "imh-classic.h"
#include "imh-duel.h"
#include "imh-texts.h"
#include "test-i18n.h"

static const char *const names[IMH_MAX_PLAYERS] = { "Nefertari", "Cheops", "Hatshepsut", "Tiye" };

static gboolean
german (void)
{
  return g_str_has_prefix (setlocale (LC_MESSAGES, NULL), "de");
}

/* A translated message really is German in the German setup. */
static void
assert_translated (const char *msgid)
{
  if (german ())
    g_assert_cmpstr (IMH_T (msgid), !=, msgid);
}

static void
setup (ImhState   *s,
       ImhGameKind kind,
       int         n_players,
       guint64     seed)
{
  ImhOptions o;
  char why[128];

  imh_options_init (&o, kind, n_players);
  o.start_player = 0;
  g_assert_true (imh_setup (s, &o, seed, why, sizeof why));
}

static void
test_duel_prompt (void)
{
  ImhState s;
  g_autofree char *prompt = NULL;
  g_autofree char *expected = NULL;

  setup (&s, IMH_GAME_DUEL, 2, 7);
  g_assert_cmpstr (imh_texts_phase (&s, FALSE), ==,
                   IMH_T ("place a meeple, unload a boat or play an action tile"));
  assert_translated ("place a meeple, unload a boat or play an action tile");
  prompt = imh_texts_prompt (&s, names, FALSE);
  expected = g_strdup_printf (IMH_T ("%s to move: %s"), "Nefertari",
                              IMH_T ("place a meeple, unload a boat or play an action tile"));
  g_assert_cmpstr (prompt, ==, expected);

  /* The swap: first pick made or not. */
  s.u.duel.phase = IMH_DUEL_PHASE_SU_SWAP;
  g_assert_cmpstr (imh_texts_phase (&s, FALSE), ==, IMH_T ("choose two tiles on one boat to swap"));
  g_assert_cmpstr (imh_texts_phase (&s, TRUE), ==,
                   IMH_T ("choose the second tile to swap (Escape: choose again)"));
}

/* Plays random games; every position not over asks its actor something,
 * and the sub-steps ask what their frame needs. Returns how many
 * positions of each frame type were seen. */
static void
play_classic (int   n_players,
              guint seen[16])
{
  for (guint64 seed = 1; seed <= 6; seed++)
    {
      ImhState s;
      g_autoptr(GRand) rand = g_rand_new_with_seed ((guint32) seed);

      setup (&s, IMH_GAME_CLASSIC, n_players, seed);
      while (!imh_is_over (&s))
        {
          const ImhClassic *c = &s.u.classic;
          ImhDecisionList legal;
          const char *phase = imh_texts_phase (&s, FALSE);
          g_autofree char *prompt = imh_texts_prompt (&s, names, FALSE);
          g_autofree char *expected = g_strdup_printf (IMH_T ("%s to move: %s"),
                                                       names[imh_actor (&s)], phase);

          g_assert_cmpstr (phase, !=, "");
          g_assert_cmpstr (prompt, ==, expected);
          if (c->sp > 0)
            {
              const ImhClassicFrame *f = &c->stack[c->sp - 1];

              seen[f->type]++;
              if (f->type == IMH_CLASSIC_FR_DELIVER && f->a == IMH_CLASSIC_SITE_MARKET
                  && f->b < IMH_CLASSIC_N_SHIPS)
                {
                  g_autofree char *msgid = g_strdup_printf ("choose a market card for the stone from ship %d",
                                                            f->b + 1);
                  g_assert_cmpstr (phase, ==, IMH_T (msgid));
                  assert_translated (msgid);
                }
              else if (f->type == IMH_CLASSIC_FR_KEEP)
                g_assert_cmpstr (phase, ==, IMH_T ("choose the card of the pair to keep"));
              else if (f->type == IMH_CLASSIC_FR_TEMPLE_B)
                g_assert_cmpstr (phase, ==, IMH_T ("take 1 point or 2 stones"));
              else if (f->type == IMH_CLASSIC_FR_UNLOAD)
                g_assert_cmpstr (phase, ==, IMH_T ("choose whose stone is unloaded next"));
            }
          else
            {
              imh_legal (&s, &legal);
              if (legal.n == 1 && legal.d[0] == IMH_CLASSIC_D_PASS)
                g_assert_cmpstr (phase, ==, IMH_T ("no move is possible: pass"));
              else
                g_assert_cmpstr (phase, ==,
                                 IMH_T ("take stones, place a stone, sail a ship or play a blue card"));
              g_assert_cmpstr (imh_texts_phase (&s, TRUE), ==,
                               IMH_T ("choose the site to sail to (Escape: choose again)"));
            }
          imh_legal (&s, &legal);
          imh_apply (&s, legal.d[g_rand_int_range (rand, 0, legal.n)]);
        }
      g_assert_cmpstr (imh_texts_phase (&s, FALSE), ==, "");
    }
}

static void
test_classic_prompts (void)
{
  guint seen[16] = { 0 };

  play_classic (2, seen);
  play_classic (3, seen);
  play_classic (4, seen);
  /* Market cards are chosen in every game; the play covers the others
   * where they come up. */
  g_assert_cmpuint (seen[IMH_CLASSIC_FR_DELIVER], >, 0);
  assert_translated ("take stones, place a stone, sail a ship or play a blue card");
}

/* A sub-step set up by hand: the Sail card's ship is chosen, its site not. */
static void
test_classic_frames (void)
{
  ImhState s;
  ImhClassic *c = &s.u.classic;

  setup (&s, IMH_GAME_CLASSIC, 3, 11);
  c->sp = 1;
  c->stack[0] = (ImhClassicFrame) { IMH_CLASSIC_FR_PLACE_SHIP, 1, 1, 0, 0 };
  g_assert_cmpstr (imh_texts_phase (&s, FALSE), ==, IMH_T ("place a stone on a ship that can then sail"));
  c->stack[0] = (ImhClassicFrame) { IMH_CLASSIC_FR_PLACE_SHIP, 1, 0, 0, 0 };
  g_assert_cmpstr (imh_texts_phase (&s, FALSE), ==, IMH_T ("place a stone on a ship"));
  c->stack[0] = (ImhClassicFrame) { IMH_CLASSIC_FR_SAIL, 1, IMH_CLASSIC_NONE, 0, 0 };
  g_assert_cmpstr (imh_texts_phase (&s, FALSE), ==, IMH_T ("sail a ship"));
  c->stack[0] = (ImhClassicFrame) { IMH_CLASSIC_FR_SAIL, 1, 2, 0, 0 };
  g_assert_cmpstr (imh_texts_phase (&s, FALSE), ==, IMH_T ("choose the site to sail to"));
  c->stack[0] = (ImhClassicFrame) { IMH_CLASSIC_FR_DELIVER, 2, IMH_CLASSIC_SITE_PYRAMID, 1, 0 };
  g_assert_cmpstr (imh_texts_phase (&s, FALSE), ==, IMH_T ("choose the pyramid for the stone from ship 2"));
  assert_translated ("choose the pyramid for the stone from ship 2");
}

static ImhScore
score_of (int         n_players,
          const int  *totals,
          const int  *ranks,
          guint       tiebreak)
{
  ImhScore score = { 0 };

  score.n_players = (uint8_t) n_players;
  score.final = true;
  score.tiebreak = (uint8_t) tiebreak;
  for (int p = 0; p < n_players; p++)
    {
      score.total[p] = (int16_t) totals[p];
      score.rank[p] = (uint8_t) ranks[p];
    }
  return score;
}

static void
test_results_two (void)
{
  const int totals[2] = { 21, 30 };
  const int ranks[2] = { 1, 0 };
  ImhScore score = score_of (2, totals, ranks, IMH_TIEBREAK_NONE);
  g_autofree char *heading = imh_texts_result_heading (&score, names);
  g_autofree char *body = imh_texts_result_body (&score);
  g_autofree char *line = imh_texts_result_line (&score, names);
  g_autofree char *heading_expected = g_strdup_printf (IMH_T ("%s Wins"), "Cheops");
  g_autofree char *body_expected = g_strdup_printf (IMH_T ("%d to %d."), 30, 21);
  g_autofree char *line_expected = g_strdup_printf (IMH_T ("%s wins, %d to %d"), "Cheops", 30, 21);
  g_autofree char *tied_body = NULL;
  g_autofree char *tied_expected = NULL;

  g_assert_cmpstr (heading, ==, heading_expected);
  g_assert_cmpstr (body, ==, body_expected);
  g_assert_cmpstr (line, ==, line_expected);

  /* The Duel's tie: the player who did not start wins. */
  score.total[0] = 30;
  score.tiebreak = IMH_TIEBREAK_NON_STARTER;
  tied_body = imh_texts_result_body (&score);
  tied_expected = g_strdup_printf (IMH_T ("%d to %d. %s"), 30, 30,
                                   IMH_T ("Tied: the player who did not start wins."));
  g_assert_cmpstr (tied_body, ==, tied_expected);
}

static void
test_results_four (void)
{
  /* Nefertari and Hatshepsut share first place; Cheops and Tiye share third. */
  const int totals[4] = { 40, 25, 40, 25 };
  const int ranks[4] = { 0, 2, 0, 2 };
  ImhScore score = score_of (4, totals, ranks, IMH_TIEBREAK_SHARED);
  g_autofree char *heading = imh_texts_result_heading (&score, names);
  g_autofree char *body = imh_texts_result_body (&score);
  g_autofree char *line = imh_texts_result_line (&score, names);
  g_autofree char *joined = g_strdup_printf (IMH_T ("%s and %s"), "Nefertari", "Hatshepsut");
  g_autofree char *heading_expected = g_strdup_printf (IMH_T ("%s Share the Win"), joined);
  g_autofree char *points = g_strdup_printf (IMH_TN ("%d point.", "%d points.", 40), 40);
  g_autofree char *body_expected = g_strconcat (points, " ", IMH_T ("Tied: the players share the place."), NULL);
  g_autofree char *line_expected = g_strdup_printf (IMH_TN ("%s share the win with %d point",
                                                            "%s share the win with %d points", 40),
                                                    joined, 40);

  g_assert_cmpstr (heading, ==, heading_expected);
  g_assert_cmpstr (body, ==, body_expected);
  g_assert_cmpstr (line, ==, line_expected);
  assert_translated ("%s Share the Win");
  g_assert_cmpstr (imh_texts_place (score.rank[1]), ==, IMH_T ("3rd"));
  g_assert_cmpstr (imh_texts_place (score.rank[0]), ==, IMH_T ("1st"));
}

static void
test_results_three (void)
{
  const int totals[3] = { 18, 33, 27 };
  const int ranks[3] = { 2, 0, 1 };
  ImhScore score = score_of (3, totals, ranks, IMH_TIEBREAK_NONE);
  g_autofree char *heading = imh_texts_result_heading (&score, names);
  g_autofree char *body = imh_texts_result_body (&score);
  g_autofree char *line = imh_texts_result_line (&score, names);
  g_autofree char *heading_expected = g_strdup_printf (IMH_T ("%s Wins"), "Cheops");
  g_autofree char *body_expected = g_strdup_printf (IMH_TN ("%d point.", "%d points.", 33), 33);
  g_autofree char *line_expected = g_strdup_printf (IMH_TN ("%s wins with %d point",
                                                            "%s wins with %d points", 33),
                                                    "Cheops", 33);
  g_autofree char *all = imh_texts_join_names (names, 3);
  g_autofree char *two = g_strdup_printf (IMH_T ("%s, %s"), "Nefertari", "Cheops");
  g_autofree char *all_expected = g_strdup_printf (IMH_T ("%s and %s"), two, "Hatshepsut");

  g_assert_cmpstr (heading, ==, heading_expected);
  g_assert_cmpstr (body, ==, body_expected);
  g_assert_cmpstr (line, ==, line_expected);
  g_assert_cmpstr (all, ==, all_expected);
}

int
main (int argc, char **argv)
{
  imh_test_i18n_init ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/texts/prompt/duel", test_duel_prompt);
  g_test_add_func ("/texts/prompt/classic", test_classic_prompts);
  g_test_add_func ("/texts/prompt/classic-frames", test_classic_frames);
  g_test_add_func ("/texts/results/two", test_results_two);
  g_test_add_func ("/texts/results/three", test_results_three);
  g_test_add_func ("/texts/results/four", test_results_four);
  return g_test_run ();
}
