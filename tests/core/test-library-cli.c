/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-library-cli.c — `imhotep-cli library`: exit statuses, reports and errors. */
#include "config.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "cli-test-util.h"
#include "test-i18n.h"
#include "imh-library-private.h"

static const char *cli;     /* path of imhotep-cli (first argument) */

/* Runs imhotep-cli library --db DB ARGS…; returns the exit status. */
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

/* Whether `list --json`'s output (which must be valid JSON) has game `id`. */
static gboolean
lists_game (const char *json, gint64 id)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonArray *games;

  if (!json_parser_load_from_data (parser, json, -1, &error))
    g_error ("invalid JSON (%s): %s", error->message, json);
  games = json_node_get_array (json_parser_get_root (parser));
  for (guint i = 0; i < json_array_get_length (games); i++)
    if (json_object_get_int_member (json_array_get_object_element (games, i), "id") == id)
      return TRUE;
  return FALSE;
}

static char *
setup_dir (void)
{
  g_autofree char *dir = g_build_filename (g_get_user_data_dir (), "cli", NULL);
  g_autofree char *a = _imh_library_random_record (1, TRUE, 0, 0);
  g_autofree char *b = _imh_library_random_record (2, FALSE, 9, 0);
  g_autofree char *two = g_strconcat (a, "\n", b, NULL);
  g_autofree char *good = g_build_filename (dir, "good.imhotep", NULL);
  g_autofree char *broken = g_build_filename (dir, "broken.imhotep", NULL);

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (good, two, -1, NULL));
  g_assert_true (g_file_set_contents (broken, "imhotep-record 1\ngame duel\nplayers 9\n", -1, NULL));
  return g_steal_pointer (&dir);
}

static void
test_cli (void)
{
  g_autofree char *dir = setup_dir ();
  g_autofree char *db = g_build_filename (dir, "library.sqlite3", NULL);
  g_autofree char *good = g_build_filename (dir, "good.imhotep", NULL);
  g_autofree char *export_dir = g_build_filename (dir, "exported", NULL);
  g_autofree char *imported_2 = g_strdup_printf (IMH_TN ("Imported %u game.\n", "Imported %u games.\n", 2), 2);
  g_autofree char *imported_0 = g_strdup_printf (IMH_TN ("Imported %u game.\n", "Imported %u games.\n", 0), 0);
  g_autofree char *skipped_2 = g_strdup_printf (IMH_TN ("Skipped %u duplicate.\n", "Skipped %u duplicates.\n", 2), 2);
  g_autofree char *exported_2 = g_strdup_printf (IMH_TN ("Exported %u game.\n", "Exported %u games.\n", 2), 2);
  g_autofree char *at_3_9 = g_strdup_printf (IMH_T ("line %u, column %u: %s"), 3, 9, "");
  g_autofree char *broken_at_3_9 = g_strconcat ("broken.imhotep: ", at_3_9, NULL);
  g_autofree char *already = imh_test_t_prefix ("already in the library (game %lld)");
  g_autofree char *games_2 = g_strdup_printf ("%s 2\n", IMH_T ("Games:"));
  g_autofree char *finished_1 = g_strdup_printf ("%s 1\n", IMH_T ("Finished:"));
  g_autofree char *no_game_999 = g_strdup_printf (IMH_T ("There is no game %lld in the library"), 999LL);
  char *out = NULL, *err = NULL;

  /* Import a folder: two games from one file, one broken file with line and column. */
  g_assert_cmpint (run (db, &out, &err, "import", dir, NULL), ==, 1);
  g_assert_nonnull (strstr (out, imported_2));
  g_assert_nonnull (strstr (err, broken_at_3_9));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  /* Again: duplicates are reported, not an error. */
  g_assert_cmpint (run (db, &out, &err, "import", good, NULL), ==, 0);
  g_assert_nonnull (strstr (out, imported_0));
  g_assert_nonnull (strstr (out, skipped_2));
  g_assert_nonnull (strstr (err, already));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  /* List and search. */
  g_assert_cmpint (run (db, &out, &err, "list", "--json", NULL), ==, 0);
  g_assert_true (g_str_has_prefix (out, "["));
  g_assert_true (lists_game (out, 1));
  g_assert_true (lists_game (out, 2));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run (db, &out, &err, "list", "--unfinished", "--json", NULL), ==, 0);
  g_assert_false (lists_game (out, 1));
  g_assert_true (lists_game (out, 2));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run (db, &out, &err, "search", "nobody-is-called-this", NULL), ==, 0);
  g_assert_cmpstr (out, ==, "");
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run (db, &out, &err, "stats", NULL), ==, 0);
  g_assert_nonnull (strstr (out, games_2));
  g_assert_nonnull (strstr (out, finished_1));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  /* Export. */
  g_assert_cmpint (run (db, &out, &err, "export", "--out", export_dir, "1", "2", NULL), ==, 0);
  g_assert_nonnull (strstr (out, exported_2));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run (db, &out, &err, "export", "--out", export_dir, "999", NULL), ==, 1);
  g_assert_nonnull (strstr (err, no_game_999));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  /* Bad command lines: status 2 and a reason. */
  {
    static const char *const bad[][4] = {
      { "list", "--game", "chess", NULL },
      { "list", "--players", "7", NULL },
      { "list", "--sort", "colour", NULL },
      { "list", "--finished", "--unfinished", NULL },
      { "export", "1", NULL, NULL },
      { "export", "--out", "x", "abc" },
      { "search", NULL, NULL, NULL },
      { "import", NULL, NULL, NULL },
      { "frobnicate", NULL, NULL, NULL },
    };
    for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
      {
        int status = run (db, &out, &err, bad[i][0], bad[i][1], bad[i][2], bad[i][3], NULL);
        if (status != 2 || strstr (err, "imhotep-cli") == NULL)
          g_error ("“library %s %s…”: status %d, stderr “%s”", bad[i][0], bad[i][1] ? bad[i][1] : "", status, err);
        g_clear_pointer (&out, g_free);
        g_clear_pointer (&err, g_free);
      }
  }
}

/* A file that is not a library is left alone: status 1, the path named. */
static void
test_cli_not_a_library (void)
{
  g_autofree char *dir = g_build_filename (g_get_user_data_dir (), "damaged", NULL);
  g_autofree char *db = g_build_filename (dir, "library.sqlite3", NULL);
  g_autofree char *kept = NULL;
  g_autofree char *not_ours = imh_test_t_piece ("“%s” is not an Imhotep library: %s. It was left unchanged.", 1);
  char *out = NULL, *err = NULL;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (db, "not a database", -1, NULL));
  g_assert_cmpint (run (db, &out, &err, "stats", NULL), ==, 1);
  g_assert_nonnull (strstr (err, db));
  g_assert_nonnull (strstr (err, not_ours));
  g_free (out);
  g_free (err);
  g_assert_true (g_file_get_contents (db, &kept, NULL, NULL));
  g_assert_cmpstr (kept, ==, "not a database");
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

  g_test_add_func ("/library-cli/import-list-export-errors", test_cli);
  g_test_add_func ("/library-cli/not-a-library", test_cli_not_a_library);
  return g_test_run ();
}
