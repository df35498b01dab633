/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * failing-vfs.h — a full disk on demand, for tests: an SQLite VFS that
 * passes everything to the default VFS, except that while writes are set
 * to fail every write to a file returns SQLITE_FULL.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Makes the failing VFS SQLite's default (for the connections opened
 * after this call). Call once, before any library is opened. */
void imh_test_failing_vfs_install    (void);
/* From now on every write fails (TRUE) or passes (FALSE); any thread. */
void imh_test_failing_vfs_fail_writes (gboolean fail);

G_END_DECLS
