/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-analysis-job.c — analysing a whole game in a worker thread. */
#define G_LOG_DOMAIN "imh-analysis-job"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "imh-analysis-job.h"
#include "imh-game-summary.h"
#include "imh-record.h"

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

static ImhAnalysisResult *
result_new (ImhAnalysis *analysis)
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

static char        *repair_decimal_commas (const char  *json);
static ImhAnalysis *read_analysis         (const char  *record,
                                           const char  *json,
                                           gboolean    *other_line,
                                           GError     **error);

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
  repaired = repair_decimal_commas (data);
  check = read_analysis (record, repaired != NULL ? repaired : data, &other_line, &local);
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

/* ---------------------------------------------------------------- */
/* Reading an analysis back from JSON                               */

/* The analysis writer of the first versions (src/ai/imh-analysis.c,
 * format 1) formatted its fractional numbers with printf after
 * setlocale (LC_ALL, ""), so under a locale with a decimal comma it
 * wrote "accuracy":76,8 and "win":0,7047. These are all the members it
 * wrote with a fraction; each value was "-?digits,digits" there. */
static const char *const decimal_members[] = {
  "accuracy", "total_loss", "mean_loss", "luck", "result", "luck_adjusted",
  "win", "win_ci", "margin", "win_before", "win_before_ci", "win_after", "win_after_ci",
  "margin_before", "margin_after", "loss", "loss_ci", "win_actual", "win_actual_ci",
};

static gboolean
is_decimal_member (const char *name,
                   size_t      len)
{
  for (guint i = 0; i < G_N_ELEMENTS (decimal_members); i++)
    if (strlen (decimal_members[i]) == len && memcmp (decimal_members[i], name, len) == 0)
      return TRUE;
  return FALSE;
}

/* The text with the decimal commas of that writer's output replaced by
 * points; NULL when there are none (or it is not that writer's output). */
static char *
repair_decimal_commas (const char *json)
{
  GString *out = NULL;
  const char *copied = json, *p = json;

  /* Only that writer's output: it began so. */
  if (!g_str_has_prefix (json, "{\"format\":1,"))
    return NULL;
  while (*p != '\0')
    {
      const char *name, *q, *n, *f;

      if (*p != '"')
        {
          p++;
          continue;
        }
      /* A string; a member name when a ':' follows. */
      name = ++p;
      while (*p != '\0' && *p != '"')
        p += p[0] == '\\' && p[1] != '\0' ? 2 : 1;
      if (*p == '\0')
        break;
      q = ++p;
      if (*q != ':' || !is_decimal_member (name, (size_t) (q - 1 - name)))
        continue;
      n = q + 1;
      if (*n == '-')
        n++;
      if (!g_ascii_isdigit (*n))
        continue;
      while (g_ascii_isdigit (*n))
        n++;
      /* In valid JSON a ',' after a member's value is followed by the
       * next member's name, never by a digit. */
      if (n[0] != ',' || !g_ascii_isdigit (n[1]))
        continue;
      f = n + 1;
      while (g_ascii_isdigit (*f))
        f++;
      if (*f != ',' && *f != '}')
        continue;
      if (out == NULL)
        out = g_string_sized_new (strlen (json));
      g_string_append_len (out, copied, n - copied);
      g_string_append_c (out, '.');
      copied = n + 1;
      p = f;
    }
  if (out == NULL)
    return NULL;
  g_string_append (out, copied);
  return g_string_free (out, FALSE);
}

/* Field readers: FALSE (with the error) when missing or of the wrong type.
 * other_line is set when the analysis is of other decisions than the
 * record's main line (rather than unreadable). */
typedef struct {
  GError    **error;
  const char *where;
  gboolean    other_line;
} JCtx;

static gboolean
jbad (JCtx *c, const char *key)
{
  if (c->error != NULL && *c->error == NULL)
    g_set_error (c->error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                 /* TRANSLATORS: %s: a field name, %s: where (e.g. "decision 12") */
                 _("Invalid analysis data: field “%s” of %s is missing or wrong"), key, c->where);
  return FALSE;
}

static gboolean
jother (JCtx *c, const char *key)
{
  c->other_line = TRUE;
  return jbad (c, key);
}

static JsonNode *
jget (JsonObject *obj, const char *key)
{
  return obj != NULL ? json_object_get_member (obj, key) : NULL;
}

static JsonObject *
jobject (JsonNode *n)
{
  return n != NULL && JSON_NODE_HOLDS_OBJECT (n) ? json_node_get_object (n) : NULL;
}

static gboolean
holds_value_type (JsonNode *n, GType type)
{
  return n != NULL && JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == type;
}

static gboolean
jdouble (JCtx *c, JsonObject *obj, const char *key, double *out)
{
  JsonNode *n = jget (obj, key);

  if (!holds_value_type (n, G_TYPE_DOUBLE) && !holds_value_type (n, G_TYPE_INT64))
    return jbad (c, key);
  *out = json_node_get_double (n);
  return isfinite (*out) ? TRUE : jbad (c, key);
}

/* json-glib reads every integer as a gint64: a count is never negative,
 * while a 64-bit seed or iteration count above G_MAXINT64 (written with
 * %llu) reads back as its negative two's complement (wide). */
static gboolean
jinteger (JCtx *c, JsonObject *obj, const char *key, gboolean wide, guint64 *out)
{
  JsonNode *n = jget (obj, key);
  gint64 v;

  if (!holds_value_type (n, G_TYPE_INT64))
    return jbad (c, key);
  v = json_node_get_int (n);
  if (v < 0 && !wide)
    return jbad (c, key);
  *out = (guint64) v;
  return TRUE;
}

static gboolean
juint64 (JCtx *c, JsonObject *obj, const char *key, guint64 *out)
{
  return jinteger (c, obj, key, FALSE, out);
}

static gboolean
jbool (JCtx *c, JsonObject *obj, const char *key, gboolean *out)
{
  JsonNode *n = jget (obj, key);

  if (!holds_value_type (n, G_TYPE_BOOLEAN))
    return jbad (c, key);
  *out = json_node_get_boolean (n);
  return TRUE;
}

static const char *
jstring (JCtx *c, JsonObject *obj, const char *key)
{
  JsonNode *n = jget (obj, key);

  if (!holds_value_type (n, G_TYPE_STRING))
    {
      jbad (c, key);
      return NULL;
    }
  return json_node_get_string (n);
}

static gboolean
read_decision (JCtx *c, const ImhState *s, const char *text, ImhDecision *out,
               char buf[IMH_DECISION_TEXT_MAX])
{
  const ImhRules *rules = imh_rules_of (s);

  if (text == NULL || !rules->decision_from_text (s, text, out) || !rules->is_legal (s, *out))
    {
      if (c->error != NULL && *c->error == NULL)
        g_set_error (c->error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                     _("Invalid analysis data: “%s” is not a legal decision at %s"),
                     text ? text : "", c->where);
      return FALSE;
    }
  rules->decision_to_text (s, *out, buf, IMH_DECISION_TEXT_MAX);
  return TRUE;
}

static gboolean
read_candidate (JCtx *c, const ImhState *s, JsonNode *node, ImhAnalysisCandidate *out)
{
  JsonObject *obj = jobject (node);
  guint64 visits;

  memset (out, 0, sizeof *out);
  if (obj == NULL)
    return jbad (c, "top");
  if (!read_decision (c, s, jstring (c, obj, "decision"), &out->decision, out->text)
      || !juint64 (c, obj, "visits", &visits)
      || !jdouble (c, obj, "win", &out->win)
      || !jdouble (c, obj, "win_ci", &out->win_ci)
      || !jdouble (c, obj, "margin", &out->margin))
    return FALSE;
  out->visits = (uint32_t) MIN (visits, G_MAXUINT32);
  return TRUE;
}

static gboolean
read_ply (JCtx *c, const ImhState *s, ImhDecision played, guint i, JsonNode *node,
          ImhAnalysisPly *p)
{
  const ImhRules *rules = imh_rules_of (s);
  JsonObject *obj = jobject (node);
  JsonArray *top;
  guint64 u = 0;
  gboolean b = FALSE;
  JsonNode *n;
  const char *mark;

  memset (p, 0, sizeof *p);
  if (obj == NULL)
    return jbad (c, "plies");
  if (!juint64 (c, obj, "ply", &u) || u != i)
    return jbad (c, "ply");
  p->ply = i;
  p->mover = rules->actor (s);
  p->turn = rules->turn_index (s);
  /* The decision played is the record's: otherwise this is the analysis
   * of another line. */
  if (!read_decision (c, s, jstring (c, obj, "played"), &p->played, p->played_text))
    {
      c->other_line = TRUE;
      return FALSE;
    }
  if (p->played != played)
    return jother (c, "played");
  if (!read_decision (c, s, jstring (c, obj, "best"), &p->best, p->best_text))
    return FALSE;
  if (!juint64 (c, obj, "legal", &u))
    return FALSE;
  p->n_legal = (uint16_t) MIN (u, IMH_MAX_DECISIONS);
  if (!jbool (c, obj, "forced", &b))
    return FALSE;
  p->forced = b;
  if (!jdouble (c, obj, "win_before", &p->win_before)
      || !jdouble (c, obj, "win_before_ci", &p->win_before_ci)
      || !jdouble (c, obj, "win_after", &p->win_after)
      || !jdouble (c, obj, "win_after_ci", &p->win_after_ci)
      || !jdouble (c, obj, "margin_before", &p->margin_before)
      || !jdouble (c, obj, "margin_after", &p->margin_after)
      || !jdouble (c, obj, "loss", &p->loss)
      || !jdouble (c, obj, "loss_ci", &p->loss_ci))
    return FALSE;
  n = jget (obj, "mark");
  if (n == NULL || (!JSON_NODE_HOLDS_NULL (n) && !holds_value_type (n, G_TYPE_STRING)))
    return jbad (c, "mark");
  mark = JSON_NODE_HOLDS_NULL (n) ? "" : json_node_get_string (n);
  p->mark = IMH_MARK_NONE;
  for (int k = 1; k < IMH_N_MARKS; k++)
    if (strcmp (mark, imh_analysis_mark_name ((ImhMark) k)) == 0)
      p->mark = (ImhMark) k;
  if (mark[0] != '\0' && p->mark == IMH_MARK_NONE)
    return jbad (c, "mark");
  n = jget (obj, "alternative");
  if (n == NULL)
    return jbad (c, "alternative");
  if (!JSON_NODE_HOLDS_NULL (n))
    {
      if (!read_candidate (c, s, n, &p->alternative))
        return FALSE;
      p->has_alternative = true;
    }
  if (!jbool (c, obj, "chance", &b))
    return FALSE;
  p->chance = b;
  if (p->chance)
    {
      if (!jdouble (c, obj, "win_actual", &p->win_actual)
          || !jdouble (c, obj, "win_actual_ci", &p->win_actual_ci)
          || !jdouble (c, obj, "luck", &p->luck))
        return FALSE;
    }
  else
    {
      p->win_actual = p->win_after;
      p->win_actual_ci = p->win_after_ci;
    }
  n = jget (obj, "top");
  if (n == NULL || !JSON_NODE_HOLDS_ARRAY (n))
    return jbad (c, "top");
  top = json_node_get_array (n);
  if (json_array_get_length (top) > IMH_ANALYSIS_TOP)
    return jbad (c, "top");
  for (guint k = 0; k < json_array_get_length (top); k++)
    if (!read_candidate (c, s, json_array_get_element (top, k), &p->top[p->n_top++]))
      return FALSE;
  return TRUE;
}

/* Where json-glib stopped: its "error" signal comes while the scanner
 * still knows the position. */
typedef struct {
  guint line, pos;
} ParsePosition;

static void
parse_error_cb (JsonParser *parser,
                gpointer    error,
                gpointer    data)
{
  ParsePosition *where = data;

  where->line = json_parser_get_current_line (parser);
  where->pos = json_parser_get_current_pos (parser);
}

/* The analysis in json for record; NULL with G_IO_ERROR_INVALID_DATA, and
 * *other_line TRUE when it is the analysis of other decisions than the
 * record's main line (a game played on, or another game). */
static ImhAnalysis *
read_analysis (const char  *record,
               const char  *json,
               gboolean    *other_line,
               GError     **error)
{
  ImhRecordError rerr = { 0 };
  g_autoptr(GError) local = NULL;
  g_autoptr(JsonParser) parser = NULL;
  g_autofree char *repaired = NULL;
  ParsePosition where = { 0 };
  JsonObject *root, *settings;
  JsonArray *plies;
  ImhRecord *r = NULL;
  ImhAnalysis *a = NULL;
  ImhState s;
  JCtx c = { &local, NULL, FALSE };
  guint64 u;
  const char *text;
  int depth;

  /* TRANSLATORS: where in the analysis data an error is ("field x of the analysis") */
  c.where = _("the analysis");
  r = imh_record_parse (record, strlen (record), &rerr);
  if (r == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("The record is invalid at %u:%u: %s"), rerr.line, rerr.column,
                   rerr.message);
      return NULL;
    }

  repaired = repair_decimal_commas (json);
  parser = json_parser_new ();
  g_signal_connect (parser, "error", G_CALLBACK (parse_error_cb), &where);
  if (!json_parser_load_from_data (parser, repaired != NULL ? repaired : json, -1, &local))
    {
      g_autofree char *why = NULL;
      const char *message = local->message;

      /* json-glib's message starts with "<data>:line:column: ", said below. */
      if (g_str_has_prefix (message, "<data>:"))
        {
          const char *rest = strstr (message + 7, ": ");
          if (rest != NULL)
            message = rest + 2;
        }
      why = g_strdup (message);
      g_clear_error (&local);
      g_set_error (&local, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   /* TRANSLATORS: the analysis data stored in the library is not JSON;
                    * %s: the JSON parser's message */
                   _("Invalid analysis data at line %u, byte %u: %s"), where.line, where.pos, why);
      goto out;
    }
  root = json_parser_get_root (parser) != NULL ? jobject (json_parser_get_root (parser)) : NULL;
  if (root == NULL)
    {
      jbad (&c, "format");
      goto out;
    }

  a = calloc (1, sizeof *a);
  if (a == NULL)
    goto out;
  if (!juint64 (&c, root, "format", &u) || u != 1)
    {
      jbad (&c, "format");
      goto out;
    }
  text = jstring (&c, root, "game");
  if (text == NULL || strcmp (text, r->rules->id) != 0)
    {
      jother (&c, "game");
      goto out;
    }
  a->game = r->rules->kind;
  a->n_players = r->options.n_players;
  if (!juint64 (&c, root, "players", &u) || u != a->n_players)
    {
      jother (&c, "players");
      goto out;
    }
  settings = jobject (jget (root, "settings"));
  text = jstring (&c, settings, "depth");
  depth = imh_analysis_depth_from_name (text);
  if (depth < 0)
    {
      jbad (&c, "depth");
      goto out;
    }
  imh_analysis_settings_init (&a->settings, (ImhAnalysisDepth) depth);
  if (!jinteger (&c, settings, "root_iterations", TRUE, &a->settings.root_iterations)
      || !juint64 (&c, settings, "samples", &u))
    goto out;
  a->settings.samples = (uint32_t) MIN (u, G_MAXUINT32);
  if (!juint64 (&c, settings, "sample_iterations", &u))
    goto out;
  a->settings.sample_iterations = (uint32_t) MIN (u, G_MAXUINT32);
  if (!jinteger (&c, settings, "seed", TRUE, &a->settings.seed))
    goto out;
  text = jstring (&c, settings, "engine_version");
  if (text == NULL)
    goto out;
  g_strlcpy (a->engine_version, text, sizeof a->engine_version);
  if (!juint64 (&c, root, "elapsed_ms", &u))
    goto out;
  a->elapsed_ms = (uint32_t) MIN (u, G_MAXUINT32);
  if (!jinteger (&c, root, "iterations", TRUE, &a->iterations))
    goto out;

  if (jget (root, "plies") == NULL || !JSON_NODE_HOLDS_ARRAY (jget (root, "plies")))
    {
      jbad (&c, "plies");
      goto out;
    }
  plies = json_node_get_array (jget (root, "plies"));
  if (json_array_get_length (plies) != r->main.n_decisions)
    {
      jother (&c, "plies");
      goto out;
    }
  a->n_plies = json_array_get_length (plies);
  a->plies = calloc (a->n_plies ? a->n_plies : 1, sizeof *a->plies);
  if (a->plies == NULL)
    goto out;
  imh_record_initial (r, &s);
  for (guint i = 0; i < a->n_plies; i++)
    {
      /* TRANSLATORS: where in the analysis data an error is */
      g_autofree char *ply_where = g_strdup_printf (_("decision %u"), i + 1);

      c.where = ply_where;
      if (!read_ply (&c, &s, r->main.decisions[i], i, json_array_get_element (plies, i),
                     &a->plies[i]))
        goto out;
      c.where = _("the analysis");
      imh_apply (&s, r->main.decisions[i]);
    }
  imh_analysis_summarize (a, &s);

out:
  imh_record_free (r);
  if (other_line != NULL)
    *other_line = local != NULL && c.other_line;
  if (local != NULL || a == NULL)
    {
      imh_analysis_free (a);
      if (local != NULL)
        g_propagate_error (error, g_steal_pointer (&local));
      else
        g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Out of memory"));
      return NULL;
    }
  return a;
}

ImhAnalysisResult *
imh_analysis_result_new_from_json (const char  *record,
                                   const char  *json,
                                   GError     **error)
{
  ImhAnalysis *a;

  g_return_val_if_fail (record != NULL, NULL);
  g_return_val_if_fail (json != NULL, NULL);

  a = read_analysis (record, json, NULL, error);
  return a != NULL ? result_new (a) : NULL;
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
  a = read_analysis (record, data, &other_line, &local);
  if (a != NULL)
    {
      note_analysis_state (library, game_id, IMH_LIBRARY_ANALYSIS_READABLE);
      return result_new (a);
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

/* ---------------------------------------------------------------- */
/* Job                                                              */

struct _ImhAnalysisJob
{
  GObject      parent_instance;

  ImhRecord   *record;
  ImhAnalysisDepth depth;
  guint64      seed;
  guint        threads;
  guint64      root_iterations;
  guint        samples;
  guint        sample_iterations;
  ImhLibrary  *library;
  gint64       game_id;

  gboolean     running;
  guint        generation;     /* of the current run: stale progress is dropped */
  guint        done;
  guint        total;
};

G_DEFINE_FINAL_TYPE (ImhAnalysisJob, imh_analysis_job, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_DEPTH,
  PROP_SEED,
  PROP_THREADS,
  PROP_RUNNING,
  PROP_PROGRESS,
  PROP_DONE,
  PROP_TOTAL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Shared by the job (main context) and the worker. */
typedef struct {
  ImhAnalysisJob     *job;          /* strong */
  ImhRecord          *record;       /* a copy */
  ImhAnalysisSettings settings;
  ImhLibrary         *library;      /* strong, or NULL */
  gint64              game_id;
  GMainContext       *context;
  GCancellable       *cancellable;
  gulong              cancelled_id;
  atomic_bool         stop;
  atomic_uint         done;
  atomic_bool         progress_pending;
  gboolean            report_progress;
  guint               generation;
} RunData;

static void
run_data_clear (RunData *rd)
{
  if (rd->cancellable != NULL && rd->cancelled_id != 0)
    g_cancellable_disconnect (rd->cancellable, rd->cancelled_id);
  g_clear_object (&rd->cancellable);
  g_clear_pointer (&rd->record, imh_record_free);
  g_clear_object (&rd->library);
  g_clear_pointer (&rd->context, g_main_context_unref);
  g_clear_object (&rd->job);
}

static RunData *
run_data_ref (RunData *rd)
{
  return g_atomic_rc_box_acquire (rd);
}

static void
run_data_unref (RunData *rd)
{
  g_atomic_rc_box_release_full (rd, (GDestroyNotify) run_data_clear);
}

static void
set_progress (ImhAnalysisJob *self,
              guint           done,
              guint           total)
{
  gboolean progress_changed = FALSE;

  if (self->total != total)
    {
      self->total = total;
      progress_changed = TRUE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TOTAL]);
    }
  if (self->done != done)
    {
      self->done = done;
      progress_changed = TRUE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DONE]);
    }
  if (progress_changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROGRESS]);
}

static void
set_running (ImhAnalysisJob *self,
             gboolean        running)
{
  if (self->running == running)
    return;
  self->running = running;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

static gboolean
progress_idle (gpointer data)
{
  RunData *rd = data;

  atomic_store (&rd->progress_pending, false);
  if (rd->job->running && rd->job->generation == rd->generation && !atomic_load (&rd->stop))
    set_progress (rd->job, atomic_load (&rd->done), rd->job->total);
  return G_SOURCE_REMOVE;
}

/* Worker thread: coalesces progress into at most one pending idle. */
static void
progress_cb (void       *user,
             uint32_t    done,
             uint32_t    total)
{
  RunData *rd = user;
  GSource *source;

  (void) total;
  atomic_store (&rd->done, done);
  if (!rd->report_progress || atomic_exchange (&rd->progress_pending, true))
    return;
  source = g_idle_source_new ();
  g_source_set_priority (source, G_PRIORITY_DEFAULT_IDLE);
  g_source_set_callback (source, progress_idle, run_data_ref (rd),
                         (GDestroyNotify) run_data_unref);
  g_source_set_static_name (source, "[imh] analysis progress");
  g_source_attach (source, rd->context);
  g_source_unref (source);
}

static void
cancelled_cb (GCancellable *cancellable,
              gpointer      data)
{
  RunData *rd = data;
  atomic_store (&rd->stop, true);
}

static ImhAnalysisResult *
run_blocking (RunData      *rd,
              GError      **error)
{
  char why[256];
  ImhAnalysis *a;
  g_autoptr(ImhAnalysisResult) result = NULL;

  a = imh_analysis_run_record (rd->record, &rd->settings, why, sizeof why);
  if (a == NULL)
    {
      if (atomic_load (&rd->stop))
        g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                             _("The analysis was cancelled"));
      else
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                     _("The analysis failed: %s"), why);
      return NULL;
    }
  result = result_new (a);
  if (rd->library != NULL
      && !imh_analysis_result_save (result, rd->library, rd->game_id, error))
    return NULL;
  return g_steal_pointer (&result);
}

static void
run_thread (GTask        *task,
            gpointer      source_object,
            gpointer      task_data,
            GCancellable *cancellable)
{
  RunData *rd = task_data;
  GError *error = NULL;
  ImhAnalysisResult *result = run_blocking (rd, &error);

  if (result == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, result, (GDestroyNotify) imh_analysis_result_unref);
}

static RunData *
run_data_new (ImhAnalysisJob *self,
              GCancellable   *cancellable,
              gboolean        report_progress)
{
  RunData *rd = g_atomic_rc_box_new0 (RunData);

  rd->job = g_object_ref (self);
  rd->record = imh_record_copy (self->record);
  imh_analysis_settings_init (&rd->settings, self->depth);
  if (self->root_iterations > 0)
    rd->settings.root_iterations = self->root_iterations;
  if (self->samples > 0)
    rd->settings.samples = self->samples;
  if (self->sample_iterations > 0)
    rd->settings.sample_iterations = self->sample_iterations;
  rd->settings.seed = self->seed;
  rd->settings.threads = self->threads;
  rd->settings.stop = &rd->stop;
  rd->settings.progress = progress_cb;
  rd->settings.user = rd;
  rd->report_progress = report_progress;
  rd->generation = self->generation;
  rd->library = self->library ? g_object_ref (self->library) : NULL;
  rd->game_id = self->game_id;
  rd->context = g_main_context_ref_thread_default ();
  atomic_init (&rd->stop, false);
  atomic_init (&rd->done, 0);
  atomic_init (&rd->progress_pending, false);
  if (cancellable != NULL)
    {
      rd->cancellable = g_object_ref (cancellable);
      rd->cancelled_id = g_cancellable_connect (cancellable, G_CALLBACK (cancelled_cb), rd, NULL);
    }
  return rd;
}

/* The inner task finished (main context): update the state, then
 * complete the caller's task. */
static void
inner_done_cb (GObject      *source,
               GAsyncResult *res,
               gpointer      data)
{
  ImhAnalysisJob *self = IMH_ANALYSIS_JOB (source);
  g_autoptr(GTask) outer = data;
  GError *error = NULL;
  ImhAnalysisResult *result = g_task_propagate_pointer (G_TASK (res), &error);

  if (result != NULL)
    set_progress (self, self->total, self->total);
  set_running (self, FALSE);
  if (result != NULL)
    g_task_return_pointer (outer, result, (GDestroyNotify) imh_analysis_result_unref);
  else
    g_task_return_error (outer, error);
}

void
imh_analysis_job_run_async (ImhAnalysisJob      *self,
                            GCancellable        *cancellable,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data)
{
  g_autoptr(GTask) outer = NULL;
  g_autoptr(GTask) inner = NULL;
  RunData *rd;

  g_return_if_fail (IMH_IS_ANALYSIS_JOB (self));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  outer = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (outer, imh_analysis_job_run_async);
  g_task_set_name (outer, "imh-analysis-job");
  if (self->running)
    {
      g_task_return_new_error (outer, G_IO_ERROR, G_IO_ERROR_PENDING,
                               _("The analysis is already running"));
      return;
    }

  self->generation++;
  set_running (self, TRUE);
  set_progress (self, 0, self->record->main.n_decisions);

  rd = run_data_new (self, cancellable, TRUE);
  /* No check-cancellable: the worker always returns, and a cancel ends
   * it within milliseconds through the stop flag. */
  inner = g_task_new (self, NULL, inner_done_cb, g_steal_pointer (&outer));
  g_task_set_source_tag (inner, imh_analysis_job_run_async);
  g_task_set_name (inner, "imh-analysis-job-worker");
  g_task_set_task_data (inner, rd, (GDestroyNotify) run_data_unref);
  g_task_run_in_thread (inner, run_thread);
}

ImhAnalysisResult *
imh_analysis_job_run_finish (ImhAnalysisJob  *self,
                             GAsyncResult    *result,
                             GError         **error)
{
  g_return_val_if_fail (IMH_IS_ANALYSIS_JOB (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

ImhAnalysisResult *
imh_analysis_job_run (ImhAnalysisJob  *self,
                      GCancellable    *cancellable,
                      GError         **error)
{
  RunData *rd;
  ImhAnalysisResult *result;

  g_return_val_if_fail (IMH_IS_ANALYSIS_JOB (self), NULL);

  rd = run_data_new (self, cancellable, FALSE);
  result = run_blocking (rd, error);
  run_data_unref (rd);
  return result;
}

ImhAnalysisJob *
imh_analysis_job_new (const char  *record,
                      GError     **error)
{
  ImhRecordError rerr = { 0 };
  ImhRecord *r;
  ImhAnalysisJob *self;

  g_return_val_if_fail (record != NULL, NULL);

  r = imh_record_parse (record, strlen (record), &rerr);
  if (r == NULL)
    {
      /* TRANSLATORS: line:column: the parser's message (English) */
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("The record is invalid at %u:%u: %s"), rerr.line, rerr.column,
                   rerr.message);
      return NULL;
    }
  self = g_object_new (IMH_TYPE_ANALYSIS_JOB, NULL);
  self->record = r;
  self->total = r->main.n_decisions;
  return self;
}

ImhAnalysisJob *
imh_analysis_job_new_for_game (ImhLibrary  *library,
                               gint64       game_id,
                               GError     **error)
{
  g_autofree char *record = NULL;
  ImhAnalysisJob *self;

  g_return_val_if_fail (IMH_IS_LIBRARY (library), NULL);

  record = imh_library_load_record (library, game_id, error);
  if (record == NULL)
    return NULL;
  self = imh_analysis_job_new (record, error);
  if (self != NULL)
    imh_analysis_job_set_library (self, library, game_id);
  return self;
}

void
imh_analysis_job_set_depth (ImhAnalysisJob   *self,
                            ImhAnalysisDepth  depth)
{
  g_return_if_fail (IMH_IS_ANALYSIS_JOB (self));
  g_return_if_fail ((unsigned) depth < IMH_N_ANALYSIS_DEPTHS);

  if (self->depth == depth)
    return;
  self->depth = depth;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DEPTH]);
}

ImhAnalysisDepth
imh_analysis_job_get_depth (ImhAnalysisJob *self)
{
  g_return_val_if_fail (IMH_IS_ANALYSIS_JOB (self), IMH_ANALYSIS_STANDARD);
  return self->depth;
}

void
imh_analysis_job_set_seed (ImhAnalysisJob *self,
                           guint64         seed)
{
  g_return_if_fail (IMH_IS_ANALYSIS_JOB (self));

  if (self->seed == seed)
    return;
  self->seed = seed;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SEED]);
}

guint64
imh_analysis_job_get_seed (ImhAnalysisJob *self)
{
  g_return_val_if_fail (IMH_IS_ANALYSIS_JOB (self), 0);
  return self->seed;
}

void
imh_analysis_job_set_threads (ImhAnalysisJob *self,
                              guint           threads)
{
  g_return_if_fail (IMH_IS_ANALYSIS_JOB (self));

  threads = CLAMP (threads, 1, 64);
  if (self->threads == threads)
    return;
  self->threads = threads;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_THREADS]);
}

guint
imh_analysis_job_get_threads (ImhAnalysisJob *self)
{
  g_return_val_if_fail (IMH_IS_ANALYSIS_JOB (self), 1);
  return self->threads;
}

void
imh_analysis_job_set_budget (ImhAnalysisJob *self,
                             guint64         root_iterations,
                             guint           samples,
                             guint           sample_iterations)
{
  g_return_if_fail (IMH_IS_ANALYSIS_JOB (self));

  self->root_iterations = root_iterations;
  self->samples = samples;
  self->sample_iterations = sample_iterations;
}

void
imh_analysis_job_set_library (ImhAnalysisJob *self,
                              ImhLibrary     *library,
                              gint64          game_id)
{
  g_return_if_fail (IMH_IS_ANALYSIS_JOB (self));
  g_return_if_fail (library == NULL || IMH_IS_LIBRARY (library));

  g_set_object (&self->library, library);
  self->game_id = library != NULL ? game_id : 0;
}

gboolean
imh_analysis_job_get_running (ImhAnalysisJob *self)
{
  g_return_val_if_fail (IMH_IS_ANALYSIS_JOB (self), FALSE);
  return self->running;
}

double
imh_analysis_job_get_progress (ImhAnalysisJob *self)
{
  g_return_val_if_fail (IMH_IS_ANALYSIS_JOB (self), 0);
  return self->total ? (double) self->done / self->total : 0;
}

guint
imh_analysis_job_get_done (ImhAnalysisJob *self)
{
  g_return_val_if_fail (IMH_IS_ANALYSIS_JOB (self), 0);
  return self->done;
}

guint
imh_analysis_job_get_total (ImhAnalysisJob *self)
{
  g_return_val_if_fail (IMH_IS_ANALYSIS_JOB (self), 0);
  return self->total;
}

static void
imh_analysis_job_finalize (GObject *object)
{
  ImhAnalysisJob *self = IMH_ANALYSIS_JOB (object);

  g_clear_pointer (&self->record, imh_record_free);

  G_OBJECT_CLASS (imh_analysis_job_parent_class)->finalize (object);
}

static void
imh_analysis_job_dispose (GObject *object)
{
  ImhAnalysisJob *self = IMH_ANALYSIS_JOB (object);

  g_clear_object (&self->library);

  G_OBJECT_CLASS (imh_analysis_job_parent_class)->dispose (object);
}

static void
imh_analysis_job_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  ImhAnalysisJob *self = IMH_ANALYSIS_JOB (object);

  switch (prop_id)
    {
    case PROP_DEPTH:
      g_value_set_int (value, self->depth);
      break;
    case PROP_SEED:
      g_value_set_uint64 (value, self->seed);
      break;
    case PROP_THREADS:
      g_value_set_uint (value, self->threads);
      break;
    case PROP_RUNNING:
      g_value_set_boolean (value, self->running);
      break;
    case PROP_PROGRESS:
      g_value_set_double (value, imh_analysis_job_get_progress (self));
      break;
    case PROP_DONE:
      g_value_set_uint (value, self->done);
      break;
    case PROP_TOTAL:
      g_value_set_uint (value, self->total);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imh_analysis_job_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  ImhAnalysisJob *self = IMH_ANALYSIS_JOB (object);

  switch (prop_id)
    {
    case PROP_DEPTH:
      imh_analysis_job_set_depth (self, (ImhAnalysisDepth) g_value_get_int (value));
      break;
    case PROP_SEED:
      imh_analysis_job_set_seed (self, g_value_get_uint64 (value));
      break;
    case PROP_THREADS:
      imh_analysis_job_set_threads (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imh_analysis_job_class_init (ImhAnalysisJobClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = imh_analysis_job_dispose;
  object_class->finalize = imh_analysis_job_finalize;
  object_class->get_property = imh_analysis_job_get_property;
  object_class->set_property = imh_analysis_job_set_property;

  properties[PROP_DEPTH] =
    g_param_spec_int ("depth", NULL, NULL, 0, IMH_N_ANALYSIS_DEPTHS - 1, IMH_ANALYSIS_STANDARD,
                      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_SEED] =
    g_param_spec_uint64 ("seed", NULL, NULL, 0, G_MAXUINT64, 1,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_THREADS] =
    g_param_spec_uint ("threads", NULL, NULL, 1, 64, 1,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_RUNNING] =
    g_param_spec_boolean ("running", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_PROGRESS] =
    g_param_spec_double ("progress", NULL, NULL, 0, 1, 0,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_DONE] =
    g_param_spec_uint ("done", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_TOTAL] =
    g_param_spec_uint ("total", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
imh_analysis_job_init (ImhAnalysisJob *self)
{
  self->depth = IMH_ANALYSIS_STANDARD;
  self->seed = 1;
  self->threads = CLAMP (g_get_num_processors (), 1, 64);
}
