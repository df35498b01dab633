/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <stdarg.h>
#include <stdio.h>
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

void
imh_json_printf (ImhJson *j, const char *format, ...)
{
  char tmp[256];
  va_list args;
  int n;

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
