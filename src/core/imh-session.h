/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-session.h — one open game and what belongs to it.
 *
 * An ImhSession ties together the ImhGame, the file it was opened from or
 * saved to, its library entry, its stored analysis, its bookmarks, the
 * thumbnail of its final position and whether it changed since it was
 * opened or saved. Each is a property that notifies once per real change
 * (bind pages to it with GBindingGroup/GSignalGroup). The session keeps
 * the game in the library while it is played (imh_session_start_autosave():
 * an ImhLibraryAutosave), and its library id follows that entry.
 *
 * Everything that reads or writes the library or a file is an
 * _async/_finish pair: the main loop never waits on SQLite or file I/O.
 * Errors name what failed and where (the file, the game's id). A session
 * is used in the main thread only, like its game.
 */
#pragma once

#include <gio/gio.h>

#include "imh-analysis-job.h"
#include "imh-game.h"
#include "imh-library.h"
#include "imh-library-async.h"
#include "imh-library-autosave.h"

G_BEGIN_DECLS

#define IMH_TYPE_SESSION (imh_session_get_type ())
G_DECLARE_FINAL_TYPE (ImhSession, imh_session, IMH, SESSION, GObject)

/* ---- Opening ---------------------------------------------------------------- */

/* A session of a game that is already open (a new game: library_id 0). The
 * library may be NULL (then nothing is kept in a library). */
ImhSession        *imh_session_new                    (ImhGame             *game,
                                                       ImhLibrary          *library,
                                                       gint64               library_id);

/* Opens a record file: the session's "file" is set; library id 0 (the
 * library, if given, keeps it as a new entry once the autosave is
 * started). Errors name the file (I/O errors keep their G_IO_ERROR code,
 * the record's IMH_RECORD_FILE_ERROR_* name line and column). */
void               imh_session_open_file_async        (GFile               *file,
                                                       ImhLibrary          *library,
                                                       GCancellable        *cancellable,
                                                       GAsyncReadyCallback  callback,
                                                       gpointer             user_data);
ImhSession        *imh_session_open_file_finish       (GAsyncResult        *result,
                                                       GError             **error);

/* Opens a game of the library with its stored analysis, bookmarks and
 * thumbnail. IMH_LIBRARY_ERROR_NOT_FOUND naming the id when there is no
 * such game; a stored record that does not read back fails naming the id
 * (the entry is left as it is). An analysis that cannot be read does not
 * fail the open: "analysis-error" says why. */
void               imh_session_open_library_game_async  (ImhLibrary          *library,
                                                         gint64               id,
                                                         GCancellable        *cancellable,
                                                         GAsyncReadyCallback  callback,
                                                         gpointer             user_data);
ImhSession        *imh_session_open_library_game_finish (GAsyncResult        *result,
                                                         GError             **error);

/* Opens the unfinished game of the library changed last among a set of
 * kinds (bits 1 << ImhGameKind; 0: any kind), as
 * imh_session_open_library_game_async(). NULL without error when there is
 * none. */
void               imh_session_resume_async           (ImhLibrary          *library,
                                                       guint                kinds,
                                                       GCancellable        *cancellable,
                                                       GAsyncReadyCallback  callback,
                                                       gpointer             user_data);
ImhSession        *imh_session_resume_finish          (GAsyncResult        *result,
                                                       GError             **error);

/* ---- Properties ------------------------------------------------------------- */

ImhGame           *imh_session_get_game               (ImhSession *self);   /* "game" */
ImhLibrary        *imh_session_get_library            (ImhSession *self);   /* "library" */
/* Attaches the library to a session that has none yet (a game opened
 * before the library was ready); its file, game and state stay. The
 * library keeps the game once the autosave is started. */
void               imh_session_set_library            (ImhSession *self,
                                                       ImhLibrary *library);
/* Where the game was opened from or last saved to ("file"), or NULL. */
GFile             *imh_session_get_file               (ImhSession *self);
/* The game's library entry ("library-id"), 0 while it has none. */
gint64             imh_session_get_library_id         (ImhSession *self);
/* The game's analysis ("analysis"), or NULL. */
ImhAnalysisResult *imh_session_get_analysis           (ImhSession *self);
void               imh_session_set_analysis           (ImhSession        *self,
                                                       ImhAnalysisResult *analysis);
/* Why the stored analysis could not be read ("analysis-error"), or NULL. */
const char        *imh_session_get_analysis_error     (ImhSession *self);
/* ImhLibraryBookmark elements by ply ("bookmarks"; transfer none, replaced
 * as a whole when they change; empty without a library entry). */
GPtrArray         *imh_session_get_bookmarks          (ImhSession *self);
/* PNG bytes of the final position ("thumbnail"), or NULL. */
GBytes            *imh_session_get_thumbnail          (ImhSession *self);
/* Sets the thumbnail and stores it with the library entry (now, or when
 * the game gets one); a failure to store it is logged. */
void               imh_session_set_thumbnail          (ImhSession *self,
                                                       GBytes     *png);
/* Whether the game changed since it was opened or saved ("modified"). */
gboolean           imh_session_get_modified           (ImhSession *self);
/* The autosave ("autosave"), or NULL when the game is not kept in the
 * library. */
ImhLibraryAutosave *imh_session_get_autosave          (ImhSession *self);

/* ---- Keeping it ---------------------------------------------------------------- */

/* Keeps the game in the library from now on (its entry, or a new one from
 * its first decision). FALSE when there is no library or it is read-only. */
gboolean           imh_session_start_autosave         (ImhSession *self);

/* Saves the game to file, or to its own file when file is NULL: "file" is
 * set and "modified" cleared on success. Errors name the file;
 * G_IO_ERROR_INVALID_ARGUMENT when there is no file to save to. */
void               imh_session_save_async             (ImhSession          *self,
                                                       GFile               *file,
                                                       GCancellable        *cancellable,
                                                       GAsyncReadyCallback  callback,
                                                       gpointer             user_data);
gboolean           imh_session_save_finish            (ImhSession          *self,
                                                       GAsyncResult        *result,
                                                       GError             **error);

/* Writes the game to file without making it the session's file ("file"
 * and "modified" stay). Errors name the file. */
void               imh_session_export_async           (ImhSession          *self,
                                                       GFile               *file,
                                                       GCancellable        *cancellable,
                                                       GAsyncReadyCallback  callback,
                                                       gpointer             user_data);
gboolean           imh_session_export_finish          (ImhSession          *self,
                                                       GAsyncResult        *result,
                                                       GError             **error);

/* Stores an analysis with the game's library entry and makes it the
 * session's "analysis". G_IO_ERROR_NOT_FOUND when the game has no entry
 * yet. */
void               imh_session_store_analysis_async   (ImhSession          *self,
                                                       ImhAnalysisResult   *analysis,
                                                       GCancellable        *cancellable,
                                                       GAsyncReadyCallback  callback,
                                                       gpointer             user_data);
gboolean           imh_session_store_analysis_finish  (ImhSession          *self,
                                                       GAsyncResult        *result,
                                                       GError             **error);

/* Bookmarks the position after ply decisions. A game the autosave has not
 * stored yet is stored first (waiting for the autosave, never blocking).
 * G_IO_ERROR_NOT_SUPPORTED when the game is not kept in a library,
 * G_IO_ERROR_NOT_FOUND while it has no decision (the library keeps a game
 * from its first). Returns the bookmark's id, 0 on error; "bookmarks" is
 * updated first. */
void               imh_session_add_bookmark_async     (ImhSession          *self,
                                                       guint                ply,
                                                       const char          *label,
                                                       GCancellable        *cancellable,
                                                       GAsyncReadyCallback  callback,
                                                       gpointer             user_data);
gint64             imh_session_add_bookmark_finish    (ImhSession          *self,
                                                       GAsyncResult        *result,
                                                       GError             **error);

void               imh_session_remove_bookmark_async  (ImhSession          *self,
                                                       gint64               bookmark_id,
                                                       GCancellable        *cancellable,
                                                       GAsyncReadyCallback  callback,
                                                       gpointer             user_data);
gboolean           imh_session_remove_bookmark_finish (ImhSession          *self,
                                                       GAsyncResult        *result,
                                                       GError             **error);

/* Closes the session: the autosave stores what is pending without
 * blocking (imh_library_autosave_close_async(), for timeout_ms at most;
 * what cannot be stored is kept in a file the next launch imports) and
 * the session stops following the game. TRUE when everything is stored. */
void               imh_session_close_async            (ImhSession          *self,
                                                       guint                timeout_ms,
                                                       GCancellable        *cancellable,
                                                       GAsyncReadyCallback  callback,
                                                       gpointer             user_data);
gboolean           imh_session_close_finish           (ImhSession          *self,
                                                       GAsyncResult        *result,
                                                       GError             **error);

G_END_DECLS
