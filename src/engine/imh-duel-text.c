/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-duel-text.c — the Duel at the edges: tile ids, decision notation
 * (docs/file-format.md), JSON (docs/cli.md) and readable text.
 */
#include <stdio.h>
#include <string.h>

#include "imh-duel.h"
#include "imh-duel-private.h"
#include "imh-json.h"

static const char *const tile_ids[IMH_DUEL_N_TILE_CODES] = {
  "none", "obelisk", "pyramid-light", "pyramid-dark",
  "temple-1", "temple-2", "temple-3", "temple-4",
  "crypt-1", "crypt-2", "crypt-3", "crypt-4", "crypt-5", "crypt-6",
  "crypt-7", "crypt-8", "crypt-9", "crypt-10", "crypt-11", "crypt-12",
  "action-take", "action-place23", "action-placeunload", "action-swap",
};

static const char *const action_ids[IMH_DUEL_N_ACTIONS] = {
  "take", "place23", "placeunload", "swap",
};

static const char *const boat_names[IMH_DUEL_N_BOATS] = {
  "R0", "R1", "R2", "C0", "C1", "C2",
};

static const char *const phase_ids[IMH_DUEL_N_PHASES] = {
  "main", "take", "place23-first", "place23-second", "place23-third",
  "placeunload-place", "placeunload-unload1", "placeunload-unload2",
  "swap-swap", "swap-unload", "over",
};

static const char *const player_colors[2] = { "black", "white" };

const char *
imh_duel_tile_id (uint8_t code)
{
  return code < IMH_DUEL_N_TILE_CODES ? tile_ids[code] : "none";
}

int
imh_duel_tile_from_id (const char *id)
{
  for (int c = 0; c < IMH_DUEL_N_TILE_CODES; c++)
    if (strcmp (tile_ids[c], id) == 0)
      return c;
  return -1;
}

const char *
imh_duel_action_id (int action)
{
  return action >= 0 && action < IMH_DUEL_N_ACTIONS ? action_ids[action] : "none";
}

const char *
imh_duel_boat_name (int boat)
{
  return boat >= 0 && boat < IMH_DUEL_N_BOATS ? boat_names[boat] : "?";
}

/* ------------------------------------------------------------------ */
/* Notation                                                            */

static const char *const swap_names[3] = { "1-2", "1-3", "2-3" };

int
imh_duel_decision_to_text (const ImhState *s, ImhDecision d, char *buf, size_t len)
{
  (void) s;   /* the Duel's notation does not depend on the position */
  if (d < IMH_DUEL_D_UNLOAD)
    return snprintf (buf, len, "P %c%c", 'a' + d % 3, '1' + d / 3);
  if (d < IMH_DUEL_D_PLAY)
    return snprintf (buf, len, "U %s", boat_names[d - IMH_DUEL_D_UNLOAD]);
  if (d < IMH_DUEL_D_TAKE)
    return snprintf (buf, len, "A %s", action_ids[d - IMH_DUEL_D_PLAY]);
  if (d < IMH_DUEL_D_SWAP)
    return snprintf (buf, len, "T %s.%d", boat_names[(d - IMH_DUEL_D_TAKE) / 3],
                     (d - IMH_DUEL_D_TAKE) % 3 + 1);
  if (d < IMH_DUEL_D_STOP)
    return snprintf (buf, len, "S %s.%s", boat_names[(d - IMH_DUEL_D_SWAP) / 3],
                     swap_names[(d - IMH_DUEL_D_SWAP) % 3]);
  if (d == IMH_DUEL_D_STOP)
    return snprintf (buf, len, "stop");
  if (d == IMH_DUEL_D_PASS)
    return snprintf (buf, len, "pass");
  return snprintf (buf, len, "?%u", (unsigned) d);
}

static int
boat_from_text (const char *t)
{
  if ((t[0] != 'R' && t[0] != 'C') || t[1] < '0' || t[1] > '2')
    return -1;
  return (t[0] == 'R' ? 0 : 3) + (t[1] - '0');
}

bool
imh_duel_decision_from_text (const ImhState *s, const char *text, ImhDecision *out)
{
  char canon[IMH_DECISION_TEXT_MAX];
  size_t len;
  int d = -1;

  if (text == NULL || (len = strlen (text)) >= sizeof canon || len < 4)
    return false;
  if (text[1] == ' ')
    switch (text[0])
      {
      case 'P':
        if (len == 4 && text[2] >= 'a' && text[2] <= 'c' && text[3] >= '1' && text[3] <= '3')
          d = IMH_DUEL_D_PLACE + (text[3] - '1') * 3 + (text[2] - 'a');
        break;
      case 'U':
        if (len == 4 && boat_from_text (text + 2) >= 0)
          d = IMH_DUEL_D_UNLOAD + boat_from_text (text + 2);
        break;
      case 'A':
        for (int k = 0; k < IMH_DUEL_N_ACTIONS; k++)
          if (strcmp (text + 2, action_ids[k]) == 0)
            d = IMH_DUEL_D_PLAY + k;
        break;
      case 'T':
        if (len == 6 && boat_from_text (text + 2) >= 0 && text[4] == '.' &&
            text[5] >= '1' && text[5] <= '3')
          d = IMH_DUEL_D_TAKE + boat_from_text (text + 2) * 3 + (text[5] - '1');
        break;
      case 'S':
        if (len == 8 && boat_from_text (text + 2) >= 0 && text[4] == '.')
          for (int k = 0; k < 3; k++)
            if (strcmp (text + 5, swap_names[k]) == 0)
              d = IMH_DUEL_D_SWAP + boat_from_text (text + 2) * 3 + k;
        break;
      default:
        break;
      }
  else if (strcmp (text, "stop") == 0)
    d = IMH_DUEL_D_STOP;
  else if (strcmp (text, "pass") == 0)
    d = IMH_DUEL_D_PASS;
  if (d < 0)
    return false;
  /* Exactly the inverse of to_text: only canonical spellings. */
  imh_duel_decision_to_text (s, (ImhDecision) d, canon, sizeof canon);
  if (strcmp (canon, text) != 0)
    return false;
  *out = (ImhDecision) d;
  return true;
}

/* ------------------------------------------------------------------ */
/* JSON                                                                */

static void
json_score (ImhJson *j, const ImhState *s)
{
  ImhScore sc;
  static const char *const tiebreaks[] = { "none", "non-starter", "sled", "shared" };

  imh_duel_score (s, &sc);
  imh_json_printf (j, "{\"final\":%s,\"categories\":[", sc.final ? "true" : "false");
  for (int c = 0; c < sc.n_categories; c++)
    {
      imh_json_raw (j, c > 0 ? "," : "");
      imh_json_string (j, imh_duel_rules.category_ids[c]);
    }
  imh_json_raw (j, "],\"points\":[");
  for (int p = 0; p < 2; p++)
    {
      imh_json_raw (j, p > 0 ? ",[" : "[");
      for (int c = 0; c < sc.n_categories; c++)
        imh_json_printf (j, "%s%d", c > 0 ? "," : "", sc.points[p][c]);
      imh_json_raw (j, "]");
    }
  imh_json_printf (j, "],\"total\":[%d,%d],\"rank\":[%d,%d],\"tiebreak\":\"%s\"}",
                   sc.total[0], sc.total[1], sc.rank[0], sc.rank[1],
                   tiebreaks[sc.tiebreak < 4 ? sc.tiebreak : 0]);
}

int
imh_duel_to_json (const ImhState *s, char *buf, size_t len)
{
  const ImhDuel *d = &s->u.duel;
  ImhJson j;
  ImhDecisionList legal;
  char text[IMH_DECISION_TEXT_MAX];
  bool over = d->phase == IMH_DUEL_PHASE_OVER;

  imh_json_init (&j, buf, len);
  imh_json_raw (&j, "{\"game\":\"duel\",\"public\":{\"sides\":\"");
  for (int i = 0; i < IMH_DUEL_N_SITES; i++)
    imh_json_raw (&j, (d->sides >> i) & 1 ? "B" : "A");
  imh_json_printf (&j, "\",\"start_player\":%d,\"turn\":%u,\"ply\":%u,\"phase\":\"%s\","
                   "\"turn_player\":%d,\"actor\":%d,\"over\":%s,",
                   d->start_player, (unsigned) d->turn, (unsigned) d->ply,
                   phase_ids[d->phase < IMH_DUEL_N_PHASES ? d->phase : 0],
                   over ? -1 : d->turn_player, over ? -1 : d->turn_player,
                   over ? "true" : "false");

  imh_json_raw (&j, "\"boats\":[");
  for (int b = 0; b < IMH_DUEL_N_BOATS; b++)
    {
      imh_json_printf (&j, "%s{\"name\":\"%s\",\"in_play\":%s,\"slots\":[", b > 0 ? "," : "",
                       boat_names[b], (d->boats_alive >> b) & 1 ? "true" : "false");
      for (int k = 0; k < IMH_DUEL_N_SLOTS; k++)
        {
          imh_json_raw (&j, k > 0 ? "," : "");
          imh_json_string (&j, d->boat[b][k] ? tile_ids[d->boat[b][k]] : NULL);
        }
      imh_json_raw (&j, "]}");
    }

  imh_json_raw (&j, "],\"harbour\":[");
  for (int r = 0; r < 3; r++)
    {
      imh_json_raw (&j, r > 0 ? ",[" : "[");
      for (int c = 0; c < 3; c++)
        {
          int f = r * 3 + c;
          int owner = (d->meeples[0] >> f) & 1 ? 0 : (d->meeples[1] >> f) & 1 ? 1 : -1;
          imh_json_printf (&j, "%s%d", c > 0 ? "," : "", owner);
        }
      imh_json_raw (&j, "]");
    }

  imh_json_raw (&j, "],\"players\":[");
  for (int p = 0; p < 2; p++)
    {
      bool first = true;
      imh_json_printf (&j, "%s{\"color\":\"%s\",\"supply\":%d,\"obelisk\":%d,"
                       "\"pyramid_light\":%d,\"pyramid_dark\":%d,\"temple\":[%d,%d,%d,%d],\"crypt\":[",
                       p > 0 ? "," : "", player_colors[p],
                       IMH_DUEL_N_MEEPLES - __builtin_popcount (d->meeples[p]),
                       d->obelisk[p], d->pyramid[p][0], d->pyramid[p][1],
                       d->temple[p][0], d->temple[p][1], d->temple[p][2], d->temple[p][3]);
      for (int k = 0; k < 12; k++)
        if ((d->crypt[p] >> k) & 1)
          {
            imh_json_printf (&j, "%s%d", first ? "" : ",", k + 1);
            first = false;
          }
      imh_json_raw (&j, "],\"actions\":{");
      for (int k = 0; k < IMH_DUEL_N_ACTIONS; k++)
        imh_json_printf (&j, "%s\"%s\":%d", k > 0 ? "," : "", action_ids[k], d->actions[p][k]);
      imh_json_raw (&j, "}}");
    }

  imh_json_printf (&j, "],\"obelisk_first\":%d,\"pile_count\":%d,\"reserve_count\":%d,\"removed\":{",
                   d->obelisk_first, d->pile_n, d->reserve_n);
  {
    bool first = true;
    for (int c = 1; c < IMH_DUEL_N_TILE_CODES; c++)
      if (d->removed[c] > 0)
        {
          imh_json_printf (&j, "%s\"%s\":%d", first ? "" : ",", tile_ids[c], d->removed[c]);
          first = false;
        }
  }
  imh_json_raw (&j, "},\"score\":");
  json_score (&j, s);
  imh_json_raw (&j, ",\"legal\":[");
  imh_duel_rules.legal (s, &legal);
  for (int i = 0; i < legal.n; i++)
    {
      imh_duel_decision_to_text (s, legal.d[i], text, sizeof text);
      imh_json_raw (&j, i > 0 ? "," : "");
      imh_json_string (&j, text);
    }
  imh_json_raw (&j, "]},\"hidden\":{\"pile\":[");
  for (int i = d->pile_n - 1; i >= 0; i--)
    {
      imh_json_raw (&j, i < d->pile_n - 1 ? "," : "");
      imh_json_string (&j, tile_ids[d->pile[i] < IMH_DUEL_N_TILE_CODES ? d->pile[i] : 0]);
    }
  imh_json_raw (&j, "],\"reserve\":[");
  for (int i = d->reserve_n - 1; i >= 0; i--)
    {
      imh_json_raw (&j, i < d->reserve_n - 1 ? "," : "");
      imh_json_string (&j, tile_ids[d->reserve[i] < IMH_DUEL_N_TILE_CODES ? d->reserve[i] : 0]);
    }
  imh_json_raw (&j, "]}}");
  return imh_json_finish (&j);
}

/* ------------------------------------------------------------------ */
/* Readable text                                                       */

int
imh_duel_to_text (const ImhState *s, char *buf, size_t len)
{
  const ImhDuel *d = &s->u.duel;
  ImhJson j;
  bool over = d->phase == IMH_DUEL_PHASE_OVER;
  static const char marks[3] = { 'B', 'W', '.' };

  imh_json_init (&j, buf, len);
  imh_json_raw (&j, "Imhotep: The Duel, sides ");
  for (int i = 0; i < IMH_DUEL_N_SITES; i++)
    imh_json_printf (&j, "%s%c", i > 0 ? " " : "", (d->sides >> i) & 1 ? 'B' : 'A');
  imh_json_raw (&j, " (obelisk temple pyramids crypt)\n");
  if (over)
    imh_json_printf (&j, "Game over after %u decisions.\n", (unsigned) d->ply);
  else
    imh_json_printf (&j, "Turn %u, ply %u: player %d (%s) to decide, step %s.\n",
                     (unsigned) d->turn, (unsigned) d->ply, d->turn_player + 1,
                     player_colors[d->turn_player], phase_ids[d->phase]);
  imh_json_printf (&j, "Player %d (%s) started.\n\n", d->start_player + 1,
                   player_colors[d->start_player]);

  imh_json_raw (&j, "Harbour (B black, W white)   boats: slot 1, 2, 3\n     a b c\n");
  for (int r = 0; r < 3; r++)
    {
      imh_json_printf (&j, "  %d  ", r + 1);
      for (int c = 0; c < 3; c++)
        {
          int f = r * 3 + c;
          int owner = (d->meeples[0] >> f) & 1 ? 0 : (d->meeples[1] >> f) & 1 ? 1 : 2;
          imh_json_printf (&j, "%c ", marks[owner]);
        }
      imh_json_printf (&j, "  R%d ", r);
      if ((d->boats_alive >> r) & 1)
        for (int k = 0; k < 3; k++)
          imh_json_printf (&j, "%s%s", k > 0 ? ", " : "",
                           d->boat[r][k] ? tile_ids[d->boat[r][k]] : "(empty)");
      else
        imh_json_raw (&j, "(removed)");
      imh_json_raw (&j, "\n");
    }
  for (int c = 0; c < 3; c++)
    {
      int b = 3 + c;
      imh_json_printf (&j, "     C%d ", c);
      if ((d->boats_alive >> b) & 1)
        for (int k = 0; k < 3; k++)
          imh_json_printf (&j, "%s%s", k > 0 ? ", " : "",
                           d->boat[b][k] ? tile_ids[d->boat[b][k]] : "(empty)");
      else
        imh_json_raw (&j, "(removed)");
      imh_json_raw (&j, "\n");
    }
  imh_json_printf (&j, "Pile %d tiles, reserve %d tiles (hidden).\n\n", d->pile_n, d->reserve_n);

  for (int p = 0; p < 2; p++)
    {
      imh_json_printf (&j, "Player %d (%s): %d meeples in supply\n", p + 1, player_colors[p],
                       IMH_DUEL_N_MEEPLES - __builtin_popcount (d->meeples[p]));
      imh_json_printf (&j, "  obelisk %d%s, pyramids light %d dark %d, temple 1:%d 2:%d 3:%d 4:%d\n",
                       d->obelisk[p], d->obelisk_first == p ? " (first to 5)" : "",
                       d->pyramid[p][0], d->pyramid[p][1],
                       d->temple[p][0], d->temple[p][1], d->temple[p][2], d->temple[p][3]);
      imh_json_raw (&j, "  crypt");
      if (d->crypt[p] == 0)
        imh_json_raw (&j, " -");
      for (int k = 0; k < 12; k++)
        if ((d->crypt[p] >> k) & 1)
          imh_json_printf (&j, " %d", k + 1);
      imh_json_raw (&j, ", action tiles");
      {
        bool any = false;
        for (int k = 0; k < IMH_DUEL_N_ACTIONS; k++)
          if (d->actions[p][k] > 0)
            {
              imh_json_printf (&j, " %s×%d", action_ids[k], d->actions[p][k]);
              any = true;
            }
        if (!any)
          imh_json_raw (&j, " -");
      }
      imh_json_raw (&j, "\n");
    }
  imh_json_raw (&j, "Removed:");
  {
    bool any = false;
    for (int c = 1; c < IMH_DUEL_N_TILE_CODES; c++)
      if (d->removed[c] > 0)
        {
          imh_json_printf (&j, " %s×%d", tile_ids[c], d->removed[c]);
          any = true;
        }
    if (!any)
      imh_json_raw (&j, " -");
  }
  imh_json_raw (&j, "\n");
  return imh_json_finish (&j);
}
