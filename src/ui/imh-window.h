/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-window.h — the main window: header bar, primary menu, toasts and the pages. */
#pragma once

#include <adwaita.h>

#include "imh-application.h"
#include "imh-play-view.h"

G_BEGIN_DECLS

#define IMH_TYPE_WINDOW (imh_window_get_type ())

G_DECLARE_FINAL_TYPE (ImhWindow, imh_window, IMH, WINDOW, AdwApplicationWindow)

ImhWindow    *imh_window_new            (ImhApplication *application);
AdwHeaderBar *imh_window_get_header_bar (ImhWindow      *self);
const char   *imh_window_get_page       (ImhWindow      *self);
ImhPlayView  *imh_window_get_play_view  (ImhWindow      *self);
/* The library ("library"): opened in a thread when first needed (the
 * library page, the autosave, resuming); NULL until it is open (wait for
 * notify::library), and when it cannot be opened. */
ImhLibrary   *imh_window_get_library    (ImhWindow      *self);
/* The library page (an ImhLibraryPage), or NULL until it is first shown
 * with the library open (a loading page is shown meanwhile). */
GtkWidget    *imh_window_get_library_page (ImhWindow    *self);
void          imh_window_add_toast      (ImhWindow      *self,
                                         AdwToast       *toast);
/* Keeps every game played in the window in the game library, from its
 * first decision (off by default, so tests and screenshots never write
 * to the user's library). */
void          imh_window_set_library_autosave (ImhWindow *self,
                                               gboolean   enabled);
/* Shows the unfinished game changed last in the library, if no game is
 * shown yet (with a toast); first moves the autosave file of earlier
 * versions into the library. Errors come as toasts. */
void          imh_window_resume               (ImhWindow *self);

G_END_DECLS
