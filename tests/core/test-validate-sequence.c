/* test-validate-sequence.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "test-validate-sequence"

#include "config.h"

#include "validate-helpers.h"

/* The 9th Age */

static void
test_marching_columns (void)
{
  g_autoptr(MusterLayout) layout = new_t9a ("marching-columns");
  g_autoptr(MusterValidator) validator = NULL;
  MusterPiece *r3;
  MusterPiece *r4;
  g_autofree char *got = NULL;

  muster_layout_update_player (layout, "red", "south", NULL, "west");
  muster_layout_update_player (layout, "blue", "north", NULL, "east");
  validator = validator_for (layout);

  add_rect (layout, "r1", "red", 20, 20, 10 * INCH, 42 * INCH, 0, 1);
  add_rect (layout, "r2", "red", 20, 20, 20 * INCH, 42 * INCH, 0, 2);
  assert_verdicts (validator, "");

  /* Nearer the west edge than r2. */
  r3 = add_rect (layout, "r3", "red", 20, 20, 15 * INCH, 42 * INCH, 0, 3);
  got = all_lines (validator);
  g_assert_cmpstr (got, ==, "r3 deploy-order r2\n");
  g_clear_pointer (&got, g_free);

  {
    GPtrArray *violations = muster_validator_get_piece_violations (validator, r3->serial);
    g_autofree char *message = muster_violation_describe (g_ptr_array_index (violations, 0));

    g_assert_cmpstr (message, ==, "Not farther from the short edge than r2, deployed before it");
  }

  /* A Character is exempt, and ignored by the next unit. */
  r4 = add_rect (layout, "r4", "red", 20, 20, 5 * INCH, 44 * INCH, 0, 4);
  r4->categories = g_strsplit ("character", " ", -1);
  muster_layout_piece_changed (layout, r4);
  add_rect (layout, "r5", "red", 20, 20, 25 * INCH, 42 * INCH, 0, 5);
  got = all_lines (validator);
  g_assert_cmpstr (got, ==, "r3 deploy-order r2\n");
  g_clear_pointer (&got, g_free);

  /* Exactly as far as the previous one is not farther. */
  add_rect (layout, "r6", "red", 20, 20, 25 * INCH, 46 * INCH, 0, 6);
  got = all_lines (validator);
  g_assert_cmpstr (got, ==, "r3 deploy-order r2\nr6 deploy-order r5\n");
  g_clear_pointer (&got, g_free);

  /* Moving r3 beyond r2 clears it; r5 is still beyond r3. */
  move_by (layout, r3, 7 * INCH, 0);
  got = all_lines (validator);
  g_assert_cmpstr (got, ==, "r6 deploy-order r5\n");
  g_clear_pointer (&got, g_free);

  /* Moving r3 beyond r5 breaks r5 (the next one), which names r3. */
  move_by (layout, r3, 10 * INCH, 0);
  got = all_lines (validator);
  g_assert_cmpstr (got, ==, "r5 deploy-order r3\nr6 deploy-order r5\n");
  g_clear_pointer (&got, g_free);

  /* Removing r3 mends r5. */
  g_assert_true (muster_layout_remove_piece (layout, "r3"));
  got = all_lines (validator);
  g_assert_cmpstr (got, ==, "r6 deploy-order r5\n");
  g_clear_pointer (&got, g_free);

  /* Blue counts from the east edge. Turn 0 is not in the order. */
  add_rect (layout, "b1", "blue", 20, 20, 60 * INCH, 6 * INCH, 0, 1);
  add_rect (layout, "b2", "blue", 20, 20, 50 * INCH, 6 * INCH, 0, 2);
  add_rect (layout, "b3", "blue", 20, 20, 70 * INCH, 6 * INCH, 0, 0);
  add_rect (layout, "b4", "blue", 20, 20, 55 * INCH, 6 * INCH, 0, 4);
  got = all_lines (validator);
  g_assert_cmpstr (got, ==, "b4 deploy-order b2\nr6 deploy-order r5\n");
  g_clear_pointer (&got, g_free);

  /* Choosing the other edge turns blue's order round. */
  muster_layout_update_player (layout, "blue", "north", NULL, "west");
  got = all_lines (validator);
  g_assert_cmpstr (got, ==, "b2 deploy-order b1\nr6 deploy-order r5\n");
}

static void
test_deploy_sequence (void)
{
  g_autoptr(MusterLayout) layout = new_t9a ("counterthrust");
  g_autoptr(MusterValidator) validator = validator_for (layout);
  MusterPiece *r2;
  g_autofree char *got = NULL;

  /* Red and blue each deploy one unit in turn 1: fine. */
  add_rect (layout, "r1", "red", 20, 20, 10 * INCH, 44 * INCH, 0, 1);
  add_rect (layout, "b1", "blue", 20, 20, 10 * INCH, 2 * INCH, 0, 1);
  assert_verdicts (validator, "");

  /* A second red unit in turn 1 breaks it for both. */
  r2 = add_rect (layout, "r2", "red", 20, 20, 20 * INCH, 44 * INCH, 0, 1);
  got = verdicts_of (validator);
  g_assert_cmpstr (got, ==, "r1: deploy-sequence\nr2: deploy-sequence\n");
  g_clear_pointer (&got, g_free);

  {
    GPtrArray *violations = muster_validator_get_piece_violations (validator, r2->serial);
    g_autofree char *message = muster_violation_describe (g_ptr_array_index (violations, 0));

    g_assert_cmpstr (message, ==, "More than one unit deployed in turn 1");
  }

  add_rect (layout, "r3", "red", 20, 20, 30 * INCH, 44 * INCH, 0, 1);
  got = verdicts_of (validator);
  g_assert_cmpstr (got, ==, "r1: deploy-sequence\nr2: deploy-sequence\nr3: deploy-sequence\n");
  g_clear_pointer (&got, g_free);

  /* Turn 4 and later allow several units. */
  add_rect (layout, "r4", "red", 20, 20, 40 * INCH, 44 * INCH, 0, 4);
  add_rect (layout, "r5", "red", 20, 20, 50 * INCH, 44 * INCH, 0, 4);
  g_assert_true (muster_layout_remove_piece (layout, "r3"));
  got = verdicts_of (validator);
  g_assert_cmpstr (got, ==, "r1: deploy-sequence\nr2: deploy-sequence\n");
  g_clear_pointer (&got, g_free);

  /* Moving r2 to turn 2 mends turn 1. */
  r2->turn = 2;
  muster_layout_piece_changed (layout, r2);
  assert_verdicts (validator, "");

  /* Turn 3 is still one of the first three. */
  r2->turn = 3;
  muster_layout_piece_changed (layout, r2);
  add_rect (layout, "r6", "red", 20, 20, 60 * INCH, 44 * INCH, 0, 3);
  got = verdicts_of (validator);
  g_assert_cmpstr (got, ==, "r2: deploy-sequence\nr6: deploy-sequence\n");
}

/* Counterthrust: Scouts do not count for the single-unit turns. */
static void
test_scouts_single_unit (void)
{
  g_autoptr(MusterLayout) layout = new_t9a ("counterthrust");
  g_autoptr(MusterValidator) validator = validator_for (layout);
  MusterPiece *r2;

  add_rect (layout, "r1", "red", 20, 20, 10 * INCH, 44 * INCH, 0, 1);
  r2 = add_rect (layout, "r2", "red", 20, 20, 20 * INCH, 44 * INCH, 0, 1);
  assert_verdicts (validator, "r1: deploy-sequence\nr2: deploy-sequence\n");

  r2->categories = g_strsplit ("scout", " ", -1);
  muster_layout_piece_changed (layout, r2);
  assert_verdicts (validator, "");

  /* In Marching Columns the single-unit turns have no such exception. */
  muster_layout_set_game (layout, "t9a", "marching-columns");
  assert_verdicts (validator, "r1: deploy-sequence\nr2: deploy-sequence\n");
}

/* Marching Columns: a single model (a monster) is a unit in the order. */
static void
test_marching_columns_models (void)
{
  g_autoptr(MusterLayout) layout = new_t9a ("marching-columns");
  g_autoptr(MusterValidator) validator = validator_for (layout);
  MusterPiece *m1;

  muster_layout_update_player (layout, "red", "south", NULL, "west");
  add_rect (layout, "r1", "red", 50, 50, 30 * INCH, 44 * INCH, 0, 1);
  m1 = add_round (layout, "m1", MUSTER_PIECE_MODEL, "red", 50, 20 * INCH, 44 * INCH, 2);
  assert_verdicts (validator, "m1: deploy-order\n");
  add_rect (layout, "r3", "red", 50, 50, 40 * INCH, 44 * INCH, 0, 3);
  move_by (layout, m1, 25 * INCH, 0);
  assert_verdicts (validator, "r3: deploy-order\n");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/validate-sequence/marching-columns", test_marching_columns);
  g_test_add_func ("/core/validate-sequence/deploy-sequence", test_deploy_sequence);
  g_test_add_func ("/core/validate-sequence/scouts-single-unit", test_scouts_single_unit);
  g_test_add_func ("/core/validate-sequence/marching-columns-models", test_marching_columns_models);

  return g_test_run ();
}
