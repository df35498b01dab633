/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-eval-graph.c — the win-probability graph of an analysed game. */
#define G_LOG_DOMAIN "imh-eval-graph"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "imh-eval-graph.h"

#define PAD 6.0
#define NO_PLY G_MAXUINT

struct _ImhEvalGraph
{
  GtkWidget          parent_instance;

  ImhAnalysisResult *result;
  GArray            *values;       /* double, one per point */
  GArray            *marks;        /* ImhMark, one per point (0: none) */
  guint              player;
  guint              ply;
  guint              hover;
  char             **names;        /* the players' names, or NULL */
  GArray            *turns;        /* guint, decision i's turn number (from 1) */
  GPtrArray         *played;       /* decision i in words */
  GPtrArray         *best;         /* the best decision instead of i in words, or NULL */
};

G_DEFINE_FINAL_TYPE (ImhEvalGraph, imh_eval_graph, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_PLAYER,
  PROP_PLY,
  PROP_HOVER_PLY,
  PROP_N_POINTS,
  N_PROPS
};

enum {
  PLY_ACTIVATED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* The colours of the line and of the marks come from the style, the same
 * named colours as the marks' CSS (style.css defines the imh_mark_* ones
 * from libadwaita's @warning_color and @error_color), so that both the
 * light and the dark style have readable ones. These stand in where no
 * style defines them (the GNOME palette: blue 3, yellow 5, orange 3, red 3). */
static const char *const mark_color_names[IMH_N_MARKS] = {
  "accent_color",
  "imh_mark_inaccuracy_color",
  "imh_mark_mistake_color",
  "imh_mark_blunder_color",
};
static const GdkRGBA mark_color_fallbacks[IMH_N_MARKS] = {
  { 0.21, 0.52, 0.89, 1.0 },
  { 0.90, 0.65, 0.04, 1.0 },
  { 1.00, 0.47, 0.00, 1.0 },
  { 0.88, 0.11, 0.14, 1.0 },
};

void
_imh_eval_graph_get_mark_color (ImhEvalGraph *self,
                                ImhMark       mark,
                                GdkRGBA      *color)
{
  GtkStyleContext *context = gtk_widget_get_style_context (GTK_WIDGET (self));

  g_return_if_fail (mark < IMH_N_MARKS);
  if (!gtk_style_context_lookup_color (context, mark_color_names[mark], color))
    *color = mark_color_fallbacks[mark];
}

/* ---------------------------------------------------------------- */
/* Data                                                             */

/* Value of decision i's row for the graph's player: `v` is from the
 * mover's view. */
static double
for_player (const ImhAnalysis *a,
            const ImhAnalysisPly *p,
            guint player,
            double v,
            double last)
{
  if ((guint) p->mover == player)
    return v;
  if (a->n_players == 2)
    return 1.0 - v;
  return last;
}

static void
rebuild_from_result (ImhEvalGraph *self)
{
  const ImhAnalysis *a;
  double last;
  ImhMark none = IMH_MARK_NONE;

  g_array_set_size (self->values, 0);
  g_array_set_size (self->marks, 0);
  if (self->result == NULL)
    return;
  a = imh_analysis_result_get_analysis (self->result);
  if (a->n_plies == 0)
    return;

  /* Point 0: the start, from the first mover's view. */
  last = for_player (a, &a->plies[0], self->player, a->plies[0].win_before,
                     1.0 / a->n_players);
  g_array_append_val (self->values, last);
  g_array_append_val (self->marks, none);
  for (guint i = 0; i < a->n_plies; i++)
    {
      const ImhAnalysisPly *p = &a->plies[i];
      double v = for_player (a, p, self->player, p->win_actual, last);

      /* Position i + 1 is valued twice: after decision i (by its mover)
       * and before decision i + 1 (by the next mover). Each shallow value
       * leans towards the player to move in its look-ahead; with two
       * players and alternating movers the two lean opposite ways, so
       * their mean is drawn. */
      if (a->n_players == 2 && i + 1 < a->n_plies)
        {
          const ImhAnalysisPly *q = &a->plies[i + 1];
          v = 0.5 * (v + for_player (a, q, self->player, q->win_before, v));
        }
      last = v;
      g_array_append_val (self->values, v);
      g_array_append_val (self->marks, p->mark);
    }
}

static void
data_changed (ImhEvalGraph *self)
{
  if (self->hover != NO_PLY && self->hover >= self->values->len)
    {
      self->hover = NO_PLY;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HOVER_PLY]);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_POINTS]);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* ---------------------------------------------------------------- */
/* Geometry                                                         */

static double
x_of (ImhEvalGraph *self,
      guint         point)
{
  double w = gtk_widget_get_width (GTK_WIDGET (self));
  guint n = self->values->len;

  if (n <= 1)
    return w / 2;
  return PAD + point * (w - 2 * PAD) / (n - 1);
}

static double
y_of (ImhEvalGraph *self,
      double        v)
{
  double h = gtk_widget_get_height (GTK_WIDGET (self));
  return PAD + (1.0 - CLAMP (v, 0.0, 1.0)) * (h - 2 * PAD);
}

guint
imh_eval_graph_ply_at_x (ImhEvalGraph *self,
                         double        x)
{
  double w;
  guint n;
  double t;

  g_return_val_if_fail (IMH_IS_EVAL_GRAPH (self), NO_PLY);

  n = self->values->len;
  if (n == 0)
    return NO_PLY;
  if (n == 1)
    return 0;
  w = gtk_widget_get_width (GTK_WIDGET (self));
  if (w <= 2 * PAD)
    return 0;
  t = (x - PAD) / (w - 2 * PAD) * (n - 1);
  t = floor (t + 0.5);
  return (guint) CLAMP (t, 0, n - 1);
}

/* ---------------------------------------------------------------- */
/* Drawing                                                          */

static void
draw_mark (cairo_t       *cr,
           const GdkRGBA *colors,
           ImhMark        mark,
           double         x,
           double         y)
{
  gdk_cairo_set_source_rgba (cr, &colors[mark]);
  switch (mark)
    {
    case IMH_MARK_INACCURACY:
      cairo_arc (cr, x, y, 3.0, 0, 2 * G_PI);
      break;
    case IMH_MARK_MISTAKE:
      cairo_rectangle (cr, x - 3.5, y - 3.5, 7.0, 7.0);
      break;
    case IMH_MARK_BLUNDER:
      cairo_move_to (cr, x, y - 5.5);
      cairo_line_to (cr, x + 5.5, y);
      cairo_line_to (cr, x, y + 5.5);
      cairo_line_to (cr, x - 5.5, y);
      cairo_close_path (cr);
      break;
    default:
      return;
    }
  cairo_fill (cr);
}

static void
imh_eval_graph_snapshot (GtkWidget   *widget,
                         GtkSnapshot *snapshot)
{
  ImhEvalGraph *self = IMH_EVAL_GRAPH (widget);
  double w = gtk_widget_get_width (widget);
  double h = gtk_widget_get_height (widget);
  guint n = self->values->len;
  const double *v = (const double *) (void *) self->values->data;
  const ImhMark *marks = (const ImhMark *) (void *) self->marks->data;
  GdkRGBA fg, colors[IMH_N_MARKS];
  cairo_t *cr;

  if (w <= 0 || h <= 0)
    return;
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);
  for (int m = 0; m < IMH_N_MARKS; m++)
    _imh_eval_graph_get_mark_color (self, (ImhMark) m, &colors[m]);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, h));

  /* Frame and the 50 % line. */
  cairo_set_line_width (cr, 1.0);
  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.15);
  cairo_rectangle (cr, PAD - 0.5, PAD - 0.5, w - 2 * PAD + 1, h - 2 * PAD + 1);
  cairo_stroke (cr);
  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.35);
  {
    const double dash[] = { 3.0, 3.0 };
    cairo_set_dash (cr, dash, 2, 0);
    cairo_move_to (cr, PAD, floor (y_of (self, 0.5)) + 0.5);
    cairo_line_to (cr, w - PAD, floor (y_of (self, 0.5)) + 0.5);
    cairo_stroke (cr);
    cairo_set_dash (cr, NULL, 0, 0);
  }

  if (n > 0)
    {
      /* Area between the curve and 50 %. */
      cairo_move_to (cr, x_of (self, 0), y_of (self, 0.5));
      for (guint i = 0; i < n; i++)
        cairo_line_to (cr, x_of (self, i), y_of (self, v[i]));
      cairo_line_to (cr, x_of (self, n - 1), y_of (self, 0.5));
      cairo_close_path (cr);
      cairo_set_source_rgba (cr, colors[0].red, colors[0].green, colors[0].blue, 0.18);
      cairo_fill (cr);

      /* The curve. */
      cairo_set_line_width (cr, 2.0);
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
      gdk_cairo_set_source_rgba (cr, &colors[0]);
      for (guint i = 0; i < n; i++)
        if (i == 0)
          cairo_move_to (cr, x_of (self, i), y_of (self, v[i]));
        else
          cairo_line_to (cr, x_of (self, i), y_of (self, v[i]));
      cairo_stroke (cr);

      /* Marks: colour and shape. */
      for (guint i = 1; i < n; i++)
        if (marks[i] != IMH_MARK_NONE && marks[i] < IMH_N_MARKS)
          draw_mark (cr, colors, marks[i], x_of (self, i), y_of (self, v[i]));

      /* The viewed position. */
      if (self->ply != NO_PLY && self->ply < n)
        {
          double x = floor (x_of (self, self->ply)) + 0.5;
          cairo_set_line_width (cr, 2.0);
          cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.8);
          cairo_move_to (cr, x, PAD);
          cairo_line_to (cr, x, h - PAD);
          cairo_stroke (cr);
        }

      /* The hovered point. */
      if (self->hover != NO_PLY && self->hover < n)
        {
          cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.9);
          cairo_arc (cr, x_of (self, self->hover), y_of (self, v[self->hover]), 4.0, 0, 2 * G_PI);
          cairo_set_line_width (cr, 1.5);
          cairo_stroke (cr);
        }
    }
  cairo_destroy (cr);
}

static void
imh_eval_graph_measure (GtkWidget      *widget,
                        GtkOrientation  orientation,
                        int             for_size,
                        int            *minimum,
                        int            *natural,
                        int            *minimum_baseline,
                        int            *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 120;
      *natural = 280;
    }
  else
    {
      *minimum = 64;
      *natural = 120;
    }
}

/* ---------------------------------------------------------------- */
/* Input                                                            */

static void
set_hover (ImhEvalGraph *self,
           guint         hover)
{
  if (self->hover == hover)
    return;
  self->hover = hover;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HOVER_PLY]);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
motion_cb (GtkEventControllerMotion *controller,
           double                    x,
           double                    y,
           ImhEvalGraph             *self)
{
  set_hover (self, imh_eval_graph_ply_at_x (self, x));
}

static void
leave_cb (GtkEventControllerMotion *controller,
          ImhEvalGraph             *self)
{
  set_hover (self, NO_PLY);
}

static void
pressed_cb (GtkGestureClick *gesture,
            int              n_press,
            double           x,
            double           y,
            ImhEvalGraph    *self)
{
  guint ply = imh_eval_graph_ply_at_x (self, x);

  if (ply == NO_PLY)
    return;
  gtk_widget_grab_focus (GTK_WIDGET (self));
  g_signal_emit (self, signals[PLY_ACTIVATED], 0, ply);
}

static gboolean
key_pressed_cb (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                ImhEvalGraph          *self)
{
  guint n = self->values->len;
  guint cur = self->ply != NO_PLY && self->ply < n ? self->ply : 0;
  guint target;

  if (n == 0)
    return FALSE;
  switch (keyval)
    {
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      target = cur > 0 ? cur - 1 : 0;
      break;
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      target = cur + 1 < n ? cur + 1 : n - 1;
      break;
    case GDK_KEY_Home:
    case GDK_KEY_KP_Home:
      target = 0;
      break;
    case GDK_KEY_End:
    case GDK_KEY_KP_End:
      target = n - 1;
      break;
    default:
      return FALSE;
    }
  g_signal_emit (self, signals[PLY_ACTIVATED], 0, target);
  return TRUE;
}

static const char *
mark_label (ImhMark mark)
{
  switch (mark)
    {
    case IMH_MARK_INACCURACY: return _("Inaccuracy");
    case IMH_MARK_MISTAKE: return _("Mistake");
    case IMH_MARK_BLUNDER: return _("Blunder");
    default: return NULL;
    }
}

/* The change of the graph's player's win chance in points: "+3", "−8", "±0". */
static char *
change_text (double change)
{
  int points = (int) lround (100 * change);

  if (points == 0)
    return g_strdup ("±0");
  if (points < 0)
    return g_strdup_printf ("−%d", -points);
  return g_strdup_printf ("+%d", points);
}

/* The graph's player's win chance at a point, with the change since the
 * point before when there is one. */
static void
append_chance (ImhEvalGraph *self,
               GString      *text,
               guint         point)
{
  double v = g_array_index (self->values, double, point);
  guint n_names = self->names != NULL ? g_strv_length (self->names) : 0;
  const char *name = self->player < n_names ? self->names[self->player] : NULL;
  g_autofree char *change = NULL;

  if (point > 0)
    change = change_text (v - g_array_index (self->values, double, point - 1));
  if (name != NULL && change != NULL)
    /* Translators: graph tooltip: whose win chance, in per cent, then its
     * change by the decision in percentage points ("+3", "−8") */
    g_string_append_printf (text, _("Win chance for %s: %.0f %% (%s)"), name, 100 * v, change);
  else if (name != NULL)
    /* Translators: graph tooltip: whose win chance, in per cent */
    g_string_append_printf (text, _("Win chance for %s: %.0f %%"), name, 100 * v);
  else if (change != NULL)
    g_string_append_printf (text, _("Win chance: %.0f %% (%s)"), 100 * v, change);
  else
    g_string_append_printf (text, _("Win chance: %.0f %%"), 100 * v);
}

/* What the tooltip says about a point, or NULL for none: the decision in
 * words as the history says it, with its turn and who made it, then the
 * graph's player's win chance after it and its change. */
static char *
point_text (ImhEvalGraph *self,
            guint         point)
{
  g_autoptr(GString) text = NULL;
  const ImhAnalysisPly *p;
  const char *label;
  guint n_names;
  const char *mover = NULL;
  const char *played = NULL;
  const char *best = NULL;
  g_autofree char *fallback = NULL;

  if (point == NO_PLY || point >= self->values->len)
    return NULL;
  text = g_string_new (NULL);
  if (point == 0)
    {
      g_string_append (text, _("Start of the game"));
      g_string_append_c (text, '\n');
      append_chance (self, text, point);
      return g_string_free (g_steal_pointer (&text), FALSE);
    }

  p = self->result != NULL ? imh_analysis_result_get_ply (self->result, point - 1) : NULL;
  label = mark_label (g_array_index (self->marks, ImhMark, point));
  n_names = self->names != NULL ? g_strv_length (self->names) : 0;
  if (p != NULL && p->mover >= 0 && (guint) p->mover < n_names)
    mover = self->names[p->mover];
  if (p != NULL && p->mover >= 0 && mover == NULL)
    mover = fallback = g_strdup_printf (_("Player %u"), (guint) p->mover + 1);
  if (point - 1 < self->played->len)
    {
      played = g_ptr_array_index (self->played, point - 1);
      best = g_ptr_array_index (self->best, point - 1);
    }
  else if (p != NULL)
    {
      played = p->played_text;
      best = p->best_text;
    }

  if (played != NULL && mover != NULL && point - 1 < self->turns->len)
    /* Translators: graph tooltip: the turn's number, who decided and the
     * decision in words ("Turn 12 · Ann: Take a stone") */
    g_string_append_printf (text, _("Turn %u · %s: %s"),
                            g_array_index (self->turns, guint, point - 1), mover, played);
  else if (played != NULL && mover != NULL)
    /* Translators: graph tooltip: the decision's number, who made it and what it was */
    g_string_append_printf (text, _("Decision %u, %s: %s"), point, mover, played);
  else
    g_string_append_printf (text, _("Decision %u"), point);
  g_string_append_c (text, '\n');
  append_chance (self, text, point);
  if (p != NULL && !p->forced && p->best != p->played && best != NULL)
    {
      g_string_append_c (text, '\n');
      g_string_append_printf (text, _("Best: %s (loss %.1f percentage points)"), best, p->loss);
    }
  if (label != NULL)
    {
      g_string_append_c (text, '\n');
      g_string_append (text, label);
    }
  if (p != NULL && p->chance)
    {
      g_string_append_c (text, '\n');
      g_string_append_printf (text, _("Luck of the draw: %+.1f percentage points"), p->luck);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static gboolean
query_tooltip_cb (GtkWidget    *widget,
                  int           x,
                  int           y,
                  gboolean      keyboard,
                  GtkTooltip   *tooltip,
                  ImhEvalGraph *self)
{
  guint point = keyboard ? self->ply : imh_eval_graph_ply_at_x (self, x);
  g_autofree char *text = point_text (self, point);

  if (text == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

/* ---------------------------------------------------------------- */
/* API                                                              */

GtkWidget *
imh_eval_graph_new (void)
{
  return g_object_new (IMH_TYPE_EVAL_GRAPH, NULL);
}

void
imh_eval_graph_set_analysis (ImhEvalGraph      *self,
                             ImhAnalysisResult *result)
{
  g_return_if_fail (IMH_IS_EVAL_GRAPH (self));

  if (self->result == result)
    return;
  g_clear_pointer (&self->result, imh_analysis_result_unref);
  if (result != NULL)
    self->result = imh_analysis_result_ref (result);
  rebuild_from_result (self);
  data_changed (self);
}

ImhAnalysisResult *
imh_eval_graph_get_analysis (ImhEvalGraph *self)
{
  g_return_val_if_fail (IMH_IS_EVAL_GRAPH (self), NULL);
  return self->result;
}

void
imh_eval_graph_set_values (ImhEvalGraph  *self,
                           const double  *values,
                           const ImhMark *marks,
                           guint          n_points)
{
  g_return_if_fail (IMH_IS_EVAL_GRAPH (self));
  g_return_if_fail (values != NULL || n_points == 0);

  g_clear_pointer (&self->result, imh_analysis_result_unref);
  g_array_set_size (self->values, 0);
  g_array_set_size (self->marks, 0);
  for (guint i = 0; i < n_points; i++)
    {
      double v = CLAMP (values[i], 0.0, 1.0);
      ImhMark m = marks != NULL && i > 0 && marks[i] < IMH_N_MARKS ? marks[i] : IMH_MARK_NONE;
      g_array_append_val (self->values, v);
      g_array_append_val (self->marks, m);
    }
  data_changed (self);
}

guint
imh_eval_graph_get_n_points (ImhEvalGraph *self)
{
  g_return_val_if_fail (IMH_IS_EVAL_GRAPH (self), 0);
  return self->values->len;
}

double
imh_eval_graph_get_value (ImhEvalGraph *self,
                          guint         point)
{
  g_return_val_if_fail (IMH_IS_EVAL_GRAPH (self), 0);
  g_return_val_if_fail (point < self->values->len, 0);
  return g_array_index (self->values, double, point);
}

void
imh_eval_graph_set_player (ImhEvalGraph *self,
                           guint         player)
{
  g_return_if_fail (IMH_IS_EVAL_GRAPH (self));
  g_return_if_fail (player < IMH_MAX_PLAYERS);

  if (self->player == player)
    return;
  self->player = player;
  if (self->result != NULL)
    {
      rebuild_from_result (self);
      data_changed (self);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLAYER]);
}

guint
imh_eval_graph_get_player (ImhEvalGraph *self)
{
  g_return_val_if_fail (IMH_IS_EVAL_GRAPH (self), 0);
  return self->player;
}

void
imh_eval_graph_set_ply (ImhEvalGraph *self,
                        guint         ply)
{
  g_return_if_fail (IMH_IS_EVAL_GRAPH (self));

  if (self->ply == ply)
    return;
  self->ply = ply;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLY]);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

guint
imh_eval_graph_get_ply (ImhEvalGraph *self)
{
  g_return_val_if_fail (IMH_IS_EVAL_GRAPH (self), NO_PLY);
  return self->ply;
}

guint
imh_eval_graph_get_hover_ply (ImhEvalGraph *self)
{
  g_return_val_if_fail (IMH_IS_EVAL_GRAPH (self), NO_PLY);
  return self->hover;
}

/* ---------------------------------------------------------------- */
/* GObject                                                          */

static void
imh_eval_graph_dispose (GObject *object)
{
  ImhEvalGraph *self = IMH_EVAL_GRAPH (object);

  g_clear_pointer (&self->result, imh_analysis_result_unref);

  G_OBJECT_CLASS (imh_eval_graph_parent_class)->dispose (object);
}

static void
imh_eval_graph_finalize (GObject *object)
{
  ImhEvalGraph *self = IMH_EVAL_GRAPH (object);

  g_array_unref (self->values);
  g_array_unref (self->marks);
  g_strfreev (self->names);
  g_array_unref (self->turns);
  g_ptr_array_unref (self->played);
  g_ptr_array_unref (self->best);

  G_OBJECT_CLASS (imh_eval_graph_parent_class)->finalize (object);
}

static void
imh_eval_graph_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  ImhEvalGraph *self = IMH_EVAL_GRAPH (object);

  switch (prop_id)
    {
    case PROP_PLAYER:
      g_value_set_uint (value, self->player);
      break;
    case PROP_PLY:
      g_value_set_uint (value, self->ply);
      break;
    case PROP_HOVER_PLY:
      g_value_set_uint (value, self->hover);
      break;
    case PROP_N_POINTS:
      g_value_set_uint (value, self->values->len);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imh_eval_graph_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  ImhEvalGraph *self = IMH_EVAL_GRAPH (object);

  switch (prop_id)
    {
    case PROP_PLAYER:
      imh_eval_graph_set_player (self, g_value_get_uint (value));
      break;
    case PROP_PLY:
      imh_eval_graph_set_ply (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imh_eval_graph_class_init (ImhEvalGraphClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = imh_eval_graph_dispose;
  object_class->finalize = imh_eval_graph_finalize;
  object_class->get_property = imh_eval_graph_get_property;
  object_class->set_property = imh_eval_graph_set_property;

  widget_class->snapshot = imh_eval_graph_snapshot;
  widget_class->measure = imh_eval_graph_measure;

  properties[PROP_PLAYER] =
    g_param_spec_uint ("player", NULL, NULL, 0, IMH_MAX_PLAYERS - 1, 0,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_PLY] =
    g_param_spec_uint ("ply", NULL, NULL, 0, G_MAXUINT, NO_PLY,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_HOVER_PLY] =
    g_param_spec_uint ("hover-ply", NULL, NULL, 0, G_MAXUINT, NO_PLY,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_N_POINTS] =
    g_param_spec_uint ("n-points", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * ImhEvalGraph::ply-activated:
   * @ply: the position clicked or chosen with the keyboard
   *
   * The user asks to view the position after @ply decisions.
   */
  signals[PLY_ACTIVATED] =
    g_signal_new ("ply-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);

  gtk_widget_class_set_css_name (widget_class, "evalgraph");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
imh_eval_graph_init (ImhEvalGraph *self)
{
  GtkEventController *motion, *key;
  GtkGesture *click;

  self->values = g_array_new (FALSE, FALSE, sizeof (double));
  self->marks = g_array_new (FALSE, FALSE, sizeof (ImhMark));
  self->turns = g_array_new (FALSE, FALSE, sizeof (guint));
  self->played = g_ptr_array_new_with_free_func (g_free);
  self->best = g_ptr_array_new_with_free_func (g_free);
  self->ply = NO_PLY;
  self->hover = NO_PLY;

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  g_signal_connect (self, "query-tooltip", G_CALLBACK (query_tooltip_cb), self);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Win probability graph"),
                                  -1);

  motion = gtk_event_controller_motion_new ();
  g_signal_connect (motion, "motion", G_CALLBACK (motion_cb), self);
  g_signal_connect (motion, "leave", G_CALLBACK (leave_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);

  click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  g_signal_connect (click, "pressed", G_CALLBACK (pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));

  key = gtk_event_controller_key_new ();
  g_signal_connect (key, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), key);
}

void
imh_eval_graph_set_names (ImhEvalGraph      *self,
                          const char *const *names)
{
  g_return_if_fail (IMH_IS_EVAL_GRAPH (self));

  g_strfreev (self->names);
  self->names = g_strdupv ((char **) names);
}

void
imh_eval_graph_set_words (ImhEvalGraph      *self,
                          guint              n,
                          const guint       *turns,
                          const char *const *played,
                          const char *const *best)
{
  g_return_if_fail (IMH_IS_EVAL_GRAPH (self));
  g_return_if_fail (n == 0 || (turns != NULL && played != NULL && best != NULL));

  g_array_set_size (self->turns, 0);
  g_ptr_array_set_size (self->played, 0);
  g_ptr_array_set_size (self->best, 0);
  for (guint i = 0; i < n; i++)
    {
      g_array_append_val (self->turns, turns[i]);
      g_ptr_array_add (self->played, g_strdup (played[i]));
      g_ptr_array_add (self->best, g_strdup (best[i]));
    }
}

char *
_imh_eval_graph_dup_point_text (ImhEvalGraph *self,
                                guint         point)
{
  g_return_val_if_fail (IMH_IS_EVAL_GRAPH (self), NULL);

  return point_text (self, point);
}
