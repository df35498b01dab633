/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-play.c — playing a Duel in the play view: board actions, undo/redo,
 * hints, the new game dialog, game over; under a (virtual) display. */
#define G_LOG_DOMAIN "test-play"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <string.h>

#include "imh-board.h"
#include "imh-board-factory.h"
#include "imh-game.h"
#include "imh-new-game-dialog.h"
#include "imh-play-view.h"
#include "imh-record-file.h"
#include "ui-test-play.h"
#include "ui-test-util.h"
#include "test-i18n.h"

typedef struct {
  GtkWindow   *window;
  ImhPlayView *view;
  GtkWidget   *board;
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
  imh_play_view_set_pace (f->view, 0);
  imh_play_view_set_hint_iterations (f->view, 300);
  adw_window_set_content (ADW_WINDOW (f->window), GTK_WIDGET (f->view));
  f->board = imh_play_view_get_board (f->view);
  gtk_window_present (f->window);
  imh_test_iterate_until (imh_test_widget_is_drawn, f->board);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  imh_test_play_window_destroy (f->window, f->view, NULL);
}

/* A new game: black a person, white the computer (random level: fast). */
static ImhGame *
new_game (guint64 seed,
          gboolean white_computer)
{
  ImhOptions options;
  g_autoptr(GError) error = NULL;
  ImhGame *game;

  imh_options_init (&options, IMH_GAME_DUEL, 2);
  options.start_player = 0;
  game = imh_game_new (&options, seed, &error);
  g_assert_no_error (error);
  imh_game_set_pace (game, 0);
  if (white_computer)
    {
      imh_seat_set_level (imh_game_get_seat (game, 1), "random");
      imh_seat_set_kind (imh_game_get_seat (game, 1), IMH_SEAT_COMPUTER);
    }
  return game;
}

/* Decides the first legal decision of the viewed position through the board's action. */
static void
decide_first_legal (Fixture *f)
{
  ImhGame *game = imh_play_view_get_game (f->view);
  ImhDecisionList legal;
  char text[IMH_DECISION_TEXT_MAX];
  const ImhState *s = imh_game_get_viewed_state (game);

  imh_game_get_viewed_legal (game, &legal);
  g_assert_cmpuint (legal.n, >, 0);
  imh_rules_of (s)->decision_to_text (s, legal.d[0], text, sizeof text);
  g_assert_true (gtk_widget_activate_action (f->board, "board.decide", "s", text));
}

static gboolean
human_to_move (gpointer data)
{
  ImhGame *game = data;

  return imh_game_get_is_over (game) || imh_game_get_phase (game) == IMH_GAME_PHASE_HUMAN;
}

static void
test_play_against_computer (Fixture       *f,
                            gconstpointer  data)
{
  g_autoptr(ImhGame) game = new_game (11, TRUE);
  guint before;

  imh_play_view_set_game (f->view, game);
  g_assert_true (imh_play_view_get_game (f->view) == game);
  g_assert_true (imh_board_get_interactive (IMH_BOARD (f->board)));
  g_assert_cmpuint (imh_board_get_n_targets (IMH_BOARD (f->board)), >, 0);

  /* An illegal notation changes nothing. */
  before = imh_game_get_live_ply (game);
  gtk_widget_activate_action (f->board, "board.decide", "s", "U R0");
  gtk_widget_activate_action (f->board, "board.decide", "s", "nonsense");
  g_assert_cmpuint (imh_game_get_live_ply (game), ==, before);

  /* Ten decisions of the person; the computer answers each time. */
  for (int i = 0; i < 10 && !imh_game_get_is_over (game); i++)
    {
      before = imh_game_get_live_ply (game);
      decide_first_legal (f);
      g_assert_cmpuint (imh_game_get_live_ply (game), >, before);
      imh_test_iterate_until (human_to_move, game);
    }
  g_assert_cmpuint (imh_game_get_live_ply (game), >=, 10);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (imh_game_get_history (game))), >=, 10);
  /* The computer's seat made decisions too. */
  g_assert_cmpint (imh_game_get_actor (game), ==, 0);
}

static void
test_undo_redo (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(ImhGame) game = new_game (12, TRUE);
  guint after_moves, after_undo;

  imh_play_view_set_game (f->view, game);
  g_assert_false (imh_play_view_get_action_enabled (f->view, "game.undo"));
  for (int i = 0; i < 4; i++)
    {
      decide_first_legal (f);
      imh_test_iterate_until (human_to_move, game);
    }
  after_moves = imh_game_get_live_ply (game);
  g_assert_true (imh_play_view_get_action_enabled (f->view, "game.undo"));
  g_assert_false (imh_play_view_get_action_enabled (f->view, "game.redo"));

  /* Undo against the computer goes back to the person's last decision. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "game.undo", NULL));
  after_undo = imh_game_get_live_ply (game);
  g_assert_cmpuint (after_undo, <, after_moves);
  g_assert_cmpint (imh_game_get_actor (game), ==, 0);
  g_assert_true (imh_board_get_interactive (IMH_BOARD (f->board)));
  g_assert_true (imh_play_view_get_action_enabled (f->view, "game.redo"));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "game.redo", NULL));
  g_assert_cmpuint (imh_game_get_live_ply (game), ==, after_moves);

  /* History navigation views the past without changing the game. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "game.history-first", NULL));
  g_assert_cmpuint (imh_game_get_viewed_ply (game), ==, 0);
  g_assert_cmpuint (imh_game_get_live_ply (game), ==, after_moves);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "game.history-next", NULL));
  g_assert_cmpuint (imh_game_get_viewed_ply (game), >, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "game.history-last", NULL));
  g_assert_cmpuint (imh_game_get_viewed_ply (game), ==, after_moves);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "game.history-previous", NULL));
  g_assert_cmpuint (imh_game_get_viewed_ply (game), <, after_moves);
  gtk_widget_activate_action (GTK_WIDGET (f->view), "game.history-last", NULL);
}

static gboolean
hint_is_visible (gpointer data)
{
  return imh_board_get_hint_visible (IMH_BOARD (data));
}

static void
test_hint (Fixture       *f,
           gconstpointer  data)
{
  g_autoptr(ImhGame) game = new_game (13, FALSE);
  gboolean visible = FALSE;
  ImhDecision hint;

  imh_play_view_set_game (f->view, game);
  g_assert_false (imh_board_get_hint_visible (IMH_BOARD (f->board)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "game.hint", NULL));
  imh_test_iterate_until (hint_is_visible, f->board);
  g_object_get (f->board, "hint-visible", &visible, NULL);
  g_assert_true (visible);
  g_assert_true (imh_board_get_hint (IMH_BOARD (f->board), &hint));
  g_assert_true (imh_is_legal (imh_game_get_state (game), hint));

  /* Space (play-hint) plays it; the overlay goes with the position. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "game.play-hint", NULL));
  g_assert_cmpuint (imh_game_get_live_ply (game), ==, 1);
  g_assert_cmpuint (imh_game_get_decision_at (game, 0), ==, hint);
  g_assert_false (imh_board_get_hint_visible (IMH_BOARD (f->board)));
}

/* `name` is the board's name of placing in that row and column. */
static void
assert_place_name (const char *name,
                   int         row,
                   int         column)
{
  g_autofree char *expected = g_strdup_printf (IMH_T ("Place a meeple in row %d, column %d"), row, column);

  g_assert_cmpstr (name, ==, expected);
}

static void
test_keyboard (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(ImhGame) game = new_game (14, FALSE);
  char *name;
  guint n;

  imh_play_view_set_game (f->view, game);
  n = imh_board_get_n_targets (IMH_BOARD (f->board));
  g_assert_cmpuint (n, >, 0);
  /* Every target has an accessible name. */
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = imh_board_dup_target_name (IMH_BOARD (f->board), i);
      g_assert_nonnull (name);
      g_assert_cmpuint (strlen (name), >, 3);
    }
  /* Focus in: the ring is on the first target at once. */
  gtk_widget_grab_focus (f->board);
  name = imh_board_dup_focus_name (IMH_BOARD (f->board));
  assert_place_name (name, 1, 1);
  g_free (name);
  /* The arrows move to the neighbour in that direction. */
  g_assert_true (gtk_widget_activate_action (f->board, "board.move", "(ii)", 1, 0));
  name = imh_board_dup_focus_name (IMH_BOARD (f->board));
  assert_place_name (name, 1, 2);
  g_free (name);
  g_assert_true (gtk_widget_activate_action (f->board, "board.move", "(ii)", 0, 1));
  name = imh_board_dup_focus_name (IMH_BOARD (f->board));
  assert_place_name (name, 2, 2);
  g_free (name);
  g_assert_true (gtk_widget_activate_action (f->board, "board.activate-target", NULL));
  g_assert_cmpuint (imh_game_get_live_ply (game), ==, 1);
  g_assert_true (imh_game_get_state (game)->u.duel.meeples[0] & (1u << 4));
}

/* Plays the first legal decision to the end; returns the record text. */
static char *
finished_record (guint64 seed)
{
  g_autoptr(ImhGame) game = new_game (seed, FALSE);

  while (!imh_game_get_is_over (game))
    {
      ImhDecisionList legal;
      g_autoptr(GError) error = NULL;

      imh_game_get_legal (game, &legal);
      g_assert_true (imh_game_apply (game, legal.d[legal.n - 1], IMH_BRANCH_TRUNCATE, &error));
    }
  return imh_game_to_record_text (game);
}

static void
test_finished_record (Fixture       *f,
                      gconstpointer  data)
{
  g_autofree char *text = finished_record (15);
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhGame) game = imh_game_new_from_record_text (text, -1, &error);

  g_assert_no_error (error);
  imh_play_view_set_game (f->view, game);
  g_assert_true (imh_game_get_is_over (game));
  g_assert_false (imh_board_get_interactive (IMH_BOARD (f->board)));
  g_assert_cmpuint (imh_board_get_n_targets (IMH_BOARD (f->board)), ==, 0);
  g_assert_false (imh_play_view_get_action_enabled (f->view, "game.hint"));
  g_assert_true (imh_play_view_get_action_enabled (f->view, "game.show-summary"));
  g_assert_null (imh_play_view_get_summary (f->view));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "game.show-summary", NULL));
  g_assert_true (ADW_IS_MESSAGE_DIALOG (imh_play_view_get_summary (f->view)));

  /* Play Again: a fresh game with the same seats. */
  /* As a click on the button does: the response, then the dialog closes. */
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (imh_play_view_get_summary (f->view)), "again");
  gtk_window_close (imh_play_view_get_summary (f->view));
  imh_test_flush_main_loop ();
  g_assert_null (imh_play_view_get_summary (f->view));
  g_assert_false (imh_game_get_is_over (game));
  g_assert_cmpuint (imh_game_get_live_ply (game), ==, 0);
}

static void
test_game_over_by_playing (Fixture       *f,
                           gconstpointer  data)
{
  g_autoptr(ImhGame) game = new_game (16, FALSE);

  imh_play_view_set_game (f->view, game);
  while (!imh_game_get_is_over (game))
    decide_first_legal (f);
  /* The last decision opened the summary. */
  g_assert_true (ADW_IS_MESSAGE_DIALOG (imh_play_view_get_summary (f->view)));
  /* Undo also works after the end. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "game.undo", NULL));
  g_assert_false (imh_game_get_is_over (game));
}

static void
test_new_game_dialog (Fixture       *f,
                      gconstpointer  data)
{
  ImhNewGameDialog *dialog;
  ImhGame *game;
  ImhOptions options;

  /* Without a game, New Game opens the dialog at once. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "game.new-game", NULL));
  dialog = IMH_NEW_GAME_DIALOG (imh_test_find_toplevel (IMH_TYPE_NEW_GAME_DIALOG));
  g_assert_nonnull (dialog);
  imh_new_game_dialog_start (dialog);
  imh_test_flush_main_loop ();
  g_assert_null (imh_test_find_toplevel (IMH_TYPE_NEW_GAME_DIALOG));

  /* The defaults: a person against the computer, all sides A. */
  game = imh_play_view_get_game (f->view);
  g_assert_nonnull (game);
  g_assert_false (imh_seat_is_computer (imh_game_get_seat (game, 0)));
  g_assert_true (imh_seat_is_computer (imh_game_get_seat (game, 1)));
  imh_game_get_options (game, &options);
  for (int i = 0; i < IMH_DUEL_N_SITES; i++)
    g_assert_cmpuint (options.sides[i], ==, IMH_SIDE_A);
  imh_game_stop_computer (game);
}

static void
test_branch_asks (Fixture       *f,
                  gconstpointer  data)
{
  g_autoptr(ImhGame) game = new_game (18, FALSE);
  ImhDecisionList legal, continuations;
  AdwMessageDialog *dialog;
  char text[IMH_DECISION_TEXT_MAX];
  const ImhState *s;

  imh_play_view_set_game (f->view, game);
  for (int i = 0; i < 3; i++)
    decide_first_legal (f);
  /* Back to the start in review, and a different first decision. */
  gtk_widget_activate_action (GTK_WIDGET (f->view), "game.history-first", NULL);
  s = imh_game_get_viewed_state (game);
  imh_game_get_viewed_legal (game, &legal);
  g_assert_cmpuint (legal.d[legal.n - 1], !=, imh_game_get_decision_at (game, 0));
  imh_rules_of (s)->decision_to_text (s, legal.d[legal.n - 1], text, sizeof text);
  g_assert_true (gtk_widget_activate_action (f->board, "board.decide", "s", text));

  /* Nothing happens before the answer. */
  dialog = ADW_MESSAGE_DIALOG (imh_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  g_assert_nonnull (dialog);
  g_assert_cmpuint (imh_game_get_live_ply (game), ==, 3);
  adw_message_dialog_response (dialog, "variation");
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_assert_cmpuint (imh_game_get_live_ply (game), ==, 1);
  g_assert_cmpuint (imh_game_get_decision_at (game, 0), ==, legal.d[legal.n - 1]);
  /* The old line is kept as a variation. */
  imh_game_get_continuations (game, 0, &continuations);
  g_assert_cmpuint (continuations.n, ==, 2);
}

/* A game (person against person) at the swap of a "swap and unload"
 * action tile, reached by seeded random play that favours action tiles. */
static ImhGame *
game_at_swap (void)
{
  for (guint64 seed = 1; seed < 400; seed++)
    {
      g_autoptr(ImhGame) game = new_game (seed, FALSE);
      g_autoptr(GRand) rand = g_rand_new_with_seed ((guint32) seed);

      for (int i = 0; i < 200 && !imh_game_get_is_over (game); i++)
        {
          ImhDecisionList legal;
          ImhDecision d;

          if (imh_game_get_state (game)->u.duel.phase == IMH_DUEL_PHASE_SU_SWAP)
            return g_steal_pointer (&game);
          imh_game_get_legal (game, &legal);
          d = legal.d[g_rand_int_range (rand, 0, legal.n)];
          for (guint k = 0; k < legal.n; k++)
            if (legal.d[k] == IMH_DUEL_D_PLAY + IMH_DUEL_ACTION_SWAP_UNLOAD)
              d = legal.d[k];
          g_assert_true (imh_game_apply (game, d, IMH_BRANCH_TRUNCATE, NULL));
        }
    }
  g_assert_not_reached ();
}

static void
test_swap_steps (Fixture       *f,
                 gconstpointer  data)
{
  g_autoptr(ImhGame) game = game_at_swap ();
  ImhBoard *board = IMH_BOARD (f->board);
  guint ply = imh_game_get_live_ply (game);
  g_autofree char *name = NULL;

  imh_play_view_set_game (f->view, game);
  /* First the slots that can be swapped, named as such. */
  g_assert_cmpuint (imh_board_get_n_targets (board), >=, 2);
  name = imh_board_dup_target_name (board, 0);
  {
    g_autofree char *swap = imh_test_t_prefix ("Swap: choose slot %d of the boat at row %d");
    g_assert_true (g_str_has_prefix (name, swap));
  }
  g_assert_false (imh_board_get_pending (board));

  /* Pick one: now its partners; Escape goes back. */
  gtk_widget_grab_focus (f->board);
  gtk_widget_activate_action (f->board, "board.next-target", NULL);
  gtk_widget_activate_action (f->board, "board.activate-target", NULL);
  g_assert_true (imh_board_get_pending (board));
  g_assert_cmpuint (imh_game_get_live_ply (game), ==, ply);
  gtk_widget_activate_action (f->board, "board.cancel", NULL);
  g_assert_false (imh_board_get_pending (board));

  /* Pick two: the swap is played, the unload follows. */
  gtk_widget_activate_action (f->board, "board.next-target", NULL);
  gtk_widget_activate_action (f->board, "board.activate-target", NULL);
  gtk_widget_activate_action (f->board, "board.activate-target", NULL);
  g_assert_cmpuint (imh_game_get_live_ply (game), ==, ply + 1);
  g_assert_cmpuint (imh_game_get_state (game)->u.duel.phase, ==, IMH_DUEL_PHASE_SU_UNLOAD);
  g_assert_false (imh_board_get_pending (board));
}

/* Plays first-legal decisions until an unload is legal, then the unload. */
static void
play_until_unload (Fixture *f,
                   ImhGame *game)
{
  for (int i = 0; i < 40; i++)
    {
      ImhDecisionList legal;

      imh_game_get_viewed_legal (game, &legal);
      for (guint k = 0; k < legal.n; k++)
        if (legal.d[k] >= IMH_DUEL_D_UNLOAD && legal.d[k] < IMH_DUEL_D_PLAY)
          {
            const ImhState *s = imh_game_get_viewed_state (game);
            char text[IMH_DECISION_TEXT_MAX];

            imh_rules_of (s)->decision_to_text (s, legal.d[k], text, sizeof text);
            g_assert_true (gtk_widget_activate_action (f->board, "board.decide", "s", text));
            return;
          }
      decide_first_legal (f);
    }
  g_assert_not_reached ();
}

static gboolean
board_is_still (gpointer data)
{
  return !imh_board_get_animating (IMH_BOARD (data));
}

static void
test_animation (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(ImhGame) game = new_game (19, FALSE);
  GtkSettings *settings = gtk_widget_get_settings (f->board);

  g_object_set (settings, "gtk-enable-animations", TRUE, NULL);
  imh_play_view_set_game (f->view, game);
  /* Unloading sends the tiles flying to their new owners' locations. */
  play_until_unload (f, game);
  g_assert_true (imh_board_get_animating (IMH_BOARD (f->board)));
  imh_test_iterate_until (board_is_still, f->board);

  /* Reduced motion (animations off): the tiles arrive at once. */
  g_object_set (settings, "gtk-enable-animations", FALSE, NULL);
  play_until_unload (f, game);
  g_assert_false (imh_board_get_animating (IMH_BOARD (f->board)));
  g_object_set (settings, "gtk-enable-animations", TRUE, NULL);
}

static void
test_history_rows (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(ImhGame) game = new_game (20, FALSE);
  GtkListBox *list;
  GtkListBoxRow *row;

  imh_play_view_set_game (f->view, game);
  for (int i = 0; i < 5; i++)
    decide_first_legal (f);
  imh_test_flush_main_loop ();
  list = GTK_LIST_BOX (imh_test_find_descendant (GTK_WIDGET (f->view), GTK_TYPE_LIST_BOX));
  g_assert_nonnull (list);
  /* One row per turn; the live turn is selected. */
  g_assert_nonnull (gtk_list_box_get_row_at_index (list, 4));
  g_assert_null (gtk_list_box_get_row_at_index (list, 5));
  g_assert_cmpint (gtk_list_box_row_get_index (gtk_list_box_get_selected_row (list)), ==, 4);

  /* A click on the first row shows the position after that turn. */
  row = gtk_list_box_get_row_at_index (list, 0);
  g_signal_emit_by_name (list, "row-activated", row);
  g_assert_cmpuint (imh_game_get_viewed_ply (game), ==, 1);
  g_assert_cmpuint (imh_game_get_live_ply (game), ==, 5);
  g_assert_true (gtk_list_box_get_selected_row (list) == row);
  /* The board shows that position, and the person may play on from it. */
  g_assert_true (imh_board_get_interactive (IMH_BOARD (f->board)));
}

static gboolean
view_has_this_game (gpointer data)
{
  gpointer *pair = data;

  return imh_play_view_get_game (pair[0]) != pair[1];
}

static gboolean
message_dialog_shown (gpointer data)
{
  return imh_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG) != NULL;
}

/* Waits for a logged message (the view logs its toasts where there is no
 * toast overlay, as here) that contains `text`. */
typedef struct {
  const char *text;
  gboolean    seen;
} LogWait;

static void
on_log_message (const char     *domain,
                GLogLevelFlags  level,
                const char     *message,
                gpointer        data)
{
  LogWait *w = data;

  if (strstr (message, w->text) != NULL)
    w->seen = TRUE;
}

static gboolean
log_seen (gpointer data)
{
  return ((LogWait *) data)->seen;
}

static void
test_open_file (Fixture       *f,
                gconstpointer  data)
{
  g_autofree char *text = finished_record (21);
  g_autofree char *path = g_build_filename (g_get_user_data_dir (), "game.imhotep", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(ImhGame) playing = new_game (22, FALSE);
  gpointer pair[2] = { f->view, NULL };
  AdwMessageDialog *dialog;

  /* The isolated data dir of G_TEST_OPTION_ISOLATE_DIRS does not exist yet. */
  g_assert_cmpint (g_mkdir_with_parents (g_get_user_data_dir (), 0700), ==, 0);
  g_assert_true (g_file_set_contents (path, text, -1, NULL));

  /* Without a game in progress the file opens at once. */
  imh_play_view_open_file (f->view, file);
  imh_test_iterate_until (view_has_this_game, pair);
  g_assert_true (imh_game_get_is_over (imh_play_view_get_game (f->view)));

  /* With one, the user is asked first. */
  imh_play_view_set_game (f->view, playing);
  decide_first_legal (f);
  pair[1] = playing;
  imh_play_view_open_file (f->view, file);
  imh_test_iterate_until (message_dialog_shown, NULL);
  dialog = ADW_MESSAGE_DIALOG (imh_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  g_assert_true (imh_play_view_get_game (f->view) == playing);
  adw_message_dialog_response (dialog, "open");
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_assert_true (imh_play_view_get_game (f->view) != playing);
  g_assert_true (imh_game_get_is_over (imh_play_view_get_game (f->view)));

  /* A game of the base game (its game over here) opens on its own board. */
  {
    ImhOptions o;
    g_autoptr(GError) error = NULL;
    g_autoptr(ImhGame) classic = NULL;
    g_autofree char *classic_text = NULL;
    g_autofree char *classic_path = g_build_filename (g_get_user_data_dir (), "classic.imhotep", NULL);
    g_autoptr(GFile) classic_file = g_file_new_for_path (classic_path);
    gpointer shown[2] = { f->view, imh_play_view_get_game (f->view) };
    GtkWidget *board;

    imh_options_init (&o, IMH_GAME_CLASSIC, 3);
    classic = imh_game_new (&o, 24, &error);
    g_assert_no_error (error);
    classic_text = imh_game_to_record_text (classic);
    g_assert_true (g_file_set_contents (classic_path, classic_text, -1, NULL));
    imh_play_view_open_file (f->view, classic_file);
    imh_test_iterate_until (view_has_this_game, shown);
    g_assert_cmpint (imh_game_get_kind (imh_play_view_get_game (f->view)), ==, IMH_GAME_CLASSIC);
    board = imh_play_view_get_board (f->view);
    g_assert_true (G_OBJECT_TYPE (board) == imh_board_type_for_kind (IMH_GAME_CLASSIC));
    imh_test_iterate_until (imh_test_widget_is_drawn, board);
    g_assert_cmpuint (imh_board_get_n_targets (IMH_BOARD (board)), >, 0);
  }
}

typedef struct {
  const char *path;
  ImhGame    *game;
} SavedWait;

static gboolean
file_has_game (gpointer data)
{
  SavedWait *w = data;
  g_autofree char *contents = NULL;
  g_autofree char *text = imh_game_to_record_text (w->game);

  return g_file_get_contents (w->path, &contents, NULL, NULL) && g_strcmp0 (contents, text) == 0;
}

static gboolean
view_has_a_game (gpointer data)
{
  return imh_play_view_get_game (data) != NULL;
}

/* Ctrl+S (game.save) writes a game opened from a file back to that file. */
static void
test_save_to_file (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(ImhGame) start = new_game (23, FALSE);
  g_autofree char *text = imh_game_to_record_text (start);
  g_autofree char *path = g_build_filename (g_get_user_data_dir (), "saved.imhotep", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *before = NULL;
  SavedWait wait = { path, NULL };
  LogWait saved = { IMH_T ("Game saved"), FALSE };
  guint handler;

  g_assert_cmpint (g_mkdir_with_parents (g_get_user_data_dir (), 0700), ==, 0);
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  imh_play_view_open_file (f->view, file);
  imh_test_iterate_until (view_has_a_game, f->view);
  wait.game = imh_play_view_get_game (f->view);
  g_assert_cmpuint (imh_game_get_n_plies (wait.game), ==, 0);

  decide_first_legal (f);
  decide_first_legal (f);
  g_assert_cmpuint (imh_game_get_n_plies (wait.game), ==, 2);
  g_assert_true (g_file_get_contents (path, &before, NULL, NULL));
  g_assert_cmpstr (before, ==, text);   /* nothing written yet */

  g_assert_true (imh_play_view_get_action_enabled (f->view, "game.save"));
  /* Done when the view says so (it logs its toasts here): the file is
   * written before that, and the view is let go after it. */
  handler = g_log_set_handler (NULL, G_LOG_LEVEL_MESSAGE, on_log_message, &saved);
  gtk_widget_activate_action (GTK_WIDGET (f->view), "game.save", NULL);
  imh_test_iterate_until (log_seen, &saved);
  g_log_remove_handler (NULL, handler);
  g_assert_true (file_has_game (&wait));
}

/* The action a key of the view's shortcut controller activates, or NULL. */
static char *
view_action_for_key (Fixture    *f,
                     const char *key)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (f->view));

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);
          g_autofree char *trigger = gtk_shortcut_trigger_to_string (gtk_shortcut_get_trigger (shortcut));
          GtkShortcutAction *action = gtk_shortcut_get_action (shortcut);

          if (g_strcmp0 (trigger, key) == 0 && GTK_IS_NAMED_ACTION (action))
            return g_strdup (gtk_named_action_get_action_name (GTK_NAMED_ACTION (action)));
        }
    }
  return NULL;
}

/* The window-wide keys of the play view (docs/play.md). */
static void
test_view_keys (Fixture       *f,
                gconstpointer  data)
{
  static const char *const keys[][2] = {
    { "h", "game.hint" }, { "space", "game.play-hint" },
    { "<Alt>Left", "game.history-previous" }, { "<Alt>Right", "game.history-next" },
    { "Home", "game.history-first" }, { "End", "game.history-last" },
    { "<Alt>Up", "game.history-first" }, { "<Alt>Down", "game.history-last" },
    { "F9", "game.show-sidebar" }, { "n", "game.next-mistake" }, { "p", "game.previous-mistake" },
    { "<Control>d", "game.bookmark" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      g_autofree char *action = view_action_for_key (f, keys[i][0]);
      g_assert_cmpstr (action, ==, keys[i][1]);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_setenv ("GTK_A11Y", "none", TRUE);
  imh_test_i18n_init_app ();
  imh_test_init (&argc, &argv);
  adw_init ();

#define ADD(path, fn) g_test_add (path, Fixture, NULL, fixture_set_up, fn, fixture_tear_down)
  ADD ("/play/against-computer", test_play_against_computer);
  ADD ("/play/undo-redo", test_undo_redo);
  ADD ("/play/hint", test_hint);
  ADD ("/play/keyboard", test_keyboard);
  ADD ("/play/finished-record", test_finished_record);
  ADD ("/play/game-over", test_game_over_by_playing);
  ADD ("/play/new-game-dialog", test_new_game_dialog);
  ADD ("/play/branch-asks", test_branch_asks);
  ADD ("/play/swap-steps", test_swap_steps);
  ADD ("/play/animation", test_animation);
  ADD ("/play/history-rows", test_history_rows);
  ADD ("/play/open-file", test_open_file);
  ADD ("/play/save-to-file", test_save_to_file);
  ADD ("/play/view-keys", test_view_keys);
#undef ADD

  return g_test_run ();
}
