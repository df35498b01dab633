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
#include "imh-ui-util.h"

#define IMH_SCORE_VIEW_MAX_ITEMS 64

struct _ImhScoreView
{
  GtkWidget       parent_instance;

  /* Template */
  GtkWidget      *box;
  GtkWidget      *caption;
  GtkWidget      *mode_box;
  GtkWidget      *now_button;
  GtkWidget      *removed;
  GtkWidget      *removed_title;
  GtkWidget      *so_far_button;
  GtkWidget      *tiebreak;
  GtkWidget      *unseen;
  GtkWidget      *unseen_caption;
  GtkWidget      *unseen_title;

  GtkWidget      *table;
  ImhState        state;
  gboolean        has_state;
  GType           board_type;       /* the kind's, or the one a test set */
  gboolean        board_type_set;
  char           *names[IMH_MAX_PLAYERS];
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

/* The players' headings: meeple and name side by side for two players;
 * for more (a narrow sidebar holds four columns), the meeple above a
 * short name, the full name in the tooltip. */
static GtkWidget *
player_heading (int         player,
                int         n_players,
                const char *name)
{
  gboolean narrow = n_players > 2;
  GtkWidget *head = gtk_box_new (narrow ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL, 4);
  GtkWidget *icon = imh_meeple_icon_new (player, narrow ? 16 : 14);
  GtkWidget *label = gtk_label_new (name);

  gtk_box_append (GTK_BOX (head), icon);
  /* Cut off in the middle: "Computer 1" and "Computer 2" stay told apart
   * (by their ends) on a phone, where the category names wrap. Narrow
   * columns keep the start (the tooltip has the whole name). */
  gtk_label_set_ellipsize (GTK_LABEL (label), narrow ? PANGO_ELLIPSIZE_END : PANGO_ELLIPSIZE_MIDDLE);
  gtk_label_set_width_chars (GTK_LABEL (label), (int) MIN (g_utf8_strlen (name, -1), narrow ? 4 : 6));
  gtk_label_set_max_width_chars (GTK_LABEL (label), narrow ? 5 : 10);
  gtk_widget_add_css_class (label, "heading");
  gtk_box_append (GTK_BOX (head), label);
  if (narrow)
    {
      gtk_label_set_xalign (GTK_LABEL (label), 0.5f);
      gtk_widget_set_halign (icon, GTK_ALIGN_CENTER);
    }
  gtk_widget_set_tooltip_text (head, name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (head), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  gtk_widget_set_halign (head, narrow ? GTK_ALIGN_CENTER : GTK_ALIGN_END);
  return head;
}

/* A number of the table, its accessible label in words; explain: how it
 * came about (its tooltip and accessible description), or NULL. */
static GtkWidget *
number_cell (int         value,
             gboolean    bold,
             float       xalign,
             const char *name,
             const char *row,
             const char *explain)
{
  char buf[16];
  GtkWidget *label;
  g_autofree char *words = NULL;

  g_snprintf (buf, sizeof buf, "%d", value);
  label = cell (buf, bold, xalign);
  /* Translators: a cell of the score table for screen readers: the
   * player's name, the row (a category, "Total"), the points */
  words = g_strdup_printf (_("%s, %s: %d"), name, row, value);
  gtk_accessible_update_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_LABEL, words, -1);
  if (explain != NULL)
    {
      gtk_widget_set_tooltip_text (label, explain);
      gtk_accessible_update_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, explain, -1);
    }
  return label;
}

/* state: the position scored, whose cells then explain their numbers
 * (so_far: as the rules' score_so_far () counts), or NULL. */
static GtkWidget *
score_table_new (const ImhRules *rules,
                 const ImhScore *score,
                 const char     *const *names,
                 gboolean        places,
                 const ImhState *state,
                 gboolean        so_far)
{
  GtkWidget *grid = gtk_grid_new ();
  int n = score->n_players;
  gboolean narrow = n > 2;
  float xalign = narrow ? 0.5f : 1.0f;
  int row;

  gtk_grid_set_column_spacing (GTK_GRID (grid), narrow ? 6 : 12);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);

  for (int p = 0; p < n; p++)
    gtk_grid_attach (GTK_GRID (grid), player_heading (p, n, names[p]), 1 + p, 0, 1, 1);
  for (guint c = 0; c < score->n_categories; c++)
    {
      const char *category = imh_texts_category_name (rules, c);
      GtkWidget *label = cell (category, FALSE, 0);

      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
      /* A long category wraps instead of widening the view, between words:
       * never narrower than a short word ("Obelisk", "Grabkammer"). */
      gtk_label_set_max_width_chars (GTK_LABEL (label), narrow ? 12 : 18);
      gtk_label_set_width_chars (GTK_LABEL (label), narrow ? 7 : 10);
      gtk_widget_set_tooltip_text (label, category);
      gtk_widget_set_hexpand (label, TRUE);
      gtk_grid_attach (GTK_GRID (grid), label, 0, 1 + c, 1, 1);
      for (int p = 0; p < n; p++)
        {
          g_autofree char *explain = state != NULL ? imh_texts_score_explanation (state, p, c, so_far) : NULL;

          gtk_grid_attach (GTK_GRID (grid),
                           number_cell (score->points[p][c], FALSE, xalign, names[p], category, explain),
                           1 + p, 1 + c, 1, 1);
        }
    }
  row = 1 + score->n_categories;
  gtk_grid_attach (GTK_GRID (grid), gtk_separator_new (GTK_ORIENTATION_HORIZONTAL), 0, row++, 1 + n, 1);
  gtk_grid_attach (GTK_GRID (grid), cell (_("Total"), TRUE, 0), 0, row, 1, 1);
  for (int p = 0; p < n; p++)
    {
      g_autofree char *explain = state != NULL ? imh_texts_total_explanation (score, rules, p) : NULL;

      gtk_grid_attach (GTK_GRID (grid), number_cell (score->total[p], TRUE, xalign, names[p], _("Total"), explain),
                       1 + p, row, 1, 1);
    }
  row++;
  if (places)
    {
      /* Translators: the row of the players' places in the score table */
      gtk_grid_attach (GTK_GRID (grid), cell (_("Place"), FALSE, 0), 0, row, 1, 1);
      for (int p = 0; p < n; p++)
        {
          GtkWidget *place = cell (imh_texts_place (score->rank[p]), score->rank[p] == 0, xalign);
          g_autofree char *words = g_strdup_printf (_("%s, %s: %s"), names[p], _("Place"),
                                                    imh_texts_place (score->rank[p]));

          gtk_accessible_update_property (GTK_ACCESSIBLE (place), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                          words, -1);
          gtk_grid_attach (GTK_GRID (grid), place, 1 + p, row, 1, 1);
        }
    }
  return grid;
}

GtkWidget *
imh_score_table_new (const ImhRules *rules,
                     const ImhScore *score,
                     const char     *const *names)
{
  g_return_val_if_fail (rules != NULL && score != NULL && names != NULL, NULL);

  return score_table_new (rules, score, names, FALSE, NULL, FALSE);
}

double
imh_hidden_item_chance (const ImhHiddenItem *items,
                        int                  n,
                        int                  i)
{
  int total = 0;

  g_return_val_if_fail (items != NULL && i >= 0 && i < n, -1.0);

  if (items[i].out || items[i].pool == 0)
    return -1.0;
  for (int k = 0; k < n; k++)
    if (!items[k].out && items[k].pool == items[i].pool)
      total += items[k].count;
  if (total == 0)
    return -1.0;
  return (double) items[i].count / total;
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

/* The line under the counts with the chances of the next draw, for a game
 * whose hidden kinds are drawn from a pool. */
#define CHANCE_LINE 16

static gboolean
has_chances (ImhScoreView *self,
             gboolean      out)
{
  for (int i = 0; i < self->n_items; i++)
    if (self->items[i].out == out && imh_hidden_item_chance (self->items, self->n_items, i) >= 0)
      return TRUE;
  return FALSE;
}

static int
area_height (int      n,
             gboolean chances)
{
  return (n + UNSEEN_COLS - 1) / UNSEEN_COLS * (34 + 22 + (chances ? CHANCE_LINE : 0)) + 4;
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
  gboolean chances;
  int k = 0;

  if (!self->has_state)
    return;
  board_type = self->board_type;
  chances = has_chances (self, out);
  if (board_type == G_TYPE_INVALID)
    return;
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (area)), &fg);
  G_GNUC_END_IGNORE_DEPRECATIONS
  text = (ImhRgba) { fg.red, fg.green, fg.blue, fg.alpha };

  for (int i = 0; i < self->n_items; i++)
    {
      const ImhHiddenItem *item = &self->items[i];
      double cx = (k % UNSEEN_COLS) * cw;
      double x = cx + (cw - s) / 2;
      double y = (k / UNSEEN_COLS) * (s + 22 + (chances ? CHANCE_LINE : 0)) + 2;
      double chance = imh_hidden_item_chance (self->items, self->n_items, i);
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
      if (chance > 0)
        {
          g_autofree char *percent = imh_ui_format_percent (chance, 1);
          ImhRgba dim = text;

          dim.a *= 0.7;
          imh_art_text (cr, percent, cx, y + s + 17, cw, CHANCE_LINE,
                        imh_art_fit_size (cr, percent, cw - 2, 11, FALSE), FALSE, PANGO_ALIGN_CENTER, &dim);
        }
    }
}

/* The objects off the board (out) or unseen, in words, kind by kind, for
 * their icons' accessible description: "Sarcophagus: 2 (next drawn:
 * 12.5%); Lever: none". */
char *
_imh_score_view_dup_items_description (ImhScoreView *self,
                                       gboolean      out)
{
  g_autoptr(GString) text = g_string_new (NULL);

  g_return_val_if_fail (IMH_IS_SCORE_VIEW (self), NULL);

  if (!self->has_state || self->board_type == G_TYPE_INVALID)
    return g_strdup ("");
  for (int i = 0; i < self->n_items; i++)
    {
      const ImhHiddenItem *item = &self->items[i];
      double chance = imh_hidden_item_chance (self->items, self->n_items, i);
      g_autofree char *name = NULL;

      if (item->out != out)
        continue;
      name = imh_board_type_dup_item_name (self->board_type, item->item);
      if (name == NULL)
        continue;
      if (text->len > 0)
        g_string_append (text, "; ");
      if (chance > 0)
        {
          g_autofree char *percent = imh_ui_format_percent (chance, 1);

          /* Translators: a kind of unseen object, how many, and the chance
           * that the next one drawn is of this kind: "Lever: 2 (next drawn: 12.5%)" */
          g_string_append_printf (text, _("%s: %d (next drawn: %s)"), name, item->count, percent);
        }
      else if (item->count > 0)
        /* Translators: a kind of unseen object and how many: "Crypt 5: 2" */
        g_string_append_printf (text, _("%s: %d"), name, item->count);
      else
        /* Translators: a kind of unseen object of which none is left */
        g_string_append_printf (text, _("%s: none"), name);
    }
  return g_strdup (text->str);
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

/* The table for the score shown: so far, or "if the game ended now"
 * (final when over), the tie-break under it. */
static void
update_table (ImhScoreView *self)
{
  const ImhRules *rules = imh_rules_of (&self->state);
  const char *names[IMH_MAX_PLAYERS];
  gboolean so_far;
  const char *tiebreak;
  g_autofree char *counts = NULL;
  ImhScore score;

  imh_score (&self->state, &score);
  so_far = !score.final && rules->score_so_far != NULL
           && gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (self->so_far_button));
  gtk_widget_set_visible (self->mode_box, !score.final && rules->score_so_far != NULL);
  if (so_far)
    rules->score_so_far (&self->state, &score);

  gtk_label_set_text (GTK_LABEL (self->caption),
                      score.final ? _("Final score")
                      : so_far ? _("Points scored so far")
                      : _("Points if the game ended now"));
  for (int p = 0; p < IMH_MAX_PLAYERS; p++)
    names[p] = self->names[p] != NULL ? self->names[p] : "";
  if (self->table != NULL)
    gtk_box_remove (GTK_BOX (self->box), self->table);
  self->table = score_table_new (rules, &score, names, TRUE, &self->state, so_far);
  gtk_box_insert_child_after (GTK_BOX (self->box), self->table, self->caption);

  tiebreak = imh_texts_tiebreak (score.tiebreak);
  counts = imh_texts_tiebreak_counts (&score, names);
  if (tiebreak != NULL && counts != NULL)
    {
      g_autofree char *both = g_strconcat (tiebreak, " ", counts, NULL);

      gtk_label_set_text (GTK_LABEL (self->tiebreak), both);
    }
  else
    gtk_label_set_text (GTK_LABEL (self->tiebreak), tiebreak != NULL ? tiebreak : "");
  gtk_widget_set_visible (self->tiebreak, tiebreak != NULL);
}

/* Both buttons toggle on a switch: the one that became active rebuilds. */
static void
mode_toggled_cb (ImhScoreView    *self,
                 GtkToggleButton *button)
{
  if (self->has_state && gtk_toggle_button_get_active (button))
    update_table (self);
}

static void
imh_score_view_finalize (GObject *object)
{
  ImhScoreView *self = IMH_SCORE_VIEW (object);

  for (int p = 0; p < IMH_MAX_PLAYERS; p++)
    g_clear_pointer (&self->names[p], g_free);

  G_OBJECT_CLASS (imh_score_view_parent_class)->finalize (object);
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
  object_class->finalize = imh_score_view_finalize;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE_PATH "/imh-score-view.ui");
  gtk_widget_class_bind_template_child (widget_class, ImhScoreView, box);
  gtk_widget_class_bind_template_child (widget_class, ImhScoreView, caption);
  gtk_widget_class_bind_template_child (widget_class, ImhScoreView, mode_box);
  gtk_widget_class_bind_template_child (widget_class, ImhScoreView, now_button);
  gtk_widget_class_bind_template_child (widget_class, ImhScoreView, removed);
  gtk_widget_class_bind_template_child (widget_class, ImhScoreView, removed_title);
  gtk_widget_class_bind_template_child (widget_class, ImhScoreView, so_far_button);
  gtk_widget_class_bind_template_child (widget_class, ImhScoreView, tiebreak);
  gtk_widget_class_bind_template_child (widget_class, ImhScoreView, unseen);
  gtk_widget_class_bind_template_child (widget_class, ImhScoreView, unseen_caption);
  gtk_widget_class_bind_template_child (widget_class, ImhScoreView, unseen_title);
  gtk_widget_class_bind_template_callback (widget_class, mode_toggled_cb);
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
  g_return_if_fail (names != NULL);

  rules = imh_rules_of (state);
  if (!self->board_type_set)
    self->board_type = imh_board_type_for_kind (state->kind);
  board_type = self->board_type;
  imh_state_copy (&self->state, state);
  self->has_state = TRUE;
  imh_score (state, &score);
  for (int p = 0; p < IMH_MAX_PLAYERS; p++)
    {
      g_free (self->names[p]);
      self->names[p] = p < score.n_players ? g_strdup (names[p]) : NULL;
    }
  self->n_items = 0;
  if (rules->hidden_summary != NULL)
    self->n_items = rules->hidden_summary (state, -1, self->items, IMH_SCORE_VIEW_MAX_ITEMS);

  update_table (self);

  if (board_type != G_TYPE_INVALID)
    unseen = imh_board_type_dup_unseen_text (board_type, state);
  set_headings (self, board_type);
  gtk_label_set_text (GTK_LABEL (self->unseen_caption), unseen != NULL ? unseen : "");
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (self->unseen),
                                       area_height (n_items (self, FALSE), has_chances (self, FALSE)));
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (self->removed),
                                       area_height (n_items (self, TRUE), has_chances (self, TRUE)));
  gtk_widget_set_visible (self->removed_title, n_items (self, TRUE) > 0);
  gtk_widget_set_visible (self->removed, n_items (self, TRUE) > 0);
  for (int out = 0; out < 2; out++)
    {
      g_autofree char *items = _imh_score_view_dup_items_description (self, out);

      gtk_accessible_update_property (GTK_ACCESSIBLE (out ? self->removed : self->unseen),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, items, -1);
    }
  gtk_widget_queue_draw (self->unseen);
  gtk_widget_queue_draw (self->removed);
}

void
imh_score_view_set_so_far (ImhScoreView *self,
                           gboolean      so_far)
{
  g_return_if_fail (IMH_IS_SCORE_VIEW (self));

  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (so_far ? self->so_far_button : self->now_button),
                                TRUE);
}

gboolean
imh_score_view_get_so_far (ImhScoreView *self)
{
  g_return_val_if_fail (IMH_IS_SCORE_VIEW (self), FALSE);

  return gtk_widget_get_visible (self->mode_box)
         && gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (self->so_far_button));
}

void
_imh_score_view_set_board_type (ImhScoreView *self,
                                GType         board_type)
{
  g_return_if_fail (IMH_IS_SCORE_VIEW (self));

  self->board_type = board_type;
  self->board_type_set = TRUE;
}
