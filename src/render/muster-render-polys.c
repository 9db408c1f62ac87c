/* muster-render-polys.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-render"

#include "config.h"

#include <math.h>

#include "muster-render-private.h"

/* Zones as unions of convex polygons, for drawing: every set operation of
 * the zone language reduces to clipping convex polygons by half-planes
 * (Sutherland–Hodgman), so a zone fills as one plain path. This keeps PDF
 * and SVG output vector (compositing groups would be rasterised) and the
 * screen fast. Polygons are kept in one orientation so that a non-zero
 * fill of overlapping pieces paints their union. */

typedef MusterPoly Poly;

#define MAX_POLY MUSTER_POLY_MAX_POINTS

/* Keeps the part of poly where a·x + b·y >= c. */
static void
clip_poly (Poly   *poly,
           double  a,
           double  b,
           double  c)
{
  Poly out = { 0 };

  for (guint i = 0; i < poly->n; i++)
    {
      MusterPoint p = poly->p[i];
      MusterPoint q = poly->p[(i + 1) % poly->n];
      double dp = a * p.x + b * p.y - c;
      double dq = a * q.x + b * q.y - c;

      if (dp >= 0 && out.n < MAX_POLY)
        out.p[out.n++] = p;
      if ((dp >= 0) != (dq >= 0) && out.n < MAX_POLY)
        {
          double t = dp / (dp - dq);

          out.p[out.n++] = (MusterPoint) { p.x + (q.x - p.x) * t, p.y + (q.y - p.y) * t };
        }
    }

  *poly = out;
}

static double
poly_area (const Poly *poly)
{
  double area = 0;

  for (guint i = 0; i < poly->n; i++)
    {
      MusterPoint p = poly->p[i];
      MusterPoint q = poly->p[(i + 1) % poly->n];

      area += p.x * q.y - q.x * p.y;
    }

  return area / 2;
}

static void
add_poly (GArray *polys,
          Poly   *poly)
{
  double area = poly_area (poly);

  if (poly->n < 3 || fabs (area) < 1e-6)
    return;

  /* One orientation for all. */
  if (area < 0)
    for (guint i = 0; i < poly->n / 2; i++)
      {
        MusterPoint t = poly->p[i];

        poly->p[i] = poly->p[poly->n - 1 - i];
        poly->p[poly->n - 1 - i] = t;
      }

  g_array_append_vals (polys, poly, 1);
}

/* Clips convex polygon a by convex polygon b (both in one orientation). */
static void
clip_by_convex (Poly       *a,
                const Poly *b)
{
  double sign = poly_area (b) > 0 ? 1 : -1;

  for (guint i = 0; i < b->n && a->n > 0; i++)
    {
      MusterPoint p = b->p[i];
      MusterPoint q = b->p[(i + 1) % b->n];
      /* Inside of edge p→q. */
      double nx = -(q.y - p.y) * sign;
      double ny = (q.x - p.x) * sign;

      clip_poly (a, nx, ny, nx * p.x + ny * p.y);
    }
}

static void region_polys (const MusterRegion *region,
                          const MusterBox    *box,
                          GArray             *out);

static void
box_poly (Poly            *poly,
          const MusterBox *box)
{
  poly->n = 4;
  poly->p[0] = (MusterPoint) { box->x0, box->y0 };
  poly->p[1] = (MusterPoint) { box->x1, box->y0 };
  poly->p[2] = (MusterPoint) { box->x1, box->y1 };
  poly->p[3] = (MusterPoint) { box->x0, box->y1 };
}

static GArray *
intersect_polys (GArray *a,
                 GArray *b)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (Poly));

  for (guint i = 0; i < a->len; i++)
    for (guint j = 0; j < b->len; j++)
      {
        Poly piece = g_array_index (a, Poly, i);

        clip_by_convex (&piece, &g_array_index (b, Poly, j));
        add_poly (out, &piece);
      }

  return out;
}

/* a − b: each convex piece of a, less each convex piece of b, splits into
 * the disjoint parts outside one edge of b and inside the edges before. */
static GArray *
subtract_polys (GArray *a,
                GArray *b)
{
  GArray *current = g_array_ref (a);

  for (guint j = 0; j < b->len; j++)
    {
      const Poly *cut = &g_array_index (b, Poly, j);
      double sign = poly_area (cut) > 0 ? 1 : -1;
      GArray *next = g_array_new (FALSE, FALSE, sizeof (Poly));

      for (guint i = 0; i < current->len; i++)
        {
          Poly rest = g_array_index (current, Poly, i);

          for (guint e = 0; e < cut->n && rest.n > 0; e++)
            {
              MusterPoint p = cut->p[e];
              MusterPoint q = cut->p[(e + 1) % cut->n];
              double nx = -(q.y - p.y) * sign;
              double ny = (q.x - p.x) * sign;
              double c = nx * p.x + ny * p.y;
              Poly outside = rest;

              clip_poly (&outside, -nx, -ny, -c);
              add_poly (next, &outside);
              clip_poly (&rest, nx, ny, c);
            }
        }

      g_array_unref (current);
      current = next;
    }

  return current;
}

GArray *
_muster_render_region_polys (const MusterRegion *region,
                             const MusterBox    *box)
{
  GArray *polys = g_array_new (FALSE, FALSE, sizeof (Poly));

  region_polys (region, box, polys);

  return polys;
}

/* The polygons of a board, a half-plane, a circle or a polygon, within
 * box. */
static void
leaf_polys (const MusterRegion *region,
            const MusterBox    *box,
            GArray             *out)
{
  const MusterOutline *o = &region->outline;
  Poly poly = { 0 };

  switch (region->kind)
    {
    case MUSTER_REGION_BOARD:
    case MUSTER_REGION_HALF_PLANE:
      box_poly (&poly, box);
      if (region->kind == MUSTER_REGION_HALF_PLANE)
        clip_poly (&poly, region->nx, region->ny, region->c);
      else
        clip_by_convex (&poly, &(Poly) { 4, { { o->bounds.x0, o->bounds.y0 }, { o->bounds.x1, o->bounds.y0 },
                                              { o->bounds.x1, o->bounds.y1 }, { o->bounds.x0, o->bounds.y1 } } });
      add_poly (out, &poly);
      break;

    case MUSTER_REGION_CIRCLE:
      poly.n = 128;
      for (guint i = 0; i < poly.n; i++)
        poly.p[i] = (MusterPoint) { o->centre.x + o->radius * cos (2 * G_PI * i / poly.n),
                                    o->centre.y + o->radius * sin (2 * G_PI * i / poly.n) };
      add_poly (out, &poly);
      break;

    case MUSTER_REGION_POLYGON:
      if (o->convex || o->parts == NULL)
        {
          poly.n = MIN (o->n_points, MAX_POLY);
          for (guint i = 0; i < poly.n; i++)
            poly.p[i] = o->points[i];
          add_poly (out, &poly);
        }
      else
        for (guint t = 0; t < o->n_parts; t++)
          {
            poly.n = 3;
            for (guint i = 0; i < 3; i++)
              poly.p[i] = o->points[o->parts[3 * t + i]];
            add_poly (out, &poly);
          }
      break;

    case MUSTER_REGION_UNION:
    case MUSTER_REGION_INTERSECTION:
    case MUSTER_REGION_DIFFERENCE:
    case MUSTER_REGION_IF_WITHIN:
    default:
      g_assert_not_reached ();
    }
}

/* An intersection or difference of the children: the first's polygons
 * cut by each other's in turn. */
static void
cut_polys (const MusterRegion *region,
           const MusterBox    *box,
           GArray             *out)
{
  GArray *acc;

  if (region->children->len == 0)
    return;

  acc = _muster_render_region_polys (g_ptr_array_index (region->children, 0), box);
  for (guint i = 1; i < region->children->len; i++)
    {
      GArray *other = _muster_render_region_polys (g_ptr_array_index (region->children, i), box);
      GArray *next = region->kind == MUSTER_REGION_INTERSECTION
                     ? intersect_polys (acc, other) : subtract_polys (acc, other);

      g_array_unref (other);
      g_array_unref (acc);
      acc = next;
    }
  g_array_append_vals (out, acc->data, acc->len);
  g_array_unref (acc);
}

/* Where a point could stand: (condition ∩ then) ∪ (otherwise − condition). */
static void
if_within_polys (const MusterRegion *region,
                 const MusterBox    *box,
                 GArray             *out)
{
  GArray *condition = _muster_render_region_polys (g_ptr_array_index (region->children, 0), box);
  GArray *then_polys = _muster_render_region_polys (g_ptr_array_index (region->children, 1), box);
  GArray *otherwise = _muster_render_region_polys (g_ptr_array_index (region->children, 2), box);
  GArray *a = intersect_polys (condition, then_polys);
  GArray *b = subtract_polys (otherwise, condition);

  g_array_append_vals (out, a->data, a->len);
  g_array_append_vals (out, b->data, b->len);
  g_array_unref (a);
  g_array_unref (b);
  g_array_unref (condition);
  g_array_unref (then_polys);
  g_array_unref (otherwise);
}

static void
region_polys (const MusterRegion *region,
              const MusterBox    *box,
              GArray             *out)
{
  switch (region->kind)
    {
    case MUSTER_REGION_BOARD:
    case MUSTER_REGION_HALF_PLANE:
    case MUSTER_REGION_CIRCLE:
    case MUSTER_REGION_POLYGON:
      leaf_polys (region, box, out);
      break;

    case MUSTER_REGION_UNION:
      for (guint i = 0; i < region->children->len; i++)
        region_polys (g_ptr_array_index (region->children, i), box, out);
      break;

    case MUSTER_REGION_INTERSECTION:
    case MUSTER_REGION_DIFFERENCE:
      cut_polys (region, box, out);
      break;

    case MUSTER_REGION_IF_WITHIN:
      if_within_polys (region, box, out);
      break;

    default:
      g_assert_not_reached ();
    }
}
