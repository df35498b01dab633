/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ui-test-app.h — the set-up the window tests share: a display, the test
 * environment, and the application. */
#pragma once

#include "imh-application.h"

G_BEGIN_DECLS

/* FALSE (having printed a TAP plan that skips) when there is no display;
 * else sets the renderer and the accessibility bridge as every ui test runs
 * them (cairo, none), then imh_test_init () and adw_init (). */
gboolean        imh_test_app_init (int    *argcp,
                                   char ***argvp);
/* A new application, non-unique (tests may run side by side), registered.
 * Transfer full. */
ImhApplication *imh_test_app_new  (void);

G_END_DECLS
