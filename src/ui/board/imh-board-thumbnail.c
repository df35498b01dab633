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
  g_autoptr(ImhBoard) still = NULL;
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  GtkWidget *widget;
  GtkSnapshot *snapshot;
  int min_w, nat_w, min_h, nat_h, thumb_height;
  double scale;

  g_return_val_if_fail (IMH_IS_BOARD (board), NULL);
  g_return_val_if_fail (GSK_IS_RENDERER (renderer), NULL);

  if (!gsk_renderer_is_realized (renderer) || imh_board_get_state (board) == NULL)
    return NULL;
  /* Never the board itself: one on screen may be in the middle of an
   * animation (pieces on their way, fading). An offscreen board of the
   * same position, never mapped, has none; laid out at its natural size,
   * so the picture does not depend on the window. */
  still = g_object_ref_sink (_imh_board_new_still (board));
  widget = GTK_WIDGET (still);
  gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &min_w, &nat_w, NULL, NULL);
  gtk_widget_measure (widget, GTK_ORIENTATION_VERTICAL, nat_w, &min_h, &nat_h, NULL, NULL);
  gtk_widget_allocate (widget, nat_w, nat_h, -1, NULL);
  if (nat_w <= 0 || nat_h <= 0)
    return NULL;

  scale = (double) IMH_BOARD_THUMBNAIL_WIDTH / nat_w;
  thumb_height = MAX (1, (int) (nat_h * scale + 0.5));
  snapshot = gtk_snapshot_new ();
  gtk_snapshot_scale (snapshot, (float) scale, (float) scale);
  /* The light style whatever the app's: the picture is stored. */
  _imh_board_set_style_free (still, TRUE);
  GTK_WIDGET_GET_CLASS (widget)->snapshot (widget, snapshot);
  node = gtk_snapshot_free_to_node (snapshot);
  if (node == NULL)
    return NULL;
  texture = gsk_renderer_render_texture (renderer, node,
                                         &GRAPHENE_RECT_INIT (0, 0, IMH_BOARD_THUMBNAIL_WIDTH, thumb_height));
  return texture != NULL ? gdk_texture_save_to_png_bytes (texture) : NULL;
}
