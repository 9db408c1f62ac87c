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

#include "muster-expr.h"
#include "muster-sheets.h"
#include "muster-text.h"

#define MARGIN_PT  28.35   /* 10 mm: most printers cannot print closer */
#define OVERLAP_PT 28.35   /* 10 mm shared by neighbouring sheets, to tape */

/* Text is muster_text_*()'s: laid out the same on every surface (no
 * hinted metrics), so that a page measured before it is drawn is drawn as
 * measured, in one font per weight. */

static double
text_width (const char *text,
            double      size,
            gboolean    bold)
{
  g_autoptr(PangoLayout) layout = muster_text_new (text, size, bold);
  PangoRectangle logical;

  muster_text_get_extents (layout, NULL, &logical);

  return logical.width / (double) PANGO_SCALE;
}

/* Writes text with its top-left corner at (x, y); the width it took. */
static double
show_text (cairo_t    *cr,
           const char *text,
           double      x,
           double      y,
           double      size,
           gboolean    bold)
{
  g_autoptr(PangoLayout) layout = muster_text_new (text, size, bold);
  PangoRectangle logical;

  muster_text_get_extents (layout, NULL, &logical);
  cairo_move_to (cr, x, y);
  muster_text_show (cr, layout);

  return logical.width / (double) PANGO_SCALE;
}

/* The tiles: the drawing without its ruler (the sheets are the table). */

static MusterRenderFlags
tiles_begin (MusterScene *scene)
{
  MusterRenderFlags flags = muster_scene_get_flags (scene);

  muster_scene_set_flags (scene, flags & ~MUSTER_RENDER_RULER);

  return flags;
}

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
  MusterRenderFlags flags;
  double width, height, step_x, step_y;

  g_return_if_fail (sheets != NULL);
  g_return_if_fail (scene != NULL);

  flags = tiles_begin (scene);
  drawn_size (scene, &width, &height);
  muster_scene_set_flags (scene, flags);

  sheets->page_width = page_width;
  sheets->page_height = page_height;
  sheets->margin = MARGIN_PT;
  sheets->overlap = OVERLAP_PT;

  step_x = page_width - 2 * sheets->margin - sheets->overlap;
  step_y = page_height - 2 * sheets->margin - sheets->overlap;
  g_return_if_fail (step_x > 0 && step_y > 0);

  sheets->columns = MAX (1, (guint) ceil ((width - sheets->overlap) / step_x - 1e-9));
  sheets->rows = MAX (1, (guint) ceil ((height - sheets->overlap) / step_y - 1e-9));

  /* Centred on the tiles: the blank is shared by the first and last. */
  sheets->offset_x = MAX (0, (sheets->columns * step_x + sheets->overlap - width) / 2);
  sheets->offset_y = MAX (0, (sheets->rows * step_y + sheets->overlap - height) / 2);
}

gboolean
muster_sheets_plan_best (MusterSheets *sheets,
                         MusterScene  *scene,
                         double        page_width,
                         double        page_height)
{
  MusterSheets turned;

  g_return_val_if_fail (sheets != NULL, FALSE);
  g_return_val_if_fail (scene != NULL, FALSE);

  muster_sheets_plan (sheets, scene, page_width, page_height);
  muster_sheets_plan (&turned, scene, page_height, page_width);

  if (muster_sheets_count (&turned) < muster_sheets_count (sheets))
    {
      *sheets = turned;
      return TRUE;
    }

  return FALSE;
}

guint
muster_sheets_count (const MusterSheets *sheets)
{
  g_return_val_if_fail (sheets != NULL, 0);

  return sheets->columns * sheets->rows;
}

const char *
muster_sheets_get_howto (const MusterSheets *sheets,
                         guint               index)
{
  g_return_val_if_fail (sheets != NULL, NULL);

  if (index != 0)
    return NULL;

  /* The first sheet is the one never cut: its neighbours lie over it. */
  return _("Keep this sheet whole. Cut the others along the dot-dash lines marked with "
           "scissors, lay each over its neighbour with the marks on top of each other, "
           "and tape.");
}

char *
muster_sheets_dup_label (const MusterSheets *sheets,
                         guint               index)
{
  guint column, row;
  GString *label = g_string_new (NULL);

  g_return_val_if_fail (sheets != NULL, NULL);
  g_return_val_if_fail (sheets->columns > 0, NULL);

  column = index % sheets->columns;
  row = index / sheets->columns;

  /* A … Z, AA, AB, … as in a spreadsheet. */
  do
    {
      g_string_prepend_c (label, (char) ('A' + column % 26));
      column = column / 26;
    }
  while (column-- > 0);
  g_string_append_printf (label, "%u", row + 1);

  return g_string_free (label, FALSE);
}

static void
sheet_steps (const MusterSheets *sheets,
             double             *step_x,
             double             *step_y)
{
  *step_x = sheets->page_width - 2 * sheets->margin - sheets->overlap;
  *step_y = sheets->page_height - 2 * sheets->margin - sheets->overlap;
}

/* The page point of sheet index that shows the drawing's origin. */
static void
sheet_origin (const MusterSheets *sheets,
              guint               index,
              double             *x,
              double             *y)
{
  double step_x, step_y;

  sheet_steps (sheets, &step_x, &step_y);
  *x = sheets->margin + sheets->offset_x - (index % sheets->columns) * step_x;
  *y = sheets->margin + sheets->offset_y - (index / sheets->columns) * step_y;
}

void
muster_sheets_table_to_page (const MusterSheets *sheets,
                             MusterScene        *scene,
                             guint               index,
                             double              x,
                             double              y,
                             double             *page_x,
                             double             *page_y)
{
  MusterRenderFlags flags;
  double ox, oy, margin;

  g_return_if_fail (sheets != NULL);
  g_return_if_fail (scene != NULL);

  flags = tiles_begin (scene);
  margin = muster_scene_get_margin (scene);
  muster_scene_set_flags (scene, flags);

  sheet_origin (sheets, index, &ox, &oy);
  if (page_x != NULL)
    *page_x = ox + (margin + x) * MUSTER_PT_PER_MM;
  if (page_y != NULL)
    *page_y = oy + (margin + y) * MUSTER_PT_PER_MM;
}

/* A registration mark: a circle and a cross, white under black so that
 * it shows over any fill. */
static void
registration_mark (cairo_t *cr,
                   double   x,
                   double   y)
{
  for (int pass = 0; pass < 2; pass++)
    {
      cairo_new_path (cr);
      cairo_arc (cr, x, y, 5, 0, 2 * G_PI);
      cairo_move_to (cr, x - 9, y);
      cairo_line_to (cr, x + 9, y);
      cairo_move_to (cr, x, y - 9);
      cairo_line_to (cr, x, y + 9);
      if (pass == 0)
        {
          cairo_set_source_rgba (cr, 1, 1, 1, 0.9);
          cairo_set_line_width (cr, 2.0);
        }
      else
        {
          cairo_set_source_rgb (cr, 0, 0, 0);
          cairo_set_line_width (cr, 0.5);
        }
      cairo_stroke (cr);
    }
}

/* Scissors, their points towards (dx, dy), centred on (x, y): two rings
 * for the fingers and two crossed blades. White under black, so that
 * they show over any fill. */
static void
scissors (cairo_t *cr,
          double   x,
          double   y,
          double   dx,
          double   dy)
{
  cairo_save (cr);
  cairo_translate (cr, x, y);
  cairo_rotate (cr, atan2 (dy, dx));
  for (int pass = 0; pass < 2; pass++)
    {
      cairo_new_path (cr);
      for (int side = -1; side <= 1; side += 2)
        {
          cairo_new_sub_path (cr);
          cairo_arc (cr, -5.5, side * 3.2, 2.2, 0, 2 * G_PI);
          /* A blade: from its ring across the pivot to the point. */
          cairo_move_to (cr, -3.5, side * 2.4);
          cairo_line_to (cr, 7, -side * 1.6);
        }
      if (pass == 0)
        {
          cairo_set_source_rgba (cr, 1, 1, 1, 0.9);
          cairo_set_line_width (cr, 2.4);
        }
      else
        {
          cairo_set_source_rgb (cr, MUSTER_SHEETS_CUT_COLOR_R, MUSTER_SHEETS_CUT_COLOR_G,
                                MUSTER_SHEETS_CUT_COLOR_B);
          cairo_set_line_width (cr, 0.9);
        }
      cairo_stroke (cr);
    }
  cairo_restore (cr);
}

/* A line to cut along, a to b: in a style of its own that no zone, Centre
 * Line or diagonal of the drawing has (dash and dot, in the magenta of
 * printers' cut lines, over a white halo), with scissors at both ends and
 * in the middle. */
static void
cut_line (cairo_t *cr,
          double   ax,
          double   ay,
          double   bx,
          double   by)
{
  double dash_dot[] = { 9, 2.5, 1.5, 2.5 };
  double length = hypot (bx - ax, by - ay);
  double ux = (bx - ax) / length, uy = (by - ay) / length;

  cairo_save (cr);
  cairo_move_to (cr, ax, ay);
  cairo_line_to (cr, bx, by);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.85);
  cairo_set_line_width (cr, 2.6);
  cairo_stroke_preserve (cr);
  cairo_set_source_rgb (cr, MUSTER_SHEETS_CUT_COLOR_R, MUSTER_SHEETS_CUT_COLOR_G,
                        MUSTER_SHEETS_CUT_COLOR_B);
  cairo_set_line_width (cr, 1.0);
  cairo_set_dash (cr, dash_dot, G_N_ELEMENTS (dash_dot), 0);
  cairo_stroke (cr);
  cairo_restore (cr);

  scissors (cr, ax + ux * 14, ay + uy * 14, ux, uy);
  scissors (cr, (ax + bx) / 2, (ay + by) / 2, ux, uy);
  scissors (cr, bx - ux * 14, by - uy * 14, ux, uy);
}

/* A neighbour's label in the overlap that the neighbour will cover. */
static void
neighbour_label (cairo_t    *cr,
                 const char *label,
                 double      x,
                 double      y,
                 gboolean    upright)
{
  g_autoptr(PangoLayout) layout = muster_text_new (label, 9, TRUE);
  PangoRectangle logical;
  double w, h;

  muster_text_get_extents (layout, NULL, &logical);
  w = logical.width / (double) PANGO_SCALE;
  h = logical.height / (double) PANGO_SCALE;

  cairo_save (cr);
  cairo_translate (cr, x, y);
  if (upright)
    cairo_rotate (cr, -G_PI / 2);
  cairo_rectangle (cr, -w / 2 - 3, -h / 2, w + 6, h);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.85);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_move_to (cr, -w / 2, -h / 2);
  muster_text_show (cr, layout);
  cairo_restore (cr);
}

/* The sheet's name, where it lies among the others, a scale bar to check
 * that the printer kept the scale, and on the first sheet how to put
 * them together. */
typedef struct
{
  PangoLayout *label;
  PangoLayout *howto;     /* or NULL */
  double       cell;      /* of the map */
  double       unit_mm;   /* of the scale bar */
  double       width;
  double       height;
} Badge;

#define BADGE_PAD 6.0

static void
badge_init (Badge              *badge,
            const MusterSheets *sheets,
            MusterScene        *scene,
            guint               index,
            const char         *label)
{
  PangoRectangle logical;
  double label_w, label_h;

  badge->cell = MIN (6.0, MIN (72.0 / sheets->columns, 36.0 / sheets->rows));
  /* An inch, or two centimetres. */
  badge->unit_mm = muster_scene_get_units (scene) == MUSTER_UNIT_INCH ? 25.4 : 20.0;
  badge->label = muster_text_new (label, 20, TRUE);
  muster_text_get_extents (badge->label, NULL, &logical);
  label_w = logical.width / (double) PANGO_SCALE;
  label_h = logical.height / (double) PANGO_SCALE;

  badge->width = MAX (label_w + 8 + badge->cell * sheets->columns,
                      badge->unit_mm * MUSTER_PT_PER_MM + 30) + 2 * BADGE_PAD;
  badge->height = BADGE_PAD + MAX (label_h, badge->cell * sheets->rows) + 18 + BADGE_PAD;
  badge->howto = NULL;

  if (muster_sheets_get_howto (sheets, index) != NULL)
    {
      badge->howto = muster_text_new (muster_sheets_get_howto (sheets, index), 8, FALSE);
      badge->width = MAX (badge->width, 190);
      muster_text_set_width (badge->howto, badge->width - 2 * BADGE_PAD);
      pango_layout_set_wrap (badge->howto, PANGO_WRAP_WORD);
      muster_text_get_extents (badge->howto, NULL, &logical);
      badge->height += logical.height / (double) PANGO_SCALE + 6;
    }
}

static void
badge_clear (Badge *badge)
{
  g_clear_object (&badge->label);
  g_clear_object (&badge->howto);
}

static void
badge_draw (const Badge        *badge,
            const MusterSheets *sheets,
            MusterScene        *scene,
            cairo_t            *cr,
            guint               index,
            double              x,
            double              y)
{
  double pad = BADGE_PAD, label_w, label_h, map_h, bar_y;
  double unit = badge->unit_mm * MUSTER_PT_PER_MM;
  g_autofree char *unit_label = muster_length_format (badge->unit_mm, muster_scene_get_units (scene));
  PangoRectangle logical;

  muster_text_get_extents (badge->label, NULL, &logical);
  label_w = logical.width / (double) PANGO_SCALE;
  label_h = logical.height / (double) PANGO_SCALE;
  map_h = badge->cell * sheets->rows;

  cairo_save (cr);
  cairo_rectangle (cr, x, y, badge->width, badge->height);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.92);
  cairo_fill_preserve (cr);
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_set_line_width (cr, 0.75);
  cairo_stroke (cr);

  cairo_move_to (cr, x + pad, y + pad);
  muster_text_show (cr, badge->label);

  /* The map of the sheets, this one filled. */
  cairo_set_line_width (cr, 0.4);
  for (guint r = 0; r < sheets->rows; r++)
    for (guint c = 0; c < sheets->columns; c++)
      {
        cairo_rectangle (cr, x + pad + label_w + 8 + c * badge->cell, y + pad + r * badge->cell,
                         badge->cell, badge->cell);
        if (r * sheets->columns + c == index)
          cairo_fill_preserve (cr);
        cairo_stroke (cr);
      }

  /* The scale bar. */
  bar_y = y + pad + MAX (label_h, map_h) + 8 + 5;
  cairo_move_to (cr, x + pad, bar_y - 4);
  cairo_line_to (cr, x + pad, bar_y + 4);
  cairo_move_to (cr, x + pad, bar_y);
  cairo_line_to (cr, x + pad + unit, bar_y);
  cairo_move_to (cr, x + pad + unit, bar_y - 4);
  cairo_line_to (cr, x + pad + unit, bar_y + 4);
  cairo_set_line_width (cr, 1.0);
  cairo_stroke (cr);
  show_text (cr, unit_label, x + pad + unit + 5, bar_y - 6, 9, FALSE);

  if (badge->howto != NULL)
    {
      cairo_move_to (cr, x + pad, bar_y + 11);
      muster_text_show (cr, badge->howto);
    }
  cairo_restore (cr);
}

/* Whether the box (x, y, w, h) keeps clear of the table's edges, the
 * rectangle t: players line those up with the real table, and a sheet's
 * name over one hides it. */
static gboolean
clear_of_edges (double        x,
                double        y,
                double        w,
                double        h,
                const double  t[4])
{
  const double gap = 12;

  /* The box, grown by the gap, against each edge as a thin rectangle. */
  for (int e = 0; e < 4; e++)
    {
      gboolean vertical = e < 2;
      double ex0 = vertical ? t[e == 0 ? 0 : 2] : t[0];
      double ex1 = vertical ? ex0 : t[2];
      double ey0 = vertical ? t[1] : t[e == 2 ? 1 : 3];
      double ey1 = vertical ? t[3] : ey0;

      if (ex1 >= x - gap && ex0 <= x + w + gap && ey1 >= y - gap && ey0 <= y + h + gap)
        return FALSE;
    }

  return TRUE;
}

/* The badge goes in a corner of the part of the sheet that is its own,
 * clear of the table's edges and corners: the top-left one unless an edge
 * runs there; else the badge moves in from the corner past the edge. */
static void
badge_place (const Badge        *badge,
             const MusterSheets *sheets,
             MusterScene        *scene,
             guint               index,
             double             *x,
             double             *y)
{
  MusterLayout *layout = muster_scene_get_layout (scene);
  double step_x, step_y, left, top, right, bottom;
  double table[4];

  sheet_steps (sheets, &step_x, &step_y);
  left = sheets->margin + sheets->overlap + 6;
  top = sheets->margin + sheets->overlap + 6;
  right = sheets->margin + step_x - 6 - badge->width;
  bottom = sheets->margin + step_y - 6 - badge->height;

  muster_sheets_table_to_page (sheets, scene, index, 0, 0, &table[0], &table[1]);
  muster_sheets_table_to_page (sheets, scene, index, muster_layout_get_width (layout),
                               muster_layout_get_height (layout), &table[2], &table[3]);

  for (int pass = 0; pass < 2; pass++)
    for (int k = 0; k < 4; k++)
      {
        *x = (k & 1) ? right : left;
        *y = (k & 2) ? bottom : top;

        /* Second pass: in from the corner, past the edges that cross it. */
        if (pass == 1)
          for (int e = 0; e < 4; e++)
            {
              double edge = table[e];
              double gap = 14;

              if (e % 2 == 0 && edge > *x - gap && edge < *x + badge->width + gap)
                *x = (k & 1) ? edge - gap - badge->width : edge + gap;
              else if (e % 2 == 1 && edge > *y - gap && edge < *y + badge->height + gap)
                *y = (k & 2) ? edge - gap - badge->height : edge + gap;
            }

        if (*x >= left - 1e-6 && *x <= right + 1e-6 && *y >= top - 1e-6 && *y <= bottom + 1e-6 &&
            clear_of_edges (*x, *y, badge->width, badge->height, table))
          return;
      }

  *x = left;
  *y = top;
}

gboolean
muster_sheets_get_label_box (const MusterSheets *sheets,
                             MusterScene        *scene,
                             guint               index,
                             MusterBox          *box)
{
  g_autofree char *label = NULL;
  Badge badge;
  double x, y;

  g_return_val_if_fail (sheets != NULL, FALSE);
  g_return_val_if_fail (scene != NULL, FALSE);
  g_return_val_if_fail (box != NULL, FALSE);

  if (index >= muster_sheets_count (sheets))
    return FALSE;

  label = muster_sheets_dup_label (sheets, index);
  badge_init (&badge, sheets, scene, index, label);
  badge_place (&badge, sheets, scene, index, &x, &y);
  *box = (MusterBox) { x, y, x + badge.width, y + badge.height };
  badge_clear (&badge);

  return TRUE;
}

/* Where the neighbours of sheet index go: a dotted line at the inner edge
 * of each overlap it shares, a cut line at the outer edge of those the
 * neighbour before shares, and registration marks in the middle of every
 * shared overlap, a quarter and three quarters of the way along (the
 * neighbour prints the same marks at the same place of the table). */
static void
draw_overlaps (const MusterSheets *sheets,
               cairo_t            *cr,
               guint               index)
{
  guint column = index % sheets->columns;
  guint row = index / sheets->columns;
  double printable_w = sheets->page_width - 2 * sheets->margin;
  double printable_h = sheets->page_height - 2 * sheets->margin;
  double dots[] = { 1, 2 };
  double step_x, step_y;

  sheet_steps (sheets, &step_x, &step_y);

  cairo_set_line_width (cr, 0.5);
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_set_dash (cr, dots, 2, 0);
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
  cairo_set_dash (cr, NULL, 0, 0);

  if (column > 0)
    cut_line (cr, sheets->margin, sheets->margin, sheets->margin, sheets->margin + printable_h);
  if (row > 0)
    cut_line (cr, sheets->margin, sheets->margin, sheets->margin + printable_w, sheets->margin);

  for (int k = 0; k < 2; k++)
    {
      double along_y = sheets->margin + sheets->overlap + (step_y - sheets->overlap) * (k ? 0.75 : 0.25);
      double along_x = sheets->margin + sheets->overlap + (step_x - sheets->overlap) * (k ? 0.75 : 0.25);

      if (column > 0)
        registration_mark (cr, sheets->margin + sheets->overlap / 2, along_y);
      if (column + 1 < sheets->columns)
        registration_mark (cr, sheets->margin + step_x + sheets->overlap / 2, along_y);
      if (row > 0)
        registration_mark (cr, along_x, sheets->margin + sheets->overlap / 2);
      if (row + 1 < sheets->rows)
        registration_mark (cr, along_x, sheets->margin + step_y + sheets->overlap / 2);
    }

  /* The neighbours' names, in the overlaps they will cover. */
  if (column + 1 < sheets->columns)
    {
      g_autofree char *next = muster_sheets_dup_label (sheets, index + 1);

      neighbour_label (cr, next, sheets->margin + step_x + sheets->overlap / 2,
                       sheets->margin + printable_h / 2, TRUE);
    }
  if (row + 1 < sheets->rows)
    {
      g_autofree char *next = muster_sheets_dup_label (sheets, index + sheets->columns);

      neighbour_label (cr, next, sheets->margin + printable_w / 2,
                       sheets->margin + step_y + sheets->overlap / 2, FALSE);
    }
}

/* The footer, in the margin: title, sheet, count. */
static void
draw_footer (const MusterSheets *sheets,
             MusterScene        *scene,
             cairo_t            *cr,
             const char         *label)
{
  g_autofree char *title = muster_scene_dup_title (scene);
  /* Translators: footer of a true-scale sheet: title, sheet label, sheet count */
  g_autofree char *footer = g_strdup_printf (_("%s · sheet %s of %u · true scale (1:1)"), title, label,
                                             muster_sheets_count (sheets));
  g_autoptr(PangoLayout) layout = muster_text_new (footer, 7, FALSE);

  cairo_set_source_rgb (cr, 0, 0, 0);
  muster_text_set_width (layout, sheets->page_width - 2 * sheets->margin);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  cairo_move_to (cr, sheets->margin, sheets->page_height - sheets->margin + 4);
  muster_text_show (cr, layout);
}

void
muster_sheets_draw (const MusterSheets *sheets,
                    MusterScene        *scene,
                    cairo_t            *cr,
                    guint               index)
{
  double printable_w, printable_h, ox, oy;
  MusterRenderFlags flags;
  g_autofree char *label = NULL;
  Badge badge;
  double x, y;

  g_return_if_fail (sheets != NULL);
  g_return_if_fail (scene != NULL);
  g_return_if_fail (index < muster_sheets_count (sheets));

  printable_w = sheets->page_width - 2 * sheets->margin;
  printable_h = sheets->page_height - 2 * sheets->margin;
  sheet_origin (sheets, index, &ox, &oy);

  flags = tiles_begin (scene);
  cairo_save (cr);
  cairo_rectangle (cr, sheets->margin, sheets->margin, printable_w, printable_h);
  cairo_clip (cr);
  cairo_translate (cr, ox + muster_scene_get_margin (scene) * MUSTER_PT_PER_MM,
                   oy + muster_scene_get_margin (scene) * MUSTER_PT_PER_MM);
  cairo_scale (cr, MUSTER_PT_PER_MM, MUSTER_PT_PER_MM);
  muster_scene_render (scene, cr, MUSTER_PT_PER_MM);
  cairo_restore (cr);
  muster_scene_set_flags (scene, flags);

  cairo_save (cr);
  draw_overlaps (sheets, cr, index);

  label = muster_sheets_dup_label (sheets, index);
  badge_init (&badge, sheets, scene, index, label);
  badge_place (&badge, sheets, scene, index, &x, &y);
  badge_draw (&badge, sheets, scene, cr, index, x, y);
  badge_clear (&badge);

  draw_footer (sheets, scene, cr, label);
  cairo_restore (cr);
}

/* The whole-table page. */

#define FIT_MARGIN    36.0
#define TITLE_SIZE    16.0
#define TITLE_HEIGHT  30.0
#define LEGEND_TEXT   9.0
#define LEGEND_ROW    20.0
#define LEGEND_GAP    10.0
#define SWATCH_WIDTH  24.0
#define SWATCH_HEIGHT 13.0
#define ITEM_GAP      20.0

typedef struct
{
  guint       zone;      /* the zone's swatch, or G_MAXUINT: the line or terrain */
  const char *text;
  int         terrain;   /* a MusterTerrainKind's swatch, or -1 */
  double      width;     /* swatch and text */
  double      x, y;      /* from the legend's top-left corner */
} LegendItem;

/* A swatch for each kind of terrain on the table, when the page shows it. */
static void
legend_terrain_items (MusterScene *scene,
                      GArray      *items)
{
  static const struct { MusterTerrainKind kind; const char *text; } kinds[] = {
    { MUSTER_TERRAIN_BUILDING, N_("Building") },
    { MUSTER_TERRAIN_IMPASSABLE, N_("Impassable") },
    { MUSTER_TERRAIN_AREA, N_("Area terrain") },
  };
  GPtrArray *terrain = muster_layout_get_terrain (muster_scene_get_layout (scene));

  if (!(muster_scene_get_flags (scene) & MUSTER_RENDER_TERRAIN))
    return;

  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    for (guint i = 0; i < terrain->len; i++)
      if (((const MusterTerrain *) g_ptr_array_index (terrain, i))->kind == kinds[k].kind)
        {
          LegendItem item = { G_MAXUINT, _(kinds[k].text), kinds[k].kind, 0, 0, 0 };

          item.width = SWATCH_WIDTH + 6 + text_width (item.text, LEGEND_TEXT, FALSE);
          g_array_append_val (items, item);
          break;
        }
}

static GArray *
legend_items (MusterScene *scene)
{
  GArray *items = g_array_new (FALSE, TRUE, sizeof (LegendItem));
  guint n_zones = muster_scene_get_n_zones (scene);
  const char *line = muster_scene_get_line_name (scene);

  for (guint i = 0; i < n_zones; i++)
    {
      LegendItem item = { i, muster_scene_get_zone_label (scene, i), -1, 0, 0, 0 };

      if (item.text == NULL)
        continue;
      item.width = SWATCH_WIDTH + 6 + text_width (item.text, LEGEND_TEXT, FALSE);
      g_array_append_val (items, item);
    }

  if (line != NULL)
    {
      LegendItem item = { G_MAXUINT, line, -1, 0, 0, 0 };

      item.width = SWATCH_WIDTH + 6 + text_width (item.text, LEGEND_TEXT, FALSE);
      g_array_append_val (items, item);
    }

  legend_terrain_items (scene, items);

  return items;
}

/* Places the items in rows no wider than width; the height they take. */
static double
legend_flow (GArray *items,
             double  width)
{
  double x = 0, y = 0;

  if (items->len == 0)
    return 0;

  for (guint i = 0; i < items->len; i++)
    {
      LegendItem *item = &g_array_index (items, LegendItem, i);

      if (x > 0 && x + item->width > width)
        {
          x = 0;
          y += LEGEND_ROW;
        }
      item->x = x;
      item->y = y;
      x += item->width + ITEM_GAP;
    }

  return y + LEGEND_ROW;
}

typedef struct
{
  double x, y;          /* the drawn area (table and ruler) */
  double width, height;
  double scale;         /* points per mm */
  double title_y;
  double legend_y;
} FitPage;

static void
fit_page (MusterScene *scene,
          GArray      *items,
          double       page_width,
          double       page_height,
          FitPage     *page)
{
  MusterLayout *layout = muster_scene_get_layout (scene);
  double margin = muster_scene_get_margin (scene);
  double bw = muster_layout_get_width (layout) + 2 * margin;
  double bh = muster_layout_get_height (layout) + 2 * margin;
  double avail_w = page_width - 2 * FIT_MARGIN;
  double legend_h = legend_flow (items, avail_w);

  /* The legend wraps to the board's width, which the legend's height
   * changes: a few rounds settle it. */
  for (guint round = 0; round < 4; round++)
    {
      double avail_h = page_height - 2 * FIT_MARGIN - TITLE_HEIGHT - LEGEND_GAP - legend_h;
      double h;

      page->scale = MAX (1e-3, MIN (avail_w / bw, avail_h / bh));
      page->width = bw * page->scale;
      page->height = bh * page->scale;
      h = legend_flow (items, page->width);
      if (h <= legend_h)
        break;
      legend_h = h;
    }
  legend_h = legend_flow (items, page->width);

  /* Title, table and legend stand together in the middle of the page: a
   * square table on a portrait sheet would otherwise hang from the top
   * over half a page of nothing. */
  page->x = (page_width - page->width) / 2;
  page->title_y = MAX (FIT_MARGIN,
                       (page_height - (TITLE_HEIGHT + page->height + LEGEND_GAP + legend_h)) / 2);
  page->y = page->title_y + TITLE_HEIGHT;
  page->legend_y = page->y + page->height + LEGEND_GAP;
}

void
muster_sheets_fit_geometry (MusterScene *scene,
                            double       page_width,
                            double       page_height,
                            double      *x,
                            double      *y,
                            double      *scale)
{
  g_autoptr(GArray) items = NULL;
  FitPage page;
  double margin;

  g_return_if_fail (scene != NULL);

  items = legend_items (scene);
  fit_page (scene, items, page_width, page_height, &page);

  margin = muster_scene_get_margin (scene);
  if (x != NULL)
    *x = page.x + margin * page.scale;
  if (y != NULL)
    *y = page.y + margin * page.scale;
  if (scale != NULL)
    *scale = page.scale;
}

void
muster_sheets_draw_fit (MusterScene *scene,
                        cairo_t     *cr,
                        double       page_width,
                        double       page_height)
{
  g_autofree char *title = NULL;
  g_autofree char *size = NULL;
  g_autoptr(GArray) items = NULL;
  MusterLayout *layout;
  FitPage page;
  MusterUnit units;
  double margin;

  g_return_if_fail (scene != NULL);
  g_return_if_fail (cr != NULL);

  items = legend_items (scene);
  fit_page (scene, items, page_width, page_height, &page);

  layout = muster_scene_get_layout (scene);
  margin = muster_scene_get_margin (scene);
  units = muster_scene_get_units (scene);
  title = muster_scene_dup_title (scene);

  /* The title, and the table's size at the right. */
  cairo_save (cr);
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  show_text (cr, title, page.x, page.title_y, TITLE_SIZE, TRUE);
  {
    g_autofree char *w = muster_length_format (muster_layout_get_width (layout), units);
    g_autofree char *h = muster_length_format (muster_layout_get_height (layout), units);
    double tw;

    /* Translators: the table's size on a printed diagram, "Table 72″ × 48″" */
    size = g_strdup_printf (_("Table %s × %s"), w, h);
    tw = text_width (size, LEGEND_TEXT, FALSE);
    cairo_set_source_rgb (cr, 0.35, 0.35, 0.35);
    show_text (cr, size, page.x + page.width - tw, page.title_y + TITLE_SIZE * 0.45, LEGEND_TEXT, FALSE);
  }
  cairo_restore (cr);

  cairo_save (cr);
  cairo_translate (cr, page.x + margin * page.scale, page.y + margin * page.scale);
  cairo_scale (cr, page.scale, page.scale);
  muster_scene_render (scene, cr, page.scale);
  cairo_restore (cr);

  /* The legend: a swatch per zone, hatched as on the board, and the line
   * the zones are measured from. */
  for (guint i = 0; i < items->len; i++)
    {
      const LegendItem *item = &g_array_index (items, LegendItem, i);
      double x = page.x + item->x;
      double y = page.legend_y + item->y;

      if (item->terrain >= 0)
        muster_scene_draw_terrain_swatch (scene, cr, item->terrain, x, y, SWATCH_WIDTH, SWATCH_HEIGHT);
      else if (item->zone == G_MAXUINT)
        muster_scene_draw_line_sample (scene, cr, x, y + SWATCH_HEIGHT / 2, SWATCH_WIDTH, 1.0);
      else
        muster_scene_draw_swatch (scene, cr, item->zone, x, y, SWATCH_WIDTH, SWATCH_HEIGHT, 1.0);

      cairo_save (cr);
      cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
      show_text (cr, item->text, x + SWATCH_WIDTH + 6, y, LEGEND_TEXT, FALSE);
      cairo_restore (cr);
    }
}
