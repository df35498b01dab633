/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-stats-page.c — the Statistics page: without names it asks for them;
 * with names its numbers are those of the library's statistics for the
 * same query, in the locale's numbers; the filters change what is counted;
 * the plot has a point per analysed game and a moving average. */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "imh-ai.h"
#include "imh-exercise.h"
#include "imh-library-stats.h"
#include "imh-stats-page-private.h"
#include "imh-texts.h"
#include "practice-test-util.h"
#include "test-i18n.h"
#include "ui-test-util.h"

typedef struct {
  char       *path;
  ImhLibrary *lib;
  GSettings  *settings;
  gint64      id_recent;
} Fixture;

static gint64
add_game (ImhLibrary *lib, const char *text)
{
  g_autoptr(GError) error = NULL;
  gint64 id = imh_library_save_record (lib, 0, text, FALSE, &error);

  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);
  return id;
}

/* Stores an analysis of the game with losses on two of seat's decisions. */
static void
analyse (ImhLibrary *lib, gint64 id, const char *text, int seat, double loss1, double loss2)
{
  g_autoptr(GArray) plies = practice_choice_plies (text, seat, 2);
  PracticeLoss losses[2];
  ImhAnalysis *an;

  g_assert_cmpuint (plies->len, ==, 2);
  losses[0] = (PracticeLoss) { g_array_index (plies, guint, 0), loss1 };
  losses[1] = (PracticeLoss) { g_array_index (plies, guint, 1), loss2 };
  an = practice_analysis (text, losses, 2, (int) g_array_index (plies, guint, 0));
  practice_store (lib, id, an);
  imh_analysis_free (an);
}

/* Ada's games: two Duels (against a casual computer, against a person),
 * a base game between two computers (casual and strong), all analysed and
 * from early 2026; a Duel against the expert started yesterday, not
 * analysed. And a Duel of two other people. */
static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autoptr(GDateTime) yesterday = g_date_time_add_days (now, -1);
  g_autofree char *recent_start = g_date_time_format (yesterday, "%Y-%m-%dT%H:%M:%SZ");
  g_autofree char *a = practice_record (5, "human", "Ada", "computer:casual", "Bob", "2026-01-10T10:00:00Z");
  g_autofree char *b = practice_record (6, "human", "Cleo", "human", "ada", "2026-02-10T10:00:00Z");
  g_autofree char *d = practice_record (8, "human", "Zed", "human", "Yan", "2026-02-12T10:00:00Z");
  g_autofree char *e = practice_record (9, "human", "Ada", "computer:expert", "Eve", recent_start);
  const char *kinds[] = { "computer:casual", "human", "computer:strong" };
  const char *who[] = { "Cleo", "Ada", "Dan" };
  g_autofree char *c = practice_record_of (IMH_GAME_CLASSIC, 3, 9, kinds, who, "2026-03-01T10:00:00Z");
  gint64 id;

  g_assert_cmpint (g_mkdir_with_parents (g_get_user_data_dir (), 0700), ==, 0);
  f->path = g_build_filename (g_get_user_data_dir (), "stats.sqlite3", NULL);
  f->lib = imh_library_open (f->path, &error);
  g_assert_no_error (error);

  id = add_game (f->lib, a);
  analyse (f->lib, id, a, 0, 12, 20);
  id = add_game (f->lib, b);
  analyse (f->lib, id, b, 1, 16, 3);
  id = add_game (f->lib, c);
  analyse (f->lib, id, c, 1, 11, 18);
  add_game (f->lib, d);
  f->id_recent = add_game (f->lib, e);

  f->settings = g_settings_new (BASE_APP_ID);
  g_settings_reset (f->settings, "my-names");
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  g_settings_reset (f->settings, "my-names");
  g_clear_object (&f->settings);
  g_clear_object (&f->lib);
  for (guint i = 0; i < 3; i++)
    {
      const char *suffix[] = { "", "-wal", "-shm" };
      g_autofree char *p = g_strconcat (f->path, suffix[i], NULL);
      g_unlink (p);
    }
  g_free (f->path);
}

static gboolean
loaded (gpointer page)
{
  return !_imh_stats_page_get_loading (page);
}

static void
set_names (Fixture *f, const char *const *names)
{
  g_settings_set_strv (f->settings, "my-names", names);
}

/* The page in a window, its first load done. */
static GtkWidget *
show_page (Fixture *f, GtkWidget **page_out)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *page = imh_stats_page_new (f->lib);

  gtk_window_set_default_size (GTK_WINDOW (window), 800, 700);
  gtk_window_set_child (GTK_WINDOW (window), page);
  gtk_window_present (GTK_WINDOW (window));
  imh_test_iterate_until (loaded, page);
  *page_out = page;
  return window;
}

static ImhPlayerStats *
core_stats (Fixture *f, const char *name, int game, gint64 since)
{
  const char *names[] = { name, NULL };
  ImhPlayerStatsQuery q = { names, game, since, 0 };
  g_autoptr(GError) error = NULL;
  ImhPlayerStats *st = imh_library_get_player_stats (f->lib, &q, &error);

  g_assert_no_error (error);
  return st;
}

static void
assert_count (ImhStatsPage *page, ImhStatsSummaryRow row, guint expected)
{
  g_autofree char *text = g_strdup_printf ("%u", expected);

  g_assert_cmpstr (_imh_stats_page_get_summary_value (page, row), ==, text);
}

/* The page fits a phone's width (in the test's language). */
static void
assert_fits_phone (GtkWidget *page)
{
  int minimum = 0;

  gtk_widget_measure (page, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
  g_assert_cmpint (minimum, <=, 360);
}

static void
test_no_names (Fixture *f, gconstpointer data)
{
  GtkWidget *page;
  GtkWidget *window = show_page (f, &page);
  GtkWidget *button = _imh_stats_page_get_names_button (IMH_STATS_PAGE (page));
  const char *ada[] = { "ADA", NULL };
  const char *nobody[] = { "Nobody", NULL };

  g_assert_cmpstr (_imh_stats_page_get_state (IMH_STATS_PAGE (page)), ==, "names");
  g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (button)), ==, "app.my-names");
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (button)), ==, IMH_T ("Choose Your Names…"));
  g_assert_true (gtk_widget_is_drawable (button));
  assert_fits_phone (page);

  /* The page follows the setting: names of nobody in the library … */
  set_names (f, nobody);
  imh_test_iterate_until (loaded, page);
  g_assert_cmpstr (_imh_stats_page_get_state (IMH_STATS_PAGE (page)), ==, "none");
  assert_fits_phone (page);
  /* … the user's (without case) … */
  set_names (f, ada);
  imh_test_iterate_until (loaded, page);
  g_assert_cmpstr (_imh_stats_page_get_state (IMH_STATS_PAGE (page)), ==, "stats");
  assert_count (IMH_STATS_PAGE (page), IMH_STATS_SUMMARY_GAMES, 4);
  /* … none again. */
  set_names (f, NULL);
  imh_test_iterate_until (loaded, page);
  g_assert_cmpstr (_imh_stats_page_get_state (IMH_STATS_PAGE (page)), ==, "names");

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The text of a value as the page writes it, in the locale's numbers. */
static char *
percent (double v)
{
  return g_strdup_printf (IMH_T ("%.1f %%"), v);
}

static void
assert_shows (ImhStatsPage *page, const ImhPlayerStats *st)
{
  g_autofree char *accuracy = percent (st->mean_accuracy);
  g_autofree char *mistakes = g_strdup_printf ("%.1f", st->mistakes_per_game);
  g_autofree char *result = g_strdup_printf ("%.2f", st->mean_result);
  g_autofree char *adjusted = g_strdup_printf ("%.2f", st->mean_luck_adjusted);
  g_autofree char *luck = g_strdup_printf (IMH_T ("%+.1f points"), st->mean_luck);
  const char *title, *subtitle, *rate, *name, *value;
  guint n_loss = 0;

  assert_count (page, IMH_STATS_SUMMARY_GAMES, st->n_games);
  assert_count (page, IMH_STATS_SUMMARY_FINISHED, st->n_finished);
  assert_count (page, IMH_STATS_SUMMARY_ANALYSED, st->n_analysed);
  if (st->n_analysed > 0)
    {
      g_assert_cmpstr (_imh_stats_page_get_summary_value (page, IMH_STATS_SUMMARY_ACCURACY), ==, accuracy);
      g_assert_cmpstr (_imh_stats_page_get_summary_value (page, IMH_STATS_SUMMARY_MISTAKES), ==, mistakes);
    }
  if (st->n_results > 0)
    {
      g_assert_cmpstr (_imh_stats_page_get_luck_value (page, IMH_STATS_LUCK_RESULT), ==, result);
      g_assert_cmpstr (_imh_stats_page_get_luck_value (page, IMH_STATS_LUCK_LUCK), ==, luck);
      g_assert_cmpstr (_imh_stats_page_get_luck_value (page, IMH_STATS_LUCK_ADJUSTED), ==, adjusted);
    }

  /* A row per opponent level, named as the app names the levels. */
  for (guint i = 0; i < st->levels->len; i++)
    {
      const ImhPlayerStatsLevel *l = &g_array_index (st->levels, ImhPlayerStatsLevel, i);
      g_autofree char *expected_rate = g_strdup_printf (IMH_T ("%.0f %% won"), 100.0 * l->wins / l->games);
      g_autofree char *games = g_strdup_printf (IMH_TN ("%u game", "%u games", l->games), l->games);

      g_assert_true (_imh_stats_page_get_level_row (page, i, &title, &subtitle, &rate));
      g_assert_cmpstr (title, ==, l->level < 0 ? IMH_T ("People only")
                                               : imh_texts_level_name (imh_level_name ((ImhLevel) l->level)));
      g_assert_true (g_str_has_prefix (subtitle, games));
      g_assert_cmpstr (rate, ==, expected_rate);
    }
  g_assert_false (_imh_stats_page_get_level_row (page, st->levels->len, &title, &subtitle, &rate));

  /* The mean loss of each kind of decision that was made. */
  for (guint i = 0; i < st->groups->len; i++)
    {
      const ImhPlayerStatsGroup *g = &g_array_index (st->groups, ImhPlayerStatsGroup, i);
      g_autofree char *expected = NULL;

      if (g->decisions == 0)
        continue;
      expected = g_strdup_printf (IMH_T ("%.1f points"), g->mean_loss);
      g_assert_true (_imh_stats_page_get_loss_row (page, n_loss, &name, &value));
      g_assert_cmpstr (name, ==, imh_decision_group_name ((ImhGameKind) g->game, g->group));
      g_assert_cmpstr (value, ==, expected);
      n_loss++;
    }
  g_assert_false (_imh_stats_page_get_loss_row (page, n_loss, &name, &value));

  g_assert_cmpuint (imh_stats_plot_get_n_points (_imh_stats_page_get_plot (page)), ==, st->points->len);
}

static gboolean
counts_three (gpointer page)
{
  return _imh_stats_page_get_stats (page)->n_games == 3;
}

static void
test_numbers_and_filters (Fixture *f, gconstpointer data)
{
  const char *ada[] = { "ada", NULL };
  g_autoptr(ImhPlayerStats) all = core_stats (f, "ada", -1, 0);
  g_autoptr(ImhPlayerStats) duel = core_stats (f, "ada", IMH_GAME_DUEL, 0);
  g_autoptr(ImhPlayerStats) classic = core_stats (f, "ada", IMH_GAME_CLASSIC, 0);
  GtkWidget *page;
  GtkWidget *window;
  ImhStatsPage *p;
  const char *title, *subtitle, *rate;
  const char *decimal_point = localeconv ()->decimal_point;
  const char *accuracy;

  /* Hand-counted: four games of Ada (the other people's game not), all
   * finished, three analysed; people only, casual, strong and expert. */
  g_assert_cmpuint (all->n_games, ==, 4);
  g_assert_cmpuint (all->n_finished, ==, 4);
  g_assert_cmpuint (all->n_analysed, ==, 3);
  g_assert_cmpuint (all->levels->len, ==, 4);
  g_assert_cmpuint (all->points->len, ==, 3);
  g_assert_cmpuint (duel->n_games, ==, 3);
  g_assert_cmpuint (classic->n_games, ==, 1);

  set_names (f, ada);
  window = show_page (f, &page);
  p = IMH_STATS_PAGE (page);
  g_assert_cmpstr (_imh_stats_page_get_state (p), ==, "stats");
  assert_shows (p, all);
  assert_count (p, IMH_STATS_SUMMARY_GAMES, 4);
  assert_count (p, IMH_STATS_SUMMARY_ANALYSED, 3);
  g_assert_true (_imh_stats_page_get_level_row (p, 0, &title, &subtitle, &rate));
  g_assert_cmpstr (title, ==, IMH_T ("People only"));
  g_assert_true (_imh_stats_page_get_level_row (p, 3, &title, &subtitle, &rate));
  g_assert_cmpstr (title, ==, imh_texts_level_name ("expert"));
  g_assert_cmpuint (imh_stats_plot_get_n_points (_imh_stats_page_get_plot (p)), ==, 3);

  assert_fits_phone (page);

  /* The locale's numbers: a decimal comma in German. */
  accuracy = _imh_stats_page_get_summary_value (p, IMH_STATS_SUMMARY_ACCURACY);
  g_assert_nonnull (strstr (accuracy, decimal_point));
  if (strcmp (decimal_point, ",") == 0)
    g_assert_null (strchr (accuracy, '.'));

  /* The Duel alone: the base game's game, level and kinds of decision go. */
  _imh_stats_page_set_filters (p, IMH_STATS_GAME_DUEL, IMH_STATS_PERIOD_ALL);
  imh_test_iterate_until (loaded, page);
  assert_shows (p, duel);
  assert_count (p, IMH_STATS_SUMMARY_GAMES, 3);
  g_assert_cmpuint (imh_stats_plot_get_n_points (_imh_stats_page_get_plot (p)), ==, 2);
  for (guint i = 0; i < duel->groups->len; i++)
    g_assert_cmpint (g_array_index (duel->groups, ImhPlayerStatsGroup, i).game, ==, IMH_GAME_DUEL);

  /* The base game alone. */
  _imh_stats_page_set_filters (p, IMH_STATS_GAME_CLASSIC, IMH_STATS_PERIOD_ALL);
  imh_test_iterate_until (loaded, page);
  assert_shows (p, classic);
  assert_count (p, IMH_STATS_SUMMARY_GAMES, 1);
  g_assert_cmpuint (imh_stats_plot_get_n_points (_imh_stats_page_get_plot (p)), ==, 1);

  /* The last 30 days: yesterday's game only, not analysed. */
  _imh_stats_page_set_filters (p, IMH_STATS_GAME_BOTH, IMH_STATS_PERIOD_30_DAYS);
  imh_test_iterate_until (loaded, page);
  g_assert_cmpstr (_imh_stats_page_get_state (p), ==, "stats");
  assert_count (p, IMH_STATS_SUMMARY_GAMES, 1);
  assert_count (p, IMH_STATS_SUMMARY_ANALYSED, 0);
  g_assert_cmpuint (imh_stats_plot_get_n_points (_imh_stats_page_get_plot (p)), ==, 0);
  g_assert_true (_imh_stats_page_get_level_row (p, 0, &title, &subtitle, &rate));
  g_assert_cmpstr (title, ==, imh_texts_level_name ("expert"));

  /* The base game in the last 30 days: none. */
  _imh_stats_page_set_filters (p, IMH_STATS_GAME_CLASSIC, IMH_STATS_PERIOD_30_DAYS);
  imh_test_iterate_until (loaded, page);
  g_assert_cmpstr (_imh_stats_page_get_state (p), ==, "none");
  assert_fits_phone (page);

  /* Back to everything; then a game goes to the trash and the page,
   * shown, counts it no more. */
  _imh_stats_page_set_filters (p, IMH_STATS_GAME_BOTH, IMH_STATS_PERIOD_ALL);
  imh_test_iterate_until (loaded, page);
  assert_count (p, IMH_STATS_SUMMARY_GAMES, 4);
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(ImhLibraryDeleted) deleted = imh_library_delete (f->lib, &f->id_recent, 1, &error);

    g_assert_no_error (error);
    imh_test_iterate_until (counts_three, p);
    assert_count (p, IMH_STATS_SUMMARY_GAMES, 3);
  }

  gtk_window_destroy (GTK_WINDOW (window));
}

/* A page given its library late; a page gone while it loads: the load's
 * reply finds nothing to fill. */
static void
test_gone_while_loading (Fixture *f, gconstpointer data)
{
  const char *ada[] = { "ada", NULL };
  GtkWidget *page;

  set_names (f, ada);

  /* A page made before the library is open, given it later. */
  page = g_object_ref_sink (imh_stats_page_new (NULL));
  g_assert_false (_imh_stats_page_get_loading (IMH_STATS_PAGE (page)));
  g_assert_cmpstr (_imh_stats_page_get_state (IMH_STATS_PAGE (page)), ==, "loading");
  g_assert_null (_imh_stats_page_get_stats (IMH_STATS_PAGE (page)));
  imh_stats_page_set_library (IMH_STATS_PAGE (page), f->lib);
  g_assert_true (imh_stats_page_get_library (IMH_STATS_PAGE (page)) == f->lib);
  imh_test_iterate_until (loaded, page);
  g_assert_cmpstr (_imh_stats_page_get_state (IMH_STATS_PAGE (page)), ==, "stats");
  g_assert_cmpuint (_imh_stats_page_get_stats (IMH_STATS_PAGE (page))->n_games, ==, 4);
  g_object_unref (page);

  page = g_object_ref_sink (imh_stats_page_new (f->lib));
  g_assert_true (_imh_stats_page_get_loading (IMH_STATS_PAGE (page)));
  _imh_stats_page_set_filters (IMH_STATS_PAGE (page), IMH_STATS_GAME_DUEL, IMH_STATS_PERIOD_ALL);
  g_object_run_dispose (G_OBJECT (page));
  g_object_unref (page);
  imh_test_flush_main_loop ();
}

static void
make_points (ImhPlayerStatsPoint *points, guint n)
{
  for (guint i = 0; i < n; i++)
    {
      points[i] = (ImhPlayerStatsPoint) { 0 };
      points[i].game_id = i + 1;
      points[i].started = 1767225600 + (gint64) i * 86400;
      points[i].game = IMH_GAME_DUEL;
      points[i].accuracy = 60.0 + i;
      points[i].mistakes = i % 3;
    }
}

/* The plot: a moving average from IMH_STATS_PLOT_MIN_AVERAGE points on,
 * the trend in words for the screen reader. */
static void
test_plot (void)
{
  ImhPlayerStatsPoint points[20];
  GtkWidget *plot = g_object_ref_sink (imh_stats_plot_new ());
  ImhStatsPlot *sp = IMH_STATS_PLOT (plot);
  g_autofree char *few = NULL;
  g_autofree char *many = NULL;
  g_autofree char *tip = NULL;
  double average;

  make_points (points, 20);
  imh_stats_plot_set_points (sp, points, 5);
  g_assert_cmpuint (imh_stats_plot_get_n_points (sp), ==, 5);
  g_assert_false (imh_stats_plot_get_average (sp, 4, NULL));
  few = g_strdup_printf (IMH_TN ("Accuracy from %.0f %% to %.0f %% over %u game",
                                 "Accuracy from %.0f %% to %.0f %% over %u games", 5), 60.0, 64.0, 5);
  g_assert_cmpstr (imh_stats_plot_get_description (sp), ==, few);

  /* 20 points: a window of 4 games; the average of the last four. */
  imh_stats_plot_set_points (sp, points, 20);
  g_assert_cmpuint (imh_stats_plot_get_n_points (sp), ==, 20);
  g_assert_false (imh_stats_plot_get_average (sp, 2, NULL));
  g_assert_true (imh_stats_plot_get_average (sp, 3, &average));
  g_assert_cmpfloat_with_epsilon (average, (60 + 61 + 62 + 63) / 4.0, 1e-9);
  g_assert_true (imh_stats_plot_get_average (sp, 19, &average));
  g_assert_cmpfloat_with_epsilon (average, (76 + 77 + 78 + 79) / 4.0, 1e-9);
  many = g_strdup_printf (IMH_TN ("Accuracy from %.0f %% to %.0f %% over %u game",
                                  "Accuracy from %.0f %% to %.0f %% over %u games", 20), 61.5, 77.5, 20);
  g_assert_cmpstr (imh_stats_plot_get_description (sp), ==, many);

  /* A point's tooltip: its game and accuracy. */
  tip = imh_stats_plot_dup_point_text (sp, 19);
  g_assert_nonnull (strstr (tip, imh_texts_game_name (IMH_GAME_DUEL)));
  {
    g_autofree char *acc = g_strdup_printf ("%.1f", 79.0);
    g_assert_nonnull (strstr (tip, acc));
  }
  g_assert_null (imh_stats_plot_dup_point_text (sp, 20));

  imh_stats_plot_set_points (sp, NULL, 0);
  g_assert_cmpstr (imh_stats_plot_get_description (sp), ==, IMH_T ("No analysed games"));
  g_object_unref (plot);
}

/* The plot drawn light and dark, wide and narrow: nothing to fail on but
 * the drawing itself (it runs under fatal warnings). */
static void
test_plot_drawn (void)
{
  ImhPlayerStatsPoint points[40];
  GtkWidget *window = gtk_window_new ();
  GtkWidget *plot = imh_stats_plot_new ();

  make_points (points, 40);
  imh_stats_plot_set_points (IMH_STATS_PLOT (plot), points, 40);
  gtk_window_set_child (GTK_WINDOW (window), plot);
  for (guint i = 0; i < 2; i++)
    {
      adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                          i == 0 ? ADW_COLOR_SCHEME_FORCE_LIGHT : ADW_COLOR_SCHEME_FORCE_DARK);
      gtk_window_set_default_size (GTK_WINDOW (window), i == 0 ? 700 : 340, 260);
      gtk_window_present (GTK_WINDOW (window));
      imh_test_iterate_until (imh_test_widget_is_drawn, plot);
      imh_test_wait_for_paint (plot);
    }
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      g_print ("1..0 # SKIP no display: run under xvfb-run\n");
      return 0;
    }
  imh_test_i18n_init_app ();
  imh_test_init (&argc, &argv);
  adw_init ();

  g_test_add ("/stats-page/no-names", Fixture, NULL, fixture_set_up, test_no_names, fixture_tear_down);
  g_test_add ("/stats-page/numbers-and-filters", Fixture, NULL, fixture_set_up,
              test_numbers_and_filters, fixture_tear_down);
  g_test_add ("/stats-page/gone-while-loading", Fixture, NULL, fixture_set_up,
              test_gone_while_loading, fixture_tear_down);
  g_test_add_func ("/stats-page/plot", test_plot);
  g_test_add_func ("/stats-page/plot-drawn", test_plot_drawn);
  return g_test_run ();
}
