/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-autosave.c — the autosave file of earlier versions, moved into the library. */
#define G_LOG_DOMAIN "imh-autosave"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <errno.h>
#include <glib/gstdio.h>

#include "imh-autosave.h"

GFile *
imh_autosave_get_file (void)
{
  g_autofree char *path = g_build_filename (g_get_user_data_dir (), APP_ID, "autosave.imhotep", NULL);

  return g_file_new_for_path (path);
}

gboolean
imh_autosave_migrate (ImhLibrary  *library,
                      gboolean    *imported,
                      GError     **error)
{
  g_autoptr(GFile) file = imh_autosave_get_file ();
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *text = NULL;
  g_autoptr(GError) local = NULL;
  gsize length = 0;
  gint64 id;

  g_return_val_if_fail (IMH_IS_LIBRARY (library), FALSE);

  if (imported != NULL)
    *imported = FALSE;
  if (!g_file_get_contents (path, &text, &length, &local))
    {
      if (g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        return TRUE;
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }

  id = imh_library_save_record (library, 0, text, TRUE, &local);
  if (id == 0 && g_error_matches (local, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_INVALID))
    {
      /* Not a game: kept aside for the user, not imported again. */
      g_autofree char *aside = g_strconcat (path, ".invalid", NULL);

      if (g_rename (path, aside) != 0)
        g_warning ("Could not rename “%s”: %s", path, g_strerror (errno));
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
  if (imported != NULL)
    *imported = id != 0;
  return TRUE;
}
