/* test-terrain.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* Terrain as the table and the page show it: its name on it, and on a
 * diagram a legend entry for each kind on the table. */

#include "config.h"

#include <math.h>

#include "muster-render.h"
#include "muster-sheets.h"

#define INCH MUSTER_MM_PER_INCH

/* A 72″ × 48″ Frontline Clash table with terrain over the box from
 * (x0, y0) to (x1, y1), in mm, named or not. */
static MusterScene *
table_with_terrain_at (MusterTerrainKind  kind,
                       const char        *name,
                       double             x0,
                       double             y0,
                       double             x1,
                       double             y1,
                       MusterLayout     **layout_out)
{
  MusterSystem *system = muster_system_registry_lookup (muster_system_registry_get_default (), "t9a");
  MusterLayout *layout = muster_layout_new ("t9a", "frontline-clash", 72 * INCH, 48 * INCH);
  MusterPoint points[] = { { x0, y0 }, { x1, y0 }, { x1, y1 }, { x0, y1 } };
  MusterTerrain *building = muster_terrain_new ("t1", kind, points, G_N_ELEMENTS (points));

  building->name = g_strdup (name);
  muster_layout_add_terrain (layout, building);
  *layout_out = layout;

  return muster_scene_new (layout, system, NULL);
}

/* The same with a 20″ × 10″ piece of terrain in the middle. */
static MusterScene *
table_with_terrain (MusterTerrainKind  kind,
                    const char        *name,
                    MusterLayout     **layout_out)
{
  return table_with_terrain_at (kind, name, 26 * INCH, 19 * INCH, 46 * INCH, 29 * INCH, layout_out);
}

static MusterScene *
table_with_building (const char    *name,
                     MusterLayout **layout_out)
{
  return table_with_terrain (MUSTER_TERRAIN_BUILDING, name, layout_out);
}

/* How many pixels of the surface's rectangle are lighter than the building. */
static guint
count_light (cairo_surface_t *surface,
             int              x0,
             int              y0,
             int              x1,
             int              y1)
{
  guint n = 0;

  cairo_surface_flush (surface);
  for (int y = y0; y < y1; y++)
    {
      const guint32 *row = (const guint32 *) (gconstpointer) (cairo_image_surface_get_data (surface) +
                                                               y * cairo_image_surface_get_stride (surface));

      for (int x = x0; x < x1; x++)
        n += ((row[x] >> 8) & 0xff) > 150;
    }

  return n;
}

/* The scene's terrain and labels drawn at 0.5 px a mm: how many pixels
 * of the rectangle (x0, y0)–(x1, y1), in pixels, are lighter than a dark
 * fill. */
static guint
light_within (MusterScene *scene,
              int          x0,
              int          y0,
              int          x1,
              int          y1)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 915, 610);
  cairo_t *cr = cairo_create (surface);
  guint n;

  muster_scene_set_flags (scene, MUSTER_RENDER_TERRAIN | MUSTER_RENDER_LABELS);
  cairo_scale (cr, 0.5, 0.5);
  muster_scene_render (scene, cr, 0.5);
  cairo_destroy (cr);
  n = count_light (surface, x0, y0, x1, y1);
  cairo_surface_destroy (surface);

  return n;
}

/* The same a little inside the outline of table_with_terrain()'s. */
static guint
light_on_terrain (MusterScene *scene)
{
  return light_within (scene, (int) (27 * INCH * 0.5), (int) (20 * INCH * 0.5),
                       (int) (45 * INCH * 0.5), (int) (28 * INCH * 0.5));
}

/* A building's name is written on it, light on its dark fill; a nameless
 * one is dark all over. */
static void
test_name_on_terrain (void)
{
  const char *names[] = { "Farmhouse", NULL };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      MusterLayout *layout = NULL;
      MusterScene *scene = table_with_building (names[i], &layout);

      if (names[i] != NULL)
        g_assert_cmpuint (light_on_terrain (scene), >, 10);
      else
        g_assert_cmpuint (light_on_terrain (scene), ==, 0);

      muster_scene_unref (scene);
      g_assert_finalize_object (layout);
    }
}

/* In the dark style, a wood's dark green bears its name in light letters,
 * as a building's dark grey does ("Wood" was dark on dark in a
 * screenshot). */
static void
test_name_on_dark_wood (void)
{
  MusterLayout *layout = NULL;
  MusterScene *scene = table_with_terrain (MUSTER_TERRAIN_AREA, "Wood", &layout);

  muster_scene_set_dark (scene, TRUE);
  g_assert_cmpuint (light_on_terrain (scene), >, 10);

  muster_scene_unref (scene);
  g_assert_finalize_object (layout);
}

/* A name is written across a building where a line of it fits within
 * nine tenths of its height, and not where it does not. At 0.5 px a mm
 * names are 18 mm (9 px) in size and their lines a little more: a
 * building lower than the size is not measured at all, which must not
 * lose a name that would have fitted. */
static void
test_name_where_it_just_fits (void)
{
  const struct { double height; gboolean named; } cases[] = {
    { 14, FALSE }, { 19, FALSE }, { 30, TRUE }, { 40, TRUE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      double x0 = 26 * INCH, y0 = 24 * INCH, x1 = x0 + 300, y1 = y0 + cases[i].height;
      MusterLayout *layout = NULL;
      MusterScene *scene = table_with_terrain_at (MUSTER_TERRAIN_BUILDING, "Hut", x0, y0, x1, y1, &layout);
      /* Within the building, a pixel in from its outline. */
      guint n = light_within (scene, (int) (x0 * 0.5) + 2, (int) (y0 * 0.5) + 2,
                              (int) (x1 * 0.5) - 2, (int) (y1 * 0.5) - 2);

      g_test_message ("%.0f mm high: %u light pixels", cases[i].height, n);
      if (cases[i].named)
        g_assert_cmpuint (n, >, 5);
      else
        g_assert_cmpuint (n, ==, 0);

      muster_scene_unref (scene);
      g_assert_finalize_object (layout);
    }
}

/* The page's legend has a swatch of the building's dark grey when a
 * building stands on the table and terrain is drawn, and none when it
 * is not. */
static void
test_legend_terrain (void)
{
  MusterRenderFlags flags[] = { MUSTER_RENDER_ALL, MUSTER_RENDER_ALL & ~MUSTER_RENDER_TERRAIN };

  for (guint i = 0; i < G_N_ELEMENTS (flags); i++)
    {
      MusterLayout *layout = NULL;
      MusterScene *scene = table_with_building ("Farmhouse", &layout);
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 842, 595);
      cairo_t *cr = cairo_create (surface);
      guint grey = 0;

      muster_scene_set_flags (scene, flags[i]);
      muster_sheets_draw_fit (scene, cr, 842, 595);
      cairo_destroy (cr);
      cairo_surface_flush (surface);

      /* Below the table: the legend's row. */
      for (int y = 520; y < 595; y++)
        {
          const guint32 *row = (const guint32 *) (gconstpointer) (cairo_image_surface_get_data (surface) +
                                                                   y * cairo_image_surface_get_stride (surface));

          for (int x = 0; x < 842; x++)
            {
              int r = (row[x] >> 16) & 0xff, g = (row[x] >> 8) & 0xff, b = row[x] & 0xff;

              /* The building's fill, 0.36 0.34 0.33 at 0.92 over the table. */
              grey += abs (r - 105) < 12 && abs (g - 100) < 12 && abs (b - 96) < 12;
            }
        }
      if (i == 0)
        g_assert_cmpuint (grey, >, 100);
      else
        g_assert_cmpuint (grey, ==, 0);

      cairo_surface_destroy (surface);
      muster_scene_unref (scene);
      g_assert_finalize_object (layout);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/render/terrain/name", test_name_on_terrain);
  g_test_add_func ("/render/terrain/dark-wood", test_name_on_dark_wood);
  g_test_add_func ("/render/terrain/name-where-it-just-fits", test_name_where_it_just_fits);
  g_test_add_func ("/render/terrain/legend", test_legend_terrain);

  return g_test_run ();
}
