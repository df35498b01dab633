/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-library-recovery-cli.c — `imhotep-cli library` on a file of another
 * application, a damaged library and a read-only library. */
#include "config.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <sqlite3.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli-test-util.h"
#include "imh-library-private.h"
#include "test-i18n.h"

/* "nobody": the read-only case runs imhotep-cli as this user when the
 * tests run as root (who may write any file). */
#define UNPRIVILEGED_ID "65534"

static const char *cli;     /* path of imhotep-cli (first argument) */

static char *
file_hash (const char *path)
{
  g_autofree char *contents = NULL;
  gsize len = 0;

  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
  return g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) contents, len);
}

static guint
count_files (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;

  while (d != NULL && g_dir_read_name (d) != NULL)
    n++;
  return n;
}

/* Runs [setpriv …] imhotep-cli library --db DB ARGS… */
static int
run (gboolean unprivileged, const char *db, char **out, char **err, ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  const char *arg;
  va_list ap;

  g_autofree char *setpriv = g_find_program_in_path ("setpriv");

  if (unprivileged && geteuid () == 0)
    {
      g_assert_nonnull (setpriv);
      g_ptr_array_add (argv, setpriv);
      g_ptr_array_add (argv, (char *) "--reuid=" UNPRIVILEGED_ID);
      g_ptr_array_add (argv, (char *) "--regid=" UNPRIVILEGED_ID);
      g_ptr_array_add (argv, (char *) "--clear-groups");
    }
  g_ptr_array_add (argv, (char *) cli);
  g_ptr_array_add (argv, (char *) "library");
  g_ptr_array_add (argv, (char *) "--db");
  g_ptr_array_add (argv, (char *) db);
  va_start (ap, err);
  while ((arg = va_arg (ap, const char *)) != NULL)
    g_ptr_array_add (argv, (char *) arg);
  va_end (ap);
  g_ptr_array_add (argv, NULL);
  return cli_test_run_argv ((const char *const *) argv->pdata, out, err);
}

static void
make_library (const char *path, guint n)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhLibrary) lib = imh_library_open (path, &error);

  g_assert_no_error (error);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *text = _imh_library_random_record (500 + i, TRUE, 0, 0);
      g_assert_cmpint (imh_library_save_record (lib, 0, text, FALSE, &error), >, 0);
      g_assert_no_error (error);
    }
}

/* Another application's database: exit status 1, the path and the reason
 * on stderr, the file and its folder unchanged. */
static void
test_foreign (void)
{
  g_autofree char *dir = g_build_filename (g_get_user_data_dir (), "foreign", NULL);
  g_autofree char *db = g_build_filename (dir, "other.sqlite", NULL);
  g_autofree char *hash = NULL;
  g_autofree char *hash_after = NULL;
  sqlite3 *raw = NULL;
  char *out = NULL, *err = NULL;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_cmpint (sqlite3_open (db, &raw), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (raw, "CREATE TABLE mail (id INTEGER PRIMARY KEY, subject TEXT);"
                                      "INSERT INTO mail (subject) VALUES ('hello');", NULL, NULL, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_close (raw), ==, SQLITE_OK);
  hash = file_hash (db);

  g_assert_cmpint (run (FALSE, db, &out, &err, "stats", NULL), ==, 1);
  g_assert_nonnull (strstr (err, db));
  {
    g_autofree char *not_ours = imh_test_t_piece ("“%s” is not an Imhotep library: %s. It was left unchanged.", 1);
    g_assert_nonnull (strstr (err, not_ours));
  }
  g_assert_cmpstr (out, ==, "");
  g_free (out);
  g_free (err);
  hash_after = file_hash (db);
  g_assert_cmpstr (hash_after, ==, hash);
  g_assert_cmpuint (count_files (dir), ==, 1);
}

/* A library with a damaged index page: every game comes back, stderr says
 * how many and where the old file is, stats count them. */
static void
test_damaged (void)
{
  g_autofree char *dir = g_build_filename (g_get_user_data_dir (), "damaged", NULL);
  g_autofree char *db = g_build_filename (dir, "library.sqlite3", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GDir) d = NULL;
  const char *name;
  gboolean kept = FALSE;
  gsize len = 0;
  sqlite3 *raw = NULL;
  sqlite3_stmt *stmt = NULL;
  gint64 page, page_size = 4096;
  char *out = NULL, *err = NULL;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  make_library (db, 40);
  g_assert_cmpint (sqlite3_open_v2 (db, &raw, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (raw, "SELECT rootpage, (SELECT page_size FROM pragma_page_size)"
                                            " FROM sqlite_master WHERE name = 'games_started'",
                                       -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  page = sqlite3_column_int64 (stmt, 0);
  page_size = sqlite3_column_int64 (stmt, 1);
  sqlite3_finalize (stmt);
  sqlite3_close (raw);

  g_assert_true (g_file_get_contents (db, &contents, &len, NULL));
  g_assert_cmpuint (len, >=, (gsize) (page * page_size));
  memset (contents + (page - 1) * page_size, 0x6B, (gsize) page_size);
  g_assert_true (g_file_set_contents (db, contents, (gssize) len, NULL));

  g_assert_cmpint (run (FALSE, db, &out, &err, "stats", NULL), ==, 0);
  {
    g_autofree char *games = g_strdup_printf ("%s 40\n", IMH_T ("Games:"));
    g_assert_nonnull (strstr (out, games));
  }
  {
    const char *told = IMH_TN ("The game library was damaged. %u game could be read and is in a new "
                               "library; the damaged file was kept as “%s”.",
                               "The game library was damaged. %u games could be read and are in a new "
                               "library; the damaged file was kept as “%s”.", 40);
    g_autofree char *start = g_strndup (told, strcspn (told, "%"));
    g_assert_nonnull (strstr (err, start));
    g_assert_nonnull (strstr (err, " 40 "));
  }
  g_assert_nonnull (strstr (err, ".corrupt-"));
  g_free (out);
  g_free (err);
  d = g_dir_open (dir, 0, NULL);
  while ((name = g_dir_read_name (d)) != NULL)
    if (g_str_has_prefix (name, "library.sqlite3.corrupt-") && !g_str_has_suffix (name, "-wal")
        && !g_str_has_suffix (name, "-shm"))
      {
        g_autofree char *path = g_build_filename (dir, name, NULL);
        g_autofree char *aside = NULL;
        gsize aside_len = 0;
        g_assert_true (g_file_get_contents (path, &aside, &aside_len, NULL));
        g_assert_cmpmem (aside, aside_len, contents, len);
        kept = TRUE;
      }
  g_assert_true (kept);
}

/* A library in a folder that cannot be written: listed, the path named on
 * stderr; an import fails with a clear error. */
static void
test_read_only (void)
{
  g_autofree char *top = g_dir_make_tmp ("imh-cli-read-only-XXXXXX", NULL);
  g_autofree char *dir = g_build_filename (top, "lib", NULL);
  g_autofree char *db = g_build_filename (dir, "library.sqlite3", NULL);
  g_autofree char *record = g_build_filename (top, "game.imhotep", NULL);
  g_autofree char *text = _imh_library_random_record (77, TRUE, 0, 0);
#define NOT_WRITABLE "The game library “%s” cannot be changed (the file or its folder is not " \
                     "writable). It is shown read-only: new games are not saved in it."
  /* As root the tool runs as nobody, who may not be allowed into the
   * build's folders (a clone in a private temporary folder): then it
   * cannot read its catalogue and says this in English. */
  g_autofree char *read_only = imh_test_t_piece (NOT_WRITABLE, 1);
  const char *read_only_en = "It is shown read-only";
  g_autofree char *hash = NULL;
  g_autofree char *hash_after = NULL;
  char *out = NULL, *err = NULL;
  int status;

  g_assert_nonnull (top);
  g_assert_cmpint (g_mkdir (dir, 0755), ==, 0);
  make_library (db, 3);
  g_assert_true (g_file_set_contents (record, text, -1, NULL));
  hash = file_hash (db);
  if (geteuid () == 0)
    {
      g_autofree char *setpriv = g_find_program_in_path ("setpriv");
      if (setpriv == NULL)
        {
          g_test_skip ("running as root and setpriv is missing: the folder cannot be made unwritable");
          return;
        }
      g_assert_cmpint (chmod (top, 0755), ==, 0);
      g_assert_cmpint (chmod (record, 0644), ==, 0);
    }
  g_assert_cmpint (chmod (dir, 0555), ==, 0);

  status = run (TRUE, db, &out, &err, "list", "--json", NULL);
  g_assert_cmpint (status, ==, 0);
  g_assert_nonnull (strstr (out, "\"id\" : 3,"));
  g_assert_nonnull (strstr (err, db));
  g_assert_true (strstr (err, read_only) != NULL || strstr (err, read_only_en) != NULL);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  status = run (TRUE, db, &out, &err, "import", record, NULL);
  g_assert_cmpint (status, ==, 1);
  g_assert_true (strstr (err, read_only) != NULL || strstr (err, read_only_en) != NULL);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (chmod (dir, 0755), ==, 0);
  hash_after = file_hash (db);
  g_assert_cmpstr (hash_after, ==, hash);
  g_remove (db);
  g_remove (record);
  g_rmdir (dir);
  g_rmdir (top);
}

int
main (int argc, char **argv)
{
  imh_test_i18n_init ();
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
  if (argc < 2)
    {
      g_printerr ("usage: %s PATH-OF-IMHOTEP-CLI\n", argv[0]);
      return 2;
    }
  cli = argv[1];
  g_setenv ("IMH_LIBRARY_FULL_CHECK", "1", TRUE);

  g_test_add_func ("/library-recovery-cli/foreign", test_foreign);
  g_test_add_func ("/library-recovery-cli/damaged", test_damaged);
  g_test_add_func ("/library-recovery-cli/read-only", test_read_only);
  return g_test_run ();
}
