/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-library-page-private.h — parts of the library page the tests drive. */
#pragma once

#include "imh-library-page.h"

G_BEGIN_DECLS

GtkSearchEntry *_imh_library_page_get_search_entry (ImhLibraryPage *self);
GtkDropDown    *_imh_library_page_get_game_filter  (ImhLibraryPage *self);
GtkToggleButton *_imh_library_page_get_starred_filter (ImhLibraryPage *self);
GtkDropDown    *_imh_library_page_get_winner_filter (ImhLibraryPage *self);
GtkColumnView  *_imh_library_page_get_column_view  (ImhLibraryPage *self);
/* Name of the visible content: "list", "empty" or "no-results". */
const char     *_imh_library_page_get_content      (ImhLibraryPage *self);
/* The layout for the page's width: "wide", "medium" or "narrow". */
const char     *_imh_library_page_get_layout       (ImhLibraryPage *self);
/* The action bar's buttons: labelled ("action_buttons") or icons ("action_icons"). */
GtkWidget      *_imh_library_page_get_action_squeezer (ImhLibraryPage *self);
GtkOrientable  *_imh_library_page_get_filter_bar   (ImhLibraryPage *self);
/* TRUE while thumbnails of shown rows wait to be drawn. */
gboolean        _imh_library_page_get_thumbnails_pending (ImhLibraryPage *self);
/* TRUE while the page or its trash waits for the library: a list, a
 * read or an edit asked for whose reply has not come. */
gboolean        _imh_library_page_get_busy         (ImhLibraryPage *self);
/* What library.export does once its folder is chosen. */
void            _imh_library_page_export           (ImhLibraryPage *self,
                                                    GFile          *folder);

/* "Recently Deleted" (an ImhLibraryTrash), and which view is shown:
 * "games" or "trash" (actions library.show-trash and library.show-games). */
GtkWidget      *_imh_library_page_get_trash        (ImhLibraryPage *self);
const char     *_imh_library_page_get_view         (ImhLibraryPage *self);

/* A date of the list: "Today 14:05", "Yesterday 09:12", the day of the
 * week within the last week, else the locale's date (now: NULL for now). */
char           *_imh_library_page_date_text        (gint64          unix_time,
                                                    GDateTime      *now);
/* An unfinished game's result: the turn it reached and when it was last
 * played ("Turn 14 · Today 14:05"), and a longer tooltip. */
char           *_imh_library_page_progress_text    (ImhGameSummary *s,
                                                    GDateTime      *now,
                                                    char          **tooltip);

G_END_DECLS
