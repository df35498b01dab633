/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-window-background.c — the window's background analysis. */
#define G_LOG_DOMAIN "imh-window"

#include "config.h"

#include "imh-play-view.h"
#include "imh-window-background.h"

#define DATA_KEY "imh-background-analysis"

typedef struct {
  GSettings             *settings;
  ImhBackgroundAnalysis *analysis;
} Background;

static void
background_free (Background *b)
{
  if (b->analysis != NULL)
    imh_background_analysis_stop (b->analysis);
  g_clear_object (&b->analysis);
  g_clear_object (&b->settings);
  g_free (b);
}

static void
update (ImhWindow *window)
{
  Background *b = g_object_get_data (G_OBJECT (window), DATA_KEY);
  ImhLibrary *library = imh_window_get_library (window);
  ImhPlayView *view = imh_window_get_play_view (window);
  gboolean busy = FALSE;

  if (b == NULL)
    return;
  if (b->analysis != NULL && imh_background_analysis_get_library (b->analysis) != library)
    {
      imh_background_analysis_stop (b->analysis);
      g_clear_object (&b->analysis);
    }
  if (b->analysis == NULL && library != NULL)
    b->analysis = imh_background_analysis_new (library);
  if (b->analysis == NULL)
    return;
  /* The computer thinks, a hint is searched, or the user's analysis runs. */
  if (view != NULL)
    {
      g_object_get (view, "busy", &busy, NULL);
      busy = busy || imh_play_view_get_action_enabled (view, "game.cancel-analysis");
    }
  if (busy)
    imh_background_analysis_pause (b->analysis);
  else
    imh_background_analysis_resume (b->analysis);
  if (g_settings_get_boolean (b->settings, "background-analysis"))
    imh_background_analysis_start (b->analysis);
  else
    imh_background_analysis_stop (b->analysis);
}

/* The window goes: the analysis stops at once. */
static void
on_destroy (ImhWindow *window)
{
  g_object_set_data (G_OBJECT (window), DATA_KEY, NULL);
}

void
_imh_window_background_init (ImhWindow *window,
                             GSettings *settings)
{
  Background *b = g_new0 (Background, 1);

  b->settings = g_object_ref (settings);
  g_object_set_data_full (G_OBJECT (window), DATA_KEY, b, (GDestroyNotify) background_free);
  g_signal_connect (window, "notify::library", G_CALLBACK (update), NULL);
  g_signal_connect (window, "destroy", G_CALLBACK (on_destroy), NULL);
  g_signal_connect_object (imh_window_get_play_view (window), "notify::busy", G_CALLBACK (update), window,
                           G_CONNECT_SWAPPED);
  /* game.cancel-analysis: the analysis of the game shown runs. */
  g_signal_connect_object (imh_window_get_play_view (window), "actions-changed", G_CALLBACK (update), window,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (settings, "changed::background-analysis", G_CALLBACK (update), window,
                           G_CONNECT_SWAPPED);
  update (window);
}

ImhBackgroundAnalysis *
imh_window_get_background_analysis (ImhWindow *window)
{
  Background *b;

  g_return_val_if_fail (IMH_IS_WINDOW (window), NULL);

  b = g_object_get_data (G_OBJECT (window), DATA_KEY);
  return b != NULL ? b->analysis : NULL;
}
