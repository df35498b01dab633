/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test-long-names.c — nothing from a record can crash a view: a record
 * with a 3,000-character name opened through the application, and a
 * launch with such an unfinished game in the library, end in a clear
 * message; names at the limit are shown shortened everywhere (title,
 * prompt, history, score, board, library rows) and never widen the window.
 */
#define G_LOG_DOMAIN "test-long-names"

#include "config.h"

#include <glib/gstdio.h>
#include <sqlite3.h>
#include <string.h>

#include "imh-application.h"
#include "imh-library.h"
#include "imh-record.h"
#include "imh-ui-util.h"
#include "imh-window.h"
#include "ui-test-util.h"

static ImhApplication *app;
/* The XDG and home folders of the whole run (gtk_test_init() does not
 * isolate them per test): the app's library lives here, never in the
 * user's. */
static char *test_home;

static char *
record_text (const char *name, guint seed)
{
  return g_strdup_printf ("imhotep-record 1\n"
                          "game duel\n"
                          "players 2\n"
                          "sides ABAA\n"
                          "seed %u\n"
                          "start 1\n"
                          "player 1 human %s\n"
                          "player 2 human Bob\n"
                          "\n"
                          "1. P a3\n"
                          "2. P c1\n",
                          seed, name);
}

static char *
long_name (guint n)
{
  return g_strnfill (n, 'W');
}

static ImhWindow *
the_window (void)
{
  return IMH_WINDOW (imh_test_find_toplevel (IMH_TYPE_WINDOW));
}

static void
close_windows (void)
{
  GtkWindow *window;

  while ((window = imh_test_find_toplevel (GTK_TYPE_WINDOW)) != NULL)
    gtk_window_destroy (window);
  imh_test_flush_main_loop ();
}

/* ---- What the window shows ---- */

/* The longest run of 'W' in any text the window shows. */
static guint
longest_run (const char *text)
{
  guint best = 0, run = 0;

  for (const char *c = text; c != NULL && *c != '\0'; c++)
    {
      run = *c == 'W' ? run + 1 : 0;
      best = MAX (best, run);
    }
  return best;
}

static void
collect_runs (GtkWidget *widget, guint *longest)
{
  const char *text = NULL;

  if (GTK_IS_LABEL (widget))
    text = gtk_label_get_text (GTK_LABEL (widget));
  else if (GTK_IS_INSCRIPTION (widget))
    text = gtk_inscription_get_text (GTK_INSCRIPTION (widget));
  *longest = MAX (*longest, longest_run (text));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_runs (child, longest);
}

static gboolean
label_contains (GtkWidget *widget, gpointer text)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget)
         && strstr (gtk_label_get_text (GTK_LABEL (widget)), text) != NULL;
}

static gboolean
shows_text (gpointer text)
{
  ImhWindow *window = the_window ();
  return window != NULL && imh_test_find_widget (GTK_WIDGET (window), label_contains, text) != NULL;
}

static gboolean
shows_game (gpointer data)
{
  ImhWindow *window = the_window ();
  return window != NULL && imh_play_view_get_game (imh_window_get_play_view (window)) != NULL
         && imh_test_widget_is_drawn (window);
}

/* Nothing shows more than the shortened name, and the window can still be
 * as narrow as the app allows. */
static void
assert_bounded (ImhWindow *window)
{
  guint longest = 0;
  int minimum = 0;

  collect_runs (GTK_WIDGET (window), &longest);
  g_assert_cmpuint (longest, >, 0);
  g_assert_cmpuint (longest, <=, IMH_UI_NAME_MAX_CHARS);
  gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
  g_assert_cmpint (minimum, <=, 800);
}

static char *
shortened (void)
{
  g_autofree char *name = long_name (IMH_RECORD_MAX_NAME_CHARS);
  return imh_ui_shorten (name, IMH_UI_NAME_MAX_CHARS);
}

/* ---- Opening a file through the application ---- */

static void
open_through_app (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);

  g_application_open (G_APPLICATION (app), &file, 1, "");
}

static void
test_open_too_long (void)
{
  g_autofree char *name = long_name (3000);
  g_autofree char *text = record_text (name, 1);
  g_autofree char *path = NULL;
  ImhWindow *window;

  g_assert_cmpint (g_mkdir_with_parents (g_get_user_data_dir (), 0700), ==, 0);
  path = g_build_filename (g_get_user_data_dir (), "long.imhotep", NULL);
  g_assert_true (g_file_set_contents (path, text, -1, NULL));

  open_through_app (path);
  /* The toast names the place and the limit. */
  imh_test_iterate_until (shows_text, "Line 7, column 116: the player name is too long");
  window = the_window ();
  g_assert_null (imh_play_view_get_game (imh_window_get_play_view (window)));
  {
    int minimum = 0;
    gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
    g_assert_cmpint (minimum, <=, 800);
  }
  close_windows ();
}

static void
test_open_at_limit (void)
{
  g_autofree char *name = long_name (IMH_RECORD_MAX_NAME_CHARS);
  g_autofree char *text = record_text (name, 2);
  g_autofree char *path = NULL;
  g_autofree char *shown = shortened ();
  g_autofree char *subtitle = g_strdup_printf ("%s against Bob", shown);
  ImhWindow *window;
  GtkWidget *title;

  g_assert_cmpint (g_mkdir_with_parents (g_get_user_data_dir (), 0700), ==, 0);
  path = g_build_filename (g_get_user_data_dir (), "limit.imhotep", NULL);
  g_assert_true (g_file_set_contents (path, text, -1, NULL));

  open_through_app (path);
  imh_test_iterate_until (shows_game, NULL);
  window = the_window ();
  /* The full name is the game's; the views show it shortened. */
  g_assert_cmpstr (imh_seat_get_name (imh_game_get_seat (imh_play_view_get_game (imh_window_get_play_view (window)), 0)),
                   ==, name);
  title = imh_test_find_descendant (GTK_WIDGET (imh_window_get_header_bar (window)), ADW_TYPE_WINDOW_TITLE);
  g_assert_cmpstr (adw_window_title_get_subtitle (ADW_WINDOW_TITLE (title)), ==, subtitle);
  /* The prompt: player 1 is to move. */
  {
    g_autofree char *prompt = g_strdup_printf ("%s to move", shown);
    imh_test_flush_main_loop ();
    g_assert_true (shows_text (prompt));
  }
  assert_bounded (window);
  close_windows ();
}

/* ---- A launch resuming from the library ---- */

/* Stores an unfinished game, then gives player 1 `name` behind the
 * library's back (as a library written before names were limited). */
static void
store_unfinished (const char *name)
{
  g_autofree char *path = imh_library_default_path ();
  g_autofree char *plain = record_text ("Ada", 3);
  g_autofree char *text = record_text (name, 3);
  g_autofree char *players = g_strdup_printf ("%s – Bob", name);
  g_autoptr(GError) error = NULL;
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;
  gint64 id;

  /* Never the user's library; a fresh one for each test. */
  g_assert_true (g_str_has_prefix (path, test_home));
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *file = g_strconcat (path, (const char *[]) { "", "-wal", "-shm" }[i], NULL);
      g_remove (file);
    }
  {
    g_autofree char *dir = g_path_get_dirname (path);
    g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  }
  {
    g_autoptr(ImhLibrary) lib = imh_library_open (path, &error);
    g_assert_no_error (error);
    id = imh_library_save_record (lib, 0, plain, FALSE, &error);
    g_assert_no_error (error);
    g_assert_cmpint (id, >, 0);
  }
  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "UPDATE records SET text = ?1 WHERE game_id = ?2", -1, &stmt, NULL), ==, SQLITE_OK);
  sqlite3_bind_text (stmt, 1, text, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, 2, id);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_DONE);
  sqlite3_finalize (stmt);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "UPDATE games SET players = ?1 WHERE id = ?2", -1, &stmt, NULL), ==, SQLITE_OK);
  sqlite3_bind_text (stmt, 1, players, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, 2, id);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_DONE);
  sqlite3_finalize (stmt);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "UPDATE players SET name = ?1 WHERE game_id = ?2 AND seat = 0", -1, &stmt, NULL), ==, SQLITE_OK);
  sqlite3_bind_text (stmt, 1, name, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, 2, id);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_DONE);
  sqlite3_finalize (stmt);
  sqlite3_close (db);
}

static gboolean
library_rows_drawn (gpointer data)
{
  ImhWindow *window = the_window ();
  GtkWidget *page = window != NULL ? imh_window_get_library_page (window) : NULL;
  return page != NULL && imh_test_widget_is_drawn (page)
         && imh_test_find_descendant (page, GTK_TYPE_INSCRIPTION) != NULL;
}

static void
test_resume_too_long (void)
{
  g_autofree char *name = long_name (3000);
  ImhWindow *window;

  store_unfinished (name);
  g_application_activate (G_APPLICATION (app));
  imh_test_iterate_until (shows_text, "Line 7, column 116: the player name is too long");
  window = the_window ();
  /* Not resumed, and still in the library: shown there shortened. */
  g_assert_null (imh_play_view_get_game (imh_window_get_play_view (window)));
  g_action_group_change_action_state (G_ACTION_GROUP (window), "library", g_variant_new_boolean (TRUE));
  imh_test_iterate_until (library_rows_drawn, NULL);
  assert_bounded (window);
  close_windows ();
}

static void
test_resume_at_limit (void)
{
  g_autofree char *name = long_name (IMH_RECORD_MAX_NAME_CHARS);
  g_autofree char *shown = shortened ();
  g_autofree char *prompt = g_strdup_printf ("%s to move", shown);
  ImhWindow *window;

  store_unfinished (name);
  g_application_activate (G_APPLICATION (app));
  imh_test_iterate_until (shows_game, NULL);
  imh_test_flush_main_loop ();
  g_assert_true (shows_text (prompt));
  window = the_window ();
  assert_bounded (window);
  g_action_group_change_action_state (G_ACTION_GROUP (window), "library", g_variant_new_boolean (TRUE));
  imh_test_iterate_until (library_rows_drawn, NULL);
  assert_bounded (window);
  close_windows ();
}

/* ---- The helper ---- */

static void
test_shorten (void)
{
  g_autofree char *a = imh_ui_shorten ("Nofretete", 9);
  g_autofree char *b = imh_ui_shorten ("Nofretete", 8);
  g_autofree char *c = imh_ui_shorten ("Ägypten und mehr", 8);
  g_autofree char *d = imh_ui_shorten ("Ab cd", 4);

  g_assert_cmpstr (a, ==, "Nofretete");
  g_assert_cmpstr (b, ==, "Nofrete…");
  g_assert_cmpstr (c, ==, "Ägypten…");
  g_assert_cmpstr (d, ==, "Ab…");
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      /* TAP: the whole plan skipped. build-aux/test runs this under xvfb-run. */
      g_print ("1..0 # SKIP no display: run under xvfb-run\n");
      return 0;
    }

  g_setenv ("GSK_RENDERER", "cairo", TRUE);
  g_setenv ("GTK_A11Y", "none", TRUE);
  g_setenv ("NO_AT_BRIDGE", "1", TRUE);

  test_home = g_dir_make_tmp ("test-long-names-XXXXXX", &error);
  g_assert_no_error (error);
  g_setenv ("HOME", test_home, TRUE);
  {
    static const char *const vars[][2] = {
      { "XDG_DATA_HOME", "data" }, { "XDG_CONFIG_HOME", "config" },
      { "XDG_CACHE_HOME", "cache" }, { "XDG_STATE_HOME", "state" },
    };
    for (guint i = 0; i < G_N_ELEMENTS (vars); i++)
      {
        g_autofree char *dir = g_build_filename (test_home, vars[i][1], NULL);
        g_setenv (vars[i][0], dir, TRUE);
      }
  }

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  app = imh_application_new ();
  g_application_set_flags (G_APPLICATION (app),
                           g_application_get_flags (G_APPLICATION (app)) | G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);

  g_test_add_func ("/long-names/shorten", test_shorten);
  g_test_add_func ("/long-names/open-too-long", test_open_too_long);
  g_test_add_func ("/long-names/open-at-limit", test_open_at_limit);
  g_test_add_func ("/long-names/resume-too-long", test_resume_too_long);
  g_test_add_func ("/long-names/resume-at-limit", test_resume_at_limit);

  status = g_test_run ();
  g_object_unref (app);
  {
    /* The run's folders go (the library and its WAL files included). */
    g_autofree char *quoted = g_shell_quote (test_home);
    g_autofree char *command = g_strdup_printf ("rm -rf %s", quoted);
    if (g_str_has_prefix (test_home, g_get_tmp_dir ()))
      g_spawn_command_line_sync (command, NULL, NULL, NULL, NULL);
  }
  g_free (test_home);
  return status;
}
