/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-classic-score.c — Imhotep (2–4 players): scores, final or "if the
 * game ended now" (see docs/rules.md: the site data, 'C7 Ties', 'C8
 * Wrath of the Pharaoh', 'C15 Decorations').
 */
#include <string.h>

#include "imh-classic.h"

/* 1/3/6/10/15, +2 per element beyond 5: imh_classic_group_points(), inline. */
static inline int
group_points (int n)
{
  return n <= 5 ? imh_classic_group_value[n] : imh_classic_group_value[5] + 2 * (n - 5);
}

static inline int
find_root (uint8_t *parent, int i)
{
  while (parent[i] != i)
    {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
  return i;
}

/* Areas of one colour (stones next to each other in a column or a row;
 * fill order is column by column, 3 per column) in one pass: each stone
 * joins the area of the stone above it and of the one to its left. */
static void
burial_a (const ImhClassic *c, int pts[IMH_CLASSIC_MAX_PLAYERS])
{
  uint8_t parent[IMH_CLASSIC_BURIAL_MAX];
  uint8_t size[IMH_CLASSIC_BURIAL_MAX];
  int n = c->burial_n;

  for (int i = 0, row = 0; i < n; i++, row = row == 2 ? 0 : row + 1)
    {
      int owner = c->burial[i];
      int root = i;
      parent[i] = (uint8_t) i;
      size[i] = 1;
      if (row > 0 && c->burial[i - 1] == owner)
        {
          root = find_root (parent, i - 1);
          parent[i] = (uint8_t) root;
          size[root]++;
        }
      if (i >= 3 && c->burial[i - 3] == owner)
        {
          int left = find_root (parent, i - 3);
          if (left != root)
            {
              parent[left] = (uint8_t) root;
              size[root] = (uint8_t) (size[root] + size[left]);
            }
        }
    }
  for (int i = 0; i < n; i++)
    if (parent[i] == i)
      pts[c->burial[i] - 1] += group_points (size[i]);
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

/* C7: total, then stones on the sled, then shared. */
static void
rank (const ImhClassic *c,
      ImhScore         *out)
{
  int n = c->n_players;

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
  out->tied_leaders = 0;
  if (at_top >= 2)
    for (int p = 0; p < n; p++)
      if (out->total[p] == best)
        {
          out->tied_leaders |= (uint8_t) (1u << p);
          out->tiebreak_count[p] = c->sled[p];
        }
  if (at_top < 2)
    out->tiebreak = IMH_TIEBREAK_NONE;
  else if (at_best_sled == 1)
    out->tiebreak = IMH_TIEBREAK_SLED;
  else
    out->tiebreak = IMH_TIEBREAK_SHARED;
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
      pt[IMH_CLASSIC_CAT_STATUES] += (int16_t) group_points (held[IMH_CLASSIC_CARD_STATUE]);
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

  rank (c, out);
}

void
_imh_classic_score_so_far (const ImhState *s, ImhScore *out)
{
  const ImhClassic *c = &s->u.classic;
  int n = c->n_players;

  memset (out, 0, sizeof *out);
  out->n_players = (uint8_t) n;
  out->n_categories = IMH_CLASSIC_N_CATEGORIES;
  for (int p = 0; p < n; p++)
    {
      int total = 0;

      for (int k = 0; k < IMH_CLASSIC_N_CATEGORIES; k++)
        {
          out->points[p][k] = c->points[p][k];
          total += c->points[p][k];
        }
      out->total[p] = (int16_t) total;
    }
  rank (c, out);
}

static void
add_part (ImhScorePart *parts, int max, int *n, int category, int kind, int points, int a, int b, int c)
{
  if (*n < max)
    parts[*n] = (ImhScorePart) { (uint8_t) category, (uint8_t) kind, (int16_t) points,
                                 (int16_t) a, (int16_t) b, (int16_t) c };
  (*n)++;
}

/* The place of count among counts (0 first; ties share the better). */
static int
place_of (const int *counts, int n, int count)
{
  int better = 0;

  for (int q = 0; q < n; q++)
    better += counts[q] > count;
  return better;
}

int
imh_classic_score_parts (const ImhState *s, int p, bool so_far, ImhScorePart *parts, int max)
{
  const ImhClassic *c = &s->u.classic;
  int n_players = c->n_players;
  int n = 0;
  int site_total[IMH_CLASSIC_N_SITES] = { 0 };
  static const uint8_t deco_site[4] = {
    IMH_CLASSIC_SITE_PYRAMID, IMH_CLASSIC_SITE_TEMPLE, IMH_CLASSIC_SITE_BURIAL, IMH_CLASSIC_SITE_OBELISK,
  };

  for (int site = 0; site < IMH_CLASSIC_N_SITES; site++)
    for (int q = 0; q < n_players; q++)
      site_total[site] += c->stones[site][q];

  for (int k = 0; k < IMH_CLASSIC_N_CATEGORIES; k++)
    {
      if (c->points[p][k] != 0)
        add_part (parts, max, &n, k, IMH_PART_SCORED, c->points[p][k], 0, 0, 0);
      if (so_far)
        continue;
      switch (k)
        {
        case IMH_CLASSIC_CAT_BURIAL:
          if ((c->sides >> IMH_CLASSIC_SITE_BURIAL) & 1)
            for (int row = 0; row < 3; row++)
              {
                int counts[IMH_CLASSIC_MAX_PLAYERS] = { 0 };
                int out[IMH_CLASSIC_MAX_PLAYERS];

                for (int i = row; i < c->burial_n; i += 3)
                  counts[c->burial[i] - 1]++;
                imh_classic_rank_points (counts, n_players, imh_classic_burial_b_value, 4, out);
                if (counts[p] > 0)
                  add_part (parts, max, &n, k, IMH_PART_ROW, out[p], row, counts[p],
                            place_of (counts, n_players, counts[p]));
              }
          else
            {
              /* The areas of the player's colour, as burial_a () finds them. */
              uint8_t area[IMH_CLASSIC_BURIAL_MAX];
              int n_areas = 0;

              memset (area, 0xff, sizeof area);
              for (int i = 0; i < c->burial_n; i++)
                {
                  int size = 0;
                  int stack[IMH_CLASSIC_BURIAL_MAX], sp = 0;

                  if (c->burial[i] != p + 1 || area[i] != 0xff)
                    continue;
                  area[i] = (uint8_t) n_areas;
                  stack[sp++] = i;
                  while (sp > 0)
                    {
                      int j = stack[--sp];
                      int next[4] = { j % 3 > 0 ? j - 1 : -1, j % 3 < 2 ? j + 1 : -1, j - 3, j + 3 };

                      size++;
                      for (int e = 0; e < 4; e++)
                        if (next[e] >= 0 && next[e] < c->burial_n && c->burial[next[e]] == p + 1
                            && area[next[e]] == 0xff)
                          {
                            area[next[e]] = (uint8_t) n_areas;
                            stack[sp++] = next[e];
                          }
                    }
                  n_areas++;
                  add_part (parts, max, &n, k, IMH_PART_AREA, group_points (size), size, 0, 0);
                }
            }
          break;
        case IMH_CLASSIC_CAT_OBELISK:
          if (!((c->sides >> IMH_CLASSIC_SITE_OBELISK) & 1))
            {
              int counts[IMH_CLASSIC_MAX_PLAYERS];
              int out[IMH_CLASSIC_MAX_PLAYERS];

              for (int q = 0; q < n_players; q++)
                counts[q] = c->stones[IMH_CLASSIC_SITE_OBELISK][q];
              imh_classic_rank_points (counts, n_players, imh_classic_obelisk_a_value[n_players - 2], 4, out);
              if (counts[p] > 0)
                add_part (parts, max, &n, k, IMH_PART_PLACE, out[p], 0, counts[p],
                          place_of (counts, n_players, counts[p]));
            }
          else if (c->obelisk_wait[p] > 0)
            add_part (parts, max, &n, k, IMH_PART_PER_ITEM, c->obelisk_wait[p], c->obelisk_wait[p], 1, 0);
          break;
        case IMH_CLASSIC_CAT_STATUES:
          if (c->held[p][IMH_CLASSIC_CARD_STATUE] > 0)
            add_part (parts, max, &n, k, IMH_PART_STATUES, group_points (c->held[p][IMH_CLASSIC_CARD_STATUE]),
                      c->held[p][IMH_CLASSIC_CARD_STATUE], 0, 0);
          break;
        case IMH_CLASSIC_CAT_DECORATIONS:
          for (int d = 0; d < 4; d++)
            {
              int type = IMH_CLASSIC_CARD_DECO_PYRAMID + d;
              int held = c->held[p][type];

              if (held > 0)
                add_part (parts, max, &n, k, IMH_PART_DECORATION, held * (site_total[deco_site[d]] / 3),
                          type, held, site_total[deco_site[d]] / 3);
            }
          break;
        case IMH_CLASSIC_CAT_BLUE:
          for (int type = IMH_CLASSIC_CARD_LEVER; type <= IMH_CLASSIC_CARD_CHISEL; type++)
            if (c->held[p][type] > 0)
              add_part (parts, max, &n, k, IMH_PART_PER_ITEM, c->held[p][type], c->held[p][type], 1, type);
          break;
        case IMH_CLASSIC_CAT_WRATH:
          if (c->wrath
              && (c->stones[IMH_CLASSIC_SITE_PYRAMID][p] == 0 || c->stones[IMH_CLASSIC_SITE_TEMPLE][p] == 0
                  || c->stones[IMH_CLASSIC_SITE_BURIAL][p] == 0 || c->stones[IMH_CLASSIC_SITE_OBELISK][p] == 0))
            add_part (parts, max, &n, k, IMH_PART_WRATH, -5, 0, 0, 0);
          break;
        default:
          break;
        }
    }
  return n;
}
