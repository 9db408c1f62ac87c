/* test-initiative.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "test-initiative"

#include "config.h"

#include <locale.h>
#include <string.h>

#include "muster-initiative.h"

static const char * const players[] = { "red", "blue", NULL };

typedef struct
{
  MusterDice               *dice;
  MusterInfinityInitiative *infinity;
  MusterT9aPregame         *t9a;
  guint                     changes;
} Fixture;

static void
count_change (gpointer  instance,
              Fixture  *fixture)
{
  fixture->changes++;
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  fixture->dice = muster_dice_new (GPOINTER_TO_UINT (data));
  fixture->infinity = muster_infinity_initiative_new (fixture->dice, players, NULL);
  fixture->t9a = muster_t9a_pregame_new (fixture->dice, players);
  g_signal_connect (fixture->infinity, "changed", G_CALLBACK (count_change), fixture);
  g_signal_connect (fixture->t9a, "changed", G_CALLBACK (count_change), fixture);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_assert_finalize_object (fixture->infinity);
  g_assert_finalize_object (fixture->t9a);
  g_assert_finalize_object (fixture->dice);
}

#define assert_refused(call, code)                          \
  G_STMT_START {                                            \
    g_autoptr(GError) _error = NULL;                        \
    g_assert_false (call);                                  \
    g_assert_error (_error, MUSTER_INITIATIVE_ERROR, code); \
    g_test_message ("refused: %s", _error->message);        \
  } G_STMT_END

#define assert_ok(call)                                     \
  G_STMT_START {                                            \
    g_autoptr(GError) _error = NULL;                        \
    gboolean _ok = call;                                    \
    g_assert_no_error (_error);                             \
    g_assert_true (_ok);                                    \
  } G_STMT_END

static void
set_wips (Fixture *fixture,
          guint    red,
          guint    blue)
{
  assert_ok (muster_infinity_initiative_set_wip (fixture->infinity, 0, red, FALSE, &_error));
  assert_ok (muster_infinity_initiative_set_wip (fixture->infinity, 1, blue, FALSE, &_error));
}

static void
enter_rolls (Fixture *fixture,
             guint    red,
             guint    blue)
{
  assert_ok (muster_infinity_initiative_enter_roll (fixture->infinity, 0, red, &_error));
  assert_ok (muster_infinity_initiative_enter_roll (fixture->infinity, 1, blue, &_error));
}

static void
test_infinity_full (Fixture       *fixture,
                    gconstpointer  data)
{
  MusterInfinityInitiative *ini = fixture->infinity;
  const MusterRoll *roll;

  g_assert_cmpint (muster_infinity_initiative_get_state (ini), ==, MUSTER_INFINITY_INITIATIVE_WIP);
  g_assert_true (muster_infinity_initiative_is_waiting_for (ini, 0));
  g_assert_true (muster_infinity_initiative_is_waiting_for (ini, 1));

  /* Red shows the WIP (Spanish text), blue keeps it private (English). */
  assert_ok (muster_infinity_initiative_set_wip (ini, 0, 13, FALSE, &_error));
  g_assert_false (muster_infinity_initiative_is_waiting_for (ini, 0));
  g_assert_cmpint (muster_infinity_initiative_get_state (ini), ==, MUSTER_INFINITY_INITIATIVE_WIP);
  /* May still be corrected before both are in. */
  assert_ok (muster_infinity_initiative_set_wip (ini, 0, 14, FALSE, &_error));
  assert_ok (muster_infinity_initiative_set_wip (ini, 1, 11, TRUE, &_error));
  g_assert_cmpuint (muster_infinity_initiative_get_wip (ini, 0), ==, 14);
  g_assert_false (muster_infinity_initiative_is_wip_private (ini, 0));
  g_assert_true (muster_infinity_initiative_is_wip_private (ini, 1));

  g_assert_cmpint (muster_infinity_initiative_get_state (ini), ==, MUSTER_INFINITY_INITIATIVE_ROLL);
  g_assert_cmpuint (muster_infinity_initiative_get_n_attempts (ini), ==, 1);
  g_assert_cmpint (muster_infinity_initiative_get_outcome (ini, 0), ==, MUSTER_ROLL_OFF_PENDING);

  assert_ok (muster_infinity_initiative_enter_roll (ini, 1, 9, &_error));
  g_assert_true (muster_infinity_initiative_is_waiting_for (ini, 0));
  g_assert_false (muster_infinity_initiative_is_waiting_for (ini, 1));
  assert_ok (muster_infinity_initiative_roll (ini, 0, &_error));

  /* Seed 42's first d20 is a 3: blue's 9 beats red's 3. */
  g_assert_cmpuint (muster_infinity_initiative_get_roll (ini, 0, 0), ==, 3);
  g_assert_cmpuint (muster_infinity_initiative_get_roll (ini, 0, 1), ==, 9);
  g_assert_cmpint (muster_infinity_initiative_get_outcome (ini, 0), ==, MUSTER_ROLL_OFF_WON);
  g_assert_cmpint (muster_infinity_initiative_get_winner (ini), ==, 1);
  g_assert_cmpint (muster_infinity_initiative_get_state (ini), ==, MUSTER_INFINITY_INITIATIVE_CHOOSE);
  g_assert_false (muster_infinity_initiative_is_waiting_for (ini, 0));
  g_assert_true (muster_infinity_initiative_is_waiting_for (ini, 1));

  /* Both dice are in the log, who and why; blue's private WIP is not. */
  g_assert_cmpuint (muster_dice_get_n_rolls (fixture->dice), ==, 2);
  roll = muster_dice_get_roll (fixture->dice, 0);
  g_assert_cmpstr (roll->who, ==, "blue");
  g_assert_true (roll->manual);
  g_assert_null (strstr (roll->why, "11"));
  roll = muster_dice_get_roll (fixture->dice, 1);
  g_assert_cmpstr (roll->who, ==, "red");
  g_assert_false (roll->manual);
  g_assert_nonnull (strstr (roll->why, "14"));

  assert_ok (muster_infinity_initiative_choose (ini, 1, MUSTER_INFINITY_KEEP_DEPLOYMENT, &_error));
  g_assert_cmpint (muster_infinity_initiative_get_deployment_holder (ini), ==, 1);
  g_assert_cmpint (muster_infinity_initiative_get_initiative_holder (ini), ==, 0);
  g_assert_cmpint (muster_infinity_initiative_get_state (ini), ==, MUSTER_INFINITY_INITIATIVE_DECIDE);
  g_assert_true (muster_infinity_initiative_is_waiting_for (ini, 0));
  g_assert_true (muster_infinity_initiative_is_waiting_for (ini, 1));

  assert_ok (muster_infinity_initiative_choose_deployment (ini, 1, 0, "north", &_error));
  g_assert_cmpint (muster_infinity_initiative_get_first_deployer (ini), ==, 0);
  g_assert_cmpstr (muster_infinity_initiative_get_zone (ini, 1), ==, "north");
  g_assert_cmpstr (muster_infinity_initiative_get_zone (ini, 0), ==, "south");
  g_assert_false (muster_infinity_initiative_is_waiting_for (ini, 1));
  g_assert_cmpint (muster_infinity_initiative_get_state (ini), ==, MUSTER_INFINITY_INITIATIVE_DECIDE);

  assert_ok (muster_infinity_initiative_choose_first_turn (ini, 0, 1, &_error));
  g_assert_cmpint (muster_infinity_initiative_get_first_turn (ini), ==, 1);
  g_assert_cmpint (muster_infinity_initiative_get_state (ini), ==, MUSTER_INFINITY_INITIATIVE_DONE);
  g_assert_false (muster_infinity_initiative_is_waiting_for (ini, 0));
  g_assert_false (muster_infinity_initiative_is_waiting_for (ini, 1));

  /* 4 WIPs set (one corrected), 2 rolls, 3 choices. */
  g_assert_cmpuint (fixture->changes, ==, 8);
}

static void
test_infinity_keep_initiative (Fixture       *fixture,
                               gconstpointer  data)
{
  MusterInfinityInitiative *ini = fixture->infinity;

  set_wips (fixture, 12, 12);
  enter_rolls (fixture, 12, 5);
  g_assert_cmpint (muster_infinity_initiative_get_winner (ini), ==, 0);

  assert_ok (muster_infinity_initiative_choose (ini, 0, MUSTER_INFINITY_KEEP_INITIATIVE, &_error));
  g_assert_cmpint (muster_infinity_initiative_get_initiative_holder (ini), ==, 0);
  g_assert_cmpint (muster_infinity_initiative_get_deployment_holder (ini), ==, 1);

  /* Either choice may come first. */
  assert_ok (muster_infinity_initiative_choose_first_turn (ini, 0, 0, &_error));
  g_assert_cmpint (muster_infinity_initiative_get_state (ini), ==, MUSTER_INFINITY_INITIATIVE_DECIDE);
  assert_ok (muster_infinity_initiative_choose_deployment (ini, 1, 1, "south", &_error));
  g_assert_cmpint (muster_infinity_initiative_get_state (ini), ==, MUSTER_INFINITY_INITIATIVE_DONE);
  g_assert_cmpstr (muster_infinity_initiative_get_zone (ini, 0), ==, "north");
}

static void
test_infinity_tie_rerolls (Fixture       *fixture,
                           gconstpointer  data)
{
  MusterInfinityInitiative *ini = fixture->infinity;

  set_wips (fixture, 13, 11);

  /* Equal successes: re-roll. */
  enter_rolls (fixture, 8, 8);
  g_assert_cmpint (muster_infinity_initiative_get_outcome (ini, 0), ==, MUSTER_ROLL_OFF_TIE);
  g_assert_cmpint (muster_infinity_initiative_get_state (ini), ==, MUSTER_INFINITY_INITIATIVE_ROLL);
  g_assert_cmpuint (muster_infinity_initiative_get_n_attempts (ini), ==, 2);
  g_assert_cmpint (muster_infinity_initiative_get_winner (ini), ==, MUSTER_PLAYER_NONE);
  g_assert_true (muster_infinity_initiative_is_waiting_for (ini, 0));
  g_assert_true (muster_infinity_initiative_is_waiting_for (ini, 1));

  /* Again a tie, on each side's own WIP (no criticals in RULES.md). */
  enter_rolls (fixture, 11, 11);
  g_assert_cmpint (muster_infinity_initiative_get_outcome (ini, 1), ==, MUSTER_ROLL_OFF_TIE);
  g_assert_cmpuint (muster_infinity_initiative_get_n_attempts (ini), ==, 3);

  enter_rolls (fixture, 4, 10);
  g_assert_cmpint (muster_infinity_initiative_get_outcome (ini, 2), ==, MUSTER_ROLL_OFF_WON);
  g_assert_cmpint (muster_infinity_initiative_get_winner (ini), ==, 1);
  g_assert_cmpuint (muster_infinity_initiative_get_roll (ini, 0, 0), ==, 8);
  g_assert_cmpuint (muster_infinity_initiative_get_roll (ini, 2, 1), ==, 10);
  g_assert_cmpuint (muster_dice_get_n_rolls (fixture->dice), ==, 6);
}

static void
test_infinity_double_failure_rerolls (Fixture       *fixture,
                                      gconstpointer  data)
{
  MusterInfinityInitiative *ini = fixture->infinity;

  set_wips (fixture, 10, 12);

  enter_rolls (fixture, 15, 18);
  g_assert_cmpint (muster_infinity_initiative_get_outcome (ini, 0), ==, MUSTER_ROLL_OFF_DOUBLE_FAILURE);
  g_assert_cmpint (muster_infinity_initiative_get_state (ini), ==, MUSTER_INFINITY_INITIATIVE_ROLL);
  g_assert_cmpuint (muster_infinity_initiative_get_n_attempts (ini), ==, 2);

  /* A failed 11 loses to a successful 4. */
  enter_rolls (fixture, 11, 4);
  g_assert_cmpint (muster_infinity_initiative_get_outcome (ini, 1), ==, MUSTER_ROLL_OFF_WON);
  g_assert_cmpint (muster_infinity_initiative_get_winner (ini), ==, 1);
}

static void
test_infinity_higher_success_wins (Fixture       *fixture,
                                   gconstpointer  data)
{
  MusterInfinityInitiative *ini = fixture->infinity;

  /* The higher successful roll wins, whatever the WIPs. */
  set_wips (fixture, 15, 9);
  enter_rolls (fixture, 7, 9);
  g_assert_cmpint (muster_infinity_initiative_get_winner (ini), ==, 1);
}

static void
test_infinity_refusals (Fixture       *fixture,
                        gconstpointer  data)
{
  MusterInfinityInitiative *ini = fixture->infinity;

  assert_refused (muster_infinity_initiative_set_wip (ini, 0, 0, FALSE, &_error),
                  MUSTER_INITIATIVE_ERROR_INVALID);
  assert_refused (muster_infinity_initiative_set_wip (ini, 0, 21, FALSE, &_error),
                  MUSTER_INITIATIVE_ERROR_INVALID);
  assert_refused (muster_infinity_initiative_roll (ini, 0, &_error),
                  MUSTER_INITIATIVE_ERROR_WRONG_STATE);
  assert_refused (muster_infinity_initiative_choose (ini, 0, MUSTER_INFINITY_KEEP_INITIATIVE, &_error),
                  MUSTER_INITIATIVE_ERROR_WRONG_STATE);

  set_wips (fixture, 12, 12);
  assert_refused (muster_infinity_initiative_set_wip (ini, 0, 13, FALSE, &_error),
                  MUSTER_INITIATIVE_ERROR_WRONG_STATE);
  assert_refused (muster_infinity_initiative_enter_roll (ini, 0, 21, &_error),
                  MUSTER_INITIATIVE_ERROR_INVALID);
  assert_refused (muster_infinity_initiative_enter_roll (ini, 0, 0, &_error),
                  MUSTER_INITIATIVE_ERROR_INVALID);
  g_assert_cmpuint (muster_dice_get_n_rolls (fixture->dice), ==, 0);

  assert_ok (muster_infinity_initiative_enter_roll (ini, 0, 6, &_error));
  assert_refused (muster_infinity_initiative_roll (ini, 0, &_error),
                  MUSTER_INITIATIVE_ERROR_ALREADY_ROLLED);
  assert_refused (muster_infinity_initiative_enter_roll (ini, 0, 7, &_error),
                  MUSTER_INITIATIVE_ERROR_ALREADY_ROLLED);
  assert_refused (muster_infinity_initiative_choose_first_turn (ini, 0, 0, &_error),
                  MUSTER_INITIATIVE_ERROR_WRONG_STATE);
  assert_ok (muster_infinity_initiative_enter_roll (ini, 1, 2, &_error));

  /* Red won: blue may not choose. */
  assert_refused (muster_infinity_initiative_choose (ini, 1, MUSTER_INFINITY_KEEP_INITIATIVE, &_error),
                  MUSTER_INITIATIVE_ERROR_NOT_YOUR_CHOICE);
  assert_refused (muster_infinity_initiative_roll (ini, 1, &_error),
                  MUSTER_INITIATIVE_ERROR_WRONG_STATE);
  assert_ok (muster_infinity_initiative_choose (ini, 0, MUSTER_INFINITY_KEEP_INITIATIVE, &_error));
  assert_refused (muster_infinity_initiative_choose (ini, 0, MUSTER_INFINITY_KEEP_DEPLOYMENT, &_error),
                  MUSTER_INITIATIVE_ERROR_WRONG_STATE);

  /* Red holds Initiative, blue Deployment: not the other way round. */
  assert_refused (muster_infinity_initiative_choose_first_turn (ini, 1, 1, &_error),
                  MUSTER_INITIATIVE_ERROR_NOT_YOUR_CHOICE);
  assert_refused (muster_infinity_initiative_choose_deployment (ini, 0, 0, "north", &_error),
                  MUSTER_INITIATIVE_ERROR_NOT_YOUR_CHOICE);
  assert_refused (muster_infinity_initiative_choose_deployment (ini, 1, 0, "east", &_error),
                  MUSTER_INITIATIVE_ERROR_INVALID);

  assert_ok (muster_infinity_initiative_choose_first_turn (ini, 0, 1, &_error));
  assert_refused (muster_infinity_initiative_choose_first_turn (ini, 0, 0, &_error),
                  MUSTER_INITIATIVE_ERROR_WRONG_STATE);
  assert_ok (muster_infinity_initiative_choose_deployment (ini, 1, 1, "north", &_error));

  assert_refused (muster_infinity_initiative_choose_deployment (ini, 1, 0, "south", &_error),
                  MUSTER_INITIATIVE_ERROR_WRONG_STATE);
  assert_refused (muster_infinity_initiative_set_wip (ini, 0, 10, FALSE, &_error),
                  MUSTER_INITIATIVE_ERROR_WRONG_STATE);

  g_assert_cmpint (muster_infinity_initiative_get_first_turn (ini), ==, 1);
  g_assert_cmpint (muster_infinity_initiative_get_first_deployer (ini), ==, 1);
}

static void
test_infinity_custom_zones (void)
{
  static const char * const zones[] = { "west", "east", NULL };
  g_autoptr(MusterDice) dice = muster_dice_new (5);
  g_autoptr(MusterInfinityInitiative) ini = muster_infinity_initiative_new (dice, players, zones);

  g_assert_null (muster_infinity_initiative_get_zone (ini, 0));
  g_assert_true (muster_infinity_initiative_set_wip (ini, 0, 10, TRUE, NULL));
  g_assert_true (muster_infinity_initiative_set_wip (ini, 1, 10, TRUE, NULL));
  g_assert_true (muster_infinity_initiative_enter_roll (ini, 0, 1, NULL));
  g_assert_true (muster_infinity_initiative_enter_roll (ini, 1, 2, NULL));
  g_assert_true (muster_infinity_initiative_choose (ini, 1, MUSTER_INFINITY_KEEP_DEPLOYMENT, NULL));
  g_assert_false (muster_infinity_initiative_choose_deployment (ini, 1, 1, "north", NULL));
  g_assert_true (muster_infinity_initiative_choose_deployment (ini, 1, 1, "east", NULL));
  g_assert_cmpstr (muster_infinity_initiative_get_zone (ini, 0), ==, "west");
}

/* Dice rolled by Muster, over many seeds: every attempt is decided by the
 * rule, re-rolls included, and the log holds two dice per attempt. */
static void
test_infinity_rolled_by_muster (void)
{
  guint rerolls = 0;

  for (guint seed = 0; seed < 300; seed++)
    {
      g_autoptr(MusterDice) dice = muster_dice_new (seed);
      g_autoptr(MusterInfinityInitiative) ini = muster_infinity_initiative_new (dice, players, NULL);
      guint wip[2] = { 8 + seed % 7, 9 + seed % 5 };
      guint n;

      g_assert_true (muster_infinity_initiative_set_wip (ini, 0, wip[0], FALSE, NULL));
      g_assert_true (muster_infinity_initiative_set_wip (ini, 1, wip[1], FALSE, NULL));

      for (guint guard = 0; guard < 100 &&
           muster_infinity_initiative_get_state (ini) == MUSTER_INFINITY_INITIATIVE_ROLL; guard++)
        {
          g_assert_true (muster_infinity_initiative_roll (ini, guard % 2, NULL));
          g_assert_true (muster_infinity_initiative_roll (ini, 1 - guard % 2, NULL));
        }

      g_assert_cmpint (muster_infinity_initiative_get_state (ini), ==, MUSTER_INFINITY_INITIATIVE_CHOOSE);
      n = muster_infinity_initiative_get_n_attempts (ini);
      g_assert_cmpuint (muster_dice_get_n_rolls (dice), ==, 2 * n);

      for (guint a = 0; a < n; a++)
        {
          guint r0 = muster_infinity_initiative_get_roll (ini, a, 0);
          guint r1 = muster_infinity_initiative_get_roll (ini, a, 1);
          gboolean s0 = r0 <= wip[0];
          gboolean s1 = r1 <= wip[1];
          MusterRollOffOutcome outcome = muster_infinity_initiative_get_outcome (ini, a);

          if (!s0 && !s1)
            g_assert_cmpint (outcome, ==, MUSTER_ROLL_OFF_DOUBLE_FAILURE);
          else if (s0 && s1 && r0 == r1)
            g_assert_cmpint (outcome, ==, MUSTER_ROLL_OFF_TIE);
          else
            {
              int winner = (s0 && (!s1 || r0 > r1)) ? 0 : 1;

              g_assert_cmpint (outcome, ==, MUSTER_ROLL_OFF_WON);
              g_assert_cmpuint (a, ==, n - 1);
              g_assert_cmpint (muster_infinity_initiative_get_winner (ini), ==, winner);
            }
        }

      rerolls += n - 1;
    }

  /* Some of those games needed a re-roll. */
  g_assert_cmpuint (rerolls, >, 0);
}

/* ------------------------------------------------------------------ */

static void
enter_roll_off_on (MusterT9aPregame *pre,
                   guint             red,
                   guint             blue)
{
  assert_ok (muster_t9a_pregame_enter_roll_off (pre, 0, red, &_error));
  assert_ok (muster_t9a_pregame_enter_roll_off (pre, 1, blue, &_error));
}

static void
enter_roll_off (Fixture *fixture,
                guint    red,
                guint    blue)
{
  enter_roll_off_on (fixture->t9a, red, blue);
}

static void
test_t9a_refused_flank (Fixture       *fixture,
                        gconstpointer  data)
{
  MusterT9aPregame *pre = fixture->t9a;

  g_assert_cmpint (muster_t9a_pregame_get_state (pre), ==, MUSTER_T9A_PREGAME_DEPLOYMENT_TYPE);
  g_assert_true (muster_t9a_pregame_is_waiting_for (pre, 0));
  g_assert_true (muster_t9a_pregame_is_waiting_for (pre, 1));

  assert_ok (muster_t9a_pregame_enter_deployment_type_roll (pre, MUSTER_PLAYER_NONE, 5, &_error));
  g_assert_cmpstr (muster_t9a_pregame_get_deployment_type (pre), ==, "refused-flank");
  g_assert_cmpuint (muster_t9a_pregame_get_deployment_type_roll (pre), ==, 5);
  g_assert_cmpint (muster_t9a_pregame_get_state (pre), ==, MUSTER_T9A_PREGAME_ROLL_OFF);

  /* Ties re-roll. */
  enter_roll_off (fixture, 3, 3);
  g_assert_cmpint (muster_t9a_pregame_get_outcome (pre, 0), ==, MUSTER_ROLL_OFF_TIE);
  g_assert_cmpuint (muster_t9a_pregame_get_n_attempts (pre), ==, 2);
  g_assert_cmpint (muster_t9a_pregame_get_state (pre), ==, MUSTER_T9A_PREGAME_ROLL_OFF);

  enter_roll_off (fixture, 2, 6);
  g_assert_cmpint (muster_t9a_pregame_get_outcome (pre, 1), ==, MUSTER_ROLL_OFF_WON);
  g_assert_cmpint (muster_t9a_pregame_get_chooser (pre), ==, 1);
  g_assert_cmpint (muster_t9a_pregame_get_state (pre), ==, MUSTER_T9A_PREGAME_TYPE_CHOICE);
  g_assert_false (muster_t9a_pregame_is_waiting_for (pre, 0));
  g_assert_true (muster_t9a_pregame_is_waiting_for (pre, 1));

  /* The zone ids depend on the diagonal, so it comes first. */
  assert_refused (muster_t9a_pregame_choose_zone (pre, 1, "north-west", &_error),
                  MUSTER_INITIATIVE_ERROR_WRONG_STATE);
  assert_refused (muster_t9a_pregame_make_choice (pre, 0, "ne-sw", &_error),
                  MUSTER_INITIATIVE_ERROR_NOT_YOUR_CHOICE);
  assert_refused (muster_t9a_pregame_make_choice (pre, 1, "attacker", &_error),
                  MUSTER_INITIATIVE_ERROR_INVALID);
  assert_ok (muster_t9a_pregame_make_choice (pre, 1, "ne-sw", &_error));
  g_assert_cmpstr (muster_t9a_pregame_get_diagonal (pre), ==, "ne-sw");
  g_assert_null (muster_t9a_pregame_get_role (pre, 0));
  g_assert_null (muster_t9a_pregame_get_short_edge (pre, 1));

  assert_refused (muster_t9a_pregame_choose_zone (pre, 1, "north", &_error),
                  MUSTER_INITIATIVE_ERROR_INVALID);
  assert_refused (muster_t9a_pregame_choose_zone (pre, 1, "north-east", &_error),
                  MUSTER_INITIATIVE_ERROR_INVALID);
  assert_ok (muster_t9a_pregame_choose_zone (pre, 1, "south-east", &_error));
  g_assert_cmpstr (muster_t9a_pregame_get_zone (pre, 1), ==, "south-east");
  g_assert_cmpstr (muster_t9a_pregame_get_zone (pre, 0), ==, "north-west");

  assert_refused (muster_t9a_pregame_choose_first_deployer (pre, 0, 0, &_error),
                  MUSTER_INITIATIVE_ERROR_NOT_YOUR_CHOICE);
  assert_ok (muster_t9a_pregame_choose_first_deployer (pre, 1, 0, &_error));
  g_assert_cmpint (muster_t9a_pregame_get_first_deployer (pre), ==, 0);
  g_assert_cmpint (muster_t9a_pregame_get_state (pre), ==, MUSTER_T9A_PREGAME_DONE);
  g_assert_false (muster_t9a_pregame_is_waiting_for (pre, 1));

  assert_refused (muster_t9a_pregame_make_choice (pre, 1, "nw-se", &_error),
                  MUSTER_INITIATIVE_ERROR_WRONG_STATE);

  /* type, 4 roll-off dice, choice, zone, first deployer */
  g_assert_cmpuint (fixture->changes, ==, 8);
  g_assert_cmpuint (muster_dice_get_n_rolls (fixture->dice), ==, 5);
}

static void
test_t9a_encircle (Fixture       *fixture,
                   gconstpointer  data)
{
  MusterT9aPregame *pre = fixture->t9a;

  assert_ok (muster_t9a_pregame_pick_deployment_type (pre, "encircle", &_error));
  g_assert_cmpuint (muster_t9a_pregame_get_deployment_type_roll (pre), ==, 0);
  enter_roll_off (fixture, 5, 1);
  g_assert_cmpint (muster_t9a_pregame_get_chooser (pre), ==, 0);

  assert_refused (muster_t9a_pregame_make_choice (pre, 0, "nw-se", &_error),
                  MUSTER_INITIATIVE_ERROR_INVALID);
  assert_ok (muster_t9a_pregame_make_choice (pre, 0, "defender", &_error));
  g_assert_cmpstr (muster_t9a_pregame_get_role (pre, 0), ==, "defender");
  g_assert_cmpstr (muster_t9a_pregame_get_role (pre, 1), ==, "attacker");
  g_assert_null (muster_t9a_pregame_get_diagonal (pre));

  assert_refused (muster_t9a_pregame_choose_zone (pre, 0, "north-east", &_error),
                  MUSTER_INITIATIVE_ERROR_INVALID);
  assert_ok (muster_t9a_pregame_choose_zone (pre, 0, "north", &_error));
  g_assert_cmpstr (muster_t9a_pregame_get_zone (pre, 1), ==, "south");
  assert_ok (muster_t9a_pregame_choose_first_deployer (pre, 0, 1, &_error));
}

static void
test_t9a_dawn_assault (Fixture       *fixture,
                       gconstpointer  data)
{
  MusterT9aPregame *pre = fixture->t9a;

  assert_ok (muster_t9a_pregame_enter_deployment_type_roll (pre, 0, 2, &_error));
  g_assert_cmpstr (muster_t9a_pregame_get_deployment_type (pre), ==, "dawn-assault");
  g_assert_cmpstr (muster_dice_get_last_roll (fixture->dice)->who, ==, "red");
  enter_roll_off (fixture, 4, 5);

  assert_refused (muster_t9a_pregame_make_choice (pre, 1, "north", &_error),
                  MUSTER_INITIATIVE_ERROR_INVALID);
  assert_ok (muster_t9a_pregame_make_choice (pre, 1, "east", &_error));
  g_assert_cmpstr (muster_t9a_pregame_get_short_edge (pre, 1), ==, "east");
  g_assert_cmpstr (muster_t9a_pregame_get_short_edge (pre, 0), ==, "west");
  g_assert_null (muster_t9a_pregame_get_role (pre, 1));
}

static void
test_t9a_no_choice (Fixture       *fixture,
                    gconstpointer  data)
{
  MusterT9aPregame *pre = fixture->t9a;

  assert_refused (muster_t9a_pregame_roll_off (pre, 0, &_error),
                  MUSTER_INITIATIVE_ERROR_WRONG_STATE);
  assert_refused (muster_t9a_pregame_pick_deployment_type (pre, "pitched-battle", &_error),
                  MUSTER_INITIATIVE_ERROR_UNKNOWN);
  assert_refused (muster_t9a_pregame_enter_deployment_type_roll (pre, 0, 7, &_error),
                  MUSTER_INITIATIVE_ERROR_INVALID);
  g_assert_cmpuint (muster_dice_get_n_rolls (fixture->dice), ==, 0);

  assert_ok (muster_t9a_pregame_pick_deployment_type (pre, "counterthrust", &_error));
  assert_refused (muster_t9a_pregame_pick_deployment_type (pre, "encircle", &_error),
                  MUSTER_INITIATIVE_ERROR_WRONG_STATE);
  g_assert_cmpint (muster_t9a_pregame_get_type_choice (pre, "counterthrust"), ==,
                   MUSTER_T9A_CHOICE_NONE);

  assert_ok (muster_t9a_pregame_roll_off (pre, 1, &_error));
  assert_refused (muster_t9a_pregame_roll_off (pre, 1, &_error),
                  MUSTER_INITIATIVE_ERROR_ALREADY_ROLLED);
  assert_refused (muster_t9a_pregame_enter_roll_off (pre, 0, 0, &_error),
                  MUSTER_INITIATIVE_ERROR_INVALID);

  /* Roll red's die until the tie breaks. */
  while (muster_t9a_pregame_get_state (pre) == MUSTER_T9A_PREGAME_ROLL_OFF)
    {
      int player = muster_t9a_pregame_is_waiting_for (pre, 0) ? 0 : 1;

      assert_ok (muster_t9a_pregame_roll_off (pre, player, &_error));
    }

  /* Counterthrust asks for nothing: straight to the zone. */
  g_assert_cmpint (muster_t9a_pregame_get_state (pre), ==, MUSTER_T9A_PREGAME_ZONE);
  assert_refused (muster_t9a_pregame_make_choice (pre, muster_t9a_pregame_get_chooser (pre), "west", &_error),
                  MUSTER_INITIATIVE_ERROR_WRONG_STATE);

  for (guint a = 0; a < muster_t9a_pregame_get_n_attempts (pre); a++)
    {
      guint r0 = muster_t9a_pregame_get_roll (pre, a, 0);
      guint r1 = muster_t9a_pregame_get_roll (pre, a, 1);

      g_assert_cmpuint (r0, >=, 1);
      g_assert_cmpuint (r0, <=, 6);
      if (r0 == r1)
        g_assert_cmpint (muster_t9a_pregame_get_outcome (pre, a), ==, MUSTER_ROLL_OFF_TIE);
      else
        g_assert_cmpint (muster_t9a_pregame_get_chooser (pre), ==, r0 > r1 ? 0 : 1);
    }
}

static void
test_t9a_roll_type (void)
{
  static const char * const by_roll[] = {
    NULL, "frontline-clash", "dawn-assault", "counterthrust",
    "encircle", "refused-flank", "marching-columns",
  };

  for (guint seed = 0; seed < 30; seed++)
    {
      g_autoptr(MusterDice) dice = muster_dice_new (seed);
      g_autoptr(MusterT9aPregame) pre = muster_t9a_pregame_new (dice, players);
      guint roll;

      g_assert_true (muster_t9a_pregame_roll_deployment_type (pre, MUSTER_PLAYER_NONE, NULL));
      roll = muster_t9a_pregame_get_deployment_type_roll (pre);
      g_assert_cmpuint (roll, ==, muster_dice_get_last_roll (dice)->value);
      g_assert_cmpuint (muster_dice_get_last_roll (dice)->sides, ==, 6);
      g_assert_cmpstr (muster_t9a_pregame_get_deployment_type (pre), ==, by_roll[roll]);
    }
}

static void
test_t9a_custom_type (void)
{
  g_autoptr(MusterDice) dice = muster_dice_new (1);
  g_autoptr(MusterT9aPregame) pre = muster_t9a_pregame_new (dice, players);
  const char * const *values;

  muster_t9a_pregame_add_deployment_type (pre, "hold-the-line", 1, MUSTER_T9A_CHOICE_ROLE);
  g_assert_cmpint (muster_t9a_pregame_get_type_choice (pre, "hold-the-line"), ==, MUSTER_T9A_CHOICE_ROLE);
  g_assert_cmpint (muster_t9a_pregame_get_type_choice (pre, "unknown"), ==, MUSTER_T9A_CHOICE_NONE);

  values = muster_t9a_choice_get_values (MUSTER_T9A_CHOICE_DIAGONAL);
  g_assert_cmpstr (values[0], ==, "nw-se");
  g_assert_cmpstr (values[1], ==, "ne-sw");
  g_assert_null (values[2]);
  g_assert_null (muster_t9a_choice_get_values (MUSTER_T9A_CHOICE_NONE)[0]);

  /* A 1 now picks the newcomer. */
  g_assert_true (muster_t9a_pregame_enter_deployment_type_roll (pre, MUSTER_PLAYER_NONE, 1, NULL));
  g_assert_cmpstr (muster_t9a_pregame_get_deployment_type (pre), ==, "hold-the-line");
}

static void
test_t9a_unlisted_roll (void)
{
  g_autoptr(MusterDice) dice = muster_dice_new (1);
  g_autoptr(MusterT9aPregame) pre = muster_t9a_pregame_new (dice, players);
  g_autoptr(GError) error = NULL;

  /* Frontline Clash taken off the table: a 1 picks nothing. */
  muster_t9a_pregame_add_deployment_type (pre, "frontline-clash", 0, MUSTER_T9A_CHOICE_NONE);
  g_assert_false (muster_t9a_pregame_enter_deployment_type_roll (pre, MUSTER_PLAYER_NONE, 1, &error));
  g_assert_error (error, MUSTER_INITIATIVE_ERROR, MUSTER_INITIATIVE_ERROR_UNKNOWN);
  g_assert_cmpint (muster_t9a_pregame_get_state (pre), ==, MUSTER_T9A_PREGAME_DEPLOYMENT_TYPE);

  /* It can still be agreed on. */
  g_assert_true (muster_t9a_pregame_pick_deployment_type (pre, "frontline-clash", NULL));
}

static GBytes *
read_system (const char *name)
{
  g_autofree char *path = g_build_filename (TEST_DATA_DIR, "..", "..", "data", "systems", name, NULL);
  g_autoptr(GError) error = NULL;
  char *contents = NULL;
  gsize length = 0;

  g_file_get_contents (path, &contents, &length, &error);
  g_assert_no_error (error);

  return g_bytes_new_take (contents, length);
}

static void
test_t9a_load_types_shipped (void)
{
  static const char * const by_roll[] = {
    NULL, "frontline-clash", "dawn-assault", "counterthrust",
    "encircle", "refused-flank", "marching-columns",
  };
  g_autoptr(GBytes) bytes = read_system ("t9a.xml");
  g_autoptr(MusterDice) dice = muster_dice_new (1);
  g_autoptr(MusterT9aPregame) pre = muster_t9a_pregame_new (dice, players);

  /* The shipped file's D6 table is RULES.md's. */
  assert_ok (muster_t9a_pregame_load_types (pre, bytes, "t9a.xml", &_error));
  for (guint roll = 1; roll <= 6; roll++)
    {
      g_autoptr(MusterDice) d = muster_dice_new (roll);
      g_autoptr(MusterT9aPregame) p = muster_t9a_pregame_new (d, players);

      assert_ok (muster_t9a_pregame_load_types (p, bytes, "t9a.xml", &_error));
      assert_ok (muster_t9a_pregame_enter_deployment_type_roll (p, MUSTER_PLAYER_NONE, roll, &_error));
      g_assert_cmpstr (muster_t9a_pregame_get_deployment_type (p), ==, by_roll[roll]);
    }

  g_assert_cmpint (muster_t9a_pregame_get_type_choice (pre, "refused-flank"), ==, MUSTER_T9A_CHOICE_DIAGONAL);
  g_assert_cmpint (muster_t9a_pregame_get_type_choice (pre, "encircle"), ==, MUSTER_T9A_CHOICE_ROLE);
  g_assert_cmpint (muster_t9a_pregame_get_type_choice (pre, "dawn-assault"), ==, MUSTER_T9A_CHOICE_SHORT_EDGE);
  g_assert_cmpint (muster_t9a_pregame_get_type_choice (pre, "counterthrust"), ==, MUSTER_T9A_CHOICE_NONE);
}

static void
test_t9a_load_types_custom (void)
{
  static const char xml[] =
    "<game-system>\n"
    "  <deployments>\n"
    "    <deployment id=\"frontline-clash\" roll=\"1\"/>\n"
    "    <deployment id=\"hold-the-line\" roll=\"2\"/>\n"
    "    <deployment id=\"skirmish\"/>\n"
    "  </deployments>\n"
    "  <deployment-sequence>\n"
    "    <deployment id=\"hold-the-line\" choice=\"short-edge\"/>\n"
    "    <deployment id=\"frontline-clash\" choice=\"role\"/>\n"
    "    <deployment id=\"skirmish\"/>\n"
    "  </deployment-sequence>\n"
    "</game-system>\n";
  g_autoptr(GBytes) bytes = g_bytes_new_static (xml, strlen (xml));
  g_autoptr(MusterDice) dice = muster_dice_new (1);
  g_autoptr(MusterT9aPregame) pre = muster_t9a_pregame_new (dice, players);

  assert_ok (muster_t9a_pregame_load_types (pre, bytes, "custom.xml", &_error));
  g_assert_cmpint (muster_t9a_pregame_get_type_choice (pre, "frontline-clash"), ==, MUSTER_T9A_CHOICE_ROLE);
  g_assert_cmpint (muster_t9a_pregame_get_type_choice (pre, "hold-the-line"), ==, MUSTER_T9A_CHOICE_SHORT_EDGE);

  /* The table is the file's: encircle is gone, a 3 picks nothing. */
  assert_refused (muster_t9a_pregame_pick_deployment_type (pre, "encircle", &_error),
                  MUSTER_INITIATIVE_ERROR_UNKNOWN);
  assert_refused (muster_t9a_pregame_enter_deployment_type_roll (pre, MUSTER_PLAYER_NONE, 3, &_error),
                  MUSTER_INITIATIVE_ERROR_UNKNOWN);
  assert_ok (muster_t9a_pregame_enter_deployment_type_roll (pre, MUSTER_PLAYER_NONE, 2, &_error));
  g_assert_cmpstr (muster_t9a_pregame_get_deployment_type (pre), ==, "hold-the-line");
  enter_roll_off_on (pre, 6, 1);
  assert_ok (muster_t9a_pregame_make_choice (pre, 0, "west", &_error));

  /* Too late to change the table now. */
  assert_refused (muster_t9a_pregame_load_types (pre, bytes, "custom.xml", &_error),
                  MUSTER_INITIATIVE_ERROR_WRONG_STATE);
}

static void
assert_types_fail (const char *xml,
                   const char *prefix)
{
  g_autoptr(GBytes) bytes = g_bytes_new (xml, strlen (xml));
  g_autoptr(MusterDice) dice = muster_dice_new (1);
  g_autoptr(MusterT9aPregame) pre = muster_t9a_pregame_new (dice, players);
  g_autoptr(GError) error = NULL;

  g_assert_false (muster_t9a_pregame_load_types (pre, bytes, "bad.xml", &error));
  g_assert_error (error, MUSTER_INITIATIVE_ERROR, MUSTER_INITIATIVE_ERROR_DATA);
  g_test_message ("refused: %s", error->message);
  g_assert_true (g_str_has_prefix (error->message, prefix));
  /* The built-in table is untouched. */
  g_assert_cmpint (muster_t9a_pregame_get_type_choice (pre, "encircle"), ==, MUSTER_T9A_CHOICE_ROLE);
}

static void
test_t9a_load_types_errors (void)
{
  assert_types_fail ("<game-system><deployments>", "bad.xml:1:");
  assert_types_fail ("<game-system/>", "bad.xml:1:");
  assert_types_fail ("<game-system><deployments><deployment roll=\"1\"/></deployments></game-system>",
                     "bad.xml:1:");
  assert_types_fail ("<game-system><deployments>\n<deployment id=\"a\" roll=\"7\"/>"
                     "</deployments></game-system>", "bad.xml:2:");
  assert_types_fail ("<game-system><deployments><deployment id=\"a\" roll=\"1\"/>"
                     "<deployment id=\"b\" roll=\"1\"/></deployments></game-system>", "bad.xml:1:");
  assert_types_fail ("<game-system><deployments><deployment id=\"a\"/>"
                     "<deployment id=\"a\"/></deployments></game-system>", "bad.xml:1:");
  assert_types_fail ("<game-system><deployments><deployment id=\"a\"/></deployments>"
                     "<deployment-sequence><deployment id=\"b\"/></deployment-sequence></game-system>",
                     "bad.xml:1:");
  assert_types_fail ("<game-system><deployments><deployment id=\"a\"/></deployments>"
                     "<deployment-sequence><deployment id=\"a\" choice=\"edge\"/></deployment-sequence>"
                     "</game-system>", "bad.xml:1:");
  assert_types_fail ("<game-system><deployments><deployment id=\"a\"/></deployments>"
                     "<deployment-sequence><type id=\"a\"/></deployment-sequence></game-system>",
                     "bad.xml:1:");
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add (path, Fixture, GUINT_TO_POINTER (42), fixture_set_up, func, fixture_tear_down)

  ADD ("/core/initiative/infinity/full", test_infinity_full);
  ADD ("/core/initiative/infinity/keep-initiative", test_infinity_keep_initiative);
  ADD ("/core/initiative/infinity/tie-rerolls", test_infinity_tie_rerolls);
  ADD ("/core/initiative/infinity/double-failure-rerolls", test_infinity_double_failure_rerolls);
  ADD ("/core/initiative/infinity/higher-success-wins", test_infinity_higher_success_wins);
  ADD ("/core/initiative/infinity/refusals", test_infinity_refusals);
  g_test_add_func ("/core/initiative/infinity/custom-zones", test_infinity_custom_zones);
  g_test_add_func ("/core/initiative/infinity/rolled-by-muster", test_infinity_rolled_by_muster);

  ADD ("/core/initiative/t9a/refused-flank", test_t9a_refused_flank);
  ADD ("/core/initiative/t9a/encircle", test_t9a_encircle);
  ADD ("/core/initiative/t9a/dawn-assault", test_t9a_dawn_assault);
  ADD ("/core/initiative/t9a/no-choice", test_t9a_no_choice);
  g_test_add_func ("/core/initiative/t9a/roll-type", test_t9a_roll_type);
  g_test_add_func ("/core/initiative/t9a/custom-type", test_t9a_custom_type);
  g_test_add_func ("/core/initiative/t9a/unlisted-roll", test_t9a_unlisted_roll);
  g_test_add_func ("/core/initiative/t9a/load-types-shipped", test_t9a_load_types_shipped);
  g_test_add_func ("/core/initiative/t9a/load-types-custom", test_t9a_load_types_custom);
  g_test_add_func ("/core/initiative/t9a/load-types-errors", test_t9a_load_types_errors);

#undef ADD

  return g_test_run ();
}
