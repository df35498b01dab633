/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-play-animation.c — the play view animates the decisions applied
 * (the person's and the computer's) to their end, and viewing the
 * history changes nothing that is stored; under a (virtual) display. */
#define G_LOG_DOMAIN "test-play-animation"

#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "imh-board.h"
#include "imh-board-private.h"
#include "imh-game.h"
#include "imh-library.h"
#include "imh-library-autosave.h"
#include "imh-play-view-private.h"
#include "ui-test-play.h"
#include "ui-test-util.h"

typedef struct {
  GtkWindow   *window;
  ImhPlayView *view;
  GtkWidget   *board;
  ImhGame     *game;
  GString     *log;      /* P/C: a decision of the person/computer; 1/0: animating; e: at its end */
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  f->window = GTK_WINDOW (adw_window_new ());
  g_object_ref (f->window);
  gtk_window_set_default_size (f->window, 1100, 700);
  f->view = IMH_PLAY_VIEW (imh_play_view_new ());
  g_object_ref (f->view);
  adw_window_set_content (ADW_WINDOW (f->window), GTK_WIDGET (f->view));
  f->board = imh_play_view_get_board (f->view);
  f->log = g_string_new (NULL);
  g_object_set (gtk_widget_get_settings (f->board), "gtk-enable-animations", TRUE, NULL);
  gtk_window_present (f->window);
  imh_test_iterate_until (imh_test_widget_is_drawn, f->board);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  if (f->game != NULL)
    g_signal_handlers_disconnect_by_data (f->game, f);
  g_signal_handlers_disconnect_by_data (f->board, f);
  imh_test_play_window_destroy (f->window, f->view, f->game);
  g_string_free (f->log, TRUE);
}

static void
on_decision_applied (ImhGame *game,
                     guint    ply,
                     guint    decision,
                     Fixture *f)
{
  int actor = imh_actor (imh_game_get_state_at (game, ply));

  g_string_append_c (f->log, imh_seat_is_computer (imh_game_get_seat (game, actor)) ? 'C' : 'P');
}

static void
on_animating (ImhBoard *board,
              GParamSpec *pspec,
              Fixture  *f)
{
  gboolean animating = imh_board_get_animating (board);

  g_string_append_c (f->log, animating ? '1' : '0');
  /* Stopped only after its end, never cut short by a refresh. */
  if (!animating && _imh_board_get_animation_progress (board) >= 1.0)
    g_string_append_c (f->log, 'e');
}

/* A Duel of two people (seed 23) on the view, logged. */
static void
set_game (Fixture *f)
{
  ImhOptions options;
  g_autoptr(GError) error = NULL;

  imh_options_init (&options, IMH_GAME_DUEL, 2);
  options.start_player = 0;
  f->game = imh_game_new (&options, 23, &error);
  g_assert_no_error (error);
  imh_seat_set_level (imh_game_get_seat (f->game, 1), "random");
  g_signal_connect (f->game, "decision-applied", G_CALLBACK (on_decision_applied), f);
  g_signal_connect (f->board, "notify::animating", G_CALLBACK (on_animating), f);
  imh_play_view_set_game (f->view, f->game);
}

static gboolean
is_unload (ImhDecision d)
{
  return d >= IMH_DUEL_D_UNLOAD && d < IMH_DUEL_D_PLAY;
}

/* Plays the viewed position's first legal decision (an unload when
 * unload, else anything else) through the board. FALSE when there is none. */
static gboolean
decide (Fixture  *f,
        gboolean  unload)
{
  ImhDecisionList legal;
  char text[IMH_DECISION_TEXT_MAX];
  const ImhState *s = imh_game_get_viewed_state (f->game);

  imh_game_get_viewed_legal (f->game, &legal);
  for (guint k = 0; k < legal.n; k++)
    if (is_unload (legal.d[k]) == unload)
      {
        imh_rules_of (s)->decision_to_text (s, legal.d[k], text, sizeof text);
        g_assert_true (gtk_widget_activate_action (f->board, "board.decide", "s", text));
        return TRUE;
      }
  return FALSE;
}

static gboolean
unload_legal (Fixture *f)
{
  ImhDecisionList legal;

  imh_game_get_viewed_legal (f->game, &legal);
  for (guint k = 0; k < legal.n; k++)
    if (is_unload (legal.d[k]))
      return TRUE;
  return FALSE;
}

/* Both seats people: plays on (no unloads) until player is to move with
 * an unload legal. */
static void
play_until_unload_for (Fixture *f,
                       int      player)
{
  for (int i = 0; i < 60; i++)
    {
      _imh_play_view_flush_refresh (f->view);
      if (imh_game_get_actor (f->game) == player && unload_legal (f))
        return;
      g_assert_true (decide (f, FALSE));
    }
  g_assert_not_reached ();
}

static gboolean
board_is_still (gpointer data)
{
  return !imh_board_get_animating (IMH_BOARD (data));
}

static gboolean
computer_thinks (gpointer data)
{
  return imh_game_get_thinking (IMH_GAME (data));
}

static void
assert_board_shows_live (Fixture *f)
{
  const ImhState *live = imh_game_get_state (f->game);
  const ImhState *shown = imh_board_get_state (IMH_BOARD (f->board));
  size_t size = imh_rules_of (live)->state_size;

  g_assert_nonnull (shown);
  g_assert_true (memcmp (shown, live, size) == 0);
}

/* The person's decision flies to its end although the computer starts
 * thinking (and the view refreshes) right after. */
static void
test_person (Fixture       *f,
             gconstpointer  data)
{
  set_game (f);
  play_until_unload_for (f, 0);
  /* The computer answers, after a pause longer than any test. */
  imh_play_view_set_pace (f->view, 60000);
  imh_seat_set_kind (imh_game_get_seat (f->game, 1), IMH_SEAT_COMPUTER);
  g_string_truncate (f->log, 0);
  g_assert_true (decide (f, TRUE));
  g_assert_true (imh_board_get_animating (IMH_BOARD (f->board)));
  if (imh_game_get_actor (f->game) == 1)
    imh_test_iterate_until (computer_thinks, f->game);
  _imh_play_view_flush_refresh (f->view);
  imh_test_iterate_until (board_is_still, f->board);
  g_assert_cmpstr (f->log->str, ==, "P10e");
  assert_board_shows_live (f);
}

static gboolean
person_to_move (gpointer data)
{
  ImhGame *game = data;

  return imh_game_get_is_over (game) || imh_game_get_phase (game) == IMH_GAME_PHASE_HUMAN;
}

/* The computer's decisions are animated too (its unloads fly). */
static void
test_computer (Fixture       *f,
               gconstpointer  data)
{
  const char *p;

  set_game (f);
  imh_play_view_set_pace (f->view, 1);
  imh_seat_set_kind (imh_game_get_seat (f->game, 1), IMH_SEAT_COMPUTER);
  /* The person never unloads: what flies is the computer's. */
  for (int i = 0; i < 200 && strstr (f->log->str, "C1") == NULL; i++)
    {
      imh_test_iterate_until (person_to_move, f->game);
      if (imh_game_get_is_over (f->game))
        break;
      _imh_play_view_flush_refresh (f->view);
      if (!decide (f, FALSE))
        g_assert_true (decide (f, TRUE));
    }
  g_assert_nonnull (strstr (f->log->str, "C1"));
  imh_test_iterate_until (board_is_still, f->board);
  /* Each ran to its end, or a newer decision (logged just before) took over. */
  for (p = f->log->str; (p = strchr (p, '0')) != NULL; p++)
    g_assert_true (p[1] == 'e' || (p > f->log->str && (p[-1] == 'C' || p[-1] == 'P')));
  imh_test_iterate_until (person_to_move, f->game);
  _imh_play_view_flush_refresh (f->view);
  imh_test_iterate_until (board_is_still, f->board);
  assert_board_shows_live (f);
}

static void
count (guint *n)
{
  (*n)++;
}

static gboolean
autosave_is_idle (gpointer data)
{
  return !imh_library_autosave_get_busy (IMH_LIBRARY_AUTOSAVE (data));
}

/* Moving through the history (and undo/redo of moves already stored)
 * writes nothing to the library. */
static void
test_viewing_stores_nothing (Fixture       *f,
                             gconstpointer  data)
{
  static const char *const steps[] = {
    "game.history-first", "game.history-next", "game.history-next", "game.history-previous",
    "game.history-last", "game.history-previous", "game.history-first", "game.history-last",
    "game.undo", "game.undo", "game.redo", "game.redo",
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhLibrary) library = imh_library_open (NULL, &error);
  g_autoptr(ImhLibraryAutosave) autosave = NULL;
  guint writes = 0;

  g_assert_no_error (error);
  set_game (f);
  autosave = imh_library_autosave_new (library, f->game, 0);
  for (int i = 0; i < 6; i++)
    {
      _imh_play_view_flush_refresh (f->view);
      if (!decide (f, FALSE))
        g_assert_true (decide (f, TRUE));
    }
  imh_test_iterate_until (autosave_is_idle, autosave);
  g_assert_cmpint (imh_library_autosave_get_id (autosave), >, 0);

  g_signal_connect_swapped (library, "game-added", G_CALLBACK (count), &writes);
  g_signal_connect_swapped (library, "game-changed", G_CALLBACK (count), &writes);
  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    {
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), steps[i], NULL));
      imh_test_flush_main_loop ();
    }
  g_assert_cmpuint (imh_game_get_viewed_ply (f->game), ==, 6);
  imh_test_iterate_until (autosave_is_idle, autosave);
  g_assert_cmpuint (writes, ==, 0);
  g_signal_handlers_disconnect_by_data (library, &writes);
  imh_library_autosave_stop (autosave);
}

int
main (int   argc,
      char *argv[])
{
  g_setenv ("GTK_A11Y", "none", TRUE);
  imh_test_init (&argc, &argv);
  adw_init ();

#define ADD(path, fn) g_test_add (path, Fixture, NULL, fixture_set_up, fn, fixture_tear_down)
  ADD ("/play-animation/person", test_person);
  ADD ("/play-animation/computer", test_computer);
  ADD ("/play-animation/viewing-stores-nothing", test_viewing_stores_nothing);
#undef ADD

  return g_test_run ();
}
