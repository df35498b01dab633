/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-duel-score.c — scoring of the Duel (rulebook "Endwertung" and
 * "Variante B-Seiten"; RULINGS Part 1, Scoring; D9 for ties).
 *
 * Every number lives in the tables below.
 */
#include <string.h>

#include "imh-duel.h"
#include "imh-duel-private.h"

/* Side A */
enum { OBELISK_A_MAJORITY = 6 };
static const int16_t pyramid_a[7] = { 0, 1, 3, 6, 10, 15, 21 };
static const int16_t crypt_a[6] = { 0, 1, 4, 9, 16, 25 };        /* run length, 5+ → 25 */

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

static int16_t
score_crypt (const ImhDuel *d, int p, bool side_b)
{
  /* Without branches: a_i has bit j set when crypt tiles j-i+1 .. j are
   * all held, so |a_i| - |a_i+1| runs are i or more tiles long. Side A
   * scores a run of r by crypt_a[min (r, 5)], i.e. the sum over i ≤ r of
   * crypt_a[i] - crypt_a[i - 1]; side B 4 per run. */
  uint64_t m = d->crypt[p] & 0xfffu;
  uint64_t a2 = m & m << 1, a3 = a2 & m << 2, a4 = a3 & m << 3, a5 = a4 & m << 4;
  uint64_t a6 = a5 & m << 5;
  int pa[8];
  int pts = 0;

  /* |a_1| .. |a_6|, four and two at a time in 16-bit lanes. */
  pa[7] = 0;
  for (int half = 0; half < 2; half++)
    {
      uint64_t x = half == 0 ? m | (a2 & 0xfffu) << 16 | (a3 & 0xfffu) << 32 | (a4 & 0xfffu) << 48
                             : (a5 & 0xfffu) | (a6 & 0xfffu) << 16;
      x = x - ((x >> 1) & UINT64_C (0x5555555555555555));
      x = (x & UINT64_C (0x3333333333333333)) + ((x >> 2) & UINT64_C (0x3333333333333333));
      x = (x + (x >> 4)) & UINT64_C (0x0f0f0f0f0f0f0f0f);
      x = x + (x >> 8);
      for (int lane = 0; lane < 4 - 2 * half; lane++)
        pa[1 + 4 * half + lane] = (int) ((x >> (16 * lane)) & 0x1fu);
    }
  if (side_b)
    return (int16_t) (CRYPT_B_PER_RUN * (pa[1] - pa[2]));
  for (int i = 1; i <= 5; i++)
    pts += (crypt_a[i] - crypt_a[i - 1]) * (pa[i] - pa[i + 1]);
  return (int16_t) pts;
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
