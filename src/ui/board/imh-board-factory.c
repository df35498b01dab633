/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-board-factory.c — the board widget of each game kind. */
#define G_LOG_DOMAIN "imh-board-factory"

#include "config.h"

#include "imh-board-factory.h"
#include "imh-classic-board.h"
#include "imh-duel-board.h"

GType
imh_board_type_for_kind (ImhGameKind kind)
{
  switch (kind)
    {
    case IMH_GAME_DUEL:
      return IMH_TYPE_DUEL_BOARD;
    case IMH_GAME_CLASSIC:
      return IMH_TYPE_CLASSIC_BOARD;
    default:
      return G_TYPE_INVALID;
    }
}

GtkWidget *
imh_board_new_for_kind (ImhGameKind kind)
{
  GType type = imh_board_type_for_kind (kind);

  if (type == G_TYPE_INVALID)
    return NULL;
  return g_object_new (type, NULL);
}
