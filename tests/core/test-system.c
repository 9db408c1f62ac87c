/* test-system.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "test-system"

#include "config.h"

#include <glib/gstdio.h>
#include <locale.h>
#include <math.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>

#include "muster-expr.h"
#include "muster-layout.h"
#include "muster-system.h"
#include "muster-system-private.h"
#include "muster-validate.h"
#include "muster-xml.h"
#include "system-helpers.h"

#define MM   1.0

typedef struct
{
  MusterSystemRegistry *registry;
  char                 *user_dir;
} Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  fixture->user_dir = g_dir_make_tmp ("muster-systems-XXXXXX", &error);
  g_assert_no_error (error);
  fixture->registry = muster_system_registry_new (fixture->user_dir);
  g_assert_cmpuint (muster_system_registry_get_errors (fixture->registry)->len, ==, 0);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr(GDir) dir = g_dir_open (fixture->user_dir, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (fixture->user_dir, name, NULL);

      g_assert_cmpint (g_unlink (path), ==, 0);
    }
  g_assert_cmpint (g_rmdir (fixture->user_dir), ==, 0);

  g_clear_pointer (&fixture->registry, muster_system_registry_free);
  g_clear_pointer (&fixture->user_dir, g_free);
}

static MusterSystem *
lookup_system (Fixture    *fixture,
               const char *id)
{
  MusterSystem *system = muster_system_registry_lookup (fixture->registry, id);

  g_assert_nonnull (system);
  g_assert_cmpstr (muster_system_get_id (system), ==, id);

  return system;
}

static const MusterDeployment *
lookup_deployment (MusterSystem *system,
                   const char   *id)
{
  const MusterDeployment *deployment = muster_system_lookup_deployment (system, id);

  g_assert_nonnull (deployment);
  g_assert_cmpstr (deployment->id, ==, id);

  return deployment;
}

static MusterRegion *
zone (MusterSystem           *system,
      const MusterDeployment *deployment,
      const char             *zone_id,
      double                  width_in,
      double                  height_in,
      GHashTable             *options,
      const char             *role,
      const char             *short_edge)
{
  g_autoptr(GError) error = NULL;
  MusterRegion *region;

  region = muster_system_resolve_zone (system, deployment, zone_id,
                                       width_in * INCH, height_in * INCH,
                                       options, role, short_edge, &error);
  g_assert_no_error (error);
  g_assert_nonnull (region);

  return region;
}

/* A round base by its centre (mm) and diameter (mm). */
static gboolean
round_within (const MusterRegion *region,
              double              x,
              double              y,
              double              diameter)
{
  MusterBase base = { MUSTER_BASE_ROUND, diameter, diameter };
  MusterOutline outline;
  gboolean ret;

  muster_outline_init_base (&outline, &base, x, y, 0);
  ret = muster_region_contains_outline (region, &outline);
  muster_outline_clear (&outline);

  return ret;
}

/* Shipped systems */

static void
test_shipped (Fixture       *fixture,
              gconstpointer  data)
{
  GPtrArray *systems = muster_system_registry_list (fixture->registry);

  g_assert_cmpuint (systems->len, ==, 3);
  g_assert_cmpstr (muster_system_get_id (g_ptr_array_index (systems, 0)), ==, "infinity");
  g_assert_cmpstr (muster_system_get_id (g_ptr_array_index (systems, 1)), ==, "t9a");
  g_assert_cmpstr (muster_system_get_id (g_ptr_array_index (systems, 2)), ==, "ti4");
  g_assert_null (muster_system_registry_lookup (fixture->registry, "warhammer"));
  g_assert_null (muster_system_registry_lookup (fixture->registry, NULL));
}

/* The registry reads the shipped systems without the schema check and
 * without resolving every zone (src/core/muster-system.c): each must
 * follow the schema, and read with both checks as it does without. */
static void
test_shipped_follow_the_schema (Fixture       *fixture,
                                gconstpointer  data)
{
  g_autoptr(GBytes) schema = NULL;
  g_auto(GStrv) names = NULL;
  g_autoptr(GError) error = NULL;
  guint n_systems = 0;

  /* Registers the core's resources. */
  schema = muster_xml_lookup_data ("muster-system.rng", &error);
  g_assert_no_error (error);

  names = g_resources_enumerate_children ("/io/github/muster/Muster/core/systems/",
                                          G_RESOURCE_LOOKUP_FLAGS_NONE, &error);
  g_assert_no_error (error);

  for (guint i = 0; names[i] != NULL; i++)
    {
      g_autofree char *path = g_strconcat ("systems/", names[i], NULL);
      g_autoptr(GBytes) bytes = NULL;
      g_autoptr(xmlDoc) doc = NULL;
      g_autoptr(MusterSystem) checked = NULL;
      MusterSystem *shipped;

      if (!g_str_has_suffix (names[i], ".xml"))
        continue;

      bytes = muster_xml_lookup_data (path, &error);
      g_assert_no_error (error);
      doc = muster_xml_parse (bytes, names[i], MUSTER_SYSTEM_ERROR, MUSTER_SYSTEM_ERROR_PARSE, &error);
      g_assert_no_error (error);
      g_assert_true (muster_xml_validate (doc, "muster-system.rng", names[i], MUSTER_SYSTEM_ERROR,
                                          MUSTER_SYSTEM_ERROR_SCHEMA, &error));
      g_assert_no_error (error);

      checked = muster_system_new_from_bytes (bytes, names[i], &error);
      g_assert_no_error (error);
      shipped = muster_system_registry_lookup (fixture->registry, muster_system_get_id (checked));
      g_assert_nonnull (shipped);
      g_assert_true (g_bytes_equal (muster_system_get_bytes (shipped), bytes));
      n_systems++;
    }

  g_assert_cmpuint (n_systems, ==, 3);
}

static void
test_t9a_data (Fixture       *fixture,
               gconstpointer  data)
{
  MusterSystem *t9a = lookup_system (fixture, "t9a");
  const MusterBoardPreset *board = muster_system_get_default_board (t9a);
  GPtrArray *deployments = muster_system_get_deployments (t9a);
  static const char * const ids[] = {
    "frontline-clash", "dawn-assault", "counterthrust",
    "encircle", "refused-flank", "marching-columns",
  };
  const MusterDeployment *counterthrust;
  const MusterDeployment *marching;
  const MusterRuleDef *rule;
  g_autofree char *name = NULL;
  GBytes *bytes;
  gboolean found_round_60 = FALSE;

  g_assert_cmpstr (muster_system_get_name (t9a), ==, "The 9th Age");
  g_object_get (t9a, "name", &name, NULL);
  g_assert_cmpstr (name, ==, "The 9th Age");
  g_assert_cmpint (muster_system_get_units (t9a), ==, MUSTER_UNIT_INCH);

  g_assert_nonnull (board);
  g_assert_true (board->is_default);
  g_assert_cmpfloat_with_epsilon (board->width, 72 * INCH, 1e-9);
  g_assert_cmpfloat_with_epsilon (board->height, 48 * INCH, 1e-9);
  g_assert_cmpuint (muster_system_get_board_presets (t9a)->len, ==, 2);

  for (guint i = 0; i < muster_system_get_base_presets (t9a)->len; i++)
    {
      const MusterBasePreset *preset = g_ptr_array_index (muster_system_get_base_presets (t9a), i);

      g_assert_cmpfloat (preset->base.width, >, 0);
      if (g_str_equal (preset->id, "round-60"))
        {
          g_assert_cmpint (preset->base.shape, ==, MUSTER_BASE_ROUND);
          g_assert_cmpfloat (preset->base.width, ==, 60);
          g_assert_cmpfloat (preset->base.depth, ==, 60);
          found_round_60 = TRUE;
        }
    }
  g_assert_true (found_round_60);

  g_assert_cmpuint (deployments->len, ==, G_N_ELEMENTS (ids));
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      const MusterDeployment *deployment = g_ptr_array_index (deployments, i);

      g_assert_cmpstr (deployment->id, ==, ids[i]);
      g_assert_cmpuint (deployment->roll, ==, i + 1);
    }
  g_assert_true (muster_system_get_default_deployment (t9a) == g_ptr_array_index (deployments, 0));
  g_assert_null (muster_system_lookup_deployment (t9a, "standard"));

  /* System-wide rules */
  rule = muster_system_get_rule (t9a, NULL, MUSTER_RULE_UNIT_SPACING);
  g_assert_nonnull (rule);
  g_assert_cmpfloat_with_epsilon (rule->distance, INCH, 1e-9);
  g_assert_cmpstrv (rule->kinds, ((const char * const []) { "unit", "model", NULL }));
  g_assert_nonnull (muster_system_get_rule (t9a, NULL, MUSTER_RULE_OFF_BOARD));
  g_assert_nonnull (muster_system_get_rule (t9a, NULL, MUSTER_RULE_OUTSIDE_ZONE));
  g_assert_nonnull (muster_system_get_rule (t9a, NULL, MUSTER_RULE_OVERLAP));
  g_assert_null (muster_system_get_rule (t9a, NULL, MUSTER_RULE_BASE_CONTACT));
  g_assert_null (muster_system_get_rule (t9a, NULL, MUSTER_RULE_ENEMY_TOO_CLOSE));

  /* Extra rules of the deployment types */
  counterthrust = lookup_deployment (t9a, "counterthrust");
  rule = muster_system_get_rule (t9a, counterthrust, MUSTER_RULE_ENEMY_TOO_CLOSE);
  g_assert_nonnull (rule);
  g_assert_cmpfloat_with_epsilon (rule->distance, 20 * INCH, 1e-9);
  g_assert_cmpstrv (rule->kinds, ((const char * const []) { "unit", "model", NULL }));
  g_assert_cmpstrv (rule->exempt, ((const char * const []) { "scout", NULL }));
  rule = muster_system_get_rule (t9a, counterthrust, MUSTER_RULE_DEPLOY_SEQUENCE);
  g_assert_nonnull (rule);
  g_assert_cmpuint (rule->turns, ==, 3);
  g_assert_cmpstrv (rule->exempt, ((const char * const []) { "scout", NULL }));
  g_assert_nonnull (muster_system_get_rule (t9a, counterthrust, MUSTER_RULE_UNIT_SPACING));
  g_assert_null (muster_system_get_rule (t9a, counterthrust, MUSTER_RULE_DEPLOY_ORDER));
  g_assert_null (muster_system_get_rule (t9a, lookup_deployment (t9a, "frontline-clash"),
                                         MUSTER_RULE_ENEMY_TOO_CLOSE));

  marching = lookup_deployment (t9a, "marching-columns");
  rule = muster_system_get_rule (t9a, marching, MUSTER_RULE_DEPLOY_ORDER);
  g_assert_nonnull (rule);
  g_assert_cmpstrv (rule->exempt, ((const char * const []) {
    "character", "war-machine", "war-platform", "scout", NULL }));
  /* Units only: a marker is no unit of a deployment turn. */
  g_assert_cmpstrv (rule->kinds, ((const char * const []) { "unit", "model", NULL }));
  rule = muster_system_get_rule (t9a, marching, MUSTER_RULE_DEPLOY_SEQUENCE);
  g_assert_nonnull (rule);
  g_assert_cmpuint (rule->turns, ==, 3);
  g_assert_cmpstrv (rule->kinds, ((const char * const []) { "unit", "model", NULL }));

  /* The original bytes, for the modules that read other sections */
  bytes = muster_system_get_bytes (t9a);
  g_assert_nonnull (bytes);
  g_assert_nonnull (g_strstr_len (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                                  "<game-system id=\"t9a\""));
}

static void
test_infinity_data (Fixture       *fixture,
                    gconstpointer  data)
{
  MusterSystem *infinity = lookup_system (fixture, "infinity");
  const MusterBoardPreset *board = muster_system_get_default_board (infinity);
  GPtrArray *boards = muster_system_get_board_presets (infinity);
  const MusterDeployment *standard = lookup_deployment (infinity, "standard");
  const MusterOptionDef *depth;
  static const char * const skills[] = {
    "infiltration", "forward-deployment", "mechanized-deployment",
    "impersonation", "airborne-deployment", "to-camouflage",
  };
  static const double diameters[] = { 25, 40, 55, 70 };
  GPtrArray *bases = muster_system_get_base_presets (infinity);

  g_assert_cmpfloat_with_epsilon (board->width, 48 * INCH, 1e-9);
  g_assert_cmpfloat_with_epsilon (board->height, 48 * INCH, 1e-9);
  g_assert_cmpuint (boards->len, ==, 2);
  board = g_ptr_array_index (boards, 1);
  g_assert_false (board->is_default);
  g_assert_cmpfloat_with_epsilon (board->width, 32 * INCH, 1e-9);
  g_assert_cmpfloat_with_epsilon (board->height, 48 * INCH, 1e-9);

  g_assert_cmpuint (bases->len, ==, G_N_ELEMENTS (diameters));
  for (guint i = 0; i < bases->len; i++)
    {
      const MusterBasePreset *preset = g_ptr_array_index (bases, i);

      g_assert_cmpint (preset->base.shape, ==, MUSTER_BASE_ROUND);
      g_assert_cmpfloat (preset->base.width, ==, diameters[i]);
    }

  g_assert_true (muster_system_get_default_deployment (infinity) == standard);
  g_assert_cmpuint (standard->roll, ==, 0);
  g_assert_cmpuint (standard->options->len, ==, 1);
  depth = g_ptr_array_index (standard->options, 0);
  g_assert_cmpstr (depth->name, ==, "depth");
  g_assert_cmpstrv (depth->values, ((const char * const []) { "12", "16", NULL }));
  g_assert_cmpstr (depth->default_value, ==, "12");

  g_assert_nonnull (muster_system_get_rule (infinity, standard, MUSTER_RULE_BASE_CONTACT));
  g_assert_nonnull (muster_system_get_rule (infinity, standard, MUSTER_RULE_OFF_BOARD));
  g_assert_nonnull (muster_system_get_rule (infinity, standard, MUSTER_RULE_OUTSIDE_ZONE));
  g_assert_nonnull (muster_system_get_rule (infinity, standard, MUSTER_RULE_OVERLAP));
  g_assert_null (muster_system_get_rule (infinity, standard, MUSTER_RULE_UNIT_SPACING));

  g_assert_cmpuint (muster_system_get_skills (infinity)->len, ==, G_N_ELEMENTS (skills));
  for (guint i = 0; i < G_N_ELEMENTS (skills); i++)
    {
      const MusterSkillDef *skill = muster_system_lookup_skill (infinity, skills[i]);

      g_assert_nonnull (skill);
      g_assert_cmpint (skill->allows, ==, i < 4 ? MUSTER_SKILL_ALLOWS_REGION
                                                : MUSTER_SKILL_ALLOWS_OFF_TABLE);
    }
  g_assert_null (muster_system_lookup_skill (infinity, "strategos"));
}

static void
test_ti4_data (Fixture       *fixture,
               gconstpointer  data)
{
  MusterSystem *ti4 = lookup_system (fixture, "ti4");
  const MusterDeployment *none;
  g_autoptr(GPtrArray) zones = NULL;

  g_assert_cmpstr (muster_system_get_name (ti4), ==, "Twilight Imperium 4th Edition");
  g_assert_nonnull (muster_system_get_default_board (ti4));
  g_assert_cmpuint (muster_system_get_deployments (ti4)->len, ==, 1);
  none = muster_system_get_default_deployment (ti4);
  g_assert_cmpstr (none->id, ==, "none");
  zones = muster_deployment_list_zones (none, NULL);
  g_assert_cmpuint (zones->len, ==, 0);
}

/* The 9th Age zones */

/* North zone "more than D from the Centre Line": a 100 × 80 mm unit whose
 * rear (south) edge is exactly D from the line fails, 1 mm further passes. */
static void
check_centre_distance (MusterSystem           *system,
                       const MusterDeployment *deployment,
                       double                  w,
                       double                  h,
                       double                  distance_in,
                       const char             *role,
                       const char             *short_edge)
{
  g_autoptr(MusterRegion) north = zone (system, deployment, "north", w, h, NULL, role, short_edge);
  g_autoptr(MusterRegion) south = zone (system, deployment, "south", w, h, NULL, role, short_edge);
  double centre = h / 2 * INCH;
  double d = distance_in * INCH;
  double x0 = w / 2 * INCH - 50;

  if (short_edge != NULL)
    x0 = (g_str_equal (short_edge, "west") ? w * INCH / 4 : w * INCH / 2);

  g_assert_false (box_within (north, x0, centre - d - 80, x0 + 100, centre - d));
  g_assert_true (box_within (north, x0, centre - d - 81, x0 + 100, centre - d - 1));
  g_assert_false (box_within (south, x0, centre + d, x0 + 100, centre + d + 80));
  g_assert_true (box_within (south, x0, centre + d + 1, x0 + 100, centre + d + 81));

  /* on the wrong side, or off the board */
  g_assert_false (box_within (north, x0, centre + d + 1, x0 + 100, centre + d + 81));
  g_assert_false (box_within (north, x0, -1, x0 + 100, 79));
  g_assert_true (box_within (north, x0, 0, x0 + 100, 80));
  g_assert_false (box_within (south, x0, h * INCH - 79, x0 + 100, h * INCH + 1));
}

static void
test_t9a_frontline_clash (Fixture       *fixture,
                          gconstpointer  data)
{
  MusterSystem *t9a = lookup_system (fixture, "t9a");
  const MusterDeployment *deployment = lookup_deployment (t9a, "frontline-clash");

  check_centre_distance (t9a, deployment, 72, 48, 12, NULL, NULL);
  check_centre_distance (t9a, deployment, 48, 48, 12, NULL, NULL);
  check_centre_distance (t9a, deployment, 60, 44, 12, NULL, NULL);
}

static void
test_t9a_counterthrust (Fixture       *fixture,
                        gconstpointer  data)
{
  MusterSystem *t9a = lookup_system (fixture, "t9a");
  const MusterDeployment *deployment = lookup_deployment (t9a, "counterthrust");

  check_centre_distance (t9a, deployment, 72, 48, 8, NULL, NULL);
  check_centre_distance (t9a, deployment, 48, 48, 8, NULL, NULL);
}

static void
test_t9a_marching_columns (Fixture       *fixture,
                           gconstpointer  data)
{
  MusterSystem *t9a = lookup_system (fixture, "t9a");
  const MusterDeployment *deployment = lookup_deployment (t9a, "marching-columns");

  check_centre_distance (t9a, deployment, 72, 48, 12, NULL, NULL);
  check_centre_distance (t9a, deployment, 48, 48, 12, NULL, NULL);
}

static void
test_t9a_dawn_assault (Fixture       *fixture,
                       gconstpointer  data)
{
  MusterSystem *t9a = lookup_system (fixture, "t9a");
  const MusterDeployment *deployment = lookup_deployment (t9a, "dawn-assault");
  static const double widths[] = { 72, 48 };

  for (guint i = 0; i < G_N_ELEMENTS (widths); i++)
    {
      double w = widths[i];
      double quarter = w / 4 * INCH;
      g_autoptr(MusterRegion) west = zone (t9a, deployment, "north", w, 48, NULL, NULL, "west");
      g_autoptr(MusterRegion) east = zone (t9a, deployment, "south", w, 48, NULL, NULL, "east");
      g_autoptr(GError) error = NULL;

      check_centre_distance (t9a, deployment, w, 48, 12, NULL, "west");
      check_centre_distance (t9a, deployment, w, 48, 12, NULL, "east");

      /* Short edge west: more than W/4 from the east edge (x < 54" on 72"). */
      g_assert_false (box_within (west, w * INCH - quarter - 100, 0, w * INCH - quarter, 80));
      g_assert_true (box_within (west, w * INCH - quarter - 101, 0, w * INCH - quarter - 1, 80));
      g_assert_true (box_within (west, 0, 0, 100, 80));
      /* Short edge east: more than W/4 from the west edge. */
      g_assert_false (box_within (east, quarter, 48 * INCH - 80, quarter + 100, 48 * INCH));
      g_assert_true (box_within (east, quarter + 1, 48 * INCH - 80, quarter + 101, 48 * INCH));
      g_assert_true (box_within (east, w * INCH - 100, 48 * INCH - 80, w * INCH, 48 * INCH));

      /* Without a short edge there is no zone to speak of. */
      g_assert_null (muster_system_resolve_zone (t9a, deployment, "north", w * INCH, 48 * INCH,
                                                 NULL, NULL, NULL, &error));
      g_assert_error (error, MUSTER_SYSTEM_ERROR, MUSTER_SYSTEM_ERROR_INVALID);
      g_assert_nonnull (strstr (error->message, "short edge"));
    }
}

static void
test_t9a_encircle (Fixture       *fixture,
                   gconstpointer  data)
{
  MusterSystem *t9a = lookup_system (fixture, "t9a");
  const MusterDeployment *deployment = lookup_deployment (t9a, "encircle");
  static const double widths[] = { 72, 48 };

  for (guint i = 0; i < G_N_ELEMENTS (widths); i++)
    {
      double w = widths[i] * INCH;
      double quarter = w / 4;
      double centre = 24 * INCH;
      g_autoptr(MusterRegion) attacker = zone (t9a, deployment, "north", widths[i], 48, NULL, "attacker", NULL);
      g_autoptr(MusterRegion) defender = zone (t9a, deployment, "north", widths[i], 48, NULL, "defender", NULL);
      g_autoptr(MusterRegion) south_attacker = zone (t9a, deployment, "south", widths[i], 48, NULL, "attacker", NULL);
      g_autoptr(GError) error = NULL;

      /* Attacker, entirely within W/4 of the west edge (touching the W/4
       * line still counts): more than 9". */
      g_assert_true (box_within (attacker, quarter - 100, centre - 9 * INCH - 81, quarter, centre - 9 * INCH - 1));
      g_assert_false (box_within (attacker, quarter - 100, centre - 9 * INCH - 80, quarter, centre - 9 * INCH));
      /* ... and of the east edge */
      g_assert_true (box_within (attacker, w - quarter, centre - 9 * INCH - 81, w - quarter + 100, centre - 9 * INCH - 1));
      /* Straddling the W/4 line: elsewhere, more than 15". */
      g_assert_false (box_within (attacker, quarter - 99, centre - 9 * INCH - 81, quarter + 1, centre - 9 * INCH - 1));
      g_assert_true (box_within (attacker, quarter - 99, centre - 15 * INCH - 81, quarter + 1, centre - 15 * INCH - 1));
      g_assert_false (box_within (attacker, quarter - 99, centre - 15 * INCH - 80, quarter + 1, centre - 15 * INCH));
      /* In the middle: more than 15" */
      g_assert_false (box_within (attacker, w / 2, centre - 12 * INCH - 80, w / 2 + 100, centre - 12 * INCH));
      g_assert_true (box_within (attacker, w / 2, centre - 15 * INCH - 81, w / 2 + 100, centre - 15 * INCH - 1));

      /* Defender: 15" near the short edges, 9" elsewhere. */
      g_assert_false (box_within (defender, 0, centre - 12 * INCH - 80, 100, centre - 12 * INCH));
      g_assert_true (box_within (defender, 0, centre - 15 * INCH - 81, 100, centre - 15 * INCH - 1));
      g_assert_true (box_within (defender, w / 2, centre - 9 * INCH - 81, w / 2 + 100, centre - 9 * INCH - 1));
      g_assert_false (box_within (defender, w / 2, centre - 9 * INCH - 80, w / 2 + 100, centre - 9 * INCH));
      /* A defender straddling the line is within a quarter: 15", at both
       * ends; so is one touching the line from the middle ("within" is
       * inclusive). */
      g_assert_false (box_within (defender, quarter - 99, centre - 9 * INCH - 81, quarter + 1, centre - 9 * INCH - 1));
      g_assert_false (box_within (defender, w - quarter - 1, centre - 9 * INCH - 81, w - quarter + 99, centre - 9 * INCH - 1));
      g_assert_false (box_within (defender, quarter, centre - 9 * INCH - 81, quarter + 100, centre - 9 * INCH - 1));
      g_assert_true (box_within (defender, quarter + 1, centre - 9 * INCH - 81, quarter + 101, centre - 9 * INCH - 1));
      g_assert_true (box_within (defender, quarter - 99, centre - 15 * INCH - 81, quarter + 1, centre - 15 * INCH - 1));
      g_assert_false (box_within (defender, quarter - 99, centre - 15 * INCH - 80, quarter + 1, centre - 15 * INCH));

      /* South, attacker */
      g_assert_true (box_within (south_attacker, 0, centre + 9 * INCH + 1, 100, centre + 9 * INCH + 81));
      g_assert_false (box_within (south_attacker, w / 2, centre + 9 * INCH + 1, w / 2 + 100, centre + 9 * INCH + 81));
      g_assert_true (box_within (south_attacker, w / 2, centre + 15 * INCH + 1, w / 2 + 100, centre + 15 * INCH + 81));

      /* No role, no zone */
      g_assert_null (muster_system_resolve_zone (t9a, deployment, "north", w, 48 * INCH,
                                                 NULL, NULL, NULL, &error));
      g_assert_error (error, MUSTER_SYSTEM_ERROR, MUSTER_SYSTEM_ERROR_INVALID);
      g_assert_nonnull (strstr (error->message, "role"));
    }
}

/* Encircle: a base across a quarter line, which may look inside the zone
 * as drawn and is not, is told why (the system's <base-within across>),
 * in either role; one in a quarter or in the middle, too close, is not
 * told that. And so says the verdict. */
static void
test_t9a_encircle_across (Fixture       *fixture,
                          gconstpointer  data)
{
  static const char across[] = "A unit across a quarter line must be more than 15″ from the Centre Line";
  MusterSystem *t9a = lookup_system (fixture, "t9a");
  const MusterDeployment *deployment = lookup_deployment (t9a, "encircle");
  g_autoptr(MusterRegion) attacker = zone (t9a, deployment, "north", 72, 48, NULL, "attacker", NULL);
  g_autoptr(MusterRegion) defender = zone (t9a, deployment, "north", 72, 48, NULL, "defender", NULL);
  g_autoptr(MusterLayout) layout = muster_layout_new ("t9a", "encircle", 72 * INCH, 48 * INCH);
  g_autoptr(MusterValidator) validator = NULL;
  g_autoptr(GError) error = NULL;
  MusterBase base = { MUSTER_BASE_RECT, 100, 80 };
  MusterPiece *piece = muster_piece_new ("u1", MUSTER_PIECE_UNIT, "red", &base, 18 * INCH, 36 * INCH + 40);
  const double quarter = 18 * INCH, centre = 24 * INCH;
  g_autofree char *said = NULL;
  GPtrArray *violations;

  g_assert_cmpstr (box_note (attacker, quarter - 99, centre - 12 * INCH - 80, quarter + 1, centre - 12 * INCH), ==,
                   across);
  g_assert_null (box_note (attacker, quarter - 100, centre - 8 * INCH - 80, quarter, centre - 8 * INCH));
  g_assert_null (box_note (attacker, 36 * INCH, centre - 12 * INCH - 80, 36 * INCH + 100, centre - 12 * INCH));
  g_assert_cmpstr (box_note (defender, quarter - 99, centre - 12 * INCH - 80, quarter + 1, centre - 12 * INCH), ==,
                   across);
  g_assert_null (box_note (defender, 36 * INCH, centre - 8 * INCH - 80, 36 * INCH + 100, centre - 8 * INCH));

  /* Red, the attacker, 12″ from the Centre Line across the west quarter
   * line. */
  muster_layout_update_player (layout, "red", "south", "attacker", NULL);
  muster_layout_update_player (layout, "blue", "north", "defender", NULL);
  g_assert_true (muster_layout_add_piece (layout, piece));
  validator = muster_validator_new (layout, t9a, &error);
  g_assert_no_error (error);
  violations = muster_validator_get_piece_violations (validator, piece->serial);
  g_assert_cmpuint (violations->len, ==, 1);
  said = muster_violation_describe (g_ptr_array_index (violations, 0));
  g_assert_cmpstr (said, ==, "Not entirely inside the deployment zone: A unit across a quarter line must be more "
                             "than 15″ from the Centre Line");
}

/* A round base of diameter d whose nearest point lies gap mm from the
 * diagonal, off the board's centre (which both diagonals cross) along the
 * unit normal (nx, ny). */
static gboolean
round_off_diagonal (const MusterRegion *region,
                    double              w,
                    double              h,
                    double              nx,
                    double              ny,
                    double              gap,
                    double              d)
{
  return round_within (region, w / 2 + (gap + d / 2) * nx, h / 2 + (gap + d / 2) * ny, d);
}

static void
test_t9a_refused_flank (Fixture       *fixture,
                        gconstpointer  data)
{
  MusterSystem *t9a = lookup_system (fixture, "t9a");
  const MusterDeployment *deployment = lookup_deployment (t9a, "refused-flank");
  static const double widths[] = { 72, 48 };
  static const struct {
    const char *diagonal;
    const char *zone;
    const char *other;     /* the zone of the other diagonal */
    double      sx;        /* normal direction: sign of (H, W) parts */
    double      sy;
  } cases[] = {
    { "nw-se", "north-east", "north-west", 1, -1 },
    { "nw-se", "south-west", "south-east", -1, 1 },
    { "ne-sw", "north-west", "north-east", -1, -1 },
    { "ne-sw", "south-east", "south-west", 1, 1 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (widths); i++)
    {
      for (guint j = 0; j < G_N_ELEMENTS (cases); j++)
        {
          double w = widths[i] * INCH;
          double h = 48 * INCH;
          double len = hypot (w, h);
          double nx = cases[j].sx * h / len;
          double ny = cases[j].sy * w / len;
          g_autoptr(GHashTable) options = options_new ("diagonal", cases[j].diagonal);
          g_autoptr(MusterRegion) region = zone (t9a, deployment, cases[j].zone,
                                                 widths[i], 48, options, NULL, NULL);
          g_autoptr(GError) error = NULL;
          g_autoptr(GPtrArray) zones = muster_deployment_list_zones (deployment, options);

          /* exactly 9" from the diagonal fails, 1 mm further passes */
          g_assert_false (round_off_diagonal (region, w, h, nx, ny, 9 * INCH, 25));
          g_assert_true (round_off_diagonal (region, w, h, nx, ny, 9 * INCH + 1, 25));
          g_assert_true (round_off_diagonal (region, w, h, nx, ny, 12 * INCH, 60));
          g_assert_false (round_off_diagonal (region, w, h, -nx, -ny, 12 * INCH, 60));

          /* the zones of the other diagonal do not exist */
          g_assert_cmpuint (zones->len, ==, 2);
          g_assert_nonnull (muster_deployment_lookup_zone (deployment, cases[j].zone, options));
          g_assert_null (muster_deployment_lookup_zone (deployment, cases[j].other, options));
          g_assert_null (muster_system_resolve_zone (t9a, deployment, cases[j].other, w, h,
                                                     options, NULL, NULL, &error));
          g_assert_error (error, MUSTER_SYSTEM_ERROR, MUSTER_SYSTEM_ERROR_UNKNOWN);
          g_assert_nonnull (strstr (error->message, cases[j].zone));
        }
    }
}

/* On a portrait board (48″ × 72″) the Centre Line runs north to south,
 * x = 24″: the types that measure from it have west and east zones, and
 * the short edges, a quarter of the length from which counts, are north
 * and south. Refused Flank's diagonals are the same on any board. */
static void
test_t9a_portrait (Fixture       *fixture,
                   gconstpointer  data)
{
  MusterSystem *t9a = lookup_system (fixture, "t9a");
  static const char * const centre_types[] = {
    "frontline-clash", "dawn-assault", "counterthrust", "encircle", "marching-columns",
  };
  const MusterDeployment *dawn = lookup_deployment (t9a, "dawn-assault");
  const MusterDeployment *encircle = lookup_deployment (t9a, "encircle");
  const MusterDeployment *refused = lookup_deployment (t9a, "refused-flank");
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (centre_types); i++)
    {
      const MusterDeployment *deployment = lookup_deployment (t9a, centre_types[i]);
      g_autoptr(GPtrArray) portrait = muster_deployment_list_zones_on_board (deployment, NULL,
                                                                             48 * INCH, 72 * INCH);
      g_autoptr(GPtrArray) landscape = muster_deployment_list_zones_on_board (deployment, NULL,
                                                                              72 * INCH, 48 * INCH);
      g_autoptr(GPtrArray) plain = muster_deployment_list_zones (deployment, NULL);
      g_autoptr(MusterRegion) west = NULL;
      g_autoptr(MusterRegion) east = NULL;
      double depth = strcmp (centre_types[i], "counterthrust") == 0 ? 8 : 12;

      g_assert_cmpuint (portrait->len, ==, 2);
      g_assert_cmpstr (((MusterZone *) g_ptr_array_index (portrait, 0))->id, ==, "west");
      g_assert_cmpstr (((MusterZone *) g_ptr_array_index (portrait, 1))->id, ==, "east");
      g_assert_cmpstr (((MusterZone *) g_ptr_array_index (portrait, 0))->name, ==, "West");
      g_assert_cmpuint (landscape->len, ==, 2);
      g_assert_cmpstr (((MusterZone *) g_ptr_array_index (landscape, 0))->id, ==, "north");
      g_assert_cmpuint (plain->len, ==, 2);
      g_assert_cmpstr (((MusterZone *) g_ptr_array_index (plain, 1))->id, ==, "south");
      g_assert_null (muster_deployment_lookup_zone_on_board (deployment, "north", NULL, 48 * INCH, 72 * INCH));
      g_assert_nonnull (muster_deployment_lookup_zone_on_board (deployment, "east", NULL, 48 * INCH, 72 * INCH));
      g_assert_null (muster_deployment_lookup_zone (deployment, "east", NULL));

      if (deployment == encircle)
        continue;
      west = zone (t9a, deployment, "west", 48, 72, NULL, "attacker", "north");
      east = zone (t9a, deployment, "east", 48, 72, NULL, "defender", "south");
      g_assert_true (box_within (west, 0, 36 * INCH, 24 * INCH - depth * INCH - 1, 37 * INCH));
      g_assert_false (box_within (west, 0, 36 * INCH, 24 * INCH - depth * INCH, 37 * INCH));
      g_assert_true (box_within (east, 24 * INCH + depth * INCH + 1, 36 * INCH, 48 * INCH, 37 * INCH));
      g_assert_false (box_within (east, 24 * INCH + depth * INCH, 36 * INCH, 48 * INCH, 37 * INCH));
    }

  /* A north zone on a portrait board is no zone of the type. */
  g_assert_null (muster_system_resolve_zone (t9a, lookup_deployment (t9a, "frontline-clash"), "north",
                                             48 * INCH, 72 * INCH, NULL, NULL, NULL, &error));
  g_assert_error (error, MUSTER_SYSTEM_ERROR, MUSTER_SYSTEM_ERROR_UNKNOWN);
  g_assert_nonnull (strstr (error->message, "west, east"));
  g_clear_error (&error);

  /* Dawn Assault: more than 18″ (a quarter of 72″) from the opponent's
   * short edge; the player on the north edge keeps clear of the south
   * one. West or east is no short edge of this board. */
  {
    g_autoptr(MusterRegion) west = zone (t9a, dawn, "west", 48, 72, NULL, NULL, "north");

    g_assert_true (box_within (west, 0, 53 * INCH, 1 * INCH, 54 * INCH - 1));
    g_assert_false (box_within (west, 0, 53 * INCH, 1 * INCH, 54 * INCH));
    g_assert_null (muster_system_resolve_zone (t9a, dawn, "west", 48 * INCH, 72 * INCH, NULL,
                                               NULL, "west", &error));
    g_assert_error (error, MUSTER_SYSTEM_ERROR, MUSTER_SYSTEM_ERROR_INVALID);
    g_assert_nonnull (strstr (error->message, "north or south"));
    g_clear_error (&error);
  }

  /* Encircle: the quarters are 18″ from the north and south edges. */
  {
    g_autoptr(MusterRegion) attacker = zone (t9a, encircle, "west", 48, 72, NULL, "attacker", NULL);
    g_autoptr(MusterRegion) defender = zone (t9a, encircle, "east", 48, 72, NULL, "defender", NULL);
    double centre = 24 * INCH;

    g_assert_true (box_within (attacker, centre - 9 * INCH - 81, 0, centre - 9 * INCH - 1, 18 * INCH));
    g_assert_false (box_within (attacker, centre - 9 * INCH - 81, 18 * INCH - 99, centre - 9 * INCH - 1,
                                18 * INCH + 1));
    g_assert_true (box_within (attacker, centre - 15 * INCH - 81, 30 * INCH, centre - 15 * INCH - 1, 31 * INCH));
    g_assert_true (box_within (defender, centre + 9 * INCH + 1, 30 * INCH, centre + 9 * INCH + 81, 31 * INCH));
    g_assert_false (box_within (defender, centre + 9 * INCH + 1, 54 * INCH - 1, centre + 9 * INCH + 81,
                                54 * INCH + 99));
    g_assert_true (box_within (defender, centre + 15 * INCH + 1, 54 * INCH - 1, centre + 15 * INCH + 81,
                               54 * INCH + 99));
  }

  /* Refused Flank: its zones on both shapes. */
  {
    g_autoptr(GPtrArray) zones = muster_deployment_list_zones_on_board (refused, NULL, 48 * INCH, 72 * INCH);

    g_assert_cmpuint (zones->len, ==, 2);
    g_assert_cmpstr (((MusterZone *) g_ptr_array_index (zones, 0))->id, ==, "north-east");
  }
}

/* One default place per player, for the window and the export: red on
 * the south side (west on a portrait table), attacker, west (north)
 * short edge; blue opposite; a player keeps to the side of the zone
 * they had. */
static void
test_default_places (Fixture       *fixture,
                     gconstpointer  data)
{
  MusterSystem *t9a = lookup_system (fixture, "t9a");
  g_autoptr(GHashTable) ne_sw = options_new ("diagonal", "ne-sw");
  static const struct {
    const char *system, *deployment;
    gboolean    portrait, ne_sw;
    guint       player;
    const char *previous, *taken;
    const char *zone, *role, *short_edge;
  } cases[] = {
    { "t9a", "frontline-clash", FALSE, FALSE, 0, NULL, NULL, "south", "attacker", "west" },
    { "t9a", "frontline-clash", FALSE, FALSE, 1, NULL, NULL, "north", "defender", "east" },
    { "t9a", "dawn-assault", FALSE, FALSE, 0, NULL, NULL, "south", "attacker", "west" },
    { "t9a", "encircle", FALSE, FALSE, 1, NULL, NULL, "north", "defender", "east" },
    { "t9a", "refused-flank", FALSE, FALSE, 0, NULL, NULL, "south-west", "attacker", "west" },
    { "t9a", "refused-flank", FALSE, FALSE, 1, NULL, NULL, "north-east", "defender", "east" },
    /* The other diagonal: red stays on the south side. */
    { "t9a", "refused-flank", FALSE, TRUE, 0, "south-west", NULL, "south-east", "attacker", "west" },
    { "t9a", "refused-flank", FALSE, TRUE, 1, "north-east", NULL, "north-west", "defender", "east" },
    /* A player who had the north keeps it, whoever they are. */
    { "t9a", "refused-flank", FALSE, TRUE, 0, "north", NULL, "north-west", "attacker", "west" },
    { "t9a", "frontline-clash", FALSE, FALSE, 1, "south", NULL, "south", "defender", "east" },
    { "t9a", "frontline-clash", FALSE, FALSE, 1, "south", "south", "north", "defender", "east" },
    { "t9a", "frontline-clash", TRUE, FALSE, 0, NULL, NULL, "west", "attacker", "north" },
    { "t9a", "marching-columns", TRUE, FALSE, 1, NULL, NULL, "east", "defender", "south" },
    { "t9a", "refused-flank", TRUE, TRUE, 0, NULL, NULL, "north-west", "attacker", "north" },
    /* Refused Flank on a portrait table: red on the west side. */
    { "t9a", "refused-flank", TRUE, FALSE, 0, NULL, NULL, "south-west", "attacker", "north" },
    { "t9a", "refused-flank", TRUE, TRUE, 1, NULL, NULL, "south-east", "defender", "south" },
    /* Infinity's players sit at the north and south edges on a table of
     * either shape. */
    { "infinity", "standard", FALSE, FALSE, 0, NULL, NULL, "south", "attacker", "west" },
    { "infinity", "standard", TRUE, FALSE, 0, NULL, NULL, "south", "attacker", "north" },
    { "infinity", "standard", TRUE, FALSE, 1, NULL, NULL, "north", "defender", "south" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      MusterSystem *system = lookup_system (fixture, cases[i].system);
      const MusterDeployment *deployment = lookup_deployment (system, cases[i].deployment);
      double width = (cases[i].portrait ? 48 : 72) * INCH;
      double height = (cases[i].portrait ? 72 : 48) * INCH;
      MusterPlace place;

      if (system != t9a)
        width = height = 48 * INCH, width -= cases[i].portrait ? 16 * INCH : 0;

      muster_system_get_default_place (system, deployment, cases[i].ne_sw ? ne_sw : NULL, width, height,
                                       cases[i].player, cases[i].previous, cases[i].taken, &place);
      g_test_message ("case %u", i);
      g_assert_cmpstr (place.zone, ==, cases[i].zone);
      g_assert_cmpstr (place.role, ==, cases[i].role);
      g_assert_cmpstr (place.short_edge, ==, cases[i].short_edge);
    }
}

static void
test_t9a_options (Fixture       *fixture,
                  gconstpointer  data)
{
  MusterSystem *t9a = lookup_system (fixture, "t9a");
  const MusterDeployment *deployment = lookup_deployment (t9a, "refused-flank");
  g_autoptr(GHashTable) bad = options_new ("diagonal", "up-down");
  g_autoptr(GHashTable) other = options_new ("depth", "16");
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterRegion) region = NULL;

  /* defaults */
  g_assert_cmpstr (muster_deployment_get_option (deployment, NULL, "diagonal"), ==, "nw-se");
  g_assert_cmpstr (muster_deployment_get_option (deployment, bad, "diagonal"), ==, "nw-se");
  g_assert_cmpstr (muster_deployment_get_option (deployment, other, "depth"), ==, "16");
  g_assert_null (muster_deployment_get_option (deployment, NULL, "depth"));
  g_assert_nonnull (muster_deployment_lookup_zone (deployment, "north-east", NULL));
  g_assert_null (muster_deployment_lookup_zone (deployment, "north", NULL));

  /* options of other deployment types are ignored */
  region = zone (t9a, deployment, "north-east", 72, 48, other, NULL, NULL);

  g_assert_null (muster_system_resolve_zone (t9a, deployment, "north-east", 72 * INCH, 48 * INCH,
                                             bad, NULL, NULL, &error));
  g_assert_error (error, MUSTER_SYSTEM_ERROR, MUSTER_SYSTEM_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "up-down"));
  g_assert_nonnull (strstr (error->message, "ne-sw"));
  g_clear_error (&error);

  g_assert_null (muster_system_resolve_zone (t9a, deployment, "north-east", 0, 48 * INCH,
                                             NULL, NULL, NULL, &error));
  g_assert_error (error, MUSTER_SYSTEM_ERROR, MUSTER_SYSTEM_ERROR_INVALID);
}

/* Infinity zones */

static void
test_infinity_zones (Fixture       *fixture,
                     gconstpointer  data)
{
  MusterSystem *infinity = lookup_system (fixture, "infinity");
  const MusterDeployment *standard = lookup_deployment (infinity, "standard");
  static const double widths[] = { 48, 32 };

  for (guint i = 0; i < G_N_ELEMENTS (widths); i++)
    {
      double w = widths[i];
      double h = 48 * INCH;
      g_autoptr(GHashTable) deep = options_new ("depth", "16");
      g_autoptr(MusterRegion) north = zone (infinity, standard, "north", w, 48, NULL, NULL, NULL);
      g_autoptr(MusterRegion) south = zone (infinity, standard, "south", w, 48, NULL, NULL, NULL);
      g_autoptr(MusterRegion) north16 = zone (infinity, standard, "north", w, 48, deep, NULL, NULL);
      double x = w * INCH / 2;

      /* a 25 mm base touching the zone's inner edge is inside */
      g_assert_true (round_within (north, x, 12 * INCH - 12.5, 25));
      g_assert_false (round_within (north, x, 12 * INCH - 12.5 + 1, 25));
      g_assert_true (round_within (south, x, h - 12 * INCH + 12.5, 25));
      g_assert_false (round_within (south, x, h - 12 * INCH + 12.5 - 1, 25));
      /* the 16" option */
      g_assert_true (round_within (north16, x, 16 * INCH - 12.5, 25));
      g_assert_false (round_within (north16, x, 16 * INCH - 12.5 + 1, 25));
      /* touching the table edge is fine, hanging over it is not */
      g_assert_true (round_within (north, x, 12.5, 25));
      g_assert_false (round_within (north, x, 12, 25));
      g_assert_false (round_within (north, w * INCH - 12, 100, 25));
    }
}

static void
test_infinity_skills (Fixture       *fixture,
                      gconstpointer  data)
{
  MusterSystem *infinity = lookup_system (fixture, "infinity");
  const MusterDeployment *standard = lookup_deployment (infinity, "standard");
  double w = 48 * INCH, h = 48 * INCH;
  g_autoptr(GHashTable) deep = options_new ("depth", "16");
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterRegion) infiltration = NULL;
  g_autoptr(MusterRegion) forward = NULL;
  g_autoptr(MusterRegion) forward16 = NULL;
  g_autoptr(MusterRegion) mechanized = NULL;
  g_autoptr(MusterRegion) impersonation = NULL;
  const MusterSkillDef *skill;

  skill = muster_system_lookup_skill (infinity, "infiltration");
  infiltration = muster_system_resolve_skill_region (infinity, standard, skill, "south", w, h, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (round_within (infiltration, w / 2, h / 2 + 12.5, 25));
  g_assert_false (round_within (infiltration, w / 2, h / 2 + 12, 25));

  skill = muster_system_lookup_skill (infinity, "forward-deployment");
  forward = muster_system_resolve_skill_region (infinity, standard, skill, "north", w, h, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (round_within (forward, w / 2, 16 * INCH - 12.5, 25));
  g_assert_false (round_within (forward, w / 2, 16 * INCH - 11.5, 25));
  forward16 = muster_system_resolve_skill_region (infinity, standard, skill, "north", w, h, deep, &error);
  g_assert_no_error (error);
  g_assert_true (round_within (forward16, w / 2, 20 * INCH - 12.5, 25));
  g_assert_false (round_within (forward16, w / 2, 20 * INCH - 11.5, 25));

  skill = muster_system_lookup_skill (infinity, "mechanized-deployment");
  mechanized = muster_system_resolve_skill_region (infinity, standard, skill, "south", w, h, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (round_within (mechanized, w / 2, h - 16 * INCH + 12.5, 25));
  g_assert_false (round_within (mechanized, w / 2, h - 16 * INCH + 11.5, 25));

  /* anywhere outside the enemy zone: touching it is outside */
  skill = muster_system_lookup_skill (infinity, "impersonation");
  impersonation = muster_system_resolve_skill_region (infinity, standard, skill, "north", w, h, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (round_within (impersonation, w / 2, h - 12 * INCH - 12.5, 25));
  g_assert_false (round_within (impersonation, w / 2, h - 12 * INCH - 11.5, 25));
  g_assert_true (round_within (impersonation, w / 2, 12.5, 25));
  g_assert_false (round_within (impersonation, w / 2, 12, 25));

  /* off-table skills and unknown zones give no region, and no error */
  skill = muster_system_lookup_skill (infinity, "airborne-deployment");
  g_assert_null (muster_system_resolve_skill_region (infinity, standard, skill, "north", w, h, NULL, &error));
  g_assert_no_error (error);
  skill = muster_system_lookup_skill (infinity, "infiltration");
  g_assert_null (muster_system_resolve_skill_region (infinity, standard, skill, "east", w, h, NULL, &error));
  g_assert_no_error (error);
}

static void
copy_to (const char *name,
         const char *dir)
{
  g_autofree char *from = g_build_filename (TEST_DATA_DIR, "systems", name, NULL);
  g_autofree char *to = g_build_filename (dir, name, NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  gsize length;

  g_file_get_contents (from, &contents, &length, &error);
  g_assert_no_error (error);
  g_file_set_contents (to, contents, length, &error);
  g_assert_no_error (error);
}

static void
test_user_dir (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr(MusterSystemRegistry) registry = NULL;
  g_autofree char *readme = g_build_filename (fixture->user_dir, "README.txt", NULL);
  GPtrArray *errors;
  MusterSystem *t9a;
  const GError *error;

  copy_to ("good-custom.xml", fixture->user_dir);
  copy_to ("bad-expression.xml", fixture->user_dir);
  copy_to ("clash-t9a.xml", fixture->user_dir);
  g_file_set_contents (readme, "not a system", -1, NULL);

  registry = muster_system_registry_new (fixture->user_dir);

  /* the good one is loaded after the shipped ones */
  g_assert_cmpuint (muster_system_registry_list (registry)->len, ==, 4);
  g_assert_nonnull (muster_system_registry_lookup (registry, "custom"));

  /* the shipped t9a stays */
  t9a = muster_system_registry_lookup (registry, "t9a");
  g_assert_cmpstr (muster_system_get_name (t9a), ==, "The 9th Age");
  g_assert_nonnull (muster_system_lookup_deployment (t9a, "encircle"));

  /* the broken file and the clash are reported, in file order */
  errors = muster_system_registry_get_errors (registry);
  g_assert_cmpuint (errors->len, ==, 2);
  error = g_ptr_array_index (errors, 0);
  g_assert_error (error, MUSTER_SYSTEM_ERROR, MUSTER_SYSTEM_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "bad-expression.xml:7: "));
  error = g_ptr_array_index (errors, 1);
  g_assert_error (error, MUSTER_SYSTEM_ERROR, MUSTER_SYSTEM_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "clash-t9a.xml:2: "));
  g_assert_nonnull (strstr (error->message, "“t9a”"));
}

static guint
count_files (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;

  while (d != NULL && g_dir_read_name (d) != NULL)
    n++;

  return n;
}

/* A file imported from the window: checked as the user's own files are,
 * copied into their folder and listed at once; a broken one, or one with
 * a shipped system's id, refused with its file and line, nothing copied. */
static void
test_import (Fixture       *fixture,
             gconstpointer  data)
{
  g_autofree char *good = g_build_filename (TEST_DATA_DIR, "systems", "good-custom.xml", NULL);
  g_autofree char *broken = g_build_filename (TEST_DATA_DIR, "systems", "bad-expression.xml", NULL);
  g_autofree char *clash = g_build_filename (TEST_DATA_DIR, "systems", "clash-t9a.xml", NULL);
  g_autofree char *copied = g_build_filename (fixture->user_dir, "custom.xml", NULL);
  g_autoptr(GFile) good_file = g_file_new_for_path (good);
  g_autoptr(GFile) broken_file = g_file_new_for_path (broken);
  g_autoptr(GFile) clash_file = g_file_new_for_path (clash);
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *original = NULL;
  GPtrArray *systems = muster_system_registry_list (fixture->registry);
  guint shipped = systems->len;
  MusterSystem *system, *again;

  system = muster_system_registry_import (fixture->registry, broken_file, FALSE, &error);
  g_assert_null (system);
  g_assert_error (error, MUSTER_SYSTEM_ERROR, MUSTER_SYSTEM_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "bad-expression.xml:7: "));
  g_assert_cmpuint (count_files (fixture->user_dir), ==, 0);
  g_clear_error (&error);

  system = muster_system_registry_import (fixture->registry, clash_file, TRUE, &error);
  g_assert_null (system);
  g_assert_error (error, MUSTER_SYSTEM_ERROR, MUSTER_SYSTEM_ERROR_SHIPPED);
  g_assert_nonnull (strstr (error->message, "clash-t9a.xml:2: "));
  g_assert_nonnull (strstr (error->message, "“t9a”"));
  g_assert_cmpuint (count_files (fixture->user_dir), ==, 0);
  g_assert_cmpstr (muster_system_get_name (lookup_system (fixture, "t9a")), ==, "The 9th Age");
  g_clear_error (&error);

  /* The good one: in the list already asked for, and in the folder. */
  system = muster_system_registry_import (fixture->registry, good_file, FALSE, &error);
  g_assert_no_error (error);
  g_assert_nonnull (system);
  g_assert_true (muster_system_registry_list (fixture->registry) == systems);
  g_assert_cmpuint (systems->len, ==, shipped + 1);
  g_assert_true (g_ptr_array_index (systems, shipped) == system);
  g_assert_true (lookup_system (fixture, "custom") == system);
  g_assert_cmpuint (count_files (fixture->user_dir), ==, 1);
  g_assert_true (g_file_get_contents (copied, &contents, NULL, NULL));
  g_assert_true (g_file_get_contents (good, &original, NULL, NULL));
  g_assert_cmpstr (contents, ==, original);

  /* Again: asked first, then replaced, the old one still alive. */
  again = muster_system_registry_import (fixture->registry, good_file, FALSE, &error);
  g_assert_null (again);
  g_assert_error (error, MUSTER_SYSTEM_ERROR, MUSTER_SYSTEM_ERROR_EXISTS);
  g_assert_nonnull (strstr (error->message, "good-custom.xml:4: "));
  g_clear_error (&error);
  again = muster_system_registry_import (fixture->registry, good_file, TRUE, &error);
  g_assert_no_error (error);
  g_assert_true (again != system);
  g_assert_cmpstr (muster_system_get_id (system), ==, "custom");
  g_assert_true (lookup_system (fixture, "custom") == again);
  g_assert_cmpuint (systems->len, ==, shipped + 1);
  g_assert_true (g_ptr_array_index (systems, shipped) == again);
  g_assert_cmpuint (count_files (fixture->user_dir), ==, 1);

  /* And a fresh registry reads it from the folder. */
  {
    g_autoptr(MusterSystemRegistry) fresh = muster_system_registry_new (fixture->user_dir);

    g_assert_nonnull (muster_system_registry_lookup (fresh, "custom"));
    g_assert_cmpuint (muster_system_registry_get_errors (fresh)->len, ==, 0);
  }
}

/* A folder that cannot be made: an error naming it, and nothing added. */
static void
test_import_unwritable (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autofree char *good = g_build_filename (TEST_DATA_DIR, "systems", "good-custom.xml", NULL);
  g_autofree char *not_a_dir = g_build_filename (fixture->user_dir, "file", NULL);
  g_autofree char *below = g_build_filename (not_a_dir, "systems", NULL);
  g_autoptr(GFile) good_file = g_file_new_for_path (good);
  g_autoptr(MusterSystemRegistry) registry = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (not_a_dir, "", 0, NULL));
  registry = muster_system_registry_new (below);
  g_assert_cmpstr (muster_system_registry_get_user_dir (registry), ==, below);

  g_assert_null (muster_system_registry_import (registry, good_file, FALSE, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, below));
  g_assert_null (muster_system_registry_lookup (registry, "custom"));
}

/* A replacement that cannot be written whole (here a file size limit,
 * as a full disk would): the error names the file, and the system it
 * was to replace is still there, whole, in the folder and the list. */
static void
test_import_full_disk (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autofree char *good = g_build_filename (TEST_DATA_DIR, "systems", "good-custom.xml", NULL);
  g_autofree char *copied = g_build_filename (fixture->user_dir, "custom.xml", NULL);
  g_autoptr(GFile) good_file = g_file_new_for_path (good);
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *original = NULL;
  struct rlimit old_limit, limit;
  void (*old_handler) (int);
  MusterSystem *system;

  system = muster_system_registry_import (fixture->registry, good_file, FALSE, &error);
  g_assert_no_error (error);

  g_assert_cmpint (getrlimit (RLIMIT_FSIZE, &old_limit), ==, 0);
  limit = old_limit;
  limit.rlim_cur = 16;
  old_handler = signal (SIGXFSZ, SIG_IGN);
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &limit), ==, 0);
  g_assert_null (muster_system_registry_import (fixture->registry, good_file, TRUE, &error));
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &old_limit), ==, 0);
  signal (SIGXFSZ, old_handler);

  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, copied));
  g_assert_true (lookup_system (fixture, "custom") == system);
  g_assert_cmpuint (count_files (fixture->user_dir), ==, 1);
  g_assert_true (g_file_get_contents (copied, &contents, NULL, NULL));
  g_assert_true (g_file_get_contents (good, &original, NULL, NULL));
  g_assert_cmpstr (contents, ==, original);
}

/* Shipped systems are read when asked for: a lookup before the list
 * finds the same system as the list, and the list keeps its order. */
static void
test_lazy_registry (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr(MusterSystemRegistry) registry = muster_system_registry_new (fixture->user_dir);
  MusterSystem *t9a = muster_system_registry_lookup (registry, "t9a");
  GPtrArray *systems;

  g_assert_nonnull (t9a);
  g_assert_cmpstr (muster_system_get_id (t9a), ==, "t9a");
  g_assert_true (muster_system_registry_lookup (registry, "t9a") == t9a);
  g_assert_null (muster_system_registry_lookup (registry, "t9"));
  g_assert_null (muster_system_registry_lookup (registry, "t9a.xml"));
  g_assert_null (muster_system_registry_lookup (registry, ""));

  systems = muster_system_registry_list (registry);
  g_assert_cmpuint (systems->len, ==, 3);
  g_assert_true (g_ptr_array_index (systems, 1) == t9a);
  g_assert_true (muster_system_registry_list (registry) == systems);
  g_assert_cmpuint (systems->len, ==, 3);

  /* Each shipped system is found by its id before any list. */
  for (guint i = 0; i < systems->len; i++)
    {
      g_autoptr(MusterSystemRegistry) fresh = muster_system_registry_new (fixture->user_dir);
      const char *id = muster_system_get_id (g_ptr_array_index (systems, i));
      MusterSystem *system = muster_system_registry_lookup (fresh, id);

      g_assert_nonnull (system);
      g_assert_cmpstr (muster_system_get_id (system), ==, id);
    }

  g_assert_cmpuint (muster_system_registry_get_errors (registry)->len, ==, 0);
}

static void
test_default_registry (void)
{
  MusterSystemRegistry *registry = muster_system_registry_get_default ();

  g_assert_nonnull (registry);
  g_assert_true (registry == muster_system_registry_get_default ());
  g_assert_nonnull (muster_system_registry_lookup (registry, "t9a"));
  g_assert_nonnull (muster_system_registry_lookup (registry, "infinity"));
  g_assert_nonnull (muster_system_registry_lookup (registry, "ti4"));
}

/* The example layouts: every deployable piece is inside its owner's zone
 * unless the expected verdicts say outside-zone. Read here with libxml2
 * directly, so that this test depends on the zones alone. */

static double
layout_length (xmlNode    *node,
               const char *name,
               MusterUnit  units)
{
  g_autofree char *text = muster_xml_get_prop (node, name);
  g_autoptr(GError) error = NULL;
  double mm = 0;

  if (text == NULL)
    return 0;
  muster_length_parse (text, units, &mm, &error);
  g_assert_no_error (error);

  return mm;
}

static void
check_example (Fixture    *fixture,
               const char *path)
{
  g_autofree char *expected_path = NULL;
  g_autofree char *expected = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(xmlDoc) doc = NULL;
  g_autoptr(GHashTable) options = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GHashTable) zones = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                       (GDestroyNotify) muster_region_unref);
  g_autofree char *system_id = NULL;
  g_autofree char *deployment_id = NULL;
  g_autofree char *units_text = NULL;
  MusterUnit units = MUSTER_UNIT_INCH;
  const MusterDeployment *deployment;
  MusterSystem *system;
  xmlNode *root;
  double width = 0, height = 0;
  guint checked = 0;

  expected_path = g_strdup_printf ("%.*s.expected", (int) (strlen (path) - strlen (".muster")), path);
  g_file_get_contents (expected_path, &expected, NULL, &error);
  g_assert_no_error (error);

  file = g_file_new_for_path (path);
  bytes = g_file_load_bytes (file, NULL, NULL, &error);
  g_assert_no_error (error);
  doc = muster_xml_parse (bytes, path, MUSTER_SYSTEM_ERROR, MUSTER_SYSTEM_ERROR_PARSE, &error);
  g_assert_no_error (error);
  root = xmlDocGetRootElement (doc);
  units_text = muster_xml_get_prop (root, "units");
  if (units_text != NULL)
    g_assert_true (muster_unit_parse (units_text, &units));

  for (xmlNode *node = root->children; node != NULL; node = node->next)
    {
      if (muster_xml_is_element (node, "game"))
        {
          system_id = muster_xml_get_prop (node, "system");
          deployment_id = muster_xml_get_prop (node, "deployment");
          for (xmlNode *option = node->children; option != NULL; option = option->next)
            {
              if (muster_xml_is_element (option, "option"))
                g_hash_table_insert (options, muster_xml_get_prop (option, "name"),
                                     muster_xml_get_prop (option, "value"));
            }
        }
      else if (muster_xml_is_element (node, "board"))
        {
          width = layout_length (node, "width", units);
          height = layout_length (node, "height", units);
        }
    }

  system = lookup_system (fixture, system_id);
  deployment = lookup_deployment (system, deployment_id);

  for (xmlNode *node = root->children; node != NULL; node = node->next)
    {
      g_autofree char *id = NULL;
      g_autofree char *zone_id = NULL;
      g_autofree char *role = NULL;
      g_autofree char *edge = NULL;
      MusterRegion *region;

      if (!muster_xml_is_element (node, "player"))
        continue;

      id = muster_xml_get_prop (node, "id");
      zone_id = muster_xml_get_prop (node, "zone");
      role = muster_xml_get_prop (node, "role");
      edge = muster_xml_get_prop (node, "short-edge");
      region = muster_system_resolve_zone (system, deployment, zone_id, width, height,
                                           options, role, edge, &error);
      g_assert_no_error (error);
      g_hash_table_insert (zones, g_steal_pointer (&id), region);
    }

  for (xmlNode *node = root->children; node != NULL; node = node->next)
    {
      g_autofree char *id = NULL;
      g_autofree char *owner = NULL;
      g_autofree char *rotation = NULL;
      g_autofree char *shape = NULL;
      g_autofree char *verdict = NULL;
      const MusterRegion *region;
      MusterBase base = { MUSTER_BASE_ROUND, 0, 0 };
      MusterOutline outline;
      gboolean inside, expected_inside;

      if (!muster_xml_is_element (node, "piece"))
        continue;

      id = muster_xml_get_prop (node, "id");
      owner = muster_xml_get_prop (node, "owner");
      region = g_hash_table_lookup (zones, owner);
      if (region == NULL)
        continue;   /* neutral */

      rotation = muster_xml_get_prop (node, "rotation");
      for (xmlNode *child = node->children; child != NULL; child = child->next)
        {
          if (!muster_xml_is_element (child, "base"))
            continue;
          shape = muster_xml_get_prop (child, "shape");
          if (g_strcmp0 (shape, "round") == 0)
            base.width = base.depth = layout_length (child, "diameter", units);
          else
            {
              base.shape = g_strcmp0 (shape, "oval") == 0 ? MUSTER_BASE_OVAL : MUSTER_BASE_RECT;
              base.width = layout_length (child, "width", units);
              base.depth = layout_length (child, "depth", units);
            }
        }

      muster_outline_init_base (&outline, &base,
                                layout_length (node, "x", units), layout_length (node, "y", units),
                                rotation != NULL ? g_ascii_strtod (rotation, NULL) : 0);
      inside = muster_region_contains_outline (region, &outline);
      muster_outline_clear (&outline);

      verdict = g_strdup_printf ("%s: outside-zone\n", id);
      expected_inside = strstr (expected, verdict) == NULL;
      if (inside != expected_inside)
        g_error ("%s: piece %s is %s its zone", path, id, inside ? "inside" : "outside");
      checked++;
    }

  g_assert_cmpuint (checked, >, 0);
}

static void
test_examples (Fixture       *fixture,
               gconstpointer  data)
{
  g_autofree char *dir_path = g_build_filename (TEST_DATA_DIR, "examples", NULL);
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;
  guint n = 0;

  if (dir == NULL)
    {
      g_test_skip ("no example layouts");
      return;
    }

  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = NULL;

      if (!g_str_has_suffix (name, ".muster"))
        continue;

      path = g_build_filename (dir_path, name, NULL);
      g_test_message ("%s", name);
      check_example (fixture, path);
      n++;
    }

  g_assert_cmpuint (n, >=, 14);
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

  ADD ("/core/system/shipped", test_shipped);
  ADD ("/core/system/shipped-follow-the-schema", test_shipped_follow_the_schema);
  ADD ("/core/system/lazy-registry", test_lazy_registry);
  ADD ("/core/system/t9a/data", test_t9a_data);
  ADD ("/core/system/infinity/data", test_infinity_data);
  ADD ("/core/system/ti4/data", test_ti4_data);
  ADD ("/core/system/t9a/frontline-clash", test_t9a_frontline_clash);
  ADD ("/core/system/t9a/dawn-assault", test_t9a_dawn_assault);
  ADD ("/core/system/t9a/counterthrust", test_t9a_counterthrust);
  ADD ("/core/system/t9a/encircle", test_t9a_encircle);
  ADD ("/core/system/t9a/encircle-across", test_t9a_encircle_across);
  ADD ("/core/system/t9a/refused-flank", test_t9a_refused_flank);
  ADD ("/core/system/t9a/marching-columns", test_t9a_marching_columns);
  ADD ("/core/system/t9a/options", test_t9a_options);
  ADD ("/core/system/t9a/portrait", test_t9a_portrait);
  ADD ("/core/system/default-places", test_default_places);
  ADD ("/core/system/infinity/zones", test_infinity_zones);
  ADD ("/core/system/infinity/skills", test_infinity_skills);
  ADD ("/core/system/user-dir", test_user_dir);
  ADD ("/core/system/import", test_import);
  ADD ("/core/system/import-unwritable", test_import_unwritable);
  ADD ("/core/system/import-full-disk", test_import_full_disk);
  ADD ("/core/system/examples", test_examples);
  g_test_add_func ("/core/system/default-registry", test_default_registry);

#undef ADD

  return g_test_run ();
}
