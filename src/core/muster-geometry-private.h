/* muster-geometry-private.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <math.h>
#include <string.h>

#include "muster-geometry.h"

/* What muster-geometry.c (outlines, polygons, boxes) and
 * muster-geometry-separation.c (separation, contact, within) share: the
 * conventions and the primitives on points and segments. */

/* Conventions.
 *
 * Board coordinates have x growing east and y growing south. A polygon is
 * "counter-clockwise" here when its shoelace sum
 *
 *   A = ½ Σ (x_i · y_(i+1) − x_(i+1) · y_i)
 *
 * is positive (counter-clockwise in the mathematical sense of the formula;
 * on a y-down screen it looks clockwise). For such a polygon the interior
 * lies on the side where cross (b − a, p − a) > 0 for every edge a → b,
 * and the outward normal of the edge is (dy, −dx).
 *
 * Rotation is clockwise on the board: rotating by θ maps (1, 0) to
 * (cos θ, sin θ).
 */

static inline MusterPoint
point_make (double x,
            double y)
{
  MusterPoint p = { x, y };

  return p;
}

static inline double
cross3 (MusterPoint o,
        MusterPoint a,
        MusterPoint b)
{
  return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

static inline double
point_distance (MusterPoint a,
                MusterPoint b)
{
  return hypot (b.x - a.x, b.y - a.y);
}

static inline gboolean
point_is_finite (MusterPoint p)
{
  return isfinite (p.x) && isfinite (p.y);
}

static inline int
sign_of (double v)
{
  return (v > 0) - (v < 0);
}

/* Distance from p to the segment a–b; the closest point goes to q. */
static inline double
point_segment_distance (MusterPoint  p,
                        MusterPoint  a,
                        MusterPoint  b,
                        MusterPoint *q)
{
  double dx = b.x - a.x;
  double dy = b.y - a.y;
  double len2 = dx * dx + dy * dy;
  double t = 0.0;
  MusterPoint c;

  g_assert (q != NULL);

  if (len2 > 0.0)
    {
      t = ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2;
      t = CLAMP (t, 0.0, 1.0);
    }

  if (t <= 0.0)
    c = a;
  else if (t >= 1.0)
    c = b;
  else
    c = point_make (a.x + t * dx, a.y + t * dy);

  *q = c;

  return point_distance (p, c);
}

/* Is r (known to be collinear with p–q) within the box of p–q? */
static inline gboolean
on_segment_box (MusterPoint p,
                MusterPoint q,
                MusterPoint r)
{
  return MIN (p.x, q.x) <= r.x && r.x <= MAX (p.x, q.x) &&
         MIN (p.y, q.y) <= r.y && r.y <= MAX (p.y, q.y);
}

/* Do the closed segments p1–p2 and p3–p4 share a point? */
static inline gboolean
segments_intersect (MusterPoint p1,
                    MusterPoint p2,
                    MusterPoint p3,
                    MusterPoint p4)
{
  int d1 = sign_of (cross3 (p3, p4, p1));
  int d2 = sign_of (cross3 (p3, p4, p2));
  int d3 = sign_of (cross3 (p1, p2, p3));
  int d4 = sign_of (cross3 (p1, p2, p4));

  if (d1 * d2 < 0 && d3 * d4 < 0)
    return TRUE;

  if (d1 == 0 && on_segment_box (p3, p4, p1))
    return TRUE;
  if (d2 == 0 && on_segment_box (p3, p4, p2))
    return TRUE;
  if (d3 == 0 && on_segment_box (p1, p2, p3))
    return TRUE;
  if (d4 == 0 && on_segment_box (p1, p2, p4))
    return TRUE;

  return FALSE;
}

static inline double
segment_segment_distance (MusterPoint a0,
                          MusterPoint a1,
                          MusterPoint b0,
                          MusterPoint b1)
{
  MusterPoint q;
  double d;

  if (segments_intersect (a0, a1, b0, b1))
    return 0.0;

  d = point_segment_distance (a0, b0, b1, &q);
  d = MIN (d, point_segment_distance (a1, b0, b1, &q));
  d = MIN (d, point_segment_distance (b0, a0, a1, &q));
  d = MIN (d, point_segment_distance (b1, a0, a1, &q));

  return d;
}

static inline double
polygon_signed_area (const MusterPoint *points,
                     guint              n_points)
{
  double sum = 0.0;

  g_assert (points != NULL);

  for (guint i = 0; i < n_points; i++)
    {
      MusterPoint a = points[i];
      MusterPoint b = points[(i + 1) % n_points];

      sum += a.x * b.y - b.x * a.y;
    }

  return sum / 2.0;
}

/* Crossing-number test; the answer on the boundary is either. */
static inline gboolean
polygon_contains_crossing (const MusterPoint *points,
                           guint              n_points,
                           MusterPoint        p)
{
  gboolean inside = FALSE;

  g_assert (points != NULL);
  g_assert (n_points >= 3);

  for (guint i = 0, j = n_points - 1; i < n_points; j = i++)
    {
      MusterPoint a = points[i];
      MusterPoint b = points[j];

      if ((a.y > p.y) != (b.y > p.y))
        {
          double x = b.x + (p.y - b.y) * (a.x - b.x) / (a.y - b.y);

          if (p.x < x)
            inside = !inside;
        }
    }

  return inside;
}

/* Distance from p to the polygon's boundary; closest point to q and the
 * index of the edge it lies on to edge (either may be NULL). */
static inline double
polygon_boundary_distance (const MusterPoint *points,
                           guint              n_points,
                           MusterPoint        p,
                           MusterPoint       *q,
                           guint             *edge)
{
  double best = G_MAXDOUBLE;
  MusterPoint best_q = points[0];
  guint best_edge = 0;

  g_assert (points != NULL);
  g_assert (n_points >= 2);

  for (guint i = 0; i < n_points; i++)
    {
      MusterPoint c;
      double d = point_segment_distance (p, points[i], points[(i + 1) % n_points], &c);

      if (d < best)
        {
          best = d;
          best_q = c;
          best_edge = i;
        }
    }

  if (q != NULL)
    *q = best_q;
  if (edge != NULL)
    *edge = best_edge;

  return best;
}

static inline void
bounds_of_points (const MusterPoint *points,
                  guint              n_points,
                  MusterBox         *box)
{
  g_assert (points != NULL);
  g_assert (n_points > 0);
  g_assert (box != NULL);

  box->x0 = box->x1 = points[0].x;
  box->y0 = box->y1 = points[0].y;

  for (guint i = 1; i < n_points; i++)
    {
      box->x0 = MIN (box->x0, points[i].x);
      box->x1 = MAX (box->x1, points[i].x);
      box->y0 = MIN (box->y0, points[i].y);
      box->y1 = MAX (box->y1, points[i].y);
    }
}

/* Area centroid; the vertex mean when the area is (nearly) zero. */
static inline MusterPoint
polygon_centroid (const MusterPoint *points,
                  guint              n_points)
{
  double cx = 0.0;
  double cy = 0.0;
  double a2 = 0.0;
  MusterPoint o;

  g_assert (points != NULL);
  g_assert (n_points > 0);

  /* Relative to the first vertex, for precision far from the origin. */
  o = points[0];

  for (guint i = 0; i < n_points; i++)
    {
      double ax = points[i].x - o.x;
      double ay = points[i].y - o.y;
      double bx = points[(i + 1) % n_points].x - o.x;
      double by = points[(i + 1) % n_points].y - o.y;
      double c = ax * by - bx * ay;

      a2 += c;
      cx += (ax + bx) * c;
      cy += (ay + by) * c;
    }

  if (fabs (a2) > 0.0)
    return point_make (o.x + cx / (3.0 * a2), o.y + cy / (3.0 * a2));

  cx = cy = 0.0;
  for (guint i = 0; i < n_points; i++)
    {
      cx += points[i].x;
      cy += points[i].y;
    }

  return point_make (cx / n_points, cy / n_points);
}

static inline gboolean
point_in_triangle (MusterPoint p,
                   MusterPoint a,
                   MusterPoint b,
                   MusterPoint c)
{
  /* Inclusive of the boundary; a, b, c counter-clockwise. */
  return cross3 (a, b, p) >= 0.0 &&
         cross3 (b, c, p) >= 0.0 &&
         cross3 (c, a, p) >= 0.0;
}


/* Euclidean distance between two boxes, 0 when they intersect. */
static inline double
box_distance (const MusterBox *a,
              const MusterBox *b)
{
  double dx = MAX (0.0, MAX (a->x0 - b->x1, b->x0 - a->x1));
  double dy = MAX (0.0, MAX (a->y0 - b->y1, b->y0 - a->y1));

  g_assert (a != NULL);
  g_assert (b != NULL);

  return hypot (dx, dy);
}
