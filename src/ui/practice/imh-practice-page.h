/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-practice-page.h — the Practice page: the user's own mistakes as
 * exercises (docs/library.md, "Practice"). An overview (what is due,
 * what is new, the list) and the attempt at one exercise on the game's
 * board, with the verdict, hints and the review schedule.
 *
 * The user's players are the names of the GSettings key "my-names"; the
 * page follows changes to it. It does not open games itself: it emits
 * ::open-game with the game's id and the ply of the exercise's position,
 * as the library page does.
 */
#pragma once

#include <adwaita.h>

#include "imh-library.h"

G_BEGIN_DECLS

#define IMH_TYPE_PRACTICE_PAGE (imh_practice_page_get_type ())
G_DECLARE_FINAL_TYPE (ImhPracticePage, imh_practice_page, IMH, PRACTICE_PAGE, GtkWidget)

GtkWidget  *imh_practice_page_new         (ImhLibrary      *library);
ImhLibrary *imh_practice_page_get_library (ImhPracticePage *self);
/* Reads the exercises again (in the background). The page does so itself
 * when it is mapped and when "my-names" changes. */
void        imh_practice_page_reload      (ImhPracticePage *self);

G_END_DECLS
