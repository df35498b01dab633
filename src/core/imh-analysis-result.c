/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-analysis-result.c — the analysis of a whole game: the result, its summary and
 * its store in the library. */
#define G_LOG_DOMAIN "imh-analysis-job"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>

#include "imh-analysis-job.h"
#include "imh-analysis-private.h"
#include "imh-game-summary.h"

/* ---------------------------------------------------------------- */
/* Result                                                           */

struct _ImhAnalysisResult
{
  ImhAnalysis *analysis;
};

static void
result_clear (ImhAnalysisResult *result)
{
  imh_analysis_free (result->analysis);
}

ImhAnalysisResult *
_imh_analysis_result_new (ImhAnalysis *analysis)
{
  ImhAnalysisResult *r = g_atomic_rc_box_new0 (ImhAnalysisResult);
  r->analysis = analysis;
  return r;
}

G_DEFINE_BOXED_TYPE (ImhAnalysisResult, imh_analysis_result,
                     imh_analysis_result_ref, imh_analysis_result_unref)

ImhAnalysisResult *
imh_analysis_result_ref (ImhAnalysisResult *result)
{
  g_return_val_if_fail (result != NULL, NULL);
  return g_atomic_rc_box_acquire (result);
}

void
imh_analysis_result_unref (ImhAnalysisResult *result)
{
  g_return_if_fail (result != NULL);
  g_atomic_rc_box_release_full (result, (GDestroyNotify) result_clear);
}

const ImhAnalysis *
imh_analysis_result_get_analysis (ImhAnalysisResult *result)
{
  g_return_val_if_fail (result != NULL, NULL);
  return result->analysis;
}

guint
imh_analysis_result_get_n_plies (ImhAnalysisResult *result)
{
  g_return_val_if_fail (result != NULL, 0);
  return result->analysis->n_plies;
}

const ImhAnalysisPly *
imh_analysis_result_get_ply (ImhAnalysisResult *result,
                             guint              ply)
{
  g_return_val_if_fail (result != NULL, NULL);
  if (ply >= result->analysis->n_plies)
    return NULL;
  return &result->analysis->plies[ply];
}

const ImhAnalysisPlayer *
imh_analysis_result_get_player (ImhAnalysisResult *result,
                                guint              player)
{
  g_return_val_if_fail (result != NULL, NULL);
  if (player >= result->analysis->n_players)
    return NULL;
  return &result->analysis->players[player];
}

int
imh_analysis_result_find_mark (ImhAnalysisResult *result,
                               guint              ply,
                               gboolean           forward,
                               ImhMark            min_mark)
{
  const ImhAnalysis *a;

  g_return_val_if_fail (result != NULL, -1);
  a = result->analysis;
  if (forward)
    {
      for (guint i = ply + 1; i < a->n_plies; i++)
        if (a->plies[i].mark != IMH_MARK_NONE && a->plies[i].mark >= min_mark)
          return (int) i;
    }
  else
    {
      for (guint i = MIN (ply, a->n_plies); i-- > 0;)
        if (a->plies[i].mark != IMH_MARK_NONE && a->plies[i].mark >= min_mark)
          return (int) i;
    }
  return -1;
}

char *
imh_analysis_result_to_json (ImhAnalysisResult *result)
{
  char *j, *copy;

  g_return_val_if_fail (result != NULL, NULL);
  j = imh_analysis_to_json (result->analysis);
  copy = g_strdup (j);
  free (j);
  return copy;
}

char *
imh_analysis_player_summary (const ImhAnalysis *analysis,
                             guint              player)
{
  const ImhAnalysisPlayer *p;
  GString *s;

  g_return_val_if_fail (analysis != NULL, NULL);
  g_return_val_if_fail (player < analysis->n_players, NULL);

  p = &analysis->players[player];
  s = g_string_new (NULL);
  /* TRANSLATORS: start of a player's analysis summary; accuracy is 0–100 */
  g_string_append_printf (s, _("Player %u: accuracy %.1f"), player + 1, p->accuracy);
  g_string_append (s, ", ");
  g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE, "%u inaccuracy", "%u inaccuracies",
                                          p->inaccuracies), p->inaccuracies);
  g_string_append (s, ", ");
  g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE, "%u mistake", "%u mistakes",
                                          p->mistakes), p->mistakes);
  g_string_append (s, ", ");
  g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE, "%u blunder", "%u blunders",
                                          p->blunders), p->blunders);
  g_string_append (s, ", ");
  /* TRANSLATORS: loss in percentage points of win probability */
  g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE,
                                          "total loss %.1f points in %u decision with a choice",
                                          "total loss %.1f points in %u decisions with a choice",
                                          p->choices), p->total_loss, p->choices);
  g_string_append (s, ", ");
  /* TRANSLATORS: luck in percentage points of win probability */
  g_string_append_printf (s, _("luck %+.1f points"), p->luck);
  if (p->has_result)
    {
      g_string_append (s, ", ");
      g_string_append_printf (s, _("result %.2f, luck-adjusted %.2f"), p->result,
                              p->luck_adjusted);
    }
  return g_string_free (s, FALSE);
}

gboolean
imh_analysis_result_save (ImhAnalysisResult *result,
                          ImhLibrary        *library,
                          gint64             game_id,
                          GError           **error)
{
  g_autofree char *record = NULL, *repaired = NULL;
  g_autoptr(GError) local = NULL;
  char *settings, *data;
  gboolean other_line = FALSE;
  ImhAnalysis *check;
  gint64 id = 0;

  g_return_val_if_fail (result != NULL, FALSE);
  g_return_val_if_fail (IMH_IS_LIBRARY (library), FALSE);

  record = imh_library_load_record (library, game_id, error);
  if (record == NULL)
    return FALSE;
  settings = imh_analysis_settings_to_json (result->analysis);
  data = imh_analysis_to_json (result->analysis);
  if (settings == NULL || data == NULL)
    {
      free (settings);
      free (data);
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Out of memory"));
      return FALSE;
    }
  /* What is stored reads back, in JSON's own number format whatever the
   * locale the writer ran under. An analysis of other decisions than the
   * stored record's is the caller's to know (it reads back with its own
   * record). */
  repaired = _imh_analysis_repair_decimal_commas (data);
  check = _imh_analysis_read_json (record, repaired != NULL ? repaired : data, &other_line, &local);
  if (check == NULL && !other_line)
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                 _("The analysis was not stored: it would not read back (%s)"),
                 local != NULL ? local->message : "");
  else
    id = imh_library_add_analysis (library, game_id, result->analysis->engine_version,
                                   settings, repaired != NULL ? repaired : data,
                                   result->analysis->n_blunders, error);
  imh_analysis_free (check);
  free (settings);
  free (data);
  return id > 0;
}

ImhAnalysisResult *
imh_analysis_result_new_from_json (const char  *record,
                                   const char  *json,
                                   GError     **error)
{
  ImhAnalysis *a;

  g_return_val_if_fail (record != NULL, NULL);
  g_return_val_if_fail (json != NULL, NULL);

  a = _imh_analysis_read_json (record, json, NULL, error);
  return a != NULL ? _imh_analysis_result_new (a) : NULL;
}

/* The library lists what load finds (a write only when that changes). */
static void
note_analysis_state (ImhLibrary              *library,
                     gint64                   game_id,
                     ImhLibraryAnalysisState  state)
{
  g_autoptr(ImhGameSummary) summary = NULL;
  g_autoptr(GError) error = NULL;
  ImhLibraryAnalysisState listed;

  if (imh_library_is_read_only (library))
    return;
  summary = imh_library_get_summary (library, game_id, &error);
  if (summary == NULL)
    return;
  listed = imh_game_summary_get_analysed (summary) ? IMH_LIBRARY_ANALYSIS_READABLE
           : imh_game_summary_get_analysis_unreadable (summary) ? IMH_LIBRARY_ANALYSIS_UNREADABLE
           : IMH_LIBRARY_ANALYSIS_NONE;
  if (listed != state && !imh_library_set_analysis_state (library, game_id, state, &error))
    g_debug ("Could not note the analysis of game %" G_GINT64_FORMAT ": %s", game_id,
             error->message);
}

ImhAnalysisResult *
imh_analysis_result_load (ImhLibrary  *library,
                          gint64       game_id,
                          GError     **error)
{
  g_autofree char *record = NULL, *version = NULL, *settings = NULL, *data = NULL;
  g_autoptr(GError) local = NULL;
  gboolean other_line = FALSE;
  ImhAnalysis *a;

  g_return_val_if_fail (IMH_IS_LIBRARY (library), NULL);

  record = imh_library_load_record (library, game_id, error);
  if (record == NULL)
    return NULL;
  if (!imh_library_get_latest_analysis (library, game_id, &version, &settings, &data, error))
    return NULL;
  a = _imh_analysis_read_json (record, data, &other_line, &local);
  if (a != NULL)
    {
      note_analysis_state (library, game_id, IMH_LIBRARY_ANALYSIS_READABLE);
      return _imh_analysis_result_new (a);
    }
  if (other_line)
    {
      /* Kept, but it is not an analysis of this game's decisions. */
      note_analysis_state (library, game_id, IMH_LIBRARY_ANALYSIS_NONE);
      g_set_error (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_NOT_FOUND,
                   _("The stored analysis of game %lld is of other decisions: %s"),
                   (long long) game_id, local->message);
      return NULL;
    }
  /* Unreadable: kept (a new analysis replaces it), and listed as such. */
  if (g_error_matches (local, G_IO_ERROR, G_IO_ERROR_INVALID_DATA))
    note_analysis_state (library, game_id, IMH_LIBRARY_ANALYSIS_UNREADABLE);
  g_propagate_error (error, g_steal_pointer (&local));
  return NULL;
}
