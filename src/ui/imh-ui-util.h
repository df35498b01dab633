/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-ui-util.h — small helpers shared by the views. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Shows `text` (plain, not markup) as a toast in the AdwToastOverlay
 * around `widget`; without one (tests, screenshots) logs it instead. */
void imh_ui_toast (GtkWidget  *widget,
                   const char *text);

G_END_DECLS
