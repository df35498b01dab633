/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-library-store.c — the game library: storing and reading records. */
#define G_LOG_DOMAIN "imh-library"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "imh-game-summary-private.h"
#include "imh-library-private.h"

/* ------------------------------------------------------------------ */
/* Storing records                                                     */

gint64
_imh_library_now_unix (void)
{
  return g_get_real_time () / G_USEC_PER_SEC;
}

gboolean
_imh_library_find_hash_locked (Conn *c, const char *sha256, gint64 *id, GError **error)
{
  sqlite3_stmt *stmt = _imh_library_conn_stmt (c, "SELECT id FROM games WHERE record_hash = ?1 AND deleted_at IS NULL"
                                                  " LIMIT 1", error);
  int rc;

  if (stmt == NULL)
    return FALSE;
  _imh_library_bind_text (stmt, 1, sha256);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    *id = sqlite3_column_int64 (stmt, 0);
  else
    *id = 0;
  sqlite3_reset (stmt);
  if (rc != SQLITE_ROW && rc != SQLITE_DONE)
    return _imh_library_sql_error (error, c->db, rc);
  return TRUE;
}

/* Writes the full-text row of a game from the games table. */
gboolean
_imh_library_fts_refresh_locked (ImhLibrary *self, Conn *c, gint64 id, GError **error)
{
  sqlite3_stmt *stmt;

  if (!self->fts)
    return TRUE;
  stmt = _imh_library_conn_stmt (c, "DELETE FROM games_fts WHERE rowid = ?1", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, id);
  if (!_imh_library_stmt_done (c, stmt, error))
    return FALSE;
  stmt = _imh_library_conn_stmt (c,
                                 "INSERT INTO games_fts (rowid, players, notes, tags) "
                                 "SELECT g.id, (SELECT group_concat (name, ' ') FROM players WHERE game_id = g.id), "
                                 "g.notes, g.tags FROM games g WHERE g.id = ?1", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, id);
  return _imh_library_stmt_done (c, stmt, error);
}

gboolean
_imh_library_fts_delete_locked (ImhLibrary *self, Conn *c, gint64 id, GError **error)
{
  sqlite3_stmt *stmt;

  if (!self->fts)
    return TRUE;
  stmt = _imh_library_conn_stmt (c, "DELETE FROM games_fts WHERE rowid = ?1", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, id);
  return _imh_library_stmt_done (c, stmt, error);
}

/* The tags to keep: stripped, without empty ones and without repeats
 * (the same text up to case and Unicode normalization; the first spelling
 * stays), in order. Checked against the limits of a record's tags, in
 * time linear in their number. NULL with IMH_LIBRARY_ERROR_INVALID. */
static GPtrArray *
tags_to_keep (const char * const *tags, GError **error)
{
  g_autoptr(GPtrArray) kept = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 0; tags != NULL && tags[i] != NULL; i++)
    {
      g_autofree char *tag = g_strstrip (g_strdup (tags[i]));
      g_autofree char *normal = NULL;
      char *key;

      if (tag[0] == '\0')
        continue;
      if (!g_utf8_validate (tag, -1, NULL))
        {
          g_set_error (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_INVALID,
                       _("Tag %u is not valid UTF-8 text."), i + 1);
          return NULL;
        }
      if (g_utf8_strlen (tag, -1) > IMH_RECORD_MAX_TAG_CHARS)
        {
          g_set_error (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_INVALID,
                       _("Tag %u is too long (at most %d characters)."), i + 1, IMH_RECORD_MAX_TAG_CHARS);
          return NULL;
        }
      normal = g_utf8_normalize (tag, -1, G_NORMALIZE_ALL);
      key = g_utf8_casefold (normal != NULL ? normal : tag, -1);
      if (!g_hash_table_add (seen, key))
        continue;
      if (kept->len == IMH_RECORD_MAX_TAGS)
        {
          g_set_error (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_INVALID,
                       _("Too many tags (at most %d)."), IMH_RECORD_MAX_TAGS);
          return NULL;
        }
      g_ptr_array_add (kept, g_steal_pointer (&tag));
    }
  return g_steal_pointer (&kept);
}

gboolean
_imh_library_set_tags_locked (ImhLibrary *self, Conn *c, gint64 id, const char * const *tags, GError **error)
{
  sqlite3_stmt *stmt;
  g_autoptr(GPtrArray) kept = tags_to_keep (tags, error);
  g_autofree char *joined = NULL;

  if (kept == NULL)
    return FALSE;
  stmt = _imh_library_conn_stmt (c, "DELETE FROM game_tags WHERE game_id = ?1", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, id);
  if (!_imh_library_stmt_done (c, stmt, error))
    return FALSE;

  for (guint i = 0; i < kept->len; i++)
    {
      const char *tag = kept->pdata[i];

      stmt = _imh_library_conn_stmt (c, "INSERT INTO tags (name) VALUES (?1) ON CONFLICT (name) DO NOTHING", error);
      if (stmt == NULL)
        return FALSE;
      _imh_library_bind_text (stmt, 1, tag);
      if (!_imh_library_stmt_done (c, stmt, error))
        return FALSE;
      stmt = _imh_library_conn_stmt (c, "INSERT OR IGNORE INTO game_tags (game_id, tag_id) "
                                        "SELECT ?1, id FROM tags WHERE name = ?2", error);
      if (stmt == NULL)
        return FALSE;
      sqlite3_bind_int64 (stmt, 1, id);
      _imh_library_bind_text (stmt, 2, tag);
      if (!_imh_library_stmt_done (c, stmt, error))
        return FALSE;
    }
  g_ptr_array_add (kept, NULL);
  joined = g_strjoinv (", ", (char **) kept->pdata);

  stmt = _imh_library_conn_stmt (c, "UPDATE games SET tags = ?2, modified = ?3 WHERE id = ?1", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, id);
  _imh_library_bind_text (stmt, 2, joined);
  sqlite3_bind_int64 (stmt, 3, _imh_library_now_unix ());
  if (!_imh_library_stmt_done (c, stmt, error))
    return FALSE;
  stmt = _imh_library_conn_stmt (c, "DELETE FROM tags WHERE NOT EXISTS "
                                    "(SELECT 1 FROM game_tags WHERE tag_id = tags.id)", error);
  if (stmt == NULL || !_imh_library_stmt_done (c, stmt, error))
    return FALSE;
  return _imh_library_fts_refresh_locked (self, c, id, error);
}

/* Inserts (id == 0: a new id; insert_with_id: this id, as the salvage
 * keeps them) or updates the game id from info, inside a transaction the
 * caller holds. Returns the id or 0. */
gint64
_imh_library_store_locked (ImhLibrary                 *self,
                           Conn                       *c,
                           gint64                      id,
                           gboolean                    insert_with_id,
                           const ImhLibraryRecordInfo *info,
                           GError                    **error)
{
  sqlite3_stmt *stmt;
  gint64 now = _imh_library_now_unix ();
  gboolean insert = id == 0 || insert_with_id;

  if (insert)
    stmt = _imh_library_conn_stmt (c,
                                   "INSERT INTO games (record_hash, game, n_players, sides, variants, seed, players,"
                                   " started, ended, finished, winner, result, scores, length, turns, max_level,"
                                   " added, modified, id)"
                                   " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16,"
                                   " ?17, ?17, ?18)", error);
  else
    stmt = _imh_library_conn_stmt (c,
                                   "UPDATE games SET record_hash = ?1, game = ?2, n_players = ?3, sides = ?4,"
                                   " variants = ?5, seed = ?6, players = ?7, started = ?8, ended = ?9,"
                                   " finished = ?10, winner = ?11, result = ?12, scores = ?13, length = ?14,"
                                   " turns = ?15, max_level = ?16, modified = ?17 WHERE id = ?18", error);
  if (stmt == NULL)
    return 0;

  _imh_library_bind_text (stmt, 1, info->sha256);
  sqlite3_bind_int (stmt, 2, info->game);
  sqlite3_bind_int (stmt, 3, (int) info->n_players);
  _imh_library_bind_text (stmt, 4, info->sides);
  sqlite3_bind_int64 (stmt, 5, info->variants);
  sqlite3_bind_int64 (stmt, 6, info->seed);
  _imh_library_bind_text (stmt, 7, info->players_text);
  sqlite3_bind_int64 (stmt, 8, info->started != 0 ? info->started : now);
  /* "ended": when the game ended, or, unfinished, when it was last played
   * (stored as it is played; else, imported, the record's own date). */
  sqlite3_bind_int64 (stmt, 9, info->ended != 0 ? info->ended
                               : info->played != 0 ? info->played
                               : (info->started != 0 ? info->started : now));
  sqlite3_bind_int (stmt, 10, info->finished);
  sqlite3_bind_int (stmt, 11, info->winner);
  _imh_library_bind_text (stmt, 12, info->result);
  _imh_library_bind_text (stmt, 13, info->scores_text);
  sqlite3_bind_int (stmt, 14, (int) info->length);
  sqlite3_bind_int (stmt, 15, (int) info->turns);
  sqlite3_bind_int (stmt, 16, info->max_level);
  sqlite3_bind_int64 (stmt, 17, now);
  if (id != 0)
    sqlite3_bind_int64 (stmt, 18, id);
  else
    sqlite3_bind_null (stmt, 18);
  if (!_imh_library_stmt_done (c, stmt, error))
    return 0;

  if (insert)
    id = sqlite3_last_insert_rowid (c->db);
  else if (sqlite3_changes (c->db) != 1)
    {
      g_set_error (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_NOT_FOUND,
                   _("There is no game %lld in the library"), (long long) id);
      return 0;
    }

  stmt = _imh_library_conn_stmt (c, "INSERT OR REPLACE INTO records (game_id, text) VALUES (?1, ?2)", error);
  if (stmt == NULL)
    return 0;
  sqlite3_bind_int64 (stmt, 1, id);
  _imh_library_bind_text (stmt, 2, info->canonical);
  if (!_imh_library_stmt_done (c, stmt, error))
    return 0;

  stmt = _imh_library_conn_stmt (c, "DELETE FROM players WHERE game_id = ?1", error);
  if (stmt == NULL)
    return 0;
  sqlite3_bind_int64 (stmt, 1, id);
  if (!_imh_library_stmt_done (c, stmt, error))
    return 0;
  for (guint i = 0; i < info->n_players; i++)
    {
      stmt = _imh_library_conn_stmt (c, "INSERT INTO players (game_id, seat, name, kind, level, score, place)"
                                        " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)", error);
      if (stmt == NULL)
        return 0;
      sqlite3_bind_int64 (stmt, 1, id);
      sqlite3_bind_int (stmt, 2, (int) i);
      _imh_library_bind_text (stmt, 3, info->names[i]);
      _imh_library_bind_text (stmt, 4, info->kinds[i]);
      sqlite3_bind_int (stmt, 5, info->levels[i]);
      if (info->has_scores)
        sqlite3_bind_int (stmt, 6, info->scores[i]);
      if (info->places[i] > 0)
        sqlite3_bind_int (stmt, 7, info->places[i]);
      if (!_imh_library_stmt_done (c, stmt, error))
        return 0;
    }

  /* A new game takes the tags written in its record. */
  if (insert && info->tags != NULL && info->tags[0] != NULL)
    {
      if (!_imh_library_set_tags_locked (self, c, id, (const char * const *) info->tags, error))
        return 0;
    }
  else if (!_imh_library_fts_refresh_locked (self, c, id, error))
    return 0;
  return id;
}

/* Where a save to a positive id goes. */
typedef enum {
  SAVE_UPDATE,      /* the game is in the library: its record is replaced */
  SAVE_RESTORE,     /* the game is in the trash: replaced and taken out of the trash */
  SAVE_NEW,         /* no game of that id any more (removed from the trash): a new game */
} SaveTarget;

static gboolean
save_target_locked (Conn *c, gint64 id, SaveTarget *target, GError **error)
{
  sqlite3_stmt *stmt = _imh_library_conn_stmt (c, "SELECT deleted_at IS NOT NULL FROM games WHERE id = ?1", error);
  int rc;

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, id);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    *target = sqlite3_column_int (stmt, 0) ? SAVE_RESTORE : SAVE_UPDATE;
  else
    *target = SAVE_NEW;
  sqlite3_reset (stmt);
  if (rc != SQLITE_ROW && rc != SQLITE_DONE)
    return _imh_library_sql_error (error, c->db, rc);
  return TRUE;
}


gint64
imh_library_save_record (ImhLibrary  *self,
                         gint64       id,
                         const char  *record,
                         gboolean     reject_duplicate,
                         GError     **error)
{
  ImhLibraryRecordInfo info;
  Conn *c;
  gint64 other = 0;
  gint64 result = 0;
  SaveTarget target = id == 0 ? SAVE_NEW : SAVE_UPDATE;

  g_return_val_if_fail (IMH_IS_LIBRARY (self), 0);
  g_return_val_if_fail (id >= 0, 0);
  g_return_val_if_fail (record != NULL, 0);

  if (!_imh_library_describe_text (record, &info, error))
    {
      _imh_library_record_info_clear (&info);
      return 0;
    }
  /* A game stored as it is played: now is when it was last played. */
  if (!info.finished)
    info.played = _imh_library_now_unix ();
  c = _imh_library_write_conn (self, error);
  if (c == NULL)
    {
      _imh_library_record_info_clear (&info);
      return 0;
    }
  if (_imh_library_begin (c, error))
    {
      if (reject_duplicate && !_imh_library_find_hash_locked (c, info.sha256, &other, error))
        ;
      else if (reject_duplicate && other != 0 && other != id)
        g_set_error (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_DUPLICATE,
                     _("The same game is already in the library (game %lld)"), (long long) other);
      else if (id != 0 && !save_target_locked (c, id, &target, error))
        ;
      else
        {
          /* A game deleted while it was being played (the window's game)
           * loses nothing: it comes back from the trash, or is stored as a
           * new game when it is no longer there. */
          result = _imh_library_store_locked (self, c, target == SAVE_NEW ? 0 : id, FALSE, &info, error);
          if (result != 0 && target == SAVE_RESTORE && !_imh_library_trash_set_locked (c, result, 0, error))
            result = 0;
        }
      if (result != 0 && !_imh_library_commit (c, error))
        result = 0;
      if (result == 0)
        _imh_library_rollback (c);
    }
  _imh_library_conn_unlock (c);
  _imh_library_record_info_clear (&info);

  if (result != 0)
    _imh_library_emit (self, target == SAVE_UPDATE ? GAME_CHANGED : GAME_ADDED, result);
  return result;
}

typedef struct {
  gint64  id;
  char   *record;
  gboolean reject_duplicate;
} SaveData;

static void
save_data_free (gpointer data)
{
  SaveData *d = data;
  g_free (d->record);
  g_free (d);
}

static void
save_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  SaveData *d = task_data;
  GError *error = NULL;
  gint64 id = imh_library_save_record (source, d->id, d->record, d->reject_duplicate, &error);

  if (id == 0)
    g_task_return_error (task, error);
  else
    g_task_return_int (task, (gssize) id);
}

void
imh_library_save_record_async (ImhLibrary          *self,
                               gint64               id,
                               const char          *record,
                               gboolean             reject_duplicate,
                               GCancellable        *cancellable,
                               GAsyncReadyCallback  callback,
                               gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  SaveData *d;

  g_return_if_fail (IMH_IS_LIBRARY (self));
  g_return_if_fail (record != NULL);

  d = g_new0 (SaveData, 1);
  d->id = id;
  d->record = g_strdup (record);
  d->reject_duplicate = reject_duplicate;
  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, imh_library_save_record_async);
  g_task_set_task_data (task, d, save_data_free);
  g_task_run_in_thread (task, save_thread);
}

gint64
imh_library_save_record_finish (ImhLibrary    *self,
                                GAsyncResult  *result,
                                GError       **error)
{
  gssize id;

  g_return_val_if_fail (g_task_is_valid (result, self), 0);
  id = g_task_propagate_int (G_TASK (result), error);
  return id > 0 ? (gint64) id : 0;   /* 0 on error, as imh_library_save_record() */
}

/* ------------------------------------------------------------------ */
/* Reading                                                             */

gboolean
_imh_library_not_found (GError **error, gint64 id)
{
  g_set_error (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_NOT_FOUND,
               _("There is no game %lld in the library"), (long long) id);
  return FALSE;
}

char *
imh_library_load_record (ImhLibrary  *self,
                         gint64       id,
                         GError     **error)
{
  Conn *c;
  sqlite3_stmt *stmt;
  char *text = NULL;
  int rc;

  g_return_val_if_fail (IMH_IS_LIBRARY (self), NULL);

  c = _imh_library_read_conn (self);
  stmt = _imh_library_conn_stmt (c, "SELECT text FROM records WHERE game_id = ?1", error);
  if (stmt != NULL)
    {
      sqlite3_bind_int64 (stmt, 1, id);
      rc = sqlite3_step (stmt);
      if (rc == SQLITE_ROW)
        text = _imh_library_column_dup (stmt, 0);
      else if (rc == SQLITE_DONE)
        _imh_library_not_found (error, id);
      else
        _imh_library_sql_error (error, c->db, rc);
      sqlite3_reset (stmt);
    }
  _imh_library_conn_unlock (c);
  return text;
}

static void
load_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  GError *error = NULL;
  char *text = imh_library_load_record (source, *(gint64 *) task_data, &error);

  if (text == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, text, g_free);
}

void
imh_library_load_record_async (ImhLibrary          *self,
                               gint64               id,
                               GCancellable        *cancellable,
                               GAsyncReadyCallback  callback,
                               gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (IMH_IS_LIBRARY (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, imh_library_load_record_async);
  g_task_set_task_data (task, g_memdup2 (&id, sizeof id), g_free);
  g_task_run_in_thread (task, load_thread);
}

char *
imh_library_load_record_finish (ImhLibrary    *self,
                                GAsyncResult  *result,
                                GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

#define SUMMARY_COLUMNS \
  "id, game, n_players, sides, variants, players, started, ended, finished, winner," \
  " scores, result, length, turns, starred, analysed, n_blunders, tags, notes," \
  " coalesce (deleted_at, 0)"

static ImhGameSummary *
summary_from_row (sqlite3_stmt *stmt)
{
  ImhGameSummaryData d = { 0 };

  d.id = sqlite3_column_int64 (stmt, 0);
  d.game = sqlite3_column_int (stmt, 1);
  d.n_players = (guint) sqlite3_column_int (stmt, 2);
  d.sides = _imh_library_column_dup (stmt, 3);
  d.variants = (guint) sqlite3_column_int64 (stmt, 4);
  d.players = _imh_library_column_dup (stmt, 5);
  d.started = sqlite3_column_int64 (stmt, 6);
  d.ended = sqlite3_column_int64 (stmt, 7);
  d.finished = sqlite3_column_int (stmt, 8) != 0;
  d.winner = sqlite3_column_int (stmt, 9);
  d.scores = _imh_library_column_dup (stmt, 10);
  d.result = _imh_library_column_dup (stmt, 11);
  d.length = (guint) sqlite3_column_int (stmt, 12);
  d.turns = (guint) sqlite3_column_int (stmt, 13);
  d.starred = sqlite3_column_int (stmt, 14) != 0;
  d.analysed = sqlite3_column_int (stmt, 15) == ANALYSED_READABLE;
  d.analysis_unreadable = sqlite3_column_int (stmt, 15) == ANALYSED_UNREADABLE;
  d.n_blunders = (guint) sqlite3_column_int (stmt, 16);
  d.tags = _imh_library_column_dup (stmt, 17);
  d.notes = _imh_library_column_dup (stmt, 18);
  d.deleted = sqlite3_column_int64 (stmt, 19);
  return _imh_game_summary_new (&d);
}

GPtrArray *
imh_library_get_summaries (ImhLibrary    *self,
                           const gint64  *ids,
                           guint          n_ids,
                           GError       **error)
{
  g_autoptr(GPtrArray) out = g_ptr_array_new_full (n_ids, g_object_unref);
  gboolean ok = TRUE;
  Conn *c;

  g_return_val_if_fail (IMH_IS_LIBRARY (self), NULL);
  g_return_val_if_fail (ids != NULL || n_ids == 0, NULL);

  c = _imh_library_read_conn (self);
  /* One read transaction: a consistent snapshot for the whole page. */
  ok = _imh_library_conn_exec (c, "BEGIN", error);
  for (guint i = 0; ok && i < n_ids; i++)
    {
      sqlite3_stmt *stmt = _imh_library_conn_stmt (c, "SELECT " SUMMARY_COLUMNS " FROM games WHERE id = ?1", error);
      int rc;

      if (stmt == NULL)
        {
          ok = FALSE;
          break;
        }
      sqlite3_bind_int64 (stmt, 1, ids[i]);
      rc = sqlite3_step (stmt);
      if (rc == SQLITE_ROW)
        g_ptr_array_add (out, summary_from_row (stmt));
      else if (rc != SQLITE_DONE)
        ok = _imh_library_sql_error (error, c->db, rc);
      sqlite3_reset (stmt);
    }
  ok = _imh_library_end_read (c, ok, error);
  _imh_library_conn_unlock (c);
  return ok ? g_steal_pointer (&out) : NULL;
}

ImhGameSummary *
imh_library_get_summary (ImhLibrary  *self,
                         gint64       id,
                         GError     **error)
{
  g_autoptr(GPtrArray) list = imh_library_get_summaries (self, &id, 1, error);

  if (list == NULL)
    return NULL;
  if (list->len == 0)
    {
      _imh_library_not_found (error, id);
      return NULL;
    }
  return g_object_ref (list->pdata[0]);
}

gint64
_imh_library_scalar_locked (Conn *c, const char *sql, GError **error, gboolean *ok)
{
  sqlite3_stmt *stmt = _imh_library_conn_stmt (c, sql, error);
  gint64 v = 0;
  int rc;

  if (stmt == NULL)
    {
      *ok = FALSE;
      return 0;
    }
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    v = sqlite3_column_int64 (stmt, 0);
  else
    *ok = _imh_library_sql_error (error, c->db, rc);
  sqlite3_reset (stmt);
  return v;
}

/* The newest unfinished game WHERE `also` holds ("" or " AND …"). */
#define LATEST_UNFINISHED(also) \
  "SELECT coalesce ((SELECT id FROM games WHERE finished = 0 AND deleted_at IS NULL" also \
  " ORDER BY modified DESC, id DESC LIMIT 1), 0)"

static gint64
latest_unfinished (ImhLibrary  *self,
                   const char  *sql,
                   GError     **error)
{
  gboolean ok = TRUE;
  Conn *c = _imh_library_read_conn (self);
  gint64 id = _imh_library_scalar_locked (c, sql, error, &ok);

  _imh_library_conn_unlock (c);
  return ok ? id : 0;
}

gint64
imh_library_get_latest_unfinished (ImhLibrary  *self,
                                   GError     **error)
{
  g_return_val_if_fail (IMH_IS_LIBRARY (self), 0);

  return latest_unfinished (self, LATEST_UNFINISHED (""), error);
}

gint64
imh_library_get_latest_unfinished_of (ImhLibrary   *self,
                                      ImhGameKind   kind,
                                      GError      **error)
{
  /* One statement per kind (the column holds the ImhGameKind), cached
   * like every other. */
  static const char *const by_kind[] = {
    [IMH_GAME_DUEL] = LATEST_UNFINISHED (" AND game = 0"),
    [IMH_GAME_CLASSIC] = LATEST_UNFINISHED (" AND game = 1"),
  };

  G_STATIC_ASSERT (G_N_ELEMENTS (by_kind) == IMH_N_GAMES);
  G_STATIC_ASSERT (IMH_GAME_DUEL == 0 && IMH_GAME_CLASSIC == 1);
  g_return_val_if_fail (IMH_IS_LIBRARY (self), 0);
  g_return_val_if_fail ((int) kind >= 0 && kind < IMH_N_GAMES, 0);

  return latest_unfinished (self, by_kind[kind], error);
}

gboolean
imh_library_contains_hash (ImhLibrary  *self,
                           const char  *sha256,
                           GError     **error)
{
  Conn *c;
  gint64 id = 0;
  gboolean ok;

  g_return_val_if_fail (IMH_IS_LIBRARY (self), FALSE);
  g_return_val_if_fail (sha256 != NULL, FALSE);

  c = _imh_library_read_conn (self);
  ok = _imh_library_find_hash_locked (c, sha256, &id, error);
  _imh_library_conn_unlock (c);
  return ok && id != 0;
}

guint64
imh_library_count (ImhLibrary  *self,
                   GError     **error)
{
  gboolean ok = TRUE;
  Conn *c;
  gint64 n;

  g_return_val_if_fail (IMH_IS_LIBRARY (self), 0);

  c = _imh_library_read_conn (self);
  n = _imh_library_scalar_locked (c, "SELECT count(*) FROM games WHERE deleted_at IS NULL", error, &ok);
  _imh_library_conn_unlock (c);
  return (guint64) n;
}

