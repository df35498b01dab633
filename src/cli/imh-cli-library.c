/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-cli-library.c — `imhotep-cli library`: the game library from the command line. */
#define G_LOG_DOMAIN "imh-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "imh-cli.h"
#include "imh-cli-util.h"
#include "imh-cli-practice.h"
#include "imh-library-model.h"
#include "imh-library-private.h"

int imh_cli_library (int argc, char **argv);

static char *opt_db = NULL;

static const GOptionEntry db_entries[] = {
  { "db", 0, 0, G_OPTION_ARG_FILENAME, &opt_db, N_("The library database (default: the app’s library)"), N_("PATH") },
  { NULL }
};

static ImhLibrary *
open_library (void)
{
  g_autoptr(GError) error = NULL;
  ImhLibrary *library = imh_library_open (opt_db, &error);

  if (library == NULL)
    {
      imh_cli_error (_("cannot open the library: %s"), error->message);
      return NULL;
    }
  if (imh_library_get_open_message (library) != NULL)
    fprintf (stderr, "imhotep-cli: %s\n", imh_library_get_open_message (library));
  return library;
}

static const char *
game_name (ImhGameSummary *s)
{
  static char buf[64];

  if (imh_game_summary_get_game (s) == IMH_GAME_DUEL)
    return _("Duel");
  g_snprintf (buf, sizeof buf, _("Imhotep, %u players"), imh_game_summary_get_n_players (s));
  return buf;
}

static void
print_summaries (GPtrArray *rows, gboolean json)
{
  if (json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();

      json_builder_begin_array (b);
      for (guint i = 0; i < rows->len; i++)
        {
          ImhGameSummary *s = rows->pdata[i];
          const ImhRules *rules = imh_rules_get ((ImhGameKind) imh_game_summary_get_game (s));

          json_builder_begin_object (b);
          imh_cli_json_int (b, "id", imh_game_summary_get_id (s));
          imh_cli_json_string (b, "game", rules != NULL ? rules->id : "");
          imh_cli_json_int (b, "players", imh_game_summary_get_n_players (s));
          imh_cli_json_string (b, "names", imh_game_summary_get_players (s));
          imh_cli_json_string (b, "sides", imh_game_summary_get_sides (s));
          imh_cli_json_int (b, "started", imh_game_summary_get_started (s));
          imh_cli_json_bool (b, "finished", imh_game_summary_get_finished (s));
          imh_cli_json_int (b, "winner", imh_game_summary_get_winner (s));
          imh_cli_json_string (b, "scores", imh_game_summary_get_scores (s));
          imh_cli_json_int (b, "length", imh_game_summary_get_length (s));
          imh_cli_json_int (b, "turns", imh_game_summary_get_turns (s));
          imh_cli_json_bool (b, "starred", imh_game_summary_get_starred (s));
          imh_cli_json_string (b, "tags", imh_game_summary_get_tags (s));
          imh_cli_json_string (b, "notes", imh_game_summary_get_notes (s));
          if (imh_game_summary_get_deleted (s) != 0)
            imh_cli_json_int (b, "deleted", imh_game_summary_get_deleted (s));
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      imh_cli_json_print (b, TRUE);
      return;
    }

  for (guint i = 0; i < rows->len; i++)
    {
      ImhGameSummary *s = rows->pdata[i];
      g_autoptr(GDateTime) dt = g_date_time_new_from_unix_local (imh_game_summary_get_started (s));
      g_autofree char *date = dt != NULL ? g_date_time_format (dt, "%Y-%m-%d %H:%M") : g_strdup ("");
      const char *result = imh_game_summary_get_finished (s) ? imh_game_summary_get_scores (s) : _("unfinished");

      g_autofree char *game = imh_cli_pad (game_name (s), -20);
      g_autofree char *players = imh_cli_cell (imh_game_summary_get_players (s), -32);
      g_autofree char *result_cell = imh_cli_pad (result, -14);

      printf ("%7" G_GINT64_FORMAT "  %s  %s  %s  %s %4u %s\n", imh_game_summary_get_id (s), date,
              game, players, result_cell, imh_game_summary_get_length (s),
              imh_game_summary_get_starred (s) ? "★" : "");
    }
}

/* library list / search */
static int
run_list (int argc, char **argv, gboolean search)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(ImhLibrary) library = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) ids = NULL;
  g_autoptr(GPtrArray) rows = NULL;
  ImhLibraryQuery q;
  g_autofree char *game = NULL, *sort = NULL, *tag = NULL, *sides = NULL;
  gboolean finished = FALSE, unfinished = FALSE, starred = FALSE, ascending = FALSE, json = FALSE, analysed = FALSE;
  int players = 0, limit = 50;
  int status = IMH_CLI_OK;
  GOptionEntry entries[] = {
    { "game", 0, 0, G_OPTION_ARG_STRING, &game, N_("Only this game: duel or classic"), N_("GAME") },
    { "players", 0, 0, G_OPTION_ARG_INT, &players, N_("Only games with this many players"), N_("N") },
    { "sides", 0, 0, G_OPTION_ARG_STRING, &sides, N_("Only games with these sides, e.g. ABBAB"), N_("SIDES") },
    { "finished", 0, 0, G_OPTION_ARG_NONE, &finished, N_("Only finished games"), NULL },
    { "unfinished", 0, 0, G_OPTION_ARG_NONE, &unfinished, N_("Only unfinished games"), NULL },
    { "starred", 0, 0, G_OPTION_ARG_NONE, &starred, N_("Only starred games"), NULL },
    { "analysed", 0, 0, G_OPTION_ARG_NONE, &analysed, N_("Only analysed games"), NULL },
    { "tag", 0, 0, G_OPTION_ARG_STRING, &tag, N_("Only games with this tag"), N_("TAG") },
    { "sort", 0, 0, G_OPTION_ARG_STRING, &sort, N_("Order: date, game, players, result, length or starred"), N_("ORDER") },
    { "ascending", 0, 0, G_OPTION_ARG_NONE, &ascending, N_("Ascending order (default: descending)"), NULL },
    { "limit", 0, 0, G_OPTION_ARG_INT, &limit, N_("Show at most N games (0: all)"), N_("N") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print JSON"), NULL },
    { NULL }
  };
  static const char *const sorts[] = { "date", "game", "players", "result", "length", "starred" };

  context = g_option_context_new (search ? _("WORD…") : NULL);
  g_option_context_set_summary (context, search ? _("Find games by player names, notes and tags.")
                                                : _("List the games of the library."));
  g_option_context_add_main_entries (context, db_entries, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!imh_cli_parse (context, &argc, &argv))
    return IMH_CLI_USAGE;

  imh_library_query_init (&q);
  if (search)
    {
      if (argc < 2)
        {
          imh_cli_error (_("search needs at least one word"));
          return IMH_CLI_USAGE;
        }
      q.search = g_strjoinv (" ", argv + 1);
    }
  else if (argc > 1)
    {
      imh_cli_error (_("unexpected argument “%s”"), argv[1]);
      return IMH_CLI_USAGE;
    }
  if (game != NULL)
    {
      const ImhRules *rules = imh_rules_from_id (game);
      if (rules == NULL)
        {
          imh_cli_error (_("unknown game “%s” (expected duel or classic)"), game);
          imh_library_query_clear (&q);
          return IMH_CLI_USAGE;
        }
      q.game = rules->kind;
    }
  if (players != 0 && (players < 2 || players > IMH_MAX_PLAYERS))
    {
      imh_cli_error (_("the number of players must be 2, 3 or 4"));
      imh_library_query_clear (&q);
      return IMH_CLI_USAGE;
    }
  if (limit < 0)
    {
      imh_cli_error (_("the limit must not be negative"));
      imh_library_query_clear (&q);
      return IMH_CLI_USAGE;
    }
  q.n_players = players;
  q.sides = g_strdup (sides);
  q.tag = g_strdup (tag);
  if (finished && unfinished)
    {
      imh_cli_error (_("--finished and --unfinished exclude each other"));
      imh_library_query_clear (&q);
      return IMH_CLI_USAGE;
    }
  if (finished || unfinished)
    q.finished = finished ? IMH_LIBRARY_YES : IMH_LIBRARY_NO;
  if (starred)
    q.starred = IMH_LIBRARY_YES;
  if (analysed)
    q.analysed = IMH_LIBRARY_YES;
  q.descending = !ascending;
  if (sort != NULL)
    {
      guint i;
      for (i = 0; i < G_N_ELEMENTS (sorts) && strcmp (sorts[i], sort) != 0; i++)
        ;
      if (i == G_N_ELEMENTS (sorts))
        {
          imh_cli_error (_("unknown order “%s” (expected date, game, players, result, length or starred)"), sort);
          imh_library_query_clear (&q);
          return IMH_CLI_USAGE;
        }
      q.sort = (ImhLibrarySort) i;
    }

  library = open_library ();
  if (library == NULL)
    {
      imh_library_query_clear (&q);
      return IMH_CLI_FAILED;
    }
  ids = imh_library_query_ids (library, &q, &error);
  if (ids != NULL)
    rows = imh_library_get_summaries (library, (const gint64 *) (gpointer) ids->data,
                                      limit > 0 ? MIN ((guint) limit, ids->len) : ids->len, &error);
  if (rows == NULL)
    {
      imh_cli_error ("%s", error->message);
      status = IMH_CLI_FAILED;
    }
  else
    {
      print_summaries (rows, json);
      if (!json && rows->len < ids->len)
        printf (_("(%u of %u games shown)\n"), rows->len, ids->len);
    }
  imh_library_query_clear (&q);
  return status;
}

static int
run_import (int argc, char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new (_("FILE-OR-FOLDER…"));
  g_autoptr(ImhLibrary) library = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhLibraryImportReport) report = NULL;
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);
  guint n_imported, n_rejected, n_broken;

  g_option_context_set_summary (context, _("Import .imhotep files (folders are searched recursively). "
                                           "Duplicates and broken files are reported and skipped."));
  g_option_context_add_main_entries (context, db_entries, GETTEXT_PACKAGE);
  if (!imh_cli_parse (context, &argc, &argv))
    return IMH_CLI_USAGE;
  if (argc < 2)
    {
      imh_cli_error (_("import needs at least one file or folder"));
      return IMH_CLI_USAGE;
    }
  for (int i = 1; i < argc; i++)
    g_ptr_array_add (files, g_file_new_for_commandline_arg (argv[i]));

  library = open_library ();
  if (library == NULL)
    return IMH_CLI_FAILED;
  report = imh_library_import (library, (GFile * const *) files->pdata, files->len, NULL, &error);
  if (report == NULL)
    {
      imh_cli_error ("%s", error->message);
      return IMH_CLI_FAILED;
    }
  imh_library_import_report_get_imported (report, &n_imported);
  n_rejected = imh_library_import_report_get_n_rejected (report);
  n_broken = n_rejected - imh_library_import_report_get_n_duplicates (report);
  printf (g_dngettext (GETTEXT_PACKAGE, "Imported %u game.\n", "Imported %u games.\n", n_imported), n_imported);
  if (imh_library_import_report_get_n_duplicates (report) > 0)
    printf (g_dngettext (GETTEXT_PACKAGE, "Skipped %u duplicate.\n", "Skipped %u duplicates.\n",
                         imh_library_import_report_get_n_duplicates (report)),
            imh_library_import_report_get_n_duplicates (report));
  for (guint i = 0; i < n_rejected; i++)
    fprintf (stderr, "%s: %s\n", imh_library_import_report_get_rejected_path (report, i),
             imh_library_import_report_get_rejected_reason (report, i));
  return n_broken > 0 ? IMH_CLI_FAILED : IMH_CLI_OK;
}

static gboolean
parse_ids (int argc, char **argv, GArray *ids)
{
  for (int i = 1; i < argc; i++)
    {
      guint64 v;
      if (!g_ascii_string_to_unsigned (argv[i], 10, 1, G_MAXINT64, &v, NULL))
        {
          imh_cli_error (_("“%s” is not a game id"), argv[i]);
          return FALSE;
        }
      g_array_append_val (ids, v);
    }
  return TRUE;
}

static int
run_export (int argc, char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new (_("[ID…]"));
  g_autoptr(ImhLibrary) library = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autofree char *out = NULL, *single = NULL;
  gboolean all = FALSE;
  GOptionEntry entries[] = {
    { "out", 'o', 0, G_OPTION_ARG_FILENAME, &out, N_("Write one file per game into this folder"), N_("FOLDER") },
    { "single", 0, 0, G_OPTION_ARG_FILENAME, &single, N_("Write all games into this one file"), N_("FILE") },
    { "all", 0, 0, G_OPTION_ARG_NONE, &all, N_("Export every game"), NULL },
    { NULL }
  };

  g_option_context_set_summary (context, _("Export games to .imhotep files."));
  g_option_context_add_main_entries (context, db_entries, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!imh_cli_parse (context, &argc, &argv))
    return IMH_CLI_USAGE;
  if ((out == NULL) == (single == NULL))
    {
      imh_cli_error (_("give either --out FOLDER or --single FILE"));
      return IMH_CLI_USAGE;
    }
  if (!parse_ids (argc, argv, ids))
    return IMH_CLI_USAGE;
  if (all == (ids->len > 0))
    {
      imh_cli_error (_("give either game ids or --all"));
      return IMH_CLI_USAGE;
    }

  library = open_library ();
  if (library == NULL)
    return IMH_CLI_FAILED;
  if (all)
    {
      ImhLibraryQuery q;
      imh_library_query_init (&q);
      q.descending = FALSE;
      g_clear_pointer (&ids, g_array_unref);
      ids = imh_library_query_ids (library, &q, &error);
      if (ids == NULL)
        {
          imh_cli_error ("%s", error->message);
          return IMH_CLI_FAILED;
        }
    }
  if (out != NULL)
    {
      g_autoptr(GFile) folder = g_file_new_for_commandline_arg (out);
      int n = imh_library_export (library, (const gint64 *) (gpointer) ids->data, ids->len, folder, &error);
      if (n < 0)
        {
          imh_cli_error ("%s", error->message);
          return IMH_CLI_FAILED;
        }
      printf (g_dngettext (GETTEXT_PACKAGE, "Exported %u game.\n", "Exported %u games.\n", (guint) n), (guint) n);
    }
  else
    {
      g_autoptr(GFile) file = g_file_new_for_commandline_arg (single);
      if (!imh_library_export_to_file (library, (const gint64 *) (gpointer) ids->data, ids->len, file, &error))
        {
          imh_cli_error ("%s", error->message);
          return IMH_CLI_FAILED;
        }
      printf (g_dngettext (GETTEXT_PACKAGE, "Exported %u game.\n", "Exported %u games.\n", ids->len), ids->len);
    }
  return IMH_CLI_OK;
}

/* library delete / restore ID… */
static int
run_delete_or_restore (int argc, char **argv, gboolean restore)
{
  g_autoptr(GOptionContext) context = g_option_context_new (_("ID…"));
  g_autoptr(ImhLibrary) library = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autofree char *summary = NULL;
  const gint64 *v;

  if (restore)
    summary = g_strdup (_("Take games out of the trash."));
  else
    summary = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                            "Move games to the trash (kept for %d day, then removed for good).",
                                            "Move games to the trash (kept for %d days, then removed for good).",
                                            IMH_LIBRARY_TRASH_DAYS), IMH_LIBRARY_TRASH_DAYS);
  g_option_context_set_summary (context, summary);
  g_option_context_add_main_entries (context, db_entries, GETTEXT_PACKAGE);
  if (!imh_cli_parse (context, &argc, &argv))
    return IMH_CLI_USAGE;
  if (!parse_ids (argc, argv, ids))
    return IMH_CLI_USAGE;
  if (ids->len == 0)
    {
      imh_cli_error (_("give at least one game id"));
      return IMH_CLI_USAGE;
    }
  library = open_library ();
  if (library == NULL)
    return IMH_CLI_FAILED;
  v = (const gint64 *) (gpointer) ids->data;

  if (!restore)
    {
      g_autoptr(ImhLibraryDeleted) deleted = imh_library_delete (library, v, ids->len, &error);
      guint n;

      if (deleted == NULL)
        {
          imh_cli_error ("%s", error->message);
          return IMH_CLI_FAILED;
        }
      n = imh_library_deleted_get_n_games (deleted);
      printf (g_dngettext (GETTEXT_PACKAGE, "Moved %u game to the trash.\n",
                           "Moved %u games to the trash.\n", n), n);
      return IMH_CLI_OK;
    }

  /* Every id must be in the trash before anything is restored. */
  for (guint i = 0; i < ids->len; i++)
    {
      gint64 when = imh_library_get_deleted_time (library, v[i], &error);
      if (error != NULL)
        {
          imh_cli_error ("%s", error->message);
          return IMH_CLI_FAILED;
        }
      if (when == 0)
        {
          imh_cli_error (_("game %lld is not in the trash"), (long long) v[i]);
          return IMH_CLI_FAILED;
        }
    }
  if (!imh_library_restore_from_trash (library, v, ids->len, &error))
    {
      imh_cli_error ("%s", error->message);
      return IMH_CLI_FAILED;
    }
  printf (g_dngettext (GETTEXT_PACKAGE, "Restored %u game.\n", "Restored %u games.\n", ids->len), ids->len);
  return IMH_CLI_OK;
}

/* library trash: the games in the trash, the newest deletion first */
static int
run_trash (int argc, char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(ImhLibrary) library = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) ids = NULL;
  g_autoptr(GPtrArray) rows = NULL;
  gboolean json = FALSE;
  ImhLibraryQuery q;
  g_autofree char *summary = NULL;
  GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print JSON"), NULL },
    { NULL }
  };

  summary = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                          "List the games in the trash (deleted games are kept for %d day, then removed for good).",
                                          "List the games in the trash (deleted games are kept for %d days, then removed for good).",
                                          IMH_LIBRARY_TRASH_DAYS), IMH_LIBRARY_TRASH_DAYS);
  g_option_context_set_summary (context, summary);
  g_option_context_add_main_entries (context, db_entries, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!imh_cli_parse (context, &argc, &argv))
    return IMH_CLI_USAGE;
  if (argc > 1)
    {
      imh_cli_error (_("unexpected argument “%s”"), argv[1]);
      return IMH_CLI_USAGE;
    }
  library = open_library ();
  if (library == NULL)
    return IMH_CLI_FAILED;
  imh_library_query_init (&q);
  q.trash = TRUE;
  ids = imh_library_query_ids (library, &q, &error);
  if (ids != NULL)
    rows = imh_library_get_summaries (library, (const gint64 *) (gpointer) ids->data, ids->len, &error);
  imh_library_query_clear (&q);
  if (rows == NULL)
    {
      imh_cli_error ("%s", error->message);
      return IMH_CLI_FAILED;
    }
  if (json)
    {
      print_summaries (rows, TRUE);
      return IMH_CLI_OK;
    }
  for (guint i = 0; i < rows->len; i++)
    {
      ImhGameSummary *s = rows->pdata[i];
      gint64 deleted = imh_game_summary_get_deleted (s);
      g_autoptr(GDateTime) dt = g_date_time_new_from_unix_local (deleted);
      g_autoptr(GDateTime) gone = g_date_time_new_from_unix_local (deleted + (gint64) IMH_LIBRARY_TRASH_DAYS * 86400);
      g_autofree char *date = dt != NULL ? g_date_time_format (dt, "%Y-%m-%d %H:%M") : g_strdup ("");
      g_autofree char *until = gone != NULL ? g_date_time_format (gone, "%Y-%m-%d") : g_strdup ("");
      g_autofree char *when = g_strdup_printf (_("deleted %s, removed after %s"), date, until);
      g_autofree char *game = imh_cli_pad (game_name (s), -20);

      printf ("%7" G_GINT64_FORMAT "  %s  %s  %s\n", imh_game_summary_get_id (s), when,
              game, imh_game_summary_get_players (s));
    }
  if (rows->len == 0)
    printf ("%s\n", _("The trash is empty."));
  return IMH_CLI_OK;
}

/* library empty-trash */
static int
run_empty_trash (int argc, char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(ImhLibrary) library = NULL;
  g_autoptr(GError) error = NULL;
  guint n = 0;

  g_option_context_set_summary (context, _("Remove the games in the trash for good."));
  g_option_context_add_main_entries (context, db_entries, GETTEXT_PACKAGE);
  if (!imh_cli_parse (context, &argc, &argv))
    return IMH_CLI_USAGE;
  if (argc > 1)
    {
      imh_cli_error (_("unexpected argument “%s”"), argv[1]);
      return IMH_CLI_USAGE;
    }
  library = open_library ();
  if (library == NULL)
    return IMH_CLI_FAILED;
  if (!imh_library_empty_trash (library, &n, &error))
    {
      imh_cli_error ("%s", error->message);
      return IMH_CLI_FAILED;
    }
  printf (g_dngettext (GETTEXT_PACKAGE, "Removed %u game for good.\n", "Removed %u games for good.\n", n), n);
  return IMH_CLI_OK;
}

static int
run_stats (int argc, char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(ImhLibrary) library = NULL;
  g_autoptr(GError) error = NULL;
  ImhLibraryStats st;
  g_auto(GStrv) names = NULL;
  g_autofree char *game = NULL, *since = NULL;
  gboolean json = FALSE;
  GOptionEntry entries[] = {
    { "player", 0, 0, G_OPTION_ARG_STRING_ARRAY, &names, N_("Statistics of the games of this player (repeatable)"), N_("NAME") },
    { "game", 0, 0, G_OPTION_ARG_STRING, &game, N_("Only this game: duel or classic"), N_("GAME") },
    { "since", 0, 0, G_OPTION_ARG_STRING, &since, N_("Only games started on or after this day"), N_("YYYY-MM-DD") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print JSON"), NULL },
    { NULL }
  };

  g_option_context_set_summary (context, _("Show totals of the library, or with --player the statistics "
                                           "of that player’s games."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, db_entries, GETTEXT_PACKAGE);
  if (!imh_cli_parse (context, &argc, &argv))
    return IMH_CLI_USAGE;
  if (argc > 1)
    {
      imh_cli_error (_("unexpected argument “%s”"), argv[1]);
      return IMH_CLI_USAGE;
    }
  if (names == NULL && (game != NULL || since != NULL || json))
    {
      imh_cli_error (_("--game, --since and --json need --player"));
      return IMH_CLI_USAGE;
    }
  if (names != NULL && !imh_cli_practice_check_stats_args (names, game, since))
    return IMH_CLI_USAGE;
  library = open_library ();
  if (library == NULL)
    return IMH_CLI_FAILED;
  if (names != NULL)
    return imh_cli_practice_stats (library, names, game, since, json);
  if (!imh_library_get_stats (library, &st, &error))
    {
      imh_cli_error ("%s", error->message);
      return IMH_CLI_FAILED;
    }
  printf ("%s %s\n", _("Library:"), imh_library_get_path (library));
  printf ("%s %" G_GUINT64_FORMAT "\n", _("Games:"), st.n_games);
  printf ("%s %" G_GUINT64_FORMAT "\n", _("Finished:"), st.n_finished);
  printf ("%s %" G_GUINT64_FORMAT "\n", _("Duel:"), st.n_duel);
  printf ("%s %" G_GUINT64_FORMAT "\n", _("Base game:"), st.n_classic);
  printf ("%s %" G_GUINT64_FORMAT "\n", _("Starred:"), st.n_starred);
  printf ("%s %" G_GUINT64_FORMAT "\n", _("Analysed:"), st.n_analysed);
  printf ("%s %" G_GUINT64_FORMAT "\n", _("Tags:"), st.n_tags);
  printf ("%s %" G_GUINT64_FORMAT "\n", _("Bookmarks:"), st.n_bookmarks);
  printf ("%s %" G_GUINT64_FORMAT "\n", _("Decisions:"), st.n_decisions);
  printf ("%s %" G_GUINT64_FORMAT " KiB\n", _("File size:"), st.file_size / 1024);
  printf ("%s %s\n", _("Search:"), imh_library_has_fts (library) ? "FTS5" : "LIKE");
  return IMH_CLI_OK;
}

/* ------------------------------------------------------------------ */
/* bench                                                               */

static double
now_ms (void)
{
  return (double) g_get_monotonic_time () / 1000.0;
}

static long
peak_rss_kib (void)
{
  struct rusage ru;
  getrusage (RUSAGE_SELF, &ru);
  return ru.ru_maxrss;
}

static long
current_rss_kib (void)
{
  g_autofree char *text = NULL;
  long size = 0, resident = 0;

  if (g_file_get_contents ("/proc/self/statm", &text, NULL, NULL))
    sscanf (text, "%ld %ld", &size, &resident);
  return resident * (sysconf (_SC_PAGESIZE) / 1024);
}

static int
compare_double (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

static double
median (GArray *v)
{
  g_array_sort (v, compare_double);
  return v->len > 0 ? g_array_index (v, double, v->len / 2) : 0.0;
}

/* Opens the library, lists it and reads the first page: what the library
 * page does when it is shown. */
static gboolean
first_page (const char *path, double *ms, guint *n, GError **error)
{
  double t0 = now_ms ();
  g_autoptr(ImhLibrary) library = imh_library_open (path, error);
  g_autoptr(ImhLibraryModel) model = NULL;
  guint shown;

  if (library == NULL)
    return FALSE;
  model = imh_library_model_new (library);
  if (!imh_library_model_reload (model, error))
    return FALSE;
  shown = MIN (g_list_model_get_n_items (G_LIST_MODEL (model)), IMH_LIBRARY_MODEL_PAGE_SIZE);
  for (guint i = 0; i < shown; i++)
    {
      g_autoptr(ImhGameSummary) s = g_list_model_get_item (G_LIST_MODEL (model), i);
      g_assert (s != NULL);
    }
  *ms = now_ms () - t0;
  *n = g_list_model_get_n_items (G_LIST_MODEL (model));
  return TRUE;
}

static int
run_bench (int argc, char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *tmpdir = NULL;
  g_autofree char *path = NULL;
  gint64 n_games = 100000, seed = 1, n_names = 5000;
  gboolean keep = FALSE, reuse = FALSE;
  double t0, fill_ms, page_ms = 0, first_ms;
  guint n = 0;
  GOptionEntry entries[] = {
    { "games", 'n', 0, G_OPTION_ARG_INT64, &n_games, N_("Number of games to store (default 100000)"), N_("N") },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, N_("Seed of the random games (default 1)"), N_("SEED") },
    { "names", 0, 0, G_OPTION_ARG_INT64, &n_names, N_("Size of the pool of player names (default 5000)"), N_("N") },
    { "keep", 0, 0, G_OPTION_ARG_NONE, &keep, N_("Keep the database after the benchmark"), NULL },
    { "reuse", 0, 0, G_OPTION_ARG_NONE, &reuse, N_("Measure an existing database (from --keep) without filling it"), NULL },
    { NULL }
  };
  static const char *const searches[] = { "Ada", "Nefertari 17", "Ram", "zzzz", "Omar 3", "tiye 120" };

  g_option_context_set_summary (context, _("Fill a new library with random games and time it: "
                                           "storing, opening with the first page, searching; peak memory."));
  g_option_context_add_main_entries (context, db_entries, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!imh_cli_parse (context, &argc, &argv))
    return IMH_CLI_USAGE;
  if (n_games < 1 || n_games > 10000000 || n_names < 1 || n_names > 1000000)
    {
      imh_cli_error (_("--games must be 1 to 10000000 and --names 1 to 1000000"));
      return IMH_CLI_USAGE;
    }
  if (opt_db != NULL)
    {
      if (reuse && !g_file_test (opt_db, G_FILE_TEST_EXISTS))
        {
          imh_cli_error (_("--reuse needs an existing database, but “%s” does not exist"), opt_db);
          return IMH_CLI_USAGE;
        }
      if (!reuse && g_file_test (opt_db, G_FILE_TEST_EXISTS))
        {
          imh_cli_error (_("the benchmark needs a new database, but “%s” exists"), opt_db);
          return IMH_CLI_USAGE;
        }
      path = g_strdup (opt_db);
    }
  else if (reuse)
    {
      imh_cli_error (_("--reuse needs --db"));
      return IMH_CLI_USAGE;
    }
  else
    {
      tmpdir = g_dir_make_tmp ("imhotep-library-bench-XXXXXX", &error);
      if (tmpdir == NULL)
        {
          imh_cli_error ("%s", error->message);
          return IMH_CLI_FAILED;
        }
      path = g_build_filename (tmpdir, "library.sqlite3", NULL);
    }

  imh_cli_print_c ("library bench: %" G_GINT64_FORMAT " games, seed %" G_GINT64_FORMAT ", %" G_GINT64_FORMAT " names, %s\n",
          n_games, seed, n_names, path);

  /* Fill through the normal store path: parse, replay, one transaction per game. */
  if (!reuse)
    {
      g_autoptr(ImhLibrary) library = imh_library_open (path, &error);
      g_autoptr(GArray) store = g_array_new (FALSE, FALSE, sizeof (double));
      double gen_ms = 0;

      if (library == NULL)
        {
          imh_cli_error ("%s", error->message);
          return IMH_CLI_FAILED;
        }
      t0 = now_ms ();
      for (gint64 i = 0; i < n_games; i++)
        {
          double g0 = now_ms (), s0;
          /* One game in ten unfinished, like games left in progress. */
          g_autofree char *text = _imh_library_random_record ((guint64) (seed * 1000003 + i), i % 10 != 0, 40,
                                                              (guint) n_names);
          s0 = now_ms ();
          gen_ms += s0 - g0;
          if (imh_library_save_record (library, 0, text, FALSE, &error) == 0)
            {
              imh_cli_error ("%s", error->message);
              return IMH_CLI_FAILED;
            }
          if (i % 1000 == 0 || i == n_games - 1)
            {
              fprintf (stderr, "\r%" G_GINT64_FORMAT "/%" G_GINT64_FORMAT, i + 1, n_games);
              fflush (stderr);
            }
        }
      fputc ('\n', stderr);
      fill_ms = now_ms () - t0 - gen_ms;
      imh_cli_print_c ("fill: %.1f s storing (%.3f ms per game, generation of the random games excluded: %.1f s)\n",
              fill_ms / 1000.0, fill_ms / (double) n_games, gen_ms / 1000.0);

      /* Storing one finished game into the full library. */
      for (int i = 0; i < 101; i++)
        {
          g_autofree char *text = _imh_library_random_record ((guint64) (seed * 7919 + 1000000000 + i), TRUE, 0,
                                                              (guint) n_names);
          double s0 = now_ms ();
          if (imh_library_save_record (library, 0, text, FALSE, &error) == 0)
            {
              imh_cli_error ("%s", error->message);
              return IMH_CLI_FAILED;
            }
          g_array_append_val (store, (double) { now_ms () - s0 });
        }
      {
        double med = median (store);
        imh_cli_print_c ("store one finished game (full library): median %.3f ms, max %.3f ms over %u\n",
                med, g_array_index (store, double, store->len - 1), store->len);
      }
    }

  /* Opening and the first page: cold start of the process is not
   * simulated, but the library is closed and opened again. */
  {
    g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
    for (int i = 0; i < 5; i++)
      {
        if (!first_page (path, &page_ms, &n, &error))
          {
            imh_cli_error ("%s", error->message);
            return IMH_CLI_FAILED;
          }
        g_array_append_val (times, page_ms);
      }
    first_ms = g_array_index (times, double, 0);
    imh_cli_print_c ("open + list %u games + first page of %d: first %.1f ms, median of 5 %.1f ms\n",
            n, IMH_LIBRARY_MODEL_PAGE_SIZE, first_ms, median (times));
  }

  /* Searches: list the matches in order and read their first page. */
  {
    g_autoptr(ImhLibrary) library = imh_library_open (path, &error);
    g_autoptr(ImhLibraryModel) model = NULL;

    if (library == NULL)
      {
        imh_cli_error ("%s", error->message);
        return IMH_CLI_FAILED;
      }
    model = imh_library_model_new (library);
    for (guint s = 0; s < G_N_ELEMENTS (searches); s++)
      {
        g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
        guint hits = 0;
        for (int rep = 0; rep < 5; rep++)
          {
            ImhLibraryQuery q;
            double s0 = now_ms ();
            imh_library_query_init (&q);
            q.search = g_strdup (searches[s]);
            if (!imh_library_model_set_query_sync (model, &q, &error))
              {
                imh_library_query_clear (&q);
                imh_cli_error ("%s", error->message);
                return IMH_CLI_FAILED;
              }
            imh_library_query_clear (&q);
            hits = g_list_model_get_n_items (G_LIST_MODEL (model));
            for (guint i = 0; i < MIN (hits, (guint) IMH_LIBRARY_MODEL_PAGE_SIZE); i++)
              g_object_unref (g_list_model_get_item (G_LIST_MODEL (model), i));
            g_array_append_val (times, (double) { now_ms () - s0 });
          }
        imh_cli_print_c ("search \"%s\": %u games, median of 5 %.2f ms (first page read)\n", searches[s], hits, median (times));
      }
  }

  imh_cli_print_c ("peak RSS of the whole benchmark: %ld MiB; after the searches: %ld MiB\n",
          peak_rss_kib () / 1024, current_rss_kib () / 1024);
  {
    GStatBuf st;
    if (g_stat (path, &st) == 0)
      imh_cli_print_c ("database size: %.1f MiB\n", (double) st.st_size / (1024.0 * 1024.0));
  }

  if (!keep && !reuse)
    {
      static const char *const suffixes[] = { "", "-wal", "-shm" };
      for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
        {
          g_autofree char *f = g_strconcat (path, suffixes[i], NULL);
          g_remove (f);
        }
      if (tmpdir != NULL)
        g_rmdir (tmpdir);
    }
  return IMH_CLI_OK;
}

/* ------------------------------------------------------------------ */

static void
usage (FILE *out)
{
  fprintf (out, "%s\n  imhotep-cli library [--db PATH] %s\n\n", _("Usage:"), _("COMMAND [OPTION…]"));
  fprintf (out, "%s\n\n", _("Manage the game library."));
  fprintf (out, "%s\n", _("Commands:"));
  fprintf (out, "  %-11s %s\n", "import", _("Import .imhotep files or folders"));
  fprintf (out, "  %-11s %s\n", "list", _("List games (filters, order)"));
  fprintf (out, "  %-11s %s\n", "search", _("Find games by player names, notes and tags"));
  fprintf (out, "  %-11s %s\n", "export", _("Export games to .imhotep files"));
  fprintf (out, "  %-11s %s\n", "delete", _("Move games to the trash"));
  fprintf (out, "  %-11s %s\n", "trash", _("List the games in the trash"));
  fprintf (out, "  %-11s %s\n", "restore", _("Take games out of the trash"));
  fprintf (out, "  %-11s %s\n", "empty-trash", _("Remove the games in the trash for good"));
  fprintf (out, "  %-11s %s\n", "stats", _("Show totals"));
  fprintf (out, "  %-11s %s\n", "exercises", _("List the exercises made of a player’s mistakes"));
  fprintf (out, "  %-11s %s\n", "bench", _("Benchmark a library of random games"));
  fprintf (out, "\n%s\n", _("Run “imhotep-cli library COMMAND --help” for the options of a command."));
}

int
imh_cli_library (int argc, char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autofree char *prgname = NULL;
  const char *command;
  int status;

  if (argc >= 2 && (strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0))
    {
      usage (stdout);
      return IMH_CLI_OK;
    }
  /* Options before the command (--db). */
  g_option_context_set_strict_posix (context, TRUE);
  g_option_context_set_help_enabled (context, FALSE);
  g_option_context_add_main_entries (context, db_entries, GETTEXT_PACKAGE);
  if (!imh_cli_parse (context, &argc, &argv))
    return IMH_CLI_USAGE;
  if (argc < 2)
    {
      usage (stderr);
      return IMH_CLI_USAGE;
    }
  command = argv[1];
  if (strcmp (command, "--help") == 0 || strcmp (command, "-h") == 0 || strcmp (command, "help") == 0)
    {
      usage (stdout);
      return IMH_CLI_OK;
    }

  prgname = g_strdup_printf ("imhotep-cli library %s", command);
  g_set_prgname (prgname);
  argv[1] = prgname;
  argc--;
  argv++;
  if (strcmp (command, "import") == 0)
    status = run_import (argc, argv);
  else if (strcmp (command, "list") == 0)
    status = run_list (argc, argv, FALSE);
  else if (strcmp (command, "search") == 0)
    status = run_list (argc, argv, TRUE);
  else if (strcmp (command, "export") == 0)
    status = run_export (argc, argv);
  else if (strcmp (command, "delete") == 0)
    status = run_delete_or_restore (argc, argv, FALSE);
  else if (strcmp (command, "restore") == 0)
    status = run_delete_or_restore (argc, argv, TRUE);
  else if (strcmp (command, "trash") == 0)
    status = run_trash (argc, argv);
  else if (strcmp (command, "empty-trash") == 0)
    status = run_empty_trash (argc, argv);
  else if (strcmp (command, "stats") == 0)
    status = run_stats (argc, argv);
  else if (strcmp (command, "exercises") == 0)
    status = imh_cli_practice_exercises (argc, argv, db_entries, open_library);
  else if (strcmp (command, "bench") == 0)
    status = run_bench (argc, argv);
  else
    {
      imh_cli_error (_("unknown library command “%s”"), command);
      fprintf (stderr, _("Try “%s --help” for more information.\n"), "imhotep-cli library");
      status = IMH_CLI_USAGE;
    }
  g_clear_pointer (&opt_db, g_free);
  return status;
}
