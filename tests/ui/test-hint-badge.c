/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-hint-badge.c — the hint's badge ("Best · 58 % win") hides nothing
 * the player needs: for hints at many positions of both games, its box
 * lies on the board and meets no target (the hint's own included) and
 * nothing the board names as occupied (pieces, tiles, panels).
 * With IMH_TEST_PNG_DIR set, a few boards with a hint are written there. */
#define G_LOG_DOMAIN "test-hint-badge"

#include "config.h"

#include <adwaita.h>

#include "imh-board-factory.h"
#include "imh-board-private.h"
#include "imh-engine.h"
#include "ui-test-util.h"

static gboolean
boxes_meet (const ImhBox *a,
            const ImhBox *b)
{
  return a->x < b->x + b->w && b->x < a->x + a->w && a->y < b->y + b->h && b->y < a->y + a->h;
}

static void
save_png (GtkWidget  *widget,
          const char *name)
{
  const char *dir = g_getenv ("IMH_TEST_PNG_DIR");
  int w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *file = NULL;
  g_autofree char *path = NULL;
  GtkSnapshot *snapshot;

  if (dir == NULL)
    return;
  paintable = gtk_widget_paintable_new (widget);
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot, w, h);
  node = gtk_snapshot_free_to_node (snapshot);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)),
                                         node, &GRAPHENE_RECT_INIT (0, 0, w, h));
  file = g_strdup_printf ("%s.png", name);
  path = g_build_filename (dir, file, NULL);
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("wrote %s", path);
}

/* Shows hint d and checks where its badge went. */
static void
check_hint (ImhBoard    *board,
            ImhDecision  d)
{
  ImhBoardClass *klass = IMH_BOARD_GET_CLASS (board);
  ImhBox badge, hint_boxes[4], occupied[256];
  guint n_targets, n_hint, n_occupied;
  const ImhBoardTarget *targets;

  imh_board_show_hint (board, d, 0.58);
  g_assert_true (_imh_board_get_hint_badge (board, &badge));
  g_assert_cmpfloat (badge.w, >, 0);
  g_assert_cmpfloat (badge.x, >=, 0);
  g_assert_cmpfloat (badge.y, >=, 0);
  g_assert_cmpfloat (badge.x + badge.w, <=, gtk_widget_get_width (GTK_WIDGET (board)));
  g_assert_cmpfloat (badge.y + badge.h, <=, gtk_widget_get_height (GTK_WIDGET (board)));

  targets = _imh_board_get_targets (board, &n_targets);
  g_assert_cmpuint (n_targets, >, 0);
  for (guint i = 0; i < n_targets; i++)
    {
      ImhBox t = klass->target_box (board, &targets[i]);

      g_assert_false (boxes_meet (&badge, &t));
    }
  n_hint = klass->decision_boxes (board, d, hint_boxes, G_N_ELEMENTS (hint_boxes));
  g_assert_cmpuint (n_hint, >, 0);
  for (guint i = 0; i < n_hint; i++)
    g_assert_false (boxes_meet (&badge, &hint_boxes[i]));
  n_occupied = _imh_board_get_occupied_boxes (board, occupied, G_N_ELEMENTS (occupied));
  g_assert_cmpuint (n_occupied, >, 0);
  for (guint i = 0; i < n_occupied; i++)
    g_assert_false (boxes_meet (&badge, &occupied[i]));
}

static void
check_game (ImhGameKind kind,
            int         n_players,
            guint64     seed,
            const char *png)
{
  GtkWidget *board = imh_board_new_for_kind (kind);
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  g_autoptr(GRand) rand = g_rand_new_with_seed ((guint32) seed);
  ImhOptions options;
  ImhState state;
  char why[128];
  guint checked = 0, ply = 0;

  g_assert_nonnull (board);
  gtk_window_set_default_size (window, 1000, 640);
  gtk_window_set_child (window, board);
  gtk_window_present (window);
  imh_test_iterate_until (imh_test_widget_is_drawn, board);

  imh_options_init (&options, kind, n_players);
  g_assert_true (imh_setup (&state, &options, seed, why, sizeof why));
  while (!imh_is_over (&state) && ply < 120)
    {
      ImhDecisionList legal;

      imh_legal (&state, &legal);
      if (ply % 7 == 0)
        {
          imh_board_set_state (IMH_BOARD (board), &state, TRUE, FALSE);
          /* The first, a middle and the last legal decision. */
          check_hint (IMH_BOARD (board), legal.d[0]);
          check_hint (IMH_BOARD (board), legal.d[legal.n / 2]);
          check_hint (IMH_BOARD (board), legal.d[legal.n - 1]);
          if (checked == 3 && png != NULL)
            {
              imh_test_flush_main_loop ();
              save_png (board, png);
            }
          imh_board_clear_hint (IMH_BOARD (board));
          checked++;
        }
      imh_apply (&state, legal.d[g_rand_int_range (rand, 0, legal.n)]);
      ply++;
    }
  g_test_message ("kind %d: hints at %u positions", kind, checked);
  g_assert_cmpuint (checked, >=, 5);
  gtk_window_destroy (window);
  imh_test_flush_main_loop ();
}

static void
test_duel (void)
{
  check_game (IMH_GAME_DUEL, 2, 3, "hint-duel");
}

static void
test_classic_2 (void)
{
  check_game (IMH_GAME_CLASSIC, 2, 5, NULL);
}

static void
test_classic_4 (void)
{
  check_game (IMH_GAME_CLASSIC, 4, 9, "hint-classic-4");
}

static void
test_dark (void)
{
  /* The same in the dark style (pictures only; the places do not change). */
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_DARK);
  check_game (IMH_GAME_DUEL, 2, 3, "hint-duel-dark");
  check_game (IMH_GAME_CLASSIC, 3, 9, "hint-classic-3-dark");
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
}

int
main (int   argc,
      char *argv[])
{
  imh_test_init (&argc, &argv);
  adw_init ();

  g_test_add_func ("/hint-badge/duel", test_duel);
  g_test_add_func ("/hint-badge/classic-2", test_classic_2);
  g_test_add_func ("/hint-badge/classic-4", test_classic_4);
  g_test_add_func ("/hint-badge/dark", test_dark);
  return g_test_run ();
}
