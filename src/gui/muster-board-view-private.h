/* muster-board-view-private.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "muster-board-view.h"
#include "muster-editor.h"

G_BEGIN_DECLS

/* One widget over several files, each about one thing:
 *
 *   muster-board-view.c            the widget: properties, the model, the
 *                                  view (zoom, pan), the snapshot, the
 *                                  table in words for screen readers;
 *   muster-board-view-selection.c  what is under a point, the selection,
 *                                  and the edits of the selection (through
 *                                  the MusterEditor);
 *   muster-board-view-input.c      the pointer, the tools, the keyboard's
 *                                  cursor, pinch and scroll;
 *   muster-board-view-dnd.c        a new piece dragged from a roster and
 *                                  dropped on the table;
 *   muster-board-view-actions.c    the board.* actions and their keys;
 *   muster-board-view-cache.c      the pictures kept from frame to frame:
 *                                  the table, the ghosts of a move, the
 *                                  rulers pinned to the view's edges;
 *   muster-board-view-overlay.c    what is drawn over them every frame:
 *                                  the selection and its handle, what
 *                                  moves, the tools. */

#define MIN_ZOOM  0.5
#define MAX_ZOOM  40.0
#define ZOOM_STEP 1.25

/* What the screen shows: everything but the print hatching. */
#define SCREEN_FLAGS (MUSTER_RENDER_ALL & ~MUSTER_RENDER_PATTERNS)
/* The table where pieces stood: what shows where a dragged piece was. */
#define BARE_FLAGS   ((SCREEN_FLAGS & ~(MUSTER_RENDER_PIECES | MUSTER_RENDER_VIOLATIONS)) | \
                      MUSTER_RENDER_MARKS_AS_WITH_PIECES)

/* The ruler's labels keep a legible size in pixels however small the
 * table is drawn (draw_ruler() in muster-render.c), so on a small table
 * they need more room than the scene's margin: its ticks (half an inch)
 * and the labels' pixels. */
#define RULER_MIN_MARGIN_MM (0.5 * 25.4)
#define RULER_MIN_MARGIN_PX 16.0

#define DRAG_THRESHOLD   4.0     /* px */
#define HANDLE_DISTANCE  22.0    /* px beyond the base */
#define HANDLE_RADIUS    7.0     /* px */
#define CLOSE_DISTANCE   10.0    /* px: a polygon closes on its first point */
#define MIN_TERRAIN      5.0     /* mm */
#define MAX_FEEDBACK     200     /* moving pieces that get their own verdict */
#define MAX_GHOSTS       64      /* moving pieces that get a dashed origin */

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

struct _MusterBoardView
{
  GtkWidget          parent_instance;

  MusterScene       *scene;
  MusterLayout      *layout;
  MusterValidator   *validator;
  MusterHistory     *history;
  MusterEditor      *editor;          /* made when first needed */
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
  /* While an arrow key nudges: the selection it changes on its way (a
   * terrain is taken off and put back) is still the same. */
  gboolean           nudging;

  Cache              full;            /* the scene as the renderer draws it */
  GHashTable        *drawn;           /* serial → Drawn: the pieces in full */
  cairo_region_t    *dirty;           /* of full, in its pixels, to draw again */
  gboolean           verdicts_dirty;
  GArray            *verdicts_pending; /* guint serials whose verdicts changed */
  gboolean           verdicts_all;     /* or any piece's may have */
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
  /* The verdict of what moves: its violations, the bubble's words for
   * them, and all its reasons in words, made only when asked for
   * (muster_board_view_get_feedback()): a piece dragged through a crowd
   * breaks rules with dozens of others at each step. */
  GPtrArray         *feedback_violations;
  char              *feedback_bubble; /* NULL when legal */
  char              *feedback;
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

  /* The rulers pinned to the view's edges, when the table's own have
   * scrolled away: a node kept while the view stands, as the ghosts
   * (NULL when there are none for the view). */
  GskRenderNode     *rulers;
  double             rulers_view[6];  /* zoom, inset, centre x, y, width, height */
  gboolean           rulers_valid;    /* for the view, and the table drawn */

  /* The board.* actions as the window's tool bar and menus see them
   * (see muster_board_view_get_actions()), and which are enabled. */
  GActionGroup      *actions;
  guint              disabled;        /* ActionBit */
};

/* The actions whose enabled state follows the view's state. */
typedef enum
{
  ACTION_DELETE        = 1 << 0,
  ACTION_PIECES        = 1 << 1,   /* rotate */
  ACTION_SELECT_NONE   = 1 << 2,   /* and the context menu */
  ACTION_ACTIVATE      = 1 << 3,
  ACTION_CANCEL        = 1 << 4,
  ACTION_REMOVE_CORNER = 1 << 5,
  ACTION_MODELS        = 1 << 6,   /* prone: models only, never a unit */
} ActionBit;

/* muster-board-view.c */
void          _muster_board_view_emit_message          (MusterBoardView   *self,
                                                        const char        *text);
void          _muster_board_view_emit_context_menu     (MusterBoardView   *self,
                                                        double             x,
                                                        double             y);
void          _muster_board_view_emit_deleted          (MusterBoardView   *self,
                                                        guint              n_pieces);
void          _muster_board_view_selection_changed     (MusterBoardView   *self);
void          _muster_board_view_queue_accessible      (MusterBoardView   *self);
void          _muster_board_view_zoom_at_pointer       (MusterBoardView   *self,
                                                        double             factor);
void          _muster_board_view_clamp_centre          (MusterBoardView   *self);
void          _muster_board_view_set_terrain_kind_name (MusterBoardView   *self,
                                                        const char        *name,
                                                        gboolean           edit_selected);
MusterPoint   _muster_board_view_visible_table_centre  (MusterBoardView   *self);
MusterEditor *_muster_board_view_get_editor            (MusterBoardView   *self);
int           _muster_board_view_player_index          (MusterBoardView   *self,
                                                        const char        *player_id);
gboolean      _muster_board_view_piece_is_bad          (MusterBoardView   *self,
                                                        const MusterPiece *piece);
void          _muster_board_view_box_add_base          (MusterBox         *box,
                                                        const MusterBase  *base,
                                                        double             x,
                                                        double             y);
double        _muster_board_view_to_table              (MusterBoardView   *self,
                                                        cairo_t           *cr);
/* The violations' reasons in words, each once, in their order, until
 * max_lines of them: *used says how many violations they took. */
GPtrArray         *_muster_board_view_reason_lines        (MusterBoardView *self,
                                                           GPtrArray       *violations,
                                                           guint            max_lines,
                                                           guint           *used);
char              *_muster_board_view_describe_violations (MusterBoardView *self,
                                                           GPtrArray       *violations);

/* muster-board-view-selection.c */
gboolean             _muster_board_view_may_edit        (MusterBoardView  *self,
                                                         GArray           *serials);
guint                _muster_board_view_piece_at        (MusterBoardView  *self,
                                                         MusterPoint       p,
                                                         guint             except);
const MusterTerrain *_muster_board_view_terrain_at      (MusterBoardView  *self,
                                                         MusterPoint       p);
MusterPiece         *_muster_board_view_lookup_serial   (MusterBoardView  *self,
                                                         guint             serial);
gboolean             _muster_board_view_has_selection   (MusterBoardView  *self);
void                 _muster_board_view_toggle_piece    (MusterBoardView  *self,
                                                         guint             serial);
void                 _muster_board_view_clear_terrain_selection (MusterBoardView *self);
/* FALSE when there is nothing to go round. */
gboolean             _muster_board_view_select_next     (MusterBoardView  *self,
                                                         gboolean          backwards,
                                                         gboolean          with_terrain);
void                 _muster_board_view_reveal_point    (MusterBoardView  *self,
                                                         MusterPoint       p);
void                 _muster_board_view_move_terrain    (MusterBoardView  *self,
                                                         const char       *terrain_id,
                                                         double            dx,
                                                         double            dy);
void                 _muster_board_view_nudge_selection (MusterBoardView  *self,
                                                         int               dx,
                                                         int               dy,
                                                         gboolean          fine);

/* muster-board-view-input.c */
void          _muster_board_view_init_input            (MusterBoardView   *self);
void          _muster_board_view_cancel_interaction    (MusterBoardView   *self);
gboolean      _muster_board_view_is_moving             (MusterBoardView   *self,
                                                        guint              serial);
MusterPiece  *_muster_board_view_make_tool_piece       (MusterBoardView   *self,
                                                        MusterPoint        p);
void          _muster_board_view_update_measure        (MusterBoardView   *self);
gboolean      _muster_board_view_key_activate          (MusterBoardView   *self);
gboolean      _muster_board_view_key_cancel            (MusterBoardView   *self);
gboolean      _muster_board_view_key_context_menu      (MusterBoardView   *self);
void          _muster_board_view_key_nudge             (MusterBoardView   *self,
                                                        int                dx,
                                                        int                dy,
                                                        gboolean           fine);
gboolean      _muster_board_view_key_select_next       (MusterBoardView   *self,
                                                        gboolean           backwards);
void          _muster_board_view_remove_corner         (MusterBoardView   *self);
GPtrArray    *_muster_board_view_check_piece           (MusterBoardView   *self,
                                                        const MusterPiece *piece,
                                                        double             x,
                                                        double             y,
                                                        double             rotation);
void          _muster_board_view_set_feedback          (MusterBoardView   *self,
                                                        GPtrArray         *violations);
void          _muster_board_view_clear_feedback        (MusterBoardView   *self);

/* muster-board-view-dnd.c */
void          _muster_board_view_init_dnd              (MusterBoardView   *self);

/* muster-board-view-actions.c */
void          _muster_board_view_class_init_actions    (GtkWidgetClass    *widget_class);
void          _muster_board_view_update_actions        (MusterBoardView   *self);
void          _muster_board_view_add_terrain_preset    (MusterBoardView   *self,
                                                        const char        *preset_id);

/* muster-board-view-cache.c */
double        _muster_board_view_margin_at             (MusterBoardView   *self,
                                                        double             scale);
void          _muster_board_view_clear_caches          (MusterBoardView   *self);
void          _muster_board_view_invalidate            (MusterBoardView   *self);
void          _muster_board_view_piece_moved           (MusterBoardView   *self,
                                                        guint              serial);
void          _muster_board_view_verdicts_changed      (MusterBoardView   *self);
void          _muster_board_view_build_drag_cache      (MusterBoardView   *self,
                                                        const char        *player_id);
void          _muster_board_view_drop_drag_cache       (MusterBoardView   *self);
void          _muster_board_view_append_table          (MusterBoardView   *self,
                                                        GtkSnapshot       *snapshot);
void          _muster_board_view_append_rulers         (MusterBoardView   *self,
                                                        GtkSnapshot       *snapshot);

/* muster-board-view-overlay.c */
char         *_muster_board_view_bubble_text           (MusterBoardView   *self,
                                                        GPtrArray         *violations);
gboolean      _muster_board_view_get_handle            (MusterBoardView   *self,
                                                        double            *hx,
                                                        double            *hy,
                                                        double            *fx,
                                                        double            *fy);
void          _muster_board_view_draw_ghosts           (MusterBoardView   *self,
                                                        cairo_t           *cr,
                                                        double             px);
void          _muster_board_view_append_overlay        (MusterBoardView   *self,
                                                        GtkSnapshot       *snapshot);

G_END_DECLS
