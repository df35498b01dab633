/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-meeple-icon.c — a player's meeple shape as a small widget. */
#define G_LOG_DOMAIN "imh-meeple-icon"

#include "config.h"

#include <glib/gi18n.h>

#include "imh-art.h"
#include "imh-meeple-icon.h"

static void
draw_meeple (GtkDrawingArea *area,
             cairo_t        *cr,
             int             width,
             int             height,
             gpointer        user_data)
{
  imh_art_meeple (cr, GPOINTER_TO_INT (user_data), 0, 0, width, height, FALSE);
}

GtkWidget *
imh_meeple_icon_new (int player,
                     int size)
{
  GtkWidget *area = gtk_drawing_area_new ();

  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (area), size);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), size + size / 4);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), draw_meeple,
                                  GINT_TO_POINTER (player), NULL);
  gtk_widget_set_valign (area, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (area),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  imh_art_meeple_label (player),
                                  -1);
  return area;
}
