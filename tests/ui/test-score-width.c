/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-score-width.c — the score view of a base game with 3 and 4 players
 * (long names, the base game's own board class, in the UI language) fits
 * a narrow sidebar or a 360 px window: its smallest and its natural width
 * are at most 340 px, with every player's column and full name still
 * there. */
#define G_LOG_DOMAIN "test-score-width"

#include "config.h"

#include <adwaita.h>

#include "imh-score-view.h"
#include "ui-test-util.h"
#include "test-i18n.h"

#define MAX_WIDTH 340

static const char *const names[] = {
  "Computer (strong) 1", "Computer (strong) 2", "Hatshepsut the Builder", "Imhotep the Architect",
};

static void
seeded_game (ImhState *state,
             int       n_players,
             guint     seed,
             guint     n_decisions)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  ImhOptions options;
  char why[128];

  imh_options_init (&options, IMH_GAME_CLASSIC, n_players);
  g_assert_true (imh_setup (state, &options, seed, why, sizeof why));
  for (guint i = 0; i < n_decisions && !imh_is_over (state); i++)
    {
      ImhDecisionList legal;

      g_assert_cmpint (imh_legal (state, &legal), >, 0);
      imh_apply (state, legal.d[g_rand_int_range (rand, 0, legal.n)]);
    }
}

static void
test_width (gconstpointer data)
{
  int n_players = GPOINTER_TO_INT (data);
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  GtkWidget *view = imh_score_view_new ();
  GtkWidget *grid;
  ImhState state;
  int min_width, natural;

  seeded_game (&state, n_players, 40 + n_players, 80);
  imh_score_view_set_state (IMH_SCORE_VIEW (view), &state, names);
  gtk_window_set_child (window, view);
  gtk_window_present (window);
  imh_test_iterate_until (imh_test_widget_is_drawn, view);

  gtk_widget_measure (view, GTK_ORIENTATION_HORIZONTAL, -1, &min_width, &natural, NULL, NULL);
  g_test_message ("%d players: minimum %d px, natural %d px", n_players, min_width, natural);
  g_assert_cmpint (min_width, <=, MAX_WIDTH);
  /* Its natural width too: a sidebar that gives it what it asks for stays
   * narrow. */
  g_assert_cmpint (natural, <=, MAX_WIDTH);

  /* Nothing was dropped to fit: a column per player, the full name in its
   * heading's tooltip. */
  grid = imh_test_find_descendant (view, GTK_TYPE_GRID);
  g_assert_nonnull (grid);
  for (int p = 0; p < n_players; p++)
    {
      GtkWidget *head = gtk_grid_get_child_at (GTK_GRID (grid), 1 + p, 0);

      g_assert_nonnull (head);
      g_assert_cmpstr (gtk_widget_get_tooltip_text (head), ==, names[p]);
    }
  gtk_window_destroy (window);
}

int
main (int   argc,
      char *argv[])
{
  g_setenv ("GTK_A11Y", "none", TRUE);
  imh_test_i18n_init_app ();
  imh_test_init (&argc, &argv);
  adw_init ();

  for (int n = 3; n <= 4; n++)
    {
      g_autofree char *path = g_strdup_printf ("/score-width/%d-players", n);
      g_test_add_data_func (path, GINT_TO_POINTER (n), test_width);
    }
  return g_test_run ();
}
