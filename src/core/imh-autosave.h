/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-autosave.h — the autosave file of earlier versions,
 * $XDG_DATA_HOME/<app-id>/autosave.imhotep, moved into the library once.
 * (The game played is kept in the library: ImhLibraryAutosave.)
 */
#pragma once

#include <gio/gio.h>

#include "imh-library.h"

G_BEGIN_DECLS

/* The old autosave file (transfer full). */
GFile   *imh_autosave_get_file (void);

/* Writes a record that could not be stored in the library to a new file
 * $XDG_DATA_HOME/<app-id>/unsaved-N.imhotep, which imh_autosave_migrate()
 * imports. Returns its path, or NULL with error. */
char    *imh_autosave_keep     (const char  *record,
                                GError     **error);

/* Moves the game of the old autosave file, then those of the files of
 * imh_autosave_keep(), into library: each is stored as a new entry (or
 * found there already, the same record) and its file is deleted only after
 * that was committed. A file that is not a valid record (or larger than a
 * record may be: it is not read) is renamed to FILE.invalid (kept, never
 * deleted). Returns
 * TRUE with *imported set when a game was stored, TRUE and FALSE when there
 * was nothing to import; FALSE with error when the file is kept for the
 * next launch (read-only library, I/O). */
gboolean imh_autosave_migrate  (ImhLibrary  *library,
                                gboolean    *imported,
                                GError     **error);

G_END_DECLS
