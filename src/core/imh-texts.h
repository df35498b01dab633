/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-texts.h — the words for games, sites, score categories and decisions,
 * in the UI language (gettext; English and German).
 *
 * Decision texts are built from the engine's notation of the decision in
 * its position, spelled out in words ("Place a meeple on row 1, column 2").
 * The notation itself stays language-neutral (records, CLI).
 */
#pragma once

#include <glib.h>

#include "imh-engine.h"

G_BEGIN_DECLS

/* "Imhotep: The Duel" / "Imhotep" (transfer none). */
const char *imh_texts_game_name     (ImhGameKind     kind);
/* A game's kind in a list: "Duel", "Imhotep, 3 players". Transfer full. */
char       *imh_texts_game_short_name (ImhGameKind  kind,
                                       guint        n_players);
/* The name a saved game is offered under: "Duel 2026-11-25 21.30.imhotep";
 * stamp: the date and time. Transfer full. */
char       *imh_texts_file_name     (ImhGameKind     kind,
                                     const char     *stamp);
/* The site with the stable id (e.g. "obelisk"), translated; the id itself
 * when unknown. Transfer none. */
const char *imh_texts_site_name     (const char     *site_id);
/* Column `category` of ImhScore.points for these rules, translated. */
const char *imh_texts_category_name (const ImhRules *rules,
                                     guint           category);
/* Why the leaders' tie was broken (IMH_TIEBREAK_*), or NULL for none. */
const char *imh_texts_tiebreak      (guint           tiebreak);
/* What the tie-break compared for the tied leaders, in words ("Stones on
 * the supply sled: Ann 4, Bob 2."); NULL when the score has no such tie.
 * Transfer full. */
char       *imh_texts_tiebreak_counts (const ImhScore     *score,
                                       const char *const *names);

/* A player by colour, capitalised ("Black", "White", "Brown", "Gray"):
 * player i plays colour i in both games. Transfer none. */
const char *imh_texts_player_colour (guint           player);
/* A computer level (an AI level id: "casual") in words ("Casual"); the id
 * itself when unknown. Transfer none. */
const char *imh_texts_level_name    (const char     *level);
/* The name a computer seat gets when nobody named it: "Computer (Strong)";
 * "Computer 2 (Strong)" with number > 0, for the second of several computer
 * seats. Transfer full. */
char       *imh_texts_computer_name (const char     *level,
                                     guint           number);
/* A variant (one IMH_VARIANT_* flag) by name, or NULL. Transfer none. */
const char *imh_texts_variant_name  (guint32         variant);

/* A Duel tile (IMH_DUEL_TILE_* code) in words: "Crypt 5"; transfer full. */
char       *imh_texts_duel_tile_name (guint         code);
/* A base-game market card (IMH_CLASSIC_CARD_* type) by its full name:
 * "Burial chamber decoration"; translated, static; "?" for no card. */
const char *imh_texts_classic_card_name (guint      type);
/* The notation of d in s (e.g. "P12"); never NULL. */
char       *imh_texts_notation      (const ImhState *s,
                                     ImhDecision     d);
/* The decision d, legal in s, in words in the UI language. */
char       *imh_texts_decision      (const ImhState *s,
                                     ImhDecision     d);

/* What the player to decide in s is asked to do, lower case, without the
 * name ("place a meeple", "choose a market card for the stone from ship
 * 2"); "" when the game is over. `pending`: the user has made the first
 * pick of a decision that takes several (the Duel's swap, a ship to sail
 * before its site). Transfer none. */
const char *imh_texts_phase         (const ImhState *s,
                                     gboolean        pending);
/* The line shown for a position: "Nefertari to move: place a meeple";
 * names[player] for every player of s. Transfer full. */
char       *imh_texts_prompt        (const ImhState *s,
                                     const char     *const *names,
                                     gboolean        pending);

/* Results of a final score; names[player] for every player. */
/* "Nefertari Wins", "Nefertari and Cheops Share the Win". Transfer full. */
char       *imh_texts_result_heading (const ImhScore *score,
                                      const char     *const *names);
/* "34 to 30." (two players) or "34 points." (more), the tie-break
 * explained after it. Transfer full. */
char       *imh_texts_result_body   (const ImhScore *score);
/* One line for a status bar: "Nefertari wins, 34 to 30". Transfer full. */
char       *imh_texts_result_line   (const ImhScore *score,
                                     const char     *const *names);
/* n names as a list: "A and B", "A, B and C". Transfer full. */
char       *imh_texts_join_names    (const char     *const *names,
                                     guint           n);
/* A place in words from ImhScore.rank: "1st", "2nd"…; transfer none. */
const char *imh_texts_place         (guint           rank);

/* The switch that shows what is hidden in review, for the game's kind:
 * "Show hidden tiles (pile and reserve)". Transfer none. */
const char *imh_texts_reveal_hidden (ImhGameKind     kind);

/* ---- Explanations (imh-texts-explain.c): every number from the engine ---- */

/* What a site scores for the sides and player count of s, in one line:
 * "Obelisk, side A: 1 point per tile; 6 more for holding the most". site:
 * the game's site index. Transfer full. */
char       *imh_texts_site_rule     (const ImhState *s,
                                     guint           site);
/* A Duel tile (code) in s: its name and its site's scoring, or what an
 * action tile does; "Empty slot" for none. Transfer full. */
char       *imh_texts_duel_tile_info (const ImhState *s,
                                      guint           code);
/* What a Duel meeple on the harbour is worth at the end. Transfer full. */
char       *imh_texts_duel_meeple_rule (const ImhState *s);
/* A base-game market card (type) and what it does or scores. Transfer full. */
char       *imh_texts_classic_card_info (const ImhState *s,
                                         guint           type);
/* The parts (imh_score_parts ()) of player's points in category: their
 * number, at most max written. */
int         imh_texts_score_parts   (const ImhState *s,
                                     guint           player,
                                     guint           category,
                                     gboolean        so_far,
                                     ImhScorePart   *parts,
                                     int             max);
/* player's points in category, worked out in words: "Crypt A: run 3–5,
 * run 9 → 9 + 1 = 10"; so_far: as the rules' score_so_far () counts.
 * Transfer full. */
char       *imh_texts_score_explanation (const ImhState *s,
                                         guint           player,
                                         guint           category,
                                         gboolean        so_far);
/* A total as the sum of its categories: "Obelisk 7 + Crypt 10 = 17".
 * Transfer full. */
char       *imh_texts_total_explanation (const ImhScore *score,
                                         const ImhRules *rules,
                                         guint           player);
/* player's change of total score from before to after and where it came
 * from, a line per category that changed: "+3:\n+2 (Crypt A: …)\n+1
 * (Obelisk A: …)"; "±0: no change".
 * Transfer full. */
char       *imh_texts_score_change  (const ImhState *before,
                                     const ImhState *after,
                                     guint           player);

G_END_DECLS
