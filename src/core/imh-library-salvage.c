/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-library-salvage.c — the game library: salvage of a damaged library. */
#define G_LOG_DOMAIN "imh-library"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "imh-library-private.h"

/* ------------------------------------------------------------------ */
/* Salvage of a damaged library                                        */

/* At most this many rowids jumped over by a scan are tried one by one. */
#define SALVAGE_MAX_GAP 1000000

typedef struct {
  ImhLibrary *self;
  Conn       *to;             /* the new library, in a transaction */
  sqlite3    *from;           /* the damaged file, read-only */
  GHashTable *lengths;        /* salvaged game id (gint64*) → its length (GUINT_TO_POINTER) */
  guint       n_games;
  guint       n_invalid;
  GError     *error;          /* a write to the new library failed: stop */
} Salvage;

typedef void (*SalvageRow) (Salvage *s, sqlite3_stmt *stmt);

/* Whether a failed write to the new library is the file's fault (full,
 * I/O) rather than the one row's: then the whole salvage stops. */
static gboolean
salvage_write_failed (Salvage *s, GError **error)
{
  int code = sqlite3_errcode (s->to->db);

  if (code != SQLITE_FULL && code != SQLITE_IOERR && code != SQLITE_NOMEM
      && code != SQLITE_READONLY && code != SQLITE_CANTOPEN)
    return FALSE;
  if (s->error == NULL)
    g_propagate_error (&s->error, g_steal_pointer (error));
  return TRUE;
}

/* Steps stmt once from rowid `at`: whether the read works there (a row or
 * the end), and the row's rowid. */
static gboolean
salvage_probe (sqlite3_stmt *scan, gint64 at)
{
  int rc;

  sqlite3_reset (scan);
  sqlite3_bind_int64 (scan, 1, at);
  rc = sqlite3_step (scan);
  sqlite3_reset (scan);
  return rc == SQLITE_ROW || rc == SQLITE_DONE;
}

/* The smallest rowid after `bad` (a scan from which fails) from which a
 * scan reads again, or -1: doubling steps, then halving. */
static gint64
salvage_resume (sqlite3_stmt *scan, gint64 bad)
{
  gint64 step = 1, lo, hi;

  while (!salvage_probe (scan, bad + step))
    {
      if (step > (G_MAXINT64 - bad) / 2)
        return -1;
      step *= 2;
    }
  lo = bad + step / 2;
  hi = bad + step;
  if (step == 1)
    lo = bad;
  while (hi - lo > 1)
    {
      gint64 mid = lo + (hi - lo) / 2;
      if (salvage_probe (scan, mid))
        hi = mid;
      else
        lo = mid;
    }
  return hi;
}

/* Calls row for every row of table that can be read (columns after the
 * rowid, which is column 0), in rowid order, without indexes. A scan that
 * meets a damaged page goes on from the first rowid after it that a seek
 * reaches again, and every rowid it jumped over is read on its own, so
 * that all readable rows come back even when damage is scattered. */
static void
salvage_table (Salvage *s, const char *table, const char *columns, SalvageRow row)
{
  g_autofree char *scan_sql =
    g_strdup_printf ("SELECT rowid, %s FROM %s NOT INDEXED WHERE rowid >= ?1 ORDER BY rowid", columns, table);
  g_autofree char *one_sql = g_strdup_printf ("SELECT rowid, %s FROM %s NOT INDEXED WHERE rowid = ?1", columns, table);
  sqlite3_stmt *scan = NULL, *one = NULL;
  gint64 next = 1;

  if (sqlite3_prepare_v2 (s->from, scan_sql, -1, &scan, NULL) != SQLITE_OK
      || sqlite3_prepare_v2 (s->from, one_sql, -1, &one, NULL) != SQLITE_OK)
    {
      g_message ("Salvage: table %s cannot be read: %s", table, sqlite3_errmsg (s->from));
      sqlite3_finalize (scan);
      sqlite3_finalize (one);
      return;
    }
  while (s->error == NULL)
    {
      gint64 resume, end;
      int rc;

      sqlite3_reset (scan);
      sqlite3_bind_int64 (scan, 1, next);
      while (s->error == NULL && (rc = sqlite3_step (scan)) == SQLITE_ROW)
        {
          gint64 rowid = sqlite3_column_int64 (scan, 0);
          row (s, scan);
          if (rowid == G_MAXINT64)
            {
              rc = SQLITE_DONE;
              break;
            }
          next = rowid + 1;
        }
      if (s->error != NULL || rc == SQLITE_DONE)
        break;
      g_message ("Salvage: %s is damaged after rowid %" G_GINT64_FORMAT ": %s",
                 table, next - 1, sqlite3_errmsg (s->from));
      resume = salvage_resume (scan, next);
      end = resume < 0 || resume - next > SALVAGE_MAX_GAP ? next + SALVAGE_MAX_GAP : resume;
      for (gint64 id = next; s->error == NULL && id < end; id++)
        {
          sqlite3_reset (one);
          sqlite3_bind_int64 (one, 1, id);
          if (sqlite3_step (one) == SQLITE_ROW)
            row (s, one);
        }
      if (resume < 0)
        break;
      next = resume;
    }
  sqlite3_finalize (scan);
  sqlite3_finalize (one);
}

/* The library's own data about a salvaged game (star, notes, tags, dates,
 * thumbnail), each read on its own: what cannot be read is left out. */
static gboolean
salvage_game_data (Salvage *s, gint64 id, GError **error)
{
  sqlite3_stmt *q = NULL, *stmt;
  g_autoptr(GPtrArray) tags = g_ptr_array_new_with_free_func (g_free);
  gboolean have_row = FALSE, have_tags = FALSE;
  int starred = 0, rc;
  g_autofree char *notes = NULL;
  g_autofree char *joined = NULL;
  gint64 added = 0, modified = 0;

  if (sqlite3_prepare_v2 (s->from, "SELECT starred, notes, tags, added, modified FROM games NOT INDEXED"
                                   " WHERE id = ?1", -1, &q, NULL) == SQLITE_OK)
    {
      sqlite3_bind_int64 (q, 1, id);
      if (sqlite3_step (q) == SQLITE_ROW)
        {
          have_row = TRUE;
          starred = sqlite3_column_int (q, 0) != 0;
          notes = _imh_library_column_dup (q, 1);
          joined = _imh_library_column_dup (q, 2);
          added = sqlite3_column_int64 (q, 3);
          modified = sqlite3_column_int64 (q, 4);
        }
    }
  sqlite3_finalize (q);
  q = NULL;

  if (sqlite3_prepare_v2 (s->from, "SELECT t.name FROM game_tags gt JOIN tags t NOT INDEXED ON t.id = gt.tag_id"
                                   " WHERE gt.game_id = ?1", -1, &q, NULL) == SQLITE_OK)
    {
      sqlite3_bind_int64 (q, 1, id);
      while ((rc = sqlite3_step (q)) == SQLITE_ROW)
        g_ptr_array_add (tags, _imh_library_column_dup (q, 0));
      have_tags = rc == SQLITE_DONE;
    }
  sqlite3_finalize (q);
  q = NULL;
  if (!have_tags && have_row)
    {
      /* The names joined in the games row stand in for them. */
      g_auto(GStrv) split = g_strsplit (joined, ", ", -1);
      g_ptr_array_set_size (tags, 0);
      for (guint i = 0; split[i] != NULL; i++)
        g_ptr_array_add (tags, g_strdup (split[i]));
      have_tags = TRUE;
    }
  if (have_tags && (tags->len > 0 || have_row))
    {
      g_ptr_array_add (tags, NULL);
      if (!_imh_library_set_tags_locked (s->self, s->to, id, (const char * const *) tags->pdata, error))
        return FALSE;
    }
  if (have_row)
    {
      stmt = _imh_library_conn_stmt (s->to, "UPDATE games SET starred = ?2, notes = ?3, added = ?4, modified = ?5"
                                            " WHERE id = ?1", error);
      if (stmt == NULL)
        return FALSE;
      sqlite3_bind_int64 (stmt, 1, id);
      sqlite3_bind_int (stmt, 2, starred);
      _imh_library_bind_text (stmt, 3, notes);
      sqlite3_bind_int64 (stmt, 4, added);
      sqlite3_bind_int64 (stmt, 5, modified);
      if (!_imh_library_stmt_done (s->to, stmt, error) || !_imh_library_fts_refresh_locked (s->self, s->to, id, error))
        return FALSE;
    }

  if (sqlite3_prepare_v2 (s->from, "SELECT png FROM thumbnails NOT INDEXED WHERE game_id = ?1", -1, &q, NULL) == SQLITE_OK)
    {
      static const guint8 png_signature[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
      sqlite3_bind_int64 (q, 1, id);
      if (sqlite3_step (q) == SQLITE_ROW && sqlite3_column_type (q, 0) == SQLITE_BLOB
          && sqlite3_column_bytes (q, 0) > (int) sizeof png_signature
          && memcmp (sqlite3_column_blob (q, 0), png_signature, sizeof png_signature) == 0)
        {
          stmt = _imh_library_conn_stmt (s->to, "INSERT INTO thumbnails (game_id, png) VALUES (?1, ?2)", error);
          if (stmt == NULL)
            {
              sqlite3_finalize (q);
              return FALSE;
            }
          sqlite3_bind_int64 (stmt, 1, id);
          sqlite3_bind_blob (stmt, 2, sqlite3_column_blob (q, 0), sqlite3_column_bytes (q, 0), SQLITE_TRANSIENT);
          if (!_imh_library_stmt_done (s->to, stmt, error))
            {
              sqlite3_finalize (q);
              return FALSE;
            }
        }
    }
  sqlite3_finalize (q);
  return TRUE;
}

/* Runs one salvaged row's writes in a savepoint: all or nothing. */
static gboolean
salvage_savepoint (Salvage *s, gboolean ok, GError **error)
{
  if (ok)
    return _imh_library_conn_exec (s->to, "RELEASE salvage", error);
  if (!_imh_library_conn_exec (s->to, "ROLLBACK TO salvage", NULL) || !_imh_library_conn_exec (s->to, "RELEASE salvage", NULL))
    {
      /* The transaction itself is gone: nothing more can be written. */
      if (s->error == NULL)
        g_set_error (&s->error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_FAILED, _("Library database error in “%s”: %s"),
                     sqlite3_db_filename (s->to->db, "main"), sqlite3_errmsg (s->to->db));
    }
  return FALSE;
}

static void
salvage_record (Salvage *s, sqlite3_stmt *stmt)
{
  gint64 id = sqlite3_column_int64 (stmt, 0);
  const char *text = (const char *) sqlite3_column_text (stmt, 1);
  g_autoptr(GError) error = NULL;
  ImhLibraryRecordInfo info;
  gboolean ok;

  /* Every record is parsed and replayed, as on import. */
  if (id <= 0 || sqlite3_column_type (stmt, 1) != SQLITE_TEXT
      || !g_utf8_validate (text, sqlite3_column_bytes (stmt, 1), NULL)
      || !_imh_library_describe_text (text, &info, &error))
    {
      g_message ("Salvage: the record of game %" G_GINT64_FORMAT " is not valid: %s",
                 id, error != NULL ? error->message : "not text");
      if (error != NULL)
        _imh_library_record_info_clear (&info);
      s->n_invalid++;
      return;
    }
  if (!_imh_library_conn_exec (s->to, "SAVEPOINT salvage", &error))
    {
      salvage_write_failed (s, &error);
      _imh_library_record_info_clear (&info);
      return;
    }
  ok = _imh_library_store_locked (s->self, s->to, id, TRUE, &info, &error) != 0
       && salvage_game_data (s, id, &error);
  if (salvage_savepoint (s, ok, &error))
    {
      gint64 *key = g_new (gint64, 1);
      *key = id;
      g_hash_table_insert (s->lengths, key, GUINT_TO_POINTER (info.length));
      s->n_games++;
    }
  else if (error != NULL && !salvage_write_failed (s, &error))
    {
      g_message ("Salvage: game %" G_GINT64_FORMAT " could not be stored: %s", id, error->message);
      s->n_invalid++;
    }
  _imh_library_record_info_clear (&info);
}

static void
salvage_analysis (Salvage *s, sqlite3_stmt *stmt)
{
  gint64 game_id = sqlite3_column_int64 (stmt, 1);
  g_autoptr(GError) error = NULL;
  sqlite3_stmt *del;
  gboolean ok;

  if (!g_hash_table_contains (s->lengths, &game_id)
      || sqlite3_column_type (stmt, 2) != SQLITE_TEXT || sqlite3_column_type (stmt, 3) != SQLITE_TEXT
      || sqlite3_column_type (stmt, 4) != SQLITE_TEXT)
    return;
  if (!_imh_library_conn_exec (s->to, "SAVEPOINT salvage", &error))
    {
      salvage_write_failed (s, &error);
      return;
    }
  /* One analysis per game: a later one replaces an earlier one. */
  del = _imh_library_conn_stmt (s->to, "DELETE FROM analyses WHERE game_id = ?1", &error);
  if (del != NULL)
    sqlite3_bind_int64 (del, 1, game_id);
  ok = del != NULL && _imh_library_stmt_done (s->to, del, &error)
       && _imh_library_insert_analysis_locked (s->to, game_id, (const char *) sqlite3_column_text (stmt, 2),
                                               (const char *) sqlite3_column_text (stmt, 3),
                                               (const char *) sqlite3_column_text (stmt, 4),
                                               (guint) MAX (sqlite3_column_int (stmt, 5), 0),
                                               sqlite3_column_int64 (stmt, 6), &error) != 0;
  if (!salvage_savepoint (s, ok, &error) && error != NULL)
    salvage_write_failed (s, &error);
}

static void
salvage_bookmark (Salvage *s, sqlite3_stmt *stmt)
{
  gint64 id = sqlite3_column_int64 (stmt, 0);
  gint64 game_id = sqlite3_column_int64 (stmt, 1);
  gint64 ply = sqlite3_column_int64 (stmt, 2);
  gpointer length;
  g_autoptr(GError) error = NULL;
  gboolean ok;

  if (!g_hash_table_lookup_extended (s->lengths, &game_id, NULL, &length)
      || ply < 0 || ply > GPOINTER_TO_UINT (length) || sqlite3_column_type (stmt, 3) != SQLITE_TEXT)
    return;
  if (!_imh_library_conn_exec (s->to, "SAVEPOINT salvage", &error))
    {
      salvage_write_failed (s, &error);
      return;
    }
  ok = _imh_library_insert_bookmark_locked (s->to, id, game_id, (guint) ply, (const char *) sqlite3_column_text (stmt, 3),
                                            sqlite3_column_int64 (stmt, 4), &error) != 0;
  if (!salvage_savepoint (s, ok, &error) && error != NULL)
    salvage_write_failed (s, &error);
}

/* Copies every game of the damaged library at from_path that can still be
 * read (its record parsed and replayed, as on import) into the new library
 * on `to` under the same id, with its star, notes, tags, dates, thumbnail,
 * analysis and bookmarks where they can be read, in one transaction.
 * Returns the number of games; sets error only when writing the new
 * library failed (then nothing of it is committed). */
guint
_imh_library_salvage (ImhLibrary *self, Conn *to, const char *from_path, GError **error)
{
  Salvage s = { 0 };
  int rc;

  s.self = self;
  s.to = to;
  s.lengths = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  rc = _imh_library_open_read_only (from_path, FALSE, &s.from);
  if (rc != SQLITE_OK)
    g_message ("Salvage: %s cannot be read: %s", from_path,
               s.from != NULL ? sqlite3_errmsg (s.from) : sqlite3_errstr (rc));
  if (!_imh_library_begin (to, error))
    {
      sqlite3_close_v2 (s.from);
      g_hash_table_unref (s.lengths);
      return 0;
    }
  if (s.from != NULL)
    {
      salvage_table (&s, "records", "text", salvage_record);
      salvage_table (&s, "analyses", "game_id, engine_version, settings, data, n_blunders, created",
                     salvage_analysis);
      salvage_table (&s, "bookmarks", "game_id, ply, label, created", salvage_bookmark);
    }
  if (s.error == NULL)
    _imh_library_commit (to, &s.error);
  _imh_library_rollback (to);
  sqlite3_close_v2 (s.from);
  g_hash_table_unref (s.lengths);
  if (s.error != NULL)
    {
      g_propagate_error (error, s.error);
      return 0;
    }
  g_message ("Salvage: %u games recovered, %u records not valid", s.n_games, s.n_invalid);
  return s.n_games;
}

