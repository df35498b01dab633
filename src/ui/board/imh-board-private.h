/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-board-private.h — what a game's board (an ImhBoard subclass) may use
 * of ImhBoard: the state, the targets, the layout unit.
 */
#pragma once

#include "imh-art.h"
#include "imh-board.h"

G_BEGIN_DECLS

/* For the subclass: the state shown (NULL before the first). */
const ImhState       *_imh_board_get_state          (ImhBoard          *self);
/* The number of players of the state shown (2 before the first). */
guint                 _imh_board_get_n_players      (ImhBoard          *self);
const char           *_imh_board_get_player_name    (ImhBoard          *self,
                                                     guint              player);
/* Adds a target, or the decisions to the target of the same kind and index.
 * Activating it decides its decision when it has one, else narrows the
 * targets to its decisions (a pending pick). */
void                  _imh_board_add_target         (ImhBoard          *self,
                                                     int                kind,
                                                     int                index,
                                                     int                priority,
                                                     const ImhDecision *decisions,
                                                     guint              n);
/* The same for a first pick that narrows even to one decision (the other
 * pick of that decision is then the only target). */
void                  _imh_board_add_pick_target    (ImhBoard          *self,
                                                     int                kind,
                                                     int                index,
                                                     int                priority,
                                                     const ImhDecision *decisions,
                                                     guint              n);
const ImhBoardTarget *_imh_board_get_targets        (ImhBoard          *self,
                                                     guint             *n);
/* The hovered target, the target picked first (a pending pick), or NULL. */
const ImhBoardTarget *_imh_board_get_hover_target   (ImhBoard          *self);
const ImhBoardTarget *_imh_board_get_pending_target (ImhBoard          *self);
/* The target under the keyboard focus ring (the board focused), or NULL. */
const ImhBoardTarget *_imh_board_get_focus_target   (ImhBoard          *self);
/* The board draws its focus ring: round the focus target, or round the
 * whole board when there is nothing to choose (it has the keyboard focus). */
gboolean              _imh_board_get_focus_ring_visible (ImhBoard      *self);
/* The size of one board unit (line widths, badges), set by layout (). */
void                  _imh_board_set_unit           (ImhBoard          *self,
                                                     double             unit);
/* Drawn in the light style whatever the app's (pictures that are stored:
 * imh_board_thumbnail_render ()). */
void                  _imh_board_set_style_free     (ImhBoard          *self,
                                                     gboolean           style_free);
double                _imh_board_get_unit           (ImhBoard          *self);
/* The layout again before the next use (a setting the geometry depends on
 * changed). */
void                  _imh_board_invalidate_layout  (ImhBoard          *self);
void                  _imh_board_ensure_layout      (ImhBoard          *self);
/* Animations enabled and the board on screen. */
gboolean              _imh_board_can_animate        (ImhBoard          *self);
/* How far the animation running or last run got, 0 to 1 (1: it ran to its end). */
double                _imh_board_get_animation_progress (ImhBoard      *self);

/* The box of the single hint's badge ("Best · 58 % win") as last drawn,
 * in widget pixels: TRUE when a single hint is shown and its badge found
 * a place off every target and occupied box (else it stands above the
 * hint, over whatever is there). For tests. */
gboolean              _imh_board_get_hint_badge     (ImhBoard          *self,
                                                     ImhBox            *badge);
/* The occupied boxes of the game's board (ImhBoardClass.occupied_boxes),
 * at most max. */
guint                 _imh_board_get_occupied_boxes (ImhBoard          *self,
                                                     ImhBox            *boxes,
                                                     guint              max);

/* The board's tooltip (what its query-tooltip handler shows): the focused
 * target in words while the board has the focus, else NULL. Transfer full. */
char       *_imh_board_dup_tooltip_text      (ImhBoard *self);
/* What is drawn at (x, y) in words (ImhBoardClass.dup_object_tooltip ()),
 * or NULL. Transfer full. */
char       *_imh_board_dup_object_tooltip    (ImhBoard *self,
                                              double    x,
                                              double    y);
/* The tooltip the board shows for the pointer at (x, y) (keyboard FALSE)
 * or for the keyboard (TRUE): the target in words, then what is drawn
 * there; NULL: none. Transfer full. */
char       *_imh_board_dup_tooltip_at        (ImhBoard *self,
                                              double    x,
                                              double    y,
                                              gboolean  keyboard);

/* The message said after the decision shown last ("Computer chose: …
 * Ann gets Obelisk. Ann to move: …"), NULL before the first; and how
 * many decisions were announced since the board was made. For tests. */
const char *_imh_board_get_announcement      (ImhBoard *self,
                                              guint    *n_announced);

/* A new board (floating) of self's type that shows self's position as a
 * still picture: the same players' names, bottom player, last decision and
 * style, never interactive, no hint, no animation (where one of self runs,
 * its end). Drawn offscreen, e.g. for imh_board_thumbnail_render (). */
ImhBoard             *_imh_board_new_still          (ImhBoard          *self);

/* The smallest text a board draws, in points (at the desktop's text
 * scale: the resolution of the widget's pango context). */
#define IMH_BOARD_MIN_TEXT_POINTS 9.0
/* That size in pixels. */
double                _imh_board_get_min_text       (ImhBoard          *self);
/* For tests: draws the board at its allocation as it would on screen and
 * returns every text run drawn (ImhArtTextRun: text, size, box, ink;
 * transfer full); drawn: the extents of everything drawn. */
GPtrArray            *_imh_board_draw_recorded      (ImhBoard          *self,
                                                     ImhBox            *drawn);

G_END_DECLS
