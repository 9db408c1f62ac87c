/* test-game-net.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "muster-game-net.h"
#include "muster-roster.h"

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

/* The Initiative Roll, dice from the table: Alice keeps Deployment, Bob
 * deploys first. */
static void
play_initiative (MusterGame *game)
{
  OK (muster_game_set_typed_dice (game, TRUE, &ok_error));
  OK (muster_game_set_wip (game, 0, 13, FALSE, &ok_error));
  OK (muster_game_set_wip (game, 1, 11, FALSE, &ok_error));
  OK (muster_game_roll_initiative (game, 0, 12, &ok_error));
  OK (muster_game_roll_initiative (game, 1, 7, &ok_error));
  OK (muster_game_keep (game, MUSTER_INFINITY_KEEP_DEPLOYMENT, &ok_error));
  OK (muster_game_choose_first_turn (game, 1, &ok_error));
  OK (muster_game_choose_deployment (game, 1, "south", &ok_error));
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

      play_initiative (g);
    }

  OK (muster_game_start_deployment (game, &ok_error));
  OK (muster_game_apply_step (other, muster_game_get_step (game, muster_game_get_n_steps (game) - 1), &ok_error));
  g_assert_cmpuint (muster_game_get_n_troopers (other), ==, 2);
  g_assert_true (muster_log_step_equal (muster_game_get_step (game, muster_game_get_n_steps (game) - 1),
                                        muster_game_get_step (other, muster_game_get_n_steps (other) - 1)));
}

static MusterLogStep *
army_choice (const char *action,
             const char *player,
             const char *trooper,
             const char *name)
{
  MusterLogStep *step = muster_log_step_new (action);

  muster_log_step_set (step, "player", player);
  muster_log_step_set (step, "trooper", trooper);
  muster_log_step_set (step, "name", name);

  return step;
}

static void
fill_salt (guint8 *salt,
           gsize   n,
           guint8  seed)
{
  for (gsize i = 0; i < n; i++)
    salt[i] = (guint8) (i * 7 + seed);
}

/* Which trooper is Alice's Lieutenant, as Bob's Muster sees it: not
 * marked on his table, only committed to; then revealed and checked. */
static void
test_hidden_lieutenant (void)
{
  g_autoptr(MusterLayout) layout = NULL;
  g_autoptr(MusterGame) game = infinity_game (&layout);
  g_autoptr(MusterLogStep) hidden = army_choice ("choose-lieutenant", "red", "r1", "Alice’s Lieutenant");
  g_autoptr(MusterLogStep) other = army_choice ("choose-lieutenant", "red", "r2", "Someone else");
  g_autoptr(MusterLogStep) commit = NULL;
  g_autoptr(MusterLogStep) lying = NULL;
  g_autoptr(MusterLogStep) reveal = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(MusterLayout) reread = NULL;
  g_autoptr(MusterGame) again = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *said = NULL;
  g_autofree char *hidden_said = NULL;
  guint8 salt[32];

  fill_salt (salt, sizeof salt, 3);
  /* Bob's table: Alice's Lieutenant is not marked there. */
  muster_layout_lookup_piece (layout, "r1")->lieutenant = FALSE;
  g_assert_cmpuint (muster_game_count_lieutenants (game, 0), ==, 0);
  REFUSED (muster_game_set_wip (game, 1, 11, FALSE, &ok_error), "no Lieutenant");

  commit = muster_game_new_commit (hidden, "red", salt, sizeof salt);
  g_assert_null (muster_log_step_get (commit, "trooper"));
  g_assert_null (muster_log_step_get (commit, "name"));
  OK (muster_game_take_agreed (game, commit, NULL, NULL, &ok_error));
  said = muster_game_describe_step (game, 0);
  g_assert_cmpstr (said, ==, "Alice chose their Lieutenant, hidden until they reveal it");
  /* The commitment stands for a Lieutenant: the roll may go on. */
  g_assert_cmpuint (muster_game_count_lieutenants (game, 0), ==, 1);
  g_assert_true (muster_game_has_hidden_lieutenant (game, 0));
  g_assert_false (muster_game_knows_lieutenant (game, 0));
  g_assert_true (muster_game_knows_lieutenant (game, 1));
  hidden_said = muster_game_describe_hidden (game, 0);
  g_assert_cmpstr (hidden_said, ==, "Lieutenant hidden");
  g_assert_null (muster_game_describe_hidden (game, 1));
  OK (muster_game_set_wip (game, 1, 11, FALSE, &ok_error));
  /* Once. */
  REFUSED (muster_game_take_agreed (game, commit, NULL, NULL, &ok_error), "already");

  /* Another trooper than the one committed to: caught. */
  lying = muster_game_new_reveal (other, "red", 1, salt, sizeof salt);
  REFUSED (muster_game_take_agreed (game, lying, NULL, NULL, &ok_error), "committed");
  g_assert_null (muster_game_get_revealed_lieutenant (game, 0));

  reveal = muster_game_new_reveal (hidden, "red", 1, salt, sizeof salt);
  OK (muster_game_take_agreed (game, reveal, NULL, NULL, &ok_error));
  g_assert_cmpstr (muster_game_get_revealed_lieutenant (game, 0), ==, "r1");
  g_assert_false (muster_game_has_hidden_lieutenant (game, 0));
  g_assert_true (muster_game_knows_lieutenant (game, 0));
  g_assert_true (muster_game_has_lieutenant_on_table (game, 0));
  g_clear_pointer (&said, g_free);
  said = muster_game_describe_step (game, 2);
  g_assert_cmpstr (said, ==, "Alice revealed their hidden choice: Alice’s Lieutenant is Alice’s Lieutenant");

  /* The file keeps them, as the schema says, and they replay. */
  bytes = muster_layout_to_bytes (layout);
  reread = muster_layout_new_from_bytes (bytes, "hidden.muster", &error);
  g_assert_no_error (error);
  again = muster_game_new (reread, muster_game_get_system (game));
  g_assert_null (muster_game_get_restore_error (again));
  g_assert_cmpstr (muster_game_get_revealed_lieutenant (again, 0), ==, "r1");
}

/* A trooper with Airborne Deployment kept off the table: not in the
 * deployment, counted as held back until it is revealed. */
static void
test_kept_off_table (void)
{
  g_autoptr(MusterLayout) layout = NULL;
  g_autoptr(MusterGame) game = infinity_game (&layout);
  g_autoptr(MusterRoster) roster = muster_roster_new (layout);
  g_autoptr(MusterLogStep) hidden = army_choice ("keep-off-table", "red", "e1", "Paratrooper");
  g_autoptr(MusterLogStep) commit = NULL;
  g_autoptr(MusterLogStep) late = NULL;
  g_autoptr(MusterLogStep) reveal = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(MusterLayout) reread = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *said = NULL;
  MusterRosterEntry *entry = muster_roster_entry_new ();
  guint8 salt[32];

  entry->id = g_strdup ("e1");
  entry->name = g_strdup ("Paratrooper");
  entry->skills = g_strsplit ("airborne-deployment", " ", -1);
  entry->hold = MUSTER_ROSTER_HOLD_OFF_TABLE;
  muster_roster_add_entry (roster, "red", entry);

  fill_salt (salt, sizeof salt, 5);
  commit = muster_game_new_commit (hidden, "red", salt, sizeof salt);
  OK (muster_game_take_agreed (game, commit, NULL, NULL, &ok_error));
  g_assert_cmpuint (muster_game_count_held_back (game, 0), ==, 1);
  said = muster_game_describe_hidden (game, 0);
  g_assert_cmpstr (said, ==, "1 trooper held back");

  play_initiative (game);
  OK (muster_game_start_deployment (game, &ok_error));
  /* The deployment knows r1 and b1, not the paratrooper. */
  g_assert_cmpuint (muster_game_get_n_troopers (game), ==, 2);
  g_assert_null (muster_game_lookup_trooper (game, "e1#1"));
  {
    MusterLogStep *start = muster_game_get_step (game, muster_game_get_n_steps (game) - 1);

    for (guint i = 0; i < muster_log_step_get_n_items (start); i++)
      g_assert_cmpstr (muster_log_item_get (muster_log_step_get_item (start, i), "entry"), !=, "e1");
  }

  /* Too late for another. */
  late = muster_game_new_commit (hidden, "red", salt, sizeof salt);
  REFUSED (muster_game_take_agreed (game, late, NULL, NULL, &ok_error), "before the deployment");

  reveal = muster_game_new_reveal (hidden, "red", 1, salt, sizeof salt);
  OK (muster_game_take_agreed (game, reveal, NULL, NULL, &ok_error));
  g_assert_cmpuint (muster_game_count_held_back (game, 0), ==, 0);
  g_clear_pointer (&said, g_free);
  said = muster_game_describe_step (game, muster_game_get_n_steps (game) - 1);
  g_assert_cmpstr (said, ==, "Alice revealed their hidden choice: Alice had kept Paratrooper off the table");

  bytes = muster_layout_to_bytes (layout);
  reread = muster_layout_new_from_bytes (bytes, "held.muster", &error);
  g_assert_no_error (error);
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
  g_test_add_func ("/game/net/hidden-lieutenant", test_hidden_lieutenant);
  g_test_add_func ("/game/net/kept-off-table", test_kept_off_table);

  return g_test_run ();
}
