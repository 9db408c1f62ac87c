/* test-piece-labels.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "muster-render.h"

/* Tests of the names drawn on pieces (src/render/muster-render-pieces.c),
 * each piece drawn alone and compared with the same piece unnamed. */

#define INCH MUSTER_MM_PER_INCH

/* Renders one piece of the name alone, on base turned by rotation, at px
 * pixels a millimetre; the surface is the caller's. */
static cairo_surface_t *
render_turned_piece (const char       *name,
                     MusterPieceKind   kind,
                     const MusterBase *base,
                     double            rotation,
                     double            px,
                     gboolean          screen)
{
  MusterSystem *system = muster_system_registry_lookup (muster_system_registry_get_default (), "t9a");
  g_autoptr(MusterLayout) layout = muster_layout_new ("t9a", "frontline-clash", 10 * INCH, 10 * INCH);
  MusterPiece *piece = muster_piece_new ("u1", kind, "red", base, 5 * INCH, 5 * INCH);
  g_autoptr(MusterScene) scene = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;

  piece->rotation = rotation;
  piece->name = g_strdup (name);
  muster_layout_add_piece (layout, piece);
  scene = muster_scene_new (layout, system, NULL);
  muster_scene_set_flags (scene, MUSTER_RENDER_PIECES);
  muster_scene_set_screen (scene, screen);
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) ceil (10 * INCH * px),
                                        (int) ceil (10 * INCH * px));
  cr = cairo_create (surface);
  cairo_scale (cr, px, px);
  muster_scene_render (scene, cr, px);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  return surface;
}

static cairo_surface_t *
render_named_piece (const char      *name,
                    MusterPieceKind  kind,
                    double           px)
{
  MusterBase base = { MUSTER_BASE_RECT, 30, 40 };

  return render_turned_piece (name, kind, &base, 0, px, FALSE);
}

static gboolean
same_pixels (cairo_surface_t *a,
             cairo_surface_t *b)
{
  int stride = cairo_image_surface_get_stride (a);
  int height = cairo_image_surface_get_height (a);

  return stride == cairo_image_surface_get_stride (b) && height == cairo_image_surface_get_height (b) &&
         memcmp (cairo_image_surface_get_data (a), cairo_image_surface_get_data (b),
                 (size_t) stride * height) == 0;
}

/* The width and height in pixels of the box around where a and b
 * differ. */
static void
differing_box (cairo_surface_t *a,
               cairo_surface_t *b,
               int             *width,
               int             *height)
{
  int stride = cairo_image_surface_get_stride (a);
  const guint32 *pa = (const guint32 *) (gpointer) cairo_image_surface_get_data (a);
  const guint32 *pb = (const guint32 *) (gpointer) cairo_image_surface_get_data (b);
  int x0 = G_MAXINT, y0 = G_MAXINT, x1 = -1, y1 = -1;

  for (int y = 0; y < cairo_image_surface_get_height (a); y++)
    for (int x = 0; x < cairo_image_surface_get_width (a); x++)
      if (pa[y * stride / 4 + x] != pb[y * stride / 4 + x])
        {
          x0 = MIN (x0, x);
          y0 = MIN (y0, y);
          x1 = MAX (x1, x);
          y1 = MAX (y1, y);
        }

  *width = x1 < 0 ? 0 : x1 - x0 + 1;
  *height = y1 < 0 ? 0 : y1 - y0 + 1;
}

/* The height in pixels of the rows where a and b differ. */
static int
differing_rows (cairo_surface_t *a,
                cairo_surface_t *b)
{
  int width, height;

  differing_box (a, b, &width, &height);

  return height;
}

/* A piece is labelled with its name, shortened in small letters where the base is
 * small, and never with its internal id in the name's place. */
static void
test_piece_labels (void)
{
  cairo_surface_t *blank_small = render_named_piece (" ", MUSTER_PIECE_UNIT, 1.0);
  cairo_surface_t *named_small = render_named_piece ("Skirmishers 3", MUSTER_PIECE_UNIT, 1.0);
  cairo_surface_t *blank_large = render_named_piece (" ", MUSTER_PIECE_UNIT, 6.0);
  cairo_surface_t *named_large = render_named_piece ("Skirmishers 3", MUSTER_PIECE_UNIT, 6.0);
  cairo_surface_t *short_small = render_named_piece ("Ix", MUSTER_PIECE_UNIT, 1.0);
  cairo_surface_t *unnamed_unit = render_named_piece (NULL, MUSTER_PIECE_UNIT, 6.0);
  cairo_surface_t *blank_objective = render_named_piece (" ", MUSTER_PIECE_OBJECTIVE, 6.0);
  cairo_surface_t *unnamed_objective = render_named_piece (NULL, MUSTER_PIECE_OBJECTIVE, 6.0);
  cairo_surface_t *unnamed_small = render_named_piece (NULL, MUSTER_PIECE_UNIT, 1.0);

  /* At 1 px a millimetre a 30 mm base has room for "u1" but not for the
   * whole name, even in 8-pixel letters: the name is cut short, in those
   * small letters, not in the large ones of a name that fits whole, and
   * is not the id. */
  g_assert_false (same_pixels (blank_small, named_small));
  g_assert_false (same_pixels (unnamed_small, named_small));
  g_assert_cmpint (differing_rows (blank_small, named_small), <, differing_rows (blank_small, short_small));
  g_assert_cmpint (differing_rows (blank_small, named_small), <=, 9);
  /* A short name fits. */
  g_assert_false (same_pixels (blank_small, short_small));
  /* Close up, the name is there. */
  g_assert_false (same_pixels (blank_large, named_large));
  /* Where the whole name fits in smaller letters, it is written whole
   * rather than cut short: its last character shows. */
  {
    cairo_surface_t *three = render_named_piece ("Skirmishers 3", MUSTER_PIECE_UNIT, 3.0);
    cairo_surface_t *four = render_named_piece ("Skirmishers 4", MUSTER_PIECE_UNIT, 3.0);

    g_assert_false (same_pixels (three, four));
    cairo_surface_destroy (three);
    cairo_surface_destroy (four);
  }
  /* A unit with no name shows its id, all that tells it apart; an
   * objective shows what it is without one. */
  g_assert_false (same_pixels (blank_large, unnamed_unit));
  g_assert_true (same_pixels (blank_objective, unnamed_objective));

  cairo_surface_destroy (unnamed_unit);
  cairo_surface_destroy (unnamed_small);
  cairo_surface_destroy (blank_objective);
  cairo_surface_destroy (unnamed_objective);

  cairo_surface_destroy (blank_small);
  cairo_surface_destroy (named_small);
  cairo_surface_destroy (blank_large);
  cairo_surface_destroy (named_large);
  cairo_surface_destroy (short_small);
}

/* A turned unit's name runs along its front, within the base, rather
 * than level across the box around it: a unit turned a quarter is
 * labelled down its length, in the letters it has unturned, and never
 * upside down (turned half round, it reads as unturned; three quarters,
 * as turned one). On paper as on a screen, where the letters are drawn
 * as their outlines, turned. */
static void
test_piece_labels_turned (void)
{
  MusterBase base = { MUSTER_BASE_RECT, 125, 50 };

  for (guint screen = 0; screen < 2; screen++)
    {
      int width[4], height[4];

      for (guint quarter = 0; quarter < 4; quarter++)
        {
          cairo_surface_t *blank = render_turned_piece (" ", MUSTER_PIECE_UNIT, &base, 90.0 * quarter, 1.0, screen);
          cairo_surface_t *named = render_turned_piece ("Knights", MUSTER_PIECE_UNIT, &base, 90.0 * quarter, 1.0,
                                                        screen);

          differing_box (blank, named, &width[quarter], &height[quarter]);
          cairo_surface_destroy (blank);
          cairo_surface_destroy (named);
        }

      g_assert_cmpint (width[0], >, 2 * height[0]);
      g_assert_cmpint (height[1], >, 2 * width[1]);
      g_assert_cmpint (ABS (height[1] - width[0]), <=, 2);
      g_assert_cmpint (ABS (width[1] - height[0]), <=, 2);
      g_assert_cmpint (width[2], ==, width[0]);
      g_assert_cmpint (height[2], ==, height[0]);
      g_assert_cmpint (width[3], ==, width[1]);
      g_assert_cmpint (height[3], ==, height[1]);
    }
}

/* On paper, where small letters stay sharp, a name is written whole in
 * smaller letters than a screen shows: a unit's name on a diagram fitted
 * to a sheet (half a point a millimetre) is whole there, its last
 * character drawn, where the screen at that scale cuts it short. */
static void
test_piece_labels_paper (void)
{
  MusterBase base = { MUSTER_BASE_RECT, 100, 80 };

  for (guint screen = 0; screen < 2; screen++)
    {
      cairo_surface_t *eight = render_turned_piece ("Orc Warriors 8", MUSTER_PIECE_UNIT, &base, 0, 0.5, screen);
      cairo_surface_t *nine = render_turned_piece ("Orc Warriors 9", MUSTER_PIECE_UNIT, &base, 0, 0.5, screen);

      g_assert_true (same_pixels (eight, nine) == (screen != 0));
      cairo_surface_destroy (eight);
      cairo_surface_destroy (nine);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/render/pieces/labels", test_piece_labels);
  g_test_add_func ("/render/pieces/labels-turned", test_piece_labels_turned);
  g_test_add_func ("/render/pieces/labels-paper", test_piece_labels_paper);

  return g_test_run ();
}
