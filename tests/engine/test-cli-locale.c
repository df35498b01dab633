/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test-cli-locale.c — imhotep-cli's machine-readable output does not
 * depend on the locale: every --json command run under a locale with a
 * decimal comma (de_DE.UTF-8) prints JSON that json-glib parses, with
 * the same numbers as in the C locale; bench lines keep a decimal point.
 * And table columns are cut and padded by characters, not bytes; a
 * damaged library's invalid UTF-8 does not reach the output.
 */
#include <glib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <locale.h>
#include <sqlite3.h>
#include <string.h>
#include <sys/wait.h>

#include "cli-test-util.h"

#define COMMA_LOCALE "de_DE.UTF-8"
#define LONG_NAME "Ägyptische Königin Nofretete"

static const char *cli_path;

/* Runs imhotep-cli with LC_ALL=`locale` and the arguments (up to a NULL);
 * asserts exit status 0 and returns stdout (transfer full). */
static char *
run_in (const char *locale, ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_auto(GStrv) env = g_environ_setenv (g_get_environ (), "LC_ALL", locale, TRUE);
  g_autoptr(GError) error = NULL;
  g_autofree char *err = NULL;
  char *out = NULL;
  const char *arg;
  int status = 0;
  va_list ap;

  g_ptr_array_add (argv, (char *) cli_path);
  va_start (ap, locale);
  while ((arg = va_arg (ap, const char *)) != NULL)
    g_ptr_array_add (argv, (char *) arg);
  va_end (ap);
  g_ptr_array_add (argv, NULL);
  if (!g_spawn_sync (NULL, (char **) argv->pdata, env, G_SPAWN_DEFAULT, NULL, NULL,
                     &out, &err, &status, &error))
    g_error ("cannot run %s: %s", cli_path, error->message);
  if (!WIFEXITED (status) || WEXITSTATUS (status) != 0)
    g_error ("imhotep-cli %s (LC_ALL=%s) failed: %s", (char *) argv->pdata[1], locale, err);
  return out;
}

/* Whether the system has the locale (the test is skipped without it). */
static gboolean
have_comma_locale (void)
{
  locale_t l = newlocale (LC_ALL_MASK, COMMA_LOCALE, (locale_t) 0);

  if (l == (locale_t) 0)
    return FALSE;
  freelocale (l);
  return TRUE;
}

/* Parses `text` with json-glib; fails the test, naming the command, when
 * it is not valid JSON. Returns the root (transfer full). */
static JsonNode *
parse (const char *what, const char *text)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;

  if (!json_parser_load_from_data (parser, text, -1, &error))
    g_error ("%s: not valid JSON (%s): %s", what, error->message, text);
  return json_parser_steal_root (parser);
}

/* A number at a path like "$.candidates[0].win" (JSONPath). */
static double
number_at (JsonNode *root, const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) found = json_path_query (path, root, &error);
  JsonArray *matches;
  JsonNode *node;

  g_assert_no_error (error);
  matches = json_node_get_array (found);
  if (json_array_get_length (matches) != 1)
    g_error ("no %s", path);
  node = json_array_get_element (matches, 0);
  g_assert_cmpint (json_node_get_value_type (node), !=, G_TYPE_STRING);
  return json_node_get_double (node);
}

static char *
string_at (JsonNode *root, const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) found = json_path_query (path, root, &error);
  JsonArray *matches;

  g_assert_no_error (error);
  matches = json_node_get_array (found);
  if (json_array_get_length (matches) != 1)
    g_error ("no %s", path);
  return g_strdup (json_array_get_string_element (matches, 0));
}

/* Writes `record` into `path` and plays `plies` decisions (the first
 * legal one each time). */
static void
write_record (const char *path, const char *record, int plies)
{
  g_assert_true (g_file_set_contents (path, record, -1, NULL));
  for (int i = 0; i < plies; i++)
    {
      g_autofree char *legal = run_in ("C.UTF-8", "legal", path, NULL);
      g_auto(GStrv) lines = g_strsplit (legal, "\n", 2);
      g_free (run_in ("C.UTF-8", "play", path, lines[0], NULL));
    }
}

/* Every --json command under a decimal-comma locale: valid JSON, and the
 * numbers those in the C locale (all runs are seeded). */
static void
test_json_commands (void)
{
  g_autofree char *dir = g_dir_make_tmp ("imh-cli-locale-XXXXXX", NULL);
  g_autofree char *duel = g_build_filename (dir, "duel.imhotep", NULL);
  g_autofree char *classic = g_build_filename (dir, "classic.imhotep", NULL);
  g_autofree char *db = g_build_filename (dir, "library.sqlite3", NULL);
  const char *records[] = { duel, classic };

  if (!have_comma_locale ())
    {
      g_test_skip ("the locale " COMMA_LOCALE " is not available");
      return;
    }
  {
    g_autofree char *d = run_in ("C.UTF-8", "new", "--game", "duel", "--seed", "21", "--start", "1",
                                 "--name", LONG_NAME, "--name", "Bob", "--no-date", NULL);
    g_autofree char *c = run_in ("C.UTF-8", "new", "--game", "classic", "--players", "3", "--seed", "21",
                                 "--start", "1", "--name", LONG_NAME, "--name", "Bob", "--name", "Ada",
                                 "--no-date", NULL);
    write_record (duel, d, 3);
    write_record (classic, c, 2);
  }

  for (guint i = 0; i < G_N_ELEMENTS (records); i++)
    {
      g_autofree char *show = run_in (COMMA_LOCALE, "show", records[i], "--json", NULL);
      g_autofree char *hint = run_in (COMMA_LOCALE, "hint", records[i], "--iterations", "300", "--json", NULL);
      g_autofree char *hint_c = run_in ("C.UTF-8", "hint", records[i], "--iterations", "300", "--json", NULL);
      g_autofree char *an = run_in (COMMA_LOCALE, "analyse", records[i], "--depth", "quick", "--quiet", "--json", NULL);
      g_autofree char *an_c = run_in ("C.UTF-8", "analyse", records[i], "--depth", "quick", "--quiet", "--json", NULL);
      g_autoptr(JsonNode) show_j = parse ("show --json (" COMMA_LOCALE ")", show);
      g_autoptr(JsonNode) hint_j = parse ("hint --json (" COMMA_LOCALE ")", hint);
      g_autoptr(JsonNode) hint_cj = parse ("hint --json", hint_c);
      g_autoptr(JsonNode) an_j = parse ("analyse --json (" COMMA_LOCALE ")", an);
      g_autoptr(JsonNode) an_cj = parse ("analyse --json", an_c);
      g_autofree char *name = string_at (show_j, "$.record.players[0].name");

      g_assert_cmpstr (name, ==, LONG_NAME);
      g_assert_cmpfloat (number_at (show_j, "$.record.ply"), ==, i == 0 ? 3 : 2);
      g_assert_cmpfloat (number_at (hint_j, "$.iterations"), ==, 300);
      g_assert_cmpfloat (number_at (hint_j, "$.stable_from"), ==, number_at (hint_cj, "$.stable_from"));
      g_assert_cmpfloat (number_at (hint_j, "$.candidates[0].win"), ==, number_at (hint_cj, "$.candidates[0].win"));
      g_assert_cmpfloat (number_at (hint_j, "$.candidates[0].win"), >, 0);
      g_assert_cmpfloat (number_at (hint_j, "$.candidates[0].win"), <, 1);
      g_assert_cmpfloat (number_at (hint_j, "$.candidates[1].margin"), ==, number_at (hint_cj, "$.candidates[1].margin"));
      /* The analysis is the same document in both locales (its time aside). */
      g_assert_cmpstr (strstr (an, "\"iterations\""), ==, strstr (an_c, "\"iterations\""));
      g_assert_cmpfloat (number_at (an_j, "$.plies[1].win_before"), ==, number_at (an_cj, "$.plies[1].win_before"));
      g_assert_cmpfloat (number_at (an_j, "$.plies[1].win_before"), >, 0);
      g_assert_cmpfloat (number_at (an_j, "$.summary[0].accuracy"), ==, number_at (an_cj, "$.summary[0].accuracy"));
    }

  {
    g_autofree char *arena = run_in (COMMA_LOCALE, "arena", "--game", "duel", "--a", "strong", "--b", "random",
                                     "--games", "2", "--a-iterations", "100", "--json", NULL);
    g_autofree char *arena_c = run_in ("C.UTF-8", "arena", "--game", "duel", "--a", "strong", "--b", "random",
                                       "--games", "2", "--a-iterations", "100", "--json", NULL);
    g_autoptr(JsonNode) j = parse ("arena --json (" COMMA_LOCALE ")", arena);
    g_autoptr(JsonNode) jc = parse ("arena --json", arena_c);

    g_assert_cmpfloat (number_at (j, "$.games"), ==, 2);
    g_assert_cmpfloat (number_at (j, "$.win_lo"), ==, number_at (jc, "$.win_lo"));
    g_assert_cmpfloat (number_at (j, "$.win_lo"), >, 0);
    g_assert_cmpfloat (number_at (j, "$.margin"), ==, number_at (jc, "$.margin"));
    g_assert_cmpfloat (number_at (j, "$.decisions_per_game"), ==, number_at (jc, "$.decisions_per_game"));
    g_assert_cmpfloat (number_at (j, "$.a_iterations_per_decision"), ==, 100);
  }

  /* The library: list, search, and analyse --game (stored, then printed). */
  g_free (run_in (COMMA_LOCALE, "library", "--db", db, "import", duel, classic, NULL));
  {
    g_autofree char *list = run_in (COMMA_LOCALE, "library", "--db", db, "list", "--json", NULL);
    g_autofree char *search = run_in (COMMA_LOCALE, "library", "--db", db, "search", "Nofretete", "--json", NULL);
    g_autofree char *an = run_in (COMMA_LOCALE, "analyse", "--db", db, "--game", "1", "--depth", "quick",
                                  "--json", NULL);
    g_autoptr(JsonNode) list_j = parse ("library list --json (" COMMA_LOCALE ")", list);
    g_autoptr(JsonNode) search_j = parse ("library search --json (" COMMA_LOCALE ")", search);
    g_autoptr(JsonNode) an_j = parse ("analyse --game --json (" COMMA_LOCALE ")", an);
    g_autofree char *names = string_at (search_j, "$[0].names");

    g_assert_cmpuint (json_array_get_length (json_node_get_array (list_j)), ==, 2);
    g_assert_true (g_str_has_prefix (names, LONG_NAME));
    g_assert_cmpfloat (number_at (an_j, "$.plies[0].win_before"), >, 0);
  }

  g_free (run_in ("C.UTF-8", "library", "--db", db, "stats", NULL));
  {
    g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
    const char *name;
    while (d != NULL && (name = g_dir_read_name (d)) != NULL)
      {
        g_autofree char *p = g_build_filename (dir, name, NULL);
        g_unlink (p);
      }
  }
  g_rmdir (dir);
}

/* `bench` prints "key value" lines for scripts: numbers with a '.'
 * under a decimal-comma locale; so does `library bench`. */
static void
test_bench_lines (void)
{
  g_autofree char *out = NULL, *lib = NULL;
  g_auto(GStrv) lines = NULL;
  guint numbers = 0;

  if (!have_comma_locale ())
    {
      g_test_skip ("the locale " COMMA_LOCALE " is not available");
      return;
    }
  out = run_in (COMMA_LOCALE, "bench", "--games", "300", NULL);
  lines = g_strsplit (out, "\n", -1);
  for (guint i = 0; lines[i] != NULL && lines[i][0] != '\0'; i++)
    {
      g_auto(GStrv) kv = g_strsplit (lines[i], " ", 2);
      char *end;

      g_assert_nonnull (kv[1]);
      if (strcmp (kv[0], "game") == 0 || g_str_has_suffix (kv[0], "signature"))
        continue;
      /* The whole value is one number. */
      g_ascii_strtod (kv[1], &end);
      if (end == kv[1] || *end != '\0')
        g_error ("bench under " COMMA_LOCALE ": “%s” is not “key number”", lines[i]);
      numbers++;
    }
  g_assert_cmpuint (numbers, >=, 6);
  g_assert_nonnull (strstr (out, "\nns_per_ply "));

  {
    g_autofree char *dir = g_dir_make_tmp ("imh-cli-bench-XXXXXX", NULL);
    g_autofree char *db = g_build_filename (dir, "bench.sqlite3", NULL);
    g_autoptr(GRegex) comma = g_regex_new ("[0-9],[0-9]", 0, 0, NULL);

    lib = run_in (COMMA_LOCALE, "library", "--db", db, "bench", "--games", "20", "--names", "10", NULL);
    g_assert_nonnull (strstr (lib, " ms per game"));
    if (g_regex_match (comma, lib, 0, NULL))
      g_error ("library bench under " COMMA_LOCALE " writes a decimal comma: %s", lib);
    {
      static const char *const suffixes[] = { "", "-wal", "-shm" };
      for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
        {
          g_autofree char *f = g_strconcat (db, suffixes[i], NULL);
          g_unlink (f);
        }
    }
    g_rmdir (dir);
  }
}

/* Cells of text tables: names are cut and padded by characters, the
 * text stays valid UTF-8 and the columns line up. */
static void
test_utf8_columns (void)
{
  g_autofree char *dir = g_dir_make_tmp ("imh-cli-columns-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "game.imhotep", NULL);
  g_autofree char *other = g_build_filename (dir, "other.imhotep", NULL);
  g_autofree char *db = g_build_filename (dir, "library.sqlite3", NULL);
  g_autofree char *rec = NULL, *rec2 = NULL, *show = NULL, *list = NULL;
  g_auto(GStrv) lines = NULL;
  guint rows = 0;

  rec = run_in ("C.UTF-8", "new", "--seed", "3", "--name", LONG_NAME, "--name", "Königin Ägyptens",
                "--no-date", NULL);
  g_assert_true (g_file_set_contents (path, rec, -1, NULL));
  rec2 = run_in ("C.UTF-8", "new", "--seed", "4", "--name", "Ada", "--name", "Bob", "--no-date", NULL);
  g_assert_true (g_file_set_contents (other, rec2, -1, NULL));

  /* show's score table: ten columns per name. */
  show = run_in ("C.UTF-8", "show", path, NULL);
  g_assert_true (g_utf8_validate (show, -1, NULL));
  g_assert_nonnull (strstr (show, "\n               Ägyptisch… Königin Ä…\n"));

  /* library list: the players column holds 32 characters, then two
   * spaces; the columns line up in every row. */
  g_free (run_in ("C.UTF-8", "library", "--db", db, "import", path, other, NULL));
  list = run_in ("C.UTF-8", "library", "--db", db, "list", NULL);
  g_assert_true (g_utf8_validate (list, -1, NULL));
  lines = g_strsplit (list, "\n", -1);
  for (guint i = 0; lines[i] != NULL && lines[i][0] != '\0'; i++)
    {
      /* id (7), date (16), game (20), then the players: 2 spaces between. */
      const guint start = 7 + 2 + 16 + 2 + 20 + 2;
      g_autofree char *players = g_utf8_substring (lines[i], start, start + 32);
      g_autofree char *after = g_utf8_substring (lines[i], start + 32, start + 34);

      g_assert_cmpstr (after, ==, "  ");
      if (strstr (lines[i], "Ada") != NULL)
        g_assert_true (g_str_has_prefix (players, "Ada – Bob      "));
      else
        g_assert_cmpstr (players, ==, LONG_NAME " – …");
      rows++;
    }
  g_assert_cmpuint (rows, ==, 2);

  {
    static const char *const files[] = { "game.imhotep", "other.imhotep", "library.sqlite3",
                                         "library.sqlite3-wal", "library.sqlite3-shm" };
    for (guint i = 0; i < G_N_ELEMENTS (files); i++)
      {
        g_autofree char *f = g_build_filename (dir, files[i], NULL);
        g_unlink (f);
      }
    g_rmdir (dir);
  }
}

/* A damaged library with invalid UTF-8 in the players' names: list
 * still prints valid JSON and valid UTF-8 text. */
static void
test_invalid_utf8_in_library (void)
{
  g_autofree char *dir = g_dir_make_tmp ("imh-cli-utf8-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "game.imhotep", NULL);
  g_autofree char *db = g_build_filename (dir, "library.sqlite3", NULL);
  g_autofree char *rec = NULL, *json = NULL, *text = NULL;
  sqlite3 *conn = NULL;

  rec = run_in ("C.UTF-8", "new", "--seed", "3", "--name", "Ada", "--name", "Bob", "--no-date", NULL);
  g_assert_true (g_file_set_contents (path, rec, -1, NULL));
  g_free (run_in ("C.UTF-8", "library", "--db", db, "import", path, NULL));
  g_assert_cmpint (sqlite3_open (db, &conn), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (conn, "UPDATE games SET players = CAST (x'41C3283A' AS TEXT)",
                                 NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (conn);

  json = run_in ("C.UTF-8", "library", "--db", db, "list", "--json", NULL);
  {
    g_autoptr(JsonNode) root = parse ("library list --json (damaged library)", json);
    g_autofree char *names = string_at (root, "$[0].names");
    g_assert_true (g_str_has_prefix (names, "A"));
  }
  text = run_in ("C.UTF-8", "library", "--db", db, "list", NULL);
  g_assert_true (g_utf8_validate (text, -1, NULL));

  {
    static const char *const files[] = { "game.imhotep", "library.sqlite3", "library.sqlite3-wal",
                                         "library.sqlite3-shm" };
    for (guint i = 0; i < G_N_ELEMENTS (files); i++)
      {
        g_autofree char *f = g_build_filename (dir, files[i], NULL);
        g_unlink (f);
      }
    g_rmdir (dir);
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
  if (argc < 2)
    g_error ("usage: test-cli-locale PATH-TO-IMHOTEP-CLI");
  cli_path = argv[1];

  g_test_add_func ("/cli-locale/json-commands", test_json_commands);
  g_test_add_func ("/cli-locale/bench-lines", test_bench_lines);
  g_test_add_func ("/cli-locale/utf8-columns", test_utf8_columns);
  g_test_add_func ("/cli-locale/invalid-utf8-in-library", test_invalid_utf8_in_library);
  return g_test_run ();
}
