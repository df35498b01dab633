/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ui-test-util.c — main-loop and window helpers shared by the ui tests. */
#include "ui-test-util.h"

#include <glib/gstdio.h>
#include <stdlib.h>

void
imh_test_iterate_until (gboolean (*done) (gpointer data),
                        gpointer   data)
{
  gint64 deadline = g_get_monotonic_time () + 120 * G_USEC_PER_SEC;

  while (!done (data))
    {
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (1000);
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
    }
}

void
imh_test_flush_main_loop (void)
{
  for (int i = 0; i < 50; i++)
    while (g_main_context_iteration (NULL, FALSE))
      ;
}

gboolean
imh_test_widget_is_drawn (gpointer widget)
{
  return gtk_widget_get_mapped (GTK_WIDGET (widget)) && gtk_widget_get_width (GTK_WIDGET (widget)) > 0;
}

static void
count_paint (GdkFrameClock *clock,
             gpointer       data)
{
  (*(guint *) data)++;
}

static gboolean
painted (gpointer data)
{
  return *(guint *) data > 0;
}

void
imh_test_wait_for_paint (GtkWidget *widget)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);
  guint n = 0;
  gulong id;

  g_assert_nonnull (clock);
  id = g_signal_connect (clock, "after-paint", G_CALLBACK (count_paint), &n);
  gtk_widget_queue_draw (widget);
  imh_test_iterate_until (painted, &n);
  g_signal_handler_disconnect (clock, id);
}

GtkWindow *
imh_test_find_toplevel (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);
      if (G_TYPE_CHECK_INSTANCE_TYPE (window, type))
        return window;
    }
  return NULL;
}

GtkWidget *
imh_test_find_widget (GtkWidget *widget,
                      gboolean (*match) (GtkWidget *widget, gpointer data),
                      gpointer   data)
{
  if (match (widget, data))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = imh_test_find_widget (child, match, data);
      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
is_of_type (GtkWidget *widget,
            gpointer   type)
{
  return G_TYPE_CHECK_INSTANCE_TYPE (widget, GPOINTER_TO_SIZE (type));
}

GtkWidget *
imh_test_find_descendant (GtkWidget *widget,
                          GType      type)
{
  return imh_test_find_widget (widget, is_of_type, GSIZE_TO_POINTER (type));
}

static char *test_home;

static void
remove_tree (const char *path)
{
  GDir *dir = g_dir_open (path, 0, NULL);

  if (dir != NULL)
    {
      const char *name;

      while ((name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);

          if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
            remove_tree (child);
          else
            g_remove (child);
        }
      g_dir_close (dir);
    }
  g_rmdir (path);
}

static void
remove_test_home (void)
{
  if (test_home != NULL)
    remove_tree (test_home);
  g_clear_pointer (&test_home, g_free);
}

void
imh_test_init (int    *argcp,
               char ***argvp)
{
  static const struct { const char *var, *dir; } dirs[] = {
    { "HOME", "home" },
    { "XDG_DATA_HOME", "data" },
    { "XDG_CONFIG_HOME", "config" },
    { "XDG_CACHE_HOME", "cache" },
    { "XDG_STATE_HOME", "state" },
  };
  g_autoptr(GError) error = NULL;

  test_home = g_dir_make_tmp ("imhotep-ui-test-XXXXXX", &error);
  g_assert_no_error (error);
  for (gsize i = 0; i < G_N_ELEMENTS (dirs); i++)
    {
      g_autofree char *path = g_build_filename (test_home, dirs[i].dir, NULL);

      g_assert_cmpint (g_mkdir_with_parents (path, 0700), ==, 0);
      g_setenv (dirs[i].var, path, TRUE);
    }
  atexit (remove_test_home);

  g_test_init (argcp, argvp, NULL);
  g_setenv ("GTK_MODULES", "", TRUE);
  gtk_disable_setlocale ();
  gtk_init ();
}

static void
set_flag (gboolean *flag)
{
  *flag = TRUE;
}

void
imh_test_wait_for_object (gpointer    object,
                          const char *property)
{
  g_autofree char *signal = g_strconcat ("notify::", property, NULL);

  for (;;)
    {
      g_autoptr(GObject) value = NULL;
      gboolean notified = FALSE;
      gulong id;

      g_object_get (object, property, &value, NULL);
      if (value != NULL)
        return;
      id = g_signal_connect_swapped (object, signal, G_CALLBACK (set_flag), &notified);
      while (!notified)
        g_main_context_iteration (NULL, TRUE);
      g_signal_handler_disconnect (object, id);
    }
}
