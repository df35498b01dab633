/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-classic-board-draw.c — the base game board's drawing: sites, harbour, players' panels. */
#define G_LOG_DOMAIN "imh-classic-board"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "imh-classic-board-private.h"
#include "imh-classic-items.h"
#include "imh-texts.h"

#define RGB(r, g, b) { (r) / 255.0, (g) / 255.0, (b) / 255.0, 1.0 }

static const ImhRgba card_purple = RGB (0x6d, 0x3f, 0x9a);
static const ImhRgba card_green = RGB (0x2e, 0x7d, 0x3e);
static const ImhRgba card_red = RGB (0xa8, 0x33, 0x2b);
static const ImhRgba card_blue = RGB (0x1f, 0x5f, 0xa8);
static const ImhRgba card_back = RGB (0x7b, 0x5a, 0x33);
static const ImhRgba white = RGB (0xff, 0xff, 0xff);
static const ImhRgba stone_grey = RGB (0x8a, 0x84, 0x78);

/* Where a sail preview starts below a site's top (board units). */
#define SITE_PREVIEW_TOP 0.45

typedef struct {
  ImhTablePalette base;
  ImhRgba        site;        /* a site's sand */
  ImhRgba        cell;        /* an empty space on a site */
  ImhRgba        faint;       /* secondary text */
} Pal;

/* ---- Helpers ------------------------------------------------------------------ */

static void
text_fit (cairo_t        *cr,
          const char     *text,
          Box             b,
          double          size,
          gboolean        bold,
          PangoAlignment  align,
          const ImhRgba  *color)
{
  double s = imh_art_fit_size (cr, text, b.w, size, bold);

  imh_art_text (cr, text, b.x, b.y, b.w, b.h, s, bold, align, color);
}

/* A label's size: k board units, never below the smallest readable. */
static double
text_size (double u,
           double k)
{
  return MAX (IMH_CLASSIC_MIN_TEXT, k * u);
}

/* As text_fit, but a text that does not fit its box whole at the
 * smallest readable size (or larger) is not drawn: FALSE, and the caller draws a shorter form or none. */
static gboolean
text_fit_min (cairo_t        *cr,
              const char     *text,
              Box             b,
              double          size,
              gboolean        bold,
              PangoAlignment  align,
              const ImhRgba  *color)
{
  double s = imh_art_fit_size (cr, text, b.w, MAX (size, IMH_CLASSIC_MIN_TEXT), bold);

  if (!imh_art_text_fits (cr, text, b, s, bold))
    return FALSE;
  imh_art_text (cr, text, b.x, b.y, b.w, b.h, s, bold, align, color);
  return TRUE;
}

static Box
inset (Box    b,
       double d)
{
  return (Box) { b.x + d, b.y + d, b.w - 2 * d, b.h - 2 * d };
}

static void
meeple_in (cairo_t *cr,
           int      player,
           Box      b,
           gboolean ghost)
{
  double s = MIN (b.w, b.h);

  imh_art_meeple (cr, player, b.x + (b.w - s * 0.8) / 2, b.y + (b.h - s * 0.9) / 2, s * 0.8, s * 0.9, ghost);
}

static void
empty_cell (cairo_t   *cr,
            const Pal *pal,
            Box        b,
            double     u,
            const char *label)
{
  ImhRgba line = pal->base.field_line;

  imh_art_fill_box (cr, b, 0.06 * u, &pal->cell, 1.0);
  line.a = 0.6;
  imh_art_stroke_box (cr, b, 0, 0.06 * u, MAX (1.0, 0.025 * u), &line);
  if (label != NULL)
    text_fit_min (cr, label, b, MIN (b.h * 0.45, 0.3 * u), FALSE, PANGO_ALIGN_CENTER, &pal->faint);
}

static const ImhRgba *
card_colour (int type)
{
  if (type == IMH_CLASSIC_CARD_STATUE)
    return &card_purple;
  if (type <= IMH_CLASSIC_CARD_DECO_OBELISK)
    return &card_green;
  if (type <= IMH_CLASSIC_CARD_PAVED_PATH)
    return &card_red;
  return &card_blue;
}

/* A small white glyph for a card: the pictures of the score view's cards
 * (imh_classic_draw_card_glyph ()), so that a card looks the same on the
 * board and off it; the glyph alone tells the card where its label does not
 * fit. */
static void
card_glyph (cairo_t *cr,
            int      type,
            Box      b)
{
  double s = MIN (b.w, b.h);

  imh_art_set (cr, &white);
  imh_classic_draw_card_glyph (cr, (guint) type, b.x + (b.w - s) / 2, b.y + (b.h - s) / 2, s);
}

/* A market card face up in a box: its family's colour, its glyph and its
 * label; count > 1 adds "×n". */
static void
draw_card (cairo_t   *cr,
           const Pal *pal,
           int        type,
           Box        b,
           int        count,
           double     u)
{
  double r = MIN (b.w, b.h) * 0.12;
  Box label = { b.x + b.w * 0.06, b.y + b.h * 0.04, b.w * 0.88, b.h * 0.3 };
  Box glyph = { b.x, b.y + b.h * 0.38, b.w, b.h * 0.42 };

  imh_art_fill_box (cr, b, r, card_colour (type), 1.0);
  imh_art_stroke_box (cr, b, 0, r, MAX (1.0, 0.02 * u), &pal->base.wood_dark);
  /* The label where it is readable; else a larger glyph alone. */
  if (label.h < IMH_CLASSIC_MIN_TEXT * 0.8
      || !text_fit_min (cr, _imh_classic_card_label (type), label, MIN (label.h * 0.8, 0.26 * u), TRUE,
                        PANGO_ALIGN_CENTER, &white))
    glyph = (Box) { b.x, b.y + b.h * 0.1, b.w, b.h * 0.66 };
  if (count > 1)
    {
      char buf[16];
      Box c = { b.x + b.w * 0.4, b.y + b.h * 0.74, b.w * 0.56, b.h * 0.24 };

      Box half = { b.x, b.y + b.h * 0.5, b.w, b.h * 0.5 };

      g_snprintf (buf, sizeof buf, "×%d", count);
      /* The count in the corner; on a small card in its lower half (the
       * glyph above), on a tiny one alone (its colour tells the type). */
      if (text_fit_min (cr, buf, c, MAX (c.h * 0.95, MIN (IMH_CLASSIC_MIN_TEXT, b.h * 0.4)), TRUE,
                        PANGO_ALIGN_RIGHT, &white))
        glyph.w = b.w * 0.6;
      else if (text_fit_min (cr, buf, half, half.h * 0.9, TRUE, PANGO_ALIGN_CENTER, &white))
        glyph = (Box) { b.x, b.y, b.w, b.h * 0.5 };
      else
        {
          text_fit (cr, buf, b, b.h * 0.8, TRUE, PANGO_ALIGN_CENTER, &white);
          return;
        }
    }
  card_glyph (cr, type, inset (glyph, MIN (glyph.w, glyph.h) * 0.12));
}

static void
draw_card_back (cairo_t   *cr,
                const Pal *pal,
                Box        b,
                double     u)
{
  double r = MIN (b.w, b.h) * 0.12;
  ImhRgba line = white;

  imh_art_fill_box (cr, b, r, &card_back, 1.0);
  line.a = 0.5;
  imh_art_stroke_box (cr, inset (b, MIN (b.w, b.h) * 0.12), 0, r / 2, MAX (1.0, 0.02 * u), &line);
  imh_art_stroke_box (cr, b, 0, r, MAX (1.0, 0.02 * u), &pal->base.wood_dark);
}

static int
points_of (const ImhClassic *c,
           int               p)
{
  int sum = 0;

  for (int k = 0; k < IMH_CLASSIC_N_CATEGORIES; k++)
    sum += c->points[p][k];
  return sum;
}

/* ---- Sites ------------------------------------------------------------------ */

static void
draw_market (ImhClassicBoard *self,
             cairo_t         *cr,
             const Pal       *pal)
{
  const ImhClassic *c = _imh_classic_board_game (self);
  double u = self->u;
  gboolean side_b = (c->sides >> IMH_CLASSIC_SITE_MARKET) & 1;

  for (int i = 0; i < 4; i++)
    {
      Box slot = _imh_classic_card_slot (self, i);

      if (side_b && i == 3)
        {
          if (c->pair_state == IMH_CLASSIC_PAIR_REVEALED)
            for (int k = 0; k < 2; k++)
              {
                Box b = _imh_classic_pair_card_box (self, k);

                if (c->pair[k] != IMH_CLASSIC_NONE)
                  draw_card (cr, pal, c->pair[k], b, 1, u);
              }
          else if (c->pair_state == IMH_CLASSIC_PAIR_FACE_DOWN)
            {
              Box b1 = _imh_classic_pair_card_box (self, 0), b2 = _imh_classic_pair_card_box (self, 1);

              draw_card_back (cr, pal, b1, u);
              draw_card_back (cr, pal, b2, u);
            }
          else
            empty_cell (cr, pal, slot, u, NULL);
          continue;
        }
      if (c->display[i] != IMH_CLASSIC_NONE)
        draw_card (cr, pal, c->display[i], slot, 1, u);
      else
        empty_cell (cr, pal, slot, u, NULL);
    }
}

/* A pyramid B bonus: a market card, three stones, a stone onto a ship. */
static void
bonus_icon (cairo_t   *cr,
            const Pal *pal,
            int        bonus,
            Box        b,
            double     u)
{
  double s = MIN (b.w, b.h);
  double x = b.x + (b.w - s) / 2, y = b.y + (b.h - s) / 2;

  imh_art_set (cr, &pal->faint);
  cairo_set_line_width (cr, MAX (1.0, s * 0.1));
  switch (bonus)
    {
    case IMH_CLASSIC_BONUS_CARD:
      {
        /* A market card's back, as the face-down pair's. */
        Box card = { x + s * 0.2, y, s * 0.6, s };

        imh_art_fill_box (cr, card, s * 0.1, &card_back, 1.0);
        imh_art_stroke_box (cr, card, 0, s * 0.1, MAX (1.0, 0.02 * u), &pal->base.wood_dark);
      }
      break;
    case IMH_CLASSIC_BONUS_STONES:
      for (int i = 0; i < 3; i++)
        cairo_rectangle (cr, x + i * s * 0.36, y + s * 0.35, s * 0.28, s * 0.3);
      cairo_fill (cr);
      break;
    default:
      cairo_move_to (cr, x, y + s * 0.4);
      cairo_line_to (cr, x + s, y + s * 0.4);
      cairo_line_to (cr, x + s * 0.8, y + s * 0.9);
      cairo_line_to (cr, x + s * 0.2, y + s * 0.9);
      cairo_close_path (cr);
      cairo_fill (cr);
      break;
    }
}

static void
draw_pyramid (ImhClassicBoard *self,
              cairo_t         *cr,
              const Pal       *pal)
{
  const ImhClassic *c = _imh_classic_board_game (self);
  double u = self->u;
  Box content = _imh_classic_site_content (self, IMH_CLASSIC_SITE_PYRAMID);
  char buf[16];

  if (!((c->sides >> IMH_CLASSIC_SITE_PYRAMID) & 1))
    {
      /* A: levels of 3 × 3, 2 × 2 and 1 side by side, each filled column
       * by column from the top left (the engine's order, as printed);
       * the overflow counted below. */
      static const int dims[3] = { 3, 2, 1 };
      double cell = MIN (content.w / 6.6, (content.h - 0.45 * u) / 3.1);
      double x = content.x + (content.w - 6.6 * cell) / 2;
      int index = 0;
      int filled = c->pyramid_n[0];

      for (int level = 0; level < 3; level++)
        {
          int d = dims[level];
          double y0 = content.y + (3 - d) * cell * 0.5;

          for (int k = 0; k < d * d; k++, index++)
            {
              Box b = { x + (k / d) * cell * 1.05, y0 + (k % d) * cell * 1.05, cell, cell };

              if (index < filled && c->pyramid[index] != 0)
                {
                  imh_art_fill_box (cr, b, 0.05 * u, &pal->cell, 1.0);
                  meeple_in (cr, c->pyramid[index] - 1, b, FALSE);
                }
              else
                {
                  g_snprintf (buf, sizeof buf, "%d", imh_classic_pyramid_a_value[index]);
                  empty_cell (cr, pal, b, u, buf);
                }
            }
          x += (d * 1.05 + 0.25) * cell;
        }
      /* The overflow: stones beyond the 14 spaces, per player. */
      {
        Box row = { content.x, content.y + content.h - 0.42 * u, content.w, 0.4 * u };
        int extra[IMH_CLASSIC_MAX_PLAYERS], any = 0;
        double px = row.x;

        for (int p = 0; p < c->n_players; p++)
          {
            int on = 0;

            for (int i = 0; i < MIN (filled, 14); i++)
              on += c->pyramid[i] == p + 1;
            extra[p] = c->stones[IMH_CLASSIC_SITE_PYRAMID][p] - on;
            any += extra[p] > 0;
          }
        if (any)
          {
            text_fit (cr, _("Beside:"), (Box) { px, row.y, 1.2 * u, row.h }, text_size (u, 0.22), FALSE,
                      PANGO_ALIGN_LEFT, &pal->faint);
            px += 1.25 * u;
            for (int p = 0; p < c->n_players; p++)
              if (extra[p] > 0)
                {
                  meeple_in (cr, p, (Box) { px, row.y, 0.35 * u, row.h }, FALSE);
                  g_snprintf (buf, sizeof buf, "%d", extra[p]);
                  imh_art_text (cr, buf, px + 0.36 * u, row.y, 0.3 * u, row.h, text_size (u, 0.22), TRUE,
                                PANGO_ALIGN_LEFT, &pal->base.text);
                  px += 0.62 * u;
                }
          }
      }
      return;
    }

  /* B: three small pyramids of 2 + 2 + 1 spaces, their values and bonuses. */
  for (int k = 0; k < 3; k++)
    {
      Box pb = _imh_classic_pyramid_b_box (self, k);
      double cell = MIN (pb.w / 2.15, pb.h / 3.3);
      static const double gx[5] = { 0, 1.1, 0, 1.1, 0.55 };
      static const double gy[5] = { 2, 2, 1, 1, 0 };
      double x0 = pb.x + (pb.w - 2.1 * cell) / 2, y0 = pb.y + 0.05 * u;

      for (int i = 0; i < 5; i++)
        {
          Box b = { x0 + gx[i] * cell, y0 + gy[i] * cell * 1.05, cell, cell };

          if (i < c->pyramid_n[k])
            {
              imh_art_fill_box (cr, b, 0.05 * u, &pal->cell, 1.0);
              meeple_in (cr, c->pyramid[k * 5 + i] - 1, b, FALSE);
            }
          else
            {
              int bonus = imh_classic_pyramid_b_bonus[k][i];

              g_snprintf (buf, sizeof buf, "%d", imh_classic_pyramid_b_value[k][i]);
              empty_cell (cr, pal, b, u, bonus == IMH_CLASSIC_BONUS_NONE ? buf : NULL);
              if (bonus != IMH_CLASSIC_BONUS_NONE)
                {
                  /* The value above, the bonus's icon below. */
                  Box top = { b.x, b.y, b.w, b.h * 0.5 };
                  Box icon = inset ((Box) { b.x, b.y + b.h * 0.48, b.w, b.h * 0.48 }, b.h * 0.06);

                  imh_art_text (cr, buf, top.x, top.y, top.w, top.h, text_size (u, MIN (top.h / u * 0.8, 0.26)),
                                FALSE, PANGO_ALIGN_CENTER, &pal->faint);
                  bonus_icon (cr, pal, bonus, icon, u);
                }
            }
        }
      {
        static const char *const names[3] = {
          NC_("pyramid", "left"), NC_("pyramid", "middle"), NC_("pyramid", "right")
        };
        Box lb = { pb.x, pb.y + pb.h - 0.34 * u, pb.w, 0.32 * u };
        gboolean all_fit = TRUE;

        /* The three names or none (the pyramids' order tells them). */
        for (int j = 0; j < 3; j++)
          {
            const char *name = g_dpgettext2 (NULL, "pyramid", names[j]);

            all_fit = all_fit && imh_art_text_fits (cr, name, lb, imh_art_fit_size (cr, name, lb.w, 0.22 * u, FALSE),
                                                    FALSE);
          }
        if (all_fit)
          text_fit_min (cr, g_dpgettext2 (NULL, "pyramid", names[k]), lb, 0.22 * u, FALSE,
                        PANGO_ALIGN_CENTER, &pal->faint);
      }
    }
}

/* A temple B bonus where its words do not fit: "+1" over two stones for
 * the choice, "+2" for two points (as the pyramids' values), a card. */
static void
temple_bonus_icon (cairo_t   *cr,
                   const Pal *pal,
                   int        bonus,
                   Box        b,
                   double     u)
{
  Box top = { b.x, b.y, b.w, b.h * 0.5 };
  double bs = MIN (b.h * 0.38, b.w * 0.3);

  switch (bonus)
    {
    case IMH_CLASSIC_TEMPLE_CHOICE:
      imh_art_text (cr, "+1", top.x, top.y, top.w, top.h, IMH_CLASSIC_MIN_TEXT, TRUE, PANGO_ALIGN_CENTER,
                    &pal->base.text);
      for (int k = 0; k < 2; k++)
        imh_art_fill_box (cr, (Box) { b.x + b.w / 2 - bs - 0.03 * u + k * (bs + 0.06 * u),
                                      b.y + b.h * 0.55, bs, bs }, bs * 0.15, &stone_grey, 1.0);
      break;
    case IMH_CLASSIC_TEMPLE_POINTS2:
      imh_art_text (cr, "+2", top.x, top.y, top.w, top.h, IMH_CLASSIC_MIN_TEXT, TRUE, PANGO_ALIGN_CENTER,
                    &pal->base.text);
      break;
    default:
      {
        Box card = { b.x + b.w / 2 - b.h * 0.25, b.y + b.h * 0.05, b.h * 0.5, b.h * 0.7 };

        imh_art_fill_box (cr, card, card.w * 0.15, &card_back, 1.0);
        imh_art_stroke_box (cr, card, 0, card.w * 0.15, MAX (1.0, 0.02 * u), &pal->base.wood_dark);
      }
      break;
    }
}

static void
draw_temple (ImhClassicBoard *self,
             cairo_t         *cr,
             const Pal       *pal)
{
  const ImhClassic *c = _imh_classic_board_game (self);
  double u = self->u;
  Box content = _imh_classic_site_content (self, IMH_CLASSIC_SITE_TEMPLE);
  int w = imh_classic_temple_width (c);
  gboolean side_b = (c->sides >> IMH_CLASSIC_SITE_TEMPLE) & 1;
  double cell = MIN ((content.w - 0.1 * u * (w - 1)) / w, 0.9 * u);
  double x0 = content.x + (content.w - (w * cell + (w - 1) * 0.1 * u)) / 2;
  char buf[16];

  for (int i = 0; i < w; i++)
    {
      Box b = { x0 + i * (cell + 0.1 * u), content.y + 0.2 * u, cell, cell };
      int height = c->temple_n / w + (i < c->temple_n % w);

      if (c->temple_top[i] != 0)
        {
          /* The stack under the visible stone, as steps. */
          for (int k = MIN (height - 1, 4); k > 0; k--)
            {
              Box s = { b.x + k * 0.05 * u, b.y - k * 0.05 * u, b.w, b.h };
              imh_art_fill_box (cr, s, 0.05 * u, &stone_grey, 0.7);
            }
          imh_art_fill_box (cr, b, 0.05 * u, &pal->cell, 1.0);
          meeple_in (cr, c->temple_top[i] - 1, b, FALSE);
        }
      else
        empty_cell (cr, pal, b, u, NULL);
      /* The space whose bonus is being taken (temple B, round end). */
      if (c->sp > 0 && c->stack[c->sp - 1].type == IMH_CLASSIC_FR_TEMPLE_B && c->stack[c->sp - 1].a == i)
        imh_art_stroke_box (cr, b, 0.05 * u, 0.08 * u, MAX (2.0, 0.06 * u), &pal->base.text);
      if (height > 1)
        {
          g_snprintf (buf, sizeof buf, "%d", height);
          imh_art_text (cr, buf, b.x, b.y + b.h, b.w, 0.3 * u, text_size (u, 0.2), FALSE, PANGO_ALIGN_CENTER,
                        &pal->faint);
        }
      if (side_b)
        {
          int bonus = imh_classic_temple_b_bonus[i];
          const char *words;
          Box lb = { b.x - 0.05 * u, b.y + b.h + 0.3 * u, b.w + 0.1 * u, 0.72 * u };

          switch (bonus)
            {
            case IMH_CLASSIC_TEMPLE_CHOICE:
              /* Translators: temple B bonus under a space: one point or two
               * stones onto the sled (two short lines) */
              words = C_("temple bonus", "+1 point\nor 2 stones");
              break;
            case IMH_CLASSIC_TEMPLE_POINTS2:
              /* Translators: temple B bonus under a space (short) */
              words = C_("temple bonus", "+2 points");
              break;
            default:
              /* Translators: temple B bonus under a space: a market card (short) */
              words = C_("temple bonus", "a card");
              break;
            }
          if (!text_fit_min (cr, words, lb, 0.22 * u, FALSE, PANGO_ALIGN_CENTER, &pal->base.text))
            temple_bonus_icon (cr, pal, bonus, lb, u);
        }
    }
  {
    Box lb = { content.x, content.y + content.h - 0.34 * u, content.w, 0.32 * u };
    /* Translators: the number of stones placed in the temple */
    g_autofree char *count = g_strdup_printf (_("Stones: %d"), c->temple_n);

    text_fit (cr, count, lb, text_size (u, 0.24), FALSE, PANGO_ALIGN_CENTER, &pal->faint);
  }
}

static void
draw_burial (ImhClassicBoard *self,
             cairo_t         *cr,
             const Pal       *pal)
{
  const ImhClassic *c = _imh_classic_board_game (self);
  double u = self->u;
  Box content = _imh_classic_site_content (self, IMH_CLASSIC_SITE_BURIAL);
  int cols = MAX (6, (c->burial_n + 2) / 3 + 1);
  double cell = MIN (content.w / (cols * 1.06), (content.h - 0.1 * u) / 3.2);
  double x0 = content.x + (content.w - cols * cell * 1.06) / 2;

  for (int i = 0; i < cols * 3; i++)
    {
      Box b = { x0 + (i / 3) * cell * 1.06, content.y + (i % 3) * cell * 1.06, cell, cell };

      if (i < c->burial_n && c->burial[i] != 0)
        {
          imh_art_fill_box (cr, b, 0.04 * u, &pal->cell, 1.0);
          meeple_in (cr, c->burial[i] - 1, b, FALSE);
        }
      else
        empty_cell (cr, pal, b, u, NULL);
    }
}

static void
draw_obelisks (ImhClassicBoard *self,
               cairo_t         *cr,
               const Pal       *pal)
{
  const ImhClassic *c = _imh_classic_board_game (self);
  double u = self->u;
  Box content = _imh_classic_site_content (self, IMH_CLASSIC_SITE_OBELISK);
  gboolean side_b = (c->sides >> IMH_CLASSIC_SITE_OBELISK) & 1;
  double colw = content.w / c->n_players;
  char buf[64];

  for (int p = 0; p < c->n_players; p++)
    {
      int n = side_b ? c->obelisk_wait[p] : c->stones[IMH_CLASSIC_SITE_OBELISK][p];
      double bw = MIN (colw * 0.5, 0.6 * u);
      Box col = { content.x + p * colw, content.y, colw, content.h - (side_b ? 0.7 : 0.35) * u };
      double bh = MIN (0.2 * u, (col.h - 0.45 * u) / MAX (n, 1));
      ImhRgba fill, line;

      imh_art_player_color (p, &fill, &line);
      /* The tower (A) or the waiting stones (B), block on block. */
      for (int k = 0; k < n; k++)
        {
          Box b = { col.x + (colw - bw) / 2, col.y + col.h - 0.4 * u - (k + 1) * bh, bw, bh * 0.9 };
          imh_art_fill_box (cr, b, 0.02 * u, &fill, 1.0);
          imh_art_stroke_box (cr, b, 0, 0.02 * u, MAX (1.0, 0.015 * u), &line);
        }
      meeple_in (cr, p, (Box) { col.x + colw * 0.1, col.y + col.h - 0.38 * u, colw * 0.45, 0.36 * u },
                 FALSE);
      g_snprintf (buf, sizeof buf, "%d", n);
      imh_art_text (cr, buf, col.x + colw * 0.5, col.y + col.h - 0.38 * u, colw * 0.45, 0.36 * u,
                    text_size (u, 0.22), TRUE, PANGO_ALIGN_LEFT, &pal->base.text);
    }
  if (side_b)
    {
      Box lb = { content.x, content.y + content.h - 0.66 * u, content.w, 0.3 * u };
      g_autofree char *towers = NULL;

      /* Translators: obelisks side B: towers built so far and the points of the next */
      towers = g_strdup_printf (_("Towers: %d · next %d"), c->towers_n,
                                c->towers_n < 8 ? imh_classic_obelisk_b_tower[c->towers_n] : 1);
      text_fit (cr, towers, lb, text_size (u, 0.24), FALSE, PANGO_ALIGN_CENTER, &pal->faint);
    }
}

static void
draw_ship_hull (cairo_t   *cr,
                const Pal *pal,
                Box        b,
                double     u,
                gboolean   sailed)
{
  double nose = MIN (b.h * 0.5, 0.4 * u);

  /* The bow points right. */
  cairo_move_to (cr, b.x, b.y + b.h * 0.12);
  cairo_line_to (cr, b.x + b.w - nose, b.y + b.h * 0.12);
  cairo_line_to (cr, b.x + b.w, b.y + b.h * 0.5);
  cairo_line_to (cr, b.x + b.w - nose, b.y + b.h * 0.88);
  cairo_line_to (cr, b.x + b.h * 0.2, b.y + b.h * 0.88);
  cairo_close_path (cr);
  cairo_save (cr);
  imh_art_set (cr, &pal->base.wood);
  cairo_fill_preserve (cr);
  imh_art_set (cr, &pal->base.wood_dark);
  cairo_set_line_width (cr, MAX (1.0, 0.04 * u));
  cairo_stroke (cr);
  cairo_restore (cr);
  if (sailed)
    {
      ImhRgba veil = pal->base.water;
      veil.a = 0.45;
      imh_art_fill_box (cr, b, 0, &veil, 1.0);
    }
}

static void
draw_docks (ImhClassicBoard *self,
            cairo_t         *cr,
            const Pal       *pal,
            int              site)
{
  const ImhClassic *c = _imh_classic_board_game (self);
  double u = self->u;
  Box d = _imh_classic_dock_box (self, site);
  ImhRgba line = pal->base.field_line;
  double dash[] = { 0.08 * u, 0.06 * u };

  for (int s = 0; s < IMH_CLASSIC_N_SHIPS; s++)
    if (c->ship_site[s] == site)
      {
        g_autofree char *label = g_strdup_printf (_("Ship %d"), s + 1);
        char num[16];
        Box hull = { d.x + 0.1 * u, d.y + 0.05 * u, MIN (d.w - 0.2 * u, 2.4 * u), d.h - 0.1 * u };

        draw_ship_hull (cr, pal, hull, u, FALSE);
        if (!text_fit_min (cr, label, inset (hull, 0.04 * u), 0.24 * u, TRUE, PANGO_ALIGN_CENTER, &white))
          {
            g_snprintf (num, sizeof num, "%d", s + 1);
            text_fit (cr, num, inset (hull, 0.04 * u), IMH_CLASSIC_MIN_TEXT, TRUE, PANGO_ALIGN_CENTER,
                      &white);
          }
        return;
      }
  cairo_save (cr);
  cairo_set_dash (cr, dash, 2, 0);
  line.a = 0.5;
  imh_art_stroke_box (cr, d, -0.04 * u, 0.1 * u, MAX (1.0, 0.025 * u), &line);
  cairo_restore (cr);
}

static void
draw_sites (ImhClassicBoard *self,
            cairo_t         *cr,
            const Pal       *pal)
{
  const ImhClassic *c = _imh_classic_board_game (self);
  double u = self->u;

  for (int site = 0; site < IMH_CLASSIC_N_SITES; site++)
    {
      Box s = self->site[site];
      Box head = { s.x + 0.12 * u, s.y + 0.04 * u, s.w - 0.24 * u, (0.45 - 0.06) * u };
      gboolean side_b = (c->sides >> site) & 1;
      g_autofree char *title = NULL;

      imh_art_fill_box (cr, s, 0.16 * u, &pal->site, 1.0);
      imh_art_stroke_box (cr, s, 0, 0.16 * u, MAX (1.0, 0.03 * u), &pal->base.field_line);
      /* Translators: a site's title on the board and its side, e.g. "Temple · B" */
      title = g_strdup_printf (_("%s · %s"), imh_texts_site_name (imh_classic_site_ids[site]),
                               side_b ? "B" : "A");
      if (!text_fit_min (cr, title, head, 0.28 * u, TRUE, PANGO_ALIGN_LEFT, &pal->base.text))
        imh_art_text (cr, imh_texts_site_name (imh_classic_site_ids[site]), head.x, head.y, head.w, head.h,
                      IMH_CLASSIC_MIN_TEXT, TRUE, PANGO_ALIGN_LEFT, &pal->base.text);
      switch (site)
        {
        case IMH_CLASSIC_SITE_MARKET:
          draw_market (self, cr, pal);
          break;
        case IMH_CLASSIC_SITE_PYRAMID:
          draw_pyramid (self, cr, pal);
          break;
        case IMH_CLASSIC_SITE_TEMPLE:
          draw_temple (self, cr, pal);
          break;
        case IMH_CLASSIC_SITE_BURIAL:
          draw_burial (self, cr, pal);
          break;
        default:
          draw_obelisks (self, cr, pal);
          break;
        }
      draw_docks (self, cr, pal, site);
    }
}

/* ---- Harbour ------------------------------------------------------------------ */

static void
draw_info (ImhClassicBoard *self,
           cairo_t         *cr,
           const Pal       *pal)
{
  const ImhClassic *c = _imh_classic_board_game (self);
  double u = self->u;
  int round = MIN (c->round + 1, IMH_CLASSIC_N_ROUNDS);
  int left = MAX (0, IMH_CLASSIC_N_ROUNDS - round);
  int discards = 0;
  g_autofree char *text = NULL;
  g_autofree char *cards = NULL;

  for (int k = 0; k < IMH_CLASSIC_N_CARD_TYPES; k++)
    discards += c->discards[k];
  /* Translators: the harbour's line: the round, the round cards left, the
   * market's deck and discards */
  cards = g_strdup_printf (ngettext ("%d round card left", "%d round cards left", left), left);
  text = g_strdup_printf (_("Round %d of %d · %s · Deck %d · Discards %d"),
                          round, IMH_CLASSIC_N_ROUNDS, cards, c->deck_n, discards);
  /* The round card in play at the end of the line: its ships' capacities. */
  {
    Box line = self->info;
    Box card = { line.x + line.w - 1.5 * u, line.y + 0.04 * u, 1.5 * u, line.h - 0.08 * u };
    char caps[32];

    g_snprintf (caps, sizeof caps, "%d %d %d %d", c->ship_cap[0], c->ship_cap[1], c->ship_cap[2],
                c->ship_cap[3]);
    imh_art_fill_box (cr, card, 0.08 * u, &pal->cell, 1.0);
    imh_art_stroke_box (cr, card, 0, 0.08 * u, MAX (1.0, 0.025 * u), &pal->base.wood_dark);
    text_fit (cr, caps, inset (card, 0.05 * u), text_size (u, 0.28), TRUE, PANGO_ALIGN_CENTER,
              &pal->base.wood_dark);
    line.w -= card.w + 0.15 * u;
    /* Narrow: the line without the market's counts. */
    if (!text_fit_min (cr, text, line, text_size (u, 0.3), TRUE, PANGO_ALIGN_LEFT, &white))
      {
        g_free (text);
        /* Translators: the harbour's line where the whole one does not fit */
        text = g_strdup_printf (_("Round %d of %d"), round, IMH_CLASSIC_N_ROUNDS);
        text_fit (cr, text, line, text_size (u, 0.3), TRUE, PANGO_ALIGN_LEFT, &white);
      }
  }
}

static void
draw_ships (ImhClassicBoard *self,
            cairo_t         *cr,
            const Pal       *pal)
{
  const ImhClassic *c = _imh_classic_board_game (self);
  double u = self->u;
  const ImhBoardTarget *pending = _imh_board_get_pending_target (IMH_BOARD (self));
  int unloading = -1;

  if (c->sp > 0 && c->stack[c->sp - 1].type == IMH_CLASSIC_FR_UNLOAD)
    unloading = c->stack[c->sp - 1].a;

  for (int s = 0; s < IMH_CLASSIC_N_SHIPS; s++)
    {
      Box row = _imh_classic_ship_row (self, s);
      Box hull = _imh_classic_hull_box (self, s);
      Box sail = _imh_classic_sail_box (self, s);
      Box status = { sail.x + sail.w + 0.15 * u, row.y, row.x + row.w - (sail.x + sail.w + 0.15 * u), row.h };
      gboolean sailed = c->ship_site[s] != IMH_CLASSIC_NONE;
      int cap = c->ship_cap[s], min = cap - c->ship_slack[s];
      char buf[16];
      g_autofree char *state = NULL;

      if (cap == 0)
        continue;
      g_snprintf (buf, sizeof buf, "%d", s + 1);
      imh_art_text (cr, buf, row.x, row.y, 0.4 * u, row.h, 0.32 * u, TRUE, PANGO_ALIGN_CENTER, &white);
      draw_ship_hull (cr, pal, hull, u, sailed && s != unloading);
      for (int pos = 0; pos < cap; pos++)
        {
          Box b = _imh_classic_position_box (self, s, pos);

          if (c->ship[s][pos] != 0)
            {
              imh_art_fill_box (cr, b, 0.06 * u, &pal->cell, 0.9);
              meeple_in (cr, c->ship[s][pos] - 1, inset (b, 0.03 * u), FALSE);
            }
          else if (!sailed)
            {
              /* The positions needed to sail marked with a dot. */
              empty_cell (cr, pal, b, u, NULL);
              if (pos < min)
                {
                  imh_art_set (cr, &pal->base.wood_dark);
                  cairo_arc (cr, b.x + b.w / 2, b.y + b.h / 2, 0.06 * u, 0, 2 * G_PI);
                  cairo_fill (cr);
                }
            }
        }
      if (!sailed)
        {
          /* The sail: brighter when the ship may sail (a target). */
          ImhRgba cloth = white;
          gboolean picked = pending != NULL && pending->kind == CTARGET_SHIP && pending->index == s;

          cloth.a = picked ? 1.0 : 0.75;
          cairo_move_to (cr, sail.x + sail.w * 0.3, sail.y + sail.h * 0.1);
          cairo_line_to (cr, sail.x + sail.w * 0.85, sail.y + sail.h * 0.8);
          cairo_line_to (cr, sail.x + sail.w * 0.3, sail.y + sail.h * 0.8);
          cairo_close_path (cr);
          imh_art_set (cr, &cloth);
          cairo_fill (cr);
          imh_art_set (cr, &pal->base.wood_dark);
          cairo_set_line_width (cr, MAX (1.0, 0.04 * u));
          cairo_move_to (cr, sail.x + sail.w * 0.25, sail.y + sail.h * 0.05);
          cairo_line_to (cr, sail.x + sail.w * 0.25, sail.y + sail.h * 0.9);
          cairo_stroke (cr);
          /* Translators: a ship's stones needed before it may sail */
          state = g_strdup_printf (_("sails with %d"), min);
        }
      else
        /* Translators: where a ship sailed, e.g. "→ Temple" */
        state = g_strdup_printf (_("→ %s"), imh_texts_site_name (imh_classic_site_ids[c->ship_site[s]]));
      if (s != unloading)
        text_fit_min (cr, state, sailed ? (Box) { sail.x, row.y, row.x + row.w - sail.x, row.h } : status,
                      text_size (u, 0.28), FALSE, PANGO_ALIGN_LEFT, &white);
    }
}

static void
draw_harbour (ImhClassicBoard *self,
              cairo_t         *cr,
              const Pal       *pal)
{
  imh_art_fill_box (cr, self->harbour, 0.2 * self->u, &pal->base.water, 1.0);
  draw_info (self, cr, pal);
  draw_ships (self, cr, pal);
}

/* ---- Players ------------------------------------------------------------------ */

static void
draw_panel (ImhClassicBoard *self,
            cairo_t         *cr,
            const Pal       *pal,
            int              p)
{
  const ImhClassic *c = _imh_classic_board_game (self);
  double u = self->u;
  Box panel = self->panel[p];
  Box head = _imh_classic_panel_header (self, p);
  Box sled = _imh_classic_sled_box (self, p);
  int actor = _imh_classic_board_actor (self);
  gboolean decides = actor == p;
  gboolean turn = c->phase != IMH_CLASSIC_PHASE_OVER && c->turn_player == p;
  const char *name = _imh_board_get_player_name (IMH_BOARD (self), p);
  char buf[32];
  double x;

  imh_art_fill_box (cr, panel, 0.16 * u, decides ? &pal->base.panel_active : &pal->base.panel, 1.0);
  if (decides)
    imh_art_stroke_box (cr, panel, 0, 0.16 * u, MAX (2.0, 0.05 * u), &pal->base.text);

  /* Header: the meeple, the name, the badge, the points. */
  meeple_in (cr, p, (Box) { head.x, head.y, 0.45 * u, head.h }, FALSE);
  if (name == NULL || *name == '\0')
    name = imh_texts_player_colour (p);
  g_snprintf (buf, sizeof buf, "%d", points_of (c, p));
  {
    Box pts = { head.x + head.w - 1.0 * u, head.y, 1.0 * u, head.h };
    Box nb = { head.x + 0.5 * u, head.y, head.w - 0.5 * u - 1.0 * u, head.h };
    const char *badge = NULL;

    /* Translators: points so far in a player's panel (short) */
    g_autofree char *points = g_strdup_printf (C_("points", "%s pt"), buf);

    if (!text_fit_min (cr, points, pts, 0.3 * u, TRUE, PANGO_ALIGN_RIGHT, &pal->base.text))
      text_fit (cr, buf, pts, text_size (u, 0.3), TRUE, PANGO_ALIGN_RIGHT, &pal->base.text);
    if (decides && !turn)
      badge = _("decides");
    else if (turn)
      badge = _("turn");
    if (badge != NULL)
      {
        double bw = MIN (1.3 * u, nb.w * 0.45);
        Box bb = { nb.x + nb.w - bw, nb.y + 0.06 * u, bw - 0.05 * u, nb.h - 0.12 * u };
        double bs = imh_art_fit_size (cr, badge, inset (bb, 0.04 * u).w, text_size (u, 0.22), TRUE);

        /* A pill the header's height where the word needs it; none where
         * it does not fit even so (the panel's frame shows who decides). */
        if (!imh_art_text_fits (cr, badge, inset (bb, 0.04 * u), bs, TRUE))
          bb = (Box) { bb.x, nb.y, bb.w, nb.h };
        if (imh_art_text_fits (cr, badge, inset (bb, 0.04 * u), bs, TRUE))
          {
            imh_art_fill_box (cr, bb, bb.h / 2, &pal->base.text, 0.85);
            imh_art_text (cr, badge, inset (bb, 0.04 * u).x, inset (bb, 0.04 * u).y, inset (bb, 0.04 * u).w,
                          inset (bb, 0.04 * u).h, bs, TRUE, PANGO_ALIGN_CENTER, &pal->base.panel);
            nb.w -= bw;
          }
      }
    imh_art_text (cr, name, nb.x, nb.y, nb.w, nb.h, text_size (u, 0.28), decides, PANGO_ALIGN_LEFT,
                  &pal->base.text);
  }

  /* The sled: five spaces; then the quarry. */
  {
    double slot = MIN (sled.h, (sled.w * 0.62) / IMH_CLASSIC_SLED_MAX);
    g_autofree char *quarry = NULL;

    for (int i = 0; i < IMH_CLASSIC_SLED_MAX; i++)
      {
        Box b = { sled.x + i * slot, sled.y + (sled.h - slot) / 2, slot * 0.94, slot * 0.94 };

        if (i < c->sled[p])
          meeple_in (cr, p, b, FALSE);
        else
          empty_cell (cr, pal, inset (b, 0.04 * u), u, NULL);
      }
    x = sled.x + IMH_CLASSIC_SLED_MAX * slot + 0.1 * u;
    /* Translators: the stones left in a player's quarry (short) */
    quarry = g_strdup_printf (_("Quarry %d"), c->quarry[p]);
    if (!text_fit_min (cr, quarry, (Box) { x, sled.y, sled.x + sled.w - x, sled.h }, 0.24 * u, FALSE,
                       PANGO_ALIGN_LEFT, &pal->faint))
      {
        /* Too narrow for the word: a stone block and the number. */
        double bs = MIN (sled.h * 0.5, 0.3 * u);
        Box block = { x, sled.y + (sled.h - bs) / 2, bs, bs };

        imh_art_fill_box (cr, block, bs * 0.15, &stone_grey, 1.0);
        g_snprintf (buf, sizeof buf, "%d", c->quarry[p]);
        text_fit (cr, buf, (Box) { x + bs + 0.05 * u, sled.y, sled.x + sled.w - x - bs - 0.05 * u, sled.h },
                  IMH_CLASSIC_MIN_TEXT, FALSE, PANGO_ALIGN_LEFT, &pal->faint);
      }
  }

  /* The cards held. */
  for (int k = 0; k < IMH_CLASSIC_N_CARD_TYPES; k++)
    if (c->held[p][k] > 0)
      draw_card (cr, pal, k, _imh_classic_held_box (self, p, k), c->held[p][k], u);
}

/* ---- Sail preview ------------------------------------------------------------- */

/* While a ship is picked and a site hovered or focused: the points each player would
 * score at once and the stones delivered (the engine applies the sail to a
 * copy; choices the sail leads to are not made). */
static void
draw_preview (ImhClassicBoard *self,
              cairo_t         *cr,
              const Pal       *pal,
              const ImhBoardTarget *hover)
{
  const ImhState *state = _imh_board_get_state (IMH_BOARD (self));
  const ImhClassic *c = &state->u.classic;
  double u = self->u;
  int ship = (hover->decisions[0] - IMH_CLASSIC_D_SAIL) / 5;
  int site = hover->index;
  ImhState after;
  GString *text = g_string_new (NULL);
  Box s = self->site[site];
  Box b;
  int stones[IMH_CLASSIC_MAX_PLAYERS] = { 0 };
  ImhRgba back = pal->base.text;

  imh_state_copy (&after, state);
  imh_apply (&after, hover->decisions[0]);
  for (int pos = 0; pos < c->ship_cap[ship]; pos++)
    if (c->ship[ship][pos] != 0)
      stones[c->ship[ship][pos] - 1]++;
  for (int p = 0; p < c->n_players; p++)
    {
      int gain = points_of (&after.u.classic, p) - points_of (c, p);
      const char *who = _imh_board_get_player_name (IMH_BOARD (self), p);

      if (stones[p] == 0 && gain == 0)
        continue;
      if (who == NULL || *who == '\0')
        who = imh_texts_player_colour (p);
      if (text->len > 0)
        g_string_append (text, "\n");
      if (site == IMH_CLASSIC_SITE_MARKET)
        /* Translators: sail preview at the market: a player's stones become card choices */
        g_string_append_printf (text, ngettext ("%s: %d card", "%s: %d cards", stones[p]), who, stones[p]);
      else
        /* Translators: sail preview: a player's stones delivered to the site */
        g_string_append_printf (text, ngettext ("%s: %d stone", "%s: %d stones", stones[p]), who, stones[p]);
      if (gain != 0)
        {
          g_string_append (text, " · ");
          /* Translators: sail preview: the points a player scores at once (signed, "+3") */
          g_string_append_printf (text, ngettext ("%+d point", "%+d points", ABS (gain)), gain);
        }
    }
  if (text->len == 0)
    g_string_append (text, _("Nothing to deliver"));
  if (site == IMH_CLASSIC_SITE_MARKET)
    g_string_append_printf (text, "\n%s", _("depends on the cards chosen"));
  else if (site == IMH_CLASSIC_SITE_TEMPLE)
    g_string_append_printf (text, "\n%s", _("scored at the round’s end"));
  else if (site == IMH_CLASSIC_SITE_BURIAL
           || (site == IMH_CLASSIC_SITE_OBELISK && !((c->sides >> site) & 1)))
    g_string_append_printf (text, "\n%s", _("scored at the game’s end"));

  b = (Box) { s.x + 0.15 * u, s.y + SITE_PREVIEW_TOP * u, s.w - 0.3 * u, s.h - (SITE_PREVIEW_TOP + 0.6) * u };
  back.a = 0.88;
  imh_art_fill_box (cr, b, 0.12 * u, &back, 1.0);
  {
    double lines = 1;

    for (const char *q = text->str; *q; q++)
      lines += *q == '\n';
    text_fit (cr, text->str, inset (b, 0.1 * u), MAX (IMH_CLASSIC_MIN_TEXT, MIN (0.26 * u, (b.h - 0.2 * u) / lines / 1.4)),
              TRUE, PANGO_ALIGN_LEFT, &pal->base.panel);
  }
  g_string_free (text, TRUE);
}

/* ---- The vfuncs ------------------------------------------------------------------ */

static void
pal_init (Pal              *pal,
          const ImhPalette *palette)
{
  imh_table_palette_init (&pal->base, palette->dark, &palette->text, &palette->accent);
  if (palette->dark)
    {
      pal->site = (ImhRgba) RGB (0x5a, 0x4d, 0x36);
      pal->cell = (ImhRgba) RGB (0x7a, 0x69, 0x4a);
    }
  else
    {
      pal->site = (ImhRgba) RGB (0xee, 0xdd, 0xb4);
      pal->cell = (ImhRgba) RGB (0xf8, 0xef, 0xd8);
    }
  pal->faint = palette->text;
  pal->faint.a *= 0.7;
}

void
_imh_classic_board_draw_target (ImhBoard             *board,
                                cairo_t              *cr,
                                const ImhPalette     *palette,
                                const ImhBoardTarget *t,
                                gboolean              hovered)
{
  ImhClassicBoard *self = IMH_CLASSIC_BOARD (board);
  double u = self->u;
  Box b = IMH_BOARD_GET_CLASS (board)->target_box (board, t);
  int actor = _imh_classic_board_actor (self);
  Pal pal;

  pal_init (&pal, palette);
  switch ((ImhClassicTargetKind) t->kind)
    {
    case CTARGET_PASS:
    case CTARGET_TEMPLE:
    case CTARGET_UNLOAD:
      {
        /* Buttons: filled in the accent, the label or the colour's meeple. */
        imh_art_fill_box (cr, b, 0.12 * u, &pal.base.panel, 1.0);
        imh_art_fill_box (cr, b, 0.12 * u, &palette->accent, hovered ? 1.0 : 0.85);
        if (t->kind == CTARGET_UNLOAD)
          meeple_in (cr, t->index, inset (b, 0.06 * u), FALSE);
        else
          {
            const char *label = t->kind == CTARGET_PASS ? _("Pass")
                                : t->index == 0 ? _("1 point") : _("2 stones");
            text_fit (cr, label, inset (b, 0.06 * u), text_size (u, 0.26), TRUE, PANGO_ALIGN_CENTER, &white);
          }
        if (hovered)
          imh_art_stroke_box (cr, b, 0.03 * u, 0.12 * u, MAX (2.0, 0.06 * u), &palette->text);
        return;
      }
    case CTARGET_PLACE:
      imh_art_fill_box (cr, b, 0.06 * u, &palette->accent, hovered ? 0.35 : 0.15);
      if (hovered && actor >= 0)
        meeple_in (cr, actor, inset (b, 0.03 * u), TRUE);
      break;
    case CTARGET_SITE:
      imh_art_fill_box (cr, b, 0.16 * u, &palette->accent, hovered ? 0.2 : 0.08);
      /* The preview under the pointer, and under the focus ring for the
       * keyboard. */
      if (hovered || _imh_board_get_focus_target (board) == t)
        draw_preview (self, cr, &pal, t);
      break;
    default:
      break;
    }
  imh_art_stroke_box (cr, b, 0.03 * u, 0.12 * u, MAX (2.0, (hovered ? 0.08 : 0.05) * u), &palette->accent);
}

void
_imh_classic_board_draw_animation (ImhBoard         *board,
                                   cairo_t          *cr,
                                   const ImhPalette *palette,
                                   double            t)
{
  ImhClassicBoard *self = IMH_CLASSIC_BOARD (board);
  double e = 1 - (1 - t) * (1 - t);   /* ease out */
  Pal pal;

  pal_init (&pal, palette);
  for (int i = 0; i < self->n_flights; i++)
    {
      const ImhClassicFlight *f = &self->flights[i];
      double fs = MIN (f->from.w, f->from.h), ts = MIN (MIN (f->to.w, f->to.h), 0.7 * self->u);
      double size = fs + (ts - fs) * e;
      double cx = f->from.x + f->from.w / 2 + (f->to.x + f->to.w / 2 - f->from.x - f->from.w / 2) * e;
      double cy = f->from.y + f->from.h / 2 + (f->to.y + f->to.h / 2 - f->from.y - f->from.h / 2) * e;
      Box b = { cx - size / 2, cy - size / 2, size, size };

      cairo_push_group (cr);
      if (f->kind == FLIGHT_STONE)
        meeple_in (cr, f->code, b, FALSE);
      else
        draw_card (cr, &pal, f->code, (Box) { b.x + size * 0.15, b.y, size * 0.7, size }, 1, self->u);
      cairo_pop_group_to_source (cr);
      cairo_paint_with_alpha (cr, 1.0 - 0.4 * e);
    }
}

void
_imh_classic_board_draw (ImhBoard         *board,
                         cairo_t          *cr,
                         const ImhPalette *palette)
{
  ImhClassicBoard *self = IMH_CLASSIC_BOARD (board);
  const ImhClassic *c = _imh_classic_board_game (self);
  Pal pal;

  pal_init (&pal, palette);
  draw_sites (self, cr, &pal);
  draw_harbour (self, cr, &pal);
  for (int p = 0; p < c->n_players; p++)
    draw_panel (self, cr, &pal, p);
}
