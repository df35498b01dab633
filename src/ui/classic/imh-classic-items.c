/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-classic-items.c — the base game's market and round cards as small
 * pictures, and its hidden parts in words. */
#define G_LOG_DOMAIN "imh-classic-items"

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "imh-classic.h"
#include "imh-classic-items.h"
#include "imh-texts.h"

#define RGB(r, g, b) { (r) / 255.0, (g) / 255.0, (b) / 255.0, 1.0 }

enum {
  FAMILY_PURPLE,    /* statue */
  FAMILY_GREEN,     /* decoration */
  FAMILY_RED,       /* at once */
  FAMILY_BLUE,      /* played later */
};

static const ImhRgba family_colour[4] = {
  RGB (118, 70, 160),
  RGB (52, 128, 66),
  RGB (186, 52, 42),
  RGB (42, 98, 178),
};
static const ImhRgba face = RGB (250, 243, 224);
static const ImhRgba white = RGB (255, 255, 255);

static int
card_family (guint type)
{
  if (type == IMH_CLASSIC_CARD_STATUE)
    return FAMILY_PURPLE;
  if (type <= IMH_CLASSIC_CARD_DECO_OBELISK)
    return FAMILY_GREEN;
  if (type <= IMH_CLASSIC_CARD_PAVED_PATH)
    return FAMILY_RED;
  return FAMILY_BLUE;
}

/* ---- Glyphs, each in a square box (x, y, s) ---- */

static void
glyph_pyramid (cairo_t *cr, double x, double y, double s, gboolean door)
{
  cairo_move_to (cr, x + s * 0.5, y + s * 0.12);
  cairo_line_to (cr, x + s * 0.95, y + s * 0.88);
  cairo_line_to (cr, x + s * 0.05, y + s * 0.88);
  cairo_close_path (cr);
  if (door)
    {
      /* The entrance: a doorway cut out of the pyramid. */
      cairo_new_sub_path (cr);
      cairo_move_to (cr, x + s * 0.4, y + s * 0.88);
      cairo_line_to (cr, x + s * 0.4, y + s * 0.62);
      cairo_arc (cr, x + s * 0.5, y + s * 0.62, s * 0.1, G_PI, 2 * G_PI);
      cairo_line_to (cr, x + s * 0.6, y + s * 0.88);
      cairo_close_path (cr);
      cairo_set_fill_rule (cr, CAIRO_FILL_RULE_EVEN_ODD);
    }
  cairo_fill (cr);
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_WINDING);
}

static void
glyph_temple (cairo_t *cr, double x, double y, double s)
{
  /* Lintel, three columns, base. */
  cairo_rectangle (cr, x + s * 0.08, y + s * 0.14, s * 0.84, s * 0.14);
  cairo_rectangle (cr, x + s * 0.08, y + s * 0.76, s * 0.84, s * 0.12);
  for (int i = 0; i < 3; i++)
    cairo_rectangle (cr, x + s * (0.16 + i * 0.28), y + s * 0.3, s * 0.12, s * 0.44);
  cairo_fill (cr);
}

static void
glyph_burial (cairo_t *cr, double x, double y, double s)
{
  /* A vault: an arched doorway with steps. */
  cairo_move_to (cr, x + s * 0.12, y + s * 0.88);
  cairo_line_to (cr, x + s * 0.12, y + s * 0.45);
  cairo_arc (cr, x + s * 0.5, y + s * 0.45, s * 0.38, G_PI, 2 * G_PI);
  cairo_line_to (cr, x + s * 0.88, y + s * 0.88);
  cairo_close_path (cr);
  cairo_new_sub_path (cr);
  cairo_move_to (cr, x + s * 0.32, y + s * 0.88);
  cairo_line_to (cr, x + s * 0.32, y + s * 0.5);
  cairo_arc (cr, x + s * 0.5, y + s * 0.5, s * 0.18, G_PI, 2 * G_PI);
  cairo_line_to (cr, x + s * 0.68, y + s * 0.88);
  cairo_close_path (cr);
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_EVEN_ODD);
  cairo_fill (cr);
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_WINDING);
}

static void
glyph_obelisk (cairo_t *cr, double x, double y, double s)
{
  cairo_move_to (cr, x + s * 0.5, y + s * 0.04);
  cairo_line_to (cr, x + s * 0.62, y + s * 0.2);
  cairo_line_to (cr, x + s * 0.68, y + s * 0.84);
  cairo_line_to (cr, x + s * 0.32, y + s * 0.84);
  cairo_line_to (cr, x + s * 0.38, y + s * 0.2);
  cairo_close_path (cr);
  cairo_rectangle (cr, x + s * 0.22, y + s * 0.84, s * 0.56, s * 0.1);
  cairo_fill (cr);
}

static void
glyph_statue (cairo_t *cr, double x, double y, double s)
{
  /* A pharaoh's statue in one silhouette: a round head in a headdress
   * whose flaps fall onto sloping shoulders, the body narrowing to the
   * feet, on a plinth; the face cut out of the head. */
  cairo_move_to (cr, x + s * 0.5, y + s * 0.02);
  cairo_curve_to (cr, x + s * 0.62, y + s * 0.02, x + s * 0.66, y + s * 0.1, x + s * 0.66, y + s * 0.2);
  cairo_line_to (cr, x + s * 0.6, y + s * 0.3);
  cairo_curve_to (cr, x + s * 0.7, y + s * 0.32, x + s * 0.74, y + s * 0.36, x + s * 0.74, y + s * 0.44);
  cairo_line_to (cr, x + s * 0.64, y + s * 0.6);
  cairo_line_to (cr, x + s * 0.6, y + s * 0.84);
  cairo_line_to (cr, x + s * 0.82, y + s * 0.84);
  cairo_line_to (cr, x + s * 0.82, y + s * 0.97);
  cairo_line_to (cr, x + s * 0.18, y + s * 0.97);
  cairo_line_to (cr, x + s * 0.18, y + s * 0.84);
  cairo_line_to (cr, x + s * 0.4, y + s * 0.84);
  cairo_line_to (cr, x + s * 0.36, y + s * 0.6);
  cairo_line_to (cr, x + s * 0.26, y + s * 0.44);
  cairo_curve_to (cr, x + s * 0.26, y + s * 0.36, x + s * 0.3, y + s * 0.32, x + s * 0.4, y + s * 0.3);
  cairo_line_to (cr, x + s * 0.34, y + s * 0.2);
  cairo_curve_to (cr, x + s * 0.34, y + s * 0.1, x + s * 0.38, y + s * 0.02, x + s * 0.5, y + s * 0.02);
  cairo_close_path (cr);
  cairo_new_sub_path (cr);
  cairo_save (cr);
  cairo_translate (cr, x + s * 0.5, y + s * 0.17);
  cairo_scale (cr, s * 0.07, s * 0.09);
  cairo_arc (cr, 0, 0, 1, 0, 2 * G_PI);
  cairo_restore (cr);
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_EVEN_ODD);
  cairo_fill (cr);
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_WINDING);
}

static void
glyph_sarcophagus (cairo_t *cr, double x, double y, double s)
{
  /* A coffin lying on its side, drawn as a rounded outline: the head end
   * round, widest at the shoulders, narrowing to the feet; a band across
   * the chest and the face inside the head end. */
  double lw = s * 0.08;

  cairo_move_to (cr, x + s * 0.28, y + s * 0.3);
  cairo_line_to (cr, x + s * 0.86, y + s * 0.38);
  cairo_curve_to (cr, x + s * 0.96, y + s * 0.4, x + s * 0.96, y + s * 0.6, x + s * 0.86, y + s * 0.62);
  cairo_line_to (cr, x + s * 0.28, y + s * 0.7);
  cairo_curve_to (cr, x + s * 0.02, y + s * 0.74, x + s * 0.02, y + s * 0.26, x + s * 0.28, y + s * 0.3);
  cairo_close_path (cr);
  cairo_set_line_width (cr, lw);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_stroke (cr);
  cairo_arc (cr, x + s * 0.22, y + s * 0.5, s * 0.08, 0, 2 * G_PI);
  cairo_fill (cr);
  cairo_set_line_width (cr, lw * 0.75);
  cairo_move_to (cr, x + s * 0.44, y + s * 0.33);
  cairo_line_to (cr, x + s * 0.44, y + s * 0.67);
  cairo_move_to (cr, x + s * 0.62, y + s * 0.35);
  cairo_line_to (cr, x + s * 0.62, y + s * 0.65);
  cairo_stroke (cr);
}

static void
glyph_paved_path (cairo_t *cr, double x, double y, double s)
{
  /* Paving stones between two kerbs, every other row offset by half a
   * stone. */
  double left = x + s * 0.04, width = s * 0.92, stone = width / 4;

  cairo_rectangle (cr, left, y + s * 0.1, width, s * 0.06);
  cairo_rectangle (cr, left, y + s * 0.84, width, s * 0.06);
  cairo_fill (cr);
  cairo_save (cr);
  cairo_rectangle (cr, left, y, width, s);
  cairo_clip (cr);
  for (int row = 0; row < 3; row++)
    for (int i = -1; i < 4; i++)
      cairo_rectangle (cr, left + (i + (row % 2) * 0.5) * stone + stone * 0.08,
                       y + s * (0.22 + row * 0.2), stone * 0.84, s * 0.15);
  cairo_fill (cr);
  cairo_restore (cr);
}

static void
glyph_lever (cairo_t *cr, double x, double y, double s)
{
  /* A long bar over a wedge-shaped pivot, a block lifted on its high end. */
  cairo_move_to (cr, x + s * 0.38, y + s * 0.62);
  cairo_line_to (cr, x + s * 0.54, y + s * 0.92);
  cairo_line_to (cr, x + s * 0.22, y + s * 0.92);
  cairo_close_path (cr);
  cairo_rectangle (cr, x + s * 0.02, y + s * 0.92, s * 0.96, s * 0.06);
  cairo_fill (cr);
  cairo_set_line_width (cr, s * 0.08);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_move_to (cr, x + s * 0.06, y + s * 0.8);
  cairo_line_to (cr, x + s * 0.9, y + s * 0.3);
  cairo_stroke (cr);
  cairo_save (cr);
  cairo_translate (cr, x + s * 0.78, y + s * 0.24);
  cairo_rotate (cr, -atan2 (0.5, 0.84));
  cairo_rectangle (cr, -s * 0.12, -s * 0.2, s * 0.24, s * 0.18);
  cairo_restore (cr);
  cairo_fill (cr);
}

static void
glyph_hammer (cairo_t *cr, double x, double y, double s)
{
  /* A mallet leaning right: a long handle and a heavy head across it. */
  cairo_save (cr);
  cairo_translate (cr, x + s * 0.5, y + s * 0.5);
  cairo_rotate (cr, G_PI / 5);
  imh_art_rounded_rect (cr, -s * 0.06, -s * 0.22, s * 0.12, s * 0.68, s * 0.05);
  imh_art_rounded_rect (cr, -s * 0.3, -s * 0.46, s * 0.6, s * 0.26, s * 0.06);
  cairo_restore (cr);
  cairo_fill (cr);
}

static void
glyph_sail (cairo_t *cr, double x, double y, double s)
{
  /* A boat: a triangular sail beside its mast, over a curved hull. */
  cairo_rectangle (cr, x + s * 0.4, y + s * 0.04, s * 0.06, s * 0.7);
  cairo_move_to (cr, x + s * 0.5, y + s * 0.06);
  cairo_line_to (cr, x + s * 0.88, y + s * 0.64);
  cairo_line_to (cr, x + s * 0.5, y + s * 0.64);
  cairo_close_path (cr);
  cairo_move_to (cr, x + s * 0.36, y + s * 0.16);
  cairo_line_to (cr, x + s * 0.36, y + s * 0.64);
  cairo_line_to (cr, x + s * 0.12, y + s * 0.64);
  cairo_close_path (cr);
  cairo_move_to (cr, x + s * 0.02, y + s * 0.72);
  cairo_line_to (cr, x + s * 0.98, y + s * 0.72);
  cairo_curve_to (cr, x + s * 0.86, y + s * 0.9, x + s * 0.72, y + s * 0.94, x + s * 0.6, y + s * 0.94);
  cairo_line_to (cr, x + s * 0.4, y + s * 0.94);
  cairo_curve_to (cr, x + s * 0.28, y + s * 0.94, x + s * 0.14, y + s * 0.9, x + s * 0.02, y + s * 0.72);
  cairo_close_path (cr);
  cairo_fill (cr);
}

static void
glyph_chisel (cairo_t *cr, double x, double y, double s)
{
  /* A chisel lying across: a round-ended wooden handle, then a long flat
   * blade ground to a slanted edge. */
  cairo_save (cr);
  cairo_translate (cr, x + s * 0.5, y + s * 0.5);
  cairo_rotate (cr, -G_PI / 4);
  imh_art_rounded_rect (cr, -s * 0.62, -s * 0.1, s * 0.36, s * 0.2, s * 0.08);
  cairo_rectangle (cr, -s * 0.28, -s * 0.04, s * 0.06, s * 0.08);
  cairo_move_to (cr, -s * 0.22, -s * 0.08);
  cairo_line_to (cr, s * 0.5, -s * 0.08);
  cairo_line_to (cr, s * 0.62, s * 0.08);
  cairo_line_to (cr, -s * 0.22, s * 0.08);
  cairo_close_path (cr);
  cairo_restore (cr);
  cairo_fill (cr);
}

/* The family's mark in the card's top corner (white on its colour): none
 * for the statue (its own family), a leaf for decorations, "!" for the red
 * cards (at once), a dot in a ring for the blue ones (kept, played later). */
static void
family_mark (cairo_t *cr, int family, double x, double y, double s)
{
  imh_art_set (cr, &white);
  switch (family)
    {
    case FAMILY_GREEN:
      cairo_save (cr);
      cairo_translate (cr, x + s / 2, y + s / 2);
      cairo_rotate (cr, -G_PI / 4);
      cairo_scale (cr, s * 0.45, s * 0.22);
      cairo_arc (cr, 0, 0, 1, 0, 2 * G_PI);
      cairo_restore (cr);
      cairo_fill (cr);
      break;
    case FAMILY_RED:
      cairo_rectangle (cr, x + s * 0.4, y + s * 0.05, s * 0.2, s * 0.58);
      cairo_rectangle (cr, x + s * 0.4, y + s * 0.75, s * 0.2, s * 0.2);
      cairo_fill (cr);
      break;
    case FAMILY_BLUE:
      cairo_set_line_width (cr, s * 0.14);
      cairo_arc (cr, x + s / 2, y + s / 2, s * 0.38, 0, 2 * G_PI);
      cairo_stroke (cr);
      cairo_arc (cr, x + s / 2, y + s / 2, s * 0.14, 0, 2 * G_PI);
      cairo_fill (cr);
      break;
    case FAMILY_PURPLE:
    default:
      break;
    }
}

/* A card's shadow and its body in a colour, outlined. */
static void
card_frame (cairo_t          *cr,
            const ImhPalette *palette,
            const ImhRgba    *colour,
            double            x,
            double            y,
            double            w,
            double            h)
{
  double r = MIN (w, h) * 0.12;
  double lw = MAX (1.0, MIN (w, h) * 0.04);

  imh_art_rounded_rect (cr, x + w * 0.04, y + h * 0.04, w, h, r);
  cairo_set_source_rgba (cr, 0, 0, 0, palette != NULL && palette->dark ? 0.5 : 0.22);
  cairo_fill (cr);
  imh_art_rounded_rect (cr, x, y, w, h, r);
  imh_art_set (cr, colour);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.45);
  cairo_set_line_width (cr, lw);
  cairo_stroke (cr);
}

void
imh_classic_draw_card_glyph (cairo_t *cr,
                             guint    type,
                             double   x,
                             double   y,
                             double   s)
{
  g_return_if_fail (cr != NULL);
  g_return_if_fail (type < IMH_CLASSIC_N_CARD_TYPES);

  cairo_save (cr);
  switch (type)
    {
    case IMH_CLASSIC_CARD_STATUE:
      glyph_statue (cr, x, y, s);
      break;
    case IMH_CLASSIC_CARD_DECO_PYRAMID:
      glyph_pyramid (cr, x, y, s, FALSE);
      break;
    case IMH_CLASSIC_CARD_DECO_TEMPLE:
      glyph_temple (cr, x, y, s);
      break;
    case IMH_CLASSIC_CARD_DECO_BURIAL:
      glyph_burial (cr, x, y, s);
      break;
    case IMH_CLASSIC_CARD_DECO_OBELISK:
      glyph_obelisk (cr, x, y, s);
      break;
    case IMH_CLASSIC_CARD_ENTRANCE:
      glyph_pyramid (cr, x, y, s, TRUE);
      break;
    case IMH_CLASSIC_CARD_SARCOPHAGUS:
      glyph_sarcophagus (cr, x, y, s);
      break;
    case IMH_CLASSIC_CARD_PAVED_PATH:
      glyph_paved_path (cr, x, y, s);
      break;
    case IMH_CLASSIC_CARD_LEVER:
      glyph_lever (cr, x, y, s);
      break;
    case IMH_CLASSIC_CARD_HAMMER:
      glyph_hammer (cr, x, y, s);
      break;
    case IMH_CLASSIC_CARD_SAIL:
      glyph_sail (cr, x, y, s);
      break;
    case IMH_CLASSIC_CARD_CHISEL:
    default:
      glyph_chisel (cr, x, y, s);
      break;
    }
  cairo_restore (cr);
}

void
imh_classic_draw_card (cairo_t          *cr,
                       const ImhPalette *palette,
                       guint             type,
                       double            x,
                       double            y,
                       double            w,
                       double            h)
{
  int family;
  double band, gs, gx, gy;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (type < IMH_CLASSIC_N_CARD_TYPES);

  family = card_family (type);
  cairo_save (cr);
  card_frame (cr, palette, &family_colour[family], x, y, w, h);

  /* The face under a band of the family colour that holds its mark. */
  band = h * 0.2;
  imh_art_rounded_rect (cr, x + w * 0.1, y + band, w * 0.8, h - band - h * 0.08, MIN (w, h) * 0.08);
  imh_art_set (cr, &face);
  cairo_fill (cr);
  family_mark (cr, family, x + w * 0.1, y + band * 0.2, band * 0.65);

  gs = MIN (w * 0.72, h - band - h * 0.14);
  gx = x + (w - gs) / 2;
  gy = y + band + (h - band - h * 0.08 - gs) / 2;
  imh_art_set (cr, &family_colour[family]);
  imh_classic_draw_card_glyph (cr, type, gx, gy, gs);
  cairo_restore (cr);
}

void
imh_classic_draw_round_card (cairo_t          *cr,
                             const ImhPalette *palette,
                             const guint8     *caps,
                             double            x,
                             double            y,
                             double            w,
                             double            h)
{
  static const ImhRgba sand = RGB (206, 164, 92);
  static const ImhRgba hull = RGB (96, 62, 30);

  g_return_if_fail (cr != NULL);

  cairo_save (cr);
  card_frame (cr, palette, &sand, x, y, w, h);
  if (caps == NULL)
    {
      /* The back: a sun over the river. */
      cairo_set_source_rgba (cr, 1, 1, 1, 0.85);
      cairo_arc (cr, x + w / 2, y + h * 0.38, MIN (w, h) * 0.2, 0, 2 * G_PI);
      cairo_fill (cr);
      imh_art_set (cr, &hull);
      cairo_set_line_width (cr, MAX (1.0, h * 0.05));
      for (int i = 0; i < 2; i++)
        {
          double ly = y + h * (0.66 + i * 0.14);

          cairo_move_to (cr, x + w * 0.18, ly);
          cairo_curve_to (cr, x + w * 0.38, ly - h * 0.06, x + w * 0.62, ly + h * 0.06, x + w * 0.82, ly);
          cairo_stroke (cr);
        }
    }
  else
    {
      /* One hull per ship, as long as its capacity (largest first). */
      double unit = w * 0.7 / IMH_CLASSIC_SHIP_MAX;
      double row = h * 0.84 / IMH_CLASSIC_N_SHIPS;

      imh_art_set (cr, &hull);
      for (int i = 0; i < IMH_CLASSIC_N_SHIPS; i++)
        {
          double len = unit * caps[i];
          double hx = x + (w - len) / 2, hy = y + h * 0.08 + i * row + row * 0.25;

          cairo_move_to (cr, hx - unit * 0.15, hy);
          cairo_line_to (cr, hx + len + unit * 0.15, hy);
          cairo_line_to (cr, hx + len - unit * 0.1, hy + row * 0.5);
          cairo_line_to (cr, hx + unit * 0.1, hy + row * 0.5);
          cairo_close_path (cr);
          cairo_fill (cr);
        }
    }
  cairo_restore (cr);
}

/* ---- The board class's functions for the score view ---- */

void
_imh_classic_board_draw_item (ImhBoardClass *klass,
                              cairo_t       *cr,
                              guint          item,
                              double         x,
                              double         y,
                              double         size)
{
  double w = size * 0.74;

  (void) klass;
  if (item < IMH_CLASSIC_N_CARD_TYPES)
    imh_classic_draw_card (cr, NULL, item, x + (size - w) / 2, y, w, size * 0.96);
  else if (item == IMH_CLASSIC_N_CARD_TYPES)
    imh_classic_draw_round_card (cr, NULL, NULL, x + (size - w) / 2, y, w, size * 0.96);
}

char *
_imh_classic_board_item_name (ImhBoardClass *klass,
                              guint          item)
{
  (void) klass;
  if (item < IMH_CLASSIC_N_CARD_TYPES)
    return g_strdup (imh_texts_classic_card_name (item));
  if (item == IMH_CLASSIC_N_CARD_TYPES)
    return g_strdup (_("Round cards to come"));
  return NULL;
}

char *
_imh_classic_board_describe_unseen (ImhBoardClass  *klass,
                                    const ImhState *state)
{
  const ImhClassic *c;
  GString *text;
  uint8_t unplayed[IMH_CLASSIC_N_ROUND_CARDS];
  int n_unplayed, pair = 0;

  (void) klass;
  g_return_val_if_fail (state != NULL && state->kind == IMH_GAME_CLASSIC, NULL);

  c = &state->u.classic;
  text = g_string_new (NULL);
  if (c->pair_state == IMH_CLASSIC_PAIR_FACE_DOWN)
    pair = (c->pair[0] != IMH_CLASSIC_NONE) + (c->pair[1] != IMH_CLASSIC_NONE);
  if (pair > 0)
    g_string_append_printf (text,
                            ngettext ("%d market card face down: %d in the deck, %d in the face-down pair.",
                                      "%d market cards face down: %d in the deck, %d in the face-down pair.",
                                      c->deck_n + pair),
                            c->deck_n + pair, c->deck_n, pair);
  else
    g_string_append_printf (text,
                            ngettext ("%d market card face down in the deck.",
                                      "%d market cards face down in the deck.",
                                      c->deck_n),
                            c->deck_n);

  n_unplayed = imh_classic_rounds_unplayed (state, unplayed);
  if (n_unplayed == 1)
    {
      g_string_append_c (text, ' ');
      g_string_append (text, _("No round card comes any more: the one left was removed unseen."));
    }
  else if (n_unplayed > 1)
    {
      g_autoptr(GString) list = g_string_new (NULL);

      for (int i = 0; i < n_unplayed; i++)
        {
          const uint8_t *cap = imh_classic_round_cards[c->n_players - 2][unplayed[i]].cap;

          if (i > 0)
            g_string_append (list, ", ");
          g_string_append_printf (list, "%d-%d-%d-%d", cap[0], cap[1], cap[2], cap[3]);
        }
      g_string_append_c (text, ' ');
      /* Translators: %s is a list of round cards by their ships' capacities,
       * e.g. "4-3-2-1, 3-3-2-2"; one of them was removed unseen */
      g_string_append_printf (text, _("Round cards that can still come (ship sizes; one of them never will): %s."),
                              list->str);
    }
  return g_string_free (text, FALSE);
}

const char *
_imh_classic_board_unseen_heading (ImhBoardClass *klass,
                                   gboolean       out,
                                   gboolean       by_kind)
{
  (void) klass;
  if (out)
    return by_kind ? _("Cards out of the game by kind") : _("Out of the Game");
  return by_kind ? _("Unseen cards by kind") : _("Unseen Cards");
}
