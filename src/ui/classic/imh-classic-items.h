/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-classic-items.h — the base game's objects off the board: its market
 * cards and round cards as small pictures (for the board and the score
 * view's "unseen" panel) and the hidden parts in words. The three
 * _imh_classic_board_* functions are ImhClassicBoard's class-wide vfuncs
 * (ImhBoardClass.draw_item, describe_unseen, unseen_heading).
 */
#pragma once

#include <gtk/gtk.h>

#include "imh-art.h"
#include "imh-board.h"

G_BEGIN_DECLS

/* A market card of the type (IMH_CLASSIC_CARD_*) face up in the box (a
 * portrait card: about 0.72 : 1): the colour of its family (purple statue,
 * green decoration, red, blue) with the family's mark in its top corner
 * and a glyph of its own, so that no two types are told apart by colour
 * alone. The card looks the same in light and dark; palette (may be NULL)
 * only deepens its shadow on a dark page. */
void        imh_classic_draw_card               (cairo_t          *cr,
                                                 const ImhPalette *palette,
                                                 guint             type,
                                                 double            x,
                                                 double            y,
                                                 double            w,
                                                 double            h);
/* The glyph of a market card type alone in the square box (x, y, s), in
 * the cairo source set: the same pictures imh_classic_draw_card draws,
 * for a board that draws its cards its own way. */
void        imh_classic_draw_card_glyph         (cairo_t          *cr,
                                                 guint             type,
                                                 double            x,
                                                 double            y,
                                                 double            s);
/* A round card in the box: the four ships' capacities as bars; caps NULL:
 * its back (a round card not known). */
void        imh_classic_draw_round_card         (cairo_t          *cr,
                                                 const ImhPalette *palette,
                                                 const guint8     *caps,
                                                 double            x,
                                                 double            y,
                                                 double            w,
                                                 double            h);

void        _imh_classic_board_draw_item        (ImhBoardClass    *klass,
                                                 cairo_t          *cr,
                                                 guint             item,
                                                 double            x,
                                                 double            y,
                                                 double            size);
char       *_imh_classic_board_describe_unseen  (ImhBoardClass    *klass,
                                                 const ImhState   *state);
const char *_imh_classic_board_unseen_heading   (ImhBoardClass    *klass,
                                                 gboolean          out,
                                                 gboolean          by_kind);
char       *_imh_classic_board_item_name        (ImhBoardClass    *klass,
                                                 guint             item);

G_END_DECLS
