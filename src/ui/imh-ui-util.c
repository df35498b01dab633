/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "imh-ui-util.h"

#include <adwaita.h>
#include <glib/gi18n.h>

AdwToast *
imh_ui_toast_new (const char *text)
{
  g_autofree char *escaped = NULL;

  g_return_val_if_fail (text != NULL, NULL);

  /* libadwaita 1.2 reads a toast's title as Pango markup. */
  escaped = g_markup_escape_text (text, -1);
  return adw_toast_new (escaped);
}

void
imh_ui_toast (GtkWidget  *widget,
              const char *text)
{
  GtkWidget *overlay = gtk_widget_get_ancestor (widget, ADW_TYPE_TOAST_OVERLAY);

  if (overlay != NULL)
    adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), imh_ui_toast_new (text));
  else
    g_message ("%s", text);
}

gboolean
imh_ui_game_has_board (ImhGame  *game,
                       GError  **error)
{
  g_return_val_if_fail (IMH_IS_GAME (game), FALSE);

  if (imh_game_get_kind (game) == IMH_GAME_DUEL)
    return TRUE;
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                       _("This game of Imhotep for 2–4 players stays in the library, but the app "
                         "has no board for it yet: imhotep-cli shows, analyses and exports it"));
  return FALSE;
}
