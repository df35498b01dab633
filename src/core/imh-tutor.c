/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-tutor.c — the tutor's judgement of a decision just played. */
#define G_LOG_DOMAIN "imh-tutor"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>
#ifdef __linux__
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

#include "imh-tutor.h"

/* The analysis job's default seed: the tutor and a later analysis of the
 * game agree on every decision. */
#define TUTOR_SEED 1

void
imh_tutor_budget_init (ImhAnalysisSettings *budget)
{
  g_return_if_fail (budget != NULL);

  imh_analysis_settings_init (budget, IMH_ANALYSIS_STANDARD);
  budget->seed = TUTOR_SEED;
  budget->threads = 1;
}

gboolean
imh_tutor_judge (const ImhState            *before,
                 guint                      ply,
                 ImhDecision                decision,
                 const ImhAnalysisSettings *budget,
                 const atomic_bool         *stop,
                 ImhTutorVerdict           *out,
                 GError                   **error)
{
  ImhAnalysisSettings set;
  g_autofree ImhAnalysisPly *p = g_new0 (ImhAnalysisPly, 1);
  char why[128];

  g_return_val_if_fail (before != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  if (budget != NULL)
    set = *budget;
  else
    imh_tutor_budget_init (&set);
  set.threads = 1;
  set.progress = NULL;
  set.user = NULL;
  set.stop = stop;

  memset (out, 0, sizeof *out);
  if (!imh_analysis_judge (before, ply, decision, &set, p, why, sizeof why))
    {
      if (stop != NULL && atomic_load (stop))
        g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, "Cancelled");
      else
        g_set_error (error, IMH_GAME_ERROR, IMH_GAME_ERROR_ILLEGAL, "%s", why);
      return FALSE;
    }
  out->ply = ply;
  out->actor = p->mover;
  out->played = p->played;
  out->best = p->best;
  out->judged = !p->forced;
  out->win_played = p->win_after;
  out->win_best = p->win_before;
  out->loss = p->loss;
  out->loss_ci = p->loss_ci;
  out->blunder = out->judged && out->best != out->played && p->loss >= IMH_TUTOR_LOSS_PP;
  return TRUE;
}

/* ---- In a worker thread ---- */

typedef struct
{
  ImhState            state;
  guint               ply;
  ImhDecision         decision;
  ImhAnalysisSettings budget;
  atomic_bool         stop;
  GCancellable       *cancellable;
  gulong              handler;
  ImhTutorVerdict     verdict;
} TutorJob;

static void
tutor_job_free (gpointer data)
{
  TutorJob *job = data;

  if (job->handler != 0)
    g_cancellable_disconnect (job->cancellable, job->handler);
  g_clear_object (&job->cancellable);
  g_free (job);
}

static void
tutor_on_cancelled (GCancellable *cancellable,
                    gpointer      data)
{
  TutorJob *job = data;

  atomic_store (&job->stop, true);
}

/* A thread of its own (not the shared pool, whose threads would keep the
 * priority): the tutor yields the cores to the computer's search. */
static gpointer
tutor_thread (gpointer data)
{
  g_autoptr(GTask) task = data;
  TutorJob *job = g_task_get_task_data (task);
  GError *error = NULL;

#ifdef __linux__
  /* Linux: the nice value of one thread. */
  if (setpriority (PRIO_PROCESS, (id_t) syscall (SYS_gettid), 10) != 0)
    g_debug ("Could not lower the tutor's priority");
#endif
  if (!imh_tutor_judge (&job->state, job->ply, job->decision, &job->budget, &job->stop,
                        &job->verdict, &error))
    {
      g_task_return_error (task, error);
      return NULL;
    }
  if (g_task_return_error_if_cancelled (task))
    return NULL;
  g_task_return_boolean (task, TRUE);
  return NULL;
}

void
imh_game_tutor_async (ImhGame                   *game,
                      guint                      ply,
                      const ImhAnalysisSettings *budget,
                      GCancellable              *cancellable,
                      GAsyncReadyCallback        callback,
                      gpointer                   user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GError) error = NULL;
  const ImhState *s;
  TutorJob *job;
  GThread *thread;

  g_return_if_fail (IMH_IS_GAME (game));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (game, cancellable, callback, user_data);
  g_task_set_source_tag (task, imh_game_tutor_async);
  g_task_set_name (task, "imh-game-tutor");

  s = imh_game_get_state_at (game, ply);
  if (s == NULL || ply >= imh_game_get_n_plies (game))
    {
      g_task_return_new_error (task, IMH_GAME_ERROR, IMH_GAME_ERROR_INVALID_PLY,
                               _("Ply %u is not part of this game."), ply);
      return;
    }

  job = g_new0 (TutorJob, 1);
  memcpy (&job->state, s, sizeof job->state);
  job->ply = ply;
  job->decision = imh_game_get_decision_at (game, ply);
  if (budget != NULL)
    job->budget = *budget;
  else
    imh_tutor_budget_init (&job->budget);
  atomic_init (&job->stop, false);
  if (cancellable != NULL)
    {
      job->cancellable = g_object_ref (cancellable);
      job->handler = g_cancellable_connect (cancellable, G_CALLBACK (tutor_on_cancelled), job, NULL);
    }
  g_task_set_task_data (task, job, tutor_job_free);
  thread = g_thread_try_new ("imh-tutor", tutor_thread, g_object_ref (task), &error);
  if (thread == NULL)
    {
      g_object_unref (task);
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  g_thread_unref (thread);
}

gboolean
imh_game_tutor_finish (ImhGame          *game,
                       GAsyncResult     *result,
                       ImhTutorVerdict  *out,
                       GError          **error)
{
  TutorJob *job;

  g_return_val_if_fail (IMH_IS_GAME (game), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, game), FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  if (!g_task_propagate_boolean (G_TASK (result), error))
    return FALSE;
  job = g_task_get_task_data (G_TASK (result));
  *out = job->verdict;
  return TRUE;
}
