/* muster-render-pieces.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-render"

#include "config.h"

#include <math.h>
#include <string.h>

#include <pixman.h>

#include "muster-render-private.h"
#include "muster-text.h"

/* Terrain and pieces, with their labels. */

void
_muster_render_set_terrain_fill (cairo_t           *cr,
                                 MusterTerrainKind  kind)
{
  switch (kind)
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
}

/* A terrain's name, as the players called it ("Farmhouse"), in the middle
 * of its bounds where it fits across them; light on a building's dark
 * fill and on every fill of the dark style, dark on the others. */
static void
draw_terrain_name (MusterScene         *self,
                   cairo_t             *cr,
                   const MusterTerrain *t,
                   const MusterBox     *box,
                   double               px)
{
  g_autoptr(PangoLayout) layout = NULL;
  PangoRectangle logical;
  double size = MAX (0.3 * INCH, 9.0 / px);
  double w, h;

  if (t->name == NULL || *t->name == '\0' || !(self->flags & MUSTER_RENDER_LABELS))
    return;
  /* A line of text is taller than its size (1.2 times in Cantarell):
   * where even the size does not fit, the name is not laid out to find
   * out, on every piece of terrain of a zoomed-out table. */
  if (size > 0.9 * (box->y1 - box->y0))
    return;

  layout = _muster_render_make_text (self, cr, t->name, size, FALSE);
  muster_text_get_extents (layout, NULL, &logical);
  w = logical.width / (double) PANGO_SCALE;
  h = logical.height / (double) PANGO_SCALE;
  if (w > 0.9 * (box->x1 - box->x0) || h > 0.9 * (box->y1 - box->y0))
    return;

  cairo_save (cr);
  if (t->kind == MUSTER_TERRAIN_BUILDING || self->dark)
    cairo_set_source_rgba (cr, 0.95, 0.94, 0.90, 0.95);
  else
    cairo_set_source_rgba (cr, 0.12, 0.11, 0.09, 0.85);
  cairo_move_to (cr, (box->x0 + box->x1 - w) / 2 - logical.x / (double) PANGO_SCALE,
                 (box->y0 + box->y1 - h) / 2 - logical.y / (double) PANGO_SCALE);
  muster_text_show (cr, layout);
  cairo_restore (cr);
}
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
        bad = muster_validator_count_piece_violations (self->validator, t->serial) > 0;

      cairo_new_path (cr);
      cairo_move_to (cr, t->points[0].x, t->points[0].y);
      for (guint j = 1; j < t->n_points; j++)
        cairo_line_to (cr, t->points[j].x, t->points[j].y);
      cairo_close_path (cr);

      _muster_render_set_terrain_fill (cr, t->kind);
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
      if (!off_table)
        draw_terrain_name (self, cr, t, &box, px);
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
   * (pixels on screen; from 6 points on paper), or none where not even a
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
  double cx = (outline->bounds.x0 + outline->bounds.x1) / 2;
  double cy = (outline->bounds.y0 + outline->bounds.y1) / 2;
  double angle = 0;
  double size, room, luminance, smallest;
  gboolean named = piece->name != NULL && *piece->name != '\0';
  g_autofree char *label = NULL;
  double width;

  /* Along the base's width, its front, as the base is turned: the box
   * around a turned base is bigger than the base, and a level label
   * sized to it spills over the base's edges or is cut short where the
   * base has room. Never upside down, and the same way for a base and
   * for it turned half round: turned more than a quarter, the letters
   * turn half round more (a base across the table reads from below). A
   * round base's label stays level. */
  if (piece->base.shape != MUSTER_BASE_ROUND && isfinite (piece->rotation))
    {
      angle = fmod (piece->rotation, 180);
      if (angle < 0)
        angle += 180;
      if (angle >= 90)
        angle -= 180;
      bw = piece->base.width * px;
      bh = piece->base.depth * px;
    }
  /* Paper shows small letters sharp (300 dots an inch and more, read up
   * close) where a screen blurs them, and a diagram fitted to a sheet
   * makes bases small: points on paper go lower than pixels on screen. */
  smallest = self->screen ? 8.0 : 5.0;
  size = CLAMP (MIN (bw, bh) * 0.45, self->screen ? 9.0 : 6.0, 14.0);
  room = bw * 0.92;

  if (size > bh * 0.9)
    return;

  /* The whole name where it fits, else in smaller letters, down to 8
   * pixels (5 points on paper), where it then fits: the whole name,
   * small, says more on a crowded table than half of it large. Where
   * not even those let it fit, it is shortened in letters of that size,
   * so that a name cut short never looks bigger than a whole one beside
   * it. The name is measured
   * once: its width grows with the size of its letters (muster-text.h). */
  if (named)
    {
      width = label_width (self, cr, piece->name, size, px);
      if (width > room)
        {
          double fit = size * room / width;

          if (fit >= smallest)
            width = room;
          else
            {
              fit = MIN (size, smallest);
              width *= fit / size;
            }
          size = fit;
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

  if (label == NULL)
    return;

  luminance = 0.2126 * color.r + 0.7152 * color.g + 0.0722 * color.b;
  if (luminance > 0.55)
    cairo_set_source_rgba (cr, 0.1, 0.1, 0.1, 0.95);
  else
    cairo_set_source_rgba (cr, 1, 1, 1, 0.95);

  if (angle == 0)
    {
      _muster_render_draw_text_centred (self, cr, label, cx, cy, size / px, TRUE);
      return;
    }
  _muster_render_draw_text_turned (self, cr, label, cx, cy, angle, size / px, TRUE);
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
  /* The edge darker than the base on a light table; on a dark one,
   * lighter, or a base would all but vanish on its own zone. */
  if (self->dark)
    _muster_render_set_color (cr, (MusterColor) { color.r * 0.35 + 0.65, color.g * 0.35 + 0.65, color.b * 0.35 + 0.65 }, alpha);
  else
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

/* Illegal pieces: a red outline, and a "!" badge at the top right of
 * the bounds (muster_scene_get_badge()): marks that stay readable on a
 * crowded table. */
static void
draw_violation_outline (cairo_t             *cr,
                        const MusterOutline *outline,
                        double               px)
{
  cairo_new_path (cr);
  muster_render_path_outline (cr, outline);
  cairo_set_line_width (cr, MAX (0.6, 2.5 / px));
  cairo_set_source_rgba (cr, 0.88, 0.11, 0.14, 0.95);
  cairo_stroke (cr);
}

#define BADGE_RADIUS(px) MAX (1.2, 7.0 / (px))

/* At the top-right corner of the bounds; but above the table's north
 * edge lies its ruler, whose lengths a badge reaching over it would hide
 * (a front rank along that edge would hide them all, and on a table
 * seen whole a badge is wider than a base): there, moved down the base's
 * right side until it is all on the table. A base wholly off the table
 * keeps its badge at its corner, out there with it. */
void
muster_scene_get_badge (MusterScene     *self,
                        const MusterBox *bounds,
                        double           px,
                        MusterPoint     *centre,
                        double          *radius)
{
  double r = BADGE_RADIUS (px);
  double y = bounds->y0;

  g_return_if_fail (self != NULL);
  g_return_if_fail (bounds != NULL);

  if (bounds->y1 > 0)
    y = MAX (y, r + MAX (0.2, 1.0 / px) / 2);
  *centre = (MusterPoint) { bounds->x1, y };
  if (radius != NULL)
    *radius = r;
}

/* A badge moved down a small base's side reaches below it by as much as
 * its width (muster_scene_get_badge()); the widest stroke, past the
 * outline, is the red one of an illegal base. */
double
muster_scene_get_piece_marks_reach (MusterScene *self,
                                    double       px)
{
  g_return_val_if_fail (self != NULL, 0);

  return 2 * BADGE_RADIUS (px) + MAX (0.8, 2.5 / px);
}

static void
draw_badge (MusterScene *self,
            cairo_t     *cr,
            double       bx,
            double       by,
            double       px)
{
  double r = BADGE_RADIUS (px);

  cairo_new_path (cr);
  cairo_arc (cr, bx, by, r, 0, 2 * G_PI);
  cairo_set_source_rgba (cr, 0.88, 0.11, 0.14, 0.95);
  cairo_fill_preserve (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_set_line_width (cr, MAX (0.2, 1.0 / px));
  cairo_stroke (cr);
  _muster_render_draw_text_centred (self, cr, "!", bx, by, r * 1.5, TRUE);
}

/* Sprites, on a screen (muster_scene_set_screen()). A base costs three
 * rasterised operations, each composited over the table on its own,
 * and an illegal one's badge four more: on a crowded table (thousands
 * of bases of a few kinds) that is most of a frame. Bases that look alike
 * (shape, size, turn, colour, marks), and badges, that sit at the same
 * offset from a whole pixel, to half a pixel, are drawn once into a
 * small surface, which is then copied to each place in one pass of
 * pixman's. To a quarter of a pixel, four times as many were made: a
 * third more time drawing the pieces of a table of 5,000, for a
 * difference no eye sees. */
#define SPRITE_STEPS       2                   /* positions per pixel */
#define SPRITE_MAX_SIDE    96                  /* pixels: larger bases are few in view */
#define SPRITE_MAX_PIXELS  (4 * 1024 * 1024)   /* all sprites of a render */
#define SPRITE_MIN_PIECES  64                  /* fewer: drawing them is as cheap */

typedef enum
{
  SPRITE_BASE,
  SPRITE_BADGE,
} SpriteKind;

/* Everything the pixels of a sprite depend on but the scale, which is
 * the same for a whole render. */
typedef struct
{
  SpriteKind      what;
  MusterBaseShape shape;
  int             marker;   /* drawn fainter */
  double          width;
  double          depth;
  double          rotation;
  double          r, g, b;
  int             prone;
  int             bad;
  int             qx;
  int             qy;
} SpriteKey;

/* Made when its art is seen a second time. */
typedef struct
{
  cairo_surface_t *surface;  /* NULL: not made, or too large */
  pixman_image_t  *bits;     /* the surface's pixels, to paste */
  int              half;     /* the anchor lies at (half, half) and the steps */
  gboolean         tried;
} Sprite;

typedef struct
{
  GHashTable *sprites;  /* SpriteKey → Sprite */
  double      zoom;     /* device units per table unit */
  double      scale;    /* pixels per device unit */
  gsize       pixels;
  guint       copies;
  guint       pastes;   /* of the copies, by pixman */
  /* Where copies are pasted by pixman (NULL: by cairo), within the
   * scene's pixel_clips and pixel_table. */
  const MusterScene     *scene;
  cairo_surface_t       *target_surface;
  pixman_image_t        *target;
} SpriteCache;

/* What a sprite shows, and the point of the table it is anchored at. */
typedef struct
{
  MusterScene         *scene;
  const MusterPiece   *piece;
  const MusterOutline *outline;
  MusterColor          color;
  gboolean             bad;
  double               px;
  MusterPoint          anchor;
  double               reach;  /* table units around the anchor */
  gboolean             likely_again;  /* made a sprite when first seen */
} SpriteArt;

static guint
sprite_key_hash (gconstpointer key)
{
  const guchar *bytes = key;
  guint32 hash = 2166136261u;

  for (gsize i = 0; i < sizeof (SpriteKey); i++)
    hash = (hash ^ bytes[i]) * 16777619u;

  return hash;
}

static gboolean
sprite_key_equal (gconstpointer a,
                  gconstpointer b)
{
  return memcmp (a, b, sizeof (SpriteKey)) == 0;
}

static void
sprite_free (gpointer data)
{
  Sprite *sprite = data;

  g_clear_pointer (&sprite->bits, pixman_image_unref);
  g_clear_pointer (&sprite->surface, cairo_surface_destroy);
  g_free (sprite);
}

/* Keeps the clip of cr in whole pixels of its target, within the
 * target's edges, and the pixels that the rectangle (x, y, width,
 * height) of user space covers whole: the pieces on the table are cut
 * by its edges, antialiased, with a clip that cairo cannot give in
 * whole pixels, so what is known of it is kept here, before. The clip
 * is unknown where it is not a few rectangles of whole pixels, or not
 * on a screen. */
void
_muster_render_take_pixel_clip (MusterScene *self,
                                cairo_t     *cr,
                                double       x,
                                double       y,
                                double       width,
                                double       height)
{
  cairo_surface_t *target = cairo_get_group_target (cr);
  cairo_rectangle_list_t *list;
  cairo_matrix_t m;
  double scale, x0 = x, y0 = y, x1 = x + width, y1 = y + height;
  int inner_x0, inner_y0, inner_x1, inner_y1;
  gboolean ok;

  self->n_pixel_clips = -1;
  if (!_muster_render_on_pixels (self, cr, &m, &scale) || target != cairo_get_target (cr))
    return;

  /* The pixels that the rectangle covers whole. */
  cairo_user_to_device (cr, &x0, &y0);
  cairo_user_to_device (cr, &x1, &y1);
  inner_x0 = (int) ceil (MIN (x0, x1) * scale);
  inner_y0 = (int) ceil (MIN (y0, y1) * scale);
  inner_x1 = (int) floor (MAX (x0, x1) * scale);
  inner_y1 = (int) floor (MAX (y0, y1) * scale);

  /* With the target's edges as a clip of their own, no clip at all is
   * a rectangle too. */
  cairo_save (cr);
  cairo_identity_matrix (cr);
  cairo_rectangle (cr, 0, 0,
                   cairo_image_surface_get_width (target) / scale,
                   cairo_image_surface_get_height (target) / scale);
  cairo_clip (cr);
  list = cairo_copy_clip_rectangle_list (cr);
  cairo_restore (cr);

  ok = list->status == CAIRO_STATUS_SUCCESS && list->num_rectangles <= (int) G_N_ELEMENTS (self->pixel_clips);
  for (int i = 0; ok && i < list->num_rectangles; i++)
    {
      const cairo_rectangle_t *r = &list->rectangles[i];
      double rx0 = r->x * scale, ry0 = r->y * scale;
      double rx1 = (r->x + r->width) * scale, ry1 = (r->y + r->height) * scale;

      ok = rx0 == floor (rx0) && ry0 == floor (ry0) && rx1 == floor (rx1) && ry1 == floor (ry1);
      self->pixel_clips[i] = (cairo_rectangle_int_t) { rx0, ry0, rx1 - rx0, ry1 - ry0 };
    }
  if (ok)
    self->n_pixel_clips = list->num_rectangles;
  self->pixel_table = (cairo_rectangle_int_t) { inner_x0, inner_y0,
                                                MAX (0, inner_x1 - inner_x0), MAX (0, inner_y1 - inner_y0) };
  cairo_rectangle_list_destroy (list);
}

/* Makes ready to paste copies with pixman, where the scene knows the
 * clip in pixels (_muster_render_take_pixel_clip()). */
static void
sprite_cache_take_target (SpriteCache *cache,
                          MusterScene *scene,
                          cairo_t     *cr)
{
  cairo_surface_t *target = cairo_get_group_target (cr);
  pixman_format_code_t format;

  if (scene->n_pixel_clips < 0 || scene->paste_by_cairo ||
      cairo_surface_get_type (target) != CAIRO_SURFACE_TYPE_IMAGE)
    return;
  if (cairo_image_surface_get_format (target) == CAIRO_FORMAT_ARGB32)
    format = PIXMAN_a8r8g8b8;
  else if (cairo_image_surface_get_format (target) == CAIRO_FORMAT_RGB24)
    format = PIXMAN_x8r8g8b8;
  else
    return;

  cache->scene = scene;
  cairo_surface_flush (target);
  cache->target = pixman_image_create_bits_no_clear (format,
                                                     cairo_image_surface_get_width (target),
                                                     cairo_image_surface_get_height (target),
                                                     (uint32_t *) cairo_image_surface_get_data (target),
                                                     cairo_image_surface_get_stride (target));
  if (cache->target != NULL)
    cache->target_surface = target;
}

/* Pastes sprite with its top left corner at the pixel (x, y) of the
 * target, as cairo_paint() would; FALSE where cairo is to. Only copies
 * within the pixels that the table covers whole: cairo_paint() costs
 * some 5,700 instructions a copy of a few dozen pixels, in its state
 * and its compositor, to the same pixman call in the end, 2,200. */
static gboolean
sprite_paste (SpriteCache  *cache,
              const Sprite *sprite,
              int           x,
              int           y)
{
  const cairo_rectangle_int_t *table;
  int side = 2 * sprite->half + 1;

  if (cache->target == NULL || sprite->bits == NULL)
    return FALSE;
  table = &cache->scene->pixel_table;
  if (x < table->x || y < table->y || x + side > table->x + table->width || y + side > table->y + table->height)
    return FALSE;

  /* Cairo's drawing done, before pixels are written beside it. */
  cairo_surface_flush (cache->target_surface);
  for (int i = 0; i < cache->scene->n_pixel_clips; i++)
    {
      const cairo_rectangle_int_t *clip = &cache->scene->pixel_clips[i];
      int x0 = MAX (x, clip->x), y0 = MAX (y, clip->y);
      int x1 = MIN (x + side, clip->x + clip->width), y1 = MIN (y + side, clip->y + clip->height);

      if (x0 < x1 && y0 < y1)
        pixman_image_composite32 (PIXMAN_OP_OVER, sprite->bits, NULL, cache->target,
                                  x0 - x, y0 - y, 0, 0, x0, y0, x1 - x0, y1 - y0);
    }
  cairo_surface_mark_dirty_rectangle (cache->target_surface, x, y, side, side);
  cache->pastes++;

  return TRUE;
}

/* NULL where copies would not land on whole pixels, or aren't worth it. */
static SpriteCache *
sprite_cache_new (MusterScene *self,
                  cairo_t     *cr,
                  guint        n_pieces)
{
  SpriteCache *cache;
  cairo_matrix_t m;
  double scale;

  if (n_pieces < SPRITE_MIN_PIECES || !_muster_render_on_pixels (self, cr, &m, &scale))
    return NULL;

  cache = g_new0 (SpriteCache, 1);
  /* Keys are copied into the table, which owns them. */
  cache->sprites = g_hash_table_new_full (sprite_key_hash, sprite_key_equal, g_free, sprite_free);
  cache->zoom = m.xx;
  cache->scale = scale;
  sprite_cache_take_target (cache, self, cr);

  return cache;
}

static void
sprite_cache_free (SpriteCache *cache)
{
  if (cache == NULL)
    return;

  g_hash_table_destroy (cache->sprites);
  g_clear_pointer (&cache->target, pixman_image_unref);
  g_free (cache);
}

static void
draw_art (cairo_t         *cr,
          SpriteKind       what,
          const SpriteArt *art)
{
  if (what == SPRITE_BADGE)
    {
      draw_badge (art->scene, cr, art->anchor.x, art->anchor.y, art->px);
      return;
    }

  muster_scene_draw_piece_base (art->scene, cr, art->piece, art->outline, art->color, 1.0, art->px);
  if (art->bad)
    draw_violation_outline (cr, art->outline, art->px);
}

/* Draws the art into a new surface for the sprite, as it would be
 * drawn on the table, with its anchor at the offset (qx, qy) in steps
 * from a whole pixel; or leaves the sprite without one where it would
 * be too large. */
static void
sprite_draw (Sprite          *sprite,
             SpriteCache     *cache,
             const SpriteKey *key,
             const SpriteArt *art)
{
  int half = (int) ceil (art->reach * cache->zoom * cache->scale) + 1;
  int side = 2 * half + 1;
  cairo_t *cr;

  if (side > SPRITE_MAX_SIDE || cache->pixels + (gsize) side * side > SPRITE_MAX_PIXELS)
    return;

  sprite->half = half;
  sprite->surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, side, side);
  cairo_surface_set_device_scale (sprite->surface, cache->scale, cache->scale);
  cache->pixels += (gsize) side * side;

  cr = cairo_create (sprite->surface);
  cairo_translate (cr,
                   (half + key->qx / (double) SPRITE_STEPS) / cache->scale,
                   (half + key->qy / (double) SPRITE_STEPS) / cache->scale);
  cairo_scale (cr, cache->zoom, cache->zoom);
  cairo_translate (cr, -art->anchor.x, -art->anchor.y);
  draw_art (cr, key->what, art);
  cairo_destroy (cr);

  cairo_surface_flush (sprite->surface);
  sprite->bits = pixman_image_create_bits_no_clear (PIXMAN_a8r8g8b8, side, side,
                                                    (uint32_t *) cairo_image_surface_get_data (sprite->surface),
                                                    cairo_image_surface_get_stride (sprite->surface));
}

/* Draws the art from a sprite; or as it is where a sprite won't do,
 * and the first time art is seen that is not likely to be seen again
 * (art seen once gains nothing from a copy). */
static void
draw_sprite (SpriteCache     *cache,
             cairo_t         *cr,
             SpriteKey       *key,
             const SpriteArt *art)
{
  double x = art->anchor.x, y = art->anchor.y;
  Sprite *sprite;
  int ix, iy;

  cairo_user_to_device (cr, &x, &y);
  x *= cache->scale;
  y *= cache->scale;
  if (!(fabs (x) < 1e6 && fabs (y) < 1e6))
    {
      draw_art (cr, key->what, art);
      return;
    }
  ix = (int) floor (x);
  iy = (int) floor (y);
  key->qx = (int) lround ((x - ix) * SPRITE_STEPS);
  key->qy = (int) lround ((y - iy) * SPRITE_STEPS);
  if (key->qx == SPRITE_STEPS)
    ix++, key->qx = 0;
  if (key->qy == SPRITE_STEPS)
    iy++, key->qy = 0;

  sprite = g_hash_table_lookup (cache->sprites, key);
  if (sprite == NULL)
    {
      sprite = g_new0 (Sprite, 1);
      g_hash_table_insert (cache->sprites, g_memdup2 (key, sizeof *key), sprite);
      if (!art->likely_again)
        {
          draw_art (cr, key->what, art);
          return;
        }
    }
  if (!sprite->tried)
    {
      sprite->tried = TRUE;
      sprite_draw (sprite, cache, key, art);
    }
  if (sprite->surface == NULL)
    {
      draw_art (cr, key->what, art);
      return;
    }

  if (!sprite_paste (cache, sprite, ix - sprite->half, iy - sprite->half))
    {
      cairo_save (cr);
      cairo_identity_matrix (cr);
      cairo_set_source_surface (cr, sprite->surface,
                                (ix - sprite->half) / cache->scale,
                                (iy - sprite->half) / cache->scale);
      cairo_paint (cr);
      cairo_restore (cr);
    }
  cache->copies++;
}

/* The base of a piece, and its marks if it breaks a rule. */
static void
draw_piece (MusterScene         *self,
            SpriteCache         *cache,
            cairo_t             *cr,
            const MusterPiece   *piece,
            const MusterOutline *outline,
            MusterColor          color,
            gboolean             bad,
            double               px)
{
  const MusterBox *b = &outline->bounds;
  SpriteArt art = { self, piece, outline, color, bad, px, { piece->x, piece->y }, 0, FALSE };
  SpriteKey key;

  if (cache == NULL)
    {
      draw_art (cr, SPRITE_BASE, &art);
      if (bad)
        {
          MusterPoint at;

          muster_scene_get_badge (self, b, px, &at, NULL);
          draw_badge (self, cr, at.x, at.y, px);
        }
      return;
    }

  /* Zeroed whole, padding too: keys are hashed and compared as bytes. */
  memset (&key, 0, sizeof key);
  key.what = SPRITE_BASE;
  key.shape = piece->base.shape;
  key.marker = piece->kind == MUSTER_PIECE_MARKER;
  key.width = piece->base.width;
  key.depth = piece->base.depth;
  key.rotation = piece->rotation;
  key.r = color.r;
  key.g = color.g;
  key.b = color.b;
  key.prone = !!piece->prone;
  key.bad = !!bad;
  /* The farthest corner of the bounds, and the widest stroke. */
  art.reach = MAX (MAX (piece->x - b->x0, b->x1 - piece->x), MAX (piece->y - b->y0, b->y1 - piece->y))
              + MAX (0.8, 2.5 / px);
  /* Ranks face the enemy or a table edge; a base turned its own way is
   * seldom seen twice. */
  art.likely_again = fmod (piece->rotation, 90) == 0;
  draw_sprite (cache, cr, &key, &art);

  if (bad)
    {
      double r;

      memset (&key, 0, sizeof key);
      key.what = SPRITE_BADGE;
      muster_scene_get_badge (self, b, px, &art.anchor, &r);
      art.reach = r + MAX (0.2, 1.0 / px);
      art.likely_again = TRUE;
      draw_sprite (cache, cr, &key, &art);
    }
}

/**
 * _muster_render_pieces_near:
 * @self: a scene, while it renders
 * @box: where to look, in mm
 *
 * The pieces that may reach into @box (muster_layout_find_pieces()), or
 * more, in file order: each caller still tests each one as it would
 * every piece. On a screen, from the layout's index of them, so that a
 * frame close up costs what it shows rather than the whole table; a
 * page, drawn once, and a render of the whole table (a window's first
 * frame) take every piece, which indexing first would only add to.
 *
 * Returns: (transfer container): the pieces
 */
GPtrArray *
_muster_render_pieces_near (MusterScene     *self,
                            const MusterBox *box)
{
  GPtrArray *pieces = muster_layout_get_pieces (self->layout);
  MusterBox grown;
  GPtrArray *found;

  if (!self->screen || self->every_piece ||
      (self->view.x0 <= 0 && self->view.y0 <= 0 &&
       self->view.x1 >= muster_layout_get_width (self->layout) &&
       self->view.y1 >= muster_layout_get_height (self->layout)))
    {
      self->pieces_seen += pieces->len;
      return g_ptr_array_ref (pieces);
    }

  /* A millimetre to spare: the callers' own tests, which add up reach
   * and slack in their own order, then find no piece that it left out. */
  grown = (MusterBox) { box->x0 - 1, box->y0 - 1, box->x1 + 1, box->y1 + 1 };
  found = g_ptr_array_new ();
  muster_layout_find_pieces (self->layout, &grown, found);
  self->pieces_seen += found->len;

  return found;
}

/* Pieces, or only those that reach past the table's edge (off_table):
 * the caller clips those to what lies outside the table. */
void
_muster_render_draw_pieces (MusterScene *self,
                            cairo_t     *cr,
                            double       px,
                            gboolean     off_table)
{
  GPtrArray *players = muster_layout_get_players (self->layout);
  /* Past a base's outline: its strokes and its badge (the label stays
   * within the base). */
  double slack = muster_scene_get_piece_marks_reach (self, px);
  MusterBox view = { self->view.x0 - slack, self->view.y0 - slack, self->view.x1 + slack, self->view.y1 + slack };
  g_autoptr(GPtrArray) pieces = _muster_render_pieces_near (self, &view);
  /* Worth it or not as the whole table goes, so that a view close up
   * draws its bases as the table seen whole does. */
  SpriteCache *sprites = sprite_cache_new (self, cr, muster_layout_get_pieces (self->layout)->len);

  for (guint i = 0; i < pieces->len; i++)
    {
      const MusterPiece *piece = g_ptr_array_index (pieces, i);
      MusterOutline outline;
      MusterColor color = { 0.55, 0.55, 0.55 };
      gboolean bad = FALSE;
      double reach = muster_base_reach (&piece->base);

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
        bad = muster_validator_count_piece_violations (self->validator, piece->serial) > 0;

      muster_piece_get_outline (piece, &outline);

      draw_piece (self, sprites, cr, piece, &outline, color, bad, px);

      draw_piece_label (self, cr, piece, &outline, color, px);

      muster_outline_clear (&outline);
    }

  /* The pass over all pieces comes first in a render. */
  if (!off_table)
    self->sprite_copies = self->sprite_pastes = 0;
  self->sprite_copies += sprites != NULL ? sprites->copies : 0;
  self->sprite_pastes += sprites != NULL ? sprites->pastes : 0;
  sprite_cache_free (sprites);
}

void
muster_scene_set_screen (MusterScene *self,
                         gboolean     screen)
{
  g_return_if_fail (self != NULL);

  self->screen = !!screen;
}
