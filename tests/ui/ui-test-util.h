/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ui-test-util.h — main-loop and window helpers shared by the ui tests. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Instead of gtk_test_init (), which passes no options to g_test_init ()
 * (G_TEST_OPTION_ISOLATE_DIRS is lost): the test program gets a HOME and
 * XDG_{DATA,CONFIG,CACHE,STATE}_HOME of its own in a new temporary folder,
 * removed at exit, so that it never reads or writes the user's library,
 * settings or files (nor another test program's). XDG_DATA_DIRS stays: the
 * system's MIME database and icon themes are needed. The locale stays the
 * test setup's (imh_test_i18n_init_app ()). */
void       imh_test_init            (int        *argcp,
                                     char     ***argvp);

/* Runs the main loop until done (data) holds. Fails the test after two
 * minutes instead of hanging (a guard against hangs, not a timing check). */
void       imh_test_iterate_until   (gboolean (*done) (gpointer data),
                                     gpointer   data);
/* Runs every pending main-loop source, several rounds. */
void       imh_test_flush_main_loop (void);
/* Runs the main loop until the object-valued property of object is set
 * (woken by its notify signal; e.g. a window's "library"). */
void       imh_test_wait_for_object (gpointer    object,
                                     const char *property);
/* For imh_test_iterate_until: the widget is mapped and has a width. */
gboolean   imh_test_widget_is_drawn (gpointer widget);
/* Runs the main loop until the window of widget (realized) has painted a
 * frame after now: every size change made before is laid out. */
void       imh_test_wait_for_paint  (GtkWidget  *widget);
/* widget itself or its first descendant (depth first) that match() accepts, or NULL. */
GtkWidget *imh_test_find_widget     (GtkWidget *widget,
                                     gboolean (*match) (GtkWidget *widget, gpointer data),
                                     gpointer   data);
/* widget itself or its first descendant of the type (depth first), or NULL. */
GtkWidget *imh_test_find_descendant (GtkWidget *widget,
                                     GType      type);
/* The first toplevel window of the type (or a subtype), or NULL. */
GtkWindow *imh_test_find_toplevel   (GType type);

G_END_DECLS
