/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-library-names.c — the game library: the names of its person seats. */
#define G_LOG_DOMAIN "imh-library"

#include "config.h"

#include "imh-library-names.h"
#include "imh-library-private.h"

void
imh_person_name_free (ImhPersonName *name)
{
  if (name == NULL)
    return;
  g_free (name->name);
  g_free (name);
}

/* One row per name up to case (as the statistics' `COLLATE NOCASE`);
 * max() makes the bare column the name of the game started last. A game
 * with two seats of one name counts once. */
static const char names_sql[] =
  "SELECT p.name, count (DISTINCT p.game_id) AS n, max (g.started)"
  " FROM players p INDEXED BY players_person JOIN games g ON g.id = p.game_id"
  " WHERE p.kind = 'human' AND g.deleted_at IS NULL AND p.name != ''"
  " GROUP BY p.name COLLATE NOCASE"
  " ORDER BY n DESC, p.name COLLATE NOCASE, p.name";

GPtrArray *
imh_library_list_person_names (ImhLibrary  *self,
                               GError     **error)
{
  g_autoptr(GPtrArray) names = NULL;
  sqlite3_stmt *stmt;
  gboolean ok;
  Conn *c;
  int rc;

  g_return_val_if_fail (IMH_IS_LIBRARY (self), NULL);

  names = g_ptr_array_new_with_free_func ((GDestroyNotify) imh_person_name_free);
  c = _imh_library_read_conn (self);
  ok = _imh_library_conn_exec (c, "BEGIN", error);
  if (ok && (stmt = _imh_library_conn_stmt (c, names_sql, error)) != NULL)
    {
      while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
        {
          ImhPersonName *n = g_new0 (ImhPersonName, 1);

          n->name = _imh_library_column_dup (stmt, 0);
          n->n_games = (guint) sqlite3_column_int64 (stmt, 1);
          g_ptr_array_add (names, n);
        }
      sqlite3_reset (stmt);
      if (rc != SQLITE_DONE)
        ok = _imh_library_sql_error (error, c->db, rc);
    }
  else
    ok = FALSE;
  ok = _imh_library_end_read (c, ok, error);
  _imh_library_conn_unlock (c);
  return ok ? g_steal_pointer (&names) : NULL;
}

static void
names_thread (GTask        *task,
              gpointer      source,
              gpointer      task_data,
              GCancellable *cancellable)
{
  GError *error = NULL;
  GPtrArray *names = imh_library_list_person_names (source, &error);

  if (names == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, names, (GDestroyNotify) g_ptr_array_unref);
}

void
imh_library_list_person_names_async (ImhLibrary          *self,
                                     GCancellable        *cancellable,
                                     GAsyncReadyCallback  callback,
                                     gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (IMH_IS_LIBRARY (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, imh_library_list_person_names_async);
  g_task_set_return_on_cancel (task, FALSE);
  g_task_run_in_thread (task, names_thread);
}

GPtrArray *
imh_library_list_person_names_finish (ImhLibrary    *self,
                                      GAsyncResult  *result,
                                      GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == imh_library_list_person_names_async, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
