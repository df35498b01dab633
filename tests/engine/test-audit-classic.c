/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test-audit-classic.c — an independent audit of the base-game engine
 * against the printed rulebooks and the rulings C1–C15 of docs/rules.md.
 *
 * The data tables are compared with docs/rules.md, 'Components and site
 * data', value by value; scoring cases the rulebooks describe are built as
 * positions; and seeded random games check, at every step, the main
 * decisions against a naive reading of C1/C2/C12, the owners'
 * sub-decisions against C4/C10/C11/C13 and CL1, GET against C10, the round
 * ends against C3/C14 (start player, temple A scoring, ships of the round
 * card), notation round trips and that determinize() keeps the public
 * part of the JSON byte for byte.
 */
#include <glib.h>
#include <stdlib.h>
#include <string.h>

#include "test-classic-util.h"

static const ImhRules *R;

/* ------------------------------------------------------------------ */
/* Data tables                                                          */

static int
cmp_u8 (const void *a, const void *b)
{
  return (int) *(const uint8_t *) a - (int) *(const uint8_t *) b;
}

static void
test_tables (void)
{
  /* Round cards per player count (docs/rules.md, 'Round cards'), as
   * multisets. */
  static const uint8_t want[3][7][4] = {
    { {4,3,2,2}, {4,3,3,1}, {4,2,2,1}, {4,3,2,1}, {3,2,2,1}, {3,3,2,2}, {3,3,2,1} },
    { {4,3,3,2}, {4,3,2,1}, {3,3,2,2}, {4,2,2,1}, {4,3,2,2}, {3,3,3,2}, {4,4,2,1} },
    { {4,4,2,1}, {4,3,3,2}, {4,3,3,3}, {3,3,3,2}, {4,4,3,2}, {4,4,2,2}, {4,3,2,2} },
  };
  for (int n = 0; n < 3; n++)
    {
      char a[7][5], b[7][5];
      for (int k = 0; k < 7; k++)
        {
          for (int i = 0; i < 4; i++)
            {
              a[k][i] = (char) ('0' + want[n][k][i]);
              b[k][i] = (char) ('0' + imh_classic_round_cards[n][k].cap[i]);
              /* largest first */
              if (i > 0)
                g_assert_cmpint (imh_classic_round_cards[n][k].cap[i], <=,
                                 imh_classic_round_cards[n][k].cap[i - 1]);
            }
          a[k][4] = b[k][4] = '\0';
        }
      qsort (a, 7, sizeof a[0], (int (*) (const void *, const void *)) strcmp);
      qsort (b, 7, sizeof b[0], (int (*) (const void *, const void *)) strcmp);
      g_assert_cmpmem (a, sizeof a, b, sizeof b);
    }

  /* Ships: minimum 3/2/1/1 for capacity 4/3/2/1. */
  g_assert_cmpint (imh_classic_ship_min[4], ==, 3);
  g_assert_cmpint (imh_classic_ship_min[3], ==, 2);
  g_assert_cmpint (imh_classic_ship_min[2], ==, 1);
  g_assert_cmpint (imh_classic_ship_min[1], ==, 1);

  /* 34 market cards with their counts. */
  {
    static const uint8_t counts[IMH_CLASSIC_N_CARD_TYPES] = {
      [IMH_CLASSIC_CARD_STATUE] = 10,
      [IMH_CLASSIC_CARD_DECO_PYRAMID] = 2, [IMH_CLASSIC_CARD_DECO_TEMPLE] = 2,
      [IMH_CLASSIC_CARD_DECO_BURIAL] = 2, [IMH_CLASSIC_CARD_DECO_OBELISK] = 2,
      [IMH_CLASSIC_CARD_ENTRANCE] = 2, [IMH_CLASSIC_CARD_SARCOPHAGUS] = 2,
      [IMH_CLASSIC_CARD_PAVED_PATH] = 2,
      [IMH_CLASSIC_CARD_LEVER] = 2, [IMH_CLASSIC_CARD_HAMMER] = 2,
      [IMH_CLASSIC_CARD_SAIL] = 3, [IMH_CLASSIC_CARD_CHISEL] = 3,
    };
    int sum = 0;
    for (int t = 0; t < IMH_CLASSIC_N_CARD_TYPES; t++)
      {
        g_assert_cmpint (imh_classic_card_count[t], ==, counts[t]);
        sum += imh_classic_card_count[t];
      }
    g_assert_cmpint (sum, ==, 34);
  }

  /* Pyramid A in fill order. */
  {
    static const uint8_t a[14] = { 2, 1, 3, 2, 4, 3, 2, 1, 3, 2, 3, 1, 3, 4 };
    g_assert_cmpmem (imh_classic_pyramid_a_value, 14, a, 14);
  }
  /* Pyramid B (PROV) in fill order, tops 4; bonuses on the 2nd space. */
  {
    static const uint8_t v[3][5] = { { 2, 1, 3, 2, 4 }, { 3, 1, 2, 3, 4 }, { 2, 1, 3, 1, 4 } };
    static const uint8_t b[3] = { IMH_CLASSIC_BONUS_CARD, IMH_CLASSIC_BONUS_STONES, IMH_CLASSIC_BONUS_SHIP };
    g_assert_cmpmem (imh_classic_pyramid_b_value, sizeof v, v, sizeof v);
    for (int k = 0; k < 3; k++)
      for (int i = 0; i < 5; i++)
        g_assert_cmpint (imh_classic_pyramid_b_bonus[k][i], ==, i == 1 ? b[k] : IMH_CLASSIC_BONUS_NONE);
  }
  /* Temple B (PROV). */
  {
    static const uint8_t t[5] = {
      IMH_CLASSIC_TEMPLE_CHOICE, IMH_CLASSIC_TEMPLE_POINTS2, IMH_CLASSIC_TEMPLE_CHOICE,
      IMH_CLASSIC_TEMPLE_CARD, IMH_CLASSIC_TEMPLE_CHOICE,
    };
    g_assert_cmpmem (imh_classic_temple_b_bonus, 5, t, 5);
  }
  /* Obelisks A by rank; B towers (PROV); burial B by place. */
  {
    static const uint8_t o[3][4] = { { 10, 1, 0, 0 }, { 12, 6, 1, 0 }, { 15, 10, 5, 1 } };
    static const uint8_t tw[8] = { 15, 12, 9, 7, 5, 3, 2, 1 };
    static const uint8_t bb[4] = { 8, 4, 2, 0 };
    g_assert_cmpmem (imh_classic_obelisk_a_value, sizeof o, o, sizeof o);
    g_assert_cmpmem (imh_classic_obelisk_b_tower, sizeof tw, tw, sizeof tw);
    g_assert_cmpmem (imh_classic_burial_b_value, sizeof bb, bb, sizeof bb);
  }
  /* Areas and statues: 1/3/6/10/15, +2 beyond 5 (the 6-stone area → 17). */
  {
    static const int g[9] = { 0, 1, 3, 6, 10, 15, 17, 19, 21 };
    for (int n = 0; n < 9; n++)
      g_assert_cmpint (imh_classic_group_points (n), ==, g[n]);
  }
  /* Temple: 4 spaces with 2 players, 5 with 3–4. */
  for (int np = 2; np <= 4; np++)
    {
      ImhState s = new_game (np, "AAAAA");
      g_assert_cmpint (imh_classic_temple_width (C (&s)), ==, np == 2 ? 4 : 5);
    }
}

/* Setup: 2/3/4/5 stones on the sled in turn order, 30 per colour; the
 * 6 round cards played plus the removed one are the player count's 7. */
static void
test_setup_stones (void)
{
  for (int np = 2; np <= 4; np++)
    for (int start = 0; start < np; start++)
      {
        ImhState s = new_game_full (np, "AAAAA", 0, start, 40 + (uint64_t) np, TRUE);
        ImhClassic *c = C (&s);
        uint8_t r[7];
        for (int k = 0; k < np; k++)
          {
            int p = (start + k) % np;
            g_assert_cmpint (c->sled[p], ==, 2 + k);
            g_assert_cmpint (c->sled[p] + c->quarry[p], ==, 30);
          }
        g_assert_cmpint (c->turn_player, ==, start);
        memcpy (r, c->rounds, 7);
        qsort (r, 7, 1, cmp_u8);
        for (int k = 0; k < 7; k++)
          g_assert_cmpint (r[k], ==, k);
        for (int i = 0; i < 4; i++)
          g_assert_cmpint (c->ship_cap[i], ==, imh_classic_round_cards[np - 2][c->rounds[0]].cap[i]);
      }
}

/* ------------------------------------------------------------------ */
/* Scoring positions                                                    */

/* Obelisks A: tied players add the places' points, divide, round down. */
static void
test_obelisk_a_ties (void)
{
  ImhScore sc;
  struct { int np; int h[4]; int pts[4]; } cases[] = {
    { 2, { 4, 4 }, { 5, 5 } },                        /* (10 + 1) / 2 */
    { 3, { 2, 2, 1 }, { 9, 9, 1 } },                  /* (12 + 6) / 2 */
    { 3, { 1, 3, 1 }, { 3, 12, 3 } },                 /* (6 + 1) / 2 */
    { 3, { 2, 2, 2 }, { 6, 6, 6 } },                  /* (12 + 6 + 1) / 3 */
    { 4, { 1, 5, 1, 1 }, { 5, 15, 5, 5 } },           /* (10 + 5 + 1) / 3 */
    { 4, { 3, 4, 0, 3 }, { 7, 15, 0, 7 } },           /* the rulebook's example */
    { 4, { 2, 2, 2, 2 }, { 7, 7, 7, 7 } },            /* 31 / 4 */
    { 4, { 0, 0, 2, 0 }, { 0, 0, 15, 0 } },           /* no stone: no points */
  };
  for (unsigned i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      ImhState s = new_game (cases[i].np, "AAAAA");
      for (int p = 0; p < cases[i].np; p++)
        park_quarry (&s, p, C (&s)->quarry[p] - cases[i].h[p]);
      R->score (&s, &sc);
      for (int p = 0; p < cases[i].np; p++)
        g_assert_cmpint (sc.points[p][IMH_CLASSIC_CAT_OBELISK], ==, cases[i].pts[p]);
    }
}

/* Burial chamber B: per row 8/4/2, 4th place 0 (PROV), ties shared and
 * rounded down as for obelisks A. */
static void
test_burial_b_rows (void)
{
  ImhState s = new_game (4, "AAABA");
  ImhClassic *c = C (&s);
  ImhScore sc;
  /* Fill order (column by column, top to bottom): the rows are i mod 3.
   * Columns (top, middle, bottom):
   *   0: black gray  black     3: white black brown
   *   1: black black white     4: brown black gray
   *   2: white black gray      5: gray  black white
   * Top row: black 2, white 2, brown 1, gray 1 → (8+4)/2 = 6, 6, (2+0)/2 = 1, 1.
   * Middle row: black 5, gray 1 → 8, 4.
   * Bottom row: black 1, white 2, brown 1, gray 2 → 1, (8+4)/2 = 6, 1, 6 with
   * black and brown sharing 3rd/4th: (2 + 0) / 2 = 1. */
  static const uint8_t order[18] = {
    0, 3, 0,  0, 0, 1,  1, 0, 3,  1, 0, 2,  2, 0, 3,  3, 0, 1,
  };
  int n[4] = { 0 };
  for (int i = 0; i < 18; i++)
    {
      c->burial[i] = (uint8_t) (order[i] + 1);
      n[order[i]]++;
    }
  c->burial_n = 18;
  for (int p = 0; p < 4; p++)
    {
      c->quarry[p] = (uint8_t) (c->quarry[p] - n[p]);
      c->stones[IMH_CLASSIC_SITE_BURIAL][p] = (uint8_t) n[p];
    }
  edited (&s);
  R->score (&s, &sc);
  g_assert_cmpint (sc.points[0][IMH_CLASSIC_CAT_BURIAL], ==, 6 + 8 + 1);
  g_assert_cmpint (sc.points[1][IMH_CLASSIC_CAT_BURIAL], ==, 6 + 0 + 6);
  g_assert_cmpint (sc.points[2][IMH_CLASSIC_CAT_BURIAL], ==, 1 + 0 + 1);
  g_assert_cmpint (sc.points[3][IMH_CLASSIC_CAT_BURIAL], ==, 1 + 4 + 6);
}

/* Burial chamber A: the rulebook's 6-stone area scores 17; areas do not
 * connect from the bottom of one column to the top of the next. */
static void
test_burial_a_columns (void)
{
  ImhState s = new_game (2, "AAAAA");
  ImhClassic *c = C (&s);
  ImhScore sc;
  /* black: cells 0 1 2 (column 0), white: 3, black: 4 5? no: black 2 and
   * white 3 touch only diagonally across columns. Column 0: B B B,
   * column 1: W B B, column 2: B W W. Black: {0,1,2,4,5} (4 touches 1,
   * 5 touches 2) and {6} (6 touches 3? 3 is white; 6-3 = 3 → white) →
   * 15 + 1. White: {3} and {7, 8} (7 touches 4? black) → 1 + 3. */
  static const uint8_t order[9] = { 0, 0, 0, 1, 0, 0, 0, 1, 1 };
  int n[2] = { 0 };
  for (int i = 0; i < 9; i++)
    {
      c->burial[i] = (uint8_t) (order[i] + 1);
      n[order[i]]++;
    }
  c->burial_n = 9;
  for (int p = 0; p < 2; p++)
    {
      c->quarry[p] = (uint8_t) (c->quarry[p] - n[p]);
      c->stones[IMH_CLASSIC_SITE_BURIAL][p] = (uint8_t) n[p];
    }
  edited (&s);
  R->score (&s, &sc);
  g_assert_cmpint (sc.points[0][IMH_CLASSIC_CAT_BURIAL], ==, 15 + 1);
  g_assert_cmpint (sc.points[1][IMH_CLASSIC_CAT_BURIAL], ==, 1 + 3);
}

/* Delivers `n` stones of player p to a site by sailing a one-stone ship
 * there again and again (the round is reset each time). */
static void
deliver (ImhState *s, int p, int site, int n)
{
  static const char *names[5] = { "market", "pyramid", "temple", "burial", "obelisk" };
  for (int k = 0; k < n; k++)
    {
      ImhClassic *c = C (s);
      char text[32];
      unsail (s);
      c->turn_player = (uint8_t) p;
      c->passes = 0;
      load (s, 3, p == 0 ? "0" : p == 1 ? "1" : p == 2 ? "2" : "3");
      g_snprintf (text, sizeof text, "sail:4:%s", names[site]);
      play (s, text);
    }
}

/* C15: decorations count every stone at their site, pyramid overflow and
 * covered temple stones included; each card scores on its own. */
static void
test_decorations_overflow (void)
{
  ImhState s = new_game (2, "AAAAA");
  ImhScore sc;

  deliver (&s, 0, IMH_CLASSIC_SITE_PYRAMID, 10);
  deliver (&s, 1, IMH_CLASSIC_SITE_PYRAMID, 7);     /* 17 stones: 14 + 3 overflow */
  deliver (&s, 1, IMH_CLASSIC_SITE_TEMPLE, 10);     /* 4 visible, 6 covered */
  g_assert_cmpint (C (&s)->pyramid_n[0], ==, 14);
  /* Pyramid: 14 spaces (34 points in all) + 3 overflow stones at 1 each. */
  g_assert_cmpint (C (&s)->points[0][IMH_CLASSIC_CAT_PYRAMID]
                   + C (&s)->points[1][IMH_CLASSIC_CAT_PYRAMID], ==, 34 + 3);
  give_card (&s, 0, IMH_CLASSIC_CARD_DECO_PYRAMID);
  give_card (&s, 0, IMH_CLASSIC_CARD_DECO_PYRAMID);
  give_card (&s, 1, IMH_CLASSIC_CARD_DECO_TEMPLE);
  give_card (&s, 1, IMH_CLASSIC_CARD_DECO_OBELISK);   /* no stone there: 0 */
  R->score (&s, &sc);
  g_assert_cmpint (sc.points[0][IMH_CLASSIC_CAT_DECORATIONS], ==, 2 * (17 / 3));
  g_assert_cmpint (sc.points[1][IMH_CLASSIC_CAT_DECORATIONS], ==, 10 / 3);
}

/* Statues 1/3/6/10/15, +2 beyond 5; Wrath −5 once (not per site). */
static void
test_statues_and_wrath (void)
{
  ImhState s = new_game_full (2, "AAAAA", IMH_VARIANT_WRATH, 0, 5, FALSE);
  ImhScore sc;

  for (int k = 0; k < 7; k++)
    give_card (&s, 0, IMH_CLASSIC_CARD_STATUE);
  for (int k = 0; k < 3; k++)
    give_card (&s, 1, IMH_CLASSIC_CARD_STATUE);
  R->score (&s, &sc);
  g_assert_cmpint (sc.points[0][IMH_CLASSIC_CAT_STATUES], ==, 19);
  g_assert_cmpint (sc.points[1][IMH_CLASSIC_CAT_STATUES], ==, 6);
  /* Nobody delivered anything: −5 each, once. */
  g_assert_cmpint (sc.points[0][IMH_CLASSIC_CAT_WRATH], ==, -5);
  g_assert_cmpint (sc.points[1][IMH_CLASSIC_CAT_WRATH], ==, -5);

  /* Black delivers to all four sites: no penalty; a red card's stone counts. */
  deliver (&s, 0, IMH_CLASSIC_SITE_PYRAMID, 1);
  deliver (&s, 0, IMH_CLASSIC_SITE_TEMPLE, 1);
  deliver (&s, 0, IMH_CLASSIC_SITE_BURIAL, 1);
  R->score (&s, &sc);
  g_assert_cmpint (sc.points[0][IMH_CLASSIC_CAT_WRATH], ==, -5);
  deliver (&s, 0, IMH_CLASSIC_SITE_OBELISK, 1);
  R->score (&s, &sc);
  g_assert_cmpint (sc.points[0][IMH_CLASSIC_CAT_WRATH], ==, 0);
  g_assert_cmpint (sc.points[1][IMH_CLASSIC_CAT_WRATH], ==, -5);
}

/* C4, C13, CL7: a red card drawn by the temple-B card bonus at round end
 * acts at once; its pyramid-B placement is its owner's decision, taken
 * before the bonus of the next temple space; then the next round starts
 * with the player after the one who sailed the 4th ship (C3). */
static void
test_temple_b_red_card_at_round_end (void)
{
  ImhState s = new_game (4, "ABBAA");
  ImhClassic *c = C (&s);
  ImhDecisionList l;
  const char *owners = "32101";     /* spaces 1–5: gray, brown, white, black, white */

  for (int i = 0; i < 5; i++)
    {
      char o[2] = { owners[i], 0 };
      load (&s, 3, o);
      play (&s, "sail:4:temple");
      unsail (&s);
    }
  deck_top (&s, IMH_CLASSIC_CARD_ENTRANCE);
  mark_sailed (&s, 0, IMH_CLASSIC_SITE_MARKET);
  mark_sailed (&s, 1, IMH_CLASSIC_SITE_PYRAMID);
  mark_sailed (&s, 2, IMH_CLASSIC_SITE_BURIAL);
  c->turn_player = 2;
  c->quarry[3] += c->sled[3] - 1;   /* gray's sled has room: a real choice */
  c->sled[3] = 1;
  edited (&s);
  load (&s, 3, "2");
  int quarry0 = c->quarry[0];
  play (&s, "sail:4:obelisk");

  g_assert_cmpint (imh_actor (&s), ==, 3);            /* space 1: gray chooses */
  play (&s, "temple:point");
  g_assert_cmpint (c->points[2][IMH_CLASSIC_CAT_TEMPLE], ==, 2);   /* space 2 */
  g_assert_cmpint (imh_actor (&s), ==, 1);            /* space 3: white chooses */
  play (&s, "temple:point");
  /* Space 4: black draws the Entrance: a stone from black's quarry goes to
   * the pyramids, and black chooses the pyramid now. */
  g_assert_cmpint (imh_actor (&s), ==, 0);
  g_assert_cmpint (c->round, ==, 0);
  R->legal (&s, &l);
  g_assert_cmpint (l.n, ==, 3);
  for (int k = 0; k < 3; k++)
    g_assert_cmpint (l.d[k], ==, IMH_CLASSIC_D_PYRAMID + k);
  R->apply (&s, IMH_CLASSIC_D_PYRAMID + 1);          /* middle: 3 points */
  g_assert_cmpint (c->quarry[0], ==, quarry0 - 1);
  g_assert_cmpint (c->points[0][IMH_CLASSIC_CAT_PYRAMID], ==, 3);
  g_assert_cmpint (c->stones[IMH_CLASSIC_SITE_PYRAMID][0], ==, 1);
  g_assert_cmpint (c->held[0][IMH_CLASSIC_CARD_ENTRANCE], ==, 0);
  /* Space 5: white chooses; then round 2 starts with gray (after brown). */
  g_assert_cmpint (imh_actor (&s), ==, 1);
  g_assert_cmpint (c->round, ==, 0);
  play (&s, "temple:point");
  g_assert_cmpint (c->round, ==, 1);
  g_assert_cmpint (c->turn_player, ==, 3);
  g_assert_cmpint (c->points[1][IMH_CLASSIC_CAT_TEMPLE], ==, 2);
  g_assert_cmpint (c->points[3][IMH_CLASSIC_CAT_TEMPLE], ==, 1);
  g_assert_cmpint (c->points[0][IMH_CLASSIC_CAT_TEMPLE], ==, 0);
}

/* C11 with several owners: per stone in unloading order, the owner takes
 * a card, a red card's stone comes from the quarry at once, then the market
 * stone goes back; the last stone's lone choice is no decision (CL1). */
static void
test_market_order_with_red_card (void)
{
  ImhState s = new_game (4, "AAAAA");
  ImhClassic *c = C (&s);
  set_display (&s, IMH_CLASSIC_CARD_ENTRANCE, IMH_CLASSIC_CARD_STATUE,
               IMH_CLASSIC_CARD_STATUE, IMH_CLASSIC_CARD_HAMMER);
  load (&s, 0, "1021");                       /* bow: white, black, brown, white */
  uint8_t q[4];
  memcpy (q, c->quarry, 4);
  play (&s, "sail:1:market");
  g_assert_cmpint (imh_actor (&s), ==, 1);
  play (&s, "take:entrance");
  /* White's Entrance: one stone from white's quarry to the pyramid (2 points),
   * and white's market stone back in the quarry: net 0. */
  g_assert_cmpint (c->stones[IMH_CLASSIC_SITE_PYRAMID][1], ==, 1);
  g_assert_cmpint (c->points[1][IMH_CLASSIC_CAT_PYRAMID], ==, 2);
  g_assert_cmpint (c->quarry[1], ==, q[1]);
  g_assert_cmpint (c->discards[IMH_CLASSIC_CARD_ENTRANCE], ==, 1);
  g_assert_cmpint (imh_actor (&s), ==, 0);
  play (&s, "take:statue");
  g_assert_cmpint (imh_actor (&s), ==, 2);
  play (&s, "take:hammer");
  /* White's 2nd stone: only a statue left, taken by itself; turn passes. */
  g_assert_cmpint (imh_actor (&s), ==, 1);
  g_assert_false (imh_classic_is_sub_decision (&s));
  g_assert_cmpint (c->held[1][IMH_CLASSIC_CARD_STATUE], ==, 1);
  g_assert_cmpint (c->held[0][IMH_CLASSIC_CARD_STATUE], ==, 1);
  g_assert_cmpint (c->held[2][IMH_CLASSIC_CARD_HAMMER], ==, 1);
  g_assert_cmpint (c->quarry[0], ==, q[0] + 1);
  g_assert_cmpint (c->quarry[1], ==, q[1] + 1);
  g_assert_cmpint (c->quarry[2], ==, q[2] + 1);
}

/* ------------------------------------------------------------------ */
/* Seeded random games against a naive reading of the rulings           */

static int
cmp_dec (const void *a, const void *b)
{
  return (int) *(const ImhDecision *) a - (int) *(const ImhDecision *) b;
}

typedef struct {
  int n;
  ImhDecision d[128];
} List;

static void
add (List *l, int d)
{
  l->d[l->n++] = (ImhDecision) d;
}

static int
ship_stones (const ImhClassic *c, int s)
{
  int n = 0;
  for (int i = 0; i < c->ship_cap[s]; i++)
    n += c->ship[s][i] != 0;
  return n;
}

static bool
ship_unsailed (const ImhClassic *c, int s)
{
  return c->ship_site[s] == NONE;
}

static int
want_take (const ImhClassic *c, int p, int want)
{
  int n = want;
  if (n > 5 - c->sled[p])
    n = 5 - c->sled[p];
  if (n > c->quarry[p])
    n = c->quarry[p];
  return n < 0 ? 0 : n;
}

static bool
can_sail (const ImhClassic *c, int s)
{
  return ship_unsailed (c, s) && ship_stones (c, s) >= imh_classic_ship_min[c->ship_cap[s]];
}

/* C1, C2, C5, C12. */
static void
naive_main (const ImhClassic *c, List *l)
{
  int p = c->turn_player;
  int free_total = 0;
  bool any_sail = false, sail_card = false;

  l->n = 0;
  if (want_take (c, p, 3) > 0)
    add (l, IMH_CLASSIC_D_GET);
  for (int s = 0; s < 4; s++)
    {
      if (!ship_unsailed (c, s))
        continue;
      for (int pos = 0; pos < c->ship_cap[s]; pos++)
        if (c->ship[s][pos] == 0)
          {
            free_total++;
            if (c->sled[p] > 0)
              add (l, IMH_CLASSIC_D_PLACE + s * 4 + pos);
          }
      if (ship_stones (c, s) < c->ship_cap[s]
          && ship_stones (c, s) + 1 >= imh_classic_ship_min[c->ship_cap[s]])
        sail_card = true;
    }
  for (int s = 0; s < 4; s++)
    if (can_sail (c, s))
      for (int t = 0; t < 5; t++)
        if (!((c->sites_used >> t) & 1))
          {
            add (l, IMH_CLASSIC_D_SAIL + s * 5 + t);
            any_sail = true;
          }
  if (c->held[p][IMH_CLASSIC_CARD_HAMMER] > 0
      && (want_take (c, p, 3) > 0 || (c->sled[p] > 0 && free_total > 0)))
    add (l, IMH_CLASSIC_D_PLAY + IMH_CLASSIC_PLAY_HAMMER);
  if (c->held[p][IMH_CLASSIC_CARD_CHISEL] > 0 && c->sled[p] >= 2 && free_total >= 2)
    add (l, IMH_CLASSIC_D_PLAY + IMH_CLASSIC_PLAY_CHISEL);
  if (c->held[p][IMH_CLASSIC_CARD_SAIL] > 0 && c->sled[p] >= 1 && sail_card
      && (c->sites_used & 31) != 31)
    add (l, IMH_CLASSIC_D_PLAY + IMH_CLASSIC_PLAY_SAIL);
  if (c->held[p][IMH_CLASSIC_CARD_LEVER] > 0 && any_sail)
    add (l, IMH_CLASSIC_D_PLAY + IMH_CLASSIC_PLAY_LEVER);
  if (l->n == 0)
    add (l, IMH_CLASSIC_D_PASS);
}

/* The owners' sub-decisions, where the frame tells what is pending. Returns
 * false for frames this audit does not model. */
static bool
naive_frame (const ImhClassic *c, List *l)
{
  const ImhClassicFrame *f = &c->stack[c->sp - 1];

  l->n = 0;
  switch (f->type)
    {
    case IMH_CLASSIC_FR_DELIVER:
      if (f->a == IMH_CLASSIC_SITE_MARKET)
        {
          bool seen[IMH_CLASSIC_N_CARD_TYPES] = { false };
          for (int i = 0; i < 4; i++)
            if (c->display[i] != NONE)
              seen[c->display[i]] = true;
          for (int t = 0; t < IMH_CLASSIC_N_CARD_TYPES; t++)
            if (seen[t])
              add (l, IMH_CLASSIC_D_TAKE + t);       /* CL2: one per kind */
          if (c->pair_state == IMH_CLASSIC_PAIR_FACE_DOWN)
            add (l, IMH_CLASSIC_D_TAKE_PAIR);
          return true;
        }
      if (f->a == IMH_CLASSIC_SITE_PYRAMID)
        {
          for (int k = 0; k < 3; k++)
            if (c->pyramid_n[k] < 5)
              add (l, IMH_CLASSIC_D_PYRAMID + k);    /* C13 */
          return true;
        }
      return false;
    case IMH_CLASSIC_FR_KEEP:
      add (l, IMH_CLASSIC_D_KEEP + (c->pair[0] < c->pair[1] ? c->pair[0] : c->pair[1]));
      add (l, IMH_CLASSIC_D_KEEP + (c->pair[0] < c->pair[1] ? c->pair[1] : c->pair[0]));
      return true;
    case IMH_CLASSIC_FR_TEMPLE_B:
      add (l, IMH_CLASSIC_D_TEMPLE_POINT);
      if (want_take (c, c->temple_top[f->a] - 1, 2) > 0)
        add (l, IMH_CLASSIC_D_TEMPLE_STONES);        /* C13 */
      return true;
    case IMH_CLASSIC_FR_SAIL:
      for (int s = 0; s < 4; s++)
        if ((f->a == NONE || f->a == s) && can_sail (c, s))
          for (int t = 0; t < 5; t++)
            if (!((c->sites_used >> t) & 1))
              add (l, IMH_CLASSIC_D_SAIL + s * 5 + t);
      return true;
    case IMH_CLASSIC_FR_PLACE_SHIP:
      for (int s = 0; s < 4; s++)
        if (ship_unsailed (c, s))
          {
            if (f->a == 1 && ship_stones (c, s) + 1 < imh_classic_ship_min[c->ship_cap[s]])
              continue;
            for (int pos = 0; pos < c->ship_cap[s]; pos++)
              if (c->ship[s][pos] == 0 && c->sled[f->player] > 0)
                add (l, IMH_CLASSIC_D_PLACE + s * 4 + pos);
          }
      return true;
    case IMH_CLASSIC_FR_UNLOAD:
      {
        bool seen[4] = { false };
        for (int pos = 0; pos < 4; pos++)
          if (c->ship[f->a][pos] != 0)
            seen[c->ship[f->a][pos] - 1] = true;
        for (int q = 0; q < 4; q++)
          if (seen[q])
            add (l, IMH_CLASSIC_D_UNLOAD + q);      /* C12 Lever, CL2 */
        return true;
      }
    default:
      return false;
    }
}

static char *
public_json (const ImhState *s)
{
  static char buf[65536];
  int n = R->to_json (s, buf, sizeof buf);
  g_assert_cmpint (n, <, (int) sizeof buf);
  const char *a = strstr (buf, "\"public\":");
  const char *b = strstr (buf, ",\"hidden\":");
  g_assert_nonnull (a);
  g_assert_nonnull (b);
  return g_strndup (a, (gsize) (b - a));
}

static void
assert_lists (const ImhState *s, ImhDecisionList *l, List *r, const char *what)
{
  qsort (l->d, l->n, sizeof l->d[0], cmp_dec);
  qsort (r->d, (size_t) r->n, sizeof r->d[0], cmp_dec);
  if (l->n != r->n || memcmp (l->d, r->d, sizeof l->d[0] * l->n) != 0)
    {
      GString *m = g_string_new (NULL);
      char t[IMH_DECISION_TEXT_MAX];
      g_string_append_printf (m, "%s: engine", what);
      for (int i = 0; i < l->n; i++)
        {
          R->decision_to_text (s, l->d[i], t, sizeof t);
          g_string_append_printf (m, " [%s]", t);
        }
      g_string_append (m, "; audit");
      for (int i = 0; i < r->n; i++)
        g_string_append_printf (m, " %u", r->d[i]);
      g_error ("%s", m->str);
    }
}

static void
test_random_games (gconstpointer data)
{
  int np = GPOINTER_TO_INT (data);
  GRand *rand = g_rand_new_with_seed (7000 + (guint32) np);
  ImhRng rng;
  long frames = 0, mains = 0;

  imh_rng_seed (&rng, 99);
  for (int game = 0; game < 96; game++)
    {
      ImhOptions o;
      ImhState s;
      char why[128];
      imh_options_init (&o, IMH_GAME_CLASSIC, np);
      for (int i = 0; i < 5; i++)
        o.sides[i] = (game >> i) & 1 ? IMH_SIDE_B : IMH_SIDE_A;
      o.variants = game & 32 ? IMH_VARIANT_WRATH : 0;
      o.start_player = -1;
      g_assert_true (imh_setup (&s, &o, 500 + (uint64_t) game, why, sizeof why));

      int last_main = -1;
      int round = C (&s)->round;
      while (!R->is_over (&s))
        {
          const ImhClassic *c = C (&s);
          ImhDecisionList l;
          List r;
          R->legal (&s, &l);
          g_assert_cmpint (l.n, >, 0);

          if (c->sp == 0)
            {
              g_assert_cmpint (c->phase, ==, IMH_CLASSIC_PHASE_MAIN);
              g_assert_cmpint (R->actor (&s), ==, c->turn_player);
              naive_main (c, &r);
              assert_lists (&s, &l, &r, "main decision");
              mains++;
            }
          else
            {
              /* CL1: a pending choice always has ≥ 2 options. */
              g_assert_cmpint (l.n, >=, 2);
              if (naive_frame (c, &r))
                {
                  assert_lists (&s, &l, &r, "owner's decision");
                  frames++;
                }
              /* C4: the stone's owner decides market and pyramid choices. */
              const ImhClassicFrame *f = &c->stack[c->sp - 1];
              if (f->type == IMH_CLASSIC_FR_DELIVER || f->type == IMH_CLASSIC_FR_KEEP)
                g_assert_cmpint (R->actor (&s), ==, f->player);
              if (f->type == IMH_CLASSIC_FR_TEMPLE_B)
                g_assert_cmpint (R->actor (&s), ==, c->temple_top[f->a] - 1);
            }

          /* Notation round trip of every legal decision. */
          for (int i = 0; i < l.n; i++)
            {
              char t[IMH_DECISION_TEXT_MAX];
              ImhDecision back = 0xffff;
              int len = R->decision_to_text (&s, l.d[i], t, sizeof t);
              g_assert_cmpint (len, >, 0);
              g_assert_cmpint (len, <, IMH_DECISION_TEXT_MAX);
              g_assert_true (R->decision_from_text (&s, t, &back));
              g_assert_cmpuint (back, ==, l.d[i]);
            }

          /* determinize() never changes anything public. */
          if (g_rand_int_range (rand, 0, 6) == 0)
            {
              ImhState t = s;
              char *before = public_json (&s);
              R->determinize (&t, R->actor (&s), &rng);
              char *after = public_json (&t);
              g_assert_cmpstr (before, ==, after);
              g_assert_true (R->check (&t, NULL, 0));
              /* Round cards: the played ones stay, the rest is a permutation;
               * the hidden cards (deck and face-down pair) keep their types. */
              {
                const ImhClassic *x = C (&s), *y = C (&t);
                uint8_t rx[7], ry[7];
                int cx[IMH_CLASSIC_N_CARD_TYPES] = { 0 }, cy[IMH_CLASSIC_N_CARD_TYPES] = { 0 };
                g_assert_cmpmem (x->rounds, x->round + 1, y->rounds, y->round + 1);
                memcpy (rx, x->rounds, 7);
                memcpy (ry, y->rounds, 7);
                qsort (rx, 7, 1, cmp_u8);
                qsort (ry, 7, 1, cmp_u8);
                g_assert_cmpmem (rx, 7, ry, 7);
                g_assert_cmpint (x->deck_n, ==, y->deck_n);
                for (int i = 0; i < x->deck_n; i++)
                  cx[x->deck[i]]++, cy[y->deck[i]]++;
                if (x->pair_state == IMH_CLASSIC_PAIR_FACE_DOWN)
                  for (int i = 0; i < 2; i++)
                    {
                      if (x->pair[i] != NONE)
                        cx[x->pair[i]]++;
                      if (y->pair[i] != NONE)
                        cy[y->pair[i]]++;
                    }
                g_assert_cmpmem (cx, sizeof cx, cy, sizeof cy);
              }
              g_free (before);
              g_free (after);
            }

          ImhDecision d = l.d[g_rand_int_range (rand, 0, l.n)];
          ImhState before = s;
          bool main_step = c->sp == 0;
          if (main_step)
            last_main = c->turn_player;
          R->apply (&s, d);
          c = C (&s);
          const ImhClassic *b = C (&before);

          /* C10: get takes the maximum allowed. */
          if (main_step && d == IMH_CLASSIC_D_GET)
            {
              int p = b->turn_player;
              g_assert_cmpint (c->sled[p], ==, b->sled[p] + want_take (b, p, 3));
            }

          if (c->round != round || R->is_over (&s))
            {
              /* C3, C14: temple A scores each visible stone; the next
               * round starts with the player after the last main decision. */
              if (!((c->sides >> IMH_CLASSIC_SITE_TEMPLE) & 1))
                {
                  int w = imh_classic_temple_width (c);
                  for (int p = 0; p < np; p++)
                    {
                      int vis = 0;
                      for (int k = 0; k < w; k++)
                        vis += c->temple_top[k] == p + 1;
                      g_assert_cmpint (c->points[p][IMH_CLASSIC_CAT_TEMPLE]
                                       - b->points[p][IMH_CLASSIC_CAT_TEMPLE], ==, vis);
                    }
                }
              if (!R->is_over (&s))
                {
                  g_assert_cmpint (c->round, ==, round + 1);
                  g_assert_cmpint (c->turn_player, ==, (last_main + 1) % np);
                  g_assert_cmpint (c->round_start_player, ==, (last_main + 1) % np);
                  for (int i = 0; i < 4; i++)
                    {
                      g_assert_cmpint (c->ship_cap[i], ==,
                                       imh_classic_round_cards[np - 2][c->rounds[c->round]].cap[i]);
                      g_assert_cmpint (ship_stones (c, i), ==, 0);
                    }
                  if (!((c->sides >> IMH_CLASSIC_SITE_MARKET) & 1))
                    for (int i = 0; i < 4; i++)
                      g_assert_cmpint (c->display[i], !=, NONE);
                }
              round = c->round;
            }
        }
      g_assert_cmpint (C (&s)->round, ==, IMH_CLASSIC_N_ROUNDS);
      {
        ImhScore sc;
        R->score (&s, &sc);
        g_assert_true (sc.final);
      }
    }
  g_test_message ("%d players: %ld main decisions, %ld owners' decisions compared", np, mains, frames);
  g_rand_free (rand);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  R = imh_rules_get (IMH_GAME_CLASSIC);

  g_test_add_func ("/audit-classic/tables", test_tables);
  g_test_add_func ("/audit-classic/setup-stones", test_setup_stones);
  g_test_add_func ("/audit-classic/obelisk-a-ties", test_obelisk_a_ties);
  g_test_add_func ("/audit-classic/burial-b-rows", test_burial_b_rows);
  g_test_add_func ("/audit-classic/burial-a-columns", test_burial_a_columns);
  g_test_add_func ("/audit-classic/decorations-overflow", test_decorations_overflow);
  g_test_add_func ("/audit-classic/statues-wrath", test_statues_and_wrath);
  g_test_add_func ("/audit-classic/temple-b-red-card-at-round-end", test_temple_b_red_card_at_round_end);
  g_test_add_func ("/audit-classic/market-order-red-card", test_market_order_with_red_card);
  for (int np = 2; np <= 4; np++)
    {
      char path[64];
      g_snprintf (path, sizeof path, "/audit-classic/random/%d-players", np);
      g_test_add_data_func (path, GINT_TO_POINTER (np), test_random_games);
    }
  return g_test_run ();
}
