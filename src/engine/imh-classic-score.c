/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-classic-score.c — Imhotep (2–4 players): scores, final or "if the
 * game ended now" (RULINGS Part 2, C7, C8, C15).
 */
#include <string.h>

#include "imh-classic.h"

static void
burial_a (const ImhClassic *c, int pts[IMH_CLASSIC_MAX_PLAYERS])
{
  uint8_t seen[IMH_CLASSIC_BURIAL_MAX] = { 0 };
  uint8_t stack[IMH_CLASSIC_BURIAL_MAX];
  int n = c->burial_n;

  for (int i = 0; i < n; i++)
    {
      if (seen[i])
        continue;
      int owner = c->burial[i];
      int size = 0, sp = 0;
      stack[sp++] = (uint8_t) i;
      seen[i] = 1;
      while (sp > 0)
        {
          int j = stack[--sp];
          int row = j % 3;
          int nb[4], nn = 0;
          size++;
          if (row > 0) nb[nn++] = j - 1;
          if (row < 2) nb[nn++] = j + 1;
          nb[nn++] = j - 3;
          nb[nn++] = j + 3;
          for (int k = 0; k < nn; k++)
            {
              int m = nb[k];
              if (m >= 0 && m < n && !seen[m] && c->burial[m] == owner)
                {
                  seen[m] = 1;
                  stack[sp++] = (uint8_t) m;
                }
            }
        }
      pts[owner - 1] += imh_classic_group_points (size);
    }
}

static void
burial_b (const ImhClassic *c, int pts[IMH_CLASSIC_MAX_PLAYERS])
{
  for (int row = 0; row < 3; row++)
    {
      int counts[IMH_CLASSIC_MAX_PLAYERS] = { 0 };
      int out[IMH_CLASSIC_MAX_PLAYERS];
      for (int i = row; i < c->burial_n; i += 3)
        counts[c->burial[i] - 1]++;
      imh_classic_rank_points (counts, c->n_players, imh_classic_burial_b_value, 4, out);
      for (int p = 0; p < c->n_players; p++)
        pts[p] += out[p];
    }
}

void
_imh_classic_score (const ImhState *s, ImhScore *out)
{
  const ImhClassic *c = &s->u.classic;
  int n = c->n_players;
  int burial[IMH_CLASSIC_MAX_PLAYERS] = { 0 };
  int obelisk[IMH_CLASSIC_MAX_PLAYERS] = { 0 };
  int site_total[IMH_CLASSIC_N_SITES] = { 0 };

  memset (out, 0, sizeof *out);
  out->n_players = (uint8_t) n;
  out->n_categories = IMH_CLASSIC_N_CATEGORIES;
  out->final = c->phase == IMH_CLASSIC_PHASE_OVER;

  if ((c->sides >> IMH_CLASSIC_SITE_BURIAL) & 1)
    burial_b (c, burial);
  else
    burial_a (c, burial);

  if (!((c->sides >> IMH_CLASSIC_SITE_OBELISK) & 1))
    {
      int counts[IMH_CLASSIC_MAX_PLAYERS];
      for (int p = 0; p < n; p++)
        counts[p] = c->stones[IMH_CLASSIC_SITE_OBELISK][p];
      imh_classic_rank_points (counts, n, imh_classic_obelisk_a_value[n - 2], 4, obelisk);
    }
  else
    for (int p = 0; p < n; p++)
      obelisk[p] = c->obelisk_wait[p];

  for (int site = 0; site < IMH_CLASSIC_N_SITES; site++)
    for (int p = 0; p < n; p++)
      site_total[site] += c->stones[site][p];

  for (int p = 0; p < n; p++)
    {
      const uint8_t *held = c->held[p];
      int16_t *pt = out->points[p];

      for (int k = 0; k < IMH_CLASSIC_N_CATEGORIES; k++)
        pt[k] = c->points[p][k];
      pt[IMH_CLASSIC_CAT_BURIAL] += (int16_t) burial[p];
      pt[IMH_CLASSIC_CAT_OBELISK] += (int16_t) obelisk[p];
      pt[IMH_CLASSIC_CAT_STATUES] += (int16_t) imh_classic_group_points (held[IMH_CLASSIC_CARD_STATUE]);
      pt[IMH_CLASSIC_CAT_DECORATIONS] += (int16_t) (
        held[IMH_CLASSIC_CARD_DECO_PYRAMID] * (site_total[IMH_CLASSIC_SITE_PYRAMID] / 3)
        + held[IMH_CLASSIC_CARD_DECO_TEMPLE] * (site_total[IMH_CLASSIC_SITE_TEMPLE] / 3)
        + held[IMH_CLASSIC_CARD_DECO_BURIAL] * (site_total[IMH_CLASSIC_SITE_BURIAL] / 3)
        + held[IMH_CLASSIC_CARD_DECO_OBELISK] * (site_total[IMH_CLASSIC_SITE_OBELISK] / 3));
      pt[IMH_CLASSIC_CAT_BLUE] += (int16_t) (held[IMH_CLASSIC_CARD_LEVER] + held[IMH_CLASSIC_CARD_HAMMER]
                                             + held[IMH_CLASSIC_CARD_SAIL] + held[IMH_CLASSIC_CARD_CHISEL]);
      if (c->wrath
          && (c->stones[IMH_CLASSIC_SITE_PYRAMID][p] == 0 || c->stones[IMH_CLASSIC_SITE_TEMPLE][p] == 0
              || c->stones[IMH_CLASSIC_SITE_BURIAL][p] == 0 || c->stones[IMH_CLASSIC_SITE_OBELISK][p] == 0))
        pt[IMH_CLASSIC_CAT_WRATH] -= 5;

      int total = 0;
      for (int k = 0; k < IMH_CLASSIC_N_CATEGORIES; k++)
        total += pt[k];
      out->total[p] = (int16_t) total;
    }

  /* C7: total, then stones on the sled, then shared. */
  for (int p = 0; p < n; p++)
    {
      int better = 0;
      for (int q = 0; q < n; q++)
        if (out->total[q] > out->total[p]
            || (out->total[q] == out->total[p] && c->sled[q] > c->sled[p]))
          better++;
      out->rank[p] = (uint8_t) better;
    }
  int best = out->total[0];
  for (int p = 1; p < n; p++)
    if (out->total[p] > best)
      best = out->total[p];
  int at_top = 0, best_sled = -1, at_best_sled = 0;
  for (int p = 0; p < n; p++)
    if (out->total[p] == best)
      {
        at_top++;
        if (c->sled[p] > best_sled)
          {
            best_sled = c->sled[p];
            at_best_sled = 1;
          }
        else if (c->sled[p] == best_sled)
          at_best_sled++;
      }
  if (at_top < 2)
    out->tiebreak = IMH_TIEBREAK_NONE;
  else if (at_best_sled == 1)
    out->tiebreak = IMH_TIEBREAK_SLED;
  else
    out->tiebreak = IMH_TIEBREAK_SHARED;
}
