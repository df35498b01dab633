/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bench-library-page.c — how long the library page takes to show its first
 * rows: from opening the library and creating the page in a window that is
 * already on screen, to the second frame drawn after the list is loaded.
 *
 *   bench-library-page [DATABASE]
 *
 * Without DATABASE it fills a temporary library with 100,000 random games
 * first (through the normal store path; a minute or two). Run under a
 * display (xvfb-run). Figures go to docs/performance.md.
 */
#define G_LOG_DOMAIN "bench-library-page"

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <sys/resource.h>

#include "imh-library-page.h"
#include "imh-library-private.h"

#define N_GAMES 100000
#define RUNS 5

static int ticks;

static gboolean
on_tick (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  ticks++;
  return G_SOURCE_CONTINUE;
}

static gboolean
page_loaded (GtkWidget *page)
{
  ImhLibraryModel *model = imh_library_page_get_model (IMH_LIBRARY_PAGE (page));

  return gtk_widget_get_mapped (page) && !imh_library_model_get_loading (model)
         && g_list_model_get_n_items (G_LIST_MODEL (model)) > 0;
}

static void
flush (void)
{
  for (int i = 0; i < 20; i++)
    {
      while (g_main_context_iteration (NULL, FALSE))
        ;
      g_usleep (5000);
    }
}

static int
compare_double (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

static char *
fill (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("imhotep-bench-library-page-XXXXXX", &error);
  char *path;
  g_autoptr(ImhLibrary) lib = NULL;

  g_assert_no_error (error);
  path = g_build_filename (dir, "library.sqlite3", NULL);
  lib = imh_library_open (path, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < N_GAMES; i++)
    {
      g_autofree char *text = _imh_library_random_record (1000003 + i, i % 10 != 0, 40, 5000);
      g_assert_cmpint (imh_library_save_record (lib, 0, text, FALSE, &error), >, 0);
    }
  return path;
}

int
main (int argc, char **argv)
{
  g_autofree char *path = NULL;
  g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
  gboolean temporary = argc < 2;
  struct rusage ru;
  guint n = 0;

  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      g_printerr ("bench-library-page needs a display (xvfb-run)\n");
      return 77;
    }
  gtk_init ();
  adw_init ();

  path = temporary ? fill () : g_strdup (argv[1]);

  for (int run = 0; run < RUNS; run++)
    {
      GtkWidget *window = gtk_window_new ();
      GtkWidget *placeholder = gtk_label_new (NULL);
      g_autoptr(ImhLibrary) lib = NULL;
      g_autoptr(GError) error = NULL;
      GtkWidget *page;
      gint64 t0;
      guint id;
      double ms, loaded_ms;

      gtk_window_set_default_size (GTK_WINDOW (window), 1200, 800);
      gtk_window_set_child (GTK_WINDOW (window), placeholder);
      gtk_window_present (GTK_WINDOW (window));
      while (!gtk_widget_get_mapped (placeholder))
        g_main_context_iteration (NULL, TRUE);
      flush ();

      t0 = g_get_monotonic_time ();
      lib = imh_library_open (path, &error);
      g_assert_no_error (error);
      page = imh_library_page_new (lib);
      gtk_window_set_child (GTK_WINDOW (window), page);
      while (!page_loaded (page))
        g_main_context_iteration (NULL, TRUE);
      loaded_ms = (double) (g_get_monotonic_time () - t0) / 1000.0;
      ticks = 0;
      id = gtk_widget_add_tick_callback (page, on_tick, NULL, NULL);
      while (ticks < 2)
        g_main_context_iteration (NULL, TRUE);
      gtk_widget_remove_tick_callback (page, id);
      ms = (double) (g_get_monotonic_time () - t0) / 1000.0;
      n = g_list_model_get_n_items (G_LIST_MODEL (imh_library_page_get_model (IMH_LIBRARY_PAGE (page))));
      g_array_append_val (times, ms);
      g_print ("run %d: %u games, list loaded after %.1f ms, first rows drawn after %.1f ms\n",
               run + 1, n, loaded_ms, ms);

      gtk_window_destroy (GTK_WINDOW (window));
      flush ();
    }

  g_array_sort (times, compare_double);
  getrusage (RUSAGE_SELF, &ru);
  g_print ("library page, %u games: median %.1f ms, min %.1f ms, max %.1f ms over %d runs; peak RSS %ld MiB\n",
           n, g_array_index (times, double, RUNS / 2), g_array_index (times, double, 0),
           g_array_index (times, double, RUNS - 1), RUNS, ru.ru_maxrss / 1024);

  if (temporary)
    {
      static const char *const suffixes[] = { "", "-wal", "-shm" };
      g_autofree char *dir = g_path_get_dirname (path);
      for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
        {
          g_autofree char *f = g_strconcat (path, suffixes[i], NULL);
          g_remove (f);
        }
      g_rmdir (dir);
    }
  return 0;
}
