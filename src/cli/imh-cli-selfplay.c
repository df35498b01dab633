/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-cli-selfplay.c — `imhotep-cli selfplay`: seeded games between random players, as records. */
#define G_LOG_DOMAIN "imh-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>

#include "imh-ai.h"
#include "imh-cli.h"
#include "imh-cli-util.h"

int imh_cli_selfplay (int argc, char **argv);

int
imh_cli_selfplay (int argc, char **argv)
{
  g_autofree char *game = NULL, *sides = NULL, *player = NULL, *out = NULL;
  g_auto(GStrv) variants = NULL;
  gint64 seed = 1, count = 1;
  gint players = 0;
  GOptionEntry entries[] = {
    { "game", 'g', 0, G_OPTION_ARG_STRING, &game, N_("The game: duel or classic (default duel)"), N_("GAME") },
    { "players", 'p', 0, G_OPTION_ARG_INT, &players, N_("Number of players (classic: 2–4)"), N_("N") },
    { "sides", 0, 0, G_OPTION_ARG_STRING, &sides, N_("Sides in site order (e.g. ABAA), or “random” for each game (default: all A)"), N_("SIDES") },
    { "variant", 0, 0, G_OPTION_ARG_STRING_ARRAY, &variants, N_("Play a variant (classic: wrath); repeatable"), N_("VARIANT") },
    { "seed", 's', 0, G_OPTION_ARG_INT64, &seed, N_("The first seed (default 1); game i uses seed + i"), N_("SEED") },
    { "count", 'c', 0, G_OPTION_ARG_INT64, &count, N_("Number of games (default 1)"), N_("N") },
    { "player", 0, 0, G_OPTION_ARG_STRING, &player, N_("The players: random (default) or a computer level: beginner, casual, strong, expert, greedy, flat"), N_("PLAYER") },
    { "out", 'o', 0, G_OPTION_ARG_FILENAME, &out, N_("Write each game as a record into DIR"), N_("DIR") },
    { NULL, 0, 0, 0, NULL, NULL, NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  const ImhRules *rules;
  ImhOptions base;
  gint64 wins[IMH_MAX_PLAYERS] = { 0 };
  gint64 points[IMH_MAX_PLAYERS] = { 0 };
  gint64 plies = 0;
  gboolean random_sides;

  g_option_context_set_summary (context, _("Play seeded games between computer players and write their records."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!imh_cli_parse (context, &argc, &argv))
    return IMH_CLI_USAGE;
  if (argc != 1)
    {
      imh_cli_error (_("unexpected argument “%s”"), argv[1]);
      return IMH_CLI_USAGE;
    }
  /* A computer level plays every seat; NULL: uniformly random players. */
  const ImhPlayerSpec *spec = NULL;
  if (player != NULL && g_strcmp0 (player, "random") != 0)
    {
      spec = imh_level_from_name (player);
      if (spec == NULL)
        {
          imh_cli_error (_("unknown player “%s” (known: random, beginner, casual, strong, expert, greedy, flat)"), player);
          return IMH_CLI_USAGE;
        }
    }
  if (count < 1 || seed < 0)
    {
      imh_cli_error (_("--count must be at least 1 and --seed must not be negative"));
      return IMH_CLI_USAGE;
    }
  random_sides = g_strcmp0 (sides, "random") == 0;
  if (!imh_cli_make_options (game != NULL ? game : "duel", players, random_sides ? NULL : sides,
                             variants, 0, &base))
    return IMH_CLI_USAGE;
  rules = imh_rules_get (base.game);
  if (out != NULL && g_mkdir_with_parents (out, 0755) != 0)
    {
      imh_cli_error (_("cannot create the folder “%s”"), out);
      return IMH_CLI_FAILED;
    }

  for (gint64 g = 0; g < count; g++)
    {
      uint64_t game_seed = (uint64_t) seed + (uint64_t) g;
      uint64_t mix = game_seed;
      ImhOptions o = base;
      ImhRecordError err;
      ImhRecord *r;
      ImhState s;
      ImhRng rng;
      ImhScore sc;

      imh_rng_seed (&rng, imh_splitmix64 (&mix));
      if (random_sides)
        for (int i = 0; i < rules->n_sites; i++)
          o.sides[i] = (uint8_t) imh_rng_below (&rng, 2);
      r = imh_record_new (&o, game_seed, &err);
      if (r == NULL)
        {
          imh_cli_error ("%s", err.message);
          return IMH_CLI_FAILED;
        }
      for (int p = 0; p < o.n_players; p++)
        {
          char name[32], kind[48];
          if (spec != NULL)
            {
              g_snprintf (name, sizeof name, "Computer %d", p + 1);
              g_snprintf (kind, sizeof kind, "computer:%s", spec->name);
              imh_record_set_player (r, p, kind, name);
              continue;
            }
          g_snprintf (name, sizeof name, "Random %d", p + 1);
          imh_record_set_player (r, p, "random", name);
        }
      imh_record_initial (r, &s);
      while (!rules->is_over (&s))
        {
          ImhDecision d;
          if (spec != NULL)
            {
              /* Each decision's seed from (game seed, ply): games replay. */
              uint64_t x = game_seed ^ ((uint64_t) imh_record_line_end (&r->main) << 40);
              if (!imh_player_choose (spec, &s, imh_splitmix64 (&x), NULL, &d))
                break;
            }
          else
            d = imh_cli_random_decision (&s, &rng);
          rules->apply (&s, d);
          imh_record_line_append (&r->main, d);
        }
      imh_record_set_outcome (r, &s);
      rules->score (&s, &sc);
      for (int p = 0; p < o.n_players; p++)
        {
          points[p] += sc.total[p];
          if (sc.rank[p] == 0)
            wins[p]++;
        }
      plies += imh_record_line_end (&r->main);
      if (out != NULL)
        {
          g_autofree char *base_name = g_strdup_printf ("%s-%" G_GUINT64_FORMAT ".imhotep", rules->id, game_seed);
          g_autofree char *path = g_build_filename (out, base_name, NULL);
          if (!imh_cli_save_record (path, r))
            {
              imh_record_free (r);
              return IMH_CLI_FAILED;
            }
        }
      imh_record_free (r);
    }

  printf (_("%lld games, %.1f decisions per game on average\n"), (long long) count,
          (double) plies / (double) count);
  for (int p = 0; p < base.n_players; p++)
    printf (_("player %d: wins: %lld, points on average: %.1f\n"), p + 1, (long long) wins[p],
            (double) points[p] / (double) count);
  return IMH_CLI_OK;
}
