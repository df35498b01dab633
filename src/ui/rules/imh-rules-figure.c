/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-rules-figure.c — a position of a rules page, drawn by the game's board and cropped. */
#define G_LOG_DOMAIN "imh-rules"

#include "config.h"

#include <adwaita.h>
#include <math.h>
#include <string.h>

#include "imh-board-factory.h"
#include "imh-board-private.h"
#include "imh-rules-figure.h"
#include "imh-texts.h"

/* The board is laid out at one of two reference sizes (a unit of about 60
 * pixels): wide (panels beside the harbour) from WIDE_FROM pixels of
 * width, narrow (panels above and below) under it. */
#define WIDE_FROM   560
#define REF_WIDE_W  748
#define REF_WIDE_H  400
#define REF_NARROW_W 400
#define REF_NARROW_H 706
/* A small crop is not blown up beyond this, a tall one not beyond MAX_H. */
#define MAX_SCALE   1.25
#define MAX_H       520.0
/* Around the focus boxes, in board units. */
#define MARGIN_UNITS 0.3
/* A crop wider (higher) than this part of the board takes its whole
 * width (height). */
#define FULL_FROM   0.6
#define HALF_FROM   0.25
#define CORNER      8.0
#define CAPTION_SPACING 6

enum { MODE_WIDE, MODE_NARROW, N_MODES };

struct _ImhRulesFigure
{
  GtkWidget        parent_instance;

  ImhState         state;
  guint            n_focus;
  ImhDecision      focus[IMH_RULES_FIGURE_MAX_FOCUS];
  guint            n_context;
  ImhDecision      context[IMH_RULES_FIGURE_MAX_FOCUS];
  char            *caption;

  GtkWidget       *board;            /* child: the board drawn */
  GtkWidget       *label;            /* child: the caption, or NULL */
  ImhBoard        *geometry[N_MODES]; /* offscreen, at the reference sizes: the crops */
  graphene_rect_t  crop[N_MODES];
  ImhBox           focus_boxes[N_MODES][IMH_RULES_FIGURE_MAX_FOCUS * 2];
  guint            n_focus_boxes[N_MODES];
  double           unit[N_MODES];

  int              mode;             /* as last allocated, -1 before */
  double           scale;
  double           offset_x;
};

G_DEFINE_FINAL_TYPE (ImhRulesFigure, imh_rules_figure, GTK_TYPE_WIDGET)

static void
ref_size (int  mode,
          int *w,
          int *h)
{
  *w = mode == MODE_WIDE ? REF_WIDE_W : REF_NARROW_W;
  *h = mode == MODE_WIDE ? REF_WIDE_H : REF_NARROW_H;
}

static void
setup_board (ImhRulesFigure *self,
             ImhBoard       *board)
{
  for (guint p = 0; p < 2; p++)
    imh_board_set_player_name (board, p, imh_texts_player_colour (p));
  imh_board_set_state (board, &self->state, FALSE, FALSE);
}

static void
box_union (ImhBox       *acc,
           const ImhBox *b,
           gboolean      first)
{
  double x0, y0, x1, y1;

  if (first)
    {
      *acc = *b;
      return;
    }
  x0 = MIN (acc->x, b->x);
  y0 = MIN (acc->y, b->y);
  x1 = MAX (acc->x + acc->w, b->x + b->w);
  y1 = MAX (acc->y + acc->h, b->y + b->h);
  *acc = (ImhBox) { x0, y0, x1 - x0, y1 - y0 };
}

/* The crop of a mode, computed once on an offscreen board laid out at the
 * mode's reference size. */
static void
ensure_crop (ImhRulesFigure *self,
             int             mode)
{
  ImhBoard *board;
  ImhBox extents, crop = { 0 };
  guint n = 0, n_focus_boxes = 0;
  int w, h, min, nat;
  double u, margin;

  if (self->geometry[mode] != NULL)
    return;
  board = IMH_BOARD (imh_board_new_for_kind (self->state.kind));
  self->geometry[mode] = g_object_ref_sink (board);
  setup_board (self, board);
  ref_size (mode, &w, &h);
  gtk_widget_measure (GTK_WIDGET (board), GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
  gtk_widget_measure (GTK_WIDGET (board), GTK_ORIENTATION_VERTICAL, w, &min, &nat, NULL, NULL);
  gtk_widget_allocate (GTK_WIDGET (board), w, h, -1, NULL);
  _imh_board_ensure_layout (board);
  u = _imh_board_get_unit (board);
  self->unit[mode] = u;

  /* The board centres its drawing in the allocation, which the reference
   * sizes fit closely: the whole board is the allocation. */
  extents = (ImhBox) { 0, 0, w, h };

  if (IMH_BOARD_GET_CLASS (board)->decision_boxes != NULL)
    for (guint i = 0; i < self->n_focus + self->n_context; i++)
      {
        gboolean marked = i < self->n_focus;
        ImhDecision d = marked ? self->focus[i] : self->context[i - self->n_focus];
        ImhBox db[4];
        guint nd = IMH_BOARD_GET_CLASS (board)->decision_boxes (board, d, db, G_N_ELEMENTS (db));

        for (guint j = 0; j < nd; j++)
          {
            box_union (&crop, &db[j], n == 0);
            n++;
            if (marked && n_focus_boxes < G_N_ELEMENTS (self->focus_boxes[mode]))
              self->focus_boxes[mode][n_focus_boxes++] = db[j];
          }
      }
  self->n_focus_boxes[mode] = n_focus_boxes;

  if (n == 0)
    crop = extents;
  else
    {
      double x0, y0, x1, y1;

      margin = MARGIN_UNITS * u;
      x0 = MAX (crop.x - margin, extents.x);
      y0 = MAX (crop.y - margin, extents.y);
      x1 = MIN (crop.x + crop.w + margin, extents.x + extents.w);
      y1 = MIN (crop.y + crop.h + margin, extents.y + extents.h);
      crop = (ImhBox) { x0, y0, MAX (x1 - x0, u), MAX (y1 - y0, u) };
      /* Most of the width (or height) of the board: all of it, rather than
       * a panel cut in the middle. */
      gboolean full_w = crop.w > FULL_FROM * extents.w;
      gboolean full_h = crop.h > FULL_FROM * extents.h;

      /* A band across the whole board that is still a good part of its
       * other side: the board, rather than a slice through its middle. */
      if ((full_w && crop.h > HALF_FROM * extents.h) || (full_h && crop.w > HALF_FROM * extents.w))
        full_w = full_h = TRUE;
      if (full_w)
        {
          crop.x = extents.x;
          crop.w = extents.w;
        }
      if (full_h)
        {
          crop.y = extents.y;
          crop.h = extents.h;
        }
    }
  graphene_rect_init (&self->crop[mode], (float) crop.x, (float) crop.y, (float) crop.w, (float) crop.h);
}

static int
mode_for_width (int width)
{
  return width >= WIDE_FROM ? MODE_WIDE : MODE_NARROW;
}

/* The scale of the picture at a width, and its height. */
static double
picture_scale (ImhRulesFigure *self,
               int             mode,
               int             width,
               int            *height)
{
  const graphene_rect_t *crop;
  double s;

  ensure_crop (self, mode);
  crop = &self->crop[mode];
  s = MIN ((double) width / crop->size.width, MAX_SCALE);
  if (crop->size.height * s > MAX_H)
    s = MAX_H / crop->size.height;
  if (height != NULL)
    *height = (int) ceil (crop->size.height * s);
  return s;
}

static GtkSizeRequestMode
imh_rules_figure_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
imh_rules_figure_measure (GtkWidget      *widget,
                          GtkOrientation  orientation,
                          int             for_size,
                          int            *minimum,
                          int            *natural,
                          int            *minimum_baseline,
                          int            *natural_baseline)
{
  ImhRulesFigure *self = IMH_RULES_FIGURE (widget);
  int lmin = 0, lnat = 0;

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      ensure_crop (self, MODE_WIDE);
      if (self->label != NULL)
        gtk_widget_measure (self->label, orientation, -1, &lmin, &lnat, NULL, NULL);
      *minimum = MAX (120, lmin);
      *natural = MAX ((int) ceil (self->crop[MODE_WIDE].size.width * MAX_SCALE), lmin);
      *natural = MAX (*natural, *minimum);
      return;
    }
  {
    int width = for_size > 0 ? for_size : REF_WIDE_W;
    int h;

    picture_scale (self, mode_for_width (width), width, &h);
    if (self->label != NULL)
      {
        gtk_widget_measure (self->label, orientation, width, &lmin, &lnat, NULL, NULL);
        h += CAPTION_SPACING;
      }
    *minimum = h + lmin;
    *natural = h + lnat;
  }
}

static void
imh_rules_figure_size_allocate (GtkWidget *widget,
                                int        width,
                                int        height,
                                int        baseline)
{
  ImhRulesFigure *self = IMH_RULES_FIGURE (widget);
  int mode = mode_for_width (width);
  int pic_h, rw, rh, min, nat;
  const graphene_rect_t *crop;
  GskTransform *transform;

  self->scale = picture_scale (self, mode, width, &pic_h);
  self->mode = mode;
  crop = &self->crop[mode];
  self->offset_x = floor ((width - crop->size.width * self->scale) / 2);
  ref_size (mode, &rw, &rh);
  gtk_widget_measure (self->board, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
  gtk_widget_measure (self->board, GTK_ORIENTATION_VERTICAL, rw, &min, &nat, NULL, NULL);
  transform = gsk_transform_translate (NULL, &GRAPHENE_POINT_INIT ((float) self->offset_x, 0));
  transform = gsk_transform_scale (transform, (float) self->scale, (float) self->scale);
  transform = gsk_transform_translate (transform,
                                       &GRAPHENE_POINT_INIT (-crop->origin.x, -crop->origin.y));
  gtk_widget_allocate (self->board, rw, rh, -1, transform);
  if (self->label != NULL)
    {
      int y = pic_h + CAPTION_SPACING;

      gtk_widget_measure (self->label, GTK_ORIENTATION_VERTICAL, width, &min, &nat, NULL, NULL);
      gtk_widget_allocate (self->label, width, MAX (min, height - y), -1,
                           gsk_transform_translate (NULL, &GRAPHENE_POINT_INIT (0, (float) y)));
    }
}

static void
imh_rules_figure_snapshot (GtkWidget   *widget,
                           GtkSnapshot *snapshot)
{
  ImhRulesFigure *self = IMH_RULES_FIGURE (widget);
  int width = gtk_widget_get_width (widget);
  const graphene_rect_t *crop;
  int pic_h;
  GdkRGBA accent;
  GtkStyleContext *style;

  if (self->mode < 0)
    return;
  crop = &self->crop[self->mode];
  pic_h = (int) ceil (crop->size.height * self->scale);
  {
    GskRoundedRect clip;

    gsk_rounded_rect_init_from_rect (&clip,
                                     &GRAPHENE_RECT_INIT ((float) self->offset_x, 0,
                                                          crop->size.width * (float) self->scale,
                                                          (float) pic_h),
                                     CORNER);
    gtk_snapshot_push_rounded_clip (snapshot, &clip);
  }
  gtk_widget_snapshot_child (widget, self->board, snapshot);

  /* The decisions the figure is about, outlined as the board outlines
   * its targets. */
  style = gtk_widget_get_style_context (widget);
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  if (!gtk_style_context_lookup_color (style, "accent_color", &accent))
    accent = (GdkRGBA) { 0.21, 0.52, 0.89, 1.0 };
  G_GNUC_END_IGNORE_DEPRECATIONS
  if (self->n_focus_boxes[self->mode] > 0)
    {
      cairo_t *cr = gtk_snapshot_append_cairo (snapshot,
                                               &GRAPHENE_RECT_INIT (0, 0, (float) width, (float) pic_h));
      double s = self->scale, u = self->unit[self->mode] * s;

      cairo_translate (cr, self->offset_x - crop->origin.x * s, -crop->origin.y * s);
      gdk_cairo_set_source_rgba (cr, &accent);
      cairo_set_line_width (cr, MAX (2.0, 0.06 * u));
      for (guint i = 0; i < self->n_focus_boxes[self->mode]; i++)
        {
          const ImhBox *b = &self->focus_boxes[self->mode][i];
          double g = 0.05 * u, r = 0.12 * u;
          double x = b->x * s - g, y = b->y * s - g, w = b->w * s + 2 * g, h = b->h * s + 2 * g;

          cairo_new_sub_path (cr);
          cairo_arc (cr, x + w - r, y + r, r, -G_PI / 2, 0);
          cairo_arc (cr, x + w - r, y + h - r, r, 0, G_PI / 2);
          cairo_arc (cr, x + r, y + h - r, r, G_PI / 2, G_PI);
          cairo_arc (cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
          cairo_close_path (cr);
        }
      cairo_stroke (cr);
      cairo_destroy (cr);
    }
  gtk_snapshot_pop (snapshot);
  if (self->label != NULL)
    gtk_widget_snapshot_child (widget, self->label, snapshot);
}

static void
imh_rules_figure_dispose (GObject *object)
{
  ImhRulesFigure *self = IMH_RULES_FIGURE (object);

  g_clear_pointer (&self->board, gtk_widget_unparent);
  g_clear_pointer (&self->label, gtk_widget_unparent);
  for (int m = 0; m < N_MODES; m++)
    g_clear_object (&self->geometry[m]);
  G_OBJECT_CLASS (imh_rules_figure_parent_class)->dispose (object);
}

static void
imh_rules_figure_finalize (GObject *object)
{
  ImhRulesFigure *self = IMH_RULES_FIGURE (object);

  g_free (self->caption);
  G_OBJECT_CLASS (imh_rules_figure_parent_class)->finalize (object);
}

static void
imh_rules_figure_class_init (ImhRulesFigureClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = imh_rules_figure_dispose;
  object_class->finalize = imh_rules_figure_finalize;
  widget_class->get_request_mode = imh_rules_figure_get_request_mode;
  widget_class->measure = imh_rules_figure_measure;
  widget_class->size_allocate = imh_rules_figure_size_allocate;
  widget_class->snapshot = imh_rules_figure_snapshot;
  gtk_widget_class_set_css_name (widget_class, "rulesfigure");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
imh_rules_figure_init (ImhRulesFigure *self)
{
  self->mode = -1;
}

GtkWidget *
imh_rules_figure_new (const ImhRulesBlock *block)
{
  ImhRulesFigure *self;

  g_return_val_if_fail (block != NULL && block->kind == IMH_RULES_BLOCK_FIGURE, NULL);
  g_return_val_if_fail (block->state != NULL, NULL);

  self = g_object_new (IMH_TYPE_RULES_FIGURE, NULL);
  imh_state_copy (&self->state, block->state);
  self->n_focus = MIN (block->n_focus, IMH_RULES_FIGURE_MAX_FOCUS);
  memcpy (self->focus, block->focus, self->n_focus * sizeof (ImhDecision));
  self->n_context = MIN (block->n_context, IMH_RULES_FIGURE_MAX_FOCUS);
  memcpy (self->context, block->context, self->n_context * sizeof (ImhDecision));
  self->caption = g_strdup (block->caption);

  /* The board drawn: a child that takes neither the pointer nor the
   * focus, and that assistive technologies skip (the figure is one
   * image, its caption says what it shows). */
  self->board = imh_board_new_for_kind (self->state.kind);
  g_return_val_if_fail (self->board != NULL, GTK_WIDGET (self));
  gtk_widget_set_can_target (self->board, FALSE);
  gtk_widget_set_can_focus (self->board, FALSE);
  gtk_widget_set_focusable (self->board, FALSE);
  gtk_accessible_update_state (GTK_ACCESSIBLE (self->board), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
  setup_board (self, IMH_BOARD (self->board));
  gtk_widget_set_parent (self->board, GTK_WIDGET (self));

  if (self->caption != NULL && *self->caption != '\0')
    {
      self->label = gtk_label_new (self->caption);
      gtk_label_set_wrap (GTK_LABEL (self->label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (self->label), PANGO_WRAP_WORD_CHAR);
      gtk_label_set_justify (GTK_LABEL (self->label), GTK_JUSTIFY_CENTER);
      gtk_label_set_xalign (GTK_LABEL (self->label), 0.5f);
      gtk_widget_add_css_class (self->label, "caption");
      gtk_widget_add_css_class (self->label, "dim-label");
      /* Said as the figure's description, not twice. */
      gtk_accessible_update_state (GTK_ACCESSIBLE (self->label), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
      gtk_widget_set_parent (self->label, GTK_WIDGET (self));
      gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, self->caption,
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, self->caption,
                                      -1);
    }
  return GTK_WIDGET (self);
}

const char *
imh_rules_figure_get_caption (ImhRulesFigure *self)
{
  g_return_val_if_fail (IMH_IS_RULES_FIGURE (self), NULL);

  return self->caption;
}

gboolean
imh_rules_figure_get_crop (ImhRulesFigure  *self,
                           graphene_rect_t *crop)
{
  g_return_val_if_fail (IMH_IS_RULES_FIGURE (self), FALSE);

  if (self->mode < 0)
    return FALSE;
  *crop = self->crop[self->mode];
  return TRUE;
}
