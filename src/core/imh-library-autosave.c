/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-library-autosave.c — keeps a game in the library while it is played. */
#define G_LOG_DOMAIN "imh-library-autosave"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "imh-library-autosave.h"
#include "imh-record-file.h"

struct _ImhLibraryAutosave
{
  GObject     parent_instance;

  ImhLibrary *library;
  ImhGame    *game;
  gint64      id;
  gulong      changed_handler;
  guint       idle_source;
  gboolean    in_flight;
  gboolean    dirty;          /* changed since the text of the last write was taken */
  char       *last_text;      /* the record last written (nothing to do if unchanged) */
  guint64     seed;           /* of the game being kept */
  gboolean    restarted;      /* the game restarted while a write was in flight */
};

G_DEFINE_FINAL_TYPE (ImhLibraryAutosave, imh_library_autosave, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ID,
  PROP_BUSY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  FAILED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void start_write (ImhLibraryAutosave *self);

static void
notify_busy (ImhLibraryAutosave *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
}

static void
set_id (ImhLibraryAutosave *self, gint64 id)
{
  if (self->id == id)
    return;
  self->id = id;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ID]);
}

/* The record to store now, or NULL when there is nothing to write. */
static char *
take_text (ImhLibraryAutosave *self)
{
  char *text;

  self->dirty = FALSE;
  if (self->game == NULL || imh_game_get_n_plies (self->game) == 0)
    return NULL;   /* in the library from the first decision on */
  text = imh_game_to_record_text (self->game);
  if (g_strcmp0 (text, self->last_text) == 0)
    {
      g_free (text);
      return NULL;
    }
  return text;
}

static void
write_done (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr(ImhLibraryAutosave) self = data;
  g_autoptr(GError) error = NULL;
  gint64 id = imh_library_save_record_finish (IMH_LIBRARY (source), result, &error);

  self->in_flight = FALSE;
  if (id == 0)
    {
      /* Keep last_text: the next change tries again. */
      g_clear_pointer (&self->last_text, g_free);
      g_signal_emit (self, signals[FAILED], 0, error);
    }
  else
    set_id (self, id);
  if (self->restarted)
    {
      self->restarted = FALSE;
      set_id (self, 0);
      g_clear_pointer (&self->last_text, g_free);
    }
  if (self->dirty && self->game != NULL)
    start_write (self);
  else
    notify_busy (self);
}

static void
start_write (ImhLibraryAutosave *self)
{
  char *text = take_text (self);

  if (text == NULL)
    {
      notify_busy (self);
      return;
    }
  g_free (self->last_text);
  self->last_text = text;
  self->in_flight = TRUE;
  imh_library_save_record_async (self->library, self->id, text, FALSE, NULL, write_done, g_object_ref (self));
}

static gboolean
idle_write (gpointer data)
{
  ImhLibraryAutosave *self = data;

  self->idle_source = 0;
  if (!self->in_flight)
    start_write (self);
  return G_SOURCE_REMOVE;
}

static void
on_game_changed (ImhLibraryAutosave *self)
{
  /* Restarted (a new game in the same session object): the next decision
   * starts a new entry in the library instead of replacing the old one. */
  if (imh_game_get_n_plies (self->game) == 0 || imh_game_get_seed (self->game) != self->seed)
    {
      self->seed = imh_game_get_seed (self->game);
      if (self->id != 0 && !self->in_flight)
        {
          set_id (self, 0);
          g_clear_pointer (&self->last_text, g_free);
        }
      else if (self->in_flight)
        self->restarted = TRUE;
    }
  self->dirty = TRUE;
  /* One write per main-loop turn at most; none while one is in flight
   * (write_done starts the next). */
  if (self->idle_source == 0 && !self->in_flight)
    {
      self->idle_source = g_idle_add (idle_write, self);
      notify_busy (self);
    }
}

static void
disconnect_game (ImhLibraryAutosave *self)
{
  if (self->game != NULL)
    g_clear_signal_handler (&self->changed_handler, self->game);
  g_clear_handle_id (&self->idle_source, g_source_remove);
}

static void
imh_library_autosave_dispose (GObject *object)
{
  ImhLibraryAutosave *self = IMH_LIBRARY_AUTOSAVE (object);

  disconnect_game (self);
  g_clear_object (&self->game);
  g_clear_object (&self->library);
  G_OBJECT_CLASS (imh_library_autosave_parent_class)->dispose (object);
}

static void
imh_library_autosave_finalize (GObject *object)
{
  ImhLibraryAutosave *self = IMH_LIBRARY_AUTOSAVE (object);

  g_free (self->last_text);
  G_OBJECT_CLASS (imh_library_autosave_parent_class)->finalize (object);
}

static void
imh_library_autosave_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  ImhLibraryAutosave *self = IMH_LIBRARY_AUTOSAVE (object);

  switch (prop_id)
    {
    case PROP_ID:
      g_value_set_int64 (value, self->id);
      break;
    case PROP_BUSY:
      g_value_set_boolean (value, imh_library_autosave_get_busy (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imh_library_autosave_class_init (ImhLibraryAutosaveClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = imh_library_autosave_dispose;
  object_class->finalize = imh_library_autosave_finalize;
  object_class->get_property = imh_library_autosave_get_property;

  properties[PROP_ID] =
    g_param_spec_int64 ("id", NULL, NULL, 0, G_MAXINT64, 0,
                        G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_BUSY] =
    g_param_spec_boolean ("busy", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * ImhLibraryAutosave::failed:
   * @error: why the game could not be stored (the next change tries again)
   */
  signals[FAILED] = g_signal_new ("failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
}

static void
imh_library_autosave_init (ImhLibraryAutosave *self)
{
}

ImhLibraryAutosave *
imh_library_autosave_new (ImhLibrary *library,
                          ImhGame    *game,
                          gint64      id)
{
  ImhLibraryAutosave *self;

  g_return_val_if_fail (IMH_IS_LIBRARY (library), NULL);
  g_return_val_if_fail (IMH_IS_GAME (game), NULL);
  g_return_val_if_fail (id >= 0, NULL);

  self = g_object_new (IMH_TYPE_LIBRARY_AUTOSAVE, NULL);
  self->library = g_object_ref (library);
  self->game = g_object_ref (game);
  self->id = id;
  self->seed = imh_game_get_seed (game);
  self->changed_handler = g_signal_connect_swapped (game, "changed", G_CALLBACK (on_game_changed), self);
  if (id != 0)
    {
      /* Opened from the library: what is stored is the game as it is now. */
      self->last_text = imh_game_to_record_text (game);
    }
  else if (imh_game_get_n_plies (game) > 0)
    on_game_changed (self);
  return self;
}

ImhGame *
imh_library_autosave_get_game (ImhLibraryAutosave *self)
{
  g_return_val_if_fail (IMH_IS_LIBRARY_AUTOSAVE (self), NULL);
  return self->game;
}

gint64
imh_library_autosave_get_id (ImhLibraryAutosave *self)
{
  g_return_val_if_fail (IMH_IS_LIBRARY_AUTOSAVE (self), 0);
  return self->id;
}

gboolean
imh_library_autosave_get_busy (ImhLibraryAutosave *self)
{
  g_return_val_if_fail (IMH_IS_LIBRARY_AUTOSAVE (self), FALSE);
  return self->in_flight || self->idle_source != 0;
}

gboolean
imh_library_autosave_flush (ImhLibraryAutosave  *self,
                            GError             **error)
{
  g_autofree char *text = NULL;
  gint64 id;

  g_return_val_if_fail (IMH_IS_LIBRARY_AUTOSAVE (self), FALSE);

  /* A write in flight finishes first (its callback sets the id and may
   * start the next one), so that writes never overtake each other. */
  g_clear_handle_id (&self->idle_source, g_source_remove);
  while (self->in_flight)
    g_main_context_iteration (g_main_context_get_thread_default (), TRUE);
  g_clear_handle_id (&self->idle_source, g_source_remove);
  text = take_text (self);
  if (text == NULL)
    return TRUE;
  id = imh_library_save_record (self->library, self->id, text, FALSE, error);
  if (id == 0)
    return FALSE;
  g_free (self->last_text);
  self->last_text = g_steal_pointer (&text);
  set_id (self, id);
  notify_busy (self);
  return TRUE;
}

void
imh_library_autosave_stop (ImhLibraryAutosave *self)
{
  g_autoptr(GError) error = NULL;

  g_return_if_fail (IMH_IS_LIBRARY_AUTOSAVE (self));

  if (!imh_library_autosave_flush (self, &error))
    g_signal_emit (self, signals[FAILED], 0, error);
  disconnect_game (self);
  g_clear_object (&self->game);
}
