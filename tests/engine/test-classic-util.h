/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-classic-util.h — helpers for the base-game engine tests: build and
 * arrange positions (the state is plain data), play decisions by notation. */
#pragma once

#include <glib.h>
#include <string.h>

#include "imh-engine.h"
#include "imh-classic.h"

#define NONE IMH_CLASSIC_NONE

static inline ImhClassic *
C (ImhState *s)
{
  return &s->u.classic;
}

static inline void
assert_ok (const ImhState *s)
{
  char why[200];
  if (!imh_classic_rules.check (s, why, sizeof why))
    g_error ("invariant broken: %s", why);
}

/* After editing a position by hand: recompute derived fields, check. */
static inline void
edited (ImhState *s)
{
  imh_classic_sync (&s->u.classic);
  assert_ok (s);
}

/* A new game; sides "AAAAA".."BBBBB" (market, pyramid, temple, burial,
 * obelisk); the round's ships set to capacities 4, 3, 2, 1 unless keep. */
static inline ImhState
new_game_full (int np, const char *sides, uint32_t variants, int start, uint64_t seed, gboolean keep)
{
  ImhOptions o;
  ImhState s;
  char why[128];

  imh_options_init (&o, IMH_GAME_CLASSIC, np);
  for (int i = 0; i < 5 && sides[i]; i++)
    o.sides[i] = sides[i] == 'B' ? IMH_SIDE_B : IMH_SIDE_A;
  o.variants = variants;
  o.start_player = (int8_t) start;
  if (!imh_setup (&s, &o, seed, why, sizeof why))
    g_error ("setup: %s", why);
  if (!keep)
    {
      static const uint8_t caps[4] = { 4, 3, 2, 1 };
      memcpy (C (&s)->ship_cap, caps, 4);
    }
  edited (&s);
  return s;
}

static inline ImhState
new_game (int np, const char *sides)
{
  return new_game_full (np, sides, 0, 0, 1, FALSE);
}

/* Put stones from their owners' quarries on a ship: "12.0" = white on the
 * bow, brown 2nd, 3rd empty, black 4th. */
static inline void
load (ImhState *s, int ship, const char *owners)
{
  ImhClassic *c = C (s);
  for (int i = 0; owners[i]; i++)
    if (owners[i] >= '0' && owners[i] <= '3')
      {
        int p = owners[i] - '0';
        g_assert_cmpint (c->quarry[p], >, 0);
        g_assert_cmpint (c->ship[ship][i], ==, 0);
        c->quarry[p]--;
        c->ship[ship][i] = (uint8_t) (p + 1);
      }
  edited (s);
}

static inline void
legal_text (const ImhState *s, char *out, size_t len)
{
  ImhDecisionList l;
  char buf[IMH_DECISION_TEXT_MAX];
  out[0] = '\0';
  imh_legal (s, &l);
  for (int i = 0; i < l.n; i++)
    {
      imh_classic_rules.decision_to_text (s, l.d[i], buf, sizeof buf);
      if (i > 0)
        g_strlcat (out, " ", len);
      g_strlcat (out, buf, len);
    }
}

static inline gboolean
can (const ImhState *s, const char *text)
{
  ImhDecision d;
  return imh_classic_rules.decision_from_text (s, text, &d);
}

static inline void
play (ImhState *s, const char *text)
{
  ImhDecision d;
  if (!imh_classic_rules.decision_from_text (s, text, &d))
    {
      char legal[2048];
      legal_text (s, legal, sizeof legal);
      g_error ("'%s' is not legal; legal: %s", text, legal);
    }
  imh_apply (s, d);
  assert_ok (s);    /* no sync: the engine keeps its derived fields */
}

static inline void
assert_legal (const ImhState *s, const char *expected)
{
  char legal[2048];
  legal_text (s, legal, sizeof legal);
  g_assert_cmpstr (legal, ==, expected);
}

/* Remove one card of a type from the deck (it must be there). */
static inline void
deck_remove (ImhClassic *c, int type)
{
  for (int i = 0; i < c->deck_n; i++)
    if (c->deck[i] == type)
      {
        c->deck[i] = c->deck[c->deck_n - 1];
        c->deck[--c->deck_n] = NONE;
        return;
      }
  g_error ("no %s card in the deck", imh_classic_card_ids[type]);
}

/* Lay out the face-up market (-1: empty space); old cards go back to the deck. */
static inline void
set_display (ImhState *s, int a, int b, int cc, int d)
{
  ImhClassic *c = C (s);
  int want[4] = { a, b, cc, d };
  for (int i = 0; i < 4; i++)
    if (c->display[i] != NONE)
      {
        c->deck[c->deck_n++] = c->display[i];
        c->display[i] = NONE;
      }
  for (int i = 0; i < 4; i++)
    if (want[i] >= 0)
      {
        deck_remove (c, want[i]);
        c->display[i] = (uint8_t) want[i];
      }
  edited (s);
}

static inline void
set_pair (ImhState *s, int a, int b)
{
  ImhClassic *c = C (s);
  for (int i = 0; i < 2; i++)
    if (c->pair[i] != NONE)
      c->deck[c->deck_n++] = c->pair[i];
  deck_remove (c, a);
  deck_remove (c, b);
  c->pair[0] = (uint8_t) a;
  c->pair[1] = (uint8_t) b;
  c->pair_state = IMH_CLASSIC_PAIR_FACE_DOWN;
  edited (s);
}

static inline void
give_card (ImhState *s, int p, int type)
{
  deck_remove (C (s), type);
  C (s)->held[p][type]++;
  edited (s);
}

/* Put a card of this type on top of the deck. */
static inline void
deck_top (ImhState *s, int type)
{
  ImhClassic *c = C (s);
  for (int i = 0; i < c->deck_n; i++)
    if (c->deck[i] == type)
      {
        uint8_t t = c->deck[c->deck_n - 1];
        c->deck[c->deck_n - 1] = c->deck[i];
        c->deck[i] = t;
        return;
      }
  g_error ("no %s card in the deck", imh_classic_card_ids[type]);
}

/* Mark an (empty) ship as sailed to a site. */
static inline void
mark_sailed (ImhState *s, int ship, int site)
{
  ImhClassic *c = C (s);
  c->ship_site[ship] = (uint8_t) site;
  c->sites_used |= (uint8_t) (1u << site);
  c->ships_sailed++;
  edited (s);
}

/* Make every ship unsailed again (to deliver to a site repeatedly). */
static inline void
unsail (ImhState *s)
{
  ImhClassic *c = C (s);
  for (int i = 0; i < 4; i++)
    c->ship_site[i] = NONE;
  c->sites_used = 0;
  c->ships_sailed = 0;
  edited (s);
}

/* Move stones of a player from the quarry to the (count-only) obelisk A
 * tally, to empty the quarry while keeping conservation. */
static inline void
park_quarry (ImhState *s, int p, int keep)
{
  ImhClassic *c = C (s);
  int n = c->quarry[p] - keep;
  c->quarry[p] = (uint8_t) keep;
  c->stones[IMH_CLASSIC_SITE_OBELISK][p] += (uint8_t) n;
  edited (s);
}

static inline int
total_points (const ImhState *s, int p)
{
  int sum = 0;
  for (int k = 0; k < IMH_CLASSIC_N_CATEGORIES; k++)
    sum += s->u.classic.points[p][k];
  return sum;
}
