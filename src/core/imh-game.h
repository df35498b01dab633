/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-game.h — one game session: the engine state, its record with
 * variations, seats, undo/redo, review, the computer player and hints.
 *
 * Main thread only: create and use games in the thread that runs the
 * default main context. Computer seats and hints search in GTask worker
 * threads on copies of the state; their results come back on the main
 * loop.
 *
 * Plies. Ply p is the position after the first p decisions of the current
 * line; decision p is played in ply p and leads to ply p + 1.
 *  - live ply: the position of the game (where play continues);
 *  - n-plies: the length of the current line, ≥ live ply: the decisions
 *    after the live ply are the redo tail (kept until a different decision
 *    is played there, see ImhBranchMode);
 *  - viewed ply: the position shown (review); 0 ≤ viewed ≤ live. It
 *    follows the live ply while it equals it. Viewing never changes the
 *    game.
 *
 * Turns. The engine's turn_index groups decisions into turns; a compound
 * turn has several sub-decisions. Undo/redo work by decision or by turn.
 *
 * Computer seats. When the live ply is the end of the line (nothing to
 * redo), the game is not over and the actor's seat is a computer, the
 * computer starts thinking (property "thinking"); after at least "pace"
 * milliseconds from the start its decision is applied on the main loop
 * (signal decision-applied). Any change of the live position, of the
 * seats, a new game or disposing the game cancels the thinking; a
 * cancelled search never applies its decision. While the live ply has a
 * redo tail (the user went back) the computer waits (phase
 * COMPUTER_WAITING): redo, imh_game_resume_computer() or play a decision
 * to continue.
 */
#pragma once

#include <gio/gio.h>

#include "imh-engine.h"
#include "imh-history.h"
#include "imh-seat.h"

G_BEGIN_DECLS

#define IMH_GAME_ERROR (imh_game_error_quark ())
GQuark imh_game_error_quark (void);

typedef enum {
  IMH_GAME_ERROR_INVALID_OPTIONS,   /* new game: options rejected by the rules */
  IMH_GAME_ERROR_GAME_OVER,         /* no decision: the game is over at that ply */
  IMH_GAME_ERROR_ILLEGAL,           /* the decision is not legal there */
  IMH_GAME_ERROR_COMPUTER_SEAT,     /* a computer seat decides there */
  IMH_GAME_ERROR_INVALID_PLY,       /* a ply outside the game */
  IMH_GAME_ERROR_INVALID_RECORD,    /* a record that does not replay */
} ImhGameError;

/* What to do with the redo tail when a different decision is played
 * where the line already continues. */
typedef enum {
  IMH_BRANCH_TRUNCATE = 0,          /* drop the old continuation */
  IMH_BRANCH_VARIATION = 1,         /* keep it as a variation (saved in the record) */
} ImhBranchMode;

#define IMH_TYPE_BRANCH_MODE (imh_branch_mode_get_type ())
GType imh_branch_mode_get_type (void) G_GNUC_CONST;

/* What the live position waits for. */
typedef enum {
  IMH_GAME_PHASE_HUMAN = 0,         /* a human seat decides */
  IMH_GAME_PHASE_COMPUTER,          /* a computer seat decides (thinking, or about to) */
  IMH_GAME_PHASE_COMPUTER_WAITING,  /* a computer seat decides but waits: redo tail */
  IMH_GAME_PHASE_OVER,              /* the game is over */
} ImhGamePhase;

#define IMH_TYPE_GAME_PHASE (imh_game_phase_get_type ())
GType imh_game_phase_get_type (void) G_GNUC_CONST;

/* ImhGameKind (imh-engine.h) as an enum type ("duel", "classic"). */
#define IMH_TYPE_GAME_KIND (imh_game_kind_get_type ())
GType imh_game_kind_get_type (void) G_GNUC_CONST;

/* ImhScore as a boxed type (for properties and bindings). */
#define IMH_TYPE_SCORE (imh_score_get_type ())
GType imh_score_get_type (void) G_GNUC_CONST;

#define IMH_TYPE_GAME (imh_game_get_type ())
G_DECLARE_FINAL_TYPE (ImhGame, imh_game, IMH, GAME, GObject)

/* ---- Creating ---------------------------------------------------------- */

/* A new game (all seats human, named "Player 1"…). NULL with
 * IMH_GAME_ERROR_INVALID_OPTIONS naming the problem. The start player is
 * resolved from the seed when options->start_player is -1. */
ImhGame         *imh_game_new               (const ImhOptions *options,
                                             guint64           seed,
                                             GError          **error);
/* Starts over with new options and seed, keeping the seat objects for
 * the players that remain (kind, level, name) and the pace. Cancels any
 * thinking. FALSE with an error (nothing changed) if the options are
 * invalid. */
gboolean         imh_game_restart           (ImhGame          *self,
                                             const ImhOptions *options,
                                             guint64           seed,
                                             GError          **error);

/* ---- The game ---------------------------------------------------------- */

ImhGameKind      imh_game_get_kind          (ImhGame *self);      /* "kind" */
const ImhRules  *imh_game_get_rules         (ImhGame *self);
guint            imh_game_get_n_players     (ImhGame *self);      /* "n-players" */
guint64          imh_game_get_seed          (ImhGame *self);      /* "seed" */
/* The options of the game, start player resolved. */
void             imh_game_get_options       (ImhGame    *self,
                                             ImhOptions *out);
/* Seat of a player (transfer none; same object for the game's lifetime,
 * also across restart). */
ImhSeat         *imh_game_get_seat          (ImhGame *self,
                                             guint    player);
/* TRUE when any seat is a computer. */
gboolean         imh_game_has_computer      (ImhGame *self);

/* The live position (transfer none; valid until the game changes). */
const ImhState  *imh_game_get_state         (ImhGame *self);
/* The position at ply (0 ≤ ply ≤ n-plies, also the redo tail); NULL
 * otherwise. Transfer none, valid until the line changes. */
const ImhState  *imh_game_get_state_at      (ImhGame *self,
                                             guint    ply);
const ImhState  *imh_game_get_viewed_state  (ImhGame *self);

int              imh_game_get_actor         (ImhGame *self);      /* "actor": live, -1 when over */
int              imh_game_get_turn_player   (ImhGame *self);      /* "turn-player": live, -1 when over */
gboolean         imh_game_get_is_over       (ImhGame *self);      /* "is-over" */
ImhGamePhase     imh_game_get_phase         (ImhGame *self);      /* "phase" */
gboolean         imh_game_get_thinking      (ImhGame *self);      /* "thinking" */

/* Scores of the live position ("score", boxed ImhScore; final when over)
 * and of the viewed position ("viewed-score"). */
void             imh_game_get_score         (ImhGame  *self,
                                             ImhScore *out);
void             imh_game_get_viewed_score  (ImhGame  *self,
                                             ImhScore *out);

/* The legal decisions of the live position (empty when over). */
void             imh_game_get_legal         (ImhGame         *self,
                                             ImhDecisionList *out);
/* The legal decisions of the viewed position (where apply plays). */
void             imh_game_get_viewed_legal  (ImhGame         *self,
                                             ImhDecisionList *out);

/* ---- Plies and review -------------------------------------------------- */

guint            imh_game_get_live_ply      (ImhGame *self);      /* "live-ply" */
guint            imh_game_get_n_plies       (ImhGame *self);      /* "n-plies" */
guint            imh_game_get_viewed_ply    (ImhGame *self);      /* "viewed-ply" (read-write) */
/* Shows ply (clamped to 0..live) without changing the game. */
void             imh_game_set_viewed_ply    (ImhGame *self,
                                             guint    ply);
/* The decision played at ply (ply < n-plies). */
ImhDecision      imh_game_get_decision_at   (ImhGame *self,
                                             guint    ply);
/* The first ply of the turn that contains decision ply (for "previous
 * turn" navigation), and the end of that turn in the current line. */
guint            imh_game_get_turn_start    (ImhGame *self,
                                             guint    ply);
guint            imh_game_get_turn_end      (ImhGame *self,
                                             guint    ply);

/* The history of the live line (transfer none). */
ImhHistory      *imh_game_get_history       (ImhGame *self);

/* ---- Playing ----------------------------------------------------------- */

/* Plays d at the VIEWED position. If the viewed ply is before the live
 * ply, the live position first goes back to it (the decisions after it
 * become the redo tail). If the line already continues there with d, this
 * is a redo; with another decision the old continuation is dropped or
 * kept as a variation according to mode. Errors: GAME_OVER, ILLEGAL,
 * COMPUTER_SEAT (a computer seat decides there); nothing changes then.
 * Emits decision-applied; turn-started / game-over as they happen. */
gboolean         imh_game_apply             (ImhGame        *self,
                                             ImhDecision     d,
                                             ImhBranchMode   mode,
                                             GError        **error);
/* TRUE if playing d at the viewed position would replace the current
 * continuation (so the UI should ask whether to keep it as a variation
 * or truncate). A decision that is an existing variation there becomes
 * the current line; with IMH_BRANCH_TRUNCATE the replaced continuation is
 * dropped. */
gboolean         imh_game_would_branch      (ImhGame     *self,
                                             ImhDecision  d);

/* ---- Undo / redo --------------------------------------------------------
 * All cancel the computer's thinking, move the live ply (and the viewed
 * ply with it), keep the redo tail and never change hidden draws (they are
 * in the state). Each returns FALSE when nothing moved. */

gboolean         imh_game_get_can_undo      (ImhGame *self);      /* "can-undo" */
gboolean         imh_game_get_can_redo      (ImhGame *self);      /* "can-redo" */
/* One decision back / forward. */
gboolean         imh_game_undo              (ImhGame *self);
gboolean         imh_game_redo              (ImhGame *self);
/* To the start of the current turn (if some of it is played), else to the
 * start of the previous turn. */
gboolean         imh_game_undo_turn         (ImhGame *self);
/* To the start of the next turn (or the end of the line). */
gboolean         imh_game_redo_turn         (ImhGame *self);
/* "Undo" against the computer: back to the human's last decision, so that
 * it is undone together with the computer's replies. It stops at the
 * latest ply before the live ply where a human seat decides at the start
 * of a turn, or within another player's turn (base game: market and other
 * owner choices); a human's compound turn is undone as a whole. Without
 * such a ply: to ply 0. Without computer seats: imh_game_undo_turn(). */
gboolean         imh_game_undo_to_human     (ImhGame *self);
/* "Redo" against the computer: forward to the next such ply (or the end
 * of the line). Without computer seats: imh_game_redo_turn(). */
gboolean         imh_game_redo_to_human     (ImhGame *self);
/* Moves the live ply to any ply of the line (0..n-plies). */
gboolean         imh_game_go_to_ply         (ImhGame *self,
                                             guint    ply);

/* ---- Variations -------------------------------------------------------- */

/* The decisions that continue ply in the game's tree: the one of the
 * current line first (if any), then the other variations, in the order
 * they were made. */
void             imh_game_get_continuations (ImhGame         *self,
                                             guint            ply,
                                             ImhDecisionList *out);
/* Makes the current line continue at ply with d (one of the
 * continuations) and moves the live ply to ply + 1. */
gboolean         imh_game_select_variation  (ImhGame      *self,
                                             guint         ply,
                                             ImhDecision   d,
                                             GError      **error);

/* ---- Computer ---------------------------------------------------------- */

/* Minimum time in ms from the start of the computer's thinking to the
 * application of its decision ("pace"; default 600, tests use 0). */
guint            imh_game_get_pace          (ImhGame *self);
void             imh_game_set_pace          (ImhGame *self,
                                             guint    pace_ms);
/* Cancels the computer's thinking now (it starts again when the live
 * position next changes, or on imh_game_resume_computer()). */
void             imh_game_stop_computer     (ImhGame *self);
/* Lets a computer seat to move at the live ply think even with a redo
 * tail; a different decision of the computer keeps the old continuation
 * as a variation (IMH_BRANCH_VARIATION). Lasts until the end of the line
 * is reached or the live ply is moved by undo/redo. */
void             imh_game_resume_computer   (ImhGame *self);

/* ---- Saving -------------------------------------------------------------- */

/* TRUE when the decisions of the game (moves, undo/redo, variations)
 * changed since it was created, restarted, loaded or last saved
 * ("modified"): ask before abandoning it. Seat changes do not count.
 * imh_record_file_save_async() clears it on success (as of the moment
 * the save started); other stores call imh_game_set_unmodified(). */
gboolean         imh_game_get_modified      (ImhGame *self);
void             imh_game_set_unmodified    (ImhGame *self);

G_END_DECLS
