/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-autosave.h — the unfinished game kept between runs: one record file,
 * $XDG_DATA_HOME/<app-id>/autosave.imhotep, written after every change and
 * loaded on launch. (The library will take this over.)
 */
#pragma once

#include <gio/gio.h>

#include "imh-game.h"

G_BEGIN_DECLS

/* The autosave file (transfer full). */
GFile   *imh_autosave_get_file      (void);

/* Writes the game as it is now (the text is taken at the call), creating
 * the folder if needed, replacing the file atomically. */
void     imh_autosave_save_async    (ImhGame             *game,
                                     GCancellable        *cancellable,
                                     GAsyncReadyCallback  callback,
                                     gpointer             user_data);
gboolean imh_autosave_save_finish   (GAsyncResult        *result,
                                     GError             **error);

/* Loads the autosaved game; G_IO_ERROR_NOT_FOUND when there is none. */
void     imh_autosave_load_async    (GCancellable        *cancellable,
                                     GAsyncReadyCallback  callback,
                                     gpointer             user_data);
ImhGame *imh_autosave_load_finish   (GAsyncResult        *result,
                                     GError             **error);

/* Removes the autosave (a finished or abandoned game); no error when none. */
void     imh_autosave_clear_async   (GCancellable        *cancellable,
                                     GAsyncReadyCallback  callback,
                                     gpointer             user_data);
gboolean imh_autosave_clear_finish  (GAsyncResult        *result,
                                     GError             **error);

G_END_DECLS
