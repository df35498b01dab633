/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "imh-json.h"

void
imh_json_init (ImhJson *j, char *buf, size_t len)
{
  j->buf = buf;
  j->len = len;
  j->pos = 0;
  if (buf != NULL && len > 0)
    buf[0] = '\0';
}

static void
put (ImhJson *j, const char *text, size_t n)
{
  if (j->pos < j->len)
    {
      size_t room = j->len - 1 - j->pos;
      size_t k = n < room ? n : room;
      memcpy (j->buf + j->pos, text, k);
      j->buf[j->pos + k] = '\0';
    }
  j->pos += n;
}

void
imh_json_raw (ImhJson *j, const char *text)
{
  put (j, text, strlen (text));
}

/* Whether `format` has a floating-point conversion (after the flags,
 * width, precision and length of a directive). */
static bool
has_float_conversion (const char *format)
{
  for (const char *p = strchr (format, '%'); p != NULL; p = strchr (p, '%'))
    {
      p++;
      if (*p == '%')
        {
          p++;
          continue;
        }
      p += strspn (p, "-+ #0'I123456789$.*hlLqjzt");
      if (*p == '\0')
        break;
      if (strchr ("aAeEfFgG", *p) != NULL)
        return true;
    }
  return false;
}

void
imh_json_printf (ImhJson *j, const char *format, ...)
{
  char tmp[256];
  va_list args;
  int n;

  if (has_float_conversion (format))
    {
      fprintf (stderr, "imh_json_printf: floating-point conversion in \"%s\" "
               "(the locale would choose the decimal separator): use imh_json_double\n", format);
      abort ();
    }
  va_start (args, format);
  n = vsnprintf (tmp, sizeof tmp, format, args);
  va_end (args);
  if (n < 0)
    return;
  if ((size_t) n < sizeof tmp)
    {
      put (j, tmp, (size_t) n);
      return;
    }
  /* Rare: long output; format again piecewise into the buffer. */
  {
    char big[4096];
    va_start (args, format);
    n = vsnprintf (big, sizeof big, format, args);
    va_end (args);
    put (j, big, (size_t) n < sizeof big ? (size_t) n : sizeof big - 1);
  }
}

void
imh_json_double (ImhJson *j, double value, int decimals)
{
  /* %.17f of the largest double: a sign, 309 digits, a point, 17 digits. */
  char tmp[400];
  size_t int_end;
  int n;

  if (!isfinite (value))
    {
      put (j, "null", 4);
      return;
    }
  if (decimals < 0)
    decimals = 0;
  if (decimals > 17)
    decimals = 17;
  n = snprintf (tmp, sizeof tmp, "%.*f", decimals, value);
  if (n <= decimals || (size_t) n >= sizeof tmp)
    {
      put (j, "null", 4);
      return;
    }
  /* The text is [-]DIGITS[POINT DIGITS], and only POINT (one or more
   * bytes) depends on the locale: %f groups no digits without the '
   * flag. Write the sign and the whole digits, '.', and the last
   * `decimals` bytes, which are the fraction's digits. */
  int_end = tmp[0] == '-' ? 1 : 0;
  while (tmp[int_end] >= '0' && tmp[int_end] <= '9')
    int_end++;
  put (j, tmp, int_end);
  if (decimals > 0)
    {
      put (j, ".", 1);
      put (j, tmp + n - decimals, (size_t) decimals);
    }
}

void
imh_json_string (ImhJson *j, const char *text)
{
  if (text == NULL)
    {
      put (j, "null", 4);
      return;
    }
  put (j, "\"", 1);
  for (const unsigned char *p = (const unsigned char *) text; *p != '\0'; p++)
    {
      char esc[8];
      switch (*p)
        {
        case '"': put (j, "\\\"", 2); break;
        case '\\': put (j, "\\\\", 2); break;
        case '\n': put (j, "\\n", 2); break;
        case '\t': put (j, "\\t", 2); break;
        case '\r': put (j, "\\r", 2); break;
        default:
          if (*p < 0x20)
            {
              snprintf (esc, sizeof esc, "\\u%04x", *p);
              put (j, esc, 6);
            }
          else
            put (j, (const char *) p, 1);
        }
    }
  put (j, "\"", 1);
}

int
imh_json_finish (ImhJson *j)
{
  if (j->buf != NULL && j->len > 0)
    j->buf[j->pos < j->len ? j->pos : j->len - 1] = '\0';
  return (int) j->pos;
}
