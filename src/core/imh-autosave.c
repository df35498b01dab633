/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-autosave.c — the autosave file of earlier versions, moved into the library. */
#define G_LOG_DOMAIN "imh-autosave"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <errno.h>
#include <glib/gstdio.h>
#include <string.h>

#include "imh-autosave.h"
#include "imh-record-file.h"

GFile *
imh_autosave_get_file (void)
{
  g_autofree char *path = g_build_filename (g_get_user_data_dir (), APP_ID, "autosave.imhotep", NULL);

  return g_file_new_for_path (path);
}

static char *
data_dir (void)
{
  return g_build_filename (g_get_user_data_dir (), APP_ID, NULL);
}

char *
imh_autosave_keep (const char  *record,
                   GError     **error)
{
  g_autofree char *dir = data_dir ();

  g_return_val_if_fail (record != NULL, NULL);

  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   _("Could not create the folder “%s”: %s"), dir, g_strerror (saved));
      return NULL;
    }
  for (guint n = 1; n < 1000; n++)
    {
      g_autofree char *name = g_strdup_printf ("unsaved-%u.imhotep", n);
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(GFileOutputStream) out = NULL;
      g_autoptr(GError) local = NULL;

      /* A new file, never one that waits for its import. */
      out = g_file_create (file, G_FILE_CREATE_PRIVATE, NULL, &local);
      if (out == NULL && g_error_matches (local, G_IO_ERROR, G_IO_ERROR_EXISTS))
        continue;
      if (out == NULL
          || !g_output_stream_write_all (G_OUTPUT_STREAM (out), record, strlen (record), NULL, NULL, &local)
          || !g_output_stream_close (G_OUTPUT_STREAM (out), NULL, &local))
        {
          g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED,
                       _("Could not write “%s”: %s"), path, local->message);
          if (out != NULL)
            g_unlink (path);
          return NULL;
        }
      return g_steal_pointer (&path);
    }
  g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_EXIST,
               _("Too many games wait in “%s” to be imported"), dir);
  return NULL;
}

/* Stores the game of one file as a new entry and deletes the file after
 * that committed (or when it was stored already); a file that is not a
 * valid record is renamed PATH.invalid. */
static gboolean
migrate_file (ImhLibrary  *library,
              const char  *path,
              gboolean     kept,
              gboolean    *imported,
              GError     **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *text = NULL;
  g_autoptr(GError) local = NULL;
  gsize length = 0;
  gint64 id;

  if (!imh_record_file_read (file, IMH_RECORD_FILE_MAX_SIZE, &text, &length, NULL, &local))
    {
      if (g_error_matches (local, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
        return TRUE;
      if (!g_error_matches (local, IMH_RECORD_FILE_ERROR, IMH_RECORD_FILE_ERROR_TOO_LARGE))
        {
          g_propagate_error (error, g_steal_pointer (&local));
          return FALSE;
        }
      id = 0;
    }
  else
    id = imh_library_save_record (library, 0, text, TRUE, &local);
  if (id == 0 && (g_error_matches (local, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_INVALID)
                  || g_error_matches (local, IMH_RECORD_FILE_ERROR, IMH_RECORD_FILE_ERROR_TOO_LARGE)))
    {
      /* Not a game: kept aside for the user, not imported again. */
      g_autofree char *aside = g_strconcat (path, ".invalid", NULL);

      if (g_rename (path, aside) != 0)
        g_warning ("Could not rename “%s”: %s", path, g_strerror (errno));
      if (kept)
        g_set_error (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_INVALID,
                     _("A game kept while the library could not be written (“%s”) could not be read: %s"),
                     aside, local->message);
      else
        g_set_error (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_INVALID,
                     _("The unfinished game of the previous version (“%s”) could not be read: %s"),
                     aside, local->message);
      return FALSE;
    }
  if (id == 0 && !g_error_matches (local, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_DUPLICATE))
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }

  /* Stored (or stored before: a delete that failed last time): the
   * file goes only now. */
  if (g_unlink (path) != 0 && errno != ENOENT)
    g_warning ("Could not remove “%s”: %s", path, g_strerror (errno));
  if (id != 0 && imported != NULL)
    *imported = TRUE;
  return TRUE;
}

static int
compare_paths (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(char * const *) a, *(char * const *) b);
}

gboolean
imh_autosave_migrate (ImhLibrary  *library,
                      gboolean    *imported,
                      GError     **error)
{
  g_autoptr(GFile) file = imh_autosave_get_file ();
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *dir_path = data_dir ();
  g_autoptr(GDir) dir = NULL;
  g_autoptr(GPtrArray) kept = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_return_val_if_fail (IMH_IS_LIBRARY (library), FALSE);

  if (imported != NULL)
    *imported = FALSE;
  if (!migrate_file (library, path, FALSE, imported, error))
    return FALSE;

  /* The games imh_autosave_keep() wrote, in the order they were kept. */
  dir = g_dir_open (dir_path, 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_prefix (name, "unsaved-") && g_str_has_suffix (name, ".imhotep"))
      g_ptr_array_add (kept, g_build_filename (dir_path, name, NULL));
  g_ptr_array_sort (kept, compare_paths);
  for (guint i = 0; i < kept->len; i++)
    if (!migrate_file (library, kept->pdata[i], TRUE, imported, error))
      return FALSE;
  return TRUE;
}
