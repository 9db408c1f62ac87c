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

/* Whole sentences for each edge, for translators; the north and south
 * edges are the short ones of a table taller than wide. */
static void
set_same_edge_error (GError            **error,
                     const MusterPlayer *first,
                     const MusterPlayer *second,
                     const char         *type)
{
  const char *edge = first->short_edge;
  GQuark domain = MUSTER_LAYOUT_ERROR;
  int code = MUSTER_LAYOUT_ERROR_INVALID;

  if (g_str_equal (edge, "east"))
    g_set_error (error, domain, code, _("Players “%s” and “%s” both have the eastern short edge: in %s, a player’s "
                                        "opponent has the other one"), first->id, second->id, type);
  else if (g_str_equal (edge, "north"))
    g_set_error (error, domain, code, _("Players “%s” and “%s” both have the northern short edge: in %s, a "
                                        "player’s opponent has the other one"), first->id, second->id, type);
  else if (g_str_equal (edge, "south"))
    g_set_error (error, domain, code, _("Players “%s” and “%s” both have the southern short edge: in %s, a "
                                        "player’s opponent has the other one"), first->id, second->id, type);
  else
    g_set_error (error, domain, code, _("Players “%s” and “%s” both have the western short edge: in %s, a "
                                        "player’s opponent has the other one"), first->id, second->id, type);
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
      set_same_edge_error (error, first, second, deployment->name);
      return FALSE;
    }

  return TRUE;
}

/* A short edge the table does not have: north or south on a table wider
 * than deep, west or east on one taller than wide. */
static gboolean
check_edge_fits (MusterLayout        *layout,
                 const MusterPlayer  *player,
                 GError             **error)
{
  gboolean portrait = muster_layout_get_width (layout) < muster_layout_get_height (layout);
  gboolean north_south;

  if (player->short_edge == NULL)
    return TRUE;

  north_south = g_str_equal (player->short_edge, "north") || g_str_equal (player->short_edge, "south");
  if (north_south == portrait)
    return TRUE;

  g_set_error (error, MUSTER_LAYOUT_ERROR, MUSTER_LAYOUT_ERROR_INVALID,
               portrait
               ? _("Player “%s” has the short edge “%s”, but this table is taller than wide: its short edges "
                   "are north and south")
               : _("Player “%s” has the short edge “%s”, but this table is wider than deep: its short edges "
                   "are west and east"),
               player->id, player->short_edge);
  return FALSE;
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
  for (guint i = 0; i < players->len; i++)
    {
      const MusterPlayer *player = g_ptr_array_index (players, i);

      if (!check_edge_fits (layout, player, error))
        {
          if (player_id != NULL)
            *player_id = player->id;
          return FALSE;
        }
    }

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
                     "from it (choose one of the table’s short edges)"),
                   without_edge->id, deployment->name);
      if (player_id != NULL)
        *player_id = without_edge->id;
      return FALSE;
    }

  return TRUE;
}
