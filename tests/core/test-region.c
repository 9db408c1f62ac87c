/* test-region.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "test-region"

#include "config.h"

#include <locale.h>
#include <math.h>

#include <libxml/parser.h>

#include "muster-region.h"
#include "muster-region-template.h"
#include "muster-system.h"
#include "muster-xml.h"
#include "system-helpers.h"

#define W72  (72 * INCH)
#define H48  (48 * INCH)

/* Helpers */

static gboolean
round_base_within (const MusterRegion *region,
                   double              x_in,
                   double              y_in,
                   double              diameter_mm)
{
  MusterOutline outline;
  gboolean ret;

  muster_outline_init_circle (&outline, x_in * INCH, y_in * INCH, diameter_mm / 2);
  ret = muster_region_contains_outline (region, &outline);
  muster_outline_clear (&outline);

  return ret;
}

static MusterRegionTemplate *
parse_template (const char  *xml,
                GError     **error)
{
  g_autofree char *doc_text = g_strdup_printf ("<zone>\n%s\n</zone>", xml);
  g_autoptr(GBytes) bytes = g_bytes_new (doc_text, strlen (doc_text));
  g_autoptr(xmlDoc) doc = NULL;

  doc = muster_xml_parse (bytes, "test.xml", MUSTER_SYSTEM_ERROR, MUSTER_SYSTEM_ERROR_PARSE, error);
  g_assert_nonnull (doc);

  return muster_region_template_parse (xmlDocGetRootElement (doc), MUSTER_UNIT_INCH,
                                       "test.xml", error);
}

static MusterRegion *
resolve (const char *xml,
         double      width,
         double      height,
         const char *role,
         const char *short_edge,
         GHashTable *options)
{
  g_autoptr(MusterRegionTemplate) tmpl = NULL;
  g_autoptr(GError) error = NULL;
  MusterRegionContext context = { width, height, role, short_edge, options, MUSTER_UNIT_INCH };
  MusterRegion *region;

  tmpl = parse_template (xml, &error);
  g_assert_no_error (error);
  g_assert_nonnull (tmpl);

  region = muster_region_template_resolve (tmpl, &context, &error);
  g_assert_no_error (error);
  g_assert_nonnull (region);

  return region;
}

static MusterPoint
pt (double x_in,
    double y_in)
{
  return (MusterPoint) { x_in * INCH, y_in * INCH };
}

/* Regions */

static void
test_half_plane (void)
{
  g_autoptr(MusterRegion) strict = muster_region_new_half_plane (0, 2, 10, TRUE);
  g_autoptr(MusterRegion) inclusive = muster_region_new_half_plane (0, 1, 5, FALSE);
  MusterOutline outline;

  /* normalised: y > 5 */
  g_assert_cmpfloat (strict->ny, ==, 1);
  g_assert_cmpfloat (strict->c, ==, 5);

  g_assert_false (muster_region_contains_point (strict, (MusterPoint) { 0, 5 }));
  g_assert_true (muster_region_contains_point (strict, (MusterPoint) { 0, 5.001 }));
  g_assert_true (muster_region_contains_point (inclusive, (MusterPoint) { 0, 5 }));
  g_assert_true (muster_region_contains_point (inclusive, (MusterPoint) { 0, 5 - 1e-9 }));
  g_assert_false (muster_region_contains_point (inclusive, (MusterPoint) { 0, 4.999 }));

  /* A circle touching y = 5 from below-inside */
  muster_outline_init_circle (&outline, 100, 15, 10);
  g_assert_false (muster_region_contains_outline (strict, &outline));
  g_assert_true (muster_region_contains_outline (inclusive, &outline));
  muster_outline_clear (&outline);

  muster_outline_init_circle (&outline, 100, 15.001, 10);
  g_assert_true (muster_region_contains_outline (strict, &outline));
  muster_outline_clear (&outline);
}

static void
test_board (void)
{
  g_autoptr(MusterRegion) board = muster_region_new_board (100, 50);

  g_assert_true (muster_region_contains_point (board, (MusterPoint) { 0, 0 }));
  g_assert_true (muster_region_contains_point (board, (MusterPoint) { 100, 50 }));
  g_assert_false (muster_region_contains_point (board, (MusterPoint) { 100.01, 50 }));
  g_assert_true (box_within (board, 0, 0, 10, 10));
  g_assert_true (box_within (board, 90, 40, 100, 50));
  g_assert_false (box_within (board, 90.5, 40, 100.5, 50));
  g_assert_false (box_within (board, -1, 0, 9, 10));
}

static void
test_polygon_circle (void)
{
  MusterPoint triangle[] = { { 0, 0 }, { 100, 0 }, { 0, 100 } };
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterRegion) polygon = muster_region_new_polygon (triangle, 3, FALSE, &error);
  g_autoptr(MusterRegion) circle = muster_region_new_circle (50, 50, 20, FALSE);
  g_autoptr(MusterRegion) open_circle = muster_region_new_circle (50, 50, 20, TRUE);
  MusterPoint line[] = { { 0, 0 }, { 1, 1 }, { 2, 2 } };
  MusterRegion *degenerate;

  g_assert_no_error (error);
  g_assert_true (muster_region_contains_point (polygon, (MusterPoint) { 10, 10 }));
  g_assert_true (muster_region_contains_point (polygon, (MusterPoint) { 50, 50 }));
  g_assert_false (muster_region_contains_point (polygon, (MusterPoint) { 51, 51 }));
  g_assert_true (box_within (polygon, 0, 0, 20, 20));
  g_assert_false (box_within (polygon, 40, 40, 60, 60));

  g_assert_true (muster_region_contains_point (circle, (MusterPoint) { 70, 50 }));
  g_assert_false (muster_region_contains_point (open_circle, (MusterPoint) { 70, 50 }));
  g_assert_true (muster_region_contains_point (open_circle, (MusterPoint) { 69.99, 50 }));
  g_assert_true (box_within (circle, 45, 45, 55, 55));
  g_assert_false (box_within (circle, 45, 45, 70, 55));

  degenerate = muster_region_new_polygon (line, 3, FALSE, &error);
  g_assert_null (degenerate);
  g_assert_nonnull (error);
}

static void
test_sets (void)
{
  g_autoptr(MusterRegion) uni = NULL;
  g_autoptr(MusterRegion) inter = NULL;
  g_autoptr(MusterRegion) diff = NULL;
  GPtrArray *parts;

  /* x <= 10 or x >= 90 */
  parts = g_ptr_array_new ();
  g_ptr_array_add (parts, muster_region_new_half_plane (-1, 0, -10, FALSE));
  g_ptr_array_add (parts, muster_region_new_half_plane (1, 0, 90, FALSE));
  uni = muster_region_new_set (MUSTER_REGION_UNION, parts);
  g_assert_true (box_within (uni, 0, 0, 10, 10));
  g_assert_true (box_within (uni, 90, 0, 100, 10));
  g_assert_false (box_within (uni, 5, 0, 95, 10));
  g_assert_true (muster_region_contains_point (uni, (MusterPoint) { 95, 0 }));
  g_assert_false (muster_region_contains_point (uni, (MusterPoint) { 50, 0 }));

  /* 10 <= y <= 20 */
  parts = g_ptr_array_new ();
  g_ptr_array_add (parts, muster_region_new_half_plane (0, 1, 10, FALSE));
  g_ptr_array_add (parts, muster_region_new_half_plane (0, -1, -20, FALSE));
  inter = muster_region_new_set (MUSTER_REGION_INTERSECTION, parts);
  g_assert_true (box_within (inter, 0, 10, 5, 20));
  g_assert_false (box_within (inter, 0, 9, 5, 19));
  g_assert_false (muster_region_contains_point (inter, (MusterPoint) { 0, 21 }));

  /* board minus a circle and minus a strip y >= 40 */
  parts = g_ptr_array_new ();
  g_ptr_array_add (parts, muster_region_new_board (100, 50));
  g_ptr_array_add (parts, muster_region_new_circle (50, 20, 10, FALSE));
  g_ptr_array_add (parts, muster_region_new_half_plane (0, 1, 40, FALSE));
  diff = muster_region_new_set (MUSTER_REGION_DIFFERENCE, parts);
  g_assert_true (box_within (diff, 0, 0, 10, 10));
  g_assert_true (box_within (diff, 60, 15, 70, 25));      /* touching the circle */
  g_assert_false (box_within (diff, 59, 15, 69, 25));     /* overlapping it */
  g_assert_true (box_within (diff, 0, 30, 10, 40));       /* touching the strip */
  g_assert_false (box_within (diff, 0, 31, 10, 41));
  g_assert_false (muster_region_contains_point (diff, (MusterPoint) { 50, 20 }));
  g_assert_false (muster_region_contains_point (diff, (MusterPoint) { 50, 45 }));
  g_assert_true (muster_region_contains_point (diff, (MusterPoint) { 50, 35 }));
}

static void
assert_grid_as_points (const MusterRegion *region,
                       const double       *xs,
                       guint               n_xs,
                       const double       *ys,
                       guint               n_ys)
{
  g_autofree guint8 *inside = g_new (guint8, n_xs * n_ys + 1);
  g_autofree guint8 *listed = g_new (guint8, n_xs * n_ys + 1);
  g_autofree MusterPoint *points = g_new (MusterPoint, n_xs * n_ys + 1);

  /* The grid's points as a list, last first. */
  for (guint j = 0; j < n_ys; j++)
    for (guint i = 0; i < n_xs; i++)
      points[n_xs * n_ys - 1 - (j * n_xs + i)] = (MusterPoint) { xs[i], ys[j] };

  muster_region_contains_grid (region, xs, n_xs, ys, n_ys, inside);
  muster_region_contains_points (region, points, n_xs * n_ys, listed);
  for (guint j = 0; j < n_ys; j++)
    for (guint i = 0; i < n_xs; i++)
      {
        MusterPoint p = { xs[i], ys[j] };
        gboolean in = muster_region_contains_point (region, p);

        if (inside[j * n_xs + i] != (guint8) in)
          g_error ("(%g, %g): the grid says %d", p.x, p.y, inside[j * n_xs + i]);
        if (listed[n_xs * n_ys - 1 - (j * n_xs + i)] != (guint8) in)
          g_error ("(%g, %g): the list says %d", p.x, p.y, listed[n_xs * n_ys - 1 - (j * n_xs + i)]);
      }
}

/* A grid, and a list of points, say of each point what
 * muster_region_contains_point() does: every kind of region, boundaries strict or not, points on the
 * boundaries and a hair either side, and every shipped zone. */
static void
test_grid (void)
{
  g_autoptr(GArray) xs = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) ys = g_array_new (FALSE, FALSE, sizeof (double));
  const double hairs[] = { 0, MUSTER_EPSILON_MM, -MUSTER_EPSILON_MM, MUSTER_EPSILON_MM / 2,
                           -MUSTER_EPSILON_MM / 2, 2 * MUSTER_EPSILON_MM, -2 * MUSTER_EPSILON_MM, 0.3 };
  const MusterPoint tri[] = { { 10, 10 }, { 60, 5 }, { 30, 45 } };
  GPtrArray *systems = muster_system_registry_list (muster_system_registry_get_default ());
  GPtrArray *regions = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_region_unref);
  guint n_zones = 0;

  for (int k = -2; k <= 150; k++)
    for (guint h = 0; h < G_N_ELEMENTS (hairs); h++)
      {
        double v = k * INCH / 2 + hairs[h];

        g_array_append_val (xs, v);
        if (k <= 100)
          g_array_append_val (ys, v);
      }

  for (int strict = 0; strict < 2; strict++)
    {
      GPtrArray *parts = g_ptr_array_new ();
      GPtrArray *none = g_ptr_array_new ();
      GPtrArray *all = g_ptr_array_new ();

      g_ptr_array_add (regions, muster_region_new_half_plane (1, 2, 30 * INCH, strict));
      g_ptr_array_add (regions, muster_region_new_half_plane (-1, 0, -30 * INCH, strict));
      g_ptr_array_add (regions, muster_region_new_circle (36 * INCH, 24 * INCH, 10 * INCH, strict));
      g_ptr_array_add (regions, muster_region_new_polygon (tri, G_N_ELEMENTS (tri), strict, NULL));
      g_ptr_array_add (parts, muster_region_new_board (W72, H48));
      g_ptr_array_add (parts, muster_region_new_circle (36 * INCH, 24 * INCH, 6 * INCH, strict));
      g_ptr_array_add (parts, muster_region_new_half_plane (0, 1, 40 * INCH, strict));
      g_ptr_array_add (regions, muster_region_new_set (MUSTER_REGION_DIFFERENCE, parts));
      g_ptr_array_add (regions, muster_region_new_set (MUSTER_REGION_UNION, none));
      g_ptr_array_add (regions, muster_region_new_set (MUSTER_REGION_INTERSECTION, all));
      g_ptr_array_add (regions,
                       muster_region_new_if_within (muster_region_new_half_plane (1, 0, 18 * INCH, strict),
                                                    muster_region_new_half_plane (0, 1, 12 * INCH, !strict),
                                                    muster_region_new_circle (10, 10, 300, strict)));
    }
  {
    GPtrArray *parts = g_ptr_array_new ();

    g_ptr_array_add (parts, muster_region_ref (g_ptr_array_index (regions, 0)));
    g_ptr_array_add (parts, muster_region_ref (g_ptr_array_index (regions, 1)));
    g_ptr_array_add (parts, muster_region_ref (g_ptr_array_index (regions, 10)));
    g_ptr_array_add (regions, muster_region_new_set (MUSTER_REGION_UNION, parts));
  }

  for (guint s = 0; s < systems->len; s++)
    {
      MusterSystem *system = g_ptr_array_index (systems, s);
      GPtrArray *deployments = muster_system_get_deployments (system);

      for (guint d = 0; d < deployments->len; d++)
        {
          const MusterDeployment *deployment = g_ptr_array_index (deployments, d);

          for (guint z = 0; z < deployment->zones->len; z++)
            {
              const MusterZone *zone = g_ptr_array_index (deployment->zones, z);
              const char *roles[] = { "attacker", "defender" };
              const char *edges[] = { "west", "east" };

              for (guint r = 0; r < 2; r++)
                {
                  MusterRegion *region = muster_system_resolve_zone (system, deployment, zone->id, W72, H48,
                                                                     NULL, roles[r], edges[r], NULL);

                  if (region != NULL)
                    {
                      g_ptr_array_add (regions, region);
                      n_zones++;
                    }
                }
            }
        }
    }
  g_assert_cmpuint (n_zones, >, 20);

  for (guint r = 0; r < regions->len; r++)
    assert_grid_as_points (g_ptr_array_index (regions, r), (const double *) (gpointer) xs->data, xs->len,
                           (const double *) (gpointer) ys->data, ys->len);

  g_ptr_array_unref (regions);
}

static void
test_if_within (void)
{
  g_autoptr(MusterRegion) region = NULL;

  /* if within x <= 20: y >= 10, else y >= 30 */
  region = muster_region_new_if_within (muster_region_new_half_plane (-1, 0, -20, FALSE),
                                        muster_region_new_half_plane (0, 1, 10, FALSE),
                                        muster_region_new_half_plane (0, 1, 30, FALSE));

  g_assert_true (box_within (region, 0, 10, 20, 20));
  g_assert_false (box_within (region, 1, 10, 21, 20));   /* straddles: elsewhere */
  g_assert_true (box_within (region, 1, 30, 21, 40));
  g_assert_true (muster_region_contains_point (region, (MusterPoint) { 20, 10 }));
  g_assert_false (muster_region_contains_point (region, (MusterPoint) { 21, 10 }));

  /* Chosen by the whole base, as the rules word it: a base across
   * x = 20 is "elsewhere" and keeps y >= 30 with all of it, though the
   * zone drawn as (x <= 20 ∩ y >= 10) ∪ (x > 20 ∩ y >= 30) holds more.
   * A diamond standing on its corner at (16, 10), reaching x = 26 ... */
  {
    MusterPoint diamond[] = { { 16, 10 }, { 26, 20 }, { 16, 30 }, { 6, 20 } };
    MusterOutline outline;

    /* ... is not. */
    muster_outline_init_polygon (&outline, diamond, 4, NULL);
    g_assert_false (muster_region_contains_outline (region, &outline));
    muster_outline_clear (&outline);
    /* Lower: its part beyond x = 20 from y = 30, its lowest point at
     * y = 26 within x <= 20; the drawn zone would hold it, the rule does
     * not. */
    for (guint i = 0; i < 4; i++)
      diamond[i].y += 16;
    muster_outline_init_polygon (&outline, diamond, 4, NULL);
    g_assert_false (muster_region_contains_outline (region, &outline));
    muster_outline_clear (&outline);
    /* With all of it at y >= 30, it is. */
    for (guint i = 0; i < 4; i++)
      diamond[i].y += 4;
    muster_outline_init_polygon (&outline, diamond, 4, NULL);
    g_assert_true (muster_region_contains_outline (region, &outline));
    muster_outline_clear (&outline);
  }

  /* A round base across x = 20, centred at x = 18: its part beyond x = 20
   * lies higher than its lowest point. */
  {
    MusterOutline circle;

    /* Lowest point y = 12 (in x <= 20), part beyond x = 20 from y = 12 +
     * (5 - sqrt (25 - 4)) ≈ 12.42: not 30. */
    muster_outline_init_circle (&circle, 18, 17, 5);
    g_assert_false (muster_region_contains_outline (region, &circle));
    muster_outline_clear (&circle);
    muster_outline_init_circle (&circle, 18, 35.5, 5);
    g_assert_true (muster_region_contains_outline (region, &circle));
    muster_outline_clear (&circle);
    /* Touching x = 20 from within: all of it is there. */
    muster_outline_init_circle (&circle, 15, 15, 5);
    g_assert_true (muster_region_contains_outline (region, &circle));
    muster_outline_clear (&circle);
  }
}

static void
test_clip (void)
{
  g_autoptr(MusterRegion) half = muster_region_new_half_plane (0, 1, 25, FALSE);
  g_autoptr(MusterRegion) diagonal = muster_region_new_half_plane (1, -1, 0, FALSE);
  g_autoptr(MusterRegion) outside = muster_region_new_half_plane (0, 1, 100, FALSE);
  g_autoptr(MusterRegion) all = muster_region_new_half_plane (0, 1, -100, FALSE);
  MusterBox box = { 0, 0, 100, 50 };
  MusterPoint points[8];
  guint n;

  n = muster_region_clip_half_plane (half, &box, points);
  g_assert_cmpuint (n, ==, 4);
  for (guint i = 0; i < n; i++)
    g_assert_cmpfloat (points[i].y, >=, 25);

  n = muster_region_clip_half_plane (diagonal, &box, points);
  g_assert_cmpuint (n, ==, 4);
  for (guint i = 0; i < n; i++)
    g_assert_cmpfloat (points[i].x - points[i].y, >=, -1e-9);

  g_assert_cmpuint (muster_region_clip_half_plane (outside, &box, points), ==, 0);
  g_assert_cmpuint (muster_region_clip_half_plane (all, &box, points), ==, 4);
}

/* Templates */

static void
test_template_centre (void)
{
  g_autoptr(MusterRegion) north = resolve ("<beyond line='centre' side='north' distance='12'/>",
                                           W72, H48, NULL, NULL, NULL);
  g_autoptr(MusterRegion) south = resolve ("<beyond line='centre' side='south' distance='12' inclusive='true'/>",
                                           W72, H48, NULL, NULL, NULL);
  g_autoptr(MusterRegion) both = resolve ("<beyond line='centre' distance='12'/>",
                                          W72, H48, NULL, NULL, NULL);
  g_autoptr(MusterRegion) strip = resolve ("<within line='centre' distance='2'/>",
                                           W72, H48, NULL, NULL, NULL);

  g_assert_false (muster_region_contains_point (north, pt (10, 12)));
  g_assert_true (muster_region_contains_point (north, pt (10, 11.99)));
  g_assert_true (muster_region_contains_point (south, pt (10, 36)));
  g_assert_false (muster_region_contains_point (south, pt (10, 35.99)));
  g_assert_true (muster_region_contains_point (both, pt (10, 11)));
  g_assert_true (muster_region_contains_point (both, pt (10, 37)));
  g_assert_false (muster_region_contains_point (both, pt (10, 24)));
  g_assert_true (muster_region_contains_point (strip, pt (10, 22)));
  g_assert_true (muster_region_contains_point (strip, pt (10, 26)));
  g_assert_false (muster_region_contains_point (strip, pt (10, 26.01)));
}

/* The Centre Line is parallel to the long edges: on a portrait board it
 * runs north to south, x = W/2, with sides west and east, and the short
 * edges are north and south. */
static void
test_template_portrait (void)
{
  g_autoptr(MusterRegion) west = resolve ("<beyond line='centre' side='west' distance='12'/>",
                                          H48, W72, NULL, NULL, NULL);
  g_autoptr(MusterRegion) east = resolve ("<beyond line='centre' side='east' distance='12'/>",
                                          H48, W72, NULL, NULL, NULL);
  g_autoptr(MusterRegion) both = resolve ("<beyond line='centre' distance='12'/>",
                                          H48, W72, NULL, NULL, NULL);
  g_autoptr(MusterRegion) square = resolve ("<beyond line='centre' side='north' distance='12'/>",
                                            H48, H48, NULL, NULL, NULL);
  const char *edges = "<beyond line='opponent-short-edge' distance='height/4'/>";
  g_autoptr(MusterRegion) north = resolve (edges, H48, W72, NULL, "north", NULL);
  g_autoptr(MusterRegion) south = resolve (edges, H48, W72, NULL, "south", NULL);
  g_autoptr(MusterRegion) chosen = resolve ("<choose><when board='landscape'><within line='north' distance='1'/></when>"
                                            "<when board='portrait'><within line='west' distance='1'/></when></choose>",
                                            H48, W72, NULL, NULL, NULL);
  static const struct {
    double      width, height;
    const char *xml;
    const char *short_edge;
    const char *fragment;
  } errors[] = {
    { H48, W72, "<beyond line='centre' side='north' distance='1'/>", NULL, "north to south" },
    { W72, H48, "<beyond line='centre' side='west' distance='1'/>", NULL, "west to east" },
    { H48, W72, "<beyond line='own-short-edge' distance='1'/>", "west", "north or south" },
    { W72, H48, "<beyond line='own-short-edge' distance='1'/>", "north", "west or east" },
  };

  /* x = 24 on a 48″ × 72″ board. */
  g_assert_true (muster_region_contains_point (west, pt (11.99, 70)));
  g_assert_false (muster_region_contains_point (west, pt (12, 70)));
  g_assert_true (muster_region_contains_point (east, pt (36.01, 2)));
  g_assert_false (muster_region_contains_point (east, pt (36, 2)));
  g_assert_true (muster_region_contains_point (both, pt (11, 36)));
  g_assert_true (muster_region_contains_point (both, pt (37, 36)));
  g_assert_false (muster_region_contains_point (both, pt (24, 12)));
  /* A square board is landscape: the Centre Line is y = H/2. */
  g_assert_true (muster_region_contains_point (square, pt (40, 11.99)));
  g_assert_false (muster_region_contains_point (square, pt (40, 12)));

  /* The player on the north edge: the opponent's edge is the south one,
   * more than 18″ from it. */
  g_assert_true (muster_region_contains_point (north, pt (10, 53.99)));
  g_assert_false (muster_region_contains_point (north, pt (10, 54)));
  g_assert_true (muster_region_contains_point (south, pt (10, 18.01)));
  g_assert_false (muster_region_contains_point (south, pt (10, 18)));

  g_assert_true (muster_region_contains_point (chosen, pt (0.5, 40)));
  g_assert_false (muster_region_contains_point (chosen, pt (20, 0.5)));

  for (guint i = 0; i < G_N_ELEMENTS (errors); i++)
    {
      g_autoptr(MusterRegionTemplate) tmpl = NULL;
      g_autoptr(GError) error = NULL;
      MusterRegionContext context = { errors[i].width, errors[i].height, NULL, errors[i].short_edge,
                                      NULL, MUSTER_UNIT_INCH };

      tmpl = parse_template (errors[i].xml, &error);
      g_assert_no_error (error);
      g_assert_null (muster_region_template_resolve (tmpl, &context, &error));
      g_assert_error (error, MUSTER_SYSTEM_ERROR, MUSTER_SYSTEM_ERROR_INVALID);
      if (strstr (error->message, errors[i].fragment) == NULL)
        g_error ("%s: message “%s” lacks “%s”", errors[i].xml, error->message, errors[i].fragment);
    }
}

static void
test_template_edges (void)
{
  static const struct {
    const char *edge;
    MusterPoint inside;     /* inches, 4" in from the edge */
    MusterPoint outside;    /* 6" in */
  } cases[] = {
    { "north", { 30, 4 }, { 30, 6 } },
    { "south", { 30, 44 }, { 30, 42 } },
    { "west", { 4, 30 }, { 6, 30 } },
    { "east", { 68, 30 }, { 66, 30 } },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *xml = g_strdup_printf ("<within line='%s' distance='5'/>", cases[i].edge);
      g_autoptr(MusterRegion) region = resolve (xml, W72, H48, NULL, NULL, NULL);

      g_assert_true (muster_region_contains_point (region, pt (cases[i].inside.x, cases[i].inside.y)));
      g_assert_false (muster_region_contains_point (region, pt (cases[i].outside.x, cases[i].outside.y)));
    }
}

static void
test_template_diagonals (void)
{
  /* On 72 × 48 the nw-se diagonal runs through (36, 24); its normal is
   * (48, -72)/|·| towards the north-east. */
  double len = hypot (72, 48);
  double nx = 48 / len, ny = -72 / len;
  g_autoptr(MusterRegion) ne = resolve ("<beyond line='nw-se' side='north-east' distance='9'/>",
                                        W72, H48, NULL, NULL, NULL);
  g_autoptr(MusterRegion) sw = resolve ("<beyond line='nw-se' side='south-west' distance='9'/>",
                                        W72, H48, NULL, NULL, NULL);
  g_autoptr(MusterRegion) nw = resolve ("<beyond line='ne-sw' side='north-west' distance='9'/>",
                                        W72, H48, NULL, NULL, NULL);
  g_autoptr(MusterRegion) se = resolve ("<beyond line='ne-sw' side='south-east' distance='9'/>",
                                        W72, H48, NULL, NULL, NULL);

  /* exactly 9" from the line (perpendicular), and a hair further */
  g_assert_false (muster_region_contains_point (ne, pt (36 + 9 * nx, 24 + 9 * ny)));
  g_assert_true (muster_region_contains_point (ne, pt (36 + 9.001 * nx, 24 + 9.001 * ny)));
  g_assert_true (muster_region_contains_point (sw, pt (36 - 9.001 * nx, 24 - 9.001 * ny)));
  g_assert_false (muster_region_contains_point (sw, pt (36 - 8.999 * nx, 24 - 8.999 * ny)));

  g_assert_true (muster_region_contains_point (ne, pt (70, 2)));
  g_assert_false (muster_region_contains_point (ne, pt (2, 46)));
  g_assert_true (muster_region_contains_point (sw, pt (2, 46)));
  g_assert_true (muster_region_contains_point (nw, pt (2, 2)));
  g_assert_false (muster_region_contains_point (nw, pt (70, 46)));
  g_assert_true (muster_region_contains_point (se, pt (70, 46)));
  g_assert_false (muster_region_contains_point (se, pt (2, 2)));
}

static void
test_template_short_edges (void)
{
  const char *xml = "<beyond line='opponent-short-edge' distance='width/4'/>"
                    "<within line='own-short-edge' distance='width'/>";
  g_autoptr(MusterRegion) west = resolve (xml, W72, H48, NULL, "west", NULL);
  g_autoptr(MusterRegion) east = resolve (xml, W72, H48, NULL, "east", NULL);
  g_autoptr(MusterRegionTemplate) tmpl = NULL;
  g_autoptr(GError) error = NULL;
  MusterRegionContext context = { W72, H48, NULL, NULL, NULL, MUSTER_UNIT_INCH };
  MusterRegion *region;

  /* west player: opponent's edge is east, x < 54 */
  g_assert_true (muster_region_contains_point (west, pt (53.99, 10)));
  g_assert_false (muster_region_contains_point (west, pt (54, 10)));
  g_assert_true (muster_region_contains_point (east, pt (18.01, 10)));
  g_assert_false (muster_region_contains_point (east, pt (18, 10)));

  /* no short edge chosen: the layout's to mend, no line of test.xml */
  tmpl = parse_template (xml, &error);
  g_assert_no_error (error);
  region = muster_region_template_resolve (tmpl, &context, &error);
  g_assert_null (region);
  g_assert_error (error, MUSTER_SYSTEM_ERROR, MUSTER_SYSTEM_ERROR_INVALID);
  g_assert_null (strstr (error->message, "test.xml"));
  g_assert_nonnull (strstr (error->message, "short edge, which is not set"));
}

static void
test_template_band (void)
{
  g_autoptr(MusterRegion) band = resolve ("<band line='north' from='4' to='8'/>",
                                          W72, H48, NULL, NULL, NULL);
  g_autoptr(MusterRegion) both = resolve ("<band line='centre' from='2' to='4' inclusive='true' strict='true'/>",
                                          W72, H48, NULL, NULL, NULL);

  g_assert_false (muster_region_contains_point (band, pt (1, 4)));
  g_assert_true (muster_region_contains_point (band, pt (1, 4.01)));
  g_assert_true (muster_region_contains_point (band, pt (1, 8)));
  g_assert_false (muster_region_contains_point (band, pt (1, 8.01)));

  g_assert_true (muster_region_contains_point (both, pt (1, 22)));
  g_assert_true (muster_region_contains_point (both, pt (1, 26)));
  g_assert_false (muster_region_contains_point (both, pt (1, 24)));
  g_assert_false (muster_region_contains_point (both, pt (1, 28)));
  g_assert_true (muster_region_contains_point (both, pt (1, 27.99)));
}

static void
test_template_shapes (void)
{
  g_autoptr(MusterRegion) rect = resolve ("<rect x='width/2 - 6' y='0' width='12' height='6'/>",
                                          W72, H48, NULL, NULL, NULL);
  g_autoptr(MusterRegion) circle = resolve ("<circle cx='width/2' cy='height/2' r='4' strict='true'/>",
                                            W72, H48, NULL, NULL, NULL);
  g_autoptr(MusterRegion) polygon = resolve ("<polygon points='0,0 width,0 0,height'/>",
                                             W72, H48, NULL, NULL, NULL);
  g_autoptr(MusterRegion) spaced = resolve ("<polygon points='0, 0; width - 12, 0; 0, height / 2'/>",
                                            W72, H48, NULL, NULL, NULL);
  g_autoptr(MusterRegion) uni = resolve ("<union><rect x='0' y='0' width='1' height='1'/>"
                                         "<rect x='5' y='5' width='1' height='1'/></union>",
                                         W72, H48, NULL, NULL, NULL);
  g_autoptr(MusterRegion) diff = resolve ("<difference><board/><circle cx='36' cy='24' r='6'/></difference>",
                                          W72, H48, NULL, NULL, NULL);

  g_assert_true (muster_region_contains_point (rect, pt (30, 6)));
  g_assert_false (muster_region_contains_point (rect, pt (29.9, 6)));
  g_assert_false (muster_region_contains_point (circle, pt (40, 24)));
  g_assert_true (muster_region_contains_point (circle, pt (39.9, 24)));
  g_assert_true (muster_region_contains_point (polygon, pt (36, 23.9)));
  g_assert_false (muster_region_contains_point (polygon, pt (36, 24.1)));
  g_assert_true (muster_region_contains_point (spaced, pt (1, 1)));
  g_assert_false (muster_region_contains_point (spaced, pt (59, 1)));
  g_assert_true (muster_region_contains_point (uni, pt (5.5, 5.5)));
  g_assert_false (muster_region_contains_point (uni, pt (3, 3)));
  g_assert_false (muster_region_contains_point (diff, pt (36, 24)));
  g_assert_true (muster_region_contains_point (diff, pt (36, 30.01)));
  g_assert_true (round_base_within (diff, 36, 31, 50.8));
  g_assert_false (round_base_within (diff, 36, 30.9, 50.8));
}

static void
test_template_choose (void)
{
  const char *xml =
    "<choose>\n"
    "  <when role='attacker' option='depth' value='16'>\n"
    "    <within line='north' distance='16'/>\n"
    "  </when>\n"
    "  <when role='attacker'>\n"
    "    <within line='north' distance='depth'/>\n"
    "  </when>\n"
    "  <when short-edge='east'><within line='east' distance='1'/></when>\n"
    "</choose>";
  g_autoptr(GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(MusterRegion) a16 = NULL;
  g_autoptr(MusterRegion) a12 = NULL;
  g_autoptr(MusterRegion) east = NULL;
  g_autoptr(MusterRegionTemplate) tmpl = NULL;
  g_autoptr(GError) error = NULL;
  MusterRegionContext context = { W72, H48, "defender", "west", options, MUSTER_UNIT_INCH };

  g_hash_table_insert (options, (char *) "depth", (char *) "16");
  a16 = resolve (xml, W72, H48, "attacker", NULL, options);
  g_hash_table_insert (options, (char *) "depth", (char *) "12");
  a12 = resolve (xml, W72, H48, "attacker", NULL, options);
  east = resolve (xml, W72, H48, "defender", "east", options);

  g_assert_true (muster_region_contains_point (a16, pt (10, 16)));
  g_assert_false (muster_region_contains_point (a12, pt (10, 16)));
  g_assert_true (muster_region_contains_point (a12, pt (10, 12)));
  g_assert_true (muster_region_contains_point (east, pt (71.5, 40)));

  /* nothing applies to a west defender */
  tmpl = parse_template (xml, &error);
  g_assert_no_error (error);
  g_assert_null (muster_region_template_resolve (tmpl, &context, &error));
  g_assert_error (error, MUSTER_SYSTEM_ERROR, MUSTER_SYSTEM_ERROR_INVALID);
  g_assert_true (g_str_has_prefix (error->message, "test.xml:2: "));
  g_assert_nonnull (strstr (error->message, "defender"));
}

static void
test_template_option_not_length (void)
{
  g_autoptr(GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(MusterRegionTemplate) tmpl = NULL;
  g_autoptr(GError) error = NULL;
  MusterRegionContext context = { W72, H48, NULL, NULL, options, MUSTER_UNIT_INCH };

  g_hash_table_insert (options, (char *) "diagonal", (char *) "nw-se");
  tmpl = parse_template ("<within line='north' distance='diagonal'/>", &error);
  g_assert_no_error (error);
  g_assert_null (muster_region_template_resolve (tmpl, &context, &error));
  g_assert_error (error, MUSTER_SYSTEM_ERROR, MUSTER_SYSTEM_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "not a length"));
  g_clear_error (&error);

  g_clear_pointer (&tmpl, muster_region_template_free);
  tmpl = parse_template ("<within line='north' distance='depth'/>", &error);
  g_assert_null (muster_region_template_resolve (tmpl, &context, &error));
  g_assert_nonnull (strstr (error->message, "unknown name “depth”"));
}

static void
test_template_errors (void)
{
  static const struct {
    const char *xml;
    const char *fragment;
  } cases[] = {
    { "", "needs at least one region" },
    { "<beyond line='centre' side='north' distance='width*height'/>", "area" },
    { "<beyond line='centre' side='north' distance='12ft'/>", "unknown unit" },
    { "<beyond line='centre' side='north' distance='(12'/>", "“)”" },
    { "<beyond line='centre' side='north'/>", "distance" },
    { "<beyond side='north' distance='1'/>", "line" },
    { "<beyond line='middle' distance='1'/>", "Unknown line “middle”" },
    { "<beyond line='centre' side='north-east' distance='1'/>", "not “north-east”" },
    { "<beyond line='north' side='south' distance='1'/>", "board edge" },
    { "<beyond line='centre' distance='1' inclusive='yes'/>", "true or false" },
    { "<polygon points='0,0 1,1'/>", "three points" },
    { "<polygon points='0,0 1 2,2'/>", "not a point" },
    { "<sphere/>", "not part of the zone language" },
    { "<union/>", "needs at least one region" },
    { "<choose/>", "at least one <when>" },
    { "<choose><otherwise><board/></otherwise><when><board/></when></choose>", "last" },
    { "<choose><when role='leader'><board/></when></choose>", "attacker" },
    { "<choose><when option='x'><board/></when></choose>", "both option and value" },
    { "<choose><when><base-within><board/></base-within></when></choose>", "needs at least one region" },
    { "<choose><when><board/><base-within><board/></base-within></when></choose>", "come first" },
    { "<base-within><board/></base-within>", "come first" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(MusterRegionTemplate) tmpl = NULL;
      g_autoptr(GError) error = NULL;

      tmpl = parse_template (cases[i].xml, &error);
      g_assert_null (tmpl);
      g_assert_error (error, MUSTER_SYSTEM_ERROR, MUSTER_SYSTEM_ERROR_INVALID);
      g_assert_true (g_str_has_prefix (error->message, "test.xml:"));
      if (strstr (error->message, cases[i].fragment) == NULL)
        g_error ("%s: message “%s” lacks “%s”", cases[i].xml, error->message, cases[i].fragment);
    }
}

static void
test_template_resolve_errors (void)
{
  static const struct {
    const char *xml;
    const char *fragment;
  } cases[] = {
    { "<within line='north' distance='width/(height - height)'/>", "division by zero" },
    { "<within line='north' distance='-2'/>", "negative" },
    { "<rect x='0' y='0' width='0' height='2'/>", "no area" },
    { "<circle cx='0' cy='0' r='-1'/>", "not positive" },
    { "<polygon points='0,0 1,1 2,2'/>", "<polygon>" },
    { "<within line='north' distance='depht'/>", "“depht”" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(MusterRegionTemplate) tmpl = NULL;
      g_autoptr(GError) error = NULL;
      MusterRegionContext context = { W72, H48, NULL, NULL, NULL, MUSTER_UNIT_INCH };

      tmpl = parse_template (cases[i].xml, &error);
      g_assert_no_error (error);
      g_assert_null (muster_region_template_resolve (tmpl, &context, &error));
      g_assert_error (error, MUSTER_SYSTEM_ERROR, MUSTER_SYSTEM_ERROR_INVALID);
      g_assert_true (g_str_has_prefix (error->message, "test.xml:2: "));
      if (strstr (error->message, cases[i].fragment) == NULL)
        g_error ("%s: message “%s” lacks “%s”", cases[i].xml, error->message, cases[i].fragment);
    }
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/region/half-plane", test_half_plane);
  g_test_add_func ("/core/region/board", test_board);
  g_test_add_func ("/core/region/polygon-circle", test_polygon_circle);
  g_test_add_func ("/core/region/sets", test_sets);
  g_test_add_func ("/core/region/if-within", test_if_within);
  g_test_add_func ("/core/region/grid", test_grid);
  g_test_add_func ("/core/region/clip", test_clip);
  g_test_add_func ("/core/region/template/centre", test_template_centre);
  g_test_add_func ("/core/region/template/portrait", test_template_portrait);
  g_test_add_func ("/core/region/template/edges", test_template_edges);
  g_test_add_func ("/core/region/template/diagonals", test_template_diagonals);
  g_test_add_func ("/core/region/template/short-edges", test_template_short_edges);
  g_test_add_func ("/core/region/template/band", test_template_band);
  g_test_add_func ("/core/region/template/shapes", test_template_shapes);
  g_test_add_func ("/core/region/template/choose", test_template_choose);
  g_test_add_func ("/core/region/template/option-not-length", test_template_option_not_length);
  g_test_add_func ("/core/region/template/errors", test_template_errors);
  g_test_add_func ("/core/region/template/resolve-errors", test_template_resolve_errors);

  return g_test_run ();
}
