/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-board-thumbnail.c — any game's board as a small PNG (the library's "Final Position"). */
#define G_LOG_DOMAIN "imh-board-thumbnail"

#include "config.h"

#include "imh-board-private.h"
#include "imh-board-thumbnail.h"

GBytes *
imh_board_thumbnail_render (ImhBoard    *board,
                            GskRenderer *renderer)
{
  GtkWidget *widget = GTK_WIDGET (board);
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  GtkSnapshot *snapshot;
  int width, height, thumb_height;
  double scale;

  g_return_val_if_fail (IMH_IS_BOARD (board), NULL);
  g_return_val_if_fail (GSK_IS_RENDERER (renderer), NULL);

  if (gtk_widget_get_parent (widget) == NULL && !gtk_widget_get_mapped (widget))
    {
      /* Offscreen: laid out at its natural size, never mapped. */
      int min_w, nat_w, min_h, nat_h;

      gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &min_w, &nat_w, NULL, NULL);
      gtk_widget_measure (widget, GTK_ORIENTATION_VERTICAL, nat_w, &min_h, &nat_h, NULL, NULL);
      gtk_widget_allocate (widget, nat_w, nat_h, -1, NULL);
    }
  width = gtk_widget_get_width (widget);
  height = gtk_widget_get_height (widget);
  if (width <= 0 || height <= 0 || !gsk_renderer_is_realized (renderer))
    return NULL;

  scale = (double) IMH_BOARD_THUMBNAIL_WIDTH / width;
  thumb_height = MAX (1, (int) (height * scale + 0.5));
  snapshot = gtk_snapshot_new ();
  gtk_snapshot_scale (snapshot, (float) scale, (float) scale);
  /* The board's own drawing, the same whether it is on screen or not. */
  _imh_board_set_style_free (board, TRUE);
  GTK_WIDGET_GET_CLASS (widget)->snapshot (widget, snapshot);
  _imh_board_set_style_free (board, FALSE);
  node = gtk_snapshot_free_to_node (snapshot);
  if (node == NULL)
    return NULL;
  texture = gsk_renderer_render_texture (renderer, node,
                                         &GRAPHENE_RECT_INIT (0, 0, IMH_BOARD_THUMBNAIL_WIDTH, thumb_height));
  return texture != NULL ? gdk_texture_save_to_png_bytes (texture) : NULL;
}
