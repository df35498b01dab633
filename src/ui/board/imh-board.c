/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-board.c — the board of any game: state, targets, input, hints, animation clock. */
#define G_LOG_DOMAIN "imh-board"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "imh-board-private.h"
#include "imh-texts.h"

#define ANIM_USEC (230 * 1000)
#define MAX_TARGETS 64

typedef struct
{
  ImhState        state;
  gboolean        has_state;
  gboolean        style_free;     /* drawn in the light style whatever the app's */
  gboolean        interactive;
  ImhDecisionList legal;
  char           *names[IMH_MAX_PLAYERS];
  guint           bottom_player;

  int             layout_w, layout_h;
  double          unit;

  ImhBoardTarget  targets[MAX_TARGETS];
  int             n_targets;
  int             hover;            /* target index or -1 */
  int             focus;            /* target index or -1 */
  gboolean        focused;          /* the keyboard focus (set on focus in and out) */
  gboolean        pointer_in;       /* the pointer over the board, at: */
  double          pointer_x, pointer_y;
  gboolean        has_pending;      /* a target of several decisions picked */
  ImhBoardTarget  pending;

  gboolean        has_last;
  ImhDecision     last_decision;

  gboolean        reveal_hidden;
  int             n_revealed;

  char           *description;      /* the accessible description set last */
  char           *announcement;     /* the last decision in words, until the user moves on */
  char           *announced;        /* the last decision's message (for tests) */
  guint           n_announced;
  gboolean        position_first;   /* just focused: the position, then the choice */

  gboolean        hint_visible;
  ImhDecision     hints[IMH_BOARD_MAX_HINTS];   /* best first */
  double          wins[IMH_BOARD_MAX_HINTS];
  guint           n_hints;                      /* 1: the single hint, more: ranked */

  guint           tick_id;
  gint64          anim_start;
  double          anim_t;
} ImhBoardPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (ImhBoard, imh_board, GTK_TYPE_WIDGET)

#define PRIV(self) ((ImhBoardPrivate *) imh_board_get_instance_private (IMH_BOARD (self)))

enum {
  PROP_0,
  PROP_INTERACTIVE,
  PROP_HINT_VISIBLE,
  PROP_BOTTOM_PLAYER,
  PROP_PENDING,
  PROP_REVEAL_HIDDEN,
  PROP_ANIMATING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_DECIDE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* ---- For the subclasses ---------------------------------------------------------- */

const ImhState *
_imh_board_get_state (ImhBoard *self)
{
  ImhBoardPrivate *priv = PRIV (self);

  return priv->has_state ? &priv->state : NULL;
}

guint
_imh_board_get_n_players (ImhBoard *self)
{
  ImhBoardPrivate *priv = PRIV (self);
  ImhOptions options;

  if (!priv->has_state)
    return 2;
  imh_rules_of (&priv->state)->options (&priv->state, &options);
  return options.n_players;
}

const char *
_imh_board_get_player_name (ImhBoard *self,
                            guint     player)
{
  ImhBoardPrivate *priv = PRIV (self);

  return player < IMH_MAX_PLAYERS && priv->names[player] != NULL ? priv->names[player] : "";
}

static void
add_target (ImhBoard          *self,
            int                kind,
            int                index,
            int                priority,
            gboolean           pick,
            const ImhDecision *decisions,
            guint              n)
{
  ImhBoardPrivate *priv = PRIV (self);
  ImhBoardTarget *t = NULL;

  for (int i = 0; i < priv->n_targets; i++)
    if (priv->targets[i].kind == kind && priv->targets[i].index == index)
      t = &priv->targets[i];
  if (t == NULL)
    {
      if (priv->n_targets >= MAX_TARGETS)
        {
          g_critical ("More than %d targets", MAX_TARGETS);
          return;
        }
      t = &priv->targets[priv->n_targets++];
      *t = (ImhBoardTarget) { kind, index, priority, pick, 0, { 0 } };
    }
  t->pick |= pick;
  for (guint i = 0; i < n; i++)
    {
      gboolean known = FALSE;

      for (guint j = 0; j < t->n_decisions; j++)
        known |= t->decisions[j] == decisions[i];
      if (known)
        continue;
      g_return_if_fail (t->n_decisions < IMH_BOARD_TARGET_MAX_DECISIONS);
      t->decisions[t->n_decisions++] = decisions[i];
    }
}

void
_imh_board_add_target (ImhBoard          *self,
                       int                kind,
                       int                index,
                       int                priority,
                       const ImhDecision *decisions,
                       guint              n)
{
  add_target (self, kind, index, priority, FALSE, decisions, n);
}

void
_imh_board_add_pick_target (ImhBoard          *self,
                            int                kind,
                            int                index,
                            int                priority,
                            const ImhDecision *decisions,
                            guint              n)
{
  add_target (self, kind, index, priority, TRUE, decisions, n);
}

const ImhBoardTarget *
_imh_board_get_targets (ImhBoard *self,
                        guint    *n)
{
  ImhBoardPrivate *priv = PRIV (self);

  *n = priv->n_targets;
  return priv->targets;
}

const ImhBoardTarget *
_imh_board_get_hover_target (ImhBoard *self)
{
  ImhBoardPrivate *priv = PRIV (self);

  return priv->hover >= 0 && priv->hover < priv->n_targets ? &priv->targets[priv->hover] : NULL;
}

gboolean
_imh_board_get_focus_ring_visible (ImhBoard *self)
{
  return gtk_widget_has_focus (GTK_WIDGET (self));
}

const ImhBoardTarget *
_imh_board_get_focus_target (ImhBoard *self)
{
  ImhBoardPrivate *priv = PRIV (self);

  if (priv->focus < 0 || priv->focus >= priv->n_targets || !gtk_widget_has_focus (GTK_WIDGET (self)))
    return NULL;
  return &priv->targets[priv->focus];
}

const ImhBoardTarget *
_imh_board_get_pending_target (ImhBoard *self)
{
  ImhBoardPrivate *priv = PRIV (self);

  return priv->has_pending ? &priv->pending : NULL;
}

void
_imh_board_set_unit (ImhBoard *self,
                     double    unit)
{
  PRIV (self)->unit = unit;
}

void
_imh_board_set_style_free (ImhBoard *self,
                           gboolean  style_free)
{
  g_return_if_fail (IMH_IS_BOARD (self));

  PRIV (self)->style_free = style_free;
}

double
_imh_board_get_unit (ImhBoard *self)
{
  return PRIV (self)->unit;
}

void
_imh_board_invalidate_layout (ImhBoard *self)
{
  ImhBoardPrivate *priv = PRIV (self);

  priv->layout_w = -1;
  priv->unit = 0;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
_imh_board_ensure_layout (ImhBoard *self)
{
  ImhBoardPrivate *priv = PRIV (self);
  int w = gtk_widget_get_width (GTK_WIDGET (self));
  int h = gtk_widget_get_height (GTK_WIDGET (self));

  if (w == priv->layout_w && h == priv->layout_h && priv->unit > 0)
    return;
  priv->layout_w = w;
  priv->layout_h = h;
  priv->unit = 1.0;
  if (IMH_BOARD_GET_CLASS (self)->layout != NULL)
    IMH_BOARD_GET_CLASS (self)->layout (self, w, h);
}

gboolean
_imh_board_can_animate (ImhBoard *self)
{
  gboolean enabled = TRUE;

  g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)), "gtk-enable-animations", &enabled, NULL);
  return enabled && gtk_widget_get_mapped (GTK_WIDGET (self));
}

double
_imh_board_get_animation_progress (ImhBoard *self)
{
  return PRIV (self)->anim_t;
}

/* ---- Targets ------------------------------------------------------------------------ */

static ImhBox
target_box (ImhBoard             *self,
            const ImhBoardTarget *t)
{
  _imh_board_ensure_layout (self);
  return IMH_BOARD_GET_CLASS (self)->target_box (self, t);
}

static char *
target_name (ImhBoard             *self,
             const ImhBoardTarget *t)
{
  ImhBoardPrivate *priv = PRIV (self);
  char *name = NULL;

  if (IMH_BOARD_GET_CLASS (self)->dup_target_name != NULL)
    name = IMH_BOARD_GET_CLASS (self)->dup_target_name (self, t);
  if (name == NULL && t->n_decisions == 1 && !t->pick)
    name = imh_texts_decision (&priv->state, t->decisions[0]);
  return name;
}

static void
set_pending (ImhBoard             *self,
             const ImhBoardTarget *target)
{
  ImhBoardPrivate *priv = PRIV (self);
  gboolean was = priv->has_pending;

  priv->has_pending = target != NULL;
  if (target != NULL)
    priv->pending = *target;
  if (was != priv->has_pending)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PENDING]);
}

static int target_at (ImhBoard *self,
                      double    x,
                      double    y);

static void
rebuild_targets (ImhBoard *self)
{
  ImhBoardPrivate *priv = PRIV (self);
  int old_kind = 0, old_index = 0;
  gboolean had_focus = FALSE;

  if (priv->focus >= 0 && priv->focus < priv->n_targets)
    {
      had_focus = TRUE;
      old_kind = priv->targets[priv->focus].kind;
      old_index = priv->targets[priv->focus].index;
    }
  priv->n_targets = 0;
  priv->hover = -1;
  priv->focus = -1;

  if (!priv->has_state || !priv->interactive)
    return;

  if (priv->has_pending)
    IMH_BOARD_GET_CLASS (self)->collect_targets (self, priv->pending.decisions,
                                                 priv->pending.n_decisions, &priv->pending);
  else
    IMH_BOARD_GET_CLASS (self)->collect_targets (self, priv->legal.d, priv->legal.n, NULL);

  for (int i = 0; i < priv->n_targets && had_focus; i++)
    if (priv->targets[i].kind == old_kind && priv->targets[i].index == old_index)
      priv->focus = i;
  /* The pointer still over a target hovers it; the focused board keeps a
   * focus target. */
  if (priv->pointer_in)
    priv->hover = target_at (self, priv->pointer_x, priv->pointer_y);
  if (priv->focus < 0 && priv->n_targets > 0 && gtk_widget_has_focus (GTK_WIDGET (self)))
    priv->focus = priv->hover >= 0 ? priv->hover : 0;
}

static const char *
player_name (ImhBoard *self,
             guint     player)
{
  const char *name = _imh_board_get_player_name (self, player);

  return *name != '\0' ? name : imh_texts_player_colour (player);
}

static void
get_names (ImhBoard    *self,
           const char **names)
{
  for (guint p = 0; p < IMH_MAX_PLAYERS; p++)
    names[p] = player_name (self, p);
}

/* The position in one sentence: who decides and what, the score, what the
 * keys do; or the result once the game is over. */
static char *
describe_position (ImhBoard *self)
{
  ImhBoardPrivate *priv = PRIV (self);
  const char *names[IMH_MAX_PLAYERS];
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GString) points = g_string_new (NULL);
  ImhScore score;

  if (!priv->has_state)
    return g_strdup (_("No choice to make here"));
  get_names (self, names);
  imh_score (&priv->state, &score);
  if (imh_is_over (&priv->state))
    return imh_texts_result_line (&score, names);

  {
    g_autofree char *prompt = imh_texts_prompt (&priv->state, names, priv->has_pending);
    g_string_append (text, prompt);
  }
  for (guint p = 0; p < score.n_players; p++)
    g_string_append_printf (points, "%s%s %d", p > 0 ? ", " : "", names[p], score.total[p]);
  g_string_append (text, ". ");
  /* TRANSLATORS: %s is the players' points, "Ann 12, Computer 9". */
  g_string_append_printf (text, _("Score: %s."), points->str);
  if (priv->interactive && priv->n_targets > 0)
    {
      g_string_append_c (text, ' ');
      g_string_append_printf (text,
                              ngettext ("%d choice: use the arrow keys to choose, Enter to play",
                                        "%d choices: use the arrow keys to choose, Enter to play",
                                        priv->n_targets), priv->n_targets);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* What a screen reader says of the board: the decision just made (until
 * the user moves the focus ring), the target with the focus ring, or the
 * position; and what is hidden. Set only when it changes: a screen reader
 * speaks each change of the focused widget's description. */
static void
update_accessible (ImhBoard *self)
{
  ImhBoardPrivate *priv = PRIV (self);
  g_autofree char *name = NULL;
  g_autofree char *hidden = NULL;

  if (priv->announcement != NULL)
    name = g_strdup (priv->announcement);
  else if (priv->focus >= 0 && priv->focus < priv->n_targets && priv->position_first)
    {
      g_autofree char *position = describe_position (self);
      g_autofree char *target = target_name (self, &priv->targets[priv->focus]);

      name = g_strconcat (position, ". ", target, NULL);
    }
  else if (priv->focus >= 0 && priv->focus < priv->n_targets)
    name = target_name (self, &priv->targets[priv->focus]);
  else
    name = describe_position (self);

  priv->n_revealed = 0;
  if (priv->has_state && IMH_BOARD_GET_CLASS (self)->describe_hidden != NULL)
    {
      int n = 0;

      hidden = IMH_BOARD_GET_CLASS (self)->describe_hidden (self, priv->reveal_hidden, &n);
      if (priv->reveal_hidden)
        priv->n_revealed = n;
    }
  if (hidden != NULL && *hidden != '\0' && priv->announcement == NULL)
    {
      char *both = g_strconcat (name, ". ", hidden, NULL);
      g_free (name);
      name = both;
    }
  if (g_strcmp0 (name, priv->description) != 0)
    {
      g_free (priv->description);
      priv->description = g_strdup (name);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, name,
                                      -1);
    }
  /* The tooltip comes from query_tooltip (): gtk_widget_set_tooltip_text ()
   * would replace the accessible description. */
  gtk_widget_trigger_tooltip_query (GTK_WIDGET (self));
}

char *
_imh_board_dup_tooltip_text (ImhBoard *self)
{
  ImhBoardPrivate *priv = PRIV (self);

  if (priv->focus < 0 || priv->focus >= priv->n_targets || !gtk_widget_has_focus (GTK_WIDGET (self)))
    return NULL;
  return target_name (self, &priv->targets[priv->focus]);
}

char *
_imh_board_dup_object_tooltip (ImhBoard *self,
                               double    x,
                               double    y)
{
  ImhBoardPrivate *priv = PRIV (self);
  char *text;

  if (!priv->has_state || IMH_BOARD_GET_CLASS (self)->dup_object_tooltip == NULL)
    return NULL;
  _imh_board_ensure_layout (self);
  text = IMH_BOARD_GET_CLASS (self)->dup_object_tooltip (self, x, y);
  if (text != NULL && *text == '\0')
    g_clear_pointer (&text, g_free);
  return text;
}

/* The pointer (or the keyboard: the focus ring's centre) over the focused
 * target: its name first, then what is drawn there; elsewhere what is
 * drawn under the pointer. */
char *
_imh_board_dup_tooltip_at (ImhBoard *self,
                           double    x,
                           double    y,
                           gboolean  keyboard)
{
  ImhBoardPrivate *priv = PRIV (self);
  g_autofree char *name = _imh_board_dup_tooltip_text (self);
  g_autofree char *object = NULL;

  if (name != NULL)
    {
      ImhBox b = target_box (self, &priv->targets[priv->focus]);

      if (keyboard)
        {
          x = b.x + b.w / 2;
          y = b.y + b.h / 2;
        }
      else if (x < b.x || x > b.x + b.w || y < b.y || y > b.y + b.h)
        g_clear_pointer (&name, g_free);
    }
  else if (keyboard)
    return NULL;
  /* The pointer over a target of a board without the focus: that target. */
  if (name == NULL && priv->hover >= 0 && priv->hover < priv->n_targets)
    {
      ImhBox b = target_box (self, &priv->targets[priv->hover]);

      if (x >= b.x && x <= b.x + b.w && y >= b.y && y <= b.y + b.h)
        name = target_name (self, &priv->targets[priv->hover]);
    }
  object = _imh_board_dup_object_tooltip (self, x, y);
  if (name != NULL && object != NULL)
    return g_strconcat (name, "\n", object, NULL);
  if (name != NULL)
    return g_steal_pointer (&name);
  if (object == NULL && !keyboard)
    return _imh_board_dup_tooltip_text (self);
  return g_steal_pointer (&object);
}

static gboolean
on_query_tooltip (ImhBoard   *self,
                  int         x,
                  int         y,
                  gboolean    keyboard,
                  GtkTooltip *tooltip)
{
  g_autofree char *name = _imh_board_dup_tooltip_at (self, x, y, keyboard);

  if (name == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, name);
  return TRUE;
}

/* The user moved on (the focus ring, the focus): the description speaks of
 * the board again. */
static void
drop_announcement (ImhBoard *self)
{
  g_clear_pointer (&PRIV (self)->announcement, g_free);
}

const char *
_imh_board_get_announcement (ImhBoard *self,
                             guint    *n_announced)
{
  ImhBoardPrivate *priv = PRIV (self);

  if (n_announced != NULL)
    *n_announced = priv->n_announced;
  return priv->announced;
}

/* The decision just made, what it did and who decides now, said once in
 * two sentences: "Computer chose: Unload the boat at row 2 (Computer gets
 * Obelisk; Ann gets Temple with 3 symbols). Ann to move: place a meeple." */
static void
announce_decision (ImhBoard       *self,
                   const ImhState *before,
                   ImhDecision     decision,
                   const ImhState *after)
{
  ImhBoardPrivate *priv = PRIV (self);
  const char *names[IMH_MAX_PLAYERS];
  g_autofree char *what = imh_texts_decision (before, decision);
  g_autofree char *next = NULL;
  g_autofree char *text = NULL;
  g_autofree char *done = NULL;
  int actor = imh_actor (before);

  get_names (self, names);
  if (IMH_BOARD_GET_CLASS (self)->describe_consequences != NULL)
    done = IMH_BOARD_GET_CLASS (self)->describe_consequences (self, before, decision, after, names);
  if (done != NULL && *done != '\0')
    {
      /* TRANSLATORS: a decision and what it did besides: "Unload the boat
       * at row 2 (Computer gets Obelisk; Ann gets Temple with 3 symbols)" */
      char *both = g_strdup_printf (_("%s (%s)"), what, done);

      g_free (what);
      what = both;
    }
  if (imh_is_over (after))
    {
      ImhScore score;

      imh_score (after, &score);
      next = imh_texts_result_line (&score, names);
    }
  else
    next = imh_texts_prompt (after, names, FALSE);
  if (actor >= 0)
    /* TRANSLATORS: a decision just made, then who decides now: "Computer
     * chose: Unload the boat at row 2. Ann to move: place a meeple." */
    text = g_strdup_printf (_("%s chose: %s. %s."), names[actor], what, next);
  else
    text = g_strdup_printf ("%s. %s.", what, next);
  g_free (priv->announced);
  priv->announced = g_strdup (text);
  priv->n_announced++;

#if GTK_CHECK_VERSION (4, 14, 0)
  drop_announcement (self);
  gtk_accessible_announce (GTK_ACCESSIBLE (self), text, GTK_ACCESSIBLE_ANNOUNCEMENT_PRIORITY_MEDIUM);
#else
  /* Set before the board shows the position after: the description
   * changes once, to the message. */
  g_free (priv->announcement);
  priv->announcement = g_steal_pointer (&text);
#endif
}

static void
targets_changed (ImhBoard *self)
{
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
cancel_pending (ImhBoard *self)
{
  if (!PRIV (self)->has_pending)
    return;
  set_pending (self, NULL);
  rebuild_targets (self);
  targets_changed (self);
}

static void
decide (ImhBoard    *self,
        ImhDecision  d)
{
  /* The targets are whole again until the next state arrives. */
  cancel_pending (self);
  g_signal_emit (self, signals[SIGNAL_DECIDE], 0, (guint) d);
}

static void
activate_target (ImhBoard *self,
                 int       i)
{
  ImhBoardPrivate *priv = PRIV (self);
  ImhBoardTarget t;

  if (i < 0 || i >= priv->n_targets)
    return;
  t = priv->targets[i];
  if (t.n_decisions == 1 && !t.pick)
    {
      decide (self, t.decisions[0]);
      return;
    }
  /* A pending pick: the targets narrow to its decisions; the one under
   * the pointer (if any) is the one hovered and focused, so that the ring,
   * the tooltip and the next click or Enter agree. */
  set_pending (self, &t);
  priv->focus = -1;
  rebuild_targets (self);
  if (priv->focus < 0 && priv->n_targets > 0)
    priv->focus = priv->hover >= 0 ? priv->hover : 0;
  targets_changed (self);
}

static int
target_at (ImhBoard *self,
           double    x,
           double    y)
{
  ImhBoardPrivate *priv = PRIV (self);
  int best = -1;

  for (int i = 0; i < priv->n_targets; i++)
    {
      ImhBox b = target_box (self, &priv->targets[i]);

      if (x < b.x || x >= b.x + b.w || y < b.y || y >= b.y + b.h)
        continue;
      if (best < 0 || priv->targets[i].priority > priv->targets[best].priority)
        best = i;
    }
  return best;
}

/* ---- Drawing ------------------------------------------------------------------------ */

static void
default_draw_target (ImhBoard             *self,
                     cairo_t              *cr,
                     const ImhPalette     *pal,
                     const ImhBoardTarget *target,
                     gboolean              hovered)
{
  double u = _imh_board_get_unit (self);

  imh_art_stroke_box (cr, target_box (self, target), 0.03 * u, 0.12 * u,
                      MAX (2.0, (hovered ? 0.08 : 0.05) * u), &pal->accent);
}

static guint
decision_boxes (ImhBoard    *self,
                ImhDecision  d,
                ImhBox      *boxes,
                guint        max)
{
  if (IMH_BOARD_GET_CLASS (self)->decision_boxes == NULL)
    return 0;
  return IMH_BOARD_GET_CLASS (self)->decision_boxes (self, d, boxes, max);
}

/* The decision that led to this position, softly marked. */
static void
draw_last (ImhBoard         *self,
           cairo_t          *cr,
           const ImhPalette *pal)
{
  ImhBoardPrivate *priv = PRIV (self);
  double u = priv->unit;
  double dash[] = { 0.1 * u, 0.07 * u };
  ImhBox boxes[4];
  guint n;
  ImhRgba c = pal->text;

  if (!priv->has_last)
    return;
  if (IMH_BOARD_GET_CLASS (self)->marks_last != NULL
      && !IMH_BOARD_GET_CLASS (self)->marks_last (self, priv->last_decision))
    return;
  n = decision_boxes (self, priv->last_decision, boxes, G_N_ELEMENTS (boxes));
  c.a = 0.55;
  cairo_save (cr);
  cairo_set_dash (cr, dash, 2, 0);
  for (guint i = 0; i < n; i++)
    imh_art_stroke_box (cr, boxes[i], -0.06 * u, 0.1 * u, MAX (1.5, 0.035 * u), &c);
  cairo_restore (cr);
}

static void
draw_targets (ImhBoard         *self,
              cairo_t          *cr,
              const ImhPalette *pal)
{
  ImhBoardPrivate *priv = PRIV (self);
  double u = priv->unit;

  for (int i = 0; i < priv->n_targets; i++)
    IMH_BOARD_GET_CLASS (self)->draw_target (self, cr, pal, &priv->targets[i], priv->hover == i);

  if (priv->focus >= 0 && priv->focus < priv->n_targets && gtk_widget_has_focus (GTK_WIDGET (self)))
    {
      ImhBox b = target_box (self, &priv->targets[priv->focus]);
      double dash[] = { 0.12 * u, 0.08 * u };

      cairo_save (cr);
      cairo_set_dash (cr, dash, 2, 0);
      imh_art_stroke_box (cr, b, 0.1 * u, 0.16 * u, MAX (2.0, 0.06 * u), &pal->text);
      cairo_restore (cr);
    }
  else if (gtk_widget_has_focus (GTK_WIDGET (self)))
    {
      /* Nothing to choose: the ring goes round the whole board. */
      ImhBox b = { 2, 2, gtk_widget_get_width (GTK_WIDGET (self)) - 4,
                   gtk_widget_get_height (GTK_WIDGET (self)) - 4 };
      double dash[] = { 6, 4 };

      cairo_save (cr);
      cairo_set_dash (cr, dash, 2, 0);
      imh_art_stroke_box (cr, b, 0, 6, 2, &pal->text);
      cairo_restore (cr);
    }
}

/* One of several numbered hints: rank 1 (the best) with a thick solid
 * outline and a filled badge, the others dashed with an outlined badge;
 * the win probability inside the target, at its foot, where it fits. */
static void
draw_ranked_hint (ImhBoard         *self,
                  cairo_t          *cr,
                  const ImhPalette *pal,
                  guint             rank,
                  ImhDecision       d,
                  double            win,
                  gboolean          outline)
{
  ImhBoardPrivate *priv = PRIV (self);
  double u = priv->unit;
  double dash[] = { 0.14 * u, 0.09 * u };
  gboolean best = rank == 1;
  ImhBox boxes[4], b, badge, pill;
  guint n;
  char buf[32];
  ImhRgba back = pal->page;
  const ImhRgba *ink = &pal->hint;

  back.a = pal->hint.a;
  if (best)
    ink = &back;
  n = decision_boxes (self, d, boxes, G_N_ELEMENTS (boxes));
  if (n == 0)
    return;
  b = boxes[0];
  if (outline)
    {
      cairo_save (cr);
      if (!best)
        cairo_set_dash (cr, dash, 2, 0);
      for (guint i = 0; i < n; i++)
        imh_art_stroke_box (cr, boxes[i], best ? 0.08 * u : 0.02 * u, 0.14 * u,
                            best ? MAX (3.0, 0.1 * u) : MAX (2.0, 0.06 * u), &pal->hint);
      cairo_restore (cr);
      return;
    }

  badge.w = badge.h = MAX (16.0, 0.42 * u);
  badge.x = CLAMP (b.x - badge.w * 0.35, 0, priv->layout_w - badge.w);
  badge.y = CLAMP (b.y - badge.h * 0.35, 0, priv->layout_h - badge.h);
  imh_art_fill_box (cr, badge, badge.w / 2, best ? &pal->hint : &back, 1.0);
  imh_art_stroke_box (cr, badge, 0, badge.w / 2, MAX (1.5, 0.04 * u), &pal->hint);
  g_snprintf (buf, sizeof buf, "%u", rank);
  imh_art_text (cr, buf, badge.x, badge.y, badge.w, badge.h, badge.h * 0.55, TRUE,
                PANGO_ALIGN_CENTER, ink);

  /* The percentage only where it fits (not on a phone's small board). */
  if (0.22 * u < 8.0 || b.w < 0.6 * u)
    return;
  /* Translators: win probability on a numbered hint on the board */
  g_snprintf (buf, sizeof buf, _("%.0f%%"), win * 100.0);
  pill.h = 0.32 * u;
  pill.w = MIN (0.72 * u, b.w - 0.08 * u);
  pill.x = b.x + (b.w - pill.w) / 2;
  pill.y = b.y + b.h - pill.h - 0.06 * u;
  imh_art_fill_box (cr, pill, pill.h / 2, best ? &pal->hint : &back, best ? 1.0 : 0.92);
  imh_art_text (cr, buf, pill.x, pill.y, pill.w, pill.h, 0.22 * u, TRUE,
                PANGO_ALIGN_CENTER, ink);
}

#define MAX_OBSTACLES 256

guint
_imh_board_get_occupied_boxes (ImhBoard *self,
                               ImhBox   *boxes,
                               guint     max)
{
  g_return_val_if_fail (IMH_IS_BOARD (self), 0);

  _imh_board_ensure_layout (self);
  if (IMH_BOARD_GET_CLASS (self)->occupied_boxes == NULL)
    return 0;
  return MIN (IMH_BOARD_GET_CLASS (self)->occupied_boxes (self, boxes, max), max);
}

static gboolean
boxes_meet (const ImhBox *a,
            const ImhBox *b)
{
  return a->x < b->x + b->w && b->x < a->x + a->w && a->y < b->y + b->h && b->y < a->y + a->h;
}

/* The gap between two boxes (0 where they meet). */
static double
box_gap (const ImhBox *a,
         const ImhBox *b)
{
  double dx = MAX (0, MAX (b->x - (a->x + a->w), a->x - (b->x + b->w)));
  double dy = MAX (0, MAX (b->y - (a->y + a->h), a->y - (b->y + b->h)));

  return sqrt (dx * dx + dy * dy);
}

/* Where the single hint's badge (badge->w × badge->h) goes: the place
 * nearest to the hint (b) that covers no target, none of the hint's boxes
 * and nothing the game's board names as occupied. FALSE when there is no
 * such place: then above the hint (below at the top edge), as before. */
static gboolean
place_badge (ImhBoard     *self,
             const ImhBox *b,
             const ImhBox *hint_boxes,
             guint         n_hint,
             ImhBox       *badge)
{
  ImhBoardPrivate *priv = PRIV (self);
  double u = priv->unit;
  double margin = 0.04 * u;
  ImhBox obstacles[MAX_OBSTACLES];
  double xs[2 * MAX_OBSTACLES + 3], ys[2 * MAX_OBSTACLES + 3];
  guint n = 0, n_xs = 0, n_ys = 0;
  double best = G_MAXDOUBLE;
  ImhBox found = *badge;

  for (int i = 0; i < priv->n_targets && n < MAX_OBSTACLES; i++)
    obstacles[n++] = target_box (self, &priv->targets[i]);
  for (guint i = 0; i < n_hint && n < MAX_OBSTACLES; i++)
    obstacles[n++] = hint_boxes[i];
  n += _imh_board_get_occupied_boxes (self, obstacles + n, MAX_OBSTACLES - n);

  /* The places worth trying: against the board's edges, against an
   * obstacle's edge (with a little air), and centred on the hint. */
  xs[n_xs++] = 0;
  xs[n_xs++] = priv->layout_w - badge->w;
  xs[n_xs++] = b->x + b->w / 2 - badge->w / 2;
  ys[n_ys++] = 0;
  ys[n_ys++] = priv->layout_h - badge->h;
  ys[n_ys++] = b->y + b->h / 2 - badge->h / 2;
  for (guint i = 0; i < n; i++)
    {
      /* The outlines drawn around them, and a little air. */
      obstacles[i].x -= margin;
      obstacles[i].y -= margin;
      obstacles[i].w += 2 * margin;
      obstacles[i].h += 2 * margin;
      xs[n_xs++] = obstacles[i].x + obstacles[i].w;
      xs[n_xs++] = obstacles[i].x - badge->w;
      ys[n_ys++] = obstacles[i].y + obstacles[i].h;
      ys[n_ys++] = obstacles[i].y - badge->h;
    }

  for (guint j = 0; j < n_ys; j++)
    for (guint i = 0; i < n_xs; i++)
      {
        ImhBox c = { xs[i], ys[j], badge->w, badge->h };
        gboolean free = TRUE;
        double gap;

        if (c.x < 0 || c.y < 0 || c.x + c.w > priv->layout_w || c.y + c.h > priv->layout_h)
          continue;
        gap = box_gap (&c, b);
        if (gap >= best)
          continue;
        for (guint k = 0; k < n && free; k++)
          free = !boxes_meet (&c, &obstacles[k]);
        if (free)
          {
            best = gap;
            found = c;
          }
      }
  if (best == G_MAXDOUBLE)
    return FALSE;
  *badge = found;
  return TRUE;
}

/* The single hint's boxes (their number), their union in *b, and its
 * badge in *badge: TRUE when placed off everything. */
static gboolean
single_hint_badge (ImhBoard *self,
                   ImhBox   *boxes,
                   guint    *n_boxes,
                   ImhBox   *b,
                   ImhBox   *badge)
{
  ImhBoardPrivate *priv = PRIV (self);
  double u = priv->unit;
  guint n = decision_boxes (self, priv->hints[0], boxes, 4);

  *n_boxes = n;
  if (n == 0)
    return FALSE;
  *b = boxes[0];
  for (guint i = 1; i < n; i++)
    {
      /* The badge's place over all the boxes. */
      double x1 = MAX (b->x + b->w, boxes[i].x + boxes[i].w);
      double y1 = MAX (b->y + b->h, boxes[i].y + boxes[i].h);
      b->x = MIN (b->x, boxes[i].x);
      b->y = MIN (b->y, boxes[i].y);
      b->w = x1 - b->x;
      b->h = y1 - b->y;
    }
  badge->w = 2.3 * u;
  badge->h = 0.48 * u;
  badge->x = CLAMP (b->x + b->w / 2 - badge->w / 2, 0, priv->layout_w - badge->w);
  badge->y = b->y - badge->h - 0.12 * u;
  if (badge->y < 0)
    badge->y = b->y + b->h + 0.12 * u;
  return place_badge (self, b, boxes, n, badge);
}

gboolean
_imh_board_get_hint_badge (ImhBoard *self,
                           ImhBox   *badge)
{
  ImhBoardPrivate *priv;
  ImhBox boxes[4], b, label = { 0 };
  guint n;
  gboolean placed;

  g_return_val_if_fail (IMH_IS_BOARD (self), FALSE);
  priv = PRIV (self);
  if (!priv->hint_visible || priv->n_hints != 1)
    return FALSE;
  _imh_board_ensure_layout (self);
  placed = single_hint_badge (self, boxes, &n, &b, &label);
  if (badge != NULL)
    *badge = label;
  return placed;
}

static void
draw_hint (ImhBoard         *self,
           cairo_t          *cr,
           const ImhPalette *pal)
{
  ImhBoardPrivate *priv = PRIV (self);
  double u = priv->unit;
  ImhBox boxes[4], b, label;
  guint n;
  gboolean placed;
  char buf[64];
  ImhRgba white = { 1, 1, 1, 1 };

  if (!priv->hint_visible)
    return;
  if (priv->n_hints > 1)
    {
      /* Outlines, then badges over all outlines; worst first, so the
       * best is on top. */
      for (int pass = 1; pass >= 0; pass--)
        for (guint i = priv->n_hints; i > 0; i--)
          draw_ranked_hint (self, cr, pal, i, priv->hints[i - 1], priv->wins[i - 1], pass);
      return;
    }
  placed = single_hint_badge (self, boxes, &n, &b, &label);
  if (n == 0)
    return;
  for (guint i = 0; i < n; i++)
    imh_art_stroke_box (cr, boxes[i], 0.08 * u, 0.16 * u, MAX (3.0, 0.1 * u), &pal->hint);
  /* The badge: win probability of the player to move, where it hides
   * nothing the player needs, joined to the hint by a line when apart. */
  g_snprintf (buf, sizeof buf, _("Best · %.0f%% win"), priv->wins[0] * 100.0);
  if (placed && box_gap (&label, &b) > 0.3 * u)
    {
      /* From the badge's edge to the hint's nearest point. */
      double bx = CLAMP (label.x + label.w / 2, b.x, b.x + b.w);
      double by = CLAMP (label.y + label.h / 2, b.y, b.y + b.h);
      double lx = CLAMP (bx, label.x + label.h / 2, label.x + label.w - label.h / 2);
      double ly = CLAMP (by, label.y, label.y + label.h);

      cairo_save (cr);
      imh_art_set (cr, &pal->hint);
      cairo_set_line_width (cr, MAX (2.0, 0.06 * u));
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      cairo_move_to (cr, lx, ly);
      cairo_line_to (cr, bx, by);
      cairo_stroke (cr);
      cairo_arc (cr, bx, by, MAX (3.0, 0.08 * u), 0, 2 * G_PI);
      cairo_fill (cr);
      cairo_restore (cr);
    }
  imh_art_fill_box (cr, label, label.h / 2, &pal->hint, 1.0);
  imh_art_text (cr, buf, label.x, label.y, label.w, label.h, 0.26 * u, TRUE,
                PANGO_ALIGN_CENTER, &white);
}

static void
get_palette (ImhBoard   *self,
             ImhPalette *pal)
{
  GtkStyleContext *style = gtk_widget_get_style_context (GTK_WIDGET (self));
  GdkRGBA fg, accent;
  ImhRgba text, acc;
  gboolean dark = adw_style_manager_get_dark (adw_style_manager_get_default ());

  if (PRIV (self)->style_free)
    {
      /* A picture that is stored (the library's thumbnails) looks the same
       * whichever style the app had when it was drawn: the light one. */
      text = (ImhRgba) { 0.0, 0.0, 0.0, 0.8 };
      acc = (ImhRgba) { 0.21, 0.52, 0.89, 1.0 };
      imh_palette_init (pal, FALSE, &text, &acc);
      return;
    }

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (style, &fg);
  if (!gtk_style_context_lookup_color (style, "accent_bg_color", &accent))
    accent = (GdkRGBA) { 0.21, 0.52, 0.89, 1.0 };
  G_GNUC_END_IGNORE_DEPRECATIONS
  text = (ImhRgba) { fg.red, fg.green, fg.blue, fg.alpha };
  acc = (ImhRgba) { accent.red, accent.green, accent.blue, 1.0 };
  imh_palette_init (pal, dark, &text, &acc);
}

/* Everything the board draws at its allocation, on cr. */
static void
draw_board (ImhBoard *self,
            cairo_t  *cr)
{
  ImhBoardPrivate *priv = PRIV (self);
  ImhPalette pal;

  _imh_board_ensure_layout (self);
  get_palette (self, &pal);
  /* Nothing smaller than 9 points at the desktop's text scale. */
  imh_art_set_min_text (cr, _imh_board_get_min_text (self));
  IMH_BOARD_GET_CLASS (self)->draw (self, cr, &pal);
  draw_last (self, cr, &pal);
  draw_targets (self, cr, &pal);
  draw_hint (self, cr, &pal);
  if (priv->tick_id != 0 && IMH_BOARD_GET_CLASS (self)->draw_animation != NULL)
    IMH_BOARD_GET_CLASS (self)->draw_animation (self, cr, &pal, priv->anim_t);
}

static void
imh_board_snapshot (GtkWidget   *widget,
                    GtkSnapshot *snapshot)
{
  ImhBoard *self = IMH_BOARD (widget);
  ImhBoardPrivate *priv = PRIV (self);
  int w = gtk_widget_get_width (widget);
  int h = gtk_widget_get_height (widget);
  cairo_t *cr;

  if (!priv->has_state || w <= 0 || h <= 0)
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, h));
  draw_board (self, cr);
  cairo_destroy (cr);
}

double
_imh_board_get_min_text (ImhBoard *self)
{
  return imh_art_points_to_pixels (gtk_widget_get_pango_context (GTK_WIDGET (self)),
                                   IMH_BOARD_MIN_TEXT_POINTS);
}

GPtrArray *
_imh_board_draw_recorded (ImhBoard *self,
                          ImhBox   *drawn)
{
  g_autoptr(GPtrArray) runs = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;
  int w, h;

  g_return_val_if_fail (IMH_IS_BOARD (self), NULL);

  runs = g_ptr_array_new_with_free_func (imh_art_text_run_free);
  w = gtk_widget_get_width (GTK_WIDGET (self));
  h = gtk_widget_get_height (GTK_WIDGET (self));
  *drawn = (ImhBox) { 0, 0, 0, 0 };
  if (!PRIV (self)->has_state || w <= 0 || h <= 0)
    return g_steal_pointer (&runs);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  cr = cairo_create (surface);
  imh_art_record_texts (cr, runs);
  draw_board (self, cr);
  imh_art_record_texts (cr, NULL);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  /* The bounds of the pixels drawn (not transparent). */
  {
    const guint8 *data = cairo_image_surface_get_data (surface);
    int stride = cairo_image_surface_get_stride (surface);
    int x0 = w, y0 = h, x1 = -1, y1 = -1;

    for (int y = 0; y < h; y++)
      {
        const guint32 *row = (const guint32 *) (data + (gsize) y * stride);

        for (int x = 0; x < w; x++)
          if ((row[x] >> 24) != 0)
            {
              x0 = MIN (x0, x);
              x1 = MAX (x1, x);
              y0 = MIN (y0, y);
              y1 = MAX (y1, y);
            }
      }
    if (x1 >= 0)
      *drawn = (ImhBox) { x0, y0, x1 - x0 + 1, y1 - y0 + 1 };
  }
  cairo_surface_destroy (surface);
  return g_steal_pointer (&runs);
}

static void
imh_board_size_allocate (GtkWidget *widget,
                         int        width,
                         int        height,
                         int        baseline)
{
  ImhBoardPrivate *priv = PRIV (widget);

  priv->layout_w = -1;
  priv->unit = 0;
}

/* ---- Animation ---------------------------------------------------------------------- */

static void
set_animating (ImhBoard *self,
               guint     tick_id)
{
  ImhBoardPrivate *priv = PRIV (self);
  gboolean was = priv->tick_id != 0;

  priv->tick_id = tick_id;
  if (was != (tick_id != 0))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANIMATING]);
}

static gboolean
on_tick (GtkWidget     *widget,
         GdkFrameClock *clock,
         gpointer       user_data)
{
  ImhBoard *self = IMH_BOARD (widget);
  ImhBoardPrivate *priv = PRIV (self);
  gint64 now = gdk_frame_clock_get_frame_time (clock);

  if (priv->anim_start == 0)
    priv->anim_start = now;
  priv->anim_t = CLAMP ((double) (now - priv->anim_start) / ANIM_USEC, 0.0, 1.0);
  gtk_widget_queue_draw (widget);
  if (priv->anim_t >= 1.0)
    {
      if (IMH_BOARD_GET_CLASS (self)->animation_done != NULL)
        IMH_BOARD_GET_CLASS (self)->animation_done (self);
      set_animating (self, 0);
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

static void
stop_animation (ImhBoard *self)
{
  ImhBoardPrivate *priv = PRIV (self);

  if (priv->tick_id == 0)
    return;
  gtk_widget_remove_tick_callback (GTK_WIDGET (self), priv->tick_id);
  if (IMH_BOARD_GET_CLASS (self)->animation_done != NULL)
    IMH_BOARD_GET_CLASS (self)->animation_done (self);
  set_animating (self, 0);
}

static void
start_animation (ImhBoard          *self,
                 const ImhState    *before,
                 const ImhDecision *decision)
{
  ImhBoardPrivate *priv = PRIV (self);

  stop_animation (self);
  if (IMH_BOARD_GET_CLASS (self)->animate == NULL || !_imh_board_can_animate (self))
    return;
  _imh_board_ensure_layout (self);
  if (!IMH_BOARD_GET_CLASS (self)->animate (self, before, decision))
    return;
  priv->anim_start = 0;
  priv->anim_t = 0;
  set_animating (self, gtk_widget_add_tick_callback (GTK_WIDGET (self), on_tick, NULL, NULL));
}

/* ---- Input -------------------------------------------------------------------------- */

static void
set_hover (ImhBoard *self,
           int       hover)
{
  ImhBoardPrivate *priv = PRIV (self);

  if (hover == priv->hover)
    return;
  priv->hover = hover;
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), hover >= 0 ? "pointer" : NULL);
  /* The pointer wins while it moves: the ring, the tooltip and the next
   * Enter are for the target under it. */
  if (hover >= 0 && hover != priv->focus && gtk_widget_has_focus (GTK_WIDGET (self)))
    {
      priv->focus = hover;
      targets_changed (self);
      return;
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_motion (GtkEventControllerMotion *motion,
           double                    x,
           double                    y,
           ImhBoard                 *self)
{
  ImhBoardPrivate *priv = PRIV (self);

  priv->pointer_in = TRUE;
  priv->pointer_x = x;
  priv->pointer_y = y;
  set_hover (self, target_at (self, x, y));
}

static void
on_leave (GtkEventControllerMotion *motion,
          ImhBoard                 *self)
{
  PRIV (self)->pointer_in = FALSE;
  set_hover (self, -1);
}

static void
on_click (GtkGestureClick *gesture,
          int              n_press,
          double           x,
          double           y,
          ImhBoard        *self)
{
  int i = target_at (self, x, y);

  if (i < 0)
    {
      cancel_pending (self);
      return;
    }
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  PRIV (self)->focus = i;
  activate_target (self, i);
}

static void
board_decide (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  ImhBoardPrivate *priv = PRIV (widget);
  const char *text = g_variant_get_string (parameter, NULL);
  ImhDecision d;

  if (!priv->has_state || !priv->interactive)
    return;
  if (!imh_rules_of (&priv->state)->decision_from_text (&priv->state, text, &d)
      || !imh_is_legal (&priv->state, d))
    {
      g_debug ("Not a legal decision here: “%s”", text);
      return;
    }
  decide (IMH_BOARD (widget), d);
}

static void
move_focus (ImhBoard *self,
            int       delta)
{
  ImhBoardPrivate *priv = PRIV (self);

  drop_announcement (self);
  priv->position_first = FALSE;
  if (priv->n_targets == 0)
    {
      update_accessible (self);
      return;
    }
  if (priv->focus < 0)
    priv->focus = delta > 0 ? 0 : priv->n_targets - 1;
  else
    priv->focus = (priv->focus + delta + priv->n_targets) % priv->n_targets;
  targets_changed (self);
}

/* Arrow keys: the nearest target in that direction (targets straight
 * ahead preferred over ones off to the side); none: the next in order. */
static void
move_direction (ImhBoard *self,
                double    dx,
                double    dy)
{
  ImhBoardPrivate *priv = PRIV (self);
  ImhBox from;
  double fx, fy, best_score = G_MAXDOUBLE;
  int best = -1;

  drop_announcement (self);
  priv->position_first = FALSE;
  if (priv->n_targets == 0)
    {
      update_accessible (self);
      return;
    }
  if (priv->focus < 0 || priv->focus >= priv->n_targets)
    {
      move_focus (self, dx + dy > 0 ? 1 : -1);
      return;
    }
  from = target_box (self, &priv->targets[priv->focus]);
  fx = from.x + from.w / 2;
  fy = from.y + from.h / 2;
  for (int i = 0; i < priv->n_targets; i++)
    {
      ImhBox b;
      double ahead, aside, score;

      if (i == priv->focus)
        continue;
      b = target_box (self, &priv->targets[i]);
      ahead = (b.x + b.w / 2 - fx) * dx + (b.y + b.h / 2 - fy) * dy;
      aside = fabs ((b.x + b.w / 2 - fx) * dy - (b.y + b.h / 2 - fy) * dx);
      if (ahead <= 1.0)
        continue;
      score = ahead + 2.5 * aside;
      if (score < best_score)
        {
          best_score = score;
          best = i;
        }
    }
  if (best < 0)
    {
      move_focus (self, dx + dy > 0 ? 1 : -1);
      return;
    }
  priv->focus = best;
  targets_changed (self);
}

static void
board_move (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  int dx, dy;

  g_variant_get (parameter, "(ii)", &dx, &dy);
  move_direction (IMH_BOARD (widget), dx, dy);
}

static void
board_next_target (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  move_focus (IMH_BOARD (widget), 1);
}

static void
board_previous_target (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  move_focus (IMH_BOARD (widget), -1);
}

static void
board_activate_target (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  ImhBoard *self = IMH_BOARD (widget);
  ImhBoardPrivate *priv = PRIV (self);

  if (priv->focus >= 0)
    activate_target (self, priv->focus);
  else if (priv->hint_visible && priv->interactive && imh_is_legal (&priv->state, priv->hints[0]))
    decide (self, priv->hints[0]);
}

static void
board_cancel (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  cancel_pending (IMH_BOARD (widget));
}

/* Keyboard focus in (Tab): the ring at once, on the hovered target or
 * the first. */
static void
on_focus_enter (ImhBoard *self)
{
  ImhBoardPrivate *priv = PRIV (self);

  priv->focused = TRUE;
  /* Coming to the board, it tells the position before the choice (a
   * decision made while the focus was elsewhere is not news here: the
   * position says what it left). */
  priv->position_first = TRUE;
  drop_announcement (self);
  if ((priv->focus < 0 || priv->focus >= priv->n_targets) && priv->n_targets > 0)
    priv->focus = priv->hover >= 0 ? priv->hover : 0;
  targets_changed (self);
}

static void
on_focus_leave (ImhBoard *self)
{
  PRIV (self)->focused = FALSE;
  /* Leaving the board: coming back, it tells the position. */
  drop_announcement (self);
  targets_changed (self);
}

/* ---- GObject ------------------------------------------------------------------------ */

static void
imh_board_dispose (GObject *object)
{
  ImhBoard *self = IMH_BOARD (object);

  stop_animation (self);
  g_signal_handlers_disconnect_by_data (adw_style_manager_get_default (), self);

  G_OBJECT_CLASS (imh_board_parent_class)->dispose (object);
}

static void
imh_board_finalize (GObject *object)
{
  ImhBoardPrivate *priv = PRIV (object);

  for (guint p = 0; p < IMH_MAX_PLAYERS; p++)
    g_free (priv->names[p]);
  g_free (priv->description);
  g_free (priv->announced);
  g_free (priv->announcement);

  G_OBJECT_CLASS (imh_board_parent_class)->finalize (object);
}

static void
imh_board_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  ImhBoardPrivate *priv = PRIV (object);

  switch (prop_id)
    {
    case PROP_INTERACTIVE:
      g_value_set_boolean (value, priv->interactive);
      break;
    case PROP_HINT_VISIBLE:
      g_value_set_boolean (value, priv->hint_visible);
      break;
    case PROP_BOTTOM_PLAYER:
      g_value_set_uint (value, priv->bottom_player);
      break;
    case PROP_PENDING:
      g_value_set_boolean (value, priv->has_pending);
      break;
    case PROP_REVEAL_HIDDEN:
      g_value_set_boolean (value, priv->reveal_hidden);
      break;
    case PROP_ANIMATING:
      g_value_set_boolean (value, priv->tick_id != 0);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imh_board_set_property (GObject      *object,
                        guint         prop_id,
                        const GValue *value,
                        GParamSpec   *pspec)
{
  ImhBoard *self = IMH_BOARD (object);

  switch (prop_id)
    {
    case PROP_BOTTOM_PLAYER:
      imh_board_set_bottom_player (self, g_value_get_uint (value));
      break;
    case PROP_REVEAL_HIDDEN:
      imh_board_set_reveal_hidden (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imh_board_class_init (ImhBoardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = imh_board_dispose;
  object_class->finalize = imh_board_finalize;
  object_class->get_property = imh_board_get_property;
  object_class->set_property = imh_board_set_property;

  widget_class->snapshot = imh_board_snapshot;
  widget_class->size_allocate = imh_board_size_allocate;

  klass->draw_target = default_draw_target;

  properties[PROP_INTERACTIVE] =
    g_param_spec_boolean ("interactive", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_HINT_VISIBLE] =
    g_param_spec_boolean ("hint-visible", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_BOTTOM_PLAYER] =
    g_param_spec_uint ("bottom-player", NULL, NULL, 0, IMH_MAX_PLAYERS - 1, 0,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  /* A target of several decisions was picked; the targets are narrowed. */
  properties[PROP_PENDING] =
    g_param_spec_boolean ("pending", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  /* Review "everything revealed": the hidden parts face up. */
  properties[PROP_REVEAL_HIDDEN] =
    g_param_spec_boolean ("reveal-hidden", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_ANIMATING] =
    g_param_spec_boolean ("animating", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* decide (decision): the user chose a legal decision. */
  signals[SIGNAL_DECIDE] =
    g_signal_new ("decide", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);

  gtk_widget_class_install_action (widget_class, "board.decide", "s", board_decide);
  gtk_widget_class_install_action (widget_class, "board.next-target", NULL, board_next_target);
  gtk_widget_class_install_action (widget_class, "board.previous-target", NULL, board_previous_target);
  gtk_widget_class_install_action (widget_class, "board.activate-target", NULL, board_activate_target);
  gtk_widget_class_install_action (widget_class, "board.cancel", NULL, board_cancel);
  gtk_widget_class_install_action (widget_class, "board.move", "(ii)", board_move);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, 0, "board.move", "(ii)", 1, 0);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Down, 0, "board.move", "(ii)", 0, 1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, 0, "board.move", "(ii)", -1, 0);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Up, 0, "board.move", "(ii)", 0, -1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, 0, "board.activate-target", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Enter, 0, "board.activate-target", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_space, 0, "board.activate-target", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "board.cancel", NULL);

  gtk_widget_class_set_css_name (widget_class, "board");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
imh_board_init (ImhBoard *self)
{
  ImhBoardPrivate *priv = PRIV (self);
  GtkEventController *motion;
  GtkGesture *click;
  GtkEventController *focus;

  priv->hover = -1;
  priv->focus = -1;
  priv->layout_w = -1;

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_focus_on_click (GTK_WIDGET (self), FALSE);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);

  motion = gtk_event_controller_motion_new ();
  g_signal_connect (motion, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect (motion, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);

  click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  g_signal_connect (click, "released", G_CALLBACK (on_click), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));

  focus = gtk_event_controller_focus_new ();
  g_signal_connect_swapped (focus, "enter", G_CALLBACK (on_focus_enter), self);
  g_signal_connect_swapped (focus, "leave", G_CALLBACK (on_focus_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self), focus);

  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  g_signal_connect (self, "query-tooltip", G_CALLBACK (on_query_tooltip), NULL);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Game board"),
                                  -1);
  g_signal_connect_swapped (adw_style_manager_get_default (), "notify::dark",
                            G_CALLBACK (gtk_widget_queue_draw), self);
}

/* ---- Public ------------------------------------------------------------------------- */

static void
show_state (ImhBoard       *self,
            const ImhState *state,
            gboolean        interactive)
{
  ImhBoardPrivate *priv = PRIV (self);

  imh_state_copy (&priv->state, state);
  priv->has_state = TRUE;
  if (imh_is_over (&priv->state))
    interactive = FALSE;
  imh_legal (&priv->state, &priv->legal);
  set_pending (self, NULL);
  if (priv->interactive != interactive)
    {
      priv->interactive = interactive;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_INTERACTIVE]);
    }
  rebuild_targets (self);
  update_accessible (self);
}

void
imh_board_set_state (ImhBoard       *self,
                     const ImhState *state,
                     gboolean        interactive,
                     gboolean        animate)
{
  ImhBoardPrivate *priv;
  ImhState old;
  gboolean had_state;

  g_return_if_fail (IMH_IS_BOARD (self));
  g_return_if_fail (state != NULL);

  priv = PRIV (self);
  had_state = priv->has_state && priv->state.kind == state->kind;
  /* The position an animation runs to, given again (a refresh after
   * animate_decision ()): the animation runs on to its end. */
  if (!animate && had_state && priv->tick_id != 0
      && memcmp (&priv->state, state, imh_rules_of (state)->state_size) == 0)
    {
      if (priv->interactive != (interactive && !imh_is_over (state)))
        show_state (self, state, interactive);
      return;
    }
  /* The position shown, given again (a refresh of the view): a first
   * pick made meanwhile stays, so the next key or click plays in it. */
  if (!animate && had_state && priv->has_pending
      && priv->interactive == (interactive && !imh_is_over (state))
      && memcmp (&priv->state, state, imh_rules_of (state)->state_size) == 0)
    return;
  if (had_state)
    imh_state_copy (&old, &priv->state);
  /* Another position (undo, a step through the history, a new game): the
   * decision announced last is no longer the news. */
  if (!had_state || memcmp (&priv->state, state, imh_rules_of (state)->state_size) != 0)
    drop_announcement (self);
  show_state (self, state, interactive);
  if (animate && had_state)
    start_animation (self, &old, NULL);
  else
    stop_animation (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
imh_board_animate_decision (ImhBoard       *self,
                            const ImhState *before,
                            ImhDecision     decision,
                            const ImhState *after,
                            gboolean        interactive)
{
  ImhState old;

  g_return_if_fail (IMH_IS_BOARD (self));
  g_return_if_fail (before != NULL && after != NULL && before->kind == after->kind);

  /* before may be the state shown now. */
  imh_state_copy (&old, before);
  announce_decision (self, &old, decision, after);
  show_state (self, after, interactive);
  start_animation (self, &old, &decision);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const ImhState *
imh_board_get_state (ImhBoard *self)
{
  g_return_val_if_fail (IMH_IS_BOARD (self), NULL);

  return _imh_board_get_state (self);
}

gboolean
imh_board_get_interactive (ImhBoard *self)
{
  g_return_val_if_fail (IMH_IS_BOARD (self), FALSE);

  return PRIV (self)->interactive;
}

void
imh_board_set_player_name (ImhBoard   *self,
                           guint       player,
                           const char *name)
{
  ImhBoardPrivate *priv;

  g_return_if_fail (IMH_IS_BOARD (self));
  g_return_if_fail (player < IMH_MAX_PLAYERS);

  priv = PRIV (self);
  g_free (priv->names[player]);
  priv->names[player] = g_strdup (name);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
imh_board_set_bottom_player (ImhBoard *self,
                             guint     player)
{
  ImhBoardPrivate *priv;

  g_return_if_fail (IMH_IS_BOARD (self));

  priv = PRIV (self);
  player = MIN (player, IMH_MAX_PLAYERS - 1);
  if (priv->bottom_player == player)
    return;
  priv->bottom_player = player;
  _imh_board_invalidate_layout (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BOTTOM_PLAYER]);
}

guint
imh_board_get_bottom_player (ImhBoard *self)
{
  g_return_val_if_fail (IMH_IS_BOARD (self), 0);

  return PRIV (self)->bottom_player;
}

void
imh_board_show_hint (ImhBoard    *self,
                     ImhDecision  decision,
                     double       win)
{
  imh_board_show_hints (self, &decision, &win, 1);
}

void
imh_board_clear_hint (ImhBoard *self)
{
  ImhBoardPrivate *priv;

  g_return_if_fail (IMH_IS_BOARD (self));

  priv = PRIV (self);
  if (!priv->hint_visible)
    return;
  priv->hint_visible = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HINT_VISIBLE]);
}

void
imh_board_show_hints (ImhBoard          *self,
                      const ImhDecision *decisions,
                      const double      *wins,
                      guint              n)
{
  ImhBoardPrivate *priv;

  g_return_if_fail (IMH_IS_BOARD (self));
  g_return_if_fail (n == 0 || (decisions != NULL && wins != NULL));

  if (n == 0)
    {
      imh_board_clear_hint (self);
      return;
    }
  priv = PRIV (self);
  n = MIN (n, IMH_BOARD_MAX_HINTS);
  for (guint i = 0; i < n; i++)
    {
      priv->hints[i] = decisions[i];
      priv->wins[i] = wins[i];
    }
  priv->n_hints = n;
  /* The keyboard focus goes to the hint, so Enter or Space plays it. */
  for (int i = 0; i < priv->n_targets; i++)
    if (priv->targets[i].n_decisions == 1 && !priv->targets[i].pick
        && priv->targets[i].decisions[0] == decisions[0])
      priv->focus = i;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  if (!priv->hint_visible)
    {
      priv->hint_visible = TRUE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HINT_VISIBLE]);
    }
}

guint
imh_board_get_n_hints (ImhBoard *self)
{
  g_return_val_if_fail (IMH_IS_BOARD (self), 0);

  return PRIV (self)->hint_visible ? PRIV (self)->n_hints : 0;
}

gboolean
imh_board_get_hint_visible (ImhBoard *self)
{
  g_return_val_if_fail (IMH_IS_BOARD (self), FALSE);

  return PRIV (self)->hint_visible;
}

gboolean
imh_board_get_hint (ImhBoard    *self,
                    ImhDecision *decision)
{
  ImhBoardPrivate *priv;

  g_return_val_if_fail (IMH_IS_BOARD (self), FALSE);

  priv = PRIV (self);
  if (priv->hint_visible && decision != NULL)
    *decision = priv->hints[0];
  return priv->hint_visible;
}

guint
imh_board_get_n_targets (ImhBoard *self)
{
  g_return_val_if_fail (IMH_IS_BOARD (self), 0);

  return PRIV (self)->n_targets;
}

char *
imh_board_dup_target_name (ImhBoard *self,
                           guint     i)
{
  ImhBoardPrivate *priv;

  g_return_val_if_fail (IMH_IS_BOARD (self), NULL);

  priv = PRIV (self);
  if (i >= (guint) priv->n_targets)
    return NULL;
  return target_name (self, &priv->targets[i]);
}

guint
imh_board_get_target_decisions (ImhBoard    *self,
                                guint        i,
                                ImhDecision *decisions,
                                guint        max)
{
  ImhBoardPrivate *priv;
  const ImhBoardTarget *t;

  g_return_val_if_fail (IMH_IS_BOARD (self), 0);

  priv = PRIV (self);
  if (i >= (guint) priv->n_targets)
    return 0;
  t = &priv->targets[i];
  for (guint k = 0; decisions != NULL && k < MIN (max, t->n_decisions); k++)
    decisions[k] = t->decisions[k];
  return t->n_decisions;
}

char *
imh_board_dup_focus_name (ImhBoard *self)
{
  ImhBoardPrivate *priv;

  g_return_val_if_fail (IMH_IS_BOARD (self), NULL);

  priv = PRIV (self);
  if (priv->focus < 0 || priv->focus >= priv->n_targets)
    return NULL;
  return target_name (self, &priv->targets[priv->focus]);
}

gboolean
imh_board_get_pending (ImhBoard *self)
{
  g_return_val_if_fail (IMH_IS_BOARD (self), FALSE);

  return PRIV (self)->has_pending;
}

char *
imh_board_dup_pending_name (ImhBoard *self)
{
  ImhBoardPrivate *priv;

  g_return_val_if_fail (IMH_IS_BOARD (self), NULL);

  priv = PRIV (self);
  return priv->has_pending ? target_name (self, &priv->pending) : NULL;
}

void
imh_board_set_reveal_hidden (ImhBoard *self,
                             gboolean  reveal)
{
  ImhBoardPrivate *priv;

  g_return_if_fail (IMH_IS_BOARD (self));

  priv = PRIV (self);
  reveal = !!reveal;
  if (priv->reveal_hidden == reveal)
    return;
  priv->reveal_hidden = reveal;
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REVEAL_HIDDEN]);
}

gboolean
imh_board_get_reveal_hidden (ImhBoard *self)
{
  g_return_val_if_fail (IMH_IS_BOARD (self), FALSE);

  return PRIV (self)->reveal_hidden;
}

int
imh_board_get_n_revealed (ImhBoard *self)
{
  g_return_val_if_fail (IMH_IS_BOARD (self), 0);

  return PRIV (self)->n_revealed;
}

void
imh_board_set_last_decision (ImhBoard    *self,
                             gboolean     has_last,
                             ImhDecision  decision)
{
  ImhBoardPrivate *priv;

  g_return_if_fail (IMH_IS_BOARD (self));

  priv = PRIV (self);
  priv->has_last = has_last;
  priv->last_decision = decision;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

ImhBoard *
_imh_board_new_still (ImhBoard *self)
{
  ImhBoardPrivate *priv, *copy_priv;
  ImhBoard *copy;

  g_return_val_if_fail (IMH_IS_BOARD (self), NULL);

  priv = PRIV (self);
  copy = g_object_new (G_OBJECT_TYPE (self), NULL);
  copy_priv = PRIV (copy);
  for (guint p = 0; p < IMH_MAX_PLAYERS; p++)
    copy_priv->names[p] = g_strdup (priv->names[p]);
  copy_priv->bottom_player = priv->bottom_player;
  copy_priv->reveal_hidden = priv->reveal_hidden;
  copy_priv->has_last = priv->has_last;
  copy_priv->last_decision = priv->last_decision;
  copy_priv->style_free = priv->style_free;
  /* The position itself: where an animation (of self) ends, never a frame
   * of it; never interactive, so no targets are drawn. */
  if (priv->has_state)
    show_state (copy, &priv->state, FALSE);
  return copy;
}

gboolean
imh_board_get_animating (ImhBoard *self)
{
  g_return_val_if_fail (IMH_IS_BOARD (self), FALSE);

  return PRIV (self)->tick_id != 0;
}

gboolean
imh_board_type_draw_item (GType    board_type,
                          cairo_t *cr,
                          guint    item,
                          double   x,
                          double   y,
                          double   size)
{
  g_autoptr(GTypeClass) klass = NULL;

  g_return_val_if_fail (g_type_is_a (board_type, IMH_TYPE_BOARD), FALSE);

  klass = g_type_class_ref (board_type);
  if (IMH_BOARD_CLASS (klass)->draw_item == NULL)
    return FALSE;
  IMH_BOARD_CLASS (klass)->draw_item (IMH_BOARD_CLASS (klass), cr, item, x, y, size);
  return TRUE;
}

char *
imh_board_type_dup_unseen_text (GType           board_type,
                                const ImhState *state)
{
  g_autoptr(GTypeClass) klass = NULL;

  g_return_val_if_fail (g_type_is_a (board_type, IMH_TYPE_BOARD), NULL);
  g_return_val_if_fail (state != NULL, NULL);

  klass = g_type_class_ref (board_type);
  if (IMH_BOARD_CLASS (klass)->describe_unseen == NULL)
    return NULL;
  return IMH_BOARD_CLASS (klass)->describe_unseen (IMH_BOARD_CLASS (klass), state);
}

char *
imh_board_type_dup_item_name (GType board_type,
                              guint item)
{
  g_autoptr(GTypeClass) klass = NULL;

  g_return_val_if_fail (g_type_is_a (board_type, IMH_TYPE_BOARD), NULL);

  klass = g_type_class_ref (board_type);
  if (IMH_BOARD_CLASS (klass)->item_name == NULL)
    return NULL;
  return IMH_BOARD_CLASS (klass)->item_name (IMH_BOARD_CLASS (klass), item);
}

const char *
imh_board_type_get_unseen_heading (GType    board_type,
                                   gboolean out,
                                   gboolean by_kind)
{
  g_autoptr(GTypeClass) klass = NULL;

  g_return_val_if_fail (g_type_is_a (board_type, IMH_TYPE_BOARD), NULL);

  klass = g_type_class_ref (board_type);
  if (IMH_BOARD_CLASS (klass)->unseen_heading == NULL)
    return NULL;
  return IMH_BOARD_CLASS (klass)->unseen_heading (IMH_BOARD_CLASS (klass), out, by_kind);
}
