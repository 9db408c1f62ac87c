/* muster-roster-panel.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "muster-history.h"
#include "muster-render.h"
#include "muster-roster.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_ROSTER_PANEL (muster_roster_panel_get_type ())

/* One player in the sidebar: name, colour and zone, and the roster with
 * what is on the table, held back, or still to deploy. Rows can be
 * dragged onto the table; activating one emits "place-entry". */
G_DECLARE_FINAL_TYPE (MusterRosterPanel, muster_roster_panel, MUSTER, ROSTER_PANEL, AdwBin)

MusterRosterPanel *muster_roster_panel_new            (MusterRoster      *roster,
                                                       MusterHistory     *history,
                                                       MusterSystem      *system,
                                                       const char        *player_id);
void               muster_roster_panel_set_validator  (MusterRosterPanel *self,
                                                       MusterValidator   *validator);
const char        *muster_roster_panel_get_player_id  (MusterRosterPanel *self);
/* Opens the dialog that adds an entry. */
void               muster_roster_panel_add_entry      (MusterRosterPanel *self);
/* Rows shown, and the status line of each, for tests. */
guint              muster_roster_panel_get_n_rows     (MusterRosterPanel *self);
const char        *muster_roster_panel_get_row_status (MusterRosterPanel *self,
                                                       guint              index);
/* The pieces listed under "Also on the Table", by index, or NULL past
 * the last; and activating one of them. */
const char        *muster_roster_panel_get_other_piece (MusterRosterPanel *self,
                                                        guint              index);
void               muster_roster_panel_activate_other  (MusterRosterPanel *self,
                                                        guint              index);

G_END_DECLS
