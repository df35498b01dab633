/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-library-autosave.c — keeps a game in the library while it is played. */
#define G_LOG_DOMAIN "imh-library-autosave"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "imh-autosave.h"
#include "imh-game-private.h"
#include "imh-library-autosave.h"
#include "imh-record-file.h"

/* Pauses between the retries of a failed write: the first, doubled after
 * every further failure up to the last. */
#define RETRY_FIRST_MS 500
#define RETRY_MAX_MS   (30 * 1000)

/* imh_library_autosave_flush(): no new attempt is started after this long
 * (one attempt can still wait for the library's busy timeout). */
#define FLUSH_BUDGET_US (8 * G_USEC_PER_SEC)

/* One library entry and the newest record of it that is not stored yet. */
typedef struct {
  gint64  id;       /* 0: not in the library yet (the write adds it) */
  char   *text;     /* NULL: nothing newer than what is stored or being written */
} Entry;

struct _ImhLibraryAutosave
{
  GObject     parent_instance;

  ImhLibrary *library;
  ImhGame    *game;
  gulong      changed_handler;
  gulong      undone_handler;
  gulong      redone_handler;
  guint64     seed;           /* of the game being kept */
  guint64     serial;         /* the game's change count at the last "changed" */
  gboolean    moved;          /* undo or redo along the line before this "changed" */

  Entry      *current;        /* the game being kept */
  GQueue      earlier;        /* Entry: earlier games of the same ImhGame (restarted) not stored yet */
  char       *stored_text;    /* of current: stored, or being written (nothing to do if unchanged) */

  guint       idle_source;
  Entry      *writing;        /* the entry of the write in flight, or NULL */
  char       *writing_text;

  GError     *save_error;     /* the last write failed (NULL: none since the last success) */
  guint       retry_source;
  guint       retry_ms;       /* the pause before the next retry */

  GTask      *close_task;     /* imh_library_autosave_close_async() */
  guint       close_timeout;  /* its time is up when this fires (0 then) */
};

G_DEFINE_FINAL_TYPE (ImhLibraryAutosave, imh_library_autosave, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ID,
  PROP_BUSY,
  PROP_SAVE_ERROR,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  FAILED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void kick (ImhLibraryAutosave *self);
static void close_complete (ImhLibraryAutosave *self, const GError *error);
static void keep_unsaved (ImhLibraryAutosave *self, const GError *error);

static Entry *
entry_new (gint64 id)
{
  Entry *e = g_new0 (Entry, 1);

  e->id = id;
  return e;
}

static void
entry_free (gpointer data)
{
  Entry *e = data;

  g_free (e->text);
  g_free (e);
}

static void
notify_busy (ImhLibraryAutosave *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
}

static void
set_id (ImhLibraryAutosave *self, gint64 id)
{
  if (self->current->id == id)
    return;
  self->current->id = id;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ID]);
}

static void
set_save_error (ImhLibraryAutosave *self, const GError *error)
{
  if (self->save_error == NULL && error == NULL)
    return;
  if (self->save_error != NULL && error != NULL
      && g_error_matches (self->save_error, error->domain, error->code)
      && g_strcmp0 (self->save_error->message, error->message) == 0)
    return;
  g_clear_error (&self->save_error);
  if (error != NULL)
    self->save_error = g_error_copy (error);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SAVE_ERROR]);
}

/* The record the library will hold for the current game once the writes
 * queued now are done. */
static const char *
current_target (ImhLibraryAutosave *self)
{
  return self->current->text != NULL ? self->current->text : self->stored_text;
}

/* Takes the game's record as the newest to store (nothing before its
 * first decision, nothing when it is what will be stored anyway). */
static void
take_text (ImhLibraryAutosave *self)
{
  char *text;

  if (self->game == NULL || imh_game_get_n_plies (self->game) == 0)
    return;
  text = imh_game_to_record_text (self->game);
  if (g_strcmp0 (text, current_target (self)) == 0)
    {
      g_free (text);
      return;
    }
  g_free (self->current->text);
  self->current->text = text;
}

static gboolean
has_pending (ImhLibraryAutosave *self)
{
  return self->current->text != NULL || !g_queue_is_empty (&self->earlier);
}

static gboolean
retry_timeout (gpointer data)
{
  ImhLibraryAutosave *self = data;

  self->retry_source = 0;
  kick (self);
  return G_SOURCE_REMOVE;
}

static void
write_done (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr(ImhLibraryAutosave) self = data;
  g_autoptr(GError) error = NULL;
  gint64 id = imh_library_save_record_finish (IMH_LIBRARY (source), result, &error);
  g_autofree char *text = g_steal_pointer (&self->writing_text);
  Entry *entry = g_steal_pointer (&self->writing);

  if (id > 0)
    {
      if (entry == self->current)
        {
          set_id (self, id);
          /* What the library holds now (stored_text is it already, unless
           * the game was restarted and then reached this same record). */
          g_free (self->stored_text);
          self->stored_text = g_steal_pointer (&text);
        }
      else
        {
          entry->id = id;
          if (entry->text == NULL)
            {
              g_queue_remove (&self->earlier, entry);
              entry_free (entry);
            }
        }
      self->retry_ms = RETRY_FIRST_MS;
      set_save_error (self, NULL);
      kick (self);
      return;
    }

  if (error == NULL)   /* not expected: save_record always sets one */
    g_set_error_literal (&error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_FAILED,
                         _("The game could not be stored in the library"));
  /* Written again (the newest record when the game changed meanwhile). */
  if (entry->text == NULL)
    entry->text = g_steal_pointer (&text);
  if (entry == self->current)
    {
      g_free (self->stored_text);
      self->stored_text = NULL;
    }
  if (g_error_matches (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_NOT_FOUND) && entry->id != 0)
    {
      /* The entry was deleted from the library while the game was being
       * played: the game is kept as a new entry, at once. */
      g_debug ("Game %" G_GINT64_FORMAT " is gone from the library: stored anew", entry->id);
      if (entry == self->current)
        set_id (self, 0);
      else
        entry->id = 0;
      kick (self);
      return;
    }
  set_save_error (self, error);
  g_signal_emit (self, signals[FAILED], 0, error);
  if (self->close_task != NULL && self->close_timeout == 0)
    {
      close_complete (self, error);   /* the time to close is up */
      return;
    }
  g_debug ("Write failed (%s), next try in %u ms", error->message, self->retry_ms);
  self->retry_source = g_timeout_add (self->retry_ms, retry_timeout, self);
  self->retry_ms = MIN (self->retry_ms * 2, RETRY_MAX_MS);
  notify_busy (self);
}

/* Starts the next write unless one is in flight or a retry waits: the
 * earlier games first, then the current one. */
static void
kick (ImhLibraryAutosave *self)
{
  Entry *entry;

  if (self->writing != NULL || self->retry_source != 0)
    return;
  g_clear_handle_id (&self->idle_source, g_source_remove);
  entry = g_queue_peek_head (&self->earlier);
  if (entry == NULL)
    entry = self->current;
  if (entry->text == NULL)
    {
      notify_busy (self);
      if (self->close_task != NULL)
        close_complete (self, NULL);
      return;
    }
  self->writing = entry;
  self->writing_text = g_steal_pointer (&entry->text);
  if (entry == self->current)
    {
      g_free (self->stored_text);
      self->stored_text = g_strdup (self->writing_text);
    }
  imh_library_save_record_async (self->library, entry->id, self->writing_text, FALSE, NULL,
                                 write_done, g_object_ref (self));
  notify_busy (self);
}

static gboolean
idle_write (gpointer data)
{
  ImhLibraryAutosave *self = data;

  self->idle_source = 0;
  kick (self);
  return G_SOURCE_REMOVE;
}

static void
on_game_moved (ImhLibraryAutosave *self)
{
  self->moved = TRUE;
}

static void
on_game_changed (ImhLibraryAutosave *self)
{
  guint64 serial = _imh_game_get_serial (self->game);
  gboolean moved = self->moved;

  /* Viewing the history (no change counted), or undo and redo along the
   * line: the record (the decisions, the players, the dates) is the same,
   * nothing to serialise. */
  self->moved = FALSE;
  if (imh_game_get_n_plies (self->game) > 0 && imh_game_get_seed (self->game) == self->seed
      && (serial == self->serial || moved))
    {
      self->serial = serial;
      return;
    }
  self->serial = serial;
  /* Restarted (a new game in the same session object): the next decision
   * starts a new entry in the library instead of replacing the old one.
   * What the old game still has to store stays queued. */
  if (imh_game_get_n_plies (self->game) == 0 || imh_game_get_seed (self->game) != self->seed)
    {
      self->seed = imh_game_get_seed (self->game);
      if (self->current->text != NULL || self->writing == self->current)
        {
          g_queue_push_tail (&self->earlier, self->current);
          self->current = entry_new (0);
          g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ID]);
        }
      else
        set_id (self, 0);
      g_clear_pointer (&self->stored_text, g_free);
    }
  take_text (self);
  /* One write per main-loop turn at most; none while one is in flight
   * (write_done starts the next) or a retry waits (it writes the newest). */
  if (has_pending (self) && self->idle_source == 0 && self->writing == NULL && self->retry_source == 0)
    {
      self->idle_source = g_idle_add (idle_write, self);
      notify_busy (self);
    }
}

static void
disconnect_game (ImhLibraryAutosave *self)
{
  if (self->game != NULL)
    {
      g_clear_signal_handler (&self->changed_handler, self->game);
      g_clear_signal_handler (&self->undone_handler, self->game);
      g_clear_signal_handler (&self->redone_handler, self->game);
    }
  g_clear_handle_id (&self->idle_source, g_source_remove);
  g_clear_handle_id (&self->retry_source, g_source_remove);
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

  entry_free (self->current);
  g_queue_clear_full (&self->earlier, entry_free);
  g_free (self->stored_text);
  g_free (self->writing_text);
  g_clear_error (&self->save_error);
  g_assert (self->close_task == NULL);
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
      g_value_set_int64 (value, self->current->id);
      break;
    case PROP_BUSY:
      g_value_set_boolean (value, imh_library_autosave_get_busy (self));
      break;
    case PROP_SAVE_ERROR:
      g_value_set_boxed (value, self->save_error);
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
  properties[PROP_SAVE_ERROR] =
    g_param_spec_boxed ("save-error", NULL, NULL, G_TYPE_ERROR,
                        G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * ImhLibraryAutosave::failed:
   * @error: why a write did not succeed (it is retried)
   */
  signals[FAILED] = g_signal_new ("failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
}

static void
imh_library_autosave_init (ImhLibraryAutosave *self)
{
  self->current = entry_new (0);
  g_queue_init (&self->earlier);
  self->retry_ms = RETRY_FIRST_MS;
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
  self->current->id = id;
  self->seed = imh_game_get_seed (game);
  self->serial = G_MAXUINT64;
  self->changed_handler = g_signal_connect_swapped (game, "changed", G_CALLBACK (on_game_changed), self);
  self->undone_handler = g_signal_connect_swapped (game, "undone", G_CALLBACK (on_game_moved), self);
  self->redone_handler = g_signal_connect_swapped (game, "redone", G_CALLBACK (on_game_moved), self);
  if (id != 0)
    {
      /* Opened from the library: what is stored is the game as it is now. */
      self->stored_text = imh_game_to_record_text (game);
      self->serial = _imh_game_get_serial (game);
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
  return self->current->id;
}

gboolean
imh_library_autosave_get_busy (ImhLibraryAutosave *self)
{
  g_return_val_if_fail (IMH_IS_LIBRARY_AUTOSAVE (self), FALSE);
  return self->writing != NULL || has_pending (self);
}

const GError *
imh_library_autosave_get_save_error (ImhLibraryAutosave *self)
{
  g_return_val_if_fail (IMH_IS_LIBRARY_AUTOSAVE (self), NULL);
  return self->save_error;
}

void
imh_library_autosave_retry_now (ImhLibraryAutosave *self)
{
  g_return_if_fail (IMH_IS_LIBRARY_AUTOSAVE (self));

  if (self->retry_source == 0)
    return;
  g_clear_handle_id (&self->retry_source, g_source_remove);
  kick (self);
}

/* Writes one entry in the calling thread, trying again (after a short
 * pause) until it is stored or the deadline passed. */
static gboolean
flush_entry (ImhLibraryAutosave  *self,
             Entry               *entry,
             gint64               deadline,
             GError             **error)
{
  gulong pause_us = 100 * 1000;

  for (;;)
    {
      g_autoptr(GError) local = NULL;
      gint64 id = imh_library_save_record (self->library, entry->id, entry->text, FALSE, &local);

      if (id > 0)
        {
          if (entry == self->current)
            {
              set_id (self, id);
              g_free (self->stored_text);
              self->stored_text = g_steal_pointer (&entry->text);
            }
          else
            {
              entry->id = id;
              g_clear_pointer (&entry->text, g_free);
            }
          return TRUE;
        }
      if (g_error_matches (local, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_NOT_FOUND) && entry->id != 0)
        {
          if (entry == self->current)
            set_id (self, 0);
          else
            entry->id = 0;
          continue;   /* stored anew at once */
        }
      if (g_get_monotonic_time () + (gint64) pause_us >= deadline)
        {
          g_propagate_error (error, g_steal_pointer (&local));
          return FALSE;
        }
      g_usleep (pause_us);
      pause_us *= 2;
    }
}

gboolean
imh_library_autosave_flush (ImhLibraryAutosave  *self,
                            GError             **error)
{
  gint64 deadline = g_get_monotonic_time () + FLUSH_BUDGET_US;
  g_autoptr(GError) local = NULL;

  g_return_val_if_fail (IMH_IS_LIBRARY_AUTOSAVE (self), FALSE);

  /* A write in flight finishes first (its callback sets the id and may
   * start the next one), so that writes never overtake each other. It
   * ends by itself: a write waits at most for the library's busy timeout. */
  g_clear_handle_id (&self->idle_source, g_source_remove);
  g_clear_handle_id (&self->retry_source, g_source_remove);
  while (self->writing != NULL)
    {
      g_main_context_iteration (g_main_context_get_thread_default (), TRUE);
      g_clear_handle_id (&self->idle_source, g_source_remove);
      g_clear_handle_id (&self->retry_source, g_source_remove);
    }
  take_text (self);

  while (!g_queue_is_empty (&self->earlier))
    {
      Entry *entry = g_queue_peek_head (&self->earlier);

      if (entry->text != NULL && !flush_entry (self, entry, deadline, &local))
        break;
      entry_free (g_queue_pop_head (&self->earlier));
    }
  if (local == NULL && self->current->text != NULL)
    flush_entry (self, self->current, deadline, &local);

  if (local != NULL)
    {
      set_save_error (self, local);
      /* Retried later while the game is followed. */
      if (self->changed_handler != 0)
        self->retry_source = g_timeout_add (self->retry_ms, retry_timeout, self);
      notify_busy (self);
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  self->retry_ms = RETRY_FIRST_MS;
  set_save_error (self, NULL);
  notify_busy (self);
  return TRUE;
}

/* What could not be stored goes to a file the next launch imports, so
 * that no decision is lost (logged with both paths). */
static void
keep_unsaved (ImhLibraryAutosave *self, const GError *error)
{
  GList *l;
  GPtrArray *texts = g_ptr_array_new ();

  for (l = self->earlier.head; l != NULL; l = l->next)
    if (((Entry *) l->data)->text != NULL)
      g_ptr_array_add (texts, ((Entry *) l->data)->text);
  if (self->current->text != NULL)
    g_ptr_array_add (texts, self->current->text);

  for (guint i = 0; i < texts->len; i++)
    {
      g_autoptr(GError) local = NULL;
      g_autofree char *path = imh_autosave_keep (texts->pdata[i], &local);

      if (path != NULL)
        g_message ("The game could not be stored in the library “%s” (%s); it is kept in “%s” "
                   "and imported on the next launch",
                   imh_library_get_path (self->library), error->message, path);
      else
        g_warning ("The game could not be stored in the library “%s” (%s) nor in a file (%s); "
                   "its record:\n%s",
                   imh_library_get_path (self->library), error->message, local->message,
                   (const char *) texts->pdata[i]);
    }
  g_ptr_array_unref (texts);
  g_queue_clear_full (&self->earlier, entry_free);
  g_clear_pointer (&self->current->text, g_free);
}

void
imh_library_autosave_stop (ImhLibraryAutosave *self)
{
  g_autoptr(GError) error = NULL;

  g_return_if_fail (IMH_IS_LIBRARY_AUTOSAVE (self));

  disconnect_game (self);
  if (!imh_library_autosave_flush (self, &error))
    {
      g_signal_emit (self, signals[FAILED], 0, error);
      keep_unsaved (self, error);
      notify_busy (self);
    }
  g_clear_object (&self->game);
}

/* Ends imh_library_autosave_close_async(): stored (error NULL), or what is
 * not stored is kept in a file. */
static void
close_complete (ImhLibraryAutosave *self, const GError *error)
{
  g_autoptr(GTask) task = g_steal_pointer (&self->close_task);

  g_clear_handle_id (&self->close_timeout, g_source_remove);
  g_clear_handle_id (&self->retry_source, g_source_remove);
  if (error != NULL)
    {
      keep_unsaved (self, error);
      notify_busy (self);
      g_task_return_error (task, g_error_copy (error));
    }
  else
    g_task_return_boolean (task, TRUE);
}

static gboolean
close_expired (gpointer data)
{
  ImhLibraryAutosave *self = data;

  self->close_timeout = 0;
  /* A write in flight ends by itself (write_done decides); a retry that
   * waits is not made. */
  if (self->writing == NULL && self->close_task != NULL)
    close_complete (self, self->save_error);
  return G_SOURCE_REMOVE;
}

void
imh_library_autosave_close_async (ImhLibraryAutosave  *self,
                                  guint                timeout_ms,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  g_return_if_fail (IMH_IS_LIBRARY_AUTOSAVE (self));
  g_return_if_fail (self->close_task == NULL);

  self->close_task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (self->close_task, imh_library_autosave_close_async);
  /* The game's last record, then the game is no longer followed. */
  take_text (self);
  disconnect_game (self);
  g_clear_object (&self->game);
  self->close_timeout = g_timeout_add (timeout_ms, close_expired, self);
  if (self->writing == NULL)
    kick (self);   /* or write_done starts the next */
}

gboolean
imh_library_autosave_close_finish (ImhLibraryAutosave  *self,
                                   GAsyncResult        *result,
                                   GError             **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}
