/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-session.c — one open game and what belongs to it. */
#define G_LOG_DOMAIN "imh-session"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "imh-record-file.h"
#include "imh-session.h"

struct _ImhSession
{
  GObject             parent_instance;

  ImhGame            *game;
  ImhLibrary         *library;
  GFile              *file;
  gint64              library_id;
  ImhAnalysisResult  *analysis;
  char               *analysis_error;
  GPtrArray          *bookmarks;        /* ImhLibraryBookmark */
  GBytes             *thumbnail;
  gboolean            thumbnail_stored; /* with library_id */
  gboolean            modified;
  ImhLibraryAutosave *autosave;
};

G_DEFINE_FINAL_TYPE (ImhSession, imh_session, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_GAME,
  PROP_LIBRARY,
  PROP_FILE,
  PROP_LIBRARY_ID,
  PROP_ANALYSIS,
  PROP_ANALYSIS_ERROR,
  PROP_BOOKMARKS,
  PROP_THUMBNAIL,
  PROP_MODIFIED,
  PROP_AUTOSAVE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static GPtrArray *
bookmarks_new (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify) imh_library_bookmark_free);
}

/* ---- Setters that notify on real change -------------------------------------- */

static void
set_file (ImhSession *self,
          GFile      *file)
{
  if (self->file == file || (self->file != NULL && file != NULL && g_file_equal (self->file, file)))
    return;
  g_set_object (&self->file, file);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
}

static void
set_analysis_error (ImhSession *self,
                    const char *message)
{
  if (g_strcmp0 (self->analysis_error, message) == 0)
    return;
  g_free (self->analysis_error);
  self->analysis_error = g_strdup (message);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANALYSIS_ERROR]);
}

static gboolean
bookmarks_equal (GPtrArray *a,
                 GPtrArray *b)
{
  if (a->len != b->len)
    return FALSE;
  for (guint i = 0; i < a->len; i++)
    {
      const ImhLibraryBookmark *x = g_ptr_array_index (a, i);
      const ImhLibraryBookmark *y = g_ptr_array_index (b, i);

      if (x->id != y->id || x->ply != y->ply || g_strcmp0 (x->label, y->label) != 0)
        return FALSE;
    }
  return TRUE;
}

/* Takes bookmarks. */
static void
set_bookmarks (ImhSession *self,
               GPtrArray  *bookmarks)
{
  if (bookmarks_equal (self->bookmarks, bookmarks))
    {
      g_ptr_array_unref (bookmarks);
      return;
    }
  g_ptr_array_unref (self->bookmarks);
  self->bookmarks = bookmarks;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BOOKMARKS]);
}

static void
sync_modified (ImhSession *self)
{
  gboolean modified = imh_game_get_modified (self->game);

  if (self->modified == modified)
    return;
  self->modified = modified;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODIFIED]);
}

/* ---- The thumbnail goes with the library entry ---------------------------------- */

static void
on_thumbnail_stored (GObject      *source,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  g_autoptr(ImhSession) self = user_data;
  g_autoptr(GError) error = NULL;

  if (!imh_library_set_thumbnail_finish (IMH_LIBRARY (source), result, &error))
    g_warning ("Could not store the picture of game %" G_GINT64_FORMAT ": %s",
               self->library_id, error->message);
}

static void
maybe_store_thumbnail (ImhSession *self)
{
  if (self->thumbnail == NULL || self->thumbnail_stored || self->library == NULL
      || self->library_id <= 0 || imh_library_is_read_only (self->library))
    return;
  self->thumbnail_stored = TRUE;
  imh_library_set_thumbnail_async (self->library, self->library_id, self->thumbnail, NULL,
                                   on_thumbnail_stored, g_object_ref (self));
}

static void
set_library_id (ImhSession *self,
                gint64      id)
{
  if (self->library_id == id)
    return;
  /* A new entry (the game's first store, or again after it was removed
   * for good): nothing of it is stored yet. */
  self->library_id = id;
  self->thumbnail_stored = FALSE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LIBRARY_ID]);
  set_bookmarks (self, bookmarks_new ());
  maybe_store_thumbnail (self);
}

static void
on_autosave_id (ImhLibraryAutosave *autosave,
                GParamSpec         *pspec,
                ImhSession         *self)
{
  /* 0 again when the game was restarted: a new game, a new entry. */
  set_library_id (self, imh_library_autosave_get_id (autosave));
}

/* ---- GObject --------------------------------------------------------------------- */

static void
imh_session_constructed (GObject *object)
{
  ImhSession *self = IMH_SESSION (object);

  G_OBJECT_CLASS (imh_session_parent_class)->constructed (object);

  g_assert (IMH_IS_GAME (self->game));
  self->modified = imh_game_get_modified (self->game);
  g_signal_connect_object (self->game, "notify::modified", G_CALLBACK (sync_modified), self,
                           G_CONNECT_SWAPPED);
}

static void
imh_session_dispose (GObject *object)
{
  ImhSession *self = IMH_SESSION (object);

  /* Not closed (imh_session_close_async()): what is pending is written now. */
  if (self->autosave != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->autosave, self);
      imh_library_autosave_stop (self->autosave);
      g_clear_object (&self->autosave);
    }
  g_clear_object (&self->game);
  g_clear_object (&self->library);
  g_clear_object (&self->file);

  G_OBJECT_CLASS (imh_session_parent_class)->dispose (object);
}

static void
imh_session_finalize (GObject *object)
{
  ImhSession *self = IMH_SESSION (object);

  g_clear_pointer (&self->analysis, imh_analysis_result_unref);
  g_clear_pointer (&self->analysis_error, g_free);
  g_clear_pointer (&self->bookmarks, g_ptr_array_unref);
  g_clear_pointer (&self->thumbnail, g_bytes_unref);

  G_OBJECT_CLASS (imh_session_parent_class)->finalize (object);
}

static void
imh_session_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  ImhSession *self = IMH_SESSION (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_LIBRARY:
      g_value_set_object (value, self->library);
      break;
    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;
    case PROP_LIBRARY_ID:
      g_value_set_int64 (value, self->library_id);
      break;
    case PROP_ANALYSIS:
      g_value_set_boxed (value, self->analysis);
      break;
    case PROP_ANALYSIS_ERROR:
      g_value_set_string (value, self->analysis_error);
      break;
    case PROP_BOOKMARKS:
      g_value_set_boxed (value, self->bookmarks);
      break;
    case PROP_THUMBNAIL:
      g_value_set_boxed (value, self->thumbnail);
      break;
    case PROP_MODIFIED:
      g_value_set_boolean (value, self->modified);
      break;
    case PROP_AUTOSAVE:
      g_value_set_object (value, self->autosave);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imh_session_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  ImhSession *self = IMH_SESSION (object);

  switch (prop_id)
    {
    case PROP_GAME:
      self->game = g_value_dup_object (value);
      break;
    case PROP_LIBRARY:
      self->library = g_value_dup_object (value);
      break;
    case PROP_LIBRARY_ID:
      self->library_id = MAX (g_value_get_int64 (value), 0);
      break;
    case PROP_ANALYSIS:
      imh_session_set_analysis (self, g_value_get_boxed (value));
      break;
    case PROP_THUMBNAIL:
      imh_session_set_thumbnail (self, g_value_get_boxed (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imh_session_class_init (ImhSessionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags ro = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;
  const GParamFlags co = G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS
                         | G_PARAM_EXPLICIT_NOTIFY;
  const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;

  object_class->constructed = imh_session_constructed;
  object_class->dispose = imh_session_dispose;
  object_class->finalize = imh_session_finalize;
  object_class->get_property = imh_session_get_property;
  object_class->set_property = imh_session_set_property;

  properties[PROP_GAME] = g_param_spec_object ("game", NULL, NULL, IMH_TYPE_GAME, co);
  properties[PROP_LIBRARY] = g_param_spec_object ("library", NULL, NULL, IMH_TYPE_LIBRARY, co);
  properties[PROP_FILE] = g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE, ro);
  properties[PROP_LIBRARY_ID] = g_param_spec_int64 ("library-id", NULL, NULL, 0, G_MAXINT64, 0, co);
  properties[PROP_ANALYSIS] = g_param_spec_boxed ("analysis", NULL, NULL, IMH_TYPE_ANALYSIS_RESULT, rw);
  properties[PROP_ANALYSIS_ERROR] = g_param_spec_string ("analysis-error", NULL, NULL, NULL, ro);
  properties[PROP_BOOKMARKS] = g_param_spec_boxed ("bookmarks", NULL, NULL, G_TYPE_PTR_ARRAY, ro);
  properties[PROP_THUMBNAIL] = g_param_spec_boxed ("thumbnail", NULL, NULL, G_TYPE_BYTES, rw);
  properties[PROP_MODIFIED] = g_param_spec_boolean ("modified", NULL, NULL, FALSE, ro);
  properties[PROP_AUTOSAVE] = g_param_spec_object ("autosave", NULL, NULL, IMH_TYPE_LIBRARY_AUTOSAVE, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
imh_session_init (ImhSession *self)
{
  self->bookmarks = bookmarks_new ();
}

/* ---- Properties -------------------------------------------------------------------- */

ImhSession *
imh_session_new (ImhGame    *game,
                 ImhLibrary *library,
                 gint64      library_id)
{
  g_return_val_if_fail (IMH_IS_GAME (game), NULL);
  g_return_val_if_fail (library == NULL || IMH_IS_LIBRARY (library), NULL);
  g_return_val_if_fail (library_id >= 0, NULL);

  return g_object_new (IMH_TYPE_SESSION,
                       "game", game,
                       "library", library,
                       "library-id", library != NULL ? library_id : (gint64) 0,
                       NULL);
}

ImhGame *
imh_session_get_game (ImhSession *self)
{
  g_return_val_if_fail (IMH_IS_SESSION (self), NULL);
  return self->game;
}

ImhLibrary *
imh_session_get_library (ImhSession *self)
{
  g_return_val_if_fail (IMH_IS_SESSION (self), NULL);
  return self->library;
}

void
imh_session_set_library (ImhSession *self,
                         ImhLibrary *library)
{
  g_return_if_fail (IMH_IS_SESSION (self));
  g_return_if_fail (IMH_IS_LIBRARY (library));
  g_return_if_fail (self->library == NULL || self->library == library);

  if (self->library == library)
    return;
  self->library = g_object_ref (library);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LIBRARY]);
}

GFile *
imh_session_get_file (ImhSession *self)
{
  g_return_val_if_fail (IMH_IS_SESSION (self), NULL);
  return self->file;
}

gint64
imh_session_get_library_id (ImhSession *self)
{
  g_return_val_if_fail (IMH_IS_SESSION (self), 0);
  return self->library_id;
}

ImhAnalysisResult *
imh_session_get_analysis (ImhSession *self)
{
  g_return_val_if_fail (IMH_IS_SESSION (self), NULL);
  return self->analysis;
}

void
imh_session_set_analysis (ImhSession        *self,
                          ImhAnalysisResult *analysis)
{
  g_return_if_fail (IMH_IS_SESSION (self));

  if (self->analysis == analysis)
    return;
  g_clear_pointer (&self->analysis, imh_analysis_result_unref);
  if (analysis != NULL)
    self->analysis = imh_analysis_result_ref (analysis);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANALYSIS]);
  if (analysis != NULL)
    set_analysis_error (self, NULL);
}

const char *
imh_session_get_analysis_error (ImhSession *self)
{
  g_return_val_if_fail (IMH_IS_SESSION (self), NULL);
  return self->analysis_error;
}

GPtrArray *
imh_session_get_bookmarks (ImhSession *self)
{
  g_return_val_if_fail (IMH_IS_SESSION (self), NULL);
  return self->bookmarks;
}

GBytes *
imh_session_get_thumbnail (ImhSession *self)
{
  g_return_val_if_fail (IMH_IS_SESSION (self), NULL);
  return self->thumbnail;
}

void
imh_session_set_thumbnail (ImhSession *self,
                           GBytes     *png)
{
  g_return_if_fail (IMH_IS_SESSION (self));

  if (self->thumbnail == png
      || (self->thumbnail != NULL && png != NULL && g_bytes_equal (self->thumbnail, png)))
    return;
  g_clear_pointer (&self->thumbnail, g_bytes_unref);
  if (png != NULL)
    self->thumbnail = g_bytes_ref (png);
  self->thumbnail_stored = FALSE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_THUMBNAIL]);
  maybe_store_thumbnail (self);
}

gboolean
imh_session_get_modified (ImhSession *self)
{
  g_return_val_if_fail (IMH_IS_SESSION (self), FALSE);
  return self->modified;
}

ImhLibraryAutosave *
imh_session_get_autosave (ImhSession *self)
{
  g_return_val_if_fail (IMH_IS_SESSION (self), NULL);
  return self->autosave;
}

gboolean
imh_session_start_autosave (ImhSession *self)
{
  g_return_val_if_fail (IMH_IS_SESSION (self), FALSE);

  if (self->autosave != NULL)
    return TRUE;
  if (self->library == NULL || imh_library_is_read_only (self->library))
    return FALSE;
  self->autosave = imh_library_autosave_new (self->library, self->game, self->library_id);
  g_signal_connect_object (self->autosave, "notify::id", G_CALLBACK (on_autosave_id), self, 0);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_AUTOSAVE]);
  on_autosave_id (self->autosave, NULL, self);
  return TRUE;
}

/* ---- Opening a file ------------------------------------------------------------------ */

static void
on_file_loaded (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhGame) game = imh_record_file_load_finish (result, &error);
  ImhSession *session;

  if (game == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  session = imh_session_new (game, g_task_get_task_data (task), 0);
  session->file = g_object_ref (G_FILE (source));
  g_task_return_pointer (task, session, g_object_unref);
}

void
imh_session_open_file_async (GFile               *file,
                             ImhLibrary          *library,
                             GCancellable        *cancellable,
                             GAsyncReadyCallback  callback,
                             gpointer             user_data)
{
  GTask *task;

  g_return_if_fail (G_IS_FILE (file));
  g_return_if_fail (library == NULL || IMH_IS_LIBRARY (library));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, imh_session_open_file_async);
  if (library != NULL)
    g_task_set_task_data (task, g_object_ref (library), g_object_unref);
  imh_record_file_load_async (file, cancellable, on_file_loaded, task);
}

ImhSession *
imh_session_open_file_finish (GAsyncResult  *result,
                              GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == imh_session_open_file_async, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/* ---- Opening a game of the library ---------------------------------------------------- */

/* What a worker reads of a library game; the game itself is made in the
 * main thread (finish). */
typedef struct {
  ImhLibrary        *library;
  gint64             id;
  guint              kinds;        /* resume: of these kinds (1 << kind; 0: any) */
  char              *text;
  ImhAnalysisResult *analysis;
  char              *analysis_error;
  GPtrArray         *bookmarks;
  GBytes            *thumbnail;
} Loaded;

static void
loaded_free (gpointer data)
{
  Loaded *l = data;

  g_clear_object (&l->library);
  g_free (l->text);
  g_clear_pointer (&l->analysis, imh_analysis_result_unref);
  g_free (l->analysis_error);
  g_clear_pointer (&l->bookmarks, g_ptr_array_unref);
  g_clear_pointer (&l->thumbnail, g_bytes_unref);
  g_free (l);
}

/* The unfinished game changed last among the kinds in the set, or 0. */
static gint64
latest_unfinished_of_kinds (ImhLibrary  *library,
                            guint        kinds,
                            GError     **error)
{
  const guint all = (1u << IMH_N_GAMES) - 1;
  gint64 best = 0, best_time = 0;

  /* Every kind: the library's own order (last change, then the newer
   * entry), which also settles games changed within the same second. */
  if ((kinds & all) == all)
    return imh_library_get_latest_unfinished (library, error);
  for (guint kind = 0; kind < IMH_N_GAMES; kind++)
    {
      g_autoptr(ImhGameSummary) summary = NULL;
      gint64 id;

      if ((kinds & (1u << kind)) == 0)
        continue;
      id = imh_library_get_latest_unfinished_of (library, (ImhGameKind) kind, error);
      if (id < 0 || (error != NULL && *error != NULL))
        return 0;
      if (id == 0)
        continue;
      summary = imh_library_get_summary (library, id, error);
      if (summary == NULL)
        return 0;
      if (best == 0 || imh_game_summary_get_ended (summary) > best_time)
        {
          best = id;
          best_time = imh_game_summary_get_ended (summary);
        }
    }
  return best;
}

static void
load_thread (GTask        *task,
             gpointer      source,
             gpointer      task_data,
             GCancellable *cancellable)
{
  Loaded *l = task_data;
  GError *error = NULL;

  if (g_task_return_error_if_cancelled (task))
    return;
  if (g_task_get_source_tag (task) == imh_session_resume_async)
    {
      if (l->kinds == 0)
        l->id = imh_library_get_latest_unfinished (l->library, &error);
      else
        l->id = latest_unfinished_of_kinds (l->library, l->kinds, &error);
      if (error != NULL)
        {
          g_task_return_error (task, error);
          return;
        }
      if (l->id <= 0)
        {
          g_task_return_boolean (task, TRUE);   /* nothing to resume */
          return;
        }
    }

  l->text = imh_library_load_record (l->library, l->id, &error);
  if (l->text == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  if (g_task_return_error_if_cancelled (task))
    return;

  /* What else belongs to the game: none of it stops the game from
   * opening. */
  l->analysis = imh_analysis_result_load (l->library, l->id, &error);
  if (l->analysis == NULL)
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA))
        l->analysis_error = g_strdup (error->message);
      else if (!g_error_matches (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_NOT_FOUND))
        g_warning ("Could not load the analysis of game %" G_GINT64_FORMAT ": %s", l->id, error->message);
      g_clear_error (&error);
    }
  l->bookmarks = imh_library_list_bookmarks (l->library, l->id, &error);
  if (l->bookmarks == NULL)
    {
      g_warning ("Could not list the bookmarks of game %" G_GINT64_FORMAT ": %s", l->id, error->message);
      g_clear_error (&error);
    }
  l->thumbnail = imh_library_get_thumbnail (l->library, l->id, &error);
  if (l->thumbnail == NULL)
    {
      if (!g_error_matches (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_NOT_FOUND))
        g_warning ("Could not read the picture of game %" G_GINT64_FORMAT ": %s", l->id, error->message);
      g_clear_error (&error);
    }
  g_task_return_boolean (task, TRUE);
}

static void
start_load (ImhLibrary          *library,
            gint64               id,
            guint                kinds,
            gpointer             tag,
            GCancellable        *cancellable,
            GAsyncReadyCallback  callback,
            gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  Loaded *l = g_new0 (Loaded, 1);

  l->library = g_object_ref (library);
  l->id = id;
  l->kinds = kinds;
  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, tag);
  g_task_set_task_data (task, l, loaded_free);
  g_task_run_in_thread (task, load_thread);
}

/* The session of what load_thread() read. */
static ImhSession *
finish_load (GAsyncResult  *result,
             GError       **error)
{
  Loaded *l = g_task_get_task_data (G_TASK (result));
  g_autoptr(GError) local = NULL;
  g_autoptr(ImhGame) game = NULL;
  ImhSession *session;

  if (!g_task_propagate_boolean (G_TASK (result), error))
    return NULL;
  if (l->text == NULL)
    return NULL;   /* nothing to resume */

  game = imh_game_new_from_record_text (l->text, -1, &local);
  if (game == NULL)
    {
      /* TRANSLATORS: %lld is the game's number in the library, the
       * reason (line and column of the record) follows */
      g_prefix_error (&local, _("Game %lld of the library cannot be read: "), (long long) l->id);
      g_propagate_error (error, g_steal_pointer (&local));
      return NULL;
    }
  session = imh_session_new (game, l->library, l->id);
  session->analysis = g_steal_pointer (&l->analysis);
  session->analysis_error = g_steal_pointer (&l->analysis_error);
  if (l->bookmarks != NULL)
    {
      g_ptr_array_unref (session->bookmarks);
      session->bookmarks = g_steal_pointer (&l->bookmarks);
    }
  session->thumbnail = g_steal_pointer (&l->thumbnail);
  session->thumbnail_stored = session->thumbnail != NULL;
  return session;
}

void
imh_session_open_library_game_async (ImhLibrary          *library,
                                     gint64               id,
                                     GCancellable        *cancellable,
                                     GAsyncReadyCallback  callback,
                                     gpointer             user_data)
{
  g_return_if_fail (IMH_IS_LIBRARY (library));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  start_load (library, id, -1, imh_session_open_library_game_async, cancellable, callback, user_data);
}

ImhSession *
imh_session_open_library_game_finish (GAsyncResult  *result,
                                      GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == imh_session_open_library_game_async,
                        NULL);

  return finish_load (result, error);
}

void
imh_session_resume_async (ImhLibrary          *library,
                          guint                kinds,
                          GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  g_return_if_fail (IMH_IS_LIBRARY (library));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  start_load (library, 0, kinds, imh_session_resume_async, cancellable, callback, user_data);
}

ImhSession *
imh_session_resume_finish (GAsyncResult  *result,
                           GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == imh_session_resume_async, NULL);

  return finish_load (result, error);
}

/* ---- Saving and exporting --------------------------------------------------------------- */

static void
on_saved (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  ImhSession *self = g_task_get_source_object (task);
  GError *error = NULL;

  if (!imh_record_file_save_finish (result, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  /* Save writes here from now on. */
  set_file (self, g_task_get_task_data (task));
  g_task_return_boolean (task, TRUE);
}

void
imh_session_save_async (ImhSession          *self,
                        GFile               *file,
                        GCancellable        *cancellable,
                        GAsyncReadyCallback  callback,
                        gpointer             user_data)
{
  GTask *task;

  g_return_if_fail (IMH_IS_SESSION (self));
  g_return_if_fail (file == NULL || G_IS_FILE (file));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, imh_session_save_async);
  if (file == NULL)
    file = self->file;
  if (file == NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                               _("The game has no file yet: choose where to save it"));
      g_object_unref (task);
      return;
    }
  g_task_set_task_data (task, g_object_ref (file), g_object_unref);
  imh_record_file_save_async (self->game, file, cancellable, on_saved, task);
}

gboolean
imh_session_save_finish (ImhSession    *self,
                         GAsyncResult  *result,
                         GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == imh_session_save_async, FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
on_exported (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  GFile *file = G_FILE (source);
  GError *error = NULL;

  if (!g_file_replace_contents_finish (file, result, NULL, &error))
    {
      g_autofree char *name = g_file_get_parse_name (file);

      /* GIO's own messages usually name the file already. */
      if (strstr (error->message, name) == NULL)
        /* TRANSLATORS: %s is a file name, the message follows the colon */
        g_prefix_error (&error, _("%s: "), name);
      g_task_return_error (task, error);
      return;
    }
  g_task_return_boolean (task, TRUE);
}

void
imh_session_export_async (ImhSession          *self,
                          GFile               *file,
                          GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  g_autoptr(GBytes) bytes = NULL;
  GTask *task;
  char *text;

  g_return_if_fail (IMH_IS_SESSION (self));
  g_return_if_fail (G_IS_FILE (file));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, imh_session_export_async);
  text = imh_game_to_record_text (self->game);
  bytes = g_bytes_new_take (text, strlen (text));
  g_file_replace_contents_bytes_async (file, bytes, NULL, FALSE, G_FILE_CREATE_NONE,
                                       cancellable, on_exported, task);
}

gboolean
imh_session_export_finish (ImhSession    *self,
                           GAsyncResult  *result,
                           GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == imh_session_export_async, FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/* ---- The analysis ------------------------------------------------------------------------- */

static void
on_analysis_stored (GObject      *source,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  ImhSession *self = g_task_get_source_object (task);
  GError *error = NULL;

  if (!imh_library_store_analysis_finish (IMH_LIBRARY (source), result, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  imh_session_set_analysis (self, g_task_get_task_data (task));
  g_task_return_boolean (task, TRUE);
}

void
imh_session_store_analysis_async (ImhSession          *self,
                                  ImhAnalysisResult   *analysis,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  GTask *task;

  g_return_if_fail (IMH_IS_SESSION (self));
  g_return_if_fail (analysis != NULL);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, imh_session_store_analysis_async);
  g_task_set_task_data (task, imh_analysis_result_ref (analysis),
                        (GDestroyNotify) imh_analysis_result_unref);
  if (self->library == NULL || self->library_id <= 0)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                               _("The game is not in the library yet: its analysis cannot be kept"));
      g_object_unref (task);
      return;
    }
  imh_library_store_analysis_async (self->library, self->library_id, analysis, cancellable,
                                    on_analysis_stored, task);
}

gboolean
imh_session_store_analysis_finish (ImhSession    *self,
                                   GAsyncResult  *result,
                                   GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == imh_session_store_analysis_async,
                        FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/* ---- Bookmarks ------------------------------------------------------------------------------ */

typedef struct {
  guint               ply;
  char               *label;
  gint64              bookmark_id;   /* added, or to remove */
  ImhLibraryAutosave *autosave;      /* waited for */
  GSource            *cancelled;     /* while waiting for the autosave */
} BookmarkData;

static void
bookmark_data_free (gpointer data)
{
  BookmarkData *b = data;

  g_free (b->label);
  g_clear_object (&b->autosave);   /* stop_waiting() disconnected it */
  if (b->cancelled != NULL)
    {
      g_source_destroy (b->cancelled);
      g_source_unref (b->cancelled);
    }
  g_free (b);
}

static void
set_no_library_error (GError **error)
{
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                       _("Bookmarks are kept in the library, which is not available for this game"));
}

static void
on_bookmarks_listed (GObject      *source,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  ImhSession *self = g_task_get_source_object (task);
  BookmarkData *b = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;
  GPtrArray *bookmarks = imh_library_list_bookmarks_finish (IMH_LIBRARY (source), result, &error);

  /* The change is made: only the list may be behind. */
  if (bookmarks == NULL)
    g_warning ("Could not list the bookmarks of game %" G_GINT64_FORMAT ": %s",
               self->library_id, error->message);
  else
    set_bookmarks (self, bookmarks);
  if (g_task_get_source_tag (task) == imh_session_add_bookmark_async)
    g_task_return_pointer (task, g_memdup2 (&b->bookmark_id, sizeof b->bookmark_id), g_free);
  else
    g_task_return_boolean (task, TRUE);
}

static void
reload_bookmarks (GTask *task)
{
  ImhSession *self = g_task_get_source_object (task);

  /* Not cancellable: the change is made, the list follows it. */
  imh_library_list_bookmarks_async (self->library, self->library_id, NULL,
                                    on_bookmarks_listed, task);
}

static void
on_bookmark_added (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  GTask *task = user_data;
  BookmarkData *b = g_task_get_task_data (task);
  GError *error = NULL;

  b->bookmark_id = imh_library_add_bookmark_finish (IMH_LIBRARY (source), result, &error);
  if (b->bookmark_id <= 0)
    {
      g_task_return_error (task, error);
      g_object_unref (task);
      return;
    }
  reload_bookmarks (task);
}

static void stop_waiting (GTask *task);

/* The game is stored (or has no decision to store): the bookmark goes to
 * its entry. */
static void
add_bookmark_now (GTask *task)
{
  ImhSession *self = g_task_get_source_object (task);
  BookmarkData *b = g_task_get_task_data (task);

  stop_waiting (task);
  if (g_task_return_error_if_cancelled (task))
    {
      g_object_unref (task);
      return;
    }
  if (self->autosave != NULL && imh_library_autosave_get_save_error (self->autosave) != NULL)
    {
      g_task_return_error (task, g_error_copy (imh_library_autosave_get_save_error (self->autosave)));
      g_object_unref (task);
      return;
    }
  if (self->library_id <= 0)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                               _("The library keeps a game from its first decision: play one, then bookmark"));
      g_object_unref (task);
      return;
    }
  imh_library_add_bookmark_async (self->library, self->library_id, b->ply, b->label,
                                  g_task_get_cancellable (task), on_bookmark_added, task);
}

static void
on_autosave_settled (ImhLibraryAutosave *autosave,
                     GParamSpec         *pspec,
                     GTask              *task)
{
  if (imh_library_autosave_get_busy (autosave) && imh_library_autosave_get_save_error (autosave) == NULL)
    return;
  add_bookmark_now (task);
}

static gboolean
on_wait_cancelled (GCancellable *cancellable,
                   gpointer      data)
{
  add_bookmark_now (G_TASK (data));
  return G_SOURCE_REMOVE;
}

static void
stop_waiting (GTask *task)
{
  BookmarkData *b = g_task_get_task_data (task);

  /* The autosave waited for, even when the session was closed since. */
  if (b->autosave != NULL)
    {
      g_signal_handlers_disconnect_by_data (b->autosave, task);
      g_clear_object (&b->autosave);
    }
  if (b->cancelled != NULL)
    {
      g_source_destroy (b->cancelled);
      g_clear_pointer (&b->cancelled, g_source_unref);
    }
}

void
imh_session_add_bookmark_async (ImhSession          *self,
                                guint                ply,
                                const char          *label,
                                GCancellable        *cancellable,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data)
{
  GTask *task;
  BookmarkData *b;
  GError *error = NULL;

  g_return_if_fail (IMH_IS_SESSION (self));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, imh_session_add_bookmark_async);
  b = g_new0 (BookmarkData, 1);
  b->ply = ply;
  b->label = g_strdup (label != NULL ? label : "");
  g_task_set_task_data (task, b, bookmark_data_free);
  /* Kept in the library: the game's entry, or the one the autosave makes. */
  if (self->library == NULL || (self->autosave == NULL && self->library_id <= 0))
    {
      set_no_library_error (&error);
      g_task_return_error (task, error);
      g_object_unref (task);
      return;
    }
  if (self->autosave != NULL && imh_library_autosave_get_busy (self->autosave))
    {
      /* Not stored yet: when the autosave has stored it, or failed to. */
      b->autosave = g_object_ref (self->autosave);
      g_signal_connect (self->autosave, "notify::busy", G_CALLBACK (on_autosave_settled), task);
      g_signal_connect (self->autosave, "notify::save-error", G_CALLBACK (on_autosave_settled), task);
      if (cancellable != NULL)
        {
          b->cancelled = g_cancellable_source_new (cancellable);
          g_source_set_callback (b->cancelled, G_SOURCE_FUNC (on_wait_cancelled), task, NULL);
          g_source_attach (b->cancelled, g_task_get_context (task));
        }
      return;
    }
  add_bookmark_now (task);
}

gint64
imh_session_add_bookmark_finish (ImhSession    *self,
                                 GAsyncResult  *result,
                                 GError       **error)
{
  g_autofree gint64 *id = NULL;

  g_return_val_if_fail (g_task_is_valid (result, self), 0);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == imh_session_add_bookmark_async, 0);

  id = g_task_propagate_pointer (G_TASK (result), error);
  return id != NULL ? *id : 0;
}

static void
on_bookmark_removed (GObject      *source,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  GTask *task = user_data;
  GError *error = NULL;

  if (!imh_library_remove_bookmark_finish (IMH_LIBRARY (source), result, &error))
    {
      g_task_return_error (task, error);
      g_object_unref (task);
      return;
    }
  reload_bookmarks (task);
}

void
imh_session_remove_bookmark_async (ImhSession          *self,
                                   gint64               bookmark_id,
                                   GCancellable        *cancellable,
                                   GAsyncReadyCallback  callback,
                                   gpointer             user_data)
{
  GTask *task;
  BookmarkData *b;
  GError *error = NULL;

  g_return_if_fail (IMH_IS_SESSION (self));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, imh_session_remove_bookmark_async);
  b = g_new0 (BookmarkData, 1);
  b->bookmark_id = bookmark_id;
  g_task_set_task_data (task, b, bookmark_data_free);
  if (self->library == NULL)
    {
      set_no_library_error (&error);
      g_task_return_error (task, error);
      g_object_unref (task);
      return;
    }
  imh_library_remove_bookmark_async (self->library, bookmark_id, cancellable, on_bookmark_removed, task);
}

gboolean
imh_session_remove_bookmark_finish (ImhSession    *self,
                                    GAsyncResult  *result,
                                    GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == imh_session_remove_bookmark_async,
                        FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/* ---- Closing ----------------------------------------------------------------------------------- */

static void
on_autosave_closed (GObject      *source,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  ImhSession *self = g_task_get_source_object (task);
  GError *error = NULL;

  /* Its entry followed to the end: the last write may have made it. */
  g_signal_handlers_disconnect_by_data (source, self);
  if (imh_library_autosave_get_id (IMH_LIBRARY_AUTOSAVE (source)) > 0)
    set_library_id (self, imh_library_autosave_get_id (IMH_LIBRARY_AUTOSAVE (source)));
  if (imh_library_autosave_close_finish (IMH_LIBRARY_AUTOSAVE (source), result, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

void
imh_session_close_async (ImhSession          *self,
                         guint                timeout_ms,
                         GCancellable        *cancellable,
                         GAsyncReadyCallback  callback,
                         gpointer             user_data)
{
  g_autoptr(ImhLibraryAutosave) autosave = NULL;
  GTask *task;

  g_return_if_fail (IMH_IS_SESSION (self));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, imh_session_close_async);
  /* What was stored is stored, even when the wait is cancelled. */
  g_task_set_check_cancellable (task, FALSE);
  if (self->autosave == NULL)
    {
      g_task_return_boolean (task, TRUE);
      g_object_unref (task);
      return;
    }
  /* Its "id" is still followed until it is closed. */
  autosave = g_steal_pointer (&self->autosave);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_AUTOSAVE]);
  imh_library_autosave_close_async (autosave, timeout_ms, cancellable, on_autosave_closed, task);
}

gboolean
imh_session_close_finish (ImhSession    *self,
                          GAsyncResult  *result,
                          GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == imh_session_close_async, FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
