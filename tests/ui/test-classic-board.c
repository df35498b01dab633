/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-classic-board.c — the base game's board: positions built by playing
 * decisions through board.decide (the rules' notation); the sail pick narrows
 * to the free sites; the ship positions' names; every kind of decision has a
 * target in some position of seeded random games. */
#define G_LOG_DOMAIN "test-classic-board"

#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "imh-board-factory.h"
#include "imh-classic.h"
#include "imh-engine.h"
#include "test-i18n.h"
#include "ui-test-util.h"

typedef struct {
  gboolean    decided;
  ImhDecision decision;
} Decided;

static void
on_decide (ImhBoard *board,
           guint     decision,
           Decided  *out)
{
  out->decided = TRUE;
  out->decision = (ImhDecision) decision;
}

static GtkWidget *
board_in_window (GtkWindow **window,
                 Decided    *decided)
{
  GtkWidget *board = imh_board_new_for_kind (IMH_GAME_CLASSIC);

  g_assert_nonnull (board);
  *window = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_default_size (*window, 1000, 640);
  gtk_window_set_child (*window, board);
  gtk_window_present (*window);
  imh_test_iterate_until (imh_test_widget_is_drawn, board);
  g_signal_connect (board, "decide", G_CALLBACK (on_decide), decided);
  return board;
}

static void
destroy_window (GtkWindow *window)
{
  g_object_ref (window);
  gtk_window_destroy (window);
  imh_test_flush_main_loop ();
  g_assert_finalize_object (window);
}

/* Plays text (the rules' notation) through board.decide and applies the
 * decision the board emitted. */
static void
play (GtkWidget  *board,
      ImhState   *state,
      Decided    *decided,
      const char *text)
{
  imh_board_set_state (IMH_BOARD (board), state, TRUE, FALSE);
  decided->decided = FALSE;
  g_assert_true (gtk_widget_activate_action (board, "board.decide", "s", text));
  g_assert_true (decided->decided);
  imh_apply (state, decided->decision);
}

static void
setup (ImhState *state,
       int       players,
       guint     sides,
       guint64   seed)
{
  ImhOptions options;
  char why[128];

  imh_options_init (&options, IMH_GAME_CLASSIC, players);
  for (int i = 0; i < IMH_CLASSIC_N_SITES; i++)
    options.sides[i] = (sides >> i) & 1 ? IMH_SIDE_B : IMH_SIDE_A;
  g_assert_true (imh_setup (state, &options, seed, why, sizeof why));
}

/* The target that stands for d (decides it, or a pick with it), or -1. */
static int
target_with (ImhBoard    *board,
             ImhDecision  d)
{
  for (guint i = 0; i < imh_board_get_n_targets (board); i++)
    {
      ImhDecision set[16];
      guint n = imh_board_get_target_decisions (board, i, set, G_N_ELEMENTS (set));

      for (guint k = 0; k < MIN (n, G_N_ELEMENTS (set)); k++)
        if (set[k] == d)
          return (int) i;
    }
  return -1;
}

static void
activate (GtkWidget *board,
          guint      i)
{
  g_autofree char *name = imh_board_dup_target_name (IMH_BOARD (board), i);
  guint n = imh_board_get_n_targets (IMH_BOARD (board));

  for (guint k = 0; k <= n; k++)
    {
      g_autofree char *focus = imh_board_dup_focus_name (IMH_BOARD (board));

      if (g_strcmp0 (focus, name) == 0)
        break;
      g_assert_true (gtk_widget_activate_action (board, "board.next-target", NULL));
    }
  g_assert_true (gtk_widget_activate_action (board, "board.activate-target", NULL));
}

/* A ship's sail button is a pending pick: its targets are then the sites
 * no ship sailed to this round, each deciding that sail. */
static void
test_sail_pick (void)
{
  GtkWindow *window;
  Decided decided = { 0 };
  GtkWidget *board = board_in_window (&window, &decided);
  ImhBoard *b = IMH_BOARD (board);
  ImhState state;
  const ImhClassic *c = &state.u.classic;
  int ship;
  guint free_sites = 0;
  int t;

  /* Two players: the first loads ship 4 (capacity at least 1), sails it to
   * the temple; the second loads another ship. */
  setup (&state, 2, 0, 11);
  ship = 3;
  {
    char text[32];

    g_snprintf (text, sizeof text, "place:%d.1", ship + 1);
    play (board, &state, &decided, text);
    play (board, &state, &decided, "get");
    g_snprintf (text, sizeof text, "sail:%d:temple", ship + 1);
    play (board, &state, &decided, text);
  }
  g_assert_cmpuint (c->ship_site[ship], ==, IMH_CLASSIC_SITE_TEMPLE);
  /* Ship 1 loaded until it may sail. */
  while (!imh_is_legal (&state, IMH_CLASSIC_D_SAIL + 0 * 5 + IMH_CLASSIC_SITE_MARKET))
    {
      char text[32];
      int pos = 0;

      g_assert_cmpuint (c->sp, ==, 0);
      g_assert_cmpuint (c->ship_free[0], !=, 0);
      while (!((c->ship_free[0] >> pos) & 1))
        pos++;
      g_snprintf (text, sizeof text, "place:1.%d", pos + 1);
      play (board, &state, &decided, c->sled[c->turn_player] > 0 ? text : "get");
    }
  g_assert_cmpuint (c->sp, ==, 0);

  imh_board_set_state (b, &state, TRUE, FALSE);
  t = target_with (b, IMH_CLASSIC_D_SAIL + 0 * 5 + IMH_CLASSIC_SITE_MARKET);
  g_assert_cmpint (t, >=, 0);
  {
    g_autofree char *name = imh_board_dup_target_name (b, t);
    const char *format = IMH_TN ("Ship %d (%d stone) — sail", "Ship %d (%d stones) — sail", 2);
    g_autofree char *prefix = g_strndup (format, strcspn (format, "%"));

    g_assert_true (g_str_has_prefix (name, prefix));
  }
  activate (board, t);
  g_assert_true (imh_board_get_pending (b));
  for (int site = 0; site < IMH_CLASSIC_N_SITES; site++)
    if (!((c->sites_used >> site) & 1))
      free_sites++;
  g_assert_cmpuint (free_sites, ==, 4);
  g_assert_cmpuint (imh_board_get_n_targets (b), ==, free_sites);
  for (guint i = 0; i < imh_board_get_n_targets (b); i++)
    {
      ImhDecision d;
      int site;

      g_assert_cmpuint (imh_board_get_target_decisions (b, i, &d, 1), ==, 1);
      g_assert_cmpuint (d, >=, IMH_CLASSIC_D_SAIL);
      g_assert_cmpuint (d, <, IMH_CLASSIC_D_SAIL + 5);
      site = (d - IMH_CLASSIC_D_SAIL) % 5;
      g_assert_cmpint (site, !=, IMH_CLASSIC_SITE_TEMPLE);
    }
  /* The pointer over the sites draws the sail's preview (the engine applies
   * it to a copy): the position shown stays. */
  {
    GtkEventController *motion = NULL;
    g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (board);
    guint64 hash = imh_rules_of (&state)->hash (imh_board_get_state (b));
    int w = gtk_widget_get_width (board), h = gtk_widget_get_height (board);

    for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
      {
        g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

        if (GTK_IS_EVENT_CONTROLLER_MOTION (controller))
          motion = GTK_EVENT_CONTROLLER (controller);
      }
    g_assert_nonnull (motion);
    for (int y = 1; y < 10; y++)
      for (int x = 1; x < 20; x++)
        {
          g_signal_emit_by_name (motion, "motion", (double) w * x / 20, (double) h * y / 10);
          gtk_widget_queue_draw (board);
          imh_test_flush_main_loop ();
        }
    g_assert_true (imh_board_get_pending (b));
    g_assert_cmpuint (imh_rules_of (&state)->hash (imh_board_get_state (b)), ==, hash);
  }

  /* The site decides the sail. */
  decided.decided = FALSE;
  activate (board, 0);
  g_assert_true (decided.decided);
  g_assert_false (imh_board_get_pending (b));
  destroy_window (window);
}

/* Free ship positions are named by ship and position. */
static void
test_position_names (void)
{
  GtkWindow *window;
  Decided decided = { 0 };
  GtkWidget *board = board_in_window (&window, &decided);
  ImhBoard *b = IMH_BOARD (board);
  ImhState state;
  guint named = 0;

  setup (&state, 3, 0, 5);
  play (board, &state, &decided, "place:2.1");
  imh_board_set_state (b, &state, TRUE, FALSE);
  g_assert_cmpint (target_with (b, IMH_CLASSIC_D_PLACE + 1 * 4 + 0), <, 0);
  for (int ship = 0; ship < IMH_CLASSIC_N_SHIPS; ship++)
    for (int pos = 0; pos < state.u.classic.ship_cap[ship]; pos++)
      {
        int t = target_with (b, IMH_CLASSIC_D_PLACE + ship * 4 + pos);
        g_autofree char *expected = NULL;
        g_autofree char *name = NULL;

        if (ship == 1 && pos == 0)
          continue;
        g_assert_cmpint (t, >=, 0);
        expected = g_strdup_printf (IMH_T ("Ship %d, position %d, free"), ship + 1, pos + 1);
        name = imh_board_dup_target_name (b, t);
        g_assert_cmpstr (name, ==, expected);
        named++;
      }
  g_assert_cmpuint (named, >, 6);
  destroy_window (window);
}

enum {
  K_PASS, K_GET, K_PLACE, K_SAIL, K_HAMMER, K_CHISEL, K_SAIL_CARD, K_LEVER, K_TAKE, K_TAKE_PAIR,
  K_KEEP, K_PYRAMID, K_TEMPLE, K_UNLOAD, N_KINDS
};

static int
kind_of (ImhDecision d)
{
  if (d == IMH_CLASSIC_D_PASS)
    return K_PASS;
  if (d == IMH_CLASSIC_D_GET)
    return K_GET;
  if (d < IMH_CLASSIC_D_SAIL)
    return K_PLACE;
  if (d < IMH_CLASSIC_D_PLAY)
    return K_SAIL;
  if (d < IMH_CLASSIC_D_TAKE)
    return K_HAMMER + (d - IMH_CLASSIC_D_PLAY);
  if (d < IMH_CLASSIC_D_TAKE_PAIR)
    return K_TAKE;
  if (d == IMH_CLASSIC_D_TAKE_PAIR)
    return K_TAKE_PAIR;
  if (d < IMH_CLASSIC_D_PYRAMID)
    return K_KEEP;
  if (d < IMH_CLASSIC_D_TEMPLE_POINT)
    return K_PYRAMID;
  if (d < IMH_CLASSIC_D_UNLOAD)
    return K_TEMPLE;
  return K_UNLOAD;
}

/* Every kind of decision, found in seeded random games of 2–4 players on
 * both sides, has a target on the board; a sail through its ship's pick. */
static void
test_every_kind (void)
{
  GtkWindow *window;
  Decided decided = { 0 };
  GtkWidget *board = board_in_window (&window, &decided);
  ImhBoard *b = IMH_BOARD (board);
  guint found[N_KINDS] = { 0 };
  g_autoptr(GRand) rand = g_rand_new_with_seed (3);

  for (guint game = 0; game < 60; game++)
    {
      ImhState state;
      int players = 2 + game % 3;

      setup (&state, players, game % 2 ? 0x1f : 0, 100 + game);
      while (!imh_is_over (&state))
        {
          ImhDecisionList legal;
          gboolean is_new = FALSE;

          imh_legal (&state, &legal);
          for (guint k = 0; k < legal.n; k++)
            is_new |= found[kind_of (legal.d[k])] < 2;
          if (is_new)
            {
              imh_board_set_state (b, &state, TRUE, FALSE);
              for (guint k = 0; k < legal.n; k++)
                {
                  int t = target_with (b, legal.d[k]);

                  g_assert_cmpint (t, >=, 0);
                  found[kind_of (legal.d[k])]++;
                  if (kind_of (legal.d[k]) == K_SAIL)
                    {
                      /* Picked first: the site decides it. */
                      activate (board, t);
                      g_assert_true (imh_board_get_pending (b));
                      g_assert_cmpint (target_with (b, legal.d[k]), >=, 0);
                      g_assert_true (gtk_widget_activate_action (board, "board.cancel", NULL));
                    }
                }
            }
          imh_apply (&state, legal.d[g_rand_int_range (rand, 0, legal.n)]);
        }
    }
  /* Passing is rare in random games: a player without stones on the sled
   * or in the quarry, in a round no ship can sail yet. */
  {
    ImhState state;
    ImhDecisionList legal;
    ImhClassic *c = &state.u.classic;

    setup (&state, 3, 0, 9);
    c->quarry[c->turn_player] = 0;
    c->sled[c->turn_player] = 0;
    imh_classic_sync (c);
    imh_legal (&state, &legal);
    g_assert_cmpuint (legal.n, ==, 1);
    g_assert_cmpuint (legal.d[0], ==, IMH_CLASSIC_D_PASS);
    imh_board_set_state (b, &state, TRUE, FALSE);
    g_assert_cmpint (target_with (b, IMH_CLASSIC_D_PASS), >=, 0);
    found[K_PASS]++;
  }
  for (int k = 0; k < N_KINDS; k++)
    g_test_message ("kind %d: %u positions", k, found[k]);
  for (int k = 0; k < N_KINDS; k++)
    g_assert_cmpuint (found[k], >, 0);
  destroy_window (window);
}

int
main (int   argc,
      char *argv[])
{
  imh_test_i18n_init_app ();
  g_setenv ("GTK_A11Y", "none", TRUE);
  imh_test_init (&argc, &argv);
  adw_init ();

  g_test_add_func ("/classic-board/sail-pick", test_sail_pick);
  g_test_add_func ("/classic-board/position-names", test_position_names);
  g_test_add_func ("/classic-board/every-kind", test_every_kind);
  return g_test_run ();
}
