/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-analysis-page.c — the sidebar page with a game's analysis. */
#define G_LOG_DOMAIN "imh-analysis-page"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "imh-ui-util.h"
#include "imh-analysis-page.h"
#include "imh-eval-graph.h"
#include "imh-meeple-icon.h"
#include "imh-record-file.h"
#include "imh-texts.h"

struct _ImhAnalysisPage
{
  GtkWidget          parent_instance;

  ImhGame           *game;          /* the session's */
  ImhSession        *session;       /* the game's library entry and its stored analysis */
  GSignalGroup      *session_signals; /* target: session */
  ImhAnalysisResult *result;
  gboolean           stored;        /* result is the session's (stored, or being stored) */
  guint              player;        /* the graph's side */
  gboolean           choosing;      /* filling player_choice: not the user's choice */
  char              *load_error;    /* why the stored analysis could not be read, or NULL */

  ImhAnalysisJob    *job;
  GCancellable      *cancellable;
  guint64            root_iterations;
  guint              samples;
  guint              sample_iterations;

  /* Template children. */
  GtkWidget         *decision_body;
  GtkWidget         *decision_icon;
  GtkWidget         *decision_mark;
  GtkWidget         *decision_title;
  GtkWidget         *graph;
  GtkWidget         *graph_legend;
  GtkWidget         *intro;         /* not analysed: text and buttons */
  GtkWidget         *player_choice;
  GtkWidget         *player_row;
  GtkWidget         *players_box;
  GtkWidget         *progress;
  GtkWidget         *progress_box;
  GtkWidget         *result_box;
  GtkWidget         *reveal_label;
  GtkWidget         *unreadable;    /* the stored analysis cannot be read: why */
  GtkWidget         *unreadable_body;
};

G_DEFINE_FINAL_TYPE (ImhAnalysisPage, imh_analysis_page, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_RESULT,
  PROP_RUNNING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* ---- Texts ------------------------------------------------------------------- */

static const char *
mark_symbol (ImhMark mark)
{
  switch (mark)
    {
    case IMH_MARK_INACCURACY:
      return "?!";
    case IMH_MARK_MISTAKE:
      return "?";
    case IMH_MARK_BLUNDER:
      return "??";
    default:
      return "";
    }
}

static const char *
mark_label (ImhMark mark)
{
  switch (mark)
    {
    case IMH_MARK_INACCURACY:
      return _("Inaccuracy");
    case IMH_MARK_MISTAKE:
      return _("Mistake");
    case IMH_MARK_BLUNDER:
      return _("Blunder");
    default:
      return _("Good decision");
    }
}

static void
set_mark_class (GtkWidget *label,
                ImhMark    mark)
{
  static const char *const classes[] = { "mark-inaccuracy", "mark-mistake", "mark-blunder" };

  for (guint i = 0; i < G_N_ELEMENTS (classes); i++)
    gtk_widget_remove_css_class (label, classes[i]);
  if (mark >= IMH_MARK_INACCURACY && mark <= IMH_MARK_BLUNDER)
    gtk_widget_add_css_class (label, classes[mark - IMH_MARK_INACCURACY]);
}

/* A player's name as the page shows it, shortened with an ellipsis
 * (transfer full). */
static char *
player_name (ImhAnalysisPage *self,
             int              player)
{
  return imh_ui_player_name (self->game, player);
}

/* ---- Showing the result ---------------------------------------------------- */

/* Puts the player's meeple into box (replacing what was there), or hides
 * the box. */
static void
set_icon (GtkWidget *box,
          int        player,
          gboolean   show)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (box)) != NULL)
    gtk_box_remove (GTK_BOX (box), child);
  if (show && player >= 0)
    gtk_box_append (GTK_BOX (box), imh_meeple_icon_new (player, 16));
  gtk_widget_set_visible (box, show && player >= 0);
}

static void
set_marks (ImhAnalysisPage *self)
{
  GListModel *history;

  if (self->game == NULL)
    return;
  history = G_LIST_MODEL (imh_game_get_history (self->game));
  for (guint i = 0; i < g_list_model_get_n_items (history); i++)
    {
      g_autoptr(ImhTurnItem) item = g_list_model_get_item (history, i);
      ImhMark mark = IMH_MARK_NONE;

      if (self->result != NULL)
        for (guint p = imh_turn_item_get_first_ply (item); p < imh_turn_item_get_end_ply (item); p++)
          {
            const ImhAnalysisPly *row = imh_analysis_result_get_ply (self->result, p);
            if (row != NULL && row->mark > mark)
              mark = row->mark;
          }
      if (imh_turn_item_get_mark (item) != mark)
        imh_turn_item_set_mark (item, mark);
    }
}

static void
update_decision (ImhAnalysisPage *self)
{
  guint viewed = self->game != NULL ? imh_game_get_viewed_ply (self->game) : 0;
  const ImhAnalysisPly *row = NULL;
  g_autoptr(GString) body = g_string_new (NULL);
  g_autofree char *title = NULL;
  g_autofree char *played = NULL;
  const ImhState *before;

  if (self->result != NULL && viewed > 0)
    row = imh_analysis_result_get_ply (self->result, viewed - 1);
  imh_eval_graph_set_ply (IMH_EVAL_GRAPH (self->graph), self->result != NULL ? viewed : G_MAXUINT);

  if (self->result == NULL)
    return;
  if (row == NULL)
    {
      gtk_label_set_text (GTK_LABEL (self->decision_title),
                          viewed == 0 ? _("Start of the game") : _("Not analysed"));
      gtk_label_set_text (GTK_LABEL (self->decision_body),
                          viewed == 0 ? _("Step forward or click the graph to see a decision.")
                                      : _("The analysis ends before this decision."));
      gtk_label_set_text (GTK_LABEL (self->decision_mark), "");
      set_mark_class (self->decision_mark, IMH_MARK_NONE);
      set_icon (self->decision_icon, -1, FALSE);
      return;
    }

  before = imh_game_get_state_at (self->game, row->ply);
  played = before != NULL ? imh_texts_decision (before, row->played) : g_strdup (row->played_text);
  /* Translators: heading of the analysed decision: its number, who made it and what it was */
  {
    g_autofree char *mover = player_name (self, row->mover);
    title = g_strdup_printf (_("%u. %s: %s"), row->ply + 1, mover, played);
  }
  gtk_label_set_text (GTK_LABEL (self->decision_title), title);
  set_icon (self->decision_icon, row->mover,
            imh_analysis_result_get_analysis (self->result)->n_players > 2);

  if (row->forced)
    g_string_append (body, _("The only legal decision."));
  else
    {
      /* Translators: win chances of the player who decided, before and after the decision */
      g_string_append_printf (body, _("Win chance: %.0f %% → %.0f %% (± %.0f)"),
                              100.0 * row->win_before, 100.0 * row->win_after, 100.0 * row->win_after_ci);
      if (row->has_alternative)
        {
          g_string_append_c (body, '\n');
          g_autofree char *alternative = before != NULL ? imh_texts_decision (before, row->alternative.decision)
                                                        : g_strdup (row->alternative.text);
          /* Translators: the best other decision and its win chance */
          g_string_append_printf (body, _("Best alternative: %s (%.0f %%)"), alternative,
                                  100.0 * row->alternative.win);
        }
      if (row->loss >= 0.05)
        {
          g_string_append_c (body, '\n');
          /* Translators: the loss in percentage points of win chance */
          g_string_append_printf (body, _("Loss: %.1f points"), row->loss);
        }
    }
  if (row->chance)
    {
      g_string_append_c (body, '\n');
      /* Translators: how much the draw after the decision changed the win chance */
      g_string_append_printf (body, _("Luck of the draw: %+.1f points"), row->luck);
    }
  gtk_label_set_text (GTK_LABEL (self->decision_body), body->str);

  if (row->mark != IMH_MARK_NONE)
    {
      g_autofree char *mark = g_strdup_printf ("%s %s", mark_symbol (row->mark), mark_label (row->mark));
      gtk_label_set_text (GTK_LABEL (self->decision_mark), mark);
    }
  else
    gtk_label_set_text (GTK_LABEL (self->decision_mark), row->forced ? "" : mark_label (IMH_MARK_NONE));
  set_mark_class (self->decision_mark, row->mark);
}

static void
add_stat (GtkGrid    *grid,
          int         row,
          const char *name,
          const char *value)
{
  GtkWidget *l = gtk_label_new (name);
  GtkWidget *v = gtk_label_new (value);

  gtk_label_set_xalign (GTK_LABEL (l), 0);
  gtk_label_set_wrap (GTK_LABEL (l), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (l), PANGO_WRAP_WORD_CHAR);
  gtk_widget_add_css_class (l, "dim-label");
  gtk_label_set_xalign (GTK_LABEL (v), 1);
  gtk_widget_set_hexpand (v, TRUE);
  gtk_widget_add_css_class (v, "numeric");
  gtk_grid_attach (grid, l, 0, row, 1, 1);
  gtk_grid_attach (grid, v, 1, row, 1, 1);
}

static void
update_players (ImhAnalysisPage *self)
{
  GtkWidget *child;
  const ImhAnalysis *a;

  while ((child = gtk_widget_get_first_child (self->players_box)) != NULL)
    gtk_box_remove (GTK_BOX (self->players_box), child);
  if (self->result == NULL)
    return;
  a = imh_analysis_result_get_analysis (self->result);
  for (guint p = 0; p < a->n_players; p++)
    {
      const ImhAnalysisPlayer *pl = imh_analysis_result_get_player (self->result, p);
      GtkWidget *frame = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
      g_autofree char *name = player_name (self, (int) p);
      GtkWidget *heading = gtk_label_new (name);
      GtkGrid *grid = GTK_GRID (gtk_grid_new ());
      g_autofree char *accuracy = g_strdup_printf ("%.0f %%", pl->accuracy);
      g_autofree char *marks = g_strdup_printf ("%u ?! · %u ? · %u ??", pl->inaccuracies, pl->mistakes,
                                                pl->blunders);
      g_autofree char *luck = g_strdup_printf ("%+.1f", pl->luck);
      int row = 0;

      gtk_widget_add_css_class (frame, "card");
      gtk_widget_add_css_class (frame, "analysis-player");
      gtk_label_set_xalign (GTK_LABEL (heading), 0);
      gtk_label_set_ellipsize (GTK_LABEL (heading), PANGO_ELLIPSIZE_END);
      gtk_widget_add_css_class (heading, "heading");
      if (a->n_players > 2)
        {
          GtkWidget *line = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);

          gtk_widget_set_hexpand (heading, TRUE);
          gtk_box_append (GTK_BOX (line), imh_meeple_icon_new ((int) p, 16));
          gtk_box_append (GTK_BOX (line), heading);
          gtk_box_append (GTK_BOX (frame), line);
        }
      else
        gtk_box_append (GTK_BOX (frame), heading);
      gtk_grid_set_column_spacing (grid, 12);
      gtk_grid_set_row_spacing (grid, 2);
      add_stat (grid, row++, _("Accuracy"), accuracy);
      /* Translators: counts of inaccuracies (?!), mistakes (?) and blunders (??) */
      add_stat (grid, row++, _("Inaccuracies, mistakes, blunders"), marks);
      /* Translators: luck in percentage points of win chance */
      add_stat (grid, row++, _("Luck (points)"), luck);
      if (pl->has_result)
        {
          g_autofree char *result = g_strdup_printf ("%.2f", pl->result);
          g_autofree char *adjusted = g_strdup_printf ("%.2f", pl->luck_adjusted);
          add_stat (grid, row++, _("Result"), result);
          add_stat (grid, row++, _("Luck-adjusted result"), adjusted);
        }
      gtk_box_append (GTK_BOX (frame), GTK_WIDGET (grid));
      gtk_box_append (GTK_BOX (self->players_box), frame);
    }
}

static void
update_visibility (ImhAnalysisPage *self)
{
  gboolean running = self->job != NULL;

  gtk_widget_set_visible (self->unreadable, !running && self->result == NULL && self->load_error != NULL);
  gtk_widget_set_visible (self->intro, !running && self->result == NULL);
  gtk_widget_set_visible (self->progress_box, running);
  gtk_widget_set_visible (self->result_box, self->result != NULL);
}

/* Under the graph, whose win chance its line shows: the graph's player. */
static void
update_legend (ImhAnalysisPage *self)
{
  guint player = imh_eval_graph_get_player (IMH_EVAL_GRAPH (self->graph));
  g_autofree char *name = NULL;
  g_autofree char *text = NULL;

  if (self->game == NULL || player >= imh_game_get_n_players (self->game))
    {
      gtk_label_set_text (GTK_LABEL (self->graph_legend), "");
      return;
    }
  name = player_name (self, (int) player);
  /* Translators: under the win-chance graph; %s: a player's name */
  text = g_strdup_printf (_("The line shows the win chance for %s"), name);
  gtk_label_set_text (GTK_LABEL (self->graph_legend), text);
}

/* Each analysed decision in words for the graph's tooltip, as the history
 * says it: its turn's number, the decision played and the best one. */
static void
update_words (ImhAnalysisPage *self)
{
  GListModel *history;
  guint n = 0;
  g_autofree guint *turns = NULL;
  g_autoptr(GPtrArray) played = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) best = g_ptr_array_new_with_free_func (g_free);

  if (self->result != NULL && self->game != NULL)
    n = MIN (imh_analysis_result_get_n_plies (self->result), imh_game_get_n_plies (self->game));
  turns = g_new0 (guint, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    {
      const ImhAnalysisPly *p = imh_analysis_result_get_ply (self->result, i);
      const ImhState *s = imh_game_get_state_at (self->game, i);

      /* Only along the game's line (the analysis is of it). */
      if (s == NULL || !imh_rules_of (s)->is_legal (s, p->played) || !imh_rules_of (s)->is_legal (s, p->best))
        {
          n = i;
          break;
        }
      turns[i] = p->turn + 1;
      g_ptr_array_add (played, imh_texts_decision (s, p->played));
      g_ptr_array_add (best, imh_texts_decision (s, p->best));
    }
  /* The history's numbers where it has the turn. */
  history = self->game != NULL ? G_LIST_MODEL (imh_game_get_history (self->game)) : NULL;
  for (guint t = 0; history != NULL && t < g_list_model_get_n_items (history); t++)
    {
      g_autoptr(ImhTurnItem) turn = g_list_model_get_item (history, t);

      for (guint ply = imh_turn_item_get_first_ply (turn);
           ply < imh_turn_item_get_end_ply (turn) && ply < n; ply++)
        turns[ply] = imh_turn_item_get_number (turn);
    }
  imh_eval_graph_set_words (IMH_EVAL_GRAPH (self->graph), n, turns,
                            (const char *const *) played->pdata, (const char *const *) best->pdata);
}

/* The players' names for the graph's tooltip, and with more than two
 * players the names to choose whose win chance the graph shows, the
 * graph's player selected. */
static void
update_player_choice (ImhAnalysisPage *self)
{
  guint n = self->result != NULL ? imh_analysis_result_get_analysis (self->result)->n_players : 0;
  g_autoptr(GtkStringList) names = NULL;
  g_auto(GStrv) names_v = NULL;

  n = self->game != NULL ? MIN (n, imh_game_get_n_players (self->game)) : 0;
  names_v = g_new0 (char *, n + 1);
  for (guint p = 0; p < n; p++)
    names_v[p] = player_name (self, (int) p);
  /* The tooltip names the players too (also with two). */
  imh_eval_graph_set_names (IMH_EVAL_GRAPH (self->graph), n > 0 ? (const char *const *) names_v : NULL);
  gtk_widget_set_visible (self->player_row, n > 2);
  if (n <= 2)
    return;
  names = gtk_string_list_new ((const char *const *) names_v);
  self->choosing = TRUE;
  gtk_drop_down_set_model (GTK_DROP_DOWN (self->player_choice), G_LIST_MODEL (names));
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->player_choice), MIN (self->player, n - 1));
  self->choosing = FALSE;
}

static void
on_player_chosen (ImhAnalysisPage *self)
{
  guint selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->player_choice));

  if (self->choosing || selected == GTK_INVALID_LIST_POSITION || self->result == NULL)
    return;
  self->player = selected;
  imh_eval_graph_set_player (IMH_EVAL_GRAPH (self->graph), selected);
}

/* The players in the drop-down: meeple and name. */
static void
setup_player_item (GtkSignalListItemFactory *factory,
                   GtkListItem              *item)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_box_append (GTK_BOX (box), gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0));
  gtk_box_append (GTK_BOX (box), label);
  gtk_list_item_set_child (item, box);
}

static void
bind_player_item (GtkSignalListItemFactory *factory,
                  GtkListItem              *item)
{
  GtkWidget *box = gtk_list_item_get_child (item);
  GtkWidget *icon = gtk_widget_get_first_child (box);
  GtkStringObject *name = gtk_list_item_get_item (item);

  set_icon (icon, (int) gtk_list_item_get_position (item), TRUE);
  gtk_label_set_text (GTK_LABEL (gtk_widget_get_next_sibling (icon)), gtk_string_object_get_string (name));
}

static void
show_result (ImhAnalysisPage *self)
{
  imh_eval_graph_set_analysis (IMH_EVAL_GRAPH (self->graph), self->result);
  if (self->result != NULL && self->game != NULL)
    {
      /* Seen from the player chosen (imh_analysis_page_set_player). */
      imh_eval_graph_set_player (IMH_EVAL_GRAPH (self->graph),
                                 MIN (self->player, imh_analysis_result_get_analysis (self->result)->n_players - 1u));
    }
  update_player_choice (self);
  update_words (self);
  update_legend (self);
  update_players (self);
  update_decision (self);
  set_marks (self);
  update_visibility (self);
}

/* The result belongs to the game's current line (a continuation is fine). */
static gboolean
result_matches (ImhAnalysisPage *self)
{
  guint n;

  if (self->result == NULL || self->game == NULL)
    return FALSE;
  n = MIN (imh_analysis_result_get_n_plies (self->result), imh_game_get_n_plies (self->game));
  for (guint i = 0; i < n; i++)
    if (imh_analysis_result_get_ply (self->result, i)->played != imh_game_get_decision_at (self->game, i))
      return FALSE;
  return TRUE;
}

static void
on_result_stored (GObject      *source,
                  GAsyncResult *res,
                  gpointer      user_data)
{
  g_autoptr(ImhAnalysisPage) self = user_data;
  g_autoptr(GError) error = NULL;

  if (imh_session_store_analysis_finish (IMH_SESSION (source), res, &error))
    return;
  if (IMH_SESSION (source) == self->session)
    self->stored = FALSE;   /* again when the entry changes */
  if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    imh_ui_toast (GTK_WIDGET (self), error->message);
}

/* A finished analysis goes with the game's library entry (once it has one). */
static void
store_result (ImhAnalysisPage *self)
{
  ImhLibrary *library;

  if (self->result == NULL || self->stored || self->session == NULL
      || imh_session_get_library_id (self->session) <= 0)
    return;
  library = imh_session_get_library (self->session);
  if (library == NULL || imh_library_is_read_only (library))
    return;
  if (imh_session_get_analysis (self->session) == self->result)
    {
      self->stored = TRUE;
      return;
    }
  self->stored = TRUE;
  imh_session_store_analysis_async (self->session, self->result, NULL, on_result_stored,
                                    g_object_ref (self));
}

/* ---- Game signals ------------------------------------------------------------ */

static void
on_game_changed (ImhAnalysisPage *self)
{
  if (self->result != NULL && !result_matches (self))
    imh_analysis_page_set_result (self, NULL);
  else
    update_decision (self);
}

static void
on_history_changed (ImhAnalysisPage *self)
{
  if (self->result != NULL)
    {
      set_marks (self);
      update_words (self);
    }
}

static void
on_ply_activated (ImhAnalysisPage *self,
                  guint            ply)
{
  if (self->game != NULL)
    imh_game_set_viewed_ply (self->game, ply);
}

/* ---- The job ----------------------------------------------------------------- */

static void
on_progress (ImhAnalysisPage *self)
{
  g_autofree char *text = NULL;
  guint done, total;

  if (self->job == NULL)
    return;
  done = imh_analysis_job_get_done (self->job);
  total = imh_analysis_job_get_total (self->job);
  /* Translators: progress of the analysis: decisions analysed of all */
  text = g_strdup_printf (_("Analysing: %u of %u decisions"), done, total);
  gtk_progress_bar_set_fraction (GTK_PROGRESS_BAR (self->progress),
                                 imh_analysis_job_get_progress (self->job));
  gtk_progress_bar_set_text (GTK_PROGRESS_BAR (self->progress), text);
}

static void
stop_job (ImhAnalysisPage *self)
{
  if (self->job == NULL)
    return;
  g_signal_handlers_disconnect_by_data (self->job, self);
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->job);
  update_visibility (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

static void
on_job_done (GObject      *source,
             GAsyncResult *res,
             gpointer      user_data)
{
  g_autoptr(ImhAnalysisPage) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhAnalysisResult) result = imh_analysis_job_run_finish (IMH_ANALYSIS_JOB (source), res, &error);
  gboolean stored;

  if (self->job != IMH_ANALYSIS_JOB (source))
    return;   /* cancelled or replaced meanwhile */
  stored = FALSE;
  /* The result is in place before "running" turns FALSE. */
  g_signal_handlers_disconnect_by_data (self->job, self);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->job);
  if (result != NULL)
    {
      imh_analysis_page_set_result (self, result);
      self->stored = stored;
      store_result (self);
    }
  else if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    imh_ui_toast (GTK_WIDGET (self), error->message);
  update_visibility (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

/* ---- GObject --------------------------------------------------------------------- */

static void
imh_analysis_page_dispose (GObject *object)
{
  ImhAnalysisPage *self = IMH_ANALYSIS_PAGE (object);
  GtkWidget *child;

  stop_job (self);
  if (self->game != NULL)
    {
      g_signal_handlers_disconnect_by_data (imh_game_get_history (self->game), self);
      g_signal_handlers_disconnect_by_data (self->game, self);
      g_clear_object (&self->game);
    }
  if (self->session_signals != NULL)
    g_signal_group_set_target (self->session_signals, NULL);
  g_clear_object (&self->session_signals);
  g_clear_object (&self->session);
  g_clear_pointer (&self->result, imh_analysis_result_unref);
  g_clear_pointer (&self->load_error, g_free);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (imh_analysis_page_parent_class)->dispose (object);
}

static void
imh_analysis_page_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  ImhAnalysisPage *self = IMH_ANALYSIS_PAGE (object);

  switch (prop_id)
    {
    case PROP_RESULT:
      g_value_set_boxed (value, self->result);
      break;
    case PROP_RUNNING:
      g_value_set_boolean (value, self->job != NULL);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imh_analysis_page_class_init (ImhAnalysisPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = imh_analysis_page_dispose;
  object_class->get_property = imh_analysis_page_get_property;

  properties[PROP_RESULT] =
    g_param_spec_boxed ("result", NULL, NULL, IMH_TYPE_ANALYSIS_RESULT,
                        G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_RUNNING] =
    g_param_spec_boolean ("running", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "analysispage");

  g_type_ensure (IMH_TYPE_EVAL_GRAPH);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE_PATH "/analysis/imh-analysis-page.ui");
  gtk_widget_class_bind_template_child (widget_class, ImhAnalysisPage, decision_body);
  gtk_widget_class_bind_template_child (widget_class, ImhAnalysisPage, decision_icon);
  gtk_widget_class_bind_template_child (widget_class, ImhAnalysisPage, decision_mark);
  gtk_widget_class_bind_template_child (widget_class, ImhAnalysisPage, decision_title);
  gtk_widget_class_bind_template_child (widget_class, ImhAnalysisPage, graph);
  gtk_widget_class_bind_template_child (widget_class, ImhAnalysisPage, graph_legend);
  gtk_widget_class_bind_template_child (widget_class, ImhAnalysisPage, intro);
  gtk_widget_class_bind_template_child (widget_class, ImhAnalysisPage, player_choice);
  gtk_widget_class_bind_template_child (widget_class, ImhAnalysisPage, player_row);
  gtk_widget_class_bind_template_child (widget_class, ImhAnalysisPage, players_box);
  gtk_widget_class_bind_template_child (widget_class, ImhAnalysisPage, progress);
  gtk_widget_class_bind_template_child (widget_class, ImhAnalysisPage, progress_box);
  gtk_widget_class_bind_template_child (widget_class, ImhAnalysisPage, result_box);
  gtk_widget_class_bind_template_child (widget_class, ImhAnalysisPage, reveal_label);
  gtk_widget_class_bind_template_child (widget_class, ImhAnalysisPage, unreadable);
  gtk_widget_class_bind_template_child (widget_class, ImhAnalysisPage, unreadable_body);
  gtk_widget_class_bind_template_callback (widget_class, on_player_chosen);
  gtk_widget_class_bind_template_callback (widget_class, on_ply_activated);
  gtk_widget_class_bind_template_callback (widget_class, update_legend);
}

static void on_session_analysis (ImhAnalysisPage *self);
static void on_session_analysis_error (ImhAnalysisPage *self);
static void on_session_library_id (ImhAnalysisPage *self);

static void
imh_analysis_page_init (ImhAnalysisPage *self)
{
  GtkListItemFactory *factory;

  gtk_widget_init_template (GTK_WIDGET (self));
  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (setup_player_item), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_player_item), NULL);
  gtk_drop_down_set_factory (GTK_DROP_DOWN (self->player_choice), factory);
  g_object_unref (factory);
  /* The session's stored analysis, why it cannot be read, and its entry
   * (where a new analysis goes). */
  self->session_signals = g_signal_group_new (IMH_TYPE_SESSION);
  g_signal_group_connect_object (self->session_signals, "notify::analysis",
                                 G_CALLBACK (on_session_analysis), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->session_signals, "notify::analysis-error",
                                 G_CALLBACK (on_session_analysis_error), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->session_signals, "notify::library-id",
                                 G_CALLBACK (on_session_library_id), self, G_CONNECT_SWAPPED);
}

/* ---- Public ---------------------------------------------------------------------- */

GtkWidget *
imh_analysis_page_new (void)
{
  return g_object_new (IMH_TYPE_ANALYSIS_PAGE, NULL);
}

static void
set_load_error (ImhAnalysisPage *self,
                const char      *why)
{
  g_autofree char *text = NULL;

  g_free (self->load_error);
  self->load_error = g_strdup (why);
  if (why != NULL)
    {
      /* Translators: %s says what is wrong with the analysis stored in the library */
      text = g_strdup_printf (_("The analysis of this game in the library cannot be read: %s\n\n"
                                "It is kept until the game is analysed again."), why);
    }
  gtk_label_set_text (GTK_LABEL (self->unreadable_body), text != NULL ? text : "");
  update_visibility (self);
}

/* The session's stored analysis, when none is shown or running. */
static void
on_session_analysis (ImhAnalysisPage *self)
{
  ImhAnalysisResult *analysis = self->session != NULL ? imh_session_get_analysis (self->session) : NULL;

  if (analysis == NULL || self->result != NULL || self->job != NULL)
    return;
  imh_analysis_page_set_result (self, analysis);
  if (self->result != NULL)
    self->stored = TRUE;
}

/* Stored but unreadable: the page says so and why. */
static void
on_session_analysis_error (ImhAnalysisPage *self)
{
  const char *why = self->session != NULL ? imh_session_get_analysis_error (self->session) : NULL;

  if (self->result == NULL || why == NULL)
    set_load_error (self, why);
}

static void
on_session_library_id (ImhAnalysisPage *self)
{
  self->stored = FALSE;
  store_result (self);
}

static void
set_game (ImhAnalysisPage *self,
          ImhGame         *game)
{
  if (self->game == game)
    return;
  stop_job (self);
  if (self->game != NULL)
    {
      g_signal_handlers_disconnect_by_data (imh_game_get_history (self->game), self);
      g_signal_handlers_disconnect_by_data (self->game, self);
    }
  g_set_object (&self->game, game);
  if (game != NULL)
    {
      gtk_label_set_text (GTK_LABEL (self->reveal_label), imh_texts_reveal_hidden (imh_game_get_kind (game)));
      g_signal_connect_object (game, "changed", G_CALLBACK (on_game_changed), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (game, "notify::viewed-ply", G_CALLBACK (update_decision), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (imh_game_get_history (game), "items-changed",
                               G_CALLBACK (on_history_changed), self, G_CONNECT_SWAPPED);
    }
}

void
imh_analysis_page_set_session (ImhAnalysisPage *self,
                               ImhSession      *session)
{
  g_return_if_fail (IMH_IS_ANALYSIS_PAGE (self));
  g_return_if_fail (session == NULL || IMH_IS_SESSION (session));

  if (self->session == session)
    return;
  g_set_object (&self->session, session);
  set_game (self, session != NULL ? imh_session_get_game (session) : NULL);
  imh_analysis_page_set_result (self, NULL);
  set_load_error (self, NULL);
  g_signal_group_set_target (self->session_signals, session);
  on_session_analysis_error (self);
  on_session_analysis (self);
}

gint64
imh_analysis_page_get_game_id (ImhAnalysisPage *self)
{
  g_return_val_if_fail (IMH_IS_ANALYSIS_PAGE (self), 0);

  return self->session != NULL ? imh_session_get_library_id (self->session) : 0;
}

ImhAnalysisResult *
imh_analysis_page_get_result (ImhAnalysisPage *self)
{
  g_return_val_if_fail (IMH_IS_ANALYSIS_PAGE (self), NULL);

  return self->result;
}

void
imh_analysis_page_set_result (ImhAnalysisPage   *self,
                              ImhAnalysisResult *result)
{
  g_return_if_fail (IMH_IS_ANALYSIS_PAGE (self));

  if (self->result == result)
    {
      update_visibility (self);
      return;
    }
  g_clear_pointer (&self->result, imh_analysis_result_unref);
  if (result != NULL)
    self->result = imh_analysis_result_ref (result);
  if (self->result != NULL && !result_matches (self))
    {
      g_debug ("The analysis is of another line than the game shown: not shown");
      g_clear_pointer (&self->result, imh_analysis_result_unref);
    }
  self->stored = FALSE;
  if (self->result != NULL)
    set_load_error (self, NULL);
  show_result (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RESULT]);
}

void
imh_analysis_page_start (ImhAnalysisPage  *self,
                         ImhAnalysisDepth  depth)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *record = NULL;

  g_return_if_fail (IMH_IS_ANALYSIS_PAGE (self));

  if (self->game == NULL || self->job != NULL)
    return;
  record = imh_game_to_record_text (self->game);
  self->job = imh_analysis_job_new (record, &error);
  if (self->job == NULL)
    {
      imh_ui_toast (GTK_WIDGET (self), error->message);
      return;
    }
  imh_analysis_job_set_depth (self->job, depth);
  imh_analysis_job_set_budget (self->job, self->root_iterations, self->samples, self->sample_iterations);
  self->cancellable = g_cancellable_new ();
  g_signal_connect_object (self->job, "notify::progress", G_CALLBACK (on_progress), self, G_CONNECT_SWAPPED);
  gtk_progress_bar_set_fraction (GTK_PROGRESS_BAR (self->progress), 0);
  gtk_progress_bar_set_text (GTK_PROGRESS_BAR (self->progress), _("Analysing…"));
  imh_analysis_job_run_async (self->job, self->cancellable, on_job_done, g_object_ref (self));
  update_visibility (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

void
imh_analysis_page_cancel (ImhAnalysisPage *self)
{
  g_return_if_fail (IMH_IS_ANALYSIS_PAGE (self));

  stop_job (self);
}

gboolean
imh_analysis_page_get_running (ImhAnalysisPage *self)
{
  g_return_val_if_fail (IMH_IS_ANALYSIS_PAGE (self), FALSE);

  return self->job != NULL;
}

void
imh_analysis_page_set_budget (ImhAnalysisPage *self,
                              guint64          root_iterations,
                              guint            samples,
                              guint            sample_iterations)
{
  g_return_if_fail (IMH_IS_ANALYSIS_PAGE (self));

  self->root_iterations = root_iterations;
  self->samples = samples;
  self->sample_iterations = sample_iterations;
}

int
imh_analysis_page_find_mistake (ImhAnalysisPage *self,
                                gboolean         forward)
{
  guint viewed;

  g_return_val_if_fail (IMH_IS_ANALYSIS_PAGE (self), -1);

  if (self->result == NULL || self->game == NULL)
    return -1;
  /* The viewed position shows decision viewed - 1. */
  viewed = imh_game_get_viewed_ply (self->game);
  if (!forward && viewed == 0)
    return -1;
  return imh_analysis_result_find_mark (self->result, viewed - 1, forward, IMH_MARK_INACCURACY);
}

gboolean
imh_analysis_page_go_to_mistake (ImhAnalysisPage *self,
                                 gboolean         forward)
{
  int ply = imh_analysis_page_find_mistake (self, forward);

  if (ply < 0 || (guint) ply + 1 > imh_game_get_live_ply (self->game))
    return FALSE;
  /* The position after it: the graph's dot and the decision's row. */
  imh_game_set_viewed_ply (self->game, (guint) ply + 1);
  return TRUE;
}

void
imh_analysis_page_set_player (ImhAnalysisPage *self,
                              guint            player)
{
  g_return_if_fail (IMH_IS_ANALYSIS_PAGE (self));

  self->player = player;
  if (self->result != NULL)
    show_result (self);
}

guint
imh_analysis_page_get_player (ImhAnalysisPage *self)
{
  g_return_val_if_fail (IMH_IS_ANALYSIS_PAGE (self), 0);

  return self->player;
}

const char *
imh_analysis_page_get_load_error (ImhAnalysisPage *self)
{
  g_return_val_if_fail (IMH_IS_ANALYSIS_PAGE (self), NULL);

  return self->load_error;
}

GtkWidget *
imh_analysis_page_get_graph (ImhAnalysisPage *self)
{
  g_return_val_if_fail (IMH_IS_ANALYSIS_PAGE (self), NULL);

  return self->graph;
}
