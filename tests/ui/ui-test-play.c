/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ui-test-play.c — a play view in a window of its own for the ui tests. */
#include "ui-test-play.h"
#include "ui-test-util.h"

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

static gboolean
games_are_gone (gpointer data)
{
  gpointer *games = data;

  return games[0] == NULL && games[1] == NULL;
}

void
imh_test_play_window_destroy (GtkWindow   *window,
                              ImhPlayView *view,
                              ImhGame     *game)
{
  gpointer games[2] = { imh_play_view_get_game (view), game };

  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    if (games[i] != NULL)
      g_object_add_weak_pointer (G_OBJECT (games[i]), &games[i]);
  if (game != NULL)
    g_object_unref (game);
  gtk_window_destroy (window);
  imh_test_flush_main_loop ();
  g_assert_finalize_object (window);
  g_assert_finalize_object (view);
  imh_test_iterate_until (games_are_gone, games);
}
