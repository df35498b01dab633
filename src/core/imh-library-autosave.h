/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-library-autosave.h — keeps a game in the library while it is played.
 *
 * The game is stored from its first decision on and replaced after every
 * change (decision, undo, redo, variation), without blocking the main
 * loop: writes run in a worker, one at a time; changes that arrive while a
 * write is in flight are folded into the next write (the newest record
 * wins). An unfinished game stays in the library and can be resumed with
 * imh_library_get_latest_unfinished() + imh_game_new_from_record_text().
 *
 * A write that fails (the library locked by another program for longer
 * than its busy timeout, a full disk, an I/O error) is retried until it
 * succeeds, after a pause that starts at half a second and doubles up to
 * half a minute; the retry writes the newest record, so no change is
 * dropped. "save-error" holds the error while the game is not stored and
 * goes back to NULL when a write succeeded again; ::failed reports every
 * failed write.
 */
#pragma once

#include <gio/gio.h>

#include "imh-game.h"
#include "imh-library.h"

G_BEGIN_DECLS

#define IMH_TYPE_LIBRARY_AUTOSAVE (imh_library_autosave_get_type ())
G_DECLARE_FINAL_TYPE (ImhLibraryAutosave, imh_library_autosave, IMH, LIBRARY_AUTOSAVE, GObject)

/* Starts keeping game in library: id is the game's library id when it was
 * opened from the library (0: a new game, stored at its first decision).
 * Stores right away when the game already has decisions. */
ImhLibraryAutosave *imh_library_autosave_new       (ImhLibrary         *library,
                                                    ImhGame            *game,
                                                    gint64              id);
ImhGame            *imh_library_autosave_get_game  (ImhLibraryAutosave *self);
/* The library id ("id"), 0 until the first write finished. */
gint64              imh_library_autosave_get_id    (ImhLibraryAutosave *self);
/* Whether a write is in flight or anything is not stored yet (a write
 * waiting for its turn or for a retry) ("busy"). */
gboolean            imh_library_autosave_get_busy  (ImhLibraryAutosave *self);
/* Why the game is not stored ("save-error"): the error of the last write
 * when it failed, NULL when none failed since the last success. */
const GError       *imh_library_autosave_get_save_error (ImhLibraryAutosave *self);
/* Retries a failed write now instead of after the pause. */
void                imh_library_autosave_retry_now (ImhLibraryAutosave *self);
/* Writes what is pending now, in the calling thread (closing the window,
 * quitting): waits for a write in flight, then tries again with short
 * pauses for a few seconds at most (each try may wait for the library's
 * busy timeout). FALSE with the error of the last try (the game stays
 * pending and "save-error" set). */
gboolean            imh_library_autosave_flush     (ImhLibraryAutosave *self,
                                                    GError            **error);
/* Stops following the game; pending changes are written first (_flush()).
 * What cannot be stored is written to a file that the next launch imports
 * (imh_autosave_keep()) and logged with the library's path; ::failed is
 * emitted. */
void                imh_library_autosave_stop      (ImhLibraryAutosave *self);
/* Stops following the game and stores what is pending without blocking:
 * through the worker, retrying failed writes, for timeout_ms at most (a
 * write in flight then still ends: up to the library's busy timeout more).
 * TRUE when everything is stored; FALSE with the last error when not, and
 * what is not stored is kept in a file as by _stop(). The window closes
 * with this. */
void                imh_library_autosave_close_async  (ImhLibraryAutosave  *self,
                                                       guint                timeout_ms,
                                                       GCancellable        *cancellable,
                                                       GAsyncReadyCallback  callback,
                                                       gpointer             user_data);
gboolean            imh_library_autosave_close_finish (ImhLibraryAutosave  *self,
                                                       GAsyncResult        *result,
                                                       GError             **error);

G_END_DECLS
