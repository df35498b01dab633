/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-study.c — studying a game in the play view: the top five
 * decisions on the board and in the Study page at any ply, variations
 * explored without losing the game, bookmarks with notes in the library. */
#define G_LOG_DOMAIN "test-study"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "imh-board.h"
#include "imh-game.h"
#include "imh-library.h"
#include "imh-library-autosave.h"
#include "imh-session.h"
#include "imh-play-view.h"
#include "imh-study-view.h"
#include "ui-test-util.h"
#include "test-i18n.h"

typedef struct {
  GtkWindow    *window;
  ImhPlayView  *view;
  GtkWidget    *board;
  ImhStudyView *study;
} Fixture;

/* The last list box below widget that has rows: the variations (below the
 * top-five switch's list; no hints or bookmarks are listed). */
static GtkListBox *
find_last_list_with_rows (GtkWidget *widget)
{
  GtkListBox *found = NULL;

  if (GTK_IS_LIST_BOX (widget))
    return gtk_list_box_get_row_at_index (GTK_LIST_BOX (widget), 0) != NULL ? GTK_LIST_BOX (widget) : NULL;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkListBox *list = find_last_list_with_rows (child);
      if (list != NULL)
        found = list;
    }
  return found;
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  GtkWidget *overlay;

  f->window = GTK_WINDOW (adw_window_new ());
  g_object_ref (f->window);
  gtk_window_set_default_size (f->window, 1280, 800);
  f->view = IMH_PLAY_VIEW (imh_play_view_new ());
  g_object_ref (f->view);
  imh_play_view_set_pace (f->view, 0);
  imh_play_view_set_hint_iterations (f->view, 400);
  /* In a toast overlay, as in the window (the variation toast). */
  overlay = adw_toast_overlay_new ();
  adw_toast_overlay_set_child (ADW_TOAST_OVERLAY (overlay), GTK_WIDGET (f->view));
  adw_window_set_content (ADW_WINDOW (f->window), overlay);
  f->board = imh_play_view_get_board (f->view);
  f->study = IMH_STUDY_VIEW (imh_test_find_descendant (GTK_WIDGET (f->view), IMH_TYPE_STUDY_VIEW));
  g_assert_nonnull (f->study);
  gtk_window_present (f->window);
  imh_test_iterate_until (imh_test_widget_is_drawn, f->board);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  GtkWidget *study = GTK_WIDGET (f->study);
  ImhGame *game = imh_play_view_get_game (f->view);

  g_object_add_weak_pointer (G_OBJECT (study), (gpointer *) &study);
  if (game != NULL)
    g_object_add_weak_pointer (G_OBJECT (game), (gpointer *) &game);
  gtk_window_destroy (f->window);
  imh_test_flush_main_loop ();
  g_assert_finalize_object (f->window);
  g_assert_finalize_object (f->view);
  /* The Study page goes with the view, and nothing of it keeps the game
   * (the test's own reference went when the test function returned). */
  g_assert_null (study);
  g_assert_null (game);
}

/* Person against person, three decisions played. */
static ImhGame *
game_with_plies (guint64 seed,
                 guint   n)
{
  ImhOptions options;
  g_autoptr(GError) error = NULL;
  ImhGame *game;

  imh_options_init (&options, IMH_GAME_DUEL, 2);
  options.start_player = 0;
  game = imh_game_new (&options, seed, &error);
  g_assert_no_error (error);
  imh_game_set_pace (game, 0);
  for (guint i = 0; i < n; i++)
    {
      ImhDecisionList legal;

      imh_game_get_legal (game, &legal);
      g_assert_true (imh_game_apply (game, legal.d[0], IMH_BRANCH_TRUNCATE, &error));
      g_assert_no_error (error);
    }
  return game;
}

/* A hint's subtitle (imh-study-view.c), as its msgid. */
#define HINT_SUBTITLE "Win %.1f\xc2\xa0±\xc2\xa0%.1f\xc2\xa0%% · " \
                      "margin\xc2\xa0%+.1f\xc2\xa0±\xc2\xa0%.1f · %'u\xc2\xa0visits"

/* The subtitle of the first listed hint (an AdwActionRow whose subtitle
 * starts with "Win " or its translation), or NULL. */
static const char *
first_hint_subtitle (GtkWidget *widget)
{
  if (ADW_IS_ACTION_ROW (widget))
    {
      const char *subtitle = adw_action_row_get_subtitle (ADW_ACTION_ROW (widget));
      g_autofree char *win = imh_test_t_prefix (HINT_SUBTITLE);
      if (subtitle != NULL && g_str_has_prefix (subtitle, win))
        return subtitle;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      const char *subtitle = first_hint_subtitle (child);
      if (subtitle != NULL)
        return subtitle;
    }
  return NULL;
}

static gboolean
hint_is_visible (gpointer data)
{
  return imh_board_get_hint_visible (IMH_BOARD (data));
}

static void
show_hint (Fixture *f)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "game.hint", NULL));
  imh_test_iterate_until (hint_is_visible, f->board);
}

static void
test_top_five (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(ImhGame) game = game_with_plies (5, 3);
  ImhDecision best;
  ImhDecisionList legal;

  imh_play_view_set_game (f->view, game);
  /* One overlay by default; nothing listed before the hint. */
  g_assert_false (imh_study_view_get_top_five (f->study));
  g_assert_cmpuint (imh_study_view_get_n_listed (f->study), ==, 0);
  show_hint (f);
  g_assert_cmpuint (imh_board_get_n_hints (IMH_BOARD (f->board)), ==, 1);
  g_assert_cmpuint (imh_study_view_get_n_listed (f->study), ==, 5);
  /* Each row: the win chance and its interval to a tenth of a point (the
   * best decisions are often less than a point apart), the margin, the
   * visits; no-break spaces (\xc2\xa0) keep each value with its interval. */
  const char *subtitle = first_hint_subtitle (GTK_WIDGET (f->study));
  g_assert_nonnull (subtitle);
  {
    /* The words of the message in this language, numbers with the
     * locale's decimal point (and thousands separators in the visits). */
    g_autofree char *point = g_regex_escape_string (localeconv ()->decimal_point, -1);
    g_autofree char *number = g_strdup_printf ("[0-9]+%s[0-9]", point);
    g_autofree char *pattern = NULL;
    char *piece[7];

    for (guint i = 0; i < G_N_ELEMENTS (piece); i++)
      {
        g_autofree char *text = imh_test_t_piece (HINT_SUBTITLE, i);
        piece[i] = g_regex_escape_string (text, -1);
      }
    pattern = g_strconcat ("^", piece[0], number, piece[1], number, piece[2], "%", piece[3],
                           "[-+]", number, piece[4], number, piece[5], "[0-9.,\xc2\xa0\xe2\x80\xaf']+",
                           piece[6], "$", NULL);
    for (guint i = 0; i < G_N_ELEMENTS (piece); i++)
      g_free (piece[i]);
    g_assert_true (g_regex_match_simple (pattern, subtitle, 0, 0));
  }

  /* The switch (action study.top-five) draws the best five at once. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->study), "study.top-five", NULL));
  g_assert_true (imh_study_view_get_top_five (f->study));
  g_assert_cmpuint (imh_board_get_n_hints (IMH_BOARD (f->board)), ==, 5);

  /* A past position (the start): its own top five; the list follows. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "game.history-first", NULL));
  g_assert_cmpuint (imh_game_get_viewed_ply (game), ==, 0);
  g_assert_cmpuint (imh_board_get_n_hints (IMH_BOARD (f->board)), ==, 0);
  g_assert_cmpuint (imh_study_view_get_n_listed (f->study), ==, 0);
  show_hint (f);
  g_assert_cmpuint (imh_board_get_n_hints (IMH_BOARD (f->board)), ==, 5);
  g_assert_cmpuint (imh_study_view_get_n_listed (f->study), ==, 5);
  g_assert_true (imh_board_get_hint (IMH_BOARD (f->board), &best));
  imh_game_get_viewed_legal (game, &legal);
  g_assert_true (imh_is_legal (imh_game_get_viewed_state (game), best));
  /* Studying never changed the game. */
  g_assert_cmpuint (imh_game_get_live_ply (game), ==, 3);

  /* Off again: only the best. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->study), "study.top-five", NULL));
  g_assert_cmpuint (imh_board_get_n_hints (IMH_BOARD (f->board)), ==, 1);
}

static void
test_variation (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(ImhGame) game = game_with_plies (7, 3);
  ImhDecision line[3], other;
  ImhDecisionList legal, continuations;
  AdwMessageDialog *dialog;
  GtkListBox *list;
  GtkListBoxRow *row;

  for (guint i = 0; i < 3; i++)
    line[i] = imh_game_get_decision_at (game, i);
  imh_play_view_set_game (f->view, game);
  g_assert_cmpuint (imh_study_view_get_n_variations (f->study), ==, 0);

  /* From the start (a past position), another decision from the list. */
  gtk_widget_activate_action (GTK_WIDGET (f->view), "game.history-first", NULL);
  imh_game_get_viewed_legal (game, &legal);
  other = legal.d[legal.n - 1];
  g_assert_cmpuint (other, !=, line[0]);
  g_signal_emit_by_name (f->study, "decide", (guint) other);
  /* It asks first; nothing changed yet. */
  dialog = ADW_MESSAGE_DIALOG (imh_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  g_assert_nonnull (dialog);
  g_assert_cmpuint (imh_game_get_live_ply (game), ==, 3);
  g_assert_cmpuint (imh_game_get_decision_at (game, 0), ==, line[0]);
  adw_message_dialog_response (dialog, "variation");
  gtk_window_destroy (GTK_WINDOW (dialog));
  imh_test_flush_main_loop ();

  /* Exploring: the variation is the current line, the game is kept. */
  g_assert_cmpuint (imh_game_get_decision_at (game, 0), ==, other);
  imh_game_get_continuations (game, 0, &continuations);
  g_assert_cmpuint (continuations.n, ==, 2);
  g_assert_cmpuint (continuations.d[1], ==, line[0]);
  g_assert_cmpuint (imh_study_view_get_n_variations (f->study), ==, 1);

  /* Back to the game's line: the toast's button (game.return-to-line). */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "game.return-to-line", "(uu)",
                                             0, (guint) line[0]));
  imh_test_flush_main_loop ();
  for (guint i = 0; i < 3; i++)
    g_assert_cmpuint (imh_game_get_decision_at (game, i), ==, line[i]);
  g_assert_cmpuint (imh_game_get_live_ply (game), ==, 3);
  g_assert_cmpuint (imh_game_get_viewed_ply (game), ==, 0);
  /* The explored line stays as a variation, listed in the Study page. */
  g_assert_cmpuint (imh_study_view_get_n_variations (f->study), ==, 1);

  /* Its row switches to it again. */
  g_assert_cmpuint (imh_study_view_get_n_listed (f->study), ==, 0);
  g_assert_cmpuint (imh_study_view_get_n_bookmarks (f->study), ==, 0);
  list = find_last_list_with_rows (GTK_WIDGET (f->study));
  g_assert_nonnull (list);
  row = gtk_list_box_get_row_at_index (list, 0);
  g_signal_emit_by_name (list, "row-activated", row);
  imh_test_flush_main_loop ();
  g_assert_cmpuint (imh_game_get_decision_at (game, 0), ==, other);
  g_assert_cmpuint (imh_study_view_get_n_variations (f->study), ==, 1);
}

typedef struct {
  gboolean  done;
  gint64    id;
  GError   *error;
} Added;

static void
on_added (GObject      *source,
          GAsyncResult *result,
          gpointer      data)
{
  Added *added = data;

  added->id = imh_study_view_add_bookmark_finish (IMH_STUDY_VIEW (source), result, &added->error);
  added->done = TRUE;
}

static gboolean
is_done (gpointer data)
{
  return *(gboolean *) data;
}

/* Bookmarks the viewed position, waiting for it (the window does not). */
static gint64
add_bookmark (Fixture     *f,
              const char  *note,
              GError     **error)
{
  Added added = { FALSE, 0, NULL };

  imh_study_view_add_bookmark_async (f->study, note, NULL, on_added, &added);
  imh_test_iterate_until (is_done, &added.done);
  if (added.error != NULL)
    g_propagate_error (error, added.error);
  return added.id;
}

static gboolean
has_two_bookmarks (gpointer study)
{
  return imh_study_view_get_n_bookmarks (study) == 2;
}

static void
on_closed (GObject      *source,
           GAsyncResult *result,
           gpointer      data)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (imh_session_close_finish (IMH_SESSION (source), result, &error));
  g_assert_no_error (error);
  *(gboolean *) data = TRUE;
}

static void
test_bookmark (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhLibrary) library = imh_library_open (NULL, &error);
  g_autoptr(ImhGame) game = game_with_plies (9, 4);
  g_autoptr(ImhSession) session = NULL;
  g_autoptr(GPtrArray) bookmarks = NULL;
  gboolean closed = FALSE;
  g_autofree char *path = imh_library_default_path ();
  AdwMessageDialog *dialog;
  GtkWidget *entry;
  ImhLibraryBookmark *b;
  gint64 id;

  g_assert_no_error (error);
  /* The library is in the test's own XDG_DATA_HOME. */
  g_assert_true (g_str_has_prefix (path, g_get_user_data_dir ()));

  imh_play_view_set_game (f->view, game);
  /* Without a library, bookmarking explains why it cannot. */
  g_assert_cmpint (add_bookmark (f, "x", &error), ==, 0);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);
  g_clear_error (&error);

  /* A session the library keeps (not stored yet: stored first). */
  session = imh_session_new (game, library, 0);
  g_assert_true (imh_session_start_autosave (session));
  imh_play_view_set_session (f->view, session);
  imh_game_set_viewed_ply (game, 2);
  id = add_bookmark (f, "Why not the obelisk?", &error);
  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);
  g_assert_cmpuint (imh_study_view_get_n_bookmarks (f->study), ==, 1);

  /* Ctrl+D's action: a dialog with a note. */
  imh_game_set_viewed_ply (game, 3);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "game.bookmark", NULL));
  dialog = ADW_MESSAGE_DIALOG (imh_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  g_assert_nonnull (dialog);
  entry = adw_message_dialog_get_extra_child (dialog);
  g_assert_true (GTK_IS_EDITABLE (entry));
  gtk_editable_set_text (GTK_EDITABLE (entry), "  Turning point  ");
  adw_message_dialog_response (dialog, "bookmark");
  gtk_window_destroy (GTK_WINDOW (dialog));
  imh_test_iterate_until (has_two_bookmarks, f->study);

  bookmarks = imh_library_list_bookmarks (library, imh_session_get_library_id (session), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (bookmarks->len, ==, 2);
  b = g_ptr_array_index (bookmarks, 0);
  g_assert_cmpuint (b->ply, ==, 2);
  g_assert_cmpstr (b->label, ==, "Why not the obelisk?");
  b = g_ptr_array_index (bookmarks, 1);
  g_assert_cmpuint (b->ply, ==, 3);
  g_assert_cmpstr (b->label, ==, "Turning point");

  imh_play_view_set_session (f->view, NULL);
  imh_session_close_async (session, 10000, NULL, on_closed, &closed);
  imh_test_iterate_until (is_done, &closed);
}

int
main (int   argc,
      char *argv[])
{
  g_setenv ("GTK_A11Y", "none", TRUE);
  imh_test_i18n_init_app ();
  imh_test_init (&argc, &argv);
  adw_init ();

#define ADD(path, fn) g_test_add (path, Fixture, NULL, fixture_set_up, fn, fixture_tear_down)
  ADD ("/study/top-five", test_top_five);
  ADD ("/study/variation", test_variation);
  ADD ("/study/bookmark", test_bookmark);
#undef ADD

  return g_test_run ();
}
