/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "imh-ui-util.h"

#include <adwaita.h>

void
imh_ui_toast (GtkWidget  *widget,
              const char *text)
{
  GtkWidget *overlay = gtk_widget_get_ancestor (widget, ADW_TYPE_TOAST_OVERLAY);
  g_autofree char *escaped = g_markup_escape_text (text, -1);

  if (overlay != NULL)
    adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), adw_toast_new (escaped));
  else
    g_message ("%s", text);
}
