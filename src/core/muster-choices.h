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

G_END_DECLS
