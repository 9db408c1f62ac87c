/* muster-choices.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-choices"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "muster-choices.h"
#include "muster-region-template.h"

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

/* The layout's deployment type, or the system's default where it names
 * none, as the validator takes it; NULL for a type the system lacks. */
static const MusterDeployment *
deployment_of (MusterLayout *layout,
               MusterSystem *system)
{
  const char *id = muster_layout_get_deployment_id (layout);

  if (system == NULL)
    return NULL;

  return id != NULL ? muster_system_lookup_deployment (system, id) : muster_system_get_default_deployment (system);
}

/* The options of deployment that the layout sets to a value the type
 * does not offer. */
static gboolean
check_options (MusterLayout            *layout,
               const MusterDeployment  *deployment,
               int                     *line,
               GError                 **error)
{
  GHashTable *options = muster_layout_get_options (layout);

  for (guint i = 0; i < deployment->options->len; i++)
    {
      const MusterOptionDef *option = g_ptr_array_index (deployment->options, i);
      const char *value = g_hash_table_lookup (options, option->name);
      g_autofree char *list = NULL;

      if (value == NULL || g_strv_contains ((const char * const *) option->values, value))
        continue;

      list = g_strjoinv (", ", option->values);
      g_set_error (error, MUSTER_LAYOUT_ERROR, MUSTER_LAYOUT_ERROR_INVALID,
                   _("The option “%s” of “%s” cannot be “%s” (choose one of %s)"),
                   option->name, deployment->name, value, list);
      *line = muster_layout_get_option_line (layout, option->name);
      return FALSE;
    }

  return TRUE;
}

gboolean
muster_choices_check_game (MusterLayout  *layout,
                           MusterSystem  *system,
                           int           *line,
                           GError       **error)
{
  const char *deployment_id;
  const MusterDeployment *deployment;
  GPtrArray *players;
  const char *player_id = NULL;
  int unused_line;

  g_return_val_if_fail (MUSTER_IS_LAYOUT (layout), FALSE);
  g_return_val_if_fail (MUSTER_IS_SYSTEM (system), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (line == NULL)
    line = &unused_line;
  *line = 0;

  deployment_id = muster_layout_get_deployment_id (layout);
  deployment = deployment_of (layout, system);
  if (deployment == NULL)
    {
      g_set_error (error, MUSTER_LAYOUT_ERROR, MUSTER_LAYOUT_ERROR_INVALID,
                   _("The game system “%s” has no deployment type “%s”"),
                   muster_system_get_id (system), deployment_id != NULL ? deployment_id : "");
      *line = muster_layout_get_game_line (layout);
      return FALSE;
    }

  if (!check_options (layout, deployment, line, error))
    return FALSE;

  /* The choices before the zones made of them: "this table is taller
   * than wide" says more than "the short edge is not set". */
  if (!muster_choices_check (layout, system, deployment, &player_id, error))
    {
      *line = muster_layout_get_player_line (layout, player_id);
      return FALSE;
    }

  players = muster_layout_get_players (layout);
  for (guint i = 0; i < players->len; i++)
    {
      const MusterPlayer *player = g_ptr_array_index (players, i);
      g_autoptr(MusterRegion) zone = NULL;

      if (player->zone == NULL)
        continue;

      zone = muster_system_resolve_zone (system, deployment, player->zone,
                                         muster_layout_get_width (layout),
                                         muster_layout_get_height (layout),
                                         muster_layout_get_options (layout),
                                         player->role, player->short_edge, error);
      if (zone == NULL)
        {
          *line = muster_layout_get_player_line (layout, player->id);
          return FALSE;
        }
    }

  return TRUE;
}

/* Choices the type asks for */

#define GRID_ACROSS 48
#define GRID_DOWN 32

/* Whether two resolutions of a zone differ somewhere on the table; a
 * resolution that fails differs from any. A coarse grid is enough: a
 * choice that matters moves a zone by inches. */
static gboolean
zones_differ (MusterLayout           *layout,
              MusterSystem           *system,
              const MusterDeployment *deployment,
              const char             *zone_id,
              const MusterPlace      *a_place,
              const MusterPlace      *b_place)
{
  double width = muster_layout_get_width (layout);
  double height = muster_layout_get_height (layout);
  GHashTable *options = muster_layout_get_options (layout);
  g_autoptr(MusterRegion) a = NULL;
  g_autoptr(MusterRegion) b = NULL;
  double xs[GRID_ACROSS], ys[GRID_DOWN];
  guint8 in_a[GRID_ACROSS * GRID_DOWN], in_b[GRID_ACROSS * GRID_DOWN];

  a = muster_system_resolve_zone (system, deployment, zone_id, width, height, options,
                                  a_place->role, a_place->short_edge, NULL);
  b = muster_system_resolve_zone (system, deployment, zone_id, width, height, options,
                                  b_place->role, b_place->short_edge, NULL);

  if (a == NULL || b == NULL)
    return (a == NULL) != (b == NULL);

  /* The whole grid at once: a point at a time was 1.8 M instructions of
   * a new table's start-up. */
  for (int i = 0; i < GRID_ACROSS; i++)
    xs[i] = (i + 0.5) * width / GRID_ACROSS;
  for (int j = 0; j < GRID_DOWN; j++)
    ys[j] = (j + 0.5) * height / GRID_DOWN;
  muster_region_contains_grid (a, xs, GRID_ACROSS, ys, GRID_DOWN, in_a);
  muster_region_contains_grid (b, xs, GRID_ACROSS, ys, GRID_DOWN, in_b);

  return memcmp (in_a, in_b, sizeof in_a) != 0;
}


/* Whether a player's zone changes with the role (roles) or the short
 * edge, the other choice held. */
static gboolean
needs_choice (MusterLayout *layout,
              MusterSystem *system,
              gboolean      roles)
{
  const MusterDeployment *deployment = deployment_of (layout, system);
  double width = muster_layout_get_width (layout);
  double height = muster_layout_get_height (layout);
  GHashTable *options = muster_layout_get_options (layout);
  g_autoptr(GPtrArray) zones = NULL;
  MusterPlace first, second;

  if (deployment == NULL)
    return FALSE;

  /* The two players' defaults: opposite roles, opposite edges. */
  muster_system_get_default_place (system, deployment, options, width, height, 0, NULL, NULL, &first);
  muster_system_get_default_place (system, deployment, options, width, height, 1, NULL, NULL, &second);
  if (roles)
    second.short_edge = first.short_edge;
  else
    second.role = first.role;

  zones = muster_deployment_list_zones_on_board (deployment, options, width, height);
  for (guint i = 0; i < zones->len; i++)
    {
      const MusterZone *zone = g_ptr_array_index (zones, i);

      if (zones_differ (layout, system, deployment, zone->id, &first, &second))
        return TRUE;
    }

  return FALSE;
}

gboolean
muster_choices_zones_use_short_edges (const MusterDeployment *deployment)
{
  g_return_val_if_fail (deployment != NULL, FALSE);

  for (guint i = 0; i < deployment->zones->len; i++)
    {
      const MusterZone *zone = g_ptr_array_index (deployment->zones, i);

      if (zone->tmpl != NULL && muster_region_template_uses_short_edges (zone->tmpl))
        return TRUE;
    }

  return FALSE;
}

gboolean
muster_choices_needs_roles (MusterLayout *layout,
                            MusterSystem *system)
{
  g_return_val_if_fail (MUSTER_IS_LAYOUT (layout), FALSE);

  return needs_choice (layout, system, TRUE);
}

gboolean
muster_choices_needs_short_edges (MusterLayout *layout,
                                  MusterSystem *system)
{
  g_return_val_if_fail (MUSTER_IS_LAYOUT (layout), FALSE);

  return needs_choice (layout, system, FALSE);
}

static void
drop_unknown_options (MusterLayout           *layout,
                      const MusterDeployment *deployment)
{
  g_autoptr(GPtrArray) stale = g_ptr_array_new_with_free_func (g_free);
  GHashTableIter iter;
  gpointer key;

  g_hash_table_iter_init (&iter, muster_layout_get_options (layout));
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      gboolean known = FALSE;

      for (guint i = 0; i < deployment->options->len && !known; i++)
        known = g_strcmp0 (((MusterOptionDef *) g_ptr_array_index (deployment->options, i))->name, key) == 0;
      if (!known)
        g_ptr_array_add (stale, g_strdup (key));
    }

  for (guint i = 0; i < stale->len; i++)
    muster_layout_set_option (layout, g_ptr_array_index (stale, i), NULL);
}

static gboolean
zone_exists (GPtrArray  *zones,
             const char *zone_id)
{
  for (guint i = 0; zone_id != NULL && i < zones->len; i++)
    if (g_strcmp0 (((const MusterZone *) g_ptr_array_index (zones, i))->id, zone_id) == 0)
      return TRUE;

  return FALSE;
}

/* The roles or edges of two players: kept when complete and opposite,
 * else the defaults. */
static void
make_opposite (char       **a,
               char       **b,
               const char  *default_a,
               const char  *default_b)
{
  if (*a != NULL && *b != NULL && g_strcmp0 (*a, *b) != 0)
    return;

  g_free (*a);
  g_free (*b);
  *a = g_strdup (default_a);
  *b = g_strdup (default_b);
}

void
muster_choices_fit (MusterLayout *layout,
                    MusterSystem *system)
{
  const MusterDeployment *deployment = deployment_of (layout, system);
  GPtrArray *players = muster_layout_get_players (layout);
  double width = muster_layout_get_width (layout);
  double height = muster_layout_get_height (layout);
  g_autoptr(GPtrArray) zones = NULL;
  g_autoptr(GPtrArray) chosen = g_ptr_array_new_with_free_func (g_free);
  MusterPlace places[2];
  GHashTable *options;
  gboolean roles, edges;

  g_return_if_fail (MUSTER_IS_LAYOUT (layout));

  if (deployment == NULL)
    return;

  drop_unknown_options (layout, deployment);
  options = muster_layout_get_options (layout);
  zones = muster_deployment_list_zones_on_board (deployment, options, width, height);

  /* A zone that still exists is kept; the others take the default
   * place on their side of the table, clear of the zones kept. */
  for (guint i = 0; i < players->len; i++)
    {
      const MusterPlayer *player = g_ptr_array_index (players, i);
      gboolean keep = zone_exists (zones, player->zone);

      for (guint j = 0; keep && j < i; j++)
        keep = g_strcmp0 (g_ptr_array_index (chosen, j), player->zone) != 0;
      g_ptr_array_add (chosen, keep ? g_strdup (player->zone) : NULL);
    }
  for (guint i = 0; i < players->len; i++)
    {
      const MusterPlayer *player = g_ptr_array_index (players, i);
      const char *taken = players->len == 2 ? g_ptr_array_index (chosen, 1 - i) : NULL;
      MusterPlace place;

      muster_system_get_default_place (system, deployment, options, width, height, MIN (i, 1), player->zone,
                                       taken, &place);
      if (i < 2)
        places[i] = place;
      if (g_ptr_array_index (chosen, i) == NULL)
        g_ptr_array_index (chosen, i) = g_strdup (place.zone);
    }

  roles = needs_choice (layout, system, TRUE);
  edges = needs_choice (layout, system, FALSE);

  for (guint i = 0; i < players->len; i++)
    {
      const MusterPlayer *player = g_ptr_array_index (players, i);

      muster_layout_update_player (layout, player->id, g_ptr_array_index (chosen, i), player->role,
                                   player->short_edge);
    }

  if (players->len == 2)
    {
      const MusterPlayer *a = g_ptr_array_index (players, 0);
      const MusterPlayer *b = g_ptr_array_index (players, 1);
      g_autofree char *role_a = g_strdup (a->role);
      g_autofree char *role_b = g_strdup (b->role);
      g_autofree char *edge_a = g_strdup (a->short_edge);
      g_autofree char *edge_b = g_strdup (b->short_edge);

      if (roles)
        make_opposite (&role_a, &role_b, places[0].role, places[1].role);
      if (edges)
        make_opposite (&edge_a, &edge_b, places[0].short_edge, places[1].short_edge);

      muster_layout_update_player (layout, a->id, a->zone, role_a, edge_a);
      muster_layout_update_player (layout, b->id, b->zone, role_b, edge_b);
    }
}
