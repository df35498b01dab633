/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-duel-score.c — scoring of the Duel (rulebook "Endwertung" and
 * "Variante B-Seiten"; see docs/rules.md, 'Final scoring', and 'D9 Tie'
 * for ties).
 *
 * Every number lives in the tables below.
 */
#include <string.h>

#include "imh-duel.h"
#include "imh-duel-private.h"

/* Side A */
enum { OBELISK_A_MAJORITY = 6 };
static const int16_t pyramid_a[7] = { 0, 1, 3, 6, 10, 15, 21 };
/* Crypt: a run of 1, 2, 3, 4, 5 or more tiles scores 1, 4, 9, 16, 25
 * (in crypt6[] and crypt_join_a[] below). */

/* Side B */
enum { OBELISK_B_FIRST = 12, OBELISK_B_OTHER = 6, OBELISK_B_TEN = 18,
       OBELISK_B_FIRST_AT = 5, OBELISK_B_TEN_AT = 10, CRYPT_B_PER_RUN = 4 };
static const int16_t temple_b_set[5] = { 0, 1, 4, 9, 16 };       /* set of k different tiles */
static const int16_t pyramid_b[7] = { -6, 0, 4, 10, 18, 30, 45 }; /* the smaller pyramid */

enum { ACTION_POINTS = 1, MEEPLE_POINTS = 1 };

static int16_t
score_obelisk (const ImhDuel *d, int p, bool side_b)
{
  int mine = d->obelisk[p], theirs = d->obelisk[1 - p];

  if (!side_b)
    return (int16_t) (mine + (mine > theirs ? OBELISK_A_MAJORITY : 0));
  if (d->obelisk_first == p)
    return mine >= OBELISK_B_TEN_AT ? OBELISK_B_TEN : OBELISK_B_FIRST;
  if (mine >= OBELISK_B_TEN_AT)
    return OBELISK_B_TEN;
  if (mine >= OBELISK_B_FIRST_AT)
    return OBELISK_B_OTHER;
  return 0;
}

/* Bits set in x (16 bits), without a call to libgcc's popcount. */
static inline int
pop16 (unsigned x)
{
  x = x - ((x >> 1) & 0x5555u);
  x = (x & 0x3333u) + ((x >> 2) & 0x3333u);
  x = (x + (x >> 4)) & 0x0f0fu;
  return (int) ((x + (x >> 8)) & 0x1fu);
}

static int16_t
score_temple (const ImhDuel *d, int p, bool side_b)
{
  const uint8_t *t = d->temple[p];
  int16_t pts = 0;

  if (!side_b)
    return (int16_t) (t[0] + 2 * t[1] + 3 * t[2] + 4 * t[3]);
  /* Sets of different tiles, largest first: the t-th set holds every
   * symbol of which the player has t or more tiles. */
  if (__builtin_expect ((t[0] | t[1] | t[2] | t[3]) <= 3, 1))
    {
      for (int level = 1; level <= 3; level++)
        pts = (int16_t) (pts + temple_b_set[(t[0] >= level) + (t[1] >= level) +
                                            (t[2] >= level) + (t[3] >= level)]);
      return pts;
    }
  {
    uint8_t left[4];
    memcpy (left, t, 4);
    for (;;)
      {
        int k = 0;
        for (int i = 0; i < 4; i++)
          if (left[i] > 0)
            {
              left[i]--;
              k++;
            }
        if (k == 0)
          break;
        pts = (int16_t) (pts + temple_b_set[k]);
      }
  }
  return pts;
}

static int16_t
score_pyramids (const ImhDuel *d, int p, bool side_b)
{
  int light = d->pyramid[p][0], dark = d->pyramid[p][1];

  if (light > 6) light = 6;
  if (dark > 6) dark = 6;
  if (!side_b)
    return (int16_t) (pyramid_a[light] + pyramid_a[dark]);
  return pyramid_b[light < dark ? light : dark];
}

/* The crypt by 6-bit halves (tiles 1–6, 7–12). crypt6[x]: bits 0–7 side
 * A's points of the runs within x, bits 8–11 the number of runs, bits
 * 12–15 the length of the run ending at the half's top tile, bits 16–19
 * of the run starting at its bottom tile. crypt_join_*[8 a + b]: the
 * correction when a run of a ending at tile 6 and one of b starting at
 * tile 7 are one run (side A: points; side B: runs). Generated; test-duel
 * and the bench signature check them. */
static const uint32_t crypt6[64] = {
  0x00000, 0x10101, 0x00101, 0x20104, 0x00101, 0x10202, 0x00104, 0x30109,
  0x00101, 0x10202, 0x00202, 0x20205, 0x00104, 0x10205, 0x00109, 0x40110,
  0x00101, 0x10202, 0x00202, 0x20205, 0x00202, 0x10303, 0x00205, 0x3020a,
  0x00104, 0x10205, 0x00205, 0x20208, 0x00109, 0x1020a, 0x00110, 0x50119,
  0x01101, 0x11202, 0x01202, 0x21205, 0x01202, 0x11303, 0x01205, 0x3120a,
  0x01202, 0x11303, 0x01303, 0x21306, 0x01205, 0x11306, 0x0120a, 0x41211,
  0x02104, 0x12205, 0x02205, 0x22208, 0x02205, 0x12306, 0x02208, 0x3220d,
  0x03109, 0x1320a, 0x0320a, 0x2320d, 0x04110, 0x14211, 0x05119, 0x66119,
};
static const int8_t crypt_join_a[64] = {
  0, 0, 0, 0, 0, 0, 0, 0,
  0, 2, 4, 6, 8, -1, -1, 0,
  0, 4, 8, 12, 5, -4, -4, 0,
  0, 6, 12, 7, 0, -9, -9, 0,
  0, 8, 5, 0, -7, -16, -16, 0,
  0, -1, -4, -9, -16, -25, -25, 0,
  0, -1, -4, -9, -16, -25, -25, 0,
  0, 0, 0, 0, 0, 0, 0, 0,
};
static const int8_t crypt_join_runs[64] = {
  0, 0, 0, 0, 0, 0, 0, 0,
  0, -1, -1, -1, -1, -1, -1, 0,
  0, -1, -1, -1, -1, -1, -1, 0,
  0, -1, -1, -1, -1, -1, -1, 0,
  0, -1, -1, -1, -1, -1, -1, 0,
  0, -1, -1, -1, -1, -1, -1, 0,
  0, -1, -1, -1, -1, -1, -1, 0,
  0, 0, 0, 0, 0, 0, 0, 0,
};

static int16_t
score_crypt (const ImhDuel *d, int p, bool side_b)
{
  unsigned m = d->crypt[p] & 0xfffu;
  uint32_t lo = crypt6[m & 0x3fu], hi = crypt6[m >> 6];
  unsigned join = ((lo >> 12) & 0xfu) * 8 + ((hi >> 16) & 0xfu);

  if (side_b)
    return (int16_t) (CRYPT_B_PER_RUN * ((int) ((lo >> 8) & 0xfu) + (int) ((hi >> 8) & 0xfu) +
                                         crypt_join_runs[join]));
  return (int16_t) ((int) (lo & 0xffu) + (int) (hi & 0xffu) + crypt_join_a[join]);
}

void
imh_duel_score_player (const ImhDuel *d, int p, uint8_t sides,
                       int16_t points[IMH_DUEL_N_CATEGORIES])
{
  int actions = 0;

  for (int k = 0; k < IMH_DUEL_N_ACTIONS; k++)
    actions += d->actions[p][k];
  points[IMH_DUEL_CAT_OBELISK] = score_obelisk (d, p, (sides >> IMH_DUEL_SITE_OBELISK) & 1);
  points[IMH_DUEL_CAT_TEMPLE] = score_temple (d, p, (sides >> IMH_DUEL_SITE_TEMPLE) & 1);
  points[IMH_DUEL_CAT_PYRAMIDS] = score_pyramids (d, p, (sides >> IMH_DUEL_SITE_PYRAMIDS) & 1);
  points[IMH_DUEL_CAT_CRYPT] = score_crypt (d, p, (sides >> IMH_DUEL_SITE_CRYPT) & 1);
  points[IMH_DUEL_CAT_ACTIONS] = (int16_t) (actions * ACTION_POINTS);
  points[IMH_DUEL_CAT_MEEPLES] = (int16_t) (pop16 (d->meeples[p]) * MEEPLE_POINTS);
}

void
imh_duel_score (const ImhState *s, ImhScore *out)
{
  const ImhDuel *d = &s->u.duel;

  memset (out, 0, sizeof *out);
  out->n_players = 2;
  out->n_categories = IMH_DUEL_N_CATEGORIES;
  out->final = d->phase == IMH_DUEL_PHASE_OVER;
  for (int p = 0; p < 2; p++)
    {
      int16_t pts[IMH_DUEL_N_CATEGORIES];
      int total = 0;

      imh_duel_score_player (d, p, d->sides, pts);
      for (int c = 0; c < IMH_DUEL_N_CATEGORIES; c++)
        {
          out->points[p][c] = pts[c];
          total += pts[c];
        }
      out->total[p] = (int16_t) total;
    }
  if (out->total[0] > out->total[1])
    {
      out->rank[0] = 0;
      out->rank[1] = 1;
    }
  else if (out->total[1] > out->total[0])
    {
      out->rank[0] = 1;
      out->rank[1] = 0;
    }
  else
    {
      /* D9: the player who did not start wins. */
      int winner = 1 - d->start_player;
      out->rank[winner] = 0;
      out->rank[1 - winner] = 1;
      out->tiebreak = IMH_TIEBREAK_NON_STARTER;
    }
}

static void
add_part (ImhScorePart *parts, int max, int *n, int category, int kind, int points, int a, int b, int c)
{
  if (*n < max)
    parts[*n] = (ImhScorePart) { (uint8_t) category, (uint8_t) kind, (int16_t) points,
                                 (int16_t) a, (int16_t) b, (int16_t) c };
  (*n)++;
}

int
imh_duel_score_parts (const ImhDuel *d, int p, uint8_t sides, ImhScorePart *parts, int max)
{
  int n = 0;
  int mine = d->obelisk[p], theirs = d->obelisk[1 - p];

  /* Obelisk */
  if (!((sides >> IMH_DUEL_SITE_OBELISK) & 1))
    {
      if (mine > 0)
        add_part (parts, max, &n, IMH_DUEL_CAT_OBELISK, IMH_PART_PER_ITEM, mine, mine, 1, 0);
      if (mine > theirs)
        add_part (parts, max, &n, IMH_DUEL_CAT_OBELISK, IMH_PART_MAJORITY, OBELISK_A_MAJORITY,
                  mine, theirs, 0);
    }
  else if (mine > 0)
    add_part (parts, max, &n, IMH_DUEL_CAT_OBELISK, IMH_PART_THRESHOLD, score_obelisk (d, p, true),
              mine, d->obelisk_first == p, 0);

  /* Temple */
  if (!((sides >> IMH_DUEL_SITE_TEMPLE) & 1))
    {
      for (int k = 0; k < 4; k++)
        if (d->temple[p][k] > 0)
          add_part (parts, max, &n, IMH_DUEL_CAT_TEMPLE, IMH_PART_PER_ITEM, (k + 1) * d->temple[p][k],
                    d->temple[p][k], k + 1, k + 1);
    }
  else
    {
      uint8_t left[4];
      memcpy (left, d->temple[p], 4);
      for (;;)
        {
          int k = 0;
          for (int i = 0; i < 4; i++)
            if (left[i] > 0)
              {
                left[i]--;
                k++;
              }
          if (k == 0)
            break;
          add_part (parts, max, &n, IMH_DUEL_CAT_TEMPLE, IMH_PART_SET, temple_b_set[k], k, 0, 0);
        }
    }

  /* Pyramids */
  {
    int light = d->pyramid[p][0] > 6 ? 6 : d->pyramid[p][0];
    int dark = d->pyramid[p][1] > 6 ? 6 : d->pyramid[p][1];

    if (!((sides >> IMH_DUEL_SITE_PYRAMIDS) & 1))
      {
        if (light > 0)
          add_part (parts, max, &n, IMH_DUEL_CAT_PYRAMIDS, IMH_PART_PILE, pyramid_a[light], 0, light, 0);
        if (dark > 0)
          add_part (parts, max, &n, IMH_DUEL_CAT_PYRAMIDS, IMH_PART_PILE, pyramid_a[dark], 1, dark, 0);
      }
    else
      add_part (parts, max, &n, IMH_DUEL_CAT_PYRAMIDS, IMH_PART_PAIRS,
                pyramid_b[light < dark ? light : dark], light, dark, 0);
  }

  /* Crypt: its runs (a run of 5 or more scores as one of 5 on side A). */
  for (int t = 0; t < 12; t++)
    if ((d->crypt[p] >> t) & 1)
      {
        int end = t, len;

        while (end + 1 < 12 && ((d->crypt[p] >> (end + 1)) & 1))
          end++;
        len = end - t + 1;
        if (len > 5)
          len = 5;
        add_part (parts, max, &n, IMH_DUEL_CAT_CRYPT, IMH_PART_RUN,
                  ((sides >> IMH_DUEL_SITE_CRYPT) & 1) ? CRYPT_B_PER_RUN : len * len, t + 1, end + 1, 0);
        t = end;
      }

  for (int k = 0; k < IMH_DUEL_N_ACTIONS; k++)
    if (d->actions[p][k] > 0)
      add_part (parts, max, &n, IMH_DUEL_CAT_ACTIONS, IMH_PART_PER_ITEM, d->actions[p][k] * ACTION_POINTS,
                d->actions[p][k], ACTION_POINTS, k);
  if (d->meeples[p] != 0)
    add_part (parts, max, &n, IMH_DUEL_CAT_MEEPLES, IMH_PART_PER_ITEM, pop16 (d->meeples[p]) * MEEPLE_POINTS,
              pop16 (d->meeples[p]), MEEPLE_POINTS, 0);
  return n;
}
