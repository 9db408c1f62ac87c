/* muster-sheets.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-sheets"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <pango/pangocairo.h>

#include "muster-sheets.h"

#define MARGIN_PT  28.35   /* 10 mm: most printers cannot print closer */
#define OVERLAP_PT 14.17   /* 5 mm shared by neighbouring sheets */

/* The drawn area: the table plus the scene's margin (ruler) on each side. */
static void
drawn_size (MusterScene *scene,
            double      *width_pt,
            double      *height_pt)
{
  MusterLayout *layout = muster_scene_get_layout (scene);
  double margin = muster_scene_get_margin (scene);

  *width_pt = (muster_layout_get_width (layout) + 2 * margin) * MUSTER_PT_PER_MM;
  *height_pt = (muster_layout_get_height (layout) + 2 * margin) * MUSTER_PT_PER_MM;
}

void
muster_sheets_plan (MusterSheets *sheets,
                    MusterScene  *scene,
                    double        page_width,
                    double        page_height)
{
  double width, height, step_x, step_y;

  g_return_if_fail (sheets != NULL);
  g_return_if_fail (scene != NULL);

  drawn_size (scene, &width, &height);
  sheets->page_width = page_width;
  sheets->page_height = page_height;
  sheets->margin = MARGIN_PT;
  sheets->overlap = OVERLAP_PT;

  step_x = page_width - 2 * sheets->margin - sheets->overlap;
  step_y = page_height - 2 * sheets->margin - sheets->overlap;

  sheets->columns = MAX (1, (guint) ceil ((width - sheets->overlap) / step_x - 1e-9));
  sheets->rows = MAX (1, (guint) ceil ((height - sheets->overlap) / step_y - 1e-9));
}

guint
muster_sheets_count (const MusterSheets *sheets)
{
  g_return_val_if_fail (sheets != NULL, 0);

  return sheets->columns * sheets->rows;
}

static void
show_text (cairo_t    *cr,
           const char *text,
           double      x,
           double      y,
           double      size,
           gboolean    bold)
{
  g_autoptr(PangoLayout) layout = pango_cairo_create_layout (cr);
  PangoFontDescription *desc = pango_font_description_from_string ("Cantarell, Sans");

  pango_font_description_set_absolute_size (desc, size * PANGO_SCALE);
  if (bold)
    pango_font_description_set_weight (desc, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (layout, desc);
  pango_layout_set_text (layout, text, -1);
  pango_font_description_free (desc);

  cairo_move_to (cr, x, y);
  pango_cairo_show_layout (cr, layout);
}

void
muster_sheets_draw (const MusterSheets *sheets,
                    MusterScene        *scene,
                    cairo_t            *cr,
                    guint               index)
{
  guint column, row;
  double step_x, step_y, printable_w, printable_h, margin_mm;
  g_autofree char *label = NULL;
  g_autofree char *title = NULL;

  g_return_if_fail (sheets != NULL);
  g_return_if_fail (index < muster_sheets_count (sheets));

  column = index % sheets->columns;
  row = index / sheets->columns;
  printable_w = sheets->page_width - 2 * sheets->margin;
  printable_h = sheets->page_height - 2 * sheets->margin;
  step_x = printable_w - sheets->overlap;
  step_y = printable_h - sheets->overlap;
  margin_mm = muster_scene_get_margin (scene);

  cairo_save (cr);
  cairo_rectangle (cr, sheets->margin, sheets->margin, printable_w, printable_h);
  cairo_clip (cr);
  cairo_translate (cr,
                   sheets->margin - column * step_x + margin_mm * MUSTER_PT_PER_MM,
                   sheets->margin - row * step_y + margin_mm * MUSTER_PT_PER_MM);
  cairo_scale (cr, MUSTER_PT_PER_MM, MUSTER_PT_PER_MM);
  muster_scene_render (scene, cr, MUSTER_PT_PER_MM);
  cairo_restore (cr);

  /* Alignment crosses at the inner corners of the overlap strips: the
   * crosses of neighbouring sheets lie on top of each other. */
  cairo_save (cr);
  cairo_set_line_width (cr, 0.5);
  cairo_set_source_rgb (cr, 0, 0, 0);
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 2; j++)
      {
        double x = sheets->margin + (i ? step_x : sheets->overlap);
        double y = sheets->margin + (j ? step_y : sheets->overlap);

        cairo_move_to (cr, x - 8, y);
        cairo_line_to (cr, x + 8, y);
        cairo_move_to (cr, x, y - 8);
        cairo_line_to (cr, x, y + 8);
      }
  cairo_stroke (cr);

  /* Overlap strips, dotted, to glue over. */
  {
    double dash[] = { 1, 3 };

    cairo_set_dash (cr, dash, 2, 0);
    cairo_set_source_rgba (cr, 0, 0, 0, 0.5);
    if (column + 1 < sheets->columns)
      {
        cairo_move_to (cr, sheets->margin + step_x, sheets->margin);
        cairo_line_to (cr, sheets->margin + step_x, sheets->margin + printable_h);
      }
    if (row + 1 < sheets->rows)
      {
        cairo_move_to (cr, sheets->margin, sheets->margin + step_y);
        cairo_line_to (cr, sheets->margin + printable_w, sheets->margin + step_y);
      }
    cairo_stroke (cr);
  }

  /* Sheet label, as on a map: a letter per column, a number per row. */
  if (column < 26)
    label = g_strdup_printf ("%c%u", 'A' + column, row + 1);
  else
    label = g_strdup_printf ("%u-%u", column + 1, row + 1);
  title = muster_scene_dup_title (scene);
  cairo_set_source_rgb (cr, 0, 0, 0);
  show_text (cr, label, sheets->margin + sheets->overlap + 4, sheets->margin + sheets->overlap + 2, 14, TRUE);
  {
    /* Translators: footer of a true-scale sheet: title, sheet label, sheet count */
    g_autofree char *footer = g_strdup_printf (_("%s · sheet %s of %u · 1:1"), title, label,
                                               muster_sheets_count (sheets));

    show_text (cr, footer, sheets->margin, sheets->page_height - sheets->margin + 4, 7, FALSE);
  }
  cairo_restore (cr);
}

void
muster_sheets_draw_fit (MusterScene *scene,
                        cairo_t     *cr,
                        double       page_width,
                        double       page_height)
{
  g_autofree char *title = NULL;
  double margin = 36, title_h = 28, legend_h = 26;
  double legend_x;
  guint n_zones;

  g_return_if_fail (scene != NULL);

  title = muster_scene_dup_title (scene);
  cairo_save (cr);
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  show_text (cr, title, margin, margin - 6, 16, TRUE);
  cairo_restore (cr);

  cairo_save (cr);
  cairo_translate (cr, margin, margin + title_h);
  muster_scene_render_fit (scene, cr, page_width - 2 * margin,
                           page_height - 2 * margin - title_h - legend_h);
  cairo_restore (cr);

  /* Legend: a swatch per zone. */
  n_zones = muster_scene_get_n_zones (scene);
  legend_x = margin;
  for (guint i = 0; i < n_zones; i++)
    {
      const char *label = muster_scene_get_zone_label (scene, i);
      MusterColor color = muster_scene_get_zone_color (scene, i);
      MusterColor ink = muster_scene_get_player_color (scene, i);
      double y = page_height - margin - legend_h + 8;

      if (label == NULL)
        continue;

      cairo_save (cr);
      cairo_rectangle (cr, legend_x, y, 18, 12);
      cairo_set_source_rgb (cr, color.r, color.g, color.b);
      cairo_fill_preserve (cr);
      cairo_set_source_rgb (cr, ink.r, ink.g, ink.b);
      cairo_set_line_width (cr, 1);
      cairo_stroke (cr);
      cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
      show_text (cr, label, legend_x + 24, y - 1, 10, FALSE);
      cairo_restore (cr);
      legend_x += 190;
    }
}
