/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-json.h — a tiny JSON writer with snprintf semantics, for the
 * engines' to_json and the CLI. Plain C11, no allocation.
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
/* Appends printf-formatted raw text. */
void imh_json_printf (ImhJson *j, const char *format, ...) __attribute__ ((format (printf, 2, 3)));
/* Appends a quoted, escaped JSON string (NULL gives null). */
void imh_json_string (ImhJson *j, const char *text);
/* Terminates the buffer; returns the length needed (snprintf semantics). */
int  imh_json_finish (ImhJson *j);
