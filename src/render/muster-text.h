/* muster-text.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <pango/pangocairo.h>

G_BEGIN_DECLS

/* One family, as Pango describes the fonts it finds: Pango measures a
 * font's line height (for every layout) with a layout of its own in the
 * font as it describes it, and shares our fonts only when our
 * description is that one. "Cantarell, Sans" cost each weight a second
 * font set, sorted by fontconfig (5 M instructions of a diagram's 92 M).
 * Where Cantarell is missing, fontconfig still falls back to the sans
 * serif face, as it did for "Sans". */
#define MUSTER_TEXT_FONT "Cantarell"

/* Text in Muster's drawings and pages: a PangoLayout laid out in one of
 * two fonts (Muster's, regular and bold) at one size, with no hinting
 * and no transformation, and scaled to the size it was asked for when
 * it is measured and drawn. Measure and draw it with the functions below,
 * never with Pango's own, which know nothing of the scale.
 *
 * Why: each new size of a font, and each new transformation of one (a
 * zoom, a label turned upright), costs Pango and FreeType the font again:
 * its metrics, which Pango measures by laying out a sample text, and its
 * glyphs. A PDF export that laid its text out at the sizes it was drawn
 * (some six fonts) spent more on them than on all it drew. Unhinted
 * metrics also lay a text out the same on every surface, so that what is
 * measured on one is drawn the same on another. */

PangoLayout *muster_text_new         (const char     *text,
                                      double          size,
                                      gboolean        bold);
/* Makes layout (one of muster_text_new()'s) another text, size or weight,
 * keeping its shaping when the text and weight stay. */
void         muster_text_set         (PangoLayout    *layout,
                                      const char     *text,
                                      double          size,
                                      gboolean        bold);
/* As pango_layout_get_extents(), at the text's size. */
void         muster_text_get_extents (PangoLayout    *layout,
                                      PangoRectangle *ink,
                                      PangoRectangle *logical);
/* As pango_layout_set_width(), in units of the text's size (-1: none). */
void         muster_text_set_width   (PangoLayout    *layout,
                                      double          width);
/* As pango_cairo_show_layout(), from the current point. */
void         muster_text_show        (cairo_t        *cr,
                                      PangoLayout    *layout);
/* As pango_cairo_layout_path(), from the current point. */
void         muster_text_path        (cairo_t        *cr,
                                      PangoLayout    *layout);

G_END_DECLS
