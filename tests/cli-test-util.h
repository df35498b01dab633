/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cli-test-util.h — running imhotep-cli (or a script) from a test and
 * reading what it printed: shared by the engine and core CLI tests.
 */
#pragma once

#include <glib.h>
#include <stdarg.h>

G_BEGIN_DECLS

/* Runs `program`, then the `prefix` arguments (NULL-terminated, may be
 * NULL), then the arguments of `ap` (up to a NULL); stores stdout and
 * stderr in *out and *err when given (transfer full); without `out`,
 * stdout goes to /dev/null. Asserts that the process ran and exited;
 * returns its exit status. */
int    cli_test_run_va     (const char        *program,
                            const char *const *prefix,
                            char             **out,
                            char             **err,
                            va_list            ap);
/* The same with the arguments in an array (NULL-terminated). */
int    cli_test_run_argv   (const char *const *argv,
                            char             **out,
                            char             **err);
/* How often `needle` occurs in `haystack` (overlaps counted). */
guint  cli_test_count      (const char *haystack,
                            const char *needle);
/* The number after the first "key": in a JSON text; fails the test when
 * there is none. */
double cli_test_json_number (const char *json,
                             const char *key);

G_END_DECLS
