/* muster-render-private.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <pango/pangocairo.h>

#include "muster-render.h"

G_BEGIN_DECLS

#define INCH MUSTER_MM_PER_INCH

typedef struct
{
  char         *player_id;
  char         *label;
  MusterRegion *region;       /* NULL when the player has no zone */
  MusterPoint   label_home;   /* _muster_render_find_label_point()'s */
  MusterPoint   label_at;     /* where it is drawn: clear of pieces */
  MusterBox     label_box;    /* as last drawn */
  gboolean      label_drawn;
  gboolean      label_upright; /* read bottom to top: a tall, narrow zone */
  /* The place found clear of pieces, placed_at, for the name's box at
   * home placed_box, good until a piece in placed_search comes, goes or
   * moves, or one of placed_serials (guint, ascending: those that were
   * there) does: a frame after a piece moved elsewhere takes it again
   * without looking (_muster_render_place_labels_clear_of_pieces()). */
  gboolean      placed;
  MusterBox     placed_box;
  MusterBox     placed_search;
  GArray       *placed_serials;
  MusterPoint   placed_at;
} SceneZone;

/* A line that zones are measured from and that crosses the table (the
 * Centre Line, a diagonal): drawn dashed. Lines along a table edge are
 * the edge itself. */
typedef struct
{
  MusterPoint a, b;
} SceneLine;

struct _MusterScene
{
  gatomicrefcount    ref_count;
  MusterLayout      *layout;
  MusterSystem      *system;
  MusterValidator   *validator;
  MusterRenderFlags  flags;
  MusterUnit         units;
  gboolean           dark;
  gboolean           generic;
  gboolean           screen;   /* muster_scene_set_screen() */
  guint              sprite_copies;  /* in the last render, for tests */
  guint              sprite_pastes;  /* of those, by pixman */
  gboolean           paste_by_cairo; /* all of them, for tests */
  guint              pieces_seen;    /* looked at in the last render, for tests */
  gboolean           every_piece;    /* for tests: look at every one, as a page does */
  gboolean           zones_valid;
  GArray            *zones;    /* SceneZone */
  GArray            *lines;    /* SceneLine */
  const char        *line_name;
  GArray            *dimensions;  /* MusterDimension, of the last render */

  /* While muster_scene_render() runs: one Pango layout for every piece
   * of text it writes (a new one per label would cost a Pango context
   * each: most of the time of a crowded table), and the part of the
   * board that can show. */
  PangoLayout           *text;
  MusterBox              view;
  /* While the pieces on the table are drawn, on a screen: the clip
   * around the table's, in whole pixels of the target (n_pixel_clips
   * < 0: unknown), and the pixels that the table covers whole. Sprites
   * within those are pasted by pixman, the others by cairo. */
  cairo_rectangle_int_t  pixel_clips[8];
  int                    n_pixel_clips;
  cairo_rectangle_int_t  pixel_table;
};

#define MUSTER_POLY_MAX_POINTS 160

/* A convex polygon of a zone, for drawing (muster-render-polys.c). */
typedef struct
{
  guint       n;
  MusterPoint p[MUSTER_POLY_MAX_POINTS];
} MusterPoly;

/* The zone as convex polygons (MusterPoly) within box: their union is
 * where a point of the zone can stand. */
GArray *_muster_render_region_polys (const MusterRegion *region,
                                     const MusterBox    *box);

/* The parts of muster_scene_render(), by file: the scene and its zones,
 * the zones' names, the dimensions, terrain and pieces, the rulers. */

/* muster-render.c */
MusterColor _muster_render_table_color (MusterScene *self);
gboolean _muster_render_on_pixels (MusterScene    *self,
                                   cairo_t        *cr,
                                   cairo_matrix_t *matrix,
                                   double         *device_scale);
MusterPoint _muster_render_find_label_point (const MusterRegion *region,
                                             double              width,
                                             double              height);
void _muster_render_set_color (cairo_t     *cr,
                               MusterColor  c,
                               double       alpha);
PangoLayout *_muster_render_make_text (MusterScene *self,
                                        cairo_t     *cr,
                                        const char  *text,
                                        double       size,
                                        gboolean     bold);
GPtrArray *_muster_render_pieces_near (MusterScene     *self,
                                       const MusterBox *box);
void _muster_render_labels_watch (MusterScene *self);
void _muster_render_labels_unwatch (MusterScene *self);
gboolean _muster_render_in_view (MusterScene *self,
                                 double       x0,
                                 double       y0,
                                 double       x1,
                                 double       y1,
                                 double       reach);
PangoLayout *_muster_render_text_centred_at (MusterScene *self,
                                             cairo_t     *cr,
                                             const char  *text,
                                             double       x,
                                             double       y,
                                             double       size,
                                             gboolean     bold);
void _muster_render_draw_text_centred (MusterScene *self,
                                       cairo_t     *cr,
                                       const char  *text,
                                       double       x,
                                       double       y,
                                       double       size,
                                       gboolean     bold);
void _muster_render_text_begin (MusterScene *self,
                                cairo_t     *cr);
void _muster_render_text_end (MusterScene *self);
void _muster_render_collect_half_planes (const MusterRegion *region,
                                         GPtrArray          *planes);
gboolean _muster_render_line_across_box (double           nx,
                                         double           ny,
                                         double           k,
                                         const MusterBox *box,
                                         MusterPoint     *a,
                                         MusterPoint     *b);

/* muster-render-labels.c */
void _muster_render_draw_text_turned (MusterScene *self,
                                      cairo_t     *cr,
                                      const char  *text,
                                      double       x,
                                      double       y,
                                      double       degrees,
                                      double       size,
                                      gboolean     bold);
double _muster_render_zone_label_size (double px);
MusterBox _muster_render_zone_label_box (MusterScene     *self,
                                         cairo_t         *cr,
                                         const SceneZone *zone,
                                         double           size);
gboolean _muster_render_boxes_overlap (const MusterBox *a,
                                       const MusterBox *b);
void _muster_render_orient_labels (MusterScene *self,
                                   cairo_t     *cr,
                                   double       px);
void _muster_render_place_labels_clear_of_pieces (MusterScene *self,
                                                  cairo_t     *cr,
                                                  double       px);
void _muster_render_draw_zone_labels (MusterScene *self,
                                      cairo_t     *cr,
                                      double       px);
/* The fill of terrain of this kind, as the table shows it. */
void _muster_render_set_terrain_fill (cairo_t           *cr,
                                      MusterTerrainKind  kind);
void _muster_render_draw_short_edges (MusterScene *self,
                                      cairo_t     *cr,
                                      double       px);

/* muster-render-dimensions.c */
void _muster_render_draw_dimensions (MusterScene *self,
                                     cairo_t     *cr,
                                     double       width,
                                     double       height,
                                     double       px);

/* muster-render-pieces.c */
void _muster_render_draw_terrain (MusterScene *self,
                                  cairo_t     *cr,
                                  double       px,
                                  gboolean     off_table);
void _muster_render_take_pixel_clip (MusterScene *self,
                                     cairo_t     *cr,
                                     double       x,
                                     double       y,
                                     double       width,
                                     double       height);
void _muster_render_draw_pieces (MusterScene *self,
                                 cairo_t     *cr,
                                 double       px,
                                 gboolean     off_table);

/* muster-render-rulers.c */
void _muster_render_draw_ruler (MusterScene *self,
                                cairo_t     *cr,
                                double       width,
                                double       height,
                                double       px);

G_END_DECLS
