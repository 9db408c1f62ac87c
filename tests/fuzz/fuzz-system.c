/* fuzz-system.c: game-system files, which players drop into
 * ~/.local/share/muster/systems/.
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every input either loads or is refused with "FILENAME:LINE: what is
 * wrong". A system that loads must resolve every zone of every deployment
 * type, for every player and option value, on its default board, and
 * every skill region; and the regions must answer questions about points
 * and bases.
 */

#include "config.h"

#include "fuzz-common.h"
#include "muster-region.h"
#include "muster-system.h"

#define FILENAME "fuzz.xml"

static void
probe (const MusterRegion *region,
       double              width,
       double              height)
{
  static const MusterBase bases[] = {
    { MUSTER_BASE_ROUND, 25, 25 },
    { MUSTER_BASE_OVAL, 120, 92 },
    { MUSTER_BASE_RECT, 100, 80 },
  };
  MusterBox box = { 0, 0, width, height };

  for (guint i = 0; i <= 4; i++)
    {
      for (guint j = 0; j <= 4; j++)
        {
          MusterPoint p = { width * i / 4, height * j / 4 };
          MusterOutline outline;

          muster_region_contains_point (region, p);
          muster_outline_init_base (&outline, &bases[(i + j) % G_N_ELEMENTS (bases)],
                                    p.x, p.y, 30.0 * i);
          muster_region_contains_outline (region, &outline);
          muster_outline_clear (&outline);
        }
    }

  if (region->kind == MUSTER_REGION_HALF_PLANE)
    {
      MusterPoint points[8];

      if (muster_region_clip_half_plane (region, &box, points) > 8)
        fuzz_fail ("clip_half_plane wrote more than 8 points");
    }

  for (guint i = 0; region->children != NULL && i < region->children->len; i++)
    probe (g_ptr_array_index (region->children, i), width, height);
}

static void
check_region (MusterRegion *region,
              GError       *error,
              double        width,
              double        height)
{
  if (region == NULL)
    {
      /* Not every choice need make sense (a zone that needs a role when
       * none is given), but it must say why. */
      if (error == NULL || !g_utf8_validate (error->message, -1, NULL))
        fuzz_fail ("a zone did not resolve, with no readable error");
      return;
    }

  probe (region, width, height);
  muster_region_unref (region);
}

static void
resolve_all (MusterSystem           *system,
             const MusterDeployment *deployment,
             GHashTable             *options,
             double                  width,
             double                  height)
{
  static const char * const roles[] = { NULL, "attacker", "defender" };
  static const char * const edges[] = { NULL, "west", "east" };
  g_autoptr(GPtrArray) zones = muster_deployment_list_zones (deployment, options);
  GPtrArray *skills = muster_system_get_skills (system);

  for (guint z = 0; z < zones->len; z++)
    {
      const MusterZone *zone = g_ptr_array_index (zones, z);

      for (guint r = 0; r < G_N_ELEMENTS (roles); r++)
        {
          for (guint e = 0; e < G_N_ELEMENTS (edges); e++)
            {
              g_autoptr(GError) error = NULL;
              MusterRegion *region;

              region = muster_system_resolve_zone (system, deployment, zone->id,
                                                   width, height, options,
                                                   roles[r], edges[e], &error);
              check_region (region, error, width, height);
            }
        }

      for (guint s = 0; s < skills->len; s++)
        {
          const MusterSkillDef *skill = g_ptr_array_index (skills, s);
          g_autoptr(GError) error = NULL;
          MusterRegion *region;

          region = muster_system_resolve_skill_region (system, deployment, skill, zone->id,
                                                       width, height, options, &error);
          if (region != NULL || error != NULL)
            check_region (region, error, width, height);
        }
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(MusterSystem) system = NULL;
  g_autoptr(GError) error = NULL;
  const MusterBoardPreset *board;
  GPtrArray *deployments;
  double width = 72 * MUSTER_MM_PER_INCH;
  double height = 48 * MUSTER_MM_PER_INCH;

  fuzz_init_once ();

  bytes = g_bytes_new (data, size);
  system = muster_system_new_from_bytes (bytes, FILENAME, &error);
  if (system == NULL)
    {
      if (error == NULL || error->domain != MUSTER_SYSTEM_ERROR)
        fuzz_fail ("refused without a MUSTER_SYSTEM_ERROR");
      if (!fuzz_message_names_line (error->message, FILENAME))
        fuzz_fail ("the error does not read \"" FILENAME ":LINE: ...\": %s", error->message);
      return 0;
    }

  if (muster_system_get_id (system) == NULL || muster_system_get_name (system) == NULL)
    fuzz_fail ("a system loaded without an id or a name");

  board = muster_system_get_default_board (system);
  if (board != NULL)
    {
      width = board->width;
      height = board->height;
    }

  deployments = muster_system_get_deployments (system);
  if (deployments->len > 0 && muster_system_get_default_deployment (system) == NULL)
    fuzz_fail ("deployment types but no default one");

  for (guint d = 0; d < deployments->len; d++)
    {
      const MusterDeployment *deployment = g_ptr_array_index (deployments, d);
      g_autoptr(GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);

      if (muster_system_lookup_deployment (system, deployment->id) != deployment)
        fuzz_fail ("deployment “%s” is not found by its id", deployment->id);

      /* The defaults, then each value of each option in turn. */
      resolve_all (system, deployment, NULL, width, height);

      for (guint o = 0; o < deployment->options->len; o++)
        {
          const MusterOptionDef *option = g_ptr_array_index (deployment->options, o);

          if (muster_deployment_get_option (deployment, NULL, option->name) == NULL)
            fuzz_fail ("option “%s” has no default", option->name);

          for (guint v = 0; option->values[v] != NULL; v++)
            {
              g_hash_table_insert (options, option->name, option->values[v]);
              resolve_all (system, deployment, options, width, height);
            }
          g_hash_table_remove (options, option->name);
        }
    }

  return 0;
}
