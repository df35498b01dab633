/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-classic-game.c — whole games of the base game (Imhotep, 2–4 players)
 * in the app's window: a person against three computer seats to the end,
 * and a hot-seat game on all-B sides through the decisions that another
 * player than the turn player takes (market-B pair, pyramid B, temple B),
 * a Lever's unloading order and a pass. Every decision of a person goes
 * through the board's "board.decide" action with the rules' notation. */
#define G_LOG_DOMAIN "test-classic-game"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <string.h>

#include "imh-application.h"
#include "imh-board.h"
#include "imh-board-factory.h"
#include "imh-game.h"
#include "imh-history-view.h"
#include "imh-library.h"
#include "imh-play-view.h"
#include "imh-session.h"
#include "imh-texts.h"
#include "imh-ui-util.h"
#include "imh-window.h"
#include "test-i18n.h"
#include "ui-test-util.h"

static ImhApplication *app;

/* ---- Helpers --------------------------------------------------------------------- */

static gboolean
is_null (gpointer data)
{
  return *(gpointer *) data == NULL;
}

/* A window whose library keeps the games shown, the computer without pause. */
static ImhWindow *
library_window (void)
{
  ImhWindow *window = imh_window_new (app);

  imh_play_view_set_pace (imh_window_get_play_view (window), 0);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  imh_test_iterate_until (imh_test_widget_is_drawn, window);
  imh_window_set_library_autosave (window, TRUE);
  return window;
}

static void
destroy_window (ImhWindow *window)
{
  gpointer weak = window;

  g_object_add_weak_pointer (G_OBJECT (window), &weak);
  gtk_window_close (GTK_WINDOW (window));
  imh_test_iterate_until (is_null, &weak);
}

static ImhGame *
new_classic_game (guint    n_players,
                  gboolean all_b,
                  guint64  seed)
{
  static const char *const names[] = { "Ahmose", "Baket", "Chaf", "Djedi" };
  g_autoptr(GError) error = NULL;
  ImhOptions options;
  ImhGame *game;

  imh_options_init (&options, IMH_GAME_CLASSIC, (int) n_players);
  options.start_player = 0;
  for (int i = 0; i < IMH_CLASSIC_N_SITES && all_b; i++)
    options.sides[i] = IMH_SIDE_B;
  game = imh_game_new (&options, seed, &error);
  g_assert_no_error (error);
  imh_game_set_pace (game, 0);
  for (guint p = 0; p < n_players; p++)
    imh_seat_set_name (imh_game_get_seat (game, p), names[p]);
  return game;
}

/* Decides d, legal in the position shown, through the board's action with
 * its notation. */
static void
decide (GtkWidget *board,
        ImhGame   *game,
        ImhDecision d)
{
  const ImhState *s = imh_game_get_viewed_state (game);
  guint ply = imh_game_get_live_ply (game);
  char text[IMH_DECISION_TEXT_MAX];

  g_assert_true (imh_board_get_interactive (IMH_BOARD (board)));
  g_assert_true (imh_is_legal (s, d));
  g_assert_cmpint (imh_rules_of (s)->decision_to_text (s, d, text, sizeof text), >, 0);
  g_assert_true (gtk_widget_activate_action (board, "board.decide", "s", text));
  /* A person's decision is applied at once. */
  g_assert_cmpuint (imh_game_get_live_ply (game), ==, ply + 1);
  g_assert_cmpuint (imh_game_get_decision_at (game, ply), ==, d);
}

static gboolean
person_to_decide_or_over (gpointer data)
{
  ImhGame *game = data;

  return imh_game_get_is_over (game) || imh_game_get_phase (game) == IMH_GAME_PHASE_HUMAN;
}

typedef struct {
  const char *text;
  GtkWidget  *found;
} LabelWait;

static gboolean
label_has_text (GtkWidget *widget,
                gpointer   data)
{
  LabelWait *w = data;

  return GTK_IS_LABEL (widget) && gtk_widget_get_visible (widget)
         && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), w->text) == 0;
}

/* The visible label under root that shows exactly text, or NULL. */
static GtkWidget *
find_label (GtkWidget  *root,
            const char *text)
{
  LabelWait w = { text, NULL };

  return imh_test_find_widget (root, label_has_text, &w);
}

static gboolean
has_css_class (GtkWidget *widget,
               gpointer   data)
{
  return gtk_widget_has_css_class (widget, data);
}

static gboolean
summary_shown (gpointer data)
{
  return imh_play_view_get_summary (data) != NULL;
}

typedef struct {
  gint64 id;
  guint  length;
} StoredWait;

static ImhLibrary *
open_library (void)
{
  g_autoptr(GError) error = NULL;
  ImhLibrary *library = imh_library_open (NULL, &error);

  g_assert_no_error (error);
  return library;
}

/* The library holds the whole finished game. */
static gboolean
library_has_finished_game (gpointer data)
{
  StoredWait *w = data;
  g_autoptr(ImhLibrary) library = NULL;
  g_autoptr(ImhGameSummary) summary = NULL;

  if (w->id <= 0)
    return FALSE;
  library = open_library ();
  summary = imh_library_get_summary (library, w->id, NULL);
  return summary != NULL && imh_game_summary_get_finished (summary)
         && imh_game_summary_get_length (summary) == w->length;
}

static gboolean
has_library_id (gpointer data)
{
  return imh_session_get_library_id (data) > 0;
}

/* The rows of the play view's history (its list box). */
static guint
history_rows (ImhPlayView *view)
{
  GtkWidget *history = imh_test_find_descendant (GTK_WIDGET (view), IMH_TYPE_HISTORY_VIEW);
  GtkWidget *list;
  guint n = 0;

  g_assert_nonnull (history);
  list = imh_test_find_descendant (history, GTK_TYPE_LIST_BOX);
  g_assert_nonnull (list);
  while (gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), (int) n) != NULL)
    n++;
  return n;
}

/* ---- A person against three computer seats ------------------------------------- */

static void
test_four_players_to_the_end (void)
{
  ImhWindow *window = library_window ();
  ImhPlayView *view = imh_window_get_play_view (window);
  g_autoptr(ImhGame) game = new_classic_game (4, FALSE, 4242);
  g_autoptr(GRand) rand = g_rand_new_with_seed (4242);
  GtkWidget *board;
  GtkWindow *summary;
  GtkWidget *places;
  StoredWait stored = { 0, 0 };
  guint person_decisions = 0;
  ImhSession *session;

  /* Seats 1–3: the computer at its fastest level. */
  for (guint p = 1; p < 4; p++)
    {
      imh_seat_set_level (imh_game_get_seat (game, p), "random");
      imh_seat_set_kind (imh_game_get_seat (game, p), IMH_SEAT_COMPUTER);
    }
  imh_play_view_set_game (view, game);
  g_assert_true (imh_play_view_get_game (view) == game);
  session = imh_play_view_get_session (view);
  g_assert_nonnull (session);
  board = imh_play_view_get_board (view);
  g_assert_true (G_TYPE_CHECK_INSTANCE_TYPE (board, imh_board_type_for_kind (IMH_GAME_CLASSIC)));
  imh_test_iterate_until (imh_test_widget_is_drawn, board);

  imh_test_iterate_until (person_to_decide_or_over, game);
  while (!imh_game_get_is_over (game))
    {
      ImhDecisionList legal;

      g_assert_cmpint (imh_game_get_actor (game), ==, 0);
      /* The view has caught up with the game (its refresh runs at idle). */
      imh_test_flush_main_loop ();
      g_assert_cmpuint (imh_board_get_n_targets (IMH_BOARD (board)), >, 0);
      imh_game_get_viewed_legal (game, &legal);
      g_assert_cmpuint (legal.n, >, 0);
      decide (board, game, legal.d[g_rand_int_range (rand, 0, (gint32) legal.n)]);
      person_decisions++;
      imh_test_iterate_until (person_to_decide_or_over, game);
    }
  g_assert_cmpuint (person_decisions, >, 10);
  /* The computer seats played too: far more decisions than the person's. */
  g_assert_cmpuint (imh_game_get_live_ply (game), >, 2 * person_decisions);

  /* The summary of the game, with the four players' places. */
  imh_test_iterate_until (summary_shown, view);
  summary = imh_play_view_get_summary (view);
  g_assert_true (ADW_IS_MESSAGE_DIALOG (summary));
  places = imh_test_find_widget (GTK_WIDGET (summary), has_css_class, (gpointer) "places");
  g_assert_nonnull (places);
  for (guint p = 0; p < 4; p++)
    {
      g_autofree char *name = imh_ui_player_name (game, (int) p);

      g_assert_nonnull (find_label (places, name));
    }
  g_assert_false (imh_board_get_interactive (IMH_BOARD (board)));

  /* A row per turn in the history. */
  imh_test_flush_main_loop ();
  g_assert_cmpuint (history_rows (view), ==,
                    imh_rules_get (IMH_GAME_CLASSIC)->turn_index (imh_game_get_state (game)));

  /* The library holds the finished game, every decision of it. */
  imh_test_iterate_until (has_library_id, session);
  stored.id = imh_session_get_library_id (session);
  stored.length = imh_game_get_live_ply (game);
  imh_test_iterate_until (library_has_finished_game, &stored);

  adw_message_dialog_response (ADW_MESSAGE_DIALOG (summary), "close");
  gtk_window_close (summary);
  imh_test_flush_main_loop ();
  destroy_window (window);
}

/* ---- Hot seat on all-B sides ---------------------------------------------------- */

/* The decisions a hot-seat game is steered to. */
enum {
  KIND_TAKE_PAIR,
  KIND_KEEP,
  KIND_PYRAMID,
  KIND_TEMPLE,
  KIND_LEVER,       /* the Lever played… */
  KIND_UNLOAD,      /* …and its unloading order */
  KIND_PASS,
  N_KINDS
};

static int
kind_of (ImhDecision d)
{
  if (d == IMH_CLASSIC_D_TAKE_PAIR)
    return KIND_TAKE_PAIR;
  if (d >= IMH_CLASSIC_D_KEEP && d < IMH_CLASSIC_D_PYRAMID)
    return KIND_KEEP;
  if (d >= IMH_CLASSIC_D_PYRAMID && d < IMH_CLASSIC_D_TEMPLE_POINT)
    return KIND_PYRAMID;
  if (d == IMH_CLASSIC_D_TEMPLE_POINT || d == IMH_CLASSIC_D_TEMPLE_STONES)
    return KIND_TEMPLE;
  if (d == IMH_CLASSIC_D_PLAY + IMH_CLASSIC_PLAY_LEVER)
    return KIND_LEVER;
  if (d >= IMH_CLASSIC_D_UNLOAD && d < IMH_CLASSIC_N_DECISIONS)
    return KIND_UNLOAD;
  if (d == IMH_CLASSIC_D_PASS)
    return KIND_PASS;
  return -1;
}

typedef struct {
  GRand    *rand;
  gboolean  reached[N_KINDS];
  /* One of them was taken by another player than the turn player. */
  gboolean  by_other;
} Steering;

/* The steering policy: a kind not reached yet when one is legal (and a
 * Lever from the market until one was played); else, half the time, a
 * placement, a sailing (to the market until its pair was taken; elsewhere:
 * the stones leave the ships for good), a red card or the temple's stones
 * (they empty a quarry: a pass needs an empty quarry and sled), a get; else
 * a seeded random decision. */
static ImhDecision
steer (Steering              *st,
       const ImhDecisionList *legal)
{
  ImhDecision d = legal->d[g_rand_int_range (st->rand, 0, legal->n)];
  int best = G_MAXINT;

  for (guint k = 0; k < legal->n; k++)
    {
      ImhDecision x = legal->d[k];
      int kind = kind_of (x);

      if ((kind >= 0 && !st->reached[kind])
          || (x == IMH_CLASSIC_D_TAKE + IMH_CLASSIC_CARD_LEVER && !st->reached[KIND_LEVER]))
        return x;
    }
  for (guint k = 0; k < legal->n; k++)
    {
      ImhDecision x = legal->d[k];
      int priority = G_MAXINT;

      if (x >= IMH_CLASSIC_D_PLACE && x < IMH_CLASSIC_D_SAIL)
        priority = 0;
      else if (x >= IMH_CLASSIC_D_SAIL && x < IMH_CLASSIC_D_PLAY
               && ((x - IMH_CLASSIC_D_SAIL) % 5 != IMH_CLASSIC_SITE_MARKET || !st->reached[KIND_TAKE_PAIR]))
        priority = 1;
      else if (x >= IMH_CLASSIC_D_TAKE + IMH_CLASSIC_CARD_ENTRANCE
               && x <= IMH_CLASSIC_D_TAKE + IMH_CLASSIC_CARD_PAVED_PATH)
        priority = 1;
      else if (x == IMH_CLASSIC_D_TEMPLE_STONES)
        priority = 1;
      else if (x == IMH_CLASSIC_D_GET)
        priority = 2;
      if (priority < best)
        {
          best = priority;
          d = x;
        }
    }
  return d;
}

/* Notes what d, about to be taken in s, reaches. */
static void
steering_note (Steering       *st,
               const ImhState *s,
               ImhDecision     d)
{
  const ImhRules *rules = imh_rules_of (s);
  int kind = kind_of (d);

  if (kind < 0)
    return;
  st->reached[kind] = TRUE;
  if (rules->actor (s) != rules->turn_player (s))
    st->by_other = TRUE;
}

static gboolean
steering_done (const Steering *st)
{
  for (int k = 0; k < N_KINDS; k++)
    if (!st->reached[k])
      return FALSE;
  return st->by_other;
}

/* The first seed whose steered game (on the engine alone) reaches every
 * kind, one of them decided by another player than the turn player. */
static guint64
find_steered_seed (void)
{
  for (guint64 seed = 1; seed <= 300; seed++)
    {
      g_autoptr(ImhGame) game = new_classic_game (2, TRUE, seed);
      ImhState s;
      Steering st = { g_rand_new_with_seed ((guint32) seed), { FALSE }, FALSE };
      gboolean done;

      imh_state_copy (&s, imh_game_get_state (game));
      while (!imh_is_over (&s))
        {
          ImhDecisionList legal;
          ImhDecision d;

          imh_legal (&s, &legal);
          d = steer (&st, &legal);
          steering_note (&st, &s, d);
          imh_apply (&s, d);
        }
      done = steering_done (&st);
      g_rand_free (st.rand);
      if (done)
        return seed;
    }
  g_assert_not_reached ();
}

static void
test_hot_seat_all_b (void)
{
  guint64 seed = find_steered_seed ();
  ImhWindow *window = library_window ();
  ImhPlayView *view = imh_window_get_play_view (window);
  g_autoptr(ImhGame) game = new_classic_game (2, TRUE, seed);
  Steering st = { g_rand_new_with_seed ((guint32) seed), { FALSE }, FALSE };
  gboolean other_prompted = FALSE;
  ImhOptions options;
  GtkWidget *board;

  g_test_message ("steered seed %" G_GUINT64_FORMAT, seed);
  imh_game_get_options (game, &options);
  for (int i = 0; i < IMH_CLASSIC_N_SITES; i++)
    g_assert_cmpuint (options.sides[i], ==, IMH_SIDE_B);
  imh_play_view_set_game (view, game);
  board = imh_play_view_get_board (view);
  imh_test_iterate_until (imh_test_widget_is_drawn, board);

  while (!imh_game_get_is_over (game))
    {
      const ImhState *s;
      ImhDecisionList legal;
      ImhDecision d;
      int actor, turn_player;

      /* Both seats are people: no one else decides. */
      g_assert_cmpint (imh_game_get_phase (game), ==, IMH_GAME_PHASE_HUMAN);
      imh_test_flush_main_loop ();
      s = imh_game_get_viewed_state (game);
      imh_game_get_viewed_legal (game, &legal);
      d = steer (&st, &legal);
      actor = imh_game_get_actor (game);
      turn_player = imh_game_get_turn_player (game);

      /* The prompt names who decides now, which is not always the turn
       * player. */
      if (kind_of (d) >= 0 && actor != turn_player)
        {
          g_autofree char *actor_name = imh_ui_player_name (game, actor);
          g_autofree char *turn_name = imh_ui_player_name (game, turn_player);
          g_autofree char *prompt = g_strdup_printf (IMH_T ("%s to move: %s"), actor_name,
                                                     imh_texts_phase (s, FALSE));

          g_assert_cmpstr (actor_name, !=, turn_name);
          g_assert_nonnull (find_label (GTK_WIDGET (view), prompt));
          other_prompted = TRUE;
        }
      steering_note (&st, s, d);
      decide (board, game, d);
    }

  g_assert_true (st.reached[KIND_TAKE_PAIR]);
  g_assert_true (st.reached[KIND_KEEP]);
  g_assert_true (st.reached[KIND_PYRAMID]);
  g_assert_true (st.reached[KIND_TEMPLE]);
  g_assert_true (st.reached[KIND_LEVER]);
  g_assert_true (st.reached[KIND_UNLOAD]);
  g_assert_true (st.reached[KIND_PASS]);
  g_assert_true (other_prompted);
  g_rand_free (st.rand);

  imh_test_iterate_until (summary_shown, view);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (imh_play_view_get_summary (view)), "close");
  gtk_window_close (imh_play_view_get_summary (view));
  imh_test_flush_main_loop ();
  destroy_window (window);
}

/* ---- Undo and redo by turn ------------------------------------------------------ */

static gboolean
at_turn_start (const ImhState *s)
{
  return s->u.classic.phase == IMH_CLASSIC_PHASE_MAIN && s->u.classic.sp == 0;
}

/* In hot-seat, win.undo-turn takes back the whole last turn (the other
 * player's choices in it too), win.redo-turn replays it with the same hidden
 * cards, and win.undo still takes back a single decision. */
static void
test_undo_redo_turn (void)
{
  ImhWindow *window = library_window ();
  ImhPlayView *view = imh_window_get_play_view (window);
  g_autoptr(ImhGame) game = new_classic_game (3, FALSE, 11);
  g_autoptr(GRand) rand = g_rand_new_with_seed (5);
  guint last_turn_start = 0, turn_start = 0;
  ImhState before;
  GtkWidget *board;

  imh_play_view_set_game (view, game);
  board = imh_play_view_get_board (view);
  imh_test_iterate_until (imh_test_widget_is_drawn, board);

  /* On until a turn starts after a turn of several decisions. */
  for (;;)
    {
      const ImhState *s = imh_game_get_viewed_state (game);
      guint ply = imh_game_get_live_ply (game);
      ImhDecisionList legal;

      g_assert_false (imh_game_get_is_over (game));
      if (at_turn_start (s) && ply > 0)
        {
          last_turn_start = turn_start;
          turn_start = ply;
          if (ply >= 20 && turn_start - last_turn_start >= 2)
            break;
        }
      imh_test_flush_main_loop ();
      imh_game_get_viewed_legal (game, &legal);
      decide (board, game, legal.d[g_rand_int_range (rand, 0, (gint32) legal.n)]);
    }
  memcpy (&before, imh_game_get_viewed_state (game), sizeof before);

  g_assert_true (imh_play_view_get_action_enabled (view, "game.undo-turn"));
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "undo-turn"));
  g_action_group_activate_action (G_ACTION_GROUP (window), "undo-turn", NULL);
  imh_test_flush_main_loop ();
  g_assert_cmpuint (imh_game_get_live_ply (game), ==, last_turn_start);
  g_assert_true (at_turn_start (imh_game_get_viewed_state (game)));

  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "redo-turn"));
  g_action_group_activate_action (G_ACTION_GROUP (window), "redo-turn", NULL);
  imh_test_flush_main_loop ();
  g_assert_cmpuint (imh_game_get_live_ply (game), ==, turn_start);
  /* The same position, hidden cards included. */
  g_assert_cmpmem (imh_game_get_viewed_state (game), sizeof before, &before, sizeof before);

  /* Undo by decision: one step. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
  imh_test_flush_main_loop ();
  g_assert_cmpuint (imh_game_get_live_ply (game), ==, turn_start - 1);

  destroy_window (window);
}

int
main (int   argc,
      char *argv[])
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

  imh_test_i18n_init_app ();
  imh_test_init (&argc, &argv);
  adw_init ();
  /* The decisions, not their animations, are tested here. */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);

  app = imh_application_new ();
  g_application_set_flags (G_APPLICATION (app),
                           g_application_get_flags (G_APPLICATION (app)) | G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);

  g_test_add_func ("/ui/classic-game/four-players-to-the-end", test_four_players_to_the_end);
  g_test_add_func ("/ui/classic-game/hot-seat-all-b", test_hot_seat_all_b);
  g_test_add_func ("/ui/classic-game/undo-redo-turn", test_undo_redo_turn);
  status = g_test_run ();

  g_application_quit (G_APPLICATION (app));
  g_clear_object (&app);
  return status;
}
