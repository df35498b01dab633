/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-cli-util.c — loading and saving records, options, score tables. */
#define G_LOG_DOMAIN "imh-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "imh-cli.h"
#include "imh-cli-util.h"
#include "imh-record-file.h"

char *
imh_cli_read_record_file (const char *path, gsize *length)
{
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (path);
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  if (!imh_record_file_read (file, IMH_RECORD_FILE_MAX_SIZE, &text, length, NULL, &error))
    {
      if (strstr (error->message, path) != NULL)
        imh_cli_error ("%s", error->message);
      else
        imh_cli_error ("%s: %s", path, error->message);
      return NULL;
    }
  return text;
}

ImhRecord *
imh_cli_load_record (const char *path)
{
  g_autofree char *text = NULL;
  gsize len = 0;
  ImhRecordError err;
  ImhRecord *r;

  text = imh_cli_read_record_file (path, &len);
  if (text == NULL)
    return NULL;
  r = imh_record_parse (text, len, &err);
  if (r == NULL)
    {
      /* The parser's message is English: it names line and column. */
      imh_cli_error (_("%s:%u:%u: invalid record: %s"), path, err.line, err.column, err.message);
      return NULL;
    }
  return r;
}

int
imh_cli_load_position (const char *path, gint64 ply, ImhRecord **record,
                       uint32_t *ply_out, ImhState *state)
{
  ImhRecordError err;
  ImhRecord *r = imh_cli_load_record (path);
  uint32_t end;

  *record = NULL;
  if (r == NULL)
    return IMH_CLI_FAILED;
  end = imh_record_line_end (&r->main);
  if (ply > (gint64) end)
    {
      imh_cli_error (_("--ply %lld is beyond the end of the record (%u decisions)"),
                     (long long) ply, end);
      imh_record_free (r);
      return IMH_CLI_USAGE;
    }
  if (ply < 0)
    ply = end;
  if (!imh_record_replay (r, NULL, (uint32_t) ply, state, &err))
    {
      imh_cli_error (_("%s:%u:%u: invalid record: %s"), path, err.line, err.column, err.message);
      imh_record_free (r);
      return IMH_CLI_FAILED;
    }
  *record = r;
  *ply_out = (uint32_t) ply;
  return IMH_CLI_OK;
}

gboolean
imh_cli_save_record (const char *path, const ImhRecord *record)
{
  g_autoptr(GError) error = NULL;
  char *text = imh_record_write (record);
  gboolean ok = g_file_set_contents (path, text, -1, &error);

  free (text);
  if (!ok)
    imh_cli_error ("%s", error->message);
  return ok;
}

gboolean
imh_cli_make_options (const char *game, int players, const char *sides,
                      char **variants, int start, ImhOptions *o)
{
  const ImhRules *rules = imh_rules_from_id (game);
  char why[200] = "";

  if (rules == NULL || rules->setup == NULL)
    {
      imh_cli_error (_("unknown game “%s” (known: duel, classic)"), game);
      return FALSE;
    }
  if (players == 0)
    players = rules->min_players;
  if (players < rules->min_players || players > rules->max_players)
    {
      imh_cli_error (_("this game is for %d to %d players"), rules->min_players, rules->max_players);
      return FALSE;
    }
  imh_options_init (o, rules->kind, players);
  if (sides != NULL)
    {
      if (strlen (sides) != rules->n_sites)
        {
          imh_cli_error (_("--sides needs %d letters A or B, one per site"), rules->n_sites);
          return FALSE;
        }
      for (int i = 0; i < rules->n_sites; i++)
        {
          if (sides[i] != 'A' && sides[i] != 'B')
            {
              imh_cli_error (_("--sides needs %d letters A or B, one per site"), rules->n_sites);
              return FALSE;
            }
          o->sides[i] = sides[i] == 'B' ? IMH_SIDE_B : IMH_SIDE_A;
        }
    }
  for (int i = 0; variants != NULL && variants[i] != NULL; i++)
    {
      gboolean found = FALSE;
      for (uint32_t bit = 0; bit < 32; bit++)
        {
          const char *id = imh_record_variant_id (1u << bit);
          if (id != NULL && strcmp (id, variants[i]) == 0)
            {
              o->variants |= 1u << bit;
              found = TRUE;
            }
        }
      if (!found)
        {
          imh_cli_error (_("unknown variant “%s”"), variants[i]);
          return FALSE;
        }
    }
  if (start < 0 || start > players)
    {
      imh_cli_error (_("--start must be a player from 1 to %d"), players);
      return FALSE;
    }
  o->start_player = (int8_t) (start - 1);
  if (!rules->options_valid (o, why, sizeof why))
    {
      imh_cli_error (_("these options are not valid: %s"), why);
      return FALSE;
    }
  return TRUE;
}

void
imh_cli_print_score (FILE *out, const ImhRecord *r, const ImhState *s)
{
  const ImhRules *rules = r->rules;
  ImhScore sc;

  rules->score (s, &sc);
  fprintf (out, "%s\n", sc.final ? _("Final score:") : _("Score if the game ended now:"));
  fprintf (out, "  %-12s", "");
  for (int p = 0; p < sc.n_players; p++)
    fprintf (out, " %10.10s", r->players[p].name ? r->players[p].name : "?");
  fputc ('\n', out);
  for (int c = 0; c < sc.n_categories; c++)
    {
      fprintf (out, "  %-12s", rules->category_ids[c]);
      for (int p = 0; p < sc.n_players; p++)
        fprintf (out, " %10d", sc.points[p][c]);
      fputc ('\n', out);
    }
  fprintf (out, "  %-12s", _("total"));
  for (int p = 0; p < sc.n_players; p++)
    fprintf (out, " %10d", sc.total[p]);
  fputc ('\n', out);
  fprintf (out, "  %-12s", _("place"));
  for (int p = 0; p < sc.n_players; p++)
    fprintf (out, " %10d", sc.rank[p] + 1);
  fputc ('\n', out);
  if (sc.tiebreak == IMH_TIEBREAK_NON_STARTER)
    fprintf (out, "%s\n", _("Equal totals: the player who did not start wins."));
  else if (sc.tiebreak == IMH_TIEBREAK_SLED)
    fprintf (out, "%s\n", _("Equal totals: more stones on the sled wins."));
  else if (sc.tiebreak == IMH_TIEBREAK_SHARED)
    fprintf (out, "%s\n", _("Equal totals: the place is shared."));
}

char *
imh_cli_now_iso (void)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  return g_date_time_format (now, "%Y-%m-%dT%H:%M:%SZ");
}

ImhDecision
imh_cli_random_decision (const ImhState *s, ImhRng *rng)
{
  ImhDecisionList l;
  int n = imh_rules_of (s)->legal (s, &l);

  return l.d[imh_rng_below (rng, (uint32_t) n)];
}
