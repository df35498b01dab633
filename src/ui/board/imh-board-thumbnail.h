/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-board-thumbnail.h — any game's board as a small PNG (the library's "Final Position"). */
#pragma once

#include <gtk/gtk.h>

#include "imh-board.h"

G_BEGIN_DECLS

/* The width of the stored thumbnails in pixels. */
#define IMH_BOARD_THUMBNAIL_WIDTH 192

/* The board as it draws now, scaled to IMH_BOARD_THUMBNAIL_WIDTH, as PNG
 * (transfer full). A board on screen is drawn at its size; one without a
 * parent (offscreen) is laid out at its natural size first. renderer: the
 * renderer of a realized native (a shown window). NULL when nothing could
 * be drawn. */
GBytes *imh_board_thumbnail_render (ImhBoard    *board,
                                    GskRenderer *renderer);

G_END_DECLS
