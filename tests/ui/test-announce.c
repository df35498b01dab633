/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-announce.c — the message a board sends a screen reader after a
 * decision: the decision, what each player got, who decides now; set once
 * per decision. A boat unloaded in the Duel, a ship sailed in a base game
 * of three players, in the UI language of the test setup. */
#define G_LOG_DOMAIN "test-announce"

#include "config.h"

#include <adwaita.h>

#include "imh-board-factory.h"
#include "imh-board-private.h"
#include "imh-engine.h"
#include "imh-texts.h"
#include "test-i18n.h"
#include "ui-test-util.h"

static const char *const names[] = { "Nefertari", "Sobek", "Hathor" };

static ImhBoard *
new_board (const ImhState *state,
           int             players)
{
  ImhBoard *board = IMH_BOARD (g_object_ref_sink (imh_board_new_for_kind (state->kind)));

  for (int p = 0; p < players; p++)
    imh_board_set_player_name (board, p, names[p]);
  imh_board_set_state (board, state, TRUE, FALSE);
  return board;
}

/* Shows decision d made in before on the board and returns the message;
 * checks that it was set once, names the decision and who decides now,
 * and stays when the position after is shown again. */
static char *
announce (ImhBoard       *board,
          const ImhState *before,
          ImhDecision     d,
          int             players)
{
  ImhState after;
  guint n0 = 0, n1 = 0, n2 = 0;
  g_autofree char *what = imh_texts_decision (before, d);
  g_autofree char *next = NULL;
  const char *message;

  imh_state_copy (&after, before);
  imh_apply (&after, d);
  g_assert_null (_imh_board_get_announcement (board, &n0));
  imh_board_animate_decision (board, before, d, &after, TRUE);
  message = _imh_board_get_announcement (board, &n1);
  g_assert_nonnull (message);
  g_assert_cmpuint (n1, ==, n0 + 1);
  g_test_message ("%s", message);
  /* The position after given again (the session's refresh): no second message. */
  imh_board_set_state (board, &after, TRUE, FALSE);
  g_assert_cmpstr (_imh_board_get_announcement (board, &n2), ==, message);
  g_assert_cmpuint (n2, ==, n1);

  g_assert_nonnull (strstr (message, names[imh_actor (before)]));
  g_assert_nonnull (strstr (message, what));
  next = imh_texts_prompt (&after, (const char *const *) names, FALSE);
  g_assert_true (imh_actor (&after) >= 0 && imh_actor (&after) < players);
  g_assert_nonnull (strstr (message, next));
  return g_strdup (message);
}

/* A translated message with one number ("%d stones delivered") filled
 * in. Transfer full. */
static char *
fill_number (const char *format,
             int         n)
{
  g_auto(GStrv) parts = g_strsplit (format, "%d", -1);
  g_autofree char *number = g_strdup_printf ("%d", n);

  return g_strjoinv (number, parts);
}

static gboolean
gains (const ImhDuel *a,
       const ImhDuel *b,
       int            p)
{
  return b->obelisk[p] != a->obelisk[p] || b->pyramid[p][0] != a->pyramid[p][0]
         || b->pyramid[p][1] != a->pyramid[p][1] || b->crypt[p] != a->crypt[p]
         || memcmp (b->temple[p], a->temple[p], sizeof a->temple[p]) != 0
         || memcmp (b->actions[p], a->actions[p], sizeof a->actions[p]) != 0;
}

static void
test_duel_unload (void)
{
  g_autoptr(ImhBoard) board = NULL;
  ImhOptions options;
  ImhState s;
  ImhDecision unload = 0;
  gboolean found = FALSE;
  g_autofree char *message = NULL;

  imh_options_init (&options, IMH_GAME_DUEL, 2);
  g_assert_true (imh_setup (&s, &options, 7, NULL, 0));
  /* Meeples placed in turn until a boat unloaded gives both players tiles. */
  for (int ply = 0; ply < 200 && !found && !imh_is_over (&s); ply++)
    {
      ImhDecisionList legal;

      imh_legal (&s, &legal);
      for (guint i = 0; i < legal.n && !found; i++)
        if (legal.d[i] >= IMH_DUEL_D_UNLOAD && legal.d[i] < IMH_DUEL_D_PLAY)
          {
            ImhState after;

            imh_state_copy (&after, &s);
            imh_apply (&after, legal.d[i]);
            if (gains (&s.u.duel, &after.u.duel, 0) && gains (&s.u.duel, &after.u.duel, 1))
              {
                unload = legal.d[i];
                found = TRUE;
              }
          }
      if (!found)
        imh_apply (&s, legal.d[(ply * 5) % legal.n]);
    }
  g_assert_true (found);

  board = new_board (&s, 2);
  message = announce (board, &s, unload, 2);
  /* Each player with the tiles of the boat they got. */
  for (int p = 0; p < 2; p++)
    {
      g_autofree char *got = g_strconcat (names[p], ": ", NULL);

      g_assert_nonnull (strstr (message, got));
    }
  for (int slot = 0; slot < IMH_DUEL_N_SLOTS; slot++)
    {
      guint code = s.u.duel.boat[unload - IMH_DUEL_D_UNLOAD][slot];
      g_autofree char *tile = code != 0 ? imh_texts_duel_tile_name (code) : NULL;

      if (tile != NULL)
        g_assert_nonnull (strstr (message, tile));
    }
}

/* From a new game of three players, stones placed on the ships in turn
 * until a ship with the stones of two players or more (market: of one or
 * more) may sail to the market (market TRUE) or another site. Returns the
 * sail in s; stones: each player's on the ship. */
static ImhDecision
find_sail (ImhState *s,
           gboolean  market,
           int       stones[3])
{
  ImhOptions options;

  imh_options_init (&options, IMH_GAME_CLASSIC, 3);
  g_assert_true (imh_setup (s, &options, 11, NULL, 0));
  for (int ply = 0; ply < 300 && !imh_is_over (s); ply++)
    {
      ImhDecisionList legal;
      ImhDecision places[IMH_MAX_DECISIONS];
      guint n = 0;

      imh_legal (s, &legal);
      for (guint i = 0; i < legal.n; i++)
        {
          ImhDecision d = legal.d[i];
          int ship = (d - IMH_CLASSIC_D_SAIL) / 5;
          int owners = 0;

          if (d < IMH_CLASSIC_D_SAIL || d >= IMH_CLASSIC_D_PLAY
              || ((d - IMH_CLASSIC_D_SAIL) % 5 == IMH_CLASSIC_SITE_MARKET) != market)
            continue;
          memset (stones, 0, 3 * sizeof (int));
          for (int pos = 0; pos < s->u.classic.ship_cap[ship]; pos++)
            if (s->u.classic.ship[ship][pos] != 0)
              stones[s->u.classic.ship[ship][pos] - 1]++;
          for (int p = 0; p < 3; p++)
            owners += stones[p] > 0;
          if (owners >= (market ? 1 : 2))
            return d;
        }
      /* Places stones rather than sails, on the ships in turn. */
      for (guint i = 0; i < legal.n; i++)
        if (legal.d[i] >= IMH_CLASSIC_D_PLACE && legal.d[i] < IMH_CLASSIC_D_SAIL)
          places[n++] = legal.d[i];
      imh_apply (s, n > 0 ? places[(ply * 7) % n] : legal.d[0]);
    }
  g_assert_not_reached ();
  return 0;
}

static void
test_classic_sail (gconstpointer data)
{
  gboolean market = GPOINTER_TO_INT (data);
  g_autoptr(ImhBoard) board = NULL;
  ImhState s;
  ImhDecision sail;
  int stones[3] = { 0 };
  g_autofree char *message = NULL;

  sail = find_sail (&s, market, stones);
  board = new_board (&s, 3);
  message = announce (board, &s, sail, 3);
  /* Each player with stones on the ship: the stones delivered (at the
   * market: the cards to choose). */
  for (int p = 0; p < 3; p++)
    if (stones[p] > 0)
      {
        g_autofree char *got = NULL;
        g_autofree char *want = NULL;

        if (market)
          got = fill_number (IMH_TN ("%d stone, a card to choose", "%d stones, as many cards to choose",
                                     stones[p]), stones[p]);
        else
          got = fill_number (IMH_TN ("%d stone delivered", "%d stones delivered", stones[p]), stones[p]);
        want = g_strdup_printf ("%s: %s", names[p], got);
        g_assert_nonnull (strstr (message, want));
      }
}

static void
test_classic_quarry (void)
{
  g_autoptr(ImhBoard) board = NULL;
  ImhOptions options;
  ImhState s, after;
  g_autofree char *message = NULL;
  g_autofree char *got = NULL;
  g_autofree char *want = NULL;
  int taken;

  imh_options_init (&options, IMH_GAME_CLASSIC, 3);
  g_assert_true (imh_setup (&s, &options, 11, NULL, 0));
  g_assert_true (imh_is_legal (&s, IMH_CLASSIC_D_GET));
  imh_state_copy (&after, &s);
  imh_apply (&after, IMH_CLASSIC_D_GET);
  taken = after.u.classic.sled[imh_actor (&s)] - s.u.classic.sled[imh_actor (&s)];
  g_assert_cmpint (taken, >, 0);

  board = new_board (&s, 3);
  message = announce (board, &s, IMH_CLASSIC_D_GET, 3);
  got = fill_number (IMH_TN ("%d stone from the quarry", "%d stones from the quarry", taken), taken);
  want = g_strdup_printf ("%s: %s", names[imh_actor (&s)], got);
  g_assert_nonnull (strstr (message, want));
}

int
main (int argc, char *argv[])
{
  imh_test_i18n_init_app ();
  g_setenv ("GTK_A11Y", "none", TRUE);
  imh_test_init (&argc, &argv);
  adw_init ();
  g_test_add_func ("/announce/duel-unload", test_duel_unload);
  g_test_add_data_func ("/announce/classic-sail", GINT_TO_POINTER (FALSE), test_classic_sail);
  g_test_add_data_func ("/announce/classic-sail-market", GINT_TO_POINTER (TRUE), test_classic_sail);
  g_test_add_func ("/announce/classic-quarry", test_classic_quarry);
  return g_test_run ();
}
