/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-board.h — the board of any game as a widget (abstract).
 *
 * Shows one position (a copy) with the players' names, highlights the
 * legal targets when interactive and emits "decide" with the decision the
 * user chose (by mouse, keyboard or the "board.decide" action). It never
 * changes a game itself. A game's board (a subclass, made by
 * imh_board_new_for_kind ()) lays out and draws the position; this class
 * owns the targets, hover, focus, the pending pick, the hint overlay, the
 * accessible description and the animation clock.
 *
 * A target stands for a set of legal decisions: one decides it when
 * activated; several make it a *pending pick* (the Duel's first tile of a
 * swap): activating it narrows the targets to its decisions, Escape (or a
 * click beside every target) cancels.
 *
 * Widget actions:
 *  - board.decide (s): a decision by its notation (the rules' text, e.g. the
 *    Duel's "P a1", "S R2.1-3", "stop"); ignored unless legal and
 *    interactive;
 *  - board.move (ii): the focus ring to the nearest target in a direction
 *    (arrow keys); board.next-target / board.previous-target: in order;
 *  - board.activate-target (Enter/Space): the focused target (none: the
 *    hint shown); board.cancel (Escape): the pending pick.
 *
 * Accessibility: the board is focusable; its accessible description names
 * the focused target (the decision in words) and, when revealed, the hidden
 * parts.
 */
#pragma once

#include <gtk/gtk.h>

#include "imh-art.h"
#include "imh-engine.h"

G_BEGIN_DECLS

#define IMH_TYPE_BOARD (imh_board_get_type ())
G_DECLARE_DERIVABLE_TYPE (ImhBoard, imh_board, IMH, BOARD, GtkWidget)

/*
 * What a game's board implements. The base class calls layout () when the
 * size changed (or the layout was invalidated) before it asks for boxes or
 * draws; collect_targets () when the state, the interactivity or the
 * pending pick changed; from its snapshot, in this order: draw (the
 * position), the last decision's mark (decision_boxes), draw_target () for
 * each target, the focus ring, the hints (decision_boxes), and
 * draw_animation () while the clock runs. imh-board-private.h has the
 * helpers a subclass uses.
 */
/* The most decisions one target stands for. */
#define IMH_BOARD_TARGET_MAX_DECISIONS 16

typedef struct {
  int          kind;         /* the subclass's: what the target is */
  int          index;        /* the subclass's: which one */
  int          priority;     /* hit testing: a higher one wins where boxes overlap */
  gboolean     pick;         /* narrows even when it stands for one decision */
  guint        n_decisions;
  ImhDecision  decisions[IMH_BOARD_TARGET_MAX_DECISIONS];
} ImhBoardTarget;

struct _ImhBoardClass
{
  GtkWidgetClass parent_class;

  /* The geometry for a widget size (pixels); call
   * _imh_board_set_unit () with the size of one board unit. */
  void      (*layout)          (ImhBoard             *self,
                                int                   width,
                                int                   height);
  /* Adds the targets (_imh_board_add_target ()) that stand for the given
   * legal decisions: all of them, or the pending pick's (pending not NULL,
   * the target picked). Every decision must be reachable from a target. */
  void      (*collect_targets) (ImhBoard             *self,
                                const ImhDecision    *decisions,
                                guint                 n,
                                const ImhBoardTarget *pending);
  /* The box of a target (hit testing, focus ring, arrow keys). */
  ImhBox    (*target_box)      (ImhBoard             *self,
                                const ImhBoardTarget *target);
  /* The accessible name of a target (transfer full). Default: the
   * decision in words for a target of one decision. */
  char     *(*dup_target_name) (ImhBoard             *self,
                                const ImhBoardTarget *target);
  /* The position, under the targets and overlays. */
  void      (*draw)            (ImhBoard             *self,
                                cairo_t              *cr,
                                const ImhPalette     *palette);
  /* One target, hovered or not. Default: its box outlined in the accent. */
  void      (*draw_target)     (ImhBoard             *self,
                                cairo_t              *cr,
                                const ImhPalette     *palette,
                                const ImhBoardTarget *target,
                                gboolean              hovered);
  /* The boxes a decision touches (hint overlays, the last decision's
   * mark): their number, at most max, the first the main one. */
  guint     (*decision_boxes)  (ImhBoard             *self,
                                ImhDecision           decision,
                                ImhBox               *boxes,
                                guint                 max);
  /* Whether the last decision is marked on the board. Default: TRUE. */
  gboolean  (*marks_last)      (ImhBoard             *self,
                                ImhDecision           decision);
  /* Sets up the animation from before to the state shown (now the
   * board's), made by decision (NULL: unknown, any number of steps).
   * TRUE when there is something to animate: the base runs the clock and
   * calls draw_animation () with t from 0 to 1, then animation_done (). */
  gboolean  (*animate)         (ImhBoard             *self,
                                const ImhState       *before,
                                const ImhDecision    *decision);
  void      (*draw_animation)  (ImhBoard             *self,
                                cairo_t              *cr,
                                const ImhPalette     *palette,
                                double                t);
  void      (*animation_done)  (ImhBoard             *self);
  /* The hidden parts in words (transfer full), or NULL: revealed (review:
   * everything face up; *n_named: the objects named) or as the players
   * see them. */
  char     *(*describe_hidden) (ImhBoard             *self,
                                gboolean              revealed,
                                int                  *n_named);
  /* Class-wide, no instance needed (the score view's "unseen" panel): the
   * icon of a kind of object off the board (the rules' hidden_summary
   * item) in a square box; and the hidden objects in a line of words
   * (transfer full, NULL: none). */
  void      (*draw_item)       (ImhBoardClass        *klass,
                                cairo_t              *cr,
                                guint                 item,
                                double                x,
                                double                y,
                                double                size);
  char     *(*describe_unseen) (ImhBoardClass        *klass,
                                const ImhState       *state);
  /* Class-wide: the score view's heading of the objects unseen (out
   * FALSE) or out of the game (out TRUE), in the game's words ("Unseen
   * Tiles"), or (by_kind TRUE) the accessible name of their icons by kind.
   * Translated, static. */
  const char *(*unseen_heading) (ImhBoardClass      *klass,
                                 gboolean            out,
                                 gboolean            by_kind);
  /* Class-wide: the name of a kind of object off the board, as draw_item
   * draws it (the accessible name of its icon): "Sarcophagus", "Crypt 5".
   * Transfer full. */
  char     *(*item_name)       (ImhBoardClass        *klass,
                                guint                 item);

  /* Optional: the boxes of what the player needs to see besides the
   * targets (pieces, tiles, panels): their number, at most max. The
   * hint's badge is placed off them and off every target. */
  guint     (*occupied_boxes)  (ImhBoard             *self,
                                ImhBox               *boxes,
                                guint                 max);

  /* Optional: what decision, made in before, did besides itself, in
   * one sentence without its full stop: who got what ("Ann gets
   * Obelisk; Computer gets Crypt 5"); names[player] as the board names
   * them. Transfer full; NULL: nothing to add. */
  char     *(*describe_consequences) (ImhBoard          *self,
                                      const ImhState    *before,
                                      ImhDecision        decision,
                                      const ImhState    *after,
                                      const char *const *names);

  /* Optional: what is drawn at (x, y) (widget pixels) and what it is
   * worth, in words (transfer full), or NULL where nothing is: a hit test
   * of everything drawn (tiles, cards, sites, supplies, boats, scores),
   * not only of the targets. The board's tooltip. */
  char     *(*dup_object_tooltip) (ImhBoard          *self,
                                   double             x,
                                   double             y);

  gpointer padding[3];
};


/* Shows a position (copied), without animation. interactive: the user may
 * decide here (never in a finished game). animate: tiles or pieces that
 * moved since the position shown before fly (a step forward in a game). */
void        imh_board_set_state             (ImhBoard          *self,
                                             const ImhState    *state,
                                             gboolean           interactive,
                                             gboolean           animate);
/* Shows after, the position that decision made from before, and animates
 * the decision (when animations are enabled and the board is on screen). */
void        imh_board_animate_decision      (ImhBoard          *self,
                                             const ImhState    *before,
                                             ImhDecision        decision,
                                             const ImhState    *after,
                                             gboolean           interactive);
/* The position shown (NULL before the first). */
const ImhState *imh_board_get_state         (ImhBoard          *self);
gboolean    imh_board_get_interactive       (ImhBoard          *self);    /* "interactive" */
void        imh_board_set_player_name       (ImhBoard          *self,
                                             guint              player,
                                             const char        *name);
/* The player whose side is drawn at the bottom ("bottom-player"). */
void        imh_board_set_bottom_player     (ImhBoard          *self,
                                             guint              player);
guint       imh_board_get_bottom_player     (ImhBoard          *self);

/* The decision that led to the shown position, marked softly (none:
 * has_last FALSE). */
void        imh_board_set_last_decision     (ImhBoard          *self,
                                             gboolean           has_last,
                                             ImhDecision        decision);

/* The hint overlay: the decision drawn with the win probability (0..1). */
void        imh_board_show_hint             (ImhBoard          *self,
                                             ImhDecision        decision,
                                             double             win);
void        imh_board_clear_hint            (ImhBoard          *self);
/* Study: the best n decisions (n ≤ IMH_BOARD_MAX_HINTS, best first) with
 * their win probabilities, drawn as numbered overlays; the first is the
 * hint (get_hint, Space). n = 0 clears. */
#define IMH_BOARD_MAX_HINTS 5
void        imh_board_show_hints            (ImhBoard          *self,
                                             const ImhDecision *decisions,
                                             const double      *wins,
                                             guint              n);
/* The number of overlays drawn (0 when the hint is hidden). */
guint       imh_board_get_n_hints           (ImhBoard          *self);
gboolean    imh_board_get_hint_visible      (ImhBoard          *self);    /* "hint-visible" */
/* The decision of the hint shown; FALSE when none. */
gboolean    imh_board_get_hint              (ImhBoard          *self,
                                             ImhDecision       *decision);

/* The number of targets the user can choose now (0 unless interactive). */
guint       imh_board_get_n_targets         (ImhBoard          *self);
/* The accessible name of target i (transfer full), or NULL. */
char       *imh_board_dup_target_name       (ImhBoard          *self,
                                             guint              i);
/* The legal decisions target i stands for: their number, and up to max of
 * them in decisions (may be NULL). 0 when there is no target i. */
guint       imh_board_get_target_decisions  (ImhBoard          *self,
                                             guint              i,
                                             ImhDecision       *decisions,
                                             guint              max);
/* The accessible name of the target with the keyboard focus ring
 * (transfer full), or NULL. */
char       *imh_board_dup_focus_name        (ImhBoard          *self);
/* TRUE while a pending pick narrows the targets ("pending"). */
gboolean    imh_board_get_pending           (ImhBoard          *self);
/* The accessible name of the target picked first (transfer full), or NULL
 * when no pick is pending. */
char       *imh_board_dup_pending_name      (ImhBoard          *self);
/* Review: "everything revealed" draws the hidden parts face up (and names
 * them in the accessible description); FALSE (default): as the player saw
 * them ("reveal-hidden"). */
void        imh_board_set_reveal_hidden     (ImhBoard          *self,
                                             gboolean           reveal);
gboolean    imh_board_get_reveal_hidden     (ImhBoard          *self);
/* The number of hidden objects named face up: 0 unless revealed. */
int         imh_board_get_n_revealed        (ImhBoard          *self);
/* TRUE while an animation runs ("animating"). */
gboolean    imh_board_get_animating         (ImhBoard          *self);

/* For views without a board, by the board type of a game kind
 * (imh_board_type_for_kind ()): draws the icon of a hidden_summary item in
 * a square box (FALSE: the board draws none); the hidden objects of the
 * state in words (transfer full), or NULL. */
gboolean    imh_board_type_draw_item        (GType              board_type,
                                             cairo_t           *cr,
                                             guint              item,
                                             double             x,
                                             double             y,
                                             double             size);
char       *imh_board_type_dup_unseen_text  (GType              board_type,
                                             const ImhState    *state);
/* The board class's item_name (), or NULL when it has none. */
char       *imh_board_type_dup_item_name     (GType            board_type,
                                              guint            item);
/* The board class's unseen_heading (), or NULL when it has none. */
const char *imh_board_type_get_unseen_heading (GType            board_type,
                                               gboolean         out,
                                               gboolean         by_kind);

G_END_DECLS
