/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-game.c — the game session: tree of decisions, live/viewed plies, computer seats. */
#define G_LOG_DOMAIN "imh-game"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdatomic.h>
#include <string.h>

#include "imh-ai.h"
#include "imh-game-private.h"
#include "imh-history-private.h"

/* The game tree: every decision ever played (and kept) from the initial
 * position. children[active] continues the current line. */
typedef struct _Node Node;
struct _Node
{
  ImhDecision  d;
  Node        *parent;
  GPtrArray   *children;    /* Node *, owned; NULL when none */
  guint        active;
};

struct _ImhGame
{
  GObject         parent_instance;

  const ImhRules *rules;
  ImhOptions      options;
  guint64         seed;

  Node           *root;
  GPtrArray      *line;     /* Node *: line[i] played decision i (owned by the tree) */
  GArray         *states;   /* ImhState: states[i] = ply i; line->len + 1 of them */
  guint           live;
  guint           viewed;

  ImhSeat        *seats[IMH_MAX_PLAYERS];
  ImhHistory     *history;

  /* Changes since creation / loading / saving. */
  guint64         serial;
  guint64         saved_serial;

  /* Header data kept from a loaded record (dates, extra fields). */
  char           *started;
  GPtrArray      *fields;   /* char *: key, value, key, value … */

  /* Computer. */
  guint           pace;
  guint           think_gen;        /* bumped on every cancellation */
  GCancellable   *think_cancellable;
  gboolean        thinking;
  gint64          think_started;
  guint           pace_source;
  ImhDecision     pending_decision;
  guint           computer_idle;
  gboolean        computer_stopped; /* until the live position changes */
  gboolean        computer_resumed; /* may play with a redo tail */

  /* Last notified values. */
  struct {
    int          actor;
    int          turn_player;
    gboolean     is_over;
    gboolean     can_undo;
    gboolean     can_redo;
    ImhGamePhase phase;
    gboolean     thinking;
    guint        live;
    guint        viewed;
    guint        n_plies;
    gboolean     modified;
    ImhScore     score;
    ImhScore     viewed_score;
  } shown;
};

G_DEFINE_FINAL_TYPE (ImhGame, imh_game, G_TYPE_OBJECT)

G_DEFINE_QUARK (imh-game-error-quark, imh_game_error)

G_DEFINE_ENUM_TYPE (ImhBranchMode, imh_branch_mode,
  G_DEFINE_ENUM_VALUE (IMH_BRANCH_TRUNCATE, "truncate"),
  G_DEFINE_ENUM_VALUE (IMH_BRANCH_VARIATION, "variation"))

G_DEFINE_ENUM_TYPE (ImhGameKind, imh_game_kind,
  G_DEFINE_ENUM_VALUE (IMH_GAME_DUEL, "duel"),
  G_DEFINE_ENUM_VALUE (IMH_GAME_CLASSIC, "classic"))

G_DEFINE_ENUM_TYPE (ImhGamePhase, imh_game_phase,
  G_DEFINE_ENUM_VALUE (IMH_GAME_PHASE_HUMAN, "human"),
  G_DEFINE_ENUM_VALUE (IMH_GAME_PHASE_COMPUTER, "computer"),
  G_DEFINE_ENUM_VALUE (IMH_GAME_PHASE_COMPUTER_WAITING, "computer-waiting"),
  G_DEFINE_ENUM_VALUE (IMH_GAME_PHASE_OVER, "over"))

static ImhScore *
score_copy (const ImhScore *score)
{
  return g_memdup2 (score, sizeof *score);
}

G_DEFINE_BOXED_TYPE (ImhScore, imh_score, score_copy, g_free)

enum {
  PROP_0,
  PROP_KIND,
  PROP_N_PLAYERS,
  PROP_SEED,
  PROP_ACTOR,
  PROP_TURN_PLAYER,
  PROP_IS_OVER,
  PROP_PHASE,
  PROP_THINKING,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_LIVE_PLY,
  PROP_VIEWED_PLY,
  PROP_N_PLIES,
  PROP_SCORE,
  PROP_VIEWED_SCORE,
  PROP_PACE,
  PROP_HISTORY,
  PROP_MODIFIED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  DECISION_APPLIED,
  UNDONE,
  REDONE,
  TURN_STARTED,
  GAME_OVER,
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void cancel_thinking  (ImhGame *self);
static void queue_computer   (ImhGame *self);

/* ---- The tree ------------------------------------------------------------ */

static void
node_free (gpointer data)
{
  Node *node = data;

  if (node == NULL)
    return;
  g_clear_pointer (&node->children, g_ptr_array_unref);
  g_free (node);
}

static Node *
node_new (Node        *parent,
          ImhDecision  d)
{
  Node *node = g_new0 (Node, 1);

  node->d = d;
  node->parent = parent;
  return node;
}

static guint
node_n_children (const Node *node)
{
  return node->children != NULL ? node->children->len : 0;
}

static Node *
node_child (const Node *node,
            guint       i)
{
  return g_ptr_array_index (node->children, i);
}

static int
node_find_child (const Node  *node,
                 ImhDecision  d)
{
  for (guint i = 0; i < node_n_children (node); i++)
    if (node_child (node, i)->d == d)
      return (int) i;
  return -1;
}

static guint
node_add_child (Node        *node,
                ImhDecision  d)
{
  if (node->children == NULL)
    node->children = g_ptr_array_new_with_free_func (node_free);
  g_ptr_array_add (node->children, node_new (node, d));
  return node->children->len - 1;
}

static ImhState *
state_at (ImhGame *self,
          guint    ply)
{
  g_assert (ply < self->states->len);
  return &g_array_index (self->states, ImhState, ply);
}

/* The node whose children continue ply (the root for ply 0). */
static Node *
node_at (ImhGame *self,
         guint    ply)
{
  g_assert (ply <= self->line->len);
  return ply == 0 ? self->root : g_ptr_array_index (self->line, ply - 1);
}

/* Recomputes the line (and its states) from ply on, following the active
 * children. */
static void
rebuild_line_from (ImhGame *self,
                   guint    ply)
{
  Node *node = node_at (self, ply);

  g_ptr_array_set_size (self->line, ply);
  g_array_set_size (self->states, ply + 1);
  while (node_n_children (node) > 0)
    {
      Node *child = node_child (node, node->active);
      ImhState next;

      memcpy (&next, state_at (self, self->line->len), sizeof next);
      g_assert (self->rules->is_legal (&next, child->d));
      self->rules->apply (&next, child->d);
      g_ptr_array_add (self->line, child);
      g_array_append_val (self->states, next);
      node = child;
    }
}

static void
reset_tree (ImhGame        *self,
            const ImhState *initial)
{
  g_clear_pointer (&self->root, node_free);
  self->root = node_new (NULL, 0);
  g_ptr_array_set_size (self->line, 0);
  g_array_set_size (self->states, 0);
  g_array_append_vals (self->states, initial, 1);
  self->live = 0;
  self->viewed = 0;
}

/* ---- Derived values -------------------------------------------------------- */

static gboolean
is_turn_start (ImhGame *self,
               guint    ply)
{
  if (ply == 0)
    return TRUE;
  return self->rules->turn_index (state_at (self, ply)) !=
         self->rules->turn_index (state_at (self, ply - 1));
}

static ImhSeat *
seat_of (ImhGame *self,
         int      player)
{
  if (player < 0 || (guint) player >= self->options.n_players)
    return NULL;
  return self->seats[player];
}

static gboolean
is_computer (ImhGame *self,
             int      player)
{
  ImhSeat *seat = seat_of (self, player);

  return seat != NULL && imh_seat_is_computer (seat);
}

static ImhGamePhase
compute_phase (ImhGame *self)
{
  const ImhState *s = state_at (self, self->live);

  if (self->rules->is_over (s))
    return IMH_GAME_PHASE_OVER;
  if (!is_computer (self, self->rules->actor (s)))
    return IMH_GAME_PHASE_HUMAN;
  if (self->computer_stopped ||
      (self->live < self->line->len && !self->computer_resumed))
    return IMH_GAME_PHASE_COMPUTER_WAITING;
  return IMH_GAME_PHASE_COMPUTER;
}

#define SYNC(field, value, prop)                                        \
  G_STMT_START {                                                        \
    if (self->shown.field != (value))                                   \
      {                                                                 \
        self->shown.field = (value);                                    \
        g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);   \
      }                                                                 \
  } G_STMT_END

/* Brings history and every derived property up to date, notifying only
 * what changed. */
static void
sync_props (ImhGame *self)
{
  const ImhState *live = state_at (self, self->live);
  ImhScore score, viewed_score;

  if (self->viewed > self->live)
    self->viewed = self->live;

  g_object_freeze_notify (G_OBJECT (self));

  {
    g_autofree ImhDecision *decisions = g_new (ImhDecision, self->live + 1);

    for (guint i = 0; i < self->live; i++)
      decisions[i] = ((Node *) g_ptr_array_index (self->line, i))->d;
    _imh_history_update (self->history, self->rules, decisions,
                         (const ImhState *) (gpointer) self->states->data, self->live);
  }

  SYNC (actor, self->rules->actor (live), PROP_ACTOR);
  SYNC (turn_player, self->rules->turn_player (live), PROP_TURN_PLAYER);
  SYNC (is_over, (gboolean) self->rules->is_over (live), PROP_IS_OVER);
  SYNC (can_undo, self->live > 0, PROP_CAN_UNDO);
  SYNC (can_redo, self->live < self->line->len, PROP_CAN_REDO);
  SYNC (phase, compute_phase (self), PROP_PHASE);
  SYNC (thinking, self->thinking, PROP_THINKING);
  SYNC (live, self->live, PROP_LIVE_PLY);
  SYNC (viewed, self->viewed, PROP_VIEWED_PLY);
  SYNC (n_plies, self->line->len, PROP_N_PLIES);
  SYNC (modified, self->serial != self->saved_serial, PROP_MODIFIED);

  memset (&score, 0, sizeof score);
  self->rules->score (live, &score);
  if (memcmp (&score, &self->shown.score, sizeof score) != 0)
    {
      self->shown.score = score;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SCORE]);
    }
  memset (&viewed_score, 0, sizeof viewed_score);
  self->rules->score (state_at (self, self->viewed), &viewed_score);
  if (memcmp (&viewed_score, &self->shown.viewed_score, sizeof viewed_score) != 0)
    {
      self->shown.viewed_score = viewed_score;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VIEWED_SCORE]);
    }

  g_object_thaw_notify (G_OBJECT (self));
}

/* ---- Moving the live position ---------------------------------------------- */

/* After the live ply changed: turn-started, game-over, changed, computer. */
static void
after_live_change (ImhGame  *self,
                   gboolean  was_over)
{
  const ImhState *live = state_at (self, self->live);
  gboolean over = self->rules->is_over (live);

  if (!over && is_turn_start (self, self->live))
    g_signal_emit (self, signals[TURN_STARTED], 0,
                   self->rules->turn_player (live), self->live);
  if (over && !was_over)
    g_signal_emit (self, signals[GAME_OVER], 0);
  g_signal_emit (self, signals[CHANGED], 0);
  queue_computer (self);
}

static gboolean
move_live (ImhGame *self,
           guint    ply)
{
  guint from = self->live;
  gboolean was_over;

  g_assert (ply <= self->line->len);

  if (ply == from)
    return FALSE;

  was_over = self->rules->is_over (state_at (self, from));
  cancel_thinking (self);
  self->serial++;
  self->computer_stopped = FALSE;
  self->computer_resumed = FALSE;
  if (self->viewed == from || self->viewed > ply)
    self->viewed = ply;
  self->live = ply;
  sync_props (self);

  g_signal_emit (self, signals[ply < from ? UNDONE : REDONE], 0, from, ply);
  after_live_change (self, was_over);
  return TRUE;
}

/* Plays d (legal) at the live ply. */
static void
play_at_live (ImhGame       *self,
              ImhDecision    d,
              ImhBranchMode  mode)
{
  guint ply = self->live;
  Node *node = node_at (self, ply);
  int index = node_find_child (node, d);

  g_assert (self->rules->is_legal (state_at (self, ply), d));

  cancel_thinking (self);
  self->serial++;
  self->computer_stopped = FALSE;
  if (index >= 0)
    {
      /* d is already in the tree here: the current continuation (a redo)
       * or a variation, which becomes the current line. */
      if ((guint) index != node->active)
        {
          if (mode == IMH_BRANCH_TRUNCATE)
            {
              g_ptr_array_remove_index (node->children, node->active);
              index = node_find_child (node, d);
              g_assert (index >= 0);
            }
          node->active = (guint) index;
          rebuild_line_from (self, ply);
        }
    }
  else
    {
      if (mode == IMH_BRANCH_TRUNCATE && node_n_children (node) > 0)
        g_ptr_array_remove_index (node->children, node->active);
      node->active = node_add_child (node, d);
      rebuild_line_from (self, ply);
    }

  self->live = ply + 1;
  /* The view follows the live position unless it shows the past (review
   * while the computer plays). */
  if (self->viewed == ply)
    self->viewed = self->live;
  if (self->live == self->line->len)
    self->computer_resumed = FALSE;
  sync_props (self);

  g_signal_emit (self, signals[DECISION_APPLIED], 0, ply, (guint) d);
  after_live_change (self, FALSE);
}

/* ---- Computer ---------------------------------------------------------------- */

typedef struct
{
  ImhState             state;
  const ImhPlayerSpec *spec;
  guint64              seed;
  atomic_bool          stop;
  GCancellable        *cancellable;
  gulong               handler;
} ThinkJob;

typedef struct
{
  GWeakRef game;
  guint    gen;
} ThinkCtx;

static void
think_job_free (gpointer data)
{
  ThinkJob *job = data;

  if (job->handler != 0)
    g_cancellable_disconnect (job->cancellable, job->handler);
  g_clear_object (&job->cancellable);
  g_free (job);
}

static void
think_on_cancelled (GCancellable *cancellable,
                    gpointer      data)
{
  ThinkJob *job = data;

  atomic_store (&job->stop, true);
}

static void
think_thread (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  ThinkJob *job = task_data;
  ImhDecision d = 0;

  if (!imh_player_choose (job->spec, &job->state, job->seed, &job->stop, &d))
    {
      g_task_return_new_error (task, IMH_GAME_ERROR, IMH_GAME_ERROR_GAME_OVER,
                               "%s", _("The game is over."));
      return;
    }
  g_task_return_int (task, d);
}

static void
apply_computer (ImhGame     *self,
                ImhDecision  d)
{
  const ImhState *live = state_at (self, self->live);

  g_clear_object (&self->think_cancellable);
  self->thinking = FALSE;
  if (!self->rules->is_legal (live, d))
    {
      g_critical ("The computer chose decision %u, illegal at ply %u", d, self->live);
      sync_props (self);
      return;
    }
  play_at_live (self, d, IMH_BRANCH_VARIATION);
}

static gboolean
pace_done (gpointer data)
{
  ImhGame *self = data;

  self->pace_source = 0;
  apply_computer (self, self->pending_decision);
  return G_SOURCE_REMOVE;
}

static void
think_done (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  ThinkCtx *ctx = user_data;
  g_autoptr(ImhGame) self = g_weak_ref_get (&ctx->game);
  g_autoptr(GError) error = NULL;
  gssize d;
  gint64 remaining;

  d = g_task_propagate_int (G_TASK (result), &error);
  if (self == NULL || ctx->gen != self->think_gen || error != NULL || !self->thinking)
    goto out;

  remaining = (gint64) self->pace * 1000 - (g_get_monotonic_time () - self->think_started);
  if (remaining > 0)
    {
      self->pending_decision = (ImhDecision) d;
      self->pace_source = g_timeout_add ((guint) ((remaining + 999) / 1000), pace_done, self);
    }
  else
    apply_computer (self, (ImhDecision) d);

out:
  g_weak_ref_clear (&ctx->game);
  g_free (ctx);
}

static void
start_computer (ImhGame *self)
{
  const ImhState *live = state_at (self, self->live);
  const ImhPlayerSpec *spec;
  ImhSeat *seat;
  ThinkJob *job;
  ThinkCtx *ctx;
  g_autoptr(GTask) task = NULL;

  if (self->thinking || self->pace_source != 0)
    return;
  if (compute_phase (self) != IMH_GAME_PHASE_COMPUTER)
    return;

  seat = seat_of (self, self->rules->actor (live));
  spec = imh_level_from_name (imh_seat_get_level (seat));
  if (spec == NULL)
    spec = imh_level_from_name (IMH_SEAT_DEFAULT_LEVEL);
  g_assert (spec != NULL);

  job = g_new0 (ThinkJob, 1);
  memcpy (&job->state, live, sizeof job->state);
  job->spec = spec;
  /* Reproducible per position and game, different across positions,
   * from public data only. */
  job->seed = _imh_game_public_seed (self, self->live);
  atomic_init (&job->stop, false);

  self->think_cancellable = g_cancellable_new ();
  job->cancellable = g_object_ref (self->think_cancellable);
  job->handler = g_cancellable_connect (job->cancellable, G_CALLBACK (think_on_cancelled),
                                        job, NULL);

  ctx = g_new0 (ThinkCtx, 1);
  g_weak_ref_init (&ctx->game, self);
  ctx->gen = self->think_gen;

  task = g_task_new (NULL, self->think_cancellable, think_done, ctx);
  g_task_set_source_tag (task, start_computer);
  g_task_set_name (task, "imh-game-computer");
  g_task_set_task_data (task, job, think_job_free);

  self->thinking = TRUE;
  self->think_started = g_get_monotonic_time ();
  g_task_run_in_thread (task, think_thread);

  sync_props (self);
}

static gboolean
computer_idle_cb (gpointer data)
{
  ImhGame *self = data;

  self->computer_idle = 0;
  start_computer (self);
  return G_SOURCE_REMOVE;
}

static void
queue_computer (ImhGame *self)
{
  if (self->computer_idle == 0 && compute_phase (self) == IMH_GAME_PHASE_COMPUTER)
    self->computer_idle = g_idle_add (computer_idle_cb, self);
}

static void
cancel_thinking (ImhGame *self)
{
  if (self->think_cancellable != NULL)
    {
      g_cancellable_cancel (self->think_cancellable);
      g_clear_object (&self->think_cancellable);
    }
  g_clear_handle_id (&self->pace_source, g_source_remove);
  g_clear_handle_id (&self->computer_idle, g_source_remove);
  self->think_gen++;
  self->thinking = FALSE;
}

static void
seat_changed (ImhSeat    *seat,
              GParamSpec *pspec,
              gpointer    data)
{
  ImhGame *self = data;
  int actor = self->rules->actor (state_at (self, self->live));

  /* A new kind or level for the seat that decides: think again. */
  if ((int) imh_seat_get_player (seat) != actor)
    return;
  cancel_thinking (self);
  sync_props (self);
  queue_computer (self);
}

/* ---- GObject ------------------------------------------------------------------- */

static void
imh_game_dispose (GObject *object)
{
  ImhGame *self = IMH_GAME (object);

  cancel_thinking (self);
  for (guint p = 0; p < IMH_MAX_PLAYERS; p++)
    {
      if (self->seats[p] != NULL)
        g_signal_handlers_disconnect_by_data (self->seats[p], self);
      g_clear_object (&self->seats[p]);
    }
  g_clear_object (&self->history);

  G_OBJECT_CLASS (imh_game_parent_class)->dispose (object);
}

static void
imh_game_finalize (GObject *object)
{
  ImhGame *self = IMH_GAME (object);

  g_clear_pointer (&self->root, node_free);
  g_clear_pointer (&self->line, g_ptr_array_unref);
  g_clear_pointer (&self->states, g_array_unref);
  g_clear_pointer (&self->started, g_free);
  g_clear_pointer (&self->fields, g_ptr_array_unref);

  G_OBJECT_CLASS (imh_game_parent_class)->finalize (object);
}

static void
imh_game_get_property (GObject    *object,
                       guint       prop_id,
                       GValue     *value,
                       GParamSpec *pspec)
{
  ImhGame *self = IMH_GAME (object);

  switch (prop_id)
    {
    case PROP_KIND:
      g_value_set_enum (value, self->options.game);
      break;
    case PROP_N_PLAYERS:
      g_value_set_uint (value, self->options.n_players);
      break;
    case PROP_SEED:
      g_value_set_uint64 (value, self->seed);
      break;
    case PROP_ACTOR:
      g_value_set_int (value, self->shown.actor);
      break;
    case PROP_TURN_PLAYER:
      g_value_set_int (value, self->shown.turn_player);
      break;
    case PROP_IS_OVER:
      g_value_set_boolean (value, self->shown.is_over);
      break;
    case PROP_PHASE:
      g_value_set_enum (value, self->shown.phase);
      break;
    case PROP_THINKING:
      g_value_set_boolean (value, self->shown.thinking);
      break;
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, self->shown.can_undo);
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, self->shown.can_redo);
      break;
    case PROP_LIVE_PLY:
      g_value_set_uint (value, self->live);
      break;
    case PROP_VIEWED_PLY:
      g_value_set_uint (value, self->viewed);
      break;
    case PROP_N_PLIES:
      g_value_set_uint (value, self->line->len);
      break;
    case PROP_SCORE:
      g_value_set_boxed (value, &self->shown.score);
      break;
    case PROP_VIEWED_SCORE:
      g_value_set_boxed (value, &self->shown.viewed_score);
      break;
    case PROP_PACE:
      g_value_set_uint (value, self->pace);
      break;
    case PROP_HISTORY:
      g_value_set_object (value, self->history);
      break;
    case PROP_MODIFIED:
      g_value_set_boolean (value, self->shown.modified);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imh_game_set_property (GObject      *object,
                       guint         prop_id,
                       const GValue *value,
                       GParamSpec   *pspec)
{
  ImhGame *self = IMH_GAME (object);

  switch (prop_id)
    {
    case PROP_VIEWED_PLY:
      imh_game_set_viewed_ply (self, g_value_get_uint (value));
      break;
    case PROP_PACE:
      imh_game_set_pace (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imh_game_class_init (ImhGameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags ro = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;
  const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;

  object_class->dispose = imh_game_dispose;
  object_class->finalize = imh_game_finalize;
  object_class->get_property = imh_game_get_property;
  object_class->set_property = imh_game_set_property;

  properties[PROP_KIND] =
    g_param_spec_enum ("kind", NULL, NULL, IMH_TYPE_GAME_KIND, IMH_GAME_DUEL, ro);
  properties[PROP_N_PLAYERS] = g_param_spec_uint ("n-players", NULL, NULL, 0, IMH_MAX_PLAYERS, 2, ro);
  properties[PROP_SEED] = g_param_spec_uint64 ("seed", NULL, NULL, 0, G_MAXUINT64, 0, ro);
  properties[PROP_ACTOR] = g_param_spec_int ("actor", NULL, NULL, -1, IMH_MAX_PLAYERS - 1, -1, ro);
  properties[PROP_TURN_PLAYER] =
    g_param_spec_int ("turn-player", NULL, NULL, -1, IMH_MAX_PLAYERS - 1, -1, ro);
  properties[PROP_IS_OVER] = g_param_spec_boolean ("is-over", NULL, NULL, FALSE, ro);
  properties[PROP_PHASE] =
    g_param_spec_enum ("phase", NULL, NULL, IMH_TYPE_GAME_PHASE, IMH_GAME_PHASE_HUMAN, ro);
  properties[PROP_THINKING] = g_param_spec_boolean ("thinking", NULL, NULL, FALSE, ro);
  properties[PROP_CAN_UNDO] = g_param_spec_boolean ("can-undo", NULL, NULL, FALSE, ro);
  properties[PROP_CAN_REDO] = g_param_spec_boolean ("can-redo", NULL, NULL, FALSE, ro);
  properties[PROP_LIVE_PLY] = g_param_spec_uint ("live-ply", NULL, NULL, 0, G_MAXUINT, 0, ro);
  properties[PROP_VIEWED_PLY] = g_param_spec_uint ("viewed-ply", NULL, NULL, 0, G_MAXUINT, 0, rw);
  properties[PROP_N_PLIES] = g_param_spec_uint ("n-plies", NULL, NULL, 0, G_MAXUINT, 0, ro);
  properties[PROP_SCORE] = g_param_spec_boxed ("score", NULL, NULL, IMH_TYPE_SCORE, ro);
  properties[PROP_VIEWED_SCORE] = g_param_spec_boxed ("viewed-score", NULL, NULL, IMH_TYPE_SCORE, ro);
  properties[PROP_PACE] = g_param_spec_uint ("pace", NULL, NULL, 0, 60000, 600, rw);
  properties[PROP_HISTORY] =
    g_param_spec_object ("history", NULL, NULL, IMH_TYPE_HISTORY,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  properties[PROP_MODIFIED] = g_param_spec_boolean ("modified", NULL, NULL, FALSE, ro);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * ImhGame::decision-applied:
   * @ply: the ply the decision was played in (the live ply is now @ply + 1)
   * @decision: the ImhDecision
   *
   * A decision was played (by a human through imh_game_apply() or by a
   * computer seat), also when it only re-entered the redo tail.
   */
  signals[DECISION_APPLIED] =
    g_signal_new ("decision-applied", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);
  /**
   * ImhGame::undone:
   * @from_ply: the live ply before
   * @to_ply: the live ply now (< @from_ply)
   */
  signals[UNDONE] =
    g_signal_new ("undone", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);
  /**
   * ImhGame::redone:
   * @from_ply: the live ply before
   * @to_ply: the live ply now (> @from_ply)
   */
  signals[REDONE] =
    g_signal_new ("redone", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);
  /**
   * ImhGame::turn-started:
   * @player: whose turn it is
   * @ply: the live ply, the first of the turn
   *
   * The live position moved (apply, undo, redo, new game, load) to the
   * start of a turn of a game that is not over.
   */
  signals[TURN_STARTED] =
    g_signal_new ("turn-started", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_INT, G_TYPE_UINT);
  /**
   * ImhGame::game-over:
   *
   * The game ended by a decision (played or redone). Not emitted for games
   * that are loaded or set up already over (see "is-over").
   */
  signals[GAME_OVER] =
    g_signal_new ("game-over", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /**
   * ImhGame::changed:
   *
   * Emitted last after every change of the live position, the viewed
   * position or the line (apply, undo, redo, variations, restart): redraw.
   */
  signals[CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
imh_game_init (ImhGame *self)
{
  self->line = g_ptr_array_new ();
  self->states = g_array_new (FALSE, TRUE, sizeof (ImhState));
  self->history = _imh_history_new ();
  self->fields = g_ptr_array_new_with_free_func (g_free);
  self->pace = 600;
  self->shown.actor = -1;
  self->shown.turn_player = -1;
}

/* ---- Creating -------------------------------------------------------------------- */

static gboolean
setup_state (const ImhOptions  *options,
             guint64            seed,
             ImhState          *out,
             GError           **error)
{
  char why[256] = "";

  g_assert (options != NULL);

  if (!imh_setup (out, options, seed, why, sizeof why))
    {
      g_set_error (error, IMH_GAME_ERROR, IMH_GAME_ERROR_INVALID_OPTIONS,
                   _("These game options are not valid: %s"), why);
      return FALSE;
    }
  if (options->start_player < 0)
    {
      ImhOptions resolved;
      G_GNUC_UNUSED gboolean ok;

      /* A record stores the resolved start player and replays from it:
       * set up from exactly those options, so that the game and its
       * record always agree (the base game's setup draws differently
       * when the start player is given). */
      imh_rules_of (out)->options (out, &resolved);
      ok = imh_setup (out, &resolved, seed, why, sizeof why);
      g_assert (ok);
    }
  return TRUE;
}

/* Makes self a fresh game at `initial` (set up from options/seed). */
static void
start_over (ImhGame        *self,
            const ImhState *initial,
            guint64         seed)
{
  self->rules = imh_rules_of (initial);
  self->rules->options (initial, &self->options);
  self->seed = seed;
  cancel_thinking (self);
  self->computer_stopped = FALSE;
  self->computer_resumed = FALSE;
  reset_tree (self, initial);
  g_clear_pointer (&self->started, g_free);
  g_ptr_array_set_size (self->fields, 0);

  for (guint p = 0; p < IMH_MAX_PLAYERS; p++)
    if (self->seats[p] == NULL)
      {
        self->seats[p] = imh_seat_new (p, IMH_SEAT_HUMAN, NULL, NULL);
        g_signal_connect (self->seats[p], "notify::kind", G_CALLBACK (seat_changed), self);
        g_signal_connect (self->seats[p], "notify::level", G_CALLBACK (seat_changed), self);
      }
}

ImhGame *
imh_game_new (const ImhOptions  *options,
              guint64            seed,
              GError           **error)
{
  g_autoptr(ImhGame) self = NULL;
  ImhState initial;

  g_return_val_if_fail (options != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!setup_state (options, seed, &initial, error))
    return NULL;

  self = g_object_new (IMH_TYPE_GAME, NULL);
  start_over (self, &initial, seed);
  {
    g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
    self->started = g_date_time_format (now, "%Y-%m-%dT%H:%M:%SZ");
  }
  sync_props (self);
  queue_computer (self);
  return g_steal_pointer (&self);
}

gboolean
imh_game_restart (ImhGame           *self,
                  const ImhOptions  *options,
                  guint64            seed,
                  GError           **error)
{
  ImhState initial;
  ImhOptions old;
  guint64 old_seed;
  gboolean was_over;

  g_return_val_if_fail (IMH_IS_GAME (self), FALSE);
  g_return_val_if_fail (options != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!setup_state (options, seed, &initial, error))
    return FALSE;

  was_over = self->rules->is_over (state_at (self, self->live));
  old = self->options;
  old_seed = self->seed;
  start_over (self, &initial, seed);
  self->saved_serial = self->serial;
  {
    g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
    self->started = g_date_time_format (now, "%Y-%m-%dT%H:%M:%SZ");
  }
  g_object_freeze_notify (G_OBJECT (self));
  if (old.game != self->options.game)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_KIND]);
  if (old.n_players != self->options.n_players)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_PLAYERS]);
  if (old_seed != self->seed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SEED]);
  sync_props (self);
  g_object_thaw_notify (G_OBJECT (self));
  after_live_change (self, was_over);
  return TRUE;
}

/* ---- Getters ------------------------------------------------------------------------ */

ImhGameKind
imh_game_get_kind (ImhGame *self)
{
  g_return_val_if_fail (IMH_IS_GAME (self), IMH_GAME_DUEL);
  return self->options.game;
}

const ImhRules *
imh_game_get_rules (ImhGame *self)
{
  g_return_val_if_fail (IMH_IS_GAME (self), NULL);
  return self->rules;
}

guint
imh_game_get_n_players (ImhGame *self)
{
  g_return_val_if_fail (IMH_IS_GAME (self), 0);
  return self->options.n_players;
}

guint64
imh_game_get_seed (ImhGame *self)
{
  g_return_val_if_fail (IMH_IS_GAME (self), 0);
  return self->seed;
}

void
imh_game_get_options (ImhGame    *self,
                      ImhOptions *out)
{
  g_return_if_fail (IMH_IS_GAME (self));
  g_return_if_fail (out != NULL);
  *out = self->options;
}

ImhSeat *
imh_game_get_seat (ImhGame *self,
                   guint    player)
{
  g_return_val_if_fail (IMH_IS_GAME (self), NULL);
  g_return_val_if_fail (player < self->options.n_players, NULL);
  return self->seats[player];
}

gboolean
imh_game_has_computer (ImhGame *self)
{
  g_return_val_if_fail (IMH_IS_GAME (self), FALSE);
  for (guint p = 0; p < self->options.n_players; p++)
    if (imh_seat_is_computer (self->seats[p]))
      return TRUE;
  return FALSE;
}

const ImhState *
imh_game_get_state (ImhGame *self)
{
  g_return_val_if_fail (IMH_IS_GAME (self), NULL);
  return state_at (self, self->live);
}

const ImhState *
imh_game_get_state_at (ImhGame *self,
                       guint    ply)
{
  g_return_val_if_fail (IMH_IS_GAME (self), NULL);
  if (ply > self->line->len)
    return NULL;
  return state_at (self, ply);
}

const ImhState *
imh_game_get_viewed_state (ImhGame *self)
{
  g_return_val_if_fail (IMH_IS_GAME (self), NULL);
  return state_at (self, self->viewed);
}

int
imh_game_get_actor (ImhGame *self)
{
  g_return_val_if_fail (IMH_IS_GAME (self), -1);
  return self->rules->actor (state_at (self, self->live));
}

int
imh_game_get_turn_player (ImhGame *self)
{
  g_return_val_if_fail (IMH_IS_GAME (self), -1);
  return self->rules->turn_player (state_at (self, self->live));
}

gboolean
imh_game_get_is_over (ImhGame *self)
{
  g_return_val_if_fail (IMH_IS_GAME (self), FALSE);
  return self->rules->is_over (state_at (self, self->live));
}

ImhGamePhase
imh_game_get_phase (ImhGame *self)
{
  g_return_val_if_fail (IMH_IS_GAME (self), IMH_GAME_PHASE_HUMAN);
  return compute_phase (self);
}

gboolean
imh_game_get_thinking (ImhGame *self)
{
  g_return_val_if_fail (IMH_IS_GAME (self), FALSE);
  return self->thinking;
}

void
imh_game_get_score (ImhGame  *self,
                    ImhScore *out)
{
  g_return_if_fail (IMH_IS_GAME (self));
  g_return_if_fail (out != NULL);
  memset (out, 0, sizeof *out);
  self->rules->score (state_at (self, self->live), out);
}

void
imh_game_get_viewed_score (ImhGame  *self,
                           ImhScore *out)
{
  g_return_if_fail (IMH_IS_GAME (self));
  g_return_if_fail (out != NULL);
  memset (out, 0, sizeof *out);
  self->rules->score (state_at (self, self->viewed), out);
}

void
imh_game_get_legal (ImhGame         *self,
                    ImhDecisionList *out)
{
  const ImhState *s;

  g_return_if_fail (IMH_IS_GAME (self));
  g_return_if_fail (out != NULL);

  s = state_at (self, self->live);
  out->n = 0;
  if (!self->rules->is_over (s))
    self->rules->legal (s, out);
}

void
imh_game_get_viewed_legal (ImhGame         *self,
                           ImhDecisionList *out)
{
  const ImhState *s;

  g_return_if_fail (IMH_IS_GAME (self));
  g_return_if_fail (out != NULL);

  s = state_at (self, self->viewed);
  out->n = 0;
  if (!self->rules->is_over (s))
    self->rules->legal (s, out);
}

guint
imh_game_get_live_ply (ImhGame *self)
{
  g_return_val_if_fail (IMH_IS_GAME (self), 0);
  return self->live;
}

guint
imh_game_get_n_plies (ImhGame *self)
{
  g_return_val_if_fail (IMH_IS_GAME (self), 0);
  return self->line->len;
}

guint
imh_game_get_viewed_ply (ImhGame *self)
{
  g_return_val_if_fail (IMH_IS_GAME (self), 0);
  return self->viewed;
}

void
imh_game_set_viewed_ply (ImhGame *self,
                         guint    ply)
{
  g_return_if_fail (IMH_IS_GAME (self));

  ply = MIN (ply, self->live);
  if (ply == self->viewed)
    return;
  self->viewed = ply;
  sync_props (self);
  g_signal_emit (self, signals[CHANGED], 0);
}

ImhDecision
imh_game_get_decision_at (ImhGame *self,
                          guint    ply)
{
  g_return_val_if_fail (IMH_IS_GAME (self), 0);
  g_return_val_if_fail (ply < self->line->len, 0);
  return ((Node *) g_ptr_array_index (self->line, ply))->d;
}

guint
imh_game_get_turn_start (ImhGame *self,
                         guint    ply)
{
  g_return_val_if_fail (IMH_IS_GAME (self), 0);

  ply = MIN (ply, self->line->len);
  while (ply > 0 && !is_turn_start (self, ply))
    ply--;
  return ply;
}

guint
imh_game_get_turn_end (ImhGame *self,
                       guint    ply)
{
  g_return_val_if_fail (IMH_IS_GAME (self), 0);

  if (ply >= self->line->len)
    return self->line->len;
  ply++;
  while (ply < self->line->len && !is_turn_start (self, ply))
    ply++;
  return ply;
}

ImhHistory *
imh_game_get_history (ImhGame *self)
{
  g_return_val_if_fail (IMH_IS_GAME (self), NULL);
  return self->history;
}

/* ---- Playing ------------------------------------------------------------------------ */

static gboolean
check_decision (ImhGame      *self,
                guint         ply,
                ImhDecision   d,
                GError      **error)
{
  const ImhState *s = state_at (self, ply);

  if (self->rules->is_over (s))
    {
      g_set_error (error, IMH_GAME_ERROR, IMH_GAME_ERROR_GAME_OVER,
                   "%s", _("The game is over: no more decisions can be played."));
      return FALSE;
    }
  if (!self->rules->is_legal (s, d))
    {
      g_set_error (error, IMH_GAME_ERROR, IMH_GAME_ERROR_ILLEGAL,
                   _("Decision %u is not legal in this position."), (guint) d);
      return FALSE;
    }
  return TRUE;
}

gboolean
imh_game_apply (ImhGame        *self,
                ImhDecision     d,
                ImhBranchMode   mode,
                GError        **error)
{
  const ImhState *s;

  g_return_val_if_fail (IMH_IS_GAME (self), FALSE);
  g_return_val_if_fail (mode == IMH_BRANCH_TRUNCATE || mode == IMH_BRANCH_VARIATION, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!check_decision (self, self->viewed, d, error))
    return FALSE;
  s = state_at (self, self->viewed);
  if (is_computer (self, self->rules->actor (s)))
    {
      g_set_error (error, IMH_GAME_ERROR, IMH_GAME_ERROR_COMPUTER_SEAT,
                   _("%s is played by the computer here."),
                   imh_seat_get_name (seat_of (self, self->rules->actor (s))));
      return FALSE;
    }

  /* Back to the viewed ply silently: the history and properties change
   * once, with the decision. */
  if (self->viewed < self->live)
    {
      cancel_thinking (self);
      self->computer_resumed = FALSE;
      self->live = self->viewed;
    }
  play_at_live (self, d, mode);
  return TRUE;
}

gboolean
imh_game_would_branch (ImhGame     *self,
                       ImhDecision  d)
{
  Node *node;

  g_return_val_if_fail (IMH_IS_GAME (self), FALSE);

  node = node_at (self, self->viewed);
  return node_n_children (node) > 0 && node_child (node, node->active)->d != d;
}

/* ---- Undo / redo ------------------------------------------------------------------------ */

gboolean
imh_game_get_can_undo (ImhGame *self)
{
  g_return_val_if_fail (IMH_IS_GAME (self), FALSE);
  return self->live > 0;
}

gboolean
imh_game_get_can_redo (ImhGame *self)
{
  g_return_val_if_fail (IMH_IS_GAME (self), FALSE);
  return self->live < self->line->len;
}

gboolean
imh_game_undo (ImhGame *self)
{
  g_return_val_if_fail (IMH_IS_GAME (self), FALSE);
  if (self->live == 0)
    return FALSE;
  return move_live (self, self->live - 1);
}

gboolean
imh_game_redo (ImhGame *self)
{
  g_return_val_if_fail (IMH_IS_GAME (self), FALSE);
  if (self->live >= self->line->len)
    return FALSE;
  return move_live (self, self->live + 1);
}

gboolean
imh_game_undo_turn (ImhGame *self)
{
  guint ply;

  g_return_val_if_fail (IMH_IS_GAME (self), FALSE);
  if (self->live == 0)
    return FALSE;
  ply = self->live - 1;
  while (ply > 0 && !is_turn_start (self, ply))
    ply--;
  return move_live (self, ply);
}

gboolean
imh_game_redo_turn (ImhGame *self)
{
  guint ply;

  g_return_val_if_fail (IMH_IS_GAME (self), FALSE);
  if (self->live >= self->line->len)
    return FALSE;
  ply = self->live + 1;
  while (ply < self->line->len && !is_turn_start (self, ply))
    ply++;
  return move_live (self, ply);
}

/* Where "undo/redo against the computer" stops: a human decides at ply,
 * either at the start of a turn or within another player's turn (the
 * base game's owner decisions), never in the middle of their own turn. */
static gboolean
is_human_stop (ImhGame *self,
               guint    ply)
{
  const ImhState *s = state_at (self, ply);
  int actor;

  if (self->rules->is_over (s))
    return FALSE;
  actor = self->rules->actor (s);
  if (is_computer (self, actor))
    return FALSE;
  return is_turn_start (self, ply) || self->rules->turn_player (s) != actor;
}

gboolean
imh_game_undo_to_human (ImhGame *self)
{
  guint ply;

  g_return_val_if_fail (IMH_IS_GAME (self), FALSE);

  if (!imh_game_has_computer (self))
    return imh_game_undo_turn (self);
  if (self->live == 0)
    return FALSE;
  ply = self->live - 1;
  while (ply > 0 && !is_human_stop (self, ply))
    ply--;
  return move_live (self, ply);
}

gboolean
imh_game_redo_to_human (ImhGame *self)
{
  guint ply;

  g_return_val_if_fail (IMH_IS_GAME (self), FALSE);

  if (!imh_game_has_computer (self))
    return imh_game_redo_turn (self);
  if (self->live >= self->line->len)
    return FALSE;
  ply = self->live + 1;
  while (ply < self->line->len && !is_human_stop (self, ply))
    ply++;
  return move_live (self, ply);
}

gboolean
imh_game_go_to_ply (ImhGame *self,
                    guint    ply)
{
  g_return_val_if_fail (IMH_IS_GAME (self), FALSE);
  g_return_val_if_fail (ply <= self->line->len, FALSE);
  return move_live (self, ply);
}

/* ---- Variations ------------------------------------------------------------------------ */

void
imh_game_get_continuations (ImhGame         *self,
                            guint            ply,
                            ImhDecisionList *out)
{
  Node *node;

  g_return_if_fail (IMH_IS_GAME (self));
  g_return_if_fail (out != NULL);

  out->n = 0;
  if (ply > self->line->len)
    return;
  node = node_at (self, ply);
  if (node_n_children (node) == 0)
    return;
  out->d[out->n++] = node_child (node, node->active)->d;
  for (guint i = 0; i < node_n_children (node) && out->n < IMH_MAX_DECISIONS; i++)
    if (i != node->active)
      out->d[out->n++] = node_child (node, i)->d;
}

gboolean
imh_game_select_variation (ImhGame      *self,
                           guint         ply,
                           ImhDecision   d,
                           GError      **error)
{
  Node *node;
  int index;
  gboolean was_over;

  g_return_val_if_fail (IMH_IS_GAME (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (ply > self->line->len)
    {
      g_set_error (error, IMH_GAME_ERROR, IMH_GAME_ERROR_INVALID_PLY,
                   _("Ply %u is not part of this game."), ply);
      return FALSE;
    }
  node = node_at (self, ply);
  index = node_find_child (node, d);
  if (index < 0)
    {
      g_set_error (error, IMH_GAME_ERROR, IMH_GAME_ERROR_ILLEGAL,
                   _("Decision %u does not continue ply %u of this game."), (guint) d, ply);
      return FALSE;
    }

  was_over = self->rules->is_over (state_at (self, self->live));
  cancel_thinking (self);
  self->serial++;
  self->computer_stopped = FALSE;
  self->computer_resumed = FALSE;
  if ((guint) index != node->active)
    {
      node->active = index;
      rebuild_line_from (self, ply);
    }
  self->live = ply + 1;
  self->viewed = self->live;
  sync_props (self);
  after_live_change (self, was_over);
  return TRUE;
}

/* ---- Computer ------------------------------------------------------------------------- */

guint
imh_game_get_pace (ImhGame *self)
{
  g_return_val_if_fail (IMH_IS_GAME (self), 0);
  return self->pace;
}

void
imh_game_set_pace (ImhGame *self,
                   guint    pace_ms)
{
  g_return_if_fail (IMH_IS_GAME (self));

  pace_ms = MIN (pace_ms, 60000);
  if (self->pace == pace_ms)
    return;
  self->pace = pace_ms;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PACE]);
}

void
imh_game_stop_computer (ImhGame *self)
{
  g_return_if_fail (IMH_IS_GAME (self));

  cancel_thinking (self);
  self->computer_stopped = TRUE;
  self->computer_resumed = FALSE;
  sync_props (self);
}

void
imh_game_resume_computer (ImhGame *self)
{
  g_return_if_fail (IMH_IS_GAME (self));

  self->computer_stopped = FALSE;
  self->computer_resumed = TRUE;
  sync_props (self);
  queue_computer (self);
}

/* ---- Records ------------------------------------------------------------------------ */

/* Appends to rl the line that continues `node` (at ply) with child
 * `first`, then the active children; the other children become
 * variations (not at the first ply of a variation: those belong to the
 * parent line). */
static void
tree_to_line (ImhRecordLine *rl,
              Node          *node,
              guint          ply,
              guint          first,
              gboolean       is_variation)
{
  guint index = first;

  while (node_n_children (node) > 0)
    {
      Node *child = node_child (node, index);

      imh_record_line_append (rl, child->d);
      if (!is_variation)
        for (guint i = 0; i < node_n_children (node); i++)
          if (i != index)
            tree_to_line (imh_record_line_add_variation (rl, ply), node, ply, i, TRUE);
      is_variation = FALSE;
      node = child;
      index = node->active;
      ply++;
    }
}

ImhRecord *
_imh_game_to_record (ImhGame *self)
{
  ImhRecord *record;
  ImhRecordError err = { 0 };
  const ImhState *final;

  g_return_val_if_fail (IMH_IS_GAME (self), NULL);

  record = imh_record_new (&self->options, self->seed, &err);
  g_assert (record != NULL);

  for (guint p = 0; p < self->options.n_players; p++)
    {
      ImhSeat *seat = self->seats[p];
      g_autofree char *kind = NULL;

      if (imh_seat_is_computer (seat))
        kind = g_strdup_printf ("computer:%s", imh_seat_get_level (seat));
      else
        kind = g_strdup ("human");
      if (!imh_record_set_player (record, (int) p, kind, imh_seat_get_name (seat)))
        {
          g_autofree char *fallback = g_strdup_printf ("Player %u", p + 1);
          gboolean ok = imh_record_set_player (record, (int) p, kind, fallback);

          g_assert (ok);
        }
    }
  if (self->started != NULL)
    imh_record_set_date (record, false, self->started);

  tree_to_line (&record->main, self->root, 0, self->root->active, FALSE);

  final = state_at (self, self->line->len);
  {
    /* The end time is taken once, when a record of the ended game is first
     * made, and kept with the game: every later save writes the same record
     * (it used to be "now" at every save). A game that is not over (the end
     * undone) has none, and takes a new one when it ends again. */
    guint at = G_MAXUINT;

    for (guint i = 0; i + 1 < self->fields->len; i += 2)
      if (g_str_equal (g_ptr_array_index (self->fields, i), "\x01ended"))
        at = i;
    if (self->rules->is_over (final))
      {
        if (at == G_MAXUINT)
          {
            g_autoptr(GDateTime) now = g_date_time_new_now_utc ();

            at = self->fields->len;
            g_ptr_array_add (self->fields, g_strdup ("\x01ended"));
            g_ptr_array_add (self->fields, g_date_time_format (now, "%Y-%m-%dT%H:%M:%SZ"));
          }
        imh_record_set_date (record, true, g_ptr_array_index (self->fields, at + 1));
      }
    else if (at != G_MAXUINT)
      g_ptr_array_remove_range (self->fields, at, 2);
  }
  imh_record_set_outcome (record, final);

  for (guint i = 0; i + 1 < self->fields->len; i += 2)
    {
      const char *key = g_ptr_array_index (self->fields, i);

      if (key[0] != '\x01')
        imh_record_add_field (record, key, g_ptr_array_index (self->fields, i + 1));
    }

  return record;
}

static void
insert_line (ImhGame             *self,
             const ImhRecordLine *rl,
             gboolean             is_main)
{
  Node *node = self->root;
  uint32_t end = imh_record_line_end (rl);

  for (uint32_t ply = 0; ply < end; ply++)
    {
      ImhDecision d = imh_record_line_decision_at (rl, ply);
      int index = node_find_child (node, d);

      if (index < 0)
        index = (int) node_add_child (node, d);
      if (is_main)
        node->active = (guint) index;
      node = node_child (node, (guint) index);
    }
  for (uint32_t v = 0; v < rl->n_variations; v++)
    insert_line (self, rl->variations[v], FALSE);
}

static gboolean
check_line (const ImhRecord      *record,
            const ImhRecordLine  *rl,
            GError              **error)
{
  ImhRecordError err = { 0 };
  ImhState state;

  if (!imh_record_replay (record, rl, imh_record_line_end (rl), &state, &err))
    {
      if (err.line > 0)
        g_set_error (error, IMH_GAME_ERROR, IMH_GAME_ERROR_INVALID_RECORD,
                     _("Line %u, column %u: %s"), err.line, err.column, err.message);
      else
        g_set_error (error, IMH_GAME_ERROR, IMH_GAME_ERROR_INVALID_RECORD,
                     _("The record does not replay: %s"), err.message);
      return FALSE;
    }
  for (uint32_t v = 0; v < rl->n_variations; v++)
    if (!check_line (record, rl->variations[v], error))
      return FALSE;
  return TRUE;
}

ImhGame *
_imh_game_new_from_record (const ImhRecord  *record,
                           GError          **error)
{
  g_autoptr(ImhGame) self = NULL;
  ImhState initial;

  g_return_val_if_fail (record != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!check_line (record, &record->main, error))
    return NULL;

  imh_record_initial (record, &initial);
  self = g_object_new (IMH_TYPE_GAME, NULL);
  start_over (self, &initial, record->seed);

  insert_line (self, &record->main, TRUE);
  rebuild_line_from (self, 0);
  self->live = self->line->len;
  self->viewed = self->live;

  self->started = g_strdup (record->started);
  if (record->ended != NULL)
    {
      g_ptr_array_add (self->fields, g_strdup ("\x01ended"));
      g_ptr_array_add (self->fields, g_strdup (record->ended));
    }
  for (uint32_t i = 0; i < record->n_fields; i++)
    {
      g_ptr_array_add (self->fields, g_strdup (record->fields[i].key));
      g_ptr_array_add (self->fields, g_strdup (record->fields[i].value));
    }

  sync_props (self);

  for (guint p = 0; p < self->options.n_players; p++)
    {
      const ImhRecordPlayer *player = &record->players[p];
      ImhSeat *seat = self->seats[p];

      if (player->name != NULL)
        imh_seat_set_name (seat, player->name);
      if (player->kind != NULL && g_str_has_prefix (player->kind, "computer:") &&
          imh_seat_level_is_valid (player->kind + strlen ("computer:")))
        {
          imh_seat_set_level (seat, player->kind + strlen ("computer:"));
          imh_seat_set_kind (seat, IMH_SEAT_COMPUTER);
        }
      else if (player->kind != NULL && imh_seat_level_is_valid (player->kind))
        {
          /* Baseline players recorded by the CLI ("random", "greedy", …). */
          imh_seat_set_level (seat, player->kind);
          imh_seat_set_kind (seat, IMH_SEAT_COMPUTER);
        }
    }

  queue_computer (self);
  return g_steal_pointer (&self);
}

/* ---- Saved state ---------------------------------------------------------------------- */

gboolean
imh_game_get_modified (ImhGame *self)
{
  g_return_val_if_fail (IMH_IS_GAME (self), FALSE);
  return self->serial != self->saved_serial;
}

void
imh_game_set_unmodified (ImhGame *self)
{
  g_return_if_fail (IMH_IS_GAME (self));
  _imh_game_mark_saved (self, self->serial);
}

guint64
_imh_game_get_serial (ImhGame *self)
{
  return self->serial;
}

void
_imh_game_mark_saved (ImhGame *self,
                      guint64  serial)
{
  g_assert (IMH_IS_GAME (self));
  self->saved_serial = serial;
  sync_props (self);
}

guint64
_imh_game_public_seed (ImhGame *self,
                       guint    ply)
{
  /* FNV-1a over the decisions of the line up to `ply`, mixed with the
   * game's seed: the same public history gives the same seed. */
  guint64 h = G_GUINT64_CONSTANT (0xcbf29ce484222325) ^ self->seed;

  g_assert (ply <= self->line->len);
  for (guint i = 0; i < ply; i++)
    {
      h ^= ((Node *) g_ptr_array_index (self->line, i))->d;
      h *= G_GUINT64_CONSTANT (0x100000001b3);
    }
  h ^= (guint64) ply * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);
  return h;
}
