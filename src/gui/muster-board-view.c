/* muster-board-view.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-board-view"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "muster-board-view.h"
#include "muster-expr.h"
#include "muster-roster.h"

#define MIN_ZOOM 0.5
#define MAX_ZOOM 40.0
#define ZOOM_STEP 1.25

/* What the screen shows: everything but the print hatching. */
#define SCREEN_FLAGS (MUSTER_RENDER_ALL & ~MUSTER_RENDER_PATTERNS)
#define BARE_FLAGS   (SCREEN_FLAGS & ~(MUSTER_RENDER_PIECES | MUSTER_RENDER_VIOLATIONS))

/* The whole table is cached when it takes at most this many pixels;
 * beyond, only the visible part is. */
#define MAX_CACHE_PIXELS (4096 * 4096)

#define DRAG_THRESHOLD   4.0     /* px */
#define HANDLE_DISTANCE  22.0    /* px beyond the base */
#define HANDLE_RADIUS    7.0     /* px */
#define CLOSE_DISTANCE   10.0    /* px: a polygon closes on its first point */
#define MIN_TERRAIN      5.0     /* mm */
#define MAX_FEEDBACK     200     /* moving pieces that get their own verdict */
#define MAX_GHOSTS       64      /* moving pieces that get a dashed origin */

static const MusterColor accent = { 0.208, 0.518, 0.894 };   /* Adwaita blue 3 */
static const MusterColor legal_color = { 0.180, 0.761, 0.494 };   /* green 3 */
static const MusterColor illegal_color = { 0.878, 0.106, 0.141 }; /* red 3 */

/* A picture of the table. It reaches the screen in the form the renderer
 * draws fastest, made when first needed and kept while the picture
 * stands: a texture for GPU renderers (uploaded once), and a cairo node
 * that paints the surface for the cairo renderer. GTK 4.8's cairo
 * renderer converts a texture to a new surface pixel by pixel, through
 * floats, in every frame that shows it (some 8 ms for a 1200 × 800 view),
 * where painting an image surface is one copy; and a node kept from frame
 * to frame is one the renderer knows to be unchanged, so only what the
 * overlay covers is painted again. */
typedef struct
{
  cairo_surface_t *surface;
  GdkTexture      *texture;   /* or NULL, made when needed */
  GskRenderNode   *node;      /* or NULL, made when needed */
  double           x0;        /* board point (mm) at the top-left */
  double           y0;
  double           scale;     /* px per mm */
  int              width;     /* logical px */
  int              height;
  int              scale_factor;
  gboolean         whole;     /* covers the whole table */
  gboolean         valid;
} Cache;

typedef enum
{
  MODE_NONE,
  MODE_PAN,
  MODE_PRESS_PIECE,     /* pressed on a piece, not yet moved */
  MODE_PRESS_TERRAIN,
  MODE_MOVE,
  MODE_MOVE_TERRAIN,
  MODE_ROTATE,
  MODE_BAND,
  MODE_MEASURE,
  MODE_RECTANGLE,
  MODE_CLICK,           /* a click of a tool that acts on release */
} Mode;

typedef struct
{
  guint        serial;
  MusterPiece *piece;       /* the layout's; the drag ends if it goes */
  double       x;           /* at the start */
  double       y;
  double       rotation;
  GPtrArray   *violations;  /* where it is dragged to, or NULL */
} Moving;

/* A piece as the full cache shows it. */
typedef struct
{
  MusterBox bounds;   /* mm */
  gboolean  bad;      /* marked illegal */
} Drawn;

struct _MusterBoardView
{
  GtkWidget          parent_instance;

  MusterScene       *scene;
  MusterLayout      *layout;
  MusterValidator   *validator;
  MusterHistory     *history;
  MusterUnit         units;
  char              *acting_player;
  MusterBoardTool    tool;
  MusterTerrainKind  terrain_kind;
  gboolean           terrain_blocks_lof;

  /* The view: the board point (mm) shown at the widget's centre, and the
   * zoom over the scale that fits the whole table. */
  double             centre_x;
  double             centre_y;
  double             zoom;
  int                inset;

  double             pointer_x;
  double             pointer_y;
  double             drag_centre_x;
  double             drag_centre_y;
  double             pinch_zoom;
  gboolean           space_held;

  GHashTable        *selection;       /* serials */
  guint              focus_serial;    /* the piece Tab moves on from */
  char              *selected_terrain;

  Cache              full;            /* the scene as the renderer draws it */
  GHashTable        *drawn;           /* serial → Drawn: the pieces in full */
  cairo_region_t    *dirty;           /* of full, in its pixels, to draw again */
  gboolean           verdicts_dirty;
  Cache              bare;            /* the same without the pieces */
  Cache              drag;            /* full, minus what moves, plus the zone */

  Mode               mode;
  MusterPoint        press;           /* board */
  double             press_x;         /* widget */
  double             press_y;
  GdkModifierType    press_state;
  guint              press_serial;
  MusterPoint        current;         /* board, where the pointer is */
  GArray            *moving;          /* Moving */
  double             move_dx;
  double             move_dy;
  double             rotation;        /* MODE_ROTATE: the new rotation */
  MusterTerrain     *terrain_start;   /* MODE_MOVE_TERRAIN: a copy */
  char              *feedback;        /* reasons, or NULL when legal */
  gboolean           feedback_legal;

  gboolean           has_measure;
  MusterPoint        measure_from;
  MusterPoint        measure_to;
  double             measure_mm;
  guint              measure_serial_a;
  guint              measure_serial_b;

  GArray            *polygon;         /* MusterPoint, while drawing */
  gboolean           swallow_click;   /* the second click of a double click */

  /* The keyboard's stand-in for the pointer in the tools other than
   * selecting: the arrows move it, Return acts where it is. */
  gboolean           key_cursor_active;
  MusterPoint        key_cursor;      /* board */

  /* The table size the view was last fitted to. */
  double             table_width;
  double             table_height;

  guint              summary_idle;

  MusterPiece       *placing;         /* a new piece following the pointer */
  gconstpointer      placing_source;  /* the drag's value it was made from */
  GPtrArray         *placing_violations;
  gboolean           placing_visible;

  /* The last bubble's words, laid out: while a piece is dragged they
   * change far less often than the frame. */
  char              *bubble_text;
  PangoLayout       *bubble_layout;

  /* The dashed outlines where moving pieces came from: they stand still
   * while the pieces move, so they are a node of their own, kept from
   * frame to frame (and repainted by no frame), made for a view. */
  GskRenderNode     *ghosts;
  double             ghosts_view[5];  /* scale, centre x, y, width, height */
};

enum {
  PROP_0,
  PROP_SCENE,
  PROP_ZOOM,
  PROP_TOOL,
  PROP_ACTING_PLAYER,
  PROP_INSET,
  N_PROPS
};

enum {
  SELECTION_CHANGED,
  MESSAGE,
  CONTEXT_MENU,
  DELETED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (MusterBoardView, muster_board_view, GTK_TYPE_WIDGET)
G_DEFINE_ENUM_TYPE (MusterBoardTool, muster_board_tool,
  G_DEFINE_ENUM_VALUE (MUSTER_BOARD_TOOL_SELECT, "select"),
  G_DEFINE_ENUM_VALUE (MUSTER_BOARD_TOOL_MEASURE, "measure"),
  G_DEFINE_ENUM_VALUE (MUSTER_BOARD_TOOL_RECTANGLE, "rectangle"),
  G_DEFINE_ENUM_VALUE (MUSTER_BOARD_TOOL_POLYGON, "polygon"),
  G_DEFINE_ENUM_VALUE (MUSTER_BOARD_TOOL_OBJECTIVE, "objective"),
  G_DEFINE_ENUM_VALUE (MUSTER_BOARD_TOOL_MARKER, "marker"))

static void cancel_interaction (MusterBoardView *self);
static void update_accessible (MusterBoardView *self);
static void queue_accessible (MusterBoardView *self);

/* Caches */

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

static gboolean
piece_is_bad (MusterBoardView   *self,
              const MusterPiece *piece)
{
  GPtrArray *violations;

  if (self->validator == NULL)
    return FALSE;

  violations = muster_validator_get_piece_violations (self->validator, piece->serial);

  return violations != NULL && violations->len > 0;
}

static void
piece_bounds (const MusterPiece *piece,
              MusterBox         *bounds)
{
  double r = piece->base.shape == MUSTER_BASE_ROUND
               ? piece->base.width / 2
               : hypot (piece->base.width, piece->base.depth) / 2;

  *bounds = (MusterBox) { piece->x - r, piece->y - r, piece->x + r, piece->y + r };
}

/* Marks what a piece covered in the full cache (and what marks it) for
 * drawing again. */
static void
add_dirty (MusterBoardView *self,
           const MusterBox *bounds)
{
  const Cache *cache = &self->full;
  /* Outlines, the red mark at a corner, and a little to spare. */
  double pad = 12 + 1.5 * cache->scale;
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

      piece_bounds (piece, &drawn->bounds);
      drawn->bad = piece_is_bad (self, piece);
      g_hash_table_insert (self->drawn, GUINT_TO_POINTER (piece->serial), drawn);
    }

  g_clear_pointer (&self->dirty, cairo_region_destroy);
  self->dirty = cairo_region_create ();
  self->verdicts_dirty = FALSE;
}

static void
piece_moved (MusterBoardView *self,
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
  piece_bounds (piece, &drawn->bounds);
  add_dirty (self, &drawn->bounds);
  /* Its verdict, and those of its neighbours, are looked at when drawn. */
  self->verdicts_dirty = TRUE;
}

/* The pieces whose red mark came or went. */
static void
find_new_verdicts (MusterBoardView *self)
{
  GPtrArray *pieces = muster_layout_get_pieces (self->layout);

  for (guint i = 0; i < pieces->len; i++)
    {
      const MusterPiece *piece = g_ptr_array_index (pieces, i);
      Drawn *drawn = g_hash_table_lookup (self->drawn, GUINT_TO_POINTER (piece->serial));
      gboolean bad = piece_is_bad (self, piece);

      if (drawn != NULL && drawn->bad != bad)
        {
          drawn->bad = bad;
          add_dirty (self, &drawn->bounds);
        }
    }

  self->verdicts_dirty = FALSE;
}

static void
verdicts_changed_cb (MusterBoardView *self)
{
  queue_accessible (self);
  self->verdicts_dirty = TRUE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
invalidate_all (MusterBoardView *self)
{
  self->full.valid = FALSE;
  self->bare.valid = FALSE;
  self->drag.valid = FALSE;
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

/* The ruler's labels keep a legible size in pixels however small the
 * table is drawn (draw_ruler() in muster-render.c), so on a small table
 * they need more room than the scene's margin: its ticks (half an inch)
 * and the labels' pixels. */
#define RULER_MIN_MARGIN_MM (0.5 * 25.4)
#define RULER_MIN_MARGIN_PX 16.0

static double
margin_at (MusterBoardView *self,
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
  double margin = margin_at (self, scale);
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
  muster_scene_render (self->scene, cr, cache->scale);
  muster_scene_set_flags (self->scene, SCREEN_FLAGS);
  cache_end (cache, cr);
}

/* Draws the dirty part of the full cache again, clipped: a change of a
 * few pieces costs what they cover, not the whole table. */
static void
redraw_dirty (MusterBoardView *self)
{
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
  muster_scene_render (self->scene, cr, cache->scale);
  cairo_destroy (cr);
  cairo_surface_flush (cache->surface);

  cairo_region_destroy (self->dirty);
  self->dirty = cairo_region_create ();
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

/* Regions: the zone language drawn by compositing, as the renderer does */

static void fill_region (cairo_t            *cr,
                         const MusterRegion *region,
                         const MusterBox    *box);

static void
path_outline (cairo_t             *cr,
              const MusterOutline *outline)
{
  if (outline->kind == MUSTER_OUTLINE_CIRCLE)
    {
      cairo_new_sub_path (cr);
      cairo_arc (cr, outline->centre.x, outline->centre.y, outline->radius, 0, 2 * G_PI);
      cairo_close_path (cr);
      return;
    }

  for (guint i = 0; i < outline->n_points; i++)
    {
      if (i == 0)
        cairo_move_to (cr, outline->points[i].x, outline->points[i].y);
      else
        cairo_line_to (cr, outline->points[i].x, outline->points[i].y);
    }
  cairo_close_path (cr);
}

static void
composite_child (cairo_t            *cr,
                 const MusterRegion *region,
                 const MusterBox    *box,
                 cairo_operator_t    op)
{
  cairo_pattern_t *pattern;

  cairo_push_group (cr);
  fill_region (cr, region, box);
  pattern = cairo_pop_group (cr);
  cairo_save (cr);
  cairo_set_operator (cr, op);
  cairo_set_source (cr, pattern);
  cairo_paint (cr);
  cairo_restore (cr);
  cairo_pattern_destroy (pattern);
}

static void
fill_region (cairo_t            *cr,
             const MusterRegion *region,
             const MusterBox    *box)
{
  switch (region->kind)
    {
    case MUSTER_REGION_BOARD:
    case MUSTER_REGION_POLYGON:
    case MUSTER_REGION_CIRCLE:
      cairo_new_path (cr);
      path_outline (cr, &region->outline);
      cairo_set_source_rgb (cr, 0, 0, 0);
      cairo_fill (cr);
      break;

    case MUSTER_REGION_HALF_PLANE:
      {
        MusterPoint points[8];
        guint n = muster_region_clip_half_plane (region, box, points);

        if (n < 3)
          break;

        cairo_new_path (cr);
        cairo_move_to (cr, points[0].x, points[0].y);
        for (guint i = 1; i < n; i++)
          cairo_line_to (cr, points[i].x, points[i].y);
        cairo_close_path (cr);
        cairo_set_source_rgb (cr, 0, 0, 0);
        cairo_fill (cr);
      }
      break;

    case MUSTER_REGION_UNION:
      for (guint i = 0; i < region->children->len; i++)
        fill_region (cr, g_ptr_array_index (region->children, i), box);
      break;

    case MUSTER_REGION_INTERSECTION:
    case MUSTER_REGION_DIFFERENCE:
      if (region->children->len == 0)
        break;
      cairo_push_group (cr);
      fill_region (cr, g_ptr_array_index (region->children, 0), box);
      for (guint i = 1; i < region->children->len; i++)
        composite_child (cr, g_ptr_array_index (region->children, i), box,
                         region->kind == MUSTER_REGION_INTERSECTION ? CAIRO_OPERATOR_DEST_IN
                                                                    : CAIRO_OPERATOR_DEST_OUT);
      cairo_pop_group_to_source (cr);
      cairo_paint (cr);
      break;

    case MUSTER_REGION_IF_WITHIN:
      cairo_push_group (cr);
      fill_region (cr, g_ptr_array_index (region->children, 1), box);
      composite_child (cr, g_ptr_array_index (region->children, 0), box, CAIRO_OPERATOR_DEST_IN);
      cairo_pop_group_to_source (cr);
      cairo_paint (cr);

      cairo_push_group (cr);
      fill_region (cr, g_ptr_array_index (region->children, 2), box);
      composite_child (cr, g_ptr_array_index (region->children, 0), box, CAIRO_OPERATOR_DEST_OUT);
      cairo_pop_group_to_source (cr);
      cairo_paint (cr);
      break;

    default:
      g_assert_not_reached ();
    }
}

static int
player_index (MusterBoardView *self,
              const char      *player_id)
{
  GPtrArray *players = muster_layout_get_players (self->layout);

  for (guint i = 0; i < players->len; i++)
    {
      const MusterPlayer *player = g_ptr_array_index (players, i);

      if (g_strcmp0 (player->id, player_id) == 0)
        return i;
    }

  return -1;
}

static MusterColor
piece_color (MusterBoardView   *self,
             const MusterPiece *piece)
{
  int index;

  if (piece->kind == MUSTER_PIECE_OBJECTIVE)
    return (MusterColor) { 0.90, 0.75, 0.10 };

  index = player_index (self, piece->owner);
  if (index < 0)
    return (MusterColor) { 0.55, 0.55, 0.55 };

  return muster_scene_get_player_color (self->scene, index);
}

/* The acting player's zone, over what is drawn. */
static void
highlight_zone (MusterBoardView *self,
                cairo_t         *cr,
                const char      *player_id)
{
  double width = muster_layout_get_width (self->layout);
  double height = muster_layout_get_height (self->layout);
  MusterBox box = { -1, -1, width + 1, height + 1 };
  MusterRegion *region;
  cairo_pattern_t *mask;
  MusterColor color;
  int index;

  if (self->validator == NULL || player_id == NULL)
    return;

  region = muster_validator_get_zone (self->validator, player_id);
  index = player_index (self, player_id);
  if (region == NULL || index < 0)
    return;

  color = muster_scene_get_player_color (self->scene, index);

  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_clip (cr);
  cairo_push_group (cr);
  fill_region (cr, region, &box);
  mask = cairo_pop_group (cr);
  cairo_set_source_rgba (cr, color.r, color.g, color.b, 0.22);
  cairo_mask (cr, mask);
  cairo_pattern_destroy (mask);
  cairo_restore (cr);
}

/* The drag cache: the table as drawn, the pieces that move taken away
 * (the bare table shows through where they stood), and the acting
 * player's zone lit. Made once when a drag starts, so that every frame
 * of the drag costs one texture and the pieces that move. */
static void
build_drag_cache (MusterBoardView *self,
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
      double px = self->full.scale;

      cairo_push_group_with_content (cr, CAIRO_CONTENT_ALPHA);
      for (guint i = 0; i < self->moving->len; i++)
        {
          const Moving *m = &g_array_index (self->moving, Moving, i);
          MusterOutline outline;
          GPtrArray *violations = NULL;

          muster_piece_get_outline (m->piece, &outline);
          cairo_new_path (cr);
          path_outline (cr, &outline);
          cairo_set_source_rgba (cr, 0, 0, 0, 1);
          cairo_fill_preserve (cr);
          cairo_set_line_width (cr, MAX (0.6, 2.5 / px) + 4.0 / px);
          cairo_stroke (cr);

          /* The mark the renderer puts on an illegal piece: a badge at
           * the top-right corner of its bounds. */
          if (self->validator != NULL)
            violations = muster_validator_get_piece_violations (self->validator, m->serial);
          if (violations != NULL && violations->len > 0)
            {
              cairo_new_path (cr);
              cairo_arc (cr, outline.bounds.x1, outline.bounds.y0, MAX (1.2, 7.0 / px) + 3.0 / px, 0, 2 * G_PI);
              cairo_fill (cr);
            }

          muster_outline_clear (&outline);
        }
      {
        cairo_pattern_t *mask = cairo_pop_group (cr);
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
    }

  highlight_zone (self, cr, player_id);
  cache_end (&self->drag, cr);
}

/* Geometry helpers */

static double
fit_scale (MusterBoardView *self)
{
  double margin, width, height, scale;
  int w = gtk_widget_get_width (GTK_WIDGET (self));
  int h = gtk_widget_get_height (GTK_WIDGET (self));

  if (self->scene == NULL || w <= 0 || h <= 0)
    return 1.0;

  margin = muster_scene_get_margin (self->scene);
  width = muster_layout_get_width (self->layout);
  height = muster_layout_get_height (self->layout);

  /* Clear of what floats over the view, above and below alike. */
  if (h > 4 * self->inset)
    h -= 2 * self->inset;

  scale = MIN (w / (width + 2 * margin), h / (height + 2 * margin));
  if (margin_at (self, scale) > margin)
    {
      /* The margin is RULER_MIN_MARGIN_MM + RULER_MIN_MARGIN_PX / scale:
       * solve width * scale + 2 * margin * scale = w for scale. */
      scale = MIN ((w - 2 * RULER_MIN_MARGIN_PX) / (width + 2 * RULER_MIN_MARGIN_MM),
                   (h - 2 * RULER_MIN_MARGIN_PX) / (height + 2 * RULER_MIN_MARGIN_MM));
      scale = MAX (scale, 1e-3);
    }

  return scale;
}

double
muster_board_view_get_scale (MusterBoardView *self)
{
  g_return_val_if_fail (MUSTER_IS_BOARD_VIEW (self), 1.0);

  return fit_scale (self) * self->zoom;
}

double
muster_board_view_get_zoom (MusterBoardView *self)
{
  g_return_val_if_fail (MUSTER_IS_BOARD_VIEW (self), 1.0);

  return self->zoom;
}

void
muster_board_view_widget_to_board (MusterBoardView *self,
                                   double           x,
                                   double           y,
                                   MusterPoint     *board)
{
  double scale;

  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));
  g_return_if_fail (board != NULL);

  scale = muster_board_view_get_scale (self);
  board->x = self->centre_x + (x - gtk_widget_get_width (GTK_WIDGET (self)) / 2.0) / scale;
  board->y = self->centre_y + (y - gtk_widget_get_height (GTK_WIDGET (self)) / 2.0) / scale;
}

void
muster_board_view_board_to_widget (MusterBoardView *self,
                                   MusterPoint      board,
                                   double          *x,
                                   double          *y)
{
  double scale;

  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));

  scale = muster_board_view_get_scale (self);
  if (x != NULL)
    *x = (board.x - self->centre_x) * scale + gtk_widget_get_width (GTK_WIDGET (self)) / 2.0;
  if (y != NULL)
    *y = (board.y - self->centre_y) * scale + gtk_widget_get_height (GTK_WIDGET (self)) / 2.0;
}

/* Keeps some of the table in view whatever the pan. */
static void
clamp_centre (MusterBoardView *self)
{
  if (self->scene == NULL)
    return;

  self->centre_x = CLAMP (self->centre_x, 0, muster_layout_get_width (self->layout));
  self->centre_y = CLAMP (self->centre_y, 0, muster_layout_get_height (self->layout));
}

static void
centre_board (MusterBoardView *self)
{
  if (self->scene == NULL)
    return;

  self->centre_x = muster_layout_get_width (self->layout) / 2;
  self->centre_y = muster_layout_get_height (self->layout) / 2;
}

void
muster_board_view_zoom_at (MusterBoardView *self,
                           double           factor,
                           double           x,
                           double           y)
{
  MusterPoint anchor;
  double zoom, scale;

  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));

  zoom = CLAMP (self->zoom * factor, MIN_ZOOM, MAX_ZOOM);
  if (zoom == self->zoom)
    return;

  muster_board_view_widget_to_board (self, x, y, &anchor);
  self->zoom = zoom;
  scale = muster_board_view_get_scale (self);
  self->centre_x = anchor.x - (x - gtk_widget_get_width (GTK_WIDGET (self)) / 2.0) / scale;
  self->centre_y = anchor.y - (y - gtk_widget_get_height (GTK_WIDGET (self)) / 2.0) / scale;

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOM]);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
zoom_at_pointer (MusterBoardView *self,
                 double           factor)
{
  double x = self->pointer_x;
  double y = self->pointer_y;

  /* From the keyboard with the pointer outside: around the centre. */
  if (x < 0 || y < 0 ||
      x > gtk_widget_get_width (GTK_WIDGET (self)) ||
      y > gtk_widget_get_height (GTK_WIDGET (self)))
    {
      x = gtk_widget_get_width (GTK_WIDGET (self)) / 2.0;
      y = gtk_widget_get_height (GTK_WIDGET (self)) / 2.0;
    }

  muster_board_view_zoom_at (self, factor, x, y);
}

void
muster_board_view_zoom_in (MusterBoardView *self)
{
  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));

  zoom_at_pointer (self, ZOOM_STEP);
}

void
muster_board_view_zoom_out (MusterBoardView *self)
{
  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));

  zoom_at_pointer (self, 1.0 / ZOOM_STEP);
}

void
muster_board_view_zoom_reset (MusterBoardView *self)
{
  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));

  self->zoom = 1.0;
  centre_board (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOM]);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
muster_board_view_pan (MusterBoardView *self,
                       double           dx,
                       double           dy)
{
  double scale;

  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));

  scale = muster_board_view_get_scale (self);
  self->centre_x -= dx / scale;
  self->centre_y -= dy / scale;
  clamp_centre (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The middle of what the window shows of the table: where the keyboard
 * puts things when the pointer is not on the table. The strips that the
 * tool bar and the header cover (the inset) do not count, unless nothing
 * else of the table shows. */
static MusterPoint
visible_table_centre (MusterBoardView *self)
{
  int w = gtk_widget_get_width (GTK_WIDGET (self));
  int h = gtk_widget_get_height (GTK_WIDGET (self));
  int inset = h > 4 * self->inset ? self->inset : 0;
  double width, height;
  MusterPoint a, b;

  if (self->layout == NULL)
    return (MusterPoint) { 0, 0 };

  width = muster_layout_get_width (self->layout);
  height = muster_layout_get_height (self->layout);
  if (w <= 0 || h <= 0)
    return (MusterPoint) { width / 2, height / 2 };

  muster_board_view_widget_to_board (self, 0, inset, &a);
  muster_board_view_widget_to_board (self, w, h - inset, &b);
  a.x = MAX (a.x, 0);
  a.y = MAX (a.y, 0);
  b.x = MIN (b.x, width);
  b.y = MIN (b.y, height);

  if (b.x <= a.x || b.y <= a.y)
    return (MusterPoint) { CLAMP (self->centre_x, 0, width), CLAMP (self->centre_y, 0, height) };

  return (MusterPoint) { (a.x + b.x) / 2, (a.y + b.y) / 2 };
}

static gboolean
on_table (MusterBoardView *self,
          MusterPoint      p)
{
  return self->layout != NULL &&
         p.x >= 0 && p.x <= muster_layout_get_width (self->layout) &&
         p.y >= 0 && p.y <= muster_layout_get_height (self->layout);
}

/* Where Return acts in a tool: at the keyboard cursor, else at the
 * pointer when it is over the table, else in the middle of what shows of
 * the table. */
static MusterPoint
key_point (MusterBoardView *self)
{
  MusterPoint p;

  if (self->key_cursor_active)
    return self->key_cursor;

  if (self->pointer_x >= 0 && self->pointer_y >= 0 &&
      self->pointer_x <= gtk_widget_get_width (GTK_WIDGET (self)) &&
      self->pointer_y <= gtk_widget_get_height (GTK_WIDGET (self)))
    {
      muster_board_view_widget_to_board (self, self->pointer_x, self->pointer_y, &p);
      if (on_table (self, p))
        return p;
    }

  return visible_table_centre (self);
}

/* Pieces and terrain under a point */

static guint
piece_at (MusterBoardView *self,
          MusterPoint      p,
          guint            except)
{
  GPtrArray *pieces;

  if (self->layout == NULL)
    return 0;

  pieces = muster_layout_get_pieces (self->layout);

  /* Top first: the last drawn. */
  for (guint i = pieces->len; i > 0; i--)
    {
      const MusterPiece *piece = g_ptr_array_index (pieces, i - 1);
      double reach = piece->base.shape == MUSTER_BASE_ROUND
                       ? piece->base.width / 2
                       : hypot (piece->base.width, piece->base.depth) / 2;
      MusterOutline outline;
      gboolean inside;

      if (piece->serial == except)
        continue;

      if (hypot (p.x - piece->x, p.y - piece->y) > reach + 1e-9)
        continue;

      muster_piece_get_outline (piece, &outline);
      inside = muster_outline_contains_point (&outline, p);
      muster_outline_clear (&outline);

      if (inside)
        return piece->serial;
    }

  return 0;
}

static gboolean
polygon_contains (const MusterPoint *points,
                  guint              n_points,
                  MusterPoint        p)
{
  gboolean inside = FALSE;

  for (guint i = 0, j = n_points - 1; i < n_points; j = i++)
    {
      if (((points[i].y > p.y) != (points[j].y > p.y)) &&
          (p.x < (points[j].x - points[i].x) * (p.y - points[i].y) / (points[j].y - points[i].y) + points[i].x))
        inside = !inside;
    }

  return inside;
}

static const MusterTerrain *
terrain_at (MusterBoardView *self,
            MusterPoint      p)
{
  GPtrArray *terrain;

  if (self->layout == NULL)
    return NULL;

  terrain = muster_layout_get_terrain (self->layout);
  for (guint i = terrain->len; i > 0; i--)
    {
      const MusterTerrain *t = g_ptr_array_index (terrain, i - 1);

      if (t->n_points >= 3 && polygon_contains (t->points, t->n_points, p))
        return t;
    }

  return NULL;
}

static MusterPiece *
lookup_serial (MusterBoardView *self,
               guint            serial)
{
  if (self->layout == NULL || serial == 0)
    return NULL;

  return muster_layout_lookup_serial (self->layout, serial);
}

/* The rotation handle of the only selected piece, in widget coordinates. */
static gboolean
get_handle (MusterBoardView *self,
            double          *hx,
            double          *hy,
            double          *fx,
            double          *fy)
{
  GHashTableIter iter;
  gpointer key;
  MusterPiece *piece;
  double scale, theta, reach, cx, cy;

  if (g_hash_table_size (self->selection) != 1 || self->tool != MUSTER_BOARD_TOOL_SELECT)
    return FALSE;

  g_hash_table_iter_init (&iter, self->selection);
  g_hash_table_iter_next (&iter, &key, NULL);
  piece = lookup_serial (self, GPOINTER_TO_UINT (key));
  if (piece == NULL)
    return FALSE;

  scale = muster_board_view_get_scale (self);
  theta = (self->mode == MODE_ROTATE ? self->rotation : piece->rotation) * G_PI / 180;
  reach = (piece->base.shape == MUSTER_BASE_ROUND ? piece->base.width : piece->base.depth) / 2;

  muster_board_view_board_to_widget (self, (MusterPoint) { piece->x, piece->y }, &cx, &cy);
  /* Forward is north at rotation 0, turning clockwise. */
  if (fx != NULL)
    *fx = cx + sin (theta) * reach * scale;
  if (fy != NULL)
    *fy = cy - cos (theta) * reach * scale;
  *hx = cx + sin (theta) * (reach * scale + HANDLE_DISTANCE);
  *hy = cy - cos (theta) * (reach * scale + HANDLE_DISTANCE);

  return TRUE;
}

/* Selection */

static void
selection_changed (MusterBoardView *self)
{
  g_signal_emit (self, signals[SELECTION_CHANGED], 0);
  /* At once: what the keyboard selects is read out as it is selected. */
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

GArray *
muster_board_view_get_selection (MusterBoardView *self)
{
  GArray *serials;
  GPtrArray *pieces;

  g_return_val_if_fail (MUSTER_IS_BOARD_VIEW (self), NULL);

  serials = g_array_new (FALSE, FALSE, sizeof (guint));
  if (self->layout == NULL || g_hash_table_size (self->selection) == 0)
    return serials;

  pieces = muster_layout_get_pieces (self->layout);
  for (guint i = 0; i < pieces->len; i++)
    {
      const MusterPiece *piece = g_ptr_array_index (pieces, i);

      if (g_hash_table_contains (self->selection, GUINT_TO_POINTER (piece->serial)))
        g_array_append_val (serials, piece->serial);
    }

  return serials;
}

guint
muster_board_view_get_n_selected (MusterBoardView *self)
{
  g_return_val_if_fail (MUSTER_IS_BOARD_VIEW (self), 0);

  return g_hash_table_size (self->selection);
}

gboolean
muster_board_view_is_selected (MusterBoardView *self,
                               guint            serial)
{
  g_return_val_if_fail (MUSTER_IS_BOARD_VIEW (self), FALSE);

  return g_hash_table_contains (self->selection, GUINT_TO_POINTER (serial));
}

static void
clear_terrain_selection (MusterBoardView *self)
{
  g_clear_pointer (&self->selected_terrain, g_free);
}

void
muster_board_view_select_piece (MusterBoardView *self,
                                guint            serial,
                                gboolean         extend)
{
  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));

  if (!extend)
    g_hash_table_remove_all (self->selection);
  clear_terrain_selection (self);

  if (lookup_serial (self, serial) != NULL)
    {
      g_hash_table_add (self->selection, GUINT_TO_POINTER (serial));
      self->focus_serial = serial;
    }

  selection_changed (self);
}

static void
toggle_piece (MusterBoardView *self,
              guint            serial)
{
  clear_terrain_selection (self);
  if (!g_hash_table_remove (self->selection, GUINT_TO_POINTER (serial)))
    {
      g_hash_table_add (self->selection, GUINT_TO_POINTER (serial));
      self->focus_serial = serial;
    }
  selection_changed (self);
}

void
muster_board_view_select_all (MusterBoardView *self)
{
  GPtrArray *pieces;

  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));

  if (self->layout == NULL)
    return;

  clear_terrain_selection (self);
  pieces = muster_layout_get_pieces (self->layout);
  for (guint i = 0; i < pieces->len; i++)
    g_hash_table_add (self->selection,
                      GUINT_TO_POINTER (((MusterPiece *) g_ptr_array_index (pieces, i))->serial));
  selection_changed (self);
}

void
muster_board_view_unselect_all (MusterBoardView *self)
{
  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));

  if (g_hash_table_size (self->selection) == 0 && self->selected_terrain == NULL)
    return;

  g_hash_table_remove_all (self->selection);
  clear_terrain_selection (self);
  selection_changed (self);
}

void
muster_board_view_reveal_piece (MusterBoardView *self,
                                guint            serial)
{
  MusterPiece *piece;
  double x, y;
  int w = gtk_widget_get_width (GTK_WIDGET (self));
  int h = gtk_widget_get_height (GTK_WIDGET (self));

  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));

  piece = lookup_serial (self, serial);
  if (piece == NULL || w <= 0 || h <= 0)
    return;

  muster_board_view_board_to_widget (self, (MusterPoint) { piece->x, piece->y }, &x, &y);
  if (x < 40 || y < 40 || x > w - 40 || y > h - 40)
    {
      self->centre_x = piece->x;
      self->centre_y = piece->y;
      clamp_centre (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

static void
reveal_point (MusterBoardView *self,
              MusterPoint      p)
{
  double x, y;
  int w = gtk_widget_get_width (GTK_WIDGET (self));
  int h = gtk_widget_get_height (GTK_WIDGET (self));

  if (w <= 0 || h <= 0)
    return;

  muster_board_view_board_to_widget (self, p, &x, &y);
  if (x < 40 || y < 40 || x > w - 40 || y > h - 40)
    {
      self->centre_x = p.x;
      self->centre_y = p.y;
      clamp_centre (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

/* The pieces in layout order, then the terrain: Tab goes round them all,
 * so that terrain can be chosen by keyboard too. */
static void
select_next (MusterBoardView *self,
             gboolean         backwards,
             gboolean         with_terrain)
{
  GPtrArray *pieces, *terrain;
  guint index = 0, n;
  gboolean found = FALSE;

  if (self->layout == NULL)
    return;

  pieces = muster_layout_get_pieces (self->layout);
  terrain = muster_layout_get_terrain (self->layout);
  n = pieces->len + (with_terrain ? terrain->len : 0);
  if (n == 0)
    return;

  if (self->selected_terrain != NULL && with_terrain)
    {
      for (guint i = 0; i < terrain->len && !found; i++)
        if (g_strcmp0 (((MusterTerrain *) g_ptr_array_index (terrain, i))->id, self->selected_terrain) == 0)
          {
            index = pieces->len + i;
            found = TRUE;
          }
    }
  else
    {
      for (guint i = 0; i < pieces->len && !found; i++)
        if (((MusterPiece *) g_ptr_array_index (pieces, i))->serial == self->focus_serial)
          {
            index = i;
            found = TRUE;
          }
    }

  if (!found)
    index = backwards ? n - 1 : 0;
  else if (backwards)
    index = (index + n - 1) % n;
  else
    index = (index + 1) % n;

  if (index < pieces->len)
    {
      MusterPiece *next = g_ptr_array_index (pieces, index);

      muster_board_view_select_piece (self, next->serial, FALSE);
      muster_board_view_reveal_piece (self, next->serial);
    }
  else
    {
      MusterTerrain *next = g_ptr_array_index (terrain, index - pieces->len);
      MusterBox box = { G_MAXDOUBLE, G_MAXDOUBLE, -G_MAXDOUBLE, -G_MAXDOUBLE };

      for (guint i = 0; i < next->n_points; i++)
        {
          box.x0 = MIN (box.x0, next->points[i].x);
          box.y0 = MIN (box.y0, next->points[i].y);
          box.x1 = MAX (box.x1, next->points[i].x);
          box.y1 = MAX (box.y1, next->points[i].y);
        }

      muster_board_view_select_terrain (self, next->id);
      if (next->n_points > 0)
        reveal_point (self, (MusterPoint) { (box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2 });
    }
}

void
muster_board_view_select_next (MusterBoardView *self,
                               gboolean         backwards)
{
  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));

  select_next (self, backwards, TRUE);
}

const char *
muster_board_view_get_selected_terrain (MusterBoardView *self)
{
  g_return_val_if_fail (MUSTER_IS_BOARD_VIEW (self), NULL);

  return self->selected_terrain;
}

void
muster_board_view_select_terrain (MusterBoardView *self,
                                  const char      *terrain_id)
{
  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));

  g_hash_table_remove_all (self->selection);
  g_free (self->selected_terrain);
  self->selected_terrain = g_strdup (terrain_id);
  selection_changed (self);
}

/* Editing */

static void
begin_group (MusterBoardView *self,
             const char      *label)
{
  if (self->history != NULL)
    muster_history_begin_group (self->history, label);
}

static void
end_group (MusterBoardView *self)
{
  if (self->history != NULL)
    muster_history_end_group (self->history);
}

/* Where a piece lands: on a grid finer than anyone measures a table
 * (0.01″, or 0.1 mm in a layout in millimetres or centimetres), counted
 * in the layout's own units, so that a saved file says x="35.25" and not
 * x="35.2487401574803". Rounded in those units, the number the file
 * keeps reads back as exactly the position that was checked. */
static double
snap_length (MusterBoardView *self,
             double           mm)
{
  MusterUnit unit;
  double steps_per_unit;

  if (self->layout == NULL)
    return mm;

  unit = muster_layout_get_units (self->layout);
  steps_per_unit = unit == MUSTER_UNIT_MM ? 10 : 100;

  return muster_unit_to_mm (unit, round (muster_unit_from_mm (unit, mm) * steps_per_unit) / steps_per_unit);
}

static MusterPoint
snap_point (MusterBoardView *self,
            MusterPoint      p)
{
  return (MusterPoint) { snap_length (self, p.x), snap_length (self, p.y) };
}

/* A nudge of 0.1″ added in millimetres to a piece on the grid lands a
 * rounding error off it, which the file would spell out in full; a piece
 * off the grid (written so by hand) stays off it. */
static double
snap_length_if_near (MusterBoardView *self,
                     double           mm)
{
  double snapped = snap_length (self, mm);

  return fabs (snapped - mm) < MUSTER_EPSILON_MM ? snapped : mm;
}

static double
normalise_angle (double degrees)
{
  degrees = fmod (degrees, 360.0);
  if (degrees < 0)
    degrees += 360.0;
  /* Clean numbers for the file. */
  degrees = round (degrees * 1e6) / 1e6;
  if (degrees >= 360.0)
    degrees -= 360.0;

  return degrees;
}

/* Terrain has no "changed": an edit is a removal and an addition under
 * the same id, as one step, and the terrain stays selected. */
static void
replace_terrain (MusterBoardView *self,
                 MusterTerrain   *terrain,
                 const char      *label)
{
  g_autofree char *id = g_strdup (terrain->id);
  gboolean selected = g_strcmp0 (self->selected_terrain, id) == 0;

  begin_group (self, label);
  muster_layout_remove_terrain (self->layout, id);
  muster_layout_add_terrain (self->layout, terrain);
  end_group (self);

  if (selected)
    muster_board_view_select_terrain (self, id);
}

void
muster_board_view_move_selection (MusterBoardView *self,
                                  double           dx,
                                  double           dy)
{
  g_autoptr(GArray) serials = NULL;

  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));

  if (self->layout == NULL)
    return;

  if (self->selected_terrain != NULL)
    {
      MusterTerrain *terrain = muster_layout_lookup_terrain (self->layout, self->selected_terrain);
      g_autoptr(MusterTerrain) moved = NULL;

      if (terrain == NULL)
        return;

      moved = muster_terrain_copy (terrain);
      for (guint i = 0; i < moved->n_points; i++)
        {
          moved->points[i].x = snap_length_if_near (self, moved->points[i].x + dx);
          moved->points[i].y = snap_length_if_near (self, moved->points[i].y + dy);
        }
      replace_terrain (self, g_steal_pointer (&moved), _("Move Terrain"));
      return;
    }

  serials = muster_board_view_get_selection (self);
  if (serials->len == 0)
    return;

  begin_group (self, serials->len == 1 ? _("Move Piece") : _("Move Pieces"));
  for (guint i = 0; i < serials->len; i++)
    {
      MusterPiece *piece = lookup_serial (self, g_array_index (serials, guint, i));

      if (piece != NULL)
        muster_layout_move_piece (self->layout, piece,
                                  snap_length_if_near (self, piece->x + dx),
                                  snap_length_if_near (self, piece->y + dy),
                                  piece->rotation);
    }
  end_group (self);
}

void
muster_board_view_rotate_selection (MusterBoardView *self,
                                    double           degrees)
{
  g_autoptr(GArray) serials = NULL;

  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));

  if (self->layout == NULL)
    return;

  serials = muster_board_view_get_selection (self);
  if (serials->len == 0)
    return;

  begin_group (self, serials->len == 1 ? _("Rotate Piece") : _("Rotate Pieces"));
  for (guint i = 0; i < serials->len; i++)
    {
      MusterPiece *piece = lookup_serial (self, g_array_index (serials, guint, i));

      if (piece != NULL)
        muster_layout_move_piece (self->layout, piece, piece->x, piece->y,
                                  normalise_angle (piece->rotation + degrees));
    }
  end_group (self);
}

void
muster_board_view_toggle_prone (MusterBoardView *self)
{
  g_autoptr(GArray) serials = NULL;
  gboolean prone = FALSE;

  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));

  if (self->layout == NULL)
    return;

  serials = muster_board_view_get_selection (self);

  /* All prone unless all already are. */
  for (guint i = 0; i < serials->len; i++)
    {
      MusterPiece *piece = lookup_serial (self, g_array_index (serials, guint, i));

      if (piece != NULL && piece->kind == MUSTER_PIECE_MODEL && !piece->prone)
        prone = TRUE;
    }

  begin_group (self, prone ? _("Prone") : _("Stand Up"));
  for (guint i = 0; i < serials->len; i++)
    {
      MusterPiece *piece = lookup_serial (self, g_array_index (serials, guint, i));

      if (piece != NULL && piece->kind == MUSTER_PIECE_MODEL && piece->prone != prone)
        {
          piece->prone = prone;
          muster_layout_piece_changed (self->layout, piece);
        }
    }
  end_group (self);
}

void
muster_board_view_delete_selection (MusterBoardView *self)
{
  g_autoptr(GArray) serials = NULL;
  g_autoptr(GPtrArray) ids = NULL;

  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));

  if (self->layout == NULL)
    return;

  if (self->selected_terrain != NULL)
    {
      g_autofree char *id = g_steal_pointer (&self->selected_terrain);

      begin_group (self, _("Delete Terrain"));
      muster_layout_remove_terrain (self->layout, id);
      end_group (self);
      selection_changed (self);
      g_signal_emit (self, signals[DELETED], 0, 0);
      return;
    }

  serials = muster_board_view_get_selection (self);
  if (serials->len == 0)
    return;

  ids = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < serials->len; i++)
    {
      MusterPiece *piece = lookup_serial (self, g_array_index (serials, guint, i));

      if (piece != NULL)
        g_ptr_array_add (ids, g_strdup (piece->id));
    }

  begin_group (self, ids->len == 1 ? _("Delete Piece") : _("Delete Pieces"));
  for (guint i = 0; i < ids->len; i++)
    muster_layout_remove_piece (self->layout, g_ptr_array_index (ids, i));
  end_group (self);

  g_hash_table_remove_all (self->selection);
  selection_changed (self);
  g_signal_emit (self, signals[DELETED], 0, ids->len);
}

void
muster_board_view_set_selected_terrain_kind (MusterBoardView   *self,
                                             MusterTerrainKind  kind,
                                             gboolean           blocks_lof)
{
  MusterTerrain *terrain;
  g_autoptr(MusterTerrain) changed = NULL;

  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));

  if (self->layout == NULL || self->selected_terrain == NULL)
    return;

  terrain = muster_layout_lookup_terrain (self->layout, self->selected_terrain);
  if (terrain == NULL || (terrain->kind == kind && !terrain->blocks_lof == !blocks_lof))
    return;

  changed = muster_terrain_copy (terrain);
  changed->kind = kind;
  changed->blocks_lof = kind == MUSTER_TERRAIN_BUILDING || blocks_lof;

  replace_terrain (self, g_steal_pointer (&changed), _("Change Terrain"));
}

static const char *
id_prefix (MusterPieceKind kind)
{
  switch (kind)
    {
    case MUSTER_PIECE_UNIT:
      return "u";
    case MUSTER_PIECE_MARKER:
      return "k";
    case MUSTER_PIECE_OBJECTIVE:
      return "o";
    case MUSTER_PIECE_MODEL:
    default:
      return "m";
    }
}

MusterPiece *
muster_board_view_place_piece (MusterBoardView *self,
                               MusterPiece     *piece)
{
  g_autoptr(MusterPiece) owned = piece;
  guint serial;

  g_return_val_if_fail (MUSTER_IS_BOARD_VIEW (self), NULL);
  g_return_val_if_fail (piece != NULL, NULL);

  if (self->layout == NULL)
    return NULL;

  if (piece->id == NULL || muster_layout_has_id (self->layout, piece->id))
    {
      g_free (piece->id);
      piece->id = muster_layout_make_id (self->layout, id_prefix (piece->kind));
    }
  piece->serial = 0;

  begin_group (self, piece->kind == MUSTER_PIECE_OBJECTIVE ? _("Place Objective")
                     : piece->kind == MUSTER_PIECE_MARKER ? _("Place Marker")
                     : _("Place Piece"));
  if (!muster_layout_add_piece (self->layout, g_steal_pointer (&owned)))
    {
      end_group (self);
      return NULL;
    }
  end_group (self);

  serial = piece->serial;
  muster_board_view_select_piece (self, serial, FALSE);

  return piece;
}

static GPtrArray *
check_piece (MusterBoardView   *self,
             const MusterPiece *piece,
             double             x,
             double             y,
             double             rotation)
{
  if (self->validator == NULL)
    return g_ptr_array_new_with_free_func ((GDestroyNotify) muster_violation_free);

  return muster_validator_check_placement (self->validator, piece, x, y, rotation);
}

MusterPiece *
muster_board_view_place_piece_in_zone (MusterBoardView *self,
                                       MusterPiece     *piece)
{
  MusterRegion *zone = NULL;
  double width, height, step;
  double cx = 0, cy = 0;
  guint n = 0;
  double best_d = G_MAXDOUBLE;
  MusterPoint best;

  g_return_val_if_fail (MUSTER_IS_BOARD_VIEW (self), NULL);
  g_return_val_if_fail (piece != NULL, NULL);

  if (self->layout == NULL)
    {
      muster_piece_free (piece);
      return NULL;
    }

  width = muster_layout_get_width (self->layout);
  height = muster_layout_get_height (self->layout);
  step = MUSTER_MM_PER_INCH / 2;
  best = (MusterPoint) { self->centre_x, self->centre_y };

  if (self->validator != NULL && piece->owner != NULL)
    zone = muster_validator_get_zone (self->validator, piece->owner);

  /* The middle of the zone... */
  for (double y = step / 2; y < height; y += step)
    for (double x = step / 2; x < width; x += step)
      if (zone == NULL || muster_region_contains_point (zone, (MusterPoint) { x, y }))
        {
          cx += x;
          cy += y;
          n++;
        }

  if (n > 0)
    {
      cx /= n;
      cy /= n;
      best = (MusterPoint) { cx, cy };

      /* ... and the legal spot nearest to it. */
      for (double y = step / 2; y < height; y += step)
        for (double x = step / 2; x < width; x += step)
          {
            double d = hypot (x - cx, y - cy);
            g_autoptr(GPtrArray) violations = NULL;

            if (d >= best_d)
              continue;
            if (zone != NULL && !muster_region_contains_point (zone, (MusterPoint) { x, y }))
              continue;

            violations = check_piece (self, piece, x, y, piece->rotation);
            if (violations->len == 0)
              {
                best_d = d;
                best = (MusterPoint) { x, y };
              }
          }
    }

  best = snap_point (self, best);
  piece->x = best.x;
  piece->y = best.y;
  piece = muster_board_view_place_piece (self, piece);
  if (piece != NULL)
    muster_board_view_reveal_piece (self, piece->serial);

  return piece;
}

MusterTerrain *
muster_board_view_add_terrain (MusterBoardView   *self,
                               const MusterPoint *points,
                               guint              n_points)
{
  g_autoptr(GError) error = NULL;
  MusterOutline outline;
  MusterTerrain *terrain;
  g_autofree char *id = NULL;

  g_return_val_if_fail (MUSTER_IS_BOARD_VIEW (self), NULL);
  g_return_val_if_fail (points != NULL, NULL);

  if (self->layout == NULL)
    return NULL;

  if (!muster_outline_init_polygon (&outline, points, n_points, &error))
    {
      g_signal_emit (self, signals[MESSAGE], 0, _("This outline cannot be terrain: it crosses itself or has no area"));
      return NULL;
    }
  muster_outline_clear (&outline);

  id = muster_layout_make_id (self->layout, "t");
  terrain = muster_terrain_new (id, self->terrain_kind, points, n_points);
  terrain->blocks_lof = self->terrain_kind == MUSTER_TERRAIN_BUILDING || self->terrain_blocks_lof;

  begin_group (self, _("Add Terrain"));
  muster_layout_add_terrain (self->layout, terrain);
  end_group (self);

  muster_board_view_select_terrain (self, id);

  return muster_layout_lookup_terrain (self->layout, id);
}

/* Feedback */

static gboolean
is_moving (MusterBoardView *self,
           guint            serial)
{
  if (self->moving == NULL || serial == 0)
    return FALSE;

  for (guint i = 0; i < self->moving->len; i++)
    if (g_array_index (self->moving, Moving, i).serial == serial)
      return TRUE;

  return FALSE;
}

/* Pieces that move together keep their places among themselves, so the
 * verdicts between them are the ones they already had: only the others
 * count. */
static void
drop_pairs_within (MusterBoardView *self,
                   GPtrArray       *violations)
{
  guint i = 0;

  if (self->moving == NULL || self->moving->len < 2)
    return;

  while (i < violations->len)
    {
      const MusterViolation *v = g_ptr_array_index (violations, i);

      if (is_moving (self, v->other_serial))
        g_ptr_array_remove_index (violations, i);
      else
        i++;
    }
}

static char *
describe_violations (GPtrArray *violations)
{
  g_autoptr(GString) text = NULL;
  g_autoptr(GPtrArray) seen = NULL;

  if (violations == NULL || violations->len == 0)
    return NULL;

  text = g_string_new (NULL);
  seen = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < violations->len; i++)
    {
      g_autofree char *line = muster_violation_describe (g_ptr_array_index (violations, i));

      if (line == NULL || g_ptr_array_find_with_equal_func (seen, line, g_str_equal, NULL))
        continue;

      if (text->len > 0)
        g_string_append_c (text, '\n');
      g_string_append (text, line);
      g_ptr_array_add (seen, g_steal_pointer (&line));
    }

  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
set_feedback (MusterBoardView *self,
              GPtrArray       *violations)
{
  g_clear_pointer (&self->feedback, g_free);
  self->feedback = describe_violations (violations);
  self->feedback_legal = self->feedback == NULL;
}

/* The piece the pointer holds in a move of several. */
static const Moving *
moving_anchor (MusterBoardView *self)
{
  if (self->moving == NULL || self->moving->len == 0)
    return NULL;

  for (guint i = 0; i < self->moving->len; i++)
    {
      const Moving *m = &g_array_index (self->moving, Moving, i);

      if (m->serial == self->press_serial)
        return m;
    }

  return &g_array_index (self->moving, Moving, 0);
}

/* Where a moved piece lands: the others of a group keep their distances
 * from the pressed piece, and their places on the grid. */
static MusterPoint
moved_position (MusterBoardView *self,
                const Moving    *m)
{
  return (MusterPoint) {
    snap_length_if_near (self, m->x + self->move_dx),
    snap_length_if_near (self, m->y + self->move_dy),
  };
}

static void
update_moving (MusterBoardView *self)
{
  const Moving *primary;

  for (guint i = 0; i < self->moving->len; i++)
    {
      Moving *m = &g_array_index (self->moving, Moving, i);

      g_clear_pointer (&m->violations, g_ptr_array_unref);
      if (i >= MAX_FEEDBACK && m->serial != self->press_serial)
        continue;

      if (self->mode == MODE_ROTATE)
        m->violations = check_piece (self, m->piece, m->x, m->y, self->rotation);
      else
        {
          MusterPoint p = moved_position (self, m);

          m->violations = check_piece (self, m->piece, p.x, p.y, m->rotation);
        }
      drop_pairs_within (self, m->violations);
    }

  primary = moving_anchor (self);
  set_feedback (self, primary != NULL ? primary->violations : NULL);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
moving_clear (gpointer data)
{
  Moving *m = data;

  g_clear_pointer (&m->violations, g_ptr_array_unref);
}

static void
start_moving (MusterBoardView *self,
              Mode             mode)
{
  g_autoptr(GArray) serials = muster_board_view_get_selection (self);
  MusterPiece *pressed = lookup_serial (self, self->press_serial);

  g_clear_pointer (&self->moving, g_array_unref);
  g_clear_pointer (&self->ghosts, gsk_render_node_unref);
  self->moving = g_array_sized_new (FALSE, TRUE, sizeof (Moving), serials->len);
  g_array_set_clear_func (self->moving, moving_clear);

  for (guint i = 0; i < serials->len; i++)
    {
      Moving m = { 0 };

      m.serial = g_array_index (serials, guint, i);
      m.piece = lookup_serial (self, m.serial);
      if (m.piece == NULL)
        continue;
      m.x = m.piece->x;
      m.y = m.piece->y;
      m.rotation = m.piece->rotation;
      g_array_append_val (self->moving, m);
    }

  self->mode = mode;
  self->move_dx = 0;
  self->move_dy = 0;
  if (pressed != NULL)
    self->rotation = pressed->rotation;

  build_drag_cache (self, pressed != NULL && muster_piece_is_deployable (pressed)
                            ? pressed->owner : self->acting_player);
  update_moving (self);
}

static void
stop_moving (MusterBoardView *self)
{
  g_clear_pointer (&self->moving, g_array_unref);
  g_clear_pointer (&self->ghosts, gsk_render_node_unref);
  g_clear_pointer (&self->feedback, g_free);
  cache_clear (&self->drag);
}

static void
commit_moving (MusterBoardView *self)
{
  g_autoptr(GArray) moving = g_steal_pointer (&self->moving);
  Mode mode = self->mode;

  if (moving == NULL || moving->len == 0 || self->layout == NULL)
    return;

  if (mode == MODE_MOVE && self->move_dx == 0 && self->move_dy == 0)
    return;

  if (mode == MODE_ROTATE)
    begin_group (self, _("Rotate Piece"));
  else
    begin_group (self, moving->len == 1 ? _("Move Piece") : _("Move Pieces"));

  for (guint i = 0; i < moving->len; i++)
    {
      const Moving *m = &g_array_index (moving, Moving, i);

      if (mode == MODE_ROTATE)
        muster_layout_move_piece (self->layout, m->piece, m->x, m->y, normalise_angle (self->rotation));
      else
        {
          MusterPoint p = moved_position (self, m);

          muster_layout_move_piece (self->layout, m->piece, p.x, p.y, m->rotation);
        }
    }

  end_group (self);
}

gboolean
muster_board_view_get_feedback (MusterBoardView  *self,
                                gboolean         *legal,
                                const char      **reasons)
{
  g_return_val_if_fail (MUSTER_IS_BOARD_VIEW (self), FALSE);

  if (self->moving == NULL && !(self->placing != NULL && self->placing_visible))
    return FALSE;

  if (legal != NULL)
    *legal = self->feedback_legal;
  if (reasons != NULL)
    *reasons = self->feedback;

  return TRUE;
}

/* Placing a new piece */

void
muster_board_view_begin_placement (MusterBoardView   *self,
                                   const MusterPiece *piece)
{
  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));
  g_return_if_fail (piece != NULL);

  cancel_interaction (self);

  self->placing = muster_piece_copy (piece);
  self->placing->serial = 0;
  self->placing_visible = FALSE;

  build_drag_cache (self, muster_piece_is_deployable (piece) ? piece->owner : self->acting_player);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
muster_board_view_update_placement (MusterBoardView *self,
                                    double           x,
                                    double           y)
{
  MusterPoint p;

  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));

  if (self->placing == NULL)
    return;

  muster_board_view_widget_to_board (self, x, y, &p);
  p = snap_point (self, p);
  self->placing->x = p.x;
  self->placing->y = p.y;
  self->placing_visible = TRUE;

  g_clear_pointer (&self->placing_violations, g_ptr_array_unref);
  self->placing_violations = check_piece (self, self->placing, p.x, p.y, self->placing->rotation);
  set_feedback (self, self->placing_violations);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

MusterPiece *
muster_board_view_finish_placement (MusterBoardView *self,
                                    gboolean         commit)
{
  MusterPiece *piece;

  g_return_val_if_fail (MUSTER_IS_BOARD_VIEW (self), NULL);

  piece = g_steal_pointer (&self->placing);
  self->placing_source = NULL;
  g_clear_pointer (&self->placing_violations, g_ptr_array_unref);
  g_clear_pointer (&self->feedback, g_free);
  cache_clear (&self->drag);
  gtk_widget_queue_draw (GTK_WIDGET (self));

  if (piece == NULL)
    return NULL;

  if (!commit || !self->placing_visible)
    {
      muster_piece_free (piece);
      return NULL;
    }

  self->placing_visible = FALSE;

  return muster_board_view_place_piece (self, piece);
}

/* The tools' new pieces */

static MusterPiece *
make_tool_piece (MusterBoardView *self,
                 MusterPoint      p)
{
  MusterBase base = { MUSTER_BASE_ROUND, 40, 40 };

  p = snap_point (self, p);
  if (self->tool == MUSTER_BOARD_TOOL_OBJECTIVE)
    return muster_piece_new ("objective", MUSTER_PIECE_OBJECTIVE, MUSTER_OWNER_NEUTRAL, &base, p.x, p.y);

  base.width = base.depth = 25;

  return muster_piece_new ("marker", MUSTER_PIECE_MARKER,
                           self->acting_player != NULL ? self->acting_player : MUSTER_OWNER_NEUTRAL,
                           &base, p.x, p.y);
}

/* Measuring */

static void
update_measure (MusterBoardView *self)
{
  MusterPiece *a = lookup_serial (self, self->measure_serial_a);
  MusterPiece *b;
  MusterOutline oa, ob;

  self->measure_serial_b = piece_at (self, self->current, self->measure_serial_a);
  b = lookup_serial (self, self->measure_serial_b);

  if (a != NULL)
    muster_piece_get_outline (a, &oa);
  else
    muster_outline_init_circle (&oa, self->press.x, self->press.y, 0);

  if (b != NULL)
    muster_piece_get_outline (b, &ob);
  else
    muster_outline_init_circle (&ob, self->current.x, self->current.y, 0);

  if (a == NULL && b == NULL)
    {
      self->measure_from = self->press;
      self->measure_to = self->current;
      self->measure_mm = hypot (self->current.x - self->press.x, self->current.y - self->press.y);
    }
  else
    {
      double d = muster_outline_separation (&oa, &ob, &self->measure_from, &self->measure_to);

      self->measure_mm = MAX (d, 0);
      if (d <= 0)
        self->measure_to = self->measure_from;
    }

  self->has_measure = TRUE;
  muster_outline_clear (&oa);
  muster_outline_clear (&ob);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
muster_board_view_get_measurement (MusterBoardView *self,
                                   double          *distance,
                                   MusterPoint     *from,
                                   MusterPoint     *to)
{
  g_return_val_if_fail (MUSTER_IS_BOARD_VIEW (self), FALSE);

  if (!self->has_measure)
    return FALSE;

  if (distance != NULL)
    *distance = self->measure_mm;
  if (from != NULL)
    *from = self->measure_from;
  if (to != NULL)
    *to = self->measure_to;

  return TRUE;
}

/* Polygons */

static void
finish_polygon (MusterBoardView *self)
{
  g_autoptr(GArray) polygon = g_steal_pointer (&self->polygon);

  gtk_widget_queue_draw (GTK_WIDGET (self));
  if (polygon == NULL || polygon->len < 3)
    return;

  muster_board_view_add_terrain (self, (MusterPoint *) (gpointer) polygon->data, polygon->len);
}

static void
finish_rectangle (MusterBoardView *self)
{
  if (fabs (self->current.x - self->press.x) >= MIN_TERRAIN &&
      fabs (self->current.y - self->press.y) >= MIN_TERRAIN)
    {
      double x0 = snap_length (self, MIN (self->press.x, self->current.x));
      double x1 = snap_length (self, MAX (self->press.x, self->current.x));
      double y0 = snap_length (self, MIN (self->press.y, self->current.y));
      double y1 = snap_length (self, MAX (self->press.y, self->current.y));
      MusterPoint points[] = { { x0, y0 }, { x1, y0 }, { x1, y1 }, { x0, y1 } };

      muster_board_view_add_terrain (self, points, G_N_ELEMENTS (points));
    }
}

/* The pointer */

static void
cancel_interaction (MusterBoardView *self)
{
  if (self->moving != NULL)
    stop_moving (self);
  g_clear_pointer (&self->terrain_start, muster_terrain_free);
  g_clear_pointer (&self->polygon, g_array_unref);
  if (self->placing != NULL)
    muster_board_view_finish_placement (self, FALSE);
  self->mode = MODE_NONE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
muster_board_view_cancel (MusterBoardView *self)
{
  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));

  cancel_interaction (self);
}

void
muster_board_view_pointer_press (MusterBoardView *self,
                                 double           x,
                                 double           y,
                                 GdkModifierType  state)
{
  gboolean extend = (state & (GDK_SHIFT_MASK | GDK_CONTROL_MASK)) != 0;
  double hx, hy;

  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));

  if (self->layout == NULL)
    return;

  if (self->moving != NULL)
    stop_moving (self);

  self->press_x = x;
  self->press_y = y;
  self->press_state = state;
  muster_board_view_widget_to_board (self, x, y, &self->press);
  self->current = self->press;
  self->press_serial = 0;
  self->mode = MODE_NONE;

  switch (self->tool)
    {
    case MUSTER_BOARD_TOOL_SELECT:
      if (get_handle (self, &hx, &hy, NULL, NULL) &&
          hypot (x - hx, y - hy) <= HANDLE_RADIUS + 4)
        {
          GHashTableIter iter;
          gpointer key;

          g_hash_table_iter_init (&iter, self->selection);
          g_hash_table_iter_next (&iter, &key, NULL);
          self->press_serial = GPOINTER_TO_UINT (key);
          start_moving (self, MODE_ROTATE);
          return;
        }

      self->press_serial = piece_at (self, self->press, 0);
      if (self->press_serial != 0)
        {
          if (extend)
            toggle_piece (self, self->press_serial);
          else if (!muster_board_view_is_selected (self, self->press_serial))
            muster_board_view_select_piece (self, self->press_serial, FALSE);
          else
            self->focus_serial = self->press_serial;

          self->mode = muster_board_view_is_selected (self, self->press_serial)
                         ? MODE_PRESS_PIECE : MODE_NONE;
        }
      else
        {
          const MusterTerrain *terrain = terrain_at (self, self->press);

          if (terrain != NULL && !extend)
            {
              muster_board_view_select_terrain (self, terrain->id);
              self->terrain_start = muster_terrain_copy (terrain);
              self->mode = MODE_PRESS_TERRAIN;
            }
          else
            {
              if (!extend)
                muster_board_view_unselect_all (self);
              self->mode = MODE_BAND;
            }
        }
      break;

    case MUSTER_BOARD_TOOL_MEASURE:
      self->measure_serial_a = piece_at (self, self->press, 0);
      self->mode = MODE_MEASURE;
      update_measure (self);
      break;

    case MUSTER_BOARD_TOOL_RECTANGLE:
      self->mode = MODE_RECTANGLE;
      break;

    case MUSTER_BOARD_TOOL_POLYGON:
    case MUSTER_BOARD_TOOL_OBJECTIVE:
    case MUSTER_BOARD_TOOL_MARKER:
      self->mode = MODE_CLICK;
      break;

    default:
      g_assert_not_reached ();
    }

  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
muster_board_view_pointer_motion (MusterBoardView *self,
                                  double           x,
                                  double           y)
{
  gboolean beyond;

  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));

  if (self->layout == NULL)
    return;

  muster_board_view_widget_to_board (self, x, y, &self->current);
  beyond = hypot (x - self->press_x, y - self->press_y) >= DRAG_THRESHOLD;

  switch (self->mode)
    {
    case MODE_PRESS_PIECE:
      if (beyond)
        {
          start_moving (self, MODE_MOVE);
          muster_board_view_pointer_motion (self, x, y);
        }
      break;

    case MODE_PRESS_TERRAIN:
      if (beyond)
        self->mode = MODE_MOVE_TERRAIN;
      gtk_widget_queue_draw (GTK_WIDGET (self));
      break;

    case MODE_MOVE:
      {
        const Moving *anchor = moving_anchor (self);

        self->move_dx = self->current.x - self->press.x;
        self->move_dy = self->current.y - self->press.y;
        /* The pressed piece lands on the grid; the others keep their
         * distances from it. */
        if (anchor != NULL)
          {
            self->move_dx = snap_length (self, anchor->x + self->move_dx) - anchor->x;
            self->move_dy = snap_length (self, anchor->y + self->move_dy) - anchor->y;
          }
        update_moving (self);
      }
      break;

    case MODE_ROTATE:
      {
        MusterPiece *piece = lookup_serial (self, self->press_serial);
        double angle;

        if (piece == NULL)
          break;

        angle = atan2 (self->current.x - piece->x, -(self->current.y - piece->y)) * 180 / G_PI;
        /* Steps of 15° with Shift, else whole degrees. */
        if (self->press_state & GDK_SHIFT_MASK)
          angle = round (angle / 15) * 15;
        else
          angle = round (angle);
        self->rotation = normalise_angle (angle);
        update_moving (self);
      }
      break;

    case MODE_MEASURE:
      update_measure (self);
      break;

    case MODE_NONE:
    case MODE_PAN:
    case MODE_BAND:
    case MODE_MOVE_TERRAIN:
    case MODE_RECTANGLE:
    case MODE_CLICK:
    default:
      gtk_widget_queue_draw (GTK_WIDGET (self));
      break;
    }
}

static void
select_band (MusterBoardView *self)
{
  GPtrArray *pieces = muster_layout_get_pieces (self->layout);
  double x0 = MIN (self->press.x, self->current.x);
  double x1 = MAX (self->press.x, self->current.x);
  double y0 = MIN (self->press.y, self->current.y);
  double y1 = MAX (self->press.y, self->current.y);

  clear_terrain_selection (self);
  for (guint i = 0; i < pieces->len; i++)
    {
      const MusterPiece *piece = g_ptr_array_index (pieces, i);

      /* Whatever has its centre in the band. */
      if (piece->x >= x0 && piece->x <= x1 && piece->y >= y0 && piece->y <= y1)
        {
          g_hash_table_add (self->selection, GUINT_TO_POINTER (piece->serial));
          self->focus_serial = piece->serial;
        }
    }

  selection_changed (self);
}

void
muster_board_view_pointer_release (MusterBoardView *self,
                                   double           x,
                                   double           y)
{
  Mode mode;

  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));

  if (self->layout == NULL)
    return;

  muster_board_view_pointer_motion (self, x, y);
  mode = self->mode;
  self->mode = MODE_NONE;

  switch (mode)
    {
    case MODE_MOVE:
    case MODE_ROTATE:
      self->mode = mode;
      commit_moving (self);
      self->mode = MODE_NONE;
      stop_moving (self);
      break;

    case MODE_MOVE_TERRAIN:
      if (self->terrain_start != NULL)
        {
          g_autoptr(MusterTerrain) moved = g_steal_pointer (&self->terrain_start);
          double dx = self->current.x - self->press.x;
          double dy = self->current.y - self->press.y;

          /* Its first corner lands on the grid, the others keep their
           * distances from it. */
          if (moved->n_points > 0)
            {
              dx = snap_length (self, moved->points[0].x + dx) - moved->points[0].x;
              dy = snap_length (self, moved->points[0].y + dy) - moved->points[0].y;
            }
          for (guint i = 0; i < moved->n_points; i++)
            {
              moved->points[i].x = snap_length_if_near (self, moved->points[i].x + dx);
              moved->points[i].y = snap_length_if_near (self, moved->points[i].y + dy);
            }
          replace_terrain (self, g_steal_pointer (&moved), _("Move Terrain"));
        }
      break;

    case MODE_BAND:
      if (hypot (x - self->press_x, y - self->press_y) >= DRAG_THRESHOLD)
        select_band (self);
      break;

    case MODE_RECTANGLE:
      finish_rectangle (self);
      break;

    case MODE_CLICK:
      if (self->swallow_click)
        self->swallow_click = FALSE;
      else if (self->tool == MUSTER_BOARD_TOOL_POLYGON)
        {
          MusterPoint corner;
          double fx, fy;

          if (self->polygon == NULL)
            self->polygon = g_array_new (FALSE, FALSE, sizeof (MusterPoint));

          if (self->polygon->len >= 3)
            {
              muster_board_view_board_to_widget (self, g_array_index (self->polygon, MusterPoint, 0), &fx, &fy);
              if (hypot (x - fx, y - fy) <= CLOSE_DISTANCE)
                {
                  finish_polygon (self);
                  break;
                }
            }
          corner = snap_point (self, self->current);
          g_array_append_val (self->polygon, corner);
        }
      else if (self->tool == MUSTER_BOARD_TOOL_OBJECTIVE || self->tool == MUSTER_BOARD_TOOL_MARKER)
        {
          muster_board_view_place_piece (self, make_tool_piece (self, self->current));
        }
      break;

    case MODE_PRESS_TERRAIN:
      g_clear_pointer (&self->terrain_start, muster_terrain_free);
      break;

    case MODE_PRESS_PIECE:
      /* A click on one of several selected pieces keeps that one. */
      if (!(self->press_state & (GDK_SHIFT_MASK | GDK_CONTROL_MASK)) &&
          g_hash_table_size (self->selection) > 1)
        muster_board_view_select_piece (self, self->press_serial, FALSE);
      break;

    case MODE_NONE:
    case MODE_PAN:
    case MODE_MEASURE:
    default:
      break;
    }

  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Drawing */

static void
rounded_rectangle (cairo_t *cr,
                   double   x,
                   double   y,
                   double   w,
                   double   h,
                   double   r)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + w - r, y + r, r, -G_PI / 2, 0);
  cairo_arc (cr, x + w - r, y + h - r, r, 0, G_PI / 2);
  cairo_arc (cr, x + r, y + h - r, r, G_PI / 2, G_PI);
  cairo_arc (cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

#define BUBBLE_PAD 8.0

/* Where a bubble of text beside (x, y) goes, in widget coordinates, and
 * the text laid out (a new reference). */
static PangoLayout *
place_bubble (MusterBoardView *self,
              const char      *text,
              double           x,
              double           y,
              gboolean         centred,
              graphene_rect_t *rect,
              PangoRectangle  *logical)
{
  PangoLayout *layout;
  int w = gtk_widget_get_width (GTK_WIDGET (self));
  int h = gtk_widget_get_height (GTK_WIDGET (self));
  PangoRectangle ink;
  double bw, bh;

  /* The layout follows changes of the widget's font by itself. */
  if (self->bubble_layout == NULL || g_strcmp0 (self->bubble_text, text) != 0)
    {
      g_clear_object (&self->bubble_layout);
      g_free (self->bubble_text);
      self->bubble_text = g_strdup (text);
      self->bubble_layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);
    }
  layout = g_object_ref (self->bubble_layout);

  pango_layout_get_pixel_extents (layout, &ink, logical);
  bw = logical->width + 2 * BUBBLE_PAD;
  bh = logical->height + 2 * BUBBLE_PAD * 0.75;

  if (centred)
    {
      x -= bw / 2;
      y -= bh / 2;
    }

  x = CLAMP (x, 4, MAX (4, w - bw - 4));
  y = CLAMP (y, 4, MAX (4, h - bh - 4));
  graphene_rect_init (rect, x, y, bw, bh);

  return layout;
}

/* A bubble of text in widget coordinates, beside (x, y). */
static void
draw_bubble (MusterBoardView *self,
             cairo_t         *cr,
             const char      *text,
             double           x,
             double           y,
             MusterColor      color,
             gboolean         centred)
{
  PangoRectangle logical;
  graphene_rect_t rect;
  g_autoptr(PangoLayout) layout = place_bubble (self, text, x, y, centred, &rect, &logical);
  double pad = BUBBLE_PAD, bw = rect.size.width, bh = rect.size.height;

  x = rect.origin.x;
  y = rect.origin.y;

  cairo_save (cr);
  rounded_rectangle (cr, x, y, bw, bh, 6);
  cairo_set_source_rgba (cr, color.r, color.g, color.b, 0.92);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.25);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
  cairo_move_to (cr, x + pad - logical.x, y + pad * 0.75 - logical.y);
  cairo_set_source_rgb (cr, 1, 1, 1);
  pango_cairo_show_layout (cr, layout);
  cairo_restore (cr);
}

/* A piece where it is being dragged, coloured by its verdict. cr is in
 * millimetres. */
static void
draw_piece_at (MusterBoardView   *self,
               cairo_t           *cr,
               const MusterPiece *piece,
               double             x,
               double             y,
               double             rotation,
               int                verdict,   /* 0 none, 1 legal, 2 illegal */
               double             alpha)
{
  double px = muster_board_view_get_scale (self);
  MusterColor color = piece_color (self, piece);
  MusterOutline outline;

  muster_outline_init_base (&outline, &piece->base, x, y, rotation);

  cairo_new_path (cr);
  path_outline (cr, &outline);
  cairo_set_source_rgba (cr, color.r, color.g, color.b, alpha * (piece->kind == MUSTER_PIECE_MARKER ? 0.55 : 0.85));
  cairo_fill_preserve (cr);
  cairo_set_line_width (cr, MAX (0.3, 1.2 / px));
  cairo_set_source_rgba (cr, color.r * 0.45, color.g * 0.45, color.b * 0.45, alpha);
  cairo_stroke (cr);

  if (outline.kind == MUSTER_OUTLINE_POLYGON && piece->base.shape == MUSTER_BASE_RECT)
    {
      cairo_move_to (cr, outline.points[0].x, outline.points[0].y);
      cairo_line_to (cr, outline.points[1].x, outline.points[1].y);
      cairo_set_line_width (cr, MAX (0.8, 2.5 / px));
      cairo_stroke (cr);
    }

  if (verdict != 0)
    {
      MusterColor c = verdict == 1 ? legal_color : illegal_color;

      cairo_new_path (cr);
      path_outline (cr, &outline);
      cairo_set_line_width (cr, 6.0 / px);
      cairo_set_source_rgba (cr, 1, 1, 1, 0.9);
      cairo_stroke_preserve (cr);
      cairo_set_line_width (cr, 3.0 / px);
      cairo_set_source_rgba (cr, c.r, c.g, c.b, 1.0);
      cairo_stroke (cr);
    }

  muster_outline_clear (&outline);
}

static void
draw_selection (MusterBoardView *self,
                cairo_t         *cr,
                double           px)
{
  GHashTableIter iter;
  gpointer key;
  double hx, hy, fx, fy;

  g_hash_table_iter_init (&iter, self->selection);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      MusterPiece *piece = lookup_serial (self, GPOINTER_TO_UINT (key));
      MusterOutline outline;

      if (piece == NULL || is_moving (self, piece->serial))
        continue;

      muster_piece_get_outline (piece, &outline);
      cairo_new_path (cr);
      path_outline (cr, &outline);
      cairo_set_source_rgba (cr, 1, 1, 1, 0.85);
      cairo_set_line_width (cr, 6.0 / px);
      cairo_stroke_preserve (cr);
      cairo_set_source_rgb (cr, accent.r, accent.g, accent.b);
      cairo_set_line_width (cr, 2.5 / px);
      cairo_stroke (cr);
      muster_outline_clear (&outline);
    }

  if (self->selected_terrain != NULL && self->mode != MODE_MOVE_TERRAIN)
    {
      const MusterTerrain *t = muster_layout_lookup_terrain (self->layout, self->selected_terrain);
      double dash[] = { 6.0 / px, 4.0 / px };

      if (t != NULL && t->n_points >= 3)
        {
          cairo_new_path (cr);
          for (guint i = 0; i < t->n_points; i++)
            cairo_line_to (cr, t->points[i].x, t->points[i].y);
          cairo_close_path (cr);
          cairo_set_source_rgba (cr, 1, 1, 1, 0.85);
          cairo_set_line_width (cr, 5.0 / px);
          cairo_stroke_preserve (cr);
          cairo_set_dash (cr, dash, 2, 0);
          cairo_set_source_rgb (cr, accent.r, accent.g, accent.b);
          cairo_set_line_width (cr, 2.0 / px);
          cairo_stroke (cr);
          cairo_set_dash (cr, NULL, 0, 0);
          for (guint i = 0; i < t->n_points; i++)
            {
              cairo_new_path (cr);
              cairo_arc (cr, t->points[i].x, t->points[i].y, 3.5 / px, 0, 2 * G_PI);
              cairo_set_source_rgb (cr, 1, 1, 1);
              cairo_fill_preserve (cr);
              cairo_set_source_rgb (cr, accent.r, accent.g, accent.b);
              cairo_set_line_width (cr, 1.5 / px);
              cairo_stroke (cr);
            }
        }
    }

  /* The rotation handle, in widget coordinates. */
  if (self->mode != MODE_MOVE && get_handle (self, &hx, &hy, &fx, &fy))
    {
      cairo_save (cr);
      cairo_identity_matrix (cr);
      cairo_move_to (cr, fx, fy);
      cairo_line_to (cr, hx, hy);
      cairo_set_source_rgb (cr, accent.r, accent.g, accent.b);
      cairo_set_line_width (cr, 2);
      cairo_stroke (cr);
      cairo_new_path (cr);
      cairo_arc (cr, hx, hy, HANDLE_RADIUS, 0, 2 * G_PI);
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_fill_preserve (cr);
      cairo_set_source_rgb (cr, accent.r, accent.g, accent.b);
      cairo_stroke (cr);
      /* A turning arrow inside. */
      cairo_new_path (cr);
      cairo_arc (cr, hx, hy, HANDLE_RADIUS - 3.5, -G_PI * 0.9, G_PI * 0.4);
      cairo_set_line_width (cr, 1.5);
      cairo_stroke (cr);
      cairo_restore (cr);
    }
}

/* The words that draw_moving() and draw_placing() put beside what moves,
 * and where (as for draw_bubble()); NULL when there are none. */
static char *
moving_bubble (MusterBoardView *self,
               double          *x,
               double          *y,
               MusterColor     *color)
{
  if (self->moving != NULL)
    {
      const Moving *primary = NULL;

      for (guint i = 0; i < self->moving->len; i++)
        {
          const Moving *m = &g_array_index (self->moving, Moving, i);

          if (m->serial == self->press_serial)
            primary = m;
        }

      if (primary == NULL)
        return NULL;

      /* The verdict in words, beside the piece under the pointer. */
      if (self->feedback != NULL)
        {
          double reach = MAX (primary->piece->base.width, primary->piece->base.depth) / 2;
          MusterPoint at = { primary->x + reach, primary->y + reach };

          if (self->mode != MODE_ROTATE)
            {
              at.x += self->move_dx;
              at.y += self->move_dy;
            }
          muster_board_view_board_to_widget (self, at, x, y);
          *x += 6;
          *y += 6;
          *color = (MusterColor) { 0.55, 0.07, 0.09 };

          return g_strdup (self->feedback);
        }

      if (self->mode == MODE_ROTATE)
        {
          muster_board_view_board_to_widget (self, (MusterPoint) { primary->x, primary->y }, x, y);
          *x += 16;
          *y += 16;
          *color = (MusterColor) { 0.15, 0.15, 0.15 };

          return g_strdup_printf ("%.0f°", self->rotation);
        }

      return NULL;
    }

  if (self->placing != NULL && self->placing_visible && self->feedback != NULL)
    {
      const MusterPiece *piece = self->placing;
      double reach = MAX (piece->base.width, piece->base.depth) / 2;

      muster_board_view_board_to_widget (self, (MusterPoint) { piece->x + reach, piece->y + reach }, x, y);
      *x += 6;
      *y += 6;
      *color = (MusterColor) { 0.55, 0.07, 0.09 };

      return g_strdup (self->feedback);
    }

  return NULL;
}

static void
draw_moving_bubble (MusterBoardView *self,
                    cairo_t         *cr)
{
  MusterColor color;
  double x, y;
  g_autofree char *text = moving_bubble (self, &x, &y, &color);

  if (text == NULL)
    return;

  cairo_save (cr);
  cairo_identity_matrix (cr);
  draw_bubble (self, cr, text, x, y, color, FALSE);
  cairo_restore (cr);
}

/* Where the moving pieces come from. */
static void
draw_ghosts (MusterBoardView *self,
             cairo_t         *cr,
             double           px)
{
  double dash[] = { 4.0 / px, 3.0 / px };

  if (self->moving->len <= MAX_GHOSTS)
    {
      cairo_save (cr);
      cairo_set_dash (cr, dash, 2, 0);
      cairo_set_line_width (cr, 1.5 / px);
      for (guint i = 0; i < self->moving->len; i++)
        {
          const Moving *m = &g_array_index (self->moving, Moving, i);
          MusterOutline outline;

          muster_outline_init_base (&outline, &m->piece->base, m->x, m->y, m->rotation);
          cairo_new_path (cr);
          path_outline (cr, &outline);
          cairo_set_source_rgba (cr, 0, 0, 0, 0.55);
          cairo_stroke (cr);
          muster_outline_clear (&outline);
        }
      cairo_restore (cr);
    }
}

/* With ghosts, where they come from too (unless a node of their own
 * shows that, see append_ghosts()). */
static void
draw_moving (MusterBoardView *self,
             cairo_t         *cr,
             double           px,
             gboolean         ghosts)
{
  if (ghosts)
    draw_ghosts (self, cr, px);

  for (guint i = 0; i < self->moving->len; i++)
    {
      const Moving *m = &g_array_index (self->moving, Moving, i);
      int verdict = m->violations == NULL ? 0 : m->violations->len == 0 ? 1 : 2;

      if (self->mode == MODE_ROTATE)
        draw_piece_at (self, cr, m->piece, m->x, m->y, self->rotation, verdict, 1.0);
      else
        draw_piece_at (self, cr, m->piece, m->x + self->move_dx, m->y + self->move_dy, m->rotation, verdict, 1.0);
    }

  draw_moving_bubble (self, cr);
}

static void
draw_placing (MusterBoardView *self,
              cairo_t         *cr,
              double           px)
{
  const MusterPiece *piece = self->placing;

  draw_piece_at (self, cr, piece, piece->x, piece->y, piece->rotation,
                 muster_piece_is_deployable (piece) ? (self->feedback_legal ? 1 : 2) : 0, 0.9);
  draw_moving_bubble (self, cr);
}

static void
draw_measure (MusterBoardView *self,
              cairo_t         *cr,
              double           px)
{
  g_autofree char *text = muster_length_format (self->measure_mm, self->units);
  MusterPiece *ends[2] = { lookup_serial (self, self->measure_serial_a),
                           lookup_serial (self, self->measure_serial_b) };
  double ax, ay, bx, by;

  for (guint i = 0; i < G_N_ELEMENTS (ends); i++)
    {
      MusterOutline outline;

      if (ends[i] == NULL)
        continue;

      muster_piece_get_outline (ends[i], &outline);
      cairo_new_path (cr);
      path_outline (cr, &outline);
      cairo_set_source_rgba (cr, 0.1, 0.1, 0.1, 0.9);
      cairo_set_line_width (cr, 2.0 / px);
      cairo_stroke (cr);
      muster_outline_clear (&outline);
    }

  muster_board_view_board_to_widget (self, self->measure_from, &ax, &ay);
  muster_board_view_board_to_widget (self, self->measure_to, &bx, &by);

  cairo_save (cr);
  cairo_identity_matrix (cr);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_move_to (cr, ax, ay);
  cairo_line_to (cr, bx, by);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.9);
  cairo_set_line_width (cr, 5);
  cairo_stroke_preserve (cr);
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  cairo_set_line_width (cr, 2);
  cairo_stroke (cr);

  for (int i = 0; i < 2; i++)
    {
      cairo_new_path (cr);
      cairo_arc (cr, i == 0 ? ax : bx, i == 0 ? ay : by, 4, 0, 2 * G_PI);
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_fill_preserve (cr);
      cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
      cairo_set_line_width (cr, 1.5);
      cairo_stroke (cr);
    }

  draw_bubble (self, cr, text, (ax + bx) / 2, (ay + by) / 2 - 18, (MusterColor) { 0.15, 0.15, 0.15 }, TRUE);
  cairo_restore (cr);
}

static void
draw_band (MusterBoardView *self,
           cairo_t         *cr)
{
  double x0, y0;
  double x1 = self->pointer_x, y1 = self->pointer_y;

  muster_board_view_board_to_widget (self, self->press, &x0, &y0);
  muster_board_view_board_to_widget (self, self->current, &x1, &y1);

  cairo_save (cr);
  cairo_identity_matrix (cr);
  cairo_rectangle (cr, floor (MIN (x0, x1)) + 0.5, floor (MIN (y0, y1)) + 0.5,
                   floor (fabs (x1 - x0)), floor (fabs (y1 - y0)));
  cairo_set_source_rgba (cr, accent.r, accent.g, accent.b, 0.15);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, accent.r, accent.g, accent.b, 0.9);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
  cairo_restore (cr);
}

static void
terrain_preview_style (MusterBoardView *self,
                       cairo_t         *cr,
                       double           px)
{
  switch (self->terrain_kind)
    {
    case MUSTER_TERRAIN_BUILDING:
      cairo_set_source_rgba (cr, 0.36, 0.34, 0.33, 0.6);
      break;
    case MUSTER_TERRAIN_IMPASSABLE:
      cairo_set_source_rgba (cr, 0.45, 0.37, 0.28, 0.6);
      break;
    case MUSTER_TERRAIN_AREA:
    default:
      cairo_set_source_rgba (cr, 0.30, 0.50, 0.25, 0.35);
      break;
    }
  cairo_fill_preserve (cr);
  cairo_set_source_rgb (cr, accent.r, accent.g, accent.b);
  cairo_set_line_width (cr, 2.0 / px);
  cairo_stroke (cr);
}

static void
draw_drawing (MusterBoardView *self,
              cairo_t         *cr,
              double           px)
{
  if (self->mode == MODE_RECTANGLE)
    {
      cairo_new_path (cr);
      cairo_rectangle (cr, MIN (self->press.x, self->current.x), MIN (self->press.y, self->current.y),
                       fabs (self->current.x - self->press.x), fabs (self->current.y - self->press.y));
      terrain_preview_style (self, cr, px);
    }

  if (self->mode == MODE_MOVE_TERRAIN && self->terrain_start != NULL)
    {
      double dx = self->current.x - self->press.x;
      double dy = self->current.y - self->press.y;

      cairo_new_path (cr);
      for (guint i = 0; i < self->terrain_start->n_points; i++)
        cairo_line_to (cr, self->terrain_start->points[i].x + dx, self->terrain_start->points[i].y + dy);
      cairo_close_path (cr);
      cairo_set_source_rgba (cr, accent.r, accent.g, accent.b, 0.2);
      cairo_fill_preserve (cr);
      cairo_set_source_rgb (cr, accent.r, accent.g, accent.b);
      cairo_set_line_width (cr, 2.0 / px);
      cairo_stroke (cr);
    }

  if (self->polygon != NULL && self->polygon->len > 0)
    {
      MusterPoint pointer;

      muster_board_view_widget_to_board (self, self->pointer_x, self->pointer_y, &pointer);

      cairo_new_path (cr);
      for (guint i = 0; i < self->polygon->len; i++)
        {
          const MusterPoint *p = &g_array_index (self->polygon, MusterPoint, i);

          cairo_line_to (cr, p->x, p->y);
        }
      if (self->key_cursor_active)
        cairo_line_to (cr, self->key_cursor.x, self->key_cursor.y);
      else if (self->pointer_x >= 0)
        cairo_line_to (cr, pointer.x, pointer.y);
      cairo_close_path (cr);
      terrain_preview_style (self, cr, px);

      for (guint i = 0; i < self->polygon->len; i++)
        {
          const MusterPoint *p = &g_array_index (self->polygon, MusterPoint, i);

          cairo_new_path (cr);
          cairo_arc (cr, p->x, p->y, (i == 0 ? 5.0 : 3.5) / px, 0, 2 * G_PI);
          cairo_set_source_rgb (cr, 1, 1, 1);
          cairo_fill_preserve (cr);
          cairo_set_source_rgb (cr, accent.r, accent.g, accent.b);
          cairo_set_line_width (cr, 1.5 / px);
          cairo_stroke (cr);
        }
    }

  /* What a click of the objective and marker tools would put down. */
  if ((self->tool == MUSTER_BOARD_TOOL_OBJECTIVE || self->tool == MUSTER_BOARD_TOOL_MARKER) &&
      (self->pointer_x >= 0 || self->key_cursor_active) && self->placing == NULL)
    {
      MusterPoint pointer = self->key_cursor;
      g_autoptr(MusterPiece) piece = NULL;

      if (!self->key_cursor_active)
        muster_board_view_widget_to_board (self, self->pointer_x, self->pointer_y, &pointer);
      piece = make_tool_piece (self, pointer);
      draw_piece_at (self, cr, piece, pointer.x, pointer.y, 0, 0, 0.5);
    }

  /* The keyboard cursor: cross hairs in a ring. */
  if (self->key_cursor_active && self->tool != MUSTER_BOARD_TOOL_SELECT)
    {
      double x, y;

      muster_board_view_board_to_widget (self, self->key_cursor, &x, &y);
      cairo_save (cr);
      cairo_identity_matrix (cr);
      for (int pass = 0; pass < 2; pass++)
        {
          cairo_new_path (cr);
          cairo_arc (cr, x, y, 8, 0, 2 * G_PI);
          cairo_move_to (cr, x - 14, y);
          cairo_line_to (cr, x - 4, y);
          cairo_move_to (cr, x + 4, y);
          cairo_line_to (cr, x + 14, y);
          cairo_move_to (cr, x, y - 14);
          cairo_line_to (cr, x, y - 4);
          cairo_move_to (cr, x, y + 4);
          cairo_line_to (cr, x, y + 14);
          if (pass == 0)
            {
              cairo_set_source_rgba (cr, 1, 1, 1, 0.9);
              cairo_set_line_width (cr, 4);
            }
          else
            {
              cairo_set_source_rgb (cr, accent.r, accent.g, accent.b);
              cairo_set_line_width (cr, 2);
            }
          cairo_stroke (cr);
        }
      cairo_restore (cr);
    }
}

static void
box_add_point (MusterBox *box,
               double     x,
               double     y,
               double     r)
{
  box->x0 = MIN (box->x0, x - r);
  box->y0 = MIN (box->y0, y - r);
  box->x1 = MAX (box->x1, x + r);
  box->y1 = MAX (box->y1, y + r);
}

static void
box_add_base (MusterBox        *box,
              const MusterBase *base,
              double            x,
              double            y)
{
  double r = base->shape == MUSTER_BASE_ROUND ? base->width / 2 : hypot (base->width, base->depth) / 2;

  box_add_point (box, x, y, r);
}

/* Where the overlay draws, in widget coordinates: what the frame must
 * paint besides the cached table. The smaller, the cheaper a frame. */
static gboolean
overlay_bounds (MusterBoardView *self,
                graphene_rect_t *rect)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = gtk_widget_get_height (GTK_WIDGET (self));
  MusterBox box = { G_MAXDOUBLE, G_MAXDOUBLE, -G_MAXDOUBLE, -G_MAXDOUBLE };
  double x0, y0, x1, y1, hx, hy, bx, by;
  g_autofree char *bubble = NULL;
  MusterColor color;
  const double margin = 12;

  if (self->has_measure || self->mode == MODE_BAND || self->mode == MODE_RECTANGLE ||
      self->mode == MODE_MOVE_TERRAIN || self->polygon != NULL ||
      self->tool == MUSTER_BOARD_TOOL_OBJECTIVE || self->tool == MUSTER_BOARD_TOOL_MARKER ||
      (self->key_cursor_active && self->tool != MUSTER_BOARD_TOOL_SELECT))
    {
      graphene_rect_init (rect, 0, 0, width, height);
      return TRUE;
    }

  /* The selection, not the whole table: a frame costs what it shows. */
  {
    GHashTableIter iter;
    gpointer key;

    g_hash_table_iter_init (&iter, self->selection);
    while (g_hash_table_iter_next (&iter, &key, NULL))
      {
        const MusterPiece *piece = lookup_serial (self, GPOINTER_TO_UINT (key));

        if (piece != NULL)
          box_add_base (&box, &piece->base, piece->x, piece->y);
      }
  }

  if (self->selected_terrain != NULL)
    {
      const MusterTerrain *t = muster_layout_lookup_terrain (self->layout, self->selected_terrain);

      for (guint i = 0; t != NULL && i < t->n_points; i++)
        box_add_point (&box, t->points[i].x, t->points[i].y, 0);
    }

  if (self->moving != NULL)
    {
      for (guint i = 0; i < self->moving->len; i++)
        {
          const Moving *m = &g_array_index (self->moving, Moving, i);

          /* Where a moved piece came from is in the ghosts' node. */
          if (self->mode != MODE_MOVE)
            box_add_base (&box, &m->piece->base, m->x, m->y);
          box_add_base (&box, &m->piece->base, m->x + self->move_dx, m->y + self->move_dy);
        }
    }

  if (self->placing != NULL && self->placing_visible)
    box_add_base (&box, &self->placing->base, self->placing->x, self->placing->y);

  if (box.x0 > box.x1)
    return FALSE;

  muster_board_view_board_to_widget (self, (MusterPoint) { box.x0, box.y0 }, &x0, &y0);
  muster_board_view_board_to_widget (self, (MusterPoint) { box.x1, box.y1 }, &x1, &y1);
  x0 -= margin;
  y0 -= margin;
  x1 += margin;
  y1 += margin;

  /* The handle (not while pieces move), and the words beside what moves. */
  if (self->mode != MODE_MOVE && get_handle (self, &hx, &hy, NULL, NULL))
    {
      x0 = MIN (x0, hx - HANDLE_RADIUS - margin);
      y0 = MIN (y0, hy - HANDLE_RADIUS - margin);
      x1 = MAX (x1, hx + HANDLE_RADIUS + margin);
      y1 = MAX (y1, hy + HANDLE_RADIUS + margin);
    }
  /* The words beside the piece, and the outline of their bubble. */
  bubble = moving_bubble (self, &bx, &by, &color);
  if (bubble != NULL)
    {
      PangoRectangle logical;
      graphene_rect_t r;
      g_autoptr(PangoLayout) layout = place_bubble (self, bubble, bx, by, FALSE, &r, &logical);

      x0 = MIN (x0, r.origin.x - 2);
      y0 = MIN (y0, r.origin.y - 2);
      x1 = MAX (x1, r.origin.x + r.size.width + 2);
      y1 = MAX (y1, r.origin.y + r.size.height + 2);
    }

  x0 = CLAMP (floor (x0), 0, width);
  y0 = CLAMP (floor (y0), 0, height);
  x1 = CLAMP (ceil (x1), 0, width);
  y1 = CLAMP (ceil (y1), 0, height);
  if (x1 <= x0 || y1 <= y0)
    return FALSE;

  graphene_rect_init (rect, x0, y0, x1 - x0, y1 - y0);

  return TRUE;
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

/* The ghosts of a move (see draw_ghosts()), as a node made once for the
 * view. */
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

  if (self->ghosts != NULL && memcmp (view, self->ghosts_view, sizeof view) != 0)
    g_clear_pointer (&self->ghosts, gsk_render_node_unref);

  if (self->ghosts == NULL)
    {
      MusterBox box = { G_MAXDOUBLE, G_MAXDOUBLE, -G_MAXDOUBLE, -G_MAXDOUBLE };
      double x0, y0, x1, y1;
      cairo_t *cr;

      for (guint i = 0; i < self->moving->len; i++)
        {
          const Moving *m = &g_array_index (self->moving, Moving, i);

          box_add_base (&box, &m->piece->base, m->x, m->y);
        }
      muster_board_view_board_to_widget (self, (MusterPoint) { box.x0, box.y0 }, &x0, &y0);
      muster_board_view_board_to_widget (self, (MusterPoint) { box.x1, box.y1 }, &x1, &y1);
      x0 = floor (x0) - 4;
      y0 = floor (y0) - 4;
      x1 = ceil (x1) + 4;
      y1 = ceil (y1) + 4;

      self->ghosts = gsk_cairo_node_new (&GRAPHENE_RECT_INIT (x0, y0, x1 - x0, y1 - y0));
      cr = gsk_cairo_node_get_draw_context (self->ghosts);
      cairo_translate (cr, width / 2.0 - self->centre_x * scale, height / 2.0 - self->centre_y * scale);
      cairo_scale (cr, scale, scale);
      draw_ghosts (self, cr, scale);
      cairo_destroy (cr);
      memcpy (self->ghosts_view, view, sizeof view);
    }

  gtk_snapshot_append_node (snapshot, self->ghosts);
}

static void
muster_board_view_snapshot (GtkWidget   *widget,
                            GtkSnapshot *snapshot)
{
  MusterBoardView *self = (MusterBoardView *)widget;
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  Cache *cache;
  graphene_rect_t bounds;
  double scale, x, y;
  cairo_t *cr;

  g_assert (MUSTER_IS_BOARD_VIEW (self));

  if (self->scene == NULL || width <= 0 || height <= 0)
    return;

  scale = muster_board_view_get_scale (self);

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

  if (!overlay_bounds (self, &bounds))
    return;

  /* What changes from frame to frame, over the cache. */
  cr = gtk_snapshot_append_cairo (snapshot, &bounds);
  cairo_translate (cr, width / 2.0 - self->centre_x * scale, height / 2.0 - self->centre_y * scale);
  cairo_scale (cr, scale, scale);

  draw_selection (self, cr, scale);
  draw_drawing (self, cr, scale);
  if (self->moving != NULL)
    draw_moving (self, cr, scale, self->mode != MODE_MOVE);
  if (self->placing != NULL && self->placing_visible)
    draw_placing (self, cr, scale);
  if (self->has_measure && self->tool == MUSTER_BOARD_TOOL_MEASURE)
    draw_measure (self, cr, scale);
  if (self->mode == MODE_BAND && hypot (self->pointer_x - self->press_x, self->pointer_y - self->press_y) >= 0)
    draw_band (self, cr);

  cairo_destroy (cr);
}

/* Accessibility: the table in words, for screen readers. The widget is
 * an image; its label names what is selected (so that selecting by
 * keyboard is read out), its description sums up the table. */

static char *
describe_piece (const MusterPiece *piece)
{
  if (piece->name != NULL)
    /* Translators: a piece in the list of problems: its name and its id */
    return g_strdup_printf (_("%s (%s)"), piece->name, piece->id);

  return g_strdup (piece->id);
}

static const char *
terrain_kind_label (const MusterTerrain *terrain)
{
  switch (terrain->kind)
    {
    case MUSTER_TERRAIN_BUILDING:
      return _("Building");
    case MUSTER_TERRAIN_IMPASSABLE:
      return _("Impassable");
    case MUSTER_TERRAIN_AREA:
    default:
      return terrain->blocks_lof ? _("Area, Blocks Line of Fire") : _("Area, Open");
    }
}

/* What is selected, in words, or NULL. */
static char *
describe_selection (MusterBoardView *self)
{
  guint n = g_hash_table_size (self->selection);

  if (self->layout == NULL)
    return NULL;

  if (n == 1)
    {
      GHashTableIter iter;
      gpointer key;
      MusterPiece *piece;
      g_autofree char *name = NULL;
      g_autofree char *problems = NULL;
      g_auto(GStrv) lines = NULL;

      g_hash_table_iter_init (&iter, self->selection);
      g_hash_table_iter_next (&iter, &key, NULL);
      piece = lookup_serial (self, GPOINTER_TO_UINT (key));
      if (piece == NULL)
        return NULL;

      name = describe_piece (piece);
      if (self->validator != NULL)
        problems = describe_violations (muster_validator_get_piece_violations (self->validator, piece->serial));
      if (problems == NULL)
        return g_steal_pointer (&name);

      lines = g_strsplit (problems, "\n", -1);
      g_free (problems);
      problems = g_strjoinv ("; ", lines);
      /* Translators: a selected piece and what is wrong with it */
      return g_strdup_printf (_("%s: %s"), name, problems);
    }

  if (n > 1)
    return g_strdup_printf (ngettext ("%u piece", "%u pieces", n), n);

  if (self->selected_terrain != NULL)
    {
      const MusterTerrain *terrain = muster_layout_lookup_terrain (self->layout, self->selected_terrain);

      if (terrain != NULL)
        /* Translators: selected terrain: its kind */
        return g_strdup_printf (_("Terrain: %s"), terrain_kind_label (terrain));
    }

  return NULL;
}

char *
muster_board_view_dup_accessible_summary (MusterBoardView *self)
{
  g_autoptr(GString) text = NULL;
  g_autofree char *width = NULL;
  g_autofree char *height = NULL;
  g_autofree char *selected = NULL;
  const MusterDeployment *deployment = NULL;
  GPtrArray *pieces;
  guint bad = 0;

  g_return_val_if_fail (MUSTER_IS_BOARD_VIEW (self), NULL);

  if (self->layout == NULL)
    return g_strdup (_("Table"));

  text = g_string_new (NULL);
  width = muster_length_format (muster_layout_get_width (self->layout), self->units);
  height = muster_length_format (muster_layout_get_height (self->layout), self->units);
  if (self->validator != NULL && muster_validator_get_system (self->validator) != NULL &&
      muster_layout_get_deployment_id (self->layout) != NULL)
    deployment = muster_system_lookup_deployment (muster_validator_get_system (self->validator),
                                                  muster_layout_get_deployment_id (self->layout));

  if (deployment != NULL && deployment->name != NULL)
    /* Translators: the table's width and depth, and its deployment type */
    g_string_append_printf (text, _("Table of %s × %s, %s."), width, height, deployment->name);
  else
    /* Translators: the table's width and depth */
    g_string_append_printf (text, _("Table of %s × %s."), width, height);

  pieces = muster_layout_get_pieces (self->layout);
  for (guint i = 0; i < pieces->len; i++)
    if (piece_is_bad (self, g_ptr_array_index (pieces, i)))
      bad++;

  g_string_append_c (text, ' ');
  g_string_append_printf (text, ngettext ("%u piece on the table.", "%u pieces on the table.", pieces->len),
                          pieces->len);
  if (bad > 0)
    {
      g_string_append_c (text, ' ');
      g_string_append_printf (text, ngettext ("%u of them breaks a rule.", "%u of them break rules.", bad), bad);
    }

  selected = describe_selection (self);
  if (selected != NULL)
    {
      g_string_append_c (text, ' ');
      /* Translators: what is selected on the table */
      g_string_append_printf (text, _("Selected: %s."), selected);
    }

  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
update_accessible (MusterBoardView *self)
{
  g_autofree char *summary = muster_board_view_dup_accessible_summary (self);
  g_autofree char *selected = describe_selection (self);
  g_autofree char *label = NULL;

  g_clear_handle_id (&self->summary_idle, g_source_remove);

  if (selected != NULL)
    /* Translators: the table's accessible name, with what is selected */
    label = g_strdup_printf (_("Table: %s"), selected);
  else
    label = g_strdup (_("Table"));

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, summary,
                                  -1);
}

static gboolean
accessible_idle_cb (gpointer data)
{
  MusterBoardView *self = data;

  self->summary_idle = 0;
  update_accessible (self);

  return G_SOURCE_REMOVE;
}

/* After the model changed: once, when the change is over. */
static void
queue_accessible (MusterBoardView *self)
{
  if (self->summary_idle == 0)
    self->summary_idle = g_idle_add_full (G_PRIORITY_LOW, accessible_idle_cb, self, NULL);
}

/* Model */

static void
layout_piece_removed_cb (MusterBoardView *self,
                         guint            serial,
                         MusterLayout    *layout)
{
  if (is_moving (self, serial))
    cancel_interaction (self);

  if (g_hash_table_remove (self->selection, GUINT_TO_POINTER (serial)))
    selection_changed (self);
  if (self->measure_serial_a == serial || self->measure_serial_b == serial)
    self->has_measure = FALSE;

  piece_moved (self, serial);
  queue_accessible (self);
}

static void
layout_piece_changed_cb (MusterBoardView *self,
                         guint            serial,
                         MusterLayout    *layout)
{
  piece_moved (self, serial);
  queue_accessible (self);
}

static void
layout_changed_cb (MusterBoardView *self,
                   MusterLayout    *layout)
{
  if (self->selected_terrain != NULL && muster_layout_lookup_terrain (layout, self->selected_terrain) == NULL)
    {
      clear_terrain_selection (self);
      selection_changed (self);
    }

  muster_scene_invalidate_zones (self->scene);

  /* A new table size: fitted to the window again. Other changes keep
   * the view as the player left it. */
  if (muster_layout_get_width (layout) != self->table_width ||
      muster_layout_get_height (layout) != self->table_height)
    {
      self->table_width = muster_layout_get_width (layout);
      self->table_height = muster_layout_get_height (layout);
      self->key_cursor_active = FALSE;
      self->zoom = 1.0;
      centre_board (self);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOM]);
    }

  clamp_centre (self);
  invalidate_all (self);
  queue_accessible (self);
}

MusterScene *
muster_board_view_get_scene (MusterBoardView *self)
{
  g_return_val_if_fail (MUSTER_IS_BOARD_VIEW (self), NULL);

  return self->scene;
}

static void
update_dark (MusterBoardView *self)
{
  if (self->scene != NULL)
    muster_scene_set_dark (self->scene, adw_style_manager_get_dark (adw_style_manager_get_default ()));
  invalidate_all (self);
}

void
muster_board_view_set_scene (MusterBoardView *self,
                             MusterScene     *scene)
{
  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));

  if (self->scene == scene)
    return;

  cancel_interaction (self);
  g_hash_table_remove_all (self->selection);
  clear_terrain_selection (self);
  self->has_measure = FALSE;
  self->focus_serial = 0;

  if (self->layout != NULL)
    g_signal_handlers_disconnect_by_data (self->layout, self);
  g_clear_object (&self->layout);
  g_clear_pointer (&self->scene, muster_scene_unref);

  if (scene != NULL)
    {
      self->scene = muster_scene_ref (scene);
      self->layout = g_object_ref (muster_scene_get_layout (scene));
      muster_scene_set_flags (self->scene, SCREEN_FLAGS);
      muster_scene_set_units (self->scene, self->units);

      g_signal_connect_object (self->layout, "piece-added", G_CALLBACK (layout_piece_changed_cb), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (self->layout, "piece-changed", G_CALLBACK (layout_piece_changed_cb), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (self->layout, "piece-removed", G_CALLBACK (layout_piece_removed_cb), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (self->layout, "changed", G_CALLBACK (layout_changed_cb), self, G_CONNECT_SWAPPED);
    }

  cache_clear (&self->full);
  cache_clear (&self->bare);
  cache_clear (&self->drag);

  update_dark (self);
  self->zoom = 1.0;
  self->key_cursor_active = FALSE;
  self->table_width = self->layout != NULL ? muster_layout_get_width (self->layout) : 0;
  self->table_height = self->layout != NULL ? muster_layout_get_height (self->layout) : 0;
  centre_board (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SCENE]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOM]);
  selection_changed (self);
}

void
muster_board_view_set_validator (MusterBoardView *self,
                                 MusterValidator *validator)
{
  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));
  g_return_if_fail (validator == NULL || MUSTER_IS_VALIDATOR (validator));

  if (self->validator == validator)
    return;

  if (self->validator != NULL)
    g_signal_handlers_disconnect_by_data (self->validator, self);
  g_set_object (&self->validator, validator);
  if (validator != NULL)
    g_signal_connect_object (validator, "violations-changed",
                             G_CALLBACK (verdicts_changed_cb), self, G_CONNECT_SWAPPED);

  invalidate_all (self);
  queue_accessible (self);
}

void
muster_board_view_set_history (MusterBoardView *self,
                               MusterHistory   *history)
{
  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));
  g_return_if_fail (history == NULL || MUSTER_IS_HISTORY (history));

  g_set_object (&self->history, history);
}

void
muster_board_view_set_units (MusterBoardView *self,
                             MusterUnit       units)
{
  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));

  self->units = units;
  if (self->scene != NULL)
    muster_scene_set_units (self->scene, units);
  invalidate_all (self);
  queue_accessible (self);
}

MusterUnit
muster_board_view_get_units (MusterBoardView *self)
{
  g_return_val_if_fail (MUSTER_IS_BOARD_VIEW (self), MUSTER_UNIT_INCH);

  return self->units;
}

void
muster_board_view_set_acting_player (MusterBoardView *self,
                                     const char      *player_id)
{
  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));

  if (g_strcmp0 (self->acting_player, player_id) == 0)
    return;

  g_free (self->acting_player);
  self->acting_player = g_strdup (player_id);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACTING_PLAYER]);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const char *
muster_board_view_get_acting_player (MusterBoardView *self)
{
  g_return_val_if_fail (MUSTER_IS_BOARD_VIEW (self), NULL);

  return self->acting_player;
}

void
muster_board_view_set_tool (MusterBoardView *self,
                            MusterBoardTool  tool)
{
  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));

  if (self->tool == tool)
    return;

  cancel_interaction (self);
  self->tool = tool;
  self->has_measure = FALSE;

  /* The keyboard's cross stays for the next tool, where it shows. */
  if (self->key_cursor_active)
    {
      double x, y;

      muster_board_view_board_to_widget (self, self->key_cursor, &x, &y);
      if (tool == MUSTER_BOARD_TOOL_SELECT ||
          x < 0 || y < 0 || x > gtk_widget_get_width (GTK_WIDGET (self)) || y > gtk_widget_get_height (GTK_WIDGET (self)))
        self->key_cursor_active = FALSE;
    }

  /* Two pieces selected: the ruler shows the gap between them at once. */
  if (tool == MUSTER_BOARD_TOOL_MEASURE && g_hash_table_size (self->selection) == 2)
    {
      g_autoptr(GArray) serials = muster_board_view_get_selection (self);
      MusterPiece *a = lookup_serial (self, g_array_index (serials, guint, 0));
      MusterPiece *b = lookup_serial (self, g_array_index (serials, guint, 1));

      if (a != NULL && b != NULL)
        {
          self->measure_serial_a = a->serial;
          self->press = (MusterPoint) { a->x, a->y };
          self->current = (MusterPoint) { b->x, b->y };
          update_measure (self);
        }
    }

  switch (tool)
    {
    case MUSTER_BOARD_TOOL_SELECT:
      gtk_widget_set_cursor (GTK_WIDGET (self), NULL);
      break;
    case MUSTER_BOARD_TOOL_MEASURE:
    case MUSTER_BOARD_TOOL_RECTANGLE:
    case MUSTER_BOARD_TOOL_POLYGON:
      gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "crosshair");
      break;
    case MUSTER_BOARD_TOOL_OBJECTIVE:
    case MUSTER_BOARD_TOOL_MARKER:
      gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "copy");
      break;
    default:
      g_assert_not_reached ();
    }

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TOOL]);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

MusterBoardTool
muster_board_view_get_tool (MusterBoardView *self)
{
  g_return_val_if_fail (MUSTER_IS_BOARD_VIEW (self), MUSTER_BOARD_TOOL_SELECT);

  return self->tool;
}

void
muster_board_view_set_terrain_kind (MusterBoardView   *self,
                                    MusterTerrainKind  kind,
                                    gboolean           blocks_lof)
{
  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));

  self->terrain_kind = kind;
  self->terrain_blocks_lof = blocks_lof;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Events */

static void
update_cursor (MusterBoardView *self,
               double           x,
               double           y)
{
  MusterPoint p;
  double hx, hy;
  const char *name = NULL;

  if (self->tool != MUSTER_BOARD_TOOL_SELECT || self->mode != MODE_NONE || self->space_held)
    return;

  muster_board_view_widget_to_board (self, x, y, &p);
  if (get_handle (self, &hx, &hy, NULL, NULL) && hypot (x - hx, y - hy) <= HANDLE_RADIUS + 4)
    name = "grab";
  else if (piece_at (self, p, 0) != 0)
    name = "pointer";

  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), name);
}

static void
motion_cb (MusterBoardView          *self,
           double                    x,
           double                    y,
           GtkEventControllerMotion *motion)
{
  /* The mouse taking over from the keyboard; not the motion that GTK
   * makes up when the pointer did not move. */
  if (self->key_cursor_active && self->pointer_x >= 0 &&
      hypot (x - self->pointer_x, y - self->pointer_y) > 3)
    {
      self->key_cursor_active = FALSE;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }

  self->pointer_x = x;
  self->pointer_y = y;

  update_cursor (self, x, y);

  if (self->polygon != NULL ||
      self->tool == MUSTER_BOARD_TOOL_OBJECTIVE ||
      self->tool == MUSTER_BOARD_TOOL_MARKER)
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
leave_cb (MusterBoardView          *self,
          GtkEventControllerMotion *motion)
{
  self->pointer_x = -1;
  self->pointer_y = -1;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
scroll_cb (MusterBoardView          *self,
           double                    dx,
           double                    dy,
           GtkEventControllerScroll *scroll)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (scroll));
  gboolean smooth = gtk_event_controller_scroll_get_unit (scroll) == GDK_SCROLL_UNIT_SURFACE;

  if (state & GDK_CONTROL_MASK)
    {
      /* Touchpads report pixels, wheels report clicks. */
      double factor = smooth ? exp (-dy * 0.01) : pow (ZOOM_STEP, -dy);

      zoom_at_pointer (self, factor);
      return GDK_EVENT_STOP;
    }

  if (state & GDK_SHIFT_MASK)
    {
      double t = dx;

      dx = dy;
      dy = t;
    }

  muster_board_view_pan (self, -dx * (smooth ? 1 : 40), -dy * (smooth ? 1 : 40));

  return GDK_EVENT_STOP;
}

static void
drag_begin_cb (MusterBoardView *self,
               double           x,
               double           y,
               GtkGestureDrag  *drag)
{
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (drag));
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (drag));

  gtk_widget_grab_focus (GTK_WIDGET (self));

  if (button == GDK_BUTTON_MIDDLE || (button == GDK_BUTTON_PRIMARY && self->space_held))
    {
      gtk_gesture_set_state (GTK_GESTURE (drag), GTK_EVENT_SEQUENCE_CLAIMED);
      self->mode = MODE_PAN;
      self->drag_centre_x = self->centre_x;
      self->drag_centre_y = self->centre_y;
      gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "grabbing");
      return;
    }

  if (button != GDK_BUTTON_PRIMARY || self->scene == NULL)
    {
      gtk_gesture_set_state (GTK_GESTURE (drag), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }

  gtk_gesture_set_state (GTK_GESTURE (drag), GTK_EVENT_SEQUENCE_CLAIMED);
  muster_board_view_pointer_press (self, x, y, state);
}

static void
drag_update_cb (MusterBoardView *self,
                double           dx,
                double           dy,
                GtkGestureDrag  *drag)
{
  double x, y;

  gtk_gesture_drag_get_start_point (drag, &x, &y);

  if (self->mode == MODE_PAN)
    {
      double scale = muster_board_view_get_scale (self);

      self->centre_x = self->drag_centre_x - dx / scale;
      self->centre_y = self->drag_centre_y - dy / scale;
      clamp_centre (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return;
    }

  self->pointer_x = x + dx;
  self->pointer_y = y + dy;
  muster_board_view_pointer_motion (self, x + dx, y + dy);
}

static void
drag_end_cb (MusterBoardView *self,
             double           dx,
             double           dy,
             GtkGestureDrag  *drag)
{
  double x, y;

  if (self->mode == MODE_PAN)
    {
      self->mode = MODE_NONE;
      gtk_widget_set_cursor_from_name (GTK_WIDGET (self), self->space_held ? "grab" : NULL);
      return;
    }

  if (self->mode == MODE_NONE && self->moving == NULL)
    return;

  gtk_gesture_drag_get_start_point (drag, &x, &y);
  muster_board_view_pointer_release (self, x + dx, y + dy);
}

static void
drag_cancel_cb (MusterBoardView  *self,
                GdkEventSequence *sequence,
                GtkGesture       *gesture)
{
  if (self->mode != MODE_NONE && self->mode != MODE_PAN)
    cancel_interaction (self);
  self->mode = MODE_NONE;
}

static void
pinch_begin_cb (MusterBoardView  *self,
                GdkEventSequence *sequence,
                GtkGesture       *gesture)
{
  self->pinch_zoom = self->zoom;
}

static void
pinch_scale_changed_cb (MusterBoardView *self,
                        double           scale,
                        GtkGestureZoom  *gesture)
{
  double x, y;

  if (!gtk_gesture_get_bounding_box_center (GTK_GESTURE (gesture), &x, &y))
    return;

  muster_board_view_zoom_at (self, self->pinch_zoom * scale / self->zoom, x, y);
}

static void
secondary_pressed_cb (MusterBoardView *self,
                      int              n_press,
                      double           x,
                      double           y,
                      GtkGestureClick *click)
{
  MusterPoint p;
  guint serial;

  gtk_widget_grab_focus (GTK_WIDGET (self));
  if (self->scene == NULL)
    return;

  muster_board_view_widget_to_board (self, x, y, &p);
  serial = piece_at (self, p, 0);
  if (serial != 0)
    {
      if (!muster_board_view_is_selected (self, serial))
        muster_board_view_select_piece (self, serial, FALSE);
    }
  else
    {
      const MusterTerrain *terrain = terrain_at (self, p);

      if (terrain != NULL)
        muster_board_view_select_terrain (self, terrain->id);
      else
        muster_board_view_unselect_all (self);
    }

  g_signal_emit (self, signals[CONTEXT_MENU], 0, x, y);
}

static void
double_click_cb (MusterBoardView *self,
                 int              n_press,
                 double           x,
                 double           y,
                 GtkGestureClick *click)
{
  /* A double click ends a polygon: its first click put down the last
   * point, its second is spent. */
  if (n_press == 2 && self->polygon != NULL)
    {
      self->swallow_click = TRUE;
      finish_polygon (self);
    }
}

static double
nudge_step (MusterBoardView *self,
            gboolean         fine)
{
  if (self->units == MUSTER_UNIT_INCH)
    return fine ? MUSTER_MM_PER_INCH / 10 : MUSTER_MM_PER_INCH;

  return fine ? 1.0 : MUSTER_MM_PER_CM;
}

/* The keyboard cursor */

static void
key_cursor_moved (MusterBoardView *self)
{
  self->current = self->key_cursor;
  if (self->mode == MODE_MEASURE)
    update_measure (self);
  reveal_point (self, self->key_cursor);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
key_cursor_place (MusterBoardView *self,
                  MusterPoint      p)
{
  self->key_cursor = p;
  self->key_cursor_active = TRUE;
  key_cursor_moved (self);
}

static void
move_key_cursor (MusterBoardView *self,
                 double           dx,
                 double           dy)
{
  MusterPoint p = key_point (self);

  p.x = CLAMP (p.x + dx, 0, muster_layout_get_width (self->layout));
  p.y = CLAMP (p.y + dy, 0, muster_layout_get_height (self->layout));
  key_cursor_place (self, p);
}

/* Return in the tools: what a click (or a press and a release) does,
 * where the keyboard cursor is. */
static gboolean
key_activate_tool (MusterBoardView *self)
{
  MusterPoint p;

  switch (self->tool)
    {
    case MUSTER_BOARD_TOOL_POLYGON:
      p = snap_point (self, key_point (self));
      if (self->polygon != NULL && self->polygon->len > 0)
        {
          const MusterPoint *first = &g_array_index (self->polygon, MusterPoint, 0);
          const MusterPoint *last = &g_array_index (self->polygon, MusterPoint, self->polygon->len - 1);
          gboolean again = !self->key_cursor_active ||
                           hypot (p.x - last->x, p.y - last->y) < 1e-6 ||
                           hypot (p.x - first->x, p.y - first->y) < 1e-6;

          /* Return again where the last corner went, or on the first
           * one, closes the outline. */
          if (again)
            {
              if (self->polygon->len < 3)
                g_signal_emit (self, signals[MESSAGE], 0, _("Terrain needs at least three corners"));
              else
                finish_polygon (self);
              return TRUE;
            }
        }
      if (self->polygon == NULL)
        self->polygon = g_array_new (FALSE, FALSE, sizeof (MusterPoint));
      g_array_append_val (self->polygon, p);
      key_cursor_place (self, p);
      return TRUE;

    case MUSTER_BOARD_TOOL_MEASURE:
      if (self->mode == MODE_MEASURE)
        {
          /* The second end: the measurement stays on show. */
          self->mode = MODE_NONE;
          gtk_widget_queue_draw (GTK_WIDGET (self));
          return TRUE;
        }
      p = key_point (self);
      self->press = self->current = p;
      self->measure_serial_a = piece_at (self, p, 0);
      self->mode = MODE_MEASURE;
      key_cursor_place (self, p);
      return TRUE;

    case MUSTER_BOARD_TOOL_RECTANGLE:
      if (self->mode == MODE_RECTANGLE)
        {
          self->mode = MODE_NONE;
          finish_rectangle (self);
          gtk_widget_queue_draw (GTK_WIDGET (self));
          return TRUE;
        }
      p = key_point (self);
      self->press = self->current = p;
      self->mode = MODE_RECTANGLE;
      key_cursor_place (self, p);
      return TRUE;

    case MUSTER_BOARD_TOOL_OBJECTIVE:
    case MUSTER_BOARD_TOOL_MARKER:
      muster_board_view_place_piece (self, make_tool_piece (self, key_point (self)));
      return TRUE;

    case MUSTER_BOARD_TOOL_SELECT:
    default:
      return FALSE;
    }
}

/* The context menu key: the menu of what is selected, beside it. */
static gboolean
key_context_menu (MusterBoardView *self)
{
  MusterPoint p;
  double x, y;

  if (g_hash_table_size (self->selection) > 0)
    {
      MusterPiece *piece = muster_board_view_is_selected (self, self->focus_serial)
                             ? lookup_serial (self, self->focus_serial) : NULL;

      if (piece == NULL)
        {
          g_autoptr(GArray) serials = muster_board_view_get_selection (self);

          piece = lookup_serial (self, g_array_index (serials, guint, 0));
        }
      if (piece == NULL)
        return FALSE;
      p = (MusterPoint) { piece->x, piece->y };
    }
  else if (self->selected_terrain != NULL)
    {
      const MusterTerrain *t = muster_layout_lookup_terrain (self->layout, self->selected_terrain);

      if (t == NULL || t->n_points == 0)
        return FALSE;
      p = (MusterPoint) { 0, 0 };
      for (guint i = 0; i < t->n_points; i++)
        {
          p.x += t->points[i].x / t->n_points;
          p.y += t->points[i].y / t->n_points;
        }
    }
  else
    return FALSE;

  muster_board_view_board_to_widget (self, p, &x, &y);
  x = CLAMP (x, 0, gtk_widget_get_width (GTK_WIDGET (self)));
  y = CLAMP (y, 0, gtk_widget_get_height (GTK_WIDGET (self)));
  g_signal_emit (self, signals[CONTEXT_MENU], 0, x, y);

  return TRUE;
}

static gboolean
key_pressed_cb (MusterBoardView       *self,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                GtkEventControllerKey *key)
{
  gboolean shift = (state & GDK_SHIFT_MASK) != 0;
  gboolean control = (state & GDK_CONTROL_MASK) != 0;
  gboolean alt = (state & GDK_ALT_MASK) != 0;
  gboolean has_selection = g_hash_table_size (self->selection) > 0 || self->selected_terrain != NULL;
  double dx = 0, dy = 0;

  if (self->scene == NULL)
    return GDK_EVENT_PROPAGATE;

  switch (keyval)
    {
    case GDK_KEY_space:
      if (control || alt)
        return GDK_EVENT_PROPAGATE;
      self->space_held = TRUE;
      gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "grab");
      return GDK_EVENT_STOP;

    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      dx = -1;
      break;
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      dx = 1;
      break;
    case GDK_KEY_Up:
    case GDK_KEY_KP_Up:
      dy = -1;
      break;
    case GDK_KEY_Down:
    case GDK_KEY_KP_Down:
      dy = 1;
      break;

    case GDK_KEY_Tab:
    case GDK_KEY_ISO_Left_Tab:
    case GDK_KEY_KP_Tab:
      /* Ctrl+Tab leaves the table, as it leaves a text view. */
      if (control || alt)
        return GDK_EVENT_PROPAGATE;
      /* The ruler measures between pieces: its keyboard cursor goes to
       * the piece, and Return there measures from (or to) its edge. */
      select_next (self, shift || keyval == GDK_KEY_ISO_Left_Tab,
                   self->tool != MUSTER_BOARD_TOOL_MEASURE);
      if (self->tool == MUSTER_BOARD_TOOL_MEASURE && g_hash_table_size (self->selection) == 1)
        {
          MusterPiece *piece = lookup_serial (self, self->focus_serial);

          if (piece != NULL)
            key_cursor_place (self, (MusterPoint) { piece->x, piece->y });
        }
      return GDK_EVENT_STOP;

    case GDK_KEY_Menu:
      if (control || alt)
        return GDK_EVENT_PROPAGATE;
      return key_context_menu (self);

    case GDK_KEY_F10:
      if (!shift || control || alt)
        return GDK_EVENT_PROPAGATE;
      return key_context_menu (self);

    case GDK_KEY_Escape:
      if (self->mode != MODE_NONE || self->moving != NULL || self->polygon != NULL || self->placing != NULL)
        cancel_interaction (self);
      else if (self->has_measure)
        {
          self->has_measure = FALSE;
          gtk_widget_queue_draw (GTK_WIDGET (self));
        }
      else if (self->tool != MUSTER_BOARD_TOOL_SELECT)
        muster_board_view_set_tool (self, MUSTER_BOARD_TOOL_SELECT);
      else if (has_selection)
        muster_board_view_unselect_all (self);
      else
        return GDK_EVENT_PROPAGATE;
      return GDK_EVENT_STOP;

    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
    case GDK_KEY_ISO_Enter:
      if (control || alt)
        return GDK_EVENT_PROPAGATE;
      return key_activate_tool (self);

    case GDK_KEY_p:
    case GDK_KEY_P:
      if (control || alt || shift || g_hash_table_size (self->selection) == 0)
        return GDK_EVENT_PROPAGATE;
      muster_board_view_toggle_prone (self);
      return GDK_EVENT_STOP;

    case GDK_KEY_BackSpace:
      if (self->polygon != NULL)
        {
          g_array_set_size (self->polygon, self->polygon->len - 1);
          if (self->polygon->len == 0)
            g_clear_pointer (&self->polygon, g_array_unref);
          /* The keyboard's cross goes back to the corner before. */
          else if (self->key_cursor_active)
            key_cursor_place (self, g_array_index (self->polygon, MusterPoint, self->polygon->len - 1));
          gtk_widget_queue_draw (GTK_WIDGET (self));
          return GDK_EVENT_STOP;
        }
      G_GNUC_FALLTHROUGH;
    case GDK_KEY_Delete:
    case GDK_KEY_KP_Delete:
      if (!has_selection || control || alt)
        return GDK_EVENT_PROPAGATE;
      muster_board_view_delete_selection (self);
      return GDK_EVENT_STOP;

    case GDK_KEY_r:
    case GDK_KEY_R:
      if (control || alt || g_hash_table_size (self->selection) == 0)
        return GDK_EVENT_PROPAGATE;
      muster_board_view_rotate_selection (self, shift ? -15 : 15);
      return GDK_EVENT_STOP;

    case GDK_KEY_bracketleft:
    case GDK_KEY_bracketright:
      if (control || alt || g_hash_table_size (self->selection) == 0)
        return GDK_EVENT_PROPAGATE;
      muster_board_view_rotate_selection (self, keyval == GDK_KEY_bracketleft ? -1 : 1);
      return GDK_EVENT_STOP;

    case GDK_KEY_a:
    case GDK_KEY_A:
      if (!control || alt)
        return GDK_EVENT_PROPAGATE;
      if (shift)
        muster_board_view_unselect_all (self);
      else
        muster_board_view_select_all (self);
      return GDK_EVENT_STOP;

    default:
      return GDK_EVENT_PROPAGATE;
    }

  /* The arrows: in the tools, move the keyboard cursor; else move what
   * is selected, else look around. */
  if (control)
    return GDK_EVENT_PROPAGATE;

  if (self->tool != MUSTER_BOARD_TOOL_SELECT)
    {
      double step = nudge_step (self, shift || alt);

      move_key_cursor (self, dx * step, dy * step);
    }
  else if (has_selection)
    {
      double step = nudge_step (self, shift || alt);

      muster_board_view_move_selection (self, dx * step, dy * step);
    }
  else
    muster_board_view_pan (self, -dx * 60, -dy * 60);

  return GDK_EVENT_STOP;
}

static void
key_released_cb (MusterBoardView       *self,
                 guint                  keyval,
                 guint                  keycode,
                 GdkModifierType        state,
                 GtkEventControllerKey *key)
{
  if (keyval == GDK_KEY_space)
    {
      self->space_held = FALSE;
      if (self->mode != MODE_PAN)
        gtk_widget_set_cursor_from_name (GTK_WIDGET (self), NULL);
    }
}

/* Dropping a roster entry */

static const MusterPiece *
drop_value (GtkDropTarget *target)
{
  const GValue *value = gtk_drop_target_get_value (target);

  if (value == NULL || !G_VALUE_HOLDS (value, MUSTER_TYPE_PIECE_TEMPLATE))
    return NULL;

  return g_value_get_boxed (value);
}

static GdkDragAction
drop_motion_cb (MusterBoardView *self,
                double           x,
                double           y,
                GtkDropTarget   *target)
{
  const MusterPiece *piece = drop_value (target);

  if (piece == NULL)
    return GDK_ACTION_COPY;

  if (self->placing == NULL || self->placing_source != piece)
    {
      muster_board_view_begin_placement (self, piece);
      self->placing_source = piece;
    }

  muster_board_view_update_placement (self, x, y);

  return GDK_ACTION_COPY;
}

static void
drop_leave_cb (MusterBoardView *self,
               GtkDropTarget   *target)
{
  muster_board_view_finish_placement (self, FALSE);
}

static gboolean
drop_cb (MusterBoardView *self,
         const GValue    *value,
         double           x,
         double           y,
         GtkDropTarget   *target)
{
  const MusterPiece *piece;

  if (!G_VALUE_HOLDS (value, MUSTER_TYPE_PIECE_TEMPLATE) || self->scene == NULL)
    return FALSE;

  piece = g_value_get_boxed (value);
  if (self->placing == NULL)
    muster_board_view_begin_placement (self, piece);
  muster_board_view_update_placement (self, x, y);

  gtk_widget_grab_focus (GTK_WIDGET (self));

  return muster_board_view_finish_placement (self, TRUE) != NULL;
}

/* GObject */

static void
muster_board_view_size_allocate (GtkWidget *widget,
                                 int        width,
                                 int        height,
                                 int        baseline)
{
  MusterBoardView *self = MUSTER_BOARD_VIEW (widget);

  GTK_WIDGET_CLASS (muster_board_view_parent_class)->size_allocate (widget, width, height, baseline);

  if (self->moving != NULL)
    cancel_interaction (self);
}

static void
muster_board_view_dispose (GObject *object)
{
  MusterBoardView *self = (MusterBoardView *)object;

  cancel_interaction (self);
  g_clear_handle_id (&self->summary_idle, g_source_remove);

  if (self->layout != NULL)
    g_signal_handlers_disconnect_by_data (self->layout, self);
  if (self->validator != NULL)
    g_signal_handlers_disconnect_by_data (self->validator, self);

  g_clear_object (&self->layout);
  g_clear_object (&self->validator);
  g_clear_object (&self->history);
  g_clear_pointer (&self->scene, muster_scene_unref);
  cache_clear (&self->full);
  cache_clear (&self->bare);
  cache_clear (&self->drag);
  g_clear_object (&self->bubble_layout);
  g_clear_pointer (&self->bubble_text, g_free);
  g_clear_pointer (&self->ghosts, gsk_render_node_unref);

  G_OBJECT_CLASS (muster_board_view_parent_class)->dispose (object);
}

static void
muster_board_view_finalize (GObject *object)
{
  MusterBoardView *self = (MusterBoardView *)object;

  g_clear_pointer (&self->selection, g_hash_table_unref);
  g_clear_pointer (&self->drawn, g_hash_table_unref);
  g_clear_pointer (&self->dirty, cairo_region_destroy);
  g_clear_pointer (&self->selected_terrain, g_free);
  g_clear_pointer (&self->acting_player, g_free);
  g_clear_pointer (&self->feedback, g_free);

  G_OBJECT_CLASS (muster_board_view_parent_class)->finalize (object);
}

static void
muster_board_view_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  MusterBoardView *self = MUSTER_BOARD_VIEW (object);

  switch (prop_id)
    {
    case PROP_SCENE:
      g_value_set_pointer (value, self->scene);
      break;

    case PROP_ZOOM:
      g_value_set_double (value, self->zoom);
      break;

    case PROP_TOOL:
      g_value_set_enum (value, self->tool);
      break;

    case PROP_ACTING_PLAYER:
      g_value_set_string (value, self->acting_player);
      break;

    case PROP_INSET:
      g_value_set_int (value, self->inset);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_board_view_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  MusterBoardView *self = MUSTER_BOARD_VIEW (object);

  switch (prop_id)
    {
    case PROP_TOOL:
      muster_board_view_set_tool (self, g_value_get_enum (value));
      break;

    case PROP_ACTING_PLAYER:
      muster_board_view_set_acting_player (self, g_value_get_string (value));
      break;

    case PROP_INSET:
      self->inset = g_value_get_int (value);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_board_view_class_init (MusterBoardViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_board_view_dispose;
  object_class->finalize = muster_board_view_finalize;
  object_class->get_property = muster_board_view_get_property;
  object_class->set_property = muster_board_view_set_property;

  widget_class->snapshot = muster_board_view_snapshot;
  widget_class->size_allocate = muster_board_view_size_allocate;

  properties[PROP_SCENE] =
    g_param_spec_pointer ("scene", NULL, NULL,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_ZOOM] =
    g_param_spec_double ("zoom", NULL, NULL, MIN_ZOOM, MAX_ZOOM, 1.0,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_TOOL] =
    g_param_spec_enum ("tool", NULL, NULL, MUSTER_TYPE_BOARD_TOOL, MUSTER_BOARD_TOOL_SELECT,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_ACTING_PLAYER] =
    g_param_spec_string ("acting-player", NULL, NULL, NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  /* Pixels kept clear above and below the table when it is fitted. */
  properties[PROP_INSET] =
    g_param_spec_int ("inset", NULL, NULL, 0, G_MAXINT, 0,
                      (G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * MusterBoardView::selection-changed:
   */
  signals[SELECTION_CHANGED] =
    g_signal_new ("selection-changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  /**
   * MusterBoardView::message:
   * @text: a translated sentence for the player
   */
  signals[MESSAGE] =
    g_signal_new ("message",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);

  /**
   * MusterBoardView::deleted:
   * @n_pieces: how many pieces went, or 0 for terrain
   *
   * After the selection was deleted (for an offer to undo).
   */
  signals[DELETED] =
    g_signal_new ("deleted",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_UINT);

  /**
   * MusterBoardView::context-menu:
   * @x: widget coordinates of the click
   * @y:
   */
  signals[CONTEXT_MENU] =
    g_signal_new ("context-menu",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_DOUBLE, G_TYPE_DOUBLE);

  gtk_widget_class_set_css_name (widget_class, "boardview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
muster_board_view_init (MusterBoardView *self)
{
  GtkEventController *controller;
  GtkGesture *gesture;
  GtkDropTarget *target;

  self->zoom = 1.0;
  self->pointer_x = -1;
  self->pointer_y = -1;
  self->units = MUSTER_UNIT_INCH;
  self->terrain_kind = MUSTER_TERRAIN_BUILDING;
  self->terrain_blocks_lof = TRUE;
  self->selection = g_hash_table_new (NULL, NULL);
  self->drawn = g_hash_table_new_full (NULL, NULL, NULL, g_free);

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);

  controller = gtk_event_controller_motion_new ();
  g_signal_connect_swapped (controller, "motion", G_CALLBACK (motion_cb), self);
  g_signal_connect_swapped (controller, "leave", G_CALLBACK (leave_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
  g_signal_connect_swapped (controller, "scroll", G_CALLBACK (scroll_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  gesture = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), 0);
  g_signal_connect_swapped (gesture, "drag-begin", G_CALLBACK (drag_begin_cb), self);
  g_signal_connect_swapped (gesture, "drag-update", G_CALLBACK (drag_update_cb), self);
  g_signal_connect_swapped (gesture, "drag-end", G_CALLBACK (drag_end_cb), self);
  g_signal_connect_swapped (gesture, "cancel", G_CALLBACK (drag_cancel_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_zoom_new ();
  g_signal_connect_swapped (gesture, "begin", G_CALLBACK (pinch_begin_cb), self);
  g_signal_connect_swapped (gesture, "scale-changed", G_CALLBACK (pinch_scale_changed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_SECONDARY);
  g_signal_connect_swapped (gesture, "pressed", G_CALLBACK (secondary_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_click_new ();
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (gesture), GTK_PHASE_CAPTURE);
  g_signal_connect_swapped (gesture, "pressed", G_CALLBACK (double_click_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  controller = gtk_event_controller_key_new ();
  g_signal_connect_swapped (controller, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  g_signal_connect_swapped (controller, "key-released", G_CALLBACK (key_released_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  target = gtk_drop_target_new (MUSTER_TYPE_PIECE_TEMPLATE, GDK_ACTION_COPY);
  gtk_drop_target_set_preload (target, TRUE);
  g_signal_connect_swapped (target, "motion", G_CALLBACK (drop_motion_cb), self);
  g_signal_connect_swapped (target, "leave", G_CALLBACK (drop_leave_cb), self);
  g_signal_connect_swapped (target, "drop", G_CALLBACK (drop_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (target));

  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (update_dark), self, G_CONNECT_SWAPPED);

  update_accessible (self);
}

GtkWidget *
muster_board_view_new (void)
{
  return g_object_new (MUSTER_TYPE_BOARD_VIEW, NULL);
}
