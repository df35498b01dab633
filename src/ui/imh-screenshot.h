/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-screenshot.h — render a laid-out window to a PNG file (imhotep --screenshot). */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* What `imhotep --screenshot FILE [--size WxH] [--dark]` asks for. Later
 * options (such as a game record and a ply to show) extend this struct and
 * prepare the window (imh-application-screenshot.c) before the picture is
 * taken. */
typedef struct {
  char     *path;       /* the PNG file to write */
  int       width;      /* window size in logical pixels */
  int       height;
  gboolean  dark;       /* dark style instead of light */
  double    text_scale; /* the desktop's text scaling factor (1: none) */
  char     *record;     /* a game record to show (--record), or NULL */
  int       ply;        /* the ply of the record to show (--ply); -1: its end */
  gboolean  analysis;   /* --analysis: the Analysis page, after a quick analysis */
  gboolean  study;      /* --study: the Study page, the best five of a hint drawn */
  gboolean  tutor;      /* --tutor: the tutor's message on the last decision of a person */
  gboolean  reveal;     /* --reveal: "everything revealed" on */
  gboolean  library;    /* --library: the library page */
  int       practice;   /* --practice: 1 the Practice page's overview; 2
                         * (--practice-exercise) an exercise answered wrong */
  char    **my_names;   /* --my-name: the user's names ("my-names") */
  gboolean  statistics; /* --statistics: the Statistics page */
  gboolean  new_game;   /* --new-game: the New Game dialog */
  int       game;       /* --game: the dialog's game (ImhGameKind); -1: the default */
  gboolean  game_over;  /* --game-over: the summary of a finished --record */
  gboolean  preferences; /* --preferences: the Preferences window */
  int       rules;      /* --rules: the Rules window of game kind rules - 1; 0: none */
  int       rules_page; /* --page: the page of the Rules window shown (0 the first) */
  gboolean  natural_size; /* the subject at the size it takes (width and height
                            * then size only the window it belongs to) */
} ImhScreenshotRequest;

void     imh_screenshot_request_free (ImhScreenshotRequest *request);

/* Parses "WIDTHxHEIGHT" (each 1…10000). */
gboolean imh_screenshot_parse_size   (const char           *text,
                                      int                  *width,
                                      int                  *height,
                                      GError              **error);

/* Renders @widget (a realized, laid-out widget) at its current size into a PNG. */
gboolean imh_screenshot_save_widget  (GtkWidget            *widget,
                                      const char           *path,
                                      GError              **error);

/* Sizes @window so that @subject (the window's content, or the window
 * itself) gets the size of @request, waits until it has drawn a few frames,
 * then writes the PNG of @subject and calls @callback with the result. */
typedef void (*ImhScreenshotDone) (GtkWindow    *window,
                                   const GError *error,
                                   gpointer      user_data);

void     imh_screenshot_take_when_ready (GtkWindow                  *window,
                                         GtkWidget                  *subject,
                                         const ImhScreenshotRequest *request,
                                         ImhScreenshotDone           callback,
                                         gpointer                    user_data);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ImhScreenshotRequest, imh_screenshot_request_free)

G_END_DECLS
