/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-classic-text.c — Imhotep (2–4 players) at the edges: notation,
 * JSON, hash, invariants, hidden information.
 *
 * Notation (docs/file-format.md): pass, get, place:S.P, sail:S:SITE,
 * play:CARD, take:CARD, take:pair, keep:CARD, pyramid:left|middle|right,
 * temple:point|stones, unload:COLOUR. Ships S are numbered 1–4 in the
 * order of the round card (largest first), positions P from the bow (1).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "imh-classic.h"
#include "imh-json.h"

#define NONE IMH_CLASSIC_NONE

int
_imh_classic_to_text (const ImhState *s, ImhDecision d, char *buf, size_t len)
{
  static const char *const play_ids[4] = { "hammer", "chisel", "sail", "lever" };

  if (d == IMH_CLASSIC_D_PASS)
    return snprintf (buf, len, "pass");
  if (d == IMH_CLASSIC_D_GET)
    return snprintf (buf, len, "get");
  if (d < IMH_CLASSIC_D_SAIL)
    return snprintf (buf, len, "place:%d.%d", (d - IMH_CLASSIC_D_PLACE) / 4 + 1,
                     (d - IMH_CLASSIC_D_PLACE) % 4 + 1);
  if (d < IMH_CLASSIC_D_PLAY)
    return snprintf (buf, len, "sail:%d:%s", (d - IMH_CLASSIC_D_SAIL) / 5 + 1,
                     imh_classic_site_ids[(d - IMH_CLASSIC_D_SAIL) % 5]);
  if (d < IMH_CLASSIC_D_TAKE)
    return snprintf (buf, len, "play:%s", play_ids[d - IMH_CLASSIC_D_PLAY]);
  if (d < IMH_CLASSIC_D_TAKE_PAIR)
    return snprintf (buf, len, "take:%s", imh_classic_card_ids[d - IMH_CLASSIC_D_TAKE]);
  if (d == IMH_CLASSIC_D_TAKE_PAIR)
    return snprintf (buf, len, "take:pair");
  if (d < IMH_CLASSIC_D_PYRAMID)
    return snprintf (buf, len, "keep:%s", imh_classic_card_ids[d - IMH_CLASSIC_D_KEEP]);
  if (d < IMH_CLASSIC_D_TEMPLE_POINT)
    return snprintf (buf, len, "pyramid:%s", imh_classic_pyramid_ids[d - IMH_CLASSIC_D_PYRAMID]);
  if (d == IMH_CLASSIC_D_TEMPLE_POINT)
    return snprintf (buf, len, "temple:point");
  if (d == IMH_CLASSIC_D_TEMPLE_STONES)
    return snprintf (buf, len, "temple:stones");
  if (d < IMH_CLASSIC_N_DECISIONS)
    return snprintf (buf, len, "unload:%s", imh_classic_colour_ids[d - IMH_CLASSIC_D_UNLOAD]);
  return snprintf (buf, len, "?%u", (unsigned) d);
}

bool
_imh_classic_from_text (const ImhState *s, const char *text, ImhDecision *out)
{
  ImhDecisionList l;
  char buf[IMH_DECISION_TEXT_MAX];

  if (text == NULL)
    return false;
  _imh_classic_legal (s, &l);
  for (int i = 0; i < l.n; i++)
    {
      _imh_classic_to_text (s, l.d[i], buf, sizeof buf);
      if (strcmp (buf, text) == 0)
        {
          *out = l.d[i];
          return true;
        }
    }
  return false;
}

/* ------------------------------------------------------------------ */
/* Hidden information (C9)                                             */

uint32_t
_imh_classic_hidden_count (const ImhState *s)
{
  const ImhClassic *c = &s->u.classic;
  uint32_t n = c->deck_n;
  if (c->phase != IMH_CLASSIC_PHASE_OVER)
    n += (uint32_t) (IMH_CLASSIC_N_ROUND_CARDS - 1 - c->round);
  if (c->pair_state == IMH_CLASSIC_PAIR_FACE_DOWN)
    n += (c->pair[0] != NONE) + (c->pair[1] != NONE);
  return n;
}

/* The market deck and a face-down pair by card type (hidden from
 * everyone), then the round cards still to come. */
int
_imh_classic_hidden_summary (const ImhState *s, int observer, ImhHiddenItem *items, int max)
{
  const ImhClassic *c = &s->u.classic;
  int counts[IMH_CLASSIC_N_CARD_TYPES] = { 0 };
  int n = 0;

  (void) observer;
  for (int i = 0; i < c->deck_n; i++)
    counts[c->deck[i]]++;
  if (c->pair_state == IMH_CLASSIC_PAIR_FACE_DOWN)
    for (int i = 0; i < 2; i++)
      if (c->pair[i] != NONE)
        counts[c->pair[i]]++;
  for (int t = 0; t < IMH_CLASSIC_N_CARD_TYPES && n < max; t++)
    items[n++] = (ImhHiddenItem) { (uint16_t) t, false, 1, (uint16_t) counts[t] };
  if (n < max)
    items[n++] = (ImhHiddenItem) {
      IMH_CLASSIC_N_CARD_TYPES, false, 0,
      (uint16_t) (c->phase != IMH_CLASSIC_PHASE_OVER ? IMH_CLASSIC_N_ROUND_CARDS - 1 - c->round : 0)
    };
  return n;
}

int
imh_classic_rounds_unplayed (const ImhState *s, uint8_t cards[IMH_CLASSIC_N_ROUND_CARDS])
{
  const ImhClassic *c = &s->u.classic;
  bool played[IMH_CLASSIC_N_ROUND_CARDS] = { false };
  int n = 0;

  if (c->phase == IMH_CLASSIC_PHASE_OVER)
    return 0;
  for (int r = 0; r <= c->round && r < IMH_CLASSIC_N_ROUNDS; r++)
    played[c->rounds[r]] = true;
  for (int k = 0; k < IMH_CLASSIC_N_ROUND_CARDS; k++)
    if (!played[k])
      cards[n++] = (uint8_t) k;
  return n;
}

/* Insertion sort: the hidden groups hold at most 36 small codes. */
static void
sort_u8 (uint8_t *v, uint32_t n)
{
  for (uint32_t i = 1; i < n; i++)
    {
      uint8_t x = v[i];
      uint32_t j = i;
      for (; j > 0 && v[j - 1] > x; j--)
        v[j] = v[j - 1];
      v[j] = x;
    }
}

void
_imh_classic_determinize (ImhState *s, int observer, ImhRng *rng)
{
  ImhClassic *c = &s->u.classic;
  uint8_t pool[IMH_CLASSIC_N_CARDS + 2];
  uint32_t n = 0;

  /* Everyone sees the same (C9): observer does not matter. */
  /* Every hidden group is put into a canonical (sorted) order before it is
   * shuffled, so the result depends only on which objects are unseen and
   * on rng, never on their hidden order. */
  if (c->phase != IMH_CLASSIC_PHASE_OVER && c->round + 1 < IMH_CLASSIC_N_ROUND_CARDS)
    {
      uint8_t *rest = c->rounds + c->round + 1;
      uint32_t rest_n = (uint32_t) (IMH_CLASSIC_N_ROUND_CARDS - 1 - c->round);
      sort_u8 (rest, rest_n);
      imh_rng_shuffle_u8 (rng, rest, rest_n);
    }

  for (int i = 0; i < c->deck_n; i++)
    pool[n++] = c->deck[i];
  bool pair_hidden = c->pair_state == IMH_CLASSIC_PAIR_FACE_DOWN;
  if (pair_hidden)
    for (int i = 0; i < 2; i++)
      if (c->pair[i] != NONE)
        pool[n++] = c->pair[i];
  sort_u8 (pool, n);
  imh_rng_shuffle_u8 (rng, pool, n);
  n = 0;
  for (int i = 0; i < c->deck_n; i++)
    c->deck[i] = pool[n++];
  if (pair_hidden)
    for (int i = 0; i < 2; i++)
      if (c->pair[i] != NONE)
        c->pair[i] = pool[n++];

  /* Future reshuffles of the discards are unknown too. */
  imh_rng_seed (&c->rng, imh_rng_next (rng));
}

/* ------------------------------------------------------------------ */
/* Hash                                                                */

/* The hash reads every byte of the state: there must be no padding. */
_Static_assert (offsetof (ImhClassic, rng)
                == offsetof (ImhClassic, reserved_) + sizeof (((ImhClassic *) 0)->reserved_),
                "ImhClassic: padding before rng");
_Static_assert (sizeof (ImhClassic) == offsetof (ImhClassic, rng) + sizeof (ImhRng),
                "ImhClassic: padding at the end");

uint64_t
_imh_classic_hash (const ImhState *s)
{
  const unsigned char *p = (const unsigned char *) &s->u.classic;
  size_t n = sizeof (ImhClassic);
  uint64_t h = 0x9e3779b97f4a7c15ull ^ (uint64_t) s->kind;
  size_t i = 0;

  for (; i + 8 <= n; i += 8)
    {
      uint64_t w;
      memcpy (&w, p + i, 8);
      h ^= w;
      h *= 0xff51afd7ed558ccdull;
      h ^= h >> 32;
    }
  for (; i < n; i++)
    {
      h ^= p[i];
      h *= 0x100000001b3ull;
    }
  h ^= h >> 33;
  h *= 0xc4ceb9fe1a85ec53ull;
  h ^= h >> 33;
  return h;
}

/* ------------------------------------------------------------------ */
/* Invariants                                                          */

__attribute__ ((format (printf, 3, 4)))
static bool
fail (char *why, size_t why_len, const char *fmt, ...)
{
  if (why != NULL && why_len > 0)
    {
      va_list ap;
      va_start (ap, fmt);
      vsnprintf (why, why_len, fmt, ap);
      va_end (ap);
    }
  return false;
}

bool
_imh_classic_check (const ImhState *s, char *why, size_t why_len)
{
  const ImhClassic *c = &s->u.classic;
  int n = c->n_players;

  if (s->kind != IMH_GAME_CLASSIC)
    return fail (why, why_len, "not a base-game state");
  if (n < 2 || n > 4)
    return fail (why, why_len, "player count %d", n);
  if (c->sp > IMH_CLASSIC_STACK_MAX)
    return fail (why, why_len, "pending stack overflow");
  if (c->phase == IMH_CLASSIC_PHASE_MAIN && c->sp != 0)
    return fail (why, why_len, "pending frames at a main decision");
  for (size_t i = 0; i < sizeof c->reserved_; i++)
    if (c->reserved_[i] != 0)
      return fail (why, why_len, "reserved bytes not 0");

  /* Stones per colour (30 each): quarry + sled + ships + sites. */
  for (int p = 0; p < IMH_CLASSIC_MAX_PLAYERS; p++)
    {
      int total = c->quarry[p] + c->sled[p];
      for (int sh = 0; sh < IMH_CLASSIC_N_SHIPS; sh++)
        for (int pos = 0; pos < IMH_CLASSIC_SHIP_MAX; pos++)
          total += c->ship[sh][pos] == p + 1;
      for (int site = 0; site < IMH_CLASSIC_N_SITES; site++)
        total += c->stones[site][p];
      int want = p < n ? IMH_CLASSIC_STONES : 0;
      if (total != want)
        return fail (why, why_len, "%s has %d stones, not %d",
                     imh_classic_colour_ids[p], total, want);
      if (c->sled[p] > IMH_CLASSIC_SLED_MAX)
        return fail (why, why_len, "%s sled holds %d", imh_classic_colour_ids[p], c->sled[p]);
      if (c->stones[IMH_CLASSIC_SITE_MARKET][p] != 0)
        return fail (why, why_len, "stones left at the market");
    }

  /* Ships: stones only on spaces that exist; derived fields up to date. */
  {
    ImhClassic d = *c;
    imh_classic_sync (&d);
    for (int sh = 0; sh < IMH_CLASSIC_N_SHIPS; sh++)
      {
        for (int pos = c->ship_cap[sh]; pos < IMH_CLASSIC_SHIP_MAX; pos++)
          if (c->ship[sh][pos] != 0)
            return fail (why, why_len, "stone beyond ship %d's capacity", sh + 1);
        if (d.ship_free[sh] != c->ship_free[sh] || d.ship_slack[sh] != c->ship_slack[sh])
          return fail (why, why_len, "free spaces of ship %d out of date", sh + 1);
      }
  }

  /* Sites agree with their stone counts. */
  {
    int temple = 0, burial[IMH_CLASSIC_MAX_PLAYERS] = { 0 }, pyr[IMH_CLASSIC_MAX_PLAYERS] = { 0 };
    for (int p = 0; p < n; p++)
      temple += c->stones[IMH_CLASSIC_SITE_TEMPLE][p];
    if (temple != c->temple_n)
      return fail (why, why_len, "temple holds %d stones, counted %d", c->temple_n, temple);
    for (int i = 0; i < c->burial_n; i++)
      {
        if (c->burial[i] < 1 || c->burial[i] > n)
          return fail (why, why_len, "bad stone in the burial chamber");
        burial[c->burial[i] - 1]++;
      }
    for (int i = 0; i < IMH_CLASSIC_PYRAMID_MAX; i++)
      if (c->pyramid[i] != 0)
        pyr[c->pyramid[i] - 1]++;
    for (int p = 0; p < n; p++)
      {
        if (burial[p] != c->stones[IMH_CLASSIC_SITE_BURIAL][p])
          return fail (why, why_len, "burial chamber count of %s", imh_classic_colour_ids[p]);
        if (pyr[p] > c->stones[IMH_CLASSIC_SITE_PYRAMID][p])
          return fail (why, why_len, "pyramid count of %s", imh_classic_colour_ids[p]);
        if (c->obelisk_wait[p] >= 3)
          return fail (why, why_len, "3 obelisk stones waiting");
      }
  }

  /* Site layouts agree with their fill counts. */
  {
    bool pyr_b = (c->sides >> IMH_CLASSIC_SITE_PYRAMID) & 1;
    for (int i = 0; i < IMH_CLASSIC_PYRAMID_MAX; i++)
      {
        bool filled = pyr_b ? (i % 5) < c->pyramid_n[i / 5] : i < c->pyramid_n[0];
        if ((c->pyramid[i] != 0) != filled || c->pyramid[i] > n)
          return fail (why, why_len, "pyramid space %d does not match the fill count", i + 1);
      }
    if (pyr_b ? (c->pyramid_n[0] > 5 || c->pyramid_n[1] > 5 || c->pyramid_n[2] > 5)
              : (c->pyramid_n[0] > 14 || c->pyramid_n[1] != 0 || c->pyramid_n[2] != 0))
      return fail (why, why_len, "bad pyramid fill count");
    int w = imh_classic_temple_width (c);
    for (int k = 0; k < 5; k++)
      if ((c->temple_top[k] != 0) != (k < w && k < c->temple_n) || c->temple_top[k] > n)
        return fail (why, why_len, "temple space %d does not match the stones placed", k + 1);
    for (int i = c->burial_n; i < IMH_CLASSIC_BURIAL_MAX; i++)
      if (c->burial[i] != 0)
        return fail (why, why_len, "stale burial chamber entry");
    if ((c->sides >> IMH_CLASSIC_SITE_OBELISK) & 1)
      {
        int in_towers = 0;
        for (int p = 0; p < n; p++)
          {
            int t = c->stones[IMH_CLASSIC_SITE_OBELISK][p] - c->obelisk_wait[p];
            if (t < 0 || t % 3 != 0)
              return fail (why, why_len, "obelisk stones of %s not in towers of 3",
                           imh_classic_colour_ids[p]);
            in_towers += t;
          }
        if (in_towers != 3 * c->towers_n)
          return fail (why, why_len, "%d towers, %d stones in towers", c->towers_n, in_towers);
      }
    else if (c->towers_n != 0)
      return fail (why, why_len, "towers on obelisks A");
  }

  /* Market spaces and the pair. */
  for (int i = 0; i < 4; i++)
    if (c->display[i] != NONE && c->display[i] >= IMH_CLASSIC_N_CARD_TYPES)
      return fail (why, why_len, "bad card on market space %d", i + 1);
  if (c->pair_state > IMH_CLASSIC_PAIR_REVEALED
      || (c->pair_state != IMH_CLASSIC_PAIR_NONE && c->pair[0] == NONE && c->pair[1] == NONE))
    return fail (why, why_len, "bad face-down pair");
  if (((c->sides >> IMH_CLASSIC_SITE_MARKET) & 1) == 0 && c->pair_state != IMH_CLASSIC_PAIR_NONE)
    return fail (why, why_len, "a face-down pair on market A");

  /* Pending frames. */
  for (int i = 0; i < IMH_CLASSIC_STACK_MAX; i++)
    {
      const ImhClassicFrame *f = &c->stack[i];
      if (i >= c->sp)
        {
          if (f->type != 0 || f->player != 0 || f->a != 0 || f->b != 0 || f->c != 0)
            return fail (why, why_len, "stale pending frame");
        }
      else if (f->type == IMH_CLASSIC_FR_NONE || f->type > IMH_CLASSIC_FR_TEMPLE_B || f->player >= n)
        return fail (why, why_len, "bad pending frame %d", i + 1);
    }
  if (c->pair_state == IMH_CLASSIC_PAIR_REVEALED
      && (c->sp == 0 || c->stack[c->sp - 1].type != IMH_CLASSIC_FR_KEEP))
    return fail (why, why_len, "a taken pair nobody keeps");
  if (c->phase == IMH_CLASSIC_PHASE_OVER && c->sp != 0)
    return fail (why, why_len, "pending frames after the end");
  if (c->phase != IMH_CLASSIC_PHASE_OVER && c->turn_player >= n)
    return fail (why, why_len, "bad turn player");

  /* Cards per type (34 in all): deck + display + pair + discards + held
   * + cards resolving (DISCARD frames). */
  {
    int count[IMH_CLASSIC_N_CARD_TYPES] = { 0 };
    for (int i = 0; i < c->deck_n; i++)
      {
        if (c->deck[i] >= IMH_CLASSIC_N_CARD_TYPES)
          return fail (why, why_len, "bad card in the deck");
        count[c->deck[i]]++;
      }
    for (int i = c->deck_n; i < IMH_CLASSIC_N_CARDS; i++)
      if (c->deck[i] != NONE)
        return fail (why, why_len, "stale deck entry");
    for (int i = 0; i < 4; i++)
      if (c->display[i] != NONE)
        count[c->display[i]]++;
    for (int i = 0; i < 2; i++)
      if (c->pair[i] != NONE)
        {
          if (c->pair_state == IMH_CLASSIC_PAIR_NONE)
            return fail (why, why_len, "pair cards without a pair");
          count[c->pair[i]]++;
        }
    for (int i = 0; i < c->sp; i++)
      if (c->stack[i].type == IMH_CLASSIC_FR_DISCARD)
        count[c->stack[i].a]++;
    for (int t = 0; t < IMH_CLASSIC_N_CARD_TYPES; t++)
      {
        count[t] += c->discards[t];
        for (int p = 0; p < IMH_CLASSIC_MAX_PLAYERS; p++)
          count[t] += c->held[p][t];
        if (count[t] != imh_classic_card_count[t])
          return fail (why, why_len, "%d %s cards, not %d", count[t],
                       imh_classic_card_ids[t], imh_classic_card_count[t]);
      }
  }

  if (c->phase != IMH_CLASSIC_PHASE_OVER)
    {
      int sailed = 0;
      for (int sh = 0; sh < IMH_CLASSIC_N_SHIPS; sh++)
        if (c->ship_site[sh] != NONE)
          {
            sailed++;
            if (!((c->sites_used >> c->ship_site[sh]) & 1))
              return fail (why, why_len, "ship %d sailed to an unmarked site", sh + 1);
          }
      if (sailed != c->ships_sailed || __builtin_popcount (c->sites_used) != sailed)
        return fail (why, why_len, "sailed ships and used sites disagree");
      if (c->round >= IMH_CLASSIC_N_ROUNDS)
        return fail (why, why_len, "round %d while playing", c->round + 1);
    }
  return true;
}

/* ------------------------------------------------------------------ */
/* JSON                                                                */

/* The JSON and the readable text below are written with the engine's
 * writer (imh-json.h): integers and strings only. */

static void
put_owner (ImhJson *o, int owner_plus_1)
{
  if (owner_plus_1 == 0)
    imh_json_printf (o, "null");
  else
    imh_json_printf (o, "\"%s\"", imh_classic_colour_ids[owner_plus_1 - 1]);
}

static void
put_card (ImhJson *o, int card)
{
  if (card == NONE)
    imh_json_printf (o, "null");
  else
    imh_json_printf (o, "\"%s\"", imh_classic_card_ids[card]);
}

static void
put_counts (ImhJson *o, const uint8_t *v, int n)
{
  imh_json_printf (o, "[");
  for (int i = 0; i < n; i++)
    imh_json_printf (o, "%s%d", i ? "," : "", v[i]);
  imh_json_printf (o, "]");
}

static void
put_cards (ImhJson *o, const uint8_t *counts)
{
  bool first = true;
  imh_json_printf (o, "{");
  for (int t = 0; t < IMH_CLASSIC_N_CARD_TYPES; t++)
    if (counts[t] > 0)
      {
        imh_json_printf (o, "%s\"%s\":%d", first ? "" : ",", imh_classic_card_ids[t], counts[t]);
        first = false;
      }
  imh_json_printf (o, "}");
}

static void
put_round_card (ImhJson *o, const ImhClassic *c, int idx)
{
  const ImhClassicRoundCard *rc = &imh_classic_round_cards[c->n_players - 2][idx];
  imh_json_printf (o, "[%d,%d,%d,%d]", rc->cap[0], rc->cap[1], rc->cap[2], rc->cap[3]);
}

int
_imh_classic_to_json (const ImhState *s, char *buf, size_t len)
{
  static const char *const phase_ids[] = { "main", "action", "round-end", "over" };
  static const char *const frame_ids[] = {
    "none", "place-ship", "sail", "unload", "deliver", "return", "keep", "discard", "temple-b",
  };
  const ImhClassic *c = &s->u.classic;
  int n = c->n_players;
  ImhJson o;
  int played = c->phase == IMH_CLASSIC_PHASE_OVER ? IMH_CLASSIC_N_ROUNDS : c->round + 1;

  imh_json_init (&o, buf, len);

  imh_json_printf (&o, "{\"game\":\"classic\",\"public\":{");
  imh_json_printf (&o, "\"players\":%d,\"sides\":\"", n);
  for (int i = 0; i < IMH_CLASSIC_N_SITES; i++)
    imh_json_printf (&o, "%c", ((c->sides >> i) & 1) ? 'B' : 'A');
  imh_json_printf (&o, "\",\"variants\":[%s]", c->wrath ? "\"wrath\"" : "");
  imh_json_printf (&o, ",\"start_player\":%d,\"round\":%d,\"phase\":\"%s\",\"turn\":%u,\"ply\":%u",
       c->start_player, c->round + 1 > IMH_CLASSIC_N_ROUNDS ? IMH_CLASSIC_N_ROUNDS : c->round + 1,
       phase_ids[c->phase & 3], (unsigned) c->turn, (unsigned) c->ply);
  imh_json_printf (&o, ",\"turn_player\":%d,\"actor\":%d,\"round_start_player\":%d,\"passes\":%d",
       _imh_classic_turn_player (s), _imh_classic_actor (s), c->round_start_player, c->passes);
  imh_json_printf (&o, ",\"over\":%s", c->phase == IMH_CLASSIC_PHASE_OVER ? "true" : "false");

  imh_json_printf (&o, ",\"round_cards\":[");
  for (int i = 0; i < played; i++)
    {
      imh_json_printf (&o, "%s", i ? "," : "");
      put_round_card (&o, c, c->rounds[i]);
    }
  imh_json_printf (&o, "]");

  imh_json_printf (&o, ",\"ships\":[");
  if (c->phase != IMH_CLASSIC_PHASE_OVER)
    for (int sh = 0; sh < IMH_CLASSIC_N_SHIPS; sh++)
      {
        imh_json_printf (&o, "%s{\"capacity\":%d,\"minimum\":%d,\"site\":", sh ? "," : "",
             c->ship_cap[sh], imh_classic_ship_min[c->ship_cap[sh]]);
        if (c->ship_site[sh] == NONE)
          imh_json_printf (&o, "null");
        else
          imh_json_printf (&o, "\"%s\"", imh_classic_site_ids[c->ship_site[sh]]);
        imh_json_printf (&o, ",\"stones\":[");
        for (int pos = 0; pos < c->ship_cap[sh]; pos++)
          {
            imh_json_printf (&o, "%s", pos ? "," : "");
            put_owner (&o, c->ship[sh][pos]);
          }
        imh_json_printf (&o, "]}");
      }
  imh_json_printf (&o, "]");

  imh_json_printf (&o, ",\"quarry\":");
  put_counts (&o, c->quarry, n);
  imh_json_printf (&o, ",\"sled\":");
  put_counts (&o, c->sled, n);

  imh_json_printf (&o, ",\"market\":{\"display\":[");
  for (int i = 0; i < 4; i++)
    {
      imh_json_printf (&o, "%s", i ? "," : "");
      put_card (&o, c->display[i]);
    }
  imh_json_printf (&o, "],\"pair\":");
  if (c->pair_state == IMH_CLASSIC_PAIR_FACE_DOWN)
    imh_json_printf (&o, "{\"face_down\":%d}", (c->pair[0] != NONE) + (c->pair[1] != NONE));
  else if (c->pair_state == IMH_CLASSIC_PAIR_REVEALED)
    {
      imh_json_printf (&o, "{\"taken_by\":%d,\"cards\":[", c->pair_owner);
      put_card (&o, c->pair[0]);
      imh_json_printf (&o, ",");
      put_card (&o, c->pair[1]);
      imh_json_printf (&o, "]}");
    }
  else
    imh_json_printf (&o, "null");
  imh_json_printf (&o, ",\"deck\":%d,\"discards\":", c->deck_n);
  put_cards (&o, c->discards);
  imh_json_printf (&o, "}");

  imh_json_printf (&o, ",\"cards\":[");
  for (int p = 0; p < n; p++)
    {
      imh_json_printf (&o, "%s", p ? "," : "");
      put_cards (&o, c->held[p]);
    }
  imh_json_printf (&o, "]");

  imh_json_printf (&o, ",\"sites\":{\"stones\":{");
  for (int site = 1; site < IMH_CLASSIC_N_SITES; site++)
    {
      imh_json_printf (&o, "%s\"%s\":", site > 1 ? "," : "", imh_classic_site_ids[site]);
      put_counts (&o, c->stones[site], n);
    }
  imh_json_printf (&o, "},\"pyramid\":[");
  for (int i = 0; i < IMH_CLASSIC_PYRAMID_MAX; i++)
    {
      imh_json_printf (&o, "%s", i ? "," : "");
      put_owner (&o, c->pyramid[i]);
    }
  imh_json_printf (&o, "],\"temple\":{\"stones\":%d,\"visible\":[", c->temple_n);
  for (int k = 0; k < imh_classic_temple_width (c); k++)
    {
      imh_json_printf (&o, "%s", k ? "," : "");
      put_owner (&o, c->temple_top[k]);
    }
  imh_json_printf (&o, "]},\"burial\":[");
  for (int i = 0; i < c->burial_n; i++)
    {
      imh_json_printf (&o, "%s", i ? "," : "");
      put_owner (&o, c->burial[i]);
    }
  imh_json_printf (&o, "],\"obelisk_waiting\":");
  put_counts (&o, c->obelisk_wait, n);
  imh_json_printf (&o, ",\"towers\":%d}", c->towers_n);

  imh_json_printf (&o, ",\"points\":[");
  for (int p = 0; p < n; p++)
    {
      imh_json_printf (&o, "%s{", p ? "," : "");
      for (int k = 0; k < IMH_CLASSIC_N_CATEGORIES; k++)
        imh_json_printf (&o, "%s\"%s\":%d", k ? "," : "", imh_classic_category_ids[k], c->points[p][k]);
      imh_json_printf (&o, ",\"this_round\":%d}", imh_classic_round_points (s, p));
    }
  imh_json_printf (&o, "]");

  imh_json_printf (&o, ",\"pending\":[");
  for (int i = 0; i < c->sp; i++)
    {
      const ImhClassicFrame *f = &c->stack[i];
      imh_json_printf (&o, "%s{\"frame\":\"%s\",\"player\":%d,\"a\":%d,\"b\":%d,\"c\":%d}", i ? "," : "",
           frame_ids[f->type < 9 ? f->type : 0], f->player, f->a, f->b, f->c);
    }
  imh_json_printf (&o, "],\"legal\":[");
  {
    ImhDecisionList l;
    char text[IMH_DECISION_TEXT_MAX];
    _imh_classic_legal (s, &l);
    for (int i = 0; i < l.n; i++)
      {
        _imh_classic_to_text (s, l.d[i], text, sizeof text);
        imh_json_printf (&o, "%s\"%s\"", i ? "," : "", text);
      }
  }
  imh_json_printf (&o, "]}");

  /* Hidden (C9): the future round cards (the last one is the removed
   * card), the deck from the top, the face-down pair. */
  imh_json_printf (&o, ",\"hidden\":{\"round_cards\":[");
  for (int i = played; i < IMH_CLASSIC_N_ROUND_CARDS; i++)
    {
      imh_json_printf (&o, "%s", i > played ? "," : "");
      put_round_card (&o, c, c->rounds[i]);
    }
  imh_json_printf (&o, "],\"deck\":[");
  for (int i = c->deck_n - 1; i >= 0; i--)
    {
      imh_json_printf (&o, "%s", i < c->deck_n - 1 ? "," : "");
      put_card (&o, c->deck[i]);
    }
  imh_json_printf (&o, "],\"pair\":[");
  if (c->pair_state == IMH_CLASSIC_PAIR_FACE_DOWN)
    {
      put_card (&o, c->pair[0]);
      imh_json_printf (&o, ",");
      put_card (&o, c->pair[1]);
    }
  imh_json_printf (&o, "]}}");
  return imh_json_finish (&o);
}

/* ------------------------------------------------------------------ */
/* Readable text (imhotep-cli show)                                    */

static void
put_held (ImhJson *o, const uint8_t *counts)
{
  bool any = false;
  for (int t = 0; t < IMH_CLASSIC_N_CARD_TYPES; t++)
    if (counts[t] > 0)
      {
        imh_json_printf (o, "%s%s", any ? ", " : "", imh_classic_card_ids[t]);
        if (counts[t] > 1)
          imh_json_printf (o, " ×%d", counts[t]);
        any = true;
      }
  if (!any)
    imh_json_printf (o, "-");
}

int
_imh_classic_to_text_state (const ImhState *s, char *buf, size_t len)
{
  static const char *const phase_ids[] = { "main", "action", "round-end", "over" };
  const ImhClassic *c = &s->u.classic;
  int n = c->n_players;
  ImhJson o;

  imh_json_init (&o, buf, len);
  imh_json_printf (&o, "Imhotep, %d players, sides ", n);
  for (int i = 0; i < IMH_CLASSIC_N_SITES; i++)
    imh_json_printf (&o, "%c%s", ((c->sides >> i) & 1) ? 'B' : 'A', i < 4 ? " " : "");
  imh_json_printf (&o, " (market pyramid temple burial obelisk)%s\n", c->wrath ? ", Wrath of the Pharaoh" : "");
  if (c->phase == IMH_CLASSIC_PHASE_OVER)
    imh_json_printf (&o, "The game is over after 6 rounds.\n");
  else
    {
      int a = _imh_classic_actor (s);
      imh_json_printf (&o, "Round %d of 6, turn %u: player %d (%s) to decide, step %s", c->round + 1,
           (unsigned) c->turn, a + 1, imh_classic_colour_ids[a], phase_ids[c->phase & 3]);
      if (a != c->turn_player)
        imh_json_printf (&o, " (turn of player %d)", c->turn_player + 1);
      imh_json_printf (&o, ".\nPlayer %d (%s) started this round.\n", c->round_start_player + 1,
           imh_classic_colour_ids[c->round_start_player]);
      imh_json_printf (&o, "\nShips (bow first; K black, W white, B brown, G gray):\n");
      for (int sh = 0; sh < IMH_CLASSIC_N_SHIPS; sh++)
        {
          imh_json_printf (&o, "  %d  [", sh + 1);
          for (int pos = 0; pos < c->ship_cap[sh]; pos++)
            imh_json_printf (&o, "%c", ".KWBG"[c->ship[sh][pos]]);
          imh_json_printf (&o, "]%*s min %d", 4 - c->ship_cap[sh], "", imh_classic_ship_min[c->ship_cap[sh]]);
          if (c->ship_site[sh] != NONE)
            imh_json_printf (&o, ", sailed to the %s", imh_classic_site_ids[c->ship_site[sh]]);
          imh_json_printf (&o, "\n");
        }
      imh_json_printf (&o, "Market:");
      for (int i = 0; i < 4; i++)
        if (c->display[i] != NONE)
          imh_json_printf (&o, " %s", imh_classic_card_ids[c->display[i]]);
      if (c->pair_state == IMH_CLASSIC_PAIR_FACE_DOWN)
        imh_json_printf (&o, " + face-down pair");
      imh_json_printf (&o, "\n");
    }
  imh_json_printf (&o, "Deck %d cards (hidden), %d future round cards + 1 removed (hidden).\n", c->deck_n,
       c->phase == IMH_CLASSIC_PHASE_OVER ? 0 : IMH_CLASSIC_N_ROUNDS - 1 - c->round);

  imh_json_printf (&o, "\nSites:\n  pyramid %d stones, temple %d (visible:",
       c->stones[1][0] + c->stones[1][1] + c->stones[1][2] + c->stones[1][3], c->temple_n);
  for (int k = 0; k < imh_classic_temple_width (c); k++)
    imh_json_printf (&o, " %c", ".KWBG"[c->temple_top[k]]);
  imh_json_printf (&o, ")\n  burial chamber (rows top to bottom):\n");
  for (int row = 0; row < 3; row++)
    {
      imh_json_printf (&o, "    ");
      for (int i = row; i < c->burial_n; i += 3)
        imh_json_printf (&o, "%c", ".KWBG"[c->burial[i]]);
      imh_json_printf (&o, "\n");
    }
  if ((c->sides >> IMH_CLASSIC_SITE_PYRAMID) & 1)
    for (int k = 0; k < 3; k++)
      {
        imh_json_printf (&o, "  pyramid %s:", imh_classic_pyramid_ids[k]);
        for (int i = 0; i < 5; i++)
          imh_json_printf (&o, " %c", ".KWBG"[c->pyramid[k * 5 + i]]);
        imh_json_printf (&o, "\n");
      }
  if ((c->sides >> IMH_CLASSIC_SITE_OBELISK) & 1)
    imh_json_printf (&o, "  obelisk towers built: %d\n", c->towers_n);

  imh_json_printf (&o, "\n");
  for (int p = 0; p < n; p++)
    {
      imh_json_printf (&o, "Player %d (%s): quarry %d, sled %d; obelisk %d, pyramid %d, temple %d, burial %d\n",
           p + 1, imh_classic_colour_ids[p], c->quarry[p], c->sled[p],
           c->stones[IMH_CLASSIC_SITE_OBELISK][p], c->stones[IMH_CLASSIC_SITE_PYRAMID][p],
           c->stones[IMH_CLASSIC_SITE_TEMPLE][p], c->stones[IMH_CLASSIC_SITE_BURIAL][p]);
      if ((c->sides >> IMH_CLASSIC_SITE_OBELISK) & 1)
        imh_json_printf (&o, "  obelisk stones waiting %d\n", c->obelisk_wait[p]);
      imh_json_printf (&o, "  cards: ");
      put_held (&o, c->held[p]);
      imh_json_printf (&o, "; points this round %d\n", imh_classic_round_points (s, p));
    }
  return imh_json_finish (&o);
}
