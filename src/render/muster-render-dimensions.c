/* muster-render-dimensions.c
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

/* A rulebook's dimensions: arrows from the lines and edges that zones
 * are measured from, placed clear of each other and of the names. */
static void
draw_arrow_head (cairo_t     *cr,
                 MusterPoint  tip,
                 double       dx,
                 double       dy,
                 double       size)
{
  /* (dx, dy) is the unit direction the arrow points to. */
  cairo_move_to (cr, tip.x, tip.y);
  cairo_line_to (cr, tip.x - dx * size - dy * size * 0.4, tip.y - dy * size + dx * size * 0.4);
  cairo_line_to (cr, tip.x - dx * size + dy * size * 0.4, tip.y - dy * size - dx * size * 0.4);
  cairo_close_path (cr);
  cairo_fill (cr);
}

/* What the dimensions keep apart: an arrow with its label, or (from ==
 * to) only a box, such as a zone's name. */
typedef struct
{
  MusterPoint from;
  MusterPoint to;
  MusterBox   box;
  guint       zone;
  double      length;
} Mark;

static double
cross (MusterPoint o,
       MusterPoint a,
       MusterPoint b)
{
  return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

/* Whether two arrows cross or run along each other. Meeting end to end,
 * as the arrows of both zones do on the Centre Line, is fine. */
static gboolean
segments_clash (MusterPoint p1,
                MusterPoint p2,
                MusterPoint q1,
                MusterPoint q2,
                double      tol)
{
  double len_p = hypot (p2.x - p1.x, p2.y - p1.y);
  double len_q = hypot (q2.x - q1.x, q2.y - q1.y);
  double d1, d2, d3, d4;

  if (len_p < 1e-9 || len_q < 1e-9)
    return FALSE;

  d1 = cross (q1, q2, p1) / len_q;
  d2 = cross (q1, q2, p2) / len_q;
  d3 = cross (p1, p2, q1) / len_p;
  d4 = cross (p1, p2, q2) / len_p;

  if (fabs (d1) < tol && fabs (d2) < tol)
    {
      /* On one line: how far they overlap. */
      double ux = (p2.x - p1.x) / len_p, uy = (p2.y - p1.y) / len_p;
      double t1 = (q1.x - p1.x) * ux + (q1.y - p1.y) * uy;
      double t2 = (q2.x - p1.x) * ux + (q2.y - p1.y) * uy;

      return MIN (len_p, MAX (t1, t2)) - MAX (0, MIN (t1, t2)) > tol;
    }

  if ((d1 > tol && d2 > tol) || (d1 < -tol && d2 < -tol))
    return FALSE;
  if ((d3 > tol && d4 > tol) || (d3 < -tol && d4 < -tol))
    return FALSE;

  return !(hypot (p1.x - q1.x, p1.y - q1.y) < tol || hypot (p1.x - q2.x, p1.y - q2.y) < tol ||
           hypot (p2.x - q1.x, p2.y - q1.y) < tol || hypot (p2.x - q2.x, p2.y - q2.y) < tol);
}

static gboolean
segment_hits_box (MusterPoint      a,
                  MusterPoint      b,
                  const MusterBox *box)
{
  double dx = b.x - a.x, dy = b.y - a.y;
  double t0 = 0, t1 = 1;
  const double p[4] = { -dx, dx, -dy, dy };
  const double q[4] = { a.x - box->x0, box->x1 - a.x, a.y - box->y0, box->y1 - a.y };

  /* Liang–Barsky. */
  for (guint i = 0; i < 4; i++)
    {
      if (fabs (p[i]) < 1e-12)
        {
          if (q[i] < 0)
            return FALSE;
        }
      else if (p[i] < 0)
        t0 = MAX (t0, q[i] / p[i]);
      else
        t1 = MIN (t1, q[i] / p[i]);
    }

  return t0 <= t1;
}

/* How badly a new arrow and its label collide with what is placed: 0 when
 * clear; crossing an arrow, hiding a label or running along a zone's edge
 * costs most, passing under a piece or terrain least. */
static double
mark_cost (MusterScene *self,
           GArray      *marks,
           const Mark  *m,
           double       width,
           double       height,
           double       tol)
{
  double ux = (m->to.x - m->from.x) / m->length;
  double uy = (m->to.y - m->from.y) / m->length;
  double cost = 0;

  /* The label stays on the table. */
  if (m->box.x0 < 0 || m->box.y0 < 0 || m->box.x1 > width || m->box.y1 > height)
    cost += 100;

  for (guint i = 0; i < marks->len; i++)
    {
      const Mark *o = &g_array_index (marks, Mark, i);
      double weight = o->zone == G_MAXUINT ? 1 : o->length > 0 ? 10 : 5;

      if (_muster_render_boxes_overlap (&o->box, &m->box) || segment_hits_box (m->from, m->to, &o->box))
        cost += weight;
      if (o->length > 0 &&
          (segments_clash (m->from, m->to, o->from, o->to, tol) ||
           segment_hits_box (o->from, o->to, &m->box)))
        cost += weight;
    }

  /* Not along the edge of a zone, where the arrow would hide it. */
  for (guint z = 0; z < self->zones->len; z++)
    {
      const SceneZone *zone = &g_array_index (self->zones, SceneZone, z);
      MusterPoint sides[2 * 9];   /* left and right of each tenth */
      guint8 inside[G_N_ELEMENTS (sides)];

      if (zone->region == NULL)
        continue;

      for (int k = 1; k < 10; k++)
        {
          MusterPoint q = { m->from.x + ux * m->length * k / 10, m->from.y + uy * m->length * k / 10 };

          sides[2 * (k - 1)] = (MusterPoint) { q.x - uy * tol, q.y + ux * tol };
          sides[2 * (k - 1) + 1] = (MusterPoint) { q.x + uy * tol, q.y - ux * tol };
        }
      muster_region_contains_points (zone->region, sides, G_N_ELEMENTS (sides), inside);
      for (guint k = 0; k < G_N_ELEMENTS (sides); k += 2)
        if (inside[k] != inside[k + 1])
          {
            cost += 10;
            break;
          }
    }

  return cost;
}

/* A dimension still to place: a boundary of a zone that the zone
 * language measured from a line, and the stretches of it that really
 * are an edge of the zone. */
#define DIM_SAMPLES 240

typedef struct
{
  const MusterRegion *plane;
  guint               zone;
  MusterPoint         a, b;         /* the boundary across the table */
  gboolean            edge[DIM_SAMPLES];
  gboolean            interior;     /* measured from a line across the table */
  gboolean            placed;
} Dimension;

static void
dimension_mark (const Dimension *d,
                double           t,
                double           label_w,
                double           label_h,
                Mark            *m)
{
  MusterPoint p = { d->a.x + (d->b.x - d->a.x) * t, d->a.y + (d->b.y - d->a.y) * t };
  double mx, my;

  m->from = p;
  m->to = (MusterPoint) { p.x - d->plane->nx * d->plane->offset, p.y - d->plane->ny * d->plane->offset };
  m->length = fabs (d->plane->offset);
  m->zone = d->zone;
  mx = (m->from.x + m->to.x) / 2;
  my = (m->from.y + m->to.y) / 2;
  m->box = (MusterBox) { mx - label_w / 2, my - label_h / 2, mx + label_w / 2, my + label_h / 2 };
}

/* In line with an arrow of the other zone from the same line, as a
 * rulebook draws them: one straight line across the gap. */
static gboolean
place_in_line (MusterScene     *self,
               const Dimension *d,
               GArray          *marks,
               double           label_w,
               double           label_h,
               double           width,
               double           height,
               double           tol,
               Mark            *out)
{
  double seg_len = hypot (d->b.x - d->a.x, d->b.y - d->a.y);

  for (guint i = 0; i < marks->len; i++)
    {
      const Mark *o = &g_array_index (marks, Mark, i);
      MusterPoint p;
      double t;
      int k;

      if (o->length <= 0 ||
          fabs (d->plane->nx * o->to.x + d->plane->ny * o->to.y - (d->plane->c - d->plane->offset)) > 1e-3)
        continue;

      p = (MusterPoint) { o->to.x + d->plane->nx * d->plane->offset, o->to.y + d->plane->ny * d->plane->offset };
      t = ((p.x - d->a.x) * (d->b.x - d->a.x) + (p.y - d->a.y) * (d->b.y - d->a.y)) / (seg_len * seg_len);
      k = (int) floor (t * DIM_SAMPLES);
      if (k < 0 || k >= DIM_SAMPLES || !d->edge[k])
        continue;

      dimension_mark (d, t, label_w, label_h, out);
      if (mark_cost (self, marks, out, width, height, tol) == 0)
        return TRUE;
    }

  return FALSE;
}

/* Whether m, d's arrow, leaves room in line with it for each partner of
 * d still to place: a dimension of another zone from the same line, on
 * its side of it (the Centre Line's two zones). The partner's label is
 * taken to be as large as d's. */
static gboolean
partners_fit (MusterScene     *self,
              GArray          *dims,
              const Dimension *d,
              const Mark      *m,
              GArray          *marks,
              double           label_w,
              double           label_h,
              double           width,
              double           height,
              double           tol)
{
  gboolean fit = TRUE;

  if (dims == NULL)
    return TRUE;

  g_array_append_val (marks, *m);
  for (guint i = 0; fit && i < dims->len; i++)
    {
      const Dimension *o = &g_array_index (dims, Dimension, i);
      double seg_len = hypot (o->b.x - o->a.x, o->b.y - o->a.y);
      MusterPoint p;
      Mark pm;
      double t;
      int k;

      if (o == d || o->placed || o->zone == d->zone ||
          fabs (o->plane->nx * m->to.x + o->plane->ny * m->to.y - (o->plane->c - o->plane->offset)) > 1e-3)
        continue;

      p = (MusterPoint) { m->to.x + o->plane->nx * o->plane->offset, m->to.y + o->plane->ny * o->plane->offset };
      t = ((p.x - o->a.x) * (o->b.x - o->a.x) + (p.y - o->a.y) * (o->b.y - o->a.y)) / (seg_len * seg_len);
      k = (int) floor (t * DIM_SAMPLES);
      if (k < 0 || k >= DIM_SAMPLES || !o->edge[k])
        continue;

      dimension_mark (o, t, label_w, label_h, &pm);
      fit = mark_cost (self, marks, &pm, width, height, tol) == 0;
    }
  g_array_set_size (marks, marks->len - 1);

  return fit;
}

/* Places the dimension clear of everything placed before, where its
 * partners from the same line can follow in line if there is such a
 * place (dims, or NULL not to ask); with force, where it collides least
 * even so. */
static gboolean
place_dimension (MusterScene *self,
                 GArray      *dims,
                 Dimension   *d,
                 GArray      *marks,
                 double       label_w,
                 double       label_h,
                 double       width,
                 double       height,
                 double       tol,
                 gboolean     force,
                 Mark        *out,
                 double      *out_cost)
{
  double seg_len = hypot (d->b.x - d->a.x, d->b.y - d->a.y);
  gboolean oblique = fabs (d->plane->nx) > 1e-6 && fabs (d->plane->ny) > 1e-6;
  gboolean done[DIM_SAMPLES] = { 0 };
  double best_cost = G_MAXDOUBLE;
  Mark best = { 0 };
  gboolean have_clear = FALSE;
  Mark clear = { 0 };

  if (place_in_line (self, d, marks, label_w, label_h, width, height, tol, out))
    {
      *out_cost = 0;
      return TRUE;
    }

  /* Longest stretches first. */
  for (;;)
    {
      guint best_start = 0, best_len = 0;
      double t0, t1, preferred, clearance;
      int centre;

      for (guint k = 0; k < DIM_SAMPLES; )
        {
          guint len = 0;

          while (k + len < DIM_SAMPLES && d->edge[k + len] && !done[k + len])
            len++;
          if (len > best_len)
            {
              best_start = k;
              best_len = len;
            }
          k += MAX (len, 1);
        }
      if (best_len == 0)
        break;

      for (guint k = best_start; k < best_start + best_len; k++)
        done[k] = TRUE;

      t0 = best_start / (double) DIM_SAMPLES;
      t1 = (best_start + best_len) / (double) DIM_SAMPLES;
      /* 15% of the way along a long straight stretch, so that the
       * arrows of both zones line up across their shared line and leave
       * the middle of the table to the pieces; the middle of a short one
       * or of a slanting one. */
      preferred = oblique ? (t0 + t1) / 2 : t0 + MIN ((t1 - t0) / 2, 0.15);
      clearance = MIN ((t1 - t0) / 4, INCH / seg_len);
      centre = (int) floor (preferred * DIM_SAMPLES);

      for (int step = 0; step < 2 * DIM_SAMPLES; step++)
        {
          int k = centre + ((step % 2) ? 1 : -1) * ((step + 1) / 2);
          double t = (k + 0.5) / DIM_SAMPLES;
          double cost;

          if (k < (int) best_start || k >= (int) (best_start + best_len))
            continue;
          if (t - t0 < clearance || t1 - t < clearance)
            continue;

          dimension_mark (d, t, label_w, label_h, out);
          cost = mark_cost (self, marks, out, width, height, tol);
          if (cost == 0 && partners_fit (self, dims, d, out, marks, label_w, label_h, width, height, tol))
            {
              *out_cost = 0;
              return TRUE;
            }
          /* Clear, but the other zone's arrow could not follow in line:
           * kept, unless a place further on lets both line up. */
          if (cost == 0 && !have_clear)
            {
              have_clear = TRUE;
              clear = *out;
            }
          if (cost < best_cost)
            {
              best_cost = cost;
              best = *out;
            }
        }
    }

  if (have_clear)
    {
      *out = clear;
      *out_cost = 0;
      return TRUE;
    }

  if (force && best_cost < G_MAXDOUBLE)
    {
      *out = best;
      *out_cost = best_cost;
      return TRUE;
    }

  return FALSE;
}

/* The zones' names are drawn over everything later: keep clear. */
static void
add_zone_name_marks (MusterScene *self,
                     cairo_t     *cr,
                     double       px,
                     GArray      *marks)
{
  for (guint z = 0; z < self->zones->len; z++)
    {
      const SceneZone *zone = &g_array_index (self->zones, SceneZone, z);
      Mark m = { 0 };

      if (zone->region == NULL || zone->label == NULL)
        continue;
      m.from = m.to = zone->label_at;
      m.box = _muster_render_zone_label_box (self, cr, zone, _muster_render_zone_label_size (px));
      m.zone = z;
      g_array_append_val (marks, m);
    }
}

static MusterBox
grown (MusterBox box,
       double    by)
{
  return (MusterBox) { box.x0 - by, box.y0 - by, box.x1 + by, box.y1 + by };
}

static void
add_box_mark (GArray    *marks,
              MusterBox  box)
{
  Mark m = { 0 };

  m.box = box;
  m.from = m.to = (MusterPoint) { (box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2 };
  m.zone = G_MAXUINT;
  g_array_append_val (marks, m);
}

/* And clear of the pieces and terrain drawn over them, on a table of a
 * few hundred (a mega-battle's arrows go where they would anyway), by
 * reach: an arrow's line clear of a base by no more would still have
 * half its head under it. */
static void
add_table_marks (MusterScene *self,
                 GArray      *marks,
                 double       reach)
{
  if (self->flags & (MUSTER_RENDER_PIECES | MUSTER_RENDER_MARKS_AS_WITH_PIECES))
    {
      GPtrArray *pieces = muster_layout_get_pieces (self->layout);

      for (guint i = 0; pieces->len <= 400 && i < pieces->len; i++)
        {
          MusterOutline outline;

          muster_piece_get_outline (g_ptr_array_index (pieces, i), &outline);
          add_box_mark (marks, grown (outline.bounds, reach));
          muster_outline_clear (&outline);
        }
    }
  if (self->flags & MUSTER_RENDER_TERRAIN)
    {
      GPtrArray *terrain = muster_layout_get_terrain (self->layout);

      for (guint i = 0; terrain->len <= 400 && i < terrain->len; i++)
        {
          const MusterTerrain *t = g_ptr_array_index (terrain, i);
          MusterBox box;

          if (muster_terrain_get_bounds (t, &box))
            add_box_mark (marks, grown (box, reach));
        }
    }
}

/* Which of the samples along d's boundary are an edge of the zone: the
 * zone on one side and not the other, eps away (away from the boundary's
 * ends, and where the line it is measured from is on the table). Both
 * sides of every sample asked at once. */
static void
sample_edge (const MusterRegion *region,
             Dimension          *d,
             double              eps,
             double              width,
             double              height)
{
  MusterPoint sides[2 * DIM_SAMPLES];   /* in and out of each sample asked */
  guint8 inside[2 * DIM_SAMPLES];
  guint asked[DIM_SAMPLES];
  guint n = 0;

  for (guint k = 0; k < DIM_SAMPLES; k++)
    {
      double t = (k + 0.5) / DIM_SAMPLES;
      MusterPoint p = { d->a.x + (d->b.x - d->a.x) * t, d->a.y + (d->b.y - d->a.y) * t };
      MusterPoint ref = { p.x - d->plane->nx * d->plane->offset, p.y - d->plane->ny * d->plane->offset };

      d->edge[k] = FALSE;
      if (t <= 0.02 || t >= 0.98 || ref.x < -1 || ref.y < -1 || ref.x > width + 1 || ref.y > height + 1)
        continue;
      sides[2 * n] = (MusterPoint) { p.x + d->plane->nx * eps, p.y + d->plane->ny * eps };
      sides[2 * n + 1] = (MusterPoint) { p.x - d->plane->nx * eps, p.y - d->plane->ny * eps };
      asked[n++] = k;
    }

  muster_region_contains_points (region, sides, 2 * n, inside);
  for (guint i = 0; i < n; i++)
    d->edge[asked[i]] = inside[2 * i] != inside[2 * i + 1];
}

/* The boundaries of each zone that the zone language measured from a
 * line, with the stretches of each that really are an edge of the zone. */
static void
collect_dimensions (MusterScene *self,
                    double       width,
                    double       height,
                    double       px,
                    GArray      *dims)
{
  MusterBox board = { 0, 0, width, height };
  double eps = MAX (0.5, 1.0 / px);

  for (guint z = 0; z < self->zones->len; z++)
    {
      const SceneZone *zone = &g_array_index (self->zones, SceneZone, z);
      g_autoptr(GPtrArray) planes = g_ptr_array_new ();

      if (zone->region == NULL)
        continue;

      _muster_render_collect_half_planes (zone->region, planes);
      for (guint i = 0; i < planes->len; i++)
        {
          Dimension d = { 0 };
          MusterPoint ra, rb;

          d.plane = g_ptr_array_index (planes, i);
          d.zone = z;
          if (!_muster_render_line_across_box (d.plane->nx, d.plane->ny, d.plane->c, &board, &d.a, &d.b) ||
              hypot (d.b.x - d.a.x, d.b.y - d.a.y) < 1)
            continue;

          sample_edge (zone->region, &d, eps, width, height);

          d.interior = FALSE;
          if (_muster_render_line_across_box (d.plane->nx, d.plane->ny, d.plane->c - d.plane->offset, &board, &ra, &rb))
            for (guint j = 0; j < self->lines->len; j++)
              {
                const SceneLine *line = &g_array_index (self->lines, SceneLine, j);

                if (hypot (line->a.x - ra.x, line->a.y - ra.y) < 0.5 &&
                    hypot (line->b.x - rb.x, line->b.y - rb.y) < 0.5)
                  d.interior = TRUE;
              }

          g_array_append_val (dims, d);
        }
    }
}

/* Any distance a zone would otherwise not show, on whichever of its
 * boundaries at that distance collides least, unless another boundary of
 * the zone at that distance is shown already. */
static gboolean
place_anywhere (MusterScene *self,
                GArray      *dims,
                guint        first,
                GArray      *marks,
                double       lw,
                double       lh,
                double       width,
                double       height,
                double       tol,
                Mark        *m)
{
  const Dimension *d = &g_array_index (dims, Dimension, first);
  double distance = fabs (d->plane->offset);
  double best_cost = G_MAXDOUBLE;

  for (guint j = 0; j < marks->len; j++)
    {
      const Mark *o = &g_array_index (marks, Mark, j);

      if (o->zone == d->zone && fabs (o->length - distance) < 1e-6)
        return FALSE;
    }

  for (guint j = first; j < dims->len; j++)
    {
      Dimension *other = &g_array_index (dims, Dimension, j);
      Mark candidate;
      double cost;

      if (other->placed || other->zone != d->zone || fabs (fabs (other->plane->offset) - distance) > 1e-6)
        continue;
      if (place_dimension (self, dims, other, marks, lw, lh, width, height, tol, TRUE, &candidate, &cost) &&
          cost < best_cost)
        {
          best_cost = cost;
          *m = candidate;
        }
    }

  return best_cost < G_MAXDOUBLE;
}

/* The arrow with a head at each end, and its label on a patch of table. */
static void
draw_mark (MusterScene          *self,
           cairo_t              *cr,
           const Mark           *m,
           PangoLayout          *layout,
           const PangoRectangle *logical,
           double                head)
{
  MusterColor ink = self->dark ? (MusterColor) { 0.95, 0.95, 0.92 } : (MusterColor) { 0.10, 0.09, 0.08 };
  double dx = (m->to.x - m->from.x) / m->length, dy = (m->to.y - m->from.y) / m->length;

  _muster_render_set_color (cr, ink, 0.85);
  cairo_move_to (cr, m->from.x, m->from.y);
  cairo_line_to (cr, m->to.x, m->to.y);
  cairo_stroke (cr);
  draw_arrow_head (cr, m->from, -dx, -dy, head);
  draw_arrow_head (cr, m->to, dx, dy, head);

  _muster_render_set_color (cr, _muster_render_table_color (self), 0.9);
  cairo_rectangle (cr, m->box.x0, m->box.y0, m->box.x1 - m->box.x0, m->box.y1 - m->box.y0);
  cairo_fill (cr);
  _muster_render_set_color (cr, ink, 1.0);
  cairo_move_to (cr, (m->box.x0 + m->box.x1) / 2 - (logical->x + logical->width / 2.0) / PANGO_SCALE,
                 (m->box.y0 + m->box.y1) / 2 - (logical->y + logical->height / 2.0) / PANGO_SCALE);
  muster_text_show (cr, layout);
}

/* A rulebook's dimensions: for every boundary of a zone that the zone
 * language measured from a line (the Centre Line, a diagonal, an edge), an
 * arrow from that line to the boundary with the distance, placed where the
 * boundary really is an edge of the zone (so Encircle shows its 9″ in the
 * quarters and its 15″ in the middle, and the W/4 step is marked), clear
 * of the other arrows, their labels and the zones' names. */
void
_muster_render_draw_dimensions (MusterScene *self,
                                cairo_t     *cr,
                                double       width,
                                double       height,
                                double       px)
{
  double text = MAX (0.45 * INCH, 11.0 / px);
  double head = MAX (0.25 * INCH, 7.0 / px);
  double tol = MAX (1.0, 3.0 / px);
  g_autoptr(GArray) marks = g_array_new (FALSE, TRUE, sizeof (Mark));
  g_autoptr(GArray) dims = g_array_new (FALSE, TRUE, sizeof (Dimension));

  g_array_set_size (self->dimensions, 0);
  add_zone_name_marks (self, cr, px, marks);
  add_table_marks (self, marks, head * 0.4);
  collect_dimensions (self, width, height, px, dims);

  cairo_save (cr);
  cairo_set_line_width (cr, MAX (0.3, 1.0 / px));

  /* Those from the Centre Line or a diagonal first, the steps measured
   * from the edges after; then, once all have had a clear place, any
   * distance a zone would otherwise not show. */
  for (guint pass = 0; pass < 3; pass++)
    for (guint i = 0; i < dims->len; i++)
      {
        Dimension *d = &g_array_index (dims, Dimension, i);
        g_autofree char *label = muster_length_format (fabs (d->plane->offset), self->units);
        g_autoptr(PangoLayout) layout = _muster_render_make_text (self, cr, label, text, TRUE);
        PangoRectangle logical;
        double lw, lh, cost;
        gboolean placed;
        Mark m;

        if (d->placed || (pass == 0 && !d->interior) || (pass == 1 && d->interior))
          continue;

        muster_text_get_extents (layout, NULL, &logical);
        lw = logical.width / (double) PANGO_SCALE + text * 0.3;
        lh = logical.height / (double) PANGO_SCALE;

        if (pass < 2)
          placed = place_dimension (self, dims, d, marks, lw, lh, width, height, tol, FALSE, &m, &cost);
        else
          placed = place_anywhere (self, dims, i, marks, lw, lh, width, height, tol, &m);
        if (!placed)
          continue;

        d->placed = TRUE;
        g_array_append_val (marks, m);
        g_array_append_val (self->dimensions, ((MusterDimension) { m.from, m.to, m.length, m.box, m.zone }));
        draw_mark (self, cr, &m, layout, &logical, head);
      }

  cairo_restore (cr);
}
