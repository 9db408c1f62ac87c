/* test-geometry.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "test-geometry"

#include "config.h"

#include <math.h>

#include "muster-geometry.h"

#define EXACT 1e-9

static MusterPoint
pt (double x,
    double y)
{
  MusterPoint p = { x, y };

  return p;
}

static void
init_rect (MusterOutline *outline,
           double         width,
           double         depth,
           double         x,
           double         y,
           double         rotation)
{
  MusterBase base = { MUSTER_BASE_RECT, width, depth };

  muster_outline_init_base (outline, &base, x, y, rotation);
}

static void
init_polygon (MusterOutline     *outline,
              const MusterPoint *points,
              guint              n_points)
{
  g_autoptr(GError) error = NULL;
  gboolean ok;

  ok = muster_outline_init_polygon (outline, points, n_points, &error);
  g_assert_no_error (error);
  g_assert_true (ok);
}

static double
signed_area (const MusterPoint *points,
             guint              n_points)
{
  double sum = 0.0;

  for (guint i = 0; i < n_points; i++)
    {
      MusterPoint a = points[i];
      MusterPoint b = points[(i + 1) % n_points];

      sum += a.x * b.y - b.x * a.y;
    }

  return sum / 2.0;
}

static double
separation (const MusterOutline *a,
            const MusterOutline *b)
{
  double ab = muster_outline_separation (a, b, NULL, NULL);
  double ba = muster_outline_separation (b, a, NULL, NULL);

  /* Symmetric, always. */
  g_assert_cmpfloat_with_epsilon (ab, ba, EXACT);

  return ab;
}

/* closest_a on a's boundary, closest_b on b's, |closest_a − closest_b| = gap. */
static void
assert_closest_points (const MusterOutline *a,
                       const MusterOutline *b,
                       double               expected_gap)
{
  MusterPoint ca, cb;
  double sep = muster_outline_separation (a, b, &ca, &cb);

  g_assert_cmpfloat_with_epsilon (sep, expected_gap, EXACT);
  g_assert_cmpfloat (sep, >, 0.0);
  g_assert_cmpfloat_with_epsilon (hypot (ca.x - cb.x, ca.y - cb.y), sep, EXACT);
  g_assert_cmpfloat_with_epsilon (muster_outline_point_signed_distance (a, ca), 0.0, EXACT);
  g_assert_cmpfloat_with_epsilon (muster_outline_point_signed_distance (b, cb), 0.0, EXACT);
}

/* For convex outlines, moving b by closest_a − closest_b must leave them
 * exactly touching: the witnesses describe the minimum translation. */
static void
assert_minimum_translation (const MusterOutline *a,
                            const MusterOutline *b,
                            double               expected_sep)
{
  MusterOutline moved;
  MusterPoint ca, cb;
  double sep = muster_outline_separation (a, b, &ca, &cb);
  double dx = ca.x - cb.x;
  double dy = ca.y - cb.y;

  g_assert_cmpfloat_with_epsilon (sep, expected_sep, EXACT);
  g_assert_cmpfloat (sep, <=, 0.0);
  g_assert_cmpfloat_with_epsilon (hypot (dx, dy), -sep, EXACT);

  muster_outline_copy (&moved, b);
  moved.centre.x += dx;
  moved.centre.y += dy;
  for (guint i = 0; i < moved.n_points; i++)
    {
      moved.points[i].x += dx;
      moved.points[i].y += dy;
    }
  moved.bounds.x0 += dx;
  moved.bounds.x1 += dx;
  moved.bounds.y0 += dy;
  moved.bounds.y1 += dy;

  g_assert_cmpfloat_with_epsilon (muster_outline_separation (a, &moved, NULL, NULL), 0.0, 1e-7);
  muster_outline_clear (&moved);
}

static void
test_box (void)
{
  MusterBox a = { 0, 0, 10, 10 };
  MusterBox b = { 10, 5, 20, 6 };
  MusterBox c = { 10.5, 0, 11, 1 };
  MusterBox u = a;

  g_assert_true (muster_box_intersects (&a, &b));   /* touching counts */
  g_assert_true (muster_box_intersects (&b, &a));
  g_assert_false (muster_box_intersects (&a, &c));

  muster_box_union (&u, &c);
  g_assert_cmpfloat (u.x0, ==, 0);
  g_assert_cmpfloat (u.y0, ==, 0);
  g_assert_cmpfloat (u.x1, ==, 11);
  g_assert_cmpfloat (u.y1, ==, 10);

  muster_box_expand (&a, 0.5);
  g_assert_cmpfloat (a.x0, ==, -0.5);
  g_assert_cmpfloat (a.y1, ==, 10.5);
  g_assert_true (muster_box_intersects (&a, &c));
}

static void
test_circle_circle (void)
{
  MusterBase round25 = { MUSTER_BASE_ROUND, 25, 25 };
  MusterOutline a, b;
  MusterPoint ca, cb;

  muster_outline_init_base (&a, &round25, 100, 100, 37);
  g_assert_cmpint (a.kind, ==, MUSTER_OUTLINE_CIRCLE);
  g_assert_cmpfloat (a.radius, ==, 12.5);
  g_assert_true (a.convex);
  g_assert_cmpuint (a.n_parts, ==, 1);
  g_assert_cmpfloat (a.bounds.x0, ==, 87.5);
  g_assert_cmpfloat (a.bounds.y1, ==, 112.5);

  /* Exactly touching. */
  muster_outline_init_circle (&b, 125, 100, 12.5);
  g_assert_cmpfloat (separation (&a, &b), ==, 0.0);
  g_assert_cmpint (muster_contact_classify (separation (&a, &b), MUSTER_DEFAULT_TOLERANCE_MM), ==,
                   MUSTER_CONTACT_TOUCHING);
  g_assert_cmpint (muster_contact_classify (separation (&a, &b), 0.0), ==, MUSTER_CONTACT_TOUCHING);
  muster_outline_separation (&a, &b, &ca, &cb);
  g_assert_cmpfloat_with_epsilon (ca.x, 112.5, EXACT);
  g_assert_cmpfloat_with_epsilon (cb.x, 112.5, EXACT);
  muster_outline_clear (&b);

  /* 1 mm apart, diagonally. */
  muster_outline_init_circle (&b, 100 + 26 / sqrt (2), 100 + 26 / sqrt (2), 12.5);
  g_assert_cmpfloat_with_epsilon (separation (&a, &b), 1.0, EXACT);
  g_assert_cmpint (muster_contact_classify (1.0, MUSTER_DEFAULT_TOLERANCE_MM), ==,
                   MUSTER_CONTACT_APART);
  assert_closest_points (&a, &b, 1.0);
  muster_outline_separation (&a, &b, &ca, &cb);
  g_assert_cmpfloat_with_epsilon (ca.x, 100 + 12.5 / sqrt (2), EXACT);
  g_assert_cmpfloat_with_epsilon (cb.y, 100 + 13.5 / sqrt (2), EXACT);
  muster_outline_clear (&b);

  /* Overlapping by 2 mm. */
  muster_outline_init_circle (&b, 100, 123, 12.5);
  g_assert_cmpfloat_with_epsilon (separation (&a, &b), -2.0, EXACT);
  assert_minimum_translation (&a, &b, -2.0);
  g_assert_cmpint (muster_contact_classify (-2.0, MUSTER_DEFAULT_TOLERANCE_MM), ==,
                   MUSTER_CONTACT_OVERLAP);
  muster_outline_clear (&b);

  /* Concentric: containment is intersection; r1 + r2 to separate. */
  muster_outline_init_circle (&b, 100, 100, 5);
  g_assert_cmpfloat_with_epsilon (separation (&a, &b), -17.5, EXACT);
  assert_minimum_translation (&a, &b, -17.5);
  muster_outline_clear (&b);

  /* Small circle inside, off centre. */
  muster_outline_init_circle (&b, 105, 100, 2);
  g_assert_cmpfloat_with_epsilon (separation (&a, &b), -(12.5 + 2 - 5), EXACT);
  muster_outline_clear (&b);

  muster_outline_clear (&a);
}

static void
test_classify (void)
{
  double tol = MUSTER_DEFAULT_TOLERANCE_MM;

  g_assert_cmpint (muster_contact_classify (10, tol), ==, MUSTER_CONTACT_APART);
  g_assert_cmpint (muster_contact_classify (0.5000001, tol), ==, MUSTER_CONTACT_APART);
  g_assert_cmpint (muster_contact_classify (0.5, tol), ==, MUSTER_CONTACT_TOUCHING);
  g_assert_cmpint (muster_contact_classify (0.0, tol), ==, MUSTER_CONTACT_TOUCHING);
  g_assert_cmpint (muster_contact_classify (-0.5, tol), ==, MUSTER_CONTACT_TOUCHING);
  g_assert_cmpint (muster_contact_classify (-0.5000001, tol), ==, MUSTER_CONTACT_OVERLAP);
  g_assert_cmpint (muster_contact_classify (1e-12, 0.0), ==, MUSTER_CONTACT_APART);
  g_assert_cmpint (muster_contact_classify (-1e-12, 0.0), ==, MUSTER_CONTACT_OVERLAP);
}

static void
test_rect_orientation (void)
{
  MusterOutline r;
  double expected_x[4] = { -50, 50, 50, -50 };
  double expected_y[4] = { -40, -40, 40, 40 };

  /* Rotation 0: width along x, points[0] → points[1] the north edge. */
  init_rect (&r, 100, 80, 200, 300, 0);
  g_assert_cmpint (r.kind, ==, MUSTER_OUTLINE_POLYGON);
  g_assert_true (r.convex);
  g_assert_cmpuint (r.n_points, ==, 4);
  g_assert_cmpuint (r.n_parts, ==, 1);
  g_assert_null (r.parts);
  for (guint i = 0; i < 4; i++)
    {
      g_assert_cmpfloat (r.points[i].x, ==, 200 + expected_x[i]);
      g_assert_cmpfloat (r.points[i].y, ==, 300 + expected_y[i]);
    }
  g_assert_cmpfloat (signed_area (r.points, r.n_points), >, 0);
  g_assert_cmpfloat (r.centre.x, ==, 200);
  g_assert_cmpfloat (r.centre.y, ==, 300);
  g_assert_cmpfloat (r.bounds.x0, ==, 150);
  g_assert_cmpfloat (r.bounds.x1, ==, 250);
  g_assert_cmpfloat (r.bounds.y0, ==, 260);
  g_assert_cmpfloat (r.bounds.y1, ==, 340);
  muster_outline_clear (&r);

  /* Rotation 90 (clockwise, y down): width runs along y, exactly. */
  init_rect (&r, 100, 80, 200, 300, 90);
  g_assert_cmpfloat (r.bounds.x0, ==, 160);
  g_assert_cmpfloat (r.bounds.x1, ==, 240);
  g_assert_cmpfloat (r.bounds.y0, ==, 250);
  g_assert_cmpfloat (r.bounds.y1, ==, 350);
  g_assert_cmpfloat (signed_area (r.points, r.n_points), >, 0);
  muster_outline_clear (&r);

  /* -270 is 90. */
  init_rect (&r, 100, 80, 200, 300, -270);
  g_assert_cmpfloat (r.bounds.x0, ==, 160);
  g_assert_cmpfloat (r.bounds.y1, ==, 350);
  muster_outline_clear (&r);

  /* Rotation 30: the width axis becomes (cos 30°, sin 30°). */
  init_rect (&r, 100, 80, 0, 0, 30);
  g_assert_cmpfloat_with_epsilon (r.points[1].x - r.points[0].x, 100 * cos (G_PI / 6), EXACT);
  g_assert_cmpfloat_with_epsilon (r.points[1].y - r.points[0].y, 100 * sin (G_PI / 6), EXACT);
  g_assert_cmpfloat_with_epsilon (signed_area (r.points, r.n_points), 8000, 1e-6);
  muster_outline_clear (&r);
}

static void
test_rect_rect (void)
{
  MusterOutline a, b;

  init_rect (&a, 100, 80, 0, 0, 0);

  /* Edge to edge, exactly touching. */
  init_rect (&b, 20, 20, 60, 0, 0);
  g_assert_cmpfloat (separation (&a, &b), ==, 0.0);
  muster_outline_clear (&b);

  /* 1 mm apart. */
  init_rect (&b, 20, 20, 61, 10, 0);
  g_assert_cmpfloat_with_epsilon (separation (&a, &b), 1.0, EXACT);
  assert_closest_points (&a, &b, 1.0);
  muster_outline_clear (&b);

  /* Corner to corner, 3-4-5 apart. */
  init_rect (&b, 20, 20, 50 + 3 + 10, 40 + 4 + 10, 0);
  g_assert_cmpfloat_with_epsilon (separation (&a, &b), 5.0, EXACT);
  assert_closest_points (&a, &b, 5.0);
  muster_outline_clear (&b);

  /* Overlapping by 3 mm across the east edge. */
  init_rect (&b, 20, 20, 57, 5, 0);
  g_assert_cmpfloat_with_epsilon (separation (&a, &b), -3.0, EXACT);
  assert_minimum_translation (&a, &b, -3.0);
  muster_outline_clear (&b);

  /* Contained: the small rect spans x 22..42, y −10..10; the shortest
   * way out is east, 50 − 22 = 28 (west 92, north and south 50). */
  init_rect (&b, 20, 20, 32, 0, 0);
  g_assert_cmpfloat_with_epsilon (separation (&a, &b), -(50 - 22), EXACT);
  assert_minimum_translation (&a, &b, -28.0);
  muster_outline_clear (&b);

  muster_outline_clear (&a);
}

static void
test_rotated_corner (void)
{
  double h = 10 * sqrt (2);   /* half diagonal of a 20 mm square */
  MusterPoint ca, cb;
  MusterOutline a, b;

  init_rect (&a, 20, 20, 0, 0, 45);

  /* Corner to corner: (h, 0) meets (2h − h, 0). */
  init_rect (&b, 20, 20, 2 * h, 0, 45);
  g_assert_cmpfloat_with_epsilon (separation (&a, &b), 0.0, EXACT);
  g_assert_cmpint (muster_contact_classify (separation (&a, &b), MUSTER_DEFAULT_TOLERANCE_MM), ==,
                   MUSTER_CONTACT_TOUCHING);
  muster_outline_clear (&b);

  /* 1 mm apart, corner to corner: the gap is between the two corners. */
  init_rect (&b, 20, 20, 2 * h + 1, 0, 45);
  g_assert_cmpfloat_with_epsilon (separation (&a, &b), 1.0, EXACT);
  assert_closest_points (&a, &b, 1.0);
  muster_outline_separation (&a, &b, &ca, &cb);
  g_assert_cmpfloat_with_epsilon (ca.x, h, EXACT);
  g_assert_cmpfloat_with_epsilon (ca.y, 0, EXACT);
  g_assert_cmpfloat_with_epsilon (cb.x, h + 1, EXACT);
  g_assert_cmpfloat_with_epsilon (cb.y, 0, EXACT);
  muster_outline_clear (&b);

  /* Corners 1 mm into each other: the overlap is a small square with a
   * 1 mm diagonal, so the way out is along a face normal: 1/√2. */
  init_rect (&b, 20, 20, 2 * h - 1, 0, 45);
  g_assert_cmpfloat_with_epsilon (separation (&a, &b), -1 / sqrt (2), EXACT);
  assert_minimum_translation (&a, &b, -1 / sqrt (2));
  g_assert_cmpint (muster_contact_classify (separation (&a, &b), MUSTER_DEFAULT_TOLERANCE_MM), ==,
                   MUSTER_CONTACT_OVERLAP);
  muster_outline_clear (&b);

  /* A 45° square against an axis-aligned one, corner on face. */
  init_rect (&b, 20, 20, h + 10, 0, 0);
  g_assert_cmpfloat_with_epsilon (separation (&a, &b), 0.0, EXACT);
  muster_outline_clear (&b);
  init_rect (&b, 20, 20, h + 10.25, 3, 360 + 720);
  g_assert_cmpfloat_with_epsilon (separation (&a, &b), 0.25, EXACT);
  assert_closest_points (&a, &b, 0.25);
  muster_outline_clear (&b);

  muster_outline_clear (&a);
}

static void
test_circle_rect (void)
{
  MusterBase round40 = { MUSTER_BASE_ROUND, 40, 40 };
  MusterOutline r, c;

  init_rect (&r, 100, 80, 0, 0, 0);

  /* Tangent to the east edge. */
  muster_outline_init_base (&c, &round40, 70, 10, 0);
  g_assert_cmpfloat (separation (&r, &c), ==, 0.0);
  muster_outline_clear (&c);

  /* Off the north-east corner by 3-4-5 plus the radius. */
  muster_outline_init_circle (&c, 50 + 3 * 5, -40 - 4 * 5, 20);
  g_assert_cmpfloat_with_epsilon (separation (&r, &c), 5.0, EXACT);
  assert_closest_points (&r, &c, 5.0);
  assert_closest_points (&c, &r, 5.0);
  muster_outline_clear (&c);

  /* Crossing the south edge by 1.5 mm. */
  muster_outline_init_circle (&c, 0, 40 + 18.5, 20);
  g_assert_cmpfloat_with_epsilon (separation (&r, &c), -1.5, EXACT);
  assert_minimum_translation (&r, &c, -1.5);
  assert_minimum_translation (&c, &r, -1.5);
  muster_outline_clear (&c);

  /* Rect containing circle: out through the nearest (west) edge. */
  muster_outline_init_circle (&c, -25, 0, 20);
  g_assert_cmpfloat_with_epsilon (separation (&r, &c), -(25 + 20), EXACT);
  assert_minimum_translation (&r, &c, -45);
  g_assert_true (muster_outline_within (&c, &r, TRUE));
  muster_outline_clear (&c);

  /* Centre exactly on the boundary. */
  muster_outline_init_circle (&c, 50, 0, 2);
  g_assert_cmpfloat_with_epsilon (separation (&r, &c), -2, EXACT);
  muster_outline_clear (&c);

  /* Circle containing the rect. */
  muster_outline_init_circle (&c, 0, 0, 100);
  g_assert_cmpfloat (separation (&r, &c), <, -100);
  g_assert_true (muster_outline_within (&r, &c, TRUE));
  muster_outline_clear (&c);

  muster_outline_clear (&r);

  /* A rotated rect touching a circle at its corner. */
  init_rect (&r, 20, 20, 0, 0, 45);
  muster_outline_init_circle (&c, 0, -10 * sqrt (2) - 5, 5);
  g_assert_cmpfloat_with_epsilon (separation (&r, &c), 0.0, EXACT);
  muster_outline_clear (&c);
  muster_outline_clear (&r);
}

static const MusterPoint l_shape[] = {
  { 0, 0 }, { 100, 0 }, { 100, 40 }, { 40, 40 }, { 40, 100 }, { 0, 100 },
};

static void
test_l_shape (void)
{
  MusterOutline l, c, r;
  double area = 0.0;

  init_polygon (&l, l_shape, G_N_ELEMENTS (l_shape));
  g_assert_false (l.convex);
  g_assert_cmpuint (l.n_points, ==, 6);
  g_assert_cmpuint (l.n_parts, ==, 4);
  g_assert_nonnull (l.parts);
  g_assert_cmpfloat (signed_area (l.points, l.n_points), ==, 100 * 40 + 40 * 60);

  /* The triangles are counter-clockwise and tile the polygon. */
  for (guint i = 0; i < l.n_parts; i++)
    {
      MusterPoint tri[3];
      double a;

      for (guint k = 0; k < 3; k++)
        {
          g_assert_cmpuint (l.parts[3 * i + k], <, l.n_points);
          tri[k] = l.points[l.parts[3 * i + k]];
        }

      a = signed_area (tri, 3);
      g_assert_cmpfloat (a, >, 0);
      area += a;
    }
  g_assert_cmpfloat_with_epsilon (area, 6400, EXACT);

  /* Centroid: (4000·(50, 20) + 2400·(20, 70)) / 6400. */
  g_assert_cmpfloat_with_epsilon (l.centre.x, (4000 * 50 + 2400 * 20) / 6400.0, EXACT);
  g_assert_cmpfloat_with_epsilon (l.centre.y, (4000 * 20 + 2400 * 70) / 6400.0, EXACT);

  /* A circle in the notch: inside the bounds, but apart, 5 mm from both
   * inner edges. */
  muster_outline_init_circle (&c, 65, 65, 20);
  g_assert_true (muster_box_intersects (&l.bounds, &c.bounds));
  g_assert_false (muster_outline_contains_point (&l, c.centre));
  g_assert_cmpfloat_with_epsilon (separation (&l, &c), 5.0, EXACT);
  assert_closest_points (&l, &c, 5.0);
  g_assert_cmpint (muster_contact_classify (separation (&l, &c), MUSTER_DEFAULT_TOLERANCE_MM), ==,
                   MUSTER_CONTACT_APART);
  muster_outline_clear (&c);

  /* Tangent to both inner edges. */
  muster_outline_init_circle (&c, 60, 60, 20);
  g_assert_cmpfloat_with_epsilon (separation (&l, &c), 0.0, EXACT);
  muster_outline_clear (&c);

  /* Nearer the reflex corner: the corner is 19 mm from the centre. */
  muster_outline_init_circle (&c, 40 + 19 / sqrt (2), 40 + 19 / sqrt (2), 20);
  g_assert_cmpfloat (separation (&l, &c), <, 0.0);
  muster_outline_clear (&c);

  /* Inside one leg: containment is overlap. The true depth is 15 + 10
   * (the nearest edge, x = 0, is 15 away); through the triangles it is
   * at least the radius and never more than the truth. */
  muster_outline_init_circle (&c, 15, 70, 10);
  g_assert_cmpfloat (separation (&l, &c), <=, -10);
  g_assert_cmpfloat (separation (&l, &c), >=, -(15 + 10) - EXACT);
  g_assert_true (muster_outline_within (&c, &l, TRUE));
  muster_outline_clear (&c);

  /* A rect poking 2 mm into the notch's vertical edge. */
  init_rect (&r, 20, 20, 40 + 10 - 2, 70, 0);
  g_assert_cmpfloat_with_epsilon (separation (&l, &r), -2.0, EXACT);
  muster_outline_clear (&r);

  /* A rect in the notch, 3 mm from the vertical inner edge and 4 mm from
   * the horizontal one. */
  init_rect (&r, 20, 20, 40 + 10 + 3, 40 + 10 + 4, 0);
  g_assert_cmpfloat_with_epsilon (separation (&l, &r), 3.0, EXACT);
  assert_closest_points (&l, &r, 3.0);
  muster_outline_clear (&r);

  /* Two nested L shapes (one turned half round), their nearest corners
   * (40, 100)–(42, 102) and (100, 40)–(102, 42) 2√2 apart. */
  {
    MusterPoint other[G_N_ELEMENTS (l_shape)];
    MusterOutline l2;

    for (guint i = 0; i < G_N_ELEMENTS (l_shape); i++)
      other[i] = pt (142 - l_shape[i].x, 142 - l_shape[i].y);

    init_polygon (&l2, other, G_N_ELEMENTS (other));
    g_assert_false (l2.convex);
    g_assert_cmpfloat_with_epsilon (separation (&l, &l2), 2 * sqrt (2), EXACT);
    assert_closest_points (&l, &l2, 2 * sqrt (2));
    muster_outline_clear (&l2);

    /* Pushed together, each arm's end 3 mm into the other's. */
    for (guint i = 0; i < G_N_ELEMENTS (l_shape); i++)
      other[i] = pt (137 - l_shape[i].x, 137 - l_shape[i].y);
    init_polygon (&l2, other, G_N_ELEMENTS (other));
    g_assert_cmpfloat (separation (&l, &l2), <, 0);
    muster_outline_clear (&l2);
  }

  muster_outline_clear (&l);
}

static void
test_polygon_normalise (void)
{
  const MusterPoint clockwise[] = { { 0, 0 }, { 0, 10 }, { 10, 10 }, { 10, 0 } };
  const MusterPoint closed[] = { { 0, 0 }, { 10, 0 }, { 10, 10 }, { 0, 10 }, { 0, 0 } };
  const MusterPoint collinear[] = { { 0, 0 }, { 5, 0 }, { 10, 0 }, { 10, 10 }, { 0, 10 } };
  const MusterPoint big[] = { { 1e6, 1e6 }, { 1e6 + 3, 1e6 }, { 1e6, 1e6 + 4 } };
  MusterOutline o;

  init_polygon (&o, clockwise, G_N_ELEMENTS (clockwise));
  g_assert_cmpuint (o.n_points, ==, 4);
  g_assert_true (o.convex);
  g_assert_cmpuint (o.n_parts, ==, 1);
  g_assert_null (o.parts);
  g_assert_cmpfloat (signed_area (o.points, o.n_points), ==, 100);
  g_assert_cmpfloat (o.centre.x, ==, 5);
  g_assert_cmpfloat (o.centre.y, ==, 5);
  muster_outline_clear (&o);

  init_polygon (&o, closed, G_N_ELEMENTS (closed));
  g_assert_cmpuint (o.n_points, ==, 4);
  muster_outline_clear (&o);

  init_polygon (&o, collinear, G_N_ELEMENTS (collinear));
  g_assert_cmpuint (o.n_points, ==, 4);
  g_assert_true (o.convex);
  muster_outline_clear (&o);

  init_polygon (&o, big, G_N_ELEMENTS (big));
  g_assert_cmpfloat_with_epsilon (signed_area (o.points, o.n_points), 6, 1e-3);
  g_assert_cmpfloat_with_epsilon (o.centre.x, 1e6 + 1, 1e-9);
  g_assert_cmpfloat_with_epsilon (o.centre.y, 1e6 + 4 / 3.0, 1e-9);
  muster_outline_clear (&o);

  /* Clearing twice is harmless. */
  muster_outline_clear (&o);
}

static void
assert_polygon_error (const MusterPoint *points,
                      guint              n_points,
                      int                code)
{
  g_autoptr(GError) error = NULL;
  MusterOutline o;

  g_assert_false (muster_outline_init_polygon (&o, points, n_points, &error));
  g_assert_error (error, MUSTER_GEOMETRY_ERROR, code);
  g_assert_nonnull (error->message);
  muster_outline_clear (&o);
}

static void
test_polygon_errors (void)
{
  const MusterPoint two[] = { { 0, 0 }, { 1, 1 } };
  const MusterPoint bowtie[] = { { 0, 0 }, { 10, 10 }, { 10, 0 }, { 0, 10 } };
  const MusterPoint line[] = { { 0, 0 }, { 1, 1 }, { 2, 2 } };
  const MusterPoint line_back[] = { { 0, 0 }, { 2, 0 }, { 1, 0 } };
  const MusterPoint same[] = { { 3, 3 }, { 3, 3 }, { 3, 3 }, { 3, 3 } };
  const MusterPoint nan_point[] = { { 0, 0 }, { NAN, 0 }, { 0, 1 } };
  const MusterPoint inf_point[] = { { 0, 0 }, { 1, 0 }, { 0, INFINITY } };
  const MusterPoint touching[] = {   /* vertex (10, 5) lies on an edge */
    { 0, 0 }, { 20, 0 }, { 20, 10 }, { 10, 5 }, { 10, 10 }, { 10, 5 }, { 0, 10 },
  };
  const MusterPoint spike[] = { { 0, 0 }, { 10, 0 }, { 10, 10 }, { 10, 20 }, { 10, 5 }, { 0, 10 } };
  const MusterPoint star[] = {   /* a pentagram drawn in one stroke */
    { 0, -10 }, { 5.9, 8.1 }, { -9.5, -3.1 }, { 9.5, -3.1 }, { -5.9, 8.1 },
  };
  const MusterPoint revisit[] = {   /* two squares sharing a corner */
    { 0, 0 }, { 10, 0 }, { 10, 10 }, { 20, 10 }, { 20, 20 }, { 10, 20 }, { 10, 10 }, { 0, 10 },
  };

  assert_polygon_error (NULL, 0, MUSTER_GEOMETRY_ERROR_TOO_FEW_POINTS);
  assert_polygon_error (two, G_N_ELEMENTS (two), MUSTER_GEOMETRY_ERROR_TOO_FEW_POINTS);
  assert_polygon_error (bowtie, G_N_ELEMENTS (bowtie), MUSTER_GEOMETRY_ERROR_NOT_SIMPLE);
  assert_polygon_error (star, G_N_ELEMENTS (star), MUSTER_GEOMETRY_ERROR_NOT_SIMPLE);
  assert_polygon_error (touching, G_N_ELEMENTS (touching), MUSTER_GEOMETRY_ERROR_NOT_SIMPLE);
  assert_polygon_error (spike, G_N_ELEMENTS (spike), MUSTER_GEOMETRY_ERROR_NOT_SIMPLE);
  assert_polygon_error (revisit, G_N_ELEMENTS (revisit), MUSTER_GEOMETRY_ERROR_NOT_SIMPLE);
  assert_polygon_error (line, G_N_ELEMENTS (line), MUSTER_GEOMETRY_ERROR_DEGENERATE);
  assert_polygon_error (line_back, G_N_ELEMENTS (line_back), MUSTER_GEOMETRY_ERROR_DEGENERATE);
  assert_polygon_error (same, G_N_ELEMENTS (same), MUSTER_GEOMETRY_ERROR_DEGENERATE);
  assert_polygon_error (nan_point, G_N_ELEMENTS (nan_point), MUSTER_GEOMETRY_ERROR_DEGENERATE);
  assert_polygon_error (inf_point, G_N_ELEMENTS (inf_point), MUSTER_GEOMETRY_ERROR_DEGENERATE);
}

static void
test_triangulate_comb (void)
{
  /* A comb: many reflex vertices, ear clipping must still tile it. */
  g_autoptr(GArray) points = g_array_new (FALSE, FALSE, sizeof (MusterPoint));
  MusterOutline comb, c, r;
  double area = 0.0;
  guint teeth = 12;

  for (guint i = 0; i < teeth; i++)
    {
      MusterPoint p[4] = {
        { i * 10.0, 0 }, { i * 10.0 + 5, 0 }, { i * 10.0 + 5, 50 }, { i * 10.0 + 10, 50 },
      };

      g_array_append_vals (points, p, 4);
    }
  g_array_append_val (points, ((MusterPoint) { teeth * 10.0, 60 }));
  g_array_append_val (points, ((MusterPoint) { 0, 60 }));

  init_polygon (&comb, (const MusterPoint *) (gpointer) points->data, points->len);
  g_assert_false (comb.convex);
  g_assert_cmpuint (comb.n_parts, ==, comb.n_points - 2);

  for (guint i = 0; i < comb.n_parts; i++)
    {
      MusterPoint tri[3];

      for (guint k = 0; k < 3; k++)
        tri[k] = comb.points[comb.parts[3 * i + k]];

      g_assert_cmpfloat (signed_area (tri, 3), >, 0);
      area += signed_area (tri, 3);
    }
  g_assert_cmpfloat_with_epsilon (area, signed_area (comb.points, comb.n_points), 1e-6);

  /* A circle in a gap between teeth: 0.5 mm from each side. */
  muster_outline_init_circle (&c, 7.5 + 10 * 5, 20, 2);
  g_assert_cmpfloat_with_epsilon (separation (&comb, &c), 0.5, EXACT);
  muster_outline_clear (&c);

  /* A circle inside a tooth, and one across a tooth's side. */
  muster_outline_init_circle (&c, 12.5, 30, 1);
  g_assert_true (muster_outline_within (&c, &comb, TRUE));
  g_assert_cmpfloat (separation (&comb, &c), <=, -1);
  muster_outline_clear (&c);
  muster_outline_init_circle (&c, 15, 30, 1);
  g_assert_false (muster_outline_within (&c, &comb, FALSE));
  g_assert_cmpfloat_with_epsilon (separation (&comb, &c), -1, EXACT);
  muster_outline_clear (&c);

  /* A rect bridging two teeth across a gap is not within. */
  init_rect (&r, 12, 4, 57.5, 20, 0);
  g_assert_false (muster_outline_within (&r, &comb, FALSE));
  muster_outline_clear (&r);
  init_rect (&r, 12, 4, 57.5, 53, 0);
  g_assert_true (muster_outline_within (&r, &comb, TRUE));
  muster_outline_clear (&r);

  muster_outline_clear (&comb);
}

static void
test_contains_point (void)
{
  MusterOutline l, r, c;

  init_polygon (&l, l_shape, G_N_ELEMENTS (l_shape));
  g_assert_true (muster_outline_contains_point (&l, pt (10, 10)));
  g_assert_true (muster_outline_contains_point (&l, pt (0, 0)));      /* vertex */
  g_assert_true (muster_outline_contains_point (&l, pt (40, 70)));    /* inner edge */
  g_assert_true (muster_outline_contains_point (&l, pt (40, 40)));    /* reflex vertex */
  g_assert_true (muster_outline_contains_point (&l, pt (70, 40)));
  g_assert_false (muster_outline_contains_point (&l, pt (41, 41)));
  g_assert_false (muster_outline_contains_point (&l, pt (-0.001, 50)));
  g_assert_false (muster_outline_contains_point (&l, pt (100.001, 20)));
  g_assert_cmpfloat_with_epsilon (muster_outline_point_signed_distance (&l, pt (10, 50)),
                                  -10, EXACT);
  g_assert_cmpfloat_with_epsilon (muster_outline_point_signed_distance (&l, pt (43, 44)), 3, EXACT);
  g_assert_cmpfloat_with_epsilon (muster_outline_point_signed_distance (&l, pt (103, 44)),
                                  5, EXACT);
  muster_outline_clear (&l);

  init_rect (&r, 20, 20, 0, 0, 45);
  g_assert_true (muster_outline_contains_point (&r, pt (10 * sqrt (2), 0)));
  g_assert_true (muster_outline_contains_point (&r, pt (7, 7)));
  g_assert_false (muster_outline_contains_point (&r, pt (7.1, 7.1)));
  muster_outline_clear (&r);

  muster_outline_init_circle (&c, 0, 0, 5);
  g_assert_true (muster_outline_contains_point (&c, pt (3, 4)));
  g_assert_true (muster_outline_contains_point (&c, pt (5 * cos (1), 5 * sin (1))));
  g_assert_false (muster_outline_contains_point (&c, pt (3, 4.001)));
  g_assert_cmpfloat_with_epsilon (muster_outline_point_signed_distance (&c, pt (0, 0)), -5, EXACT);
  g_assert_cmpfloat_with_epsilon (muster_outline_point_signed_distance (&c, pt (6, 8)), 5, EXACT);
  muster_outline_clear (&c);
}

static void
test_support (void)
{
  MusterOutline r, c;

  init_rect (&r, 100, 80, 10, 20, 0);
  g_assert_cmpfloat (muster_outline_support (&r, 1, 0), ==, 60);
  g_assert_cmpfloat (muster_outline_support (&r, -1, 0), ==, 40);
  g_assert_cmpfloat (muster_outline_support (&r, 0, 2), ==, 120);
  g_assert_cmpfloat (muster_outline_support (&r, 1, 1), ==, 60 + 60);
  muster_outline_clear (&r);

  muster_outline_init_circle (&c, 10, 20, 5);
  g_assert_cmpfloat_with_epsilon (muster_outline_support (&c, 1, 0), 15, EXACT);
  g_assert_cmpfloat_with_epsilon (muster_outline_support (&c, 0, -3), -60 + 15, EXACT);
  g_assert_cmpfloat_with_epsilon (muster_outline_support (&c, 3, 4), 30 + 80 + 25, EXACT);
  muster_outline_clear (&c);
}

static void
test_copy (void)
{
  MusterOutline l, copy;

  init_polygon (&l, l_shape, G_N_ELEMENTS (l_shape));
  muster_outline_copy (&copy, &l);
  g_assert_true (copy.points != l.points);
  g_assert_true (copy.parts != l.parts);
  g_assert_cmpuint (copy.n_points, ==, l.n_points);
  g_assert_cmpuint (copy.n_parts, ==, l.n_parts);
  g_assert_cmpmem (copy.points, sizeof (MusterPoint) * copy.n_points,
                   l.points, sizeof (MusterPoint) * l.n_points);
  g_assert_cmpmem (copy.parts, sizeof (guint) * 3 * copy.n_parts,
                   l.parts, sizeof (guint) * 3 * l.n_parts);
  muster_outline_clear (&l);
  g_assert_null (l.points);
  g_assert_null (l.parts);

  /* The copy stands alone. */
  g_assert_cmpfloat (copy.points[3].x, ==, 40);
  muster_outline_clear (&copy);
}

/* An outline in borrowed storage is the outline the base gets on its
 * own; clearing it leaves the storage alone, and a copy owns its
 * points. */
static void
test_base_in_storage (void)
{
  const MusterBase bases[] = {
    { MUSTER_BASE_RECT, 100, 50 },
    { MUSTER_BASE_OVAL, 120, 95 },
    { MUSTER_BASE_ROUND, 40, 40 },
  };
  const double rotations[] = { 0, 90, 33.3, -180 };

  for (guint b = 0; b < G_N_ELEMENTS (bases); b++)
    {
      for (guint r = 0; r < G_N_ELEMENTS (rotations); r++)
        {
          guint n = muster_base_outline_points (&bases[b]);
          g_autofree MusterPoint *storage = g_new0 (MusterPoint, MAX (n, 1));
          MusterOutline own, borrowed, copy;

          muster_outline_init_base (&own, &bases[b], 300, -20, rotations[r]);
          muster_outline_init_base_in (&borrowed, &bases[b], 300, -20, rotations[r], storage);

          g_assert_cmpuint (n, ==, own.n_points);
          g_assert_cmpint (borrowed.kind, ==, own.kind);
          g_assert_cmpuint (borrowed.n_points, ==, own.n_points);
          g_assert_cmpfloat (borrowed.radius, ==, own.radius);
          g_assert_cmpmem (&borrowed.bounds, sizeof (MusterBox), &own.bounds, sizeof (MusterBox));
          if (n > 0)
            {
              g_assert_true (borrowed.points == storage);
              g_assert_cmpmem (storage, n * sizeof (MusterPoint), own.points, n * sizeof (MusterPoint));
            }

          muster_outline_copy (&copy, &borrowed);
          g_assert_true (n == 0 || copy.points != storage);
          muster_outline_clear (&borrowed);
          g_assert_null (borrowed.points);
          if (n > 0)
            g_assert_cmpmem (storage, n * sizeof (MusterPoint), own.points, n * sizeof (MusterPoint));
          muster_outline_clear (&copy);
          muster_outline_clear (&own);
        }
    }
}

static void
test_within (void)
{
  MusterOutline board, c, r, l, tri, big;
  const MusterPoint board_pts[] = { { 0, 0 }, { 1000, 0 }, { 1000, 600 }, { 0, 600 } };
  const MusterPoint across_notch[] = { { 90, 10 }, { 10, 90 }, { 10, 10 } };

  init_polygon (&board, board_pts, G_N_ELEMENTS (board_pts));

  /* Circle exactly touching the west edge: inclusive yes, strict no. */
  muster_outline_init_circle (&c, 12.5, 300, 12.5);
  g_assert_true (muster_outline_within (&c, &board, FALSE));
  g_assert_false (muster_outline_within (&c, &board, TRUE));
  muster_outline_clear (&c);

  /* A hair over the edge, within the rounding slack. */
  muster_outline_init_circle (&c, 12.5 - 1e-7, 300, 12.5);
  g_assert_true (muster_outline_within (&c, &board, FALSE));
  g_assert_false (muster_outline_within (&c, &board, TRUE));
  muster_outline_clear (&c);

  /* Clearly in and clearly out. */
  muster_outline_init_circle (&c, 12.501, 300, 12.5);
  g_assert_true (muster_outline_within (&c, &board, FALSE));
  g_assert_true (muster_outline_within (&c, &board, TRUE));
  muster_outline_clear (&c);
  muster_outline_init_circle (&c, 12.499, 300, 12.5);
  g_assert_false (muster_outline_within (&c, &board, FALSE));
  g_assert_false (muster_outline_within (&c, &board, TRUE));
  muster_outline_clear (&c);

  /* A rect flush with the north-east corner. */
  init_rect (&r, 100, 80, 950, 40, 0);
  g_assert_true (muster_outline_within (&r, &board, FALSE));
  g_assert_false (muster_outline_within (&r, &board, TRUE));
  muster_outline_clear (&r);
  init_rect (&r, 100, 80, 950, 40, 90);
  g_assert_false (muster_outline_within (&r, &board, FALSE));
  muster_outline_clear (&r);

  /* Non-convex outer. */
  init_polygon (&l, l_shape, G_N_ELEMENTS (l_shape));

  /* Every vertex in the L but the hypotenuse crosses the notch. */
  init_polygon (&tri, across_notch, G_N_ELEMENTS (across_notch));
  for (guint i = 0; i < tri.n_points; i++)
    g_assert_true (muster_outline_contains_point (&l, tri.points[i]));
  g_assert_false (muster_outline_within (&tri, &l, FALSE));
  g_assert_false (muster_outline_within (&tri, &l, TRUE));
  muster_outline_clear (&tri);

  /* A rect filling the corner of the L, flush with the reflex vertex's
   * two edges and the outer edges. */
  init_rect (&r, 40, 40, 20, 20, 0);
  g_assert_true (muster_outline_within (&r, &l, FALSE));
  g_assert_false (muster_outline_within (&r, &l, TRUE));
  muster_outline_clear (&r);

  /* The whole east arm, flush everywhere. */
  init_rect (&r, 100, 40, 50, 20, 0);
  g_assert_true (muster_outline_within (&r, &l, FALSE));
  g_assert_false (muster_outline_within (&r, &l, TRUE));
  muster_outline_clear (&r);

  /* Strictly inside one arm. */
  init_rect (&r, 50, 30, 60, 20, 0);
  g_assert_true (muster_outline_within (&r, &l, TRUE));
  muster_outline_clear (&r);

  /* Cutting the reflex corner by 0.1 mm. */
  init_rect (&r, 20, 20, 40 + 10 - 0.1, 40 + 10 - 0.1, 0);
  g_assert_false (muster_outline_within (&r, &l, FALSE));
  muster_outline_clear (&r);

  /* Triangles around the reflex vertex (40, 40). */
  {
    /* A vertex on it. */
    const MusterPoint on_vertex[] = { { 10, 30 }, { 40, 40 }, { 30, 70 } };
    /* That vertex 0.001 into the notch. */
    const MusterPoint vertex_out[] = { { 10, 30 }, { 40.001, 40.001 }, { 30, 70 } };
    /* An edge (x + y = 80) through it, vertices well inside. */
    const MusterPoint grazing[] = { { 20, 60 }, { 60, 20 }, { 10, 10 } };
    /* The same edge 0.001 further: it cuts the notch's corner. */
    const MusterPoint cutting[] = { { 20.001, 60.001 }, { 60.001, 20.001 }, { 10, 10 } };
    /* Vertices on the boundary, an edge across the notch. */
    const MusterPoint bridging[] = { { 40, 20 }, { 60, 40 }, { 40, 60 }, { 20, 40 } };

    init_polygon (&tri, on_vertex, G_N_ELEMENTS (on_vertex));
    g_assert_true (muster_outline_within (&tri, &l, FALSE));
    g_assert_false (muster_outline_within (&tri, &l, TRUE));
    muster_outline_clear (&tri);

    init_polygon (&tri, vertex_out, G_N_ELEMENTS (vertex_out));
    g_assert_false (muster_outline_within (&tri, &l, FALSE));
    muster_outline_clear (&tri);

    init_polygon (&tri, grazing, G_N_ELEMENTS (grazing));
    g_assert_true (muster_outline_within (&tri, &l, FALSE));
    g_assert_false (muster_outline_within (&tri, &l, TRUE));
    muster_outline_clear (&tri);

    init_polygon (&tri, cutting, G_N_ELEMENTS (cutting));
    for (guint i = 0; i < tri.n_points; i++)
      g_assert_cmpfloat (muster_outline_point_signed_distance (&l, tri.points[i]), <, 0);
    g_assert_false (muster_outline_within (&tri, &l, FALSE));
    g_assert_false (muster_outline_within (&tri, &l, TRUE));
    muster_outline_clear (&tri);

    init_polygon (&tri, bridging, G_N_ELEMENTS (bridging));
    g_assert_false (muster_outline_within (&tri, &l, FALSE));
    muster_outline_clear (&tri);
  }

  /* Circles in the L. */
  muster_outline_init_circle (&c, 20, 70, 20);
  g_assert_true (muster_outline_within (&c, &l, FALSE));
  g_assert_false (muster_outline_within (&c, &l, TRUE));
  muster_outline_clear (&c);
  muster_outline_init_circle (&c, 25, 25, 15);
  g_assert_true (muster_outline_within (&c, &l, TRUE));
  muster_outline_clear (&c);
  muster_outline_init_circle (&c, 30, 30, 15);   /* reaches round the reflex corner */
  g_assert_false (muster_outline_within (&c, &l, FALSE));
  muster_outline_clear (&c);
  muster_outline_init_circle (&c, 50, 50, 5);
  g_assert_false (muster_outline_within (&c, &l, FALSE));
  muster_outline_clear (&c);

  /* Inner non-convex polygon within a rect. */
  init_rect (&r, 100, 100, 50, 50, 0);
  g_assert_true (muster_outline_within (&l, &r, FALSE));
  g_assert_false (muster_outline_within (&l, &r, TRUE));
  muster_outline_clear (&r);

  muster_outline_clear (&l);

  /* A U: all four corners of the rect sit in the arms, but the rect
   * bridges the gap between them. */
  {
    const MusterPoint u_shape[] = {
      { 0, 0 }, { 30, 0 }, { 30, 70 }, { 70, 70 }, { 70, 0 }, { 100, 0 }, { 100, 100 }, { 0, 100 },
    };
    MusterOutline u;

    init_polygon (&u, u_shape, G_N_ELEMENTS (u_shape));
    init_rect (&r, 80, 20, 50, 40, 0);
    for (guint i = 0; i < r.n_points; i++)
      g_assert_true (muster_outline_contains_point (&u, r.points[i]));
    g_assert_false (muster_outline_within (&r, &u, FALSE));
    g_assert_false (muster_outline_within (&r, &u, TRUE));
    muster_outline_clear (&r);

    /* Across the bottom: flush with the gap's floor. */
    init_rect (&r, 100, 30, 50, 85, 0);
    g_assert_true (muster_outline_within (&r, &u, FALSE));
    g_assert_false (muster_outline_within (&r, &u, TRUE));
    muster_outline_clear (&r);
    muster_outline_clear (&u);
  }

  /* Circle outer. */
  muster_outline_init_circle (&big, 0, 0, 50);
  muster_outline_init_circle (&c, 20, 0, 30);
  g_assert_true (muster_outline_within (&c, &big, FALSE));
  g_assert_false (muster_outline_within (&c, &big, TRUE));
  g_assert_false (muster_outline_within (&big, &c, FALSE));
  muster_outline_clear (&c);
  init_rect (&r, 60, 80, 0, 0, 0);   /* corners exactly on the circle */
  g_assert_true (muster_outline_within (&r, &big, FALSE));
  g_assert_false (muster_outline_within (&r, &big, TRUE));
  muster_outline_clear (&r);
  init_rect (&r, 60, 80, 0, 0, 17);
  g_assert_true (muster_outline_within (&r, &big, FALSE));
  muster_outline_clear (&r);
  init_rect (&r, 60, 80, 0.01, 0, 0);
  g_assert_false (muster_outline_within (&r, &big, FALSE));
  muster_outline_clear (&r);
  muster_outline_clear (&big);

  /* An outline is within itself, inclusively. */
  g_assert_true (muster_outline_within (&board, &board, FALSE));
  g_assert_false (muster_outline_within (&board, &board, TRUE));
  muster_outline_clear (&board);
}

static void
test_ellipse (void)
{
  MusterBase oval = { MUSTER_BASE_OVAL, 200, 120 };
  MusterBase small = { MUSTER_BASE_OVAL, 60, 35 };
  MusterOutline o;
  double worst = 0.0;
  double a = 100, b = 60;

  muster_outline_init_base (&o, &oval, 500, 400, 0);
  g_assert_cmpint (o.kind, ==, MUSTER_OUTLINE_POLYGON);
  g_assert_true (o.convex);
  g_assert_cmpuint (o.n_parts, ==, 1);
  g_assert_cmpuint (o.n_points % 4, ==, 0);
  g_assert_cmpuint (o.n_points, >=, 64);
  g_assert_cmpuint (o.n_points, <=, 256);
  g_assert_cmpfloat (signed_area (o.points, o.n_points), >, 0);
  g_test_message ("200 x 120 mm oval: %u vertices", o.n_points);

  /* Exactly width × depth. */
  g_assert_cmpfloat (o.bounds.x0, ==, 400);
  g_assert_cmpfloat (o.bounds.x1, ==, 600);
  g_assert_cmpfloat (o.bounds.y0, ==, 340);
  g_assert_cmpfloat (o.bounds.y1, ==, 460);

  /* Inscribed: every vertex on the ellipse. */
  for (guint i = 0; i < o.n_points; i++)
    {
      double x = (o.points[i].x - 500) / a;
      double y = (o.points[i].y - 400) / b;

      g_assert_cmpfloat_with_epsilon (x * x + y * y, 1.0, 1e-12);
    }

  /* Every point of the ellipse within 0.01 mm of the polygon, outside. */
  for (guint i = 0; i < 20000; i++)
    {
      double t = 2 * G_PI * i / 20000.0;
      MusterPoint p = pt (500 + a * cos (t), 400 + b * sin (t));
      double d = muster_outline_point_signed_distance (&o, p);

      g_assert_cmpfloat (d, >=, -1e-9);
      worst = MAX (worst, d);
    }
  g_test_message ("ellipse approximation error: %.5f mm", worst);
  g_assert_cmpfloat (worst, <, 0.01);
  g_assert_cmpfloat (worst, >, 0.001);   /* and not wastefully many vertices */

  muster_outline_clear (&o);

  /* Rotated a quarter turn: width along y. */
  muster_outline_init_base (&o, &oval, 500, 400, 90);
  g_assert_cmpfloat_with_epsilon (o.bounds.x0, 440, EXACT);
  g_assert_cmpfloat_with_epsilon (o.bounds.y1, 500, EXACT);
  muster_outline_clear (&o);

  /* Smaller ovals need fewer vertices but keep the bound. */
  muster_outline_init_base (&o, &small, 0, 0, 30);
  g_assert_cmpuint (o.n_points, >=, 16);
  g_assert_cmpuint (o.n_points, <, 200);
  worst = 0.0;
  for (guint i = 0; i < 20000; i++)
    {
      double t = 2 * G_PI * i / 20000.0;
      double lx = 30 * cos (t), ly = 17.5 * sin (t);
      double c = cos (G_PI / 6), s = sin (G_PI / 6);
      MusterPoint p = pt (lx * c - ly * s, lx * s + ly * c);

      worst = MAX (worst, fabs (muster_outline_point_signed_distance (&o, p)));
    }
  g_assert_cmpfloat (worst, <, 0.01);
  muster_outline_clear (&o);

  /* Two ovals end to end, touching at the axis end points. */
  {
    MusterOutline p, q;

    muster_outline_init_base (&p, &oval, 0, 0, 0);
    muster_outline_init_base (&q, &oval, 200, 0, 0);
    g_assert_cmpfloat_with_epsilon (separation (&p, &q), 0.0, EXACT);
    muster_outline_clear (&q);
    muster_outline_init_base (&q, &oval, 0, 121, 0);
    g_assert_cmpfloat_with_epsilon (separation (&p, &q), 1.0, EXACT);
    muster_outline_clear (&q);
    muster_outline_clear (&p);
  }
}

/* The gap between two disjoint polygons, by brute force over vertices. */
static double
brute_distance (const MusterOutline *a,
                const MusterOutline *b)
{
  double best = G_MAXDOUBLE;

  /* Sample-free for polygon pairs: vertex-to-boundary both ways. */
  for (guint i = 0; i < a->n_points; i++)
    best = MIN (best, fabs (muster_outline_point_signed_distance (b, a->points[i])));
  for (guint i = 0; i < b->n_points; i++)
    best = MIN (best, fabs (muster_outline_point_signed_distance (a, b->points[i])));

  return best;
}

static void
test_random_convex (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20260101);
  guint apart = 0, overlapping = 0;

  for (guint iter = 0; iter < 3000; iter++)
    {
      MusterOutline a, b;
      double sep;
      gboolean crossing = FALSE;

      for (guint k = 0; k < 2; k++)
        {
          MusterOutline *o = k == 0 ? &a : &b;
          MusterBase base;
          double x = g_rand_double_range (rand, 0, 120);
          double y = g_rand_double_range (rand, 0, 120);
          double rot = g_rand_double_range (rand, -360, 360);

          base.shape = g_rand_int_range (rand, 0, 3) == 0 ? MUSTER_BASE_ROUND : MUSTER_BASE_RECT;
          base.width = g_rand_double_range (rand, 5, 80);
          base.depth = g_rand_double_range (rand, 5, 80);
          muster_outline_init_base (o, &base, x, y, rot);
        }

      sep = separation (&a, &b);

      if (a.kind == MUSTER_OUTLINE_POLYGON && b.kind == MUSTER_OUTLINE_POLYGON)
        {
          for (guint i = 0; i < a.n_points && !crossing; i++)
            if (muster_outline_contains_point (&b, a.points[i]))
              crossing = TRUE;
          for (guint i = 0; i < b.n_points && !crossing; i++)
            if (muster_outline_contains_point (&a, b.points[i]))
              crossing = TRUE;

          /* Two rects intersect iff a vertex of one is in the other or
           * edges cross; a vertex-free crossing still has sep < 0. */
          if (sep > 1e-9)
            {
              g_assert_false (crossing);
              g_assert_cmpfloat_with_epsilon (sep, brute_distance (&a, &b), 1e-9);
              assert_closest_points (&a, &b, sep);
            }
          else if (crossing)
            g_assert_cmpfloat (sep, <=, 1e-9);
        }
      else if (a.kind == MUSTER_OUTLINE_CIRCLE && b.kind == MUSTER_OUTLINE_CIRCLE)
        {
          double d = hypot (a.centre.x - b.centre.x, a.centre.y - b.centre.y);

          g_assert_cmpfloat_with_epsilon (sep, d - a.radius - b.radius, 1e-9);
        }
      else
        {
          const MusterOutline *poly = a.kind == MUSTER_OUTLINE_POLYGON ? &a : &b;
          const MusterOutline *circle = a.kind == MUSTER_OUTLINE_CIRCLE ? &a : &b;
          double d = muster_outline_point_signed_distance (poly, circle->centre);

          /* Outside or inside, exact for a convex polygon. */
          g_assert_cmpfloat_with_epsilon (sep, d - circle->radius, 1e-9);
        }

      if (sep > 1e-9)
        {
          apart++;
          assert_closest_points (&a, &b, sep);
        }
      else
        {
          overlapping++;
          assert_minimum_translation (&a, &b, sep);
        }

      muster_outline_clear (&a);
      muster_outline_clear (&b);
    }

  g_test_message ("%u apart, %u overlapping", apart, overlapping);
  g_assert_cmpuint (apart, >, 100);
  g_assert_cmpuint (overlapping, >, 100);
}

static void
test_random_nonconvex (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  MusterOutline l;

  init_polygon (&l, l_shape, G_N_ELEMENTS (l_shape));

  /* Against the L, circles: the separation is exact everywhere when the
   * centre is outside the L (distance to the boundary less the radius),
   * and its sign is right when inside. */
  for (guint iter = 0; iter < 3000; iter++)
    {
      MusterOutline c;
      double x = g_rand_double_range (rand, -30, 130);
      double y = g_rand_double_range (rand, -30, 130);
      double r = g_rand_double_range (rand, 0.5, 25);
      double d = muster_outline_point_signed_distance (&l, pt (x, y));
      double sep;

      muster_outline_init_circle (&c, x, y, r);
      sep = separation (&l, &c);

      if (d >= 0)
        g_assert_cmpfloat_with_epsilon (sep, d - r, 1e-9);
      else
        {
          g_assert_cmpfloat (sep, <, 0);
          g_assert_cmpfloat (sep, >=, d - r - 1e-9);   /* never deeper than the truth */
        }

      if (sep > 0)
        assert_closest_points (&l, &c, sep);

      muster_outline_clear (&c);
    }

  muster_outline_clear (&l);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/geometry/box", test_box);
  g_test_add_func ("/core/geometry/circle-circle", test_circle_circle);
  g_test_add_func ("/core/geometry/classify", test_classify);
  g_test_add_func ("/core/geometry/rect-orientation", test_rect_orientation);
  g_test_add_func ("/core/geometry/rect-rect", test_rect_rect);
  g_test_add_func ("/core/geometry/rotated-corner", test_rotated_corner);
  g_test_add_func ("/core/geometry/circle-rect", test_circle_rect);
  g_test_add_func ("/core/geometry/l-shape", test_l_shape);
  g_test_add_func ("/core/geometry/polygon-normalise", test_polygon_normalise);
  g_test_add_func ("/core/geometry/polygon-errors", test_polygon_errors);
  g_test_add_func ("/core/geometry/triangulate-comb", test_triangulate_comb);
  g_test_add_func ("/core/geometry/contains-point", test_contains_point);
  g_test_add_func ("/core/geometry/support", test_support);
  g_test_add_func ("/core/geometry/copy", test_copy);
  g_test_add_func ("/core/geometry/base-in-storage", test_base_in_storage);
  g_test_add_func ("/core/geometry/within", test_within);
  g_test_add_func ("/core/geometry/ellipse", test_ellipse);
  g_test_add_func ("/core/geometry/random-convex", test_random_convex);
  g_test_add_func ("/core/geometry/random-nonconvex", test_random_nonconvex);

  return g_test_run ();
}
