/* test-game-net.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "muster-game-net.h"

#define IN 25.4

/* Tests of src/game/muster-game-net.c: what a game across the network
 * needs of MusterGame (the step hook, agreed dice, hidden choices), with
 * no network and no display. */

#define OK(call) G_STMT_START { g_autoptr(GError) ok_error = NULL; \
  if (!(call)) g_error ("%s refused: %s", #call, ok_error != NULL ? ok_error->message : "(no message)"); } G_STMT_END
#define REFUSED(call, needle) G_STMT_START { g_autoptr(GError) ok_error = NULL; \
  g_assert_false (call); g_assert_nonnull (ok_error); \
  if (strstr (ok_error->message, needle) == NULL) g_error ("“%s” does not say “%s”", ok_error->message, needle); } G_STMT_END

static MusterGame *
infinity_game (MusterLayout **layout)
{
  MusterBase base = { MUSTER_BASE_ROUND, 25, 25 };
  MusterSystem *system = muster_system_registry_lookup (muster_system_registry_get_default (), "infinity");
  MusterPiece *r1 = muster_piece_new ("r1", MUSTER_PIECE_MODEL, "red", &base, 10 * IN, 40 * IN);
  MusterPiece *b1 = muster_piece_new ("b1", MUSTER_PIECE_MODEL, "blue", &base, 10 * IN, 8 * IN);

  *layout = muster_layout_new ("infinity", "standard", 48 * IN, 48 * IN);
  muster_layout_set_player_name (*layout, "red", "Alice");
  muster_layout_set_player_name (*layout, "blue", "Bob");
  r1->lieutenant = b1->lieutenant = TRUE;
  muster_layout_add_piece (*layout, r1);
  muster_layout_add_piece (*layout, b1);

  return muster_game_new (*layout, system);
}

typedef struct
{
  MusterGameHookVerdict  verdict;
  GPtrArray             *seen;     /* MusterLogStep */
  guint                  n_typed;
} Hook;

static MusterGameHookVerdict
hook_cb (MusterGame     *game,
         MusterLogStep  *step,
         GPtrArray      *typed,
         gpointer        user_data,
         GError        **error)
{
  Hook *hook = user_data;

  g_ptr_array_add (hook->seen, muster_log_step_ref (step));
  hook->n_typed = typed->len;
  if (hook->verdict == MUSTER_GAME_HOOK_REFUSED)
    g_set_error_literal (error, MUSTER_GAME_ERROR, MUSTER_GAME_ERROR_NOT_YOURS, "not here");

  return hook->verdict;
}

/* The hook sees each step the players take here, and decides. */
static void
test_hook (void)
{
  g_autoptr(MusterLayout) layout = NULL;
  g_autoptr(MusterGame) game = infinity_game (&layout);
  Hook hook = { MUSTER_GAME_HOOK_TAKEN, g_ptr_array_new_with_free_func ((GDestroyNotify) muster_log_step_unref), 0 };

  muster_game_set_step_hook (game, hook_cb, &hook);

  /* Taken over: the call says yes, the game has not moved. */
  OK (muster_game_set_wip (game, 0, 13, FALSE, &ok_error));
  g_assert_cmpuint (muster_game_get_n_steps (game), ==, 0);
  g_assert_cmpuint (hook.seen->len, ==, 1);
  g_assert_cmpstr (muster_log_step_get (g_ptr_array_index (hook.seen, 0), "wip"), ==, "13");

  /* Refused, with the hook's reason. */
  hook.verdict = MUSTER_GAME_HOOK_REFUSED;
  REFUSED (muster_game_set_wip (game, 0, 13, FALSE, &ok_error), "not here");

  /* Let through: done here. */
  hook.verdict = MUSTER_GAME_HOOK_GO_ON;
  OK (muster_game_set_wip (game, 0, 13, FALSE, &ok_error));
  OK (muster_game_set_wip (game, 1, 11, FALSE, &ok_error));
  g_assert_cmpuint (muster_game_get_n_steps (game), ==, 2);

  /* The dice typed in for a step taken over go with it, not to the next. */
  hook.verdict = MUSTER_GAME_HOOK_TAKEN;
  OK (muster_game_roll_initiative (game, 0, 7, &ok_error));
  g_assert_cmpuint (hook.n_typed, ==, 1);
  g_assert_cmpuint (muster_dice_get_n_expected (muster_game_get_dice (game)), ==, 0);

  /* Agreed steps pass by the hook. */
  {
    g_autoptr(MusterLogStep) step = muster_log_step_new ("roll-initiative");

    muster_log_step_set (step, "player", "blue");
    muster_log_step_add_die (step, 20, 9, FALSE, "blue", NULL);
    OK (muster_game_take_agreed (game, step, NULL, NULL, &ok_error));
    g_assert_cmpuint (muster_game_get_n_steps (game), ==, 3);
  }

  muster_game_set_step_hook (game, NULL, NULL);
  g_ptr_array_unref (hook.seen);
}

static guint
fixed_source (guint    sides,
              gpointer user_data)
{
  guint *calls = user_data;

  (*calls)++;

  return sides;
}

/* Agreed dice: every die Muster rolls in the step comes from the source. */
static void
test_agreed_dice (void)
{
  g_autoptr(MusterLayout) layout = NULL;
  g_autoptr(MusterGame) game = infinity_game (&layout);
  g_autoptr(MusterLogStep) step = muster_log_step_new ("roll-initiative");
  guint calls = 0;
  MusterLogStep *taken;

  OK (muster_game_set_wip (game, 0, 20, FALSE, &ok_error));
  OK (muster_game_set_wip (game, 1, 20, FALSE, &ok_error));
  muster_log_step_set (step, "player", "red");
  OK (muster_game_take_agreed (game, step, fixed_source, &calls, &ok_error));

  g_assert_cmpuint (calls, ==, 1);
  taken = muster_game_get_step (game, 2);
  g_assert_cmpuint (muster_log_step_get_n_dice (taken), ==, 1);
  g_assert_cmpuint (muster_log_step_get_die (taken, 0)->value, ==, 20);
  g_assert_false (muster_log_step_get_die (taken, 0)->manual);

  /* The source is for that step only. */
  OK (muster_game_roll_initiative (game, 1, 0, &ok_error));
  g_assert_cmpuint (calls, ==, 1);
}

/* A hidden WIP: committed, then revealed and checked; a changed one, or
 * another player's reveal, is refused. */
static void
test_commit_reveal (void)
{
  g_autoptr(MusterLayout) layout = NULL;
  g_autoptr(MusterGame) game = infinity_game (&layout);
  g_autoptr(MusterGame) again = NULL;
  g_autoptr(MusterLogStep) hidden = muster_log_step_new ("set-wip");
  g_autoptr(MusterLogStep) changed = NULL;
  g_autoptr(MusterLogStep) commit = NULL;
  g_autoptr(MusterLogStep) reveal = NULL;
  g_autoptr(MusterLogStep) lying = NULL;
  g_autoptr(MusterLogStep) theirs = NULL;
  g_autofree char *said = NULL;
  guint8 salt[32];

  for (guint i = 0; i < sizeof salt; i++)
    salt[i] = (guint8) (i * 13 + 1);

  muster_log_step_set (hidden, "player", "red");
  muster_log_step_set_uint (hidden, "wip", 13);
  muster_log_step_set_boolean (hidden, "private", TRUE);
  commit = muster_game_new_commit (hidden, "red", salt, sizeof salt);
  g_assert_null (muster_log_step_get (commit, "wip"));
  OK (muster_game_take_agreed (game, commit, NULL, NULL, &ok_error));
  g_assert_true (muster_game_is_unrevealed (game, 1));
  said = muster_game_describe_step (game, 0);
  g_assert_cmpstr (said, ==, "Alice entered their Lieutenant’s WIP, hidden until the roll");
  /* Once. */
  REFUSED (muster_game_take_agreed (game, commit, NULL, NULL, &ok_error), "not been revealed");
  OK (muster_game_set_wip (game, 1, 11, FALSE, &ok_error));
  /* The roll waits for the hidden WIP. */
  REFUSED (muster_game_roll_initiative (game, 0, 0, &ok_error), "WIP");

  /* Another WIP with the same salt: caught. */
  changed = muster_log_step_copy (hidden);
  muster_log_step_set_uint (changed, "wip", 14);
  lying = muster_game_new_reveal (changed, "red", 1, salt, sizeof salt);
  REFUSED (muster_game_take_agreed (game, lying, NULL, NULL, &ok_error), "committed");
  /* Bob may not reveal Alice's. */
  theirs = muster_game_new_reveal (hidden, "blue", 1, salt, sizeof salt);
  REFUSED (muster_game_take_agreed (game, theirs, NULL, NULL, &ok_error), "Alice");

  reveal = muster_game_new_reveal (hidden, "red", 1, salt, sizeof salt);
  OK (muster_game_take_agreed (game, reveal, NULL, NULL, &ok_error));
  g_assert_false (muster_game_is_unrevealed (game, 1));
  g_assert_cmpuint (muster_infinity_initiative_get_wip (muster_game_get_initiative (game), 0), ==, 13);
  g_clear_pointer (&said, g_free);
  said = muster_game_describe_step (game, 2);
  g_assert_cmpstr (said, ==, "Alice revealed their hidden choice: Alice’s Lieutenant has WIP 13");
  /* And not twice. */
  REFUSED (muster_game_take_agreed (game, reveal, NULL, NULL, &ok_error), "no hidden choice");

  /* The log replays, the reveal checked again. */
  again = muster_game_new (layout, muster_game_get_system (game));
  g_assert_null (muster_game_get_restore_error (again));
  g_assert_cmpuint (muster_game_get_n_steps (again), ==, 3);
  OK (muster_game_roll_initiative (again, 0, 0, &ok_error));
}

/* A step of another Muster's start-deployment brings its troopers: they
 * are not collected from this table again. */
static void
test_start_deployment_applied (void)
{
  g_autoptr(MusterLayout) layout = NULL;
  g_autoptr(MusterGame) game = infinity_game (&layout);
  g_autoptr(MusterLayout) other_layout = NULL;
  g_autoptr(MusterGame) other = infinity_game (&other_layout);

  for (guint i = 0; i < 2; i++)
    {
      MusterGame *g = i == 0 ? game : other;

      OK (muster_game_set_typed_dice (g, TRUE, &ok_error));
      OK (muster_game_set_wip (g, 0, 13, FALSE, &ok_error));
      OK (muster_game_set_wip (g, 1, 11, FALSE, &ok_error));
      OK (muster_game_roll_initiative (g, 0, 12, &ok_error));
      OK (muster_game_roll_initiative (g, 1, 7, &ok_error));
      OK (muster_game_keep (g, MUSTER_INFINITY_KEEP_DEPLOYMENT, &ok_error));
      OK (muster_game_choose_first_turn (g, 1, &ok_error));
      OK (muster_game_choose_deployment (g, 1, "south", &ok_error));
    }

  OK (muster_game_start_deployment (game, &ok_error));
  OK (muster_game_apply_step (other, muster_game_get_step (game, muster_game_get_n_steps (game) - 1), &ok_error));
  g_assert_cmpuint (muster_game_get_n_troopers (other), ==, 2);
  g_assert_true (muster_log_step_equal (muster_game_get_step (game, muster_game_get_n_steps (game) - 1),
                                        muster_game_get_step (other, muster_game_get_n_steps (other) - 1)));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/game/net/hook", test_hook);
  g_test_add_func ("/game/net/agreed-dice", test_agreed_dice);
  g_test_add_func ("/game/net/commit-reveal", test_commit_reveal);
  g_test_add_func ("/game/net/start-deployment-applied", test_start_deployment_applied);

  return g_test_run ();
}
