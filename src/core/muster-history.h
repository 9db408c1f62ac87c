/* muster-history.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "muster-layout.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_HISTORY (muster_history_get_type ())

/* Undo and redo for one layout.
 *
 * The history follows the layout's signals, so every change made through
 * the layout's API is recorded, whoever makes it. A change to a piece is
 * kept as the piece before and after (by id); a change of the game, its
 * options, the board, the players or the terrain as the state of those
 * before and after. Nothing is serialised, so a step of a 500-piece
 * layout costs what the pieces it touched cost.
 *
 * Changes between begin_group() and end_group() make one step; any other
 * change is a step of its own. A group begun with a merge key joins the
 * step before it when that step had the same key and nothing came
 * between: no other step, undo, redo, set_clean() or break_merge(). So
 * a run of small edits that a player repeats (the arrow keys' nudges)
 * is undone at once. No time ends a run, as none ends a run of typing
 * in GTK's text views. Changes that the layout does not signal
 * (foreign data kept in the players, such as rosters) are recorded when
 * muster_history_note_change() is called after them.
 *
 * Properties: "can-undo", "can-redo", "clean" (the layout is as it was
 * when last marked clean, i.e. saved). Signal "changed": after any step
 * was recorded, undone or redone. */
G_DECLARE_FINAL_TYPE (MusterHistory, muster_history, MUSTER, HISTORY, GObject)

MusterHistory *muster_history_new             (MusterLayout  *layout);
MusterLayout  *muster_history_get_layout      (MusterHistory *self);

void           muster_history_begin_group     (MusterHistory *self,
                                               const char    *label);
void           muster_history_end_group       (MusterHistory *self);
/* begin_group(), for a step that may join the last one: see above.
 * Inside another group, the outermost one decides. */
void           muster_history_begin_merge_group (MusterHistory *self,
                                                 const char    *label,
                                                 const char    *merge_key);
/* The next step is one of its own: after something the history does not
 * see come between, such as a change of what is selected. */
void           muster_history_break_merge     (MusterHistory *self);
/* Records what changed in the players since the last look: after changes
 * to data the layout does not signal. */
void           muster_history_note_change     (MusterHistory *self);

gboolean       muster_history_can_undo        (MusterHistory *self);
gboolean       muster_history_can_redo        (MusterHistory *self);
/* The label given to begin_group(), or NULL. */
const char    *muster_history_get_undo_label  (MusterHistory *self);
const char    *muster_history_get_redo_label  (MusterHistory *self);
gboolean       muster_history_undo            (MusterHistory *self);
gboolean       muster_history_redo            (MusterHistory *self);
/* Forgets every step (the layout is left as it is). */
void           muster_history_clear           (MusterHistory *self);
/* TRUE while undo() or redo() is changing the layout. */
gboolean       muster_history_is_applying     (MusterHistory *self);

/* Number of steps that undo() can take, for tests. */
guint          muster_history_get_n_steps     (MusterHistory *self);
/* Most steps kept; the oldest go first. 0 means no limit. */
void           muster_history_set_limit       (MusterHistory *self,
                                               guint          limit);

void           muster_history_set_clean       (MusterHistory *self);
/* No step leads back to a clean state: for a layout restored from an
 * autosave, which was never saved. */
void           muster_history_set_modified    (MusterHistory *self);
gboolean       muster_history_is_clean        (MusterHistory *self);

G_END_DECLS
