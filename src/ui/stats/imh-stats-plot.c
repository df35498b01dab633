/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-stats-plot.c — the user's accuracy and mistakes over time. */
#define G_LOG_DOMAIN "imh-stats-plot"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "imh-stats-plot.h"
#include "imh-texts.h"

#define PAD 6.0
#define ACCURACY_SHARE 0.68
#define NO_POINT G_MAXUINT

typedef struct {
  gint64 started;
  int    game;
  double accuracy;
  guint  mistakes;
  guint  blunders;
} Point;

struct _ImhStatsPlot
{
  GtkWidget  parent_instance;

  GArray    *points;          /* Point */
  GArray    *average;         /* double, one per point (NAN before the window is full) */
  gboolean   has_average;
  guint      hover;
  char      *description;
};

G_DEFINE_FINAL_TYPE (ImhStatsPlot, imh_stats_plot, GTK_TYPE_WIDGET)

/* The colours of the analysis' graph: the accent for the accuracy (as its
 * curve), the mistakes' mark colour for the mistakes (style.css); the
 * GNOME palette where no style defines them. */
static const GdkRGBA accent_fallback = { 0.21, 0.52, 0.89, 1.0 };
static const GdkRGBA mistake_fallback = { 1.00, 0.47, 0.00, 1.0 };

static void
lookup_color (GtkWidget     *widget,
              const char    *name,
              const GdkRGBA *fallback,
              GdkRGBA       *color)
{
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  if (!gtk_style_context_lookup_color (gtk_widget_get_style_context (widget), name, color))
    *color = *fallback;
  G_GNUC_END_IGNORE_DEPRECATIONS
}

/* ---------------------------------------------------------------- */
/* Data                                                             */

static guint
average_window (guint n)
{
  return CLAMP (n / 5, 3, 10);
}

static void
update_description (ImhStatsPlot *self)
{
  guint n = self->points->len;
  double first, last;

  g_free (self->description);
  if (n == 0)
    self->description = g_strdup (_("No analysed games"));
  else if (n == 1)
    /* Translators: the accuracy plot for the screen reader, one game */
    self->description = g_strdup_printf (_("Accuracy %.0f %% in one game"),
                                         g_array_index (self->points, Point, 0).accuracy);
  else
    {
      if (self->has_average)
        {
          first = g_array_index (self->average, double, average_window (n) - 1);
          last = g_array_index (self->average, double, n - 1);
        }
      else
        {
          first = g_array_index (self->points, Point, 0).accuracy;
          last = g_array_index (self->points, Point, n - 1).accuracy;
        }
      /* Translators: the accuracy plot for the screen reader: the accuracy
       * (its moving average with many games) at the first and the last
       * game, in per cent, then the number of games */
      self->description = g_strdup_printf (ngettext ("Accuracy from %.0f %% to %.0f %% over %u game",
                                                        "Accuracy from %.0f %% to %.0f %% over %u games", n),
                                           first, last, n);
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, self->description,
                                  -1);
}

/* ---------------------------------------------------------------- */
/* Geometry                                                         */

typedef struct {
  double left, right;         /* the panels' x range */
  double acc_top, acc_bottom; /* the accuracy panel */
  double mis_top, mis_bottom; /* the mistakes panel */
  double lo, step;            /* accuracy axis: lo .. 100 */
  guint  max_mistakes;
  double legend_height;
  double label_height;
} Layout;

static PangoLayout *
small_layout (GtkWidget  *widget,
              const char *text)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (widget, text);
  PangoAttrList *attrs = pango_attr_list_new ();

  pango_attr_list_insert (attrs, pango_attr_scale_new (PANGO_SCALE_SMALL));
  pango_attr_list_insert (attrs, pango_attr_font_features_new ("tnum=1"));
  pango_layout_set_attributes (layout, attrs);
  pango_attr_list_unref (attrs);
  return layout;
}

static int
text_width (GtkWidget  *widget,
            const char *text,
            int        *height)
{
  g_autoptr(PangoLayout) layout = small_layout (widget, text);
  int w, h;

  pango_layout_get_pixel_size (layout, &w, &h);
  if (height != NULL)
    *height = h;
  return w;
}

static const char *
legend_text (guint i)
{
  switch (i)
    {
    case 0: return _("Accuracy");
    case 1: return _("Moving average");
    default: return _("Mistakes per game");
    }
}

#define SWATCH 14.0
#define LEGEND_GAP 16.0

/* The legend's items flow in rows over the width; the height they take. */
static double
legend_layout (ImhStatsPlot *self,
               double        width,
               double       *xs,
               double       *ys)
{
  GtkWidget *widget = GTK_WIDGET (self);
  double x = PAD, y = 0;
  int h = 0;

  for (guint i = 0; i < 3; i++)
    {
      double w = SWATCH + 4 + text_width (widget, legend_text (i), &h);

      if (i == 1 && !self->has_average)
        {
          xs[i] = ys[i] = -1;
          continue;
        }
      if (x > PAD && x + w > width - PAD)
        {
          x = PAD;
          y += h + 4;
        }
      xs[i] = x;
      ys[i] = y;
      x += w + LEGEND_GAP;
    }
  return y + h + 8;
}

static void
compute_layout (ImhStatsPlot *self,
                Layout       *l)
{
  GtkWidget *widget = GTK_WIDGET (self);
  double w = gtk_widget_get_width (widget);
  double h = gtk_widget_get_height (widget);
  double min_acc = 100;
  double xs[3], ys[3];
  int label_h = 0, axis_w;
  g_autofree char *max_text = NULL;

  l->max_mistakes = 1;
  for (guint i = 0; i < self->points->len; i++)
    {
      const Point *p = &g_array_index (self->points, Point, i);
      min_acc = MIN (min_acc, p->accuracy);
      l->max_mistakes = MAX (l->max_mistakes, p->mistakes);
    }
  l->lo = CLAMP (floor ((min_acc - 5) / 10) * 10, 0, 90);
  l->step = 100 - l->lo > 40 ? 20 : 10;
  if (l->step == 20 && fmod (l->lo, 20) != 0)
    l->lo -= 10;

  max_text = g_strdup_printf ("%u", l->max_mistakes);
  axis_w = MAX (text_width (widget, "100 %", &label_h), text_width (widget, max_text, NULL));
  l->label_height = label_h;
  l->legend_height = legend_layout (self, w, xs, ys);
  l->left = PAD + axis_w + 6;
  l->right = w - PAD - 4;
  l->acc_top = l->legend_height + label_h / 2.0;
  l->mis_bottom = h - PAD - label_h - 4;
  /* Between the panels: room for the labels at their edges. */
  l->acc_bottom = l->acc_top + (l->mis_bottom - l->acc_top - label_h - 8) * ACCURACY_SHARE;
  l->mis_top = l->acc_bottom + label_h + 8;
}

static double
x_of (ImhStatsPlot *self,
      const Layout *l,
      guint         i)
{
  guint n = self->points->len;
  double inset = 8.0;

  if (n <= 1)
    return (l->left + l->right) / 2;
  return l->left + inset + i * (l->right - l->left - 2 * inset) / (n - 1);
}

static double
y_of_accuracy (const Layout *l,
               double        accuracy)
{
  double t = (CLAMP (accuracy, l->lo, 100) - l->lo) / (100 - l->lo);
  return l->acc_bottom - t * (l->acc_bottom - l->acc_top);
}

static guint
point_at_x (ImhStatsPlot *self,
            double        x)
{
  Layout l;
  guint best = NO_POINT;
  double best_d = G_MAXDOUBLE;

  if (self->points->len == 0)
    return NO_POINT;
  compute_layout (self, &l);
  for (guint i = 0; i < self->points->len; i++)
    {
      double d = fabs (x_of (self, &l, i) - x);
      if (d < best_d)
        {
          best_d = d;
          best = i;
        }
    }
  return best;
}

/* ---------------------------------------------------------------- */
/* Drawing                                                          */

static void
show_text (cairo_t     *cr,
           GtkWidget   *widget,
           const char  *text,
           double       x,
           double       y,
           double       align,   /* 0 left, 0.5 centre, 1 right of x */
           double       valign)  /* the same for y */
{
  g_autoptr(PangoLayout) layout = small_layout (widget, text);
  int w, h;

  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_move_to (cr, round (x - align * w), round (y - valign * h));
  pango_cairo_show_layout (cr, layout);
}

static char *
date_text (gint64 started)
{
  g_autoptr(GDateTime) dt = g_date_time_new_from_unix_local (started);

  if (dt == NULL)
    return g_strdup ("");
  return g_date_time_format (dt, "%x");
}

static void
imh_stats_plot_snapshot (GtkWidget   *widget,
                         GtkSnapshot *snapshot)
{
  ImhStatsPlot *self = IMH_STATS_PLOT (widget);
  double w = gtk_widget_get_width (widget);
  double h = gtk_widget_get_height (widget);
  guint n = self->points->len;
  GdkRGBA fg, accent, mistake;
  double xs[3], ys[3];
  Layout l;
  cairo_t *cr;

  if (w <= 0 || h <= 0)
    return;
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);
  G_GNUC_END_IGNORE_DEPRECATIONS
  lookup_color (widget, "accent_color", &accent_fallback, &accent);
  lookup_color (widget, "imh_mark_mistake_color", &mistake_fallback, &mistake);
  compute_layout (self, &l);
  if (l.acc_bottom - l.acc_top < 20 || l.right - l.left < 40)
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, h));

  /* The legend. */
  legend_layout (self, w, xs, ys);
  for (guint i = 0; i < 3; i++)
    {
      double y;

      if (xs[i] < 0)
        continue;
      y = ys[i] + l.label_height / 2.0;
      if (i == 0)
        {
          cairo_set_source_rgba (cr, accent.red, accent.green, accent.blue, 0.55);
          cairo_set_line_width (cr, 1.5);
          cairo_move_to (cr, xs[i], y);
          cairo_line_to (cr, xs[i] + SWATCH, y);
          cairo_stroke (cr);
          gdk_cairo_set_source_rgba (cr, &accent);
          cairo_arc (cr, xs[i] + SWATCH / 2, y, 2.5, 0, 2 * G_PI);
          cairo_fill (cr);
        }
      else if (i == 1)
        {
          gdk_cairo_set_source_rgba (cr, &accent);
          cairo_set_line_width (cr, 3.0);
          cairo_move_to (cr, xs[i], y);
          cairo_line_to (cr, xs[i] + SWATCH, y);
          cairo_stroke (cr);
        }
      else
        {
          gdk_cairo_set_source_rgba (cr, &mistake);
          cairo_rectangle (cr, xs[i] + 3, y - 5, SWATCH - 6, 10);
          cairo_fill (cr);
        }
      cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.85);
      show_text (cr, widget, legend_text (i), xs[i] + SWATCH + 4, y, 0, 0.5);
    }

  /* Grid and axis labels: the accuracy in per cent, the mistakes 0 and
   * their highest number. */
  cairo_set_line_width (cr, 1.0);
  for (double v = l.lo; v <= 100.001; v += l.step)
    {
      double y = floor (y_of_accuracy (&l, v)) + 0.5;
      g_autofree char *label = g_strdup_printf ("%.0f %%", v);

      cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.12);
      cairo_move_to (cr, l.left, y);
      cairo_line_to (cr, l.right, y);
      cairo_stroke (cr);
      cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.7);
      show_text (cr, widget, label, l.left - 6, y, 1, 0.5);
    }
  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.15);
  cairo_rectangle (cr, l.left + 0.5, floor (l.mis_top) + 0.5, l.right - l.left - 1,
                   floor (l.mis_bottom - l.mis_top));
  cairo_stroke (cr);
  {
    g_autofree char *max_text = g_strdup_printf ("%u", l.max_mistakes);

    cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.7);
    show_text (cr, widget, max_text, l.left - 6, l.mis_top, 1, 0);
    show_text (cr, widget, "0", l.left - 6, l.mis_bottom, 1, 1);
  }

  if (n > 0)
    {
      double step = n > 1 ? x_of (self, &l, 1) - x_of (self, &l, 0) : 24;
      double bar = CLAMP (step * 0.6, 1.0, 14.0);
      int date_h = 0;
      g_autofree char *sample = date_text (g_array_index (self->points, Point, 0).started);
      double date_w = text_width (widget, sample, &date_h);
      guint n_dates;

      /* Mistakes per game: bars. */
      gdk_cairo_set_source_rgba (cr, &mistake);
      for (guint i = 0; i < n; i++)
        {
          const Point *p = &g_array_index (self->points, Point, i);
          double bh = (l.mis_bottom - l.mis_top - 2) * p->mistakes / l.max_mistakes;

          if (p->mistakes == 0)
            continue;
          cairo_rectangle (cr, x_of (self, &l, i) - bar / 2, l.mis_bottom - bh, bar, bh);
        }
      cairo_fill (cr);

      /* The accuracy of each game: a thin line with dots (the line alone
       * with many points); with the average drawn, fainter. */
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
      cairo_set_line_width (cr, self->has_average ? 1.5 : 2.0);
      cairo_set_source_rgba (cr, accent.red, accent.green, accent.blue, self->has_average ? 0.45 : 1.0);
      for (guint i = 0; i < n; i++)
        {
          double x = x_of (self, &l, i);
          double y = y_of_accuracy (&l, g_array_index (self->points, Point, i).accuracy);

          if (i == 0)
            cairo_move_to (cr, x, y);
          else
            cairo_line_to (cr, x, y);
        }
      cairo_stroke (cr);
      if (step >= 6)
        {
          cairo_set_source_rgba (cr, accent.red, accent.green, accent.blue, self->has_average ? 0.6 : 1.0);
          for (guint i = 0; i < n; i++)
            {
              cairo_arc (cr, x_of (self, &l, i),
                         y_of_accuracy (&l, g_array_index (self->points, Point, i).accuracy),
                         self->has_average ? 2.0 : 3.0, 0, 2 * G_PI);
              cairo_fill (cr);
            }
        }

      /* The moving average. */
      if (self->has_average)
        {
          gboolean started = FALSE;

          cairo_set_line_width (cr, 3.0);
          cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
          gdk_cairo_set_source_rgba (cr, &accent);
          for (guint i = 0; i < n; i++)
            {
              double a = g_array_index (self->average, double, i);

              if (isnan (a))
                continue;
              if (!started)
                cairo_move_to (cr, x_of (self, &l, i), y_of_accuracy (&l, a));
              else
                cairo_line_to (cr, x_of (self, &l, i), y_of_accuracy (&l, a));
              started = TRUE;
            }
          cairo_stroke (cr);
        }

      /* Dates along the bottom: the first and the last, and between them
       * as many as fit. */
      n_dates = n == 1 ? 1 : (guint) CLAMP ((l.right - l.left) / (date_w * 1.8), 2, MIN (n, 6));
      cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.7);
      for (guint j = 0; j < n_dates; j++)
        {
          guint i = n_dates == 1 ? 0 : (guint) lround ((double) j * (n - 1) / (n_dates - 1));
          g_autofree char *label = date_text (g_array_index (self->points, Point, i).started);
          double align = n_dates == 1 ? 0.5 : (double) j / (n_dates - 1);

          show_text (cr, widget, label, CLAMP (x_of (self, &l, i), l.left, l.right),
                     l.mis_bottom + 4, align, 0);
        }

      /* The hovered game. */
      if (self->hover != NO_POINT && self->hover < n)
        {
          double x = floor (x_of (self, &l, self->hover)) + 0.5;

          cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.3);
          cairo_set_line_width (cr, 1.0);
          cairo_move_to (cr, x, l.acc_top);
          cairo_line_to (cr, x, l.mis_bottom);
          cairo_stroke (cr);
          cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.9);
          cairo_set_line_width (cr, 1.5);
          cairo_arc (cr, x_of (self, &l, self->hover),
                     y_of_accuracy (&l, g_array_index (self->points, Point, self->hover).accuracy),
                     4.5, 0, 2 * G_PI);
          cairo_stroke (cr);
        }
    }
  else
    {
      cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.55);
      show_text (cr, widget, _("No analysed games"), (l.left + l.right) / 2,
                 (l.acc_top + l.acc_bottom) / 2, 0.5, 0.5);
    }
  cairo_destroy (cr);
}

static void
imh_stats_plot_measure (GtkWidget      *widget,
                        GtkOrientation  orientation,
                        int             for_size,
                        int            *minimum,
                        int            *natural,
                        int            *minimum_baseline,
                        int            *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 200;
      *natural = 480;
    }
  else
    {
      *minimum = 280;
      *natural = 280;
    }
}

/* ---------------------------------------------------------------- */
/* Input                                                            */

static void
set_hover (ImhStatsPlot *self,
           guint         hover)
{
  if (self->hover == hover)
    return;
  self->hover = hover;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
motion_cb (GtkEventControllerMotion *controller,
           double                    x,
           double                    y,
           ImhStatsPlot             *self)
{
  set_hover (self, point_at_x (self, x));
}

static void
leave_cb (GtkEventControllerMotion *controller,
          ImhStatsPlot             *self)
{
  set_hover (self, NO_POINT);
}

/* Left/Right (Home/End) pick a game: highlighted, its values in the
 * tooltip. */
static gboolean
key_pressed_cb (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                ImhStatsPlot          *self)
{
  guint n = self->points->len;
  guint cur = self->hover;
  guint target;

  if (n == 0)
    return FALSE;
  switch (keyval)
    {
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      target = cur == NO_POINT ? n - 1 : cur > 0 ? cur - 1 : 0;
      break;
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      target = cur == NO_POINT ? 0 : cur + 1 < n ? cur + 1 : n - 1;
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
  set_hover (self, target);
  gtk_widget_trigger_tooltip_query (GTK_WIDGET (self));
  return TRUE;
}

static void
focus_leave_cb (GtkEventControllerFocus *controller,
                ImhStatsPlot            *self)
{
  set_hover (self, NO_POINT);
}

static gboolean
query_tooltip_cb (GtkWidget    *widget,
                  int           x,
                  int           y,
                  gboolean      keyboard,
                  GtkTooltip   *tooltip,
                  ImhStatsPlot *self)
{
  g_autofree char *text = NULL;

  if (keyboard)
    text = self->hover != NO_POINT ? imh_stats_plot_dup_point_text (self, self->hover)
                                   : g_strdup (self->description);
  else
    text = imh_stats_plot_dup_point_text (self, point_at_x (self, x));
  if (text == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

/* ---------------------------------------------------------------- */
/* API                                                              */

GtkWidget *
imh_stats_plot_new (void)
{
  return g_object_new (IMH_TYPE_STATS_PLOT, NULL);
}

void
imh_stats_plot_set_points (ImhStatsPlot              *self,
                           const ImhPlayerStatsPoint *points,
                           guint                      n)
{
  guint window = average_window (n);
  double sum = 0;

  g_return_if_fail (IMH_IS_STATS_PLOT (self));
  g_return_if_fail (points != NULL || n == 0);

  g_array_set_size (self->points, 0);
  g_array_set_size (self->average, 0);
  for (guint i = 0; i < n; i++)
    {
      Point p = { points[i].started, points[i].game, points[i].accuracy,
                  points[i].mistakes, points[i].blunders };
      g_array_append_val (self->points, p);
    }
  self->has_average = n >= IMH_STATS_PLOT_MIN_AVERAGE;
  for (guint i = 0; i < n && self->has_average; i++)
    {
      double a = NAN;

      sum += points[i].accuracy;
      if (i >= window)
        sum -= points[i - window].accuracy;
      if (i + 1 >= window)
        a = sum / window;
      g_array_append_val (self->average, a);
    }
  if (self->hover != NO_POINT && self->hover >= n)
    self->hover = NO_POINT;
  update_description (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

guint
imh_stats_plot_get_n_points (ImhStatsPlot *self)
{
  g_return_val_if_fail (IMH_IS_STATS_PLOT (self), 0);
  return self->points->len;
}

gboolean
imh_stats_plot_get_average (ImhStatsPlot *self,
                            guint         i,
                            double       *average)
{
  g_return_val_if_fail (IMH_IS_STATS_PLOT (self), FALSE);

  if (!self->has_average || i >= self->average->len
      || isnan (g_array_index (self->average, double, i)))
    return FALSE;
  if (average != NULL)
    *average = g_array_index (self->average, double, i);
  return TRUE;
}

guint
imh_stats_plot_get_selected (ImhStatsPlot *self)
{
  g_return_val_if_fail (IMH_IS_STATS_PLOT (self), G_MAXUINT);
  return self->hover;
}

const char *
imh_stats_plot_get_description (ImhStatsPlot *self)
{
  g_return_val_if_fail (IMH_IS_STATS_PLOT (self), NULL);
  return self->description;
}

char *
imh_stats_plot_dup_point_text (ImhStatsPlot *self,
                               guint         i)
{
  const Point *p;
  g_autofree char *date = NULL;
  g_autofree char *mistakes = NULL;

  g_return_val_if_fail (IMH_IS_STATS_PLOT (self), NULL);

  if (i >= self->points->len)
    return NULL;
  p = &g_array_index (self->points, Point, i);
  date = date_text (p->started);
  mistakes = g_strdup_printf (ngettext ("%u mistake", "%u mistakes", p->mistakes), p->mistakes);
  /* Translators: the plot's tooltip: the date, the game, the accuracy in
   * per cent, then "2 mistakes" */
  return g_strdup_printf (_("%s, %s\nAccuracy: %.1f %%\n%s"), date,
                          imh_texts_game_name ((ImhGameKind) p->game), p->accuracy, mistakes);
}

/* ---------------------------------------------------------------- */
/* GObject                                                          */

static void
imh_stats_plot_finalize (GObject *object)
{
  ImhStatsPlot *self = IMH_STATS_PLOT (object);

  g_array_unref (self->points);
  g_array_unref (self->average);
  g_free (self->description);

  G_OBJECT_CLASS (imh_stats_plot_parent_class)->finalize (object);
}

static void
imh_stats_plot_class_init (ImhStatsPlotClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = imh_stats_plot_finalize;
  widget_class->snapshot = imh_stats_plot_snapshot;
  widget_class->measure = imh_stats_plot_measure;

  gtk_widget_class_set_css_name (widget_class, "statsplot");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
imh_stats_plot_init (ImhStatsPlot *self)
{
  GtkEventController *motion, *key, *focus;

  self->points = g_array_new (FALSE, FALSE, sizeof (Point));
  self->average = g_array_new (FALSE, FALSE, sizeof (double));
  self->hover = NO_POINT;

  /* Reachable by the keyboard, so that the screen reader reads it. */
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  g_signal_connect (self, "query-tooltip", G_CALLBACK (query_tooltip_cb), self);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Accuracy over time"),
                                  -1);
  update_description (self);

  motion = gtk_event_controller_motion_new ();
  g_signal_connect (motion, "motion", G_CALLBACK (motion_cb), self);
  g_signal_connect (motion, "leave", G_CALLBACK (leave_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);

  key = gtk_event_controller_key_new ();
  g_signal_connect (key, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), key);
  focus = gtk_event_controller_focus_new ();
  g_signal_connect (focus, "leave", G_CALLBACK (focus_leave_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), focus);
}
