/* muster-render.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>

#include "muster-layout.h"
#include "muster-system.h"
#include "muster-validate.h"

G_BEGIN_DECLS

/* Everything the board drawing needs, independent of where it is drawn:
 * the screen, a printer, PDF, SVG or PNG. */
typedef struct _MusterScene MusterScene;

typedef enum
{
  MUSTER_RENDER_GRID        = 1 << 0,
  MUSTER_RENDER_ZONES       = 1 << 1,
  MUSTER_RENDER_PIECES      = 1 << 2,
  MUSTER_RENDER_TERRAIN     = 1 << 3,
  MUSTER_RENDER_RULER       = 1 << 4,  /* inch/cm ruler along two edges */
  MUSTER_RENDER_VIOLATIONS  = 1 << 5,  /* red marks on illegal pieces */
  MUSTER_RENDER_PATTERNS    = 1 << 6,  /* hatching that survives greyscale print */
  MUSTER_RENDER_DIMENSIONS  = 1 << 7,  /* "12″" from the Centre Line, as in a rulebook */
  MUSTER_RENDER_LABELS      = 1 << 8,  /* zone names */
  MUSTER_RENDER_ALL         = 0x1ff,
  /* Not in ALL: the zone names and dimensions where they would be with
   * the pieces drawn, though the pieces are not: the table under them,
   * as the window shows it where a dragged piece stood. */
  MUSTER_RENDER_MARKS_AS_WITH_PIECES = 1 << 9,
} MusterRenderFlags;

typedef struct
{
  double r, g, b;
} MusterColor;

/* A dimension as drawn: an arrow from a zone's edge to the line it is
 * measured from, the distance, and the box of its label (table mm). */
typedef struct
{
  MusterPoint from;
  MusterPoint to;
  double      length;
  MusterBox   label;
  guint       zone;     /* player index */
} MusterDimension;

MusterScene *muster_scene_new               (MusterLayout      *layout,
                                             MusterSystem      *system,
                                             MusterValidator   *validator);
MusterScene *muster_scene_ref               (MusterScene       *scene);
void         muster_scene_unref             (MusterScene       *scene);
MusterLayout *muster_scene_get_layout       (MusterScene       *scene);
void         muster_scene_set_dark          (MusterScene       *scene,
                                             gboolean           dark);
void         muster_scene_set_units         (MusterScene       *scene,
                                             MusterUnit         units);
MusterUnit   muster_scene_get_units         (MusterScene       *scene);
void         muster_scene_set_flags         (MusterScene       *scene,
                                             MusterRenderFlags  flags);
MusterRenderFlags muster_scene_get_flags    (MusterScene       *scene);
/* A bare diagram of a deployment type, not a game: where the type gives
 * the players roles, zones are named by role ("Attacker — South") rather
 * than by player ("Alice (Attacker) — South"). */
void         muster_scene_set_generic       (MusterScene       *scene,
                                             gboolean           generic);
/* Drawn for a screen: on an image surface under a scale and a shift, a
 * crowded table's bases that look alike are drawn once and copied, each
 * placed to half a pixel, and the grid's lines of a pixel lie on
 * whole pixels (shifts of less than a pixel that no eye sees, but not
 * the exact pixels an export promises: off by default). */
void         muster_scene_set_screen        (MusterScene       *scene,
                                             gboolean           screen);
/* Call after the game, options, board or players changed: zones are
 * resolved again (and cached until the next call). */
void         muster_scene_invalidate_zones  (MusterScene       *scene);
MusterColor  muster_scene_get_player_color  (MusterScene       *scene,
                                             guint              player_index);
/* The colour of the player at player_index in the layout's players: its
 * own (<player color="">), or the colour of its place. */
MusterColor  muster_render_get_player_color (MusterLayout      *layout,
                                             guint              player_index);
/* The table's colour, and the zone colour as drawn over the table (under
 * the hatching of printed diagrams), for tests. */
MusterColor  muster_scene_get_table_color   (MusterScene       *scene);
MusterColor  muster_scene_get_zone_color    (MusterScene       *scene,
                                             guint              player_index);

/* Number of players, and the name of each one's zone as drawn ("Red —
 * South"), or NULL when that player has no zone. */
guint        muster_scene_get_n_zones       (MusterScene       *scene);
const char  *muster_scene_get_zone_label    (MusterScene       *scene,
                                             guint              player_index);
/* Where the last render wrote the zone's name (table mm, with its plate);
 * FALSE when it wrote none. */
gboolean     muster_scene_get_zone_label_box (MusterScene      *scene,
                                             guint              player_index,
                                             MusterBox         *box);
/* "The 9th Age — Frontline Clash" */
char        *muster_scene_dup_title         (MusterScene       *scene);
/* The name of the line the zones are measured from, drawn dashed across
 * the table ("Centre Line", "Diagonal"), or NULL when there is none. */
const char  *muster_scene_get_line_name     (MusterScene       *scene);

/* A legend's swatch for zone player_index: its fill (and hatching, when
 * the flags ask for patterns) over the rectangle, with an outline.
 * px_per_unit is the device scale of cr's units. */
void         muster_scene_draw_swatch       (MusterScene       *scene,
                                             cairo_t           *cr,
                                             guint              player_index,
                                             double             x,
                                             double             y,
                                             double             width,
                                             double             height,
                                             double             px_per_unit);
/* A legend's swatch for terrain of kind, as the table shows it. */
void         muster_scene_draw_terrain_swatch (MusterScene       *scene,
                                               cairo_t           *cr,
                                               MusterTerrainKind  kind,
                                               double             x,
                                               double             y,
                                               double             width,
                                               double             height);
/* The dashed line of the legend, as the Centre Line is drawn. */
void         muster_scene_draw_line_sample  (MusterScene       *scene,
                                             cairo_t           *cr,
                                             double             x,
                                             double             y,
                                             double             length,
                                             double             px_per_unit);

/* A piece's base as muster_scene_render() draws it, in color (its fill,
 * its rim, Prone's marks and the front edge), at alpha, for a piece drawn
 * elsewhere: where it is being dragged. cr is in millimetres, px_per_mm
 * its device scale. */
void         muster_scene_draw_piece_base   (MusterScene         *scene,
                                             cairo_t             *cr,
                                             const MusterPiece   *piece,
                                             const MusterOutline *outline,
                                             MusterColor          color,
                                             double               alpha,
                                             double               px_per_mm);
/* A piece's name on its base, as muster_scene_render() writes it, for a
 * piece drawn elsewhere (where it is being dragged) in color: cr is in
 * millimetres, px_per_mm its device scale. */
void         muster_scene_draw_piece_label  (MusterScene         *scene,
                                             cairo_t             *cr,
                                             const MusterPiece   *piece,
                                             const MusterOutline *outline,
                                             MusterColor          color,
                                             double               px_per_mm);

/* The red badge that marks an illegal piece whose outline has bounds:
 * its centre and radius (mm; radius may be NULL), as
 * muster_scene_render() draws it at px_per_mm. */
void         muster_scene_get_badge         (MusterScene         *scene,
                                             const MusterBox     *bounds,
                                             double               px_per_mm,
                                             MusterPoint         *centre,
                                             double              *radius);
/* How far (mm) past a base's bounds what muster_scene_render() draws for
 * it at px_per_mm may reach: its outline's strokes and its badge. */
double       muster_scene_get_piece_marks_reach (MusterScene     *scene,
                                                 double           px_per_mm);

/* The dimensions the last render drew (MusterDimension), for tests. */
GArray      *muster_scene_get_dimensions    (MusterScene       *scene);

/* The margin (mm) around the table that the ruler and labels use. */
double       muster_scene_get_margin        (MusterScene       *scene);
/* How far (mm) the table's own ruler reaches out from the table's edge
 * when drawn at px_per_mm. */
double       muster_scene_get_ruler_reach   (MusterScene       *scene,
                                             double             px_per_mm);

/* The depth in pixels of the bands of muster_scene_draw_view_rulers(). */
#define MUSTER_VIEW_RULER_DEPTH 26.0

/* Rulers pinned to the north and west edges of a view that has scrolled
 * past the table's own: a band along each edge asked for, with the
 * lengths of the table under it, in pixels whatever the zoom. cr is in
 * table millimetres as for muster_scene_render(), view the part of the
 * table it shows (mm), px_per_mm the device scale. */
void         muster_scene_draw_view_rulers  (MusterScene       *scene,
                                             cairo_t           *cr,
                                             const MusterBox   *view,
                                             gboolean           north,
                                             gboolean           west,
                                             double             px_per_mm);

/* Draws the board with its top-left corner at the origin of cr's user
 * space, whose unit must be one millimetre. px_per_mm is the device
 * scale, used to keep lines and text readable at any zoom. */
void         muster_scene_render            (MusterScene       *scene,
                                             cairo_t           *cr,
                                             double             px_per_mm);

/* Where muster_scene_render_fit() puts the board in a width × height
 * area: the table's top-left corner and cr units per millimetre. */
void         muster_scene_get_fit_geometry  (MusterScene       *scene,
                                             double             width,
                                             double             height,
                                             double            *x,
                                             double            *y,
                                             double            *scale);

/* Draws the whole board, margin included, fitted and centred into a
 * width × height area of cr (in cr's units). */
void         muster_scene_render_fit        (MusterScene       *scene,
                                             cairo_t           *cr,
                                             double             width,
                                             double             height);

/* The paths the scene is drawn with, for what is drawn over it in the
 * same millimetres: a base's outline, and a region of the zone language
 * within box as the zones are filled (convex polygons, one plain path,
 * with the winding fill rule set). */
void         muster_render_path_outline     (cairo_t            *cr,
                                             const MusterOutline *outline);
void         muster_render_path_region      (cairo_t            *cr,
                                             const MusterRegion *region,
                                             const MusterBox    *box);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterScene, muster_scene_unref)

G_END_DECLS
