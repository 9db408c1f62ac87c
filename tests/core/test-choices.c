/* test-choices.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "test-choices"

#include "config.h"

#include <string.h>

#include "muster-choices.h"
#include "muster-validate.h"

#define EXAMPLES_DIR TEST_DATA_DIR "/examples"

/* Helpers */

/* A t9a layout of deployment with players (a <player> each, in the
 * form "id zone role short-edge", "-" for none) and the pieces given. */
static MusterLayout *
make_layout (const char         *deployment,
             const char * const *players,
             const char         *pieces)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  MusterLayout *layout;

  g_string_append_printf (text,
                          "<muster-layout version=\"1\" units=\"in\">\n"
                          "  <game system=\"t9a\" deployment=\"%s\"/>\n"
                          "  <board width=\"72\" height=\"48\"/>\n",
                          deployment);
  for (guint i = 0; players[i] != NULL; i++)
    {
      g_auto(GStrv) words = g_strsplit (players[i], " ", -1);
      static const char * const attrs[] = { "id", "zone", "role", "short-edge" };

      g_string_append (text, "  <player");
      for (guint j = 0; j < G_N_ELEMENTS (attrs); j++)
        {
          if (strcmp (words[j], "-") != 0)
            g_string_append_printf (text, " %s=\"%s\"", attrs[j], words[j]);
        }
      g_string_append (text, "/>\n");
    }
  g_string_append_printf (text, "%s</muster-layout>\n", pieces != NULL ? pieces : "");

  bytes = g_bytes_new (text->str, text->len);
  layout = muster_layout_new_from_bytes (bytes, "test.muster", &error);
  g_assert_no_error (error);

  return layout;
}

static MusterSystem *
get_t9a (void)
{
  MusterSystem *system = muster_system_registry_lookup (muster_system_registry_get_default (), "t9a");

  g_assert_nonnull (system);

  return system;
}

static const MusterDeployment *
get_deployment (MusterLayout *layout)
{
  const MusterDeployment *deployment;

  deployment = muster_system_lookup_deployment (get_t9a (), muster_layout_get_deployment_id (layout));
  g_assert_nonnull (deployment);

  return deployment;
}

#define UNIT_OF(owner, turn) \
  "  <piece id=\"" owner "1\" kind=\"unit\" owner=\"" owner "\" x=\"36\" y=\"44\" turn=\"" turn "\">\n" \
  "    <base shape=\"rect\" width=\"100mm\" depth=\"40mm\"/>\n" \
  "  </piece>\n"

/* One deployed in no turn: the same without turn=. */
#define UNIT_IN_NO_TURN(owner) \
  "  <piece id=\"" owner "1\" kind=\"unit\" owner=\"" owner "\" x=\"36\" y=\"44\">\n" \
  "    <base shape=\"rect\" width=\"100mm\" depth=\"40mm\"/>\n" \
  "  </piece>\n"

/* Tests */

/* The layouts of the examples choose as they should. */
static void
test_examples (void)
{
  g_autoptr(GDir) dir = g_dir_open (EXAMPLES_DIR, 0, NULL);
  const char *name;
  guint n = 0;

  g_assert_nonnull (dir);

  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = NULL;
      g_autoptr(GFile) file = NULL;
      g_autoptr(MusterLayout) layout = NULL;
      g_autoptr(GError) error = NULL;
      MusterSystem *system;

      if (!g_str_has_suffix (name, ".muster"))
        continue;

      path = g_build_filename (EXAMPLES_DIR, name, NULL);
      file = g_file_new_for_path (path);
      layout = muster_layout_new_from_file (file, &error);
      g_assert_no_error (error);
      system = muster_system_registry_lookup (muster_system_registry_get_default (),
                                              muster_layout_get_system_id (layout));
      g_assert_nonnull (system);

      g_test_message ("%s", name);
      g_assert_true (muster_choices_check (layout, system,
                                           muster_system_lookup_deployment (system,
                                                                            muster_layout_get_deployment_id (layout)),
                                           NULL, &error));
      g_assert_no_error (error);
      n++;
    }

  g_assert_cmpuint (n, >, 0);
}

static void
test_refused (void)
{
  static const struct {
    const char *deployment;
    const char *players[4];
    const char *pieces;
    const char *player_id;
    const char *message;
  } cases[] = {
    { "frontline-clash", { "red north - -", "blue north - -", NULL }, NULL, "blue",
      "Players “red” and “blue” are both in the zone “north”: each player deploys in a zone of their own" },
    { "refused-flank", { "red north-east - -", "blue south-west - -", "green north-east - -", NULL },
      NULL, "green", "Players “red” and “green” are both in the zone “north-east”" },
    { "encircle", { "red north attacker -", "blue south attacker -", NULL }, NULL, "blue",
      "Players “red” and “blue” are both attackers: one player attacks, the other defends" },
    { "encircle", { "red north defender -", "blue south defender -", NULL }, NULL, "blue",
      "Players “red” and “blue” are both defenders" },
    /* Roles are opposite whatever the type. */
    { "frontline-clash", { "red north attacker -", "blue south attacker -", NULL }, NULL, "blue",
      "both attackers" },
    { "dawn-assault", { "red north - west", "blue south - west", NULL }, NULL, "blue",
      "Players “red” and “blue” both have the western short edge: in Dawn Assault, a player’s "
      "opponent has the other one" },
    { "dawn-assault", { "red north - east", "blue south - east", NULL }, NULL, "blue",
      "both have the eastern short edge" },
    { "marching-columns", { "red north - west", "blue south - -", NULL }, UNIT_OF ("blue", "1"), "blue",
      "Player “blue” has deployed but has no short edge: Marching Columns measures the deployment "
      "order from it (choose one of the table’s short edges)" },
    /* North and south are the short edges of a table taller than wide only. */
    { "dawn-assault", { "red north - north", "blue south - south", NULL }, NULL, "red",
      "Player “red” has the short edge “north”, but this table is wider than deep" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(MusterLayout) layout = make_layout (cases[i].deployment, cases[i].players, cases[i].pieces);
      g_autoptr(GError) error = NULL;
      const char *player_id = NULL;

      g_assert_false (muster_choices_check (layout, get_t9a (), get_deployment (layout), &player_id, &error));
      g_assert_error (error, MUSTER_LAYOUT_ERROR, MUSTER_LAYOUT_ERROR_INVALID);
      g_test_message ("%u: %s", i, error->message);
      g_assert_nonnull (strstr (error->message, cases[i].message));
      g_assert_cmpstr (player_id, ==, cases[i].player_id);
    }
}

static void
test_accepted (void)
{
  static const struct {
    const char *deployment;
    const char *players[3];
    const char *pieces;
  } cases[] = {
    { "frontline-clash", { "red north - -", "blue south - -", NULL }, NULL },
    /* Nothing chosen yet. */
    { "encircle", { "red - - -", "blue - - -", NULL }, NULL },
    { "encircle", { "red north attacker -", "blue south defender -", NULL }, NULL },
    { "dawn-assault", { "red north - west", "blue south - east", NULL }, NULL },
    /* Marching Columns: each player picks a short edge of their own with
     * the first unit, the same one or not. */
    { "marching-columns", { "red north - west", "blue south - west", NULL }, UNIT_OF ("blue", "1") },
    { "marching-columns", { "red north - -", "blue south - -", NULL }, NULL },
    /* A unit put down outside the deployment steps is in no order. */
    { "marching-columns", { "red north - -", "blue south - -", NULL }, UNIT_IN_NO_TURN ("blue") },
    /* Where the zones are not measured from it, the edge is nobody's. */
    { "frontline-clash", { "red north - west", "blue south - west", NULL }, NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(MusterLayout) layout = make_layout (cases[i].deployment, cases[i].players, cases[i].pieces);
      g_autoptr(GError) error = NULL;

      g_test_message ("%u", i);
      g_assert_true (muster_choices_check (layout, get_t9a (), get_deployment (layout), NULL, &error));
      g_assert_no_error (error);
    }
}

/* The window shows a layout only through a validator, which refuses
 * such a layout with the same words. */
static void
test_validator (void)
{
  const char * const players[] = { "red north - -", "blue north - -", NULL };
  g_autoptr(MusterLayout) layout = make_layout ("frontline-clash", players, NULL);
  g_autoptr(MusterValidator) validator = NULL;
  g_autoptr(GError) error = NULL;

  validator = muster_validator_new (layout, get_t9a (), &error);
  g_assert_null (validator);
  g_assert_error (error, MUSTER_LAYOUT_ERROR, MUSTER_LAYOUT_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "are both in the zone “north”"));

  /* A short edge the table does not have: said so, rather than that the
   * zone measured from it cannot be made. */
  {
    const char * const edges[] = { "red north - north", "blue south - south", NULL };
    g_autoptr(MusterLayout) dawn = make_layout ("dawn-assault", edges, NULL);
    g_autoptr(MusterValidator) refused = NULL;
    g_autoptr(GError) why = NULL;

    refused = muster_validator_new (dawn, get_t9a (), &why);
    g_assert_null (refused);
    g_assert_nonnull (why);
    g_assert_nonnull (strstr (why->message, "this table is wider than deep"));
  }
}

/* Which deployment types measure their zones from the players' short
 * edges, read off the system file without resolving a zone: Dawn
 * Assault's alone among the 9th Age's and Infinity's. */
static void
test_zones_use_short_edges (void)
{
  const char *systems[] = { "t9a", "infinity" };

  for (guint s = 0; s < G_N_ELEMENTS (systems); s++)
    {
      MusterSystem *system = muster_system_registry_lookup (muster_system_registry_get_default (), systems[s]);
      GPtrArray *deployments = muster_system_get_deployments (system);

      g_assert_cmpuint (deployments->len, >, 0);
      for (guint i = 0; i < deployments->len; i++)
        {
          const MusterDeployment *deployment = g_ptr_array_index (deployments, i);

          g_assert_cmpint (muster_choices_zones_use_short_edges (deployment), ==,
                           g_str_equal (deployment->id, "dawn-assault"));
        }
    }
}

/* A zone that needs a choice the player has not made says which, as the
 * layout's to mend: no line of the system file. */
static void
test_missing_choice (void)
{
  static const struct {
    const char *deployment;
    const char *players[3];
    const char *message;
  } cases[] = {
    { "encircle", { "red north - -", "blue south - -", NULL },
      "This player has no role: its zone depends on whether it attacks or defends" },
    { "dawn-assault", { "red north - -", "blue south - -", NULL },
      "This zone is measured from the player's short edge, which is not set" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(MusterLayout) layout = make_layout (cases[i].deployment, cases[i].players, NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(MusterValidator) validator = muster_validator_new (layout, get_t9a (), &error);

      g_assert_null (validator);
      g_assert_nonnull (error);
      g_test_message ("%u: %s", i, error->message);
      g_assert_nonnull (strstr (error->message, cases[i].message));
      g_assert_null (strstr (error->message, ".xml"));
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/choices/examples", test_examples);
  g_test_add_func ("/core/choices/refused", test_refused);
  g_test_add_func ("/core/choices/accepted", test_accepted);
  g_test_add_func ("/core/choices/validator", test_validator);
  g_test_add_func ("/core/choices/zones-use-short-edges", test_zones_use_short_edges);
  g_test_add_func ("/core/choices/missing-choice", test_missing_choice);

  return g_test_run ();
}
