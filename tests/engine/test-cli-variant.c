/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test-cli-variant.c — imhotep-cli selfplay and arena with --variant and
 * --sides: the records and the report carry them; a bad value is refused
 * with the option's name.
 */
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "cli-test-util.h"
#include "imh-record.h"

static const char *cli_path;
static const char *python_path, *arena_sum_path;
static char *tmp_dir;

static int
run (char **out, char **err, ...)
{
  va_list ap;
  int status;

  va_start (ap, err);
  status = cli_test_run_va (cli_path, NULL, out, err, ap);
  va_end (ap);
  return status;
}

static ImhRecord *
load (const char *path)
{
  g_autofree char *text = NULL;
  ImhRecordError err;
  ImhRecord *r;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  r = imh_record_parse (text, strlen (text), &err);
  if (r == NULL)
    g_error ("%s:%u:%u: %s", path, err.line, err.column, err.message);
  return r;
}

static void
test_selfplay_variant (void)
{
  g_autofree char *dir = g_build_filename (tmp_dir, "wrath", NULL);
  g_autoptr(GDir) d = NULL;
  const char *name;
  int n = 0;

  g_assert_cmpint (run (NULL, NULL, "selfplay", "--game", "classic", "--players", "3",
                        "--variant", "wrath", "--sides", "BABBA", "--seed", "5", "--count", "2",
                        "--out", dir, NULL), ==, 0);
  d = g_dir_open (dir, 0, NULL);
  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autofree char *text = NULL;
      ImhRecord *r = load (path);
      static const uint8_t sides[] = { IMH_SIDE_B, IMH_SIDE_A, IMH_SIDE_B, IMH_SIDE_B, IMH_SIDE_A };

      g_assert_cmpint (r->options.game, ==, IMH_GAME_CLASSIC);
      g_assert_cmpint (r->options.n_players, ==, 3);
      g_assert_cmpuint (r->options.variants, ==, IMH_VARIANT_WRATH);
      for (guint i = 0; i < G_N_ELEMENTS (sides); i++)
        g_assert_cmpint (r->options.sides[i], ==, sides[i]);
      g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
      g_assert_nonnull (strstr (text, "\nvariants wrath\n"));
      imh_record_free (r);
      n++;
    }
  g_assert_cmpint (n, ==, 2);

  /* Without the option: no variant. */
  {
    g_autofree char *plain = g_build_filename (tmp_dir, "plain", NULL);
    g_autofree char *path = g_build_filename (plain, "classic-5.imhotep", NULL);
    ImhRecord *r;

    g_assert_cmpint (run (NULL, NULL, "selfplay", "--game", "classic", "--seed", "5",
                          "--out", plain, NULL), ==, 0);
    r = load (path);
    g_assert_cmpuint (r->options.variants, ==, 0);
    imh_record_free (r);
  }
}

static void
test_arena_variant (void)
{
  g_autofree char *out = NULL, *plain = NULL;

  g_assert_cmpint (run (&out, NULL, "arena", "--game", "classic", "--players", "2",
                        "--a", "greedy", "--b", "random", "--games", "2",
                        "--variant", "wrath", "--sides", "BABBA", "--json", NULL), ==, 0);
  g_assert_nonnull (strstr (out, "\"variants\":\"wrath\""));
  g_assert_nonnull (strstr (out, "\"sides\":\"BABBA\""));
  g_assert_cmpint (run (&plain, NULL, "arena", "--game", "classic", "--players", "2",
                        "--a", "greedy", "--b", "random", "--games", "2", "--json", NULL), ==, 0);
  g_assert_nonnull (strstr (plain, "\"variants\":\"\""));
  g_assert_nonnull (strstr (plain, "\"sides\":\"AAAAA\""));
}

/* build-aux/arena-sum adds up chunks of the same match only: the same
 * variants and sides. */
static void
test_arena_sum_variant (void)
{
  const char *seeds[] = { "1", "2", "3" };
  char *paths[G_N_ELEMENTS (seeds)];

  if (arena_sum_path == NULL)
    {
      g_test_skip ("no build-aux/arena-sum given");
      return;
    }
  for (guint i = 0; i < G_N_ELEMENTS (seeds); i++)
    {
      g_autofree char *out = NULL;

      /* Chunks 1 and 2 with the variant, chunk 3 without. */
      g_assert_cmpint (run (&out, NULL, "arena", "--game", "classic", "--players", "2",
                            "--a", "greedy", "--b", "random", "--games", "2", "--seed", seeds[i],
                            "--json", i < 2 ? "--variant=wrath" : NULL, NULL), ==, 0);
      paths[i] = g_strdup_printf ("%s/chunk%u.jsonl", tmp_dir, i);
      g_assert_true (g_file_set_contents (paths[i], out, -1, NULL));
    }
  {
    const char *argv[] = { python_path, arena_sum_path, paths[0], paths[1], NULL };
    g_autofree char *out = NULL;

    g_assert_cmpint (cli_test_run_argv (argv, &out, NULL), ==, 0);
  }
  {
    const char *argv[] = { python_path, arena_sum_path, paths[0], paths[2], NULL };
    g_autofree char *err = NULL;

    g_assert_cmpint (cli_test_run_argv (argv, NULL, &err), !=, 0);
    g_assert_nonnull (strstr (err, "variants"));
  }
  for (guint i = 0; i < G_N_ELEMENTS (seeds); i++)
    g_free (paths[i]);
}

/* Runs `command` (selfplay or arena) for one game with the extra
 * arguments; returns the exit status and stderr. */
static int
run_one (const char *command, char **err, const char *game, const char *option, const char *value)
{
  if (g_str_equal (command, "arena"))
    return run (NULL, err, command, "--game", game, "--a", "greedy", "--b", "random",
                "--games", "1", option, value, NULL);
  return run (NULL, err, command, "--game", game, option, value, NULL);
}

static void
test_errors (void)
{
  static const char *const commands[] = { "selfplay", "arena" };

  for (guint c = 0; c < G_N_ELEMENTS (commands); c++)
    {
      g_autofree char *err = NULL, *err2 = NULL, *err3 = NULL;

      g_assert_cmpint (run_one (commands[c], &err, "classic", "--variant", "pharaoh"), ==, 2);
      g_assert_nonnull (strstr (err, "--variant"));
      g_assert_nonnull (strstr (err, "pharaoh"));
      g_assert_cmpint (run_one (commands[c], &err2, "classic", "--sides", "ABX"), ==, 2);
      g_assert_nonnull (strstr (err2, "--sides"));
      /* The Duel has no Wrath of the Pharaoh. */
      g_assert_cmpint (run_one (commands[c], &err3, "duel", "--variant", "wrath"), ==, 2);
    }
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
  if (argc < 2)
    g_error ("usage: test-cli-variant PATH-TO-IMHOTEP-CLI [PYTHON3 ARENA-SUM]");
  cli_path = argv[1];
  if (argc >= 4)
    {
      python_path = argv[2];
      arena_sum_path = argv[3];
    }
  tmp_dir = g_dir_make_tmp ("imh-cli-variant-XXXXXX", NULL);
  g_assert_nonnull (tmp_dir);

  g_test_add_func ("/cli/selfplay-variant", test_selfplay_variant);
  g_test_add_func ("/cli/arena-variant", test_arena_variant);
  g_test_add_func ("/cli/arena-sum-variant", test_arena_sum_variant);
  g_test_add_func ("/cli/variant-errors", test_errors);
  status = g_test_run ();
  {
    const char *argv_rm[] = { "rm", "-rf", tmp_dir, NULL };

    g_spawn_sync (NULL, (char **) argv_rm, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDOUT_TO_DEV_NULL,
                  NULL, NULL, NULL, NULL, NULL, NULL);
  }
  g_free (tmp_dir);
  return status;
}
