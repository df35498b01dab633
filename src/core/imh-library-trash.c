/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-library-trash.c — the game library: delete, undo and the trash. */
#define G_LOG_DOMAIN "imh-library"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "imh-library-private.h"

/* ------------------------------------------------------------------ */
/* Delete, undo and the trash                                          */

struct _ImhLibraryDeleted {
  gatomicrefcount ref_count;
  GArray         *ids;     /* gint64: the games this delete moved to the trash */
};

G_DEFINE_BOXED_TYPE (ImhLibraryDeleted, imh_library_deleted,
                     imh_library_deleted_ref, imh_library_deleted_unref)

ImhLibraryDeleted *
imh_library_deleted_ref (ImhLibraryDeleted *deleted)
{
  g_atomic_ref_count_inc (&deleted->ref_count);
  return deleted;
}

void
imh_library_deleted_unref (ImhLibraryDeleted *deleted)
{
  if (g_atomic_ref_count_dec (&deleted->ref_count))
    {
      g_array_unref (deleted->ids);
      g_free (deleted);
    }
}

guint
imh_library_deleted_get_n_games (ImhLibraryDeleted *deleted)
{
  g_return_val_if_fail (deleted != NULL, 0);
  return deleted->ids->len;
}

/* Moves a game into the trash (deleted_at > 0) or out of it (0). Returns
 * FALSE on error; *changed tells whether the game was moved. */
static gboolean
trash_move_locked (Conn *c, gint64 id, gint64 deleted_at, gboolean *changed, GError **error)
{
  sqlite3_stmt *stmt;

  if (deleted_at != 0)
    stmt = _imh_library_conn_stmt (c, "UPDATE games SET deleted_at = ?2 WHERE id = ?1 AND deleted_at IS NULL", error);
  else
    stmt = _imh_library_conn_stmt (c, "UPDATE games SET deleted_at = NULL WHERE id = ?1 AND deleted_at IS NOT NULL", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, id);
  if (deleted_at != 0)
    sqlite3_bind_int64 (stmt, 2, deleted_at);
  if (!_imh_library_stmt_done (c, stmt, error))
    return FALSE;
  *changed = sqlite3_changes (c->db) == 1;
  return TRUE;
}

gboolean
_imh_library_trash_set_locked (Conn *c, gint64 id, gint64 deleted_at, GError **error)
{
  gboolean changed;

  return trash_move_locked (c, id, deleted_at, &changed, error);
}

ImhLibraryDeleted *
imh_library_delete (ImhLibrary    *self,
                    const gint64  *ids,
                    guint          n_ids,
                    GError       **error)
{
  ImhLibraryDeleted *deleted;
  gint64 now = _imh_library_now_unix ();
  Conn *c;
  gboolean ok;

  g_return_val_if_fail (IMH_IS_LIBRARY (self), NULL);
  g_return_val_if_fail (ids != NULL || n_ids == 0, NULL);

  c = _imh_library_write_conn (self, error);
  if (c == NULL)
    return NULL;

  deleted = g_new0 (ImhLibraryDeleted, 1);
  g_atomic_ref_count_init (&deleted->ref_count);
  deleted->ids = g_array_new (FALSE, FALSE, sizeof (gint64));

  ok = _imh_library_begin (c, error);
  for (guint i = 0; ok && i < n_ids; i++)
    {
      gboolean moved = FALSE;

      ok = _imh_library_game_exists_locked (c, ids[i], error)
           && trash_move_locked (c, ids[i], now, &moved, error);
      if (ok && moved)
        g_array_append_val (deleted->ids, ids[i]);
    }
  ok = ok && _imh_library_commit (c, error);
  _imh_library_rollback (c);
  _imh_library_conn_unlock (c);

  if (!ok)
    {
      imh_library_deleted_unref (deleted);
      return NULL;
    }
  for (guint i = 0; i < deleted->ids->len; i++)
    _imh_library_emit (self, GAME_REMOVED, g_array_index (deleted->ids, gint64, i));
  return deleted;
}

/* Takes games out of the trash; ids not in it are skipped. */
static gboolean
trash_restore (ImhLibrary    *self,
               const gint64  *ids,
               guint          n_ids,
               guint         *n_restored,
               GError       **error)
{
  g_autoptr(GArray) restored = g_array_new (FALSE, FALSE, sizeof (gint64));
  Conn *c = _imh_library_write_conn (self, error);
  gboolean ok;

  if (c == NULL)
    return FALSE;
  ok = _imh_library_begin (c, error);
  for (guint i = 0; ok && i < n_ids; i++)
    {
      gboolean moved = FALSE;

      ok = trash_move_locked (c, ids[i], 0, &moved, error);
      if (ok && moved)
        g_array_append_val (restored, ids[i]);
    }
  ok = ok && _imh_library_commit (c, error);
  _imh_library_rollback (c);
  _imh_library_conn_unlock (c);
  if (!ok)
    return FALSE;
  for (guint i = 0; i < restored->len; i++)
    _imh_library_emit (self, GAME_ADDED, g_array_index (restored, gint64, i));
  if (n_restored != NULL)
    *n_restored = restored->len;
  return TRUE;
}

gboolean
imh_library_restore (ImhLibrary         *self,
                     ImhLibraryDeleted  *deleted,
                     GError            **error)
{
  guint n = 0;

  g_return_val_if_fail (IMH_IS_LIBRARY (self), FALSE);
  g_return_val_if_fail (deleted != NULL, FALSE);

  if (!trash_restore (self, (const gint64 *) (gpointer) deleted->ids->data, deleted->ids->len, &n, error))
    return FALSE;
  if (n == 0 && deleted->ids->len > 0)
    {
      g_set_error_literal (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_NOT_FOUND,
                           _("The deleted games are no longer in the trash"));
      return FALSE;
    }
  return TRUE;
}

gboolean
imh_library_restore_from_trash (ImhLibrary    *self,
                                const gint64  *ids,
                                guint          n_ids,
                                GError       **error)
{
  g_return_val_if_fail (IMH_IS_LIBRARY (self), FALSE);
  g_return_val_if_fail (ids != NULL || n_ids == 0, FALSE);

  return trash_restore (self, ids, n_ids, NULL, error);
}

/* Removes the given games for good, inside a transaction the caller
 * holds, those of them in the trash only: every row that refers to them
 * goes by cascade, their full-text rows and the tags no other game has go
 * too. removed (may be NULL) gets the ids removed. */
static gboolean
trash_remove_locked (ImhLibrary    *self,
                     Conn          *c,
                     const gint64  *ids,
                     guint          n_ids,
                     GArray        *removed,
                     GError       **error)
{
  sqlite3_stmt *stmt;

  for (guint i = 0; i < n_ids; i++)
    {
      stmt = _imh_library_conn_stmt (c, "DELETE FROM games WHERE id = ?1 AND deleted_at IS NOT NULL", error);
      if (stmt == NULL)
        return FALSE;
      sqlite3_bind_int64 (stmt, 1, ids[i]);
      if (!_imh_library_stmt_done (c, stmt, error))
        return FALSE;
      if (sqlite3_changes (c->db) == 0)
        continue;
      if (!_imh_library_fts_delete_locked (self, c, ids[i], error))
        return FALSE;
      if (removed != NULL)
        g_array_append_val (removed, ids[i]);
    }
  stmt = _imh_library_conn_stmt (c, "DELETE FROM tags WHERE NOT EXISTS "
                                    "(SELECT 1 FROM game_tags WHERE tag_id = tags.id)", error);
  return stmt != NULL && _imh_library_stmt_done (c, stmt, error);
}

/* The ids of the games in the trash deleted at or before `before`. */
static GArray *
trash_ids_locked (Conn *c, gint64 before, GError **error)
{
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  sqlite3_stmt *stmt = _imh_library_conn_stmt (c, "SELECT id FROM games WHERE deleted_at <= ?1", error);
  int rc;

  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, before);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (stmt, 0);
      g_array_append_val (ids, id);
    }
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    {
      _imh_library_sql_error (error, c->db, rc);
      return NULL;
    }
  return g_steal_pointer (&ids);
}

/* Removes the given games of the trash for good, or all of them deleted
 * at or before `before` when ids is NULL. */
static gboolean
trash_remove (ImhLibrary    *self,
              const gint64  *ids,
              guint          n_ids,
              gint64         before,
              gboolean       notify,
              guint         *n_removed,
              GError       **error)
{
  g_autoptr(GArray) removed = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GArray) selected = NULL;
  Conn *c = _imh_library_write_conn (self, error);
  gboolean ok;

  if (n_removed != NULL)
    *n_removed = 0;
  if (c == NULL)
    return FALSE;
  ok = _imh_library_begin (c, error);
  if (ok && ids == NULL)
    {
      selected = trash_ids_locked (c, before, error);
      ok = selected != NULL;
      if (ok)
        {
          ids = (const gint64 *) (gpointer) selected->data;
          n_ids = selected->len;
        }
    }
  ok = ok && trash_remove_locked (self, c, ids, n_ids, removed, error) && _imh_library_commit (c, error);
  _imh_library_rollback (c);
  _imh_library_conn_unlock (c);
  if (!ok)
    return FALSE;
  if (notify)
    for (guint i = 0; i < removed->len; i++)
      _imh_library_emit (self, GAME_REMOVED, g_array_index (removed, gint64, i));
  if (n_removed != NULL)
    *n_removed = removed->len;
  return TRUE;
}

gboolean
imh_library_delete_forever (ImhLibrary    *self,
                            const gint64  *ids,
                            guint          n_ids,
                            guint         *n_removed,
                            GError       **error)
{
  g_return_val_if_fail (IMH_IS_LIBRARY (self), FALSE);
  g_return_val_if_fail (ids != NULL || n_ids == 0, FALSE);

  if (n_ids == 0)
    {
      if (n_removed != NULL)
        *n_removed = 0;
      return TRUE;
    }
  return trash_remove (self, ids, n_ids, 0, TRUE, n_removed, error);
}

gboolean
imh_library_empty_trash (ImhLibrary  *self,
                         guint       *n_removed,
                         GError     **error)
{
  g_return_val_if_fail (IMH_IS_LIBRARY (self), FALSE);

  return trash_remove (self, NULL, 0, G_MAXINT64, TRUE, n_removed, error);
}

/* At open: the games deleted more than IMH_LIBRARY_TRASH_DAYS days ago go
 * for good, in a transaction of their own. A failure is logged and the
 * games stay for the next open. (No signal: nobody listens yet.) */
void
_imh_library_trash_purge_expired (ImhLibrary *self)
{
  g_autoptr(GError) error = NULL;
  gint64 before = _imh_library_now_unix () - (gint64) IMH_LIBRARY_TRASH_DAYS * 24 * 60 * 60;
  guint n = 0;

  if (!trash_remove (self, NULL, 0, before, FALSE, &n, &error))
    g_warning ("Could not remove the games deleted more than %d days ago from %s: %s",
               IMH_LIBRARY_TRASH_DAYS, self->path, error->message);
  else if (n > 0)
    g_debug ("Removed %u games deleted more than %d days ago", n, IMH_LIBRARY_TRASH_DAYS);
}

guint64
imh_library_count_trash (ImhLibrary  *self,
                         GError     **error)
{
  gboolean ok = TRUE;
  Conn *c;
  gint64 n;

  g_return_val_if_fail (IMH_IS_LIBRARY (self), 0);

  c = _imh_library_read_conn (self);
  n = _imh_library_scalar_locked (c, "SELECT count(*) FROM games WHERE deleted_at IS NOT NULL", error, &ok);
  _imh_library_conn_unlock (c);
  return ok ? (guint64) n : 0;
}

gint64
imh_library_get_deleted_time (ImhLibrary  *self,
                              gint64       id,
                              GError     **error)
{
  Conn *c;
  sqlite3_stmt *stmt;
  gint64 when = 0;
  int rc;

  g_return_val_if_fail (IMH_IS_LIBRARY (self), 0);

  c = _imh_library_read_conn (self);
  stmt = _imh_library_conn_stmt (c, "SELECT coalesce (deleted_at, 0) FROM games WHERE id = ?1", error);
  if (stmt != NULL)
    {
      sqlite3_bind_int64 (stmt, 1, id);
      rc = sqlite3_step (stmt);
      if (rc == SQLITE_ROW)
        when = sqlite3_column_int64 (stmt, 0);
      else if (rc != SQLITE_DONE)
        _imh_library_sql_error (error, c->db, rc);
      sqlite3_reset (stmt);
    }
  _imh_library_conn_unlock (c);
  return when;
}

