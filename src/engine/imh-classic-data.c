/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-classic-data.c — every number of Imhotep (2–4 players) in one place:
 * see docs/rules.md, 'Components and site data'. Values marked
 * `provisional` were not found in any source and are reconstructed;
 * docs/rules.md lists them under 'Provisional values'.
 */
#include "imh-classic.h"

/* Round cards: capacities of the 4 ships in play, largest first. */
const ImhClassicRoundCard imh_classic_round_cards[3][IMH_CLASSIC_N_ROUND_CARDS] = {
  /* 2 players (HIGH) */
  { {{4,3,2,2}}, {{4,3,3,1}}, {{4,2,2,1}}, {{4,3,2,1}}, {{3,2,2,1}}, {{3,3,2,2}}, {{3,3,2,1}} },
  /* 3 players (MED) */
  { {{4,3,3,2}}, {{4,3,2,1}}, {{3,3,2,2}}, {{4,2,2,1}}, {{4,3,2,2}}, {{3,3,3,2}}, {{4,4,2,1}} },
  /* 4 players (HIGH) */
  { {{4,4,2,1}}, {{4,3,3,2}}, {{4,3,3,3}}, {{3,3,3,2}}, {{4,4,3,2}}, {{4,4,2,2}}, {{4,3,2,2}} },
};

/* Minimum stones to sail, by capacity (HIGH). */
const uint8_t imh_classic_ship_min[IMH_CLASSIC_SHIP_MAX + 1] = { 0, 1, 1, 2, 3 };

/* The 34 market cards (HIGH). */
const uint8_t imh_classic_card_count[IMH_CLASSIC_N_CARD_TYPES] = {
  [IMH_CLASSIC_CARD_STATUE] = 10,
  [IMH_CLASSIC_CARD_DECO_PYRAMID] = 2,
  [IMH_CLASSIC_CARD_DECO_TEMPLE] = 2,
  [IMH_CLASSIC_CARD_DECO_BURIAL] = 2,
  [IMH_CLASSIC_CARD_DECO_OBELISK] = 2,
  [IMH_CLASSIC_CARD_ENTRANCE] = 2,
  [IMH_CLASSIC_CARD_SARCOPHAGUS] = 2,
  [IMH_CLASSIC_CARD_PAVED_PATH] = 2,
  [IMH_CLASSIC_CARD_LEVER] = 2,
  [IMH_CLASSIC_CARD_HAMMER] = 2,
  [IMH_CLASSIC_CARD_SAIL] = 3,
  [IMH_CLASSIC_CARD_CHISEL] = 3,
};

/* Pyramid A (HIGH), in fill order: level 1 column by column from the top
 * left (rows 2 2 2 / 1 4 1 / 3 3 3), level 2 (2 1 / 3 3), level 3 (4). */
const uint8_t imh_classic_pyramid_a_value[14] = {
  2, 1, 3,  2, 4, 3,  2, 1, 3,
  2, 3,  1, 3,
  4,
};

/* Pyramid B: three pyramids (left, middle, right); base 2×2 filled column
 * by column from the top left, then the top (4 points, rulebook).
 * Base values and bonus positions: provisional. */
const uint8_t imh_classic_pyramid_b_value[3][5] = {
  { 2, 1, 3, 2, 4 },    /* left: provisional (top 4: rulebook) */
  { 3, 1, 2, 3, 4 },    /* middle: provisional */
  { 2, 1, 3, 1, 4 },    /* right: provisional */
};
const uint8_t imh_classic_pyramid_b_bonus[3][5] = {
  { 0, IMH_CLASSIC_BONUS_CARD,   0, 0, 0 },   /* provisional */
  { 0, IMH_CLASSIC_BONUS_STONES, 0, 0, 0 },   /* provisional */
  { 0, IMH_CLASSIC_BONUS_SHIP,   0, 0, 0 },   /* provisional */
};

/* Temple B, spaces 1–5 (2 players: 1–4): provisional. */
const uint8_t imh_classic_temple_b_bonus[5] = {
  IMH_CLASSIC_TEMPLE_CHOICE,
  IMH_CLASSIC_TEMPLE_POINTS2,
  IMH_CLASSIC_TEMPLE_CHOICE,
  IMH_CLASSIC_TEMPLE_CARD,
  IMH_CLASSIC_TEMPLE_CHOICE,
};

/* Obelisks A by height rank (HIGH). */
const uint8_t imh_classic_obelisk_a_value[3][4] = {
  { 10, 1, 0, 0 },
  { 12, 6, 1, 0 },
  { 15, 10, 5, 1 },
};

/* Obelisks B tower spaces, highest first: provisional; 1 each beyond. */
const uint8_t imh_classic_obelisk_b_tower[8] = { 15, 12, 9, 7, 5, 3, 2, 1 };

/* Burial chamber B per row: 8, 4, 2 (rulebook example); 4th 0: provisional. */
const uint8_t imh_classic_burial_b_value[4] = { 8, 4, 2, 0 };

/* Burial A areas and statues: 0..5 elements; +2 per element beyond 5. */
const uint8_t imh_classic_group_value[6] = { 0, 1, 3, 6, 10, 15 };

const char *const imh_classic_site_ids[IMH_CLASSIC_N_SITES] = {
  "market", "pyramid", "temple", "burial", "obelisk",
};

const char *const imh_classic_category_ids[IMH_CLASSIC_N_CATEGORIES] = {
  "pyramid", "temple", "burial", "obelisk", "statues", "decorations", "blue", "wrath",
};

const char *const imh_classic_card_ids[IMH_CLASSIC_N_CARD_TYPES] = {
  "statue", "deco-pyramid", "deco-temple", "deco-burial", "deco-obelisk",
  "entrance", "sarcophagus", "paved-path",
  "lever", "hammer", "sail", "chisel",
};

const char *const imh_classic_colour_ids[IMH_CLASSIC_MAX_PLAYERS] = {
  "black", "white", "brown", "gray",
};

const char *const imh_classic_pyramid_ids[3] = { "left", "middle", "right" };

int
imh_classic_group_points (int n)
{
  if (n <= 5)
    return n < 0 ? 0 : imh_classic_group_value[n];
  return imh_classic_group_value[5] + 2 * (n - 5);
}

void
imh_classic_rank_points (const int *counts, int n_players,
                         const uint8_t *values, int n_values, int *out)
{
  for (int p = 0; p < n_players; p++)
    {
      out[p] = 0;
      if (counts[p] <= 0)
        continue;
      int better = 0, equal = 0;
      for (int q = 0; q < n_players; q++)
        {
          if (counts[q] > counts[p])
            better++;
          else if (counts[q] == counts[p])
            equal++;
        }
      if (equal == 1)
        {
          out[p] = better < n_values ? values[better] : 0;
          continue;
        }
      int sum = 0;
      for (int k = better; k < better + equal; k++)
        sum += k < n_values ? values[k] : 0;
      out[p] = sum / equal;
    }
}
