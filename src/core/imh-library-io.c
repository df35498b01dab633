/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-library-io.c — the game library: import and export. */
#define G_LOG_DOMAIN "imh-library"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "imh-library-private.h"
#include "imh-record-file.h"

/* ------------------------------------------------------------------ */
/* Import                                                              */

struct _ImhLibraryImportReport {
  gatomicrefcount ref_count;
  GArray    *imported;    /* gint64 */
  guint      n_duplicates;
  GPtrArray *paths;
  GPtrArray *reasons;
};

G_DEFINE_BOXED_TYPE (ImhLibraryImportReport, imh_library_import_report,
                     imh_library_import_report_ref, imh_library_import_report_unref)

static ImhLibraryImportReport *
import_report_new (void)
{
  ImhLibraryImportReport *r = g_new0 (ImhLibraryImportReport, 1);

  g_atomic_ref_count_init (&r->ref_count);
  r->imported = g_array_new (FALSE, FALSE, sizeof (gint64));
  r->paths = g_ptr_array_new_with_free_func (g_free);
  r->reasons = g_ptr_array_new_with_free_func (g_free);
  return r;
}

ImhLibraryImportReport *
imh_library_import_report_ref (ImhLibraryImportReport *report)
{
  g_atomic_ref_count_inc (&report->ref_count);
  return report;
}

void
imh_library_import_report_unref (ImhLibraryImportReport *report)
{
  if (g_atomic_ref_count_dec (&report->ref_count))
    {
      g_array_unref (report->imported);
      g_ptr_array_unref (report->paths);
      g_ptr_array_unref (report->reasons);
      g_free (report);
    }
}

const gint64 *
imh_library_import_report_get_imported (ImhLibraryImportReport *report,
                                        guint                  *n_imported)
{
  g_return_val_if_fail (report != NULL, NULL);
  if (n_imported != NULL)
    *n_imported = report->imported->len;
  return (const gint64 *) (gpointer) report->imported->data;
}

guint
imh_library_import_report_get_n_duplicates (ImhLibraryImportReport *report)
{
  g_return_val_if_fail (report != NULL, 0);
  return report->n_duplicates;
}

guint
imh_library_import_report_get_n_rejected (ImhLibraryImportReport *report)
{
  g_return_val_if_fail (report != NULL, 0);
  return report->paths->len;
}

const char *
imh_library_import_report_get_rejected_path (ImhLibraryImportReport *report,
                                             guint                   i)
{
  g_return_val_if_fail (report != NULL && i < report->paths->len, NULL);
  return report->paths->pdata[i];
}

const char *
imh_library_import_report_get_rejected_reason (ImhLibraryImportReport *report,
                                               guint                   i)
{
  g_return_val_if_fail (report != NULL && i < report->reasons->len, NULL);
  return report->reasons->pdata[i];
}

static void
reject (ImhLibraryImportReport *report, GFile *file, char *reason)
{
  char *path = g_file_get_path (file);

  g_ptr_array_add (report->paths, path != NULL ? path : g_file_get_uri (file));
  g_ptr_array_add (report->reasons, reason);
}

/* Imports the records of one file: one transaction, one savepoint per game. */
static void
import_file (ImhLibrary *self, GFile *file, ImhLibraryImportReport *report, GCancellable *cancellable)
{
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) added = g_array_new (FALSE, FALSE, sizeof (gint64));
  gsize length = 0;
  ImhRecordError err = { 0 };
  ImhRecord **records;
  size_t n_records = 0;
  Conn *c;
  gboolean ok;

  /* The parser names line and column of NUL bytes and invalid UTF-8. */
  if (!imh_record_file_read (file, IMH_RECORD_MAX_FILE_SIZE, &contents, &length, cancellable, &error))
    {
      reject (report, file, g_strdup (error->message));
      return;
    }
  /* A file of another kind (the dialog names the file). */
  if (length > 0 && !imh_record_text_is_record (contents, length))
    {
      reject (report, file, g_strdup (_("not an Imhotep game file")));
      return;
    }
  records = imh_record_parse_many (contents, length, &n_records, &err);
  if (records == NULL)
    {
      reject (report, file, g_strdup_printf (_("line %u, column %u: %s"), err.line, err.column, err.message));
      return;
    }

  c = _imh_library_write_conn (self, &error);
  ok = c != NULL && _imh_library_begin (c, &error);
  if (!ok)
    {
      reject (report, file, g_strdup (error->message));
      for (size_t i = 0; i < n_records; i++)
        imh_record_free (records[i]);
      free (records);
      if (c != NULL)
        _imh_library_conn_unlock (c);
      return;
    }
  for (size_t i = 0; i < n_records; i++)
    {
      ImhLibraryRecordInfo info;
      g_autoptr(GError) game_error = NULL;
      gint64 other = 0, id = 0;

      if (_imh_library_describe (records[i], &info, &game_error))
        {
          if (!_imh_library_find_hash_locked (c, info.sha256, &other, &game_error))
            ;
          else if (other != 0)
            {
              report->n_duplicates++;
              reject (report, file,
                      n_records > 1
                      ? g_strdup_printf (_("game %zu: already in the library (game %lld)"), i + 1, (long long) other)
                      : g_strdup_printf (_("already in the library (game %lld)"), (long long) other));
            }
          else if (_imh_library_conn_exec (c, "SAVEPOINT game", &game_error))
            {
              id = _imh_library_store_locked (self, c, 0, FALSE, &info, &game_error);
              if (id != 0 && _imh_library_conn_exec (c, "RELEASE game", &game_error))
                g_array_append_val (added, id);
              else if (!_imh_library_conn_exec (c, "ROLLBACK TO game; RELEASE game", game_error == NULL ? &game_error : NULL))
                {
                  /* The file's transaction is gone: nothing of it is kept. */
                  _imh_library_record_info_clear (&info);
                  reject (report, file, g_strdup (game_error->message));
                  for (size_t j = i; j < n_records; j++)
                    imh_record_free (records[j]);
                  free (records);
                  _imh_library_rollback (c);
                  _imh_library_conn_unlock (c);
                  return;
                }
            }
        }
      _imh_library_record_info_clear (&info);
      if (game_error != NULL)
        reject (report, file,
                n_records > 1
                ? g_strdup_printf (_("game %zu: %s"), i + 1, game_error->message)
                : g_strdup (game_error->message));
      imh_record_free (records[i]);
    }
  free (records);

  if (!_imh_library_commit (c, &error))
    {
      ok = FALSE;
      reject (report, file, g_strdup (error->message));
    }
  _imh_library_rollback (c);
  _imh_library_conn_unlock (c);
  if (ok)
    {
      g_array_append_vals (report->imported, added->data, added->len);
      for (guint i = 0; i < added->len; i++)
        _imh_library_emit (self, GAME_ADDED, g_array_index (added, gint64, i));
    }
}

static int
compare_files (gconstpointer a, gconstpointer b)
{
  g_autofree char *na = g_file_get_basename (*(GFile **) a);
  g_autofree char *nb = g_file_get_basename (*(GFile **) b);
  return strcmp (na, nb);
}

static void
import_any (ImhLibrary *self, GFile *file, ImhLibraryImportReport *report, GCancellable *cancellable, int depth)
{
  g_autoptr(GError) error = NULL;
  GFileType type = g_file_query_file_type (file, G_FILE_QUERY_INFO_NONE, cancellable);

  if (g_cancellable_is_cancelled (cancellable))
    return;
  if (type == G_FILE_TYPE_DIRECTORY)
    {
      g_autoptr(GFileEnumerator) e = NULL;
      g_autoptr(GPtrArray) children = g_ptr_array_new_with_free_func (g_object_unref);
      GFileInfo *info;

      if (depth > 32)
        return;
      e = g_file_enumerate_children (file, G_FILE_ATTRIBUTE_STANDARD_NAME "," G_FILE_ATTRIBUTE_STANDARD_TYPE,
                                     G_FILE_QUERY_INFO_NONE, cancellable, &error);
      if (e == NULL)
        {
          reject (report, file, g_strdup (error->message));
          return;
        }
      while ((info = g_file_enumerator_next_file (e, cancellable, NULL)) != NULL)
        {
          const char *name = g_file_info_get_name (info);
          if (g_file_info_get_file_type (info) == G_FILE_TYPE_DIRECTORY
              || g_str_has_suffix (name, ".imhotep"))
            g_ptr_array_add (children, g_file_get_child (file, name));
          g_object_unref (info);
        }
      /* A stable order: by name. */
      g_ptr_array_sort (children, compare_files);
      for (guint i = 0; i < children->len; i++)
        import_any (self, children->pdata[i], report, cancellable, depth + 1);
    }
  else if (type == G_FILE_TYPE_UNKNOWN)
    reject (report, file, g_strdup (_("the file does not exist")));
  else
    import_file (self, file, report, cancellable);
}

ImhLibraryImportReport *
imh_library_import (ImhLibrary     *self,
                    GFile * const  *files,
                    guint           n_files,
                    GCancellable   *cancellable,
                    GError        **error)
{
  ImhLibraryImportReport *report;

  g_return_val_if_fail (IMH_IS_LIBRARY (self), NULL);
  g_return_val_if_fail (files != NULL || n_files == 0, NULL);

  if (self->read_only)
    {
      g_set_error_literal (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_READ_ONLY,
                           _("The library is open read-only"));
      return NULL;
    }
  report = import_report_new ();
  for (guint i = 0; i < n_files; i++)
    import_any (self, files[i], report, cancellable, 0);
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    {
      imh_library_import_report_unref (report);
      return NULL;
    }
  return report;
}

static void
import_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  GPtrArray *files = task_data;
  GError *error = NULL;
  ImhLibraryImportReport *report =
    imh_library_import (source, (GFile * const *) files->pdata, files->len, cancellable, &error);

  if (report == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, report, (GDestroyNotify) imh_library_import_report_unref);
}

void
imh_library_import_async (ImhLibrary          *self,
                          GFile * const       *files,
                          guint                n_files,
                          GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  GPtrArray *copy;

  g_return_if_fail (IMH_IS_LIBRARY (self));

  copy = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < n_files; i++)
    g_ptr_array_add (copy, g_object_ref (files[i]));
  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, imh_library_import_async);
  g_task_set_task_data (task, copy, (GDestroyNotify) g_ptr_array_unref);
  g_task_run_in_thread (task, import_thread);
}

ImhLibraryImportReport *
imh_library_import_finish (ImhLibrary    *self,
                           GAsyncResult  *result,
                           GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

/* ------------------------------------------------------------------ */
/* Export                                                              */

static char *
export_name (ImhGameSummary *s)
{
  const ImhRules *rules = imh_rules_get ((ImhGameKind) imh_game_summary_get_game (s));
  g_autoptr(GDateTime) dt = g_date_time_new_from_unix_utc (imh_game_summary_get_started (s));
  g_autofree char *date = dt != NULL ? g_date_time_format (dt, "%Y%m%d-%H%M%S") : g_strdup ("undated");

  return g_strdup_printf ("%" G_GINT64_FORMAT "-%s-%s.imhotep", imh_game_summary_get_id (s),
                          rules != NULL ? rules->id : "game", date);
}

int
imh_library_export (ImhLibrary    *self,
                    const gint64  *ids,
                    guint          n_ids,
                    GFile         *folder,
                    GError       **error)
{
  int written = 0;

  g_return_val_if_fail (IMH_IS_LIBRARY (self), -1);
  g_return_val_if_fail (G_IS_FILE (folder), -1);

  if (!g_file_make_directory_with_parents (folder, NULL, error))
    {
      if (!g_error_matches (*error, G_IO_ERROR, G_IO_ERROR_EXISTS))
        return -1;
      g_clear_error (error);
    }
  for (guint i = 0; i < n_ids; i++)
    {
      g_autoptr(ImhGameSummary) summary = imh_library_get_summary (self, ids[i], error);
      g_autofree char *text = NULL;
      g_autofree char *name = NULL;
      g_autoptr(GFile) file = NULL;

      if (summary == NULL)
        return -1;
      text = imh_library_load_record (self, ids[i], error);
      if (text == NULL)
        return -1;
      name = export_name (summary);
      file = g_file_get_child (folder, name);
      if (!g_file_replace_contents (file, text, strlen (text), NULL, FALSE,
                                    G_FILE_CREATE_REPLACE_DESTINATION, NULL, NULL, error))
        return -1;
      written++;
    }
  return written;
}

gboolean
imh_library_export_to_file (ImhLibrary    *self,
                            const gint64  *ids,
                            guint          n_ids,
                            GFile         *file,
                            GError       **error)
{
  g_autoptr(GString) all = g_string_new (NULL);

  g_return_val_if_fail (IMH_IS_LIBRARY (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  for (guint i = 0; i < n_ids; i++)
    {
      g_autofree char *text = imh_library_load_record (self, ids[i], error);
      if (text == NULL)
        return FALSE;
      /* Records are separated by one empty line. */
      if (all->len > 0)
        g_string_append_c (all, '\n');
      g_string_append (all, text);
      if (all->len > 0 && all->str[all->len - 1] != '\n')
        g_string_append_c (all, '\n');
    }
  return g_file_replace_contents (file, all->str, all->len, NULL, FALSE,
                                  G_FILE_CREATE_REPLACE_DESTINATION, NULL, NULL, error);
}

