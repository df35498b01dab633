/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ui-test-play.c — a play view in a window of its own for the ui tests. */
#include "ui-test-play.h"

GtkWindow *
imh_test_play_window_new (int           width,
                          int           height,
                          GtkWidget   **header_button,
                          ImhPlayView **view)
{
  GtkWindow *window = GTK_WINDOW (adw_window_new ());
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = adw_header_bar_new ();

  g_object_ref (window);
  gtk_window_set_default_size (window, width, height);
  *header_button = gtk_button_new_from_icon_name ("edit-undo-symbolic");
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), *header_button);
  gtk_box_append (GTK_BOX (box), header);
  *view = IMH_PLAY_VIEW (imh_play_view_new ());
  g_object_ref (*view);
  gtk_widget_set_vexpand (GTK_WIDGET (*view), TRUE);
  imh_play_view_set_pace (*view, 0);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (*view));
  adw_window_set_content (ADW_WINDOW (window), box);
  return window;
}
