/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test-record-limits.c — bounded reading of record files (size checked
 * before reading, the read itself bounded), errors with line and column
 * for NUL bytes and invalid UTF-8, the limits of what the library stores
 * (tags, notes), tag storage linear in the number of tags, and searches
 * for FTS syntax characters taken literally.
 */
#include "config.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli-test-util.h"
#include "imh-autosave.h"
#include "imh-library-private.h"
#include "imh-record-file.h"
#include "test-i18n.h"

static const char *cli_path;

static const char record_head[] =
  "imhotep-record 1\n"
  "game duel\n"
  "players 2\n"
  "sides ABAA\n"
  "seed 42\n"
  "start 2\n"
  "player 1 human Nofretete\n"
  "player 2 computer:3 Echnaton\n";
static const char record_moves[] =
  "\n"
  "1. P a3\n"
  "2. P c1\n";

/* A record with extra header lines (each ending in "\n") and the seed. */
static char *
record_with (const char *extra, guint seed)
{
  g_autofree char *head = g_strdup (record_head);
  g_autofree char *seed_line = g_strdup_printf ("seed %u\n", seed);
  char *at = strstr (head, "seed 42\n");
  GString *s = g_string_new_len (head, at - head);

  g_string_append (s, seed_line);
  g_string_append (s, at + strlen ("seed 42\n"));
  g_string_append (s, extra != NULL ? extra : "");
  g_string_append (s, record_moves);
  return g_string_free (s, FALSE);
}

static char *
write_temp (const char *name, const char *contents, gssize len)
{
  char *path = g_build_filename (g_get_user_data_dir (), name, NULL);
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir_with_parents (g_get_user_data_dir (), 0700), ==, 0);
  g_file_set_contents (path, contents, len, &error);
  g_assert_no_error (error);
  return path;
}

static ImhLibrary *
open_new (const char *name)
{
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  ImhLibrary *lib;

  g_assert_cmpint (g_mkdir_with_parents (g_get_user_data_dir (), 0700), ==, 0);
  path = g_build_filename (g_get_user_data_dir (), name, NULL);
  lib = imh_library_open (path, &error);
  g_assert_no_error (error);
  return lib;
}

/* ---- Bounded reading ---- */

/* Whether `text` says a file is too large, in the test's language. */
static gboolean
says_too_large (const char *text)
{
  g_autofree char *sized = imh_test_t_prefix ("The file is too large (%s; at most %s).");
  g_autofree char *unsized = imh_test_t_prefix ("The file is too large (more than %s).");

  return strstr (text, sized) != NULL || strstr (text, unsized) != NULL
         || strstr (text, IMH_T ("The record is too large.")) != NULL;
}

static void
test_read_bound (void)
{
  g_autofree char *at_limit = g_malloc (1000);
  g_autofree char *path_ok = NULL;
  g_autofree char *path_big = NULL;
  g_autoptr(GFile) ok = NULL;
  g_autoptr(GFile) big = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  gsize length = 0;

  memset (at_limit, 'x', 1000);
  path_ok = write_temp ("ok.imhotep", at_limit, 1000);
  ok = g_file_new_for_path (path_ok);
  g_assert_true (imh_record_file_read (ok, 1000, &contents, &length, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (length, ==, 1000);
  g_assert_cmpint (contents[1000], ==, '\0');

  path_big = write_temp ("big.imhotep", at_limit, 1000);
  big = g_file_new_for_path (path_big);
  g_clear_pointer (&contents, g_free);
  g_assert_false (imh_record_file_read (big, 999, &contents, &length, NULL, &error));
  g_assert_error (error, IMH_RECORD_FILE_ERROR, IMH_RECORD_FILE_ERROR_TOO_LARGE);
  g_assert_null (contents);
}

/* A 3 GiB sparse file: refused by its size, before anything is read (the
 * message knows the size only from the file system). */
static void
test_read_sparse (void)
{
  g_autofree char *path = write_temp ("sparse.imhotep", "", 0);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  int fd = g_open (path, O_WRONLY, 0);

  g_assert_cmpint (fd, >=, 0);
  if (ftruncate (fd, (off_t) 3 * 1024 * 1024 * 1024) != 0)
    {
      close (fd);
      g_test_skip ("no sparse files here");
      return;
    }
  close (fd);
  g_assert_false (imh_record_file_read (file, IMH_RECORD_FILE_MAX_SIZE, &contents, NULL, NULL, &error));
  g_assert_error (error, IMH_RECORD_FILE_ERROR, IMH_RECORD_FILE_ERROR_TOO_LARGE);
  g_test_message ("%s", error->message);
  {
    /* The size as people read it, in the locale's own format ("3.2 GB",
     * "3,2 GB"). */
    g_autofree char *size = g_format_size ((guint64) 3 * 1024 * 1024 * 1024);
    g_assert_nonnull (strstr (error->message, size));
  }
  g_assert_null (contents);
}

/* A device without a size: the read stops one byte past the limit. */
static void
test_read_device (void)
{
  g_autoptr(GFile) file = g_file_new_for_path ("/dev/zero");
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;

  if (!g_file_test ("/dev/zero", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("no /dev/zero");
      return;
    }
  g_assert_false (imh_record_file_read (file, 4096, &contents, NULL, NULL, &error));
  g_assert_error (error, IMH_RECORD_FILE_ERROR, IMH_RECORD_FILE_ERROR_TOO_LARGE);
  g_assert_null (contents);
}

/* The CLI reads through the same bound. */
static void
test_cli_device (void)
{
  g_autofree char *err = NULL;
  g_autofree char *sparse = write_temp ("cli-sparse.imhotep", "", 0);
  int fd;

  if (!g_file_test ("/dev/zero", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("no /dev/zero");
      return;
    }
  g_assert_cmpint (cli_test_run_argv ((const char *const[]) { cli_path, "show", "/dev/zero", NULL },
                                      NULL, &err), ==, 1);
  g_assert_nonnull (strstr (err, "/dev/zero"));
  g_assert_true (says_too_large (err));
  g_clear_pointer (&err, g_free);

  fd = g_open (sparse, O_WRONLY, 0);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, (off_t) 3 * 1024 * 1024 * 1024), ==, 0);
  close (fd);
  g_assert_cmpint (cli_test_run_argv ((const char *const[]) { cli_path, "analyse", "-q", sparse, NULL },
                                      NULL, &err), ==, 1);
  g_assert_true (says_too_large (err));
}

/* The autosave file of earlier versions, read at every launch: a huge one
 * is set aside unread, never imported again. */
static void
test_autosave_too_large (void)
{
  g_autoptr(ImhLibrary) lib = open_new ("autosave.sqlite3");
  g_autoptr(GFile) file = imh_autosave_get_file ();
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *aside = g_strconcat (path, ".invalid", NULL);
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr(GError) error = NULL;
  gboolean imported = TRUE;
  int fd;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (path, "", 0, NULL));
  fd = g_open (path, O_WRONLY, 0);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, (off_t) 3 * 1024 * 1024 * 1024), ==, 0);
  close (fd);

  g_assert_false (imh_autosave_migrate (lib, &imported, &error));
  g_assert_error (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_INVALID);
  g_assert_true (says_too_large (error->message));
  g_assert_false (imported);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (aside, G_FILE_TEST_EXISTS));
  g_assert_cmpint (imh_library_count (lib, NULL), ==, 0);
}

/* ---- Record text: NUL bytes, invalid UTF-8, the final newline ---- */

static void
test_text_errors (void)
{
  g_autofree char *text = record_with (NULL, 1);
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhGame) game = NULL;
  GString *s;

  /* NUL in "Nofretete": line 7, column 19. */
  s = g_string_new (text);
  s->str[strstr (s->str, "Nofretete") - s->str + 3] = '\0';
  game = imh_game_new_from_record_text (s->str, (gssize) s->len, &error);
  g_assert_null (game);
  g_assert_error (error, IMH_RECORD_FILE_ERROR, IMH_RECORD_FILE_ERROR_ENCODING);
  {
    g_autofree char *expected = g_strdup_printf (IMH_T ("Line %u, column %u: the text contains a NUL byte."), 7, 19);
    g_assert_cmpstr (error->message, ==, expected);
  }
  g_string_free (s, TRUE);
  g_clear_error (&error);

  /* The last line without its newline is a whole record. */
  game = imh_game_new_from_record_text (text, (gssize) strlen (text) - 1, &error);
  g_assert_no_error (error);
  g_assert_nonnull (game);
}

/* The import names line and column of NUL bytes and invalid UTF-8 and
 * takes a record without its final newline. */
static void
test_import_errors (void)
{
  g_autoptr(ImhLibrary) lib = open_new ("import-errors.sqlite3");
  g_autofree char *good = record_with (NULL, 2);
  g_autofree char *nul = record_with (NULL, 3);
  g_autofree char *bad_utf8 = record_with ("tag caf\xc3\n", 4);
  g_autofree char *dir = g_build_filename (g_get_user_data_dir (), "import-errors", NULL);
  g_autofree char *p1 = NULL, *p2 = NULL, *p3 = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhLibraryImportReport) report = NULL;
  GFile *files[3];
  guint n_imported = 0;

  gsize nul_len = strlen (nul);

  nul[strstr (nul, "2. P c1") - nul + 2] = '\0';
  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  p1 = g_build_filename (dir, "no-newline.imhotep", NULL);
  p2 = g_build_filename (dir, "nul.imhotep", NULL);
  p3 = g_build_filename (dir, "utf8.imhotep", NULL);
  g_assert_true (g_file_set_contents (p1, good, (gssize) strlen (good) - 1, NULL));
  g_assert_true (g_file_set_contents (p2, nul, (gssize) nul_len, NULL));
  g_assert_true (g_file_set_contents (p3, bad_utf8, -1, NULL));
  files[0] = g_file_new_for_path (p1);
  files[1] = g_file_new_for_path (p2);
  files[2] = g_file_new_for_path (p3);

  report = imh_library_import (lib, files, 3, NULL, &error);
  g_assert_no_error (error);
  imh_library_import_report_get_imported (report, &n_imported);
  g_assert_cmpuint (n_imported, ==, 1);
  g_assert_cmpuint (imh_library_import_report_get_n_rejected (report), ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      const char *path = imh_library_import_report_get_rejected_path (report, i);
      const char *reason = imh_library_import_report_get_rejected_reason (report, i);
      g_test_message ("%s: %s", path, reason);
      /* The parser's own words (the engine's, untranslated) after the
       * place (translated). */
      g_autofree char *expected =
        g_str_has_suffix (path, "nul.imhotep")
        ? g_strdup_printf (IMH_T ("line %u, column %u: %s"), 11, 3, "NUL byte in the file")
        : g_strdup_printf (IMH_T ("line %u, column %u: %s"), 9, 8, "invalid UTF-8");
      g_assert_cmpstr (reason, ==, expected);
    }
  for (guint i = 0; i < 3; i++)
    g_object_unref (files[i]);
}

/* ---- Tags ---- */

static char *
tag_lines (guint n, guint len)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *pad = g_strnfill (len > 6 ? len - 6 : 0, 'x');
      g_string_append_printf (s, "tag t%05u%s\n", i, pad);
    }
  return g_string_free (s, FALSE);
}

/* Statements to store a record with n distinct tags. */
static guint64
statements_for (ImhLibrary *lib, guint n, guint seed)
{
  g_autofree char *tags = tag_lines (n, 6);
  g_autofree char *text = record_with (tags, seed);
  g_autoptr(GError) error = NULL;
  guint64 before = _imh_library_count_statements (lib);
  gint64 id = imh_library_save_record (lib, 0, text, TRUE, &error);

  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);
  {
    g_autoptr(ImhGameSummary) s = imh_library_get_summary (lib, id, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (cli_test_count (imh_game_summary_get_tags (s), ", ") + 1, ==, n);
  }
  return _imh_library_count_statements (lib) - before;
}

static void
test_tags_linear (void)
{
  g_autoptr(ImhLibrary) lib = open_new ("tags-linear.sqlite3");
  guint64 s25 = statements_for (lib, 25, 10);
  guint64 s50 = statements_for (lib, 50, 11);
  guint64 s100 = statements_for (lib, IMH_RECORD_MAX_TAGS, 12);

  g_test_message ("statements: 25 tags %" G_GUINT64_FORMAT ", 50 tags %" G_GUINT64_FORMAT
                  ", 100 tags %" G_GUINT64_FORMAT, s25, s50, s100);
  /* a + b·n: the same number of statements for each further tag, at most two. */
  g_assert_cmpuint (s100 - s50, ==, 2 * (s50 - s25));
  g_assert_cmpuint (s50 - s25, <=, 2 * 25);
}

static void
test_tags_limits (void)
{
  g_autoptr(ImhLibrary) lib = open_new ("tags-limits.sqlite3");
  g_autofree char *many = tag_lines (16000, 6);
  g_autofree char *text = record_with (many, 20);
  g_autofree char *path = write_temp ("many-tags.imhotep", text, -1);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhLibraryImportReport) report = NULL;
  g_autofree char *plain = record_with (NULL, 21);
  g_autoptr(GPtrArray) tags = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *long_tag = g_strnfill (IMH_RECORD_MAX_TAG_CHARS + 1, 'y');
  g_autofree char *max_tag = g_strnfill (IMH_RECORD_MAX_TAG_CHARS, 'y');
  guint64 before;
  gint64 id;

  /* 16,000 tags: rejected at the 101st, with line and column, no SQL run. */
  before = _imh_library_count_statements (lib);
  report = imh_library_import (lib, &file, 1, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (imh_library_import_report_get_n_rejected (report), ==, 1);
  {
    g_autofree char *expected = g_strdup_printf (IMH_T ("line %u, column %u: %s"), 109, 1,
                                                 "too many tags (at most 100)");
    g_assert_cmpstr (imh_library_import_report_get_rejected_reason (report, 0), ==, expected);
  }
  g_assert_cmpuint (_imh_library_count_statements (lib), ==, before);

  /* The same limits when tags are set by hand. */
  id = imh_library_save_record (lib, 0, plain, TRUE, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < IMH_LIBRARY_MAX_TAGS; i++)
    g_ptr_array_add (tags, g_strdup_printf ("tag %u", i));
  /* Repeats (up to case) do not count. */
  g_ptr_array_add (tags, g_strdup ("TAG 7"));
  g_ptr_array_add (tags, NULL);
  g_assert_true (imh_library_set_tags (lib, id, (const char *const *) tags->pdata, &error));
  g_assert_no_error (error);
  g_ptr_array_remove_index (tags, tags->len - 1);
  g_ptr_array_add (tags, g_strdup ("one too many"));
  g_ptr_array_add (tags, NULL);
  g_assert_false (imh_library_set_tags (lib, id, (const char *const *) tags->pdata, &error));
  g_assert_error (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_INVALID);
  {
    g_autofree char *expected = g_strdup_printf (IMH_T ("Too many tags (at most %d)."), 100);
    g_assert_cmpstr (error->message, ==, expected);
  }
  g_clear_error (&error);

  g_assert_true (imh_library_set_tags (lib, id, (const char *const[]) { "a", max_tag, NULL }, &error));
  g_assert_false (imh_library_set_tags (lib, id, (const char *const[]) { "a", long_tag, NULL }, &error));
  g_assert_error (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_INVALID);
  {
    g_autofree char *expected = g_strdup_printf (IMH_T ("Tag %u is too long (at most %d characters)."), 2, 100);
    g_assert_cmpstr (error->message, ==, expected);
  }
  g_clear_error (&error);
  {
    /* The refused edit changed nothing. */
    g_autoptr(ImhGameSummary) s = imh_library_get_summary (lib, id, &error);
    g_autofree char *expected = g_strconcat ("a, ", max_tag, NULL);
    g_assert_cmpstr (imh_game_summary_get_tags (s), ==, expected);
  }
}

static void
test_notes_limit (void)
{
  g_autoptr(ImhLibrary) lib = open_new ("notes.sqlite3");
  g_autofree char *plain = record_with (NULL, 30);
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) notes = g_string_new (NULL);
  gint64 id = imh_library_save_record (lib, 0, plain, TRUE, &error);

  g_assert_no_error (error);
  /* Characters, not bytes. */
  for (guint i = 0; i < IMH_LIBRARY_MAX_NOTES_CHARS; i++)
    g_string_append (notes, "ä");
  g_assert_true (imh_library_set_notes (lib, id, notes->str, &error));
  g_assert_no_error (error);
  g_string_append (notes, "ä");
  g_assert_false (imh_library_set_notes (lib, id, notes->str, &error));
  g_assert_error (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_INVALID);
  {
    g_autofree char *expected = g_strdup_printf (IMH_T ("The notes are too long (at most %d characters)."), 10000);
    g_assert_cmpstr (error->message, ==, expected);
  }
}

/* ---- Search ---- */

static void
search_literal (gconstpointer data)
{
  gboolean fts = GPOINTER_TO_INT (data);
  g_autoptr(ImhLibrary) lib = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *quoted = NULL;
  g_autofree char *plain = record_with (NULL, 40);
  gint64 id_quoted, id_plain;
  static const struct {
    const char *search;
    int         expect;   /* 1: the quoted game only, 0: none, 2: both */
  } cases[] = {
    { "\"", 1 },
    { "\"\"", 0 },
    { "\"Axe\"", 1 },
    { "Axe", 1 },
    { "Nofretete", 2 },
    { "Nofretete \"", 1 },
    { "*", 0 },
    { "-", 0 },
    { "(", 0 },
    { "NOT", 0 },
    { "a OR b", 0 },
    { "^Nof", 0 },
    { "Nof*", 0 },
    { "%", 0 },
    { "_", 0 },
  };

  if (!fts)
    g_setenv ("IMH_LIBRARY_NO_FTS", "1", TRUE);
  lib = open_new (fts ? "search-fts.sqlite3" : "search-like.sqlite3");
  g_unsetenv ("IMH_LIBRARY_NO_FTS");
  if (fts && !imh_library_has_fts (lib))
    {
      g_test_skip ("no FTS5 in this SQLite");
      return;
    }
  g_assert_cmpint (imh_library_has_fts (lib), ==, fts);

  {
    g_autofree char *head = record_with (NULL, 41);
    GString *s = g_string_new (head);
    const char *at = strstr (s->str, "Echnaton");
    g_string_insert (s, at - s->str + strlen ("Echnaton"), " \"Axe\" Power");
    quoted = g_string_free (s, FALSE);
  }
  id_quoted = imh_library_save_record (lib, 0, quoted, TRUE, &error);
  g_assert_no_error (error);
  id_plain = imh_library_save_record (lib, 0, plain, TRUE, &error);
  g_assert_no_error (error);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      ImhLibraryQuery q;
      g_autoptr(GArray) ids = NULL;
      gboolean has_quoted = FALSE, has_plain = FALSE;

      imh_library_query_init (&q);
      q.search = g_strdup (cases[i].search);
      ids = imh_library_query_ids (lib, &q, &error);
      g_assert_no_error (error);
      for (guint k = 0; k < ids->len; k++)
        {
          has_quoted = has_quoted || g_array_index (ids, gint64, k) == id_quoted;
          has_plain = has_plain || g_array_index (ids, gint64, k) == id_plain;
        }
      g_test_message ("search «%s»: %u games", cases[i].search, ids->len);
      g_assert_cmpint (has_quoted, ==, cases[i].expect >= 1);
      g_assert_cmpint (has_plain, ==, cases[i].expect == 2);
      imh_library_query_clear (&q);
    }
}

int
main (int argc, char **argv)
{
  imh_test_i18n_init ();
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
  cli_path = argc > 1 ? argv[1] : NULL;

  g_test_add_func ("/record-limits/read/bound", test_read_bound);
  g_test_add_func ("/record-limits/read/sparse", test_read_sparse);
  g_test_add_func ("/record-limits/read/device", test_read_device);
  if (cli_path != NULL)
    g_test_add_func ("/record-limits/read/cli", test_cli_device);
  g_test_add_func ("/record-limits/autosave-too-large", test_autosave_too_large);
  g_test_add_func ("/record-limits/text-errors", test_text_errors);
  g_test_add_func ("/record-limits/import-errors", test_import_errors);
  g_test_add_func ("/record-limits/tags/linear", test_tags_linear);
  g_test_add_func ("/record-limits/tags/limits", test_tags_limits);
  g_test_add_func ("/record-limits/notes", test_notes_limit);
  g_test_add_data_func ("/record-limits/search/fts", GINT_TO_POINTER (TRUE), search_literal);
  g_test_add_data_func ("/record-limits/search/like", GINT_TO_POINTER (FALSE), search_literal);
  return g_test_run ();
}
