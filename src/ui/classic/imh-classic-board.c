/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-classic-board.c — the base game's board: layout, targets, names, animation set-up. */
#define G_LOG_DOMAIN "imh-classic-board"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "imh-classic-board-private.h"
#include "imh-classic-items.h"
#include "imh-texts.h"

G_DEFINE_FINAL_TYPE (ImhClassicBoard, imh_classic_board, IMH_TYPE_BOARD)

/* Geometry in board units. */
#define GAP          0.2
#define SITE_W       3.6
#define SITE_H       3.5
#define SITE_HEADER  0.45
#define DOCK_H       0.5
#define HARBOUR_W    8.4
#define INFO_H       0.5
#define SHIP_ROW_H   0.95
#define SHIP_ROW_GAP 0.12
#define HARBOUR_H    (INFO_H + 4 * SHIP_ROW_H + 3 * SHIP_ROW_GAP + 0.3)
#define PANEL_H      2.35
#define POS_PITCH    0.78
#define POS_SIZE     0.68
#define SAIL_W       0.9

/* Wide: the five sites across the top, the harbour below on the left, the
 * players' panels beside it (two rows). Medium: three sites, then two
 * wider ones, the harbour across below them, the panels in a column
 * beside. Narrow: the sites as in medium, the harbour across, the panels
 * two a row below. */
#define WIDE_W       (5 * SITE_W + 4 * GAP)
#define WIDE_H       (SITE_H + GAP + HARBOUR_H)
#define NARROW_W     (3 * SITE_W + 2 * GAP)
#define MEDIUM_PANEL_W 5.2
#define MEDIUM_W     (NARROW_W + GAP + MEDIUM_PANEL_W)
#define MEDIUM_H     (2 * SITE_H + 2 * GAP + HARBOUR_H)

enum {
  LAYOUT_WIDE,
  LAYOUT_MEDIUM,
  LAYOUT_NARROW,
};

static double
narrow_height (guint n_players)
{
  guint rows = (n_players + 1) / 2;

  return 2 * SITE_H + GAP + GAP + HARBOUR_H + rows * (PANEL_H + GAP);
}

static Box
box_u (double ox,
       double oy,
       double u,
       double x,
       double y,
       double w,
       double h)
{
  return (Box) { ox + x * u, oy + y * u, w * u, h * u };
}

static void
imh_classic_board_layout (ImhBoard *board,
                          int       w,
                          int       h)
{
  ImhClassicBoard *self = IMH_CLASSIC_BOARD (board);
  guint n = _imh_board_get_n_players (board);
  guint bottom = imh_board_get_bottom_player (board);
  guint panel_rows = (n + 1) / 2;
  double size_w[3] = { WIDE_W, MEDIUM_W, NARROW_W };
  double size_h[3] = { WIDE_H, MEDIUM_H, narrow_height (n) };
  double best = 0, u, ox, oy, extra, site_h, harbour_h, panel_h, total_h;
  int layout = LAYOUT_WIDE, site_rows;

  /* The arrangement with the largest unit. */
  for (int i = 0; i < 3; i++)
    {
      double ui = MIN (w / size_w[i], h / size_h[i]);

      if (ui > best * 1.001)
        {
          best = ui;
          layout = i;
        }
    }
  self->narrow = layout != LAYOUT_WIDE;
  u = self->u = MAX (1.0, best);
  _imh_board_set_unit (board, u);

  /* Height left over (the width decides the unit): the sites grow
   * taller, the ship rows further apart and, when narrow, the players'
   * panels taller, each within bounds; what still remains is shared above
   * and below. */
  extra = MAX (0.0, h / u - size_h[layout]);
  site_rows = layout == LAYOUT_WIDE ? 1 : 2;
  site_h = SITE_H + MIN (extra * 0.4 / site_rows, 1.2);
  extra -= (site_h - SITE_H) * site_rows;
  self->harbour_extra = MIN (extra * (layout == LAYOUT_NARROW ? 0.5 : 1.0), 2.0);
  harbour_h = HARBOUR_H + self->harbour_extra;
  extra -= self->harbour_extra;
  panel_h = PANEL_H + (layout == LAYOUT_NARROW ? MIN (extra / panel_rows, 1.0) : 0.0);
  if (layout == LAYOUT_WIDE)
    total_h = site_h + GAP + harbour_h;
  else if (layout == LAYOUT_MEDIUM)
    total_h = 2 * site_h + 2 * GAP + harbour_h;
  else
    total_h = 2 * site_h + 2 * GAP + harbour_h + panel_rows * (panel_h + GAP);

  ox = floor ((w - size_w[layout] * u) / 2);
  oy = floor ((h - total_h * u) / 2);

  for (int i = 0; i < IMH_CLASSIC_N_SITES; i++)
    {
      double x, y, sw = SITE_W;

      if (self->narrow && i >= 3)
        {
          /* The second row's two sites share its width. */
          sw = (NARROW_W - GAP) / 2;
          x = (i - 3) * (sw + GAP);
          y = site_h + GAP;
        }
      else
        {
          x = i * (SITE_W + GAP);
          y = 0;
        }
      self->site[i] = box_u (ox, oy, u, x, y, sw, site_h);
    }

  if (layout == LAYOUT_NARROW)
    {
      double top = 2 * site_h + 2 * GAP;

      self->harbour = box_u (ox, oy, u, 0, top, NARROW_W, harbour_h);
      top += harbour_h + GAP;
      for (guint k = 0; k < n; k++)
        {
          guint p = (bottom + k) % n;
          double pw = (NARROW_W - GAP) / 2;

          /* Two a row; a third alone across the width. */
          self->panel[p] = box_u (ox, oy, u, (k % 2) * (pw + GAP), top + (k / 2) * (panel_h + GAP),
                                  n == 3 && k == 2 ? NARROW_W : pw, panel_h);
        }
    }
  else if (layout == LAYOUT_MEDIUM)
    {
      double ph = (total_h - (n - 1) * GAP) / n;

      self->harbour = box_u (ox, oy, u, 0, 2 * site_h + 2 * GAP, NARROW_W, harbour_h);
      for (guint k = 0; k < n; k++)
        self->panel[(bottom + k) % n] = box_u (ox, oy, u, NARROW_W + GAP, k * (ph + GAP),
                                               MEDIUM_PANEL_W, ph);
    }
  else
    {
      double left = HARBOUR_W + GAP, top = site_h + GAP;
      double pw_all = WIDE_W - left;

      self->harbour = box_u (ox, oy, u, 0, top, HARBOUR_W, harbour_h);
      for (guint k = 0; k < n; k++)
        {
          guint p = (bottom + k) % n;
          double ph = (harbour_h - GAP) / 2;

          if (n == 2)
            self->panel[p] = box_u (ox, oy, u, left, top + k * (ph + GAP), pw_all, ph);
          else
            {
              double pw = (pw_all - GAP) / 2;

              self->panel[p] = box_u (ox, oy, u, left + (k % 2) * (pw + GAP),
                                      top + (k / 2) * (ph + GAP),
                                      n == 3 && k == 2 ? pw_all : pw, ph);
            }
        }
    }
  self->info = (Box) { self->harbour.x + 0.1 * u, self->harbour.y + 0.05 * u,
                       self->harbour.w - 0.2 * u, INFO_H * u };
}

/* ---- Geometry ------------------------------------------------------------------ */

Box
_imh_classic_site_content (ImhClassicBoard *self,
                           int              site)
{
  Box s = self->site[site];
  double u = self->u;

  return (Box) { s.x + 0.1 * u, s.y + SITE_HEADER * u, s.w - 0.2 * u,
                 s.h - (SITE_HEADER + DOCK_H + 0.1) * u };
}

Box
_imh_classic_dock_box (ImhClassicBoard *self,
                       int              site)
{
  Box s = self->site[site];
  double u = self->u;

  return (Box) { s.x + 0.1 * u, s.y + s.h - (DOCK_H + 0.05) * u, s.w - 0.2 * u, DOCK_H * u };
}

Box
_imh_classic_ship_row (ImhClassicBoard *self,
                       int              ship)
{
  Box h = self->harbour;
  double u = self->u;

  double gap = SHIP_ROW_GAP + self->harbour_extra / 4;

  /* A taller harbour: the rows further apart, a little lower. */
  return (Box) { h.x + 0.1 * u,
                 h.y + (INFO_H + 0.15 + self->harbour_extra / 8 + ship * (SHIP_ROW_H + gap)) * u,
                 h.w - 0.2 * u, SHIP_ROW_H * u };
}

Box
_imh_classic_hull_box (ImhClassicBoard *self,
                       int              ship)
{
  Box r = _imh_classic_ship_row (self, ship);
  double u = self->u;
  int cap = _imh_classic_board_game (self)->ship_cap[ship];

  return (Box) { r.x + 0.45 * u, r.y, (0.3 + cap * POS_PITCH) * u, r.h };
}

Box
_imh_classic_position_box (ImhClassicBoard *self,
                           int              ship,
                           int              pos)
{
  Box hull = _imh_classic_hull_box (self, ship);
  double u = self->u;
  int cap = _imh_classic_board_game (self)->ship_cap[ship];

  /* The bow (position 1) at the right, where the ship sails to. */
  return (Box) { hull.x + (0.15 + (cap - 1 - pos) * POS_PITCH + (POS_PITCH - POS_SIZE) / 2) * u,
                 hull.y + (hull.h - POS_SIZE * u) / 2, POS_SIZE * u, POS_SIZE * u };
}

Box
_imh_classic_sail_box (ImhClassicBoard *self,
                       int              ship)
{
  Box r = _imh_classic_ship_row (self, ship);
  double u = self->u;
  double x = r.x + (0.45 + 0.3 + IMH_CLASSIC_SHIP_MAX * POS_PITCH + 0.15) * u;

  return (Box) { x, r.y + 0.05 * u, SAIL_W * u, r.h - 0.1 * u };
}

/* A Lever's unloading order: a button per colour after the sail button. */
Box
_imh_classic_unload_box (ImhClassicBoard *self,
                         int              ship,
                         int              colour)
{
  Box s = _imh_classic_sail_box (self, ship);
  double u = self->u;

  return (Box) { s.x + s.w + (0.15 + colour * 0.7) * u, s.y, 0.62 * u, s.h };
}

Box
_imh_classic_card_slot (ImhClassicBoard *self,
                        int              slot)
{
  Box c = _imh_classic_site_content (self, IMH_CLASSIC_SITE_MARKET);
  double u = self->u;
  double cw = (c.w - 0.1 * u) / 2, ch = (c.h - 0.1 * u) / 2;

  return (Box) { c.x + (slot % 2) * (cw + 0.1 * u), c.y + (slot / 2) * (ch + 0.1 * u), cw, ch };
}

/* Market B: the pair in the fourth slot, face down or revealed side by side. */
Box
_imh_classic_pair_card_box (ImhClassicBoard *self,
                            int              which)
{
  Box s = _imh_classic_card_slot (self, 3);
  double gap = 0.06 * self->u;
  double w = (s.w - gap) / 2;

  return (Box) { s.x + which * (w + gap), s.y, w, s.h };
}

Box
_imh_classic_pyramid_b_box (ImhClassicBoard *self,
                            int              pyramid)
{
  Box c = _imh_classic_site_content (self, IMH_CLASSIC_SITE_PYRAMID);
  double gap = 0.08 * self->u;
  double w = (c.w - 2 * gap) / 3;

  return (Box) { c.x + pyramid * (w + gap), c.y, w, c.h };
}

Box
_imh_classic_temple_button (ImhClassicBoard *self,
                            int              which)
{
  Box d = _imh_classic_dock_box (self, IMH_CLASSIC_SITE_TEMPLE);
  double u = self->u;
  double w = (d.w - 0.1 * u) / 2;

  /* On the dock strip: at the round's end every ship has sailed. */
  return (Box) { d.x + which * (w + 0.1 * u), d.y, w, d.h };
}

Box
_imh_classic_panel_header (ImhClassicBoard *self,
                           int              player)
{
  Box p = self->panel[player];
  double u = self->u;

  return (Box) { p.x + 0.1 * u, p.y + 0.06 * u, p.w - 0.2 * u, 0.5 * u };
}

static double
panel_row_h (ImhClassicBoard *self,
             int              player)
{
  Box p = self->panel[player];

  /* Header 0.56, then two rows (sled, cards); in a tall panel, space
   * below. */
  return CLAMP ((p.h - 0.7 * self->u) / 2, 0.5 * self->u, 1.1 * self->u);
}

Box
_imh_classic_sled_box (ImhClassicBoard *self,
                       int              player)
{
  Box p = self->panel[player];
  double u = self->u;
  double rh = panel_row_h (self, player);

  return (Box) { p.x + 0.1 * u, p.y + 0.6 * u, MIN (3.6 * u, p.w - 1.6 * u), rh - 0.05 * u };
}

Box
_imh_classic_pass_box (ImhClassicBoard *self,
                       int              player)
{
  Box p = self->panel[player];
  Box s = _imh_classic_sled_box (self, player);
  double u = self->u;

  return (Box) { p.x + p.w - 1.4 * u, s.y + (s.h - 0.55 * u) / 2, 1.3 * u, 0.55 * u };
}

Box
_imh_classic_cards_box (ImhClassicBoard *self,
                        int              player)
{
  Box p = self->panel[player];
  Box s = _imh_classic_sled_box (self, player);
  double u = self->u;

  return (Box) { p.x + 0.1 * u, s.y + s.h + 0.05 * u, p.w - 0.2 * u,
                 p.y + p.h - (s.y + s.h + 0.1 * u) };
}

/* The held cards in the panel: one mini card per type held, in type order. */
Box
_imh_classic_held_box (ImhClassicBoard *self,
                       int              player,
                       int              type)
{
  const ImhClassic *c = _imh_classic_board_game (self);
  Box b = _imh_classic_cards_box (self, player);
  double u = self->u;
  int n = 0, at = 0;
  double cw, gap = 0.08 * u;

  for (int k = 0; k < IMH_CLASSIC_N_CARD_TYPES; k++)
    if (c->held[player][k] > 0 || k == type)
      {
        if (k == type)
          at = n;
        n++;
      }
  cw = MIN (MIN (1.1 * u, b.h * 0.8), (b.w - (n - 1) * gap) / MAX (n, 1));
  return (Box) { b.x + at * (cw + gap), b.y, cw, MIN (b.h, 1.2 * u) };
}

int
_imh_classic_display_slot (ImhClassicBoard *self,
                           int              type)
{
  const ImhClassic *c = _imh_classic_board_game (self);

  for (int i = 0; i < 4; i++)
    if (c->display[i] == type)
      return i;
  return -1;
}

const char *
_imh_classic_card_label (int type)
{
  switch (type)
    {
    /* Translators: short labels drawn on the base game's market cards */
    case IMH_CLASSIC_CARD_STATUE: return C_("card", "Statue");
    case IMH_CLASSIC_CARD_DECO_PYRAMID: return C_("card", "Pyramid");
    case IMH_CLASSIC_CARD_DECO_TEMPLE: return C_("card", "Temple");
    case IMH_CLASSIC_CARD_DECO_BURIAL: return C_("card", "Burial");
    case IMH_CLASSIC_CARD_DECO_OBELISK: return C_("card", "Obelisks");
    case IMH_CLASSIC_CARD_ENTRANCE: return C_("card", "Entrance");
    case IMH_CLASSIC_CARD_SARCOPHAGUS: return C_("card", "Sarcophagus");
    case IMH_CLASSIC_CARD_PAVED_PATH: return C_("card", "Paved path");
    case IMH_CLASSIC_CARD_LEVER: return C_("card", "Lever");
    case IMH_CLASSIC_CARD_HAMMER: return C_("card", "Hammer");
    case IMH_CLASSIC_CARD_SAIL: return C_("card", "Sail");
    case IMH_CLASSIC_CARD_CHISEL: return C_("card", "Chisel");
    default: return "?";
    }
}

/* ---- Targets ------------------------------------------------------------------ */

static Box
imh_classic_board_target_box (ImhBoard             *board,
                              const ImhBoardTarget *t)
{
  ImhClassicBoard *self = IMH_CLASSIC_BOARD (board);
  const ImhClassic *c = _imh_classic_board_game (self);
  int actor = MAX (_imh_classic_board_actor (self), 0);

  switch ((ImhClassicTargetKind) t->kind)
    {
    case CTARGET_GET:
      return _imh_classic_sled_box (self, actor);
    case CTARGET_PASS:
      return _imh_classic_pass_box (self, actor);
    case CTARGET_PLACE:
      return _imh_classic_position_box (self, t->index / 4, t->index % 4);
    case CTARGET_SHIP:
      return _imh_classic_sail_box (self, t->index);
    case CTARGET_SITE:
      return self->site[t->index];
    case CTARGET_PLAY:
      return _imh_classic_held_box (self, actor, imh_classic_play_card (t->index));
    case CTARGET_TAKE:
      return _imh_classic_card_slot (self, MAX (_imh_classic_display_slot (self, t->index), 0));
    case CTARGET_TAKE_PAIR:
      return _imh_classic_card_slot (self, 3);
    case CTARGET_KEEP:
      return _imh_classic_pair_card_box (self, c->pair[0] == t->index ? 0 : 1);
    case CTARGET_PYRAMID:
      return _imh_classic_pyramid_b_box (self, t->index);
    case CTARGET_TEMPLE:
      return _imh_classic_temple_button (self, t->index);
    case CTARGET_UNLOAD:
    default:
      {
        int ship = 0;

        if (c->sp > 0 && c->stack[c->sp - 1].type == IMH_CLASSIC_FR_UNLOAD)
          ship = c->stack[c->sp - 1].a;
        return _imh_classic_unload_box (self, ship, t->index);
      }
    }
}

static void
add_target (ImhClassicBoard      *self,
            ImhClassicTargetKind  kind,
            int                   index,
            ImhDecision           d)
{
  /* The ship positions lie on the hull; nothing else overlaps. */
  _imh_board_add_target (IMH_BOARD (self), kind, index, kind == CTARGET_PLACE, &d, 1);
}

/* Each decision code range to its target; a sail is two picks: the ship's
 * sail button (a pick target for all its sails), then a free site. */
static void
imh_classic_board_collect_targets (ImhBoard             *board,
                                   const ImhDecision    *decisions,
                                   guint                 n,
                                   const ImhBoardTarget *pending)
{
  ImhClassicBoard *self = IMH_CLASSIC_BOARD (board);

  for (guint i = 0; i < n; i++)
    {
      ImhDecision d = decisions[i];

      if (d == IMH_CLASSIC_D_PASS)
        add_target (self, CTARGET_PASS, 0, d);
      else if (d == IMH_CLASSIC_D_GET)
        add_target (self, CTARGET_GET, 0, d);
      else if (d < IMH_CLASSIC_D_SAIL)
        add_target (self, CTARGET_PLACE, d - IMH_CLASSIC_D_PLACE, d);
      else if (d < IMH_CLASSIC_D_PLAY)
        {
          int ship = (d - IMH_CLASSIC_D_SAIL) / 5, site = (d - IMH_CLASSIC_D_SAIL) % 5;

          if (pending == NULL)
            _imh_board_add_pick_target (board, CTARGET_SHIP, ship, 0, &d, 1);
          else
            add_target (self, CTARGET_SITE, site, d);
        }
      else if (d < IMH_CLASSIC_D_TAKE)
        add_target (self, CTARGET_PLAY, d - IMH_CLASSIC_D_PLAY, d);
      else if (d < IMH_CLASSIC_D_TAKE_PAIR)
        add_target (self, CTARGET_TAKE, d - IMH_CLASSIC_D_TAKE, d);
      else if (d == IMH_CLASSIC_D_TAKE_PAIR)
        add_target (self, CTARGET_TAKE_PAIR, 0, d);
      else if (d < IMH_CLASSIC_D_PYRAMID)
        add_target (self, CTARGET_KEEP, d - IMH_CLASSIC_D_KEEP, d);
      else if (d < IMH_CLASSIC_D_TEMPLE_POINT)
        add_target (self, CTARGET_PYRAMID, d - IMH_CLASSIC_D_PYRAMID, d);
      else if (d == IMH_CLASSIC_D_TEMPLE_POINT)
        add_target (self, CTARGET_TEMPLE, 0, d);
      else if (d == IMH_CLASSIC_D_TEMPLE_STONES)
        add_target (self, CTARGET_TEMPLE, 1, d);
      else if (d < IMH_CLASSIC_N_DECISIONS)
        add_target (self, CTARGET_UNLOAD, d - IMH_CLASSIC_D_UNLOAD, d);
      else
        g_critical ("No target for decision %u", (guint) d);
    }
}

static int
ship_load (const ImhClassic *c,
           int               ship)
{
  int n = 0;

  for (int pos = 0; pos < c->ship_cap[ship]; pos++)
    n += c->ship[ship][pos] != 0;
  return n;
}

static char *
imh_classic_board_dup_target_name (ImhBoard             *board,
                                   const ImhBoardTarget *t)
{
  ImhClassicBoard *self = IMH_CLASSIC_BOARD (board);
  const ImhClassic *c = _imh_classic_board_game (self);

  switch ((ImhClassicTargetKind) t->kind)
    {
    case CTARGET_PLACE:
      return g_strdup_printf (_("Ship %d, position %d, free"), t->index / 4 + 1, t->index % 4 + 1);
    case CTARGET_SHIP:
      {
        int load = ship_load (c, t->index);

        return g_strdup_printf (ngettext ("Ship %d (%d stone) — sail", "Ship %d (%d stones) — sail",
                                          load), t->index + 1, load);
      }
    case CTARGET_SITE:
      return g_strdup_printf (_("Sail to: %s"),
                              imh_texts_site_name (imh_classic_site_ids[t->index]));
    case CTARGET_TAKE:
      return g_strdup_printf (_("Market card: %s"), imh_texts_classic_card_name (t->index));
    case CTARGET_KEEP:
      return g_strdup_printf (_("Keep: %s"), imh_texts_classic_card_name (t->index));
    case CTARGET_PLAY:
      return g_strdup_printf (_("Play your card: %s"), imh_texts_classic_card_name (imh_classic_play_card (t->index)));
    default:
      return imh_texts_decision (_imh_board_get_state (board), t->decisions[0]);
    }
}

/* As the players see them: the deck and the round cards to come are
 * counted on the board. Revealed: named in order. */
static char *
imh_classic_board_describe_hidden (ImhBoard *board,
                                   gboolean  revealed,
                                   int      *n_named)
{
  const ImhClassic *c = _imh_classic_board_game (IMH_CLASSIC_BOARD (board));
  GString *text;
  int n = 0;

  *n_named = 0;
  if (!revealed)
    return NULL;
  text = g_string_new (NULL);
  g_string_append_printf (text, ngettext ("Market deck: %d card", "Market deck: %d cards", c->deck_n),
                          c->deck_n);
  for (int i = 0; i < c->deck_n; i++)
    {
      g_string_append (text, ", ");
      if (i == 0)
        {
          g_string_append (text, _("top first:"));
          g_string_append_c (text, ' ');
        }
      g_string_append (text, imh_texts_classic_card_name (c->deck[c->deck_n - 1 - i]));
      n++;
    }
  if (c->pair_state == IMH_CLASSIC_PAIR_FACE_DOWN)
    {
      g_string_append (text, ". ");
      g_string_append_printf (text, _("Face-down pair: %s and %s"),
                              c->pair[0] != IMH_CLASSIC_NONE ? imh_texts_classic_card_name (c->pair[0]) : "—",
                              c->pair[1] != IMH_CLASSIC_NONE ? imh_texts_classic_card_name (c->pair[1]) : "—");
      n += (c->pair[0] != IMH_CLASSIC_NONE) + (c->pair[1] != IMH_CLASSIC_NONE);
    }
  if (c->round + 1 < IMH_CLASSIC_N_ROUNDS)
    {
      g_string_append (text, ". ");
      g_string_append (text, _("Round cards to come:"));
      for (int r = c->round + 1; r < IMH_CLASSIC_N_ROUNDS; r++)
        {
          const ImhClassicRoundCard *card = &imh_classic_round_cards[c->n_players - 2][c->rounds[r]];

          g_string_append_printf (text, "%s %d-%d-%d-%d", r == c->round + 1 ? "" : ";",
                                  card->cap[0], card->cap[1], card->cap[2], card->cap[3]);
          n++;
        }
    }
  *n_named = n;
  return g_string_free (text, FALSE);
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

/* What each player got: the stones a ship delivered (cards to choose at
 * the market), the points scored at once, the cards taken and the stones
 * taken from the quarry, as the sail preview counts them ("Ann: 2
 * stones, +3 points; Bob: 1 stone"). */
static char *
imh_classic_board_describe_consequences (ImhBoard          *board,
                                         const ImhState    *before,
                                         ImhDecision        decision,
                                         const ImhState    *after,
                                         const char *const *names)
{
  const ImhClassic *a = &before->u.classic;
  const ImhClassic *b = &after->u.classic;
  int stones[IMH_CLASSIC_MAX_PLAYERS] = { 0 };
  int site = -1;
  GString *text = g_string_new (NULL);

  if (decision >= IMH_CLASSIC_D_SAIL && decision < IMH_CLASSIC_D_PLAY)
    {
      int ship = (decision - IMH_CLASSIC_D_SAIL) / 5;

      site = (decision - IMH_CLASSIC_D_SAIL) % 5;
      for (int pos = 0; pos < a->ship_cap[ship]; pos++)
        if (a->ship[ship][pos] != 0)
          stones[a->ship[ship][pos] - 1]++;
    }
  for (int p = 0; p < a->n_players; p++)
    {
      g_autoptr(GString) got = g_string_new (NULL);
      int gain = points_of (b, p) - points_of (a, p);
      int sled = b->sled[p] - a->sled[p];

      if (stones[p] > 0)
        {
          if (site == IMH_CLASSIC_SITE_MARKET)
            /* TRANSLATORS: after a ship sailed to the market: a player's
             * stones there, each a card to choose. */
            g_string_append_printf (got, ngettext ("%d stone, a card to choose", "%d stones, as many cards to choose",
                                                   stones[p]), stones[p]);
          else
            /* TRANSLATORS: after a ship sailed: a player's stones delivered to the site. */
            g_string_append_printf (got, ngettext ("%d stone delivered", "%d stones delivered", stones[p]),
                                    stones[p]);
        }
      if (gain != 0)
        {
          if (got->len > 0)
            g_string_append (got, ", ");
          g_string_append_printf (got, ngettext ("%+d point", "%+d points", ABS (gain)), gain);
        }
      for (int k = 0; k < IMH_CLASSIC_N_CARD_TYPES; k++)
        for (int i = a->held[p][k]; i < b->held[p][k]; i++)
          {
            /* The card the decision names (taken, kept) once. */
            if (p == imh_actor (before) && i == a->held[p][k]
                && (decision == (ImhDecision) (IMH_CLASSIC_D_TAKE + k)
                    || decision == (ImhDecision) (IMH_CLASSIC_D_KEEP + k)))
              continue;
            if (got->len > 0)
              g_string_append (got, ", ");
            g_string_append (got, imh_texts_classic_card_name (k));
          }
      if (sled > 0 && (decision == IMH_CLASSIC_D_GET || decision == IMH_CLASSIC_D_TEMPLE_STONES))
        {
          if (got->len > 0)
            g_string_append (got, ", ");
          /* TRANSLATORS: after a decision of the base game: the stones a
           * player took from the quarry onto the sled. */
          g_string_append_printf (got, ngettext ("%d stone from the quarry", "%d stones from the quarry", sled),
                                  sled);
        }
      if (got->len == 0)
        continue;
      if (text->len > 0)
        g_string_append (text, "; ");
      g_string_append_printf (text, "%s: %s", names[p], got->str);
    }
  if (text->len == 0 && site >= 0)
    g_string_append (text, _("Nothing to deliver"));
  return g_string_free (text, text->len == 0);
}

/* What the hint's badge leaves visible: the sites, the players' panels,
 * the harbour's line and each ship's row up to the end of its words
 * ("sails with 2", "→ Temple"; room for them allowed). */
static guint
imh_classic_board_occupied_boxes (ImhBoard *board,
                                  ImhBox   *boxes,
                                  guint     max)
{
  ImhClassicBoard *self = IMH_CLASSIC_BOARD (board);
  const ImhClassic *c = _imh_classic_board_game (self);
  double u = self->u;
  guint n = 0;

#define ADD(box) G_STMT_START { if (n < max) boxes[n++] = (box); } G_STMT_END
  for (int i = 0; i < IMH_CLASSIC_N_SITES; i++)
    ADD (self->site[i]);
  for (guint p = 0; p < _imh_board_get_n_players (board) && p < IMH_CLASSIC_MAX_PLAYERS; p++)
    ADD (self->panel[p]);
  ADD (self->info);
  for (int s = 0; s < IMH_CLASSIC_N_SHIPS; s++)
    {
      Box row = _imh_classic_ship_row (self, s);
      Box sail = _imh_classic_sail_box (self, s);
      double end = sail.x + sail.w + 0.15 * u + 3.0 * u;

      if (c->ship_cap[s] == 0)
        continue;
      ADD (((Box) { row.x, row.y, MIN (end, row.x + row.w) - row.x, row.h }));
    }
#undef ADD
  return n;
}

static guint
imh_classic_board_decision_boxes (ImhBoard    *board,
                                  ImhDecision  d,
                                  Box         *boxes,
                                  guint        max)
{
  ImhClassicBoard *self = IMH_CLASSIC_BOARD (board);
  const ImhClassic *c = _imh_classic_board_game (self);
  int actor = MAX (_imh_classic_board_actor (self), 0);

  if (max < 2)
    return 0;
  if (d == IMH_CLASSIC_D_PASS)
    boxes[0] = _imh_classic_pass_box (self, actor);
  else if (d == IMH_CLASSIC_D_GET)
    boxes[0] = _imh_classic_sled_box (self, actor);
  else if (d < IMH_CLASSIC_D_SAIL)
    boxes[0] = _imh_classic_position_box (self, (d - IMH_CLASSIC_D_PLACE) / 4, (d - IMH_CLASSIC_D_PLACE) % 4);
  else if (d < IMH_CLASSIC_D_PLAY)
    {
      int ship = (d - IMH_CLASSIC_D_SAIL) / 5, site = (d - IMH_CLASSIC_D_SAIL) % 5;

      boxes[0] = _imh_classic_hull_box (self, ship);
      boxes[1] = self->site[site];
      return 2;
    }
  else if (d < IMH_CLASSIC_D_TAKE)
    boxes[0] = _imh_classic_held_box (self, actor, imh_classic_play_card (d - IMH_CLASSIC_D_PLAY));
  else if (d < IMH_CLASSIC_D_TAKE_PAIR)
    {
      int slot = _imh_classic_display_slot (self, d - IMH_CLASSIC_D_TAKE);

      boxes[0] = slot >= 0 ? _imh_classic_card_slot (self, slot) : self->site[IMH_CLASSIC_SITE_MARKET];
    }
  else if (d == IMH_CLASSIC_D_TAKE_PAIR)
    boxes[0] = _imh_classic_card_slot (self, 3);
  else if (d < IMH_CLASSIC_D_PYRAMID)
    boxes[0] = _imh_classic_pair_card_box (self, c->pair[0] == d - IMH_CLASSIC_D_KEEP ? 0 : 1);
  else if (d < IMH_CLASSIC_D_TEMPLE_POINT)
    boxes[0] = _imh_classic_pyramid_b_box (self, d - IMH_CLASSIC_D_PYRAMID);
  else if (d == IMH_CLASSIC_D_TEMPLE_POINT || d == IMH_CLASSIC_D_TEMPLE_STONES)
    boxes[0] = _imh_classic_temple_button (self, d - IMH_CLASSIC_D_TEMPLE_POINT);
  else if (d < IMH_CLASSIC_N_DECISIONS)
    {
      int ship = 0;

      if (c->sp > 0 && c->stack[c->sp - 1].type == IMH_CLASSIC_FR_UNLOAD)
        ship = c->stack[c->sp - 1].a;
      boxes[0] = _imh_classic_unload_box (self, ship, d - IMH_CLASSIC_D_UNLOAD);
      boxes[1] = _imh_classic_hull_box (self, ship);
      return 2;
    }
  else
    return 0;
  return 1;
}

/* A decision whose place changed with it (a card taken or played, a pass)
 * leaves nothing to point at; a stone placed and a ship sailed are marked. */
static gboolean
imh_classic_board_marks_last (ImhBoard    *board,
                              ImhDecision  d)
{
  return (d >= IMH_CLASSIC_D_PLACE && d < IMH_CLASSIC_D_PLAY)
         || (d >= IMH_CLASSIC_D_PYRAMID && d < IMH_CLASSIC_D_TEMPLE_POINT);
}

/* ---- Animation ------------------------------------------------------------------ */

static void
add_flight (ImhClassicBoard      *self,
            ImhClassicFlightKind  kind,
            guint                 code,
            Box                   from,
            Box                   to)
{
  if (self->n_flights >= IMH_CLASSIC_BOARD_MAX_FLIGHTS)
    return;
  self->flights[self->n_flights++] = (ImhClassicFlight) { kind, code, from, to };
}

static Box
market_box (ImhClassicBoard *self)
{
  return _imh_classic_site_content (self, IMH_CLASSIC_SITE_MARKET);
}

/* Between two positions of the same round: stones that left a ship fly to
 * the site it sailed to (their owner's panel from the market), stones that
 * came onto a ship fly from their owner's sled, cards gained fly from the
 * market to the player's panel. */
static gboolean
imh_classic_board_animate (ImhBoard          *board,
                           const ImhState    *before,
                           const ImhDecision *decision)
{
  ImhClassicBoard *self = IMH_CLASSIC_BOARD (board);
  const ImhClassic *c = _imh_classic_board_game (self);
  const ImhClassic *old = &before->u.classic;

  self->n_flights = 0;
  if (old->n_players != c->n_players)
    return FALSE;

  if (old->round == c->round)
    for (int s = 0; s < IMH_CLASSIC_N_SHIPS; s++)
      for (int pos = 0; pos < old->ship_cap[s]; pos++)
        {
          int was = old->ship[s][pos], now = c->ship[s][pos];

          if (was == now)
            continue;
          if (was != 0)
            {
              int site = c->ship_site[s];
              Box to = site != IMH_CLASSIC_NONE ? _imh_classic_site_content (self, site)
                                                : _imh_classic_sled_box (self, was - 1);

              if (site == IMH_CLASSIC_SITE_MARKET)
                to = _imh_classic_cards_box (self, was - 1);
              add_flight (self, FLIGHT_STONE, was - 1, _imh_classic_position_box (self, s, pos), to);
            }
          if (now != 0)
            add_flight (self, FLIGHT_STONE, now - 1, _imh_classic_sled_box (self, now - 1),
                        _imh_classic_position_box (self, s, pos));
        }

  for (int p = 0; p < c->n_players; p++)
    for (int k = 0; k < IMH_CLASSIC_N_CARD_TYPES; k++)
      if (c->held[p][k] > old->held[p][k])
        add_flight (self, FLIGHT_CARD, k, market_box (self), _imh_classic_held_box (self, p, k));

  return self->n_flights > 0;
}

static void
imh_classic_board_animation_done (ImhBoard *board)
{
  IMH_CLASSIC_BOARD (board)->n_flights = 0;
}

/* ---- GObject ------------------------------------------------------------------------ */

/* ---- Tooltips -------------------------------------------------------------- */

static gboolean
in_box (Box    b,
        double x,
        double y)
{
  return x >= b.x && x < b.x + b.w && y >= b.y && y < b.y + b.h;
}

/* A site's scoring and every player's points there. */
static char *
site_tooltip (ImhClassicBoard *self,
              int              site)
{
  const ImhState *state = _imh_board_get_state (IMH_BOARD (self));
  GString *text = g_string_new (NULL);
  char *rule = imh_texts_site_rule (state, (guint) site);

  g_string_append (text, rule);
  g_free (rule);
  if (site != IMH_CLASSIC_SITE_MARKET)
    for (int p = 0; p < state->u.classic.n_players; p++)
      {
        g_autofree char *points = imh_texts_score_explanation (state, (guint) p, (guint) (site - 1), FALSE);

        /* Translators: a player's points at a site, on a line of its own */
        g_string_append_printf (text, _("\n%s: %s"), _imh_board_get_player_name (IMH_BOARD (self), (guint) p),
                                points);
      }
  return g_string_free (text, FALSE);
}

static char *
ship_tooltip (ImhClassicBoard *self,
              int              ship,
              double           x,
              double           y)
{
  const ImhState *state = _imh_board_get_state (IMH_BOARD (self));
  const ImhClassic *c = &state->u.classic;
  int cap = c->ship_cap[ship];
  int load = 0;

  for (int pos = 0; pos < cap; pos++)
    {
      load += c->ship[ship][pos] != 0;
      if (c->ship[ship][pos] != 0 && in_box (_imh_classic_position_box (self, ship, pos), x, y))
        /* Translators: a stone on a ship: the ship, its place (1 = the bow), the owner */
        return g_strdup_printf (_("Ship %d, place %d: %s's stone; it is unloaded in the order from the bow (place 1)"),
                                ship + 1, pos + 1,
                                _imh_board_get_player_name (IMH_BOARD (self), (guint) c->ship[ship][pos] - 1));
    }
  if (c->ship_site[ship] != IMH_CLASSIC_NONE)
    /* Translators: a ship that sailed to a site */
    return g_strdup_printf (_("Ship %d has sailed: %s"), ship + 1,
                            imh_texts_site_name (imh_classic_site_ids[c->ship_site[ship]]));
  /* Translators: a ship in the harbour: its room, the stones on it, the
   * least it sails with */
  return g_strdup_printf (_("Ship %d: room for %d stones, %d loaded; it may sail with %d or more"),
                          ship + 1, cap, load, cap - c->ship_slack[ship]);
}

static char *
panel_tooltip (ImhClassicBoard *self,
               int              p,
               double           x,
               double           y)
{
  const ImhState *state = _imh_board_get_state (IMH_BOARD (self));
  const ImhClassic *c = &state->u.classic;
  const char *name = _imh_board_get_player_name (IMH_BOARD (self), (guint) p);

  for (int k = 0; k < IMH_CLASSIC_N_CARD_TYPES; k++)
    if (c->held[p][k] > 0 && in_box (_imh_classic_held_box (self, p, k), x, y))
      {
        g_autofree char *info = imh_texts_classic_card_info (state, (guint) k);

        return g_strdup_printf (_("%s holds %d. %s"), name, c->held[p][k], info);
      }
  if (in_box (_imh_classic_sled_box (self, p), x, y))
    /* Translators: a player's supply sled and quarry */
    return g_strdup_printf (_("%s: %d stones on the supply sled (at most %d), %d in the quarry"), name,
                            c->sled[p], IMH_CLASSIC_SLED_MAX, c->quarry[p]);
  if (in_box (_imh_classic_panel_header (self, p), x, y))
    {
      ImhScore score;
      g_autofree char *sum = NULL;

      imh_classic_rules.score_so_far (state, &score);
      sum = imh_texts_total_explanation (&score, &imh_classic_rules, (guint) p);
      /* Translators: a player's points so far on the board: the name, then the sum by category */
      return g_strdup_printf (_("%s's points so far: %s"), name, sum);
    }
  if (in_box (_imh_classic_cards_box (self, p), x, y))
    /* Translators: the market cards a player holds */
    return g_strdup_printf (_("%s's market cards"), name);
  return NULL;
}

static char *
imh_classic_board_dup_object_tooltip (ImhBoard *board,
                                      double    x,
                                      double    y)
{
  ImhClassicBoard *self = IMH_CLASSIC_BOARD (board);
  const ImhState *state = _imh_board_get_state (board);
  const ImhClassic *c;

  if (state == NULL)
    return NULL;
  c = &state->u.classic;
  for (int ship = 0; ship < IMH_CLASSIC_N_SHIPS; ship++)
    if (c->ship_cap[ship] > 0 && in_box (_imh_classic_ship_row (self, ship), x, y))
      return ship_tooltip (self, ship, x, y);
  if (in_box (self->info, x, y))
    {
      int discards = 0;

      for (int k = 0; k < IMH_CLASSIC_N_CARD_TYPES; k++)
        discards += c->discards[k];
      /* Translators: the harbour's line: the round, the ships' sizes, the market's cards */
      return g_strdup_printf (_("Round %d of %d; this round's ships hold %d, %d, %d and %d stones. Market deck: %d cards; discards: %d"),
                              MIN (c->round + 1, IMH_CLASSIC_N_ROUNDS), IMH_CLASSIC_N_ROUNDS, c->ship_cap[0],
                              c->ship_cap[1], c->ship_cap[2], c->ship_cap[3], c->deck_n, discards);
    }
  if (in_box (self->site[IMH_CLASSIC_SITE_MARKET], x, y))
    {
      gboolean side_b = (c->sides >> IMH_CLASSIC_SITE_MARKET) & 1;

      for (int i = 0; i < 4; i++)
        {
          if (!in_box (_imh_classic_card_slot (self, i), x, y))
            continue;
          if (side_b && i == 3)
            {
              if (c->pair_state == IMH_CLASSIC_PAIR_REVEALED)
                for (int k = 0; k < 2; k++)
                  if (c->pair[k] != IMH_CLASSIC_NONE && in_box (_imh_classic_pair_card_box (self, k), x, y))
                    return imh_texts_classic_card_info (state, c->pair[k]);
              if (c->pair_state != IMH_CLASSIC_PAIR_NONE)
                /* Translators: market B's face-down pair */
                return g_strdup (_("Face-down pair: a stone's owner may take both cards, look at them, keep one and discard the other"));
            }
          else if (c->display[i] != IMH_CLASSIC_NONE)
            return imh_texts_classic_card_info (state, c->display[i]);
        }
      return site_tooltip (self, IMH_CLASSIC_SITE_MARKET);
    }
  for (int site = 1; site < IMH_CLASSIC_N_SITES; site++)
    if (in_box (self->site[site], x, y))
      return site_tooltip (self, site);
  for (int p = 0; p < c->n_players; p++)
    if (in_box (self->panel[p], x, y))
      return panel_tooltip (self, p, x, y);
  return NULL;
}

static void
imh_classic_board_measure (GtkWidget      *widget,
                           GtkOrientation  orientation,
                           int             for_size,
                           int            *minimum,
                           int            *natural,
                           int            *minimum_baseline,
                           int            *natural_baseline)
{
  /* Small enough for a phone (360 pixels wide): the board scales down to
   * fit; the natural width decides where the play view's sidebar folds
   * (beside a sidebar of four players' scores in a 1280 pixels window). */
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 280;
      *natural = 820;
    }
  else
    {
      *minimum = 240;
      *natural = 620;
    }
}

static void
imh_classic_board_class_init (ImhClassicBoardClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  ImhBoardClass *board_class = IMH_BOARD_CLASS (klass);

  widget_class->measure = imh_classic_board_measure;

  board_class->layout = imh_classic_board_layout;
  board_class->collect_targets = imh_classic_board_collect_targets;
  board_class->target_box = imh_classic_board_target_box;
  board_class->dup_target_name = imh_classic_board_dup_target_name;
  board_class->draw = _imh_classic_board_draw;
  board_class->draw_target = _imh_classic_board_draw_target;
  board_class->decision_boxes = imh_classic_board_decision_boxes;
  board_class->occupied_boxes = imh_classic_board_occupied_boxes;
  board_class->marks_last = imh_classic_board_marks_last;
  board_class->animate = imh_classic_board_animate;
  board_class->draw_animation = _imh_classic_board_draw_animation;
  board_class->animation_done = imh_classic_board_animation_done;
  board_class->describe_hidden = imh_classic_board_describe_hidden;
  board_class->describe_consequences = imh_classic_board_describe_consequences;
  board_class->draw_item = _imh_classic_board_draw_item;
  board_class->describe_unseen = _imh_classic_board_describe_unseen;
  board_class->unseen_heading = _imh_classic_board_unseen_heading;
  board_class->item_name = _imh_classic_board_item_name;
  board_class->dup_object_tooltip = imh_classic_board_dup_object_tooltip;

  gtk_widget_class_set_css_name (widget_class, "classicboard");
}

static void
imh_classic_board_init (ImhClassicBoard *self)
{
}
