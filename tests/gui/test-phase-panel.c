/* test-phase-panel.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "muster-phase-panel.h"
#include "muster-roster.h"
#include "muster-window.h"

#define IN 25.4

/* Helpers */

typedef struct
{
  MusterWindow     *window;
  MusterPhasePanel *panel;
  MusterLayout     *layout;
  char             *dir;
} Table;

static void
flush (void)
{
  for (int i = 0; i < 200 && g_main_context_pending (NULL); i++)
    g_main_context_iteration (NULL, FALSE);
}

static void
wait_for_size (GtkWidget *widget)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while ((gtk_widget_get_width (widget) <= 0 || !gtk_widget_get_mapped (widget)) &&
         g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  flush ();
}

/* A window showing the file, with the Game page of the sidebar shown. */
static void
open_file (Table *table,
           GFile *file)
{
  table->window = muster_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (table->window), 1280, 800);
  gtk_window_present (GTK_WINDOW (table->window));
  wait_for_size (GTK_WIDGET (muster_window_get_board_view (table->window)));

  g_assert_true (muster_window_open (table->window, file));
  muster_window_show_sidebar_page (table->window, "game");
  table->panel = MUSTER_PHASE_PANEL (muster_window_get_phase_panel (table->window));
  table->layout = muster_window_get_layout (table->window);
  flush ();
}

/* A window showing layout, which it reads from a file. */
static void
open_table (Table        *table,
            MusterLayout *layout)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;

  table->dir = g_dir_make_tmp ("muster-phase-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (table->dir, "game.muster", NULL);
  file = g_file_new_for_path (path);
  g_assert_true (muster_layout_save (layout, file, &error));
  g_assert_no_error (error);

  open_file (table, file);
}

/* Another window on a file that a table saved, as the players would open
 * it again: closing it leaves the file where it is. */
static void
reopen_table (Table      *table,
              const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);

  table->dir = NULL;
  open_file (table, file);
}

/* What the window shows, saved as name in the table's folder. */
static char *
save_table (Table      *table,
            const char *name)
{
  g_autofree char *path = g_build_filename (table->dir, name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;

  g_assert_true (muster_window_save_to (table->window, file, &error));
  g_assert_no_error (error);

  return g_steal_pointer (&path);
}

static void
close_table (Table *table)
{
  g_autoptr(GDir) dir = NULL;
  const char *name;

  gtk_window_destroy (GTK_WINDOW (table->window));
  flush ();
  if (table->dir == NULL)
    return;

  /* The files saved, and their backups. */
  dir = g_dir_open (table->dir, 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (table->dir, name, NULL);

      g_unlink (path);
    }
  g_rmdir (table->dir);
  g_free (table->dir);
}

static void
act (Table      *table,
     const char *action,
     const char *format,
     ...)
{
  g_autoptr(GVariant) parameter = NULL;
  va_list args;

  if (format != NULL)
    {
      va_start (args, format);
      parameter = g_variant_ref_sink (g_variant_new_va (format, NULL, &args));
      va_end (args);
    }

  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (table->panel), action, parameter));
  /* The rows follow at idle time, as on screen. */
  flush ();
}

static void
assert_accepted (Table *table)
{
  g_assert_cmpstr (muster_phase_panel_get_message (table->panel), ==, NULL);
}

static void
assert_refused (Table      *table,
                const char *needle)
{
  const char *message = muster_phase_panel_get_message (table->panel);

  g_assert_nonnull (message);
  if (strstr (message, needle) == NULL)
    g_error ("“%s” does not say “%s”", message, needle);
}

/* Dice typed in from the table, or rolled by Muster: the action toggles. */
static void
set_typed_dice (Table    *table,
                gboolean  typed)
{
  gboolean now = FALSE;

  g_object_get (table->panel, "typed-dice", &now, NULL);
  if (now != typed)
    act (table, "phase.typed-dice", NULL);
  g_object_get (table->panel, "typed-dice", &now, NULL);
  g_assert_true (now == typed);
}

static void
use_typed_dice (Table *table)
{
  set_typed_dice (table, TRUE);
}

static void
use_muster_dice (Table *table)
{
  set_typed_dice (table, FALSE);
}

static MusterPiece *
add_model (MusterLayout *layout,
           const char   *id,
           const char   *owner,
           double        x,
           double        y,
           double        rotation)
{
  MusterBase base = { MUSTER_BASE_ROUND, 25, 25 };
  MusterPiece *piece = muster_piece_new (id, MUSTER_PIECE_MODEL, owner, &base, x, y);

  piece->rotation = rotation;
  g_assert_true (muster_layout_add_piece (layout, piece));

  return piece;
}

static MusterPiece *
add_unit (MusterLayout *layout,
          const char   *id,
          const char   *owner,
          const char   *category,
          double        x,
          double        y)
{
  MusterBase base = { MUSTER_BASE_RECT, 100, 80 };
  MusterPiece *piece = muster_piece_new (id, MUSTER_PIECE_UNIT, owner, &base, x, y);

  if (category != NULL)
    {
      const char *categories[] = { category, NULL };

      piece->categories = g_strdupv ((char **) categories);
    }
  g_assert_true (muster_layout_add_piece (layout, piece));

  return piece;
}

static MusterLayout *
new_layout (const char *system,
            const char *deployment,
            double      width,
            double      height)
{
  MusterLayout *layout = muster_layout_new (system, deployment, width * IN, height * IN);

  muster_layout_set_player_name (layout, "red", "Alice");
  muster_layout_set_player_name (layout, "blue", "Bob");

  return layout;
}

/* The Initiative Roll with dice from the table: Alice wins and keeps
 * Deployment, Bob deploys first, Alice plays first. */
static void
run_initiative (Table *table)
{
  use_typed_dice (table);
  act (table, "phase.set-wip", "(iub)", 0, 13, TRUE);
  act (table, "phase.set-wip", "(iub)", 1, 11, FALSE);
  act (table, "phase.initiative-enter", "(iu)", 0, 12);
  act (table, "phase.initiative-enter", "(iu)", 1, 7);
  act (table, "phase.keep", "s", "deployment");
  act (table, "phase.choose-deployment", "(is)", 1, "south");
  act (table, "phase.choose-first-turn", "i", 0);
  assert_accepted (table);
  g_assert_cmpint (muster_infinity_initiative_get_state (muster_phase_panel_get_initiative (table->panel)), ==,
                   MUSTER_INFINITY_INITIATIVE_DONE);
}

/* Players' names are text, never markup: "Tom & Jerry" is shown as it
 * is, where GTK would warn that it is not markup and show nothing. */
static void
test_names_are_not_markup (void)
{
  g_autoptr(MusterLayout) layout = new_layout ("infinity", "standard", 48, 48);
  Table table = { 0 };

  muster_layout_set_player_name (layout, "red", "Tom & Jerry");
  muster_layout_set_player_name (layout, "blue", "<b>Bob</b>");
  add_model (layout, "r1", "red", 24 * IN, 40 * IN, 0);
  add_model (layout, "b1", "blue", 24 * IN, 8 * IN, 0);
  open_table (&table, layout);

  use_typed_dice (&table);
  act (&table, "phase.set-wip", "(iub)", 0, 13, FALSE);
  act (&table, "phase.set-wip", "(iub)", 1, 11, FALSE);
  act (&table, "phase.initiative-enter", "(iu)", 0, 12);
  act (&table, "phase.initiative-enter", "(iu)", 1, 7);
  flush ();
  act (&table, "phase.keep", "s", "deployment");
  flush ();
  act (&table, "phase.choose-deployment", "(is)", 1, "south");
  act (&table, "phase.choose-first-turn", "i", 0);
  assert_accepted (&table);
  act (&table, "phase.start-deployment", NULL);
  assert_accepted (&table);
  flush ();

  close_table (&table);
}

/* Infinity: the Initiative Roll */

static void
test_infinity_initiative (void)
{
  g_autoptr(MusterLayout) layout = new_layout ("infinity", "standard", 48, 48);
  g_autoptr(MusterLayout) saved = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  MusterInfinityInitiative *ini;
  MusterDice *dice;
  Table table = { 0 };

  open_table (&table, layout);
  g_assert_cmpstr (muster_phase_panel_get_page (table.panel), ==, "initiative");
  ini = muster_phase_panel_get_initiative (table.panel);
  dice = muster_phase_panel_get_dice (table.panel);
  g_assert_nonnull (ini);
  g_assert_false (muster_window_get_modified (table.window));

  use_typed_dice (&table);

  /* No roll before both WIPs. */
  act (&table, "phase.initiative-enter", "(iu)", 0, 9);
  assert_refused (&table, "WIP");
  g_assert_cmpuint (muster_dice_get_n_rolls (dice), ==, 0);

  /* Alice's WIP typed privately, Bob's openly. */
  act (&table, "phase.set-wip", "(iub)", 0, 13, TRUE);
  assert_accepted (&table);
  act (&table, "phase.set-wip", "(iub)", 1, 11, FALSE);
  g_assert_cmpint (muster_infinity_initiative_get_state (ini), ==, MUSTER_INFINITY_INITIATIVE_ROLL);
  g_assert_true (muster_infinity_initiative_is_wip_private (ini, 0));
  g_assert_false (muster_infinity_initiative_is_wip_private (ini, 1));

  /* A typed tie: roll again. */
  act (&table, "phase.initiative-enter", "(iu)", 0, 9);
  act (&table, "phase.initiative-enter", "(iu)", 0, 10);
  assert_refused (&table, "");
  act (&table, "phase.initiative-enter", "(iu)", 1, 9);
  assert_accepted (&table);
  g_assert_cmpint (muster_infinity_initiative_get_outcome (ini, 0), ==, MUSTER_ROLL_OFF_TIE);
  g_assert_cmpuint (muster_infinity_initiative_get_n_attempts (ini), ==, 2);
  g_assert_cmpint (muster_infinity_initiative_get_state (ini), ==, MUSTER_INFINITY_INITIATIVE_ROLL);

  /* Both fail (18 > 13, 19 > 11): roll again. */
  act (&table, "phase.initiative-enter", "(iu)", 0, 18);
  act (&table, "phase.initiative-enter", "(iu)", 1, 19);
  g_assert_cmpint (muster_infinity_initiative_get_outcome (ini, 1), ==, MUSTER_ROLL_OFF_DOUBLE_FAILURE);
  g_assert_cmpuint (muster_infinity_initiative_get_n_attempts (ini), ==, 3);

  /* 21 is not on a d20. */
  act (&table, "phase.initiative-enter", "(iu)", 0, 21);
  assert_refused (&table, "21");

  /* Alice's 12 beats Bob's 7. */
  act (&table, "phase.initiative-enter", "(iu)", 0, 12);
  act (&table, "phase.initiative-enter", "(iu)", 1, 7);
  g_assert_cmpint (muster_infinity_initiative_get_state (ini), ==, MUSTER_INFINITY_INITIATIVE_CHOOSE);
  g_assert_cmpint (muster_infinity_initiative_get_winner (ini), ==, 0);

  /* Only now may she choose. */
  act (&table, "phase.choose-first-turn", "i", 0);
  assert_refused (&table, "");
  act (&table, "phase.keep", "s", "deployment");
  assert_accepted (&table);
  g_assert_cmpint (muster_infinity_initiative_get_deployment_holder (ini), ==, 0);
  g_assert_cmpint (muster_infinity_initiative_get_initiative_holder (ini), ==, 1);

  /* Alice: Bob deploys first, she takes the north; Bob: Alice plays first. */
  act (&table, "phase.choose-deployment", "(is)", 1, "north");
  act (&table, "phase.choose-first-turn", "i", 0);
  assert_accepted (&table);
  g_assert_cmpint (muster_infinity_initiative_get_state (ini), ==, MUSTER_INFINITY_INITIATIVE_DONE);
  g_assert_cmpint (muster_infinity_initiative_get_first_deployer (ini), ==, 1);
  g_assert_cmpint (muster_infinity_initiative_get_first_turn (ini), ==, 0);

  /* The zones are on the board now. */
  g_assert_cmpstr (muster_layout_lookup_player (table.layout, "red")->zone, ==, "north");
  g_assert_cmpstr (muster_layout_lookup_player (table.layout, "blue")->zone, ==, "south");

  /* Six dice, all typed in, all in the layout's roll log. */
  g_assert_cmpuint (muster_dice_get_n_rolls (dice), ==, 6);
  for (guint i = 0; i < 6; i++)
    g_assert_true (muster_dice_get_roll (dice, i)->manual);
  g_assert_cmpuint (g_strv_length ((char **) muster_layout_get_legacy_roll_log (table.layout)), ==, 7);
  g_assert_true (muster_window_get_modified (table.window));

  /* Saved, and read back with the file. */
  path = g_build_filename (table.dir, "saved.muster", NULL);
  file = g_file_new_for_path (path);
  g_assert_true (muster_window_save_to (table.window, file, &error));
  g_assert_no_error (error);
  saved = muster_layout_new_from_file (file, &error);
  g_assert_no_error (error);
  g_assert_true (g_strv_equal (muster_layout_get_legacy_roll_log (saved), muster_layout_get_legacy_roll_log (table.layout)));

  /* Opened again, the dice go on from there. */
  g_assert_true (muster_window_open (table.window, file));
  g_assert_cmpuint (muster_dice_get_n_rolls (muster_phase_panel_get_dice (table.panel)), ==, 6);

  close_table (&table);
}

static GtkWidget *
find_label (GtkWidget  *root,
            const char *text)
{
  if (GTK_IS_LABEL (root) && g_strcmp0 (gtk_label_get_label (GTK_LABEL (root)), text) == 0)
    return root;

  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_label (child, text);

      if (found != NULL)
        return found;
    }

  return NULL;
}

/* An empty roll log says so, however often the panel was refreshed, and
 * the words go away with the first die. */
static void
test_roll_log_placeholder (void)
{
  g_autoptr(MusterLayout) layout = new_layout ("infinity", "standard", 48, 48);
  const char *empty = "No dice thrown yet";
  GtkWidget *placeholder;
  Table table = { 0 };

  open_table (&table, layout);
  muster_phase_panel_sync (table.panel);
  act (&table, "phase.set-wip", "(iub)", 0, 12, FALSE);
  flush ();

  placeholder = find_label (GTK_WIDGET (table.panel), empty);
  g_assert_nonnull (placeholder);
  g_assert_true (gtk_widget_get_mapped (placeholder));

  act (&table, "phase.set-wip", "(iub)", 1, 13, FALSE);
  act (&table, "phase.initiative-roll", "i", 0);
  assert_accepted (&table);
  flush ();
  placeholder = find_label (GTK_WIDGET (table.panel), empty);
  g_assert_true (placeholder == NULL || !gtk_widget_get_mapped (placeholder));

  close_table (&table);
}

/* The dice rolled by Muster are the seeded dice of the roll log. */
static void
test_infinity_rolled (void)
{
  g_autoptr(MusterLayout) layout = new_layout ("infinity", "standard", 48, 48);
  g_autoptr(MusterDice) expected = muster_dice_new (42);
  const char * const log[] = { "#muster-roll-log\t1\t000000000000002a", NULL };
  MusterInfinityInitiative *ini;
  Table table = { 0 };
  guint first, second;

  muster_layout_set_legacy_roll_log (layout, log);
  open_table (&table, layout);
  ini = muster_phase_panel_get_initiative (table.panel);
  g_assert_cmpuint (muster_dice_get_seed (muster_phase_panel_get_dice (table.panel)), ==, 42);

  act (&table, "phase.set-wip", "(iub)", 0, 20, FALSE);
  act (&table, "phase.set-wip", "(iub)", 1, 20, FALSE);
  act (&table, "phase.initiative-roll", "i", 1);
  act (&table, "phase.initiative-roll", "i", 0);
  assert_accepted (&table);

  first = muster_dice_roll (expected, 20, "blue", NULL);
  second = muster_dice_roll (expected, 20, "red", NULL);
  g_assert_cmpuint (muster_infinity_initiative_get_roll (ini, 0, 1), ==, first);
  g_assert_cmpuint (muster_infinity_initiative_get_roll (ini, 0, 0), ==, second);
  g_assert_false (muster_dice_get_roll (muster_phase_panel_get_dice (table.panel), 0)->manual);
  g_assert_cmpstr (muster_dice_get_roll (muster_phase_panel_get_dice (table.panel), 0)->who, ==, "blue");

  /* Rolled again until someone wins. */
  while (muster_infinity_initiative_get_state (ini) == MUSTER_INFINITY_INITIATIVE_ROLL)
    {
      act (&table, "phase.initiative-roll", "i", 0);
      act (&table, "phase.initiative-roll", "i", 1);
      assert_accepted (&table);
      g_assert_cmpuint (muster_infinity_initiative_get_n_attempts (ini), <, 50);
    }

  /* The winner keeps Initiative; the rows' first choices decide the rest:
   * the winner plays first, the loser deploys first, in the first zone. */
  act (&table, "phase.keep", "s", "initiative");
  act (&table, "phase.infinity-decide", NULL);
  assert_accepted (&table);
  g_assert_cmpint (muster_infinity_initiative_get_state (ini), ==, MUSTER_INFINITY_INITIATIVE_DONE);
  g_assert_cmpint (muster_infinity_initiative_get_first_turn (ini), ==, muster_infinity_initiative_get_winner (ini));
  g_assert_cmpint (muster_infinity_initiative_get_first_deployer (ini), ==,
                   1 - muster_infinity_initiative_get_winner (ini));
  g_assert_cmpstr (muster_infinity_initiative_get_zone (ini, 1 - muster_infinity_initiative_get_winner (ini)), ==,
                   "north");

  close_table (&table);
}

/* A roll log that does not follow from its seed is not replayed. */
static void
test_bad_roll_log (void)
{
  g_autoptr(MusterLayout) layout = new_layout ("infinity", "standard", 48, 48);
  g_autoptr(MusterDice) dice = muster_dice_new (42);
  g_autofree char *line = NULL;
  guint first = muster_dice_roll (dice, 20, "red", "x");
  const char *log[] = { "#muster-roll-log\t1\t000000000000002a", NULL, NULL };
  Table table = { 0 };

  line = g_strdup_printf ("1\td20\t%u\trolled\tred\tx", first % 20 + 1);
  log[1] = line;
  muster_layout_set_legacy_roll_log (layout, log);
  open_table (&table, layout);

  assert_refused (&table, "roll log");
  g_assert_cmpuint (muster_dice_get_n_rolls (muster_phase_panel_get_dice (table.panel)), ==, 0);

  close_table (&table);
}

/* Infinity: the four deployment steps */

static void
test_infinity_deployment (void)
{
  g_autoptr(MusterLayout) layout = new_layout ("infinity", "standard", 48, 48);
  g_autoptr(MusterRoster) roster = muster_roster_new (layout);
  MusterRosterEntry *entry = muster_roster_entry_new ();
  const char *skills[] = { "airborne-deployment", NULL };
  g_autofree char *slot = NULL;
  MusterDeploymentPhase *phase;
  MusterPiece *r5;
  Table table = { 0 };

  /* Alice (red, south after the roll) has five troopers on the table and
   * a Lieutenant with Airborne Deployment in her roster; Bob five. The
   * fifth of Alice's stands in the middle of the table. */
  for (guint i = 0; i < 5; i++)
    {
      g_autofree char *red = g_strdup_printf ("r%u", i + 1);
      g_autofree char *blue = g_strdup_printf ("b%u", i + 1);
      MusterPiece *piece;

      add_model (layout, red, "red", (6 + 6 * i) * IN, i == 4 ? 24 * IN : 46 * IN, 0);
      piece = add_model (layout, blue, "blue", (6 + 6 * i) * IN, 2 * IN, 180);
      piece->lieutenant = i == 0;
    }
  entry->name = g_strdup ("Lieutenant");
  entry->lieutenant = TRUE;
  entry->skills = g_strdupv ((char **) skills);
  slot = g_strdup_printf ("%s#1", muster_roster_add_entry (roster, "red", entry));

  open_table (&table, layout);

  /* Not before the Initiative Roll. */
  act (&table, "phase.start-deployment", NULL);
  assert_refused (&table, "Initiative");
  g_assert_null (muster_phase_panel_get_deployment (table.panel));

  run_initiative (&table);
  act (&table, "phase.start-deployment", NULL);
  assert_accepted (&table);
  g_assert_cmpstr (muster_phase_panel_get_page (table.panel), ==, "deployment");
  phase = muster_phase_panel_get_deployment (table.panel);
  g_assert_cmpuint (muster_deployment_phase_get_n_troopers (phase, 0), ==, 6);
  g_assert_cmpuint (muster_deployment_phase_get_n_troopers (phase, 1), ==, 5);

  /* Step 1 is Bob's: Alice may not deploy. */
  g_assert_cmpuint (muster_deployment_phase_get_step (phase), ==, 1);
  g_assert_cmpint (muster_deployment_phase_get_active_player (phase), ==, 1);
  act (&table, "phase.deploy", "s", "r1");
  assert_refused (&table, "turn");
  g_assert_false (muster_deployment_phase_is_placed (phase, "r1"));

  /* All but one: the fifth waits for step 3. */
  for (guint i = 1; i <= 4; i++)
    {
      g_autofree char *id = g_strdup_printf ("b%u", i);

      act (&table, "phase.deploy", "s", id);
      assert_accepted (&table);
      g_assert_cmpuint (muster_layout_lookup_piece (table.layout, id)->turn, ==, 1);
    }
  act (&table, "phase.deploy", "s", "b5");
  assert_refused (&table, "all troopers but one");
  g_assert_false (muster_deployment_phase_is_placed (phase, "b5"));

  /* Taken back and put down again. */
  act (&table, "phase.take-back", "s", "b4");
  g_assert_false (muster_deployment_phase_is_placed (phase, "b4"));
  act (&table, "phase.deploy", "s", "b4");
  act (&table, "phase.finish-step", NULL);
  assert_accepted (&table);

  /* Step 2, Alice: the Lieutenant stays off the table; r1 cannot. */
  g_assert_cmpint (muster_deployment_phase_get_active_player (phase), ==, 0);
  act (&table, "phase.hold-back", "s", "r1");
  assert_refused (&table, "");
  act (&table, "phase.hold-back", "s", slot);
  assert_accepted (&table);
  g_assert_cmpint (muster_deployment_phase_get_hold_reason (phase, slot), ==, MUSTER_HOLD_OFF_TABLE);

  /* r5 stands outside her zone: refused, with the reason. */
  act (&table, "phase.deploy", "s", "r5");
  assert_refused (&table, "cannot be deployed where it stands");
  for (guint i = 1; i <= 4; i++)
    {
      g_autofree char *id = g_strdup_printf ("r%u", i);

      act (&table, "phase.deploy", "s", id);
      assert_accepted (&table);
      g_assert_cmpuint (muster_layout_lookup_piece (table.layout, id)->turn, ==, 2);
    }
  act (&table, "phase.finish-step", NULL);

  /* Steps 3 and 4: the last ones. */
  g_assert_cmpuint (muster_deployment_phase_get_step (phase), ==, 3);
  act (&table, "phase.deploy", "s", "b5");
  assert_accepted (&table);
  act (&table, "phase.finish-step", NULL);
  g_assert_cmpuint (muster_deployment_phase_get_step (phase), ==, 4);
  r5 = muster_layout_lookup_piece (table.layout, "r5");
  muster_layout_move_piece (table.layout, r5, 30 * IN, 46 * IN, 0);
  act (&table, "phase.deploy", "s", "r5");
  assert_accepted (&table);
  act (&table, "phase.finish-step", NULL);
  g_assert_cmpint (muster_deployment_phase_get_state (phase), ==, MUSTER_DEPLOYMENT_PHASE_DONE);
  g_assert_cmpuint (r5->turn, ==, 4);

  /* Alice's first turn begins without her Lieutenant. */
  act (&table, "phase.go-to-orders", NULL);
  g_assert_cmpstr (muster_phase_panel_get_page (table.panel), ==, "orders");
  act (&table, "phase.start-turn", NULL);
  assert_refused (&table, "Lieutenant");
  g_assert_nonnull (muster_phase_panel_get_order_sequence (table.panel));

  close_table (&table);
}

/* Infinity: Orders and AROs */

static void
test_infinity_orders (void)
{
  g_autoptr(MusterLayout) layout = new_layout ("infinity", "standard", 48, 48);
  const guint32 active_dice[] = { 5, 15 };
  const guint32 reactive_dice[] = { 9 };
  MusterOrderSequence *seq;
  MusterDice *dice;
  Table table = { 0 };
  guint n_rolls;

  /* a1 faces north; z1, 5″ in front of it, faces it; z2, far off to the
   * north-east, faces away. */
  add_model (layout, "a1", "red", 300, 1000, 0);
  add_model (layout, "a2", "red", 1100, 1150, 0);
  add_model (layout, "a3", "red", 1150, 1150, 0);
  add_model (layout, "z1", "blue", 300, 873, 180);
  add_model (layout, "z2", "blue", 900, 600, 0);

  open_table (&table, layout);
  dice = muster_phase_panel_get_dice (table.panel);

  act (&table, "phase.go-to-orders", NULL);
  act (&table, "phase.start-turn", NULL);
  assert_accepted (&table);
  seq = muster_phase_panel_get_order_sequence (table.panel);
  g_assert_nonnull (seq);
  g_assert_cmpuint (muster_order_sequence_get_n_orders_left (seq), ==, 3);
  g_assert_cmpstr (muster_order_rules_get_version (muster_phase_panel_get_order_rules (table.panel)), ==,
                   MUSTER_ORDERS_VERSION_UPDATE);

  /* Only her own troopers. */
  act (&table, "phase.activate", "s", "z1");
  assert_refused (&table, "z1");
  act (&table, "phase.activate", "s", "a1");
  assert_accepted (&table);
  act (&table, "phase.next-step", NULL);
  g_assert_cmpstr (muster_order_sequence_get_step (seq)->number, ==, "1.1");
  act (&table, "phase.next-step", NULL);

  /* Order 1: a Short Skill, then another one: refused. */
  act (&table, "phase.declare-skill", "s", "bs-attack");
  assert_accepted (&table);
  act (&table, "phase.next-step", NULL);
  g_assert_cmpstr (muster_order_sequence_get_step (seq)->number, ==, "2.1");
  {
    g_auto(GStrv) eligible = muster_order_sequence_dup_eligible (seq);

    g_assert_cmpuint (g_strv_length (eligible), ==, 1);
    g_assert_cmpstr (eligible[0], ==, "z1");
  }
  act (&table, "phase.next-step", NULL);
  act (&table, "phase.declare-aro", "(ss)", "z1", "bs-attack");
  assert_accepted (&table);
  act (&table, "phase.declare-aro", "(ss)", "z1", "dodge");
  assert_refused (&table, "one");
  act (&table, "phase.next-step", NULL);
  g_assert_cmpint (muster_order_sequence_get_step (seq)->kind, ==, MUSTER_ORDER_STEP_SECOND_SKILL);
  act (&table, "phase.declare-skill", "s", "cc-attack");
  assert_refused (&table, "Short Skill");
  g_assert_null (muster_order_sequence_get_skill (seq, 1));
  act (&table, "phase.declare-skill", "s", "move");
  assert_accepted (&table);

  /* 4.1, 4.2, then the dice of the resolution, typed in. */
  act (&table, "phase.next-step", NULL);
  act (&table, "phase.next-step", NULL);
  act (&table, "phase.next-step", NULL);
  g_assert_cmpint (muster_order_sequence_get_step (seq)->kind, ==, MUSTER_ORDER_STEP_RESOLUTION);
  n_rolls = muster_dice_get_n_rolls (dice);
  act (&table, "phase.face-to-face", "(suu@auuu@au)", "z1", 13, 2,
       g_variant_new_fixed_array (G_VARIANT_TYPE_UINT32, active_dice, 2, sizeof (guint32)),
       11, 1, g_variant_new_fixed_array (G_VARIANT_TYPE_UINT32, reactive_dice, 1, sizeof (guint32)));
  assert_accepted (&table);
  g_assert_cmpuint (muster_dice_get_n_rolls (dice), ==, n_rolls + 3);
  g_assert_true (muster_dice_get_last_roll (dice)->manual);
  g_assert_cmpuint (muster_dice_get_last_roll (dice)->value, ==, 9);

  /* The move's requirements fail: Idle. */
  act (&table, "phase.idle-skill", "u", 1);
  assert_accepted (&table);
  g_assert_true (muster_order_sequence_is_skill_idle (seq, 1));
  act (&table, "phase.next-step", NULL);
  act (&table, "phase.next-step", NULL);
  g_assert_cmpint (muster_order_sequence_get_step (seq)->kind, ==, MUSTER_ORDER_STEP_CONCLUSION);
  act (&table, "phase.next-step", NULL);
  g_assert_cmpint (muster_order_sequence_get_step (seq)->kind, ==, MUSTER_ORDER_STEP_ACTIVATION);
  g_assert_cmpuint (muster_order_sequence_get_n_orders_left (seq), ==, 2);

  /* Order 2: a1 moves twice. z1 could react after the first move. */
  act (&table, "phase.activate", "s", "a1");
  act (&table, "phase.next-step", NULL);
  act (&table, "phase.next-step", NULL);
  act (&table, "phase.declare-skill", "s", "move");
  act (&table, "phase.next-step", NULL);
  act (&table, "phase.next-step", NULL);
  g_assert_cmpint (muster_order_sequence_get_step (seq)->kind, ==, MUSTER_ORDER_STEP_ARO_DECLARATION);
  {
    g_auto(GStrv) eligible = muster_order_sequence_dup_eligible (seq);

    g_assert_true (g_strv_equal ((const char * const *) eligible, (const char * const *) (const char *[]) { "z1", NULL }));
  }

  /* z2 neither sees a1 nor has it in its Zone of Control: not now. */
  act (&table, "phase.declare-aro", "(ss)", "z2", "bs-attack");
  assert_refused (&table, "Line of Fire");

  /* z1 lets it pass; the second move takes a1 in front of z2. */
  act (&table, "phase.next-step", NULL);
  g_assert_true (muster_order_sequence_has_lost_aro (seq, "z1"));
  act (&table, "phase.declare-skill", "s", "move");
  muster_layout_move_piece (table.layout, muster_layout_lookup_piece (table.layout, "a1"), 900, 300, 0);
  act (&table, "phase.next-step", NULL);
  act (&table, "phase.next-step", NULL);
  g_assert_cmpint (muster_order_sequence_get_step (seq)->kind, ==, MUSTER_ORDER_STEP_LATE_ARO_DECLARATION);

  /* z1 was eligible after the first skill: too late. */
  act (&table, "phase.declare-aro", "(ss)", "z1", "bs-attack");
  assert_refused (&table, "lost");
  g_assert_null (muster_order_sequence_get_aro (seq, "z1"));

  /* z2 only now sees it: it reacts at step 4, with an ARO skill. */
  act (&table, "phase.declare-aro", "(ss)", "z2", "move");
  assert_refused (&table, "ARO");
  act (&table, "phase.declare-aro", "(ss)", "z2", "bs-attack");
  assert_accepted (&table);
  g_assert_cmpstr (muster_order_sequence_get_aro (seq, "z2")->id, ==, "bs-attack");

  /* The rest of the pool, unspent. */
  act (&table, "phase.end-turn", NULL);
  assert_refused (&table, "");
  act (&table, "phase.next-step", NULL);
  act (&table, "phase.next-step", NULL);
  act (&table, "phase.next-step", NULL);
  act (&table, "phase.next-step", NULL);
  g_assert_cmpint (muster_order_sequence_get_step (seq)->kind, ==, MUSTER_ORDER_STEP_ACTIVATION);
  act (&table, "phase.end-turn", NULL);
  assert_accepted (&table);
  g_assert_true (muster_order_sequence_is_finished (seq));

  /* Bob's turn is next: z2 shoots, with Muster's die. */
  act (&table, "phase.start-turn", NULL);
  seq = muster_phase_panel_get_order_sequence (table.panel);
  g_assert_cmpstr (muster_order_sequence_get_step (seq)->number, ==, "1");
  act (&table, "phase.activate", "s", "z2");
  assert_accepted (&table);
  act (&table, "phase.next-step", NULL);
  act (&table, "phase.next-step", NULL);
  act (&table, "phase.declare-skill", "s", "bs-attack");
  while (muster_order_sequence_get_step (seq)->kind != MUSTER_ORDER_STEP_RESOLUTION)
    act (&table, "phase.next-step", NULL);
  use_muster_dice (&table);
  n_rolls = muster_dice_get_n_rolls (dice);
  act (&table, "phase.face-to-face-selected", NULL);
  assert_accepted (&table);
  g_assert_cmpuint (muster_dice_get_n_rolls (dice), ==, n_rolls + 1);
  g_assert_false (muster_dice_get_last_roll (dice)->manual);
  g_assert_cmpstr (muster_dice_get_last_roll (dice)->who, ==, "blue");

  close_table (&table);
}

/* The Line of Fire overlay, from the panel to the board. */
static void
test_sight (void)
{
  g_autoptr(MusterLayout) layout = new_layout ("infinity", "standard", 48, 48);
  MusterSightGrid *grid;
  Table table = { 0 };
  guint seen;

  add_model (layout, "a1", "red", 600, 1100, 0);
  add_model (layout, "z1", "blue", 600, 100, 180);
  open_table (&table, layout);

  g_assert_null (muster_window_get_sight_grid (table.window));
  act (&table, "phase.show-sight", "s", "a1");
  g_assert_cmpstr (muster_phase_panel_get_sight_piece (table.panel), ==, "a1");
  grid = muster_window_get_sight_grid (table.window);
  g_assert_nonnull (grid);

  /* Facing north: it sees the north of the table, not behind it. */
  g_assert_true (muster_sight_grid_is_visible_at (grid, 600, 400));
  g_assert_false (muster_sight_grid_is_visible_at (grid, 600, 1200));
  seen = muster_sight_grid_count_visible (grid);

  /* All of Bob's troopers. */
  act (&table, "phase.show-player-sight", "i", 1);
  g_assert_null (muster_phase_panel_get_sight_piece (table.panel));
  g_assert_cmpstr (muster_phase_panel_get_sight_player (table.panel), ==, "blue");
  grid = muster_window_get_sight_grid (table.window);
  g_assert_nonnull (grid);
  g_assert_true (muster_sight_grid_is_visible_at (grid, 600, 1000));
  g_assert_false (muster_sight_grid_is_visible_at (grid, 600, 50));
  g_assert_cmpuint (muster_sight_grid_count_visible (grid), !=, seen);

  act (&table, "phase.hide-sight", NULL);
  g_assert_null (muster_window_get_sight_grid (table.window));

  close_table (&table);
}

/* The 9th Age */

static void
test_t9a_pregame (void)
{
  g_autoptr(MusterLayout) layout = new_layout ("t9a", "frontline-clash", 72, 48);
  MusterT9aPregame *pre;
  Table table = { 0 };

  add_unit (layout, "r1", "red", NULL, 200, 1100);
  add_unit (layout, "b1", "blue", NULL, 200, 100);
  open_table (&table, layout);
  g_assert_cmpstr (muster_phase_panel_get_page (table.panel), ==, "pregame");
  pre = muster_phase_panel_get_pregame (table.panel);
  use_typed_dice (&table);

  /* A 5 on the D6: Refused Flank, on the board at once. */
  act (&table, "phase.t9a-enter-type", "u", 7);
  assert_refused (&table, "7");
  act (&table, "phase.t9a-enter-type", "u", 5);
  assert_accepted (&table);
  g_assert_cmpstr (muster_t9a_pregame_get_deployment_type (pre), ==, "refused-flank");
  g_assert_cmpstr (muster_layout_get_deployment_id (table.layout), ==, "refused-flank");

  /* The roll-off: a tie, then Bob. */
  act (&table, "phase.t9a-enter-roll-off", "(iu)", 0, 3);
  act (&table, "phase.t9a-enter-roll-off", "(iu)", 1, 3);
  g_assert_cmpint (muster_t9a_pregame_get_outcome (pre, 0), ==, MUSTER_ROLL_OFF_TIE);
  act (&table, "phase.t9a-enter-roll-off", "(iu)", 0, 2);
  act (&table, "phase.t9a-enter-roll-off", "(iu)", 1, 6);
  g_assert_cmpint (muster_t9a_pregame_get_chooser (pre), ==, 1);

  /* The diagonal first, then the zone, then who deploys first. */
  act (&table, "phase.t9a-zone", "s", "south-east");
  assert_refused (&table, "");
  act (&table, "phase.t9a-choice", "s", "ne-sw");
  assert_accepted (&table);
  g_assert_cmpstr (g_hash_table_lookup (muster_layout_get_options (table.layout), "diagonal"), ==, "ne-sw");
  act (&table, "phase.t9a-zone", "s", "north-east");
  assert_refused (&table, "");
  act (&table, "phase.t9a-zone", "s", "south-east");
  act (&table, "phase.t9a-first", "i", 0);
  assert_accepted (&table);
  g_assert_cmpint (muster_t9a_pregame_get_state (pre), ==, MUSTER_T9A_PREGAME_DONE);
  g_assert_cmpstr (muster_layout_lookup_player (table.layout, "blue")->zone, ==, "south-east");
  g_assert_cmpstr (muster_layout_lookup_player (table.layout, "red")->zone, ==, "north-west");

  /* D6 for the type and four for the roll-off, in the log. */
  g_assert_cmpuint (muster_dice_get_n_rolls (muster_phase_panel_get_dice (table.panel)), ==, 5);

  /* Alice deploys first, after the declarations. */
  act (&table, "phase.start-deployment", NULL);
  assert_accepted (&table);
  g_assert_cmpint (muster_deployment_phase_get_state (muster_phase_panel_get_deployment (table.panel)), ==,
                   MUSTER_DEPLOYMENT_PHASE_DECLARATIONS);
  act (&table, "phase.finish-declarations", NULL);
  g_assert_cmpint (muster_deployment_phase_get_active_player (muster_phase_panel_get_deployment (table.panel)),
                   ==, 0);

  close_table (&table);
}

static void
test_t9a_marching_columns (void)
{
  g_autoptr(MusterLayout) layout = new_layout ("t9a", "frontline-clash", 72, 48);
  MusterDeploymentPhase *phase;
  Table table = { 0 };

  /* Alice (south): a general and three units, west to east; Bob two
   * units. */
  add_unit (layout, "hero", "red", "character", 1500, 1100);
  add_unit (layout, "r1", "red", NULL, 200, 1100);
  add_unit (layout, "r2", "red", NULL, 500, 1100);
  add_unit (layout, "r3", "red", NULL, 800, 1100);
  add_unit (layout, "b1", "blue", NULL, 200, 100);
  add_unit (layout, "b2", "blue", NULL, 500, 100);
  open_table (&table, layout);

  use_typed_dice (&table);
  act (&table, "phase.t9a-pick-type", "s", "marching-columns");
  g_assert_cmpstr (muster_layout_get_deployment_id (table.layout), ==, "marching-columns");
  act (&table, "phase.t9a-enter-roll-off", "(iu)", 0, 5);
  act (&table, "phase.t9a-enter-roll-off", "(iu)", 1, 1);
  act (&table, "phase.t9a-zone", "s", "south");
  act (&table, "phase.t9a-first", "i", 0);
  assert_accepted (&table);
  act (&table, "phase.start-deployment", NULL);
  act (&table, "phase.finish-declarations", NULL);
  phase = muster_phase_panel_get_deployment (table.panel);
  g_assert_true (muster_deployment_phase_get_needs_short_edge (phase));

  /* The short edge comes with the first unit. */
  act (&table, "phase.deploy", "s", "r1");
  assert_refused (&table, "short Board Edge");
  act (&table, "phase.choose-short-edge", "s", "west");
  assert_accepted (&table);
  g_assert_cmpstr (muster_layout_lookup_player (table.layout, "red")->short_edge, ==, "west");

  /* No Character while other units are left; a single unit a turn. */
  act (&table, "phase.deploy", "s", "hero");
  assert_refused (&table, "character");
  act (&table, "phase.deploy", "s", "r1");
  assert_accepted (&table);
  act (&table, "phase.deploy", "s", "r2");
  assert_refused (&table, "single unit");
  act (&table, "phase.finish-step", NULL);

  /* Bob's turn: no edge for him yet either. */
  g_assert_cmpint (muster_deployment_phase_get_active_player (phase), ==, 1);
  act (&table, "phase.deploy", "s", "r2");
  assert_refused (&table, "turn");
  act (&table, "phase.choose-short-edge", "s", "east");
  act (&table, "phase.delay-remaining", NULL);
  assert_accepted (&table);
  g_assert_cmpint (muster_deployment_phase_get_hold_reason (phase, "b1"), ==, MUSTER_HOLD_DELAYED);
  g_assert_cmpint (muster_deployment_phase_get_hold_reason (phase, "b2"), ==, MUSTER_HOLD_DELAYED);

  /* Alice's second turn: the next unit is farther from her edge. */
  g_assert_cmpint (muster_deployment_phase_get_active_player (phase), ==, 0);
  muster_layout_move_piece (table.layout, muster_layout_lookup_piece (table.layout, "r2"), 150, 1100, 0);
  act (&table, "phase.deploy", "s", "r2");
  assert_refused (&table, "cannot be deployed where it stands");
  muster_layout_move_piece (table.layout, muster_layout_lookup_piece (table.layout, "r2"), 500, 1100, 0);
  act (&table, "phase.deploy", "s", "r2");
  assert_accepted (&table);
  g_assert_cmpuint (muster_layout_lookup_piece (table.layout, "r2")->turn, ==, 2);

  close_table (&table);
}

/* The winner's choices from the rows, as the Confirm button makes them. */
static void
test_t9a_decide (void)
{
  g_autoptr(MusterLayout) layout = new_layout ("t9a", "frontline-clash", 72, 48);
  MusterT9aPregame *pre;
  Table table = { 0 };

  add_unit (layout, "r1", "red", NULL, 200, 1100);
  add_unit (layout, "b1", "blue", NULL, 200, 100);
  open_table (&table, layout);
  pre = muster_phase_panel_get_pregame (table.panel);
  use_typed_dice (&table);

  act (&table, "phase.t9a-decide", NULL);
  assert_refused (&table, "roll-off");

  act (&table, "phase.t9a-pick-type", "s", "encircle");
  act (&table, "phase.t9a-enter-roll-off", "(iu)", 0, 6);
  act (&table, "phase.t9a-enter-roll-off", "(iu)", 1, 1);
  g_assert_cmpint (muster_t9a_pregame_get_state (pre), ==, MUSTER_T9A_PREGAME_TYPE_CHOICE);

  /* First in each row: Attacker, North, and Alice deploys first. */
  act (&table, "phase.t9a-decide", NULL);
  assert_accepted (&table);
  g_assert_cmpint (muster_t9a_pregame_get_state (pre), ==, MUSTER_T9A_PREGAME_DONE);
  g_assert_cmpstr (muster_layout_get_deployment_id (table.layout), ==, "encircle");
  g_assert_cmpstr (muster_layout_lookup_player (table.layout, "red")->role, ==, "attacker");
  g_assert_cmpstr (muster_layout_lookup_player (table.layout, "blue")->role, ==, "defender");
  g_assert_cmpstr (muster_layout_lookup_player (table.layout, "red")->zone, ==, "north");
  g_assert_cmpstr (muster_layout_lookup_player (table.layout, "blue")->zone, ==, "south");
  g_assert_cmpint (muster_t9a_pregame_get_first_deployer (pre), ==, 0);

  close_table (&table);
}

/* Dawn Assault: units kept in reserve, off the table. */
static void
test_t9a_reserves (void)
{
  g_autoptr(MusterLayout) layout = new_layout ("t9a", "frontline-clash", 72, 48);
  MusterDeploymentPhase *phase;
  Table table = { 0 };

  add_unit (layout, "r1", "red", NULL, 800, 100);
  add_unit (layout, "r2", "red", NULL, 1000, 100);
  add_unit (layout, "r3", "red", NULL, 1200, 100);
  add_unit (layout, "b1", "blue", NULL, 800, 1100);
  open_table (&table, layout);
  use_typed_dice (&table);

  act (&table, "phase.t9a-enter-type", "u", 2);
  g_assert_cmpstr (muster_layout_get_deployment_id (table.layout), ==, "dawn-assault");
  act (&table, "phase.t9a-enter-roll-off", "(iu)", 0, 4);
  act (&table, "phase.t9a-enter-roll-off", "(iu)", 1, 2);
  act (&table, "phase.t9a-choice", "s", "east");
  act (&table, "phase.t9a-zone", "s", "north");
  act (&table, "phase.t9a-first", "i", 1);
  assert_accepted (&table);
  g_assert_cmpstr (muster_layout_lookup_player (table.layout, "red")->short_edge, ==, "east");
  g_assert_cmpstr (muster_layout_lookup_player (table.layout, "blue")->short_edge, ==, "west");

  act (&table, "phase.start-deployment", NULL);
  phase = muster_phase_panel_get_deployment (table.panel);
  g_assert_cmpuint (muster_deployment_phase_get_max_reserves (phase), ==, 2);

  /* Two in reserve at most; a unit held by mistake comes back. */
  act (&table, "phase.reserve", "s", "r1");
  act (&table, "phase.reserve", "s", "r2");
  assert_accepted (&table);
  act (&table, "phase.reserve", "s", "r3");
  assert_refused (&table, "");
  act (&table, "phase.release", "s", "r2");
  g_assert_cmpint (muster_deployment_phase_get_hold_reason (phase, "r2"), ==, MUSTER_HOLD_NONE);
  act (&table, "phase.finish-declarations", NULL);
  assert_accepted (&table);

  /* Bob first, then Alice without her reserve. */
  act (&table, "phase.deploy", "s", "b1");
  act (&table, "phase.finish-step", NULL);
  act (&table, "phase.deploy", "s", "r2");
  act (&table, "phase.deploy", "s", "r3");
  act (&table, "phase.finish-step", NULL);
  assert_accepted (&table);
  g_assert_cmpint (muster_deployment_phase_get_state (phase), ==, MUSTER_DEPLOYMENT_PHASE_DONE);
  g_assert_cmpint (muster_deployment_phase_get_hold_reason (phase, "r1"), ==, MUSTER_HOLD_RESERVE);
  g_assert_false (muster_deployment_phase_is_placed (phase, "r1"));

  close_table (&table);
}

/* Twilight Imperium */

static void
test_ti4_round (void)
{
  g_autoptr(MusterLayout) layout = muster_layout_new ("ti4", "none", 60 * IN, 60 * IN);
  static const MusterTi4Card picks[] = {
    MUSTER_TI4_CARD_TECHNOLOGY, MUSTER_TI4_CARD_POLITICS, MUSTER_TI4_CARD_TRADE, MUSTER_TI4_CARD_LEADERSHIP,
    MUSTER_TI4_CARD_DIPLOMACY, MUSTER_TI4_CARD_IMPERIAL, MUSTER_TI4_CARD_CONSTRUCTION, MUSTER_TI4_CARD_WARFARE,
  };
  static const int expected[] = { 2, 3, 0, 1 };
  MusterTi4Round *round;
  const int *order;
  guint n = 0;
  guint turns = 0;
  Table table = { 0 };

  /* The game has no zones. */
  muster_layout_update_player (layout, "red", NULL, NULL, NULL);
  muster_layout_update_player (layout, "blue", NULL, NULL, NULL);
  open_table (&table, layout);
  g_assert_cmpstr (muster_phase_panel_get_page (table.panel), ==, "round");

  act (&table, "phase.ti4-set-players", "u", 4);
  act (&table, "phase.ti4-start", NULL);
  assert_accepted (&table);
  round = muster_phase_panel_get_ti4_round (table.panel);
  g_assert_cmpuint (muster_ti4_round_get_n_players (round), ==, 4);
  g_assert_cmpuint (muster_ti4_round_get_cards_per_player (round), ==, 2);

  /* The third player has the Naalu token, given in the strategy phase. */
  act (&table, "phase.ti4-naalu", "i", 2);
  assert_accepted (&table);
  g_assert_cmpint (muster_ti4_round_get_naalu_token (round), ==, 2);

  /* Two picks each, from the speaker round the table. */
  act (&table, "phase.ti4-pick", "u", picks[0]);
  act (&table, "phase.ti4-pick", "u", MUSTER_TI4_CARD_TECHNOLOGY);
  assert_refused (&table, "");
  for (guint i = 1; i < G_N_ELEMENTS (picks); i++)
    {
      g_assert_cmpint (muster_ti4_round_get_active_player (round), ==, (int) (i % 4));
      act (&table, "phase.ti4-pick", "u", picks[i]);
      assert_accepted (&table);
    }

  /* The lower card decides: Technology and Diplomacy give 2. The token
   * (0) beats Leadership (1). */
  g_assert_cmpuint (muster_ti4_round_get_initiative (round, 0), ==, 2);
  g_assert_cmpuint (muster_ti4_round_get_initiative (round, 2), ==, 0);
  g_assert_cmpuint (muster_ti4_round_get_initiative (round, 3), ==, 1);
  g_assert_cmpint (muster_ti4_round_get_phase (round), ==, MUSTER_TI4_PHASE_ACTION);
  order = muster_ti4_round_get_initiative_order (round, &n);
  g_assert_cmpuint (n, ==, 4);
  for (guint i = 0; i < 4; i++)
    g_assert_cmpint (order[i], ==, expected[i]);

  /* The action phase in that order: strategic actions before passing. */
  g_assert_cmpint (muster_ti4_round_get_active_player (round), ==, 2);
  act (&table, "phase.ti4-pass", NULL);
  assert_refused (&table, "");
  while (muster_ti4_round_get_phase (round) == MUSTER_TI4_PHASE_ACTION)
    {
      int player = muster_ti4_round_get_active_player (round);
      MusterTi4Card unused = MUSTER_TI4_CARD_NONE;

      if (turns < 4)
        g_assert_cmpint (player, ==, expected[turns]);
      turns++;

      for (guint c = 0; c < muster_ti4_round_get_n_cards (round, player); c++)
        if (!muster_ti4_round_is_card_used (round, muster_ti4_round_get_card (round, player, c)))
          unused = muster_ti4_round_get_card (round, player, c);

      if (unused != MUSTER_TI4_CARD_NONE)
        act (&table, "phase.ti4-action", "(uu)", MUSTER_TI4_ACTION_STRATEGIC, unused);
      else
        act (&table, "phase.ti4-pass", NULL);
      assert_accepted (&table);
      g_assert_cmpuint (turns, <, 20);
    }

  /* The status phase, in initiative order too. */
  for (guint i = 0; i < 4; i++)
    {
      g_assert_cmpint (muster_ti4_round_get_phase (round), ==, MUSTER_TI4_PHASE_STATUS);
      g_assert_cmpint (muster_ti4_round_get_active_player (round), ==, expected[i]);
      act (&table, "phase.ti4-status-step", NULL);
      assert_accepted (&table);
    }
  g_assert_cmpint (muster_ti4_round_get_phase (round), ==, MUSTER_TI4_PHASE_ROUND_OVER);

  act (&table, "phase.ti4-next-round", "i", 1);
  assert_accepted (&table);
  g_assert_cmpuint (muster_ti4_round_get_round (round), ==, 2);
  g_assert_cmpint (muster_ti4_round_get_active_player (round), ==, 1);

  close_table (&table);
}

/* The game log: the Game page comes back where it was */

static void
assert_strv_same (const char * const *a,
                  const char * const *b)
{
  g_assert_true ((a == NULL) == (b == NULL));
  g_assert_true (a == NULL || g_strv_equal (a, b));
}

/* The layout of a file as it was saved. */
static MusterLayout *
read_saved (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  MusterLayout *layout = muster_layout_new_from_file (file, &error);

  g_assert_no_error (error);

  return layout;
}

/* A window that opened the file at path shows its game as it was, with
 * nothing to save: the layout is the file's, logs and all. */
static void
assert_reopened (Table      *table,
                 const char *path)
{
  g_autoptr(MusterLayout) saved = read_saved (path);

  assert_accepted (table);
  g_assert_false (muster_window_get_modified (table->window));
  g_assert_nonnull (muster_layout_get_legacy_game_log (table->layout));
  assert_strv_same (muster_layout_get_legacy_game_log (table->layout), muster_layout_get_legacy_game_log (saved));
  assert_strv_same (muster_layout_get_legacy_roll_log (table->layout), muster_layout_get_legacy_roll_log (saved));
}

/* Infinity: the Initiative Roll with Muster's dice, the choices, the
 * first deployment steps; saved twice on the way, and opened again. */
static void
test_game_log_infinity (void)
{
  g_autoptr(MusterLayout) layout = new_layout ("infinity", "standard", 48, 48);
  g_autoptr(MusterRoster) roster = muster_roster_new (layout);
  MusterRosterEntry *entry = muster_roster_entry_new ();
  const char *skills[] = { "airborne-deployment", NULL };
  const char * const log[] = { "#muster-roll-log\t1\t000000000000002a", NULL };
  g_autofree char *slot = NULL;
  g_autofree char *mid = NULL;
  g_autofree char *path = NULL;
  MusterInfinityInitiative *ini;
  MusterDeploymentPhase *phase;
  Table table = { 0 };
  Table again = { 0 };
  guint blue_roll, red_roll;
  int winner, first;
  const char *own, *other;

  for (guint i = 0; i < 5; i++)
    {
      g_autofree char *red = g_strdup_printf ("r%u", i + 1);
      g_autofree char *blue = g_strdup_printf ("b%u", i + 1);
      MusterPiece *piece;

      add_model (layout, red, "red", (6 + 6 * i) * IN, 46 * IN, 0);
      piece = add_model (layout, blue, "blue", (6 + 6 * i) * IN, 2 * IN, 180);
      piece->lieutenant = i == 0;
    }
  entry->name = g_strdup ("Lieutenant");
  entry->lieutenant = TRUE;
  entry->skills = g_strdupv ((char **) skills);
  slot = g_strdup_printf ("%s#1", muster_roster_add_entry (roster, "red", entry));
  muster_layout_set_legacy_roll_log (layout, log);

  open_table (&table, layout);
  ini = muster_phase_panel_get_initiative (table.panel);
  g_assert_null (muster_layout_get_legacy_game_log (table.layout));

  /* Alice's WIP in private. Bob rolls; saved before Alice does. */
  act (&table, "phase.set-wip", "(iub)", 0, 20, TRUE);
  act (&table, "phase.set-wip", "(iub)", 1, 20, FALSE);
  act (&table, "phase.initiative-roll", "i", 1);
  assert_accepted (&table);
  g_assert_true (muster_window_get_modified (table.window));
  blue_roll = muster_infinity_initiative_get_roll (ini, 0, 1);
  mid = save_table (&table, "mid.muster");

  act (&table, "phase.initiative-roll", "i", 0);
  red_roll = muster_infinity_initiative_get_roll (ini, 0, 0);
  while (muster_infinity_initiative_get_state (ini) == MUSTER_INFINITY_INITIATIVE_ROLL)
    {
      act (&table, "phase.initiative-roll", "i", 0);
      act (&table, "phase.initiative-roll", "i", 1);
      g_assert_cmpuint (muster_infinity_initiative_get_n_attempts (ini), <, 50);
    }

  /* The winner keeps Deployment: Alice in the south, Bob in the north,
   * the loser deploys first; the rows say who plays first. */
  winner = muster_infinity_initiative_get_winner (ini);
  act (&table, "phase.keep", "s", "deployment");
  act (&table, "phase.choose-deployment", "(is)", 1 - winner, winner == 0 ? "south" : "north");
  act (&table, "phase.infinity-decide", NULL);
  assert_accepted (&table);
  g_assert_cmpint (muster_infinity_initiative_get_state (ini), ==, MUSTER_INFINITY_INITIATIVE_DONE);

  /* Step 1: all but one, one taken back and put down again; Alice's
   * Lieutenant stays off the table in her first step. */
  act (&table, "phase.start-deployment", NULL);
  assert_accepted (&table);
  phase = muster_phase_panel_get_deployment (table.panel);
  first = muster_deployment_phase_get_active_player (phase);
  g_assert_cmpint (first, ==, 1 - winner);
  own = first == 0 ? "r" : "b";
  other = first == 0 ? "b" : "r";
  if (first == 0)
    act (&table, "phase.hold-back", "s", slot);
  for (guint i = 1; i <= 4; i++)
    {
      g_autofree char *id = g_strdup_printf ("%s%u", own, i);

      act (&table, "phase.deploy", "s", id);
      assert_accepted (&table);
    }
  {
    g_autofree char *id = g_strdup_printf ("%s3", own);

    act (&table, "phase.take-back", "s", id);
    act (&table, "phase.deploy", "s", id);
  }
  act (&table, "phase.finish-step", NULL);

  /* Step 2. */
  if (first == 1)
    act (&table, "phase.hold-back", "s", slot);
  {
    g_autofree char *id = g_strdup_printf ("%s2", other);

    act (&table, "phase.deploy", "s", id);
  }
  assert_accepted (&table);

  /* The board moved on after the deployment: not the game's business. */
  muster_layout_move_piece (table.layout, muster_layout_lookup_piece (table.layout, "r5"), 24 * IN, 24 * IN, 0);
  path = save_table (&table, "saved.muster");

  /* Opened again halfway through the first attempt: Bob's die is there,
   * Alice's is the one she would have thrown. */
  reopen_table (&again, mid);
  assert_reopened (&again, mid);
  g_assert_cmpstr (muster_phase_panel_get_page (again.panel), ==, "initiative");
  ini = muster_phase_panel_get_initiative (again.panel);
  g_assert_cmpint (muster_infinity_initiative_get_state (ini), ==, MUSTER_INFINITY_INITIATIVE_ROLL);
  g_assert_cmpuint (muster_infinity_initiative_get_n_attempts (ini), ==, 1);
  g_assert_cmpuint (muster_infinity_initiative_get_roll (ini, 0, 1), ==, blue_roll);
  g_assert_cmpuint (muster_infinity_initiative_get_roll (ini, 0, 0), ==, 0);
  g_assert_true (muster_infinity_initiative_is_wip_private (ini, 0));
  g_assert_false (muster_infinity_initiative_is_wip_private (ini, 1));
  g_assert_cmpuint (muster_dice_get_n_rolls (muster_phase_panel_get_dice (again.panel)), ==, 1);
  act (&again, "phase.initiative-roll", "i", 0);
  assert_accepted (&again);
  g_assert_cmpuint (muster_infinity_initiative_get_roll (ini, 0, 0), ==, red_roll);
  g_assert_true (muster_window_get_modified (again.window));
  g_assert_cmpuint (g_strv_length ((char **) muster_layout_get_legacy_game_log (again.layout)), ==, 5);
  close_table (&again);

  /* Opened again in step 2. */
  reopen_table (&again, path);
  assert_reopened (&again, path);
  g_assert_cmpstr (muster_phase_panel_get_page (again.panel), ==, "deployment");
  ini = muster_phase_panel_get_initiative (again.panel);
  g_assert_cmpint (muster_infinity_initiative_get_state (ini), ==, MUSTER_INFINITY_INITIATIVE_DONE);
  g_assert_cmpint (muster_infinity_initiative_get_winner (ini), ==, winner);
  g_assert_cmpint (muster_infinity_initiative_get_deployment_holder (ini), ==, winner);
  g_assert_cmpint (muster_infinity_initiative_get_initiative_holder (ini), ==, 1 - winner);
  g_assert_cmpint (muster_infinity_initiative_get_first_turn (ini), ==,
                   muster_infinity_initiative_get_first_turn (muster_phase_panel_get_initiative (table.panel)));
  g_assert_cmpint (muster_infinity_initiative_get_first_deployer (ini), ==, first);
  g_assert_cmpstr (muster_infinity_initiative_get_zone (ini, 0), ==, "south");
  g_assert_cmpstr (muster_infinity_initiative_get_zone (ini, 1), ==, "north");
  g_assert_cmpuint (muster_dice_get_n_rolls (muster_phase_panel_get_dice (again.panel)), ==,
                    muster_dice_get_n_rolls (muster_phase_panel_get_dice (table.panel)));

  phase = muster_phase_panel_get_deployment (again.panel);
  g_assert_nonnull (phase);
  g_assert_cmpuint (muster_deployment_phase_get_step (phase), ==, 2);
  g_assert_cmpint (muster_deployment_phase_get_active_player (phase), ==, 1 - first);
  for (int p = 0; p < 2; p++)
    {
      MusterDeploymentPhase *before = muster_phase_panel_get_deployment (table.panel);

      g_assert_cmpuint (muster_deployment_phase_get_n_troopers (phase, p), ==,
                        muster_deployment_phase_get_n_troopers (before, p));
      g_assert_cmpuint (muster_deployment_phase_get_n_placed (phase, p), ==,
                        muster_deployment_phase_get_n_placed (before, p));
      g_assert_cmpuint (muster_deployment_phase_get_n_held (phase, p), ==,
                        muster_deployment_phase_get_n_held (before, p));
    }
  for (guint i = 1; i <= 5; i++)
    {
      g_autofree char *id = g_strdup_printf ("%s%u", own, i);

      g_assert_true (muster_deployment_phase_is_placed (phase, id) == (i <= 4));
      if (i <= 4)
        g_assert_cmpuint (muster_deployment_phase_get_placement_turn (phase, id), ==, 1);
    }
  {
    g_autofree char *id = g_strdup_printf ("%s2", other);

    g_assert_true (muster_deployment_phase_is_placed (phase, id));
  }
  g_assert_cmpint (muster_deployment_phase_get_hold_reason (phase, slot), ==, MUSTER_HOLD_OFF_TABLE);

  /* The game goes on from there. */
  {
    g_autofree char *id = g_strdup_printf ("%s3", other);
    guint n = g_strv_length ((char **) muster_layout_get_legacy_game_log (again.layout));

    act (&again, "phase.deploy", "s", id);
    assert_accepted (&again);
    g_assert_true (muster_deployment_phase_is_placed (phase, id));
    g_assert_cmpuint (g_strv_length ((char **) muster_layout_get_legacy_game_log (again.layout)), ==, n + 1);
    g_assert_true (muster_window_get_modified (again.window));
  }
  close_table (&again);

  close_table (&table);
}

/* Infinity: a Player Turn under way. Who could react was the board's to
 * say when the ARO checks came; the board moved on since. */
static void
test_game_log_orders (void)
{
  g_autoptr(MusterLayout) layout = new_layout ("infinity", "standard", 48, 48);
  g_autofree char *path = NULL;
  MusterOrderSequence *seq;
  Table table = { 0 };
  Table again = { 0 };

  add_model (layout, "a1", "red", 300, 1000, 0);
  add_model (layout, "a2", "red", 1100, 1150, 0);
  add_model (layout, "z1", "blue", 300, 873, 180);
  add_model (layout, "z2", "blue", 900, 600, 0);
  open_table (&table, layout);

  act (&table, "phase.go-to-orders", NULL);
  act (&table, "phase.start-turn", NULL);
  act (&table, "phase.activate", "s", "a1");
  act (&table, "phase.next-step", NULL);
  act (&table, "phase.next-step", NULL);
  act (&table, "phase.declare-skill", "s", "move");
  act (&table, "phase.next-step", NULL);
  act (&table, "phase.next-step", NULL);
  seq = muster_phase_panel_get_order_sequence (table.panel);
  g_assert_cmpint (muster_order_sequence_get_step (seq)->kind, ==, MUSTER_ORDER_STEP_ARO_DECLARATION);

  /* z1 lets a1 pass; the second move takes it in front of z2. */
  act (&table, "phase.next-step", NULL);
  g_assert_true (muster_order_sequence_has_lost_aro (seq, "z1"));
  act (&table, "phase.declare-skill", "s", "move");
  muster_layout_move_piece (table.layout, muster_layout_lookup_piece (table.layout, "a1"), 900, 300, 0);
  act (&table, "phase.next-step", NULL);
  act (&table, "phase.next-step", NULL);
  g_assert_cmpint (muster_order_sequence_get_step (seq)->kind, ==, MUSTER_ORDER_STEP_LATE_ARO_DECLARATION);
  act (&table, "phase.declare-aro", "(ss)", "z2", "bs-attack");
  assert_accepted (&table);

  /* Then a1 went back where it began, and z2 and z1 elsewhere. */
  muster_layout_move_piece (table.layout, muster_layout_lookup_piece (table.layout, "a1"), 300, 1000, 0);
  muster_layout_move_piece (table.layout, muster_layout_lookup_piece (table.layout, "z2"), 100, 100, 90);
  muster_layout_move_piece (table.layout, muster_layout_lookup_piece (table.layout, "z1"), 1100, 100, 0);
  path = save_table (&table, "saved.muster");

  reopen_table (&again, path);
  assert_reopened (&again, path);
  g_assert_cmpstr (muster_phase_panel_get_page (again.panel), ==, "orders");
  seq = muster_phase_panel_get_order_sequence (again.panel);
  g_assert_nonnull (seq);
  g_assert_cmpint (muster_order_sequence_get_step (seq)->kind, ==, MUSTER_ORDER_STEP_LATE_ARO_DECLARATION);
  g_assert_cmpstr (muster_order_sequence_get_active_trooper (seq), ==, "a1");
  g_assert_cmpuint (muster_order_sequence_get_n_orders_left (seq), ==, 1);
  g_assert_cmpstr (muster_order_sequence_get_skill (seq, 0)->id, ==, "move");
  g_assert_cmpstr (muster_order_sequence_get_skill (seq, 1)->id, ==, "move");
  g_assert_true (muster_order_sequence_has_lost_aro (seq, "z1"));
  g_assert_false (muster_order_sequence_has_lost_aro (seq, "z2"));
  g_assert_cmpstr (muster_order_sequence_get_aro (seq, "z2")->id, ==, "bs-attack");

  /* And goes on with the board as it is now. */
  act (&again, "phase.declare-aro", "(ss)", "z1", "bs-attack");
  assert_refused (&again, "lost");
  act (&again, "phase.next-step", NULL);
  assert_accepted (&again);
  close_table (&again);

  close_table (&table);
}

/* The 9th Age: the pre-game with Muster's dice and the rows, then the
 * declarations. */
static void
test_game_log_t9a (void)
{
  g_autoptr(MusterLayout) layout = new_layout ("t9a", "frontline-clash", 72, 48);
  const char * const log[] = { "#muster-roll-log\t1\t0000000000000007", NULL };
  g_autofree char *mid = NULL;
  g_autofree char *path = NULL;
  MusterT9aPregame *pre;
  MusterT9aPregame *before;
  MusterDeploymentPhase *phase;
  Table table = { 0 };
  Table again = { 0 };
  guint roll;

  add_unit (layout, "r1", "red", NULL, 200, 1100);
  add_unit (layout, "b1", "blue", NULL, 200, 100);
  muster_layout_set_legacy_roll_log (layout, log);
  open_table (&table, layout);
  before = muster_phase_panel_get_pregame (table.panel);

  act (&table, "phase.t9a-roll-type", NULL);
  act (&table, "phase.t9a-roll-off", "i", 0);
  assert_accepted (&table);
  mid = save_table (&table, "mid.muster");
  act (&table, "phase.t9a-roll-off", "i", 1);
  roll = muster_t9a_pregame_get_roll (before, 0, 1);
  while (muster_t9a_pregame_get_state (before) == MUSTER_T9A_PREGAME_ROLL_OFF)
    {
      act (&table, "phase.t9a-roll-off", "i", 0);
      act (&table, "phase.t9a-roll-off", "i", 1);
      g_assert_cmpuint (muster_t9a_pregame_get_n_attempts (before), <, 50);
    }
  act (&table, "phase.t9a-decide", NULL);
  assert_accepted (&table);
  g_assert_cmpint (muster_t9a_pregame_get_state (before), ==, MUSTER_T9A_PREGAME_DONE);
  act (&table, "phase.start-deployment", NULL);
  act (&table, "phase.finish-declarations", NULL);
  assert_accepted (&table);
  path = save_table (&table, "saved.muster");

  /* Halfway through the roll-off: Bob's die is the one he would throw. */
  reopen_table (&again, mid);
  assert_reopened (&again, mid);
  pre = muster_phase_panel_get_pregame (again.panel);
  g_assert_cmpstr (muster_phase_panel_get_page (again.panel), ==, "pregame");
  g_assert_cmpint (muster_t9a_pregame_get_state (pre), ==, MUSTER_T9A_PREGAME_ROLL_OFF);
  g_assert_cmpstr (muster_t9a_pregame_get_deployment_type (pre), ==, muster_t9a_pregame_get_deployment_type (before));
  g_assert_cmpuint (muster_t9a_pregame_get_deployment_type_roll (pre), ==,
                    muster_t9a_pregame_get_deployment_type_roll (before));
  g_assert_cmpuint (muster_t9a_pregame_get_roll (pre, 0, 0), ==, muster_t9a_pregame_get_roll (before, 0, 0));
  act (&again, "phase.t9a-roll-off", "i", 1);
  g_assert_cmpuint (muster_t9a_pregame_get_roll (pre, 0, 1), ==, roll);
  close_table (&again);

  /* After the pre-game: the winner's choices, and who deploys. */
  reopen_table (&again, path);
  assert_reopened (&again, path);
  pre = muster_phase_panel_get_pregame (again.panel);
  g_assert_cmpstr (muster_phase_panel_get_page (again.panel), ==, "deployment");
  g_assert_cmpint (muster_t9a_pregame_get_state (pre), ==, MUSTER_T9A_PREGAME_DONE);
  g_assert_cmpuint (muster_t9a_pregame_get_n_attempts (pre), ==, muster_t9a_pregame_get_n_attempts (before));
  g_assert_cmpint (muster_t9a_pregame_get_chooser (pre), ==, muster_t9a_pregame_get_chooser (before));
  g_assert_cmpint (muster_t9a_pregame_get_first_deployer (pre), ==, muster_t9a_pregame_get_first_deployer (before));
  g_assert_cmpstr (muster_t9a_pregame_get_diagonal (pre), ==, muster_t9a_pregame_get_diagonal (before));
  for (int p = 0; p < 2; p++)
    {
      g_assert_cmpstr (muster_t9a_pregame_get_zone (pre, p), ==, muster_t9a_pregame_get_zone (before, p));
      g_assert_cmpstr (muster_t9a_pregame_get_role (pre, p), ==, muster_t9a_pregame_get_role (before, p));
      g_assert_cmpstr (muster_t9a_pregame_get_short_edge (pre, p), ==, muster_t9a_pregame_get_short_edge (before, p));
    }
  g_assert_cmpstr (muster_layout_get_deployment_id (again.layout), ==, muster_layout_get_deployment_id (table.layout));
  phase = muster_phase_panel_get_deployment (again.panel);
  g_assert_nonnull (phase);
  g_assert_cmpint (muster_deployment_phase_get_state (phase), ==, MUSTER_DEPLOYMENT_PHASE_DEPLOYING);
  g_assert_cmpint (muster_deployment_phase_get_active_player (phase), ==, muster_t9a_pregame_get_first_deployer (pre));
  close_table (&again);

  close_table (&table);
}

/* Twilight Imperium: the seats (named with quotes, tabs and accents),
 * the Naalu token and some picks. */
static void
test_game_log_ti4 (void)
{
  g_autoptr(MusterLayout) layout = muster_layout_new ("ti4", "none", 60 * IN, 60 * IN);
  g_autofree char *path = NULL;
  MusterTi4Round *round;
  MusterTi4Round *before;
  Table table = { 0 };
  Table again = { 0 };

  muster_layout_update_player (layout, "red", NULL, NULL, NULL);
  muster_layout_update_player (layout, "blue", NULL, NULL, NULL);
  muster_layout_set_player_name (layout, "red", "Zoë \"the\" Admiral & <Co>");
  muster_layout_set_player_name (layout, "blue", "Tab\there 'n' there");
  open_table (&table, layout);

  act (&table, "phase.ti4-set-players", "u", 4);
  act (&table, "phase.ti4-start", NULL);
  assert_accepted (&table);
  before = muster_phase_panel_get_ti4_round (table.panel);
  act (&table, "phase.ti4-naalu", "i", 2);
  act (&table, "phase.ti4-pick", "u", MUSTER_TI4_CARD_TECHNOLOGY);
  act (&table, "phase.ti4-pick", "u", MUSTER_TI4_CARD_POLITICS);
  act (&table, "phase.ti4-pick", "u", MUSTER_TI4_CARD_TRADE);
  assert_accepted (&table);
  path = save_table (&table, "saved.muster");

  reopen_table (&again, path);
  assert_reopened (&again, path);
  g_assert_cmpstr (muster_phase_panel_get_page (again.panel), ==, "round");
  round = muster_phase_panel_get_ti4_round (again.panel);
  g_assert_nonnull (round);
  g_assert_cmpuint (muster_ti4_round_get_n_players (round), ==, 4);
  g_assert_cmpstr (muster_ti4_round_get_player_id (round, 0), ==, "Zoë \"the\" Admiral & <Co>");
  g_assert_cmpstr (muster_ti4_round_get_player_id (round, 1), ==, "Tab\there 'n' there");
  g_assert_cmpint (muster_ti4_round_get_speaker (round), ==, muster_ti4_round_get_speaker (before));
  g_assert_cmpint (muster_ti4_round_get_phase (round), ==, MUSTER_TI4_PHASE_STRATEGY);
  g_assert_cmpint (muster_ti4_round_get_naalu_token (round), ==, 2);
  g_assert_cmpint (muster_ti4_round_get_active_player (round), ==, muster_ti4_round_get_active_player (before));
  for (guint p = 0; p < 4; p++)
    {
      g_assert_cmpuint (muster_ti4_round_get_n_cards (round, p), ==, muster_ti4_round_get_n_cards (before, p));
      for (guint c = 0; c < muster_ti4_round_get_n_cards (round, p); c++)
        g_assert_cmpint (muster_ti4_round_get_card (round, p, c), ==, muster_ti4_round_get_card (before, p, c));
    }

  /* A card taken is taken; the next pick is the next player's. */
  act (&again, "phase.ti4-pick", "u", MUSTER_TI4_CARD_POLITICS);
  assert_refused (&again, "");
  act (&again, "phase.ti4-pick", "u", MUSTER_TI4_CARD_LEADERSHIP);
  assert_accepted (&again);
  act (&table, "phase.ti4-pick", "u", MUSTER_TI4_CARD_LEADERSHIP);
  g_assert_cmpint (muster_ti4_round_get_active_player (round), ==, muster_ti4_round_get_active_player (before));
  close_table (&again);

  close_table (&table);
}

/* Dice typed in from the table: a game saved so goes on asking for them,
 * and one switched back to Muster's dice goes on with those. */
static gboolean
types_dice (Table *table)
{
  gboolean typed = FALSE;

  g_object_get (table->panel, "typed-dice", &typed, NULL);

  return typed;
}

static void
test_game_log_typed_dice (void)
{
  g_autoptr(MusterLayout) layout = new_layout ("infinity", "standard", 48, 48);
  g_autofree char *typed_path = NULL;
  g_autofree char *rolled_path = NULL;
  g_autoptr(GFile) rolled = NULL;
  g_autoptr(GError) error = NULL;
  Table table = { 0 };
  Table again = { 0 };
  Table third = { 0 };

  open_table (&table, layout);
  run_initiative (&table);
  typed_path = save_table (&table, "typed.muster");

  reopen_table (&again, typed_path);
  g_assert_true (types_dice (&again));
  g_assert_false (muster_window_get_modified (again.window));

  use_muster_dice (&again);
  g_assert_true (muster_window_get_modified (again.window));
  rolled_path = g_build_filename (table.dir, "rolled.muster", NULL);
  rolled = g_file_new_for_path (rolled_path);
  g_assert_true (muster_window_save_to (again.window, rolled, &error));
  g_assert_no_error (error);
  close_table (&again);

  reopen_table (&third, rolled_path);
  g_assert_false (types_dice (&third));
  g_assert_cmpint (muster_infinity_initiative_get_state (muster_phase_panel_get_initiative (third.panel)), ==,
                   MUSTER_INFINITY_INITIATIVE_DONE);
  close_table (&third);

  close_table (&table);
}

/* A file whose game log cannot be replayed to the end: the game stops
 * where it can, says why, and the roll log is kept as it was. */
static void
test_game_log_damaged (void)
{
  static const struct {
    guint       step;       /* of the line changed */
    const char *line;       /* NULL: the roll log's first die changed instead */
    const char *says;
  } cases[] = {
    { 6, "keep\t'deployment", "step 6 (keep)" },
    { 6, "dance\t'deployment'", "step 6 (dance)" },
    { 6, "dismiss-message", "step 6 (dismiss-message)" },
    { 6, "keep\t3", "step 6 (keep)" },
    { 4, "initiative-enter\t(0, 21)", "21" },
    { 4, NULL, "step 4 (initiative-enter)" },
  };
  g_autoptr(MusterLayout) layout = new_layout ("infinity", "standard", 48, 48);
  g_autofree char *path = NULL;
  Table table = { 0 };

  open_table (&table, layout);
  run_initiative (&table);
  path = save_table (&table, "saved.muster");

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr(MusterLayout) damaged = read_saved (path);
      g_autoptr(GFile) file = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *damaged_path = g_strdup_printf ("%s/damaged-%u.muster", table.dir, c);
      g_auto(GStrv) lines = g_strdupv ((char **) muster_layout_get_legacy_game_log (damaged));
      g_auto(GStrv) rolls = g_strdupv ((char **) muster_layout_get_legacy_roll_log (damaged));
      MusterInfinityInitiative *ini;
      Table again = { 0 };
      guint n_rolls;

      g_test_message ("case %u", c);
      g_assert_cmpuint (g_strv_length (lines), ==, 9);
      g_assert_cmpuint (g_strv_length (rolls), ==, 3);
      if (cases[c].line != NULL)
        {
          g_free (lines[cases[c].step]);
          lines[cases[c].step] = g_strdup (cases[c].line);
          muster_layout_set_legacy_game_log (damaged, (const char * const *) lines);
        }
      else
        {
          /* Alice's first die: 12, typed in. */
          g_assert_nonnull (strstr (rolls[1], "\t12\tmanual\t"));
          memcpy (strstr (rolls[1], "\t12\t"), "\t13\t", 4);
          muster_layout_set_legacy_roll_log (damaged, (const char * const *) rolls);
        }
      file = g_file_new_for_path (damaged_path);
      g_assert_true (muster_layout_save (damaged, file, &error));
      g_assert_no_error (error);

      reopen_table (&again, damaged_path);
      assert_refused (&again, "could not be restored");
      assert_refused (&again, cases[c].says);
      g_assert_false (muster_window_get_modified (again.window));
      assert_strv_same (muster_layout_get_legacy_roll_log (again.layout), muster_layout_get_legacy_roll_log (damaged));
      assert_strv_same (muster_layout_get_legacy_game_log (again.layout), muster_layout_get_legacy_game_log (damaged));

      /* As far as it went: the WIPs, and Alice's die when it was the
       * roll log that was changed. */
      ini = muster_phase_panel_get_initiative (again.panel);
      n_rolls = cases[c].step == 6 ? 2 : cases[c].line == NULL ? 1 : 0;
      g_assert_cmpint (muster_infinity_initiative_get_state (ini), ==,
                       cases[c].step == 6 ? MUSTER_INFINITY_INITIATIVE_CHOOSE : MUSTER_INFINITY_INITIATIVE_ROLL);
      g_assert_cmpuint (muster_dice_get_n_rolls (muster_phase_panel_get_dice (again.panel)), ==, n_rolls);

      /* Going on from there, the logs are those of the game as it goes. */
      if (cases[c].step == 6)
        act (&again, "phase.keep", "s", "initiative");
      else
        act (&again, "phase.initiative-enter", "(iu)", 1, 7);
      assert_accepted (&again);
      g_assert_true (muster_window_get_modified (again.window));
      g_assert_cmpuint (g_strv_length ((char **) muster_layout_get_legacy_game_log (again.layout)), ==,
                        (cases[c].line == NULL ? cases[c].step : cases[c].step - 1) + 1 + 1);
      g_assert_cmpuint (g_strv_length ((char **) muster_layout_get_legacy_roll_log (again.layout)), ==,
                        1 + muster_dice_get_n_rolls (muster_phase_panel_get_dice (again.panel)));
      close_table (&again);
      g_unlink (damaged_path);
    }

  close_table (&table);
}

/* Another game system: the game begins again, without the old one's log;
 * the dice go on, and the new game is saved and restored from there. */
static void
test_game_log_restart (void)
{
  g_autoptr(MusterLayout) layout = new_layout ("infinity", "standard", 48, 48);
  const char * const log[] = { "#muster-roll-log\t1\t000000000000002a", NULL };
  g_autofree char *path = NULL;
  MusterT9aPregame *pre;
  Table table = { 0 };
  Table again = { 0 };
  guint rolls;

  add_unit (layout, "r1", "red", NULL, 200, 1100);
  add_unit (layout, "b1", "blue", NULL, 200, 100);
  muster_layout_set_legacy_roll_log (layout, log);
  open_table (&table, layout);
  act (&table, "phase.set-wip", "(iub)", 0, 12, FALSE);
  act (&table, "phase.set-wip", "(iub)", 1, 12, FALSE);
  act (&table, "phase.initiative-roll", "i", 0);
  assert_accepted (&table);
  g_assert_nonnull (muster_layout_get_legacy_game_log (table.layout));

  muster_layout_set_game (table.layout, "t9a", "frontline-clash");
  flush ();
  g_assert_cmpstr (muster_phase_panel_get_page (table.panel), ==, "pregame");
  g_assert_null (muster_layout_get_legacy_game_log (table.layout));
  rolls = muster_dice_get_n_rolls (muster_phase_panel_get_dice (table.panel));
  g_assert_cmpuint (rolls, ==, 1);

  act (&table, "phase.t9a-pick-type", "s", "frontline-clash");
  act (&table, "phase.t9a-roll-off", "i", 0);
  act (&table, "phase.t9a-roll-off", "i", 1);
  assert_accepted (&table);
  path = save_table (&table, "saved.muster");

  reopen_table (&again, path);
  assert_reopened (&again, path);
  pre = muster_phase_panel_get_pregame (again.panel);
  g_assert_cmpuint (muster_t9a_pregame_get_n_attempts (pre), >=, 1);
  g_assert_cmpuint (muster_t9a_pregame_get_roll (pre, 0, 0), ==,
                    muster_t9a_pregame_get_roll (muster_phase_panel_get_pregame (table.panel), 0, 0));
  g_assert_cmpuint (muster_t9a_pregame_get_roll (pre, 0, 1), ==,
                    muster_t9a_pregame_get_roll (muster_phase_panel_get_pregame (table.panel), 0, 1));
  g_assert_cmpuint (muster_dice_get_n_rolls (muster_phase_panel_get_dice (again.panel)), ==, rolls + 2);
  close_table (&again);

  close_table (&table);
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/app/phase-panel/infinity/initiative", test_infinity_initiative);
  g_test_add_func ("/app/phase-panel/names-are-not-markup", test_names_are_not_markup);
  g_test_add_func ("/app/phase-panel/infinity/rolled", test_infinity_rolled);
  g_test_add_func ("/app/phase-panel/infinity/roll-log-placeholder", test_roll_log_placeholder);
  g_test_add_func ("/app/phase-panel/infinity/bad-roll-log", test_bad_roll_log);
  g_test_add_func ("/app/phase-panel/infinity/deployment", test_infinity_deployment);
  g_test_add_func ("/app/phase-panel/infinity/orders", test_infinity_orders);
  g_test_add_func ("/app/phase-panel/infinity/sight", test_sight);
  g_test_add_func ("/app/phase-panel/t9a/pregame", test_t9a_pregame);
  g_test_add_func ("/app/phase-panel/t9a/marching-columns", test_t9a_marching_columns);
  g_test_add_func ("/app/phase-panel/t9a/decide", test_t9a_decide);
  g_test_add_func ("/app/phase-panel/t9a/reserves", test_t9a_reserves);
  g_test_add_func ("/app/phase-panel/ti4/round", test_ti4_round);
  g_test_add_func ("/app/phase-panel/game-log/infinity", test_game_log_infinity);
  g_test_add_func ("/app/phase-panel/game-log/orders", test_game_log_orders);
  g_test_add_func ("/app/phase-panel/game-log/t9a", test_game_log_t9a);
  g_test_add_func ("/app/phase-panel/game-log/ti4", test_game_log_ti4);
  g_test_add_func ("/app/phase-panel/game-log/typed-dice", test_game_log_typed_dice);
  g_test_add_func ("/app/phase-panel/game-log/damaged", test_game_log_damaged);
  g_test_add_func ("/app/phase-panel/game-log/restart", test_game_log_restart);

  return g_test_run ();
}
