/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test-cli.c — imhotep-cli new, legal, play, show, selfplay, bench, hint
 * and arena (and build-aux/arena-sum, which adds arena runs up), run as
 * separate processes on records in a temporary folder.
 */
#include <glib.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli-test-util.h"
#include "test-i18n.h"
#include "imh-record.h"

static const char *cli_path;
static const char *python_path, *arena_sum_path, *hint_compare_path, *arena_chunks_path;
static char *tmp_dir;

/* Runs imhotep-cli with the given arguments (NULL-terminated); returns
 * the exit status, stdout and stderr (transfer full). */
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
  g_assert_nonnull (strstr (out, IMH_T ("total")));
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
  {
    /* "3 games, …" up to the comma. */
    g_autofree char *games = g_strdup_printf (IMH_T ("%lld games, %.1f decisions per game on average\n"), 3LL, 0.0);
    *strchr (games, ',') = '\0';
    g_assert_nonnull (strstr (out, games));
  }
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

static void
test_hint (void)
{
  g_autofree char *path = g_build_filename (tmp_dir, "hint.imhotep", NULL);
  g_autofree char *rec = NULL, *legal = NULL, *a = NULL, *b = NULL, *text = NULL, *err = NULL;
  g_auto(GStrv) lines = NULL;
  const char *p;

  g_assert_cmpint (run (&rec, NULL, "new", "--game", "duel", "--seed", "21", NULL), ==, 0);
  g_assert_true (g_file_set_contents (path, rec, -1, NULL));
  g_assert_cmpint (run (&legal, NULL, "legal", path, NULL), ==, 0);
  lines = g_strsplit (legal, "\n", -1);

  g_assert_cmpint (run (&a, NULL, "hint", path, "--iterations", "400", "--top", "3", "--json", NULL), ==, 0);
  g_assert_cmpfloat (cli_test_json_number (a, "iterations"), ==, 400);
  g_assert_nonnull (strstr (a, "\"full\":false"));
  g_assert_cmpuint (cli_test_count (a, "\"decision\":"), ==, 3);
  /* Every candidate is one of `legal`'s lines, visits add up to at most
   * the iterations, best first. */
  double visits_sum = 0, last = 1e18;
  for (p = strstr (a, "\"decision\":\""); p != NULL; p = strstr (p + 1, "\"decision\":\""))
    {
      const char *start = p + strlen ("\"decision\":\"");
      g_autofree char *d = g_strndup (start, strchr (start, '"') - start);
      double v = cli_test_json_number (p, "visits");
      g_assert_true (g_strv_contains ((const char *const *) lines, d));
      g_assert_cmpfloat (v, <=, last);
      last = v;
      visits_sum += v;
    }
  g_assert_cmpfloat (visits_sum, <=, 400);
  /* Same seed, same result (the time taken aside). */
  g_assert_cmpint (run (&b, NULL, "hint", path, "--iterations", "400", "--top", "3", "--json", NULL), ==, 0);
  g_assert_cmpstr (strstr (a, "\"stable_from\""), ==, strstr (b, "\"stable_from\""));
  /* Text output names the best decision first. */
  g_assert_cmpint (run (&text, NULL, "hint", path, "--iterations", "400", "--top", "1", NULL), ==, 0);
  {
    /* "400 iterations" of the heading, up to the comma after it. */
    g_autofree char *heading = g_strdup_printf (IMH_T ("Player %d to move (%llu iterations, threads: %u, %u ms)\n"),
                                                1, 400ULL, 1u, 0u);
    char *iterations = strstr (heading, "400");
    *strchr (iterations, ',') = '\0';
    g_assert_nonnull (strstr (text, iterations));
  }
  /* --exploration changes the search (the default is the app's 1.0). */
  {
    g_autofree char *c07 = NULL, *c10 = NULL, *bad = NULL;
    g_assert_cmpint (run (&c07, NULL, "hint", path, "--iterations", "400", "--top", "3", "--json",
                          "--exploration", "0.7", NULL), ==, 0);
    g_assert_cmpint (run (&c10, NULL, "hint", path, "--iterations", "400", "--top", "3", "--json",
                          "--exploration", "1.0", NULL), ==, 0);
    g_assert_cmpstr (strstr (c10, "\"stable_from\""), ==, strstr (a, "\"stable_from\""));
    g_assert_cmpstr (strstr (c07, "\"stable_from\""), !=, strstr (a, "\"stable_from\""));
    g_assert_cmpint (run (NULL, &bad, "hint", path, "--exploration", "0", NULL), ==, 2);
    g_assert_nonnull (strstr (bad, "--exploration"));
  }
  /* A full tree ends the search, and says so. */
  {
    g_autofree char *full = NULL;
    g_assert_cmpint (run (&full, NULL, "hint", path, "--iterations", "5000", "--max-nodes", "300", "--json", NULL), ==, 0);
    g_assert_nonnull (strstr (full, "\"full\":true"));
    g_assert_cmpfloat (cli_test_json_number (full, "iterations"), <, 5000);
  }
  /* Bad budgets are refused with a message. */
  g_assert_cmpint (run (NULL, &err, "hint", path, "--iterations", "-5", NULL), ==, 2);
  g_assert_cmpuint (strlen (err), >, 0);
}

static void
test_arena (void)
{
  g_autofree char *a = NULL, *b = NULL, *c = NULL, *d = NULL, *err = NULL, *sum = NULL;
  g_autofree char *sum_err = NULL, *mix_err = NULL, *text = NULL;
  g_autofree char *f1 = g_build_filename (tmp_dir, "chunk1.json", NULL);
  g_autofree char *f2 = g_build_filename (tmp_dir, "chunk2.json", NULL);
  g_autofree char *f3 = g_build_filename (tmp_dir, "chunk3.json", NULL);

  g_assert_cmpint (run (&a, NULL, "arena", "--game", "duel", "--a", "strong", "--b", "random",
                        "--games", "4", "--seed", "1", "--a-iterations", "200", "--json", NULL), ==, 0);
  g_assert_cmpfloat (cli_test_json_number (a, "games"), ==, 4);
  g_assert_cmpfloat (cli_test_json_number (a, "wins") + cli_test_json_number (a, "ties") + cli_test_json_number (a, "losses"), ==, 4);
  g_assert_nonnull (strstr (a, "\"a_budget\":{\"iterations\":200,\"time_ms\":0,\"clock\":\"wall\",\"playout\":\"random\"}"));
  g_assert_cmpfloat (cli_test_json_number (a, "a_iterations_per_decision"), <=, 200);
  g_assert_cmpfloat (cli_test_json_number (a, "a_iterations_per_decision"), >, 0);
  /* The same seeds replay the same games: equal up to the timings. */
  g_assert_cmpint (run (&b, NULL, "arena", "--game", "duel", "--a", "strong", "--b", "random",
                        "--games", "4", "--seed", "1", "--a-iterations", "200", "--threads", "2",
                        "--json", NULL), ==, 0);
  g_assert_cmpint (strstr (a, "\"a_ms_per_decision\"") - a, ==, strstr (b, "\"a_ms_per_decision\"") - b);
  g_assert_cmpint (strncmp (a, b, strstr (a, "\"a_ms_per_decision\"") - a), ==, 0);
  g_assert_cmpint (run (&c, NULL, "arena", "--game", "duel", "--a", "strong", "--b", "random",
                        "--games", "2", "--seed", "2", "--a-iterations", "200", "--json", NULL), ==, 0);
  /* Time budgets in CPU time: recorded as such, and said in the text. */
  g_assert_cmpint (run (&d, NULL, "arena", "--game", "duel", "--a", "expert", "--b", "flat",
                        "--games", "2", "--seed", "3", "--a-time", "2", "--b-time", "2", "--cpu-time",
                        "--json", NULL), ==, 0);
  g_assert_nonnull (strstr (d, "\"a_budget\":{\"iterations\":0,\"time_ms\":2,\"clock\":\"cpu\""));
  g_assert_nonnull (strstr (d, "\"b_budget\":{\"iterations\":0,\"time_ms\":2,\"clock\":\"cpu\""));
  g_assert_cmpfloat (cli_test_json_number (d, "games"), ==, 2);
  g_assert_cmpfloat (cli_test_json_number (d, "a_iterations_per_decision"), >, 0);
  g_assert_cmpint (run (&text, NULL, "arena", "--game", "duel", "--a", "expert", "--b", "greedy",
                        "--games", "2", "--a-time", "1", "--cpu-time", NULL), ==, 0);
  {
    g_autofree char *cpu_time = imh_test_t_prefix ("CPU time per decision: A %.2f ms, B %.2f ms; %.1f decisions per game\n");
    g_assert_nonnull (strstr (text, cpu_time));
  }
  /* Errors name what is wrong. */
  g_assert_cmpint (run (NULL, &err, "arena", "--game", "duel", "--a", "nobody", "--b", "greedy", NULL), ==, 2);
  g_assert_nonnull (strstr (err, "nobody"));

  if (arena_sum_path == NULL)
    return;
  g_assert_true (g_file_set_contents (f1, a, -1, NULL));
  g_assert_true (g_file_set_contents (f2, c, -1, NULL));
  {
    const char *argv[] = { python_path, arena_sum_path, f1, f2, NULL };
    g_assert_cmpint (cli_test_run_argv (argv, &sum, NULL), ==, 0);
  }
  g_assert_nonnull (strstr (sum, "2 chunks, 6 games"));
  g_assert_nonnull (strstr (a, "\"build\":\""));
  g_assert_nonnull (strstr (sum, "builds: "));
  {
    g_autofree char *wins = g_strdup_printf ("A: wins %d,", (int) (cli_test_json_number (a, "wins") + cli_test_json_number (c, "wins")));
    g_assert_nonnull (strstr (sum, wins));
  }
  /* Chunks of other builds are added up, with a warning naming them. */
  {
    g_autofree char *warn = NULL, *other = NULL;
    const char *build = strstr (c, "\"build\":\"");
    g_assert_nonnull (build);
    other = g_strdup_printf ("%.*s\"build\":\"0000000-test\"}\n", (int) (build - c), c);
    g_assert_true (g_file_set_contents (f2, other, -1, NULL));
    const char *argv[] = { python_path, arena_sum_path, f1, f2, NULL };
    g_assert_cmpint (cli_test_run_argv (argv, NULL, &warn), ==, 0);
    g_assert_nonnull (strstr (warn, "different builds"));
    g_assert_nonnull (strstr (warn, "0000000-test: 1 chunk"));
  }
  /* The same chunk twice would count games twice: refused. */
  {
    const char *argv[] = { python_path, arena_sum_path, f1, f1, NULL };
    g_assert_cmpint (cli_test_run_argv (argv, NULL, &sum_err), ==, 1);
  }
  g_assert_nonnull (strstr (sum_err, "--seed 1 again"));
  /* A chunk with CPU-time budgets is another match than wall-clock ones. */
  {
    g_autofree char *wall = NULL;
    g_assert_cmpint (run (&wall, NULL, "arena", "--game", "duel", "--a", "expert", "--b", "flat",
                          "--games", "2", "--seed", "4", "--a-time", "2", "--b-time", "2",
                          "--json", NULL), ==, 0);
    g_assert_true (g_file_set_contents (f1, d, -1, NULL));
    g_assert_true (g_file_set_contents (f3, wall, -1, NULL));
  }
  {
    const char *argv[] = { python_path, arena_sum_path, f1, f3, NULL };
    g_assert_cmpint (cli_test_run_argv (argv, NULL, &mix_err), ==, 1);
  }
  g_assert_nonnull (strstr (mix_err, "a_budget"));
}

/* build-aux/hint-compare on bench-hint dumps (written here: three
 * positions, the hint agreeing with the reference in positions 1 and 3,
 * stable in 1 and 2; position 2's choice 0.8 points below the best). */
static void
test_hint_compare (void)
{
  g_autofree char *ref = g_build_filename (tmp_dir, "ref.tsv", NULL);
  g_autofree char *hint = g_build_filename (tmp_dir, "hint.tsv", NULL);
  g_autofree char *other = g_build_filename (tmp_dir, "other.tsv", NULL);
  g_autofree char *bad = g_build_filename (tmp_dir, "bad.tsv", NULL);
  g_autofree char *out = NULL, *out2 = NULL, *err = NULL;

  if (hint_compare_path == NULL)
    {
      g_test_skip ("no build-aux/hint-compare given");
      return;
    }
  g_assert_true (g_file_set_contents (ref,
    "1\t9000\tlong\t0\tP a1\t900\t0.600000\t0.001\t1.0\t0.000\n"
    "1\t9000\tlong\t1\tP a2\t100\t0.500000\t0.001\t0.0\t0.000\n"
    "2\t9001\tlong\t0\tP b1\t900\t0.550000\t0.001\t1.0\t0.000\n"
    "2\t9001\tlong\t1\tP b2\t800\t0.542000\t0.001\t0.5\t0.000\n"
    "3\t9002\tlong\t0\tP c1\t900\t0.700000\t0.001\t2.0\t0.000\n", -1, NULL));
  g_assert_true (g_file_set_contents (hint,
    "1\t9000\tshort\t0\tP a1\t90\t0.610000\t0.01\t1.0\t0.100\n"
    "2\t9001\tshort\t0\tP b2\t90\t0.560000\t0.01\t1.0\t0.200\n"
    "2\t9001\tshort\t1\tP b1\t80\t0.550000\t0.01\t1.0\t0.200\n"
    "3\t9002\tshort\t0\tP c1\t90\t0.700000\t0.01\t1.0\t0.900\n", -1, NULL));
  g_assert_true (g_file_set_contents (other,
    "1\t9000\tshort\t0\tP a2\t90\t0.610000\t0.01\t1.0\t0.100\n"
    "2\t9001\tshort\t0\tP b1\t90\t0.560000\t0.01\t1.0\t0.200\n"
    "3\t9002\tshort\t0\tP c1\t90\t0.700000\t0.01\t1.0\t0.900\n", -1, NULL));
  {
    const char *argv[] = { python_path, hint_compare_path, ref, hint, NULL };
    g_assert_cmpint (cli_test_run_argv (argv, &out, NULL), ==, 0);
  }
  g_assert_nonnull (strstr (out, "equal to the reference's choice: 2 of 3"));
  g_assert_nonnull (strstr (out, "unchanged over the last half of the search: 2 of 3"));
  g_assert_nonnull (strstr (out, "both: 1 of 3"));
  g_assert_nonnull (strstr (out, "within 0.5 points of the reference's best: 2 of 3"));
  g_assert_nonnull (strstr (out, "within 1 point of the reference's best: 3 of 3"));
  g_assert_nonnull (strstr (out, "mean 0.267 points, largest 0.80 (over 3 positions)"));
  {
    const char *argv[] = { python_path, hint_compare_path, ref, hint, other, NULL };
    g_assert_cmpint (cli_test_run_argv (argv, &out2, NULL), ==, 0);
  }
  g_assert_nonnull (strstr (out2, "equal to the reference: 1; only"));
  g_assert_nonnull (strstr (out2, "the two hints choose the same: 1 of 3"));
  /* A broken line is named with its file and line. */
  g_assert_true (g_file_set_contents (bad, "1\t9000\tshort\t0\tP a1\n", -1, NULL));
  {
    const char *argv[] = { python_path, hint_compare_path, ref, bad, NULL };
    g_assert_cmpint (cli_test_run_argv (argv, NULL, &err), ==, 1);
  }
  g_assert_nonnull (strstr (err, "bad.tsv:1"));
}

/* build-aux/arena-chunks with a stand-in for imhotep-cli that prints its
 * arguments as the chunk's line and asks for the stop after the third
 * chunk: the seeds follow each other from the first, every chunk gets the
 * budgets of its opponent, and the loop ends at the stop file. */
static void
test_arena_chunks (void)
{
  g_autofree char *fake = g_build_filename (tmp_dir, "fake-cli", NULL);
  g_autofree char *out = g_build_filename (tmp_dir, "chunks.jsonl", NULL);
  g_autofree char *stop = g_strconcat (out, ".stop", NULL);
  g_autofree char *script = NULL, *lines = NULL, *err = NULL;
  g_auto(GStrv) line = NULL;

  if (arena_chunks_path == NULL)
    {
      g_test_skip ("no build-aux/arena-chunks given");
      return;
    }
  script = g_strdup_printf ("#!/bin/sh\n"
                            "echo \"$*\"\n"
                            "n=$(wc -l < '%s')\n"
                            "[ \"$n\" -ge 3 ] && touch '%s'\n"
                            "exit 0\n", out, stop);
  g_assert_true (g_file_set_contents (fake, script, -1, NULL));
  g_assert_cmpint (g_chmod (fake, 0755), ==, 0);
  g_assert_true (g_file_set_contents (out, "", -1, NULL));
  {
    const char *argv[] = { "/bin/sh", arena_chunks_path, fake, "flat", "6", "2016", out, NULL };
    g_assert_cmpint (cli_test_run_argv (argv, NULL, &err), ==, 0);
  }
  g_assert_nonnull (strstr (err, "the next chunk would have had --seed 2019"));
  g_assert_true (g_file_get_contents (out, &lines, NULL, NULL));
  line = g_strsplit (lines, "\n", -1);
  g_assert_cmpuint (g_strv_length (line), ==, 4);   /* three lines and "" */
  for (int i = 0; i < 3; i++)
    {
      g_autofree char *want = g_strdup_printf ("arena --game duel --a expert --b flat --a-time 1000 "
                                               "--b-time 1000 --cpu-time --games 6 --seed %d --json",
                                               2016 + i);
      g_assert_cmpstr (line[i], ==, want);
    }
  /* Against greedy only A has a budget; with the stop file there, no chunk. */
  g_clear_pointer (&err, g_free);
  {
    const char *argv[] = { "/bin/sh", arena_chunks_path, fake, "greedy", "10", "1029", out, NULL };
    g_assert_cmpint (cli_test_run_argv (argv, NULL, &err), ==, 0);
  }
  g_assert_nonnull (strstr (err, "would have had --seed 1029"));
  /* Bad arguments are named. */
  g_clear_pointer (&err, g_free);
  {
    const char *argv[] = { "/bin/sh", arena_chunks_path, fake, "random", "10", "1", out, NULL };
    g_assert_cmpint (cli_test_run_argv (argv, NULL, &err), ==, 2);
  }
  g_assert_nonnull (strstr (err, "not \"random\""));
  g_clear_pointer (&err, g_free);
  {
    const char *argv[] = { "/bin/sh", arena_chunks_path, fake, "greedy", "ten", "1", out, NULL };
    g_assert_cmpint (cli_test_run_argv (argv, NULL, &err), ==, 2);
  }
  g_assert_nonnull (strstr (err, "whole numbers"));
}

int
main (int argc, char **argv)
{
  int status;

  imh_test_i18n_init ();
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
  /* meson passes the path of imhotep-cli as the only argument. */
  if (argc < 2)
    g_error ("usage: test-cli PATH-TO-IMHOTEP-CLI [PYTHON3 ARENA-SUM [HINT-COMPARE [ARENA-CHUNKS]]]");
  cli_path = argv[1];
  /* Optional: python3 and build-aux/arena-sum. */
  if (argc >= 4)
    {
      python_path = argv[2];
      arena_sum_path = argv[3];
    }
  if (argc >= 5)
    hint_compare_path = argv[4];
  if (argc >= 6)
    arena_chunks_path = argv[5];
  tmp_dir = g_dir_make_tmp ("imh-cli-test-XXXXXX", NULL);
  g_assert_nonnull (tmp_dir);

  g_test_add_func ("/cli/new-legal-play-show", test_new_legal_play_show);
  g_test_add_func ("/cli/errors", test_errors);
  g_test_add_func ("/cli/selfplay", test_selfplay);
  g_test_add_func ("/cli/bench-signature", test_bench_signature);
  g_test_add_func ("/cli/hint", test_hint);
  g_test_add_func ("/cli/arena", test_arena);
  g_test_add_func ("/cli/hint-compare", test_hint_compare);
  g_test_add_func ("/cli/arena-chunks", test_arena_chunks);
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
