/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-turn-item.h — one turn of the history: the items of ImhHistory.
 *
 * A turn is the run of decisions made while the engine's turn_index stays
 * the same (a compound turn has several sub-decisions; in the base game some
 * are taken by other players than the one whose turn it is). Items are
 * snapshots: everything but `mark` is fixed at creation. When a turn grows
 * (the next sub-decision is played) the history replaces the item.
 */
#pragma once

#include <glib-object.h>

#include "imh-engine.h"

G_BEGIN_DECLS

/* Analysis marks for a turn (set later by analysis; none by default):
 * ImhMark of the analysis (imh-analysis.h), so both can be used together. */
#include "imh-analysis.h"

#define IMH_TYPE_MARK (imh_mark_get_type ())
GType imh_mark_get_type (void) G_GNUC_CONST;

#define IMH_TYPE_TURN_ITEM (imh_turn_item_get_type ())
G_DECLARE_FINAL_TYPE (ImhTurnItem, imh_turn_item, IMH, TURN_ITEM, GObject)

/* 1-based number of the turn in the game (property "number"). */
guint        imh_turn_item_get_number          (ImhTurnItem *self);
/* The player whose turn it is (0-based; property "player"). */
int          imh_turn_item_get_player          (ImhTurnItem *self);
/* Plies [first_ply, end_ply): decision i of the game is made in the
 * position of ply i and leads to ply i + 1. Properties "first-ply", "end-ply". */
guint        imh_turn_item_get_first_ply       (ImhTurnItem *self);
guint        imh_turn_item_get_end_ply         (ImhTurnItem *self);
guint        imh_turn_item_get_n_decisions     (ImhTurnItem *self);
/* Sub-decision i (0 ≤ i < n_decisions): the engine decision, who made it,
 * its text in words in the UI language, and its record notation. */
ImhDecision  imh_turn_item_get_decision        (ImhTurnItem *self,
                                                guint        i);
int          imh_turn_item_get_decision_actor  (ImhTurnItem *self,
                                                guint        i);
const char  *imh_turn_item_get_decision_text   (ImhTurnItem *self,
                                                guint        i);
const char  *imh_turn_item_get_decision_notation (ImhTurnItem *self,
                                                guint        i);
/* The whole turn in words (sub-decisions joined; property "text"). */
const char  *imh_turn_item_get_text            (ImhTurnItem *self);
/* The turn in notation, sub-decisions separated by spaces ("notation"). */
const char  *imh_turn_item_get_notation        (ImhTurnItem *self);
/* Number of players, and each player's change of total score ("if the game
 * ended now") over this turn, and the totals after it. */
guint        imh_turn_item_get_n_players       (ImhTurnItem *self);
int          imh_turn_item_get_score_change    (ImhTurnItem *self,
                                                guint        player);
int          imh_turn_item_get_score_after     (ImhTurnItem *self,
                                                guint        player);
/* The score change of every player as text, e.g. "+3 / −1" ("score-text"). */
const char  *imh_turn_item_get_score_text      (ImhTurnItem *self);
/* TRUE when the game ended with this turn ("ends-game"). */
gboolean     imh_turn_item_get_ends_game       (ImhTurnItem *self);
/* The round the turn was played in, from 1 (property "round"); 0 for a
 * game without rounds. Round-end decisions belong to the round's last turn. */
guint        imh_turn_item_get_round           (ImhTurnItem *self);

/* The decisions in runs by who made them: group g is the decisions
 * [start, start + length) of the turn, all made by the group's actor, and
 * neighbouring groups have different actors. A turn of one player is one
 * group; in the base game a stone owner's market or pyramid choice, a
 * round-end choice etc. make groups of their own inside the turn. */
guint        imh_turn_item_get_n_groups        (ImhTurnItem *self);
int          imh_turn_item_get_group_actor     (ImhTurnItem *self,
                                                guint        group);
guint        imh_turn_item_get_group_start     (ImhTurnItem *self,
                                                guint        group);
guint        imh_turn_item_get_group_length    (ImhTurnItem *self,
                                                guint        group);

/* Analysis mark (read-write property "mark"; IMH_MARK_NONE by default). */
ImhMark      imh_turn_item_get_mark            (ImhTurnItem *self);
void         imh_turn_item_set_mark            (ImhTurnItem *self,
                                                ImhMark      mark);

G_END_DECLS
