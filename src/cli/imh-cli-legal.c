/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-cli-legal.c — `imhotep-cli legal`: the legal decisions at the end of a record. */
#define G_LOG_DOMAIN "imh-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "imh-cli.h"
#include "imh-cli-util.h"

int imh_cli_legal (int argc, char **argv);

int
imh_cli_legal (int argc, char **argv)
{
  gint64 ply = -1;
  GOptionEntry entries[] = {
    { "ply", 'p', 0, G_OPTION_ARG_INT64, &ply, N_("Position after the first P decisions of the main line (default: its end)"), N_("P") },
    { NULL, 0, 0, 0, NULL, NULL, NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (_("FILE"));
  ImhRecord *r;
  ImhState s;
  uint32_t at;
  int status;
  ImhDecisionList list;

  g_option_context_set_summary (context, _("Print the legal decisions at the end of a record, one per line, in notation."));
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
  r->rules->legal (&s, &list);
  for (int i = 0; i < list.n; i++)
    {
      char text[IMH_DECISION_TEXT_MAX];
      r->rules->decision_to_text (&s, list.d[i], text, sizeof text);
      printf ("%s\n", text);
    }
  imh_record_free (r);
  return IMH_CLI_OK;
}
