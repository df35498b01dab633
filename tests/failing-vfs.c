/* SPDX-License-Identifier: GPL-3.0-or-later */
/* failing-vfs.c — an SQLite VFS whose writes fail on demand (a full disk). */
#include "failing-vfs.h"

#include <sqlite3.h>

#define MAX_KINDS 8

static sqlite3_vfs *real_vfs;
static sqlite3_vfs failing_vfs;
/* Per kind of file (the real VFS gives each kind its table of methods):
 * the real methods and a copy with xWrite replaced. */
static struct {
  const sqlite3_io_methods *real;
  sqlite3_io_methods        failing;
} kinds[MAX_KINDS];
static guint n_kinds;
static GMutex kinds_lock;
static gint fail_writes;

static const sqlite3_io_methods *
real_methods_of (sqlite3_file *file)
{
  const sqlite3_io_methods *real = NULL;

  g_mutex_lock (&kinds_lock);
  for (guint i = 0; i < n_kinds && real == NULL; i++)
    if (file->pMethods == &kinds[i].failing)
      real = kinds[i].real;
  g_mutex_unlock (&kinds_lock);
  g_assert_nonnull (real);
  return real;
}

static int
failing_write (sqlite3_file  *file,
               const void    *data,
               int            amount,
               sqlite3_int64  offset)
{
  if (g_atomic_int_get (&fail_writes))
    return SQLITE_FULL;
  return real_methods_of (file)->xWrite (file, data, amount, offset);
}

static int
failing_open (sqlite3_vfs  *vfs,
              const char   *name,
              sqlite3_file *file,
              int           flags,
              int          *out_flags)
{
  int rc = real_vfs->xOpen (real_vfs, name, file, flags, out_flags);
  guint i;

  if (rc != SQLITE_OK || file->pMethods == NULL)
    return rc;
  /* The file is the real VFS's own: only its table of methods differs. */
  g_mutex_lock (&kinds_lock);
  for (i = 0; i < n_kinds && kinds[i].real != file->pMethods; i++)
    ;
  if (i == n_kinds)
    {
      g_assert_cmpuint (n_kinds, <, MAX_KINDS);
      kinds[i].real = file->pMethods;
      kinds[i].failing = *file->pMethods;
      kinds[i].failing.xWrite = failing_write;
      n_kinds++;
    }
  file->pMethods = &kinds[i].failing;
  g_mutex_unlock (&kinds_lock);
  return rc;
}

void
imh_test_failing_vfs_install (void)
{
  g_assert_null (real_vfs);
  real_vfs = sqlite3_vfs_find (NULL);
  g_assert_nonnull (real_vfs);
  failing_vfs = *real_vfs;
  failing_vfs.zName = "imh-test-failing";
  failing_vfs.xOpen = failing_open;
  failing_vfs.pNext = NULL;
  g_assert_cmpint (sqlite3_vfs_register (&failing_vfs, 1), ==, SQLITE_OK);
}

void
imh_test_failing_vfs_fail_writes (gboolean fail)
{
  g_atomic_int_set (&fail_writes, !!fail);
}
