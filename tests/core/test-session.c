/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-session.c — ImhSession: opening record files and library games,
 * resuming, saving, modified tracking, errors naming what failed,
 * cancellation, closing with the autosave, property notifications; and
 * the library's _async reads and edits (suite `core`). */
#include "config.h"

#include <gio/gio.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

#include "imh-analysis-job.h"
#include "imh-autosave.h"
#include "imh-library-async.h"
#include "imh-record-file.h"
#include "imh-record.h"
#include "imh-session.h"
#include "test-i18n.h"

/* ---- Helpers ----------------------------------------------------------------- */

static char *
temp_path (const char *name)
{
  /* G_TEST_OPTION_ISOLATE_DIRS gives every test its own data dir. */
  g_assert_cmpint (g_mkdir_with_parents (g_get_user_data_dir (), 0700), ==, 0);
  return g_build_filename (g_get_user_data_dir (), name, NULL);
}

static ImhLibrary *
open_library (void)
{
  g_autofree char *path = temp_path ("library.sqlite3");
  g_autoptr(GError) error = NULL;
  ImhLibrary *library = imh_library_open (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (library);
  return library;
}

/* A Duel of human seats after n decisions (the first legal ones). */
static ImhGame *
new_game (guint64 seed,
          guint   n)
{
  g_autoptr(GError) error = NULL;
  ImhOptions o;
  ImhGame *game;

  imh_options_init (&o, IMH_GAME_DUEL, 2);
  game = imh_game_new (&o, seed, &error);
  g_assert_no_error (error);
  imh_game_set_pace (game, 0);
  for (guint i = 0; i < n; i++)
    {
      ImhDecisionList legal;

      imh_game_get_legal (game, &legal);
      g_assert_cmpuint (legal.n, >, 0);
      g_assert_true (imh_game_apply (game, legal.d[0], IMH_BRANCH_TRUNCATE, &error));
      g_assert_no_error (error);
    }
  return game;
}

static void
play (ImhGame *game)
{
  g_autoptr(GError) error = NULL;
  ImhDecisionList legal;

  imh_game_get_legal (game, &legal);
  g_assert_cmpuint (legal.n, >, 0);
  g_assert_true (imh_game_apply (game, legal.d[legal.n - 1], IMH_BRANCH_TRUNCATE, &error));
  g_assert_no_error (error);
}

/* The record of a game after n decisions, stored in the library. */
static gint64
store_game (ImhLibrary *library,
            guint64     seed,
            guint       n,
            char      **text_out)
{
  g_autoptr(ImhGame) game = new_game (seed, n);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = imh_game_to_record_text (game);
  gint64 id = imh_library_save_record (library, 0, text, FALSE, &error);

  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);
  if (text_out != NULL)
    *text_out = imh_library_load_record (library, id, NULL);
  return id;
}

static void
got_result (GObject      *source,
            GAsyncResult *result,
            gpointer      data)
{
  GAsyncResult **out = data;

  g_assert_null (*out);
  *out = g_object_ref (result);
}

/* Runs the main loop until the callback came. */
static GAsyncResult *
wait_for (GAsyncResult **result)
{
  while (*result == NULL)
    g_main_context_iteration (NULL, TRUE);
  return *result;
}

/* Runs what the library queued for the main loop (its signals). */
static void
drain (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static void
count_notify (GObject    *object,
              GParamSpec *pspec,
              guint      *count)
{
  (*count)++;
}

static ImhSession *
open_library_game (ImhLibrary    *library,
                   gint64         id,
                   GCancellable  *cancellable,
                   GError       **error)
{
  g_autoptr(GAsyncResult) result = NULL;

  imh_session_open_library_game_async (library, id, cancellable, got_result, &result);
  return imh_session_open_library_game_finish (wait_for (&result), error);
}

static ImhSession *
open_file (GFile         *file,
           ImhLibrary    *library,
           GCancellable  *cancellable,
           GError       **error)
{
  g_autoptr(GAsyncResult) result = NULL;

  imh_session_open_file_async (file, library, cancellable, got_result, &result);
  return imh_session_open_file_finish (wait_for (&result), error);
}

static gboolean
save (ImhSession  *session,
      GFile       *file,
      GError     **error)
{
  g_autoptr(GAsyncResult) result = NULL;

  imh_session_save_async (session, file, NULL, got_result, &result);
  return imh_session_save_finish (session, wait_for (&result), error);
}

static gboolean
close_session (ImhSession  *session,
               GError     **error)
{
  g_autoptr(GAsyncResult) result = NULL;

  imh_session_close_async (session, 10 * 1000, NULL, got_result, &result);
  return imh_session_close_finish (session, wait_for (&result), error);
}

/* A small analysis of a library game, stored with it. */
static ImhAnalysisResult *
analyse (ImhLibrary *library,
         gint64      id)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhAnalysisJob) job = imh_analysis_job_new_for_game (library, id, &error);
  ImhAnalysisResult *result;

  g_assert_no_error (error);
  imh_analysis_job_set_depth (job, IMH_ANALYSIS_QUICK);
  imh_analysis_job_set_budget (job, 60, 2, 16);
  imh_analysis_job_set_seed (job, 7);
  imh_analysis_job_set_threads (job, 1);
  result = imh_analysis_job_run (job, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (result);
  g_assert_true (imh_analysis_result_save (result, library, id, &error));
  g_assert_no_error (error);
  return result;
}

/* ---- Record files --------------------------------------------------------------- */

static void
test_open_file (void)
{
  g_autoptr(ImhGame) game = new_game (11, 5);
  g_autofree char *text = imh_game_to_record_text (game);
  g_autofree char *path = temp_path ("game.imhotep");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhSession) session = NULL;
  g_autofree char *reopened = NULL;

  g_assert_true (g_file_set_contents (path, text, -1, &error));
  session = open_file (file, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (session);
  g_assert_true (g_file_equal (imh_session_get_file (session), file));
  g_assert_cmpint (imh_session_get_library_id (session), ==, 0);
  g_assert_null (imh_session_get_library (session));
  g_assert_false (imh_session_get_modified (session));
  g_assert_null (imh_session_get_analysis (session));
  g_assert_cmpuint (imh_session_get_bookmarks (session)->len, ==, 0);
  g_assert_cmpuint (imh_game_get_n_plies (imh_session_get_game (session)), ==, 5);
  reopened = imh_game_to_record_text (imh_session_get_game (session));
  g_assert_cmpstr (reopened, ==, text);
  /* Without a library nothing is kept there. */
  g_assert_false (imh_session_start_autosave (session));
  g_assert_null (imh_session_get_autosave (session));
}

static void
test_open_file_errors (void)
{
  g_autofree char *missing_path = temp_path ("missing.imhotep");
  g_autofree char *damaged_path = temp_path ("damaged.imhotep");
  g_autoptr(GFile) missing = g_file_new_for_path (missing_path);
  g_autoptr(GFile) damaged = g_file_new_for_path (damaged_path);
  g_autofree char *damaged_name = g_file_get_parse_name (damaged);
  g_autoptr(GError) error = NULL;
  ImhSession *session;

  session = open_file (missing, NULL, NULL, &error);
  g_assert_null (session);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "missing.imhotep"));
  g_clear_error (&error);

  g_assert_true (g_file_set_contents (damaged_path, "[Game \"Imhotep\"\nthis is not a record\n", -1, NULL));
  session = open_file (damaged, NULL, NULL, &error);
  g_assert_null (session);
  g_assert_error (error, IMH_RECORD_FILE_ERROR, IMH_RECORD_FILE_ERROR_NOT_A_RECORD);
  g_assert_nonnull (strstr (error->message, damaged_name));
  g_assert_true (g_file_test (damaged_path, G_FILE_TEST_EXISTS));   /* left as it was */
}

/* ---- Library games --------------------------------------------------------------- */

static void
test_open_library_game (void)
{
  g_autoptr(ImhLibrary) library = open_library ();
  g_autofree char *text = NULL;
  gint64 id = store_game (library, 21, 12, &text);
  g_autoptr(ImhAnalysisResult) analysis = analyse (library, id);
  g_autoptr(GBytes) png = g_bytes_new_static ("\x89PNG fake", 9);
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhSession) session = NULL;
  g_autofree char *opened = NULL;
  GPtrArray *bookmarks;

  g_assert_cmpint (imh_library_add_bookmark (library, id, 7, "the key move", &error), >, 0);
  g_assert_cmpint (imh_library_add_bookmark (library, id, 3, "", &error), >, 0);
  g_assert_true (imh_library_set_thumbnail (library, id, png, &error));
  g_assert_no_error (error);

  session = open_library_game (library, id, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (session);
  g_assert_true (imh_session_get_library (session) == library);
  g_assert_cmpint (imh_session_get_library_id (session), ==, id);
  g_assert_null (imh_session_get_file (session));
  g_assert_false (imh_session_get_modified (session));
  opened = imh_game_to_record_text (imh_session_get_game (session));
  g_assert_cmpstr (opened, ==, text);

  g_assert_nonnull (imh_session_get_analysis (session));
  g_assert_null (imh_session_get_analysis_error (session));
  g_assert_cmpuint (imh_analysis_result_get_n_plies (imh_session_get_analysis (session)), ==, 12);
  {
    g_autofree char *a = imh_analysis_result_to_json (analysis);
    g_autofree char *b = imh_analysis_result_to_json (imh_session_get_analysis (session));
    g_assert_cmpstr (a, ==, b);
  }

  bookmarks = imh_session_get_bookmarks (session);
  g_assert_cmpuint (bookmarks->len, ==, 2);
  g_assert_cmpuint (((ImhLibraryBookmark *) g_ptr_array_index (bookmarks, 0))->ply, ==, 3);
  g_assert_cmpuint (((ImhLibraryBookmark *) g_ptr_array_index (bookmarks, 1))->ply, ==, 7);
  g_assert_cmpstr (((ImhLibraryBookmark *) g_ptr_array_index (bookmarks, 1))->label, ==, "the key move");

  g_assert_nonnull (imh_session_get_thumbnail (session));
  g_assert_true (g_bytes_equal (imh_session_get_thumbnail (session), png));
  drain ();
}

/* An analysis that cannot be read does not keep the game from opening. */
static void
test_open_unreadable_analysis (void)
{
  g_autoptr(ImhLibrary) library = open_library ();
  gint64 id = store_game (library, 22, 6, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhSession) session = NULL;

  g_assert_cmpint (imh_library_add_analysis (library, id, "test", "{}", "{ not json", 0, &error), >, 0);
  g_assert_no_error (error);
  session = open_library_game (library, id, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (session);
  g_assert_null (imh_session_get_analysis (session));
  g_assert_nonnull (imh_session_get_analysis_error (session));
  drain ();
}

static void
test_open_library_errors (void)
{
  g_autoptr(ImhLibrary) library = open_library ();
  gint64 id = store_game (library, 23, 4, NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *unknown = g_strdup_printf (IMH_T ("There is no game %lld in the library"), 4242LL);
  g_autofree char *damaged = g_strdup_printf (IMH_T ("Game %lld of the library cannot be read: "),
                                              (long long) id);
  ImhSession *session;
  sqlite3 *db;
  char *sql;

  session = open_library_game (library, 4242, NULL, &error);
  g_assert_null (session);
  g_assert_error (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_NOT_FOUND);
  g_assert_cmpstr (error->message, ==, unknown);
  g_clear_error (&error);

  /* A stored record damaged behind the library's back. */
  g_assert_cmpint (sqlite3_open (imh_library_get_path (library), &db), ==, SQLITE_OK);
  sqlite3_busy_timeout (db, 5000);
  sql = sqlite3_mprintf ("UPDATE records SET text = 'not a record' WHERE game_id = %lld", (long long) id);
  g_assert_cmpint (sqlite3_exec (db, sql, NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_free (sql);
  sqlite3_close (db);

  session = open_library_game (library, id, NULL, &error);
  g_assert_null (session);
  g_assert_nonnull (error);
  g_assert_true (g_str_has_prefix (error->message, damaged));
  g_assert_cmpuint (strlen (error->message), >, strlen (damaged));   /* and why */
  g_clear_error (&error);
  /* The entry is left as it is. */
  {
    g_autofree char *text = imh_library_load_record (library, id, &error);
    g_assert_no_error (error);
    g_assert_cmpstr (text, ==, "not a record");
  }
  drain ();
}

static void
test_resume (void)
{
  g_autoptr(ImhLibrary) library = open_library ();
  g_autoptr(GAsyncResult) none = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhSession) session = NULL;
  g_autofree char *text = NULL;
  gint64 id;

  /* Nothing to resume: no session and no error. */
  imh_session_resume_async (library, 1u << IMH_GAME_DUEL, NULL, got_result, &none);
  g_assert_null (imh_session_resume_finish (wait_for (&none), &error));
  g_assert_no_error (error);

  store_game (library, 31, 3, NULL);
  id = store_game (library, 32, 9, &text);   /* the unfinished one changed last */
  imh_session_resume_async (library, 1u << IMH_GAME_DUEL, NULL, got_result, &result);
  session = imh_session_resume_finish (wait_for (&result), &error);
  g_assert_no_error (error);
  g_assert_nonnull (session);
  g_assert_cmpint (imh_session_get_library_id (session), ==, id);
  {
    g_autofree char *resumed = imh_game_to_record_text (imh_session_get_game (session));
    g_assert_cmpstr (resumed, ==, text);
  }
  g_clear_object (&result);
  g_clear_object (&session);

  /* No unfinished game of the base game. */
  imh_session_resume_async (library, 1u << IMH_GAME_CLASSIC, NULL, got_result, &result);
  g_assert_null (imh_session_resume_finish (wait_for (&result), &error));
  g_assert_no_error (error);
  drain ();
}

/* ---- Saving, modified, notifications ---------------------------------------------- */

static void
test_save_and_reopen (void)
{
  g_autoptr(ImhGame) game = new_game (41, 0);
  g_autoptr(ImhSession) session = imh_session_new (game, NULL, 0);
  g_autofree char *path = temp_path ("saved.imhotep");
  g_autofree char *copy_path = temp_path ("copy.imhotep");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) copy = g_file_new_for_path (copy_path);
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhSession) reopened = NULL;
  g_autofree char *text = NULL;
  g_autofree char *again = NULL;
  guint n_modified = 0, n_file = 0;

  g_signal_connect (session, "notify::modified", G_CALLBACK (count_notify), &n_modified);
  g_signal_connect (session, "notify::file", G_CALLBACK (count_notify), &n_file);

  /* No file yet. */
  g_assert_false (save (session, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_assert_cmpstr (error->message, ==, IMH_T ("The game has no file yet: choose where to save it"));
  g_clear_error (&error);

  g_assert_false (imh_session_get_modified (session));
  play (game);
  g_assert_true (imh_session_get_modified (session));
  g_assert_cmpuint (n_modified, ==, 1);
  play (game);
  play (game);
  g_assert_cmpuint (n_modified, ==, 1);   /* still modified: no new notification */

  g_assert_true (save (session, file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_equal (imh_session_get_file (session), file));
  g_assert_cmpuint (n_file, ==, 1);
  g_assert_false (imh_session_get_modified (session));
  g_assert_cmpuint (n_modified, ==, 2);

  /* Again to its own file: the same file, no notification. */
  play (game);
  g_assert_cmpuint (n_modified, ==, 3);
  g_assert_true (save (session, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n_file, ==, 1);
  g_assert_cmpuint (n_modified, ==, 4);

  /* Export: a copy; the file and modified stay. */
  play (game);
  {
    g_autoptr(GAsyncResult) result = NULL;
    imh_session_export_async (session, copy, NULL, got_result, &result);
    g_assert_true (imh_session_export_finish (session, wait_for (&result), &error));
    g_assert_no_error (error);
  }
  g_assert_true (imh_session_get_modified (session));
  g_assert_true (g_file_equal (imh_session_get_file (session), file));
  g_assert_cmpuint (n_file, ==, 1);
  g_assert_cmpuint (n_modified, ==, 5);

  text = imh_game_to_record_text (game);
  reopened = open_file (copy, NULL, NULL, &error);
  g_assert_no_error (error);
  again = imh_game_to_record_text (imh_session_get_game (reopened));
  g_assert_cmpstr (again, ==, text);
  g_clear_object (&reopened);
  g_clear_pointer (&again, g_free);

  g_assert_true (save (session, NULL, &error));
  reopened = open_file (file, NULL, NULL, &error);
  g_assert_no_error (error);
  again = imh_game_to_record_text (imh_session_get_game (reopened));
  g_assert_cmpstr (again, ==, text);
}

static void
test_save_errors (void)
{
  g_autoptr(ImhGame) game = new_game (42, 2);
  g_autoptr(ImhSession) session = imh_session_new (game, NULL, 0);
  g_autofree char *path = temp_path ("no-such-folder/saved.imhotep");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  guint n_file = 0;

  g_signal_connect (session, "notify::file", G_CALLBACK (count_notify), &n_file);
  g_assert_true (imh_session_get_modified (session));
  g_assert_false (save (session, file, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "saved.imhotep"));
  /* Nothing changed. */
  g_assert_null (imh_session_get_file (session));
  g_assert_cmpuint (n_file, ==, 0);
  g_assert_true (imh_session_get_modified (session));
}

static void
test_notify_once (void)
{
  g_autoptr(ImhLibrary) library = open_library ();
  gint64 id = store_game (library, 43, 8, NULL);
  g_autoptr(ImhAnalysisResult) analysis = analyse (library, id);
  g_autoptr(ImhGame) game = new_game (43, 8);
  g_autoptr(ImhSession) session = imh_session_new (game, NULL, 0);
  g_autoptr(GBytes) png = g_bytes_new_static ("png", 3);
  g_autoptr(GBytes) same = g_bytes_new_static ("png", 3);
  guint n_thumbnail = 0, n_analysis = 0, n_bookmarks = 0, n_id = 0;

  g_signal_connect (session, "notify::thumbnail", G_CALLBACK (count_notify), &n_thumbnail);
  g_signal_connect (session, "notify::analysis", G_CALLBACK (count_notify), &n_analysis);
  g_signal_connect (session, "notify::bookmarks", G_CALLBACK (count_notify), &n_bookmarks);
  g_signal_connect (session, "notify::library-id", G_CALLBACK (count_notify), &n_id);

  imh_session_set_thumbnail (session, png);
  imh_session_set_thumbnail (session, same);
  g_assert_cmpuint (n_thumbnail, ==, 1);
  g_object_set (session, "thumbnail", NULL, NULL);
  g_object_set (session, "thumbnail", NULL, NULL);
  g_assert_cmpuint (n_thumbnail, ==, 2);
  g_assert_null (imh_session_get_thumbnail (session));

  imh_session_set_analysis (session, analysis);
  imh_session_set_analysis (session, analysis);
  g_assert_cmpuint (n_analysis, ==, 1);
  g_assert_true (imh_session_get_analysis (session) == analysis);
  imh_session_set_analysis (session, NULL);
  g_assert_cmpuint (n_analysis, ==, 2);

  g_assert_cmpuint (n_bookmarks, ==, 0);
  g_assert_cmpuint (n_id, ==, 0);
  drain ();
}

/* ---- Cancellation ------------------------------------------------------------------- */

static void
test_cancel (void)
{
  g_autoptr(ImhLibrary) library = open_library ();
  gint64 id = store_game (library, 51, 5, NULL);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autofree char *path = temp_path ("cancel.imhotep");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhGameSummary) summary = NULL;
  g_autofree char *text = imh_library_load_record (library, id, NULL);

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  g_cancellable_cancel (cancellable);

  g_assert_null (open_library_game (library, id, cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);

  g_assert_null (open_file (file, library, cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);

  {
    g_autoptr(GAsyncResult) result = NULL;
    imh_session_resume_async (library, 0, cancellable, got_result, &result);
    g_assert_null (imh_session_resume_finish (wait_for (&result), &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
    g_clear_error (&error);
  }

  /* An edit cancelled before it starts is not made. */
  {
    g_autoptr(GAsyncResult) result = NULL;
    imh_library_set_starred_async (library, id, TRUE, cancellable, got_result, &result);
    g_assert_false (imh_library_set_starred_finish (library, wait_for (&result), &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
    g_clear_error (&error);
  }
  summary = imh_library_get_summary (library, id, &error);
  g_assert_no_error (error);
  g_assert_false (imh_game_summary_get_starred (summary));
  drain ();
}

/* ---- The autosave, bookmarks and the thumbnail in the library ------------------------ */

static void
test_close_flushes_autosave (void)
{
  g_autoptr(ImhLibrary) library = open_library ();
  g_autoptr(ImhGame) game = new_game (61, 0);
  g_autoptr(ImhSession) session = imh_session_new (game, library, 0);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *stored = NULL;
  guint n_autosave = 0;
  gint64 id;

  g_signal_connect (session, "notify::autosave", G_CALLBACK (count_notify), &n_autosave);
  g_assert_true (imh_session_start_autosave (session));
  g_assert_true (imh_session_start_autosave (session));   /* once */
  g_assert_cmpuint (n_autosave, ==, 1);
  g_assert_nonnull (imh_session_get_autosave (session));
  for (guint i = 0; i < 6; i++)
    play (game);
  text = imh_game_to_record_text (game);

  /* Closed at once, with everything still pending. */
  g_assert_true (close_session (session, &error));
  g_assert_no_error (error);
  g_assert_null (imh_session_get_autosave (session));
  g_assert_cmpuint (n_autosave, ==, 2);

  id = imh_library_get_latest_unfinished (library, &error);
  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);
  stored = imh_library_load_record (library, id, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (stored, ==, text);

  /* Closing a session without an autosave. */
  g_assert_true (close_session (session, &error));
  g_assert_no_error (error);
  drain ();
}

static void
wait_for_library_id (ImhSession *session)
{
  while (imh_session_get_library_id (session) <= 0)
    g_main_context_iteration (NULL, TRUE);
}

static void
test_autosave_library_id (void)
{
  g_autoptr(ImhLibrary) library = open_library ();
  g_autoptr(ImhGame) game = new_game (62, 0);
  g_autoptr(ImhSession) session = imh_session_new (game, library, 0);
  g_autoptr(GBytes) png = g_bytes_new_static ("\x89PNG end", 8);
  g_autoptr(GError) error = NULL;
  guint n_id = 0;

  g_signal_connect (session, "notify::library-id", G_CALLBACK (count_notify), &n_id);
  g_assert_true (imh_session_start_autosave (session));
  /* Before the game is in the library: stored when it is. */
  imh_session_set_thumbnail (session, png);
  play (game);
  play (game);
  wait_for_library_id (session);
  g_assert_cmpuint (n_id, ==, 1);
  {
    GBytes *stored = NULL;

    while ((stored = imh_library_get_thumbnail (library, imh_session_get_library_id (session), NULL)) == NULL)
      g_main_context_iteration (NULL, TRUE);
    g_assert_true (g_bytes_equal (stored, png));
    g_bytes_unref (stored);
  }
  play (game);
  g_assert_true (close_session (session, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n_id, ==, 1);   /* the same entry all along */
  drain ();
}

static gint64
add_bookmark (ImhSession  *session,
              guint        ply,
              const char  *label,
              GError     **error)
{
  g_autoptr(GAsyncResult) result = NULL;

  imh_session_add_bookmark_async (session, ply, label, NULL, got_result, &result);
  return imh_session_add_bookmark_finish (session, wait_for (&result), error);
}

static void
test_bookmarks (void)
{
  g_autoptr(ImhLibrary) library = open_library ();
  g_autoptr(ImhGame) game = new_game (71, 0);
  g_autoptr(ImhSession) session = imh_session_new (game, library, 0);
  g_autoptr(ImhGame) lone_game = new_game (72, 3);
  g_autoptr(ImhSession) lone = imh_session_new (lone_game, NULL, 0);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) listed = NULL;
  guint n_bookmarks = 0;
  gint64 bookmark;

  /* Without a library. */
  g_assert_cmpint (add_bookmark (lone, 1, "x", &error), ==, 0);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);
  g_assert_cmpstr (error->message, ==,
                   IMH_T ("Bookmarks are kept in the library, which is not available for this game"));
  g_clear_error (&error);

  g_signal_connect (session, "notify::bookmarks", G_CALLBACK (count_notify), &n_bookmarks);
  g_assert_true (imh_session_start_autosave (session));
  /* Not a decision yet: nothing in the library to bookmark. */
  g_assert_cmpint (add_bookmark (session, 0, "start", &error), ==, 0);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_cmpstr (error->message, ==,
                   IMH_T ("The library keeps a game from its first decision: play one, then bookmark"));
  g_clear_error (&error);

  /* Right after a decision, before the autosave stored it: it waits. */
  play (game);
  play (game);
  g_assert_true (imh_library_autosave_get_busy (imh_session_get_autosave (session)));
  bookmark = add_bookmark (session, 2, "here", &error);
  g_assert_no_error (error);
  g_assert_cmpint (bookmark, >, 0);
  g_assert_cmpint (imh_session_get_library_id (session), >, 0);
  g_assert_cmpuint (n_bookmarks, ==, 1);
  g_assert_cmpuint (imh_session_get_bookmarks (session)->len, ==, 1);
  g_assert_cmpint (((ImhLibraryBookmark *) g_ptr_array_index (imh_session_get_bookmarks (session), 0))->id,
                   ==, bookmark);
  listed = imh_library_list_bookmarks (library, imh_session_get_library_id (session), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (listed->len, ==, 1);
  g_assert_cmpuint (((ImhLibraryBookmark *) g_ptr_array_index (listed, 0))->ply, ==, 2);

  {
    g_autoptr(GAsyncResult) result = NULL;
    imh_session_remove_bookmark_async (session, bookmark, NULL, got_result, &result);
    g_assert_true (imh_session_remove_bookmark_finish (session, wait_for (&result), &error));
    g_assert_no_error (error);
  }
  g_assert_cmpuint (n_bookmarks, ==, 2);
  g_assert_cmpuint (imh_session_get_bookmarks (session)->len, ==, 0);

  /* The analysis goes with the entry too. */
  {
    g_autoptr(ImhAnalysisResult) analysis = analyse (library, imh_session_get_library_id (session));
    g_autoptr(GAsyncResult) result = NULL;
    g_autoptr(ImhAnalysisResult) loaded = NULL;
    guint n_analysis = 0;

    g_signal_connect (session, "notify::analysis", G_CALLBACK (count_notify), &n_analysis);
    imh_session_store_analysis_async (session, analysis, NULL, got_result, &result);
    g_assert_true (imh_session_store_analysis_finish (session, wait_for (&result), &error));
    g_assert_no_error (error);
    g_assert_cmpuint (n_analysis, ==, 1);
    g_assert_true (imh_session_get_analysis (session) == analysis);
    loaded = imh_analysis_result_load (library, imh_session_get_library_id (session), &error);
    g_assert_no_error (error);
    g_assert_nonnull (loaded);
  }

  g_assert_true (close_session (session, &error));
  g_assert_no_error (error);
  drain ();
}

/* Waiting for the autosave: cancelled, the bookmark is not added; the
 * session closed meanwhile, it is added to the stored game. */
static void
test_bookmark_wait (void)
{
  g_autoptr(ImhLibrary) library = open_library ();
  g_autoptr(ImhGame) game = new_game (73, 0);
  g_autoptr(ImhSession) session = imh_session_new (game, library, 0);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GAsyncResult) cancelled = NULL;
  g_autoptr(GAsyncResult) added = NULL;
  g_autoptr(GAsyncResult) closed = NULL;
  g_autoptr(GPtrArray) listed = NULL;
  g_autoptr(GError) error = NULL;
  gint64 id;

  g_assert_true (imh_session_start_autosave (session));
  play (game);
  g_assert_true (imh_library_autosave_get_busy (imh_session_get_autosave (session)));
  imh_session_add_bookmark_async (session, 1, "cancelled", cancellable, got_result, &cancelled);
  g_cancellable_cancel (cancellable);
  g_assert_cmpint (imh_session_add_bookmark_finish (session, wait_for (&cancelled), &error), ==, 0);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);

  play (game);
  g_assert_true (imh_library_autosave_get_busy (imh_session_get_autosave (session)));
  imh_session_add_bookmark_async (session, 2, "kept", NULL, got_result, &added);
  imh_session_close_async (session, 10 * 1000, NULL, got_result, &closed);
  g_assert_true (imh_session_close_finish (session, wait_for (&closed), &error));
  g_assert_no_error (error);
  {
    gint64 bookmark = imh_session_add_bookmark_finish (session, wait_for (&added), &error);
    g_assert_no_error (error);
    g_assert_cmpint (bookmark, >, 0);
  }

  id = imh_session_get_library_id (session);
  g_assert_cmpint (id, >, 0);
  listed = imh_library_list_bookmarks (library, id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (listed->len, ==, 1);
  g_assert_cmpstr (((ImhLibraryBookmark *) g_ptr_array_index (listed, 0))->label, ==, "kept");
  g_assert_cmpuint (imh_session_get_bookmarks (session)->len, ==, 1);
  drain ();
}

/* ---- The library's _async calls -------------------------------------------------------- */

static void
test_library_async (void)
{
  g_autoptr(ImhLibrary) library = open_library ();
  gint64 a = store_game (library, 81, 4, NULL);
  gint64 b = store_game (library, 82, 5, NULL);
  g_autoptr(GError) error = NULL;
  const char *tags[] = { "opening", "club", NULL };
  g_autofree char *out_path = temp_path ("export.imhotep");
  g_autoptr(GFile) out = g_file_new_for_path (out_path);

  {
    g_autoptr(GAsyncResult) result = NULL;
    imh_library_set_tags_and_notes_async (library, a, tags, "a fine game", NULL, got_result, &result);
    g_assert_true (imh_library_set_tags_and_notes_finish (library, wait_for (&result), &error));
    g_assert_no_error (error);
  }
  {
    g_autoptr(GAsyncResult) result = NULL;
    g_auto(GStrv) listed = NULL;
    imh_library_list_tags_async (library, NULL, got_result, &result);
    listed = imh_library_list_tags_finish (library, wait_for (&result), &error);
    g_assert_no_error (error);
    g_assert_cmpuint (g_strv_length (listed), ==, 2);
  }
  {
    g_autoptr(GAsyncResult) result = NULL;
    g_autoptr(ImhGameSummary) summary = NULL;
    imh_library_set_starred_async (library, b, TRUE, NULL, got_result, &result);
    g_assert_true (imh_library_set_starred_finish (library, wait_for (&result), &error));
    g_clear_object (&result);
    imh_library_get_summary_async (library, b, NULL, got_result, &result);
    summary = imh_library_get_summary_finish (library, wait_for (&result), &error);
    g_assert_no_error (error);
    g_assert_true (imh_game_summary_get_starred (summary));
  }
  {
    g_autoptr(GAsyncResult) result = NULL;
    imh_library_get_latest_unfinished_async (library, -1, NULL, got_result, &result);
    g_assert_cmpint (imh_library_get_latest_unfinished_finish (library, wait_for (&result), &error), ==, b);
    g_assert_no_error (error);
  }
  {
    g_autoptr(GAsyncResult) result = NULL;
    imh_library_get_thumbnail_async (library, a, NULL, got_result, &result);
    g_assert_null (imh_library_get_thumbnail_finish (library, wait_for (&result), &error));
    g_assert_error (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_NOT_FOUND);
    g_clear_error (&error);
  }
  {
    g_autoptr(GAsyncResult) result = NULL;
    gint64 ids[] = { a, b };
    g_autofree char *contents = NULL;
    imh_library_export_to_file_async (library, ids, 2, out, NULL, got_result, &result);
    g_assert_true (imh_library_export_to_file_finish (library, wait_for (&result), &error));
    g_assert_no_error (error);
    g_assert_true (g_file_get_contents (out_path, &contents, NULL, NULL));
    /* Both games, one after the other. */
    g_assert_nonnull (strstr (contents, "imhotep-record"));
    g_assert_nonnull (strstr (strstr (contents, "imhotep-record") + 1, "imhotep-record"));
  }
  {
    g_autoptr(GAsyncResult) result = NULL;
    g_autoptr(ImhLibraryDeleted) deleted = NULL;
    guint64 n_trash = 0;
    guint n_removed = 0;
    gint64 ids[] = { a };

    imh_library_delete_async (library, ids, 1, NULL, got_result, &result);
    deleted = imh_library_delete_finish (library, wait_for (&result), &error);
    g_assert_no_error (error);
    g_assert_cmpuint (imh_library_deleted_get_n_games (deleted), ==, 1);
    g_clear_object (&result);
    imh_library_count_trash_async (library, NULL, got_result, &result);
    g_assert_true (imh_library_count_trash_finish (library, wait_for (&result), &n_trash, &error));
    g_assert_cmpuint (n_trash, ==, 1);
    g_clear_object (&result);
    imh_library_restore_async (library, deleted, NULL, got_result, &result);
    g_assert_true (imh_library_restore_finish (library, wait_for (&result), &error));
    g_assert_cmpuint (imh_library_count_trash (library, NULL), ==, 0);
    g_clear_object (&result);

    {
      ImhLibraryDeleted *again = imh_library_delete (library, ids, 1, &error);

      g_assert_nonnull (again);
      imh_library_deleted_unref (again);
    }
    imh_library_delete_forever_async (library, NULL, 0, NULL, got_result, &result);
    g_assert_true (imh_library_delete_forever_finish (library, wait_for (&result), &n_removed, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (n_removed, ==, 1);
    g_assert_cmpuint (imh_library_count (library, NULL), ==, 1);
  }
  drain ();
}

/* The autosave file of earlier versions, moved into the library without
 * blocking. */
static void
test_migrate_async (void)
{
  g_autoptr(ImhLibrary) library = open_library ();
  g_autoptr(GFile) old_file = imh_autosave_get_file ();
  g_autofree char *old_path = g_file_get_path (old_file);
  g_autofree char *folder = g_path_get_dirname (old_path);
  g_autoptr(ImhGame) game = new_game (91, 4);
  g_autofree char *text = imh_game_to_record_text (game);
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GAsyncResult) again = NULL;
  g_autoptr(GError) error = NULL;
  gboolean imported = FALSE;
  gint64 id;

  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  g_assert_true (g_file_set_contents (old_path, text, -1, &error));
  imh_autosave_migrate_async (library, NULL, got_result, &result);
  g_assert_true (imh_autosave_migrate_finish (library, wait_for (&result), &imported, &error));
  g_assert_no_error (error);
  g_assert_true (imported);
  g_assert_false (g_file_test (old_path, G_FILE_TEST_EXISTS));
  id = imh_library_get_latest_unfinished (library, &error);
  g_assert_cmpint (id, >, 0);
  {
    g_autofree char *stored = imh_library_load_record (library, id, &error);
    g_assert_cmpstr (stored, ==, text);
  }

  /* Nothing more to import. */
  imh_autosave_migrate_async (library, NULL, got_result, &again);
  g_assert_true (imh_autosave_migrate_finish (library, wait_for (&again), &imported, &error));
  g_assert_no_error (error);
  g_assert_false (imported);
  drain ();
}

int
main (int argc, char **argv)
{
  imh_test_i18n_init ();
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  g_test_add_func ("/session/open-file", test_open_file);
  g_test_add_func ("/session/open-file-errors", test_open_file_errors);
  g_test_add_func ("/session/open-library-game", test_open_library_game);
  g_test_add_func ("/session/open-unreadable-analysis", test_open_unreadable_analysis);
  g_test_add_func ("/session/open-library-errors", test_open_library_errors);
  g_test_add_func ("/session/resume", test_resume);
  g_test_add_func ("/session/save-and-reopen", test_save_and_reopen);
  g_test_add_func ("/session/save-errors", test_save_errors);
  g_test_add_func ("/session/notify-once", test_notify_once);
  g_test_add_func ("/session/cancel", test_cancel);
  g_test_add_func ("/session/close-flushes-autosave", test_close_flushes_autosave);
  g_test_add_func ("/session/autosave-library-id", test_autosave_library_id);
  g_test_add_func ("/session/bookmarks", test_bookmarks);
  g_test_add_func ("/session/bookmark-wait", test_bookmark_wait);
  g_test_add_func ("/session/library-async", test_library_async);
  g_test_add_func ("/session/migrate-async", test_migrate_async);

  return g_test_run ();
}
