/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test-duel.c — Imhotep: The Duel: scoring examples of the rulebook,
 * rulings D1–D10, action tiles, notation, JSON, perft oracle and a
 * property test over seeded random games.
 */
#include <glib.h>
#include <string.h>

#include "imh-duel.h"
#include "imh-record.h"

#define D(s) (&(s)->u.duel)

enum {
  OB = IMH_DUEL_TILE_OBELISK,
  PL = IMH_DUEL_TILE_PYRAMID_LIGHT,
  PD = IMH_DUEL_TILE_PYRAMID_DARK,
  T1 = IMH_DUEL_TILE_TEMPLE_1,
  C1 = IMH_DUEL_TILE_CRYPT_1,
  AT = IMH_DUEL_TILE_ACTION_0 + IMH_DUEL_ACTION_TAKE,
  AP = IMH_DUEL_TILE_ACTION_0 + IMH_DUEL_ACTION_PLACE_2_3,
  AU = IMH_DUEL_TILE_ACTION_0 + IMH_DUEL_ACTION_PLACE_UNLOAD,
  AS = IMH_DUEL_TILE_ACTION_0 + IMH_DUEL_ACTION_SWAP_UNLOAD,
};

static const ImhRules *R;

static void
new_game (ImhState *s, const char *sides, uint64_t seed, int start)
{
  ImhOptions o;
  char why[128];

  imh_options_init (&o, IMH_GAME_DUEL, 2);
  for (int i = 0; i < 4; i++)
    o.sides[i] = sides[i] == 'B' ? IMH_SIDE_B : IMH_SIDE_A;
  o.start_player = (int8_t) start;
  g_assert_true (imh_setup (s, &o, seed, why, sizeof why));
}

/* A state with empty holdings, nobody on the harbour, for scoring. */
static void
scoring_state (ImhState *s, const char *sides)
{
  new_game (s, sides, 1, 0);
}

static bool
has (const ImhState *s, ImhDecision d)
{
  ImhDecisionList l;
  R->legal (s, &l);
  for (int i = 0; i < l.n; i++)
    if (l.d[i] == d)
      return true;
  return false;
}

static int
n_legal (const ImhState *s)
{
  ImhDecisionList l;
  return R->legal (s, &l);
}

static ImhDecision
dec (const ImhState *s, const char *text)
{
  ImhDecision d = 0;
  g_assert_true (R->decision_from_text (s, text, &d));
  return d;
}

/* Applies a decision given in notation; it must be legal. */
static void
play (ImhState *s, const char *text)
{
  ImhDecision d = dec (s, text);
  if (!R->is_legal (s, d))
    g_error ("“%s” should be legal here", text);
  R->apply (s, d);
}

static bool
legal_text (const ImhState *s, const char *text)
{
  return R->is_legal (s, dec (s, text));
}

static int
popcount_u16 (uint16_t x)
{
  return __builtin_popcount (x);
}

static void
put_meeple (ImhState *s, int player, int row, int col)
{
  D (s)->meeples[player] |= (uint16_t) (1u << (row * 3 + col));
}

static void
set_boat (ImhState *s, int boat, uint8_t a, uint8_t b, uint8_t c)
{
  D (s)->boat[boat][0] = a;
  D (s)->boat[boat][1] = b;
  D (s)->boat[boat][2] = c;
}

/* ------------------------------------------------------------------ */
/* Scoring examples of the rulebook                                    */

static void
test_score_example_a (void)
{
  ImhState s;
  ImhDuel *d;
  ImhScore sc;

  scoring_state (&s, "AAAA");
  d = D (&s);
  d->obelisk[0] = 2;
  d->obelisk[1] = 3;                      /* no majority for black */
  d->temple[0][0] = 1;                    /* temple tiles 1, 4, 2 */
  d->temple[0][3] = 1;
  d->temple[0][1] = 1;
  d->pyramid[0][0] = 4;
  d->pyramid[0][1] = 6;
  d->crypt[0] = 0x3f | (1u << 7);         /* 1–6 and 8 */
  d->actions[0][IMH_DUEL_ACTION_TAKE] = 1;
  d->actions[0][IMH_DUEL_ACTION_SWAP_UNLOAD] = 1;
  put_meeple (&s, 0, 1, 1);
  R->score (&s, &sc);
  g_assert_cmpint (sc.points[0][IMH_DUEL_CAT_OBELISK], ==, 2);
  g_assert_cmpint (sc.points[0][IMH_DUEL_CAT_TEMPLE], ==, 7);
  g_assert_cmpint (sc.points[0][IMH_DUEL_CAT_PYRAMIDS], ==, 31);
  g_assert_cmpint (sc.points[0][IMH_DUEL_CAT_CRYPT], ==, 26);
  g_assert_cmpint (sc.points[0][IMH_DUEL_CAT_ACTIONS], ==, 2);
  g_assert_cmpint (sc.points[0][IMH_DUEL_CAT_MEEPLES], ==, 1);
  g_assert_cmpint (sc.total[0], ==, 69);
  /* White: 3 obelisk tiles with the majority: 3 + 6. */
  g_assert_cmpint (sc.points[1][IMH_DUEL_CAT_OBELISK], ==, 9);
  g_assert_false (sc.final);
}

static void
test_score_example_b (void)
{
  ImhState s;
  ImhDuel *d;
  ImhScore sc;

  scoring_state (&s, "BBBB");
  d = D (&s);
  for (int i = 0; i < 6; i++)
    imh_duel_give_tile (d, 0, OB);        /* first to 5, 6 held */
  /* Temple sets {1,2,3,4} {1,2,4} {2}: counts 2, 3, 1, 2. */
  d->temple[0][0] = 2;
  d->temple[0][1] = 3;
  d->temple[0][2] = 1;
  d->temple[0][3] = 2;
  d->pyramid[0][0] = 0;
  d->pyramid[0][1] = 6;
  d->crypt[0] = (1u << 2) | (1u << 3) | (1u << 4) | (1u << 0);  /* {3,4,5} {1} */
  d->actions[0][IMH_DUEL_ACTION_PLACE_2_3] = 2;
  put_meeple (&s, 0, 0, 0);
  R->score (&s, &sc);
  g_assert_cmpint (d->obelisk_first, ==, 0);
  g_assert_cmpint (sc.points[0][IMH_DUEL_CAT_OBELISK], ==, 12);
  g_assert_cmpint (sc.points[0][IMH_DUEL_CAT_TEMPLE], ==, 26);
  g_assert_cmpint (sc.points[0][IMH_DUEL_CAT_PYRAMIDS], ==, -6);
  g_assert_cmpint (sc.points[0][IMH_DUEL_CAT_CRYPT], ==, 8);
  g_assert_cmpint (sc.points[0][IMH_DUEL_CAT_ACTIONS], ==, 2);
  g_assert_cmpint (sc.points[0][IMH_DUEL_CAT_MEEPLES], ==, 1);
  g_assert_cmpint (sc.total[0], ==, 43);
}

/* The other tables, one case each (docs/rules.md, 'Final scoring'). */
static void
test_score_tables (void)
{
  ImhState s;
  ImhDuel *d;
  int16_t pts[IMH_DUEL_N_CATEGORIES];
  static const int16_t pyr_a[7] = { 0, 1, 3, 6, 10, 15, 21 };
  static const int16_t pyr_b[7] = { -6, 0, 4, 10, 18, 30, 45 };
  static const int16_t crypt_a[13] = { 0, 1, 4, 9, 16, 25, 25, 25, 25, 25, 25, 25, 25 };

  scoring_state (&s, "AAAA");
  d = D (&s);
  for (int n = 0; n <= 6; n++)
    {
      d->pyramid[0][0] = (uint8_t) n;
      d->pyramid[0][1] = 6;
      imh_duel_score_player (d, 0, 0x0, pts);
      g_assert_cmpint (pts[IMH_DUEL_CAT_PYRAMIDS], ==, pyr_a[n] + 21);
      imh_duel_score_player (d, 0, 0xf, pts);
      g_assert_cmpint (pts[IMH_DUEL_CAT_PYRAMIDS], ==, pyr_b[n]);
    }
  for (int len = 0; len <= 12; len++)
    {
      d->crypt[0] = (uint16_t) ((1u << len) - 1);
      imh_duel_score_player (d, 0, 0x0, pts);
      g_assert_cmpint (pts[IMH_DUEL_CAT_CRYPT], ==, crypt_a[len]);
      imh_duel_score_player (d, 0, 0xf, pts);
      g_assert_cmpint (pts[IMH_DUEL_CAT_CRYPT], ==, len > 0 ? 4 : 0);
    }
  /* 12 and 1 are not adjacent: two runs. */
  d->crypt[0] = (1u << 11) | 1u;
  imh_duel_score_player (d, 0, 0x0, pts);
  g_assert_cmpint (pts[IMH_DUEL_CAT_CRYPT], ==, 2);
  imh_duel_score_player (d, 0, 0xf, pts);
  g_assert_cmpint (pts[IMH_DUEL_CAT_CRYPT], ==, 8);

  /* Obelisk A: equal counts give no bonus. */
  d->obelisk[0] = 4;
  d->obelisk[1] = 4;
  imh_duel_score_player (d, 0, 0x0, pts);
  g_assert_cmpint (pts[IMH_DUEL_CAT_OBELISK], ==, 4);
  /* Obelisk B: nobody at 5 scores 0; the second to 5 gets 6; 10+ gets 18. */
  imh_duel_score_player (d, 0, 0x1, pts);
  g_assert_cmpint (pts[IMH_DUEL_CAT_OBELISK], ==, 0);
  d->obelisk[0] = 5;
  d->obelisk[1] = 5;
  d->obelisk_first = 1;
  imh_duel_score_player (d, 0, 0x1, pts);
  g_assert_cmpint (pts[IMH_DUEL_CAT_OBELISK], ==, 6);
  imh_duel_score_player (d, 1, 0x1, pts);
  g_assert_cmpint (pts[IMH_DUEL_CAT_OBELISK], ==, 12);
  d->obelisk[1] = 10;
  d->obelisk[0] = 2;
  imh_duel_score_player (d, 1, 0x1, pts);
  g_assert_cmpint (pts[IMH_DUEL_CAT_OBELISK], ==, 18);
  imh_duel_score_player (d, 0, 0x1, pts);
  g_assert_cmpint (pts[IMH_DUEL_CAT_OBELISK], ==, 0);

  /* Temple A and B with the same tiles: 1,1,2,3,3,3 → A 13; B {1,2,3} {1,3} {3} → 9+4+1. */
  memset (d->temple[0], 0, 4);
  d->temple[0][0] = 2;
  d->temple[0][1] = 1;
  d->temple[0][2] = 3;
  imh_duel_score_player (d, 0, 0x0, pts);
  g_assert_cmpint (pts[IMH_DUEL_CAT_TEMPLE], ==, 13);
  imh_duel_score_player (d, 0, 0x2, pts);
  g_assert_cmpint (pts[IMH_DUEL_CAT_TEMPLE], ==, 14);
}

/* ------------------------------------------------------------------ */
/* Rulings                                                             */

/* An empty harbour, known boats, player 0 to move. */
static void
board (ImhState *s, const char *sides)
{
  new_game (s, sides, 99, 0);
}

/* D1, D2: geometry, slot order, unloading order, untaken tiles removed. */
static void
test_d1_d2_unload_order (void)
{
  ImhState s;
  ImhDuel *d;
  uint8_t top[3];

  board (&s, "AAAA");
  d = D (&s);
  /* Row boat R1: fields (1,2) nearest, then (1,1), (1,0). */
  set_boat (&s, 1, C1 + 0, C1 + 1, C1 + 2);   /* slots 1, 2, 3 hold crypt 1, 2, 3 */
  put_meeple (&s, 1, 1, 2);                   /* white nearest: slot 3 */
  put_meeple (&s, 0, 1, 0);                   /* black next (1,1 empty): slot 2 */
  top[0] = d->pile[d->pile_n - 1];
  top[1] = d->pile[d->pile_n - 2];
  top[2] = d->pile[d->pile_n - 3];
  play (&s, "U R1");
  g_assert_cmpuint (d->crypt[1], ==, 1u << 2);      /* white: crypt 3 */
  g_assert_cmpuint (d->crypt[0], ==, 1u << 1);      /* black: crypt 2 */
  g_assert_cmpint (d->removed[C1], ==, 1);          /* crypt 1 not taken: removed */
  g_assert_cmpuint (d->meeples[0] | d->meeples[1], ==, 0);
  /* D3: refilled at once from the top of the pile into slots 1, 2, 3. */
  g_assert_cmpint (d->boat[1][0], ==, top[0]);
  g_assert_cmpint (d->boat[1][1], ==, top[1]);
  g_assert_cmpint (d->boat[1][2], ==, top[2]);
  g_assert_cmpint (d->pile_n, ==, 39 - 3);
  g_assert_cmpint (d->turn_player, ==, 1);

  /* Column boat C0: fields (2,0) nearest, then (1,0), (0,0). */
  board (&s, "AAAA");
  d = D (&s);
  set_boat (&s, 3, PL, PD, OB);
  put_meeple (&s, 0, 0, 0);
  put_meeple (&s, 1, 1, 0);
  put_meeple (&s, 0, 2, 0);
  play (&s, "U C0");
  g_assert_cmpint (d->obelisk[0], ==, 1);          /* (2,0) black: slot 3 obelisk */
  g_assert_cmpint (d->pyramid[1][1], ==, 1);       /* (1,0) white: slot 2 dark */
  g_assert_cmpint (d->pyramid[0][0], ==, 1);       /* (0,0) black: slot 1 light */
}

/* D3: a boat that cannot be refilled is removed; meeples of its line stay. */
static void
test_d3_refill_or_remove (void)
{
  ImhState s;
  ImhDuel *d;

  board (&s, "AAAA");
  d = D (&s);
  d->pile_n = 0;
  put_meeple (&s, 0, 0, 0);
  put_meeple (&s, 1, 0, 1);
  put_meeple (&s, 0, 1, 0);               /* stays: its column boat C0 is in play */
  play (&s, "U R0");
  g_assert_false ((d->boats_alive >> 0) & 1);
  g_assert_cmpint (d->boat[0][0] | d->boat[0][1] | d->boat[0][2], ==, 0);
  g_assert_cmpuint (d->meeples[0], ==, 1u << 3);
  g_assert_false (R->is_over (&s));
  /* Pile of 2 (impossible in play, handled anyway): removed too. */
  board (&s, "AAAA");
  d = D (&s);
  d->pile_n = 2;
  put_meeple (&s, 0, 2, 0);
  put_meeple (&s, 1, 2, 2);
  play (&s, "U R2");
  g_assert_false ((d->boats_alive >> 2) & 1);
  g_assert_cmpint (d->pile_n, ==, 2);
}

/* D4: the game ends when one boat is left, even inside PLACE_UNLOAD. */
static void
test_d4_end_inside_place_unload (void)
{
  ImhState s;
  ImhDuel *d;
  ImhScore sc;

  board (&s, "AAAA");
  d = D (&s);
  d->pile_n = 0;
  d->boats_alive = (1u << 0) | (1u << 3);   /* R0 and C0 left */
  d->actions[0][IMH_DUEL_ACTION_PLACE_UNLOAD] = 1;
  put_meeple (&s, 1, 0, 1);
  put_meeple (&s, 1, 1, 0);
  put_meeple (&s, 1, 2, 0);                 /* C0's line is unloadable already */
  play (&s, "A placeunload");
  play (&s, "P a1");
  g_assert_cmpint (d->phase, ==, IMH_DUEL_PHASE_PU_UNLOAD1);
  play (&s, "U R0");                        /* R0 removed: only C0 left */
  g_assert_true (R->is_over (&s));
  g_assert_cmpint (R->actor (&s), ==, -1);
  g_assert_cmpint (n_legal (&s), ==, 0);    /* no 2nd unload, no stop */
  g_assert_cmpint (d->boat[3][0], !=, 0);   /* the last boat keeps its tiles */
  R->score (&s, &sc);
  g_assert_true (sc.final);
}

/* D5: a field in the line of a removed boat may be used. */
static void
test_d5_place_removed_line (void)
{
  ImhState s;

  board (&s, "AAAA");
  D (&s)->boats_alive = 0x3f & ~(1u << 0) & ~(1u << 3);  /* R0 and C0 gone */
  g_assert_true (legal_text (&s, "P a1"));
  /* Not with an empty supply. */
  for (int f = 1; f <= 4; f++)
    D (&s)->meeples[0] |= (uint16_t) (1u << (f + 3));
  g_assert_false (legal_text (&s, "P a1"));
  /* Nor on an occupied field. */
  D (&s)->meeples[0] = 0;
  put_meeple (&s, 1, 0, 0);
  g_assert_false (legal_text (&s, "P a1"));
}

/* D6: unloading needs ≥ 2 meeples of any colours and the boat in play. */
static void
test_d6_unload_condition (void)
{
  ImhState s;

  board (&s, "AAAA");
  put_meeple (&s, 1, 2, 1);
  g_assert_false (legal_text (&s, "U R2"));
  g_assert_false (legal_text (&s, "U C1"));
  put_meeple (&s, 1, 1, 1);                 /* two white meeples: black may unload C1 */
  g_assert_true (legal_text (&s, "U C1"));
  g_assert_false (legal_text (&s, "U R2"));
  D (&s)->boats_alive &= (uint8_t) ~(1u << 4);
  g_assert_false (legal_text (&s, "U C1"));
}

/* D7 TAKE_TILE. */
static void
test_d7_take (void)
{
  ImhState s;
  ImhDuel *d;

  board (&s, "AAAA");
  d = D (&s);
  d->actions[0][IMH_DUEL_ACTION_TAKE] = 1;
  for (int b = 0; b < 6; b++)
    set_boat (&s, b, AT, AP, AS);
  g_assert_false (legal_text (&s, "A take"));     /* only action tiles on the boats */
  set_boat (&s, 2, AT, T1 + 3, AU);
  g_assert_true (legal_text (&s, "A take"));
  play (&s, "A take");
  g_assert_cmpint (d->removed[AT], ==, 1);
  g_assert_cmpint (d->actions[0][IMH_DUEL_ACTION_TAKE], ==, 0);
  g_assert_cmpint (n_legal (&s), ==, 1);          /* only the temple-4 tile */
  g_assert_false (legal_text (&s, "T R2.1"));
  {
    uint8_t reserve_top = d->reserve[d->reserve_n - 1];
    play (&s, "T R2.2");
    g_assert_cmpint (d->temple[0][3], ==, 1);
    g_assert_cmpint (d->boat[2][1], ==, reserve_top);  /* filled from the reserve, face up */
    g_assert_cmpint (d->reserve_n, ==, 2);
  }
  g_assert_cmpint (d->turn_player, ==, 1);
  /* An empty reserve leaves the slot empty; a meeple assigned to it gets nothing. */
  board (&s, "AAAA");
  d = D (&s);
  d->reserve_n = 0;
  d->actions[0][IMH_DUEL_ACTION_TAKE] = 1;
  set_boat (&s, 0, OB, OB, PL);
  play (&s, "A take");
  play (&s, "T R0.3");
  g_assert_cmpint (d->boat[0][2], ==, 0);
  g_assert_cmpint (d->pyramid[0][0], ==, 1);
  put_meeple (&s, 1, 0, 2);
  put_meeple (&s, 0, 0, 1);
  play (&s, "U R0");                         /* white: empty slot 3; black: slot 2 */
  g_assert_cmpint (d->obelisk[1], ==, 0);
  g_assert_cmpint (d->obelisk[0], ==, 1);
  g_assert_cmpint (d->removed[OB], ==, 1);    /* slot 1 not taken */
}

/* D7 PLACE_2_3 and D7a. */
static void
test_d7_place_2_3 (void)
{
  ImhState s;
  ImhDuel *d;

  board (&s, "AAAA");
  d = D (&s);
  d->actions[0][IMH_DUEL_ACTION_PLACE_2_3] = 2;   /* two of a kind: one decision */
  g_assert_cmpint (n_legal (&s), ==, 9 + 1);
  play (&s, "A place23");
  g_assert_cmpint (d->actions[0][IMH_DUEL_ACTION_PLACE_2_3], ==, 1);
  g_assert_false (has (&s, IMH_DUEL_D_STOP));
  play (&s, "P a1");
  g_assert_cmpint (d->turn_player, ==, 0);
  g_assert_false (has (&s, IMH_DUEL_D_STOP));
  play (&s, "P b1");
  g_assert_true (has (&s, IMH_DUEL_D_STOP));       /* optional 3rd */
  g_assert_cmpint (n_legal (&s), ==, 7 + 1);
  play (&s, "stop");
  g_assert_cmpint (d->turn_player, ==, 1);
  g_assert_cmpint (popcount_u16 (d->meeples[0]), ==, 2);

  /* Needs two meeples in the supply. */
  board (&s, "AAAA");
  d = D (&s);
  d->actions[0][IMH_DUEL_ACTION_PLACE_2_3] = 1;
  put_meeple (&s, 0, 0, 0);
  put_meeple (&s, 0, 0, 1);
  put_meeple (&s, 0, 0, 2);
  g_assert_false (legal_text (&s, "A place23"));
  /* With exactly two: no 3rd step, the turn ends by itself (no lone stop). */
  d->meeples[0] = 0;
  put_meeple (&s, 0, 0, 0);
  put_meeple (&s, 0, 0, 1);
  play (&s, "A place23");
  play (&s, "P a2");
  play (&s, "P b2");
  g_assert_cmpint (d->turn_player, ==, 1);
  g_assert_cmpint (d->phase, ==, IMH_DUEL_PHASE_MAIN);
  /* Needs two free fields: 7 occupied. */
  board (&s, "AAAA");
  d = D (&s);
  d->actions[0][IMH_DUEL_ACTION_PLACE_2_3] = 1;
  d->meeples[1] = 0x0f;
  d->meeples[0] = 0x70;                    /* 7 fields taken, 1 in black's supply */
  g_assert_false (legal_text (&s, "A place23"));
}

/* D7 PLACE_UNLOAD. */
static void
test_d7_place_unload (void)
{
  ImhState s;
  ImhDuel *d;

  board (&s, "AAAA");
  d = D (&s);
  d->actions[0][IMH_DUEL_ACTION_PLACE_UNLOAD] = 1;
  g_assert_false (legal_text (&s, "A placeunload"));  /* no placement makes an unload possible */
  put_meeple (&s, 1, 0, 0);
  g_assert_true (legal_text (&s, "A placeunload"));
  play (&s, "A placeunload");
  /* Only fields sharing a line with (0,0): b1, c1, a2, a3. */
  g_assert_cmpint (n_legal (&s), ==, 4);
  g_assert_true (legal_text (&s, "P b1"));
  g_assert_true (legal_text (&s, "P a3"));
  g_assert_false (legal_text (&s, "P b2"));
  play (&s, "P b1");
  g_assert_cmpint (n_legal (&s), ==, 1);
  g_assert_false (has (&s, IMH_DUEL_D_STOP));
  play (&s, "U R0");
  /* Nothing left to unload: the turn ended by itself. */
  g_assert_cmpint (d->turn_player, ==, 1);

  /* After the 1st unload: nothing unloadable, the turn ends by itself. */
  board (&s, "AAAA");
  d = D (&s);
  d->actions[0][IMH_DUEL_ACTION_PLACE_UNLOAD] = 1;
  put_meeple (&s, 1, 0, 0);
  put_meeple (&s, 1, 1, 0);
  put_meeple (&s, 1, 2, 2);
  play (&s, "A placeunload");
  g_assert_cmpint (n_legal (&s), ==, 6);      /* C0 already unloadable: every free field */
  play (&s, "P c2");                          /* R1, C0 and C2 unloadable */
  play (&s, "U R1");                          /* (1,2) and (1,0) leave: no line of 2 left */
  g_assert_cmpint (d->phase, ==, IMH_DUEL_PHASE_MAIN);
  g_assert_cmpint (d->turn_player, ==, 1);

  board (&s, "AAAA");
  d = D (&s);
  d->actions[0][IMH_DUEL_ACTION_PLACE_UNLOAD] = 1;
  put_meeple (&s, 1, 0, 0);
  put_meeple (&s, 1, 1, 0);
  put_meeple (&s, 1, 0, 2);
  play (&s, "A placeunload");
  play (&s, "P a3");                          /* C0: 3 meeples; R0: 2 meeples */
  play (&s, "U C0");                          /* (2,0) (1,0) (0,0) leave; R0 keeps (0,2) only */
  g_assert_cmpint (d->phase, ==, IMH_DUEL_PHASE_MAIN);
  g_assert_cmpint (d->turn_player, ==, 1);

  board (&s, "AAAA");
  d = D (&s);
  d->actions[0][IMH_DUEL_ACTION_PLACE_UNLOAD] = 1;
  put_meeple (&s, 1, 0, 0);
  put_meeple (&s, 1, 0, 1);
  put_meeple (&s, 1, 2, 0);
  put_meeple (&s, 1, 2, 1);
  play (&s, "A placeunload");
  play (&s, "P b2");
  play (&s, "U R0");
  g_assert_cmpint (d->phase, ==, IMH_DUEL_PHASE_PU_UNLOAD2);
  g_assert_true (has (&s, IMH_DUEL_D_STOP));
  g_assert_true (legal_text (&s, "U R2"));
  g_assert_true (legal_text (&s, "U C1"));     /* (1,1) and (2,1) */
  play (&s, "U R2");
  g_assert_cmpint (d->turn_player, ==, 1);
}

/* D7 SWAP_UNLOAD. */
static void
test_d7_swap_unload (void)
{
  ImhState s;
  ImhDuel *d;

  board (&s, "AAAA");
  d = D (&s);
  d->actions[0][IMH_DUEL_ACTION_SWAP_UNLOAD] = 1;
  g_assert_false (legal_text (&s, "A swap"));   /* no unload possible */
  put_meeple (&s, 1, 1, 0);
  put_meeple (&s, 1, 1, 1);
  g_assert_true (legal_text (&s, "A swap"));
  set_boat (&s, 0, OB, OB, PL);
  set_boat (&s, 1, C1, C1 + 1, C1 + 2);
  play (&s, "A swap");
  g_assert_cmpint (n_legal (&s), ==, 18);       /* 6 boats × 3 pairs */
  play (&s, "S R0.1-2");                        /* identical tiles: a wasted but legal swap */
  g_assert_cmpint (d->boat[0][0], ==, OB);
  g_assert_cmpint (n_legal (&s), ==, 1);        /* only R1 can be unloaded */
  play (&s, "U R1");                            /* not the swapped boat */
  g_assert_cmpint (d->turn_player, ==, 1);

  board (&s, "AAAA");
  d = D (&s);
  d->actions[0][IMH_DUEL_ACTION_SWAP_UNLOAD] = 1;
  put_meeple (&s, 1, 1, 0);
  put_meeple (&s, 0, 1, 2);
  set_boat (&s, 1, C1, C1 + 1, C1 + 2);
  play (&s, "A swap");
  play (&s, "S R1.1-3");
  g_assert_cmpint (d->boat[1][0], ==, C1 + 2);
  g_assert_cmpint (d->boat[1][2], ==, C1);
  play (&s, "U R1");
  g_assert_cmpuint (d->crypt[0], ==, 1u << 0);   /* black nearest: slot 3 = crypt 1 now */
  g_assert_cmpuint (d->crypt[1], ==, 1u << 1);
  /* Two different non-empty slots are needed. */
  board (&s, "AAAA");
  d = D (&s);
  d->actions[0][IMH_DUEL_ACTION_SWAP_UNLOAD] = 1;
  put_meeple (&s, 1, 1, 0);
  put_meeple (&s, 1, 1, 1);
  for (int b = 0; b < 6; b++)
    set_boat (&s, b, OB, 0, 0);
  g_assert_false (legal_text (&s, "A swap"));
}

/* D8: pass only when nothing else is legal. */
static void
test_d8_pass (void)
{
  ImhState s;
  ImhDuel *d;

  board (&s, "AAAA");
  d = D (&s);
  g_assert_false (has (&s, IMH_DUEL_D_PASS));
  /* Black: 4 meeples on the harbour, lines with 2 meeples have no boat. */
  d->meeples[0] = (1u << 0) | (1u << 4) | (1u << 8) | (1u << 2);  /* a1 b2 c3 c1 */
  d->boats_alive = (1u << 1) | (1u << 4);    /* R1 and C1 only */
  /* R1 line: (1,1) → 1 meeple; C1 line: (1,1) → 1 meeple. */
  g_assert_cmpint (n_legal (&s), ==, 1);
  g_assert_true (has (&s, IMH_DUEL_D_PASS));
  d->actions[0][IMH_DUEL_ACTION_TAKE] = 1;   /* a playable tile: no pass */
  g_assert_false (has (&s, IMH_DUEL_D_PASS));
  d->actions[0][IMH_DUEL_ACTION_TAKE] = 0;
  play (&s, "pass");
  g_assert_cmpint (d->turn_player, ==, 1);
  g_assert_cmpint (d->turn, ==, 2);
  g_assert_false (has (&s, IMH_DUEL_D_PASS));
}

/* D7a: optional steps come with stop; two tiles of a kind give one decision. */
static void
test_d7a_optional_steps (void)
{
  ImhState s;
  ImhDecisionList l;

  board (&s, "AAAA");
  D (&s)->actions[0][IMH_DUEL_ACTION_TAKE] = 3;
  R->legal (&s, &l);
  g_assert_cmpint (l.n, ==, 10);
  g_assert_cmpint (l.d[9], ==, IMH_DUEL_D_PLAY + IMH_DUEL_ACTION_TAKE);
  /* Stop never alone: it is only offered in the two optional phases. */
  for (int i = 0; i < l.n; i++)
    g_assert_cmpint (l.d[i], !=, IMH_DUEL_D_STOP);
}

/* D9: equal totals: the player who did not start wins. */
static void
test_d9_tie (void)
{
  ImhState s;
  ImhScore sc;

  for (int start = 0; start < 2; start++)
    {
      new_game (&s, "AAAA", 5, start);
      D (&s)->obelisk[0] = 2;
      D (&s)->obelisk[1] = 2;
      R->score (&s, &sc);
      g_assert_cmpint (sc.total[0], ==, sc.total[1]);
      g_assert_cmpint (sc.rank[1 - start], ==, 0);
      g_assert_cmpint (sc.rank[start], ==, 1);
      g_assert_cmpint (sc.tiebreak, ==, IMH_TIEBREAK_NON_STARTER);
    }
  D (&s)->obelisk[0] = 3;
  R->score (&s, &sc);
  g_assert_cmpint (sc.rank[0], ==, 0);
  g_assert_cmpint (sc.tiebreak, ==, IMH_TIEBREAK_NONE);
}

/* D10 and determinize: only the pile and reserve change. */
static void
test_d10_determinize (void)
{
  ImhState s, t;
  ImhRng rng;
  int before[IMH_DUEL_N_TILE_CODES] = { 0 }, after[IMH_DUEL_N_TILE_CODES] = { 0 };
  bool changed = false;

  new_game (&s, "ABAB", 11, 0);
  g_assert_cmpint (R->hidden_count (&s), ==, 42);
  imh_rng_seed (&rng, 3);
  for (int k = 0; k < 20; k++)
    {
      memcpy (&t, &s, R->state_size);
      R->determinize (&t, 0, &rng);
      /* Public part unchanged. */
      g_assert_cmpmem (D (&t)->boat, sizeof D (&t)->boat, D (&s)->boat, sizeof D (&s)->boat);
      g_assert_cmpint (D (&t)->pile_n, ==, D (&s)->pile_n);
      g_assert_cmpint (D (&t)->reserve_n, ==, D (&s)->reserve_n);
      {
        ImhDuel a = *D (&s), b = *D (&t);
        memset (a.pile, 0, sizeof a.pile);
        memset (b.pile, 0, sizeof b.pile);
        memset (a.reserve, 0, sizeof a.reserve);
        memset (b.reserve, 0, sizeof b.reserve);
        g_assert_cmpmem (&a, sizeof a, &b, sizeof b);
      }
      memset (before, 0, sizeof before);
      memset (after, 0, sizeof after);
      for (int i = 0; i < D (&s)->pile_n; i++)
        before[D (&s)->pile[i]]++, after[D (&t)->pile[i]]++;
      for (int i = 0; i < D (&s)->reserve_n; i++)
        before[D (&s)->reserve[i]]++, after[D (&t)->reserve[i]]++;
      g_assert_cmpmem (before, sizeof before, after, sizeof after);
      if (memcmp (D (&t)->pile, D (&s)->pile, D (&s)->pile_n) != 0)
        changed = true;
      g_assert_true (R->check (&t, NULL, 0));
    }
  g_assert_true (changed);
}

/* Obelisk B: "first to 5" decided by the unloading order inside one unload. */
static void
test_obelisk_b_unload_order (void)
{
  for (int nearest = 0; nearest < 2; nearest++)
    {
      ImhState s;
      ImhDuel *d;
      ImhScore sc;

      board (&s, "BAAA");
      d = D (&s);
      d->obelisk[0] = 4;
      d->obelisk[1] = 4;
      set_boat (&s, 4, PL, OB, OB);           /* C1: slots 2 and 3 obelisks */
      put_meeple (&s, nearest, 2, 1);         /* nearest C1: slot 3 */
      put_meeple (&s, 1 - nearest, 1, 1);     /* then slot 2 */
      play (&s, "U C1");
      g_assert_cmpint (d->obelisk[0], ==, 5);
      g_assert_cmpint (d->obelisk[1], ==, 5);
      g_assert_cmpint (d->obelisk_first, ==, nearest);
      R->score (&s, &sc);
      g_assert_cmpint (sc.points[nearest][IMH_DUEL_CAT_OBELISK], ==, 12);
      g_assert_cmpint (sc.points[1 - nearest][IMH_DUEL_CAT_OBELISK], ==, 6);
    }
}

/* ------------------------------------------------------------------ */
/* Setup, notation, JSON, hash                                         */

static void
test_setup (void)
{
  ImhState s, t;
  ImhOptions o;
  int counts[IMH_DUEL_N_TILE_CODES] = { 0 };
  int starts[2] = { 0, 0 };

  new_game (&s, "AABB", 1234, -1);
  g_assert_true (R->check (&s, NULL, 0));
  g_assert_cmpint (D (&s)->pile_n, ==, 39);
  g_assert_cmpint (D (&s)->reserve_n, ==, 3);
  g_assert_cmpint (D (&s)->boats_alive, ==, 0x3f);
  g_assert_cmpint (R->turn_index (&s), ==, 1);
  for (int b = 0; b < 6; b++)
    for (int k = 0; k < 3; k++)
      counts[D (&s)->boat[b][k]]++;
  g_assert_cmpint (counts[0], ==, 0);
  R->options (&s, &o);
  g_assert_cmpint (o.sides[2], ==, IMH_SIDE_B);
  g_assert_cmpint (o.sides[0], ==, IMH_SIDE_A);
  g_assert_cmpint (o.start_player, ==, D (&s)->start_player);
  /* The resolved start player gives the very same tiles. */
  new_game (&t, "AABB", 1234, o.start_player);
  g_assert_cmpmem (&s, R->state_size, &t, R->state_size);
  for (uint64_t seed = 0; seed < 200; seed++)
    {
      new_game (&s, "AAAA", seed, -1);
      starts[D (&s)->start_player]++;
    }
  g_assert_cmpint (starts[0], >, 50);
  g_assert_cmpint (starts[1], >, 50);
  /* Invalid options. */
  imh_options_init (&o, IMH_GAME_DUEL, 3);
  g_assert_false (R->options_valid (&o, NULL, 0));
  imh_options_init (&o, IMH_GAME_DUEL, 2);
  o.variants = IMH_VARIANT_WRATH;
  g_assert_false (R->options_valid (&o, NULL, 0));
  imh_options_init (&o, IMH_GAME_DUEL, 2);
  o.start_player = 2;
  g_assert_false (R->options_valid (&o, NULL, 0));
}

static void
test_notation (void)
{
  ImhState s;
  char buf[IMH_DECISION_TEXT_MAX];
  static const char *const bad[] = {
    "", "P", "P  b2", " P b2", "P b2 ", "p b2", "P B2", "P d1", "P a4", "U R3", "U c0",
    "A Take", "A", "T R1.0", "T R1.4", "S C0.1-1", "S C0.3-1", "Stop", "pass ", "?15",
  };

  new_game (&s, "AAAA", 1, 0);
  for (ImhDecision d = 0; d < IMH_DUEL_N_DECISIONS; d++)
    {
      ImhDecision back = 999;
      int n = R->decision_to_text (&s, d, buf, sizeof buf);
      g_assert_cmpint (n, ==, (int) strlen (buf));
      g_assert_cmpint (n, <, IMH_DECISION_TEXT_MAX);
      g_assert_null (strchr (buf, ','));
      g_assert_true (R->decision_from_text (&s, buf, &back));
      g_assert_cmpint (back, ==, d);
    }
  R->decision_to_text (&s, IMH_DUEL_D_PLACE + 5, buf, sizeof buf);
  g_assert_cmpstr (buf, ==, "P c2");
  R->decision_to_text (&s, IMH_DUEL_D_TAKE + 4 * 3 + 1, buf, sizeof buf);
  g_assert_cmpstr (buf, ==, "T C1.2");
  R->decision_to_text (&s, IMH_DUEL_D_SWAP + 3 * 3 + 1, buf, sizeof buf);
  g_assert_cmpstr (buf, ==, "S C0.1-3");
  for (size_t i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      ImhDecision d;
      g_assert_false (R->decision_from_text (&s, bad[i], &d));
    }
}

static void
test_json_text_hash (void)
{
  ImhState s, t;
  char *buf;
  int n, n2;
  char small[16];

  new_game (&s, "ABAB", 77, 1);
  n = R->to_json (&s, NULL, 0);
  g_assert_cmpint (n, >, 100);
  buf = g_malloc ((size_t) n + 1);
  n2 = R->to_json (&s, buf, (size_t) n + 1);
  g_assert_cmpint (n, ==, n2);
  g_assert_cmpint ((int) strlen (buf), ==, n);
  g_assert_true (g_str_has_prefix (buf, "{\"game\":\"duel\",\"public\":{\"sides\":\"ABAB\""));
  g_assert_nonnull (strstr (buf, "},\"hidden\":{\"pile\":["));
  g_assert_nonnull (strstr (buf, "\"legal\":[\"P a1\""));
  g_assert_true (g_str_has_suffix (buf, "]}}"));
  /* Balanced brackets. */
  {
    int depth = 0;
    for (const char *c = buf; *c; c++)
      {
        if (*c == '{' || *c == '[')
          depth++;
        if (*c == '}' || *c == ']')
          depth--;
        g_assert_cmpint (depth, >=, 0);
      }
    g_assert_cmpint (depth, ==, 0);
  }
  g_free (buf);
  n2 = R->to_json (&s, small, sizeof small);
  g_assert_cmpint (n2, ==, n);
  g_assert_cmpint ((int) strlen (small), ==, (int) sizeof small - 1);

  n = R->to_text (&s, NULL, 0);
  buf = g_malloc ((size_t) n + 1);
  R->to_text (&s, buf, (size_t) n + 1);
  g_assert_nonnull (strstr (buf, "Harbour"));
  g_assert_nonnull (strstr (buf, "Player 2 (white)"));
  g_free (buf);

  memcpy (&t, &s, R->state_size);
  g_assert_cmpuint (R->hash (&s), ==, R->hash (&t));
  play (&t, "P b2");
  g_assert_cmpuint (R->hash (&s), !=, R->hash (&t));
  memcpy (&t, &s, R->state_size);
  D (&t)->pile[0] ^= 1;                  /* hidden parts count */
  g_assert_cmpuint (R->hash (&s), !=, R->hash (&t));
}

/* Broken states are caught by check(). */
static void
test_check (void)
{
  ImhState s, t;
  char why[128];

  new_game (&s, "AAAA", 8, 0);
  g_assert_true (R->check (&s, why, sizeof why));
  memcpy (&t, &s, R->state_size);
  D (&t)->obelisk[0]++;
  g_assert_false (R->check (&t, why, sizeof why));
  g_assert_nonnull (strstr (why, "conservation"));
  memcpy (&t, &s, R->state_size);
  D (&t)->meeples[0] = 0x1f;
  g_assert_false (R->check (&t, why, sizeof why));
  memcpy (&t, &s, R->state_size);
  D (&t)->meeples[0] = 1;
  D (&t)->meeples[1] = 1;
  g_assert_false (R->check (&t, why, sizeof why));
  memcpy (&t, &s, R->state_size);
  D (&t)->boat[0][0] = 0;
  g_assert_false (R->check (&t, why, sizeof why));
}

/* ------------------------------------------------------------------ */
/* Perft oracle                                                        */

static uint64_t
perft (const ImhState *s, int depth)
{
  ImhDecisionList l;
  uint64_t total = 0;

  if (depth == 0 || R->is_over (s))
    return 1;
  R->legal (s, &l);
  for (int i = 0; i < l.n; i++)
    {
      ImhState t;
      memcpy (&t, s, R->state_size);
      R->apply (&t, l.d[i]);
      total += perft (&t, depth - 1);
    }
  return total;
}

typedef struct {
  uint64_t    seed;
  const char *sides;
  int         advance;     /* random plies played first (seeded by seed) */
  uint64_t    counts[4];   /* depth 1..4 */
} PerftCase;

static const PerftCase perft_cases[] = {
#include "perft-duel.inc"
};

static void
advance_random (ImhState *s, uint64_t seed, int plies)
{
  ImhRng rng;

  imh_rng_seed (&rng, seed ^ UINT64_C (0x5eed));
  for (int i = 0; i < plies && !R->is_over (s); i++)
    {
      ImhDecisionList l;
      int n = R->legal (s, &l);
      R->apply (s, l.d[imh_rng_below (&rng, (uint32_t) n)]);
    }
}

static void
test_perft (gconstpointer data)
{
  const PerftCase *c = data;
  ImhState s;

  new_game (&s, c->sides, c->seed, 0);
  advance_random (&s, c->seed, c->advance);
  for (int depth = 1; depth <= 4; depth++)
    g_assert_cmpuint (perft (&s, depth), ==, c->counts[depth - 1]);
}

/* random_playout() makes exactly the decisions of the legal/apply loop. */
static void
test_random_playout (void)
{
  g_assert_nonnull (R->random_playout);
  for (uint64_t seed = 1; seed <= 2000; seed++)
    {
      ImhState a, b;
      ImhRng ra, rb;
      uint32_t plies = 0, fused;
      char sides[5];

      for (int i = 0; i < 4; i++)
        sides[i] = (seed >> i) & 1 ? 'B' : 'A';
      sides[4] = '\0';
      new_game (&a, sides, seed, -1);
      memcpy (&b, &a, R->state_size);
      imh_rng_seed (&ra, seed * 31);
      imh_rng_seed (&rb, seed * 31);
      advance_random (&a, seed, (int) (seed % 40));   /* also from mid-game positions */
      advance_random (&b, seed, (int) (seed % 40));
      for (;;)
        {
          ImhDecisionList l;
          int n = R->legal (&a, &l);
          if (n == 0)
            break;
          R->apply (&a, l.d[imh_rng_below (&ra, (uint32_t) n)]);
          plies++;
        }
      fused = R->random_playout (&b, &rb, UINT32_MAX);
      g_assert_cmpuint (fused, ==, plies);
      g_assert_cmpmem (&a, R->state_size, &b, R->state_size);
      g_assert_cmpuint (imh_rng_next (&ra), ==, imh_rng_next (&rb));
    }
  /* max_plies stops early. */
  {
    ImhState s;
    ImhRng rng;
    new_game (&s, "AAAA", 3, 0);
    imh_rng_seed (&rng, 3);
    g_assert_cmpuint (R->random_playout (&s, &rng, 5), ==, 5);
    g_assert_cmpuint (D (&s)->ply, ==, 5);
  }
}

/* random_playout() stopped after any number of plies (also inside an
 * action tile's sub-steps) and resumed plays the same game as the
 * legal/apply loop. */
static void
test_random_playout_chunked (void)
{
  for (uint64_t seed = 1; seed <= 1500; seed++)
    {
      ImhState a, b;
      ImhRng ra, rb, chunks;
      uint32_t plies = 0, fused = 0;
      char sides[5];

      for (int i = 0; i < 4; i++)
        sides[i] = (seed >> i) & 1 ? 'B' : 'A';
      sides[4] = '\0';
      new_game (&a, sides, seed, -1);
      memcpy (&b, &a, R->state_size);
      imh_rng_seed (&ra, seed * 17);
      imh_rng_seed (&rb, seed * 17);
      imh_rng_seed (&chunks, seed);
      for (;;)
        {
          ImhDecisionList l;
          int n = R->legal (&a, &l);
          if (n == 0)
            break;
          R->apply (&a, l.d[imh_rng_below (&ra, (uint32_t) n)]);
          plies++;
        }
      while (!R->is_over (&b))
        {
          uint32_t step = 1 + imh_rng_below (&chunks, 8);
          uint32_t done = R->random_playout (&b, &rb, step);
          g_assert_cmpuint (done, <=, step);
          fused += done;
          g_assert_true (done == step || R->is_over (&b));
        }
      g_assert_cmpuint (fused, ==, plies);
      g_assert_cmpmem (&a, R->state_size, &b, R->state_size);
      g_assert_cmpuint (imh_rng_next (&ra), ==, imh_rng_next (&rb));
    }
}

/* ------------------------------------------------------------------ */
/* Property test                                                       */

#define N_PROPERTY_GAMES 10000

static void
check_public_kept (const ImhState *a, const ImhState *b)
{
  ImhDuel x = *D (a), y = *D (b);
  int ca[IMH_DUEL_N_TILE_CODES] = { 0 }, cb[IMH_DUEL_N_TILE_CODES] = { 0 };

  for (int i = 0; i < x.pile_n; i++)
    ca[x.pile[i]]++, cb[y.pile[i]]++;
  for (int i = 0; i < x.reserve_n; i++)
    ca[x.reserve[i]]++, cb[y.reserve[i]]++;
  g_assert_cmpmem (ca, sizeof ca, cb, sizeof cb);
  memset (x.pile, 0, sizeof x.pile);
  memset (y.pile, 0, sizeof y.pile);
  memset (x.reserve, 0, sizeof x.reserve);
  memset (y.reserve, 0, sizeof y.reserve);
  g_assert_true (memcmp (&x, &y, sizeof x) == 0);
}

static void
test_property (void)
{
  ImhRng rng;
  uint64_t total_plies = 0;
  char why[128];

  imh_rng_seed (&rng, 20261121);
  for (int g = 0; g < N_PROPERTY_GAMES; g++)
    {
      ImhState s, t;
      ImhOptions o;
      ImhRecord *rec;
      ImhRecordError err;
      char *text;
      ImhRecord *back;
      bool seen[IMH_DUEL_N_DECISIONS];

      imh_options_init (&o, IMH_GAME_DUEL, 2);
      for (int i = 0; i < 4; i++)
        o.sides[i] = (uint8_t) ((g >> i) & 1);        /* all 16 side combinations */
      o.start_player = (int8_t) (g % 3 == 2 ? -1 : g % 2);
      rec = imh_record_new (&o, (uint64_t) g * 7919u + 1, &err);
      g_assert_nonnull (rec);
      imh_record_initial (rec, &s);
      while (!R->is_over (&s))
        {
          ImhDecisionList l;
          int n = R->legal (&s, &l);
          ImhDecision d;

          g_assert_cmpint (n, >, 0);
          g_assert_cmpint (n, <=, IMH_MAX_DECISIONS);
          /* The legal list and is_legal agree on every decision code. */
          memset (seen, 0, sizeof seen);
          for (int i = 0; i < n; i++)
            {
              g_assert_cmpint (l.d[i], <, IMH_DUEL_N_DECISIONS);
              g_assert_false (seen[l.d[i]]);
              seen[l.d[i]] = true;
              if (i > 0)
                g_assert_cmpint (l.d[i], >, l.d[i - 1]);
            }
          for (ImhDecision c = 0; c < IMH_DUEL_N_DECISIONS + 3; c++)
              g_assert_true (R->is_legal (&s, c) == (c < IMH_DUEL_N_DECISIONS && seen[c]));
          /* D8: pass only alone. */
          if (seen[IMH_DUEL_D_PASS])
            g_assert_cmpint (n, ==, 1);
          /* D7a: stop never alone. */
          if (seen[IMH_DUEL_D_STOP])
            g_assert_cmpint (n, >, 1);
          if (g % 5 == 0)
            {
              memcpy (&t, &s, R->state_size);
              R->determinize (&t, R->actor (&s), &rng);
              check_public_kept (&s, &t);
            }
          d = l.d[imh_rng_below (&rng, (uint32_t) n)];
          R->apply (&s, d);
          imh_record_line_append (&rec->main, d);
          total_plies++;
          if (!R->check (&s, why, sizeof why))
            g_error ("game %d ply %u: %s", g, D (&s)->ply, why);
        }
      g_assert_cmpint (R->actor (&s), ==, -1);
      g_assert_cmpint (__builtin_popcount (D (&s)->boats_alive), ==, 1);
      imh_record_set_outcome (rec, &s);
      /* Replaying the written record gives the identical final state. */
      text = imh_record_write (rec);
      back = imh_record_parse (text, strlen (text), &err);
      if (back == NULL)
        g_error ("game %d: %u:%u: %s", g, err.line, err.column, err.message);
      g_assert_true (imh_record_replay (back, NULL, imh_record_line_end (&back->main), &t, &err));
      g_assert_cmpmem (&s, R->state_size, &t, R->state_size);
      g_assert_cmpuint (R->hash (&s), ==, R->hash (&t));
      imh_record_free (back);
      free (text);
      imh_record_free (rec);
    }
  g_test_message ("%d games, %" G_GUINT64_FORMAT " decisions", N_PROPERTY_GAMES, total_plies);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  R = imh_rules_get (IMH_GAME_DUEL);

  g_test_add_func ("/duel/score/example-a-69", test_score_example_a);
  g_test_add_func ("/duel/score/example-b-43", test_score_example_b);
  g_test_add_func ("/duel/score/tables", test_score_tables);
  g_test_add_func ("/duel/rulings/d1-d2-unload-order", test_d1_d2_unload_order);
  g_test_add_func ("/duel/rulings/d3-refill-or-remove", test_d3_refill_or_remove);
  g_test_add_func ("/duel/rulings/d4-end-inside-place-unload", test_d4_end_inside_place_unload);
  g_test_add_func ("/duel/rulings/d5-place-removed-line", test_d5_place_removed_line);
  g_test_add_func ("/duel/rulings/d6-unload-condition", test_d6_unload_condition);
  g_test_add_func ("/duel/rulings/d7-take", test_d7_take);
  g_test_add_func ("/duel/rulings/d7-place-2-3", test_d7_place_2_3);
  g_test_add_func ("/duel/rulings/d7-place-unload", test_d7_place_unload);
  g_test_add_func ("/duel/rulings/d7-swap-unload", test_d7_swap_unload);
  g_test_add_func ("/duel/rulings/d7a-optional-steps", test_d7a_optional_steps);
  g_test_add_func ("/duel/rulings/d8-pass", test_d8_pass);
  g_test_add_func ("/duel/rulings/d9-tie", test_d9_tie);
  g_test_add_func ("/duel/rulings/d10-determinize", test_d10_determinize);
  g_test_add_func ("/duel/rulings/obelisk-b-unload-order", test_obelisk_b_unload_order);
  g_test_add_func ("/duel/setup", test_setup);
  g_test_add_func ("/duel/notation", test_notation);
  g_test_add_func ("/duel/json-text-hash", test_json_text_hash);
  g_test_add_func ("/duel/check", test_check);
  for (size_t i = 0; i < G_N_ELEMENTS (perft_cases); i++)
    {
      char *path = g_strdup_printf ("/duel/perft/seed-%" G_GUINT64_FORMAT "-%s-ply-%d",
                                    perft_cases[i].seed, perft_cases[i].sides,
                                    perft_cases[i].advance);
      g_test_add_data_func (path, &perft_cases[i], test_perft);
      g_free (path);
    }
  g_test_add_func ("/duel/random-playout", test_random_playout);
  g_test_add_func ("/duel/random-playout-chunked", test_random_playout_chunked);
  g_test_add_func ("/duel/property/random-games", test_property);
  return g_test_run ();
}
