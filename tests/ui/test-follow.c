/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-follow.c — following the game in the play view, for the Duel and the
 * base game: the history keeps the live turn in sight (a resumed game,
 * moves played, the user scrolling away), the sidebar stays docked whatever
 * the status says, the history keys work whatever has the focus (real key
 * events through the X server's XTEST extension), the board shows its focus
 * ring as soon as it has the focus and the pointer wins over the keyboard
 * focus; under a (virtual) display. */
#define G_LOG_DOMAIN "test-follow"

#include "config.h"

#include <adwaita.h>

#include "imh-board.h"
#include "imh-board-private.h"
#include "imh-game.h"
#include "imh-history-view.h"
#include "imh-play-view.h"
#include "imh-record-file.h"
#include "ui-test-keys.h"
#include "ui-test-play.h"
#include "ui-test-util.h"
#include "test-i18n.h"

typedef struct {
  GtkWindow   *window;
  GtkWidget   *header_button;
  ImhPlayView *view;
  GtkWidget   *board;
  GtkListBox  *list;
  GtkWidget   *scrolled;
} Fixture;

typedef struct {
  ImhGameKind kind;
  guint       n_players;
  guint       n_turns;
  int         width;
} GameSpec;

/* At the app's default width (1100 px) the Duel's sidebar is docked; the
 * base game's wider board docks it from about 1150 px. */
static const GameSpec duel_30 = { IMH_GAME_DUEL, 2, 30, 1100 };
static const GameSpec classic_30 = { IMH_GAME_CLASSIC, 3, 30, 1180 };
static const GameSpec duel_6 = { IMH_GAME_DUEL, 2, 6, 1100 };
static const GameSpec classic_6 = { IMH_GAME_CLASSIC, 3, 6, 1180 };

/* A game of two (or more) people, played on (the first legal decision
 * every time) until its history has n_turns turns, then saved and read
 * back as when it is resumed. */
static ImhGame *
resumed_game (const GameSpec *spec)
{
  ImhOptions options;
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhGame) game = NULL;
  g_autofree char *text = NULL;
  ImhGame *resumed;

  imh_options_init (&options, spec->kind, spec->n_players);
  options.start_player = 0;
  game = imh_game_new (&options, 7, &error);
  g_assert_no_error (error);
  while (!imh_game_get_is_over (game)
         && g_list_model_get_n_items (G_LIST_MODEL (imh_game_get_history (game))) < spec->n_turns)
    {
      ImhDecisionList legal;

      imh_game_get_legal (game, &legal);
      g_assert_true (imh_game_apply (game, legal.d[0], IMH_BRANCH_TRUNCATE, &error));
    }
  g_assert_false (imh_game_get_is_over (game));
  text = imh_game_to_record_text (game);
  resumed = imh_game_new_from_record_text (text, -1, &error);
  g_assert_no_error (error);
  imh_game_set_pace (resumed, 0);
  return resumed;
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  const GameSpec *spec = data;
  g_autoptr(ImhGame) game = resumed_game (spec);

  f->window = imh_test_play_window_new (spec->width, 700, &f->header_button, &f->view);
  /* Resumed before the window shows, as the app does. */
  imh_play_view_set_game (f->view, game);
  f->board = imh_play_view_get_board (f->view);
  f->list = GTK_LIST_BOX (imh_test_find_descendant (imh_test_find_descendant (GTK_WIDGET (f->view),
                                                                              IMH_TYPE_HISTORY_VIEW),
                                                    GTK_TYPE_LIST_BOX));
  f->scrolled = gtk_widget_get_ancestor (GTK_WIDGET (f->list), GTK_TYPE_SCROLLED_WINDOW);
  g_assert_nonnull (f->scrolled);
  gtk_window_present (f->window);
  imh_test_iterate_until (imh_test_widget_is_drawn, f->board);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  imh_test_play_window_destroy (f->window, f->view, NULL);
}

static ImhGame *
game_of (Fixture *f)
{
  return imh_play_view_get_game (f->view);
}

/* The row of the turn shown (the live turn at the live position). */
static GtkListBoxRow *
viewed_row (Fixture *f)
{
  ImhGame *game = game_of (f);
  guint pos = imh_history_get_position_for_ply (imh_game_get_history (game),
                                                imh_game_get_viewed_ply (game));

  return pos == G_MAXUINT ? NULL : gtk_list_box_get_row_at_index (f->list, pos);
}

/* The row lies inside the scrolled window's visible area. */
static gboolean
row_in_view (Fixture       *f,
             GtkListBoxRow *row)
{
  graphene_rect_t bounds;

  if (row == NULL || !gtk_widget_get_mapped (GTK_WIDGET (row))
      || !gtk_widget_compute_bounds (GTK_WIDGET (row), f->scrolled, &bounds))
    return FALSE;
  return bounds.size.height > 0 && bounds.origin.y >= -0.5
         && bounds.origin.y + bounds.size.height <= gtk_widget_get_height (f->scrolled) + 0.5;
}

static gboolean
viewed_row_in_view (gpointer data)
{
  Fixture *f = data;

  return gtk_widget_get_mapped (f->scrolled) && row_in_view (f, viewed_row (f));
}

static gboolean
first_row_in_view (gpointer data)
{
  Fixture *f = data;

  return row_in_view (f, gtk_list_box_get_row_at_index (f->list, 0));
}

/* Decides the first legal decision of the viewed position through the board's action. */
static void
decide_first_legal (Fixture *f)
{
  ImhGame *game = game_of (f);
  ImhDecisionList legal;
  char text[IMH_DECISION_TEXT_MAX];
  const ImhState *s = imh_game_get_viewed_state (game);

  imh_game_get_viewed_legal (game, &legal);
  g_assert_cmpuint (legal.n, >, 0);
  imh_rules_of (s)->decision_to_text (s, legal.d[0], text, sizeof text);
  g_assert_true (gtk_widget_activate_action (f->board, "board.decide", "s", text));
}

static guint
n_turns (Fixture *f)
{
  return g_list_model_get_n_items (G_LIST_MODEL (imh_game_get_history (game_of (f))));
}

/* A resumed game of many turns shows its live turn; so it does after
 * moves that add turns. */
static void
test_history_follows (Fixture       *f,
                      gconstpointer  data)
{
  ImhGame *game = game_of (f);
  guint turns = n_turns (f);
  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (f->scrolled));

  g_assert_cmpuint (turns, >=, 30);
  g_assert_cmpuint (imh_game_get_viewed_ply (game), ==, imh_game_get_live_ply (game));
  /* The list is taller than its window: there is something to follow. */
  imh_test_iterate_until (viewed_row_in_view, f);
  g_assert_cmpfloat (gtk_adjustment_get_upper (adj), >, gtk_adjustment_get_page_size (adj));
  g_assert_true (gtk_list_box_get_selected_row (f->list) == viewed_row (f));
  g_assert_false (first_row_in_view (f));

  /* Moves until a few more turns were added: the live turn stays in sight. */
  while (n_turns (f) < turns + 3 && !imh_game_get_is_over (game))
    {
      decide_first_legal (f);
      imh_test_iterate_until (viewed_row_in_view, f);
    }
  g_assert_cmpuint (n_turns (f), >=, turns + 3);
  g_assert_cmpuint (imh_game_get_viewed_ply (game), ==, imh_game_get_live_ply (game));
}

/* Scrolled away on purpose, the list stays where the user put it (a move
 * does not pull it back); the next step brings the viewed turn back. */
static void
test_history_user_scroll (Fixture       *f,
                          gconstpointer  data)
{
  ImhGame *game = game_of (f);
  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (f->scrolled));
  guint turns;

  imh_test_iterate_until (viewed_row_in_view, f);
  gtk_adjustment_set_value (adj, 0);
  imh_test_iterate_until (first_row_in_view, f);
  g_assert_false (viewed_row_in_view (f));

  turns = n_turns (f);
  while (n_turns (f) == turns)
    decide_first_legal (f);
  imh_test_flush_main_loop ();
  imh_test_iterate_until (imh_test_widget_is_drawn, f->scrolled);
  g_assert_cmpfloat (gtk_adjustment_get_value (adj), ==, 0);
  g_assert_true (first_row_in_view (f));

  /* A step back, then the live position again: in sight. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "game.history-previous", NULL));
  imh_test_iterate_until (viewed_row_in_view, f);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "game.history-last", NULL));
  g_assert_cmpuint (imh_game_get_viewed_ply (game), ==, imh_game_get_live_ply (game));
  imh_test_iterate_until (viewed_row_in_view, f);
}

/* ---- The sidebar by the window's width only ------------------------------------------ */

static gboolean
is_status_label (GtkWidget *widget,
                 gpointer   data)
{
  GtkWidget *parent = gtk_widget_get_parent (widget);

  return GTK_IS_LABEL (widget) && parent != NULL && gtk_widget_has_css_class (parent, "play-status");
}

static gboolean
count_frame (GtkWidget     *widget,
             GdkFrameClock *clock,
             gpointer       data)
{
  guint *frames = data;

  (*frames)++;
  return G_SOURCE_CONTINUE;
}

static gboolean
two_frames (gpointer data)
{
  return *(guint *) data >= 2;
}

/* Until the widget's frame clock ticked twice: a whole frame (with its
 * layout) ran after the changes made before. */
static void
wait_for_frame (GtkWidget *widget)
{
  guint frames = 0;
  guint id = gtk_widget_add_tick_callback (widget, count_frame, &frames, NULL);

  imh_test_iterate_until (two_frames, &frames);
  gtk_widget_remove_tick_callback (widget, id);
}

/* A finished game at the window's width: the summary button in the status
 * line, and stepping back makes the status long. */
static void
test_status_keeps_sidebar (Fixture       *f,
                           gconstpointer  data)
{
  AdwFlap *flap = ADW_FLAP (imh_test_find_descendant (GTK_WIDGET (f->view), ADW_TYPE_FLAP));
  GtkLabel *status = GTK_LABEL (imh_test_find_widget (GTK_WIDGET (f->view), is_status_label, NULL));
  GString *text = g_string_new (NULL);
  const GameSpec *spec = data;

  g_assert_nonnull (flap);
  g_assert_nonnull (status);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (f->window)), <=, spec->width);
  imh_test_iterate_until (viewed_row_in_view, f);
  g_assert_false (adw_flap_get_folded (flap));

  /* The game played to its end. */
  while (!imh_game_get_is_over (game_of (f)))
    decide_first_legal (f);
  wait_for_frame (f->board);
  g_assert_false (adw_flap_get_folded (flap));

  /* Steps back: the status speaks of the position viewed, at length. */
  for (guint i = 0; i < 3; i++)
    {
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "game.history-previous", NULL));
      wait_for_frame (f->board);
      g_assert_false (adw_flap_get_folded (flap));
      g_assert_true (gtk_widget_get_mapped (f->scrolled));
      g_assert_true (viewed_row_in_view (f));
    }

  /* A status far longer than the window: the sidebar stays docked and in
   * sight, the status keeps its whole text in the tooltip. */
  for (guint i = 0; i < 12; i++)
    g_string_append (text, "A very long status line that would not fit on one line. ");
  gtk_label_set_text (status, text->str);
  gtk_widget_set_tooltip_text (GTK_WIDGET (status), text->str);
  wait_for_frame (f->board);
  g_assert_false (adw_flap_get_folded (flap));
  g_assert_true (adw_flap_get_reveal_flap (flap));
  g_assert_true (gtk_widget_get_mapped (f->scrolled));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (f->window)), <=, spec->width);

  /* The status the view sets has its tooltip. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "game.history-last", NULL));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (GTK_WIDGET (status)), ==, gtk_label_get_text (status));
  g_string_free (text, TRUE);
}

/* ---- Keys ----------------------------------------------------------------------------- */

/* Presses and releases the key, with Alt held when alt. */
static void
press (ImhTestKeys *x,
       guint        keyval,
       gboolean     alt)
{
  imh_test_keys_press (x, keyval, alt);
}

typedef struct {
  ImhGame *game;
  guint    ply;
} PlyWait;

static gboolean
viewed_ply_is (gpointer data)
{
  PlyWait *w = data;

  return imh_game_get_viewed_ply (w->game) == w->ply;
}

static void
wait_for_viewed_ply (ImhGame *game,
                     guint    ply)
{
  PlyWait w = { game, ply };

  imh_test_iterate_until (viewed_ply_is, &w);
}

static gboolean
window_is_active (gpointer data)
{
  return gtk_window_is_active (GTK_WINDOW (data));
}

/* The viewed ply one step back from the live position, by the action. */
static guint
one_step_back (Fixture *f)
{
  ImhGame *game = game_of (f);
  guint ply;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "game.history-previous", NULL));
  ply = imh_game_get_viewed_ply (game);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "game.history-last", NULL));
  g_assert_cmpuint (ply, <, imh_game_get_live_ply (game));
  return ply;
}

static void
test_keys (Fixture       *f,
           gconstpointer  data)
{
  ImhGame *game = game_of (f);
  guint live = imh_game_get_live_ply (game);
  guint back = one_step_back (f);
  const ImhBoardTarget *target;
  ImhTestKeys x;

  if (!imh_test_keys_init (&x))
    {
      g_test_skip ("No XTEST: no real key events");
      return;
    }
  imh_test_iterate_until (window_is_active, f->window);

  /* The board focused: the arrows are its own (its focus target moves),
   * Alt+← steps the history back by one, End returns. */
  gtk_widget_grab_focus (f->board);
  g_assert_true (gtk_widget_has_focus (f->board));
  target = _imh_board_get_focus_target (IMH_BOARD (f->board));
  g_assert_nonnull (target);
  press (&x, GDK_KEY_Left, FALSE);
  press (&x, GDK_KEY_Right, FALSE);
  press (&x, GDK_KEY_Left, TRUE);
  wait_for_viewed_ply (game, back);
  g_assert_true (gtk_widget_has_focus (f->board));
  press (&x, GDK_KEY_End, FALSE);
  wait_for_viewed_ply (game, live);

  /* A header button focused: the same keys do the same. */
  gtk_widget_grab_focus (f->header_button);
  g_assert_true (gtk_widget_has_focus (f->header_button));
  press (&x, GDK_KEY_Left, TRUE);
  wait_for_viewed_ply (game, back);
  press (&x, GDK_KEY_Right, TRUE);
  wait_for_viewed_ply (game, live);
  press (&x, GDK_KEY_Home, FALSE);
  wait_for_viewed_ply (game, 0);
  press (&x, GDK_KEY_End, FALSE);
  wait_for_viewed_ply (game, live);
  press (&x, GDK_KEY_Up, TRUE);
  wait_for_viewed_ply (game, 0);
  press (&x, GDK_KEY_Down, TRUE);
  wait_for_viewed_ply (game, live);

  /* The history list focused (its rows use the plain arrows): the same. */
  gtk_widget_grab_focus (GTK_WIDGET (viewed_row (f)));
  press (&x, GDK_KEY_Left, TRUE);
  wait_for_viewed_ply (game, back);
  press (&x, GDK_KEY_End, FALSE);
  wait_for_viewed_ply (game, live);
}

/* Focus in: the ring at once, on a target the keyboard can play. */
static void
test_focus_ring (Fixture       *f,
                 gconstpointer  data)
{
  ImhBoard *board = IMH_BOARD (f->board);
  g_autofree char *name = NULL;

  gtk_widget_grab_focus (f->header_button);
  g_assert_false (_imh_board_get_focus_ring_visible (board));
  g_assert_null (_imh_board_get_focus_target (board));

  gtk_widget_grab_focus (f->board);
  g_assert_true (_imh_board_get_focus_ring_visible (board));
  g_assert_nonnull (_imh_board_get_focus_target (board));
  name = imh_board_dup_focus_name (board);
  g_assert_nonnull (name);
  {
    g_autofree char *tooltip = _imh_board_dup_tooltip_text (board);

    g_assert_cmpstr (tooltip, ==, name);
  }

  /* Viewing the past, nothing to choose: the ring goes round the board. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "game.history-previous", NULL));
  g_assert_true (gtk_widget_has_focus (f->board));
  g_assert_true (_imh_board_get_focus_ring_visible (board));

  gtk_widget_grab_focus (f->header_button);
  g_assert_false (_imh_board_get_focus_ring_visible (board));
}

static GtkEventController *
find_motion (GtkWidget *widget)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_MOTION (c))
        return c;
    }
  return NULL;
}

/* The pointer moving over a target while the board has the keyboard focus:
 * the focus target, its tooltip and the next Enter are the hovered one. */
static void
test_hover_wins (Fixture       *f,
                 gconstpointer  data)
{
  ImhBoard *board = IMH_BOARD (f->board);
  GtkEventController *motion = find_motion (f->board);
  const ImhBoardTarget *targets, *focus;
  g_autofree char *name = NULL;
  guint n;
  ImhBox b;

  g_assert_nonnull (motion);
  gtk_widget_grab_focus (f->board);
  targets = _imh_board_get_targets (board, &n);
  g_assert_cmpuint (n, >=, 2);
  focus = _imh_board_get_focus_target (board);
  g_assert_true (focus == &targets[0]);

  /* Over the last target (not the focused one). */
  b = IMH_BOARD_GET_CLASS (board)->target_box (board, &targets[n - 1]);
  g_signal_emit_by_name (motion, "motion", b.x + b.w / 2, b.y + b.h / 2);
  targets = _imh_board_get_targets (board, &n);
  focus = _imh_board_get_focus_target (board);
  g_assert_true (_imh_board_get_hover_target (board) == &targets[n - 1]);
  g_assert_true (focus == &targets[n - 1]);
  name = imh_board_dup_focus_name (board);
  {
    g_autofree char *tooltip = _imh_board_dup_tooltip_text (board);

    g_assert_cmpstr (tooltip, ==, name);
  }
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GtkCssProvider) provider = NULL;

  g_setenv ("GTK_A11Y", "none", TRUE);
  imh_test_i18n_init_app ();
  imh_test_init (&argc, &argv);
  adw_init ();
  /* The app's style sheet, as AdwApplication loads it. */
  provider = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (provider, RESOURCE_BASE_PATH "/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (),
                                              GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);

#define ADD(path, spec, func) \
  g_test_add (path, Fixture, spec, fixture_set_up, func, fixture_tear_down)
  ADD ("/follow/duel/history", &duel_30, test_history_follows);
  ADD ("/follow/classic/history", &classic_30, test_history_follows);
  ADD ("/follow/duel/history-user-scroll", &duel_30, test_history_user_scroll);
  ADD ("/follow/classic/history-user-scroll", &classic_30, test_history_user_scroll);
  ADD ("/follow/duel/status", &duel_30, test_status_keeps_sidebar);
  ADD ("/follow/classic/status", &classic_30, test_status_keeps_sidebar);
  ADD ("/follow/duel/keys", &duel_6, test_keys);
  ADD ("/follow/classic/keys", &classic_30, test_keys);
  ADD ("/follow/duel/focus-ring", &duel_6, test_focus_ring);
  ADD ("/follow/classic/focus-ring", &classic_6, test_focus_ring);
  ADD ("/follow/duel/hover-wins", &duel_6, test_hover_wins);
  ADD ("/follow/classic/hover-wins", &classic_6, test_hover_wins);
#undef ADD

  return g_test_run ();
}
