/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-board-text.c — every text a board draws is readable and inside its
 * box: for the Duel and the base game with 2, 3 and 4 players, at the
 * boards' sizes in a phone's window (360 pixels wide), at 1100 × 760 and
 * 1600 × 1000 (with the sidebar and without), through a game, in the UI
 * language of the test setup (English, German): no font size below 9
 * points at the default text scale, no text's ink outside its box, none
 * cut with an ellipsis. At 1100 × 760 the board fills the space it has. */
#define G_LOG_DOMAIN "test-board-text"

#include "config.h"

#include <adwaita.h>

#include "imh-board-factory.h"
#include "imh-board-private.h"
#include "imh-engine.h"
#include "test-i18n.h"
#include "ui-test-util.h"

typedef struct {
  ImhGameKind kind;
  int         players;
} Game;

typedef struct {
  int w, h;
} Size;

/* The board's allocation in the play view: a 360 × 700 window (header bar
 * and prompt above), 1100 × 760 and 1600 × 1000 with the sidebar (about
 * 300 pixels) and without. */
static const Size sizes[] = {
  { 360, 600 }, { 360, 480 },
  { 780, 660 }, { 1100, 660 },
  { 1280, 900 }, { 1600, 900 },
};

static void
name_players (ImhBoard *board,
              int       players)
{
  static const char *const names[] = { "Nefertari", "Sobek", "Hathor", "Anubis" };

  for (int p = 0; p < players; p++)
    imh_board_set_player_name (board, p, names[p]);
}

/* Counts the texts drawn too small, cut or outside their box in failures
 * (each told with g_test_message ()). */
static void
check_texts (ImhBoard   *board,
             const Size *size,
             const char *where,
             guint      *failures)
{
  double floor = _imh_board_get_min_text (board);
  g_autoptr(GPtrArray) runs = NULL;
  ImhBox drawn;

  gtk_widget_allocate (GTK_WIDGET (board), size->w, size->h, -1, NULL);
  runs = _imh_board_draw_recorded (board, &drawn);
  g_assert_cmpuint (runs->len, >, 0);
  /* 9 points at the default 96 dots per inch. */
  g_assert_cmpfloat (floor, >=, 12.0 - 0.01);
  for (guint i = 0; i < runs->len; i++)
    {
      ImhArtTextRun *run = runs->pdata[i];
      gboolean ok = run->size >= floor - 0.01
                    && !run->ellipsized
                    && run->ink.x >= run->box.x - 1.0
                    && run->ink.y >= run->box.y - 1.0
                    && run->ink.x + run->ink.w <= run->box.x + run->box.w + 1.0
                    && run->ink.y + run->ink.h <= run->box.y + run->box.h + 1.0;

      if (!ok)
        g_test_message ("%s at %d×%d: '%s' size %.1f (floor %.1f)%s, ink %.1f,%.1f %.1f×%.1f in box %.1f,%.1f %.1f×%.1f",
                        where, size->w, size->h, run->text, run->size, floor,
                        run->ellipsized ? " ellipsized" : "",
                        run->ink.x, run->ink.y, run->ink.w, run->ink.h,
                        run->box.x, run->box.y, run->box.w, run->box.h);
      if (!ok)
        (*failures)++;
    }
}

static void
test_texts (gconstpointer data)
{
  const Game *game = data;
  g_autoptr(GtkWidget) board = g_object_ref_sink (imh_board_new_for_kind (game->kind));
  ImhOptions options;
  ImhDecisionList legal;
  ImhState state;
  char why[128];
  guint ply = 0, failures = 0;

  name_players (IMH_BOARD (board), game->players);
  imh_options_init (&options, game->kind, game->players);
  g_assert_true (imh_setup (&state, &options, 5, why, sizeof why));
  /* Every 9th position of a game and its end; the board of the first
   * player to move and interactive (its targets and buttons drawn). */
  for (;;)
    {
      gboolean over = imh_is_over (&state);

      if (over || ply % 9 == 0)
        {
          g_autofree char *where = g_strdup_printf ("ply %u", ply);

          imh_board_set_state (IMH_BOARD (board), &state, TRUE, FALSE);
          for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
            check_texts (IMH_BOARD (board), &sizes[s], where, &failures);
        }
      if (over)
        break;
      imh_legal (&state, &legal);
      imh_apply (&state, legal.d[(ply * 5 + 1) % legal.n]);
      ply++;
      g_assert_cmpuint (ply, <, 5000);
    }
  g_assert_cmpuint (failures, ==, 0);
}

/* At 1100 × 760 (the board's allocation with the sidebar and without) the
 * board's drawing covers at least 90 % of the limiting dimension. */
static void
test_fills (gconstpointer data)
{
  const Game *game = data;
  static const Size fill_sizes[] = { { 780, 660 }, { 1100, 660 } };
  g_autoptr(GtkWidget) board = g_object_ref_sink (imh_board_new_for_kind (game->kind));
  ImhOptions options;
  ImhState state;
  char why[128];

  name_players (IMH_BOARD (board), game->players);
  imh_options_init (&options, game->kind, game->players);
  g_assert_true (imh_setup (&state, &options, 5, why, sizeof why));
  imh_board_set_state (IMH_BOARD (board), &state, TRUE, FALSE);
  for (guint s = 0; s < G_N_ELEMENTS (fill_sizes); s++)
    {
      g_autoptr(GPtrArray) runs = NULL;
      ImhBox drawn;

      gtk_widget_allocate (board, fill_sizes[s].w, fill_sizes[s].h, -1, NULL);
      runs = _imh_board_draw_recorded (IMH_BOARD (board), &drawn);
      g_test_message ("%d×%d: drawn %.0f,%.0f %.0f×%.0f", fill_sizes[s].w, fill_sizes[s].h,
                      drawn.x, drawn.y, drawn.w, drawn.h);
      g_assert_true (drawn.w >= 0.9 * fill_sizes[s].w || drawn.h >= 0.9 * fill_sizes[s].h);
      g_assert_cmpfloat (drawn.x, >=, -0.5);
      g_assert_cmpfloat (drawn.y, >=, -0.5);
      g_assert_cmpfloat (drawn.x + drawn.w, <=, fill_sizes[s].w + 0.5);
      g_assert_cmpfloat (drawn.y + drawn.h, <=, fill_sizes[s].h + 0.5);
    }
}

int
main (int argc, char *argv[])
{
  static const Game games[] = {
    { IMH_GAME_DUEL, 2 }, { IMH_GAME_CLASSIC, 2 }, { IMH_GAME_CLASSIC, 3 }, { IMH_GAME_CLASSIC, 4 },
  };

  imh_test_i18n_init_app ();
  g_setenv ("GTK_A11Y", "none", TRUE);
  imh_test_init (&argc, &argv);
  adw_init ();
  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      const char *name = games[i].kind == IMH_GAME_DUEL ? "duel" : "classic";
      g_autofree char *texts = g_strdup_printf ("/board-text/%s-%d/texts", name, games[i].players);
      g_autofree char *fills = g_strdup_printf ("/board-text/%s-%d/fills", name, games[i].players);

      g_test_add_data_func (texts, &games[i], test_texts);
      g_test_add_data_func (fills, &games[i], test_fills);
    }
  return g_test_run ();
}
