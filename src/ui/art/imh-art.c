/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-art.c — vector art shared by every game's board (text, shapes, meeples). */
#define G_LOG_DOMAIN "imh-art"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <pango/pangocairo.h>

#include "imh-art.h"

#define RGB(r, g, b) { (r) / 255.0, (g) / 255.0, (b) / 255.0, 1.0 }

void
imh_palette_init (ImhPalette    *p,
                  gboolean       dark,
                  const ImhRgba *text,
                  const ImhRgba *accent)
{
  p->dark = dark;
  p->text = *text;
  p->accent = *accent;
  if (dark)
    {
      p->hint = (ImhRgba) { 1.0, 0.78, 0.2, 1.0 };
      p->page = (ImhRgba) { 0.12, 0.12, 0.12, 1.0 };
    }
  else
    {
      p->hint = (ImhRgba) { 0.85, 0.45, 0.0, 1.0 };
      p->page = (ImhRgba) { 1.0, 1.0, 1.0, 1.0 };
    }
}

void
imh_table_palette_init (ImhTablePalette *p,
                        gboolean         dark,
                        const ImhRgba   *text,
                        const ImhRgba   *accent)
{
  ImhPalette common;

  imh_palette_init (&common, dark, text, accent);
  p->dark = dark;
  p->text = *text;
  p->accent = *accent;
  p->hint = common.hint;
  if (dark)
    {
      p->panel = (ImhRgba) RGB (0x33, 0x30, 0x2c);
      p->panel_active = (ImhRgba) RGB (0x4a, 0x43, 0x35);
      p->water = (ImhRgba) RGB (0x1d, 0x3f, 0x5c);
      p->field = (ImhRgba) RGB (0x8c, 0x78, 0x52);
      p->field_line = (ImhRgba) RGB (0x5e, 0x4f, 0x33);
      p->wood = (ImhRgba) RGB (0x6b, 0x45, 0x24);
      p->wood_dark = (ImhRgba) RGB (0x45, 0x2b, 0x15);
    }
  else
    {
      p->panel = (ImhRgba) RGB (0xf1, 0xec, 0xe2);
      p->panel_active = (ImhRgba) RGB (0xfb, 0xe9, 0xbe);
      p->water = (ImhRgba) RGB (0x6f, 0xa8, 0xcf);
      p->field = (ImhRgba) RGB (0xe6, 0xd2, 0xa0);
      p->field_line = (ImhRgba) RGB (0xb4, 0x98, 0x5c);
      p->wood = (ImhRgba) RGB (0x9a, 0x66, 0x35);
      p->wood_dark = (ImhRgba) RGB (0x6b, 0x43, 0x1f);
    }
}

void
imh_art_set (cairo_t       *cr,
             const ImhRgba *c)
{
  cairo_set_source_rgba (cr, c->r, c->g, c->b, c->a);
}

void
imh_art_rounded_rect (cairo_t *cr,
                      double   x,
                      double   y,
                      double   w,
                      double   h,
                      double   r)
{
  r = MIN (r, MIN (w, h) / 2);
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + w - r, y + r, r, -G_PI / 2, 0);
  cairo_arc (cr, x + w - r, y + h - r, r, 0, G_PI / 2);
  cairo_arc (cr, x + r, y + h - r, r, G_PI / 2, G_PI);
  cairo_arc (cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

static cairo_user_data_key_t min_text_key;
static cairo_user_data_key_t record_key;

void
imh_art_set_min_text (cairo_t *cr,
                      double   size)
{
  double *floor = g_new (double, 1);

  *floor = MAX (size, 0.0);
  cairo_set_user_data (cr, &min_text_key, floor, g_free);
}

double
imh_art_get_min_text (cairo_t *cr)
{
  double *floor = cairo_get_user_data (cr, &min_text_key);

  return floor != NULL ? *floor : 0.0;
}

double
imh_art_points_to_pixels (PangoContext *context,
                          double        pt)
{
  double dpi = context != NULL ? pango_cairo_context_get_resolution (context) : -1;

  if (dpi <= 0)
    dpi = 96.0;
  return pt * dpi / 72.0;
}

void
imh_art_record_texts (cairo_t   *cr,
                      GPtrArray *runs)
{
  cairo_set_user_data (cr, &record_key, runs != NULL ? g_ptr_array_ref (runs) : NULL,
                       (cairo_destroy_func_t) g_ptr_array_unref);
}

void
imh_art_text_run_free (gpointer data)
{
  ImhArtTextRun *run = data;

  g_free (run->text);
  g_free (run);
}

static PangoLayout *
text_layout (cairo_t    *cr,
             const char *text,
             double      size,
             gboolean    bold)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string ("Cantarell, Sans");

  pango_font_description_set_absolute_size (font, MAX (size, 1.0) * PANGO_SCALE);
  if (bold)
    pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (layout, font);
  pango_layout_set_text (layout, text, -1);
  pango_font_description_free (font);
  return layout;
}

double
imh_art_fit_size (cairo_t    *cr,
                  const char *text,
                  double      w,
                  double      size,
                  gboolean    bold)
{
  double floor = imh_art_get_min_text (cr);
  PangoLayout *layout;
  int lw, lh;

  size = MAX (size, floor);
  layout = text_layout (cr, text, size, bold);
  pango_layout_get_pixel_size (layout, &lw, &lh);
  g_object_unref (layout);
  if (lw > w && lw > 0)
    size *= w / lw * 0.9;   /* hinting makes widths grow a little unevenly */
  return MAX (size, floor);
}

void
imh_art_text_size (cairo_t    *cr,
                   const char *text,
                   double      size,
                   gboolean    bold,
                   double     *width,
                   double     *height)
{
  PangoLayout *layout = text_layout (cr, text, MAX (size, imh_art_get_min_text (cr)), bold);
  PangoRectangle ink, logical;

  pango_layout_get_pixel_extents (layout, &ink, &logical);
  g_object_unref (layout);
  if (width != NULL)
    *width = logical.width;
  if (height != NULL)
    *height = ink.height;
}

gboolean
imh_art_text_fits (cairo_t    *cr,
                   const char *text,
                   ImhBox      b,
                   double      size,
                   gboolean    bold)
{
  PangoLayout *layout = text_layout (cr, text, MAX (size, imh_art_get_min_text (cr)), bold);
  PangoRectangle ink, logical;

  pango_layout_get_pixel_extents (layout, &ink, &logical);
  g_object_unref (layout);
  return logical.width <= b.w && ink.height <= b.h;
}

void
imh_art_text (cairo_t        *cr,
              const char     *text,
              double          x,
              double          y,
              double          w,
              double          h,
              double          size,
              gboolean        bold,
              PangoAlignment  align,
              const ImhRgba  *color)
{
  GPtrArray *runs = cairo_get_user_data (cr, &record_key);
  PangoLayout *layout;
  PangoRectangle ink, logical;
  double ty;

  size = MAX (size, imh_art_get_min_text (cr));
  if (size < 1.0 || w <= 0)
    return;
  layout = text_layout (cr, text, size, bold);
  pango_layout_set_width (layout, (int) (w * PANGO_SCALE));
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  pango_layout_set_alignment (layout, align);
  pango_layout_get_pixel_extents (layout, &ink, &logical);
  /* Centred by its ink where the line is taller than the box (small
   * labels), else by the line. */
  if (logical.height <= h)
    ty = y + (h - logical.height) / 2;
  else
    ty = y + (h - ink.height) / 2 - ink.y;
  imh_art_set (cr, color);
  cairo_move_to (cr, x, ty);
  pango_cairo_show_layout (cr, layout);
  if (runs != NULL)
    {
      ImhArtTextRun *run = g_new0 (ImhArtTextRun, 1);

      run->text = g_strdup (text);
      run->size = size;
      run->box = (ImhBox) { x, y, w, h };
      PangoRectangle exact;

      /* In pango units: the pixel extents are rounded outwards. */
      pango_layout_get_extents (layout, &exact, NULL);
      run->ink = (ImhBox) { x + (double) exact.x / PANGO_SCALE, ty + (double) exact.y / PANGO_SCALE,
                            (double) exact.width / PANGO_SCALE, (double) exact.height / PANGO_SCALE };
      run->ellipsized = pango_layout_is_ellipsized (layout);
      g_ptr_array_add (runs, run);
    }
  g_object_unref (layout);
}

gboolean
imh_art_text_if_fits (cairo_t        *cr,
                      const char     *text,
                      ImhBox          b,
                      double          size,
                      gboolean        bold,
                      PangoAlignment  align,
                      const ImhRgba  *color)
{
  const char *texts[] = { text, NULL };

  return imh_art_text_choice (cr, texts, b, size, bold, align, color, FALSE) == 0;
}

int
imh_art_text_choice (cairo_t           *cr,
                     const char *const *texts,
                     ImhBox             b,
                     double             size,
                     gboolean           bold,
                     PangoAlignment     align,
                     const ImhRgba     *color,
                     gboolean           always)
{
  guint i;

  for (i = 0; texts[i] != NULL; i++)
    {
      double s = imh_art_fit_size (cr, texts[i], b.w, size, bold);

      if (imh_art_text_fits (cr, texts[i], b, s, bold))
        {
          imh_art_text (cr, texts[i], b.x, b.y, b.w, b.h, s, bold, align, color);
          return (int) i;
        }
    }
  if (always && i > 0)
    imh_art_text (cr, texts[i - 1], b.x, b.y, b.w, b.h, imh_art_get_min_text (cr), bold, align, color);
  return -1;
}

void
imh_art_stroke_box (cairo_t       *cr,
                    ImhBox         b,
                    double         grow,
                    double         radius,
                    double         width,
                    const ImhRgba *c)
{
  imh_art_rounded_rect (cr, b.x - grow, b.y - grow, b.w + 2 * grow, b.h + 2 * grow, radius);
  imh_art_set (cr, c);
  cairo_set_line_width (cr, width);
  cairo_stroke (cr);
}

void
imh_art_fill_box (cairo_t       *cr,
                  ImhBox         b,
                  double         radius,
                  const ImhRgba *c,
                  double         alpha)
{
  ImhRgba col = *c;

  col.a *= alpha;
  imh_art_rounded_rect (cr, b.x, b.y, b.w, b.h, radius);
  imh_art_set (cr, &col);
  cairo_fill (cr);
}

/* ---- Meeples ------------------------------------------------------------------ */

void
imh_art_player_color (int      player,
                      ImhRgba *fill,
                      ImhRgba *line)
{
  /* Black is darker than any dark-style background, with a mid-gray
   * outline (a light one would make it read as a hollow white meeple on a
   * dark page); gray sits between black and white in both styles, light
   * enough to stand out from the dark style's panels and sand, with a
   * near-black outline for the light style. Every piece is set off from
   * every surface it stands on, in both styles, by its fill or its outline
   * at a contrast of at least 3:1 (docs/ui.md, "Colours"). */
  static const ImhRgba fills[IMH_ART_N_PLAYERS] = {
    RGB (0x0c, 0x0b, 0x0a), RGB (0xfa, 0xf8, 0xf2), RGB (0x86, 0x5e, 0x3c), RGB (0xa3, 0xa2, 0x9f),
  };
  static const ImhRgba lines[IMH_ART_N_PLAYERS] = {
    RGB (0xa6, 0xa2, 0x9b), RGB (0x24, 0x22, 0x20), RGB (0xf6, 0xe8, 0xd4), RGB (0x18, 0x16, 0x14),
  };

  player = CLAMP (player, 0, IMH_ART_N_PLAYERS - 1);
  *fill = fills[player];
  *line = lines[player];
}

/* Each player's head and the words for it: the drawing and the words come
 * from this one table. */
static const struct {
  ImhArtHead  head;
  const char *pieces;
  const char *label;
} meeple_shapes[IMH_ART_N_PLAYERS] = {
  { IMH_ART_HEAD_ROUND, N_("Round meeples"), N_("Black (round meeple)") },
  { IMH_ART_HEAD_DIAMOND, N_("Diamond meeples"), N_("White (diamond meeple)") },
  { IMH_ART_HEAD_TRIANGLE, N_("Triangular meeples"), N_("Brown (triangular meeple)") },
  { IMH_ART_HEAD_HEXAGON, N_("Hexagonal meeples"), N_("Gray (hexagonal meeple)") },
};

ImhArtHead
imh_art_meeple_head (int player)
{
  return meeple_shapes[CLAMP (player, 0, IMH_ART_N_PLAYERS - 1)].head;
}

const char *
imh_art_meeple_pieces (int player)
{
  return _(meeple_shapes[CLAMP (player, 0, IMH_ART_N_PLAYERS - 1)].pieces);
}

const char *
imh_art_meeple_label (int player)
{
  return _(meeple_shapes[CLAMP (player, 0, IMH_ART_N_PLAYERS - 1)].label);
}

void
imh_art_meeple (cairo_t  *cr,
                int       player,
                double    x,
                double    y,
                double    w,
                double    h,
                gboolean  ghost)
{
  double s = MIN (w, h * 0.8);
  double cx = x + w / 2;
  double top = y + (h - s * 1.2) / 2;
  double lw = MAX (1.0, s * 0.07);
  ImhRgba fill, line;

  player = CLAMP (player, 0, IMH_ART_N_PLAYERS - 1);
  imh_art_player_color (player, &fill, &line);

  cairo_save (cr);
  cairo_set_line_width (cr, lw);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  switch (imh_art_meeple_head (player))
    {
    case IMH_ART_HEAD_ROUND:
      /* A rounded pawn, round head, bell-shaped body. */
      cairo_new_path (cr);
      cairo_arc (cr, cx, top + s * 0.26, s * 0.24, 0, 2 * G_PI);
      cairo_new_sub_path (cr);
      cairo_move_to (cr, cx - s * 0.16, top + s * 0.5);
      cairo_curve_to (cr, cx - s * 0.2, top + s * 0.8, cx - s * 0.42, top + s * 0.95,
                      cx - s * 0.42, top + s * 1.15);
      cairo_line_to (cr, cx + s * 0.42, top + s * 1.15);
      cairo_curve_to (cr, cx + s * 0.42, top + s * 0.95, cx + s * 0.2, top + s * 0.8,
                      cx + s * 0.16, top + s * 0.5);
      cairo_close_path (cr);
      break;
    case IMH_ART_HEAD_TRIANGLE:
      /* A triangular head on a slim, straight-sided body. */
      cairo_new_path (cr);
      cairo_move_to (cr, cx, top + s * 0.02);
      cairo_line_to (cr, cx + s * 0.27, top + s * 0.48);
      cairo_line_to (cr, cx - s * 0.27, top + s * 0.48);
      cairo_close_path (cr);
      cairo_new_sub_path (cr);
      cairo_move_to (cr, cx - s * 0.14, top + s * 0.56);
      cairo_line_to (cr, cx + s * 0.14, top + s * 0.56);
      cairo_line_to (cr, cx + s * 0.34, top + s * 1.15);
      cairo_line_to (cr, cx - s * 0.34, top + s * 1.15);
      cairo_close_path (cr);
      break;
    case IMH_ART_HEAD_HEXAGON:
      /* A wide hexagonal head on a stepped body. */
      cairo_new_path (cr);
      for (int i = 0; i < 6; i++)
        {
          double a = G_PI / 3 * i;
          double hx = cx + s * 0.27 * cos (a), hy = top + s * 0.27 + s * 0.24 * sin (a);
          if (i == 0)
            cairo_move_to (cr, hx, hy);
          else
            cairo_line_to (cr, hx, hy);
        }
      cairo_close_path (cr);
      cairo_new_sub_path (cr);
      cairo_move_to (cr, cx - s * 0.2, top + s * 0.56);
      cairo_line_to (cr, cx + s * 0.2, top + s * 0.56);
      cairo_line_to (cr, cx + s * 0.2, top + s * 0.8);
      cairo_line_to (cr, cx + s * 0.42, top + s * 0.8);
      cairo_line_to (cr, cx + s * 0.42, top + s * 1.15);
      cairo_line_to (cr, cx - s * 0.42, top + s * 1.15);
      cairo_line_to (cr, cx - s * 0.42, top + s * 0.8);
      cairo_line_to (cr, cx - s * 0.2, top + s * 0.8);
      cairo_close_path (cr);
      break;
    case IMH_ART_HEAD_DIAMOND:
    default:
      /* A diamond head on a straight, angular body. */
      cairo_new_path (cr);
      cairo_move_to (cr, cx, top);
      cairo_line_to (cr, cx + s * 0.26, top + s * 0.26);
      cairo_line_to (cr, cx, top + s * 0.52);
      cairo_line_to (cr, cx - s * 0.26, top + s * 0.26);
      cairo_close_path (cr);
      cairo_new_sub_path (cr);
      cairo_move_to (cr, cx - s * 0.16, top + s * 0.58);
      cairo_line_to (cr, cx + s * 0.16, top + s * 0.58);
      cairo_line_to (cr, cx + s * 0.3, top + s * 1.0);
      cairo_line_to (cr, cx + s * 0.4, top + s * 1.0);
      cairo_line_to (cr, cx + s * 0.4, top + s * 1.15);
      cairo_line_to (cr, cx - s * 0.4, top + s * 1.15);
      cairo_line_to (cr, cx - s * 0.4, top + s * 1.0);
      cairo_line_to (cr, cx - s * 0.3, top + s * 1.0);
      cairo_close_path (cr);
      break;
    }
  if (ghost)
    {
      /* Not there: a faint fill and a dashed outline, so it differs from a
       * meeple that is there whatever the background. */
      double dash[] = { MAX (1.5, s * 0.1), MAX (1.0, s * 0.07) };
      fill.a = 0.25;
      imh_art_set (cr, &fill);
      cairo_fill_preserve (cr);
      line = (ImhRgba) RGB (0x80, 0x7a, 0x70);
      cairo_set_dash (cr, dash, 2, 0);
      imh_art_set (cr, &line);
      cairo_stroke (cr);
    }
  else
    {
      imh_art_set (cr, &fill);
      cairo_fill_preserve (cr);
      imh_art_set (cr, &line);
      cairo_stroke (cr);
    }
  cairo_restore (cr);
}
