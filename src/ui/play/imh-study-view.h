/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-study-view.h — the Study page of the play view's sidebar.
 *
 *  - Top decisions: the hint's candidates (rank, decision in words, win %
 *    ± 95% interval, expected margin ± interval, visits) for the position
 *    shown; a "Show top 5" switch (GSettings "hint-top-five", also the
 *    stateful action study.top-five) decides whether the board draws the
 *    best five or only the best. Activating a row emits "decide".
 *  - Variations: the other lines kept in the game, with a way back to them
 *    (imh_game_select_variation, then to the end of that line).
 *  - Bookmarks: the game's bookmarked positions in the library with their
 *    notes (jump to one, remove one); study.bookmark (Ctrl+D in the play
 *    view) asks for a note and bookmarks the position shown.
 *
 * Its actions are installed on its class: study.bookmark and
 * study.top-five (the "top-five" property).
 */
#pragma once

#include <adwaita.h>

#include "imh-game.h"
#include "imh-library.h"
#include "imh-session.h"

G_BEGIN_DECLS

#define IMH_TYPE_STUDY_VIEW (imh_study_view_get_type ())
G_DECLARE_FINAL_TYPE (ImhStudyView, imh_study_view, IMH, STUDY_VIEW, GtkWidget)

/* board: the ImhBoard that draws the hints (not referenced: it must
 * outlive the view, as in the play view). */
GtkWidget    *imh_study_view_new           (GtkWidget          *board);
/* Another board draws the hints from now on (the play view's board for
 * another game kind; not referenced either). */
void          imh_study_view_set_board     (ImhStudyView       *self,
                                            GtkWidget          *board);
void          imh_study_view_set_game      (ImhStudyView       *self,
                                            ImhGame            *game);
/* The session of the game: its bookmarks are listed (and kept in its
 * library entry; without one bookmarking explains why it cannot). */
void          imh_study_view_set_session   (ImhStudyView       *self,
                                            ImhSession         *session);
/* Shows a hint result (GListModel of ImhHint, best first): on the board
 * (the best, or the best five) and in the list. */
void          imh_study_view_show_hints    (ImhStudyView       *self,
                                            GListModel         *hints);
/* Whether the board shows the best five ("top-five"). */
gboolean      imh_study_view_get_top_five  (ImhStudyView       *self);
void          imh_study_view_set_top_five  (ImhStudyView       *self,
                                            gboolean            top_five);
/* Makes the line continue at ply with d again (a variation kept there),
 * to the end of that line, and shows ply. */
gboolean      imh_study_view_return_to_line (ImhStudyView      *self,
                                             guint              ply,
                                             ImhDecision        d,
                                             GError           **error);
/* Top five on, without saving it (screenshots). */
void          imh_study_view_show_top_five_unsaved (ImhStudyView *self);
/* Rows in the top-decisions list (0 when none is shown). */
guint         imh_study_view_get_n_listed  (ImhStudyView       *self);
/* Bookmarks the viewed position of the game with a note
 * (imh_session_add_bookmark_async(): the game is stored in the library
 * first when needed, without blocking). The bookmark id, or 0 with error. */
void          imh_study_view_add_bookmark_async  (ImhStudyView        *self,
                                                  const char          *note,
                                                  GCancellable        *cancellable,
                                                  GAsyncReadyCallback  callback,
                                                  gpointer             user_data);
gint64        imh_study_view_add_bookmark_finish (ImhStudyView        *self,
                                                  GAsyncResult        *result,
                                                  GError             **error);
/* The bookmarks listed for the game (rows of the Bookmarks list). */
guint         imh_study_view_get_n_bookmarks (ImhStudyView     *self);
/* Variations that can be switched to (rows of the Variations list). */
guint         imh_study_view_get_n_variations (ImhStudyView    *self);

G_END_DECLS
