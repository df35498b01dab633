/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-game-over.c — the summary at the end of a game. */
#define G_LOG_DOMAIN "imh-game-over"

#include "config.h"

#include <glib/gi18n.h>

#include "imh-game-over.h"
#include "imh-meeple-icon.h"
#include "imh-score-view.h"
#include "imh-texts.h"

/* How a tie on points was settled for player p (more than two players,
 * the base game's C7): ahead of or behind a player with as many points by
 * the stones on the sled, or sharing the place; NULL without a tie. */
static const char *
tie_note (const ImhScore *score,
          int             p)
{
  gboolean ahead = FALSE, shared = FALSE, behind = FALSE;

  for (int q = 0; q < score->n_players && q < IMH_MAX_PLAYERS; q++)
    {
      if (q == p || score->total[q] != score->total[p])
        continue;
      if (score->rank[q] > score->rank[p])
        ahead = TRUE;
      else if (score->rank[q] == score->rank[p])
        shared = TRUE;
      else
        behind = TRUE;
    }
  if (shared)
    /* Translators: game-over summary, next to players with as many points and stones on the sled as another */
    return _("Tied: place shared");
  if (ahead)
    /* Translators: game-over summary, next to a player with as many points as another but more stones on the sled */
    return _("Tied: more stones on the sled");
  if (behind)
    /* Translators: game-over summary, next to a player with as many points as another but fewer stones on the sled */
    return _("Tied: fewer stones on the sled");
  return NULL;
}

/* Every player's place and total, best first, and how ties on points
 * were settled (more than two players: the heading names only the
 * winners). */
static GtkWidget *
places_new (const ImhScore *score,
            const char     *const *names)
{
  GtkWidget *grid = gtk_grid_new ();
  int order[IMH_MAX_PLAYERS];
  int n = MIN (score->n_players, IMH_MAX_PLAYERS);

  gtk_widget_add_css_class (grid, "places");
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_widget_set_halign (grid, GTK_ALIGN_CENTER);

  /* Sorted by place, seat order within a shared place. */
  for (int p = 0; p < n; p++)
    order[p] = p;
  for (int i = 1; i < n; i++)
    for (int j = i; j > 0 && score->rank[order[j]] < score->rank[order[j - 1]]; j--)
      {
        int t = order[j];
        order[j] = order[j - 1];
        order[j - 1] = t;
      }

  for (int i = 0; i < n; i++)
    {
      int p = order[i];
      GtkWidget *place = gtk_label_new (imh_texts_place (score->rank[p]));
      GtkWidget *name = gtk_label_new (names[p]);
      g_autofree char *total = g_strdup_printf ("%d", score->total[p]);
      GtkWidget *points = gtk_label_new (total);
      GtkWidget *icon = imh_meeple_icon_new (p, 16);
      const char *note;

      gtk_label_set_xalign (GTK_LABEL (place), 1.0f);
      gtk_widget_add_css_class (place, "dim-label");
      gtk_label_set_xalign (GTK_LABEL (name), 0.0f);
      gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_MIDDLE);
      gtk_label_set_max_width_chars (GTK_LABEL (name), 16);
      gtk_widget_set_hexpand (name, TRUE);
      gtk_label_set_xalign (GTK_LABEL (points), 1.0f);
      gtk_widget_add_css_class (points, "numeric");
      if (score->rank[p] == 0)
        {
          gtk_widget_add_css_class (name, "heading");
          gtk_widget_add_css_class (points, "heading");
        }
      gtk_grid_attach (GTK_GRID (grid), place, 0, i, 1, 1);
      gtk_grid_attach (GTK_GRID (grid), icon, 1, i, 1, 1);
      gtk_grid_attach (GTK_GRID (grid), name, 2, i, 1, 1);
      gtk_grid_attach (GTK_GRID (grid), points, 3, i, 1, 1);

      note = tie_note (score, p);
      if (note != NULL)
        {
          GtkWidget *label = gtk_label_new (note);

          gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
          gtk_label_set_wrap (GTK_LABEL (label), TRUE);
          gtk_label_set_max_width_chars (GTK_LABEL (label), 18);
          gtk_widget_add_css_class (label, "dim-label");
          gtk_widget_add_css_class (label, "caption");
          gtk_grid_attach (GTK_GRID (grid), label, 4, i, 1, 1);
        }
    }
  return grid;
}

GtkWindow *
imh_game_over_dialog_new (GtkWindow      *parent,
                          const ImhRules *rules,
                          const ImhScore *score,
                          const char     *const *names)
{
  GtkWidget *dialog;
  GtkWidget *table;
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;

  g_return_val_if_fail (rules != NULL && score != NULL && names != NULL, NULL);

  heading = imh_texts_result_heading (score, names);
  body = imh_texts_result_body (score);
  {
    g_autofree char *counts = imh_texts_tiebreak_counts (score, names);

    if (counts != NULL)
      {
        char *both = g_strconcat (body, " ", counts, NULL);

        g_free (body);
        body = both;
      }
  }

  dialog = adw_message_dialog_new (parent, heading, body);
  table = imh_score_table_new (rules, score, names);
  if (score->n_players > 2)
    {
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 18);

      gtk_box_append (GTK_BOX (box), places_new (score, names));
      gtk_box_append (GTK_BOX (box), table);
      table = box;
    }
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), table);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "close", _("_Close"),
                                    "analyse", _("_Analyse"),
                                    "new", _("_New Game"),
                                    "again", _("_Play Again"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "again",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "again");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "close");
  return GTK_WINDOW (dialog);
}
