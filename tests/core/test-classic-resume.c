/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-classic-resume.c — resuming with the base game in the library: the
 * newest unfinished game among the kinds asked for (the window asks for
 * every kind that has a board), also when games of both kinds changed
 * within the same second; finished games are never resumed. And the
 * game's name for lists and the window ("Imhotep, 3 players"). */
#define G_LOG_DOMAIN "test-classic-resume"

#include "config.h"

#include <glib/gstdio.h>

#include "imh-game.h"
#include "imh-library.h"
#include "imh-record-file.h"
#include "imh-session.h"
#include "imh-texts.h"
#include "test-i18n.h"

static ImhLibrary *
open_library (void)
{
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  ImhLibrary *library;

  /* G_TEST_OPTION_ISOLATE_DIRS gives the test its own data dir. */
  g_assert_cmpint (g_mkdir_with_parents (g_get_user_data_dir (), 0700), ==, 0);
  path = g_build_filename (g_get_user_data_dir (), "library.sqlite3", NULL);
  library = imh_library_open (path, &error);
  g_assert_no_error (error);
  return library;
}

/* A game of the kind after n decisions (the first legal ones; G_MAXUINT:
 * to its end), stored as a new library entry. */
static gint64
store_game (ImhLibrary  *library,
            ImhGameKind  kind,
            guint        n_players,
            guint64      seed,
            guint        n)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhGame) game = NULL;
  g_autofree char *text = NULL;
  ImhOptions options;
  gint64 id;

  imh_options_init (&options, kind, (int) n_players);
  game = imh_game_new (&options, seed, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < n && !imh_game_get_is_over (game); i++)
    {
      ImhDecisionList legal;

      imh_game_get_legal (game, &legal);
      g_assert_true (imh_game_apply (game, legal.d[i % legal.n], IMH_BRANCH_TRUNCATE, &error));
      g_assert_no_error (error);
    }
  g_assert_true (n != G_MAXUINT || imh_game_get_is_over (game));
  text = imh_game_to_record_text (game);
  id = imh_library_save_record (library, 0, text, FALSE, &error);
  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);
  return id;
}

static void
got_result (GObject      *source,
            GAsyncResult *result,
            gpointer      data)
{
  GAsyncResult **out = data;

  g_assert_null (*out);
  *out = g_object_ref (result);
}

/* The library id resumed with these kinds, 0 for none. */
static gint64
resume (ImhLibrary *library,
        guint       kinds,
        guint      *n_players)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhSession) session = NULL;

  imh_session_resume_async (library, kinds, NULL, got_result, &result);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);
  session = imh_session_resume_finish (result, &error);
  g_assert_no_error (error);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  if (session == NULL)
    return 0;
  if (n_players != NULL)
    *n_players = imh_game_get_n_players (imh_session_get_game (session));
  return imh_session_get_library_id (session);
}

static void
test_resume_either_kind (void)
{
  g_autoptr(ImhLibrary) library = open_library ();
  const guint duel = 1u << IMH_GAME_DUEL, classic = 1u << IMH_GAME_CLASSIC;
  gint64 duel_id, classic_id, newer_duel_id;
  guint n_players = 0;

  /* A finished base game is not resumed. */
  store_game (library, IMH_GAME_CLASSIC, 3, 5, G_MAXUINT);
  g_assert_cmpint (resume (library, duel | classic, NULL), ==, 0);
  g_assert_cmpint (resume (library, classic, NULL), ==, 0);

  /* Both kinds unfinished, the base game changed last (within the same
   * second as the Duel, most likely). */
  duel_id = store_game (library, IMH_GAME_DUEL, 2, 6, 9);
  classic_id = store_game (library, IMH_GAME_CLASSIC, 4, 7, 25);
  g_assert_cmpint (resume (library, duel | classic, &n_players), ==, classic_id);
  g_assert_cmpuint (n_players, ==, 4);
  g_assert_cmpint (resume (library, classic, NULL), ==, classic_id);
  g_assert_cmpint (resume (library, duel, NULL), ==, duel_id);

  /* Then a Duel changed last. */
  newer_duel_id = store_game (library, IMH_GAME_DUEL, 2, 8, 4);
  g_assert_cmpint (resume (library, duel | classic, &n_players), ==, newer_duel_id);
  g_assert_cmpuint (n_players, ==, 2);
  g_assert_cmpint (resume (library, classic, NULL), ==, classic_id);
}

/* What names a base game in lists and the window. */
static void
test_short_name (void)
{
  for (guint n = 2; n <= 4; n++)
    {
      g_autofree char *name = imh_texts_game_short_name (IMH_GAME_CLASSIC, n);
      g_autofree char *expected = g_strdup_printf (IMH_TN ("Imhotep, %u player", "Imhotep, %u players", n), n);

      g_assert_cmpstr (name, ==, expected);
    }
}

int
main (int   argc,
      char *argv[])
{
  imh_test_i18n_init ();
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  g_test_add_func ("/classic/resume/either-kind", test_resume_either_kind);
  g_test_add_func ("/classic/texts/short-name", test_short_name);

  return g_test_run ();
}
