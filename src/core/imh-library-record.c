/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-library-record.c — the columns the library derives from a record. */
#define G_LOG_DOMAIN "imh-library"

#include "config.h"

#include <glib/gi18n.h>
#include <stdlib.h>
#include <string.h>

#include "imh-library-private.h"

void
_imh_library_record_info_clear (ImhLibraryRecordInfo *info)
{
  g_clear_pointer (&info->canonical, g_free);
  for (int i = 0; i < IMH_MAX_PLAYERS; i++)
    {
      g_clear_pointer (&info->names[i], g_free);
      g_clear_pointer (&info->kinds[i], g_free);
    }
  g_clear_pointer (&info->result, g_free);
  g_clear_pointer (&info->players_text, g_free);
  g_clear_pointer (&info->scores_text, g_free);
  g_clear_pointer (&info->tags, g_strfreev);
}

static gint64
parse_date (const char *iso)
{
  g_autoptr(GDateTime) dt = NULL;

  if (iso == NULL)
    return 0;
  dt = g_date_time_new_from_iso8601 (iso, NULL);
  return dt != NULL ? g_date_time_to_unix (dt) : 0;
}

static int
parse_level (const char *kind)
{
  const char *colon;
  char *end = NULL;
  gint64 v;

  if (kind == NULL || !g_str_has_prefix (kind, "computer"))
    return -1;
  colon = strchr (kind, ':');
  if (colon == NULL)
    return 0;
  v = g_ascii_strtoll (colon + 1, &end, 10);
  if (end == colon + 1 || *end != '\0' || v < 0 || v > 1000)
    return 0;
  return (int) v;
}

gboolean
_imh_library_describe (const ImhRecord      *record,
                       ImhLibraryRecordInfo *info,
                       GError              **error)
{
  ImhRecordError err = { 0 };
  ImhState state;
  ImhScore score;
  g_autoptr(GString) players = g_string_new (NULL);
  g_autoptr(GString) result = g_string_new (NULL);
  g_autoptr(GPtrArray) tags = g_ptr_array_new_with_free_func (g_free);
  char *text;
  const ImhRules *rules = record->rules;

  memset (info, 0, sizeof *info);
  info->winner = -1;
  info->max_level = -1;

  if (!imh_record_replay (record, NULL, imh_record_line_end (&record->main), &state, &err))
    {
      g_set_error (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_INVALID,
                   _("line %u, column %u: %s"), err.line, err.column, err.message);
      return FALSE;
    }

  text = imh_record_write (record);
  info->canonical = g_strdup (text);
  free (text);
  {
    g_autofree char *sum = g_compute_checksum_for_string (G_CHECKSUM_SHA256, info->canonical, -1);
    g_strlcpy (info->sha256, sum, sizeof info->sha256);
  }

  info->game = record->options.game;
  info->n_players = record->options.n_players;
  for (guint i = 0; i < rules->n_sites && i < IMH_MAX_SITES; i++)
    info->sides[i] = record->options.sides[i] == IMH_SIDE_B ? 'B' : 'A';
  info->variants = record->options.variants;
  info->seed = (gint64) record->seed;
  info->started = parse_date (record->started);
  info->ended = parse_date (record->ended);
  info->length = record->main.n_decisions;
  info->turns = rules->turn_index (&state);
  info->finished = rules->is_over (&state);

  imh_score (&state, &score);
  for (guint i = 0; i < info->n_players; i++)
    {
      info->names[i] = g_strdup (record->players[i].name != NULL ? record->players[i].name : "");
      info->kinds[i] = g_strdup (record->players[i].kind != NULL ? record->players[i].kind : "human");
      info->levels[i] = parse_level (info->kinds[i]);
      info->max_level = MAX (info->max_level, info->levels[i]);
      if (players->len > 0)
        g_string_append (players, " – ");
      g_string_append (players, info->names[i]);

      if (record->has_scores)
        info->scores[i] = record->scores[i];
      else if (info->finished)
        info->scores[i] = score.total[i];
      if (record->has_result)
        info->places[i] = record->result[i];
      else if (info->finished)
        info->places[i] = score.rank[i] + 1;
      if (info->places[i] > 0)
        g_string_append_printf (result, "%s%d", i > 0 ? " " : "", info->places[i]);
    }
  info->has_scores = record->has_scores || info->finished;

  for (guint i = 0; i < info->n_players; i++)
    if (info->places[i] == 1)
      {
        if (info->winner == -1)
          info->winner = (int) i;
        else
          {
            info->winner = -1;
            break;
          }
      }
  if (info->places[0] == 0)
    info->winner = -1;

  if (info->has_scores)
    {
      GString *s = g_string_new (NULL);
      for (guint i = 0; i < info->n_players; i++)
        g_string_append_printf (s, "%s%d", i > 0 ? " : " : "", info->scores[i]);
      info->scores_text = g_string_free (s, FALSE);
    }
  else
    info->scores_text = g_strdup ("");

  for (guint i = 0; i < record->n_fields; i++)
    if (g_strcmp0 (record->fields[i].key, "tag") == 0 && record->fields[i].value[0] != '\0')
      g_ptr_array_add (tags, g_strdup (record->fields[i].value));
  g_ptr_array_add (tags, NULL);
  info->tags = (GStrv) g_ptr_array_free (g_steal_pointer (&tags), FALSE);

  info->players_text = g_string_free (g_steal_pointer (&players), FALSE);
  info->result = g_string_free (g_steal_pointer (&result), FALSE);
  return TRUE;
}

gboolean
_imh_library_describe_text (const char           *text,
                            ImhLibraryRecordInfo *info,
                            GError              **error)
{
  ImhRecordError err = { 0 };
  ImhRecord *record;
  gboolean ok;

  memset (info, 0, sizeof *info);
  record = imh_record_parse (text, strlen (text), &err);
  if (record == NULL)
    {
      g_set_error (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_INVALID,
                   _("line %u, column %u: %s"), err.line, err.column, err.message);
      return FALSE;
    }
  ok = _imh_library_describe (record, info, error);
  imh_record_free (record);
  return ok;
}
