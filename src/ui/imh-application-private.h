/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-application-private.h — the application's state and the hooks that join its files. */
#pragma once

#include "imh-application.h"
#include "imh-screenshot.h"

G_BEGIN_DECLS

struct _ImhApplication
{
  AdwApplication        parent_instance;

  /* Set by --screenshot: render the window to a PNG and quit. */
  ImhScreenshotRequest *screenshot;
  int                   exit_status;
};

/* imh-application-screenshot.c: opens the window that self->screenshot
 * asks for, writes its picture and closes it (exit_status 1 on failure). */
void _imh_application_take_screenshot (ImhApplication *self);

G_END_DECLS
