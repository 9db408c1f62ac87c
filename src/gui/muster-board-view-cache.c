/* muster-board-view-cache.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-board-view"

#include "config.h"

#include <math.h>
#include <string.h>

#include "muster-board-view-private.h"

/* The pictures of the table that stand from frame to frame: the table as
 * the renderer draws it (full), the same without the pieces (bare), and
 * while something is dragged, full with what moves taken away and the
 * zone lit (drag); then the ghosts of a move and the pinned rulers, as
 * nodes kept for a view. */

/* The whole table is cached when it takes at most this many pixels;
 * beyond, only the visible part is. */
#define MAX_CACHE_PIXELS (4096 * 4096)

/* A piece as the full cache shows it. */
typedef struct
{
  MusterBox bounds;   /* mm */
  gboolean  bad;      /* marked illegal */
} Drawn;

static void
cache_clear (Cache *cache)
{
  g_clear_pointer (&cache->surface, cairo_surface_destroy);
  g_clear_object (&cache->texture);
  g_clear_pointer (&cache->node, gsk_render_node_unref);
  cache->valid = FALSE;
}

/* The surface is about to change: what was made of it goes. */
static void
cache_changed (Cache *cache)
{
  g_clear_object (&cache->texture);
  g_clear_pointer (&cache->node, gsk_render_node_unref);
}

void
_muster_board_view_clear_caches (MusterBoardView *self)
{
  cache_clear (&self->full);
  cache_clear (&self->bare);
  cache_clear (&self->drag);
  g_clear_pointer (&self->ghosts, gsk_render_node_unref);
  g_clear_pointer (&self->rulers, gsk_render_node_unref);
  self->rulers_valid = FALSE;
}

void
_muster_board_view_invalidate (MusterBoardView *self)
{
  self->full.valid = FALSE;
  self->bare.valid = FALSE;
  self->drag.valid = FALSE;
  self->rulers_valid = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Marks what a piece covered in the full cache (and what marks it) for
 * drawing again. */
static void
add_dirty (MusterBoardView *self,
           const MusterBox *bounds)
{
  const Cache *cache = &self->full;
  /* Its marks past its outline, as the renderer draws them, and a pixel
   * of antialiasing. */
  double pad = muster_scene_get_piece_marks_reach (self->scene, cache->scale) * cache->scale + 1;
  cairo_rectangle_int_t rect;
  double x0, y0, x1, y1;

  if (!cache->valid || self->dirty == NULL)
    return;

  x0 = (bounds->x0 - cache->x0) * cache->scale - pad;
  y0 = (bounds->y0 - cache->y0) * cache->scale - pad;
  x1 = (bounds->x1 - cache->x0) * cache->scale + pad;
  y1 = (bounds->y1 - cache->y0) * cache->scale + pad;

  rect.x = CLAMP (floor (x0), 0, cache->width);
  rect.y = CLAMP (floor (y0), 0, cache->height);
  rect.width = CLAMP (ceil (x1), 0, cache->width) - rect.x;
  rect.height = CLAMP (ceil (y1), 0, cache->height) - rect.y;
  if (rect.width > 0 && rect.height > 0)
    cairo_region_union_rectangle (self->dirty, &rect);

  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
remember_pieces (MusterBoardView *self)
{
  GPtrArray *pieces = muster_layout_get_pieces (self->layout);

  g_hash_table_remove_all (self->drawn);
  for (guint i = 0; i < pieces->len; i++)
    {
      const MusterPiece *piece = g_ptr_array_index (pieces, i);
      Drawn *drawn = g_new (Drawn, 1);

      muster_piece_get_reach_box (piece, &drawn->bounds);
      drawn->bad = _muster_board_view_piece_is_bad (self, piece);
      g_hash_table_insert (self->drawn, GUINT_TO_POINTER (piece->serial), drawn);
    }

  g_clear_pointer (&self->dirty, cairo_region_destroy);
  self->dirty = cairo_region_create ();
  self->verdicts_dirty = FALSE;
  self->verdicts_all = FALSE;
  g_array_set_size (self->verdicts_pending, 0);
}

void
_muster_board_view_piece_moved (MusterBoardView *self,
                                guint            serial)
{
  Drawn *drawn = g_hash_table_lookup (self->drawn, GUINT_TO_POINTER (serial));
  MusterPiece *piece = self->layout != NULL ? muster_layout_lookup_serial (self->layout, serial) : NULL;

  if (!self->full.valid)
    return;

  if (drawn != NULL)
    add_dirty (self, &drawn->bounds);

  if (piece == NULL)
    {
      g_hash_table_remove (self->drawn, GUINT_TO_POINTER (serial));
      return;
    }

  if (drawn == NULL)
    {
      drawn = g_new0 (Drawn, 1);
      g_hash_table_insert (self->drawn, GUINT_TO_POINTER (serial), drawn);
    }
  muster_piece_get_reach_box (piece, &drawn->bounds);
  add_dirty (self, &drawn->bounds);
  /* Its verdict, and those of its neighbours, are looked at when drawn. */
  self->verdicts_dirty = TRUE;
}

/* Whether a piece's red mark came or went. */
static void
find_new_verdict (MusterBoardView   *self,
                  const MusterPiece *piece)
{
  Drawn *drawn = g_hash_table_lookup (self->drawn, GUINT_TO_POINTER (piece->serial));
  gboolean bad = _muster_board_view_piece_is_bad (self, piece);

  if (drawn != NULL && drawn->bad != bad)
    {
      drawn->bad = bad;
      add_dirty (self, &drawn->bounds);
    }
}

/* The pieces whose red mark came or went: only those the validator said
 * changed, when it said which, so that a piece moved on a big table costs
 * what it touches, not the table. */
static void
find_new_verdicts (MusterBoardView *self)
{
  GPtrArray *pieces = muster_layout_get_pieces (self->layout);

  if (self->verdicts_all)
    {
      for (guint i = 0; i < pieces->len; i++)
        find_new_verdict (self, g_ptr_array_index (pieces, i));
    }
  else
    {
      for (guint i = 0; i < self->verdicts_pending->len; i++)
        {
          guint serial = g_array_index (self->verdicts_pending, guint, i);
          const MusterPiece *piece = muster_layout_lookup_serial (self->layout, serial);

          if (piece != NULL)
            find_new_verdict (self, piece);
        }
    }

  g_array_set_size (self->verdicts_pending, 0);
  self->verdicts_all = FALSE;
  self->verdicts_dirty = FALSE;
}

void
_muster_board_view_verdicts_changed (MusterBoardView *self)
{
  GArray *changed = self->validator != NULL ? muster_validator_get_changed_pieces (self->validator) : NULL;

  _muster_board_view_queue_accessible (self);
  /* Many changes before the next frame (a hidden window, a game across
   * the network) are no more than a look at every piece. */
  if (changed == NULL || self->layout == NULL ||
      self->verdicts_pending->len + changed->len > muster_layout_get_pieces (self->layout)->len)
    {
      self->verdicts_all = TRUE;
      g_array_set_size (self->verdicts_pending, 0);
    }
  else if (!self->verdicts_all)
    g_array_append_vals (self->verdicts_pending, changed->data, changed->len);
  self->verdicts_dirty = TRUE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static GdkTexture *
texture_for_surface (cairo_surface_t *surface)
{
  g_autoptr(GBytes) bytes = NULL;
  int stride = cairo_image_surface_get_stride (surface);
  int height = cairo_image_surface_get_height (surface);

  cairo_surface_flush (surface);
  bytes = g_bytes_new (cairo_image_surface_get_data (surface), (gsize) stride * height);

  return gdk_memory_texture_new (cairo_image_surface_get_width (surface), height,
                                 GDK_MEMORY_DEFAULT, bytes, stride);
}

double
_muster_board_view_margin_at (MusterBoardView *self,
                              double           scale)
{
  double margin = muster_scene_get_margin (self->scene);

  if (margin <= RULER_MIN_MARGIN_MM || scale <= 0)
    return margin;

  return MAX (margin, RULER_MIN_MARGIN_MM + RULER_MIN_MARGIN_PX / scale);
}

/* Where a cache for the current view goes: the whole table when it is
 * small enough, else the visible part. */
static void
cache_plan (MusterBoardView *self,
            Cache           *cache)
{
  int w = gtk_widget_get_width (GTK_WIDGET (self));
  int h = gtk_widget_get_height (GTK_WIDGET (self));
  double scale = muster_board_view_get_scale (self);
  double margin = _muster_board_view_margin_at (self, scale);
  double bw = muster_layout_get_width (self->layout) + 2 * margin;
  double bh = muster_layout_get_height (self->layout) + 2 * margin;
  double pw = ceil (bw * scale) + 2;
  double ph = ceil (bh * scale) + 2;

  cache->scale = scale;
  cache->scale_factor = gtk_widget_get_scale_factor (GTK_WIDGET (self));

  if (pw * ph * cache->scale_factor * cache->scale_factor <= MAX_CACHE_PIXELS)
    {
      cache->whole = TRUE;
      cache->x0 = -margin - 1 / scale;
      cache->y0 = -margin - 1 / scale;
      cache->width = pw;
      cache->height = ph;
    }
  else
    {
      MusterPoint origin;

      cache->whole = FALSE;
      muster_board_view_widget_to_board (self, 0, 0, &origin);
      cache->x0 = origin.x;
      cache->y0 = origin.y;
      cache->width = MAX (w, 1);
      cache->height = MAX (h, 1);
    }
}

static gboolean
cache_fits (MusterBoardView *self,
            const Cache     *cache)
{
  MusterPoint origin;

  if (!cache->valid || cache->surface == NULL)
    return FALSE;

  if (cache->scale != muster_board_view_get_scale (self) ||
      cache->scale_factor != gtk_widget_get_scale_factor (GTK_WIDGET (self)))
    return FALSE;

  if (cache->whole)
    return TRUE;

  muster_board_view_widget_to_board (self, 0, 0, &origin);

  return fabs (origin.x - cache->x0) * cache->scale < 0.01 &&
         fabs (origin.y - cache->y0) * cache->scale < 0.01 &&
         cache->width == gtk_widget_get_width (GTK_WIDGET (self)) &&
         cache->height == gtk_widget_get_height (GTK_WIDGET (self));
}

static cairo_t *
cache_begin (Cache *cache)
{
  cairo_t *cr;

  g_clear_pointer (&cache->surface, cairo_surface_destroy);
  cache_changed (cache);

  cache->surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                               cache->width * cache->scale_factor,
                                               cache->height * cache->scale_factor);
  cairo_surface_set_device_scale (cache->surface, cache->scale_factor, cache->scale_factor);
  cr = cairo_create (cache->surface);
  cairo_scale (cr, cache->scale, cache->scale);
  cairo_translate (cr, -cache->x0, -cache->y0);

  return cr;
}

static void
cache_end (Cache   *cache,
           cairo_t *cr)
{
  cairo_destroy (cr);
  cairo_surface_flush (cache->surface);
  cache->valid = TRUE;
}

static void
cache_render (MusterBoardView   *self,
              Cache             *cache,
              MusterRenderFlags  flags)
{
  cairo_t *cr;

  cache_plan (self, cache);
  cr = cache_begin (cache);
  muster_scene_set_flags (self->scene, flags);
  muster_scene_set_screen (self->scene, TRUE);
  muster_scene_render (self->scene, cr, cache->scale);
  muster_scene_set_screen (self->scene, FALSE);
  muster_scene_set_flags (self->scene, SCREEN_FLAGS);
  cache_end (cache, cr);
}

/* What the renderer places clear of the pieces, so that a piece can move
 * it: the zones' names and the dimensions, as last drawn. */
static GByteArray *
placed_marks (MusterBoardView *self)
{
  GByteArray *marks = g_byte_array_new ();
  GArray *dims = muster_scene_get_dimensions (self->scene);
  guint n = muster_scene_get_n_zones (self->scene);

  for (guint i = 0; i < n; i++)
    {
      MusterBox box = { 0 };
      gboolean drawn = muster_scene_get_zone_label_box (self->scene, i, &box);

      g_byte_array_append (marks, (const guint8 *) &drawn, sizeof drawn);
      if (drawn)
        g_byte_array_append (marks, (const guint8 *) &box, sizeof box);
    }
  for (guint i = 0; dims != NULL && i < dims->len; i++)
    {
      const MusterDimension *d = &g_array_index (dims, MusterDimension, i);

      g_byte_array_append (marks, (const guint8 *) &d->from, sizeof d->from);
      g_byte_array_append (marks, (const guint8 *) &d->to, sizeof d->to);
    }

  return marks;
}

/* Draws the dirty part of the full cache again, clipped: a change of a
 * few pieces costs what they cover, not the whole table. */
static void
redraw_dirty (MusterBoardView *self)
{
  g_autoptr(GByteArray) before = NULL;
  g_autoptr(GByteArray) after = NULL;
  Cache *cache = &self->full;
  int n = cairo_region_num_rectangles (self->dirty);
  cairo_rectangle_int_t extents;
  cairo_t *cr;

  cairo_region_get_extents (self->dirty, &extents);
  /* Most of it: as well all of it. */
  if ((double) extents.width * extents.height > 0.5 * cache->width * cache->height)
    {
      cache_render (self, cache, SCREEN_FLAGS);
      remember_pieces (self);
      return;
    }

  before = placed_marks (self);
  cache_changed (cache);
  cr = cairo_create (cache->surface);
  for (int i = 0; i < n; i++)
    {
      cairo_rectangle_int_t rect;

      cairo_region_get_rectangle (self->dirty, i, &rect);
      cairo_rectangle (cr, rect.x, rect.y, rect.width, rect.height);
    }
  cairo_clip (cr);
  cairo_set_operator (cr, CAIRO_OPERATOR_CLEAR);
  cairo_paint (cr);
  cairo_set_operator (cr, CAIRO_OPERATOR_OVER);
  cairo_scale (cr, cache->scale, cache->scale);
  cairo_translate (cr, -cache->x0, -cache->y0);
  muster_scene_set_flags (self->scene, SCREEN_FLAGS);
  muster_scene_set_screen (self->scene, TRUE);
  muster_scene_render (self->scene, cr, cache->scale);
  muster_scene_set_screen (self->scene, FALSE);
  cairo_destroy (cr);
  cairo_surface_flush (cache->surface);

  cairo_region_destroy (self->dirty);
  self->dirty = cairo_region_create ();

  /* A zone's name or a dimension moved out of a piece's way: drawn within
   * the clip only, it would leave pieces of itself in both places. */
  after = placed_marks (self);
  if (before->len != after->len || memcmp (before->data, after->data, before->len) != 0)
    {
      cache_render (self, cache, SCREEN_FLAGS);
      remember_pieces (self);
    }
}

static void
ensure_full (MusterBoardView *self)
{
  if (!cache_fits (self, &self->full))
    {
      cache_render (self, &self->full, SCREEN_FLAGS);
      remember_pieces (self);
      return;
    }

  if (self->verdicts_dirty)
    find_new_verdicts (self);
  if (self->dirty != NULL && !cairo_region_is_empty (self->dirty))
    redraw_dirty (self);
}

static void
ensure_bare (MusterBoardView *self)
{
  if (!cache_fits (self, &self->bare))
    cache_render (self, &self->bare, BARE_FLAGS);
}

/* The acting player's zone, over what is drawn, as the renderer fills
 * zones. */
static void
highlight_zone (MusterBoardView *self,
                cairo_t         *cr,
                const char      *player_id)
{
  double width = muster_layout_get_width (self->layout);
  double height = muster_layout_get_height (self->layout);
  MusterBox box = { -1, -1, width + 1, height + 1 };
  MusterRegion *region;
  MusterColor color;
  int index;

  if (self->validator == NULL || player_id == NULL)
    return;

  region = muster_validator_get_zone (self->validator, player_id);
  index = _muster_board_view_player_index (self, player_id);
  if (region == NULL || index < 0)
    return;

  color = muster_scene_get_player_color (self->scene, index);

  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_clip (cr);
  muster_render_path_region (cr, region, &box);
  cairo_set_source_rgba (cr, color.r, color.g, color.b, 0.22);
  cairo_fill (cr);
  cairo_restore (cr);
}

/* Where the moving pieces stood, as an alpha mask: their outlines, and
 * the red mark the renderer puts on an illegal piece (a badge at the
 * top right of its bounds, muster_scene_get_badge()). */
static cairo_pattern_t *
moving_mask (MusterBoardView *self,
             cairo_t         *cr)
{
  double px = self->full.scale;

  cairo_push_group_with_content (cr, CAIRO_CONTENT_ALPHA);
  for (guint i = 0; i < self->moving->len; i++)
    {
      const Moving *m = &g_array_index (self->moving, Moving, i);
      MusterOutline outline;
      GPtrArray *violations = NULL;

      muster_piece_get_outline (m->piece, &outline);
      cairo_new_path (cr);
      muster_render_path_outline (cr, &outline);
      cairo_set_source_rgba (cr, 0, 0, 0, 1);
      cairo_fill_preserve (cr);
      cairo_set_line_width (cr, MAX (0.6, 2.5 / px) + 4.0 / px);
      cairo_stroke (cr);

      if (self->validator != NULL)
        violations = muster_validator_get_piece_violations (self->validator, m->serial);
      if (violations != NULL && violations->len > 0)
        {
          MusterPoint at;
          double r;

          muster_scene_get_badge (self->scene, &outline.bounds, px, &at, &r);
          cairo_new_path (cr);
          cairo_arc (cr, at.x, at.y, r + 3.0 / px, 0, 2 * G_PI);
          cairo_fill (cr);
        }

      muster_outline_clear (&outline);
    }

  return cairo_pop_group (cr);
}

/* The drag cache: the table as drawn, the pieces that move taken away
 * (the bare table shows through where they stood), and the acting
 * player's zone lit. Made once when a drag starts, so that every frame
 * of the drag costs one texture and the pieces that move. */
void
_muster_board_view_build_drag_cache (MusterBoardView *self,
                                     const char      *player_id)
{
  cairo_t *cr;

  ensure_full (self);
  ensure_bare (self);

  self->drag.x0 = self->full.x0;
  self->drag.y0 = self->full.y0;
  self->drag.scale = self->full.scale;
  self->drag.width = self->full.width;
  self->drag.height = self->full.height;
  self->drag.scale_factor = self->full.scale_factor;
  self->drag.whole = self->full.whole;

  cr = cache_begin (&self->drag);

  cairo_save (cr);
  cairo_identity_matrix (cr);
  cairo_set_source_surface (cr, self->full.surface, 0, 0);
  cairo_paint (cr);
  cairo_restore (cr);

  if (self->moving != NULL && self->moving->len > 0)
    {
      cairo_pattern_t *mask = moving_mask (self, cr);
      cairo_pattern_t *bare = cairo_pattern_create_for_surface (self->bare.surface);
      cairo_matrix_t ctm;

      /* The bare table, pixel for pixel, where the pieces stood. */
      cairo_get_matrix (cr, &ctm);
      cairo_pattern_set_matrix (bare, &ctm);
      cairo_set_source (cr, bare);
      cairo_mask (cr, mask);
      cairo_pattern_destroy (bare);
      cairo_pattern_destroy (mask);
    }

  highlight_zone (self, cr, player_id);
  cache_end (&self->drag, cr);
}

void
_muster_board_view_drop_drag_cache (MusterBoardView *self)
{
  cache_clear (&self->drag);
}

static gboolean
renderer_is_cairo (MusterBoardView *self)
{
  GtkNative *native = gtk_widget_get_native (GTK_WIDGET (self));
  GskRenderer *renderer = native != NULL ? gtk_native_get_renderer (native) : NULL;

  return renderer != NULL && GSK_IS_CAIRO_RENDERER (renderer);
}

/* A cache's picture, its top-left corner at x, y (widget px), in the
 * form the renderer draws fastest (see Cache). */
static void
append_cache (MusterBoardView *self,
              GtkSnapshot     *snapshot,
              Cache           *cache,
              double           x,
              double           y)
{
  if (renderer_is_cairo (self))
    {
      if (cache->node == NULL)
        {
          cairo_t *cr;

          cache->node = gsk_cairo_node_new (&GRAPHENE_RECT_INIT (0, 0, cache->width, cache->height));
          cr = gsk_cairo_node_get_draw_context (cache->node);
          cairo_set_source_surface (cr, cache->surface, 0, 0);
          cairo_paint (cr);
          cairo_destroy (cr);
        }

      gtk_snapshot_save (snapshot);
      gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (x, y));
      gtk_snapshot_append_node (snapshot, cache->node);
      gtk_snapshot_restore (snapshot);
      return;
    }

  if (cache->texture == NULL)
    cache->texture = texture_for_surface (cache->surface);

  gtk_snapshot_append_texture (snapshot, cache->texture,
                               &GRAPHENE_RECT_INIT (x, y, cache->width, cache->height));
}

/* The view a kept node was made for: when it changes, the node goes. */
static gboolean
view_changed (double       *kept,
              const double *view,
              gsize         size)
{
  if (memcmp (kept, view, size) == 0)
    return FALSE;

  memcpy (kept, view, size);

  return TRUE;
}

/* The ghosts of a move (see _muster_board_view_draw_ghosts()), as a node
 * made once for the view. */
static void
append_ghosts (MusterBoardView *self,
               GtkSnapshot     *snapshot)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = gtk_widget_get_height (GTK_WIDGET (self));
  double scale = muster_board_view_get_scale (self);
  double view[5] = { scale, self->centre_x, self->centre_y, width, height };

  if (self->moving->len == 0 || self->moving->len > MAX_GHOSTS)
    return;

  if (self->ghosts != NULL && view_changed (self->ghosts_view, view, sizeof view))
    g_clear_pointer (&self->ghosts, gsk_render_node_unref);

  if (self->ghosts == NULL)
    {
      MusterBox box = { G_MAXDOUBLE, G_MAXDOUBLE, -G_MAXDOUBLE, -G_MAXDOUBLE };
      double x0, y0, x1, y1;
      cairo_t *cr;

      for (guint i = 0; i < self->moving->len; i++)
        {
          const Moving *m = &g_array_index (self->moving, Moving, i);

          _muster_board_view_box_add_base (&box, &m->piece->base, m->x, m->y);
        }
      muster_board_view_board_to_widget (self, (MusterPoint) { box.x0, box.y0 }, &x0, &y0);
      muster_board_view_board_to_widget (self, (MusterPoint) { box.x1, box.y1 }, &x1, &y1);
      x0 = floor (x0) - 4;
      y0 = floor (y0) - 4;
      x1 = ceil (x1) + 4;
      y1 = ceil (y1) + 4;

      self->ghosts = gsk_cairo_node_new (&GRAPHENE_RECT_INIT (x0, y0, x1 - x0, y1 - y0));
      cr = gsk_cairo_node_get_draw_context (self->ghosts);
      _muster_board_view_to_table (self, cr);
      _muster_board_view_draw_ghosts (self, cr, scale);
      cairo_destroy (cr);
      memcpy (self->ghosts_view, view, sizeof view);
    }

  gtk_snapshot_append_node (snapshot, self->ghosts);
}

/* The table, from the drag cache while something is dragged, else from
 * the full one; and the ghosts of a move. */
void
_muster_board_view_append_table (MusterBoardView *self,
                                 GtkSnapshot     *snapshot)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = gtk_widget_get_height (GTK_WIDGET (self));
  Cache *cache;
  double x, y;

  if ((self->moving != NULL || self->placing != NULL) && cache_fits (self, &self->drag))
    cache = &self->drag;
  else
    {
      ensure_full (self);
      cache = &self->full;
    }

  muster_board_view_board_to_widget (self, (MusterPoint) { cache->x0, cache->y0 }, &x, &y);
  gtk_snapshot_push_clip (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  append_cache (self, snapshot, cache, round (x), round (y));
  if (self->moving != NULL && self->mode == MODE_MOVE)
    append_ghosts (self, snapshot);
  gtk_snapshot_pop (snapshot);
}

/* One band of the pinned rulers: both are drawn (the corner is the
 * north band's), and the node keeps its own. */
static GskRenderNode *
ruler_node (MusterBoardView       *self,
            const graphene_rect_t *bounds,
            gboolean               north,
            gboolean               west)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = gtk_widget_get_height (GTK_WIDGET (self));
  GskRenderNode *node = gsk_cairo_node_new (bounds);
  cairo_t *cr = gsk_cairo_node_get_draw_context (node);
  MusterPoint a, b;
  MusterBox view;
  double scale;

  muster_board_view_widget_to_board (self, 0, 0, &a);
  muster_board_view_widget_to_board (self, width, height, &b);
  view = (MusterBox) { a.x, a.y, b.x, b.y };
  scale = _muster_board_view_to_table (self, cr);
  muster_scene_draw_view_rulers (self->scene, cr, &view, north, west, scale);
  cairo_destroy (cr);

  return node;
}

/* The bands the view needs, as a node, or NULL. */
static GskRenderNode *
rulers_node (MusterBoardView *self)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = gtk_widget_get_height (GTK_WIDGET (self));
  double reach, x, y;
  gboolean north, west;
  GskRenderNode *bands[2], *node;
  guint n = 0;

  if (!(muster_scene_get_flags (self->scene) & MUSTER_RENDER_RULER))
    return NULL;

  reach = muster_scene_get_ruler_reach (self->scene, muster_board_view_get_scale (self));
  muster_board_view_board_to_widget (self, (MusterPoint) { -reach, -reach }, &x, &y);
  north = y < 0;
  west = x < 0;
  if (!north && !west)
    return NULL;

  if (north)
    bands[n++] = ruler_node (self, &GRAPHENE_RECT_INIT (0, 0, width, MUSTER_VIEW_RULER_DEPTH), north, west);
  if (west)
    {
      double top = north ? MUSTER_VIEW_RULER_DEPTH : 0;

      bands[n++] = ruler_node (self, &GRAPHENE_RECT_INIT (0, top, MUSTER_VIEW_RULER_DEPTH, height - top),
                               north, west);
    }
  node = gsk_container_node_new (bands, n);
  for (guint i = 0; i < n; i++)
    gsk_render_node_unref (bands[i]);

  return node;
}

/* The rulers pinned to the view's north and west edges, where the
 * table's own rulers are out of sight: they say where on the table the
 * view is. A node kept while the view stands (and the table, its units
 * and the theme: those invalidate it). */
void
_muster_board_view_append_rulers (MusterBoardView *self,
                                  GtkSnapshot     *snapshot)
{
  /* What the scale follows, but for the table (which invalidates): no
   * fitting to work out in every frame of a drag. */
  double view[6] = { self->zoom, self->inset, self->centre_x, self->centre_y,
                     gtk_widget_get_width (GTK_WIDGET (self)), gtk_widget_get_height (GTK_WIDGET (self)) };

  if (view_changed (self->rulers_view, view, sizeof view) || !self->rulers_valid)
    {
      g_clear_pointer (&self->rulers, gsk_render_node_unref);
      self->rulers = rulers_node (self);
      self->rulers_valid = TRUE;
    }

  if (self->rulers != NULL)
    gtk_snapshot_append_node (snapshot, self->rulers);
}
