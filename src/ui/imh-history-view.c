/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-history-view.c — the move history list of a game. */
#define G_LOG_DOMAIN "imh-history-view"

#include "config.h"

#include <glib/gi18n.h>

#include "imh-history-view.h"
#include "imh-meeple-icon.h"
#include "imh-texts.h"
#include "imh-turn-item.h"
#include "imh-ui-util.h"

struct _ImhHistoryView
{
  GtkWidget       parent_instance;

  /* Template */
  GtkListBox     *list;
  GtkWidget      *scrolled;

  ImhGame        *game;
  GtkWidget      *placeholder;
  gboolean        syncing;
  /* The viewed turn is kept in sight at every allocation, until the user
   * scrolls it out of sight (and again from their next step). */
  gboolean        follow;
  gboolean        scrolling;
  gboolean        was_live;         /* the viewed position was the live one */
  double          list_top;         /* the list's top in the scrolled content (its margin) */
};

G_DEFINE_FINAL_TYPE (ImhHistoryView, imh_history_view, GTK_TYPE_WIDGET)

/* The analysis mark of a turn: symbol, colour (CSS) and tooltip. */
static void
update_mark (ImhTurnItem *turn,
             GParamSpec  *pspec,
             GtkWidget   *label)
{
  static const char *const classes[] = { "mark-inaccuracy", "mark-mistake", "mark-blunder" };
  ImhMark mark = imh_turn_item_get_mark (turn);
  const char *symbol = "", *tooltip = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (classes); i++)
    gtk_widget_remove_css_class (label, classes[i]);
  switch (mark)
    {
    case IMH_MARK_INACCURACY:
      symbol = "?!";
      tooltip = _("Inaccuracy");
      break;
    case IMH_MARK_MISTAKE:
      symbol = "?";
      tooltip = _("Mistake");
      break;
    case IMH_MARK_BLUNDER:
      symbol = "??";
      tooltip = _("Blunder");
      break;
    default:
      break;
    }
  if (mark >= IMH_MARK_INACCURACY && mark <= IMH_MARK_BLUNDER)
    gtk_widget_add_css_class (label, classes[mark - IMH_MARK_INACCURACY]);
  gtk_label_set_text (GTK_LABEL (label), symbol);
  gtk_widget_set_tooltip_text (label, tooltip);
  gtk_widget_set_visible (label, tooltip != NULL);
}

/* The lines of decisions [start, start + n) of the turn. */
static char *
decision_lines (ImhTurnItem *turn,
                guint        start,
                guint        n)
{
  GString *lines = g_string_new (NULL);

  for (guint i = start; i < start + n; i++)
    {
      if (i > start)
        g_string_append_c (lines, '\n');
      g_string_append (lines, imh_turn_item_get_decision_text (turn, i));
    }
  return g_string_free (lines, FALSE);
}

/* A run of decisions another player made within the turn (a stone's
 * owner choosing a market card, a round-end choice…): their meeple and
 * "Name: what they did". */
static GtkWidget *
other_player_new (ImhHistoryView *self,
                  ImhTurnItem    *turn,
                  guint           group)
{
  int actor = imh_turn_item_get_group_actor (turn, group);
  g_autofree char *name = imh_ui_player_name (self->game, actor);
  g_autofree char *lines = decision_lines (turn,
                                           imh_turn_item_get_group_start (turn, group),
                                           imh_turn_item_get_group_length (turn, group));
  g_autofree char *bold = g_markup_printf_escaped ("<b>%s</b>", name);
  g_autofree char *text = g_markup_escape_text (lines, -1);
  g_autofree char *markup = NULL;
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *icon = imh_meeple_icon_new (actor, 12);
  GtkWidget *label;

  /* Translators: in the history, a decision another player made within a
   * turn: the player's name, then the decision ("Ben: Take the card:
   * Sarcophagus") */
  markup = g_strdup_printf (_("%s: %s"), bold, text);
  label = gtk_label_new (NULL);
  gtk_label_set_markup (GTK_LABEL (label), markup);
  gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_set_valign (icon, GTK_ALIGN_START);
  gtk_widget_set_margin_top (icon, 3);
  gtk_widget_add_css_class (box, "history-other-player");
  gtk_box_append (GTK_BOX (box), icon);
  gtk_box_append (GTK_BOX (box), label);
  return box;
}

/* Where player's points of the turn came from ("+3: …"), from the
 * positions before and after it; NULL when the game lacks them. */
static char *
score_change_text (ImhHistoryView *self,
                   ImhTurnItem    *turn,
                   guint           player)
{
  const ImhState *at;
  ImhState before, after;

  if (self->game == NULL)
    return NULL;
  at = imh_game_get_state_at (self->game, imh_turn_item_get_first_ply (turn));
  if (at == NULL)
    return NULL;
  imh_state_copy (&before, at);
  at = imh_game_get_state_at (self->game, imh_turn_item_get_end_ply (turn));
  if (at == NULL)
    return NULL;
  imh_state_copy (&after, at);
  return imh_texts_score_change (&before, &after, player);
}

/* The score column's tooltip: every player's change explained, a line each. */
static char *
score_changes_tooltip (ImhHistoryView *self,
                       ImhTurnItem    *turn)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint p = 0; p < imh_turn_item_get_n_players (turn); p++)
    {
      g_autofree char *name = imh_ui_player_name (self->game, (int) p);
      g_autofree char *change = score_change_text (self, turn, p);

      if (change == NULL)
        return NULL;
      if (text->len > 0)
        g_string_append_c (text, '\n');
      /* Translators: a player's score change in a history row's tooltip: "Ann: +3: …" */
      g_string_append_printf (text, _("%s: %s"), name, change);
    }
  return g_strdup (text->str);
}

/* More than two players: each player's score change that is not zero,
 * after their meeple (a column of "meeple +3"). */
static void
fill_score_changes (GtkWidget   *box,
                    ImhTurnItem *turn)
{
  for (guint p = 0; p < imh_turn_item_get_n_players (turn); p++)
    {
      int change = imh_turn_item_get_score_change (turn, p);
      g_autofree char *text = NULL;
      GtkWidget *line, *label;

      if (change == 0)
        continue;
      text = change > 0 ? g_strdup_printf ("+%d", change) : g_strdup_printf ("−%d", -change);
      line = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
      label = gtk_label_new (text);
      gtk_label_set_xalign (GTK_LABEL (label), 1.0f);
      gtk_widget_set_hexpand (label, TRUE);
      gtk_widget_add_css_class (label, "numeric");
      gtk_widget_add_css_class (label, "dim-label");
      gtk_box_append (GTK_BOX (line), imh_meeple_icon_new ((int) p, 12));
      gtk_box_append (GTK_BOX (line), label);
      gtk_box_append (GTK_BOX (box), line);
    }
}

/* A row from imh-history-view-row.ui, filled in for the turn: the turn
 * player's decisions under "N. Name", then those of other players within
 * the turn, each under their own name and meeple. */
static GtkWidget *
create_row (gpointer item,
            gpointer user_data)
{
  ImhHistoryView *self = user_data;
  ImhTurnItem *turn = item;
  int player = imh_turn_item_get_player (turn);
  g_autoptr(GtkBuilder) builder = NULL;
  g_autofree char *name = imh_ui_player_name (self->game, player);
  g_autofree char *heading = NULL;
  GtkWidget *mark, *body, *others, *row;
  guint group = 0;

  builder = gtk_builder_new_from_resource (RESOURCE_BASE_PATH "/imh-history-view-row.ui");

  gtk_box_append (GTK_BOX (gtk_builder_get_object (builder, "icon")),
                  imh_meeple_icon_new (player, 16));

  /* Translators: history row heading: turn number and player name */
  heading = g_strdup_printf (_("%u. %s"), imh_turn_item_get_number (turn), name);
  gtk_label_set_text (GTK_LABEL (gtk_builder_get_object (builder, "title")), heading);

  body = GTK_WIDGET (gtk_builder_get_object (builder, "body"));
  if (imh_turn_item_get_n_groups (turn) > 0 && imh_turn_item_get_group_actor (turn, 0) == player)
    {
      g_autofree char *lines = decision_lines (turn, 0, imh_turn_item_get_group_length (turn, 0));

      gtk_label_set_text (GTK_LABEL (body), lines);
      group = 1;
    }
  else
    gtk_widget_set_visible (body, FALSE);

  others = GTK_WIDGET (gtk_builder_get_object (builder, "others"));
  for (; group < imh_turn_item_get_n_groups (turn); group++)
    gtk_box_append (GTK_BOX (others), other_player_new (self, turn, group));
  gtk_widget_set_visible (others, gtk_widget_get_first_child (others) != NULL);

  mark = GTK_WIDGET (gtk_builder_get_object (builder, "mark"));
  update_mark (turn, NULL, mark);
  g_signal_connect_object (turn, "notify::mark", G_CALLBACK (update_mark), mark, 0);

  /* Two players: "+3 / −1"; more: the changes with the players' meeples. */
  if (imh_turn_item_get_n_players (turn) > 2)
    {
      GtkWidget *changes = GTK_WIDGET (gtk_builder_get_object (builder, "score_changes"));

      gtk_widget_set_visible (GTK_WIDGET (gtk_builder_get_object (builder, "score")), FALSE);
      fill_score_changes (changes, turn);
      gtk_widget_set_visible (changes, gtk_widget_get_first_child (changes) != NULL);
    }
  else
    gtk_label_set_text (GTK_LABEL (gtk_builder_get_object (builder, "score")),
                        imh_turn_item_get_score_text (turn));
  {
    g_autofree char *why = score_changes_tooltip (self, turn);

    if (why != NULL)
      for (int i = 0; i < 2; i++)
        {
          GtkWidget *column = GTK_WIDGET (gtk_builder_get_object (builder, i == 0 ? "score" : "score_changes"));

          gtk_widget_set_tooltip_text (column, why);
          gtk_accessible_update_property (GTK_ACCESSIBLE (column), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, why, -1);
        }
  }

  row = GTK_WIDGET (gtk_builder_get_object (builder, "row"));
  g_object_set_data_full (G_OBJECT (row), "imh-turn", g_object_ref (turn), g_object_unref);
  /* The list's row (the list would wrap the box in one), named for a
   * screen reader by its heading and its decisions. */
  {
    GtkWidget *list_row = gtk_list_box_row_new ();
    g_autofree char *spoken = gtk_widget_get_visible (body)
                              ? g_strconcat (heading, ": ", gtk_label_get_text (GTK_LABEL (body)), NULL)
                              : g_strdup (heading);

    gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (list_row), row);
    gtk_accessible_update_property (GTK_ACCESSIBLE (list_row), GTK_ACCESSIBLE_PROPERTY_LABEL, spoken, -1);
    return list_row;
  }
}

/* The turn a list row shows. */
static ImhTurnItem *
row_turn (GtkListBoxRow *row)
{
  GtkWidget *child = row != NULL ? gtk_list_box_row_get_child (row) : NULL;

  return child != NULL ? g_object_get_data (G_OBJECT (child), "imh-turn") : NULL;
}

/* "Round 2" above the first turn of every round (games with rounds). */
static void
update_header (GtkListBoxRow *row,
               GtkListBoxRow *before,
               gpointer       user_data)
{
  ImhTurnItem *turn = row_turn (row), *previous = row_turn (before);
  guint round;
  GtkWidget *header;
  g_autofree char *text = NULL;

  round = turn == NULL ? 0 : imh_turn_item_get_round (turn);
  if (round == 0 || (previous != NULL && imh_turn_item_get_round (previous) == round))
    {
      gtk_list_box_row_set_header (row, NULL);
      return;
    }

  /* Translators: heading in the history above the first turn of a round */
  text = g_strdup_printf (_("Round %u"), round);
  header = gtk_list_box_row_get_header (row);
  if (header == NULL)
    {
      header = gtk_label_new (NULL);
      gtk_label_set_xalign (GTK_LABEL (header), 0.0f);
      gtk_widget_add_css_class (header, "heading");
      gtk_widget_add_css_class (header, "dim-label");
      gtk_widget_add_css_class (header, "history-round");
      gtk_widget_set_margin_start (header, 12);
      gtk_widget_set_margin_top (header, before == NULL ? 6 : 12);
      gtk_widget_set_margin_bottom (header, 3);
      gtk_list_box_row_set_header (row, header);
    }
  gtk_label_set_text (GTK_LABEL (header), text);
}

/* The bounds of the row (with its round heading) in the scrolled content. */
static gboolean
row_bounds (ImhHistoryView *self,
            GtkListBoxRow  *row,
            double         *top,
            double         *bottom)
{
  GtkWidget *header = gtk_list_box_row_get_header (row);
  graphene_rect_t bounds;

  if (!gtk_widget_compute_bounds (GTK_WIDGET (row), GTK_WIDGET (self->list), &bounds))
    return FALSE;
  *top = self->list_top + bounds.origin.y;
  *bottom = self->list_top + bounds.origin.y + bounds.size.height;
  if (header != NULL && gtk_widget_get_visible (header)
      && gtk_widget_compute_bounds (header, GTK_WIDGET (self->list), &bounds))
    *top = MIN (*top, self->list_top + bounds.origin.y);
  return TRUE;
}

/* Scrolls the viewed turn into sight; the rows must have their size. */
static void
scroll_to_selected (ImhHistoryView *self)
{
  GtkListBoxRow *row = gtk_list_box_get_selected_row (self->list);
  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scrolled));
  double top, bottom;

  if (row == NULL || !row_bounds (self, row, &top, &bottom))
    return;
  self->scrolling = TRUE;
  gtk_adjustment_clamp_page (adj, top, bottom);
  self->scrolling = FALSE;
}

/* A scroll the view did not make (the wheel, the scroll bar, keys in the
 * list): the view follows again only while the viewed turn stays in sight. */
static void
on_value_changed (GtkAdjustment  *adj,
                  ImhHistoryView *self)
{
  GtkListBoxRow *row = gtk_list_box_get_selected_row (self->list);
  double top, bottom, value = gtk_adjustment_get_value (adj);

  if (self->scrolling || row == NULL || !row_bounds (self, row, &top, &bottom))
    return;
  self->follow = top >= value - 1 && bottom <= value + gtk_adjustment_get_page_size (adj) + 1;
}

static void
sync_selection (ImhHistoryView *self)
{
  ImhHistory *history;
  guint pos;
  GtkListBoxRow *row;

  if (self->game == NULL)
    return;
  history = imh_game_get_history (self->game);
  pos = imh_history_get_position_for_ply (history, imh_game_get_viewed_ply (self->game));
  row = pos == G_MAXUINT ? NULL : gtk_list_box_get_row_at_index (self->list, pos);
  self->syncing = TRUE;
  if (row != NULL)
    gtk_list_box_select_row (self->list, row);
  else
    gtk_list_box_unselect_all (self->list);
  self->syncing = FALSE;
}

/* The viewed position moved: its turn comes into sight at the next
 * allocation, when the rows have their size; after a step or a jump, also
 * when the user had scrolled away (not when the live game moved on). */
static void
on_viewed_ply_changed (ImhHistoryView *self)
{
  gboolean live = self->game != NULL
                  && imh_game_get_viewed_ply (self->game) == imh_game_get_live_ply (self->game);

  sync_selection (self);
  if (!live || !self->was_live)
    self->follow = TRUE;
  self->was_live = live;
  gtk_widget_queue_allocate (GTK_WIDGET (self));
}

static void
on_items_changed (ImhHistoryView *self)
{
  /* New rows queue a resize: the allocation that follows scrolls. */
  sync_selection (self);
  gtk_widget_queue_allocate (GTK_WIDGET (self));
}

static void
on_row_activated (GtkListBox     *list,
                  GtkListBoxRow  *row,
                  ImhHistoryView *self)
{
  ImhTurnItem *turn;

  if (self->game == NULL || self->syncing)
    return;
  turn = imh_history_peek_item (imh_game_get_history (self->game), gtk_list_box_row_get_index (row));
  if (turn != NULL)
    imh_game_set_viewed_ply (self->game, imh_turn_item_get_end_ply (turn));
}

static void
on_row_selected (GtkListBox     *list,
                 GtkListBoxRow  *row,
                 ImhHistoryView *self)
{
  if (row != NULL && !self->syncing && gtk_widget_has_focus (GTK_WIDGET (row)))
    on_row_activated (list, row, self);
}

static void
imh_history_view_dispose (GObject *object)
{
  ImhHistoryView *self = IMH_HISTORY_VIEW (object);

  imh_history_view_set_game (self, NULL);
  g_clear_pointer (&self->scrolled, gtk_widget_unparent);

  G_OBJECT_CLASS (imh_history_view_parent_class)->dispose (object);
}

static void
imh_history_view_measure (GtkWidget      *widget,
                          GtkOrientation  orientation,
                          int             for_size,
                          int            *minimum,
                          int            *natural,
                          int            *minimum_baseline,
                          int            *natural_baseline)
{
  gtk_widget_measure (IMH_HISTORY_VIEW (widget)->scrolled, orientation, for_size,
                      minimum, natural, minimum_baseline, natural_baseline);
}

/* After the rows have their size: the viewed turn into sight, unless the
 * user scrolled it away. */
static void
imh_history_view_size_allocate (GtkWidget *widget,
                                int        width,
                                int        height,
                                int        baseline)
{
  ImhHistoryView *self = IMH_HISTORY_VIEW (widget);
  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scrolled));
  GtkWidget *viewport = gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (self->scrolled));
  graphene_point_t top;

  self->scrolling = TRUE;
  gtk_widget_size_allocate (self->scrolled, &(GtkAllocation) { 0, 0, width, height }, baseline);
  self->scrolling = FALSE;
  if (gtk_widget_compute_point (GTK_WIDGET (self->list), viewport, &GRAPHENE_POINT_INIT (0, 0), &top))
    self->list_top = top.y + gtk_adjustment_get_value (adj);
  if (!self->follow)
    return;
  scroll_to_selected (self);
  /* The list again at its place after the scroll, in this same layout,
   * whether the value moved or not: the scroll can leave the viewport
   * with an allocation queued that no later layout of this frame makes
   * (GTK then warns that the frame draws it unallocated). */
  self->scrolling = TRUE;
  gtk_widget_size_allocate (self->scrolled, &(GtkAllocation) { 0, 0, width, height }, baseline);
  self->scrolling = FALSE;
}

static void
imh_history_view_class_init (ImhHistoryViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = imh_history_view_dispose;
  widget_class->measure = imh_history_view_measure;
  widget_class->size_allocate = imh_history_view_size_allocate;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE_PATH "/imh-history-view.ui");
  gtk_widget_class_bind_template_child (widget_class, ImhHistoryView, list);
  gtk_widget_class_bind_template_child (widget_class, ImhHistoryView, scrolled);
  gtk_widget_class_bind_template_callback (widget_class, on_row_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_row_selected);
}

static void
imh_history_view_init (ImhHistoryView *self)
{
  GtkEventController *shortcuts;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->placeholder = gtk_label_new (_("No moves yet"));
  gtk_widget_add_css_class (self->placeholder, "dim-label");
  gtk_widget_set_margin_top (self->placeholder, 24);
  gtk_list_box_set_placeholder (self->list, self->placeholder);
  gtk_list_box_set_header_func (self->list, update_header, NULL, NULL);
  g_signal_connect (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scrolled)),
                    "value-changed", G_CALLBACK (on_value_changed), self);
  self->follow = TRUE;

  /* Home and End in the list too go to the start and the live position
   * (the list's own would only move to a row, maybe the selected one). */
  shortcuts = gtk_shortcut_controller_new ();
  gtk_event_controller_set_propagation_phase (shortcuts, GTK_PHASE_CAPTURE);
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Home, 0),
                                                          gtk_named_action_new ("game.history-first")));
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_End, 0),
                                                          gtk_named_action_new ("game.history-last")));
  gtk_widget_add_controller (GTK_WIDGET (self->list), shortcuts);
}

GtkWidget *
imh_history_view_new (void)
{
  return g_object_new (IMH_TYPE_HISTORY_VIEW, NULL);
}

void
imh_history_view_set_game (ImhHistoryView *self,
                           ImhGame        *game)
{
  g_return_if_fail (IMH_IS_HISTORY_VIEW (self));
  g_return_if_fail (game == NULL || IMH_IS_GAME (game));

  if (self->game == game)
    return;
  if (self->game != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->game, self);
      g_signal_handlers_disconnect_by_data (imh_game_get_history (self->game), self);
    }
  g_set_object (&self->game, game);
  if (game == NULL)
    {
      gtk_list_box_bind_model (self->list, NULL, NULL, NULL, NULL);
      return;
    }
  gtk_list_box_bind_model (self->list, G_LIST_MODEL (imh_game_get_history (game)),
                           create_row, self, NULL);
  g_signal_connect_object (imh_game_get_history (game), "items-changed",
                           G_CALLBACK (on_items_changed), self,
                           G_CONNECT_SWAPPED | G_CONNECT_AFTER);
  g_signal_connect_object (game, "notify::viewed-ply", G_CALLBACK (on_viewed_ply_changed), self,
                           G_CONNECT_SWAPPED);
  self->follow = TRUE;
  on_viewed_ply_changed (self);
}
