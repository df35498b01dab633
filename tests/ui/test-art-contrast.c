/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The players' colours against the surfaces their pieces stand on: each
 * piece is set off by its fill or its outline at a contrast of at least
 * 3:1 (the WCAG ratio for graphics), in the light and the dark style. */
#include "config.h"

#include <math.h>
#include <glib.h>

#include "imh-art.h"

static double
channel (double c)
{
  return c <= 0.03928 ? c / 12.92 : pow ((c + 0.055) / 1.055, 2.4);
}

static double
luminance (const ImhRgba *c)
{
  return 0.2126 * channel (c->r) + 0.7152 * channel (c->g) + 0.0722 * channel (c->b);
}

static double
contrast (const ImhRgba *a,
          const ImhRgba *b)
{
  double la = luminance (a), lb = luminance (b);

  return (MAX (la, lb) + 0.05) / (MIN (la, lb) + 0.05);
}

static void
check_style (gboolean dark)
{
  ImhRgba text = { dark ? 1 : 0, dark ? 1 : 0, dark ? 1 : 0, 1 };
  ImhRgba accent = { 0.21, 0.52, 0.89, 1 };
  ImhTablePalette table;
  ImhPalette page;
  struct { const char *name; const ImhRgba *colour; } surfaces[4];

  imh_table_palette_init (&table, dark, &text, &accent);
  imh_palette_init (&page, dark, &text, &accent);
  surfaces[0].name = "panel"; surfaces[0].colour = &table.panel;
  surfaces[1].name = "active panel"; surfaces[1].colour = &table.panel_active;
  surfaces[2].name = "field"; surfaces[2].colour = &table.field;
  surfaces[3].name = "page"; surfaces[3].colour = &page.page;

  for (int p = 0; p < IMH_ART_N_PLAYERS; p++)
    {
      ImhRgba fill, line;

      imh_art_player_color (p, &fill, &line);
      for (guint s = 0; s < G_N_ELEMENTS (surfaces); s++)
        {
          double best = MAX (contrast (&fill, surfaces[s].colour),
                             contrast (&line, surfaces[s].colour));

          if (best < 3.0)
            g_test_fail_printf ("%s style: player %d on the %s: contrast %.2f < 3",
                                dark ? "dark" : "light", p + 1, surfaces[s].name, best);
        }
    }

  /* The players tell apart from each other by fill, with their shapes
   * as a second cue: no two fills closer than 1.5:1. */
  for (int p = 0; p < IMH_ART_N_PLAYERS; p++)
    for (int q = p + 1; q < IMH_ART_N_PLAYERS; q++)
      {
        ImhRgba fp, lp, fq, lq;

        imh_art_player_color (p, &fp, &lp);
        imh_art_player_color (q, &fq, &lq);
        if (contrast (&fp, &fq) < 1.5)
          g_test_fail_printf ("players %d and %d: fills too close (%.2f)", p + 1, q + 1,
                              contrast (&fp, &fq));
      }
}

static void
test_light (void)
{
  check_style (FALSE);
}

static void
test_dark (void)
{
  check_style (TRUE);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/art/contrast/light", test_light);
  g_test_add_func ("/art/contrast/dark", test_dark);
  return g_test_run ();
}
