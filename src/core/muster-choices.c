/* muster-choices.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-choices"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "muster-choices.h"

/* Whether the zone of player is measured from the player's short edge:
 * it resolves with the edge and not without it (Dawn Assault). Where it
 * is not (Marching Columns, whose order each player measures from an
 * edge of their own choosing), two players may pick the same edge. */
static gboolean
measured_from_edge (MusterLayout           *layout,
                    MusterSystem           *system,
                    const MusterDeployment *deployment,
                    const MusterPlayer     *player)
{
  double width = muster_layout_get_width (layout);
  double height = muster_layout_get_height (layout);
  GHashTable *options = muster_layout_get_options (layout);
  g_autoptr(MusterRegion) with_edge = NULL;
  g_autoptr(MusterRegion) without = NULL;

  if (player->zone == NULL)
    return FALSE;

  with_edge = muster_system_resolve_zone (system, deployment, player->zone, width, height, options,
                                          player->role, player->short_edge, NULL);
  without = muster_system_resolve_zone (system, deployment, player->zone, width, height, options,
                                        player->role, NULL, NULL);

  return with_edge != NULL && without == NULL;
}

/* What two players chose that cannot both stand; first comes before
 * second in the file. */
static gboolean
check_pair (MusterLayout            *layout,
            MusterSystem            *system,
            const MusterDeployment  *deployment,
            const MusterPlayer      *first,
            const MusterPlayer      *second,
            GError                 **error)
{
  if (first->zone != NULL && g_strcmp0 (first->zone, second->zone) == 0)
    {
      g_set_error (error, MUSTER_LAYOUT_ERROR, MUSTER_LAYOUT_ERROR_INVALID,
                   _("Players “%s” and “%s” are both in the zone “%s”: each player deploys in a zone of "
                     "their own"),
                   first->id, second->id, first->zone);
      return FALSE;
    }

  if (first->role != NULL && g_strcmp0 (first->role, second->role) == 0)
    {
      g_set_error (error, MUSTER_LAYOUT_ERROR, MUSTER_LAYOUT_ERROR_INVALID,
                   g_str_equal (first->role, "attacker")
                   ? _("Players “%s” and “%s” are both attackers: one player attacks, the other defends")
                   : _("Players “%s” and “%s” are both defenders: one player attacks, the other defends"),
                   first->id, second->id);
      return FALSE;
    }

  if (first->short_edge != NULL && g_strcmp0 (first->short_edge, second->short_edge) == 0 &&
      measured_from_edge (layout, system, deployment, second))
    {
      g_set_error (error, MUSTER_LAYOUT_ERROR, MUSTER_LAYOUT_ERROR_INVALID,
                   g_str_equal (first->short_edge, "west")
                   ? _("Players “%s” and “%s” both have the western short edge: in %s, a player’s "
                       "opponent has the other one")
                   : _("Players “%s” and “%s” both have the eastern short edge: in %s, a player’s "
                       "opponent has the other one"),
                   first->id, second->id, deployment->name);
      return FALSE;
    }

  return TRUE;
}

/* The first player (in the order of the pieces) who has deployed with
 * no short edge to measure the deployment order from, or NULL. */
static const MusterPlayer *
find_player_without_edge (MusterLayout *layout)
{
  GPtrArray *pieces = muster_layout_get_pieces (layout);

  for (guint i = 0; i < pieces->len; i++)
    {
      const MusterPiece *piece = g_ptr_array_index (pieces, i);
      const MusterPlayer *player;

      if (piece->turn == 0 || !muster_piece_is_deployable (piece))
        continue;

      player = muster_layout_lookup_player (layout, piece->owner);
      if (player != NULL && player->short_edge == NULL)
        return player;
    }

  return NULL;
}

gboolean
muster_choices_check (MusterLayout            *layout,
                      MusterSystem            *system,
                      const MusterDeployment  *deployment,
                      const char             **player_id,
                      GError                 **error)
{
  GPtrArray *players;
  const MusterPlayer *without_edge = NULL;

  g_return_val_if_fail (MUSTER_IS_LAYOUT (layout), FALSE);
  g_return_val_if_fail (MUSTER_IS_SYSTEM (system), FALSE);
  g_return_val_if_fail (deployment != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  players = muster_layout_get_players (layout);
  for (guint j = 1; j < players->len; j++)
    {
      const MusterPlayer *second = g_ptr_array_index (players, j);

      for (guint i = 0; i < j; i++)
        {
          if (!check_pair (layout, system, deployment, g_ptr_array_index (players, i), second, error))
            {
              if (player_id != NULL)
                *player_id = second->id;
              return FALSE;
            }
        }
    }

  /* Marching Columns: each player's order runs from the short edge the
   * player chose with the first unit. */
  if (muster_system_get_rule (system, deployment, MUSTER_RULE_DEPLOY_ORDER) != NULL)
    without_edge = find_player_without_edge (layout);

  if (without_edge != NULL)
    {
      g_set_error (error, MUSTER_LAYOUT_ERROR, MUSTER_LAYOUT_ERROR_INVALID,
                   _("Player “%s” has deployed but has no short edge: %s measures the deployment order "
                     "from it (choose west or east)"),
                   without_edge->id, deployment->name);
      if (player_id != NULL)
        *player_id = without_edge->id;
      return FALSE;
    }

  return TRUE;
}
