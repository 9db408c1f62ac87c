/* muster-editor.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "muster-history.h"
#include "muster-validate.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_EDITOR (muster_editor_get_type ())

/* The edits a player makes to a layout: placing, moving, nudging,
 * rotating and deleting pieces, drawing, moving and deleting terrain,
 * resizing the table. The table, the rosters and the game popover all
 * edit through it, so an edit is the same whoever asks for it.
 *
 * Each verb is one step of the history (when there is one); an edit of
 * several pieces is one step too, and begin() / end() make one step of
 * several verbs. But a run of nudges of the same pieces (or terrain),
 * with nothing else between them, is one step: the player who tapped
 * an arrow key twenty times undoes them at once. Positions land on the
 * layout's grid (see muster_editor_snap_length()). The validator, when
 * there is one, says where a piece may stand for find_spot(). No
 * widget: the tests run without a display. */
G_DECLARE_FINAL_TYPE (MusterEditor, muster_editor, MUSTER, EDITOR, GObject)

/* history may be NULL (no undo). */
MusterEditor    *muster_editor_new               (MusterLayout       *layout,
                                                  MusterHistory      *history);
MusterLayout    *muster_editor_get_layout        (MusterEditor       *self);
MusterHistory   *muster_editor_get_history       (MusterEditor       *self);
/* May be NULL: then every spot is legal. */
void             muster_editor_set_validator     (MusterEditor       *self,
                                                  MusterValidator    *validator);
MusterValidator *muster_editor_get_validator     (MusterEditor       *self);

/* The edits between begin() and end() make one undo step, named by the
 * outermost label. */
void             muster_editor_begin             (MusterEditor       *self,
                                                  const char         *label);
void             muster_editor_end               (MusterEditor       *self);

/* The grid: 0.01″, or 0.1 mm in a layout in millimetres or centimetres,
 * counted in the layout's own units, so that the file keeps x="35.25"
 * and reads back as exactly the position that was checked. */
double           muster_editor_snap_length       (MusterEditor       *self,
                                                  double              mm);
MusterPoint      muster_editor_snap_point        (MusterEditor       *self,
                                                  MusterPoint         p);
/* The length on the grid when it is a rounding error away from it, else
 * as it is (a length off the grid, written so by hand, stays off it) but
 * for the rounding error: on the decimal of fewest places (up to 8, in
 * the layout's units, else in millimetres) less than 1e-9 mm away, so
 * that the file keeps "4.3044" and not "4.304399999999999". */
double           muster_editor_snap_length_if_near (MusterEditor     *self,
                                                    double            mm);
/* What an arrow key moves by in the units shown: 1″ (0.1″ fine), or
 * 1 cm (1 mm fine). */
double           muster_editor_get_nudge_step    (MusterUnit          units,
                                                  gboolean            fine);

/* Adds piece (taken) at its x, y, with a fresh id when its id is NULL or
 * in use. Returns the piece as added, or NULL. */
MusterPiece     *muster_editor_place             (MusterEditor       *self,
                                                  MusterPiece        *piece);
/* The legal spot nearest the middle of the piece's owner's zone (or of
 * the table), on the grid; the middle of the zone when no spot is legal,
 * and fallback when the zone has no room at all. */
MusterPoint      muster_editor_find_spot         (MusterEditor       *self,
                                                  const MusterPiece  *piece,
                                                  MusterPoint         fallback);
/* find_spot(), then place(). */
MusterPiece     *muster_editor_place_in_zone     (MusterEditor       *self,
                                                  MusterPiece        *piece,
                                                  MusterPoint         fallback);
/* Whether the pieces may be moved, turned or removed now (the layout's
 * piece guard): FALSE, with the first refusal in error, when one of them
 * may not. The edits below then leave all of them as they are. */
gboolean         muster_editor_check_pieces      (MusterEditor       *self,
                                                  const guint        *serials,
                                                  guint               n_serials,
                                                  GError            **error);
/* Moves the pieces by dx, dy (mm); a piece on the grid stays on it. */
void             muster_editor_move              (MusterEditor       *self,
                                                  const guint        *serials,
                                                  guint               n_serials,
                                                  double              dx,
                                                  double              dy);
/* The same by whole steps of muster_editor_get_nudge_step(): the arrow
 * keys. Joins the step of the nudge before, if it was of the same pieces
 * and nothing came between (muster_history_begin_merge_group()). */
void             muster_editor_nudge             (MusterEditor       *self,
                                                  const guint        *serials,
                                                  guint               n_serials,
                                                  int                 dx,
                                                  int                 dy,
                                                  MusterUnit          units,
                                                  gboolean            fine);
/* Turns the pieces by degrees (clockwise), each about its centre. */
void             muster_editor_rotate            (MusterEditor       *self,
                                                  const guint        *serials,
                                                  guint               n_serials,
                                                  double              degrees);
/* Sets the pieces' rotation (degrees, clockwise from north). */
void             muster_editor_set_rotation      (MusterEditor       *self,
                                                  const guint        *serials,
                                                  guint               n_serials,
                                                  double              degrees);
/* Models go prone, unless all of them are: then they stand up. */
void             muster_editor_toggle_prone      (MusterEditor       *self,
                                                  const guint        *serials,
                                                  guint               n_serials);
/* Returns how many pieces went. */
guint            muster_editor_delete            (MusterEditor       *self,
                                                  const guint        *serials,
                                                  guint               n_serials);

/* A new terrain outline (mm) with a fresh id; NULL with an error when
 * the outline crosses itself or has no area. */
MusterTerrain   *muster_editor_add_terrain       (MusterEditor       *self,
                                                  MusterTerrainKind   kind,
                                                  gboolean            blocks_lof,
                                                  const MusterPoint  *points,
                                                  guint               n_points,
                                                  GError            **error);
/* Moves the terrain by dx, dy; corners on the grid stay on it. */
gboolean         muster_editor_move_terrain      (MusterEditor       *self,
                                                  const char         *terrain_id,
                                                  double              dx,
                                                  double              dy);
/* The terrain by whole nudge steps, as muster_editor_nudge(). */
gboolean         muster_editor_nudge_terrain     (MusterEditor       *self,
                                                  const char         *terrain_id,
                                                  int                 dx,
                                                  int                 dy,
                                                  MusterUnit          units,
                                                  gboolean            fine);
/* A building always blocks line of fire. FALSE when nothing changed. */
gboolean         muster_editor_set_terrain_kind  (MusterEditor       *self,
                                                  const char         *terrain_id,
                                                  MusterTerrainKind   kind,
                                                  gboolean            blocks_lof);
gboolean         muster_editor_delete_terrain    (MusterEditor       *self,
                                                  const char         *terrain_id);

/* The table's width and depth (mm). */
void             muster_editor_set_table_size    (MusterEditor       *self,
                                                  double              width,
                                                  double              height);

/* The game: the system (with its default deployment type and table),
 * the deployment type, an option of it (label names the undo step), each
 * followed by muster_choices_fit(). Unknown ids change nothing. */
void             muster_editor_set_system        (MusterEditor       *self,
                                                  const char         *system_id);
void             muster_editor_set_deployment    (MusterEditor       *self,
                                                  const char         *deployment_id);
void             muster_editor_set_option        (MusterEditor       *self,
                                                  const char         *name,
                                                  const char         *value,
                                                  const char         *label);
/* Player index (in the layout's order) attacks and the others defend
 * (roles), or has the first short edge of the table and the others the
 * second: west and east, north and south on a table taller than wide. */
void             muster_editor_choose_player     (MusterEditor       *self,
                                                  gboolean            roles,
                                                  guint               index);

G_END_DECLS
