/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-keyboard-game.c — whole games played by the keyboard alone: the
 * Duel and the base game with 2, 3 and 4 people at one screen (every seat
 * human), each decision by real key events through the X server's XTEST
 * extension (skipped without it), no pointer event and no action
 * activated by the test. Tab brings the focus to the board, the arrow
 * keys move its focus to the target chosen, Enter (or space) plays it;
 * a target of several decisions (the base game's sail: the ship, then the
 * site; the Duel's swap: one tile, then the other) narrows the targets to
 * its decisions, Escape takes that first pick back. Each game is played
 * to its end, decision by decision, each checked to be the one the
 * focused target stood for; the targets are chosen at random (seeded),
 * a decision of a kind not played yet first, so that every kind the game
 * offered is played by keys (the base game on sides A and B); the view
 * showing the same position again keeps a first pick. Escape closes the
 * game over summary (the test gives it the keyboard as a window manager
 * would: the test's X server has none); then the history keys (Alt+←/→,
 * Home/End) step through the finished game. Under a (virtual) display.
 * A whole game takes a few seconds. */
#define G_LOG_DOMAIN "test-keyboard-game"

#include "config.h"

#include <adwaita.h>
#include <math.h>

#include "imh-board.h"
#include "imh-board-private.h"
#include "imh-game.h"
#include "imh-play-view.h"
#include "ui-test-keys.h"
#include "ui-test-play.h"
#include "ui-test-util.h"
#include "test-i18n.h"

typedef struct {
  ImhGameKind kind;
  guint       n_players;
  guint64     seed;
  int         width;
  gboolean    side_b;        /* every site on its side B */
} GameSpec;

/* Sides A and B: the base game's sides B have the other decisions (the
 * face-down pair of the market, the pyramid's and the temple's choices). */
static const GameSpec duel = { IMH_GAME_DUEL, 2, 21, 1100, FALSE };
static const GameSpec classic_2 = { IMH_GAME_CLASSIC, 2, 22, 1180, FALSE };
static const GameSpec classic_3 = { IMH_GAME_CLASSIC, 3, 23, 1180, TRUE };
static const GameSpec classic_4 = { IMH_GAME_CLASSIC, 4, 24, 1180, TRUE };

/* More decisions than any game has: a guard, not a limit of the play. */
#define MAX_DECISIONS 600

typedef struct {
  GtkWindow   *window;
  GtkWidget   *header_button;
  ImhPlayView *view;
  ImhBoard    *board;
  ImhGame     *game;
  ImhTestKeys  keys;
  guint        released;     /* key releases the window saw */
  GRand       *rand;
} Fixture;

static gboolean
on_key_released (GtkEventControllerKey *controller,
                 guint                  keyval,
                 guint                  keycode,
                 GdkModifierType        state,
                 gpointer               data)
{
  Fixture *f = data;

  f->released++;
  return FALSE;
}

static gboolean
window_is_active (gpointer data)
{
  return gtk_window_is_active (GTK_WINDOW (data));
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  const GameSpec *spec = data;
  ImhOptions options;
  g_autoptr(GError) error = NULL;
  GtkEventController *keys;

  imh_options_init (&options, spec->kind, spec->n_players);
  if (spec->side_b)
    for (guint i = 0; i < IMH_MAX_SITES; i++)
      options.sides[i] = IMH_SIDE_B;
  f->game = imh_game_new (&options, spec->seed, &error);
  g_assert_no_error (error);
  imh_game_set_pace (f->game, 0);
  for (guint p = 0; p < spec->n_players; p++)
    g_assert_cmpint (imh_seat_get_kind (imh_game_get_seat (f->game, p)), ==, IMH_SEAT_HUMAN);
  f->rand = g_rand_new_with_seed ((guint32) spec->seed);

  f->window = imh_test_play_window_new (spec->width, 760, &f->header_button, &f->view);
  imh_play_view_set_game (f->view, f->game);
  f->board = IMH_BOARD (imh_play_view_get_board (f->view));

  /* Sees every key event first (and lets it go on): a release counted
   * means its press was handled. */
  keys = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-released", G_CALLBACK (on_key_released), f);
  gtk_widget_add_controller (GTK_WIDGET (f->window), keys);

  gtk_window_present (f->window);
  imh_test_iterate_until (imh_test_widget_is_drawn, f->board);
  imh_test_iterate_until (window_is_active, f->window);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  imh_test_play_window_destroy (f->window, f->view, f->game);
  g_rand_free (f->rand);
}

typedef struct {
  Fixture *f;
  guint    released;
} ReleaseWait;

static gboolean
released_reached (gpointer data)
{
  ReleaseWait *w = data;

  return w->f->released >= w->released;
}

/* Or the game is over: its summary opens and takes the focus (and the
 * release). */
static gboolean
released_or_over (gpointer data)
{
  ReleaseWait *w = data;

  return released_reached (data) || imh_game_get_is_over (w->f->game);
}

/* Presses the key (Alt held when alt) and runs the main loop until the
 * window has handled it. */
static void
press (Fixture *f,
       guint    keyval,
       gboolean alt)
{
  ReleaseWait w = { f, f->released + (alt ? 2 : 1) };

  imh_test_keys_press (&f->keys, keyval, alt);
  imh_test_iterate_until (released_reached, &w);
}

/* The key that decides: it may end the game. */
static void
press_decide (Fixture *f,
              guint    keyval)
{
  ReleaseWait w = { f, f->released + 1 };

  imh_test_keys_press (&f->keys, keyval, FALSE);
  imh_test_iterate_until (released_or_over, &w);
}

static gboolean
only_main_window (gpointer data)
{
  return g_list_model_get_n_items (gtk_window_get_toplevels ()) == 1;
}

/* The game over summary: the toplevel other than the game's window, once
 * mapped (NULL before). */
static GtkWindow *
get_summary (Fixture *f)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (window != f->window && gtk_widget_get_mapped (GTK_WIDGET (window)))
        return window;
    }
  return NULL;
}

static gboolean
summary_is_shown (gpointer data)
{
  return get_summary (data) != NULL;
}

static gboolean
summary_is_active (gpointer data)
{
  GtkWindow *summary = get_summary (data);

  return summary != NULL && gtk_window_is_active (summary);
}

/* Closes the summary by its key (Escape). The test's X server has no
 * window manager to give a newly mapped window the keyboard: the test
 * gives it as one would (presenting the window once it is mapped, which
 * sets the X input focus), and gives it back to the game's window after. */
static void
close_summary_by_keys (Fixture *f)
{
  imh_test_iterate_until (summary_is_shown, f);
  gtk_window_present (get_summary (f));
  imh_test_iterate_until (summary_is_active, f);
  imh_test_keys_press (&f->keys, GDK_KEY_Escape, FALSE);
  imh_test_iterate_until (only_main_window, f);
  gtk_window_present (f->window);
  imh_test_iterate_until (window_is_active, f->window);
}

/* ---- Decision kinds ------------------------------------------------------------------ */

/* A name for the kind of a decision: one per kind of choice the game
 * offers (the base game's blue cards each their own). */
static const char *
decision_kind (ImhGameKind kind,
               ImhDecision d)
{
  if (kind == IMH_GAME_DUEL)
    {
      if (d < IMH_DUEL_D_UNLOAD)
        return "place";
      if (d < IMH_DUEL_D_PLAY)
        return "unload";
      if (d < IMH_DUEL_D_TAKE)
        {
          static const char *const plays[] = { "play-take", "play-place-2-3", "play-place-unload",
                                               "play-swap-unload" };
          return plays[d - IMH_DUEL_D_PLAY];
        }
      if (d < IMH_DUEL_D_SWAP)
        return "take";
      if (d < IMH_DUEL_D_STOP)
        return "swap";
      return d == IMH_DUEL_D_STOP ? "stop" : "pass";
    }
  if (d == IMH_CLASSIC_D_PASS)
    return "pass";
  if (d == IMH_CLASSIC_D_GET)
    return "get";
  if (d < IMH_CLASSIC_D_SAIL)
    return "place";
  if (d < IMH_CLASSIC_D_PLAY)
    return "sail";
  if (d < IMH_CLASSIC_D_TAKE)
    {
      static const char *const plays[] = { "play-hammer", "play-chisel", "play-sail", "play-lever" };
      return plays[d - IMH_CLASSIC_D_PLAY];
    }
  if (d < IMH_CLASSIC_D_TAKE_PAIR)
    return "take-card";
  if (d == IMH_CLASSIC_D_TAKE_PAIR)
    return "take-pair";
  if (d < IMH_CLASSIC_D_PYRAMID)
    return "keep-card";
  if (d < IMH_CLASSIC_D_TEMPLE_POINT)
    return "pyramid";
  if (d < IMH_CLASSIC_D_UNLOAD)
    return "temple-choice";
  return "unload-order";
}

/* ---- Playing by keys ----------------------------------------------------------------- */

static int
focus_index (Fixture *f)
{
  guint n;
  const ImhBoardTarget *targets = _imh_board_get_targets (f->board, &n);
  const ImhBoardTarget *focus = _imh_board_get_focus_target (f->board);

  if (focus == NULL)
    return -1;
  g_assert_true (focus >= targets && focus < targets + n);
  return focus - targets;
}

/* The target to play: one with a decision of a kind not played yet,
 * else any (seeded). */
static guint
choose_target (Fixture    *f,
               GHashTable *played)
{
  guint n, fresh[64], n_fresh = 0;
  const ImhBoardTarget *targets = _imh_board_get_targets (f->board, &n);
  ImhGameKind kind = imh_game_get_kind (f->game);

  g_assert_cmpuint (n, >, 0);
  for (guint i = 0; i < n && n_fresh < G_N_ELEMENTS (fresh); i++)
    for (guint j = 0; j < targets[i].n_decisions; j++)
      if (!g_hash_table_contains (played, decision_kind (kind, targets[i].decisions[j])))
        {
          fresh[n_fresh++] = i;
          break;
        }
  if (n_fresh > 0)
    return fresh[g_rand_int_range (f->rand, 0, n_fresh)];
  return g_rand_int_range (f->rand, 0, n);
}

/* Arrow keys until the board's focus is on target want: towards it along
 * the longer axis, now and then (and when the focus does not move) a
 * random arrow, so that every target is reached. */
static void
focus_target (Fixture *f,
              guint    want)
{
  static const guint arrows[] = { GDK_KEY_Left, GDK_KEY_Right, GDK_KEY_Up, GDK_KEY_Down };
  ImhBoardClass *klass = IMH_BOARD_GET_CLASS (f->board);
  guint n;
  const ImhBoardTarget *targets = _imh_board_get_targets (f->board, &n);
  ImhBox to = klass->target_box (f->board, &targets[want]);
  int last = -2;

  for (guint presses = 0; focus_index (f) != (int) want; presses++)
    {
      int at = focus_index (f);
      guint key;

      g_assert_cmpuint (presses, <, 400);
      g_assert_cmpint (at, >=, 0);
      if (at == last || presses % 7 == 6)
        key = arrows[g_rand_int_range (f->rand, 0, 4)];
      else
        {
          ImhBox from = klass->target_box (f->board, &targets[at]);
          double dx = (to.x + to.w / 2) - (from.x + from.w / 2);
          double dy = (to.y + to.h / 2) - (from.y + from.h / 2);

          if (fabs (dx) >= fabs (dy))
            key = dx < 0 ? GDK_KEY_Left : GDK_KEY_Right;
          else
            key = dy < 0 ? GDK_KEY_Up : GDK_KEY_Down;
        }
      last = at;
      press (f, key, FALSE);
      /* Moving the focus changes neither the targets nor the game. */
      g_assert_true (_imh_board_get_targets (f->board, &n) == targets);
    }
}

static gboolean
board_has_focus (gpointer data)
{
  return gtk_widget_has_focus (GTK_WIDGET (data));
}

/* Tab (a few times at most) from the header until the board has the focus. */
static void
tab_to_board (Fixture *f)
{
  gtk_widget_grab_focus (f->header_button);
  g_assert_true (gtk_widget_has_focus (f->header_button));
  for (guint i = 0; !gtk_widget_has_focus (GTK_WIDGET (f->board)); i++)
    {
      g_assert_cmpuint (i, <, 40);
      press (f, GDK_KEY_Tab, FALSE);
    }
  g_assert_true (board_has_focus (f->board));
  if (!imh_game_get_is_over (f->game))
    g_assert_nonnull (_imh_board_get_focus_target (f->board));
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

static gboolean
viewed_ply_before (gpointer data)
{
  PlyWait *w = data;

  return imh_game_get_viewed_ply (w->game) < w->ply;
}

static gboolean
viewed_ply_after (gpointer data)
{
  PlyWait *w = data;

  return imh_game_get_viewed_ply (w->game) > w->ply;
}

/* Presses the history key and waits until the viewed ply is ply (or,
 * before, below it); the game itself does not change. */
static void
press_and_view (Fixture *f,
                guint    keyval,
                gboolean alt,
                guint    ply,
                gboolean before)
{
  PlyWait w = { f->game, ply };
  guint live = imh_game_get_live_ply (f->game);

  press (f, keyval, alt);
  imh_test_iterate_until (before ? viewed_ply_before : viewed_ply_is, &w);
  g_assert_cmpuint (imh_game_get_live_ply (f->game), ==, live);
  g_assert_cmpuint (imh_game_get_n_plies (f->game), ==, live);
}

static void
test_keyboard_game (Fixture       *f,
                    gconstpointer  data)
{
  const GameSpec *spec = data;
  g_autoptr(GHashTable) played = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) offered = g_hash_table_new (g_str_hash, g_str_equal);
  gboolean cancelled = FALSE;
  guint n_decisions = 0, n_picks = 0, n_presses = 0, live;
  g_autoptr(GString) kinds = g_string_new (NULL);
  GHashTableIter iter;
  gpointer key;

  if (!imh_test_keys_init (&f->keys))
    {
      g_test_skip ("No XTEST: no real key events");
      return;
    }
  tab_to_board (f);

  while (!imh_game_get_is_over (f->game))
    {
      guint ply = imh_game_get_live_ply (f->game);
      guint n, want;
      const ImhBoardTarget *targets;
      ImhBoardTarget chosen;
      ImhDecisionList legal;

      g_assert_cmpuint (n_decisions, <, MAX_DECISIONS);
      /* The board keeps the focus from decision to decision, and shows
       * the live position, ready for the keys. */
      g_assert_true (gtk_widget_has_focus (GTK_WIDGET (f->board)));
      g_assert_cmpuint (imh_game_get_viewed_ply (f->game), ==, ply);
      g_assert_true (imh_board_get_interactive (f->board));
      imh_game_get_legal (f->game, &legal);
      for (guint i = 0; i < legal.n; i++)
        g_hash_table_add (offered, (gpointer) decision_kind (spec->kind, legal.d[i]));

      targets = _imh_board_get_targets (f->board, &n);
      want = choose_target (f, played);
      chosen = targets[want];
      focus_target (f, want);
      /* Enter and space in turn. */
      press_decide (f, n_presses++ % 2 ? GDK_KEY_space : GDK_KEY_Return);

      if (chosen.n_decisions == 1 && !chosen.pick)
        {
          /* The game advanced by exactly that decision. */
          g_assert_cmpuint (imh_game_get_live_ply (f->game), ==, ply + 1);
          g_assert_cmpuint (imh_game_get_n_plies (f->game), ==, ply + 1);
          g_assert_cmpuint (imh_game_get_decision_at (f->game, ply), ==, chosen.decisions[0]);
          g_hash_table_add (played, (gpointer) decision_kind (spec->kind, chosen.decisions[0]));
          g_assert_false (imh_board_get_pending (f->board));
          n_decisions++;
          continue;
        }

      /* A first pick: nothing played, the targets are its decisions. */
      g_assert_cmpuint (imh_game_get_live_ply (f->game), ==, ply);
      g_assert_true (imh_board_get_pending (f->board));
      targets = _imh_board_get_targets (f->board, &n);
      g_assert_cmpuint (n, >, 0);
      for (guint i = 0; i < n; i++)
        for (guint j = 0; j < targets[i].n_decisions; j++)
          {
            gboolean found = FALSE;

            for (guint k = 0; k < chosen.n_decisions; k++)
              found |= targets[i].decisions[j] == chosen.decisions[k];
            g_assert_true (found);
          }
      n_picks++;
      if (!cancelled)
        {
          /* The view showing the same position again (as its refreshes
           * do) keeps the pick. */
          imh_board_set_state (f->board, imh_game_get_state (f->game), TRUE, FALSE);
          g_assert_true (imh_board_get_pending (f->board));
          g_assert_cmpuint (imh_board_get_n_targets (f->board), ==, n);
          /* Escape takes the first pick back; the loop picks again. */
          press (f, GDK_KEY_Escape, FALSE);
          g_assert_false (imh_board_get_pending (f->board));
          g_assert_cmpuint (imh_game_get_live_ply (f->game), ==, ply);
          cancelled = TRUE;
        }
      /* Else the loop plays one of the narrowed targets. */
    }

  g_hash_table_iter_init (&iter, played);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    g_string_append_printf (kinds, " %s", (const char *) key);
  g_test_message ("%u decisions and %u first picks by keys; kinds played:%s",
                  n_decisions, n_picks, kinds->str);
  g_assert_true (imh_game_get_is_over (f->game));
  g_assert_cmpint (imh_game_get_actor (f->game), ==, -1);
  g_assert_cmpuint (imh_game_get_live_ply (f->game), ==, n_decisions);
  /* Every kind of decision the game offered was played by keys. */
  g_hash_table_iter_init (&iter, offered);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      if (!g_hash_table_contains (played, key))
        g_test_message ("offered, not played: %s", (const char *) key);
      g_assert_true (g_hash_table_contains (played, key));
    }
  /* A first pick and its cancel. */
  g_assert_cmpuint (n_picks, >, 0);
  g_assert_true (cancelled);
  if (spec->kind == IMH_GAME_CLASSIC)
    {
      g_assert_true (g_hash_table_contains (played, "sail"));
      g_assert_true (g_hash_table_contains (played, "take-card"));
    }
  else
    g_assert_true (g_hash_table_contains (played, "swap"));

  /* The summary opened; Escape closes it. */
  close_summary_by_keys (f);
  imh_test_flush_main_loop ();
  if (!gtk_widget_has_focus (GTK_WIDGET (f->board)))
    tab_to_board (f);

  /* The history keys through the finished game. */
  live = imh_game_get_live_ply (f->game);
  press_and_view (f, GDK_KEY_Home, FALSE, 0, FALSE);
  press_and_view (f, GDK_KEY_End, FALSE, live, FALSE);
  press_and_view (f, GDK_KEY_Left, TRUE, live, TRUE);
  press_and_view (f, GDK_KEY_End, FALSE, live, FALSE);
  press_and_view (f, GDK_KEY_Left, TRUE, live, TRUE);
  while (imh_game_get_viewed_ply (f->game) < live)
    {
      PlyWait w = { f->game, imh_game_get_viewed_ply (f->game) };

      press (f, GDK_KEY_Right, TRUE);
      imh_test_iterate_until (viewed_ply_after, &w);
    }
  g_assert_true (imh_game_get_is_over (f->game));
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
  /* Decisions shown at once (no animation to wait for). */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
  provider = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (provider, RESOURCE_BASE_PATH "/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (),
                                              GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);

#define ADD(path, spec) \
  g_test_add (path, Fixture, spec, fixture_set_up, test_keyboard_game, fixture_tear_down)
  ADD ("/keyboard-game/duel", &duel);
  /* Under the sanitizers (slow, and the test runs alone): the Duel and the
   * base game's 4 players on sides B; the other setups play every game. */
  if (g_getenv ("IMHOTEP_TEST_SANITIZED") == NULL)
    {
      ADD ("/keyboard-game/classic/2", &classic_2);
      ADD ("/keyboard-game/classic/3", &classic_3);
    }
  ADD ("/keyboard-game/classic/4", &classic_4);
#undef ADD

  return g_test_run ();
}
