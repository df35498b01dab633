/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-game-summary.c — one row of the game library. */
#define G_LOG_DOMAIN "imh-game-summary"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "imh-game-summary-private.h"

struct _ImhGameSummary
{
  GObject parent_instance;
  ImhGameSummaryData d;
};

G_DEFINE_FINAL_TYPE (ImhGameSummary, imh_game_summary, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ID,
  PROP_GAME,
  PROP_N_PLAYERS,
  PROP_SIDES,
  PROP_VARIANTS,
  PROP_PLAYERS,
  PROP_STARTED,
  PROP_ENDED,
  PROP_FINISHED,
  PROP_WINNER,
  PROP_SCORES,
  PROP_RESULT,
  PROP_LENGTH,
  PROP_TURNS,
  PROP_STARRED,
  PROP_ANALYSED,
  PROP_ANALYSIS_UNREADABLE,
  PROP_N_BLUNDERS,
  PROP_TAGS,
  PROP_NOTES,
  PROP_DELETED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

void
_imh_game_summary_data_clear (ImhGameSummaryData *data)
{
  g_clear_pointer (&data->sides, g_free);
  g_clear_pointer (&data->players, g_free);
  g_clear_pointer (&data->scores, g_free);
  g_clear_pointer (&data->result, g_free);
  g_clear_pointer (&data->tags, g_free);
  g_clear_pointer (&data->notes, g_free);
}

static void
imh_game_summary_finalize (GObject *object)
{
  ImhGameSummary *self = IMH_GAME_SUMMARY (object);

  _imh_game_summary_data_clear (&self->d);
  G_OBJECT_CLASS (imh_game_summary_parent_class)->finalize (object);
}

static void
imh_game_summary_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  ImhGameSummary *self = IMH_GAME_SUMMARY (object);

  switch (prop_id)
    {
    case PROP_ID: g_value_set_int64 (value, self->d.id); break;
    case PROP_GAME: g_value_set_int (value, self->d.game); break;
    case PROP_N_PLAYERS: g_value_set_uint (value, self->d.n_players); break;
    case PROP_SIDES: g_value_set_string (value, self->d.sides); break;
    case PROP_VARIANTS: g_value_set_uint (value, self->d.variants); break;
    case PROP_PLAYERS: g_value_set_string (value, self->d.players); break;
    case PROP_STARTED: g_value_set_int64 (value, self->d.started); break;
    case PROP_ENDED: g_value_set_int64 (value, self->d.ended); break;
    case PROP_FINISHED: g_value_set_boolean (value, self->d.finished); break;
    case PROP_WINNER: g_value_set_int (value, self->d.winner); break;
    case PROP_SCORES: g_value_set_string (value, self->d.scores); break;
    case PROP_RESULT: g_value_set_string (value, self->d.result); break;
    case PROP_LENGTH: g_value_set_uint (value, self->d.length); break;
    case PROP_TURNS: g_value_set_uint (value, self->d.turns); break;
    case PROP_STARRED: g_value_set_boolean (value, self->d.starred); break;
    case PROP_ANALYSED: g_value_set_boolean (value, self->d.analysed); break;
    case PROP_ANALYSIS_UNREADABLE: g_value_set_boolean (value, self->d.analysis_unreadable); break;
    case PROP_N_BLUNDERS: g_value_set_uint (value, self->d.n_blunders); break;
    case PROP_TAGS: g_value_set_string (value, self->d.tags); break;
    case PROP_NOTES: g_value_set_string (value, self->d.notes); break;
    case PROP_DELETED: g_value_set_int64 (value, self->d.deleted); break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imh_game_summary_class_init (ImhGameSummaryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags f = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;

  object_class->finalize = imh_game_summary_finalize;
  object_class->get_property = imh_game_summary_get_property;

  properties[PROP_ID] = g_param_spec_int64 ("id", NULL, NULL, 0, G_MAXINT64, 0, f);
  properties[PROP_GAME] = g_param_spec_int ("game", NULL, NULL, 0, G_MAXINT, 0, f);
  properties[PROP_N_PLAYERS] = g_param_spec_uint ("n-players", NULL, NULL, 0, G_MAXUINT, 0, f);
  properties[PROP_SIDES] = g_param_spec_string ("sides", NULL, NULL, NULL, f);
  properties[PROP_VARIANTS] = g_param_spec_uint ("variants", NULL, NULL, 0, G_MAXUINT, 0, f);
  properties[PROP_PLAYERS] = g_param_spec_string ("players", NULL, NULL, NULL, f);
  properties[PROP_STARTED] = g_param_spec_int64 ("started", NULL, NULL, G_MININT64, G_MAXINT64, 0, f);
  properties[PROP_ENDED] = g_param_spec_int64 ("ended", NULL, NULL, G_MININT64, G_MAXINT64, 0, f);
  properties[PROP_FINISHED] = g_param_spec_boolean ("finished", NULL, NULL, FALSE, f);
  properties[PROP_WINNER] = g_param_spec_int ("winner", NULL, NULL, -1, G_MAXINT, -1, f);
  properties[PROP_SCORES] = g_param_spec_string ("scores", NULL, NULL, NULL, f);
  properties[PROP_RESULT] = g_param_spec_string ("result", NULL, NULL, NULL, f);
  properties[PROP_LENGTH] = g_param_spec_uint ("length", NULL, NULL, 0, G_MAXUINT, 0, f);
  properties[PROP_TURNS] = g_param_spec_uint ("turns", NULL, NULL, 0, G_MAXUINT, 0, f);
  properties[PROP_STARRED] = g_param_spec_boolean ("starred", NULL, NULL, FALSE, f);
  properties[PROP_ANALYSED] = g_param_spec_boolean ("analysed", NULL, NULL, FALSE, f);
  properties[PROP_ANALYSIS_UNREADABLE] = g_param_spec_boolean ("analysis-unreadable", NULL, NULL, FALSE, f);
  properties[PROP_N_BLUNDERS] = g_param_spec_uint ("n-blunders", NULL, NULL, 0, G_MAXUINT, 0, f);
  properties[PROP_TAGS] = g_param_spec_string ("tags", NULL, NULL, NULL, f);
  properties[PROP_NOTES] = g_param_spec_string ("notes", NULL, NULL, NULL, f);
  properties[PROP_DELETED] = g_param_spec_int64 ("deleted", NULL, NULL, 0, G_MAXINT64, 0, f);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
imh_game_summary_init (ImhGameSummary *self)
{
  self->d.winner = -1;
}

ImhGameSummary *
_imh_game_summary_new (ImhGameSummaryData *data)
{
  ImhGameSummary *self = g_object_new (IMH_TYPE_GAME_SUMMARY, NULL);

  self->d = *data;
  data->sides = data->players = data->scores = data->result = data->tags = data->notes = NULL;
  return self;
}

static void
update_string (ImhGameSummary *self, char **dst, const char *src, int prop)
{
  if (g_strcmp0 (*dst, src) == 0)
    return;
  g_free (*dst);
  *dst = g_strdup (src);
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

#define UPDATE_VALUE(field, prop) \
  G_STMT_START { \
    if (self->d.field != other->d.field) \
      { \
        self->d.field = other->d.field; \
        g_object_notify_by_pspec (G_OBJECT (self), properties[prop]); \
      } \
  } G_STMT_END

void
_imh_game_summary_update (ImhGameSummary *self,
                          ImhGameSummary *other)
{
  g_return_if_fail (IMH_IS_GAME_SUMMARY (self));
  g_return_if_fail (IMH_IS_GAME_SUMMARY (other));

  g_object_freeze_notify (G_OBJECT (self));
  UPDATE_VALUE (id, PROP_ID);
  UPDATE_VALUE (game, PROP_GAME);
  UPDATE_VALUE (n_players, PROP_N_PLAYERS);
  update_string (self, &self->d.sides, other->d.sides, PROP_SIDES);
  UPDATE_VALUE (variants, PROP_VARIANTS);
  update_string (self, &self->d.players, other->d.players, PROP_PLAYERS);
  UPDATE_VALUE (started, PROP_STARTED);
  UPDATE_VALUE (ended, PROP_ENDED);
  UPDATE_VALUE (finished, PROP_FINISHED);
  UPDATE_VALUE (winner, PROP_WINNER);
  update_string (self, &self->d.scores, other->d.scores, PROP_SCORES);
  update_string (self, &self->d.result, other->d.result, PROP_RESULT);
  UPDATE_VALUE (length, PROP_LENGTH);
  UPDATE_VALUE (turns, PROP_TURNS);
  UPDATE_VALUE (starred, PROP_STARRED);
  UPDATE_VALUE (analysed, PROP_ANALYSED);
  UPDATE_VALUE (analysis_unreadable, PROP_ANALYSIS_UNREADABLE);
  UPDATE_VALUE (n_blunders, PROP_N_BLUNDERS);
  update_string (self, &self->d.tags, other->d.tags, PROP_TAGS);
  update_string (self, &self->d.notes, other->d.notes, PROP_NOTES);
  UPDATE_VALUE (deleted, PROP_DELETED);
  g_object_thaw_notify (G_OBJECT (self));
}

#define GETTER(type, name, field) \
  type imh_game_summary_get_##name (ImhGameSummary *self) \
  { \
    g_return_val_if_fail (IMH_IS_GAME_SUMMARY (self), (type) 0); \
    return self->d.field; \
  }

GETTER (gint64, id, id)
GETTER (int, game, game)
GETTER (guint, n_players, n_players)
GETTER (guint, variants, variants)
GETTER (gint64, started, started)
GETTER (gint64, ended, ended)
GETTER (gboolean, finished, finished)
GETTER (guint, length, length)
GETTER (guint, turns, turns)
GETTER (gboolean, starred, starred)
GETTER (gboolean, analysed, analysed)
GETTER (gboolean, analysis_unreadable, analysis_unreadable)
GETTER (guint, n_blunders, n_blunders)
GETTER (gint64, deleted, deleted)

int
imh_game_summary_get_winner (ImhGameSummary *self)
{
  g_return_val_if_fail (IMH_IS_GAME_SUMMARY (self), -1);
  return self->d.winner;
}

#define STRING_GETTER(name) \
  const char *imh_game_summary_get_##name (ImhGameSummary *self) \
  { \
    g_return_val_if_fail (IMH_IS_GAME_SUMMARY (self), NULL); \
    return self->d.name != NULL ? self->d.name : ""; \
  }

STRING_GETTER (sides)
STRING_GETTER (players)
STRING_GETTER (scores)
STRING_GETTER (result)
STRING_GETTER (tags)
STRING_GETTER (notes)
