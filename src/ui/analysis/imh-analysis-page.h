/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-analysis-page.h — the "Analysis" page of the play view's sidebar.
 *
 * Runs an ImhAnalysisJob on the game shown (in the background, with a
 * progress bar and Cancel), shows the result: the win-probability graph
 * (a click views that position; the marker follows the viewed ply), the
 * decision that led to the viewed position (win before/after, the best
 * alternative, the loss and its mark), previous/next mistake buttons and
 * each player's summary (accuracy, marks, luck, luck-adjusted result). It
 * sets the marks of the game's history rows from the result.
 *
 * With a library and the game's library id the finished analysis is
 * stored with the game, and a stored analysis is loaded when the id is
 * set. A stored analysis that cannot be read is not dropped: the page
 * says so and why, above the buttons to analyse again (the row stays in
 * the library until a new analysis replaces it). Buttons use the play view's actions: game.analyse,
 * game.analyse-quick, game.cancel-analysis, game.previous-mistake, game.next-mistake and
 * game.reveal-hidden.
 */
#pragma once

#include <gtk/gtk.h>

#include "imh-analysis-job.h"
#include "imh-game.h"
#include "imh-session.h"

G_BEGIN_DECLS

#define IMH_TYPE_ANALYSIS_PAGE (imh_analysis_page_get_type ())
G_DECLARE_FINAL_TYPE (ImhAnalysisPage, imh_analysis_page, IMH, ANALYSIS_PAGE, GtkWidget)

GtkWidget         *imh_analysis_page_new          (void);
/* The session whose game is analysed and followed (NULL: none): its
 * stored analysis ("analysis") is shown when there is none, why it
 * cannot be read ("analysis-error") is said, and a finished analysis is
 * stored with its library entry (once it has one). Changing it drops the
 * result and a running analysis. */
void               imh_analysis_page_set_session  (ImhAnalysisPage   *self,
                                                   ImhSession        *session);
/* The game's library id (the session's "library-id"; 0: none). */
gint64             imh_analysis_page_get_game_id  (ImhAnalysisPage   *self);
/* The analysis shown ("result"; NULL: none). It must be of the game's
 * line; it is dropped when the line changes. */
ImhAnalysisResult *imh_analysis_page_get_result   (ImhAnalysisPage   *self);
void               imh_analysis_page_set_result   (ImhAnalysisPage   *self,
                                                   ImhAnalysisResult *result);
/* Starts analysing the game's main line ("running" while it runs). */
void               imh_analysis_page_start        (ImhAnalysisPage   *self,
                                                   ImhAnalysisDepth   depth);
void               imh_analysis_page_cancel       (ImhAnalysisPage   *self);
gboolean           imh_analysis_page_get_running  (ImhAnalysisPage   *self);
/* Overrides the depth's budgets of later runs (tests); 0 keeps a value. */
void               imh_analysis_page_set_budget   (ImhAnalysisPage   *self,
                                                   guint64            root_iterations,
                                                   guint              samples,
                                                   guint              sample_iterations);
/* The ply of the next (forward) or previous marked decision from the
 * viewed position, -1 when none; go_to_mistake views it (the position
 * where the decision was made) and returns FALSE when there is none. */
int                imh_analysis_page_find_mistake (ImhAnalysisPage   *self,
                                                   gboolean           forward);
gboolean           imh_analysis_page_go_to_mistake (ImhAnalysisPage  *self,
                                                    gboolean          forward);
/* Whose win chance the graph shows (0-based; default 0). With more than
 * two players the page offers the choice too (names and meeples above
 * the graph); the play view sets the person's seat. */
void               imh_analysis_page_set_player   (ImhAnalysisPage   *self,
                                                   guint              player);
guint              imh_analysis_page_get_player   (ImhAnalysisPage   *self);
/* Why the stored analysis of the game could not be read, while the page
 * says so; NULL otherwise. */
const char        *imh_analysis_page_get_load_error (ImhAnalysisPage *self);
/* The graph (transfer none). */
GtkWidget         *imh_analysis_page_get_graph    (ImhAnalysisPage   *self);

G_END_DECLS
