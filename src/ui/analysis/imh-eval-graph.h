/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-eval-graph.h — the win-probability graph of an analysed game.
 *
 * One point per position: point 0 is the start, point i the position
 * after i decisions; its height is the win probability of the graph's
 * player (property "player", default 0) there. Decisions with a mark are
 * drawn as dots coloured AND shaped by mark (inaccuracy: small circle,
 * mistake: square, blunder: large diamond), the viewed position ("ply")
 * as a vertical marker. Hovering shows the values in a tooltip and a
 * highlight; a click (or Left/Right/Home/End with the keyboard) emits
 * ::ply-activated with the position's ply — the owner then moves the
 * view and sets "ply".
 */
#pragma once

#include <gtk/gtk.h>

#include "imh-analysis-job.h"

G_BEGIN_DECLS

#define IMH_TYPE_EVAL_GRAPH (imh_eval_graph_get_type ())
G_DECLARE_FINAL_TYPE (ImhEvalGraph, imh_eval_graph, IMH, EVAL_GRAPH, GtkWidget)

GtkWidget         *imh_eval_graph_new          (void);

/* The analysis shown (NULL: empty graph). Points come from the plies,
 * turned into the view of "player" (2 players: 1 − v when the other
 * player moved; 3–4 players: only the player's own decisions give a
 * value, others repeat the last known one): point 0 = win_before of the
 * first decision; point i + 1 = win_actual of decision i, with two
 * players averaged with win_before of decision i + 1 (the same position
 * valued from the other side, which cancels the lean of a shallow
 * look-ahead towards the player to move). */
void               imh_eval_graph_set_analysis (ImhEvalGraph      *self,
                                                ImhAnalysisResult *result);
ImhAnalysisResult *imh_eval_graph_get_analysis (ImhEvalGraph      *self);

/* Raw data instead of an analysis: n_points values in [0, 1] and the
 * mark of the decision leading to each point (marks[0] is ignored); marks
 * may be NULL. */
void               imh_eval_graph_set_values   (ImhEvalGraph      *self,
                                                const double      *values,
                                                const ImhMark     *marks,
                                                guint              n_points);
guint              imh_eval_graph_get_n_points (ImhEvalGraph      *self);
double             imh_eval_graph_get_value    (ImhEvalGraph      *self,
                                                guint              point);

void               imh_eval_graph_set_player   (ImhEvalGraph      *self,
                                                guint              player);
guint              imh_eval_graph_get_player   (ImhEvalGraph      *self);

/* The players' names (NULL-terminated, copied; NULL: none) for the
 * tooltip: the decision's mover by name instead of number, and with more
 * than two players whose win probability the graph shows. */
void               imh_eval_graph_set_names    (ImhEvalGraph      *self,
                                                const char *const *names);

/* The decisions in words for the tooltip, as the history says them: for
 * decision i (i < n) the number of its turn (from 1), the decision played
 * and the best one in words (all copied). n = 0: none; the tooltip then
 * shows the analysis' notation. */
void               imh_eval_graph_set_words    (ImhEvalGraph      *self,
                                                guint              n,
                                                const guint       *turns,
                                                const char *const *played,
                                                const char *const *best);

/* The viewed position (the marker); G_MAXUINT: none. */
void               imh_eval_graph_set_ply      (ImhEvalGraph      *self,
                                                guint              ply);
guint              imh_eval_graph_get_ply      (ImhEvalGraph      *self);

/* The hovered position, G_MAXUINT when none (read-only property "hover-ply"). */
guint              imh_eval_graph_get_hover_ply (ImhEvalGraph     *self);

/* The point nearest to x (widget coordinates), G_MAXUINT when empty. */
guint              imh_eval_graph_ply_at_x     (ImhEvalGraph      *self,
                                                double             x);

/* The colour the graph draws `mark` with (IMH_MARK_NONE: the line), from
 * the style's named colours. */
void               _imh_eval_graph_get_mark_color (ImhEvalGraph *self,
                                                   ImhMark       mark,
                                                   GdkRGBA      *color);

/* The tooltip's text for a point (tests), NULL when there is none. */
char              *_imh_eval_graph_dup_point_text (ImhEvalGraph *self,
                                                   guint         point);

G_END_DECLS
