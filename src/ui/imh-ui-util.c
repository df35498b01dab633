/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "imh-ui-util.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "imh-board-factory.h"

AdwToast *
imh_ui_toast_new (const char *text)
{
  g_autofree char *escaped = NULL;

  g_return_val_if_fail (text != NULL, NULL);

  /* libadwaita 1.2 reads a toast's title as Pango markup. */
  escaped = g_markup_escape_text (text, -1);
  return adw_toast_new (escaped);
}

GtkWidget *
imh_ui_show_details (GtkWidget  *widget,
                     const char *text)
{
  GtkRoot *root;
  GtkWidget *dialog, *label, *scrolled;

  g_return_val_if_fail (GTK_IS_WIDGET (widget), NULL);
  g_return_val_if_fail (text != NULL, NULL);

  root = gtk_widget_get_root (widget);
  dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                   _("The Whole Message"), NULL);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "close");
  /* Selectable, to be copied into a report. */
  label = gtk_label_new (text);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
  gtk_widget_set_valign (label, GTK_ALIGN_START);
  scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scrolled), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scrolled), 300);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), label);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), scrolled);
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}

static void
on_details_clicked (AdwToast  *toast,
                    GtkWidget *widget)
{
  imh_ui_show_details (widget, g_object_get_data (G_OBJECT (toast), "imh-ui-details"));
}

AdwToast *
imh_ui_error_toast_new (GtkWidget  *widget,
                        const char *text)
{
  AdwToast *toast;

  g_return_val_if_fail (GTK_IS_WIDGET (widget), NULL);
  g_return_val_if_fail (text != NULL, NULL);

  /* The toast cuts a long title off with "…" itself. */
  toast = imh_ui_toast_new (text);
  if ((guint) g_utf8_strlen (text, -1) <= IMH_UI_TOAST_MAX_CHARS)
    return toast;
  adw_toast_set_button_label (toast, _("_Details"));
  g_object_set_data_full (G_OBJECT (toast), "imh-ui-details", g_strdup (text), g_free);
  g_signal_connect_object (toast, "button-clicked", G_CALLBACK (on_details_clicked), widget, 0);
  return toast;
}

void
imh_ui_toast (GtkWidget  *widget,
              const char *text)
{
  GtkWidget *overlay = gtk_widget_get_ancestor (widget, ADW_TYPE_TOAST_OVERLAY);

  if (overlay != NULL)
    adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), imh_ui_error_toast_new (widget, text));
  else
    g_message ("%s", text);
}

char *
imh_ui_shorten (const char *text,
                guint       max_chars)
{
  GString *s;

  if (text == NULL)
    return g_strdup ("");
  if (max_chars == 0 || (guint) g_utf8_strlen (text, -1) <= max_chars)
    return g_strdup (text);
  s = g_string_new_len (text, g_utf8_offset_to_pointer (text, max_chars - 1) - text);
  while (s->len > 0 && s->str[s->len - 1] == ' ')
    g_string_truncate (s, s->len - 1);
  g_string_append (s, "…");
  return g_string_free (s, FALSE);
}

char *
imh_ui_player_name (ImhGame *game,
                    int      player)
{
  if (game == NULL || player < 0 || (guint) player >= imh_game_get_n_players (game))
    return g_strdup ("");
  return imh_ui_shorten (imh_seat_get_name (imh_game_get_seat (game, player)), IMH_UI_NAME_MAX_CHARS);
}

char *
imh_ui_format_percent (double fraction,
                       int    decimals)
{
  /* Translators: a percentage; %.*f is the number (with the decimal
   * separator of the locale), %% the percent sign */
  return g_strdup_printf (_("%.*f%%"), CLAMP (decimals, 0, 6), fraction * 100.0);
}

gboolean
imh_ui_kind_has_board (ImhGameKind kind)
{
  return imh_board_type_for_kind (kind) != G_TYPE_INVALID;
}

ImhGameKind
imh_ui_default_kind (void)
{
  for (int kind = 0; kind < IMH_N_GAMES; kind++)
    if (imh_ui_kind_has_board ((ImhGameKind) kind))
      return (ImhGameKind) kind;
  return (ImhGameKind) 0;
}

gboolean
imh_ui_game_has_board (ImhGame  *game,
                       GError  **error)
{
  g_return_val_if_fail (IMH_IS_GAME (game), FALSE);

  if (imh_ui_kind_has_board (imh_game_get_kind (game)))
    return TRUE;
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                       _("This game of Imhotep for 2–4 players stays in the library, but the app "
                         "has no board for it yet: imhotep-cli shows, analyses and exports it"));
  return FALSE;
}

/* An icon-only button is named by its tooltip (GTK 4.8 names it by its
 * image: "GtkImage"). */
static void
name_icon_button (GObject *object)
{
  const char *tooltip;

  if (GTK_IS_BUTTON (object) && gtk_button_get_label (GTK_BUTTON (object)) == NULL
      && gtk_button_get_icon_name (GTK_BUTTON (object)) != NULL)
    tooltip = gtk_widget_get_tooltip_text (GTK_WIDGET (object));
  else if (GTK_IS_MENU_BUTTON (object) && gtk_menu_button_get_label (GTK_MENU_BUTTON (object)) == NULL)
    tooltip = gtk_widget_get_tooltip_text (GTK_WIDGET (object));
  else
    return;
  if (tooltip != NULL && *tooltip != '\0')
    gtk_accessible_update_property (GTK_ACCESSIBLE (object), GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip, -1);
}

static void
drop_mnemonic_label (GObject *object)
{
  if (GTK_IS_BUTTON (object) && gtk_button_get_use_underline (GTK_BUTTON (object))
      && gtk_button_get_label (GTK_BUTTON (object)) != NULL)
    gtk_accessible_reset_property (GTK_ACCESSIBLE (object), GTK_ACCESSIBLE_PROPERTY_LABEL);
}

/* Lists inside libadwaita's widgets, named after what holds them: a combo
 * row's choices by the row's title, the rows of a preferences group
 * without a title by the first row's. */
static void
name_inner_list (GtkWidget *widget)
{
  GtkWidget *holder;
  const char *title = NULL;

  if (!GTK_IS_LIST_BOX (widget) && !GTK_IS_LIST_VIEW (widget))
    return;
  if ((holder = gtk_widget_get_ancestor (widget, ADW_TYPE_COMBO_ROW)) != NULL)
    title = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (holder));
  else if (GTK_IS_LIST_BOX (widget)
           && gtk_widget_has_css_class (widget, "boxed-list")
           && (holder = gtk_widget_get_ancestor (widget, ADW_TYPE_PREFERENCES_GROUP)) != NULL)
    {
      GtkWidget *first = gtk_widget_get_first_child (widget);

      /* A group with a title names its list by it already; one without:
       * by its first row. */
      if (adw_preferences_group_get_title (ADW_PREFERENCES_GROUP (holder))[0] != '\0')
        return;
      if (ADW_IS_PREFERENCES_ROW (first))
        title = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (first));
    }
  if (title != NULL && *title != '\0')
    gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, title, -1);
}

/* The parts of a drop-down (its button, the item it shows) by the
 * drop-down's tooltip; a search entry by its placeholder text. */
static void
name_inner_parts (GtkWidget *widget)
{
  GtkWidget *drop_down;
  const char *text = NULL;
  g_autofree char *placeholder = NULL;

  if (GTK_IS_SEARCH_ENTRY (widget))
    {
      g_object_get (widget, "placeholder-text", &placeholder, NULL);
      text = placeholder;
    }
  else if ((drop_down = gtk_widget_get_ancestor (widget, GTK_TYPE_DROP_DOWN)) != NULL
           && drop_down != widget && gtk_widget_get_focusable (widget)
           && gtk_widget_get_ancestor (widget, GTK_TYPE_POPOVER) == NULL)
    text = gtk_widget_get_tooltip_text (drop_down);
  if (text != NULL && *text != '\0')
    gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
}

static gboolean
on_widget_map (GSignalInvocationHint *hint,
               guint                  n_params,
               const GValue          *params,
               gpointer               data)
{
  drop_mnemonic_label (g_value_get_object (&params[0]));
  name_icon_button (g_value_get_object (&params[0]));
  name_inner_list (g_value_get_object (&params[0]));
  name_inner_parts (g_value_get_object (&params[0]));
  return TRUE;
}

void
imh_ui_init_accessible_names (void)
{
  static gboolean done;

  if (done)
    return;
  done = TRUE;
  g_type_class_unref (g_type_class_ref (GTK_TYPE_WIDGET));
  g_signal_add_emission_hook (g_signal_lookup ("map", GTK_TYPE_WIDGET), 0,
                              on_widget_map, NULL, NULL);
}
