/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-board-tooltips.c — every object the boards draw explains itself:
 * hovering each tile, card, site, supply, boat or ship and score of both
 * games' boards (hit tests over the boards' own boxes, in positions of
 * seeded games) gives a tooltip that names it; the score view's cells
 * explain their numbers with parts that add up to them; the history's
 * score column says where a turn's points came from. In the UI language of
 * the test setup (English, German). */
#define G_LOG_DOMAIN "test-board-tooltips"

#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "imh-board-factory.h"
#include "imh-classic-board-private.h"
#include "imh-duel-board-private.h"
#include "imh-game.h"
#include "imh-history-view.h"
#include "imh-score-view.h"
#include "imh-texts.h"
#include "test-i18n.h"
#include "ui-test-util.h"

static const char *const names[] = { "Nefertari", "Sobek", "Hathor", "Anubis" };

/* The tooltip at the centre of b, which must not be empty. Transfer full. */
static char *
tooltip_at (ImhBoard   *board,
            ImhBox      b,
            const char *what)
{
  char *text = _imh_board_dup_tooltip_at (board, b.x + b.w / 2, b.y + b.h / 2, FALSE);
  static guint told;

  /* A few of them in the log, to read. */
  if (told++ < 60 && text != NULL)
    g_test_message ("%s: %s", what, text);

  if (text == NULL || *text == '\0')
    g_error ("no tooltip over %s at %.0f,%.0f", what, b.x + b.w / 2, b.y + b.h / 2);
  return text;
}

static void
assert_contains (const char *text,
                 const char *part)
{
  if (strstr (text, part) == NULL)
    g_error ("“%s” does not name “%s”", text, part);
}

/* ---- The Duel ---- */

static void
check_duel (ImhBoard       *board,
            const ImhState *state,
            gboolean       *seen)
{
  ImhDuelBoard *duel = IMH_DUEL_BOARD (board);
  const ImhDuel *d = &state->u.duel;
  double u;

  imh_board_set_state (board, state, FALSE, FALSE);
  gtk_widget_allocate (GTK_WIDGET (board), 1100, 660, -1, NULL);
  _imh_board_ensure_layout (board);
  u = duel->u;
  for (int boat = 0; boat < IMH_DUEL_N_BOATS; boat++)
    {
      g_autofree char *text = tooltip_at (board, _imh_duel_boat_box (duel, boat), "a boat");

      if (!((d->boats_alive >> boat) & 1))
        continue;
      for (int s = 0; s < IMH_DUEL_N_SLOTS; s++)
        {
          guint code = d->boat[boat][s];
          g_autofree char *tile = tooltip_at (board, _imh_duel_slot_box (duel, boat, s), "a slot");

          if (code != 0)
            {
              g_autofree char *name = imh_texts_duel_tile_name (code);

              assert_contains (tile, name);
              seen[code] = TRUE;
            }
        }
    }
  for (int f = 0; f < IMH_DUEL_N_FIELDS; f++)
    g_free (tooltip_at (board, _imh_duel_field_box (duel, f), "a field"));
  g_free (tooltip_at (board, _imh_duel_info_box (duel), "the pile"));
  for (int p = 0; p < 2; p++)
    {
      ImhBox panel = duel->panel[p];
      ImhBox supply = { panel.x + panel.w - 2.95 * u, panel.y + 0.1 * u, 1.2 * u, 0.36 * u };
      ImhBox total = { panel.x + panel.w - 1.7 * u, panel.y + 0.05 * u, 1.55 * u, 0.46 * u };
      g_autofree char *meeples = tooltip_at (board, supply, "the meeples' supply");
      g_autofree char *points = tooltip_at (board, total, "the points");
      ImhScore score;
      char number[16];

      imh_score (state, &score);
      g_snprintf (number, sizeof number, "%d", ABS (score.total[p]));
      assert_contains (meeples, names[p]);
      assert_contains (points, number);
      for (int site = 0; site < IMH_DUEL_N_SITES; site++)
        {
          static const char *const ids[] = { "obelisk", "temple", "pyramids", "crypt" };
          g_autofree char *text = tooltip_at (board, _imh_duel_panel_block (duel, p, site), "a site");

          assert_contains (text, imh_texts_site_name (ids[site]));
        }
      for (int a = 0; a < IMH_DUEL_N_ACTIONS; a++)
        {
          g_autofree char *name = imh_texts_duel_tile_name (IMH_DUEL_TILE_ACTION_0 + a);
          g_autofree char *text = tooltip_at (board, _imh_duel_action_box (duel, p, a), "an action tile");

          assert_contains (text, name);
          seen[IMH_DUEL_TILE_ACTION_0 + a] = TRUE;
        }
    }
}

static void
test_duel (void)
{
  g_autoptr(GtkWidget) board = g_object_ref_sink (imh_board_new_for_kind (IMH_GAME_DUEL));
  gboolean seen[IMH_DUEL_N_TILE_CODES] = { FALSE };

  for (int p = 0; p < 2; p++)
    imh_board_set_player_name (IMH_BOARD (board), p, names[p]);
  for (guint seed = 1; seed <= 4; seed++)
    {
      ImhOptions options;
      ImhState state;
      ImhDecisionList legal;
      char why[128];
      guint ply = 0;

      imh_options_init (&options, IMH_GAME_DUEL, 2);
      /* Sides A, then B, then mixed. */
      for (int site = 0; site < IMH_DUEL_N_SITES; site++)
        options.sides[site] = seed == 1 ? IMH_SIDE_A : seed == 2 ? IMH_SIDE_B : (uint8_t) ((site + seed) % 2);
      g_assert_true (imh_setup (&state, &options, seed, why, sizeof why));
      for (;;)
        {
          if (ply % 4 == 0 || imh_is_over (&state))
            check_duel (IMH_BOARD (board), &state, seen);
          if (imh_is_over (&state))
            break;
          imh_legal (&state, &legal);
          imh_apply (&state, legal.d[(ply * 7 + seed) % legal.n]);
          ply++;
        }
    }
  /* Every kind of tile was shown and named. */
  for (guint code = 1; code < IMH_DUEL_N_TILE_CODES; code++)
    if (!seen[code])
      g_error ("tile %u never hovered", code);
}

/* ---- The base game ---- */

static void
check_classic (ImhBoard       *board,
               const ImhState *state,
               gboolean       *seen)
{
  ImhClassicBoard *classic = IMH_CLASSIC_BOARD (board);
  const ImhClassic *c = &state->u.classic;

  imh_board_set_state (board, state, FALSE, FALSE);
  gtk_widget_allocate (GTK_WIDGET (board), 1100, 660, -1, NULL);
  _imh_board_ensure_layout (board);
  for (int site = 0; site < IMH_CLASSIC_N_SITES; site++)
    {
      ImhBox s = classic->site[site];
      /* The site's heading: its name and rule. */
      ImhBox head = { s.x, s.y, s.w, MIN (s.h, 0.4 * classic->u) };
      g_autofree char *text = tooltip_at (board, head, "a site");

      assert_contains (text, imh_texts_site_name (imh_classic_site_ids[site]));
    }
  for (int i = 0; i < 4; i++)
    {
      if (c->display[i] == IMH_CLASSIC_NONE || (((c->sides >> IMH_CLASSIC_SITE_MARKET) & 1) && i == 3))
        continue;
      {
        g_autofree char *text = tooltip_at (board, _imh_classic_card_slot (classic, i), "a card");

        assert_contains (text, imh_texts_classic_card_name (c->display[i]));
        seen[c->display[i]] = TRUE;
      }
    }
  if (((c->sides >> IMH_CLASSIC_SITE_MARKET) & 1) && c->pair_state != IMH_CLASSIC_PAIR_NONE)
    g_free (tooltip_at (board, _imh_classic_card_slot (classic, 3), "the pair"));
  for (int ship = 0; ship < IMH_CLASSIC_N_SHIPS; ship++)
    {
      if (c->ship_cap[ship] == 0)
        continue;
      g_free (tooltip_at (board, _imh_classic_hull_box (classic, ship), "a ship"));
      for (int pos = 0; pos < c->ship_cap[ship]; pos++)
        if (c->ship[ship][pos] != 0)
          {
            g_autofree char *text = tooltip_at (board, _imh_classic_position_box (classic, ship, pos), "a stone");

            assert_contains (text, names[c->ship[ship][pos] - 1]);
          }
    }
  g_free (tooltip_at (board, classic->info, "the round"));
  for (int p = 0; p < c->n_players; p++)
    {
      g_autofree char *sled = tooltip_at (board, _imh_classic_sled_box (classic, p), "a sled");
      g_autofree char *head = tooltip_at (board, _imh_classic_panel_header (classic, p), "the points");

      assert_contains (sled, names[p]);
      assert_contains (head, names[p]);
      for (int k = 0; k < IMH_CLASSIC_N_CARD_TYPES; k++)
        if (c->held[p][k] > 0)
          {
            g_autofree char *text = tooltip_at (board, _imh_classic_held_box (classic, p, k), "a held card");

            assert_contains (text, imh_texts_classic_card_name (k));
            seen[k] = TRUE;
          }
    }
}

static void
test_classic (gconstpointer data)
{
  int n_players = GPOINTER_TO_INT (data);
  g_autoptr(GtkWidget) board = g_object_ref_sink (imh_board_new_for_kind (IMH_GAME_CLASSIC));
  gboolean seen[IMH_CLASSIC_N_CARD_TYPES] = { FALSE };

  for (int p = 0; p < n_players; p++)
    imh_board_set_player_name (IMH_BOARD (board), p, names[p]);
  for (guint seed = 1; seed <= 4; seed++)
    {
      ImhOptions options;
      ImhState state;
      ImhDecisionList legal;
      char why[128];
      guint ply = 0;

      imh_options_init (&options, IMH_GAME_CLASSIC, n_players);
      for (int site = 0; site < IMH_CLASSIC_N_SITES; site++)
        options.sides[site] = seed == 1 ? IMH_SIDE_A : seed == 2 ? IMH_SIDE_B : (uint8_t) ((site + seed) % 2);
      if (seed == 3)
        options.variants |= IMH_VARIANT_WRATH;
      g_assert_true (imh_setup (&state, &options, seed, why, sizeof why));
      for (;;)
        {
          if (ply % 5 == 0 || imh_is_over (&state))
            check_classic (IMH_BOARD (board), &state, seen);
          if (imh_is_over (&state))
            break;
          imh_legal (&state, &legal);
          imh_apply (&state, legal.d[(ply * 7 + seed) % legal.n]);
          ply++;
        }
    }
  for (guint k = 0; k < IMH_CLASSIC_N_CARD_TYPES; k++)
    if (!seen[k])
      g_error ("card %u never hovered", k);
}

/* ---- The score explained ---- */

/* The parts of every cell add up to its number, and the words show it. */
static void
check_parts (const ImhState *state,
             gboolean        so_far)
{
  const ImhRules *rules = imh_rules_of (state);
  ImhScore score;

  if (so_far)
    rules->score_so_far (state, &score);
  else
    imh_score (state, &score);
  for (guint p = 0; p < score.n_players; p++)
    for (guint c = 0; c < score.n_categories; c++)
      {
        ImhScorePart parts[32];
        int n = imh_texts_score_parts (state, p, c, so_far, parts, G_N_ELEMENTS (parts));
        int sum = 0;
        g_autofree char *words = imh_texts_score_explanation (state, p, c, so_far);
        char number[16];

        g_assert_cmpint (n, <=, (int) G_N_ELEMENTS (parts));
        for (int i = 0; i < n; i++)
          {
            g_assert_cmpuint (parts[i].category, ==, c);
            sum += parts[i].points;
          }
        if (sum != score.points[p][c])
          g_error ("%s: parts %d, cell %d", words, sum, score.points[p][c]);
        g_snprintf (number, sizeof number, "%d", ABS (sum));
        assert_contains (words, imh_texts_category_name (rules, c));
        assert_contains (words, number);
      }
}

static void
test_score_parts (void)
{
  static const struct { ImhGameKind kind; int players; } games[] = {
    { IMH_GAME_DUEL, 2 }, { IMH_GAME_CLASSIC, 2 }, { IMH_GAME_CLASSIC, 3 }, { IMH_GAME_CLASSIC, 4 },
  };

  for (guint g = 0; g < G_N_ELEMENTS (games); g++)
    for (guint seed = 1; seed <= 12; seed++)
      {
        ImhOptions options;
        ImhState state;
        ImhDecisionList legal;
        char why[128];
        guint ply = 0;

        imh_options_init (&options, games[g].kind, games[g].players);
        for (int site = 0; site < IMH_MAX_SITES; site++)
          options.sides[site] = (uint8_t) ((seed >> (site % 4)) & 1);
        if (games[g].kind == IMH_GAME_CLASSIC && seed % 3 == 0)
          options.variants |= IMH_VARIANT_WRATH;
        g_assert_true (imh_setup (&state, &options, seed, why, sizeof why));
        for (;;)
          {
            check_parts (&state, FALSE);
            if (imh_rules_of (&state)->score_so_far != NULL)
              check_parts (&state, TRUE);
            if (imh_is_over (&state))
              break;
            imh_legal (&state, &legal);
            imh_apply (&state, legal.d[(ply * 3 + seed) % legal.n]);
            ply++;
          }
      }
}

/* Every tooltip text in a widget tree. */
static void
collect_tooltips (GtkWidget *widget,
                  GPtrArray *texts)
{
  const char *text = gtk_widget_get_tooltip_text (widget);

  if (text != NULL)
    g_ptr_array_add (texts, (gpointer) text);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_tooltips (child, texts);
}

static gboolean
has_tooltip (GPtrArray  *texts,
             const char *text)
{
  for (guint i = 0; i < texts->len; i++)
    if (g_strcmp0 (texts->pdata[i], text) == 0)
      return TRUE;
  return FALSE;
}

/* The score view's cells carry the explanations of their numbers. */
static void
test_score_view (void)
{
  for (int players = 2; players <= 4; players++)
    {
      ImhGameKind kind = players == 2 ? IMH_GAME_DUEL : IMH_GAME_CLASSIC;
      g_autoptr(GtkWidget) view = g_object_ref_sink (imh_score_view_new ());
      g_autoptr(GPtrArray) texts = g_ptr_array_new ();
      ImhOptions options;
      ImhState state;
      ImhDecisionList legal;
      ImhScore score;
      char why[128];

      imh_options_init (&options, kind, players);
      g_assert_true (imh_setup (&state, &options, 7, why, sizeof why));
      for (int ply = 0; ply < 60 && !imh_is_over (&state); ply++)
        {
          imh_legal (&state, &legal);
          imh_apply (&state, legal.d[ply % legal.n]);
        }
      imh_score_view_set_state (IMH_SCORE_VIEW (view), &state, names);
      imh_score_view_set_so_far (IMH_SCORE_VIEW (view), FALSE);
      collect_tooltips (view, texts);
      imh_score (&state, &score);
      for (guint p = 0; p < score.n_players; p++)
        {
          g_autofree char *total = imh_texts_total_explanation (&score, imh_rules_of (&state), p);

          g_assert_true (has_tooltip (texts, total));
          for (guint c = 0; c < score.n_categories; c++)
            {
              g_autofree char *cell = imh_texts_score_explanation (&state, p, c, FALSE);

              g_assert_true (has_tooltip (texts, cell));
            }
        }
      /* The base game's points so far: explained as counted so far. */
      if (imh_rules_of (&state)->score_so_far != NULL)
        {
          g_ptr_array_set_size (texts, 0);
          imh_score_view_set_so_far (IMH_SCORE_VIEW (view), TRUE);
          g_assert_true (imh_score_view_get_so_far (IMH_SCORE_VIEW (view)));
          collect_tooltips (view, texts);
          imh_rules_of (&state)->score_so_far (&state, &score);
          for (guint p = 0; p < score.n_players; p++)
            {
              g_autofree char *total = imh_texts_total_explanation (&score, imh_rules_of (&state), p);

              g_assert_true (has_tooltip (texts, total));
              for (guint c = 0; c < score.n_categories; c++)
                {
                  g_autofree char *cell = imh_texts_score_explanation (&state, p, c, TRUE);

                  g_assert_true (has_tooltip (texts, cell));
                }
            }
        }
    }
}

/* ---- The history ---- */

static void
test_history (void)
{
  for (int players = 2; players <= 3; players++)
    {
      ImhGameKind kind = players == 2 ? IMH_GAME_DUEL : IMH_GAME_CLASSIC;
      g_autoptr(ImhGame) game = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(GtkWidget) view = g_object_ref_sink (imh_history_view_new ());
      g_autoptr(GPtrArray) texts = g_ptr_array_new ();
      ImhHistory *history;
      ImhOptions options;
      guint scored = 0;

      imh_options_init (&options, kind, players);
      game = imh_game_new (&options, 3, &error);
      g_assert_no_error (error);
      imh_history_view_set_game (IMH_HISTORY_VIEW (view), game);
      history = imh_game_get_history (game);
      for (int ply = 0; ply < 80 && !imh_is_over (imh_game_get_state (game)); ply++)
        {
          ImhDecisionList legal;

          imh_legal (imh_game_get_state (game), &legal);
          g_assert_true (imh_game_apply (game, legal.d[(ply * 5 + 1) % legal.n], IMH_BRANCH_TRUNCATE, &error));
          g_assert_no_error (error);
        }
      imh_test_flush_main_loop ();
      collect_tooltips (view, texts);
      for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (history)); i++)
        {
          ImhTurnItem *turn = imh_history_peek_item (history, i);

          for (guint p = 0; p < imh_turn_item_get_n_players (turn); p++)
            {
              int change = imh_turn_item_get_score_change (turn, p);
              g_autofree char *sign = change > 0 ? g_strdup_printf ("+%d", change)
                                      : change < 0 ? g_strdup_printf ("−%d", -change) : g_strdup ("±0");
              gboolean found = FALSE;

              if (change == 0)
                continue;
              scored++;
              /* Some row's tooltip names the change. */
              for (guint t = 0; t < texts->len && !found; t++)
                found = strstr (texts->pdata[t], sign) != NULL;
              g_assert_true (found);
            }
        }
      g_assert_cmpuint (scored, >, 0);
      g_assert_cmpuint (texts->len, >, 0);
    }
}

/* The words of a score change add up: each category's change and the
 * computation after it. */
static void
test_score_change (void)
{
  ImhOptions options;
  ImhState before, after;
  ImhDecisionList legal;
  char why[128];
  guint changed = 0;

  imh_options_init (&options, IMH_GAME_DUEL, 2);
  g_assert_true (imh_setup (&after, &options, 9, why, sizeof why));
  for (int ply = 0; !imh_is_over (&after); ply++)
    {
      ImhScore sb, sa;

      imh_state_copy (&before, &after);
      imh_legal (&after, &legal);
      imh_apply (&after, legal.d[(ply * 5 + 2) % legal.n]);
      imh_score (&before, &sb);
      imh_score (&after, &sa);
      for (guint p = 0; p < 2; p++)
        {
          g_autofree char *text = imh_texts_score_change (&before, &after, p);
          int d = sa.total[p] - sb.total[p];

          if (d == 0)
            {
              g_assert_true (g_str_has_prefix (text, "±0"));
              continue;
            }
          changed++;
          for (guint c = 0; c < sa.n_categories; c++)
            if (sa.points[p][c] != sb.points[p][c])
              {
                g_autofree char *now = imh_texts_score_explanation (&after, p, c, FALSE);

                assert_contains (text, now);
              }
        }
    }
  g_assert_cmpuint (changed, >, 10);
}

int
main (int argc, char *argv[])
{
  imh_test_i18n_init_app ();
  g_setenv ("GTK_A11Y", "none", TRUE);
  imh_test_init (&argc, &argv);
  adw_init ();
  g_test_add_func ("/board-tooltips/duel", test_duel);
  g_test_add_data_func ("/board-tooltips/classic-2", GINT_TO_POINTER (2), test_classic);
  g_test_add_data_func ("/board-tooltips/classic-3", GINT_TO_POINTER (3), test_classic);
  g_test_add_data_func ("/board-tooltips/classic-4", GINT_TO_POINTER (4), test_classic);
  g_test_add_func ("/board-tooltips/score-parts", test_score_parts);
  g_test_add_func ("/board-tooltips/score-view", test_score_view);
  g_test_add_func ("/board-tooltips/score-change", test_score_change);
  g_test_add_func ("/board-tooltips/history", test_history);
  return g_test_run ();
}
