/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-library-files.c — files that are no Imhotep game at all are called
 * that (opened or imported), and an unfinished game keeps the date of its
 * record when it is imported again, while one stored as it is played is
 * dated by its last move. */
#include "config.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "imh-library-private.h"
#include "imh-record-file.h"
#include "test-i18n.h"

static char *
temp_path (const char *name)
{
  /* G_TEST_OPTION_ISOLATE_DIRS gives every test its own data dir. */
  g_assert_cmpint (g_mkdir_with_parents (g_get_user_data_dir (), 0700), ==, 0);
  return g_build_filename (g_get_user_data_dir (), name, NULL);
}

static void
on_loaded (GObject *source, GAsyncResult *result, gpointer data)
{
  *(GAsyncResult **) data = g_object_ref (result);
}

static ImhGame *
load_file (GFile *file, GError **error)
{
  GAsyncResult *result = NULL;
  ImhGame *game;

  imh_record_file_load_async (file, NULL, on_loaded, &result);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);
  game = imh_record_file_load_finish (result, error);
  g_object_unref (result);
  return game;
}

/* An unfinished Duel game of a few decisions, started at `started` (ISO 8601). */
static char *
unfinished_record (guint64 seed, const char *started)
{
  ImhOptions o;
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhGame) game = NULL;
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;

  imh_options_init (&o, IMH_GAME_DUEL, 2);
  game = imh_game_new (&o, seed, &error);
  g_assert_no_error (error);
  for (int i = 0; i < 6; i++)
    {
      ImhDecisionList legal;

      imh_game_get_viewed_legal (game, &legal);
      g_assert_cmpuint (legal.n, >, 0);
      g_assert_true (imh_game_apply (game, legal.d[0], IMH_BRANCH_TRUNCATE, NULL));
    }
  text = imh_game_to_record_text (game);
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], "started "))
      {
        g_free (lines[i]);
        lines[i] = g_strconcat ("started ", started, NULL);
      }
  return g_strjoinv ("\n", lines);
}

static gint64
unix_of (const char *iso)
{
  g_autoptr(GDateTime) dt = g_date_time_new_from_iso8601 (iso, NULL);

  g_assert_nonnull (dt);
  return g_date_time_to_unix (dt);
}

/* ---- Not a game file ---- */

typedef struct {
  const char *name;
  const char *contents;
  gssize      length;
} Foreign;

static const Foreign foreign[] = {
  { "picture.imhotep", "\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16 },
  { "latin1.imhotep", "Gr\xf6\xdf" "e und Gr\xfc\xdf" "e\n", -1 },
  { "analysis.imhotep", "{\"format\": \"imhotep-analysis\", \"positions\": []}\n", -1 },
  { "notes.imhotep", "Notes on the game against Ada\n", -1 },
};

/* Opened: "“file” is not an Imhotep game file." — not a line, column or
 * encoding of a file that never was a record. */
static void
test_open_not_a_game (gconstpointer data)
{
  const Foreign *f = data;
  g_autofree char *path = temp_path (f->name);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *name = g_file_get_parse_name (file);
  g_autofree char *expected = g_strdup_printf (IMH_T ("“%s” is not an Imhotep game file."), name);
  g_autofree char *encoding = imh_test_t_piece ("Line %u, column %u: the text is not valid UTF-8.", 2);
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhGame) game = NULL;

  g_assert_true (g_file_set_contents (path, f->contents, f->length, NULL));
  game = load_file (file, &error);
  g_assert_null (game);
  g_assert_error (error, IMH_RECORD_FILE_ERROR, IMH_RECORD_FILE_ERROR_NOT_A_RECORD);
  g_assert_cmpstr (error->message, ==, expected);
  g_assert_null (strstr (error->message, encoding));
}

/* A record damaged after its first line stays a damaged record: where. */
static void
test_open_damaged_record (void)
{
  g_autofree char *path = temp_path ("damaged.imhotep");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *where = imh_test_t_prefix ("Line %u, column %u: the text is not valid UTF-8.");
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhGame) game = NULL;

  g_assert_true (g_file_set_contents (path, "imhotep-record 1\n\xff\xfe\n", -1, NULL));
  game = load_file (file, &error);
  g_assert_null (game);
  g_assert_error (error, IMH_RECORD_FILE_ERROR, IMH_RECORD_FILE_ERROR_ENCODING);
  g_assert_nonnull (strstr (error->message, where));
}

static void
test_text_is_record (void)
{
  g_assert_true (imh_record_text_is_record ("imhotep-record 1\n", 17));
  g_assert_true (imh_record_text_is_record ("\n  imhotep-record 1\n", 20));
  g_assert_false (imh_record_text_is_record ("imhotep-record", 14));
  g_assert_false (imh_record_text_is_record ("imhotep-recordx 1\n", 18));
  g_assert_false (imh_record_text_is_record ("{\"imhotep-record\": 1}", 21));
  g_assert_false (imh_record_text_is_record ("", 0));
}

/* Imported: the dialog lists the file with "not an Imhotep game file". */
static void
test_import_not_a_game (void)
{
  g_autofree char *db = temp_path ("library.sqlite3");
  g_autofree char *dir = temp_path ("import");
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhLibrary) lib = imh_library_open (db, &error);
  g_autoptr(ImhLibraryImportReport) report = NULL;
  g_autoptr(GFile) folder = g_file_new_for_path (dir);
  guint n_imported = 0;

  g_assert_no_error (error);
  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  for (gsize i = 0; i < G_N_ELEMENTS (foreign); i++)
    {
      g_autofree char *path = g_build_filename (dir, foreign[i].name, NULL);
      g_assert_true (g_file_set_contents (path, foreign[i].contents, foreign[i].length, NULL));
    }
  report = imh_library_import (lib, &folder, 1, NULL, &error);
  g_assert_no_error (error);
  imh_library_import_report_get_imported (report, &n_imported);
  g_assert_cmpuint (n_imported, ==, 0);
  g_assert_cmpuint (imh_library_import_report_get_n_rejected (report), ==, G_N_ELEMENTS (foreign));
  for (guint i = 0; i < imh_library_import_report_get_n_rejected (report); i++)
    g_assert_cmpstr (imh_library_import_report_get_rejected_reason (report, i), ==,
                     IMH_T ("not an Imhotep game file"));
}

/* ---- Dates ---- */

/* Imported again (after it was deleted): the record's date stands, for
 * its start and for when it was last played, and the order stays. */
static void
test_reimport_keeps_date (void)
{
  const char *started = "2024-03-01T10:00:00Z";
  g_autofree char *db = temp_path ("library.sqlite3");
  g_autofree char *path = temp_path ("old.imhotep");
  g_autofree char *text = unfinished_record (801, started);
  g_autofree char *newer = unfinished_record (802, "2024-03-02T10:00:00Z");
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhLibrary) lib = imh_library_open (db, &error);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  gint64 newer_id, first, second;

  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  {
    g_autoptr(ImhLibraryImportReport) report = imh_library_import (lib, &file, 1, NULL, &error);
    guint n = 0;
    const gint64 *ids = imh_library_import_report_get_imported (report, &n);

    g_assert_no_error (error);
    g_assert_cmpuint (n, ==, 1);
    first = ids[0];
  }
  {
    g_autoptr(ImhLibraryImportReport) report = NULL;
    g_autofree char *newer_path = temp_path ("newer.imhotep");
    g_autoptr(GFile) newer_file = g_file_new_for_path (newer_path);
    guint n = 0;

    g_assert_true (g_file_set_contents (newer_path, newer, -1, NULL));
    report = imh_library_import (lib, &newer_file, 1, NULL, &error);
    newer_id = imh_library_import_report_get_imported (report, &n)[0];
    g_assert_cmpuint (n, ==, 1);
  }
  {
    g_autoptr(ImhGameSummary) s = imh_library_get_summary (lib, first, &error);

    g_assert_no_error (error);
    g_assert_false (imh_game_summary_get_finished (s));
    g_assert_cmpint (imh_game_summary_get_started (s), ==, unix_of (started));
    g_assert_cmpint (imh_game_summary_get_ended (s), ==, unix_of (started));
  }

  /* The same file again: a duplicate, nothing changes. */
  {
    g_autoptr(ImhLibraryImportReport) report = imh_library_import (lib, &file, 1, NULL, &error);
    g_autoptr(ImhGameSummary) s = imh_library_get_summary (lib, first, &error);

    g_assert_cmpuint (imh_library_import_report_get_n_duplicates (report), ==, 1);
    g_assert_cmpint (imh_game_summary_get_ended (s), ==, unix_of (started));
  }

  /* Deleted, then imported again: a new entry with the record's date, and
   * the list (newest first) puts it where it was, after the newer game. */
  {
    g_autoptr(ImhLibraryDeleted) deleted = imh_library_delete (lib, &first, 1, &error);
    g_autoptr(ImhLibraryImportReport) report = NULL;
    g_autoptr(ImhGameSummary) s = NULL;
    ImhLibraryQuery query;
    g_autoptr(GArray) list = NULL;
    guint n = 0;

    g_assert_no_error (error);
    report = imh_library_import (lib, &file, 1, NULL, &error);
    g_assert_no_error (error);
    second = imh_library_import_report_get_imported (report, &n)[0];
    g_assert_cmpuint (n, ==, 1);
    s = imh_library_get_summary (lib, second, &error);
    g_assert_cmpint (imh_game_summary_get_started (s), ==, unix_of (started));
    g_assert_cmpint (imh_game_summary_get_ended (s), ==, unix_of (started));

    /* The list's order: by date, newest first. */
    imh_library_query_init (&query);
    query.sort = IMH_LIBRARY_SORT_DATE;
    query.descending = TRUE;
    list = imh_library_query_ids (lib, &query, &error);
    imh_library_query_clear (&query);
    g_assert_no_error (error);
    g_assert_cmpuint (list->len, ==, 2);
    g_assert_cmpint (g_array_index (list, gint64, 0), ==, newer_id);
    g_assert_cmpint (g_array_index (list, gint64, 1), ==, second);
  }
}

/* Stored as it is played: an unfinished game is dated by its last move
 * (the list shows when it was last played), its start stays. */
static void
test_played_date (void)
{
  const char *started = "2024-03-01T10:00:00Z";
  g_autofree char *db = temp_path ("library.sqlite3");
  g_autofree char *text = unfinished_record (803, started);
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhLibrary) lib = imh_library_open (db, &error);
  gint64 before = g_get_real_time () / G_USEC_PER_SEC;
  gint64 id = imh_library_save_record (lib, 0, text, FALSE, &error);
  g_autoptr(ImhGameSummary) s = NULL;

  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);
  s = imh_library_get_summary (lib, id, &error);
  g_assert_cmpint (imh_game_summary_get_started (s), ==, unix_of (started));
  g_assert_cmpint (imh_game_summary_get_ended (s), >=, before);
  g_assert_cmpuint (imh_game_summary_get_turns (s), >, 0);
}

int
main (int argc, char *argv[])
{
  imh_test_i18n_init ();
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  for (gsize i = 0; i < G_N_ELEMENTS (foreign); i++)
    {
      g_autofree char *name = g_strdup_printf ("/library-files/open-not-a-game/%s", foreign[i].name);
      g_test_add_data_func (name, &foreign[i], test_open_not_a_game);
    }
  g_test_add_func ("/library-files/open-damaged-record", test_open_damaged_record);
  g_test_add_func ("/library-files/text-is-record", test_text_is_record);
  g_test_add_func ("/library-files/import-not-a-game", test_import_not_a_game);
  g_test_add_func ("/library-files/reimport-keeps-date", test_reimport_keeps_date);
  g_test_add_func ("/library-files/played-date", test_played_date);
  return g_test_run ();
}
