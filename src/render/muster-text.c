/* muster-text.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-text"

#include "config.h"

#include <math.h>

#include "muster-text.h"

/* The size every text is laid out at, in the units of the surface it is
 * drawn on; muster_text_*() scale it to the text's own. */
#define LAYOUT_SIZE 10.0

typedef struct
{
  double   size;
  gboolean bold;
} TextSize;

static GQuark
text_size_quark (void)
{
  static GQuark quark;

  if (G_UNLIKELY (quark == 0))
    quark = g_quark_from_static_string ("muster-text-size");

  return quark;
}

static TextSize *
text_size_of (PangoLayout *layout)
{
  TextSize *ts = g_object_get_qdata (G_OBJECT (layout), text_size_quark ());

  g_return_val_if_fail (ts != NULL, NULL);

  return ts;
}

static double
scale_of (PangoLayout *layout)
{
  TextSize *ts = text_size_of (layout);

  return ts != NULL ? ts->size / LAYOUT_SIZE : 1.0;
}

/* Muster's font at LAYOUT_SIZE, regular or bold; made once. */
static const PangoFontDescription *
font_description (gboolean bold)
{
  static PangoFontDescription *fonts[2];
  static gsize made;

  if (g_once_init_enter (&made))
    {
      for (guint i = 0; i < 2; i++)
        {
          fonts[i] = pango_font_description_from_string (MUSTER_TEXT_FONT);
          pango_font_description_set_absolute_size (fonts[i], LAYOUT_SIZE * PANGO_SCALE);
          pango_font_description_set_weight (fonts[i], i == 1 ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
        }
      g_once_init_leave (&made, 1);
    }

  return fonts[bold ? 1 : 0];
}

PangoLayout *
muster_text_new (const char *text,
                 double      size,
                 gboolean    bold)
{
  PangoContext *context;
  cairo_font_options_t *options;
  PangoLayout *layout;
  TextSize *ts;

  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (size > 0, NULL);

  /* No transformation, no hinting, and every option set, so that the
   * fonts are the same whatever the surface (Pango keeps fonts by the
   * context's settings): one per weight. */
  context = pango_font_map_create_context (pango_cairo_font_map_get_default ());
  options = cairo_font_options_create ();
  cairo_font_options_set_antialias (options, CAIRO_ANTIALIAS_GRAY);
  cairo_font_options_set_subpixel_order (options, CAIRO_SUBPIXEL_ORDER_DEFAULT);
  cairo_font_options_set_hint_style (options, CAIRO_HINT_STYLE_NONE);
  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  pango_cairo_context_set_font_options (context, options);
  cairo_font_options_destroy (options);
  /* Letters where the font puts them, not on whole pixels of a layout
   * that is drawn at any size. */
  pango_context_set_round_glyph_positions (context, FALSE);

  layout = pango_layout_new (context);
  g_object_unref (context);
  ts = g_new (TextSize, 1);
  ts->size = size;
  ts->bold = bold;
  g_object_set_qdata_full (G_OBJECT (layout), text_size_quark (), ts, g_free);
  pango_layout_set_font_description (layout, font_description (bold));
  pango_layout_set_text (layout, text, -1);

  return layout;
}

void
muster_text_set (PangoLayout *layout,
                 const char  *text,
                 double       size,
                 gboolean     bold)
{
  TextSize *ts;

  g_return_if_fail (PANGO_IS_LAYOUT (layout));
  g_return_if_fail (text != NULL);
  g_return_if_fail (size > 0);

  ts = text_size_of (layout);
  g_return_if_fail (ts != NULL);

  ts->size = size;
  if (bold != ts->bold)
    {
      pango_layout_set_font_description (layout, font_description (bold));
      ts->bold = bold;
    }
  /* The same text again (the "!" of every illegal base) keeps its
   * shaping. */
  if (g_strcmp0 (pango_layout_get_text (layout), text) != 0)
    pango_layout_set_text (layout, text, -1);
}

static void
scale_rectangle (PangoRectangle *rect,
                 double          k)
{
  double x0 = rect->x * k, y0 = rect->y * k;
  double x1 = (rect->x + rect->width) * k, y1 = (rect->y + rect->height) * k;

  rect->x = (int) round (x0);
  rect->y = (int) round (y0);
  rect->width = (int) round (x1) - rect->x;
  rect->height = (int) round (y1) - rect->y;
}

void
muster_text_get_extents (PangoLayout    *layout,
                         PangoRectangle *ink,
                         PangoRectangle *logical)
{
  double k;

  g_return_if_fail (PANGO_IS_LAYOUT (layout));

  k = scale_of (layout);
  pango_layout_get_extents (layout, ink, logical);
  if (ink != NULL)
    scale_rectangle (ink, k);
  if (logical != NULL)
    scale_rectangle (logical, k);
}

void
muster_text_set_width (PangoLayout *layout,
                       double       width)
{
  g_return_if_fail (PANGO_IS_LAYOUT (layout));

  pango_layout_set_width (layout, width < 0 ? -1 : (int) (width / scale_of (layout) * PANGO_SCALE));
}

/* The current point stays where it is on the surface as the scale
 * changes: the layout starts there. */
static void
at_size (cairo_t     *cr,
         PangoLayout *layout,
         void       (*draw) (cairo_t     *cr,
                             PangoLayout *layout))
{
  double k = scale_of (layout);

  cairo_save (cr);
  cairo_scale (cr, k, k);
  draw (cr, layout);
  cairo_restore (cr);
}

void
muster_text_show (cairo_t     *cr,
                  PangoLayout *layout)
{
  g_return_if_fail (cr != NULL);
  g_return_if_fail (PANGO_IS_LAYOUT (layout));

  at_size (cr, layout, pango_cairo_show_layout);
}

void
muster_text_path (cairo_t     *cr,
                  PangoLayout *layout)
{
  g_return_if_fail (cr != NULL);
  g_return_if_fail (PANGO_IS_LAYOUT (layout));

  at_size (cr, layout, pango_cairo_layout_path);
}
