/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-practice-page.c — the Practice page: the state without names, the
 * overview against the library, an attempt answered on the board, hints,
 * the review recorded once. */
#define G_LOG_DOMAIN "test-practice-page"

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "imh-exercise.h"
#include "imh-window.h"
#include "imh-practice-page-private.h"
#include "imh-texts.h"
#include "practice-test-util.h"
#include "test-i18n.h"
#include "ui-test-app.h"
#include "ui-test-keys.h"
#include "ui-test-util.h"

typedef struct {
  ImhLibrary *lib;
  GSettings  *settings;
  GtkWidget  *window;
  GtkWidget  *page;
  gint64      id_a;
} Fixture;

static gint64
add_game (ImhLibrary *lib, const char *text)
{
  g_autoptr(GError) error = NULL;
  gint64 id = imh_library_save_record (lib, 0, text, FALSE, &error);

  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);
  return id;
}

/* Game A: Ada (person) against Bob (computer), two mistakes of Ada's and
 * one of Bob's; game B: Cleo against "ada" (both persons), one of each. */
static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  /* The app's own library (the window opens it too). */
  g_autofree char *path = imh_library_default_path ();
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *a = practice_record (5, "human", "Ada", "computer:casual", "Bob", "2026-01-10T10:00:00Z");
  g_autofree char *b = practice_record (6, "human", "Cleo", "human", "ada", "2026-02-10T10:00:00Z");
  g_autoptr(GArray) ada = practice_choice_plies (a, 0, 2);
  g_autoptr(GArray) bob = practice_choice_plies (a, 1, 1);
  g_autoptr(GArray) cleo = practice_choice_plies (b, 0, 1);
  g_autoptr(GArray) ada2 = practice_choice_plies (b, 1, 1);
  g_autoptr(GError) error = NULL;
  gint64 id_b;
  ImhAnalysis *an;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  for (guint i = 0; i < 3; i++)
    {
      const char *suffix[] = { "", "-wal", "-shm" };
      g_autofree char *p = g_strconcat (path, suffix[i], NULL);
      g_remove (p);
    }
  f->lib = imh_library_open (path, &error);
  g_assert_no_error (error);
  f->id_a = add_game (f->lib, a);
  id_b = add_game (f->lib, b);
  g_assert_cmpuint (ada->len, ==, 2);
  {
    PracticeLoss la[] = { { g_array_index (ada, guint, 0), 12 }, { g_array_index (ada, guint, 1), 20 },
                          { g_array_index (bob, guint, 0), 15 } };
    an = practice_analysis (a, la, G_N_ELEMENTS (la), -1);
    practice_store (f->lib, f->id_a, an);
    imh_analysis_free (an);
  }
  {
    PracticeLoss lb[] = { { g_array_index (cleo, guint, 0), 11 }, { g_array_index (ada2, guint, 0), 16 } };
    an = practice_analysis (b, lb, G_N_ELEMENTS (lb), -1);
    practice_store (f->lib, id_b, an);
    imh_analysis_free (an);
  }

  f->settings = g_settings_new (BASE_APP_ID);
  g_settings_set_strv (f->settings, "my-names", NULL);
  f->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f->window), 900, 700);
  f->page = imh_practice_page_new (f->lib);
  gtk_window_set_child (GTK_WINDOW (f->window), f->page);
  gtk_window_present (GTK_WINDOW (f->window));
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  imh_test_flush_main_loop ();
  g_settings_set_strv (f->settings, "my-names", NULL);
  g_clear_object (&f->settings);
  g_clear_object (&f->lib);
}

static gboolean
page_loaded (gpointer data)
{
  ImhPracticePage *page = data;
  const char *view = _imh_practice_page_get_view (page);

  return !_imh_practice_page_get_loading (page) && g_strcmp0 (view, "loading") != 0;
}

static void
set_names (Fixture *f, const char *name)
{
  const char *names[] = { name, NULL };

  g_settings_set_strv (f->settings, "my-names", names);
  imh_test_flush_main_loop ();
  imh_test_iterate_until (page_loaded, f->page);
}

static GPtrArray *
list_ada (Fixture *f)
{
  const char *names[] = { "ada", NULL };
  g_autoptr(GError) error = NULL;
  GPtrArray *l = imh_library_list_exercises (f->lib, names, FALSE, imh_exercise_today (), &error);

  g_assert_no_error (error);
  return l;
}

static ImhExercise *
stored (Fixture *f, ImhExercise *e)
{
  g_autoptr(GError) error = NULL;
  ImhExercise *s = imh_library_get_exercise (f->lib, imh_exercise_get_id (e), &error);

  g_assert_no_error (error);
  g_assert_nonnull (s);
  return s;
}

static void
start (Fixture *f)
{
  ImhPracticePage *page = IMH_PRACTICE_PAGE (f->page);

  g_assert_true (gtk_widget_activate_action (f->page, "practice.start", NULL));
  g_assert_cmpstr (_imh_practice_page_get_view (page), ==, "attempt");
  g_assert_nonnull (_imh_practice_page_get_exercise (page));
  g_assert_nonnull (_imh_practice_page_get_board (page));
}

/* Answers on the board, by the board's own action. */
static void
decide (Fixture *f, ImhDecision d)
{
  ImhPracticePage *page = IMH_PRACTICE_PAGE (f->page);
  ImhExercise *e = _imh_practice_page_get_exercise (page);
  ImhBoard *board = _imh_practice_page_get_board (page);
  g_autofree char *notation = imh_texts_notation (imh_exercise_get_position (e), d);

  g_assert_true (imh_board_get_interactive (board));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (board), "board.decide", "s", notation));
  imh_test_flush_main_loop ();
}

/* A decision of the analysis that is not good enough. */
static ImhDecision
bad_decision (ImhExercise *e)
{
  guint n = 0;
  const ImhExerciseCandidate *c = imh_exercise_get_candidates (e, &n);

  for (guint i = 0; i < n; i++)
    if (!c[i].good && !c[i].played)
      return c[i].decision;
  g_assert_not_reached ();
  return 0;
}

static void
test_no_names (Fixture *f, gconstpointer data)
{
  ImhPracticePage *page = IMH_PRACTICE_PAGE (f->page);

  imh_test_iterate_until (page_loaded, f->page);
  g_assert_cmpstr (_imh_practice_page_get_view (page), ==, "no-names");
  {
    GtkWidget *status = gtk_stack_get_visible_child (GTK_STACK (imh_test_find_descendant (f->page, GTK_TYPE_STACK)));
    GtkWidget *button = imh_test_find_descendant (status, GTK_TYPE_BUTTON);

    g_assert_nonnull (button);
    g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (button)), ==, "app.my-names");
    g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (button)), ==, IMH_T ("_Choose Your Names…"));
  }
  /* Nobody of that name: no exercises. */
  set_names (f, "Zed");
  g_assert_cmpstr (_imh_practice_page_get_view (page), ==, "empty");
  /* The user's names: the overview; emptied again: the first state. */
  set_names (f, "ADA");
  g_assert_cmpstr (_imh_practice_page_get_view (page), ==, "overview");
  set_names (f, NULL);
  g_assert_cmpstr (_imh_practice_page_get_view (page), ==, "no-names");
}

static void
test_overview (Fixture *f, gconstpointer data)
{
  ImhPracticePage *page = IMH_PRACTICE_PAGE (f->page);
  g_autoptr(GPtrArray) all = list_ada (f);
  ImhPracticeCounts counts;
  GtkListBox *list;
  guint rows = 0;

  set_names (f, "Ada");
  g_assert_cmpstr (_imh_practice_page_get_view (page), ==, "overview");
  /* Ada's three mistakes (both games), never practised. */
  g_assert_cmpuint (all->len, ==, 3);
  _imh_practice_page_get_counts (page, &counts);
  g_assert_cmpuint (counts.all, ==, 3);
  g_assert_cmpuint (counts.fresh, ==, 3);
  g_assert_cmpuint (counts.due, ==, 0);
  g_assert_cmpuint (counts.reviewed, ==, 0);
  list = _imh_practice_page_get_list (page);
  while (gtk_list_box_get_row_at_index (list, rows) != NULL)
    rows++;
  g_assert_cmpuint (rows, ==, all->len);
  {
    /* The first row is the first exercise: its decision's number. */
    AdwActionRow *row = ADW_ACTION_ROW (gtk_list_box_get_row_at_index (list, 0));
    g_autofree char *number = g_strdup_printf ("%u", imh_exercise_get_ply (all->pdata[0]) + 1);

    g_assert_nonnull (strstr (adw_action_row_get_subtitle (row), number));
    /* A row practises its exercise. */
    gtk_widget_activate (GTK_WIDGET (row));
    imh_test_flush_main_loop ();
    g_assert_cmpstr (_imh_practice_page_get_view (page), ==, "attempt");
    g_assert_cmpint (imh_exercise_get_id (_imh_practice_page_get_exercise (page)), ==,
                     imh_exercise_get_id (all->pdata[0]));
  }
  /* Reviewed once and solved: counted when back. */
  decide (f, imh_exercise_get_best (_imh_practice_page_get_exercise (page)));
  g_assert_true (gtk_widget_activate_action (f->page, "practice.back", NULL));
  imh_test_iterate_until (page_loaded, f->page);
  g_assert_cmpstr (_imh_practice_page_get_view (page), ==, "overview");
  _imh_practice_page_get_counts (page, &counts);
  g_assert_cmpuint (counts.all, ==, 3);
  g_assert_cmpuint (counts.fresh, ==, 2);
  g_assert_cmpuint (counts.reviewed, ==, 1);
  g_assert_cmpuint (counts.first_try, ==, 1);
}

static void
test_solve (Fixture *f, gconstpointer data)
{
  ImhPracticePage *page = IMH_PRACTICE_PAGE (f->page);
  guint32 today = imh_exercise_today ();
  g_autoptr(ImhExercise) e = NULL;
  g_autoptr(ImhExercise) after = NULL;
  g_autoptr(ImhExercise) later = NULL;

  set_names (f, "Ada");
  start (f);
  e = imh_exercise_ref (_imh_practice_page_get_exercise (page));
  /* The board has the keyboard, shows the position for the seat. */
  g_assert_true (gtk_window_get_focus (GTK_WINDOW (f->window))
                 == GTK_WIDGET (_imh_practice_page_get_board (page)));
  g_assert_cmpuint (imh_board_get_bottom_player (_imh_practice_page_get_board (page)), ==,
                    imh_exercise_get_seat (e));
  g_assert_null (_imh_practice_page_get_verdict (page));

  decide (f, imh_exercise_get_best (e));
  g_assert_cmpstr (_imh_practice_page_get_verdict (page), ==, IMH_T ("Solved"));
  g_assert_nonnull (strstr (_imh_practice_page_get_announced (page), IMH_T ("Solved")));
  /* The overlay of the analysed decisions, the board no longer interactive. */
  g_assert_cmpuint (imh_board_get_n_hints (_imh_practice_page_get_board (page)), >, 1);
  g_assert_false (imh_board_get_interactive (_imh_practice_page_get_board (page)));
  after = stored (f, e);
  g_assert_cmpuint (imh_exercise_get_reviewed (after), ==, today);
  g_assert_cmpuint (imh_exercise_get_repetitions (after), ==, 1);
  g_assert_cmpuint (imh_exercise_get_lapses (after), ==, 0);
  g_assert_cmpuint (imh_exercise_get_due (after), ==, today + 1);
  g_assert_cmpuint (_imh_practice_page_get_next_due (page), ==, today + 1);

  /* Solved again the next day: it comes back later still (6 days). */
  g_assert_true (gtk_widget_activate_action (f->page, "practice.back", NULL));
  _imh_practice_page_set_today (page, today + 1);
  imh_practice_page_reload (page);
  imh_test_iterate_until (page_loaded, f->page);
  {
    ImhPracticeCounts counts;

    _imh_practice_page_get_counts (page, &counts);
    g_assert_cmpuint (counts.due, ==, 1);
  }
  start (f);
  /* Due ones first. */
  g_assert_cmpint (imh_exercise_get_id (_imh_practice_page_get_exercise (page)), ==, imh_exercise_get_id (e));
  decide (f, imh_exercise_get_best (e));
  later = stored (f, e);
  g_assert_cmpuint (imh_exercise_get_due (later), ==, today + 1 + 6);
  g_assert_cmpuint (imh_exercise_get_repetitions (later), ==, 2);
  {
    g_autofree char *back = g_strdup_printf (IMH_TN ("Back in %u day", "Back in %u days", 6), 6);
    g_assert_nonnull (strstr (_imh_practice_page_get_announced (page), back));
  }
}

static void
on_open_game (GtkWidget *page,
              gint64     id,
              int        ply,
              gint64    *out)
{
  out[0] = id;
  out[1] = ply;
}

static void
test_not_solved (Fixture *f, gconstpointer data)
{
  ImhPracticePage *page = IMH_PRACTICE_PAGE (f->page);
  guint32 today = imh_exercise_today ();
  g_autoptr(ImhExercise) e = NULL;
  g_autoptr(ImhExercise) after = NULL;
  g_autoptr(ImhExercise) again = NULL;
  gint64 opened[2] = { 0, -1 };

  set_names (f, "Ada");
  start (f);
  e = imh_exercise_ref (_imh_practice_page_get_exercise (page));
  decide (f, bad_decision (e));
  g_assert_cmpstr (_imh_practice_page_get_verdict (page), ==, IMH_T ("Not Good Enough"));
  after = stored (f, e);
  g_assert_cmpuint (imh_exercise_get_reviewed (after), ==, today);
  g_assert_cmpuint (imh_exercise_get_lapses (after), ==, 1);
  g_assert_cmpuint (imh_exercise_get_repetitions (after), ==, 0);
  g_assert_cmpuint (imh_exercise_get_due (after), ==, today + 1);
  g_assert_nonnull (strstr (_imh_practice_page_get_announced (page), IMH_T ("Back tomorrow")));

  /* Try Again: the position again, answered right, no second review. */
  g_assert_true (gtk_widget_activate_action (f->page, "practice.try-again", NULL));
  g_assert_null (_imh_practice_page_get_verdict (page));
  g_assert_true (imh_board_get_interactive (_imh_practice_page_get_board (page)));
  decide (f, imh_exercise_get_best (e));
  g_assert_cmpstr (_imh_practice_page_get_verdict (page), ==, IMH_T ("Solved"));
  again = stored (f, e);
  g_assert_cmpuint (imh_exercise_get_lapses (again), ==, 1);
  g_assert_cmpuint (imh_exercise_get_repetitions (again), ==, 0);
  g_assert_cmpuint (imh_exercise_get_due (again), ==, today + 1);

  /* The decision played in the game is called so. */
  g_assert_true (gtk_widget_activate_action (f->page, "practice.try-again", NULL));
  decide (f, imh_exercise_get_played (e));
  g_assert_cmpstr (_imh_practice_page_get_verdict (page), ==, IMH_T ("The Decision Played in the Game"));

  /* A legal decision the analysis did not value is said to be so. */
  {
    ImhDecisionList legal;
    int n = imh_legal (imh_exercise_get_position (e), &legal);
    guint n_candidates = 0;
    const ImhExerciseCandidate *c = imh_exercise_get_candidates (e, &n_candidates);
    int unvalued = -1;

    for (int i = 0; i < n && unvalued < 0; i++)
      {
        gboolean valued = FALSE;

        for (guint j = 0; j < n_candidates; j++)
          valued |= c[j].decision == legal.d[i];
        if (!valued)
          unvalued = i;
      }
    g_assert_cmpint (unvalued, >=, 0);
    g_assert_true (gtk_widget_activate_action (f->page, "practice.try-again", NULL));
    decide (f, legal.d[unvalued]);
    g_assert_cmpstr (_imh_practice_page_get_verdict (page), ==, IMH_T ("Not Analysed"));
  }

  /* Open Game: the game at the exercise's position. */
  g_signal_connect (f->page, "open-game", G_CALLBACK (on_open_game), opened);
  g_assert_true (gtk_widget_activate_action (f->page, "practice.open-game", NULL));
  g_assert_cmpint (opened[0], ==, imh_exercise_get_game_id (e));
  g_assert_cmpint (opened[1], ==, (gint64) imh_exercise_get_ply (e));
}

static void
test_hints (Fixture *f, gconstpointer data)
{
  ImhPracticePage *page = IMH_PRACTICE_PAGE (f->page);
  g_autoptr(ImhExercise) e = NULL;
  g_autoptr(ImhExercise) after = NULL;
  g_autofree char *hint1 = NULL;
  g_autofree char *hint2 = NULL;

  set_names (f, "Ada");
  start (f);
  e = imh_exercise_ref (_imh_practice_page_get_exercise (page));
  hint1 = imh_exercise_get_hint (e, 1);
  hint2 = imh_exercise_get_hint (e, 2);
  g_assert_null (_imh_practice_page_get_hint (page));
  g_assert_true (gtk_widget_activate_action (f->page, "practice.hint", NULL));
  g_assert_cmpstr (_imh_practice_page_get_hint (page), ==, hint1);
  g_assert_true (gtk_widget_activate_action (f->page, "practice.hint", NULL));
  g_assert_cmpstr (_imh_practice_page_get_hint (page), ==, hint2);
  /* Two hints at most. */
  gtk_widget_activate_action (f->page, "practice.hint", NULL);
  g_assert_cmpstr (_imh_practice_page_get_hint (page), ==, hint2);

  /* The best decision after the second hint: right, but not solved. */
  decide (f, imh_exercise_get_best (e));
  g_assert_cmpstr (_imh_practice_page_get_verdict (page), ==, IMH_T ("Solved"));
  after = stored (f, e);
  g_assert_cmpuint (imh_exercise_get_lapses (after), ==, 1);
  g_assert_cmpuint (imh_exercise_get_repetitions (after), ==, 0);

  /* The next exercise starts without hints. */
  g_assert_true (gtk_widget_activate_action (f->page, "practice.next", NULL));
  g_assert_cmpint (imh_exercise_get_id (_imh_practice_page_get_exercise (page)), !=, imh_exercise_get_id (e));
  g_assert_null (_imh_practice_page_get_hint (page));
  g_assert_null (_imh_practice_page_get_verdict (page));
}

static gboolean
verdict_shown (gpointer data)
{
  return _imh_practice_page_get_verdict (data) != NULL;
}

static gboolean
overview_shown (gpointer data)
{
  return g_strcmp0 (_imh_practice_page_get_view (data), "overview") == 0;
}

static gboolean
window_active (gpointer data)
{
  return gtk_window_is_active (data);
}

/* By keyboard: the board has the focus, Enter decides the target under
 * the ring; Escape (from the board) and Alt+Left go back. */
static void
test_keys (Fixture *f, gconstpointer data)
{
  ImhPracticePage *page = IMH_PRACTICE_PAGE (f->page);
  ImhTestKeys keys;

  if (!imh_test_keys_init (&keys))
    {
      g_test_skip ("no XTEST");
      return;
    }
  set_names (f, "Ada");
  imh_test_iterate_until (window_active, f->window);
  start (f);
  imh_test_iterate_until (imh_test_widget_is_drawn, _imh_practice_page_get_board (page));
  g_assert_true (gtk_widget_has_focus (GTK_WIDGET (_imh_practice_page_get_board (page))));
  imh_test_keys_press (&keys, GDK_KEY_Right, FALSE);
  imh_test_keys_press (&keys, GDK_KEY_Return, FALSE);
  imh_test_iterate_until (verdict_shown, page);
  /* The verdict is with the button that has the focus now. */
  g_assert_nonnull (_imh_practice_page_get_announced (page));
  g_assert_false (gtk_widget_has_focus (GTK_WIDGET (_imh_practice_page_get_board (page))));

  imh_test_keys_press (&keys, GDK_KEY_Left, TRUE);
  imh_test_iterate_until (overview_shown, page);
  imh_test_iterate_until (page_loaded, page);
  start (f);
  imh_test_flush_main_loop ();
  g_assert_true (gtk_widget_has_focus (GTK_WIDGET (_imh_practice_page_get_board (page))));
  imh_test_keys_press (&keys, GDK_KEY_Escape, FALSE);
  imh_test_iterate_until (overview_shown, page);
}

static gboolean
window_shows_game (gpointer data)
{
  return g_strcmp0 (imh_window_get_page (data), "play") == 0;
}

/* In the main window: a side page of its own (win.practice), left by
 * win.back; Open Game shows the game. */
static void
test_window (Fixture *f, gconstpointer data)
{
  g_autoptr(ImhApplication) app = imh_test_app_new ();
  ImhWindow *window = imh_window_new (app);
  GtkWidget *page;
  g_autoptr(GVariant) state = NULL;

  set_names (f, "Ada");
  gtk_window_present (GTK_WINDOW (window));
  imh_test_iterate_until (imh_test_widget_is_drawn, window);
  g_action_group_activate_action (G_ACTION_GROUP (window), "practice", NULL);
  g_assert_cmpstr (imh_window_get_page (window), ==, "practice");
  state = g_action_group_get_action_state (G_ACTION_GROUP (window), "practice");
  g_assert_true (g_variant_get_boolean (state));
  imh_test_wait_for_object (window, "library");
  page = imh_test_find_descendant (GTK_WIDGET (window), IMH_TYPE_PRACTICE_PAGE);
  g_assert_nonnull (page);
  imh_test_iterate_until (page_loaded, page);
  g_assert_cmpstr (_imh_practice_page_get_view (IMH_PRACTICE_PAGE (page)), ==, "overview");

  /* Back to the start page, from the overview. */
  g_assert_true (gtk_widget_activate_action (page, "win.back", NULL));
  g_assert_cmpstr (imh_window_get_page (window), ==, "start");

  /* Open Game from an exercise: the game, on the play page. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "practice", NULL);
  imh_test_iterate_until (page_loaded, page);
  g_assert_true (gtk_widget_activate_action (page, "practice.start", NULL));
  g_assert_true (gtk_widget_activate_action (page, "practice.open-game", NULL));
  imh_test_iterate_until (window_shows_game, window);

  gtk_window_destroy (GTK_WINDOW (window));
  imh_test_flush_main_loop ();
}

int
main (int   argc,
      char *argv[])
{
  imh_test_i18n_init_app ();
  if (!imh_test_app_init (&argc, &argv))
    return 0;

#define ADD(path, fn) g_test_add (path, Fixture, NULL, fixture_set_up, fn, fixture_tear_down)
  ADD ("/practice-page/no-names", test_no_names);
  ADD ("/practice-page/overview", test_overview);
  ADD ("/practice-page/solve", test_solve);
  ADD ("/practice-page/not-solved", test_not_solved);
  ADD ("/practice-page/hints", test_hints);
  ADD ("/practice-page/keys", test_keys);
  ADD ("/practice-page/window", test_window);
#undef ADD

  return g_test_run ();
}
