/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-cli-show.c — `imhotep-cli show`: a position of a record as text or JSON. */
#define G_LOG_DOMAIN "imh-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <stdlib.h>

#include "imh-cli.h"
#include "imh-cli-util.h"
#include "imh-json.h"

int imh_cli_show (int argc, char **argv);

static char *
state_json (const ImhRules *rules, const ImhState *s)
{
  int n = rules->to_json (s, NULL, 0);
  char *buf = g_malloc ((gsize) n + 1);

  rules->to_json (s, buf, (size_t) n + 1);
  return buf;
}

static void
print_json (const ImhRecord *r, const ImhState *s, uint32_t ply)
{
  const ImhRules *rules = r->rules;
  g_autofree char *state = state_json (rules, s);
  ImhScore sc;
  ImhJson j;
  char small[1];
  int n;
  char *buf = NULL;

  rules->score (s, &sc);
  /* The generic envelope: record facts, the engine's state JSON, the score. */
  imh_json_init (&j, small, 0);
  for (int pass = 0; pass < 2; pass++)
    {
      if (pass == 1)
        {
          n = imh_json_finish (&j);
          buf = g_malloc ((gsize) n + 1);
          imh_json_init (&j, buf, (size_t) n + 1);
        }
      imh_json_raw (&j, "{\"record\":{\"game\":");
      imh_json_string (&j, rules->id);
      imh_json_printf (&j, ",\"ply\":%u,\"plies\":%u,\"turn\":%u,\"actor\":%d,\"over\":%s,\"players\":[",
                       ply, imh_record_line_end (&r->main), rules->turn_index (s), rules->actor (s),
                       rules->is_over (s) ? "true" : "false");
      for (int p = 0; p < r->options.n_players; p++)
        {
          imh_json_raw (&j, p > 0 ? ",{\"name\":" : "{\"name\":");
          imh_json_string (&j, r->players[p].name);
          imh_json_raw (&j, ",\"kind\":");
          imh_json_string (&j, r->players[p].kind);
          imh_json_raw (&j, "}");
        }
      imh_json_raw (&j, "]},\"state\":");
      imh_json_raw (&j, state);
      imh_json_printf (&j, ",\"score\":{\"final\":%s,\"categories\":[", sc.final ? "true" : "false");
      for (int c = 0; c < sc.n_categories; c++)
        {
          imh_json_raw (&j, c > 0 ? "," : "");
          imh_json_string (&j, rules->category_ids[c]);
        }
      imh_json_raw (&j, "],\"points\":[");
      for (int p = 0; p < sc.n_players; p++)
        {
          imh_json_raw (&j, p > 0 ? ",[" : "[");
          for (int c = 0; c < sc.n_categories; c++)
            imh_json_printf (&j, "%s%d", c > 0 ? "," : "", sc.points[p][c]);
          imh_json_raw (&j, "]");
        }
      imh_json_raw (&j, "],\"total\":[");
      for (int p = 0; p < sc.n_players; p++)
        imh_json_printf (&j, "%s%d", p > 0 ? "," : "", sc.total[p]);
      imh_json_raw (&j, "],\"rank\":[");
      for (int p = 0; p < sc.n_players; p++)
        imh_json_printf (&j, "%s%d", p > 0 ? "," : "", sc.rank[p]);
      imh_json_printf (&j, "],\"tiebreak\":%d}}", sc.tiebreak);
    }
  imh_json_finish (&j);
  printf ("%s\n", buf);
  g_free (buf);
}

int
imh_cli_show (int argc, char **argv)
{
  gint64 ply = -1;
  gboolean json = FALSE;
  GOptionEntry entries[] = {
    { "ply", 'p', 0, G_OPTION_ARG_INT64, &ply, N_("Position after the first P decisions of the main line (default: its end)"), N_("P") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print JSON (schema in docs/cli.md)"), NULL },
    { NULL, 0, 0, 0, NULL, NULL, NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (_("FILE"));
  ImhRecord *r;
  ImhState s;
  uint32_t at;
  int status;

  g_option_context_set_summary (context, _("Show a position of a record with its score breakdown."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!imh_cli_parse (context, &argc, &argv))
    return IMH_CLI_USAGE;
  if (argc != 2)
    {
      imh_cli_error (_("expected exactly one record file"));
      return IMH_CLI_USAGE;
    }
  status = imh_cli_load_position (argv[1], ply, &r, &at, &s);
  if (status != IMH_CLI_OK)
    return status;
  if (json)
    print_json (r, &s, at);
  else
    {
      const ImhRules *rules = r->rules;
      int actor = rules->actor (&s);

      printf (_("Ply %u of %u."), (unsigned) at, imh_record_line_end (&r->main));
      if (actor >= 0)
        {
          g_autofree char *who = g_strdup_printf (_("%s (player %d) decides."),
                                                  r->players[actor].name, actor + 1);
          printf (" %s\n", who);
        }
      else
        printf (" %s\n", _("The game is over."));
      if (rules->to_text != NULL)
        {
          int n = rules->to_text (&s, NULL, 0);
          char *buf = g_malloc ((gsize) n + 1);
          rules->to_text (&s, buf, (size_t) n + 1);
          fputs (buf, stdout);
          g_free (buf);
        }
      else
        {
          g_autofree char *state = state_json (rules, &s);
          printf ("%s\n", state);
        }
      putchar ('\n');
      imh_cli_print_score (stdout, r, &s);
    }
  imh_record_free (r);
  return IMH_CLI_OK;
}
