/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-art.h — vector art shared by every game's board, drawn with cairo:
 * colours, boxes, rounded shapes, fitted text and the players' meeples.
 *
 * Every function draws into a box (x, y, w, h) in the current user space;
 * nothing here keeps state.
 */
#pragma once

#include <cairo.h>
#include <glib.h>
#include <pango/pango.h>

G_BEGIN_DECLS

typedef struct {
  double r, g, b, a;
} ImhRgba;

/* A rectangle in widget pixels. */
typedef struct {
  double x, y, w, h;
} ImhBox;

/* The colours every board uses; a game's board adds its own. */
typedef struct {
  gboolean dark;
  ImhRgba  text;          /* foreground text */
  ImhRgba  accent;        /* legal targets */
  ImhRgba  hint;          /* the hint overlay */
  ImhRgba  page;          /* the page behind the board: white, or near black */
} ImhPalette;

/* The palette for the style: dark, the foreground text colour and the
 * accent colour of the widget. */
void   imh_palette_init     (ImhPalette    *palette,
                             gboolean       dark,
                             const ImhRgba *text,
                             const ImhRgba *accent);

/* The surfaces of a game table, shared by every board: the players'
 * panels, water, the sandy fields of the sites and wood, in the style's
 * shades. */
typedef struct {
  gboolean dark;
  ImhRgba  text;          /* foreground text on the panels */
  ImhRgba  panel;         /* player panel background */
  ImhRgba  panel_active;  /* the panel of the player to move */
  ImhRgba  water;
  ImhRgba  field;
  ImhRgba  field_line;
  ImhRgba  wood;
  ImhRgba  wood_dark;
  ImhRgba  accent;        /* legal targets */
  ImhRgba  hint;          /* the hint overlay */
} ImhTablePalette;

void   imh_table_palette_init (ImhTablePalette *palette,
                               gboolean         dark,
                               const ImhRgba   *text,
                               const ImhRgba   *accent);

/* The number of players with a colour and a shape of their own. */
#define IMH_ART_N_PLAYERS 4

void   imh_art_set          (cairo_t       *cr,
                             const ImhRgba *c);
void   imh_art_rounded_rect (cairo_t       *cr,
                             double         x,
                             double         y,
                             double         w,
                             double         h,
                             double         r);
/* A box's rounded outline grown by grow on every side, stroked. */
void   imh_art_stroke_box   (cairo_t       *cr,
                             ImhBox         b,
                             double         grow,
                             double         radius,
                             double         width,
                             const ImhRgba *c);
/* A box filled rounded with the colour at alpha (times its own). */
void   imh_art_fill_box     (cairo_t       *cr,
                             ImhBox         b,
                             double         radius,
                             const ImhRgba *c,
                             double         alpha);

/* The smallest text size (pixels) drawn on cr: text asked for smaller is
 * drawn at this size (shortened with an ellipsis where it then does not
 * fit its box's width). 0 (not set): no floor. A board sets it from the
 * font settings (imh_art_min_text_size ()). */
void   imh_art_set_min_text (cairo_t       *cr,
                             double         size);
double imh_art_get_min_text (cairo_t       *cr);
/* The pixel size of points pt at the resolution (dots per inch) of a
 * pango context, which follows the desktop's text scale. */
double imh_art_points_to_pixels (PangoContext *context,
                                 double        pt);

/* A text run drawn on cr (for tests: imh_art_record_texts ()). */
typedef struct {
  char    *text;        /* as drawn (an ellipsis where shortened) */
  double   size;        /* font size, pixels */
  ImhBox   box;         /* the box it was drawn in */
  ImhBox   ink;         /* what it covers */
  gboolean ellipsized;
} ImhArtTextRun;

/* Every text run drawn on cr from now on is added to runs (a GPtrArray of
 * ImhArtTextRun, freed with imh_art_text_run_free ()); NULL: none. */
void   imh_art_record_texts (cairo_t       *cr,
                             GPtrArray     *runs);
void   imh_art_text_run_free (gpointer     run);

/* Text in a box, vertically centred, in an absolute font size (never below
 * the floor of cr: imh_art_set_min_text ()). */
void   imh_art_text         (cairo_t        *cr,
                             const char     *text,
                             double          x,
                             double          y,
                             double          w,
                             double          h,
                             double          size,
                             gboolean        bold,
                             PangoAlignment  align,
                             const ImhRgba  *color);

/* The font size (at most size, never below the floor of cr) at which text
 * fits the width w. */
double imh_art_fit_size     (cairo_t       *cr,
                             const char    *text,
                             double         w,
                             double         size,
                             gboolean       bold);

/* The width and the ink's height of text at size (never below the floor
 * of cr), in pixels: what a box must have for the text to fit it. */
void   imh_art_text_size    (cairo_t       *cr,
                             const char    *text,
                             double         size,
                             gboolean       bold,
                             double        *width,
                             double        *height);

/* Whether text fits the box b whole at size (its width and its ink's
 * height). */
gboolean imh_art_text_fits  (cairo_t       *cr,
                             const char    *text,
                             ImhBox         b,
                             double         size,
                             gboolean       bold);

/* Text fitted (at most size, at least the floor of cr) in the box b,
 * drawn only where it fits whole: FALSE when nothing is drawn (a caption a
 * picture can do without). */
gboolean imh_art_text_if_fits (cairo_t        *cr,
                               const char     *text,
                               ImhBox          b,
                               double          size,
                               gboolean        bold,
                               PangoAlignment  align,
                               const ImhRgba  *color);

/* The first of texts (NULL-terminated, longest first) that fits the box b
 * at a size between the floor of cr and size, drawn there fitted; the
 * index drawn, or -1 when none fits (then nothing is drawn, unless
 * always: the last, at the floor, shortened with an ellipsis). */
int    imh_art_text_choice  (cairo_t           *cr,
                             const char *const *texts,
                             ImhBox             b,
                             double             size,
                             gboolean           bold,
                             PangoAlignment     align,
                             const ImhRgba     *color,
                             gboolean           always);

/* The colour of player 0..3's pieces (0 black, 1 white, 2 brown, 3 gray). */
void   imh_art_player_color (int            player,
                             ImhRgba       *fill,
                             ImhRgba       *line);
/* The head that tells a player's meeples apart. */
typedef enum {
  IMH_ART_HEAD_ROUND,
  IMH_ART_HEAD_DIAMOND,
  IMH_ART_HEAD_TRIANGLE,
  IMH_ART_HEAD_HEXAGON,
} ImhArtHead;

/* The head player 0..3's meeples have: the one imh_art_meeple() draws. */
ImhArtHead  imh_art_meeple_head   (int player);
/* Player 0..3's meeples in words, after the head drawn: "Round meeples",
 * "Diamond meeples"… Transfer none. */
const char *imh_art_meeple_pieces (int player);
/* One meeple of player 0..3 with its colour: "White (diamond meeple)".
 * Transfer none. */
const char *imh_art_meeple_label  (int player);

/* A meeple of player 0..3 standing in a box, each player with a head of
 * its own (imh_art_meeple_head): 0 black, a rounded pawn; 1 white, a
 * diamond head on an angular body; 2 brown, a triangular head on a slim
 * body; 3 gray, a wide hexagonal head on a stepped body. ghost: only a
 * faint fill and a dashed outline. */
void   imh_art_meeple       (cairo_t       *cr,
                             int            player,
                             double         x,
                             double         y,
                             double         w,
                             double         h,
                             gboolean       ghost);

G_END_DECLS
