/* muster-choices.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "muster-layout.h"
#include "muster-system.h"

G_BEGIN_DECLS

/* Whether the choices that the players of layout made for deployment
 * (their zones, roles and short edges) are complete and opposite, as
 * RULES.md reads The 9th Age: no two players in one zone, no two
 * attackers or two defenders, no two players on one short edge where the
 * zones are measured from it, and a short edge for every player who has
 * deployed where the deployment order is measured from it (Marching
 * Columns). A zone that needs a short edge the player lacks (Dawn
 * Assault) is muster_system_resolve_zone()'s error.
 *
 * FALSE with an error (MUSTER_LAYOUT_ERROR_INVALID) that says what is
 * wrong, and *player_id (if not NULL) the player whose line the error is
 * about: the second of two, in the order of the file. */
gboolean muster_choices_check (MusterLayout            *layout,
                               MusterSystem            *system,
                               const MusterDeployment  *deployment,
                               const char             **player_id,
                               GError                 **error);

/* Whether what layout names of system stands: its deployment type (or,
 * when it names none, the system's default), the values of that type's
 * options, the players' choices (muster_choices_check()) and each
 * player's zone. Checked here rather than left to the validator so that
 * a message can name the element at fault: FALSE with an error that says
 * what is wrong, and *line (if not NULL) the line of the file where that
 * element is (muster_layout_get_game_line() and the like; 0 when the
 * layout was not read from a file). */
gboolean muster_choices_check_game        (MusterLayout            *layout,
                                           MusterSystem            *system,
                                           int                     *line,
                                           GError                 **error);

/* Whether the zones of layout's deployment type depend on the players'
 * roles (Encircle), or on their short edges (Dawn Assault): then the
 * players must choose them. */
gboolean muster_choices_needs_roles       (MusterLayout            *layout,
                                           MusterSystem            *system);
gboolean muster_choices_needs_short_edges (MusterLayout            *layout,
                                           MusterSystem            *system);
/* Whether deployment's zones are measured from the players' short edges,
 * as its system file says (without resolving any zone). */
gboolean muster_choices_zones_use_short_edges (const MusterDeployment *deployment);

/* Makes layout's players fit its game after the system, the deployment
 * type or an option changed: options the type does not know go; a
 * player keeps a zone that still exists, else takes the default place on
 * its own side of the table (muster_system_get_default_place()); roles
 * and short edges the type asks for are made complete and opposite. */
void     muster_choices_fit               (MusterLayout            *layout,
                                           MusterSystem            *system);

G_END_DECLS
