/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-library-recovery.c — what the library does on open with a file that
 * is not a library, a damaged library and a read-only library. */
#include "config.h"

#include <errno.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <grp.h>
#include <sqlite3.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "imh-library-private.h"

/* The user the read-only tests run as when the tests run as root (who
 * may write any file): "nobody". */
#define UNPRIVILEGED_ID 65534

/* ------------------------------------------------------------------ */
/* Helpers                                                             */

/* A fresh folder of its own (G_TEST_OPTION_ISOLATE_DIRS: per test). */
static char *
test_dir (const char *name)
{
  char *dir = g_build_filename (g_get_user_data_dir (), name, NULL);

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  return dir;
}

static char *
file_hash (const char *path)
{
  g_autofree char *contents = NULL;
  gsize len = 0;

  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
  return g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) contents, len);
}

/* The names in a folder, sorted, one a line. */
static char *
listing (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  const char *name;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    g_ptr_array_add (names, (char *) name);
  g_ptr_array_sort (names, (GCompareFunc) g_strcmp0);
  g_ptr_array_add (names, NULL);
  return g_strjoinv ("\n", (char **) names->pdata);
}

static void
raw_exec (const char *path, const char *sql)
{
  sqlite3 *db = NULL;

  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, sql, NULL, NULL, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_close (db), ==, SQLITE_OK);
}

static gint64
raw_int (const char *path, const char *sql)
{
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;
  gint64 v = -1;

  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  v = sqlite3_column_int64 (stmt, 0);
  sqlite3_finalize (stmt);
  sqlite3_close (db);
  return v;
}

/* A library of n random games, closed (its WAL checkpointed into the
 * file); the records by id in *records (index id − 1). */
static void
make_library (const char *path, guint n, GPtrArray **records)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhLibrary) lib = imh_library_open (path, &error);

  g_assert_no_error (error);
  g_assert_cmpint (imh_library_get_open_status (lib), ==, IMH_LIBRARY_OPEN_OK);
  *records = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *text = _imh_library_random_record (1000 + i, i % 5 != 0, 40, 0);
      gint64 id = imh_library_save_record (lib, 0, text, FALSE, &error);
      g_autofree char *canonical = NULL;

      g_assert_no_error (error);
      g_assert_cmpint (id, ==, (gint64) i + 1);
      canonical = imh_library_load_record (lib, id, &error);
      g_assert_no_error (error);
      g_ptr_array_add (*records, g_steal_pointer (&canonical));
    }
}

/* Overwrites page `page` (1-based) of a closed database with garbage. */
static void
damage_page (const char *path, gint64 page)
{
  gint64 page_size = raw_int (path, "PRAGMA page_size");
  g_autofree char *contents = NULL;
  gsize len = 0;

  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
  g_assert_cmpint (page, >, 1);
  g_assert_cmpuint (len, >=, (gsize) (page * page_size));
  for (gint64 i = (page - 1) * page_size; i < page * page_size; i++)
    contents[i] = (char) (0xA5 ^ (i * 7));
  g_assert_true (g_file_set_contents (path, contents, (gssize) len, NULL));
}

/* A page of the b-tree `name` (pagetype "leaf" or "internal" from dbstat,
 * or its root page from the schema when SQLite has no dbstat). */
static gint64
find_page (const char *path, const char *name, gboolean middle_leaf)
{
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;
  g_autofree char *sql = NULL;
  g_autoptr(GArray) pages = g_array_new (FALSE, FALSE, sizeof (gint64));
  gint64 page = 0;

  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  sql = g_strdup_printf ("SELECT pageno FROM dbstat WHERE name = '%s' AND pagetype = 'leaf' ORDER BY path", name);
  if (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL) == SQLITE_OK)
    {
      while (sqlite3_step (stmt) == SQLITE_ROW)
        {
          gint64 p = sqlite3_column_int64 (stmt, 0);
          g_array_append_val (pages, p);
        }
    }
  sqlite3_finalize (stmt);
  if (pages->len > 0)
    page = g_array_index (pages, gint64, middle_leaf ? pages->len / 2 : 0);
  else
    {
      /* No dbstat: the root page (a leaf when the b-tree is small). */
      g_clear_pointer (&sql, g_free);
      sql = g_strdup_printf ("SELECT rootpage FROM sqlite_master WHERE name = '%s'", name);
      g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
      g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
      page = sqlite3_column_int64 (stmt, 0);
      sqlite3_finalize (stmt);
    }
  sqlite3_close (db);
  return page;
}

static void
assert_untouched (const char *path, const char *hash, const char *dir, const char *names)
{
  g_autofree char *hash_after = file_hash (path);
  g_autofree char *names_after = listing (dir);

  g_assert_cmpstr (hash_after, ==, hash);
  g_assert_cmpstr (names_after, ==, names);
}

/* Opening path fails with NOT_A_LIBRARY naming it; nothing in its folder
 * changes, byte for byte. */
static void
check_foreign (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *hash = file_hash (path);
  g_autofree char *names = listing (dir);
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhLibrary) lib = imh_library_open (path, &error);

  g_assert_null (lib);
  g_assert_error (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_NOT_A_LIBRARY);
  g_assert_nonnull (strstr (error->message, path));
  g_test_message ("%s", error->message);
  assert_untouched (path, hash, dir, names);

  /* And again: still nothing changed (no moved-aside copy, no new library). */
  g_clear_error (&error);
  lib = imh_library_open (path, &error);
  g_assert_null (lib);
  g_assert_error (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_NOT_A_LIBRARY);
  assert_untouched (path, hash, dir, names);
}

/* ------------------------------------------------------------------ */
/* Files that are not Imhotep libraries                                */

static void
test_foreign_sqlite (void)
{
  g_autofree char *dir = test_dir ("foreign");
  g_autofree char *path = g_build_filename (dir, "photos.sqlite", NULL);

  raw_exec (path, "CREATE TABLE photos (id INTEGER PRIMARY KEY, name TEXT);"
                  "INSERT INTO photos (name) VALUES ('beach'), ('mountain');");
  check_foreign (path);
}

static void
test_foreign_wal (void)
{
  g_autofree char *dir = test_dir ("foreign-wal");
  g_autofree char *path = g_build_filename (dir, "notes.db", NULL);

  raw_exec (path, "PRAGMA journal_mode = WAL; CREATE TABLE notes (t TEXT); INSERT INTO notes VALUES ('x');");
  check_foreign (path);
}

/* Another application's id, even with tables named like ours. */
static void
test_foreign_application_id (void)
{
  g_autofree char *dir = test_dir ("foreign-id");
  g_autofree char *path = g_build_filename (dir, "library.sqlite3", NULL);

  raw_exec (path, "PRAGMA application_id = 1234567; PRAGMA user_version = 1;"
                  "CREATE TABLE games (id INTEGER PRIMARY KEY, record_hash TEXT);"
                  "CREATE TABLE records (game_id INTEGER PRIMARY KEY, text TEXT);");
  check_foreign (path);
}

/* No application id and only some of our table names: not ours. */
static void
test_foreign_lookalike (void)
{
  g_autofree char *dir = test_dir ("lookalike");
  g_autofree char *path = g_build_filename (dir, "library.sqlite3", NULL);

  raw_exec (path, "PRAGMA user_version = 1; CREATE TABLE games (id INTEGER PRIMARY KEY, name TEXT);");
  check_foreign (path);
}

static void
test_foreign_text (void)
{
  g_autofree char *dir = test_dir ("text");
  g_autofree char *path = g_build_filename (dir, "library.sqlite3", NULL);
  g_autofree char *junk = g_strnfill (8192, 'x');

  g_assert_true (g_file_set_contents (path, junk, -1, NULL));
  check_foreign (path);
}

/* A SQLite file without our mark whose pages are damaged. */
static void
test_foreign_damaged (void)
{
  g_autofree char *dir = test_dir ("foreign-damaged");
  g_autofree char *path = g_build_filename (dir, "other.db", NULL);

  raw_exec (path, "CREATE TABLE t (x TEXT); WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n"
                  " WHERE i < 500) INSERT INTO t SELECT printf ('%0200d', i) FROM n;");
  damage_page (path, 2);
  check_foreign (path);
}

/* A library of this application from before the application id: known by
 * its tables; it opens, keeps its games and gets the mark. */
static void
test_unmarked_library (void)
{
  g_autofree char *dir = test_dir ("unmarked");
  g_autofree char *path = g_build_filename (dir, "library.sqlite3", NULL);
  g_autoptr(GPtrArray) records = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhLibrary) lib = NULL;

  make_library (path, 3, &records);
  raw_exec (path, "PRAGMA application_id = 0;");
  lib = imh_library_open (path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (imh_library_get_open_status (lib), ==, IMH_LIBRARY_OPEN_OK);
  g_assert_cmpuint (imh_library_count (lib, NULL), ==, 3);
  g_clear_object (&lib);
  g_assert_cmpint (raw_int (path, "PRAGMA application_id"), ==, 0x494D484C);
}

/* ------------------------------------------------------------------ */
/* Damaged libraries                                                   */

/* Opens the damaged library at path: moved aside byte for byte, what
 * reads comes back, the message says how many and where the old file is.
 * Returns the library. */
static ImhLibrary *
open_damaged (const char *path, guint expected)
{
  g_autofree char *hash = file_hash (path);
  g_autoptr(GError) error = NULL;
  ImhLibrary *lib = imh_library_open (path, &error);
  g_autofree char *count = g_strdup_printf ("%u", expected);
  g_autofree char *aside_hash = NULL;
  const char *aside;

  g_assert_no_error (error);
  g_assert_nonnull (lib);
  g_assert_cmpint (imh_library_get_open_status (lib), ==, IMH_LIBRARY_OPEN_RECOVERED);
  g_assert_false (imh_library_is_read_only (lib));
  g_assert_cmpuint (imh_library_get_n_salvaged (lib), ==, expected);
  g_assert_cmpuint (imh_library_count (lib, NULL), ==, expected);
  aside = imh_library_get_moved_aside_path (lib);
  g_assert_nonnull (aside);
  g_assert_true (g_str_has_prefix (aside, path));
  aside_hash = file_hash (aside);
  g_assert_cmpstr (aside_hash, ==, hash);
  g_assert_nonnull (strstr (imh_library_get_open_message (lib), aside));
  g_assert_nonnull (strstr (imh_library_get_open_message (lib), count));
  g_test_message ("%s", imh_library_get_open_message (lib));
  return lib;
}

static void
assert_same_records (ImhLibrary *lib, GPtrArray *records, GHashTable *only)
{
  for (guint i = 0; i < records->len; i++)
    {
      gint64 id = (gint64) i + 1;
      g_autoptr(GError) error = NULL;
      g_autofree char *text = NULL;

      if (only != NULL && !g_hash_table_contains (only, &id))
        continue;
      text = imh_library_load_record (lib, id, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (text, ==, records->pdata[i]);
    }
}

/* One damaged page of an index: every game comes back. */
static void
test_damaged_index (void)
{
  g_autofree char *dir = test_dir ("damaged-index");
  g_autofree char *path = g_build_filename (dir, "library.sqlite3", NULL);
  g_autoptr(GPtrArray) records = NULL;
  g_autoptr(ImhLibrary) lib = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) ids = NULL;
  gint64 page;

  make_library (path, 1000, &records);
  page = find_page (path, "games_started", TRUE);
  g_test_message ("damaging page %" G_GINT64_FORMAT " (index games_started)", page);
  damage_page (path, page);

  lib = open_damaged (path, 1000);
  assert_same_records (lib, records, NULL);
  /* The new library is whole: its indexes answer. */
  ids = imh_library_query_ids (lib, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ids->len, ==, 1000);
  g_assert_cmpint (raw_int (path, "SELECT count(*) FROM games NOT INDEXED"), ==, 1000);
}

/* The ids whose record a lookup by rowid still reads from the damaged file
 * (a different way to read than the salvage's scan). */
static GHashTable *
readable_ids (const char *path, GPtrArray *records)
{
  GHashTable *ids = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;

  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT text FROM records WHERE game_id = ?1", -1, &stmt, NULL),
                   ==, SQLITE_OK);
  for (guint i = 0; i < records->len; i++)
    {
      sqlite3_reset (stmt);
      sqlite3_bind_int64 (stmt, 1, (gint64) i + 1);
      if (sqlite3_step (stmt) == SQLITE_ROW
          && g_strcmp0 ((const char *) sqlite3_column_text (stmt, 0), records->pdata[i]) == 0)
        {
          gint64 *id = g_new (gint64, 1);
          *id = (gint64) i + 1;
          g_hash_table_add (ids, id);
        }
    }
  sqlite3_finalize (stmt);
  sqlite3_close (db);
  return ids;
}

/* One damaged page of the records table: every record that still reads
 * comes back, and nothing else. */
static void
test_damaged_table (void)
{
  g_autofree char *dir = test_dir ("damaged-table");
  g_autofree char *path = g_build_filename (dir, "library.sqlite3", NULL);
  g_autoptr(GPtrArray) records = NULL;
  g_autoptr(ImhLibrary) lib = NULL;
  g_autoptr(GHashTable) readable = NULL;
  gint64 page;

  make_library (path, 300, &records);
  page = find_page (path, "records", TRUE);
  g_test_message ("damaging page %" G_GINT64_FORMAT " (table records)", page);
  damage_page (path, page);
  readable = readable_ids (path, records);
  g_test_message ("%u of 300 records readable", g_hash_table_size (readable));
  g_assert_cmpuint (g_hash_table_size (readable), <, 300);
  g_assert_cmpuint (g_hash_table_size (readable), >, 250);

  lib = open_damaged (path, g_hash_table_size (readable));
  assert_same_records (lib, records, readable);
}

/* Stars, notes, tags, thumbnails, analyses and bookmarks come back too. */
static void
test_damaged_keeps_data (void)
{
  g_autofree char *dir = test_dir ("damaged-data");
  g_autofree char *path = g_build_filename (dir, "library.sqlite3", NULL);
  static const guint8 png[] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 1, 2, 3, 4 };
  const char *tags[] = { "Final", "Club night", NULL };
  g_autoptr(GPtrArray) records = NULL;
  g_autoptr(ImhLibrary) lib = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) thumb = g_bytes_new_static (png, sizeof png);
  g_autoptr(GBytes) thumb_back = NULL;
  g_autoptr(ImhGameSummary) s = NULL;
  g_autoptr(GPtrArray) bookmarks = NULL;
  g_autofree char *engine = NULL, *settings = NULL, *data = NULL;

  make_library (path, 20, &records);
  {
    g_autoptr(ImhLibrary) w = imh_library_open (path, &error);
    g_assert_no_error (error);
    g_assert_true (imh_library_set_starred (w, 7, TRUE, &error));
    g_assert_true (imh_library_set_notes (w, 7, "a close one", &error));
    g_assert_true (imh_library_set_tags (w, 7, tags, &error));
    g_assert_true (imh_library_set_thumbnail (w, 7, thumb, &error));
    g_assert_cmpint (imh_library_add_analysis (w, 7, "1.0", "{\"iterations\": 10}", "[]", 2, &error), >, 0);
    g_assert_cmpint (imh_library_add_bookmark (w, 7, 3, "here", &error), >, 0);
    g_assert_no_error (error);
  }
  damage_page (path, find_page (path, "games_hash", FALSE));

  lib = open_damaged (path, 20);
  assert_same_records (lib, records, NULL);
  s = imh_library_get_summary (lib, 7, &error);
  g_assert_no_error (error);
  g_assert_true (imh_game_summary_get_starred (s));
  g_assert_cmpstr (imh_game_summary_get_notes (s), ==, "a close one");
  g_assert_cmpstr (imh_game_summary_get_tags (s), ==, "Final, Club night");
  g_assert_true (imh_game_summary_get_analysed (s));
  g_assert_cmpuint (imh_game_summary_get_n_blunders (s), ==, 2);
  thumb_back = imh_library_get_thumbnail (lib, 7, &error);
  g_assert_no_error (error);
  g_assert_true (g_bytes_equal (thumb_back, thumb));
  g_assert_true (imh_library_get_latest_analysis (lib, 7, &engine, &settings, &data, &error));
  g_assert_cmpstr (settings, ==, "{\"iterations\": 10}");
  bookmarks = imh_library_list_bookmarks (lib, 7, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (bookmarks->len, ==, 1);
  g_assert_cmpstr (((ImhLibraryBookmark *) bookmarks->pdata[0])->label, ==, "here");
  /* The search finds the salvaged tags and notes. */
  {
    ImhLibraryQuery q;
    g_autoptr(GArray) ids = NULL;
    imh_library_query_init (&q);
    q.search = g_strdup ("club");
    ids = imh_library_query_ids (lib, &q, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (ids->len, ==, 1);
    g_assert_cmpint (g_array_index (ids, gint64, 0), ==, 7);
    imh_library_query_clear (&q);
  }
}

/* Nothing readable (the schema page itself damaged, our mark intact): the
 * file is still moved aside, never deleted, and a new library starts. */
static void
test_damaged_schema (void)
{
  g_autofree char *dir = test_dir ("damaged-schema");
  g_autofree char *path = g_build_filename (dir, "library.sqlite3", NULL);
  g_autoptr(GPtrArray) records = NULL;
  g_autoptr(ImhLibrary) lib = NULL;
  g_autofree char *contents = NULL;
  gsize len = 0;

  make_library (path, 10, &records);
  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
  /* The schema table continues past the file header on page 1. */
  for (gsize i = 100; i < 4096; i++)
    contents[i] = (char) (0x5A ^ (i * 13));
  g_assert_true (g_file_set_contents (path, contents, (gssize) len, NULL));
  lib = open_damaged (path, 0);
}

/* ------------------------------------------------------------------ */
/* Read-only libraries                                                 */

/* Runs check (path) in a child process that cannot write the library:
 * as the test's own user, or, when the tests run as root (who may write
 * any file), as "nobody". */
static void
run_unprivileged (const char *top, const char *path, void (*check) (const char *path))
{
  pid_t pid;
  int status = 0;

  if (geteuid () == 0)
    {
      /* The child's user must reach the files. */
      g_assert_cmpint (chmod (top, 0755), ==, 0);
    }
  fflush (stdout);
  fflush (stderr);
  pid = fork ();
  g_assert_cmpint (pid, >=, 0);
  if (pid == 0)
    {
      if (geteuid () == 0
          && (setgroups (0, NULL) != 0 || setgid (UNPRIVILEGED_ID) != 0 || setuid (UNPRIVILEGED_ID) != 0))
        _exit (77);
      check (path);
      _exit (0);
    }
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  if (WIFEXITED (status) && WEXITSTATUS (status) == 77)
    {
      g_test_skip ("cannot drop root privileges to make the library unwritable");
      return;
    }
  if (!WIFEXITED (status) || WEXITSTATUS (status) != 0)
    g_error ("the read-only check failed (wait status %d)", status);
}

static void
check_read_only (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhLibrary) lib = imh_library_open (path, &error);
  g_autofree char *text = _imh_library_random_record (99, TRUE, 0, 0);
  g_autoptr(GArray) ids = NULL;
  g_autofree char *record = NULL;

  g_assert_no_error (error);
  g_assert_nonnull (lib);
  g_assert_true (imh_library_is_read_only (lib));
  g_assert_cmpint (imh_library_get_open_status (lib), ==, IMH_LIBRARY_OPEN_NOT_WRITABLE);
  g_assert_nonnull (strstr (imh_library_get_open_message (lib), path));
  /* Browsing works. */
  ids = imh_library_query_ids (lib, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ids->len, ==, 5);
  record = imh_library_load_record (lib, 3, &error);
  g_assert_no_error (error);
  g_assert_nonnull (record);
  /* Writing fails with a clear error. */
  g_assert_cmpint (imh_library_save_record (lib, 0, text, FALSE, &error), ==, 0);
  g_assert_error (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_READ_ONLY);
  g_clear_error (&error);
  g_assert_false (imh_library_set_starred (lib, 3, TRUE, &error));
  g_assert_error (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_READ_ONLY);
}

static void
test_read_only (gconstpointer data)
{
  gboolean folder = GPOINTER_TO_INT (data);
  g_autofree char *top = g_dir_make_tmp ("imh-read-only-XXXXXX", NULL);
  g_autofree char *dir = g_build_filename (top, "lib", NULL);
  g_autofree char *path = g_build_filename (dir, "library.sqlite3", NULL);
  g_autoptr(GPtrArray) records = NULL;
  g_autofree char *hash = NULL;
  g_autofree char *names = NULL;

  g_assert_nonnull (top);
  g_assert_cmpint (g_mkdir (dir, 0755), ==, 0);
  make_library (path, 5, &records);
  hash = file_hash (path);
  names = listing (dir);
  if (geteuid () == 0)
    {
      g_assert_cmpint (chown (dir, UNPRIVILEGED_ID, UNPRIVILEGED_ID), ==, 0);
      g_assert_cmpint (chown (path, UNPRIVILEGED_ID, UNPRIVILEGED_ID), ==, 0);
    }
  if (folder)
    g_assert_cmpint (chmod (dir, 0555), ==, 0);
  else
    g_assert_cmpint (chmod (path, 0444), ==, 0);

  run_unprivileged (top, path, check_read_only);

  g_assert_cmpint (chmod (dir, 0755), ==, 0);
  g_assert_cmpint (chmod (path, 0644), ==, 0);
  if (!g_test_failed ())
    {
      /* A reader of a WAL database in a writable folder may create its
       * -wal and -shm files (empty); the library itself is unchanged. */
      g_autofree char *hash_after = file_hash (path);
      g_autofree char *wal = g_strconcat (path, "-wal", NULL);
      g_autofree char *shm = g_strconcat (path, "-shm", NULL);

      g_assert_cmpstr (hash_after, ==, hash);
      g_remove (wal);
      g_remove (shm);
      assert_untouched (path, hash, dir, names);
    }
  g_remove (path);
  g_rmdir (dir);
  g_rmdir (top);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
  /* The quick check at open runs to its end here, however busy the machine. */
  g_setenv ("IMH_LIBRARY_FULL_CHECK", "1", TRUE);

  g_test_add_func ("/library-recovery/foreign/sqlite", test_foreign_sqlite);
  g_test_add_func ("/library-recovery/foreign/sqlite-wal", test_foreign_wal);
  g_test_add_func ("/library-recovery/foreign/application-id", test_foreign_application_id);
  g_test_add_func ("/library-recovery/foreign/lookalike", test_foreign_lookalike);
  g_test_add_func ("/library-recovery/foreign/text", test_foreign_text);
  g_test_add_func ("/library-recovery/foreign/damaged", test_foreign_damaged);
  g_test_add_func ("/library-recovery/unmarked-library", test_unmarked_library);
  g_test_add_func ("/library-recovery/damaged/index", test_damaged_index);
  g_test_add_func ("/library-recovery/damaged/table", test_damaged_table);
  g_test_add_func ("/library-recovery/damaged/keeps-data", test_damaged_keeps_data);
  g_test_add_func ("/library-recovery/damaged/schema", test_damaged_schema);
  g_test_add_data_func ("/library-recovery/read-only/file", GINT_TO_POINTER (FALSE), test_read_only);
  g_test_add_data_func ("/library-recovery/read-only/folder", GINT_TO_POINTER (TRUE), test_read_only);
  return g_test_run ();
}
