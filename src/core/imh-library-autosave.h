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
/* Whether a write is in flight or waiting ("busy"). */
gboolean            imh_library_autosave_get_busy  (ImhLibraryAutosave *self);
/* Writes what is pending now, in the calling thread (closing the window,
 * quitting). FALSE with the error of the write. */
gboolean            imh_library_autosave_flush     (ImhLibraryAutosave *self,
                                                    GError            **error);
/* Stops following the game (pending changes are written first). */
void                imh_library_autosave_stop      (ImhLibraryAutosave *self);

G_END_DECLS
