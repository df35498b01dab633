/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test-audit-duel.c — an independent audit of the Duel engine against the
 * printed rulebook and the rulings D1–D10 of docs/rules.md.
 *
 * Besides positions built from the rulebook's examples, it plays seeded
 * random games and compares, at every step, the engine's legal decisions
 * and the result of applying each of them with a naive reference written
 * straight from the rulings (no tables, no bit tricks), and the final
 * score with a naive scorer. Every public fact must survive determinize()
 * (the "public" part of the JSON is byte-identical) and every legal
 * decision's notation must round-trip.
 */
#include <glib.h>
#include <string.h>

#include "imh-duel.h"

#define D(s) (&(s)->u.duel)

enum {
  OB = IMH_DUEL_TILE_OBELISK,
  PL = IMH_DUEL_TILE_PYRAMID_LIGHT,
  PD = IMH_DUEL_TILE_PYRAMID_DARK,
  T1 = IMH_DUEL_TILE_TEMPLE_1,
  CR = IMH_DUEL_TILE_CRYPT_1,           /* CR + n - 1: crypt n */
  A0 = IMH_DUEL_TILE_ACTION_0,
};

static const ImhRules *R;

static void
new_game (ImhState *s, const char *sides, uint64_t seed, int start)
{
  ImhOptions o;
  char why[128];

  imh_options_init (&o, IMH_GAME_DUEL, 2);
  for (int i = 0; i < 4; i++)
    o.sides[i] = sides[i] == 'B' ? IMH_SIDE_B : IMH_SIDE_A;
  o.start_player = (int8_t) start;
  g_assert_true (imh_setup (s, &o, seed, why, sizeof why));
}

static ImhDecision
dec (const ImhState *s, const char *text)
{
  ImhDecision d = 0;
  if (!R->decision_from_text (s, text, &d))
    g_error ("cannot parse “%s”", text);
  return d;
}

static void
play (ImhState *s, const char *text)
{
  ImhDecision d = dec (s, text);
  if (!R->is_legal (s, d))
    g_error ("“%s” should be legal here", text);
  R->apply (s, d);
}

/* ------------------------------------------------------------------ */
/* The naive reference                                                  */

/* Field (row, col) -> index; line of a boat, nearest the boat first (D1, D2). */
static void
ref_line (int boat, int fields[3])
{
  for (int i = 0; i < 3; i++)
    {
      int far = 2 - i;          /* i = 0: the field nearest the boat */
      if (boat < 3)
        fields[i] = boat * 3 + far;               /* row boat: col 2 first */
      else
        fields[i] = far * 3 + (boat - 3);         /* column boat: row 2 first */
    }
}

static int
ref_owner (const ImhDuel *d, int f)
{
  if ((d->meeples[0] >> f) & 1)
    return 0;
  if ((d->meeples[1] >> f) & 1)
    return 1;
  return -1;
}

static int
ref_supply (const ImhDuel *d, int p)
{
  int n = 0;
  for (int f = 0; f < 9; f++)
    n += ref_owner (d, f) == p;
  return 4 - n;
}

static int
ref_free (const ImhDuel *d)
{
  int n = 0;
  for (int f = 0; f < 9; f++)
    n += ref_owner (d, f) < 0;
  return n;
}

static bool
ref_alive (const ImhDuel *d, int b)
{
  return (d->boats_alive >> b) & 1;
}

/* D6: in play and ≥ 2 meeples of any colours in its line. */
static bool
ref_can_unload (const ImhDuel *d, int b)
{
  int fields[3], n = 0;
  if (!ref_alive (d, b))
    return false;
  ref_line (b, fields);
  for (int i = 0; i < 3; i++)
    n += ref_owner (d, fields[i]) >= 0;
  return n >= 2;
}

static bool
ref_any_unload (const ImhDuel *d)
{
  for (int b = 0; b < 6; b++)
    if (ref_can_unload (d, b))
      return true;
  return false;
}

/* D7 PLACE_UNLOAD: a placement on f after which some unload is possible. */
static bool
ref_pu_field (const ImhDuel *d, int p, int f)
{
  ImhDuel t = *d;
  if (ref_owner (d, f) >= 0)
    return false;
  t.meeples[p] |= (uint16_t) (1u << f);
  return ref_any_unload (&t);
}

typedef struct {
  int n;
  ImhDecision d[128];
} RefList;

static void
add (RefList *l, int d)
{
  l->d[l->n++] = (ImhDecision) d;
}

static void
ref_legal (const ImhDuel *d, RefList *l)
{
  int p = d->turn_player;

  l->n = 0;
  switch (d->phase)
    {
    case IMH_DUEL_PHASE_MAIN:
      if (ref_supply (d, p) > 0)
        for (int f = 0; f < 9; f++)
          if (ref_owner (d, f) < 0)
            add (l, IMH_DUEL_D_PLACE + f);
      for (int b = 0; b < 6; b++)
        if (ref_can_unload (d, b))
          add (l, IMH_DUEL_D_UNLOAD + b);
      for (int k = 0; k < 4; k++)
        {
          bool ok = false;
          if (d->actions[p][k] == 0)
            continue;
          if (k == IMH_DUEL_ACTION_TAKE)
            {
              for (int b = 0; b < 6; b++)
                for (int i = 0; i < 3; i++)
                  if (ref_alive (d, b) && d->boat[b][i] != 0 && d->boat[b][i] < A0)
                    ok = true;
            }
          else if (k == IMH_DUEL_ACTION_PLACE_2_3)
            ok = ref_supply (d, p) >= 2 && ref_free (d) >= 2;
          else if (k == IMH_DUEL_ACTION_PLACE_UNLOAD)
            {
              if (ref_supply (d, p) >= 1)
                for (int f = 0; f < 9; f++)
                  ok = ok || ref_pu_field (d, p, f);
            }
          else
            {
              bool swap = false;
              for (int b = 0; b < 6; b++)
                if (ref_alive (d, b)
                    && (d->boat[b][0] != 0) + (d->boat[b][1] != 0) + (d->boat[b][2] != 0) >= 2)
                  swap = true;
              ok = swap && ref_any_unload (d);
            }
          if (ok)
            add (l, IMH_DUEL_D_PLAY + k);    /* D7a: one decision per kind */
        }
      if (l->n == 0)
        add (l, IMH_DUEL_D_PASS);             /* D8 */
      break;

    case IMH_DUEL_PHASE_TAKE:
      for (int b = 0; b < 6; b++)
        for (int i = 0; i < 3; i++)
          if (ref_alive (d, b) && d->boat[b][i] != 0 && d->boat[b][i] < A0)
            add (l, IMH_DUEL_D_TAKE + b * 3 + i);
      break;

    case IMH_DUEL_PHASE_P23_FIRST:
    case IMH_DUEL_PHASE_P23_SECOND:
    case IMH_DUEL_PHASE_P23_THIRD:
      for (int f = 0; f < 9; f++)
        if (ref_owner (d, f) < 0)
          add (l, IMH_DUEL_D_PLACE + f);
      if (d->phase == IMH_DUEL_PHASE_P23_THIRD)
        add (l, IMH_DUEL_D_STOP);
      break;

    case IMH_DUEL_PHASE_PU_PLACE:
      for (int f = 0; f < 9; f++)
        if (ref_pu_field (d, p, f))
          add (l, IMH_DUEL_D_PLACE + f);
      break;

    case IMH_DUEL_PHASE_PU_UNLOAD1:
    case IMH_DUEL_PHASE_PU_UNLOAD2:
    case IMH_DUEL_PHASE_SU_UNLOAD:
      for (int b = 0; b < 6; b++)
        if (ref_can_unload (d, b))
          add (l, IMH_DUEL_D_UNLOAD + b);
      if (d->phase == IMH_DUEL_PHASE_PU_UNLOAD2)
        add (l, IMH_DUEL_D_STOP);
      break;

    case IMH_DUEL_PHASE_SU_SWAP:
      {
        static const int pairs[3][2] = { { 0, 1 }, { 0, 2 }, { 1, 2 } };
        for (int b = 0; b < 6; b++)
          for (int k = 0; k < 3; k++)
            if (ref_alive (d, b) && d->boat[b][pairs[k][0]] != 0 && d->boat[b][pairs[k][1]] != 0)
              add (l, IMH_DUEL_D_SWAP + b * 3 + k);   /* identical tiles too (D7a) */
      }
      break;

    default:
      break;
    }
}

static void
ref_give (ImhDuel *d, int p, int code)
{
  if (code == OB)
    {
      d->obelisk[p]++;
      if (d->obelisk_first < 0 && d->obelisk[p] == 5)
        d->obelisk_first = (int8_t) p;   /* DU7: the moment the 5th arrives */
    }
  else if (code == PL || code == PD)
    d->pyramid[p][code - PL]++;
  else if (code >= T1 && code < T1 + 4)
    d->temple[p][code - T1]++;
  else if (code >= CR && code < CR + 12)
    d->crypt[p] |= (uint16_t) (1u << (code - CR));
  else if (code >= A0 && code < A0 + 4)
    d->actions[p][code - A0]++;
}

static void
ref_end_turn (ImhDuel *d)
{
  d->turn_player = (uint8_t) (1 - d->turn_player);
  d->turn++;
  d->phase = IMH_DUEL_PHASE_MAIN;
}

/* D2, D3, D4. Returns true when the game ended. */
static bool
ref_unload (ImhDuel *d, int b)
{
  int fields[3], slot = 2, alive = 0;

  ref_line (b, fields);
  for (int i = 0; i < 3; i++)
    {
      int p = ref_owner (d, fields[i]);
      if (p < 0)
        continue;                       /* empty fields are skipped */
      ref_give (d, p, d->boat[b][slot]);
      d->boat[b][slot] = 0;
      d->meeples[p] &= (uint16_t) ~(1u << fields[i]);
      slot--;
    }
  for (int k = 0; k < 3; k++)
    if (d->boat[b][k] != 0)
      {
        d->removed[d->boat[b][k]]++;    /* not taken: out of the game */
        d->boat[b][k] = 0;
      }
  if (d->pile_n >= 3)
    {
      for (int k = 0; k < 3; k++)       /* top of the pile into slots 1, 2, 3 */
        d->boat[b][k] = d->pile[--d->pile_n];
      return false;
    }
  d->boats_alive &= (uint8_t) ~(1u << b);
  for (int k = 0; k < 6; k++)
    alive += ref_alive (d, k);
  if (alive == 1)
    {
      d->phase = IMH_DUEL_PHASE_OVER;
      return true;
    }
  return false;
}

static void
ref_apply (ImhDuel *d, ImhDecision dec_)
{
  int x = dec_;
  int p = d->turn_player;

  d->ply++;
  switch (d->phase)
    {
    case IMH_DUEL_PHASE_MAIN:
      if (x < IMH_DUEL_D_UNLOAD)
        {
          d->meeples[p] |= (uint16_t) (1u << x);
          ref_end_turn (d);
        }
      else if (x < IMH_DUEL_D_PLAY)
        {
          if (!ref_unload (d, x - IMH_DUEL_D_UNLOAD))
            ref_end_turn (d);
        }
      else if (x < IMH_DUEL_D_TAKE)
        {
          int k = x - IMH_DUEL_D_PLAY;
          static const int first[4] = {
            IMH_DUEL_PHASE_TAKE, IMH_DUEL_PHASE_P23_FIRST,
            IMH_DUEL_PHASE_PU_PLACE, IMH_DUEL_PHASE_SU_SWAP,
          };
          d->actions[p][k]--;
          d->removed[A0 + k]++;
          d->phase = (uint8_t) first[k];
        }
      else
        ref_end_turn (d);
      break;
    case IMH_DUEL_PHASE_TAKE:
      {
        int b = (x - IMH_DUEL_D_TAKE) / 3, k = (x - IMH_DUEL_D_TAKE) % 3;
        ref_give (d, p, d->boat[b][k]);
        d->boat[b][k] = 0;
        if (d->reserve_n > 0)
          d->boat[b][k] = d->reserve[--d->reserve_n];
        ref_end_turn (d);
      }
      break;
    case IMH_DUEL_PHASE_P23_FIRST:
      d->meeples[p] |= (uint16_t) (1u << x);
      d->phase = IMH_DUEL_PHASE_P23_SECOND;
      break;
    case IMH_DUEL_PHASE_P23_SECOND:
      d->meeples[p] |= (uint16_t) (1u << x);
      /* D7a: the optional 3rd placement only when it is possible */
      if (ref_supply (d, p) > 0 && ref_free (d) > 0)
        d->phase = IMH_DUEL_PHASE_P23_THIRD;
      else
        ref_end_turn (d);
      break;
    case IMH_DUEL_PHASE_P23_THIRD:
      if (x != IMH_DUEL_D_STOP)
        d->meeples[p] |= (uint16_t) (1u << x);
      ref_end_turn (d);
      break;
    case IMH_DUEL_PHASE_PU_PLACE:
      d->meeples[p] |= (uint16_t) (1u << x);
      d->phase = IMH_DUEL_PHASE_PU_UNLOAD1;
      break;
    case IMH_DUEL_PHASE_PU_UNLOAD1:
      if (ref_unload (d, x - IMH_DUEL_D_UNLOAD))
        break;
      if (ref_any_unload (d))
        d->phase = IMH_DUEL_PHASE_PU_UNLOAD2;
      else
        ref_end_turn (d);
      break;
    case IMH_DUEL_PHASE_PU_UNLOAD2:
      if (x != IMH_DUEL_D_STOP && ref_unload (d, x - IMH_DUEL_D_UNLOAD))
        break;
      ref_end_turn (d);
      break;
    case IMH_DUEL_PHASE_SU_SWAP:
      {
        static const int pairs[3][2] = { { 0, 1 }, { 0, 2 }, { 1, 2 } };
        int b = (x - IMH_DUEL_D_SWAP) / 3, k = (x - IMH_DUEL_D_SWAP) % 3;
        uint8_t t = d->boat[b][pairs[k][0]];
        d->boat[b][pairs[k][0]] = d->boat[b][pairs[k][1]];
        d->boat[b][pairs[k][1]] = t;
        d->phase = IMH_DUEL_PHASE_SU_UNLOAD;
      }
      break;
    case IMH_DUEL_PHASE_SU_UNLOAD:
      if (!ref_unload (d, x - IMH_DUEL_D_UNLOAD))
        ref_end_turn (d);
      break;
    default:
      g_assert_not_reached ();
    }
}

/* Final score straight from the rulebook text. */
static int
ref_score (const ImhDuel *d, int p)
{
  bool b_ob = d->sides & 1, b_te = (d->sides >> 1) & 1;
  bool b_py = (d->sides >> 2) & 1, b_cr = (d->sides >> 3) & 1;
  int total = 0;

  if (!b_ob)
    total += d->obelisk[p] + (d->obelisk[p] > d->obelisk[1 - p] ? 6 : 0);
  else if (d->obelisk[p] >= 10)
    total += 18;
  else if (d->obelisk_first == p)
    total += 12;
  else if (d->obelisk[p] >= 5)
    total += 6;

  if (!b_te)
    for (int k = 0; k < 4; k++)
      total += d->temple[p][k] * (k + 1);
  else
    {
      int left[4];
      for (int k = 0; k < 4; k++)
        left[k] = d->temple[p][k];
      for (;;)
        {
          int n = 0;
          for (int k = 0; k < 4; k++)
            if (left[k] > 0)
              left[k]--, n++;
          if (n == 0)
            break;
          total += n * n;               /* 1/4/9/16 */
        }
    }

  {
    int l = d->pyramid[p][0], k = d->pyramid[p][1];
    static const int b_vals[7] = { -6, 0, 4, 10, 18, 30, 45 };
    if (!b_py)
      total += l * (l + 1) / 2 + k * (k + 1) / 2;   /* 1/3/6/10/15/21 */
    else
      total += b_vals[l < k ? l : k];
  }

  for (int n = 1, run = 0; n <= 13; n++)
    {
      if (n <= 12 && ((d->crypt[p] >> (n - 1)) & 1))
        run++;
      else if (run > 0)
        {
          int L = run > 5 ? 5 : run;
          total += b_cr ? 4 : L * L;
          run = 0;
        }
    }

  for (int k = 0; k < 4; k++)
    total += d->actions[p][k];
  for (int f = 0; f < 9; f++)
    total += ref_owner (d, f) == p;
  return total;
}

/* Whole-state equality, ignoring stale pile/reserve entries. */
static void
assert_same (const ImhDuel *a, const ImhDuel *b, const char *what)
{
  ImhDuel x = *a, y = *b;
  memset (x.pile + x.pile_n, 0, IMH_DUEL_PILE_MAX - x.pile_n);
  memset (y.pile + y.pile_n, 0, IMH_DUEL_PILE_MAX - y.pile_n);
  memset (x.reserve + x.reserve_n, 0, IMH_DUEL_RESERVE_MAX - x.reserve_n);
  memset (y.reserve + y.reserve_n, 0, IMH_DUEL_RESERVE_MAX - y.reserve_n);
  if (memcmp (&x, &y, sizeof x) != 0)
    g_error ("engine and reference differ after %s (phase %d, turn %u)", what, a->phase, a->turn);
}

/* The "public" member of the state JSON. */
static char *
public_json (const ImhState *s)
{
  static char buf[16384];
  int n = R->to_json (s, buf, sizeof buf);
  g_assert_cmpint (n, <, (int) sizeof buf);
  const char *a = strstr (buf, "\"public\":");
  const char *b = strstr (buf, ",\"hidden\":");
  g_assert_nonnull (a);
  g_assert_nonnull (b);
  return g_strndup (a, (gsize) (b - a));
}

static int
cmp_dec (const void *a, const void *b)
{
  return (int) *(const ImhDecision *) a - (int) *(const ImhDecision *) b;
}

static void
test_reference_games (void)
{
  GRand *rand = g_rand_new_with_seed (20261121);
  ImhRng rng;
  long steps = 0, checked = 0;

  imh_rng_seed (&rng, 77);
  for (int game = 0; game < 240; game++)
    {
      ImhState s;
      char sides[5] = "AAAA";
      for (int i = 0; i < 4; i++)
        sides[i] = (game >> i) & 1 ? 'B' : 'A';
      new_game (&s, sides, 1000 + (uint64_t) game, game % 3 == 2 ? -1 : game % 2);

      while (!R->is_over (&s))
        {
          ImhDecisionList l;
          RefList r;
          R->legal (&s, &l);
          ref_legal (D (&s), &r);
          qsort (l.d, l.n, sizeof l.d[0], cmp_dec);
          qsort (r.d, (size_t) r.n, sizeof r.d[0], cmp_dec);
          if (l.n != r.n || memcmp (l.d, r.d, sizeof l.d[0] * l.n) != 0)
            {
              GString *msg = g_string_new (NULL);
              char t[IMH_DECISION_TEXT_MAX];
              g_string_append_printf (msg, "game %d phase %d: engine", game, D (&s)->phase);
              for (int i = 0; i < l.n; i++)
                {
                  R->decision_to_text (&s, l.d[i], t, sizeof t);
                  g_string_append_printf (msg, " [%s]", t);
                }
              g_string_append (msg, "; reference");
              for (int i = 0; i < r.n; i++)
                g_string_append_printf (msg, " %u", r.d[i]);
              g_error ("%s", msg->str);
            }

          /* Each legal decision: notation round trip, same result. */
          for (int i = 0; i < l.n; i++)
            {
              ImhState e = s;
              ImhDuel ref = *D (&s);
              char t[IMH_DECISION_TEXT_MAX];
              ImhDecision back = 0xffff;
              int len = R->decision_to_text (&s, l.d[i], t, sizeof t);
              g_assert_cmpint (len, >, 0);
              g_assert_cmpint (len, <, IMH_DECISION_TEXT_MAX);
              g_assert_true (R->decision_from_text (&s, t, &back));
              g_assert_cmpuint (back, ==, l.d[i]);
              R->apply (&e, l.d[i]);
              ref_apply (&ref, l.d[i]);
              assert_same (D (&e), &ref, t);
              checked++;
            }

          /* Determinize keeps every public fact. */
          if (g_rand_int_range (rand, 0, 8) == 0)
            {
              ImhState t = s;
              char *before = public_json (&s);
              R->determinize (&t, D (&s)->turn_player, &rng);
              char *after = public_json (&t);
              g_assert_cmpstr (before, ==, after);
              g_assert_cmpuint (R->hidden_count (&t), ==, R->hidden_count (&s));
              g_assert_true (R->check (&t, NULL, 0));
              g_free (before);
              g_free (after);
            }

          R->apply (&s, l.d[g_rand_int_range (rand, 0, l.n)]);
          steps++;
        }

      /* Final score from the rulebook; D9 for ties. */
      {
        ImhScore sc;
        R->score (&s, &sc);
        g_assert_true (sc.final);
        for (int p = 0; p < 2; p++)
          g_assert_cmpint (sc.total[p], ==, ref_score (D (&s), p));
        int winner = sc.total[0] > sc.total[1] ? 0
                   : sc.total[1] > sc.total[0] ? 1 : 1 - D (&s)->start_player;
        g_assert_cmpint (sc.rank[winner], ==, 0);
        g_assert_cmpint (sc.rank[1 - winner], ==, 1);
        /* D4: exactly one boat is left, and its tiles score for nobody. */
        g_assert_cmpint (__builtin_popcount (D (&s)->boats_alive), ==, 1);
      }
    }
  g_test_message ("%ld steps, %ld decisions compared", steps, checked);
  g_rand_free (rand);
}

/* ------------------------------------------------------------------ */
/* Building positions (tile conservation kept exact)                    */

/* Takes one tile of `code` out of wherever it is: the pile first, then the
 * removed tiles, the reserve or the boats (a pile tile takes its place). */
static void
grab (ImhDuel *d, uint8_t code)
{
  for (int i = d->pile_n - 1; i >= 0; i--)
    if (d->pile[i] == code)
      {
        memmove (d->pile + i, d->pile + i + 1, (size_t) (d->pile_n - i - 1));
        d->pile_n--;
        return;
      }
  if (d->removed[code] > 0)
    {
      d->removed[code]--;
      return;
    }
  for (int i = 0; i < d->reserve_n; i++)
    if (d->reserve[i] == code)
      {
        g_assert_cmpint (d->pile_n, >, 0);
        d->reserve[i] = d->pile[--d->pile_n];
        return;
      }
  for (int b = 0; b < 6; b++)
    for (int k = 0; k < 3; k++)
      if (d->boat[b][k] == code)
        {
          g_assert_cmpint (d->pile_n, >, 0);
          d->boat[b][k] = d->pile[--d->pile_n];
          return;
        }
  g_error ("no tile %d left to take", code);
}

static void
put_on_boat (ImhDuel *d, int b, int k, uint8_t code)
{
  grab (d, code);
  if (d->boat[b][k] != 0)
    d->removed[d->boat[b][k]]++;
  d->boat[b][k] = code;
}

static void
give (ImhDuel *d, int p, uint8_t code)
{
  grab (d, code);
  imh_duel_give_tile (d, p, code);
}

/* Removes boats (their tiles leave the game) and empties the pile. */
static void
leave_boats (ImhDuel *d, unsigned keep)
{
  for (int b = 0; b < 6; b++)
    if (!((keep >> b) & 1))
      {
        for (int k = 0; k < 3; k++)
          if (d->boat[b][k] != 0)
            d->removed[d->boat[b][k]]++, d->boat[b][k] = 0;
        d->boats_alive &= (uint8_t) ~(1u << b);
      }
  for (int i = 0; i < d->pile_n; i++)
    d->removed[d->pile[i]]++;
  d->pile_n = 0;
}

static void
assert_check (const ImhState *s)
{
  char why[160];
  if (!R->check (s, why, sizeof why))
    g_error ("invariant broken: %s", why);
}

/* ------------------------------------------------------------------ */
/* Positions from the rulebook                                          */

/* "Schwarz entscheidet sich, die unterste Reihe zu entladen. Dadurch
 * erhält Schwarz das Grabkammer-Plättchen mit der Zahl 12 und Weiß das
 * Tempel-Plättchen mit 1 Symbol. Das dunkle Pyramiden-Plättchen wird aus
 * dem Spiel entfernt." Every row and column holds ≥ 2 meeples; the middle
 * column holds only two white meeples. */
static void
test_rulebook_unload_example (void)
{
  ImhState s;
  ImhDuel *d;

  new_game (&s, "AAAA", 3, 0);
  d = D (&s);
  /* Black (0): a1 c1 c2 c3; white (1): a2 b2 b3. Free: b1, a3. */
  d->meeples[0] = (uint16_t) (1u << 0 | 1u << 2 | 1u << 5 | 1u << 8);
  d->meeples[1] = (uint16_t) (1u << 3 | 1u << 4 | 1u << 7);
  /* The bottom row's boat R2: slot 1 dark pyramid, slot 2 temple 1, slot 3 crypt 12. */
  put_on_boat (d, 2, 0, PD);
  put_on_boat (d, 2, 1, T1);
  put_on_boat (d, 2, 2, CR + 11);
  assert_check (&s);

  /* Every boat may be unloaded, the middle column (two white meeples) too. */
  for (int b = 0; b < 6; b++)
    g_assert_true (R->is_legal (&s, (ImhDecision) (IMH_DUEL_D_UNLOAD + b)));

  int removed_pd = d->removed[PD];
  play (&s, "U R2");
  d = D (&s);
  g_assert_true ((d->crypt[0] >> 11) & 1);
  g_assert_cmpint (d->crypt[1], ==, 0);
  g_assert_cmpint (d->temple[1][0], ==, 1);
  g_assert_cmpint (d->temple[0][0], ==, 0);
  g_assert_cmpint (d->pyramid[0][1] + d->pyramid[1][1], ==, 0);
  g_assert_cmpint (d->removed[PD], ==, removed_pd + 1);
  /* The two meeples are back in their supplies, the others stay. */
  g_assert_cmpint (d->meeples[0], ==, (1u << 0 | 1u << 2 | 1u << 5));
  g_assert_cmpint (d->meeples[1], ==, (1u << 3 | 1u << 4));
  assert_check (&s);
}

/* The Duel's A scoring, tile by tile (rulebook "Endwertung"). */
static void
test_score_a_tables (void)
{
  ImhState s;
  ImhScore sc;

  new_game (&s, "AAAA", 1, 0);
  /* Pyramids: 1/3/6/10/15/21, light and dark separately. */
  static const int py[7] = { 0, 1, 3, 6, 10, 15, 21 };
  for (int n = 0; n <= 6; n++)
    {
      ImhState t = s;
      for (int k = 0; k < n; k++)
        give (D (&t), 0, PL);
      for (int k = 0; k < 6 - n; k++)
        give (D (&t), 0, PD);
      assert_check (&t);
      R->score (&t, &sc);
      g_assert_cmpint (sc.points[0][IMH_DUEL_CAT_PYRAMIDS], ==, py[n] + py[6 - n]);
    }
  /* Crypt: runs of 1/2/3/4/5+ → 1/4/9/16/25; 12 and 1 are not adjacent. */
  {
    ImhState t = s;
    static const int tiles[] = { 1, 12, 3, 4, 6, 7, 8, 9, 10 };
    for (unsigned i = 0; i < G_N_ELEMENTS (tiles); i++)
      give (D (&t), 1, (uint8_t) (CR + tiles[i] - 1));
    assert_check (&t);
    R->score (&t, &sc);
    g_assert_cmpint (sc.points[1][IMH_DUEL_CAT_CRYPT], ==, 1 + 1 + 4 + 25);
  }
  /* Obelisk A: +6 only for strictly more. */
  {
    ImhState t = s;
    for (int k = 0; k < 3; k++)
      give (D (&t), 0, OB), give (D (&t), 1, OB);
    R->score (&t, &sc);
    g_assert_cmpint (sc.points[0][IMH_DUEL_CAT_OBELISK], ==, 3);
    g_assert_cmpint (sc.points[1][IMH_DUEL_CAT_OBELISK], ==, 3);
    give (D (&t), 1, OB);
    R->score (&t, &sc);
    g_assert_cmpint (sc.points[0][IMH_DUEL_CAT_OBELISK], ==, 3);
    g_assert_cmpint (sc.points[1][IMH_DUEL_CAT_OBELISK], ==, 10);
  }
}

/* Side B: first to 5 gets 12, the other 6 with ≥ 5, 18 with ≥ 10. */
static void
test_score_b_obelisk (void)
{
  ImhState s;
  ImhScore sc;

  new_game (&s, "BBBB", 1, 0);
  for (int k = 0; k < 5; k++)
    give (D (&s), 1, OB);
  for (int k = 0; k < 4; k++)
    give (D (&s), 0, OB);
  R->score (&s, &sc);
  g_assert_cmpint (sc.points[1][IMH_DUEL_CAT_OBELISK], ==, 12);
  g_assert_cmpint (sc.points[0][IMH_DUEL_CAT_OBELISK], ==, 0);
  give (D (&s), 0, OB);
  R->score (&s, &sc);
  g_assert_cmpint (sc.points[0][IMH_DUEL_CAT_OBELISK], ==, 6);
  /* A 6th tile is worthless to the first player (rulebook B example). */
  give (D (&s), 1, OB);
  R->score (&s, &sc);
  g_assert_cmpint (sc.points[1][IMH_DUEL_CAT_OBELISK], ==, 12);
  assert_check (&s);

  new_game (&s, "BAAA", 1, 0);
  for (int k = 0; k < 10; k++)
    give (D (&s), 0, OB);
  assert_check (&s);
  R->score (&s, &sc);
  g_assert_cmpint (sc.points[0][IMH_DUEL_CAT_OBELISK], ==, 18);
  g_assert_cmpint (sc.points[1][IMH_DUEL_CAT_OBELISK], ==, 0);
}

/* D7 TAKE: a tile taken by "Nimm 1 Plättchen" counts for obelisk B's
 * first to 5; action tiles are never offered; the reserve refills face up. */
static void
test_take_obelisk_b (void)
{
  ImhState s;
  ImhDuel *d;
  ImhDecisionList l;

  new_game (&s, "BAAA", 8, 0);
  d = D (&s);
  for (int k = 0; k < 4; k++)
    give (d, 0, OB), give (d, 1, OB);
  grab (d, A0 + IMH_DUEL_ACTION_TAKE);
  d->actions[0][IMH_DUEL_ACTION_TAKE] = 1;
  put_on_boat (d, 0, 1, OB);
  put_on_boat (d, 3, 0, A0 + IMH_DUEL_ACTION_SWAP_UNLOAD);
  assert_check (&s);

  uint8_t reserve_top = d->reserve[d->reserve_n - 1];
  play (&s, "A take");
  R->legal (&s, &l);
  g_assert_cmpint (l.n, >, 0);
  for (int i = 0; i < l.n; i++)
    {
      int b = (l.d[i] - IMH_DUEL_D_TAKE) / 3, k = (l.d[i] - IMH_DUEL_D_TAKE) % 3;
      g_assert_cmpint (D (&s)->boat[b][k], <, A0);
      g_assert_cmpint (D (&s)->boat[b][k], !=, 0);
    }
  g_assert_false (R->is_legal (&s, (ImhDecision) (IMH_DUEL_D_TAKE + 3 * 3 + 0)));
  R->apply (&s, (ImhDecision) (IMH_DUEL_D_TAKE + 0 * 3 + 1));
  d = D (&s);
  g_assert_cmpint (d->obelisk[0], ==, 5);
  g_assert_cmpint (d->obelisk_first, ==, 0);
  g_assert_cmpint (d->boat[0][1], ==, reserve_top);
  g_assert_cmpint (d->reserve_n, ==, 2);
  g_assert_cmpint (d->turn_player, ==, 1);
  assert_check (&s);
}

/* D4 at a plain unload: the 5th boat removed ends the game at once; the
 * tiles on the last boat score for nobody; the turn index stays. */
static void
test_d4_plain_unload (void)
{
  ImhState s;
  ImhDuel *d;
  ImhScore after;

  new_game (&s, "AAAA", 21, 0);
  d = D (&s);
  leave_boats (d, 1u << 0 | 1u << 1);
  /* Two meeples in row 1 (boat R0): black c1, white b1. */
  d->meeples[0] = 1u << 2;
  d->meeples[1] = 1u << 1;
  assert_check (&s);
  uint32_t turn = d->turn;
  uint8_t last[3];
  memcpy (last, d->boat[1], 3);

  play (&s, "U R0");
  d = D (&s);
  g_assert_true (R->is_over (&s));
  g_assert_cmpint (R->actor (&s), ==, -1);
  g_assert_cmpuint (d->turn, ==, turn);
  g_assert_cmpint (d->boats_alive, ==, 1u << 1);
  g_assert_cmpmem (d->boat[1], 3, last, 3);        /* the last boat keeps its tiles */
  R->score (&s, &after);
  g_assert_true (after.final);
  assert_check (&s);
}

/* D4 inside SWAP_UNLOAD; and D7a: swapping two identical tiles is legal. */
static void
test_d4_swap_unload_and_identical_swap (void)
{
  ImhState s;
  ImhDuel *d;

  new_game (&s, "AAAA", 22, 1);
  d = D (&s);
  leave_boats (d, 1u << 0 | 1u << 1);
  put_on_boat (d, 1, 0, OB);
  put_on_boat (d, 1, 1, OB);
  /* Black a1 and c1 in row 1; white has the swap tile. */
  d->meeples[0] = 1u << 2 | 1u << 0;
  grab (d, A0 + IMH_DUEL_ACTION_SWAP_UNLOAD);
  d->actions[1][IMH_DUEL_ACTION_SWAP_UNLOAD] = 1;
  assert_check (&s);

  play (&s, "A swap");
  ImhDecision same = (ImhDecision) (IMH_DUEL_D_SWAP + 1 * 3 + 0);
  g_assert_true (R->is_legal (&s, same));
  R->apply (&s, same);
  g_assert_cmpint (D (&s)->phase, ==, IMH_DUEL_PHASE_SU_UNLOAD);
  play (&s, "U R0");
  g_assert_true (R->is_over (&s));
  g_assert_cmpint (D (&s)->meeples[0], ==, 0);
  assert_check (&s);
}

/* D7a: two tiles of one kind give one play decision; a lone stop is
 * never offered (no meeple left for the 3rd placement). */
static void
test_d7a_decisions (void)
{
  ImhState s;
  ImhDuel *d;
  ImhDecisionList l;

  new_game (&s, "AAAA", 30, 0);
  d = D (&s);
  for (int k = 0; k < 2; k++)
    {
      grab (d, A0 + IMH_DUEL_ACTION_PLACE_2_3);
      d->actions[0][IMH_DUEL_ACTION_PLACE_2_3]++;
    }
  /* Black has 2 meeples left in supply. */
  d->meeples[0] = 1u << 0 | 1u << 4;
  assert_check (&s);
  R->legal (&s, &l);
  int plays = 0;
  for (int i = 0; i < l.n; i++)
    plays += l.d[i] >= IMH_DUEL_D_PLAY && l.d[i] < IMH_DUEL_D_TAKE;
  g_assert_cmpint (plays, ==, 1);
  play (&s, "A place23");
  play (&s, "P c3");
  play (&s, "P a3");
  /* No meeple left: the turn ended without a lone stop. */
  g_assert_cmpint (D (&s)->phase, ==, IMH_DUEL_PHASE_MAIN);
  g_assert_cmpint (D (&s)->turn_player, ==, 1);
  g_assert_cmpint (D (&s)->actions[0][IMH_DUEL_ACTION_PLACE_2_3], ==, 1);
  assert_check (&s);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  R = imh_rules_get (IMH_GAME_DUEL);

  g_test_add_func ("/audit-duel/rulebook-unload-example", test_rulebook_unload_example);
  g_test_add_func ("/audit-duel/score-a-tables", test_score_a_tables);
  g_test_add_func ("/audit-duel/score-b-obelisk", test_score_b_obelisk);
  g_test_add_func ("/audit-duel/take-obelisk-b", test_take_obelisk_b);
  g_test_add_func ("/audit-duel/d4-plain-unload", test_d4_plain_unload);
  g_test_add_func ("/audit-duel/d4-swap-unload-identical-swap", test_d4_swap_unload_and_identical_swap);
  g_test_add_func ("/audit-duel/d7a-decisions", test_d7a_decisions);
  g_test_add_func ("/audit-duel/reference-games", test_reference_games);
  return g_test_run ();
}
