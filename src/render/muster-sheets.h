/* muster-sheets.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "muster-render.h"

G_BEGIN_DECLS

/* Pages of a diagram, shared by printing and export so both agree: a
 * whole-table page ("fit"), or the table at true scale tiled over sheets
 * with an overlap, alignment marks and sheet labels (A1, B1, ...). All
 * lengths in points (1/72 inch).
 *
 * The tiles: sheet (column, row) prints, inside the margin, the part of
 * the drawing from (column × step_x − offset_x, row × step_y − offset_y),
 * where step = printable size − overlap and the drawing's origin is the
 * top-left corner of the table less the scene's margin. A sheet's last
 * overlap (right and bottom) is printed again as its neighbour's first. */

#define MUSTER_PT_PER_MM (72.0 / 25.4)

typedef struct
{
  double page_width;     /* paper */
  double page_height;
  double margin;         /* left blank for the printer's edge */
  double overlap;        /* printed on both neighbouring sheets */
  guint  columns;
  guint  rows;
  double offset_x;       /* blank before the drawing, centring it */
  double offset_y;
} MusterSheets;

/* How many sheets a true-scale print of the scene needs on this paper.
 * The tiles leave out the ruler: the sheets are the table itself. */
void     muster_sheets_plan       (MusterSheets *sheets,
                                   MusterScene  *scene,
                                   double        page_width,
                                   double        page_height);
/* The same on the paper turned whichever way needs fewer sheets; TRUE
 * when that is the other way round (the plan's page size says which). */
gboolean muster_sheets_plan_best  (MusterSheets *sheets,
                                   MusterScene  *scene,
                                   double        page_width,
                                   double        page_height);
guint    muster_sheets_count      (const MusterSheets *sheets);
/* "A1": a letter per column, a number per row, as on a map. */
char    *muster_sheets_dup_label  (const MusterSheets *sheets,
                                   guint               index);
/* How to put the sheets together, printed on the first (index 0, which
 * has no cut lines of its own); NULL on the others. */
const char *muster_sheets_get_howto (const MusterSheets *sheets,
                                     guint               index);
/* Where the table point (x, y) (mm from its top-left corner) falls on
 * sheet index, in points from the page's top-left corner; it may be off
 * the printable part. */
void     muster_sheets_table_to_page (const MusterSheets *sheets,
                                      MusterScene        *scene,
                                      guint               index,
                                      double              x,
                                      double              y,
                                      double             *page_x,
                                      double             *page_y);
/* Where sheet index writes its name (A1, ...) with its map and scale bar,
 * in points from the page's top-left corner: in a corner of the sheet's
 * own part, clear of the table's edges. */
gboolean muster_sheets_get_label_box (const MusterSheets *sheets,
                                      MusterScene        *scene,
                                      guint               index,
                                      MusterBox          *box);

/* The colour of the lines to cut along (a printer's cut-line magenta),
 * which nothing else on a sheet has. */
#define MUSTER_SHEETS_CUT_COLOR_R 0.85
#define MUSTER_SHEETS_CUT_COLOR_G 0.05
#define MUSTER_SHEETS_CUT_COLOR_B 0.55

/* Draws sheet number index (row-major) on cr, whose origin is the page's
 * top-left corner in points. */
void     muster_sheets_draw       (const MusterSheets *sheets,
                                   MusterScene        *scene,
                                   cairo_t            *cr,
                                   guint               index);

/* Where a whole-table page puts the table: its top-left corner on the
 * page, and points per millimetre. */
void     muster_sheets_fit_geometry (MusterScene      *scene,
                                     double            page_width,
                                     double            page_height,
                                     double           *x,
                                     double           *y,
                                     double           *scale);
/* A whole-table page: title, the board fitted, and a legend. */
void     muster_sheets_draw_fit   (MusterScene        *scene,
                                   cairo_t            *cr,
                                   double              page_width,
                                   double              page_height);

G_END_DECLS
