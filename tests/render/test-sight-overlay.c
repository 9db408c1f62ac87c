/* test-sight-overlay.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "muster-render.h"
#include "muster-sight-overlay.h"

#define INCH      MUSTER_MM_PER_INCH
#define TABLE     (48 * INCH)
#define PX_PER_MM 0.5

typedef struct
{
  double r, g, b, a;
} Pixel;

static MusterLayout *
make_layout (void)
{
  MusterLayout *layout = muster_layout_new ("infinity", "standard", TABLE, TABLE);
  MusterBase base = { MUSTER_BASE_ROUND, 25, 25 };
  MusterPoint house[] = { { 550, 500 }, { 650, 500 }, { 650, 700 }, { 550, 700 } };
  MusterPiece *piece = muster_piece_new ("a", MUSTER_PIECE_MODEL, "red", &base, 300, 600);

  piece->rotation = 90;   /* east */
  g_assert_true (muster_layout_add_piece (layout, piece));
  muster_layout_add_terrain (layout, muster_terrain_new ("house", MUSTER_TERRAIN_BUILDING, house, 4));

  return layout;
}

static cairo_surface_t *
paint_white (void)
{
  int size = (int) ceil (TABLE * PX_PER_MM);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, size, size);
  cairo_t *cr = cairo_create (surface);

  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_destroy (cr);

  return surface;
}

static void
draw_overlay (cairo_surface_t       *surface,
              const MusterSightGrid *grid)
{
  cairo_t *cr = cairo_create (surface);

  cairo_scale (cr, PX_PER_MM, PX_PER_MM);
  muster_sight_overlay_render (cr, grid, PX_PER_MM);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
}

static Pixel
pixel_at (cairo_surface_t *surface,
          double           x_mm,
          double           y_mm)
{
  const guint8 *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  int x = (int) floor (x_mm * PX_PER_MM);
  int y = (int) floor (y_mm * PX_PER_MM);
  guint32 v = *(const guint32 *) (gconstpointer) (data + y * stride + x * 4);

  return (Pixel) { ((v >> 16) & 0xff) / 255.0, ((v >> 8) & 0xff) / 255.0, (v & 0xff) / 255.0, (v >> 24) / 255.0 };
}

static double
lightness (Pixel p)
{
  return (p.r + p.g + p.b) / 3.0;
}

static void
test_overlay_shades_hidden_cells (void)
{
  g_autoptr(MusterLayout) layout = make_layout ();
  const MusterPiece *viewer = muster_layout_lookup_piece (layout, "a");
  g_autoptr(MusterSightGrid) grid = muster_sight_visible_cells (layout, &viewer, 1, INCH / 2);
  cairo_surface_t *surface = paint_white ();
  double darkest = 1.0, lightest = 0.0;

  draw_overlay (surface, grid);

  /* Seen: untouched. */
  g_assert_cmpfloat (lightness (pixel_at (surface, 800, 200)), ==, 1.0);
  g_assert_cmpfloat (lightness (pixel_at (surface, 450, 605)), ==, 1.0);

  /* Hidden behind the building and behind the viewer's back: shaded. */
  g_assert_cmpfloat (lightness (pixel_at (surface, 800, 600)), <, 0.85);
  g_assert_cmpfloat (lightness (pixel_at (surface, 100, 600)), <, 0.85);
  g_assert_cmpfloat (lightness (pixel_at (surface, 100, 600)), >, 0.2);

  /* Hatched: across a hidden stretch, lines and gaps alternate. */
  for (double x = 100; x < 120; x += 1.0 / PX_PER_MM)
    {
      double l = lightness (pixel_at (surface, x, 900));

      darkest = MIN (darkest, l);
      lightest = MAX (lightest, l);
    }
  g_assert_cmpfloat (lightest - darkest, >, 0.1);

  cairo_surface_destroy (surface);
}

static void
test_overlay_all_seen (void)
{
  g_autoptr(MusterSightGrid) grid = muster_sight_grid_new (TABLE, TABLE, INCH / 2);
  cairo_surface_t *surface = paint_white ();

  memset (grid->cells, 1, (gsize) grid->n_columns * grid->n_rows);
  draw_overlay (surface, grid);

  for (double y = 5; y < TABLE; y += 97)
    for (double x = 5; x < TABLE; x += 89)
      g_assert_cmpfloat (lightness (pixel_at (surface, x, y)), ==, 1.0);

  cairo_surface_destroy (surface);
}

static void
test_overlay_partial_cells (void)
{
  /* 1000 × 600 in 300 mm cells: the last column is 100 mm wide and the
   * shading stops at the board's edge. */
  g_autoptr(MusterSightGrid) grid = muster_sight_grid_new (1000, 600, 300);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 600, 400);
  Pixel inside, outside;

  draw_overlay (surface, grid);
  inside = pixel_at (surface, 990, 590);
  outside = pixel_at (surface, 1010, 590);
  g_assert_cmpfloat (inside.a, >, 0.2);
  g_assert_cmpfloat (outside.a, ==, 0.0);

  cairo_surface_destroy (surface);
}

/* Board and overlay together, for people to look at:
 * G_TEST_BUILDDIR/sight-overlay.png. */
static void
test_overlay_over_scene (void)
{
  g_autoptr(MusterLayout) layout = make_layout ();
  MusterSystem *system = muster_system_registry_lookup (muster_system_registry_get_default (), "infinity");
  g_autoptr(MusterValidator) validator = NULL;
  g_autoptr(MusterScene) scene = NULL;
  g_autoptr(MusterSightGrid) grid = NULL;
  g_autofree char *path = NULL;
  const MusterPiece *viewer;
  cairo_surface_t *surface;
  double scale = 1.0;
  cairo_t *cr;

  g_assert_nonnull (system);
  validator = muster_validator_new (layout, system, NULL);
  scene = muster_scene_new (layout, system, validator);
  viewer = muster_layout_lookup_piece (layout, "a");
  grid = muster_sight_visible_cells (layout, &viewer, 1, INCH / 2);

  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) (TABLE * scale), (int) (TABLE * scale));
  cr = cairo_create (surface);
  cairo_scale (cr, scale, scale);
  muster_scene_render (scene, cr, scale);
  muster_sight_overlay_render (cr, grid, scale);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);

  path = g_test_build_filename (G_TEST_BUILT, "sight-overlay.png", NULL);
  g_assert_cmpint (cairo_surface_write_to_png (surface, path), ==, CAIRO_STATUS_SUCCESS);
  g_test_message ("wrote %s", path);
  cairo_surface_destroy (surface);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/render/sight-overlay/shades-hidden-cells", test_overlay_shades_hidden_cells);
  g_test_add_func ("/render/sight-overlay/all-seen", test_overlay_all_seen);
  g_test_add_func ("/render/sight-overlay/partial-cells", test_overlay_partial_cells);
  g_test_add_func ("/render/sight-overlay/over-scene", test_overlay_over_scene);

  return g_test_run ();
}
