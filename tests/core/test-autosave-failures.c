/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-autosave-failures.c — autosave goes on after failed writes: a library
 * locked by another process, a full disk; closing with a game not stored. */
#include "config.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <sqlite3.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "failing-vfs.h"
#include "imh-autosave.h"
#include "imh-library-autosave.h"
#include "imh-record-file.h"

static char *self_exe;

/* ------------------------------------------------------------------ */
/* The other process: holds the library's write lock until its standard
 * input closes. */

static int
hold_lock (const char *path)
{
  sqlite3 *db = NULL;
  char line[64];

  if (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK)
    return 2;
  sqlite3_busy_timeout (db, 30000);
  if (sqlite3_exec (db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK)
    return 3;
  printf ("locked\n");
  fflush (stdout);
  while (fgets (line, sizeof line, stdin) != NULL)
    ;
  sqlite3_exec (db, "ROLLBACK", NULL, NULL, NULL);
  sqlite3_close (db);
  return 0;
}

typedef struct {
  GPid pid;
  int  in;     /* its standard input: closed to release the lock */
} Holder;

static void
holder_start (Holder *h, const char *path)
{
  const char *argv[] = { self_exe, "--hold-lock", path, NULL };
  g_autoptr(GError) error = NULL;
  char buf[16] = { 0 };
  int out = -1;
  gsize n = 0;

  g_assert_true (g_spawn_async_with_pipes (NULL, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD,
                                           NULL, NULL, &h->pid, &h->in, &out, NULL, &error));
  g_assert_no_error (error);
  /* Blocks until the lock is held (or the child failed: end of file). */
  while (n < 7)
    {
      ssize_t r = read (out, buf + n, 7 - n);
      g_assert_cmpint (r, >, 0);
      n += (gsize) r;
    }
  g_assert_cmpstr (buf, ==, "locked\n");
  close (out);
}

static void
holder_release (Holder *h)
{
  int status = 0;

  close (h->in);
  g_assert_cmpint (waitpid (h->pid, &status, 0), ==, h->pid);
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 0);
  g_spawn_close_pid (h->pid);
}

/* ------------------------------------------------------------------ */
/* Helpers                                                             */

static ImhLibrary *
open_new (const char *name)
{
  g_autofree char *dir = g_build_filename (g_get_user_data_dir (), "libraries", NULL);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GError) error = NULL;
  ImhLibrary *lib;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  lib = imh_library_open (path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (lib);
  return lib;
}

static ImhGame *
new_game (guint64 seed)
{
  g_autoptr(GError) error = NULL;
  ImhOptions o;
  ImhGame *game;

  imh_options_init (&o, IMH_GAME_DUEL, 2);
  game = imh_game_new (&o, seed, &error);
  g_assert_no_error (error);
  return game;
}

static void
play (ImhGame *game, guint n)
{
  for (guint i = 0; i < n; i++)
    {
      ImhDecisionList legal;
      g_autoptr(GError) error = NULL;

      imh_game_get_viewed_legal (game, &legal);
      g_assert_cmpuint (legal.n, >, 0);
      g_assert_true (imh_game_apply (game, legal.d[legal.n / 2], IMH_BRANCH_TRUNCATE, &error));
      g_assert_no_error (error);
    }
}

/* What a test saw of the autosave. */
typedef struct {
  guint   n_failed;
  GError *last_failure;
  guint   n_error_set;       /* "save-error" became non-NULL */
  guint   n_error_cleared;   /* ... and NULL again */
  gboolean error_shown;
} Watch;

static void
on_failed (ImhLibraryAutosave *autosave, const GError *error, Watch *w)
{
  w->n_failed++;
  g_clear_error (&w->last_failure);
  w->last_failure = g_error_copy (error);
}

static void
on_save_error (ImhLibraryAutosave *autosave, GParamSpec *pspec, Watch *w)
{
  gboolean shown = imh_library_autosave_get_save_error (autosave) != NULL;

  if (shown && !w->error_shown)
    w->n_error_set++;
  else if (!shown && w->error_shown)
    w->n_error_cleared++;
  w->error_shown = shown;
}

static void
watch (ImhLibraryAutosave *autosave, Watch *w)
{
  g_signal_connect (autosave, "failed", G_CALLBACK (on_failed), w);
  g_signal_connect (autosave, "notify::save-error", G_CALLBACK (on_save_error), w);
}

static void
watch_clear (Watch *w)
{
  g_clear_error (&w->last_failure);
}

static gboolean
keep_awake (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

/* Runs the main loop until cond holds; the deadline only guards against a
 * hang (a write waits at most for the library's 5 s busy timeout). A
 * source wakes the loop up to look at the deadline. */
#define ITERATE_UNTIL(cond)                                                   \
  G_STMT_START {                                                              \
    gint64 deadline_ = g_get_monotonic_time () + 120 * G_USEC_PER_SEC;        \
    guint awake_ = g_timeout_add (500, keep_awake, NULL);                     \
    while (!(cond))                                                           \
      {                                                                       \
        g_main_context_iteration (NULL, TRUE);                                \
        g_assert_cmpint (g_get_monotonic_time (), <, deadline_);              \
      }                                                                       \
    g_source_remove (awake_);                                                 \
  } G_STMT_END

static void
check_stored (ImhLibrary *lib, ImhGame *game, gint64 id)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *stored = imh_library_load_record (lib, id, &error);
  g_autofree char *now = imh_game_to_record_text (game);

  g_assert_no_error (error);
  g_assert_cmpstr (stored, ==, now);
}

/* ------------------------------------------------------------------ */
/* Tests                                                               */

/* Another process holds the write lock for longer than the busy timeout
 * while moves are made: the writes fail, are retried, and once the lock is
 * gone every move is stored. */
static void
test_locked_by_other_process (void)
{
  g_autoptr(ImhLibrary) lib = open_new ("locked.sqlite3");
  g_autoptr(ImhGame) game = new_game (7);
  g_autoptr(ImhLibraryAutosave) autosave = imh_library_autosave_new (lib, game, 0);
  Watch w = { 0 };
  Holder holder;
  gint64 id;

  watch (autosave, &w);
  play (game, 2);
  ITERATE_UNTIL (!imh_library_autosave_get_busy (autosave));
  id = imh_library_autosave_get_id (autosave);
  g_assert_cmpint (id, >, 0);
  check_stored (lib, game, id);

  holder_start (&holder, imh_library_get_path (lib));
  play (game, 1);
  ITERATE_UNTIL (w.n_failed >= 1);
  g_assert_error (w.last_failure, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_BUSY);
  g_assert_nonnull (imh_library_autosave_get_save_error (autosave));
  g_assert_true (imh_library_autosave_get_busy (autosave));
  g_assert_cmpuint (w.n_error_set, ==, 1);

  /* More moves while it is locked; the retry fails again. */
  play (game, 3);
  ITERATE_UNTIL (w.n_failed >= 2);
  play (game, 2);
  g_assert_cmpint (imh_library_autosave_get_id (autosave), ==, id);
  g_assert_nonnull (imh_library_autosave_get_save_error (autosave));

  holder_release (&holder);
  ITERATE_UNTIL (!imh_library_autosave_get_busy (autosave));
  g_assert_null (imh_library_autosave_get_save_error (autosave));
  g_assert_cmpuint (w.n_error_cleared, ==, 1);
  g_assert_cmpint (imh_library_autosave_get_id (autosave), ==, id);
  g_assert_cmpuint (imh_library_count (lib, NULL), ==, 1);
  check_stored (lib, game, id);

  /* And it goes on as before. */
  play (game, 1);
  ITERATE_UNTIL (!imh_library_autosave_get_busy (autosave));
  check_stored (lib, game, id);
  imh_library_autosave_stop (autosave);
  watch_clear (&w);
}

/* A full disk for several writes (the first one too: no entry yet), then
 * space again: every move stored, the error set and then cleared. */
static void
test_disk_full (void)
{
  g_autoptr(ImhLibrary) lib = open_new ("full.sqlite3");
  g_autoptr(ImhGame) game = new_game (8);
  g_autoptr(ImhLibraryAutosave) autosave = imh_library_autosave_new (lib, game, 0);
  Watch w = { 0 };
  gint64 id;

  watch (autosave, &w);
  imh_test_failing_vfs_fail_writes (TRUE);
  for (guint i = 1; i <= 4; i++)
    {
      play (game, 1 + i % 2);
      ITERATE_UNTIL (w.n_failed >= i);
      g_assert_error (w.last_failure, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_FULL);
      g_assert_nonnull (imh_library_autosave_get_save_error (autosave));
      g_assert_cmpint (imh_library_autosave_get_id (autosave), ==, 0);
    }
  g_assert_cmpuint (w.n_error_set, ==, 1);
  g_assert_cmpuint (imh_library_count (lib, NULL), ==, 0);

  imh_test_failing_vfs_fail_writes (FALSE);
  imh_library_autosave_retry_now (autosave);   /* instead of waiting 8 s */
  ITERATE_UNTIL (!imh_library_autosave_get_busy (autosave));
  g_assert_null (imh_library_autosave_get_save_error (autosave));
  g_assert_cmpuint (w.n_error_cleared, ==, 1);
  id = imh_library_autosave_get_id (autosave);
  g_assert_cmpint (id, >, 0);
  g_assert_cmpuint (imh_library_count (lib, NULL), ==, 1);
  check_stored (lib, game, id);

  /* Failing again later: the same entry is updated when it passes. */
  imh_test_failing_vfs_fail_writes (TRUE);
  play (game, 2);
  ITERATE_UNTIL (w.n_failed >= 5);
  play (game, 1);
  imh_test_failing_vfs_fail_writes (FALSE);
  ITERATE_UNTIL (!imh_library_autosave_get_busy (autosave));
  g_assert_cmpuint (w.n_error_set, ==, 2);
  g_assert_cmpuint (w.n_error_cleared, ==, 2);
  g_assert_cmpint (imh_library_autosave_get_id (autosave), ==, id);
  g_assert_cmpuint (imh_library_count (lib, NULL), ==, 1);
  check_stored (lib, game, id);
  imh_library_autosave_stop (autosave);
  watch_clear (&w);
}

/* The game restarted while its last moves were not stored: they are
 * stored in its own entry, and the new game gets a new one. */
static void
test_restart_while_failing (void)
{
  g_autoptr(ImhLibrary) lib = open_new ("restart.sqlite3");
  g_autoptr(ImhGame) game = new_game (9);
  g_autoptr(ImhLibraryAutosave) autosave = imh_library_autosave_new (lib, game, 0);
  g_autoptr(GError) error = NULL;
  g_autofree char *old_text = NULL;
  Watch w = { 0 };
  ImhOptions o;
  gint64 old_id, new_id;

  watch (autosave, &w);
  play (game, 3);
  ITERATE_UNTIL (!imh_library_autosave_get_busy (autosave));
  old_id = imh_library_autosave_get_id (autosave);
  g_assert_cmpint (old_id, >, 0);

  imh_test_failing_vfs_fail_writes (TRUE);
  play (game, 4);
  ITERATE_UNTIL (w.n_failed >= 1);
  old_text = imh_game_to_record_text (game);
  imh_game_get_options (game, &o);
  g_assert_true (imh_game_restart (game, &o, 10, &error));
  g_assert_no_error (error);
  g_assert_cmpint (imh_library_autosave_get_id (autosave), ==, 0);
  play (game, 2);
  ITERATE_UNTIL (w.n_failed >= 2);

  imh_test_failing_vfs_fail_writes (FALSE);
  imh_library_autosave_retry_now (autosave);
  ITERATE_UNTIL (!imh_library_autosave_get_busy (autosave));
  g_assert_null (imh_library_autosave_get_save_error (autosave));
  new_id = imh_library_autosave_get_id (autosave);
  g_assert_cmpint (new_id, >, 0);
  g_assert_cmpint (new_id, !=, old_id);
  g_assert_cmpuint (imh_library_count (lib, NULL), ==, 2);
  check_stored (lib, game, new_id);
  {
    g_autofree char *stored = imh_library_load_record (lib, old_id, &error);
    g_assert_no_error (error);
    g_assert_cmpstr (stored, ==, old_text);
  }
  imh_library_autosave_stop (autosave);
  watch_clear (&w);
}

/* Stopping (the window closes) while the disk stays full: the flush gives
 * up after a bounded time, and the game goes to a file that the next
 * launch imports into the library. */
static void
test_stop_while_failing (void)
{
  g_autoptr(ImhLibrary) lib = open_new ("stop.sqlite3");
  g_autoptr(ImhGame) game = new_game (11);
  g_autoptr(ImhLibraryAutosave) autosave = imh_library_autosave_new (lib, game, 0);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  Watch w = { 0 };
  gboolean imported = FALSE;
  gint64 id;

  watch (autosave, &w);
  play (game, 2);
  ITERATE_UNTIL (!imh_library_autosave_get_busy (autosave));
  id = imh_library_autosave_get_id (autosave);

  imh_test_failing_vfs_fail_writes (TRUE);
  play (game, 3);
  text = imh_game_to_record_text (game);
  g_test_expect_message ("imh-library-autosave", G_LOG_LEVEL_MESSAGE, "*could not be stored in the library*unsaved-1.imhotep*");
  imh_library_autosave_stop (autosave);
  g_test_assert_expected_messages ();
  g_assert_cmpuint (w.n_failed, >=, 1);
  g_assert_false (imh_library_autosave_get_busy (autosave));
  imh_test_failing_vfs_fail_writes (FALSE);

  /* The next launch: imported as an entry of its own, the file gone. */
  {
    g_autofree char *kept = g_build_filename (g_get_user_data_dir (), APP_ID, "unsaved-1.imhotep", NULL);
    g_autofree char *on_disk = NULL;
    g_autoptr(GArray) ids = NULL;
    ImhLibraryQuery q;

    g_assert_true (g_file_get_contents (kept, &on_disk, NULL, &error));
    g_assert_cmpstr (on_disk, ==, text);
    g_assert_true (imh_autosave_migrate (lib, &imported, &error));
    g_assert_no_error (error);
    g_assert_true (imported);
    g_assert_false (g_file_test (kept, G_FILE_TEST_EXISTS));
    g_assert_cmpuint (imh_library_count (lib, NULL), ==, 2);
    imh_library_query_init (&q);
    ids = imh_library_query_ids (lib, &q, &error);
    imh_library_query_clear (&q);
    g_assert_no_error (error);
    for (guint i = 0; i < ids->len; i++)
      if (g_array_index (ids, gint64, i) != id)
        {
          g_autofree char *stored = imh_library_load_record (lib, g_array_index (ids, gint64, i), &error);
          g_assert_cmpstr (stored, ==, text);
        }
  }
  watch_clear (&w);
}

/* A write that fails while another is in flight, many changes, a flush in
 * between: nothing waits for ever and the newest record wins. */
static void
test_flush_after_failure (void)
{
  g_autoptr(ImhLibrary) lib = open_new ("flush.sqlite3");
  g_autoptr(ImhGame) game = new_game (12);
  g_autoptr(ImhLibraryAutosave) autosave = imh_library_autosave_new (lib, game, 0);
  g_autoptr(GError) error = NULL;
  Watch w = { 0 };

  watch (autosave, &w);
  imh_test_failing_vfs_fail_writes (TRUE);
  play (game, 3);
  ITERATE_UNTIL (w.n_failed >= 1);
  play (game, 2);
  imh_test_failing_vfs_fail_writes (FALSE);
  /* A retry waits: the flush writes at once (e.g. a bookmark needs the id). */
  g_assert_true (imh_library_autosave_flush (autosave, &error));
  g_assert_no_error (error);
  g_assert_null (imh_library_autosave_get_save_error (autosave));
  g_assert_false (imh_library_autosave_get_busy (autosave));
  g_assert_cmpint (imh_library_autosave_get_id (autosave), >, 0);
  check_stored (lib, game, imh_library_autosave_get_id (autosave));
  imh_library_autosave_stop (autosave);
  watch_clear (&w);
}

/* The game's entry deleted from the library while it is played: the next
 * write stores it as a new entry, without an error state. */
static void
test_entry_deleted (void)
{
  g_autoptr(ImhLibrary) lib = open_new ("deleted.sqlite3");
  g_autoptr(ImhGame) game = new_game (15);
  g_autoptr(ImhLibraryAutosave) autosave = imh_library_autosave_new (lib, game, 0);
  g_autoptr(ImhLibraryDeleted) deleted = NULL;
  g_autoptr(GError) error = NULL;
  Watch w = { 0 };
  gint64 id, id2;

  watch (autosave, &w);
  play (game, 2);
  ITERATE_UNTIL (!imh_library_autosave_get_busy (autosave));
  id = imh_library_autosave_get_id (autosave);
  deleted = imh_library_delete (lib, &id, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (imh_library_count (lib, NULL), ==, 0);

  play (game, 1);
  ITERATE_UNTIL (!imh_library_autosave_get_busy (autosave));
  id2 = imh_library_autosave_get_id (autosave);
  g_assert_cmpint (id2, >, 0);   /* (SQLite may give the freed id again) */
  g_assert_cmpuint (w.n_error_set, ==, 0);
  g_assert_cmpuint (w.n_failed, ==, 0);
  g_assert_cmpuint (imh_library_count (lib, NULL), ==, 1);
  check_stored (lib, game, id2);
  imh_library_autosave_stop (autosave);
  watch_clear (&w);
}

typedef struct {
  gboolean  done;
  gboolean  ok;
  GError   *error;
} Closed;

static void
on_closed (GObject *source, GAsyncResult *result, gpointer data)
{
  Closed *c = data;

  c->ok = imh_library_autosave_close_finish (IMH_LIBRARY_AUTOSAVE (source), result, &c->error);
  c->done = TRUE;
}

/* Closing while another process holds the lock: the close does not block,
 * retries, and stores the last moves once the lock is gone. */
static void
test_close_while_locked (void)
{
  g_autoptr(ImhLibrary) lib = open_new ("close-locked.sqlite3");
  g_autoptr(ImhGame) game = new_game (13);
  g_autoptr(ImhLibraryAutosave) autosave = imh_library_autosave_new (lib, game, 0);
  g_autofree char *text = NULL;
  Watch w = { 0 };
  Closed closed = { 0 };
  Holder holder;
  gint64 id;

  watch (autosave, &w);
  play (game, 2);
  ITERATE_UNTIL (!imh_library_autosave_get_busy (autosave));
  id = imh_library_autosave_get_id (autosave);

  holder_start (&holder, imh_library_get_path (lib));
  play (game, 3);
  text = imh_game_to_record_text (game);
  imh_library_autosave_close_async (autosave, 120 * 1000, NULL, on_closed, &closed);
  play (game, 1);   /* no longer followed */
  ITERATE_UNTIL (w.n_failed >= 1);
  g_assert_false (closed.done);
  holder_release (&holder);
  ITERATE_UNTIL (closed.done);
  g_assert_no_error (closed.error);
  g_assert_true (closed.ok);
  g_assert_false (imh_library_autosave_get_busy (autosave));
  g_assert_null (imh_library_autosave_get_save_error (autosave));
  {
    g_autoptr(GError) error = NULL;
    g_autofree char *stored = imh_library_load_record (lib, id, &error);
    g_assert_no_error (error);
    g_assert_cmpstr (stored, ==, text);
  }
  watch_clear (&w);
}

/* Closing while the disk stays full: the close ends after its time with
 * the error, and the game is kept in a file for the next launch. */
static void
test_close_gives_up (void)
{
  g_autoptr(ImhLibrary) lib = open_new ("close-full.sqlite3");
  g_autoptr(ImhGame) game = new_game (14);
  g_autoptr(ImhLibraryAutosave) autosave = imh_library_autosave_new (lib, game, 0);
  g_autofree char *kept = g_build_filename (g_get_user_data_dir (), APP_ID, "unsaved-1.imhotep", NULL);
  g_autofree char *on_disk = NULL;
  g_autofree char *text = NULL;
  Closed closed = { 0 };

  imh_test_failing_vfs_fail_writes (TRUE);
  play (game, 4);
  text = imh_game_to_record_text (game);
  g_test_expect_message ("imh-library-autosave", G_LOG_LEVEL_MESSAGE, "*could not be stored in the library*unsaved-1.imhotep*");
  imh_library_autosave_close_async (autosave, 1500, NULL, on_closed, &closed);
  ITERATE_UNTIL (closed.done);
  g_test_assert_expected_messages ();
  imh_test_failing_vfs_fail_writes (FALSE);
  g_assert_false (closed.ok);
  g_assert_error (closed.error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_FULL);
  g_assert_false (imh_library_autosave_get_busy (autosave));
  g_assert_true (g_file_get_contents (kept, &on_disk, NULL, NULL));
  g_assert_cmpstr (on_disk, ==, text);
  g_assert_cmpuint (imh_library_count (lib, NULL), ==, 0);
  g_clear_error (&closed.error);
}

int
main (int argc, char *argv[])
{
  if (argc == 3 && strcmp (argv[1], "--hold-lock") == 0)
    return hold_lock (argv[2]);

  self_exe = g_canonicalize_filename (argv[0], NULL);
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
  imh_test_failing_vfs_install ();

  g_test_add_func ("/autosave-failures/locked-by-other-process", test_locked_by_other_process);
  g_test_add_func ("/autosave-failures/disk-full", test_disk_full);
  g_test_add_func ("/autosave-failures/restart-while-failing", test_restart_while_failing);
  g_test_add_func ("/autosave-failures/stop-while-failing", test_stop_while_failing);
  g_test_add_func ("/autosave-failures/flush-after-failure", test_flush_after_failure);
  g_test_add_func ("/autosave-failures/entry-deleted", test_entry_deleted);
  g_test_add_func ("/autosave-failures/close-while-locked", test_close_while_locked);
  g_test_add_func ("/autosave-failures/close-gives-up", test_close_gives_up);
  return g_test_run ();
}
