/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test-i18n.h — the locale of a test program: what the environment says
 * (the test setup: C.UTF-8 by default, German with `meson test --setup
 * german`), with the app's messages read from the build's catalogues.
 * Needs test_i18n_dep (tests/meson.build).
 */
#pragma once

#include <glib.h>
#include <libintl.h>
#include <locale.h>
#include <string.h>

/* Call first in main (): g_test_init () leaves the C locale in place.
 * Core translates with the app's text domain (glib/gi18n-lib.h). */
static inline void
imh_test_i18n_init (void)
{
  setlocale (LC_ALL, "");
  bindtextdomain (IMH_TEST_GETTEXT_PACKAGE, IMH_TEST_PODIR);
  bind_textdomain_codeset (IMH_TEST_GETTEXT_PACKAGE, "UTF-8");
}

/* The same for the app's user interface, which translates with the default
 * text domain (glib/gi18n.h), as main () sets it. Call before
 * gtk_test_init (), which sets the locale. */
static inline void
imh_test_i18n_init_app (void)
{
  imh_test_i18n_init ();
  textdomain (IMH_TEST_GETTEXT_PACKAGE);
}

/* The app's translation of `msgid` in the current locale. */
#define IMH_T(msgid) g_dgettext (IMH_TEST_GETTEXT_PACKAGE, (msgid))
/* The same with a plural form. */
#define IMH_TN(msgid, msgid_plural, n) \
  g_dngettext (IMH_TEST_GETTEXT_PACKAGE, (msgid), (msgid_plural), (n))

/* The fixed text of the translation of `msgid` after its index-th printf
 * conversion (0: before the first): the words around the numbers, whatever
 * they are. Transfer full. */
static inline char *
imh_test_t_piece (const char *msgid,
                  guint       index)
{
  const char *p = IMH_T (msgid);

  for (;; index--)
    {
      const char *conversion = strchr (p, '%');

      if (index == 0)
        return g_strndup (p, conversion != NULL ? (gsize) (conversion - p) : strlen (p));
      if (conversion == NULL)
        return g_strdup ("");
      /* Flags, width, precision and length, then the conversion letter. */
      p = conversion + 1 + strspn (conversion + 1, "0123456789.-+ #'hlLqjzt");
      if (*p != '\0')
        p++;
    }
}

/* The translation of `msgid` up to its first conversion: the text a
 * message starts with whatever its arguments. Transfer full. */
static inline char *
imh_test_t_prefix (const char *msgid)
{
  return imh_test_t_piece (msgid, 0);
}
