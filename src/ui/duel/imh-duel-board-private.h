/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-duel-board-private.h — the Duel board's geometry and targets, shared
 * by its layout and target code (imh-duel-board.c) and its drawing
 * (imh-duel-board-draw.c).
 */
#pragma once

#include "imh-board-private.h"
#include "imh-duel.h"
#include "imh-duel-art.h"
#include "imh-duel-board.h"

G_BEGIN_DECLS

#define IMH_DUEL_BOARD_MAX_FLIGHTS 8


/* Geometry in board units (u = the size of a harbour field). */
#define WATER_PAD   0.2
#define SLOT_PITCH  0.9
#define SLOT_SIZE   0.8
#define BOAT_THICK  0.96
#define BOAT_GAP    0.12
#define BOAT_LEN    (0.08 + 3 * SLOT_PITCH + 0.35)
#define HARBOUR     (3 + BOAT_GAP + BOAT_LEN + 2 * WATER_PAD)   /* the water square */
#define GAP         0.2
#define WIDE_PANEL_W 5.6
#define PORT_PANEL_H 2.35
#define PANEL_HEADER 0.55

typedef ImhBox Box;

typedef enum {
  TARGET_FIELD,       /* index: field; place */
  TARGET_BOAT,        /* index: boat; unload */
  TARGET_ACTION,      /* index: action; play the action tile */
  TARGET_SLOT,        /* index: boat * 3 + slot; take */
  TARGET_SWAP_SLOT,   /* index: boat * 3 + slot; swap (first pick: both swaps with it) */
  TARGET_BUTTON,      /* index: 0 stop, 1 pass */
} ImhDuelTargetKind;

typedef struct {
  guint code;
  Box   from;
  Box   to;
} ImhDuelFlight;

struct _ImhDuelBoard
{
  ImhBoard        parent_instance;

  /* Layout for the last size. */
  double          u, ox, oy;
  gboolean        portrait;
  Box             panel[2];

  ImhDuelFlight   flights[IMH_DUEL_BOARD_MAX_FLIGHTS];
  int             n_flights;
};

static inline const ImhDuel *
_imh_duel_board_duel (ImhDuelBoard *self)
{
  return &_imh_board_get_state (IMH_BOARD (self))->u.duel;
}

static inline int
_imh_duel_board_actor (ImhDuelBoard *self)
{
  const ImhState *state = _imh_board_get_state (IMH_BOARD (self));

  return state != NULL ? imh_actor (state) : -1;
}

/* Geometry (imh-duel-board.c), in widget pixels for the current layout. */
Box  _imh_duel_box_u         (ImhDuelBoard *self,
                              double        x,
                              double        y,
                              double        w,
                              double        h);
Box  _imh_duel_field_box     (ImhDuelBoard *self,
                              int           field);
Box  _imh_duel_boat_box      (ImhDuelBoard *self,
                              int           boat);
Box  _imh_duel_slot_box      (ImhDuelBoard *self,
                              int           boat,
                              int           slot);
Box  _imh_duel_info_box      (ImhDuelBoard *self);
Box  _imh_duel_button_box    (ImhDuelBoard *self,
                              int           which);
Box  _imh_duel_panel_block   (ImhDuelBoard *self,
                              int           player,
                              int           block);
Box  _imh_duel_block_content (ImhDuelBoard *self,
                              Box           b);
Box  _imh_duel_action_box    (ImhDuelBoard *self,
                              int           player,
                              int           action);

/* Drawing (imh-duel-board-draw.c): the ImhBoard vfuncs. */
void _imh_duel_board_draw           (ImhBoard             *board,
                                     cairo_t              *cr,
                                     const ImhPalette     *palette);
void _imh_duel_board_draw_target    (ImhBoard             *board,
                                     cairo_t              *cr,
                                     const ImhPalette     *palette,
                                     const ImhBoardTarget *target,
                                     gboolean              hovered);
void _imh_duel_board_draw_animation (ImhBoard             *board,
                                     cairo_t              *cr,
                                     const ImhPalette     *palette,
                                     double                t);

G_END_DECLS
