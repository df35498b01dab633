/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-classic-board-fit.c — the base game board's layout: with four
 * players it fits a phone's width (360 pixels), every site, the harbour
 * and every panel inside, the panels two a row; spare height is used, not
 * left as empty bands; the second row of sites leaves no empty cell. */
#define G_LOG_DOMAIN "test-classic-board-fit"

#include "config.h"

#include <adwaita.h>

#include "imh-board-factory.h"
#include "imh-classic-board-private.h"
#include "imh-engine.h"
#include "test-i18n.h"
#include "ui-test-util.h"

static GtkWidget *
board_for (int players)
{
  GtkWidget *board = imh_board_new_for_kind (IMH_GAME_CLASSIC);
  ImhOptions options;
  ImhState state;
  char why[128];

  g_assert_nonnull (board);
  g_object_ref_sink (board);
  imh_options_init (&options, IMH_GAME_CLASSIC, players);
  g_assert_true (imh_setup (&state, &options, 7, why, sizeof why));
  imh_board_set_state (IMH_BOARD (board), &state, TRUE, FALSE);
  return board;
}

static void
layout (GtkWidget *board,
        int        w,
        int        h)
{
  IMH_BOARD_GET_CLASS (board)->layout (IMH_BOARD (board), w, h);
}

static void
assert_inside (Box b,
               int w,
               int h)
{
  g_assert_cmpfloat (b.x, >=, -0.5);
  g_assert_cmpfloat (b.y, >=, -0.5);
  g_assert_cmpfloat (b.x + b.w, <=, w + 0.5);
  g_assert_cmpfloat (b.y + b.h, <=, h + 0.5);
  g_assert_cmpfloat (b.w, >, 0);
  g_assert_cmpfloat (b.h, >, 0);
}

/* Bottom edge of the lowest box drawn, top edge of the highest. */
static void
extent (ImhClassicBoard *self,
        int              players,
        double          *top,
        double          *bottom)
{
  *top = G_MAXDOUBLE;
  *bottom = 0;
  for (int i = 0; i < IMH_CLASSIC_N_SITES; i++)
    {
      *top = MIN (*top, self->site[i].y);
      *bottom = MAX (*bottom, self->site[i].y + self->site[i].h);
    }
  *bottom = MAX (*bottom, self->harbour.y + self->harbour.h);
  for (int p = 0; p < players; p++)
    *bottom = MAX (*bottom, self->panel[p].y + self->panel[p].h);
}

static void
test_phone (void)
{
  g_autoptr (GtkWidget) board = board_for (4);
  ImhClassicBoard *self = IMH_CLASSIC_BOARD (board);
  int min, nat;

  gtk_widget_measure (board, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
  g_assert_cmpint (min, <=, 360);

  layout (board, 360, 560);
  g_assert_true (self->narrow);
  for (int i = 0; i < IMH_CLASSIC_N_SITES; i++)
    assert_inside (self->site[i], 360, 560);
  assert_inside (self->harbour, 360, 560);
  for (int p = 0; p < 4; p++)
    {
      assert_inside (self->panel[p], 360, 560);
      assert_inside (_imh_classic_sled_box (self, p), 360, 560);
      assert_inside (_imh_classic_pass_box (self, p), 360, 560);
      assert_inside (_imh_classic_cards_box (self, p), 360, 560);
    }
  /* Two panels a row. */
  g_assert_cmpfloat (self->panel[0].w, <, 360 / 2.0);
  for (int s = 0; s < IMH_CLASSIC_N_SHIPS; s++)
    assert_inside (_imh_classic_sail_box (self, s), 360, 560);
}

/* Width decides the unit; the height left over is taken up. */
static void
test_uses_height (void)
{
  for (int players = 2; players <= 4; players++)
    {
      g_autoptr (GtkWidget) board = board_for (players);
      ImhClassicBoard *self = IMH_CLASSIC_BOARD (board);
      const int sizes[][2] = { { 950, 700 }, { 1200, 700 }, { 360, 640 } };

      for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
        {
          int w = sizes[k][0], h = sizes[k][1];
          double top, bottom;

          layout (board, w, h);
          extent (self, players, &top, &bottom);
          g_assert_cmpfloat (top, >=, -0.5);
          g_assert_cmpfloat (bottom, <=, h + 0.5);
          /* At most a thin band above and below. */
          g_assert_cmpfloat (top, <=, 0.1 * h);
          g_assert_cmpfloat (h - bottom, <=, 0.1 * h);
        }
    }
}

/* Medium and narrow: the burial chamber and the obelisks share the second
 * row's width. */
static void
test_second_row (void)
{
  g_autoptr (GtkWidget) board = board_for (4);
  ImhClassicBoard *self = IMH_CLASSIC_BOARD (board);
  Box first, second;

  layout (board, 360, 640);
  g_assert_true (self->narrow);
  first = self->site[IMH_CLASSIC_SITE_MARKET];
  second = self->site[IMH_CLASSIC_SITE_OBELISK];
  g_assert_cmpfloat (self->site[IMH_CLASSIC_SITE_TEMPLE].x + self->site[IMH_CLASSIC_SITE_TEMPLE].w,
                     ==, second.x + second.w);
  g_assert_cmpfloat (self->site[IMH_CLASSIC_SITE_BURIAL].x, ==, first.x);
}

int
main (int   argc,
      char *argv[])
{
  imh_test_i18n_init_app ();
  g_setenv ("GTK_A11Y", "none", TRUE);
  imh_test_init (&argc, &argv);
  adw_init ();

  g_test_add_func ("/classic-board-fit/phone", test_phone);
  g_test_add_func ("/classic-board-fit/uses-height", test_uses_height);
  g_test_add_func ("/classic-board-fit/second-row", test_second_row);
  return g_test_run ();
}
