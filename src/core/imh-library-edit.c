/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-library-edit.c — the game library: edits (stars, notes, tags, thumbnails,
 * analyses, bookmarks). */
#define G_LOG_DOMAIN "imh-library"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "imh-library-private.h"

/* ------------------------------------------------------------------ */
/* Edits                                                               */

/* Runs one UPDATE games statement with ?1 = id in its own transaction. */
static gboolean
update_game (ImhLibrary *self,
             gint64      id,
             const char *sql,
             gint64      int_value,
             const char *text_value,
             gboolean    refresh_fts,
             GError    **error)
{
  Conn *c = _imh_library_write_conn (self, error);
  sqlite3_stmt *stmt;
  gboolean ok = FALSE;

  if (c == NULL)
    return FALSE;
  if (_imh_library_begin (c, error) && (stmt = _imh_library_conn_stmt (c, sql, error)) != NULL)
    {
      sqlite3_bind_int64 (stmt, 1, id);
      if (text_value != NULL)
        _imh_library_bind_text (stmt, 2, text_value);
      else
        sqlite3_bind_int64 (stmt, 2, int_value);
      sqlite3_bind_int64 (stmt, 3, _imh_library_now_unix ());
      ok = _imh_library_stmt_done (c, stmt, error);
      if (ok && sqlite3_changes (c->db) != 1)
        ok = _imh_library_not_found (error, id);
      if (ok && refresh_fts)
        ok = _imh_library_fts_refresh_locked (self, c, id, error);
      ok = ok && _imh_library_commit (c, error);
    }
  _imh_library_rollback (c);
  _imh_library_conn_unlock (c);
  if (ok)
    _imh_library_emit (self, GAME_CHANGED, id);
  return ok;
}

gboolean
imh_library_set_starred (ImhLibrary  *self,
                         gint64       id,
                         gboolean     starred,
                         GError     **error)
{
  g_return_val_if_fail (IMH_IS_LIBRARY (self), FALSE);
  return update_game (self, id, "UPDATE games SET starred = ?2, modified = ?3 WHERE id = ?1",
                      starred ? 1 : 0, NULL, FALSE, error);
}

gboolean
imh_library_set_notes (ImhLibrary  *self,
                       gint64       id,
                       const char  *notes,
                       GError     **error)
{
  g_return_val_if_fail (IMH_IS_LIBRARY (self), FALSE);
  if (notes != NULL && !g_utf8_validate (notes, -1, NULL))
    {
      g_set_error (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_INVALID,
                   "%s", _("The notes are not valid UTF-8 text."));
      return FALSE;
    }
  if (notes != NULL && g_utf8_strlen (notes, -1) > IMH_LIBRARY_MAX_NOTES_CHARS)
    {
      g_set_error (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_INVALID,
                   _("The notes are too long (at most %d characters)."), IMH_LIBRARY_MAX_NOTES_CHARS);
      return FALSE;
    }
  return update_game (self, id, "UPDATE games SET notes = ?2, modified = ?3 WHERE id = ?1",
                      0, notes != NULL ? notes : "", TRUE, error);
}

gboolean
_imh_library_game_exists_locked (Conn *c, gint64 id, GError **error)
{
  sqlite3_stmt *stmt = _imh_library_conn_stmt (c, "SELECT 1 FROM games WHERE id = ?1", error);
  int rc;

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, id);
  rc = sqlite3_step (stmt);
  sqlite3_reset (stmt);
  if (rc == SQLITE_ROW)
    return TRUE;
  if (rc == SQLITE_DONE)
    return _imh_library_not_found (error, id);
  return _imh_library_sql_error (error, c->db, rc);
}

gboolean
imh_library_set_tags (ImhLibrary          *self,
                      gint64               id,
                      const char * const  *tags,
                      GError             **error)
{
  Conn *c;
  gboolean ok = FALSE;

  g_return_val_if_fail (IMH_IS_LIBRARY (self), FALSE);

  c = _imh_library_write_conn (self, error);
  if (c == NULL)
    return FALSE;
  if (_imh_library_begin (c, error))
    ok = _imh_library_game_exists_locked (c, id, error)
         && _imh_library_set_tags_locked (self, c, id, tags, error)
         && _imh_library_commit (c, error);
  _imh_library_rollback (c);
  _imh_library_conn_unlock (c);
  if (ok)
    _imh_library_emit (self, GAME_CHANGED, id);
  return ok;
}

GStrv
imh_library_list_tags (ImhLibrary  *self,
                       GError     **error)
{
  g_autoptr(GPtrArray) tags = g_ptr_array_new_with_free_func (g_free);
  Conn *c;
  sqlite3_stmt *stmt;
  int rc = SQLITE_DONE;

  g_return_val_if_fail (IMH_IS_LIBRARY (self), NULL);

  c = _imh_library_read_conn (self);
  /* Tags of games in the trash only are not listed. */
  stmt = _imh_library_conn_stmt (c, "SELECT name FROM tags WHERE EXISTS (SELECT 1 FROM game_tags gt"
                                    " JOIN games g ON g.id = gt.game_id WHERE gt.tag_id = tags.id"
                                    " AND g.deleted_at IS NULL) ORDER BY name COLLATE NOCASE", error);
  if (stmt != NULL)
    {
      while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
        g_ptr_array_add (tags, _imh_library_column_dup (stmt, 0));
      sqlite3_reset (stmt);
      if (rc != SQLITE_DONE)
        _imh_library_sql_error (error, c->db, rc);
    }
  _imh_library_conn_unlock (c);
  if (stmt == NULL || rc != SQLITE_DONE)
    return NULL;
  g_ptr_array_add (tags, NULL);
  return (GStrv) g_ptr_array_free (g_steal_pointer (&tags), FALSE);
}

gboolean
imh_library_set_thumbnail (ImhLibrary  *self,
                           gint64       id,
                           GBytes      *png,
                           GError     **error)
{
  Conn *c;
  sqlite3_stmt *stmt;
  gboolean ok = FALSE;

  g_return_val_if_fail (IMH_IS_LIBRARY (self), FALSE);

  c = _imh_library_write_conn (self, error);
  if (c == NULL)
    return FALSE;
  if (_imh_library_begin (c, error) && _imh_library_game_exists_locked (c, id, error))
    {
      if (png != NULL)
        {
          gsize size;
          gconstpointer data = g_bytes_get_data (png, &size);
          stmt = _imh_library_conn_stmt (c, "INSERT OR REPLACE INTO thumbnails (game_id, png) VALUES (?1, ?2)", error);
          if (stmt != NULL)
            {
              sqlite3_bind_int64 (stmt, 1, id);
              sqlite3_bind_blob64 (stmt, 2, data != NULL ? data : "", size, SQLITE_TRANSIENT);
              ok = _imh_library_stmt_done (c, stmt, error);
            }
        }
      else if ((stmt = _imh_library_conn_stmt (c, "DELETE FROM thumbnails WHERE game_id = ?1", error)) != NULL)
        {
          sqlite3_bind_int64 (stmt, 1, id);
          ok = _imh_library_stmt_done (c, stmt, error);
        }
      ok = ok && _imh_library_commit (c, error);
    }
  _imh_library_rollback (c);
  _imh_library_conn_unlock (c);
  if (ok)
    _imh_library_emit (self, GAME_CHANGED, id);
  return ok;
}

GBytes *
imh_library_get_thumbnail (ImhLibrary  *self,
                           gint64       id,
                           GError     **error)
{
  Conn *c;
  sqlite3_stmt *stmt;
  GBytes *bytes = NULL;

  g_return_val_if_fail (IMH_IS_LIBRARY (self), NULL);

  c = _imh_library_read_conn (self);
  stmt = _imh_library_conn_stmt (c, "SELECT png FROM thumbnails WHERE game_id = ?1", error);
  if (stmt != NULL)
    {
      int rc;
      sqlite3_bind_int64 (stmt, 1, id);
      rc = sqlite3_step (stmt);
      if (rc == SQLITE_ROW)
        bytes = g_bytes_new (sqlite3_column_blob (stmt, 0), (gsize) sqlite3_column_bytes (stmt, 0));
      else if (rc == SQLITE_DONE)
        g_set_error (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_NOT_FOUND,
                     _("Game %lld has no picture"), (long long) id);
      else
        _imh_library_sql_error (error, c->db, rc);
      sqlite3_reset (stmt);
    }
  _imh_library_conn_unlock (c);
  return bytes;
}

gint64
_imh_library_insert_analysis_locked (Conn        *c,
                                     gint64       game_id,
                                     const char  *engine_version,
                                     const char  *settings,
                                     const char  *data,
                                     guint        n_blunders,
                                     gint64       created,
                                     GError     **error)
{
  sqlite3_stmt *stmt = _imh_library_conn_stmt (c, "INSERT INTO analyses (game_id, engine_version, settings, data,"
                                                  " n_blunders, created) VALUES (?1, ?2, ?3, ?4, ?5, ?6)", error);
  gint64 id;

  if (stmt == NULL)
    return 0;
  sqlite3_bind_int64 (stmt, 1, game_id);
  _imh_library_bind_text (stmt, 2, engine_version);
  _imh_library_bind_text (stmt, 3, settings);
  _imh_library_bind_text (stmt, 4, data);
  sqlite3_bind_int (stmt, 5, (int) n_blunders);
  sqlite3_bind_int64 (stmt, 6, created);
  if (!_imh_library_stmt_done (c, stmt, error))
    return 0;
  id = sqlite3_last_insert_rowid (c->db);
  stmt = _imh_library_conn_stmt (c, "UPDATE games SET analysed = " G_STRINGIFY (ANALYSED_READABLE) ", n_blunders = ?2"
                                    " WHERE id = ?1", error);
  if (stmt == NULL)
    return 0;
  sqlite3_bind_int64 (stmt, 1, game_id);
  sqlite3_bind_int (stmt, 2, (int) n_blunders);
  if (!_imh_library_stmt_done (c, stmt, error))
    return 0;
  /* What practice and the statistics read of it. */
  if (!_imh_library_practice_index_locked (c, game_id, data, error))
    return 0;
  return id;
}

gint64
imh_library_add_analysis (ImhLibrary  *self,
                          gint64       game_id,
                          const char  *engine_version,
                          const char  *settings,
                          const char  *data,
                          guint        n_blunders,
                          GError     **error)
{
  Conn *c;
  gint64 id = 0;

  g_return_val_if_fail (IMH_IS_LIBRARY (self), 0);
  g_return_val_if_fail (engine_version != NULL && settings != NULL && data != NULL, 0);

  c = _imh_library_write_conn (self, error);
  if (c == NULL)
    return 0;
  if (_imh_library_begin (c, error) && _imh_library_game_exists_locked (c, game_id, error))
    {
      /* Re-analysis replaces the old analysis, in the same transaction. */
      sqlite3_stmt *del = _imh_library_conn_stmt (c, "DELETE FROM analyses WHERE game_id = ?1", error);

      if (del != NULL)
        sqlite3_bind_int64 (del, 1, game_id);
      if (del != NULL && _imh_library_stmt_done (c, del, error))
        id = _imh_library_insert_analysis_locked (c, game_id, engine_version, settings, data, n_blunders,
                                                  _imh_library_now_unix (), error);
      if (id != 0 && !_imh_library_commit (c, error))
        id = 0;
    }
  _imh_library_rollback (c);
  _imh_library_conn_unlock (c);
  if (id != 0)
    _imh_library_emit (self, GAME_CHANGED, game_id);
  return id;
}

gboolean
imh_library_set_analysis_state (ImhLibrary              *self,
                                gint64                   game_id,
                                ImhLibraryAnalysisState  state,
                                GError                 **error)
{
  Conn *c;
  sqlite3_stmt *stmt;
  gboolean ok = FALSE, changed = FALSE;

  g_return_val_if_fail (IMH_IS_LIBRARY (self), FALSE);
  g_return_val_if_fail (state <= IMH_LIBRARY_ANALYSIS_UNREADABLE, FALSE);

  c = _imh_library_write_conn (self, error);
  if (c == NULL)
    return FALSE;
  /* The blunder count is that of a readable analysis only. */
  if (_imh_library_begin (c, error) && _imh_library_game_exists_locked (c, game_id, error)
      && (stmt = _imh_library_conn_stmt (c, "UPDATE games SET analysed = ?2, n_blunders = CASE WHEN ?2 = "
                                            G_STRINGIFY (ANALYSED_READABLE) " THEN (SELECT n_blunders FROM"
                                            " analyses WHERE game_id = ?1 ORDER BY id DESC LIMIT 1) ELSE 0 END"
                                            " WHERE id = ?1 AND analysed != ?2"
                                            " AND EXISTS (SELECT 1 FROM analyses WHERE game_id = ?1)",
                                         error)) != NULL)
    {
      sqlite3_bind_int64 (stmt, 1, game_id);
      sqlite3_bind_int (stmt, 2, (int) state);
      ok = _imh_library_stmt_done (c, stmt, error);
      changed = ok && sqlite3_changes (c->db) > 0;
      ok = ok && _imh_library_commit (c, error);
    }
  _imh_library_rollback (c);
  _imh_library_conn_unlock (c);
  if (ok && changed)
    _imh_library_emit (self, GAME_CHANGED, game_id);
  return ok;
}

gboolean
imh_library_get_latest_analysis (ImhLibrary  *self,
                                 gint64       game_id,
                                 char       **engine_version,
                                 char       **settings,
                                 char       **data,
                                 GError     **error)
{
  Conn *c;
  sqlite3_stmt *stmt;
  gboolean ok = FALSE;

  g_return_val_if_fail (IMH_IS_LIBRARY (self), FALSE);

  c = _imh_library_read_conn (self);
  stmt = _imh_library_conn_stmt (c, "SELECT engine_version, settings, data FROM analyses WHERE game_id = ?1"
                                    " ORDER BY id DESC LIMIT 1", error);
  if (stmt != NULL)
    {
      int rc;
      sqlite3_bind_int64 (stmt, 1, game_id);
      rc = sqlite3_step (stmt);
      if (rc == SQLITE_ROW)
        {
          ok = TRUE;
          if (engine_version != NULL)
            *engine_version = _imh_library_column_dup (stmt, 0);
          if (settings != NULL)
            *settings = _imh_library_column_dup (stmt, 1);
          if (data != NULL)
            *data = _imh_library_column_dup (stmt, 2);
        }
      else if (rc == SQLITE_DONE)
        g_set_error (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_NOT_FOUND,
                     _("Game %lld has not been analysed"), (long long) game_id);
      else
        _imh_library_sql_error (error, c->db, rc);
      sqlite3_reset (stmt);
    }
  _imh_library_conn_unlock (c);
  return ok;
}

gint64
_imh_library_insert_bookmark_locked (Conn *c, gint64 id, gint64 game_id, guint ply, const char *label,
                                     gint64 created, GError **error)
{
  sqlite3_stmt *stmt = _imh_library_conn_stmt (c, "INSERT INTO bookmarks (id, game_id, ply, label, created)"
                                                  " VALUES (?1, ?2, ?3, ?4, ?5)", error);
  if (stmt == NULL)
    return 0;
  if (id != 0)
    sqlite3_bind_int64 (stmt, 1, id);
  sqlite3_bind_int64 (stmt, 2, game_id);
  sqlite3_bind_int (stmt, 3, (int) ply);
  _imh_library_bind_text (stmt, 4, label);
  sqlite3_bind_int64 (stmt, 5, created);
  if (!_imh_library_stmt_done (c, stmt, error))
    return 0;
  return sqlite3_last_insert_rowid (c->db);
}

gint64
imh_library_add_bookmark (ImhLibrary  *self,
                          gint64       game_id,
                          guint        ply,
                          const char  *label,
                          GError     **error)
{
  Conn *c;
  gint64 id = 0;

  g_return_val_if_fail (IMH_IS_LIBRARY (self), 0);

  c = _imh_library_write_conn (self, error);
  if (c == NULL)
    return 0;
  if (_imh_library_begin (c, error) && _imh_library_game_exists_locked (c, game_id, error))
    {
      id = _imh_library_insert_bookmark_locked (c, 0, game_id, ply, label, _imh_library_now_unix (), error);
      if (id != 0 && !_imh_library_commit (c, error))
        id = 0;
    }
  _imh_library_rollback (c);
  _imh_library_conn_unlock (c);
  if (id != 0)
    _imh_library_emit (self, GAME_CHANGED, game_id);
  return id;
}

gboolean
imh_library_remove_bookmark (ImhLibrary  *self,
                             gint64       bookmark_id,
                             GError     **error)
{
  Conn *c;
  sqlite3_stmt *stmt;
  gboolean ok = FALSE;

  g_return_val_if_fail (IMH_IS_LIBRARY (self), FALSE);

  c = _imh_library_write_conn (self, error);
  if (c == NULL)
    return FALSE;
  if (_imh_library_begin (c, error) && (stmt = _imh_library_conn_stmt (c, "DELETE FROM bookmarks WHERE id = ?1", error)) != NULL)
    {
      sqlite3_bind_int64 (stmt, 1, bookmark_id);
      ok = _imh_library_stmt_done (c, stmt, error);
      if (ok && sqlite3_changes (c->db) != 1)
        {
          g_set_error (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_NOT_FOUND,
                       _("There is no bookmark %lld"), (long long) bookmark_id);
          ok = FALSE;
        }
      ok = ok && _imh_library_commit (c, error);
    }
  _imh_library_rollback (c);
  _imh_library_conn_unlock (c);
  return ok;
}

void
imh_library_bookmark_free (ImhLibraryBookmark *bookmark)
{
  if (bookmark == NULL)
    return;
  g_free (bookmark->label);
  g_free (bookmark);
}

GPtrArray *
imh_library_list_bookmarks (ImhLibrary  *self,
                            gint64       game_id,
                            GError     **error)
{
  g_autoptr(GPtrArray) out = g_ptr_array_new_with_free_func ((GDestroyNotify) imh_library_bookmark_free);
  Conn *c;
  sqlite3_stmt *stmt;
  int rc = SQLITE_DONE;

  g_return_val_if_fail (IMH_IS_LIBRARY (self), NULL);

  c = _imh_library_read_conn (self);
  stmt = _imh_library_conn_stmt (c, "SELECT id, game_id, ply, label FROM bookmarks"
                                    " WHERE (?1 = 0 AND game_id IN (SELECT id FROM games WHERE deleted_at IS NULL))"
                                    " OR game_id = ?1 ORDER BY game_id, ply, id", error);
  if (stmt != NULL)
    {
      sqlite3_bind_int64 (stmt, 1, game_id);
      while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
        {
          ImhLibraryBookmark *b = g_new0 (ImhLibraryBookmark, 1);
          b->id = sqlite3_column_int64 (stmt, 0);
          b->game_id = sqlite3_column_int64 (stmt, 1);
          b->ply = (guint) sqlite3_column_int (stmt, 2);
          b->label = _imh_library_column_dup (stmt, 3);
          g_ptr_array_add (out, b);
        }
      sqlite3_reset (stmt);
      if (rc != SQLITE_DONE)
        _imh_library_sql_error (error, c->db, rc);
    }
  _imh_library_conn_unlock (c);
  if (stmt == NULL || rc != SQLITE_DONE)
    return NULL;
  return g_steal_pointer (&out);
}

