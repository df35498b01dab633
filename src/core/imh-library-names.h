/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-library-names.h — the names of the library's person seats, for the
 * user to say which are theirs ("This is me", the `my-names` setting that
 * practice and the statistics read). docs/library.md, "Your names".
 */
#pragma once

#include <gio/gio.h>

#include "imh-library.h"

G_BEGIN_DECLS

/* One name of a person ("human") seat and the games it played. */
typedef struct {
  char  *name;        /* as written in the game started last */
  guint  n_games;     /* games (not in the trash) with a person seat of that name */
} ImhPersonName;

void        imh_person_name_free                 (ImhPersonName *name);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ImhPersonName, imh_person_name_free)

/* The distinct names of person seats in the games not in the trash, most
 * games first (then by name). Names are compared without case as practice
 * and the statistics compare them (SQLite's NOCASE: ASCII letters), so
 * "Ada" and "ada" are one name. ImhPersonName elements. */
GPtrArray  *imh_library_list_person_names        (ImhLibrary          *self,
                                                  GError             **error);
void        imh_library_list_person_names_async  (ImhLibrary          *self,
                                                  GCancellable        *cancellable,
                                                  GAsyncReadyCallback  callback,
                                                  gpointer             user_data);
GPtrArray  *imh_library_list_person_names_finish (ImhLibrary          *self,
                                                  GAsyncResult        *result,
                                                  GError             **error);

G_END_DECLS
