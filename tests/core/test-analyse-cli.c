/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-analyse-cli.c — `imhotep-cli analyse` as a process: text, JSON,
 * errors, a library game stored as analysed (suite `core`). */
#include "config.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

#include "imh-ai.h"
#include "imh-game-summary.h"
#include "imh-library.h"
#include "cli-test-util.h"
#include "test-i18n.h"
#include "imh-record.h"

static const char *cli;     /* path of imhotep-cli (first argument) */

/* Runs imhotep-cli ARGS…; returns the exit status. */
static int
run (char **out, char **err, ...)
{
  va_list ap;
  int status;

  va_start (ap, err);
  status = cli_test_run_va (cli, NULL, out, err, ap);
  va_end (ap);
  return status;
}

/* A file with a seeded random Duel game of `n` decisions. */
static char *
write_record (const char *name, guint64 seed, guint n)
{
  g_autofree char *dir = g_build_filename (g_get_user_data_dir (), "analyse-cli", NULL);
  char *path = g_build_filename (dir, name, NULL);
  ImhOptions o;
  ImhRecordError rerr;
  ImhRecord *r;
  ImhState s;
  ImhRng rng;
  char *text;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  imh_options_init (&o, IMH_GAME_DUEL, 2);
  r = imh_record_new (&o, seed, &rerr);
  g_assert_nonnull (r);
  imh_record_initial (r, &s);
  imh_rng_seed (&rng, seed);
  for (guint i = 0; i < n && !imh_is_over (&s); i++)
    {
      ImhDecision d;
      g_assert_true (imh_random_choose (&s, &rng, &d));
      imh_apply (&s, d);
      imh_record_line_append (&r->main, d);
    }
  text = imh_record_write (r);
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  free (text);
  imh_record_free (r);
  return path;
}


static void
test_file (void)
{
  g_autofree char *path = write_record ("game.imhotep", 3, 16);
  g_autofree char *out = NULL, *err = NULL, *out2 = NULL, *err2 = NULL;
  g_autofree char *accuracy_1 = g_strdup_printf (IMH_T ("Player %u: accuracy %.1f"), 1u, 0.0);
  g_autofree char *accuracy_2 = g_strdup_printf (IMH_T ("Player %u: accuracy %.1f"), 2u, 0.0);

  /* The accuracy itself varies: compare up to the last space. */
  *(strrchr (accuracy_1, ' ') + 1) = '\0';
  *(strrchr (accuracy_2, ' ') + 1) = '\0';

  /* JSON: one row per decision. */
  g_assert_cmpint (run (&out, &err, "analyse", "--depth", "quick", "-q", "--json", "--seed", "5",
                        path, NULL), ==, 0);
  g_assert_true (g_str_has_prefix (out, "{\"format\":1,\"game\":\"duel\""));
  g_assert_cmpuint (cli_test_count (out, "{\"ply\":"), ==, 16);
  g_assert_nonnull (strstr (out, "\"seed\":5"));
  g_assert_nonnull (strstr (out, "\"depth\":\"quick\""));

  /* Same seed, two threads: the same document but for the elapsed time. */
  g_assert_cmpint (run (&out2, &err2, "analyse", "--depth", "quick", "-q", "--json", "--seed", "5",
                        "--threads", "2", path, NULL), ==, 0);
  g_assert_cmpstr (strstr (out2, "\"iterations\""), ==, strstr (out, "\"iterations\""));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  /* Text: a table and a summary per player. */
  g_assert_cmpint (run (&out, &err, "analyse", "-d", "quick", "-q", path, NULL), ==, 0);
  g_assert_nonnull (strstr (out, accuracy_1));
  g_assert_nonnull (strstr (out, accuracy_2));
}

static void
test_errors (void)
{
  g_autofree char *path = write_record ("ok.imhotep", 4, 4);
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *broken = g_build_filename (dir, "broken.imhotep", NULL);
  char *out = NULL, *err = NULL;

  g_assert_true (g_file_set_contents (broken, "imhotep-record 1\ngame duel\nplayers 9\n", -1, NULL));
  g_assert_cmpint (run (&out, &err, "analyse", "-q", broken, NULL), ==, 1);
  g_assert_nonnull (strstr (err, "broken.imhotep:3:"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (run (&out, &err, "analyse", "-q", "/nonexistent/x.imhotep", NULL), ==, 1);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (run (&out, &err, "analyse", "--depth", "deep", path, NULL), ==, 2);
  g_assert_nonnull (strstr (err, "deep"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (run (&out, &err, "analyse", "--threads", "0", path, NULL), ==, 2);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (run (&out, &err, "analyse", NULL), ==, 2);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (run (&out, &err, "analyse", "--game", "1", path, NULL), ==, 2);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
}

static void
test_library_game (void)
{
  g_autofree char *path = write_record ("lib.imhotep", 6, 20);
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *db = g_build_filename (dir, "library.sqlite3", NULL);
  g_autoptr(ImhLibrary) lib = NULL;
  g_autoptr(ImhGameSummary) summary = NULL;
  g_autoptr(GError) error = NULL;
  char *out = NULL, *err = NULL;

  g_assert_cmpint (run (&out, &err, "library", "--db", db, "import", path, NULL), ==, 0);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  /* No such game. */
  g_assert_cmpint (run (&out, &err, "analyse", "--db", db, "--game", "7", NULL), ==, 1);
  g_assert_nonnull (strstr (err, "7"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (run (&out, &err, "analyse", "--db", db, "--game", "1", "--depth", "quick",
                        "--json", NULL), ==, 0);
  g_assert_cmpuint (cli_test_count (out, "{\"ply\":"), ==, 20);

  lib = imh_library_open (db, &error);
  g_assert_no_error (error);
  summary = imh_library_get_summary (lib, 1, &error);
  g_assert_no_error (error);
  g_assert_true (imh_game_summary_get_analysed (summary));
  {
    g_autofree char *version = NULL, *settings = NULL, *data = NULL;
    g_assert_true (imh_library_get_latest_analysis (lib, 1, &version, &settings, &data, &error));
    g_assert_no_error (error);
    /* What was printed is what was stored. */
    g_strchomp (out);
    g_assert_cmpstr (data, ==, out);
  }
  g_free (out);
  g_free (err);
}

int
main (int argc, char **argv)
{
  imh_test_i18n_init ();
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
  if (argc < 2)
    {
      g_printerr ("usage: %s PATH-OF-IMHOTEP-CLI\n", argv[0]);
      return 1;
    }
  cli = argv[1];
  g_test_add_func ("/analyse-cli/file", test_file);
  g_test_add_func ("/analyse-cli/errors", test_errors);
  g_test_add_func ("/analyse-cli/library-game", test_library_game);
  return g_test_run ();
}
