/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-analysis-json.c — reading an analysis back from the JSON its writer stored. */
#define G_LOG_DOMAIN "imh-analysis-job"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "imh-analysis-private.h"
#include "imh-record.h"

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
char *
_imh_analysis_repair_decimal_commas (const char *json)
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
ImhAnalysis *
_imh_analysis_read_json (const char  *record,
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

  repaired = _imh_analysis_repair_decimal_commas (json);
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
