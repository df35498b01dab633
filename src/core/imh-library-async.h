/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-library-async.h — the library's reads and edits without blocking
 * the main loop: each _async runs its synchronous counterpart
 * (imh-library.h) in a GTask thread, on the library's own connections,
 * and calls back in the thread-default main context of the caller.
 *
 * Cancellation: a read cancelled before its result is delivered fails with
 * G_IO_ERROR_CANCELLED. An edit cancelled before it starts is not made and
 * fails with G_IO_ERROR_CANCELLED; once started it is made, and its result
 * says so (never "cancelled" for a change that was written).
 */
#pragma once

#include <gio/gio.h>

#include "imh-analysis-job.h"
#include "imh-library.h"

G_BEGIN_DECLS

/* ---- Reads ---------------------------------------------------------------- */

void            imh_library_get_summary_async          (ImhLibrary          *self,
                                                        gint64               id,
                                                        GCancellable        *cancellable,
                                                        GAsyncReadyCallback  callback,
                                                        gpointer             user_data);
ImhGameSummary *imh_library_get_summary_finish         (ImhLibrary          *self,
                                                        GAsyncResult        *result,
                                                        GError             **error);

/* The unfinished game changed last, of one kind (kind -1: of any kind);
 * 0 without error when there is none. */
void            imh_library_get_latest_unfinished_async  (ImhLibrary          *self,
                                                          int                  kind,
                                                          GCancellable        *cancellable,
                                                          GAsyncReadyCallback  callback,
                                                          gpointer             user_data);
gint64          imh_library_get_latest_unfinished_finish (ImhLibrary          *self,
                                                          GAsyncResult        *result,
                                                          GError             **error);

void            imh_library_list_tags_async            (ImhLibrary          *self,
                                                        GCancellable        *cancellable,
                                                        GAsyncReadyCallback  callback,
                                                        gpointer             user_data);
GStrv           imh_library_list_tags_finish           (ImhLibrary          *self,
                                                        GAsyncResult        *result,
                                                        GError             **error);

/* IMH_LIBRARY_ERROR_NOT_FOUND when the game has no thumbnail. */
void            imh_library_get_thumbnail_async        (ImhLibrary          *self,
                                                        gint64               id,
                                                        GCancellable        *cancellable,
                                                        GAsyncReadyCallback  callback,
                                                        gpointer             user_data);
GBytes         *imh_library_get_thumbnail_finish       (ImhLibrary          *self,
                                                        GAsyncResult        *result,
                                                        GError             **error);

/* ImhLibraryBookmark elements by ply (game_id 0: all games). */
void            imh_library_list_bookmarks_async       (ImhLibrary          *self,
                                                        gint64               game_id,
                                                        GCancellable        *cancellable,
                                                        GAsyncReadyCallback  callback,
                                                        gpointer             user_data);
GPtrArray      *imh_library_list_bookmarks_finish      (ImhLibrary          *self,
                                                        GAsyncResult        *result,
                                                        GError             **error);

void            imh_library_count_trash_async          (ImhLibrary          *self,
                                                        GCancellable        *cancellable,
                                                        GAsyncReadyCallback  callback,
                                                        gpointer             user_data);
gboolean        imh_library_count_trash_finish         (ImhLibrary          *self,
                                                        GAsyncResult        *result,
                                                        guint64             *n_games,
                                                        GError             **error);

/* ---- Edits (each one transaction, as the synchronous call) ----------------- */

void            imh_library_set_starred_async          (ImhLibrary          *self,
                                                        gint64               id,
                                                        gboolean             starred,
                                                        GCancellable        *cancellable,
                                                        GAsyncReadyCallback  callback,
                                                        gpointer             user_data);
gboolean        imh_library_set_starred_finish         (ImhLibrary          *self,
                                                        GAsyncResult        *result,
                                                        GError             **error);

void            imh_library_set_notes_async            (ImhLibrary          *self,
                                                        gint64               id,
                                                        const char          *notes,
                                                        GCancellable        *cancellable,
                                                        GAsyncReadyCallback  callback,
                                                        gpointer             user_data);
gboolean        imh_library_set_notes_finish           (ImhLibrary          *self,
                                                        GAsyncResult        *result,
                                                        GError             **error);

void            imh_library_set_tags_async             (ImhLibrary          *self,
                                                        gint64               id,
                                                        const char * const  *tags,
                                                        GCancellable        *cancellable,
                                                        GAsyncReadyCallback  callback,
                                                        gpointer             user_data);
gboolean        imh_library_set_tags_finish            (ImhLibrary          *self,
                                                        GAsyncResult        *result,
                                                        GError             **error);

/* Tags and notes together, in this order (the library page's edit
 * dialog): the notes are not written when the tags fail. */
void            imh_library_set_tags_and_notes_async   (ImhLibrary          *self,
                                                        gint64               id,
                                                        const char * const  *tags,
                                                        const char          *notes,
                                                        GCancellable        *cancellable,
                                                        GAsyncReadyCallback  callback,
                                                        gpointer             user_data);
gboolean        imh_library_set_tags_and_notes_finish  (ImhLibrary          *self,
                                                        GAsyncResult        *result,
                                                        GError             **error);

/* png NULL removes it. */
void            imh_library_set_thumbnail_async        (ImhLibrary          *self,
                                                        gint64               id,
                                                        GBytes              *png,
                                                        GCancellable        *cancellable,
                                                        GAsyncReadyCallback  callback,
                                                        gpointer             user_data);
gboolean        imh_library_set_thumbnail_finish       (ImhLibrary          *self,
                                                        GAsyncResult        *result,
                                                        GError             **error);

/* The new bookmark's id, 0 on error. */
void            imh_library_add_bookmark_async         (ImhLibrary          *self,
                                                        gint64               game_id,
                                                        guint                ply,
                                                        const char          *label,
                                                        GCancellable        *cancellable,
                                                        GAsyncReadyCallback  callback,
                                                        gpointer             user_data);
gint64          imh_library_add_bookmark_finish        (ImhLibrary          *self,
                                                        GAsyncResult        *result,
                                                        GError             **error);

void            imh_library_remove_bookmark_async      (ImhLibrary          *self,
                                                        gint64               bookmark_id,
                                                        GCancellable        *cancellable,
                                                        GAsyncReadyCallback  callback,
                                                        gpointer             user_data);
gboolean        imh_library_remove_bookmark_finish     (ImhLibrary          *self,
                                                        GAsyncResult        *result,
                                                        GError             **error);

void               imh_library_delete_async            (ImhLibrary          *self,
                                                        const gint64        *ids,
                                                        guint                n_ids,
                                                        GCancellable        *cancellable,
                                                        GAsyncReadyCallback  callback,
                                                        gpointer             user_data);
ImhLibraryDeleted *imh_library_delete_finish           (ImhLibrary          *self,
                                                        GAsyncResult        *result,
                                                        GError             **error);

void            imh_library_restore_async              (ImhLibrary          *self,
                                                        ImhLibraryDeleted   *deleted,
                                                        GCancellable        *cancellable,
                                                        GAsyncReadyCallback  callback,
                                                        gpointer             user_data);
gboolean        imh_library_restore_finish             (ImhLibrary          *self,
                                                        GAsyncResult        *result,
                                                        GError             **error);

void            imh_library_restore_from_trash_async   (ImhLibrary          *self,
                                                        const gint64        *ids,
                                                        guint                n_ids,
                                                        GCancellable        *cancellable,
                                                        GAsyncReadyCallback  callback,
                                                        gpointer             user_data);
gboolean        imh_library_restore_from_trash_finish  (ImhLibrary          *self,
                                                        GAsyncResult        *result,
                                                        GError             **error);

/* ids NULL: the whole trash (imh_library_empty_trash()). */
void            imh_library_delete_forever_async       (ImhLibrary          *self,
                                                        const gint64        *ids,
                                                        guint                n_ids,
                                                        GCancellable        *cancellable,
                                                        GAsyncReadyCallback  callback,
                                                        gpointer             user_data);
gboolean        imh_library_delete_forever_finish      (ImhLibrary          *self,
                                                        GAsyncResult        *result,
                                                        guint               *n_removed,
                                                        GError             **error);

/* ---- Export ----------------------------------------------------------------- */

/* The number of games written, -1 on error (imh_library_export()). */
void            imh_library_export_async               (ImhLibrary          *self,
                                                        const gint64        *ids,
                                                        guint                n_ids,
                                                        GFile               *folder,
                                                        GCancellable        *cancellable,
                                                        GAsyncReadyCallback  callback,
                                                        gpointer             user_data);
int             imh_library_export_finish              (ImhLibrary          *self,
                                                        GAsyncResult        *result,
                                                        GError             **error);

void            imh_library_export_to_file_async       (ImhLibrary          *self,
                                                        const gint64        *ids,
                                                        guint                n_ids,
                                                        GFile               *file,
                                                        GCancellable        *cancellable,
                                                        GAsyncReadyCallback  callback,
                                                        gpointer             user_data);
gboolean        imh_library_export_to_file_finish      (ImhLibrary          *self,
                                                        GAsyncResult        *result,
                                                        GError             **error);

/* ---- Analyses ---------------------------------------------------------------- */

/* imh_analysis_result_load() in a thread: the same errors. */
void               imh_library_load_analysis_async     (ImhLibrary          *self,
                                                        gint64               game_id,
                                                        GCancellable        *cancellable,
                                                        GAsyncReadyCallback  callback,
                                                        gpointer             user_data);
ImhAnalysisResult *imh_library_load_analysis_finish    (ImhLibrary          *self,
                                                        GAsyncResult        *result,
                                                        GError             **error);

/* imh_analysis_result_save() in a thread. */
void            imh_library_store_analysis_async       (ImhLibrary          *self,
                                                        gint64               game_id,
                                                        ImhAnalysisResult   *analysis,
                                                        GCancellable        *cancellable,
                                                        GAsyncReadyCallback  callback,
                                                        gpointer             user_data);
gboolean        imh_library_store_analysis_finish      (ImhLibrary          *self,
                                                        GAsyncResult        *result,
                                                        GError             **error);

/* ---- The autosave files of earlier versions -------------------------------------- */

/* imh_autosave_migrate() (imh-autosave.h) in a thread: the games of the old
 * autosave file and of the files of imh_autosave_keep() go into the
 * library. *imported (may be NULL) says whether a game was stored. */
void            imh_autosave_migrate_async             (ImhLibrary          *library,
                                                        GCancellable        *cancellable,
                                                        GAsyncReadyCallback  callback,
                                                        gpointer             user_data);
gboolean        imh_autosave_migrate_finish            (ImhLibrary          *library,
                                                        GAsyncResult        *result,
                                                        gboolean            *imported,
                                                        GError             **error);

G_END_DECLS
