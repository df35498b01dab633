/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-hint.c — ranked candidates of the AI for a position of a game. */
#define G_LOG_DOMAIN "imh-hint"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdatomic.h>
#include <string.h>

#include "imh-ai.h"
#include "imh-game-private.h"
#include "imh-hint.h"
#include "imh-texts.h"

/* The default budget: about a second on two cores of the 2-core machine
 * the hint's stability was measured on (docs/ai.md, "Hint stability":
 * 1,100,000 Duel iterations with 2 threads ≈ 1 s). An iteration budget,
 * not a time limit, so that the same position always gets the same hint. */
#define DEFAULT_ITERATIONS_DUEL    1100000
#define DEFAULT_ITERATIONS_CLASSIC  300000

struct _ImhHint
{
  GObject      parent_instance;

  guint        rank;
  guint        ply;
  int          actor;
  ImhDecision  decision;
  char        *text;
  char        *notation;
  guint        visits;
  double       win, win_ci;
  double       margin, margin_ci;
};

G_DEFINE_FINAL_TYPE (ImhHint, imh_hint, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_RANK,
  PROP_PLY,
  PROP_ACTOR,
  PROP_DECISION,
  PROP_TEXT,
  PROP_NOTATION,
  PROP_VISITS,
  PROP_WIN,
  PROP_WIN_CI,
  PROP_MARGIN,
  PROP_MARGIN_CI,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
imh_hint_finalize (GObject *object)
{
  ImhHint *self = IMH_HINT (object);

  g_free (self->text);
  g_free (self->notation);

  G_OBJECT_CLASS (imh_hint_parent_class)->finalize (object);
}

static void
imh_hint_get_property (GObject    *object,
                       guint       prop_id,
                       GValue     *value,
                       GParamSpec *pspec)
{
  ImhHint *self = IMH_HINT (object);

  switch (prop_id)
    {
    case PROP_RANK: g_value_set_uint (value, self->rank); break;
    case PROP_PLY: g_value_set_uint (value, self->ply); break;
    case PROP_ACTOR: g_value_set_int (value, self->actor); break;
    case PROP_DECISION: g_value_set_uint (value, self->decision); break;
    case PROP_TEXT: g_value_set_string (value, self->text); break;
    case PROP_NOTATION: g_value_set_string (value, self->notation); break;
    case PROP_VISITS: g_value_set_uint (value, self->visits); break;
    case PROP_WIN: g_value_set_double (value, self->win); break;
    case PROP_WIN_CI: g_value_set_double (value, self->win_ci); break;
    case PROP_MARGIN: g_value_set_double (value, self->margin); break;
    case PROP_MARGIN_CI: g_value_set_double (value, self->margin_ci); break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imh_hint_class_init (ImhHintClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags ro = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;

  object_class->finalize = imh_hint_finalize;
  object_class->get_property = imh_hint_get_property;

  properties[PROP_RANK] = g_param_spec_uint ("rank", NULL, NULL, 0, G_MAXUINT, 0, ro);
  properties[PROP_PLY] = g_param_spec_uint ("ply", NULL, NULL, 0, G_MAXUINT, 0, ro);
  properties[PROP_ACTOR] = g_param_spec_int ("actor", NULL, NULL, -1, IMH_MAX_PLAYERS, 0, ro);
  properties[PROP_DECISION] = g_param_spec_uint ("decision", NULL, NULL, 0, G_MAXUINT16, 0, ro);
  properties[PROP_TEXT] = g_param_spec_string ("text", NULL, NULL, NULL, ro);
  properties[PROP_NOTATION] = g_param_spec_string ("notation", NULL, NULL, NULL, ro);
  properties[PROP_VISITS] = g_param_spec_uint ("visits", NULL, NULL, 0, G_MAXUINT, 0, ro);
  properties[PROP_WIN] = g_param_spec_double ("win", NULL, NULL, 0, 1, 0, ro);
  properties[PROP_WIN_CI] = g_param_spec_double ("win-ci", NULL, NULL, 0, G_MAXDOUBLE, 0, ro);
  properties[PROP_MARGIN] =
    g_param_spec_double ("margin", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0, ro);
  properties[PROP_MARGIN_CI] = g_param_spec_double ("margin-ci", NULL, NULL, 0, G_MAXDOUBLE, 0, ro);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
imh_hint_init (ImhHint *self)
{
}

guint
imh_hint_get_rank (ImhHint *self)
{
  g_return_val_if_fail (IMH_IS_HINT (self), 0);
  return self->rank;
}

guint
imh_hint_get_ply (ImhHint *self)
{
  g_return_val_if_fail (IMH_IS_HINT (self), 0);
  return self->ply;
}

int
imh_hint_get_actor (ImhHint *self)
{
  g_return_val_if_fail (IMH_IS_HINT (self), -1);
  return self->actor;
}

ImhDecision
imh_hint_get_decision (ImhHint *self)
{
  g_return_val_if_fail (IMH_IS_HINT (self), 0);
  return self->decision;
}

const char *
imh_hint_get_text (ImhHint *self)
{
  g_return_val_if_fail (IMH_IS_HINT (self), NULL);
  return self->text;
}

const char *
imh_hint_get_notation (ImhHint *self)
{
  g_return_val_if_fail (IMH_IS_HINT (self), NULL);
  return self->notation;
}

guint
imh_hint_get_visits (ImhHint *self)
{
  g_return_val_if_fail (IMH_IS_HINT (self), 0);
  return self->visits;
}

double
imh_hint_get_win (ImhHint *self)
{
  g_return_val_if_fail (IMH_IS_HINT (self), 0);
  return self->win;
}

double
imh_hint_get_win_ci (ImhHint *self)
{
  g_return_val_if_fail (IMH_IS_HINT (self), 0);
  return self->win_ci;
}

double
imh_hint_get_margin (ImhHint *self)
{
  g_return_val_if_fail (IMH_IS_HINT (self), 0);
  return self->margin;
}

double
imh_hint_get_margin_ci (ImhHint *self)
{
  g_return_val_if_fail (IMH_IS_HINT (self), 0);
  return self->margin_ci;
}


/* ---- Searching ---- */

typedef struct
{
  ImhState        state;
  guint           ply;
  ImhSearchLimits limits;
  atomic_bool     stop;
  GCancellable   *cancellable;
  gulong          handler;
  ImhSearchResult result;
} HintJob;

static void
hint_job_free (gpointer data)
{
  HintJob *job = data;

  if (job->handler != 0)
    g_cancellable_disconnect (job->cancellable, job->handler);
  g_clear_object (&job->cancellable);
  g_free (job);
}

static void
hint_on_cancelled (GCancellable *cancellable,
                   gpointer      data)
{
  HintJob *job = data;

  atomic_store (&job->stop, true);
}

static void
hint_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  HintJob *job = task_data;

  if (!imh_search (&job->state, &job->limits, &job->result) || job->result.n == 0)
    {
      g_task_return_new_error (task, IMH_GAME_ERROR, IMH_GAME_ERROR_GAME_OVER,
                               "%s", _("The game is over: there is nothing to suggest."));
      return;
    }
  if (g_task_return_error_if_cancelled (task))
    return;
  g_task_return_boolean (task, TRUE);
}

guint64
imh_hint_default_iterations (ImhGameKind kind)
{
  return kind == IMH_GAME_DUEL ? DEFAULT_ITERATIONS_DUEL : DEFAULT_ITERATIONS_CLASSIC;
}

void
imh_game_hint_async (ImhGame             *game,
                     guint                ply,
                     guint64              iterations,
                     GCancellable        *cancellable,
                     GAsyncReadyCallback  callback,
                     gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  const ImhState *s;
  HintJob *job;

  g_return_if_fail (IMH_IS_GAME (game));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (game, cancellable, callback, user_data);
  g_task_set_source_tag (task, imh_game_hint_async);
  g_task_set_name (task, "imh-game-hint");

  if (ply == G_MAXUINT)
    ply = imh_game_get_viewed_ply (game);
  s = imh_game_get_state_at (game, ply);
  if (s == NULL)
    {
      g_task_return_new_error (task, IMH_GAME_ERROR, IMH_GAME_ERROR_INVALID_PLY,
                               _("Ply %u is not part of this game."), ply);
      return;
    }
  if (imh_is_over (s))
    {
      g_task_return_new_error (task, IMH_GAME_ERROR, IMH_GAME_ERROR_GAME_OVER,
                               "%s", _("The game is over: there is nothing to suggest."));
      return;
    }

  job = g_new0 (HintJob, 1);
  memcpy (&job->state, s, sizeof job->state);
  job->ply = ply;
  imh_search_limits_init (&job->limits);
  if (iterations == 0)
    iterations = imh_hint_default_iterations (s->kind);
  job->limits.iterations = iterations;
  job->limits.exploration = IMH_HINT_EXPLORATION;
  job->limits.threads = CLAMP (g_get_num_processors (), 1, 4);
  job->limits.seed = _imh_game_public_seed (game, ply);
  job->limits.stop = &job->stop;
  atomic_init (&job->stop, false);
  if (cancellable != NULL)
    {
      job->cancellable = g_object_ref (cancellable);
      job->handler = g_cancellable_connect (cancellable, G_CALLBACK (hint_on_cancelled), job, NULL);
    }
  g_task_set_task_data (task, job, hint_job_free);
  g_task_run_in_thread (task, hint_thread);
}

GListModel *
imh_game_hint_finish (ImhGame       *game,
                      GAsyncResult  *result,
                      GError       **error)
{
  g_autoptr(GListStore) store = NULL;
  HintJob *job;

  g_return_val_if_fail (IMH_IS_GAME (game), NULL);
  g_return_val_if_fail (g_task_is_valid (result, game), NULL);

  if (!g_task_propagate_boolean (G_TASK (result), error))
    return NULL;

  job = g_task_get_task_data (G_TASK (result));
  store = g_list_store_new (IMH_TYPE_HINT);
  for (guint i = 0; i < job->result.n; i++)
    {
      const ImhCandidate *c = &job->result.c[i];
      g_autoptr(ImhHint) hint = g_object_new (IMH_TYPE_HINT, NULL);

      hint->rank = i + 1;
      hint->ply = job->ply;
      hint->actor = job->result.actor;
      hint->decision = c->decision;
      hint->text = imh_texts_decision (&job->state, c->decision);
      hint->notation = imh_texts_notation (&job->state, c->decision);
      hint->visits = c->visits;
      hint->win = CLAMP (c->win, 0.0, 1.0);
      hint->win_ci = c->win_ci;
      hint->margin = c->margin;
      hint->margin_ci = c->margin_ci;
      g_list_store_append (store, hint);
    }
  return G_LIST_MODEL (g_steal_pointer (&store));
}
