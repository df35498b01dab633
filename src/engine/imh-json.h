/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-json.h — a tiny JSON writer with snprintf semantics, for the
 * engines' to_json and the AI's analysis. Plain C11, no allocation.
 *
 * What it writes never depends on the locale: numbers with a fraction go
 * through imh_json_double(), which always writes a '.', and
 * imh_json_printf() refuses floating-point conversions.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>

typedef struct {
  char   *buf;        /* may be NULL when len == 0 */
  size_t  len;        /* capacity of buf */
  size_t  pos;        /* characters needed so far (may exceed len) */
} ImhJson;

void imh_json_init   (ImhJson *j, char *buf, size_t len);
/* Appends raw text. */
void imh_json_raw    (ImhJson *j, const char *text);
/* Appends printf-formatted raw text: integers, characters and strings
 * only. A floating-point conversion (%f, %e, %g, %a) would follow the
 * locale's decimal separator; the call aborts with a message instead, so
 * that any test reaching it fails (use imh_json_double()). */
void imh_json_printf (ImhJson *j, const char *format, ...) __attribute__ ((format (printf, 2, 3)));
/* Appends `value` with `decimals` digits after the point (0 to 17), the
 * same text as printf ("%.*f") in the C locale whatever the locale is;
 * NaN and infinities give null. */
void imh_json_double (ImhJson *j, double value, int decimals);
/* Appends a quoted, escaped JSON string (NULL gives null). */
void imh_json_string (ImhJson *j, const char *text);
/* Terminates the buffer; returns the length needed (snprintf semantics). */
int  imh_json_finish (ImhJson *j);
