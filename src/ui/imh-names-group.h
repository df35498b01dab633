/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-names-group.h — "Your Names" in Preferences: one row per name of a
 * person seat in the library (with its number of games) and a switch
 * "This is me" that adds it to or takes it from the `my-names` setting
 * (what practice and the statistics read); the names of `my-names` not in
 * the library, to take them away; an entry to add a name not played yet.
 * While `my-names` is empty the name the New Game dialog remembers for a
 * person seat comes first, as a suggestion.
 */
#pragma once

#include <adwaita.h>

#include "imh-library.h"

G_BEGIN_DECLS

#define IMH_TYPE_NAMES_GROUP (imh_names_group_get_type ())
G_DECLARE_FINAL_TYPE (ImhNamesGroup, imh_names_group, IMH, NAMES_GROUP, AdwPreferencesGroup)

/* settings: the app's schema (key `my-names`). */
GtkWidget  *imh_names_group_new         (GSettings     *settings);
/* The library whose names are listed (NULL: only those of `my-names`);
 * the list follows its changes. */
void        imh_names_group_set_library (ImhNamesGroup *self,
                                         ImhLibrary    *library);
ImhLibrary *imh_names_group_get_library (ImhNamesGroup *self);
/* TRUE while the library's names are being listed (tests). */
gboolean    imh_names_group_get_loading (ImhNamesGroup *self);

/* Whether name is among names, compared as practice and the statistics
 * compare names (SQLite's NOCASE: ASCII letters without case). */
gboolean    imh_names_contain           (const char * const *names,
                                         const char         *name);

G_END_DECLS
