/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-library-async.c — the library's reads and edits in GTask threads. */
#define G_LOG_DOMAIN "imh-library"

#include "config.h"


#include "imh-autosave.h"
#include "imh-library-async.h"

/* What one call needs; each operation uses some of the fields. */
typedef struct {
  gint64             id;
  gboolean           flag;
  int                kind;
  guint              ply;
  char              *text;
  GStrv              strv;
  GBytes            *bytes;
  GArray            *ids;          /* gint64 */
  GFile             *file;
  ImhLibraryDeleted *deleted;
  ImhAnalysisResult *analysis;
} Call;

static void
call_free (gpointer data)
{
  Call *c = data;

  g_free (c->text);
  g_strfreev (c->strv);
  g_clear_pointer (&c->bytes, g_bytes_unref);
  g_clear_pointer (&c->ids, g_array_unref);
  g_clear_object (&c->file);
  g_clear_pointer (&c->deleted, imh_library_deleted_unref);
  g_clear_pointer (&c->analysis, imh_analysis_result_unref);
  g_free (c);
}

static Call *
call_new (void)
{
  return g_new0 (Call, 1);
}

static GArray *
ids_copy (const gint64 *ids,
          guint         n_ids)
{
  GArray *array = g_array_sized_new (FALSE, FALSE, sizeof (gint64), n_ids);

  if (n_ids > 0)
    g_array_append_vals (array, ids, n_ids);
  return array;
}

#define CALL_IDS(c) ((const gint64 *) (gpointer) (c)->ids->data), (c)->ids->len

/* Reads: cancelled when the result comes too late to matter. */
static void
run_read (ImhLibrary          *self,
          gpointer             tag,
          Call                *call,
          GTaskThreadFunc      func,
          GCancellable        *cancellable,
          GAsyncReadyCallback  callback,
          gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);

  g_task_set_source_tag (task, tag);
  g_task_set_task_data (task, call, call_free);
  g_task_run_in_thread (task, func);
}

/* Edits: not made when cancelled before they start; a change made is
 * reported as made. */
static void
run_edit (ImhLibrary          *self,
          gpointer             tag,
          Call                *call,
          GTaskThreadFunc      func,
          GCancellable        *cancellable,
          GAsyncReadyCallback  callback,
          gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);

  g_task_set_source_tag (task, tag);
  g_task_set_task_data (task, call, call_free);
  g_task_set_check_cancellable (task, FALSE);
  g_task_run_in_thread (task, func);
}

static gboolean
valid (ImhLibrary   *self,
       GAsyncResult *result,
       gpointer      tag)
{
  return g_task_is_valid (result, self) && g_task_get_source_tag (G_TASK (result)) == tag;
}

static void
return_bool (GTask    *task,
             gboolean  ok,
             GError   *error)
{
  if (ok)
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

/* ---- Reads ---------------------------------------------------------------- */

static void
summary_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Call *c = data;
  GError *error = NULL;
  ImhGameSummary *summary;

  if (g_task_return_error_if_cancelled (task))
    return;
  summary = imh_library_get_summary (source, c->id, &error);
  if (summary == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, summary, g_object_unref);
}

void
imh_library_get_summary_async (ImhLibrary          *self,
                               gint64               id,
                               GCancellable        *cancellable,
                               GAsyncReadyCallback  callback,
                               gpointer             user_data)
{
  Call *c;

  g_return_if_fail (IMH_IS_LIBRARY (self));

  c = call_new ();
  c->id = id;
  run_read (self, imh_library_get_summary_async, c, summary_thread, cancellable, callback, user_data);
}

ImhGameSummary *
imh_library_get_summary_finish (ImhLibrary    *self,
                                GAsyncResult  *result,
                                GError       **error)
{
  g_return_val_if_fail (valid (self, result, imh_library_get_summary_async), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

static void
latest_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Call *c = data;
  GError *error = NULL;
  gint64 id;

  if (g_task_return_error_if_cancelled (task))
    return;
  if (c->kind < 0)
    id = imh_library_get_latest_unfinished (source, &error);
  else
    id = imh_library_get_latest_unfinished_of (source, (ImhGameKind) c->kind, &error);
  if (error != NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, g_memdup2 (&id, sizeof id), g_free);
}

void
imh_library_get_latest_unfinished_async (ImhLibrary          *self,
                                         int                  kind,
                                         GCancellable        *cancellable,
                                         GAsyncReadyCallback  callback,
                                         gpointer             user_data)
{
  Call *c;

  g_return_if_fail (IMH_IS_LIBRARY (self));

  c = call_new ();
  c->kind = kind;
  run_read (self, imh_library_get_latest_unfinished_async, c, latest_thread,
            cancellable, callback, user_data);
}

gint64
imh_library_get_latest_unfinished_finish (ImhLibrary    *self,
                                          GAsyncResult  *result,
                                          GError       **error)
{
  g_autofree gint64 *id = NULL;

  g_return_val_if_fail (valid (self, result, imh_library_get_latest_unfinished_async), 0);
  id = g_task_propagate_pointer (G_TASK (result), error);
  return id != NULL ? *id : 0;
}

static void
tags_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  GError *error = NULL;
  GStrv tags;

  if (g_task_return_error_if_cancelled (task))
    return;
  tags = imh_library_list_tags (source, &error);
  if (tags == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, tags, (GDestroyNotify) g_strfreev);
}

void
imh_library_list_tags_async (ImhLibrary          *self,
                             GCancellable        *cancellable,
                             GAsyncReadyCallback  callback,
                             gpointer             user_data)
{
  g_return_if_fail (IMH_IS_LIBRARY (self));

  run_read (self, imh_library_list_tags_async, call_new (), tags_thread, cancellable, callback, user_data);
}

GStrv
imh_library_list_tags_finish (ImhLibrary    *self,
                              GAsyncResult  *result,
                              GError       **error)
{
  g_return_val_if_fail (valid (self, result, imh_library_list_tags_async), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

static void
thumbnail_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Call *c = data;
  GError *error = NULL;
  GBytes *png;

  if (g_task_return_error_if_cancelled (task))
    return;
  png = imh_library_get_thumbnail (source, c->id, &error);
  if (error != NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, png, (GDestroyNotify) g_bytes_unref);
}

void
imh_library_get_thumbnail_async (ImhLibrary          *self,
                                 gint64               id,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  Call *c;

  g_return_if_fail (IMH_IS_LIBRARY (self));

  c = call_new ();
  c->id = id;
  run_read (self, imh_library_get_thumbnail_async, c, thumbnail_thread, cancellable, callback, user_data);
}

GBytes *
imh_library_get_thumbnail_finish (ImhLibrary    *self,
                                  GAsyncResult  *result,
                                  GError       **error)
{
  g_return_val_if_fail (valid (self, result, imh_library_get_thumbnail_async), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

static void
bookmarks_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Call *c = data;
  GError *error = NULL;
  GPtrArray *bookmarks;

  if (g_task_return_error_if_cancelled (task))
    return;
  bookmarks = imh_library_list_bookmarks (source, c->id, &error);
  if (bookmarks == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, bookmarks, (GDestroyNotify) g_ptr_array_unref);
}

void
imh_library_list_bookmarks_async (ImhLibrary          *self,
                                  gint64               game_id,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  Call *c;

  g_return_if_fail (IMH_IS_LIBRARY (self));

  c = call_new ();
  c->id = game_id;
  run_read (self, imh_library_list_bookmarks_async, c, bookmarks_thread, cancellable, callback, user_data);
}

GPtrArray *
imh_library_list_bookmarks_finish (ImhLibrary    *self,
                                   GAsyncResult  *result,
                                   GError       **error)
{
  g_return_val_if_fail (valid (self, result, imh_library_list_bookmarks_async), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

static void
count_trash_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  GError *error = NULL;
  guint64 n;

  if (g_task_return_error_if_cancelled (task))
    return;
  n = imh_library_count_trash (source, &error);
  if (error != NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, g_memdup2 (&n, sizeof n), g_free);
}

void
imh_library_count_trash_async (ImhLibrary          *self,
                               GCancellable        *cancellable,
                               GAsyncReadyCallback  callback,
                               gpointer             user_data)
{
  g_return_if_fail (IMH_IS_LIBRARY (self));

  run_read (self, imh_library_count_trash_async, call_new (), count_trash_thread,
            cancellable, callback, user_data);
}

gboolean
imh_library_count_trash_finish (ImhLibrary    *self,
                                GAsyncResult  *result,
                                guint64       *n_games,
                                GError       **error)
{
  g_autofree guint64 *n = NULL;

  g_return_val_if_fail (valid (self, result, imh_library_count_trash_async), FALSE);
  n = g_task_propagate_pointer (G_TASK (result), error);
  if (n_games != NULL)
    *n_games = n != NULL ? *n : 0;
  return n != NULL;
}

/* ---- Edits ------------------------------------------------------------------ */

static void
starred_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Call *c = data;
  GError *error = NULL;

  if (g_task_return_error_if_cancelled (task))
    return;
  return_bool (task, imh_library_set_starred (source, c->id, c->flag, &error), error);
}

void
imh_library_set_starred_async (ImhLibrary          *self,
                               gint64               id,
                               gboolean             starred,
                               GCancellable        *cancellable,
                               GAsyncReadyCallback  callback,
                               gpointer             user_data)
{
  Call *c;

  g_return_if_fail (IMH_IS_LIBRARY (self));

  c = call_new ();
  c->id = id;
  c->flag = !!starred;
  run_edit (self, imh_library_set_starred_async, c, starred_thread, cancellable, callback, user_data);
}

gboolean
imh_library_set_starred_finish (ImhLibrary    *self,
                                GAsyncResult  *result,
                                GError       **error)
{
  g_return_val_if_fail (valid (self, result, imh_library_set_starred_async), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
notes_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Call *c = data;
  GError *error = NULL;

  if (g_task_return_error_if_cancelled (task))
    return;
  return_bool (task, imh_library_set_notes (source, c->id, c->text, &error), error);
}

void
imh_library_set_notes_async (ImhLibrary          *self,
                             gint64               id,
                             const char          *notes,
                             GCancellable        *cancellable,
                             GAsyncReadyCallback  callback,
                             gpointer             user_data)
{
  Call *c;

  g_return_if_fail (IMH_IS_LIBRARY (self));

  c = call_new ();
  c->id = id;
  c->text = g_strdup (notes);
  run_edit (self, imh_library_set_notes_async, c, notes_thread, cancellable, callback, user_data);
}

gboolean
imh_library_set_notes_finish (ImhLibrary    *self,
                              GAsyncResult  *result,
                              GError       **error)
{
  g_return_val_if_fail (valid (self, result, imh_library_set_notes_async), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
tags_set_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Call *c = data;
  GError *error = NULL;
  gboolean ok;

  if (g_task_return_error_if_cancelled (task))
    return;
  ok = imh_library_set_tags (source, c->id, (const char * const *) c->strv, &error);
  /* With notes: the tags and notes dialog. */
  if (ok && g_task_get_source_tag (task) == imh_library_set_tags_and_notes_async)
    ok = imh_library_set_notes (source, c->id, c->text, &error);
  return_bool (task, ok, error);
}

void
imh_library_set_tags_async (ImhLibrary          *self,
                            gint64               id,
                            const char * const  *tags,
                            GCancellable        *cancellable,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data)
{
  Call *c;

  g_return_if_fail (IMH_IS_LIBRARY (self));

  c = call_new ();
  c->id = id;
  c->strv = g_strdupv ((char **) tags);
  run_edit (self, imh_library_set_tags_async, c, tags_set_thread, cancellable, callback, user_data);
}

gboolean
imh_library_set_tags_finish (ImhLibrary    *self,
                             GAsyncResult  *result,
                             GError       **error)
{
  g_return_val_if_fail (valid (self, result, imh_library_set_tags_async), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

void
imh_library_set_tags_and_notes_async (ImhLibrary          *self,
                                      gint64               id,
                                      const char * const  *tags,
                                      const char          *notes,
                                      GCancellable        *cancellable,
                                      GAsyncReadyCallback  callback,
                                      gpointer             user_data)
{
  Call *c;

  g_return_if_fail (IMH_IS_LIBRARY (self));

  c = call_new ();
  c->id = id;
  c->strv = g_strdupv ((char **) tags);
  c->text = g_strdup (notes != NULL ? notes : "");
  run_edit (self, imh_library_set_tags_and_notes_async, c, tags_set_thread,
            cancellable, callback, user_data);
}

gboolean
imh_library_set_tags_and_notes_finish (ImhLibrary    *self,
                                       GAsyncResult  *result,
                                       GError       **error)
{
  g_return_val_if_fail (valid (self, result, imh_library_set_tags_and_notes_async), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
thumbnail_set_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Call *c = data;
  GError *error = NULL;

  if (g_task_return_error_if_cancelled (task))
    return;
  return_bool (task, imh_library_set_thumbnail (source, c->id, c->bytes, &error), error);
}

void
imh_library_set_thumbnail_async (ImhLibrary          *self,
                                 gint64               id,
                                 GBytes              *png,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  Call *c;

  g_return_if_fail (IMH_IS_LIBRARY (self));

  c = call_new ();
  c->id = id;
  c->bytes = png != NULL ? g_bytes_ref (png) : NULL;
  run_edit (self, imh_library_set_thumbnail_async, c, thumbnail_set_thread,
            cancellable, callback, user_data);
}

gboolean
imh_library_set_thumbnail_finish (ImhLibrary    *self,
                                  GAsyncResult  *result,
                                  GError       **error)
{
  g_return_val_if_fail (valid (self, result, imh_library_set_thumbnail_async), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
bookmark_add_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Call *c = data;
  GError *error = NULL;
  gint64 id;

  if (g_task_return_error_if_cancelled (task))
    return;
  id = imh_library_add_bookmark (source, c->id, c->ply, c->text, &error);
  if (id <= 0)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, g_memdup2 (&id, sizeof id), g_free);
}

void
imh_library_add_bookmark_async (ImhLibrary          *self,
                                gint64               game_id,
                                guint                ply,
                                const char          *label,
                                GCancellable        *cancellable,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data)
{
  Call *c;

  g_return_if_fail (IMH_IS_LIBRARY (self));

  c = call_new ();
  c->id = game_id;
  c->ply = ply;
  c->text = g_strdup (label != NULL ? label : "");
  run_edit (self, imh_library_add_bookmark_async, c, bookmark_add_thread, cancellable, callback, user_data);
}

gint64
imh_library_add_bookmark_finish (ImhLibrary    *self,
                                 GAsyncResult  *result,
                                 GError       **error)
{
  g_autofree gint64 *id = NULL;

  g_return_val_if_fail (valid (self, result, imh_library_add_bookmark_async), 0);
  id = g_task_propagate_pointer (G_TASK (result), error);
  return id != NULL ? *id : 0;
}

static void
bookmark_remove_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Call *c = data;
  GError *error = NULL;

  if (g_task_return_error_if_cancelled (task))
    return;
  return_bool (task, imh_library_remove_bookmark (source, c->id, &error), error);
}

void
imh_library_remove_bookmark_async (ImhLibrary          *self,
                                   gint64               bookmark_id,
                                   GCancellable        *cancellable,
                                   GAsyncReadyCallback  callback,
                                   gpointer             user_data)
{
  Call *c;

  g_return_if_fail (IMH_IS_LIBRARY (self));

  c = call_new ();
  c->id = bookmark_id;
  run_edit (self, imh_library_remove_bookmark_async, c, bookmark_remove_thread,
            cancellable, callback, user_data);
}

gboolean
imh_library_remove_bookmark_finish (ImhLibrary    *self,
                                    GAsyncResult  *result,
                                    GError       **error)
{
  g_return_val_if_fail (valid (self, result, imh_library_remove_bookmark_async), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
delete_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Call *c = data;
  GError *error = NULL;
  ImhLibraryDeleted *deleted;

  if (g_task_return_error_if_cancelled (task))
    return;
  deleted = imh_library_delete (source, CALL_IDS (c), &error);
  if (deleted == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, deleted, (GDestroyNotify) imh_library_deleted_unref);
}

void
imh_library_delete_async (ImhLibrary          *self,
                          const gint64        *ids,
                          guint                n_ids,
                          GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  Call *c;

  g_return_if_fail (IMH_IS_LIBRARY (self));
  g_return_if_fail (ids != NULL || n_ids == 0);

  c = call_new ();
  c->ids = ids_copy (ids, n_ids);
  run_edit (self, imh_library_delete_async, c, delete_thread, cancellable, callback, user_data);
}

ImhLibraryDeleted *
imh_library_delete_finish (ImhLibrary    *self,
                           GAsyncResult  *result,
                           GError       **error)
{
  g_return_val_if_fail (valid (self, result, imh_library_delete_async), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

static void
restore_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Call *c = data;
  GError *error = NULL;

  if (g_task_return_error_if_cancelled (task))
    return;
  return_bool (task, imh_library_restore (source, c->deleted, &error), error);
}

void
imh_library_restore_async (ImhLibrary          *self,
                           ImhLibraryDeleted   *deleted,
                           GCancellable        *cancellable,
                           GAsyncReadyCallback  callback,
                           gpointer             user_data)
{
  Call *c;

  g_return_if_fail (IMH_IS_LIBRARY (self));
  g_return_if_fail (deleted != NULL);

  c = call_new ();
  c->deleted = imh_library_deleted_ref (deleted);
  run_edit (self, imh_library_restore_async, c, restore_thread, cancellable, callback, user_data);
}

gboolean
imh_library_restore_finish (ImhLibrary    *self,
                            GAsyncResult  *result,
                            GError       **error)
{
  g_return_val_if_fail (valid (self, result, imh_library_restore_async), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
restore_trash_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Call *c = data;
  GError *error = NULL;

  if (g_task_return_error_if_cancelled (task))
    return;
  return_bool (task, imh_library_restore_from_trash (source, CALL_IDS (c), &error), error);
}

void
imh_library_restore_from_trash_async (ImhLibrary          *self,
                                      const gint64        *ids,
                                      guint                n_ids,
                                      GCancellable        *cancellable,
                                      GAsyncReadyCallback  callback,
                                      gpointer             user_data)
{
  Call *c;

  g_return_if_fail (IMH_IS_LIBRARY (self));
  g_return_if_fail (ids != NULL || n_ids == 0);

  c = call_new ();
  c->ids = ids_copy (ids, n_ids);
  run_edit (self, imh_library_restore_from_trash_async, c, restore_trash_thread,
            cancellable, callback, user_data);
}

gboolean
imh_library_restore_from_trash_finish (ImhLibrary    *self,
                                       GAsyncResult  *result,
                                       GError       **error)
{
  g_return_val_if_fail (valid (self, result, imh_library_restore_from_trash_async), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
forever_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Call *c = data;
  GError *error = NULL;
  guint n = 0;
  gboolean ok;

  if (g_task_return_error_if_cancelled (task))
    return;
  if (c->ids == NULL)
    ok = imh_library_empty_trash (source, &n, &error);
  else
    ok = imh_library_delete_forever (source, CALL_IDS (c), &n, &error);
  if (!ok)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, g_memdup2 (&n, sizeof n), g_free);
}

void
imh_library_delete_forever_async (ImhLibrary          *self,
                                  const gint64        *ids,
                                  guint                n_ids,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  Call *c;

  g_return_if_fail (IMH_IS_LIBRARY (self));

  c = call_new ();
  if (ids != NULL)
    c->ids = ids_copy (ids, n_ids);
  run_edit (self, imh_library_delete_forever_async, c, forever_thread, cancellable, callback, user_data);
}

gboolean
imh_library_delete_forever_finish (ImhLibrary    *self,
                                   GAsyncResult  *result,
                                   guint         *n_removed,
                                   GError       **error)
{
  g_autofree guint *n = NULL;

  g_return_val_if_fail (valid (self, result, imh_library_delete_forever_async), FALSE);
  n = g_task_propagate_pointer (G_TASK (result), error);
  if (n_removed != NULL)
    *n_removed = n != NULL ? *n : 0;
  return n != NULL;
}

/* ---- Export ------------------------------------------------------------------ */

static void
export_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Call *c = data;
  GError *error = NULL;
  int n;

  if (g_task_return_error_if_cancelled (task))
    return;
  n = imh_library_export (source, CALL_IDS (c), c->file, &error);
  if (n < 0)
    g_task_return_error (task, error);
  else
    g_task_return_int (task, n);
}

void
imh_library_export_async (ImhLibrary          *self,
                          const gint64        *ids,
                          guint                n_ids,
                          GFile               *folder,
                          GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  Call *c;

  g_return_if_fail (IMH_IS_LIBRARY (self));
  g_return_if_fail (ids != NULL || n_ids == 0);
  g_return_if_fail (G_IS_FILE (folder));

  c = call_new ();
  c->ids = ids_copy (ids, n_ids);
  c->file = g_object_ref (folder);
  /* Files written are written: reported as such. */
  run_edit (self, imh_library_export_async, c, export_thread, cancellable, callback, user_data);
}

int
imh_library_export_finish (ImhLibrary    *self,
                           GAsyncResult  *result,
                           GError       **error)
{
  g_return_val_if_fail (valid (self, result, imh_library_export_async), -1);
  return (int) g_task_propagate_int (G_TASK (result), error);
}

static void
export_file_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Call *c = data;
  GError *error = NULL;

  if (g_task_return_error_if_cancelled (task))
    return;
  return_bool (task, imh_library_export_to_file (source, CALL_IDS (c), c->file, &error), error);
}

void
imh_library_export_to_file_async (ImhLibrary          *self,
                                  const gint64        *ids,
                                  guint                n_ids,
                                  GFile               *file,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  Call *c;

  g_return_if_fail (IMH_IS_LIBRARY (self));
  g_return_if_fail (ids != NULL || n_ids == 0);
  g_return_if_fail (G_IS_FILE (file));

  c = call_new ();
  c->ids = ids_copy (ids, n_ids);
  c->file = g_object_ref (file);
  run_edit (self, imh_library_export_to_file_async, c, export_file_thread, cancellable, callback, user_data);
}

gboolean
imh_library_export_to_file_finish (ImhLibrary    *self,
                                   GAsyncResult  *result,
                                   GError       **error)
{
  g_return_val_if_fail (valid (self, result, imh_library_export_to_file_async), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

/* ---- Analyses ------------------------------------------------------------------ */

static void
analysis_load_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Call *c = data;
  GError *error = NULL;
  ImhAnalysisResult *analysis;

  if (g_task_return_error_if_cancelled (task))
    return;
  analysis = imh_analysis_result_load (source, c->id, &error);
  if (analysis == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, analysis, (GDestroyNotify) imh_analysis_result_unref);
}

void
imh_library_load_analysis_async (ImhLibrary          *self,
                                 gint64               game_id,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  Call *c;

  g_return_if_fail (IMH_IS_LIBRARY (self));

  c = call_new ();
  c->id = game_id;
  run_read (self, imh_library_load_analysis_async, c, analysis_load_thread, cancellable, callback, user_data);
}

ImhAnalysisResult *
imh_library_load_analysis_finish (ImhLibrary    *self,
                                  GAsyncResult  *result,
                                  GError       **error)
{
  g_return_val_if_fail (valid (self, result, imh_library_load_analysis_async), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

static void
analysis_store_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Call *c = data;
  GError *error = NULL;

  if (g_task_return_error_if_cancelled (task))
    return;
  return_bool (task, imh_analysis_result_save (c->analysis, source, c->id, &error), error);
}

void
imh_library_store_analysis_async (ImhLibrary          *self,
                                  gint64               game_id,
                                  ImhAnalysisResult   *analysis,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  Call *c;

  g_return_if_fail (IMH_IS_LIBRARY (self));
  g_return_if_fail (analysis != NULL);

  c = call_new ();
  c->id = game_id;
  c->analysis = imh_analysis_result_ref (analysis);
  run_edit (self, imh_library_store_analysis_async, c, analysis_store_thread,
            cancellable, callback, user_data);
}

gboolean
imh_library_store_analysis_finish (ImhLibrary    *self,
                                   GAsyncResult  *result,
                                   GError       **error)
{
  g_return_val_if_fail (valid (self, result, imh_library_store_analysis_async), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

/* ---- The autosave files of earlier versions ------------------------------------------ */

static void
migrate_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  GError *error = NULL;
  gboolean imported = FALSE;

  if (g_task_return_error_if_cancelled (task))
    return;
  if (!imh_autosave_migrate (source, &imported, &error))
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, GINT_TO_POINTER (imported ? 2 : 1), NULL);
}

void
imh_autosave_migrate_async (ImhLibrary          *library,
                            GCancellable        *cancellable,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data)
{
  g_return_if_fail (IMH_IS_LIBRARY (library));

  run_edit (library, imh_autosave_migrate_async, call_new (), migrate_thread, cancellable, callback, user_data);
}

gboolean
imh_autosave_migrate_finish (ImhLibrary    *library,
                             GAsyncResult  *result,
                             gboolean      *imported,
                             GError       **error)
{
  int outcome;

  g_return_val_if_fail (valid (library, result, imh_autosave_migrate_async), FALSE);
  outcome = GPOINTER_TO_INT (g_task_propagate_pointer (G_TASK (result), error));
  if (imported != NULL)
    *imported = outcome == 2;
  return outcome != 0;
}
