/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-rules-window.c — the rules of a game: the list of pages and the page shown. */
#define G_LOG_DOMAIN "imh-rules"

#include "config.h"

#include <glib/gi18n.h>

#include "imh-rules-book.h"
#include "imh-rules-figure.h"
#include "imh-rules-window.h"
#include "imh-texts.h"

struct _ImhRulesWindow
{
  AdwWindow       parent_instance;

  ImhRulesBook   *book;
  guint           page;

  AdwLeaflet     *leaflet;
  GtkWidget      *sidebar;
  GtkListBox     *list;
  GtkWidget      *content;
  AdwWindowTitle *content_title;
  GtkScrolledWindow *scroller;
  GtkWidget      *page_box;          /* the page's title and blocks */
  GtkWidget      *previous_button;
  GtkLabel       *previous_label;
  GtkWidget      *next_button;
  GtkLabel       *next_label;
  gboolean        syncing;           /* the list's selection follows the page */
};

G_DEFINE_FINAL_TYPE (ImhRulesWindow, imh_rules_window, ADW_TYPE_WINDOW)

enum {
  PROP_0,
  PROP_PAGE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* ---- The page shown ---------------------------------------------------------------- */

static void
clear_box (GtkWidget *box)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (box)) != NULL)
    gtk_box_remove (GTK_BOX (box), child);
}

static GtkWidget *
paragraph_new (const char *markup)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_markup (GTK_LABEL (label), markup);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
  gtk_label_set_yalign (GTK_LABEL (label), 0.0f);
  /* A long paragraph wraps rather than widening the window. */
  gtk_label_set_max_width_chars (GTK_LABEL (label), 60);
  gtk_label_set_width_chars (GTK_LABEL (label), 20);
  gtk_widget_add_css_class (label, "body");
  return label;
}

static void
sync_navigation (ImhRulesWindow *self)
{
  guint n = imh_rules_book_get_n_pages (self->book);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "rules.previous-page", self->page > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "rules.next-page", self->page + 1 < n);
  gtk_widget_set_visible (self->previous_button, self->page > 0);
  gtk_widget_set_visible (self->next_button, self->page + 1 < n);
  /* The buttons show "Previous" or "Next" over the page's title; a
   * screen reader reads both as the button's name. */
  if (self->page > 0)
    {
      const char *title = imh_rules_book_get_page (self->book, self->page - 1)->title;
      /* Translators: the name of the button to the previous page of the rules, for screen readers */
      g_autofree char *name = g_strdup_printf (_("Previous: %s"), title);

      gtk_label_set_label (self->previous_label, title);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->previous_button),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
    }
  if (self->page + 1 < n)
    {
      const char *title = imh_rules_book_get_page (self->book, self->page + 1)->title;
      /* Translators: the name of the button to the next page of the rules, for screen readers */
      g_autofree char *name = g_strdup_printf (_("Next: %s"), title);

      gtk_label_set_label (self->next_label, title);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->next_button),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
    }
}

static void
show_page (ImhRulesWindow *self)
{
  const ImhRulesPage *page = imh_rules_book_get_page (self->book, self->page);
  GtkWidget *title;
  GtkListBoxRow *row;

  clear_box (self->page_box);
  title = gtk_label_new (page->title);
  gtk_label_set_wrap (GTK_LABEL (title), TRUE);
  gtk_label_set_xalign (GTK_LABEL (title), 0.0f);
  gtk_widget_add_css_class (title, "title-2");
  gtk_accessible_update_property (GTK_ACCESSIBLE (title), GTK_ACCESSIBLE_PROPERTY_LEVEL, 1, -1);
  gtk_box_append (GTK_BOX (self->page_box), title);
  for (guint i = 0; i < page->blocks->len; i++)
    {
      const ImhRulesBlock *block = g_ptr_array_index (page->blocks, i);
      GtkWidget *widget;

      if (block->kind == IMH_RULES_BLOCK_TEXT)
        widget = paragraph_new (block->markup);
      else
        {
          widget = imh_rules_figure_new (block);
          gtk_widget_set_margin_top (widget, 6);
          gtk_widget_set_margin_bottom (widget, 6);
        }
      gtk_box_append (GTK_BOX (self->page_box), widget);
    }
  adw_window_title_set_title (self->content_title, page->title);
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (self->scroller), 0);
  sync_navigation (self);

  self->syncing = TRUE;
  row = gtk_list_box_get_row_at_index (self->list, (int) self->page);
  if (row != NULL && gtk_list_box_get_selected_row (self->list) != row)
    gtk_list_box_select_row (self->list, row);
  self->syncing = FALSE;
}

void
imh_rules_window_set_page (ImhRulesWindow *self,
                           guint           page)
{
  g_return_if_fail (IMH_IS_RULES_WINDOW (self));
  g_return_if_fail (page < imh_rules_book_get_n_pages (self->book));

  if (self->page == page && gtk_widget_get_first_child (self->page_box) != NULL)
    return;
  self->page = page;
  show_page (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PAGE]);
}

guint
imh_rules_window_get_page (ImhRulesWindow *self)
{
  g_return_val_if_fail (IMH_IS_RULES_WINDOW (self), 0);

  return self->page;
}

guint
imh_rules_window_get_n_pages (ImhRulesWindow *self)
{
  g_return_val_if_fail (IMH_IS_RULES_WINDOW (self), 0);

  return imh_rules_book_get_n_pages (self->book);
}

gboolean
imh_rules_window_show_page_id (ImhRulesWindow *self,
                               const char     *id)
{
  int index;

  g_return_val_if_fail (IMH_IS_RULES_WINDOW (self), FALSE);

  index = imh_rules_book_find_page (self->book, id);
  if (index < 0)
    return FALSE;
  imh_rules_window_set_page (self, (guint) index);
  return TRUE;
}

GtkWidget *
imh_rules_window_get_page_box (ImhRulesWindow *self)
{
  g_return_val_if_fail (IMH_IS_RULES_WINDOW (self), NULL);

  return self->page_box;
}

ImhGameKind
imh_rules_window_get_kind (ImhRulesWindow *self)
{
  g_return_val_if_fail (IMH_IS_RULES_WINDOW (self), IMH_GAME_DUEL);

  return imh_rules_book_get_kind (self->book);
}

/* ---- The list of pages ---------------------------------------------------------------- */

static void
on_row_selected (ImhRulesWindow *self,
                 GtkListBoxRow  *row)
{
  if (row == NULL || self->syncing)
    return;
  imh_rules_window_set_page (self, (guint) gtk_list_box_row_get_index (row));
}

/* A page chosen (click, Enter) in a folded window: the page comes. */
static void
on_row_activated (ImhRulesWindow *self,
                  GtkListBoxRow  *row)
{
  imh_rules_window_set_page (self, (guint) gtk_list_box_row_get_index (row));
  adw_leaflet_set_visible_child (self->leaflet, self->content);
  if (adw_leaflet_get_folded (self->leaflet))
    gtk_widget_grab_focus (GTK_WIDGET (self->scroller));
}

static void
fill_list (ImhRulesWindow *self)
{
  for (guint i = 0; i < imh_rules_book_get_n_pages (self->book); i++)
    {
      const ImhRulesPage *page = imh_rules_book_get_page (self->book, i);
      GtkWidget *label = gtk_label_new (page->title);

      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
      gtk_widget_set_margin_top (label, 6);
      gtk_widget_set_margin_bottom (label, 6);
      gtk_list_box_append (self->list, label);
      /* The row is what a screen reader meets: named as its label. */
      gtk_accessible_update_property (GTK_ACCESSIBLE (gtk_widget_get_parent (label)),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, page->title, -1);
    }
}

/* ---- Actions ------------------------------------------------------------------------- */

static void
rules_next_page (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  ImhRulesWindow *self = IMH_RULES_WINDOW (widget);

  if (self->page + 1 < imh_rules_book_get_n_pages (self->book))
    imh_rules_window_set_page (self, self->page + 1);
}

static void
rules_previous_page (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  ImhRulesWindow *self = IMH_RULES_WINDOW (widget);

  if (self->page > 0)
    imh_rules_window_set_page (self, self->page - 1);
}

static void
rules_show_page (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  ImhRulesWindow *self = IMH_RULES_WINDOW (widget);
  guint page = g_variant_get_uint32 (parameter);

  if (page < imh_rules_book_get_n_pages (self->book))
    imh_rules_window_set_page (self, page);
}

static void
rules_show_list (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  ImhRulesWindow *self = IMH_RULES_WINDOW (widget);
  GtkListBoxRow *row = gtk_list_box_get_row_at_index (self->list, (int) self->page);

  adw_leaflet_set_visible_child (self->leaflet, self->sidebar);
  if (row != NULL)
    gtk_widget_grab_focus (GTK_WIDGET (row));
}

/* ---- Building ------------------------------------------------------------------------ */

static GtkWidget *
nav_button_new (ImhRulesWindow *self,
                gboolean        next,
                GtkLabel      **label_out)
{
  GtkWidget *button = gtk_button_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *icon = gtk_image_new_from_icon_name (next ? "go-next-symbolic" : "go-previous-symbolic");
  GtkWidget *texts = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *caption = gtk_label_new (next ? _("Next") : _("Previous"));
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (caption), next ? 1.0f : 0.0f);
  gtk_widget_add_css_class (caption, "caption");
  gtk_widget_add_css_class (caption, "dim-label");
  gtk_label_set_xalign (GTK_LABEL (label), next ? 1.0f : 0.0f);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 24);
  gtk_box_append (GTK_BOX (texts), caption);
  gtk_box_append (GTK_BOX (texts), label);
  gtk_widget_set_hexpand (texts, TRUE);
  if (next)
    {
      gtk_box_append (GTK_BOX (box), texts);
      gtk_box_append (GTK_BOX (box), icon);
    }
  else
    {
      gtk_box_append (GTK_BOX (box), icon);
      gtk_box_append (GTK_BOX (box), texts);
    }
  gtk_button_set_child (GTK_BUTTON (button), box);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button),
                                  next ? "rules.next-page" : "rules.previous-page");
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_hexpand (button, TRUE);
  gtk_widget_set_halign (button, next ? GTK_ALIGN_END : GTK_ALIGN_START);
  *label_out = GTK_LABEL (label);
  return button;
}

/* Once the window has its size (and the leaflet knows whether it is
 * folded): the keyboard starts in the page list, on the page shown, where
 * the list is beside the page; folded, on the page itself (the focus on
 * the list would bring the list back). */
static gboolean
focus_first (GtkWidget     *widget,
             GdkFrameClock *clock,
             gpointer       data)
{
  ImhRulesWindow *self = IMH_RULES_WINDOW (widget);
  GtkListBoxRow *row;

  if (gtk_widget_get_width (GTK_WIDGET (self->leaflet)) == 0)
    return G_SOURCE_CONTINUE;
  row = gtk_list_box_get_row_at_index (self->list, (int) self->page);
  if (!adw_leaflet_get_folded (self->leaflet) && row != NULL)
    gtk_widget_grab_focus (GTK_WIDGET (row));
  else
    gtk_widget_grab_focus (GTK_WIDGET (self->scroller));
  return G_SOURCE_REMOVE;
}

static void
build (ImhRulesWindow *self)
{
  GtkWidget *header, *scroller, *clamp, *column, *nav, *back;
  AdwWindowTitle *title;

  self->leaflet = ADW_LEAFLET (adw_leaflet_new ());
  adw_leaflet_set_can_navigate_back (self->leaflet, TRUE);
  adw_leaflet_set_can_unfold (self->leaflet, TRUE);
  /* Folds to one column when the two do not fit. */
  adw_leaflet_set_fold_threshold_policy (self->leaflet, ADW_FOLD_THRESHOLD_POLICY_NATURAL);

  /* The list of pages. */
  self->sidebar = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_widget_set_size_request (self->sidebar, 220, -1);
  header = adw_header_bar_new ();
  title = ADW_WINDOW_TITLE (adw_window_title_new (_("Rules"), imh_texts_game_name (imh_rules_book_get_kind (self->book))));
  adw_header_bar_set_title_widget (ADW_HEADER_BAR (header), GTK_WIDGET (title));
  g_object_bind_property (self->leaflet, "folded", header, "show-end-title-buttons", G_BINDING_SYNC_CREATE);
  gtk_box_append (GTK_BOX (self->sidebar), header);
  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (scroller, TRUE);
  self->list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->list, GTK_SELECTION_SINGLE);
  gtk_widget_add_css_class (GTK_WIDGET (self->list), "navigation-sidebar");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->list), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Pages"), -1);
  g_signal_connect_swapped (self->list, "row-selected", G_CALLBACK (on_row_selected), self);
  g_signal_connect_swapped (self->list, "row-activated", G_CALLBACK (on_row_activated), self);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), GTK_WIDGET (self->list));
  gtk_box_append (GTK_BOX (self->sidebar), scroller);
  adw_leaflet_append (self->leaflet, self->sidebar);
  adw_leaflet_page_set_navigatable (adw_leaflet_append (self->leaflet,
                                                        gtk_separator_new (GTK_ORIENTATION_VERTICAL)),
                                    FALSE);

  /* The page. */
  self->content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_widget_set_hexpand (self->content, TRUE);
  gtk_widget_set_size_request (self->content, 320, -1);
  header = adw_header_bar_new ();
  back = gtk_button_new_from_icon_name ("go-previous-symbolic");
  gtk_widget_set_tooltip_text (back, _("All Pages"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (back), GTK_ACCESSIBLE_PROPERTY_LABEL, _("All Pages"), -1);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (back), "rules.show-list");
  g_object_bind_property (self->leaflet, "folded", back, "visible", G_BINDING_SYNC_CREATE);
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), back);
  self->content_title = ADW_WINDOW_TITLE (adw_window_title_new ("", NULL));
  adw_header_bar_set_title_widget (ADW_HEADER_BAR (header), GTK_WIDGET (self->content_title));
  g_object_bind_property (self->leaflet, "folded", header, "show-start-title-buttons", G_BINDING_SYNC_CREATE);
  gtk_box_append (GTK_BOX (self->content), header);

  self->scroller = GTK_SCROLLED_WINDOW (gtk_scrolled_window_new ());
  gtk_scrolled_window_set_policy (self->scroller, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (GTK_WIDGET (self->scroller), TRUE);
  clamp = adw_clamp_new ();
  adw_clamp_set_maximum_size (ADW_CLAMP (clamp), 760);
  adw_clamp_set_tightening_threshold (ADW_CLAMP (clamp), 560);
  column = gtk_box_new (GTK_ORIENTATION_VERTICAL, 24);
  gtk_widget_set_margin_top (column, 18);
  gtk_widget_set_margin_bottom (column, 18);
  gtk_widget_set_margin_start (column, 12);
  gtk_widget_set_margin_end (column, 12);
  self->page_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  gtk_box_append (GTK_BOX (column), self->page_box);
  nav = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  self->previous_button = nav_button_new (self, FALSE, &self->previous_label);
  self->next_button = nav_button_new (self, TRUE, &self->next_label);
  gtk_box_append (GTK_BOX (nav), self->previous_button);
  gtk_box_append (GTK_BOX (nav), self->next_button);
  gtk_box_append (GTK_BOX (column), nav);
  adw_clamp_set_child (ADW_CLAMP (clamp), column);
  gtk_scrolled_window_set_child (self->scroller, clamp);
  gtk_box_append (GTK_BOX (self->content), GTK_WIDGET (self->scroller));
  adw_leaflet_append (self->leaflet, self->content);
  adw_leaflet_set_visible_child (self->leaflet, self->content);

  adw_window_set_content (ADW_WINDOW (self), GTK_WIDGET (self->leaflet));
  gtk_widget_add_tick_callback (GTK_WIDGET (self), focus_first, NULL, NULL);
}

/* ---- GObject ---------------------------------------------------------------------------- */

static void
imh_rules_window_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  ImhRulesWindow *self = IMH_RULES_WINDOW (object);

  switch (prop_id)
    {
    case PROP_PAGE:
      g_value_set_uint (value, self->page);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imh_rules_window_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  ImhRulesWindow *self = IMH_RULES_WINDOW (object);

  switch (prop_id)
    {
    case PROP_PAGE:
      if (self->book != NULL && g_value_get_uint (value) < imh_rules_book_get_n_pages (self->book))
        imh_rules_window_set_page (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imh_rules_window_finalize (GObject *object)
{
  ImhRulesWindow *self = IMH_RULES_WINDOW (object);

  g_clear_pointer (&self->book, imh_rules_book_free);
  G_OBJECT_CLASS (imh_rules_window_parent_class)->finalize (object);
}

static void
imh_rules_window_class_init (ImhRulesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = imh_rules_window_get_property;
  object_class->set_property = imh_rules_window_set_property;
  object_class->finalize = imh_rules_window_finalize;

  properties[PROP_PAGE] =
    g_param_spec_uint ("page", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_install_action (widget_class, "rules.next-page", NULL, rules_next_page);
  gtk_widget_class_install_action (widget_class, "rules.previous-page", NULL, rules_previous_page);
  gtk_widget_class_install_action (widget_class, "rules.show-page", "u", rules_show_page);
  gtk_widget_class_install_action (widget_class, "rules.show-list", NULL, rules_show_list);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, GDK_ALT_MASK, "rules.next-page", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, GDK_ALT_MASK, "rules.previous-page", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Page_Down, GDK_CONTROL_MASK, "rules.next-page", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Page_Up, GDK_CONTROL_MASK, "rules.previous-page", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "window.close", NULL);
}

static void
imh_rules_window_init (ImhRulesWindow *self)
{
}

ImhRulesWindow *
imh_rules_window_new (ImhGameKind kind)
{
  ImhRulesWindow *self;
  g_autofree char *title = NULL;

  g_return_val_if_fail (kind < IMH_N_GAMES, NULL);

  self = g_object_new (IMH_TYPE_RULES_WINDOW,
                       "default-width", 900,
                       "default-height", 720,
                       NULL);
  self->book = imh_rules_book_new_for_game (kind);
  /* TRANSLATORS: the title of the rules window; %s is the game's name */
  title = g_strdup_printf (_("Rules of %s"), imh_texts_game_name (kind));
  gtk_window_set_title (GTK_WINDOW (self), title);
  build (self);
  fill_list (self);
  if (imh_rules_book_get_n_pages (self->book) > 0)
    {
      self->page = 0;
      show_page (self);
    }
  return self;
}

ImhRulesWindow *
imh_rules_window_present_for (GtkApplication *application,
                              ImhGameKind     kind)
{
  ImhRulesWindow *window = NULL;

  g_return_val_if_fail (GTK_IS_APPLICATION (application), NULL);

  for (GList *l = gtk_application_get_windows (application); l != NULL; l = l->next)
    if (IMH_IS_RULES_WINDOW (l->data) && imh_rules_window_get_kind (l->data) == kind)
      {
        window = l->data;
        break;
      }
  if (window == NULL)
    {
      window = imh_rules_window_new (kind);
      gtk_window_set_application (GTK_WINDOW (window), application);
    }
  gtk_window_present (GTK_WINDOW (window));
  return window;
}
