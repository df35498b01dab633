/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-game-over.c — the summary at the end of a game. */
#define G_LOG_DOMAIN "imh-game-over"

#include "config.h"

#include <glib/gi18n.h>

#include "imh-game-over.h"
#include "imh-score-view.h"
#include "imh-texts.h"

GtkWindow *
imh_game_over_dialog_new (GtkWindow      *parent,
                          const ImhRules *rules,
                          const ImhScore *score,
                          const char     *const names[2])
{
  GtkWidget *dialog;
  int winner;
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;
  const char *tiebreak;

  g_return_val_if_fail (rules != NULL && score != NULL, NULL);

  winner = score->rank[0] == 0 ? 0 : 1;
  heading = g_strdup_printf (_("%s Wins"), names[winner]);
  tiebreak = imh_texts_tiebreak (score->tiebreak);
  if (tiebreak != NULL)
    body = g_strdup_printf (_("%d to %d. %s"), score->total[winner], score->total[1 - winner], tiebreak);
  else
    body = g_strdup_printf (_("%d to %d."), score->total[winner], score->total[1 - winner]);

  dialog = adw_message_dialog_new (parent, heading, body);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog),
                                      imh_score_table_new (rules, score, names));
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
