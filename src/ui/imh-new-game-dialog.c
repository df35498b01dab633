/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-new-game-dialog.c — players, start player and sides of a new Duel. */
#define G_LOG_DOMAIN "imh-new-game-dialog"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "imh-meeple-icon.h"
#include "imh-new-game-dialog.h"
#include "imh-record.h"

/* Row 0 of the player combo is "Person"; then the computer levels. */
static const char *const levels[] = { "beginner", "casual", "strong", "expert" };

struct _ImhNewGameDialog
{
  AdwWindow       parent_instance;

  GSettings      *settings;
  AdwComboRow    *kind_rows[2];
  AdwEntryRow    *name_rows[2];
  AdwComboRow    *start_row;
  AdwComboRow    *side_rows[IMH_DUEL_N_SITES];
  char           *names[2];
};

G_DEFINE_FINAL_TYPE (ImhNewGameDialog, imh_new_game_dialog, ADW_TYPE_WINDOW)

enum {
  SIGNAL_START,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
save_settings (ImhNewGameDialog *self)
{
  const char *kinds[3] = { NULL }, *lvls[3] = { NULL }, *names[3] = { NULL };
  char sides[IMH_DUEL_N_SITES + 1] = { 0 };
  ImhOptions options;

  imh_new_game_dialog_get_options (self, &options);
  for (guint p = 0; p < 2; p++)
    {
      guint sel = adw_combo_row_get_selected (self->kind_rows[p]);
      kinds[p] = sel == 0 ? "human" : "computer";
      lvls[p] = levels[sel == 0 ? 1 : MIN (sel - 1, G_N_ELEMENTS (levels) - 1)];
      names[p] = gtk_editable_get_text (GTK_EDITABLE (self->name_rows[p]));
    }
  for (int i = 0; i < IMH_DUEL_N_SITES; i++)
    sides[i] = options.sides[i] == IMH_SIDE_B ? 'B' : 'A';

  g_settings_delay (self->settings);
  g_settings_set_strv (self->settings, "new-game-seats", kinds);
  g_settings_set_strv (self->settings, "new-game-levels", lvls);
  g_settings_set_strv (self->settings, "new-game-names", names);
  g_settings_set_int (self->settings, "new-game-start-player", options.start_player);
  g_settings_set_string (self->settings, "new-game-sides", sides);
  g_settings_apply (self->settings);
}

static void
load_settings (ImhNewGameDialog *self)
{
  g_auto(GStrv) kinds = g_settings_get_strv (self->settings, "new-game-seats");
  g_auto(GStrv) lvls = g_settings_get_strv (self->settings, "new-game-levels");
  g_auto(GStrv) names = g_settings_get_strv (self->settings, "new-game-names");
  g_autofree char *sides = g_settings_get_string (self->settings, "new-game-sides");
  int start = g_settings_get_int (self->settings, "new-game-start-player");

  for (guint p = 0; p < 2; p++)
    {
      guint sel = 0;
      if (kinds != NULL && g_strv_length (kinds) > p && g_str_equal (kinds[p], "computer"))
        {
          sel = 2;
          for (guint l = 0; l < G_N_ELEMENTS (levels); l++)
            if (lvls != NULL && g_strv_length (lvls) > p && g_str_equal (lvls[p], levels[l]))
              sel = l + 1;
        }
      adw_combo_row_set_selected (self->kind_rows[p], sel);
      if (names != NULL && g_strv_length (names) > p)
        gtk_editable_set_text (GTK_EDITABLE (self->name_rows[p]), names[p]);
    }
  adw_combo_row_set_selected (self->start_row, start < 0 ? 0 : (guint) MIN (start, 1) + 1);
  for (int i = 0; i < IMH_DUEL_N_SITES; i++)
    adw_combo_row_set_selected (self->side_rows[i],
                                sides != NULL && (int) strlen (sides) > i && sides[i] == 'B');
}

/* What each entry of the players' rows means (0: a person). */
static const char *const kind_meanings[] = {
  NULL,
  N_("Makes mistakes; good for learning the game"),
  N_("Plays sensibly, with the odd slip"),
  N_("Hard to beat"),
  N_("Thinks longest; the strongest opponent"),
};

/* The row shows the level's name after a computer icon ("Casual"), short
 * enough for a phone; the list shows "Computer: Casual" and what it means. */
static const char *const kind_short_names[] = {
  N_("Person"), N_("Beginner"), N_("Casual"), N_("Strong"), N_("Expert"),
};

static void
setup_kind_item (GtkSignalListItemFactory *factory,
                 GtkListItem              *item,
                 gpointer                  list)
{
  GtkWidget *box = gtk_box_new (list ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL,
                                list ? 2 : 6);
  GtkWidget *icon = gtk_image_new ();
  GtkWidget *label = gtk_label_new (NULL);
  GtkWidget *meaning = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
  /* The short name in the row is never cut off: the subtitle wraps instead. */
  if (list)
    gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_xalign (GTK_LABEL (meaning), 0.0f);
  gtk_label_set_wrap (GTK_LABEL (meaning), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (meaning), 30);
  gtk_widget_add_css_class (meaning, "caption");
  gtk_widget_add_css_class (meaning, "dim-label");
  gtk_widget_set_visible (icon, !list);
  gtk_box_append (GTK_BOX (box), icon);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), meaning);
  gtk_list_item_set_child (item, box);
}

static void
bind_kind_item (GtkSignalListItemFactory *factory,
                GtkListItem              *item,
                gpointer                  list)
{
  GtkWidget *box = gtk_list_item_get_child (item);
  GtkWidget *icon = gtk_widget_get_first_child (box);
  GtkWidget *label = gtk_widget_get_next_sibling (icon);
  GtkWidget *meaning = gtk_widget_get_next_sibling (label);
  GtkStringObject *full = gtk_list_item_get_item (item);
  /* Not the item's position: the row shows the chosen item on its own. */
  guint i = MIN (GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (full), "kind-index")),
                 G_N_ELEMENTS (kind_short_names) - 1);

  if (list)
    {
      gtk_label_set_text (GTK_LABEL (label), gtk_string_object_get_string (full));
      gtk_label_set_text (GTK_LABEL (meaning), i > 0 ? _(kind_meanings[i]) : "");
      gtk_widget_set_visible (meaning, i > 0);
    }
  else
    {
      gtk_image_set_from_icon_name (GTK_IMAGE (icon),
                                    i > 0 ? "computer-symbolic" : "avatar-default-symbolic");
      gtk_label_set_text (GTK_LABEL (label), _(kind_short_names[i]));
      gtk_widget_set_tooltip_text (box, gtk_string_object_get_string (full));
      gtk_widget_set_visible (meaning, FALSE);
    }
}

static GtkListItemFactory *
kind_factory (gboolean list)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (setup_kind_item), GINT_TO_POINTER (list));
  g_signal_connect (factory, "bind", G_CALLBACK (bind_kind_item), GINT_TO_POINTER (list));
  return factory;
}

/* The subtitle says what the chosen level means. */
static void
update_subtitle (ImhNewGameDialog *self,
                 GParamSpec       *pspec,
                 AdwComboRow      *row)
{
  guint player = row == self->kind_rows[0] ? 0 : 1;
  guint sel = adw_combo_row_get_selected (row);
  const char *shape = player == 0 ? _("Round meeples") : _("Square meeples");
  g_autofree char *subtitle = NULL;

  if (sel == 0 || sel >= G_N_ELEMENTS (kind_meanings))
    subtitle = g_strdup (shape);
  else
    /* Translators: row subtitle: meeple shape, then what the computer level means */
    subtitle = g_strdup_printf (_("%s · %s"), shape, _(kind_meanings[sel]));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
}

static void
on_start (ImhNewGameDialog *self)
{
  save_settings (self);
  g_signal_emit (self, signals[SIGNAL_START], 0);
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
set_all_sides (ImhNewGameDialog *self,
               int               mode)
{
  for (int i = 0; i < IMH_DUEL_N_SITES; i++)
    {
      guint side = mode == 0 ? 0 : mode == 1 ? 1 : (guint) g_random_int_range (0, 2);
      adw_combo_row_set_selected (self->side_rows[i], side);
    }
}

static void on_all_a (ImhNewGameDialog *self) { set_all_sides (self, 0); }
static void on_all_b (ImhNewGameDialog *self) { set_all_sides (self, 1); }
static void on_mixed (ImhNewGameDialog *self) { set_all_sides (self, 2); }

static AdwComboRow *
combo_row (const char         *title,
           const char         *subtitle,
           const char * const *items)
{
  AdwComboRow *row = ADW_COMBO_ROW (adw_combo_row_new ());
  g_autoptr(GtkStringList) model = gtk_string_list_new (items);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_combo_row_set_model (row, G_LIST_MODEL (model));
  return row;
}

static void
imh_new_game_dialog_dispose (GObject *object)
{
  ImhNewGameDialog *self = IMH_NEW_GAME_DIALOG (object);

  g_clear_object (&self->settings);

  G_OBJECT_CLASS (imh_new_game_dialog_parent_class)->dispose (object);
}

static void
imh_new_game_dialog_finalize (GObject *object)
{
  ImhNewGameDialog *self = IMH_NEW_GAME_DIALOG (object);

  g_free (self->names[0]);
  g_free (self->names[1]);

  G_OBJECT_CLASS (imh_new_game_dialog_parent_class)->finalize (object);
}

static void
imh_new_game_dialog_class_init (ImhNewGameDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = imh_new_game_dialog_dispose;
  object_class->finalize = imh_new_game_dialog_finalize;

  signals[SIGNAL_START] =
    g_signal_new ("start", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
imh_new_game_dialog_init (ImhNewGameDialog *self)
{
  const char *player_kinds[] = {
    _("Person"),
    _("Computer: Beginner"),
    _("Computer: Casual"),
    _("Computer: Strong"),
    _("Computer: Expert"),
    NULL
  };
  const char *starts[] = { _("Random"), _("Black"), _("White"), NULL };
  const char *side_names[] = { _("Side A"), _("Side B"), NULL };
  const char *site_titles[IMH_DUEL_N_SITES] = {
    _("Obelisk"), _("Temple"), _("Pyramids"), _("Crypt"),
  };
  const char *player_titles[2] = { _("Black"), _("White") };
  GtkWidget *box, *header, *cancel, *start, *page, *group, *quick;

  self->settings = g_settings_new (BASE_APP_ID);

  gtk_window_set_title (GTK_WINDOW (self), _("New Game"));
  gtk_window_set_default_size (GTK_WINDOW (self), 480, 640);
  gtk_window_set_modal (GTK_WINDOW (self), TRUE);
  gtk_window_set_destroy_with_parent (GTK_WINDOW (self), TRUE);

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  header = adw_header_bar_new ();
  adw_header_bar_set_show_end_title_buttons (ADW_HEADER_BAR (header), FALSE);
  adw_header_bar_set_show_start_title_buttons (ADW_HEADER_BAR (header), FALSE);
  cancel = gtk_button_new_with_mnemonic (_("_Cancel"));
  g_signal_connect_swapped (cancel, "clicked", G_CALLBACK (gtk_window_destroy), self);
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), cancel);
  start = gtk_button_new_with_mnemonic (_("_Start"));
  gtk_widget_add_css_class (start, "suggested-action");
  g_signal_connect_swapped (start, "clicked", G_CALLBACK (on_start), self);
  adw_header_bar_pack_end (ADW_HEADER_BAR (header), start);
  gtk_box_append (GTK_BOX (box), header);

  page = adw_preferences_page_new ();
  gtk_widget_set_vexpand (page, TRUE);

  group = adw_preferences_group_new ();
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("Players"));
  for (guint p = 0; p < 2; p++)
    {
      g_autoptr(GtkListItemFactory) row_factory = kind_factory (FALSE);
      g_autoptr(GtkListItemFactory) list_factory = kind_factory (TRUE);

      GListModel *kinds;

      self->kind_rows[p] = combo_row (player_titles[p], NULL, player_kinds);
      kinds = adw_combo_row_get_model (self->kind_rows[p]);
      for (guint k = 0; k < g_list_model_get_n_items (kinds); k++)
        {
          g_autoptr(GObject) kind = g_list_model_get_item (kinds, k);
          g_object_set_data (kind, "kind-index", GUINT_TO_POINTER (k));
        }
      adw_combo_row_set_factory (self->kind_rows[p], row_factory);
      adw_combo_row_set_list_factory (self->kind_rows[p], list_factory);
      g_signal_connect_object (self->kind_rows[p], "notify::selected", G_CALLBACK (update_subtitle),
                               self, G_CONNECT_SWAPPED);
      adw_action_row_add_prefix (ADW_ACTION_ROW (self->kind_rows[p]), imh_meeple_icon_new (p, 18));
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), GTK_WIDGET (self->kind_rows[p]));
      self->name_rows[p] = ADW_ENTRY_ROW (adw_entry_row_new ());
      /* No longer than a record's names. */
      gtk_text_set_max_length (GTK_TEXT (gtk_editable_get_delegate (GTK_EDITABLE (self->name_rows[p]))),
                               IMH_RECORD_MAX_NAME_CHARS);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->name_rows[p]),
                                     p == 0 ? _("Name of Black") : _("Name of White"));
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), GTK_WIDGET (self->name_rows[p]));
    }
  self->start_row = combo_row (_("Starts"), NULL, starts);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), GTK_WIDGET (self->start_row));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (group));

  group = adw_preferences_group_new ();
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("Location Sides"));
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group),
                                         _("Both players use the same side of each location"));
  quick = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  gtk_widget_add_css_class (quick, "linked");
  gtk_widget_set_valign (quick, GTK_ALIGN_CENTER);
  {
    GtkWidget *b;
    b = gtk_button_new_with_label (_("All A"));
    g_signal_connect_swapped (b, "clicked", G_CALLBACK (on_all_a), self);
    gtk_box_append (GTK_BOX (quick), b);
    b = gtk_button_new_with_label (_("All B"));
    g_signal_connect_swapped (b, "clicked", G_CALLBACK (on_all_b), self);
    gtk_box_append (GTK_BOX (quick), b);
    b = gtk_button_new_with_label (_("Mixed"));
    gtk_widget_set_tooltip_text (b, _("Choose each side at random"));
    g_signal_connect_swapped (b, "clicked", G_CALLBACK (on_mixed), self);
    gtk_box_append (GTK_BOX (quick), b);
  }
  adw_preferences_group_set_header_suffix (ADW_PREFERENCES_GROUP (group), quick);
  for (int i = 0; i < IMH_DUEL_N_SITES; i++)
    {
      self->side_rows[i] = combo_row (site_titles[i], NULL, side_names);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), GTK_WIDGET (self->side_rows[i]));
    }
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (group));

  gtk_box_append (GTK_BOX (box), page);
  adw_window_set_content (ADW_WINDOW (self), box);
  gtk_window_set_default_widget (GTK_WINDOW (self), start);

  load_settings (self);
  update_subtitle (self, NULL, self->kind_rows[0]);
  update_subtitle (self, NULL, self->kind_rows[1]);
}

ImhNewGameDialog *
imh_new_game_dialog_new (GtkWindow *parent)
{
  return g_object_new (IMH_TYPE_NEW_GAME_DIALOG,
                       "transient-for", parent,
                       NULL);
}

void
imh_new_game_dialog_get_options (ImhNewGameDialog *self,
                                 ImhOptions       *options)
{
  guint start;

  g_return_if_fail (IMH_IS_NEW_GAME_DIALOG (self));

  imh_options_init (options, IMH_GAME_DUEL, 2);
  start = adw_combo_row_get_selected (self->start_row);
  options->start_player = start == 0 || start == GTK_INVALID_LIST_POSITION ? -1 : (int8_t) (start - 1);
  for (int i = 0; i < IMH_DUEL_N_SITES; i++)
    options->sides[i] = adw_combo_row_get_selected (self->side_rows[i]) == 1 ? IMH_SIDE_B : IMH_SIDE_A;
}

void
imh_new_game_dialog_get_seat (ImhNewGameDialog  *self,
                              guint              player,
                              ImhSeatKind       *kind,
                              const char       **level,
                              const char       **name)
{
  guint sel;
  const char *text;

  g_return_if_fail (IMH_IS_NEW_GAME_DIALOG (self));
  g_return_if_fail (player < 2);

  sel = adw_combo_row_get_selected (self->kind_rows[player]);
  if (sel == GTK_INVALID_LIST_POSITION)
    sel = 0;
  *kind = sel == 0 ? IMH_SEAT_HUMAN : IMH_SEAT_COMPUTER;
  *level = levels[sel == 0 ? 1 : MIN (sel - 1, G_N_ELEMENTS (levels) - 1)];
  text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->name_rows[player]))));
  g_free (self->names[player]);
  self->names[player] = (char *) text;
  *name = text[0] != '\0' ? text : NULL;
}

void
imh_new_game_dialog_start (ImhNewGameDialog *self)
{
  g_return_if_fail (IMH_IS_NEW_GAME_DIALOG (self));

  on_start (self);
}
