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
 * lengths in points (1/72 inch). */

#define MUSTER_PT_PER_MM (72.0 / 25.4)

typedef struct
{
  double page_width;     /* paper */
  double page_height;
  double margin;         /* left blank for the printer's edge */
  double overlap;        /* printed on both neighbouring sheets */
  guint  columns;
  guint  rows;
} MusterSheets;

/* How many sheets a true-scale print of the scene needs. */
void   muster_sheets_plan      (MusterSheets *sheets,
                                MusterScene  *scene,
                                double        page_width,
                                double        page_height);
guint  muster_sheets_count     (const MusterSheets *sheets);
/* Draws sheet number index (row-major) on cr, whose origin is the page's
 * top-left corner in points. */
void   muster_sheets_draw      (const MusterSheets *sheets,
                                MusterScene        *scene,
                                cairo_t            *cr,
                                guint               index);
/* A whole-table page: title, the board fitted, and a legend. */
void   muster_sheets_draw_fit  (MusterScene        *scene,
                                cairo_t            *cr,
                                double              page_width,
                                double              page_height);

G_END_DECLS
