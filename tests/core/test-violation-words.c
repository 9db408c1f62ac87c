/* test-violation-words.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "test-violation-words"

#include "config.h"

#include "validate-helpers.h"

/* What a violation says, in words, in the window and on the command line. */

typedef struct
{
  MusterRuleCode         code;
  MusterViolationOther   other_kind;
  const char            *other_id;
  const char            *other_name;
  MusterTerrainKind      terrain;
  MusterSequenceProblem  sequence;
  const char            *expected;
} Case;

/* The violation of u1 that case c describes: unit spacing at 1″, other
 * distances 20″, sequences in a Deployment Phase of four steps. */
static MusterViolation
violation_of (const Case *c)
{
  MusterViolation v = { 0 };

  v.serial = 1;
  v.piece_id = (char *) "u1";
  v.code = c->code;
  v.other_id = (char *) c->other_id;
  v.other_name = (char *) c->other_name;
  v.other_kind = c->other_kind;
  v.other_terrain = c->terrain;
  v.distance = c->code == MUSTER_RULE_UNIT_SPACING ? INCH : 20 * INCH;
  v.sequence = c->sequence;
  v.steps = 4;
  v.turn = 1;

  return v;
}

static void
test_describe (void)
{
  static const Case cases[] = {
    { MUSTER_RULE_OFF_BOARD, MUSTER_VIOLATION_OTHER_NONE, NULL, NULL, 0, 0, "Not entirely on the table" },
    { MUSTER_RULE_OUTSIDE_ZONE, MUSTER_VIOLATION_OTHER_NONE, NULL, NULL, 0, 0,
      "Not entirely inside the deployment zone" },
    /* A piece is named as the player named it ... */
    { MUSTER_RULE_BASE_CONTACT, MUSTER_VIOLATION_OTHER_ENEMY, "b2", "Fusiliers 2", 0, 0,
      "In contact with enemy Fusiliers 2" },
    { MUSTER_RULE_BASE_CONTACT, MUSTER_VIOLATION_OTHER_NEUTRAL, "n1", "Civilian", 0, 0,
      "In contact with neutral Civilian" },
    { MUSTER_RULE_BASE_CONTACT, MUSTER_VIOLATION_OTHER_OBJECTIVE, "o1", "Antenna", 0, 0,
      "In contact with the objective Antenna" },
    { MUSTER_RULE_BASE_CONTACT, MUSTER_VIOLATION_OTHER_MARKER, "m1", "Mine", 0, 0,
      "In contact with the marker Mine" },
    { MUSTER_RULE_OVERLAP, MUSTER_VIOLATION_OTHER_FRIEND, "u1", "Warriors", 0, 0, "Overlaps Warriors" },
    { MUSTER_RULE_OVERLAP, MUSTER_VIOLATION_OTHER_TERRAIN, "t1", "the old mill", MUSTER_TERRAIN_BUILDING, 0,
      "Overlaps the old mill" },
    { MUSTER_RULE_ENEMY_TOO_CLOSE, MUSTER_VIOLATION_OTHER_ENEMY, "b3", "Knights", 0, 0,
      "Within 20″ of enemy unit Knights" },
    { MUSTER_RULE_UNIT_SPACING, MUSTER_VIOLATION_OTHER_FRIEND, "u4", "Skirmishers 3", 0, 0,
      "Within 1″ of Skirmishers 3" },
    { MUSTER_RULE_DEPLOY_ORDER, MUSTER_VIOLATION_OTHER_FRIEND, "u4", "Warriors", 0, 0,
      "Not farther from the short edge than Warriors, deployed before it" },
    /* ... else objectives, markers and terrain by what they are, units
     * and models by their id. */
    { MUSTER_RULE_BASE_CONTACT, MUSTER_VIOLATION_OTHER_OBJECTIVE, "o1", NULL, 0, 0,
      "In contact with the objective" },
    { MUSTER_RULE_BASE_CONTACT, MUSTER_VIOLATION_OTHER_MARKER, "m1", NULL, 0, 0,
      "In contact with the marker" },
    { MUSTER_RULE_BASE_CONTACT, MUSTER_VIOLATION_OTHER_ENEMY, "b2", NULL, 0, 0, "In contact with enemy b2" },
    { MUSTER_RULE_OVERLAP, MUSTER_VIOLATION_OTHER_OBJECTIVE, "o1", NULL, 0, 0, "Overlaps the objective" },
    { MUSTER_RULE_OVERLAP, MUSTER_VIOLATION_OTHER_MARKER, "m1", NULL, 0, 0, "Overlaps the marker" },
    { MUSTER_RULE_OVERLAP, MUSTER_VIOLATION_OTHER_TERRAIN, "t1", NULL, MUSTER_TERRAIN_BUILDING, 0,
      "Overlaps the building" },
    { MUSTER_RULE_OVERLAP, MUSTER_VIOLATION_OTHER_TERRAIN, "t2", NULL, MUSTER_TERRAIN_IMPASSABLE, 0,
      "Overlaps the impassable terrain" },
    { MUSTER_RULE_OVERLAP, MUSTER_VIOLATION_OTHER_ENEMY, "b2", NULL, 0, 0, "Overlaps b2" },
    { MUSTER_RULE_UNIT_SPACING, MUSTER_VIOLATION_OTHER_TERRAIN, "t1", NULL, MUSTER_TERRAIN_BUILDING, 0,
      "Within 1″ of the building" },
    { MUSTER_RULE_UNIT_SPACING, MUSTER_VIOLATION_OTHER_TERRAIN, "t2", NULL, MUSTER_TERRAIN_IMPASSABLE, 0,
      "Within 1″ of the impassable terrain" },
    { MUSTER_RULE_ENEMY_TOO_CLOSE, MUSTER_VIOLATION_OTHER_ENEMY, "b3", NULL, 0, 0,
      "Within 20″ of enemy unit b3" },
    /* Sequences, by turns (9th Age) and by steps (Infinity). */
    { MUSTER_RULE_DEPLOY_SEQUENCE, MUSTER_VIOLATION_OTHER_NONE, NULL, NULL, 0, MUSTER_SEQUENCE_CROWDED_TURN,
      "More than one unit deployed in turn 1" },
    { MUSTER_RULE_DEPLOY_SEQUENCE, MUSTER_VIOLATION_OTHER_NONE, NULL, NULL, 0, MUSTER_SEQUENCE_BEYOND_LAST,
      "Deployed in step 1; the Deployment Phase has 4 steps" },
    { MUSTER_RULE_DEPLOY_SEQUENCE, MUSTER_VIOLATION_OTHER_NONE, NULL, NULL, 0, MUSTER_SEQUENCE_SHARED_STEP,
      "Troopers of two players deployed in step 1" },
    { MUSTER_RULE_DEPLOY_SEQUENCE, MUSTER_VIOLATION_OTHER_NONE, NULL, NULL, 0,
      MUSTER_SEQUENCE_OTHER_PLAYERS_STEP, "Deployed in step 1, the other player’s step" },
    { MUSTER_RULE_DEPLOY_SEQUENCE, MUSTER_VIOLATION_OTHER_NONE, NULL, NULL, 0, MUSTER_SEQUENCE_CROWDED_LAST,
      "More than one trooper deployed in step 1, which is for the one kept back" },
    { MUSTER_RULE_DEPLOY_SEQUENCE, MUSTER_VIOLATION_OTHER_NONE, NULL, NULL, 0, MUSTER_SEQUENCE_NONE_KEPT_BACK,
      "All troopers deployed in step 1: one is kept back for step 3" },
  };
  g_autoptr(MusterViolation) copy = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      MusterViolation v = violation_of (&cases[i]);
      g_autofree char *text = NULL;

      text = muster_violation_describe (&v);
      g_assert_cmpstr (text, ==, cases[i].expected);

      if (i == 2)
        copy = muster_violation_copy (&v);
    }

  g_assert_cmpstr (copy->piece_id, ==, "u1");
  g_assert_cmpstr (copy->other_name, ==, "Fusiliers 2");
  g_assert_cmpuint (copy->turn, ==, 1);

  /* In the units the player chose. */
  {
    MusterViolation v = { 0 };
    g_autofree char *cm = NULL;
    g_autofree char *mm = NULL;

    v.serial = 1;
    v.piece_id = (char *) "u1";
    v.code = MUSTER_RULE_UNIT_SPACING;
    v.other_id = (char *) "u2";
    v.other_name = (char *) "Skirmishers 3";
    v.other_kind = MUSTER_VIOLATION_OTHER_FRIEND;
    v.distance = INCH;
    cm = muster_violation_describe_in (&v, MUSTER_UNIT_CM);
    mm = muster_violation_describe_in (&v, MUSTER_UNIT_MM);
    g_assert_cmpstr (cm, ==, "Within 2.54 cm of Skirmishers 3");
    g_assert_cmpstr (mm, ==, "Within 25.4 mm of Skirmishers 3");
  }
}

/* For the command line, an unnamed objective, marker or terrain is named
 * by its id too (DESIGN.md: pair rules name the other); what has a name,
 * and models and units, are worded as in the window. */
static void
test_describe_naming (void)
{
  static const Case cases[] = {
    { MUSTER_RULE_BASE_CONTACT, MUSTER_VIOLATION_OTHER_OBJECTIVE, "o1", NULL, 0, 0,
      "In contact with the objective o1" },
    { MUSTER_RULE_BASE_CONTACT, MUSTER_VIOLATION_OTHER_MARKER, "m1", NULL, 0, 0, "In contact with the marker m1" },
    { MUSTER_RULE_OVERLAP, MUSTER_VIOLATION_OTHER_OBJECTIVE, "o1", NULL, 0, 0, "Overlaps the objective o1" },
    { MUSTER_RULE_OVERLAP, MUSTER_VIOLATION_OTHER_MARKER, "m1", NULL, 0, 0, "Overlaps the marker m1" },
    { MUSTER_RULE_OVERLAP, MUSTER_VIOLATION_OTHER_TERRAIN, "t1", NULL, MUSTER_TERRAIN_BUILDING, 0,
      "Overlaps the building t1" },
    { MUSTER_RULE_OVERLAP, MUSTER_VIOLATION_OTHER_TERRAIN, "t2", NULL, MUSTER_TERRAIN_IMPASSABLE, 0,
      "Overlaps the impassable terrain t2" },
    { MUSTER_RULE_UNIT_SPACING, MUSTER_VIOLATION_OTHER_TERRAIN, "t1", NULL, MUSTER_TERRAIN_BUILDING, 0,
      "Within 1″ of the building t1" },
    { MUSTER_RULE_UNIT_SPACING, MUSTER_VIOLATION_OTHER_TERRAIN, "t2", NULL, MUSTER_TERRAIN_IMPASSABLE, 0,
      "Within 1″ of the impassable terrain t2" },
    { MUSTER_RULE_BASE_CONTACT, MUSTER_VIOLATION_OTHER_OBJECTIVE, "o1", "Antenna", 0, 0,
      "In contact with the objective Antenna" },
    { MUSTER_RULE_OVERLAP, MUSTER_VIOLATION_OTHER_TERRAIN, "t1", "the old mill", MUSTER_TERRAIN_BUILDING, 0,
      "Overlaps the old mill" },
    { MUSTER_RULE_OVERLAP, MUSTER_VIOLATION_OTHER_ENEMY, "b2", NULL, 0, 0, "Overlaps b2" },
    { MUSTER_RULE_UNIT_SPACING, MUSTER_VIOLATION_OTHER_FRIEND, "u4", NULL, 0, 0, "Within 1″ of u4" },
    { MUSTER_RULE_OFF_BOARD, MUSTER_VIOLATION_OTHER_NONE, NULL, NULL, 0, 0, "Not entirely on the table" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      MusterViolation v = violation_of (&cases[i]);
      g_autofree char *text = NULL;

      text = muster_violation_describe_naming (&v, MUSTER_UNIT_INCH);
      g_assert_cmpstr (text, ==, cases[i].expected);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/validate/describe", test_describe);
  g_test_add_func ("/core/validate/describe-naming", test_describe_naming);

  return g_test_run ();
}
