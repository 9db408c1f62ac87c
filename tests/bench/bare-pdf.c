/* bare-pdf.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The least a program can do to put words in a PDF the way Muster's
 * diagrams do, as a yardstick of the export (bench-process.py export):
 * one A4 page with one rectangle and one line of text in Muster's font,
 * laid out with Pango on cairo's PDF surface, the font embedded. Its cost
 * over starting a process is the fixed price of the font machinery and of
 * writing a PDF, which every export pays before drawing anything of its
 * own.
 *
 *   bare-pdf OUT.pdf */

#include "config.h"

#include <cairo-pdf.h>
#include <pango/pangocairo.h>
#include <stdio.h>

int
main (int   argc,
      char *argv[])
{
  cairo_surface_t *surface;
  cairo_t *cr;
  PangoLayout *layout;
  PangoFontDescription *font;
  cairo_status_t status;

  if (argc != 2)
    {
      fprintf (stderr, "usage: bare-pdf OUT.pdf\n");
      return 2;
    }

  /* A4 in points, as Muster's diagrams. */
  surface = cairo_pdf_surface_create (argv[1], 595.276, 841.89);
  cr = cairo_create (surface);

  cairo_rectangle (cr, 36, 36, 523, 349);
  cairo_stroke (cr);

  layout = pango_cairo_create_layout (cr);
  font = pango_font_description_from_string ("Cantarell, Sans Bold 14");
  pango_layout_set_font_description (layout, font);
  pango_layout_set_text (layout, "Frontline Clash", -1);
  cairo_move_to (cr, 36, 400);
  pango_cairo_show_layout (cr, layout);

  cairo_show_page (cr);
  pango_font_description_free (font);
  g_object_unref (layout);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);

  if (status != CAIRO_STATUS_SUCCESS)
    {
      fprintf (stderr, "bare-pdf: %s\n", cairo_status_to_string (status));
      return 1;
    }

  return 0;
}
