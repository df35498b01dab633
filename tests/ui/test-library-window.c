/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-library-window.c — the library page in the main window: shown from the menu, opens a game. */
#define G_LOG_DOMAIN "test-library-window"

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <sqlite3.h>
#include <string.h>

#include "imh-application.h"
#include "imh-autosave.h"
#include "imh-board-factory.h"
#include "imh-library-page-private.h"
#include "imh-library-private.h"
#include "imh-play-view.h"
#include "imh-record-file.h"
#include "imh-window.h"
#include "ui-test-util.h"
#include "test-i18n.h"

static ImhApplication *app;
static char *data_home;

static gboolean
page_idle (gpointer data)
{
  return !imh_library_model_get_loading (imh_library_page_get_model (data))
         && !_imh_library_page_get_busy (data);
}

static gboolean
library_state (ImhWindow *window)
{
  g_autoptr(GVariant) state = g_action_group_get_action_state (G_ACTION_GROUP (window), "library");
  return g_variant_get_boolean (state);
}

/* Opening a game of the library and resuming one are asynchronous: the
 * window shows the game when it is read. */
typedef struct {
  ImhWindow *window;
  ImhGame   *before;
} Shown;

static gboolean
shows_another_game (gpointer data)
{
  Shown *shown = data;
  GtkWindow *asked = imh_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG);
  ImhGame *game;

  /* Opened over a game in progress: asked first, as a new game is. */
  if (asked != NULL)
    {
      adw_message_dialog_response (ADW_MESSAGE_DIALOG (asked), "open");
      gtk_window_destroy (asked);
    }
  game = imh_play_view_get_game (imh_window_get_play_view (shown->window));

  return game != NULL && game != shown->before;
}

/* Until the window shows a game other than the one it shows now. */
static void
wait_for_another_game (ImhWindow *window)
{
  Shown shown = { window, imh_play_view_get_game (imh_window_get_play_view (window)) };

  imh_test_iterate_until (shows_another_game, &shown);
}

static void
test_library_in_window (void)
{
  g_autofree char *path = g_build_filename (data_home, APP_ID, "library.sqlite3", NULL);
  g_autoptr(GError) error = NULL;
  ImhWindow *window;
  GtkWidget *page;
  ImhLibraryModel *model;
  gint64 ids[3];

  /* Three games already in the user's library. */
  {
    g_autoptr(ImhLibrary) lib = imh_library_open (path, &error);
    g_assert_no_error (error);
    guint64 seed = 70;
    for (int i = 0; i < 3; i++)
      {
        g_autofree char *text = NULL;
        /* Duel games (the play page plays the Duel). */
        do
          {
            g_free (text);
            text = _imh_library_random_record (seed++, i != 1, 8, 0);
          }
        while (strstr (text, "\ngame duel\n") == NULL);
        ids[i] = imh_library_save_record (lib, 0, text, FALSE, &error);
        g_assert_cmpint (ids[i], >, 0);
      }
  }

  window = imh_window_new (app);
  gtk_window_present (GTK_WINDOW (window));
  imh_test_iterate_until (imh_test_widget_is_drawn, window);
  g_assert_false (library_state (window));
  g_assert_cmpstr (imh_window_get_page (window), ==, "start");

  /* Menu → Library: the page with the games (once the library is open). */
  g_action_group_activate_action (G_ACTION_GROUP (window), "library", NULL);
  g_assert_true (library_state (window));
  g_assert_cmpstr (imh_window_get_page (window), ==, "library");
  imh_test_wait_for_object (window, "library");
  g_assert_cmpstr (imh_window_get_page (window), ==, "library");
  page = imh_test_find_descendant (GTK_WIDGET (window), IMH_TYPE_LIBRARY_PAGE);
  g_assert_nonnull (page);
  imh_test_iterate_until (page_idle, page);
  model = imh_library_page_get_model (IMH_LIBRARY_PAGE (page));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 3);

  /* Toggled off: back where we were. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "library", NULL);
  g_assert_false (library_state (window));
  g_assert_cmpstr (imh_window_get_page (window), ==, "start");

  /* Opening the unfinished game shows it on the play page, at its end. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "library", NULL);
  g_signal_emit_by_name (page, "open-game", ids[1], -1);
  wait_for_another_game (window);
  g_assert_cmpstr (imh_window_get_page (window), ==, "play");
  g_assert_false (library_state (window));
  {
    ImhGame *game = imh_play_view_get_game (imh_window_get_play_view (window));
    g_assert_nonnull (game);
    g_assert_cmpuint (imh_game_get_live_ply (game), ==, 8);
    g_assert_false (imh_game_get_is_over (game));
  }

  /* A finished game, opened at a position. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "library", NULL);
  g_signal_emit_by_name (page, "open-game", ids[0], 5);
  wait_for_another_game (window);
  g_assert_cmpstr (imh_window_get_page (window), ==, "play");
  {
    ImhGame *game = imh_play_view_get_game (imh_window_get_play_view (window));
    g_assert_true (imh_game_get_is_over (game));
    g_assert_cmpuint (imh_game_get_viewed_ply (game), ==, 5);
  }

  gtk_window_destroy (GTK_WINDOW (window));
  for (int i = 0; i < 50; i++)
    while (g_main_context_iteration (NULL, FALSE))
      ;
}

static gboolean
record_has_length (gpointer data)
{
  const gint64 *want = data;   /* { id, length } */
  g_autoptr(ImhLibrary) lib = imh_library_open (g_object_get_data (G_OBJECT (app), "library-path"), NULL);
  g_autoptr(ImhGameSummary) s = imh_library_get_summary (lib, want[0], NULL);

  return s != NULL && imh_game_summary_get_length (s) == (guint) want[1];
}

static void
play_one (ImhGame *game)
{
  ImhDecisionList legal;
  g_autoptr(GError) error = NULL;

  imh_game_get_viewed_legal (game, &legal);
  g_assert_cmpuint (legal.n, >, 0);
  g_assert_true (imh_game_apply (game, legal.d[0], IMH_BRANCH_TRUNCATE, &error));
  g_assert_no_error (error);
}

/* With library autosave on (as the application sets it), a game opened
 * from the library updates its entry and a new game gets one. */
static void
test_library_autosave (void)
{
  g_autofree char *path = g_build_filename (data_home, APP_ID, "library.sqlite3", NULL);
  g_autoptr(GError) error = NULL;
  ImhWindow *window = imh_window_new (app);
  ImhPlayView *view = imh_window_get_play_view (window);
  GtkWidget *page;
  gint64 id, n_before, want[2];

  g_object_set_data_full (G_OBJECT (app), "library-path", g_strdup (path), g_free);
  gtk_window_present (GTK_WINDOW (window));
  imh_test_iterate_until (imh_test_widget_is_drawn, window);
  imh_window_set_library_autosave (window, TRUE);
  /* Open (in the background) before the test opens it too. */
  imh_test_wait_for_object (window, "library");

  {
    g_autoptr(ImhLibrary) lib = imh_library_open (path, &error);
    n_before = (gint64) imh_library_count (lib, NULL);
    id = imh_library_get_latest_unfinished (lib, NULL);
  }
  g_assert_cmpint (id, >, 0);

  g_action_group_activate_action (G_ACTION_GROUP (window), "library", NULL);
  imh_test_wait_for_object (window, "library");
  page = imh_test_find_descendant (GTK_WIDGET (window), IMH_TYPE_LIBRARY_PAGE);
  g_signal_emit_by_name (page, "open-game", id, -1);
  wait_for_another_game (window);
  play_one (imh_play_view_get_game (view));
  want[0] = id;
  want[1] = 9;
  imh_test_iterate_until (record_has_length, want);

  /* A new game: in the library from its first decision. */
  {
    ImhOptions o;
    g_autoptr(ImhGame) game = NULL;
    imh_options_init (&o, IMH_GAME_DUEL, 2);
    game = imh_game_new (&o, 4242, &error);
    g_assert_no_error (error);
    imh_play_view_set_game (view, game);
    play_one (game);
    play_one (game);
  }
  gtk_window_destroy (GTK_WINDOW (window));   /* writes what is pending */
  for (int i = 0; i < 50; i++)
    while (g_main_context_iteration (NULL, FALSE))
      ;
  {
    g_autoptr(ImhLibrary) lib = imh_library_open (path, &error);
    gint64 latest = imh_library_get_latest_unfinished (lib, NULL);
    g_autoptr(ImhGameSummary) s = imh_library_get_summary (lib, latest, &error);
    g_assert_cmpint ((gint64) imh_library_count (lib, NULL), ==, n_before + 1);
    g_assert_cmpint (latest, !=, id);
    g_assert_cmpuint (imh_game_summary_get_length (s), ==, 2);
  }
}

static gboolean
file_is_gone (gpointer data)
{
  return !g_file_test ((const char *) data, G_FILE_TEST_EXISTS);
}

/* A window as the application makes it on launch: library autosave on,
 * then the unfinished game resumed. */
static ImhWindow *
launch_window (void)
{
  ImhWindow *window = imh_window_new (app);

  gtk_window_present (GTK_WINDOW (window));
  imh_test_iterate_until (imh_test_widget_is_drawn, window);
  imh_window_set_library_autosave (window, TRUE);
  imh_window_resume (window);
  /* Open (in the background) before the test opens it too. */
  imh_test_wait_for_object (window, "library");
  return window;
}

/* The autosave file of earlier versions goes into the library once (and is
 * deleted after that); the game resumes from the library on every launch
 * and each decision updates the same entry. */
static void
test_resume_from_library (void)
{
  g_autofree char *path = g_build_filename (data_home, APP_ID, "library.sqlite3", NULL);
  g_autoptr(GFile) old_file = imh_autosave_get_file ();
  g_autofree char *old_path = g_file_get_path (old_file);
  g_autofree char *invalid_path = g_strconcat (old_path, ".invalid", NULL);
  g_autoptr(GError) error = NULL;
  ImhWindow *window;
  ImhGame *resumed;
  gint64 n_before, id, want[2];

  g_object_set_data_full (G_OBJECT (app), "library-path", g_strdup (path), g_free);
  {
    g_autoptr(ImhLibrary) lib = imh_library_open (path, &error);
    g_assert_no_error (error);
    n_before = (gint64) imh_library_count (lib, NULL);
  }

  /* The old file: a Duel of 3 decisions. */
  {
    ImhOptions o;
    g_autoptr(ImhGame) game = NULL;
    g_autofree char *text = NULL;

    imh_options_init (&o, IMH_GAME_DUEL, 2);
    game = imh_game_new (&o, 5151, &error);
    g_assert_no_error (error);
    for (int i = 0; i < 3; i++)
      play_one (game);
    text = imh_game_to_record_text (game);
    g_assert_true (g_file_set_contents (old_path, text, -1, &error));
  }

  window = launch_window ();
  wait_for_another_game (window);
  g_assert_false (g_file_test (old_path, G_FILE_TEST_EXISTS));
  {
    g_autoptr(ImhLibrary) lib = imh_library_open (path, &error);
    g_assert_cmpint ((gint64) imh_library_count (lib, NULL), ==, n_before + 1);
    id = imh_library_get_latest_unfinished (lib, NULL);
  }
  g_assert_cmpint (id, >, 0);
  resumed = imh_play_view_get_game (imh_window_get_play_view (window));
  g_assert_nonnull (resumed);
  g_assert_cmpuint (imh_game_get_n_plies (resumed), ==, 3);
  g_assert_cmpstr (imh_window_get_page (window), ==, "play");
  /* A decision updates that entry, in the background. */
  play_one (resumed);
  want[0] = id;
  want[1] = 4;
  imh_test_iterate_until (record_has_length, want);
  gtk_window_destroy (GTK_WINDOW (window));
  imh_test_flush_main_loop ();

  /* The next launch: the same game from the library, no file any more. */
  window = launch_window ();
  wait_for_another_game (window);
  resumed = imh_play_view_get_game (imh_window_get_play_view (window));
  g_assert_nonnull (resumed);
  g_assert_cmpuint (imh_game_get_n_plies (resumed), ==, 4);
  play_one (resumed);
  gtk_window_destroy (GTK_WINDOW (window));   /* writes what is pending */
  imh_test_flush_main_loop ();
  {
    g_autoptr(ImhLibrary) lib = imh_library_open (path, &error);
    g_autoptr(ImhGameSummary) s = imh_library_get_summary (lib, id, &error);
    g_assert_no_error (error);
    g_assert_cmpint ((gint64) imh_library_count (lib, NULL), ==, n_before + 1);
    g_assert_cmpint (imh_library_get_latest_unfinished (lib, NULL), ==, id);
    g_assert_cmpuint (imh_game_summary_get_length (s), ==, 5);
  }

  /* An old file that is not a game is set aside (kept), not imported. */
  g_assert_true (g_file_set_contents (old_path, "not a game record\n", -1, &error));
  window = launch_window ();
  imh_test_iterate_until (file_is_gone, old_path);
  wait_for_another_game (window);
  g_assert_true (g_file_test (invalid_path, G_FILE_TEST_EXISTS));
  g_assert_nonnull (imh_play_view_get_game (imh_window_get_play_view (window)));
  gtk_window_destroy (GTK_WINDOW (window));
  imh_test_flush_main_loop ();
  {
    g_autoptr(ImhLibrary) lib = imh_library_open (path, &error);
    g_assert_cmpint ((gint64) imh_library_count (lib, NULL), ==, n_before + 1);
  }
  g_remove (invalid_path);
}

/* Whether a finished game of want[1] decisions has a thumbnail (its id
 * goes to want[0]); the last write may still be on its way. */
static gboolean
has_thumbnail (gpointer data)
{
  gint64 *want = data;
  g_autoptr(ImhLibrary) lib = imh_library_open (g_object_get_data (G_OBJECT (app), "library-path"), NULL);
  g_autoptr(GArray) ids = NULL;
  ImhLibraryQuery q;

  imh_library_query_init (&q);
  q.finished = IMH_LIBRARY_YES;
  ids = imh_library_query_ids (lib, &q, NULL);
  for (guint i = 0; ids != NULL && i < ids->len; i++)
    {
      gint64 id = g_array_index (ids, gint64, i);
      g_autoptr(ImhGameSummary) s = imh_library_get_summary (lib, id, NULL);
      g_autoptr(GBytes) png = NULL;

      if (s == NULL || imh_game_summary_get_length (s) != (guint) want[1])
        continue;
      png = imh_library_get_thumbnail (lib, id, NULL);
      if (png != NULL)
        {
          want[0] = id;
          return TRUE;
        }
    }
  return FALSE;
}

/* A game played to its end gets a thumbnail of its final position. */
static void
test_thumbnail (void)
{
  g_autofree char *path = g_build_filename (data_home, APP_ID, "library.sqlite3", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhGame) game = NULL;
  g_autoptr(GBytes) png = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  ImhWindow *window = launch_window ();
  ImhPlayView *view = imh_window_get_play_view (window);
  ImhOptions o;
  gint64 want[2];

  g_object_set_data_full (G_OBJECT (app), "library-path", g_strdup (path), g_free);
  imh_options_init (&o, IMH_GAME_DUEL, 2);
  game = imh_game_new (&o, 31337, &error);
  g_assert_no_error (error);
  imh_play_view_set_game (view, game);
  while (!imh_game_get_is_over (game))
    {
      play_one (game);
      while (g_main_context_iteration (NULL, FALSE))
        ;
    }
  /* The entry the window keeps, finished, gets its thumbnail. */
  want[0] = 0;
  want[1] = imh_game_get_n_plies (game);
  imh_test_iterate_until (has_thumbnail, want);
  {
    g_autoptr(ImhLibrary) lib = imh_library_open (path, &error);
    png = imh_library_get_thumbnail (lib, want[0], &error);
    g_assert_no_error (error);
  }
  /* A PNG 192 px wide. */
  texture = gdk_texture_new_from_bytes (png, &error);
  g_assert_no_error (error);
  g_assert_cmpint (gdk_texture_get_width (texture), ==, 192);
  g_assert_cmpint (gdk_texture_get_height (texture), >, 0);
  gtk_window_destroy (GTK_WINDOW (window));
  imh_test_flush_main_loop ();
}

/* A damaged library is moved aside and its games salvaged into a new one:
 * a dialog says how many and names the old file, the window works, and new
 * games go to the new library. */
static void
test_damaged_library (void)
{
  g_autofree char *path = g_build_filename (data_home, APP_ID, "library.sqlite3", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  GtkWindow *dialog;
  ImhWindow *window;
  ImhPlayView *view;
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;
  gint64 page, page_size;
  gsize len = 0;

  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *file = g_strconcat (path, i == 0 ? "" : i == 1 ? "-wal" : "-shm", NULL);
      g_remove (file);
    }
  {
    g_autoptr(ImhLibrary) lib = imh_library_open (path, &error);
    g_assert_no_error (error);
    for (guint i = 0; i < 3; i++)
      {
        g_autofree char *text = _imh_library_random_record (300 + i, TRUE, 0, 0);
        g_assert_cmpint (imh_library_save_record (lib, 0, text, FALSE, &error), >, 0);
      }
  }
  /* One damaged page: the root of an index. */
  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT rootpage, (SELECT page_size FROM pragma_page_size)"
                                           " FROM sqlite_master WHERE name = 'games_started'", -1, &stmt, NULL),
                   ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  page = sqlite3_column_int64 (stmt, 0);
  page_size = sqlite3_column_int64 (stmt, 1);
  sqlite3_finalize (stmt);
  sqlite3_close (db);
  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
  memset (contents + (page - 1) * page_size, 0x3C, (gsize) page_size);
  g_assert_true (g_file_set_contents (path, contents, (gssize) len, NULL));

  window = launch_window ();
  /* Salvaged in the background: the dialog once the library is open. */
  dialog = imh_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG);
  g_assert_nonnull (dialog);
  {
    const char *told = IMH_TN ("The game library was damaged. %u game could be read and is in a new "
                               "library; the damaged file was kept as “%s”.",
                               "The game library was damaged. %u games could be read and are in a new "
                               "library; the damaged file was kept as “%s”.", 3);
    g_autofree char *start = g_strndup (told, strcspn (told, "%"));
    const char *body = adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog));

    g_assert_nonnull (strstr (body, start));
    g_assert_nonnull (strstr (body, " 3 "));
  }
  g_assert_nonnull (strstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog)), "library.sqlite3.corrupt-"));
  gtk_window_destroy (dialog);
  view = imh_window_get_play_view (window);
  {
    ImhOptions o;
    g_autoptr(ImhGame) game = NULL;
    imh_options_init (&o, IMH_GAME_DUEL, 2);
    game = imh_game_new (&o, 99, &error);
    g_assert_no_error (error);
    imh_play_view_set_game (view, game);
    play_one (game);
  }
  gtk_window_destroy (GTK_WINDOW (window));
  imh_test_flush_main_loop ();
  {
    g_autoptr(ImhLibrary) lib = imh_library_open (path, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (imh_library_count (lib, NULL), ==, 4);
  }
}

static void
remove_tree (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        remove_tree (path);
      else
        g_remove (path);
    }
  g_rmdir (dir);
}

/* Games of the base game have a board: an unfinished base game and an
 * unfinished Duel opened from the library each show on the board of
 * their kind. */
static void
test_base_game_shown (void)
{
  g_autofree char *path = g_build_filename (data_home, APP_ID, "library.sqlite3", NULL);
  g_autoptr(GError) error = NULL;
  ImhWindow *window;
  ImhGame *shown;
  GtkWidget *page;
  gint64 duel_id, classic_id;

  {
    g_autoptr(ImhLibrary) lib = imh_library_open (path, &error);
    ImhOptions o;
    g_autoptr(ImhGame) duel = NULL;
    g_autoptr(ImhGame) classic = NULL;
    g_autofree char *duel_text = NULL;
    g_autofree char *classic_text = NULL;

    g_assert_no_error (error);
    imh_options_init (&o, IMH_GAME_DUEL, 2);
    duel = imh_game_new (&o, 6161, &error);
    g_assert_no_error (error);
    for (int i = 0; i < 7; i++)
      play_one (duel);
    duel_text = imh_game_to_record_text (duel);
    duel_id = imh_library_save_record (lib, 0, duel_text, FALSE, &error);
    g_assert_cmpint (duel_id, >, 0);

    imh_options_init (&o, IMH_GAME_CLASSIC, 4);
    classic = imh_game_new (&o, 6262, &error);
    g_assert_no_error (error);
    for (int i = 0; i < 5; i++)
      play_one (classic);
    classic_text = imh_game_to_record_text (classic);
    classic_id = imh_library_save_record (lib, 0, classic_text, FALSE, &error);
    g_assert_cmpint (classic_id, >, 0);
    g_assert_cmpint (imh_library_get_latest_unfinished (lib, NULL), ==, classic_id);
  }

  window = launch_window ();
  wait_for_another_game (window);
  shown = imh_play_view_get_game (imh_window_get_play_view (window));
  g_assert_nonnull (shown);
  g_assert_false (imh_game_get_is_over (shown));

  /* Each game from the library on the board of its kind, the other kind
   * first. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "library", NULL);
  imh_test_wait_for_object (window, "library");
  page = imh_test_find_descendant (GTK_WIDGET (window), IMH_TYPE_LIBRARY_PAGE);
  g_assert_nonnull (page);
  for (int step = 0; step < 2; step++)
    {
      ImhGameKind want = imh_game_get_kind (shown) == IMH_GAME_DUEL ? IMH_GAME_CLASSIC : IMH_GAME_DUEL;
      GtkWidget *board;

      g_action_group_activate_action (G_ACTION_GROUP (window), "library", NULL);
      g_signal_emit_by_name (page, "open-game", want == IMH_GAME_DUEL ? duel_id : classic_id, -1);
      wait_for_another_game (window);
      g_assert_cmpstr (imh_window_get_page (window), ==, "play");
      shown = imh_play_view_get_game (imh_window_get_play_view (window));
      g_assert_cmpint (imh_game_get_kind (shown), ==, want);
      g_assert_cmpuint (imh_game_get_n_plies (shown), ==, want == IMH_GAME_DUEL ? 7 : 5);
      board = imh_play_view_get_board (imh_window_get_play_view (window));
      g_assert_true (G_OBJECT_TYPE (board) == imh_board_type_for_kind (want));
    }

  gtk_window_destroy (GTK_WINDOW (window));
  imh_test_flush_main_loop ();
}

int
main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  int status;

  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      g_print ("1..0 # SKIP no display: run under xvfb-run\n");
      return 0;
    }
  g_setenv ("GSK_RENDERER", "cairo", TRUE);
  g_setenv ("GTK_A11Y", "none", TRUE);
  g_setenv ("NO_AT_BRIDGE", "1", TRUE);
  /* The user's library goes to a temporary data home (isolating all XDG
   * dirs would hide the MIME database GTK needs for its icons). */
  data_home = g_dir_make_tmp ("imhotep-test-library-window-XXXXXX", NULL);
  g_assert_nonnull (data_home);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);

  imh_test_i18n_init_app ();
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  g_assert_cmpstr (g_get_user_data_dir (), ==, data_home);

  app = imh_application_new ();
  g_application_set_flags (G_APPLICATION (app),
                           g_application_get_flags (G_APPLICATION (app)) | G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);

  g_test_add_func ("/ui/library-window/show-open", test_library_in_window);
  g_test_add_func ("/ui/library-window/autosave", test_library_autosave);
  g_test_add_func ("/ui/library-window/resume-from-library", test_resume_from_library);
  g_test_add_func ("/ui/library-window/thumbnail", test_thumbnail);
  g_test_add_func ("/ui/library-window/damaged-library", test_damaged_library);
  g_test_add_func ("/ui/library-window/base-game-shown", test_base_game_shown);
  status = g_test_run ();

  g_application_quit (G_APPLICATION (app));
  g_clear_object (&app);
  remove_tree (data_home);
  return status;
}
