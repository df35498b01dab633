/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-cli-hint.c — `imhotep-cli hint`: ranked candidates for a position. */
#define G_LOG_DOMAIN "imh-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <stdlib.h>

#include "imh-ai.h"
#include "imh-cli.h"
#include "imh-cli-util.h"
#include "imh-record.h"

int imh_cli_hint (int argc, char **argv);

int
imh_cli_hint (int argc, char **argv)
{
  gint64 iterations = 0, time_ms = 0, top = 5, threads = 1, seed = 1, ply = -1, max_nodes = 0;
  double exploration = IMH_HINT_EXPLORATION;
  gboolean json = FALSE;
  gchar *playout = NULL;
  GOptionEntry entries[] = {
    { "iterations", 'n', 0, G_OPTION_ARG_INT64, &iterations, N_("Search this many iterations (default 20000)"), N_("N") },
    { "time", 't', 0, G_OPTION_ARG_INT64, &time_ms, N_("Search this many milliseconds"), N_("MS") },
    { "top", 'k', 0, G_OPTION_ARG_INT64, &top, N_("Show the best K decisions (default 5; 0: all)"), N_("K") },
    { "threads", 'j', 0, G_OPTION_ARG_INT64, &threads, N_("Search with T threads (default 1)"), N_("T") },
    { "seed", 's', 0, G_OPTION_ARG_INT64, &seed, N_("Search seed (default 1)"), N_("S") },
    { "ply", 'p', 0, G_OPTION_ARG_INT64, &ply, N_("Position after the first P decisions of the main line (default: its end)"), N_("P") },
    { "playout", 0, 0, G_OPTION_ARG_STRING, &playout, N_("Playout policy: random or heuristic (default random)"), N_("POLICY") },
    { "exploration", 'c', 0, G_OPTION_ARG_DOUBLE, &exploration, N_("UCT exploration constant (default 1.0, the app’s hints; the computer players use 0.7)"), N_("C") },
    { "max-nodes", 0, 0, G_OPTION_ARG_INT64, &max_nodes, N_("Largest tree per thread, in nodes (default 2097152, 56 bytes each); the search ends when it is full"), N_("N") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print JSON"), NULL },
    { NULL, 0, 0, 0, NULL, NULL, NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (_("FILE"));

  g_option_context_set_summary (context, _("Search the position at the end of a record and rank the decisions of the player to move."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!imh_cli_parse (context, &argc, &argv))
    return IMH_CLI_USAGE;
  g_autofree char *playout_owned = playout;

  if (argc != 2)
    {
      imh_cli_error (_("expected exactly one record file"));
      return IMH_CLI_USAGE;
    }
  if (iterations < 0 || time_ms < 0 || top < 0 || threads < 1 || threads > 64)
    {
      imh_cli_error (_("--iterations, --time and --top must not be negative; --threads must be between 1 and 64"));
      return IMH_CLI_USAGE;
    }
  if (!(exploration > 0 && exploration <= 100))
    {
      imh_cli_error (_("--exploration must be a number above 0 and at most 100"));
      return IMH_CLI_USAGE;
    }
  if (max_nodes < 0 || max_nodes > UINT32_MAX || max_nodes == 1)
    {
      imh_cli_error (_("--max-nodes must be at least 2 (0: the default) and at most %u"), UINT32_MAX);
      return IMH_CLI_USAGE;
    }
  if (iterations > 0 && time_ms > 0)
    {
      imh_cli_error (_("give either --iterations or --time, not both"));
      return IMH_CLI_USAGE;
    }
  ImhPlayout policy = IMH_PLAYOUT_RANDOM;
  if (playout != NULL && g_strcmp0 (playout, "random") != 0)
    {
      if (g_strcmp0 (playout, "heuristic") == 0)
        policy = IMH_PLAYOUT_HEURISTIC;
      else
        {
          imh_cli_error (_("unknown playout policy “%s” (expected random or heuristic)"), playout);
          return IMH_CLI_USAGE;
        }
    }

  ImhRecord *rec;
  ImhState state;
  uint32_t at;
  int status = imh_cli_load_position (argv[1], ply, &rec, &at, &state);
  if (status != IMH_CLI_OK)
    return status;
  imh_record_free (rec);

  const ImhRules *rules = imh_rules_of (&state);
  if (rules->is_over (&state))
    {
      imh_cli_error (_("the game is over: there is nothing to hint"));
      return IMH_CLI_FAILED;
    }

  ImhSearchLimits lim;
  ImhSearchResult *res = malloc (sizeof *res);
  imh_search_limits_init (&lim);
  lim.iterations = (uint64_t) iterations;
  lim.time_ms = (uint32_t) time_ms;
  if (iterations == 0 && time_ms == 0)
    lim.iterations = 20000;
  lim.threads = (uint32_t) threads;
  lim.seed = (uint64_t) seed;
  lim.playout = policy;
  lim.max_nodes = (uint32_t) max_nodes;
  lim.exploration = exploration;
  if (res == NULL || !imh_search (&state, &lim, res))
    {
      free (res);
      imh_cli_error (_("the search failed"));
      return IMH_CLI_FAILED;
    }

  uint16_t shown = top == 0 || top > res->n ? res->n : (uint16_t) top;
  char dtext[IMH_DECISION_TEXT_MAX];
  if (json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();

      json_builder_begin_object (b);
      imh_cli_json_string (b, "game", rules->id);
      imh_cli_json_int (b, "actor", res->actor);
      imh_cli_json_int (b, "iterations", (gint64) res->iterations);
      imh_cli_json_int (b, "threads", res->threads);
      imh_cli_json_int (b, "elapsed_ms", res->elapsed_ms);
      imh_cli_json_fixed (b, "stable_from", res->stable_from, 4);
      imh_cli_json_bool (b, "full", res->full);
      json_builder_set_member_name (b, "candidates");
      json_builder_begin_array (b);
      for (uint16_t i = 0; i < shown; i++)
        {
          const ImhCandidate *c = &res->c[i];
          rules->decision_to_text (&state, c->decision, dtext, sizeof dtext);
          json_builder_begin_object (b);
          imh_cli_json_string (b, "decision", dtext);
          imh_cli_json_int (b, "visits", c->visits);
          imh_cli_json_fixed (b, "win", c->win, 4);
          imh_cli_json_fixed (b, "win_ci", c->win_ci, 4);
          imh_cli_json_fixed (b, "margin", c->margin, 3);
          imh_cli_json_fixed (b, "margin_ci", c->margin_ci, 3);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      json_builder_end_object (b);
      imh_cli_json_print (b, FALSE);
    }
  else
    {
      /* TRANSLATORS: header of the hint table; keep the columns short */
      printf (_("Player %d to move (%llu iterations, threads: %u, %u ms)\n"),
              res->actor + 1, (unsigned long long) res->iterations, res->threads, res->elapsed_ms);
      if (res->full)
        printf (_("The search ended early: its tree was full (%u nodes per thread; --max-nodes sets the limit).\n"),
                lim.max_nodes ? lim.max_nodes : IMH_SEARCH_DEFAULT_MAX_NODES);
      {
        g_autofree char *h_decision = imh_cli_pad (_("decision"), -14);
        g_autofree char *h_visits = imh_cli_pad (_("visits"), 9);
        g_autofree char *h_win = imh_cli_pad (_("win"), 16);
        g_autofree char *h_margin = imh_cli_pad (_("margin"), 18);
        printf ("%-4s %s %s %s %s\n", "#", h_decision, h_visits, h_win, h_margin);
      }
      for (uint16_t i = 0; i < shown; i++)
        {
          const ImhCandidate *c = &res->c[i];
          rules->decision_to_text (&state, c->decision, dtext, sizeof dtext);
          printf ("%-4u %-14s %9u %8.1f ± %5.1f %+8.2f ± %6.2f\n", (unsigned) i + 1, dtext,
                  c->visits, 100 * c->win, 100 * c->win_ci, c->margin, c->margin_ci);
        }
    }
  free (res);
  return IMH_CLI_OK;
}
