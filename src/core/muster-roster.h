/* muster-roster.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "muster-layout.h"

G_BEGIN_DECLS

/* The models and units a player brings, and which of them are on the
 * table. Kept in the layout file, inside each <player>, as an extension
 * element that the layout reads and writes back untouched:
 *
 *   <player id="red" ...>
 *     <mr:roster>
 *       <mr:entry id="e1" name="Fusiliers" count="3" kind="model"
 *                 base="round-25" shape="round" width="25mm" depth="25mm"
 *                 categories="scout" lieutenant="true"
 *                 skills="infiltration" hold="off-table"/>
 *       <mr:entry id="e2" name="Knights" count="1" kind="unit"
 *                 base="50x50" shape="rect" width="50mm" depth="50mm"
 *                 files="5" ranks="2"/>
 *     </mr:roster>
 *   </player>
 *
 * The namespace, urn:muster:roster, is declared once, on <muster-layout>
 * (xmlns:mr="urn:muster:roster"). A piece placed from an entry carries
 * mr:entry="e1" (a foreign attribute of <piece>), which is how the roster
 * knows what is on the table. Layouts of Muster 0.1 named the namespace
 * MUSTER_LEGACY_ROSTER_NAMESPACE; they are read as if they used this one,
 * and saved with it.
 *
 * The layout reader checks the roster of each player as it reads the
 * file: a value that Muster cannot read (count="many", shape="hexagon",
 * an entry without an id) makes the file unreadable, with a message that
 * names the line. Attributes and elements it does not know are passed
 * over. */

#define MUSTER_ROSTER_NAMESPACE "urn:muster:roster"

#define MUSTER_TYPE_ROSTER         (muster_roster_get_type ())
#define MUSTER_TYPE_PIECE_TEMPLATE (muster_piece_template_get_type ())

typedef enum
{
  MUSTER_ROSTER_HOLD_NONE,
  MUSTER_ROSTER_HOLD_BACK,          /* kept back for a later step */
  MUSTER_ROSTER_HOLD_OFF_TABLE,     /* Infinity: a skill keeps it off the table */
  MUSTER_ROSTER_HOLD_RESERVE,       /* 9th Age Dawn Assault */
  MUSTER_ROSTER_HOLD_DELAYED,       /* 9th Age Marching Columns */
} MusterRosterHold;

typedef enum
{
  MUSTER_ROSTER_TO_DEPLOY,
  MUSTER_ROSTER_PARTLY_DEPLOYED,
  MUSTER_ROSTER_ON_TABLE,
  MUSTER_ROSTER_HELD_BACK,
} MusterRosterStatus;

typedef struct
{
  char             *id;
  char             *name;
  guint             count;        /* pieces of this entry, at least 1 */
  MusterPieceKind   kind;         /* model or unit */
  char             *preset;       /* base preset id, or NULL */
  MusterBase        base;         /* one model's base */
  guint             files;        /* units: models across the front */
  guint             ranks;        /* units: models from front to back */
  char            **categories;   /* or NULL */
  gboolean          lieutenant;
  char            **skills;       /* or NULL */
  MusterRosterHold  hold;
} MusterRosterEntry;

MusterRosterEntry *muster_roster_entry_new        (void);
MusterRosterEntry *muster_roster_entry_copy       (const MusterRosterEntry *entry);
void               muster_roster_entry_free       (MusterRosterEntry       *entry);
/* The base of one piece: the model's base, or a unit's files × ranks. */
void               muster_roster_entry_get_footprint (const MusterRosterEntry *entry,
                                                      MusterBase              *footprint);

const char        *muster_roster_hold_to_string   (MusterRosterHold         hold);
gboolean           muster_roster_hold_from_string (const char              *text,
                                                   MusterRosterHold        *hold);

/* A MusterPiece as a boxed value: what a roster row carries when it is
 * dragged onto the table (muster_roster_make_piece()), and what the
 * table takes when it is dropped. */
GType              muster_piece_template_get_type (void) G_GNUC_CONST;

G_DECLARE_FINAL_TYPE (MusterRoster, muster_roster, MUSTER, ROSTER, GObject)

/* Reads the rosters of every player of layout. Signal "changed" after
 * every change of the entries (not of the pieces). */
MusterRoster       *muster_roster_new              (MusterLayout      *layout);
MusterLayout       *muster_roster_get_layout       (MusterRoster      *self);
/* Reads the layout again: after it changed under the roster (undo). */
void                muster_roster_reload           (MusterRoster      *self);

/* The entries of a player (MusterRosterEntry, owned by the roster), in
 * order; never NULL. */
GPtrArray          *muster_roster_get_entries      (MusterRoster      *self,
                                                    const char        *player_id);
const MusterRosterEntry *muster_roster_lookup      (MusterRoster      *self,
                                                    const char        *entry_id,
                                                    const char       **player_id);
/* Takes entry; gives it a fresh id when it has none. Returns the id. */
const char         *muster_roster_add_entry        (MusterRoster      *self,
                                                    const char        *player_id,
                                                    MusterRosterEntry *entry);
/* Takes entry, which replaces the one with its id. */
void                muster_roster_replace_entry    (MusterRoster      *self,
                                                    MusterRosterEntry *entry);
void                muster_roster_remove_entry     (MusterRoster      *self,
                                                    const char        *entry_id);
void                muster_roster_set_hold         (MusterRoster      *self,
                                                    const char        *entry_id,
                                                    MusterRosterHold   hold);

/* The entry a piece was placed from, or NULL. */
const char         *muster_roster_get_piece_entry  (const MusterPiece *piece);
void                muster_roster_set_piece_entry  (MusterPiece       *piece,
                                                    const char        *entry_id);
/* How many pieces of an entry are on the table (0 for a NULL entry).
 * Counted at the first call, then kept as the layout's pieces come, go
 * and change: a handler of the layout's piece signals that runs before
 * the roster's (connected before the first count) sees the count as it
 * was before the change. */
guint               muster_roster_count_placed     (MusterRoster      *self,
                                                    const char        *entry_id);
MusterRosterStatus  muster_roster_get_status       (MusterRoster      *self,
                                                    const char        *entry_id,
                                                    guint             *placed);
/* The deployment turn a new piece of player_id takes in a game under
 * way, or 0 when the game has none to say. */
typedef guint (*MusterRosterTurnFunc) (const char *player_id,
                                       gpointer    user_data);
void                muster_roster_set_turn_func    (MusterRoster      *self,
                                                    MusterRosterTurnFunc func,
                                                    gpointer           data,
                                                    GDestroyNotify     notify);
/* The next piece of an entry, not yet in the layout (its id is NULL: the
 * layout gives one when it is placed), or NULL when all are placed. */
MusterPiece        *muster_roster_make_piece       (MusterRoster      *self,
                                                    const char        *entry_id);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterRosterEntry, muster_roster_entry_free)

G_END_DECLS
