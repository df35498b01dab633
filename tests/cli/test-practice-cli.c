/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-practice-cli.c — `imhotep-cli library exercises` and `library stats
 * --player`: text and JSON over a small library, bad arguments. */
#include "config.h"

#include <glib.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "cli-test-util.h"
#include "imh-exercise.h"
#include "imh-library-stats.h"
#include "practice-test-util.h"
#include "test-i18n.h"

static const char *cli;

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

static JsonNode *
parse (const char *json)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;

  if (!json_parser_load_from_data (parser, json, -1, &error))
    g_error ("invalid JSON (%s): %s", error->message, json);
  return json_node_copy (json_parser_get_root (parser));
}

/* Ada (person) against Bob (computer): a mistake and a blunder of Ada,
 * a blunder of Bob. */
static char *
make_library (gint64 *id)
{
  g_autofree char *path = g_build_filename (g_get_user_data_dir (), "cli.sqlite3", NULL);
  g_autofree char *a = practice_record (5, "human", "Ada", "computer:casual", "Bob", "2026-01-10T10:00:00Z");
  g_autoptr(GArray) ada = practice_choice_plies (a, 0, 2);
  g_autoptr(GArray) bob = practice_choice_plies (a, 1, 1);
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhLibrary) lib = NULL;
  PracticeLoss losses[3];
  ImhAnalysis *an;

  g_assert_cmpint (g_mkdir_with_parents (g_get_user_data_dir (), 0700), ==, 0);
  lib = imh_library_open (path, &error);
  g_assert_no_error (error);
  *id = imh_library_save_record (lib, 0, a, FALSE, &error);
  g_assert_no_error (error);
  losses[0] = (PracticeLoss) { g_array_index (ada, guint, 0), 12 };
  losses[1] = (PracticeLoss) { g_array_index (ada, guint, 1), 20 };
  losses[2] = (PracticeLoss) { g_array_index (bob, guint, 0), 15 };
  an = practice_analysis (a, losses, 3, -1);
  practice_store (lib, *id, an);
  imh_analysis_free (an);
  return g_steal_pointer (&path);
}

static void
test_exercises (void)
{
  gint64 id;
  g_autofree char *db = make_library (&id);
  g_autofree char *out = NULL, *err = NULL;
  g_autofree char *two = g_strdup_printf (IMH_TN ("%u exercise\n", "%u exercises\n", 2), 2);
  g_autofree char *none = g_strdup_printf (IMH_TN ("%u exercise\n", "%u exercises\n", 0), 0);
  g_autoptr(JsonNode) root = NULL;
  JsonArray *list;
  JsonObject *e;

  g_assert_cmpint (run (db, &out, &err, "exercises", "--player", "Ada", NULL), ==, 0);
  g_assert_nonnull (strstr (out, two));
  g_assert_nonnull (strstr (out, "Ada"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  /* Bob is a computer: no exercises; two names add up. */
  g_assert_cmpint (run (db, &out, &err, "exercises", "--player", "Bob", NULL), ==, 0);
  g_assert_nonnull (strstr (out, none));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (run (db, &out, &err, "exercises", "--player", "Bob", "--player", "ada", "--due", "--json", NULL), ==, 0);
  root = parse (out);
  list = json_node_get_array (root);
  g_assert_cmpuint (json_array_get_length (list), ==, 2);
  e = json_array_get_object_element (list, 0);
  g_assert_cmpint (json_object_get_int_member (e, "game_id"), ==, id);
  g_assert_cmpstr (json_object_get_string_member (e, "game"), ==, "duel");
  g_assert_cmpstr (json_object_get_string_member (e, "player"), ==, "Ada");
  g_assert_cmpstr (json_object_get_string_member (e, "mark"), ==, "mistake");
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (e, "loss"), 12.0, 1e-9);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (e, "candidates")), ==, 6);
  g_assert_true (json_object_get_boolean_member (json_array_get_object_element (json_object_get_array_member (e, "candidates"), 0), "best"));
  g_assert_true (json_object_has_member (e, "position"));
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (list, 1), "mark"), ==, "blunder");
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  /* Not due yet on a day before (IMH_TODAY injects the day). */
  g_setenv ("IMH_TODAY", "2000-01-01", TRUE);
  g_assert_cmpint (run (db, &out, &err, "exercises", "--due", NULL), ==, 0);
  g_assert_nonnull (strstr (out, none));
  g_unsetenv ("IMH_TODAY");
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  /* Bad arguments. */
  g_assert_cmpint (run (db, &out, &err, "exercises", "--player", "", NULL), ==, 2);
  g_assert_nonnull (strstr (err, IMH_T ("a player name must not be empty")));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run (db, &out, &err, "exercises", "extra", NULL), ==, 2);
}

static void
test_stats (void)
{
  gint64 id;
  g_autofree char *db = make_library (&id);
  g_autofree char *out = NULL, *err = NULL;
  g_autofree char *games = g_strdup_printf ("%s 1\n", IMH_T ("Games:"));
  g_autofree char *bad_date = g_strdup_printf (IMH_T ("“%s” is not a date (expected YYYY-MM-DD)"), "2026-13-01");
  g_autofree char *bad_game = g_strdup_printf (IMH_T ("unknown game “%s” (expected duel or classic)"), "chess");
  g_autoptr(JsonNode) root = NULL;
  JsonObject *o;

  g_assert_cmpint (run (db, &out, &err, "stats", "--player", "Ada", NULL), ==, 0);
  g_assert_nonnull (strstr (out, games));
  g_assert_nonnull (strstr (out, IMH_T ("Mean loss by kind of decision:")));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (run (db, &out, &err, "stats", "--player", "Ada", "--game", "duel", "--since", "2026-01-01",
                        "--json", NULL), ==, 0);
  root = parse (out);
  o = json_node_get_object (root);
  g_assert_cmpint (json_object_get_int_member (o, "games"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (o, "analysed"), ==, 1);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (o, "mistakes_per_game"), 2.0, 1e-9);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "levels")), ==, 1);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (json_object_get_array_member (o, "levels"), 0), "level"), ==, "casual");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "points")), ==, 1);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "kinds")), >=, 1);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  /* A later start: nothing. */
  g_assert_cmpint (run (db, &out, &err, "stats", "--player", "Ada", "--since", "2026-02-01", "--json", NULL), ==, 0);
  g_clear_pointer (&root, json_node_unref);
  root = parse (out);
  g_assert_cmpint (json_object_get_int_member (json_node_get_object (root), "games"), ==, 0);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  /* Bad arguments. */
  g_assert_cmpint (run (db, &out, &err, "stats", "--player", "Ada", "--since", "2026-13-01", NULL), ==, 2);
  g_assert_nonnull (strstr (err, bad_date));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run (db, &out, &err, "stats", "--player", "Ada", "--game", "chess", NULL), ==, 2);
  g_assert_nonnull (strstr (err, bad_game));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run (db, &out, &err, "stats", "--game", "duel", NULL), ==, 2);
  g_assert_nonnull (strstr (err, IMH_T ("--game, --since and --json need --player")));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  /* Without --player: the totals, as before. */
  g_assert_cmpint (run (db, &out, &err, "stats", NULL), ==, 0);
  g_assert_nonnull (strstr (out, IMH_T ("Library:")));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
  imh_test_i18n_init ();
  if (argc < 2)
    g_error ("usage: %s PATH-OF-IMHOTEP-CLI", argv[0]);
  cli = argv[1];
  g_test_add_func ("/practice-cli/exercises", test_exercises);
  g_test_add_func ("/practice-cli/stats", test_stats);
  return g_test_run ();
}
