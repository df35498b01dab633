/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-board-thumbnail.c — a finished game's thumbnail is its final
 * position drawn still: taken from a board on screen in the middle of the
 * animation of the last decision, it is the same picture as one drawn by a
 * new board of the final position with no animation; for every game. */
#define G_LOG_DOMAIN "test-board-thumbnail"

#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "imh-board-factory.h"
#include "imh-board-private.h"
#include "imh-board-thumbnail.h"
#include "imh-engine.h"
#include "ui-test-util.h"

typedef struct {
  ImhGameKind kind;
  int         players;
} Game;

#define N_PAST 32

/* A whole game of deterministic picks: the positions of its last N_PAST
 * decisions (past[k]: k + 1 decisions before the end), the last decision
 * and the final position. */
static void
play_to_end (const Game  *game,
             ImhState    *past,
             ImhDecision *last,
             ImhState    *final)
{
  ImhOptions options;
  ImhDecisionList legal;
  ImhState *ring = g_new (ImhState, N_PAST);
  char why[128];
  guint ply = 0;

  imh_options_init (&options, game->kind, game->players);
  g_assert_true (imh_setup (final, &options, 11, why, sizeof why));
  while (!imh_is_over (final))
    {
      imh_legal (final, &legal);
      g_assert_cmpuint (legal.n, >, 0);
      imh_state_copy (&ring[ply % N_PAST], final);
      *last = legal.d[(ply * 7 + 3) % legal.n];
      imh_apply (final, *last);
      ply++;
      g_assert_cmpuint (ply, <, 5000);
    }
  g_assert_cmpuint (ply, >=, N_PAST);
  for (guint k = 0; k < N_PAST; k++)
    imh_state_copy (&past[k], &ring[(ply - 1 - k) % N_PAST]);
  g_free (ring);
}

static void
name_players (ImhBoard *board,
              int       players)
{
  static const char *const names[] = { "Nefertari", "Sobek", "Hathor", "Anubis" };

  for (int p = 0; p < players; p++)
    imh_board_set_player_name (board, p, names[p]);
}

static void
assert_same_pixels (GBytes *a,
                    GBytes *b)
{
  g_autoptr(GdkTexture) ta = gdk_texture_new_from_bytes (a, NULL);
  g_autoptr(GdkTexture) tb = gdk_texture_new_from_bytes (b, NULL);
  int w, h;
  g_autofree guchar *pa = NULL, *pb = NULL;

  g_assert_nonnull (ta);
  g_assert_nonnull (tb);
  w = gdk_texture_get_width (ta);
  h = gdk_texture_get_height (ta);
  g_assert_cmpint (w, ==, IMH_BOARD_THUMBNAIL_WIDTH);
  g_assert_cmpint (gdk_texture_get_width (tb), ==, w);
  g_assert_cmpint (gdk_texture_get_height (tb), ==, h);
  pa = g_malloc ((gsize) w * h * 4);
  pb = g_malloc ((gsize) w * h * 4);
  gdk_texture_download (ta, pa, (gsize) w * 4);
  gdk_texture_download (tb, pb, (gsize) w * 4);
  g_assert_true (memcmp (pa, pb, (gsize) w * h * 4) == 0);
}

static void
test_still (gconstpointer data)
{
  const Game *game = data;
  ImhState *past = g_new (ImhState, N_PAST);
  ImhState final;
  ImhDecision last = 0;
  GtkWindow *window;
  GtkWidget *live, *fresh;
  GskRenderer *renderer;
  g_autoptr(GBytes) from_live = NULL;
  g_autoptr(GBytes) from_fresh = NULL;

  play_to_end (game, past, &last, &final);

  window = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_default_size (window, 1100, 760);
  live = imh_board_new_for_kind (game->kind);
  gtk_window_set_child (window, live);
  g_object_set (gtk_widget_get_settings (live), "gtk-enable-animations", TRUE, NULL);
  name_players (IMH_BOARD (live), game->players);
  imh_board_set_state (IMH_BOARD (live), &past[0], TRUE, FALSE);
  gtk_window_present (window);
  imh_test_iterate_until (imh_test_widget_is_drawn, live);
  renderer = gtk_native_get_renderer (GTK_NATIVE (window));
  g_assert_nonnull (renderer);

  /* The last decisions animate on screen (from the latest position from
   * which something flies): the thumbnail is taken now. */
  imh_board_set_last_decision (IMH_BOARD (live), TRUE, last);
  for (guint k = 0; k < N_PAST && !imh_board_get_animating (IMH_BOARD (live)); k++)
    {
      imh_board_set_state (IMH_BOARD (live), &past[k], TRUE, FALSE);
      imh_board_set_state (IMH_BOARD (live), &final, FALSE, TRUE);
    }
  g_assert_true (imh_board_get_animating (IMH_BOARD (live)));
  from_live = imh_board_thumbnail_render (IMH_BOARD (live), renderer);
  g_assert_true (imh_board_get_animating (IMH_BOARD (live)));
  g_assert_nonnull (from_live);

  /* The final position on a new board, no animation. */
  g_object_set (gtk_widget_get_settings (live), "gtk-enable-animations", FALSE, NULL);
  fresh = g_object_ref_sink (imh_board_new_for_kind (game->kind));
  name_players (IMH_BOARD (fresh), game->players);
  imh_board_set_last_decision (IMH_BOARD (fresh), TRUE, last);
  imh_board_set_state (IMH_BOARD (fresh), &final, FALSE, FALSE);
  from_fresh = imh_board_thumbnail_render (IMH_BOARD (fresh), renderer);
  g_assert_nonnull (from_fresh);

  assert_same_pixels (from_live, from_fresh);

  g_object_unref (fresh);
  g_free (past);
  gtk_window_destroy (window);
  imh_test_flush_main_loop ();
}

int
main (int argc, char *argv[])
{
  static const Game duel = { IMH_GAME_DUEL, 2 };
  static const Game classic2 = { IMH_GAME_CLASSIC, 2 };
  static const Game classic4 = { IMH_GAME_CLASSIC, 4 };

  imh_test_init (&argc, &argv);
  adw_init ();
  g_test_add_data_func ("/board-thumbnail/duel", &duel, test_still);
  g_test_add_data_func ("/board-thumbnail/classic-2", &classic2, test_still);
  g_test_add_data_func ("/board-thumbnail/classic-4", &classic4, test_still);
  return g_test_run ();
}
