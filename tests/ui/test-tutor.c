/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test-tutor.c — the tutor in the play view, driven by the actions: with
 * the tutor on, a recorded blunder (the Duel of tests/core/test-tutor.c,
 * seed 11, ply 20: "U R1", where the analysis says "P c1") shows the
 * tutor's message naming the better decision, and Take Back goes back to
 * before it (with the computer's reply) and shows the better decision as
 * the hint; with the tutor off nothing shows; a good decision shows
 * nothing.
 */
#define G_LOG_DOMAIN "test-tutor"

#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "imh-board.h"
#include "imh-game.h"
#include "imh-play-view.h"
#include "imh-play-view-private.h"
#include "imh-preferences.h"
#include "imh-record-file.h"
#include "imh-screenshot.h"
#include "imh-texts.h"
#include "ui-test-play.h"
#include "ui-test-util.h"
#include "test-i18n.h"

/* The first 20 decisions of the Duel of seed 11; Ann (a person) is to
 * move, the computer plays White. */
static const char record_text[] =
  "imhotep-record 1\n"
  "game duel\n"
  "players 2\n"
  "sides AAAA\n"
  "seed 11\n"
  "start 1\n"
  "player 1 human Ann\n"
  "player 2 computer:random Bot\n"
  "\n"
  "1. P c3\n2. P b3\n3. P a3\n4. P c1\n5. P b1\n6. P b2\n7. P c2\n8. P a1\n9. U C2\n"
  "10. P c3\n11. U C1\n12. P c2\n13. P c1\n14. U R0\n15. P a1\n16. U C0\n17. P a1\n"
  "18. P a2\n19. P a3\n20. P b3\n";

#define BLUNDER_PLY 20

/* A picture of the message (test_screenshot): style and window size. */
typedef struct {
  gboolean dark;
  int      width, height;
} ShotSpec;

static const ShotSpec shot_specs[] = {
  { FALSE, 1280, 800 }, { FALSE, 360, 700 }, { TRUE, 1280, 800 }, { TRUE, 360, 700 },
};

static gboolean
is_shot_spec (gconstpointer data)
{
  return data >= (gconstpointer) shot_specs
         && data < (gconstpointer) (shot_specs + G_N_ELEMENTS (shot_specs));
}

typedef struct {
  GtkWindow   *window;
  ImhPlayView *view;
  GtkWidget   *board;
  GSettings   *settings;
  ImhGame     *game;
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  const ShotSpec *spec = is_shot_spec (data) ? data : NULL;

  f->settings = g_settings_new (BASE_APP_ID);
  g_settings_set_boolean (f->settings, "tutor", data != NULL);
  if (spec != NULL)
    adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                        spec->dark ? ADW_COLOR_SCHEME_FORCE_DARK
                                                   : ADW_COLOR_SCHEME_FORCE_LIGHT);
  f->window = GTK_WINDOW (adw_window_new ());
  g_object_ref (f->window);
  gtk_window_set_default_size (f->window, spec != NULL ? spec->width : 1100,
                               spec != NULL ? spec->height : 700);
  f->view = IMH_PLAY_VIEW (imh_play_view_new ());
  g_object_ref (f->view);
  imh_play_view_set_pace (f->view, 0);
  adw_window_set_content (ADW_WINDOW (f->window), GTK_WIDGET (f->view));
  f->board = imh_play_view_get_board (f->view);
  gtk_window_present (f->window);
  imh_test_iterate_until (imh_test_widget_is_drawn, f->board);

  f->game = imh_game_new_from_record_text (record_text, -1, &error);
  g_assert_no_error (error);
  g_assert_nonnull (f->game);
  imh_game_set_pace (f->game, 0);
  imh_play_view_set_game (f->view, f->game);
  f->board = imh_play_view_get_board (f->view);
  g_assert_cmpuint (imh_game_get_live_ply (f->game), ==, BLUNDER_PLY);
  g_assert_cmpint (imh_game_get_phase (f->game), ==, IMH_GAME_PHASE_HUMAN);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  imh_test_play_window_destroy (f->window, f->view, f->game);
  g_settings_reset (f->settings, "tutor");
  g_object_unref (f->settings);
}

static ImhDecision
decision (Fixture    *f,
          guint       ply,
          const char *text)
{
  const ImhState *s = imh_game_get_state_at (f->game, ply);
  ImhDecision d;

  g_assert_true (imh_rules_of (s)->decision_from_text (s, text, &d));
  return d;
}

static void
play (Fixture    *f,
      const char *text)
{
  g_assert_true (gtk_widget_activate_action (f->board, "board.decide", "s", text));
}

/* The tutor's search is over and the computer has replied: a person is
 * to move again. */
static gboolean
settled (gpointer data)
{
  Fixture *f = data;

  _imh_play_view_flush_refresh (f->view);
  return !_imh_play_view_tutor_searching (f->view)
         && imh_game_get_phase (f->game) == IMH_GAME_PHASE_HUMAN
         && imh_game_get_live_ply (f->game) > BLUNDER_PLY + 1;
}

static gboolean
is_take_back (GtkWidget *widget,
              gpointer   data)
{
  return GTK_IS_BUTTON (widget)
         && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)),
                       "game.tutor-take-back") == 0;
}

/* The Take Back button is on screen and can be pressed. */
static gboolean
take_back_offered (Fixture *f)
{
  GtkWidget *button = imh_test_find_widget (GTK_WIDGET (f->view), is_take_back, NULL);

  return button != NULL && gtk_widget_is_visible (button) && gtk_widget_is_sensitive (button);
}

static gboolean
message_shown (gpointer data)
{
  Fixture *f = data;

  _imh_play_view_flush_refresh (f->view);
  return _imh_play_view_tutor_message (f->view) != NULL;
}

/* Tutor on, the blunder: the message names the decision played and the
 * better one; Take Back undoes both decisions and draws the better one. */
static void
test_blunder (Fixture       *f,
              gconstpointer  data)
{
  const ImhState *before = imh_game_get_state_at (f->game, BLUNDER_PLY);
  ImhDecision best = decision (f, BLUNDER_PLY, "P c1");
  ImhDecision blunder = decision (f, BLUNDER_PLY, "U R1");
  g_autofree char *best_text = imh_texts_decision (before, best);
  g_autofree char *blunder_text = imh_texts_decision (before, blunder);
  const char *message;
  ImhDecision hint;

  g_assert_null (_imh_play_view_tutor_message (f->view));
  g_assert_false (take_back_offered (f));
  play (f, "U R1");
  g_assert_true (_imh_play_view_tutor_searching (f->view));
  imh_test_iterate_until (message_shown, f);
  /* Shown only with a person to move: the computer has replied. */
  g_assert_cmpint (imh_game_get_phase (f->game), ==, IMH_GAME_PHASE_HUMAN);
  g_assert_cmpuint (imh_game_get_live_ply (f->game), >, BLUNDER_PLY + 1);
  message = _imh_play_view_tutor_message (f->view);
  g_test_message ("The tutor: %s", message);
  g_assert_nonnull (strstr (message, best_text));
  g_assert_nonnull (strstr (message, blunder_text));
  g_assert_nonnull (strstr (message, "Ann"));
  g_assert_true (take_back_offered (f));
  /* The message fits a phone's width (360 px: it wraps). */
  {
    GtkWidget *button = imh_test_find_widget (GTK_WIDGET (f->view), is_take_back, NULL);
    GtkWidget *bar = gtk_widget_get_ancestor (button, GTK_TYPE_REVEALER);
    int minimum;

    gtk_widget_measure (bar, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
    g_assert_cmpint (minimum, <=, 360);
  }

  /* Show: the position before, viewed, with the better decision as the
   * hint; the game is unchanged and the message stays. */
  {
    guint live = imh_game_get_live_ply (f->game);

    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "game.tutor-show", NULL));
    g_assert_cmpuint (imh_game_get_viewed_ply (f->game), ==, BLUNDER_PLY);
    g_assert_cmpuint (imh_game_get_live_ply (f->game), ==, live);
    imh_test_flush_main_loop ();
    _imh_play_view_flush_refresh (f->view);
    g_assert_true (imh_board_get_hint (IMH_BOARD (f->board), &hint));
    g_assert_cmpuint (hint, ==, best);
    g_assert_true (take_back_offered (f));
  }

  /* Take Back: before the blunder, the better decision as the hint; what
   * was played stays to redo. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "game.tutor-take-back", NULL));
  g_assert_cmpuint (imh_game_get_live_ply (f->game), ==, BLUNDER_PLY);
  g_assert_cmpuint (imh_game_get_viewed_ply (f->game), ==, BLUNDER_PLY);
  g_assert_true (imh_game_get_can_redo (f->game));
  g_assert_null (_imh_play_view_tutor_message (f->view));
  g_assert_true (imh_board_get_hint (IMH_BOARD (f->board), &hint));
  g_assert_cmpuint (hint, ==, best);
  g_assert_false (take_back_offered (f));

  /* Following the hint: nothing to judge. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "game.play-hint", NULL));
  g_assert_cmpuint (imh_game_get_decision_at (f->game, BLUNDER_PLY), ==, best);
  g_assert_false (_imh_play_view_tutor_searching (f->view));
  imh_test_iterate_until (settled, f);
  g_assert_null (_imh_play_view_tutor_message (f->view));
}

/* Tutor off: the same blunder, nothing searched, nothing shown. */
static void
test_off (Fixture       *f,
          gconstpointer  data)
{
  play (f, "U R1");
  g_assert_false (_imh_play_view_tutor_searching (f->view));
  imh_test_iterate_until (settled, f);
  g_assert_null (_imh_play_view_tutor_message (f->view));
}

/* The first game against the computer suggests the tutor, once: Turn On
 * Tutor switches it on. */
static void
test_suggest (Fixture       *f,
              gconstpointer  data)
{
  g_assert_false (_imh_play_view_tutor_suggesting (f->view));
  _imh_play_view_tutor_suggest (f->view);
  g_assert_true (_imh_play_view_tutor_suggesting (f->view));
  g_assert_true (g_settings_get_boolean (f->settings, "tutor-suggested"));
  /* It stays while playing. */
  play (f, "P c1");
  g_assert_true (_imh_play_view_tutor_suggesting (f->view));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "game.tutor-enable", NULL));
  g_assert_false (_imh_play_view_tutor_suggesting (f->view));
  g_assert_true (g_settings_get_boolean (f->settings, "tutor"));
  /* Once only. */
  g_settings_set_boolean (f->settings, "tutor", FALSE);
  _imh_play_view_tutor_suggest (f->view);
  g_assert_false (_imh_play_view_tutor_suggesting (f->view));
  g_settings_reset (f->settings, "tutor-suggested");
  imh_test_iterate_until (settled, f);
}

/* Tutor on, the best decision (chosen by hand): judged, nothing shown. */
static void
test_good (Fixture       *f,
           gconstpointer  data)
{
  play (f, "P c1");
  g_assert_true (_imh_play_view_tutor_searching (f->view));
  imh_test_iterate_until (settled, f);
  imh_test_flush_main_loop ();
  g_assert_null (_imh_play_view_tutor_message (f->view));
}


typedef struct {
  gboolean  done;
  GError   *error;
} Shot;

static void
on_shot (GtkWindow    *window,
         const GError *error,
         gpointer      user_data)
{
  Shot *shot = user_data;

  shot->error = error != NULL ? g_error_copy (error) : NULL;
  shot->done = TRUE;
}

static gboolean
shot_done (gpointer data)
{
  return ((Shot *) data)->done;
}

/* A picture of the message to look at (not a check): with
 * IMH_TUTOR_SCREENSHOTS=DIR, DIR/tutor-STYLE-WxH.png in the language of
 * the locale. */
static void
test_screenshot (Fixture       *f,
                 gconstpointer  data)
{
  const ShotSpec *spec = data;
  const char *dir = g_getenv ("IMH_TUTOR_SCREENSHOTS");
  g_autofree char *name = NULL;
  g_autofree char *path = NULL;
  ImhScreenshotRequest request = { 0 };
  Shot shot = { 0 };

  if (dir == NULL)
    {
      g_test_skip ("IMH_TUTOR_SCREENSHOTS is not set");
      adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
      return;
    }
  if (g_getenv ("IMH_TUTOR_SHOT_NOPLAY") == NULL)
    {
      play (f, "U R1");
      imh_test_iterate_until (message_shown, f);
    }
  name = g_strdup_printf ("tutor-%s-%dx%d.png", spec->dark ? "dark" : "light", spec->width,
                          spec->height);
  path = g_build_filename (dir, name, NULL);
  request.path = path;
  request.width = spec->width;
  request.height = spec->height;
  request.dark = spec->dark;
  request.ply = -1;
  request.game = -1;
  imh_screenshot_take_when_ready (f->window, GTK_WIDGET (f->view), &request, on_shot, &shot);
  imh_test_iterate_until (shot_done, &shot);
  g_assert_no_error (shot.error);
  g_test_message ("%s", path);
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
}

/* Preferences: the Tutor switch sets the key, and follows it. */
static void
test_preferences (void)
{
  g_autoptr(GSettings) settings = g_settings_new (BASE_APP_ID);
  GtkWindow *prefs = imh_preferences_window_new (NULL, settings);
  GtkWidget *toggle;

  g_object_ref (prefs);
  gtk_window_present (prefs);
  toggle = imh_test_find_descendant (GTK_WIDGET (prefs), GTK_TYPE_SWITCH);
  g_assert_nonnull (toggle);
  g_assert_false (gtk_switch_get_active (GTK_SWITCH (toggle)));
  gtk_switch_set_active (GTK_SWITCH (toggle), TRUE);
  g_assert_true (g_settings_get_boolean (settings, "tutor"));
  g_settings_set_boolean (settings, "tutor", FALSE);
  g_assert_false (gtk_switch_get_active (GTK_SWITCH (toggle)));
  gtk_window_destroy (prefs);
  imh_test_flush_main_loop ();
  g_assert_finalize_object (prefs);
}

/* The switch is off by default. */
static void
test_default_off (void)
{
  g_autoptr(GSettings) settings = g_settings_new (BASE_APP_ID);

  g_assert_false (g_settings_get_boolean (settings, "tutor"));
  g_assert_false (g_settings_get_boolean (settings, "tutor-suggested"));
}

int
main (int   argc,
      char *argv[])
{
  g_setenv ("GTK_A11Y", "none", TRUE);
  imh_test_i18n_init_app ();
  imh_test_init (&argc, &argv);
  adw_init ();

  g_test_add_func ("/tutor/default-off", test_default_off);
  g_test_add_func ("/tutor/preferences", test_preferences);
  g_test_add ("/tutor/blunder", Fixture, GINT_TO_POINTER (TRUE), fixture_set_up, test_blunder,
              fixture_tear_down);
  g_test_add ("/tutor/off", Fixture, GINT_TO_POINTER (FALSE), fixture_set_up, test_off,
              fixture_tear_down);
  g_test_add ("/tutor/suggest", Fixture, NULL, fixture_set_up, test_suggest, fixture_tear_down);
  g_test_add ("/tutor/good", Fixture, GINT_TO_POINTER (TRUE), fixture_set_up, test_good,
              fixture_tear_down);

  for (guint i = 0; i < G_N_ELEMENTS (shot_specs); i++)
    {
      g_autofree char *path = g_strdup_printf ("/tutor/screenshot/%s-%dx%d",
                                               shot_specs[i].dark ? "dark" : "light",
                                               shot_specs[i].width, shot_specs[i].height);

      g_test_add (path, Fixture, &shot_specs[i], fixture_set_up, test_screenshot,
                  fixture_tear_down);
    }

  return g_test_run ();
}
