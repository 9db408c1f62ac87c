/* test-text.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "test-text"

#include "config.h"

#include <math.h>

#include "muster-text.h"

/* The font of the first run of a layout's first line. */
static PangoFont *
font_of (PangoLayout *layout)
{
  PangoLayoutLine *line = pango_layout_get_line_readonly (layout, 0);
  PangoGlyphItem *run = line->runs->data;

  return run->item->analysis.font;
}

/* Text of any size is laid out in one font per weight: a new size costs
 * no new font. */
static void
test_one_font_per_weight (void)
{
  const double sizes[] = { 7, 9, 10, 16, 27.6876, 41.5, 120 };
  PangoFont *fonts[2] = { NULL, NULL };

  for (guint bold = 0; bold < 2; bold++)
    for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
      {
        g_autoptr(PangoLayout) layout = muster_text_new ("Defender — North 18″", sizes[i], bold);
        PangoRectangle logical;

        muster_text_get_extents (layout, NULL, &logical);
        if (fonts[bold] == NULL)
          fonts[bold] = g_object_ref (font_of (layout));
        g_assert_true (font_of (layout) == fonts[bold]);
      }

  g_assert_true (fonts[0] != fonts[1]);
  g_object_unref (fonts[0]);
  g_object_unref (fonts[1]);
}

/* Letters keep the widths the font gives them. Pango would put each on a
 * whole pixel of the layout's size, and a name drawn at twice that size
 * or more would be spaced unevenly, by a fraction of a letter (and a page
 * would write each letter's place apart). */
static void
test_positions_not_rounded (void)
{
  g_autoptr(PangoLayout) layout = muster_text_new ("Defender — North", 16, TRUE);
  PangoLayoutLine *line = pango_layout_get_line_readonly (layout, 0);
  PangoGlyphString *glyphs = ((PangoGlyphItem *) line->runs->data)->glyphs;
  guint fractions = 0;

  for (int i = 0; i < glyphs->num_glyphs; i++)
    if (glyphs->glyphs[i].geometry.width % PANGO_SCALE != 0)
      fractions++;

  g_assert_cmpuint (fractions, >, 0);
}

/* Muster's fonts are described as Pango describes them, so that Pango
 * measures their line height with them rather than with fonts of its own
 * (see MUSTER_TEXT_FONT); where Cantarell is missing, there is nothing
 * to compare. */
static void
test_described_as_pango_does (void)
{
  for (guint bold = 0; bold < 2; bold++)
    {
      g_autoptr(PangoLayout) layout = muster_text_new ("Defender — North", 15, bold);
      g_autoptr(PangoFontDescription) described = NULL;
      PangoRectangle logical;

      muster_text_get_extents (layout, NULL, &logical);
      described = pango_font_describe_with_absolute_size (font_of (layout));
      if (g_strcmp0 (pango_font_description_get_family (described), "Cantarell") != 0)
        {
          g_test_skip ("Cantarell is not installed");
          return;
        }
      g_assert_true (pango_font_description_equal (described, pango_layout_get_font_description (layout)));
    }
}

/* Extents scale with the size; a layout set to another text, size and
 * weight measures as a new one would. */
static void
test_extents (void)
{
  g_autoptr(PangoLayout) small = muster_text_new ("Centre Line", 9, FALSE);
  g_autoptr(PangoLayout) big = muster_text_new ("Centre Line", 27, FALSE);
  g_autoptr(PangoLayout) bold = muster_text_new ("15″", 11, TRUE);
  PangoRectangle s, b, fresh, reused;

  muster_text_get_extents (small, NULL, &s);
  muster_text_get_extents (big, NULL, &b);
  g_assert_cmpint (s.width, >, 0);
  g_assert_cmpfloat_with_epsilon ((double) b.width / s.width, 3.0, 0.01);
  g_assert_cmpfloat_with_epsilon ((double) b.height / s.height, 3.0, 0.01);

  muster_text_get_extents (bold, NULL, &fresh);
  muster_text_set (small, "15″", 11, TRUE);
  muster_text_get_extents (small, NULL, &reused);
  g_assert_cmpint (reused.width, ==, fresh.width);
  g_assert_cmpint (reused.height, ==, fresh.height);
}

/* A width in the text's units wraps it there, whatever its size. */
static void
test_width (void)
{
  const char *text = "Cut along the dot-dash lines marked with scissors, lay each sheet over its neighbour";

  for (double size = 8; size <= 24; size *= 3)
    {
      g_autoptr(PangoLayout) layout = muster_text_new (text, size, FALSE);
      PangoRectangle logical;

      muster_text_set_width (layout, 20 * size);
      pango_layout_set_wrap (layout, PANGO_WRAP_WORD);
      muster_text_get_extents (layout, NULL, &logical);
      g_assert_cmpint (pango_layout_get_line_count (layout), >, 1);
      g_assert_cmpfloat (logical.width / (double) PANGO_SCALE, <=, 20 * size + 0.5);
    }
}

/* Drawn text lands where it was measured: the ink on an image matches
 * the extents at the text's size, under any transformation. */
static void
test_show (void)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_A8, 400, 200);
  cairo_t *cr = cairo_create (surface);
  g_autoptr(PangoLayout) layout = muster_text_new ("MMMM", 30, TRUE);
  PangoRectangle ink;
  const guint8 *data;
  int stride, x0 = 400, x1 = -1, y0 = 200, y1 = -1;

  muster_text_get_extents (layout, &ink, NULL);
  cairo_scale (cr, 2, 2);
  cairo_move_to (cr, 10, 10);
  muster_text_show (cr, layout);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  for (int y = 0; y < 200; y++)
    for (int x = 0; x < 400; x++)
      if (data[y * stride + x] > 128)
        {
          x0 = MIN (x0, x);
          x1 = MAX (x1, x);
          y0 = MIN (y0, y);
          y1 = MAX (y1, y);
        }

  /* In device pixels: twice the user units, from (20, 20). */
  g_assert_cmpfloat (fabs (x0 - (20 + 2.0 * ink.x / PANGO_SCALE)), <=, 2);
  g_assert_cmpfloat (fabs (x1 - (20 + 2.0 * (ink.x + ink.width) / PANGO_SCALE)), <=, 2);
  g_assert_cmpfloat (fabs (y0 - (20 + 2.0 * ink.y / PANGO_SCALE)), <=, 2);
  g_assert_cmpfloat (fabs (y1 - (20 + 2.0 * (ink.y + ink.height) / PANGO_SCALE)), <=, 2);
  cairo_surface_destroy (surface);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/render/text/one-font-per-weight", test_one_font_per_weight);
  g_test_add_func ("/render/text/described-as-pango-does", test_described_as_pango_does);
  g_test_add_func ("/render/text/positions-not-rounded", test_positions_not_rounded);
  g_test_add_func ("/render/text/extents", test_extents);
  g_test_add_func ("/render/text/width", test_width);
  g_test_add_func ("/render/text/show", test_show);

  return g_test_run ();
}
