/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-new-game-classic.c — the New Game dialog for the base game: 2–4
 * seats, start player, a side per site, Wrath of the Pharaoh give exactly
 * the options chosen; they are remembered on reopening; the game row
 * switches games and keeps what was entered for each; it offers the games
 * the app has a board for (imh_ui_kind_has_board ()); the dialog fits a
 * phone's width. */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "imh-engine.h"
#include "imh-game.h"
#include "imh-new-game-dialog.h"
#include "imh-texts.h"
#include "imh-ui-util.h"
#include "test-i18n.h"
#include "ui-test-util.h"

static gboolean
is_row_titled (GtkWidget *widget,
               gpointer   title)
{
  return ADW_IS_PREFERENCES_ROW (widget)
         && g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0;
}

static GtkWidget *
find_row (ImhNewGameDialog *dialog,
          const char       *title)
{
  GtkWidget *row = imh_test_find_widget (GTK_WIDGET (dialog), is_row_titled, (gpointer) title);

  if (row == NULL)
    g_error ("no row “%s”", title);
  return row;
}

static void
close_dialog (ImhNewGameDialog *dialog)
{
  gtk_window_destroy (GTK_WINDOW (dialog));
  imh_test_flush_main_loop ();
}

static void
start_dialog (ImhNewGameDialog *dialog)
{
  g_object_ref (dialog);
  imh_new_game_dialog_start (dialog);
  imh_test_flush_main_loop ();
  g_object_unref (dialog);
}

static const char *const site_ids[] = { "market", "pyramid", "temple", "burial", "obelisk" };

/* Side B, A, B, B, A through each site's row. */
static void
choose_sides (ImhNewGameDialog *dialog)
{
  static const guint sides[] = { 1, 0, 1, 1, 0 };

  for (guint i = 0; i < G_N_ELEMENTS (site_ids); i++)
    adw_combo_row_set_selected (ADW_COMBO_ROW (find_row (dialog, imh_texts_site_name (site_ids[i]))),
                                sides[i]);
}

/* Game classic, 4 players, sides BABBA, wrath, player 3 (index 2) starts. */
static void
assert_chosen (ImhNewGameDialog *dialog)
{
  static const uint8_t sides[] = { IMH_SIDE_B, IMH_SIDE_A, IMH_SIDE_B, IMH_SIDE_B, IMH_SIDE_A };
  const ImhRules *rules = imh_rules_get (IMH_GAME_CLASSIC);
  ImhOptions options;
  ImhSeatKind kind;
  const char *level, *name;
  char why[128] = "";

  g_assert_cmpint (imh_new_game_dialog_get_kind (dialog), ==, IMH_GAME_CLASSIC);
  g_assert_cmpuint (imh_new_game_dialog_get_n_players (dialog), ==, 4);
  imh_new_game_dialog_get_options (dialog, &options);
  g_assert_cmpint (options.game, ==, IMH_GAME_CLASSIC);
  g_assert_cmpint (options.n_players, ==, 4);
  g_assert_cmpint (options.start_player, ==, 2);
  g_assert_cmpuint (options.variants, ==, IMH_VARIANT_WRATH);
  g_assert_cmpint (rules->n_sites, ==, G_N_ELEMENTS (sides));
  for (guint i = 0; i < G_N_ELEMENTS (sides); i++)
    {
      g_assert_cmpstr (rules->site_ids[i], ==, site_ids[i]);
      g_assert_cmpint (options.sides[i], ==, sides[i]);
    }
  if (!rules->options_valid (&options, why, sizeof why))
    g_error ("options not valid: %s", why);

  /* The game the play view makes of them (imh_game_new ()) has them. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(ImhGame) game = imh_game_new (&options, 42, &error);
    ImhOptions got;

    g_assert_no_error (error);
    imh_game_get_options (game, &got);
    g_assert_cmpint (got.game, ==, IMH_GAME_CLASSIC);
    g_assert_cmpint (got.n_players, ==, 4);
    g_assert_cmpint (got.start_player, ==, 2);
    g_assert_cmpuint (got.variants, ==, IMH_VARIANT_WRATH);
    for (guint i = 0; i < G_N_ELEMENTS (sides); i++)
      g_assert_cmpint (got.sides[i], ==, sides[i]);
  }

  imh_new_game_dialog_get_seat (dialog, 0, &kind, &level, &name);
  g_assert_cmpint (kind, ==, IMH_SEAT_HUMAN);
  g_assert_cmpstr (name, ==, "Hatshepsut");
  imh_new_game_dialog_get_seat (dialog, 2, &kind, &level, &name);
  g_assert_cmpint (kind, ==, IMH_SEAT_COMPUTER);
  g_assert_cmpstr (level, ==, "expert");
  imh_new_game_dialog_get_seat (dialog, 3, &kind, &level, &name);
  g_assert_cmpint (kind, ==, IMH_SEAT_HUMAN);
  g_assert_cmpstr (name, ==, "Senenmut");
}

static void
test_options (void)
{
  ImhNewGameDialog *dialog = imh_new_game_dialog_new (NULL, IMH_GAME_CLASSIC);
  g_autoptr(GSettings) app = g_settings_new (BASE_APP_ID);
  g_autofree char *last = NULL;
  GtkWidget *wrath_row;
  GtkWidget *wrath;

  imh_new_game_dialog_set_n_players (dialog, 4);
  /* Black: a person; brown: the expert computer; gray: a person. */
  adw_combo_row_set_selected (ADW_COMBO_ROW (find_row (dialog, imh_texts_player_colour (0))), 0);
  gtk_editable_set_text (GTK_EDITABLE (find_row (dialog, IMH_T ("Name of Black"))), "Hatshepsut");
  adw_combo_row_set_selected (ADW_COMBO_ROW (find_row (dialog, imh_texts_player_colour (2))), 4);
  adw_combo_row_set_selected (ADW_COMBO_ROW (find_row (dialog, imh_texts_player_colour (3))), 0);
  gtk_editable_set_text (GTK_EDITABLE (find_row (dialog, IMH_T ("Name of Gray"))), "Senenmut");
  choose_sides (dialog);
  /* The variant's row: a switch and a line that says what it does. */
  wrath_row = find_row (dialog, imh_texts_variant_name (IMH_VARIANT_WRATH));
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (wrath_row)), !=, "");
  wrath = imh_test_find_descendant (wrath_row, GTK_TYPE_SWITCH);
  g_assert_nonnull (wrath);
  gtk_switch_set_active (GTK_SWITCH (wrath), TRUE);
  /* Start player: "Random", then the players. */
  adw_combo_row_set_selected (ADW_COMBO_ROW (find_row (dialog, IMH_T ("Starts"))), 3);
  assert_chosen (dialog);

  /* Remembered on reopening, once started. */
  start_dialog (dialog);
  last = g_settings_get_string (app, "new-game");
  g_assert_cmpstr (last, ==, "classic");
  /* The last game is the next dialog's, where the app has a board for it. */
  g_assert_cmpint (imh_new_game_dialog_last_kind (), ==,
                   imh_ui_kind_has_board (IMH_GAME_CLASSIC) ? IMH_GAME_CLASSIC : imh_ui_default_kind ());
  dialog = imh_new_game_dialog_new (NULL, IMH_GAME_CLASSIC);
  assert_chosen (dialog);

  /* All A / All B for every site; Mixed draws each, still A or B. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "new-game.all-sides-a", NULL));
  {
    ImhOptions options;

    imh_new_game_dialog_get_options (dialog, &options);
    for (guint i = 0; i < G_N_ELEMENTS (site_ids); i++)
      g_assert_cmpint (options.sides[i], ==, IMH_SIDE_A);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "new-game.all-sides-b", NULL));
    imh_new_game_dialog_get_options (dialog, &options);
    for (guint i = 0; i < G_N_ELEMENTS (site_ids); i++)
      g_assert_cmpint (options.sides[i], ==, IMH_SIDE_B);
  }
  /* Cancelled: nothing of it remembered. */
  close_dialog (dialog);
  dialog = imh_new_game_dialog_new (NULL, IMH_GAME_CLASSIC);
  assert_chosen (dialog);
  close_dialog (dialog);
}

/* The game the game row shows. */
static const char *
game_row_choice (ImhNewGameDialog *dialog)
{
  AdwComboRow *row = ADW_COMBO_ROW (find_row (dialog, IMH_T ("Game")));

  return gtk_string_object_get_string (adw_combo_row_get_selected_item (row));
}

/* Chooses the game in the game row, as the user does. */
static void
choose_game (ImhNewGameDialog *dialog,
             ImhGameKind       kind)
{
  AdwComboRow *row = ADW_COMBO_ROW (find_row (dialog, IMH_T ("Game")));
  GListModel *model = adw_combo_row_get_model (row);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(GtkStringObject) item = g_list_model_get_item (model, i);

      if (g_str_equal (gtk_string_object_get_string (item), imh_texts_game_name (kind)))
        {
          adw_combo_row_set_selected (row, i);
          return;
        }
    }
  g_error ("the game row has no %s", imh_texts_game_name (kind));
}

static void
test_switch (void)
{
  ImhNewGameDialog *dialog = imh_new_game_dialog_new (NULL, IMH_GAME_DUEL);
  const ImhRules *duel = imh_rules_get (IMH_GAME_DUEL);
  ImhOptions options;

  /* The Duel: white starts, every side B. */
  adw_combo_row_set_selected (ADW_COMBO_ROW (find_row (dialog, IMH_T ("Starts"))), 2);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "new-game.all-sides-b", NULL));

  /* The base game: its own rows and its own remembered choices. */
  imh_new_game_dialog_set_kind (dialog, IMH_GAME_CLASSIC);
  g_assert_cmpint (imh_new_game_dialog_get_kind (dialog), ==, IMH_GAME_CLASSIC);
  g_assert_cmpstr (game_row_choice (dialog), ==, imh_texts_game_name (IMH_GAME_CLASSIC));
  assert_chosen (dialog);
  imh_new_game_dialog_set_n_players (dialog, 3);

  /* Back to the Duel through the game row: what was entered there. */
  choose_game (dialog, IMH_GAME_DUEL);
  g_assert_cmpint (imh_new_game_dialog_get_kind (dialog), ==, IMH_GAME_DUEL);
  imh_new_game_dialog_get_options (dialog, &options);
  g_assert_cmpint (options.game, ==, IMH_GAME_DUEL);
  g_assert_cmpint (options.n_players, ==, 2);
  g_assert_cmpint (options.start_player, ==, 1);
  g_assert_cmpuint (options.variants, ==, 0);
  for (guint i = 0; i < duel->n_sites; i++)
    g_assert_cmpint (options.sides[i], ==, IMH_SIDE_B);
  g_assert_false (gtk_widget_get_visible (find_row (dialog, IMH_T ("Number of Players"))));

  /* …and the base game's three players (the row, once it listed the
   * base game, keeps it; the kind property switches too). */
  choose_game (dialog, IMH_GAME_CLASSIC);
  g_assert_cmpint (imh_new_game_dialog_get_kind (dialog), ==, IMH_GAME_CLASSIC);
  g_object_set (dialog, "kind", (int) IMH_GAME_DUEL, NULL);
  g_assert_cmpstr (game_row_choice (dialog), ==, imh_texts_game_name (IMH_GAME_DUEL));
  g_object_set (dialog, "kind", (int) IMH_GAME_CLASSIC, NULL);
  g_assert_cmpuint (imh_new_game_dialog_get_n_players (dialog), ==, 3);
  imh_new_game_dialog_get_options (dialog, &options);
  g_assert_cmpint (options.n_players, ==, 3);
  g_assert_cmpuint (options.variants, ==, IMH_VARIANT_WRATH);

  /* Started with the base game: both games' entries are remembered. */
  start_dialog (dialog);
  dialog = imh_new_game_dialog_new (NULL, IMH_GAME_DUEL);
  imh_new_game_dialog_get_options (dialog, &options);
  g_assert_cmpint (options.start_player, ==, 1);
  g_assert_cmpint (options.sides[0], ==, IMH_SIDE_B);
  imh_new_game_dialog_set_kind (dialog, IMH_GAME_CLASSIC);
  g_assert_cmpuint (imh_new_game_dialog_get_n_players (dialog), ==, 3);
  close_dialog (dialog);
}

/* The game row offers the games the app has a board for, and names the
 * others. */
static void
test_game_row (void)
{
  ImhNewGameDialog *dialog = imh_new_game_dialog_new (NULL, imh_ui_default_kind ());
  AdwComboRow *row = ADW_COMBO_ROW (find_row (dialog, IMH_T ("Game")));
  GListModel *model = adw_combo_row_get_model (row);
  guint with_board = 0;
  GtkWidget *group = gtk_widget_get_ancestor (GTK_WIDGET (row), ADW_TYPE_PREFERENCES_GROUP);
  const char *description = adw_preferences_group_get_description (ADW_PREFERENCES_GROUP (group));

  for (int k = 0; k < IMH_N_GAMES; k++)
    {
      gboolean listed = FALSE;

      for (guint i = 0; i < g_list_model_get_n_items (model); i++)
        {
          g_autoptr(GtkStringObject) item = g_list_model_get_item (model, i);

          listed |= g_str_equal (gtk_string_object_get_string (item),
                                 imh_texts_game_name ((ImhGameKind) k));
        }
      g_assert_cmpint (listed, ==, imh_ui_kind_has_board ((ImhGameKind) k));
      with_board += imh_ui_kind_has_board ((ImhGameKind) k);
      /* A game without a board is named under the row. */
      if (!imh_ui_kind_has_board ((ImhGameKind) k))
        g_assert_nonnull (strstr (description, imh_texts_game_name ((ImhGameKind) k)));
    }
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, with_board);
  g_assert_cmpint (gtk_widget_get_sensitive (GTK_WIDGET (row)), ==, with_board > 1);
  g_assert_cmpint (imh_new_game_dialog_get_kind (dialog), ==, imh_ui_default_kind ());
  close_dialog (dialog);

  /* The default kind when none is given. */
  dialog = g_object_new (IMH_TYPE_NEW_GAME_DIALOG, NULL);
  g_assert_cmpint (imh_new_game_dialog_get_kind (dialog), ==, imh_ui_default_kind ());
  close_dialog (dialog);
}

/* Four seats and five sites fit a phone: the dialog needs at most 360 px. */
static void
test_narrow (void)
{
  ImhNewGameDialog *dialog = imh_new_game_dialog_new (NULL, IMH_GAME_CLASSIC);
  int min_width = 0;

  imh_new_game_dialog_set_n_players (dialog, 4);
  gtk_widget_measure (GTK_WIDGET (dialog), GTK_ORIENTATION_HORIZONTAL, -1, &min_width, NULL, NULL, NULL);
  g_assert_cmpint (min_width, <=, 360);
  close_dialog (dialog);
}

int
main (int argc, char **argv)
{
  imh_test_i18n_init_app ();
  imh_test_init (&argc, &argv);
  adw_init ();

  /* In this order: the switch starts from the options' remembered choices. */
  g_test_add_func ("/new-game-classic/options", test_options);
  g_test_add_func ("/new-game-classic/switch", test_switch);
  g_test_add_func ("/new-game-classic/game-row", test_game_row);
  g_test_add_func ("/new-game-classic/narrow", test_narrow);
  return g_test_run ();
}
