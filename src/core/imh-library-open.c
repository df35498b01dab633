/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-library-open.c — the game library: opening a file (what it is, the
 * read-only and writable connections) and recovering a damaged one. */
#define G_LOG_DOMAIN "imh-library"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>
#include <string.h>

#include "imh-library-private.h"

/* The quick integrity check at open: only for files up to this size (a
 * larger library is checked by its header and schema only; damaged pages
 * surface as errors of the queries that read them), and never longer than
 * the budget. */
#define QUICK_CHECK_MAX_FILE_SIZE (16 * 1024 * 1024)
#define QUICK_CHECK_BUDGET_US (60 * 1000)

/* ------------------------------------------------------------------ */
/* Opening a file                                                      */

/* Reads the integer a PRAGMA returns; an SQLite result code. */
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

goffset
_imh_library_file_size (const char *path)
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
int
_imh_library_open_read_only (const char *path, gboolean immutable, sqlite3 **db)
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

  rc = _imh_library_open_read_only (path, header_app_id != IMH_LIBRARY_APPLICATION_ID, &db);
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
  else if (_imh_library_file_size (path) <= QUICK_CHECK_MAX_FILE_SIZE && quick_check_fails (db, why))
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
      _imh_library_conn_close (c);
      return FALSE;
    }
  if (rc != SQLITE_OK)
    {
      _imh_library_sql_error (error, c->db, rc);
      _imh_library_conn_close (c);
      return FALSE;
    }
  sqlite3_extended_result_codes (c->db, 0);
  sqlite3_busy_timeout (c->db, 5000);

  if (!_imh_library_conn_exec (c, "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;", error))
    {
      _imh_library_conn_close (c);
      return FALSE;
    }
  rc = pragma_int (c->db, "PRAGMA user_version", &version);
  if (rc == SQLITE_OK)
    rc = pragma_int (c->db, "PRAGMA application_id", &app_id);
  if (rc != SQLITE_OK)
    {
      _imh_library_sql_error (error, c->db, rc);
      _imh_library_conn_close (c);
      return FALSE;
    }
  if (version < IMH_LIBRARY_SCHEMA_VERSION && !_imh_library_migrate (c, version, error))
    {
      _imh_library_conn_close (c);
      return FALSE;
    }
  /* A library from before the mark gets it. */
  if (version >= 1 && app_id != IMH_LIBRARY_APPLICATION_ID)
    {
      g_autofree char *set = g_strdup_printf ("PRAGMA application_id = %d", IMH_LIBRARY_APPLICATION_ID);
      if (!_imh_library_conn_exec (c, set, error))
        {
          _imh_library_conn_close (c);
          return FALSE;
        }
    }
  rc = pragma_int (c->db, "SELECT count(*) FROM sqlite_master WHERE name = 'games_fts'", &n);
  if (rc != SQLITE_OK)
    {
      _imh_library_sql_error (error, c->db, rc);
      _imh_library_conn_close (c);
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
  int rc = _imh_library_open_read_only (self->path, FALSE, &self->r.db);

  if (rc != SQLITE_OK)
    {
      g_set_error (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_FAILED, _("Could not read the library “%s”: %s"),
                   self->path, self->r.db != NULL ? sqlite3_errmsg (self->r.db) : sqlite3_errstr (rc));
      _imh_library_conn_close (&self->r);
      return FALSE;
    }
  return _imh_library_conn_exec (&self->r, "PRAGMA cache_size = -16000; PRAGMA foreign_keys = ON;", error);
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
    return _imh_library_sql_error (error, self->r.db, rc);
  self->fts = n == 1;
  return TRUE;
}


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

  _imh_library_conn_init (&s);
  ok = open_writer (&s, temp, &self->fts, error);
  if (ok)
    {
      GError *local = NULL;
      n = _imh_library_salvage (self, &s, self->path, &local);
      if (local != NULL)
        {
          g_propagate_prefixed_error (error, local, _("Could not recover the damaged library “%s”: "), self->path);
          ok = FALSE;
        }
    }
  /* Closing checkpoints the new library into its file. */
  _imh_library_conn_free (&s);
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

gboolean
_imh_library_open_file (ImhLibrary *self, GError **error)
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
  _imh_library_trash_purge_expired (self);
  return TRUE;
}
