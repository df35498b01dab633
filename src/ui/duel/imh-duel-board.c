/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-duel-board.c — the Duel board: layout, targets, animation set-up, descriptions. */
#define G_LOG_DOMAIN "imh-duel-board"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "imh-duel-board-private.h"
#include "imh-texts.h"

G_DEFINE_FINAL_TYPE (ImhDuelBoard, imh_duel_board, IMH_TYPE_BOARD)

/* ---- Layout ---------------------------------------------------------------- */

static void
imh_duel_board_layout (ImhBoard *board,
                       int       w,
                       int       h)
{
  ImhDuelBoard *self = IMH_DUEL_BOARD (board);
  double wide_w = HARBOUR + GAP + WIDE_PANEL_W, wide_h = HARBOUR;
  double port_w = HARBOUR, port_h = HARBOUR + 2 * (GAP + PORT_PANEL_H);
  double u_wide, u_port, bw, bh;
  guint top = 1 - MIN (imh_board_get_bottom_player (board), 1);

  u_wide = MIN (w / wide_w, h / wide_h);
  u_port = MIN (w / port_w, h / port_h);
  self->portrait = u_port > u_wide;
  self->u = MAX (1.0, self->portrait ? u_port : u_wide);
  bw = (self->portrait ? port_w : wide_w) * self->u;
  bh = (self->portrait ? port_h : wide_h) * self->u;
  self->ox = floor ((w - bw) / 2);
  self->oy = floor ((h - bh) / 2);
  _imh_board_set_unit (board, self->u);

  if (self->portrait)
    {
      /* Origin at the harbour's water square; panels above and below. */
      self->oy += (PORT_PANEL_H + GAP) * self->u;
      self->panel[top] = _imh_duel_box_u (self, 0, -(PORT_PANEL_H + GAP), HARBOUR, PORT_PANEL_H);
      self->panel[1 - top] = _imh_duel_box_u (self, 0, HARBOUR + GAP, HARBOUR, PORT_PANEL_H);
    }
  else
    {
      double ph = (HARBOUR - GAP) / 2;
      self->panel[top] = _imh_duel_box_u (self, HARBOUR + GAP, 0, WIDE_PANEL_W, ph);
      self->panel[1 - top] = _imh_duel_box_u (self, HARBOUR + GAP, ph + GAP, WIDE_PANEL_W, ph);
    }
}

Box
_imh_duel_box_u (ImhDuelBoard *self,
                 double        x,
                 double        y,
                 double        w,
                 double        h)
{
  return (Box) { self->ox + x * self->u, self->oy + y * self->u, w * self->u, h * self->u };
}

Box
_imh_duel_field_box (ImhDuelBoard *self,
                     int           field)
{
  return _imh_duel_box_u (self, WATER_PAD + field % 3, WATER_PAD + field / 3, 1, 1);
}

Box
_imh_duel_boat_box (ImhDuelBoard *self,
                    int           boat)
{
  double off = (1 - BOAT_THICK) / 2;

  if (boat < 3)
    return _imh_duel_box_u (self, WATER_PAD + 3 + BOAT_GAP, WATER_PAD + boat + off, BOAT_LEN, BOAT_THICK);
  return _imh_duel_box_u (self, WATER_PAD + (boat - 3) + off, WATER_PAD + 3 + BOAT_GAP, BOAT_THICK, BOAT_LEN);
}

Box
_imh_duel_slot_box (ImhDuelBoard *self,
                    int           boat,
                    int           slot)
{
  Box b = _imh_duel_boat_box (self, boat);
  double u = self->u;
  double inset = (BOAT_THICK - SLOT_SIZE) / 2 * u;

  if (boat < 3)
    return (Box) { b.x + 0.08 * u + slot * SLOT_PITCH * u, b.y + inset, SLOT_SIZE * u, SLOT_SIZE * u };
  return (Box) { b.x + inset, b.y + 0.08 * u + slot * SLOT_PITCH * u, SLOT_SIZE * u, SLOT_SIZE * u };
}

/* The square below the row boats and right of the column boats. */
Box
_imh_duel_info_box (ImhDuelBoard *self)
{
  double x = WATER_PAD + 3 + BOAT_GAP + 0.1;
  return _imh_duel_box_u (self, x, x, BOAT_LEN - 0.1, BOAT_LEN - 0.1);
}

Box
_imh_duel_button_box (ImhDuelBoard *self,
                      int           which)
{
  Box info = _imh_duel_info_box (self);
  double u = self->u;

  (void) which;   /* stop and pass never are legal together */
  return (Box) { info.x + 0.1 * u, info.y + info.h - 0.7 * u, info.w - 0.3 * u, 0.58 * u };
}

/* Panel interior: header and five location blocks. */

Box
_imh_duel_panel_block (ImhDuelBoard *self,
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
Box
_imh_duel_block_content (ImhDuelBoard *self,
                         Box           b)
{
  double label = MIN (0.3 * self->u, b.h * 0.25);
  return (Box) { b.x, b.y + label, b.w, b.h - label };
}

Box
_imh_duel_action_box (ImhDuelBoard *self,
                      int           player,
                      int           action)
{
  Box c = _imh_duel_block_content (self, _imh_duel_panel_block (self, player, 4));
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
  return _imh_duel_block_content (self, _imh_duel_panel_block (self, player, block));
}

/* ---- Targets ------------------------------------------------------------------ */

static Box
imh_duel_board_target_box (ImhBoard             *board,
                           const ImhBoardTarget *t)
{
  ImhDuelBoard *self = IMH_DUEL_BOARD (board);

  switch ((ImhDuelTargetKind) t->kind)
    {
    case TARGET_FIELD:
      return _imh_duel_field_box (self, t->index);
    case TARGET_BOAT:
      return _imh_duel_boat_box (self, t->index);
    case TARGET_ACTION:
      return _imh_duel_action_box (self, MAX (_imh_duel_board_actor (self), 0), t->index);
    case TARGET_SLOT:
    case TARGET_SWAP_SLOT:
      return _imh_duel_slot_box (self, t->index / 3, t->index % 3);
    case TARGET_BUTTON:
    default:
      return _imh_duel_button_box (self, t->index);
    }
}

static const int swap_pairs[3][2] = { { 0, 1 }, { 0, 2 }, { 1, 2 } };

static void
add_target (ImhDuelBoard      *self,
            ImhDuelTargetKind  kind,
            int                index,
            ImhDecision        d)
{
  /* A tile lies on its boat: the tiles win the hit test. */
  int priority = kind == TARGET_SLOT || kind == TARGET_SWAP_SLOT;

  _imh_board_add_target (IMH_BOARD (self), kind, index, priority, &d, 1);
}

/* A swap is two picks: the first tile (a target for every swap with it),
 * then its partner (pending: the picked tile). */
static void
imh_duel_board_collect_targets (ImhBoard             *board,
                                const ImhDecision    *decisions,
                                guint                 n,
                                const ImhBoardTarget *pending)
{
  ImhDuelBoard *self = IMH_DUEL_BOARD (board);

  for (guint i = 0; i < n; i++)
    {
      ImhDecision d = decisions[i];

      if (d < IMH_DUEL_D_UNLOAD)
        add_target (self, TARGET_FIELD, d - IMH_DUEL_D_PLACE, d);
      else if (d < IMH_DUEL_D_PLAY)
        add_target (self, TARGET_BOAT, d - IMH_DUEL_D_UNLOAD, d);
      else if (d < IMH_DUEL_D_TAKE)
        add_target (self, TARGET_ACTION, d - IMH_DUEL_D_PLAY, d);
      else if (d < IMH_DUEL_D_SWAP)
        add_target (self, TARGET_SLOT, d - IMH_DUEL_D_TAKE, d);
      else if (d < IMH_DUEL_D_STOP)
        {
          int boat = (d - IMH_DUEL_D_SWAP) / 3;
          int pair = (d - IMH_DUEL_D_SWAP) % 3;
          int a = boat * 3 + swap_pairs[pair][0], b = boat * 3 + swap_pairs[pair][1];

          if (pending == NULL)
            {
              _imh_board_add_pick_target (board, TARGET_SWAP_SLOT, a, 1, &d, 1);
              _imh_board_add_pick_target (board, TARGET_SWAP_SLOT, b, 1, &d, 1);
            }
          else if (pending->index == a)
            add_target (self, TARGET_SWAP_SLOT, b, d);
          else if (pending->index == b)
            add_target (self, TARGET_SWAP_SLOT, a, d);
        }
      else if (d == IMH_DUEL_D_STOP)
        add_target (self, TARGET_BUTTON, 0, d);
      else if (d == IMH_DUEL_D_PASS)
        add_target (self, TARGET_BUTTON, 1, d);
    }
}

static char *
imh_duel_board_dup_target_name (ImhBoard             *board,
                                const ImhBoardTarget *t)
{
  int boat = t->index / 3, slot = t->index % 3 + 1;

  if (!t->pick)
    return imh_texts_decision (_imh_board_get_state (board), t->decisions[0]);

  /* The first pick of a swap. */
  if (boat < 3)
    return g_strdup_printf (_("Swap: choose slot %d of the boat at row %d"), slot, boat + 1);
  return g_strdup_printf (_("Swap: choose slot %d of the boat at column %d"), slot, boat - 3 + 1);
}

static char *
revealed_text (ImhDuelBoard *self,
               int          *n_named)
{
  const ImhDuel *d = _imh_duel_board_duel (self);
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

static char *
imh_duel_board_describe_hidden (ImhBoard *board,
                                gboolean  revealed,
                                int      *n_named)
{
  *n_named = 0;
  /* As the players see them, the pile and reserve are their counts, drawn. */
  if (!revealed)
    return NULL;
  return revealed_text (IMH_DUEL_BOARD (board), n_named);
}

/* Appends the tiles of code gained, n of them, to a player's list. */
static void
add_tiles (GString *list,
           guint    code,
           int      n)
{
  for (int i = 0; i < n; i++)
    {
      g_autofree char *name = imh_texts_duel_tile_name (code);

      if (list->len > 0)
        g_string_append (list, ", ");
      g_string_append (list, name);
    }
}

/* The tiles each player got ("Ann: Obelisk, Crypt 5; Computer: Temple
 * with 3 symbols") and those that left the game. */
static char *
imh_duel_board_describe_consequences (ImhBoard          *board,
                                      const ImhState    *before,
                                      ImhDecision        decision,
                                      const ImhState    *after,
                                      const char *const *names)
{
  const ImhDuel *a = &before->u.duel;
  const ImhDuel *b = &after->u.duel;
  GString *text = g_string_new (NULL);
  g_autoptr(GString) out = g_string_new (NULL);

  for (int p = 0; p < 2; p++)
    {
      g_autoptr(GString) got = g_string_new (NULL);

      add_tiles (got, IMH_DUEL_TILE_OBELISK, b->obelisk[p] - a->obelisk[p]);
      add_tiles (got, IMH_DUEL_TILE_PYRAMID_LIGHT, b->pyramid[p][0] - a->pyramid[p][0]);
      add_tiles (got, IMH_DUEL_TILE_PYRAMID_DARK, b->pyramid[p][1] - a->pyramid[p][1]);
      for (int k = 0; k < 4; k++)
        add_tiles (got, IMH_DUEL_TILE_TEMPLE_1 + k, b->temple[p][k] - a->temple[p][k]);
      for (int k = 0; k < 12; k++)
        add_tiles (got, IMH_DUEL_TILE_CRYPT_1 + k,
                   ((b->crypt[p] >> k) & 1) && !((a->crypt[p] >> k) & 1));
      for (int k = 0; k < IMH_DUEL_N_ACTIONS; k++)
        add_tiles (got, IMH_DUEL_TILE_ACTION_0 + k, b->actions[p][k] - a->actions[p][k]);
      if (got->len == 0)
        continue;
      if (text->len > 0)
        g_string_append (text, "; ");
      g_string_append_printf (text, "%s: %s", names[p], got->str);
    }
  for (guint code = 1; code < IMH_DUEL_N_TILE_CODES; code++)
    add_tiles (out, code, b->removed[code] - a->removed[code]);
  if (out->len > 0)
    {
      if (text->len > 0)
        g_string_append (text, "; ");
      /* TRANSLATORS: after a decision of the Duel: the tiles that left
       * the game, "Out of the game: Crypt 5". */
      g_string_append_printf (text, _("Out of the game: %s"), out->str);
    }
  if (text->len == 0 && decision >= IMH_DUEL_D_UNLOAD && decision < IMH_DUEL_D_PLAY)
    /* TRANSLATORS: after a boat of the Duel was unloaded and nobody got a tile. */
    g_string_append (text, _("Nobody gets a tile"));
  return g_string_free (text, text->len == 0);
}

/* What the hint's badge leaves visible: the fields and boats with their
 * pieces, the pile's lines (all of the box when revealed) and the panels. */
static guint
imh_duel_board_occupied_boxes (ImhBoard *board,
                               ImhBox   *boxes,
                               guint     max)
{
  ImhDuelBoard *self = IMH_DUEL_BOARD (board);
  Box info = _imh_duel_info_box (self);
  guint n = 0;

#define ADD(box) G_STMT_START { if (n < max) boxes[n++] = (box); } G_STMT_END
  for (int f = 0; f < IMH_DUEL_N_FIELDS; f++)
    ADD (_imh_duel_field_box (self, f));
  for (int b = 0; b < IMH_DUEL_N_BOATS; b++)
    ADD (_imh_duel_boat_box (self, b));
  /* The pile, the reserve and the removed tiles: two lines and one below
   * (draw_info ()). */
  if (!imh_board_get_reveal_hidden (board))
    info.h = (0.1 + 2 * 0.62 + 0.5) * self->u;
  ADD (info);
  ADD (self->panel[0]);
  ADD (self->panel[1]);
#undef ADD
  return n;
}

static guint
imh_duel_board_decision_boxes (ImhBoard    *board,
                               ImhDecision  d,
                               Box         *boxes,
                               guint        max)
{
  ImhDuelBoard *self = IMH_DUEL_BOARD (board);

  if (max < 2)
    return 0;
  if (d < IMH_DUEL_D_UNLOAD)
    boxes[0] = _imh_duel_field_box (self, d - IMH_DUEL_D_PLACE);
  else if (d < IMH_DUEL_D_PLAY)
    boxes[0] = _imh_duel_boat_box (self, d - IMH_DUEL_D_UNLOAD);
  else if (d < IMH_DUEL_D_TAKE)
    boxes[0] = _imh_duel_action_box (self, MAX (_imh_duel_board_actor (self), 0), d - IMH_DUEL_D_PLAY);
  else if (d < IMH_DUEL_D_SWAP)
    boxes[0] = _imh_duel_slot_box (self, (d - IMH_DUEL_D_TAKE) / 3, (d - IMH_DUEL_D_TAKE) % 3);
  else if (d < IMH_DUEL_D_STOP)
    {
      int boat = (d - IMH_DUEL_D_SWAP) / 3, pair = (d - IMH_DUEL_D_SWAP) % 3;

      boxes[0] = _imh_duel_slot_box (self, boat, swap_pairs[pair][0]);
      boxes[1] = _imh_duel_slot_box (self, boat, swap_pairs[pair][1]);
      return 2;
    }
  else
    boxes[0] = _imh_duel_button_box (self, d == IMH_DUEL_D_PASS);
  return 1;
}

/* Stop, Pass and an action tile played leave nothing to point at. */
static gboolean
imh_duel_board_marks_last (ImhBoard    *board,
                           ImhDecision  d)
{
  return d != IMH_DUEL_D_STOP && d != IMH_DUEL_D_PASS
         && !(d >= IMH_DUEL_D_PLAY && d < IMH_DUEL_D_TAKE);
}

/* ---- Animation ------------------------------------------------------------------ */

/* Tiles that went from the boats to a player's locations between two
 * positions fly there. */
static gboolean
imh_duel_board_animate (ImhBoard          *board,
                        const ImhState    *before,
                        const ImhDecision *decision)
{
  ImhDuelBoard *self = IMH_DUEL_BOARD (board);
  const ImhDuel *d = _imh_duel_board_duel (self);
  const ImhDuel *old = &before->u.duel;
  gboolean used[IMH_DUEL_N_BOATS][IMH_DUEL_N_SLOTS] = { { FALSE } };

  self->n_flights = 0;

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

      for (int i = 0; i < n && self->n_flights < IMH_DUEL_BOARD_MAX_FLIGHTS; i++)
        for (int b = 0; b < IMH_DUEL_N_BOATS; b++)
          for (int s = 0; s < IMH_DUEL_N_SLOTS; s++)
            if (!used[b][s] && old->boat[b][s] == gained[i])
              {
                used[b][s] = TRUE;
                self->flights[self->n_flights++] = (ImhDuelFlight) {
                  gained[i], _imh_duel_slot_box (self, b, s), site_box (self, p, gained[i])
                };
                goto next;
              }
    next:
      ;
    }

  return self->n_flights > 0;
}

static void
imh_duel_board_animation_done (ImhBoard *board)
{
  IMH_DUEL_BOARD (board)->n_flights = 0;
}

/* ---- Off the board ------------------------------------------------------------------ */

static void
imh_duel_board_draw_item (ImhBoardClass *klass,
                          cairo_t       *cr,
                          guint          item,
                          double         x,
                          double         y,
                          double         size)
{
  imh_art_tile (cr, item, x, y, size);
}

static char *
imh_duel_board_item_name (ImhBoardClass *klass,
                          guint          item)
{
  return imh_texts_duel_tile_name (item);
}

static char *
imh_duel_board_describe_unseen (ImhBoardClass  *klass,
                                const ImhState *state)
{
  const ImhDuel *d = &state->u.duel;

  return g_strdup_printf (_("%d face down: %d in the pile, %d in the reserve"),
                          d->pile_n + d->reserve_n, d->pile_n, d->reserve_n);
}

static const char *
imh_duel_board_unseen_heading (ImhBoardClass *klass,
                               gboolean       out,
                               gboolean       by_kind)
{
  if (out)
    return by_kind ? _("Tiles out of the game by kind") : _("Out of the Game");
  return by_kind ? _("Unseen tiles by kind") : _("Unseen Tiles");
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

/* "Boat at row 2" / "Boat at column 1". Transfer full. */
static char *
boat_name (int boat)
{
  if (boat < 3)
    return g_strdup_printf (_("Boat at row %d"), boat + 1);
  return g_strdup_printf (_("Boat at column %d"), boat - 3 + 1);
}

static char *
panel_tooltip (ImhDuelBoard *self,
               int           player,
               double        x,
               double        y)
{
  const ImhState *state = _imh_board_get_state (IMH_BOARD (self));
  const ImhDuel *d = &state->u.duel;
  const char *name = _imh_board_get_player_name (IMH_BOARD (self), player);
  Box p = self->panel[player];
  double u = self->u;
  Box supply = { p.x + p.w - 3.0 * u, p.y, 1.25 * u, PANEL_HEADER * u };
  Box header = { p.x, p.y, p.w, PANEL_HEADER * u };

  if (in_box (supply, x, y))
    {
      int on_harbour = __builtin_popcount (d->meeples[player]);
      g_autofree char *rule = imh_texts_duel_meeple_rule (state);

      /* Translators: a player's meeples: the supply, those on the harbour, what they score */
      return g_strdup_printf (_("%s: %d meeples in the supply, %d on the harbour. %s"), name,
                              IMH_DUEL_N_MEEPLES - on_harbour, on_harbour, rule);
    }
  if (in_box (header, x, y))
    {
      ImhScore score;
      g_autofree char *sum = NULL;

      imh_score (state, &score);
      sum = imh_texts_total_explanation (&score, imh_rules_of (state), (guint) player);
      /* Translators: a player's points on the board: the name, then the sum by category */
      return g_strdup_printf (_("%s's points if the game ended now: %s"), name, sum);
    }
  for (int block = 0; block < 5; block++)
    {
      Box b = _imh_duel_panel_block (self, player, block);

      if (!in_box (b, x, y))
        continue;
      if (block < IMH_DUEL_N_SITES)
        {
          g_autofree char *rule = imh_texts_site_rule (state, (guint) block);
          g_autofree char *points = imh_texts_score_explanation (state, (guint) player, (guint) block, FALSE);

          /* Translators: a player's site on the board: its rule, then the
           * player's name and points there */
          return g_strdup_printf (_("%s\n%s: %s"), rule, name, points);
        }
      for (int a = 0; a < IMH_DUEL_N_ACTIONS; a++)
        if (in_box (_imh_duel_action_box (self, player, a), x, y))
          {
            g_autofree char *info = imh_texts_duel_tile_info (state, IMH_DUEL_TILE_ACTION_0 + a);

            /* Translators: an action tile on a player's panel: how many
             * the player holds, then what it does */
            return g_strdup_printf (_("%s holds %d. %s"), name, d->actions[player][a], info);
          }
      {
        g_autofree char *points = imh_texts_score_explanation (state, (guint) player, IMH_DUEL_CAT_ACTIONS, FALSE);

        /* Translators: the action tiles block of a player's panel */
        return g_strdup_printf (_("Action tiles, each played as a whole turn\n%s: %s"), name, points);
      }
    }
  return NULL;
}

static char *
imh_duel_board_dup_object_tooltip (ImhBoard *board,
                                   double    x,
                                   double    y)
{
  ImhDuelBoard *self = IMH_DUEL_BOARD (board);
  const ImhState *state = _imh_board_get_state (board);
  const ImhDuel *d;

  if (state == NULL)
    return NULL;
  d = &state->u.duel;
  for (int boat = 0; boat < IMH_DUEL_N_BOATS; boat++)
    {
      g_autofree char *boat_text = NULL;

      if (!in_box (_imh_duel_boat_box (self, boat), x, y))
        continue;
      boat_text = boat_name (boat);
      if (!((d->boats_alive >> boat) & 1))
        /* Translators: a boat that left the game */
        return g_strdup_printf (_("%s: out of play"), boat_text);
      for (int s = 0; s < IMH_DUEL_N_SLOTS; s++)
        if (in_box (_imh_duel_slot_box (self, boat, s), x, y))
          {
            g_autofree char *info = imh_texts_duel_tile_info (state, d->boat[boat][s]);

            /* Translators: a slot of a boat and its tile: "Boat at row 2, slot 1: Obelisk. …" */
            return g_strdup_printf (_("%s, slot %d: %s"), boat_text, s + 1, info);
          }
      /* Translators: a boat of the Duel: what unloading it does */
      return g_strdup_printf (_("%s: unloading it gives each tile to the meeple on the field in line with its slot, slot 1 nearest the boat"),
                              boat_text);
    }
  for (int f = 0; f < IMH_DUEL_N_FIELDS; f++)
    if (in_box (_imh_duel_field_box (self, f), x, y))
      {
        for (int p = 0; p < 2; p++)
          if (d->meeples[p] & (1u << f))
            /* Translators: a field of the harbour with a meeple */
            return g_strdup_printf (_("Row %d, column %d: %s's meeple"), f / 3 + 1, f % 3 + 1,
                                    _imh_board_get_player_name (board, (guint) p));
        /* Translators: an empty field of the harbour */
        return g_strdup_printf (_("Row %d, column %d: an empty field of the harbour"), f / 3 + 1, f % 3 + 1);
      }
  if (in_box (_imh_duel_info_box (self), x, y))
    {
      int removed = 0;

      for (int c = 0; c < IMH_DUEL_N_TILE_CODES; c++)
        removed += d->removed[c];
      /* Translators: the Duel's pile, reserve and removed tiles */
      return g_strdup_printf (_("Pile: %d face-down tiles that refill the boats. Reserve: %d tiles for the “Take 1 tile” action. Removed: %d tiles out of the game"),
                              d->pile_n, d->reserve_n, removed);
    }
  for (int p = 0; p < 2; p++)
    if (in_box (self->panel[p], x, y))
      return panel_tooltip (self, p, x, y);
  return NULL;
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
imh_duel_board_class_init (ImhDuelBoardClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  ImhBoardClass *board_class = IMH_BOARD_CLASS (klass);

  widget_class->measure = imh_duel_board_measure;

  board_class->layout = imh_duel_board_layout;
  board_class->collect_targets = imh_duel_board_collect_targets;
  board_class->target_box = imh_duel_board_target_box;
  board_class->dup_target_name = imh_duel_board_dup_target_name;
  board_class->draw = _imh_duel_board_draw;
  board_class->draw_target = _imh_duel_board_draw_target;
  board_class->decision_boxes = imh_duel_board_decision_boxes;
  board_class->occupied_boxes = imh_duel_board_occupied_boxes;
  board_class->marks_last = imh_duel_board_marks_last;
  board_class->animate = imh_duel_board_animate;
  board_class->draw_animation = _imh_duel_board_draw_animation;
  board_class->animation_done = imh_duel_board_animation_done;
  board_class->describe_hidden = imh_duel_board_describe_hidden;
  board_class->describe_consequences = imh_duel_board_describe_consequences;
  board_class->draw_item = imh_duel_board_draw_item;
  board_class->describe_unseen = imh_duel_board_describe_unseen;
  board_class->unseen_heading = imh_duel_board_unseen_heading;
  board_class->item_name = imh_duel_board_item_name;
  board_class->dup_object_tooltip = imh_duel_board_dup_object_tooltip;

  gtk_widget_class_set_css_name (widget_class, "duelboard");
}

static void
imh_duel_board_init (ImhDuelBoard *self)
{
}
