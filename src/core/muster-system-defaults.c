/* muster-system-defaults.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-system"

#include "config.h"

#include <string.h>

#include "muster-system.h"

/* Where each player stands by default, in one place for the window and
 * the export.
 *
 * The first player (red) is on the south side of a landscape table, the
 * second (blue) on the north: the sides of the long edges, where the
 * players sit. A portrait table is a landscape one turned a quarter
 * clockwise: south becomes west, west becomes north, so red is on the
 * west side with the north short edge. A zone's side is where its area
 * lies (its centroid, sampled), so that a type's zones need no particular
 * names; a player who had a zone keeps to that zone's side when the type
 * or an option changes (Refused Flank's diagonal turns the south-west zone
 * into the south-east one, not the north-west one). */

#define SAMPLES 24

/* The side of the table along the short axis (y on a landscape table, x
 * on a portrait one) as +1 or -1: south or east is +1. */
static int
side_of_zone_id (const char *zone_id,
                 gboolean    portrait)
{
  g_auto(GStrv) words = NULL;

  if (zone_id == NULL)
    return 0;

  words = g_strsplit (zone_id, "-", -1);
  for (guint i = 0; words[i] != NULL; i++)
    {
      if (strcmp (words[i], portrait ? "east" : "south") == 0)
        return 1;
      if (strcmp (words[i], portrait ? "west" : "north") == 0)
        return -1;
    }

  return 0;
}

/* How far towards side the zone's area lies, from the middle of the
 * table (mm), or -G_MAXDOUBLE when it has none on this table. */
static double
zone_reach (MusterSystem           *system,
            const MusterDeployment *deployment,
            const MusterZone       *zone,
            GHashTable             *options,
            double                  width,
            double                  height,
            const MusterPlace      *place,
            int                     side)
{
  g_autoptr(MusterRegion) region = NULL;
  gboolean portrait = width < height;
  double sum = 0;
  guint n = 0;

  region = muster_system_resolve_zone (system, deployment, zone->id, width, height, options,
                                       place->role, place->short_edge, NULL);
  if (region == NULL)
    return -G_MAXDOUBLE;

  for (guint j = 0; j < SAMPLES; j++)
    for (guint i = 0; i < SAMPLES; i++)
      {
        MusterPoint p = { (i + 0.5) * width / SAMPLES, (j + 0.5) * height / SAMPLES };

        if (!muster_region_contains_point (region, p))
          continue;
        sum += portrait ? p.x - width / 2 : p.y - height / 2;
        n++;
      }

  return n > 0 ? side * sum / n : -G_MAXDOUBLE;
}

void
muster_system_get_default_place (MusterSystem           *self,
                                 const MusterDeployment *deployment,
                                 GHashTable             *options,
                                 double                  width,
                                 double                  height,
                                 guint                   player_index,
                                 const char             *previous_zone,
                                 const char             *taken_zone,
                                 MusterPlace            *place)
{
  g_autoptr(GPtrArray) zones = NULL;
  gboolean portrait;
  double best = -G_MAXDOUBLE;
  int side;

  g_return_if_fail (MUSTER_IS_SYSTEM (self));
  g_return_if_fail (deployment != NULL);
  g_return_if_fail (place != NULL);

  portrait = width < height;
  place->role = player_index == 0 ? "attacker" : "defender";
  if (portrait)
    place->short_edge = player_index == 0 ? "north" : "south";
  else
    place->short_edge = player_index == 0 ? "west" : "east";
  place->zone = NULL;

  /* Red south (west), blue north (east), unless the zone a player had
   * says otherwise. */
  side = side_of_zone_id (previous_zone, portrait);
  if (side == 0)
    side = (player_index == 0) == !portrait ? 1 : -1;

  zones = muster_deployment_list_zones_on_board (deployment, options, width, height);
  for (guint i = 0; i < zones->len; i++)
    {
      const MusterZone *zone = g_ptr_array_index (zones, i);
      double reach;

      if (g_strcmp0 (zone->id, taken_zone) == 0)
        continue;

      reach = zone_reach (self, deployment, zone, options, width, height, place, side);
      if (place->zone == NULL || reach > best)
        {
          place->zone = zone->id;
          best = reach;
        }
    }
}
