/* muster-geometry.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-geometry"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "muster-geometry.h"

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

/* Ovals are approximated by a polygon inscribed in the ellipse, with its
 * vertices at equal steps of the ellipse's parameter t (x = a cos t,
 * y = b sin t). That polygon is the image under diag (a, b) of a regular
 * N-gon inscribed in the unit circle, whose sagitta is 1 − cos (π / N); the
 * map stretches no vector by more than max (a, b), so every point of the
 * ellipse lies within
 *
 *   max (a, b) · (1 − cos (π / N))
 *
 * of the polygon, and the polygon lies inside the ellipse (separations are
 * therefore overestimated by at most that much, never underestimated by
 * it). N is the smallest multiple of 4 (so both axes end on a vertex and
 * the polygon spans exactly width × depth) that keeps this bound below
 * ELLIPSE_MAX_ERROR_MM, with at least 16 vertices: 224 vertices for a
 * 200 mm oval, 112 for a 100 mm one. Past ELLIPSE_MAX_VERTICES (an oval
 * of about 18 m) the count is capped and the bound grows. */
#define ELLIPSE_MAX_ERROR_MM  0.01
#define ELLIPSE_MIN_VERTICES  16
#define ELLIPSE_MAX_VERTICES  4096

/* Consecutive polygon vertices closer than this are merged. */
#define DUPLICATE_POINT_MM    1e-9

/* A vertex whose two edges turn by less than this sine is collinear. */
#define COLLINEAR_SINE        1e-12

/* A polygon whose points all lie within this of one line has no area. */
#define DEGENERATE_WIDTH_MM   1e-9

G_DEFINE_QUARK (muster-geometry-error-quark, muster_geometry_error)

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
static double
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
static gboolean
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

static double
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

static double
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
static gboolean
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
static double
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

static void
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
static MusterPoint
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

static gboolean
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

/* Ear clipping of a simple counter-clockwise polygon with no collinear
 * consecutive vertices into n − 2 counter-clockwise triangles. */
static guint *
triangulate (const MusterPoint *points,
             guint              n_points,
             guint             *n_triangles)
{
  g_autofree guint *ring = NULL;
  guint *tris;
  guint n_tris = 0;
  guint remaining = n_points;
  guint start = 0;

  g_assert (points != NULL);
  g_assert (n_points >= 3);
  g_assert (n_triangles != NULL);

  ring = g_new (guint, n_points);
  for (guint i = 0; i < n_points; i++)
    ring[i] = i;

  tris = g_new (guint, 3 * (n_points - 2));

  while (remaining > 3)
    {
      guint ear = G_MAXUINT;
      guint fallback = G_MAXUINT;
      double fallback_cross = 0.0;

      for (guint k = 0; k < remaining && ear == G_MAXUINT; k++)
        {
          guint i = (start + k) % remaining;
          MusterPoint a = points[ring[(i + remaining - 1) % remaining]];
          MusterPoint b = points[ring[i]];
          MusterPoint c = points[ring[(i + 1) % remaining]];
          double turn = cross3 (a, b, c);
          gboolean blocked = FALSE;

          if (turn <= 0.0)
            continue;

          if (fallback == G_MAXUINT || turn > fallback_cross)
            {
              fallback = i;
              fallback_cross = turn;
            }

          for (guint j = 0; j < remaining && !blocked; j++)
            {
              MusterPoint v;

              if (j == i ||
                  j == (i + remaining - 1) % remaining ||
                  j == (i + 1) % remaining)
                continue;

              v = points[ring[j]];
              blocked = point_in_triangle (v, a, b, c);
            }

          if (!blocked)
            ear = i;
        }

      /* Rounding can, in theory, hide every ear; clip the sharpest
       * convex corner rather than loop forever. */
      if (ear == G_MAXUINT)
        ear = fallback != G_MAXUINT ? fallback : 0;

      tris[3 * n_tris + 0] = ring[(ear + remaining - 1) % remaining];
      tris[3 * n_tris + 1] = ring[ear];
      tris[3 * n_tris + 2] = ring[(ear + 1) % remaining];
      n_tris++;

      memmove (&ring[ear], &ring[ear + 1], (remaining - ear - 1) * sizeof (guint));
      remaining--;
      start = ear % remaining;
    }

  tris[3 * n_tris + 0] = ring[0];
  tris[3 * n_tris + 1] = ring[1];
  tris[3 * n_tris + 2] = ring[2];
  n_tris++;

  g_assert (n_tris == n_points - 2);

  *n_triangles = n_tris;

  return tris;
}

void
muster_box_union (MusterBox       *box,
                  const MusterBox *other)
{
  g_return_if_fail (box != NULL);
  g_return_if_fail (other != NULL);

  box->x0 = MIN (box->x0, other->x0);
  box->y0 = MIN (box->y0, other->y0);
  box->x1 = MAX (box->x1, other->x1);
  box->y1 = MAX (box->y1, other->y1);
}

void
muster_box_expand (MusterBox *box,
                   double     margin)
{
  g_return_if_fail (box != NULL);

  box->x0 -= margin;
  box->y0 -= margin;
  box->x1 += margin;
  box->y1 += margin;
}

/* Closed boxes: boxes that only touch intersect. */
gboolean
muster_box_intersects (const MusterBox *a,
                       const MusterBox *b)
{
  g_return_val_if_fail (a != NULL, FALSE);
  g_return_val_if_fail (b != NULL, FALSE);

  return a->x0 <= b->x1 && b->x0 <= a->x1 &&
         a->y0 <= b->y1 && b->y0 <= a->y1;
}

/* Euclidean distance between two boxes, 0 when they intersect. */
static double
box_distance (const MusterBox *a,
              const MusterBox *b)
{
  double dx = MAX (0.0, MAX (a->x0 - b->x1, b->x0 - a->x1));
  double dy = MAX (0.0, MAX (a->y0 - b->y1, b->y0 - a->y1));

  g_assert (a != NULL);
  g_assert (b != NULL);

  return hypot (dx, dy);
}

void
muster_outline_init_circle (MusterOutline *outline,
                            double         x,
                            double         y,
                            double         radius)
{
  g_return_if_fail (outline != NULL);

  memset (outline, 0, sizeof *outline);
  outline->kind = MUSTER_OUTLINE_CIRCLE;
  outline->convex = TRUE;
  outline->n_parts = 1;
  outline->centre = point_make (x, y);
  outline->bounds.x0 = outline->bounds.x1 = x;
  outline->bounds.y0 = outline->bounds.y1 = y;

  g_return_if_fail (isfinite (x) && isfinite (y));
  g_return_if_fail (isfinite (radius) && radius >= 0.0);

  outline->radius = radius;
  outline->bounds.x0 = x - radius;
  outline->bounds.y0 = y - radius;
  outline->bounds.x1 = x + radius;
  outline->bounds.y1 = y + radius;
}

/* Takes ownership of points, which must be convex and counter-clockwise;
 * or, with borrowed, only points at them. */
static void
outline_init_convex_take (MusterOutline *outline,
                          MusterPoint   *points,
                          guint          n_points,
                          MusterPoint    centre,
                          gboolean       borrowed)
{
  g_assert (outline != NULL);
  g_assert (points != NULL);
  g_assert (n_points >= 3);

  memset (outline, 0, sizeof *outline);
  outline->kind = MUSTER_OUTLINE_POLYGON;
  outline->convex = TRUE;
  outline->centre = centre;
  outline->n_points = n_points;
  outline->points = points;
  outline->n_parts = 1;
  outline->parts = NULL;
  outline->borrowed = borrowed;
  bounds_of_points (points, n_points, &outline->bounds);
}

static guint
ellipse_vertex_count (double semi_axis)
{
  double step;
  double n;
  guint count;

  if (semi_axis <= ELLIPSE_MAX_ERROR_MM)
    return ELLIPSE_MIN_VERTICES;

  /* The largest step π / N with semi_axis · (1 − cos (π / N)) below the
   * error bound. */
  step = acos (1.0 - ELLIPSE_MAX_ERROR_MM / semi_axis);
  n = ceil (G_PI / step);

  if (!(n < ELLIPSE_MAX_VERTICES))
    return ELLIPSE_MAX_VERTICES;

  count = (guint) n;
  count = (count + 3) / 4 * 4;

  return CLAMP (count, ELLIPSE_MIN_VERTICES, ELLIPSE_MAX_VERTICES);
}

/**
 * muster_base_outline_points:
 * @base: a base
 *
 * How many points the outline of @base has (see
 * muster_outline_init_base()): 0 for a round base, whose outline is a
 * circle.
 */
guint
muster_base_outline_points (const MusterBase *base)
{
  g_return_val_if_fail (base != NULL, 0);

  switch (base->shape)
    {
    case MUSTER_BASE_RECT:
      return 4;

    case MUSTER_BASE_OVAL:
      return ellipse_vertex_count (MAX (base->width, base->depth) / 2.0);

    case MUSTER_BASE_ROUND:
    default:
      return 0;
    }
}

/* Exact sines for the right angles, so square placements stay square. */
static void
rotation_cos_sin (double  rotation_deg,
                  double *c,
                  double *s)
{
  double angle = fmod (rotation_deg, 360.0);

  if (angle < 0.0)
    angle += 360.0;

  if (angle == 0.0 || angle == 180.0)
    {
      *c = angle == 0.0 ? 1.0 : -1.0;
      *s = 0.0;
    }
  else if (angle == 90.0 || angle == 270.0)
    {
      *c = 0.0;
      *s = angle == 90.0 ? 1.0 : -1.0;
    }
  else
    {
      *c = cos (angle * G_PI / 180.0);
      *s = sin (angle * G_PI / 180.0);
    }
}

/* The n points (muster_base_outline_points()) of a rect or oval base at
 * (x, y), turned by rotation_deg. */
static void
base_points (const MusterBase *base,
             double            x,
             double            y,
             double            rotation_deg,
             MusterPoint      *points,
             guint             n)
{
  double a = base->width / 2.0;
  double b = base->depth / 2.0;
  double c, s;

  if (base->shape == MUSTER_BASE_RECT)
    {
      /* points[0] → points[1] is the front edge (north at rotation 0). */
      g_assert (n == 4);
      points[0] = point_make (-a, -b);
      points[1] = point_make (a, -b);
      points[2] = point_make (a, b);
      points[3] = point_make (-a, b);
    }
  else
    {
      for (guint i = 0; i < n; i++)
        {
          double t = 2.0 * G_PI * i / n;

          /* Exact axis end points. */
          if (i % (n / 4) == 0)
            {
              static const double cs[4][2] = { { 1, 0 }, { 0, 1 }, { -1, 0 }, { 0, -1 } };
              guint q = i / (n / 4);

              points[i] = point_make (a * cs[q][0], b * cs[q][1]);
            }
          else
            points[i] = point_make (a * cos (t), b * sin (t));
        }
    }

  rotation_cos_sin (rotation_deg, &c, &s);
  for (guint i = 0; i < n; i++)
    {
      MusterPoint p = points[i];

      points[i] = point_make (x + p.x * c - p.y * s, y + p.x * s + p.y * c);
    }
}

/* The start of muster_outline_init_base() and _in(): a circle, which is
 * the outline of a round base and, when the base or the place is not
 * valid, something valid to clear. TRUE when the base needs points. */
static gboolean
base_outline_start (MusterOutline    *outline,
                    const MusterBase *base,
                    double            x,
                    double            y,
                    double            rotation_deg)
{
  g_return_val_if_fail (outline != NULL, FALSE);

  muster_outline_init_circle (outline,
                              isfinite (x) ? x : 0.0,
                              isfinite (y) ? y : 0.0,
                              0.0);

  g_return_val_if_fail (base != NULL, FALSE);
  g_return_val_if_fail (isfinite (x) && isfinite (y) && isfinite (rotation_deg), FALSE);
  g_return_val_if_fail (isfinite (base->width) && base->width > 0.0, FALSE);
  g_return_val_if_fail (base->shape == MUSTER_BASE_ROUND ||
                        (isfinite (base->depth) && base->depth > 0.0), FALSE);
  g_return_val_if_fail (base->shape == MUSTER_BASE_ROUND || base->shape == MUSTER_BASE_RECT ||
                        base->shape == MUSTER_BASE_OVAL, FALSE);

  if (base->shape == MUSTER_BASE_ROUND)
    {
      muster_outline_init_circle (outline, x, y, base->width / 2.0);
      return FALSE;
    }

  return TRUE;
}

void
muster_outline_init_base (MusterOutline    *outline,
                          const MusterBase *base,
                          double            x,
                          double            y,
                          double            rotation_deg)
{
  MusterPoint *points;
  guint n;

  if (!base_outline_start (outline, base, x, y, rotation_deg))
    return;

  n = muster_base_outline_points (base);
  points = g_new (MusterPoint, n);
  base_points (base, x, y, rotation_deg, points, n);
  outline_init_convex_take (outline, points, n, point_make (x, y), FALSE);
}

/**
 * muster_outline_init_base_in:
 * @outline: the outline to initialise
 * @base: a base
 * @x: its centre
 * @y: its centre
 * @rotation_deg: its rotation, clockwise
 * @storage: room for muster_base_outline_points() points
 *
 * As muster_outline_init_base(), with the points in @storage: the outline
 * borrows it (muster_outline_clear() leaves it alone, a copy has its
 * own), so that many outlines can share one block of memory.
 */
void
muster_outline_init_base_in (MusterOutline    *outline,
                             const MusterBase *base,
                             double            x,
                             double            y,
                             double            rotation_deg,
                             MusterPoint      *storage)
{
  guint n;

  if (!base_outline_start (outline, base, x, y, rotation_deg))
    return;

  g_return_if_fail (storage != NULL);

  n = muster_base_outline_points (base);
  base_points (base, x, y, rotation_deg, storage, n);
  outline_init_convex_take (outline, storage, n, point_make (x, y), TRUE);
}

static gboolean
set_polygon_error (GError     **error,
                   int          code,
                   const char  *message)
{
  g_set_error_literal (error, MUSTER_GEOMETRY_ERROR, code, message);
  return FALSE;
}

gboolean
muster_outline_init_polygon (MusterOutline      *outline,
                             const MusterPoint  *points,
                             guint               n_points,
                             GError            **error)
{
  g_autofree MusterPoint *pts = NULL;
  guint n = 0;
  guint far_index = 0;
  double far = 0.0;
  double widest = 0.0;
  double area;
  gboolean changed;
  gboolean convex = TRUE;

  g_return_val_if_fail (outline != NULL, FALSE);
  g_return_val_if_fail (points != NULL || n_points == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* Something valid to clear, whatever happens below. */
  muster_outline_init_circle (outline, 0.0, 0.0, 0.0);

  if (n_points < 3)
    return set_polygon_error (error, MUSTER_GEOMETRY_ERROR_TOO_FEW_POINTS,
                              _("A polygon needs at least three points"));

  for (guint i = 0; i < n_points; i++)
    {
      if (!point_is_finite (points[i]))
        return set_polygon_error (error, MUSTER_GEOMETRY_ERROR_DEGENERATE,
                                  _("A polygon point is not a finite number"));
    }

  /* Merge repeated consecutive points (a closing copy of the first point
   * included). */
  pts = g_new (MusterPoint, n_points);
  for (guint i = 0; i < n_points; i++)
    {
      if (n == 0 || point_distance (pts[n - 1], points[i]) > DUPLICATE_POINT_MM)
        pts[n++] = points[i];
    }
  while (n > 1 && point_distance (pts[n - 1], pts[0]) <= DUPLICATE_POINT_MM)
    n--;

  if (n < 3)
    return set_polygon_error (error, MUSTER_GEOMETRY_ERROR_DEGENERATE,
                              _("A polygon has no area"));

  /* All points on one line: no area. */
  for (guint i = 1; i < n; i++)
    {
      double d = point_distance (pts[0], pts[i]);

      if (d > far)
        {
          far = d;
          far_index = i;
        }
    }
  for (guint i = 1; i < n; i++)
    widest = MAX (widest, fabs (cross3 (pts[0], pts[far_index], pts[i])) / far);

  if (widest <= DEGENERATE_WIDTH_MM)
    return set_polygon_error (error, MUSTER_GEOMETRY_ERROR_DEGENERATE,
                              _("A polygon has no area"));

  /* Drop vertices that sit on a straight edge; a vertex where the
   * boundary doubles back on itself is a self-intersection. */
  do
    {
      changed = FALSE;

      for (guint i = 0; i < n && n >= 3; i++)
        {
          MusterPoint a = pts[(i + n - 1) % n];
          MusterPoint b = pts[i];
          MusterPoint c = pts[(i + 1) % n];
          double ux = b.x - a.x, uy = b.y - a.y;
          double vx = c.x - b.x, vy = c.y - b.y;
          double turn = ux * vy - uy * vx;
          double scale = hypot (ux, uy) * hypot (vx, vy);

          if (fabs (turn) <= COLLINEAR_SINE * scale)
            {
              if (ux * vx + uy * vy < 0.0)
                return set_polygon_error (error, MUSTER_GEOMETRY_ERROR_NOT_SIMPLE,
                                          _("A polygon crosses itself"));

              memmove (&pts[i], &pts[i + 1], (n - i - 1) * sizeof (MusterPoint));
              n--;
              changed = TRUE;
              break;
            }
        }
    }
  while (changed && n >= 3);

  if (n < 3)
    return set_polygon_error (error, MUSTER_GEOMETRY_ERROR_DEGENERATE,
                              _("A polygon has no area"));

  /* Simple: no two edges meet except neighbours at their shared vertex
   * (neighbours cannot overlap any more: doubling back was refused). */
  for (guint i = 0; i < n; i++)
    {
      MusterPoint a0 = pts[i];
      MusterPoint a1 = pts[(i + 1) % n];

      for (guint j = i + 2; j < n; j++)
        {
          if (i == 0 && j == n - 1)
            continue;

          if (segments_intersect (a0, a1, pts[j], pts[(j + 1) % n]))
            return set_polygon_error (error, MUSTER_GEOMETRY_ERROR_NOT_SIMPLE,
                                      _("A polygon crosses itself"));
        }
    }

  area = polygon_signed_area (pts, n);
  if (!(fabs (area) > 1e-12))
    return set_polygon_error (error, MUSTER_GEOMETRY_ERROR_DEGENERATE,
                              _("A polygon has no area"));

  if (area < 0.0)
    {
      for (guint i = 0, j = n - 1; i < j; i++, j--)
        {
          MusterPoint t = pts[i];

          pts[i] = pts[j];
          pts[j] = t;
        }
    }

  for (guint i = 0; i < n && convex; i++)
    convex = cross3 (pts[(i + n - 1) % n], pts[i], pts[(i + 1) % n]) > 0.0;

  muster_outline_clear (outline);
  outline->kind = MUSTER_OUTLINE_POLYGON;
  outline->convex = convex;
  outline->centre = polygon_centroid (pts, n);
  outline->radius = 0.0;
  outline->n_points = n;
  bounds_of_points (pts, n, &outline->bounds);

  if (convex)
    {
      outline->n_parts = 1;
      outline->parts = NULL;
    }
  else
    {
      outline->parts = triangulate (pts, n, &outline->n_parts);
    }

  outline->points = g_renew (MusterPoint, g_steal_pointer (&pts), n);

  return TRUE;
}

void
muster_outline_copy (MusterOutline       *dest,
                     const MusterOutline *src)
{
  g_return_if_fail (dest != NULL);
  g_return_if_fail (src != NULL);
  g_return_if_fail (dest != src);

  *dest = *src;
  dest->borrowed = FALSE;

  if (src->points != NULL)
    dest->points = g_memdup2 (src->points, sizeof (MusterPoint) * src->n_points);

  if (src->parts != NULL)
    dest->parts = g_memdup2 (src->parts, sizeof (guint) * 3 * src->n_parts);
}

void
muster_outline_clear (MusterOutline *outline)
{
  g_return_if_fail (outline != NULL);

  if (outline->borrowed)
    outline->points = NULL;
  g_clear_pointer (&outline->points, g_free);
  g_clear_pointer (&outline->parts, g_free);
  outline->borrowed = FALSE;
  outline->n_points = 0;
  outline->n_parts = 0;
}

double
muster_outline_support (const MusterOutline *outline,
                        double               nx,
                        double               ny)
{
  double best;

  g_return_val_if_fail (outline != NULL, 0.0);

  if (outline->kind == MUSTER_OUTLINE_CIRCLE)
    return outline->centre.x * nx + outline->centre.y * ny + outline->radius * hypot (nx, ny);

  g_return_val_if_fail (outline->n_points > 0, 0.0);

  best = -G_MAXDOUBLE;
  for (guint i = 0; i < outline->n_points; i++)
    best = MAX (best, outline->points[i].x * nx + outline->points[i].y * ny);

  return best;
}

double
muster_outline_point_signed_distance (const MusterOutline *outline,
                                      MusterPoint          p)
{
  double d;

  g_return_val_if_fail (outline != NULL, G_MAXDOUBLE);

  if (outline->kind == MUSTER_OUTLINE_CIRCLE)
    return point_distance (outline->centre, p) - outline->radius;

  g_return_val_if_fail (outline->n_points >= 3, G_MAXDOUBLE);

  d = polygon_boundary_distance (outline->points, outline->n_points, p, NULL, NULL);

  if (polygon_contains_crossing (outline->points, outline->n_points, p))
    return -d;

  return d;
}

/* The boundary counts as inside, with MUSTER_EPSILON_MM of slack for
 * rounding. */
gboolean
muster_outline_contains_point (const MusterOutline *outline,
                               MusterPoint          p)
{
  g_return_val_if_fail (outline != NULL, FALSE);

  if (p.x < outline->bounds.x0 - MUSTER_EPSILON_MM ||
      p.x > outline->bounds.x1 + MUSTER_EPSILON_MM ||
      p.y < outline->bounds.y0 - MUSTER_EPSILON_MM ||
      p.y > outline->bounds.y1 + MUSTER_EPSILON_MM)
    return FALSE;

  return muster_outline_point_signed_distance (outline, p) <= MUSTER_EPSILON_MM;
}

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
