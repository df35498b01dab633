/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-play-view.h — playing a game: the board, a status line and a sidebar
 * (history, score, unseen tiles) in an AdwFlap that folds when narrow.
 *
 * The view's actions are installed on its class as "game.*", seen from the
 * view and its children: new-game, open, save, save-as, undo, redo, hint,
 * play-hint, history-previous, history-next, history-first, history-last,
 * show-sidebar (the "show-sidebar" property), show-summary,
 * resume-computer, return-to-line, bookmark (the study view's); for review
 * and analysis: analyse, analyse-quick, cancel-analysis, previous-mistake,
 * next-mistake, reveal-hidden (the "reveal-hidden" property). The window
 * forwards those its header bar, menu and accelerators use (win.*);
 * "actions-changed" tells when their enabled state changed.
 */
#pragma once

#include <adwaita.h>

#include "imh-analysis.h"
#include "imh-game.h"
#include "imh-library.h"
#include "imh-session.h"

G_BEGIN_DECLS

#define IMH_TYPE_PLAY_VIEW (imh_play_view_get_type ())
G_DECLARE_FINAL_TYPE (ImhPlayView, imh_play_view, IMH, PLAY_VIEW, GtkWidget)

GtkWidget    *imh_play_view_new            (void);
/* The game shown ("game"; NULL before the first game): the session's. */
ImhGame      *imh_play_view_get_game       (ImhPlayView *self);
/* Shows a game in a new session (kept in the library of
 * imh_play_view_set_library() once the window starts its autosave). */
void          imh_play_view_set_game       (ImhPlayView *self,
                                            ImhGame     *game);
/* The session shown ("session"): its game, file (Save), library entry
 * (the analysis and the bookmarks of the sidebar). */
ImhSession   *imh_play_view_get_session    (ImhPlayView *self);
void          imh_play_view_set_session    (ImhPlayView *self,
                                            ImhSession  *session);
/* The library that new games and opened files are kept in (NULL: none). */
void          imh_play_view_set_library    (ImhPlayView *self,
                                            ImhLibrary  *library);
/* Whether the action ("game.save"…) is enabled now (GTK has no getter for
 * a widget's class actions). */
gboolean      imh_play_view_get_action_enabled (ImhPlayView *self,
                                                const char  *action_name);
/* The board widget (transfer none). */
GtkWidget    *imh_play_view_get_board      (ImhPlayView *self);
/* Loads a game record and shows it (errors as a toast). */
/* Shows the session's game; when it takes the place of a game in progress,
 * after asking (TRUE: shown now, FALSE: asked, shown if accepted). */
gboolean      imh_play_view_offer_session  (ImhPlayView *self,
                                            ImhSession  *session);
void          imh_play_view_open_file      (ImhPlayView *self,
                                            GFile       *file);
/* The game-over summary while it is shown, else NULL (transfer none). */
GtkWindow    *imh_play_view_get_summary    (ImhPlayView *self);
/* The computer's minimum time per decision in the games shown (ms; default 600). */
void          imh_play_view_set_pace       (ImhPlayView *self,
                                            guint        pace_ms);
/* Iterations of a hint search (0: the core's default). */
void          imh_play_view_set_hint_iterations (ImhPlayView *self,
                                                 guint64      iterations);
/* Hints search `factor` times the core's default budget of the game shown
 * (1: the default; Preferences, "hint-search"). Set iterations win. */
void          imh_play_view_set_hint_factor (ImhPlayView *self,
                                             guint        factor);
guint64       imh_play_view_get_hint_budget (ImhPlayView *self);
guint         imh_play_view_get_pace        (ImhPlayView *self);

/* Screenshots (imhotep --screenshot --study): the Study page, and a hint
 * with the best five drawn (the saved "Show top 5" setting is untouched). */
void          imh_play_view_show_study     (ImhPlayView *self);

/* The sidebar's Analysis page (an ImhAnalysisPage; transfer none). */
GtkWidget    *imh_play_view_get_analysis_page (ImhPlayView *self);
/* Shows the Analysis page and analyses the game at depth unless it has
 * an analysis already. */
void          imh_play_view_show_analysis  (ImhPlayView      *self,
                                            ImhAnalysisDepth  depth);

G_END_DECLS
