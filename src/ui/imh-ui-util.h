/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-ui-util.h — small helpers shared by the views. */
#pragma once

#include <adwaita.h>
#include <gtk/gtk.h>

#include "imh-game.h"

G_BEGIN_DECLS

/* A toast whose title is `text` as it is (plain text, never markup: every
 * toast built from user data, file names or error messages goes through
 * this). */
AdwToast *imh_ui_toast_new (const char *text);

/* The longest text a toast is taken to show whole, in characters (the
 * toast cuts a longer title off with "…"). */
#define IMH_UI_TOAST_MAX_CHARS 50

/* A toast for a message that may be long (an error): longer than
 * IMH_UI_TOAST_MAX_CHARS its button "Details" shows all of it
 * (imh_ui_show_details() over widget's window). */
AdwToast *imh_ui_error_toast_new (GtkWidget  *widget,
                                  const char *text);
/* A dialog over widget's window with the whole of `text`, selectable. */
GtkWidget *imh_ui_show_details   (GtkWidget  *widget,
                                  const char *text);

/* Shows `text` (plain, not markup) as a toast in the AdwToastOverlay
 * around `widget` (a long one with "Details": imh_ui_error_toast_new());
 * without one (tests, screenshots) logs it instead. */
void imh_ui_toast (GtkWidget  *widget,
                   const char *text);

/* Names for screen readers, given to widgets when they are shown (call
 * once, at startup): a button's label once and without its mnemonic
 * underscore (GTK 4.8 names a button by its accessible label, "_New Game"
 * as given, followed by its label widget's text: the accessible label of a
 * button with a mnemonic is dropped); an icon-only button or menu button
 * by its tooltip; a list inside a combo row or a preferences group without
 * a title by the row's title; a drop-down's button and shown item by the
 * drop-down's tooltip; a search entry by its placeholder text. */
void imh_ui_init_accessible_names (void);

/* The longest a player's name is shown inside other text (titles,
 * prompts, summaries, rows), in characters. */
#define IMH_UI_NAME_MAX_CHARS 30

/* `text` itself when it has at most max_chars characters, else its first
 * max_chars - 1 characters (trailing spaces dropped) and "…". Transfer
 * full. */
char    *imh_ui_shorten        (const char *text,
                                guint       max_chars);
/* A player's name as the views show it: imh_ui_shorten() to
 * IMH_UI_NAME_MAX_CHARS. */
char    *imh_ui_player_name    (ImhGame    *game,
                                int         player);

/* A fraction (0..1) as a percentage in the UI language with `decimals`
 * decimals: "12.5%", German "12,5 %". Transfer full. */
char    *imh_ui_format_percent (double      fraction,
                                int         decimals);

/* Whether the app has a board for games of this kind (the Duel only, so
 * far). */
gboolean imh_ui_kind_has_board (ImhGameKind kind);
/* The app has a board for the Duel only. FALSE (with an error that says
 * so and what to use instead) for a game of the base game. */
gboolean imh_ui_game_has_board (ImhGame  *game,
                                GError  **error);

/* The kind a new game has when nothing else says: the first kind the app
 * has a board for. */
ImhGameKind imh_ui_default_kind (void);

G_END_DECLS
