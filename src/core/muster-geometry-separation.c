/* muster-geometry-separation.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-geometry"

#include "config.h"

#include "muster-geometry-private.h"

/* How far apart two outlines are, whether they touch, and whether one
 * lies within another. */

/* A convex piece of an outline: a circle, a convex polygon, or one
 * triangle of a non-convex polygon. */
typedef struct
{
  gboolean           circle;
  MusterPoint        centre;
  double             radius;
  const MusterPoint *points;    /* counter-clockwise, convex */
  guint              n_points;
  MusterPoint        tri[3];
  MusterBox          bounds;
} ConvexPart;

static void
convex_part_init (ConvexPart          *part,
                  const MusterOutline *outline,
                  guint                index)
{
  g_assert (part != NULL);
  g_assert (outline != NULL);
  g_assert (index < outline->n_parts);

  memset (part, 0, sizeof *part);

  if (outline->kind == MUSTER_OUTLINE_CIRCLE)
    {
      part->circle = TRUE;
      part->centre = outline->centre;
      part->radius = outline->radius;
      part->bounds = outline->bounds;
    }
  else if (outline->convex)
    {
      part->points = outline->points;
      part->n_points = outline->n_points;
      part->bounds = outline->bounds;
    }
  else
    {
      const guint *idx = &outline->parts[3 * index];

      part->tri[0] = outline->points[idx[0]];
      part->tri[1] = outline->points[idx[1]];
      part->tri[2] = outline->points[idx[2]];
      part->points = part->tri;
      part->n_points = 3;
      bounds_of_points (part->tri, 3, &part->bounds);
    }
}

static double
separation_circle_circle (const ConvexPart *a,
                          const ConvexPart *b,
                          MusterPoint      *pa,
                          MusterPoint      *pb)
{
  double dx = b->centre.x - a->centre.x;
  double dy = b->centre.y - a->centre.y;
  double d = hypot (dx, dy);
  double ux = 1.0;
  double uy = 0.0;

  g_assert (a->circle && b->circle);

  if (d > 0.0)
    {
      ux = dx / d;
      uy = dy / d;
    }

  *pa = point_make (a->centre.x + a->radius * ux, a->centre.y + a->radius * uy);
  *pb = point_make (b->centre.x - b->radius * ux, b->centre.y - b->radius * uy);

  return d - a->radius - b->radius;
}

/* Convex polygon a against circle b. Outside: the gap is the distance from
 * the centre to the polygon less the radius. Centre inside: the circle
 * must travel its radius plus the centre's depth to clear the nearest
 * edge, which is the minimum translation distance (the Minkowski sum of a
 * convex polygon and a disc is the polygon grown by the radius). */
static double
separation_polygon_circle (const ConvexPart *a,
                           const ConvexPart *b,
                           MusterPoint      *pa,
                           MusterPoint      *pb)
{
  MusterPoint q;
  guint edge;
  double d;
  gboolean inside = TRUE;

  g_assert (!a->circle && b->circle);

  d = polygon_boundary_distance (a->points, a->n_points, b->centre, &q, &edge);

  for (guint i = 0; i < a->n_points && inside; i++)
    inside = cross3 (a->points[i], a->points[(i + 1) % a->n_points], b->centre) >= 0.0;

  if (!inside && d > 0.0)
    {
      double ux = (b->centre.x - q.x) / d;
      double uy = (b->centre.y - q.y) / d;

      *pa = q;
      *pb = point_make (b->centre.x - b->radius * ux, b->centre.y - b->radius * uy);

      return d - b->radius;
    }
  else
    {
      MusterPoint e0 = a->points[edge];
      MusterPoint e1 = a->points[(edge + 1) % a->n_points];
      double len = point_distance (e0, e1);
      double nx = (e1.y - e0.y) / len;
      double ny = -(e1.x - e0.x) / len;

      *pa = q;
      *pb = point_make (b->centre.x - b->radius * nx, b->centre.y - b->radius * ny);

      return -d - b->radius;
    }
}

/* Convex polygons by the separating axis theorem over both polygons' edge
 * normals: the largest gap along any of them is the separation when it is
 * not positive (minus the minimum translation distance, exactly, for
 * convex polygons); when it is positive they are apart and the true gap is
 * the smallest vertex-to-edge distance. */
static double
separation_polygon_polygon (const ConvexPart *a,
                            const ConvexPart *b,
                            MusterPoint      *pa,
                            MusterPoint      *pb)
{
  double best = -G_MAXDOUBLE;
  MusterPoint best_a = a->points[0];
  MusterPoint best_b = b->points[0];
  double dist;

  g_assert (!a->circle && !b->circle);

  for (guint pass = 0; pass < 2; pass++)
    {
      const ConvexPart *p = pass == 0 ? a : b;
      const ConvexPart *o = pass == 0 ? b : a;

      for (guint i = 0; i < p->n_points; i++)
        {
          MusterPoint e0 = p->points[i];
          MusterPoint e1 = p->points[(i + 1) % p->n_points];
          double len = point_distance (e0, e1);
          double nx = (e1.y - e0.y) / len;
          double ny = -(e1.x - e0.x) / len;
          double offset = e0.x * nx + e0.y * ny;
          double lowest = G_MAXDOUBLE;
          guint lowest_index = 0;
          double gap;

          for (guint j = 0; j < o->n_points; j++)
            {
              double v = o->points[j].x * nx + o->points[j].y * ny;

              if (v < lowest)
                {
                  lowest = v;
                  lowest_index = j;
                }
            }

          gap = lowest - offset;

          if (gap > best)
            {
              MusterPoint v = o->points[lowest_index];
              MusterPoint f = point_make (v.x - gap * nx, v.y - gap * ny);

              best = gap;
              best_a = pass == 0 ? f : v;
              best_b = pass == 0 ? v : f;
            }
        }
    }

  if (best <= 0.0)
    {
      *pa = best_a;
      *pb = best_b;
      return best;
    }

  dist = G_MAXDOUBLE;

  for (guint pass = 0; pass < 2; pass++)
    {
      const ConvexPart *p = pass == 0 ? a : b;
      const ConvexPart *o = pass == 0 ? b : a;

      for (guint i = 0; i < p->n_points; i++)
        {
          MusterPoint q;
          guint edge;
          double d = polygon_boundary_distance (o->points, o->n_points, p->points[i], &q, &edge);

          if (d < dist)
            {
              dist = d;
              *pa = pass == 0 ? p->points[i] : q;
              *pb = pass == 0 ? q : p->points[i];
            }
        }
    }

  return dist;
}

static double
separation_parts (const ConvexPart *a,
                  const ConvexPart *b,
                  MusterPoint      *pa,
                  MusterPoint      *pb)
{
  g_assert (a != NULL && b != NULL);
  g_assert (pa != NULL && pb != NULL);

  if (a->circle && b->circle)
    return separation_circle_circle (a, b, pa, pb);
  else if (b->circle)
    return separation_polygon_circle (a, b, pa, pb);
  else if (a->circle)
    return separation_polygon_circle (b, a, pb, pa);
  else
    return separation_polygon_polygon (a, b, pa, pb);
}

/* Circles and convex polygons are exact: the gap when apart, minus the
 * minimum translation distance when they intersect (containment
 * included).
 *
 * A non-convex polygon is measured through its convex parts (the
 * triangles of its ear-clipping triangulation) and the result is the
 * minimum over every pair of parts:
 *
 * - apart from every part: the smallest gap, which is the exact distance
 *   between the outlines;
 * - touching some part and intersecting none: 0;
 * - intersecting parts: minus the largest of their penetration depths.
 *   That never overstates the true penetration and is exact whenever the
 *   deepest contact lies within one pair of parts; it can understate it
 *   when the shortest way out crosses a triangle's internal diagonal. The
 *   sign, and so the overlap verdict, is always right. */
double
muster_outline_separation (const MusterOutline *a,
                           const MusterOutline *b,
                           MusterPoint         *closest_a,
                           MusterPoint         *closest_b)
{
  double best = G_MAXDOUBLE;
  MusterPoint best_a = a != NULL ? a->centre : point_make (0, 0);
  MusterPoint best_b = b != NULL ? b->centre : point_make (0, 0);

  g_return_val_if_fail (a != NULL, G_MAXDOUBLE);
  g_return_val_if_fail (b != NULL, G_MAXDOUBLE);
  g_return_val_if_fail (a->n_parts > 0 && b->n_parts > 0, G_MAXDOUBLE);

  for (guint i = 0; i < a->n_parts; i++)
    {
      ConvexPart pa;

      convex_part_init (&pa, a, i);

      for (guint j = 0; j < b->n_parts; j++)
        {
          ConvexPart pb;
          MusterPoint qa, qb;
          double box_gap;
          double sep;

          convex_part_init (&pb, b, j);

          /* The boxes' distance bounds the gap from below. */
          box_gap = box_distance (&pa.bounds, &pb.bounds);
          if (box_gap > 0.0 && box_gap > best)
            continue;

          sep = separation_parts (&pa, &pb, &qa, &qb);

          if (sep < best)
            {
              best = sep;
              best_a = qa;
              best_b = qb;
            }
        }
    }

  /* When they touch or intersect the points are the witnesses of the
   * minimum translation: moving b by closest_a − closest_b separates
   * convex outlines. */
  if (closest_a != NULL)
    *closest_a = best_a;
  if (closest_b != NULL)
    *closest_b = best_b;

  return best;
}

MusterContact
muster_contact_classify (double separation,
                         double tolerance)
{
  g_return_val_if_fail (!isnan (separation), MUSTER_CONTACT_OVERLAP);
  g_return_val_if_fail (tolerance >= 0.0, MUSTER_CONTACT_OVERLAP);

  if (separation < -tolerance)
    return MUSTER_CONTACT_OVERLAP;
  if (separation <= tolerance)
    return MUSTER_CONTACT_TOUCHING;

  return MUSTER_CONTACT_APART;
}

/* Widens [*lo, *hi] to take in the part of the line A + t·d with
 * p0 + t·p1 in [min, max]; FALSE when that part is empty. */
static gboolean
clip_linear (double  p0,
             double  p1,
             double  min,
             double  max,
             double *lo,
             double *hi)
{
  g_assert (lo != NULL && hi != NULL);

  if (p1 == 0.0)
    return p0 >= min && p0 <= max;
  else
    {
      double t0 = (min - p0) / p1;
      double t1 = (max - p0) / p1;

      *lo = MAX (*lo, MIN (t0, t1));
      *hi = MIN (*hi, MAX (t0, t1));

      return *lo <= *hi;
    }
}

/* The parameters t of a0 + t (a1 − a0), t in [0, 1], that lie within eps
 * of the segment f0–f1: a single interval, since that capsule is
 * convex. It is the union of the parts in the capsule's rectangle and in
 * its two end discs. */
static gboolean
segment_capsule_interval (MusterPoint  a0,
                          MusterPoint  a1,
                          MusterPoint  f0,
                          MusterPoint  f1,
                          double       eps,
                          double      *lo,
                          double      *hi)
{
  double dx = a1.x - a0.x;
  double dy = a1.y - a0.y;
  double dd = dx * dx + dy * dy;
  double len = point_distance (f0, f1);
  double ux = (f1.x - f0.x) / len;
  double uy = (f1.y - f0.y) / len;
  double rlo = -G_MAXDOUBLE;
  double rhi = G_MAXDOUBLE;
  double out_lo = G_MAXDOUBLE;
  double out_hi = -G_MAXDOUBLE;
  const MusterPoint ends[2] = { f0, f1 };

  g_assert (lo != NULL && hi != NULL);
  g_assert (dd > 0.0 && len > 0.0);

  if (clip_linear ((a0.x - f0.x) * ux + (a0.y - f0.y) * uy, dx * ux + dy * uy,
                   0.0, len, &rlo, &rhi) &&
      clip_linear (-(a0.x - f0.x) * uy + (a0.y - f0.y) * ux, -dx * uy + dy * ux,
                   -eps, eps, &rlo, &rhi))
    {
      out_lo = rlo;
      out_hi = rhi;
    }

  for (guint k = 0; k < 2; k++)
    {
      /* Closest approach to the end point first, for precision. */
      double t = -((a0.x - ends[k].x) * dx + (a0.y - ends[k].y) * dy) / dd;
      double wx = a0.x + t * dx - ends[k].x;
      double wy = a0.y + t * dy - ends[k].y;
      double w2 = wx * wx + wy * wy;

      if (w2 <= eps * eps)
        {
          double h = sqrt ((eps * eps - w2) / dd);

          out_lo = MIN (out_lo, t - h);
          out_hi = MAX (out_hi, t + h);
        }
    }

  out_lo = MAX (out_lo, 0.0);
  out_hi = MIN (out_hi, 1.0);

  if (out_lo > out_hi)
    return FALSE;

  *lo = out_lo;
  *hi = out_hi;

  return TRUE;
}

static int
compare_interval (gconstpointer a,
                  gconstpointer b)
{
  const double *x = a;
  const double *y = b;

  return (x[0] > y[0]) - (x[0] < y[0]);
}

/* Is every point of the segment a0–a1 in the polygon or within eps of it?
 * The points within eps of the boundary are a union of intervals of the
 * segment; each stretch between them is wholly inside or wholly outside,
 * which its midpoint tells. */
static gboolean
segment_within_polygon_tolerant (MusterPoint          a0,
                                 MusterPoint          a1,
                                 const MusterOutline *outer,
                                 double               eps)
{
  g_autoptr(GArray) intervals = NULL;
  double covered = 0.0;

  g_assert (outer != NULL);
  g_assert (outer->kind == MUSTER_OUTLINE_POLYGON);

  if (point_distance (a0, a1) == 0.0)
    return muster_outline_point_signed_distance (outer, a0) <= eps;

  intervals = g_array_new (FALSE, FALSE, 2 * sizeof (double));

  for (guint i = 0; i < outer->n_points; i++)
    {
      double range[2];

      if (segment_capsule_interval (a0, a1,
                                    outer->points[i],
                                    outer->points[(i + 1) % outer->n_points],
                                    eps, &range[0], &range[1]))
        g_array_append_vals (intervals, range, 1);
    }

  g_array_sort (intervals, compare_interval);

  for (guint i = 0; i <= intervals->len && covered < 1.0; i++)
    {
      double next = 1.0;
      double end = covered;

      if (i < intervals->len)
        {
          const double *range = &g_array_index (intervals, double, 2 * i);

          next = range[0];
          end = range[1];
        }

      if (next > covered)
        {
          double t = (covered + next) / 2.0;
          MusterPoint mid = point_make (a0.x + t * (a1.x - a0.x), a0.y + t * (a1.y - a0.y));

          if (!polygon_contains_crossing (outer->points, outer->n_points, mid))
            return FALSE;
        }

      covered = MAX (covered, end);
    }

  return TRUE;
}

/* worst is the largest signed distance of inner's points to outer's
 * boundary (negative inside). */
static inline gboolean
clearance_ok (double   worst,
              gboolean strict)
{
  if (strict)
    return worst < -MUSTER_EPSILON_MM;

  return worst <= MUSTER_EPSILON_MM;
}

/* For a convex outer outline it is enough that the vertices (or, for a
 * circle, the farthest point) of inner are within it. For a non-convex
 * polygon, every edge of inner must also stay inside: strictly, every edge
 * must keep more than MUSTER_EPSILON_MM from every edge of outer;
 * inclusively, every point of every edge must be inside outer or within
 * MUSTER_EPSILON_MM of it. */
gboolean
muster_outline_within (const MusterOutline *inner,
                       const MusterOutline *outer,
                       gboolean             strict)
{
  const double eps = MUSTER_EPSILON_MM;

  g_return_val_if_fail (inner != NULL, FALSE);
  g_return_val_if_fail (outer != NULL, FALSE);

  if (inner->bounds.x0 < outer->bounds.x0 - eps ||
      inner->bounds.y0 < outer->bounds.y0 - eps ||
      inner->bounds.x1 > outer->bounds.x1 + eps ||
      inner->bounds.y1 > outer->bounds.y1 + eps)
    return FALSE;

  if (outer->kind == MUSTER_OUTLINE_CIRCLE)
    {
      double worst = -G_MAXDOUBLE;

      if (inner->kind == MUSTER_OUTLINE_CIRCLE)
        worst = point_distance (inner->centre, outer->centre) + inner->radius - outer->radius;
      else
        for (guint i = 0; i < inner->n_points; i++)
          worst = MAX (worst, point_distance (inner->points[i], outer->centre) - outer->radius);

      return clearance_ok (worst, strict);
    }

  g_return_val_if_fail (outer->n_points >= 3, FALSE);

  if (inner->kind == MUSTER_OUTLINE_CIRCLE)
    {
      double worst = muster_outline_point_signed_distance (outer, inner->centre) + inner->radius;

      return clearance_ok (worst, strict);
    }

  g_return_val_if_fail (inner->n_points >= 3, FALSE);

  for (guint i = 0; i < inner->n_points; i++)
    {
      double d = muster_outline_point_signed_distance (outer, inner->points[i]);

      if (!clearance_ok (d, strict))
        return FALSE;
    }

  if (outer->convex)
    return TRUE;

  for (guint i = 0; i < inner->n_points; i++)
    {
      MusterPoint a0 = inner->points[i];
      MusterPoint a1 = inner->points[(i + 1) % inner->n_points];

      if (strict)
        {
          for (guint j = 0; j < outer->n_points; j++)
            {
              double d = segment_segment_distance (a0, a1, outer->points[j],
                                                   outer->points[(j + 1) % outer->n_points]);

              if (d <= eps)
                return FALSE;
            }
        }
      else if (!segment_within_polygon_tolerant (a0, a1, outer, eps))
        return FALSE;
    }

  return TRUE;
}
