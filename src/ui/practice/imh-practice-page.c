/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-practice-page.c — practise the mistakes of the user's own players. */
#define G_LOG_DOMAIN "imh-practice-page"

#include "config.h"

#include <glib/gi18n.h>

#include "imh-analysis.h"
#include "imh-board-factory.h"
#include "imh-practice-page-private.h"
#include "imh-texts.h"
#include "imh-ui-util.h"

struct _ImhPracticePage
{
  GtkWidget     parent_instance;

  ImhLibrary   *library;
  GSettings    *settings;
  GCancellable *cancellable;      /* the list being read */
  GPtrArray    *exercises;        /* ImhExercise, as the list shows them */
  ImhPracticeCounts counts;
  guint32       today_override;
  gboolean      relayout_queued;

  /* The attempt: the exercises still to come and the one shown. */
  GPtrArray    *queue;
  guint         queue_pos;
  ImhExercise  *exercise;
  guint         hint_level;       /* hints shown: 0, 1, 2 */
  gboolean      reviewed;         /* the first answer was recorded */
  gboolean      answered;         /* the verdict is shown */
  guint32       next_due;
  char         *hint_text;
  char         *verdict_text;
  char         *announced;
  GtkWidget    *board;

  /* Template children. */
  GtkLabel     *all_label;
  GtkWidget    *attempt_content;
  GtkLabel     *attempt_title;
  GtkWidget    *board_box;
  GtkListBox   *candidate_list;
  GtkLabel     *due_label;
  GtkLabel     *due_text;
  GtkWidget    *hint_button;
  GtkLabel     *hint_label;
  GtkListBox   *list;
  GtkLabel     *mover_label;
  GtkLabel     *new_label;
  GtkWidget    *panel;
  GtkWidget    *panel_scroll;
  GtkWidget    *next_button;
  GtkLabel     *progress_label;
  GtkLabel     *question_label;
  GtkWidget    *spinner;
  GtkStack     *stack;
  GtkWidget    *try_button;
  GtkWidget    *verdict_box;
  GtkLabel     *verdict_body;
  GtkImage     *verdict_icon;
  GtkLabel     *verdict_title;
};

G_DEFINE_FINAL_TYPE (ImhPracticePage, imh_practice_page, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_LIBRARY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  OPEN_GAME,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static guint32
today (ImhPracticePage *self)
{
  return self->today_override != 0 ? self->today_override : imh_exercise_today ();
}

static gboolean
is_new (ImhExercise *e)
{
  return imh_exercise_get_reviewed (e) == 0;
}

static gboolean
is_due (ImhPracticePage *self,
        ImhExercise     *e)
{
  return !is_new (e) && imh_exercise_get_due (e) <= today (self);
}

/* ---- Words ------------------------------------------------------------------- */

/* "Due today", "Tomorrow", "In 3 days" (days from today; overdue is due). */
static char *
due_words (guint32 due,
           guint32 day)
{
  guint days;

  if (due <= day)
    return g_strdup (_("Due today"));
  days = due - day;
  if (days == 1)
    return g_strdup (_("Due tomorrow"));
  /* Translators: when an exercise is due again */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "In %u day", "In %u days", days), days);
}

/* After a review: "Back tomorrow", "Back in 6 days". */
static char *
back_words (guint32 due,
            guint32 day)
{
  guint days = due > day ? due - day : 0;

  if (days == 0)
    return g_strdup (_("Back today"));
  if (days == 1)
    return g_strdup (_("Back tomorrow"));
  /* Translators: when a practised exercise comes back */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Back in %u day", "Back in %u days", days), days);
}

static const char *
mark_words (int mark)
{
  return mark >= IMH_MARK_BLUNDER ? _("Blunder") : _("Mistake");
}

/* "Ada – Bob" (the names of the game, shortened). */
static char *
game_title (ImhExercise *e)
{
  const char * const *names = imh_exercise_get_names (e);
  g_autoptr(GPtrArray) shown = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    g_ptr_array_add (shown, imh_ui_shorten (names[i], IMH_UI_NAME_MAX_CHARS));
  g_ptr_array_add (shown, NULL);
  return g_strjoinv (" – ", (char **) shown->pdata);
}

static char *
date_words (ImhExercise *e)
{
  g_autoptr(GDateTime) dt = NULL;

  if (imh_exercise_get_started (e) <= 0)
    return g_strdup (_("Unknown date"));
  dt = g_date_time_new_from_unix_local (imh_exercise_get_started (e));
  return dt != NULL ? g_date_time_format (dt, "%x") : g_strdup ("");
}

/* ---- Overview ---------------------------------------------------------------- */

/* The count at the end of a row, also what the screen reader says of it. */
static void
set_count (GtkLabel   *label,
           const char *text)
{
  GtkWidget *row = gtk_widget_get_ancestor (GTK_WIDGET (label), GTK_TYPE_LIST_BOX_ROW);

  gtk_label_set_text (label, text);
  if (row != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
}

static void
set_number (GtkLabel *label,
            guint     n)
{
  g_autofree char *text = g_strdup_printf ("%u", n);

  set_count (label, text);
}

static GtkWidget *
exercise_row (ImhPracticePage *self,
              ImhExercise     *e)
{
  GtkWidget *row = adw_action_row_new ();
  g_autofree char *title = game_title (e);
  g_autofree char *date = date_words (e);
  g_autofree char *player = imh_ui_shorten (imh_exercise_get_player_name (e), IMH_UI_NAME_MAX_CHARS);
  g_autofree char *due = is_new (e) ? g_strdup (_("New")) : due_words (imh_exercise_get_due (e), today (self));
  /* Translators: an exercise in the list: the number of the decision in
   * its game, the player who made it, the day of the game and the mark
   * ("Decision 14 · Ada · 10/01/2026 · Blunder") */
  g_autofree char *subtitle = g_strdup_printf (_("Decision %u · %s · %s · %s"),
                                               imh_exercise_get_ply (e) + 1, player, date,
                                               mark_words (imh_exercise_get_mark (e)));
  g_autofree char *title_markup = g_markup_escape_text (title, -1);
  g_autofree char *subtitle_markup = g_markup_escape_text (subtitle, -1);
  GtkWidget *due_label = gtk_label_new (due);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title_markup);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle_markup);
  adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 2);
  gtk_widget_add_css_class (due_label, is_due (self, e) || is_new (e) ? "accent" : "dim-label");
  gtk_label_set_wrap (GTK_LABEL (due_label), TRUE);
  gtk_label_set_justify (GTK_LABEL (due_label), GTK_JUSTIFY_RIGHT);
  gtk_label_set_xalign (GTK_LABEL (due_label), 1.0);
  gtk_label_set_max_width_chars (GTK_LABEL (due_label), 12);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), due_label);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name ("go-next-symbolic"));
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  gtk_widget_set_tooltip_text (row, _("Practise this exercise"));
  {
    /* The screen reader gets the due day with the rest. */
    g_autofree char *description = g_strdup_printf ("%s · %s", subtitle, due);

    gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
  }
  return row;
}

static void
update_overview (ImhPracticePage *self)
{
  GtkListBoxRow *row;
  g_autofree char *progress = NULL;

  while ((row = gtk_list_box_get_row_at_index (self->list, 0)) != NULL)
    gtk_list_box_remove (self->list, GTK_WIDGET (row));
  memset (&self->counts, 0, sizeof self->counts);
  for (guint i = 0; self->exercises != NULL && i < self->exercises->len; i++)
    {
      ImhExercise *e = self->exercises->pdata[i];

      self->counts.all++;
      if (is_new (e))
        self->counts.fresh++;
      else
        {
          self->counts.reviewed++;
          if (imh_exercise_get_lapses (e) == 0)
            self->counts.first_try++;
          if (is_due (self, e))
            self->counts.due++;
        }
      gtk_list_box_append (self->list, exercise_row (self, e));
    }
  set_number (self->due_label, self->counts.due);
  set_number (self->new_label, self->counts.fresh);
  set_number (self->all_label, self->counts.all);
  /* Translators: of the exercises practised, how many were solved every
   * time ("3 of 5") */
  progress = g_strdup_printf (_("%u of %u"), self->counts.first_try, self->counts.reviewed);
  set_count (self->progress_label, progress);
}

static char **
my_names (ImhPracticePage *self)
{
  g_auto(GStrv) names = g_settings_get_strv (self->settings, "my-names");
  g_autoptr(GStrvBuilder) kept = g_strv_builder_new ();

  for (guint i = 0; names[i] != NULL; i++)
    {
      g_autofree char *name = g_strstrip (g_strdup (names[i]));

      if (*name != '\0')
        g_strv_builder_add (kept, name);
    }
  return g_strv_builder_end (kept);
}

static void
show_view (ImhPracticePage *self)
{
  g_auto(GStrv) names = my_names (self);

  if (g_strv_length (names) == 0)
    gtk_stack_set_visible_child_name (self->stack, "no-names");
  else if (self->exercises == NULL)
    gtk_stack_set_visible_child_name (self->stack, "loading");
  else if (self->exercises->len == 0)
    gtk_stack_set_visible_child_name (self->stack, "empty");
  else
    gtk_stack_set_visible_child_name (self->stack, "overview");
  gtk_spinner_set_spinning (GTK_SPINNER (self->spinner),
                            g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "loading") == 0);
}

static void
on_listed (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(ImhPracticePage) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) list = imh_library_list_exercises_finish (IMH_LIBRARY (source), result, &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  g_clear_object (&self->cancellable);
  if (list == NULL)
    {
      imh_ui_toast (GTK_WIDGET (self), error->message);
      list = g_ptr_array_new_with_free_func ((GDestroyNotify) imh_exercise_unref);
    }
  g_clear_pointer (&self->exercises, g_ptr_array_unref);
  self->exercises = g_steal_pointer (&list);
  update_overview (self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "practice.start", self->exercises->len > 0);
  if (self->exercise == NULL)
    show_view (self);
}

void
imh_practice_page_reload (ImhPracticePage *self)
{
  g_auto(GStrv) names = NULL;

  g_return_if_fail (IMH_IS_PRACTICE_PAGE (self));

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  names = my_names (self);
  if (g_strv_length (names) == 0 || self->library == NULL)
    {
      g_clear_pointer (&self->exercises, g_ptr_array_unref);
      update_overview (self);
      if (self->exercise == NULL)
        show_view (self);
      return;
    }
  self->cancellable = g_cancellable_new ();
  imh_library_list_exercises_async (self->library, (const char * const *) names, FALSE, today (self),
                                    self->cancellable, on_listed, g_object_ref (self));
}

static void
on_names_changed (ImhPracticePage *self)
{
  /* Other players' exercises: the attempt ends. */
  if (self->exercise != NULL)
    gtk_widget_activate_action (GTK_WIDGET (self), "practice.back", NULL);
  g_clear_pointer (&self->exercises, g_ptr_array_unref);
  imh_practice_page_reload (self);
  show_view (self);
}

static void
on_map (ImhPracticePage *self)
{
  /* New exercises (a game analysed meanwhile) appear. */
  if (self->exercise == NULL)
    imh_practice_page_reload (self);
}

/* ---- Attempt ----------------------------------------------------------------- */

static void
clear_list_box (GtkListBox *list)
{
  GtkListBoxRow *row;

  while ((row = gtk_list_box_get_row_at_index (list, 0)) != NULL)
    gtk_list_box_remove (list, GTK_WIDGET (row));
}

static void
update_actions (ImhPracticePage *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  gboolean attempt = self->exercise != NULL;

  gtk_widget_action_set_enabled (widget, "practice.back", attempt);
  gtk_widget_action_set_enabled (widget, "practice.open-game", attempt);
  gtk_widget_action_set_enabled (widget, "practice.hint", attempt && self->hint_level < 2 && !self->answered);
  gtk_widget_action_set_enabled (widget, "practice.try-again", attempt && self->answered);
  gtk_widget_action_set_enabled (widget, "practice.next",
                                 attempt && self->queue != NULL && self->queue_pos + 1 < self->queue->len);
  /* Hints before the answer, another try after it. */
  gtk_widget_set_visible (self->hint_button, !self->answered);
  gtk_widget_set_visible (self->try_button, self->answered);
}

static void
on_board_decide (ImhPracticePage *self,
                 guint            decision)
{
  _imh_practice_page_answer (self, (ImhDecision) decision);
}

static void
ensure_board (ImhPracticePage *self,
              ImhGameKind      kind)
{
  GtkWidget *board;

  if (self->board != NULL && G_OBJECT_TYPE (self->board) == imh_board_type_for_kind (kind))
    return;
  if (self->board != NULL)
    {
      gtk_box_remove (GTK_BOX (self->board_box), self->board);
      self->board = NULL;
    }
  board = imh_board_new_for_kind (kind);
  if (board == NULL)
    return;
  gtk_widget_set_vexpand (board, TRUE);
  gtk_widget_set_hexpand (board, TRUE);
  gtk_widget_set_margin_start (board, 6);
  gtk_widget_set_margin_end (board, 6);
  g_signal_connect_swapped (board, "decide", G_CALLBACK (on_board_decide), self);
  gtk_box_append (GTK_BOX (self->board_box), board);
  self->board = board;
}

/* The exercise's position, waiting for an answer. */
static void
pose (ImhPracticePage *self)
{
  ImhBoard *board;

  self->answered = FALSE;
  g_clear_pointer (&self->verdict_text, g_free);
  gtk_accessible_reset_property (GTK_ACCESSIBLE (self->next_button), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
  gtk_accessible_reset_property (GTK_ACCESSIBLE (self->try_button), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
  gtk_widget_set_visible (self->verdict_box, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->candidate_list), FALSE);
  clear_list_box (self->candidate_list);
  if (self->board == NULL)
    return;
  board = IMH_BOARD (self->board);
  imh_board_clear_hint (board);
  imh_board_set_last_decision (board, FALSE, 0);
  imh_board_set_state (board, imh_exercise_get_position (self->exercise), TRUE, FALSE);
  update_actions (self);
}

static void
start_exercise (ImhPracticePage *self,
                ImhExercise     *e)
{
  const char * const *names = imh_exercise_get_names (e);
  g_autofree char *question = imh_exercise_get_question (e);
  g_autofree char *title = game_title (e);
  g_autofree char *heading = NULL;
  g_autofree char *mover = NULL;
  g_autofree char *player = imh_ui_shorten (imh_exercise_get_player_name (e), IMH_UI_NAME_MAX_CHARS);
  g_autofree char *date = date_words (e);

  g_clear_pointer (&self->exercise, imh_exercise_unref);
  self->exercise = imh_exercise_ref (e);
  self->hint_level = 0;
  self->reviewed = FALSE;
  self->next_due = 0;
  g_clear_pointer (&self->hint_text, g_free);
  g_clear_pointer (&self->announced, g_free);
  gtk_widget_set_visible (GTK_WIDGET (self->hint_label), FALSE);

  ensure_board (self, imh_exercise_get_game (e));
  if (self->board != NULL)
    {
      for (guint p = 0; names != NULL && names[p] != NULL; p++)
        {
          g_autofree char *shown = imh_ui_shorten (names[p], IMH_UI_NAME_MAX_CHARS);
          imh_board_set_player_name (IMH_BOARD (self->board), p, shown);
        }
      imh_board_set_bottom_player (IMH_BOARD (self->board), imh_exercise_get_seat (e));
    }
  /* Translators: the heading of an exercise: the game's players and the
   * number of the decision ("Ada – Bob, decision 14") */
  heading = g_strdup_printf (_("%s, decision %u"), title, imh_exercise_get_ply (e) + 1);
  gtk_label_set_text (self->attempt_title, heading);
  gtk_label_set_text (self->question_label, question);
  /* Translators: who decides in the exercise, the day of the game and the
   * mark of the decision played ("You play Ada · 10/01/2026 · Blunder") */
  mover = g_strdup_printf (_("You play %s · %s · %s"), player, date,
                           mark_words (imh_exercise_get_mark (e)));
  gtk_label_set_text (self->mover_label, mover);
  gtk_stack_set_visible_child_name (self->stack, "attempt");
  pose (self);
  if (self->board != NULL)
    gtk_widget_grab_focus (self->board);
}

static void
start_queue (ImhPracticePage *self,
             GPtrArray       *queue)
{
  g_clear_pointer (&self->queue, g_ptr_array_unref);
  self->queue = queue;
  self->queue_pos = 0;
  if (queue->len > 0)
    start_exercise (self, queue->pdata[0]);
  update_actions (self);
}

static GPtrArray *
new_queue (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify) imh_exercise_unref);
}

static void
on_row_activated (ImhPracticePage *self,
                  GtkListBoxRow   *row)
{
  int index = gtk_list_box_row_get_index (row);
  GPtrArray *queue;

  if (self->exercises == NULL || index < 0 || (guint) index >= self->exercises->len)
    return;
  /* That one, then the ones after it in the list. */
  queue = new_queue ();
  for (guint i = (guint) index; i < self->exercises->len; i++)
    g_ptr_array_add (queue, imh_exercise_ref (self->exercises->pdata[i]));
  start_queue (self, queue);
}

static void
practice_start (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  ImhPracticePage *self = IMH_PRACTICE_PAGE (widget);
  GPtrArray *queue;

  if (self->exercises == NULL || self->exercises->len == 0)
    return;
  /* Due ones first, then new ones; when none is waiting, all of them by
   * their day (practising ahead). */
  queue = new_queue ();
  for (guint i = 0; i < self->exercises->len; i++)
    if (is_due (self, self->exercises->pdata[i]))
      g_ptr_array_add (queue, imh_exercise_ref (self->exercises->pdata[i]));
  for (guint i = 0; i < self->exercises->len; i++)
    if (is_new (self->exercises->pdata[i]))
      g_ptr_array_add (queue, imh_exercise_ref (self->exercises->pdata[i]));
  if (queue->len == 0)
    for (guint i = 0; i < self->exercises->len; i++)
      g_ptr_array_add (queue, imh_exercise_ref (self->exercises->pdata[i]));
  start_queue (self, queue);
}

static void
practice_back (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  ImhPracticePage *self = IMH_PRACTICE_PAGE (widget);

  if (self->exercise == NULL)
    return;
  g_clear_pointer (&self->exercise, imh_exercise_unref);
  g_clear_pointer (&self->queue, g_ptr_array_unref);
  if (self->board != NULL)
    imh_board_set_state (IMH_BOARD (self->board), imh_board_get_state (IMH_BOARD (self->board)), FALSE, FALSE);
  update_actions (self);
  show_view (self);
  /* The schedule changed. */
  imh_practice_page_reload (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->stack));
}

static void
practice_next (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  ImhPracticePage *self = IMH_PRACTICE_PAGE (widget);

  if (self->queue == NULL || self->queue_pos + 1 >= self->queue->len)
    return;
  self->queue_pos++;
  start_exercise (self, self->queue->pdata[self->queue_pos]);
  update_actions (self);
}

static void
practice_try_again (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  ImhPracticePage *self = IMH_PRACTICE_PAGE (widget);

  if (self->exercise == NULL)
    return;
  /* Answered again without a new review. */
  pose (self);
  if (self->board != NULL)
    gtk_widget_grab_focus (self->board);
}

static void
practice_hint (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  ImhPracticePage *self = IMH_PRACTICE_PAGE (widget);
  g_autofree char *hint = NULL;

  if (self->exercise == NULL || self->hint_level >= 2)
    return;
  hint = imh_exercise_get_hint (self->exercise, self->hint_level + 1);
  if (hint == NULL)
    return;
  self->hint_level++;
  g_free (self->hint_text);
  self->hint_text = g_steal_pointer (&hint);
  if (self->hint_level == 2)
    {
      /* Translators: the second hint (the best decision in words) and what
       * using it means for the exercise */
      g_autofree char *text = g_strdup_printf (_("%s (With this hint the exercise counts as not solved.)"),
                                               self->hint_text);
      gtk_label_set_text (self->hint_label, text);
    }
  else
    gtk_label_set_text (self->hint_label, self->hint_text);
  gtk_widget_set_visible (GTK_WIDGET (self->hint_label), TRUE);
  update_actions (self);
}

static void
practice_open_game (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  ImhPracticePage *self = IMH_PRACTICE_PAGE (widget);

  if (self->exercise == NULL)
    return;
  g_signal_emit (self, signals[OPEN_GAME], 0, imh_exercise_get_game_id (self->exercise),
                 (int) imh_exercise_get_ply (self->exercise));
}

static const ImhExerciseCandidate *
find_candidate (ImhExercise *e,
                ImhDecision  d)
{
  guint n = 0;
  const ImhExerciseCandidate *c = imh_exercise_get_candidates (e, &n);

  for (guint i = 0; i < n; i++)
    if (c[i].decision == d)
      return &c[i];
  return NULL;
}

static void
show_candidates (ImhPracticePage *self,
                 ImhDecision      answer)
{
  guint n = 0;
  const ImhExerciseCandidate *c = imh_exercise_get_candidates (self->exercise, &n);
  const ImhState *s = imh_exercise_get_position (self->exercise);
  ImhDecision decisions[IMH_BOARD_MAX_HINTS];
  double wins[IMH_BOARD_MAX_HINTS];
  guint shown = MIN (n, IMH_BOARD_MAX_HINTS);

  clear_list_box (self->candidate_list);
  for (guint i = 0; i < shown; i++)
    {
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *rank = gtk_label_new (NULL);
      g_autofree char *number = g_strdup_printf ("%u", i + 1);
      g_autofree char *words = imh_texts_decision (s, c[i].decision);
      g_autofree char *win = imh_ui_format_percent (c[i].win, 1);
      g_autoptr(GString) subtitle = g_string_new (NULL);
      g_autofree char *title = g_markup_escape_text (words, -1);

      decisions[i] = c[i].decision;
      wins[i] = c[i].win;
      /* Translators: a decision's chance to win in the list of analysed
       * decisions ("Win 62.0%") */
      g_string_append_printf (subtitle, _("Win %s"), win);
      if (c[i].best)
        g_string_append_printf (subtitle, " · %s", _("best"));
      else
        /* Translators: how far a decision is behind the best, in
         * percentage points of win chance */
        g_string_append_printf (subtitle, _(" · %.1f points behind"), c[i].loss);
      if (c[i].played)
        g_string_append_printf (subtitle, " · %s", _("played in the game"));
      if (c[i].decision == answer)
        g_string_append_printf (subtitle, " · %s", _("your answer"));
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle->str);
      gtk_label_set_text (GTK_LABEL (rank), number);
      gtk_widget_add_css_class (rank, "study-rank");
      if (i == 0)
        gtk_widget_add_css_class (rank, "study-best");
      gtk_widget_set_valign (rank, GTK_ALIGN_CENTER);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), rank);
      gtk_list_box_append (self->candidate_list, row);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->candidate_list), shown > 0);
  if (self->board != NULL)
    {
      ImhBoard *board = IMH_BOARD (self->board);

      imh_board_set_state (board, s, FALSE, FALSE);
      imh_board_show_hints (board, decisions, wins, shown);
      /* The answer marked as a decision made on the board. */
      imh_board_set_last_decision (board, TRUE, answer);
    }
}

void
_imh_practice_page_answer (ImhPracticePage *self,
                           ImhDecision      answer)
{
  ImhExerciseVerdict verdict;
  const ImhExerciseCandidate *mine, *best;
  const ImhState *s;
  double loss = 0;
  guint n = 0;
  const ImhExerciseCandidate *c;
  g_autofree char *answer_words = NULL;
  g_autofree char *best_words = NULL;
  g_autofree char *body = NULL;
  g_autofree char *due = NULL;
  const char *title, *icon, *style;
  gboolean solved;

  g_return_if_fail (IMH_IS_PRACTICE_PAGE (self));

  if (self->exercise == NULL || self->answered)
    return;
  s = imh_exercise_get_position (self->exercise);
  verdict = imh_exercise_check (self->exercise, answer, &loss);
  if (verdict == IMH_EXERCISE_ILLEGAL)
    return;
  self->answered = TRUE;
  c = imh_exercise_get_candidates (self->exercise, &n);
  best = n > 0 ? &c[0] : NULL;
  mine = find_candidate (self->exercise, answer);
  answer_words = imh_texts_decision (s, answer);
  best_words = imh_texts_decision (s, imh_exercise_get_best (self->exercise));

  switch (verdict)
    {
    case IMH_EXERCISE_SOLVED:
      title = _("Solved");
      icon = "emblem-ok-symbolic";
      style = "success";
      break;
    case IMH_EXERCISE_NOT_GOOD:
      title = _("Not Good Enough");
      icon = "dialog-warning-symbolic";
      style = "warning";
      break;
    case IMH_EXERCISE_PLAYED:
      title = _("The Decision Played in the Game");
      icon = "edit-undo-symbolic";
      style = "error";
      break;
    case IMH_EXERCISE_NOT_ANALYSED:
    case IMH_EXERCISE_ILLEGAL:
    default:
      title = _("Not Analysed");
      icon = "dialog-question-symbolic";
      style = "warning";
      break;
    }
  solved = verdict == IMH_EXERCISE_SOLVED && self->hint_level < 2;

  {
    g_autoptr(GString) text = g_string_new (NULL);

    if (mine != NULL)
      {
        g_autofree char *win = imh_ui_format_percent (mine->win, 1);

        if (mine->best)
          /* Translators: the answer is the analysis' best decision */
          g_string_append_printf (text, _("Your decision: %s. It is the best: win chance %s."),
                                  answer_words, win);
        else
          /* Translators: the answer, its chance to win and how far it is
           * behind the best, in percentage points */
          g_string_append_printf (text, _("Your decision: %s. Win chance %s, %.1f points behind the best."),
                                  answer_words, win, loss);
      }
    else
      /* Translators: a legal answer the analysis did not value */
      g_string_append_printf (text, _("Your decision: %s. The analysis did not look at it; it counts as not solved."),
                              answer_words);
    if (verdict == IMH_EXERCISE_PLAYED)
      g_string_append_printf (text, " %s", _("This is the decision played in the game."));
    if (best != NULL && (mine == NULL || !mine->best))
      {
        g_autofree char *win = imh_ui_format_percent (best->win, 1);

        g_string_append (text, " ");
        /* Translators: the best decision and its chance to win */
        g_string_append_printf (text, _("Best: %s, win chance %s."), best_words, win);
      }
    if (verdict == IMH_EXERCISE_SOLVED && !solved)
      g_string_append_printf (text, " %s", _("It counts as not solved: you used the second hint."));
    body = g_string_free (g_steal_pointer (&text), FALSE);
  }

  /* The first answer is the one that counts. */
  if (!self->reviewed && self->library != NULL)
    {
      g_autoptr(GError) error = NULL;
      guint32 next = 0;

      if (imh_library_review_exercise (self->library, imh_exercise_get_id (self->exercise), solved,
                                       today (self), &next, &error))
        {
          self->reviewed = TRUE;
          self->next_due = next;
        }
      else
        imh_ui_toast (GTK_WIDGET (self), error->message);
    }
  if (self->next_due != 0)
    due = back_words (self->next_due, today (self));

  gtk_image_set_from_icon_name (self->verdict_icon, icon);
  gtk_widget_remove_css_class (GTK_WIDGET (self->verdict_title), "success");
  gtk_widget_remove_css_class (GTK_WIDGET (self->verdict_title), "warning");
  gtk_widget_remove_css_class (GTK_WIDGET (self->verdict_title), "error");
  gtk_widget_add_css_class (GTK_WIDGET (self->verdict_title), style);
  gtk_widget_remove_css_class (GTK_WIDGET (self->verdict_icon), "success");
  gtk_widget_remove_css_class (GTK_WIDGET (self->verdict_icon), "warning");
  gtk_widget_remove_css_class (GTK_WIDGET (self->verdict_icon), "error");
  gtk_widget_add_css_class (GTK_WIDGET (self->verdict_icon), style);
  gtk_label_set_text (self->verdict_title, title);
  gtk_label_set_text (self->verdict_body, body);
  gtk_label_set_text (self->due_text, due != NULL ? due : "");
  gtk_widget_set_visible (GTK_WIDGET (self->due_text), due != NULL);
  gtk_widget_set_visible (self->verdict_box, TRUE);
  g_free (self->verdict_text);
  self->verdict_text = g_strdup (title);
  show_candidates (self, answer);
  update_actions (self);

  /* Said to the screen reader: the focus moves to what comes next, which
   * carries the verdict as its description. */
  g_free (self->announced);
  self->announced = due != NULL ? g_strdup_printf ("%s. %s %s.", title, body, due)
                                : g_strdup_printf ("%s. %s", title, body);
  {
    gboolean has_next = self->queue != NULL && self->queue_pos + 1 < self->queue->len;
    GtkWidget *focus = solved && has_next ? self->next_button : self->try_button;

    gtk_accessible_update_property (GTK_ACCESSIBLE (self->next_button), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                    self->announced, -1);
    gtk_accessible_update_property (GTK_ACCESSIBLE (self->try_button), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                    self->announced, -1);
#if GTK_CHECK_VERSION (4, 14, 0)
    gtk_accessible_announce (GTK_ACCESSIBLE (self), self->announced,
                             GTK_ACCESSIBLE_ANNOUNCEMENT_PRIORITY_MEDIUM);
#endif
    gtk_widget_grab_focus (focus);
  }
}

/* Escape and Alt+Left go back: from an exercise to the overview (also
 * from the board, whose own Escape cancels a pending pick, and only that),
 * else out of the page (win.back, as on the library page). */
static gboolean
on_key_pressed (ImhPracticePage *self,
                guint            keyval,
                guint            keycode,
                GdkModifierType  state)
{
  GdkModifierType mods = state & gtk_accelerator_get_default_mod_mask ();
  gboolean escape = keyval == GDK_KEY_Escape && mods == 0;
  gboolean alt_left = (keyval == GDK_KEY_Left || keyval == GDK_KEY_KP_Left) && mods == GDK_ALT_MASK;

  if (!escape && !alt_left)
    return FALSE;
  if (self->exercise == NULL)
    return gtk_widget_activate_action (GTK_WIDGET (self), "win.back", NULL);
  if (escape && self->board != NULL && imh_board_get_pending (IMH_BOARD (self->board)))
    return FALSE;
  gtk_widget_activate_action (GTK_WIDGET (self), "practice.back", NULL);
  return TRUE;
}

/* ---- Private API ------------------------------------------------------------- */

const char *
_imh_practice_page_get_view (ImhPracticePage *self)
{
  return gtk_stack_get_visible_child_name (self->stack);
}

gboolean
_imh_practice_page_get_loading (ImhPracticePage *self)
{
  return self->cancellable != NULL;
}

void
_imh_practice_page_get_counts (ImhPracticePage   *self,
                               ImhPracticeCounts *counts)
{
  *counts = self->counts;
}

GtkListBox *
_imh_practice_page_get_list (ImhPracticePage *self)
{
  return self->list;
}

ImhBoard *
_imh_practice_page_get_board (ImhPracticePage *self)
{
  return self->board != NULL ? IMH_BOARD (self->board) : NULL;
}

ImhExercise *
_imh_practice_page_get_exercise (ImhPracticePage *self)
{
  return self->exercise;
}

const char *
_imh_practice_page_get_hint (ImhPracticePage *self)
{
  return self->hint_text;
}

const char *
_imh_practice_page_get_verdict (ImhPracticePage *self)
{
  return self->verdict_text;
}

const char *
_imh_practice_page_get_announced (ImhPracticePage *self)
{
  return self->announced;
}

guint32
_imh_practice_page_get_next_due (ImhPracticePage *self)
{
  return self->next_due;
}

void
_imh_practice_page_set_today (ImhPracticePage *self,
                              guint32          day)
{
  self->today_override = day;
}

/* ---- GObject ----------------------------------------------------------------- */

ImhLibrary *
imh_practice_page_get_library (ImhPracticePage *self)
{
  g_return_val_if_fail (IMH_IS_PRACTICE_PAGE (self), NULL);

  return self->library;
}

GtkWidget *
imh_practice_page_new (ImhLibrary *library)
{
  g_return_val_if_fail (library == NULL || IMH_IS_LIBRARY (library), NULL);

  return g_object_new (IMH_TYPE_PRACTICE_PAGE, "library", library, NULL);
}

/* ---- Layout: the attempt's panel beside the board when the page is wide,
 * under it when narrow ---------------------------------------------------------- */

#define SIDE_BY_SIDE_MIN_WIDTH 880
#define PANEL_WIDTH 360

static void
set_side_by_side (ImhPracticePage *self,
                  gboolean         side)
{
  GtkOrientable *content = GTK_ORIENTABLE (self->attempt_content);

  gtk_orientable_set_orientation (content, side ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL);
  gtk_widget_set_size_request (self->panel, side ? PANEL_WIDTH : -1, -1);
  gtk_widget_set_vexpand (self->panel_scroll, side);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (self->panel_scroll), side ? -1 : 240);
}

static void
relayout (gpointer data)
{
  g_autoptr(ImhPracticePage) self = data;
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = gtk_widget_get_height (GTK_WIDGET (self));

  self->relayout_queued = FALSE;
  if (self->attempt_content != NULL)
    set_side_by_side (self, width >= SIDE_BY_SIDE_MIN_WIDTH && width >= height);
}

static void
imh_practice_page_measure (GtkWidget      *widget,
                           GtkOrientation  orientation,
                           int             for_size,
                           int            *minimum,
                           int            *natural,
                           int            *minimum_baseline,
                           int            *natural_baseline)
{
  ImhPracticePage *self = IMH_PRACTICE_PAGE (widget);

  gtk_widget_measure (GTK_WIDGET (self->stack), orientation, for_size, minimum, natural,
                      minimum_baseline, natural_baseline);
}

static void
imh_practice_page_size_allocate (GtkWidget *widget,
                                 int        width,
                                 int        height,
                                 int        baseline)
{
  ImhPracticePage *self = IMH_PRACTICE_PAGE (widget);
  gboolean side = width >= SIDE_BY_SIDE_MIN_WIDTH && width >= height;
  gboolean is_side = gtk_orientable_get_orientation (GTK_ORIENTABLE (self->attempt_content))
                     == GTK_ORIENTATION_HORIZONTAL;

  gtk_widget_allocate (GTK_WIDGET (self->stack), width, height, baseline, NULL);
  /* Not while allocating: the change asks for a new layout. */
  if (side != is_side && !self->relayout_queued)
    {
      self->relayout_queued = TRUE;
      g_idle_add_once (relayout, g_object_ref (self));
    }
}

static void
imh_practice_page_constructed (GObject *object)
{
  ImhPracticePage *self = IMH_PRACTICE_PAGE (object);

  G_OBJECT_CLASS (imh_practice_page_parent_class)->constructed (object);

  show_view (self);
  imh_practice_page_reload (self);
}

static void
imh_practice_page_dispose (GObject *object)
{
  ImhPracticePage *self = IMH_PRACTICE_PAGE (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->exercises, g_ptr_array_unref);
  g_clear_pointer (&self->queue, g_ptr_array_unref);
  g_clear_pointer (&self->exercise, imh_exercise_unref);
  self->board = NULL;
  gtk_widget_dispose_template (GTK_WIDGET (self), IMH_TYPE_PRACTICE_PAGE);
  self->attempt_content = NULL;
  g_clear_object (&self->library);

  G_OBJECT_CLASS (imh_practice_page_parent_class)->dispose (object);
}

static void
imh_practice_page_finalize (GObject *object)
{
  ImhPracticePage *self = IMH_PRACTICE_PAGE (object);

  g_free (self->hint_text);
  g_free (self->verdict_text);
  g_free (self->announced);

  G_OBJECT_CLASS (imh_practice_page_parent_class)->finalize (object);
}

static void
imh_practice_page_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  ImhPracticePage *self = IMH_PRACTICE_PAGE (object);

  switch (prop_id)
    {
    case PROP_LIBRARY:
      g_value_set_object (value, self->library);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imh_practice_page_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  ImhPracticePage *self = IMH_PRACTICE_PAGE (object);

  switch (prop_id)
    {
    case PROP_LIBRARY:
      self->library = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imh_practice_page_class_init (ImhPracticePageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = imh_practice_page_constructed;
  object_class->dispose = imh_practice_page_dispose;
  object_class->finalize = imh_practice_page_finalize;
  object_class->get_property = imh_practice_page_get_property;
  object_class->set_property = imh_practice_page_set_property;

  properties[PROP_LIBRARY] =
    g_param_spec_object ("library", NULL, NULL, IMH_TYPE_LIBRARY,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * ImhPracticePage::open-game:
   * @id: the game of the exercise
   * @ply: the position to show (decisions played before the exercise's)
   *
   * As ImhLibraryPage::open-game.
   */
  signals[OPEN_GAME] = g_signal_new ("open-game", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                     0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_INT64, G_TYPE_INT);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE_PATH "/practice/imh-practice-page.ui");
  gtk_widget_class_bind_template_child (widget_class, ImhPracticePage, all_label);
  gtk_widget_class_bind_template_child (widget_class, ImhPracticePage, attempt_content);
  gtk_widget_class_bind_template_child (widget_class, ImhPracticePage, attempt_title);
  gtk_widget_class_bind_template_child (widget_class, ImhPracticePage, board_box);
  gtk_widget_class_bind_template_child (widget_class, ImhPracticePage, candidate_list);
  gtk_widget_class_bind_template_child (widget_class, ImhPracticePage, due_label);
  gtk_widget_class_bind_template_child (widget_class, ImhPracticePage, due_text);
  gtk_widget_class_bind_template_child (widget_class, ImhPracticePage, hint_button);
  gtk_widget_class_bind_template_child (widget_class, ImhPracticePage, hint_label);
  gtk_widget_class_bind_template_child (widget_class, ImhPracticePage, list);
  gtk_widget_class_bind_template_child (widget_class, ImhPracticePage, mover_label);
  gtk_widget_class_bind_template_child (widget_class, ImhPracticePage, new_label);
  gtk_widget_class_bind_template_child (widget_class, ImhPracticePage, next_button);
  gtk_widget_class_bind_template_child (widget_class, ImhPracticePage, panel);
  gtk_widget_class_bind_template_child (widget_class, ImhPracticePage, panel_scroll);
  gtk_widget_class_bind_template_child (widget_class, ImhPracticePage, progress_label);
  gtk_widget_class_bind_template_child (widget_class, ImhPracticePage, question_label);
  gtk_widget_class_bind_template_child (widget_class, ImhPracticePage, spinner);
  gtk_widget_class_bind_template_child (widget_class, ImhPracticePage, stack);
  gtk_widget_class_bind_template_child (widget_class, ImhPracticePage, try_button);
  gtk_widget_class_bind_template_child (widget_class, ImhPracticePage, verdict_body);
  gtk_widget_class_bind_template_child (widget_class, ImhPracticePage, verdict_box);
  gtk_widget_class_bind_template_child (widget_class, ImhPracticePage, verdict_icon);
  gtk_widget_class_bind_template_child (widget_class, ImhPracticePage, verdict_title);
  gtk_widget_class_bind_template_callback (widget_class, on_row_activated);

  gtk_widget_class_install_action (widget_class, "practice.start", NULL, practice_start);
  gtk_widget_class_install_action (widget_class, "practice.back", NULL, practice_back);
  gtk_widget_class_install_action (widget_class, "practice.next", NULL, practice_next);
  gtk_widget_class_install_action (widget_class, "practice.try-again", NULL, practice_try_again);
  gtk_widget_class_install_action (widget_class, "practice.hint", NULL, practice_hint);
  gtk_widget_class_install_action (widget_class, "practice.open-game", NULL, practice_open_game);


  widget_class->measure = imh_practice_page_measure;
  widget_class->size_allocate = imh_practice_page_size_allocate;
  gtk_widget_class_set_css_name (widget_class, "practicepage");
}

static void
imh_practice_page_init (ImhPracticePage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  set_side_by_side (self, FALSE);
  self->settings = g_settings_new (BASE_APP_ID);
  g_signal_connect_swapped (self->settings, "changed::my-names", G_CALLBACK (on_names_changed), self);
  g_signal_connect (self, "map", G_CALLBACK (on_map), NULL);
  {
    GtkEventController *keys = gtk_event_controller_key_new ();

    gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
    g_signal_connect_swapped (keys, "key-pressed", G_CALLBACK (on_key_pressed), self);
    gtk_widget_add_controller (GTK_WIDGET (self), keys);
  }
  update_actions (self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "practice.start", FALSE);
}
