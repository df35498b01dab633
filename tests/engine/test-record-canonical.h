/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-record-canonical.h — one Duel record in its canonical text, shared
 * by the record tests. Line 7: player 1; 9: started; 11 and 12: tags;
 * 13: x-empty; 15: "1. P a3". */
#pragma once

static const char canonical[] =
  "imhotep-record 1\n"
  "game duel\n"
  "players 2\n"
  "sides ABAA\n"
  "seed 42\n"
  "start 2\n"
  "player 1 human Nofretete\n"
  "player 2 computer:3 Echnaton der Große\n"
  "started 2026-11-21T05:00:00Z\n"
  "ended 2026-11-21T05:30:00Z\n"
  "tag blitz\n"
  "tag club night\n"
  "x-empty\n"
  "\n"
  "1. P a3\n"
  "2. P c1\n"
  "3. P b3\n"
  "4. U R2\n"
  "5. P c3\n"
  "6. P b3\n"
  "  variation 5\n"
  "  6. P a3\n"
  "  7. P b1\n"
  "  8. U R2\n"
  "  9. P b2\n"
  "    variation 8\n"
  "    9. P a1\n"
  "    end\n"
  "  end\n"
  "7. P a1\n";
