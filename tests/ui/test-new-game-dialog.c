/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-new-game-dialog.c — the New Game dialog built from the rules of a
 * game kind: its rows (seats for the chosen number of players, a side per
 * site, variants), the options it gives (valid for the rules, also for the
 * base game with 3 and 4 players), the choices remembered per game, and the
 * one-time copy of the Duel's choices from the app's legacy keys. */
#include "config.h"

#include <adwaita.h>

#include "imh-engine.h"
#include "imh-game-settings.h"
#include "imh-new-game-dialog.h"
#include "imh-texts.h"
#include "test-i18n.h"
#include "ui-test-util.h"

static gboolean
is_visible_row_titled (GtkWidget *widget,
                       gpointer   title)
{
  return ADW_IS_PREFERENCES_ROW (widget) && gtk_widget_get_visible (widget)
         && g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0;
}

static gboolean
has_row (ImhNewGameDialog *dialog,
         const char       *title)
{
  return imh_test_find_widget (GTK_WIDGET (dialog), is_visible_row_titled, (gpointer) title) != NULL;
}

static void
assert_valid (const ImhOptions *options)
{
  const ImhRules *rules = imh_rules_get (options->game);
  char why[128] = "";

  g_assert_nonnull (rules);
  if (!rules->options_valid (options, why, sizeof why))
    g_error ("options not valid: %s", why);
}

static void
close_dialog (ImhNewGameDialog *dialog)
{
  gtk_window_destroy (GTK_WINDOW (dialog));
  imh_test_flush_main_loop ();
}

static void
test_duel (void)
{
  const ImhRules *rules = imh_rules_get (IMH_GAME_DUEL);
  ImhNewGameDialog *dialog = imh_new_game_dialog_new (NULL, IMH_GAME_DUEL);
  ImhOptions options;

  g_assert_cmpint (imh_new_game_dialog_get_kind (dialog), ==, IMH_GAME_DUEL);
  /* Two players, no choice of their number; a row per site. */
  g_assert_cmpuint (imh_new_game_dialog_get_n_players (dialog), ==, 2);
  g_assert_false (has_row (dialog, IMH_T ("Number of Players")));
  g_assert_true (has_row (dialog, imh_texts_player_colour (1)));
  g_assert_false (has_row (dialog, imh_texts_player_colour (2)));
  for (guint i = 0; i < rules->n_sites; i++)
    g_assert_true (has_row (dialog, imh_texts_site_name (rules->site_ids[i])));
  g_assert_false (has_row (dialog, imh_texts_variant_name (IMH_VARIANT_WRATH)));

  imh_new_game_dialog_get_options (dialog, &options);
  g_assert_cmpint (options.game, ==, IMH_GAME_DUEL);
  g_assert_cmpint (options.n_players, ==, 2);
  assert_valid (&options);

  /* All sides B through the dialog's action. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "new-game.all-sides-b", NULL));
  imh_new_game_dialog_get_options (dialog, &options);
  for (guint i = 0; i < rules->n_sites; i++)
    g_assert_cmpint (options.sides[i], ==, IMH_SIDE_B);
  assert_valid (&options);
  close_dialog (dialog);
}

static void
test_classic (void)
{
  const ImhRules *rules = imh_rules_get (IMH_GAME_CLASSIC);
  ImhNewGameDialog *dialog = imh_new_game_dialog_new (NULL, IMH_GAME_CLASSIC);
  ImhOptions options;
  GtkWidget *wrath;

  g_assert_true (has_row (dialog, IMH_T ("Number of Players")));
  for (guint i = 0; i < rules->n_sites; i++)
    g_assert_true (has_row (dialog, imh_texts_site_name (rules->site_ids[i])));
  g_assert_true (has_row (dialog, imh_texts_variant_name (IMH_VARIANT_WRATH)));

  for (guint n = rules->min_players; n <= rules->max_players; n++)
    {
      imh_new_game_dialog_set_n_players (dialog, n);
      g_assert_cmpuint (imh_new_game_dialog_get_n_players (dialog), ==, n);
      /* Seat rows for the chosen players only. */
      for (guint p = 0; p < IMH_MAX_PLAYERS; p++)
        g_assert_cmpint (has_row (dialog, imh_texts_player_colour (p)), ==, p < n);
      imh_new_game_dialog_get_options (dialog, &options);
      g_assert_cmpint (options.game, ==, IMH_GAME_CLASSIC);
      g_assert_cmpint (options.n_players, ==, n);
      assert_valid (&options);
      for (guint p = 0; p < n; p++)
        {
          ImhSeatKind kind;
          const char *level, *name;

          imh_new_game_dialog_get_seat (dialog, p, &kind, &level, &name);
          /* A person first, the computer in the other seats. */
          g_assert_cmpint (kind, ==, p == 0 ? IMH_SEAT_HUMAN : IMH_SEAT_COMPUTER);
        }
    }

  /* The variant's switch, and mixed sides: still valid options. */
  wrath = imh_test_find_descendant (GTK_WIDGET (dialog), GTK_TYPE_SWITCH);
  g_assert_nonnull (wrath);
  gtk_switch_set_active (GTK_SWITCH (wrath), TRUE);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "new-game.mixed-sides", NULL));
  imh_new_game_dialog_set_n_players (dialog, 4);
  imh_new_game_dialog_get_options (dialog, &options);
  g_assert_cmpuint (options.variants, ==, IMH_VARIANT_WRATH);
  assert_valid (&options);

  /* Started: the choices are the base game's, remembered for the next dialog. */
  g_object_ref (dialog);
  imh_new_game_dialog_start (dialog);
  imh_test_flush_main_loop ();
  g_object_unref (dialog);
  dialog = imh_new_game_dialog_new (NULL, IMH_GAME_CLASSIC);
  g_assert_cmpuint (imh_new_game_dialog_get_n_players (dialog), ==, 4);
  imh_new_game_dialog_get_options (dialog, &options);
  g_assert_cmpuint (options.variants, ==, IMH_VARIANT_WRATH);
  close_dialog (dialog);

  /* …and not the Duel's. */
  dialog = imh_new_game_dialog_new (NULL, IMH_GAME_DUEL);
  imh_new_game_dialog_get_options (dialog, &options);
  g_assert_cmpint (options.n_players, ==, 2);
  g_assert_cmpuint (options.variants, ==, 0);
  close_dialog (dialog);
}

static void
test_migration (void)
{
  g_autoptr(GSettings) app = g_settings_new (BASE_APP_ID);
  const char *names[] = { "Ahmose", "Tiye", NULL };
  g_autoptr(GSettings) duel = NULL;
  g_autoptr(GSettings) again = NULL;
  g_autoptr(GSettings) classic = NULL;
  g_autofree char *sides = NULL;
  g_auto(GStrv) got_names = NULL;
  g_autoptr(GVariant) untouched = NULL;
  ImhNewGameDialog *dialog;
  ImhOptions options;

  /* The user's choices under the legacy keys (levels left at the default). */
  g_settings_set_string (app, "new-game-sides", "BABA");
  g_settings_set_strv (app, "new-game-names", names);
  g_settings_set_int (app, "new-game-start-player", 1);

  duel = imh_game_settings_new (imh_rules_get (IMH_GAME_DUEL));
  sides = g_settings_get_string (duel, "sides");
  g_assert_cmpstr (sides, ==, "BABA");
  got_names = g_settings_get_strv (duel, "names");
  g_assert_cmpstrv (got_names, names);
  g_assert_cmpint (g_settings_get_int (duel, "start-player"), ==, 1);
  untouched = g_settings_get_user_value (duel, "levels");
  g_assert_null (untouched);

  /* The dialog shows them. */
  dialog = imh_new_game_dialog_new (NULL, IMH_GAME_DUEL);
  imh_new_game_dialog_get_options (dialog, &options);
  g_assert_cmpint (options.start_player, ==, 1);
  g_assert_cmpint (options.sides[0], ==, IMH_SIDE_B);
  g_assert_cmpint (options.sides[1], ==, IMH_SIDE_A);
  close_dialog (dialog);

  /* Once: a later change of the Duel's settings stays. */
  g_settings_set_string (duel, "sides", "AAAB");
  again = imh_game_settings_new (imh_rules_get (IMH_GAME_DUEL));
  g_clear_pointer (&sides, g_free);
  sides = g_settings_get_string (again, "sides");
  g_assert_cmpstr (sides, ==, "AAAB");

  /* The other games keep their own settings. */
  classic = imh_game_settings_new (imh_rules_get (IMH_GAME_CLASSIC));
  g_clear_pointer (&sides, g_free);
  sides = g_settings_get_string (classic, "sides");
  g_assert_cmpstr (sides, ==, "");
}

int
main (int argc, char **argv)
{
  imh_test_i18n_init_app ();
  imh_test_init (&argc, &argv);
  adw_init ();

  /* The migration runs first: the dialogs of the other tests would set the
   * Duel's keys themselves. */
  g_test_add_func ("/new-game-dialog/migration", test_migration);
  g_test_add_func ("/new-game-dialog/duel", test_duel);
  g_test_add_func ("/new-game-dialog/classic", test_classic);
  return g_test_run ();
}
