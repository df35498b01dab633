/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-cli-practice.c — `imhotep-cli library exercises` and `library stats
 * --player`: the user's exercises and statistics. */
#define G_LOG_DOMAIN "imh-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "imh-ai.h"
#include "imh-analysis.h"
#include "imh-cli.h"
#include "imh-cli-practice.h"
#include "imh-cli-util.h"
#include "imh-exercise.h"
#include "imh-library-stats.h"
#include "imh-texts.h"

static char *
julian_text (guint32 julian)
{
  char buf[32];
  GDate d;

  if (julian == 0 || !g_date_valid_julian (julian))
    return g_strdup ("");
  g_date_clear (&d, 1);
  g_date_set_julian (&d, julian);
  g_snprintf (buf, sizeof buf, "%04d-%02d-%02d", g_date_get_year (&d), g_date_get_month (&d),
              g_date_get_day (&d));
  return g_strdup (buf);
}

static char *
unix_date_text (gint64 t)
{
  g_autoptr(GDateTime) dt = g_date_time_new_from_unix_local (t);
  return dt != NULL ? g_date_time_format (dt, "%Y-%m-%d") : g_strdup ("");
}

/* Names must be given and not empty. */
static gboolean
check_names (char **names)
{
  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    if (*g_strstrip (names[i]) == '\0')
      {
        imh_cli_error (_("a player name must not be empty"));
        return FALSE;
      }
  return TRUE;
}

static const char *
mark_text (int mark)
{
  /* TRANSLATORS: the mark of a decision in an exercise */
  return mark >= IMH_MARK_BLUNDER ? _("blunder") : _("mistake");
}

static void
print_exercises_json (GPtrArray *list)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_array (b);
  for (guint i = 0; i < list->len; i++)
    {
      ImhExercise *e = list->pdata[i];
      const ImhState *s = imh_exercise_get_position (e);
      const ImhRules *rules = imh_rules_of (s);
      const ImhExerciseCandidate *c;
      g_autofree char *played = imh_texts_notation (s, imh_exercise_get_played (e));
      g_autofree char *best = imh_texts_notation (s, imh_exercise_get_best (e));
      g_autofree char *due = julian_text (imh_exercise_get_due (e));
      g_autofree char *reviewed = julian_text (imh_exercise_get_reviewed (e));
      g_autofree char *position = NULL;
      guint n;
      int len;

      json_builder_begin_object (b);
      imh_cli_json_int (b, "id", imh_exercise_get_id (e));
      imh_cli_json_int (b, "game_id", imh_exercise_get_game_id (e));
      imh_cli_json_string (b, "game", rules->id);
      imh_cli_json_int (b, "ply", imh_exercise_get_ply (e));
      imh_cli_json_int (b, "seat", imh_exercise_get_seat (e));
      imh_cli_json_string (b, "player", imh_exercise_get_player_name (e));
      imh_cli_json_string (b, "mark", imh_analysis_mark_name ((ImhMark) imh_exercise_get_mark (e)));
      imh_cli_json_fixed (b, "loss", imh_exercise_get_loss (e), 2);
      imh_cli_json_string (b, "kind", imh_decision_group_id ((ImhGameKind) s->kind, imh_exercise_get_group (e)));
      imh_cli_json_string (b, "played", played);
      imh_cli_json_string (b, "best", best);
      imh_cli_json_string (b, "due", due);
      imh_cli_json_int (b, "interval", imh_exercise_get_interval (e));
      imh_cli_json_fixed (b, "ease", imh_exercise_get_ease (e), 2);
      imh_cli_json_int (b, "repetitions", imh_exercise_get_repetitions (e));
      imh_cli_json_int (b, "lapses", imh_exercise_get_lapses (e));
      imh_cli_json_string (b, "reviewed", imh_exercise_get_reviewed (e) != 0 ? reviewed : NULL);
      json_builder_set_member_name (b, "candidates");
      json_builder_begin_array (b);
      c = imh_exercise_get_candidates (e, &n);
      for (guint k = 0; k < n; k++)
        {
          g_autofree char *text = imh_texts_notation (s, c[k].decision);

          json_builder_begin_object (b);
          imh_cli_json_string (b, "decision", text);
          imh_cli_json_fixed (b, "win", c[k].win, 4);
          imh_cli_json_fixed (b, "win_ci", c[k].win_ci, 4);
          imh_cli_json_fixed (b, "loss", c[k].loss, 2);
          imh_cli_json_bool (b, "good", c[k].good);
          imh_cli_json_bool (b, "best", c[k].best);
          imh_cli_json_bool (b, "played", c[k].played);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      /* The position as the seat saw it (hidden parts determinized). */
      len = rules->to_json (s, NULL, 0);
      position = g_malloc (len + 1);
      rules->to_json (s, position, len + 1);
      if (!imh_cli_json_embed (b, "position", position))
        imh_cli_json_string (b, "position", NULL);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  imh_cli_json_print (b, TRUE);
}

static void
print_exercises_text (GPtrArray *list,
                      guint32    today)
{
  for (guint i = 0; i < list->len; i++)
    {
      ImhExercise *e = list->pdata[i];
      const ImhState *s = imh_exercise_get_position (e);
      g_autofree char *due = julian_text (imh_exercise_get_due (e));
      g_autofree char *question = imh_exercise_get_question (e);
      g_autofree char *game = imh_texts_game_short_name ((ImhGameKind) s->kind, g_strv_length ((char **) imh_exercise_get_names (e)));
      g_autofree char *player = imh_cli_cell (imh_exercise_get_player_name (e), -16);

      printf ("%5" G_GINT64_FORMAT "  %s  ", imh_exercise_get_id (e), due);
      /* TRANSLATORS: an exercise's line: game id, the decision's number, the game */
      printf (_("game %lld, decision %u (%s)"), (long long) imh_exercise_get_game_id (e),
              imh_exercise_get_ply (e) + 1, game);
      printf ("  %s  ", player);
      /* TRANSLATORS: %s is "mistake" or "blunder", %.1f the loss in percentage points */
      printf (_("%s, %.1f points lost"), mark_text (imh_exercise_get_mark (e)), imh_exercise_get_loss (e));
      if (imh_exercise_get_due (e) <= today)
        /* TRANSLATORS: said of an exercise to practise today */
        printf ("  %s", _("due"));
      printf ("\n       %s\n", question);
    }
  printf (g_dngettext (GETTEXT_PACKAGE, "%u exercise\n", "%u exercises\n", list->len), list->len);
}

int
imh_cli_practice_exercises (int                  argc,
                            char               **argv,
                            const GOptionEntry  *db_entries,
                            ImhLibrary        *(*open_library) (void))
{
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(ImhLibrary) library = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) list = NULL;
  g_auto(GStrv) names = NULL;
  gboolean due = FALSE, json = FALSE;
  guint32 today = imh_exercise_today ();
  GOptionEntry entries[] = {
    { "player", 0, 0, G_OPTION_ARG_STRING_ARRAY, &names, N_("Only the exercises of this player (repeatable)"), N_("NAME") },
    { "due", 0, 0, G_OPTION_ARG_NONE, &due, N_("Only the exercises due today"), NULL },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print JSON"), NULL },
    { NULL }
  };
  const char *fake_today = g_getenv ("IMH_TODAY");

  g_option_context_set_summary (context, _("List the exercises made of the mistakes and blunders of "
                                           "person seats in analysed games."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, db_entries, GETTEXT_PACKAGE);
  if (!imh_cli_parse (context, &argc, &argv))
    return IMH_CLI_USAGE;
  if (argc > 1)
    {
      imh_cli_error (_("unexpected argument “%s”"), argv[1]);
      return IMH_CLI_USAGE;
    }
  if (!check_names (names))
    return IMH_CLI_USAGE;
  /* Tests set the day (YYYY-MM-DD). */
  if (fake_today != NULL)
    {
      GDate d;
      g_date_clear (&d, 1);
      g_date_set_parse (&d, fake_today);
      if (g_date_valid (&d))
        today = g_date_get_julian (&d);
    }

  library = open_library ();
  if (library == NULL)
    return IMH_CLI_FAILED;
  list = imh_library_list_exercises (library, (const char * const *) names, due, today, &error);
  if (list == NULL)
    {
      imh_cli_error ("%s", error->message);
      return IMH_CLI_FAILED;
    }
  if (json)
    print_exercises_json (list);
  else
    print_exercises_text (list, today);
  return IMH_CLI_OK;
}

/* ------------------------------------------------------------------ */
/* stats --player                                                      */

static char *
level_text (int level, gboolean json)
{
  const char *id = level >= 0 ? imh_level_name ((ImhLevel) level) : NULL;

  if (json)
    return g_strdup (level < 0 ? "people" : id != NULL ? id : "");
  if (level < 0)
    /* TRANSLATORS: opponents of a game without computer seats */
    return g_strdup (_("People only"));
  return g_strdup (imh_texts_level_name (id != NULL ? id : ""));
}

static void
print_stats_json (const ImhPlayerStats *st)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  imh_cli_json_int (b, "games", st->n_games);
  imh_cli_json_int (b, "finished", st->n_finished);
  imh_cli_json_int (b, "analysed", st->n_analysed);
  json_builder_set_member_name (b, "levels");
  json_builder_begin_array (b);
  for (guint i = 0; i < st->levels->len; i++)
    {
      const ImhPlayerStatsLevel *l = &g_array_index (st->levels, ImhPlayerStatsLevel, i);
      g_autofree char *name = level_text (l->level, TRUE);

      json_builder_begin_object (b);
      imh_cli_json_string (b, "level", name);
      imh_cli_json_int (b, "games", l->games);
      imh_cli_json_int (b, "wins", l->wins);
      imh_cli_json_int (b, "draws", l->draws);
      imh_cli_json_int (b, "losses", l->losses);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  imh_cli_json_fixed (b, "mean_accuracy", st->mean_accuracy, 2);
  imh_cli_json_fixed (b, "mistakes_per_game", st->mistakes_per_game, 3);
  imh_cli_json_fixed (b, "mean_luck", st->mean_luck, 2);
  imh_cli_json_int (b, "results", st->n_results);
  imh_cli_json_fixed (b, "mean_result", st->mean_result, 3);
  imh_cli_json_fixed (b, "mean_luck_adjusted", st->mean_luck_adjusted, 3);
  json_builder_set_member_name (b, "kinds");
  json_builder_begin_array (b);
  for (guint i = 0; i < st->groups->len; i++)
    {
      const ImhPlayerStatsGroup *g = &g_array_index (st->groups, ImhPlayerStatsGroup, i);

      json_builder_begin_object (b);
      imh_cli_json_string (b, "game", imh_rules_get ((ImhGameKind) g->game)->id);
      imh_cli_json_string (b, "kind", imh_decision_group_id ((ImhGameKind) g->game, g->group));
      imh_cli_json_int (b, "decisions", (gint64) g->decisions);
      imh_cli_json_fixed (b, "mean_loss", g->mean_loss, 2);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "points");
  json_builder_begin_array (b);
  for (guint i = 0; i < st->points->len; i++)
    {
      const ImhPlayerStatsPoint *p = &g_array_index (st->points, ImhPlayerStatsPoint, i);

      json_builder_begin_object (b);
      imh_cli_json_int (b, "game_id", p->game_id);
      imh_cli_json_int (b, "started", p->started);
      imh_cli_json_string (b, "game", imh_rules_get ((ImhGameKind) p->game)->id);
      imh_cli_json_fixed (b, "accuracy", p->accuracy, 2);
      imh_cli_json_int (b, "mistakes", p->mistakes);
      imh_cli_json_fixed (b, "luck", p->luck, 2);
      if (p->has_result)
        {
          imh_cli_json_fixed (b, "result", p->result, 3);
          imh_cli_json_fixed (b, "luck_adjusted", p->luck_adjusted, 3);
        }
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  imh_cli_json_print (b, TRUE);
}

static void
print_stats_text (const ImhPlayerStats *st)
{
  printf ("%s %u\n", _("Games:"), st->n_games);
  printf ("%s %u\n", _("Finished:"), st->n_finished);
  printf ("%s %u\n", _("Analysed:"), st->n_analysed);
  if (st->levels->len > 0)
    printf ("%s\n", _("Results by opponent level (wins, draws, losses):"));
  for (guint i = 0; i < st->levels->len; i++)
    {
      const ImhPlayerStatsLevel *l = &g_array_index (st->levels, ImhPlayerStatsLevel, i);
      g_autofree char *name = level_text (l->level, FALSE);
      g_autofree char *cell = imh_cli_pad (name, -16);

      printf ("  %s %4u %4u %4u\n", cell, l->wins, l->draws, l->losses);
    }
  if (st->n_analysed > 0)
    {
      printf ("%s %.1f\n", _("Mean accuracy:"), st->mean_accuracy);
      printf ("%s %.2f\n", _("Mistakes per game:"), st->mistakes_per_game);
      /* TRANSLATORS: %+.1f is in percentage points of win probability */
      printf (_("Mean luck: %+.1f points\n"), st->mean_luck);
    }
  if (st->n_results > 0)
    printf (_("Mean result: %.2f, luck-adjusted: %.2f\n"), st->mean_result, st->mean_luck_adjusted);
  if (st->groups->len > 0)
    printf ("%s\n", _("Mean loss by kind of decision:"));
  for (guint i = 0; i < st->groups->len; i++)
    {
      const ImhPlayerStatsGroup *g = &g_array_index (st->groups, ImhPlayerStatsGroup, i);
      g_autofree char *game = imh_texts_game_short_name ((ImhGameKind) g->game, 0);
      g_autofree char *label = g_strdup_printf ("%s: %s", game,
                                                imh_decision_group_name ((ImhGameKind) g->game, g->group));
      g_autofree char *cell = imh_cli_pad (label, -40);

      printf ("  %s ", cell);
      printf (g_dngettext (GETTEXT_PACKAGE, "%.1f points (%u decision)\n", "%.1f points (%u decisions)\n",
                           (gulong) g->decisions), g->mean_loss, (guint) g->decisions);
    }
  if (st->points->len > 0)
    printf ("%s\n", _("Analysed games (date, game, accuracy, mistakes, luck, result):"));
  for (guint i = 0; i < st->points->len; i++)
    {
      const ImhPlayerStatsPoint *p = &g_array_index (st->points, ImhPlayerStatsPoint, i);
      g_autofree char *date = unix_date_text (p->started);

      printf ("  %s %7" G_GINT64_FORMAT " %6.1f %3u %+6.1f", date, p->game_id, p->accuracy, p->mistakes, p->luck);
      if (p->has_result)
        printf (" %5.2f", p->result);
      printf ("\n");
    }
}

int
imh_cli_practice_stats (ImhLibrary  *library,
                        char       **names,
                        const char  *game,
                        const char  *since,
                        gboolean     json)
{
  g_autoptr(ImhPlayerStats) st = NULL;
  g_autoptr(GError) error = NULL;
  ImhPlayerStatsQuery q = { (const char * const *) names, -1, 0, 0 };

  if (game != NULL)
    q.game = imh_rules_from_id (game)->kind;
  if (since != NULL)
    {
      g_autoptr(GDateTime) dt = NULL;
      int y, m, d;
      char end;

      if (sscanf (since, "%4d-%2d-%2d%c", &y, &m, &d, &end) == 3)
        dt = g_date_time_new_local (y, m, d, 0, 0, 0);
      if (dt == NULL)
        {
          imh_cli_error (_("“%s” is not a date (expected YYYY-MM-DD)"), since);
          return IMH_CLI_USAGE;
        }
      q.since = g_date_time_to_unix (dt);
    }
  st = imh_library_get_player_stats (library, &q, &error);
  if (st == NULL)
    {
      imh_cli_error ("%s", error->message);
      return IMH_CLI_FAILED;
    }
  if (json)
    print_stats_json (st);
  else
    print_stats_text (st);
  return IMH_CLI_OK;
}

gboolean
imh_cli_practice_check_stats_args (char       **names,
                                   const char  *game,
                                   const char  *since)
{
  if (!check_names (names))
    return FALSE;
  if (game != NULL && imh_rules_from_id (game) == NULL)
    {
      imh_cli_error (_("unknown game “%s” (expected duel or classic)"), game);
      return FALSE;
    }
  if (since != NULL)
    {
      int y, m, d;
      char end;

      if (sscanf (since, "%4d-%2d-%2d%c", &y, &m, &d, &end) != 3 || !g_date_valid_dmy (d, m, y))
        {
          imh_cli_error (_("“%s” is not a date (expected YYYY-MM-DD)"), since);
          return FALSE;
        }
    }
  return TRUE;
}
