/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-duel-art.c — the vector art of Imhotep: The Duel (tiles, meeples, boats). */
#define G_LOG_DOMAIN "imh-duel-art"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <pango/pangocairo.h>

#include "imh-duel-art.h"
#include "imh-duel-state.h"

#define RGB(r, g, b) { (r) / 255.0, (g) / 255.0, (b) / 255.0, 1.0 }

static const ImhRgba tile_bg = RGB (0xf4, 0xe7, 0xc5);
static const ImhRgba tile_edge = RGB (0x9c, 0x7c, 0x45);
static const ImhRgba ink = RGB (0x3b, 0x2a, 0x14);
static const ImhRgba stone = RGB (0x6e, 0x7d, 0x8c);
static const ImhRgba stone_dark = RGB (0x45, 0x52, 0x5e);
static const ImhRgba gold = RGB (0xc8, 0x8f, 0x1e);
static const ImhRgba pyr_light = RGB (0xf0, 0xcc, 0x6a);
static const ImhRgba pyr_dark = RGB (0x6b, 0x3d, 0x1c);
static const ImhRgba crypt_bg = RGB (0x4d, 0x3f, 0x6e);
static const ImhRgba action_bg = RGB (0x1f, 0x6f, 0x6a);
static const ImhRgba white = RGB (0xff, 0xff, 0xff);
static const ImhRgba back_bg = RGB (0x7b, 0x5a, 0x33);

/* ---- Glyphs ----------------------------------------------------------- */

void
imh_art_obelisk_glyph (cairo_t *cr,
                       double   x,
                       double   y,
                       double   w,
                       double   h)
{
  double cx = x + w / 2;
  double bw = MIN (w * 0.5, h * 0.28);

  cairo_move_to (cr, cx, y);
  cairo_line_to (cr, cx + bw * 0.35, y + h * 0.16);
  cairo_line_to (cr, cx + bw / 2, y + h);
  cairo_line_to (cr, cx - bw / 2, y + h);
  cairo_line_to (cr, cx - bw * 0.35, y + h * 0.16);
  cairo_close_path (cr);
  imh_art_set (cr, &stone);
  cairo_fill_preserve (cr);
  imh_art_set (cr, &stone_dark);
  cairo_set_line_width (cr, MAX (1.0, w * 0.04));
  cairo_stroke (cr);
  /* The shadowed right face. */
  cairo_move_to (cr, cx, y);
  cairo_line_to (cr, cx + bw * 0.35, y + h * 0.16);
  cairo_line_to (cr, cx + bw / 2, y + h);
  cairo_line_to (cr, cx + bw * 0.05, y + h);
  cairo_line_to (cr, cx, y + h * 0.16);
  cairo_close_path (cr);
  imh_art_set (cr, &stone_dark);
  cairo_fill (cr);
}

void
imh_art_pyramid_glyph (cairo_t  *cr,
                       gboolean  dark,
                       double    x,
                       double    y,
                       double    w,
                       double    h)
{
  const ImhRgba *fill = dark ? &pyr_dark : &pyr_light;

  cairo_move_to (cr, x + w / 2, y);
  cairo_line_to (cr, x + w, y + h);
  cairo_line_to (cr, x, y + h);
  cairo_close_path (cr);
  imh_art_set (cr, fill);
  cairo_fill_preserve (cr);
  imh_art_set (cr, &ink);
  cairo_set_line_width (cr, MAX (1.0, w * 0.04));
  cairo_stroke (cr);
  /* Courses of stone: light pyramids plain steps, dark ones a shaded face,
   * so the two differ by pattern as well as by brightness. */
  cairo_save (cr);
  cairo_set_line_width (cr, MAX (0.8, w * 0.025));
  imh_art_set (cr, dark ? &pyr_light : &ink);
  for (int i = 1; i < 4; i++)
    {
      double yy = y + h * i / 4.0;
      double half = w / 2 * i / 4.0;
      cairo_move_to (cr, x + w / 2 - half, yy);
      cairo_line_to (cr, x + w / 2 + half, yy);
    }
  cairo_stroke (cr);
  if (dark)
    {
      cairo_move_to (cr, x + w / 2, y);
      cairo_line_to (cr, x + w, y + h);
      cairo_line_to (cr, x + w / 2, y + h);
      cairo_close_path (cr);
      cairo_set_source_rgba (cr, 0, 0, 0, 0.35);
      cairo_fill (cr);
    }
  cairo_restore (cr);
}

void
imh_art_temple_glyph (cairo_t *cr,
                      guint    symbols,
                      double   x,
                      double   y,
                      double   w,
                      double   h)
{
  double lw = MAX (1.0, w * 0.05);

  imh_art_set (cr, &gold);
  /* Roof */
  cairo_move_to (cr, x, y + h * 0.3);
  cairo_line_to (cr, x + w / 2, y);
  cairo_line_to (cr, x + w, y + h * 0.3);
  cairo_close_path (cr);
  cairo_fill (cr);
  /* Columns and base */
  for (int i = 0; i < 4; i++)
    cairo_rectangle (cr, x + w * (0.1 + i * 0.24), y + h * 0.36, w * 0.1, h * 0.5);
  cairo_rectangle (cr, x, y + h * 0.9, w, h * 0.1);
  cairo_fill (cr);
  (void) lw;
  (void) symbols;
}

/* A sun disc, the temple's symbol. */
static void
sun (cairo_t *cr,
     double   cx,
     double   cy,
     double   r)
{
  cairo_arc (cr, cx, cy, r, 0, 2 * G_PI);
  imh_art_set (cr, &gold);
  cairo_fill_preserve (cr);
  imh_art_set (cr, &ink);
  cairo_set_line_width (cr, MAX (0.8, r * 0.25));
  cairo_stroke (cr);
}

/* ---- Action glyphs -------------------------------------------------------- */

static void
arrow (cairo_t *cr,
       double   x0,
       double   y0,
       double   x1,
       double   y1,
       double   head)
{
  double a = atan2 (y1 - y0, x1 - x0);

  cairo_move_to (cr, x0, y0);
  cairo_line_to (cr, x1, y1);
  cairo_stroke (cr);
  cairo_move_to (cr, x1, y1);
  cairo_line_to (cr, x1 - head * cos (a - 0.5), y1 - head * sin (a - 0.5));
  cairo_line_to (cr, x1 - head * cos (a + 0.5), y1 - head * sin (a + 0.5));
  cairo_close_path (cr);
  cairo_fill (cr);
}

static void
small_pawn (cairo_t *cr,
            double   cx,
            double   y,
            double   h)
{
  cairo_arc (cr, cx, y + h * 0.22, h * 0.2, 0, 2 * G_PI);
  cairo_fill (cr);
  cairo_move_to (cr, cx - h * 0.12, y + h * 0.4);
  cairo_line_to (cr, cx + h * 0.12, y + h * 0.4);
  cairo_line_to (cr, cx + h * 0.26, y + h);
  cairo_line_to (cr, cx - h * 0.26, y + h);
  cairo_close_path (cr);
  cairo_fill (cr);
}

static void
action_face (cairo_t *cr,
             guint    action,
             double   x,
             double   y,
             double   s)
{
  /* Short labels say what the tile does; the glyph above shows it. */
  const char *labels[IMH_DUEL_N_ACTIONS] = {
    /* Translators: label on the "Take 1 tile" action tile; keep it very short */
    C_("action tile", "+1"),
    /* Translators: label on the "Place 2–3 meeples" action tile; keep it very short */
    C_("action tile", "2–3"),
    /* Translators: label on the "Place 1 meeple and unload 1–2×" action tile; keep it very short */
    C_("action tile", "1+⚓"),
    /* Translators: label on the "Swap 2 tiles and unload" action tile; keep it very short */
    C_("action tile", "⇄+⚓"),
  };
  double lw = MAX (1.0, s * 0.05);

  imh_art_set (cr, &white);
  cairo_set_line_width (cr, lw);
  switch (action)
    {
    case IMH_DUEL_ACTION_TAKE:
      /* A tile lifted from a boat: a small square with an arrow up. */
      cairo_rectangle (cr, x + s * 0.2, y + s * 0.3, s * 0.26, s * 0.26);
      cairo_fill (cr);
      arrow (cr, x + s * 0.66, y + s * 0.56, x + s * 0.66, y + s * 0.14, s * 0.14);
      break;
    case IMH_DUEL_ACTION_PLACE_2_3:
      small_pawn (cr, x + s * 0.3, y + s * 0.14, s * 0.42);
      small_pawn (cr, x + s * 0.5, y + s * 0.14, s * 0.42);
      cairo_set_source_rgba (cr, 1, 1, 1, 0.55);
      small_pawn (cr, x + s * 0.7, y + s * 0.14, s * 0.42);
      break;
    case IMH_DUEL_ACTION_PLACE_UNLOAD:
      small_pawn (cr, x + s * 0.3, y + s * 0.14, s * 0.42);
      arrow (cr, x + s * 0.5, y + s * 0.35, x + s * 0.85, y + s * 0.35, s * 0.13);
      break;
    case IMH_DUEL_ACTION_SWAP_UNLOAD:
      arrow (cr, x + s * 0.2, y + s * 0.25, x + s * 0.8, y + s * 0.25, s * 0.13);
      arrow (cr, x + s * 0.8, y + s * 0.47, x + s * 0.2, y + s * 0.47, s * 0.13);
      break;
    default:
      break;
    }
  /* The caption where it is readable: the picture tells the action too. */
  imh_art_text_if_fits (cr, labels[action], (ImhBox) { x, y + s * 0.6, s, s * 0.36 }, s * 0.26, TRUE,
                        PANGO_ALIGN_CENTER, &white);
}

/* ---- Tiles ---------------------------------------------------------------- */

void
imh_art_tile_back (cairo_t *cr,
                   double   x,
                   double   y,
                   double   s)
{
  imh_art_rounded_rect (cr, x, y, s, s, s * 0.12);
  imh_art_set (cr, &back_bg);
  cairo_fill_preserve (cr);
  imh_art_set (cr, &ink);
  cairo_set_line_width (cr, MAX (1.0, s * 0.04));
  cairo_stroke (cr);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.25);
  cairo_set_line_width (cr, MAX (1.0, s * 0.05));
  cairo_move_to (cr, x + s * 0.5, y + s * 0.2);
  cairo_line_to (cr, x + s * 0.8, y + s * 0.8);
  cairo_line_to (cr, x + s * 0.2, y + s * 0.8);
  cairo_close_path (cr);
  cairo_stroke (cr);
}

void
imh_art_tile (cairo_t *cr,
              guint    code,
              double   x,
              double   y,
              double   s)
{
  const ImhRgba *bg = &tile_bg;
  char number[8];

  if (code >= IMH_DUEL_TILE_ACTION_0 && code < IMH_DUEL_N_TILE_CODES)
    bg = &action_bg;
  else if (code >= IMH_DUEL_TILE_CRYPT_1 && code < IMH_DUEL_TILE_CRYPT_1 + 12)
    bg = &crypt_bg;

  /* Shadow, face, edge. */
  imh_art_rounded_rect (cr, x + s * 0.04, y + s * 0.06, s, s, s * 0.12);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.25);
  cairo_fill (cr);
  imh_art_rounded_rect (cr, x, y, s, s, s * 0.12);
  imh_art_set (cr, bg);
  cairo_fill_preserve (cr);
  imh_art_set (cr, &tile_edge);
  cairo_set_line_width (cr, MAX (1.0, s * 0.04));
  cairo_stroke (cr);

  if (code == IMH_DUEL_TILE_OBELISK)
    imh_art_obelisk_glyph (cr, x + s * 0.2, y + s * 0.1, s * 0.6, s * 0.8);
  else if (code == IMH_DUEL_TILE_PYRAMID_LIGHT || code == IMH_DUEL_TILE_PYRAMID_DARK)
    imh_art_pyramid_glyph (cr, code == IMH_DUEL_TILE_PYRAMID_DARK,
                           x + s * 0.12, y + s * 0.18, s * 0.76, s * 0.64);
  else if (code >= IMH_DUEL_TILE_TEMPLE_1 && code < IMH_DUEL_TILE_TEMPLE_1 + 4)
    {
      guint n = code - IMH_DUEL_TILE_TEMPLE_1 + 1;
      /* Symbol positions for 1–4 suns under a small temple. */
      static const double pos[4][4][2] = {
        { { 0.5, 0.7 } },
        { { 0.33, 0.7 }, { 0.67, 0.7 } },
        { { 0.25, 0.7 }, { 0.5, 0.7 }, { 0.75, 0.7 } },
        { { 0.33, 0.58 }, { 0.67, 0.58 }, { 0.33, 0.82 }, { 0.67, 0.82 } },
      };
      imh_art_temple_glyph (cr, n, x + s * 0.25, y + s * 0.08, s * 0.5, s * 0.34);
      for (guint i = 0; i < n; i++)
        sun (cr, x + s * pos[n - 1][i][0], y + s * pos[n - 1][i][1], s * (n == 4 ? 0.09 : 0.1));
    }
  else if (code >= IMH_DUEL_TILE_CRYPT_1 && code < IMH_DUEL_TILE_CRYPT_1 + 12)
    {
      /* A doorway with the crypt's number. */
      cairo_set_line_width (cr, MAX (1.0, s * 0.04));
      cairo_set_source_rgba (cr, 1, 1, 1, 0.5);
      cairo_move_to (cr, x + s * 0.2, y + s * 0.88);
      cairo_line_to (cr, x + s * 0.2, y + s * 0.35);
      cairo_arc (cr, x + s * 0.5, y + s * 0.35, s * 0.3, G_PI, 2 * G_PI);
      cairo_line_to (cr, x + s * 0.8, y + s * 0.88);
      cairo_stroke (cr);
      g_snprintf (number, sizeof number, "%u", code - IMH_DUEL_TILE_CRYPT_1 + 1);
      imh_art_text_if_fits (cr, number, (ImhBox) { x, y + s * 0.25, s, s * 0.6 }, s * 0.42, TRUE,
                            PANGO_ALIGN_CENTER, &white);
    }
  else if (code >= IMH_DUEL_TILE_ACTION_0 && code < IMH_DUEL_N_TILE_CODES)
    action_face (cr, code - IMH_DUEL_TILE_ACTION_0, x, y, s);
}

/* ---- Meeples and boats ------------------------------------------------------ */


void
imh_art_boat (cairo_t              *cr,
              const ImhTablePalette *p,
              double                x,
              double                y,
              double                w,
              double                h,
              gboolean              vertical,
              gboolean              alive)
{
  double t = vertical ? w : h;   /* hull thickness */

  cairo_save (cr);
  cairo_new_path (cr);
  if (vertical)
    {
      /* Bow pointing away from the harbour (down). */
      cairo_move_to (cr, x, y);
      cairo_line_to (cr, x + w, y);
      cairo_line_to (cr, x + w, y + h - t * 0.45);
      cairo_line_to (cr, x + w / 2, y + h);
      cairo_line_to (cr, x, y + h - t * 0.45);
      cairo_close_path (cr);
    }
  else
    {
      cairo_move_to (cr, x, y);
      cairo_line_to (cr, x + w - t * 0.45, y);
      cairo_line_to (cr, x + w, y + h / 2);
      cairo_line_to (cr, x + w - t * 0.45, y + h);
      cairo_line_to (cr, x, y + h);
      cairo_close_path (cr);
    }
  if (alive)
    {
      imh_art_set (cr, &p->wood);
      cairo_fill_preserve (cr);
      imh_art_set (cr, &p->wood_dark);
      cairo_set_line_width (cr, MAX (1.0, t * 0.05));
      cairo_stroke (cr);
    }
  else
    {
      cairo_set_source_rgba (cr, 0, 0, 0, 0.12);
      cairo_fill_preserve (cr);
      cairo_set_source_rgba (cr, 0, 0, 0, 0.3);
      double dash = MAX (2.0, t * 0.08);
      cairo_set_dash (cr, &dash, 1, 0);
      cairo_set_line_width (cr, MAX (1.0, t * 0.03));
      cairo_stroke (cr);
    }
  cairo_restore (cr);
}
