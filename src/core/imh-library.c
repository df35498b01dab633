/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-library.c — the game library: SQLite store of records. */
#define G_LOG_DOMAIN "imh-library"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <errno.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>
#include <string.h>

#include "imh-game-summary-private.h"
#include "imh-library-private.h"
#include "imh-record-file.h"

/* "IMHL": marks the file as ours (PRAGMA application_id). */
#define IMH_LIBRARY_APPLICATION_ID 0x494D484C

G_STATIC_ASSERT (IMH_LIBRARY_MAX_TAGS == IMH_RECORD_MAX_TAGS);
G_STATIC_ASSERT (IMH_LIBRARY_MAX_TAG_CHARS == IMH_RECORD_MAX_TAG_CHARS);

/* The quick integrity check at open: only for files up to this size (a
 * larger library is checked by its header and schema only; damaged pages
 * surface as errors of the queries that read them), and never longer than
 * the budget. */
#define QUICK_CHECK_MAX_FILE_SIZE (16 * 1024 * 1024)
#define QUICK_CHECK_BUDGET_US (60 * 1000)

/* games.analysed is an ImhLibraryAnalysisState. */
#define ANALYSED_READABLE   1   /* IMH_LIBRARY_ANALYSIS_READABLE */
#define ANALYSED_UNREADABLE 2   /* IMH_LIBRARY_ANALYSIS_UNREADABLE */
G_STATIC_ASSERT (ANALYSED_READABLE == IMH_LIBRARY_ANALYSIS_READABLE);
G_STATIC_ASSERT (ANALYSED_UNREADABLE == IMH_LIBRARY_ANALYSIS_UNREADABLE);

typedef struct {
  sqlite3    *db;
  GHashTable *stmts;                /* SQL text (static) → sqlite3_stmt* */
  GMutex      lock;
  guint64     n_done;               /* statements run to the end by stmt_done() */
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
  guint                 n_salvaged;
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
  const char *path = db != NULL ? sqlite3_db_filename (db, "main") : NULL;
  int code;

  switch (rc & 0xff)
    {
    case SQLITE_READONLY:
      code = IMH_LIBRARY_ERROR_READ_ONLY;
      break;
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      code = IMH_LIBRARY_ERROR_BUSY;
      break;
    case SQLITE_FULL:
      code = IMH_LIBRARY_ERROR_FULL;
      break;
    default:
      code = IMH_LIBRARY_ERROR_FAILED;
    }

  g_set_error (error, IMH_LIBRARY_ERROR, code, _("Library database error in “%s”: %s"),
               path != NULL ? path : "", db != NULL ? sqlite3_errmsg (db) : sqlite3_errstr (rc));
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

  c->n_done++;
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

/* Ends a transaction that failed (no-op when none is open). */
static void
rollback (Conn *c)
{
  if (!sqlite3_get_autocommit (c->db) && sqlite3_exec (c->db, "ROLLBACK", NULL, NULL, NULL) != SQLITE_OK)
    g_warning ("Could not roll back a transaction of %s: %s",
               sqlite3_db_filename (c->db, "main"), sqlite3_errmsg (c->db));
}

static gboolean
commit (Conn *c, GError **error)
{
  if (!conn_exec (c, "COMMIT", error))
    {
      rollback (c);
      return FALSE;
    }
  return TRUE;
}

/* Ends a read transaction, reporting a failure unless one is set. */
static gboolean
end_read (Conn *c, gboolean ok, GError **error)
{
  if (sqlite3_get_autocommit (c->db))
    return ok;
  if (!conn_exec (c, "COMMIT", ok ? error : NULL))
    {
      rollback (c);
      return FALSE;
    }
  return ok;
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

/* Version 2: games.id becomes AUTOINCREMENT (an id is never given again,
 * even after its game was removed for good) and games get deleted_at (the
 * Unix time the game was moved to the trash, NULL when it is not in the
 * trash). SQLite cannot change a primary key in place, so the table is
 * rebuilt: a new table, every row copied with its id, the old table
 * dropped, the new one renamed and the indexes made again. The tables that
 * refer to games by id (records, players, game_tags, thumbnails, analyses,
 * bookmarks) and games_fts (rowid = game id) are not touched; migrate()
 * turns foreign keys off around the transaction, or dropping the old table
 * would delete their rows by cascade, and checks them before committing. */
static const char schema_v2_games[] =
  "CREATE TABLE games_v2 ("
  "  id          INTEGER PRIMARY KEY AUTOINCREMENT,"
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
  "  modified    INTEGER NOT NULL,"
  "  deleted_at  INTEGER"
  ");"
  "INSERT INTO games_v2 (id, record_hash, game, n_players, sides, variants, seed, players,"
  "  started, ended, finished, winner, result, scores, length, turns, max_level, starred,"
  "  analysed, n_blunders, tags, notes, added, modified)"
  " SELECT id, record_hash, game, n_players, sides, variants, seed, players,"
  "  started, ended, finished, winner, result, scores, length, turns, max_level, starred,"
  "  analysed, n_blunders, tags, notes, added, modified FROM games ORDER BY id;"
  "DROP TABLE games;"
  "ALTER TABLE games_v2 RENAME TO games;"
  "CREATE INDEX games_hash    ON games (record_hash);"
  "CREATE INDEX games_started ON games (started);"
  "CREATE INDEX games_game    ON games (game, n_players, started);"
  "CREATE INDEX games_players ON games (players COLLATE NOCASE);"
  "CREATE INDEX games_result  ON games (finished, winner, started);"
  "CREATE INDEX games_length  ON games (length);"
  "CREATE INDEX games_starred ON games (starred, started);"
  "CREATE INDEX games_unfinished ON games (finished, modified);"
  "CREATE INDEX games_deleted ON games (deleted_at) WHERE deleted_at IS NOT NULL;";

static gboolean
migrate_to_2 (Conn *c, GError **error)
{
  sqlite3_stmt *stmt = NULL;
  int rc;

  if (!conn_exec (c, schema_v2_games, error))
    return FALSE;

  /* Every row that refers to a game still finds it. */
  rc = sqlite3_prepare_v2 (c->db, "PRAGMA foreign_key_check", -1, &stmt, NULL);
  if (rc == SQLITE_OK)
    rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    g_set_error (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_FAILED,
                 _("The library “%s” could not be updated: rows of its table “%s” refer to games that are not there"),
                 sqlite3_db_filename (c->db, "main"), (const char *) sqlite3_column_text (stmt, 0));
  else if (rc != SQLITE_DONE)
    sql_error (error, c->db, rc);
  sqlite3_finalize (stmt);
  return rc == SQLITE_DONE;
}

/* Migration i brings the schema from version i to i + 1. A new version
 * appends its function here and raises IMH_LIBRARY_SCHEMA_VERSION. */
static gboolean (* const migrations[]) (Conn *c, GError **error) = {
  migrate_to_1,
  migrate_to_2,
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
migrate_steps (Conn *c, int from, GError **error)
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

/* The steps run in one transaction with foreign keys off (a pragma that
 * only takes effect outside a transaction): a step that rebuilds a table
 * others refer to must not cascade (migrate_to_2 checks the keys itself). */
static gboolean
migrate (Conn *c, int from, GError **error)
{
  gboolean ok;

  if (!conn_exec (c, "PRAGMA foreign_keys = OFF", error))
    return FALSE;
  ok = migrate_steps (c, from, error);
  if (!conn_exec (c, "PRAGMA foreign_keys = ON", ok ? error : NULL))
    ok = FALSE;
  return ok;
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

  /* IMH_LIBRARY_FULL_CHECK=1 (the tests) lifts the time budget. */
  if (g_getenv ("IMH_LIBRARY_FULL_CHECK") == NULL)
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

/* What the file at the library's path is, found without changing it. */
typedef enum {
  PROBE_NEW,          /* no file, an empty file or an empty database */
  PROBE_OURS,         /* an Imhotep library */
  PROBE_DAMAGED,      /* an Imhotep library with damaged pages or tables missing */
  PROBE_NEWER,        /* an Imhotep library of a newer schema */
  PROBE_FOREIGN,      /* not an Imhotep library: never changed */
  PROBE_FAILED,       /* could not be read (error set) */
} Probe;

/* The tables every Imhotep library has: how many of them a file has. */
#define REQUIRED_TABLES_SQL \
  "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN " \
  "('games', 'records', 'players', 'tags', 'game_tags', 'thumbnails', 'analyses', 'bookmarks')"
#define N_REQUIRED_TABLES 8

/* The start of every SQLite file, and where its header keeps the
 * application id (big-endian). */
static const char sqlite_magic[16] = "SQLite format 3";
#define SQLITE_HEADER_SIZE 100
#define SQLITE_HEADER_APP_ID 68

static gboolean
folder_writable (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);
  return g_access (dir, W_OK) == 0;
}

/* Sets an I/O error from errno value `saved`: format takes the path and
 * the errno text. Evaluates to FALSE. */
#define set_io_error(error, saved, format, path) \
  ({ int saved_ = (saved); \
     g_set_error ((error), G_IO_ERROR, g_io_error_from_errno (saved_), format, (path), g_strerror (saved_)); \
     FALSE; })

/* Opens path read-only and reads its schema. In a folder that is not
 * writable, a WAL database whose -wal file is gone (closed cleanly) cannot
 * create its -shm: it is read as immutable, which is exact there. With
 * `immutable` (a file that is not, or not yet known as, an Imhotep
 * library) it is read so whenever it has no -wal file: that creates no
 * -wal or -shm file next to it. Returns the SQLite result; *db is set
 * whenever the open itself succeeded. */
static int
open_read_only (const char *path, gboolean immutable, sqlite3 **db)
{
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  gboolean no_wal = !g_file_test (wal, G_FILE_TEST_EXISTS);
  int rc = SQLITE_CANTOPEN;

  if (!immutable || !no_wal)
    {
      rc = sqlite3_open_v2 (path, db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, NULL);
      if (rc == SQLITE_OK)
        {
          sqlite3_extended_result_codes (*db, 0);
          rc = sqlite3_exec (*db, "SELECT count(*) FROM sqlite_master", NULL, NULL, NULL);
        }
    }
  if (no_wal && (immutable || ((rc == SQLITE_READONLY || rc == SQLITE_CANTOPEN) && !folder_writable (path))))
    {
      g_autofree char *escaped = g_uri_escape_string (path, "/", FALSE);
      g_autofree char *uri = g_strconcat ("file:", escaped, "?immutable=1", NULL);

      sqlite3_close_v2 (*db);
      *db = NULL;
      rc = sqlite3_open_v2 (uri, db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX, NULL);
      if (rc == SQLITE_OK)
        {
          sqlite3_extended_result_codes (*db, 0);
          rc = sqlite3_exec (*db, "SELECT count(*) FROM sqlite_master", NULL, NULL, NULL);
        }
    }
  if (rc == SQLITE_OK)
    sqlite3_busy_timeout (*db, 5000);
  return rc;
}

/* A library of this application from before it was marked with the
 * application id would have our tables (and games.record_hash). */
static gboolean
has_library_schema (sqlite3 *db, int n_tables)
{
  int n_columns = 0;

  return n_tables == N_REQUIRED_TABLES
         && pragma_int (db, "SELECT count(*) FROM pragma_table_info ('games') WHERE name = 'record_hash'",
                        &n_columns) == SQLITE_OK
         && n_columns == 1;
}

/* Finds what the file at path is, reading it only (the header, then the
 * schema and a bounded quick check through a read-only connection). */
static Probe
probe (const char *path, char **why, GError **error)
{
  GStatBuf st;
  guint8 header[SQLITE_HEADER_SIZE];
  guint32 header_app_id;
  sqlite3 *db = NULL;
  FILE *f;
  size_t n;
  int rc, n_objects = 0, n_tables = 0, app_id = 0, version = 0;
  Probe res;

  if (g_stat (path, &st) != 0)
    {
      int saved = errno;
      if (saved == ENOENT)
        return PROBE_NEW;
      set_io_error (error, saved, _("Could not read the library “%s”: %s"), path);
      return PROBE_FAILED;
    }
  if (!S_ISREG (st.st_mode))
    {
      *why = g_strdup (_("it is not a file"));
      return PROBE_FOREIGN;
    }
  if (st.st_size == 0)
    return PROBE_NEW;

  f = g_fopen (path, "rb");
  if (f == NULL)
    {
      set_io_error (error, errno, _("Could not read the library “%s”: %s"), path);
      return PROBE_FAILED;
    }
  n = fread (header, 1, sizeof header, f);
  if (n < sizeof header && ferror (f))
    {
      int saved = errno;
      fclose (f);
      set_io_error (error, saved, _("Could not read the library “%s”: %s"), path);
      return PROBE_FAILED;
    }
  fclose (f);
  if (n < sizeof header || memcmp (header, sqlite_magic, sizeof sqlite_magic) != 0)
    {
      *why = g_strdup (_("it is not a SQLite database"));
      return PROBE_FOREIGN;
    }
  memcpy (&header_app_id, header + SQLITE_HEADER_APP_ID, sizeof header_app_id);
  header_app_id = GUINT32_FROM_BE (header_app_id);
  if (header_app_id != 0 && header_app_id != IMH_LIBRARY_APPLICATION_ID)
    {
      *why = g_strdup (_("it is the database of another application"));
      return PROBE_FOREIGN;
    }

  rc = open_read_only (path, header_app_id != IMH_LIBRARY_APPLICATION_ID, &db);
  if (rc == SQLITE_OK)
    rc = pragma_int (db, "SELECT count(*) FROM sqlite_master", &n_objects);
  if (rc == SQLITE_OK)
    rc = pragma_int (db, "PRAGMA application_id", &app_id);
  if (rc == SQLITE_OK)
    rc = pragma_int (db, "PRAGMA user_version", &version);
  if (rc == SQLITE_OK)
    rc = pragma_int (db, REQUIRED_TABLES_SQL, &n_tables);
  if (rc == SQLITE_CORRUPT || rc == SQLITE_NOTADB || rc == SQLITE_FORMAT)
    {
      /* Unreadable: ours only if its header carries our mark. */
      if (header_app_id == IMH_LIBRARY_APPLICATION_ID)
        {
          *why = g_strdup (db != NULL ? sqlite3_errmsg (db) : sqlite3_errstr (rc));
          res = PROBE_DAMAGED;
        }
      else
        {
          *why = g_strdup (_("it is a damaged SQLite database without the mark of an Imhotep library"));
          res = PROBE_FOREIGN;
        }
      sqlite3_close_v2 (db);
      return res;
    }
  if (rc != SQLITE_OK)
    {
      g_set_error (error, IMH_LIBRARY_ERROR, (rc == SQLITE_READONLY || rc == SQLITE_PERM)
                                             ? IMH_LIBRARY_ERROR_READ_ONLY : IMH_LIBRARY_ERROR_FAILED,
                   _("Could not read the library “%s”: %s"), path,
                   db != NULL ? sqlite3_errmsg (db) : sqlite3_errstr (rc));
      sqlite3_close_v2 (db);
      return PROBE_FAILED;
    }

  if (app_id == 0 && n_objects == 0 && version == 0)
    res = PROBE_NEW;
  else if (app_id != IMH_LIBRARY_APPLICATION_ID
           && !(app_id == 0 && version >= 1 && has_library_schema (db, n_tables)))
    {
      *why = g_strdup (app_id != 0 ? _("it is the database of another application")
                                   : _("it is a SQLite database without the tables of an Imhotep library"));
      res = PROBE_FOREIGN;
    }
  else if (version > IMH_LIBRARY_SCHEMA_VERSION)
    res = PROBE_NEWER;
  else if (n_tables != N_REQUIRED_TABLES)
    {
      *why = g_strdup ("tables of the library are missing");
      res = PROBE_DAMAGED;
    }
  else if (file_size (path) <= QUICK_CHECK_MAX_FILE_SIZE && quick_check_fails (db, why))
    res = PROBE_DAMAGED;
  else
    res = PROBE_OURS;
  sqlite3_close_v2 (db);
  return res;
}

/* Opens c->db on path read-write, creating or migrating the schema. The
 * file is new, or one of ours (probe). */
static gboolean
open_writer (Conn *c, const char *path, gboolean *fts, GError **error)
{
  int rc, app_id = 0, version = 0, n = 0;

  rc = sqlite3_open_v2 (path, &c->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, NULL);
  if (rc == SQLITE_OK && sqlite3_db_readonly (c->db, "main") == 1)
    {
      g_set_error (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_READ_ONLY, _("The library “%s” is not writable"), path);
      conn_close (c);
      return FALSE;
    }
  if (rc != SQLITE_OK)
    {
      sql_error (error, c->db, rc);
      conn_close (c);
      return FALSE;
    }
  sqlite3_extended_result_codes (c->db, 0);
  sqlite3_busy_timeout (c->db, 5000);

  if (!conn_exec (c, "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;", error))
    {
      conn_close (c);
      return FALSE;
    }
  rc = pragma_int (c->db, "PRAGMA user_version", &version);
  if (rc == SQLITE_OK)
    rc = pragma_int (c->db, "PRAGMA application_id", &app_id);
  if (rc != SQLITE_OK)
    {
      sql_error (error, c->db, rc);
      conn_close (c);
      return FALSE;
    }
  if (version < IMH_LIBRARY_SCHEMA_VERSION && !migrate (c, version, error))
    {
      conn_close (c);
      return FALSE;
    }
  /* A library from before the mark gets it. */
  if (version >= 1 && app_id != IMH_LIBRARY_APPLICATION_ID)
    {
      g_autofree char *set = g_strdup_printf ("PRAGMA application_id = %d", IMH_LIBRARY_APPLICATION_ID);
      if (!conn_exec (c, set, error))
        {
          conn_close (c);
          return FALSE;
        }
    }
  rc = pragma_int (c->db, "SELECT count(*) FROM sqlite_master WHERE name = 'games_fts'", &n);
  if (rc != SQLITE_OK)
    {
      sql_error (error, c->db, rc);
      conn_close (c);
      return FALSE;
    }
  *fts = n == 1;
  return TRUE;
}

/* Renames from[i] to to[i] in order; on a failure, undoes the renames
 * done and fails naming the file. Missing files (a -wal, a -shm) are
 * skipped. */
static gboolean
rename_all (const char * const *from, const char * const *to, guint n, GError **error)
{
  for (guint i = 0; i < n; i++)
    {
      if (i > 0 && !g_file_test (from[i], G_FILE_TEST_EXISTS))
        continue;
      if (g_rename (from[i], to[i]) != 0)
        {
          int saved = errno;
          g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                       _("Could not move “%s” to “%s”: %s"), from[i], to[i], g_strerror (saved));
          while (i-- > 0)
            if (g_file_test (to[i], G_FILE_TEST_EXISTS) && g_rename (to[i], from[i]) != 0)
              g_warning ("Could not move %s back to %s: %s", to[i], from[i], g_strerror (errno));
          return FALSE;
        }
    }
  return TRUE;
}

/* A name next to path that is not taken: PATH.KIND-YYYYMMDD-HHMMSS (-N). */
static char *
free_name (const char *path, const char *kind)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");
  char *target = g_strdup_printf ("%s.%s-%s", path, kind, stamp);

  for (int n = 2; g_file_test (target, G_FILE_TEST_EXISTS); n++)
    {
      g_free (target);
      target = g_strdup_printf ("%s.%s-%s-%d", path, kind, stamp, n);
    }
  return target;
}

/* Moves path and its -wal and -shm files, if any, to
 * PATH.corrupt-YYYYMMDD-HHMMSS with the same suffixes (all or none). */
static char *
move_aside (const char *path, GError **error)
{
  g_autofree char *target = free_name (path, "corrupt");
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  g_autofree char *shm = g_strconcat (path, "-shm", NULL);
  g_autofree char *target_wal = g_strconcat (target, "-wal", NULL);
  g_autofree char *target_shm = g_strconcat (target, "-shm", NULL);
  const char *from[] = { path, wal, shm };
  const char *to[] = { target, target_wal, target_shm };

  if (!rename_all (from, to, G_N_ELEMENTS (from), error))
    return NULL;
  return g_steal_pointer (&target);
}

static void
remove_database (const char *path)
{
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  g_autofree char *shm = g_strconcat (path, "-shm", NULL);

  g_remove (wal);
  g_remove (shm);
  g_remove (path);
}

static gboolean
open_read_conn (ImhLibrary *self, GError **error)
{
  int rc = open_read_only (self->path, FALSE, &self->r.db);

  if (rc != SQLITE_OK)
    {
      g_set_error (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_FAILED, _("Could not read the library “%s”: %s"),
                   self->path, self->r.db != NULL ? sqlite3_errmsg (self->r.db) : sqlite3_errstr (rc));
      conn_close (&self->r);
      return FALSE;
    }
  return conn_exec (&self->r, "PRAGMA cache_size = -16000; PRAGMA foreign_keys = ON;", error);
}

/* Opens the library for reading only (newer schema, or not writable). */
static gboolean
open_read_only_library (ImhLibrary *self, ImhLibraryOpenStatus status, GError **error)
{
  int n = 0, rc;

  self->read_only = TRUE;
  self->status = status;
  if (status == IMH_LIBRARY_OPEN_READ_ONLY)
    self->open_message =
      g_strdup_printf (_("The game library “%s” was written by a newer version of Imhotep. "
                         "It is shown read-only: new games are not saved in it."), self->path);
  else
    self->open_message =
      g_strdup_printf (_("The game library “%s” cannot be changed (the file or its folder is not "
                         "writable). It is shown read-only: new games are not saved in it."), self->path);
  if (!open_read_conn (self, error))
    return FALSE;
  rc = pragma_int (self->r.db, "SELECT count(*) FROM sqlite_master WHERE name = 'games_fts'", &n);
  if (rc != SQLITE_OK)
    return sql_error (error, self->r.db, rc);
  self->fts = n == 1;
  return TRUE;
}

static guint salvage (ImhLibrary *self, Conn *to, const char *from_path, GError **error);

/* The library at self->path is damaged: a new one is built next to it
 * from everything that can be read, then the damaged file is moved aside
 * and the new one takes its place. Nothing changes until the salvage has
 * committed; a failure leaves the damaged file where it was. */
static gboolean
recover (ImhLibrary *self, const char *why, GError **error)
{
  g_autofree char *temp = free_name (self->path, "salvage");
  g_autofree char *aside = NULL;
  Conn s;
  gboolean ok;
  guint n = 0;

  conn_init (&s);
  ok = open_writer (&s, temp, &self->fts, error);
  if (ok)
    {
      GError *local = NULL;
      n = salvage (self, &s, self->path, &local);
      if (local != NULL)
        {
          g_propagate_prefixed_error (error, local, _("Could not recover the damaged library “%s”: "), self->path);
          ok = FALSE;
        }
    }
  /* Closing checkpoints the new library into its file. */
  conn_free (&s);
  if (ok)
    aside = move_aside (self->path, error);
  if (aside != NULL && g_rename (temp, self->path) != 0)
    {
      int saved = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), _("Could not move “%s” to “%s”: %s"),
                   temp, self->path, g_strerror (saved));
      if (g_rename (aside, self->path) != 0)
        g_warning ("Could not move %s back to %s: %s", aside, self->path, g_strerror (errno));
      g_clear_pointer (&aside, g_free);
    }
  if (aside == NULL)
    {
      remove_database (temp);
      return FALSE;
    }

  g_message ("Library %s is damaged (%s); moved to %s, %u games recovered", self->path, why, aside, n);
  self->status = IMH_LIBRARY_OPEN_RECOVERED;
  self->n_salvaged = n;
  self->moved_aside = g_steal_pointer (&aside);
  self->open_message =
    g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                  "The game library was damaged. %u game could be read and is in a new "
                                  "library; the damaged file was kept as “%s”.",
                                  "The game library was damaged. %u games could be read and are in a new "
                                  "library; the damaged file was kept as “%s”.", n),
                     n, self->moved_aside);
  return TRUE;
}
static void trash_purge_expired (ImhLibrary *self);

static gboolean
library_open (ImhLibrary *self, GError **error)
{
  g_autofree char *dir = g_path_get_dirname (self->path);
  g_autofree char *why = NULL;
  g_autoptr(GError) local = NULL;
  gboolean exists;
  Probe res;

  if (g_mkdir_with_parents (dir, 0700) != 0)
    return set_io_error (error, errno, _("Could not create the folder “%s”: %s"), dir);

  res = probe (self->path, &why, error);
  switch (res)
    {
    case PROBE_FAILED:
      return FALSE;
    case PROBE_FOREIGN:
      g_set_error (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_NOT_A_LIBRARY,
                   _("“%s” is not an Imhotep library: %s. It was left unchanged."), self->path, why);
      return FALSE;
    case PROBE_NEWER:
      return open_read_only_library (self, IMH_LIBRARY_OPEN_READ_ONLY, error);
    case PROBE_DAMAGED:
      /* Where nothing can be moved or written, what reads is shown. */
      if (!folder_writable (self->path))
        return open_read_only_library (self, IMH_LIBRARY_OPEN_NOT_WRITABLE, error);
      if (!recover (self, why, error))
        return FALSE;
      break;
    case PROBE_NEW:
    case PROBE_OURS:
    default:
      break;
    }

  exists = g_file_test (self->path, G_FILE_TEST_EXISTS);
  if (res == PROBE_OURS && (g_access (self->path, W_OK) != 0 || !folder_writable (self->path)))
    return open_read_only_library (self, IMH_LIBRARY_OPEN_NOT_WRITABLE, error);
  if (res == PROBE_NEW && (exists ? g_access (self->path, W_OK) != 0 : !folder_writable (self->path)))
    return set_io_error (error, errno, _("Could not create the library “%s”: %s"), self->path);

  if (!open_writer (&self->w, self->path, &self->fts, &local))
    {
      /* Not writable after all (a read-only file system, ...). */
      if (res == PROBE_OURS && g_error_matches (local, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_READ_ONLY))
        return open_read_only_library (self, IMH_LIBRARY_OPEN_NOT_WRITABLE, error);
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  if (!open_read_conn (self, error))
    return FALSE;
  trash_purge_expired (self);
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

guint
imh_library_get_n_salvaged (ImhLibrary *self)
{
  g_return_val_if_fail (IMH_IS_LIBRARY (self), 0);
  return self->n_salvaged;
}

guint64
_imh_library_count_statements (ImhLibrary *self)
{
  guint64 n;

  g_return_val_if_fail (IMH_IS_LIBRARY (self), 0);
  g_mutex_lock (&self->w.lock);
  n = self->w.n_done;
  g_mutex_unlock (&self->w.lock);
  return n;
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
  sqlite3_stmt *stmt = conn_stmt (c, "SELECT id FROM games WHERE record_hash = ?1 AND deleted_at IS NULL"
                                     " LIMIT 1", error);
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

static gboolean
set_tags_locked (ImhLibrary *self, Conn *c, gint64 id, const char * const *tags, GError **error)
{
  sqlite3_stmt *stmt;
  g_autoptr(GPtrArray) kept = tags_to_keep (tags, error);
  g_autofree char *joined = NULL;

  if (kept == NULL)
    return FALSE;
  stmt = conn_stmt (c, "DELETE FROM game_tags WHERE game_id = ?1", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, id);
  if (!stmt_done (c, stmt, error))
    return FALSE;

  for (guint i = 0; i < kept->len; i++)
    {
      const char *tag = kept->pdata[i];

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

/* Inserts (id == 0: a new id; insert_with_id: this id, as the salvage
 * keeps them) or updates the game id from info, inside a transaction the
 * caller holds. Returns the id or 0. */
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

/* Where a save to a positive id goes. */
typedef enum {
  SAVE_UPDATE,      /* the game is in the library: its record is replaced */
  SAVE_RESTORE,     /* the game is in the trash: replaced and taken out of the trash */
  SAVE_NEW,         /* no game of that id any more (removed from the trash): a new game */
} SaveTarget;

static gboolean
save_target_locked (Conn *c, gint64 id, SaveTarget *target, GError **error)
{
  sqlite3_stmt *stmt = conn_stmt (c, "SELECT deleted_at IS NOT NULL FROM games WHERE id = ?1", error);
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
    return sql_error (error, c->db, rc);
  return TRUE;
}

static gboolean trash_set_locked (Conn *c, gint64 id, gint64 deleted_at, GError **error);

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
      else if (id != 0 && !save_target_locked (c, id, &target, error))
        ;
      else
        {
          /* A game deleted while it was being played (the window's game)
           * loses nothing: it comes back from the trash, or is stored as a
           * new game when it is no longer there. */
          result = store_locked (self, c, target == SAVE_NEW ? 0 : id, FALSE, &info, error);
          if (result != 0 && target == SAVE_RESTORE && !trash_set_locked (c, result, 0, error))
            result = 0;
        }
      if (result != 0 && !commit (c, error))
        result = 0;
      if (result == 0)
        rollback (c);
    }
  conn_unlock (c);
  _imh_library_record_info_clear (&info);

  if (result != 0)
    emit (self, target == SAVE_UPDATE ? GAME_CHANGED : GAME_ADDED, result);
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
  " scores, result, length, turns, starred, analysed, n_blunders, tags, notes," \
  " coalesce (deleted_at, 0)"

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
  d.analysed = sqlite3_column_int (stmt, 15) == ANALYSED_READABLE;
  d.analysis_unreadable = sqlite3_column_int (stmt, 15) == ANALYSED_UNREADABLE;
  d.n_blunders = (guint) sqlite3_column_int (stmt, 16);
  d.tags = column_dup (stmt, 17);
  d.notes = column_dup (stmt, 18);
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
  ok = end_read (c, ok, error);
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
  "SELECT coalesce ((SELECT id FROM games WHERE finished = 0 AND deleted_at IS NULL" also \
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
  n = scalar_locked (c, "SELECT count(*) FROM games WHERE deleted_at IS NULL", error, &ok);
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
    if (raw[i][0] != '\0')
      g_ptr_array_add (words, g_strdup (raw[i]));
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

  builder_where (b, q->trash ? "deleted_at IS NOT NULL" : "deleted_at IS NULL");

  /* Every word is literal text. With FTS, a word of letters and digits
   * is a prefix query (its quotes doubled: FTS syntax stays inert); a word
   * with other characters, which the tokenizer drops, is also matched
   * literally, so that `"` finds only the games that contain a `"`. */
  if (words != NULL && self->fts)
    {
      GString *match = g_string_new (NULL);
      for (guint i = 0; words[i] != NULL; i++)
        {
          gboolean has_token = FALSE;
          for (const char *p = words[i]; *p != '\0'; p = g_utf8_next_char (p))
            has_token = has_token || g_unichar_isalnum (g_utf8_get_char (p));
          if (!has_token)
            continue;
          g_string_append (match, match->len > 0 ? " \"" : "\"");
          for (const char *p = words[i]; *p != '\0'; p++)
            {
              if (*p == '"')
                g_string_append_c (match, '"');
              g_string_append_c (match, *p);
            }
          g_string_append (match, "\"*");
        }
      if (match->len > 0)
        {
          builder_where (b, "id IN (SELECT rowid FROM games_fts WHERE games_fts MATCH ?)");
          builder_text (b, match->str);
        }
      g_string_free (match, TRUE);
    }
  for (guint i = 0; words != NULL && words[i] != NULL; i++)
    {
      g_autofree char *pattern = NULL;
      gboolean literal = !self->fts;

      for (const char *p = words[i]; *p != '\0'; p = g_utf8_next_char (p))
        literal = literal || !g_unichar_isalnum (g_utf8_get_char (p));
      if (!literal)
        continue;
      pattern = like_pattern (words[i]);
      builder_where (b, "(EXISTS (SELECT 1 FROM players p WHERE p.game_id = games.id"
                        " AND p.name LIKE ? ESCAPE '\\')"
                        " OR notes LIKE ? ESCAPE '\\'"
                        " OR EXISTS (SELECT 1 FROM game_tags gt JOIN tags t ON t.id = gt.tag_id"
                        " WHERE gt.game_id = games.id AND t.name LIKE ? ESCAPE '\\'))");
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
      /* Unreadable analyses count as none. */
      builder_where (b, q->analysed == IMH_LIBRARY_YES ? "analysed = ?" : "analysed != ?");
      builder_int (b, ANALYSED_READABLE);
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

  if (q->trash)
    {
      g_string_append (b->sql, " ORDER BY deleted_at DESC, id DESC");
      return;
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
  /* Tags of games in the trash only are not listed. */
  stmt = conn_stmt (c, "SELECT name FROM tags WHERE EXISTS (SELECT 1 FROM game_tags gt"
                       " JOIN games g ON g.id = gt.game_id WHERE gt.tag_id = tags.id"
                       " AND g.deleted_at IS NULL) ORDER BY name COLLATE NOCASE", error);
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
  stmt = conn_stmt (c, "UPDATE games SET analysed = " G_STRINGIFY (ANALYSED_READABLE) ", n_blunders = ?2"
                       " WHERE id = ?1", error);
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

  c = write_conn (self, error);
  if (c == NULL)
    return FALSE;
  /* The blunder count is that of a readable analysis only. */
  if (begin (c, error) && game_exists_locked (c, game_id, error)
      && (stmt = conn_stmt (c, "UPDATE games SET analysed = ?2, n_blunders = CASE WHEN ?2 = "
                               G_STRINGIFY (ANALYSED_READABLE) " THEN (SELECT n_blunders FROM"
                               " analyses WHERE game_id = ?1 ORDER BY id DESC LIMIT 1) ELSE 0 END"
                               " WHERE id = ?1 AND analysed != ?2"
                               " AND EXISTS (SELECT 1 FROM analyses WHERE game_id = ?1)",
                            error)) != NULL)
    {
      sqlite3_bind_int64 (stmt, 1, game_id);
      sqlite3_bind_int (stmt, 2, (int) state);
      ok = stmt_done (c, stmt, error);
      changed = ok && sqlite3_changes (c->db) > 0;
      ok = ok && commit (c, error);
    }
  rollback (c);
  conn_unlock (c);
  if (ok && changed)
    emit (self, GAME_CHANGED, game_id);
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
    stmt = conn_stmt (c, "UPDATE games SET deleted_at = ?2 WHERE id = ?1 AND deleted_at IS NULL", error);
  else
    stmt = conn_stmt (c, "UPDATE games SET deleted_at = NULL WHERE id = ?1 AND deleted_at IS NOT NULL", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, id);
  if (deleted_at != 0)
    sqlite3_bind_int64 (stmt, 2, deleted_at);
  if (!stmt_done (c, stmt, error))
    return FALSE;
  *changed = sqlite3_changes (c->db) == 1;
  return TRUE;
}

static gboolean
trash_set_locked (Conn *c, gint64 id, gint64 deleted_at, GError **error)
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
  gint64 now = now_unix ();
  Conn *c;
  gboolean ok;

  g_return_val_if_fail (IMH_IS_LIBRARY (self), NULL);
  g_return_val_if_fail (ids != NULL || n_ids == 0, NULL);

  c = write_conn (self, error);
  if (c == NULL)
    return NULL;

  deleted = g_new0 (ImhLibraryDeleted, 1);
  g_atomic_ref_count_init (&deleted->ref_count);
  deleted->ids = g_array_new (FALSE, FALSE, sizeof (gint64));

  ok = begin (c, error);
  for (guint i = 0; ok && i < n_ids; i++)
    {
      gboolean moved = FALSE;

      ok = game_exists_locked (c, ids[i], error)
           && trash_move_locked (c, ids[i], now, &moved, error);
      if (ok && moved)
        g_array_append_val (deleted->ids, ids[i]);
    }
  ok = ok && commit (c, error);
  rollback (c);
  conn_unlock (c);

  if (!ok)
    {
      imh_library_deleted_unref (deleted);
      return NULL;
    }
  for (guint i = 0; i < deleted->ids->len; i++)
    emit (self, GAME_REMOVED, g_array_index (deleted->ids, gint64, i));
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
  Conn *c = write_conn (self, error);
  gboolean ok;

  if (c == NULL)
    return FALSE;
  ok = begin (c, error);
  for (guint i = 0; ok && i < n_ids; i++)
    {
      gboolean moved = FALSE;

      ok = trash_move_locked (c, ids[i], 0, &moved, error);
      if (ok && moved)
        g_array_append_val (restored, ids[i]);
    }
  ok = ok && commit (c, error);
  rollback (c);
  conn_unlock (c);
  if (!ok)
    return FALSE;
  for (guint i = 0; i < restored->len; i++)
    emit (self, GAME_ADDED, g_array_index (restored, gint64, i));
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
      stmt = conn_stmt (c, "DELETE FROM games WHERE id = ?1 AND deleted_at IS NOT NULL", error);
      if (stmt == NULL)
        return FALSE;
      sqlite3_bind_int64 (stmt, 1, ids[i]);
      if (!stmt_done (c, stmt, error))
        return FALSE;
      if (sqlite3_changes (c->db) == 0)
        continue;
      if (!fts_delete_locked (self, c, ids[i], error))
        return FALSE;
      if (removed != NULL)
        g_array_append_val (removed, ids[i]);
    }
  stmt = conn_stmt (c, "DELETE FROM tags WHERE NOT EXISTS "
                       "(SELECT 1 FROM game_tags WHERE tag_id = tags.id)", error);
  return stmt != NULL && stmt_done (c, stmt, error);
}

/* The ids of the games in the trash deleted at or before `before`. */
static GArray *
trash_ids_locked (Conn *c, gint64 before, GError **error)
{
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  sqlite3_stmt *stmt = conn_stmt (c, "SELECT id FROM games WHERE deleted_at <= ?1", error);
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
      sql_error (error, c->db, rc);
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
  Conn *c = write_conn (self, error);
  gboolean ok;

  if (n_removed != NULL)
    *n_removed = 0;
  if (c == NULL)
    return FALSE;
  ok = begin (c, error);
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
  ok = ok && trash_remove_locked (self, c, ids, n_ids, removed, error) && commit (c, error);
  rollback (c);
  conn_unlock (c);
  if (!ok)
    return FALSE;
  if (notify)
    for (guint i = 0; i < removed->len; i++)
      emit (self, GAME_REMOVED, g_array_index (removed, gint64, i));
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
static void
trash_purge_expired (ImhLibrary *self)
{
  g_autoptr(GError) error = NULL;
  gint64 before = now_unix () - (gint64) IMH_LIBRARY_TRASH_DAYS * 24 * 60 * 60;
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

  c = read_conn (self);
  n = scalar_locked (c, "SELECT count(*) FROM games WHERE deleted_at IS NOT NULL", error, &ok);
  conn_unlock (c);
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

  c = read_conn (self);
  stmt = conn_stmt (c, "SELECT coalesce (deleted_at, 0) FROM games WHERE id = ?1", error);
  if (stmt != NULL)
    {
      sqlite3_bind_int64 (stmt, 1, id);
      rc = sqlite3_step (stmt);
      if (rc == SQLITE_ROW)
        when = sqlite3_column_int64 (stmt, 0);
      else if (rc != SQLITE_DONE)
        sql_error (error, c->db, rc);
      sqlite3_reset (stmt);
    }
  conn_unlock (c);
  return when;
}

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
          notes = column_dup (q, 1);
          joined = column_dup (q, 2);
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
        g_ptr_array_add (tags, column_dup (q, 0));
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
      if (!set_tags_locked (s->self, s->to, id, (const char * const *) tags->pdata, error))
        return FALSE;
    }
  if (have_row)
    {
      stmt = conn_stmt (s->to, "UPDATE games SET starred = ?2, notes = ?3, added = ?4, modified = ?5"
                               " WHERE id = ?1", error);
      if (stmt == NULL)
        return FALSE;
      sqlite3_bind_int64 (stmt, 1, id);
      sqlite3_bind_int (stmt, 2, starred);
      bind_text (stmt, 3, notes);
      sqlite3_bind_int64 (stmt, 4, added);
      sqlite3_bind_int64 (stmt, 5, modified);
      if (!stmt_done (s->to, stmt, error) || !fts_refresh_locked (s->self, s->to, id, error))
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
          stmt = conn_stmt (s->to, "INSERT INTO thumbnails (game_id, png) VALUES (?1, ?2)", error);
          if (stmt == NULL)
            {
              sqlite3_finalize (q);
              return FALSE;
            }
          sqlite3_bind_int64 (stmt, 1, id);
          sqlite3_bind_blob (stmt, 2, sqlite3_column_blob (q, 0), sqlite3_column_bytes (q, 0), SQLITE_TRANSIENT);
          if (!stmt_done (s->to, stmt, error))
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
    return conn_exec (s->to, "RELEASE salvage", error);
  if (!conn_exec (s->to, "ROLLBACK TO salvage", NULL) || !conn_exec (s->to, "RELEASE salvage", NULL))
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
  if (!conn_exec (s->to, "SAVEPOINT salvage", &error))
    {
      salvage_write_failed (s, &error);
      _imh_library_record_info_clear (&info);
      return;
    }
  ok = store_locked (s->self, s->to, id, TRUE, &info, &error) != 0
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
  if (!conn_exec (s->to, "SAVEPOINT salvage", &error))
    {
      salvage_write_failed (s, &error);
      return;
    }
  /* One analysis per game: a later one replaces an earlier one. */
  del = conn_stmt (s->to, "DELETE FROM analyses WHERE game_id = ?1", &error);
  if (del != NULL)
    sqlite3_bind_int64 (del, 1, game_id);
  ok = del != NULL && stmt_done (s->to, del, &error)
       && insert_analysis_locked (s->to, game_id, (const char *) sqlite3_column_text (stmt, 2),
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
  if (!conn_exec (s->to, "SAVEPOINT salvage", &error))
    {
      salvage_write_failed (s, &error);
      return;
    }
  ok = insert_bookmark_locked (s->to, id, game_id, (guint) ply, (const char *) sqlite3_column_text (stmt, 3),
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
static guint
salvage (ImhLibrary *self, Conn *to, const char *from_path, GError **error)
{
  Salvage s = { 0 };
  int rc;

  s.self = self;
  s.to = to;
  s.lengths = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  rc = open_read_only (from_path, FALSE, &s.from);
  if (rc != SQLITE_OK)
    g_message ("Salvage: %s cannot be read: %s", from_path,
               s.from != NULL ? sqlite3_errmsg (s.from) : sqlite3_errstr (rc));
  if (!begin (to, error))
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
    commit (to, &s.error);
  rollback (to);
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
              if (id != 0 && conn_exec (c, "RELEASE game", &game_error))
                g_array_append_val (added, id);
              else if (!conn_exec (c, "ROLLBACK TO game; RELEASE game", game_error == NULL ? &game_error : NULL))
                {
                  /* The file's transaction is gone: nothing of it is kept. */
                  _imh_library_record_info_clear (&info);
                  reject (report, file, g_strdup (game_error->message));
                  for (size_t j = i; j < n_records; j++)
                    imh_record_free (records[j]);
                  free (records);
                  rollback (c);
                  conn_unlock (c);
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
      stats->n_games = (guint64) scalar_locked (c, "SELECT count(*) FROM games WHERE deleted_at IS NULL", error, &ok);
      if (ok)
        stats->n_finished = (guint64) scalar_locked (c, "SELECT count(*) FROM games WHERE finished = 1 AND deleted_at IS NULL", error, &ok);
      if (ok)
        stats->n_duel = (guint64) scalar_locked (c, "SELECT count(*) FROM games WHERE game = 0 AND deleted_at IS NULL", error, &ok);
      if (ok)
        stats->n_classic = (guint64) scalar_locked (c, "SELECT count(*) FROM games WHERE game = 1 AND deleted_at IS NULL", error, &ok);
      if (ok)
        stats->n_starred = (guint64) scalar_locked (c, "SELECT count(*) FROM games WHERE starred = 1 AND deleted_at IS NULL", error, &ok);
      if (ok)
        stats->n_analysed = (guint64) scalar_locked (c, "SELECT count(*) FROM games WHERE analysed = " G_STRINGIFY (ANALYSED_READABLE)
                                                        " AND deleted_at IS NULL", error, &ok);
      if (ok)
        stats->n_tags = (guint64) scalar_locked (c, "SELECT count(*) FROM tags WHERE EXISTS (SELECT 1 FROM game_tags gt"
                                                    " JOIN games g ON g.id = gt.game_id WHERE gt.tag_id = tags.id"
                                                    " AND g.deleted_at IS NULL)", error, &ok);
      if (ok)
        stats->n_bookmarks = (guint64) scalar_locked (c, "SELECT count(*) FROM bookmarks WHERE game_id IN"
                                                         " (SELECT id FROM games WHERE deleted_at IS NULL)", error, &ok);
      if (ok)
        stats->n_decisions = (guint64) scalar_locked (c, "SELECT coalesce (sum (length), 0) FROM games WHERE deleted_at IS NULL",
                                                         error, &ok);
      ok = end_read (c, ok, error);
    }
  conn_unlock (c);
  if (g_stat (self->path, &st) == 0)
    stats->file_size = (guint64) st.st_size;
  return ok;
}
