/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-preferences-practice.c — Preferences, page Practice: "Your Names"
 * lists the library's person names and follows it, its switches and its
 * entry write `my-names`, the New Game dialog's name is suggested; the
 * background analysis switch writes its key and its progress line shows;
 * the window owns a background analysis that the key starts and stops;
 * app.my-names opens the page. */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>

#include "imh-application.h"
#include "imh-background-analysis.h"
#include "imh-game-settings.h"
#include "imh-names-group.h"
#include "imh-play-view.h"
#include "imh-preferences.h"
#include "imh-screenshot.h"
#include "imh-window.h"
#include "imh-window-background.h"
#include "practice-test-util.h"
#include "test-i18n.h"
#include "ui-test-app.h"
#include "ui-test-util.h"

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

static ImhLibrary *
open_library (const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  ImhLibrary *lib;

  g_assert_cmpint (g_mkdir_with_parents (g_get_user_data_dir (), 0700), ==, 0);
  path = g_build_filename (g_get_user_data_dir (), name, NULL);
  lib = imh_library_open (path, &error);
  g_assert_no_error (error);
  return lib;
}

static gboolean
row_titled (GtkWidget *widget, gpointer data)
{
  return ADW_IS_PREFERENCES_ROW (widget)
         && g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), data) == 0;
}

static GtkWidget *
find_row (GtkWidget *root, const char *title)
{
  return imh_test_find_widget (root, row_titled, (gpointer) title);
}

static gboolean
has_row (gpointer data)
{
  gpointer *args = data;

  return find_row (args[0], args[1]) != NULL;
}

static void
wait_for_row (GtkWidget *root, const char *title)
{
  gpointer args[] = { root, (gpointer) title };

  imh_test_iterate_until (has_row, args);
}

static GtkSwitch *
row_switch (GtkWidget *row)
{
  GtkWidget *toggle = adw_action_row_get_activatable_widget (ADW_ACTION_ROW (row));

  g_assert_true (GTK_IS_SWITCH (toggle));
  return GTK_SWITCH (toggle);
}

static gboolean
names_loaded (gpointer group)
{
  return !imh_names_group_get_loading (group);
}

/* The name rows in order (the entry row left out). */
static GPtrArray *
name_titles (GtkWidget *group)
{
  GPtrArray *titles = g_ptr_array_new ();
  GtkWidget *list = imh_test_find_descendant (group, GTK_TYPE_LIST_BOX);

  for (GtkWidget *c = gtk_widget_get_first_child (list); c != NULL; c = gtk_widget_get_next_sibling (c))
    if (ADW_IS_ACTION_ROW (c))
      g_ptr_array_add (titles, (gpointer) adw_preferences_row_get_title (ADW_PREFERENCES_ROW (c)));
  return titles;
}

static void
test_names (void)
{
  g_autoptr(GSettings) settings = g_settings_new (BASE_APP_ID);
  g_autoptr(ImhLibrary) lib = open_library ("names.sqlite3");
  g_autoptr(GPtrArray) titles = NULL;
  g_auto(GStrv) mine = NULL;
  g_autofree char *two = NULL, *one = NULL;
  GtkWindow *prefs;
  GtkWidget *group, *row, *entry;

  g_settings_set_strv (settings, "my-names", NULL);
  add_game (lib, "human", "Ada", "computer:casual", "Bob", "2026-01-10T10:00:00Z", 1);
  add_game (lib, "human", "ada", "human", "Cleo", "2026-02-10T10:00:00Z", 2);

  prefs = imh_preferences_window_new (NULL, settings);
  g_object_ref (prefs);
  imh_preferences_window_set_library (prefs, lib, NULL);
  imh_preferences_window_show_names (prefs);
  g_assert_cmpstr (adw_preferences_window_get_visible_page_name (ADW_PREFERENCES_WINDOW (prefs)), ==, "practice");
  gtk_window_present (prefs);
  group = imh_test_find_descendant (GTK_WIDGET (prefs), IMH_TYPE_NAMES_GROUP);
  g_assert_nonnull (group);
  g_assert_true (imh_names_group_get_library (IMH_NAMES_GROUP (group)) == lib);
  imh_test_iterate_until (names_loaded, group);

  /* Most games first, spelt as in the last game; computers left out. */
  titles = name_titles (group);
  g_assert_cmpuint (titles->len, ==, 2);
  g_assert_cmpstr (titles->pdata[0], ==, "ada");
  g_assert_cmpstr (titles->pdata[1], ==, "Cleo");
  row = find_row (group, "ada");
  two = g_strdup_printf (IMH_TN ("%u game", "%u games", 2), 2);
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==, two);
  g_assert_false (gtk_switch_get_active (row_switch (row)));
  g_assert_null (find_row (group, "Bob"));

  /* "This is me": the key follows the switch, and the switch the key. */
  gtk_switch_set_active (row_switch (row), TRUE);
  mine = g_settings_get_strv (settings, "my-names");
  g_assert_cmpuint (g_strv_length (mine), ==, 1);
  g_assert_cmpstr (mine[0], ==, "ada");
  g_clear_pointer (&mine, g_strfreev);
  g_settings_set_strv (settings, "my-names", (const char * const[]) { "ADA", "Cleo", NULL });
  g_assert_true (gtk_switch_get_active (row_switch (row)));
  g_assert_true (gtk_switch_get_active (row_switch (find_row (group, "Cleo"))));
  gtk_switch_set_active (row_switch (find_row (group, "Cleo")), FALSE);
  mine = g_settings_get_strv (settings, "my-names");
  g_assert_cmpstrv (mine, ((const char * const[]) { "ADA", NULL }));
  g_clear_pointer (&mine, g_strfreev);

  /* The list follows the library. */
  add_game (lib, "human", "Dora", "computer:casual", "Bob", "2026-03-10T10:00:00Z", 3);
  wait_for_row (group, "Dora");
  imh_test_iterate_until (names_loaded, group);
  one = g_strdup_printf (IMH_TN ("%u game", "%u games", 1), 1);
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (find_row (group, "Dora"))), ==, one);

  /* A name of the setting in none of the games: listed, to be taken away. */
  g_settings_set_strv (settings, "my-names", (const char * const[]) { "ADA", "Zoe", NULL });
  row = find_row (group, "Zoe");
  g_assert_nonnull (row);
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==, IMH_T ("In none of your games yet"));
  g_assert_true (gtk_switch_get_active (row_switch (row)));
  gtk_switch_set_active (row_switch (row), FALSE);
  mine = g_settings_get_strv (settings, "my-names");
  g_assert_cmpstrv (mine, ((const char * const[]) { "ADA", NULL }));
  g_clear_pointer (&mine, g_strfreev);
  /* The row stays (switched off) while the window is open. */
  g_assert_nonnull (find_row (group, "Zoe"));

  /* A name not played yet, added with the entry. */
  entry = find_row (group, IMH_T ("Add a Name"));
  g_assert_true (ADW_IS_ENTRY_ROW (entry));
  gtk_editable_set_text (GTK_EDITABLE (entry), "  Max ");
  g_signal_emit_by_name (entry, "apply");
  mine = g_settings_get_strv (settings, "my-names");
  g_assert_cmpstrv (mine, ((const char * const[]) { "ADA", "Max", NULL }));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "");
  g_assert_true (gtk_switch_get_active (row_switch (find_row (group, "Max"))));

  gtk_window_destroy (prefs);
  imh_test_flush_main_loop ();
  g_assert_finalize_object (prefs);
  g_settings_set_strv (settings, "my-names", NULL);
}

/* With no name of the user's yet, the New Game dialog's person name
 * comes first. */
static void
test_suggestion (void)
{
  g_autoptr(GSettings) settings = g_settings_new (BASE_APP_ID);
  g_autoptr(GSettings) duel = imh_game_settings_new (imh_rules_get (IMH_GAME_DUEL));
  g_autoptr(ImhLibrary) lib = open_library ("suggestion.sqlite3");
  g_autoptr(GPtrArray) titles = NULL;
  g_auto(GStrv) mine = NULL;
  GtkWindow *prefs;
  GtkWidget *group;

  g_settings_set_strv (settings, "my-names", NULL);
  g_settings_set_strv (duel, "seats", (const char * const[]) { "computer", "human", NULL });
  g_settings_set_strv (duel, "names", (const char * const[]) { "Ramses", "Nefertari", NULL });
  add_game (lib, "human", "Ada", "human", "Ada2", "2026-01-10T10:00:00Z", 1);
  add_game (lib, "human", "Ada", "human", "nefertari", "2026-01-11T10:00:00Z", 2);

  prefs = imh_preferences_window_new (NULL, settings);
  g_object_ref (prefs);
  imh_preferences_window_set_library (prefs, lib, NULL);
  gtk_window_present (prefs);
  group = imh_test_find_descendant (GTK_WIDGET (prefs), IMH_TYPE_NAMES_GROUP);
  imh_test_iterate_until (names_loaded, group);
  titles = name_titles (group);
  g_assert_cmpuint (titles->len, ==, 3);
  /* As the library spells it. */
  g_assert_cmpstr (titles->pdata[0], ==, "nefertari");
  g_assert_cmpstr (titles->pdata[1], ==, "Ada");
  g_assert_false (gtk_switch_get_active (row_switch (find_row (group, "nefertari"))));
  gtk_switch_set_active (row_switch (find_row (group, "nefertari")), TRUE);
  mine = g_settings_get_strv (settings, "my-names");
  g_assert_cmpstrv (mine, ((const char * const[]) { "nefertari", NULL }));

  gtk_window_destroy (prefs);
  imh_test_flush_main_loop ();
  g_assert_finalize_object (prefs);
  g_settings_set_strv (settings, "my-names", NULL);
  g_settings_reset (duel, "seats");
  g_settings_reset (duel, "names");
}

static gboolean
progress_done (gpointer row)
{
  return g_strcmp0 (adw_preferences_row_get_title (row), IMH_T ("All finished games are analysed")) == 0;
}

/* The switch writes the key; while on, the progress line shows. */
static void
test_background (void)
{
  g_autoptr(GSettings) settings = g_settings_new (BASE_APP_ID);
  g_autoptr(ImhLibrary) lib = open_library ("background.sqlite3");
  g_autoptr(ImhBackgroundAnalysis) bg = imh_background_analysis_new (lib);
  g_autofree char *left = NULL;
  GtkWindow *prefs;
  GtkWidget *row, *progress;

  add_game (lib, "human", "Ada", "human", "Bob", "2026-01-10T10:00:00Z", 1);
  imh_background_analysis_set_budget (bg, 300, 6, 48);
  imh_background_analysis_set_low_priority (bg, FALSE);

  prefs = imh_preferences_window_new (NULL, settings);
  g_object_ref (prefs);
  imh_preferences_window_set_library (prefs, lib, bg);
  gtk_window_present (prefs);
  row = find_row (GTK_WIDGET (prefs), IMH_T ("_Analyse Finished Games"));
  g_assert_nonnull (row);
  g_assert_false (g_settings_get_boolean (settings, "background-analysis"));
  g_assert_false (gtk_switch_get_active (row_switch (row)));
  progress = find_row (GTK_WIDGET (prefs), IMH_T ("All finished games are analysed"));
  g_assert_nonnull (progress);
  g_assert_false (gtk_widget_get_visible (progress));

  gtk_switch_set_active (row_switch (row), TRUE);
  g_assert_true (g_settings_get_boolean (settings, "background-analysis"));
  g_assert_true (gtk_widget_get_visible (progress));
  /* What the window does when the key turns on. */
  imh_background_analysis_pause (bg);
  imh_background_analysis_start (bg);
  left = g_strdup_printf (IMH_TN ("%u game left", "%u games left", 1), 1);
  while (g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (progress)), left) != 0)
    g_main_context_iteration (NULL, TRUE);
  imh_background_analysis_resume (bg);
  imh_test_iterate_until (progress_done, progress);

  g_settings_set_boolean (settings, "background-analysis", FALSE);
  g_assert_false (gtk_switch_get_active (row_switch (row)));
  g_assert_false (gtk_widget_get_visible (progress));
  imh_background_analysis_stop (bg);

  gtk_window_destroy (prefs);
  imh_test_flush_main_loop ();
  g_assert_finalize_object (prefs);
}

static gboolean
not_running (gpointer bg)
{
  return !imh_background_analysis_get_running (bg);
}

static gboolean
view_busy (gpointer view)
{
  gboolean busy;

  g_object_get (view, "busy", &busy, NULL);
  return busy;
}

static gboolean
view_idle (gpointer view)
{
  return !view_busy (view);
}

static gboolean
game_played (gpointer game)
{
  return imh_game_get_n_plies (game) > 0;
}

static gboolean
bg_paused (gpointer bg)
{
  return imh_background_analysis_get_paused (bg);
}

static gboolean
bg_not_paused (gpointer bg)
{
  return !imh_background_analysis_get_paused (bg);
}

static gboolean
has_preferences (gpointer data)
{
  return imh_test_find_toplevel (ADW_TYPE_PREFERENCES_WINDOW) != NULL;
}

/* The window's background analysis: made with the library, started and
 * stopped by the key, paused while the computer thinks or the game shown
 * is analysed; app.my-names opens Preferences at the names of the
 * window's library. */
static void
test_window (void)
{
  g_autoptr(GSettings) settings = g_settings_new (BASE_APP_ID);
  g_autoptr(ImhApplication) app = imh_test_app_new ();
  g_autofree char *path = imh_library_default_path ();
  g_autoptr(ImhLibrary) lib = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhGame) game = NULL;
  ImhOptions options;
  ImhWindow *window;
  ImhPlayView *view;
  ImhBackgroundAnalysis *bg;
  GtkWindow *prefs;
  GtkWidget *group;

  /* The window's library (at the default path) has a game. */
  lib = imh_library_open (path, &error);
  g_assert_no_error (error);
  add_game (lib, "human", "Ada", "human", "Bob", "2026-01-10T10:00:00Z", 1);
  g_clear_object (&lib);

  window = imh_window_new (app);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_null (imh_window_get_background_analysis (window));

  /* Opened before the library: its names when it is open. */
  g_action_group_activate_action (G_ACTION_GROUP (app), "my-names", NULL);
  imh_test_iterate_until (has_preferences, NULL);
  prefs = imh_test_find_toplevel (ADW_TYPE_PREFERENCES_WINDOW);
  g_assert_cmpstr (adw_preferences_window_get_visible_page_name (ADW_PREFERENCES_WINDOW (prefs)), ==, "practice");
  group = imh_test_find_descendant (GTK_WIDGET (prefs), IMH_TYPE_NAMES_GROUP);
  g_assert_null (imh_names_group_get_library (IMH_NAMES_GROUP (group)));
  /* The library opens when first needed. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "library", NULL);
  imh_test_wait_for_object (window, "library");
  g_assert_true (imh_names_group_get_library (IMH_NAMES_GROUP (group)) == imh_window_get_library (window));
  imh_test_iterate_until (names_loaded, group);
  g_assert_nonnull (find_row (group, "Ada"));
  gtk_window_destroy (prefs);

  view = imh_window_get_play_view (window);
  bg = imh_window_get_background_analysis (window);
  g_assert_nonnull (bg);
  g_assert_true (imh_background_analysis_get_library (bg) == imh_window_get_library (window));
  g_assert_false (imh_background_analysis_get_running (bg));
  g_settings_set_boolean (settings, "background-analysis", TRUE);
  g_assert_true (imh_background_analysis_get_running (bg));

  /* Paused while the computer thinks. */
  imh_options_init (&options, IMH_GAME_DUEL, 2);
  game = imh_game_new (&options, 5, &error);
  g_assert_no_error (error);
  imh_play_view_set_game (view, game);
  g_assert_false (imh_background_analysis_get_paused (bg));
  for (guint p = 0; p < 2; p++)
    imh_seat_set_kind (imh_game_get_seat (game, p), IMH_SEAT_COMPUTER);
  imh_test_iterate_until (view_busy, view);
  g_assert_true (imh_background_analysis_get_paused (bg));
  imh_test_iterate_until (game_played, game);
  for (guint p = 0; p < 2; p++)
    imh_seat_set_kind (imh_game_get_seat (game, p), IMH_SEAT_HUMAN);
  imh_test_iterate_until (view_idle, view);
  g_assert_false (imh_background_analysis_get_paused (bg));
  /* And while the analysis of the game shown runs. */
  gtk_widget_activate_action (GTK_WIDGET (view), "game.analyse-quick", NULL);
  imh_test_iterate_until (bg_paused, bg);
  gtk_widget_activate_action (GTK_WIDGET (view), "game.cancel-analysis", NULL);
  imh_test_iterate_until (bg_not_paused, bg);

  g_settings_set_boolean (settings, "background-analysis", FALSE);
  imh_test_iterate_until (not_running, bg);

  /* Opened with the library open: its names at once. */
  g_action_group_activate_action (G_ACTION_GROUP (app), "my-names", NULL);
  imh_test_iterate_until (has_preferences, NULL);
  prefs = imh_test_find_toplevel (ADW_TYPE_PREFERENCES_WINDOW);
  group = imh_test_find_descendant (GTK_WIDGET (prefs), IMH_TYPE_NAMES_GROUP);
  g_assert_true (imh_names_group_get_library (IMH_NAMES_GROUP (group)) == imh_window_get_library (window));
  imh_test_iterate_until (names_loaded, group);
  g_assert_nonnull (find_row (group, "Ada"));

  gtk_window_destroy (prefs);
  gtk_window_destroy (GTK_WINDOW (window));
  imh_test_flush_main_loop ();
}

typedef struct {
  gboolean  done;
  GError   *error;
} Shot;

static void
on_shot (GtkWindow *window, const GError *error, gpointer data)
{
  Shot *shot = data;

  shot->error = error != NULL ? g_error_copy (error) : NULL;
  shot->done = TRUE;
}

static gboolean
shot_done (gpointer data)
{
  return ((Shot *) data)->done;
}

typedef struct {
  gboolean dark;
  int      width, height;
} ShotSpec;

static const ShotSpec shots[] = {
  { FALSE, 1280, 800 }, { FALSE, 360, 700 }, { TRUE, 1280, 800 }, { TRUE, 360, 700 },
};

/* To look at the page: IMH_PREFERENCES_SCREENSHOTS=DIR writes
 * DIR/practice-STYLE-WxH.png in the language of the locale. */
static void
test_screenshot (gconstpointer data)
{
  const ShotSpec *spec = data;
  const char *dir = g_getenv ("IMH_PREFERENCES_SCREENSHOTS");
  g_autoptr(GSettings) settings = NULL;
  g_autoptr(ImhLibrary) lib = NULL;
  g_autoptr(ImhBackgroundAnalysis) bg = NULL;
  g_autofree char *name = NULL, *path = NULL, *db = NULL;
  ImhScreenshotRequest request = { 0 };
  Shot shot = { 0 };
  GtkWindow *prefs;
  GtkWidget *group;

  if (dir == NULL)
    {
      g_test_skip ("IMH_PREFERENCES_SCREENSHOTS is not set");
      return;
    }
  settings = g_settings_new (BASE_APP_ID);
  db = g_strdup_printf ("shot-%d-%d-%d.sqlite3", spec->dark, spec->width, spec->height);
  lib = open_library (db);
  add_game (lib, "human", "Ada", "computer:casual", "Bob", "2026-01-10T10:00:00Z", 1);
  add_game (lib, "human", "Ada", "human", "Cleo", "2026-02-10T10:00:00Z", 2);
  add_game (lib, "human", "Ada", "human", "Maximilian Mustermann-Schmidt", "2026-02-11T10:00:00Z", 3);
  bg = imh_background_analysis_new (lib);
  imh_background_analysis_pause (bg);
  imh_background_analysis_start (bg);
  g_settings_set_strv (settings, "my-names", (const char * const[]) { "Ada", NULL });
  g_settings_set_boolean (settings, "background-analysis", TRUE);
  while (imh_background_analysis_get_remaining (bg) == 0)
    g_main_context_iteration (NULL, TRUE);

  prefs = imh_preferences_window_new (NULL, settings);
  imh_preferences_window_set_library (prefs, lib, bg);
  imh_preferences_window_show_names (prefs);
  group = imh_test_find_descendant (GTK_WIDGET (prefs), IMH_TYPE_NAMES_GROUP);
  imh_test_iterate_until (names_loaded, group);
  name = g_strdup_printf ("practice-%s-%dx%d.png", spec->dark ? "dark" : "light", spec->width, spec->height);
  path = g_build_filename (dir, name, NULL);
  request.path = path;
  request.width = spec->width;
  request.height = spec->height;
  request.dark = spec->dark;
  request.ply = -1;
  request.game = -1;
  imh_screenshot_take_when_ready (prefs, adw_window_get_content (ADW_WINDOW (prefs)), &request, on_shot, &shot);
  gtk_window_present (prefs);
  imh_test_iterate_until (shot_done, &shot);
  g_assert_no_error (shot.error);
  g_test_message ("%s", path);
  gtk_window_destroy (prefs);
  imh_background_analysis_stop (bg);
  g_settings_reset (settings, "my-names");
  g_settings_reset (settings, "background-analysis");
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
  imh_test_flush_main_loop ();
}

int
main (int argc, char **argv)
{
  imh_test_i18n_init_app ();
  if (!imh_test_app_init (&argc, &argv))
    return 0;

  g_test_add_func ("/preferences-practice/names", test_names);
  g_test_add_func ("/preferences-practice/suggestion", test_suggestion);
  g_test_add_func ("/preferences-practice/background", test_background);
  g_test_add_func ("/preferences-practice/window", test_window);
  for (guint i = 0; i < G_N_ELEMENTS (shots); i++)
    {
      g_autofree char *test = g_strdup_printf ("/preferences-practice/screenshot/%s-%dx%d",
                                               shots[i].dark ? "dark" : "light", shots[i].width,
                                               shots[i].height);
      g_test_add_data_func (test, &shots[i], test_screenshot);
    }
  return g_test_run ();
}
