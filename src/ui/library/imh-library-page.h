/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-library-page.h — the library page: every stored game in a column
 * view with search, filters, sort, star, tags and notes, delete with undo,
 * import (also by drag and drop) and export.
 *
 * The page does not open games itself: it emits ::open-game with the id
 * and the ply to show (-1: the end of the record, where an unfinished
 * game continues); the window loads the record and shows the game page.
 */
#pragma once

#include <adwaita.h>

#include "imh-library.h"
#include "imh-library-model.h"

G_BEGIN_DECLS

#define IMH_TYPE_LIBRARY_PAGE (imh_library_page_get_type ())
G_DECLARE_FINAL_TYPE (ImhLibraryPage, imh_library_page, IMH, LIBRARY_PAGE, GtkWidget)

GtkWidget       *imh_library_page_new          (ImhLibrary      *library);
ImhLibrary      *imh_library_page_get_library  (ImhLibraryPage  *self);
/* The list shown (all games the search and filters select). */
ImhLibraryModel *imh_library_page_get_model    (ImhLibraryPage  *self);
GtkSelectionModel *imh_library_page_get_selection (ImhLibraryPage *self);
/* TRUE when the page has a change of its own to undo (a delete):
 * library.undo-delete; notifies "can-undo". */
gboolean         imh_library_page_get_can_undo (ImhLibraryPage  *self);
/* Imports files or folders in the background and reports the outcome. */
void             imh_library_page_import       (ImhLibraryPage  *self,
                                                GFile * const   *files,
                                                guint            n_files);

G_END_DECLS
