/* test-render.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "muster-render.h"

#define INCH MUSTER_MM_PER_INCH
#define PX_PER_MM 2.0

typedef struct
{
  MusterLayout    *layout;
  MusterSystem    *system;
  MusterScene     *scene;
  cairo_surface_t *surface;
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  const char *deployment = data;
  cairo_t *cr;

  f->system = muster_system_registry_lookup (muster_system_registry_get_default (), "t9a");
  g_assert_nonnull (f->system);
  f->layout = muster_layout_new ("t9a", deployment, 72 * INCH, 48 * INCH);
  muster_layout_update_player (f->layout, "red", "south", "attacker", "west");
  muster_layout_update_player (f->layout, "blue", "north", "defender", "east");
  f->scene = muster_scene_new (f->layout, f->system, NULL);
  muster_scene_set_flags (f->scene, MUSTER_RENDER_ZONES | MUSTER_RENDER_GRID);

  f->surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24,
                                           (int) ceil (72 * INCH * PX_PER_MM),
                                           (int) ceil (48 * INCH * PX_PER_MM));
  cr = cairo_create (f->surface);
  cairo_scale (cr, PX_PER_MM, PX_PER_MM);
  muster_scene_render (f->scene, cr, PX_PER_MM);
  cairo_destroy (cr);
  cairo_surface_flush (f->surface);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  cairo_surface_destroy (f->surface);
  muster_scene_unref (f->scene);
  g_assert_finalize_object (f->layout);
}

/* The colour of the pixel under a board point given in inches. */
static MusterColor
pixel_at (Fixture *f,
          double   x_in,
          double   y_in)
{
  int px = (int) (x_in * INCH * PX_PER_MM);
  int py = (int) (y_in * INCH * PX_PER_MM);
  const guint8 *row = cairo_image_surface_get_data (f->surface) +
                      py * cairo_image_surface_get_stride (f->surface);
  guint32 pixel = ((const guint32 *) row)[px];

  return (MusterColor) {
    ((pixel >> 16) & 0xff) / 255.0,
    ((pixel >> 8) & 0xff) / 255.0,
    (pixel & 0xff) / 255.0,
  };
}

static gboolean
color_near (MusterColor a,
            MusterColor b)
{
  return fabs (a.r - b.r) < 0.02 && fabs (a.g - b.g) < 0.02 && fabs (a.b - b.b) < 0.02;
}

static void
test_zone_pixels (Fixture       *f,
                  gconstpointer  data)
{
  GPtrArray *players = muster_layout_get_players (f->layout);
  /* Red (index 0) deploys south, blue (index 1) north. */
  MusterColor red_zone = muster_scene_get_zone_color (f->scene, 0);
  MusterColor blue_zone = muster_scene_get_zone_color (f->scene, 1);

  g_assert_cmpuint (players->len, ==, 2);
  g_assert_false (color_near (red_zone, blue_zone));

  /* Well inside each zone, off the grid lines. */
  g_assert_true (color_near (pixel_at (f, 36.5, 44.5), red_zone));
  g_assert_true (color_near (pixel_at (f, 10.5, 3.5), blue_zone));
  /* Inside the zones up to their edge, 12.1" from the Centre Line. */
  g_assert_true (color_near (pixel_at (f, 30.5, 36.2), red_zone));
  g_assert_true (color_near (pixel_at (f, 30.5, 11.8), blue_zone));

  /* The 24" band around the Centre Line belongs to nobody. */
  for (double y = 12.5; y < 36; y += 1.0)
    {
      MusterColor c = pixel_at (f, 40.5, y);

      g_assert_false (color_near (c, red_zone));
      g_assert_false (color_near (c, blue_zone));
    }
}

/* Each pixel is coloured exactly where the core says the zone is. */
static void
test_pixels_follow_core (Fixture       *f,
                         gconstpointer  data)
{
  g_autoptr(MusterRegion) south = NULL;
  g_autoptr(GError) error = NULL;
  const MusterDeployment *deployment;
  MusterColor red_zone = muster_scene_get_zone_color (f->scene, 0);
  guint checked = 0;

  deployment = muster_system_lookup_deployment (f->system, muster_layout_get_deployment_id (f->layout));
  south = muster_system_resolve_zone (f->system, deployment, "south",
                                      72 * INCH, 48 * INCH, NULL, "attacker", "west", &error);
  g_assert_no_error (error);

  for (double y = 0.25; y < 48; y += 0.5)
    for (double x = 0.25; x < 72; x += 2.5)
      {
        MusterPoint p = { x * INCH, y * INCH };
        gboolean inside = muster_region_contains_point (south, p);
        gboolean on_edge = FALSE;

        /* Skip pixels on an antialiased zone edge. */
        for (int dx = -1; dx <= 1; dx++)
          for (int dy = -1; dy <= 1; dy++)
            {
              MusterPoint q = { p.x + dx * 1.0, p.y + dy * 1.0 };

              if (muster_region_contains_point (south, q) != inside)
                on_edge = TRUE;
            }
        if (on_edge)
          continue;

        g_assert_cmpint (inside, ==, color_near (pixel_at (f, x, y), red_zone));
        checked++;
      }

  g_assert_cmpuint (checked, >, 1000);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/render/board/zone-pixels", Fixture, "frontline-clash",
              fixture_set_up, test_zone_pixels, fixture_tear_down);
  g_test_add ("/render/board/pixels-follow-core", Fixture, "frontline-clash",
              fixture_set_up, test_pixels_follow_core, fixture_tear_down);
  g_test_add ("/render/board/pixels-follow-core-dawn-assault", Fixture, "dawn-assault",
              fixture_set_up, test_pixels_follow_core, fixture_tear_down);

  return g_test_run ();
}
