/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-library.c — the game library: SQLite store of records (connections and
 * statements, signals, the object). */
#define G_LOG_DOMAIN "imh-library"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "imh-library-private.h"

G_STATIC_ASSERT (IMH_LIBRARY_MAX_TAGS == IMH_RECORD_MAX_TAGS);
G_STATIC_ASSERT (IMH_LIBRARY_MAX_TAG_CHARS == IMH_RECORD_MAX_TAG_CHARS);

G_DEFINE_FINAL_TYPE (ImhLibrary, imh_library, G_TYPE_OBJECT)
G_DEFINE_QUARK (imh-library-error-quark, imh_library_error)

static guint signals[N_SIGNALS];

/* ------------------------------------------------------------------ */
/* Connections and statements                                          */

static void
stmt_free (gpointer stmt)
{
  sqlite3_finalize (stmt);
}

void
_imh_library_conn_init (Conn *c)
{
  g_mutex_init (&c->lock);
  c->stmts = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, stmt_free);
}

void
_imh_library_conn_close (Conn *c)
{
  g_hash_table_remove_all (c->stmts);
  if (c->db != NULL)
    sqlite3_close_v2 (c->db);
  c->db = NULL;
}

void
_imh_library_conn_free (Conn *c)
{
  _imh_library_conn_close (c);
  g_hash_table_unref (c->stmts);
  g_mutex_clear (&c->lock);
}

gboolean
_imh_library_sql_error (GError **error, sqlite3 *db, int rc)
{
  const char *path = db != NULL ? sqlite3_db_filename (db, "main") : NULL;
  int code;

  switch (rc & 0xff)
    {
    case SQLITE_READONLY:
      code = IMH_LIBRARY_ERROR_READ_ONLY;
      break;
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      code = IMH_LIBRARY_ERROR_BUSY;
      break;
    case SQLITE_FULL:
      code = IMH_LIBRARY_ERROR_FULL;
      break;
    default:
      code = IMH_LIBRARY_ERROR_FAILED;
    }

  g_set_error (error, IMH_LIBRARY_ERROR, code, _("Library database error in “%s”: %s"),
               path != NULL ? path : "", db != NULL ? sqlite3_errmsg (db) : sqlite3_errstr (rc));
  return FALSE;
}

/* A cached prepared statement, reset and unbound. sql must be static. */
sqlite3_stmt *
_imh_library_conn_stmt (Conn *c, const char *sql, GError **error)
{
  sqlite3_stmt *stmt = g_hash_table_lookup (c->stmts, sql);
  int rc;

  if (stmt != NULL)
    {
      sqlite3_reset (stmt);
      sqlite3_clear_bindings (stmt);
      return stmt;
    }
  rc = sqlite3_prepare_v3 (c->db, sql, -1, SQLITE_PREPARE_PERSISTENT, &stmt, NULL);
  if (rc != SQLITE_OK)
    {
      _imh_library_sql_error (error, c->db, rc);
      return NULL;
    }
  g_hash_table_insert (c->stmts, (gpointer) sql, stmt);
  return stmt;
}

gboolean
_imh_library_conn_exec (Conn *c, const char *sql, GError **error)
{
  int rc = sqlite3_exec (c->db, sql, NULL, NULL, NULL);

  if (rc != SQLITE_OK)
    return _imh_library_sql_error (error, c->db, rc);
  return TRUE;
}

/* Runs a statement that returns no rows (or ignores them). */
gboolean
_imh_library_stmt_done (Conn *c, sqlite3_stmt *stmt, GError **error)
{
  int rc;

  c->n_done++;
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    ;
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    return _imh_library_sql_error (error, c->db, rc);
  return TRUE;
}

void
_imh_library_bind_text (sqlite3_stmt *stmt, int i, const char *s)
{
  sqlite3_bind_text (stmt, i, s != NULL ? s : "", -1, SQLITE_TRANSIENT);
}

char *
_imh_library_column_dup (sqlite3_stmt *stmt, int i)
{
  const char *s = (const char *) sqlite3_column_text (stmt, i);
  return g_strdup (s != NULL ? s : "");
}

Conn *
_imh_library_write_conn (ImhLibrary *self, GError **error)
{
  if (self->read_only || self->w.db == NULL)
    {
      g_set_error_literal (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_READ_ONLY,
                           _("The library is open read-only"));
      return NULL;
    }
  g_mutex_lock (&self->w.lock);
  return &self->w;
}

Conn *
_imh_library_read_conn (ImhLibrary *self)
{
  g_mutex_lock (&self->r.lock);
  return &self->r;
}

void
_imh_library_conn_unlock (Conn *c)
{
  g_mutex_unlock (&c->lock);
}

gboolean
_imh_library_begin (Conn *c, GError **error)
{
  return _imh_library_conn_exec (c, "BEGIN IMMEDIATE", error);
}

/* Ends a transaction that failed (no-op when none is open). */
void
_imh_library_rollback (Conn *c)
{
  if (!sqlite3_get_autocommit (c->db) && sqlite3_exec (c->db, "ROLLBACK", NULL, NULL, NULL) != SQLITE_OK)
    g_warning ("Could not roll back a transaction of %s: %s",
               sqlite3_db_filename (c->db, "main"), sqlite3_errmsg (c->db));
}

gboolean
_imh_library_commit (Conn *c, GError **error)
{
  if (!_imh_library_conn_exec (c, "COMMIT", error))
    {
      _imh_library_rollback (c);
      return FALSE;
    }
  return TRUE;
}

/* Ends a read transaction, reporting a failure unless one is set. */
gboolean
_imh_library_end_read (Conn *c, gboolean ok, GError **error)
{
  if (sqlite3_get_autocommit (c->db))
    return ok;
  if (!_imh_library_conn_exec (c, "COMMIT", ok ? error : NULL))
    {
      _imh_library_rollback (c);
      return FALSE;
    }
  return ok;
}

/* ------------------------------------------------------------------ */
/* Signals from any thread                                             */

typedef struct {
  ImhLibrary *self;
  guint       signal;
  gint64      id;
} Emission;

static gboolean
emit_cb (gpointer data)
{
  Emission *e = data;

  g_signal_emit (e->self, signals[e->signal], 0, e->id);
  g_object_unref (e->self);
  g_free (e);
  return G_SOURCE_REMOVE;
}

void
_imh_library_emit (ImhLibrary *self, guint signal, gint64 id)
{
  Emission *e = g_new0 (Emission, 1);

  e->self = g_object_ref (self);
  e->signal = signal;
  e->id = id;
  /* Never in a worker: g_main_context_invoke() would run the handlers in
   * the calling thread whenever it could acquire the context. */
  if (g_thread_self () == self->thread)
    emit_cb (e);
  else
    {
      GSource *source = g_idle_source_new ();

      g_source_set_priority (source, G_PRIORITY_DEFAULT);
      g_source_set_callback (source, emit_cb, e, NULL);
      g_source_attach (source, self->context);
      g_source_unref (source);
    }
}

/* ------------------------------------------------------------------ */
/* GObject                                                             */

static void
imh_library_finalize (GObject *object)
{
  ImhLibrary *self = IMH_LIBRARY (object);

  /* The writer closes last: it checkpoints the WAL into the file. */
  _imh_library_conn_free (&self->r);
  _imh_library_conn_free (&self->w);
  g_free (self->path);
  g_free (self->open_message);
  g_free (self->moved_aside);
  g_main_context_unref (self->context);
  G_OBJECT_CLASS (imh_library_parent_class)->finalize (object);
}

static void
imh_library_class_init (ImhLibraryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = imh_library_finalize;

  /**
   * ImhLibrary::game-added:
   * A game was stored for the first time (or restored by an undo).
   */
  signals[GAME_ADDED] = g_signal_new ("game-added", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                      0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT64);
  signals[GAME_REMOVED] = g_signal_new ("game-removed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                        0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT64);
  signals[GAME_CHANGED] = g_signal_new ("game-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                        0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT64);
}

static void
imh_library_init (ImhLibrary *self)
{
  _imh_library_conn_init (&self->w);
  _imh_library_conn_init (&self->r);
  self->context = g_main_context_ref_thread_default ();
  self->thread = g_thread_self ();
}

char *
imh_library_default_path (void)
{
  return g_build_filename (g_get_user_data_dir (), APP_ID, "library.sqlite3", NULL);
}

ImhLibrary *
imh_library_open (const char  *path,
                  GError     **error)
{
  g_autoptr(ImhLibrary) self = g_object_new (IMH_TYPE_LIBRARY, NULL);

  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self->path = path != NULL ? g_strdup (path) : imh_library_default_path ();
  if (!_imh_library_open_file (self, error))
    return NULL;
  return g_steal_pointer (&self);
}

static void
open_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  GError *error = NULL;
  ImhLibrary *self = imh_library_open (task_data, &error);

  if (self == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, self, g_object_unref);
}

void
imh_library_open_async (const char          *path,
                        GCancellable        *cancellable,
                        GAsyncReadyCallback  callback,
                        gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);

  g_task_set_source_tag (task, imh_library_open_async);
  g_task_set_task_data (task, g_strdup (path), g_free);
  g_task_run_in_thread (task, open_thread);
}

ImhLibrary *
imh_library_open_finish (GAsyncResult  *result,
                         GError       **error)
{
  ImhLibrary *self;

  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);

  self = g_task_propagate_pointer (G_TASK (result), error);
  if (self != NULL)
    {
      /* Signals go to the main context of the caller. */
      g_main_context_unref (self->context);
      self->context = g_main_context_ref_thread_default ();
      self->thread = g_thread_self ();
    }
  return self;
}

const char *
imh_library_get_path (ImhLibrary *self)
{
  g_return_val_if_fail (IMH_IS_LIBRARY (self), NULL);
  return self->path;
}

gboolean
imh_library_is_read_only (ImhLibrary *self)
{
  g_return_val_if_fail (IMH_IS_LIBRARY (self), TRUE);
  return self->read_only;
}

ImhLibraryOpenStatus
imh_library_get_open_status (ImhLibrary *self)
{
  g_return_val_if_fail (IMH_IS_LIBRARY (self), IMH_LIBRARY_OPEN_OK);
  return self->status;
}

const char *
imh_library_get_open_message (ImhLibrary *self)
{
  g_return_val_if_fail (IMH_IS_LIBRARY (self), NULL);
  return self->open_message;
}

const char *
imh_library_get_moved_aside_path (ImhLibrary *self)
{
  g_return_val_if_fail (IMH_IS_LIBRARY (self), NULL);
  return self->moved_aside;
}

guint
imh_library_get_n_salvaged (ImhLibrary *self)
{
  g_return_val_if_fail (IMH_IS_LIBRARY (self), 0);
  return self->n_salvaged;
}

guint64
_imh_library_count_statements (ImhLibrary *self)
{
  guint64 n;

  g_return_val_if_fail (IMH_IS_LIBRARY (self), 0);
  g_mutex_lock (&self->w.lock);
  n = self->w.n_done;
  g_mutex_unlock (&self->w.lock);
  return n;
}

gboolean
imh_library_has_fts (ImhLibrary *self)
{
  g_return_val_if_fail (IMH_IS_LIBRARY (self), FALSE);
  return self->fts;
}

