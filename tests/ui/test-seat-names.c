/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-seat-names.c — the words that tell the players apart: a computer
 * seat nobody named is called by its level (numbered when several
 * computers play), a name typed is kept, and the words for each player's
 * meeples say the head the meeple is drawn with. */
#define G_LOG_DOMAIN "test-seat-names"

#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "imh-art.h"
#include "imh-game.h"
#include "imh-new-game-dialog.h"
#include "imh-play-view.h"
#include "imh-texts.h"
#include "test-i18n.h"
#include "ui-test-util.h"

static gboolean
is_row_titled (GtkWidget *widget,
               gpointer   title)
{
  return ADW_IS_PREFERENCES_ROW (widget) && gtk_widget_get_visible (widget)
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

/* The combo row of a seat: 0 a person, 1 beginner, 2 casual, 3 strong, 4 expert. */
static void
choose_seat (ImhNewGameDialog *dialog,
             guint             player,
             guint             row)
{
  adw_combo_row_set_selected (ADW_COMBO_ROW (find_row (dialog, imh_texts_player_colour (player))), row);
}

typedef struct {
  GtkWindow   *window;
  ImhPlayView *view;
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  f->window = GTK_WINDOW (adw_window_new ());
  g_object_ref (f->window);
  gtk_window_set_default_size (f->window, 1000, 700);
  f->view = IMH_PLAY_VIEW (imh_play_view_new ());
  imh_play_view_set_pace (f->view, 0);
  adw_window_set_content (ADW_WINDOW (f->window), GTK_WIDGET (f->view));
  gtk_window_present (f->window);
  imh_test_flush_main_loop ();
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  ImhGame *game = imh_play_view_get_game (f->view);

  if (game != NULL)
    imh_game_stop_computer (game);
  gtk_window_destroy (f->window);
  imh_test_flush_main_loop ();
  g_assert_finalize_object (f->window);
}

/* Opens New Game in the play view, for the game `kind`. */
static ImhNewGameDialog *
open_dialog (Fixture     *f,
             ImhGameKind  kind)
{
  ImhNewGameDialog *dialog;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "game.new-game", NULL));
  dialog = IMH_NEW_GAME_DIALOG (imh_test_find_toplevel (IMH_TYPE_NEW_GAME_DIALOG));
  g_assert_nonnull (dialog);
  imh_new_game_dialog_set_kind (dialog, kind);
  return dialog;
}

static ImhGame *
start (Fixture          *f,
       ImhNewGameDialog *dialog)
{
  ImhGame *game;

  imh_new_game_dialog_start (dialog);
  imh_test_flush_main_loop ();
  g_assert_null (imh_test_find_toplevel (IMH_TYPE_NEW_GAME_DIALOG));
  game = imh_play_view_get_game (f->view);
  g_assert_nonnull (game);
  imh_game_stop_computer (game);
  return game;
}

static char *
player_name (guint n)
{
  return g_strdup_printf (IMH_T ("Player %u"), n);
}

static void
test_duel_computer_named_by_level (Fixture       *f,
                                   gconstpointer  data)
{
  ImhNewGameDialog *dialog = open_dialog (f, IMH_GAME_DUEL);
  g_autofree char *player_1 = player_name (1);
  g_autofree char *strong = g_strdup_printf (IMH_T ("Computer (%s)"), IMH_T ("Strong"));
  ImhGame *game;

  /* Black a person, white the strong computer, neither named. */
  choose_seat (dialog, 0, 0);
  choose_seat (dialog, 1, 3);
  gtk_editable_set_text (GTK_EDITABLE (find_row (dialog, IMH_T ("Name of Black"))), "");
  gtk_editable_set_text (GTK_EDITABLE (find_row (dialog, IMH_T ("Name of White"))), "");
  game = start (f, dialog);

  g_assert_true (imh_seat_is_computer (imh_game_get_seat (game, 1)));
  g_assert_cmpstr (imh_seat_get_name (imh_game_get_seat (game, 1)), ==, strong);
  g_assert_cmpstr (imh_seat_get_name (imh_game_get_seat (game, 0)), ==, player_1);
  g_assert_nonnull (strstr (strong, IMH_T ("Strong")));
}

static void
test_duel_typed_name_kept (Fixture       *f,
                           gconstpointer  data)
{
  ImhNewGameDialog *dialog = open_dialog (f, IMH_GAME_DUEL);
  ImhGame *game;

  choose_seat (dialog, 0, 0);
  choose_seat (dialog, 1, 2);
  gtk_editable_set_text (GTK_EDITABLE (find_row (dialog, IMH_T ("Name of Black"))), "Ann");
  gtk_editable_set_text (GTK_EDITABLE (find_row (dialog, IMH_T ("Name of White"))), "Imhotep");
  game = start (f, dialog);

  g_assert_cmpstr (imh_seat_get_name (imh_game_get_seat (game, 0)), ==, "Ann");
  g_assert_cmpstr (imh_seat_get_name (imh_game_get_seat (game, 1)), ==, "Imhotep");
}

static void
test_classic_computers_numbered (Fixture       *f,
                                 gconstpointer  data)
{
  ImhNewGameDialog *dialog = open_dialog (f, IMH_GAME_CLASSIC);
  g_autofree char *player_1 = player_name (1);
  g_autofree char *first = g_strdup_printf (IMH_T ("Computer %u (%s)"), 1u, IMH_T ("Casual"));
  g_autofree char *third = g_strdup_printf (IMH_T ("Computer %u (%s)"), 3u, IMH_T ("Expert"));
  const char *names[IMH_MAX_PLAYERS] = { IMH_T ("Name of Black"), IMH_T ("Name of White"),
                                         IMH_T ("Name of Brown"), IMH_T ("Name of Gray") };
  ImhGame *game;

  /* Black a person; white casual, brown strong (named), gray expert. */
  imh_new_game_dialog_set_n_players (dialog, 4);
  choose_seat (dialog, 0, 0);
  choose_seat (dialog, 1, 2);
  choose_seat (dialog, 2, 3);
  choose_seat (dialog, 3, 4);
  for (guint p = 0; p < 4; p++)
    gtk_editable_set_text (GTK_EDITABLE (find_row (dialog, names[p])), p == 2 ? "Djoser" : "");
  game = start (f, dialog);

  g_assert_cmpuint (imh_game_get_n_players (game), ==, 4);
  g_assert_cmpstr (imh_seat_get_name (imh_game_get_seat (game, 0)), ==, player_1);
  g_assert_cmpstr (imh_seat_get_name (imh_game_get_seat (game, 1)), ==, first);
  g_assert_cmpstr (imh_seat_get_name (imh_game_get_seat (game, 2)), ==, "Djoser");
  g_assert_cmpstr (imh_seat_get_name (imh_game_get_seat (game, 3)), ==, third);
}

/* A seat made in code takes the same default: a computer says its level. */
static void
test_seat_default (void)
{
  g_autoptr(ImhSeat) seat = imh_seat_new (1, IMH_SEAT_COMPUTER, "beginner", NULL);
  g_autoptr(ImhSeat) person = imh_seat_new (2, IMH_SEAT_HUMAN, NULL, NULL);
  g_autofree char *beginner = g_strdup_printf (IMH_T ("Computer (%s)"), IMH_T ("Beginner"));
  g_autofree char *player_3 = player_name (3);

  g_assert_cmpstr (imh_seat_get_name (seat), ==, beginner);
  g_assert_cmpstr (imh_seat_get_name (person), ==, player_3);
}

/* ---- The meeples' heads: the pixels drawn, the words said ---- */

#define SIZE 240

/* The inked width of row y (alpha above half), or 0. */
static int
row_width (cairo_surface_t *surface,
           int              y)
{
  const guint8 *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  int w = cairo_image_surface_get_width (surface);
  int first = -1, last = -1;

  for (int x = 0; x < w; x++)
    {
      guint32 px = *(const guint32 *) (data + y * stride + 4 * x);

      if ((px >> 24) > 127)
        {
          if (first < 0)
            first = x;
          last = x;
        }
    }
  return first < 0 ? 0 : last - first + 1;
}

/* The head the pixels of player's meeple show, from the widths of the
 * rows of its top part (the head sits above the body): a triangle is
 * widest at its base; a hexagon's flat top is wide at once; a circle
 * is still nearly full width a quarter of the way down; a diamond not. */
static ImhArtHead
head_drawn (int player)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, SIZE, SIZE * 5 / 4);
  cairo_t *cr = cairo_create (surface);
  int h = cairo_image_surface_get_height (surface);
  int top = -1, widest = 0, widest_at = 0, span;
  double s = MIN (SIZE, h * 0.8);
  ImhArtHead head;

  imh_art_meeple (cr, player, 0, 0, SIZE, h, FALSE);
  cairo_surface_flush (surface);
  for (int y = 0; y < h && top < 0; y++)
    if (row_width (surface, y) > 0)
      top = y;
  g_assert_cmpint (top, >=, 0);
  /* The head's rows: the top 0.45 of the meeple's size. */
  span = (int) (s * 0.45);
  for (int y = top; y < top + span; y++)
    if (row_width (surface, y) > widest)
      {
        widest = row_width (surface, y);
        widest_at = y - top;
      }
  g_assert_cmpint (widest, >, 0);

  if (widest_at > span * 0.85)
    head = IMH_ART_HEAD_TRIANGLE;
  else if (row_width (surface, top + 3) > widest * 0.45)
    head = IMH_ART_HEAD_HEXAGON;
  else if (row_width (surface, top + (widest_at / 2)) > widest * 0.75)
    head = IMH_ART_HEAD_ROUND;
  else
    head = IMH_ART_HEAD_DIAMOND;

  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return head;
}

static void
test_meeple_words_match_heads (void)
{
  /* What each head is called in the words for the pieces. */
  static const char *const words[] = {
    [IMH_ART_HEAD_ROUND] = "Round meeples",
    [IMH_ART_HEAD_DIAMOND] = "Diamond meeples",
    [IMH_ART_HEAD_TRIANGLE] = "Triangular meeples",
    [IMH_ART_HEAD_HEXAGON] = "Hexagonal meeples",
  };
  static const char *const single[] = {
    [IMH_ART_HEAD_ROUND] = "round meeple",
    [IMH_ART_HEAD_DIAMOND] = "diamond meeple",
    [IMH_ART_HEAD_TRIANGLE] = "triangular meeple",
    [IMH_ART_HEAD_HEXAGON] = "hexagonal meeple",
  };
  gboolean seen[G_N_ELEMENTS (words)] = { FALSE };

  for (int p = 0; p < IMH_ART_N_PLAYERS; p++)
    {
      ImhArtHead head = head_drawn (p);

      g_test_message ("player %d: head %d drawn, %d in the table", p, head, imh_art_meeple_head (p));
      g_assert_cmpint (head, ==, imh_art_meeple_head (p));
      g_assert_cmpstr (imh_art_meeple_pieces (p), ==, IMH_T (words[head]));
      /* The accessible label of one meeple says the same head (checked
       * in English, where the words are known here). */
      if (g_str_equal (IMH_T (words[head]), words[head]))
        g_assert_nonnull (strstr (imh_art_meeple_label (p), single[head]));
      /* Every player a head of their own. */
      g_assert_false (seen[head]);
      seen[head] = TRUE;
    }
}

/* The New Game dialog says each seat's pieces with those words, in both games. */
static void
test_dialog_says_pieces (void)
{
  for (ImhGameKind kind = 0; kind < IMH_N_GAMES; kind++)
    {
      ImhNewGameDialog *dialog = imh_new_game_dialog_new (NULL, kind);
      guint n = imh_rules_get (kind)->max_players;

      imh_new_game_dialog_set_n_players (dialog, n);
      for (guint p = 0; p < n; p++)
        {
          GtkWidget *row = find_row (dialog, imh_texts_player_colour (p));

          choose_seat (dialog, p, 0);
          g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==,
                           imh_art_meeple_pieces ((int) p));
          choose_seat (dialog, p, 2);
          g_assert_true (g_str_has_prefix (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)),
                                           imh_art_meeple_pieces ((int) p)));
        }
      gtk_window_destroy (GTK_WINDOW (dialog));
      imh_test_flush_main_loop ();
    }
}

int
main (int   argc,
      char *argv[])
{
  imh_test_init (&argc, &argv);

  g_test_add ("/seat-names/duel-computer-named-by-level", Fixture, NULL,
              fixture_set_up, test_duel_computer_named_by_level, fixture_tear_down);
  g_test_add ("/seat-names/duel-typed-name-kept", Fixture, NULL,
              fixture_set_up, test_duel_typed_name_kept, fixture_tear_down);
  g_test_add ("/seat-names/classic-computers-numbered", Fixture, NULL,
              fixture_set_up, test_classic_computers_numbered, fixture_tear_down);
  g_test_add_func ("/seat-names/seat-default", test_seat_default);
  g_test_add_func ("/seat-names/meeple-words-match-heads", test_meeple_words_match_heads);
  g_test_add_func ("/seat-names/dialog-says-pieces", test_dialog_says_pieces);
  return g_test_run ();
}
