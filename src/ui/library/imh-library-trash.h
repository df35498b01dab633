/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-library-trash.h — "Recently Deleted": the games in the library's
 * trash, when each was deleted and how long it is kept; Restore and Delete
 * Permanently for the selection, Empty Trash. Shown by the library page.
 */
#pragma once

#include <adwaita.h>

#include "imh-library-model.h"
#include "imh-library.h"

G_BEGIN_DECLS

#define IMH_TYPE_LIBRARY_TRASH (imh_library_trash_get_type ())
G_DECLARE_FINAL_TYPE (ImhLibraryTrash, imh_library_trash, IMH, LIBRARY_TRASH, AdwBin)

GtkWidget *imh_library_trash_new  (ImhLibrary      *library,
                                   AdwToastOverlay *toasts);
/* Reads the trash again (when the view is shown). */
void       imh_library_trash_reload (ImhLibraryTrash *self);

/* For the tests. */
ImhLibraryModel   *_imh_library_trash_get_model     (ImhLibraryTrash *self);
GtkSelectionModel *_imh_library_trash_get_selection (ImhLibraryTrash *self);
/* The confirmation dialog on screen, or NULL. */
AdwMessageDialog  *_imh_library_trash_get_dialog    (ImhLibraryTrash *self);
/* "list" or "empty". */
const char        *_imh_library_trash_get_content   (ImhLibraryTrash *self);
/* TRUE while a reload, a restore or a permanent delete has no reply yet. */
gboolean           _imh_library_trash_get_busy      (ImhLibraryTrash *self);

G_END_DECLS
