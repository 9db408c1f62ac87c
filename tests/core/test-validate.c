/* test-validate.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "test-validate"

#include "config.h"

#include "validate-helpers.h"

/* Rule codes and messages */

static void
test_rule_codes (void)
{
  static const char * const codes[] = {
    "off-board", "outside-zone", "base-contact", "overlap",
    "enemy-too-close", "deploy-order", "deploy-sequence", "unit-spacing",
  };

  G_STATIC_ASSERT (G_N_ELEMENTS (codes) == MUSTER_N_RULES);

  for (guint i = 0; i < MUSTER_N_RULES; i++)
    {
      MusterRuleCode code = MUSTER_N_RULES;

      g_assert_cmpstr (muster_rule_code_to_string (i), ==, codes[i]);
      g_assert_true (muster_rule_code_from_string (codes[i], &code));
      g_assert_cmpint (code, ==, i);
    }

  g_assert_false (muster_rule_code_from_string ("overlaps", NULL));
  g_assert_false (muster_rule_code_from_string ("", NULL));
}

/* muster_violation_new() copies its strings, and a copy has its own:
 * every field, and strings that outlive the original. */
static void
test_violation_new (void)
{
  char piece_id[] = "u1";
  g_autoptr(MusterViolation) v = muster_violation_new (piece_id, "wood-2", "The Old Wood");
  g_autoptr(MusterViolation) bare = muster_violation_new (NULL, NULL, NULL);
  g_autoptr(MusterViolation) copy = NULL;

  piece_id[0] = 'x';
  g_assert_cmpstr (v->piece_id, ==, "u1");
  g_assert_cmpstr (v->other_id, ==, "wood-2");
  g_assert_cmpstr (v->other_name, ==, "The Old Wood");
  g_assert_null (bare->piece_id);
  g_assert_null (bare->other_id);
  g_assert_null (bare->other_name);
  g_assert_cmpuint (bare->code, ==, 0);

  v->serial = 7;
  v->code = MUSTER_RULE_UNIT_SPACING;
  v->other_serial = 9;
  v->distance = 25.4;
  v->steps = 4;
  copy = muster_violation_copy (v);
  g_clear_pointer (&v, muster_violation_free);

  g_assert_cmpstr (copy->piece_id, ==, "u1");
  g_assert_cmpstr (copy->other_id, ==, "wood-2");
  g_assert_cmpstr (copy->other_name, ==, "The Old Wood");
  g_assert_cmpuint (copy->serial, ==, 7);
  g_assert_cmpint (copy->code, ==, MUSTER_RULE_UNIT_SPACING);
  g_assert_cmpuint (copy->other_serial, ==, 9);
  g_assert_cmpfloat (copy->distance, ==, 25.4);
  g_assert_cmpuint (copy->steps, ==, 4);
}

/* The names of pieces and terrain in the verdicts, as the validator
 * finds them. */
static void
test_names (void)
{
  g_autoptr(MusterLayout) layout = new_infinity ();
  g_autoptr(MusterValidator) validator = validator_for (layout);
  MusterPoint square[] = { { 20 * INCH, 2 * INCH }, { 24 * INCH, 2 * INCH },
                           { 24 * INCH, 6 * INCH }, { 20 * INCH, 6 * INCH } };
  MusterTerrain *mill;
  MusterPiece *piece;
  g_autoptr(GPtrArray) violations = NULL;
  g_autoptr(GString) text = g_string_new (NULL);

  mill = muster_terrain_new ("t1", MUSTER_TERRAIN_BUILDING, square, G_N_ELEMENTS (square));
  muster_layout_add_terrain (layout, mill);
  piece = add_round (layout, "m1", MUSTER_PIECE_MODEL, "blue", 25, 20 * INCH, 4 * INCH, 0);
  piece->name = g_strdup ("Fusiliers 2");
  muster_layout_piece_changed (layout, piece);
  add_round (layout, "o1", MUSTER_PIECE_OBJECTIVE, MUSTER_OWNER_NEUTRAL, 40, 10 * INCH, 4 * INCH, 0);
  add_round (layout, "m2", MUSTER_PIECE_MODEL, "blue", 25, 10 * INCH, 4 * INCH + 32.5, 0);
  add_round (layout, "m3", MUSTER_PIECE_MODEL, "red", 25, 20 * INCH - 12, 4 * INCH, 0);

  violations = muster_validator_collect (validator);
  for (guint i = 0; i < violations->len; i++)
    {
      const MusterViolation *v = g_ptr_array_index (violations, i);
      g_autofree char *message = muster_violation_describe (v);

      g_string_append_printf (text, "%s: %s\n", v->piece_id, message);
    }

  g_assert_cmpstr (text->str, ==,
                   "m1: Overlaps m3\n"
                   "m1: Overlaps the building\n"
                   "m2: In contact with the objective\n"
                   "m3: Not entirely inside the deployment zone\n"
                   "m3: Overlaps Fusiliers 2\n");

  g_assert_cmpstr (muster_piece_get_display_name (piece), ==, "Fusiliers 2");
  g_assert_cmpstr (muster_piece_get_display_name (muster_layout_lookup_piece (layout, "o1")), ==,
                   "the objective");
  g_assert_cmpstr (muster_piece_get_display_name (muster_layout_lookup_piece (layout, "m2")), ==, "m2");
  g_assert_cmpstr (muster_terrain_get_display_name (mill), ==, "the building");
  mill->name = g_strdup ("the old mill");
  g_assert_cmpstr (muster_terrain_get_display_name (mill), ==, "the old mill");
}

/* The shipped examples */

static void
test_examples (void)
{
  g_autoptr(GDir) dir = g_dir_open (EXAMPLES_DIR, 0, NULL);
  const char *name;
  guint checked = 0;

  g_assert_nonnull (dir);

  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = NULL;
      g_autofree char *expected_path = NULL;
      g_autofree char *expected = NULL;
      g_autofree char *expected_sorted = NULL;
      g_autofree char *got = NULL;
      g_autoptr(GFile) file = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(MusterLayout) layout = NULL;
      g_autoptr(MusterValidator) validator = NULL;

      if (!g_str_has_suffix (name, ".muster"))
        continue;

      path = g_build_filename (EXAMPLES_DIR, name, NULL);
      expected_path = g_strdup_printf ("%.*s.expected", (int) (strlen (path) - strlen (".muster")), path);
      g_assert_true (g_file_get_contents (expected_path, &expected, NULL, NULL));

      file = g_file_new_for_path (path);
      layout = muster_layout_new_from_file (file, &error);
      g_assert_no_error (error);
      validator = validator_for (layout);

      got = verdicts_of (validator);
      expected_sorted = sorted_lines (expected);

      g_test_message ("%s", name);
      g_assert_cmpstr (got, ==, expected_sorted);
      checked++;
    }

  g_assert_cmpuint (checked, >=, 14);
}

/* Zones and the board */

static void
test_zone_boundary (void)
{
  g_autoptr(MusterLayout) layout = new_t9a ("frontline-clash");
  g_autoptr(MusterValidator) validator = validator_for (layout);
  MusterPiece *r1;
  MusterPiece *b1;
  MusterPiece *r2;
  g_autofree char *got = NULL;

  /* Exactly 12″ from the Centre Line is not "more than 12″". */
  r1 = add_round (layout, "r1", MUSTER_PIECE_UNIT, "red", 25, 20 * INCH, 36 * INCH + 12.5, 1);
  b1 = add_round (layout, "b1", MUSTER_PIECE_UNIT, "blue", 25, 20 * INCH, 12 * INCH - 12.5, 1);
  r2 = add_rect (layout, "r2", "red", 100, 80, 50 * INCH, 36 * INCH + 40, 0, 2);

  got = verdicts_of (validator);
  g_assert_cmpstr (got, ==, "b1: outside-zone\nr1: outside-zone\nr2: outside-zone\n");
  g_clear_pointer (&got, g_free);

  move_by (layout, r1, 0, 1);
  move_by (layout, b1, 0, -1);
  move_by (layout, r2, 0, 1);
  got = verdicts_of (validator);
  g_assert_cmpstr (got, ==, "");
  g_assert_cmpuint (muster_validator_count (validator), ==, 0);

  g_assert_nonnull (muster_validator_get_zone (validator, "red"));
  g_assert_nonnull (muster_validator_get_zone (validator, "blue"));
  g_assert_null (muster_validator_get_zone (validator, "green"));
}

static void
test_off_board (void)
{
  g_autoptr(MusterLayout) layout = new_t9a ("frontline-clash");
  g_autoptr(MusterValidator) validator = validator_for (layout);
  MusterPiece *r1;
  MusterPiece *r2;
  g_autofree char *got = NULL;

  /* The board edge is inclusive. */
  r1 = add_round (layout, "r1", MUSTER_PIECE_UNIT, "red", 25, 12.5, 48 * INCH - 12.5, 1);
  r2 = add_rect (layout, "r2", "red", 50, 20, 72 * INCH - 10, 40 * INCH, 90, 2);
  assert_verdicts (validator, "");

  move_by (layout, r1, -0.01, 0);
  move_by (layout, r2, 0.01, 0);
  got = verdicts_of (validator);
  g_assert_cmpstr (got, ==,
                   "r1: off-board\nr1: outside-zone\n"
                   "r2: off-board\nr2: outside-zone\n");

  /* Neutral pieces and objectives are not deployed: nothing to report. */
  add_round (layout, "n1", MUSTER_PIECE_MODEL, MUSTER_OWNER_NEUTRAL, 25, -10, -10, 0);
  add_round (layout, "o1", MUSTER_PIECE_OBJECTIVE, "red", 40, 80 * INCH, 10, 0);
  g_clear_pointer (&got, g_free);
  got = verdicts_of (validator);
  g_assert_cmpstr (got, ==,
                   "r1: off-board\nr1: outside-zone\n"
                   "r2: off-board\nr2: outside-zone\n");
}

/* A portrait board's Centre Line runs north to south: its zones are west
 * and east of x = W/2. */
static void
test_portrait_zones (void)
{
  g_autoptr(MusterLayout) layout = muster_layout_new ("t9a", "frontline-clash", 48 * INCH, 72 * INCH);
  g_autoptr(MusterValidator) validator = NULL;
  g_autoptr(GError) error = NULL;
  MusterPiece *r1;

  /* The zones of a landscape board are not this board's. */
  g_assert_null (muster_validator_new (layout, get_system ("t9a"), &error));
  g_assert_error (error, MUSTER_SYSTEM_ERROR, MUSTER_SYSTEM_ERROR_UNKNOWN);

  muster_layout_update_player (layout, "red", "west", NULL, NULL);
  muster_layout_update_player (layout, "blue", "east", NULL, NULL);
  validator = validator_for (layout);

  /* Exactly 12″ west of x = 24″, then 1 mm more. */
  r1 = add_rect (layout, "r1", "red", 50, 50, 12 * INCH - 25, 60 * INCH, 0, 1);
  add_rect (layout, "b1", "blue", 50, 50, 36 * INCH + 26, 10 * INCH, 0, 1);
  assert_verdicts (validator, "r1: outside-zone\n");
  move_by (layout, r1, -1, 0);
  assert_verdicts (validator, "");
}

/* A unit deploys in its player's zone: a player who chose none has its
 * units in none, wherever they stand, until it chooses. */
static void
test_no_zone_chosen (void)
{
  g_autoptr(MusterLayout) layout = new_t9a ("frontline-clash");
  g_autoptr(MusterValidator) validator = NULL;
  g_autoptr(GPtrArray) violations = NULL;
  g_autofree char *message = NULL;

  muster_layout_update_player (layout, "red", NULL, NULL, NULL);
  muster_layout_update_player (layout, "blue", "north", NULL, NULL);
  validator = validator_for (layout);
  add_rect (layout, "r1", "red", 50, 50, 36 * INCH, 44 * INCH, 0, 1);
  add_rect (layout, "b1", "blue", 50, 50, 36 * INCH, 4 * INCH, 0, 1);
  assert_verdicts (validator, "r1: outside-zone\n");
  violations = muster_validator_collect (validator);
  message = muster_violation_describe (g_ptr_array_index (violations, 0));
  g_assert_cmpstr (message, ==, "Not entirely inside the deployment zone: Its player has no deployment zone yet");

  muster_layout_update_player (layout, "red", "south", NULL, NULL);
  assert_verdicts (validator, "");
}

/* Contact and overlap */

static void
test_objective_contact (void)
{
  g_autoptr(MusterLayout) layout = new_infinity ();
  g_autoptr(MusterValidator) validator = validator_for (layout);
  MusterPiece *r1;
  GPtrArray *violations;
  g_autofree char *message = NULL;

  add_round (layout, "o1", MUSTER_PIECE_OBJECTIVE, MUSTER_OWNER_NEUTRAL, 40, 24 * INCH, 42 * INCH, 0);
  r1 = add_round (layout, "r1", MUSTER_PIECE_MODEL, "red", 25, 24 * INCH + 32.5, 42 * INCH, 0);

  /* Exactly touching is contact. */
  assert_verdicts (validator, "r1: base-contact\n");
  violations = muster_validator_get_piece_violations (validator, r1->serial);
  g_assert_cmpuint (violations->len, ==, 1);
  message = muster_violation_describe (g_ptr_array_index (violations, 0));
  g_assert_cmpstr (message, ==, "In contact with the objective");

  /* 1 mm away is not. */
  move_by (layout, r1, 1, 0);
  assert_verdicts (validator, "");

  /* Diagonally, exactly touching. */
  muster_layout_move_piece (layout, r1, 24 * INCH + 32.5 * cos (G_PI / 5),
                            42 * INCH - 32.5 * sin (G_PI / 5), 0);
  assert_verdicts (validator, "r1: base-contact\n");
}

static void
test_contact_owners (void)
{
  g_autoptr(MusterLayout) layout = new_infinity ();
  g_autoptr(MusterValidator) validator = validator_for (layout);
  g_autofree char *got = NULL;
  GPtrArray *violations;
  MusterPiece *m;

  /* r1 touches a friendly model and a friendly marker: fine. */
  add_round (layout, "r1", MUSTER_PIECE_MODEL, "red", 25, 10 * INCH, 40 * INCH, 0);
  add_round (layout, "r2", MUSTER_PIECE_MODEL, "red", 25, 10 * INCH + 25, 40 * INCH, 0);
  add_round (layout, "r3", MUSTER_PIECE_MARKER, "red", 40, 10 * INCH - 32.5, 40 * INCH, 0);
  assert_verdicts (validator, "");

  /* An enemy marker, a neutral model and an enemy model. */
  add_round (layout, "b1", MUSTER_PIECE_MARKER, "blue", 25, 20 * INCH, 40 * INCH, 0);
  add_round (layout, "r4", MUSTER_PIECE_MODEL, "red", 25, 20 * INCH + 25, 40 * INCH, 0);
  add_round (layout, "n1", MUSTER_PIECE_MODEL, MUSTER_OWNER_NEUTRAL, 25, 30 * INCH, 40 * INCH, 0);
  add_round (layout, "r5", MUSTER_PIECE_MODEL, "red", 25, 30 * INCH, 40 * INCH + 25, 0);
  m = add_round (layout, "b2", MUSTER_PIECE_MODEL, "blue", 25, 40 * INCH, 40 * INCH, 0);
  add_round (layout, "r6", MUSTER_PIECE_MODEL, "red", 40, 40 * INCH, 40 * INCH - 32.5, 0);

  got = all_lines (validator);
  g_assert_cmpstr (got, ==,
                   "b1 base-contact r4\n"
                   "b1 outside-zone -\n"
                   "b2 base-contact r6\n"
                   "b2 outside-zone -\n"
                   "r4 base-contact b1\n"
                   "r5 base-contact n1\n"
                   "r6 base-contact b2\n");

  violations = muster_validator_get_piece_violations (validator, m->serial);
  g_assert_cmpuint (violations->len, ==, 2);
  {
    g_autofree char *message = muster_violation_describe (g_ptr_array_index (violations, 0));

    g_assert_cmpstr (message, ==, "In contact with enemy r6");
  }
  g_assert_true (has_verdict (validator, "r4", MUSTER_RULE_BASE_CONTACT, "b1"));
  {
    g_autoptr(GPtrArray) all = muster_validator_collect (validator);

    for (guint i = 0; i < all->len; i++)
      {
        const MusterViolation *v = g_ptr_array_index (all, i);
        g_autofree char *message = muster_violation_describe (v);

        if (strcmp (v->piece_id, "r4") == 0)
          g_assert_cmpstr (message, ==, "In contact with the marker");
        else if (strcmp (v->piece_id, "r5") == 0)
          g_assert_cmpstr (message, ==, "In contact with neutral n1");
      }
  }

  /* Removing a piece takes its pairs with it, on both sides. */
  g_assert_true (muster_layout_remove_piece (layout, "r6"));
  g_clear_pointer (&got, g_free);
  got = all_lines (validator);
  g_assert_cmpstr (got, ==,
                   "b1 base-contact r4\n"
                   "b1 outside-zone -\n"
                   "b2 outside-zone -\n"
                   "r4 base-contact b1\n"
                   "r5 base-contact n1\n");
  g_assert_null (muster_validator_get_piece_violations (validator, 9999));
}

static void
test_tolerance (void)
{
  g_autoptr(MusterLayout) layout = new_infinity ();
  g_autoptr(MusterValidator) validator = validator_for (layout);
  MusterPiece *r2;
  MusterPiece *b1;
  g_autofree char *got = NULL;
  guint changed = 0;
  guint notified = 0;

  /* Friends, 0.4 mm into each other: contact, which is fine. */
  add_round (layout, "r1", MUSTER_PIECE_MODEL, "red", 25, 10 * INCH, 40 * INCH, 0);
  r2 = add_round (layout, "r2", MUSTER_PIECE_MODEL, "red", 25, 10 * INCH + 25 - 0.4, 40 * INCH, 0);
  assert_verdicts (validator, "");

  /* Exactly the tolerance is still contact. */
  move_by (layout, r2, -0.1, 0);
  assert_verdicts (validator, "");

  /* 0.6 mm is overlap. */
  move_by (layout, r2, -0.1, 0);
  got = all_lines (validator);
  g_assert_cmpstr (got, ==, "r1 overlap r2\nr2 overlap r1\n");
  g_clear_pointer (&got, g_free);

  /* An enemy 0.4 mm in: contact; 0.6 mm in: overlap and nothing else. */
  add_round (layout, "r3", MUSTER_PIECE_MODEL, "red", 25, 30 * INCH, 40 * INCH, 0);
  b1 = add_round (layout, "b1", MUSTER_PIECE_MODEL, "blue", 25, 30 * INCH + 24.6, 40 * INCH, 0);
  g_assert_true (has_verdict (validator, "r3", MUSTER_RULE_BASE_CONTACT, "b1"));
  g_assert_true (has_verdict (validator, "b1", MUSTER_RULE_BASE_CONTACT, "r3"));
  g_assert_false (has_verdict (validator, "r3", MUSTER_RULE_OVERLAP, NULL));

  move_by (layout, b1, -0.2, 0);
  g_assert_true (has_verdict (validator, "r3", MUSTER_RULE_OVERLAP, "b1"));
  g_assert_true (has_verdict (validator, "b1", MUSTER_RULE_OVERLAP, "r3"));
  g_assert_false (has_verdict (validator, "r3", MUSTER_RULE_BASE_CONTACT, NULL));
  g_assert_false (has_verdict (validator, "b1", MUSTER_RULE_BASE_CONTACT, NULL));

  /* A wider tolerance makes both pairs contact again. */
  g_signal_connect (validator, "notify::tolerance", G_CALLBACK (notify_cb), &notified);
  g_signal_connect (validator, "violations-changed", G_CALLBACK (count_cb), &changed);
  g_assert_cmpfloat (muster_validator_get_tolerance (validator), ==, MUSTER_DEFAULT_TOLERANCE_MM);
  muster_validator_set_tolerance (validator, 1.0);
  g_assert_cmpfloat (muster_validator_get_tolerance (validator), ==, 1.0);
  g_assert_cmpuint (notified, ==, 1);
  g_assert_cmpuint (changed, ==, 1);
  muster_validator_set_tolerance (validator, 1.0);
  g_assert_cmpuint (notified, ==, 1);
  g_assert_cmpuint (changed, ==, 1);
  got = all_lines (validator);
  g_assert_cmpstr (got, ==,
                   "b1 base-contact r3\n"
                   "b1 outside-zone -\n"
                   "r3 base-contact b1\n");
}

static void
test_rotated_corners (void)
{
  g_autoptr(MusterLayout) layout = new_t9a ("frontline-clash");
  g_autoptr(MusterLayout) inf = new_infinity ();
  g_autoptr(MusterValidator) validator = validator_for (layout);
  g_autoptr(MusterValidator) inf_validator = NULL;
  MusterPiece *b;
  MusterPiece *e;
  g_autofree char *got = NULL;
  double reach;

  /* Two 50 mm squares at 45°, corner on corner. */
  add_rect (layout, "r1", "red", 50, 50, 20 * INCH, 42 * INCH, 45, 0);
  b = add_rect (layout, "r2", "red", 50, 50, 20 * INCH + 50 * G_SQRT2, 42 * INCH, 45, 0);
  got = all_lines (validator);
  g_assert_cmpstr (got, ==, "r1 unit-spacing r2\nr2 unit-spacing r1\n");
  g_clear_pointer (&got, g_free);

  /* 1 mm corner into corner goes 0.71 mm deep (along the faces). */
  move_by (layout, b, -1, 0);
  got = all_lines (validator);
  g_assert_cmpstr (got, ==, "r1 overlap r2\nr2 overlap r1\n");
  g_clear_pointer (&got, g_free);

  /* 0.6 mm corner into corner goes 0.42 mm deep: contact. */
  move_by (layout, b, 0.4, 0);
  got = all_lines (validator);
  g_assert_cmpstr (got, ==, "r1 unit-spacing r2\nr2 unit-spacing r1\n");
  g_clear_pointer (&got, g_free);

  /* A corner of a 30° rectangle on the face of an enemy's square. */
  inf_validator = validator_for (inf);
  reach = 30 * cos (G_PI / 6) + 20 * sin (G_PI / 6);
  add_piece (inf, "r1", MUSTER_PIECE_MODEL, "red", MUSTER_BASE_RECT, 60, 40,
             20 * INCH, 40 * INCH, 30, 0);
  e = add_piece (inf, "b1", MUSTER_PIECE_MODEL, "blue", MUSTER_BASE_RECT, 50, 100,
                 20 * INCH + reach + 25, 40 * INCH, 0, 0);
  g_assert_true (has_verdict (inf_validator, "r1", MUSTER_RULE_BASE_CONTACT, "b1"));
  g_assert_false (has_verdict (inf_validator, "r1", MUSTER_RULE_OVERLAP, NULL));

  move_by (inf, e, 1, 0);
  g_assert_false (has_verdict (inf_validator, "r1", MUSTER_RULE_BASE_CONTACT, NULL));

  move_by (inf, e, -1.6, 0);
  g_assert_true (has_verdict (inf_validator, "r1", MUSTER_RULE_OVERLAP, "b1"));
  g_assert_false (has_verdict (inf_validator, "r1", MUSTER_RULE_BASE_CONTACT, NULL));
}

/* Terrain not entirely on the table is off-board itself: a 9″ building
 * cut by a table made narrower, area terrain too. */
static void
test_terrain_off_board (void)
{
  g_autoptr(MusterLayout) layout = new_t9a ("frontline-clash");
  g_autoptr(MusterValidator) validator = validator_for (layout);
  MusterPoint building[] = { { 44 * INCH, 2 * INCH }, { 53 * INCH, 2 * INCH },
                             { 53 * INCH, 8 * INCH }, { 44 * INCH, 8 * INCH } };
  MusterPoint wood[] = { { 60 * INCH, 20 * INCH }, { 70 * INCH, 20 * INCH }, { 65 * INCH, 28 * INCH } };
  MusterTerrain *t1 = muster_terrain_new ("t1", MUSTER_TERRAIN_BUILDING, building, G_N_ELEMENTS (building));
  MusterTerrain *t2 = muster_terrain_new ("t2", MUSTER_TERRAIN_AREA, wood, G_N_ELEMENTS (wood));
  GPtrArray *own;

  muster_layout_add_terrain (layout, t1);
  muster_layout_add_terrain (layout, t2);
  assert_verdicts (validator, "");
  g_assert_cmpuint (muster_validator_get_piece_violations (validator, t1->serial)->len, ==, 0);

  muster_layout_set_board (layout, 48 * INCH, 48 * INCH);
  assert_verdicts (validator, "t1: off-board\nt2: off-board\n");
  g_assert_cmpuint (muster_validator_count (validator), ==, 2);
  own = muster_validator_get_piece_violations (validator, t1->serial);
  g_assert_cmpuint (own->len, ==, 1);
  {
    const MusterViolation *v = g_ptr_array_index (own, 0);
    g_autofree char *message = muster_violation_describe (v);

    g_assert_cmpuint (v->serial, ==, t1->serial);
    g_assert_cmpstr (v->piece_id, ==, "t1");
    g_assert_cmpstr (message, ==, "Not entirely on the table");
  }

  /* Exactly at the edge is on the table. */
  muster_layout_set_board (layout, 53 * INCH, 48 * INCH);
  assert_verdicts (validator, "t2: off-board\n");
  muster_layout_set_board (layout, 72 * INCH, 48 * INCH);
  assert_verdicts (validator, "");
  g_assert_cmpuint (muster_validator_count (validator), ==, 0);
}

/* Past the Deployment Phase, pieces that move are no longer held to the
 * rules of deployment; overlap, off-board and unit spacing stay. */
static void
test_deployment_over (void)
{
  g_autoptr(MusterLayout) layout = new_infinity ();
  g_autoptr(MusterLayout) t9a = new_t9a ("counterthrust");
  g_autoptr(MusterValidator) validator = validator_for (layout);
  g_autoptr(MusterValidator) t9a_validator = validator_for (t9a);
  const char *deploying, *playing;
  guint changed = 0, notified = 0;

  /* The turns are a game's steps, as in a game walked in Muster. */
  muster_validator_set_turns_are_steps (validator, TRUE);
  g_signal_connect (validator, "violations-changed", G_CALLBACK (count_cb), &changed);
  g_signal_connect (validator, "notify::deployment-over", G_CALLBACK (notify_cb), &notified);
  g_assert_false (muster_validator_get_deployment_over (validator));

  /* A red trooper deep in blue's half, in contact with a blue one,
   * overlapping another, and deployed in a step that does not exist; one
   * hanging off the table. */
  add_round (layout, "r1", MUSTER_PIECE_MODEL, "red", 25, 20 * INCH, 10 * INCH, 5);
  add_round (layout, "b1", MUSTER_PIECE_MODEL, "blue", 25, 20 * INCH + 25, 10 * INCH, 0);
  add_round (layout, "r2", MUSTER_PIECE_MODEL, "red", 25, 20 * INCH - 20, 10 * INCH, 0);
  add_round (layout, "r3", MUSTER_PIECE_MODEL, "red", 25, 0, 40 * INCH, 0);
  deploying = "b1: base-contact\nr1: base-contact\nr1: deploy-sequence\nr1: outside-zone\nr1: overlap\n"
              "r2: outside-zone\nr2: overlap\nr3: off-board\nr3: outside-zone\n";
  playing = "r1: overlap\nr2: overlap\nr3: off-board\n";
  assert_verdicts (validator, deploying);

  muster_validator_set_deployment_over (validator, TRUE);
  g_assert_true (muster_validator_get_deployment_over (validator));
  g_assert_cmpuint (changed, ==, 5);
  g_assert_cmpuint (notified, ==, 1);
  assert_verdicts (validator, playing);

  /* Moves in Player Turns follow the same rules. */
  move_by (layout, muster_layout_lookup_piece (layout, "b1"), 0, 30 * INCH);
  assert_verdicts (validator, playing);
  muster_validator_set_deployment_over (validator, TRUE);
  g_assert_cmpuint (notified, ==, 1);

  g_object_set (validator, "deployment-over", FALSE, NULL);
  g_assert_cmpuint (notified, ==, 2);
  assert_verdicts (validator, "b1: outside-zone\nr1: deploy-sequence\nr1: outside-zone\nr1: overlap\n"
                              "r2: outside-zone\nr2: overlap\nr3: off-board\nr3: outside-zone\n");

  /* The 9th Age: Counterthrust's 20″ goes, unit spacing stays. */
  add_rect (t9a, "r1", "red", 50, 50, 30 * INCH, 33 * INCH + 25, 0, 2);
  add_rect (t9a, "b1", "blue", 50, 50, 30 * INCH, 15 * INCH - 25, 0, 1);
  add_rect (t9a, "r2", "red", 50, 50, 30 * INCH + 50 + INCH, 33 * INCH + 25, 0, 3);
  assert_verdicts (t9a_validator, "b1: enemy-too-close\nr1: enemy-too-close\nr1: unit-spacing\n"
                                  "r2: enemy-too-close\nr2: unit-spacing\n");
  muster_validator_set_deployment_over (t9a_validator, TRUE);
  assert_verdicts (t9a_validator, "r1: unit-spacing\nr2: unit-spacing\n");
}

/* Distances */

/* Whether the outline of piece lies in the player's zone point by point
 * (its corners, and its edge every 0.2 mm): the zone as the board draws
 * it. The Encircle zones have no holes, so the edge of a base in them
 * puts all of it there. */
static gboolean
drawn_zone_holds (MusterValidator   *validator,
                  const MusterPiece *piece)
{
  const MusterRegion *zone = muster_validator_get_zone (validator, piece->owner);
  MusterOutline outline;
  gboolean inside = TRUE;

  muster_piece_get_outline (piece, &outline);
  if (outline.kind == MUSTER_OUTLINE_CIRCLE)
    for (guint k = 0; k < 4000 && inside; k++)
      inside = muster_region_contains_point (zone, (MusterPoint) {
        outline.centre.x + outline.radius * cos (2 * G_PI * k / 4000),
        outline.centre.y + outline.radius * sin (2 * G_PI * k / 4000) });
  else
    for (guint i = 0; i < outline.n_points && inside; i++)
      {
        MusterPoint a = outline.points[i];
        MusterPoint b = outline.points[(i + 1) % outline.n_points];
        guint steps = (guint) ceil (hypot (b.x - a.x, b.y - a.y) / 0.2);

        for (guint k = 0; k <= steps && inside; k++)
          inside = muster_region_contains_point (zone, (MusterPoint) { a.x + (b.x - a.x) * k / steps,
                                                                       a.y + (b.y - a.y) * k / steps });
      }
  muster_outline_clear (&outline);

  return inside;
}

/* Whether piece keeps Encircle's rule on the 72″ × 48″ table, read for
 * the whole base: 9″ from the Centre Line when all of it lies within a
 * quarter of the length from a short edge (the attacker) or between the
 * quarter lines (the defender), 15″ otherwise; and on the table. */
static gboolean
encircle_rule_holds (const MusterPiece *piece,
                     gboolean           attacker,
                     gboolean           red)
{
  const double quarter = 18 * INCH, centre = 24 * INCH;
  MusterOutline outline;
  gboolean near;
  double gap;
  gboolean on_table;

  muster_piece_get_outline (piece, &outline);
  near = attacker ? outline.bounds.x1 <= quarter || outline.bounds.x0 >= 72 * INCH - quarter
                  : outline.bounds.x0 >= quarter && outline.bounds.x1 <= 72 * INCH - quarter;
  gap = red ? outline.bounds.y0 - centre : centre - outline.bounds.y1;
  on_table = outline.bounds.y0 >= 0 && outline.bounds.y1 <= 48 * INCH;
  muster_outline_clear (&outline);

  return on_table && gap > (near ? 9 : 15) * INCH;
}

/* Encircle: the attacker needs 9″ only with the whole base within a
 * quarter of the length from a short edge, the defender only with the
 * whole base between the quarter lines; a base straddling a W/4 line
 * needs 15″ with all of it, in both roles, at both ends, on both sides,
 * however it is turned (RULES.md: "a unit that straddles the W/4 line is
 * 'elsewhere'"), though a turned one may look inside the zone as drawn. */
static void
test_encircle (void)
{
  static const char * const roles[] = { "attacker", "defender" };
  /* x of the base's centre: in the west quarter, across the west
   * quarter line, in the middle, across the east one, in the east
   * quarter. */
  static const double xs[] = { 10, 18, 36, 54, 62 };

  for (guint r = 0; r < G_N_ELEMENTS (roles); r++)
    {
      g_autoptr(MusterLayout) layout = new_t9a ("encircle");
      g_autoptr(MusterValidator) validator = NULL;
      gboolean attacker = r == 0;
      g_autoptr(GRand) rand = g_rand_new_with_seed (15);

      muster_layout_update_player (layout, "red", "south", roles[r], NULL);
      muster_layout_update_player (layout, "blue", "north", roles[1 - r], NULL);
      validator = validator_for (layout);

      for (guint i = 0; i < G_N_ELEMENTS (xs); i++)
        {
          gboolean quarter = i == 0 || i == 4;
          gboolean middle = i == 2;
          /* 2″ square bases, their edge 9.01″ and 15.01″ from the
           * Centre Line. */
          MusterPiece *near_red = add_rect (layout, "r1", "red", 2 * INCH, 2 * INCH,
                                            xs[i] * INCH, 34.01 * INCH, 0, 0);
          MusterPiece *near_blue = add_rect (layout, "b1", "blue", 2 * INCH, 2 * INCH,
                                             xs[i] * INCH, 13.99 * INCH, 0, 0);
          /* Red has the role, blue the other. */
          gboolean red_legal = attacker ? quarter : middle;
          gboolean blue_legal = attacker ? middle : quarter;
          g_autofree char *expected = g_strconcat (blue_legal ? "" : "b1: outside-zone\n",
                                                   red_legal ? "" : "r1: outside-zone\n", NULL);

          assert_verdicts (validator, expected);
          g_assert_cmpint (drawn_zone_holds (validator, near_red), ==, red_legal);
          g_assert_cmpint (drawn_zone_holds (validator, near_blue), ==, blue_legal);

          move_by (layout, near_red, 0, 6 * INCH);
          move_by (layout, near_blue, 0, -6 * INCH);
          assert_verdicts (validator, "");

          g_assert_true (muster_layout_remove_piece (layout, "r1"));
          g_assert_true (muster_layout_remove_piece (layout, "b1"));
        }

      /* Anywhere along both quarter lines, square to the table, turned
       * at any angle, or round: the verdict is the rule's for the whole
       * base. */
      for (guint k = 0; k < 600; k++)
        {
          gboolean red = g_rand_boolean (rand);
          guint shape = g_rand_int_range (rand, 0, 3);
          double w = g_rand_double_range (rand, 0.5, 10) * INCH;
          double d = g_rand_double_range (rand, 0.5, 6) * INCH;
          double x = (g_rand_boolean (rand) ? 18 : 54) * INCH + g_rand_double_range (rand, -6, 6) * INCH;
          double gap = g_rand_double_range (rand, 7, 17) * INCH;
          double rotation = shape == 0 ? 90.0 * g_rand_int_range (rand, 0, 4) : g_rand_double_range (rand, 0, 360);
          double half = shape == 0 ? (rotation == 90 || rotation == 270 ? w : d) / 2 : 0;
          double y = red ? 24 * INCH + gap + half : 24 * INCH - gap - half;
          MusterPiece *piece;

          if (shape == 2)
            piece = add_round (layout, "p", MUSTER_PIECE_MODEL, red ? "red" : "blue", d, x, y, 0);
          else
            piece = add_rect (layout, "p", red ? "red" : "blue", w, d, x, y, rotation, 0);

          if (has_verdict (validator, "p", MUSTER_RULE_OUTSIDE_ZONE, NULL) ==
              encircle_rule_holds (piece, red ? attacker : !attacker, red))
            g_error ("%s (%s) %s %g × %g turned %g° at %g, %g: the verdict is not the rule's",
                     red ? "red" : "blue", red ? roles[r] : roles[1 - r], shape == 2 ? "round" : "rect",
                     w / INCH, d / INCH, rotation, x / INCH, y / INCH);
          g_assert_true (muster_layout_remove_piece (layout, "p"));
        }
    }
}

static void
test_enemy_distance (void)
{
  g_autoptr(MusterLayout) layout = new_t9a ("counterthrust");
  g_autoptr(MusterValidator) validator = validator_for (layout);
  MusterPiece *r1;
  double y_blue = 16 * INCH - 13.5;
  g_autofree char *got = NULL;

  /* Both in their zones (more than 8″ from the Centre Line), exactly
   * 20″ apart edge to edge. */
  add_round (layout, "b1", MUSTER_PIECE_UNIT, "blue", 25, 30 * INCH, y_blue, 1);
  r1 = add_round (layout, "r1", MUSTER_PIECE_UNIT, "red", 25, 30 * INCH, y_blue + 25 + 20 * INCH, 1);
  got = all_lines (validator);
  g_assert_cmpstr (got, ==, "b1 enemy-too-close r1\nr1 enemy-too-close b1\n");
  g_clear_pointer (&got, g_free);

  {
    GPtrArray *violations = muster_validator_get_piece_violations (validator, r1->serial);
    g_autofree char *message = muster_violation_describe (g_ptr_array_index (violations, 0));

    g_assert_cmpstr (message, ==, "Within 20″ of enemy unit b1");
  }

  /* 20″ and 1 mm is more than 20″. */
  move_by (layout, r1, 0, 1);
  assert_verdicts (validator, "");

  /* Friends may be close (but not within 1″). */
  add_round (layout, "r2", MUSTER_PIECE_UNIT, "red", 25, 40 * INCH, 40 * INCH, 2);
  assert_verdicts (validator, "");

  /* Only units of the enemy count: not markers, not neutral units. */
  add_round (layout, "n1", MUSTER_PIECE_UNIT, MUSTER_OWNER_NEUTRAL, 25, 36 * INCH, 30 * INCH, 0);
  add_round (layout, "b2", MUSTER_PIECE_MARKER, "blue", 25, 30 * INCH, 30 * INCH, 0);
  g_assert_false (has_verdict (validator, "r1", MUSTER_RULE_ENEMY_TOO_CLOSE, NULL));
  g_assert_false (has_verdict (validator, "b2", MUSTER_RULE_ENEMY_TOO_CLOSE, NULL));
  g_assert_true (has_verdict (validator, "b2", MUSTER_RULE_OUTSIDE_ZONE, NULL));
}

/* Counterthrust: the 20″ is reported on both units, whichever was
 * deployed first (DESIGN.md: every piece of a pair); units using Special
 * Deployment (Scouts) ignore it, and single models are units. */
static void
test_counterthrust_distance (void)
{
  g_autoptr(MusterLayout) layout = new_t9a ("counterthrust");
  g_autoptr(MusterValidator) validator = validator_for (layout);
  MusterPiece *r1;
  MusterPiece *b1;
  g_autofree char *got = NULL;

  /* 10″ apart across the Centre Line, both in their zones. */
  r1 = add_rect (layout, "r1", "red", 50, 50, 30 * INCH, 33 * INCH + 25, 0, 2);
  b1 = add_rect (layout, "b1", "blue", 50, 50, 30 * INCH, 15 * INCH - 25, 0, 1);
  got = all_lines (validator);
  g_assert_cmpstr (got, ==, "b1 enemy-too-close r1\nr1 enemy-too-close b1\n");
  g_clear_pointer (&got, g_free);

  /* Blue came later: the same. */
  b1->turn = 3;
  muster_layout_piece_changed (layout, b1);
  got = all_lines (validator);
  g_assert_cmpstr (got, ==, "b1 enemy-too-close r1\nr1 enemy-too-close b1\n");
  g_clear_pointer (&got, g_free);

  /* The same turn, or a turn not known: both. */
  b1->turn = 2;
  muster_layout_piece_changed (layout, b1);
  assert_verdicts (validator, "b1: enemy-too-close\nr1: enemy-too-close\n");
  b1->turn = 0;
  muster_layout_piece_changed (layout, b1);
  assert_verdicts (validator, "b1: enemy-too-close\nr1: enemy-too-close\n");

  /* A Scout ignores it, and nobody breaks it because of a Scout. */
  b1->categories = g_strsplit ("scout", " ", -1);
  muster_layout_piece_changed (layout, b1);
  assert_verdicts (validator, "");
  g_clear_pointer (&b1->categories, g_strfreev);
  b1->categories = g_strsplit ("infantry", " ", -1);
  muster_layout_piece_changed (layout, b1);
  assert_verdicts (validator, "b1: enemy-too-close\nr1: enemy-too-close\n");

  /* A Character entered as a single model is a unit. */
  g_assert_true (muster_layout_remove_piece (layout, "b1"));
  b1 = add_round (layout, "b2", MUSTER_PIECE_MODEL, "blue", 50, 30 * INCH, 15 * INCH - 25, 3);
  b1->categories = g_strsplit ("character", " ", -1);
  muster_layout_piece_changed (layout, b1);
  got = all_lines (validator);
  g_assert_cmpstr (got, ==, "b2 enemy-too-close r1\nr1 enemy-too-close b2\n");
  g_clear_pointer (&got, g_free);

  /* 20″ and 1 mm apart: fine. */
  move_by (layout, r1, 0, 10 * INCH + 1);
  assert_verdicts (validator, "");
}

static void
test_unit_spacing (void)
{
  g_autoptr(MusterLayout) layout = new_t9a ("frontline-clash");
  g_autoptr(MusterValidator) validator = validator_for (layout);
  MusterPoint square[] = {
    { 50 * INCH, 40 * INCH }, { 54 * INCH, 40 * INCH },
    { 54 * INCH, 44 * INCH }, { 50 * INCH, 44 * INCH },
  };
  MusterPiece *r2;
  MusterPiece *r3;
  g_autofree char *got = NULL;

  /* Exactly 1″ apart is not more than 1″. */
  add_rect (layout, "r1", "red", 40, 40, 20 * INCH, 40 * INCH, 0, 1);
  r2 = add_rect (layout, "r2", "red", 40, 40, 20 * INCH + 40 + INCH, 40 * INCH, 0, 2);
  got = all_lines (validator);
  g_assert_cmpstr (got, ==, "r1 unit-spacing r2\nr2 unit-spacing r1\n");
  g_clear_pointer (&got, g_free);

  move_by (layout, r2, 1, 0);
  assert_verdicts (validator, "");

  /* A single model (a Character, a monster) keeps its distance too. */
  add_round (layout, "m1", MUSTER_PIECE_MODEL, "red", 50, 20 * INCH - 20 - INCH - 25, 40 * INCH, 3);
  got = all_lines (validator);
  g_assert_cmpstr (got, ==, "m1 unit-spacing r1\nr1 unit-spacing m1\n");
  g_clear_pointer (&got, g_free);
  g_assert_true (muster_layout_remove_piece (layout, "m1"));

  /* Rotated a quarter turn, a long unit reaches down to its neighbour. */
  muster_layout_move_piece (layout, r2, 20 * INCH, 40 * INCH + 20 + INCH + 50, 90);
  g_assert_cmpfloat (r2->base.width, ==, 40);
  r2->base.width = 100;
  muster_layout_piece_changed (layout, r2);
  got = all_lines (validator);
  g_assert_cmpstr (got, ==, "r1 unit-spacing r2\nr2 unit-spacing r1\n");
  g_clear_pointer (&got, g_free);
  move_by (layout, r2, 0, 1);
  assert_verdicts (validator, "");

  /* Impassable terrain: 1″ from it is too close; in it is overlap. */
  muster_layout_add_terrain (layout, muster_terrain_new ("t1", MUSTER_TERRAIN_IMPASSABLE,
                                                         square, G_N_ELEMENTS (square)));
  r3 = add_rect (layout, "r3", "red", 40, 40, 50 * INCH - INCH - 20, 42 * INCH, 0, 3);
  got = all_lines (validator);
  g_assert_cmpstr (got, ==, "r3 unit-spacing t1\n");
  g_clear_pointer (&got, g_free);

  move_by (layout, r3, -1, 0);
  assert_verdicts (validator, "");

  move_by (layout, r3, 1 + INCH + 1, 0);
  got = all_lines (validator);
  g_assert_cmpstr (got, ==, "r3 overlap t1\n");
  g_clear_pointer (&got, g_free);

  /* Area terrain is no obstacle. */
  square[0].x = square[3].x = 10 * INCH;
  square[1].x = square[2].x = 14 * INCH;
  muster_layout_add_terrain (layout, muster_terrain_new ("t2", MUSTER_TERRAIN_AREA,
                                                         square, G_N_ELEMENTS (square)));
  add_rect (layout, "r4", "red", 40, 40, 12 * INCH, 42 * INCH, 0, 4);
  got = all_lines (validator);
  g_assert_cmpstr (got, ==, "r3 overlap t1\n");
}

/* Following the layout */

static void
test_signals (void)
{
  g_autoptr(MusterLayout) layout = new_t9a ("frontline-clash");
  g_autoptr(MusterValidator) validator = validator_for (layout);
  MusterPiece *r1;
  guint count = 0;

  g_signal_connect (validator, "violations-changed", G_CALLBACK (count_cb), &count);

  r1 = add_round (layout, "r1", MUSTER_PIECE_UNIT, "red", 25, 20 * INCH, 40 * INCH, 1);
  g_assert_cmpuint (count, ==, 1);
  move_by (layout, r1, 0, -10 * INCH);
  g_assert_cmpuint (count, ==, 2);
  g_assert_cmpuint (muster_validator_count (validator), ==, 1);
  muster_layout_set_board (layout, 72 * INCH, 60 * INCH);
  g_assert_cmpuint (count, ==, 3);
  g_assert_true (muster_layout_remove_piece (layout, "r1"));
  g_assert_cmpuint (count, ==, 4);
  g_assert_cmpuint (muster_validator_count (validator), ==, 0);
  g_assert_true (muster_validator_revalidate (validator, NULL));
  g_assert_cmpuint (count, ==, 5);
}

static void
test_game_changes (void)
{
  g_autoptr(MusterLayout) layout = new_t9a ("frontline-clash");
  g_autoptr(MusterValidator) validator = validator_for (layout);
  g_autoptr(GError) error = NULL;
  MusterPiece *r1;

  /* 10″ from the Centre Line: outside Frontline Clash's zone, inside
   * Counterthrust's. */
  r1 = add_round (layout, "r1", MUSTER_PIECE_UNIT, "red", 25, 20 * INCH, 34 * INCH + 12.5, 1);
  assert_verdicts (validator, "r1: outside-zone\n");

  muster_layout_set_game (layout, "t9a", "counterthrust");
  assert_verdicts (validator, "");
  g_assert_true (muster_validator_revalidate (validator, &error));
  g_assert_no_error (error);

  /* An unknown deployment type is an error, and nothing is checked. */
  muster_layout_set_game (layout, "t9a", "no-such-deployment");
  g_assert_false (muster_validator_revalidate (validator, &error));
  g_assert_error (error, MUSTER_SYSTEM_ERROR, MUSTER_SYSTEM_ERROR_UNKNOWN);
  g_clear_error (&error);
  g_assert_cmpuint (muster_validator_count (validator), ==, 0);

  /* ... and makes a new validator fail. */
  g_assert_null (muster_validator_new (layout, get_system ("t9a"), &error));
  g_assert_nonnull (error);
  g_clear_error (&error);

  /* So does a layout of another game system. */
  muster_layout_set_game (layout, "infinity", "standard");
  g_assert_null (muster_validator_new (layout, get_system ("t9a"), &error));
  g_assert_nonnull (error);
  g_clear_error (&error);

  /* And a zone the deployment type does not have. */
  muster_layout_set_game (layout, "t9a", "refused-flank");
  g_assert_null (muster_validator_new (layout, get_system ("t9a"), &error));
  g_assert_nonnull (error);
  g_clear_error (&error);

  muster_layout_update_player (layout, "red", "south-west", NULL, NULL);
  muster_layout_update_player (layout, "blue", "north-east", NULL, NULL);
  g_assert_true (muster_validator_revalidate (validator, &error));
  g_assert_no_error (error);
  move_by (layout, r1, 0, 0);
  assert_verdicts (validator, "");
}

/* Incremental validation against a fresh one */

typedef struct
{
  const char *system_id;
  const char *deployment_id;
  double      width;    /* inches */
  double      height;
  guint       n_pieces;
  guint       n_steps;
} RandomCase;

static const char *
random_owner (GRand *rand)
{
  double p = g_rand_double (rand);

  return p < 0.45 ? "red" : p < 0.9 ? "blue" : MUSTER_OWNER_NEUTRAL;
}

static void
random_categories (GRand       *rand,
                   MusterPiece *piece)
{
  static const char * const categories[] = { "character", "scout", "war-machine", "infantry" };
  double p = g_rand_double (rand);

  g_clear_pointer (&piece->categories, g_strfreev);
  if (p < 0.4)
    {
      piece->categories = g_new0 (char *, 2);
      piece->categories[0] = g_strdup (categories[g_rand_int_range (rand, 0, G_N_ELEMENTS (categories))]);
    }
}

static void
random_place (GRand             *rand,
              const RandomCase  *rc,
              double            *x,
              double            *y,
              double            *rotation)
{
  /* Mostly on the board, sometimes hanging over an edge. */
  *x = g_rand_double_range (rand, -1, rc->width + 1) * INCH;
  *y = g_rand_double_range (rand, -1, rc->height + 1) * INCH;
  *rotation = g_rand_boolean (rand) ? 90.0 * g_rand_int_range (rand, 0, 4)
                                    : g_rand_double_range (rand, 0, 360);
}

static MusterPiece *
random_piece (GRand            *rand,
              const RandomCase *rc,
              const char       *id)
{
  gboolean infinity = strcmp (rc->system_id, "infinity") == 0;
  MusterPieceKind kind;
  MusterBase base;
  MusterPiece *piece;
  double x, y, rotation;
  double p = g_rand_double (rand);

  if (infinity)
    kind = p < 0.75 ? MUSTER_PIECE_MODEL : p < 0.93 ? MUSTER_PIECE_MARKER : MUSTER_PIECE_OBJECTIVE;
  else
    kind = p < 0.9 ? MUSTER_PIECE_UNIT : p < 0.95 ? MUSTER_PIECE_MODEL : MUSTER_PIECE_OBJECTIVE;

  if (g_rand_boolean (rand))
    {
      base.shape = MUSTER_BASE_ROUND;
      base.width = base.depth = g_rand_double_range (rand, 20, 60);
    }
  else
    {
      base.shape = g_rand_int_range (rand, 0, 5) == 0 ? MUSTER_BASE_OVAL : MUSTER_BASE_RECT;
      base.width = g_rand_double_range (rand, 20, 160);
      base.depth = g_rand_double_range (rand, 20, 100);
    }

  random_place (rand, rc, &x, &y, &rotation);
  piece = muster_piece_new (id, kind, random_owner (rand), &base, x, y);
  piece->rotation = rotation;
  piece->turn = g_rand_int_range (rand, 0, 7);
  random_categories (rand, piece);
  if (infinity && g_rand_int_range (rand, 0, 6) == 0)
    piece->skills = g_strsplit ("infiltration", " ", -1);

  return piece;
}

static void
assert_same_as_fresh (MusterValidator *validator,
                      MusterLayout    *layout)
{
  g_autoptr(MusterValidator) fresh = validator_for (layout);
  g_autofree char *got = all_lines (validator);
  g_autofree char *want = all_lines (fresh);

  g_assert_cmpstr (got, ==, want);
  g_assert_cmpuint (muster_validator_count (validator), ==, muster_validator_count (fresh));
}

static void
test_incremental (gconstpointer data)
{
  const RandomCase *rc = data;
  g_autoptr(MusterLayout) layout = NULL;
  g_autoptr(MusterValidator) validator = NULL;
  GRand *rand = g_rand_new_with_seed (20260101 + rc->n_pieces);
  MusterPoint block[] = {
    { 30 * INCH, 2 * INCH }, { 38 * INCH, 2 * INCH }, { 34 * INCH, 8 * INCH },
  };
  MusterPoint ell[] = {
    { 10 * INCH, 20 * INCH }, { 16 * INCH, 20 * INCH }, { 16 * INCH, 22 * INCH },
    { 12 * INCH, 22 * INCH }, { 12 * INCH, 28 * INCH }, { 10 * INCH, 28 * INCH },
  };
  guint next_id = 0;
  guint checked_placements = 0;

  layout = muster_layout_new (rc->system_id, rc->deployment_id, rc->width * INCH, rc->height * INCH);
  muster_layout_update_player (layout, "red", "south", "attacker", "west");
  muster_layout_update_player (layout, "blue", "north", "defender", "east");
  muster_layout_add_terrain (layout, muster_terrain_new ("t1", MUSTER_TERRAIN_IMPASSABLE,
                                                         block, G_N_ELEMENTS (block)));
  muster_layout_add_terrain (layout, muster_terrain_new ("t2", MUSTER_TERRAIN_BUILDING,
                                                         ell, G_N_ELEMENTS (ell)));

  /* Half the pieces before the validator, half after. */
  for (guint i = 0; i < rc->n_pieces / 2; i++)
    {
      g_autofree char *id = g_strdup_printf ("p%u", next_id++);

      g_assert_true (muster_layout_add_piece (layout, random_piece (rand, rc, id)));
    }

  validator = validator_for (layout);

  for (guint i = rc->n_pieces / 2; i < rc->n_pieces; i++)
    {
      g_autofree char *id = g_strdup_printf ("p%u", next_id++);

      g_assert_true (muster_layout_add_piece (layout, random_piece (rand, rc, id)));
    }

  assert_same_as_fresh (validator, layout);
  g_assert_cmpuint (muster_validator_count (validator), >, 0);

  for (guint step = 0; step < rc->n_steps; step++)
    {
      GPtrArray *pieces = muster_layout_get_pieces (layout);
      MusterPiece *piece = g_ptr_array_index (pieces, g_rand_int_range (rand, 0, pieces->len));
      double p = g_rand_double (rand);

      if (p < 0.7)
        {
          g_autoptr(GPtrArray) predicted = NULL;
          g_autofree char *predicted_lines = NULL;
          g_autofree char *committed_lines = NULL;
          double x, y, rotation;

          if (g_rand_boolean (rand))
            random_place (rand, rc, &x, &y, &rotation);
          else
            {
              /* A nudge, as a drag would make. */
              x = piece->x + g_rand_double_range (rand, -2, 2) * INCH;
              y = piece->y + g_rand_double_range (rand, -2, 2) * INCH;
              rotation = piece->rotation + g_rand_double_range (rand, -20, 20);
            }

          predicted = muster_validator_check_placement (validator, piece, x, y, rotation);
          predicted_lines = violation_lines (predicted);
          muster_layout_move_piece (layout, piece, x, y, rotation);
          committed_lines = piece_lines (validator, piece->serial);
          g_assert_cmpstr (predicted_lines, ==, committed_lines);
          checked_placements++;
        }
      else if (p < 0.8)
        {
          piece->turn = g_rand_int_range (rand, 0, 7);
          if (g_rand_boolean (rand))
            {
              piece->owner = g_intern_string (random_owner (rand));
            }
          random_categories (rand, piece);
          muster_layout_piece_changed (layout, piece);
        }
      else if (p < 0.9)
        {
          g_autofree char *id = g_strdup (piece->id);

          g_assert_true (muster_layout_remove_piece (layout, id));
        }
      else
        {
          g_autofree char *id = g_strdup_printf ("p%u", next_id++);

          g_assert_true (muster_layout_add_piece (layout, random_piece (rand, rc, id)));
        }

      assert_same_as_fresh (validator, layout);
    }

  g_assert_cmpuint (checked_placements, >, 0);
  g_rand_free (rand);
}

/* A piece whose base changes shape after a full validation (its outline's
 * points no longer fit the validator's block of them) is checked as a
 * fresh validator checks it, and whatever it came to own is freed with
 * the validator (the sanitised core suite looks for leaks). */
static void
test_base_changes (void)
{
  static const RandomCase rc = { "t9a", "frontline-clash", 72, 48, 60, 0 };
  const MusterBase bases[] = {
    { MUSTER_BASE_OVAL, 120, 95 }, { MUSTER_BASE_ROUND, 40, 40 }, { MUSTER_BASE_RECT, 50, 100 },
    { MUSTER_BASE_OVAL, 60, 35 },
  };
  g_autoptr(GRand) rand = g_rand_new_with_seed (11);
  g_autoptr(MusterLayout) layout = muster_layout_new (rc.system_id, rc.deployment_id,
                                                      rc.width * INCH, rc.height * INCH);
  g_autoptr(MusterValidator) validator = NULL;
  GPtrArray *pieces;

  muster_layout_update_player (layout, "red", "south", "attacker", "west");
  muster_layout_update_player (layout, "blue", "north", "defender", "east");
  for (guint i = 0; i < rc.n_pieces; i++)
    {
      g_autofree char *id = g_strdup_printf ("p%u", i);

      g_assert_true (muster_layout_add_piece (layout, random_piece (rand, &rc, id)));
    }

  validator = validator_for (layout);
  pieces = muster_layout_get_pieces (layout);
  for (guint i = 0; i < pieces->len; i += 3)
    {
      MusterPiece *piece = g_ptr_array_index (pieces, i);

      piece->base = bases[(i / 3) % G_N_ELEMENTS (bases)];
      muster_layout_piece_changed (layout, piece);
      muster_layout_move_piece (layout, piece, piece->x + INCH / 2, piece->y, piece->rotation + 10);
    }
  assert_same_as_fresh (validator, layout);
  g_assert_true (muster_validator_revalidate (validator, NULL));
  assert_same_as_fresh (validator, layout);
}

/* A full validation works through the pieces in an order of its own (see
 * spatial_order()): the order of the layout changes no verdict. */
static void
test_order (void)
{
  static const RandomCase rc = { "t9a", "marching-columns", 72, 48, 400, 0 };
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  g_autoptr(MusterLayout) forward = muster_layout_new (rc.system_id, rc.deployment_id,
                                                       rc.width * INCH, rc.height * INCH);
  g_autoptr(MusterLayout) backward = muster_layout_new (rc.system_id, rc.deployment_id,
                                                        rc.width * INCH, rc.height * INCH);
  g_autoptr(MusterValidator) a = NULL;
  g_autoptr(MusterValidator) b = NULL;
  g_autoptr(GPtrArray) pieces = g_ptr_array_new ();
  g_autofree char *lines_a = NULL;
  g_autofree char *lines_b = NULL;

  for (guint i = 0; i < 2; i++)
    {
      MusterLayout *layout = i == 0 ? forward : backward;

      muster_layout_update_player (layout, "red", "south", "attacker", "west");
      muster_layout_update_player (layout, "blue", "north", "defender", "east");
    }

  for (guint i = 0; i < rc.n_pieces; i++)
    {
      g_autofree char *id = g_strdup_printf ("p%u", i);

      g_ptr_array_add (pieces, random_piece (rand, &rc, id));
    }

  for (guint i = 0; i < pieces->len; i++)
    {
      g_assert_true (muster_layout_add_piece (forward, muster_piece_copy (g_ptr_array_index (pieces, i))));
      g_assert_true (muster_layout_add_piece (backward, g_ptr_array_index (pieces, pieces->len - 1 - i)));
    }

  a = validator_for (forward);
  b = validator_for (backward);
  lines_a = all_lines (a);
  lines_b = all_lines (b);
  g_assert_cmpuint (muster_validator_count (a), >, 0);
  g_assert_cmpstr (lines_a, ==, lines_b);
  g_assert_cmpuint (muster_validator_count (a), ==, muster_validator_count (b));
}

static void
test_check_placement (void)
{
  g_autoptr(MusterLayout) layout = new_t9a ("counterthrust");
  g_autoptr(MusterValidator) validator = validator_for (layout);
  g_autoptr(GPtrArray) predicted = NULL;
  g_autofree char *got = NULL;
  MusterPiece *r1;
  MusterPiece *b1;
  MusterPiece *loose;
  MusterBase base = { MUSTER_BASE_ROUND, 25, 25 };

  r1 = add_round (layout, "r1", MUSTER_PIECE_UNIT, "red", 25, 20 * INCH, 40 * INCH, 1);
  b1 = add_round (layout, "b1", MUSTER_PIECE_UNIT, "blue", 25, 20 * INCH, 8 * INCH, 1);
  add_round (layout, "b2", MUSTER_PIECE_UNIT, "blue", 25, 40 * INCH, 8 * INCH, 2);

  /* Where it stands, the piece does not meet itself. */
  predicted = muster_validator_check_placement (validator, r1, r1->x, r1->y, r1->rotation);
  g_assert_cmpuint (predicted->len, ==, 0);
  g_clear_pointer (&predicted, g_ptr_array_unref);

  /* Onto b1, without moving anything; within 20″ of b2 too, though b2
   * came later: a pair rule binds both. */
  predicted = muster_validator_check_placement (validator, r1, 20 * INCH, 8 * INCH + 20, 0);
  got = violation_lines (predicted);
  g_assert_cmpstr (got, ==, "r1 enemy-too-close b2\nr1 outside-zone -\nr1 overlap b1\n");
  g_clear_pointer (&got, g_free);
  g_clear_pointer (&predicted, g_ptr_array_unref);
  predicted = muster_validator_check_placement (validator, muster_layout_lookup_piece (layout, "b2"),
                                                20 * INCH, 30 * INCH, 0);
  got = violation_lines (predicted);
  g_assert_cmpstr (got, ==, "b2 enemy-too-close r1\nb2 outside-zone -\n");
  g_clear_pointer (&got, g_free);
  g_clear_pointer (&predicted, g_ptr_array_unref);
  assert_verdicts (validator, "");
  g_assert_cmpfloat (r1->y, ==, 40 * INCH);

  /* A piece not in the layout. */
  loose = muster_piece_new ("new", MUSTER_PIECE_UNIT, "red", &base, 0, 0);
  loose->turn = 1;
  predicted = muster_validator_check_placement (validator, loose, 20 * INCH, 40 * INCH, 0);
  got = violation_lines (predicted);
  g_assert_cmpstr (got, ==, "new deploy-sequence -\nnew overlap r1\n");
  g_clear_pointer (&got, g_free);
  g_clear_pointer (&predicted, g_ptr_array_unref);
  muster_piece_free (loose);

  /* An objective is never in breach. */
  b1->kind = MUSTER_PIECE_OBJECTIVE;
  muster_layout_piece_changed (layout, b1);
  predicted = muster_validator_check_placement (validator, b1, 20 * INCH, 40 * INCH, 0);
  g_assert_cmpuint (predicted->len, ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  static const RandomCase random_cases[] = {
    /* Crowded tables. */
    { "t9a", "marching-columns", 72, 48, 500, 150 },
    { "t9a", "counterthrust", 72, 48, 120, 100 },
    { "t9a", "encircle", 72, 48, 300, 100 },
    { "infinity", "standard", 48, 48, 500, 150 },
    /* Sparse ones, where turns often hold one unit or none. */
    { "t9a", "marching-columns", 72, 48, 24, 400 },
    { "t9a", "counterthrust", 72, 48, 16, 400 },
  };

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/validate/rule-codes", test_rule_codes);
  g_test_add_func ("/core/validate/violation-new", test_violation_new);
  g_test_add_func ("/core/validate/names", test_names);
  g_test_add_func ("/core/validate/examples", test_examples);
  g_test_add_func ("/core/validate/zone-boundary", test_zone_boundary);
  g_test_add_func ("/core/validate/portrait-zones", test_portrait_zones);
  g_test_add_func ("/core/validate/no-zone-chosen", test_no_zone_chosen);
  g_test_add_func ("/core/validate/off-board", test_off_board);
  g_test_add_func ("/core/validate/terrain-off-board", test_terrain_off_board);
  g_test_add_func ("/core/validate/deployment-over", test_deployment_over);
  g_test_add_func ("/core/validate/objective-contact", test_objective_contact);
  g_test_add_func ("/core/validate/contact-owners", test_contact_owners);
  g_test_add_func ("/core/validate/tolerance", test_tolerance);
  g_test_add_func ("/core/validate/rotated-corners", test_rotated_corners);
  g_test_add_func ("/core/validate/encircle", test_encircle);
  g_test_add_func ("/core/validate/enemy-distance", test_enemy_distance);
  g_test_add_func ("/core/validate/counterthrust-distance", test_counterthrust_distance);
  g_test_add_func ("/core/validate/unit-spacing", test_unit_spacing);
  g_test_add_func ("/core/validate/signals", test_signals);
  g_test_add_func ("/core/validate/game-changes", test_game_changes);
  g_test_add_func ("/core/validate/check-placement", test_check_placement);
  g_test_add_func ("/core/validate/order", test_order);
  g_test_add_func ("/core/validate/base-changes", test_base_changes);

  for (guint i = 0; i < G_N_ELEMENTS (random_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/core/validate/incremental/%s-%s-%u",
                                               random_cases[i].system_id,
                                               random_cases[i].deployment_id,
                                               random_cases[i].n_pieces);

      g_test_add_data_func (path, &random_cases[i], test_incremental);
    }

  return g_test_run ();
}
