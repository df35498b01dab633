/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-analysis-job.c — analysing a whole game in a worker thread. */
#define G_LOG_DOMAIN "imh-analysis-job"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "imh-analysis-job.h"
#include "imh-analysis-private.h"
#include "imh-record.h"

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
  result = _imh_analysis_result_new (a);
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
