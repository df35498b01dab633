/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-library-record.c — the columns the library derives from a record. */
#define G_LOG_DOMAIN "imh-library"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "imh-ai.h"
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
  /* Named levels: beginner 0 … expert 3; the baselines (random, greedy,
   * flat) count as the weakest for the opponent filter. */
  for (int l = 0; l < IMH_N_LEVELS; l++)
    if (g_strcmp0 (imh_level_name ((ImhLevel) l), colon + 1) == 0)
      return l <= IMH_LEVEL_EXPERT ? l : 0;
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

static const char *const random_names[] = {
  "Ada", "Bastet", "Chen", "Dalia", "Emeka", "Femi", "Greta", "Hatshepsut", "Ines", "Jonas",
  "Kiya", "Lars", "Meret", "Nefertari", "Omar", "Pia", "Quentin", "Ramses", "Sanaa", "Tiye",
  "Ugo", "Vera", "Wen", "Ximena", "Yusuf", "Zahra", "Amun", "Berit", "Djoser", "Eloise",
};

char *
_imh_library_random_record (guint64  seed,
                            gboolean finish,
                            guint    max_decisions,
                            guint    n_names)
{
  ImhRng rng;
  ImhOptions o;
  ImhRecordError err = { 0 };
  ImhRecord *r;
  ImhState s;
  ImhDecisionList legal;
  const ImhRules *rules;
  g_autoptr(GDateTime) start = NULL;
  g_autoptr(GDateTime) end = NULL;
  g_autofree char *start_text = NULL;
  g_autofree char *end_text = NULL;
  char *text, *copy;
  guint n = 0;

  imh_rng_seed (&rng, seed);
  if (n_names == 0)
    n_names = G_N_ELEMENTS (random_names);
  if (imh_rng_below (&rng, 10) < 7)
    imh_options_init (&o, IMH_GAME_DUEL, 2);
  else
    imh_options_init (&o, IMH_GAME_CLASSIC, 2 + (int) imh_rng_below (&rng, 3));
  rules = imh_rules_get (o.game);
  for (guint i = 0; i < rules->n_sites; i++)
    o.sides[i] = imh_rng_below (&rng, 2) ? IMH_SIDE_B : IMH_SIDE_A;

  r = imh_record_new (&o, imh_rng_next (&rng), &err);
  g_return_val_if_fail (r != NULL, NULL);
  for (int p = 0; p < o.n_players; p++)
    {
      guint k = imh_rng_below (&rng, n_names);
      g_autofree char *name = k < G_N_ELEMENTS (random_names)
                              ? g_strdup (random_names[k])
                              : g_strdup_printf ("%s %u", random_names[k % G_N_ELEMENTS (random_names)],
                                                 k / (guint) G_N_ELEMENTS (random_names));
      g_autofree char *kind = p > 0 && imh_rng_below (&rng, 2)
                              ? g_strdup_printf ("computer:%s", imh_level_name ((ImhLevel) imh_rng_below (&rng, 4)))
                              : g_strdup ("human");
      imh_record_set_player (r, p, kind, name);
    }
  start = g_date_time_new_from_unix_utc (1577836800 + (gint64) imh_rng_below (&rng, 6 * 365 * 86400));
  end = g_date_time_add_seconds (start, 600 + imh_rng_below (&rng, 3600));
  start_text = g_date_time_format (start, "%Y-%m-%dT%H:%M:%SZ");
  end_text = g_date_time_format (end, "%Y-%m-%dT%H:%M:%SZ");
  imh_record_set_date (r, false, start_text);

  imh_record_initial (r, &s);
  while (!imh_is_over (&s) && (finish || n < max_decisions))
    {
      ImhDecision d;
      imh_legal (&s, &legal);
      g_assert (legal.n > 0);
      d = legal.d[imh_rng_below (&rng, legal.n)];
      imh_record_line_append (&r->main, d);
      imh_apply (&s, d);
      n++;
    }
  if (imh_is_over (&s))
    {
      imh_record_set_date (r, true, end_text);
      imh_record_set_outcome (r, &s);
    }
  text = imh_record_write (r);
  copy = g_strdup (text);
  free (text);
  imh_record_free (r);
  return copy;
}
