/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-duel.c — Imhotep: The Duel: setup, move generation, apply,
 * determinize, hash, invariants and the ImhRules vtable.
 *
 * The printed German rulebook is the authority; the rulings D1–D10 in
 * docs/rules.md decide its gaps. No allocation, no randomness in apply.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "imh-duel.h"
#include "imh-duel-private.h"
#include "imh-duel-tables.inc"

/* Line masks (bit f = field f) and the fields of each line, nearest the
 * boat first (D1, D2). */
const uint16_t imh_duel_line_mask[IMH_DUEL_N_BOATS] = {
  0x007, 0x038, 0x1c0,          /* R0 R1 R2: rows */
  0x049, 0x092, 0x124,          /* C0 C1 C2: columns */
};

const uint8_t imh_duel_line_order[IMH_DUEL_N_BOATS][3] = {
  { 2, 1, 0 }, { 5, 4, 3 }, { 8, 7, 6 },
  { 6, 3, 0 }, { 7, 4, 1 }, { 8, 5, 2 },
};

/* Number of tiles of each code (60 in all). */
const uint8_t imh_duel_tile_count[IMH_DUEL_N_TILE_CODES] = {
  0,                            /* none */
  12,                           /* obelisk */
  6, 6,                         /* pyramids light, dark */
  3, 3, 3, 3,                   /* temple 1–4 */
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, /* crypt 1–12 */
  3, 3, 3, 3,                   /* action tiles */
};

void
imh_duel_line_fields (int boat, int fields[3])
{
  for (int i = 0; i < 3; i++)
    fields[i] = imh_duel_line_order[boat][i];
}

int
imh_duel_tile_total (uint8_t code)
{
  return code < IMH_DUEL_N_TILE_CODES ? imh_duel_tile_count[code] : 0;
}

/* ------------------------------------------------------------------ */
/* Setup                                                               */

static bool
duel_options_valid (const ImhOptions *o, char *why, size_t why_len)
{
  const char *problem = NULL;

  if (o->game != IMH_GAME_DUEL)
    problem = "not a Duel option set";
  else if (o->n_players != 2)
    problem = "the Duel is for exactly 2 players";
  else if (o->start_player < -1 || o->start_player > 1)
    problem = "the start player must be 1 or 2";
  else if (o->variants != 0)
    problem = "the Duel has no variants";
  else
    for (int i = 0; i < IMH_DUEL_N_SITES; i++)
      if (o->sides[i] > IMH_SIDE_B)
        problem = "each site is played on side A or B";
  if (problem != NULL)
    {
      if (why != NULL && why_len > 0)
        snprintf (why, why_len, "%s", problem);
      return false;
    }
  return true;
}

static void
duel_setup (ImhState *s, const ImhOptions *o, uint64_t seed)
{
  ImhDuel *d = &s->u.duel;
  uint8_t tiles[IMH_DUEL_N_TILES];
  ImhRng rng;
  int n = 0;

  memset (s, 0, sizeof *s);
  s->kind = IMH_GAME_DUEL;

  for (int c = 1; c < IMH_DUEL_N_TILE_CODES; c++)
    for (int k = 0; k < imh_duel_tile_count[c]; k++)
      tiles[n++] = (uint8_t) c;

  /* The shuffle comes first so that resolving the start player never
   * changes the tiles: a record stores the resolved start player. */
  imh_rng_seed (&rng, seed);
  imh_rng_shuffle_u8 (&rng, tiles, IMH_DUEL_N_TILES);

  /* Deal from the top of the shuffled stack (tiles[59] is drawn first):
   * boats 1..6, slots 1, 2, 3; then 3 reserve tiles; the rest is the pile. */
  n = IMH_DUEL_N_TILES;
  for (int b = 0; b < IMH_DUEL_N_BOATS; b++)
    for (int k = 0; k < IMH_DUEL_N_SLOTS; k++)
      d->boat[b][k] = tiles[--n];
  /* reserve[2] is the top: the first reserve tile drawn is dealt last. */
  for (int k = 0; k < IMH_DUEL_RESERVE_MAX; k++)
    d->reserve[k] = tiles[--n];
  d->reserve_n = IMH_DUEL_RESERVE_MAX;
  memcpy (d->pile, tiles, (size_t) n);
  d->pile_n = (uint8_t) n;

  d->boats_alive = (1u << IMH_DUEL_N_BOATS) - 1;
  d->phase = IMH_DUEL_PHASE_MAIN;
  if (o->start_player >= 0)
    d->start_player = (uint8_t) o->start_player;
  else
    d->start_player = (uint8_t) (imh_rng_next (&rng) >> 63);
  d->turn_player = d->start_player;
  for (int i = 0; i < IMH_DUEL_N_SITES; i++)
    if (o->sides[i] == IMH_SIDE_B)
      d->sides |= (uint8_t) (1u << i);
  d->obelisk_first = -1;
  d->ply = 0;
  d->turn = 1;
}

static void
duel_options (const ImhState *s, ImhOptions *o)
{
  const ImhDuel *d = &s->u.duel;

  imh_options_init (o, IMH_GAME_DUEL, 2);
  for (int i = 0; i < IMH_DUEL_N_SITES; i++)
    o->sides[i] = (d->sides >> i) & 1 ? IMH_SIDE_B : IMH_SIDE_A;
  o->start_player = (int8_t) d->start_player;
}

/* ------------------------------------------------------------------ */
/* Queries                                                             */

static int
duel_actor (const ImhState *s)
{
  return s->u.duel.phase == IMH_DUEL_PHASE_OVER ? -1 : s->u.duel.turn_player;
}

static uint32_t
duel_turn_index (const ImhState *s)
{
  return s->u.duel.turn;
}

static bool
duel_is_over (const ImhState *s)
{
  return s->u.duel.phase == IMH_DUEL_PHASE_OVER;
}

static inline unsigned
popcount (unsigned x)
{
  unsigned n = 0;
  for (; x != 0; x &= x - 1)
    n++;
  return n;
}

static inline unsigned
occupied (const ImhDuel *d)
{
  return (unsigned) (d->meeples[0] | d->meeples[1]);
}

static inline unsigned
supply (const ImhDuel *d, int p)
{
  return IMH_DUEL_N_MEEPLES - duel_popcount9[d->meeples[p] & 0x1ffu];
}

/* Bit b: boat b may be unloaded (in play, ≥ 2 meeples in its line; D6). */
static inline unsigned
unloadable (const ImhDuel *d)
{
  return duel_lines_2plus[occupied (d) & 0x1ffu] & d->boats_alive;
}

unsigned
imh_duel_unloadable (const ImhDuel *d)
{
  return unloadable (d);
}

/* Fields where a PLACE_UNLOAD placement is legal: after it, some unload
 * must be possible (D7). */
static unsigned
pu_fields (const ImhDuel *d)
{
  /* Bit b of these: boat b's line, for field f: its row and its column. */
  static const uint8_t field_lines[IMH_DUEL_N_FIELDS] = {
    0x09, 0x11, 0x21, 0x0a, 0x12, 0x22, 0x0c, 0x14, 0x24,
  };
  unsigned occ = occupied (d) & 0x1ffu;
  unsigned free_fields = ~occ & 0x1ffu;
  unsigned lines = duel_lines_1plus[occ] & d->boats_alive;
  unsigned m = 0;

  if ((duel_lines_2plus[occ] & d->boats_alive) != 0)
    return free_fields;
  for (unsigned f = free_fields; f != 0; f &= f - 1)
    {
      int k = __builtin_ctz (f);
      if (field_lines[k] & lines)
        m |= 1u << k;
    }
  return m;
}

/* The 18 slot bytes (boat[0][0] .. boat[5][2]) eight at a time: removed
 * boats carry no tiles, so no test of boats_alive is needed. */
static inline uint64_t
load8 (const uint8_t *p)
{
  uint64_t w;

  memcpy (&w, p, sizeof w);
  return w;
}

#define BYTES(x) (UINT64_C (0x0101010101010101) * (x))

/* High bit of each byte of w (bytes < 0x80) set where 1 ≤ byte ≤ 19: a
 * tile that TAKE may take (not an action tile, D7). */
static inline uint64_t
takeable_bytes (uint64_t w)
{
  return (w + BYTES (0x7f)) & ~(w + BYTES (0x80 - IMH_DUEL_TILE_ACTION_0)) & BYTES (0x80);
}

static bool
any_takeable (const ImhDuel *d)
{
  const uint8_t *slots = &d->boat[0][0];
  uint16_t last;

  memcpy (&last, slots + 16, sizeof last);
  return (takeable_bytes (load8 (slots)) | takeable_bytes (load8 (slots + 8)) |
          takeable_bytes (last)) != 0;
}

static unsigned swap_mask (const ImhDuel *d);

static inline bool
any_swappable (const ImhDuel *d)
{
  return swap_mask (d) != 0;
}

/* Bit b * 3 + k (the TAKE decision's offset): slot k of boat b holds a
 * tile TAKE may take. */
static inline unsigned
take_mask (const ImhDuel *d)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  /* Gathers the high bit of each byte into 8 bits (multiply trick). */
  const uint8_t *slots = &d->boat[0][0];
  const uint64_t gather = UINT64_C (0x0102040810204080);
  uint16_t last;

  memcpy (&last, slots + 16, sizeof last);
  return (unsigned) (((takeable_bytes (load8 (slots)) >> 7) * gather) >> 56) |
         (unsigned) (((takeable_bytes (load8 (slots + 8)) >> 7) * gather) >> 56) << 8 |
         (unsigned) (((takeable_bytes (last) >> 7) * gather) >> 56) << 16;
#else
  unsigned m = 0;
  for (int i = 0; i < IMH_DUEL_N_BOATS * IMH_DUEL_N_SLOTS; i++)
    m |= (unsigned) ((&d->boat[0][0])[i] - 1u < IMH_DUEL_TILE_ACTION_0 - 1u) << i;
  return m;
#endif
}

/* Bit b * 3 + pair (the SWAP decision's offset): both slots of the pair
 * (1-2, 1-3, 2-3) of boat b hold tiles. */
static inline unsigned
swap_mask (const ImhDuel *d)
{
  const uint8_t *t = &d->boat[0][0];
  unsigned full = 0;

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  /* Bit i: slot byte i is not 0 (high bit of byte + 0x7f, gathered). */
  const uint64_t gather = UINT64_C (0x0102040810204080);
  uint16_t last;

  memcpy (&last, t + 16, sizeof last);
  full = (unsigned) ((((load8 (t) + BYTES (0x7f)) & BYTES (0x80)) >> 7) * gather >> 56) |
         (unsigned) ((((load8 (t + 8) + BYTES (0x7f)) & BYTES (0x80)) >> 7) * gather >> 56) << 8 |
         (unsigned) (((((uint64_t) last + 0x7f7fu) & 0x8080u) >> 7) * gather >> 56) << 16;
#else
  for (int i = 0; i < IMH_DUEL_N_BOATS * IMH_DUEL_N_SLOTS; i++)
    full |= (unsigned) (t[i] != 0) << i;
#endif
  return (full & full >> 1 & 0x09249u) | (full << 1 & full >> 1 & 0x12492u) |
         (full & full << 1 & 0x24924u);
}

/* The index of the k-th set bit (from 0) of an 18-bit mask: duel_place_list
 * lists the set bits of 9-bit masks (IMH_DUEL_D_PLACE is 0). */
static inline unsigned
select18 (unsigned m, unsigned k)
{
  unsigned lo = m & 0x1ffu, n_lo = duel_popcount9[lo];

  return k < n_lo ? duel_place_list[lo][k] : 9u + duel_place_list[m >> 9][k - n_lo];
}

static const uint8_t swap_pair[3][2] = { { 0, 1 }, { 0, 2 }, { 1, 2 } };

/* Bit k: the player holds action tile k and can play it (D7, DU4). */
static inline unsigned
playable_actions (const ImhDuel *d, int p)
{
  unsigned occ = occupied (d) & 0x1ffu;
  unsigned free_fields = ~occ & 0x1ffu;
  unsigned n_free = IMH_DUEL_N_FIELDS - duel_popcount9[occ];
  unsigned in_supply = supply (d, p);
  unsigned unl = duel_lines_2plus[occ] & d->boats_alive;
  unsigned reach = duel_line_fields[duel_lines_1plus[occ] & d->boats_alive];
  const uint8_t *a = d->actions[p];
  unsigned held = (unsigned) (a[0] != 0) | (unsigned) (a[1] != 0) << 1 |
                  (unsigned) (a[2] != 0) << 2 | (unsigned) (a[3] != 0) << 3;
  unsigned ok = 0;

  ok |= (unsigned) any_takeable (d) << IMH_DUEL_ACTION_TAKE;
  ok |= (unsigned) (in_supply >= 2 && n_free >= 2) << IMH_DUEL_ACTION_PLACE_2_3;
  /* A placement after which an unload is possible: any free field when
   * one is possible already, else a free field in a line that holds a
   * meeple and whose boat is in play. */
  ok |= (unsigned) (in_supply >= 1 && (free_fields & (unl != 0 ? 0x1ffu : reach)) != 0)
        << IMH_DUEL_ACTION_PLACE_UNLOAD;
  ok |= (unsigned) (unl != 0 && any_swappable (d)) << IMH_DUEL_ACTION_SWAP_UNLOAD;
  return ok & held;
}

/* The playable action tiles, appended at n. */
static inline unsigned
legal_actions (const ImhDuel *d, int p, ImhDecisionList *out, unsigned n)
{
  unsigned ok = playable_actions (d, p);

  memcpy (out->d + n, duel_play_list[ok], sizeof duel_play_list[0]);
  return n + duel_popcount9[ok];
}

/* Every phase but MAIN: the sub-steps of the action tiles. */
static __attribute__ ((noinline)) int
legal_substep (const ImhDuel *d, ImhDecisionList *out)
{
  unsigned n = 0;
  unsigned m;

  switch (d->phase)
    {
    case IMH_DUEL_PHASE_TAKE:
      /* Removed boats carry no tiles. */
      for (m = take_mask (d); m != 0; m &= m - 1)
        out->d[n++] = (ImhDecision) (IMH_DUEL_D_TAKE + __builtin_ctz (m));
      break;

    case IMH_DUEL_PHASE_P23_FIRST:
    case IMH_DUEL_PHASE_P23_SECOND:
    case IMH_DUEL_PHASE_P23_THIRD:
      for (m = ~occupied (d) & 0x1ffu; m != 0; m &= m - 1)
        out->d[n++] = (ImhDecision) (IMH_DUEL_D_PLACE + __builtin_ctz (m));
      if (d->phase == IMH_DUEL_PHASE_P23_THIRD)
        out->d[n++] = IMH_DUEL_D_STOP;
      break;

    case IMH_DUEL_PHASE_PU_PLACE:
      for (m = pu_fields (d); m != 0; m &= m - 1)
        out->d[n++] = (ImhDecision) (IMH_DUEL_D_PLACE + __builtin_ctz (m));
      break;

    case IMH_DUEL_PHASE_PU_UNLOAD1:
    case IMH_DUEL_PHASE_PU_UNLOAD2:
    case IMH_DUEL_PHASE_SU_UNLOAD:
      for (m = unloadable (d); m != 0; m &= m - 1)
        out->d[n++] = (ImhDecision) (IMH_DUEL_D_UNLOAD + __builtin_ctz (m));
      if (d->phase == IMH_DUEL_PHASE_PU_UNLOAD2)
        out->d[n++] = IMH_DUEL_D_STOP;
      break;

    case IMH_DUEL_PHASE_SU_SWAP:
      for (m = swap_mask (d); m != 0; m &= m - 1)
        out->d[n++] = (ImhDecision) (IMH_DUEL_D_SWAP + __builtin_ctz (m));
      break;

    default:          /* over: nothing */
      break;
    }
  out->n = (uint16_t) n;
  return (int) n;
}

static int
duel_legal (const ImhState *s, ImhDecisionList *out)
{
  const ImhDuel *d = &s->u.duel;
  int p = d->turn_player;
  unsigned n = 0;
  unsigned m;
  uint32_t held;

  if (__builtin_expect (d->phase != IMH_DUEL_PHASE_MAIN, 0))
    return legal_substep (d, out);
  /* Whole blocks from the tables: no data-dependent loops. */
  if (supply (d, p) > 0)
    {
      unsigned free_fields = ~occupied (d) & 0x1ffu;
      memcpy (out->d, duel_place_list[free_fields], sizeof duel_place_list[0]);
      n = duel_popcount9[free_fields];
    }
  m = unloadable (d);
  memcpy (out->d + n, duel_unload_list[m], sizeof duel_unload_list[0]);
  n += duel_popcount9[m];
  memcpy (&held, d->actions[p], sizeof held);
  if (held != 0)
    n = legal_actions (d, p, out, n);
  if (n == 0)
    out->d[n++] = IMH_DUEL_D_PASS;   /* D8 */
  out->n = (uint16_t) n;
  return (int) n;
}

static bool
duel_is_legal (const ImhState *s, ImhDecision dec)
{
  ImhDecisionList list;

  duel_legal (s, &list);
  for (int i = 0; i < list.n; i++)
    if (list.d[i] == dec)
      return true;
  return false;
}

/* ------------------------------------------------------------------ */
/* Apply                                                               */

/* Where a tile goes, per tile code: a byte counter at `offset + p *
 * stride` incremented by `inc` (0 for crypt tiles and for code 0), and a
 * crypt bit. Branch-free, since the kind of an unloaded tile is random. */
#define HOLD(field, k, stride) { offsetof (ImhDuel, field) + (k), stride, 1, 0 }
static const struct {
  uint8_t  offset, stride, inc;
  uint16_t crypt_bit;
} tile_dest[IMH_DUEL_N_TILE_CODES] = {
  { offsetof (ImhDuel, obelisk), 1, 0, 0 },                        /* none */
  HOLD (obelisk, 0, 1),
  HOLD (pyramid, 0, 2), HOLD (pyramid, 1, 2),
  HOLD (temple, 0, 4), HOLD (temple, 1, 4), HOLD (temple, 2, 4), HOLD (temple, 3, 4),
#define CRYPT(n) { offsetof (ImhDuel, obelisk), 1, 0, 1u << (n) }
  CRYPT (0), CRYPT (1), CRYPT (2), CRYPT (3), CRYPT (4), CRYPT (5),
  CRYPT (6), CRYPT (7), CRYPT (8), CRYPT (9), CRYPT (10), CRYPT (11),
#undef CRYPT
  HOLD (actions, 0, 4), HOLD (actions, 1, 4), HOLD (actions, 2, 4), HOLD (actions, 3, 4),
};
#undef HOLD

static inline void
give_tile (ImhDuel *d, int p, unsigned code)
{
  uint8_t *bytes = (uint8_t *) d;
  int8_t first = d->obelisk_first;

  bytes[tile_dest[code].offset + p * tile_dest[code].stride] += tile_dest[code].inc;
  d->crypt[p] |= tile_dest[code].crypt_bit;
  /* Obelisk B: the first to hold 5 (D2 order decides within an unload). */
  d->obelisk_first = (first < 0 && d->obelisk[p] == 5 && code == IMH_DUEL_TILE_OBELISK)
                     ? (int8_t) p : first;
}

void
imh_duel_give_tile (ImhDuel *d, int p, uint8_t code)
{
  if (code != IMH_DUEL_TILE_NONE && code < IMH_DUEL_N_TILE_CODES)
    give_tile (d, p, code);
}

static inline void
end_turn (ImhDuel *d)
{
  d->turn_player ^= 1;
  d->turn++;
  d->phase = IMH_DUEL_PHASE_MAIN;
}

/* Unloading (D2): per line, the 3 fields as bits, bit 2 the field nearest
 * the boat (imh_duel_line_order[b][0]), bit 0 the farthest. Rows are 3
 * adjacent bits (field 3r + 2 nearest); for columns a multiply gathers
 * the bits of fields c, c + 3, c + 6 (field c + 6 nearest). */
static const struct {
  uint8_t shift, mask, mul, shift2;
} line_gather[IMH_DUEL_N_BOATS] = {
  { 0, 0x07, 0x01, 0 }, { 3, 0x07, 0x01, 0 }, { 6, 0x07, 0x01, 0 },
  { 0, 0x49, 0x15, 4 }, { 1, 0x49, 0x15, 4 }, { 2, 0x49, 0x15, 4 },
};

/* The index into unload_owners[] for boat b: the line's occupied fields
 * (bits 0–2) and its fields held by player 2 (bits 3–5), both gathered at
 * once (occupied fields in the low 16 bits, player 2's in the high). */
static inline unsigned
line_index (unsigned occ, unsigned m1, int b)
{
  uint32_t v = (uint32_t) occ | (uint32_t) m1 << 16;
  uint32_t mask = line_gather[b].mask;

  v = ((v >> line_gather[b].shift) & (mask | mask << 16)) * line_gather[b].mul >> line_gather[b].shift2;
  return (v & 7u) | ((v >> 13) & 0x38u);
}

/* Who gets the tiles of slots 3, 2, 1 (2 bits each, in bits 0–1, 2–3,
 * 4–5): 0 or 1 the player, 2 nobody (the tile leaves the game). Index:
 * the line's occupied fields | the line's fields held by player 2 << 3.
 * The first meeple from the boat takes slot 3, the next slot 2, … */
static const uint8_t unload_owners[64] = {
  0x2a, 0x28, 0x28, 0x20, 0x28, 0x20, 0x20, 0x00, 0x2a, 0x29, 0x28, 0x24, 0x28, 0x24, 0x20, 0x10,
  0x2a, 0x28, 0x29, 0x21, 0x28, 0x20, 0x24, 0x04, 0x2a, 0x29, 0x29, 0x25, 0x28, 0x24, 0x24, 0x14,
  0x2a, 0x28, 0x28, 0x20, 0x29, 0x21, 0x21, 0x01, 0x2a, 0x29, 0x28, 0x24, 0x29, 0x25, 0x21, 0x11,
  0x2a, 0x28, 0x29, 0x21, 0x29, 0x21, 0x25, 0x05, 0x2a, 0x29, 0x29, 0x25, 0x29, 0x25, 0x25, 0x15,
};

/* Where an unloaded tile goes, per tile code and receiver (player 0, 1,
 * or 2 = out of the game), packed in 32 bits: bits 0–7 the byte of
 * ImhDuel to increment, bits 8–15 by how much, bits 16–31 the crypt bit
 * to set in crypt[receiver & 1]. */
#define PACK(offset, inc, crypt_bit) \
  ((uint32_t) (offset) | (uint32_t) (inc) << 8 | (uint32_t) (crypt_bit) << 16)
#define RECV(field, k, stride, code) \
  { PACK (offsetof (ImhDuel, field) + (k), 1, 0), \
    PACK (offsetof (ImhDuel, field) + (k) + (stride), 1, 0), \
    PACK (offsetof (ImhDuel, removed) + (code), 1, 0) }
#define RECV_CRYPT(n) \
  { PACK (offsetof (ImhDuel, obelisk), 0, 1u << (n)), \
    PACK (offsetof (ImhDuel, obelisk), 0, 1u << (n)), \
    PACK (offsetof (ImhDuel, removed) + IMH_DUEL_TILE_CRYPT_1 + (n), 1, 0) }
static const uint32_t unload_dest[IMH_DUEL_N_TILE_CODES][3] = {
  { PACK (offsetof (ImhDuel, obelisk), 0, 0), PACK (offsetof (ImhDuel, obelisk), 0, 0),
    PACK (offsetof (ImhDuel, removed), 0, 0) },                       /* none */
  RECV (obelisk, 0, 1, IMH_DUEL_TILE_OBELISK),
  RECV (pyramid, 0, 2, IMH_DUEL_TILE_PYRAMID_LIGHT),
  RECV (pyramid, 1, 2, IMH_DUEL_TILE_PYRAMID_DARK),
  RECV (temple, 0, 4, IMH_DUEL_TILE_TEMPLE_1), RECV (temple, 1, 4, IMH_DUEL_TILE_TEMPLE_1 + 1),
  RECV (temple, 2, 4, IMH_DUEL_TILE_TEMPLE_1 + 2), RECV (temple, 3, 4, IMH_DUEL_TILE_TEMPLE_1 + 3),
  RECV_CRYPT (0), RECV_CRYPT (1), RECV_CRYPT (2), RECV_CRYPT (3), RECV_CRYPT (4), RECV_CRYPT (5),
  RECV_CRYPT (6), RECV_CRYPT (7), RECV_CRYPT (8), RECV_CRYPT (9), RECV_CRYPT (10), RECV_CRYPT (11),
  RECV (actions, 0, 4, IMH_DUEL_TILE_ACTION_0), RECV (actions, 1, 4, IMH_DUEL_TILE_ACTION_0 + 1),
  RECV (actions, 2, 4, IMH_DUEL_TILE_ACTION_0 + 2), RECV (actions, 3, 4, IMH_DUEL_TILE_ACTION_0 + 3),
};
#undef RECV
#undef RECV_CRYPT
#undef PACK

static inline void
deliver (ImhDuel *d, unsigned code, unsigned who)
{
  uint8_t *bytes = (uint8_t *) d;
  uint32_t e = unload_dest[code][who];

  bytes[e & 0xffu] = (uint8_t) (bytes[e & 0xffu] + ((e >> 8) & 0xffu));
  d->crypt[who & 1] |= (uint16_t) (e >> 16);
}

/* Obelisk B (D2 order decides within an unload): replays the deliveries
 * of one unload from the obelisk counts before it. Rare: only while
 * nobody was first and someone now holds 5 or more. */
static __attribute__ ((noinline, cold)) void
unload_obelisk_first (ImhDuel *d, unsigned owners, unsigned tiles,
                      unsigned before0, unsigned before1)
{
  unsigned held[2] = { before0, before1 };

  for (int i = 0; i < 3; i++)
    {
      unsigned who = (owners >> (2 * i)) & 3;
      /* tiles: slot k's tile in bits 8k..8k+7; slot 3 first. */
      if (who < 2 && ((tiles >> (8 * (2 - i))) & 0xffu) == IMH_DUEL_TILE_OBELISK)
        {
          held[who] = (uint8_t) (held[who] + 1);
          if (d->obelisk_first < 0 && held[who] == 5)
            d->obelisk_first = (int8_t) who;
        }
    }
}

/* Unloads boat b (D2), refills or removes it (D3); ends the game when one
 * boat is left (D4). Returns true if the game ended. Branch-free up to
 * the refill: the meeples of the line go home, each tile goes to its
 * receiver from a table (an empty slot delivers nothing). */
static inline bool
unload (ImhDuel *d, int b)
{
  uint8_t *slots = d->boat[b];
  unsigned m1 = d->meeples[1];
  unsigned owners = unload_owners[line_index (d->meeples[0] | m1, m1, b)];
  unsigned t0 = slots[0], t1 = slots[1], t2 = slots[2];
  unsigned before0 = d->obelisk[0], before1 = d->obelisk[1];
  uint16_t keep = (uint16_t) ~imh_duel_line_mask[b];

  d->meeples[0] &= keep;
  d->meeples[1] &= keep;
  deliver (d, t2, owners & 3);
  deliver (d, t1, (owners >> 2) & 3);
  deliver (d, t0, owners >> 4);
  if (__builtin_expect ((d->obelisk_first < 0) & ((d->obelisk[0] >= 5) | (d->obelisk[1] >= 5)), 0))
    unload_obelisk_first (d, owners, t0 | t1 << 8 | t2 << 16, before0, before1);
  if (d->pile_n >= 3)
    {
      slots[0] = d->pile[d->pile_n - 1];
      slots[1] = d->pile[d->pile_n - 2];
      slots[2] = d->pile[d->pile_n - 3];
      d->pile_n -= 3;
      return false;
    }
  slots[0] = slots[1] = slots[2] = 0;
  d->boats_alive &= (uint8_t) ~(1u << b);
  if ((d->boats_alive & (d->boats_alive - 1)) == 0)
    {
      d->phase = IMH_DUEL_PHASE_OVER;
      return true;
    }
  return false;
}

static inline void
place (ImhDuel *d, int f)
{
  d->meeples[d->turn_player] |= (uint16_t) (1u << f);
}

/* Every decision; duel_apply() below takes the common ones first. */
static __attribute__ ((noinline)) void
apply_general (ImhDuel *d, ImhDecision dec)
{
  int p = d->turn_player;

  d->ply++;
  switch (d->phase)
    {
    case IMH_DUEL_PHASE_MAIN:
      if (dec < IMH_DUEL_D_UNLOAD)
        {
          place (d, dec - IMH_DUEL_D_PLACE);
          end_turn (d);
        }
      else if (dec < IMH_DUEL_D_PLAY)
        {
          if (!unload (d, dec - IMH_DUEL_D_UNLOAD))
            end_turn (d);
        }
      else if (dec < IMH_DUEL_D_TAKE)
        {
          int k = dec - IMH_DUEL_D_PLAY;
          static const uint8_t next_phase[IMH_DUEL_N_ACTIONS] = {
            IMH_DUEL_PHASE_TAKE, IMH_DUEL_PHASE_P23_FIRST,
            IMH_DUEL_PHASE_PU_PLACE, IMH_DUEL_PHASE_SU_SWAP,
          };
          d->actions[p][k]--;
          d->removed[IMH_DUEL_TILE_ACTION_0 + k]++;
          d->phase = next_phase[k];
        }
      else
        end_turn (d);     /* pass */
      break;

    case IMH_DUEL_PHASE_TAKE:
      {
        int b = (dec - IMH_DUEL_D_TAKE) / 3, k = (dec - IMH_DUEL_D_TAKE) % 3;
        give_tile (d, p, d->boat[b][k]);
        d->boat[b][k] = d->reserve_n > 0 ? d->reserve[--d->reserve_n] : 0;
        end_turn (d);
      }
      break;

    case IMH_DUEL_PHASE_P23_FIRST:
      place (d, dec - IMH_DUEL_D_PLACE);
      d->phase = IMH_DUEL_PHASE_P23_SECOND;
      break;

    case IMH_DUEL_PHASE_P23_SECOND:
      place (d, dec - IMH_DUEL_D_PLACE);
      if (supply (d, p) > 0 && occupied (d) != 0x1ffu)
        d->phase = IMH_DUEL_PHASE_P23_THIRD;
      else
        end_turn (d);
      break;

    case IMH_DUEL_PHASE_P23_THIRD:
      if (dec != IMH_DUEL_D_STOP)
        place (d, dec - IMH_DUEL_D_PLACE);
      end_turn (d);
      break;

    case IMH_DUEL_PHASE_PU_PLACE:
      place (d, dec - IMH_DUEL_D_PLACE);
      d->phase = IMH_DUEL_PHASE_PU_UNLOAD1;
      break;

    case IMH_DUEL_PHASE_PU_UNLOAD1:
      if (unload (d, dec - IMH_DUEL_D_UNLOAD))
        break;
      if (unloadable (d) != 0)
        d->phase = IMH_DUEL_PHASE_PU_UNLOAD2;
      else
        end_turn (d);
      break;

    case IMH_DUEL_PHASE_PU_UNLOAD2:
      if (dec != IMH_DUEL_D_STOP && unload (d, dec - IMH_DUEL_D_UNLOAD))
        break;
      end_turn (d);
      break;

    case IMH_DUEL_PHASE_SU_SWAP:
      {
        int b = (dec - IMH_DUEL_D_SWAP) / 3, k = (dec - IMH_DUEL_D_SWAP) % 3;
        uint8_t t = d->boat[b][swap_pair[k][0]];
        d->boat[b][swap_pair[k][0]] = d->boat[b][swap_pair[k][1]];
        d->boat[b][swap_pair[k][1]] = t;
        d->phase = IMH_DUEL_PHASE_SU_UNLOAD;
      }
      break;

    case IMH_DUEL_PHASE_SU_UNLOAD:
      if (!unload (d, dec - IMH_DUEL_D_UNLOAD))
        end_turn (d);
      break;

    default:
      d->ply--;
      break;
    }

}

static void
duel_apply (ImhState *s, ImhDecision dec)
{
  ImhDuel *d = &s->u.duel;

  /* Placing and unloading on a main step: most decisions of a game. */
  if (__builtin_expect (d->phase == IMH_DUEL_PHASE_MAIN && dec < IMH_DUEL_D_PLAY, 1))
    {
      d->ply++;
      if (dec < IMH_DUEL_D_UNLOAD)
        {
          place (d, dec - IMH_DUEL_D_PLACE);
          end_turn (d);
        }
      else if (!unload (d, dec - IMH_DUEL_D_UNLOAD))
        end_turn (d);
    }
  else
    apply_general (d, dec);

  /* Invariants inside apply: opt-in (-DIMH_DUEL_CHECK_EVERY_APPLY in a
   * debug build). Off by default: it makes playouts 5x slower, and the
   * tests build positions by hand that need not conserve the 60 tiles.
   * The property test calls check() after every decision instead. */
#if defined(IMH_CHECK_INVARIANTS) && defined(IMH_DUEL_CHECK_EVERY_APPLY)
  {
    char why[128];
    if (!imh_duel_rules.check (s, why, sizeof why))
      {
        fprintf (stderr, "imh-duel: invariant broken: %s\n", why);
        __builtin_trap ();
      }
  }
#endif
}

/* Uniformly random decisions to the end (ImhRules.random_playout): the
 * same decisions and random numbers as legal() + imh_rng_below() +
 * apply(), but no decision list is written: the k-th decision comes
 * straight from the tables, the generator runs inline on a local copy of
 * its state, and what depends only on the boats' tiles (can TAKE take,
 * can SWAP swap) is recomputed only after the tiles change. */

/* imh_rng_step_below() on the generator's four words as separate locals:
 * GCC keeps them in registers (it does not for the array). */
static inline __attribute__ ((always_inline)) uint32_t
rng_below_regs (uint64_t *s0, uint64_t *s1, uint64_t *s2, uint64_t *s3, uint32_t bound)
{
  uint64_t result = ((*s1 * 5) << 7 | (*s1 * 5) >> 57) * 9;
  uint64_t t = *s1 << 17;
  uint64_t m;

  *s2 ^= *s0;
  *s3 ^= *s1;
  *s1 ^= *s2;
  *s0 ^= *s3;
  *s2 ^= t;
  *s3 = *s3 << 45 | *s3 >> 19;
  m = (uint64_t) (uint32_t) (result >> 32) * bound;
  if (__builtin_expect ((uint32_t) m < bound, 0))
    {
      uint64_t r[4] = { *s0, *s1, *s2, *s3 };
      uint32_t threshold = (uint32_t) -bound % bound;

      while ((uint32_t) m < threshold)
        m = (uint64_t) (uint32_t) (imh_rng_step (r) >> 32) * bound;
      *s0 = r[0];
      *s1 = r[1];
      *s2 = r[2];
      *s3 = r[3];
    }
  return (uint32_t) (m >> 32);
}

/* Bit k: actions[k] != 0, for the 4 bytes of a player's action tiles. */
static inline unsigned
held_mask (const uint8_t a[IMH_DUEL_N_ACTIONS])
{
  uint32_t w;

  memcpy (&w, a, sizeof w);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  /* Bytes are at most 3: bit 7 of byte + 0x7f is "nonzero"; the multiply
   * gathers bits 7, 15, 23, 31 into bits 28–31. */
  w = ((w + UINT32_C (0x7f7f7f7f)) >> 7) & UINT32_C (0x01010101);
  return (uint32_t) (w * UINT32_C (0x10204080)) >> 28;
#else
  return (unsigned) (a[0] != 0) | (unsigned) (a[1] != 0) << 1 |
         (unsigned) (a[2] != 0) << 2 | (unsigned) (a[3] != 0) << 3;
#endif
}

/* Bit 0: some tile on the boats can be taken; bit 1: some boat holds 2
 * tiles to swap (what TAKE and SWAP_UNLOAD need from the boats). */
static inline unsigned
boat_tests (const ImhDuel *d)
{
  return (unsigned) any_takeable (d) | (unsigned) any_swappable (d) << 1;
}

/* boat_tests() out of line, for the main steps (it needs many registers
 * and runs on few of them). */
static __attribute__ ((noinline)) unsigned
boat_tests_out (const ImhDuel *d)
{
  return boat_tests (d);
}

/* boat_tests() after boat b was unloaded, from the old value: a refilled
 * boat has 3 tiles to swap, and if one of them can be taken, so can some
 * tile; otherwise 4 (stale: recompute when needed). */
static inline unsigned
boat_tests_after_unload (const ImhDuel *d, int b)
{
  const uint8_t *t = d->boat[b];
  unsigned take = (unsigned) (t[0] - 1u < IMH_DUEL_TILE_ACTION_0 - 1u) |
                  (unsigned) (t[1] - 1u < IMH_DUEL_TILE_ACTION_0 - 1u) |
                  (unsigned) (t[2] - 1u < IMH_DUEL_TILE_ACTION_0 - 1u);

  /* A removed boat's slots are empty (take is 0). */
  return take != 0 ? 3u : 4u;
}

/* The main steps of the fused playout keep the meeples and the held
 * action tiles of both players in one 32-bit word, the player to move in
 * the low half: bits 0–8 its meeples, bit 9 set when it is player 2,
 * bits 12–15 its held action tiles (bit k: holds tile k); the other player
 * the same in the high half. Ending a turn swaps the halves. */
#define MM_MARK   (1u << 9)
#define MM_HELD   12

/* Bit MM_HELD + k for action tile k, per tile code; 0 for the others. */
static const uint16_t mm_action_bit[IMH_DUEL_N_TILE_CODES] = {
  [IMH_DUEL_TILE_ACTION_0] = 1u << MM_HELD, [IMH_DUEL_TILE_ACTION_0 + 1] = 1u << (MM_HELD + 1),
  [IMH_DUEL_TILE_ACTION_0 + 2] = 1u << (MM_HELD + 2), [IMH_DUEL_TILE_ACTION_0 + 3] = 1u << (MM_HELD + 3),
};

static inline uint32_t
mm_swap (uint32_t mm)
{
  return mm << 16 | mm >> 16;
}

/* The held bit of an action tile delivered to receiver rel (0 the player
 * to move, 1 the other, 2 nobody: shifted out of the 32 bits). */
static inline uint32_t
mm_delivered (unsigned code, unsigned rel)
{
  return (uint32_t) ((uint64_t) mm_action_bit[code] << (16 * rel));
}

/* unload() for the main steps of the fused playout, on the word above and
 * the boats in play (the caller's locals, written to the state only when
 * the main steps end). Returns true if the game ended. */
static inline __attribute__ ((always_inline)) bool
unload_regs (ImhDuel *d, int b, uint32_t *mmp, unsigned *alive)
{
  uint8_t *slots = d->boat[b];
  uint32_t mm = *mmp;
  unsigned p = (mm >> 9) & 1u;
  /* Receivers relative to the player to move, then the players' numbers
   * (0 and 1 swapped when player 2 moves; 2 stays). */
  unsigned rel = unload_owners[line_index ((mm | mm >> 16) & 0x1ffu, (mm >> 16) & 0x1ffu, b)];
  unsigned owners = rel ^ ((~rel >> 1) & 0x15u & -p);
  unsigned t0 = slots[0], t1 = slots[1], t2 = slots[2];
  unsigned before0 = d->obelisk[0], before1 = d->obelisk[1];
  uint32_t keep = (uint32_t) imh_duel_line_mask[b] * 0x10001u;

  *mmp = (mm & ~keep) | mm_delivered (t2, rel & 3) | mm_delivered (t1, (rel >> 2) & 3) |
         mm_delivered (t0, rel >> 4);
  deliver (d, t2, owners & 3);
  deliver (d, t1, (owners >> 2) & 3);
  deliver (d, t0, owners >> 4);
  if (__builtin_expect ((d->obelisk_first < 0) & ((d->obelisk[0] >= 5) | (d->obelisk[1] >= 5)), 0))
    unload_obelisk_first (d, owners, t0 | t1 << 8 | t2 << 16, before0, before1);
  if (d->pile_n >= 3)
    {
      unsigned n = d->pile_n;
      slots[0] = d->pile[n - 1];
      slots[1] = d->pile[n - 2];
      slots[2] = d->pile[n - 3];
      d->pile_n = (uint8_t) (n - 3);
      return false;
    }
  slots[0] = slots[1] = slots[2] = 0;
  *alive &= ~(1u << b);
  return (*alive & (*alive - 1)) == 0;
}

/* The sub-steps of action tile a, just played, for main_steps() (at least
 * 3 plies left): the same decisions and random numbers as
 * apply_general() with legal(). Returns true if the game ended. */
static inline __attribute__ ((always_inline)) bool
substeps (ImhDuel *d, int a, uint32_t *mmp, unsigned *alive, unsigned *tiles_ok,
          uint32_t *left, unsigned *nonend,
          uint64_t *s0, uint64_t *s1, uint64_t *s2, uint64_t *s3)
{
  uint32_t mm = *mmp;
  unsigned occ = (mm | mm >> 16) & 0x1ffu, m, n, k;
  int b;

  switch (a)
    {
    case IMH_DUEL_ACTION_TAKE:
      {
        uint8_t *slots = &d->boat[0][0];
        unsigned i;

        m = take_mask (d);
        i = select18 (m, rng_below_regs (s0, s1, s2, s3, (unsigned) duel_popcount9[m & 0x1ffu] +
                                                         duel_popcount9[m >> 9]));
        give_tile (d, (int) ((mm >> 9) & 1u), slots[i]);
        slots[i] = d->reserve_n > 0 ? d->reserve[--d->reserve_n] : 0;
        *tiles_ok = 4;
        *left -= 1;
        break;
      }

    case IMH_DUEL_ACTION_PLACE_2_3:
      m = occ ^ 0x1ffu;
      mm |= 1u << duel_place_list[m][rng_below_regs (s0, s1, s2, s3, duel_popcount9[m])];
      occ = (mm | mm >> 16) & 0x1ffu;
      m = occ ^ 0x1ffu;
      mm |= 1u << duel_place_list[m][rng_below_regs (s0, s1, s2, s3, duel_popcount9[m])];
      *nonend += 1;
      *left -= 2;
      occ = (mm | mm >> 16) & 0x1ffu;
      if (duel_popcount9[mm & 0x1ffu] < IMH_DUEL_N_MEEPLES && occ != 0x1ffu)
        {
          /* The optional third placement. */
          *nonend += 1;
          *left -= 1;
          m = occ ^ 0x1ffu;
          n = duel_popcount9[m];
          k = rng_below_regs (s0, s1, s2, s3, n + 1);
          if (k < n)
            mm |= 1u << duel_place_list[m][k];
        }
      break;

    case IMH_DUEL_ACTION_PLACE_UNLOAD:
      /* A placement after which an unload is possible (pu_fields()). */
      m = occ ^ 0x1ffu;
      if ((duel_lines_2plus[occ] & *alive) == 0)
        m &= duel_line_fields[duel_lines_1plus[occ] & *alive];
      mm |= 1u << duel_place_list[m][rng_below_regs (s0, s1, s2, s3, duel_popcount9[m])];
      occ = (mm | mm >> 16) & 0x1ffu;
      m = duel_lines_2plus[occ] & *alive;
      k = rng_below_regs (s0, s1, s2, s3, duel_popcount9[m]);
      *nonend += 1;
      *left -= 2;
      b = duel_unload_list[m][k] - IMH_DUEL_D_UNLOAD;
      if (unload_regs (d, b, &mm, alive))
        goto over;
      *tiles_ok = boat_tests_after_unload (d, b);
      occ = (mm | mm >> 16) & 0x1ffu;
      m = duel_lines_2plus[occ] & *alive;
      if (m != 0)
        {
          /* The optional second unload. */
          *nonend += 1;
          *left -= 1;
          n = duel_popcount9[m];
          k = rng_below_regs (s0, s1, s2, s3, n + 1);
          if (k < n)
            {
              b = duel_unload_list[m][k] - IMH_DUEL_D_UNLOAD;
              if (unload_regs (d, b, &mm, alive))
                goto over;
              *tiles_ok = boat_tests_after_unload (d, b);
            }
        }
      break;

    default:                    /* IMH_DUEL_ACTION_SWAP_UNLOAD */
      {
        unsigned i;
        uint8_t *t, x;

        m = swap_mask (d);
        i = select18 (m, rng_below_regs (s0, s1, s2, s3, (unsigned) duel_popcount9[m & 0x1ffu] +
                                                         duel_popcount9[m >> 9]));
        t = d->boat[i / 3];
        x = t[swap_pair[i % 3][0]];
        t[swap_pair[i % 3][0]] = t[swap_pair[i % 3][1]];
        t[swap_pair[i % 3][1]] = x;
        m = duel_lines_2plus[occ] & *alive;
        k = rng_below_regs (s0, s1, s2, s3, duel_popcount9[m]);
        *nonend += 1;
        *left -= 2;
        b = duel_unload_list[m][k] - IMH_DUEL_D_UNLOAD;
        if (unload_regs (d, b, &mm, alive))
          goto over;
        /* The swap changed neither test; the unload as in main_steps(). */
        *tiles_ok = boat_tests_after_unload (d, b);
      }
      break;
    }
  *mmp = mm_swap (mm);
  return false;

over:
  *nonend += 1;
  *mmp = mm;
  return true;
}

/* The main steps of the fused playout and the action tiles' sub-steps,
 * until the game ends or no plies are left (or too few for a played
 * tile's sub-steps: the caller does those); returns the plies left. What the
 * chain from one decision to the next depends on (the meeples, the turn
 * player, the held action tiles, the boats in play) stays in registers:
 * no store and reload of the state between decisions. As duel_legal() +
 * playable_actions() + apply(), with bit operations instead of branches
 * where the outcome is random. */
static __attribute__ ((noinline)) uint32_t
main_steps (ImhDuel *d, uint64_t r[4], unsigned *tiles_okp, uint32_t left)
{
  static const uint8_t next_phase[IMH_DUEL_N_ACTIONS] = {
    IMH_DUEL_PHASE_TAKE, IMH_DUEL_PHASE_P23_FIRST,
    IMH_DUEL_PHASE_PU_PLACE, IMH_DUEL_PHASE_SU_SWAP,
  };
  uint32_t mm = (d->meeples[0] & 0x1ffu) | held_mask (d->actions[0]) << MM_HELD |
                ((d->meeples[1] & 0x1ffu) | MM_MARK | held_mask (d->actions[1]) << MM_HELD) << 16;
  unsigned alive = d->boats_alive;
  unsigned tiles_ok = *tiles_okp;
  uint32_t left0 = left;
  uint64_t s0 = r[0], s1 = r[1], s2 = r[2], s3 = r[3];
  /* Decisions that end no turn: playing an action tile, the sub-steps
   * but the last, the unload that ends the game. */
  unsigned nonend = 0;

  if (d->turn_player != 0)
    mm = mm_swap (mm);
  while (left > 0)
    {
      unsigned occ = (mm | mm >> 16) & 0x1ffu;
      unsigned any_free = occ ^ 0x1ffu;
      unsigned on_harbour = duel_popcount9[mm & 0x1ffu];
      unsigned has_supply = on_harbour < IMH_DUEL_N_MEEPLES;
      unsigned free_fields = any_free & -has_supply;
      unsigned unl = duel_lines_2plus[occ] & alive;
      unsigned n_place = duel_popcount9[free_fields];
      unsigned n_unload = duel_popcount9[unl];
      unsigned held = (mm >> MM_HELD) & 0xfu;
      unsigned ok = 0, n, k;

      left--;
      if (held != 0)
        {
          unsigned reach = duel_line_fields[duel_lines_1plus[occ] & alive];

          if (tiles_ok & 4)
            tiles_ok = boat_tests_out (d);
          ok = (tiles_ok & 1u) << IMH_DUEL_ACTION_TAKE;
          ok |= (unsigned) (on_harbour + 2 <= IMH_DUEL_N_MEEPLES &&
                            duel_popcount9[occ] + 2 <= IMH_DUEL_N_FIELDS) << IMH_DUEL_ACTION_PLACE_2_3;
          ok |= (unsigned) (has_supply && (any_free & (unl != 0 ? 0x1ffu : reach)) != 0)
                << IMH_DUEL_ACTION_PLACE_UNLOAD;
          ok |= (unsigned) (unl != 0 && (tiles_ok & 2) != 0) << IMH_DUEL_ACTION_SWAP_UNLOAD;
          ok &= held;
        }
      n = n_place + n_unload + duel_popcount9[ok];
      k = rng_below_regs (&s0, &s1, &s2, &s3, n > 0 ? n : 1);
      if (k < n_place)
        {
          /* The common case: place, end the turn. */
          mm = mm_swap (mm | 1u << duel_place_list[free_fields][k]);
          continue;
        }
      if (k - n_place < n_unload)
        {
          int b = duel_unload_list[unl][k - n_place] - IMH_DUEL_D_UNLOAD;
          if (unload_regs (d, b, &mm, &alive))
            {
              d->phase = IMH_DUEL_PHASE_OVER;
              nonend++;
              break;
            }
          mm = mm_swap (mm);
          /* A removed boat's slots are empty: nothing to take there. */
          tiles_ok = boat_tests_after_unload (d, b);
          continue;
        }
      if (n > 0)
        {
          /* Play an action tile (it leaves the game). */
          int a = duel_play_list[ok][k - n_place - n_unload] - IMH_DUEL_D_PLAY;
          uint8_t *count = &d->actions[(mm >> 9) & 1u][a];
          unsigned c = *count;

          *count = (uint8_t) (c - 1);
          mm &= ~((uint32_t) (c == 1) << (MM_HELD + a));
          d->removed[IMH_DUEL_TILE_ACTION_0 + a]++;
          nonend++;
          /* The tile's sub-steps (at most 3 decisions) right here, as
           * apply_general() does them; the caller does them when fewer
           * plies are left. */
          if (__builtin_expect (left < 3, 0))
            {
              d->phase = next_phase[a];
              break;
            }
          if (substeps (d, a, &mm, &alive, &tiles_ok, &left, &nonend, &s0, &s1, &s2, &s3))
            {
              d->phase = IMH_DUEL_PHASE_OVER;
              break;
            }
          continue;
        }
      mm = mm_swap (mm);        /* pass (D8) */
    }
  d->turn_player = (uint8_t) ((mm >> 9) & 1u);
  if (d->turn_player != 0)
    mm = mm_swap (mm);
  d->meeples[0] = (uint16_t) (mm & 0x1ffu);
  d->meeples[1] = (uint16_t) ((mm >> 16) & 0x1ffu);
  d->boats_alive = (uint8_t) alive;
  /* The game's last decision ends no turn either. */
  d->turn += left0 - left - nonend;
  d->ply = (uint16_t) (d->ply + (left0 - left));
  *tiles_okp = tiles_ok;
  r[0] = s0;
  r[1] = s1;
  r[2] = s2;
  r[3] = s3;
  return left;
}

static uint32_t
duel_random_playout (ImhState *s, ImhRng *rng, uint32_t max_plies)
{
  ImhDuel *d = &s->u.duel;
  uint64_t r[4] = { rng->s[0], rng->s[1], rng->s[2], rng->s[3] };
  /* boat_tests(), or 4 when stale (the boats' tiles changed since). */
  unsigned tiles_ok = 4;
  uint32_t left = max_plies;

  while (left > 0 && d->phase != IMH_DUEL_PHASE_OVER)
    {
      int p;
      unsigned occ, any_free, m, n, k;

      if (__builtin_expect (d->phase == IMH_DUEL_PHASE_MAIN, 1))
        {
          left = main_steps (d, r, &tiles_ok, left);
          continue;
        }

      p = d->turn_player;
      occ = occupied (d) & 0x1ffu;
      any_free = ~occ & 0x1ffu;
      left--;
      d->ply++;
      /* The sub-steps of the action tiles, applied as apply_general()
       * does: the phase is known here already. */
      switch (d->phase)
        {
        case IMH_DUEL_PHASE_P23_FIRST:
          place (d, duel_place_list[any_free][imh_rng_step_below (r, duel_popcount9[any_free])]);
          d->phase = IMH_DUEL_PHASE_P23_SECOND;
          break;

        case IMH_DUEL_PHASE_P23_SECOND:
          place (d, duel_place_list[any_free][imh_rng_step_below (r, duel_popcount9[any_free])]);
          if (supply (d, p) > 0 && occupied (d) != 0x1ffu)
            d->phase = IMH_DUEL_PHASE_P23_THIRD;
          else
            end_turn (d);
          break;

        case IMH_DUEL_PHASE_P23_THIRD:
          n = duel_popcount9[any_free];
          k = imh_rng_step_below (r, n + 1);
          if (k < n)
            place (d, duel_place_list[any_free][k]);
          end_turn (d);
          break;

        case IMH_DUEL_PHASE_PU_PLACE:
          m = pu_fields (d);
          place (d, duel_place_list[m][imh_rng_step_below (r, duel_popcount9[m])]);
          d->phase = IMH_DUEL_PHASE_PU_UNLOAD1;
          break;

        case IMH_DUEL_PHASE_PU_UNLOAD1:
          m = unloadable (d);
          k = imh_rng_step_below (r, duel_popcount9[m]);
          if (!unload (d, duel_unload_list[m][k] - IMH_DUEL_D_UNLOAD))
            {
              if (unloadable (d) != 0)
                d->phase = IMH_DUEL_PHASE_PU_UNLOAD2;
              else
                end_turn (d);
            }
          tiles_ok = 4;
          break;

        case IMH_DUEL_PHASE_PU_UNLOAD2:
          m = unloadable (d);
          n = duel_popcount9[m];
          k = imh_rng_step_below (r, n + 1);
          if (k == n || !unload (d, duel_unload_list[m][k] - IMH_DUEL_D_UNLOAD))
            end_turn (d);
          tiles_ok = 4;
          break;

        case IMH_DUEL_PHASE_SU_UNLOAD:
          m = unloadable (d);
          k = imh_rng_step_below (r, duel_popcount9[m]);
          if (!unload (d, duel_unload_list[m][k] - IMH_DUEL_D_UNLOAD))
            end_turn (d);
          tiles_ok = 4;
          break;

        case IMH_DUEL_PHASE_TAKE:
          {
            unsigned i;
            m = take_mask (d);
            i = select18 (m, imh_rng_step_below (r, (unsigned) duel_popcount9[m & 0x1ffu] +
                                                  duel_popcount9[m >> 9]));
            give_tile (d, p, (&d->boat[0][0])[i]);
            (&d->boat[0][0])[i] = d->reserve_n > 0 ? d->reserve[--d->reserve_n] : 0;
            end_turn (d);
            tiles_ok = 4;
          }
          break;

        case IMH_DUEL_PHASE_SU_SWAP:
          {
            unsigned i;
            uint8_t *t, x;
            m = swap_mask (d);
            i = select18 (m, imh_rng_step_below (r, (unsigned) duel_popcount9[m & 0x1ffu] +
                                                  duel_popcount9[m >> 9]));
            t = d->boat[i / 3];
            x = t[swap_pair[i % 3][0]];
            t[swap_pair[i % 3][0]] = t[swap_pair[i % 3][1]];
            t[swap_pair[i % 3][1]] = x;
            d->phase = IMH_DUEL_PHASE_SU_UNLOAD;
          }
          break;

        default:                /* not reached: over is tested above */
          d->ply--;
          break;
        }
    }
  memcpy (rng->s, r, sizeof r);
  return max_plies - left;
}

/* ------------------------------------------------------------------ */
/* Information sets, hash, invariants                                  */

static void
duel_determinize (ImhState *s, int observer, ImhRng *rng)
{
  ImhDuel *d = &s->u.duel;
  uint8_t unseen[IMH_DUEL_PILE_MAX + IMH_DUEL_RESERVE_MAX];
  uint32_t n = 0;

  uint8_t count[IMH_DUEL_N_TILE_CODES] = { 0 };

  (void) observer;   /* D10: both players see the same */
  /* Canonical order first (a counting sort by tile code), so that the
   * result depends only on which tiles are unseen and on rng, never on
   * their hidden order: the AI must not be able to tell two states apart
   * that differ only in what nobody can see. */
  for (uint32_t i = 0; i < d->pile_n; i++)
    count[d->pile[i]]++;
  for (uint32_t i = 0; i < d->reserve_n; i++)
    count[d->reserve[i]]++;
  for (int c = 0; c < IMH_DUEL_N_TILE_CODES; c++)
    for (int k = 0; k < count[c]; k++)
      unseen[n++] = (uint8_t) c;
  imh_rng_shuffle_u8 (rng, unseen, n);
  memcpy (d->pile, unseen, d->pile_n);
  memcpy (d->reserve, unseen + d->pile_n, d->reserve_n);
}

static uint32_t
duel_hidden_count (const ImhState *s)
{
  return (uint32_t) s->u.duel.pile_n + s->u.duel.reserve_n;
}

/* The unseen tiles (pile and reserve, hidden from both players) by kind in
 * the order the score view shows them, then the tiles out of the game. */
static int
duel_hidden_summary (const ImhState *s,
                     int             observer,
                     ImhHiddenItem  *items,
                     int             max)
{
  static const uint8_t order[] = {
    IMH_DUEL_TILE_OBELISK, IMH_DUEL_TILE_PYRAMID_LIGHT, IMH_DUEL_TILE_PYRAMID_DARK,
    IMH_DUEL_TILE_TEMPLE_1, IMH_DUEL_TILE_TEMPLE_1 + 1, IMH_DUEL_TILE_TEMPLE_1 + 2,
    IMH_DUEL_TILE_TEMPLE_1 + 3,
    IMH_DUEL_TILE_ACTION_0, IMH_DUEL_TILE_ACTION_0 + 1, IMH_DUEL_TILE_ACTION_0 + 2,
    IMH_DUEL_TILE_ACTION_0 + 3,
    IMH_DUEL_TILE_CRYPT_1, IMH_DUEL_TILE_CRYPT_1 + 1, IMH_DUEL_TILE_CRYPT_1 + 2,
    IMH_DUEL_TILE_CRYPT_1 + 3, IMH_DUEL_TILE_CRYPT_1 + 4, IMH_DUEL_TILE_CRYPT_1 + 5,
    IMH_DUEL_TILE_CRYPT_1 + 6, IMH_DUEL_TILE_CRYPT_1 + 7, IMH_DUEL_TILE_CRYPT_1 + 8,
    IMH_DUEL_TILE_CRYPT_1 + 9, IMH_DUEL_TILE_CRYPT_1 + 10, IMH_DUEL_TILE_CRYPT_1 + 11,
  };
  const ImhDuel *d = &s->u.duel;
  int counts[IMH_DUEL_N_TILE_CODES] = { 0 };
  int n = 0;

  (void) observer;   /* the pile and reserve are hidden from both */
  for (int i = 0; i < d->pile_n; i++)
    counts[d->pile[i]]++;
  for (int i = 0; i < d->reserve_n; i++)
    counts[d->reserve[i]]++;
  for (size_t i = 0; i < sizeof order && n < max; i++)
    items[n++] = (ImhHiddenItem) { order[i], false, 0, (uint16_t) counts[order[i]] };
  for (size_t i = 0; i < sizeof order && n < max; i++)
    items[n++] = (ImhHiddenItem) { order[i], true, 0, d->removed[order[i]] };
  return n;
}

static uint64_t
duel_hash (const ImhState *s)
{
  const ImhDuel *d = &s->u.duel;
  /* Only the live parts of the pile and reserve count: tiles beyond
   * pile_n are stale copies. */
  ImhDuel c;
  const unsigned char *p = (const unsigned char *) &c;
  uint64_t h = UINT64_C (0x9e3779b97f4a7c15);

  memcpy (&c, d, sizeof c);
  memset (c.pile + c.pile_n, 0, IMH_DUEL_PILE_MAX - c.pile_n);
  memset (c.reserve + c.reserve_n, 0, IMH_DUEL_RESERVE_MAX - c.reserve_n);
  for (size_t i = 0; i + 8 <= sizeof c; i += 8)
    {
      uint64_t w;
      memcpy (&w, p + i, 8);
      h ^= w;
      h *= UINT64_C (0xff51afd7ed558ccd);
      h ^= h >> 32;
    }
  for (size_t i = sizeof c & ~(size_t) 7; i < sizeof c; i++)
    {
      h ^= p[i];
      h *= UINT64_C (0xc4ceb9fe1a85ec53);
    }
  h ^= h >> 29;
  h *= UINT64_C (0xbf58476d1ce4e5b9);
  h ^= h >> 32;
  return h;
}

static bool fail (char *why, size_t why_len, const char *msg, ...) __attribute__ ((format (printf, 3, 4)));

static bool
fail (char *why, size_t why_len, const char *msg, ...)
{
  va_list args;

  if (why != NULL && why_len > 0)
    {
      va_start (args, msg);
      vsnprintf (why, why_len, msg, args);
      va_end (args);
    }
  return false;
}

void
imh_duel_count_tiles (const ImhDuel *d, int counts[IMH_DUEL_N_TILE_CODES])
{
  memset (counts, 0, sizeof (int) * IMH_DUEL_N_TILE_CODES);
  for (int i = 0; i < d->pile_n; i++)
    counts[d->pile[i] < IMH_DUEL_N_TILE_CODES ? d->pile[i] : 0]++;
  for (int i = 0; i < d->reserve_n; i++)
    counts[d->reserve[i] < IMH_DUEL_N_TILE_CODES ? d->reserve[i] : 0]++;
  for (int b = 0; b < IMH_DUEL_N_BOATS; b++)
    for (int k = 0; k < IMH_DUEL_N_SLOTS; k++)
      counts[d->boat[b][k] < IMH_DUEL_N_TILE_CODES ? d->boat[b][k] : 0]++;
  for (int p = 0; p < 2; p++)
    {
      counts[IMH_DUEL_TILE_OBELISK] += d->obelisk[p];
      counts[IMH_DUEL_TILE_PYRAMID_LIGHT] += d->pyramid[p][0];
      counts[IMH_DUEL_TILE_PYRAMID_DARK] += d->pyramid[p][1];
      for (int k = 0; k < 4; k++)
        counts[IMH_DUEL_TILE_TEMPLE_1 + k] += d->temple[p][k];
      for (int k = 0; k < 12; k++)
        counts[IMH_DUEL_TILE_CRYPT_1 + k] += (d->crypt[p] >> k) & 1;
      for (int k = 0; k < IMH_DUEL_N_ACTIONS; k++)
        counts[IMH_DUEL_TILE_ACTION_0 + k] += d->actions[p][k];
    }
  for (int c = 1; c < IMH_DUEL_N_TILE_CODES; c++)
    counts[c] += d->removed[c];
}

static bool
duel_check (const ImhState *s, char *why, size_t why_len)
{
  const ImhDuel *d = &s->u.duel;
  int counts[IMH_DUEL_N_TILE_CODES];
  int total = 0;

  if (s->kind != IMH_GAME_DUEL)
    return fail (why, why_len, "not a Duel state (kind %d)", s->kind);
  if (d->pile_n > IMH_DUEL_PILE_MAX || d->reserve_n > IMH_DUEL_RESERVE_MAX)
    return fail (why, why_len, "pile or reserve overflow (%d)", d->pile_n);
  for (int i = 0; i < d->pile_n; i++)
    if (d->pile[i] == 0 || d->pile[i] >= IMH_DUEL_N_TILE_CODES)
      return fail (why, why_len, "bad tile in the pile at %d", i);
  for (int i = 0; i < d->reserve_n; i++)
    if (d->reserve[i] == 0 || d->reserve[i] >= IMH_DUEL_N_TILE_CODES)
      return fail (why, why_len, "bad tile in the reserve at %d", i);
  for (int b = 0; b < IMH_DUEL_N_BOATS; b++)
    for (int k = 0; k < IMH_DUEL_N_SLOTS; k++)
      {
        if (d->boat[b][k] >= IMH_DUEL_N_TILE_CODES)
          return fail (why, why_len, "bad tile on boat %d", b);
        if (!((d->boats_alive >> b) & 1) && d->boat[b][k] != 0)
          return fail (why, why_len, "removed boat %d still carries tiles", b);
      }
  imh_duel_count_tiles (d, counts);
  for (int c = 1; c < IMH_DUEL_N_TILE_CODES; c++)
    {
      if (counts[c] != imh_duel_tile_count[c])
        return fail (why, why_len, "tile conservation broken for tile code %d", c);
      total += counts[c];
    }
  if (total != IMH_DUEL_N_TILES)
    return fail (why, why_len, "%d tiles instead of 60", total);
  if ((d->meeples[0] & d->meeples[1]) != 0)
    return fail (why, why_len, "two meeples on one field (%d)", d->meeples[0] & d->meeples[1]);
  for (int p = 0; p < 2; p++)
    {
      if ((d->meeples[p] & ~0x1ffu) != 0)
        return fail (why, why_len, "meeple of player %d off the harbour", p);
      if (popcount (d->meeples[p]) > IMH_DUEL_N_MEEPLES)
        return fail (why, why_len, "player %d has more than 4 meeples", p);
      if ((d->crypt[p] & ~0xfffu) != 0)
        return fail (why, why_len, "bad crypt set of player %d", p);
    }
  if ((d->crypt[0] & d->crypt[1]) != 0)
    return fail (why, why_len, "a crypt tile is held twice (%d)", d->crypt[0] & d->crypt[1]);
  if (d->boats_alive == 0 || (d->boats_alive & ~0x3fu) != 0)
    return fail (why, why_len, "bad set of boats in play (%d)", d->boats_alive);
  if ((popcount (d->boats_alive) == 1) != (d->phase == IMH_DUEL_PHASE_OVER))
    return fail (why, why_len, "game end does not match the boats in play (%d)", d->boats_alive);
  if (d->phase >= IMH_DUEL_N_PHASES)
    return fail (why, why_len, "bad phase %d", d->phase);
  if (d->turn_player > 1 || d->start_player > 1)
    return fail (why, why_len, "bad player to move %d", d->turn_player);
  if (d->obelisk_first < 0)
    {
      if (d->obelisk[0] >= 5 || d->obelisk[1] >= 5)
        return fail (why, why_len, "obelisk: 5 tiles held but nobody first (%d)", 0);
    }
  else if (d->obelisk_first > 1 || d->obelisk[d->obelisk_first] < 5)
    return fail (why, why_len, "obelisk: bad first player %d", d->obelisk_first);
  return true;
}

/* ------------------------------------------------------------------ */

static const char *const duel_site_ids[IMH_DUEL_N_SITES] = {
  "obelisk", "temple", "pyramids", "crypt",
};

static const char *const duel_category_ids[IMH_DUEL_N_CATEGORIES] = {
  "obelisk", "temple", "pyramids", "crypt", "actions", "meeples",
};

const ImhRules imh_duel_rules = {
  .kind = IMH_GAME_DUEL,
  .id = "duel",
  .state_size = offsetof (ImhState, u) + sizeof (ImhDuel),
  .min_players = 2,
  .max_players = 2,
  .n_sites = IMH_DUEL_N_SITES,
  .site_ids = duel_site_ids,
  .n_categories = IMH_DUEL_N_CATEGORIES,
  .category_ids = duel_category_ids,
  .options_valid = duel_options_valid,
  .setup = duel_setup,
  .options = duel_options,
  .actor = duel_actor,
  .turn_player = duel_actor,
  .turn_index = duel_turn_index,
  .is_over = duel_is_over,
  .legal = duel_legal,
  .is_legal = duel_is_legal,
  .apply = duel_apply,
  .score = imh_duel_score,
  .determinize = duel_determinize,
  .hidden_count = duel_hidden_count,
  .decision_to_text = imh_duel_decision_to_text,
  .decision_from_text = imh_duel_decision_from_text,
  .to_json = imh_duel_to_json,
  .hash = duel_hash,
  .check = duel_check,
  .to_text = imh_duel_to_text,
  .random_playout = duel_random_playout,
  .hidden_summary = duel_hidden_summary,
};
