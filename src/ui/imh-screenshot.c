/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-screenshot.c — render a laid-out window to a PNG file (imhotep --screenshot). */
#define G_LOG_DOMAIN "imh-screenshot"

#include "config.h"

#include <glib/gi18n.h>
#include <stdlib.h>

#include "imh-screenshot.h"

/* Frames to let pass after the window has its size, so that styles,
 * fonts and icons have settled before the picture is taken. */
#define SETTLE_FRAMES 6
/* Frames to wait for the requested size before taking the actual one. */
#define SIZE_FRAMES 60

void
imh_screenshot_request_free (ImhScreenshotRequest *request)
{
  if (request == NULL)
    return;
  g_free (request->path);
  g_free (request->record);
  g_strfreev (request->my_names);
  g_free (request);
}

gboolean
imh_screenshot_parse_size (const char  *text,
                           int         *width,
                           int         *height,
                           GError     **error)
{
  const char *given = text;
  char *end = NULL;
  gint64 w, h;

  g_return_val_if_fail (text != NULL, FALSE);

  w = g_ascii_strtoll (text, &end, 10);
  if (end == text || (*end != 'x' && *end != 'X'))
    goto bad;
  text = end + 1;
  h = g_ascii_strtoll (text, &end, 10);
  if (end == text || *end != '\0')
    goto bad;
  if (w < 1 || w > 10000 || h < 1 || h > 10000)
    goto bad;

  *width = (int) w;
  *height = (int) h;
  return TRUE;

bad:
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               _("Invalid size “%s”: expected WIDTHxHEIGHT, such as 1280x800, each between 1 and 10000"),
               given);
  return FALSE;
}

gboolean
imh_screenshot_save_widget (GtkWidget   *widget,
                            const char  *path,
                            GError     **error)
{
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autoptr(GBytes) bytes = NULL;
  GtkStyleContext *style;
  GtkSnapshot *snapshot;
  GtkNative *native;
  GdkRGBA background;
  int width, height;

  g_return_val_if_fail (GTK_IS_WIDGET (widget), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  width = gtk_widget_get_width (widget);
  height = gtk_widget_get_height (widget);
  native = gtk_widget_get_native (widget);
  if (native == NULL || width <= 0 || height <= 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_INITIALIZED,
                           _("The window has not been drawn yet"));
      return FALSE;
    }

  snapshot = gtk_snapshot_new ();

  /* The window, not its content, paints the background: paint it first,
   * in the colour of the current (light or dark) style. */
  style = gtk_widget_get_style_context (GTK_WIDGET (native));
  if (gtk_style_context_lookup_color (style, "window_bg_color", &background))
    gtk_snapshot_append_color (snapshot, &background,
                               &GRAPHENE_RECT_INIT (0, 0, width, height));

  paintable = gtk_widget_paintable_new (widget);
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  if (node == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                           _("The window drew nothing"));
      return FALSE;
    }

  texture = gsk_renderer_render_texture (gtk_native_get_renderer (native), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  bytes = gdk_texture_save_to_png_bytes (texture);

  return g_file_set_contents (path, g_bytes_get_data (bytes, NULL),
                              (gssize) g_bytes_get_size (bytes), error);
}

typedef struct {
  ImhScreenshotRequest  request;
  GtkWidget            *subject;
  ImhScreenshotDone     callback;
  gpointer              user_data;
  guint                 frames;
  guint                 frames_at_size;
  guint                 resizes;
} TakeData;

static void
take_data_free (gpointer data)
{
  TakeData *take = data;

  g_clear_object (&take->subject);
  g_free (take->request.path);
  g_free (take->request.record);
  g_free (take);
}


/* The widgets that make a window wider than asked: the innermost whose
 * minimum width is above width (none of their children is), with that
 * minimum. For the one who looks at the picture. */
static gboolean
print_too_wide (GtkWidget *widget,
                int        width)
{
  gboolean child_printed = FALSE;
  int minimum;

  if (!gtk_widget_get_visible (widget))
    return FALSE;
  gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
  if (minimum <= width)
    return FALSE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    child_printed |= print_too_wide (child, width);
  if (!child_printed)
    /* TRANSLATORS: a widget of the window in the screenshot: its type, its
     * name (or its CSS name) and its minimum width in pixels */
    {
      g_printerr (_("  too wide: %s “%s”, at least %d px\n"), G_OBJECT_TYPE_NAME (widget),
                  gtk_widget_get_name (widget), minimum);
      for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
           child = gtk_widget_get_next_sibling (child))
        if (gtk_widget_get_visible (child))
          {
            gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
            /* TRANSLATORS: a part of the widget too wide, as above */
            g_printerr (_("    with %s “%s”, at least %d px\n"), G_OBJECT_TYPE_NAME (child),
                        GTK_IS_LABEL (child) ? gtk_label_get_text (GTK_LABEL (child))
                        : GTK_IS_BUTTON (child) && gtk_button_get_label (GTK_BUTTON (child)) != NULL
                        ? gtk_button_get_label (GTK_BUTTON (child))
                        : gtk_widget_get_name (child), minimum);
          }
    }
  return TRUE;
}

static gboolean
on_tick (GtkWidget     *widget,
         GdkFrameClock *clock,
         gpointer       user_data)
{
  TakeData *take = user_data;
  g_autoptr(GError) error = NULL;
  int width = gtk_widget_get_width (take->subject);
  int height = gtk_widget_get_height (take->subject);
  gboolean at_size = take->request.natural_size
                     || (width == take->request.width && height == take->request.height);

  take->frames++;

  /* The window's frame (borders, resize margins) differs between displays:
   * grow the window by what the subject lacks so the subject gets the size. */
  if (!at_size && width > 0 && height > 0 && take->resizes < 3)
    {
      int default_width, default_height;

      gtk_window_get_default_size (GTK_WINDOW (widget), &default_width, &default_height);
      gtk_window_set_default_size (GTK_WINDOW (widget),
                                   default_width + take->request.width - width,
                                   default_height + take->request.height - height);
      take->resizes++;
      take->frames_at_size = 0;
      return G_SOURCE_CONTINUE;
    }

  if (at_size || take->frames > SIZE_FRAMES)
    take->frames_at_size++;
  if (take->frames_at_size < SETTLE_FRAMES)
    return G_SOURCE_CONTINUE;

  if (!at_size)
    {
      g_printerr (_("The window is %d×%d instead of the requested %d×%d\n"),
                  width, height, take->request.width, take->request.height);
      if (width > take->request.width)
        print_too_wide (widget, take->request.width);
    }

  imh_screenshot_save_widget (take->subject, take->request.path, &error);
  take->callback (GTK_WINDOW (widget), error, take->user_data);
  return G_SOURCE_REMOVE;
}

void
imh_screenshot_take_when_ready (GtkWindow                  *window,
                                GtkWidget                  *subject,
                                const ImhScreenshotRequest *request,
                                ImhScreenshotDone           callback,
                                gpointer                    user_data)
{
  TakeData *take;

  g_return_if_fail (GTK_IS_WINDOW (window));
  g_return_if_fail (GTK_IS_WIDGET (subject));
  g_return_if_fail (request != NULL && request->path != NULL);
  g_return_if_fail (callback != NULL);

  take = g_new0 (TakeData, 1);
  take->request = *request;
  take->request.path = g_strdup (request->path);
  take->request.record = g_strdup (request->record);
  take->subject = g_object_ref (subject);
  take->callback = callback;
  take->user_data = user_data;

  if (!request->natural_size)
    gtk_window_set_default_size (window, request->width, request->height);
  gtk_widget_add_tick_callback (GTK_WIDGET (window), on_tick, take, take_data_free);
}
