/* muster-roster-panel-private.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "muster-editor.h"
#include "muster-roster-panel.h"
#include "muster-roster-problems.h"

G_BEGIN_DECLS

/* One widget over two files:
 *
 *   muster-roster-panel.c         the player, the roster's entries and
 *                                 their statuses, and their menus;
 *   muster-roster-panel-others.c  Also on the Table: the player's pieces
 *                                 that no roster entry accounts for. */

struct _MusterRosterPanel
{
  AdwBin          parent_instance;

  MusterRoster   *roster;
  MusterEditor   *editor;        /* of the roster's layout and the history */
  MusterSystem   *system;
  MusterLayout   *layout;
  MusterValidator *validator;    /* or NULL */
  char           *player_id;
  MusterColor     color;
  /* How many problems each entry's pieces have: kept by the validator's
   * verdicts, read at each refresh of the rows. NULL without a validator. */
  MusterRosterProblems *problems;

  GMenu          *zone_menu;
  char           *zone_menu_key;  /* the zones it lists */
  GSimpleAction  *zone_action;    /* the player's zone, "" for none */
  /* The entry just added or edited: its row takes the focus when made,
   * so that Return places it and the keyboard carries on from there. */
  char           *focus_entry_id;
  GPtrArray      *statuses;      /* char *, one a row */
  gboolean        updating;
  guint           refresh_id;
  /* Verdicts changed, and nothing else: the rows' statuses only. */
  guint           statuses_id;
  /* The rows wait for the panel to be shown (or asked about): the pages
   * of the other players are not, and a big layout's rows are most of
   * the work of its first frame. */
  gboolean        rows_stale;
  /* The serials of the pieces whose rows in other_box are still to
   * make (guint), after the first ones, and how many there are in all. */
  GArray         *other_pending;
  guint           other_made;
  guint           other_total;
  guint           other_fill_id;

  /* Template children */
  AdwEntryRow    *name_row;
  GtkDrawingArea *color_swatch;
  GtkMenuButton  *zone_button;
  GtkBox         *content_box;
  GtkListBox     *list_box;

  /* Once there are pieces that no roster entry accounts for
   * (ensure_other_group()). */
  AdwPreferencesGroup *other_group;
  GtkListBox     *other_box;
};

char *_muster_roster_panel_describe_base      (const MusterBase  *base);
void  _muster_roster_panel_refresh_other_rows (MusterRosterPanel *self);
void  _muster_roster_panel_add_other_rows     (MusterRosterPanel *self,
                                               guint              limit);
gboolean _muster_roster_panel_is_other_piece  (MusterRosterPanel *self,
                                               guint              serial,
                                               gboolean           removed);

G_END_DECLS
