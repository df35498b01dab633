/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-seat.c — a human or computer seat. */
#define G_LOG_DOMAIN "imh-seat"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "imh-ai.h"
#include "imh-record.h"
#include "imh-seat.h"
#include "imh-texts.h"

struct _ImhSeat
{
  GObject      parent_instance;

  guint        player;
  ImhSeatKind  kind;
  char        *level;
  char        *name;
};

G_DEFINE_FINAL_TYPE (ImhSeat, imh_seat, G_TYPE_OBJECT)

G_DEFINE_ENUM_TYPE (ImhSeatKind, imh_seat_kind,
  G_DEFINE_ENUM_VALUE (IMH_SEAT_HUMAN, "human"),
  G_DEFINE_ENUM_VALUE (IMH_SEAT_COMPUTER, "computer"))

enum {
  PROP_0,
  PROP_PLAYER,
  PROP_KIND,
  PROP_LEVEL,
  PROP_NAME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* g_set_str() is GLib 2.76: our own. */
static gboolean
set_str (char       **ptr,
         const char  *value)
{
  if (g_strcmp0 (*ptr, value) == 0)
    return FALSE;
  g_free (*ptr);
  *ptr = g_strdup (value);
  return TRUE;
}

gboolean
imh_seat_level_is_valid (const char *level)
{
  return level != NULL && imh_level_from_name (level) != NULL;
}

/* The AI's level ids (imh_level_name), playing levels first. */
static const char * const levels[] = {
  "beginner", "casual", "strong", "expert", "random", "greedy", "flat", NULL
};

const char * const *
imh_seat_list_levels (void)
{
  return levels;
}

static void
imh_seat_finalize (GObject *object)
{
  ImhSeat *self = IMH_SEAT (object);

  g_clear_pointer (&self->level, g_free);
  g_clear_pointer (&self->name, g_free);

  G_OBJECT_CLASS (imh_seat_parent_class)->finalize (object);
}

static void
imh_seat_get_property (GObject    *object,
                       guint       prop_id,
                       GValue     *value,
                       GParamSpec *pspec)
{
  ImhSeat *self = IMH_SEAT (object);

  switch (prop_id)
    {
    case PROP_PLAYER:
      g_value_set_uint (value, self->player);
      break;
    case PROP_KIND:
      g_value_set_enum (value, self->kind);
      break;
    case PROP_LEVEL:
      g_value_set_string (value, self->level);
      break;
    case PROP_NAME:
      g_value_set_string (value, imh_seat_get_name (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imh_seat_set_property (GObject      *object,
                       guint         prop_id,
                       const GValue *value,
                       GParamSpec   *pspec)
{
  ImhSeat *self = IMH_SEAT (object);

  switch (prop_id)
    {
    case PROP_PLAYER:
      self->player = g_value_get_uint (value);
      break;
    case PROP_KIND:
      imh_seat_set_kind (self, g_value_get_enum (value));
      break;
    case PROP_LEVEL:
      imh_seat_set_level (self, g_value_get_string (value));
      break;
    case PROP_NAME:
      imh_seat_set_name (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imh_seat_class_init (ImhSeatClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = imh_seat_finalize;
  object_class->get_property = imh_seat_get_property;
  object_class->set_property = imh_seat_set_property;

  properties[PROP_PLAYER] =
    g_param_spec_uint ("player", NULL, NULL, 0, 3, 0,
                       G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_KIND] =
    g_param_spec_enum ("kind", NULL, NULL, IMH_TYPE_SEAT_KIND, IMH_SEAT_HUMAN,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_LEVEL] =
    g_param_spec_string ("level", NULL, NULL, IMH_SEAT_DEFAULT_LEVEL,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
imh_seat_init (ImhSeat *self)
{
  self->kind = IMH_SEAT_HUMAN;
  self->level = g_strdup (IMH_SEAT_DEFAULT_LEVEL);
}

ImhSeat *
imh_seat_new (guint        player,
              ImhSeatKind  kind,
              const char  *level,
              const char  *name)
{
  g_return_val_if_fail (player < 4, NULL);

  return g_object_new (IMH_TYPE_SEAT,
                       "player", player,
                       "kind", kind,
                       "level", level != NULL ? level : IMH_SEAT_DEFAULT_LEVEL,
                       "name", name,
                       NULL);
}

guint
imh_seat_get_player (ImhSeat *self)
{
  g_return_val_if_fail (IMH_IS_SEAT (self), 0);
  return self->player;
}

ImhSeatKind
imh_seat_get_kind (ImhSeat *self)
{
  g_return_val_if_fail (IMH_IS_SEAT (self), IMH_SEAT_HUMAN);
  return self->kind;
}

gboolean
imh_seat_is_computer (ImhSeat *self)
{
  g_return_val_if_fail (IMH_IS_SEAT (self), FALSE);
  return self->kind == IMH_SEAT_COMPUTER;
}

void
imh_seat_set_kind (ImhSeat     *self,
                   ImhSeatKind  kind)
{
  g_return_if_fail (IMH_IS_SEAT (self));
  g_return_if_fail (kind == IMH_SEAT_HUMAN || kind == IMH_SEAT_COMPUTER);

  if (self->kind == kind)
    return;
  self->kind = kind;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_KIND]);
}

const char *
imh_seat_get_level (ImhSeat *self)
{
  g_return_val_if_fail (IMH_IS_SEAT (self), NULL);
  return self->level;
}

void
imh_seat_set_level (ImhSeat    *self,
                    const char *level)
{
  g_return_if_fail (IMH_IS_SEAT (self));
  g_return_if_fail (imh_seat_level_is_valid (level));

  if (set_str (&self->level, level))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LEVEL]);
}

/* The name of a seat nobody named: a computer seat says its level
 * ("Computer (Strong)"), a person's seat its number ("Player 2"). */
static char *
default_name (ImhSeat *self)
{
  if (self->kind == IMH_SEAT_COMPUTER)
    return imh_texts_computer_name (self->level, 0);
  return g_strdup_printf (_("Player %u"), self->player + 1);
}

const char *
imh_seat_get_name (ImhSeat *self)
{
  g_return_val_if_fail (IMH_IS_SEAT (self), NULL);

  if (self->name == NULL)
    {
      /* Lazily, so the default follows the UI language at first use. */
      self->name = default_name (self);
    }
  return self->name;
}

void
imh_seat_set_name (ImhSeat    *self,
                   const char *name)
{
  g_autofree char *stripped = NULL;

  g_return_if_fail (IMH_IS_SEAT (self));

  if (name != NULL)
    {
      /* Valid UTF-8 without control characters (names go into records). */
      stripped = g_utf8_make_valid (name, -1);
      for (char *c = stripped; *c != '\0'; c++)
        if ((guchar) *c < 0x20 || *c == 0x7f)
          *c = ' ';
      /* No longer than a record's names. */
      if (g_utf8_strlen (stripped, -1) > IMH_RECORD_MAX_NAME_CHARS)
        *g_utf8_offset_to_pointer (stripped, IMH_RECORD_MAX_NAME_CHARS) = '\0';
      g_strstrip (stripped);
    }
  if (stripped == NULL || *stripped == '\0')
    {
      g_clear_pointer (&stripped, g_free);
      stripped = default_name (self);
    }
  if (set_str (&self->name, stripped))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NAME]);
}
