/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test-cli.c — imhotep-cli new, legal, play, show, selfplay and bench,
 * run as a separate process on records in a temporary folder.
 */
#include <glib.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "imh-record.h"

static const char *cli_path;
static char *tmp_dir;

/* Runs imhotep-cli with the given arguments (NULL-terminated); returns
 * the exit status, stdout and stderr (transfer full). */
static int
run (char **out, char **err, ...)
{
  GPtrArray *args = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  int status = 0;
  va_list ap;
  const char *a;
  char *o = NULL, *e = NULL;

  g_ptr_array_add (args, (gpointer) cli_path);
  va_start (ap, err);
  while ((a = va_arg (ap, const char *)) != NULL)
    g_ptr_array_add (args, (gpointer) a);
  va_end (ap);
  g_ptr_array_add (args, NULL);
  if (!g_spawn_sync (NULL, (char **) args->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                     &o, &e, &status, &error))
    g_error ("cannot run %s: %s", cli_path, error->message);
  g_ptr_array_free (args, TRUE);
  if (out != NULL)
    *out = o;
  else
    g_free (o);
  if (err != NULL)
    *err = e;
  else
    g_free (e);
  return WIFEXITED (status) ? WEXITSTATUS (status) : -1;
}

static char *
read_file (const char *path)
{
  char *text = NULL;
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

static ImhRecord *
load (const char *path)
{
  g_autofree char *text = read_file (path);
  ImhRecordError err;
  ImhRecord *r = imh_record_parse (text, strlen (text), &err);

  if (r == NULL)
    g_error ("%s:%u:%u: %s", path, err.line, err.column, err.message);
  return r;
}

static void
test_new_legal_play_show (void)
{
  g_autofree char *path = g_build_filename (tmp_dir, "game.imhotep", NULL);
  g_autofree char *out = NULL, *err = NULL, *before = NULL, *after = NULL;
  ImhRecord *r;

  g_assert_cmpint (run (NULL, NULL, "new", "--game", "duel", "--seed", "5", "--sides", "ABAA",
                        "--start", "1", "--name", "Alice", "--name", "Bob", "--kind", "human",
                        "--kind", "computer:2", "-o", path, NULL), ==, 0);
  r = load (path);
  g_assert_cmpuint (r->seed, ==, 5);
  g_assert_cmpint (r->options.start_player, ==, 0);
  g_assert_cmpint (r->options.sides[1], ==, IMH_SIDE_B);
  g_assert_cmpstr (r->players[1].name, ==, "Bob");
  g_assert_cmpstr (r->players[1].kind, ==, "computer:2");
  g_assert_nonnull (r->started);
  imh_record_free (r);

  g_assert_cmpint (run (&out, NULL, "legal", path, NULL), ==, 0);
  g_assert_cmpstr (out, ==, "P a1\nP b1\nP c1\nP a2\nP b2\nP c2\nP a3\nP b3\nP c3\n");
  g_clear_pointer (&out, g_free);

  g_assert_cmpint (run (NULL, NULL, "play", path, "P b2", "P a2", NULL), ==, 0);
  r = load (path);
  g_assert_cmpuint (r->main.n_decisions, ==, 2);
  imh_record_free (r);
  g_assert_cmpint (run (&out, NULL, "legal", path, NULL), ==, 0);
  g_assert_nonnull (strstr (out, "U R1\n"));       /* b2 and a2 share row 2 */
  g_clear_pointer (&out, g_free);

  /* An illegal decision changes nothing and names the decision. */
  before = read_file (path);
  g_assert_cmpint (run (NULL, &err, "play", path, "P c3", "P b2", NULL), ==, 1);
  g_assert_nonnull (strstr (err, "P b2"));
  after = read_file (path);
  g_assert_cmpstr (before, ==, after);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (run (&out, NULL, "show", path, NULL), ==, 0);
  g_assert_nonnull (strstr (out, "Harbour"));
  g_assert_nonnull (strstr (out, "total"));
  g_assert_nonnull (strstr (out, "Alice"));
  g_clear_pointer (&out, g_free);

  g_assert_cmpint (run (&out, NULL, "show", path, "--ply", "1", "--json", NULL), ==, 0);
  g_assert_true (g_str_has_prefix (out, "{\"record\":{\"game\":\"duel\",\"ply\":1,\"plies\":2,"));
  g_assert_nonnull (strstr (out, ",\"state\":{\"game\":\"duel\",\"public\":{"));
  g_assert_nonnull (strstr (out, "\"hidden\":{\"pile\":["));
  g_assert_nonnull (strstr (out, ",\"score\":{\"final\":false,\"categories\":[\"obelisk\""));
  g_assert_true (g_str_has_suffix (out, "}}\n"));
  g_clear_pointer (&out, g_free);

  g_assert_cmpint (run (NULL, &err, "show", path, "--ply", "3", NULL), ==, 2);
  g_assert_nonnull (strstr (err, "--ply 3"));
  g_clear_pointer (&err, g_free);
}

static void
test_errors (void)
{
  g_autofree char *path = g_build_filename (tmp_dir, "broken.imhotep", NULL);
  g_autofree char *err = NULL;

  g_assert_true (g_file_set_contents (path, "imhotep-record 1\ngame duel\nplayers 3\n", -1, NULL));
  g_assert_cmpint (run (NULL, &err, "legal", path, NULL), ==, 1);
  g_assert_nonnull (strstr (err, "broken.imhotep:3:9:"));
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run (NULL, &err, "new", "--sides", "ABC", NULL), ==, 2);
  g_assert_nonnull (strstr (err, "--sides"));
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run (NULL, &err, "new", "--game", "chess", NULL), ==, 2);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run (NULL, &err, "new", "--start", "3", NULL), ==, 2);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run (NULL, &err, "legal", "/nonexistent/file.imhotep", NULL), ==, 1);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run (NULL, &err, "play", path, NULL), ==, 2);
}

static void
test_selfplay (void)
{
  g_autofree char *dir = g_build_filename (tmp_dir, "selfplay", NULL);
  g_autofree char *out = NULL, *out2 = NULL;
  g_autoptr(GDir) d = NULL;
  const char *name;
  int n = 0;

  g_assert_cmpint (run (&out, NULL, "selfplay", "--game", "duel", "--seed", "10", "--count", "3",
                        "--sides", "random", "--player", "random", "--out", dir, NULL), ==, 0);
  g_assert_nonnull (strstr (out, "3 games"));
  d = g_dir_open (dir, 0, NULL);
  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      ImhRecord *r = load (path);
      ImhState s;
      ImhRecordError err;
      g_assert_true (imh_record_replay (r, NULL, imh_record_line_end (&r->main), &s, &err));
      g_assert_true (imh_is_over (&s));
      g_assert_true (r->has_result && r->has_scores);
      imh_record_free (r);
      n++;
    }
  g_assert_cmpint (n, ==, 3);
  /* The same arguments give the same games. */
  g_assert_cmpint (run (&out2, NULL, "selfplay", "--seed", "10", "--count", "3", "--sides", "random", NULL), ==, 0);
  g_assert_cmpstr (out, ==, out2);
}

static void
test_bench_signature (void)
{
  g_autofree char *a = NULL, *b = NULL;
  const char *sa, *sb;

  g_assert_cmpint (run (&a, NULL, "bench", "--game", "duel", "--games", "500", NULL), ==, 0);
  g_assert_cmpint (run (&b, NULL, "bench", "--game", "duel", "--games", "500", NULL), ==, 0);
  sa = strstr (a, "\nsignature ");
  sb = strstr (b, "\nsignature ");
  g_assert_nonnull (sa);
  g_assert_nonnull (sb);
  /* "\nsignature " and 16 hex digits. */
  g_assert_cmpint (strncmp (sa, sb, 11 + 16), ==, 0);
  /* The fused playout agrees (the command fails otherwise). */
  g_assert_nonnull (strstr (a, "\nfused_signature "));
  g_assert_cmpint (strncmp (strstr (a, "\nfused_signature ") + 17, sa + 11, 16), ==, 0);
  g_assert_nonnull (strstr (a, "\nplies_per_game "));
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
  /* meson passes the path of imhotep-cli as the only argument. */
  if (argc < 2)
    g_error ("usage: test-cli PATH-TO-IMHOTEP-CLI");
  cli_path = argv[1];
  tmp_dir = g_dir_make_tmp ("imh-cli-test-XXXXXX", NULL);
  g_assert_nonnull (tmp_dir);

  g_test_add_func ("/cli/new-legal-play-show", test_new_legal_play_show);
  g_test_add_func ("/cli/errors", test_errors);
  g_test_add_func ("/cli/selfplay", test_selfplay);
  g_test_add_func ("/cli/bench-signature", test_bench_signature);
  status = g_test_run ();
  {
    /* Remove the temporary folder and what the tests wrote into it. */
    g_autoptr(GDir) d = g_dir_open (tmp_dir, 0, NULL);
    const char *name;
    while (d != NULL && (name = g_dir_read_name (d)) != NULL)
      {
        g_autofree char *p = g_build_filename (tmp_dir, name, NULL);
        if (g_file_test (p, G_FILE_TEST_IS_DIR))
          {
            g_autoptr(GDir) sub = g_dir_open (p, 0, NULL);
            const char *n2;
            while (sub != NULL && (n2 = g_dir_read_name (sub)) != NULL)
              {
                g_autofree char *q = g_build_filename (p, n2, NULL);
                g_unlink (q);
              }
            g_rmdir (p);
          }
        else
          g_unlink (p);
      }
    g_rmdir (tmp_dir);
  }
  g_free (tmp_dir);
  return status;
}
