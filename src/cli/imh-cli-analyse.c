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
#include "imh-analysis-job.h"
#include "imh-cli.h"
#include "imh-cli-util.h"
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
  {
    static const struct { const char *text; int width; } columns[] = {
      /* TRANSLATORS: column headers of the analysis table; keep them short */
      { N_("ply"), 5 }, { N_("pl."), -3 }, { N_("played"), -12 }, { N_("win before"), 15 },
      { N_("win after"), 15 }, { N_("loss"), 7 }, { N_("best"), -12 }, { N_("mark"), -11 },
      { N_("luck"), 8 },
    };
    for (guint c = 0; c < G_N_ELEMENTS (columns); c++)
      {
        g_autofree char *cell = imh_cli_pad (_(columns[c].text), columns[c].width);
        printf (c > 0 ? " %s" : "%s", cell);
      }
    putchar ('\n');
  }
  for (uint32_t i = 0; i < a->n_plies; i++)
    {
      const ImhAnalysisPly *p = &a->plies[i];
      char luck[32] = "";

      if (p->chance)
        g_snprintf (luck, sizeof luck, "%+.1f", p->luck);
      g_autofree char *mark = imh_cli_pad (mark_label (p->mark), -11);

      printf ("%5u %-3d %-12s %6.1f ± %5.1f %6.1f ± %5.1f %7.1f %-12s %s %8s\n", p->ply + 1,
              p->mover + 1, p->played_text, 100 * p->win_before, 100 * p->win_before_ci,
              100 * p->win_after, 100 * p->win_after_ci, p->loss,
              p->best != p->played ? p->best_text : "", mark, luck);
    }
  printf ("\n");
  for (int q = 0; q < a->n_players; q++)
    {
      g_autofree char *line = imh_analysis_player_summary (a, (guint) q);
      printf ("%s\n", line);
    }
}

/* --game: analyse a library game through the core's job, which stores
 * the analysis with the game. */
static int
analyse_library_game (const char       *db,
                      gint64            game_id,
                      ImhAnalysisDepth  depth,
                      guint64           seed,
                      guint             threads,
                      gboolean          json)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhLibrary) library = imh_library_open (db, &error);
  g_autoptr(ImhAnalysisJob) job = NULL;
  g_autoptr(ImhAnalysisResult) result = NULL;
  g_autofree char *where = NULL;

  if (library == NULL)
    {
      imh_cli_error ("%s", error->message);
      return IMH_CLI_FAILED;
    }
  job = imh_analysis_job_new_for_game (library, game_id, &error);
  if (job == NULL)
    {
      imh_cli_error ("%s", error->message);
      return IMH_CLI_FAILED;
    }
  imh_analysis_job_set_depth (job, depth);
  imh_analysis_job_set_seed (job, seed);
  imh_analysis_job_set_threads (job, threads);
  result = imh_analysis_job_run (job, NULL, &error);
  if (result == NULL)
    {
      imh_cli_error ("%s", error->message);
      return IMH_CLI_FAILED;
    }
  if (json)
    {
      g_autofree char *j = imh_analysis_result_to_json (result);
      printf ("%s\n", j);
    }
  else
    {
      /* TRANSLATORS: names the analysed game in the table title */
      g_autofree char *id = g_strdup_printf ("%" G_GINT64_FORMAT, game_id);
      where = g_strdup_printf (_("game %s"), id);
      print_text (imh_analysis_result_get_analysis (result), where);
    }
  return IMH_CLI_OK;
}

int
imh_cli_analyse (int argc, char **argv)
{
  gint64 threads = 1, seed = 1, game_id = 0;
  gboolean json = FALSE, quiet = FALSE;
  gchar *depth_name = NULL, *db = NULL;
  GOptionEntry entries[] = {
    { "depth", 'd', 0, G_OPTION_ARG_STRING, &depth_name, N_("Depth: quick or standard (default standard)"), N_("DEPTH") },
    { "threads", 'j', 0, G_OPTION_ARG_INT64, &threads, N_("Analyse with T threads (default 1)"), N_("T") },
    { "seed", 's', 0, G_OPTION_ARG_INT64, &seed, N_("Analysis seed (default 1)"), N_("S") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print JSON"), NULL },
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &quiet, N_("Do not show progress"), NULL },
    { "game", 'g', 0, G_OPTION_ARG_INT64, &game_id, N_("Analyse game ID of the library (instead of FILE) and store the analysis with it"), N_("ID") },
    { "db", 0, 0, G_OPTION_ARG_FILENAME, &db, N_("The library database for --game (default: the app’s library)"), N_("PATH") },
    { NULL, 0, 0, 0, NULL, NULL, NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (_("[FILE]"));
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
  g_autofree char *db_owned = db;

  if (game_id != 0 ? argc != 1 : argc != 2)
    {
      imh_cli_error (game_id != 0 ? _("give either a record file or --game, not both")
                                  : _("expected exactly one record file"));
      return IMH_CLI_USAGE;
    }
  if (game_id < 0 || (db != NULL && game_id == 0))
    {
      imh_cli_error (_("--game needs a positive game id (--db only goes with --game)"));
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

  if (game_id != 0)
    return analyse_library_game (db, game_id, (ImhAnalysisDepth) depth, (guint64) seed,
                                 (guint) threads, json);

  text = imh_cli_read_record_file (argv[1], &len);
  if (text == NULL)
    return IMH_CLI_FAILED;
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
