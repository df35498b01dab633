/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-cli-play.c — `imhotep-cli play`: validate decisions and append them to a record. */
#define G_LOG_DOMAIN "imh-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "imh-cli.h"
#include "imh-cli-util.h"

int imh_cli_play (int argc, char **argv);

int
imh_cli_play (int argc, char **argv)
{
  g_autofree char *out = NULL;
  GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &out, N_("Write the result to FILE instead of replacing the record"), N_("FILE") },
    { NULL, 0, 0, 0, NULL, NULL, NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (_("FILE DECISION…"));
  ImhRecord *r;
  ImhState s;
  ImhRecordError err;
  int status = IMH_CLI_OK;

  g_option_context_set_summary (context, _("Check decisions (in notation, one argument each, e.g. \"P b2\") and append them to the main line of a record."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!imh_cli_parse (context, &argc, &argv))
    return IMH_CLI_USAGE;
  if (argc < 3)
    {
      imh_cli_error (_("expected a record file and at least one decision"));
      return IMH_CLI_USAGE;
    }
  r = imh_cli_load_record (argv[1]);
  if (r == NULL)
    return IMH_CLI_FAILED;
  if (!imh_record_replay (r, NULL, imh_record_line_end (&r->main), &s, &err))
    {
      imh_cli_error (_("%s:%u:%u: invalid record: %s"), argv[1], err.line, err.column, err.message);
      imh_record_free (r);
      return IMH_CLI_FAILED;
    }
  for (int i = 2; i < argc; i++)
    {
      ImhDecision d;
      if (r->rules->is_over (&s))
        {
          imh_cli_error (_("the game is over: “%s” cannot be played"), argv[i]);
          status = IMH_CLI_FAILED;
          break;
        }
      if (!r->rules->decision_from_text (&s, argv[i], &d) || !r->rules->is_legal (&s, d))
        {
          imh_cli_error (_("“%s” is not a legal decision here (ply %u); see “imhotep-cli legal”"),
                         argv[i], imh_record_line_end (&r->main));
          status = IMH_CLI_FAILED;
          break;
        }
      r->rules->apply (&s, d);
      imh_record_line_append (&r->main, d);
    }
  if (status == IMH_CLI_OK)
    {
      if (r->rules->is_over (&s))
        {
          g_autofree char *now = imh_cli_now_iso ();
          imh_record_set_outcome (r, &s);
          if (r->ended == NULL)
            imh_record_set_date (r, TRUE, now);
        }
      if (!imh_cli_save_record (out != NULL ? out : argv[1], r))
        status = IMH_CLI_FAILED;
    }
  imh_record_free (r);
  return status;
}
