/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-duel-art.h — the vector art of Imhotep: The Duel, drawn with cairo.
 *
 * Every function draws into a box (x, y, w, h) in the current user space;
 * nothing here keeps state. The palette switches with the dark style.
 */
#pragma once

#include <cairo.h>
#include <glib.h>
#include <pango/pango.h>

#include "imh-art.h"

G_BEGIN_DECLS

/* One tile face (any Duel tile code but none) filling a square box. */
void imh_art_tile (cairo_t *cr, guint code, double x, double y, double size);
/* The back of a face-down tile. */
void imh_art_tile_back (cairo_t *cr, double x, double y, double size);
/* A boat hull for three slots, horizontal or vertical. */
void imh_art_boat (cairo_t *cr, const ImhTablePalette *p, double x, double y, double w,
                   double h, gboolean vertical, gboolean alive);
/* Small glyphs used on the location panels. */
void imh_art_obelisk_glyph (cairo_t *cr, double x, double y, double w, double h);
void imh_art_pyramid_glyph (cairo_t *cr, gboolean dark, double x, double y, double w, double h);
void imh_art_temple_glyph (cairo_t *cr, guint symbols, double x, double y, double w, double h);

G_END_DECLS
