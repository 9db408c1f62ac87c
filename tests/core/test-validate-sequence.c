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

/* Two units of one turn as far from the short edge (side by side across
 * it): whichever went down second is not farther than the first, so both
 * are flagged, each naming the other; moved apart, neither is. A marker
 * is no unit of the order, nor of a single-unit turn. */
static void
test_marching_columns_same_turn (void)
{
  g_autoptr(MusterLayout) layout = new_t9a ("marching-columns");
  g_autoptr(MusterValidator) validator = NULL;
  MusterPiece *r4b;
  g_autofree char *got = NULL;

  muster_layout_update_player (layout, "red", "south", NULL, "west");
  muster_layout_update_player (layout, "blue", "north", NULL, "east");
  validator = validator_for (layout);

  add_rect (layout, "r1", "red", 20, 20, 10 * INCH, 42 * INCH, 0, 1);
  add_rect (layout, "r4a", "red", 20, 20, 30 * INCH, 40 * INCH, 0, 4);
  r4b = add_rect (layout, "r4b", "red", 20, 20, 30 * INCH, 45 * INCH, 0, 4);
  got = all_lines (validator);
  g_assert_cmpstr (got, ==, "r4a deploy-order r4b\nr4b deploy-order r4a\n");
  g_clear_pointer (&got, g_free);
  {
    GPtrArray *violations = muster_validator_get_piece_violations (validator, r4b->serial);
    g_autofree char *message = muster_violation_describe (g_ptr_array_index (violations, 0));

    g_assert_cmpstr (message, ==, "As far from the short edge as r4a, deployed in the same turn (4)");
  }

  /* Farther: one order of the two is legal. */
  move_by (layout, r4b, 2 * INCH, 0);
  assert_verdicts (validator, "");
  /* Back beside it: both again; taken off: r4a is fine. */
  move_by (layout, r4b, -2 * INCH, 0);
  got = all_lines (validator);
  g_assert_cmpstr (got, ==, "r4a deploy-order r4b\nr4b deploy-order r4a\n");
  g_clear_pointer (&got, g_free);
  g_assert_true (muster_layout_remove_piece (layout, "r4b"));
  assert_verdicts (validator, "");

  /* Markers: neither nearer than the last unit, nor a second piece of a
   * single-unit turn. */
  add_piece (layout, "m2", MUSTER_PIECE_MARKER, "red", MUSTER_BASE_ROUND, 25, 25, 5 * INCH, 42 * INCH, 0, 2);
  add_piece (layout, "m1", MUSTER_PIECE_MARKER, "red", MUSTER_BASE_ROUND, 25, 25, 20 * INCH, 42 * INCH, 0, 1);
  assert_verdicts (validator, "");
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

/* On a portrait board the short edges are north and south: Marching
 * Columns' order runs along the table's length. */
static void
test_marching_columns_portrait (void)
{
  g_autoptr(MusterLayout) layout = muster_layout_new ("t9a", "marching-columns", 48 * INCH, 72 * INCH);
  g_autoptr(MusterValidator) validator = NULL;
  MusterPiece *r2;

  muster_layout_update_player (layout, "red", "west", NULL, "north");
  muster_layout_update_player (layout, "blue", "east", NULL, "south");
  validator = validator_for (layout);

  add_rect (layout, "r1", "red", 50, 50, 4 * INCH, 20 * INCH, 0, 1);
  r2 = add_rect (layout, "r2", "red", 50, 50, 8 * INCH, 10 * INCH, 0, 2);
  add_rect (layout, "b1", "blue", 50, 50, 44 * INCH, 50 * INCH, 0, 1);
  add_rect (layout, "b2", "blue", 50, 50, 40 * INCH, 40 * INCH, 0, 2);
  assert_verdicts (validator, "r2: deploy-order\n");
  move_by (layout, r2, 0, 20 * INCH);
  assert_verdicts (validator, "");

  /* West is a long edge of this board: there is no order to keep. */
  muster_layout_update_player (layout, "red", "west", NULL, "west");
  move_by (layout, r2, 0, -20 * INCH);
  assert_verdicts (validator, "");
}

/* Infinity */

/* A trooper of player in step (its turn), on its own side, apart from
 * the others. */
static MusterPiece *
add_trooper (MusterLayout *layout,
             const char   *id,
             const char   *owner,
             guint         step)
{
  static guint n;
  double x = 2 * INCH + (n++ % 20) * 2 * INCH;
  double y = g_str_equal (owner, "red") ? 44 * INCH : 4 * INCH;

  return add_round (layout, id, MUSTER_PIECE_MODEL, owner, 25, x, y, step);
}

static const char *
sequence_lines (MusterValidator *validator)
{
  g_autoptr(GPtrArray) violations = muster_validator_collect (validator);
  static char *text;
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < violations->len; i++)
    {
      const MusterViolation *v = g_ptr_array_index (violations, i);
      g_autofree char *message = muster_violation_describe (v);

      g_assert_cmpint (v->code, ==, MUSTER_RULE_DEPLOY_SEQUENCE);
      g_string_append_printf (out, "%s: %s\n", v->piece_id, message);
    }

  g_free (text);
  text = g_string_free (out, FALSE);

  return text;
}

/* The four steps: all but one, all but one, the last, the last; what
 * the step numbers prove, and no more. */
static void
test_infinity_steps (void)
{
  g_autoptr(MusterLayout) layout = new_infinity ();
  g_autoptr(MusterValidator) validator = validator_for (layout);
  MusterPiece *b5;
  MusterPiece *loose;
  MusterBase base = { MUSTER_BASE_ROUND, 25, 25 };
  g_autoptr(GPtrArray) predicted = NULL;

  /* Blue deploys first: all but one, then red all but one. */
  add_trooper (layout, "b1", "blue", 1);
  add_trooper (layout, "b2", "blue", 1);
  add_trooper (layout, "r1", "red", 2);
  add_trooper (layout, "r2", "red", 2);
  g_assert_cmpstr (sequence_lines (validator), ==, "");

  /* Red's step 4 before blue's last trooper: blue deployed them all in
   * step 1; but only once a game says the turns are its steps. Until
   * then they count each player's own turns and prove nothing. */
  add_trooper (layout, "r4", "red", 4);
  g_assert_false (muster_validator_get_turns_are_steps (validator));
  g_assert_cmpstr (sequence_lines (validator), ==, "");
  muster_validator_set_turns_are_steps (validator, TRUE);
  g_assert_cmpstr (sequence_lines (validator), ==,
                   "b1: All troopers deployed in step 1: one is kept back for step 3\n"
                   "b2: All troopers deployed in step 1: one is kept back for step 3\n");

  /* A blue trooper with no step recorded may be the one kept back. */
  add_trooper (layout, "b0", "blue", 0);
  g_assert_cmpstr (sequence_lines (validator), ==, "");
  g_assert_true (muster_layout_remove_piece (layout, "b0"));

  /* Blue's last trooper: legal. Red's step 2 is never judged so: step 4
   * may still be to come. */
  add_trooper (layout, "b3", "blue", 3);
  g_assert_cmpstr (sequence_lines (validator), ==, "");
  g_assert_true (muster_layout_remove_piece (layout, "r4"));
  g_assert_cmpstr (sequence_lines (validator), ==, "");

  /* The last steps hold one trooper each. */
  b5 = add_trooper (layout, "b5", "blue", 3);
  g_assert_cmpstr (sequence_lines (validator), ==,
                   "b3: More than one trooper deployed in step 3, which is for the one kept back\n"
                   "b5: More than one trooper deployed in step 3, which is for the one kept back\n");

  /* There is no step 5. */
  b5->turn = 5;
  muster_layout_piece_changed (layout, b5);
  g_assert_cmpstr (sequence_lines (validator), ==,
                   "b5: Deployed in step 5; the Deployment Phase has 4 steps\n");

  /* Blue in red's step, and red in blue's. */
  b5->turn = 2;
  muster_layout_piece_changed (layout, b5);
  add_trooper (layout, "r5", "red", 3);
  g_assert_cmpstr (sequence_lines (validator), ==,
                   "b5: Deployed in step 2, the other player’s step\n"
                   "r5: Deployed in step 3, the other player’s step\n");
  g_assert_true (muster_layout_remove_piece (layout, "r5"));
  g_assert_true (muster_layout_remove_piece (layout, "b5"));

  /* A red trooper in step 1 too: who went first cannot be told. */
  add_trooper (layout, "r6", "red", 1);
  g_assert_cmpstr (sequence_lines (validator), ==,
                   "b1: Troopers of two players deployed in step 1\n"
                   "b2: Troopers of two players deployed in step 1\n"
                   "r1: Deployed in step 2, the other player’s step\n"
                   "r2: Deployed in step 2, the other player’s step\n"
                   "r6: Troopers of two players deployed in step 1\n");
  g_assert_true (muster_layout_remove_piece (layout, "r6"));
  g_assert_cmpstr (sequence_lines (validator), ==, "");

  /* Placing a trooper foretells the verdict its step will get. */
  loose = muster_piece_new ("new", MUSTER_PIECE_MODEL, "red", &base, 0, 0);
  loose->turn = 4;
  predicted = muster_validator_check_placement (validator, loose, 20 * INCH, 44 * INCH, 0);
  g_assert_cmpuint (predicted->len, ==, 0);
  g_clear_pointer (&predicted, g_ptr_array_unref);
  loose->turn = 6;
  predicted = muster_validator_check_placement (validator, loose, 20 * INCH, 44 * INCH, 0);
  g_assert_cmpuint (predicted->len, ==, 1);
  g_assert_cmpint (((MusterViolation *) g_ptr_array_index (predicted, 0))->sequence, ==,
                   MUSTER_SEQUENCE_BEYOND_LAST);
  muster_piece_free (loose);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/validate-sequence/marching-columns", test_marching_columns);
  g_test_add_func ("/core/validate-sequence/marching-columns-same-turn", test_marching_columns_same_turn);
  g_test_add_func ("/core/validate-sequence/deploy-sequence", test_deploy_sequence);
  g_test_add_func ("/core/validate-sequence/scouts-single-unit", test_scouts_single_unit);
  g_test_add_func ("/core/validate-sequence/marching-columns-models", test_marching_columns_models);
  g_test_add_func ("/core/validate-sequence/marching-columns-portrait", test_marching_columns_portrait);
  g_test_add_func ("/core/validate-sequence/infinity-steps", test_infinity_steps);

  return g_test_run ();
}
