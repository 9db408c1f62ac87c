/* test-game.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sys/wait.h>

#include "muster-editor.h"
#include "muster-game.h"
#include "muster-roster.h"
#include "muster-test-tmp.h"

#define IN 25.4

/* Tests of src/game/muster-game.c: whole games driven through the typed
 * calls with no display, replayed from the layout's log, taken back with
 * the history. */

typedef struct
{
  MusterLayout    *layout;
  MusterSystem    *system;
  MusterValidator *validator;
  MusterHistory   *history;
  MusterGame      *game;
} Table;

static void
table_open (Table      *table,
            const char *system_id,
            const char *deployment_id,
            double      width,
            double      height)
{
  g_autoptr(GError) error = NULL;

  table->layout = muster_layout_new (system_id, deployment_id, width * IN, height * IN);
  muster_layout_set_player_name (table->layout, "red", "Alice");
  muster_layout_set_player_name (table->layout, "blue", "Bob");
  table->system = g_object_ref (muster_system_registry_lookup (muster_system_registry_get_default (), system_id));
  g_assert_nonnull (table->system);
  /* Twilight Imperium has no zones to judge against. */
  if (strcmp (system_id, "ti4") != 0)
    {
      table->validator = muster_validator_new (table->layout, table->system, &error);
      g_assert_no_error (error);
    }
  table->history = muster_history_new (table->layout);
}

/* The game starts when the pieces are down, as in the window. */
static void
table_start (Table *table)
{
  table->game = muster_game_new (table->layout, table->system);
  muster_game_set_seed (table->game, 2026);
  muster_game_set_validator (table->game, table->validator);
  muster_game_set_history (table->game, table->history);
}

static void
table_close (Table *table)
{
  g_clear_object (&table->game);
  g_clear_object (&table->history);
  g_clear_object (&table->validator);
  g_clear_object (&table->system);
  g_assert_finalize_object (table->layout);
}

static MusterPiece *
add_model (MusterLayout *layout,
           const char   *id,
           const char   *owner,
           double        x,
           double        y,
           double        rotation,
           gboolean      lieutenant)
{
  MusterBase base = { MUSTER_BASE_ROUND, 25, 25 };
  MusterPiece *piece = muster_piece_new (id, MUSTER_PIECE_MODEL, owner, &base, x * IN, y * IN);

  piece->rotation = rotation;
  piece->lieutenant = lieutenant;
  g_assert_true (muster_layout_add_piece (layout, piece));

  return piece;
}

#define OK(call) G_STMT_START { g_autoptr(GError) ok_error = NULL; \
  if (!(call)) g_error ("%s refused: %s", #call, ok_error != NULL ? ok_error->message : "(no message)"); } G_STMT_END
#define REFUSED(call, needle) G_STMT_START { g_autoptr(GError) ok_error = NULL; \
  g_assert_false (call); g_assert_nonnull (ok_error); \
  if (strstr (ok_error->message, needle) == NULL) g_error ("“%s” does not say “%s”", ok_error->message, needle); } G_STMT_END

/* The README's game of Infinity: Alice (red) and Bob (blue) on a 48″
 * table, three troopers each, a Lieutenant each. */
static void
infinity_table (Table *table)
{
  table_open (table, "infinity", "standard", 48, 48);
  add_model (table->layout, "r1", "red", 10, 40, 0, TRUE);
  add_model (table->layout, "r2", "red", 20, 40, 0, FALSE);
  add_model (table->layout, "r3", "red", 30, 40, 0, FALSE);
  add_model (table->layout, "b1", "blue", 10, 8, 180, TRUE);
  add_model (table->layout, "b2", "blue", 20, 37.2, 180, FALSE);
  add_model (table->layout, "b3", "blue", 30, 8, 180, FALSE);
}

/* The Initiative Roll with dice from the table: Alice wins and keeps
 * Deployment; Bob plays first; Alice takes the south and Bob deploys
 * first. */
static void
play_initiative (MusterGame *game)
{
  OK (muster_game_set_typed_dice (game, TRUE, &ok_error));
  OK (muster_game_set_wip (game, 0, 13, TRUE, &ok_error));
  OK (muster_game_set_wip (game, 1, 11, FALSE, &ok_error));
  OK (muster_game_roll_initiative (game, 0, 12, &ok_error));
  OK (muster_game_roll_initiative (game, 1, 7, &ok_error));
  OK (muster_game_keep (game, MUSTER_INFINITY_KEEP_DEPLOYMENT, &ok_error));
  OK (muster_game_choose_first_turn (game, 1, &ok_error));
  OK (muster_game_choose_deployment (game, 1, "south", &ok_error));
}

/* The four deployment steps: all but one, all but one, the last, the last. */
static void
play_deployment (Table *table)
{
  MusterGame *game = table->game;

  OK (muster_game_start_deployment (game, &ok_error));
  g_assert_cmpuint (muster_game_get_n_troopers (game), ==, 6);
  OK (muster_game_deploy (game, "b1", &ok_error));
  /* b2 stands outside Bob's zone. */
  REFUSED (muster_game_deploy (game, "b2", &ok_error), "cannot be deployed");
  muster_layout_move_piece (table->layout, muster_layout_lookup_piece (table->layout, "b2"), 20 * IN, 8 * IN, 180);
  OK (muster_game_deploy (game, "b2", &ok_error));
  OK (muster_game_finish_step (game, &ok_error));
  OK (muster_game_deploy (game, "r1", &ok_error));
  OK (muster_game_deploy (game, "r2", &ok_error));
  OK (muster_game_finish_step (game, &ok_error));
  OK (muster_game_deploy (game, "b3", &ok_error));
  OK (muster_game_finish_step (game, &ok_error));
  OK (muster_game_deploy (game, "r3", &ok_error));
  OK (muster_game_finish_step (game, &ok_error));
}

/* Bob's first Player Turn: one Order, then the turn ends. */
static void
play_first_turn (MusterGame *game)
{
  OK (muster_game_start_turn (game, 1, muster_game_count_orders (game, 1), &ok_error));
  OK (muster_game_activate (game, "b2", &ok_error));
  OK (muster_game_next_step (game, &ok_error));
  OK (muster_game_next_step (game, &ok_error));
  OK (muster_game_declare_skill (game, "move", &ok_error));
  while (muster_order_sequence_get_step (muster_game_get_order_sequence (game))->kind != MUSTER_ORDER_STEP_ACTIVATION)
    OK (muster_game_next_step (game, &ok_error));
  OK (muster_game_end_turn (game, &ok_error));
}

static void
test_infinity_game (void)
{
  Table table = { 0 };
  g_autoptr(MusterGame) again = NULL;
  g_autofree char *state = NULL;
  MusterInfinityInitiative *ini;
  MusterOrderSequence *seq;

  infinity_table (&table);
  table_start (&table);
  g_assert_cmpint (muster_game_get_phase (table.game), ==, MUSTER_GAME_PHASE_INITIATIVE);
  /* Turns are each player's own count until the Deployment Phase. */
  g_assert_false (muster_validator_get_turns_are_steps (table.validator));
  {
    g_autofree char *d20 = muster_game_dup_die_name (table.game, 20);

    g_assert_cmpstr (d20, ==, "d20");
  }

  play_initiative (table.game);
  ini = muster_game_get_initiative (table.game);
  g_assert_cmpint (muster_infinity_initiative_get_state (ini), ==, MUSTER_INFINITY_INITIATIVE_DONE);
  g_assert_cmpint (muster_infinity_initiative_get_first_deployer (ini), ==, 1);
  g_assert_cmpint (muster_infinity_initiative_get_first_turn (ini), ==, 1);
  /* The result is on the board. */
  g_assert_cmpstr (muster_layout_lookup_player (table.layout, "red")->zone, ==, "south");
  g_assert_cmpstr (muster_layout_lookup_player (table.layout, "blue")->zone, ==, "north");

  g_assert_false (muster_validator_get_deployment_over (table.validator));
  play_deployment (&table);
  g_assert_cmpint (muster_game_get_phase (table.game), ==, MUSTER_GAME_PHASE_ORDERS);
  /* The game placed its troopers: their turns are its steps. */
  g_assert_true (muster_validator_get_turns_are_steps (table.validator));
  /* The zones no longer bind what moves in the Player Turns. */
  g_assert_true (muster_validator_get_deployment_over (table.validator));
  g_assert_cmpuint (muster_layout_lookup_piece (table.layout, "b3")->turn, ==, 3);
  g_assert_cmpuint (muster_layout_lookup_piece (table.layout, "r3")->turn, ==, 4);
  g_assert_true (muster_game_is_past_deployment (table.game));

  play_first_turn (table.game);
  g_assert_cmpint (muster_game_get_next_turn_player (table.game), ==, 0);

  /* The second Player Turn: Alice's. */
  OK (muster_game_start_turn (table.game, 0, 3, &ok_error));
  seq = muster_game_get_order_sequence (table.game);
  g_assert_cmpint (muster_game_get_turn_player (table.game), ==, 0);
  g_assert_cmpuint (muster_order_sequence_get_n_orders_left (seq), ==, 3);
  g_assert_null (muster_game_get_notice (table.game));
  state = muster_game_describe_state (table.game);
  g_assert_nonnull (strstr (state, "Alice"));
  g_assert_nonnull (strstr (state, "3 Orders left"));

  /* Every step is in the layout's log, and the game comes back from it. */
  g_assert_cmpuint (muster_layout_get_game_steps (table.layout)->len, ==, muster_game_get_n_steps (table.game));
  again = muster_game_new (table.layout, table.system);
  g_assert_null (muster_game_get_restore_error (again));
  g_assert_cmpuint (muster_game_get_n_steps (again), ==, muster_game_get_n_steps (table.game));
  g_assert_cmpint (muster_game_get_phase (again), ==, MUSTER_GAME_PHASE_ORDERS);
  g_assert_cmpint (muster_game_get_turn_player (again), ==, 0);
  g_assert_cmpuint (muster_order_sequence_get_n_orders_left (muster_game_get_order_sequence (again)), ==, 3);
  g_assert_true (muster_game_get_typed_dice (again));
  g_assert_cmpuint (muster_dice_get_n_rolls (muster_game_get_dice (again)), ==, 2);
  g_assert_true (muster_dice_get_roll (muster_game_get_dice (again), 0)->manual);
  for (guint i = 0; i < muster_game_get_n_steps (again); i++)
    {
      g_autofree char *a = muster_game_describe_step (table.game, i);
      g_autofree char *b = muster_game_describe_step (again, i);

      g_assert_cmpstr (a, ==, b);
      g_assert_null (strstr (a, "Step “"));
    }

  g_clear_object (&again);
  table_close (&table);
}

/* One Lieutenant each: none, or five (a Lieutenant entry of five
 * troopers), holds the roll. */
static void
test_lieutenants (void)
{
  Table table = { 0 };
  g_autoptr(MusterRoster) roster = NULL;
  MusterRosterEntry *entry;

  table_open (&table, "infinity", "standard", 48, 48);
  add_model (table.layout, "r1", "red", 10, 40, 0, TRUE);
  add_model (table.layout, "b1", "blue", 10, 8, 180, FALSE);
  table_start (&table);

  g_assert_cmpuint (muster_game_count_lieutenants (table.game, 0), ==, 1);
  g_assert_cmpuint (muster_game_count_lieutenants (table.game, 1), ==, 0);
  REFUSED (muster_game_set_wip (table.game, 0, 13, FALSE, &ok_error), "Bob’s army has no Lieutenant");

  roster = muster_roster_new (table.layout);
  entry = muster_roster_entry_new ();
  entry->name = g_strdup ("Fusiliers");
  entry->count = 5;
  entry->lieutenant = TRUE;
  muster_roster_add_entry (roster, "blue", entry);
  g_assert_cmpuint (muster_game_count_lieutenants (table.game, 1), ==, 5);
  REFUSED (muster_game_set_wip (table.game, 0, 13, FALSE, &ok_error), "5 Lieutenants");

  /* Read now, not when the game began. */
  entry = muster_roster_entry_copy (g_ptr_array_index (muster_roster_get_entries (roster, "blue"), 0));
  entry->lieutenant = FALSE;
  muster_roster_replace_entry (roster, entry);
  muster_layout_lookup_piece (table.layout, "b1")->lieutenant = TRUE;
  muster_layout_piece_changed (table.layout, muster_layout_lookup_piece (table.layout, "b1"));
  OK (muster_game_set_wip (table.game, 0, 13, FALSE, &ok_error));

  g_clear_object (&roster);
  table_close (&table);
}

/* A Lieutenant marked after the deployment began counts at the first
 * Player Turn: no Loss of Lieutenant. */
static void
test_late_lieutenant (void)
{
  Table table = { 0 };

  infinity_table (&table);
  table_start (&table);
  play_initiative (table.game);
  play_deployment (&table);

  /* The last step of the deployment taken back: its rules bind again. */
  g_assert_true (muster_validator_get_deployment_over (table.validator));
  g_assert_true (muster_history_undo (table.history));
  g_assert_false (muster_validator_get_deployment_over (table.validator));
  g_assert_true (muster_history_redo (table.history));
  g_assert_true (muster_validator_get_deployment_over (table.validator));

  muster_layout_lookup_piece (table.layout, "b1")->lieutenant = FALSE;
  muster_layout_piece_changed (table.layout, muster_layout_lookup_piece (table.layout, "b1"));
  muster_layout_lookup_piece (table.layout, "b3")->lieutenant = TRUE;
  muster_layout_piece_changed (table.layout, muster_layout_lookup_piece (table.layout, "b3"));
  OK (muster_game_start_turn (table.game, 1, 3, &ok_error));
  g_assert_null (muster_game_get_notice (table.game));
  OK (muster_game_end_turn (table.game, &ok_error));

  /* And one taken off the table is missed. */
  muster_layout_remove_piece (table.layout, "r1");
  OK (muster_game_start_turn (table.game, 0, 2, &ok_error));
  g_assert_nonnull (muster_game_get_notice (table.game));
  g_assert_nonnull (strstr (muster_game_get_notice (table.game), "Alice"));

  table_close (&table);
}

/* Undo takes back a step and what it wrote on the board together; redo
 * does it again. */
static void
test_undo (void)
{
  Table table = { 0 };
  guint n;

  infinity_table (&table);
  table_start (&table);
  play_initiative (table.game);

  /* The Initiative Roll's last step wrote the zones. */
  g_assert_cmpstr (muster_layout_lookup_player (table.layout, "red")->zone, ==, "south");
  n = muster_game_get_n_steps (table.game);
  g_assert_true (muster_history_undo (table.history));
  g_assert_cmpuint (muster_game_get_n_steps (table.game), ==, n - 1);
  g_assert_cmpint (muster_infinity_initiative_get_state (muster_game_get_initiative (table.game)), ==,
                   MUSTER_INFINITY_INITIATIVE_DECIDE);
  g_assert_true (muster_history_redo (table.history));
  g_assert_cmpuint (muster_game_get_n_steps (table.game), ==, n);
  g_assert_cmpint (muster_infinity_initiative_get_state (muster_game_get_initiative (table.game)), ==,
                   MUSTER_INFINITY_INITIATIVE_DONE);

  /* A deployment step: the piece's turn and the Game page together. */
  OK (muster_game_start_deployment (table.game, &ok_error));
  OK (muster_game_deploy (table.game, "b1", &ok_error));
  g_assert_cmpuint (muster_layout_lookup_piece (table.layout, "b1")->turn, ==, 1);
  g_assert_true (muster_deployment_phase_is_placed (muster_game_get_deployment (table.game), "b1"));
  g_assert_true (muster_history_undo (table.history));
  g_assert_cmpuint (muster_layout_lookup_piece (table.layout, "b1")->turn, ==, 0);
  g_assert_false (muster_deployment_phase_is_placed (muster_game_get_deployment (table.game), "b1"));
  g_assert_true (muster_history_redo (table.history));
  g_assert_cmpuint (muster_layout_lookup_piece (table.layout, "b1")->turn, ==, 1);
  g_assert_true (muster_deployment_phase_is_placed (muster_game_get_deployment (table.game), "b1"));

  /* Undo of the start of the deployment: back to no deployment. */
  g_assert_false (muster_validator_get_deployment_over (table.validator));
  g_assert_true (muster_history_undo (table.history));
  g_assert_true (muster_history_undo (table.history));
  g_assert_null (muster_game_get_deployment (table.game));
  g_assert_cmpint (muster_game_get_phase (table.game), ==, MUSTER_GAME_PHASE_INITIATIVE);

  /* A die taken back is thrown anew, and the game goes on from there. */
  while (muster_game_get_n_steps (table.game) > 3)
    g_assert_true (muster_history_undo (table.history));
  g_assert_cmpuint (muster_dice_get_n_rolls (muster_game_get_dice (table.game)), ==, 0);
  OK (muster_game_roll_initiative (table.game, 0, 5, &ok_error));
  g_assert_false (muster_history_can_redo (table.history));
  g_assert_cmpuint (muster_layout_get_game_steps (table.layout)->len, ==, 4);

  table_close (&table);
}

/* What a saved game keeps never tells the next die: two games read from
 * the same log throw different dice. */
static void
test_dice_unforeseeable (void)
{
  Table table = { 0 };
  g_autoptr(MusterGame) a = NULL;
  g_autoptr(MusterGame) b = NULL;
  GString *first = g_string_new (NULL);
  GString *second = g_string_new (NULL);

  infinity_table (&table);
  a = muster_game_new (table.layout, table.system);
  OK (muster_game_set_wip (a, 0, 20, FALSE, &ok_error));
  OK (muster_game_set_wip (a, 1, 20, FALSE, &ok_error));
  OK (muster_game_roll_initiative (a, 0, 0, &ok_error));

  /* Each steps its own layout's copy of the log. */
  for (guint i = 0; i < 12; i++)
    {
      g_autoptr(MusterLayout) copy = muster_layout_new ("infinity", "standard", 48 * IN, 48 * IN);
      g_autoptr(MusterGame) game = NULL;
      GString *out = i % 2 == 0 ? first : second;

      muster_layout_set_game_log_steps (copy, "infinity", muster_layout_get_game_steps (table.layout));
      game = muster_game_new (copy, table.system);
      g_assert_null (muster_game_get_restore_error (game));
      g_assert_cmpuint (muster_dice_get_n_rolls (muster_game_get_dice (game)), ==, 1);
      g_string_append_printf (out, "%u ", muster_dice_roll (muster_game_get_dice (game), 20, NULL, NULL));
    }

  /* Six d20s each: the same by chance once in 64 million. */
  g_assert_cmpstr (first->str, !=, second->str);

  g_string_free (first, TRUE);
  g_string_free (second, TRUE);
  g_clear_object (&a);
  table_close (&table);
}

/* A step that cannot be done stops the replay there, and the log is kept
 * until the players go on. */
static void
test_damaged_log (void)
{
  Table table = { 0 };
  g_autoptr(GPtrArray) steps = NULL;
  g_autoptr(MusterLogStep) bad = muster_log_step_new ("keep");
  g_autoptr(MusterLogStep) unknown = muster_log_step_new ("fly-away");
  g_autoptr(MusterLogStep) lying = NULL;

  infinity_table (&table);
  table_start (&table);
  OK (muster_game_set_wip (table.game, 0, 13, TRUE, &ok_error));
  OK (muster_game_set_wip (table.game, 1, 11, FALSE, &ok_error));
  OK (muster_game_roll_initiative (table.game, 0, 0, &ok_error));

  steps = g_ptr_array_copy (muster_layout_get_game_steps (table.layout), (GCopyFunc) muster_log_step_ref, NULL);
  g_ptr_array_set_free_func (steps, (GDestroyNotify) muster_log_step_unref);

  /* Keep before anyone won. */
  muster_log_step_set (bad, "keep", "initiative");
  g_ptr_array_add (steps, muster_log_step_ref (bad));
  muster_layout_set_game_log_steps (table.layout, "infinity", steps);
  g_assert_cmpuint (muster_game_get_n_steps (table.game), ==, 3);
  g_assert_nonnull (strstr (muster_game_get_restore_error (table.game), "step 4 (keep)"));
  g_assert_nonnull (strstr (muster_game_get_restore_error (table.game), "nobody has won"));
  g_assert_cmpuint (muster_layout_get_game_steps (table.layout)->len, ==, 4);

  /* A step Muster does not know. */
  g_ptr_array_index (steps, 3) = muster_log_step_ref (unknown);
  muster_log_step_unref (bad);
  muster_layout_set_game_log_steps (table.layout, "infinity", steps);
  g_assert_nonnull (strstr (muster_game_get_restore_error (table.game), "knows no such step"));

  /* A die the log says was rolled, but of the wrong die. */
  lying = muster_log_step_copy (g_ptr_array_index (steps, 2));
  g_ptr_array_set_size (steps, 2);
  {
    g_autoptr(MusterLogStep) six = muster_log_step_new ("roll-initiative");

    muster_log_step_set (six, "player", "red");
    muster_log_step_add_die (six, 6, 4, FALSE, "red", NULL);
    g_ptr_array_add (steps, g_steal_pointer (&six));
  }
  muster_layout_set_game_log_steps (table.layout, "infinity", steps);
  g_assert_nonnull (strstr (muster_game_get_restore_error (table.game), "not the one in the log"));

  /* Going on from there drops what could not be done. */
  OK (muster_game_roll_initiative (table.game, 0, 9, &ok_error));
  g_assert_null (muster_game_get_restore_error (table.game));
  g_assert_cmpuint (muster_layout_get_game_steps (table.layout)->len, ==, 3);

  table_close (&table);
}

/* A log put right after a damaged one restores with no error: the
 * damaged log's is not kept for the next replay. */
static void
test_mended_log (void)
{
  Table table = { 0 };
  g_autoptr(GPtrArray) good = NULL;
  g_autoptr(GPtrArray) damaged = NULL;
  g_autoptr(MusterLogStep) bad = muster_log_step_new ("keep");

  infinity_table (&table);
  table_start (&table);
  OK (muster_game_set_wip (table.game, 0, 13, TRUE, &ok_error));
  OK (muster_game_set_wip (table.game, 1, 11, FALSE, &ok_error));
  OK (muster_game_roll_initiative (table.game, 0, 0, &ok_error));

  good = g_ptr_array_copy (muster_layout_get_game_steps (table.layout), (GCopyFunc) muster_log_step_ref, NULL);
  g_ptr_array_set_free_func (good, (GDestroyNotify) muster_log_step_unref);
  damaged = g_ptr_array_copy (good, (GCopyFunc) muster_log_step_ref, NULL);
  g_ptr_array_set_free_func (damaged, (GDestroyNotify) muster_log_step_unref);
  muster_log_step_set (bad, "keep", "initiative");
  g_ptr_array_add (damaged, muster_log_step_ref (bad));

  muster_layout_set_game_log_steps (table.layout, "infinity", damaged);
  g_assert_nonnull (muster_game_get_restore_error (table.game));

  muster_layout_set_game_log_steps (table.layout, "infinity", good);
  g_assert_null (muster_game_get_restore_error (table.game));
  g_assert_cmpuint (muster_game_get_n_steps (table.game), ==, 3);

  /* Twice damaged: the second error replaces the first. */
  muster_layout_set_game_log_steps (table.layout, "infinity", damaged);
  muster_layout_set_game_log_steps (table.layout, "infinity", damaged);
  g_assert_nonnull (strstr (muster_game_get_restore_error (table.game), "step 4 (keep)"));

  table_close (&table);
}

/* The 9th Age: the pre-game and the deployment turns, to the end. */
static void
test_t9a_game (void)
{
  Table table = { 0 };
  g_autoptr(MusterGame) again = NULL;
  MusterBase base = { MUSTER_BASE_RECT, 100, 80 };

  table_open (&table, "t9a", "frontline-clash", 72, 48);
  muster_layout_add_piece (table.layout, muster_piece_new ("u1", MUSTER_PIECE_UNIT, "red", &base, 20 * IN, 42 * IN));
  muster_layout_add_piece (table.layout, muster_piece_new ("u2", MUSTER_PIECE_UNIT, "blue", &base, 20 * IN, 6 * IN));
  /* Scouts: deployed in the turns, never held off the table. */
  muster_layout_lookup_piece (table.layout, "u2")->categories = g_strsplit ("scout", " ", -1);
  table_start (&table);
  g_assert_cmpint (muster_game_get_phase (table.game), ==, MUSTER_GAME_PHASE_PREGAME);
  /* Dice as the rulebook writes them. */
  {
    g_autofree char *d6 = muster_game_dup_die_name (table.game, 6);

    g_assert_cmpstr (d6, ==, "D6");
  }

  OK (muster_game_set_typed_dice (table.game, TRUE, &ok_error));
  /* A 5 is Refused Flank: its diagonal is the winner's choice. */
  OK (muster_game_roll_deployment_type (table.game, 5, &ok_error));
  g_assert_cmpstr (muster_layout_get_deployment_id (table.layout), ==, "refused-flank");
  OK (muster_game_roll_off (table.game, 0, 3, &ok_error));
  OK (muster_game_roll_off (table.game, 1, 3, &ok_error));
  OK (muster_game_roll_off (table.game, 0, 6, &ok_error));
  REFUSED (muster_game_roll_off (table.game, 1, 7, &ok_error), "7 is not a result of a D6");
  OK (muster_game_roll_off (table.game, 1, 2, &ok_error));
  OK (muster_game_make_choice (table.game, "nw-se", &ok_error));
  OK (muster_game_choose_zone (table.game, "south-west", &ok_error));
  OK (muster_game_choose_first_deployer (table.game, 1, &ok_error));
  g_assert_cmpstr (muster_layout_lookup_player (table.layout, "red")->zone, ==, "south-west");
  g_assert_cmpstr (muster_layout_lookup_player (table.layout, "blue")->zone, ==, "north-east");

  OK (muster_game_start_deployment (table.game, &ok_error));
  g_assert_cmpint (muster_game_get_phase (table.game), ==, MUSTER_GAME_PHASE_DEPLOYMENT);
  if (muster_deployment_phase_get_state (muster_game_get_deployment (table.game)) == MUSTER_DEPLOYMENT_PHASE_DECLARATIONS)
    OK (muster_game_finish_declarations (table.game, &ok_error));
  g_assert_cmpint (muster_game_get_trooper_flags (table.game, muster_game_lookup_trooper (table.game, "u2")) &
                   MUSTER_TROOPER_SPECIAL_DEPLOYMENT, ==, 0);
  REFUSED (muster_game_deploy (table.game, "u1", &ok_error), "Bob");
  muster_layout_move_piece (table.layout, muster_layout_lookup_piece (table.layout, "u2"), 62 * IN, 6 * IN, 0);
  OK (muster_game_deploy (table.game, "u2", &ok_error));
  /* A unit deployed stays, in the 9th Age's words, until the end. */
  REFUSED (muster_game_check_piece_edit (table.game, muster_layout_lookup_piece (table.layout, "u2"), &ok_error),
           "u2 is deployed");
  OK (muster_game_finish_step (table.game, &ok_error));
  muster_layout_move_piece (table.layout, muster_layout_lookup_piece (table.layout, "u1"), 8 * IN, 42 * IN, 0);
  OK (muster_game_deploy (table.game, "u1", &ok_error));
  OK (muster_game_finish_step (table.game, &ok_error));
  g_assert_cmpint (muster_game_get_phase (table.game), ==, MUSTER_GAME_PHASE_OVER);
  OK (muster_game_check_piece_edit (table.game, muster_layout_lookup_piece (table.layout, "u2"), &ok_error));
  /* The log in the 9th Age's words: units and turns. */
  {
    g_autoptr(GString) log = g_string_new (NULL);

    for (guint i = 0; i < muster_game_get_n_steps (table.game); i++)
      {
        g_autofree char *said = muster_game_describe_step (table.game, i);

        g_string_append_printf (log, "%s\n", said);
      }
    g_assert_nonnull (strstr (log->str, "The deployment began with 2 units\n"));
    g_assert_nonnull (strstr (log->str, "Bob finished their deployment turn\n"));
    g_assert_null (strstr (log->str, "troopers"));
  }

  again = muster_game_new (table.layout, table.system);
  g_assert_null (muster_game_get_restore_error (again));
  g_assert_cmpint (muster_game_get_phase (again), ==, MUSTER_GAME_PHASE_OVER);
  g_assert_cmpuint (muster_dice_get_n_rolls (muster_game_get_dice (again)), ==, 5);

  g_clear_object (&again);
  table_close (&table);
}

/* Twilight Imperium: a round from the strategy phase to the next round. */
static void
test_ti4_game (void)
{
  Table table = { 0 };
  g_autoptr(MusterGame) again = NULL;
  const char *seats[] = { "Ann", "Ben", "Cy", NULL };
  MusterTi4Round *round;

  table_open (&table, "ti4", NULL, 72, 48);
  table_start (&table);
  g_assert_cmpint (muster_game_get_kind (table.game), ==, MUSTER_GAME_KIND_TI4);

  OK (muster_game_ti4_start (table.game, seats, 1, &ok_error));
  round = muster_game_get_ti4 (table.game);
  g_assert_cmpint (muster_ti4_round_get_active_player (round), ==, 1);
  OK (muster_game_ti4_pick (table.game, MUSTER_TI4_CARD_WARFARE, &ok_error));
  REFUSED (muster_game_ti4_pick (table.game, MUSTER_TI4_CARD_WARFARE, &ok_error), "Warfare");
  OK (muster_game_ti4_pick (table.game, MUSTER_TI4_CARD_LEADERSHIP, &ok_error));
  OK (muster_game_ti4_pick (table.game, MUSTER_TI4_CARD_TRADE, &ok_error));
  OK (muster_game_ti4_pick (table.game, MUSTER_TI4_CARD_POLITICS, &ok_error));
  OK (muster_game_ti4_pick (table.game, MUSTER_TI4_CARD_DIPLOMACY, &ok_error));
  OK (muster_game_ti4_naalu (table.game, 0, &ok_error));
  OK (muster_game_ti4_pick (table.game, MUSTER_TI4_CARD_IMPERIAL, &ok_error));
  g_assert_cmpint (muster_ti4_round_get_phase (round), ==, MUSTER_TI4_PHASE_ACTION);
  /* Ann holds the "0": she acts first. */
  g_assert_cmpint (muster_ti4_round_get_active_player (round), ==, 0);
  OK (muster_game_ti4_action (table.game, MUSTER_TI4_ACTION_TACTICAL, MUSTER_TI4_CARD_NONE, &ok_error));

  again = muster_game_new (table.layout, table.system);
  g_assert_null (muster_game_get_restore_error (again));
  g_assert_cmpuint (muster_game_get_n_steps (again), ==, muster_game_get_n_steps (table.game));
  g_assert_cmpint (muster_ti4_round_get_active_player (muster_game_get_ti4 (again)), ==,
                   muster_ti4_round_get_active_player (round));
  {
    g_autofree char *said = muster_game_describe_step (again, 0);

    g_assert_cmpstr (said, ==, "A round began with 3 players; Ben is the speaker");
  }

  g_clear_object (&again);
  table_close (&table);
}

/* Only the player whose choice it is makes it. */
static void
test_not_yours (void)
{
  Table table = { 0 };
  g_autoptr(MusterLogStep) step = muster_log_step_new ("keep");

  infinity_table (&table);
  table_start (&table);
  OK (muster_game_set_wip (table.game, 0, 13, FALSE, &ok_error));
  OK (muster_game_set_wip (table.game, 1, 11, FALSE, &ok_error));
  OK (muster_game_roll_initiative (table.game, 0, 12, &ok_error));
  OK (muster_game_roll_initiative (table.game, 1, 7, &ok_error));

  /* Alice won; Bob may not keep for her. */
  muster_log_step_set (step, "player", "blue");
  muster_log_step_set (step, "keep", "deployment");
  REFUSED (muster_game_apply_step (table.game, step, &ok_error), "Alice");
  muster_log_step_set (step, "player", "red");
  OK (muster_game_apply_step (table.game, step, &ok_error));

  /* Another Muster's step, with the die it rolled: recorded the same. */
  {
    g_autoptr(MusterLogStep) roll = muster_log_step_new ("roll-initiative");
    Table other = { 0 };

    infinity_table (&other);
    table_start (&other);
    OK (muster_game_set_wip (other.game, 0, 13, FALSE, &ok_error));
    OK (muster_game_set_wip (other.game, 1, 11, FALSE, &ok_error));
    muster_log_step_set (roll, "player", "blue");
    muster_log_step_add_die (roll, 20, 17, FALSE, "blue", NULL);
    OK (muster_game_apply_step (other.game, roll, &ok_error));
    g_assert_true (muster_log_step_equal (roll, muster_game_get_step (other.game, 2)));
    g_assert_false (muster_dice_get_last_roll (muster_game_get_dice (other.game))->manual);
    g_assert_cmpuint (muster_dice_get_last_roll (muster_game_get_dice (other.game))->value, ==, 17);
    table_close (&other);
  }

  table_close (&table);
}


/* A layout saved by Muster 0.1 keeps its game as two text logs: they
 * become steps when the game is made, with the roll log's dice. */
static void
test_legacy (void)
{
  Table table = { 0 };
  g_autoptr(MusterDice) old_dice = muster_dice_new (42);
  g_auto(GStrv) roll_log = NULL;
  const char *game_log[] = {
    "#muster-game-log\t1\t1\tinfinity",
    "set-wip\t(0, uint32 13, true)",
    "set-wip\t(1, uint32 11, false)",
    "initiative-roll\t0",
    "set-typed-dice\ttrue",
    "initiative-enter\t(1, uint32 7)",
    "keep\t'deployment'",
    "choose-first-turn\t1",
    "choose-deployment\t(1, 'south')",
    "start-deployment-with\t[(0, 'r1', 'r1', '', 'r1', true, @as [], @as []), "
    "(0, 'r2', 'r2', '', 'r2', false, @as [], @as []), (0, 'r3', 'r3', '', 'r3', false, @as [], @as []), "
    "(1, 'b1', 'b1', '', 'b1', true, @as [], @as []), (1, 'b2', 'b2', '', 'b2', false, @as [], @as []), "
    "(1, 'b3', 'b3', '', 'b3', false, @as [], @as [])]",
    "deploy\t'b1'", "deploy\t'b2'", "finish-step",
    "deploy\t'r1'", "deploy\t'r2'", "finish-step",
    "deploy\t'b3'", "finish-step",
    "deploy\t'r3'", "finish-step",
    "go-to-orders",
    "start-turn-with\t(1, uint32 3)",
    "activate\t'b2'",
    "next-step", "next-step",
    "declare-skill\t'bs-attack'",
    "next-step",
    "aro-eligible\t['r2']",
    "next-step", "next-step", "next-step",
    "aro-eligible\t@as []",
    "next-step", "next-step",
    "face-to-face\t('', uint32 13, uint32 2, [uint32 5, 15], uint32 0, uint32 1, @au [])",
    NULL,
  };
  guint roll;

  infinity_table (&table);
  muster_layout_move_piece (table.layout, muster_layout_lookup_piece (table.layout, "b2"), 20 * IN, 8 * IN, 180);

  /* A die of an earlier game, Alice's roll by Muster, then the table's. */
  muster_dice_roll (old_dice, 6, "", "Deployment type (D6)");
  roll = muster_dice_roll (old_dice, 20, "red", "Initiative Roll, attempt 1");
  g_assert_true (muster_dice_record (old_dice, 20, 7, "blue", "Initiative Roll, attempt 1", NULL));
  g_assert_true (muster_dice_record (old_dice, 20, 5, "blue", "x", NULL));
  g_assert_true (muster_dice_record (old_dice, 20, 15, "blue", "x", NULL));
  roll_log = muster_dice_log_to_strv (old_dice);
  muster_layout_set_legacy_roll_log (table.layout, (const char * const *) roll_log);
  muster_layout_set_legacy_game_log (table.layout, game_log);

  table_start (&table);
  g_assert_cmpstr (muster_game_get_restore_error (table.game), ==, NULL);
  /* The old logs are gone from the layout: the steps have them. */
  g_assert_null (muster_layout_get_legacy_game_log (table.layout));
  g_assert_null (muster_layout_get_legacy_roll_log (table.layout));
  g_assert_cmpstr (muster_layout_get_game_log_system (table.layout), ==, "infinity");
  g_assert_cmpuint (muster_layout_get_game_steps (table.layout)->len, ==, muster_game_get_n_steps (table.game));

  /* Where the old page left it. */
  g_assert_cmpint (muster_game_get_phase (table.game), ==, MUSTER_GAME_PHASE_ORDERS);
  g_assert_cmpint (muster_game_get_turn_player (table.game), ==, 1);
  g_assert_true (muster_game_get_typed_dice (table.game));
  g_assert_nonnull (muster_game_get_face_to_face (table.game, NULL));
  g_assert_cmpuint (muster_dice_get_n_rolls (muster_game_get_dice (table.game)), ==, 5);
  g_assert_false (muster_dice_get_roll (muster_game_get_dice (table.game), 1)->manual);
  g_assert_cmpuint (muster_dice_get_roll (muster_game_get_dice (table.game), 1)->value, ==, roll);
  g_assert_cmpstr (muster_game_get_trooper (table.game, 0)->piece_id, ==, "r1");
  {
    g_autofree char *first = muster_game_describe_step (table.game, 0);

    g_assert_cmpstr (first, ==, "1 die of an earlier game");
    g_assert_cmpstr (muster_log_step_get_action (muster_game_get_step (table.game, 0)), ==, "earlier-dice");
  }

  /* A log that cannot be converted stays as it was, and says why. */
  {
    g_autoptr(MusterLayout) broken = muster_layout_new ("infinity", "standard", 48 * IN, 48 * IN);
    g_autoptr(MusterGame) game = NULL;
    const char *bad[] = { "#muster-game-log\t1\t0\tinfinity", "set-wip\t(0, uint32 13, true)", "keep\t3", NULL };

    muster_layout_set_legacy_game_log (broken, bad);
    game = muster_game_new (broken, table.system);
    g_assert_nonnull (strstr (muster_game_get_restore_error (game), "line 3"));
    g_assert_nonnull (muster_layout_get_legacy_game_log (broken));
    /* The game stands where the old page stopped. */
    g_assert_cmpuint (muster_game_get_n_steps (game), ==, 1);
    g_assert_cmpuint (muster_layout_get_game_steps (broken)->len, ==, 0);
    /* Going on replaces the old log. */
    OK (muster_game_set_typed_dice (game, TRUE, &ok_error));
    g_assert_cmpuint (muster_layout_get_game_steps (broken)->len, ==, 2);
    g_assert_null (muster_layout_get_legacy_game_log (broken));
    g_assert_null (muster_game_get_restore_error (game));
  }

  table_close (&table);
}

/* Runs muster with args; returns its exit status, its output in *out. */
static int
run_muster (const char * const  *args,
            char               **out)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *err = NULL;
  int status = 0;

  g_ptr_array_add (argv, (gpointer) MUSTER_BINARY);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);

  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               out, &err, &status, &error));
  g_assert_no_error (error);
  if (err != NULL && *err != '\0')
    {
      char *both = g_strconcat (*out, err, NULL);

      g_free (*out);
      *out = both;
    }

  return WIFEXITED (status) ? WEXITSTATUS (status) : -1;
}

/* The README's game saved, opened again and read by muster --game. */
static void
test_saved_game (void)
{
  Table table = { 0 };
  g_autoptr(MusterLayout) reopened = NULL;
  g_autoptr(MusterGame) again = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(MusterTestDir) dir = muster_test_dir_new ("muster-game-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "game.muster", NULL);
  g_autofree char *damaged_path = g_build_filename (dir, "damaged.muster", NULL);
  g_autofree char *out = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (path);
  const char *game_args[] = { "--game", path, NULL };
  const char *damaged_args[] = { "--game", damaged_path, NULL };
  const char *missing_args[] = { "--game", "/no/such/layout.muster", NULL };
  char *at;

  infinity_table (&table);
  table_start (&table);
  play_initiative (table.game);
  play_deployment (&table);
  play_first_turn (table.game);
  OK (muster_game_start_turn (table.game, 0, 3, &ok_error));

  g_assert_true (muster_layout_save (table.layout, file, &error));
  g_assert_no_error (error);
  reopened = muster_layout_new_from_file (file, &error);
  g_assert_no_error (error);
  again = muster_game_new (reopened, table.system);
  g_assert_null (muster_game_get_restore_error (again));
  g_assert_cmpuint (muster_game_get_n_steps (again), ==, muster_game_get_n_steps (table.game));
  g_assert_cmpint (muster_game_get_turn_player (again), ==, 0);

  /* Nothing in the file tells the next die. */
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_null (strstr (text, "seed"));
  g_assert_null (strstr (text, "roll-log"));

  g_assert_cmpint (run_muster (game_args, &out), ==, 0);
  g_assert_nonnull (strstr (out, "Player Turns: Game Round 1, Alice’s Player Turn: 3 Orders left"));
  g_assert_nonnull (strstr (out, "   1. The dice are thrown at the table and typed in"));
  g_assert_nonnull (strstr (out, "Alice threw 12 on a d20 for the Initiative Roll"));
  g_assert_nonnull (strstr (out, "Bob deployed b2"));
  g_assert_nonnull (strstr (out, "Alice began a Player Turn with 3 Orders"));
  g_clear_pointer (&out, g_free);

  /* A step that cannot be done: exit 1, naming it. */
  at = strstr (text, "keep=\"deployment\" player=\"red\"");
  g_assert_nonnull (at);
  memcpy (at, "keep=\"deployment\" player=\"blu\"", strlen ("keep=\"deployment\" player=\"blu\""));
  g_assert_true (g_file_set_contents (damaged_path, text, -1, NULL));
  g_assert_cmpint (run_muster (damaged_args, &out), ==, 1);
  g_assert_nonnull (strstr (out, "step 6 (keep)"));
  g_clear_pointer (&out, g_free);

  g_assert_cmpint (run_muster (missing_args, &out), ==, 2);

  g_unlink (path);
  g_unlink (damaged_path);
  g_rmdir (dir);
  g_clear_object (&again);
  g_clear_object (&reopened);
  table_close (&table);
}

/* Refusals name players and troopers as the players know them. */
static void
test_names_in_refusals (void)
{
  Table table = { 0 };
  MusterPiece *b1;

  infinity_table (&table);
  b1 = muster_layout_lookup_piece (table.layout, "b1");
  g_free (b1->name);
  b1->name = g_strdup ("Hacker");
  muster_layout_piece_changed (table.layout, b1);
  table_start (&table);

  OK (muster_game_set_typed_dice (table.game, TRUE, &ok_error));
  OK (muster_game_set_wip (table.game, 0, 13, FALSE, &ok_error));
  OK (muster_game_set_wip (table.game, 1, 11, FALSE, &ok_error));
  OK (muster_game_roll_initiative (table.game, 0, 12, &ok_error));
  REFUSED (muster_game_roll_initiative (table.game, 0, 3, &ok_error), "Alice has already rolled");
  OK (muster_game_roll_initiative (table.game, 1, 7, &ok_error));
  OK (muster_game_keep (table.game, MUSTER_INFINITY_KEEP_DEPLOYMENT, &ok_error));
  OK (muster_game_choose_first_turn (table.game, 1, &ok_error));
  OK (muster_game_choose_deployment (table.game, 1, "south", &ok_error));
  OK (muster_game_start_deployment (table.game, &ok_error));
  OK (muster_game_deploy (table.game, "b1", &ok_error));
  REFUSED (muster_game_deploy (table.game, "b1", &ok_error), "“Hacker” is already on the table");

  table_close (&table);
}

/* For the Game page (the pages branch) */

/* The game system changed after dice were thrown: the new game keeps
 * them, as they were thrown and why, or starts without them. */
static void
test_restart_with_dice (void)
{
  Table table = { 0 };
  g_autoptr(MusterGame) t9a = NULL;
  g_autoptr(MusterDice) thrown = NULL;
  MusterSystem *system;
  MusterDice *dice;

  infinity_table (&table);
  table_start (&table);
  OK (muster_game_set_wip (table.game, 0, 13, FALSE, &ok_error));
  OK (muster_game_set_wip (table.game, 1, 11, FALSE, &ok_error));
  OK (muster_game_roll_initiative (table.game, 0, 0, &ok_error));
  OK (muster_game_roll_initiative (table.game, 1, 0, &ok_error));
  /* The old game follows the layout's log, and starts again with it. */
  thrown = g_object_ref (muster_game_get_dice (table.game));
  g_assert_cmpuint (muster_dice_get_n_rolls (thrown), ==, 2);

  muster_layout_set_game (table.layout, "t9a", "frontline-clash");
  system = muster_system_registry_lookup (muster_system_registry_get_default (), "t9a");
  t9a = muster_game_new (table.layout, system);
  muster_game_set_history (t9a, table.history);
  /* The old log is another game system's: nothing of it is replayed. */
  g_assert_cmpuint (muster_dice_get_n_rolls (muster_game_get_dice (t9a)), ==, 0);

  muster_game_restart (t9a, thrown);
  g_assert_cmpstr (muster_layout_get_game_log_system (table.layout), ==, "t9a");
  dice = muster_game_get_dice (t9a);
  g_assert_cmpuint (muster_dice_get_n_rolls (dice), ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      const MusterRoll *kept = muster_dice_get_roll (dice, i);
      const MusterRoll *roll = muster_dice_get_roll (thrown, i);

      g_assert_cmpuint (kept->value, ==, roll->value);
      g_assert_cmpstr (kept->who, ==, roll->who);
      g_assert_cmpstr (kept->why, ==, roll->why);
    }
  g_assert_cmpint (muster_game_get_phase (t9a), ==, MUSTER_GAME_PHASE_PREGAME);

  /* Or without them; one undo brings them back. */
  muster_game_restart (t9a, NULL);
  g_assert_cmpuint (muster_dice_get_n_rolls (muster_game_get_dice (t9a)), ==, 0);
  g_assert_true (muster_history_undo (table.history));
  g_assert_cmpuint (muster_dice_get_n_rolls (muster_game_get_dice (t9a)), ==, 2);

  g_clear_object (&t9a);
  table_close (&table);
}

/* A trooper's flags are as the deployment began; whether it is the
 * Lieutenant is read now. */
static void
test_trooper_flags (void)
{
  Table table = { 0 };
  g_autoptr(MusterRoster) roster = NULL;
  MusterRosterEntry *entry = muster_roster_entry_new ();
  const char *skills[] = { "airborne-deployment", NULL };
  g_autofree char *slot = NULL;
  const MusterGameTrooper *airborne;
  const MusterGameTrooper *b3;

  infinity_table (&table);
  roster = muster_roster_new (table.layout);
  entry->name = g_strdup ("Tankhunter");
  entry->skills = g_strdupv ((char **) skills);
  slot = g_strdup_printf ("%s#1", muster_roster_add_entry (roster, "red", entry));
  table_start (&table);
  play_initiative (table.game);
  OK (muster_game_start_deployment (table.game, &ok_error));

  airborne = muster_game_lookup_trooper (table.game, slot);
  b3 = muster_game_lookup_trooper (table.game, "b3");
  g_assert_nonnull (airborne);
  g_assert_true ((muster_game_get_trooper_flags (table.game, airborne) & MUSTER_TROOPER_MAY_STAY_OFF_TABLE) != 0);
  g_assert_true ((muster_game_get_trooper_flags (table.game, b3) & MUSTER_TROOPER_MAY_STAY_OFF_TABLE) == 0);
  g_assert_true ((muster_game_get_trooper_flags (table.game, muster_game_lookup_trooper (table.game, "b1")) &
                  MUSTER_TROOPER_LIEUTENANT) != 0);
  g_assert_cmpstr (muster_game_get_trooper_name (table.game, airborne), ==, "Tankhunter");

  /* b3 made the Lieutenant after the deployment began. */
  g_assert_false (muster_game_is_trooper_lieutenant (table.game, b3));
  muster_layout_lookup_piece (table.layout, "b3")->lieutenant = TRUE;
  muster_layout_piece_changed (table.layout, muster_layout_lookup_piece (table.layout, "b3"));
  g_assert_true (muster_game_is_trooper_lieutenant (table.game, b3));
  g_assert_true (muster_game_has_lieutenant_on_table (table.game, 1));

  g_clear_object (&roster);
  table_close (&table);
}

/* The Player Turn of the Game Round: the first, the second, the first of
 * the next round. */
static void
test_player_turn (void)
{
  Table table = { 0 };

  infinity_table (&table);
  table_start (&table);
  play_initiative (table.game);
  play_deployment (&table);

  /* Bob plays first, as he chose: in every Game Round. */
  g_assert_cmpuint (muster_game_get_player_turn (table.game), ==, 1);
  g_assert_true (muster_game_is_turn_order_set (table.game));
  REFUSED (muster_game_start_turn (table.game, 0, 1, &ok_error), "This Player Turn is Bob’s");
  OK (muster_game_start_turn (table.game, 1, 1, &ok_error));
  g_assert_cmpuint (muster_game_get_player_turn (table.game), ==, 1);
  OK (muster_game_end_turn (table.game, &ok_error));
  g_assert_cmpuint (muster_game_get_player_turn (table.game), ==, 2);
  g_assert_cmpuint (muster_game_get_game_round (table.game), ==, 1);
  REFUSED (muster_game_start_turn (table.game, 1, 1, &ok_error), "This Player Turn is Alice’s");
  OK (muster_game_start_turn (table.game, 0, 1, &ok_error));
  OK (muster_game_end_turn (table.game, &ok_error));
  g_assert_cmpuint (muster_game_get_player_turn (table.game), ==, 1);
  g_assert_cmpuint (muster_game_get_game_round (table.game), ==, 2);
  REFUSED (muster_game_start_turn (table.game, 0, 1, &ok_error), "Bob’s");

  table_close (&table);
}

/* What the window's document does: the roster asks the game. */
static guint
placement_turn_cb (const char *player_id,
                   gpointer    game)
{
  return muster_game_get_placement_turn (game);
}

/* Troopers put on the table from a roster during a step of the
 * Deployment Phase belong to that step, whoever placed them before in
 * it: no "deployed in the other player's step" for a legal placement. */
static void
test_roster_pieces_take_the_step (void)
{
  Table table = { 0 };
  g_autoptr(MusterRoster) roster = NULL;
  MusterRosterEntry *entry = muster_roster_entry_new ();
  const char *entry_id;

  infinity_table (&table);
  roster = muster_roster_new (table.layout);
  entry->name = g_strdup ("Zhanshi");
  entry->count = 2;
  entry->base = (MusterBase) { MUSTER_BASE_ROUND, 25, 25 };
  entry_id = muster_roster_add_entry (roster, "blue", entry);
  table_start (&table);
  play_initiative (table.game);
  /* Before the Deployment Phase the roster counts for itself. */
  g_assert_cmpuint (muster_game_get_placement_turn (table.game), ==, 0);
  OK (muster_game_start_deployment (table.game, &ok_error));
  muster_roster_set_turn_func (roster, placement_turn_cb, table.game, NULL);

  /* Step 1 is Bob's: both of his, one after the other. */
  for (guint k = 0; k < 2; k++)
    {
      MusterPiece *piece = muster_roster_make_piece (roster, entry_id);
      GPtrArray *violations;

      g_assert_nonnull (piece);
      g_assert_cmpuint (piece->turn, ==, 1);
      piece->id = g_strdup_printf ("z%u", k);
      piece->x = (15 + 10 * k) * IN;
      piece->y = 4 * IN;
      g_assert_true (muster_layout_add_piece (table.layout, piece));
      violations = muster_validator_get_piece_violations (table.validator, piece->serial);
      g_assert_nonnull (violations);
      g_assert_cmpuint (violations->len, ==, 0);
    }

  muster_roster_set_turn_func (roster, NULL, NULL, NULL);
  g_clear_object (&roster);
  table_close (&table);
}

/* No Player Turn while the Deployment Phase is under way; Orders alone,
 * with no deployment begun, stay possible. */
static void
test_turn_after_deployment (void)
{
  Table table = { 0 };
  Table alone = { 0 };

  infinity_table (&table);
  table_start (&table);
  play_initiative (table.game);
  OK (muster_game_start_deployment (table.game, &ok_error));
  OK (muster_game_deploy (table.game, "b1", &ok_error));
  REFUSED (muster_game_start_turn (table.game, 1, 3, &ok_error), "Deployment Phase is under way");
  g_assert_cmpint (muster_game_get_phase (table.game), ==, MUSTER_GAME_PHASE_DEPLOYMENT);
  g_assert_null (muster_game_get_order_sequence (table.game));
  table_close (&table);

  /* With no Initiative chosen, the first turn sets the order. */
  infinity_table (&alone);
  table_start (&alone);
  g_assert_false (muster_game_is_turn_order_set (alone.game));
  OK (muster_game_start_turn (alone.game, 0, 3, &ok_error));
  g_assert_cmpint (muster_game_get_phase (alone.game), ==, MUSTER_GAME_PHASE_ORDERS);
  g_assert_true (muster_game_is_turn_order_set (alone.game));
  table_close (&alone);
}

/* A piece is called by its name, else by the trooper's it is. */
static void
test_piece_name (void)
{
  Table table = { 0 };
  g_autoptr(MusterRoster) roster = NULL;
  MusterRosterEntry *entry = muster_roster_entry_new ();
  MusterPiece *piece;
  const char *entry_id;

  infinity_table (&table);
  muster_layout_lookup_piece (table.layout, "r1")->name = g_strdup ("Kamau");
  roster = muster_roster_new (table.layout);
  entry->name = g_strdup ("Fusiliers");
  entry->count = 2;
  entry_id = muster_roster_add_entry (roster, "blue", entry);
  piece = add_model (table.layout, "p7", "blue", 40, 8, 180, FALSE);
  muster_roster_set_piece_entry (piece, entry_id);
  table_start (&table);

  g_assert_cmpstr (muster_game_get_piece_name (table.game, "r1"), ==, "Kamau");
  /* Before the deployment there are no troopers: the piece's id. */
  g_assert_cmpstr (muster_game_get_piece_name (table.game, "p7"), ==, "p7");

  play_initiative (table.game);
  OK (muster_game_start_deployment (table.game, &ok_error));
  g_assert_cmpstr (muster_game_get_piece_name (table.game, "p7"), ==, "Fusiliers 1");
  g_assert_cmpstr (muster_game_get_piece_name (table.game, "r1"), ==, "Kamau");

  g_clear_object (&roster);
  table_close (&table);
}

/* A blue roster entry of count models, with one of them on the table as
 * id (or none when id is NULL). */
static const char *
add_blue_entry (Table      *table,
                MusterRoster *roster,
                const char *name,
                guint       count,
                const char *skill,
                const char *id)
{
  MusterRosterEntry *entry = muster_roster_entry_new ();
  const char *entry_id;

  entry->name = g_strdup (name);
  entry->count = count;
  entry->base = (MusterBase) { MUSTER_BASE_ROUND, 25, 25 };
  if (skill != NULL)
    entry->skills = g_strsplit (skill, " ", -1);
  entry_id = muster_roster_add_entry (roster, "blue", entry);
  if (id != NULL)
    muster_roster_set_piece_entry (add_model (table->layout, id, "blue", 40, 8, 180, FALSE), entry_id);

  return entry_id;
}

/* A piece of the entry, placed as the roster places one (the first free
 * id, which may be one a deleted piece had). */
static MusterPiece *
place_from_entry (Table        *table,
                  MusterRoster *roster,
                  const char   *entry_id,
                  const char   *id,
                  double        x)
{
  MusterPiece *piece = muster_roster_make_piece (roster, entry_id);

  piece->id = g_strdup (id);
  piece->x = x * IN;
  piece->y = 8 * IN;
  g_assert_true (muster_layout_add_piece (table->layout, piece));

  return piece;
}

static MusterPiece *
candidate_of (Table      *table,
              const char *trooper_id)
{
  return muster_game_find_candidate (table->game, muster_game_lookup_trooper (table->game, trooper_id));
}

/* A trooper whose model left the table before it was deployed takes one
 * put there since, of its entry or, from no entry, of its name: else its
 * step could never be finished. A deployed trooper keeps its own. */
static void
test_lost_piece_replaced (void)
{
  Table table = { 0 };
  g_autoptr(MusterRoster) roster = NULL;
  const char *zhanshi;
  MusterPiece *piece;

  infinity_table (&table);
  muster_layout_lookup_piece (table.layout, "b3")->name = g_strdup ("Hac Tao");
  muster_layout_lookup_piece (table.layout, "b2")->name = g_strdup ("Yaogat");
  roster = muster_roster_new (table.layout);
  zhanshi = add_blue_entry (&table, roster, "Zhanshi", 1, NULL, "z1");
  table_start (&table);
  play_initiative (table.game);
  OK (muster_game_start_deployment (table.game, &ok_error));

  /* Of an entry: its model taken away, then another of the entry. */
  g_assert_true (candidate_of (&table, "z1") == muster_layout_lookup_piece (table.layout, "z1"));
  g_assert_false (muster_game_trooper_lost_piece (table.game, muster_game_lookup_trooper (table.game, "z1")));
  muster_layout_remove_piece (table.layout, "z1");
  g_assert_null (candidate_of (&table, "z1"));
  g_assert_true (muster_game_trooper_lost_piece (table.game, muster_game_lookup_trooper (table.game, "z1")));
  REFUSED (muster_game_deploy (table.game, "z1", &ok_error), "not on the table");
  piece = add_model (table.layout, "z2", "blue", 40, 8, 180, FALSE);
  g_assert_null (candidate_of (&table, "z1"));
  muster_roster_set_piece_entry (piece, zhanshi);
  g_assert_true (candidate_of (&table, "z1") == piece);
  OK (muster_game_deploy (table.game, "z1", &ok_error));
  g_assert_cmpstr (muster_game_lookup_trooper (table.game, "z1")->piece_id, ==, "z2");

  /* From no entry: a model of another name is not it, one of its name is. */
  muster_layout_remove_piece (table.layout, "b3");
  piece = add_model (table.layout, "y1", "blue", 30, 8, 180, FALSE);
  piece->name = g_strdup ("Yaogat");
  g_assert_null (candidate_of (&table, "b3"));
  muster_layout_remove_piece (table.layout, "y1");
  piece = add_model (table.layout, "h2", "blue", 30, 8, 180, FALSE);
  piece->name = g_strdup ("Hac Tao");
  g_assert_true (candidate_of (&table, "b3") == piece);
  OK (muster_game_deploy (table.game, "b3", &ok_error));

  /* Or one from an entry of its name added since, which no trooper has. */
  muster_layout_remove_piece (table.layout, "b2");
  piece = place_from_entry (&table, roster, add_blue_entry (&table, roster, "Yaogat", 1, NULL, NULL), "y2", 20);
  g_assert_true (candidate_of (&table, "b2") == piece);

  /* Deployed, then taken off: gone, whatever stands in its place. */
  OK (muster_game_deploy (table.game, "b1", &ok_error));
  muster_layout_remove_piece (table.layout, "b1");
  piece = add_model (table.layout, "b9", "blue", 10, 8, 180, TRUE);
  piece->name = g_strdup (muster_game_lookup_trooper (table.game, "b1")->name);
  g_assert_null (candidate_of (&table, "b1"));
  g_assert_false (muster_game_trooper_lost_piece (table.game, muster_game_lookup_trooper (table.game, "b1")));

  g_clear_object (&roster);
  table_close (&table);
}

/* A piece placed since may have the id of one deleted: it is not the
 * deleted one's trooper's unless it is of its entry; and each piece
 * stands for one trooper at most. */
static void
test_lost_piece_shared (void)
{
  Table table = { 0 };
  g_autoptr(MusterRoster) roster = NULL;
  const char *hac_tao;
  g_autofree char *hac_tao_trooper = NULL;
  MusterPiece *piece;

  infinity_table (&table);
  roster = muster_roster_new (table.layout);
  add_blue_entry (&table, roster, "Zhanshi", 1, NULL, "m1");
  hac_tao = add_blue_entry (&table, roster, "Hac Tao", 1, NULL, NULL);
  muster_layout_lookup_piece (table.layout, "b2")->name = g_strdup ("Hsien");
  muster_layout_lookup_piece (table.layout, "b3")->name = g_strdup ("Hsien 2");
  table_start (&table);
  play_initiative (table.game);
  OK (muster_game_start_deployment (table.game, &ok_error));

  muster_layout_remove_piece (table.layout, "m1");
  piece = place_from_entry (&table, roster, hac_tao, "m1", 30);
  g_assert_null (candidate_of (&table, "m1"));
  g_assert_true (muster_game_trooper_lost_piece (table.game, muster_game_lookup_trooper (table.game, "m1")));
  hac_tao_trooper = g_strdup_printf ("%s#1", hac_tao);
  g_assert_true (candidate_of (&table, hac_tao_trooper) == piece);

  /* Two troopers of like names lose theirs; one model put back. */
  muster_layout_remove_piece (table.layout, "b2");
  muster_layout_remove_piece (table.layout, "b3");
  piece = add_model (table.layout, "h2", "blue", 20, 8, 180, FALSE);
  piece->name = g_strdup ("Hsien 2");
  g_assert_null (candidate_of (&table, "b2"));
  g_assert_true (candidate_of (&table, "b3") == piece);
  piece = place_from_entry (&table, roster, add_blue_entry (&table, roster, "Hsien", 2, NULL, NULL), "h1", 35);
  g_assert_true (candidate_of (&table, "b2") == piece);
  g_assert_true (candidate_of (&table, "b3") == muster_layout_lookup_piece (table.layout, "h2"));

  g_clear_object (&roster);
  table_close (&table);
}

/* A piece deleted during the deployment does not give its id to the next
 * one placed: the game log names it, and its trooper (deployed, or
 * waiting for a model put back) would take the new piece for its own. */
static void
test_logged_ids_kept (void)
{
  Table table = { 0 };
  g_autofree char *id = NULL;

  infinity_table (&table);
  table_start (&table);
  play_initiative (table.game);
  OK (muster_game_start_deployment (table.game, &ok_error));
  OK (muster_game_deploy (table.game, "b1", &ok_error));

  muster_layout_remove_piece (table.layout, "b1");
  muster_layout_remove_piece (table.layout, "b3");
  id = muster_layout_make_id (table.layout, "b");
  g_assert_cmpstr (id, ==, "b4");

  table_close (&table);
}

/* A trooper held off the table takes no model: one placed for another
 * trooper of its entry is that one's. */
static void
test_lost_piece_held (void)
{
  Table table = { 0 };
  g_autoptr(MusterRoster) roster = NULL;
  const char *tiger;
  const MusterGameTrooper *held = NULL, *other = NULL;
  MusterPiece *piece;

  infinity_table (&table);
  roster = muster_roster_new (table.layout);
  tiger = add_blue_entry (&table, roster, "Tiger Soldier", 2, "airborne-deployment", "t1");
  table_start (&table);
  play_initiative (table.game);
  OK (muster_game_start_deployment (table.game, &ok_error));
  for (guint i = 0; i < muster_game_get_n_troopers (table.game); i++)
    {
      const MusterGameTrooper *trooper = muster_game_get_trooper (table.game, i);

      if (g_strcmp0 (trooper->entry_id, tiger) == 0)
        *(trooper->piece_id != NULL ? &held : &other) = trooper;
    }
  g_assert_nonnull (held);
  g_assert_nonnull (other);

  OK (muster_game_hold (table.game, held->id, MUSTER_HOLD_OFF_TABLE, &ok_error));
  muster_layout_remove_piece (table.layout, "t1");
  g_assert_false (muster_game_trooper_lost_piece (table.game, held));
  piece = place_from_entry (&table, roster, tiger, "t2", 35);
  g_assert_null (muster_game_find_candidate (table.game, held));
  g_assert_true (muster_game_find_candidate (table.game, other) == piece);
  OK (muster_game_deploy (table.game, other->id, &ok_error));

  g_clear_object (&roster);
  table_close (&table);
}

/* Every edit a player can make of a piece, none of which may change it. */
static void
assert_edits_refused (MusterEditor *editor,
                      const guint  *serials,
                      guint         n_serials,
                      MusterPiece  *piece)
{
  double x = piece->x, y = piece->y, rotation = piece->rotation;

  muster_editor_move (editor, serials, n_serials, IN, IN);
  muster_editor_nudge (editor, serials, n_serials, 1, 0, MUSTER_UNIT_INCH, FALSE);
  muster_editor_rotate (editor, serials, n_serials, 45);
  muster_editor_set_rotation (editor, serials, n_serials, 90);
  muster_editor_toggle_prone (editor, serials, n_serials);
  g_assert_cmpuint (muster_editor_delete (editor, serials, n_serials), ==, 0);

  g_assert_cmpfloat (piece->x, ==, x);
  g_assert_cmpfloat (piece->y, ==, y);
  g_assert_cmpfloat (piece->rotation, ==, rotation);
  g_assert_false (piece->prone);
}

/* A trooper deployed stays where it was deployed until the Deployment
 * Phase ends: no edit moves, turns or removes its piece, alone or with
 * others, and the refusal names it; taken back, it is free again. Before
 * the deployment and after it, pieces move as they will. */
static void
test_deployed_stay (void)
{
  Table table = { 0 };
  g_autoptr(MusterEditor) editor = NULL;
  g_autoptr(GError) error = NULL;
  MusterPiece *b1, *b3;
  guint pair[2];

  infinity_table (&table);
  b1 = muster_layout_lookup_piece (table.layout, "b1");
  b3 = muster_layout_lookup_piece (table.layout, "b3");
  b1->name = g_strdup ("Zhanshi");
  pair[0] = b3->serial;
  pair[1] = b1->serial;
  table_start (&table);
  editor = muster_editor_new (table.layout, table.history);

  play_initiative (table.game);
  OK (muster_game_start_deployment (table.game, &ok_error));
  muster_editor_move (editor, pair, 2, IN, 0);
  g_assert_cmpfloat_with_epsilon (b1->x, 11 * IN, 1e-9);

  OK (muster_game_deploy (table.game, "b1", &ok_error));
  g_assert_true (muster_editor_check_pieces (editor, &pair[0], 1, NULL));
  g_assert_false (muster_editor_check_pieces (editor, pair, 2, &error));
  g_assert_error (error, MUSTER_GAME_ERROR, MUSTER_GAME_ERROR_BOARD);
  g_assert_cmpstr (error->message, ==, "Zhanshi is deployed: take it back on the Game page to move it");
  assert_edits_refused (editor, &pair[1], 1, b1);
  /* With a piece not deployed: neither changes. */
  assert_edits_refused (editor, pair, 2, b3);
  g_assert_cmpfloat_with_epsilon (b1->x, 11 * IN, 1e-9);

  /* The game's own steps and the history still move it. */
  muster_history_undo (table.history);
  g_assert_true (muster_editor_check_pieces (editor, pair, 2, NULL));
  muster_history_redo (table.history);
  g_assert_false (muster_editor_check_pieces (editor, pair, 2, NULL));

  OK (muster_game_take_back (table.game, "b1", &ok_error));
  muster_editor_move (editor, &pair[1], 1, IN, 0);
  g_assert_cmpfloat_with_epsilon (b1->x, 12 * IN, 1e-9);

  /* The whole deployment; then it is over, and the pieces are free. */
  OK (muster_game_deploy (table.game, "b1", &ok_error));
  muster_layout_move_piece (table.layout, muster_layout_lookup_piece (table.layout, "b2"), 20 * IN, 8 * IN, 180);
  OK (muster_game_deploy (table.game, "b2", &ok_error));
  OK (muster_game_finish_step (table.game, &ok_error));
  OK (muster_game_deploy (table.game, "r1", &ok_error));
  OK (muster_game_deploy (table.game, "r2", &ok_error));
  OK (muster_game_finish_step (table.game, &ok_error));
  OK (muster_game_deploy (table.game, "b3", &ok_error));
  g_assert_false (muster_editor_check_pieces (editor, pair, 2, NULL));
  /* Deployed in an earlier step, it cannot be taken back: not offered. */
  g_clear_error (&error);
  g_assert_false (muster_editor_check_pieces (editor, &pair[1], 1, &error));
  g_assert_cmpstr (error->message, ==, "Zhanshi is deployed and stays where it is until the deployment is over");
  OK (muster_game_finish_step (table.game, &ok_error));
  OK (muster_game_deploy (table.game, "r3", &ok_error));
  OK (muster_game_finish_step (table.game, &ok_error));
  g_assert_true (muster_editor_check_pieces (editor, pair, 2, NULL));
  muster_editor_move (editor, pair, 2, 0, IN);
  g_assert_cmpfloat_with_epsilon (b1->y, 9 * IN, 1e-9);

  /* The game gone, nothing holds the pieces. */
  g_clear_object (&editor);
  g_clear_object (&table.game);
  g_assert_null (muster_layout_get_piece_guard_data (table.layout));
  table_close (&table);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/game/game/infinity", test_infinity_game);
  g_test_add_func ("/game/game/lieutenants", test_lieutenants);
  g_test_add_func ("/game/game/late-lieutenant", test_late_lieutenant);
  g_test_add_func ("/game/game/undo", test_undo);
  g_test_add_func ("/game/game/dice-unforeseeable", test_dice_unforeseeable);
  g_test_add_func ("/game/game/damaged-log", test_damaged_log);
  g_test_add_func ("/game/game/mended-log", test_mended_log);
  g_test_add_func ("/game/game/t9a", test_t9a_game);
  g_test_add_func ("/game/game/ti4", test_ti4_game);
  g_test_add_func ("/game/game/not-yours", test_not_yours);
  g_test_add_func ("/game/game/legacy", test_legacy);
  g_test_add_func ("/game/game/saved", test_saved_game);
  g_test_add_func ("/game/game/names-in-refusals", test_names_in_refusals);
  g_test_add_func ("/game/game/restart-with-dice", test_restart_with_dice);
  g_test_add_func ("/game/game/trooper-flags", test_trooper_flags);
  g_test_add_func ("/game/game/player-turn", test_player_turn);
  g_test_add_func ("/game/game/turn-after-deployment", test_turn_after_deployment);
  g_test_add_func ("/game/game/roster-pieces-take-the-step", test_roster_pieces_take_the_step);
  g_test_add_func ("/game/game/piece-name", test_piece_name);
  g_test_add_func ("/game/game/lost-piece-replaced", test_lost_piece_replaced);
  g_test_add_func ("/game/game/lost-piece-shared", test_lost_piece_shared);
  g_test_add_func ("/game/game/lost-piece-held", test_lost_piece_held);
  g_test_add_func ("/game/game/logged-ids-kept", test_logged_ids_kept);
  g_test_add_func ("/game/game/deployed-stay", test_deployed_stay);

  return g_test_run ();
}
