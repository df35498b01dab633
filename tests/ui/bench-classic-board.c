/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bench-classic-board.c — a full redraw of the base game's board with 4
 * players at 1280×800: the board's snapshot vfunc (what it draws, recorded) and
 * its rendering to a cairo image surface (what the cairo renderer does),
 * N times, in ms per frame. Positions from seeded random games, sides A and
 * sides B, interactive (the targets drawn).
 *
 *   bench-classic-board [FRAMES]   (default 200; run under a display,
 *                                   GSK_RENDERER=cairo)
 *
 * Figures go to docs/performance.md (target: 8 ms per frame).
 */
#define G_LOG_DOMAIN "bench-classic-board"

#include "config.h"

#include <gtk/gtk.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "imh-board.h"
#include "imh-board-factory.h"

#define WIDTH  1280
#define HEIGHT 800

/* This thread's CPU time in ms: what a frame costs, whatever else runs. */
static double
thread_cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

static int
compare_double (gconstpointer a,
                gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

/* A position of a 4-player game after `plies` seeded random decisions. */
static void
position (ImhState *s,
          gboolean  sides_b,
          guint64   seed,
          guint     plies)
{
  ImhOptions options;
  ImhRng rng;
  char why[128];

  imh_options_init (&options, IMH_GAME_CLASSIC, 4);
  for (int i = 0; i < IMH_CLASSIC_N_SITES && sides_b; i++)
    options.sides[i] = IMH_SIDE_B;
  if (!imh_setup (s, &options, seed, why, sizeof why))
    g_error ("%s", why);
  imh_rng_seed (&rng, seed);
  for (guint i = 0; i < plies && !imh_is_over (s); i++)
    {
      ImhDecisionList legal;

      imh_legal (s, &legal);
      imh_apply (s, legal.d[imh_rng_below (&rng, legal.n)]);
    }
}

static gboolean
is_drawn (GtkWidget *widget)
{
  return gtk_widget_get_mapped (widget) && gtk_widget_get_width (widget) > 0;
}

/* One frame: the board's snapshot, then its node drawn on the surface. */
static void
frame (GtkWidget       *board,
       cairo_surface_t *surface,
       double          *snapshot_ms,
       double          *draw_ms,
       double          *cpu_ms)
{
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  gint64 t0, t1, t2;
  cairo_t *cr;
  double cpu0 = thread_cpu_ms ();

  /* The board's own snapshot, as GTK calls it when the board is to be
   * redrawn (no render node kept from an earlier frame). */
  t0 = g_get_monotonic_time ();
  GTK_WIDGET_GET_CLASS (board)->snapshot (board, snapshot);
  node = gtk_snapshot_free_to_node (snapshot);
  t1 = g_get_monotonic_time ();
  g_assert_nonnull (node);
  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  gsk_render_node_draw (node, cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  t2 = g_get_monotonic_time ();
  *snapshot_ms = (t1 - t0) / 1000.0;
  *draw_ms = (t2 - t1) / 1000.0;
  *cpu_ms = thread_cpu_ms () - cpu0;
}

static void
bench (GtkWidget  *board,
       const char *what,
       guint       frames)
{
  static const guint plies[] = { 0, 40, 90, 150, 220 };
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
  g_autoptr(GArray) total = g_array_new (FALSE, FALSE, sizeof (double));
  double snapshot_sum = 0, draw_sum = 0, cpu_sum = 0;

  for (guint i = 0; i < frames; i++)
    {
      ImhState s;
      double snapshot_ms, draw_ms, cpu_ms, sum;

      /* A few positions in turn, each a few times in a row. */
      if (i % 10 == 0)
        {
          position (&s, g_str_has_suffix (what, "B"), 31 + i / 50,
                    plies[(i / 10) % G_N_ELEMENTS (plies)]);
          imh_board_set_state (IMH_BOARD (board), &s, TRUE, FALSE);
          /* The layout for the new state outside the measure. */
          while (g_main_context_iteration (NULL, FALSE))
            ;
        }
      frame (board, surface, &snapshot_ms, &draw_ms, &cpu_ms);
      if (i < 5)
        continue;   /* warm-up: fonts, caches */
      sum = snapshot_ms + draw_ms;
      snapshot_sum += snapshot_ms;
      draw_sum += draw_ms;
      cpu_sum += cpu_ms;
      g_array_append_val (total, sum);
    }
  g_array_sort (total, compare_double);
  printf ("board %dx%d, 4 players, sides %s: %u frames: snapshot %.2f + cairo %.2f = mean %.2f ms/frame "
          "(median %.2f, p95 %.2f, max %.2f); CPU %.2f ms/frame\n",
          gtk_widget_get_width (board), gtk_widget_get_height (board),
          what, total->len, snapshot_sum / total->len, draw_sum / total->len,
          (snapshot_sum + draw_sum) / total->len,
          g_array_index (total, double, total->len / 2),
          g_array_index (total, double, (total->len * 95) / 100),
          g_array_index (total, double, total->len - 1), cpu_sum / total->len);
  fflush (stdout);
  cairo_surface_destroy (surface);
}

int
main (int   argc,
      char *argv[])
{
  static const char *const names[] = { "Ahmose", "Baket", "Chaf", "Djedi" };
  guint frames = argc > 1 ? (guint) atoi (argv[1]) : 200;
  GtkWidget *window, *board;

  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      g_printerr ("bench-classic-board: no display: run under xvfb-run\n");
      return 77;
    }
  gtk_init ();
  board = imh_board_new_for_kind (IMH_GAME_CLASSIC);
  if (board == NULL)
    {
      g_printerr ("bench-classic-board: the app has no board for the base game\n");
      return 77;
    }
  window = gtk_window_new ();
  gtk_window_set_decorated (GTK_WINDOW (window), FALSE);
  gtk_window_set_default_size (GTK_WINDOW (window), WIDTH, HEIGHT);
  gtk_window_set_child (GTK_WINDOW (window), board);
  for (guint p = 0; p < 4; p++)
    imh_board_set_player_name (IMH_BOARD (board), p, names[p]);
  gtk_window_present (GTK_WINDOW (window));
  while (!is_drawn (board))
    g_main_context_iteration (NULL, TRUE);

  printf ("bench-classic-board: renderer %s\n",
          G_OBJECT_TYPE_NAME (gtk_native_get_renderer (GTK_NATIVE (window))));
  bench (board, "A", frames);
  bench (board, "B", frames);
  gtk_window_destroy (GTK_WINDOW (window));
  return 0;
}
