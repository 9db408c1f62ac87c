/* muster-render-pieces.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-render"

#include "config.h"

#include <math.h>

#include "muster-render-private.h"
#include "muster-text.h"

/* Terrain and pieces, with their labels. */
/* Terrain, or (off_table) only terrain that reaches past the table's
 * edge, which the caller clips to what lies outside it: a building cut
 * off by a table made narrower must be seen to be moved. Terrain that
 * breaks a rule (off-board) is outlined in red, as pieces are. */
void
_muster_render_draw_terrain (MusterScene *self,
                             cairo_t     *cr,
                             double       px,
                             gboolean     off_table)
{
  GPtrArray *terrain = muster_layout_get_terrain (self->layout);
  double width = muster_layout_get_width (self->layout);
  double height = muster_layout_get_height (self->layout);

  for (guint i = 0; i < terrain->len; i++)
    {
      const MusterTerrain *t = g_ptr_array_index (terrain, i);
      gboolean bad = FALSE;
      MusterBox box;

      if (t->n_points < 3)
        continue;

      muster_terrain_get_bounds (t, &box);
      if (!_muster_render_in_view (self, box.x0, box.y0, box.x1, box.y1, MAX (0.4, 1.0 / px)))
        continue;
      if (off_table && box.x0 >= 0 && box.y0 >= 0 && box.x1 <= width && box.y1 <= height)
        continue;

      if (self->validator != NULL && (self->flags & MUSTER_RENDER_VIOLATIONS))
        {
          GPtrArray *v = muster_validator_get_piece_violations (self->validator, t->serial);

          bad = v != NULL && v->len > 0;
        }

      cairo_new_path (cr);
      cairo_move_to (cr, t->points[0].x, t->points[0].y);
      for (guint j = 1; j < t->n_points; j++)
        cairo_line_to (cr, t->points[j].x, t->points[j].y);
      cairo_close_path (cr);

      switch (t->kind)
        {
        case MUSTER_TERRAIN_BUILDING:
          cairo_set_source_rgba (cr, 0.36, 0.34, 0.33, 0.92);
          break;
        case MUSTER_TERRAIN_IMPASSABLE:
          cairo_set_source_rgba (cr, 0.45, 0.37, 0.28, 0.85);
          break;
        case MUSTER_TERRAIN_AREA:
          cairo_set_source_rgba (cr, 0.30, 0.50, 0.25, 0.35);
          break;
        default:
          g_assert_not_reached ();
        }
      cairo_fill_preserve (cr);
      if (bad)
        {
          cairo_set_line_width (cr, MAX (0.6, 2.5 / px));
          cairo_set_source_rgba (cr, 0.88, 0.11, 0.14, 0.95);
        }
      else
        {
          cairo_set_line_width (cr, MAX (0.4, 1.0 / px));
          cairo_set_source_rgba (cr, 0.15, 0.13, 0.10, 0.9);
        }
      cairo_stroke (cr);
    }
}

/* What a piece is labelled with in at most max_chars characters: its
 * name, or as much of it as fits before an ellipsis (three letters at
 * least); the id of a model or unit with no name, all that tells it
 * apart (objectives and markers show what they are without one); NULL
 * when nothing fits. */
static char *
piece_label (const MusterPiece *piece,
             double             max_chars)
{
  const char *name = piece->name != NULL && *piece->name != '\0' ? piece->name : NULL;
  const char *text = name != NULL ? name : piece->id;
  glong length = g_utf8_strlen (text, -1);
  g_autofree char *stem = NULL;
  glong keep;

  if (name == NULL && (piece->kind == MUSTER_PIECE_OBJECTIVE || piece->kind == MUSTER_PIECE_MARKER))
    return NULL;
  if (length <= max_chars)
    return g_strdup (text);
  if (name == NULL)
    return NULL;

  keep = (glong) floor (max_chars) - 1;
  if (keep < 3)
    return NULL;

  stem = g_utf8_substring (name, 0, keep);
  g_strchomp (stem);

  return g_strconcat (stem, "…", NULL);
}

  /* The name the player gave (a roster entry's), shortened with an
   * ellipsis where the base is too small for all of it, never the
   * internal id in its place; the id only for a piece with no name.
   * As large as the base allows between 9 and 14 device units
   * (pixels on screen, points on paper), or none where not even a
   * few letters fit: a label too small to read, or spilling over its
   * neighbours, helps no one. */
/* The width of label in bold letters of size pixels, in pixels. */
static double
label_width (MusterScene *self,
             cairo_t     *cr,
             const char  *label,
             double       size,
             double       px)
{
  g_autoptr(PangoLayout) layout = _muster_render_make_text (self, cr, label, size / px, TRUE);
  PangoRectangle logical;

  muster_text_get_extents (layout, NULL, &logical);

  return logical.width / (double) PANGO_SCALE * px;
}

static void
draw_piece_label (MusterScene         *self,
                  cairo_t             *cr,
                  const MusterPiece   *piece,
                  const MusterOutline *outline,
                  MusterColor          color,
                  double               px)
{
  double bw = (outline->bounds.x1 - outline->bounds.x0) * px;
  double bh = (outline->bounds.y1 - outline->bounds.y0) * px;
  double size = CLAMP (MIN (bw, bh) * 0.45, 9.0, 14.0);
  double room = bw * 0.92;
  gboolean named = piece->name != NULL && *piece->name != '\0';
  g_autofree char *label = NULL;
  double width;

  if (size > bh * 0.9)
    return;

  /* The whole name where it fits, else in smaller letters, down to 8
   * pixels, where it then fits: the whole name, small, says more on a
   * crowded table than half of it large. The name is measured once: its
   * width grows with the size of its letters (muster-text.h). */
  if (named)
    {
      width = label_width (self, cr, piece->name, size, px);
      if (width > room && size * room / width >= 8.0)
        {
          size *= room / width;
          width = room;
        }
      if (width <= room)
        label = g_strdup (piece->name);
    }

  /* Else as much of it as fits (not an id in smaller letters: small on a
   * small base, it only crowds the badge). Bold letters run about 0.62
   * of the size wide, wide ones more: measure, and shorten it until it
   * fits. */
  if (label == NULL)
    {
      label = piece_label (piece, room / (0.62 * size));
      width = label != NULL ? label_width (self, cr, label, size, px) : 0;
    }
  for (guint tries = 0; label != NULL && width > room && tries < 4; tries++)
    {
      glong length = g_utf8_strlen (label, -1);

      g_free (label);
      label = piece_label (piece, length - 1);
      width = label != NULL ? label_width (self, cr, label, size, px) : 0;
    }

  if (label != NULL)
    {
      double luminance = 0.2126 * color.r + 0.7152 * color.g + 0.0722 * color.b;

      if (luminance > 0.55)
        cairo_set_source_rgba (cr, 0.1, 0.1, 0.1, 0.95);
      else
        cairo_set_source_rgba (cr, 1, 1, 1, 0.95);
      _muster_render_draw_text_centred (self, cr, label, (outline->bounds.x0 + outline->bounds.x1) / 2,
                                        (outline->bounds.y0 + outline->bounds.y1) / 2, size / px, TRUE);
    }
}

void
muster_scene_draw_piece_label (MusterScene         *self,
                               cairo_t             *cr,
                               const MusterPiece   *piece,
                               const MusterOutline *outline,
                               MusterColor          color,
                               double               px_per_mm)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (cr != NULL);
  g_return_if_fail (piece != NULL);
  g_return_if_fail (outline != NULL);

  draw_piece_label (self, cr, piece, outline, color, px_per_mm);
}

/* Prone: the model lies down. Hatched across, with a dashed rim, so it
 * reads without colour and at any size. */
static void
draw_prone (cairo_t             *cr,
            const MusterOutline *outline,
            MusterColor          color,
            double               alpha,
            double               px)
{
  double step = MAX (1.0, 5.0 / px);
  double dash[] = { MAX (0.8, 3.0 / px), MAX (0.6, 2.0 / px) };

  cairo_save (cr);
  cairo_new_path (cr);
  muster_render_path_outline (cr, outline);
  cairo_clip (cr);
  _muster_render_set_color (cr, (MusterColor) { color.r * 0.45, color.g * 0.45, color.b * 0.45 }, 0.7 * alpha);
  cairo_set_line_width (cr, MAX (0.25, 1.0 / px));
  for (double t = outline->bounds.y0 + step / 2; t < outline->bounds.y1; t += step)
    {
      cairo_move_to (cr, outline->bounds.x0, t);
      cairo_line_to (cr, outline->bounds.x1, t);
    }
  cairo_stroke (cr);
  cairo_restore (cr);

  cairo_save (cr);
  cairo_new_path (cr);
  muster_render_path_outline (cr, outline);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.9 * alpha);
  cairo_set_line_width (cr, MAX (0.4, 1.5 / px));
  cairo_set_dash (cr, dash, 2, 0);
  cairo_stroke (cr);
  cairo_restore (cr);
}

void
muster_scene_draw_piece_base (MusterScene         *self,
                              cairo_t             *cr,
                              const MusterPiece   *piece,
                              const MusterOutline *outline,
                              MusterColor          color,
                              double               alpha,
                              double               px)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (cr != NULL);
  g_return_if_fail (piece != NULL);
  g_return_if_fail (outline != NULL);

  cairo_new_path (cr);
  muster_render_path_outline (cr, outline);
  _muster_render_set_color (cr, color, alpha * (piece->kind == MUSTER_PIECE_MARKER ? 0.55 : 0.85));
  cairo_fill_preserve (cr);
  cairo_set_line_width (cr, MAX (0.3, 1.2 / px));
  _muster_render_set_color (cr, (MusterColor) { color.r * 0.45, color.g * 0.45, color.b * 0.45 }, alpha);
  cairo_stroke (cr);

  if (piece->prone)
    draw_prone (cr, outline, color, alpha, px);

  /* The front edge, so facing reads at a glance. */
  if (outline->kind == MUSTER_OUTLINE_POLYGON && piece->base.shape == MUSTER_BASE_RECT)
    {
      cairo_move_to (cr, outline->points[0].x, outline->points[0].y);
      cairo_line_to (cr, outline->points[1].x, outline->points[1].y);
      cairo_set_line_width (cr, MAX (0.8, 2.5 / px));
      cairo_stroke (cr);
    }
}

/* A red outline and a "!" badge at the top-right corner: marks that stay
 * readable on a crowded table. */
static void
draw_violation_badge (MusterScene         *self,
                      cairo_t             *cr,
                      const MusterOutline *outline,
                      double               px)
{
  double r = MAX (1.2, 7.0 / px);
  double bx = outline->bounds.x1;
  double by = outline->bounds.y0;

  cairo_new_path (cr);
  muster_render_path_outline (cr, outline);
  cairo_set_line_width (cr, MAX (0.6, 2.5 / px));
  cairo_set_source_rgba (cr, 0.88, 0.11, 0.14, 0.95);
  cairo_stroke (cr);

  cairo_new_path (cr);
  cairo_arc (cr, bx, by, r, 0, 2 * G_PI);
  cairo_fill_preserve (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_set_line_width (cr, MAX (0.2, 1.0 / px));
  cairo_stroke (cr);
  _muster_render_draw_text_centred (self, cr, "!", bx, by, r * 1.5, TRUE);
}

/* Pieces, or only those that reach past the table's edge (off_table):
 * the caller clips those to what lies outside the table. */
void
_muster_render_draw_pieces (MusterScene *self,
                            cairo_t     *cr,
                            double       px,
                            gboolean     off_table)
{
  GPtrArray *pieces = muster_layout_get_pieces (self->layout);
  GPtrArray *players = muster_layout_get_players (self->layout);
  /* Past a base's outline: its strokes and its badge (the label stays
   * within the base). */
  double badge = MAX (1.2, 7.0 / px);
  double slack = 2 * badge + MAX (0.8, 2.5 / px);

  for (guint i = 0; i < pieces->len; i++)
    {
      const MusterPiece *piece = g_ptr_array_index (pieces, i);
      MusterOutline outline;
      MusterColor color = { 0.55, 0.55, 0.55 };
      gboolean bad = FALSE;
      double reach = piece->base.shape == MUSTER_BASE_ROUND
                     ? piece->base.width / 2
                     : hypot (piece->base.width, piece->base.depth) / 2;

      if (!_muster_render_in_view (self, piece->x, piece->y, piece->x, piece->y, reach + slack))
        continue;
      if (off_table &&
          piece->x - reach - slack >= 0 && piece->y - reach - slack >= 0 &&
          piece->x + reach + slack <= muster_layout_get_width (self->layout) &&
          piece->y + reach + slack <= muster_layout_get_height (self->layout))
        continue;

      for (guint j = 0; j < players->len; j++)
        {
          const MusterPlayer *player = g_ptr_array_index (players, j);

          if (g_strcmp0 (player->id, piece->owner) == 0)
            color = muster_scene_get_player_color (self, j);
        }

      if (piece->kind == MUSTER_PIECE_OBJECTIVE)
        color = (MusterColor) { 0.90, 0.75, 0.10 };

      if (self->validator != NULL && (self->flags & MUSTER_RENDER_VIOLATIONS))
        {
          GPtrArray *v = muster_validator_get_piece_violations (self->validator, piece->serial);

          bad = v != NULL && v->len > 0;
        }

      muster_piece_get_outline (piece, &outline);

      muster_scene_draw_piece_base (self, cr, piece, &outline, color, 1.0, px);

      if (bad)
        draw_violation_badge (self, cr, &outline, px);

      draw_piece_label (self, cr, piece, &outline, color, px);

      muster_outline_clear (&outline);
    }
}
