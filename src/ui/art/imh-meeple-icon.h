/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-meeple-icon.h — a player's meeple shape as a small widget (lists, tables). */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The same shape the boards draw for player 0..3 (0 black, 1 white, 2 brown,
 * 3 gray). */
GtkWidget *imh_meeple_icon_new (int player,
                                int size);

G_END_DECLS
