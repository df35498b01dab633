/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-application.h — the Imhotep application: actions, accelerators, about and shortcuts. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define IMH_TYPE_APPLICATION (imh_application_get_type ())

G_DECLARE_FINAL_TYPE (ImhApplication, imh_application, IMH, APPLICATION, AdwApplication)

ImhApplication *imh_application_new             (void);
/* Non-zero when a --screenshot could not be written. */
int             imh_application_get_exit_status (ImhApplication *self);

G_END_DECLS
