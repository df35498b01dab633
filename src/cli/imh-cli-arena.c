/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-cli-arena.c — `imhotep-cli arena`: many seeded games between two players. */
#define G_LOG_DOMAIN "imh-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <unistd.h>

#include "imh-ai.h"
#include "imh-build.h"
#include "imh-cli.h"
#include "imh-cli-util.h"
#include "imh-record.h"

int imh_cli_arena (int argc, char **argv);

static void
progress (void *user, uint32_t done, uint32_t games)
{
  fprintf (stderr, "\r%u/%u", done, games);
  if (done == games)
    fputc ('\n', stderr);
  fflush (stderr);
}

static const char *
playout_name (ImhPlayout p)
{
  return p == IMH_PLAYOUT_HEURISTIC ? "heuristic" : "random";
}

/* A copy of a level's spec with the budget overrides applied. */
static gboolean
make_spec (const char *which, const char *level, gint64 iterations, gint64 time_ms,
           const char *playout, ImhPlayerSpec *out)
{
  const ImhPlayerSpec *base = imh_level_from_name (level);
  if (base == NULL)
    {
      imh_cli_error (_("unknown level “%s” for %s (expected beginner, casual, strong, expert, random, greedy or flat)"),
                     level, which);
      return FALSE;
    }
  *out = *base;
  if (iterations < 0 || time_ms < 0)
    {
      imh_cli_error (_("budgets must not be negative"));
      return FALSE;
    }
  if (iterations > 0 || time_ms > 0)
    {
      out->iterations = (uint64_t) iterations;
      out->time_ms = (uint32_t) time_ms;
    }
  if (playout != NULL)
    {
      if (g_strcmp0 (playout, "random") == 0)
        out->playout = IMH_PLAYOUT_RANDOM;
      else if (g_strcmp0 (playout, "heuristic") == 0)
        out->playout = IMH_PLAYOUT_HEURISTIC;
      else
        {
          imh_cli_error (_("unknown playout policy “%s” (expected random or heuristic)"), playout);
          return FALSE;
        }
    }
  return TRUE;
}

int
imh_cli_arena (int argc, char **argv)
{
  g_autofree gchar *game = NULL, *a = NULL, *b = NULL, *a_playout = NULL, *b_playout = NULL;
  g_autofree gchar *sides = NULL;
  g_auto(GStrv) variants = NULL;
  gint64 players = 0, games = 100, seed = 1, threads = 1;
  gint64 a_iter = 0, a_time = 0, b_iter = 0, b_time = 0;
  gboolean json = FALSE, cpu_time = FALSE;
  GOptionEntry entries[] = {
    { "game", 'g', 0, G_OPTION_ARG_STRING, &game, N_("Game: duel or classic"), N_("GAME") },
    { "players", 'p', 0, G_OPTION_ARG_INT64, &players, N_("Number of players (classic: 2–4)"), N_("N") },
    { "sides", 0, 0, G_OPTION_ARG_STRING, &sides, N_("Side A or B of each site, in site order (e.g. ABAA)"), N_("SIDES") },
    { "variant", 0, 0, G_OPTION_ARG_STRING_ARRAY, &variants, N_("Play a variant (classic: wrath); repeatable"), N_("VARIANT") },
    { "a", 'a', 0, G_OPTION_ARG_STRING, &a, N_("Level of player A (the one measured)"), N_("LEVEL") },
    { "b", 'b', 0, G_OPTION_ARG_STRING, &b, N_("Level of player B (every other seat)"), N_("LEVEL") },
    { "games", 'n', 0, G_OPTION_ARG_INT64, &games, N_("Number of games (default 100)"), N_("N") },
    { "seed", 's', 0, G_OPTION_ARG_INT64, &seed, N_("First seed (default 1)"), N_("S") },
    { "threads", 'j', 0, G_OPTION_ARG_INT64, &threads, N_("Games played at once (default 1)"), N_("T") },
    { "a-iterations", 0, 0, G_OPTION_ARG_INT64, &a_iter, N_("Override A’s budget in iterations"), N_("N") },
    { "a-time", 0, 0, G_OPTION_ARG_INT64, &a_time, N_("Override A’s budget in milliseconds per decision"), N_("MS") },
    { "a-playout", 0, 0, G_OPTION_ARG_STRING, &a_playout, N_("A’s playout policy: random or heuristic"), N_("POLICY") },
    { "b-iterations", 0, 0, G_OPTION_ARG_INT64, &b_iter, N_("Override B’s budget in iterations"), N_("N") },
    { "b-time", 0, 0, G_OPTION_ARG_INT64, &b_time, N_("Override B’s budget in milliseconds per decision"), N_("MS") },
    { "b-playout", 0, 0, G_OPTION_ARG_STRING, &b_playout, N_("B’s playout policy: random or heuristic"), N_("POLICY") },
    { "cpu-time", 0, 0, G_OPTION_ARG_NONE, &cpu_time, N_("Count time budgets in CPU time of the searching thread, so that other work on the machine does not shorten them"), NULL },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print JSON"), NULL },
    { NULL, 0, 0, 0, NULL, NULL, NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);

  g_option_context_set_summary (context, _("Play seeded games between two players, swapping seats on every seed, and report A’s results."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!imh_cli_parse (context, &argc, &argv))
    return IMH_CLI_USAGE;
  if (argc != 1)
    {
      imh_cli_error (_("unexpected argument “%s”"), argv[1]);
      return IMH_CLI_USAGE;
    }
  if (game == NULL || a == NULL || b == NULL)
    {
      imh_cli_error (_("--game, --a and --b are required"));
      return IMH_CLI_USAGE;
    }
  const ImhRules *rules = imh_rules_from_id (game);
  if (rules == NULL)
    {
      imh_cli_error (_("unknown game “%s” (expected duel or classic)"), game);
      return IMH_CLI_USAGE;
    }
  if (games < 1 || games > 10000000 || threads < 1 || threads > 64)
    {
      imh_cli_error (_("--games must be at least 1 and --threads between 1 and 64"));
      return IMH_CLI_USAGE;
    }
  if (players == 0)
    players = rules->kind == IMH_GAME_DUEL ? 2 : 4;
  if (players < 2 || players > IMH_MAX_PLAYERS)
    {
      imh_cli_error (_("--players must be between 2 and 4"));
      return IMH_CLI_USAGE;
    }

  ImhPlayerSpec sa, sb;
  if (!make_spec ("--a", a, a_iter, a_time, a_playout, &sa)
      || !make_spec ("--b", b, b_iter, b_time, b_playout, &sb))
    return IMH_CLI_USAGE;
  sa.cpu_time = sb.cpu_time = cpu_time;

  ImhArenaConfig cfg = { 0 };
  ImhArenaResult res;
  char why[256] = "";
  /* The start player stays the arena's to choose (every seed swaps seats). */
  if (!imh_cli_make_options (rules->id, (int) players, sides, variants, 0, &cfg.options))
    return IMH_CLI_USAGE;
  cfg.a = &sa;
  cfg.b = &sb;
  cfg.games = (uint32_t) games;
  cfg.seed = (uint64_t) seed;
  cfg.threads = (uint32_t) threads;
  if (isatty (STDERR_FILENO))
    cfg.progress = progress;
  if (!imh_arena_run (&cfg, &res, why, sizeof why))
    {
      imh_cli_error (_("cannot play these games: %s"), why);
      return IMH_CLI_USAGE;
    }

  double a_ms = res.a_decisions ? res.a_ms / res.a_decisions : 0;
  double win_lo, win_hi;
  imh_wilson_interval (res.wins, res.games, &win_lo, &win_hi);
  double b_ms = res.b_decisions ? res.b_ms / res.b_decisions : 0;
  if (json)
    {
      g_autoptr(JsonBuilder) jb = json_builder_new ();
      const ImhPlayerSpec *specs[2] = { &sa, &sb };
      static const char *const budget_names[2] = { "a_budget", "b_budget" };

      json_builder_begin_object (jb);
      imh_cli_json_string (jb, "game", rules->id);
      imh_cli_json_int (jb, "players", players);
      {
        /* The sides and variants as a record writes them. */
        char side_text[IMH_MAX_SITES + 1] = { 0 };
        g_autoptr(GString) variant_text = g_string_new (NULL);

        for (int i = 0; i < rules->n_sites; i++)
          side_text[i] = cfg.options.sides[i] == IMH_SIDE_B ? 'B' : 'A';
        for (uint32_t bit = 0; bit < 32; bit++)
          if ((cfg.options.variants & (1u << bit)) && imh_record_variant_id (1u << bit) != NULL)
            g_string_append_printf (variant_text, "%s%s", variant_text->len > 0 ? "," : "",
                                    imh_record_variant_id (1u << bit));
        imh_cli_json_string (jb, "sides", side_text);
        imh_cli_json_string (jb, "variants", variant_text->str);
      }
      imh_cli_json_string (jb, "a", sa.name);
      imh_cli_json_string (jb, "b", sb.name);
      imh_cli_json_int (jb, "seed", seed);
      imh_cli_json_int (jb, "games", res.games);
      imh_cli_json_int (jb, "wins", res.wins);
      imh_cli_json_int (jb, "ties", res.ties);
      imh_cli_json_int (jb, "losses", res.losses);
      imh_cli_json_fixed (jb, "win_lo", win_lo, 4);
      imh_cli_json_fixed (jb, "win_hi", win_hi, 4);
      imh_cli_json_fixed (jb, "score", res.score, 4);
      imh_cli_json_fixed (jb, "score_ci", res.score_ci, 4);
      imh_cli_json_fixed (jb, "margin", res.margin, 3);
      imh_cli_json_fixed (jb, "margin_ci", res.margin_ci, 3);
      imh_cli_json_fixed (jb, "a_ms_per_decision", a_ms, 3);
      imh_cli_json_fixed (jb, "b_ms_per_decision", b_ms, 3);
      imh_cli_json_fixed (jb, "decisions_per_game", res.mean_decisions, 1);
      imh_cli_json_fixed (jb, "a_iterations_per_decision",
                          res.a_decisions ? (double) res.a_iterations / res.a_decisions : 0.0, 0);
      imh_cli_json_fixed (jb, "b_iterations_per_decision",
                          res.b_decisions ? (double) res.b_iterations / res.b_decisions : 0.0, 0);
      for (int k = 0; k < 2; k++)
        {
          json_builder_set_member_name (jb, budget_names[k]);
          json_builder_begin_object (jb);
          imh_cli_json_int (jb, "iterations", (gint64) specs[k]->iterations);
          imh_cli_json_int (jb, "time_ms", specs[k]->time_ms);
          imh_cli_json_string (jb, "clock", cpu_time ? "cpu" : "wall");
          imh_cli_json_string (jb, "playout", playout_name (specs[k]->playout));
          json_builder_end_object (jb);
        }
      imh_cli_json_string (jb, "engine", imh_engine_version ());
      imh_cli_json_string (jb, "build", IMH_BUILD);
      json_builder_end_object (jb);
      imh_cli_json_print (jb, FALSE);
      return IMH_CLI_OK;
    }
  printf (_("%s, %d players: A = %s, B = %s, %u games from seed %lld\n"),
          rules->id, (int) players, sa.name, sb.name, res.games, (long long) seed);
  printf (_("A: wins: %u, ties: %u, losses: %u\n"), res.wins, res.ties, res.losses);
  printf (_("A’s win rate: %.1f%% (95%% confidence interval %.1f%%–%.1f%%)\n"),
          res.games ? 100.0 * res.wins / res.games : 0.0, 100 * win_lo, 100 * win_hi);
  printf (_("A’s score (win 1, shared first place 1/k): %.3f ± %.3f (95%% confidence)\n"),
          res.score, res.score_ci);
  printf (_("A’s mean margin: %+.2f ± %.2f points\n"), res.margin, res.margin_ci);
  if (cpu_time)
    printf (_("CPU time per decision: A %.2f ms, B %.2f ms; %.1f decisions per game\n"),
            a_ms, b_ms, res.mean_decisions);
  else
    printf (_("Time per decision: A %.2f ms, B %.2f ms; %.1f decisions per game\n"),
            a_ms, b_ms, res.mean_decisions);
  return IMH_CLI_OK;
}
