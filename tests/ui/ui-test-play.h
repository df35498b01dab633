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

G_END_DECLS
