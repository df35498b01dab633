/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-background-analysis.c — analysing the library's finished games in
 * one low-priority worker thread. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE   /* SCHED_IDLE */
#endif
#define G_LOG_DOMAIN "imh-background-analysis"

#include "config.h"

#include <errno.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sched.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

#include "imh-analysis-private.h"
#include "imh-background-analysis.h"
#include "imh-record.h"

/* What the worker thread shares with the object. The worker holds a
 * reference, never the object itself: the object can go at any time. */
typedef struct {
  ImhLibrary         *library;       /* strong */
  GMainContext       *context;       /* where the object's state changes */
  GWeakRef            owner;
  GMutex              lock;
  GCond               cond;
  gboolean            paused;        /* under lock */
  gboolean            quit;          /* under lock */
  gboolean            dirty;         /* under lock: the library changed */
  atomic_bool         stop;          /* the search's stop flag (set with quit) */
  guint64             root_iterations;
  guint               samples;
  guint               sample_iterations;
  gboolean            low_priority;
  GHashTable         *skip;          /* worker only: ids that cannot be analysed */
} Worker;

struct _ImhBackgroundAnalysis
{
  GObject      parent_instance;

  ImhLibrary  *library;
  Worker      *worker;              /* the running one, or NULL */
  guint        n_alive;             /* worker threads not ended yet */
  gboolean     paused;
  guint        remaining;
  guint        n_analysed;
  guint64      root_iterations;
  guint        samples;
  guint        sample_iterations;
  gboolean     normal_priority;
};

G_DEFINE_FINAL_TYPE (ImhBackgroundAnalysis, imh_background_analysis, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_LIBRARY,
  PROP_RUNNING,
  PROP_PAUSED,
  PROP_REMAINING,
  PROP_N_ANALYSED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
worker_clear (Worker *w)
{
  g_clear_object (&w->library);
  g_clear_pointer (&w->context, g_main_context_unref);
  g_weak_ref_clear (&w->owner);
  g_mutex_clear (&w->lock);
  g_cond_clear (&w->cond);
  g_clear_pointer (&w->skip, g_hash_table_unref);
}

static Worker *
worker_ref (Worker *w)
{
  return g_atomic_rc_box_acquire (w);
}

static void
worker_unref (Worker *w)
{
  g_atomic_rc_box_release_full (w, (GDestroyNotify) worker_clear);
}

/* ---- Reports to the main context ------------------------------------------------------------- */

typedef enum {
  POST_REMAINING,
  POST_ANALYSED,
  POST_ENDED,
} PostKind;

typedef struct {
  Worker   *worker;
  PostKind  kind;
  guint     value;
} Post;

static void
post_free (Post *p)
{
  worker_unref (p->worker);
  g_free (p);
}

static void
set_remaining (ImhBackgroundAnalysis *self,
               guint                  remaining)
{
  if (self->remaining == remaining)
    return;
  self->remaining = remaining;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REMAINING]);
}

static gboolean
post_idle (gpointer data)
{
  Post *p = data;
  g_autoptr(ImhBackgroundAnalysis) self = g_weak_ref_get (&p->worker->owner);

  if (self == NULL)
    return G_SOURCE_REMOVE;
  switch (p->kind)
    {
    case POST_REMAINING:
      if (self->worker == p->worker)
        set_remaining (self, p->value);
      break;
    case POST_ANALYSED:
      self->n_analysed++;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_ANALYSED]);
      break;
    case POST_ENDED:
      g_assert (self->n_alive > 0);
      if (--self->n_alive == 0)
        g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
      break;
    default:
      g_assert_not_reached ();
    }
  return G_SOURCE_REMOVE;
}

/* Worker thread. */
static void
post (Worker   *w,
      PostKind  kind,
      guint     value)
{
  Post *p = g_new0 (Post, 1);
  GSource *source = g_idle_source_new ();

  p->worker = worker_ref (w);
  p->kind = kind;
  p->value = value;
  g_source_set_priority (source, G_PRIORITY_DEFAULT_IDLE);
  g_source_set_callback (source, post_idle, p, (GDestroyNotify) post_free);
  g_source_set_static_name (source, "[imh] background analysis");
  g_source_attach (source, w->context);
  g_source_unref (source);
}

/* ---- The worker thread ------------------------------------------------------------------------ */

/* The lowest priority for this thread only: SCHED_IDLE runs it only when
 * a processor has nothing else to do; nice 19 where that is refused. On
 * Linux both apply to the calling thread (pid 0, the thread's id). */
static void
lower_priority (void)
{
#ifdef __linux__
  struct sched_param param = { 0 };

  if (sched_setscheduler (0, SCHED_IDLE, &param) != 0)
    g_debug ("SCHED_IDLE refused: %s", g_strerror (errno));
  if (setpriority (PRIO_PROCESS, (id_t) syscall (SYS_gettid), 19) != 0)
    g_debug ("nice 19 refused: %s", g_strerror (errno));
#endif
}

/* Waits while paused; FALSE when the worker is to end. */
static gboolean
wait_unpaused (Worker *w)
{
  gboolean go;

  g_mutex_lock (&w->lock);
  while (w->paused && !w->quit)
    g_cond_wait (&w->cond, &w->lock);
  go = !w->quit;
  g_mutex_unlock (&w->lock);
  return go;
}

/* After each decision analysed (this thread: one search thread): a
 * pause holds the search here. */
static void
progress_cb (void     *user,
             uint32_t  done,
             uint32_t  total)
{
  (void) done;
  (void) total;
  wait_unpaused (user);
}

/* The newest finished game without an analysis (not in the trash, not
 * skipped), or 0; remaining counts them. */
static gint64
next_game (Worker *w,
           guint  *remaining)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) ids = NULL;
  ImhLibraryQuery query;
  gint64 next = 0;

  *remaining = 0;
  if (imh_library_is_read_only (w->library))
    return 0;
  imh_library_query_init (&query);
  query.finished = IMH_LIBRARY_YES;
  query.analysed = IMH_LIBRARY_NO;
  query.sort = IMH_LIBRARY_SORT_DATE;
  query.descending = TRUE;
  ids = imh_library_query_ids (w->library, &query, &error);
  imh_library_query_clear (&query);
  if (ids == NULL)
    {
      g_warning ("Background analysis: the games could not be listed: %s", error->message);
      return 0;
    }
  for (guint i = 0; i < ids->len; i++)
    {
      gint64 id = g_array_index (ids, gint64, i);

      if (g_hash_table_contains (w->skip, &id))
        continue;
      if (next == 0)
        {
          /* An analysis that cannot be read is kept for the user to see
           * (also "not analysed" to the query): never replaced here. */
          g_autoptr(ImhGameSummary) summary = imh_library_get_summary (w->library, id, NULL);

          if (summary == NULL || imh_game_summary_get_analysis_unreadable (summary))
            {
              g_hash_table_add (w->skip, g_memdup2 (&id, sizeof id));
              continue;
            }
          next = id;
        }
      (*remaining)++;
    }
  return next;
}

static void
skip (Worker *w,
      gint64  id)
{
  g_hash_table_add (w->skip, g_memdup2 (&id, sizeof id));
}

/* Whether the game is still what was analysed: the same record, finished,
 * not in the trash, with no analysis. */
static gboolean
still_unanalysed (Worker     *w,
                  gint64      id,
                  const char *record)
{
  g_autoptr(ImhGameSummary) summary = imh_library_get_summary (w->library, id, NULL);
  g_autofree char *now = NULL;

  if (summary == NULL || imh_game_summary_get_deleted (summary) != 0
      || !imh_game_summary_get_finished (summary) || imh_game_summary_get_analysed (summary)
      || imh_game_summary_get_analysis_unreadable (summary))
    return FALSE;
  now = imh_library_load_record (w->library, id, NULL);
  return g_strcmp0 (now, record) == 0;
}

static void
analyse (Worker *w,
         gint64  id)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *record = imh_library_load_record (w->library, id, &error);
  g_autoptr(ImhAnalysisResult) result = NULL;
  ImhRecordError rerr = { 0 };
  ImhAnalysisSettings settings;
  ImhAnalysis *a;
  ImhRecord *r;
  char why[256] = "";

  if (record == NULL)
    {
      g_debug ("Background analysis: game %" G_GINT64_FORMAT " not read: %s", id, error->message);
      skip (w, id);
      return;
    }
  r = imh_record_parse (record, strlen (record), &rerr);
  if (r == NULL)
    {
      g_warning ("Background analysis: game %" G_GINT64_FORMAT " does not parse: %s", id, rerr.message);
      skip (w, id);
      return;
    }
  imh_analysis_settings_init (&settings, IMH_ANALYSIS_QUICK);
  if (w->root_iterations > 0)
    settings.root_iterations = w->root_iterations;
  if (w->samples > 0)
    settings.samples = w->samples;
  if (w->sample_iterations > 0)
    settings.sample_iterations = w->sample_iterations;
  settings.threads = 1;
  settings.seed = 1;
  settings.stop = &w->stop;
  settings.progress = progress_cb;
  settings.user = w;
  a = imh_analysis_run_record (r, &settings, why, sizeof why);
  imh_record_free (r);
  if (a == NULL)
    {
      if (!atomic_load (&w->stop))
        {
          g_warning ("Background analysis: game %" G_GINT64_FORMAT " failed: %s", id, why);
          skip (w, id);
        }
      return;
    }
  result = _imh_analysis_result_new (a);

  /* Nothing is stored while paused or after the stop; and only for the
   * game as it was analysed. */
  if (!wait_unpaused (w) || !still_unanalysed (w, id, record))
    return;
  if (!imh_analysis_result_save (result, w->library, id, &error))
    {
      g_warning ("Background analysis: the analysis of game %" G_GINT64_FORMAT " was not stored: %s",
                 id, error->message);
      skip (w, id);
      return;
    }
  post (w, POST_ANALYSED, 0);
}

static gpointer
worker_main (gpointer data)
{
  Worker *w = data;

  if (w->low_priority)
    lower_priority ();
  for (;;)
    {
      guint remaining = 0;
      gboolean quit;
      gint64 id;

      g_mutex_lock (&w->lock);
      w->dirty = FALSE;
      quit = w->quit;
      g_mutex_unlock (&w->lock);
      if (quit)
        break;
      /* Counted also while paused. */
      id = next_game (w, &remaining);
      post (w, POST_REMAINING, remaining);
      if (id != 0)
        {
          if (!wait_unpaused (w))
            break;
          analyse (w, id);
          continue;
        }
      /* All done: until the library changes. */
      g_mutex_lock (&w->lock);
      while (!w->dirty && !w->quit)
        g_cond_wait (&w->cond, &w->lock);
      g_mutex_unlock (&w->lock);
    }
  post (w, POST_ENDED, 0);
  worker_unref (w);
  return NULL;
}

/* ---- The object ------------------------------------------------------------------------------- */

static void
on_library_changed (ImhBackgroundAnalysis *self)
{
  Worker *w = self->worker;

  if (w == NULL)
    return;
  g_mutex_lock (&w->lock);
  w->dirty = TRUE;
  g_cond_broadcast (&w->cond);
  g_mutex_unlock (&w->lock);
}

static void
worker_quit (Worker *w)
{
  g_mutex_lock (&w->lock);
  w->quit = TRUE;
  atomic_store (&w->stop, true);
  g_cond_broadcast (&w->cond);
  g_mutex_unlock (&w->lock);
}

void
imh_background_analysis_start (ImhBackgroundAnalysis *self)
{
  g_autoptr(GError) error = NULL;
  GThread *thread;
  Worker *w;

  g_return_if_fail (IMH_IS_BACKGROUND_ANALYSIS (self));

  if (self->worker != NULL)
    return;
  w = g_atomic_rc_box_new0 (Worker);
  w->library = g_object_ref (self->library);
  w->context = g_main_context_ref_thread_default ();
  g_weak_ref_init (&w->owner, self);
  g_mutex_init (&w->lock);
  g_cond_init (&w->cond);
  w->paused = self->paused;
  atomic_init (&w->stop, false);
  w->root_iterations = self->root_iterations;
  w->samples = self->samples;
  w->sample_iterations = self->sample_iterations;
  w->low_priority = !self->normal_priority;
  w->skip = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);

  thread = g_thread_try_new ("imh-background-analysis", worker_main, worker_ref (w), &error);
  if (thread == NULL)
    {
      g_warning ("Background analysis: no thread: %s", error->message);
      worker_unref (w);   /* the thread's */
      worker_unref (w);
      return;
    }
  g_thread_unref (thread);
  self->worker = w;
  if (self->n_alive++ == 0)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

void
imh_background_analysis_stop (ImhBackgroundAnalysis *self)
{
  g_return_if_fail (IMH_IS_BACKGROUND_ANALYSIS (self));

  if (self->worker == NULL)
    return;
  worker_quit (self->worker);
  g_clear_pointer (&self->worker, worker_unref);
}

static void
set_paused (ImhBackgroundAnalysis *self,
            gboolean               paused)
{
  if (self->paused == paused)
    return;
  self->paused = paused;
  if (self->worker != NULL)
    {
      g_mutex_lock (&self->worker->lock);
      self->worker->paused = paused;
      g_cond_broadcast (&self->worker->cond);
      g_mutex_unlock (&self->worker->lock);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PAUSED]);
}

void
imh_background_analysis_pause (ImhBackgroundAnalysis *self)
{
  g_return_if_fail (IMH_IS_BACKGROUND_ANALYSIS (self));
  set_paused (self, TRUE);
}

void
imh_background_analysis_resume (ImhBackgroundAnalysis *self)
{
  g_return_if_fail (IMH_IS_BACKGROUND_ANALYSIS (self));
  set_paused (self, FALSE);
}

gboolean
imh_background_analysis_get_paused (ImhBackgroundAnalysis *self)
{
  g_return_val_if_fail (IMH_IS_BACKGROUND_ANALYSIS (self), FALSE);
  return self->paused;
}

gboolean
imh_background_analysis_get_running (ImhBackgroundAnalysis *self)
{
  g_return_val_if_fail (IMH_IS_BACKGROUND_ANALYSIS (self), FALSE);
  return self->n_alive > 0;
}

guint
imh_background_analysis_get_remaining (ImhBackgroundAnalysis *self)
{
  g_return_val_if_fail (IMH_IS_BACKGROUND_ANALYSIS (self), 0);
  return self->remaining;
}

guint
imh_background_analysis_get_n_analysed (ImhBackgroundAnalysis *self)
{
  g_return_val_if_fail (IMH_IS_BACKGROUND_ANALYSIS (self), 0);
  return self->n_analysed;
}

ImhLibrary *
imh_background_analysis_get_library (ImhBackgroundAnalysis *self)
{
  g_return_val_if_fail (IMH_IS_BACKGROUND_ANALYSIS (self), NULL);
  return self->library;
}

void
imh_background_analysis_set_budget (ImhBackgroundAnalysis *self,
                                    guint64                root_iterations,
                                    guint                  samples,
                                    guint                  sample_iterations)
{
  g_return_if_fail (IMH_IS_BACKGROUND_ANALYSIS (self));
  self->root_iterations = root_iterations;
  self->samples = samples;
  self->sample_iterations = sample_iterations;
}

void
imh_background_analysis_set_low_priority (ImhBackgroundAnalysis *self,
                                          gboolean               low_priority)
{
  g_return_if_fail (IMH_IS_BACKGROUND_ANALYSIS (self));
  self->normal_priority = !low_priority;
}

ImhBackgroundAnalysis *
imh_background_analysis_new (ImhLibrary *library)
{
  g_return_val_if_fail (IMH_IS_LIBRARY (library), NULL);
  return g_object_new (IMH_TYPE_BACKGROUND_ANALYSIS, "library", library, NULL);
}

static void
imh_background_analysis_constructed (GObject *object)
{
  ImhBackgroundAnalysis *self = IMH_BACKGROUND_ANALYSIS (object);

  G_OBJECT_CLASS (imh_background_analysis_parent_class)->constructed (object);

  g_assert (self->library != NULL);
  g_signal_connect_object (self->library, "game-added", G_CALLBACK (on_library_changed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->library, "game-changed", G_CALLBACK (on_library_changed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->library, "game-removed", G_CALLBACK (on_library_changed), self,
                           G_CONNECT_SWAPPED);
}

static void
imh_background_analysis_dispose (GObject *object)
{
  ImhBackgroundAnalysis *self = IMH_BACKGROUND_ANALYSIS (object);

  imh_background_analysis_stop (self);
  /* The thread ends by itself; the object hears no more of it. */
  if (self->n_alive > 0)
    {
      self->n_alive = 0;
      g_object_notify_by_pspec (object, properties[PROP_RUNNING]);
    }
  g_clear_object (&self->library);

  G_OBJECT_CLASS (imh_background_analysis_parent_class)->dispose (object);
}

static void
imh_background_analysis_get_property (GObject    *object,
                                      guint       prop_id,
                                      GValue     *value,
                                      GParamSpec *pspec)
{
  ImhBackgroundAnalysis *self = IMH_BACKGROUND_ANALYSIS (object);

  switch (prop_id)
    {
    case PROP_LIBRARY:
      g_value_set_object (value, self->library);
      break;
    case PROP_RUNNING:
      g_value_set_boolean (value, self->n_alive > 0);
      break;
    case PROP_PAUSED:
      g_value_set_boolean (value, self->paused);
      break;
    case PROP_REMAINING:
      g_value_set_uint (value, self->remaining);
      break;
    case PROP_N_ANALYSED:
      g_value_set_uint (value, self->n_analysed);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imh_background_analysis_set_property (GObject      *object,
                                      guint         prop_id,
                                      const GValue *value,
                                      GParamSpec   *pspec)
{
  ImhBackgroundAnalysis *self = IMH_BACKGROUND_ANALYSIS (object);

  switch (prop_id)
    {
    case PROP_LIBRARY:
      self->library = g_value_dup_object (value);
      break;
    case PROP_PAUSED:
      set_paused (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imh_background_analysis_class_init (ImhBackgroundAnalysisClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = imh_background_analysis_constructed;
  object_class->dispose = imh_background_analysis_dispose;
  object_class->get_property = imh_background_analysis_get_property;
  object_class->set_property = imh_background_analysis_set_property;

  properties[PROP_LIBRARY] =
    g_param_spec_object ("library", NULL, NULL, IMH_TYPE_LIBRARY,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_RUNNING] =
    g_param_spec_boolean ("running", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_PAUSED] =
    g_param_spec_boolean ("paused", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_REMAINING] =
    g_param_spec_uint ("remaining", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_N_ANALYSED] =
    g_param_spec_uint ("n-analysed", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
imh_background_analysis_init (ImhBackgroundAnalysis *self)
{
}
