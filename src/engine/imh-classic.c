/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-classic.c — Imhotep (2–4 players): set-up, legal decisions, apply.
 *
 * The main decision of a turn is taken with an empty pending stack; what
 * it causes is pushed as frames (imh-classic-state.h) and resolved by
 * advance(), which stops at the first frame that needs a real choice
 * (two or more options). A frame with exactly one option resolves by
 * itself: a lone choice is never offered, except the main decision of a
 * turn (a turn always has at least one decision, if only `pass`).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "imh-classic.h"

#define NONE IMH_CLASSIC_NONE

static inline bool
side_b (const ImhClassic *c, int site)
{
  return (c->sides >> site) & 1;
}

/* The exported function is not inlined in position-independent code. */
static inline int
temple_width (const ImhClassic *c)
{
  return c->n_players == 2 ? 4 : 5;
}

int
imh_classic_temple_width (const ImhClassic *c)
{
  return temple_width (c);
}

int
imh_classic_play_card (int play)
{
  static const uint8_t map[4] = {
    IMH_CLASSIC_CARD_HAMMER, IMH_CLASSIC_CARD_CHISEL,
    IMH_CLASSIC_CARD_SAIL, IMH_CLASSIC_CARD_LEVER,
  };
  return map[play & 3];
}

bool
imh_classic_is_sub_decision (const ImhState *s)
{
  return s->u.classic.phase == IMH_CLASSIC_PHASE_ACTION
         || s->u.classic.phase == IMH_CLASSIC_PHASE_ROUND_END;
}

int
imh_classic_round_points (const ImhState *s, int player)
{
  const ImhClassic *c = &s->u.classic;
  int sum = 0;
  if (player < 0 || player >= c->n_players)
    return 0;
  for (int k = 0; k < IMH_CLASSIC_N_CATEGORIES; k++)
    sum += c->points[player][k];
  return sum - c->round_base[player];
}

/* ------------------------------------------------------------------ */
/* Small helpers                                                       */

static const uint8_t nibble_bits[16] = { 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4 };

static inline bool
ship_can_sail (const ImhClassic *c, int s)
{
  return c->ship_site[s] == NONE && nibble_bits[c->ship_free[s]] <= c->ship_slack[s];
}

void
imh_classic_sync (ImhClassic *c)
{
  for (int s = 0; s < IMH_CLASSIC_N_SHIPS; s++)
    {
      unsigned m = 0;
      if (c->ship_site[s] == NONE && c->phase != IMH_CLASSIC_PHASE_OVER)
        for (int pos = 0; pos < c->ship_cap[s]; pos++)
          if (c->ship[s][pos] == 0)
            m |= 1u << pos;
      c->ship_free[s] = (uint8_t) m;
      c->ship_slack[s] = (uint8_t) (c->ship_cap[s] - imh_classic_ship_min[c->ship_cap[s]]);
    }
}

/* A 4-byte ship array (ship_free, ship_site, ship_slack, a ship's
 * positions) as one word with element 0 in the low byte, and back. The
 * fused playout reads and writes them whole: a byte store followed by a
 * wider load of it would stall store forwarding. */
static inline uint32_t
load4 (const uint8_t *a)
{
  uint32_t w;
  memcpy (&w, a, 4);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  w = __builtin_bswap32 (w);
#endif
  return w;
}

static inline void
store4 (uint8_t *a, uint32_t w)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  w = __builtin_bswap32 (w);
#endif
  memcpy (a, &w, 4);
}

/* Per byte: the number of set bits (free positions of each ship). */
static inline uint32_t
byte_counts (uint32_t x)
{
  x = x - ((x >> 1) & UINT32_C (0x55555555));
  x = (x & UINT32_C (0x33333333)) + ((x >> 2) & UINT32_C (0x33333333));
  return (x + (x >> 4)) & UINT32_C (0x0f0f0f0f);
}

/* Bit s: ship s is unsailed (site byte 0xff) and its free positions are
 * at most its slack (it has its minimum load): what main_options() tests
 * one ship at a time. Slack is at most 1 and a count at most 4, so no
 * byte borrows. */
static inline unsigned
sailable_mask (uint32_t counts, uint32_t slack_w, uint32_t site_w)
{
  uint32_t ok = ((slack_w | UINT32_C (0x80808080)) - counts) & site_w & UINT32_C (0x80808080);
  return (unsigned) ((uint32_t) ((ok >> 7) * UINT32_C (0x10204080)) >> 28);
}

_Static_assert (IMH_CLASSIC_PLAY_HAMMER == 0 && IMH_CLASSIC_PLAY_CHISEL == 1
                && IMH_CLASSIC_PLAY_SAIL == 2 && IMH_CLASSIC_PLAY_LEVER == 3,
                "the fused playout's card bits follow the play decisions");

/* ship[i] = v in a 4-byte ship array, written as one word (see load4). */
static inline void
set_ship_byte (uint8_t *a, int i, unsigned v)
{
  uint32_t w = load4 (a);
  w = (w & ~(UINT32_C (0xff) << (8 * i))) | (uint32_t) (v & 0xff) << (8 * i);
  store4 (a, w);
}

static inline int
take_count (const ImhClassic *c, int p, int want)
{
  int n = want;
  if (n > IMH_CLASSIC_SLED_MAX - c->sled[p])
    n = IMH_CLASSIC_SLED_MAX - c->sled[p];
  if (n > c->quarry[p])
    n = c->quarry[p];
  return n;
}

static inline void
take_stones (ImhClassic *c, int p, int want)
{
  int n = take_count (c, p, want);
  c->quarry[p] -= n;
  c->sled[p] += n;
}

static inline void
push (ImhClassic *c, uint8_t type, uint8_t player, uint8_t a, uint8_t b, uint8_t cc)
{
  if (c->sp >= IMH_CLASSIC_STACK_MAX)
    abort ();   /* cannot happen: the chains of effects are short (see check) */
  ImhClassicFrame *f = &c->stack[c->sp++];
  f->type = type;
  f->player = player;
  f->a = a;
  f->b = b;
  f->c = cc;
}

static inline void
pop (ImhClassic *c)
{
  c->sp--;
  memset (&c->stack[c->sp], 0, sizeof c->stack[0]);
}

/* Top card of the deck; an empty deck is first refilled from the discards. */
static uint8_t
draw_card (ImhClassic *c)
{
  if (c->deck_n == 0)
    {
      for (int t = 0; t < IMH_CLASSIC_N_CARD_TYPES; t++)
        {
          for (int k = 0; k < c->discards[t]; k++)
            c->deck[c->deck_n++] = (uint8_t) t;
          c->discards[t] = 0;
        }
      imh_rng_shuffle_u8 (&c->rng, c->deck, c->deck_n);
    }
  if (c->deck_n == 0)
    return NONE;
  uint8_t t = c->deck[--c->deck_n];
  c->deck[c->deck_n] = NONE;
  return t;
}

static inline int
red_site (int card)
{
  switch (card)
    {
    case IMH_CLASSIC_CARD_ENTRANCE: return IMH_CLASSIC_SITE_PYRAMID;
    case IMH_CLASSIC_CARD_SARCOPHAGUS: return IMH_CLASSIC_SITE_BURIAL;
    case IMH_CLASSIC_CARD_PAVED_PATH: return IMH_CLASSIC_SITE_OBELISK;
    default: return -1;
    }
}

/* A player gains a card: red resolves at once (C6, C11), others are held. */
static void
gain_card (ImhClassic *c, int p, int card)
{
  int site = red_site (card);
  if (site < 0)
    {
      c->held[p][card]++;
      return;
    }
  if (c->quarry[p] == 0)
    {
      c->discards[card]++;          /* C6 */
      return;
    }
  push (c, IMH_CLASSIC_FR_DISCARD, (uint8_t) p, (uint8_t) card, 0, 0);
  push (c, IMH_CLASSIC_FR_DELIVER, (uint8_t) p, (uint8_t) site, NONE, 0);
}

static inline void
remove_stone (ImhClassic *c, int p, int ship, int pos)
{
  if (ship == NONE)
    c->quarry[p]--;
  else
    c->ship[ship][pos] = 0;
}

static void
place_pyramid_a (ImhClassic *c, int p)
{
  int n = c->pyramid_n[0];
  int v = 1;
  if (n < 14)
    {
      v = imh_classic_pyramid_a_value[n];
      c->pyramid[n] = (uint8_t) (p + 1);
      c->pyramid_n[0]++;
    }
  c->stones[IMH_CLASSIC_SITE_PYRAMID][p]++;
  c->points[p][IMH_CLASSIC_CAT_PYRAMID] += v;
}

static bool
pyramid_b_full (const ImhClassic *c)
{
  return c->pyramid_n[0] == 5 && c->pyramid_n[1] == 5 && c->pyramid_n[2] == 5;
}

static void
place_pyramid_b (ImhClassic *c, int p, int k)
{
  int i = c->pyramid_n[k];
  c->pyramid[k * 5 + i] = (uint8_t) (p + 1);
  c->pyramid_n[k]++;
  c->stones[IMH_CLASSIC_SITE_PYRAMID][p]++;
  c->points[p][IMH_CLASSIC_CAT_PYRAMID] += imh_classic_pyramid_b_value[k][i];
  switch (imh_classic_pyramid_b_bonus[k][i])
    {
    case IMH_CLASSIC_BONUS_CARD:
      {
        uint8_t t = draw_card (c);
        if (t != NONE)
          gain_card (c, p, t);
      }
      break;
    case IMH_CLASSIC_BONUS_STONES:
      take_stones (c, p, 3);
      break;
    case IMH_CLASSIC_BONUS_SHIP:
      /* C16: while a round end is resolved the bonus is its point only;
       * the ending round's ships take no stone. */
      if (c->phase != IMH_CLASSIC_PHASE_ROUND_END)
        push (c, IMH_CLASSIC_FR_PLACE_SHIP, (uint8_t) p, 0, 0, 0);
      break;
    default:
      break;
    }
}

static void
place_obelisk (ImhClassic *c, int p)
{
  c->stones[IMH_CLASSIC_SITE_OBELISK][p]++;
  if (!side_b (c, IMH_CLASSIC_SITE_OBELISK))
    return;
  if (++c->obelisk_wait[p] == 3)
    {
      c->obelisk_wait[p] = 0;
      int v = c->towers_n < 8 ? imh_classic_obelisk_b_tower[c->towers_n] : 1;
      c->towers_n++;
      c->points[p][IMH_CLASSIC_CAT_OBELISK] += v;
    }
}

/* A stone (already taken off its ship or quarry) arrives at a site that
 * needs no choice: pyramid A or a full pyramid B, temple, burial, obelisks. */
static void
place_plain (ImhClassic *c, int p, int site)
{
  switch (site)
    {
    case IMH_CLASSIC_SITE_PYRAMID:
      if (!side_b (c, IMH_CLASSIC_SITE_PYRAMID))
        place_pyramid_a (c, p);
      else
        {
          /* B with all 15 spaces full (C13): 1 point, no choice. */
          c->stones[IMH_CLASSIC_SITE_PYRAMID][p]++;
          c->points[p][IMH_CLASSIC_CAT_PYRAMID] += 1;
        }
      break;
    case IMH_CLASSIC_SITE_TEMPLE:
      c->temple_top[c->temple_n % temple_width (c)] = (uint8_t) (p + 1);
      c->temple_n++;
      c->stones[IMH_CLASSIC_SITE_TEMPLE][p]++;
      break;
    case IMH_CLASSIC_SITE_BURIAL:
      if (c->burial_n >= IMH_CLASSIC_BURIAL_MAX)
        abort ();   /* cannot happen: see IMH_CLASSIC_BURIAL_MAX */
      c->burial[c->burial_n++] = (uint8_t) (p + 1);
      c->stones[IMH_CLASSIC_SITE_BURIAL][p]++;
      break;
    case IMH_CLASSIC_SITE_OBELISK:
      place_obelisk (c, p);
      break;
    default:
      break;
    }
}

/* A DELIVER frame that needs no choice (top of the stack). */
static void
deliver_auto (ImhClassic *c)
{
  ImhClassicFrame f = c->stack[c->sp - 1];
  int p = f.player;
  pop (c);
  if (f.a == IMH_CLASSIC_SITE_MARKET)
    {
      /* no card left: the stone just returns */
      c->ship[f.b][f.c] = 0;
      c->quarry[p]++;
      return;
    }
  remove_stone (c, p, f.b, f.c);
  place_plain (c, p, f.a);
}

/* ------------------------------------------------------------------ */
/* Options of the main decision and of the top frame                   */

/* Free positions of a ship as a bit mask (bit 0 = bow), from the 4 bytes
 * at once: a byte is free when it is 0. */
/* Decision codes of the free positions of ship s for each free mask, and
 * of sailing ship s to each set of free sites: copied whole into the list
 * (entries past the count are junk the count hides). */
static const ImhDecision place_codes[4][16][4] = {
  { {0,0,0,0}, {2,0,0,0}, {3,0,0,0}, {2,3,0,0}, {4,0,0,0}, {2,4,0,0}, {3,4,0,0}, {2,3,4,0}, {5,0,0,0}, {2,5,0,0}, {3,5,0,0}, {2,3,5,0}, {4,5,0,0}, {2,4,5,0}, {3,4,5,0}, {2,3,4,5} },
  { {0,0,0,0}, {6,0,0,0}, {7,0,0,0}, {6,7,0,0}, {8,0,0,0}, {6,8,0,0}, {7,8,0,0}, {6,7,8,0}, {9,0,0,0}, {6,9,0,0}, {7,9,0,0}, {6,7,9,0}, {8,9,0,0}, {6,8,9,0}, {7,8,9,0}, {6,7,8,9} },
  { {0,0,0,0}, {10,0,0,0}, {11,0,0,0}, {10,11,0,0}, {12,0,0,0}, {10,12,0,0}, {11,12,0,0}, {10,11,12,0}, {13,0,0,0}, {10,13,0,0}, {11,13,0,0}, {10,11,13,0}, {12,13,0,0}, {10,12,13,0}, {11,12,13,0}, {10,11,12,13} },
  { {0,0,0,0}, {14,0,0,0}, {15,0,0,0}, {14,15,0,0}, {16,0,0,0}, {14,16,0,0}, {15,16,0,0}, {14,15,16,0}, {17,0,0,0}, {14,17,0,0}, {15,17,0,0}, {14,15,17,0}, {16,17,0,0}, {14,16,17,0}, {15,16,17,0}, {14,15,16,17} },
};
static const ImhDecision sail_codes[4][32][5] = {
  {
    {0,0,0,0,0}, {18,0,0,0,0}, {19,0,0,0,0}, {18,19,0,0,0},
    {20,0,0,0,0}, {18,20,0,0,0}, {19,20,0,0,0}, {18,19,20,0,0},
    {21,0,0,0,0}, {18,21,0,0,0}, {19,21,0,0,0}, {18,19,21,0,0},
    {20,21,0,0,0}, {18,20,21,0,0}, {19,20,21,0,0}, {18,19,20,21,0},
    {22,0,0,0,0}, {18,22,0,0,0}, {19,22,0,0,0}, {18,19,22,0,0},
    {20,22,0,0,0}, {18,20,22,0,0}, {19,20,22,0,0}, {18,19,20,22,0},
    {21,22,0,0,0}, {18,21,22,0,0}, {19,21,22,0,0}, {18,19,21,22,0},
    {20,21,22,0,0}, {18,20,21,22,0}, {19,20,21,22,0}, {18,19,20,21,22},
  },
  {
    {0,0,0,0,0}, {23,0,0,0,0}, {24,0,0,0,0}, {23,24,0,0,0},
    {25,0,0,0,0}, {23,25,0,0,0}, {24,25,0,0,0}, {23,24,25,0,0},
    {26,0,0,0,0}, {23,26,0,0,0}, {24,26,0,0,0}, {23,24,26,0,0},
    {25,26,0,0,0}, {23,25,26,0,0}, {24,25,26,0,0}, {23,24,25,26,0},
    {27,0,0,0,0}, {23,27,0,0,0}, {24,27,0,0,0}, {23,24,27,0,0},
    {25,27,0,0,0}, {23,25,27,0,0}, {24,25,27,0,0}, {23,24,25,27,0},
    {26,27,0,0,0}, {23,26,27,0,0}, {24,26,27,0,0}, {23,24,26,27,0},
    {25,26,27,0,0}, {23,25,26,27,0}, {24,25,26,27,0}, {23,24,25,26,27},
  },
  {
    {0,0,0,0,0}, {28,0,0,0,0}, {29,0,0,0,0}, {28,29,0,0,0},
    {30,0,0,0,0}, {28,30,0,0,0}, {29,30,0,0,0}, {28,29,30,0,0},
    {31,0,0,0,0}, {28,31,0,0,0}, {29,31,0,0,0}, {28,29,31,0,0},
    {30,31,0,0,0}, {28,30,31,0,0}, {29,30,31,0,0}, {28,29,30,31,0},
    {32,0,0,0,0}, {28,32,0,0,0}, {29,32,0,0,0}, {28,29,32,0,0},
    {30,32,0,0,0}, {28,30,32,0,0}, {29,30,32,0,0}, {28,29,30,32,0},
    {31,32,0,0,0}, {28,31,32,0,0}, {29,31,32,0,0}, {28,29,31,32,0},
    {30,31,32,0,0}, {28,30,31,32,0}, {29,30,31,32,0}, {28,29,30,31,32},
  },
  {
    {0,0,0,0,0}, {33,0,0,0,0}, {34,0,0,0,0}, {33,34,0,0,0},
    {35,0,0,0,0}, {33,35,0,0,0}, {34,35,0,0,0}, {33,34,35,0,0},
    {36,0,0,0,0}, {33,36,0,0,0}, {34,36,0,0,0}, {33,34,36,0,0},
    {35,36,0,0,0}, {33,35,36,0,0}, {34,35,36,0,0}, {33,34,35,36,0},
    {37,0,0,0,0}, {33,37,0,0,0}, {34,37,0,0,0}, {33,34,37,0,0},
    {35,37,0,0,0}, {33,35,37,0,0}, {34,35,37,0,0}, {33,34,35,37,0},
    {36,37,0,0,0}, {33,36,37,0,0}, {34,36,37,0,0}, {33,34,36,37,0},
    {35,36,37,0,0}, {33,35,36,37,0}, {34,35,36,37,0}, {33,34,35,36,37},
  },
};
static const uint8_t bits5[32] = {
  0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 1, 2, 2, 3, 2, 3, 3, 4, 2, 3, 3, 4, 3, 4, 4, 5
};

static int
main_options (const ImhClassic *c, ImhDecision *d)
{
  int p = c->turn_player;
  int n = 0;
  int take = take_count (c, p, 3);
  /* the four ships at once (words; a sailed ship has no free position) */
  uint32_t free_w = load4 (c->ship_free);
  uint32_t counts = byte_counts (free_w);
  unsigned sailable = sailable_mask (counts, load4 (c->ship_slack), load4 (c->ship_site));
  int free_n = (int) ((counts * UINT32_C (0x01010101)) >> 24);

  if (take > 0)
    d[n++] = IMH_CLASSIC_D_GET;
  if (c->sled[p] > 0)
    for (int s = 0; s < IMH_CLASSIC_N_SHIPS; s++)
      {
        unsigned fm = (free_w >> (8 * s)) & 0xf;
        memcpy (d + n, place_codes[s][fm], sizeof place_codes[s][fm]);
        n += nibble_bits[fm];
      }
  unsigned sites_free = ~(unsigned) c->sites_used & 31u;
  for (unsigned sm = sailable; sm != 0; sm &= sm - 1)
    {
      int sh = __builtin_ctz (sm);
      memcpy (d + n, sail_codes[sh][sites_free], sizeof sail_codes[sh][sites_free]);
      n += bits5[sites_free];
    }

  const uint8_t *held = c->held[p];
  uint32_t blue;
  memcpy (&blue, held + IMH_CLASSIC_CARD_LEVER, 4);
  if (blue != 0)
    {
      if (held[IMH_CLASSIC_CARD_HAMMER] > 0 && (take > 0 || (c->sled[p] > 0 && free_n > 0)))
        d[n++] = IMH_CLASSIC_D_PLAY + IMH_CLASSIC_PLAY_HAMMER;
      if (held[IMH_CLASSIC_CARD_CHISEL] > 0 && c->sled[p] >= 2 && free_n >= 2)
        d[n++] = IMH_CLASSIC_D_PLAY + IMH_CLASSIC_PLAY_CHISEL;
      /* C12: the placed stone must bring its ship to the minimum; a site
       * is always free while a ship is unsailed (5 sites, 4 ships). */
      if (held[IMH_CLASSIC_CARD_SAIL] > 0 && c->sled[p] >= 1)
        for (int s = 0; s < IMH_CLASSIC_N_SHIPS; s++)
          {
            int nfree = nibble_bits[c->ship_free[s]];
            if (c->ship_site[s] == NONE && nfree > 0 && nfree <= c->ship_slack[s] + 1)
              {
                d[n++] = IMH_CLASSIC_D_PLAY + IMH_CLASSIC_PLAY_SAIL;
                break;
              }
          }
      if (held[IMH_CLASSIC_CARD_LEVER] > 0 && sailable != 0 && sites_free != 0)
        d[n++] = IMH_CLASSIC_D_PLAY + IMH_CLASSIC_PLAY_LEVER;
    }

  if (n == 0)
    d[n++] = IMH_CLASSIC_D_PASS;
  return n;
}

/* Bit i: byte b[i] is not 0 (bytes at most 0x80). */
static inline unsigned
nonzero_bytes4 (const uint8_t *b)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  uint32_t w;
  memcpy (&w, b, 4);
  w = ((w + UINT32_C (0x7f7f7f7f)) >> 7) & UINT32_C (0x01010101);
  return (unsigned) ((uint32_t) (w * UINT32_C (0x10204080)) >> 28);
#else
  return (unsigned) (b[0] != 0) | (unsigned) (b[1] != 0) << 1
         | (unsigned) (b[2] != 0) << 2 | (unsigned) (b[3] != 0) << 3;
#endif
}

/* Options of a stone delivered to the market: each card type on display
 * (ascending), then the face-down pair; 0 when there is nothing to take. */
static inline int
market_options (const ImhClassic *c, ImhDecision *d)
{
  int n = 0;
  unsigned seen = 0;
  for (int i = 0; i < 4; i++)
    if (c->display[i] != NONE)
      seen |= 1u << c->display[i];
  for (; seen != 0; seen &= seen - 1)
    d[n++] = (ImhDecision) (IMH_CLASSIC_D_TAKE + __builtin_ctz (seen));
  if (c->pair_state == IMH_CLASSIC_PAIR_FACE_DOWN)
    d[n++] = IMH_CLASSIC_D_TAKE_PAIR;
  return n;
}

/* Options of a decision frame; -1 for a frame that resolves by itself.
 * Not inlined: it keeps the main decision's path in legal() short. */
__attribute__ ((noinline)) static int
frame_options (const ImhClassic *c, const ImhClassicFrame *f, ImhDecision *d)
{
  int n = 0;
  switch (f->type)
    {
    case IMH_CLASSIC_FR_PLACE_SHIP:
      if (c->sled[f->player] == 0)
        return 0;
      for (int s = 0; s < IMH_CLASSIC_N_SHIPS; s++)
        {
          unsigned fm = c->ship_free[s];
          if (c->ship_site[s] != NONE || fm == 0)
            continue;
          if (f->a == 1 && nibble_bits[fm] > c->ship_slack[s] + 1)
            continue;
          memcpy (d + n, place_codes[s][fm], sizeof place_codes[s][fm]);
          n += nibble_bits[fm];
        }
      return n;

    case IMH_CLASSIC_FR_SAIL:
      for (int s = 0; s < IMH_CLASSIC_N_SHIPS; s++)
        {
          if (f->a != NONE && f->a != s)
            continue;
          if (!ship_can_sail (c, s))
            continue;
          for (int t = 0; t < IMH_CLASSIC_N_SITES; t++)
            if (!((c->sites_used >> t) & 1))
              d[n++] = (ImhDecision) (IMH_CLASSIC_D_SAIL + s * 5 + t);
        }
      return n;

    case IMH_CLASSIC_FR_UNLOAD:
      if (f->c)
        {
          unsigned seen = 0;
          for (int pos = 0; pos < IMH_CLASSIC_SHIP_MAX; pos++)
            if (c->ship[f->a][pos])
              seen |= 1u << (c->ship[f->a][pos] - 1);
          if (seen & (seen - 1))
            {
              for (int col = 0; col < IMH_CLASSIC_MAX_PLAYERS; col++)
                if ((seen >> col) & 1)
                  d[n++] = (ImhDecision) (IMH_CLASSIC_D_UNLOAD + col);
              return n;
            }
        }
      return -1;

    case IMH_CLASSIC_FR_DELIVER:
      if (f->a == IMH_CLASSIC_SITE_MARKET)
        {
          n = market_options (c, d);
          return n > 0 ? n : -1;
        }
      if (f->a == IMH_CLASSIC_SITE_PYRAMID && side_b (c, IMH_CLASSIC_SITE_PYRAMID)
          && !pyramid_b_full (c))
        {
          for (int k = 0; k < 3; k++)
            if (c->pyramid_n[k] < 5)
              d[n++] = (ImhDecision) (IMH_CLASSIC_D_PYRAMID + k);
          return n;
        }
      return -1;

    case IMH_CLASSIC_FR_KEEP:
      {
        uint8_t a = c->pair[0], b = c->pair[1];
        if (a != NONE && b != NONE && a != b)
          {
            uint8_t lo = a < b ? a : b, hi = a < b ? b : a;
            d[n++] = (ImhDecision) (IMH_CLASSIC_D_KEEP + lo);
            d[n++] = (ImhDecision) (IMH_CLASSIC_D_KEEP + hi);
          }
        else if (a != NONE || b != NONE)
          d[n++] = (ImhDecision) (IMH_CLASSIC_D_KEEP + (a != NONE ? a : b));
        return n;
      }

    case IMH_CLASSIC_FR_TEMPLE_B:
      if (f->a < temple_width (c) && c->temple_top[f->a] != 0
          && imh_classic_temple_b_bonus[f->a] == IMH_CLASSIC_TEMPLE_CHOICE)
        {
          int p = c->temple_top[f->a] - 1;
          d[n++] = IMH_CLASSIC_D_TEMPLE_POINT;
          if (take_count (c, p, 2) > 0)
            d[n++] = IMH_CLASSIC_D_TEMPLE_STONES;
          return n;
        }
      return -1;

    default:
      return -1;
    }
}

/* Apply a choice to the top frame. */
static void
frame_apply (ImhClassic *c, ImhDecision d)
{
  ImhClassicFrame *top = &c->stack[c->sp - 1];
  ImhClassicFrame f = *top;
  int p = f.player;

  switch (f.type)
    {
    case IMH_CLASSIC_FR_PLACE_SHIP:
      {
        int s = (d - IMH_CLASSIC_D_PLACE) / 4, pos = (d - IMH_CLASSIC_D_PLACE) % 4;
        c->sled[p]--;
        c->ship[s][pos] = (uint8_t) (p + 1);
        set_ship_byte (c->ship_free, s, c->ship_free[s] & ~(1u << pos));
        pop (c);
        if (f.a == 1)
          push (c, IMH_CLASSIC_FR_SAIL, (uint8_t) p, (uint8_t) s, 0, 0);
      }
      break;

    case IMH_CLASSIC_FR_SAIL:
      {
        int s = (d - IMH_CLASSIC_D_SAIL) / 5, t = (d - IMH_CLASSIC_D_SAIL) % 5;
        pop (c);
        set_ship_byte (c->ship_site, s, (unsigned) t);
        set_ship_byte (c->ship_free, s, 0);
        c->sites_used |= (uint8_t) (1u << t);
        c->ships_sailed++;
        push (c, IMH_CLASSIC_FR_UNLOAD, (uint8_t) p, (uint8_t) s, (uint8_t) t, f.b);
      }
      break;

    case IMH_CLASSIC_FR_UNLOAD:
      {
        int col = d - IMH_CLASSIC_D_UNLOAD;
        for (int pos = 0; pos < IMH_CLASSIC_SHIP_MAX; pos++)
          if (c->ship[f.a][pos] == col + 1)
            {
              push (c, IMH_CLASSIC_FR_DELIVER, (uint8_t) col, f.b, f.a, (uint8_t) pos);
              break;
            }
      }
      break;

    case IMH_CLASSIC_FR_DELIVER:
      if (d >= IMH_CLASSIC_D_TAKE && d < IMH_CLASSIC_D_TAKE + IMH_CLASSIC_N_CARD_TYPES)
        {
          int t = d - IMH_CLASSIC_D_TAKE;
          for (int i = 0; i < 4; i++)
            if (c->display[i] == t)
              {
                c->display[i] = NONE;
                break;
              }
          top->type = IMH_CLASSIC_FR_RETURN;
          gain_card (c, p, t);
        }
      else if (d == IMH_CLASSIC_D_TAKE_PAIR)
        {
          c->pair_state = IMH_CLASSIC_PAIR_REVEALED;
          c->pair_owner = (uint8_t) p;
          top->type = IMH_CLASSIC_FR_RETURN;
          push (c, IMH_CLASSIC_FR_KEEP, (uint8_t) p, 0, 0, 0);
        }
      else
        {
          int k = d - IMH_CLASSIC_D_PYRAMID;
          pop (c);
          remove_stone (c, p, f.b, f.c);
          place_pyramid_b (c, p, k);
        }
      break;

    case IMH_CLASSIC_FR_KEEP:
      {
        int t = d - IMH_CLASSIC_D_KEEP;
        int i = c->pair[0] == t ? 0 : 1;
        uint8_t other = c->pair[1 - i];
        if (other != NONE)
          c->discards[other]++;     /* C11: discarded before the kept card acts */
        c->pair[0] = c->pair[1] = NONE;
        c->pair_state = IMH_CLASSIC_PAIR_NONE;
        c->pair_owner = 0;
        pop (c);
        gain_card (c, p, t);
      }
      break;

    case IMH_CLASSIC_FR_TEMPLE_B:
      {
        int o = c->temple_top[f.a] - 1;
        if (d == IMH_CLASSIC_D_TEMPLE_STONES)
          take_stones (c, o, 2);
        else
          c->points[o][IMH_CLASSIC_CAT_TEMPLE] += 1;
        top->a++;
      }
      break;

    default:
      break;
    }
}

/* Ship sh (just sailed) unloads at a site where no stone needs a choice
 * (pyramid A, temple, burial chamber, obelisks): exactly the UNLOAD
 * frame's plain unloading in frame_auto(), with the site tested once. */
static inline void
unload_plain (ImhClassic *c, int sh, int site)
{
  uint8_t o[IMH_CLASSIC_SHIP_MAX];
  uint32_t w = load4 (c->ship[sh]);
  /* bit pos: position pos holds a stone (bytes are at most 4) */
  uint32_t nz = ((w + UINT32_C (0x7f7f7f7f)) >> 7) & UINT32_C (0x01010101);
  unsigned occ = (unsigned) ((uint32_t) (nz * UINT32_C (0x10204080)) >> 28);

  memcpy (o, c->ship[sh], sizeof o);
  store4 (c->ship[sh], 0);
  switch (site)
    {
    case IMH_CLASSIC_SITE_PYRAMID:
      for (; occ != 0; occ &= occ - 1)
        place_pyramid_a (c, o[__builtin_ctz (occ)] - 1);
      break;
    case IMH_CLASSIC_SITE_TEMPLE:
      {
        int w4 = temple_width (c) == 4;
        for (; occ != 0; occ &= occ - 1)
          {
            int p = o[__builtin_ctz (occ)] - 1;
            int i = w4 ? (c->temple_n & 3) : c->temple_n % 5;
            c->temple_top[i] = (uint8_t) (p + 1);
            c->temple_n++;
            c->stones[IMH_CLASSIC_SITE_TEMPLE][p]++;
          }
      }
      break;
    case IMH_CLASSIC_SITE_BURIAL:
      for (; occ != 0; occ &= occ - 1)
        {
          int p = o[__builtin_ctz (occ)] - 1;
          if (c->burial_n >= IMH_CLASSIC_BURIAL_MAX)
            abort ();   /* cannot happen: see IMH_CLASSIC_BURIAL_MAX */
          c->burial[c->burial_n++] = (uint8_t) (p + 1);
          c->stones[IMH_CLASSIC_SITE_BURIAL][p]++;
        }
      break;
    default:
      for (; occ != 0; occ &= occ - 1)
        place_obelisk (c, o[__builtin_ctz (occ)] - 1);
      break;
    }
}

/* Resolve a frame that needs no choice. */
static void
frame_auto (ImhClassic *c)
{
  ImhClassicFrame *top = &c->stack[c->sp - 1];

  switch (top->type)
    {
    case IMH_CLASSIC_FR_UNLOAD:
      if (top->b != IMH_CLASSIC_SITE_MARKET
          && !(top->b == IMH_CLASSIC_SITE_PYRAMID && side_b (c, IMH_CLASSIC_SITE_PYRAMID)))
        {
          /* No stone at this site can cause a choice: unload them all in
           * bow order (a Lever order with choices never gets here: its
           * frame offers the colours; with one colour left the order is
           * the same). */
          int ship = top->a, site = top->b;
          pop (c);
          unload_plain (c, ship, site);
          return;
        }
      for (int pos = 0; pos < IMH_CLASSIC_SHIP_MAX; pos++)
        {
          int o = c->ship[top->a][pos];
          if (o != 0)
            {
              push (c, IMH_CLASSIC_FR_DELIVER, (uint8_t) (o - 1), top->b, top->a, (uint8_t) pos);
              return;
            }
        }
      pop (c);              /* the ship is empty: unloading is over */
      break;

    case IMH_CLASSIC_FR_DELIVER:
      deliver_auto (c);
      break;

    case IMH_CLASSIC_FR_RETURN:
      c->ship[top->b][top->c] = 0;
      c->quarry[top->player]++;
      pop (c);
      break;

    case IMH_CLASSIC_FR_DISCARD:
      c->discards[top->a]++;
      pop (c);
      break;

    case IMH_CLASSIC_FR_TEMPLE_B:
      {
        int w = temple_width (c);
        while (top->a < w)
          {
            int k = top->a;
            int o = c->temple_top[k] - 1;
            if (o < 0)
              {
                top->a++;
                continue;
              }
            top->player = (uint8_t) o;
            switch (imh_classic_temple_b_bonus[k])
              {
              case IMH_CLASSIC_TEMPLE_CHOICE:
                return;     /* frame_options decides */
              case IMH_CLASSIC_TEMPLE_POINTS2:
                c->points[o][IMH_CLASSIC_CAT_TEMPLE] += 2;
                top->a++;
                break;
              case IMH_CLASSIC_TEMPLE_CARD:
                {
                  top->a++;
                  uint8_t t = draw_card (c);
                  if (t != NONE)
                    {
                      gain_card (c, o, t);
                      return;   /* a red card's frames go first */
                    }
                }
                break;
              default:
                top->a++;
                break;
              }
          }
        pop (c);
      }
      break;

    default:
      pop (c);
      break;
    }
}

/* ------------------------------------------------------------------ */
/* Rounds                                                              */

_Static_assert (IMH_CLASSIC_N_CATEGORIES == 8, "start_round() sums 8 categories");

static void
start_round (ImhClassic *c, int first)
{
  const ImhClassicRoundCard *card =
    &imh_classic_round_cards[c->n_players - 2][c->rounds[c->round]];

  /* whole words, as they are read (see load4) */
  uint32_t free_w = 0, slack_w = 0;
  for (int s = 0; s < IMH_CLASSIC_N_SHIPS; s++)
    {
      free_w |= (uint32_t) ((1u << card->cap[s]) - 1u) << (8 * s);
      slack_w |= (uint32_t) (card->cap[s] - imh_classic_ship_min[card->cap[s]]) << (8 * s);
    }
  memcpy (c->ship_cap, card->cap, IMH_CLASSIC_N_SHIPS);
  store4 (c->ship_site, UINT32_C (0xffffffff));
  store4 (c->ship_free, free_w);
  store4 (c->ship_slack, slack_w);
  memset (c->ship, 0, sizeof c->ship);
  c->ships_sailed = 0;
  c->sites_used = 0;
  c->passes = 0;

  if (!side_b (c, IMH_CLASSIC_SITE_MARKET))
    {
      for (int i = 0; i < 4; i++)
        c->display[i] = draw_card (c);
    }
  else
    {
      for (int i = 0; i < 3; i++)
        c->display[i] = draw_card (c);
      c->display[3] = NONE;
      c->pair[0] = draw_card (c);
      c->pair[1] = draw_card (c);
      c->pair_state = (c->pair[0] != NONE || c->pair[1] != NONE)
                      ? IMH_CLASSIC_PAIR_FACE_DOWN : IMH_CLASSIC_PAIR_NONE;
    }

  /* The 8 categories summed modulo 2^16 (the int16_t result is the same)
   * four at a time: 16-bit fields in 32-bit lanes (whatever the byte
   * order: every field is summed). */
  for (int p = 0; p < c->n_players; p++)
    {
      const uint64_t lo = UINT64_C (0x0000ffff0000ffff);
      uint64_t a, b;
      memcpy (&a, &c->points[p][0], 8);
      memcpy (&b, &c->points[p][4], 8);
      uint64_t sum = (a & lo) + ((a >> 16) & lo) + (b & lo) + ((b >> 16) & lo);
      sum += sum >> 32;
      c->round_base[p] = (int16_t) (uint16_t) sum;
    }
  c->round_start_player = (uint8_t) first;
  c->turn_player = (uint8_t) first;
  c->phase = IMH_CLASSIC_PHASE_MAIN;
  c->turn++;
}

/* C3, C14: the round ends after the whole action (or the last pass). */
static void
begin_round_end (ImhClassic *c)
{
  c->next_start_player = (uint8_t) ((c->turn_player + 1) % c->n_players);
  for (int s = 0; s < IMH_CLASSIC_N_SHIPS; s++)
    {
      if (c->ship_site[s] == NONE)
        set_ship_byte (c->ship_free, s, (1u << c->ship_cap[s]) - 1u);
      for (int pos = 0; pos < IMH_CLASSIC_SHIP_MAX; pos++)
        if (c->ship[s][pos] != 0)
          {
            c->quarry[c->ship[s][pos] - 1]++;
            c->ship[s][pos] = 0;
          }
    }
  if (!side_b (c, IMH_CLASSIC_SITE_TEMPLE))
    {
      int w = temple_width (c);
      for (int k = 0; k < w; k++)
        if (c->temple_top[k] != 0)
          c->points[c->temple_top[k] - 1][IMH_CLASSIC_CAT_TEMPLE] += 1;
    }
  else
    push (c, IMH_CLASSIC_FR_TEMPLE_B, 0, 0, 0, 0);
  c->phase = IMH_CLASSIC_PHASE_ROUND_END;
}

static void
finish_round (ImhClassic *c)
{
  for (int i = 0; i < 4; i++)
    if (c->display[i] != NONE)
      {
        c->discards[c->display[i]]++;
        c->display[i] = NONE;
      }
  if (c->pair_state == IMH_CLASSIC_PAIR_FACE_DOWN)
    {
      for (int i = 0; i < 2; i++)
        if (c->pair[i] != NONE)
          c->discards[c->pair[i]]++;
    }
  c->pair[0] = c->pair[1] = NONE;
  c->pair_state = IMH_CLASSIC_PAIR_NONE;

  c->round++;
  if (c->round >= IMH_CLASSIC_N_ROUNDS)
    {
      c->phase = IMH_CLASSIC_PHASE_OVER;
      for (int s = 0; s < IMH_CLASSIC_N_SHIPS; s++)
        {
          c->ship_site[s] = NONE;
          c->ship_free[s] = 0;
        }
      return;
    }
  start_round (c, c->next_start_player);
}

/* Resolve everything that needs no choice. Returns the number of options
 * (≥ 2, written to opts) when it stops at a frame's choice, 0 when it
 * stops at a turn's main decision or at the end of the game. */
static int
advance_opts (ImhClassic *c, ImhDecision *opts)
{
  for (;;)
    {
      if (c->sp > 0)
        {
          ImhClassicFrame *f = &c->stack[c->sp - 1];
          /* The frames of unloading at the market and those that never
           * offer a choice (frame_options() would say -1) are resolved
           * here, tested in the order of their frequency (a jump table
           * on the type mispredicts). */
          int type = f->type;
          if (type == IMH_CLASSIC_FR_RETURN)
            {
              c->ship[f->b][f->c] = 0;
              c->quarry[f->player]++;
              pop (c);
              continue;
            }
          if (type == IMH_CLASSIC_FR_UNLOAD && !f->c)
            {
              if (f->b == IMH_CLASSIC_SITE_MARKET)
                {
                  /* the next stone from the bow delivers, or unloading is over */
                  unsigned occ = nonzero_bytes4 (c->ship[f->a]);
                  if (occ != 0)
                    {
                      int pos = __builtin_ctz (occ);
                      push (c, IMH_CLASSIC_FR_DELIVER, (uint8_t) (c->ship[f->a][pos] - 1),
                            IMH_CLASSIC_SITE_MARKET, f->a, (uint8_t) pos);
                    }
                  else
                    pop (c);
                }
              else
                frame_auto (c);
              continue;
            }
          if (type == IMH_CLASSIC_FR_DELIVER)
            {
              if (f->a == IMH_CLASSIC_SITE_MARKET)
                {
                  int n = market_options (c, opts);
                  if (n >= 2)
                    return n;
                  if (n == 1)
                    frame_apply (c, opts[0]);
                  else
                    deliver_auto (c);
                  continue;
                }
              if (f->a != IMH_CLASSIC_SITE_PYRAMID || !side_b (c, IMH_CLASSIC_SITE_PYRAMID)
                  || pyramid_b_full (c))
                {
                  deliver_auto (c);
                  continue;
                }
            }
          else if (type == IMH_CLASSIC_FR_DISCARD)
            {
              c->discards[f->a]++;
              pop (c);
              continue;
            }
          int n = frame_options (c, f, opts);
          if (n >= 2)
            return n;
          if (n == 1)
            frame_apply (c, opts[0]);
          else if (n == 0)
            pop (c);
          else
            frame_auto (c);
          continue;
        }
      switch (c->phase)
        {
        case IMH_CLASSIC_PHASE_ACTION:
          if (c->ships_sailed == IMH_CLASSIC_N_SHIPS || c->passes >= c->n_players)
            {
              begin_round_end (c);
              continue;
            }
          c->turn_player = (uint8_t) ((c->turn_player + 1) % c->n_players);
          c->turn++;
          c->phase = IMH_CLASSIC_PHASE_MAIN;
          return 0;
        case IMH_CLASSIC_PHASE_ROUND_END:
          finish_round (c);
          return 0;
        default:
          return 0;
        }
    }
}

static void
advance (ImhClassic *c)
{
  ImhDecision opts[IMH_MAX_DECISIONS];
  advance_opts (c, opts);
}

static void
apply_main (ImhClassic *c, ImhDecision d)
{
  int p = c->turn_player;

  c->phase = IMH_CLASSIC_PHASE_ACTION;
  if (d == IMH_CLASSIC_D_PASS)
    {
      c->passes++;
      return;
    }
  c->passes = 0;

  if (d == IMH_CLASSIC_D_GET)
    take_stones (c, p, 3);
  else if (d < IMH_CLASSIC_D_SAIL)
    {
      int s = (d - IMH_CLASSIC_D_PLACE) / 4, pos = (d - IMH_CLASSIC_D_PLACE) % 4;
      c->sled[p]--;
      c->ship[s][pos] = (uint8_t) (p + 1);
      set_ship_byte (c->ship_free, s, c->ship_free[s] & ~(1u << pos));
    }
  else if (d < IMH_CLASSIC_D_PLAY)
    {
      int s = (d - IMH_CLASSIC_D_SAIL) / 5, t = (d - IMH_CLASSIC_D_SAIL) % 5;
      set_ship_byte (c->ship_site, s, (unsigned) t);
      set_ship_byte (c->ship_free, s, 0);
      c->sites_used |= (uint8_t) (1u << t);
      c->ships_sailed++;
      push (c, IMH_CLASSIC_FR_UNLOAD, (uint8_t) p, (uint8_t) s, (uint8_t) t, 0);
    }
  else
    {
      int play = d - IMH_CLASSIC_D_PLAY;
      int card = imh_classic_play_card (play);
      c->held[p][card]--;
      /* The card goes to the discards after its action (rulebook). */
      push (c, IMH_CLASSIC_FR_DISCARD, (uint8_t) p, (uint8_t) card, 0, 0);
      switch (play)
        {
        case IMH_CLASSIC_PLAY_HAMMER:
          take_stones (c, p, 3);
          push (c, IMH_CLASSIC_FR_PLACE_SHIP, (uint8_t) p, 0, 0, 0);
          break;
        case IMH_CLASSIC_PLAY_CHISEL:
          push (c, IMH_CLASSIC_FR_PLACE_SHIP, (uint8_t) p, 0, 0, 0);
          push (c, IMH_CLASSIC_FR_PLACE_SHIP, (uint8_t) p, 0, 0, 0);
          break;
        case IMH_CLASSIC_PLAY_SAIL:
          push (c, IMH_CLASSIC_FR_PLACE_SHIP, (uint8_t) p, 1, 0, 0);
          break;
        default:
          push (c, IMH_CLASSIC_FR_SAIL, (uint8_t) p, NONE, 1, 0);
          break;
        }
    }
}

/* ------------------------------------------------------------------ */
/* The vtable                                                          */

static bool
options_valid (const ImhOptions *o, char *why, size_t why_len)
{
  const char *msg = NULL;
  if (o->game != IMH_GAME_CLASSIC)
    msg = "options are not for the base game";
  else if (o->n_players < 2 || o->n_players > 4)
    msg = "the base game needs 2, 3 or 4 players";
  else if (o->start_player < -1 || o->start_player >= o->n_players)
    msg = "the start player must be one of the players";
  else if ((o->variants & ~(uint32_t) IMH_VARIANT_WRATH) != 0)
    msg = "unknown variant for the base game";
  else
    for (int i = 0; i < IMH_CLASSIC_N_SITES; i++)
      if (o->sides[i] > IMH_SIDE_B)
        msg = "each site must be on side A or B";
  if (msg != NULL)
    {
      if (why != NULL && why_len > 0)
        snprintf (why, why_len, "%s", msg);
      return false;
    }
  return true;
}

static void
setup (ImhState *s, const ImhOptions *o, uint64_t seed)
{
  ImhRng rng;
  ImhClassic *c = &s->u.classic;

  memset (s, 0, sizeof *s);
  s->kind = IMH_GAME_CLASSIC;
  imh_rng_seed (&rng, seed);

  c->n_players = o->n_players;
  for (int i = 0; i < IMH_CLASSIC_N_SITES; i++)
    if (o->sides[i] == IMH_SIDE_B)
      c->sides |= (uint8_t) (1u << i);
  c->wrath = (o->variants & IMH_VARIANT_WRATH) != 0;

  for (int i = 0; i < IMH_CLASSIC_N_ROUND_CARDS; i++)
    c->rounds[i] = (uint8_t) i;
  imh_rng_shuffle_u8 (&rng, c->rounds, IMH_CLASSIC_N_ROUND_CARDS);

  c->deck_n = 0;
  for (int t = 0; t < IMH_CLASSIC_N_CARD_TYPES; t++)
    for (int k = 0; k < imh_classic_card_count[t]; k++)
      c->deck[c->deck_n++] = (uint8_t) t;
  imh_rng_shuffle_u8 (&rng, c->deck, c->deck_n);
  imh_rng_seed (&c->rng, imh_rng_next (&rng));
  /* Drawn last, so that a game set up with its resolved start player
   * (records) gets exactly the same round cards and deck. */
  c->start_player = (uint8_t) (o->start_player >= 0
                               ? o->start_player
                               : (int) imh_rng_below (&rng, o->n_players));

  for (int i = 0; i < 4; i++)
    c->display[i] = NONE;
  c->pair[0] = c->pair[1] = NONE;

  for (int k = 0; k < c->n_players; k++)
    {
      int p = (c->start_player + k) % c->n_players;
      c->sled[p] = (uint8_t) (2 + k);
      c->quarry[p] = (uint8_t) (IMH_CLASSIC_STONES - c->sled[p]);
    }

  c->round = 0;
  c->turn = 0;
  start_round (c, c->start_player);
}

static void
get_options (const ImhState *s, ImhOptions *o)
{
  const ImhClassic *c = &s->u.classic;
  memset (o, 0, sizeof *o);
  o->game = IMH_GAME_CLASSIC;
  o->n_players = c->n_players;
  for (int i = 0; i < IMH_CLASSIC_N_SITES; i++)
    o->sides[i] = (c->sides >> i) & 1;
  o->start_player = (int8_t) c->start_player;
  o->variants = c->wrath ? IMH_VARIANT_WRATH : 0;
}

static int
actor (const ImhState *s)
{
  const ImhClassic *c = &s->u.classic;
  if (c->phase == IMH_CLASSIC_PHASE_OVER)
    return -1;
  if (c->sp == 0)
    return c->turn_player;
  const ImhClassicFrame *f = &c->stack[c->sp - 1];
  if (f->type == IMH_CLASSIC_FR_TEMPLE_B)
    return c->temple_top[f->a] - 1;   /* the owner of the visible stone */
  return f->player;
}

static int
turn_player (const ImhState *s)
{
  const ImhClassic *c = &s->u.classic;
  return c->phase == IMH_CLASSIC_PHASE_OVER ? -1 : c->turn_player;
}

static uint32_t
turn_index (const ImhState *s)
{
  return s->u.classic.turn;
}

static bool
is_over (const ImhState *s)
{
  return s->u.classic.phase == IMH_CLASSIC_PHASE_OVER;
}

int
_imh_classic_legal (const ImhState *s, ImhDecisionList *out)
{
  const ImhClassic *c = &s->u.classic;
  int n = 0;
  if (c->phase == IMH_CLASSIC_PHASE_OVER)
    n = 0;
  else if (c->sp == 0)
    n = main_options (c, out->d);
  else
    {
      n = frame_options (c, &c->stack[c->sp - 1], out->d);
      if (n < 0)
        n = 0;
    }
  out->n = (uint16_t) n;
  return n;
}

static bool
is_legal (const ImhState *s, ImhDecision d)
{
  ImhDecisionList l;
  _imh_classic_legal (s, &l);
  for (int i = 0; i < l.n; i++)
    if (l.d[i] == d)
      return true;
  return false;
}

static inline __attribute__ ((always_inline)) void
apply_core (ImhClassic *c, ImhDecision d)
{
  c->ply++;
  if (c->sp == 0)
    {
      apply_main (c, d);
      if (c->sp == 0 && c->ships_sailed < IMH_CLASSIC_N_SHIPS && c->passes < c->n_players)
        {
          /* the common case: the turn is over, nothing else happens */
          c->turn_player = (uint8_t) (c->turn_player + 1 == c->n_players ? 0 : c->turn_player + 1);
          c->turn++;
          c->phase = IMH_CLASSIC_PHASE_MAIN;
        }
      else
        advance (c);
    }
  else
    {
      frame_apply (c, d);
      advance (c);
    }
}

static inline void
check_after (const ImhState *s, ImhDecision d)
{
#ifdef IMH_CHECK_INVARIANTS
  char why[128];
  if (!_imh_classic_check (s, why, sizeof why))
    {
      fprintf (stderr, "imh-classic: invariant broken after decision %u: %s\n", d, why);
      abort ();
    }
#else
  (void) s;
  (void) d;
#endif
}

static void
apply (ImhState *s, ImhDecision d)
{
  apply_core (&s->u.classic, d);
  check_after (s, d);
}

/* The q-th set bit (from bit 0) of a 4-bit mask. */
static const uint8_t select4[16][4] = {
  {0, 0, 0, 0}, {0, 0, 0, 0}, {1, 0, 0, 0}, {0, 1, 0, 0}, {2, 0, 0, 0}, {0, 2, 0, 0},
  {1, 2, 0, 0}, {0, 1, 2, 0}, {3, 0, 0, 0}, {0, 3, 0, 0}, {1, 3, 0, 0}, {0, 1, 3, 0},
  {2, 3, 0, 0}, {0, 2, 3, 0}, {1, 2, 3, 0}, {0, 1, 2, 3},
};
/* k / n == (k * recip5[n]) >> 8 for n = 1..5 and k < 20 (sail options). */
static const uint16_t recip5[6] = { 0, 256, 128, 86, 64, 52 };

/* Exactly `while ((n = legal (s, &l)) > 0) apply (s, l.d[imh_rng_below (rng, n)]);`
 * (at most max_plies times), with the generator inline, without the calls
 * through the vtable and without writing the main decision's list: the
 * k-th main decision (in main_options()'s order) comes from counts, and a
 * get, a placement, a pass and a sailing to a site where no stone needs a
 * choice are applied in place, without the pending stack (what
 * apply_main() + advance() would do: the UNLOAD frame they push and pop
 * leaves the stack as it was). A frame's choice reuses the options
 * advance() computed.
 *
 * The loop is bound by the chain from one main decision to the next
 * (free positions → number of options → random index → the placement →
 * free positions), so the ships' free masks, sites and slacks, the
 * prefix counts of free positions and the turn player live in registers
 * between main decisions (written through to the state at once), and
 * are reloaded after anything else touched the state. */
uint32_t
_imh_classic_random_playout (ImhState *s, ImhRng *rng, uint32_t max_plies)
{
  ImhClassic *c = &s->u.classic;
  ImhDecision d[IMH_MAX_DECISIONS];
  uint64_t r[4] = { rng->s[0], rng->s[1], rng->s[2], rng->s[3] };
  uint32_t k = 0;
  int have = 0;     /* d holds the top frame's options (have of them) */
  /* Sites whose stones never need a choice: temple, burial chamber and
   * obelisks on either side, pyramid A. */
  unsigned plain_sites = (1u << IMH_CLASSIC_SITE_TEMPLE) | (1u << IMH_CLASSIC_SITE_BURIAL)
                         | (1u << IMH_CLASSIC_SITE_OBELISK);
  if (!side_b (c, IMH_CLASSIC_SITE_PYRAMID))
    plain_sites |= 1u << IMH_CLASSIC_SITE_PYRAMID;
  /* Mirrors of the state, valid while `fresh`. */
  bool fresh = false;
  int tp = 0;
  uint32_t free_w = 0, site_w = 0, slack_w = 0;
  uint32_t prefix = 0;    /* byte s: free positions of ships 0..s */

  while (k < max_plies && c->phase != IMH_CLASSIC_PHASE_OVER)
    {
      ImhDecision x;
      c->ply++;
      if (c->sp == 0)
        {
          if (!fresh)
            {
              tp = c->turn_player;
              free_w = load4 (c->ship_free);
              site_w = load4 (c->ship_site);
              slack_w = load4 (c->ship_slack);
              prefix = byte_counts (free_w) * UINT32_C (0x01010101);
              fresh = true;
            }
          int p = tp;
          int sled = c->sled[p];
          int take = take_count (c, p, 3);
          int n_get = take > 0;
          uint32_t counts = prefix - (prefix << 8);
          unsigned sailable = sailable_mask (counts, slack_w, site_w);
          int free_n = (int) (prefix >> 24);
          unsigned sites_free = ~(unsigned) c->sites_used & 31u;
          int n_sites = bits5[sites_free];
          int n_place = sled > 0 ? free_n : 0;
          int n_sail = nibble_bits[sailable] * n_sites;

          /* Blue cards, in main_options()'s order (hammer, chisel, sail,
           * lever): which ones can be played, without branches (players
           * often hold one); the list is written only when one is drawn. */
          const uint8_t *held = c->held[p];
          /* bit 7 of byte s: ship s is unsailed, has a free position and
           * one more stone brings it to its minimum (C12) */
          uint32_t sail_ok = (((slack_w + UINT32_C (0x01010101)) | UINT32_C (0x80808080)) - counts)
                             & site_w & (counts + UINT32_C (0x7f7f7f7f)) & UINT32_C (0x80808080);
          unsigned card_bits =
            (unsigned) (held[IMH_CLASSIC_CARD_HAMMER] > 0 && (take > 0 || (sled > 0 && free_n > 0)))
            | (unsigned) (held[IMH_CLASSIC_CARD_CHISEL] > 0 && sled >= 2 && free_n >= 2) << 1
            | (unsigned) (held[IMH_CLASSIC_CARD_SAIL] > 0 && sled >= 1 && sail_ok != 0) << 2
            | (unsigned) (held[IMH_CLASSIC_CARD_LEVER] > 0 && sailable != 0 && sites_free != 0) << 3;
          int n_cards = nibble_bits[card_bits];

          int n = n_get + n_place + n_sail + n_cards;
          int j = (int) imh_rng_step_below (r, n > 0 ? (uint32_t) n : 1u);

          if (j < n_get)
            {
              c->passes = 0;
              c->quarry[p] = (uint8_t) (c->quarry[p] - take);
              c->sled[p] = (uint8_t) (sled + take);
              x = IMH_CLASSIC_D_GET;
            }
          else if (j < n_get + n_place)
            {
              /* the kp-th free position: on the ship sh whose prefix
               * count first exceeds kp */
              uint32_t kp = (uint32_t) (j - n_get);
              int sh = (int) (kp >= (prefix & 0xff)) + (int) (kp >= ((prefix >> 8) & 0xff))
                       + (int) (kp >= ((prefix >> 16) & 0xff));
              uint32_t before = ((prefix << 8) >> (8 * sh)) & 0xff;
              int pos = select4[(free_w >> (8 * sh)) & 0xf][kp - before];
              free_w &= ~(UINT32_C (1) << (8 * sh + pos));
              prefix -= UINT32_C (0x01010101) << (8 * sh);
              store4 (c->ship_free, free_w);
              store4 (c->ship[sh], load4 (c->ship[sh]) | (uint32_t) (p + 1) << (8 * pos));
              c->passes = 0;
              c->sled[p] = (uint8_t) (sled - 1);
              x = (ImhDecision) (IMH_CLASSIC_D_PLACE + sh * 4 + pos);
            }
          else if (j < n_get + n_place + n_sail)
            {
              int ks = j - n_get - n_place;
              int qs = (ks * recip5[n_sites]) >> 8;
              int sh = select4[sailable][qs];
              x = sail_codes[sh][sites_free][ks - qs * n_sites];
              int t = (int) x - IMH_CLASSIC_D_SAIL - sh * 5;
              if ((plain_sites >> t) & 1)
                {
                  site_w = (site_w & ~(UINT32_C (0xff) << (8 * sh))) | (uint32_t) t << (8 * sh);
                  free_w &= ~(UINT32_C (0xff) << (8 * sh));
                  prefix = byte_counts (free_w) * UINT32_C (0x01010101);
                  store4 (c->ship_site, site_w);
                  store4 (c->ship_free, free_w);
                  c->passes = 0;
                  c->sites_used |= (uint8_t) (1u << t);
                  c->ships_sailed++;
                  unload_plain (c, sh, t);
                  if (c->ships_sailed == IMH_CLASSIC_N_SHIPS)
                    {
                      c->phase = IMH_CLASSIC_PHASE_ACTION;
                      have = advance_opts (c, d);
                      fresh = false;
                      goto next;
                    }
                }
              else
                {
                  apply_main (c, x);
                  have = advance_opts (c, d);
                  fresh = false;
                  goto next;
                }
            }
          else if (n > 0 || c->passes + 1 >= c->n_players)
            {
              /* a blue card, or the pass that ends the round */
              /* the play decisions are D_PLAY + HAMMER, CHISEL, SAIL, LEVER: bits 0..3 */
              x = n > 0 ? (ImhDecision) (IMH_CLASSIC_D_PLAY
                                         + select4[card_bits][j - n_get - n_place - n_sail])
                        : IMH_CLASSIC_D_PASS;
              apply_main (c, x);
              have = advance_opts (c, d);
              fresh = false;
              goto next;
            }
          else
            {
              x = IMH_CLASSIC_D_PASS;
              c->passes++;
            }
          /* the turn is over, nothing else happens */
          tp = p + 1 == c->n_players ? 0 : p + 1;
          c->turn_player = (uint8_t) tp;
          c->turn++;
          have = 0;
        }
      else
        {
          int n = have > 0 ? have : frame_options (c, &c->stack[c->sp - 1], d);
          x = d[imh_rng_step_below (r, (uint32_t) n)];
          frame_apply (c, x);
          have = advance_opts (c, d);
          fresh = false;
        }
    next:
      check_after (s, x);
      k++;
    }
  memcpy (rng->s, r, sizeof r);
  return k;
}

const ImhRules imh_classic_rules = {
  .kind = IMH_GAME_CLASSIC,
  .id = "classic",
  .state_size = offsetof (ImhState, u) + sizeof (ImhClassic),
  .min_players = 2,
  .max_players = 4,
  .n_sites = IMH_CLASSIC_N_SITES,
  .site_ids = imh_classic_site_ids,
  .n_categories = IMH_CLASSIC_N_CATEGORIES,
  .category_ids = imh_classic_category_ids,
  .options_valid = options_valid,
  .setup = setup,
  .options = get_options,
  .actor = actor,
  .turn_player = turn_player,
  .turn_index = turn_index,
  .is_over = is_over,
  .legal = _imh_classic_legal,
  .is_legal = is_legal,
  .apply = apply,
  .score = _imh_classic_score,
  .determinize = _imh_classic_determinize,
  .hidden_count = _imh_classic_hidden_count,
  .decision_to_text = _imh_classic_to_text,
  .decision_from_text = _imh_classic_from_text,
  .to_json = _imh_classic_to_json,
  .hash = _imh_classic_hash,
  .check = _imh_classic_check,
  .to_text = _imh_classic_to_text_state,
  .random_playout = _imh_classic_random_playout,
  .hidden_summary = _imh_classic_hidden_summary,
};
