/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-turn-item.c — one turn of the history. */
#define G_LOG_DOMAIN "imh-turn-item"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "imh-turn-item-private.h"

struct _ImhTurnItem
{
  GObject      parent_instance;

  guint        number;
  int          player;
  guint        first_ply;
  guint        n_decisions;
  ImhDecision *decisions;
  int         *actors;
  char       **texts;
  char       **notations;
  char        *text;
  char        *notation;
  guint        n_players;
  int          score_change[IMH_MAX_PLAYERS];
  int          score_after[IMH_MAX_PLAYERS];
  char        *score_text;
  gboolean     ends_game;
  guint        round;
  guint        n_groups;
  guint       *group_start;   /* n_groups + 1 entries: the last is n_decisions */
  ImhMark      mark;
};

G_DEFINE_FINAL_TYPE (ImhTurnItem, imh_turn_item, G_TYPE_OBJECT)

G_DEFINE_ENUM_TYPE (ImhMark, imh_mark,
  G_DEFINE_ENUM_VALUE (IMH_MARK_NONE, "none"),
  G_DEFINE_ENUM_VALUE (IMH_MARK_INACCURACY, "inaccuracy"),
  G_DEFINE_ENUM_VALUE (IMH_MARK_MISTAKE, "mistake"),
  G_DEFINE_ENUM_VALUE (IMH_MARK_BLUNDER, "blunder"))

enum {
  PROP_0,
  PROP_NUMBER,
  PROP_PLAYER,
  PROP_FIRST_PLY,
  PROP_END_PLY,
  PROP_N_DECISIONS,
  PROP_TEXT,
  PROP_NOTATION,
  PROP_SCORE_TEXT,
  PROP_ENDS_GAME,
  PROP_ROUND,
  PROP_N_GROUPS,
  PROP_MARK,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
imh_turn_item_finalize (GObject *object)
{
  ImhTurnItem *self = IMH_TURN_ITEM (object);

  g_free (self->decisions);
  g_free (self->actors);
  g_free (self->group_start);
  g_strfreev (self->texts);
  g_strfreev (self->notations);
  g_free (self->text);
  g_free (self->notation);
  g_free (self->score_text);

  G_OBJECT_CLASS (imh_turn_item_parent_class)->finalize (object);
}

static void
imh_turn_item_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  ImhTurnItem *self = IMH_TURN_ITEM (object);

  switch (prop_id)
    {
    case PROP_NUMBER:
      g_value_set_uint (value, self->number);
      break;
    case PROP_PLAYER:
      g_value_set_int (value, self->player);
      break;
    case PROP_FIRST_PLY:
      g_value_set_uint (value, self->first_ply);
      break;
    case PROP_END_PLY:
      g_value_set_uint (value, self->first_ply + self->n_decisions);
      break;
    case PROP_N_DECISIONS:
      g_value_set_uint (value, self->n_decisions);
      break;
    case PROP_TEXT:
      g_value_set_string (value, self->text);
      break;
    case PROP_NOTATION:
      g_value_set_string (value, self->notation);
      break;
    case PROP_SCORE_TEXT:
      g_value_set_string (value, self->score_text);
      break;
    case PROP_ENDS_GAME:
      g_value_set_boolean (value, self->ends_game);
      break;
    case PROP_ROUND:
      g_value_set_uint (value, self->round);
      break;
    case PROP_N_GROUPS:
      g_value_set_uint (value, self->n_groups);
      break;
    case PROP_MARK:
      g_value_set_enum (value, self->mark);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imh_turn_item_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  ImhTurnItem *self = IMH_TURN_ITEM (object);

  switch (prop_id)
    {
    case PROP_MARK:
      imh_turn_item_set_mark (self, g_value_get_enum (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imh_turn_item_class_init (ImhTurnItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags ro = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;

  object_class->finalize = imh_turn_item_finalize;
  object_class->get_property = imh_turn_item_get_property;
  object_class->set_property = imh_turn_item_set_property;

  properties[PROP_NUMBER] = g_param_spec_uint ("number", NULL, NULL, 0, G_MAXUINT, 0, ro);
  properties[PROP_PLAYER] = g_param_spec_int ("player", NULL, NULL, -1, IMH_MAX_PLAYERS - 1, 0, ro);
  properties[PROP_FIRST_PLY] = g_param_spec_uint ("first-ply", NULL, NULL, 0, G_MAXUINT, 0, ro);
  properties[PROP_END_PLY] = g_param_spec_uint ("end-ply", NULL, NULL, 0, G_MAXUINT, 0, ro);
  properties[PROP_N_DECISIONS] = g_param_spec_uint ("n-decisions", NULL, NULL, 0, G_MAXUINT, 0, ro);
  properties[PROP_TEXT] = g_param_spec_string ("text", NULL, NULL, NULL, ro);
  properties[PROP_NOTATION] = g_param_spec_string ("notation", NULL, NULL, NULL, ro);
  properties[PROP_SCORE_TEXT] = g_param_spec_string ("score-text", NULL, NULL, NULL, ro);
  properties[PROP_ENDS_GAME] = g_param_spec_boolean ("ends-game", NULL, NULL, FALSE, ro);
  properties[PROP_ROUND] = g_param_spec_uint ("round", NULL, NULL, 0, G_MAXUINT, 0, ro);
  properties[PROP_N_GROUPS] = g_param_spec_uint ("n-groups", NULL, NULL, 0, G_MAXUINT, 0, ro);
  properties[PROP_MARK] =
    g_param_spec_enum ("mark", NULL, NULL, IMH_TYPE_MARK, IMH_MARK_NONE,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
imh_turn_item_init (ImhTurnItem *self)
{
}

ImhTurnItem *
_imh_turn_item_new (guint               number,
                    int                 player,
                    guint               first_ply,
                    guint               n_decisions,
                    const ImhDecision  *decisions,
                    const int          *actors,
                    const char *const  *texts,
                    const char *const  *notations,
                    guint               n_players,
                    const int          *score_before,
                    const int          *score_after,
                    gboolean            ends_game)
{
  ImhTurnItem *self;
  GString *score_text;

  g_assert (n_players <= IMH_MAX_PLAYERS);

  self = g_object_new (IMH_TYPE_TURN_ITEM, NULL);
  self->number = number;
  self->player = player;
  self->first_ply = first_ply;
  self->n_decisions = n_decisions;
  self->decisions = g_memdup2 (decisions, n_decisions * sizeof *decisions);
  self->actors = g_memdup2 (actors, n_decisions * sizeof *actors);
  self->texts = g_new0 (char *, n_decisions + 1);
  self->notations = g_new0 (char *, n_decisions + 1);
  for (guint i = 0; i < n_decisions; i++)
    {
      self->texts[i] = g_strdup (texts[i]);
      self->notations[i] = g_strdup (notations[i]);
    }
  /* TRANSLATORS: separates the sub-decisions of one turn in the history */
  self->text = g_strjoinv (_("; "), self->texts);
  self->notation = g_strjoinv (" ", self->notations);
  self->n_players = n_players;

  score_text = g_string_new (NULL);
  for (guint p = 0; p < n_players; p++)
    {
      int change = score_after[p] - score_before[p];

      self->score_after[p] = score_after[p];
      self->score_change[p] = change;
      if (p > 0)
        g_string_append (score_text, " / ");
      if (change > 0)
        g_string_append_printf (score_text, "+%d", change);
      else if (change < 0)
        g_string_append_printf (score_text, "−%d", -change);
      else
        g_string_append (score_text, "±0");
    }
  self->score_text = g_string_free (score_text, FALSE);
  self->ends_game = ends_game;

  /* Runs of decisions by the same actor. */
  self->group_start = g_new (guint, n_decisions + 1);
  for (guint i = 0; i < n_decisions; i++)
    if (i == 0 || actors[i] != actors[i - 1])
      self->group_start[self->n_groups++] = i;
  self->group_start[self->n_groups] = n_decisions;

  return self;
}

void
_imh_turn_item_set_round (ImhTurnItem *self,
                          guint        round)
{
  g_assert (IMH_IS_TURN_ITEM (self));
  self->round = round;
}

gboolean
_imh_turn_item_matches (ImhTurnItem       *self,
                        guint              first_ply,
                        guint              n_decisions,
                        const ImhDecision *decisions)
{
  return self->first_ply == first_ply &&
         self->n_decisions == n_decisions &&
         memcmp (self->decisions, decisions, n_decisions * sizeof *decisions) == 0;
}

guint
imh_turn_item_get_number (ImhTurnItem *self)
{
  g_return_val_if_fail (IMH_IS_TURN_ITEM (self), 0);
  return self->number;
}

int
imh_turn_item_get_player (ImhTurnItem *self)
{
  g_return_val_if_fail (IMH_IS_TURN_ITEM (self), -1);
  return self->player;
}

guint
imh_turn_item_get_first_ply (ImhTurnItem *self)
{
  g_return_val_if_fail (IMH_IS_TURN_ITEM (self), 0);
  return self->first_ply;
}

guint
imh_turn_item_get_end_ply (ImhTurnItem *self)
{
  g_return_val_if_fail (IMH_IS_TURN_ITEM (self), 0);
  return self->first_ply + self->n_decisions;
}

guint
imh_turn_item_get_n_decisions (ImhTurnItem *self)
{
  g_return_val_if_fail (IMH_IS_TURN_ITEM (self), 0);
  return self->n_decisions;
}

ImhDecision
imh_turn_item_get_decision (ImhTurnItem *self,
                            guint        i)
{
  g_return_val_if_fail (IMH_IS_TURN_ITEM (self), 0);
  g_return_val_if_fail (i < self->n_decisions, 0);
  return self->decisions[i];
}

int
imh_turn_item_get_decision_actor (ImhTurnItem *self,
                                  guint        i)
{
  g_return_val_if_fail (IMH_IS_TURN_ITEM (self), -1);
  g_return_val_if_fail (i < self->n_decisions, -1);
  return self->actors[i];
}

const char *
imh_turn_item_get_decision_text (ImhTurnItem *self,
                                 guint        i)
{
  g_return_val_if_fail (IMH_IS_TURN_ITEM (self), NULL);
  g_return_val_if_fail (i < self->n_decisions, NULL);
  return self->texts[i];
}

const char *
imh_turn_item_get_decision_notation (ImhTurnItem *self,
                                     guint        i)
{
  g_return_val_if_fail (IMH_IS_TURN_ITEM (self), NULL);
  g_return_val_if_fail (i < self->n_decisions, NULL);
  return self->notations[i];
}

const char *
imh_turn_item_get_text (ImhTurnItem *self)
{
  g_return_val_if_fail (IMH_IS_TURN_ITEM (self), NULL);
  return self->text;
}

const char *
imh_turn_item_get_notation (ImhTurnItem *self)
{
  g_return_val_if_fail (IMH_IS_TURN_ITEM (self), NULL);
  return self->notation;
}

guint
imh_turn_item_get_n_players (ImhTurnItem *self)
{
  g_return_val_if_fail (IMH_IS_TURN_ITEM (self), 0);
  return self->n_players;
}

int
imh_turn_item_get_score_change (ImhTurnItem *self,
                                guint        player)
{
  g_return_val_if_fail (IMH_IS_TURN_ITEM (self), 0);
  g_return_val_if_fail (player < self->n_players, 0);
  return self->score_change[player];
}

int
imh_turn_item_get_score_after (ImhTurnItem *self,
                               guint        player)
{
  g_return_val_if_fail (IMH_IS_TURN_ITEM (self), 0);
  g_return_val_if_fail (player < self->n_players, 0);
  return self->score_after[player];
}

const char *
imh_turn_item_get_score_text (ImhTurnItem *self)
{
  g_return_val_if_fail (IMH_IS_TURN_ITEM (self), NULL);
  return self->score_text;
}

gboolean
imh_turn_item_get_ends_game (ImhTurnItem *self)
{
  g_return_val_if_fail (IMH_IS_TURN_ITEM (self), FALSE);
  return self->ends_game;
}

guint
imh_turn_item_get_round (ImhTurnItem *self)
{
  g_return_val_if_fail (IMH_IS_TURN_ITEM (self), 0);
  return self->round;
}

guint
imh_turn_item_get_n_groups (ImhTurnItem *self)
{
  g_return_val_if_fail (IMH_IS_TURN_ITEM (self), 0);
  return self->n_groups;
}

int
imh_turn_item_get_group_actor (ImhTurnItem *self,
                               guint        group)
{
  g_return_val_if_fail (IMH_IS_TURN_ITEM (self), -1);
  g_return_val_if_fail (group < self->n_groups, -1);
  return self->actors[self->group_start[group]];
}

guint
imh_turn_item_get_group_start (ImhTurnItem *self,
                               guint        group)
{
  g_return_val_if_fail (IMH_IS_TURN_ITEM (self), 0);
  g_return_val_if_fail (group < self->n_groups, 0);
  return self->group_start[group];
}

guint
imh_turn_item_get_group_length (ImhTurnItem *self,
                                guint        group)
{
  g_return_val_if_fail (IMH_IS_TURN_ITEM (self), 0);
  g_return_val_if_fail (group < self->n_groups, 0);
  return self->group_start[group + 1] - self->group_start[group];
}

ImhMark
imh_turn_item_get_mark (ImhTurnItem *self)
{
  g_return_val_if_fail (IMH_IS_TURN_ITEM (self), IMH_MARK_NONE);
  return self->mark;
}

void
imh_turn_item_set_mark (ImhTurnItem *self,
                        ImhMark      mark)
{
  g_return_if_fail (IMH_IS_TURN_ITEM (self));
  g_return_if_fail (mark <= IMH_MARK_BLUNDER);

  if (self->mark == mark)
    return;
  self->mark = mark;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MARK]);
}
