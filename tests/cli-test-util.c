/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "cli-test-util.h"

#include <string.h>
#include <sys/wait.h>

int
cli_test_run_argv (const char *const *argv,
                   char             **out,
                   char             **err)
{
  g_autoptr(GError) error = NULL;
  int status = 0;
  /* Without `out`, the child's output must not reach the test's own
   * stdout: the TAP stream would get lines it cannot read. */
  GSpawnFlags flags = out == NULL ? G_SPAWN_STDOUT_TO_DEV_NULL : G_SPAWN_DEFAULT;

  if (!g_spawn_sync (NULL, (char **) argv, NULL, flags, NULL, NULL,
                     out, err, &status, &error))
    g_error ("cannot run %s: %s", argv[0], error->message);
  g_assert_true (WIFEXITED (status));
  return WEXITSTATUS (status);
}

int
cli_test_run_va (const char        *program,
                 const char *const *prefix,
                 char             **out,
                 char             **err,
                 va_list            ap)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  const char *arg;

  g_ptr_array_add (argv, (char *) program);
  for (guint i = 0; prefix != NULL && prefix[i] != NULL; i++)
    g_ptr_array_add (argv, (char *) prefix[i]);
  while ((arg = va_arg (ap, const char *)) != NULL)
    g_ptr_array_add (argv, (char *) arg);
  g_ptr_array_add (argv, NULL);
  return cli_test_run_argv ((const char *const *) argv->pdata, out, err);
}

guint
cli_test_count (const char *haystack,
                const char *needle)
{
  guint n = 0;

  for (const char *p = strstr (haystack, needle); p != NULL; p = strstr (p + 1, needle))
    n++;
  return n;
}

double
cli_test_json_number (const char *json,
                      const char *key)
{
  /* "key", then optional white space and ':' (the engine's writer puts
   * none, json-glib's generator " : "). */
  g_autofree char *pat = g_strdup_printf ("\"%s\"", key);
  const char *p = json;
  char *end;
  double v;

  for (;;)
    {
      p = strstr (p, pat);
      if (p == NULL)
        g_error ("no %s in %s", pat, json);
      p += strlen (pat);
      p += strspn (p, " \t\n");
      if (*p == ':')
        break;
    }
  p++;
  v = g_ascii_strtod (p, &end);
  g_assert_true (end != p);
  return v;
}
