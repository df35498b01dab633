/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test-json.c — the engine's JSON writer (imh-json.h): numbers are
 * written the same in every locale (the C locale's text), NaN and
 * infinities as null, and imh_json_printf() refuses floating-point
 * conversions.
 */
#include <glib.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "imh-json.h"

/* The locale with a decimal comma the tests switch to. */
#define COMMA_LOCALE "de_DE.UTF-8"

static const struct {
  double value;
  int decimals;
} numbers[] = {
  { 0.0, 4 }, { 0.125, 4 }, { 0.6125, 4 }, { 0.12345, 4 }, { 0.99995, 4 }, { 1.0, 4 },
  { -0.00004, 4 }, { -3.14159, 2 }, { 2.5, 0 }, { 3.5, 0 }, { 20000.4, 0 }, { 79.85, 1 },
  { -9.75, 1 }, { 1234567.891, 3 }, { 1e20, 2 }, { 1e-7, 17 }, { 0.1, 17 }, { -1e300, 1 },
};

/* imh_json_double() alone into a buffer (asserts that it fits). */
static char *
write_double (double value, int decimals)
{
  char buf[512];
  ImhJson j;
  int n;

  imh_json_init (&j, buf, sizeof buf);
  imh_json_double (&j, value, decimals);
  n = imh_json_finish (&j);
  g_assert_cmpint (n, <, (int) sizeof buf);
  return g_strdup (buf);
}

/* In the C locale, the text printf gives (stored data relies on it). */
static void
test_double_c_locale (void)
{
  g_assert_nonnull (setlocale (LC_NUMERIC, "C"));
  for (guint i = 0; i < G_N_ELEMENTS (numbers); i++)
    {
      g_autofree char *got = write_double (numbers[i].value, numbers[i].decimals);
      g_autofree char *want = g_strdup_printf ("%.*f", numbers[i].decimals, numbers[i].value);
      g_assert_cmpstr (got, ==, want);
    }
  {
    g_autofree char *a = write_double (0.6125, 4);
    g_autofree char *b = write_double (-2.5, 1);
    g_assert_cmpstr (a, ==, "0.6125");
    g_assert_cmpstr (b, ==, "-2.5");
  }
}

/* Under a locale with a decimal comma: the same text as in the C locale. */
static void
test_double_comma_locale (void)
{
  g_autofree char *before = g_strdup (setlocale (LC_NUMERIC, NULL));
  char **want = g_new0 (char *, G_N_ELEMENTS (numbers) + 1);
  char probe[16];

  g_assert_nonnull (setlocale (LC_NUMERIC, "C"));
  for (guint i = 0; i < G_N_ELEMENTS (numbers); i++)
    want[i] = g_strdup_printf ("%.*f", numbers[i].decimals, numbers[i].value);
  if (setlocale (LC_NUMERIC, COMMA_LOCALE) == NULL)
    {
      g_strfreev (want);
      g_test_skip ("the locale " COMMA_LOCALE " is not available");
      return;
    }
  /* The locale does write a comma: the test tests something. */
  snprintf (probe, sizeof probe, "%.1f", 0.5);
  g_assert_cmpstr (probe, ==, "0,5");

  for (guint i = 0; i < G_N_ELEMENTS (numbers); i++)
    {
      g_autofree char *got = write_double (numbers[i].value, numbers[i].decimals);
      g_assert_cmpstr (got, ==, want[i]);
    }
  /* In a document, next to other members. */
  {
    char buf[128];
    ImhJson j;

    imh_json_init (&j, buf, sizeof buf);
    imh_json_raw (&j, "{\"stable_from\":");
    imh_json_double (&j, 0.125, 4);
    imh_json_printf (&j, ",\"visits\":%u,\"win\":", 17u);
    imh_json_double (&j, -0.75, 2);
    imh_json_raw (&j, "}");
    imh_json_finish (&j);
    g_assert_cmpstr (buf, ==, "{\"stable_from\":0.1250,\"visits\":17,\"win\":-0.75}");
  }
  setlocale (LC_NUMERIC, before);
  g_strfreev (want);
}

static void
test_double_not_finite (void)
{
  g_autofree char *nan_text = write_double (NAN, 4);
  g_autofree char *inf_text = write_double (INFINITY, 2);
  g_autofree char *minus_inf_text = write_double (-INFINITY, 0);

  g_assert_cmpstr (nan_text, ==, "null");
  g_assert_cmpstr (inf_text, ==, "null");
  g_assert_cmpstr (minus_inf_text, ==, "null");
}

/* snprintf semantics: a short buffer holds the start, the length needed
 * is counted in full. */
static void
test_double_short_buffer (void)
{
  char buf[4];
  ImhJson j;

  imh_json_init (&j, buf, sizeof buf);
  imh_json_double (&j, 3.14159, 3);
  g_assert_cmpint (imh_json_finish (&j), ==, 5);
  g_assert_cmpstr (buf, ==, "3.1");

  imh_json_init (&j, NULL, 0);
  imh_json_raw (&j, "[");
  imh_json_double (&j, -12.5, 2);
  imh_json_raw (&j, "]");
  g_assert_cmpint (imh_json_finish (&j), ==, (int) strlen ("[-12.50]"));
}

/* imh_json_printf() with a floating-point conversion stops the program
 * with a message naming imh_json_double(). */
static const char *const float_formats[] = { "%.4f", ",\"win\":%f", "%g", "%10.3e", "%Lf", "%1$a" };

static void
printf_float (guint i, char *buf, size_t len)
{
  ImhJson j;

  imh_json_init (&j, buf, len);
  switch (i)
    {
    case 0: imh_json_printf (&j, "%.4f", 0.5); break;
    case 1: imh_json_printf (&j, ",\"win\":%f", 0.5); break;
    case 2: imh_json_printf (&j, "%g", 0.5); break;
    case 3: imh_json_printf (&j, "%10.3e", 0.5); break;
    case 4: imh_json_printf (&j, "%Lf", (long double) 0.5); break;
    default: imh_json_printf (&j, "%1$a", 0.5); break;
    }
  imh_json_finish (&j);
}

static void
test_printf_refuses_float (gconstpointer data)
{
  guint i = GPOINTER_TO_UINT (data);

  if (g_test_subprocess ())
    {
      char buf[64];
      printf_float (i, buf, sizeof buf);
      printf ("written: %s\n", buf);
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stderr ("*imh_json_double*");
  g_test_trap_assert_stdout_unmatched ("*written*");
}

/* Integers, characters, strings and %% still work. */
static void
test_printf_integers (void)
{
  char buf[64];
  ImhJson j;

  imh_json_init (&j, buf, sizeof buf);
  imh_json_printf (&j, "%d%%,%u,%s,%c,%llx,%5.2s|", -3, 7u, "x", 'y', 255ull, "abc");
  imh_json_finish (&j);
  g_assert_cmpstr (buf, ==, "-3%,7,x,y,ff,   ab|");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/json/double/c-locale", test_double_c_locale);
  g_test_add_func ("/json/double/comma-locale", test_double_comma_locale);
  g_test_add_func ("/json/double/not-finite", test_double_not_finite);
  g_test_add_func ("/json/double/short-buffer", test_double_short_buffer);
  for (guint i = 0; i < G_N_ELEMENTS (float_formats); i++)
    {
      g_autofree char *path = g_strdup_printf ("/json/printf/refuses-float/%u", i);
      g_test_add_data_func (path, GUINT_TO_POINTER (i), test_printf_refuses_float);
    }
  g_test_add_func ("/json/printf/integers", test_printf_integers);
  return g_test_run ();
}
