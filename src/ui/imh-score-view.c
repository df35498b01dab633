/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-score-view.c — score breakdown and the objects off the board of a position. */
#define G_LOG_DOMAIN "imh-score-view"

#include "config.h"

#include <glib/gi18n.h>

#include "imh-art.h"
#include "imh-board-factory.h"
#include "imh-meeple-icon.h"
#include "imh-score-view.h"
#include "imh-texts.h"

#define IMH_SCORE_VIEW_MAX_ITEMS 64

struct _ImhScoreView
{
  GtkWidget       parent_instance;

  /* Template */
  GtkWidget      *box;
  GtkWidget      *caption;
  GtkWidget      *removed;
  GtkWidget      *removed_title;
  GtkWidget      *unseen;
  GtkWidget      *unseen_caption;
  GtkWidget      *unseen_title;

  GtkWidget      *table;
  ImhState        state;
  gboolean        has_state;
  ImhHiddenItem   items[IMH_SCORE_VIEW_MAX_ITEMS];   /* the rules' hidden_summary */
  int             n_items;
};

G_DEFINE_FINAL_TYPE (ImhScoreView, imh_score_view, GTK_TYPE_WIDGET)

static GtkWidget *
cell (const char *text,
      gboolean    bold,
      float       xalign)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), xalign);
  if (bold)
    gtk_widget_add_css_class (label, "heading");
  gtk_widget_add_css_class (label, "numeric");
  return label;
}

GtkWidget *
imh_score_table_new (const ImhRules *rules,
                     const ImhScore *score,
                     const char     *const *names)
{
  GtkWidget *grid = gtk_grid_new ();
  int n = score->n_players;

  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);

  for (int p = 0; p < n; p++)
    {
      GtkWidget *head = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
      GtkWidget *name = gtk_label_new (names[p]);

      gtk_box_append (GTK_BOX (head), imh_meeple_icon_new (p, 14));
      /* Cut off in the middle: "Computer 1" and "Computer 2" stay told
       * apart (by their ends) on a phone, where the category names wrap. */
      gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_MIDDLE);
      gtk_label_set_width_chars (GTK_LABEL (name), (int) MIN (g_utf8_strlen (names[p], -1), 6));
      gtk_label_set_max_width_chars (GTK_LABEL (name), 10);
      gtk_widget_add_css_class (name, "heading");
      gtk_box_append (GTK_BOX (head), name);
      gtk_widget_set_halign (head, GTK_ALIGN_END);
      gtk_grid_attach (GTK_GRID (grid), head, 1 + p, 0, 1, 1);
    }
  for (guint c = 0; c < score->n_categories; c++)
    {
      GtkWidget *label = cell (imh_texts_category_name (rules, c), FALSE, 0);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_widget_set_hexpand (label, TRUE);
      gtk_grid_attach (GTK_GRID (grid), label, 0, 1 + c, 1, 1);
      for (int p = 0; p < n; p++)
        {
          char buf[16];
          g_snprintf (buf, sizeof buf, "%d", score->points[p][c]);
          gtk_grid_attach (GTK_GRID (grid), cell (buf, FALSE, 1), 1 + p, 1 + c, 1, 1);
        }
    }
  gtk_grid_attach (GTK_GRID (grid), gtk_separator_new (GTK_ORIENTATION_HORIZONTAL),
                   0, 1 + score->n_categories, 1 + n, 1);
  gtk_grid_attach (GTK_GRID (grid), cell (_("Total"), TRUE, 0), 0, 2 + score->n_categories, 1, 1);
  for (int p = 0; p < n; p++)
    {
      char buf[16];
      g_snprintf (buf, sizeof buf, "%d", score->total[p]);
      gtk_grid_attach (GTK_GRID (grid), cell (buf, TRUE, 1), 1 + p, 2 + score->n_categories, 1, 1);
    }
  return grid;
}

/* The objects off the board: an icon per kind with its count. */
#define UNSEEN_COLS 6

static int
n_items (ImhScoreView *self,
         gboolean      out)
{
  int n = 0;

  for (int i = 0; i < self->n_items; i++)
    n += self->items[i].out == out;
  return n;
}

static int
area_height (int n)
{
  return (n + UNSEEN_COLS - 1) / UNSEEN_COLS * (34 + 22) + 4;
}

static void
draw_item_counts (GtkDrawingArea *area,
                  cairo_t        *cr,
                  int             width,
                  int             height,
                  gpointer        user_data)
{
  ImhScoreView *self = user_data;
  gboolean out = GTK_WIDGET (area) == self->removed;
  double cw = (double) width / UNSEEN_COLS;
  double s = MIN (cw * 0.62, 34);
  GType board_type;
  GdkRGBA fg;
  ImhRgba text;
  int k = 0;

  if (!self->has_state)
    return;
  board_type = imh_board_type_for_kind (self->state.kind);
  if (board_type == G_TYPE_INVALID)
    return;
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (area)), &fg);
  G_GNUC_END_IGNORE_DEPRECATIONS
  text = (ImhRgba) { fg.red, fg.green, fg.blue, fg.alpha };

  for (int i = 0; i < self->n_items; i++)
    {
      const ImhHiddenItem *item = &self->items[i];
      double x = (k % UNSEEN_COLS) * cw + (cw - s) / 2;
      double y = (k / UNSEEN_COLS) * (s + 22) + 2;
      char buf[16];

      if (item->out != out)
        continue;
      k++;
      cairo_push_group (cr);
      imh_board_type_draw_item (board_type, cr, item->item, x, y, s);
      cairo_pop_group_to_source (cr);
      cairo_paint_with_alpha (cr, item->count > 0 ? 1.0 : 0.25);
      g_snprintf (buf, sizeof buf, "×%d", item->count);
      imh_art_text (cr, buf, x - 6, y + s + 2, s + 12, 16, 12, item->count > 0, PANGO_ALIGN_CENTER,
                    &text);
    }
}

/* The headings of the objects off the board: the game's words (its board
 * class), or plain ones for a game without a board. */
static const char *
unseen_heading (GType    board_type,
                gboolean out,
                gboolean by_kind)
{
  const char *heading = NULL;

  if (board_type != G_TYPE_INVALID)
    heading = imh_board_type_get_unseen_heading (board_type, out, by_kind);
  if (heading != NULL)
    return heading;
  if (out)
    return by_kind ? _("Objects out of the game by kind") : _("Out of the Game");
  return by_kind ? _("Unseen objects by kind") : _("Unseen");
}

static void
set_headings (ImhScoreView *self,
              GType         board_type)
{
  gtk_label_set_text (GTK_LABEL (self->unseen_title), unseen_heading (board_type, FALSE, FALSE));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->unseen),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  unseen_heading (board_type, FALSE, TRUE), -1);
  gtk_label_set_text (GTK_LABEL (self->removed_title), unseen_heading (board_type, TRUE, FALSE));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->removed),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  unseen_heading (board_type, TRUE, TRUE), -1);
}

static void
imh_score_view_dispose (GObject *object)
{
  ImhScoreView *self = IMH_SCORE_VIEW (object);

  g_clear_pointer (&self->box, gtk_widget_unparent);

  G_OBJECT_CLASS (imh_score_view_parent_class)->dispose (object);
}

static void
imh_score_view_class_init (ImhScoreViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = imh_score_view_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE_PATH "/imh-score-view.ui");
  gtk_widget_class_bind_template_child (widget_class, ImhScoreView, box);
  gtk_widget_class_bind_template_child (widget_class, ImhScoreView, caption);
  gtk_widget_class_bind_template_child (widget_class, ImhScoreView, removed);
  gtk_widget_class_bind_template_child (widget_class, ImhScoreView, removed_title);
  gtk_widget_class_bind_template_child (widget_class, ImhScoreView, unseen);
  gtk_widget_class_bind_template_child (widget_class, ImhScoreView, unseen_caption);
  gtk_widget_class_bind_template_child (widget_class, ImhScoreView, unseen_title);
}

static void
imh_score_view_init (ImhScoreView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->unseen), draw_item_counts, self, NULL);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->removed), draw_item_counts, self, NULL);
}

GtkWidget *
imh_score_view_new (void)
{
  return g_object_new (IMH_TYPE_SCORE_VIEW, NULL);
}

void
imh_score_view_set_state (ImhScoreView   *self,
                          const ImhState *state,
                          const char     *const *names)
{
  const ImhRules *rules;
  GType board_type;
  ImhScore score;
  g_autofree char *unseen = NULL;

  g_return_if_fail (IMH_IS_SCORE_VIEW (self));
  g_return_if_fail (state != NULL);

  rules = imh_rules_of (state);
  board_type = imh_board_type_for_kind (state->kind);
  imh_state_copy (&self->state, state);
  self->has_state = TRUE;
  self->n_items = 0;
  if (rules->hidden_summary != NULL)
    self->n_items = rules->hidden_summary (state, -1, self->items, IMH_SCORE_VIEW_MAX_ITEMS);
  imh_score (state, &score);

  gtk_label_set_text (GTK_LABEL (self->caption),
                      score.final ? _("Final score")
                                  : _("Points if the game ended now"));
  if (self->table != NULL)
    gtk_box_remove (GTK_BOX (self->box), self->table);
  self->table = imh_score_table_new (rules, &score, names);
  gtk_box_insert_child_after (GTK_BOX (self->box), self->table, self->caption);

  if (board_type != G_TYPE_INVALID)
    unseen = imh_board_type_dup_unseen_text (board_type, state);
  set_headings (self, board_type);
  gtk_label_set_text (GTK_LABEL (self->unseen_caption), unseen != NULL ? unseen : "");
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (self->unseen),
                                       area_height (n_items (self, FALSE)));
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (self->removed),
                                       area_height (n_items (self, TRUE)));
  gtk_widget_set_visible (self->removed_title, n_items (self, TRUE) > 0);
  gtk_widget_set_visible (self->removed, n_items (self, TRUE) > 0);
  gtk_widget_queue_draw (self->unseen);
  gtk_widget_queue_draw (self->removed);
}
