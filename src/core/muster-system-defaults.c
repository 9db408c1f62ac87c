/* muster-system-defaults.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-system"

#include "config.h"

#include <math.h>
#include <string.h>

#include "muster-system.h"

/* Where each player stands by default, in one place for the window and
 * the export.
 *
 * The players sit on opposite sides of the table, and a type's zones lie
 * apart across it: north and south of a landscape table's Centre Line,
 * west and east of a portrait one's, north and south on Infinity's table
 * of either shape. Which way they lie apart is read from the zones
 * themselves (where their areas lie, sampled), so no zone names are
 * assumed: along the axis where they lie farther apart for the table's
 * size, and when that is a tie (the diagonals of Refused Flank) across
 * the long edges, where 9th Age players sit. The first player (red)
 * takes the south side, or the west; the second (blue) the north, or the
 * east. A player who had a zone keeps to that zone's side when the type
 * or an option changes: Refused Flank's other diagonal takes red from the
 * south-west zone to the south-east one, not to the north-west one. */

#define SAMPLES 24

typedef struct
{
  const MusterZone *zone;
  double            x, y;     /* the middle of its area, as fractions of the table */
} ZoneSpot;

static gboolean
zone_spot (MusterSystem           *system,
           const MusterDeployment *deployment,
           GHashTable             *options,
           double                  width,
           double                  height,
           const MusterPlace      *place,
           ZoneSpot               *spot)
{
  g_autoptr(MusterRegion) region = NULL;
  double xs[SAMPLES], ys[SAMPLES];
  guint8 inside[SAMPLES * SAMPLES];
  double sx = 0, sy = 0;
  guint n = 0;

  region = muster_system_resolve_zone (system, deployment, spot->zone->id, width, height, options,
                                       place->role, place->short_edge, NULL);
  if (region == NULL)
    return FALSE;

  for (guint i = 0; i < SAMPLES; i++)
    {
      xs[i] = (i + 0.5) * width / SAMPLES;
      ys[i] = (i + 0.5) * height / SAMPLES;
    }
  muster_region_contains_grid (region, xs, SAMPLES, ys, SAMPLES, inside);

  for (guint j = 0; j < SAMPLES; j++)
    for (guint i = 0; i < SAMPLES; i++)
      {
        if (!inside[j * SAMPLES + i])
          continue;
        sx += (i + 0.5) / SAMPLES;
        sy += (j + 0.5) / SAMPLES;
        n++;
      }

  if (n == 0)
    return FALSE;

  spot->x = sx / n;
  spot->y = sy / n;

  return TRUE;
}

/* +1 for south (across) or east (along), -1 for north or west, 0 when
 * the id does not say. */
static int
side_of_zone_id (const char *zone_id,
                 gboolean    across)
{
  g_auto(GStrv) words = NULL;

  if (zone_id == NULL)
    return 0;

  words = g_strsplit (zone_id, "-", -1);
  for (guint i = 0; words[i] != NULL; i++)
    {
      if (strcmp (words[i], across ? "south" : "east") == 0)
        return 1;
      if (strcmp (words[i], across ? "north" : "west") == 0)
        return -1;
    }

  return 0;
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
  g_autoptr(GArray) spots = g_array_new (FALSE, FALSE, sizeof (ZoneSpot));
  double x0 = 1, x1 = 0, y0 = 1, y1 = 0;
  double best = -G_MAXDOUBLE;
  gboolean portrait, across;
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

  zones = muster_deployment_list_zones_on_board (deployment, options, width, height);
  for (guint i = 0; i < zones->len; i++)
    {
      ZoneSpot spot = { g_ptr_array_index (zones, i), 0, 0 };

      if (!zone_spot (self, deployment, options, width, height, place, &spot))
        continue;
      x0 = MIN (x0, spot.x), x1 = MAX (x1, spot.x);
      y0 = MIN (y0, spot.y), y1 = MAX (y1, spot.y);
      g_array_append_val (spots, spot);
    }

  /* Apart across the table (north and south) or along it. */
  if (fabs ((y1 - y0) - (x1 - x0)) < 1e-3)
    across = !portrait;
  else
    across = y1 - y0 > x1 - x0;

  side = side_of_zone_id (previous_zone, across);
  if (side == 0)
    side = player_index == 0 ? (across ? 1 : -1) : (across ? -1 : 1);

  for (guint i = 0; i < spots->len; i++)
    {
      const ZoneSpot *spot = &g_array_index (spots, ZoneSpot, i);
      double reach = side * (across ? spot->y : spot->x);

      if (g_strcmp0 (spot->zone->id, taken_zone) == 0)
        continue;
      if (place->zone == NULL || reach > best + 1e-9)
        {
          place->zone = spot->zone->id;
          best = reach;
        }
    }

  /* A type whose zones cannot be placed on this table still gives one. */
  for (guint i = 0; place->zone == NULL && i < zones->len; i++)
    {
      const MusterZone *zone = g_ptr_array_index (zones, i);

      if (g_strcmp0 (zone->id, taken_zone) != 0)
        place->zone = zone->id;
    }
}
