/* muster-sight-overlay.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-sight-overlay"

#include "config.h"

#include <math.h>

#include "muster-sight-overlay.h"

/* On screen: the hatching's spacing and stroke, in device pixels. */
#define HATCH_SPACING_PX 9.0
#define HATCH_WIDTH_PX   1.5

/* Adds the cells that are not seen to the path, one rectangle per run of
 * such cells along a row. */
static gboolean
append_hidden_runs (cairo_t               *cr,
                    const MusterSightGrid *grid)
{
  gboolean any = FALSE;

  for (guint row = 0; row < grid->n_rows; row++)
    {
      const guint8 *cells = grid->cells + (gsize) row * grid->n_columns;
      guint column = 0;

      while (column < grid->n_columns)
        {
          MusterBox first, last;
          guint end;

          if (cells[column] != 0)
            {
              column++;
              continue;
            }

          for (end = column; end + 1 < grid->n_columns && cells[end + 1] == 0; end++)
            ;

          muster_sight_grid_get_cell (grid, column, row, &first);
          muster_sight_grid_get_cell (grid, end, row, &last);
          if (last.x1 > first.x0 && first.y1 > first.y0)
            {
              cairo_rectangle (cr, first.x0, first.y0, last.x1 - first.x0, first.y1 - first.y0);
              any = TRUE;
            }

          column = end + 1;
        }
    }

  return any;
}

void
muster_sight_overlay_render (cairo_t               *cr,
                             const MusterSightGrid *grid,
                             double                 px_per_mm)
{
  double spacing, x0, y0, x1, y1;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (grid != NULL);
  g_return_if_fail (isfinite (px_per_mm) && px_per_mm > 0.0);

  cairo_save (cr);
  cairo_new_path (cr);

  if (!append_hidden_runs (cr, grid))
    {
      cairo_new_path (cr);
      cairo_restore (cr);
      return;
    }

  /* Runs of neighbouring rows share their edges: no seams. */
  cairo_set_antialias (cr, CAIRO_ANTIALIAS_NONE);
  cairo_set_source_rgba (cr, 0.07, 0.08, 0.12, 0.30);
  cairo_fill_preserve (cr);
  cairo_clip (cr);
  cairo_set_antialias (cr, CAIRO_ANTIALIAS_DEFAULT);

  /* Diagonal hatching (lines x + y = d), south-west to north-east, only
   * where it shows; anchored to the board so that it does not crawl when
   * the view pans. */
  spacing = HATCH_SPACING_PX / px_per_mm;
  cairo_clip_extents (cr, &x0, &y0, &x1, &y1);
  for (double d = floor ((x0 + y0) / spacing) * spacing; d <= x1 + y1 + spacing; d += spacing)
    {
      cairo_move_to (cr, d - y0, y0);
      cairo_line_to (cr, d - y1, y1);
    }
  cairo_set_line_width (cr, HATCH_WIDTH_PX / px_per_mm);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  cairo_set_source_rgba (cr, 0.02, 0.02, 0.05, 0.45);
  cairo_stroke (cr);

  cairo_restore (cr);
}
