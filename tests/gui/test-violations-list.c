/* test-violations-list.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The list of problems: one row per verdict, titled by what it is about.
 * Terrain not entirely on the table is a problem like a base's, and its
 * row names the terrain, not only its id. */

#include "config.h"

#include <adwaita.h>

#include "muster-layout.h"
#include "muster-system.h"
#include "muster-validate.h"
#include "muster-violations-list.h"

#define INCH 25.4

static void
test_terrain_rows (void)
{
  g_autoptr(MusterLayout) layout = muster_layout_new ("infinity", NULL, 48 * INCH, 48 * INCH);
  MusterSystem *system = muster_system_registry_lookup (muster_system_registry_get_default (), "infinity");
  /* Half off the west edge. */
  MusterPoint square[] = { { -2 * INCH, 20 * INCH }, { 2 * INCH, 20 * INCH },
                           { 2 * INCH, 24 * INCH }, { -2 * INCH, 24 * INCH } };
  g_autoptr(MusterValidator) validator = NULL;
  GtkWidget *list = muster_violations_list_new ();
  MusterTerrain *terrain;
  g_autoptr(GError) error = NULL;

  g_object_ref_sink (list);
  g_assert_nonnull (system);

  terrain = muster_terrain_new ("t1", MUSTER_TERRAIN_BUILDING, square, G_N_ELEMENTS (square));
  muster_layout_add_terrain (layout, terrain);
  terrain = muster_terrain_new ("t2", MUSTER_TERRAIN_IMPASSABLE, square, G_N_ELEMENTS (square));
  terrain->name = g_strdup ("Old wall");
  muster_layout_add_terrain (layout, terrain);

  validator = muster_validator_new (layout, system, &error);
  g_assert_no_error (error);
  muster_violations_list_set_validator (MUSTER_VIOLATIONS_LIST (list), validator);
  muster_violations_list_refresh (MUSTER_VIOLATIONS_LIST (list));

  g_assert_cmpuint (muster_violations_list_get_n_rows (MUSTER_VIOLATIONS_LIST (list)), ==, 2);
  g_assert_cmpstr (muster_violations_list_get_row_title (MUSTER_VIOLATIONS_LIST (list), 0), ==, "Building (t1)");
  g_assert_cmpstr (muster_violations_list_get_row_title (MUSTER_VIOLATIONS_LIST (list), 1), ==, "Old wall (t2)");

  g_object_unref (list);
}

int
main (int   argc,
      char *argv[])
{
  g_setenv ("LANGUAGE", "C", TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/gui/violations-list/terrain-rows", test_terrain_rows);

  return g_test_run ();
}
