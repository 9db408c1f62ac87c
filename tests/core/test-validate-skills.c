/* test-validate-skills.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "test-validate-skills"

#include "config.h"

#include "validate-helpers.h"

/* Infinity's deployment skills: where they let a trooper deploy, and
 * what they do not excuse. */

static void
test_skill_region (void)
{
  g_autoptr(MusterLayout) layout = new_infinity ();
  g_autoptr(MusterValidator) validator = validator_for (layout);
  MusterPiece *r1;
  g_autofree char *got = NULL;

  /* In red's half, outside its 12″ zone. */
  r1 = add_round (layout, "r1", MUSTER_PIECE_MODEL, "red", 25, 10 * INCH, 30 * INCH, 0);
  assert_verdicts (validator, "r1: outside-zone\n");

  /* Infiltration: anywhere in the own half of the table. */
  r1->skills = g_strsplit ("infiltration", " ", -1);
  muster_layout_piece_changed (layout, r1);
  assert_verdicts (validator, "");

  /* Straddling the Centre Line: outside both. */
  move_by (layout, r1, 0, -6 * INCH);
  assert_verdicts (validator, "r1: outside-zone\n");

  /* Off-table skills do not excuse a trooper that is on the table. */
  g_strfreev (r1->skills);
  r1->skills = g_strsplit ("airborne-deployment", " ", -1);
  muster_layout_piece_changed (layout, r1);
  muster_layout_move_piece (layout, r1, 10 * INCH, 30 * INCH, 0);
  got = verdicts_of (validator);
  g_assert_cmpstr (got, ==, "r1: outside-zone\n");
}

/* "Not in contact with enemy or neutral models, markers or tokens, nor
 * with any objective, whatever the trooper's skills": a skill that lets a
 * trooper deploy out of its zone lets it touch nothing more. */
static void
test_contact_whatever_skills (void)
{
  static const char * const skills[] = {
    "infiltration", "impersonation", "mechanized-deployment", "forward-deployment",
    "airborne-deployment", "to-camouflage",
  };

  for (guint i = 0; i < G_N_ELEMENTS (skills); i++)
    {
      g_autoptr(MusterLayout) layout = new_infinity ();
      g_autoptr(MusterValidator) validator = validator_for (layout);
      MusterPiece *r1, *r2, *b1;

      g_test_message ("%s", skills[i]);
      /* In its zone, touching an objective; out of it, where the skill
       * lets it be (infiltration: its own half), touching an enemy that
       * has the skill too. */
      add_round (layout, "o1", MUSTER_PIECE_OBJECTIVE, MUSTER_OWNER_NEUTRAL, 40, 24 * INCH, 42 * INCH, 0);
      r1 = add_round (layout, "r1", MUSTER_PIECE_MODEL, "red", 25, 24 * INCH + 32.5, 42 * INCH, 0);
      r2 = add_round (layout, "r2", MUSTER_PIECE_MODEL, "red", 25, 10 * INCH, 30 * INCH, 0);
      b1 = add_round (layout, "b1", MUSTER_PIECE_MODEL, "blue", 25, 10 * INCH + 25, 30 * INCH, 0);
      r1->skills = g_strsplit (skills[i], " ", -1);
      r2->skills = g_strsplit (skills[i], " ", -1);
      b1->skills = g_strsplit (skills[i], " ", -1);
      muster_layout_piece_changed (layout, r1);
      muster_layout_piece_changed (layout, r2);
      muster_layout_piece_changed (layout, b1);

      g_assert_true (has_verdict (validator, "r1", MUSTER_RULE_BASE_CONTACT, "o1"));
      g_assert_true (has_verdict (validator, "r2", MUSTER_RULE_BASE_CONTACT, "b1"));
      g_assert_true (has_verdict (validator, "b1", MUSTER_RULE_BASE_CONTACT, "r2"));
      if (g_str_equal (skills[i], "infiltration"))
        g_assert_false (has_verdict (validator, "r2", MUSTER_RULE_OUTSIDE_ZONE, NULL));
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/validate/skill-region", test_skill_region);
  g_test_add_func ("/core/validate/contact-whatever-skills", test_contact_whatever_skills);

  return g_test_run ();
}
