/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-autosave.c — the unfinished game kept between runs. */
#define G_LOG_DOMAIN "imh-autosave"

#include "config.h"

#include <glib/gi18n.h>
#include <errno.h>
#include <glib/gstdio.h>

#include "imh-autosave.h"
#include "imh-record-file.h"

GFile *
imh_autosave_get_file (void)
{
  g_autofree char *path = g_build_filename (g_get_user_data_dir (), APP_ID, "autosave.imhotep", NULL);

  return g_file_new_for_path (path);
}

static void
save_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  const char *text = task_data;
  g_autoptr(GFile) file = imh_autosave_get_file ();
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *dir = g_path_get_dirname (path);
  GError *error = NULL;

  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved = errno;
      g_task_return_new_error (task, G_IO_ERROR, g_io_error_from_errno (saved),
                               _("Cannot create the folder “%s”: %s"), dir, g_strerror (saved));
      return;
    }
  if (!g_file_set_contents_full (path, text, -1, G_FILE_SET_CONTENTS_CONSISTENT, 0600, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  g_task_return_boolean (task, TRUE);
}

void
imh_autosave_save_async (ImhGame             *game,
                         GCancellable        *cancellable,
                         GAsyncReadyCallback  callback,
                         gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (IMH_IS_GAME (game));

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, imh_autosave_save_async);
  g_task_set_task_data (task, imh_game_to_record_text (game), g_free);
  g_task_run_in_thread (task, save_thread);
}

gboolean
imh_autosave_save_finish (GAsyncResult  *result,
                          GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
on_loaded (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  GError *error = NULL;
  ImhGame *game = imh_record_file_load_finish (result, &error);

  if (game == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, game, g_object_unref);
}

void
imh_autosave_load_async (GCancellable        *cancellable,
                         GAsyncReadyCallback  callback,
                         gpointer             user_data)
{
  g_autoptr(GFile) file = imh_autosave_get_file ();
  GTask *task = g_task_new (NULL, cancellable, callback, user_data);

  g_task_set_source_tag (task, imh_autosave_load_async);
  imh_record_file_load_async (file, cancellable, on_loaded, task);
}

ImhGame *
imh_autosave_load_finish (GAsyncResult  *result,
                          GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

static void
on_deleted (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  GError *error = NULL;

  if (!g_file_delete_finish (G_FILE (source), result, &error)
      && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
    {
      g_task_return_error (task, error);
      return;
    }
  g_clear_error (&error);
  g_task_return_boolean (task, TRUE);
}

void
imh_autosave_clear_async (GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  g_autoptr(GFile) file = imh_autosave_get_file ();
  GTask *task = g_task_new (NULL, cancellable, callback, user_data);

  g_task_set_source_tag (task, imh_autosave_clear_async);
  g_file_delete_async (file, G_PRIORITY_DEFAULT, cancellable, on_deleted, task);
}

gboolean
imh_autosave_clear_finish (GAsyncResult  *result,
                           GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
