/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-board-thumbnail.h — any game's board as a small PNG (the library's "Final Position"). */
#pragma once

#include <gtk/gtk.h>

#include "imh-board.h"

G_BEGIN_DECLS

/* The width of the stored thumbnails in pixels. */
#define IMH_BOARD_THUMBNAIL_WIDTH 192

/* The position board shows, as PNG (transfer full), IMH_BOARD_THUMBNAIL_WIDTH
 * wide: drawn by an offscreen board of its type laid out at its natural
 * size, in the light style, with the same players' names, bottom player
 * and last decision; never a frame of an animation of board (which may be
 * on screen or not). renderer: the renderer of a realized native (a shown
 * window). NULL when nothing could be drawn. */
GBytes *imh_board_thumbnail_render (ImhBoard    *board,
                                    GskRenderer *renderer);

G_END_DECLS
