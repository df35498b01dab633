/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-library.c — the game library: schema, CRUD, search, import, corruption, durability. */
#include "config.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "imh-library-autosave.h"
#include "imh-library-model.h"
#include "imh-library-private.h"
#include "imh-record-file.h"
#include "test-i18n.h"

/* ------------------------------------------------------------------ */
/* Helpers                                                             */

static char *
temp_db (const char *name)
{
  /* G_TEST_OPTION_ISOLATE_DIRS gives every test its own data dir. */
  g_assert_cmpint (g_mkdir_with_parents (g_get_user_data_dir (), 0700), ==, 0);
  return g_build_filename (g_get_user_data_dir (), name, NULL);
}

/* A record with given names (NULL: keep defaults), played to the end or
 * for n decisions, with random decisions from seed. */
static char *
make_record (guint64 seed, ImhGameKind game, int n_players, const char *const *names,
             gboolean finish, guint n)
{
  ImhOptions o;
  ImhRecordError err = { 0 };
  ImhRecord *r;
  ImhState s;
  ImhRng rng;
  char *text, *copy;

  imh_options_init (&o, game, n_players);
  imh_rng_seed (&rng, seed);
  r = imh_record_new (&o, seed, &err);
  g_assert_nonnull (r);
  for (int p = 0; names != NULL && p < n_players && names[p] != NULL; p++)
    g_assert_true (imh_record_set_player (r, p, p == 1 ? "computer:casual" : "human", names[p]));
  imh_record_initial (r, &s);
  for (guint i = 0; !imh_is_over (&s) && (finish || i < n); i++)
    {
      ImhDecisionList legal;
      ImhDecision d;
      imh_legal (&s, &legal);
      d = legal.d[imh_rng_below (&rng, legal.n)];
      imh_record_line_append (&r->main, d);
      imh_apply (&s, d);
    }
  if (imh_is_over (&s))
    imh_record_set_outcome (r, &s);
  text = imh_record_write (r);
  copy = g_strdup (text);
  free (text);
  imh_record_free (r);
  return copy;
}

static ImhLibrary *
open_new (const char *name)
{
  g_autofree char *path = temp_db (name);
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

static int
raw_int (const char *path, const char *sql)
{
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;
  int v = -1;

  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READWRITE, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  if (sqlite3_step (stmt) == SQLITE_ROW)
    v = sqlite3_column_int (stmt, 0);
  sqlite3_finalize (stmt);
  sqlite3_close (db);
  return v;
}

static void
raw_exec (const char *path, const char *sql)
{
  sqlite3 *db = NULL;

  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, sql, NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
}

static GArray *
query (ImhLibrary *lib, const ImhLibraryQuery *q)
{
  g_autoptr(GError) error = NULL;
  GArray *ids = imh_library_query_ids (lib, q, &error);

  g_assert_no_error (error);
  g_assert_nonnull (ids);
  return ids;
}

static void
spin_until_idle (ImhLibraryModel *model)
{
  /* Let the delayed reload start and finish. */
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  g_usleep (150 * 1000);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  while (imh_library_model_get_loading (model) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (imh_library_model_get_loading (model));
}

/* ------------------------------------------------------------------ */
/* Schema                                                              */

static void
test_create_default_path (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhLibrary) lib = imh_library_open (NULL, &error);
  g_autofree char *expected = g_build_filename (g_get_user_data_dir (), APP_ID, "library.sqlite3", NULL);

  g_assert_no_error (error);
  g_assert_cmpstr (imh_library_get_path (lib), ==, expected);
  g_assert_true (g_file_test (expected, G_FILE_TEST_IS_REGULAR));
  g_assert_false (imh_library_is_read_only (lib));
  g_assert_null (imh_library_get_open_message (lib));
  g_assert_cmpint (raw_int (expected, "PRAGMA user_version"), ==, IMH_LIBRARY_SCHEMA_VERSION);
  g_assert_cmpint (raw_int (expected, "PRAGMA application_id"), ==, 0x494D484C);
  /* journal_mode is persistent: WAL */
  {
    sqlite3 *db = NULL;
    sqlite3_stmt *stmt = NULL;
    sqlite3_open_v2 (expected, &db, SQLITE_OPEN_READONLY, NULL);
    sqlite3_prepare_v2 (db, "PRAGMA journal_mode", -1, &stmt, NULL);
    g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
    g_assert_cmpstr ((const char *) sqlite3_column_text (stmt, 0), ==, "wal");
    sqlite3_finalize (stmt);
    sqlite3_close (db);
  }
  /* FTS5 is compiled into bookworm's SQLite. */
  g_assert_true (imh_library_has_fts (lib) == sqlite3_compileoption_used ("ENABLE_FTS5"));
}

static void
test_migration_from_v1 (void)
{
  g_autofree char *path = temp_db ("v1.sqlite3");
  g_autofree char *text = make_record (11, IMH_GAME_DUEL, 2, NULL, TRUE, 0);
  g_autoptr(GError) error = NULL;
  gint64 id;

  /* A library written earlier, with a game, a star and a tag. */
  {
    g_autoptr(ImhLibrary) lib = imh_library_open (path, &error);
    const char *tags[] = { "club", NULL };
    g_assert_no_error (error);
    id = save (lib, text);
    g_assert_true (imh_library_set_starred (lib, id, TRUE, &error));
    g_assert_true (imh_library_set_tags (lib, id, tags, &error));
  }
  g_assert_cmpint (raw_int (path, "PRAGMA user_version"), ==, IMH_LIBRARY_SCHEMA_VERSION);

  /* Opening it again runs no migration and keeps everything. */
  {
    g_autoptr(ImhLibrary) lib = imh_library_open (path, &error);
    g_autoptr(ImhGameSummary) s = NULL;
    g_autofree char *back = NULL;

    g_assert_no_error (error);
    g_assert_cmpint (imh_library_get_open_status (lib), ==, IMH_LIBRARY_OPEN_OK);
    s = imh_library_get_summary (lib, id, &error);
    g_assert_no_error (error);
    g_assert_true (imh_game_summary_get_starred (s));
    g_assert_cmpstr (imh_game_summary_get_tags (s), ==, "club");
    back = imh_library_load_record (lib, id, &error);
    g_assert_cmpstr (back, ==, text);
  }
  g_assert_cmpint (raw_int (path, "PRAGMA user_version"), ==, IMH_LIBRARY_SCHEMA_VERSION);
}

static void
test_empty_sqlite_file_is_initialised (void)
{
  g_autofree char *path = temp_db ("empty.sqlite3");
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhLibrary) lib = NULL;

  /* A valid but empty SQLite file (user_version 0, no tables) is migrated. */
  raw_exec (path, "PRAGMA user_version = 0;");
  lib = imh_library_open (path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (imh_library_get_open_status (lib), ==, IMH_LIBRARY_OPEN_OK);
  g_assert_cmpint (raw_int (path, "PRAGMA user_version"), ==, IMH_LIBRARY_SCHEMA_VERSION);
  g_assert_cmpint (imh_library_count (lib, NULL), ==, 0);
}

static void
test_newer_schema_read_only (void)
{
  g_autofree char *path = temp_db ("newer.sqlite3");
  g_autofree char *text = make_record (12, IMH_GAME_DUEL, 2, NULL, TRUE, 0);
  g_autofree char *text2 = make_record (13, IMH_GAME_DUEL, 2, NULL, TRUE, 0);
  g_autoptr(GError) error = NULL;
  gint64 id;

  {
    g_autoptr(ImhLibrary) lib = open_new ("newer.sqlite3");
    id = save (lib, text);
  }
  {
    g_autofree char *newer = g_strdup_printf ("PRAGMA user_version = %d;", IMH_LIBRARY_SCHEMA_VERSION + 1);
    raw_exec (path, newer);
  }
  {
    g_autoptr(ImhLibrary) lib = imh_library_open (path, &error);
    g_autofree char *back = NULL;

    g_assert_no_error (error);
    g_assert_true (imh_library_is_read_only (lib));
    g_assert_cmpint (imh_library_get_open_status (lib), ==, IMH_LIBRARY_OPEN_READ_ONLY);
    g_assert_nonnull (imh_library_get_open_message (lib));
    back = imh_library_load_record (lib, id, &error);
    g_assert_no_error (error);
    g_assert_cmpstr (back, ==, text);
    g_assert_cmpint (imh_library_save_record (lib, 0, text2, FALSE, &error), ==, 0);
    g_assert_error (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_READ_ONLY);
  }
  /* Never touched: still the newer version, one game. */
  g_assert_cmpint (raw_int (path, "PRAGMA user_version"), ==, IMH_LIBRARY_SCHEMA_VERSION + 1);
  g_assert_cmpint (raw_int (path, "SELECT count(*) FROM games"), ==, 1);
}

/* ------------------------------------------------------------------ */
/* Corrupt and foreign files                                           */

static char *
find_moved_aside (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *prefix = g_strconcat (base, ".corrupt-", NULL);
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while ((name = g_dir_read_name (d)) != NULL)
    if (g_str_has_prefix (name, prefix) && !g_str_has_suffix (name, "-wal") && !g_str_has_suffix (name, "-shm"))
      return g_build_filename (dir, name, NULL);
  return NULL;
}

static void
check_recovered (const char *path, const char *old_contents, gsize old_len)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhLibrary) lib = imh_library_open (path, &error);
  g_autofree char *aside = NULL;
  g_autofree char *kept = NULL;
  g_autofree char *text = make_record (21, IMH_GAME_DUEL, 2, NULL, TRUE, 0);
  gsize kept_len = 0;

  g_assert_no_error (error);
  g_assert_cmpint (imh_library_get_open_status (lib), ==, IMH_LIBRARY_OPEN_RECOVERED);
  g_assert_nonnull (imh_library_get_open_message (lib));
  aside = find_moved_aside (path);
  g_assert_nonnull (aside);
  g_assert_cmpstr (imh_library_get_moved_aside_path (lib), ==, aside);
  /* The bad file is kept byte for byte. */
  g_assert_true (g_file_get_contents (aside, &kept, &kept_len, NULL));
  g_assert_cmpuint (kept_len, ==, old_len);
  g_assert_cmpmem (kept, kept_len, old_contents, old_len);
  /* A working library with the games that could be read. */
  g_assert_cmpint (imh_library_count (lib, NULL), ==, imh_library_get_n_salvaged (lib));
  save (lib, text);
  g_assert_cmpint (imh_library_count (lib, NULL), ==, imh_library_get_n_salvaged (lib) + 1);
}

/* A file that is not a library (text, another application's database) is
 * never moved or changed: the open fails naming it. More cases in
 * test-library-recovery.c. */
static void
check_not_a_library (const char *path, const char *old_contents, gsize old_len)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhLibrary) lib = imh_library_open (path, &error);
  g_autofree char *kept = NULL;
  gsize kept_len = 0;

  g_assert_null (lib);
  g_assert_error (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_NOT_A_LIBRARY);
  g_assert_nonnull (strstr (error->message, path));
  g_assert_null (find_moved_aside (path));
  g_assert_true (g_file_get_contents (path, &kept, &kept_len, NULL));
  g_assert_cmpmem (kept, kept_len, old_contents, old_len);
}

static void
test_garbage_file (void)
{
  g_autofree char *path = temp_db ("garbage.sqlite3");
  static const char garbage[] = "This is not a database at all, just some text.\n";

  g_assert_true (g_file_set_contents (path, garbage, -1, NULL));
  check_not_a_library (path, garbage, strlen (garbage));
}

static void
test_foreign_sqlite_file (void)
{
  g_autofree char *path = temp_db ("foreign.sqlite3");
  g_autofree char *contents = NULL;
  gsize len;

  raw_exec (path, "CREATE TABLE photos (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO photos (name) VALUES ('x');");
  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
  check_not_a_library (path, contents, len);
}

/* Damages the pages of a closed library: all pages after the first
 * (the schema cannot be read), or only the last ones (data pages: found
 * by the quick check at open). */
static void
test_damaged_pages (gconstpointer data)
{
  gboolean only_last = GPOINTER_TO_INT (data);
  g_autofree char *path = temp_db ("damaged.sqlite3");
  g_autofree char *contents = NULL;
  gsize len, from;

  {
    g_autoptr(ImhLibrary) lib = open_new ("damaged.sqlite3");
    for (int i = 0; i < 20; i++)
      {
        g_autofree char *text = make_record (100 + (guint64) i, IMH_GAME_DUEL, 2, NULL, TRUE, 0);
        save (lib, text);
      }
  }
  /* Closing checkpointed the WAL into the file. */
  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
  g_assert_cmpuint (len, >, 8 * 4096);
  from = only_last ? len - 3 * 4096 : 4096;
  for (gsize i = from; i < len; i++)
    contents[i] = (char) (0xA5 ^ (i * 7));
  g_assert_true (g_file_set_contents (path, contents, (gssize) len, NULL));
  check_recovered (path, contents, len);
}

/* ------------------------------------------------------------------ */
/* Create, read, update, delete                                        */

static void
test_crud (void)
{
  g_autoptr(ImhLibrary) lib = open_new ("crud.sqlite3");
  const char *names[] = { "Ada", "Bob", NULL };
  g_autofree char *partial = make_record (31, IMH_GAME_DUEL, 2, names, FALSE, 10);
  g_autofree char *longer = make_record (31, IMH_GAME_DUEL, 2, names, FALSE, 20);
  g_autofree char *full = make_record (31, IMH_GAME_DUEL, 2, names, TRUE, 0);
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhGameSummary) s = NULL;
  g_autofree char *back = NULL;
  gint64 id;

  /* Autosave: stored from the first decisions, replaced as the game goes on. */
  id = save (lib, partial);
  s = imh_library_get_summary (lib, id, &error);
  g_assert_no_error (error);
  g_assert_cmpint (imh_game_summary_get_game (s), ==, IMH_GAME_DUEL);
  g_assert_cmpuint (imh_game_summary_get_n_players (s), ==, 2);
  g_assert_cmpuint (imh_game_summary_get_length (s), ==, 10);
  g_assert_false (imh_game_summary_get_finished (s));
  g_assert_cmpint (imh_game_summary_get_winner (s), ==, -1);
  g_assert_cmpstr (imh_game_summary_get_players (s), ==, "Ada – Bob");
  g_clear_object (&s);

  g_assert_cmpint (imh_library_save_record (lib, id, longer, FALSE, &error), ==, id);
  g_assert_no_error (error);
  g_assert_cmpint (imh_library_save_record (lib, id, full, FALSE, &error), ==, id);
  g_assert_no_error (error);
  g_assert_cmpint (imh_library_count (lib, NULL), ==, 1);
  s = imh_library_get_summary (lib, id, &error);
  g_assert_true (imh_game_summary_get_finished (s));
  g_assert_cmpint (imh_game_summary_get_winner (s), >=, 0);
  g_assert_cmpstr (imh_game_summary_get_scores (s), !=, "");
  back = imh_library_load_record (lib, id, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (back, ==, full);


  /* A broken record is refused with line and column. */
  g_assert_cmpint (imh_library_save_record (lib, 0, "imhotep-record 1\ngame chess\n", FALSE, &error), ==, 0);
  g_assert_error (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_INVALID);
  {
    g_autofree char *line = imh_test_t_prefix ("line %u, column %u: %s");
    g_autofree char *line_2 = g_strconcat (line, "2", NULL);
    g_assert_nonnull (strstr (error->message, line_2));
  }
  g_clear_error (&error);

  /* Duplicates by hash. */
  {
    g_autofree char *sum = g_compute_checksum_for_string (G_CHECKSUM_SHA256, full, -1);
    g_assert_true (imh_library_contains_hash (lib, sum, NULL));
  }
  g_assert_cmpint (imh_library_save_record (lib, 0, full, TRUE, &error), ==, 0);
  g_assert_error (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_DUPLICATE);
  g_clear_error (&error);
  g_assert_cmpint (imh_library_count (lib, NULL), ==, 1);

  /* Star, notes, tags, thumbnail, analysis, bookmark. */
  {
    const char *tags[] = { "Club", " opening ", "club", "", NULL };
    g_auto(GStrv) all = NULL;
    g_autoptr(GBytes) png = g_bytes_new_static ("\x89PNG....", 8);
    g_autoptr(GBytes) png_back = NULL;
    g_autoptr(GPtrArray) marks = NULL;
    g_autofree char *version = NULL, *data = NULL;
    g_autoptr(ImhGameSummary) s2 = NULL;

    g_assert_true (imh_library_set_starred (lib, id, TRUE, &error));
    g_assert_true (imh_library_set_notes (lib, id, "A long fight for the obelisk", &error));
    g_assert_true (imh_library_set_tags (lib, id, tags, &error));
    g_assert_true (imh_library_set_thumbnail (lib, id, png, &error));
    g_assert_cmpint (imh_library_add_analysis (lib, id, "engine-1", "{}", "[1,2]", 2, &error), >, 0);
    g_assert_cmpint (imh_library_add_bookmark (lib, id, 5, "the turning point", &error), >, 0);
    g_assert_no_error (error);

    s2 = imh_library_get_summary (lib, id, &error);
    g_assert_true (imh_game_summary_get_starred (s2));
    g_assert_true (imh_game_summary_get_analysed (s2));
    g_assert_cmpuint (imh_game_summary_get_n_blunders (s2), ==, 2);
    g_assert_cmpstr (imh_game_summary_get_notes (s2), ==, "A long fight for the obelisk");
    g_assert_cmpstr (imh_game_summary_get_tags (s2), ==, "Club, opening");
    all = imh_library_list_tags (lib, &error);
    g_assert_cmpuint (g_strv_length (all), ==, 2);
    png_back = imh_library_get_thumbnail (lib, id, &error);
    g_assert_true (g_bytes_equal (png, png_back));
    g_assert_true (imh_library_get_latest_analysis (lib, id, &version, NULL, &data, &error));
    g_assert_cmpstr (version, ==, "engine-1");
    g_assert_cmpstr (data, ==, "[1,2]");
    /* Re-analysis replaces the old analysis (and its blunder count). */
    {
      g_autofree char *v2 = NULL, *d2 = NULL, *path = temp_db ("crud.sqlite3");
      g_autoptr(ImhGameSummary) s4 = NULL;
      sqlite3 *db = NULL;
      sqlite3_stmt *stmt = NULL;

      g_assert_cmpint (imh_library_add_analysis (lib, id, "engine-2", "{}", "[3]", 0, &error), >, 0);
      g_assert_true (imh_library_get_latest_analysis (lib, id, &v2, NULL, &d2, &error));
      g_assert_cmpstr (v2, ==, "engine-2");
      g_assert_cmpstr (d2, ==, "[3]");
      s4 = imh_library_get_summary (lib, id, &error);
      g_assert_true (imh_game_summary_get_analysed (s4));
      g_assert_cmpuint (imh_game_summary_get_n_blunders (s4), ==, 0);
      g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
      g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT count(*) FROM analyses WHERE game_id = ?1",
                                           -1, &stmt, NULL), ==, SQLITE_OK);
      sqlite3_bind_int64 (stmt, 1, id);
      g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
      g_assert_cmpint (sqlite3_column_int (stmt, 0), ==, 1);
      sqlite3_finalize (stmt);
      sqlite3_close (db);
    }
    marks = imh_library_list_bookmarks (lib, id, &error);
    g_assert_cmpuint (marks->len, ==, 1);
    g_assert_cmpuint (((ImhLibraryBookmark *) marks->pdata[0])->ply, ==, 5);
  }

  /* Delete and undo: everything comes back under the same id. */
  {
    g_autoptr(ImhLibraryDeleted) deleted = imh_library_delete (lib, &id, 1, &error);
    g_autoptr(ImhGameSummary) s3 = NULL;
    g_autoptr(GBytes) png_back = NULL;
    g_autoptr(GPtrArray) marks = NULL;
    g_auto(GStrv) all = NULL;

    g_assert_no_error (error);
    g_assert_cmpuint (imh_library_deleted_get_n_games (deleted), ==, 1);
    g_assert_cmpint (imh_library_count (lib, NULL), ==, 0);
    g_assert_cmpint (imh_library_count_trash (lib, NULL), ==, 1);
    all = imh_library_list_tags (lib, &error);
    g_assert_cmpuint (g_strv_length (all), ==, 0);   /* tags of games in the trash are not listed */
    g_clear_pointer (&all, g_strfreev);

    g_assert_true (imh_library_restore (lib, deleted, &error));
    g_assert_no_error (error);
    s3 = imh_library_get_summary (lib, id, &error);
    g_assert_no_error (error);
    g_assert_true (imh_game_summary_get_starred (s3));
    g_assert_true (imh_game_summary_get_analysed (s3));
    g_assert_cmpstr (imh_game_summary_get_notes (s3), ==, "A long fight for the obelisk");
    g_assert_cmpstr (imh_game_summary_get_tags (s3), ==, "Club, opening");
    png_back = imh_library_get_thumbnail (lib, id, &error);
    g_assert_no_error (error);
    marks = imh_library_list_bookmarks (lib, 0, &error);
    g_assert_cmpuint (marks->len, ==, 1);
    all = imh_library_list_tags (lib, &error);
    g_assert_cmpuint (g_strv_length (all), ==, 2);
  }
}

/* ------------------------------------------------------------------ */
/* Search, filter, sort                                                */

static ImhLibrary *
fill_mixed (const char *name, GArray *ids)
{
  ImhLibrary *lib = open_new (name);
  const char *names[][4] = {
    { "Hatshepsut", "Ramses", NULL },
    { "Müller", "Zoë", NULL },
    { "Ada", "Ramses", "Tiye", NULL },
    { "Ada", "Bob", "Chen", "Dalia" },
  };

  for (int i = 0; i < 12; i++)
    {
      int k = i % 4;
      ImhGameKind game = k < 2 ? IMH_GAME_DUEL : IMH_GAME_CLASSIC;
      int n = k < 2 ? 2 : k == 2 ? 3 : 4;
      g_autofree char *text = make_record (1000 + (guint64) i, game, n, names[k], i % 3 != 0, 15);
      gint64 id = save (lib, text);
      g_array_append_val (ids, id);
    }
  return lib;
}

/* data: TRUE for full-text search (FTS5), FALSE for the LIKE fallback. */
static void
test_search_filter_sort (gconstpointer data)
{
  gboolean fts = GPOINTER_TO_INT (data);
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(ImhLibrary) lib = NULL;
  g_autoptr(GError) error = NULL;
  ImhLibraryQuery q;
  const char *tags[] = { "tournament", NULL };

  if (fts && !sqlite3_compileoption_used ("ENABLE_FTS5"))
    {
      g_test_skip ("SQLite without FTS5");
      return;
    }
  if (!fts)
    g_setenv ("IMH_LIBRARY_NO_FTS", "1", TRUE);
  lib = fill_mixed (fts ? "search-fts.sqlite3" : "search-like.sqlite3", ids);
  g_unsetenv ("IMH_LIBRARY_NO_FTS");
  g_assert_true (imh_library_has_fts (lib) == fts);

  g_assert_true (imh_library_set_notes (lib, g_array_index (ids, gint64, 5), "brilliant sacrifice", &error));
  g_assert_true (imh_library_set_tags (lib, g_array_index (ids, gint64, 6), tags, &error));
  g_assert_true (imh_library_set_starred (lib, g_array_index (ids, gint64, 7), TRUE, &error));

  imh_library_query_init (&q);

  /* Everything. */
  {
    g_autoptr(GArray) r = query (lib, &q);
    g_assert_cmpuint (r->len, ==, 12);
  }
  /* Player names: whole word, prefix, case and accents folded, two words. */
  {
    /* Accents are folded by FTS5 only (the fallback folds ASCII case). */
    static const struct { const char *search; guint n; gboolean fts_only; } cases[] = {
      { "Ramses", 6, FALSE }, { "rams", 6, FALSE }, { "ADA", 6, FALSE }, { "muller", 3, TRUE },
      { "zoe", 3, TRUE }, { "Müller", 3, FALSE }, { "ada dalia", 3, FALSE }, { "ada hatshepsut", 0, FALSE },
      { "brilliant", 1, FALSE }, { "sacri", 1, FALSE }, { "tournament", 1, FALSE },
      { "\"quoted\"", 0, FALSE }, { "nobody", 0, FALSE }, { "100%", 0, FALSE }, { "a_b", 0, FALSE },
    };
    for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
      {
        g_autoptr(GArray) r = NULL;
        if (cases[i].fts_only && !fts)
          continue;
        g_free (q.search);
        q.search = g_strdup (cases[i].search);
        r = query (lib, &q);
        if (r->len != cases[i].n)
          g_error ("search “%s”: %u games, expected %u", cases[i].search, r->len, cases[i].n);
      }
    g_clear_pointer (&q.search, g_free);
  }
  /* Filters. */
  {
    g_autoptr(GArray) r = NULL;
    q.game = IMH_GAME_CLASSIC;
    r = query (lib, &q);
    g_assert_cmpuint (r->len, ==, 6);
    g_array_unref (r);
    q.n_players = 4;
    r = query (lib, &q);
    g_assert_cmpuint (r->len, ==, 3);
    g_array_unref (r);
    q.game = -1;
    q.n_players = 0;
    q.finished = IMH_LIBRARY_NO;
    r = query (lib, &q);
    g_assert_cmpuint (r->len, ==, 4);   /* i % 3 == 0 */
    g_array_unref (r);
    q.finished = IMH_LIBRARY_ANY;
    q.starred = IMH_LIBRARY_YES;
    r = query (lib, &q);
    g_assert_cmpuint (r->len, ==, 1);
    g_assert_cmpint (g_array_index (r, gint64, 0), ==, g_array_index (ids, gint64, 7));
    g_array_unref (r);
    q.starred = IMH_LIBRARY_ANY;
    q.tag = g_strdup ("TOURNAMENT");
    r = query (lib, &q);
    g_assert_cmpuint (r->len, ==, 1);
    g_array_unref (r);
    g_clear_pointer (&q.tag, g_free);
    q.min_level = 0;       /* a computer seat (seat 2 is computer:casual) */
    r = query (lib, &q);
    g_assert_cmpuint (r->len, ==, 12);
    q.min_level = -1;
    g_array_unref (r);
    q.analysed = IMH_LIBRARY_YES;
    r = query (lib, &q);
    g_assert_cmpuint (r->len, ==, 0);
    q.analysed = IMH_LIBRARY_ANY;
  }
  /* Sort orders are monotonic in their key; ascending reverses descending. */
  for (int sort = 0; sort < IMH_LIBRARY_N_SORTS; sort++)
    {
      g_autoptr(GArray) down = NULL, up = NULL;
      g_autoptr(GPtrArray) rows = NULL;

      q.sort = (ImhLibrarySort) sort;
      q.descending = TRUE;
      down = query (lib, &q);
      q.descending = FALSE;
      up = query (lib, &q);
      g_assert_cmpuint (down->len, ==, 12);
      for (guint i = 0; i < up->len; i++)
        g_assert_cmpint (g_array_index (up, gint64, i), ==, g_array_index (down, gint64, down->len - 1 - i));
      rows = imh_library_get_summaries (lib, (const gint64 *) (gpointer) up->data, up->len, &error);
      g_assert_no_error (error);
      for (guint i = 1; i < rows->len; i++)
        {
          ImhGameSummary *a = rows->pdata[i - 1], *b = rows->pdata[i];
          switch (sort)
            {
            case IMH_LIBRARY_SORT_DATE:
              g_assert_cmpint (imh_game_summary_get_started (a), <=, imh_game_summary_get_started (b));
              break;
            case IMH_LIBRARY_SORT_GAME:
              g_assert_cmpint (imh_game_summary_get_game (a) * 10 + (int) imh_game_summary_get_n_players (a), <=,
                               imh_game_summary_get_game (b) * 10 + (int) imh_game_summary_get_n_players (b));
              break;
            case IMH_LIBRARY_SORT_PLAYERS:
              g_assert_cmpint (g_ascii_strcasecmp (imh_game_summary_get_players (a), imh_game_summary_get_players (b)), <=, 0);
              break;
            case IMH_LIBRARY_SORT_RESULT:
              g_assert_cmpint (!imh_game_summary_get_finished (a), <=, !imh_game_summary_get_finished (b));
              break;
            case IMH_LIBRARY_SORT_LENGTH:
              g_assert_cmpuint (imh_game_summary_get_length (a), <=, imh_game_summary_get_length (b));
              break;
            case IMH_LIBRARY_SORT_STARRED:
              g_assert_cmpint (!imh_game_summary_get_starred (a), <=, !imh_game_summary_get_starred (b));
              break;
            default:
              g_assert_not_reached ();
            }
        }
    }
  imh_library_query_clear (&q);
}

/* ------------------------------------------------------------------ */
/* The lazy list model                                                 */

typedef struct {
  guint position, removed, added, calls;
} Changes;

static void
on_items_changed (GListModel *model, guint position, guint removed, guint added, Changes *c)
{
  c->position = position;
  c->removed = removed;
  c->added = added;
  c->calls++;
}

static void
test_model (void)
{
  g_autoptr(ImhLibrary) lib = open_new ("model.sqlite3");
  g_autoptr(ImhLibraryModel) model = imh_library_model_new (lib);
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhLibraryDeleted) deleted = NULL;
  Changes c = { 0 };
  guint n = IMH_LIBRARY_MODEL_PAGE_SIZE + 30;
  gint64 victim;
  int pos;

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *text = _imh_library_random_record (500 + i, FALSE, 3, 0);
      save (lib, text);
    }
  g_signal_connect (model, "items-changed", G_CALLBACK (on_items_changed), &c);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 0);
  g_assert_true (imh_library_model_reload (model, &error));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, n);
  g_assert_cmpuint (c.calls, ==, 1);
  g_assert_cmpuint (c.added, ==, n);
  g_assert_true (g_list_model_get_item_type (G_LIST_MODEL (model)) == IMH_TYPE_GAME_SUMMARY);

  /* Items from the second page, and the same object when asked again. */
  {
    g_autoptr(ImhGameSummary) a = g_list_model_get_item (G_LIST_MODEL (model), n - 1);
    g_autoptr(ImhGameSummary) b = g_list_model_get_item (G_LIST_MODEL (model), n - 1);
    g_assert_nonnull (a);
    g_assert_true (a == b);
    g_assert_cmpint (imh_game_summary_get_id (a), ==, imh_library_model_get_id (model, n - 1));
    g_assert_null (g_list_model_get_item (G_LIST_MODEL (model), n));
  }

  /* A change shows on the item already handed out. */
  {
    g_autoptr(ImhGameSummary) s = g_list_model_get_item (G_LIST_MODEL (model), 3);
    g_assert_false (imh_game_summary_get_starred (s));
    g_assert_true (imh_library_set_starred (lib, imh_game_summary_get_id (s), TRUE, &error));
    while (g_main_context_iteration (NULL, FALSE))
      ;
    g_assert_true (imh_game_summary_get_starred (s));
    spin_until_idle (model);
  }

  /* Delete: the row goes at once; undo: it comes back at its place. */
  victim = imh_library_model_get_id (model, 7);
  c.calls = 0;
  deleted = imh_library_delete (lib, &victim, 1, &error);
  g_assert_no_error (error);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_cmpuint (c.calls, ==, 1);
  g_assert_cmpuint (c.position, ==, 7);
  g_assert_cmpuint (c.removed, ==, 1);
  g_assert_cmpuint (c.added, ==, 0);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, n - 1);
  g_assert_cmpint (imh_library_model_find (model, victim), ==, -1);

  c.calls = 0;
  g_assert_true (imh_library_restore (lib, deleted, &error));
  spin_until_idle (model);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, n);
  pos = imh_library_model_find (model, victim);
  g_assert_cmpint (pos, ==, 7);
  g_assert_cmpuint (c.calls, ==, 1);
  g_assert_cmpuint (c.position, ==, 7);
  g_assert_cmpuint (c.removed, ==, 0);
  g_assert_cmpuint (c.added, ==, 1);

  /* Search through the model (asynchronous). */
  imh_library_model_set_search (model, "zzzz-nobody");
  g_assert_true (imh_library_model_get_loading (model));
  spin_until_idle (model);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 0);
  imh_library_model_set_search (model, NULL);
  spin_until_idle (model);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, n);
}

/* ------------------------------------------------------------------ */
/* Async API                                                           */

static void
save_done (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr(GError) error = NULL;
  gint64 *id = data;

  *id = imh_library_save_record_finish (IMH_LIBRARY (source), result, &error);
  g_assert_no_error (error);
}

static void
load_done (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr(GError) error = NULL;
  char **text = data;

  *text = imh_library_load_record_finish (IMH_LIBRARY (source), result, &error);
  g_assert_no_error (error);
}

static void
open_done (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr(GError) error = NULL;
  ImhLibrary **lib = data;

  *lib = imh_library_open_finish (result, &error);
  g_assert_no_error (error);
}

static void
count_added (ImhLibrary *lib, gint64 id, guint *n)
{
  (*n)++;
}

static void
test_async (void)
{
  g_autofree char *path = temp_db ("async.sqlite3");
  g_autofree char *text = make_record (77, IMH_GAME_CLASSIC, 3, NULL, TRUE, 0);
  g_autofree char *back = NULL;
  g_autoptr(ImhLibrary) lib = NULL;
  gint64 id = 0;
  guint added = 0;

  imh_library_open_async (path, NULL, open_done, &lib);
  while (lib == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_signal_connect (lib, "game-added", G_CALLBACK (count_added), &added);

  imh_library_save_record_async (lib, 0, text, TRUE, NULL, save_done, &id);
  while (id == 0)
    g_main_context_iteration (NULL, TRUE);
  while (added == 0)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (added, ==, 1);

  imh_library_load_record_async (lib, id, NULL, load_done, &back);
  while (back == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpstr (back, ==, text);
}

/* ------------------------------------------------------------------ */
/* Import and export                                                   */

static void
write_file (const char *dir, const char *name, const char *contents, gssize len)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_assert_true (g_file_set_contents (path, contents, len, NULL));
}

static const char *
reason_for (ImhLibraryImportReport *report, const char *basename)
{
  for (guint i = 0; i < imh_library_import_report_get_n_rejected (report); i++)
    if (g_str_has_suffix (imh_library_import_report_get_rejected_path (report, i), basename))
      return imh_library_import_report_get_rejected_reason (report, i);
  return NULL;
}

static void
test_import (void)
{
  g_autoptr(ImhLibrary) lib = open_new ("import.sqlite3");
  g_autofree char *dir = g_build_filename (g_get_user_data_dir (), "import", NULL);
  g_autofree char *sub = g_build_filename (dir, "sub", NULL);
  g_autofree char *a = make_record (201, IMH_GAME_DUEL, 2, NULL, TRUE, 0);
  g_autofree char *b = make_record (202, IMH_GAME_CLASSIC, 4, NULL, FALSE, 30);
  g_autofree char *c = make_record (203, IMH_GAME_DUEL, 2, NULL, FALSE, 5);
  g_autofree char *d = make_record (204, IMH_GAME_CLASSIC, 2, NULL, TRUE, 0);
  g_autofree char *many = g_strconcat (c, "\n", d, NULL);
  g_autofree char *broken = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhLibraryImportReport) report = NULL;
  g_autoptr(ImhLibraryImportReport) again = NULL;
  g_autoptr(GFile) folder = NULL;
  const gint64 *ids;
  guint n;
  const char *reason;
  gint64 kept;

  /* A game already in the library before the import. */
  kept = save (lib, a);

  g_assert_cmpint (g_mkdir_with_parents (sub, 0700), ==, 0);
  write_file (dir, "a-again.imhotep", a, -1);                       /* duplicate */
  write_file (dir, "b.imhotep", b, -1);                             /* good */
  write_file (sub, "many.imhotep", many, -1);                       /* two good games */
  broken = g_strdup (b);
  {
    /* Break a decision in the middle of the record. */
    char *line = strstr (broken, "\n10. ");
    g_assert_nonnull (line);
    memcpy (line + 5, "Q zz", 4);
  }
  write_file (dir, "broken.imhotep", broken, -1);
  write_file (dir, "binary.imhotep", "\x89PNG\r\n\x1a\n\0\0\0", 11);
  write_file (dir, "empty.imhotep", "", 0);
  write_file (dir, "notes.txt", "not a record, and not looked at", -1);

  folder = g_file_new_for_path (dir);
  report = imh_library_import (lib, &folder, 1, NULL, &error);
  g_assert_no_error (error);
  ids = imh_library_import_report_get_imported (report, &n);
  g_assert_cmpuint (n, ==, 3);
  g_assert_cmpuint (imh_library_import_report_get_n_duplicates (report), ==, 1);
  g_assert_cmpuint (imh_library_import_report_get_n_rejected (report), ==, 4);

  reason = reason_for (report, "a-again.imhotep");
  g_assert_nonnull (reason);
  {
    g_autofree char *already = imh_test_t_prefix ("already in the library (game %lld)");
    g_assert_nonnull (strstr (reason, already));
  }
  reason = reason_for (report, "broken.imhotep");
  g_assert_nonnull (reason);
  {
    g_autofree char *line = imh_test_t_piece ("line %u, column %u: %s", 0);
    g_autofree char *column = imh_test_t_piece ("line %u, column %u: %s", 1);
    g_assert_nonnull (strstr (reason, line));
    g_assert_nonnull (strstr (reason, column));
  }
  g_assert_nonnull (reason_for (report, "binary.imhotep"));
  g_assert_nonnull (reason_for (report, "empty.imhotep"));
  g_assert_null (reason_for (report, "notes.txt"));

  /* Nothing else lost: the old game and the three new ones. */
  g_assert_cmpint (imh_library_count (lib, NULL), ==, 4);
  {
    g_autofree char *text = imh_library_load_record (lib, kept, &error);
    g_assert_cmpstr (text, ==, a);
  }
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *text = imh_library_load_record (lib, ids[i], &error);
      g_assert_no_error (error);
      g_assert_true (g_strcmp0 (text, b) == 0 || g_strcmp0 (text, c) == 0 || g_strcmp0 (text, d) == 0);
    }

  /* Importing the same folder again adds nothing. */
  again = imh_library_import (lib, &folder, 1, NULL, &error);
  g_assert_no_error (error);
  imh_library_import_report_get_imported (again, &n);
  g_assert_cmpuint (n, ==, 0);
  g_assert_cmpuint (imh_library_import_report_get_n_duplicates (again), ==, 4);
  g_assert_cmpint (imh_library_count (lib, NULL), ==, 4);

  /* A missing file. */
  {
    g_autoptr(GFile) missing = g_file_new_for_path ("/nonexistent/x.imhotep");
    g_autoptr(ImhLibraryImportReport) r = imh_library_import (lib, &missing, 1, NULL, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (imh_library_import_report_get_n_rejected (r), ==, 1);
  }
}

static void
test_export (void)
{
  g_autoptr(ImhLibrary) lib = open_new ("export.sqlite3");
  g_autoptr(ImhLibrary) other = open_new ("export2.sqlite3");
  g_autofree char *dir = g_build_filename (g_get_user_data_dir (), "export", NULL);
  g_autofree char *single = g_build_filename (g_get_user_data_dir (), "all.imhotep", NULL);
  g_autoptr(GFile) folder = g_file_new_for_path (dir);
  g_autoptr(GFile) file = g_file_new_for_path (single);
  g_autoptr(GError) error = NULL;
  gint64 ids[3];

  for (int i = 0; i < 3; i++)
    {
      g_autofree char *text = make_record (300 + (guint64) i, i == 1 ? IMH_GAME_CLASSIC : IMH_GAME_DUEL,
                                           i == 1 ? 3 : 2, NULL, i != 2, 12);
      ids[i] = save (lib, text);
    }
  g_assert_cmpint (imh_library_export (lib, ids, 3, folder, &error), ==, 3);
  g_assert_no_error (error);
  g_assert_true (imh_library_export_to_file (lib, ids, 3, file, &error));
  g_assert_no_error (error);

  /* One file per game: imported elsewhere, identical records. */
  {
    g_autoptr(ImhLibraryImportReport) r = imh_library_import (other, &folder, 1, NULL, &error);
    guint n;
    const gint64 *got = imh_library_import_report_get_imported (r, &n);
    g_assert_cmpuint (n, ==, 3);
    for (guint i = 0; i < 3; i++)
      {
        g_autofree char *x = imh_library_load_record (lib, ids[i], &error);
        g_autofree char *y = imh_library_load_record (other, got[i], &error);
        g_assert_cmpstr (x, ==, y);   /* files sort by name = by id */
      }
  }
  /* One file with all games: parses as three records. */
  {
    g_autofree char *contents = NULL;
    gsize len;
    size_t n = 0;
    ImhRecordError err = { 0 };
    ImhRecord **records;

    g_assert_true (g_file_get_contents (single, &contents, &len, NULL));
    records = imh_record_parse_many (contents, len, &n, &err);
    g_assert_nonnull (records);
    g_assert_cmpuint (n, ==, 3);
    for (size_t i = 0; i < n; i++)
      imh_record_free (records[i]);
    free (records);
  }
  /* A missing id fails with NOT_FOUND. */
  {
    gint64 bad = 999;
    g_assert_cmpint (imh_library_export (lib, &bad, 1, folder, &error), ==, -1);
    g_assert_error (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_NOT_FOUND);
  }
}

/* ------------------------------------------------------------------ */
/* Durability: a writer killed with SIGKILL loses no committed game    */

static int
durability_child (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhLibrary) lib = imh_library_open (path, &error);

  if (lib == NULL)
    return 1;
  for (guint64 i = 0;; i++)
    {
      g_autofree char *text = _imh_library_random_record (9000 + i, i % 2 == 0, 20, 0);
      gint64 id = imh_library_save_record (lib, 0, text, FALSE, &error);
      if (id == 0)
        return 1;
      /* Reported only after the commit returned. */
      printf ("%" G_GINT64_FORMAT " %" G_GUINT64_FORMAT "\n", id, 9000 + i);
      fflush (stdout);
    }
  return 0;
}

static void
test_durability (void)
{
  g_autofree char *path = temp_db ("durable.sqlite3");
  g_autofree char *self_exe = g_file_read_link ("/proc/self/exe", NULL);
  const char *argv[] = { self_exe, "--durability-child", path, NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) committed = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_autoptr(GString) out = g_string_new (NULL);
  GPid pid;
  int fd, status;
  char buf[4096];
  guint lines = 0;

  g_assert_nonnull (self_exe);
  g_assert_true (g_spawn_async_with_pipes (NULL, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL,
                                           &pid, NULL, &fd, NULL, &error));
  g_assert_no_error (error);

  /* Let it commit a good number of games, then kill it mid-stream. */
  while (lines < 150)
    {
      ssize_t got = read (fd, buf, sizeof buf);
      g_assert_cmpint (got, >, 0);
      g_string_append_len (out, buf, got);
      lines = 0;
      for (const char *p = out->str; (p = strchr (p, '\n')) != NULL; p++)
        lines++;
    }
  g_assert_cmpint (kill (pid, SIGKILL), ==, 0);
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_assert_true (WIFSIGNALED (status));
  /* Whatever was still in the pipe was committed too. */
  for (ssize_t got; (got = read (fd, buf, sizeof buf)) > 0;)
    g_string_append_len (out, buf, got);
  close (fd);
  g_spawn_close_pid (pid);

  {
    g_auto(GStrv) rows = g_strsplit (out->str, "\n", -1);
    /* The last piece has no newline yet: it may be cut short. */
    for (guint i = 0; rows[i] != NULL && rows[i + 1] != NULL; i++)
      {
        gint64 id, seed;
        if (sscanf (rows[i], "%" G_GINT64_FORMAT " %" G_GINT64_FORMAT, &id, &seed) == 2)
          g_hash_table_insert (committed, g_memdup2 (&id, sizeof id), GINT_TO_POINTER ((int) seed));
      }
  }
  g_assert_cmpuint (g_hash_table_size (committed), >=, 150);

  /* Every committed game loads, parses, replays and is the one written. */
  {
    g_autoptr(ImhLibrary) lib = imh_library_open (path, &error);
    GHashTableIter it;
    gpointer key, value;

    g_assert_no_error (error);
    g_assert_cmpint (imh_library_get_open_status (lib), ==, IMH_LIBRARY_OPEN_OK);
    g_assert_cmpuint (imh_library_count (lib, NULL), >=, g_hash_table_size (committed));
    g_hash_table_iter_init (&it, committed);
    while (g_hash_table_iter_next (&it, &key, &value))
      {
        gint64 id = *(gint64 *) key;
        guint64 seed = (guint64) GPOINTER_TO_INT (value);
        g_autofree char *text = imh_library_load_record (lib, id, &error);
        g_autofree char *expected = _imh_library_random_record (seed, (seed - 9000) % 2 == 0, 20, 0);
        ImhLibraryRecordInfo info;

        g_assert_no_error (error);
        g_assert_cmpstr (text, ==, expected);
        g_assert_true (_imh_library_describe_text (text, &info, &error));
        g_assert_no_error (error);
        _imh_library_record_info_clear (&info);
      }
  }
  g_assert_cmpint (raw_int (path, "SELECT count(*) FROM games WHERE id NOT IN (SELECT game_id FROM records)"), ==, 0);
}

/* ------------------------------------------------------------------ */
/* Autosave of the game being played                                   */

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

static void
wait_autosave (ImhLibraryAutosave *autosave)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (g_main_context_iteration (NULL, FALSE))
    ;
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
test_autosave (void)
{
  g_autoptr(ImhLibrary) lib = open_new ("autosave.sqlite3");
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhGame) game = NULL;
  g_autoptr(ImhLibraryAutosave) autosave = NULL;
  g_autoptr(ImhGameSummary) s = NULL;
  ImhOptions o;
  gint64 id, id2;

  imh_options_init (&o, IMH_GAME_DUEL, 2);
  game = imh_game_new (&o, 42, &error);
  g_assert_no_error (error);
  autosave = imh_library_autosave_new (lib, game, 0);

  /* Nothing before the first decision. */
  wait_autosave (autosave);
  g_assert_cmpint (imh_library_count (lib, NULL), ==, 0);
  g_assert_cmpint (imh_library_autosave_get_id (autosave), ==, 0);
  g_assert_cmpint (imh_library_get_latest_unfinished (lib, NULL), ==, 0);

  /* From the first decision on, one entry, replaced after every change. */
  play (game, 1);
  wait_autosave (autosave);
  id = imh_library_autosave_get_id (autosave);
  g_assert_cmpint (id, >, 0);
  check_stored (lib, game, id);
  play (game, 9);         /* a burst: folded into few writes */
  wait_autosave (autosave);
  g_assert_cmpint (imh_library_count (lib, NULL), ==, 1);
  g_assert_cmpint (imh_library_autosave_get_id (autosave), ==, id);
  check_stored (lib, game, id);
  s = imh_library_get_summary (lib, id, &error);
  g_assert_cmpuint (imh_game_summary_get_length (s), ==, 10);
  g_assert_false (imh_game_summary_get_finished (s));

  g_assert_true (imh_game_undo (game));
  play (game, 3);
  g_assert_true (imh_library_autosave_flush (autosave, &error));   /* synchronous, e.g. on quit */
  g_assert_no_error (error);
  check_stored (lib, game, id);

  /* Resume: the unfinished game comes back from the library. */
  g_assert_cmpint (imh_library_get_latest_unfinished (lib, NULL), ==, id);
  {
    g_autofree char *text = imh_library_load_record (lib, id, &error);
    g_autoptr(ImhGame) resumed = imh_game_new_from_record_text (text, -1, &error);
    g_autofree char *again = NULL;
    g_assert_no_error (error);
    g_assert_cmpuint (imh_game_get_live_ply (resumed), ==, imh_game_get_live_ply (game));
    again = imh_game_to_record_text (resumed);
    g_assert_cmpstr (again, ==, text);
  }

  /* Restarted: the next game is a new entry; the old one is kept. */
  g_assert_true (imh_game_restart (game, &o, 43, &error));
  play (game, 2);
  wait_autosave (autosave);
  id2 = imh_library_autosave_get_id (autosave);
  g_assert_cmpint (id2, >, 0);
  g_assert_cmpint (id2, !=, id);
  g_assert_cmpint (imh_library_count (lib, NULL), ==, 2);
  check_stored (lib, game, id2);
  g_assert_cmpint (imh_library_get_latest_unfinished (lib, NULL), ==, id2);

  /* Played to the end: stored finished. */
  while (!imh_game_get_is_over (game))
    play (game, 1);
  imh_library_autosave_stop (autosave);
  check_stored (lib, game, id2);
  g_clear_object (&s);
  s = imh_library_get_summary (lib, id2, &error);
  g_assert_true (imh_game_summary_get_finished (s));
  g_assert_cmpint (imh_library_get_latest_unfinished (lib, NULL), ==, id);

  /* An unfinished base game stored later (imhotep-cli, an import): the
   * newest unfinished game, but the app resumes the newest Duel. */
  {
    ImhOptions co;
    g_autoptr(ImhGame) classic = NULL;
    g_autofree char *text = NULL;
    gint64 cid;

    imh_options_init (&co, IMH_GAME_CLASSIC, 3);
    classic = imh_game_new (&co, 44, &error);
    g_assert_no_error (error);
    play (classic, 4);
    text = imh_game_to_record_text (classic);
    cid = imh_library_save_record (lib, 0, text, FALSE, &error);
    g_assert_no_error (error);
    g_assert_cmpint (cid, >, 0);
    g_assert_cmpint (imh_library_get_latest_unfinished (lib, NULL), ==, cid);
    g_assert_cmpint (imh_library_get_latest_unfinished_of (lib, IMH_GAME_DUEL, NULL), ==, id);
    g_assert_cmpint (imh_library_get_latest_unfinished_of (lib, IMH_GAME_CLASSIC, NULL), ==, cid);
  }
}

int
main (int argc, char **argv)
{
  if (argc == 3 && strcmp (argv[1], "--durability-child") == 0)
    return durability_child (argv[2]);

  imh_test_i18n_init ();
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  g_test_add_func ("/library/schema/create-default-path", test_create_default_path);
  g_test_add_func ("/library/schema/migration-from-v1", test_migration_from_v1);
  g_test_add_func ("/library/schema/empty-sqlite-file", test_empty_sqlite_file_is_initialised);
  g_test_add_func ("/library/schema/newer-read-only", test_newer_schema_read_only);
  g_test_add_func ("/library/corrupt/garbage", test_garbage_file);
  g_test_add_func ("/library/corrupt/foreign-sqlite", test_foreign_sqlite_file);
  g_test_add_data_func ("/library/corrupt/damaged-schema", GINT_TO_POINTER (FALSE), test_damaged_pages);
  g_test_add_data_func ("/library/corrupt/damaged-data", GINT_TO_POINTER (TRUE), test_damaged_pages);
  g_test_add_func ("/library/crud", test_crud);
  g_test_add_data_func ("/library/search-filter-sort/fts5", GINT_TO_POINTER (TRUE), test_search_filter_sort);
  g_test_add_data_func ("/library/search-filter-sort/like", GINT_TO_POINTER (FALSE), test_search_filter_sort);
  g_test_add_func ("/library/model", test_model);
  g_test_add_func ("/library/async", test_async);
  g_test_add_func ("/library/import", test_import);
  g_test_add_func ("/library/export", test_export);
  g_test_add_func ("/library/durability-sigkill", test_durability);
  g_test_add_func ("/library/autosave", test_autosave);

  return g_test_run ();
}
