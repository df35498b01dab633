/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ui-test-play.h — a play view in a window of its own, as the app shows
 * it, for the ui tests that drive a game by keys. */
#pragma once

#include <adwaita.h>

#include "imh-play-view.h"

G_BEGIN_DECLS

/* A window (width × height) with a header bar holding one button (a place
 * for the focus outside the board) over a play view showing no pace
 * (decisions at once). The window and the view are returned with a
 * reference each (for g_assert_finalize_object ()); nothing is shown. */
GtkWindow *imh_test_play_window_new (int           width,
                                     int           height,
                                     GtkWidget   **header_button,
                                     ImhPlayView **view);

/* Destroys a window holding a play view, given a reference to each (as
 * imh_test_play_window_new () gives them), and checks that both are
 * finalized. Then waits until the game the view showed, and game (a
 * reference the caller gives up; may be NULL), are gone: threads of the
 * game (the computer, hints) may hold it a little longer. */
void       imh_test_play_window_destroy (GtkWindow   *window,
                                         ImhPlayView *view,
                                         ImhGame     *game);

G_END_DECLS
