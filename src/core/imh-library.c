/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-library.c — the game library: SQLite store of records. */
#define G_LOG_DOMAIN "imh-library"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

#include "imh-game-summary-private.h"
#include "imh-library-private.h"

/* "IMHL": marks the file as ours (PRAGMA application_id). */
#define IMH_LIBRARY_APPLICATION_ID 0x494D484C

/* Longest file the import reads. */
#define IMPORT_MAX_FILE_SIZE (64 * 1024 * 1024)

/* The quick integrity check at open: only for files up to this size (a
 * larger library is checked by its header and schema only; damaged pages
 * surface as errors of the queries that read them), and never longer than
 * the budget. */
#define QUICK_CHECK_MAX_FILE_SIZE (16 * 1024 * 1024)
#define QUICK_CHECK_BUDGET_US (60 * 1000)

typedef struct {
  sqlite3    *db;
  GHashTable *stmts;                /* SQL text (static) → sqlite3_stmt* */
  GMutex      lock;
} Conn;

struct _ImhLibrary
{
  GObject               parent_instance;

  char                 *path;
  Conn                  w;          /* writes; db NULL when read-only */
  Conn                  r;          /* reads (read-only connection) */
  gboolean              read_only;
  gboolean              fts;
  ImhLibraryOpenStatus  status;
  char                 *open_message;
  char                 *moved_aside;
  GMainContext         *context;
};

G_DEFINE_FINAL_TYPE (ImhLibrary, imh_library, G_TYPE_OBJECT)
G_DEFINE_QUARK (imh-library-error-quark, imh_library_error)

enum {
  GAME_ADDED,
  GAME_REMOVED,
  GAME_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* ------------------------------------------------------------------ */
/* Connections and statements                                          */

static void
stmt_free (gpointer stmt)
{
  sqlite3_finalize (stmt);
}

static void
conn_init (Conn *c)
{
  g_mutex_init (&c->lock);
  c->stmts = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, stmt_free);
}

static void
conn_close (Conn *c)
{
  g_hash_table_remove_all (c->stmts);
  if (c->db != NULL)
    sqlite3_close_v2 (c->db);
  c->db = NULL;
}

static void
conn_free (Conn *c)
{
  conn_close (c);
  g_hash_table_unref (c->stmts);
  g_mutex_clear (&c->lock);
}

static gboolean
sql_error (GError **error, sqlite3 *db, int rc)
{
  int code = (rc & 0xff) == SQLITE_READONLY ? IMH_LIBRARY_ERROR_READ_ONLY : IMH_LIBRARY_ERROR_FAILED;

  g_set_error (error, IMH_LIBRARY_ERROR, code, _("Library database error: %s"),
               db != NULL ? sqlite3_errmsg (db) : sqlite3_errstr (rc));
  return FALSE;
}

/* A cached prepared statement, reset and unbound. sql must be static. */
static sqlite3_stmt *
conn_stmt (Conn *c, const char *sql, GError **error)
{
  sqlite3_stmt *stmt = g_hash_table_lookup (c->stmts, sql);
  int rc;

  if (stmt != NULL)
    {
      sqlite3_reset (stmt);
      sqlite3_clear_bindings (stmt);
      return stmt;
    }
  rc = sqlite3_prepare_v3 (c->db, sql, -1, SQLITE_PREPARE_PERSISTENT, &stmt, NULL);
  if (rc != SQLITE_OK)
    {
      sql_error (error, c->db, rc);
      return NULL;
    }
  g_hash_table_insert (c->stmts, (gpointer) sql, stmt);
  return stmt;
}

static gboolean
conn_exec (Conn *c, const char *sql, GError **error)
{
  int rc = sqlite3_exec (c->db, sql, NULL, NULL, NULL);

  if (rc != SQLITE_OK)
    return sql_error (error, c->db, rc);
  return TRUE;
}

/* Runs a statement that returns no rows (or ignores them). */
static gboolean
stmt_done (Conn *c, sqlite3_stmt *stmt, GError **error)
{
  int rc;

  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    ;
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    return sql_error (error, c->db, rc);
  return TRUE;
}

static void
bind_text (sqlite3_stmt *stmt, int i, const char *s)
{
  sqlite3_bind_text (stmt, i, s != NULL ? s : "", -1, SQLITE_TRANSIENT);
}

static char *
column_dup (sqlite3_stmt *stmt, int i)
{
  const char *s = (const char *) sqlite3_column_text (stmt, i);
  return g_strdup (s != NULL ? s : "");
}

static Conn *
write_conn (ImhLibrary *self, GError **error)
{
  if (self->read_only || self->w.db == NULL)
    {
      g_set_error_literal (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_READ_ONLY,
                           _("The library is open read-only"));
      return NULL;
    }
  g_mutex_lock (&self->w.lock);
  return &self->w;
}

static Conn *
read_conn (ImhLibrary *self)
{
  g_mutex_lock (&self->r.lock);
  return &self->r;
}

static void
conn_unlock (Conn *c)
{
  g_mutex_unlock (&c->lock);
}

static gboolean
begin (Conn *c, GError **error)
{
  return conn_exec (c, "BEGIN IMMEDIATE", error);
}

static gboolean
commit (Conn *c, GError **error)
{
  if (!conn_exec (c, "COMMIT", error))
    {
      sqlite3_exec (c->db, "ROLLBACK", NULL, NULL, NULL);
      return FALSE;
    }
  return TRUE;
}

static void
rollback (Conn *c)
{
  if (!sqlite3_get_autocommit (c->db))
    sqlite3_exec (c->db, "ROLLBACK", NULL, NULL, NULL);
}

/* ------------------------------------------------------------------ */
/* Signals from any thread                                             */

typedef struct {
  ImhLibrary *self;
  guint       signal;
  gint64      id;
} Emission;

static gboolean
emit_cb (gpointer data)
{
  Emission *e = data;

  g_signal_emit (e->self, signals[e->signal], 0, e->id);
  g_object_unref (e->self);
  g_free (e);
  return G_SOURCE_REMOVE;
}

static void
emit (ImhLibrary *self, guint signal, gint64 id)
{
  Emission *e = g_new0 (Emission, 1);

  e->self = g_object_ref (self);
  e->signal = signal;
  e->id = id;
  g_main_context_invoke (self->context, emit_cb, e);
}

/* ------------------------------------------------------------------ */
/* Schema and migrations                                               */

static const char schema_v1[] =
  "CREATE TABLE games ("
  "  id          INTEGER PRIMARY KEY,"
  "  record_hash TEXT    NOT NULL,"
  "  game        INTEGER NOT NULL,"
  "  n_players   INTEGER NOT NULL,"
  "  sides       TEXT    NOT NULL,"
  "  variants    INTEGER NOT NULL DEFAULT 0,"
  "  seed        INTEGER NOT NULL,"
  "  players     TEXT    NOT NULL,"
  "  started     INTEGER NOT NULL,"
  "  ended       INTEGER NOT NULL,"
  "  finished    INTEGER NOT NULL,"
  "  winner      INTEGER NOT NULL,"
  "  result      TEXT    NOT NULL,"
  "  scores      TEXT    NOT NULL,"
  "  length      INTEGER NOT NULL,"
  "  turns       INTEGER NOT NULL,"
  "  max_level   INTEGER NOT NULL,"
  "  starred     INTEGER NOT NULL DEFAULT 0,"
  "  analysed    INTEGER NOT NULL DEFAULT 0,"
  "  n_blunders  INTEGER NOT NULL DEFAULT 0,"
  "  tags        TEXT    NOT NULL DEFAULT '',"
  "  notes       TEXT    NOT NULL DEFAULT '',"
  "  added       INTEGER NOT NULL,"
  "  modified    INTEGER NOT NULL"
  ");"
  "CREATE INDEX games_hash    ON games (record_hash);"
  "CREATE INDEX games_started ON games (started);"
  "CREATE INDEX games_game    ON games (game, n_players, started);"
  "CREATE INDEX games_players ON games (players COLLATE NOCASE);"
  "CREATE INDEX games_result  ON games (finished, winner, started);"
  "CREATE INDEX games_length  ON games (length);"
  "CREATE INDEX games_starred ON games (starred, started);"
  "CREATE INDEX games_unfinished ON games (finished, modified);"
  "CREATE TABLE records ("
  "  game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,"
  "  text    TEXT NOT NULL"
  ");"
  "CREATE TABLE players ("
  "  game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,"
  "  seat    INTEGER NOT NULL,"
  "  name    TEXT    NOT NULL,"
  "  kind    TEXT    NOT NULL,"
  "  level   INTEGER NOT NULL,"
  "  score   INTEGER,"
  "  place   INTEGER,"
  "  PRIMARY KEY (game_id, seat)"
  ") WITHOUT ROWID;"
  "CREATE INDEX players_name ON players (name COLLATE NOCASE);"
  "CREATE TABLE tags ("
  "  id   INTEGER PRIMARY KEY,"
  "  name TEXT NOT NULL UNIQUE COLLATE NOCASE"
  ");"
  "CREATE TABLE game_tags ("
  "  game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,"
  "  tag_id  INTEGER NOT NULL REFERENCES tags (id) ON DELETE CASCADE,"
  "  PRIMARY KEY (game_id, tag_id)"
  ") WITHOUT ROWID;"
  "CREATE INDEX game_tags_tag ON game_tags (tag_id, game_id);"
  "CREATE TABLE thumbnails ("
  "  game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,"
  "  png     BLOB NOT NULL"
  ");"
  "CREATE TABLE analyses ("
  "  id             INTEGER PRIMARY KEY,"
  "  game_id        INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,"
  "  engine_version TEXT    NOT NULL,"
  "  settings       TEXT    NOT NULL,"
  "  data           TEXT    NOT NULL,"
  "  n_blunders     INTEGER NOT NULL,"
  "  created        INTEGER NOT NULL"
  ");"
  "CREATE INDEX analyses_game ON analyses (game_id);"
  "CREATE TABLE bookmarks ("
  "  id      INTEGER PRIMARY KEY,"
  "  game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,"
  "  ply     INTEGER NOT NULL,"
  "  label   TEXT    NOT NULL,"
  "  created INTEGER NOT NULL"
  ");"
  "CREATE INDEX bookmarks_game ON bookmarks (game_id, ply);";

static const char schema_v1_fts[] =
  "CREATE VIRTUAL TABLE games_fts USING fts5 ("
  "  players, notes, tags,"
  "  tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3'"
  ");";

static gboolean
migrate_to_1 (Conn *c, GError **error)
{
  if (!conn_exec (c, schema_v1, error))
    return FALSE;
  /* Full-text search when this SQLite has FTS5; else LIKE queries
   * (IMH_LIBRARY_NO_FTS=1 forces those, for the tests). */
  if (sqlite3_compileoption_used ("ENABLE_FTS5") && g_getenv ("IMH_LIBRARY_NO_FTS") == NULL)
    return conn_exec (c, schema_v1_fts, error);
  return TRUE;
}

/* Migration i brings the schema from version i to i + 1. A v2 appends
 * its function here and raises IMH_LIBRARY_SCHEMA_VERSION. */
static gboolean (* const migrations[]) (Conn *c, GError **error) = {
  migrate_to_1,
};

G_STATIC_ASSERT (G_N_ELEMENTS (migrations) == IMH_LIBRARY_SCHEMA_VERSION);

static int
pragma_int (sqlite3 *db, const char *sql, int *value)
{
  sqlite3_stmt *stmt = NULL;
  int rc = sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL);

  if (rc == SQLITE_OK)
    {
      rc = sqlite3_step (stmt);
      if (rc == SQLITE_ROW)
        {
          *value = sqlite3_column_int (stmt, 0);
          rc = SQLITE_OK;
        }
    }
  sqlite3_finalize (stmt);
  return rc;
}

static gboolean
migrate (Conn *c, int from, GError **error)
{
  g_autofree char *set = NULL;

  if (!begin (c, error))
    return FALSE;
  for (int v = from; v < IMH_LIBRARY_SCHEMA_VERSION; v++)
    if (!migrations[v] (c, error))
      {
        rollback (c);
        return FALSE;
      }
  set = g_strdup_printf ("PRAGMA application_id = %d; PRAGMA user_version = %d;",
                         IMH_LIBRARY_APPLICATION_ID, IMH_LIBRARY_SCHEMA_VERSION);
  if (!conn_exec (c, set, error))
    {
      rollback (c);
      return FALSE;
    }
  return commit (c, error);
}

static int
progress_cb (void *data)
{
  const gint64 *deadline = data;
  return g_get_monotonic_time () > *deadline;
}

/* Whether a bounded PRAGMA quick_check finds damage (interrupted: no). */
static gboolean
quick_check_fails (sqlite3 *db, char **why)
{
  sqlite3_stmt *stmt = NULL;
  gint64 deadline = g_get_monotonic_time () + QUICK_CHECK_BUDGET_US;
  gboolean bad = FALSE;
  int rc;

  sqlite3_progress_handler (db, 1000, progress_cb, &deadline);
  rc = sqlite3_prepare_v2 (db, "PRAGMA quick_check(1)", -1, &stmt, NULL);
  if (rc == SQLITE_OK)
    rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    {
      const char *res = (const char *) sqlite3_column_text (stmt, 0);
      if (g_strcmp0 (res, "ok") != 0)
        {
          bad = TRUE;
          *why = g_strdup (res);
        }
    }
  else if (rc != SQLITE_INTERRUPT && rc != SQLITE_DONE)
    {
      bad = TRUE;
      *why = g_strdup (sqlite3_errmsg (db));
    }
  sqlite3_finalize (stmt);
  sqlite3_progress_handler (db, 0, NULL, NULL);
  return bad;
}

static goffset
file_size (const char *path)
{
  GStatBuf st;
  return g_stat (path, &st) == 0 ? (goffset) st.st_size : 0;
}

typedef enum {
  CHECK_OK,
  CHECK_BAD,          /* damaged or not ours: move aside */
  CHECK_NEWER,        /* newer schema: read-only */
  CHECK_FAILED,       /* could not even try (permissions, ...) */
} CheckResult;

static const char *const required_tables[] = {
  "games", "records", "players", "tags", "game_tags", "thumbnails", "analyses", "bookmarks",
};

/* Opens c->db on path read-write, creating or migrating the schema. */
static CheckResult
open_checked (Conn *c, const char *path, gboolean *fts, char **why, GError **error)
{
  int rc, n_objects = 0, app_id = 0, version = 0;
  gboolean exists = g_file_test (path, G_FILE_TEST_EXISTS);
  g_autofree char *q = NULL;

  rc = sqlite3_open_v2 (path, &c->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, NULL);
  if (rc != SQLITE_OK)
    {
      sql_error (error, c->db, rc);
      conn_close (c);
      return CHECK_FAILED;
    }
  sqlite3_extended_result_codes (c->db, 0);
  sqlite3_busy_timeout (c->db, 5000);

  rc = pragma_int (c->db, "SELECT count(*) FROM sqlite_master", &n_objects);
  if (rc == SQLITE_OK)
    rc = pragma_int (c->db, "PRAGMA application_id", &app_id);
  if (rc == SQLITE_OK)
    rc = pragma_int (c->db, "PRAGMA user_version", &version);
  if (rc == SQLITE_NOTADB || rc == SQLITE_CORRUPT)
    {
      *why = g_strdup (sqlite3_errstr (rc));
      conn_close (c);
      return CHECK_BAD;
    }
  if (rc != SQLITE_OK)
    {
      sql_error (error, c->db, rc);
      conn_close (c);
      return CHECK_FAILED;
    }

  if (n_objects > 0 && app_id != IMH_LIBRARY_APPLICATION_ID)
    {
      *why = g_strdup ("not an Imhotep library");
      conn_close (c);
      return CHECK_BAD;
    }
  if (version > IMH_LIBRARY_SCHEMA_VERSION)
    {
      conn_close (c);
      return CHECK_NEWER;
    }
  if (exists && n_objects > 0 && file_size (path) <= QUICK_CHECK_MAX_FILE_SIZE && quick_check_fails (c->db, why))
    {
      conn_close (c);
      return CHECK_BAD;
    }

  if (!conn_exec (c, "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;", error))
    {
      conn_close (c);
      return CHECK_FAILED;
    }
  if (version < IMH_LIBRARY_SCHEMA_VERSION && !migrate (c, version, error))
    {
      conn_close (c);
      return CHECK_FAILED;
    }

  /* Every table of the schema must be there. */
  q = g_strdup_printf ("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN "
                       "('%s','%s','%s','%s','%s','%s','%s','%s')",
                       required_tables[0], required_tables[1], required_tables[2], required_tables[3],
                       required_tables[4], required_tables[5], required_tables[6], required_tables[7]);
  if (pragma_int (c->db, q, &n_objects) != SQLITE_OK || n_objects != G_N_ELEMENTS (required_tables))
    {
      *why = g_strdup ("tables of the library are missing");
      conn_close (c);
      return CHECK_BAD;
    }
  pragma_int (c->db, "SELECT count(*) FROM sqlite_master WHERE name = 'games_fts'", &n_objects);
  *fts = n_objects == 1;
  return CHECK_OK;
}

/* PATH.corrupt-YYYYMMDD-HHMMSS (with -N when taken); the -wal and -shm
 * files, if any, move along with the same suffix. */
static char *
move_aside (const char *path, GError **error)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");
  char *target = g_strdup_printf ("%s.corrupt-%s", path, stamp);

  for (int n = 2; g_file_test (target, G_FILE_TEST_EXISTS); n++)
    {
      g_free (target);
      target = g_strdup_printf ("%s.corrupt-%s-%d", path, stamp, n);
    }
  if (g_rename (path, target) != 0)
    {
      int saved = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   _("Could not move the damaged library “%s” aside: %s"), path, g_strerror (saved));
      g_free (target);
      return NULL;
    }
  for (guint i = 0; i < 2; i++)
    {
      const char *suffix = i == 0 ? "-wal" : "-shm";
      g_autofree char *from = g_strconcat (path, suffix, NULL);
      g_autofree char *to = g_strconcat (target, suffix, NULL);
      if (g_file_test (from, G_FILE_TEST_EXISTS))
        g_rename (from, to);
    }
  return target;
}

static gboolean
open_read_conn (ImhLibrary *self, GError **error)
{
  int rc = sqlite3_open_v2 (self->path, &self->r.db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, NULL);

  if (rc != SQLITE_OK)
    {
      sql_error (error, self->r.db, rc);
      conn_close (&self->r);
      return FALSE;
    }
  sqlite3_extended_result_codes (self->r.db, 0);
  sqlite3_busy_timeout (self->r.db, 5000);
  return conn_exec (&self->r, "PRAGMA cache_size = -16000; PRAGMA foreign_keys = ON;", error);
}

static gboolean
library_open (ImhLibrary *self, GError **error)
{
  g_autofree char *dir = g_path_get_dirname (self->path);
  g_autofree char *why = NULL;
  CheckResult res;
  int fts_objects = 0;

  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   _("Could not create the folder “%s”: %s"), dir, g_strerror (saved));
      return FALSE;
    }

  res = open_checked (&self->w, self->path, &self->fts, &why, error);
  if (res == CHECK_BAD)
    {
      g_autofree char *aside = move_aside (self->path, error);
      if (aside == NULL)
        return FALSE;
      g_message ("Library %s is damaged (%s); moved to %s", self->path, why, aside);
      self->status = IMH_LIBRARY_OPEN_RECOVERED;
      self->moved_aside = g_steal_pointer (&aside);
      self->open_message =
        g_strdup_printf (_("The game library could not be read, so a new one was started. "
                           "The old file was kept as “%s”."), self->moved_aside);
      g_clear_pointer (&why, g_free);
      res = open_checked (&self->w, self->path, &self->fts, &why, error);
      if (res == CHECK_BAD)
        g_set_error (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_FAILED,
                     _("Could not start a new library in “%s”: %s"), self->path, why);
    }
  if (res == CHECK_NEWER)
    {
      self->read_only = TRUE;
      self->status = IMH_LIBRARY_OPEN_READ_ONLY;
      self->open_message =
        g_strdup (_("The game library was written by a newer version of Imhotep. "
                    "It is shown read-only: new games are not saved in it."));
    }
  else if (res != CHECK_OK)
    return FALSE;

  if (!open_read_conn (self, error))
    return FALSE;
  if (self->read_only)
    {
      pragma_int (self->r.db, "SELECT count(*) FROM sqlite_master WHERE name = 'games_fts'", &fts_objects);
      self->fts = fts_objects == 1;
    }
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* GObject                                                             */

static void
imh_library_finalize (GObject *object)
{
  ImhLibrary *self = IMH_LIBRARY (object);

  /* The writer closes last: it checkpoints the WAL into the file. */
  conn_free (&self->r);
  conn_free (&self->w);
  g_free (self->path);
  g_free (self->open_message);
  g_free (self->moved_aside);
  g_main_context_unref (self->context);
  G_OBJECT_CLASS (imh_library_parent_class)->finalize (object);
}

static void
imh_library_class_init (ImhLibraryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = imh_library_finalize;

  /**
   * ImhLibrary::game-added:
   * A game was stored for the first time (or restored by an undo).
   */
  signals[GAME_ADDED] = g_signal_new ("game-added", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                      0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT64);
  signals[GAME_REMOVED] = g_signal_new ("game-removed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                        0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT64);
  signals[GAME_CHANGED] = g_signal_new ("game-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                        0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT64);
}

static void
imh_library_init (ImhLibrary *self)
{
  conn_init (&self->w);
  conn_init (&self->r);
  self->context = g_main_context_ref_thread_default ();
}

char *
imh_library_default_path (void)
{
  return g_build_filename (g_get_user_data_dir (), APP_ID, "library.sqlite3", NULL);
}

ImhLibrary *
imh_library_open (const char  *path,
                  GError     **error)
{
  g_autoptr(ImhLibrary) self = g_object_new (IMH_TYPE_LIBRARY, NULL);

  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self->path = path != NULL ? g_strdup (path) : imh_library_default_path ();
  if (!library_open (self, error))
    return NULL;
  return g_steal_pointer (&self);
}

static void
open_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  GError *error = NULL;
  ImhLibrary *self = imh_library_open (task_data, &error);

  if (self == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, self, g_object_unref);
}

void
imh_library_open_async (const char          *path,
                        GCancellable        *cancellable,
                        GAsyncReadyCallback  callback,
                        gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);

  g_task_set_source_tag (task, imh_library_open_async);
  g_task_set_task_data (task, g_strdup (path), g_free);
  g_task_run_in_thread (task, open_thread);
}

ImhLibrary *
imh_library_open_finish (GAsyncResult  *result,
                         GError       **error)
{
  ImhLibrary *self;

  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);

  self = g_task_propagate_pointer (G_TASK (result), error);
  if (self != NULL)
    {
      /* Signals go to the main context of the caller. */
      g_main_context_unref (self->context);
      self->context = g_main_context_ref_thread_default ();
    }
  return self;
}

const char *
imh_library_get_path (ImhLibrary *self)
{
  g_return_val_if_fail (IMH_IS_LIBRARY (self), NULL);
  return self->path;
}

gboolean
imh_library_is_read_only (ImhLibrary *self)
{
  g_return_val_if_fail (IMH_IS_LIBRARY (self), TRUE);
  return self->read_only;
}

ImhLibraryOpenStatus
imh_library_get_open_status (ImhLibrary *self)
{
  g_return_val_if_fail (IMH_IS_LIBRARY (self), IMH_LIBRARY_OPEN_OK);
  return self->status;
}

const char *
imh_library_get_open_message (ImhLibrary *self)
{
  g_return_val_if_fail (IMH_IS_LIBRARY (self), NULL);
  return self->open_message;
}

const char *
imh_library_get_moved_aside_path (ImhLibrary *self)
{
  g_return_val_if_fail (IMH_IS_LIBRARY (self), NULL);
  return self->moved_aside;
}

gboolean
imh_library_has_fts (ImhLibrary *self)
{
  g_return_val_if_fail (IMH_IS_LIBRARY (self), FALSE);
  return self->fts;
}

/* ------------------------------------------------------------------ */
/* Storing records                                                     */

static gint64
now_unix (void)
{
  return g_get_real_time () / G_USEC_PER_SEC;
}

static gboolean
find_hash_locked (Conn *c, const char *sha256, gint64 *id, GError **error)
{
  sqlite3_stmt *stmt = conn_stmt (c, "SELECT id FROM games WHERE record_hash = ?1 LIMIT 1", error);
  int rc;

  if (stmt == NULL)
    return FALSE;
  bind_text (stmt, 1, sha256);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    *id = sqlite3_column_int64 (stmt, 0);
  else
    *id = 0;
  sqlite3_reset (stmt);
  if (rc != SQLITE_ROW && rc != SQLITE_DONE)
    return sql_error (error, c->db, rc);
  return TRUE;
}

/* Writes the full-text row of a game from the games table. */
static gboolean
fts_refresh_locked (ImhLibrary *self, Conn *c, gint64 id, GError **error)
{
  sqlite3_stmt *stmt;

  if (!self->fts)
    return TRUE;
  stmt = conn_stmt (c, "DELETE FROM games_fts WHERE rowid = ?1", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, id);
  if (!stmt_done (c, stmt, error))
    return FALSE;
  stmt = conn_stmt (c,
                    "INSERT INTO games_fts (rowid, players, notes, tags) "
                    "SELECT g.id, (SELECT group_concat (name, ' ') FROM players WHERE game_id = g.id), "
                    "g.notes, g.tags FROM games g WHERE g.id = ?1", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, id);
  return stmt_done (c, stmt, error);
}

static gboolean
fts_delete_locked (ImhLibrary *self, Conn *c, gint64 id, GError **error)
{
  sqlite3_stmt *stmt;

  if (!self->fts)
    return TRUE;
  stmt = conn_stmt (c, "DELETE FROM games_fts WHERE rowid = ?1", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, id);
  return stmt_done (c, stmt, error);
}

static gboolean
set_tags_locked (ImhLibrary *self, Conn *c, gint64 id, const char * const *tags, GError **error)
{
  sqlite3_stmt *stmt;
  g_autoptr(GPtrArray) kept = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *joined = NULL;

  stmt = conn_stmt (c, "DELETE FROM game_tags WHERE game_id = ?1", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, id);
  if (!stmt_done (c, stmt, error))
    return FALSE;

  for (guint i = 0; tags != NULL && tags[i] != NULL; i++)
    {
      g_autofree char *tag = g_strstrip (g_strdup (tags[i]));
      gboolean seen = FALSE;

      if (tag[0] == '\0')
        continue;
      for (guint j = 0; j < kept->len && !seen; j++)
        seen = g_utf8_collate (kept->pdata[j], tag) == 0 || g_ascii_strcasecmp (kept->pdata[j], tag) == 0;
      if (seen)
        continue;

      stmt = conn_stmt (c, "INSERT INTO tags (name) VALUES (?1) ON CONFLICT (name) DO NOTHING", error);
      if (stmt == NULL)
        return FALSE;
      bind_text (stmt, 1, tag);
      if (!stmt_done (c, stmt, error))
        return FALSE;
      stmt = conn_stmt (c, "INSERT OR IGNORE INTO game_tags (game_id, tag_id) "
                           "SELECT ?1, id FROM tags WHERE name = ?2", error);
      if (stmt == NULL)
        return FALSE;
      sqlite3_bind_int64 (stmt, 1, id);
      bind_text (stmt, 2, tag);
      if (!stmt_done (c, stmt, error))
        return FALSE;
      g_ptr_array_add (kept, g_steal_pointer (&tag));
    }
  g_ptr_array_add (kept, NULL);
  joined = g_strjoinv (", ", (char **) kept->pdata);

  stmt = conn_stmt (c, "UPDATE games SET tags = ?2, modified = ?3 WHERE id = ?1", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, id);
  bind_text (stmt, 2, joined);
  sqlite3_bind_int64 (stmt, 3, now_unix ());
  if (!stmt_done (c, stmt, error))
    return FALSE;
  stmt = conn_stmt (c, "DELETE FROM tags WHERE NOT EXISTS "
                       "(SELECT 1 FROM game_tags WHERE tag_id = tags.id)", error);
  if (stmt == NULL || !stmt_done (c, stmt, error))
    return FALSE;
  return fts_refresh_locked (self, c, id, error);
}

/* Inserts (id == 0 or force) or updates the game id from info, inside a
 * transaction the caller holds. Returns the id or 0. */
static gint64
store_locked (ImhLibrary                 *self,
              Conn                       *c,
              gint64                      id,
              gboolean                    insert_with_id,
              const ImhLibraryRecordInfo *info,
              GError                    **error)
{
  sqlite3_stmt *stmt;
  gint64 now = now_unix ();
  gboolean insert = id == 0 || insert_with_id;

  if (insert)
    stmt = conn_stmt (c,
                      "INSERT INTO games (record_hash, game, n_players, sides, variants, seed, players,"
                      " started, ended, finished, winner, result, scores, length, turns, max_level,"
                      " added, modified, id)"
                      " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16,"
                      " ?17, ?17, ?18)", error);
  else
    stmt = conn_stmt (c,
                      "UPDATE games SET record_hash = ?1, game = ?2, n_players = ?3, sides = ?4,"
                      " variants = ?5, seed = ?6, players = ?7, started = ?8, ended = ?9,"
                      " finished = ?10, winner = ?11, result = ?12, scores = ?13, length = ?14,"
                      " turns = ?15, max_level = ?16, modified = ?17 WHERE id = ?18", error);
  if (stmt == NULL)
    return 0;

  bind_text (stmt, 1, info->sha256);
  sqlite3_bind_int (stmt, 2, info->game);
  sqlite3_bind_int (stmt, 3, (int) info->n_players);
  bind_text (stmt, 4, info->sides);
  sqlite3_bind_int64 (stmt, 5, info->variants);
  sqlite3_bind_int64 (stmt, 6, info->seed);
  bind_text (stmt, 7, info->players_text);
  sqlite3_bind_int64 (stmt, 8, info->started != 0 ? info->started : now);
  sqlite3_bind_int64 (stmt, 9, info->ended != 0 ? info->ended : (info->started != 0 ? info->started : now));
  sqlite3_bind_int (stmt, 10, info->finished);
  sqlite3_bind_int (stmt, 11, info->winner);
  bind_text (stmt, 12, info->result);
  bind_text (stmt, 13, info->scores_text);
  sqlite3_bind_int (stmt, 14, (int) info->length);
  sqlite3_bind_int (stmt, 15, (int) info->turns);
  sqlite3_bind_int (stmt, 16, info->max_level);
  sqlite3_bind_int64 (stmt, 17, now);
  if (id != 0)
    sqlite3_bind_int64 (stmt, 18, id);
  else
    sqlite3_bind_null (stmt, 18);
  if (!stmt_done (c, stmt, error))
    return 0;

  if (insert)
    id = sqlite3_last_insert_rowid (c->db);
  else if (sqlite3_changes (c->db) != 1)
    {
      g_set_error (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_NOT_FOUND,
                   _("There is no game %lld in the library"), (long long) id);
      return 0;
    }

  stmt = conn_stmt (c, "INSERT OR REPLACE INTO records (game_id, text) VALUES (?1, ?2)", error);
  if (stmt == NULL)
    return 0;
  sqlite3_bind_int64 (stmt, 1, id);
  bind_text (stmt, 2, info->canonical);
  if (!stmt_done (c, stmt, error))
    return 0;

  stmt = conn_stmt (c, "DELETE FROM players WHERE game_id = ?1", error);
  if (stmt == NULL)
    return 0;
  sqlite3_bind_int64 (stmt, 1, id);
  if (!stmt_done (c, stmt, error))
    return 0;
  for (guint i = 0; i < info->n_players; i++)
    {
      stmt = conn_stmt (c, "INSERT INTO players (game_id, seat, name, kind, level, score, place)"
                           " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)", error);
      if (stmt == NULL)
        return 0;
      sqlite3_bind_int64 (stmt, 1, id);
      sqlite3_bind_int (stmt, 2, (int) i);
      bind_text (stmt, 3, info->names[i]);
      bind_text (stmt, 4, info->kinds[i]);
      sqlite3_bind_int (stmt, 5, info->levels[i]);
      if (info->has_scores)
        sqlite3_bind_int (stmt, 6, info->scores[i]);
      if (info->places[i] > 0)
        sqlite3_bind_int (stmt, 7, info->places[i]);
      if (!stmt_done (c, stmt, error))
        return 0;
    }

  /* A new game takes the tags written in its record. */
  if (insert && info->tags != NULL && info->tags[0] != NULL)
    {
      if (!set_tags_locked (self, c, id, (const char * const *) info->tags, error))
        return 0;
    }
  else if (!fts_refresh_locked (self, c, id, error))
    return 0;
  return id;
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

  g_return_val_if_fail (IMH_IS_LIBRARY (self), 0);
  g_return_val_if_fail (id >= 0, 0);
  g_return_val_if_fail (record != NULL, 0);

  if (!_imh_library_describe_text (record, &info, error))
    {
      _imh_library_record_info_clear (&info);
      return 0;
    }
  c = write_conn (self, error);
  if (c == NULL)
    {
      _imh_library_record_info_clear (&info);
      return 0;
    }
  if (begin (c, error))
    {
      if (reject_duplicate && !find_hash_locked (c, info.sha256, &other, error))
        ;
      else if (reject_duplicate && other != 0 && other != id)
        g_set_error (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_DUPLICATE,
                     _("The same game is already in the library (game %lld)"), (long long) other);
      else
        result = store_locked (self, c, id, FALSE, &info, error);
      if (result != 0 && !commit (c, error))
        result = 0;
      if (result == 0)
        rollback (c);
    }
  conn_unlock (c);
  _imh_library_record_info_clear (&info);

  if (result != 0)
    emit (self, id == 0 ? GAME_ADDED : GAME_CHANGED, result);
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
  g_return_val_if_fail (g_task_is_valid (result, self), 0);
  return (gint64) g_task_propagate_int (G_TASK (result), error);
}

/* ------------------------------------------------------------------ */
/* Reading                                                             */

static gboolean
not_found (GError **error, gint64 id)
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

  c = read_conn (self);
  stmt = conn_stmt (c, "SELECT text FROM records WHERE game_id = ?1", error);
  if (stmt != NULL)
    {
      sqlite3_bind_int64 (stmt, 1, id);
      rc = sqlite3_step (stmt);
      if (rc == SQLITE_ROW)
        text = column_dup (stmt, 0);
      else if (rc == SQLITE_DONE)
        not_found (error, id);
      else
        sql_error (error, c->db, rc);
      sqlite3_reset (stmt);
    }
  conn_unlock (c);
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
  " scores, result, length, turns, starred, analysed, n_blunders, tags, notes"

static ImhGameSummary *
summary_from_row (sqlite3_stmt *stmt)
{
  ImhGameSummaryData d = { 0 };

  d.id = sqlite3_column_int64 (stmt, 0);
  d.game = sqlite3_column_int (stmt, 1);
  d.n_players = (guint) sqlite3_column_int (stmt, 2);
  d.sides = column_dup (stmt, 3);
  d.variants = (guint) sqlite3_column_int64 (stmt, 4);
  d.players = column_dup (stmt, 5);
  d.started = sqlite3_column_int64 (stmt, 6);
  d.ended = sqlite3_column_int64 (stmt, 7);
  d.finished = sqlite3_column_int (stmt, 8) != 0;
  d.winner = sqlite3_column_int (stmt, 9);
  d.scores = column_dup (stmt, 10);
  d.result = column_dup (stmt, 11);
  d.length = (guint) sqlite3_column_int (stmt, 12);
  d.turns = (guint) sqlite3_column_int (stmt, 13);
  d.starred = sqlite3_column_int (stmt, 14) != 0;
  d.analysed = sqlite3_column_int (stmt, 15) != 0;
  d.n_blunders = (guint) sqlite3_column_int (stmt, 16);
  d.tags = column_dup (stmt, 17);
  d.notes = column_dup (stmt, 18);
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

  c = read_conn (self);
  /* One read transaction: a consistent snapshot for the whole page. */
  ok = conn_exec (c, "BEGIN", error);
  for (guint i = 0; ok && i < n_ids; i++)
    {
      sqlite3_stmt *stmt = conn_stmt (c, "SELECT " SUMMARY_COLUMNS " FROM games WHERE id = ?1", error);
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
        ok = sql_error (error, c->db, rc);
      sqlite3_reset (stmt);
    }
  if (!sqlite3_get_autocommit (c->db))
    sqlite3_exec (c->db, "COMMIT", NULL, NULL, NULL);
  conn_unlock (c);
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
      not_found (error, id);
      return NULL;
    }
  return g_object_ref (list->pdata[0]);
}

static gint64
scalar_locked (Conn *c, const char *sql, GError **error, gboolean *ok)
{
  sqlite3_stmt *stmt = conn_stmt (c, sql, error);
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
    *ok = sql_error (error, c->db, rc);
  sqlite3_reset (stmt);
  return v;
}

/* The newest unfinished game WHERE `also` holds ("" or " AND …"). */
#define LATEST_UNFINISHED(also) \
  "SELECT coalesce ((SELECT id FROM games WHERE finished = 0" also \
  " ORDER BY modified DESC, id DESC LIMIT 1), 0)"

static gint64
latest_unfinished (ImhLibrary  *self,
                   const char  *sql,
                   GError     **error)
{
  gboolean ok = TRUE;
  Conn *c = read_conn (self);
  gint64 id = scalar_locked (c, sql, error, &ok);

  conn_unlock (c);
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
  g_return_val_if_fail (IMH_IS_LIBRARY (self), 0);
  g_return_val_if_fail (kind == IMH_GAME_DUEL || kind == IMH_GAME_CLASSIC, 0);

  /* One statement per kind, cached like every other. */
  return latest_unfinished (self, kind == IMH_GAME_DUEL ? LATEST_UNFINISHED (" AND game = 0")
                                                        : LATEST_UNFINISHED (" AND game = 1"),
                            error);
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

  c = read_conn (self);
  ok = find_hash_locked (c, sha256, &id, error);
  conn_unlock (c);
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

  c = read_conn (self);
  n = scalar_locked (c, "SELECT count(*) FROM games", error, &ok);
  conn_unlock (c);
  return (guint64) n;
}

/* ------------------------------------------------------------------ */
/* Queries                                                             */

void
imh_library_query_init (ImhLibraryQuery *query)
{
  memset (query, 0, sizeof *query);
  query->game = -1;
  query->finished = IMH_LIBRARY_ANY;
  query->winner = -1;
  query->min_level = -1;
  query->analysed = IMH_LIBRARY_ANY;
  query->has_blunder = IMH_LIBRARY_ANY;
  query->starred = IMH_LIBRARY_ANY;
  query->sort = IMH_LIBRARY_SORT_DATE;
  query->descending = TRUE;
}

void
imh_library_query_clear (ImhLibraryQuery *query)
{
  g_clear_pointer (&query->search, g_free);
  g_clear_pointer (&query->sides, g_free);
  g_clear_pointer (&query->tag, g_free);
}

void
imh_library_query_copy (ImhLibraryQuery       *dst,
                        const ImhLibraryQuery *src)
{
  *dst = *src;
  dst->search = g_strdup (src->search);
  dst->sides = g_strdup (src->sides);
  dst->tag = g_strdup (src->tag);
}

/* The words of a search, each cleaned of quotes; NULL if none. */
static GStrv
search_words (const char *search)
{
  g_auto(GStrv) raw = NULL;
  g_autoptr(GPtrArray) words = g_ptr_array_new_with_free_func (g_free);

  if (search == NULL)
    return NULL;
  raw = g_strsplit_set (search, " \t\n\r", -1);
  for (guint i = 0; raw[i] != NULL; i++)
    {
      GString *w = g_string_new (NULL);
      for (const char *p = raw[i]; *p != '\0'; p++)
        if (*p != '"')
          g_string_append_c (w, *p);
      if (w->len > 0)
        g_ptr_array_add (words, g_string_free (w, FALSE));
      else
        g_string_free (w, TRUE);
    }
  if (words->len == 0)
    return NULL;
  g_ptr_array_add (words, NULL);
  return (GStrv) g_ptr_array_free (g_steal_pointer (&words), FALSE);
}

typedef struct {
  GString   *sql;
  GPtrArray *texts;            /* bound values in order: char* or NULL for an int */
  GArray    *ints;
  GArray    *kinds;            /* 't' or 'i' */
  gboolean   has_where;
} Builder;

static void
builder_where (Builder *b, const char *clause)
{
  g_string_append (b->sql, b->has_where ? " AND " : " WHERE ");
  b->has_where = TRUE;
  g_string_append (b->sql, clause);
}

static void
builder_text (Builder *b, const char *s)
{
  char k = 't';
  gint64 zero = 0;
  g_ptr_array_add (b->texts, g_strdup (s));
  g_array_append_val (b->ints, zero);
  g_array_append_val (b->kinds, k);
}

static void
builder_int (Builder *b, gint64 v)
{
  char k = 'i';
  g_ptr_array_add (b->texts, NULL);
  g_array_append_val (b->ints, v);
  g_array_append_val (b->kinds, k);
}

static char *
like_pattern (const char *word)
{
  GString *s = g_string_new ("%");
  for (const char *p = word; *p != '\0'; p++)
    {
      if (*p == '%' || *p == '_' || *p == '\\')
        g_string_append_c (s, '\\');
      g_string_append_c (s, *p);
    }
  g_string_append_c (s, '%');
  return g_string_free (s, FALSE);
}

static void
build_query (ImhLibrary *self, const ImhLibraryQuery *q, Builder *b)
{
  g_auto(GStrv) words = search_words (q->search);
  const char *dir = q->descending ? "DESC" : "ASC";
  const char *rev = q->descending ? "ASC" : "DESC";

  b->sql = g_string_new ("SELECT id FROM games");
  b->has_where = FALSE;
  b->texts = g_ptr_array_new_with_free_func (g_free);
  b->ints = g_array_new (FALSE, FALSE, sizeof (gint64));
  b->kinds = g_array_new (FALSE, FALSE, 1);

  if (words != NULL && self->fts)
    {
      GString *match = g_string_new (NULL);
      for (guint i = 0; words[i] != NULL; i++)
        g_string_append_printf (match, "%s\"%s\"*", i > 0 ? " " : "", words[i]);
      builder_where (b, "id IN (SELECT rowid FROM games_fts WHERE games_fts MATCH ?)");
      builder_text (b, match->str);
      g_string_free (match, TRUE);
    }
  else if (words != NULL)
    for (guint i = 0; words[i] != NULL; i++)
      {
        g_autofree char *pattern = like_pattern (words[i]);
        builder_where (b, "(EXISTS (SELECT 1 FROM players p WHERE p.game_id = games.id"
                          " AND p.name LIKE ? ESCAPE '\\')"
                          " OR notes LIKE ? ESCAPE '\\' OR tags LIKE ? ESCAPE '\\')");
        builder_text (b, pattern);
        builder_text (b, pattern);
        builder_text (b, pattern);
      }

  if (q->game >= 0)
    {
      builder_where (b, "game = ?");
      builder_int (b, q->game);
    }
  if (q->n_players > 0)
    {
      builder_where (b, "n_players = ?");
      builder_int (b, q->n_players);
    }
  if (q->sides != NULL && q->sides[0] != '\0')
    {
      builder_where (b, "sides = ?");
      builder_text (b, q->sides);
    }
  if (q->finished != IMH_LIBRARY_ANY)
    {
      builder_where (b, "finished = ?");
      builder_int (b, q->finished == IMH_LIBRARY_YES);
    }
  if (q->winner >= 0)
    {
      builder_where (b, "winner = ?");
      builder_int (b, q->winner);
    }
  if (q->min_level >= 0)
    {
      builder_where (b, "max_level >= ?");
      builder_int (b, q->min_level);
    }
  if (q->analysed != IMH_LIBRARY_ANY)
    {
      builder_where (b, "analysed = ?");
      builder_int (b, q->analysed == IMH_LIBRARY_YES);
    }
  if (q->has_blunder != IMH_LIBRARY_ANY)
    builder_where (b, q->has_blunder == IMH_LIBRARY_YES ? "n_blunders > 0" : "n_blunders = 0");
  if (q->starred != IMH_LIBRARY_ANY)
    {
      builder_where (b, "starred = ?");
      builder_int (b, q->starred == IMH_LIBRARY_YES);
    }
  if (q->tag != NULL && q->tag[0] != '\0')
    {
      builder_where (b, "id IN (SELECT gt.game_id FROM game_tags gt JOIN tags t ON t.id = gt.tag_id"
                        " WHERE t.name = ?)");
      builder_text (b, q->tag);
    }

  switch (q->sort)
    {
    case IMH_LIBRARY_SORT_GAME:
      g_string_append_printf (b->sql, " ORDER BY game %s, n_players %s, started %s, id %s", dir, dir, dir, dir);
      break;
    case IMH_LIBRARY_SORT_PLAYERS:
      g_string_append_printf (b->sql, " ORDER BY players COLLATE NOCASE %s, id %s", dir, dir);
      break;
    case IMH_LIBRARY_SORT_RESULT:
      /* Ascending: finished games first, by winner seat. */
      g_string_append_printf (b->sql, " ORDER BY finished %s, winner %s, started %s, id %s", rev, dir, dir, dir);
      break;
    case IMH_LIBRARY_SORT_LENGTH:
      g_string_append_printf (b->sql, " ORDER BY length %s, id %s", dir, dir);
      break;
    case IMH_LIBRARY_SORT_STARRED:
      g_string_append_printf (b->sql, " ORDER BY starred %s, started %s, id %s", rev, dir, dir);
      break;
    case IMH_LIBRARY_SORT_DATE:
    case IMH_LIBRARY_N_SORTS:
    default:
      g_string_append_printf (b->sql, " ORDER BY started %s, id %s", dir, dir);
      break;
    }
}

static void
builder_clear (Builder *b)
{
  g_string_free (b->sql, TRUE);
  g_ptr_array_unref (b->texts);
  g_array_unref (b->ints);
  g_array_unref (b->kinds);
}

GArray *
imh_library_query_ids (ImhLibrary            *self,
                       const ImhLibraryQuery *query,
                       GError               **error)
{
  ImhLibraryQuery all;
  Builder b;
  Conn *c;
  sqlite3_stmt *stmt = NULL;
  GArray *ids = NULL;
  int rc;

  g_return_val_if_fail (IMH_IS_LIBRARY (self), NULL);

  if (query == NULL)
    {
      imh_library_query_init (&all);
      query = &all;
    }
  build_query (self, query, &b);

  c = read_conn (self);
  rc = sqlite3_prepare_v2 (c->db, b.sql->str, -1, &stmt, NULL);
  if (rc != SQLITE_OK)
    sql_error (error, c->db, rc);
  else
    {
      for (guint i = 0; i < b.kinds->len; i++)
        if (g_array_index (b.kinds, char, i) == 't')
          bind_text (stmt, (int) i + 1, b.texts->pdata[i]);
        else
          sqlite3_bind_int64 (stmt, (int) i + 1, g_array_index (b.ints, gint64, i));
      ids = g_array_new (FALSE, FALSE, sizeof (gint64));
      while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
        {
          gint64 id = sqlite3_column_int64 (stmt, 0);
          g_array_append_val (ids, id);
        }
      if (rc != SQLITE_DONE)
        {
          sql_error (error, c->db, rc);
          g_clear_pointer (&ids, g_array_unref);
        }
    }
  sqlite3_finalize (stmt);
  conn_unlock (c);
  builder_clear (&b);
  return ids;
}

static void
query_data_free (gpointer data)
{
  imh_library_query_clear (data);
  g_free (data);
}

static void
query_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  GError *error = NULL;
  GArray *ids = imh_library_query_ids (source, task_data, &error);

  if (ids == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, ids, (GDestroyNotify) g_array_unref);
}

void
imh_library_query_ids_async (ImhLibrary            *self,
                             const ImhLibraryQuery *query,
                             GCancellable          *cancellable,
                             GAsyncReadyCallback    callback,
                             gpointer               user_data)
{
  g_autoptr(GTask) task = NULL;
  ImhLibraryQuery *copy = g_new0 (ImhLibraryQuery, 1);

  g_return_if_fail (IMH_IS_LIBRARY (self));

  if (query != NULL)
    imh_library_query_copy (copy, query);
  else
    imh_library_query_init (copy);
  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, imh_library_query_ids_async);
  g_task_set_task_data (task, copy, query_data_free);
  g_task_run_in_thread (task, query_thread);
}

GArray *
imh_library_query_ids_finish (ImhLibrary    *self,
                              GAsyncResult  *result,
                              GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

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
  Conn *c = write_conn (self, error);
  sqlite3_stmt *stmt;
  gboolean ok = FALSE;

  if (c == NULL)
    return FALSE;
  if (begin (c, error) && (stmt = conn_stmt (c, sql, error)) != NULL)
    {
      sqlite3_bind_int64 (stmt, 1, id);
      if (text_value != NULL)
        bind_text (stmt, 2, text_value);
      else
        sqlite3_bind_int64 (stmt, 2, int_value);
      sqlite3_bind_int64 (stmt, 3, now_unix ());
      ok = stmt_done (c, stmt, error);
      if (ok && sqlite3_changes (c->db) != 1)
        ok = not_found (error, id);
      if (ok && refresh_fts)
        ok = fts_refresh_locked (self, c, id, error);
      ok = ok && commit (c, error);
    }
  rollback (c);
  conn_unlock (c);
  if (ok)
    emit (self, GAME_CHANGED, id);
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
  return update_game (self, id, "UPDATE games SET notes = ?2, modified = ?3 WHERE id = ?1",
                      0, notes != NULL ? notes : "", TRUE, error);
}

static gboolean
game_exists_locked (Conn *c, gint64 id, GError **error)
{
  sqlite3_stmt *stmt = conn_stmt (c, "SELECT 1 FROM games WHERE id = ?1", error);
  int rc;

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, id);
  rc = sqlite3_step (stmt);
  sqlite3_reset (stmt);
  if (rc == SQLITE_ROW)
    return TRUE;
  if (rc == SQLITE_DONE)
    return not_found (error, id);
  return sql_error (error, c->db, rc);
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

  c = write_conn (self, error);
  if (c == NULL)
    return FALSE;
  if (begin (c, error))
    ok = game_exists_locked (c, id, error)
         && set_tags_locked (self, c, id, tags, error)
         && commit (c, error);
  rollback (c);
  conn_unlock (c);
  if (ok)
    emit (self, GAME_CHANGED, id);
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

  c = read_conn (self);
  stmt = conn_stmt (c, "SELECT name FROM tags ORDER BY name COLLATE NOCASE", error);
  if (stmt != NULL)
    {
      while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
        g_ptr_array_add (tags, column_dup (stmt, 0));
      sqlite3_reset (stmt);
      if (rc != SQLITE_DONE)
        sql_error (error, c->db, rc);
    }
  conn_unlock (c);
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

  c = write_conn (self, error);
  if (c == NULL)
    return FALSE;
  if (begin (c, error) && game_exists_locked (c, id, error))
    {
      if (png != NULL)
        {
          gsize size;
          gconstpointer data = g_bytes_get_data (png, &size);
          stmt = conn_stmt (c, "INSERT OR REPLACE INTO thumbnails (game_id, png) VALUES (?1, ?2)", error);
          if (stmt != NULL)
            {
              sqlite3_bind_int64 (stmt, 1, id);
              sqlite3_bind_blob64 (stmt, 2, data != NULL ? data : "", size, SQLITE_TRANSIENT);
              ok = stmt_done (c, stmt, error);
            }
        }
      else if ((stmt = conn_stmt (c, "DELETE FROM thumbnails WHERE game_id = ?1", error)) != NULL)
        {
          sqlite3_bind_int64 (stmt, 1, id);
          ok = stmt_done (c, stmt, error);
        }
      ok = ok && commit (c, error);
    }
  rollback (c);
  conn_unlock (c);
  if (ok)
    emit (self, GAME_CHANGED, id);
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

  c = read_conn (self);
  stmt = conn_stmt (c, "SELECT png FROM thumbnails WHERE game_id = ?1", error);
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
        sql_error (error, c->db, rc);
      sqlite3_reset (stmt);
    }
  conn_unlock (c);
  return bytes;
}

static gint64
insert_analysis_locked (Conn        *c,
                        gint64       game_id,
                        const char  *engine_version,
                        const char  *settings,
                        const char  *data,
                        guint        n_blunders,
                        gint64       created,
                        GError     **error)
{
  sqlite3_stmt *stmt = conn_stmt (c, "INSERT INTO analyses (game_id, engine_version, settings, data,"
                                     " n_blunders, created) VALUES (?1, ?2, ?3, ?4, ?5, ?6)", error);
  gint64 id;

  if (stmt == NULL)
    return 0;
  sqlite3_bind_int64 (stmt, 1, game_id);
  bind_text (stmt, 2, engine_version);
  bind_text (stmt, 3, settings);
  bind_text (stmt, 4, data);
  sqlite3_bind_int (stmt, 5, (int) n_blunders);
  sqlite3_bind_int64 (stmt, 6, created);
  if (!stmt_done (c, stmt, error))
    return 0;
  id = sqlite3_last_insert_rowid (c->db);
  stmt = conn_stmt (c, "UPDATE games SET analysed = 1, n_blunders = ?2 WHERE id = ?1", error);
  if (stmt == NULL)
    return 0;
  sqlite3_bind_int64 (stmt, 1, game_id);
  sqlite3_bind_int (stmt, 2, (int) n_blunders);
  if (!stmt_done (c, stmt, error))
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

  c = write_conn (self, error);
  if (c == NULL)
    return 0;
  if (begin (c, error) && game_exists_locked (c, game_id, error))
    {
      /* Re-analysis replaces the old analysis, in the same transaction. */
      sqlite3_stmt *del = conn_stmt (c, "DELETE FROM analyses WHERE game_id = ?1", error);

      if (del != NULL)
        sqlite3_bind_int64 (del, 1, game_id);
      if (del != NULL && stmt_done (c, del, error))
        id = insert_analysis_locked (c, game_id, engine_version, settings, data, n_blunders,
                                     now_unix (), error);
      if (id != 0 && !commit (c, error))
        id = 0;
    }
  rollback (c);
  conn_unlock (c);
  if (id != 0)
    emit (self, GAME_CHANGED, game_id);
  return id;
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

  c = read_conn (self);
  stmt = conn_stmt (c, "SELECT engine_version, settings, data FROM analyses WHERE game_id = ?1"
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
            *engine_version = column_dup (stmt, 0);
          if (settings != NULL)
            *settings = column_dup (stmt, 1);
          if (data != NULL)
            *data = column_dup (stmt, 2);
        }
      else if (rc == SQLITE_DONE)
        g_set_error (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_NOT_FOUND,
                     _("Game %lld has not been analysed"), (long long) game_id);
      else
        sql_error (error, c->db, rc);
      sqlite3_reset (stmt);
    }
  conn_unlock (c);
  return ok;
}

static gint64
insert_bookmark_locked (Conn *c, gint64 id, gint64 game_id, guint ply, const char *label,
                        gint64 created, GError **error)
{
  sqlite3_stmt *stmt = conn_stmt (c, "INSERT INTO bookmarks (id, game_id, ply, label, created)"
                                     " VALUES (?1, ?2, ?3, ?4, ?5)", error);
  if (stmt == NULL)
    return 0;
  if (id != 0)
    sqlite3_bind_int64 (stmt, 1, id);
  sqlite3_bind_int64 (stmt, 2, game_id);
  sqlite3_bind_int (stmt, 3, (int) ply);
  bind_text (stmt, 4, label);
  sqlite3_bind_int64 (stmt, 5, created);
  if (!stmt_done (c, stmt, error))
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

  c = write_conn (self, error);
  if (c == NULL)
    return 0;
  if (begin (c, error) && game_exists_locked (c, game_id, error))
    {
      id = insert_bookmark_locked (c, 0, game_id, ply, label, now_unix (), error);
      if (id != 0 && !commit (c, error))
        id = 0;
    }
  rollback (c);
  conn_unlock (c);
  if (id != 0)
    emit (self, GAME_CHANGED, game_id);
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

  c = write_conn (self, error);
  if (c == NULL)
    return FALSE;
  if (begin (c, error) && (stmt = conn_stmt (c, "DELETE FROM bookmarks WHERE id = ?1", error)) != NULL)
    {
      sqlite3_bind_int64 (stmt, 1, bookmark_id);
      ok = stmt_done (c, stmt, error);
      if (ok && sqlite3_changes (c->db) != 1)
        {
          g_set_error (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_NOT_FOUND,
                       _("There is no bookmark %lld"), (long long) bookmark_id);
          ok = FALSE;
        }
      ok = ok && commit (c, error);
    }
  rollback (c);
  conn_unlock (c);
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

  c = read_conn (self);
  stmt = conn_stmt (c, "SELECT id, game_id, ply, label FROM bookmarks"
                       " WHERE ?1 = 0 OR game_id = ?1 ORDER BY game_id, ply, id", error);
  if (stmt != NULL)
    {
      sqlite3_bind_int64 (stmt, 1, game_id);
      while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
        {
          ImhLibraryBookmark *b = g_new0 (ImhLibraryBookmark, 1);
          b->id = sqlite3_column_int64 (stmt, 0);
          b->game_id = sqlite3_column_int64 (stmt, 1);
          b->ply = (guint) sqlite3_column_int (stmt, 2);
          b->label = column_dup (stmt, 3);
          g_ptr_array_add (out, b);
        }
      sqlite3_reset (stmt);
      if (rc != SQLITE_DONE)
        sql_error (error, c->db, rc);
    }
  conn_unlock (c);
  if (stmt == NULL || rc != SQLITE_DONE)
    return NULL;
  return g_steal_pointer (&out);
}

/* ------------------------------------------------------------------ */
/* Delete and undo                                                     */

typedef struct {
  gint64  id;
  char   *record;
  gboolean starred;
  char   *notes;
  GStrv   tags;
  gint64  added;
  GBytes *thumbnail;
  GPtrArray *analyses;     /* AnalysisRow */
  GPtrArray *bookmarks;    /* ImhLibraryBookmark (created kept in ply's place below) */
} DeletedGame;

typedef struct {
  char  *engine_version, *settings, *data;
  guint  n_blunders;
  gint64 created;
} AnalysisRow;

struct _ImhLibraryDeleted {
  gatomicrefcount ref_count;
  GPtrArray      *games;   /* DeletedGame */
};

static void
analysis_row_free (AnalysisRow *a)
{
  g_free (a->engine_version);
  g_free (a->settings);
  g_free (a->data);
  g_free (a);
}

static void
deleted_game_free (DeletedGame *g)
{
  g_free (g->record);
  g_free (g->notes);
  g_strfreev (g->tags);
  g_clear_pointer (&g->thumbnail, g_bytes_unref);
  g_clear_pointer (&g->analyses, g_ptr_array_unref);
  g_clear_pointer (&g->bookmarks, g_ptr_array_unref);
  g_free (g);
}

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
      g_ptr_array_unref (deleted->games);
      g_free (deleted);
    }
}

guint
imh_library_deleted_get_n_games (ImhLibraryDeleted *deleted)
{
  g_return_val_if_fail (deleted != NULL, 0);
  return deleted->games->len;
}

static DeletedGame *
snapshot_locked (Conn *c, gint64 id, GError **error)
{
  DeletedGame *g = g_new0 (DeletedGame, 1);
  g_autoptr(GPtrArray) tags = g_ptr_array_new_with_free_func (g_free);
  sqlite3_stmt *stmt;
  int rc;

  g->id = id;
  g->analyses = g_ptr_array_new_with_free_func ((GDestroyNotify) analysis_row_free);
  g->bookmarks = g_ptr_array_new_with_free_func ((GDestroyNotify) imh_library_bookmark_free);

  stmt = conn_stmt (c, "SELECT r.text, g.starred, g.notes, g.added FROM games g"
                       " JOIN records r ON r.game_id = g.id WHERE g.id = ?1", error);
  if (stmt == NULL)
    goto fail;
  sqlite3_bind_int64 (stmt, 1, id);
  rc = sqlite3_step (stmt);
  if (rc != SQLITE_ROW)
    {
      sqlite3_reset (stmt);
      if (rc == SQLITE_DONE)
        not_found (error, id);
      else
        sql_error (error, c->db, rc);
      goto fail;
    }
  g->record = column_dup (stmt, 0);
  g->starred = sqlite3_column_int (stmt, 1) != 0;
  g->notes = column_dup (stmt, 2);
  g->added = sqlite3_column_int64 (stmt, 3);
  sqlite3_reset (stmt);

  stmt = conn_stmt (c, "SELECT t.name FROM game_tags gt JOIN tags t ON t.id = gt.tag_id"
                       " WHERE gt.game_id = ?1 ORDER BY t.name", error);
  if (stmt == NULL)
    goto fail;
  sqlite3_bind_int64 (stmt, 1, id);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    g_ptr_array_add (tags, column_dup (stmt, 0));
  sqlite3_reset (stmt);
  g_ptr_array_add (tags, NULL);
  g->tags = (GStrv) g_ptr_array_free (g_steal_pointer (&tags), FALSE);

  stmt = conn_stmt (c, "SELECT png FROM thumbnails WHERE game_id = ?1", error);
  if (stmt == NULL)
    goto fail;
  sqlite3_bind_int64 (stmt, 1, id);
  if (sqlite3_step (stmt) == SQLITE_ROW)
    g->thumbnail = g_bytes_new (sqlite3_column_blob (stmt, 0), (gsize) sqlite3_column_bytes (stmt, 0));
  sqlite3_reset (stmt);

  stmt = conn_stmt (c, "SELECT engine_version, settings, data, n_blunders, created FROM analyses"
                       " WHERE game_id = ?1 ORDER BY id", error);
  if (stmt == NULL)
    goto fail;
  sqlite3_bind_int64 (stmt, 1, id);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    {
      AnalysisRow *a = g_new0 (AnalysisRow, 1);
      a->engine_version = column_dup (stmt, 0);
      a->settings = column_dup (stmt, 1);
      a->data = column_dup (stmt, 2);
      a->n_blunders = (guint) sqlite3_column_int (stmt, 3);
      a->created = sqlite3_column_int64 (stmt, 4);
      g_ptr_array_add (g->analyses, a);
    }
  sqlite3_reset (stmt);

  stmt = conn_stmt (c, "SELECT id, ply, label, created FROM bookmarks WHERE game_id = ?1 ORDER BY id", error);
  if (stmt == NULL)
    goto fail;
  sqlite3_bind_int64 (stmt, 1, id);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    {
      ImhLibraryBookmark *b = g_new0 (ImhLibraryBookmark, 1);
      b->id = sqlite3_column_int64 (stmt, 0);
      b->game_id = sqlite3_column_int64 (stmt, 3);   /* created time, restored below */
      b->ply = (guint) sqlite3_column_int (stmt, 1);
      b->label = column_dup (stmt, 2);
      g_ptr_array_add (g->bookmarks, b);
    }
  sqlite3_reset (stmt);
  return g;

fail:
  deleted_game_free (g);
  return NULL;
}

ImhLibraryDeleted *
imh_library_delete (ImhLibrary    *self,
                    const gint64  *ids,
                    guint          n_ids,
                    GError       **error)
{
  ImhLibraryDeleted *deleted;
  Conn *c;
  gboolean ok;

  g_return_val_if_fail (IMH_IS_LIBRARY (self), NULL);
  g_return_val_if_fail (ids != NULL || n_ids == 0, NULL);

  c = write_conn (self, error);
  if (c == NULL)
    return NULL;

  deleted = g_new0 (ImhLibraryDeleted, 1);
  g_atomic_ref_count_init (&deleted->ref_count);
  deleted->games = g_ptr_array_new_with_free_func ((GDestroyNotify) deleted_game_free);

  ok = begin (c, error);
  for (guint i = 0; ok && i < n_ids; i++)
    {
      DeletedGame *g = snapshot_locked (c, ids[i], error);
      sqlite3_stmt *stmt;

      if (g == NULL)
        {
          ok = FALSE;
          break;
        }
      g_ptr_array_add (deleted->games, g);
      stmt = conn_stmt (c, "DELETE FROM games WHERE id = ?1", error);
      ok = stmt != NULL;
      if (ok)
        {
          sqlite3_bind_int64 (stmt, 1, ids[i]);
          ok = stmt_done (c, stmt, error) && fts_delete_locked (self, c, ids[i], error);
        }
    }
  if (ok)
    {
      sqlite3_stmt *stmt = conn_stmt (c, "DELETE FROM tags WHERE NOT EXISTS "
                                         "(SELECT 1 FROM game_tags WHERE tag_id = tags.id)", error);
      ok = stmt != NULL && stmt_done (c, stmt, error) && commit (c, error);
    }
  rollback (c);
  conn_unlock (c);

  if (!ok)
    {
      imh_library_deleted_unref (deleted);
      return NULL;
    }
  for (guint i = 0; i < deleted->games->len; i++)
    emit (self, GAME_REMOVED, ((DeletedGame *) deleted->games->pdata[i])->id);
  return deleted;
}

gboolean
imh_library_restore (ImhLibrary         *self,
                     ImhLibraryDeleted  *deleted,
                     GError            **error)
{
  Conn *c;
  gboolean ok;
  GPtrArray *infos;

  g_return_val_if_fail (IMH_IS_LIBRARY (self), FALSE);
  g_return_val_if_fail (deleted != NULL, FALSE);

  infos = g_ptr_array_new ();
  for (guint i = 0; i < deleted->games->len; i++)
    {
      DeletedGame *g = deleted->games->pdata[i];
      ImhLibraryRecordInfo *info = g_new0 (ImhLibraryRecordInfo, 1);
      g_ptr_array_add (infos, info);
      if (!_imh_library_describe_text (g->record, info, error))
        break;
    }

  c = infos->len == deleted->games->len ? write_conn (self, error) : NULL;
  ok = c != NULL && begin (c, error);
  for (guint i = 0; ok && i < deleted->games->len; i++)
    {
      DeletedGame *g = deleted->games->pdata[i];
      sqlite3_stmt *stmt;

      ok = store_locked (self, c, g->id, TRUE, infos->pdata[i], error) != 0
           && set_tags_locked (self, c, g->id, (const char * const *) g->tags, error);
      if (ok && (stmt = conn_stmt (c, "UPDATE games SET starred = ?2, notes = ?3, added = ?4 WHERE id = ?1", error)) != NULL)
        {
          sqlite3_bind_int64 (stmt, 1, g->id);
          sqlite3_bind_int (stmt, 2, g->starred);
          bind_text (stmt, 3, g->notes);
          sqlite3_bind_int64 (stmt, 4, g->added);
          ok = stmt_done (c, stmt, error) && fts_refresh_locked (self, c, g->id, error);
        }
      else
        ok = FALSE;
      if (ok && g->thumbnail != NULL && (stmt = conn_stmt (c, "INSERT INTO thumbnails (game_id, png) VALUES (?1, ?2)", error)) != NULL)
        {
          gsize size;
          gconstpointer data = g_bytes_get_data (g->thumbnail, &size);
          sqlite3_bind_int64 (stmt, 1, g->id);
          sqlite3_bind_blob64 (stmt, 2, data != NULL ? data : "", size, SQLITE_TRANSIENT);
          ok = stmt_done (c, stmt, error);
        }
      for (guint j = 0; ok && j < g->analyses->len; j++)
        {
          AnalysisRow *a = g->analyses->pdata[j];
          ok = insert_analysis_locked (c, g->id, a->engine_version, a->settings, a->data,
                                       a->n_blunders, a->created, error) != 0;
        }
      for (guint j = 0; ok && j < g->bookmarks->len; j++)
        {
          ImhLibraryBookmark *b = g->bookmarks->pdata[j];
          ok = insert_bookmark_locked (c, b->id, g->id, b->ply, b->label, b->game_id, error) != 0;
        }
    }
  ok = ok && commit (c, error);
  if (c != NULL)
    {
      rollback (c);
      conn_unlock (c);
    }
  for (guint i = 0; i < infos->len; i++)
    {
      _imh_library_record_info_clear (infos->pdata[i]);
      g_free (infos->pdata[i]);
    }
  g_ptr_array_unref (infos);

  if (ok)
    for (guint i = 0; i < deleted->games->len; i++)
      emit (self, GAME_ADDED, ((DeletedGame *) deleted->games->pdata[i])->id);
  return ok;
}

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

  if (!g_file_load_contents (file, cancellable, &contents, &length, NULL, &error))
    {
      reject (report, file, g_strdup (error->message));
      return;
    }
  if (length > IMPORT_MAX_FILE_SIZE)
    {
      reject (report, file, g_strdup (_("the file is too large to be a game record")));
      return;
    }
  if (memchr (contents, '\0', length) != NULL || !g_utf8_validate (contents, (gssize) length, NULL))
    {
      reject (report, file, g_strdup (_("the file is not UTF-8 text")));
      return;
    }
  records = imh_record_parse_many (contents, length, &n_records, &err);
  if (records == NULL)
    {
      reject (report, file, g_strdup_printf (_("line %u, column %u: %s"), err.line, err.column, err.message));
      return;
    }

  c = write_conn (self, &error);
  ok = c != NULL && begin (c, &error);
  if (!ok)
    {
      reject (report, file, g_strdup (error->message));
      for (size_t i = 0; i < n_records; i++)
        imh_record_free (records[i]);
      free (records);
      if (c != NULL)
        conn_unlock (c);
      return;
    }
  for (size_t i = 0; i < n_records; i++)
    {
      ImhLibraryRecordInfo info;
      g_autoptr(GError) game_error = NULL;
      gint64 other = 0, id = 0;

      if (_imh_library_describe (records[i], &info, &game_error))
        {
          if (!find_hash_locked (c, info.sha256, &other, &game_error))
            ;
          else if (other != 0)
            {
              report->n_duplicates++;
              reject (report, file,
                      n_records > 1
                      ? g_strdup_printf (_("game %zu: already in the library (game %lld)"), i + 1, (long long) other)
                      : g_strdup_printf (_("already in the library (game %lld)"), (long long) other));
            }
          else if (conn_exec (c, "SAVEPOINT game", &game_error))
            {
              id = store_locked (self, c, 0, FALSE, &info, &game_error);
              if (id != 0)
                {
                  conn_exec (c, "RELEASE game", NULL);
                  g_array_append_val (added, id);
                }
              else
                conn_exec (c, "ROLLBACK TO game; RELEASE game", NULL);
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

  if (!commit (c, &error))
    {
      ok = FALSE;
      reject (report, file, g_strdup (error->message));
    }
  rollback (c);
  conn_unlock (c);
  if (ok)
    {
      g_array_append_vals (report->imported, added->data, added->len);
      for (guint i = 0; i < added->len; i++)
        emit (self, GAME_ADDED, g_array_index (added, gint64, i));
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

/* ------------------------------------------------------------------ */
/* Stats                                                               */

gboolean
imh_library_get_stats (ImhLibrary       *self,
                       ImhLibraryStats  *stats,
                       GError          **error)
{
  gboolean ok = TRUE;
  Conn *c;
  GStatBuf st;

  g_return_val_if_fail (IMH_IS_LIBRARY (self), FALSE);
  g_return_val_if_fail (stats != NULL, FALSE);

  memset (stats, 0, sizeof *stats);
  c = read_conn (self);
  ok = conn_exec (c, "BEGIN", error);
  if (ok)
    {
      stats->n_games = (guint64) scalar_locked (c, "SELECT count(*) FROM games", error, &ok);
      if (ok)
        stats->n_finished = (guint64) scalar_locked (c, "SELECT count(*) FROM games WHERE finished = 1", error, &ok);
      if (ok)
        stats->n_duel = (guint64) scalar_locked (c, "SELECT count(*) FROM games WHERE game = 0", error, &ok);
      if (ok)
        stats->n_classic = (guint64) scalar_locked (c, "SELECT count(*) FROM games WHERE game = 1", error, &ok);
      if (ok)
        stats->n_starred = (guint64) scalar_locked (c, "SELECT count(*) FROM games WHERE starred = 1", error, &ok);
      if (ok)
        stats->n_analysed = (guint64) scalar_locked (c, "SELECT count(*) FROM games WHERE analysed = 1", error, &ok);
      if (ok)
        stats->n_tags = (guint64) scalar_locked (c, "SELECT count(*) FROM tags", error, &ok);
      if (ok)
        stats->n_bookmarks = (guint64) scalar_locked (c, "SELECT count(*) FROM bookmarks", error, &ok);
      if (ok)
        stats->n_decisions = (guint64) scalar_locked (c, "SELECT coalesce (sum (length), 0) FROM games", error, &ok);
      sqlite3_exec (c->db, "COMMIT", NULL, NULL, NULL);
    }
  conn_unlock (c);
  if (g_stat (self->path, &st) == 0)
    stats->file_size = (guint64) st.st_size;
  return ok;
}
