/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-classic.c — Imhotep (2–4 players): the rulebook examples, rulings
 * C1–C15, every card, every site on both sides. */
#include "test-classic-util.h"

/* ---------------------------------------------------------------- setup */

static void
test_setup (void)
{
  ImhState s = new_game_full (4, "AAAAA", 0, 2, 7, TRUE);
  ImhClassic *c = C (&s);
  const ImhClassicRoundCard *rc = &imh_classic_round_cards[2][c->rounds[0]];

  /* Start stones 2/3/4/5 in turn order from the start player. */
  g_assert_cmpint (c->sled[2], ==, 2);
  g_assert_cmpint (c->sled[3], ==, 3);
  g_assert_cmpint (c->sled[0], ==, 4);
  g_assert_cmpint (c->sled[1], ==, 5);
  g_assert_cmpint (c->quarry[1], ==, 25);
  g_assert_cmpint (imh_actor (&s), ==, 2);
  g_assert_cmpint (imh_classic_rules.turn_index (&s), ==, 1);
  for (int i = 0; i < 4; i++)
    {
      g_assert_cmpint (c->ship_cap[i], ==, rc->cap[i]);
      g_assert_cmpint (c->display[i], !=, NONE);
    }
  g_assert_cmpint (c->deck_n, ==, 30);
  /* Hidden: 5 future round cards + the removed one, the deck. */
  g_assert_cmpint (imh_classic_rules.hidden_count (&s), ==, 6 + 30);
  g_assert_false (imh_is_over (&s));

  /* Market B: 3 face-up cards and a face-down pair. */
  s = new_game_full (3, "BAAAA", 0, -1, 9, TRUE);
  c = C (&s);
  g_assert_cmpint (c->display[3], ==, NONE);
  g_assert_cmpint (c->pair_state, ==, IMH_CLASSIC_PAIR_FACE_DOWN);
  g_assert_cmpint (c->deck_n, ==, 29);
  g_assert_cmpint (imh_classic_rules.hidden_count (&s), ==, 6 + 29 + 2);
  g_assert_cmpint (c->start_player, <, 3);
  g_assert_cmpint (c->sled[c->start_player], ==, 2);

  /* Unused colours have no stones. */
  s = new_game (2, "AAAAA");
  g_assert_cmpint (C (&s)->quarry[2] + C (&s)->quarry[3] + C (&s)->sled[3], ==, 0);
}

static void
test_options (void)
{
  ImhOptions o;
  char why[128];
  imh_options_init (&o, IMH_GAME_CLASSIC, 5);
  g_assert_false (imh_classic_rules.options_valid (&o, why, sizeof why));
  g_assert_nonnull (strstr (why, "players"));
  imh_options_init (&o, IMH_GAME_CLASSIC, 2);
  o.start_player = 2;
  g_assert_false (imh_classic_rules.options_valid (&o, why, sizeof why));
  o.start_player = 1;
  o.variants = 1u << 7;
  g_assert_false (imh_classic_rules.options_valid (&o, why, sizeof why));
  o.variants = IMH_VARIANT_WRATH;
  o.sides[3] = IMH_SIDE_B;
  g_assert_true (imh_classic_rules.options_valid (&o, why, sizeof why));

  ImhState s;
  ImhOptions back;
  g_assert_true (imh_setup (&s, &o, 3, why, sizeof why));
  imh_classic_rules.options (&s, &back);
  g_assert_cmpint (back.n_players, ==, 2);
  g_assert_cmpint (back.start_player, ==, 1);
  g_assert_cmpint (back.sides[3], ==, IMH_SIDE_B);
  g_assert_cmpint (back.sides[0], ==, IMH_SIDE_A);
  g_assert_cmpint (back.variants, ==, IMH_VARIANT_WRATH);

  /* A drawn start player, resolved and given back, sets up the same game. */
  for (uint64_t seed = 1; seed < 50; seed++)
    {
      ImhState a, b;
      imh_options_init (&o, IMH_GAME_CLASSIC, 4);
      g_assert_true (imh_setup (&a, &o, seed, why, sizeof why));
      imh_classic_rules.options (&a, &back);
      g_assert_cmpint (back.start_player, >=, 0);
      g_assert_true (imh_setup (&b, &back, seed, why, sizeof why));
      g_assert_cmpuint (imh_classic_rules.hash (&a), ==, imh_classic_rules.hash (&b));
    }
}

/* ---------------------------------------------------------------- C1 turn */

static void
test_c1_get (void)
{
  ImhState s = new_game (4, "AAAAA");
  ImhClassic *c = C (&s);
  /* start 0: sleds 2, 3, 4, 5 */
  play (&s, "get");
  g_assert_cmpint (c->sled[0], ==, 5);
  g_assert_cmpint (c->quarry[0], ==, 25);
  g_assert_cmpint (imh_classic_rules.turn_index (&s), ==, 2);
  g_assert_cmpint (imh_actor (&s), ==, 1);
  play (&s, "get");                 /* room for 2 only */
  g_assert_cmpint (c->sled[1], ==, 5);
  play (&s, "get");                 /* room for 1 */
  g_assert_cmpint (c->sled[2], ==, 5);
  /* Full sled: no get. */
  g_assert_false (can (&s, "get"));
  /* Quarry limit: 1 stone left → get takes 1. */
  c->turn_player = 0;
  c->stones[IMH_CLASSIC_SITE_OBELISK][0] += c->sled[0];
  c->sled[0] = 0;
  park_quarry (&s, 0, 1);
  play (&s, "get");
  g_assert_cmpint (c->sled[0], ==, 1);
  g_assert_cmpint (c->quarry[0], ==, 0);
}

static void
test_c1_place_sail (void)
{
  ImhState s = new_game (4, "AAAAA");
  ImhClassic *c = C (&s);

  /* Any free space of any unsailed ship; no sail below the minimum. */
  assert_legal (&s, "get place:1.1 place:1.2 place:1.3 place:1.4 place:2.1 place:2.2 place:2.3 "
                    "place:3.1 place:3.2 place:4.1");
  play (&s, "place:1.3");
  g_assert_cmpint (c->ship[0][2], ==, 1);
  g_assert_cmpint (c->sled[0], ==, 1);
  play (&s, "place:4.1");             /* player 1: the 1-ship reaches its minimum */
  g_assert_true (can (&s, "sail:4:temple"));
  g_assert_false (can (&s, "sail:1:temple"));   /* 1 of 3 */
  play (&s, "sail:4:temple");
  g_assert_cmpint (c->temple_n, ==, 1);
  g_assert_cmpint (c->temple_top[0], ==, 2);
  /* A sailed ship takes no stones; the temple is taken this round. */
  g_assert_false (can (&s, "place:4.1"));
  load (&s, 2, "12");
  g_assert_true (can (&s, "sail:3:pyramid"));
  g_assert_false (can (&s, "sail:3:temple"));
  /* Sailing with no stone of one's own is allowed. */
  g_assert_cmpint (imh_actor (&s), ==, 3);
  play (&s, "sail:3:obelisk");
  g_assert_cmpint (c->stones[IMH_CLASSIC_SITE_OBELISK][1], ==, 1);
  g_assert_cmpint (c->stones[IMH_CLASSIC_SITE_OBELISK][2], ==, 1);
}

/* ---------------------------------------------------------------- C2, C14 pass */

static void
test_c2_pass (void)
{
  ImhState s = new_game (4, "AAAAA");
  ImhClassic *c = C (&s);

  g_assert_false (can (&s, "pass"));
  /* Nobody can do anything: empty quarries and sleds, ships below their
   * minimum. White has a stone on the 4-ship; a black temple stone. */
  for (int p = 0; p < 4; p++)
    {
      park_quarry (&s, p, 0);
      c->stones[IMH_CLASSIC_SITE_OBELISK][p] += c->sled[p];
      c->sled[p] = 0;
    }
  c->stones[IMH_CLASSIC_SITE_OBELISK][1]--;
  c->ship[0][1] = 2;
  c->stones[IMH_CLASSIC_SITE_OBELISK][0]--;
  c->stones[IMH_CLASSIC_SITE_TEMPLE][0]++;
  c->temple_n = 1;
  c->temple_top[0] = 1;
  c->turn_player = 2;
  edited (&s);

  uint32_t t = imh_classic_rules.turn_index (&s);
  assert_legal (&s, "pass");
  play (&s, "pass");
  g_assert_cmpint (c->round, ==, 0);
  g_assert_cmpint (imh_classic_rules.turn_index (&s), ==, t + 1);
  play (&s, "pass");
  play (&s, "pass");
  g_assert_cmpint (c->round, ==, 0);
  play (&s, "pass");                  /* player 1: the 4th pass in a row */
  g_assert_cmpint (c->round, ==, 1);
  /* C14: the unsailed ship's stone went back to its quarry; temple scored;
   * the player after the last to pass starts. */
  g_assert_cmpint (c->quarry[1], ==, 1);
  g_assert_cmpint (c->points[0][IMH_CLASSIC_CAT_TEMPLE], ==, 1);
  g_assert_cmpint (c->round_start_player, ==, 2);
  g_assert_cmpint (imh_actor (&s), ==, 2);
  g_assert_cmpint (imh_classic_rules.turn_index (&s), ==, t + 4);
}

static void
test_c2_pass_resets (void)
{
  ImhState s = new_game (2, "AAAAA");
  ImhClassic *c = C (&s);
  for (int p = 0; p < 2; p++)
    {
      park_quarry (&s, p, 0);
      c->stones[IMH_CLASSIC_SITE_OBELISK][p] += c->sled[p];
      c->sled[p] = 0;
    }
  c->quarry[1] = 1;
  c->stones[IMH_CLASSIC_SITE_OBELISK][1]--;
  edited (&s);
  play (&s, "pass");          /* black */
  play (&s, "get");           /* white acts: the run of passes is broken */
  g_assert_cmpint (c->passes, ==, 0);
  play (&s, "pass");
  g_assert_cmpint (c->round, ==, 0);
  play (&s, "place:1.1");
  play (&s, "pass");
  play (&s, "pass");
  g_assert_cmpint (c->round, ==, 1);
  g_assert_cmpint (c->round_start_player, ==, 0);   /* after white, the last to pass */
}

/* ---------------------------------------------------------------- C3 round end */

static void
test_c3_round_end (void)
{
  ImhState s = new_game (4, "AAAAA");
  ImhClassic *c = C (&s);

  set_display (&s, IMH_CLASSIC_CARD_STATUE, IMH_CLASSIC_CARD_LEVER, IMH_CLASSIC_CARD_HAMMER,
               IMH_CLASSIC_CARD_SAIL);
  load (&s, 0, "000");
  load (&s, 1, "11");
  load (&s, 2, "2");
  load (&s, 3, "3");
  play (&s, "sail:1:burial");
  play (&s, "sail:2:temple");
  play (&s, "sail:3:obelisk");
  uint32_t t = imh_classic_rules.turn_index (&s);
  g_assert_cmpint (imh_actor (&s), ==, 3);
  play (&s, "sail:4:market");
  /* Gray's card choice belongs to the turn: the round has not ended yet. */
  g_assert_cmpint (c->round, ==, 0);
  g_assert_cmpint (imh_actor (&s), ==, 3);
  g_assert_cmpint (imh_classic_rules.turn_player (&s), ==, 3);
  g_assert_cmpint (imh_classic_rules.turn_index (&s), ==, t);
  play (&s, "take:lever");
  /* Next round: started by the player after the one who sailed the 4th ship. */
  g_assert_cmpint (c->round, ==, 1);
  g_assert_cmpint (imh_actor (&s), ==, 0);
  g_assert_cmpint (imh_classic_rules.turn_index (&s), ==, t + 1);
  g_assert_cmpint (c->discards[IMH_CLASSIC_CARD_STATUE], ==, 1);
  g_assert_cmpint (c->discards[IMH_CLASSIC_CARD_HAMMER], ==, 1);
  g_assert_cmpint (c->discards[IMH_CLASSIC_CARD_SAIL], ==, 1);
  g_assert_cmpint (c->held[3][IMH_CLASSIC_CARD_LEVER], ==, 1);
  for (int i = 0; i < 4; i++)
    {
      g_assert_cmpint (c->display[i], !=, NONE);
      g_assert_cmpint (c->ship_site[i], ==, NONE);
    }
  /* Temple: white's 2 stones are visible. */
  g_assert_cmpint (c->points[1][IMH_CLASSIC_CAT_TEMPLE], ==, 2);
  g_assert_cmpint (imh_classic_round_points (&s, 1), ==, 0);
}

static void
test_game_end (void)
{
  ImhState s = new_game_full (2, "AAAAA", 0, 0, 3, TRUE);
  ImhClassic *c = C (&s);
  for (int r = 0; r < 6; r++)
    {
      g_assert_cmpint (c->round, ==, r);
      for (int k = 0; k < 4; k++)
        {
          int need = imh_classic_ship_min[c->ship_cap[k]];
          for (int i = 0; i < need; i++)
            {
              int p = c->turn_player;
              c->quarry[p]--;
              c->ship[k][i] = (uint8_t) (p + 1);
            }
          edited (&s);
          ImhDecisionList l;
          imh_legal (&s, &l);
          /* sail ship k to the first free site that is not the market */
          char text[32];
          for (int t = 1; t < 5; t++)
            if (!((c->sites_used >> t) & 1))
              {
                g_snprintf (text, sizeof text, "sail:%d:%s", k + 1, imh_classic_site_ids[t]);
                break;
              }
          play (&s, text);
        }
    }
  g_assert_true (imh_is_over (&s));
  g_assert_cmpint (imh_actor (&s), ==, -1);
  g_assert_cmpint (imh_classic_rules.turn_player (&s), ==, -1);
  g_assert_false (imh_classic_is_sub_decision (&s));
  ImhDecisionList l;
  g_assert_cmpint (imh_legal (&s, &l), ==, 0);
  ImhScore sc;
  imh_score (&s, &sc);
  g_assert_true (sc.final);
  g_assert_cmpint (imh_classic_rules.hidden_count (&s), ==, c->deck_n);
}

/* ---------------------------------------------------------------- market */

static void
test_market_a_example (void)
{
  /* 003: white takes the sail card, brown the statue, gray the lever. */
  ImhState s = new_game (4, "AAAAA");
  ImhClassic *c = C (&s);
  set_display (&s, IMH_CLASSIC_CARD_SAIL, IMH_CLASSIC_CARD_STATUE, IMH_CLASSIC_CARD_LEVER,
               IMH_CLASSIC_CARD_HAMMER);
  load (&s, 0, "123");
  uint8_t q[4];
  memcpy (q, c->quarry, 4);
  uint32_t t = imh_classic_rules.turn_index (&s);
  play (&s, "sail:1:market");
  g_assert_cmpint (imh_actor (&s), ==, 1);
  g_assert_cmpint (imh_classic_rules.turn_player (&s), ==, 0);
  g_assert_true (imh_classic_is_sub_decision (&s));
  assert_legal (&s, "take:statue take:lever take:hammer take:sail");
  play (&s, "take:sail");
  g_assert_cmpint (imh_actor (&s), ==, 2);
  assert_legal (&s, "take:statue take:lever take:hammer");
  play (&s, "take:statue");
  g_assert_cmpint (imh_actor (&s), ==, 3);
  play (&s, "take:lever");
  /* The turn passes on; the stones are back in their quarries. */
  g_assert_cmpint (imh_actor (&s), ==, 1);
  g_assert_cmpint (imh_classic_rules.turn_index (&s), ==, t + 1);
  g_assert_cmpint (c->held[1][IMH_CLASSIC_CARD_SAIL], ==, 1);
  g_assert_cmpint (c->held[2][IMH_CLASSIC_CARD_STATUE], ==, 1);
  g_assert_cmpint (c->held[3][IMH_CLASSIC_CARD_LEVER], ==, 1);
  for (int p = 1; p < 4; p++)
    g_assert_cmpint (c->quarry[p], ==, q[p] + 1);
  g_assert_cmpint (c->display[3], ==, IMH_CLASSIC_CARD_HAMMER);
}

static void
test_market_c10 (void)
{
  /* A lone choice is taken without a decision; no card: the stone returns. */
  ImhState s = new_game (4, "AAAAA");
  ImhClassic *c = C (&s);
  set_display (&s, IMH_CLASSIC_CARD_STATUE, IMH_CLASSIC_CARD_STATUE, -1, -1);
  load (&s, 0, "1233");
  play (&s, "sail:1:market");
  g_assert_cmpint (imh_actor (&s), ==, 1);
  g_assert_false (imh_classic_is_sub_decision (&s));
  g_assert_cmpint (c->held[1][IMH_CLASSIC_CARD_STATUE], ==, 1);
  g_assert_cmpint (c->held[2][IMH_CLASSIC_CARD_STATUE], ==, 1);
  g_assert_cmpint (c->held[3][IMH_CLASSIC_CARD_STATUE], ==, 0);
  g_assert_cmpint (c->quarry[3], ==, 30 - 5);
}

static void
test_red_cards (void)
{
  static const int red[3] = {
    IMH_CLASSIC_CARD_ENTRANCE, IMH_CLASSIC_CARD_SARCOPHAGUS, IMH_CLASSIC_CARD_PAVED_PATH,
  };
  static const int site[3] = {
    IMH_CLASSIC_SITE_PYRAMID, IMH_CLASSIC_SITE_BURIAL, IMH_CLASSIC_SITE_OBELISK,
  };
  for (int k = 0; k < 3; k++)
    {
      ImhState s = new_game (4, "AAAAA");
      ImhClassic *c = C (&s);
      set_display (&s, red[k], IMH_CLASSIC_CARD_STATUE, -1, -1);
      load (&s, 3, "1");
      int q = c->quarry[1];
      play (&s, "sail:4:market");
      play (&s, imh_classic_card_ids[red[k]][0] == 'e' ? "take:entrance"
                : imh_classic_card_ids[red[k]][0] == 's' ? "take:sarcophagus" : "take:paved-path");
      /* the red stone came from white's quarry, the market stone went back */
      g_assert_cmpint (c->stones[site[k]][1], ==, 1);
      g_assert_cmpint (c->quarry[1], ==, q);   /* -1 red stone, +1 market stone */
      g_assert_cmpint (c->discards[red[k]], ==, 1);
      g_assert_cmpint (c->held[1][red[k]], ==, 0);
      if (k == 0)
        g_assert_cmpint (c->points[1][IMH_CLASSIC_CAT_PYRAMID], ==, 2);
      if (k == 1)
        g_assert_cmpint (c->burial[0], ==, 2);
    }
}

static void
test_c6_red_empty_quarry (void)
{
  /* C6 + C11: the red card resolves before the market stone returns, so an
   * empty quarry discards it although the stone comes back afterwards. */
  ImhState s = new_game (4, "AAAAA");
  ImhClassic *c = C (&s);
  set_display (&s, IMH_CLASSIC_CARD_ENTRANCE, IMH_CLASSIC_CARD_STATUE, -1, -1);
  park_quarry (&s, 1, 1);
  load (&s, 3, "1");
  g_assert_cmpint (c->quarry[1], ==, 0);
  play (&s, "sail:4:market");
  play (&s, "take:entrance");
  g_assert_cmpint (c->stones[IMH_CLASSIC_SITE_PYRAMID][1], ==, 0);
  g_assert_cmpint (c->discards[IMH_CLASSIC_CARD_ENTRANCE], ==, 1);
  g_assert_cmpint (c->quarry[1], ==, 1);
  g_assert_cmpint (c->points[1][IMH_CLASSIC_CAT_PYRAMID], ==, 0);
}

static void
test_market_b_pair (void)
{
  ImhState s = new_game (4, "BAAAA");
  ImhClassic *c = C (&s);
  set_display (&s, IMH_CLASSIC_CARD_STATUE, IMH_CLASSIC_CARD_HAMMER, IMH_CLASSIC_CARD_CHISEL, -1);
  set_pair (&s, IMH_CLASSIC_CARD_LEVER, IMH_CLASSIC_CARD_ENTRANCE);
  load (&s, 1, "12");
  uint32_t hidden = imh_classic_rules.hidden_count (&s);
  play (&s, "sail:2:market");
  assert_legal (&s, "take:statue take:hammer take:chisel take:pair");
  play (&s, "take:pair");
  g_assert_cmpint (imh_classic_rules.hidden_count (&s), ==, hidden - 2);
  g_assert_cmpint (imh_actor (&s), ==, 1);
  assert_legal (&s, "keep:entrance keep:lever");
  play (&s, "keep:entrance");
  /* C11: the other card is discarded first; the kept red card acts. */
  g_assert_cmpint (c->discards[IMH_CLASSIC_CARD_LEVER], ==, 1);
  g_assert_cmpint (c->discards[IMH_CLASSIC_CARD_ENTRANCE], ==, 1);
  g_assert_cmpint (c->stones[IMH_CLASSIC_SITE_PYRAMID][1], ==, 1);
  g_assert_cmpint (c->pair_state, ==, IMH_CLASSIC_PAIR_NONE);
  /* brown: the pair is gone */
  g_assert_cmpint (imh_actor (&s), ==, 2);
  assert_legal (&s, "take:statue take:hammer take:chisel");
  play (&s, "take:chisel");
}

static void
test_market_b_pair_discarded (void)
{
  /* A pair nobody took is discarded at round end (C11). */
  ImhState s = new_game (2, "BAAAA");
  ImhClassic *c = C (&s);
  set_pair (&s, IMH_CLASSIC_CARD_STATUE, IMH_CLASSIC_CARD_STATUE);
  mark_sailed (&s, 0, IMH_CLASSIC_SITE_PYRAMID);
  mark_sailed (&s, 1, IMH_CLASSIC_SITE_TEMPLE);
  mark_sailed (&s, 2, IMH_CLASSIC_SITE_BURIAL);
  int before = c->discards[IMH_CLASSIC_CARD_STATUE];
  load (&s, 3, "0");
  play (&s, "sail:4:obelisk");
  g_assert_cmpint (c->round, ==, 1);
  g_assert_cmpint (c->discards[IMH_CLASSIC_CARD_STATUE], >=, before + 2);
  /* the same pair of one type: keeping is no choice */
  s = new_game (2, "BAAAA");
  c = C (&s);
  set_display (&s, -1, -1, -1, -1);
  set_pair (&s, IMH_CLASSIC_CARD_SAIL, IMH_CLASSIC_CARD_SAIL);
  load (&s, 3, "1");
  play (&s, "sail:4:market");
  g_assert_cmpint (c->held[1][IMH_CLASSIC_CARD_SAIL], ==, 1);
  g_assert_cmpint (c->discards[IMH_CLASSIC_CARD_SAIL], ==, 1);
}

static void
test_deck_reshuffle (void)
{
  ImhState s = new_game (4, "AAAAA");
  ImhClassic *c = C (&s);
  /* Move the whole deck to the discards: the next draw reshuffles. */
  for (int i = 0; i < c->deck_n; i++)
    {
      c->discards[c->deck[i]]++;
      c->deck[i] = NONE;
    }
  c->deck_n = 0;
  edited (&s);
  mark_sailed (&s, 0, IMH_CLASSIC_SITE_PYRAMID);
  mark_sailed (&s, 1, IMH_CLASSIC_SITE_TEMPLE);
  mark_sailed (&s, 2, IMH_CLASSIC_SITE_BURIAL);
  load (&s, 3, "0");
  play (&s, "sail:4:obelisk");
  g_assert_cmpint (c->round, ==, 1);
  /* 30 old discards + 4 from the market: shuffled, 4 dealt. */
  g_assert_cmpint (c->deck_n, ==, 30);
  for (int t = 0; t < IMH_CLASSIC_N_CARD_TYPES; t++)
    g_assert_cmpint (c->discards[t], ==, 0);
}

/* ---------------------------------------------------------------- blue cards */

static void
test_hammer (void)
{
  ImhState s = new_game (4, "AAAAA");
  ImhClassic *c = C (&s);
  give_card (&s, 0, IMH_CLASSIC_CARD_HAMMER);
  g_assert_true (can (&s, "play:hammer"));
  play (&s, "play:hammer");
  g_assert_cmpint (c->sled[0], ==, 5);        /* 2 + 3 */
  g_assert_cmpint (imh_actor (&s), ==, 0);
  g_assert_true (imh_classic_is_sub_decision (&s));
  g_assert_false (can (&s, "get"));
  /* the card goes to the discards after its action */
  g_assert_cmpint (c->discards[IMH_CLASSIC_CARD_HAMMER], ==, 0);
  g_assert_cmpint (c->held[0][IMH_CLASSIC_CARD_HAMMER], ==, 0);
  play (&s, "place:2.2");
  g_assert_cmpint (c->sled[0], ==, 4);
  g_assert_cmpint (c->ship[1][1], ==, 1);
  g_assert_cmpint (c->discards[IMH_CLASSIC_CARD_HAMMER], ==, 1);
  g_assert_cmpint (imh_actor (&s), ==, 1);

  /* C12: playable if it takes a stone or can place one. */
  s = new_game (4, "AAAAA");
  c = C (&s);
  give_card (&s, 0, IMH_CLASSIC_CARD_HAMMER);
  park_quarry (&s, 0, 0);
  c->stones[IMH_CLASSIC_SITE_OBELISK][0] += c->sled[0];
  c->sled[0] = 0;
  edited (&s);
  g_assert_false (can (&s, "play:hammer"));
  c->quarry[0] = 1;
  c->stones[IMH_CLASSIC_SITE_OBELISK][0]--;
  edited (&s);
  play (&s, "play:hammer");                 /* takes 1, places it */
  g_assert_cmpint (imh_actor (&s), ==, 0);
  play (&s, "place:1.1");
  g_assert_cmpint (c->sled[0], ==, 0);
}

static void
test_chisel (void)
{
  ImhState s = new_game (4, "AAAAA");
  ImhClassic *c = C (&s);
  give_card (&s, 0, IMH_CLASSIC_CARD_CHISEL);
  c->sled[0]--;
  c->quarry[0]++;
  edited (&s);
  g_assert_false (can (&s, "play:chisel"));   /* 1 sled stone */
  c->sled[0]++;
  c->quarry[0]--;
  play (&s, "play:chisel");
  play (&s, "place:1.1");
  g_assert_cmpint (imh_actor (&s), ==, 0);
  play (&s, "place:1.2");                     /* 2 on one ship */
  g_assert_cmpint (c->sled[0], ==, 0);
  g_assert_cmpint (imh_actor (&s), ==, 1);

  /* 1 stone on each of two ships; needs 2 free spaces. */
  s = new_game (4, "AAAAA");
  c = C (&s);
  give_card (&s, 0, IMH_CLASSIC_CARD_CHISEL);
  load (&s, 0, "1111");
  load (&s, 1, "222");
  load (&s, 2, "33");
  g_assert_false (can (&s, "play:chisel"));   /* 1 free space only */
  c->ship[0][3] = 0;
  c->quarry[1]++;
  edited (&s);
  play (&s, "play:chisel");
  /* the 2nd placement is forced: no lone choice offered */
  play (&s, "place:1.4");
  g_assert_cmpint (c->ship[3][0], ==, 1);
  g_assert_cmpint (imh_actor (&s), ==, 1);
}

static void
test_sail_card (void)
{
  ImhState s = new_game (4, "AAAAA");
  ImhClassic *c = C (&s);
  c->ship_cap[0] = 4; c->ship_cap[1] = 3; c->ship_cap[2] = 2; c->ship_cap[3] = 2;
  give_card (&s, 0, IMH_CLASSIC_CARD_SAIL);
  load (&s, 0, "12");
  play (&s, "play:sail");
  /* only placements that bring a ship to its minimum */
  assert_legal (&s, "place:1.3 place:1.4 place:3.1 place:3.2 place:4.1 place:4.2");
  play (&s, "place:1.4");
  /* then that ship sails */
  assert_legal (&s, "sail:1:market sail:1:pyramid sail:1:temple sail:1:burial sail:1:obelisk");
  play (&s, "sail:1:burial");
  g_assert_cmpint (c->burial_n, ==, 3);
  g_assert_cmpint (c->burial[2], ==, 1);
  g_assert_cmpint (imh_actor (&s), ==, 1);

  /* not playable when no placement reaches a minimum */
  s = new_game (4, "AAAAA");
  c = C (&s);
  c->ship_cap[0] = 4; c->ship_cap[1] = 4; c->ship_cap[2] = 3; c->ship_cap[3] = 3;
  give_card (&s, 0, IMH_CLASSIC_CARD_SAIL);
  g_assert_false (can (&s, "play:sail"));
  load (&s, 2, "1");
  g_assert_true (can (&s, "play:sail"));
}

static void
test_lever (void)
{
  ImhState s = new_game (4, "AAAAA");
  ImhClassic *c = C (&s);
  give_card (&s, 0, IMH_CLASSIC_CARD_LEVER);
  g_assert_false (can (&s, "play:lever"));    /* no sail possible */
  load (&s, 0, "1213");
  play (&s, "play:lever");
  play (&s, "sail:1:burial");
  g_assert_cmpint (imh_actor (&s), ==, 0);
  assert_legal (&s, "unload:white unload:brown unload:gray");
  play (&s, "unload:gray");
  assert_legal (&s, "unload:white unload:brown");
  play (&s, "unload:brown");
  /* only white is left: no choice */
  g_assert_cmpint (imh_actor (&s), ==, 1);
  g_assert_cmpint (c->burial_n, ==, 4);
  g_assert_cmpint (c->burial[0], ==, 4);
  g_assert_cmpint (c->burial[1], ==, 3);
  g_assert_cmpint (c->burial[2], ==, 2);
  g_assert_cmpint (c->burial[3], ==, 2);
  g_assert_cmpint (c->discards[IMH_CLASSIC_CARD_LEVER], ==, 1);
}

static void
test_lever_market (void)
{
  /* The Lever's player picks the order; each owner picks a card. */
  ImhState s = new_game (4, "AAAAA");
  ImhClassic *c = C (&s);
  give_card (&s, 2, IMH_CLASSIC_CARD_LEVER);
  set_display (&s, IMH_CLASSIC_CARD_STATUE, IMH_CLASSIC_CARD_HAMMER, IMH_CLASSIC_CARD_SAIL, -1);
  load (&s, 0, "013");
  c->turn_player = 2;
  play (&s, "play:lever");
  play (&s, "sail:1:market");
  g_assert_cmpint (imh_actor (&s), ==, 2);
  play (&s, "unload:gray");
  g_assert_cmpint (imh_actor (&s), ==, 3);
  play (&s, "take:hammer");
  g_assert_cmpint (imh_actor (&s), ==, 2);
  play (&s, "unload:white");
  g_assert_cmpint (imh_actor (&s), ==, 1);
  play (&s, "take:sail");
  /* black's stone is last and takes the statue by itself */
  g_assert_cmpint (c->held[0][IMH_CLASSIC_CARD_STATUE], ==, 1);
  g_assert_cmpint (imh_actor (&s), ==, 3);
}

static void
test_cards_at_end (void)
{
  ImhState s = new_game (4, "AAAAA");
  ImhScore sc;
  set_display (&s, -1, -1, -1, -1);
  give_card (&s, 1, IMH_CLASSIC_CARD_LEVER);
  give_card (&s, 1, IMH_CLASSIC_CARD_SAIL);
  for (int i = 0; i < 3; i++)
    give_card (&s, 2, IMH_CLASSIC_CARD_STATUE);
  for (int i = 0; i < 6; i++)
    give_card (&s, 3, IMH_CLASSIC_CARD_STATUE);
  give_card (&s, 0, IMH_CLASSIC_CARD_DECO_BURIAL);
  give_card (&s, 0, IMH_CLASSIC_CARD_DECO_BURIAL);
  ImhClassic *c = C (&s);
  /* 13 stones in the burial chamber */
  for (int i = 0; i < 13; i++)
    {
      int p = i % 4;
      c->quarry[p]--;
      c->burial[c->burial_n++] = (uint8_t) (p + 1);
      c->stones[IMH_CLASSIC_SITE_BURIAL][p]++;
    }
  edited (&s);
  imh_score (&s, &sc);
  g_assert_false (sc.final);
  g_assert_cmpint (sc.points[1][IMH_CLASSIC_CAT_BLUE], ==, 2);
  g_assert_cmpint (sc.points[2][IMH_CLASSIC_CAT_STATUES], ==, 6);
  g_assert_cmpint (sc.points[3][IMH_CLASSIC_CAT_STATUES], ==, 17);     /* 15 + 2 */
  /* each decoration scores on its own: 2 × floor(13 / 3) */
  g_assert_cmpint (sc.points[0][IMH_CLASSIC_CAT_DECORATIONS], ==, 8);
}

static void
test_decorations_c15 (void)
{
  /* C15: pyramid overflow and covered temple stones count. */
  ImhState s = new_game (2, "AAAAA");
  ImhClassic *c = C (&s);
  give_card (&s, 0, IMH_CLASSIC_CARD_DECO_PYRAMID);
  give_card (&s, 1, IMH_CLASSIC_CARD_DECO_TEMPLE);
  give_card (&s, 1, IMH_CLASSIC_CARD_DECO_OBELISK);
  c->quarry[0] -= 16;
  c->stones[IMH_CLASSIC_SITE_PYRAMID][0] = 16;      /* 14 spaces + 2 overflow */
  for (int i = 0; i < 14; i++)
    c->pyramid[i] = 1;
  c->pyramid_n[0] = 14;
  c->quarry[1] -= 9;
  c->stones[IMH_CLASSIC_SITE_TEMPLE][1] = 9;        /* 2 levels + 1 */
  c->temple_n = 9;
  for (int k = 0; k < 4; k++)
    c->temple_top[k] = 2;
  edited (&s);
  ImhScore sc;
  imh_score (&s, &sc);
  g_assert_cmpint (sc.points[0][IMH_CLASSIC_CAT_DECORATIONS], ==, 5);
  g_assert_cmpint (sc.points[1][IMH_CLASSIC_CAT_DECORATIONS], ==, 3);
}

/* ---------------------------------------------------------------- pyramid */

static void
test_pyramid_a (void)
{
  static const int values[15] = { 2, 1, 3, 2, 4, 3, 2, 1, 3, 2, 3, 1, 3, 4, 1 };
  ImhState s = new_game (4, "AAAAA");
  ImhClassic *c = C (&s);
  for (int i = 0; i < 15; i++)
    {
      int p = i % 4;
      int before = c->points[p][IMH_CLASSIC_CAT_PYRAMID];
      char owner[2] = { (char) ('0' + p), 0 };
      load (&s, 3, owner);
      play (&s, "sail:4:pyramid");
      g_assert_cmpint (c->points[p][IMH_CLASSIC_CAT_PYRAMID] - before, ==, values[i]);
      if (i < 14)
        g_assert_cmpint (c->pyramid[i], ==, p + 1);
      unsail (&s);
    }
  g_assert_cmpint (c->pyramid_n[0], ==, 14);
  g_assert_cmpint (c->stones[IMH_CLASSIC_SITE_PYRAMID][2], ==, 4);   /* incl. the overflow stone */
}

static void
test_pyramid_b_example (void)
{
  /* 003: brown middle 1st, black middle 2nd, brown middle 3rd, white left 1st. */
  ImhState s = new_game (4, "ABAAA");
  ImhClassic *c = C (&s);
  load (&s, 0, "2021");
  c->turn_player = 3;
  c->sled[0] = 1;
  c->quarry[0] += 1;
  edited (&s);
  play (&s, "sail:1:pyramid");
  g_assert_cmpint (imh_actor (&s), ==, 2);
  assert_legal (&s, "pyramid:left pyramid:middle pyramid:right");
  play (&s, "pyramid:middle");
  g_assert_cmpint (imh_actor (&s), ==, 0);
  play (&s, "pyramid:middle");
  play (&s, "pyramid:middle");
  play (&s, "pyramid:left");
  g_assert_cmpint (c->pyramid_n[0], ==, 1);
  g_assert_cmpint (c->pyramid_n[1], ==, 3);
  g_assert_cmpint (c->pyramid[5], ==, 3);
  g_assert_cmpint (c->pyramid[6], ==, 1);
  g_assert_cmpint (c->pyramid[7], ==, 3);
  g_assert_cmpint (c->pyramid[0], ==, 2);
  g_assert_cmpint (c->points[2][IMH_CLASSIC_CAT_PYRAMID], ==, 3 + 2);
  /* middle 2nd space: 1 point and 3 stones (sled 1 → 4) */
  g_assert_cmpint (c->points[0][IMH_CLASSIC_CAT_PYRAMID], ==, 1);
  g_assert_cmpint (c->sled[0], ==, 4);
  g_assert_cmpint (c->points[1][IMH_CLASSIC_CAT_PYRAMID], ==, 2);
  g_assert_cmpint (imh_actor (&s), ==, 0);
}

static void
test_pyramid_b_card_bonus (void)
{
  ImhState s = new_game (4, "ABAAA");
  ImhClassic *c = C (&s);
  deck_top (&s, IMH_CLASSIC_CARD_STATUE);
  load (&s, 1, "11");
  play (&s, "sail:2:pyramid");
  play (&s, "pyramid:left");
  play (&s, "pyramid:left");       /* space 2: 1 point + the top card */
  g_assert_cmpint (c->held[1][IMH_CLASSIC_CARD_STATUE], ==, 1);
  g_assert_cmpint (c->points[1][IMH_CLASSIC_CAT_PYRAMID], ==, 3);

  /* The card is a red Entrance: its stone comes from the quarry, and
   * where it goes is the owner's choice (C4). */
  s = new_game (4, "ABAAA");
  c = C (&s);
  deck_top (&s, IMH_CLASSIC_CARD_ENTRANCE);
  load (&s, 1, "11");
  play (&s, "sail:2:pyramid");
  play (&s, "pyramid:left");
  play (&s, "pyramid:left");
  g_assert_cmpint (imh_actor (&s), ==, 1);
  assert_legal (&s, "pyramid:left pyramid:middle pyramid:right");
  play (&s, "pyramid:right");
  g_assert_cmpint (c->pyramid[10], ==, 2);
  g_assert_cmpint (c->discards[IMH_CLASSIC_CARD_ENTRANCE], ==, 1);
  g_assert_cmpint (c->stones[IMH_CLASSIC_SITE_PYRAMID][1], ==, 3);
  g_assert_cmpint (imh_actor (&s), ==, 1);   /* next turn */
  g_assert_false (imh_classic_is_sub_decision (&s));
}

static void
test_pyramid_b_ship_bonus (void)
{
  ImhState s = new_game (4, "ABAAA");
  ImhClassic *c = C (&s);
  c->pyramid[10] = 4;
  c->pyramid_n[2] = 1;
  c->stones[IMH_CLASSIC_SITE_PYRAMID][3] = 1;
  c->quarry[3]--;
  edited (&s);
  load (&s, 3, "1");
  play (&s, "sail:4:pyramid");
  play (&s, "pyramid:right");      /* 2nd space: 1 point + place a stone on a ship */
  g_assert_cmpint (imh_actor (&s), ==, 1);
  g_assert_true (can (&s, "place:1.1"));
  g_assert_false (can (&s, "place:4.1"));   /* sailed */
  int sled = c->sled[1];
  play (&s, "place:2.3");
  g_assert_cmpint (c->sled[1], ==, sled - 1);
  g_assert_cmpint (c->ship[1][2], ==, 2);
  g_assert_cmpint (imh_actor (&s), ==, 1);
  g_assert_false (imh_classic_is_sub_decision (&s));

  /* no sled stone: no bonus placement (C10 places only when possible) */
  s = new_game (4, "ABAAA");
  c = C (&s);
  c->pyramid[10] = 4;
  c->pyramid_n[2] = 1;
  c->stones[IMH_CLASSIC_SITE_PYRAMID][3] = 1;
  c->quarry[3]--;
  c->quarry[1] += c->sled[1];
  c->sled[1] = 0;
  edited (&s);
  load (&s, 3, "1");
  play (&s, "sail:4:pyramid");
  play (&s, "pyramid:right");
  g_assert_false (imh_classic_is_sub_decision (&s));
}

/* C16: a pyramid-B ship bonus reached while a round end is resolved gives
 * its point only. Here the round ends by the all-pass of C2; the temple-B
 * bonuses then give white two sled stones (space 1) and the top card, a red
 * Entrance whose quarry stone (one came back from an unsailed ship) goes to
 * the right pyramid's 2nd space: 1 point and "place a stone on a ship". */
static void
test_pyramid_b_ship_bonus_round_end (void)
{
  ImhState s = new_game (2, "ABBAA");
  ImhClassic *c = C (&s);
  static const int temple_owner[4] = { 0, 1, 1, 0 };

  for (int p = 0; p < 2; p++)
    {
      park_quarry (&s, p, 0);
      c->stones[IMH_CLASSIC_SITE_OBELISK][p] += c->sled[p];
      c->sled[p] = 0;
    }
  /* The temple's four spaces, white on 1 and 4. */
  for (int k = 0; k < 4; k++)
    {
      c->stones[IMH_CLASSIC_SITE_OBELISK][temple_owner[k]]--;
      c->stones[IMH_CLASSIC_SITE_TEMPLE][temple_owner[k]]++;
      c->temple_top[k] = (uint8_t) (temple_owner[k] + 1);
    }
  c->temple_n = 4;
  /* Black's stone on the right pyramid's 1st space. */
  c->stones[IMH_CLASSIC_SITE_OBELISK][1]--;
  c->stones[IMH_CLASSIC_SITE_PYRAMID][1]++;
  c->pyramid[10] = 2;
  c->pyramid_n[2] = 1;
  /* Three white stones on unsailed ships, each ship below its minimum. */
  int on_ships = 0;
  for (int sh = 0; sh < 4 && on_ships < 3; sh++)
    for (int pos = 0; pos + 1 < c->ship_cap[sh] - c->ship_slack[sh] && on_ships < 3; pos++)
      {
        c->stones[IMH_CLASSIC_SITE_OBELISK][0]--;
        c->ship[sh][pos] = 1;
        on_ships++;
      }
  g_assert_cmpint (on_ships, ==, 3);
  c->turn_player = 0;
  edited (&s);
  deck_top (&s, IMH_CLASSIC_CARD_ENTRANCE);

  assert_legal (&s, "pass");
  play (&s, "pass");
  play (&s, "pass");
  g_assert_cmpint (c->round, ==, 0);
  g_assert_cmpint (c->quarry[0], ==, 3);
  g_assert_cmpint (imh_actor (&s), ==, 0);
  play (&s, "temple:stones");
  g_assert_cmpint (c->sled[0], ==, 2);
  /* Space 3 (black, nothing to take) and 4 (the card) resolve by
   * themselves; the Entrance's stone asks where it goes. */
  g_assert_cmpint (imh_actor (&s), ==, 0);
  int pyramid_points = c->points[0][IMH_CLASSIC_CAT_PYRAMID];
  play (&s, "pyramid:right");
  g_assert_cmpint (c->pyramid[11], ==, 1);
  g_assert_cmpint (c->points[0][IMH_CLASSIC_CAT_PYRAMID] - pyramid_points, ==,
                   imh_classic_pyramid_b_value[2][1]);
  /* No stone on the ending round's ships: the round is over, and white's
   * two sled stones are still on the sled. */
  g_assert_cmpint (c->round, ==, 1);
  g_assert_cmpint (c->sled[0], ==, 2);
  for (int sh = 0; sh < 4; sh++)
    for (int pos = 0; pos < IMH_CLASSIC_SHIP_MAX; pos++)
      g_assert_cmpint (c->ship[sh][pos], ==, 0);
  assert_ok (&s);
}

static void
test_pyramid_b_full (void)
{
  /* C13: one pyramid left is no choice; all full scores 1. */
  ImhState s = new_game (4, "ABAAA");
  ImhClassic *c = C (&s);
  for (int i = 0; i < 10; i++)
    c->pyramid[i] = 1;
  c->pyramid_n[0] = c->pyramid_n[1] = 5;
  c->stones[IMH_CLASSIC_SITE_PYRAMID][0] = 10;
  c->quarry[0] -= 10;
  edited (&s);
  load (&s, 0, "1111");
  c->turn_player = 1;
  play (&s, "sail:1:pyramid");
  /* right pyramid: 2, 1 + ship bonus (white places), 3, 1 */
  g_assert_cmpint (imh_actor (&s), ==, 1);
  play (&s, "place:2.1");
  g_assert_cmpint (c->pyramid_n[2], ==, 4);
  g_assert_cmpint (c->points[1][IMH_CLASSIC_CAT_PYRAMID], ==, 2 + 1 + 3 + 1);
  unsail (&s);
  load (&s, 3, "2");
  play (&s, "sail:4:pyramid");     /* the top: 4 points, no choice */
  g_assert_cmpint (c->points[2][IMH_CLASSIC_CAT_PYRAMID], ==, 4);
  unsail (&s);
  load (&s, 3, "2");
  play (&s, "sail:4:pyramid");     /* full: 1 point */
  g_assert_cmpint (c->points[2][IMH_CLASSIC_CAT_PYRAMID], ==, 5);
  g_assert_cmpint (c->stones[IMH_CLASSIC_SITE_PYRAMID][2], ==, 2);
}

/* ---------------------------------------------------------------- temple */

static void
temple_visibility (int np, const char *owners, const int *expect)
{
  ImhState s = new_game (np, "AAAAA");
  ImhClassic *c = C (&s);
  int n = (int) strlen (owners);
  for (int i = 0; i < n; i++)
    {
      char o[2] = { owners[i], 0 };
      load (&s, 3, o);
      play (&s, "sail:4:temple");
      unsail (&s);
    }
  mark_sailed (&s, 0, IMH_CLASSIC_SITE_MARKET);
  mark_sailed (&s, 1, IMH_CLASSIC_SITE_PYRAMID);
  mark_sailed (&s, 2, IMH_CLASSIC_SITE_BURIAL);
  g_assert_cmpint (c->round, ==, 0);
  load (&s, 3, "0");
  play (&s, "sail:4:obelisk");
  g_assert_cmpint (c->round, ==, 1);
  for (int p = 0; p < np; p++)
    g_assert_cmpint (c->points[p][IMH_CLASSIC_CAT_TEMPLE], ==, expect[p]);
}

static void
test_temple_a_2p (void)
{
  /* 4 spaces per level: the 5th stone covers the 1st. */
  static const int expect[2] = { 3, 1 };
  temple_visibility (2, "00001", expect);
}

static void
test_temple_a_4p (void)
{
  /* 5 spaces per level with 4 players: the 5th stone is still on level 1. */
  static const int expect[4] = { 3, 1, 1, 0 };
  temple_visibility (4, "00012", expect);
  static const int expect2[4] = { 4, 0, 1, 0 };
  temple_visibility (4, "000002", expect2);
}

static void
test_temple_b (void)
{
  /* 003 example: gray, brown, white, white(+card), black on spaces 1–5. */
  ImhState s = new_game (4, "AABAA");
  ImhClassic *c = C (&s);
  const char *owners = "32110";
  for (int i = 0; i < 5; i++)
    {
      char o[2] = { owners[i], 0 };
      load (&s, 3, o);
      play (&s, "sail:4:temple");
      unsail (&s);
    }
  deck_top (&s, IMH_CLASSIC_CARD_CHISEL);
  mark_sailed (&s, 0, IMH_CLASSIC_SITE_MARKET);
  mark_sailed (&s, 1, IMH_CLASSIC_SITE_PYRAMID);
  mark_sailed (&s, 2, IMH_CLASSIC_SITE_BURIAL);
  c->turn_player = 1;
  c->quarry[3] += c->sled[3] - 1;
  c->sled[3] = 1;
  edited (&s);
  load (&s, 3, "1");
  uint32_t t = imh_classic_rules.turn_index (&s);
  play (&s, "sail:4:obelisk");
  /* space 1, gray: a choice */
  g_assert_cmpint (c->round, ==, 0);
  g_assert_cmpint (imh_actor (&s), ==, 3);
  g_assert_cmpint (imh_classic_rules.turn_index (&s), ==, t);
  assert_legal (&s, "temple:point temple:stones");
  int sled3 = c->sled[3];
  play (&s, "temple:stones");
  g_assert_cmpint (c->sled[3], ==, MIN (5, sled3 + 2));
  /* space 2: brown 2 points by itself; space 3: white chooses */
  g_assert_cmpint (c->points[2][IMH_CLASSIC_CAT_TEMPLE], ==, 2);
  g_assert_cmpint (imh_actor (&s), ==, 1);
  play (&s, "temple:point");
  /* space 4: white takes the top card; space 5: black chooses */
  g_assert_cmpint (c->held[1][IMH_CLASSIC_CARD_CHISEL], ==, 1);
  g_assert_cmpint (imh_actor (&s), ==, 0);
  play (&s, "temple:point");
  g_assert_cmpint (c->round, ==, 1);
  g_assert_cmpint (c->points[1][IMH_CLASSIC_CAT_TEMPLE], ==, 1);
  g_assert_cmpint (c->points[0][IMH_CLASSIC_CAT_TEMPLE], ==, 1);
  g_assert_cmpint (c->points[3][IMH_CLASSIC_CAT_TEMPLE], ==, 0);
  g_assert_cmpint (imh_classic_rules.turn_index (&s), ==, t + 1);
  g_assert_cmpint (imh_actor (&s), ==, 2);
}

static void
test_temple_b_2p (void)
{
  /* With 2 players only spaces 1–4 exist: the 5th stone covers space 1. */
  ImhState s = new_game (2, "AABAA");
  ImhClassic *c = C (&s);
  const char *owners = "01111";
  for (int i = 0; i < 5; i++)
    {
      char o[2] = { owners[i], 0 };
      load (&s, 3, o);
      play (&s, "sail:4:temple");
      unsail (&s);
    }
  deck_top (&s, IMH_CLASSIC_CARD_STATUE);
  mark_sailed (&s, 0, IMH_CLASSIC_SITE_MARKET);
  mark_sailed (&s, 1, IMH_CLASSIC_SITE_PYRAMID);
  mark_sailed (&s, 2, IMH_CLASSIC_SITE_BURIAL);
  c->quarry[1] += c->sled[1];
  c->sled[1] = 0;
  park_quarry (&s, 1, 0);       /* white cannot take stones: points only */
  load (&s, 3, "0");
  play (&s, "sail:4:obelisk");
  g_assert_cmpint (c->round, ==, 1);
  g_assert_cmpint (c->points[1][IMH_CLASSIC_CAT_TEMPLE], ==, 1 + 2 + 1);
  g_assert_cmpint (c->held[1][IMH_CLASSIC_CARD_STATUE], ==, 1);
  g_assert_cmpint (c->points[0][IMH_CLASSIC_CAT_TEMPLE], ==, 0);
}

/* ---------------------------------------------------------------- burial */

static void
set_burial (ImhState *s, const char *owners)
{
  ImhClassic *c = C (s);
  for (int i = 0; owners[i]; i++)
    {
      int p = owners[i] - '0';
      c->quarry[p]--;
      c->burial[c->burial_n++] = (uint8_t) (p + 1);
      c->stones[IMH_CLASSIC_SITE_BURIAL][p]++;
    }
  assert_ok (s);
}

static void
test_burial_a_example (void)
{
  /* 003: white 2-area → 3; black 1 → 1; brown 3 → 6 and 1 → 1; gray 6 → 17.
   * Columns (top, middle, bottom): W W K | G B B | G G B | G G G | B. */
  ImhState s = new_game (4, "AAAAA");
  ImhScore sc;
  set_burial (&s, "1103223323332");
  imh_score (&s, &sc);
  g_assert_cmpint (sc.points[1][IMH_CLASSIC_CAT_BURIAL], ==, 3);
  g_assert_cmpint (sc.points[0][IMH_CLASSIC_CAT_BURIAL], ==, 1);
  g_assert_cmpint (sc.points[2][IMH_CLASSIC_CAT_BURIAL], ==, 7);
  g_assert_cmpint (sc.points[3][IMH_CLASSIC_CAT_BURIAL], ==, 17);
}

static void
test_burial_a_winding (void)
{
  /* A snake across columns: 000 | 110 | 000 → black 7 → 19, white 2 → 3. */
  ImhState s = new_game (2, "AAAAA");
  ImhScore sc;
  set_burial (&s, "000110000");
  imh_score (&s, &sc);
  g_assert_cmpint (sc.points[0][IMH_CLASSIC_CAT_BURIAL], ==, 19);
  g_assert_cmpint (sc.points[1][IMH_CLASSIC_CAT_BURIAL], ==, 3);
  /* Diagonals do not connect; the bottom of a column does not touch the
   * top of the next: 0 1 1 | 1 0 1 → black 1 + 1; white: the area
   * (col 1 middle, col 1 bottom, col 2 bottom) 6 + the lone top 1 (not 10). */
  s = new_game (2, "AAAAA");
  set_burial (&s, "011101");
  imh_score (&s, &sc);
  g_assert_cmpint (sc.points[0][IMH_CLASSIC_CAT_BURIAL], ==, 2);
  g_assert_cmpint (sc.points[1][IMH_CLASSIC_CAT_BURIAL], ==, 7);
}

static void
test_burial_b_example (void)
{
  /* top: white 3, brown 1, gray 1 → 8, 3, 3; middle: black 3, white 1 →
   * 8, 4; bottom: gray 4 → 8. Fill order is column by column:
   * rows (top, middle, bottom) per column. */
  ImhState s = new_game (4, "AAABA");
  ImhScore sc;
  set_burial (&s, "103" "103" "103" "213" "31");
  imh_score (&s, &sc);
  g_assert_cmpint (sc.points[1][IMH_CLASSIC_CAT_BURIAL], ==, 8 + 4);
  g_assert_cmpint (sc.points[2][IMH_CLASSIC_CAT_BURIAL], ==, 3);
  g_assert_cmpint (sc.points[3][IMH_CLASSIC_CAT_BURIAL], ==, 3 + 8);
  g_assert_cmpint (sc.points[0][IMH_CLASSIC_CAT_BURIAL], ==, 8);
}

static void
test_burial_b_ties (void)
{
  /* Top row: black 1, white 1, brown 1 → (8 + 4 + 2) / 3 = 4 each. */
  ImhScore sc;
  ImhState s = new_game (3, "AAABA");
  set_burial (&s, "000111222");
  /* rows: top 0,1,2 → one each; middle one each; bottom one each */
  imh_score (&s, &sc);
  for (int p = 0; p < 3; p++)
    g_assert_cmpint (sc.points[p][IMH_CLASSIC_CAT_BURIAL], ==, 3 * 4);
  /* 2-way tie for first: (8 + 4) / 2 = 6; third 2. */
  s = new_game (3, "AAABA");
  set_burial (&s, "011022");   /* top: 0, 0 → black 2; middle 1, 2; bottom 1, 2 */
  imh_score (&s, &sc);
  /* top: black 2 → 8; middle: white 1, brown 1 → 6 each; bottom same */
  g_assert_cmpint (sc.points[0][IMH_CLASSIC_CAT_BURIAL], ==, 8);
  g_assert_cmpint (sc.points[1][IMH_CLASSIC_CAT_BURIAL], ==, 12);
  g_assert_cmpint (sc.points[2][IMH_CLASSIC_CAT_BURIAL], ==, 12);
}

/* ---------------------------------------------------------------- obelisks */

static void
set_obelisks (ImhState *s, const int *heights)
{
  ImhClassic *c = C (s);
  for (int p = 0; p < c->n_players; p++)
    {
      c->quarry[p] -= (uint8_t) heights[p];
      c->stones[IMH_CLASSIC_SITE_OBELISK][p] = (uint8_t) heights[p];
    }
  assert_ok (s);
}

static void
test_obelisk_a_example (void)
{
  static const int h[4] = { 3, 4, 0, 3 };
  ImhState s = new_game (4, "AAAAA");
  ImhScore sc;
  set_obelisks (&s, h);
  imh_score (&s, &sc);
  g_assert_cmpint (sc.points[0][IMH_CLASSIC_CAT_OBELISK], ==, 7);
  g_assert_cmpint (sc.points[1][IMH_CLASSIC_CAT_OBELISK], ==, 15);
  g_assert_cmpint (sc.points[2][IMH_CLASSIC_CAT_OBELISK], ==, 0);
  g_assert_cmpint (sc.points[3][IMH_CLASSIC_CAT_OBELISK], ==, 7);
}

static void
test_obelisk_a_ties (void)
{
  static const int h2[2] = { 2, 2 };
  static const int h3[3] = { 1, 1, 1 };
  static const int h3b[3] = { 5, 0, 2 };
  ImhState s = new_game (2, "AAAAA");
  ImhScore sc;
  set_obelisks (&s, h2);
  imh_score (&s, &sc);
  g_assert_cmpint (sc.points[0][IMH_CLASSIC_CAT_OBELISK], ==, 5);     /* (10 + 1) / 2 */
  g_assert_cmpint (sc.points[1][IMH_CLASSIC_CAT_OBELISK], ==, 5);
  s = new_game (3, "AAAAA");
  set_obelisks (&s, h3);
  imh_score (&s, &sc);
  g_assert_cmpint (sc.points[2][IMH_CLASSIC_CAT_OBELISK], ==, 6);     /* 19 / 3 */
  s = new_game (3, "AAAAA");
  set_obelisks (&s, h3b);
  imh_score (&s, &sc);
  g_assert_cmpint (sc.points[0][IMH_CLASSIC_CAT_OBELISK], ==, 12);
  g_assert_cmpint (sc.points[1][IMH_CLASSIC_CAT_OBELISK], ==, 0);     /* no stone, no part */
  g_assert_cmpint (sc.points[2][IMH_CLASSIC_CAT_OBELISK], ==, 6);
}

static void
test_obelisk_b (void)
{
  /* 003: black waits; white's 3rd stone makes a tower at once; gray waits. */
  ImhState s = new_game (4, "AAAAB");
  ImhClassic *c = C (&s);
  ImhScore sc;
  load (&s, 0, "1111");
  play (&s, "sail:1:obelisk");
  g_assert_cmpint (c->points[1][IMH_CLASSIC_CAT_OBELISK], ==, 15);
  g_assert_cmpint (c->obelisk_wait[1], ==, 1);
  unsail (&s);
  load (&s, 0, "0121");
  play (&s, "sail:1:obelisk");
  g_assert_cmpint (c->obelisk_wait[1], ==, 0);
  g_assert_cmpint (c->points[1][IMH_CLASSIC_CAT_OBELISK], ==, 15 + 12);
  g_assert_cmpint (c->towers_n, ==, 2);
  imh_score (&s, &sc);
  g_assert_cmpint (sc.points[0][IMH_CLASSIC_CAT_OBELISK], ==, 1);    /* waiting stone */
  g_assert_cmpint (sc.points[2][IMH_CLASSIC_CAT_OBELISK], ==, 1);
  g_assert_cmpint (sc.points[1][IMH_CLASSIC_CAT_OBELISK], ==, 27);
  /* towers 3..8 and beyond: 9, 7, 5, 3, 2, 1, 1 */
  static const int next[7] = { 9, 7, 5, 3, 2, 1, 1 };
  for (int k = 0; k < 7; k++)
    {
      unsail (&s);
      load (&s, 0, "333");
      int before = c->points[3][IMH_CLASSIC_CAT_OBELISK];
      play (&s, "sail:1:obelisk");
      g_assert_cmpint (c->points[3][IMH_CLASSIC_CAT_OBELISK] - before, ==, next[k]);
    }
}

/* ---------------------------------------------------------------- C7, C8 */

static void
test_c7_ties (void)
{
  ImhState s = new_game (4, "AAAAA");
  ImhClassic *c = C (&s);
  ImhScore sc;
  /* all at 0: the sled decides (2, 3, 4, 5) */
  imh_score (&s, &sc);
  g_assert_cmpint (sc.tiebreak, ==, IMH_TIEBREAK_SLED);
  g_assert_cmpint (sc.rank[3], ==, 0);
  g_assert_cmpint (sc.rank[0], ==, 3);
  /* equal sleds: shared */
  for (int p = 0; p < 4; p++)
    {
      c->quarry[p] = (uint8_t) (c->quarry[p] + c->sled[p] - 3);
      c->sled[p] = 3;
    }
  edited (&s);
  imh_score (&s, &sc);
  g_assert_cmpint (sc.tiebreak, ==, IMH_TIEBREAK_SHARED);
  for (int p = 0; p < 4; p++)
    g_assert_cmpint (sc.rank[p], ==, 0);
  /* a clear winner */
  c->points[2][IMH_CLASSIC_CAT_PYRAMID] = 5;
  imh_score (&s, &sc);
  g_assert_cmpint (sc.tiebreak, ==, IMH_TIEBREAK_NONE);
  g_assert_cmpint (sc.rank[2], ==, 0);
  g_assert_cmpint (sc.rank[0], ==, 1);
  g_assert_cmpint (sc.total[2], ==, 5);
}

static void
test_c8_wrath (void)
{
  ImhState s = new_game_full (2, "AAAAA", IMH_VARIANT_WRATH, 0, 1, FALSE);
  ImhClassic *c = C (&s);
  ImhScore sc;
  imh_score (&s, &sc);
  g_assert_cmpint (sc.points[0][IMH_CLASSIC_CAT_WRATH], ==, -5);
  for (int site = 1; site < 5; site++)
    {
      c->quarry[0]--;
      c->stones[site][0]++;
    }
  /* placed by card counts the same: a burial stone needs its cell */
  c->burial[c->burial_n++] = 1;
  c->temple_top[0] = 1;
  c->temple_n = 1;
  edited (&s);
  imh_score (&s, &sc);
  g_assert_cmpint (sc.points[0][IMH_CLASSIC_CAT_WRATH], ==, 0);
  g_assert_cmpint (sc.points[1][IMH_CLASSIC_CAT_WRATH], ==, -5);
  /* without the variant: nothing */
  s = new_game (2, "AAAAA");
  imh_score (&s, &sc);
  g_assert_cmpint (sc.points[0][IMH_CLASSIC_CAT_WRATH], ==, 0);
}

static void
test_round_points (void)
{
  ImhState s = new_game (4, "AAAAA");
  load (&s, 0, "111");
  play (&s, "sail:1:pyramid");
  g_assert_cmpint (imh_classic_round_points (&s, 1), ==, 2 + 1 + 3);
  g_assert_cmpint (imh_classic_round_points (&s, 0), ==, 0);
}

/* ---------------------------------------------------------------- C9, text */

static void
test_c9_determinize (void)
{
  ImhState s = new_game_full (4, "BAAAA", 0, 0, 11, TRUE);
  ImhClassic *c = C (&s);
  ImhRng rng;
  imh_rng_seed (&rng, 99);
  int before[IMH_CLASSIC_N_CARD_TYPES] = { 0 };
  for (int i = 0; i < c->deck_n; i++)
    before[c->deck[i]]++;
  before[c->pair[0]]++;
  before[c->pair[1]]++;
  gboolean deck_changed = FALSE, rounds_changed = FALSE;
  for (int k = 0; k < 20; k++)
    {
      ImhState d = s;
      imh_classic_rules.determinize (&d, 1, &rng);
      assert_ok (&d);
      ImhClassic *e = C (&d);
      int after[IMH_CLASSIC_N_CARD_TYPES] = { 0 };
      for (int i = 0; i < e->deck_n; i++)
        after[e->deck[i]]++;
      after[e->pair[0]]++;
      after[e->pair[1]]++;
      for (int t = 0; t < IMH_CLASSIC_N_CARD_TYPES; t++)
        g_assert_cmpint (after[t], ==, before[t]);
      g_assert_cmpint (e->rounds[0], ==, c->rounds[0]);     /* played: public */
      g_assert_cmpmem (e->display, 4, c->display, 4);
      g_assert_cmpmem (e->ship_cap, 4, c->ship_cap, 4);
      g_assert_cmpint (imh_classic_rules.hidden_count (&d), ==, imh_classic_rules.hidden_count (&s));
      deck_changed |= memcmp (e->deck, c->deck, sizeof c->deck) != 0;
      rounds_changed |= memcmp (e->rounds, c->rounds, sizeof c->rounds) != 0;
    }
  g_assert_true (deck_changed);
  g_assert_true (rounds_changed);
}

static void
test_notation (void)
{
  ImhState s = new_game (4, "AAAAA");
  char buf[IMH_DECISION_TEXT_MAX];
  /* every code has its own text */
  for (int a = 0; a < IMH_CLASSIC_N_DECISIONS; a++)
    {
      char ta[IMH_DECISION_TEXT_MAX];
      int n = imh_classic_rules.decision_to_text (&s, (ImhDecision) a, ta, sizeof ta);
      g_assert_cmpint (n, <, IMH_DECISION_TEXT_MAX);
      g_assert_null (strchr (ta, ' '));
      for (int b = a + 1; b < IMH_CLASSIC_N_DECISIONS; b++)
        {
          imh_classic_rules.decision_to_text (&s, (ImhDecision) b, buf, sizeof buf);
          g_assert_cmpstr (ta, !=, buf);
        }
    }
  ImhDecision d;
  g_assert_false (imh_classic_rules.decision_from_text (&s, "sail:1:temple", &d));  /* not legal */
  g_assert_false (imh_classic_rules.decision_from_text (&s, "get ", &d));
  g_assert_false (imh_classic_rules.decision_from_text (&s, "", &d));
  g_assert_true (imh_classic_rules.decision_from_text (&s, "place:2.3", &d));
  g_assert_cmpint (d, ==, IMH_CLASSIC_D_PLACE + 1 * 4 + 2);
}

static void
test_json (void)
{
  ImhState s = new_game (3, "BBBBB");
  int n = imh_classic_rules.to_json (&s, NULL, 0);
  g_assert_cmpint (n, >, 100);
  char *buf = g_malloc (n + 1);
  g_assert_cmpint (imh_classic_rules.to_json (&s, buf, n + 1), ==, n);
  g_assert_cmpint ((int) strlen (buf), ==, n);
  g_assert_true (g_str_has_prefix (buf, "{\"game\":\"classic\",\"public\":{"));
  g_assert_nonnull (strstr (buf, "\"sides\":\"BBBBB\""));
  g_assert_nonnull (strstr (buf, "\"hidden\":{\"round_cards\":["));
  g_assert_true (g_str_has_suffix (buf, "]}}"));
  /* truncation keeps the length */
  char small[16];
  g_assert_cmpint (imh_classic_rules.to_json (&s, small, sizeof small), ==, n);
  g_assert_cmpint ((int) strlen (small), ==, 15);
  g_free (buf);

  /* the readable text */
  n = imh_classic_rules.to_text (&s, NULL, 0);
  buf = g_malloc (n + 1);
  g_assert_cmpint (imh_classic_rules.to_text (&s, buf, n + 1), ==, n);
  g_assert_nonnull (strstr (buf, "Round 1 of 6"));
  g_assert_nonnull (strstr (buf, "pyramid middle:"));
  g_free (buf);
}

static void
test_hash (void)
{
  ImhState a = new_game (4, "AAAAA");
  ImhState b = new_game (4, "AAAAA");
  g_assert_cmpuint (imh_classic_rules.hash (&a), ==, imh_classic_rules.hash (&b));
  play (&a, "get");
  g_assert_cmpuint (imh_classic_rules.hash (&a), !=, imh_classic_rules.hash (&b));
  play (&b, "get");
  g_assert_cmpuint (imh_classic_rules.hash (&a), ==, imh_classic_rules.hash (&b));
  g_assert_cmpuint (imh_classic_rules.state_size, <=, 1024);
}

/* ---------------------------------------------------------------- check */

static void
expect_broken (ImhState *s, const char *words)
{
  char why[200];
  g_assert_false (imh_classic_rules.check (s, why, sizeof why));
  g_assert_nonnull (strstr (why, words));
}

static void
test_check_detects (void)
{
  ImhState s0 = new_game (4, "AAAAB");
  ImhState s;

  s = s0;
  C (&s)->quarry[2]--;                          /* a stone vanishes */
  expect_broken (&s, "brown has 29 stones");
  s = s0;
  C (&s)->held[1][IMH_CLASSIC_CARD_LEVER]++;    /* a card appears */
  expect_broken (&s, "lever");
  s = s0;
  C (&s)->pyramid[3] = 1;                       /* a stone outside the fill order */
  C (&s)->stones[IMH_CLASSIC_SITE_PYRAMID][0]++;
  C (&s)->quarry[0]--;
  expect_broken (&s, "pyramid space 4");
  s = s0;
  C (&s)->ship_free[0] = 0;                     /* derived field out of date */
  expect_broken (&s, "free spaces of ship 1");
  s = s0;
  C (&s)->stones[IMH_CLASSIC_SITE_OBELISK][3] = 2;   /* B: 2 stones, none waiting */
  C (&s)->quarry[3] -= 2;
  expect_broken (&s, "towers of 3");
  s = s0;
  C (&s)->sled[0] = 6;
  C (&s)->quarry[0] -= 4;
  expect_broken (&s, "sled holds 6");
}

/* ---------------------------------------------------------------- perft */

static uint64_t
perft (const ImhState *s, int depth)
{
  ImhDecisionList l;
  uint64_t n = 0;
  if (depth == 0 || imh_is_over (s))
    return 1;
  imh_legal (s, &l);
  for (int i = 0; i < l.n; i++)
    {
      ImhState t = *s;
      imh_apply (&t, l.d[i]);
      n += perft (&t, depth - 1);
    }
  return n;
}

typedef struct {
  int         players;
  const char *sides;
  uint64_t    seed;
  int         depth;
  uint64_t    nodes;
} PerftCase;

/* Counts of decision sequences from seeded set-ups (start player 0):
 * pinned, so that any change of the move generation shows. */
static const PerftCase perft_cases[] = {
  { 2, "AAAAA", 1, 6, 1494864 },
  { 3, "BBBBB", 2, 5, 173861 },
  { 4, "ABABA", 3, 5, 351036 },
  { 4, "BABAB", 4, 5, 406684 },
};

static void
test_perft (gconstpointer data)
{
  const PerftCase *pc = data;
  ImhState s = new_game_full (pc->players, pc->sides, 0, 0, pc->seed, TRUE);
  g_assert_cmpuint (perft (&s, pc->depth), ==, pc->nodes);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/classic/setup", test_setup);
  g_test_add_func ("/classic/options", test_options);
  g_test_add_func ("/classic/c1/get", test_c1_get);
  g_test_add_func ("/classic/c1/place-sail", test_c1_place_sail);
  g_test_add_func ("/classic/c2/all-pass", test_c2_pass);
  g_test_add_func ("/classic/c2/pass-run-resets", test_c2_pass_resets);
  g_test_add_func ("/classic/c3/round-end", test_c3_round_end);
  g_test_add_func ("/classic/c3/game-end", test_game_end);
  g_test_add_func ("/classic/market/a-example", test_market_a_example);
  g_test_add_func ("/classic/market/c10-lone-choice", test_market_c10);
  g_test_add_func ("/classic/market/red-cards", test_red_cards);
  g_test_add_func ("/classic/market/c6-empty-quarry", test_c6_red_empty_quarry);
  g_test_add_func ("/classic/market/b-pair", test_market_b_pair);
  g_test_add_func ("/classic/market/b-pair-discarded", test_market_b_pair_discarded);
  g_test_add_func ("/classic/market/reshuffle", test_deck_reshuffle);
  g_test_add_func ("/classic/cards/hammer", test_hammer);
  g_test_add_func ("/classic/cards/chisel", test_chisel);
  g_test_add_func ("/classic/cards/sail", test_sail_card);
  g_test_add_func ("/classic/cards/lever", test_lever);
  g_test_add_func ("/classic/cards/lever-market", test_lever_market);
  g_test_add_func ("/classic/cards/end-scoring", test_cards_at_end);
  g_test_add_func ("/classic/cards/c15-decorations", test_decorations_c15);
  g_test_add_func ("/classic/pyramid/a-fill-order", test_pyramid_a);
  g_test_add_func ("/classic/pyramid/b-example", test_pyramid_b_example);
  g_test_add_func ("/classic/pyramid/b-card-bonus", test_pyramid_b_card_bonus);
  g_test_add_func ("/classic/pyramid/b-ship-bonus", test_pyramid_b_ship_bonus);
  g_test_add_func ("/classic/pyramid/b-ship-bonus-round-end", test_pyramid_b_ship_bonus_round_end);
  g_test_add_func ("/classic/pyramid/b-full", test_pyramid_b_full);
  g_test_add_func ("/classic/temple/a-2-players", test_temple_a_2p);
  g_test_add_func ("/classic/temple/a-4-players", test_temple_a_4p);
  g_test_add_func ("/classic/temple/b-example", test_temple_b);
  g_test_add_func ("/classic/temple/b-2-players", test_temple_b_2p);
  g_test_add_func ("/classic/burial/a-example", test_burial_a_example);
  g_test_add_func ("/classic/burial/a-winding", test_burial_a_winding);
  g_test_add_func ("/classic/burial/b-example", test_burial_b_example);
  g_test_add_func ("/classic/burial/b-ties", test_burial_b_ties);
  g_test_add_func ("/classic/obelisk/a-example", test_obelisk_a_example);
  g_test_add_func ("/classic/obelisk/a-ties", test_obelisk_a_ties);
  g_test_add_func ("/classic/obelisk/b-towers", test_obelisk_b);
  g_test_add_func ("/classic/c7/ties", test_c7_ties);
  g_test_add_func ("/classic/c8/wrath", test_c8_wrath);
  g_test_add_func ("/classic/score/round-points", test_round_points);
  g_test_add_func ("/classic/c9/determinize", test_c9_determinize);
  g_test_add_func ("/classic/text/notation", test_notation);
  g_test_add_func ("/classic/text/json", test_json);
  g_test_add_func ("/classic/hash", test_hash);
  g_test_add_func ("/classic/check/detects", test_check_detects);
  for (size_t i = 0; i < G_N_ELEMENTS (perft_cases); i++)
    {
      char *path = g_strdup_printf ("/classic/perft/%dp-%s-depth%d", perft_cases[i].players,
                                    perft_cases[i].sides, perft_cases[i].depth);
      g_test_add_data_func (path, &perft_cases[i], test_perft);
      g_free (path);
    }
  return g_test_run ();
}
