/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-analysis-job.c — analysing a whole game in a worker thread. */
#define G_LOG_DOMAIN "imh-analysis-job"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "imh-analysis-job.h"
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

gboolean
imh_analysis_result_save (ImhAnalysisResult *result,
                          ImhLibrary        *library,
                          gint64             game_id,
                          GError           **error)
{
  char *settings, *data;
  gint64 id;

  g_return_val_if_fail (result != NULL, FALSE);
  g_return_val_if_fail (IMH_IS_LIBRARY (library), FALSE);

  settings = imh_analysis_settings_to_json (result->analysis);
  data = imh_analysis_to_json (result->analysis);
  if (settings == NULL || data == NULL)
    {
      free (settings);
      free (data);
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Out of memory"));
      return FALSE;
    }
  id = imh_library_add_analysis (library, game_id, result->analysis->engine_version,
                                 settings, data, result->analysis->n_blunders, error);
  free (settings);
  free (data);
  return id > 0;
}

/* ---------------------------------------------------------------- */
/* Reading an analysis back from JSON                               */

typedef enum {
  J_NULL,
  J_BOOL,
  J_NUMBER,
  J_STRING,
  J_ARRAY,
  J_OBJECT,
} JType;

typedef struct _JNode JNode;
struct _JNode {
  JType      type;
  gboolean   boolean;
  char      *text;        /* J_STRING: the string; J_NUMBER: the number as written */
  GPtrArray *items;       /* J_ARRAY, J_OBJECT: JNode */
  GPtrArray *keys;        /* J_OBJECT: char* */
};

static void
jnode_free (JNode *n)
{
  if (n == NULL)
    return;
  g_free (n->text);
  g_clear_pointer (&n->items, g_ptr_array_unref);
  g_clear_pointer (&n->keys, g_ptr_array_unref);
  g_free (n);
}

typedef struct {
  const char *s;
  size_t      pos, len;
  int         depth;
  GError    **error;
} JParser;

static gboolean
jfail (JParser *p, const char *what)
{
  if (p->error != NULL && *p->error == NULL)
    g_set_error (p->error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                 /* TRANSLATORS: the analysis data stored in the library is broken */
                 _("Invalid analysis data at byte %zu: %s"), p->pos, what);
  return FALSE;
}

static void
jskip (JParser *p)
{
  while (p->pos < p->len && g_ascii_isspace (p->s[p->pos]))
    p->pos++;
}

static JNode *jparse_value (JParser *p);

static char *
jparse_string (JParser *p)
{
  GString *out;

  if (p->pos >= p->len || p->s[p->pos] != '"')
    {
      jfail (p, "expected a string");
      return NULL;
    }
  p->pos++;
  out = g_string_new (NULL);
  while (p->pos < p->len && p->s[p->pos] != '"')
    {
      char c = p->s[p->pos++];
      if ((unsigned char) c < 0x20)
        {
          g_string_free (out, TRUE);
          jfail (p, "control character in a string");
          return NULL;
        }
      if (c != '\\')
        {
          g_string_append_c (out, c);
          continue;
        }
      if (p->pos >= p->len)
        break;
      c = p->s[p->pos++];
      switch (c)
        {
        case '"': case '\\': case '/': g_string_append_c (out, c); break;
        case 'n': g_string_append_c (out, '\n'); break;
        case 't': g_string_append_c (out, '\t'); break;
        case 'r': g_string_append_c (out, '\r'); break;
        case 'b': g_string_append_c (out, '\b'); break;
        case 'f': g_string_append_c (out, '\f'); break;
        case 'u':
          {
            guint v = 0;
            for (int k = 0; k < 4; k++)
              {
                int d = p->pos < p->len ? g_ascii_xdigit_value (p->s[p->pos]) : -1;
                if (d < 0)
                  {
                    g_string_free (out, TRUE);
                    jfail (p, "bad \\u escape");
                    return NULL;
                  }
                v = v * 16 + (guint) d;
                p->pos++;
              }
            if (v == 0 || (v >= 0xd800 && v <= 0xdfff))
              {
                g_string_free (out, TRUE);
                jfail (p, "unsupported \\u escape");
                return NULL;
              }
            g_string_append_unichar (out, v);
          }
          break;
        default:
          g_string_free (out, TRUE);
          jfail (p, "bad escape");
          return NULL;
        }
    }
  if (p->pos >= p->len)
    {
      g_string_free (out, TRUE);
      jfail (p, "unterminated string");
      return NULL;
    }
  p->pos++;
  return g_string_free (out, FALSE);
}

static JNode *
jparse_container (JParser *p, gboolean object)
{
  JNode *n = g_new0 (JNode, 1);
  char close = object ? '}' : ']';

  n->type = object ? J_OBJECT : J_ARRAY;
  n->items = g_ptr_array_new_with_free_func ((GDestroyNotify) jnode_free);
  if (object)
    n->keys = g_ptr_array_new_with_free_func (g_free);
  if (++p->depth > 16)
    {
      jfail (p, "nested too deeply");
      jnode_free (n);
      return NULL;
    }
  p->pos++;
  jskip (p);
  if (p->pos < p->len && p->s[p->pos] == close)
    {
      p->pos++;
      p->depth--;
      return n;
    }
  for (;;)
    {
      JNode *v;

      jskip (p);
      if (object)
        {
          char *key = jparse_string (p);
          if (key == NULL)
            break;
          g_ptr_array_add (n->keys, key);
          jskip (p);
          if (p->pos >= p->len || p->s[p->pos] != ':')
            {
              jfail (p, "expected ':'");
              break;
            }
          p->pos++;
        }
      v = jparse_value (p);
      if (v == NULL)
        break;
      g_ptr_array_add (n->items, v);
      jskip (p);
      if (p->pos < p->len && p->s[p->pos] == ',')
        {
          p->pos++;
          continue;
        }
      if (p->pos < p->len && p->s[p->pos] == close)
        {
          p->pos++;
          p->depth--;
          return n;
        }
      jfail (p, object ? "expected ',' or '}'" : "expected ',' or ']'");
      break;
    }
  jnode_free (n);
  return NULL;
}

static JNode *
jparse_value (JParser *p)
{
  JNode *n;
  char c;

  jskip (p);
  if (p->pos >= p->len)
    {
      jfail (p, "unexpected end");
      return NULL;
    }
  c = p->s[p->pos];
  if (c == '{' || c == '[')
    return jparse_container (p, c == '{');
  if (c == '"')
    {
      char *s = jparse_string (p);
      if (s == NULL)
        return NULL;
      n = g_new0 (JNode, 1);
      n->type = J_STRING;
      n->text = s;
      return n;
    }
  if (c == '-' || g_ascii_isdigit (c))
    {
      size_t start = p->pos;
      while (p->pos < p->len && strchr ("+-0123456789.eE", p->s[p->pos]) != NULL)
        p->pos++;
      n = g_new0 (JNode, 1);
      n->type = J_NUMBER;
      n->text = g_strndup (p->s + start, p->pos - start);
      return n;
    }
  {
    static const struct { const char *word; JType type; gboolean b; } words[] = {
      { "true", J_BOOL, TRUE }, { "false", J_BOOL, FALSE }, { "null", J_NULL, FALSE },
    };
    for (guint i = 0; i < G_N_ELEMENTS (words); i++)
      {
        size_t l = strlen (words[i].word);
        if (p->len - p->pos >= l && strncmp (p->s + p->pos, words[i].word, l) == 0)
          {
            p->pos += l;
            n = g_new0 (JNode, 1);
            n->type = words[i].type;
            n->boolean = words[i].b;
            return n;
          }
      }
  }
  jfail (p, "unexpected character");
  return NULL;
}

static JNode *
jget (JNode *obj, const char *key)
{
  if (obj == NULL || obj->type != J_OBJECT)
    return NULL;
  for (guint i = 0; i < obj->keys->len; i++)
    if (strcmp (obj->keys->pdata[i], key) == 0)
      return obj->items->pdata[i];
  return NULL;
}

/* Field readers: FALSE (with the error) when missing or of the wrong type. */
typedef struct {
  GError    **error;
  const char *where;
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
jdouble (JCtx *c, JNode *obj, const char *key, double *out)
{
  JNode *n = jget (obj, key);
  char *end;

  if (n == NULL || n->type != J_NUMBER)
    return jbad (c, key);
  *out = g_ascii_strtod (n->text, &end);
  return *end == '\0' ? TRUE : jbad (c, key);
}

static gboolean
juint64 (JCtx *c, JNode *obj, const char *key, guint64 *out)
{
  JNode *n = jget (obj, key);
  char *end;

  if (n == NULL || n->type != J_NUMBER || n->text[0] == '-')
    return jbad (c, key);
  *out = g_ascii_strtoull (n->text, &end, 10);
  return *end == '\0' ? TRUE : jbad (c, key);
}

static gboolean
jbool (JCtx *c, JNode *obj, const char *key, gboolean *out)
{
  JNode *n = jget (obj, key);

  if (n == NULL || n->type != J_BOOL)
    return jbad (c, key);
  *out = n->boolean;
  return TRUE;
}

static const char *
jstring (JCtx *c, JNode *obj, const char *key)
{
  JNode *n = jget (obj, key);

  if (n == NULL || n->type != J_STRING)
    {
      jbad (c, key);
      return NULL;
    }
  return n->text;
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
read_candidate (JCtx *c, const ImhState *s, JNode *obj, ImhAnalysisCandidate *out)
{
  guint64 visits;

  memset (out, 0, sizeof *out);
  if (obj == NULL || obj->type != J_OBJECT)
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
read_ply (JCtx *c, const ImhState *s, ImhDecision played, guint i, JNode *obj,
          ImhAnalysisPly *p)
{
  const ImhRules *rules = imh_rules_of (s);
  guint64 u = 0;
  gboolean b = FALSE;
  JNode *n;
  const char *mark;

  memset (p, 0, sizeof *p);
  if (obj == NULL || obj->type != J_OBJECT)
    return jbad (c, "plies");
  if (!juint64 (c, obj, "ply", &u) || u != i)
    return jbad (c, "ply");
  p->ply = i;
  p->mover = rules->actor (s);
  p->turn = rules->turn_index (s);
  if (!read_decision (c, s, jstring (c, obj, "played"), &p->played, p->played_text))
    return FALSE;
  if (p->played != played)
    return jbad (c, "played");
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
  if (n == NULL || (n->type != J_NULL && n->type != J_STRING))
    return jbad (c, "mark");
  mark = n->type == J_STRING ? n->text : "";
  p->mark = IMH_MARK_NONE;
  for (int k = 1; k < IMH_N_MARKS; k++)
    if (strcmp (mark, imh_analysis_mark_name ((ImhMark) k)) == 0)
      p->mark = (ImhMark) k;
  if (mark[0] != '\0' && p->mark == IMH_MARK_NONE)
    return jbad (c, "mark");
  n = jget (obj, "alternative");
  if (n == NULL)
    return jbad (c, "alternative");
  if (n->type != J_NULL)
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
  if (n == NULL || n->type != J_ARRAY || n->items->len > IMH_ANALYSIS_TOP)
    return jbad (c, "top");
  for (guint k = 0; k < n->items->len; k++)
    if (!read_candidate (c, s, n->items->pdata[k], &p->top[p->n_top++]))
      return FALSE;
  return TRUE;
}

ImhAnalysisResult *
imh_analysis_result_new_from_json (const char  *record,
                                   const char  *json,
                                   GError     **error)
{
  ImhRecordError rerr = { 0 };
  g_autoptr(GError) local = NULL;
  JParser parser = { 0 };
  JNode *root = NULL, *settings, *plies;
  ImhRecord *r = NULL;
  ImhAnalysis *a = NULL;
  ImhState s;
  JCtx c = { &local, NULL };
  guint64 u;
  const char *text;
  int depth;

  g_return_val_if_fail (record != NULL, NULL);
  g_return_val_if_fail (json != NULL, NULL);

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

  parser.s = json;
  parser.len = strlen (json);
  parser.error = &local;
  root = jparse_value (&parser);
  if (root != NULL)
    {
      jskip (&parser);
      if (parser.pos != parser.len)
        {
          jfail (&parser, "text after the end");
          g_clear_pointer (&root, jnode_free);
        }
    }
  if (root == NULL)
    goto out;

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
      jbad (&c, "game");
      goto out;
    }
  a->game = r->rules->kind;
  a->n_players = r->options.n_players;
  if (!juint64 (&c, root, "players", &u) || u != a->n_players)
    {
      jbad (&c, "players");
      goto out;
    }
  settings = jget (root, "settings");
  text = jstring (&c, settings, "depth");
  depth = imh_analysis_depth_from_name (text);
  if (depth < 0)
    {
      jbad (&c, "depth");
      goto out;
    }
  imh_analysis_settings_init (&a->settings, (ImhAnalysisDepth) depth);
  if (!juint64 (&c, settings, "root_iterations", &a->settings.root_iterations)
      || !juint64 (&c, settings, "samples", &u))
    goto out;
  a->settings.samples = (uint32_t) MIN (u, G_MAXUINT32);
  if (!juint64 (&c, settings, "sample_iterations", &u))
    goto out;
  a->settings.sample_iterations = (uint32_t) MIN (u, G_MAXUINT32);
  if (!juint64 (&c, settings, "seed", &a->settings.seed))
    goto out;
  text = jstring (&c, settings, "engine_version");
  if (text == NULL)
    goto out;
  g_strlcpy (a->engine_version, text, sizeof a->engine_version);
  if (!juint64 (&c, root, "elapsed_ms", &u))
    goto out;
  a->elapsed_ms = (uint32_t) MIN (u, G_MAXUINT32);
  if (!juint64 (&c, root, "iterations", &a->iterations))
    goto out;

  plies = jget (root, "plies");
  if (plies == NULL || plies->type != J_ARRAY || plies->items->len != r->main.n_decisions)
    {
      jbad (&c, "plies");
      goto out;
    }
  a->n_plies = plies->items->len;
  a->plies = calloc (a->n_plies ? a->n_plies : 1, sizeof *a->plies);
  if (a->plies == NULL)
    goto out;
  imh_record_initial (r, &s);
  for (guint i = 0; i < a->n_plies; i++)
    {
      /* TRANSLATORS: where in the analysis data an error is */
      g_autofree char *where = g_strdup_printf (_("decision %u"), i + 1);

      c.where = where;
      if (!read_ply (&c, &s, r->main.decisions[i], i, plies->items->pdata[i], &a->plies[i]))
        goto out;
      c.where = _("the analysis");
      imh_apply (&s, r->main.decisions[i]);
    }
  imh_analysis_summarize (a, &s);

out:
  jnode_free (root);
  imh_record_free (r);
  if (local != NULL || a == NULL)
    {
      imh_analysis_free (a);
      if (local != NULL)
        g_propagate_error (error, g_steal_pointer (&local));
      else
        g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Out of memory"));
      return NULL;
    }
  return result_new (a);
}

ImhAnalysisResult *
imh_analysis_result_load (ImhLibrary  *library,
                          gint64       game_id,
                          GError     **error)
{
  g_autofree char *record = NULL, *version = NULL, *settings = NULL, *data = NULL;

  g_return_val_if_fail (IMH_IS_LIBRARY (library), NULL);

  record = imh_library_load_record (library, game_id, error);
  if (record == NULL)
    return NULL;
  if (!imh_library_get_latest_analysis (library, game_id, &version, &settings, &data, error))
    return NULL;
  return imh_analysis_result_new_from_json (record, data, error);
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
