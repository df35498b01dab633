/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-library-model.h — a GListModel of ImhGameSummary that loads lazily.
 *
 * The model holds only the ordered ids of the games its query selects
 * (one indexed query, run in a worker thread); summaries are read in pages
 * of IMH_LIBRARY_MODEL_PAGE_SIZE rows when an item is first asked for, and
 * kept in a bounded cache. Changes in the library (::game-added, -removed,
 * -changed) update the model with minimal ::items-changed emissions.
 */
#pragma once

#include <gio/gio.h>

#include "imh-library.h"

G_BEGIN_DECLS

#define IMH_LIBRARY_MODEL_PAGE_SIZE 200

#define IMH_TYPE_LIBRARY_MODEL (imh_library_model_get_type ())
G_DECLARE_FINAL_TYPE (ImhLibraryModel, imh_library_model, IMH, LIBRARY_MODEL, GObject)

/* An empty model; call _reload() or _set_query() to fill it. */
ImhLibraryModel *imh_library_model_new          (ImhLibrary            *library);
ImhLibrary      *imh_library_model_get_library  (ImhLibraryModel       *self);
const ImhLibraryQuery *imh_library_model_get_query (ImhLibraryModel    *self);
/* Sets the query and reloads in the background (property "loading"). */
void             imh_library_model_set_query    (ImhLibraryModel       *self,
                                                 const ImhLibraryQuery *query);
/* Convenience for the search entry: replaces only the search text. */
void             imh_library_model_set_search   (ImhLibraryModel       *self,
                                                 const char            *search);
/* Sets the query (NULL: keep it) and loads the ids now, in the calling
 * thread (CLI, tests, benchmark). */
gboolean         imh_library_model_set_query_sync (ImhLibraryModel     *self,
                                                   const ImhLibraryQuery *query,
                                                   GError             **error);
/* Reloads now, in the calling thread (CLI, tests, benchmark). */
gboolean         imh_library_model_reload       (ImhLibraryModel       *self,
                                                 GError               **error);
gboolean         imh_library_model_get_loading  (ImhLibraryModel       *self);
/* Position of a game, or -1 if the query does not select it. */
int              imh_library_model_find         (ImhLibraryModel       *self,
                                                 gint64                 id);
/* The id at a position without loading its summary (0 if out of range). */
gint64           imh_library_model_get_id       (ImhLibraryModel       *self,
                                                 guint                  position);

G_END_DECLS
