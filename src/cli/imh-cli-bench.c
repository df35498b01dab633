/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-cli-bench.c — `imhotep-cli bench`: random playouts on one core, with a deterministic signature. */
#define G_LOG_DOMAIN "imh-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "imh-cli.h"
#include "imh-cli-util.h"

int imh_cli_bench (int argc, char **argv);

/* Folds a finished playout into the signature. */
static void
sign (const ImhRules *rules, const ImhState *s, uint32_t plies, uint64_t *signature)
{
  ImhScore sc;

  rules->score (s, &sc);
  *signature = (*signature ^ rules->hash (s)) * UINT64_C (0x100000001b3);
  *signature += plies + (uint64_t) (sc.total[0] - sc.total[1]);
}

/* One random playout from `initial` with decision seed `seed`, through
 * the vtable like any AI playout; returns plies. */
static uint32_t
playout (const ImhRules *rules, const ImhState *initial, uint64_t seed, uint64_t *signature)
{
  ImhState s;
  ImhRng rng;
  ImhDecisionList list;
  uint32_t plies = 0;

  memcpy (&s, initial, rules->state_size);
  imh_rng_seed (&rng, seed);
  /* legal() lists nothing once the game is over. */
  for (int n; (n = rules->legal (&s, &list)) > 0; plies++)
    rules->apply (&s, list.d[imh_rng_below (&rng, (uint32_t) n)]);
  sign (rules, &s, plies, signature);
  return plies;
}

/* The same playout through the engine's fused random_playout(). */
static uint32_t
playout_fused (const ImhRules *rules, const ImhState *initial, uint64_t seed, uint64_t *signature)
{
  ImhState s;
  ImhRng rng;
  uint32_t plies;

  memcpy (&s, initial, rules->state_size);
  imh_rng_seed (&rng, seed);
  plies = rules->random_playout (&s, &rng, UINT32_MAX);
  sign (rules, &s, plies, signature);
  return plies;
}

static double
cpu_now (void)
{
  struct timespec t;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &t);
  return (double) t.tv_sec + (double) t.tv_nsec / 1e9;
}

int
imh_cli_bench (int argc, char **argv)
{
  g_autofree char *game = NULL;
  gint64 games = 200000;
  gint players = 0;
  GOptionEntry entries[] = {
    { "game", 'g', 0, G_OPTION_ARG_STRING, &game, N_("The game: duel or classic (default duel)"), N_("GAME") },
    { "players", 'p', 0, G_OPTION_ARG_INT, &players, N_("Number of players (classic: 2–4)"), N_("N") },
    { "games", 'n', 0, G_OPTION_ARG_INT64, &games, N_("Number of playouts (default 200000); seeds 1 to N"), N_("N") },
    { NULL, 0, 0, 0, NULL, NULL, NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  const ImhRules *rules;
  ImhOptions options;
  ImhState *initial;
  uint64_t signature = UINT64_C (0xcbf29ce484222325);
  uint64_t plies = 0;
  gint64 t0, t1;
  double c0, c1;
  double seconds, cpu_seconds;

  g_option_context_set_summary (context, _("Measure random playouts per second on one core; the signature is the same on every run."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!imh_cli_parse (context, &argc, &argv))
    return IMH_CLI_USAGE;
  if (argc != 1)
    {
      imh_cli_error (_("unexpected argument “%s”"), argv[1]);
      return IMH_CLI_USAGE;
    }
  if (games < 1)
    {
      imh_cli_error (_("--games must be at least 1"));
      return IMH_CLI_USAGE;
    }
  if (!imh_cli_make_options (game != NULL ? game : "duel", players, NULL, NULL, 1, &options))
    return IMH_CLI_USAGE;
  rules = imh_rules_get (options.game);
  initial = g_new0 (ImhState, (gsize) games < 64 ? (gsize) games : 64);

  /* 64 fixed initial positions (seeds 1..64, all sides A, player 1 starts);
   * playout i starts from position i mod 64 with decision seed i. The
   * setups are made before the clock starts. */
  for (int k = 0; k < 64 && k < games; k++)
    {
      char why[128];
      imh_setup (&initial[k], &options, (uint64_t) k + 1, why, sizeof why);
    }
  t0 = g_get_monotonic_time ();
  c0 = cpu_now ();
  for (gint64 i = 0; i < games; i++)
    plies += playout (rules, &initial[i % 64], (uint64_t) i + 1, &signature);
  c1 = cpu_now ();
  t1 = g_get_monotonic_time ();
  seconds = (double) (t1 - t0) / 1e6;
  /* Speed from the CPU time of this thread: on a busy machine the wall
   * clock also counts time spent waiting for the core. */
  cpu_seconds = c1 > c0 ? c1 - c0 : seconds;

  imh_cli_print_c ("game %s\n", rules->id);
  imh_cli_print_c ("playouts %" G_GINT64_FORMAT "\n", games);
  imh_cli_print_c ("wall_seconds %.3f\n", seconds);
  imh_cli_print_c ("cpu_seconds %.3f\n", cpu_seconds);
  imh_cli_print_c ("playouts_per_second %.0f\n", (double) games / cpu_seconds);
  imh_cli_print_c ("plies_per_second %.0f\n", (double) plies / cpu_seconds);
  imh_cli_print_c ("ns_per_ply %.1f\n", cpu_seconds * 1e9 / (double) plies);
  imh_cli_print_c ("plies_per_game %.2f\n", (double) plies / (double) games);
  imh_cli_print_c ("signature %016" G_GINT64_MODIFIER "x\n", signature);

  /* The engine's fused playout, when it has one: same games, same signature. */
  if (rules->random_playout != NULL)
    {
      uint64_t fused_signature = UINT64_C (0xcbf29ce484222325);
      uint64_t fused_plies = 0;

      c0 = cpu_now ();
      for (gint64 i = 0; i < games; i++)
        fused_plies += playout_fused (rules, &initial[i % 64], (uint64_t) i + 1, &fused_signature);
      c1 = cpu_now ();
      cpu_seconds = c1 > c0 ? c1 - c0 : 1e-9;
      imh_cli_print_c ("fused_playouts_per_second %.0f\n", (double) games / cpu_seconds);
      imh_cli_print_c ("fused_ns_per_ply %.1f\n", cpu_seconds * 1e9 / (double) fused_plies);
      imh_cli_print_c ("fused_signature %016" G_GINT64_MODIFIER "x\n", fused_signature);
      if (fused_signature != signature || fused_plies != plies)
        {
          imh_cli_error (_("the fused playout differs from the playout through the vtable"));
          g_free (initial);
          return IMH_CLI_FAILED;
        }
    }
  g_free (initial);
  return IMH_CLI_OK;
}
