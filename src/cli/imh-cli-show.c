/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-cli-show.c — `imhotep-cli show`: a position of a record as text or JSON. */
#define G_LOG_DOMAIN "imh-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <stdlib.h>

#include "imh-cli.h"
#include "imh-cli-util.h"

int imh_cli_show (int argc, char **argv);

static char *
state_json (const ImhRules *rules, const ImhState *s)
{
  int n = rules->to_json (s, NULL, 0);
  char *buf = g_malloc ((gsize) n + 1);

  rules->to_json (s, buf, (size_t) n + 1);
  return buf;
}

/* The generic envelope: record facts, the engine's state JSON, the score. */
static gboolean
print_json (const ImhRecord *r, const ImhState *s, uint32_t ply)
{
  const ImhRules *rules = r->rules;
  g_autofree char *state = state_json (rules, s);
  g_autoptr(JsonBuilder) b = json_builder_new ();
  ImhScore sc;

  rules->score (s, &sc);
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "record");
  json_builder_begin_object (b);
  imh_cli_json_string (b, "game", rules->id);
  imh_cli_json_int (b, "ply", ply);
  imh_cli_json_int (b, "plies", imh_record_line_end (&r->main));
  imh_cli_json_int (b, "turn", rules->turn_index (s));
  imh_cli_json_int (b, "actor", rules->actor (s));
  imh_cli_json_bool (b, "over", rules->is_over (s));
  json_builder_set_member_name (b, "players");
  json_builder_begin_array (b);
  for (int p = 0; p < r->options.n_players; p++)
    {
      json_builder_begin_object (b);
      imh_cli_json_string (b, "name", r->players[p].name);
      imh_cli_json_string (b, "kind", r->players[p].kind);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);

  if (!imh_cli_json_embed (b, "state", state))
    return FALSE;

  json_builder_set_member_name (b, "score");
  json_builder_begin_object (b);
  imh_cli_json_bool (b, "final", sc.final);
  json_builder_set_member_name (b, "categories");
  json_builder_begin_array (b);
  for (int c = 0; c < sc.n_categories; c++)
    imh_cli_json_string (b, NULL, rules->category_ids[c]);
  json_builder_end_array (b);
  json_builder_set_member_name (b, "points");
  json_builder_begin_array (b);
  for (int p = 0; p < sc.n_players; p++)
    {
      json_builder_begin_array (b);
      for (int c = 0; c < sc.n_categories; c++)
        imh_cli_json_int (b, NULL, sc.points[p][c]);
      json_builder_end_array (b);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "total");
  json_builder_begin_array (b);
  for (int p = 0; p < sc.n_players; p++)
    imh_cli_json_int (b, NULL, sc.total[p]);
  json_builder_end_array (b);
  json_builder_set_member_name (b, "rank");
  json_builder_begin_array (b);
  for (int p = 0; p < sc.n_players; p++)
    imh_cli_json_int (b, NULL, sc.rank[p]);
  json_builder_end_array (b);
  imh_cli_json_int (b, "tiebreak", sc.tiebreak);
  json_builder_end_object (b);
  json_builder_end_object (b);
  imh_cli_json_print (b, FALSE);
  return TRUE;
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
    {
      if (!print_json (r, &s, at))
        status = IMH_CLI_FAILED;
    }
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
  return status;
}
