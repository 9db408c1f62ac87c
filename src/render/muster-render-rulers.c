/* muster-render-rulers.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-render"

#include "config.h"

#include <math.h>

#include "muster-expr.h"
#include "muster-render-private.h"
#include "muster-text.h"

/* The rulers: along the table's edges on paper, along the view's edges
 * on screen. */
/* A ruler along one edge of the table: ticks hang from gap outside the
 * edge outwards, long ones every major, labels every label_every. */
typedef struct
{
  double gap;
  double short_tick;
  double mid_tick;
  double long_tick;
  double text;          /* label size */
  double step;          /* between ticks */
  double mid;           /* between middle ticks, or 0 */
  double major;         /* between long ticks */
  double label_every;
} Ruler;

static MusterColor
ruler_ink (MusterScene *self)
{
  return self->dark ? (MusterColor) { 0.90, 0.90, 0.88 } : (MusterColor) { 0.20, 0.20, 0.22 };
}

/* Ticks of length len hanging from gap outside the edge, from first to
 * last along it, as the dashes of one stroke as wide as the ticks are
 * long, one dash (a tick as wide as the line width) at the start of each
 * period of dashes. The same rectangles as a path of ticks; a page holds
 * the stroke's few numbers rather than four for each tick, which cairo
 * formats one by one. */
static void
stroke_tick_run (cairo_t      *cr,
                 gboolean      west,
                 double        gap,
                 double        len,
                 double        first,
                 double        last,
                 const double *dashes,
                 int           n_dashes)
{
  double w = cairo_get_line_width (cr);
  double across = -gap - len / 2;

  cairo_save (cr);
  cairo_new_path (cr);
  cairo_move_to (cr, west ? across : first - w / 2, west ? first - w / 2 : across);
  cairo_line_to (cr, west ? across : last + w / 2, west ? last + w / 2 : across);
  cairo_set_dash (cr, dashes, n_dashes, 0);
  cairo_set_line_width (cr, len);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  cairo_stroke (cr);
  cairo_restore (cr);
}

/* A long tick every major, a short one every step between; n steps to a
 * major, at most MAX_DASHED_STEPS. */
#define MAX_DASHED_STEPS 12

static void
draw_ticks_dashed (cairo_t     *cr,
                   const Ruler *r,
                   gboolean     west,
                   double       length,
                   int          n,
                   gboolean     short_ticks)
{
  double w = cairo_get_line_width (cr);
  double dashes[2 * MAX_DASHED_STEPS];
  double long_dashes[2] = { w, r->major - w };
  int k;

  stroke_tick_run (cr, west, r->gap, r->long_tick, 0, floor ((length + 1e-6) / r->major) * r->major,
                   long_dashes, 2);

  /* The short ticks from the first step, none where a long one is. */
  k = (int) floor ((length + 1e-6) / r->step);
  if (k % n == 0)
    k--;
  if (!short_ticks || n < 2 || k < 1)
    return;
  for (int i = 0; i < n - 1; i++)
    {
      dashes[2 * i] = w;
      dashes[2 * i + 1] = (i == n - 2 ? 2 : 1) * r->step - w;
    }
  stroke_tick_run (cr, west, r->gap, r->short_tick, r->step, k * r->step, dashes, 2 * (n - 1));
}

/* How long the label of t is along its ruler. */
static double
label_length (MusterScene *self,
              cairo_t     *cr,
              const Ruler *r,
              double       t)
{
  g_autofree char *label = muster_length_format (t, self->units);
  g_autoptr(PangoLayout) layout = _muster_render_make_text (self, cr, label, r->text, FALSE);
  PangoRectangle logical;

  muster_text_get_extents (layout, NULL, &logical);

  return (double) logical.width / PANGO_SCALE;
}

/* Along the north edge (x from 0 to length), or the west edge. */
static void
draw_ruler_axis (MusterScene *self,
                 cairo_t     *cr,
                 const Ruler *r,
                 gboolean     west,
                 double       length,
                 double       px)
{
  double label_at = -r->gap - r->long_tick - r->text * 0.75;
  double n = round (r->major / r->step);
  int last = (int) floor ((length + 1e-6) / r->label_every);
  double rest = length - last * r->label_every;
  /* The table's far edge is labelled within the ruler, its label ending
   * at the edge ("182.88 cm", centred there, would run past the table to
   * the view's edge). */
  double edge_label = label_length (self, cr, r, length);

  cairo_save (cr);
  cairo_set_line_width (cr, MAX (0.2, 1.0 / px));
  _muster_render_set_color (cr, ruler_ink (self), 0.8);

  if (r->mid == 0 && n >= 1 && n <= MAX_DASHED_STEPS && fabs (r->major - n * r->step) < 1e-6)
    draw_ticks_dashed (cr, r, west, length, (int) n, r->step * px >= 3);
  else
    {
      for (int k = 0; k * r->step <= length + 1e-6; k++)
        {
          double t = k * r->step;
          double len = fmod (t + 1e-6, r->major) < 1e-3 ? r->long_tick
                     : r->mid > 0 && fmod (t + 1e-6, r->mid) < 1e-3 ? r->mid_tick
                     : r->short_tick;

          if (r->step * px < 3 && len < r->long_tick)
            continue;
          if (west ? !_muster_render_in_view (self, -r->gap - len, t, -r->gap, t, 1.0 / px)
                   : !_muster_render_in_view (self, t, -r->gap - len, t, -r->gap, 1.0 / px))
            continue;
          cairo_move_to (cr, west ? -r->gap : t, west ? t : -r->gap);
          cairo_line_to (cr, west ? -r->gap - len : t, west ? t : -r->gap - len);
        }
      cairo_stroke (cr);
    }

  /* The west ruler leaves the corner's 0 to the north one. An edge that
   * falls between labels is labelled too (32″), so that the ruler tells
   * the table's length; a label too close to it gives it its place: one
   * nearer than half the labels' spacing, or that would touch it
   * ("456″" beside "472.44″", "170 cm" beside "182.88 cm"). */
  for (int k = west ? 1 : 0; k <= last + 1; k++)
    {
      double t = MIN (k * r->label_every, length);
      gboolean edge = k > 0 && t >= length - 1e-6;
      g_autofree char *label = NULL;

      if (k == last + 1 && rest < 1e-3)
        continue;
      if (k == last && k > 0 && !edge && rest < r->label_every / 2)
        continue;
      /* A label is a few characters, none wider than the text size: only
       * those near the edge are measured. */
      if (!edge && k > 0 && t + 6 * r->text > length - edge_label &&
          t + label_length (self, cr, r, t) / 2 + r->text / 2 > length - edge_label)
        continue;

      /* A label is a few characters, none wider than the text size. */
      if (west ? !_muster_render_in_view (self, label_at, t, label_at, t, 4 * r->text)
               : !_muster_render_in_view (self, t, label_at, t, label_at, 4 * r->text))
        continue;
      label = muster_length_format (t, self->units);
      if (edge)
        t -= edge_label / 2;
      cairo_save (cr);
      cairo_translate (cr, west ? label_at : t, west ? t : label_at);
      if (west)
        cairo_rotate (cr, -G_PI / 2);
      _muster_render_draw_text_centred (self, cr, label, 0, 0, r->text, FALSE);
      cairo_restore (cr);
    }
  cairo_restore (cr);
}

/* The table's ruler, in inches of the table: a tick every inch (or
 * centimetre), a label every 6″ (10 cm) or more, never closer than
 * ~40 px. */
static Ruler
table_ruler (MusterScene *self,
             double       px)
{
  gboolean cm = self->units == MUSTER_UNIT_CM;
  Ruler r = {
    .gap = 0.15 * INCH,
    .short_tick = 0.15 * INCH,
    .long_tick = 0.35 * INCH,
    .text = MAX (0.28 * INCH, 10.0 / px),
    .step = cm ? 10 : INCH,
    .major = cm ? 100 : 6 * INCH,
  };

  r.label_every = r.major;
  while (r.label_every * px < 40)
    r.label_every *= 2;

  return r;
}

void
_muster_render_draw_ruler (MusterScene *self,
                           cairo_t     *cr,
                           double       width,
                           double       height,
                           double       px)
{
  Ruler r = table_ruler (self, px);

  draw_ruler_axis (self, cr, &r, FALSE, width, px);
  draw_ruler_axis (self, cr, &r, TRUE, height, px);
}

double
muster_scene_get_ruler_reach (MusterScene *self,
                              double       px_per_mm)
{
  Ruler r;

  g_return_val_if_fail (self != NULL, 0);

  r = table_ruler (self, MAX (px_per_mm, 1e-3));

  /* To the far side of the labels. */
  return r.gap + r.long_tick + 1.25 * r.text;
}

/* The ruler of a view, in pixels whatever the zoom: labels at the first
 * of 1, 2, 3, 6, 12… inches (1, 2, 5, 10… cm) that leaves them 48 px
 * apart, long ticks there, and a tick every inch (centimetre), or every
 * quarter inch (millimetre) where those are far enough apart, the whole
 * inches (centimetres) longer. */
static Ruler
view_ruler (MusterScene *self,
            double       px)
{
  static const double inches[] = { 1, 2, 3, 6, 12, 24, 48, 96 };
  static const double cms[] = { 1, 2, 5, 10, 20, 50, 100, 200 };
  gboolean cm = self->units == MUSTER_UNIT_CM;
  double unit = cm ? MUSTER_MM_PER_CM : INCH;
  Ruler r = {
    .gap = 2 / px,
    .short_tick = 3 / px,
    .mid_tick = 5 / px,
    .long_tick = 8 / px,
    .text = 10 / px,
    .step = unit,
  };

  for (guint i = 0; i < G_N_ELEMENTS (inches); i++)
    {
      r.label_every = (cm ? cms[i] : inches[i]) * unit;
      if (r.label_every * px >= 48)
        break;
    }
  r.major = r.label_every;
  if ((cm ? 1.0 : INCH / 4) * px >= 8)
    {
      r.step = cm ? 1.0 : INCH / 4;
      r.mid = unit;
    }

  return r;
}

void
muster_scene_draw_view_rulers (MusterScene     *self,
                               cairo_t         *cr,
                               const MusterBox *view,
                               gboolean         north,
                               gboolean         west,
                               double           px_per_mm)
{
  double px = MAX (px_per_mm, 1e-3);
  double depth = MUSTER_VIEW_RULER_DEPTH / px;
  Ruler r = view_ruler (self, px);
  MusterBox saved;

  g_return_if_fail (self != NULL);
  g_return_if_fail (cr != NULL);
  g_return_if_fail (view != NULL);

  if (!north && !west)
    return;

  saved = self->view;
  cairo_save (cr);
  _muster_render_text_begin (self, cr);

  /* The bands, in the colour of the view around the table, opaque: the
   * table scrolled under them must not show through. */
  cairo_new_path (cr);
  if (north)
    cairo_rectangle (cr, view->x0, view->y0, view->x1 - view->x0, depth);
  if (west)
    cairo_rectangle (cr, view->x0, view->y0, depth, view->y1 - view->y0);
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_WINDING);
  _muster_render_set_color (cr, self->dark ? (MusterColor) { 0.17, 0.17, 0.17 } : (MusterColor) { 0.93, 0.93, 0.92 }, 1.0);
  cairo_fill (cr);

  cairo_set_line_width (cr, 1.0 / px);
  _muster_render_set_color (cr, ruler_ink (self), 0.35);
  if (north)
    {
      cairo_move_to (cr, view->x0 + (west ? depth : 0), view->y0 + depth - 0.5 / px);
      cairo_line_to (cr, view->x1, view->y0 + depth - 0.5 / px);
    }
  if (west)
    {
      cairo_move_to (cr, view->x0 + depth - 0.5 / px, view->y0 + (north ? depth : 0));
      cairo_line_to (cr, view->x0 + depth - 0.5 / px, view->y1);
    }
  cairo_stroke (cr);

  /* Each ruler is the table's edge moved to the band's inner side. */
  if (north)
    {
      cairo_save (cr);
      cairo_rectangle (cr, view->x0 + (west ? depth : 0), view->y0, view->x1 - view->x0, depth);
      cairo_clip (cr);
      cairo_translate (cr, 0, view->y0 + depth);
      self->view = (MusterBox) { view->x0, -depth, view->x1, 0 };
      draw_ruler_axis (self, cr, &r, FALSE, muster_layout_get_width (self->layout), px);
      cairo_restore (cr);
    }
  if (west)
    {
      cairo_save (cr);
      cairo_rectangle (cr, view->x0, view->y0 + (north ? depth : 0), depth, view->y1 - view->y0);
      cairo_clip (cr);
      cairo_translate (cr, view->x0 + depth, 0);
      self->view = (MusterBox) { -depth, view->y0, 0, view->y1 };
      draw_ruler_axis (self, cr, &r, TRUE, muster_layout_get_height (self->layout), px);
      cairo_restore (cr);
    }

  _muster_render_text_end (self);
  cairo_restore (cr);
  self->view = saved;
}
