/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-classic-board-private.h — the base game board's geometry and
 * targets, shared by its layout and target code (imh-classic-board.c) and
 * its drawing (imh-classic-board-draw.c).
 */
#pragma once

#include "imh-board-private.h"
#include "imh-classic.h"
#include "imh-classic-board.h"
#include "imh-art.h"

G_BEGIN_DECLS

#define IMH_CLASSIC_BOARD_MAX_FLIGHTS 16

/* The smallest text drawn (pixels): a label that does not fit at this
 * size is left out or replaced by a number or an icon. */
#define IMH_CLASSIC_MIN_TEXT 9.0

typedef ImhBox Box;

typedef enum {
  CTARGET_GET,        /* index 0: take stones from the quarry */
  CTARGET_PASS,       /* index 0 */
  CTARGET_PLACE,      /* index: ship * 4 + position */
  CTARGET_SHIP,       /* index: ship; a pick of its SAIL decisions */
  CTARGET_SITE,       /* index: site; the sail of the ship picked there */
  CTARGET_PLAY,       /* index: IMH_CLASSIC_PLAY_* */
  CTARGET_TAKE,       /* index: card type on display */
  CTARGET_TAKE_PAIR,  /* index 0 */
  CTARGET_KEEP,       /* index: card type of the revealed pair */
  CTARGET_PYRAMID,    /* index: small pyramid 0..2 */
  CTARGET_TEMPLE,     /* index: 0 one point, 1 two stones */
  CTARGET_UNLOAD,     /* index: colour */
} ImhClassicTargetKind;

typedef enum {
  FLIGHT_STONE,       /* code: owner */
  FLIGHT_CARD,        /* code: card type */
} ImhClassicFlightKind;

typedef struct {
  ImhClassicFlightKind kind;
  guint                code;
  Box                  from;
  Box                  to;
} ImhClassicFlight;

struct _ImhClassicBoard
{
  ImhBoard          parent_instance;

  /* Layout for the last size (widget pixels). */
  double            u;
  gboolean          narrow;
  Box               site[IMH_CLASSIC_N_SITES];
  Box               harbour;
  Box               info;
  Box               panel[IMH_CLASSIC_MAX_PLAYERS];
  /* Height the layout gives the harbour beyond its least (board units),
   * spread between the ship rows. */
  double            harbour_extra;

  ImhClassicFlight  flights[IMH_CLASSIC_BOARD_MAX_FLIGHTS];
  int               n_flights;
};

static inline const ImhClassic *
_imh_classic_board_game (ImhClassicBoard *self)
{
  return &_imh_board_get_state (IMH_BOARD (self))->u.classic;
}

static inline int
_imh_classic_board_actor (ImhClassicBoard *self)
{
  const ImhState *state = _imh_board_get_state (IMH_BOARD (self));

  return state != NULL ? imh_actor (state) : -1;
}

/* Geometry (imh-classic-board.c), in widget pixels for the current layout. */
Box  _imh_classic_site_content   (ImhClassicBoard *self,
                                  int              site);
Box  _imh_classic_dock_box       (ImhClassicBoard *self,
                                  int              site);
Box  _imh_classic_ship_row       (ImhClassicBoard *self,
                                  int              ship);
Box  _imh_classic_hull_box       (ImhClassicBoard *self,
                                  int              ship);
Box  _imh_classic_position_box   (ImhClassicBoard *self,
                                  int              ship,
                                  int              pos);
Box  _imh_classic_sail_box       (ImhClassicBoard *self,
                                  int              ship);
Box  _imh_classic_unload_box     (ImhClassicBoard *self,
                                  int              ship,
                                  int              colour);
Box  _imh_classic_card_slot      (ImhClassicBoard *self,
                                  int              slot);
Box  _imh_classic_pair_card_box  (ImhClassicBoard *self,
                                  int              which);
Box  _imh_classic_pyramid_b_box  (ImhClassicBoard *self,
                                  int              pyramid);
Box  _imh_classic_temple_button  (ImhClassicBoard *self,
                                  int              which);
Box  _imh_classic_panel_header   (ImhClassicBoard *self,
                                  int              player);
Box  _imh_classic_sled_box       (ImhClassicBoard *self,
                                  int              player);
Box  _imh_classic_pass_box       (ImhClassicBoard *self,
                                  int              player);
Box  _imh_classic_cards_box      (ImhClassicBoard *self,
                                  int              player);
Box  _imh_classic_held_box       (ImhClassicBoard *self,
                                  int              player,
                                  int              type);
/* The display slot of a face-up card type (-1: none). */
int  _imh_classic_display_slot   (ImhClassicBoard *self,
                                  int              type);

/* Short card labels and site names (translated, static). */
const char *_imh_classic_card_label (int type);

/* Drawing (imh-classic-board-draw.c): the ImhBoard vfuncs. */
void _imh_classic_board_draw           (ImhBoard             *board,
                                        cairo_t              *cr,
                                        const ImhPalette     *palette);
void _imh_classic_board_draw_target    (ImhBoard             *board,
                                        cairo_t              *cr,
                                        const ImhPalette     *palette,
                                        const ImhBoardTarget *target,
                                        gboolean              hovered);
void _imh_classic_board_draw_animation (ImhBoard             *board,
                                        cairo_t              *cr,
                                        const ImhPalette     *palette,
                                        double                t);

G_END_DECLS
