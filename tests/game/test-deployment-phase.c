/* test-deployment-phase.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "test-deployment-phase"

#include "config.h"

#include <locale.h>
#include <string.h>

#include <gio/gio.h>

#include "muster-deployment-phase.h"
#include "muster-xml.h"

static const char * const players[] = { "red", "blue", NULL };

#define RED  0
#define BLUE 1

#define assert_refused(call, code)                                \
  G_STMT_START {                                                  \
    g_autoptr(GError) _error = NULL;                              \
    g_assert_false (call);                                        \
    g_assert_error (_error, MUSTER_DEPLOYMENT_PHASE_ERROR, code); \
    g_test_message ("refused: %s", _error->message);              \
  } G_STMT_END

#define assert_ok(call)                                           \
  G_STMT_START {                                                  \
    g_autoptr(GError) _error = NULL;                              \
    gboolean _ok = call;                                          \
    g_assert_no_error (_error);                                   \
    g_assert_true (_ok);                                          \
  } G_STMT_END

#define place(phase, player, id) \
  assert_ok (muster_deployment_phase_place (phase, player, id, NULL, &_error))
#define finish(phase, player) \
  assert_ok (muster_deployment_phase_finish_step (phase, player, &_error))

static void
add (MusterDeploymentPhase *phase,
     int                    player,
     const char            *id,
     MusterTrooperFlags     flags,
     const char            *category)
{
  const char * const categories[] = { category, NULL };

  assert_ok (muster_deployment_phase_add_trooper (phase, player, id, flags,
                                                  category != NULL ? categories : NULL, &_error));
}

static void
count_change (MusterDeploymentPhase *phase,
              guint                 *count)
{
  (*count)++;
}

static void
assert_describes (MusterDeploymentPhase *phase,
                  const char            *expected)
{
  g_autofree char *text = muster_deployment_phase_describe (phase);

  g_assert_cmpstr (text, ==, expected);
}

/* ------------------------------------------------------------------ */
/* Infinity                                                           */
/* ------------------------------------------------------------------ */

static MusterDeploymentPhase *
infinity_phase (void)
{
  MusterDeploymentPhase *phase = muster_deployment_phase_new_infinity (players, RED);

  /* Red: five troopers, the Lieutenant among them. */
  add (phase, RED, "r1", MUSTER_TROOPER_LIEUTENANT, NULL);
  add (phase, RED, "r2", MUSTER_TROOPER_NONE, NULL);
  add (phase, RED, "r3", MUSTER_TROOPER_NONE, NULL);
  add (phase, RED, "r4", MUSTER_TROOPER_NONE, NULL);
  add (phase, RED, "r5", MUSTER_TROOPER_NONE, NULL);
  /* Blue: four, two with Airborne Deployment, the Lieutenant one of them. */
  add (phase, BLUE, "b1", MUSTER_TROOPER_NONE, NULL);
  add (phase, BLUE, "b2", MUSTER_TROOPER_NONE, NULL);
  add (phase, BLUE, "b-ad", MUSTER_TROOPER_MAY_STAY_OFF_TABLE, NULL);
  add (phase, BLUE, "b-lt", MUSTER_TROOPER_LIEUTENANT | MUSTER_TROOPER_MAY_STAY_OFF_TABLE, NULL);

  return phase;
}

static void
test_infinity_four_steps (void)
{
  MusterDeploymentPhase *phase = infinity_phase ();
  guint changes = 0;

  g_signal_connect (phase, "changed", G_CALLBACK (count_change), &changes);

  g_assert_cmpint (muster_deployment_phase_get_game (phase), ==, MUSTER_DEPLOYMENT_GAME_INFINITY);
  g_assert_cmpstr (muster_deployment_phase_get_deployment_id (phase), ==, "standard");
  g_assert_cmpint (muster_deployment_phase_get_state (phase), ==, MUSTER_DEPLOYMENT_PHASE_SETUP);
  g_assert_cmpint (muster_deployment_phase_get_active_player (phase), ==, MUSTER_PLAYER_NONE);
  assert_refused (muster_deployment_phase_place (phase, RED, "r1", NULL, &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_WRONG_STATE);

  assert_ok (muster_deployment_phase_start (phase, &_error));
  g_assert_cmpint (muster_deployment_phase_get_state (phase), ==, MUSTER_DEPLOYMENT_PHASE_DEPLOYING);

  /* Step 1: red deploys all but one. */
  g_assert_cmpuint (muster_deployment_phase_get_step (phase), ==, 1);
  g_assert_cmpint (muster_deployment_phase_get_active_player (phase), ==, RED);
  assert_describes (phase, "Step 1 of 4: red deploys all troopers but one");
  assert_refused (muster_deployment_phase_place (phase, BLUE, "b1", NULL, &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_OUT_OF_TURN);
  place (phase, RED, "r1");
  place (phase, RED, "r2");
  place (phase, RED, "r3");
  assert_refused (muster_deployment_phase_finish_step (phase, RED, &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_INCOMPLETE);
  place (phase, RED, "r4");
  g_assert_cmpuint (muster_deployment_phase_get_n_placed_now (phase), ==, 4);
  /* The fifth would leave nothing for step 3. */
  assert_refused (muster_deployment_phase_place (phase, RED, "r5", NULL, &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_SEQUENCE);
  assert_refused (muster_deployment_phase_finish_step (phase, BLUE, &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_OUT_OF_TURN);
  finish (phase, RED);

  /* Step 2: blue. Red's fifth trooper before blue's "all but one": out of turn. */
  g_assert_cmpuint (muster_deployment_phase_get_step (phase), ==, 2);
  g_assert_cmpint (muster_deployment_phase_get_active_player (phase), ==, BLUE);
  assert_describes (phase, "Step 2 of 4: blue deploys all troopers but one");
  assert_refused (muster_deployment_phase_place (phase, RED, "r5", NULL, &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_OUT_OF_TURN);
  g_assert_false (muster_deployment_phase_is_placed (phase, "r5"));

  place (phase, BLUE, "b1");
  assert_refused (muster_deployment_phase_hold_back (phase, BLUE, "b2", MUSTER_HOLD_OFF_TABLE, &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_CANNOT_HOLD);
  assert_ok (muster_deployment_phase_hold_back (phase, BLUE, "b-ad", MUSTER_HOLD_OFF_TABLE, &_error));
  g_assert_cmpint (muster_deployment_phase_get_hold_reason (phase, "b-ad"), ==, MUSTER_HOLD_OFF_TABLE);
  assert_refused (muster_deployment_phase_place (phase, BLUE, "b-ad", NULL, &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_ALREADY_DONE);
  place (phase, BLUE, "b2");
  /* b-lt is the one kept back: holding it now would leave none. */
  assert_refused (muster_deployment_phase_hold_back (phase, BLUE, "b-lt", MUSTER_HOLD_OFF_TABLE, &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_SEQUENCE);
  g_assert_cmpuint (muster_deployment_phase_get_n_placed (phase, BLUE), ==, 2);
  g_assert_cmpuint (muster_deployment_phase_get_n_held (phase, BLUE), ==, 1);
  g_assert_cmpuint (muster_deployment_phase_get_n_remaining (phase, BLUE), ==, 1);
  finish (phase, BLUE);

  /* Step 3: red's last trooper. */
  g_assert_cmpuint (muster_deployment_phase_get_step (phase), ==, 3);
  g_assert_cmpint (muster_deployment_phase_get_active_player (phase), ==, RED);
  assert_describes (phase, "Step 3 of 4: red deploys the trooper kept back");
  assert_refused (muster_deployment_phase_finish_step (phase, RED, &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_INCOMPLETE);
  assert_refused (muster_deployment_phase_hold_back (phase, RED, "r5", MUSTER_HOLD_OFF_TABLE, &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_CANNOT_HOLD);
  place (phase, RED, "r5");
  g_assert_cmpuint (muster_deployment_phase_get_placement_turn (phase, "r5"), ==, 3);
  g_assert_cmpuint (muster_deployment_phase_get_placement_turn (phase, "r1"), ==, 1);
  finish (phase, RED);

  /* Step 4: blue keeps the Lieutenant off the table (Airborne Deployment). */
  g_assert_cmpuint (muster_deployment_phase_get_step (phase), ==, 4);
  g_assert_cmpint (muster_deployment_phase_get_active_player (phase), ==, BLUE);
  assert_ok (muster_deployment_phase_hold_back (phase, BLUE, "b-lt", MUSTER_HOLD_OFF_TABLE, &_error));
  finish (phase, BLUE);

  g_assert_cmpint (muster_deployment_phase_get_state (phase), ==, MUSTER_DEPLOYMENT_PHASE_DONE);
  g_assert_cmpint (muster_deployment_phase_get_active_player (phase), ==, MUSTER_PLAYER_NONE);
  g_assert_cmpuint (muster_deployment_phase_get_step (phase), ==, 0);
  assert_describes (phase, "The deployment phase is over");
  assert_refused (muster_deployment_phase_place (phase, RED, "r5", NULL, &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_WRONG_STATE);
  assert_refused (muster_deployment_phase_finish_step (phase, RED, &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_WRONG_STATE);

  g_assert_cmpuint (muster_deployment_phase_get_n_troopers (phase, RED), ==, 5);
  g_assert_cmpuint (muster_deployment_phase_get_n_placed (phase, RED), ==, 5);
  g_assert_cmpuint (muster_deployment_phase_get_n_held (phase, BLUE), ==, 2);

  /* Loss of Lieutenant is a warning for blue only. */
  assert_ok (muster_deployment_phase_check_lieutenant (phase, RED, &_error));
  assert_refused (muster_deployment_phase_check_lieutenant (phase, BLUE, &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_LOSS_OF_LIEUTENANT);

  /* 9 troopers, start, 9 placements or holds, 4 steps */
  g_assert_cmpuint (changes, ==, 1 + 9 + 4);

  g_assert_finalize_object (phase);
}

static void
test_infinity_undo (void)
{
  g_autoptr(MusterDeploymentPhase) phase = infinity_phase ();

  assert_ok (muster_deployment_phase_start (phase, &_error));
  place (phase, RED, "r1");
  assert_ok (muster_deployment_phase_unplace (phase, RED, "r1", &_error));
  g_assert_false (muster_deployment_phase_is_placed (phase, "r1"));
  g_assert_cmpuint (muster_deployment_phase_get_placement_turn (phase, "r1"), ==, 0);
  g_assert_cmpuint (muster_deployment_phase_get_n_placed_now (phase), ==, 0);
  assert_refused (muster_deployment_phase_unplace (phase, RED, "r1", &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_SEQUENCE);

  place (phase, RED, "r1");
  place (phase, RED, "r2");
  place (phase, RED, "r3");
  place (phase, RED, "r4");
  finish (phase, RED);

  place (phase, BLUE, "b1");
  assert_ok (muster_deployment_phase_hold_back (phase, BLUE, "b-ad", MUSTER_HOLD_OFF_TABLE, &_error));
  assert_ok (muster_deployment_phase_release (phase, BLUE, "b-ad", &_error));
  g_assert_cmpint (muster_deployment_phase_get_hold_reason (phase, "b-ad"), ==, MUSTER_HOLD_NONE);
  assert_refused (muster_deployment_phase_release (phase, BLUE, "b-ad", &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_INVALID);
  assert_ok (muster_deployment_phase_hold_back (phase, BLUE, "b-ad", MUSTER_HOLD_OFF_TABLE, &_error));
  place (phase, BLUE, "b2");
  finish (phase, BLUE);

  /* Step 3: what was done in earlier steps stays done. */
  assert_refused (muster_deployment_phase_unplace (phase, RED, "r2", &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_SEQUENCE);
  assert_refused (muster_deployment_phase_unplace (phase, BLUE, "b1", &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_OUT_OF_TURN);
  assert_refused (muster_deployment_phase_release (phase, BLUE, "b-ad", &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_OUT_OF_TURN);
  place (phase, RED, "r5");
  finish (phase, RED);
  assert_refused (muster_deployment_phase_release (phase, BLUE, "b-ad", &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_SEQUENCE);
  place (phase, BLUE, "b-lt");
  finish (phase, BLUE);

  assert_ok (muster_deployment_phase_check_lieutenant (phase, BLUE, &_error));
}

static gboolean
zone_check (MusterDeploymentPhase  *phase,
            int                     player,
            const char             *trooper_id,
            gconstpointer           placement,
            gpointer                user_data,
            GError                **error)
{
  const char *where = placement;
  guint *calls = user_data;

  (*calls)++;

  if (g_strcmp0 (where, "in-zone") == 0)
    return TRUE;

  if (g_strcmp0 (where, "silent") == 0)
    return FALSE;

  g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s: outside-zone", trooper_id);

  return FALSE;
}

static void
test_infinity_placement_check (void)
{
  g_autoptr(MusterDeploymentPhase) phase = infinity_phase ();
  g_autoptr(GError) error = NULL;
  guint calls = 0;

  muster_deployment_phase_set_placement_check (phase, zone_check, &calls, NULL);
  assert_ok (muster_deployment_phase_start (phase, &_error));

  /* The validator's own reason comes through. */
  g_assert_false (muster_deployment_phase_place (phase, RED, "r1", "north edge", &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_FAILED);
  g_assert_cmpstr (error->message, ==, "r1: outside-zone");
  g_clear_error (&error);

  g_assert_false (muster_deployment_phase_place (phase, RED, "r1", "silent", &error));
  g_assert_error (error, MUSTER_DEPLOYMENT_PHASE_ERROR, MUSTER_DEPLOYMENT_PHASE_ERROR_PLACEMENT);
  g_clear_error (&error);
  g_assert_false (muster_deployment_phase_is_placed (phase, "r1"));

  g_assert_true (muster_deployment_phase_place (phase, RED, "r1", "in-zone", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (calls, ==, 3);

  /* Sequence refusals come before the board is asked. */
  g_assert_false (muster_deployment_phase_place (phase, BLUE, "b1", "in-zone", NULL));
  g_assert_cmpuint (calls, ==, 3);
}

static void
test_infinity_refusals (void)
{
  g_autoptr(MusterDeploymentPhase) phase = muster_deployment_phase_new_infinity (players, BLUE);

  assert_refused (muster_deployment_phase_start (phase, &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_INVALID);
  add (phase, RED, "r1", MUSTER_TROOPER_LIEUTENANT, NULL);
  assert_refused (muster_deployment_phase_add_trooper (phase, BLUE, "r1", 0, NULL, &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_INVALID);
  assert_refused (muster_deployment_phase_add_trooper (phase, BLUE, "", 0, NULL, &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_INVALID);
  assert_refused (muster_deployment_phase_start (phase, &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_INVALID);
  add (phase, BLUE, "b1", MUSTER_TROOPER_NONE, NULL);
  assert_refused (muster_deployment_phase_check_lieutenant (phase, RED, &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_WRONG_STATE);
  assert_ok (muster_deployment_phase_start (phase, &_error));
  assert_refused (muster_deployment_phase_start (phase, &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_WRONG_STATE);
  assert_refused (muster_deployment_phase_add_trooper (phase, BLUE, "b2", 0, NULL, &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_WRONG_STATE);

  /* Blue deploys first here. */
  g_assert_cmpint (muster_deployment_phase_get_active_player (phase), ==, BLUE);
  assert_refused (muster_deployment_phase_place (phase, BLUE, "x9", NULL, &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_UNKNOWN_TROOPER);
  assert_refused (muster_deployment_phase_place (phase, BLUE, "r1", NULL, &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_NOT_YOURS);
  assert_refused (muster_deployment_phase_hold_back (phase, BLUE, "b1", MUSTER_HOLD_RESERVE, &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_INVALID);
  assert_refused (muster_deployment_phase_finish_declarations (phase, &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_WRONG_STATE);
  assert_refused (muster_deployment_phase_choose_short_edge (phase, BLUE, "west", &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_INVALID);
  assert_refused (muster_deployment_phase_delay_remaining (phase, BLUE, &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_INVALID);

  /* One trooper each: steps 1 and 2 deploy nothing. */
  assert_refused (muster_deployment_phase_place (phase, BLUE, "b1", NULL, &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_SEQUENCE);
  finish (phase, BLUE);
  finish (phase, RED);
  place (phase, BLUE, "b1");
  assert_refused (muster_deployment_phase_place (phase, BLUE, "b1", NULL, &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_ALREADY_DONE);
  finish (phase, BLUE);
  place (phase, RED, "r1");
  finish (phase, RED);

  g_assert_cmpint (muster_deployment_phase_get_state (phase), ==, MUSTER_DEPLOYMENT_PHASE_DONE);
  /* No trooper of blue's is a Lieutenant at all. */
  assert_refused (muster_deployment_phase_check_lieutenant (phase, BLUE, &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_LOSS_OF_LIEUTENANT);
  assert_ok (muster_deployment_phase_check_lieutenant (phase, RED, &_error));
}

static void
test_infinity_hold_in_step_one (void)
{
  g_autoptr(MusterDeploymentPhase) phase = muster_deployment_phase_new_infinity (players, RED);

  add (phase, RED, "ad1", MUSTER_TROOPER_MAY_STAY_OFF_TABLE, NULL);
  add (phase, RED, "ad2", MUSTER_TROOPER_MAY_STAY_OFF_TABLE, NULL);
  add (phase, RED, "camo", MUSTER_TROOPER_MAY_STAY_OFF_TABLE | MUSTER_TROOPER_LIEUTENANT, NULL);
  add (phase, BLUE, "b1", MUSTER_TROOPER_LIEUTENANT, NULL);
  add (phase, BLUE, "b2", MUSTER_TROOPER_NONE, NULL);
  assert_ok (muster_deployment_phase_start (phase, &_error));

  assert_ok (muster_deployment_phase_hold_back (phase, RED, "ad1", MUSTER_HOLD_OFF_TABLE, &_error));
  assert_ok (muster_deployment_phase_hold_back (phase, RED, "ad2", MUSTER_HOLD_OFF_TABLE, &_error));
  assert_refused (muster_deployment_phase_hold_back (phase, RED, "camo", MUSTER_HOLD_OFF_TABLE, &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_SEQUENCE);
  finish (phase, RED);
  place (phase, BLUE, "b2");
  finish (phase, BLUE);
  place (phase, RED, "camo");
  finish (phase, RED);
  place (phase, BLUE, "b1");
  finish (phase, BLUE);

  assert_ok (muster_deployment_phase_check_lieutenant (phase, RED, &_error));
  g_assert_cmpuint (muster_deployment_phase_get_placement_turn (phase, "b1"), ==, 4);
}

/* ------------------------------------------------------------------ */
/* The 9th Age                                                        */
/* ------------------------------------------------------------------ */

/* Scouts use Special Deployment: they ignore Counterthrust's single-unit
 * turns and do not count for them (RULES.md). A Character refused there
 * is named, its category in words. */
static void
test_t9a_scouts (void)
{
  g_autoptr(MusterDeploymentPhase) phase = muster_deployment_phase_new_t9a (players, RED, "counterthrust");
  g_autoptr(GError) error = NULL;

  add (phase, RED, "r1", MUSTER_TROOPER_NONE, NULL);
  add (phase, RED, "rangers", MUSTER_TROOPER_SPECIAL_DEPLOYMENT, "scout");
  add (phase, RED, "general", MUSTER_TROOPER_NONE, "character");
  add (phase, BLUE, "b1", MUSTER_TROOPER_NONE, NULL);
  add (phase, BLUE, "scouts", MUSTER_TROOPER_SPECIAL_DEPLOYMENT, "scout");
  add (phase, BLUE, "b2", MUSTER_TROOPER_NONE, NULL);
  assert_ok (muster_deployment_phase_start (phase, &_error));
  assert_ok (muster_deployment_phase_finish_declarations (phase, &_error));

  /* Red's turn 1: the Scouts, not the Character while others wait, and
   * a unit beside the Scouts. */
  place (phase, RED, "rangers");
  g_assert_false (muster_deployment_phase_place (phase, RED, "general", NULL, &error));
  g_assert_error (error, MUSTER_DEPLOYMENT_PHASE_ERROR, MUSTER_DEPLOYMENT_PHASE_ERROR_SEQUENCE);
  g_assert_cmpstr (error->message, ==, "“general” is a Character: in the first 3 deployment turns "
                                       "it may be deployed only when nothing else is left");
  place (phase, RED, "r1");
  finish (phase, RED);

  /* Blue's turn 1: the Scouts first, then the single unit. */
  place (phase, BLUE, "scouts");
  place (phase, BLUE, "b1");
  assert_refused (muster_deployment_phase_place (phase, BLUE, "b2", NULL, &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_SEQUENCE);
  finish (phase, BLUE);
}

/* Marching Columns exempts no one from its single-unit turns (RULES.md):
 * a Scout is the turn's one unit there, unless the system's rule says
 * otherwise. */
static void
test_t9a_scouts_marching (void)
{
  static const char * const scouts[] = { "scout", NULL };

  for (guint exempt = 0; exempt < 2; exempt++)
    {
      g_autoptr(MusterDeploymentPhase) phase = muster_deployment_phase_new_t9a (players, RED, "marching-columns");

      if (exempt)
        muster_deployment_phase_set_exempt (phase, scouts);
      add (phase, RED, "rangers", MUSTER_TROOPER_NONE, "scout");
      add (phase, RED, "r1", MUSTER_TROOPER_NONE, NULL);
      add (phase, BLUE, "b1", MUSTER_TROOPER_NONE, NULL);
      assert_ok (muster_deployment_phase_start (phase, &_error));
      assert_ok (muster_deployment_phase_finish_declarations (phase, &_error));
      assert_ok (muster_deployment_phase_choose_short_edge (phase, RED, "west", &_error));

      place (phase, RED, "rangers");
      if (exempt)
        place (phase, RED, "r1");
      else
        assert_refused (muster_deployment_phase_place (phase, RED, "r1", NULL, &_error),
                        MUSTER_DEPLOYMENT_PHASE_ERROR_SEQUENCE);
    }
}

static void
test_t9a_counterthrust (void)
{
  MusterDeploymentPhase *phase = muster_deployment_phase_new_t9a (players, RED, "counterthrust");

  g_assert_cmpint (muster_deployment_phase_get_game (phase), ==, MUSTER_DEPLOYMENT_GAME_T9A);
  g_assert_cmpuint (muster_deployment_phase_get_restricted_turns (phase), ==, 3);
  g_assert_cmpuint (muster_deployment_phase_get_max_reserves (phase), ==, 0);

  add (phase, RED, "general", MUSTER_TROOPER_NONE, "character");
  add (phase, RED, "r1", MUSTER_TROOPER_NONE, NULL);
  add (phase, RED, "r2", MUSTER_TROOPER_NONE, NULL);
  add (phase, BLUE, "cannon", MUSTER_TROOPER_NONE, "war-machine");
  add (phase, BLUE, "b1", MUSTER_TROOPER_NONE, NULL);
  add (phase, BLUE, "b2", MUSTER_TROOPER_NONE, NULL);
  add (phase, BLUE, "b3", MUSTER_TROOPER_NONE, NULL);
  add (phase, BLUE, "b4", MUSTER_TROOPER_NONE, NULL);
  add (phase, BLUE, "hero", MUSTER_TROOPER_NONE, "character");

  assert_ok (muster_deployment_phase_start (phase, &_error));
  g_assert_cmpint (muster_deployment_phase_get_state (phase), ==, MUSTER_DEPLOYMENT_PHASE_DECLARATIONS);
  assert_describes (phase, "Declarations: Special Deployment and reserves");
  assert_refused (muster_deployment_phase_place (phase, RED, "r1", NULL, &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_WRONG_STATE);
  assert_refused (muster_deployment_phase_hold_back (phase, RED, "r1", MUSTER_HOLD_RESERVE, &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_CANNOT_HOLD);
  assert_ok (muster_deployment_phase_finish_declarations (phase, &_error));

  /* Red's turn 1: a single unit, and not the Character while others wait. */
  g_assert_cmpint (muster_deployment_phase_get_active_player (phase), ==, RED);
  g_assert_cmpuint (muster_deployment_phase_get_step (phase), ==, 1);
  assert_describes (phase, "Deployment turn 1 of red: a single unit");
  assert_refused (muster_deployment_phase_place (phase, RED, "general", NULL, &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_SEQUENCE);
  assert_refused (muster_deployment_phase_finish_step (phase, RED, &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_INCOMPLETE);
  place (phase, RED, "r1");
  assert_refused (muster_deployment_phase_place (phase, RED, "r2", NULL, &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_SEQUENCE);
  finish (phase, RED);

  /* Blue's turn 1: war machines are only restricted in Marching Columns. */
  g_assert_cmpint (muster_deployment_phase_get_active_player (phase), ==, BLUE);
  assert_refused (muster_deployment_phase_place (phase, RED, "r2", NULL, &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_OUT_OF_TURN);
  place (phase, BLUE, "cannon");
  finish (phase, BLUE);

  place (phase, RED, "r2");
  finish (phase, RED);
  place (phase, BLUE, "b1");
  finish (phase, BLUE);

  /* Red's turn 3: only the Character is left, so it must come. */
  g_assert_cmpuint (muster_deployment_phase_get_step (phase), ==, 3);
  place (phase, RED, "general");
  g_assert_cmpuint (muster_deployment_phase_get_placement_turn (phase, "general"), ==, 3);
  finish (phase, RED);
  g_assert_cmpuint (muster_deployment_phase_get_n_remaining (phase, RED), ==, 0);

  /* Blue's turn 3 is still restricted... */
  g_assert_cmpint (muster_deployment_phase_get_active_player (phase), ==, BLUE);
  assert_refused (muster_deployment_phase_place (phase, BLUE, "hero", NULL, &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_SEQUENCE);
  place (phase, BLUE, "b2");
  assert_refused (muster_deployment_phase_place (phase, BLUE, "b3", NULL, &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_SEQUENCE);
  finish (phase, BLUE);

  /* ...red has nothing left, so blue goes on with turn 4, unrestricted. */
  g_assert_cmpint (muster_deployment_phase_get_active_player (phase), ==, BLUE);
  g_assert_cmpuint (muster_deployment_phase_get_step (phase), ==, 4);
  assert_describes (phase, "Deployment turn 4 of blue");
  place (phase, BLUE, "hero");
  place (phase, BLUE, "b3");
  place (phase, BLUE, "b4");
  g_assert_cmpuint (muster_deployment_phase_get_placement_turn (phase, "b4"), ==, 4);
  finish (phase, BLUE);

  g_assert_cmpint (muster_deployment_phase_get_state (phase), ==, MUSTER_DEPLOYMENT_PHASE_DONE);
  /* No Lieutenants in the 9th Age. */
  assert_ok (muster_deployment_phase_check_lieutenant (phase, RED, &_error));

  g_assert_finalize_object (phase);
}

/* On a table taller than wide the short edges are north and south. */
static void
test_t9a_portrait_edges (void)
{
  static const char * const portrait[] = { "north", "south", NULL };
  g_autoptr(MusterDeploymentPhase) phase =
    muster_deployment_phase_new_t9a (players, RED, "marching-columns");

  muster_deployment_phase_set_short_edges (phase, portrait);
  add (phase, RED, "r1", MUSTER_TROOPER_NONE, NULL);
  add (phase, BLUE, "b1", MUSTER_TROOPER_NONE, NULL);
  assert_ok (muster_deployment_phase_start (phase, &_error));
  assert_ok (muster_deployment_phase_finish_declarations (phase, &_error));

  assert_refused (muster_deployment_phase_choose_short_edge (phase, RED, "west", &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_INVALID);
  assert_ok (muster_deployment_phase_choose_short_edge (phase, RED, "south", &_error));
  g_assert_cmpstr (muster_deployment_phase_get_short_edge (phase, RED), ==, "south");
}

static void
test_t9a_marching_columns (void)
{
  g_autoptr(MusterDeploymentPhase) phase =
    muster_deployment_phase_new_t9a (players, BLUE, "marching-columns");

  add (phase, RED, "r1", MUSTER_TROOPER_NONE, NULL);
  add (phase, RED, "r2", MUSTER_TROOPER_NONE, NULL);
  add (phase, RED, "r-scouts", MUSTER_TROOPER_SPECIAL_DEPLOYMENT, "scout");
  add (phase, RED, "r3", MUSTER_TROOPER_NONE, NULL);
  add (phase, BLUE, "platform", MUSTER_TROOPER_NONE, "war-platform");
  add (phase, BLUE, "catapult", MUSTER_TROOPER_NONE, "war-machine");
  add (phase, BLUE, "b1", MUSTER_TROOPER_NONE, NULL);

  assert_ok (muster_deployment_phase_start (phase, &_error));
  /* Special Deployment is declared now; a plain unit cannot. */
  assert_refused (muster_deployment_phase_hold_back (phase, RED, "r1", MUSTER_HOLD_SPECIAL_DEPLOYMENT, &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_CANNOT_HOLD);
  assert_ok (muster_deployment_phase_hold_back (phase, RED, "r-scouts", MUSTER_HOLD_SPECIAL_DEPLOYMENT, &_error));
  assert_ok (muster_deployment_phase_choose_short_edge (phase, RED, "east", &_error));
  assert_ok (muster_deployment_phase_finish_declarations (phase, &_error));

  /* Blue first, but without a short edge no unit goes down. */
  assert_refused (muster_deployment_phase_place (phase, BLUE, "b1", NULL, &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_NEEDS_SHORT_EDGE);
  assert_refused (muster_deployment_phase_choose_short_edge (phase, BLUE, "north", &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_INVALID);
  assert_refused (muster_deployment_phase_choose_short_edge (phase, RED, "west", &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_OUT_OF_TURN);
  assert_ok (muster_deployment_phase_choose_short_edge (phase, BLUE, "west", &_error));
  g_assert_cmpstr (muster_deployment_phase_get_short_edge (phase, BLUE), ==, "west");

  /* War Platforms and War Machines wait while a plain unit is left. */
  assert_refused (muster_deployment_phase_place (phase, BLUE, "platform", NULL, &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_SEQUENCE);
  assert_refused (muster_deployment_phase_place (phase, BLUE, "catapult", NULL, &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_SEQUENCE);
  place (phase, BLUE, "b1");
  assert_refused (muster_deployment_phase_choose_short_edge (phase, BLUE, "east", &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_ALREADY_DONE);
  assert_refused (muster_deployment_phase_delay_remaining (phase, BLUE, &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_SEQUENCE);
  finish (phase, BLUE);

  place (phase, RED, "r1");
  finish (phase, RED);

  /* Only restricted units left: forced, one of them. */
  place (phase, BLUE, "catapult");
  assert_refused (muster_deployment_phase_place (phase, BLUE, "platform", NULL, &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_SEQUENCE);
  finish (phase, BLUE);

  /* Red makes everything left Delayed instead of deploying; the scouts
   * keep their Special Deployment. */
  assert_ok (muster_deployment_phase_delay_remaining (phase, RED, &_error));
  g_assert_cmpint (muster_deployment_phase_get_hold_reason (phase, "r2"), ==, MUSTER_HOLD_DELAYED);
  g_assert_cmpint (muster_deployment_phase_get_hold_reason (phase, "r3"), ==, MUSTER_HOLD_DELAYED);
  g_assert_cmpint (muster_deployment_phase_get_hold_reason (phase, "r-scouts"), ==,
                   MUSTER_HOLD_SPECIAL_DEPLOYMENT);
  g_assert_cmpuint (muster_deployment_phase_get_n_remaining (phase, RED), ==, 0);

  /* Blue's turn 3: the platform. */
  g_assert_cmpint (muster_deployment_phase_get_active_player (phase), ==, BLUE);
  g_assert_cmpuint (muster_deployment_phase_get_step (phase), ==, 3);
  place (phase, BLUE, "platform");
  finish (phase, BLUE);

  g_assert_cmpint (muster_deployment_phase_get_state (phase), ==, MUSTER_DEPLOYMENT_PHASE_DONE);
  assert_refused (muster_deployment_phase_choose_short_edge (phase, RED, "west", &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_WRONG_STATE);
}

static void
test_t9a_dawn_assault (void)
{
  g_autoptr(MusterDeploymentPhase) phase = muster_deployment_phase_new_t9a (players, RED, "dawn-assault");

  g_assert_cmpuint (muster_deployment_phase_get_max_reserves (phase), ==, 2);
  g_assert_cmpuint (muster_deployment_phase_get_restricted_turns (phase), ==, 0);

  add (phase, RED, "r1", MUSTER_TROOPER_NONE, NULL);
  add (phase, RED, "r2", MUSTER_TROOPER_NONE, NULL);
  add (phase, RED, "r3", MUSTER_TROOPER_NONE, NULL);
  add (phase, RED, "r4", MUSTER_TROOPER_NONE, "character");
  add (phase, BLUE, "b1", MUSTER_TROOPER_NONE, NULL);
  add (phase, BLUE, "b2", MUSTER_TROOPER_NONE, NULL);

  assert_refused (muster_deployment_phase_hold_back (phase, RED, "r1", MUSTER_HOLD_RESERVE, &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_WRONG_STATE);
  assert_ok (muster_deployment_phase_start (phase, &_error));

  assert_ok (muster_deployment_phase_hold_back (phase, RED, "r1", MUSTER_HOLD_RESERVE, &_error));
  assert_ok (muster_deployment_phase_hold_back (phase, RED, "r2", MUSTER_HOLD_RESERVE, &_error));
  assert_refused (muster_deployment_phase_hold_back (phase, RED, "r3", MUSTER_HOLD_RESERVE, &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_CANNOT_HOLD);
  assert_refused (muster_deployment_phase_hold_back (phase, RED, "r1", MUSTER_HOLD_RESERVE, &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_ALREADY_DONE);
  assert_refused (muster_deployment_phase_hold_back (phase, RED, "r3", MUSTER_HOLD_OFF_TABLE, &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_INVALID);
  /* Changing one's mind during the declarations. */
  assert_ok (muster_deployment_phase_release (phase, RED, "r2", &_error));
  assert_ok (muster_deployment_phase_hold_back (phase, RED, "r3", MUSTER_HOLD_RESERVE, &_error));
  /* Each player has two. */
  assert_ok (muster_deployment_phase_hold_back (phase, BLUE, "b1", MUSTER_HOLD_RESERVE, &_error));
  g_assert_cmpuint (muster_deployment_phase_get_n_held (phase, RED), ==, 2);
  assert_ok (muster_deployment_phase_finish_declarations (phase, &_error));

  assert_refused (muster_deployment_phase_release (phase, RED, "r1", &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_WRONG_STATE);
  assert_refused (muster_deployment_phase_hold_back (phase, RED, "r2", MUSTER_HOLD_RESERVE, &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_WRONG_STATE);

  /* No first-turn restrictions: any number of units per turn. */
  assert_describes (phase, "Deployment turn 1 of red");
  place (phase, RED, "r4");
  place (phase, RED, "r2");
  assert_ok (muster_deployment_phase_unplace (phase, RED, "r2", &_error));
  place (phase, RED, "r2");
  finish (phase, RED);
  place (phase, BLUE, "b2");
  finish (phase, BLUE);

  g_assert_cmpint (muster_deployment_phase_get_state (phase), ==, MUSTER_DEPLOYMENT_PHASE_DONE);
  g_assert_cmpint (muster_deployment_phase_get_hold_reason (phase, "r1"), ==, MUSTER_HOLD_RESERVE);
  g_assert_cmpint (muster_deployment_phase_get_hold_reason (phase, "b1"), ==, MUSTER_HOLD_RESERVE);
}

static void
test_t9a_everything_held (void)
{
  g_autoptr(MusterDeploymentPhase) phase = muster_deployment_phase_new_t9a (players, RED, "dawn-assault");

  add (phase, RED, "r1", MUSTER_TROOPER_NONE, NULL);
  add (phase, BLUE, "b1", MUSTER_TROOPER_NONE, NULL);
  assert_ok (muster_deployment_phase_start (phase, &_error));
  assert_ok (muster_deployment_phase_hold_back (phase, RED, "r1", MUSTER_HOLD_RESERVE, &_error));
  assert_ok (muster_deployment_phase_finish_declarations (phase, &_error));

  /* Red has nothing to deploy: blue starts. */
  g_assert_cmpint (muster_deployment_phase_get_active_player (phase), ==, BLUE);
  place (phase, BLUE, "b1");
  finish (phase, BLUE);
  g_assert_cmpint (muster_deployment_phase_get_state (phase), ==, MUSTER_DEPLOYMENT_PHASE_DONE);
}

static void
test_t9a_restrictions_from_data (void)
{
  static const char * const categories[] = { "monster", NULL };
  g_autoptr(MusterDeploymentPhase) phase =
    muster_deployment_phase_new_t9a (players, RED, "frontline-clash");

  g_assert_cmpuint (muster_deployment_phase_get_restricted_turns (phase), ==, 0);
  muster_deployment_phase_set_restrictions (phase, 1, categories);
  muster_deployment_phase_set_max_reserves (phase, 1);
  g_assert_cmpuint (muster_deployment_phase_get_restricted_turns (phase), ==, 1);
  g_assert_cmpuint (muster_deployment_phase_get_max_reserves (phase), ==, 1);

  add (phase, RED, "dragon", MUSTER_TROOPER_NONE, "monster");
  add (phase, RED, "r1", MUSTER_TROOPER_NONE, NULL);
  add (phase, RED, "r2", MUSTER_TROOPER_NONE, NULL);
  add (phase, BLUE, "b1", MUSTER_TROOPER_NONE, NULL);
  assert_ok (muster_deployment_phase_start (phase, &_error));
  assert_ok (muster_deployment_phase_finish_declarations (phase, &_error));

  assert_refused (muster_deployment_phase_place (phase, RED, "dragon", NULL, &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_SEQUENCE);
  place (phase, RED, "r1");
  finish (phase, RED);
  place (phase, BLUE, "b1");
  finish (phase, BLUE);
  /* Turn 2 is free. */
  place (phase, RED, "dragon");
  place (phase, RED, "r2");
  finish (phase, RED);
  g_assert_cmpint (muster_deployment_phase_get_state (phase), ==, MUSTER_DEPLOYMENT_PHASE_DONE);
}

/* The <deployment-sequence> snippet delivered for data/systems/t9a.xml. */
static const char t9a_sequence_xml[] =
  "  <deployment-sequence>\n"
  "    <deployment id=\"dawn-assault\" choice=\"short-edge\" reserves=\"2\"/>\n"
  "    <deployment id=\"counterthrust\" single-unit-turns=\"3\" restricted=\"character\"/>\n"
  "    <deployment id=\"encircle\" choice=\"role\"/>\n"
  "    <deployment id=\"refused-flank\" choice=\"diagonal\"/>\n"
  "    <deployment id=\"marching-columns\" single-unit-turns=\"3\"\n"
  "                restricted=\"character war-machine war-platform\"\n"
  "                short-edge-with-first-unit=\"yes\" delayed=\"yes\"/>\n"
  "  </deployment-sequence>\n";

/* data/systems/t9a.xml with the snippet pasted in. */
static GBytes *
t9a_system_with_snippet (void)
{
  g_autofree char *path = g_build_filename (TEST_DATA_DIR, "..", "..", "data", "systems", "t9a.xml", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  GString *xml;

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);

  xml = g_string_new (contents);

  /* Once the lead has pasted it, the shipped file is tested as it is. */
  if (strstr (contents, "<deployment-sequence") == NULL)
    {
      g_assert_cmpint (g_string_replace (xml, "</game-system>", "", 1), ==, 1);
      g_string_append (xml, t9a_sequence_xml);
      g_string_append (xml, "</game-system>\n");
    }

  return g_string_free_to_bytes (xml);
}

static void
test_t9a_load_rules (void)
{
  g_autoptr(GBytes) bytes = t9a_system_with_snippet ();
  g_autoptr(GError) error = NULL;
  g_autoptr(xmlDoc) doc = NULL;
  static const char * const ids[] = {
    "frontline-clash", "dawn-assault", "counterthrust", "encircle", "refused-flank", "marching-columns",
  };

  /* The snippet is valid against the game-system schema. */
  doc = muster_xml_parse (bytes, "t9a.xml", G_IO_ERROR, G_IO_ERROR_FAILED, &error);
  g_assert_no_error (error);
  g_assert_true (muster_xml_validate (doc, "muster-system.rng", "t9a.xml", G_IO_ERROR, G_IO_ERROR_FAILED,
                                      &error));
  g_assert_no_error (error);

  /* And says what RULES.md says. */
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      g_autoptr(MusterDeploymentPhase) builtin = muster_deployment_phase_new_t9a (players, RED, ids[i]);
      g_autoptr(MusterDeploymentPhase) loaded = muster_deployment_phase_new_t9a (players, RED, ids[i]);

      assert_ok (muster_deployment_phase_load_rules (loaded, bytes, "t9a.xml", &_error));
      g_assert_cmpuint (muster_deployment_phase_get_restricted_turns (loaded), ==,
                        muster_deployment_phase_get_restricted_turns (builtin));
      g_assert_cmpuint (muster_deployment_phase_get_max_reserves (loaded), ==,
                        muster_deployment_phase_get_max_reserves (builtin));
      g_assert_cmpint (muster_deployment_phase_get_needs_short_edge (loaded), ==,
                       muster_deployment_phase_get_needs_short_edge (builtin));
      g_assert_cmpint (muster_deployment_phase_get_can_delay (loaded), ==,
                       muster_deployment_phase_get_can_delay (builtin));
      /* Only Marching Columns wants an edge with the first unit and
       * lets the rest be Delayed. */
      g_assert_cmpint (muster_deployment_phase_get_needs_short_edge (loaded), ==,
                       g_str_equal (ids[i], "marching-columns"));
      g_assert_cmpint (muster_deployment_phase_get_can_delay (loaded), ==,
                       g_str_equal (ids[i], "marching-columns"));
    }
}

static void
test_t9a_load_rules_override (void)
{
  static const char xml[] =
    "<game-system>\n"
    "  <deployment-sequence>\n"
    "    <deployment id=\"counterthrust\"/>\n"
    "    <deployment id=\"frontline-clash\" single-unit-turns=\"2\" restricted=\" monster\n  character \"\n"
    "                reserves=\"1\" short-edge-with-first-unit=\"yes\" delayed=\"yes\"/>\n"
    "  </deployment-sequence>\n"
    "</game-system>\n";
  g_autoptr(GBytes) bytes = g_bytes_new_static (xml, strlen (xml));
  g_autoptr(GBytes) none = g_bytes_new_static ("<game-system/>", 14);
  g_autoptr(MusterDeploymentPhase) clash = muster_deployment_phase_new_t9a (players, RED, "frontline-clash");
  g_autoptr(MusterDeploymentPhase) counter = muster_deployment_phase_new_t9a (players, RED, "counterthrust");
  g_autoptr(MusterDeploymentPhase) marching = muster_deployment_phase_new_t9a (players, RED, "marching-columns");

  /* No section, or no entry: the defaults stay. */
  assert_ok (muster_deployment_phase_load_rules (marching, none, "none.xml", &_error));
  assert_ok (muster_deployment_phase_load_rules (marching, bytes, "rules.xml", &_error));
  g_assert_cmpuint (muster_deployment_phase_get_restricted_turns (marching), ==, 3);

  /* An empty entry: no rules at all. */
  assert_ok (muster_deployment_phase_load_rules (counter, bytes, "rules.xml", &_error));
  g_assert_cmpuint (muster_deployment_phase_get_restricted_turns (counter), ==, 0);

  g_assert_false (muster_deployment_phase_get_needs_short_edge (clash));
  g_assert_false (muster_deployment_phase_get_can_delay (clash));
  assert_ok (muster_deployment_phase_load_rules (clash, bytes, "rules.xml", &_error));
  g_assert_cmpuint (muster_deployment_phase_get_restricted_turns (clash), ==, 2);
  g_assert_cmpuint (muster_deployment_phase_get_max_reserves (clash), ==, 1);
  g_assert_true (muster_deployment_phase_get_needs_short_edge (clash));
  g_assert_true (muster_deployment_phase_get_can_delay (clash));

  add (clash, RED, "hero", MUSTER_TROOPER_NONE, "character");
  add (clash, RED, "r1", MUSTER_TROOPER_NONE, NULL);
  add (clash, RED, "r2", MUSTER_TROOPER_NONE, NULL);
  add (clash, BLUE, "b1", MUSTER_TROOPER_NONE, NULL);
  add (clash, BLUE, "b2", MUSTER_TROOPER_NONE, NULL);
  assert_ok (muster_deployment_phase_start (clash, &_error));
  assert_ok (muster_deployment_phase_hold_back (clash, RED, "r2", MUSTER_HOLD_RESERVE, &_error));
  assert_ok (muster_deployment_phase_hold_back (clash, BLUE, "b1", MUSTER_HOLD_RESERVE, &_error));
  assert_refused (muster_deployment_phase_hold_back (clash, BLUE, "b2", MUSTER_HOLD_RESERVE, &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_CANNOT_HOLD);
  assert_ok (muster_deployment_phase_finish_declarations (clash, &_error));
  assert_refused (muster_deployment_phase_place (clash, RED, "r1", NULL, &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_NEEDS_SHORT_EDGE);
  assert_ok (muster_deployment_phase_choose_short_edge (clash, RED, "west", &_error));
  assert_refused (muster_deployment_phase_place (clash, RED, "hero", NULL, &_error),
                  MUSTER_DEPLOYMENT_PHASE_ERROR_SEQUENCE);
  assert_ok (muster_deployment_phase_delay_remaining (clash, RED, &_error));
  g_assert_cmpint (muster_deployment_phase_get_hold_reason (clash, "hero"), ==, MUSTER_HOLD_DELAYED);
}

static void
assert_rules_fail (const char *xml,
                   const char *prefix)
{
  g_autoptr(GBytes) bytes = g_bytes_new (xml, strlen (xml));
  g_autoptr(MusterDeploymentPhase) phase = muster_deployment_phase_new_t9a (players, RED, "counterthrust");
  g_autoptr(GError) error = NULL;

  g_assert_false (muster_deployment_phase_load_rules (phase, bytes, "bad.xml", &error));
  g_assert_error (error, MUSTER_DEPLOYMENT_PHASE_ERROR, MUSTER_DEPLOYMENT_PHASE_ERROR_DATA);
  g_test_message ("refused: %s", error->message);
  g_assert_true (g_str_has_prefix (error->message, prefix));
  /* Nothing changed. */
  g_assert_cmpuint (muster_deployment_phase_get_restricted_turns (phase), ==, 3);
}

static void
test_t9a_load_rules_errors (void)
{
  assert_rules_fail ("<game-system><deployment-sequence>", "bad.xml:1:");
  assert_rules_fail ("<game-system>\n<deployment-sequence>\n<type id=\"x\"/>\n"
                     "</deployment-sequence></game-system>", "bad.xml:3:");
  assert_rules_fail ("<game-system><deployment-sequence><deployment/>"
                     "</deployment-sequence></game-system>", "bad.xml:1:");
  assert_rules_fail ("<game-system><deployment-sequence><deployment id=\"counterthrust\"/>"
                     "<deployment id=\"counterthrust\"/></deployment-sequence></game-system>", "bad.xml:1:");
  assert_rules_fail ("<game-system><deployment-sequence>"
                     "<deployment id=\"counterthrust\" single-unit-turns=\"three\"/>"
                     "</deployment-sequence></game-system>", "bad.xml:1:");
  assert_rules_fail ("<game-system><deployment-sequence>"
                     "<deployment id=\"counterthrust\" reserves=\"-1\"/>"
                     "</deployment-sequence></game-system>", "bad.xml:1:");
  assert_rules_fail ("<game-system><deployment-sequence>"
                     "<deployment id=\"counterthrust\" delayed=\"true\"/>"
                     "</deployment-sequence></game-system>", "bad.xml:1:");
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/deployment-phase/infinity/four-steps", test_infinity_four_steps);
  g_test_add_func ("/core/deployment-phase/infinity/undo", test_infinity_undo);
  g_test_add_func ("/core/deployment-phase/infinity/placement-check", test_infinity_placement_check);
  g_test_add_func ("/core/deployment-phase/infinity/refusals", test_infinity_refusals);
  g_test_add_func ("/core/deployment-phase/infinity/hold-in-step-one", test_infinity_hold_in_step_one);
  g_test_add_func ("/core/deployment-phase/t9a/counterthrust", test_t9a_counterthrust);
  g_test_add_func ("/core/deployment-phase/t9a/scouts", test_t9a_scouts);
  g_test_add_func ("/core/deployment-phase/t9a/scouts-marching", test_t9a_scouts_marching);
  g_test_add_func ("/core/deployment-phase/t9a/marching-columns", test_t9a_marching_columns);
  g_test_add_func ("/core/deployment-phase/t9a/dawn-assault", test_t9a_dawn_assault);
  g_test_add_func ("/core/deployment-phase/t9a/everything-held", test_t9a_everything_held);
  g_test_add_func ("/core/deployment-phase/t9a/restrictions-from-data", test_t9a_restrictions_from_data);
  g_test_add_func ("/core/deployment-phase/t9a/portrait-edges", test_t9a_portrait_edges);
  g_test_add_func ("/core/deployment-phase/t9a/load-rules", test_t9a_load_rules);
  g_test_add_func ("/core/deployment-phase/t9a/load-rules-override", test_t9a_load_rules_override);
  g_test_add_func ("/core/deployment-phase/t9a/load-rules-errors", test_t9a_load_rules_errors);

  return g_test_run ();
}
