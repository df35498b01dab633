/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-person-names.c — the names of the library's person seats ("This
 * is me"): distinct up to case as the statistics compare them, counted
 * by game, most games first, without the trash or computer seats. */
#include "config.h"

#include <glib.h>
#include <glib/gstdio.h>

#include "imh-library-names.h"
#include "imh-library-stats.h"
#include "practice-test-util.h"

typedef struct {
  char       *path;
  ImhLibrary *lib;
  gint64      trashed;
} Fixture;

static gint64
add_game (ImhLibrary *lib, const char *k0, const char *n0, const char *k1, const char *n1,
          const char *started, guint64 seed)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = practice_record (seed, k0, n0, k1, n1, started);
  gint64 id = imh_library_save_record (lib, 0, text, FALSE, &error);

  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);
  return id;
}

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhLibraryDeleted) deleted = NULL;

  g_assert_cmpint (g_mkdir_with_parents (g_get_user_data_dir (), 0700), ==, 0);
  f->path = g_build_filename (g_get_user_data_dir (), "names.sqlite3", NULL);
  f->lib = imh_library_open (f->path, &error);
  g_assert_no_error (error);

  add_game (f->lib, "human", "Ada", "computer:casual", "Bob", "2026-01-10T10:00:00Z", 1);
  add_game (f->lib, "human", "Zed", "human", "ada", "2026-02-10T10:00:00Z", 2);
  /* One game with two seats of one name counts once. */
  add_game (f->lib, "human", "ADA", "human", "Ada", "2025-12-10T10:00:00Z", 3);
  add_game (f->lib, "human", "Cleo", "computer:strong", "Eve", "2025-11-10T10:00:00Z", 4);
  /* Only in the trash: Dan is not listed, Cleo not counted twice. */
  f->trashed = add_game (f->lib, "human", "Dan", "human", "Cleo", "2026-03-10T10:00:00Z", 5);
  deleted = imh_library_delete (f->lib, &f->trashed, 1, &error);
  g_assert_no_error (error);
  g_assert_nonnull (deleted);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  const char *suffix[] = { "", "-wal", "-shm" };

  g_clear_object (&f->lib);
  for (guint i = 0; i < G_N_ELEMENTS (suffix); i++)
    {
      g_autofree char *p = g_strconcat (f->path, suffix[i], NULL);
      g_unlink (p);
    }
  g_free (f->path);
}

static void
check_names (GPtrArray *names)
{
  ImhPersonName *n;

  g_assert_nonnull (names);
  g_assert_cmpuint (names->len, ==, 3);
  n = names->pdata[0];
  /* Spelt as in the game started last. */
  g_assert_cmpstr (n->name, ==, "ada");
  g_assert_cmpuint (n->n_games, ==, 3);
  /* A tie: by name. */
  n = names->pdata[1];
  g_assert_cmpstr (n->name, ==, "Cleo");
  g_assert_cmpuint (n->n_games, ==, 1);
  n = names->pdata[2];
  g_assert_cmpstr (n->name, ==, "Zed");
  g_assert_cmpuint (n->n_games, ==, 1);
}

static void
test_list (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) names = imh_library_list_person_names (f->lib, &error);

  g_assert_no_error (error);
  check_names (names);
}

/* The count is the games the statistics count for that name, up to case
 * (they count seats: a game where the name has two is left out here). */
static void
test_same_as_stats (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) names = imh_library_list_person_names (f->lib, &error);

  g_assert_no_error (error);
  for (guint i = 0; i < names->len; i++)
    {
      ImhPersonName *n = names->pdata[i];
      g_autofree char *upper = g_ascii_strup (n->name, -1);
      const char *mine[] = { upper, NULL };
      ImhPlayerStatsQuery q = { mine, -1, 0, 0 };
      g_autoptr(ImhPlayerStats) stats = imh_library_get_player_stats (f->lib, &q, &error);

      g_assert_no_error (error);
      if (g_ascii_strcasecmp (n->name, "ada") == 0)
        g_assert_cmpuint (stats->n_games, ==, n->n_games + 1);
      else
        g_assert_cmpuint (stats->n_games, ==, n->n_games);
    }
}

/* Out of the trash, the game's names come back. */
static void
test_restore (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) names = NULL;

  g_assert_true (imh_library_restore_from_trash (f->lib, &f->trashed, 1, &error));
  g_assert_no_error (error);
  names = imh_library_list_person_names (f->lib, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (names->len, ==, 4);
  g_assert_cmpstr (((ImhPersonName *) names->pdata[1])->name, ==, "Cleo");
  g_assert_cmpuint (((ImhPersonName *) names->pdata[1])->n_games, ==, 2);
  g_assert_cmpstr (((ImhPersonName *) names->pdata[2])->name, ==, "Dan");
}

static void
on_listed (GObject *source, GAsyncResult *result, gpointer data)
{
  GPtrArray **out = data;
  g_autoptr(GError) error = NULL;

  *out = imh_library_list_person_names_finish (IMH_LIBRARY (source), result, &error);
  g_assert_no_error (error);
}

static void
test_async (Fixture *f, gconstpointer data)
{
  g_autoptr(GPtrArray) names = NULL;

  imh_library_list_person_names_async (f->lib, NULL, on_listed, &names);
  while (names == NULL)
    g_main_context_iteration (NULL, TRUE);
  check_names (names);
}

static void
test_empty (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autoptr(ImhLibrary) lib = NULL;
  g_autoptr(GPtrArray) names = NULL;

  g_assert_cmpint (g_mkdir_with_parents (g_get_user_data_dir (), 0700), ==, 0);
  path = g_build_filename (g_get_user_data_dir (), "empty.sqlite3", NULL);
  lib = imh_library_open (path, &error);
  g_assert_no_error (error);
  names = imh_library_list_person_names (lib, &error);
  g_assert_no_error (error);
  g_assert_nonnull (names);
  g_assert_cmpuint (names->len, ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  g_test_add ("/person-names/list", Fixture, NULL, fixture_set_up, test_list, fixture_tear_down);
  g_test_add ("/person-names/same-as-stats", Fixture, NULL, fixture_set_up, test_same_as_stats,
              fixture_tear_down);
  g_test_add ("/person-names/restore", Fixture, NULL, fixture_set_up, test_restore, fixture_tear_down);
  g_test_add ("/person-names/async", Fixture, NULL, fixture_set_up, test_async, fixture_tear_down);
  g_test_add_func ("/person-names/empty", test_empty);
  return g_test_run ();
}
