/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-study-view-actions.c — the study view's actions: bookmark the position, show the top five. */
#define G_LOG_DOMAIN "imh-study-view"

#include "config.h"

#include <glib/gi18n.h>

#include "imh-study-view-private.h"
#include "imh-ui-util.h"

static void
on_bookmark_added (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  ImhStudyView *self = IMH_STUDY_VIEW (source);
  g_autoptr(GError) error = NULL;

  if (imh_study_view_add_bookmark_finish (self, result, &error) <= 0)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        imh_ui_toast (GTK_WIDGET (self), error->message);
    }
  else
    imh_ui_toast (GTK_WIDGET (self), _("Position bookmarked"));
}

static void
on_bookmark_response (AdwMessageDialog *dialog,
                      const char       *response,
                      ImhStudyView     *self)
{
  GtkWidget *entry = adw_message_dialog_get_extra_child (dialog);
  g_autofree char *note = NULL;

  if (g_strcmp0 (response, "bookmark") != 0)
    return;
  note = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (entry))));
  imh_study_view_add_bookmark_async (self, note, NULL, on_bookmark_added, NULL);
}

static void
on_bookmark_entry_activate (GtkEntry         *entry,
                            AdwMessageDialog *dialog)
{
  adw_message_dialog_response (dialog, "bookmark");
  gtk_window_close (GTK_WINDOW (dialog));
}

static void
study_bookmark (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  ImhStudyView *self = IMH_STUDY_VIEW (widget);
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *dialog, *entry;
  g_autofree char *body = NULL;

  if (self->game == NULL)
    return;
  /* Translators: %u is the number of decisions played before the position */
  body = g_strdup_printf (_("The position after decision %u. Add a note to find it again."),
                          imh_game_get_viewed_ply (self->game));
  dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                   _("Bookmark Position"), body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "bookmark", _("_Bookmark"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "bookmark",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "bookmark");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  entry = gtk_entry_new ();
  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), _("Note (optional)"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Note"), -1);
  g_signal_connect (entry, "activate", G_CALLBACK (on_bookmark_entry_activate), dialog);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), entry);
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_bookmark_response), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* On the class: the view and its children reach them; the play view's
 * Ctrl+D goes through game.bookmark. */
void
_imh_study_view_class_actions_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "study.bookmark", NULL, study_bookmark);
  gtk_widget_class_install_property_action (widget_class, "study.top-five", "top-five");
}

void
_imh_study_view_actions_init (ImhStudyView *self)
{
  g_assert (IMH_IS_STUDY_VIEW (self));

  _imh_study_view_actions_update (self);
}

void
_imh_study_view_actions_update (ImhStudyView *self)
{
  g_assert (IMH_IS_STUDY_VIEW (self));

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "study.bookmark", self->game != NULL);
}
