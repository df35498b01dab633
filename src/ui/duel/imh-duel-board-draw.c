/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-duel-board-draw.c — the Duel board's drawing: harbour, boats, pile, players' locations. */
#define G_LOG_DOMAIN "imh-duel-board"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "imh-duel-board-private.h"
#include "imh-texts.h"

static void
stroke_box (cairo_t       *cr,
            Box            b,
            double         grow,
            double         radius,
            double         width,
            const ImhRgba *c)
{
  imh_art_stroke_box (cr, b, grow, radius, width, c);
}

static void
fill_box (cairo_t       *cr,
          Box            b,
          double         radius,
          const ImhRgba *c,
          double         alpha)
{
  imh_art_fill_box (cr, b, radius, c, alpha);
}

/* Who gets which slot when the boat is unloaded now (D2): -1 nobody. */
static void
unload_preview (ImhDuelBoard *self,
                int           boat,
                int           receiver[3])
{
  const ImhDuel *d = _imh_duel_board_duel (self);
  int fields[3];
  int met = 0;

  receiver[0] = receiver[1] = receiver[2] = -1;
  imh_duel_line_fields (boat, fields);
  for (int i = 0; i < 3; i++)
    for (int p = 0; p < 2; p++)
      if (d->meeples[p] & (1u << fields[i]))
        {
          receiver[2 - met] = p;
          met++;
        }
}

static void
draw_harbour (ImhDuelBoard         *self,
              cairo_t              *cr,
              const ImhTablePalette *pal)
{
  const ImhDuel *d = _imh_duel_board_duel (self);
  double u = self->u;
  Box water = _imh_duel_box_u (self, 0, 0, HARBOUR, HARBOUR);
  int preview_boat = -1;
  int receiver[3];
  const ImhBoardTarget *hover = _imh_board_get_hover_target (IMH_BOARD (self));
  const ImhBoardTarget *pending = _imh_board_get_pending_target (IMH_BOARD (self));

  if (hover != NULL && hover->kind == TARGET_BOAT)
    preview_boat = hover->index;

  fill_box (cr, water, 0.25 * u, &pal->water, 1.0);
  /* Ripples. */
  cairo_save (cr);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.12);
  cairo_set_line_width (cr, MAX (1.0, 0.03 * u));
  for (int i = 0; i < 6; i++)
    {
      double y = water.y + water.h * (0.62 + i * 0.06);
      double x = water.x + water.w * (0.58 + (i % 2) * 0.08);
      cairo_move_to (cr, x, y);
      cairo_curve_to (cr, x + 0.2 * u, y - 0.08 * u, x + 0.4 * u, y + 0.08 * u, x + 0.6 * u, y);
    }
  cairo_stroke (cr);
  cairo_restore (cr);

  /* The harbour: 3 × 3 fields of sand. */
  {
    Box h = _imh_duel_box_u (self, WATER_PAD, WATER_PAD, 3, 3);
    fill_box (cr, h, 0.08 * u, &pal->field, 1.0);
    imh_art_set (cr, &pal->field_line);
    cairo_set_line_width (cr, MAX (1.0, 0.03 * u));
    for (int i = 1; i < 3; i++)
      {
        cairo_move_to (cr, h.x + i * u, h.y);
        cairo_line_to (cr, h.x + i * u, h.y + h.h);
        cairo_move_to (cr, h.x, h.y + i * u);
        cairo_line_to (cr, h.x + h.w, h.y + i * u);
      }
    cairo_stroke (cr);
    stroke_box (cr, h, 0, 0.08 * u, MAX (1.0, 0.04 * u), &pal->field_line);
  }

  /* Fields: the line of the previewed boat, meeples. */
  if (preview_boat >= 0)
    {
      int fields[3];
      imh_duel_line_fields (preview_boat, fields);
      for (int i = 0; i < 3; i++)
        fill_box (cr, _imh_duel_field_box (self, fields[i]), 0.05 * u, &pal->accent, 0.18);
    }
  for (int f = 0; f < IMH_DUEL_N_FIELDS; f++)
    {
      Box b = _imh_duel_field_box (self, f);
      for (int p = 0; p < 2; p++)
        if (d->meeples[p] & (1u << f))
          imh_art_meeple (cr, p, b.x + 0.15 * u, b.y + 0.1 * u, 0.7 * u, 0.8 * u, FALSE);
    }

  /* Boats and their tiles. */
  for (int boat = 0; boat < IMH_DUEL_N_BOATS; boat++)
    {
      gboolean alive = (d->boats_alive >> boat) & 1;
      Box b = _imh_duel_boat_box (self, boat);

      imh_art_boat (cr, pal, b.x, b.y, b.w, b.h, boat >= 3, alive);
      if (!alive)
        continue;
      if (preview_boat == boat)
        unload_preview (self, boat, receiver);
      for (int s = 0; s < IMH_DUEL_N_SLOTS; s++)
        {
          Box sb = _imh_duel_slot_box (self, boat, s);
          guint code = d->boat[boat][s];
          if (code != 0)
            imh_art_tile (cr, code, sb.x, sb.y, sb.w);
          else
            {
              cairo_save (cr);
              imh_art_rounded_rect (cr, sb.x, sb.y, sb.w, sb.h, 0.1 * u);
              cairo_set_source_rgba (cr, 0, 0, 0, 0.2);
              cairo_fill (cr);
              cairo_restore (cr);
            }
          if (preview_boat == boat)
            {
              if (receiver[s] >= 0)
                {
                  /* The receiver's meeple on the tile it would take. */
                  cairo_save (cr);
                  imh_art_rounded_rect (cr, sb.x, sb.y, sb.w, sb.h, 0.1 * u);
                  cairo_set_source_rgba (cr, 1, 1, 1, 0.35);
                  cairo_fill (cr);
                  cairo_restore (cr);
                  imh_art_meeple (cr, receiver[s], sb.x + sb.w * 0.5, sb.y + sb.h * 0.35,
                                  sb.w * 0.5, sb.h * 0.65, FALSE);
                }
              else if (code != 0)
                {
                  /* Removed from the game: crossed out. */
                  cairo_save (cr);
                  imh_art_rounded_rect (cr, sb.x, sb.y, sb.w, sb.h, 0.1 * u);
                  cairo_set_source_rgba (cr, 0, 0, 0, 0.45);
                  cairo_fill (cr);
                  cairo_set_source_rgba (cr, 1, 1, 1, 0.85);
                  cairo_set_line_width (cr, MAX (1.5, 0.06 * u));
                  cairo_move_to (cr, sb.x + sb.w * 0.25, sb.y + sb.h * 0.25);
                  cairo_line_to (cr, sb.x + sb.w * 0.75, sb.y + sb.h * 0.75);
                  cairo_move_to (cr, sb.x + sb.w * 0.75, sb.y + sb.h * 0.25);
                  cairo_line_to (cr, sb.x + sb.w * 0.25, sb.y + sb.h * 0.75);
                  cairo_stroke (cr);
                  cairo_restore (cr);
                }
            }
          if (pending != NULL && pending->kind == TARGET_SWAP_SLOT && pending->index == boat * 3 + s)
            stroke_box (cr, sb, 0.05 * u, 0.12 * u, MAX (2.0, 0.08 * u), &pal->accent);
        }
    }
}

/* "Everything revealed": the whole pile as a strip of small tile faces in
 * draw order, three at a time (one boat's refill: see docs/rules.md,
 * 'D3 Refill') on a dark backing, as many groups a line as give the
 * largest faces; below it the reserve, top first. In a box too small for
 * readable faces: the first lines and "+N more". */
#define REVEAL_MIN_TILE 11.0   /* px: smaller faces are not drawn */

static void
draw_revealed (cairo_t       *cr,
               const ImhDuel *d,
               Box            area,
               double         u,
               const ImhRgba *color)
{
  double label_h = 0.3 * u;
  double gap = 0.03 * u, group_gap = 0.14 * u, line_gap = 0.05 * u;
  double reserve_h = MIN (0.38 * u, area.h * 0.2);
  double grid_y = area.y + label_h + 0.03 * u;
  double grid_h = area.y + area.h - reserve_h - 0.06 * u - grid_y;
  int groups = (d->pile_n + 2) / 3;
  int per_line = 1, lines, shown_lines;
  double ts = 0;
  char buf[64];

  g_snprintf (buf, sizeof buf, _("Next draws: %d"), d->pile_n);
  imh_art_text (cr, buf, area.x, area.y, area.w, label_h,
                imh_art_fit_size (cr, buf, area.w, 0.26 * u, TRUE), TRUE, PANGO_ALIGN_LEFT, color);

  /* The groups a line that give the largest faces. */
  for (int g = 1; g <= 4 && groups > 0; g++)
    {
      int l = (groups + g - 1) / g;
      double tw = (area.w - g * 2 * gap - (g - 1) * group_gap - 2 * g * gap) / (3 * g);
      double th = (grid_h - (l - 1) * line_gap) / l - 2 * gap;
      double t = MIN (tw, th);
      if (t > ts)
        {
          ts = t;
          per_line = g;
        }
    }
  lines = groups > 0 ? (groups + per_line - 1) / per_line : 0;
  shown_lines = lines;
  if (groups > 0 && ts < REVEAL_MIN_TILE)
    {
      /* Readable faces, as many lines as fit, the last one for "+N more". */
      per_line = 1;
      for (int g = 4; g >= 1; g--)
        {
          double tw = (area.w - g * 2 * gap - (g - 1) * group_gap - 2 * g * gap) / (3 * g);
          if (tw >= REVEAL_MIN_TILE)
            {
              per_line = g;
              ts = tw;
              break;
            }
        }
      ts = MIN (MAX (ts, REVEAL_MIN_TILE), 0.5 * u + REVEAL_MIN_TILE);
      lines = (groups + per_line - 1) / per_line;
      shown_lines = MAX (0, (int) floor ((grid_h + line_gap) / (ts + 2 * gap + line_gap)));
      if (shown_lines < lines)
        shown_lines = MAX (shown_lines - 1, 0);
      else
        shown_lines = lines;
    }
  ts = MIN (ts, 0.62 * u);

  {
    double group_w = 3 * ts + 4 * gap;
    double line_h = ts + 2 * gap;
    int drawn = 0;

    for (int gi = 0; gi < MIN (groups, shown_lines * per_line); gi++)
      {
        double gx = area.x + (gi % per_line) * (group_w + group_gap);
        double gy = grid_y + (gi / per_line) * (line_h + line_gap);
        int in_group = MIN (3, d->pile_n - gi * 3);

        cairo_save (cr);
        imh_art_rounded_rect (cr, gx, gy, gap + in_group * (ts + gap), line_h, 0.08 * u);
        cairo_set_source_rgba (cr, 0, 0, 0, 0.28);
        cairo_fill (cr);
        cairo_restore (cr);
        for (int k = 0; k < in_group; k++)
          {
            imh_art_tile (cr, d->pile[d->pile_n - 1 - (gi * 3 + k)], gx + gap + k * (ts + gap),
                          gy + gap, ts);
            drawn++;
          }
      }
    if (drawn < d->pile_n)
      {
        double my = grid_y + shown_lines * (line_h + line_gap);
        g_snprintf (buf, sizeof buf, _("+%d more"), d->pile_n - drawn);
        imh_art_text (cr, buf, area.x, my, area.w, MIN (line_h, 0.3 * u),
                      MIN (line_h, 0.3 * u) * 0.8, TRUE, PANGO_ALIGN_LEFT, color);
      }
  }

  /* The reserve, top first. */
  {
    double ry = area.y + area.h - reserve_h;
    double rs = reserve_h - 2 * gap;
    double tx;

    g_snprintf (buf, sizeof buf, _("Reserve: %d"), d->reserve_n);
    for (int i = 0; i < d->reserve_n; i++)
      imh_art_tile (cr, d->reserve[d->reserve_n - 1 - i], area.x + gap + i * (rs + gap), ry + gap, rs);
    if (d->reserve_n == 0)
      imh_art_tile_back (cr, area.x + gap, ry + gap, rs);
    tx = area.x + gap + MAX (d->reserve_n, 1) * (rs + gap) + 0.08 * u;
    imh_art_text (cr, buf, tx, ry, area.x + area.w - tx, reserve_h,
                  imh_art_fit_size (cr, buf, area.x + area.w - tx, 0.26 * u, TRUE), TRUE,
                  PANGO_ALIGN_LEFT, color);
  }
}

static void
draw_info (ImhDuelBoard         *self,
           cairo_t              *cr,
           const ImhTablePalette *pal)
{
  const ImhDuel *d = _imh_duel_board_duel (self);
  Box info = _imh_duel_info_box (self);
  double u = self->u;
  double ts = 0.5 * u;
  double row = 0.62 * u;
  int removed = 0;
  char buf[64];
  ImhRgba light = { 1, 1, 1, 0.95 };
  guint n_targets;
  const ImhBoardTarget *targets = _imh_board_get_targets (IMH_BOARD (self), &n_targets);
  const ImhBoardTarget *hover = _imh_board_get_hover_target (IMH_BOARD (self));
  double removed_y = info.y + 0.1 * u + 2 * row, removed_h = ts;

  for (int c = 0; c < IMH_DUEL_N_TILE_CODES; c++)
    removed += d->removed[c];

  if (imh_board_get_reveal_hidden (IMH_BOARD (self)))
    {
      /* Everything revealed: the pile in draw order and the reserve, down
       * to the "Removed" line (and above the buttons, if any). */
      Box area = { info.x + 0.1 * u, info.y + 0.05 * u, info.w - 0.2 * u, 0 };

      removed_y = info.y + info.h - 0.4 * u;
      for (guint i = 0; i < n_targets; i++)
        if (targets[i].kind == TARGET_BUTTON)
          removed_y = MIN (removed_y, _imh_duel_button_box (self, targets[i].index).y - 0.36 * u);
      area.h = removed_y - area.y;
      draw_revealed (cr, d, area, u, &light);
      removed_h = 0.34 * u;
    }
  else
    {
      imh_art_tile_back (cr, info.x + 0.1 * u, info.y + 0.1 * u, ts);
      g_snprintf (buf, sizeof buf, _("Pile: %d"), d->pile_n);
      imh_art_text (cr, buf, info.x + 0.75 * u, info.y + 0.1 * u, info.w - 0.8 * u, ts,
                    0.3 * u, TRUE, PANGO_ALIGN_LEFT, &light);
      imh_art_tile_back (cr, info.x + 0.1 * u, info.y + 0.1 * u + row, ts);
      g_snprintf (buf, sizeof buf, _("Reserve: %d"), d->reserve_n);
      imh_art_text (cr, buf, info.x + 0.75 * u, info.y + 0.1 * u + row, info.w - 0.8 * u, ts,
                    0.3 * u, TRUE, PANGO_ALIGN_LEFT, &light);
    }
  g_snprintf (buf, sizeof buf, _("Removed: %d"), removed);
  imh_art_text (cr, buf, info.x + 0.1 * u, removed_y, info.w - 0.2 * u, removed_h,
                0.26 * u, FALSE, PANGO_ALIGN_LEFT, &light);

  for (guint i = 0; i < n_targets; i++)
    {
      const ImhBoardTarget *t = &targets[i];
      Box b;

      if (t->kind != TARGET_BUTTON)
        continue;
      b = _imh_duel_button_box (self, t->index);
      fill_box (cr, b, b.h / 2, &pal->accent, hover == t ? 1.0 : 0.85);
      imh_art_text (cr, t->index == 0 ? C_("board button", "Stop here") : C_("board button", "Pass"),
                    b.x, b.y, b.w, b.h, 0.28 * u, TRUE, PANGO_ALIGN_CENTER, &light);
    }
}

static void
draw_count (cairo_t       *cr,
            ImhDuelBoard  *self,
            int            n,
            double         x,
            double         y,
            double         w,
            double         h,
            const ImhRgba *c)
{
  char buf[16];

  g_snprintf (buf, sizeof buf, "×%d", n);
  imh_art_text (cr, buf, x, y, w, h, MIN (h * 0.9, 0.3 * self->u), TRUE, PANGO_ALIGN_CENTER, c);
}

/* A count on a small tile: a dark pill at its lower right corner, as
 * large as its text needs (larger than the tile's share at a large text
 * size: the count is never left out). */
static void
draw_badge (cairo_t      *cr,
            int           n,
            double        x,
            double        y,
            double        s)
{
  char buf[16];
  double h = s * 0.42, w = s * 0.6, size = h * 0.75, tw, th;
  double right = x + s + w * 0.25, bottom = y + s + h * 0.3;
  ImhRgba white = { 1, 1, 1, 1 };

  g_snprintf (buf, sizeof buf, "×%d", n);
  size = MAX (size, imh_art_get_min_text (cr));
  imh_art_text_size (cr, buf, size, TRUE, &tw, &th);
  w = MAX (w, tw + th * 0.8);
  h = MAX (h, th * 1.5);
  imh_art_rounded_rect (cr, right - w, bottom - h, w, h, h / 2);
  cairo_set_source_rgba (cr, 0.15, 0.12, 0.08, 0.92);
  cairo_fill (cr);
  imh_art_text (cr, buf, right - w, bottom - h, w, h, size, TRUE, PANGO_ALIGN_CENTER, &white);
}

/* The crypt tiles a player holds as their numbers in lines ("2 7 8" /
 * "10"), at the text size of the floor, or a dash for none: the grid's
 * place when its numbers would not fit their cells. */
static void
draw_crypt_list (cairo_t               *cr,
                 const ImhTablePalette *pal,
                 guint                  held,
                 Box                    c)
{
  double size = imh_art_get_min_text (cr), line_h, tw;
  g_autoptr(GString) line = g_string_new (NULL);
  double y;

  imh_art_text_size (cr, "12", size, TRUE, NULL, &line_h);
  line_h *= 1.6;
  y = c.y + line_h * 0.2;
  if (held == 0)
    {
      imh_art_text (cr, "–", c.x, y, c.w, line_h, size, TRUE, PANGO_ALIGN_CENTER, &pal->text);
      return;
    }
  for (int n = 0; n < 12; n++)
    {
      g_autofree char *next = NULL;

      if (!((held >> n) & 1))
        continue;
      next = line->len > 0 ? g_strdup_printf ("%s %d", line->str, n + 1) : g_strdup_printf ("%d", n + 1);
      imh_art_text_size (cr, next, size, TRUE, &tw, NULL);
      if (line->len > 0 && tw > c.w)
        {
          imh_art_text (cr, line->str, c.x, y, c.w, line_h, size, TRUE, PANGO_ALIGN_CENTER, &pal->text);
          y += line_h;
          g_string_printf (line, "%d", n + 1);
        }
      else
        g_string_assign (line, next);
    }
  imh_art_text (cr, line->str, c.x, y, c.w, line_h, size, TRUE, PANGO_ALIGN_CENTER, &pal->text);
}

/* The obelisk as the rulebook builds it: a stack of tiles, one block each,
 * topped by its pyramidion; the side B thresholds (5, 10) as ticks. */
static void
draw_obelisk_stack (cairo_t              *cr,
                    const ImhTablePalette *pal,
                    int                   n,
                    gboolean              side_b,
                    double                x,
                    double                y,
                    double                w,
                    double                h)
{
  int slots = 12;
  double top = h * 0.14;
  double bh = (h - top) / slots;
  double cx = x + w / 2;
  ImhRgba faint = pal->text;

  faint.a = 0.25;
  cairo_save (cr);
  cairo_set_line_width (cr, 1.0);
  for (int i = 0; i < slots; i++)
    {
      /* Slightly tapered, bottom block widest. */
      double bw = w * (0.9 - 0.3 * i / slots);
      double by = y + h - (i + 1) * bh;

      cairo_rectangle (cr, cx - bw / 2, by + 0.5, bw, bh - 1);
      if (i < n)
        {
          cairo_set_source_rgb (cr, 0x6e / 255.0, 0x7d / 255.0, 0x8c / 255.0);
          cairo_fill_preserve (cr);
          cairo_set_source_rgb (cr, 0x45 / 255.0, 0x52 / 255.0, 0x5e / 255.0);
          cairo_stroke (cr);
        }
      else
        {
          imh_art_set (cr, &faint);
          cairo_stroke (cr);
        }
      if (side_b && (i == 4 || i == 9))
        {
          /* Tick after the 5th and 10th block. */
          imh_art_set (cr, &pal->text);
          cairo_move_to (cr, cx + w * 0.5, by);
          cairo_line_to (cr, cx + w * 0.62, by);
          cairo_stroke (cr);
        }
    }
  /* Pyramidion */
  {
    double bw = w * 0.6;
    double by = y + h - slots * bh;
    cairo_move_to (cr, cx - bw / 2, by);
    cairo_line_to (cr, cx, y);
    cairo_line_to (cr, cx + bw / 2, by);
    cairo_close_path (cr);
    if (n > 0)
      {
        cairo_set_source_rgb (cr, 0x45 / 255.0, 0x52 / 255.0, 0x5e / 255.0);
        cairo_fill (cr);
      }
    else
      {
        imh_art_set (cr, &faint);
        cairo_stroke (cr);
      }
  }
  cairo_restore (cr);
}

/* A pyramid as built from its tiles: a stepped pyramid of 3 + 2 + 1
 * blocks, filled bottom up; the empty places outlined. */
static void
draw_pyramid_build (cairo_t              *cr,
                    const ImhTablePalette *pal,
                    gboolean              dark,
                    int                   n,
                    double                x,
                    double                y,
                    double                w,
                    double                h)
{
  static const int row_of[6] = { 0, 0, 0, 1, 1, 2 };
  static const int col_of[6] = { 0, 1, 2, 0, 1, 0 };
  double bw = MIN (w / 3, h / 3 * 1.6);
  double bh = MIN (h / 3, bw * 0.8);
  double x0 = x + (w - 3 * bw) / 2;
  double y0 = y + h - bh;
  ImhRgba faint = pal->text;

  faint.a = 0.3;
  cairo_save (cr);
  cairo_set_line_width (cr, 1.0);
  for (int i = 0; i < 6; i++)
    {
      int row = row_of[i];
      double bx = x0 + row * bw / 2 + col_of[i] * bw;
      double by = y0 - row * bh;

      cairo_rectangle (cr, bx + 1, by + 1, bw - 2, bh - 2);
      if (i < n)
        {
          if (dark)
            cairo_set_source_rgb (cr, 0x6b / 255.0, 0x3d / 255.0, 0x1c / 255.0);
          else
            cairo_set_source_rgb (cr, 0xf0 / 255.0, 0xcc / 255.0, 0x6a / 255.0);
          cairo_fill_preserve (cr);
          cairo_set_source_rgb (cr, 0x3b / 255.0, 0x2a / 255.0, 0x14 / 255.0);
          cairo_stroke (cr);
          if (dark)
            {
              /* Dark pyramids: a hatched face, not only a darker colour. */
              cairo_save (cr);
              cairo_rectangle (cr, bx + 1, by + 1, bw - 2, bh - 2);
              cairo_clip (cr);
              cairo_set_source_rgba (cr, 1, 1, 1, 0.35);
              for (double t = -bh; t < bw; t += bh / 2.5)
                {
                  cairo_move_to (cr, bx + t, by + bh);
                  cairo_line_to (cr, bx + t + bh, by);
                }
              cairo_stroke (cr);
              cairo_restore (cr);
            }
        }
      else
        {
          imh_art_set (cr, &faint);
          cairo_stroke (cr);
        }
    }
  cairo_restore (cr);
}

static void
draw_panel (ImhDuelBoard         *self,
            cairo_t              *cr,
            const ImhTablePalette *pal,
            int                   player,
            const ImhScore       *score)
{
  const ImhDuel *d = _imh_duel_board_duel (self);
  Box p = self->panel[player];
  double u = self->u;
  gboolean to_move = _imh_duel_board_actor (self) == player;
  int on_harbour = __builtin_popcount (d->meeples[player]);
  static const char *const site_ids[4] = { "obelisk", "temple", "pyramids", "crypt" };
  /* Translators: short forms of the site names Obelisk, Temple, Pyramids
   * and Crypt, for a narrow board (about 6 letters at most) */
  static const char *const short_names[4] = {
    NC_("site, short", "Obel."), NC_("site, short", "Temple"),
    NC_("site, short", "Pyr."), NC_("site, short", "Crypt"),
  };
  ImhRgba faint = pal->text;
  char buf[64];

  faint.a = 0.55;
  fill_box (cr, p, 0.2 * u, to_move ? &pal->panel_active : &pal->panel, 1.0);
  if (to_move)
    stroke_box (cr, p, 0, 0.2 * u, MAX (2.0, 0.05 * u), &pal->accent);

  /* Header: meeple shape, name, meeples in supply, total. */
  imh_art_meeple (cr, player, p.x + 0.12 * u, p.y + 0.06 * u, 0.4 * u, 0.46 * u, FALSE);
  imh_art_text (cr, _imh_board_get_player_name (IMH_BOARD (self), player), p.x + 0.6 * u, p.y + 0.05 * u,
                p.w - 3.6 * u, 0.46 * u, 0.3 * u, TRUE, PANGO_ALIGN_LEFT, &pal->text);
  for (int i = 0; i < IMH_DUEL_N_MEEPLES; i++)
    imh_art_meeple (cr, player, p.x + p.w - 2.95 * u + i * 0.3 * u, p.y + 0.1 * u,
                    0.28 * u, 0.36 * u, i >= IMH_DUEL_N_MEEPLES - on_harbour);
  g_snprintf (buf, sizeof buf, ngettext ("%d point", "%d points", score->total[player]),
              score->total[player]);
  imh_art_text (cr, buf, p.x + p.w - 1.7 * u, p.y + 0.05 * u, 1.55 * u, 0.46 * u, 0.3 * u, TRUE,
                PANGO_ALIGN_RIGHT, &pal->text);

  for (int block = 0; block < 5; block++)
    {
      Box b = _imh_duel_panel_block (self, player, block);
      Box c = _imh_duel_block_content (self, b);
      const char *label;
      double ls = MIN (0.22 * u, b.h * 0.16);

      cairo_save (cr);
      imh_art_rounded_rect (cr, b.x, b.y, b.w, b.h, 0.1 * u);
      cairo_set_source_rgba (cr, pal->dark ? 1 : 0, pal->dark ? 1 : 0, pal->dark ? 1 : 0, 0.06);
      cairo_fill (cr);
      cairo_restore (cr);

      if (block < 4)
        {
          char side = ((d->sides >> block) & 1) ? 'B' : 'A';
          g_autofree char *full = NULL, *short_side = NULL;
          const char *texts[4];

          /* The name and side, shorter where the block is narrow. */
          label = imh_texts_site_name (site_ids[block]);
          full = g_strdup_printf ("%s · %c", label, side);
          short_side = g_strdup_printf ("%s · %c", g_dpgettext2 (NULL, "site, short", short_names[block]), side);
          texts[0] = full;
          texts[1] = short_side;
          texts[2] = g_dpgettext2 (NULL, "site, short", short_names[block]);
          texts[3] = NULL;
          imh_art_text_choice (cr, texts, (Box) { b.x + 0.04 * u, b.y, b.w - 0.08 * u, c.y - b.y }, ls, FALSE,
                               PANGO_ALIGN_CENTER, &faint, TRUE);
        }
      else
        {
          /* Translators: the short form of "Actions" on a narrow board */
          const char *texts[] = { C_("board", "Actions"), C_("board, short", "Actions"), NULL };

          imh_art_text_choice (cr, texts, (Box) { b.x + 0.04 * u, b.y, b.w - 0.08 * u, c.y - b.y }, ls, FALSE,
                               PANGO_ALIGN_CENTER, &faint, TRUE);
        }

      switch (block)
        {
        case 0:
          {
            double gh = c.h * 0.66;
            draw_obelisk_stack (cr, pal, d->obelisk[player], (d->sides >> IMH_DUEL_SITE_OBELISK) & 1,
                                c.x + c.w * 0.25, c.y + c.h * 0.03, c.w * 0.5, gh);
            draw_count (cr, self, d->obelisk[player], c.x, c.y + gh + c.h * 0.04, c.w,
                        c.h * 0.28, &pal->text);
            if (d->obelisk_first == player && ((d->sides >> IMH_DUEL_SITE_OBELISK) & 1))
              {
                /* Side B: first to five obelisk tiles. */
                imh_art_text (cr, "★", c.x + c.w * 0.66, c.y, c.w * 0.34, c.h * 0.25,
                              c.h * 0.2, TRUE, PANGO_ALIGN_CENTER, &pal->hint);
              }
          }
          break;
        case 1:
          {
            double s = MIN (c.w / 2, c.h / 2) * 0.8;
            double gx = (c.w - 2 * s) / 3, gy = (c.h - 2 * s) / 3;
            for (int k = 0; k < 4; k++)
              {
                double x = c.x + gx + (k % 2) * (s + gx), y = c.y + gy + (k / 2) * (s + gy);
                int n = d->temple[player][k];
                cairo_push_group (cr);
                imh_art_tile (cr, IMH_DUEL_TILE_TEMPLE_1 + k, x, y, s);
                cairo_pop_group_to_source (cr);
                cairo_paint_with_alpha (cr, n > 0 ? 1.0 : 0.22);
                if (n > 1)
                  draw_badge (cr, n, x, y, s);
              }
          }
          break;
        case 2:
          for (int k = 0; k < 2; k++)
            {
              /* Light above, dark below; the count in the free corner. */
              double ph = c.h / 2;
              double py = c.y + k * ph;
              draw_pyramid_build (cr, pal, k == 1, d->pyramid[player][k], c.x + c.w * 0.04, py + ph * 0.04,
                                  c.w * 0.92, ph * 0.92);
              draw_count (cr, self, d->pyramid[player][k], c.x + c.w * 0.62, py, c.w * 0.38,
                          ph * 0.4, &pal->text);
            }
          break;
        case 3:
          {
            double s = MIN (c.w / 4, c.h / 3) * 0.9;
            double gx = (c.w - 4 * s) / 2, gy = (c.h - 3 * s) / 2;
            ImhRgba white = { 1, 1, 1, 1 };

            /* A text size too large for the grid's numbers (the
             * desktop's large text): the numbers held, in words. */
            if (!imh_art_text_fits (cr, "12", (Box) { 0, 0, s, s }, s * 0.42, FALSE))
              {
                draw_crypt_list (cr, pal, d->crypt[player], c);
                break;
              }
            for (int n = 0; n < 12; n++)
              {
                double x = c.x + gx + (n % 4) * s, y = c.y + gy + (n / 4) * s;
                gboolean held = (d->crypt[player] >> n) & 1;
                g_snprintf (buf, sizeof buf, "%d", n + 1);
                imh_art_rounded_rect (cr, x + s * 0.06, y + s * 0.06, s * 0.88, s * 0.88, s * 0.15);
                if (held)
                  {
                    cairo_set_source_rgb (cr, 0x4d / 255.0, 0x3f / 255.0, 0x6e / 255.0);
                    cairo_fill (cr);
                    imh_art_text_if_fits (cr, buf, (Box) { x, y, s, s }, s * 0.5, TRUE, PANGO_ALIGN_CENTER, &white);
                  }
                else
                  {
                    ImhRgba dim = faint;
                    dim.a = 0.35;
                    imh_art_set (cr, &dim);
                    cairo_set_line_width (cr, 1.0);
                    cairo_stroke (cr);
                    imh_art_text_if_fits (cr, buf, (Box) { x, y, s, s }, s * 0.42, FALSE, PANGO_ALIGN_CENTER, &dim);
                  }
              }
          }
          break;
        case 4:
          for (int a = 0; a < IMH_DUEL_N_ACTIONS; a++)
            {
              Box ab = _imh_duel_action_box (self, player, a);
              int n = d->actions[player][a];
              cairo_push_group (cr);
              imh_art_tile (cr, IMH_DUEL_TILE_ACTION_0 + a, ab.x, ab.y, ab.w);
              cairo_pop_group_to_source (cr);
              cairo_paint_with_alpha (cr, n > 0 ? 1.0 : 0.2);
              if (n > 1)
                draw_badge (cr, n, ab.x, ab.y, ab.w);
            }
          break;
        default:
          break;
        }
    }
}

void
_imh_duel_board_draw_target (ImhBoard             *board,
                             cairo_t              *cr,
                             const ImhPalette     *pal,
                             const ImhBoardTarget *t,
                             gboolean              hovered)
{
  ImhDuelBoard *self = IMH_DUEL_BOARD (board);
  double u = self->u;
  int a = _imh_duel_board_actor (self);
  Box b = IMH_BOARD_GET_CLASS (board)->target_box (board, t);

  /* Stop and Pass are buttons in the info square (draw_info). */
  if (t->kind == TARGET_BUTTON)
    return;
  if (t->kind == TARGET_FIELD)
    {
      fill_box (cr, b, 0.06 * u, &pal->accent, hovered ? 0.3 : 0.14);
      if (hovered && a >= 0)
        imh_art_meeple (cr, a, b.x + 0.15 * u, b.y + 0.1 * u, 0.7 * u, 0.8 * u, TRUE);
      else
        {
          ImhRgba c = pal->accent;
          c.a = 0.8;
          imh_art_set (cr, &c);
          cairo_arc (cr, b.x + b.w / 2, b.y + b.h / 2, 0.09 * u, 0, 2 * G_PI);
          cairo_fill (cr);
        }
    }
  stroke_box (cr, b, 0.03 * u, 0.12 * u, MAX (2.0, (hovered ? 0.08 : 0.05) * u), &pal->accent);
}

void
_imh_duel_board_draw_animation (ImhBoard         *board,
                                cairo_t          *cr,
                                const ImhPalette *pal,
                                double            t)
{
  ImhDuelBoard *self = IMH_DUEL_BOARD (board);
  double e = 1 - (1 - t) * (1 - t);   /* ease out */

  for (int i = 0; i < self->n_flights; i++)
    {
      const ImhDuelFlight *f = &self->flights[i];
      double size = f->from.w + (MIN (f->to.w, f->to.h) * 0.6 - f->from.w) * e;
      double cx = f->from.x + f->from.w / 2 + (f->to.x + f->to.w / 2 - f->from.x - f->from.w / 2) * e;
      double cy = f->from.y + f->from.h / 2 + (f->to.y + f->to.h / 2 - f->from.y - f->from.h / 2) * e;

      cairo_push_group (cr);
      imh_art_tile (cr, f->code, cx - size / 2, cy - size / 2, size);
      cairo_pop_group_to_source (cr);
      cairo_paint_with_alpha (cr, 1.0 - 0.5 * e);
    }
}

void
_imh_duel_board_draw (ImhBoard         *board,
                      cairo_t          *cr,
                      const ImhPalette *palette)
{
  ImhDuelBoard *self = IMH_DUEL_BOARD (board);
  ImhTablePalette pal;
  ImhScore score;

  imh_table_palette_init (&pal, palette->dark, &palette->text, &palette->accent);
  imh_score (_imh_board_get_state (board), &score);
  draw_harbour (self, cr, &pal);
  draw_info (self, cr, &pal);
  for (int p = 0; p < 2; p++)
    draw_panel (self, cr, &pal, p, &score);
}
