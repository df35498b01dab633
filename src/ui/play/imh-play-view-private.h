/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-play-view-private.h — what the play view's own files share, and the
 * hook its tests use. */
#pragma once

#include "imh-play-view.h"

G_BEGIN_DECLS

/* Runs the refresh queued for the next frame now, if there is one (tests
 * look at the view without waiting for a frame). */
void _imh_play_view_flush_refresh (ImhPlayView *self);

G_END_DECLS
