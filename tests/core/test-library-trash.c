/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-library-trash.c — the library's trash: the schema 2 migration,
 * ids never reused, delete and restore, removal after 30 days, emptying,
 * and the game open in the window surviving its deletion. */
#include "config.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <sqlite3.h>
#include <string.h>

#include "cli-test-util.h"
#include "imh-library-autosave.h"
#include "imh-library-model.h"
#include "imh-library-private.h"
#include "imh-record-file.h"
#include "test-i18n.h"

static const char *cli;     /* path of imhotep-cli (first argument) */

/* ------------------------------------------------------------------ */
/* Helpers                                                             */

static char *
temp_db (const char *name)
{
  /* G_TEST_OPTION_ISOLATE_DIRS gives every test its own data dir. */
  g_assert_cmpint (g_mkdir_with_parents (g_get_user_data_dir (), 0700), ==, 0);
  return g_build_filename (g_get_user_data_dir (), name, NULL);
}

static ImhLibrary *
open_at (const char *path)
{
  g_autoptr(GError) error = NULL;
  ImhLibrary *lib = imh_library_open (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (lib);
  g_assert_cmpint (imh_library_get_open_status (lib), ==, IMH_LIBRARY_OPEN_OK);
  return lib;
}

static gint64
save (ImhLibrary *lib, const char *text)
{
  g_autoptr(GError) error = NULL;
  gint64 id = imh_library_save_record (lib, 0, text, TRUE, &error);

  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);
  return id;
}

static char *
record (guint64 seed)
{
  return _imh_library_random_record (seed, TRUE, 0, 0);
}

static sqlite3 *
raw_open (const char *path)
{
  sqlite3 *db = NULL;

  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL), ==, SQLITE_OK);
  return db;
}

static gint64
raw_int (const char *path, const char *sql)
{
  sqlite3 *db = raw_open (path);
  sqlite3_stmt *stmt = NULL;
  gint64 v = -1;

  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  if (sqlite3_step (stmt) == SQLITE_ROW)
    v = sqlite3_column_int64 (stmt, 0);
  sqlite3_finalize (stmt);
  sqlite3_close (db);
  return v;
}

static void
raw_exec (const char *path, const char *sql)
{
  sqlite3 *db = raw_open (path);

  g_assert_cmpint (sqlite3_exec (db, sql, NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
}

/* Runs a statement with ?1 bound; returns the first column of the first row. */
static gint64
raw_int_for (const char *path, const char *sql, gint64 id)
{
  sqlite3 *db = raw_open (path);
  sqlite3_stmt *stmt = NULL;
  gint64 v = -1;

  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  sqlite3_bind_int64 (stmt, 1, id);
  if (sqlite3_step (stmt) == SQLITE_ROW)
    v = sqlite3_column_int64 (stmt, 0);
  sqlite3_finalize (stmt);
  sqlite3_close (db);
  return v;
}

static GArray *
query_ids (ImhLibrary *lib, gboolean trash, const char *search)
{
  g_autoptr(GError) error = NULL;
  ImhLibraryQuery q;
  GArray *ids;

  imh_library_query_init (&q);
  q.trash = trash;
  q.search = g_strdup (search);
  ids = imh_library_query_ids (lib, &q, &error);
  imh_library_query_clear (&q);
  g_assert_no_error (error);
  g_assert_nonnull (ids);
  return ids;
}

static gboolean
listed (ImhLibrary *lib, gboolean trash, gint64 id)
{
  g_autoptr(GArray) ids = query_ids (lib, trash, NULL);

  for (guint i = 0; i < ids->len; i++)
    if (g_array_index (ids, gint64, i) == id)
      return TRUE;
  return FALSE;
}

/* Star, notes, tags, thumbnail, analysis and bookmark on a game. */
static void
decorate (ImhLibrary *lib, gint64 id, const char *tag)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) png = g_bytes_new_static ("\x89PNG-ish", 8);
  const char *tags[] = { tag, "shared", NULL };

  g_assert_true (imh_library_set_starred (lib, id, TRUE, &error));
  g_assert_true (imh_library_set_notes (lib, id, "Zanzibar gambit", &error));
  g_assert_true (imh_library_set_tags (lib, id, tags, &error));
  g_assert_true (imh_library_set_thumbnail (lib, id, png, &error));
  g_assert_cmpint (imh_library_add_analysis (lib, id, "test 1", "{}", "[]", 2, &error), >, 0);
  g_assert_cmpint (imh_library_add_bookmark (lib, id, 3, "here", &error), >, 0);
  g_assert_no_error (error);
}

static void
assert_decorated (ImhLibrary *lib, gint64 id, const char *tag)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhGameSummary) s = imh_library_get_summary (lib, id, &error);
  g_autoptr(GBytes) png = NULL;
  g_autoptr(GPtrArray) marks = NULL;
  g_autofree char *tags = g_strdup_printf ("%s, shared", tag);
  g_autofree char *version = NULL, *settings = NULL, *data = NULL;

  g_assert_no_error (error);
  g_assert_true (imh_game_summary_get_starred (s));
  g_assert_true (imh_game_summary_get_analysed (s));
  g_assert_cmpuint (imh_game_summary_get_n_blunders (s), ==, 2);
  g_assert_cmpstr (imh_game_summary_get_notes (s), ==, "Zanzibar gambit");
  g_assert_cmpstr (imh_game_summary_get_tags (s), ==, tags);
  png = imh_library_get_thumbnail (lib, id, &error);
  g_assert_no_error (error);
  g_assert_nonnull (png);
  g_assert_cmpuint (g_bytes_get_size (png), ==, 8);
  g_assert_true (imh_library_get_latest_analysis (lib, id, &version, &settings, &data, &error));
  g_assert_cmpstr (version, ==, "test 1");
  marks = imh_library_list_bookmarks (lib, id, &error);
  g_assert_cmpuint (marks->len, ==, 1);
  g_assert_cmpuint (((ImhLibraryBookmark *) marks->pdata[0])->ply, ==, 3);
}

static void
spin (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* Waits until the model has reloaded to n items (bounded against a hang). */
static void
wait_model (ImhLibraryModel *model, guint n)
{
  gint64 deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  while ((g_list_model_get_n_items (G_LIST_MODEL (model)) != n || imh_library_model_get_loading (model))
         && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, n);
}

/* ------------------------------------------------------------------ */
/* Migration from version 1                                            */

/* The schema of version 1, as the library created it. */
static const char schema_v1[] =
  "CREATE TABLE games ("
  "  id INTEGER PRIMARY KEY, record_hash TEXT NOT NULL, game INTEGER NOT NULL,"
  "  n_players INTEGER NOT NULL, sides TEXT NOT NULL, variants INTEGER NOT NULL DEFAULT 0,"
  "  seed INTEGER NOT NULL, players TEXT NOT NULL, started INTEGER NOT NULL, ended INTEGER NOT NULL,"
  "  finished INTEGER NOT NULL, winner INTEGER NOT NULL, result TEXT NOT NULL, scores TEXT NOT NULL,"
  "  length INTEGER NOT NULL, turns INTEGER NOT NULL, max_level INTEGER NOT NULL,"
  "  starred INTEGER NOT NULL DEFAULT 0, analysed INTEGER NOT NULL DEFAULT 0,"
  "  n_blunders INTEGER NOT NULL DEFAULT 0, tags TEXT NOT NULL DEFAULT '',"
  "  notes TEXT NOT NULL DEFAULT '', added INTEGER NOT NULL, modified INTEGER NOT NULL);"
  "CREATE INDEX games_hash ON games (record_hash);"
  "CREATE INDEX games_started ON games (started);"
  "CREATE INDEX games_game ON games (game, n_players, started);"
  "CREATE INDEX games_players ON games (players COLLATE NOCASE);"
  "CREATE INDEX games_result ON games (finished, winner, started);"
  "CREATE INDEX games_length ON games (length);"
  "CREATE INDEX games_starred ON games (starred, started);"
  "CREATE INDEX games_unfinished ON games (finished, modified);"
  "CREATE TABLE records (game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE, text TEXT NOT NULL);"
  "CREATE TABLE players (game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,"
  "  seat INTEGER NOT NULL, name TEXT NOT NULL, kind TEXT NOT NULL, level INTEGER NOT NULL,"
  "  score INTEGER, place INTEGER, PRIMARY KEY (game_id, seat)) WITHOUT ROWID;"
  "CREATE INDEX players_name ON players (name COLLATE NOCASE);"
  "CREATE TABLE tags (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE COLLATE NOCASE);"
  "CREATE TABLE game_tags (game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,"
  "  tag_id INTEGER NOT NULL REFERENCES tags (id) ON DELETE CASCADE, PRIMARY KEY (game_id, tag_id)) WITHOUT ROWID;"
  "CREATE INDEX game_tags_tag ON game_tags (tag_id, game_id);"
  "CREATE TABLE thumbnails (game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE, png BLOB NOT NULL);"
  "CREATE TABLE analyses (id INTEGER PRIMARY KEY, game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,"
  "  engine_version TEXT NOT NULL, settings TEXT NOT NULL, data TEXT NOT NULL,"
  "  n_blunders INTEGER NOT NULL, created INTEGER NOT NULL);"
  "CREATE INDEX analyses_game ON analyses (game_id);"
  "CREATE TABLE bookmarks (id INTEGER PRIMARY KEY, game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,"
  "  ply INTEGER NOT NULL, label TEXT NOT NULL, created INTEGER NOT NULL);"
  "CREATE INDEX bookmarks_game ON bookmarks (game_id, ply);"
  "CREATE VIRTUAL TABLE games_fts USING fts5 (players, notes, tags,"
  "  tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3');"
  "PRAGMA application_id = 1229801548; PRAGMA user_version = 1;";

/* Writes a game with everything attached into a version 1 file, as
 * version 1 stored it. */
static void
v1_insert (sqlite3 *db, gint64 id, const char *text, const char *tag)
{
  ImhLibraryRecordInfo info;
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) names = g_string_new (NULL);
  char *sql;

  g_assert_true (_imh_library_describe_text (text, &info, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < info.n_players; i++)
    g_string_append_printf (names, "%s%s", i > 0 ? " " : "", info.names[i]);
  sql = sqlite3_mprintf (
    "INSERT INTO games (id, record_hash, game, n_players, sides, variants, seed, players, started, ended,"
    " finished, winner, result, scores, length, turns, max_level, starred, analysed, n_blunders, tags, notes,"
    " added, modified) VALUES (%lld, %Q, %d, %u, %Q, %u, %lld, %Q, %lld, %lld, %d, %d, %Q, %Q, %u, %u, %d,"
    " 1, 1, 2, '%q, shared', 'Zanzibar gambit', 1700000000, 1700000000);"
    "INSERT INTO records VALUES (%lld, %Q);"
    "INSERT OR IGNORE INTO tags (name) VALUES (%Q), ('shared');"
    "INSERT INTO game_tags SELECT %lld, id FROM tags WHERE name IN (%Q, 'shared');"
    "INSERT INTO thumbnails VALUES (%lld, x'89504e472d697368');"
    "INSERT INTO analyses (game_id, engine_version, settings, data, n_blunders, created)"
    " VALUES (%lld, 'test 1', '{}', '[]', 2, 1700000000);"
    "INSERT INTO bookmarks (game_id, ply, label, created) VALUES (%lld, 3, 'here', 1700000000);"
    "INSERT INTO games_fts (rowid, players, notes, tags) VALUES (%lld, %Q, 'Zanzibar gambit', '%q, shared');",
    (long long) id, info.sha256, info.game, info.n_players, info.sides, info.variants, (long long) info.seed,
    info.players_text, (long long) info.started, (long long) info.ended, info.finished, info.winner,
    info.result, info.scores_text, info.length, info.turns, info.max_level, tag,
    (long long) id, info.canonical, tag, (long long) id, tag, (long long) id, (long long) id, (long long) id,
    (long long) id, names->str, tag);
  g_assert_cmpint (sqlite3_exec (db, sql, NULL, NULL, NULL), ==, SQLITE_OK);
  for (guint i = 0; i < info.n_players; i++)
    {
      char *p = sqlite3_mprintf ("INSERT INTO players VALUES (%lld, %u, %Q, %Q, %d, NULL, NULL)",
                                 (long long) id, i, info.names[i], info.kinds[i], info.levels[i]);
      g_assert_cmpint (sqlite3_exec (db, p, NULL, NULL, NULL), ==, SQLITE_OK);
      sqlite3_free (p);
    }
  sqlite3_free (sql);
  _imh_library_record_info_clear (&info);
}

static void
test_migration (void)
{
  g_autofree char *path = temp_db ("v1.sqlite3");
  g_autofree char *a = record (11), *b = record (12), *c = record (13), *d = record (14);
  g_autoptr(GError) error = NULL;
  const gint64 v1_ids[] = { 1, 2, 5 };
  const char *v1_tags[] = { "alpha", "beta", "gamma" };
  const char *texts[] = { a, b, c };
  sqlite3 *db;

  if (!sqlite3_compileoption_used ("ENABLE_FTS5"))
    {
      g_test_skip ("this SQLite has no FTS5");
      return;
    }

  /* A version 1 library with three games (ids 1, 2, 5: games 3 and 4 were
   * deleted) and everything a game can have. */
  db = raw_open (path);
  g_assert_cmpint (sqlite3_exec (db, schema_v1, NULL, NULL, NULL), ==, SQLITE_OK);
  for (guint i = 0; i < G_N_ELEMENTS (v1_ids); i++)
    v1_insert (db, v1_ids[i], texts[i], v1_tags[i]);
  sqlite3_close (db);

  {
    g_autoptr(ImhLibrary) lib = open_at (path);
    g_autoptr(GArray) found = NULL;
    ImhLibraryStats st;
    gint64 id_new, id_newer;
    guint n = 0;

    g_assert_cmpint (raw_int (path, "PRAGMA user_version"), ==, IMH_LIBRARY_SCHEMA_VERSION);
    g_assert_true (imh_library_has_fts (lib));

    /* Every game with all it had. */
    g_assert_cmpint (imh_library_count (lib, NULL), ==, 3);
    g_assert_cmpint (imh_library_count_trash (lib, NULL), ==, 0);
    for (guint i = 0; i < G_N_ELEMENTS (v1_ids); i++)
      {
        g_autofree char *back = imh_library_load_record (lib, v1_ids[i], &error);
        g_assert_no_error (error);
        g_assert_cmpstr (back, ==, texts[i]);
        assert_decorated (lib, v1_ids[i], v1_tags[i]);
      }
    g_assert_true (imh_library_get_stats (lib, &st, &error));
    g_assert_cmpuint (st.n_tags, ==, 4);
    g_assert_cmpuint (st.n_bookmarks, ==, 3);
    g_assert_cmpuint (st.n_analysed, ==, 3);
    found = query_ids (lib, FALSE, "Zanzib");
    g_assert_cmpuint (found->len, ==, 3);
    g_clear_pointer (&found, g_array_unref);
    found = query_ids (lib, FALSE, "gamma");
    g_assert_cmpuint (found->len, ==, 1);
    g_assert_cmpint (g_array_index (found, gint64, 0), ==, 5);

    /* The new table: AUTOINCREMENT, deleted_at, its indexes (nine, and
     * games_stats of version 3); the others still refer to it (six, and
     * analysis_seats and exercises of version 3). */
    g_assert_cmpint (raw_int (path, "SELECT count(*) FROM sqlite_master WHERE name = 'games'"
                                    " AND sql LIKE '%AUTOINCREMENT%' AND sql LIKE '%deleted_at%'"), ==, 1);
    g_assert_cmpint (raw_int (path, "SELECT count(*) FROM sqlite_master WHERE type = 'index'"
                                    " AND tbl_name = 'games' AND name LIKE 'games_%'"), ==, 10);
    g_assert_cmpint (raw_int (path, "SELECT count(*) FROM sqlite_master WHERE name = 'games_v2'"), ==, 0);
    g_assert_cmpint (raw_int (path, "SELECT count(*) FROM sqlite_master WHERE sql LIKE '%REFERENCES games (id)%'"), ==, 8);
    g_assert_cmpint (raw_int (path, "SELECT count(*) FROM pragma_foreign_key_check"), ==, 0);

    /* Ids only grow: after the newest game is removed for good, the next
     * game does not get its id. */
    id_new = save (lib, d);
    g_assert_cmpint (id_new, ==, 6);
    {
      g_autoptr(ImhLibraryDeleted) del = imh_library_delete (lib, &id_new, 1, &error);
      g_assert_no_error (error);
    }
    g_assert_true (imh_library_empty_trash (lib, &n, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (n, ==, 1);
    id_newer = save (lib, d);
    g_assert_cmpint (id_newer, ==, 7);
  }
  /* A second open does not migrate again. */
  {
    g_autoptr(ImhLibrary) lib = open_at (path);
    g_assert_cmpint (imh_library_count (lib, NULL), ==, 4);
    assert_decorated (lib, 5, "gamma");
  }
}

/* A version 1 file whose foreign keys are broken (a record of a game that
 * is not there) is not migrated: the error says so, nothing is changed. */
static void
test_migration_refused (void)
{
  g_autofree char *path = temp_db ("v1-broken.sqlite3");
  g_autofree char *a = record (11);
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhLibrary) lib = NULL;
  sqlite3 *db;

  if (!sqlite3_compileoption_used ("ENABLE_FTS5"))
    {
      g_test_skip ("this SQLite has no FTS5");
      return;
    }
  db = raw_open (path);
  g_assert_cmpint (sqlite3_exec (db, schema_v1, NULL, NULL, NULL), ==, SQLITE_OK);
  v1_insert (db, 1, a, "alpha");
  g_assert_cmpint (sqlite3_exec (db, "INSERT INTO records VALUES (9, 'orphan')", NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);

  lib = imh_library_open (path, &error);
  g_assert_null (lib);
  g_assert_error (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_FAILED);
  g_assert_nonnull (strstr (error->message, "records"));
  g_assert_cmpint (raw_int (path, "PRAGMA user_version"), ==, 1);
  g_assert_cmpint (raw_int (path, "SELECT count(*) FROM games"), ==, 1);
  g_assert_cmpint (raw_int (path, "SELECT count(*) FROM records"), ==, 2);
}

/* ------------------------------------------------------------------ */
/* Delete, restore, undo                                               */

static void
test_delete_restore (void)
{
  g_autofree char *path = temp_db ("trash.sqlite3");
  g_autoptr(ImhLibrary) lib = open_at (path);
  g_autofree char *a = record (21), *b = _imh_library_random_record (22, FALSE, 8, 0);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) found = NULL;
  g_auto(GStrv) tags = NULL;
  g_autoptr(GPtrArray) marks = NULL;
  ImhLibraryStats st;
  gint64 id, other;

  id = save (lib, b);            /* unfinished: the game to resume */
  other = save (lib, a);
  decorate (lib, id, "solo");
  g_assert_cmpint (imh_library_get_latest_unfinished (lib, NULL), ==, id);

  /* Into the trash: gone from every list, search, count and statistic. */
  {
    g_autoptr(ImhLibraryDeleted) del = imh_library_delete (lib, &id, 1, &error);
    g_autoptr(ImhGameSummary) s = NULL;
    g_assert_no_error (error);
    g_assert_cmpuint (imh_library_deleted_get_n_games (del), ==, 1);
    s = imh_library_get_summary (lib, id, &error);
    g_assert_no_error (error);
    g_assert_cmpint (imh_game_summary_get_deleted (s), >, 0);
    g_assert_cmpint (imh_library_get_deleted_time (lib, id, NULL), ==, imh_game_summary_get_deleted (s));
  }
  g_assert_false (listed (lib, FALSE, id));
  g_assert_true (listed (lib, FALSE, other));
  g_assert_true (listed (lib, TRUE, id));
  g_assert_false (listed (lib, TRUE, other));
  found = query_ids (lib, FALSE, "Zanzib");
  g_assert_cmpuint (found->len, ==, 0);
  g_assert_cmpint (imh_library_count (lib, NULL), ==, 1);
  g_assert_cmpint (imh_library_count_trash (lib, NULL), ==, 1);
  g_assert_cmpint (imh_library_get_latest_unfinished (lib, NULL), ==, 0);
  g_assert_true (imh_library_get_stats (lib, &st, &error));
  g_assert_cmpuint (st.n_games, ==, 1);
  g_assert_cmpuint (st.n_starred, ==, 0);
  g_assert_cmpuint (st.n_tags, ==, 0);
  g_assert_cmpuint (st.n_bookmarks, ==, 0);
  tags = imh_library_list_tags (lib, &error);
  g_assert_cmpuint (g_strv_length (tags), ==, 0);
  marks = imh_library_list_bookmarks (lib, 0, &error);
  g_assert_cmpuint (marks->len, ==, 0);
  /* Not a duplicate of a live game: importing it again stores a copy. */
  {
    g_autofree char *sum = g_compute_checksum_for_string (G_CHECKSUM_SHA256, b, -1);
    g_assert_false (imh_library_contains_hash (lib, sum, NULL));
  }
  /* Still all there, in the file. */
  assert_decorated (lib, id, "solo");

  /* Restored: back everywhere with everything. */
  g_assert_true (imh_library_restore_from_trash (lib, &id, 1, &error));
  g_assert_no_error (error);
  g_assert_true (listed (lib, FALSE, id));
  g_assert_false (listed (lib, TRUE, id));
  g_assert_cmpint (imh_library_get_deleted_time (lib, id, NULL), ==, 0);
  g_assert_cmpint (imh_library_get_latest_unfinished (lib, NULL), ==, id);
  g_clear_pointer (&found, g_array_unref);
  found = query_ids (lib, FALSE, "Zanzib");
  g_assert_cmpuint (found->len, ==, 1);
  g_clear_pointer (&tags, g_strfreev);
  tags = imh_library_list_tags (lib, &error);
  g_assert_cmpuint (g_strv_length (tags), ==, 2);
  assert_decorated (lib, id, "solo");
}

/* Delete the newest game, store another, undo the delete: before the
 * trash the new game took the freed id and the undo failed with "UNIQUE
 * constraint failed", losing the deleted game. */
static void
test_undo_after_new_game (void)
{
  g_autofree char *path = temp_db ("undo.sqlite3");
  g_autoptr(ImhLibrary) lib = open_at (path);
  g_autofree char *a = record (31), *b = record (32), *c = record (33);
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhLibraryDeleted) del = NULL;
  g_autofree char *back = NULL;
  gint64 first, newest, later;

  first = save (lib, a);
  newest = save (lib, b);
  decorate (lib, newest, "last");
  del = imh_library_delete (lib, &newest, 1, &error);
  g_assert_no_error (error);
  later = save (lib, c);
  g_assert_cmpint (later, >, newest);

  g_assert_true (imh_library_restore (lib, del, &error));
  g_assert_no_error (error);
  g_assert_cmpint (imh_library_count (lib, NULL), ==, 3);
  g_assert_true (listed (lib, FALSE, first));
  g_assert_true (listed (lib, FALSE, newest));
  g_assert_true (listed (lib, FALSE, later));
  back = imh_library_load_record (lib, newest, &error);
  g_assert_cmpstr (back, ==, b);
  g_clear_pointer (&back, g_free);
  back = imh_library_load_record (lib, later, &error);
  g_assert_cmpstr (back, ==, c);
  assert_decorated (lib, newest, "last");

  /* An undo after the trash was emptied says so. */
  g_clear_pointer (&del, imh_library_deleted_unref);
  del = imh_library_delete (lib, &newest, 1, &error);
  g_assert_true (imh_library_empty_trash (lib, NULL, &error));
  g_assert_false (imh_library_restore (lib, del, &error));
  g_assert_error (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_NOT_FOUND);
}

/* ------------------------------------------------------------------ */
/* Removal for good                                                    */

static void
test_purge_after_30_days (void)
{
  g_autofree char *path = temp_db ("purge.sqlite3");
  g_autofree char *a = record (41), *b = record (42), *c = record (43);
  g_autoptr(GError) error = NULL;
  g_autofree char *sql = NULL;
  gint64 old, recent, live;
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;

  {
    g_autoptr(ImhLibrary) lib = open_at (path);
    g_autoptr(ImhLibraryDeleted) del = NULL;
    gint64 both[2];

    old = save (lib, a);
    recent = save (lib, b);
    live = save (lib, c);
    decorate (lib, old, "old");
    decorate (lib, recent, "recent");
    both[0] = old;
    both[1] = recent;
    del = imh_library_delete (lib, both, 2, &error);
    g_assert_no_error (error);
  }
  /* One deleted 30 days and a minute ago, one 29 days ago. */
  sql = g_strdup_printf ("UPDATE games SET deleted_at = %" G_GINT64_FORMAT " WHERE id = %" G_GINT64_FORMAT ";"
                         "UPDATE games SET deleted_at = %" G_GINT64_FORMAT " WHERE id = %" G_GINT64_FORMAT ";",
                         now - IMH_LIBRARY_TRASH_DAYS * 86400 - 60, old, now - 29 * 86400, recent);
  raw_exec (path, sql);

  {
    g_autoptr(ImhLibrary) lib = open_at (path);
    g_autofree char *back = NULL;

    g_assert_null (imh_library_load_record (lib, old, &error));
    g_assert_error (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_NOT_FOUND);
    g_clear_error (&error);
    g_assert_cmpint (imh_library_count_trash (lib, NULL), ==, 1);
    g_assert_true (listed (lib, TRUE, recent));
    g_assert_true (listed (lib, FALSE, live));
    assert_decorated (lib, recent, "recent");
    back = imh_library_load_record (lib, live, &error);
    g_assert_cmpstr (back, ==, c);
  }
  /* Everything of the old game went, its own tag too. */
  g_assert_cmpint (raw_int_for (path, "SELECT count(*) FROM records WHERE game_id = ?1", old), ==, 0);
  g_assert_cmpint (raw_int_for (path, "SELECT count(*) FROM analyses WHERE game_id = ?1", old), ==, 0);
  g_assert_cmpint (raw_int_for (path, "SELECT count(*) FROM bookmarks WHERE game_id = ?1", old), ==, 0);
  g_assert_cmpint (raw_int_for (path, "SELECT count(*) FROM thumbnails WHERE game_id = ?1", old), ==, 0);
  g_assert_cmpint (raw_int_for (path, "SELECT count(*) FROM players WHERE game_id = ?1", old), ==, 0);
  g_assert_cmpint (raw_int_for (path, "SELECT count(*) FROM games_fts WHERE rowid = ?1", old), ==, 0);
  g_assert_cmpint (raw_int (path, "SELECT count(*) FROM tags WHERE name = 'old'"), ==, 0);
  g_assert_cmpint (raw_int (path, "SELECT count(*) FROM tags WHERE name = 'recent'"), ==, 1);
}

static void
test_empty_trash (void)
{
  g_autofree char *path = temp_db ("empty.sqlite3");
  g_autoptr(ImhLibrary) lib = open_at (path);
  g_autofree char *a = record (51), *b = record (52), *c = record (53);
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhLibraryModel) model = imh_library_model_new (lib);
  ImhLibraryQuery q;
  gint64 ids[3];
  guint n = 9;

  ids[0] = save (lib, a);
  ids[1] = save (lib, b);
  ids[2] = save (lib, c);
  for (guint i = 0; i < 3; i++)
    decorate (lib, ids[i], "t");

  /* The trash as a list model: follows deletes and restores. */
  imh_library_query_init (&q);
  q.trash = TRUE;
  g_assert_true (imh_library_model_set_query_sync (model, &q, &error));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 0);
  {
    g_autoptr(ImhLibraryDeleted) del = imh_library_delete (lib, ids, 2, &error);
    g_assert_no_error (error);
  }
  wait_model (model, 2);
  g_assert_cmpint (imh_library_model_find (model, ids[0]), >=, 0);
  g_assert_cmpint (imh_library_model_find (model, ids[1]), >=, 0);

  /* Removing a game that is not in the trash does nothing. */
  g_assert_true (imh_library_delete_forever (lib, &ids[2], 1, &n, &error));
  g_assert_cmpuint (n, ==, 0);
  g_assert_true (listed (lib, FALSE, ids[2]));

  /* One for good, then the rest. */
  g_assert_true (imh_library_delete_forever (lib, &ids[0], 1, &n, &error));
  g_assert_cmpuint (n, ==, 1);
  spin ();
  g_assert_cmpint (imh_library_model_find (model, ids[0]), ==, -1);
  g_assert_cmpint (imh_library_count_trash (lib, NULL), ==, 1);
  g_assert_true (imh_library_empty_trash (lib, &n, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n, ==, 1);
  spin ();
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 0);
  g_assert_cmpint (imh_library_count_trash (lib, NULL), ==, 0);
  g_assert_cmpint (imh_library_count (lib, NULL), ==, 1);
  for (guint i = 0; i < 2; i++)
    {
      g_assert_null (imh_library_load_record (lib, ids[i], &error));
      g_assert_error (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_NOT_FOUND);
      g_clear_error (&error);
      g_assert_cmpint (raw_int_for (path, "SELECT count(*) FROM analyses WHERE game_id = ?1", ids[i]), ==, 0);
      g_assert_cmpint (raw_int_for (path, "SELECT count(*) FROM bookmarks WHERE game_id = ?1", ids[i]), ==, 0);
    }
  assert_decorated (lib, ids[2], "t");
  /* Restoring games that are gone for good restores nothing. */
  g_assert_true (imh_library_restore_from_trash (lib, ids, 2, &error));
  g_assert_cmpint (imh_library_count (lib, NULL), ==, 1);
  imh_library_query_clear (&q);
}

/* ------------------------------------------------------------------ */
/* The game open in the window                                         */

static void
play (ImhGame *game, guint n)
{
  for (guint i = 0; i < n; i++)
    {
      ImhDecisionList legal;
      g_autoptr(GError) error = NULL;
      imh_game_get_viewed_legal (game, &legal);
      g_assert_cmpuint (legal.n, >, 0);
      g_assert_true (imh_game_apply (game, legal.d[legal.n / 2], IMH_BRANCH_TRUNCATE, &error));
      g_assert_no_error (error);
    }
}

/* Waits for the autosave's writes (a generous bound against a hang). */
static void
wait_autosave (ImhLibraryAutosave *autosave)
{
  gint64 deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  spin ();
  while (imh_library_autosave_get_busy (autosave))
    {
      g_main_context_iteration (NULL, TRUE);
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
    }
}

static void
check_stored (ImhLibrary *lib, ImhGame *game, gint64 id)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *stored = imh_library_load_record (lib, id, &error);
  g_autofree char *now = imh_game_to_record_text (game);

  g_assert_no_error (error);
  g_assert_cmpstr (stored, ==, now);
}

static void
on_failed (ImhLibraryAutosave *autosave, GError *error, guint *n_failed)
{
  g_test_message ("autosave failed: %s", error->message);
  (*n_failed)++;
}

static void
test_delete_open_game (void)
{
  g_autofree char *path = temp_db ("open.sqlite3");
  g_autoptr(ImhLibrary) lib = open_at (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhGame) game = NULL;
  g_autoptr(ImhLibraryAutosave) autosave = NULL;
  ImhOptions o;
  guint n_failed = 0;
  gint64 id, id2;

  imh_options_init (&o, IMH_GAME_DUEL, 2);
  game = imh_game_new (&o, 7, &error);
  g_assert_no_error (error);
  autosave = imh_library_autosave_new (lib, game, 0);
  g_signal_connect (autosave, "failed", G_CALLBACK (on_failed), &n_failed);
  play (game, 4);
  wait_autosave (autosave);
  id = imh_library_autosave_get_id (autosave);
  g_assert_cmpint (id, >, 0);

  /* Deleted from the library page while it is being played: the next
   * move brings it back from the trash, with every move. */
  {
    g_autoptr(ImhLibraryDeleted) del = imh_library_delete (lib, &id, 1, &error);
    g_assert_no_error (error);
  }
  g_assert_false (listed (lib, FALSE, id));
  play (game, 1);
  wait_autosave (autosave);
  g_assert_cmpuint (n_failed, ==, 0);
  g_assert_cmpint (imh_library_autosave_get_id (autosave), ==, id);
  g_assert_true (listed (lib, FALSE, id));
  g_assert_false (listed (lib, TRUE, id));
  check_stored (lib, game, id);

  /* Deleted and the trash emptied: stored as a new game, whose id the
   * autosave takes on; every later move goes there. */
  {
    g_autoptr(ImhLibraryDeleted) del = imh_library_delete (lib, &id, 1, &error);
    g_assert_no_error (error);
  }
  g_assert_true (imh_library_empty_trash (lib, NULL, &error));
  play (game, 1);
  wait_autosave (autosave);
  g_assert_cmpuint (n_failed, ==, 0);
  id2 = imh_library_autosave_get_id (autosave);
  g_assert_cmpint (id2, >, id);
  check_stored (lib, game, id2);
  play (game, 3);
  wait_autosave (autosave);
  g_assert_cmpint (imh_library_autosave_get_id (autosave), ==, id2);
  check_stored (lib, game, id2);
  g_assert_cmpint (imh_library_count (lib, NULL), ==, 1);

  /* The synchronous write (on quit) does the same. */
  {
    g_autoptr(ImhLibraryDeleted) del = imh_library_delete (lib, &id2, 1, &error);
    g_assert_no_error (error);
  }
  play (game, 1);
  g_assert_true (imh_library_autosave_flush (autosave, &error));
  g_assert_no_error (error);
  g_assert_cmpint (imh_library_autosave_get_id (autosave), ==, id2);
  g_assert_true (listed (lib, FALSE, id2));
  check_stored (lib, game, id2);
  imh_library_autosave_stop (autosave);
  g_assert_cmpuint (n_failed, ==, 0);
}

/* ------------------------------------------------------------------ */
/* imhotep-cli library delete, trash, restore, empty-trash             */

static int
run (const char *db, char **out, char **err, ...)
{
  const char *prefix[] = { "library", "--db", db, NULL };
  va_list ap;
  int status;

  va_start (ap, err);
  status = cli_test_run_va (cli, prefix, out, err, ap);
  va_end (ap);
  return status;
}

static void
test_cli (void)
{
  g_autofree char *path = temp_db ("cli.sqlite3");
  g_autofree char *a = record (61), *b = record (62);
  g_autofree char *id_a = NULL, *id_b = NULL, *json_a = NULL, *json_b = NULL;
  char *out = NULL, *err = NULL;

  {
    g_autoptr(ImhLibrary) lib = open_at (path);
    id_a = g_strdup_printf ("%" G_GINT64_FORMAT, save (lib, a));
    id_b = g_strdup_printf ("%" G_GINT64_FORMAT, save (lib, b));
  }
  json_a = g_strdup_printf ("\"id\" : %s,", id_a);
  json_b = g_strdup_printf ("\"id\" : %s,", id_b);

  g_assert_cmpint (run (path, &out, &err, "delete", id_a, NULL), ==, 0);
  {
    g_autofree char *moved = g_strdup_printf (IMH_TN ("Moved %u game to the trash.\n", "Moved %u games to the trash.\n", 1), 1);
    g_assert_nonnull (strstr (out, moved));
  }
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (run (path, &out, &err, "list", "--json", NULL), ==, 0);
  g_assert_null (strstr (out, json_a));
  g_assert_nonnull (strstr (out, json_b));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (run (path, &out, &err, "trash", "--json", NULL), ==, 0);
  g_assert_nonnull (strstr (out, json_a));
  g_assert_null (strstr (out, json_b));
  g_assert_cmpfloat (cli_test_json_number (out, "deleted"), >, 0);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run (path, &out, &err, "trash", NULL), ==, 0);
  {
    g_autofree char *after = imh_test_t_piece ("deleted %s, removed after %s", 1);
    g_assert_nonnull (strstr (out, after));
  }
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  /* Restoring a game that is not in the trash is an error naming it. */
  g_assert_cmpint (run (path, &out, &err, "restore", id_b, NULL), ==, 1);
  {
    g_autofree char *not_in = imh_test_t_piece ("game %lld is not in the trash", 1);
    g_assert_nonnull (strstr (err, not_in));
  }
  g_assert_nonnull (strstr (err, id_b));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run (path, &out, &err, "delete", "999", NULL), ==, 1);
  {
    g_autofree char *no_game = g_strdup_printf (IMH_T ("There is no game %lld in the library"), 999LL);
    g_assert_nonnull (strstr (err, no_game));
  }
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run (path, &out, &err, "restore", "x", NULL), ==, 2);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (run (path, &out, &err, "restore", id_a, NULL), ==, 0);
  {
    g_autofree char *restored = g_strdup_printf (IMH_TN ("Restored %u game.\n", "Restored %u games.\n", 1), 1);
    g_assert_nonnull (strstr (out, restored));
  }
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run (path, &out, &err, "list", "--json", NULL), ==, 0);
  g_assert_nonnull (strstr (out, json_a));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (run (path, &out, &err, "delete", id_a, id_b, NULL), ==, 0);
  {
    g_autofree char *moved2 = g_strdup_printf (IMH_TN ("Moved %u game to the trash.\n", "Moved %u games to the trash.\n", 2), 2);
    g_assert_nonnull (strstr (out, moved2));
  }
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run (path, &out, &err, "empty-trash", NULL), ==, 0);
  {
    g_autofree char *removed = g_strdup_printf (IMH_TN ("Removed %u game for good.\n", "Removed %u games for good.\n", 2), 2);
    g_assert_nonnull (strstr (out, removed));
  }
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run (path, &out, &err, "trash", NULL), ==, 0);
  g_assert_nonnull (strstr (out, IMH_T ("The trash is empty.")));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (raw_int (path, "SELECT count(*) FROM games"), ==, 0);
}

int
main (int argc, char **argv)
{
  imh_test_i18n_init ();
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
  cli = argc > 1 ? argv[1] : NULL;

  g_test_add_func ("/library-trash/migration", test_migration);
  g_test_add_func ("/library-trash/migration-refused", test_migration_refused);
  g_test_add_func ("/library-trash/delete-restore", test_delete_restore);
  g_test_add_func ("/library-trash/undo-after-new-game", test_undo_after_new_game);
  g_test_add_func ("/library-trash/purge-after-30-days", test_purge_after_30_days);
  g_test_add_func ("/library-trash/empty", test_empty_trash);
  g_test_add_func ("/library-trash/delete-open-game", test_delete_open_game);
  if (cli != NULL)
    g_test_add_func ("/library-trash/cli", test_cli);

  return g_test_run ();
}
