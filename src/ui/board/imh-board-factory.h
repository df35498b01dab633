/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-board-factory.h — the board widget of each game kind. */
#pragma once

#include "imh-board.h"

G_BEGIN_DECLS

/* The ImhBoard subclass that draws games of the kind, or G_TYPE_INVALID
 * when the app has no board for it. */
GType      imh_board_type_for_kind (ImhGameKind kind);
/* A new board for the kind (floating), or NULL when there is none. */
GtkWidget *imh_board_new_for_kind  (ImhGameKind kind);

G_END_DECLS
