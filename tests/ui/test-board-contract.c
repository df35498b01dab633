/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-board-contract.c — what every game's board promises (ImhBoard), checked
 * for every kind the factory knows over positions from whole random games:
 * its targets stand for exactly the legal decisions, pending picks narrow and
 * cancel, the keyboard reaches every target, every target has a name, hints
 * show and clear, activating a target decides it; and animate_decision runs
 * to its end. Driven through the board's own actions. */
#define G_LOG_DOMAIN "test-board-contract"

#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "imh-board-factory.h"
#include "imh-board-thumbnail.h"
#include "imh-engine.h"
#include "ui-test-util.h"

#define N_SEEDS      3
#define SAMPLE_EVERY 3

typedef struct {
  gboolean    decided;
  ImhDecision decision;
  guint       n_decided;
} Decided;

static void
on_decide (ImhBoard *board,
           guint     decision,
           Decided  *out)
{
  out->decided = TRUE;
  out->decision = (ImhDecision) decision;
  out->n_decided++;
}

static GtkWidget *
board_in_window (ImhGameKind  kind,
                 GtkWindow  **window)
{
  GtkWidget *board = imh_board_new_for_kind (kind);

  g_assert_nonnull (board);
  g_assert_true (IMH_IS_BOARD (board));
  *window = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_default_size (*window, 1000, 640);
  gtk_window_set_child (*window, board);
  gtk_window_present (*window);
  imh_test_iterate_until (imh_test_widget_is_drawn, board);
  return board;
}

static void
destroy_window (GtkWindow *window)
{
  g_object_ref (window);
  gtk_window_destroy (window);
  imh_test_flush_main_loop ();
  g_assert_finalize_object (window);
}

static gboolean
list_has (const ImhDecisionList *list,
          ImhDecision            d)
{
  for (guint i = 0; i < list->n; i++)
    if (list->d[i] == d)
      return TRUE;
  return FALSE;
}

static void
action (GtkWidget *board,
        const char *name)
{
  g_assert_true (gtk_widget_activate_action (board, name, NULL));
}

static void
move (GtkWidget *board,
      int        dx,
      int        dy)
{
  g_assert_true (gtk_widget_activate_action (board, "board.move", "(ii)", dx, dy));
}

/* The index of the focused target (names are unique), or -1. */
static int
focus_index (ImhBoard *board)
{
  g_autofree char *focus = imh_board_dup_focus_name (board);

  if (focus == NULL)
    return -1;
  for (guint i = 0; i < imh_board_get_n_targets (board); i++)
    {
      g_autofree char *name = imh_board_dup_target_name (board, i);
      if (g_strcmp0 (name, focus) == 0)
        return (int) i;
    }
  return -1;
}

/* The focus ring on target i, with board.next-target. */
static void
focus_target (GtkWidget *board,
              guint      i)
{
  guint n = imh_board_get_n_targets (IMH_BOARD (board));

  for (guint k = 0; k <= n && focus_index (IMH_BOARD (board)) != (int) i; k++)
    action (board, "board.next-target");
  g_assert_cmpint (focus_index (IMH_BOARD (board)), ==, (int) i);
}

static char **
target_names (ImhBoard *board)
{
  guint n = imh_board_get_n_targets (board);
  char **names = g_new0 (char *, n + 1);

  for (guint i = 0; i < n; i++)
    names[i] = imh_board_dup_target_name (board, i);
  return names;
}

/* Picks the target i of several decisions (or a pick of one): the targets
 * narrow to exactly its decisions, each deciding one of them; board.cancel
 * restores them all. */
static void
check_pending_pick (GtkWidget         *board,
                    guint              i,
                    const ImhDecision *set,
                    guint              n_set,
                    Decided           *decided,
                    char *const       *names)
{
  ImhBoard *b = IMH_BOARD (board);
  ImhDecision narrowed[64];
  guint n_narrowed;
  g_autofree char *pending_name = NULL;

  g_assert_true (imh_board_get_pending (b));
  pending_name = imh_board_dup_pending_name (b);
  g_assert_cmpstr (pending_name, ==, names[i]);
  n_narrowed = imh_board_get_n_targets (b);
  g_assert_cmpuint (n_narrowed, ==, n_set);
  for (guint j = 0; j < n_narrowed; j++)
    {
      g_autofree char *name = imh_board_dup_target_name (b, j);
      gboolean in_set = FALSE;

      g_assert_nonnull (name);
      g_assert_cmpstr (name, !=, "");
      g_assert_cmpuint (imh_board_get_target_decisions (b, j, &narrowed[j], 1), ==, 1);
      for (guint k = 0; k < n_set; k++)
        in_set |= set[k] == narrowed[j];
      g_assert_true (in_set);
      for (guint k = 0; k < j; k++)
        g_assert_cmpuint (narrowed[k], !=, narrowed[j]);
    }

  /* Each narrowed target decides its decision. */
  for (guint j = 0; j < n_narrowed; j++)
    {
      if (!imh_board_get_pending (b))
        {
          focus_target (board, i);
          action (board, "board.activate-target");
          g_assert_true (imh_board_get_pending (b));
        }
      focus_target (board, j);
      decided->decided = FALSE;
      action (board, "board.activate-target");
      g_assert_true (decided->decided);
      g_assert_cmpuint (decided->decision, ==, narrowed[j]);
      g_assert_false (imh_board_get_pending (b));
    }

  /* Escape restores every target. */
  focus_target (board, i);
  action (board, "board.activate-target");
  g_assert_true (imh_board_get_pending (b));
  action (board, "board.cancel");
  g_assert_false (imh_board_get_pending (b));
  {
    g_auto(GStrv) again = target_names (b);
    g_assert_true (g_strv_equal ((const char *const *) again, (const char *const *) names));
  }
}

static void
check_position (GtkWidget      *board,
                const ImhState *state,
                Decided        *decided)
{
  ImhBoard *b = IMH_BOARD (board);
  ImhDecisionList legal;
  guint n;
  g_auto(GStrv) names = NULL;
  /* How many targets stand for each legal decision; and how many of
   * those decide it at once. */
  guint count[IMH_MAX_DECISIONS] = { 0 }, direct[IMH_MAX_DECISIONS] = { 0 };
  gboolean *reached;

  imh_legal (state, &legal);
  imh_board_set_state (b, state, TRUE, FALSE);
  g_assert_true (imh_board_get_interactive (b) == !imh_is_over (state));
  g_assert_false (imh_board_get_pending (b));
  n = imh_board_get_n_targets (b);
  if (imh_is_over (state))
    {
      g_assert_cmpuint (n, ==, 0);
      return;
    }
  g_assert_cmpuint (n, >, 0);
  names = target_names (b);

  for (guint i = 0; i < n; i++)
    {
      ImhDecision set[64];
      guint n_set = imh_board_get_target_decisions (b, i, set, G_N_ELEMENTS (set));
      gboolean decides;

      /* A name of its own. */
      g_assert_nonnull (names[i]);
      g_assert_cmpstr (names[i], !=, "");
      for (guint j = 0; j < i; j++)
        g_assert_cmpstr (names[j], !=, names[i]);
      g_assert_cmpuint (n_set, >, 0);
      g_assert_cmpuint (n_set, <=, G_N_ELEMENTS (set));

      /* Activated: decides its one decision, or a pending pick. */
      focus_target (board, i);
      decided->decided = FALSE;
      action (board, "board.activate-target");
      decides = decided->decided;
      if (decides)
        {
          g_assert_cmpuint (n_set, ==, 1);
          g_assert_cmpuint (decided->decision, ==, set[0]);
          g_assert_false (imh_board_get_pending (b));
        }
      else
        check_pending_pick (board, i, set, n_set, decided, names);
      g_assert_cmpuint (imh_board_get_n_targets (b), ==, n);

      for (guint k = 0; k < n_set; k++)
        {
          guint at = 0;

          g_assert_true (list_has (&legal, set[k]));
          while (legal.d[at] != set[k])
            at++;
          count[at]++;
          if (decides)
            direct[at]++;
        }
    }
  /* Every legal decision is reachable; one that a target decides at
   * once, from that target only. */
  for (guint k = 0; k < legal.n; k++)
    {
      g_assert_cmpuint (count[k], >, 0);
      if (direct[k] > 0)
        g_assert_cmpuint (count[k], ==, 1);
    }

  /* The keyboard: next-target and the arrow keys reach every target. */
  reached = g_new0 (gboolean, n);
  for (guint k = 0; k < n; k++)
    {
      action (board, "board.next-target");
      reached[focus_index (b)] = TRUE;
    }
  for (guint i = 0; i < n; i++)
    g_assert_true (reached[i]);
  memset (reached, 0, n * sizeof *reached);
  {
    /* Breadth first over the arrow keys from the first target. */
    guint *queue = g_new (guint, n);
    guint head = 0, tail = 0;
    static const int dirs[4][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } };

    queue[tail++] = 0;
    reached[0] = TRUE;
    while (head < tail)
      {
        guint from = queue[head++];

        for (guint d = 0; d < 4; d++)
          {
            int to;

            focus_target (board, from);
            move (board, dirs[d][0], dirs[d][1]);
            to = focus_index (b);
            g_assert_cmpint (to, >=, 0);
            if (!reached[to])
              {
                reached[to] = TRUE;
                queue[tail++] = to;
              }
          }
      }
    g_assert_cmpuint (tail, ==, n);
    g_free (queue);
  }
  g_free (reached);

  /* Hints: shown, ranked, cleared; Space plays the hint. */
  {
    ImhDecision best[IMH_BOARD_MAX_HINTS];
    double wins[IMH_BOARD_MAX_HINTS] = { 0.6, 0.5, 0.4, 0.3, 0.2 };
    guint n_best = MIN (legal.n, IMH_BOARD_MAX_HINTS);
    ImhDecision hint;

    for (guint k = 0; k < n_best; k++)
      best[k] = legal.d[legal.n - 1 - k];
    imh_board_show_hint (b, best[0], 0.5);
    g_assert_true (imh_board_get_hint_visible (b));
    g_assert_cmpuint (imh_board_get_n_hints (b), ==, 1);
    g_assert_true (imh_board_get_hint (b, &hint));
    g_assert_cmpuint (hint, ==, best[0]);
    imh_board_show_hints (b, best, wins, n_best);
    g_assert_cmpuint (imh_board_get_n_hints (b), ==, n_best);
    gtk_widget_queue_draw (board);
    imh_test_flush_main_loop ();
    imh_board_clear_hint (b);
    g_assert_false (imh_board_get_hint_visible (b));
    g_assert_cmpuint (imh_board_get_n_hints (b), ==, 0);
    g_assert_false (imh_board_get_hint (b, NULL));
  }

  /* board.decide with the rules' notation. */
  {
    char text[64];

    imh_rules_of (state)->decision_to_text (state, legal.d[0], text, sizeof text);
    decided->decided = FALSE;
    g_assert_true (gtk_widget_activate_action (board, "board.decide", "s", text));
    g_assert_true (decided->decided);
    g_assert_cmpuint (decided->decision, ==, legal.d[0]);
  }
}

static void
test_contract (void)
{
  guint n_kinds = 0;
  guint sample_every;

  for (int kind = 0; kind < IMH_N_GAMES; kind++)
    {
      const ImhRules *rules = imh_rules_get (kind);

      if (imh_board_type_for_kind (kind) == G_TYPE_INVALID)
        {
          g_assert_null (imh_board_new_for_kind (kind));
          continue;
        }
      n_kinds++;
      /* Under the sanitizers (IMHOTEP_TEST_SANITIZED), every second
       * sample: the same positions' kinds, in half the time. */
      sample_every = g_getenv ("IMHOTEP_TEST_SANITIZED") != NULL ? 2 * SAMPLE_EVERY : SAMPLE_EVERY;
      for (int players = rules->min_players; players <= rules->max_players; players++)
        for (guint seed = 1; seed <= N_SEEDS; seed++)
          {
            GtkWindow *window;
            GtkWidget *board = board_in_window (kind, &window);
            Decided decided = { 0 };
            g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
            ImhOptions options;
            ImhState state;
            char why[128];
            guint ply = 0;

            g_signal_connect (board, "decide", G_CALLBACK (on_decide), &decided);
            for (guint p = 0; p < (guint) players; p++)
              {
                g_autofree char *name = g_strdup_printf ("Player %u", p + 1);
                imh_board_set_player_name (IMH_BOARD (board), p, name);
              }
            imh_options_init (&options, kind, players);
            /* Games of several sites: side A, side B (with the base game's
             * Wrath of the Pharaoh), then the sides mixed. */
            for (guint site = 0; site < rules->n_sites && seed > 1; site++)
              options.sides[site] = seed == 2 || site % 2 == 1 ? IMH_SIDE_B : IMH_SIDE_A;
            if (kind == IMH_GAME_CLASSIC && seed == 2)
              options.variants |= IMH_VARIANT_WRATH;
            g_assert_true (imh_setup (&state, &options, seed, why, sizeof why));
            for (;;)
              {
                ImhDecisionList legal;

                if (ply % sample_every == 0 || imh_is_over (&state))
                  check_position (board, &state, &decided);
                if (imh_is_over (&state))
                  break;
                imh_legal (&state, &legal);
                imh_apply (&state, legal.d[g_rand_int_range (rand, 0, legal.n)]);
                ply++;
              }
            g_test_message ("kind %d, %d players, seed %u: %u plies", kind, players, seed, ply);
            destroy_window (window);
          }
    }
  g_assert_cmpuint (n_kinds, >, 0);
}

static void
on_animating (ImhBoard *board,
              GParamSpec *pspec,
              GString  *log)
{
  g_string_append_c (log, imh_board_get_animating (board) ? '1' : '0');
}

static gboolean
board_is_still (gpointer data)
{
  return !imh_board_get_animating (IMH_BOARD (data));
}

/* animate_decision shows the position after at once and animates the way
 * there to its end; without animations it only shows it. */
static void
test_animate_decision (void)
{
  GtkSettings *settings = gtk_settings_get_default ();

  for (int kind = 0; kind < IMH_N_GAMES; kind++)
    {
      const ImhRules *rules = imh_rules_get (kind);
      GtkWindow *window;
      GtkWidget *board;
      g_autoptr(GString) log = g_string_new (NULL);
      g_autoptr(GRand) rand = g_rand_new_with_seed (7);
      ImhOptions options;
      ImhState state;
      char why[128];
      guint animated = 0;

      if (imh_board_type_for_kind (kind) == G_TYPE_INVALID)
        continue;
      g_object_set (settings, "gtk-enable-animations", TRUE, NULL);
      board = board_in_window (kind, &window);
      g_signal_connect (board, "notify::animating", G_CALLBACK (on_animating), log);
      imh_options_init (&options, kind, rules->min_players);
      g_assert_true (imh_setup (&state, &options, 7, why, sizeof why));
      imh_board_set_state (IMH_BOARD (board), &state, TRUE, FALSE);
      while (!imh_is_over (&state))
        {
          ImhDecisionList legal;
          ImhState before;
          ImhDecision d;

          imh_legal (&state, &legal);
          d = legal.d[g_rand_int_range (rand, 0, legal.n)];
          imh_state_copy (&before, &state);
          imh_apply (&state, d);
          g_string_truncate (log, 0);
          imh_board_animate_decision (IMH_BOARD (board), &before, d, &state, TRUE);
          /* The new position is the board's at once. */
          g_assert_cmpuint (rules->hash (imh_board_get_state (IMH_BOARD (board))), ==,
                            rules->hash (&state));
          if (imh_board_get_animating (IMH_BOARD (board)))
            {
              animated++;
              imh_test_iterate_until (board_is_still, board);
              g_assert_cmpstr (log->str, ==, "10");
            }
          else
            g_assert_cmpstr (log->str, ==, "");
          g_assert_cmpuint (rules->hash (imh_board_get_state (IMH_BOARD (board))), ==,
                            rules->hash (&state));
          g_assert_cmpuint (imh_board_get_n_targets (IMH_BOARD (board)) > 0, ==, !imh_is_over (&state));
        }
      g_assert_cmpuint (animated, >, 0);

      /* Reduced motion: shown at once, nothing runs. */
      g_object_set (settings, "gtk-enable-animations", FALSE, NULL);
      imh_options_init (&options, kind, rules->min_players);
      g_assert_true (imh_setup (&state, &options, 8, why, sizeof why));
      g_string_truncate (log, 0);
      while (!imh_is_over (&state))
        {
          ImhDecisionList legal;
          ImhState before;
          ImhDecision d;

          imh_legal (&state, &legal);
          d = legal.d[g_rand_int_range (rand, 0, legal.n)];
          imh_state_copy (&before, &state);
          imh_apply (&state, d);
          imh_board_animate_decision (IMH_BOARD (board), &before, d, &state, TRUE);
          g_assert_false (imh_board_get_animating (IMH_BOARD (board)));
        }
      g_assert_cmpstr (log->str, ==, "");
      g_object_set (settings, "gtk-enable-animations", TRUE, NULL);
      destroy_window (window);
    }
}

/* A thumbnail is stored once: it looks the same whichever style the app had
 * when it was drawn. */
static void
test_thumbnail_style_free (void)
{
  for (int kind = 0; kind < IMH_N_GAMES; kind++)
    {
      AdwStyleManager *styles = adw_style_manager_get_default ();
      GtkWindow *window;
      GtkWidget *board;
      GtkWidget *offscreen;
      ImhOptions options;
      ImhState state;
      g_autoptr(GBytes) light = NULL;
      g_autoptr(GBytes) dark = NULL;
      GskRenderer *renderer;

      if (imh_board_type_for_kind ((ImhGameKind) kind) == G_TYPE_INVALID)
        continue;
      imh_options_init (&options, (ImhGameKind) kind, imh_rules_get ((ImhGameKind) kind)->min_players);
      g_assert_true (imh_setup (&state, &options, 7, NULL, 0));
      board = board_in_window ((ImhGameKind) kind, &window);
      renderer = gtk_native_get_renderer (GTK_NATIVE (window));
      offscreen = g_object_ref_sink (imh_board_new_for_kind ((ImhGameKind) kind));
      imh_board_set_state (IMH_BOARD (offscreen), &state, FALSE, FALSE);

      adw_style_manager_set_color_scheme (styles, ADW_COLOR_SCHEME_FORCE_LIGHT);
      imh_test_flush_main_loop ();
      light = imh_board_thumbnail_render (IMH_BOARD (offscreen), renderer);
      adw_style_manager_set_color_scheme (styles, ADW_COLOR_SCHEME_FORCE_DARK);
      imh_test_flush_main_loop ();
      g_assert_true (adw_style_manager_get_dark (styles));
      dark = imh_board_thumbnail_render (IMH_BOARD (offscreen), renderer);
      adw_style_manager_set_color_scheme (styles, ADW_COLOR_SCHEME_DEFAULT);

      g_assert_nonnull (light);
      g_assert_nonnull (dark);
      g_assert_cmpuint (g_bytes_get_size (light), >, 0);
      g_assert_true (g_bytes_equal (light, dark));
      g_object_unref (offscreen);
      (void) board;
      destroy_window (window);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_setenv ("GTK_A11Y", "none", TRUE);
  imh_test_init (&argc, &argv);
  adw_init ();

  g_test_add_func ("/board/contract", test_contract);
  g_test_add_func ("/board/animate-decision", test_animate_decision);
  g_test_add_func ("/board/thumbnail-style-free", test_thumbnail_style_free);
  return g_test_run ();
}
