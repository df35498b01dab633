/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-cli.h — subcommands of imhotep-cli. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A subcommand: run() gets argv with argv[0] = "imhotep-cli NAME" and
 * returns the process exit status. Errors go to stderr (imh_cli_error). */
typedef struct {
  const char *name;
  const char *summary;            /* N_() marked; translated when printed */
  int       (*run) (int argc, char **argv);
} ImhCliCommand;

/* Exit statuses. */
enum {
  IMH_CLI_OK = 0,
  IMH_CLI_FAILED = 1,             /* the operation failed (bad file, illegal decision, ...) */
  IMH_CLI_USAGE = 2,              /* bad command line */
};

/* Prints "imhotep-cli: " + message to stderr. */
void imh_cli_error (const char *format, ...) G_GNUC_PRINTF (1, 2);

/* Parses argv with a GOptionContext whose parameter string and summary
 * are given; handles --help. Returns FALSE (after printing the error with
 * a hint to --help) on a bad command line. */
gboolean imh_cli_parse (GOptionContext *context, int *argc, char ***argv);

G_END_DECLS
