/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-duel-board.c — the Duel board widget: layout, drawing, targets, input. */
#define G_LOG_DOMAIN "imh-duel-board"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "imh-duel.h"
#include "imh-duel-art.h"
#include "imh-duel-board.h"
#include "imh-texts.h"

#define ANIM_USEC (230 * 1000)
#define MAX_TARGETS 64
#define MAX_FLIGHTS 8

/* Geometry in board units (u = the size of a harbour field). */
#define WATER_PAD   0.2
#define SLOT_PITCH  0.9
#define SLOT_SIZE   0.8
#define BOAT_THICK  0.96
#define BOAT_GAP    0.12
#define BOAT_LEN    (0.08 + 3 * SLOT_PITCH + 0.35)
#define HARBOUR     (3 + BOAT_GAP + BOAT_LEN + 2 * WATER_PAD)   /* the water square */
#define GAP         0.2
#define WIDE_PANEL_W 5.6
#define PORT_PANEL_H 2.35

typedef struct {
  double x, y, w, h;
} Box;

typedef enum {
  TARGET_FIELD,       /* index: field; place */
  TARGET_BOAT,        /* index: boat; unload */
  TARGET_ACTION,      /* index: action; play the action tile */
  TARGET_SLOT,        /* index: boat * 3 + slot; take */
  TARGET_SWAP_SLOT,   /* index: boat * 3 + slot; swap pick */
  TARGET_BUTTON,      /* index: 0 stop, 1 pass */
} TargetKind;

typedef struct {
  TargetKind  kind;
  int         index;
  gboolean    has_decision;   /* FALSE for the first pick of a swap */
  ImhDecision decision;
} Target;

typedef struct {
  guint code;
  Box   from;
  Box   to;
} Flight;

struct _ImhDuelBoard
{
  GtkWidget       parent_instance;

  ImhState        state;
  gboolean        has_state;
  gboolean        interactive;
  ImhDecisionList legal;
  char           *names[2];
  guint           bottom_player;

  /* Layout for the last size. */
  int             layout_w, layout_h;
  double          u, ox, oy;
  gboolean        portrait;
  Box             panel[2];

  Target          targets[MAX_TARGETS];
  int             n_targets;
  int             hover;            /* target index or -1 */
  int             focus;            /* target index or -1 */
  int             swap_first;       /* boat * 3 + slot picked first, or -1 */

  gboolean        has_last;
  ImhDecision     last_decision;

  gboolean        reveal_hidden;    /* review: pile and reserve face up */
  int             n_revealed;       /* tiles named face up (pile + reserve) */

  gboolean        hint_visible;
  ImhDecision     hint_decision;
  double          hint_win;
  /* Study: the runners-up of the hint (ranks 2..), drawn numbered. */
  ImhDecision     more_hints[IMH_DUEL_BOARD_MAX_HINTS - 1];
  double          more_wins[IMH_DUEL_BOARD_MAX_HINTS - 1];
  guint           n_more_hints;

  Flight          flights[MAX_FLIGHTS];
  int             n_flights;
  guint           tick_id;
  gint64          anim_start;
  double          anim_t;
};

G_DEFINE_FINAL_TYPE (ImhDuelBoard, imh_duel_board, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_INTERACTIVE,
  PROP_HINT_VISIBLE,
  PROP_BOTTOM_PLAYER,
  PROP_SWAP_PENDING,
  PROP_REVEAL_HIDDEN,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_DECIDE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
set_swap_first (ImhDuelBoard *self,
                int           slot)
{
  gboolean was = self->swap_first >= 0;

  self->swap_first = slot;
  if (was != (slot >= 0))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SWAP_PENDING]);
}

static const ImhDuel *
duel (ImhDuelBoard *self)
{
  return &self->state.u.duel;
}

/* ---- Layout ---------------------------------------------------------------- */

static Box
box_u (ImhDuelBoard *self,
       double        x,
       double        y,
       double        w,
       double        h)
{
  return (Box) { self->ox + x * self->u, self->oy + y * self->u, w * self->u, h * self->u };
}

static void
ensure_layout (ImhDuelBoard *self)
{
  int w = gtk_widget_get_width (GTK_WIDGET (self));
  int h = gtk_widget_get_height (GTK_WIDGET (self));
  double wide_w = HARBOUR + GAP + WIDE_PANEL_W, wide_h = HARBOUR;
  double port_w = HARBOUR, port_h = HARBOUR + 2 * (GAP + PORT_PANEL_H);
  double u_wide, u_port, bw, bh;
  guint top = 1 - MIN (self->bottom_player, 1);

  if (w == self->layout_w && h == self->layout_h && self->u > 0)
    return;
  self->layout_w = w;
  self->layout_h = h;

  u_wide = MIN (w / wide_w, h / wide_h);
  u_port = MIN (w / port_w, h / port_h);
  self->portrait = u_port > u_wide;
  self->u = MAX (1.0, self->portrait ? u_port : u_wide);
  bw = (self->portrait ? port_w : wide_w) * self->u;
  bh = (self->portrait ? port_h : wide_h) * self->u;
  self->ox = floor ((w - bw) / 2);
  self->oy = floor ((h - bh) / 2);

  if (self->portrait)
    {
      /* Origin at the harbour's water square; panels above and below. */
      self->oy += (PORT_PANEL_H + GAP) * self->u;
      self->panel[top] = box_u (self, 0, -(PORT_PANEL_H + GAP), HARBOUR, PORT_PANEL_H);
      self->panel[1 - top] = box_u (self, 0, HARBOUR + GAP, HARBOUR, PORT_PANEL_H);
    }
  else
    {
      double ph = (HARBOUR - GAP) / 2;
      self->panel[top] = box_u (self, HARBOUR + GAP, 0, WIDE_PANEL_W, ph);
      self->panel[1 - top] = box_u (self, HARBOUR + GAP, ph + GAP, WIDE_PANEL_W, ph);
    }
}

static Box
field_box (ImhDuelBoard *self,
           int           field)
{
  return box_u (self, WATER_PAD + field % 3, WATER_PAD + field / 3, 1, 1);
}

static Box
boat_box (ImhDuelBoard *self,
          int           boat)
{
  double off = (1 - BOAT_THICK) / 2;

  if (boat < 3)
    return box_u (self, WATER_PAD + 3 + BOAT_GAP, WATER_PAD + boat + off, BOAT_LEN, BOAT_THICK);
  return box_u (self, WATER_PAD + (boat - 3) + off, WATER_PAD + 3 + BOAT_GAP, BOAT_THICK, BOAT_LEN);
}

static Box
slot_box (ImhDuelBoard *self,
          int           boat,
          int           slot)
{
  Box b = boat_box (self, boat);
  double u = self->u;
  double inset = (BOAT_THICK - SLOT_SIZE) / 2 * u;

  if (boat < 3)
    return (Box) { b.x + 0.08 * u + slot * SLOT_PITCH * u, b.y + inset, SLOT_SIZE * u, SLOT_SIZE * u };
  return (Box) { b.x + inset, b.y + 0.08 * u + slot * SLOT_PITCH * u, SLOT_SIZE * u, SLOT_SIZE * u };
}

/* The square below the row boats and right of the column boats. */
static Box
info_box (ImhDuelBoard *self)
{
  double x = WATER_PAD + 3 + BOAT_GAP + 0.1;
  return box_u (self, x, x, BOAT_LEN - 0.1, BOAT_LEN - 0.1);
}

static Box
button_box (ImhDuelBoard *self,
            int           which)
{
  Box info = info_box (self);
  double u = self->u;

  (void) which;   /* stop and pass never are legal together */
  return (Box) { info.x + 0.1 * u, info.y + info.h - 0.7 * u, info.w - 0.3 * u, 0.58 * u };
}

/* Panel interior: header and five location blocks. */
#define PANEL_HEADER 0.55

static Box
panel_block (ImhDuelBoard *self,
             int           player,
             int           block)
{
  Box p = self->panel[player];
  double u = self->u;
  double pad = 0.1 * u;
  double top = p.y + PANEL_HEADER * u;
  double bw = (p.w - 2 * pad - 4 * pad) / 5;

  return (Box) { p.x + pad + block * (bw + pad), top, bw, p.y + p.h - top - pad };
}

/* The content part of a block, below its label. */
static Box
block_content (ImhDuelBoard *self,
               Box           b)
{
  double label = MIN (0.3 * self->u, b.h * 0.25);
  return (Box) { b.x, b.y + label, b.w, b.h - label };
}

static Box
action_box (ImhDuelBoard *self,
            int           player,
            int           action)
{
  Box c = block_content (self, panel_block (self, player, 4));
  double s = MIN (c.w / 2, c.h / 2) * 0.86;
  double gx = (c.w - 2 * s) / 3, gy = (c.h - 2 * s) / 3;

  return (Box) { c.x + gx + (action % 2) * (s + gx), c.y + gy + (action / 2) * (s + gy), s, s };
}

static Box
site_box (ImhDuelBoard *self,
          int           player,
          guint         code)
{
  int block;

  if (code == IMH_DUEL_TILE_OBELISK)
    block = 0;
  else if (code >= IMH_DUEL_TILE_TEMPLE_1 && code < IMH_DUEL_TILE_CRYPT_1)
    block = 1;
  else if (code == IMH_DUEL_TILE_PYRAMID_LIGHT || code == IMH_DUEL_TILE_PYRAMID_DARK)
    block = 2;
  else if (code >= IMH_DUEL_TILE_CRYPT_1 && code < IMH_DUEL_TILE_ACTION_0)
    block = 3;
  else
    block = 4;
  return block_content (self, panel_block (self, player, block));
}

/* ---- Targets ------------------------------------------------------------------ */

static int
actor (ImhDuelBoard *self)
{
  return self->has_state ? imh_actor (&self->state) : -1;
}

static Box
target_box (ImhDuelBoard *self,
            const Target *t)
{
  switch (t->kind)
    {
    case TARGET_FIELD:
      return field_box (self, t->index);
    case TARGET_BOAT:
      return boat_box (self, t->index);
    case TARGET_ACTION:
      return action_box (self, MAX (actor (self), 0), t->index);
    case TARGET_SLOT:
    case TARGET_SWAP_SLOT:
      return slot_box (self, t->index / 3, t->index % 3);
    case TARGET_BUTTON:
    default:
      return button_box (self, t->index);
    }
}

static const int swap_pairs[3][2] = { { 0, 1 }, { 0, 2 }, { 1, 2 } };

static void
add_target (ImhDuelBoard *self,
            TargetKind    kind,
            int           index,
            gboolean      has_decision,
            ImhDecision   d)
{
  for (int i = 0; i < self->n_targets; i++)
    if (self->targets[i].kind == kind && self->targets[i].index == index)
      return;
  if (self->n_targets >= MAX_TARGETS)
    return;
  self->targets[self->n_targets++] = (Target) { kind, index, has_decision, d };
}

static void
rebuild_targets (ImhDuelBoard *self)
{
  int old_focus_kind = -1, old_focus_index = -1;

  if (self->focus >= 0 && self->focus < self->n_targets)
    {
      old_focus_kind = self->targets[self->focus].kind;
      old_focus_index = self->targets[self->focus].index;
    }
  self->n_targets = 0;
  self->hover = -1;

  if (!self->has_state || !self->interactive)
    {
      self->focus = -1;
      return;
    }

  for (guint i = 0; i < self->legal.n; i++)
    {
      ImhDecision d = self->legal.d[i];

      if (d < IMH_DUEL_D_UNLOAD)
        add_target (self, TARGET_FIELD, d - IMH_DUEL_D_PLACE, TRUE, d);
      else if (d < IMH_DUEL_D_PLAY)
        add_target (self, TARGET_BOAT, d - IMH_DUEL_D_UNLOAD, TRUE, d);
      else if (d < IMH_DUEL_D_TAKE)
        add_target (self, TARGET_ACTION, d - IMH_DUEL_D_PLAY, TRUE, d);
      else if (d < IMH_DUEL_D_SWAP)
        add_target (self, TARGET_SLOT, d - IMH_DUEL_D_TAKE, TRUE, d);
      else if (d < IMH_DUEL_D_STOP)
        {
          int boat = (d - IMH_DUEL_D_SWAP) / 3;
          int pair = (d - IMH_DUEL_D_SWAP) % 3;
          int a = boat * 3 + swap_pairs[pair][0], b = boat * 3 + swap_pairs[pair][1];

          if (self->swap_first < 0)
            {
              add_target (self, TARGET_SWAP_SLOT, a, FALSE, 0);
              add_target (self, TARGET_SWAP_SLOT, b, FALSE, 0);
            }
          else if (self->swap_first == a)
            add_target (self, TARGET_SWAP_SLOT, b, TRUE, d);
          else if (self->swap_first == b)
            add_target (self, TARGET_SWAP_SLOT, a, TRUE, d);
        }
      else if (d == IMH_DUEL_D_STOP)
        add_target (self, TARGET_BUTTON, 0, TRUE, d);
      else if (d == IMH_DUEL_D_PASS)
        add_target (self, TARGET_BUTTON, 1, TRUE, d);
    }

  self->focus = -1;
  for (int i = 0; i < self->n_targets; i++)
    if ((int) self->targets[i].kind == old_focus_kind && self->targets[i].index == old_focus_index)
      self->focus = i;
}

static char *
target_name (ImhDuelBoard *self,
             const Target *t)
{
  if (t->has_decision)
    return imh_texts_decision (&self->state, t->decision);

  /* The first pick of a swap. */
  {
    int boat = t->index / 3, slot = t->index % 3 + 1;
    if (boat < 3)
      return g_strdup_printf (_("Swap: choose slot %d of the boat at row %d"), slot, boat + 1);
    return g_strdup_printf (_("Swap: choose slot %d of the boat at column %d"), slot, boat - 3 + 1);
  }
}

/* "Everything revealed" in words: the pile in draw order, three tiles (one
 * boat's refill) at a time, then the reserve, top first. *n_named: the
 * number of tiles named. */
static char *
revealed_text (ImhDuelBoard *self,
               int          *n_named)
{
  const ImhDuel *d = duel (self);
  GString *text = g_string_new (NULL);
  int n = 0;

  g_string_append_printf (text, _("Next draws: %d"), d->pile_n);
  for (int i = 0; i < d->pile_n; i++)
    {
      g_autofree char *name = imh_texts_duel_tile_name (d->pile[d->pile_n - 1 - i]);

      if (i % 3 == 0)
        {
          g_string_append (text, ". ");
          g_string_append_printf (text, _("Refill %d:"), i / 3 + 1);
          g_string_append_c (text, ' ');
        }
      else
        g_string_append (text, ", ");
      g_string_append (text, name);
      n++;
    }
  g_string_append (text, ". ");
  g_string_append_printf (text, _("Reserve: %d"), d->reserve_n);
  for (int i = 0; i < d->reserve_n; i++)
    {
      g_autofree char *name = imh_texts_duel_tile_name (d->reserve[d->reserve_n - 1 - i]);

      if (i == 0)
        {
          g_string_append (text, ". ");
          g_string_append (text, _("Top first:"));
          g_string_append_c (text, ' ');
        }
      else
        g_string_append (text, ", ");
      g_string_append (text, name);
      n++;
    }
  *n_named = n;
  return g_string_free (text, FALSE);
}

static void
update_accessible (ImhDuelBoard *self)
{
  g_autofree char *name = NULL;

  if (self->focus >= 0 && self->focus < self->n_targets)
    name = target_name (self, &self->targets[self->focus]);
  else if (self->n_targets > 0)
    name = g_strdup_printf (ngettext ("%d choice: use the arrow keys to choose, Enter to play",
                                      "%d choices: use the arrow keys to choose, Enter to play",
                                      self->n_targets), self->n_targets);
  else
    name = g_strdup (_("No choice to make here"));
  if (self->reveal_hidden && self->has_state)
    {
      g_autofree char *hidden = revealed_text (self, &self->n_revealed);
      char *both = g_strconcat (name, ". ", hidden, NULL);
      g_free (name);
      name = both;
    }
  else
    self->n_revealed = 0;
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, name,
                                  -1);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self),
                               self->focus >= 0 && gtk_widget_has_focus (GTK_WIDGET (self))
                               ? name : NULL);
}

static void
decide (ImhDuelBoard *self,
        ImhDecision   d)
{
  set_swap_first (self, -1);
  g_signal_emit (self, signals[SIGNAL_DECIDE], 0, (guint) d);
}

static void
activate_target (ImhDuelBoard *self,
                 int           i)
{
  const Target *t;

  if (i < 0 || i >= self->n_targets)
    return;
  t = &self->targets[i];
  if (t->has_decision)
    {
      decide (self, t->decision);
      return;
    }
  /* First pick of a swap: remember it and offer the partners. */
  set_swap_first (self, t->index);
  rebuild_targets (self);
  for (int j = 0; j < self->n_targets; j++)
    if (self->targets[j].kind == TARGET_SWAP_SLOT)
      {
        self->focus = j;
        break;
      }
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static int
target_at (ImhDuelBoard *self,
           double        x,
           double        y)
{
  ensure_layout (self);
  /* Slots before boats: a slot lies on its boat. */
  for (int pass = 0; pass < 2; pass++)
    for (int i = 0; i < self->n_targets; i++)
      {
        const Target *t = &self->targets[i];
        Box b;

        if ((pass == 0) != (t->kind == TARGET_SLOT || t->kind == TARGET_SWAP_SLOT))
          continue;
        b = target_box (self, t);
        if (x >= b.x && x < b.x + b.w && y >= b.y && y < b.y + b.h)
          return i;
      }
  return -1;
}

/* ---- Drawing -------------------------------------------------------------------- */

static void
stroke_box (cairo_t       *cr,
            Box            b,
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

static void
fill_box (cairo_t       *cr,
          Box            b,
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

/* Who gets which slot when the boat is unloaded now (D2): -1 nobody. */
static void
unload_preview (ImhDuelBoard *self,
                int           boat,
                int           receiver[3])
{
  const ImhDuel *d = duel (self);
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
              const ImhDuelPalette *pal)
{
  const ImhDuel *d = duel (self);
  double u = self->u;
  Box water = box_u (self, 0, 0, HARBOUR, HARBOUR);
  int preview_boat = -1;
  int receiver[3];

  if (self->hover >= 0 && self->targets[self->hover].kind == TARGET_BOAT)
    preview_boat = self->targets[self->hover].index;

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
    Box h = box_u (self, WATER_PAD, WATER_PAD, 3, 3);
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
        fill_box (cr, field_box (self, fields[i]), 0.05 * u, &pal->accent, 0.18);
    }
  for (int f = 0; f < IMH_DUEL_N_FIELDS; f++)
    {
      Box b = field_box (self, f);
      for (int p = 0; p < 2; p++)
        if (d->meeples[p] & (1u << f))
          imh_art_meeple (cr, p, b.x + 0.15 * u, b.y + 0.1 * u, 0.7 * u, 0.8 * u, FALSE);
    }

  /* Boats and their tiles. */
  for (int boat = 0; boat < IMH_DUEL_N_BOATS; boat++)
    {
      gboolean alive = (d->boats_alive >> boat) & 1;
      Box b = boat_box (self, boat);

      imh_art_boat (cr, pal, b.x, b.y, b.w, b.h, boat >= 3, alive);
      if (!alive)
        continue;
      if (preview_boat == boat)
        unload_preview (self, boat, receiver);
      for (int s = 0; s < IMH_DUEL_N_SLOTS; s++)
        {
          Box sb = slot_box (self, boat, s);
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
          if (self->swap_first == boat * 3 + s)
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
           const ImhDuelPalette *pal)
{
  const ImhDuel *d = duel (self);
  Box info = info_box (self);
  double u = self->u;
  double ts = 0.5 * u;
  double row = 0.62 * u;
  int removed = 0;
  char buf[64];
  ImhRgba light = { 1, 1, 1, 0.95 };
  double removed_y = info.y + 0.1 * u + 2 * row, removed_h = ts;

  for (int c = 0; c < IMH_DUEL_N_TILE_CODES; c++)
    removed += d->removed[c];

  if (self->reveal_hidden)
    {
      /* Everything revealed: the pile in draw order and the reserve, down
       * to the "Removed" line (and above the buttons, if any). */
      Box area = { info.x + 0.1 * u, info.y + 0.05 * u, info.w - 0.2 * u, 0 };

      removed_y = info.y + info.h - 0.4 * u;
      for (int i = 0; i < self->n_targets; i++)
        if (self->targets[i].kind == TARGET_BUTTON)
          removed_y = MIN (removed_y, button_box (self, self->targets[i].index).y - 0.36 * u);
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

  for (int i = 0; i < self->n_targets; i++)
    {
      const Target *t = &self->targets[i];
      Box b;

      if (t->kind != TARGET_BUTTON)
        continue;
      b = button_box (self, t->index);
      fill_box (cr, b, b.h / 2, &pal->accent, self->hover == i ? 1.0 : 0.85);
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

/* A count on a small tile: a dark pill at its lower right corner. */
static void
draw_badge (cairo_t      *cr,
            int           n,
            double        x,
            double        y,
            double        s)
{
  char buf[16];
  double h = s * 0.42, w = s * 0.6;
  ImhRgba white = { 1, 1, 1, 1 };

  g_snprintf (buf, sizeof buf, "×%d", n);
  imh_art_rounded_rect (cr, x + s - w * 0.75, y + s - h * 0.7, w, h, h / 2);
  cairo_set_source_rgba (cr, 0.15, 0.12, 0.08, 0.92);
  cairo_fill (cr);
  imh_art_text (cr, buf, x + s - w * 0.75, y + s - h * 0.7, w, h, h * 0.75, TRUE,
                PANGO_ALIGN_CENTER, &white);
}

/* The obelisk as the rulebook builds it: a stack of tiles, one block each,
 * topped by its pyramidion; the side B thresholds (5, 10) as ticks. */
static void
draw_obelisk_stack (cairo_t              *cr,
                    const ImhDuelPalette *pal,
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
                    const ImhDuelPalette *pal,
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
            const ImhDuelPalette *pal,
            int                   player,
            const ImhScore       *score)
{
  const ImhDuel *d = duel (self);
  Box p = self->panel[player];
  double u = self->u;
  gboolean to_move = actor (self) == player;
  int on_harbour = __builtin_popcount (d->meeples[player]);
  static const char *const site_ids[4] = { "obelisk", "temple", "pyramids", "crypt" };
  ImhRgba faint = pal->text;
  char buf[64];

  faint.a = 0.55;
  fill_box (cr, p, 0.2 * u, to_move ? &pal->panel_active : &pal->panel, 1.0);
  if (to_move)
    stroke_box (cr, p, 0, 0.2 * u, MAX (2.0, 0.05 * u), &pal->accent);

  /* Header: meeple shape, name, meeples in supply, total. */
  imh_art_meeple (cr, player, p.x + 0.12 * u, p.y + 0.06 * u, 0.4 * u, 0.46 * u, FALSE);
  imh_art_text (cr, self->names[player] ? self->names[player] : "", p.x + 0.6 * u, p.y + 0.05 * u,
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
      Box b = panel_block (self, player, block);
      Box c = block_content (self, b);
      const char *label;
      double ls = MIN (0.22 * u, b.h * 0.16);

      cairo_save (cr);
      imh_art_rounded_rect (cr, b.x, b.y, b.w, b.h, 0.1 * u);
      cairo_set_source_rgba (cr, pal->dark ? 1 : 0, pal->dark ? 1 : 0, pal->dark ? 1 : 0, 0.06);
      cairo_fill (cr);
      cairo_restore (cr);

      if (block < 4)
        {
          label = imh_texts_site_name (site_ids[block]);
          g_snprintf (buf, sizeof buf, "%s · %c", label, ((d->sides >> block) & 1) ? 'B' : 'A');
        }
      else
        g_snprintf (buf, sizeof buf, "%s", C_("board", "Actions"));
      ls = imh_art_fit_size (cr, buf, b.w - 0.1 * u, ls, FALSE);
      imh_art_text (cr, buf, b.x + 0.04 * u, b.y, b.w - 0.08 * u, c.y - b.y, ls, FALSE,
                    PANGO_ALIGN_CENTER, &faint);

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
                    imh_art_text (cr, buf, x, y, s, s, s * 0.5, TRUE, PANGO_ALIGN_CENTER, &white);
                  }
                else
                  {
                    ImhRgba dim = faint;
                    dim.a = 0.35;
                    imh_art_set (cr, &dim);
                    cairo_set_line_width (cr, 1.0);
                    cairo_stroke (cr);
                    imh_art_text (cr, buf, x, y, s, s, s * 0.42, FALSE, PANGO_ALIGN_CENTER, &dim);
                  }
              }
          }
          break;
        case 4:
          for (int a = 0; a < IMH_DUEL_N_ACTIONS; a++)
            {
              Box ab = action_box (self, player, a);
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

static Box
decision_box (ImhDuelBoard *self,
              ImhDecision   d,
              gboolean     *has_second,
              Box          *second)
{
  *has_second = FALSE;
  if (d < IMH_DUEL_D_UNLOAD)
    return field_box (self, d - IMH_DUEL_D_PLACE);
  if (d < IMH_DUEL_D_PLAY)
    return boat_box (self, d - IMH_DUEL_D_UNLOAD);
  if (d < IMH_DUEL_D_TAKE)
    return action_box (self, MAX (actor (self), 0), d - IMH_DUEL_D_PLAY);
  if (d < IMH_DUEL_D_SWAP)
    return slot_box (self, (d - IMH_DUEL_D_TAKE) / 3, (d - IMH_DUEL_D_TAKE) % 3);
  if (d < IMH_DUEL_D_STOP)
    {
      int boat = (d - IMH_DUEL_D_SWAP) / 3, pair = (d - IMH_DUEL_D_SWAP) % 3;
      *has_second = TRUE;
      *second = slot_box (self, boat, swap_pairs[pair][1]);
      return slot_box (self, boat, swap_pairs[pair][0]);
    }
  return button_box (self, d == IMH_DUEL_D_PASS);
}

static void
draw_targets (ImhDuelBoard         *self,
              cairo_t              *cr,
              const ImhDuelPalette *pal)
{
  double u = self->u;
  int a = actor (self);

  for (int i = 0; i < self->n_targets; i++)
    {
      const Target *t = &self->targets[i];
      Box b = target_box (self, t);
      gboolean hovered = self->hover == i;

      if (t->kind == TARGET_BUTTON)
        continue;
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

  if (self->focus >= 0 && self->focus < self->n_targets && gtk_widget_has_focus (GTK_WIDGET (self)))
    {
      Box b = target_box (self, &self->targets[self->focus]);
      double dash[] = { 0.12 * u, 0.08 * u };
      cairo_save (cr);
      cairo_set_dash (cr, dash, 2, 0);
      stroke_box (cr, b, 0.1 * u, 0.16 * u, MAX (2.0, 0.06 * u), &pal->text);
      cairo_restore (cr);
    }
}

/* The decision that led to this position, softly marked. */
static void
draw_last (ImhDuelBoard         *self,
           cairo_t              *cr,
           const ImhDuelPalette *pal)
{
  double u = self->u;
  double dash[] = { 0.1 * u, 0.07 * u };
  gboolean has_second;
  Box second, b;
  ImhRgba c = pal->text;

  if (!self->has_last || self->last_decision == IMH_DUEL_D_STOP
      || self->last_decision == IMH_DUEL_D_PASS
      || (self->last_decision >= IMH_DUEL_D_PLAY && self->last_decision < IMH_DUEL_D_TAKE))
    return;
  c.a = 0.55;
  b = decision_box (self, self->last_decision, &has_second, &second);
  cairo_save (cr);
  cairo_set_dash (cr, dash, 2, 0);
  stroke_box (cr, b, -0.06 * u, 0.1 * u, MAX (1.5, 0.035 * u), &c);
  if (has_second)
    stroke_box (cr, second, -0.06 * u, 0.1 * u, MAX (1.5, 0.035 * u), &c);
  cairo_restore (cr);
}

/* One of several numbered hints: rank 1 (the best) with a thick solid
 * outline and a filled badge, the others dashed with an outlined badge;
 * the win probability inside the target, at its foot, where it fits. */
static void
draw_ranked_hint (ImhDuelBoard         *self,
                  cairo_t              *cr,
                  const ImhDuelPalette *pal,
                  guint                 rank,
                  ImhDecision           d,
                  double                win,
                  gboolean              outline)
{
  double u = self->u;
  double dash[] = { 0.14 * u, 0.09 * u };
  gboolean has_second, best = rank == 1;
  Box second, b, badge, pill;
  char buf[32];
  ImhRgba back = pal->hint;
  const ImhRgba *ink = &pal->hint;

  /* The page's colour: white, or near black in the dark style (where the
   * hint colour is light, so dark text on it). */
  back.r = back.g = back.b = 1.0;
  if (adw_style_manager_get_dark (adw_style_manager_get_default ()))
    back.r = back.g = back.b = 0.12;
  if (best)
    ink = &back;
  b = decision_box (self, d, &has_second, &second);
  if (!outline)
    goto badge;
  cairo_save (cr);
  if (!best)
    cairo_set_dash (cr, dash, 2, 0);
  stroke_box (cr, b, best ? 0.08 * u : 0.02 * u, 0.14 * u,
              best ? MAX (3.0, 0.1 * u) : MAX (2.0, 0.06 * u), &pal->hint);
  if (has_second)
    stroke_box (cr, second, best ? 0.08 * u : 0.02 * u, 0.14 * u,
                best ? MAX (3.0, 0.1 * u) : MAX (2.0, 0.06 * u), &pal->hint);
  cairo_restore (cr);
  return;

badge:
  badge.w = badge.h = MAX (16.0, 0.42 * u);
  badge.x = CLAMP (b.x - badge.w * 0.35, 0, self->layout_w - badge.w);
  badge.y = CLAMP (b.y - badge.h * 0.35, 0, self->layout_h - badge.h);
  fill_box (cr, badge, badge.w / 2, best ? &pal->hint : &back, 1.0);
  stroke_box (cr, badge, 0, badge.w / 2, MAX (1.5, 0.04 * u), &pal->hint);
  g_snprintf (buf, sizeof buf, "%u", rank);
  imh_art_text (cr, buf, badge.x, badge.y, badge.w, badge.h, badge.h * 0.55, TRUE,
                PANGO_ALIGN_CENTER, ink);

  /* The percentage only where it fits (not on a phone's small board). */
  if (0.22 * u < 8.0 || b.w < 0.6 * u)
    return;
  /* Translators: win probability on a numbered hint on the board */
  g_snprintf (buf, sizeof buf, _("%.0f%%"), win * 100.0);
  pill.h = 0.32 * u;
  pill.w = MIN (0.72 * u, b.w - 0.08 * u);
  pill.x = b.x + (b.w - pill.w) / 2;
  pill.y = b.y + b.h - pill.h - 0.06 * u;
  fill_box (cr, pill, pill.h / 2, best ? &pal->hint : &back, best ? 1.0 : 0.92);
  imh_art_text (cr, buf, pill.x, pill.y, pill.w, pill.h, 0.22 * u, TRUE,
                PANGO_ALIGN_CENTER, ink);
}

static void
draw_hint (ImhDuelBoard         *self,
           cairo_t              *cr,
           const ImhDuelPalette *pal)
{
  double u = self->u;
  gboolean has_second;
  Box second, b, label;
  char buf[64];
  ImhRgba white = { 1, 1, 1, 1 };

  if (!self->hint_visible)
    return;
  if (self->n_more_hints > 0)
    {
      /* Outlines, then badges over all outlines; worst first, so the
       * best is on top. */
      for (int pass = 1; pass >= 0; pass--)
        {
          for (guint i = self->n_more_hints; i > 0; i--)
            draw_ranked_hint (self, cr, pal, i + 1, self->more_hints[i - 1], self->more_wins[i - 1], pass);
          draw_ranked_hint (self, cr, pal, 1, self->hint_decision, self->hint_win, pass);
        }
      return;
    }
  b = decision_box (self, self->hint_decision, &has_second, &second);
  stroke_box (cr, b, 0.08 * u, 0.16 * u, MAX (3.0, 0.1 * u), &pal->hint);
  if (has_second)
    {
      stroke_box (cr, second, 0.08 * u, 0.16 * u, MAX (3.0, 0.1 * u), &pal->hint);
      b.w = second.x + second.w - b.x;
      b.h = second.y + second.h - b.y;
    }
  /* The badge: win probability of the player to move. */
  g_snprintf (buf, sizeof buf, _("Best · %.0f%% win"), self->hint_win * 100.0);
  label.w = 2.3 * u;
  label.h = 0.48 * u;
  label.x = CLAMP (b.x + b.w / 2 - label.w / 2, 0, self->layout_w - label.w);
  label.y = b.y - label.h - 0.12 * u;
  if (label.y < 0)
    label.y = b.y + b.h + 0.12 * u;
  fill_box (cr, label, label.h / 2, &pal->hint, 1.0);
  imh_art_text (cr, buf, label.x, label.y, label.w, label.h, 0.26 * u, TRUE,
                PANGO_ALIGN_CENTER, &white);
}

static void
draw_flights (ImhDuelBoard *self,
              cairo_t      *cr)
{
  double t = self->anim_t;
  double e = 1 - (1 - t) * (1 - t);   /* ease out */

  for (int i = 0; i < self->n_flights; i++)
    {
      const Flight *f = &self->flights[i];
      double size = f->from.w + (MIN (f->to.w, f->to.h) * 0.6 - f->from.w) * e;
      double cx = f->from.x + f->from.w / 2 + (f->to.x + f->to.w / 2 - f->from.x - f->from.w / 2) * e;
      double cy = f->from.y + f->from.h / 2 + (f->to.y + f->to.h / 2 - f->from.y - f->from.h / 2) * e;

      cairo_push_group (cr);
      imh_art_tile (cr, f->code, cx - size / 2, cy - size / 2, size);
      cairo_pop_group_to_source (cr);
      cairo_paint_with_alpha (cr, 1.0 - 0.5 * e);
    }
}

static void
get_palette (ImhDuelBoard   *self,
             ImhDuelPalette *pal)
{
  GtkStyleContext *style = gtk_widget_get_style_context (GTK_WIDGET (self));
  GdkRGBA fg, accent;
  ImhRgba text, acc;
  gboolean dark = adw_style_manager_get_dark (adw_style_manager_get_default ());

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (style, &fg);
  if (!gtk_style_context_lookup_color (style, "accent_bg_color", &accent))
    accent = (GdkRGBA) { 0.21, 0.52, 0.89, 1.0 };
  G_GNUC_END_IGNORE_DEPRECATIONS
  text = (ImhRgba) { fg.red, fg.green, fg.blue, fg.alpha };
  acc = (ImhRgba) { accent.red, accent.green, accent.blue, 1.0 };
  imh_duel_palette_init (pal, dark, &text, &acc);
}

static void
imh_duel_board_snapshot (GtkWidget   *widget,
                         GtkSnapshot *snapshot)
{
  ImhDuelBoard *self = IMH_DUEL_BOARD (widget);
  int w = gtk_widget_get_width (widget);
  int h = gtk_widget_get_height (widget);
  ImhDuelPalette pal;
  ImhScore score;
  cairo_t *cr;

  if (!self->has_state || w <= 0 || h <= 0)
    return;
  ensure_layout (self);
  get_palette (self, &pal);
  imh_score (&self->state, &score);

  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, h));
  draw_harbour (self, cr, &pal);
  draw_info (self, cr, &pal);
  for (int p = 0; p < 2; p++)
    draw_panel (self, cr, &pal, p, &score);
  draw_last (self, cr, &pal);
  draw_targets (self, cr, &pal);
  draw_hint (self, cr, &pal);
  if (self->n_flights > 0)
    draw_flights (self, cr);
  cairo_destroy (cr);
}

static void
imh_duel_board_measure (GtkWidget      *widget,
                        GtkOrientation  orientation,
                        int             for_size,
                        int            *minimum,
                        int            *natural,
                        int            *minimum_baseline,
                        int            *natural_baseline)
{
  /* Small enough for a 360 × 294 window; the natural width decides where
   * the play view's sidebar folds away. */
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 280;
      *natural = 700;
    }
  else
    {
      *minimum = 180;
      *natural = 560;
    }
}

static void
imh_duel_board_size_allocate (GtkWidget *widget,
                              int        width,
                              int        height,
                              int        baseline)
{
  ImhDuelBoard *self = IMH_DUEL_BOARD (widget);

  self->layout_w = -1;
  self->u = 0;
  (void) width;
  (void) height;
  (void) baseline;
}

/* ---- Animation ------------------------------------------------------------------ */

static gboolean
animations_enabled (ImhDuelBoard *self)
{
  gboolean enabled = TRUE;

  g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)), "gtk-enable-animations", &enabled, NULL);
  return enabled;
}

static gboolean
on_tick (GtkWidget     *widget,
         GdkFrameClock *clock,
         gpointer       user_data)
{
  ImhDuelBoard *self = IMH_DUEL_BOARD (widget);
  gint64 now = gdk_frame_clock_get_frame_time (clock);

  if (self->anim_start == 0)
    self->anim_start = now;
  self->anim_t = CLAMP ((double) (now - self->anim_start) / ANIM_USEC, 0.0, 1.0);
  gtk_widget_queue_draw (widget);
  if (self->anim_t >= 1.0)
    {
      self->n_flights = 0;
      self->tick_id = 0;
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

static void
stop_animation (ImhDuelBoard *self)
{
  if (self->tick_id != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
  self->tick_id = 0;
  self->n_flights = 0;
}

/* Tiles that went from the boats to a player's locations between two
 * positions fly there. */
static void
start_flights (ImhDuelBoard  *self,
               const ImhDuel *old)
{
  const ImhDuel *d = duel (self);
  gboolean used[IMH_DUEL_N_BOATS][IMH_DUEL_N_SLOTS] = { { FALSE } };

  stop_animation (self);
  if (!animations_enabled (self) || !gtk_widget_get_mapped (GTK_WIDGET (self)))
    return;
  ensure_layout (self);

  for (int p = 0; p < 2; p++)
    {
      guint gained[16];
      int n = 0;

      for (int i = 0; i < d->obelisk[p] - old->obelisk[p] && n < 16; i++)
        gained[n++] = IMH_DUEL_TILE_OBELISK;
      for (int k = 0; k < 2; k++)
        for (int i = 0; i < d->pyramid[p][k] - old->pyramid[p][k] && n < 16; i++)
          gained[n++] = IMH_DUEL_TILE_PYRAMID_LIGHT + k;
      for (int k = 0; k < 4; k++)
        for (int i = 0; i < d->temple[p][k] - old->temple[p][k] && n < 16; i++)
          gained[n++] = IMH_DUEL_TILE_TEMPLE_1 + k;
      for (int k = 0; k < 12 && n < 16; k++)
        if (((d->crypt[p] >> k) & 1) && !((old->crypt[p] >> k) & 1))
          gained[n++] = IMH_DUEL_TILE_CRYPT_1 + k;
      for (int k = 0; k < IMH_DUEL_N_ACTIONS; k++)
        for (int i = 0; i < d->actions[p][k] - old->actions[p][k] && n < 16; i++)
          gained[n++] = IMH_DUEL_TILE_ACTION_0 + k;

      for (int i = 0; i < n && self->n_flights < MAX_FLIGHTS; i++)
        for (int b = 0; b < IMH_DUEL_N_BOATS; b++)
          for (int s = 0; s < IMH_DUEL_N_SLOTS; s++)
            if (!used[b][s] && old->boat[b][s] == gained[i])
              {
                used[b][s] = TRUE;
                self->flights[self->n_flights++] = (Flight) {
                  gained[i], slot_box (self, b, s), site_box (self, p, gained[i])
                };
                goto next;
              }
    next:
      ;
    }

  if (self->n_flights > 0)
    {
      self->anim_start = 0;
      self->anim_t = 0;
      self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), on_tick, NULL, NULL);
    }
}

/* ---- Input ---------------------------------------------------------------------- */

static void
set_hover (ImhDuelBoard *self,
           int           hover)
{
  if (hover == self->hover)
    return;
  self->hover = hover;
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), hover >= 0 ? "pointer" : NULL);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_motion (GtkEventControllerMotion *motion,
           double                    x,
           double                    y,
           ImhDuelBoard             *self)
{
  set_hover (self, target_at (self, x, y));
}

static void
on_leave (GtkEventControllerMotion *motion,
          ImhDuelBoard             *self)
{
  set_hover (self, -1);
}

static void
on_click (GtkGestureClick *gesture,
          int              n_press,
          double           x,
          double           y,
          ImhDuelBoard    *self)
{
  int i = target_at (self, x, y);

  if (i < 0)
    {
      if (self->swap_first >= 0)
        {
          set_swap_first (self, -1);
          rebuild_targets (self);
          update_accessible (self);
          gtk_widget_queue_draw (GTK_WIDGET (self));
        }
      return;
    }
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  self->focus = i;
  activate_target (self, i);
}

static void
board_decide (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  ImhDuelBoard *self = IMH_DUEL_BOARD (widget);
  const char *text = g_variant_get_string (parameter, NULL);
  ImhDecision d;

  if (!self->has_state || !self->interactive)
    return;
  if (!imh_rules_of (&self->state)->decision_from_text (&self->state, text, &d)
      || !imh_is_legal (&self->state, d))
    {
      g_debug ("Not a legal decision here: “%s”", text);
      return;
    }
  decide (self, d);
}

static void
board_move_focus (ImhDuelBoard *self,
                  int           delta)
{
  if (self->n_targets == 0)
    return;
  if (self->focus < 0)
    self->focus = delta > 0 ? 0 : self->n_targets - 1;
  else
    self->focus = (self->focus + delta + self->n_targets) % self->n_targets;
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Arrow keys: the nearest target in that direction (targets straight
 * ahead preferred over ones off to the side); none: the next in order. */
static void
board_move_direction (ImhDuelBoard *self,
                      double        dx,
                      double        dy)
{
  Box from;
  double fx, fy, best_score = G_MAXDOUBLE;
  int best = -1;

  if (self->n_targets == 0)
    return;
  ensure_layout (self);
  if (self->focus < 0 || self->focus >= self->n_targets)
    {
      board_move_focus (self, dx + dy > 0 ? 1 : -1);
      return;
    }
  from = target_box (self, &self->targets[self->focus]);
  fx = from.x + from.w / 2;
  fy = from.y + from.h / 2;
  for (int i = 0; i < self->n_targets; i++)
    {
      Box b;
      double ahead, aside, score;

      if (i == self->focus)
        continue;
      b = target_box (self, &self->targets[i]);
      ahead = (b.x + b.w / 2 - fx) * dx + (b.y + b.h / 2 - fy) * dy;
      aside = fabs ((b.x + b.w / 2 - fx) * dy - (b.y + b.h / 2 - fy) * dx);
      if (ahead <= 1.0)
        continue;
      score = ahead + 2.5 * aside;
      if (score < best_score)
        {
          best_score = score;
          best = i;
        }
    }
  if (best < 0)
    {
      board_move_focus (self, dx + dy > 0 ? 1 : -1);
      return;
    }
  self->focus = best;
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
board_move (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  int dx, dy;

  g_variant_get (parameter, "(ii)", &dx, &dy);
  board_move_direction (IMH_DUEL_BOARD (widget), dx, dy);
}

static void
board_next_target (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  board_move_focus (IMH_DUEL_BOARD (widget), 1);
}

static void
board_previous_target (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  board_move_focus (IMH_DUEL_BOARD (widget), -1);
}

static void
board_activate_target (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  ImhDuelBoard *self = IMH_DUEL_BOARD (widget);

  if (self->focus >= 0)
    activate_target (self, self->focus);
  else if (self->hint_visible && self->interactive && imh_is_legal (&self->state, self->hint_decision))
    decide (self, self->hint_decision);
}

static void
board_cancel (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  ImhDuelBoard *self = IMH_DUEL_BOARD (widget);

  if (self->swap_first < 0)
    return;
  set_swap_first (self, -1);
  rebuild_targets (self);
  update_accessible (self);
  gtk_widget_queue_draw (widget);
}

static void
on_focus_changed (ImhDuelBoard *self)
{
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* ---- GObject ------------------------------------------------------------------------ */

static void
imh_duel_board_dispose (GObject *object)
{
  ImhDuelBoard *self = IMH_DUEL_BOARD (object);

  stop_animation (self);
  g_signal_handlers_disconnect_by_data (adw_style_manager_get_default (), self);

  G_OBJECT_CLASS (imh_duel_board_parent_class)->dispose (object);
}

static void
imh_duel_board_finalize (GObject *object)
{
  ImhDuelBoard *self = IMH_DUEL_BOARD (object);

  g_free (self->names[0]);
  g_free (self->names[1]);

  G_OBJECT_CLASS (imh_duel_board_parent_class)->finalize (object);
}

static void
imh_duel_board_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  ImhDuelBoard *self = IMH_DUEL_BOARD (object);

  switch (prop_id)
    {
    case PROP_INTERACTIVE:
      g_value_set_boolean (value, self->interactive);
      break;
    case PROP_HINT_VISIBLE:
      g_value_set_boolean (value, self->hint_visible);
      break;
    case PROP_BOTTOM_PLAYER:
      g_value_set_uint (value, self->bottom_player);
      break;
    case PROP_SWAP_PENDING:
      g_value_set_boolean (value, self->swap_first >= 0);
      break;
    case PROP_REVEAL_HIDDEN:
      g_value_set_boolean (value, self->reveal_hidden);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imh_duel_board_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  ImhDuelBoard *self = IMH_DUEL_BOARD (object);

  switch (prop_id)
    {
    case PROP_BOTTOM_PLAYER:
      imh_duel_board_set_bottom_player (self, g_value_get_uint (value));
      break;
    case PROP_REVEAL_HIDDEN:
      imh_duel_board_set_reveal_hidden (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imh_duel_board_class_init (ImhDuelBoardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = imh_duel_board_dispose;
  object_class->finalize = imh_duel_board_finalize;
  object_class->get_property = imh_duel_board_get_property;
  object_class->set_property = imh_duel_board_set_property;

  widget_class->snapshot = imh_duel_board_snapshot;
  widget_class->measure = imh_duel_board_measure;
  widget_class->size_allocate = imh_duel_board_size_allocate;

  properties[PROP_INTERACTIVE] =
    g_param_spec_boolean ("interactive", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_HINT_VISIBLE] =
    g_param_spec_boolean ("hint-visible", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_BOTTOM_PLAYER] =
    g_param_spec_uint ("bottom-player", NULL, NULL, 0, 1, 0,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_SWAP_PENDING] =
    g_param_spec_boolean ("swap-pending", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  /* Review "everything revealed": the next pile tiles and the reserve face up. */
  properties[PROP_REVEAL_HIDDEN] =
    g_param_spec_boolean ("reveal-hidden", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* decide (decision): the user chose a legal decision. */
  signals[SIGNAL_DECIDE] =
    g_signal_new ("decide", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);

  gtk_widget_class_install_action (widget_class, "board.decide", "s", board_decide);
  gtk_widget_class_install_action (widget_class, "board.next-target", NULL, board_next_target);
  gtk_widget_class_install_action (widget_class, "board.previous-target", NULL, board_previous_target);
  gtk_widget_class_install_action (widget_class, "board.activate-target", NULL, board_activate_target);
  gtk_widget_class_install_action (widget_class, "board.cancel", NULL, board_cancel);

  gtk_widget_class_install_action (widget_class, "board.move", "(ii)", board_move);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, 0, "board.move", "(ii)", 1, 0);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Down, 0, "board.move", "(ii)", 0, 1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, 0, "board.move", "(ii)", -1, 0);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Up, 0, "board.move", "(ii)", 0, -1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, 0, "board.activate-target", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Enter, 0, "board.activate-target", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_space, 0, "board.activate-target", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "board.cancel", NULL);

  gtk_widget_class_set_css_name (widget_class, "duelboard");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
imh_duel_board_init (ImhDuelBoard *self)
{
  GtkEventController *motion;
  GtkGesture *click;
  GtkEventController *focus;

  self->hover = -1;
  self->focus = -1;
  self->swap_first = -1;
  self->layout_w = -1;

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_focus_on_click (GTK_WIDGET (self), FALSE);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);

  motion = gtk_event_controller_motion_new ();
  g_signal_connect (motion, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect (motion, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);

  click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  g_signal_connect (click, "released", G_CALLBACK (on_click), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));

  focus = gtk_event_controller_focus_new ();
  g_signal_connect_swapped (focus, "enter", G_CALLBACK (on_focus_changed), self);
  g_signal_connect_swapped (focus, "leave", G_CALLBACK (on_focus_changed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), focus);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Game board"),
                                  -1);
  g_signal_connect_swapped (adw_style_manager_get_default (), "notify::dark",
                            G_CALLBACK (gtk_widget_queue_draw), self);
}

/* ---- Public ------------------------------------------------------------------------- */

GtkWidget *
imh_duel_board_new (void)
{
  return g_object_new (IMH_TYPE_DUEL_BOARD, NULL);
}

void
imh_duel_board_set_state (ImhDuelBoard   *self,
                          const ImhState *state,
                          gboolean        interactive,
                          gboolean        animate)
{
  ImhDuel old;
  gboolean had_state;

  g_return_if_fail (IMH_IS_DUEL_BOARD (self));
  g_return_if_fail (state != NULL && state->kind == IMH_GAME_DUEL);

  had_state = self->has_state;
  old = self->state.u.duel;
  imh_state_copy (&self->state, state);
  self->has_state = TRUE;
  if (imh_is_over (&self->state))
    interactive = FALSE;
  imh_legal (&self->state, &self->legal);
  set_swap_first (self, -1);
  if (self->interactive != interactive)
    {
      self->interactive = interactive;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_INTERACTIVE]);
    }
  rebuild_targets (self);
  update_accessible (self);
  if (animate && had_state)
    start_flights (self, &old);
  else
    stop_animation (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
imh_duel_board_get_interactive (ImhDuelBoard *self)
{
  g_return_val_if_fail (IMH_IS_DUEL_BOARD (self), FALSE);

  return self->interactive;
}

void
imh_duel_board_set_player_name (ImhDuelBoard *self,
                                guint         player,
                                const char   *name)
{
  g_return_if_fail (IMH_IS_DUEL_BOARD (self));
  g_return_if_fail (player < 2);

  g_free (self->names[player]);
  self->names[player] = g_strdup (name);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
imh_duel_board_set_bottom_player (ImhDuelBoard *self,
                                  guint         player)
{
  g_return_if_fail (IMH_IS_DUEL_BOARD (self));

  player = MIN (player, 1);
  if (self->bottom_player == player)
    return;
  self->bottom_player = player;
  self->layout_w = -1;
  self->u = 0;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BOTTOM_PLAYER]);
}

void
imh_duel_board_show_hint (ImhDuelBoard *self,
                          ImhDecision   decision,
                          double        win)
{
  g_return_if_fail (IMH_IS_DUEL_BOARD (self));

  self->hint_decision = decision;
  self->hint_win = win;
  self->n_more_hints = 0;
  /* The keyboard focus goes to the hint, so Enter or Space plays it. */
  for (int i = 0; i < self->n_targets; i++)
    if (self->targets[i].has_decision && self->targets[i].decision == decision)
      self->focus = i;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  if (!self->hint_visible)
    {
      self->hint_visible = TRUE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HINT_VISIBLE]);
    }
}

void
imh_duel_board_clear_hint (ImhDuelBoard *self)
{
  g_return_if_fail (IMH_IS_DUEL_BOARD (self));

  if (!self->hint_visible)
    return;
  self->hint_visible = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HINT_VISIBLE]);
}

void
imh_duel_board_show_hints (ImhDuelBoard      *self,
                           const ImhDecision *decisions,
                           const double      *wins,
                           guint              n)
{
  g_return_if_fail (IMH_IS_DUEL_BOARD (self));
  g_return_if_fail (n == 0 || (decisions != NULL && wins != NULL));

  if (n == 0)
    {
      imh_duel_board_clear_hint (self);
      return;
    }
  n = MIN (n, IMH_DUEL_BOARD_MAX_HINTS);
  imh_duel_board_show_hint (self, decisions[0], wins[0]);
  for (guint i = 1; i < n; i++)
    {
      self->more_hints[i - 1] = decisions[i];
      self->more_wins[i - 1] = wins[i];
    }
  self->n_more_hints = n - 1;
}

guint
imh_duel_board_get_n_hints (ImhDuelBoard *self)
{
  g_return_val_if_fail (IMH_IS_DUEL_BOARD (self), 0);

  return self->hint_visible ? 1 + self->n_more_hints : 0;
}

gboolean
imh_duel_board_get_hint_visible (ImhDuelBoard *self)
{
  g_return_val_if_fail (IMH_IS_DUEL_BOARD (self), FALSE);

  return self->hint_visible;
}

gboolean
imh_duel_board_get_hint (ImhDuelBoard *self,
                         ImhDecision  *decision)
{
  g_return_val_if_fail (IMH_IS_DUEL_BOARD (self), FALSE);

  if (self->hint_visible && decision != NULL)
    *decision = self->hint_decision;
  return self->hint_visible;
}

guint
imh_duel_board_get_n_targets (ImhDuelBoard *self)
{
  g_return_val_if_fail (IMH_IS_DUEL_BOARD (self), 0);

  return self->n_targets;
}

char *
imh_duel_board_dup_target_name (ImhDuelBoard *self,
                                guint         i)
{
  g_return_val_if_fail (IMH_IS_DUEL_BOARD (self), NULL);

  if (i >= (guint) self->n_targets)
    return NULL;
  return target_name (self, &self->targets[i]);
}

gboolean
imh_duel_board_get_animating (ImhDuelBoard *self)
{
  g_return_val_if_fail (IMH_IS_DUEL_BOARD (self), FALSE);

  return self->tick_id != 0;
}

gboolean
imh_duel_board_get_swap_pending (ImhDuelBoard *self)
{
  g_return_val_if_fail (IMH_IS_DUEL_BOARD (self), FALSE);

  return self->swap_first >= 0;
}

void
imh_duel_board_set_reveal_hidden (ImhDuelBoard *self,
                                  gboolean      reveal)
{
  g_return_if_fail (IMH_IS_DUEL_BOARD (self));

  reveal = !!reveal;
  if (self->reveal_hidden == reveal)
    return;
  self->reveal_hidden = reveal;
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REVEAL_HIDDEN]);
}

int
imh_duel_board_get_n_revealed (ImhDuelBoard *self)
{
  g_return_val_if_fail (IMH_IS_DUEL_BOARD (self), 0);

  return self->n_revealed;
}

gboolean
imh_duel_board_get_reveal_hidden (ImhDuelBoard *self)
{
  g_return_val_if_fail (IMH_IS_DUEL_BOARD (self), FALSE);

  return self->reveal_hidden;
}

void
imh_duel_board_set_last_decision (ImhDuelBoard *self,
                                  gboolean      has_last,
                                  ImhDecision   decision)
{
  g_return_if_fail (IMH_IS_DUEL_BOARD (self));

  self->has_last = has_last;
  self->last_decision = decision;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

char *
imh_duel_board_dup_focus_name (ImhDuelBoard *self)
{
  g_return_val_if_fail (IMH_IS_DUEL_BOARD (self), NULL);

  if (self->focus < 0 || self->focus >= self->n_targets)
    return NULL;
  return target_name (self, &self->targets[self->focus]);
}
