/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-new-game-dialog.c — the game, then players, start player, location
 * sides and variants of a new game, from the rules of its kind. */
#define G_LOG_DOMAIN "imh-new-game-dialog"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "imh-art.h"
#include "imh-game-settings.h"
#include "imh-meeple-icon.h"
#include "imh-new-game-dialog.h"
#include "imh-record.h"
#include "imh-texts.h"
#include "imh-ui-util.h"

/* Row 0 of the player combo is "Person"; then the computer levels. */
static const char *const levels[] = { "beginner", "casual", "strong", "expert" };

/* Variants the dialog offers where the rules accept them, with their ids
 * in the settings and what they do, in one line. */
static const struct
{
  guint32     flag;
  const char *id;
  const char *explanation;
} known_variants[] = {
  { IMH_VARIANT_WRATH, "wrath",
    N_("At the end, −5 points for a player missing from the pyramid, temple, burial chamber or "
       "obelisks") },
};

struct _ImhNewGameDialog
{
  AdwWindow          parent_instance;

  ImhGameKind        kind;
  const ImhRules    *rules;
  GSettings         *settings;            /* games[kind] */
  /* Each game's settings, delayed: what the user entered for a game stays
   * while another is shown, and is written when the game starts. */
  GSettings         *games[IMH_N_GAMES];
  /* The games the game row offers, in its order. */
  ImhGameKind        offered[IMH_N_GAMES];
  guint              n_offered;
  gboolean           rebuilding;

  /* Template widgets */
  AdwPreferencesGroup *game_group;
  AdwComboRow       *game_row;
  AdwComboRow       *count_row;
  AdwPreferencesGroup *players_group;
  AdwPreferencesGroup *sides_group;
  AdwComboRow       *start_row;
  AdwPreferencesGroup *variants_group;

  AdwComboRow       *kind_rows[IMH_MAX_PLAYERS];
  AdwEntryRow       *name_rows[IMH_MAX_PLAYERS];
  AdwComboRow       *side_rows[IMH_MAX_SITES];
  GtkSwitch         *variant_switches[G_N_ELEMENTS (known_variants)];
  GtkWidget         *variant_rows[G_N_ELEMENTS (known_variants)];
  guint32            variants;            /* offered: known_variants flags the rules accept */
  char              *names[IMH_MAX_PLAYERS];
};

G_DEFINE_FINAL_TYPE (ImhNewGameDialog, imh_new_game_dialog, ADW_TYPE_WINDOW)

enum {
  PROP_0,
  PROP_KIND,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_START,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* "Name of Black"…: one whole title per colour, for the translators. */
static const char *const name_titles[IMH_MAX_PLAYERS] = {
  N_("Name of Black"), N_("Name of White"), N_("Name of Brown"), N_("Name of Gray"),
};

static guint
n_players (ImhNewGameDialog *self)
{
  guint sel = adw_combo_row_get_selected (self->count_row);

  if (sel == GTK_INVALID_LIST_POSITION)
    sel = 0;
  return MIN (self->rules->min_players + sel, self->rules->max_players);
}

static void update_players (ImhNewGameDialog *self);

static void
save_settings (ImhNewGameDialog *self)
{
  const char *kinds[IMH_MAX_PLAYERS + 1] = { NULL };
  const char *lvls[IMH_MAX_PLAYERS + 1] = { NULL };
  const char *names[IMH_MAX_PLAYERS + 1] = { NULL };
  const char *variants[G_N_ELEMENTS (known_variants) + 1] = { NULL };
  char sides[IMH_MAX_SITES + 1] = { 0 };
  guint n_variants = 0;
  ImhOptions options;

  imh_new_game_dialog_get_options (self, &options);
  for (guint p = 0; p < self->rules->max_players; p++)
    {
      guint sel = adw_combo_row_get_selected (self->kind_rows[p]);
      kinds[p] = sel == 0 ? "human" : "computer";
      lvls[p] = levels[sel == 0 ? 1 : MIN (sel - 1, G_N_ELEMENTS (levels) - 1)];
      names[p] = gtk_editable_get_text (GTK_EDITABLE (self->name_rows[p]));
    }
  for (guint i = 0; i < self->rules->n_sites; i++)
    sides[i] = options.sides[i] == IMH_SIDE_B ? 'B' : 'A';
  for (gsize v = 0; v < G_N_ELEMENTS (known_variants); v++)
    if (options.variants & known_variants[v].flag)
      variants[n_variants++] = known_variants[v].id;

  g_settings_set_int (self->settings, "players", (int) options.n_players);
  g_settings_set_strv (self->settings, "seats", kinds);
  g_settings_set_strv (self->settings, "levels", lvls);
  g_settings_set_strv (self->settings, "names", names);
  g_settings_set_int (self->settings, "start-player", options.start_player);
  g_settings_set_string (self->settings, "sides", sides);
  g_settings_set_strv (self->settings, "variants", variants);
}

static void
load_settings (ImhNewGameDialog *self)
{
  g_auto(GStrv) kinds = g_settings_get_strv (self->settings, "seats");
  g_auto(GStrv) lvls = g_settings_get_strv (self->settings, "levels");
  g_auto(GStrv) names = g_settings_get_strv (self->settings, "names");
  g_auto(GStrv) variants = g_settings_get_strv (self->settings, "variants");
  g_autofree char *sides = g_settings_get_string (self->settings, "sides");
  int start = g_settings_get_int (self->settings, "start-player");
  int count = g_settings_get_int (self->settings, "players");

  if (count >= self->rules->min_players && count <= self->rules->max_players)
    adw_combo_row_set_selected (self->count_row, (guint) (count - self->rules->min_players));
  /* The start row offers the players counted. */
  update_players (self);
  for (guint p = 0; p < self->rules->max_players; p++)
    {
      /* Players beyond the list: the computer. */
      gboolean computer = g_strv_length (kinds) <= p || g_str_equal (kinds[p], "computer");
      guint sel = 0;

      if (computer)
        {
          sel = 2;
          for (guint l = 0; l < G_N_ELEMENTS (levels); l++)
            if (g_strv_length (lvls) > p && g_str_equal (lvls[p], levels[l]))
              sel = l + 1;
        }
      adw_combo_row_set_selected (self->kind_rows[p], sel);
      if (g_strv_length (names) > p)
        gtk_editable_set_text (GTK_EDITABLE (self->name_rows[p]), names[p]);
    }
  adw_combo_row_set_selected (self->start_row,
                              start < 0 || start >= (int) n_players (self) ? 0 : (guint) start + 1);
  for (guint i = 0; i < self->rules->n_sites; i++)
    adw_combo_row_set_selected (self->side_rows[i], strlen (sides) > i && sides[i] == 'B');
  for (gsize v = 0; v < G_N_ELEMENTS (known_variants); v++)
    if (self->variant_switches[v] != NULL)
      gtk_switch_set_active (self->variant_switches[v],
                             g_strv_contains ((const char *const *) variants, known_variants[v].id));
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

/* What a seat's factory shows: the list or the row, and the seat's kinds. */
typedef struct
{
  gboolean    list;
  GListModel *kinds;
} KindFactory;

static void
kind_factory_free (gpointer data, GClosure *closure)
{
  KindFactory *kf = data;

  g_clear_object (&kf->kinds);
  g_free (kf);
}

/* The kind's index in the seat's kinds (not the item's position: the row
 * shows the chosen item on its own). */
static guint
kind_index (KindFactory *kf, gpointer item)
{
  guint n = g_list_model_get_n_items (kf->kinds);

  for (guint k = 0; k < n; k++)
    {
      g_autoptr(GObject) kind = g_list_model_get_item (kf->kinds, k);

      if (kind == item)
        return MIN (k, G_N_ELEMENTS (kind_short_names) - 1);
    }
  return 0;
}

static void
bind_kind_item (GtkSignalListItemFactory *factory,
                GtkListItem              *item,
                KindFactory              *kf)
{
  GtkWidget *box = gtk_list_item_get_child (item);
  GtkWidget *icon = gtk_widget_get_first_child (box);
  GtkWidget *label = gtk_widget_get_next_sibling (icon);
  GtkWidget *meaning = gtk_widget_get_next_sibling (label);
  GtkStringObject *full = gtk_list_item_get_item (item);
  gboolean list = kf->list;
  guint i = kind_index (kf, full);

  if (list)
    {
      gtk_label_set_text (GTK_LABEL (label), gtk_string_object_get_string (full));
      gtk_label_set_text (GTK_LABEL (meaning), i > 0 ? _(kind_meanings[i]) : "");
      gtk_widget_set_visible (meaning, i > 0);
      /* The list's row (GTK 4.8 names it by nothing of its content). */
      gtk_accessible_update_property (GTK_ACCESSIBLE (gtk_widget_get_parent (box)),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      gtk_string_object_get_string (full), -1);
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
kind_factory (gboolean    list,
              GListModel *kinds)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  KindFactory *kf = g_new0 (KindFactory, 1);

  kf->list = list;
  kf->kinds = g_object_ref (kinds);
  g_signal_connect (factory, "setup", G_CALLBACK (setup_kind_item), GINT_TO_POINTER (list));
  g_signal_connect_data (factory, "bind", G_CALLBACK (bind_kind_item), kf, kind_factory_free, 0);
  return factory;
}

/* The subtitle says what the chosen level means. */
static void
update_subtitle (ImhNewGameDialog *self,
                 GParamSpec       *pspec,
                 AdwComboRow      *row)
{
  guint player = 0;
  guint sel = adw_combo_row_get_selected (row);
  const char *pieces;
  g_autofree char *subtitle = NULL;

  while (player + 1 < IMH_MAX_PLAYERS && self->kind_rows[player] != row)
    player++;
  pieces = imh_art_meeple_pieces ((int) player);
  if (sel == 0 || sel >= G_N_ELEMENTS (kind_meanings))
    subtitle = g_strdup (pieces);
  else if (pieces == NULL)
    subtitle = g_strdup (_(kind_meanings[sel]));
  else
    /* Translators: row subtitle: meeple shape, then what the computer level means */
    subtitle = g_strdup_printf (_("%s · %s"), pieces, _(kind_meanings[sel]));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle != NULL ? subtitle : "");
}

/* The rows of the chosen number of players, and who may start. */
static void
update_players (ImhNewGameDialog *self)
{
  guint n;
  guint start;
  g_autoptr(GtkStringList) starts = NULL;

  /* The count row's model changes with the game, before its seats exist. */
  if (self->rebuilding)
    return;
  n = n_players (self);
  start = adw_combo_row_get_selected (self->start_row);
  starts = gtk_string_list_new (NULL);

  for (guint p = 0; p < self->rules->max_players; p++)
    {
      gtk_widget_set_visible (GTK_WIDGET (self->kind_rows[p]), p < n);
      gtk_widget_set_visible (GTK_WIDGET (self->name_rows[p]), p < n);
    }
  gtk_string_list_append (starts, _("Random"));
  for (guint p = 0; p < n; p++)
    gtk_string_list_append (starts, imh_texts_player_colour (p));
  adw_combo_row_set_model (self->start_row, G_LIST_MODEL (starts));
  adw_combo_row_set_selected (self->start_row,
                              start == GTK_INVALID_LIST_POSITION || start > n ? 0 : start);
  {
    g_autofree char *players =
      g_strdup_printf (ngettext ("The %u player uses the same side of each location",
                                 "All %u players use the same side of each location", n),
                       n);
    g_autofree char *description =
      g_strdup_printf ("%s\n%s",
                       n == 2 ? _("Both players use the same side of each location") : players,
                       _("Mixed draws each side at random; any location can still be changed"));

    adw_preferences_group_set_description (self->sides_group, description);
  }
}

/* "new-game.rules": the Rules window of the game chosen. */
static void
on_rules (GtkWidget  *widget,
          const char *action_name,
          GVariant   *parameter)
{
  ImhNewGameDialog *self = IMH_NEW_GAME_DIALOG (widget);

  gtk_widget_activate_action (widget, "app.rules", "s", imh_rules_get (self->kind)->id);
}

static void
on_start (GtkWidget  *widget,
          const char *action_name,
          GVariant   *parameter)
{
  ImhNewGameDialog *self = IMH_NEW_GAME_DIALOG (widget);
  g_autoptr(GSettings) app = g_settings_new (BASE_APP_ID);

  /* What the user entered for each game shown, and the game chosen. */
  save_settings (self);
  for (guint k = 0; k < IMH_N_GAMES; k++)
    if (self->games[k] != NULL)
      g_settings_apply (self->games[k]);
  g_settings_set_string (app, "new-game", self->rules->id);
  g_signal_emit (self, signals[SIGNAL_START], 0);
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
set_all_sides (ImhNewGameDialog *self,
               int               mode)
{
  for (guint i = 0; i < self->rules->n_sites; i++)
    {
      guint side = mode == 0 ? 0 : mode == 1 ? 1 : (guint) g_random_int_range (0, 2);
      adw_combo_row_set_selected (self->side_rows[i], side);
    }
}

static void
on_sides (GtkWidget  *widget,
          const char *action_name,
          GVariant   *parameter)
{
  ImhNewGameDialog *self = IMH_NEW_GAME_DIALOG (widget);

  if (g_str_equal (action_name, "new-game.all-sides-a"))
    set_all_sides (self, 0);
  else if (g_str_equal (action_name, "new-game.all-sides-b"))
    set_all_sides (self, 1);
  else
    set_all_sides (self, 2);
}

static GListModel *
string_model (const char * const *items)
{
  return G_LIST_MODEL (gtk_string_list_new (items));
}

/* The rows the rules ask for: a seat and a name per player, a side per
 * site, a switch per variant. */
static void
build_rows (ImhNewGameDialog *self)
{
  const char *player_kinds[] = {
    _("Person"),
    _("Computer: Beginner"),
    _("Computer: Casual"),
    _("Computer: Strong"),
    _("Computer: Expert"),
    NULL
  };
  const char *side_names[] = { _("Side A"), _("Side B"), NULL };
  g_autoptr(GtkStringList) counts = gtk_string_list_new (NULL);
  g_autoptr(GListModel) sides_model = string_model (side_names);
  const ImhRules *rules = self->rules;

  for (guint n = rules->min_players; n <= rules->max_players; n++)
    {
      g_autofree char *text = g_strdup_printf (g_dngettext (NULL, "%u player", "%u players", n), n);
      gtk_string_list_append (counts, text);
    }
  adw_combo_row_set_model (self->count_row, G_LIST_MODEL (counts));
  gtk_widget_set_visible (GTK_WIDGET (self->count_row), rules->min_players != rules->max_players);

  /* The seats go between the player count and the start player. */
  g_object_ref (self->start_row);
  adw_preferences_group_remove (self->players_group, GTK_WIDGET (self->start_row));
  for (guint p = 0; p < rules->max_players; p++)
    {
      g_autoptr(GListModel) kinds = string_model (player_kinds);
      g_autoptr(GtkListItemFactory) row_factory = kind_factory (FALSE, kinds);
      g_autoptr(GtkListItemFactory) list_factory = kind_factory (TRUE, kinds);
      AdwComboRow *row = ADW_COMBO_ROW (adw_combo_row_new ());

      self->kind_rows[p] = row;
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), imh_texts_player_colour (p));
      adw_combo_row_set_model (row, kinds);
      adw_combo_row_set_factory (row, row_factory);
      adw_combo_row_set_list_factory (row, list_factory);
      g_signal_connect_object (row, "notify::selected", G_CALLBACK (update_subtitle),
                               self, G_CONNECT_SWAPPED);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), imh_meeple_icon_new (p, 18));
      adw_preferences_group_add (self->players_group, GTK_WIDGET (row));

      self->name_rows[p] = ADW_ENTRY_ROW (adw_entry_row_new ());
      /* No longer than a record's names. */
      gtk_text_set_max_length (GTK_TEXT (gtk_editable_get_delegate (GTK_EDITABLE (self->name_rows[p]))),
                               IMH_RECORD_MAX_NAME_CHARS);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->name_rows[p]), _(name_titles[p]));
      adw_preferences_group_add (self->players_group, GTK_WIDGET (self->name_rows[p]));
    }
  adw_preferences_group_add (self->players_group, GTK_WIDGET (self->start_row));
  g_object_unref (self->start_row);

  for (guint i = 0; i < rules->n_sites; i++)
    {
      AdwComboRow *row = ADW_COMBO_ROW (adw_combo_row_new ());

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), imh_texts_site_name (rules->site_ids[i]));
      adw_combo_row_set_model (row, sides_model);
      self->side_rows[i] = row;
      adw_preferences_group_add (self->sides_group, GTK_WIDGET (row));
    }

  /* A variant is offered where the rules accept it. */
  for (gsize v = 0; v < G_N_ELEMENTS (known_variants); v++)
    {
      ImhOptions o;
      char why[128];
      GtkWidget *row;

      imh_options_init (&o, rules->kind, rules->min_players);
      o.variants = known_variants[v].flag;
      if (!rules->options_valid (&o, why, sizeof why) || imh_texts_variant_name (o.variants) == NULL)
        continue;
      self->variants |= known_variants[v].flag;
      row = adw_action_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), imh_texts_variant_name (o.variants));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _(known_variants[v].explanation));
      self->variant_rows[v] = row;
      self->variant_switches[v] = GTK_SWITCH (gtk_switch_new ());
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->variant_switches[v]),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, imh_texts_variant_name (o.variants),
                                      -1);
      gtk_widget_set_valign (GTK_WIDGET (self->variant_switches[v]), GTK_ALIGN_CENTER);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), GTK_WIDGET (self->variant_switches[v]));
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), GTK_WIDGET (self->variant_switches[v]));
      adw_preferences_group_add (self->variants_group, row);
      gtk_widget_set_visible (GTK_WIDGET (self->variants_group), TRUE);
    }
}

/* Whether the game row offers `kind`: the one check of what a new game
 * may be (the app must have a board for it). */
static gboolean
kind_offered (ImhGameKind kind)
{
  return imh_ui_kind_has_board (kind);
}

static GSettings *
game_settings (ImhNewGameDialog *self,
               ImhGameKind       kind)
{
  if (self->games[kind] == NULL)
    {
      self->games[kind] = imh_game_settings_new (imh_rules_get (kind));
      g_settings_delay (self->games[kind]);
    }
  return self->games[kind];
}

/* Removes the rows of the game shown (the seats, the sides, the variants). */
static void
clear_rows (ImhNewGameDialog *self)
{
  for (guint p = 0; p < IMH_MAX_PLAYERS; p++)
    {
      if (self->kind_rows[p] != NULL)
        adw_preferences_group_remove (self->players_group, GTK_WIDGET (self->kind_rows[p]));
      if (self->name_rows[p] != NULL)
        adw_preferences_group_remove (self->players_group, GTK_WIDGET (self->name_rows[p]));
      self->kind_rows[p] = NULL;
      self->name_rows[p] = NULL;
    }
  for (guint i = 0; i < IMH_MAX_SITES; i++)
    {
      if (self->side_rows[i] != NULL)
        adw_preferences_group_remove (self->sides_group, GTK_WIDGET (self->side_rows[i]));
      self->side_rows[i] = NULL;
    }
  for (gsize v = 0; v < G_N_ELEMENTS (known_variants); v++)
    {
      if (self->variant_rows[v] != NULL)
        adw_preferences_group_remove (self->variants_group, self->variant_rows[v]);
      self->variant_rows[v] = NULL;
      self->variant_switches[v] = NULL;
    }
  self->variants = 0;
  gtk_widget_set_visible (GTK_WIDGET (self->variants_group), FALSE);
}

static void build_game_row (ImhNewGameDialog *self);

/* Selects self->kind in the game row; a kind the row did not offer (set
 * through the API) is added to it. */
static void
show_kind_in_game_row (ImhNewGameDialog *self)
{
  gboolean offered = FALSE;

  for (guint k = 0; k < self->n_offered; k++)
    offered |= self->offered[k] == self->kind;
  self->rebuilding = TRUE;
  if (!offered)
    build_game_row (self);
  for (guint k = 0; k < self->n_offered; k++)
    if (self->offered[k] == self->kind)
      adw_combo_row_set_selected (self->game_row, k);
  self->rebuilding = FALSE;
}

/* Shows the rows of self->kind's rules, filled from its settings. */
static void
show_game (ImhNewGameDialog *self)
{
  self->rules = imh_rules_get (self->kind);
  g_assert (self->rules != NULL);
  self->settings = game_settings (self, self->kind);

  self->rebuilding = TRUE;
  build_rows (self);
  self->rebuilding = FALSE;
  update_players (self);
  load_settings (self);
  update_players (self);
  for (guint p = 0; p < self->rules->max_players; p++)
    update_subtitle (self, NULL, self->kind_rows[p]);
  show_kind_in_game_row (self);
}

static void
set_kind (ImhNewGameDialog *self,
          ImhGameKind       kind)
{
  if (kind == self->kind || imh_rules_get (kind) == NULL)
    return;
  /* What the user entered stays with the game shown (delayed). */
  save_settings (self);
  clear_rows (self);
  self->kind = kind;
  show_game (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_KIND]);
}

static void
on_game_selected (ImhNewGameDialog *self)
{
  guint sel = adw_combo_row_get_selected (self->game_row);

  if (!self->rebuilding && sel < self->n_offered)
    set_kind (self, self->offered[sel]);
}

/* The game row: the games the app has a board for, and any other the
 * dialog was asked to show (its caller's choice, kept once listed); the
 * one chosen in its subtitle (whole on a phone). The games without a
 * board are named in the group's description. */
static void
build_game_row (ImhNewGameDialog *self)
{
  g_autoptr(GtkStringList) games = gtk_string_list_new (NULL);
  const char *missing[IMH_N_GAMES];
  guint n_missing = 0;
  gboolean listed[IMH_N_GAMES] = { FALSE };

  for (guint k = 0; k < self->n_offered; k++)
    listed[self->offered[k]] = TRUE;
  self->n_offered = 0;
  for (int k = 0; k < IMH_N_GAMES; k++)
    {
      ImhGameKind kind = (ImhGameKind) k;

      if (kind_offered (kind) || kind == self->kind || listed[k])
        {
          self->offered[self->n_offered++] = kind;
          gtk_string_list_append (games, imh_texts_game_name (kind));
        }
      if (!kind_offered (kind))
        missing[n_missing++] = imh_texts_game_name (kind);
    }
  adw_combo_row_set_model (self->game_row, G_LIST_MODEL (games));
  if (n_missing > 0)
    {
      g_autofree char *names = imh_texts_join_names (missing, n_missing);
      /* Translators: %s: the name of a game (or several, joined by "and") */
      g_autofree char *description = g_strdup_printf (_("No board in the app yet for %s"), names);

      adw_preferences_group_set_description (self->game_group, description);
    }
  gtk_widget_set_sensitive (GTK_WIDGET (self->game_row), self->n_offered > 1);
}

static void
imh_new_game_dialog_constructed (GObject *object)
{
  ImhNewGameDialog *self = IMH_NEW_GAME_DIALOG (object);

  G_OBJECT_CLASS (imh_new_game_dialog_parent_class)->constructed (object);

  g_assert (imh_rules_get (self->kind) != NULL);
  build_game_row (self);
  show_game (self);
  g_signal_connect_object (self->count_row, "notify::selected", G_CALLBACK (update_players),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game_row, "notify::selected", G_CALLBACK (on_game_selected),
                           self, G_CONNECT_SWAPPED);
}

static void
imh_new_game_dialog_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  ImhNewGameDialog *self = IMH_NEW_GAME_DIALOG (object);

  switch (prop_id)
    {
    case PROP_KIND:
      g_value_set_int (value, self->kind);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imh_new_game_dialog_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  ImhNewGameDialog *self = IMH_NEW_GAME_DIALOG (object);

  switch (prop_id)
    {
    case PROP_KIND:
      /* Before construction: the game shown first; after: a switch. */
      if (self->rules == NULL)
        self->kind = (ImhGameKind) g_value_get_int (value);
      else
        set_kind (self, (ImhGameKind) g_value_get_int (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imh_new_game_dialog_dispose (GObject *object)
{
  ImhNewGameDialog *self = IMH_NEW_GAME_DIALOG (object);

  /* Not applied: a cancelled dialog changes no settings. */
  self->settings = NULL;
  for (guint k = 0; k < IMH_N_GAMES; k++)
    g_clear_object (&self->games[k]);

  G_OBJECT_CLASS (imh_new_game_dialog_parent_class)->dispose (object);
}

static void
imh_new_game_dialog_finalize (GObject *object)
{
  ImhNewGameDialog *self = IMH_NEW_GAME_DIALOG (object);

  for (guint p = 0; p < IMH_MAX_PLAYERS; p++)
    g_free (self->names[p]);

  G_OBJECT_CLASS (imh_new_game_dialog_parent_class)->finalize (object);
}

static void
imh_new_game_dialog_class_init (ImhNewGameDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = imh_new_game_dialog_constructed;
  object_class->get_property = imh_new_game_dialog_get_property;
  object_class->set_property = imh_new_game_dialog_set_property;
  object_class->dispose = imh_new_game_dialog_dispose;
  object_class->finalize = imh_new_game_dialog_finalize;

  /* ImhGameKind of the new game: its rules give the rows. Set after
   * construction it switches the game, as the game row does. */
  properties[PROP_KIND] =
    g_param_spec_int ("kind", NULL, NULL, 0, IMH_N_GAMES - 1, imh_ui_default_kind (),
                      G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_EXPLICIT_NOTIFY
                      | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SIGNAL_START] =
    g_signal_new ("start", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE_PATH "/imh-new-game-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, ImhNewGameDialog, game_group);
  gtk_widget_class_bind_template_child (widget_class, ImhNewGameDialog, game_row);
  gtk_widget_class_bind_template_child (widget_class, ImhNewGameDialog, count_row);
  gtk_widget_class_bind_template_child (widget_class, ImhNewGameDialog, players_group);
  gtk_widget_class_bind_template_child (widget_class, ImhNewGameDialog, sides_group);
  gtk_widget_class_bind_template_child (widget_class, ImhNewGameDialog, start_row);
  gtk_widget_class_bind_template_child (widget_class, ImhNewGameDialog, variants_group);

  gtk_widget_class_install_action (widget_class, "new-game.start", NULL, on_start);
  gtk_widget_class_install_action (widget_class, "new-game.rules", NULL, on_rules);
  gtk_widget_class_install_action (widget_class, "new-game.all-sides-a", NULL, on_sides);
  gtk_widget_class_install_action (widget_class, "new-game.all-sides-b", NULL, on_sides);
  gtk_widget_class_install_action (widget_class, "new-game.mixed-sides", NULL, on_sides);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
imh_new_game_dialog_init (ImhNewGameDialog *self)
{
  self->kind = imh_ui_default_kind ();
  gtk_widget_init_template (GTK_WIDGET (self));
}

ImhNewGameDialog *
imh_new_game_dialog_new (GtkWindow   *parent,
                         ImhGameKind  kind)
{
  g_return_val_if_fail (imh_rules_get (kind) != NULL, NULL);

  return g_object_new (IMH_TYPE_NEW_GAME_DIALOG,
                       "transient-for", parent,
                       "kind", (int) kind,
                       NULL);
}

ImhGameKind
imh_new_game_dialog_get_kind (ImhNewGameDialog *self)
{
  g_return_val_if_fail (IMH_IS_NEW_GAME_DIALOG (self), imh_ui_default_kind ());

  return self->kind;
}

void
imh_new_game_dialog_set_kind (ImhNewGameDialog *self,
                              ImhGameKind       kind)
{
  g_return_if_fail (IMH_IS_NEW_GAME_DIALOG (self));
  g_return_if_fail (imh_rules_get (kind) != NULL);

  set_kind (self, kind);
}

ImhGameKind
imh_new_game_dialog_last_kind (void)
{
  g_autoptr(GSettings) app = g_settings_new (BASE_APP_ID);
  g_autofree char *id = g_settings_get_string (app, "new-game");
  const ImhRules *rules = imh_rules_from_id (id);

  if (rules != NULL && kind_offered (rules->kind))
    return rules->kind;
  return imh_ui_default_kind ();
}

guint
imh_new_game_dialog_get_n_players (ImhNewGameDialog *self)
{
  g_return_val_if_fail (IMH_IS_NEW_GAME_DIALOG (self), 0);

  return n_players (self);
}

void
imh_new_game_dialog_set_n_players (ImhNewGameDialog *self,
                                   guint             n)
{
  g_return_if_fail (IMH_IS_NEW_GAME_DIALOG (self));
  g_return_if_fail (n >= self->rules->min_players && n <= self->rules->max_players);

  adw_combo_row_set_selected (self->count_row, n - self->rules->min_players);
}

void
imh_new_game_dialog_get_options (ImhNewGameDialog *self,
                                 ImhOptions       *options)
{
  guint start;

  g_return_if_fail (IMH_IS_NEW_GAME_DIALOG (self));

  imh_options_init (options, self->kind, (int) n_players (self));
  start = adw_combo_row_get_selected (self->start_row);
  options->start_player = start == 0 || start == GTK_INVALID_LIST_POSITION ? -1 : (int8_t) (start - 1);
  for (guint i = 0; i < self->rules->n_sites; i++)
    options->sides[i] = adw_combo_row_get_selected (self->side_rows[i]) == 1 ? IMH_SIDE_B : IMH_SIDE_A;
  options->variants = 0;
  for (gsize v = 0; v < G_N_ELEMENTS (known_variants); v++)
    if (self->variant_switches[v] != NULL && gtk_switch_get_active (self->variant_switches[v]))
      options->variants |= known_variants[v].flag;
}

/* The row chosen in a seat's combo: 0 a person, then the computer levels. */
static guint
seat_selected (ImhNewGameDialog *self,
               guint             player)
{
  guint sel = adw_combo_row_get_selected (self->kind_rows[player]);

  return sel == GTK_INVALID_LIST_POSITION ? 0 : sel;
}

void
imh_new_game_dialog_get_seat (ImhNewGameDialog  *self,
                              guint              player,
                              ImhSeatKind       *kind,
                              const char       **level,
                              const char       **name)
{
  guint sel;
  char *text;

  g_return_if_fail (IMH_IS_NEW_GAME_DIALOG (self));
  g_return_if_fail (player < n_players (self));

  sel = seat_selected (self, player);
  *kind = sel == 0 ? IMH_SEAT_HUMAN : IMH_SEAT_COMPUTER;
  *level = levels[sel == 0 ? 1 : MIN (sel - 1, G_N_ELEMENTS (levels) - 1)];
  text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->name_rows[player]))));
  if (text[0] == '\0' && sel != 0)
    {
      /* A computer nobody named says its level, and its number when
       * several computers play ("Computer 2 (Casual)"). */
      guint n_computers = 0, number = 0;

      for (guint p = 0; p < n_players (self); p++)
        if (seat_selected (self, p) != 0)
          {
            n_computers++;
            if (p == player)
              number = n_computers;
          }
      g_free (text);
      text = imh_texts_computer_name (*level, n_computers > 1 ? number : 0);
    }
  g_free (self->names[player]);
  self->names[player] = text;
  *name = text[0] != '\0' ? text : NULL;
}

void
imh_new_game_dialog_start (ImhNewGameDialog *self)
{
  g_return_if_fail (IMH_IS_NEW_GAME_DIALOG (self));

  gtk_widget_activate_action (GTK_WIDGET (self), "new-game.start", NULL);
}
