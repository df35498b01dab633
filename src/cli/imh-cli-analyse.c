/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-cli-analyse.c — `imhotep-cli analyse`: win probabilities, marks, luck. */
#define G_LOG_DOMAIN "imh-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "imh-analysis.h"
#include "imh-cli.h"
#include "imh-record.h"

int imh_cli_analyse (int argc, char **argv);

static void
progress_cb (void *user, uint32_t done, uint32_t total)
{
  gboolean *show = user;

  if (*show)
    {
      /* TRANSLATORS: progress on stderr while analysing; %u of %u decisions */
      fputc ('\r', stderr);
      fprintf (stderr, _("analysing: %u of %u decisions"), done, total);
      if (done == total)
        fputc ('\n', stderr);
      fflush (stderr);
    }
}

static const char *
mark_label (ImhMark mark)
{
  switch (mark)
    {
    case IMH_MARK_INACCURACY: return _("inaccuracy");
    case IMH_MARK_MISTAKE: return _("mistake");
    case IMH_MARK_BLUNDER: return _("blunder");
    default: return "";
    }
}

static void
print_text (const ImhAnalysis *a, const char *path)
{
  printf (_("Analysis of %s: %u decisions, depth %s, seed %llu, engine %s, %u ms\n"), path,
          a->n_plies, imh_analysis_depth_name (a->settings.depth),
          (unsigned long long) a->settings.seed, a->engine_version, a->elapsed_ms);
  /* TRANSLATORS: column headers of the analysis table; keep them short */
  printf ("%5s %-3s %-12s %15s %15s %7s %-12s %-11s %8s\n", _("ply"), _("pl."), _("played"),
          _("win before"), _("win after"), _("loss"), _("best"), _("mark"), _("luck"));
  for (uint32_t i = 0; i < a->n_plies; i++)
    {
      const ImhAnalysisPly *p = &a->plies[i];
      char luck[32] = "";

      if (p->chance)
        g_snprintf (luck, sizeof luck, "%+.1f", p->luck);
      printf ("%5u %-3d %-12s %6.1f ± %5.1f %6.1f ± %5.1f %7.1f %-12s %-11s %8s\n", p->ply + 1,
              p->mover + 1, p->played_text, 100 * p->win_before, 100 * p->win_before_ci,
              100 * p->win_after, 100 * p->win_after_ci, p->loss,
              p->best != p->played ? p->best_text : "", mark_label (p->mark), luck);
    }
  printf ("\n");
  for (int q = 0; q < a->n_players; q++)
    {
      const ImhAnalysisPlayer *p = &a->players[q];

      printf (_("Player %d: accuracy %.1f, total loss %.1f points over %u choices, "
                "%u inaccuracies, %u mistakes, %u blunders, luck %+.1f"),
              q + 1, p->accuracy, p->total_loss, p->choices, p->inaccuracies, p->mistakes,
              p->blunders, p->luck);
      if (p->has_result)
        printf (_(", result %.2f, luck-adjusted %.2f"), p->result, p->luck_adjusted);
      printf ("\n");
    }
}

int
imh_cli_analyse (int argc, char **argv)
{
  gint64 threads = 1, seed = 1;
  gboolean json = FALSE, quiet = FALSE;
  gchar *depth_name = NULL;
  GOptionEntry entries[] = {
    { "depth", 'd', 0, G_OPTION_ARG_STRING, &depth_name, N_("Depth: quick or standard (default standard)"), N_("DEPTH") },
    { "threads", 'j', 0, G_OPTION_ARG_INT64, &threads, N_("Analyse with T threads (default 1)"), N_("T") },
    { "seed", 's', 0, G_OPTION_ARG_INT64, &seed, N_("Analysis seed (default 1)"), N_("S") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print JSON"), NULL },
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &quiet, N_("Do not show progress"), NULL },
    { NULL, 0, 0, 0, NULL, NULL, NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (_("FILE"));
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  gsize len = 0;
  char why[256];
  ImhAnalysisSettings set;
  int depth = IMH_ANALYSIS_STANDARD;
  gboolean show_progress;

  g_option_context_set_summary (context, _("Analyse the main line of a record: the mover’s win probability before and after every decision, the loss against the best decision with marks (inaccuracy, mistake, blunder), luck of every draw, and a summary per player."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!imh_cli_parse (context, &argc, &argv))
    return IMH_CLI_USAGE;
  g_autofree char *depth_owned = depth_name;

  if (argc != 2)
    {
      imh_cli_error (_("expected exactly one record file"));
      return IMH_CLI_USAGE;
    }
  if (threads < 1 || threads > 64)
    {
      imh_cli_error (_("--threads must be between 1 and 64"));
      return IMH_CLI_USAGE;
    }
  if (depth_name != NULL)
    {
      depth = imh_analysis_depth_from_name (depth_name);
      if (depth < 0)
        {
          imh_cli_error (_("unknown depth “%s” (expected quick or standard)"), depth_name);
          return IMH_CLI_USAGE;
        }
    }

  if (!g_file_get_contents (argv[1], &text, &len, &error))
    {
      imh_cli_error ("%s", error->message);
      return IMH_CLI_FAILED;
    }
  ImhRecordError rerr = { 0 };
  ImhRecord *rec = imh_record_parse (text, len, &rerr);
  if (rec == NULL)
    {
      imh_cli_error ("%s:%u:%u: %s", argv[1], rerr.line, rerr.column, rerr.message);
      return IMH_CLI_FAILED;
    }

  imh_analysis_settings_init (&set, (ImhAnalysisDepth) depth);
  set.threads = (uint32_t) threads;
  set.seed = (uint64_t) seed;
  show_progress = !quiet && isatty (fileno (stderr));
  set.progress = progress_cb;
  set.user = &show_progress;

  ImhAnalysis *a = imh_analysis_run_record (rec, &set, why, sizeof why);
  imh_record_free (rec);
  if (a == NULL)
    {
      imh_cli_error (_("%s: the analysis failed: %s"), argv[1], why);
      return IMH_CLI_FAILED;
    }
  if (json)
    {
      char *j = imh_analysis_to_json (a);
      if (j != NULL)
        printf ("%s\n", j);
      free (j);
    }
  else
    print_text (a, argv[1]);
  imh_analysis_free (a);
  return IMH_CLI_OK;
}
