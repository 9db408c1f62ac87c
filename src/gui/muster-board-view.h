/* muster-board-view.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "muster-history.h"
#include "muster-render.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_BOARD_VIEW     (muster_board_view_get_type ())
#define MUSTER_TYPE_BOARD_TOOL     (muster_board_tool_get_type ())

typedef enum
{
  MUSTER_BOARD_TOOL_SELECT,
  MUSTER_BOARD_TOOL_MEASURE,
  MUSTER_BOARD_TOOL_RECTANGLE,
  MUSTER_BOARD_TOOL_POLYGON,
  MUSTER_BOARD_TOOL_OBJECTIVE,
  MUSTER_BOARD_TOOL_MARKER,
} MusterBoardTool;

GType        muster_board_tool_get_type      (void) G_GNUC_CONST;

G_DECLARE_FINAL_TYPE (MusterBoardView, muster_board_view, MUSTER, BOARD_VIEW, GtkWidget)

GtkWidget   *muster_board_view_new          (void);
MusterScene *muster_board_view_get_scene    (MusterBoardView *self);
void         muster_board_view_set_scene    (MusterBoardView *self,
                                             MusterScene     *scene);
/* The validator gives the drag feedback; the history groups the edits
 * of one gesture into one step. Either may be NULL. */
void         muster_board_view_set_validator (MusterBoardView *self,
                                              MusterValidator *validator);
void         muster_board_view_set_history  (MusterBoardView *self,
                                             MusterHistory   *history);
void         muster_board_view_set_units    (MusterBoardView *self,
                                             MusterUnit       units);
MusterUnit   muster_board_view_get_units    (MusterBoardView *self);

/* Pixels per millimetre on screen. */
double       muster_board_view_get_scale    (MusterBoardView *self);
double       muster_board_view_get_zoom     (MusterBoardView *self);
/* Multiplies the zoom by factor, keeping the board point under the widget
 * point (x, y) where it is. */
void         muster_board_view_zoom_at      (MusterBoardView *self,
                                             double           factor,
                                             double           x,
                                             double           y);
void         muster_board_view_zoom_in      (MusterBoardView *self);
void         muster_board_view_zoom_out     (MusterBoardView *self);
/* Back to the whole table, fitted and centred. */
void         muster_board_view_zoom_reset   (MusterBoardView *self);
void         muster_board_view_pan          (MusterBoardView *self,
                                             double           dx,
                                             double           dy);
void         muster_board_view_widget_to_board (MusterBoardView *self,
                                                double           x,
                                                double           y,
                                                MusterPoint     *board);
void         muster_board_view_board_to_widget (MusterBoardView *self,
                                                MusterPoint      board,
                                                double          *x,
                                                double          *y);

/* The player whose zone is highlighted and who owns new markers. */
void             muster_board_view_set_acting_player (MusterBoardView *self,
                                                      const char      *player_id);
const char      *muster_board_view_get_acting_player (MusterBoardView *self);
void             muster_board_view_set_tool     (MusterBoardView   *self,
                                                 MusterBoardTool    tool);
MusterBoardTool  muster_board_view_get_tool     (MusterBoardView   *self);
/* The kind of the terrain that the drawing tools make; get gives it as
 * the board.terrain-kind action names it ("building", "impassable",
 * "area-blocking", "area"). */
void             muster_board_view_set_terrain_kind (MusterBoardView   *self,
                                                     MusterTerrainKind  kind,
                                                     gboolean           blocks_lof);
const char      *muster_board_view_get_terrain_kind (MusterBoardView   *self);

/* The board.* actions (zoom, tools, edits of the selection) as an action
 * group, for the window to insert under "board" so that its tool bar,
 * menus and accelerators reach them. */
GActionGroup    *muster_board_view_get_actions  (MusterBoardView   *self);

/* Selection: serials of pieces, in layout order (a new array). */
GArray      *muster_board_view_get_selection      (MusterBoardView *self);
guint        muster_board_view_get_n_selected     (MusterBoardView *self);
gboolean     muster_board_view_is_selected        (MusterBoardView *self,
                                                   guint            serial);
void         muster_board_view_select_piece       (MusterBoardView *self,
                                                   guint            serial,
                                                   gboolean         extend);
void         muster_board_view_select_all         (MusterBoardView *self);
void         muster_board_view_unselect_all       (MusterBoardView *self);
/* Tab order: the next (or previous) piece in the layout, then the
 * terrain. */
void         muster_board_view_select_next        (MusterBoardView *self,
                                                   gboolean         backwards);
const char  *muster_board_view_get_selected_terrain (MusterBoardView *self);
void         muster_board_view_select_terrain     (MusterBoardView *self,
                                                   const char      *terrain_id);
/* Shows the piece: pans it into view when it is not. */
void         muster_board_view_reveal_piece       (MusterBoardView *self,
                                                   guint            serial);

/* Edits of the selection; each is one undo step. */
void         muster_board_view_move_selection     (MusterBoardView *self,
                                                   double           dx,
                                                   double           dy);
void         muster_board_view_rotate_selection   (MusterBoardView *self,
                                                   double           degrees);
void         muster_board_view_toggle_prone       (MusterBoardView *self);
void         muster_board_view_delete_selection   (MusterBoardView *self);
/* Changes the kind of the selected terrain. */
void         muster_board_view_set_selected_terrain_kind (MusterBoardView   *self,
                                                          MusterTerrainKind  kind,
                                                          gboolean           blocks_lof);

/* Adds piece (taken) to the layout at its x, y as one undo step, with a
 * fresh id when its id is NULL or in use, and selects it. Returns the
 * piece as added, or NULL. */
MusterPiece *muster_board_view_place_piece        (MusterBoardView *self,
                                                   MusterPiece     *piece);
/* The same, at the legal spot nearest the centre of its owner's zone (or
 * of the table), for placing from the keyboard. */
MusterPiece *muster_board_view_place_piece_in_zone (MusterBoardView *self,
                                                    MusterPiece     *piece);
/* Adds a terrain outline (mm) of the current terrain kind as one undo
 * step; NULL with a message when the outline crosses itself. */
MusterTerrain *muster_board_view_add_terrain      (MusterBoardView   *self,
                                                   const MusterPoint *points,
                                                   guint              n_points);

/* The pointer, as the gestures drive it, in widget coordinates: for the
 * tests and the benchmarks. */
void         muster_board_view_pointer_press      (MusterBoardView *self,
                                                   double           x,
                                                   double           y,
                                                   GdkModifierType  state);
void         muster_board_view_pointer_motion     (MusterBoardView *self,
                                                   double           x,
                                                   double           y);
void         muster_board_view_pointer_release    (MusterBoardView *self,
                                                   double           x,
                                                   double           y);
void         muster_board_view_cancel             (MusterBoardView *self);
/* A new piece following the pointer (a roster drag): position in widget
 * coordinates; finish places it, or drops it when commit is FALSE. */
void         muster_board_view_begin_placement    (MusterBoardView   *self,
                                                   const MusterPiece *piece);
void         muster_board_view_update_placement   (MusterBoardView   *self,
                                                   double             x,
                                                   double             y);
MusterPiece *muster_board_view_finish_placement   (MusterBoardView   *self,
                                                   gboolean           commit);

/* While a piece is dragged or placed: whether it may stand where it is,
 * and why not, one reason a line (NULL when legal). FALSE when nothing is
 * being dragged. */
gboolean     muster_board_view_get_feedback       (MusterBoardView  *self,
                                                   gboolean         *legal,
                                                   const char      **reasons);
/* The table in words, as the accessible description gives it to screen
 * readers: its size, deployment type, how many pieces, how many of them
 * break rules, and what is selected. */
char        *muster_board_view_dup_accessible_summary (MusterBoardView *self);
/* The last measurement of the ruler tool. */
gboolean     muster_board_view_get_measurement    (MusterBoardView  *self,
                                                   double           *distance,
                                                   MusterPoint      *from,
                                                   MusterPoint      *to);

G_END_DECLS
