/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-rules.c — the game registry and the dispatching wrappers. */
#include <stdio.h>
#include <string.h>

#include "imh-classic.h"
#include "imh-duel.h"
#include "imh-engine.h"

extern const ImhRules imh_duel_rules;
extern const ImhRules imh_classic_rules;

static const ImhRules *const all_rules[IMH_N_GAMES] = {
  [IMH_GAME_DUEL] = &imh_duel_rules,
  [IMH_GAME_CLASSIC] = &imh_classic_rules,
};

const ImhRules *
imh_rules_get (ImhGameKind kind)
{
  if ((unsigned) kind >= IMH_N_GAMES)
    return NULL;
  return all_rules[kind];
}

const ImhRules *
imh_rules_from_id (const char *id)
{
  if (id == NULL)
    return NULL;
  for (int k = 0; k < IMH_N_GAMES; k++)
    if (all_rules[k] != NULL && strcmp (all_rules[k]->id, id) == 0)
      return all_rules[k];
  return NULL;
}

const ImhRules *
imh_rules_of (const ImhState *s)
{
  return imh_rules_get ((ImhGameKind) s->kind);
}

void
imh_state_copy (ImhState *dst, const ImhState *src)
{
  memcpy (dst, src, imh_rules_of (src)->state_size);
}

void
imh_options_init (ImhOptions *o, ImhGameKind game, int n_players)
{
  memset (o, 0, sizeof *o);
  o->game = game;
  o->n_players = (uint8_t) n_players;
  o->start_player = -1;
}

bool
imh_setup (ImhState *s, const ImhOptions *o, uint64_t seed, char *why, size_t why_len)
{
  const ImhRules *r = imh_rules_get (o->game);
  if (r == NULL)
    {
      if (why != NULL && why_len > 0)
        snprintf (why, why_len, "unknown game");
      return false;
    }
  if (!r->options_valid (o, why, why_len))
    return false;
  memset (s, 0, sizeof *s);
  r->setup (s, o, seed);
  return true;
}

int
imh_actor (const ImhState *s)
{
  return imh_rules_of (s)->actor (s);
}

bool
imh_is_over (const ImhState *s)
{
  return imh_rules_of (s)->is_over (s);
}

int
imh_legal (const ImhState *s, ImhDecisionList *out)
{
  return imh_rules_of (s)->legal (s, out);
}

bool
imh_is_legal (const ImhState *s, ImhDecision d)
{
  return imh_rules_of (s)->is_legal (s, d);
}

void
imh_apply (ImhState *s, ImhDecision d)
{
  imh_rules_of (s)->apply (s, d);
}

void
imh_score (const ImhState *s, ImhScore *out)
{
  imh_rules_of (s)->score (s, out);
}

int
imh_score_parts (const ImhState *s, int player, bool so_far, ImhScorePart *parts, int max)
{
  if (s->kind == IMH_GAME_DUEL)
    return imh_duel_score_parts (&s->u.duel, player, s->u.duel.sides, parts, max);
  return imh_classic_score_parts (s, player, so_far, parts, max);
}

const char *
imh_engine_version (void)
{
  return "imhotep-engine-1";
}
