/* test-game-panel.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

/* Tests of the Game page (src/gui/muster-game-*.c) in a window, for
 * Infinity and what every game shares; The 9th Age's and Twilight
 * Imperium's pages are in test-game-panel-t9a-ti4.c. */

#include "game-panel-helpers.h"
#include "muster-roster-panel.h"

/* Infinity: the Initiative Roll */

/* A decision undone and made otherwise offers the new keeper of
 * Deployment their own zone, not what was picked for the other. */
static void
test_initiative_decided_again (void)
{
  g_autoptr(MusterLayout) layout = infinity_layout ();
  GtkWidget *page;
  Table table = { 0 };

  open_table (&table, layout);
  OK (muster_game_set_typed_dice (game_of (&table), TRUE, &ok_error));
  OK (muster_game_set_wip (game_of (&table), 0, 13, FALSE, &ok_error));
  OK (muster_game_set_wip (game_of (&table), 1, 11, FALSE, &ok_error));
  OK (muster_game_roll_initiative (game_of (&table), 0, 12, &ok_error));
  OK (muster_game_roll_initiative (game_of (&table), 1, 7, &ok_error));
  /* Alice keeps Initiative: Bob, in the north, chooses his zone. */
  OK (muster_game_keep (game_of (&table), MUSTER_INFINITY_KEEP_INITIATIVE, &ok_error));
  page = show_page (&table, "initiative");
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (find_row (page, "Zone of Bob"))), ==, 0);

  /* Undone: Alice keeps Deployment, and is offered the south she has. */
  g_assert_true (muster_history_undo (muster_window_get_history (table.window)));
  OK (muster_game_keep (game_of (&table), MUSTER_INFINITY_KEEP_DEPLOYMENT, &ok_error));
  flush ();
  click (page, "_Confirm");
  g_assert_cmpstr (muster_layout_lookup_player (table.layout, "red")->zone, ==, "south");
  close_table (&table);
}

/* Each button, row and entry of the page calls the game; what it refuses
 * is said above the page. */
static void
test_initiative (void)
{
  g_autoptr(MusterLayout) layout = infinity_layout ();
  MusterInfinityInitiative *ini;
  GtkWidget *page;
  GtkWidget *row;
  Table table = { 0 };

  open_table (&table, layout);
  g_assert_cmpstr (muster_game_panel_get_page (table.panel), ==, "initiative");
  page = show_page (&table, "initiative");

  /* What is not a WIP is said so, and the game has none. */
  row = find_row (page, "Alice’s Lieutenant WIP");
  g_assert_nonnull (row);
  gtk_editable_set_text (GTK_EDITABLE (row), "thirteen");
  g_signal_emit_by_name (row, "apply");
  flush ();
  assert_refused (&table, "is not a WIP");
  ini = muster_game_get_initiative (game_of (&table));
  g_assert_cmpuint (muster_infinity_initiative_get_wip (ini, 0), ==, 0);

  gtk_editable_set_text (GTK_EDITABLE (row), "13");
  g_signal_emit_by_name (row, "apply");
  flush ();
  assert_accepted (&table);
  g_assert_cmpuint (muster_infinity_initiative_get_wip (ini, 0), ==, 13);
  g_assert_true (muster_infinity_initiative_is_wip_private (ini, 0));
  row = find_row (page, "Bob’s Lieutenant WIP");
  gtk_editable_set_text (GTK_EDITABLE (row), "11");
  g_signal_emit_by_name (row, "apply");
  flush ();
  g_assert_cmpint (muster_infinity_initiative_get_state (ini), ==, MUSTER_INFINITY_INITIATIVE_ROLL);

  /* The game's refusal, in its words. */
  g_assert_true (gtk_widget_activate_action (page, "initiative.keep", "s", "initiative"));
  flush ();
  assert_refused (&table, "nobody has won");

  /* Muster's dice until someone wins: the Roll buttons of the rows. */
  while ((ini = muster_game_get_initiative (game_of (&table)),
          muster_infinity_initiative_get_state (ini) == MUSTER_INFINITY_INITIATIVE_ROLL))
    {
      click (page, "Roll");
      assert_accepted (&table);
      g_assert_cmpuint (muster_infinity_initiative_get_n_attempts (ini), <, 50);
    }
  g_assert_nonnull (find_row (page, "Keep Deployment"));

  /* The winner keeps Deployment; the rows' first choices decide. */
  gtk_widget_activate (find_row (page, "Keep Deployment"));
  flush ();
  ini = muster_game_get_initiative (game_of (&table));
  g_assert_cmpint (muster_infinity_initiative_get_state (ini), ==, MUSTER_INFINITY_INITIATIVE_DECIDE);
  /* The keeper of Deployment is offered the zone they have: Confirm
   * without a look moves nobody. */
  {
    const char *keeper = muster_game_get_player_id (game_of (&table),
                                                    muster_infinity_initiative_get_deployment_holder (ini));
    g_autofree char *before = g_strdup (muster_layout_lookup_player (table.layout, keeper)->zone);

    click (page, "_Confirm");
    g_assert_cmpstr (muster_layout_lookup_player (table.layout, keeper)->zone, ==, before);
  }
  ini = muster_game_get_initiative (game_of (&table));
  g_assert_cmpint (muster_infinity_initiative_get_state (ini), ==, MUSTER_INFINITY_INITIATIVE_DONE);
  g_assert_nonnull (find_row (page, "Deployment Zones"));

  click (page, "Start _Deployment");
  assert_accepted (&table);
  g_assert_nonnull (muster_game_get_deployment (game_of (&table)));
  /* The page of the new phase comes forward. */
  g_assert_cmpstr (muster_game_panel_get_page (table.panel), ==, "deployment");

  /* What is placed from a roster now belongs to the step under way. */
  {
    MusterRoster *roster = muster_window_get_roster (table.window);
    MusterRosterEntry *entry = muster_roster_entry_new ();
    MusterDeploymentPhase *phase = muster_game_get_deployment (game_of (&table));
    int active = muster_deployment_phase_get_active_player (phase);
    g_autoptr(MusterPiece) second = NULL;
    MusterPiece *first;
    const char *entry_id;

    entry->name = g_strdup ("Fusiliers");
    entry->count = 2;
    entry_id = muster_roster_add_entry (roster, muster_game_get_player_id (game_of (&table), active), entry);
    first = muster_roster_make_piece (roster, entry_id);
    first->id = g_strdup ("f1");
    g_assert_true (muster_layout_add_piece (table.layout, first));
    second = muster_roster_make_piece (roster, entry_id);
    g_assert_cmpuint (first->turn, ==, muster_deployment_phase_get_step (phase));
    g_assert_cmpuint (second->turn, ==, muster_deployment_phase_get_step (phase));
    g_assert_true (muster_layout_remove_piece (table.layout, "f1"));
  }

  /* The Orders wait for the deployment to be over. */
  page = show_page (&table, "orders");
  g_assert_nonnull (find_label (page, "Not Yet"));
  g_assert_null (find (page, is_button, "Start Player _Turn"));

  close_table (&table);
}

/* Each army has exactly one Lieutenant, or the page says whose has not,
 * and how many it has, before anyone tries to roll. */
static void
test_lieutenants (void)
{
  g_autoptr(MusterLayout) layout = new_layout ("infinity", "standard", 48, 48);
  MusterRoster *roster;
  MusterRosterEntry *entry = muster_roster_entry_new ();
  const char *entry_id;
  GtkWidget *page;
  GtkWidget *row;
  Table table = { 0 };

  add_model (layout, "r1", "Fusilier", "red", 10 * IN, 40 * IN, 0, TRUE);
  add_model (layout, "b1", "Kamau", "blue", 10 * IN, 8 * IN, 180, FALSE);
  open_table (&table, layout);
  page = show_page (&table, "initiative");

  g_assert_nonnull (find_label (page, "Lieutenants"));
  row = find_row (page, "Bob");
  g_assert_nonnull (row);
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), "No Lieutenant"));
  g_assert_null (find_row (page, "Alice"));
  /* The roll waits: nothing to type in yet. */
  g_assert_false (gtk_widget_is_sensitive (find_row (page, "Alice’s Lieutenant WIP")));

  /* A Lieutenant entry of five, on the Players page: five Lieutenants. */
  roster = muster_window_get_roster (table.window);
  entry->name = g_strdup ("Fusiliers");
  entry->count = 5;
  entry->lieutenant = TRUE;
  entry_id = muster_roster_add_entry (roster, "blue", entry);
  muster_window_show_sidebar_page (table.window, "players");
  flush ();
  muster_window_show_sidebar_page (table.window, "game");
  settle ();
  row = find_row (page, "Bob");
  g_assert_nonnull (row);
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), "5 Lieutenants"));

  /* One each: the roll may begin. */
  entry = muster_roster_entry_copy (muster_roster_lookup (roster, entry_id, NULL));
  entry->lieutenant = FALSE;
  muster_roster_replace_entry (roster, entry);
  muster_layout_lookup_piece (table.layout, "b1")->lieutenant = TRUE;
  muster_layout_piece_changed (table.layout, muster_layout_lookup_piece (table.layout, "b1"));
  flush ();
  g_assert_null (find_label (page, "Lieutenants"));
  g_assert_true (gtk_widget_is_sensitive (find_row (page, "Alice’s Lieutenant WIP")));

  close_table (&table);
}

/* Infinity: the deployment */

/* A Lieutenant marked after the deployment began is the Lieutenant: no
 * Loss of Lieutenant for it, neither when the deployment is over nor at
 * its player's first turn; one taken off the table is missed. */
static void
test_late_lieutenant (void)
{
  g_autoptr(MusterLayout) layout = infinity_layout ();
  MusterGame *game;
  GtkWidget *page;
  GtkWidget *row;
  Table table = { 0 };

  open_table (&table, layout);
  game = game_of (&table);
  play_initiative (game);
  /* Bob's Lieutenant is no longer b1 when the deployment begins ... */
  muster_layout_lookup_piece (table.layout, "b1")->lieutenant = FALSE;
  muster_layout_piece_changed (table.layout, muster_layout_lookup_piece (table.layout, "b1"));
  play_deployment (game);
  /* ... but Yuan Yuan, marked since. */
  muster_layout_lookup_piece (table.layout, "b3")->lieutenant = TRUE;
  muster_layout_piece_changed (table.layout, muster_layout_lookup_piece (table.layout, "b3"));

  page = show_page (&table, "deployment");
  g_assert_nonnull (find_row (page, "Both Lieutenants are on the table"));
  row = find_row (page, "Yuan Yuan");
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), "Lieutenant"));
  row = find_row (page, "Kamau");
  g_assert_null (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), "Lieutenant"));

  /* Alice's Lieutenant leaves the table. */
  muster_layout_remove_piece (table.layout, "r1");
  flush ();
  row = find (page, is_row_saying, "Loss of Lieutenant");
  g_assert_nonnull (row);
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==, "Alice");
  g_assert_cmpuint (count (page, is_row_saying, "Loss of Lieutenant"), ==, 1);

  /* Alice's first turn: warned. Bob's: not. */
  page = show_page (&table, "orders");
  click (page, "Start Player _Turn");
  assert_refused (&table, "Loss of Lieutenant");
  g_assert_cmpint (muster_game_get_turn_player (game), ==, 0);
  click (page, "_End Turn");
  assert_accepted (&table);
  click (page, "Start Player _Turn");
  g_assert_cmpint (muster_game_get_turn_player (game), ==, 1);
  assert_accepted (&table);

  close_table (&table);
}

/* The page holds nothing of the game: undo and redo, and it shows the
 * game as it is then. */
static void
test_undo (void)
{
  g_autoptr(MusterLayout) layout = infinity_layout ();
  MusterHistory *history;
  GtkWidget *page;
  GtkWidget *row;
  Table table = { 0 };

  open_table (&table, layout);
  history = muster_window_get_history (table.window);
  play_initiative (game_of (&table));
  OK (muster_game_start_deployment (game_of (&table), &ok_error));
  page = show_page (&table, "deployment");

  /* Bob deploys first. */
  click_in_row (page, "Hsien", "Deploy");
  assert_accepted (&table);
  row = find_row (page, "Hsien");
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==, "Deployed in step 1");
  g_assert_cmpuint (muster_layout_lookup_piece (table.layout, "b2")->turn, ==, 1);
  g_assert_true (muster_window_get_modified (table.window));

  /* Not Alice's step: the game says so. */
  g_assert_true (gtk_widget_activate_action (page, "deployment.deploy", "s", "r1"));
  flush ();
  assert_refused (&table, "Bob");

  g_assert_true (muster_history_undo (history));
  flush ();
  row = find_row (page, "Hsien");
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==, "On the table");
  g_assert_nonnull (find (row, is_button, "Deploy"));

  g_assert_true (muster_history_redo (history));
  flush ();
  row = find_row (page, "Hsien");
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==, "Deployed in step 1");

  close_table (&table);
}

/* A trooper whose model was taken off the table says so, and what to do;
 * a model of its name put back stands in for it. */
static void
test_lost_piece (void)
{
  g_autoptr(MusterLayout) layout = infinity_layout ();
  MusterRoster *roster;
  MusterRosterEntry *entry = muster_roster_entry_new ();
  MusterPiece *piece;
  const char *entry_id;
  GtkWidget *page;
  GtkWidget *row;
  Table table = { 0 };

  open_table (&table, layout);
  roster = muster_window_get_roster (table.window);
  entry->name = g_strdup ("Zhanshi");
  entry_id = muster_roster_add_entry (roster, "blue", entry);
  piece = muster_roster_make_piece (roster, entry_id);
  piece->id = g_strdup ("z1");
  piece->x = 40 * IN;
  piece->y = 8 * IN;
  g_assert_true (muster_layout_add_piece (table.layout, piece));
  play_initiative (game_of (&table));
  OK (muster_game_start_deployment (game_of (&table), &ok_error));
  page = show_page (&table, "deployment");

  muster_layout_remove_piece (table.layout, "b2");
  flush ();
  row = find_row (page, "Hsien");
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==,
                   "Taken off the table: add “Hsien” to the roster on the Players page and place it");
  g_assert_null (find (row, is_button, "Deploy"));

  add_model (table.layout, "h2", "Hsien", "blue", 20 * IN, 8 * IN, 180, FALSE);
  flush ();
  row = find_row (page, "Hsien");
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==, "On the table");
  click_in_row (page, "Hsien", "Deploy");
  assert_accepted (&table);
  g_assert_cmpuint (muster_layout_lookup_piece (table.layout, "h2")->turn, ==, 1);

  /* Of an entry: from the Players page; unless the entry went too. */
  muster_layout_remove_piece (table.layout, "z1");
  flush ();
  row = find_row (page, "Zhanshi");
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==,
                   "Taken off the table: place another from the Players page");
  /* Removed from the roster (as its menu does: the pieces, then the entry). */
  piece = muster_roster_make_piece (roster, entry_id);
  piece->id = g_strdup ("z1");
  g_assert_true (muster_layout_add_piece (table.layout, piece));
  muster_layout_remove_piece (table.layout, "z1");
  muster_roster_remove_entry (roster, entry_id);
  flush ();
  row = find_row (page, "Zhanshi");
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==,
                   "Taken off the table with its roster entry: undo the removal to deploy it");

  close_table (&table);
}

/* The Line of Fire toggles of the page show it on the board. */
static gboolean
is_toggle (GtkWidget  *widget,
           const char *tooltip)
{
  const char *text = gtk_widget_get_tooltip_text (widget);

  return GTK_IS_TOGGLE_BUTTON (widget) && g_strcmp0 (text, tooltip) == 0;
}

static void
test_sight (void)
{
  g_autoptr(MusterLayout) layout = infinity_layout ();
  GtkWidget *page;
  GtkWidget *toggle;
  Table table = { 0 };

  open_table (&table, layout);
  play_initiative (game_of (&table));
  OK (muster_game_start_deployment (game_of (&table), &ok_error));
  page = show_page (&table, "deployment");
  g_assert_null (muster_window_get_sight_grid (table.window));

  toggle = find (find_row (page, "Fusilier"), is_toggle, "Show Line of Fire");
  g_assert_nonnull (toggle);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (toggle), TRUE);
  flush ();
  g_assert_cmpstr (muster_game_panel_get_sight_piece (table.panel), ==, "r1");
  g_assert_nonnull (muster_window_get_sight_grid (table.window));

  /* All of Bob's troopers instead. */
  toggle = find (page, is_toggle, "Show What Bob’s Troopers See");
  g_assert_nonnull (toggle);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (toggle), TRUE);
  flush ();
  g_assert_null (muster_game_panel_get_sight_piece (table.panel));
  g_assert_cmpstr (muster_game_panel_get_sight_player (table.panel), ==, "blue");
  g_assert_nonnull (muster_window_get_sight_grid (table.window));
  g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (find (find_row (page, "Fusilier"), is_toggle,
                                                                          "Show Line of Fire"))));

  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (toggle), FALSE);
  flush ();
  g_assert_null (muster_game_panel_get_sight_player (table.panel));
  g_assert_null (muster_window_get_sight_grid (table.window));

  close_table (&table);
}

static GtkWidget *
find_view_stack (GtkWidget *widget)
{
  if (ADW_IS_VIEW_STACK (widget))
    return widget;

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *stack = find_view_stack (child);

      if (stack != NULL)
        return stack;
    }

  return NULL;
}

/* What holds a page in the stack of the phases, with the page in it once
 * it is made. */
static GtkWidget *
page_holder (Table      *table,
             const char *name)
{
  GtkWidget *stack = find_view_stack (GTK_WIDGET (table->panel));

  g_assert_nonnull (stack);

  return adw_view_stack_get_child_by_name (ADW_VIEW_STACK (stack), name);
}

/* The pages of the phases are made when first shown or asked for, and
 * then show the game as it is, and the Line of Fire shown. */
static void
test_pages_made_when_shown (void)
{
  g_autoptr(MusterLayout) layout = infinity_layout ();
  GtkWidget *page, *toggle;
  g_autofree char *sight = NULL;
  Table table = { 0 };

  open_table (&table, layout);
  g_assert_cmpstr (muster_game_panel_get_page (table.panel), ==, "initiative");
  g_assert_nonnull (adw_bin_get_child (ADW_BIN (page_holder (&table, "initiative"))));
  g_assert_null (adw_bin_get_child (ADW_BIN (page_holder (&table, "deployment"))));
  g_assert_null (adw_bin_get_child (ADW_BIN (page_holder (&table, "orders"))));

  /* The game moves on while the page is not made: the page the game
   * brings forward shows where it stands. */
  play_initiative (game_of (&table));
  OK (muster_game_start_deployment (game_of (&table), &ok_error));
  flush ();
  g_assert_cmpstr (muster_game_panel_get_page (table.panel), ==, "deployment");
  page = adw_bin_get_child (ADW_BIN (page_holder (&table, "deployment")));
  g_assert_nonnull (page);
  g_assert_true (page == page_of (&table, "deployment"));
  g_assert_true (muster_game_page_get_game (MUSTER_GAME_PAGE (page)) == game_of (&table));
  toggle = find (find_row (page, "Fusilier"), is_toggle, "Show Line of Fire");
  g_assert_nonnull (toggle);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (toggle), TRUE);
  flush ();
  g_assert_cmpstr (muster_game_panel_get_sight_piece (table.panel), ==, "r1");

  /* A page made later knows the Line of Fire shown. */
  g_assert_null (adw_bin_get_child (ADW_BIN (page_holder (&table, "orders"))));
  page = page_of (&table, "orders");
  g_assert_nonnull (page);
  g_assert_true (adw_bin_get_child (ADW_BIN (page_holder (&table, "orders"))) == page);
  g_object_get (page, "sight-piece", &sight, NULL);
  g_assert_cmpstr (sight, ==, "r1");
  g_assert_true (muster_game_page_get_game (MUSTER_GAME_PAGE (page)) == game_of (&table));

  /* And follows it. */
  toggle = find (find_row (page_of (&table, "deployment"), "Fusilier"), is_toggle, "Show Line of Fire");
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (toggle), FALSE);
  flush ();
  g_assert_null (muster_game_panel_get_sight_piece (table.panel));
  g_clear_pointer (&sight, g_free);
  g_object_get (page, "sight-piece", &sight, NULL);
  g_assert_null (sight);

  close_table (&table);
}

/* Infinity: Orders */

static MusterOrderStepKind
step_kind (Table *table)
{
  return muster_order_sequence_get_step (muster_game_get_order_sequence (game_of (table)))->kind;
}

/* The ARO card says what is true: after the one trooper that could react
 * has declared, and at the second check; the page names the troopers,
 * and does not judge where the active trooper moved. */
static void
test_aro_card (void)
{
  g_autoptr(MusterLayout) layout = orders_layout ();
  const char *none = "No enemy trooper can react now";
  GtkWidget *page;
  GtkWidget *row;
  Table table = { 0 };

  open_table (&table, layout);
  page = show_page (&table, "orders");
  click (page, "Start Player _Turn");
  assert_accepted (&table);
  g_assert_cmpuint (muster_order_sequence_get_n_orders_left (muster_game_get_order_sequence (game_of (&table))), ==, 2);

  /* The troopers by name, never by id. */
  row = find_row (page, "Trooper");
  g_assert_nonnull (row);
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (adw_combo_row_get_model (ADW_COMBO_ROW (row))), 0),
                   ==, "Fusilier");
  click (page, "Activate");
  assert_accepted (&table);
  g_assert_cmpstr (muster_order_sequence_get_active_trooper (muster_game_get_order_sequence (game_of (&table))), ==,
                   "a1");
  /* Activated: the button would change the trooper, and asks nothing
   * while the one chosen is the one activated. */
  g_assert_null (find (page, is_button, "Activate"));
  g_assert_nonnull (find (page, is_button, "Change"));
  g_assert_false (gtk_widget_get_sensitive (find (page, is_button, "Change")));
  click (page, "_Next Step");
  click (page, "_Next Step");
  g_assert_true (gtk_widget_activate_action (page, "orders.declare-skill", "s", "bs-attack"));
  flush ();
  click (page, "_Next Step");
  g_assert_nonnull (find_row (page, "Kamau"));
  g_assert_null (find_row (page, "z1"));
  g_assert_null (find_label (page, none));
  click (page, "_Next Step");
  g_assert_cmpint (step_kind (&table), ==, MUSTER_ORDER_STEP_ARO_DECLARATION);

  /* Kamau reacts: nobody else could, and the card says so truly. */
  g_assert_true (gtk_widget_activate_action (page, "orders.declare-aro", "(ss)", "z1", "bs-attack"));
  flush ();
  assert_accepted (&table);
  g_assert_nonnull (find_row (page, "Kamau"));
  g_assert_null (find_label (page, none));
  g_assert_nonnull (find_label (page, "Every eligible trooper has declared its ARO"));

  /* The second skill moves Fusilier out of Alice's zone: no complaint. */
  click (page, "_Next Step");
  g_assert_true (gtk_widget_activate_action (page, "orders.declare-skill", "s", "move"));
  flush ();
  muster_layout_move_piece (table.layout, muster_layout_lookup_piece (table.layout, "a1"), 300, 700, 0);
  flush ();
  click (page, "_Next Step");
  assert_accepted (&table);
  g_assert_cmpint (step_kind (&table), ==, MUSTER_ORDER_STEP_LATE_ARO_CHECK);
  g_assert_null (find_label (page, none));
  g_assert_nonnull (find_label (page, "No other enemy trooper can react now"));
  click (page, "_Next Step");
  g_assert_null (find_label (page, none));
  assert_accepted (&table);

  close_table (&table);
}

static gboolean
is_menu_button (GtkWidget  *widget,
                const char *label)
{
  return GTK_IS_MENU_BUTTON (widget) && g_strcmp0 (gtk_menu_button_get_label (GTK_MENU_BUTTON (widget)), label) == 0;
}

/* A skill declared is listed, and the step's button then offers to
 * change it rather than to declare one again. */
static void
test_declared_skill (void)
{
  g_autoptr(MusterLayout) layout = orders_layout ();
  Table table = { 0 };
  MusterGame *game = (open_table (&table, layout), game_of (&table));
  GtkWidget *page;

  OK (muster_game_start_turn (game, 0, 2, &ok_error));
  OK (muster_game_activate (game, "a1", &ok_error));
  OK (muster_game_next_step (game, &ok_error));
  OK (muster_game_next_step (game, &ok_error));
  page = show_page (&table, "orders");
  g_assert_nonnull (find (page, is_menu_button, "Declare"));
  g_assert_null (find (page, is_menu_button, "Change"));
  OK (muster_game_declare_skill (game, "bs-attack", &ok_error));
  flush ();
  g_assert_nonnull (find (page, is_menu_button, "Change"));
  g_assert_null (find (page, is_menu_button, "Declare"));

  close_table (&table);
}

/* To the Resolution of an Order in which Kamau reacts. */
static void
play_to_resolution (MusterGame *game)
{
  OK (muster_game_start_turn (game, 0, 2, &ok_error));
  OK (muster_game_activate (game, "a1", &ok_error));
  OK (muster_game_next_step (game, &ok_error));
  OK (muster_game_next_step (game, &ok_error));
  OK (muster_game_declare_skill (game, "bs-attack", &ok_error));
  OK (muster_game_next_step (game, &ok_error));
  OK (muster_game_next_step (game, &ok_error));
  OK (muster_game_declare_aro (game, "z1", "bs-attack", &ok_error));
  while (muster_order_sequence_get_step (muster_game_get_order_sequence (game))->kind != MUSTER_ORDER_STEP_RESOLUTION)
    OK (muster_game_next_step (game, &ok_error));
}

/* The Face to Face Roll's rows leave a trooper's name room for a line
 * of its own beside the Success Value and Burst boxes: "Fusilier
 * Lieutenant" is not broken into "Lieutena-nt". */
static void
test_face_to_face_names (void)
{
  g_autoptr(MusterLayout) layout = orders_layout ();
  GtkWidget *page, *row, *label;
  Table table = { 0 };

  g_free (muster_layout_lookup_piece (layout, "z1")->name);
  muster_layout_lookup_piece (layout, "z1")->name = g_strdup ("Fusilier Lieutenant");
  open_table (&table, layout);
  play_to_resolution (game_of (&table));
  page = show_page (&table, "orders");
  settle ();

  /* The reacting trooper's row of the roll, not its row in the Order. */
  row = find (page, is_row_saying, "Success Value");
  while (row != NULL && g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), "Fusilier Lieutenant") != 0)
    row = gtk_widget_get_next_sibling (row);
  g_assert_nonnull (row);
  label = find_label (row, "Fusilier Lieutenant");
  g_assert_nonnull (label);
  g_assert_cmpint (pango_layout_get_line_count (gtk_label_get_layout (GTK_LABEL (label))), ==, 1);

  close_table (&table);
}

/* The Face to Face Roll: its result beside the button, and a second roll
 * a deliberate act, labelled so. */
static void
test_face_to_face (void)
{
  g_autoptr(MusterLayout) layout = orders_layout ();
  MusterDice *dice;
  GtkWidget *page;
  GtkWidget *button;
  GtkWidget *result;
  Table table = { 0 };
  guint n;

  open_table (&table, layout);
  play_to_resolution (game_of (&table));
  page = show_page (&table, "orders");
  dice = muster_game_get_dice (game_of (&table));
  n = muster_dice_get_n_rolls (dice);
  g_assert_null (find_row (page, "Face to Face Roll"));

  click (page, "_Roll");
  assert_accepted (&table);
  g_assert_cmpuint (muster_dice_get_n_rolls (dice), ==, n + 2);

  /* Right above the button that rolled it, and nowhere else. */
  button = find (page, is_button, "Roll _Again");
  g_assert_nonnull (button);
  g_assert_null (find (page, is_button, "_Roll"));
  result = find_row (page, "Face to Face Roll");
  g_assert_nonnull (result);
  g_assert_true (gtk_widget_get_next_sibling (gtk_widget_get_parent (result)) == button);
  g_assert_cmpuint (count (page, is_row, "Face to Face Roll"), ==, 1);
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (result)), "Kamau"));
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (result)), "Fusilier"));

  /* Again: one result, both rolls in the log. */
  click (page, "Roll _Again");
  g_assert_cmpuint (muster_dice_get_n_rolls (dice), ==, n + 4);
  g_assert_cmpuint (count (page, is_row, "Face to Face Roll"), ==, 1);

  /* After the Resolution it stays in sight. */
  click (page, "_Next Step");
  g_assert_cmpuint (count (page, is_row, "Face to Face Roll"), ==, 1);

  close_table (&table);
}

/* A scroll over a spin button, as GTK delivers it to the widget: the
 * capture phase, then the target, then the bubble phase. */
static void
scroll_over (GtkWidget *widget,
             double     dy)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);
  static const GtkPropagationPhase phases[] = { GTK_PHASE_CAPTURE, GTK_PHASE_TARGET, GTK_PHASE_BUBBLE };

  for (guint p = 0; p < G_N_ELEMENTS (phases); p++)
    for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
      {
        g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);
        gboolean handled = FALSE;

        if (!GTK_IS_EVENT_CONTROLLER_SCROLL (controller) ||
            gtk_event_controller_get_propagation_phase (controller) != phases[p])
          continue;

        g_signal_emit_by_name (controller, "scroll", 0.0, dy, &handled);
        if (handled)
          return;
      }
}

/* The scroll wheel scrolls the page over a Success Value, and changes
 * it only when it has the focus. */
static void
test_spin_scroll (void)
{
  g_autoptr(MusterLayout) layout = orders_layout ();
  GtkAdjustment *scrolled;
  GtkWidget *page;
  GtkWidget *spin;
  Table table = { 0 };

  open_table (&table, layout);
  play_to_resolution (game_of (&table));
  page = show_page (&table, "orders");
  settle ();
  spin = find (page, is_spin, "Success Value");
  g_assert_nonnull (spin);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (spin)), ==, 13);
  scrolled = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (gtk_widget_get_ancestor (spin, GTK_TYPE_SCROLLED_WINDOW)));
  g_assert_cmpfloat (gtk_adjustment_get_upper (scrolled), >, gtk_adjustment_get_page_size (scrolled));
  gtk_adjustment_set_value (scrolled, 0);

  scroll_over (spin, 1);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (spin)), ==, 13);
  g_assert_cmpfloat (gtk_adjustment_get_value (scrolled), >, 0);

  gtk_widget_grab_focus (spin);
  scroll_over (spin, 1);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (spin)), !=, 13);

  close_table (&table);
}

/* The dice */

/* Dice from the table: the roll log's row says so, the game asks for
 * them, and the page's die control enters them. */
static void
test_typed_dice (void)
{
  g_autoptr(MusterLayout) layout = infinity_layout ();
  MusterInfinityInitiative *ini;
  MusterDice *dice;
  GtkWidget *log;
  GtkWidget *page;
  GtkWidget *spin;
  Table table = { 0 };

  open_table (&table, layout);
  OK (muster_game_set_wip (game_of (&table), 0, 13, FALSE, &ok_error));
  OK (muster_game_set_wip (game_of (&table), 1, 11, FALSE, &ok_error));
  page = show_page (&table, "initiative");
  log = page_of (&table, "roll-log");
  g_assert_nonnull (find_label (log, "No dice thrown yet"));
  g_assert_nonnull (find (page, is_button, "Roll"));

  adw_combo_row_set_selected (ADW_COMBO_ROW (find_row (log, "Dice")), 1);
  flush ();
  g_assert_true (muster_game_get_typed_dice (game_of (&table)));
  g_assert_null (find (page, is_button, "Roll"));

  spin = find (find_row (page, "Alice"), is_spin, NULL);
  g_assert_nonnull (spin);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), 12);
  click_in_row (page, "Alice", "Enter");
  assert_accepted (&table);
  ini = muster_game_get_initiative (game_of (&table));
  g_assert_cmpuint (muster_infinity_initiative_get_roll (ini, 0, 0), ==, 12);
  dice = muster_game_get_dice (game_of (&table));
  g_assert_true (muster_dice_get_last_roll (dice)->manual);
  g_assert_null (find_label (log, "No dice thrown yet"));
  g_assert_nonnull (find_row (log, "Alice: 12 on a d20"));

  /* Undone: the game rolls its dice again, and the row says so. */
  g_assert_true (muster_history_undo (muster_window_get_history (table.window)));
  g_assert_true (muster_history_undo (muster_window_get_history (table.window)));
  flush ();
  g_assert_false (muster_game_get_typed_dice (game_of (&table)));
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (find_row (log, "Dice"))), ==, 0);
  g_assert_nonnull (find_label (log, "No dice thrown yet"));

  close_table (&table);
}

/* Another game system after dice were thrown: the players say whether
 * the dice stay; undo brings the old game back without asking. */
static void
test_restart_dialog (void)
{
  g_autoptr(MusterLayout) layout = infinity_layout ();
  MusterHistory *history;
  GtkWidget *dialog;
  Table table = { 0 };

  g_autoptr(MusterEditor) editor = NULL;

  open_table (&table, layout);
  history = muster_window_get_history (table.window);
  editor = muster_editor_new (table.layout, history);
  OK (muster_game_set_wip (game_of (&table), 0, 13, FALSE, &ok_error));
  OK (muster_game_set_wip (game_of (&table), 1, 11, FALSE, &ok_error));
  OK (muster_game_roll_initiative (game_of (&table), 0, 0, &ok_error));
  OK (muster_game_roll_initiative (game_of (&table), 1, 0, &ok_error));
  g_assert_null (find_dialog ());

  muster_editor_set_system (editor, "t9a");
  flush ();
  g_assert_cmpint (muster_game_get_kind (game_of (&table)), ==, MUSTER_GAME_KIND_T9A);
  g_assert_cmpstr (muster_game_panel_get_page (table.panel), ==, "pregame");
  dialog = find_dialog ();
  g_assert_nonnull (dialog);
  g_assert_nonnull (strstr (muster_alert_get_body (dialog), "2 dice"));
  alert_click (dialog, "_Keep Them");
  flush ();
  g_assert_null (find_dialog ());
  g_assert_cmpuint (muster_dice_get_n_rolls (muster_game_get_dice (game_of (&table))), ==, 2);
  g_assert_nonnull (find (page_of (&table, "roll-log"), is_row_starting, "Alice: "));

  /* Undo, twice: the dice kept, then the game system. */
  g_assert_true (muster_history_undo (history));
  g_assert_true (muster_history_undo (history));
  flush ();
  g_assert_null (find_dialog ());
  g_assert_cmpint (muster_game_get_kind (game_of (&table)), ==, MUSTER_GAME_KIND_INFINITY);
  g_assert_cmpuint (muster_dice_get_n_rolls (muster_game_get_dice (game_of (&table))), ==, 2);
  g_assert_cmpstr (muster_game_panel_get_page (table.panel), ==, "initiative");

  /* Redone: the answer comes back with the game system, unasked. */
  g_assert_true (muster_history_redo (history));
  flush ();
  g_assert_null (find_dialog ());
  g_assert_cmpint (muster_game_get_kind (game_of (&table)), ==, MUSTER_GAME_KIND_T9A);
  g_assert_true (muster_history_redo (history));
  flush ();
  g_assert_null (find_dialog ());
  g_assert_cmpuint (muster_dice_get_n_rolls (muster_game_get_dice (game_of (&table))), ==, 2);

  /* Back to Infinity, and the dice go. */
  muster_editor_set_system (editor, "infinity");
  flush ();
  dialog = find_dialog ();
  g_assert_nonnull (dialog);
  alert_click (dialog, "_Clear Them");
  flush ();
  g_assert_cmpuint (muster_dice_get_n_rolls (muster_game_get_dice (game_of (&table))), ==, 0);
  g_assert_nonnull (find_label (page_of (&table, "roll-log"), "No dice thrown yet"));

  close_table (&table);
}

/* A saved game that cannot be replayed to the end: the panel says which
 * step and why, and the game is where the replay stopped. */
static void
test_restore_error (void)
{
  g_autoptr(MusterLayout) layout = infinity_layout ();
  g_autoptr(GPtrArray) steps = NULL;
  g_autoptr(MusterLogStep) keep = muster_log_step_new ("keep");
  Table table = { 0 };

  open_table (&table, layout);
  OK (muster_game_set_wip (game_of (&table), 0, 13, FALSE, &ok_error));
  assert_accepted (&table);
  steps = g_ptr_array_copy (muster_layout_get_game_steps (table.layout), (GCopyFunc) muster_log_step_ref, NULL);
  g_ptr_array_set_free_func (steps, (GDestroyNotify) muster_log_step_unref);
  muster_log_step_set (keep, "keep", "initiative");
  g_ptr_array_add (steps, g_steal_pointer (&keep));

  /* As a file, or another player's Muster, would bring it. */
  muster_layout_set_game_log_steps (table.layout, "infinity", steps);
  flush ();
  assert_refused (&table, "could not be restored past step 2 (keep)");
  g_assert_cmpuint (muster_infinity_initiative_get_wip (muster_game_get_initiative (game_of (&table)), 0), ==, 13);

  /* Going on from there: the message goes. */
  OK (muster_game_set_wip (game_of (&table), 1, 11, FALSE, &ok_error));
  assert_accepted (&table);

  close_table (&table);
}

/* Players' names are text, never markup: "Tom & Jerry" is shown as it
 * is, where GTK would warn that it is not markup and show nothing. */
static void
test_names_are_not_markup (void)
{
  g_autoptr(MusterLayout) layout = infinity_layout ();
  Table table = { 0 };

  muster_layout_set_player_name (layout, "red", "Tom & Jerry");
  muster_layout_set_player_name (layout, "blue", "<b>Bob</b>");
  open_table (&table, layout);
  show_page (&table, "initiative");
  play_initiative (game_of (&table));
  flush ();
  OK (muster_game_start_deployment (game_of (&table), &ok_error));
  show_page (&table, "deployment");
  g_assert_nonnull (find_label (page_of (&table, "deployment"), "Tom & Jerry"));
  g_assert_nonnull (find_label (page_of (&table, "deployment"), "<b>Bob</b>"));

  close_table (&table);
}

static void
message_cb (GObject    *source,
            const char *text,
            char      **said)
{
  g_free (*said);
  *said = g_strdup (text);
}

/* A trooper deployed stays where it is: the board view neither drags
 * nor nudges, turns or deletes it, and the roster panel does not take it
 * off the table; each says why, in the game's words. */
static void
test_deployed_stay (void)
{
  g_autoptr(MusterLayout) layout = infinity_layout ();
  g_autofree char *said = NULL;
  MusterBoardView *view;
  MusterRosterPanel *panel;
  MusterRosterEntry *entry = muster_roster_entry_new ();
  MusterPiece *b1, *f1;
  const char *entry_id;
  double x, y, tx, ty;
  Table table = { 0 };

  open_table (&table, layout);
  view = muster_window_get_board_view (table.window);
  panel = MUSTER_ROSTER_PANEL (muster_window_get_roster_panel (table.window, "blue"));
  g_signal_connect (view, "message", G_CALLBACK (message_cb), &said);
  g_signal_connect (panel, "message", G_CALLBACK (message_cb), &said);
  entry->name = g_strdup ("Zhanshi");
  entry_id = muster_roster_add_entry (muster_window_get_roster (table.window), "blue", entry);
  f1 = muster_roster_make_piece (muster_window_get_roster (table.window), entry_id);
  f1->id = g_strdup ("f1");
  f1->x = 40 * IN;
  f1->y = 8 * IN;
  g_assert_true (muster_layout_add_piece (table.layout, f1));
  play_initiative (game_of (&table));
  OK (muster_game_start_deployment (game_of (&table), &ok_error));
  OK (muster_game_deploy (game_of (&table), "b1", &ok_error));
  for (guint i = 0; i < muster_game_get_n_troopers (game_of (&table)); i++)
    if (g_strcmp0 (muster_game_get_trooper (game_of (&table), i)->entry_id, entry_id) == 0)
      OK (muster_game_deploy (game_of (&table), muster_game_get_trooper (game_of (&table), i)->id, &ok_error));
  flush ();

  b1 = muster_layout_lookup_piece (table.layout, "b1");
  muster_board_view_board_to_widget (view, (MusterPoint) { b1->x, b1->y }, &x, &y);
  muster_board_view_board_to_widget (view, (MusterPoint) { 20 * IN, 4 * IN }, &tx, &ty);
  muster_board_view_pointer_press (view, x, y, 0);
  muster_board_view_pointer_motion (view, tx, ty);
  g_assert_false (muster_board_view_get_feedback (view, NULL, NULL));
  muster_board_view_pointer_release (view, tx, ty);
  g_assert_cmpfloat (b1->x, ==, 10 * IN);
  g_assert_cmpfloat (b1->y, ==, 8 * IN);
  g_assert_nonnull (said);
  g_assert_true (g_str_has_prefix (said, "Kamau is deployed"));

  g_clear_pointer (&said, g_free);
  muster_board_view_move_selection (view, IN, 0);
  muster_board_view_rotate_selection (view, 45);
  muster_board_view_toggle_prone (view);
  muster_board_view_delete_selection (view);
  g_assert_true (muster_layout_lookup_piece (table.layout, "b1") == b1);
  g_assert_cmpfloat (b1->x, ==, 10 * IN);
  g_assert_cmpfloat (b1->rotation, ==, 180);
  g_assert_false (b1->prone);
  g_assert_true (g_str_has_prefix (said, "Kamau is deployed"));

  g_clear_pointer (&said, g_free);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (panel), "roster.remove", "s", entry_id));
  g_assert_nonnull (muster_layout_lookup_piece (table.layout, f1->id));
  g_assert_nonnull (muster_roster_lookup (muster_window_get_roster (table.window), entry_id, NULL));
  g_assert_true (g_str_has_prefix (said, "Zhanshi is deployed"));

  /* Taken back, it moves. */
  OK (muster_game_take_back (game_of (&table), "b1", &ok_error));
  muster_board_view_move_selection (view, IN, 0);
  g_assert_cmpfloat (b1->x, ==, 11 * IN);

  close_table (&table);
}

/* Who plays a Player Turn is the players' to pick until the order is
 * set, here by the first turn (no Initiative Roll was logged); then a
 * row in its place says whose turn it is. */
static void
test_turn_order_kept (void)
{
  g_autoptr(MusterLayout) layout = orders_layout ();
  Table table = { 0 };
  MusterGame *game = (open_table (&table, layout), game_of (&table));
  GtkWidget *page = show_page (&table, "orders");
  GtkWidget *row = find_row (page, "Active Player");

  g_assert_true (ADW_IS_COMBO_ROW (row));
  g_assert_true (gtk_widget_get_sensitive (row));
  OK (muster_game_start_turn (game, 0, 1, &ok_error));
  OK (muster_game_end_turn (game, &ok_error));
  flush ();
  row = find_row (page, "Active Player");
  g_assert_nonnull (row);
  g_assert_false (ADW_IS_COMBO_ROW (row));
  g_assert_nonnull (find_label (row, "Bob"));
  g_assert_true (is_row_saying (row, "keep their order"));
  /* Bob's turn over, it is Alice's. */
  OK (muster_game_start_turn (game, 1, 1, &ok_error));
  OK (muster_game_end_turn (game, &ok_error));
  flush ();
  g_assert_nonnull (find_label (find_row (page, "Active Player"), "Alice"));

  close_table (&table);
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/app/game-panel/infinity/initiative", test_initiative);
  g_test_add_func ("/app/game-panel/infinity/initiative-decided-again", test_initiative_decided_again);
  g_test_add_func ("/app/game-panel/infinity/lieutenants", test_lieutenants);
  g_test_add_func ("/app/game-panel/infinity/late-lieutenant", test_late_lieutenant);
  g_test_add_func ("/app/game-panel/infinity/undo", test_undo);
  g_test_add_func ("/app/game-panel/infinity/lost-piece", test_lost_piece);
  g_test_add_func ("/app/game-panel/infinity/sight", test_sight);
  g_test_add_func ("/app/game-panel/infinity/pages-made-when-shown", test_pages_made_when_shown);
  g_test_add_func ("/app/game-panel/infinity/aro-card", test_aro_card);
  g_test_add_func ("/app/game-panel/infinity/face-to-face", test_face_to_face);
  g_test_add_func ("/app/game-panel/infinity/declared-skill", test_declared_skill);
  g_test_add_func ("/app/game-panel/infinity/face-to-face-names", test_face_to_face_names);
  g_test_add_func ("/app/game-panel/infinity/spin-scroll", test_spin_scroll);
  g_test_add_func ("/app/game-panel/typed-dice", test_typed_dice);
  g_test_add_func ("/app/game-panel/restart-dialog", test_restart_dialog);
  g_test_add_func ("/app/game-panel/restore-error", test_restore_error);
  g_test_add_func ("/app/game-panel/names-are-not-markup", test_names_are_not_markup);
  g_test_add_func ("/app/game-panel/infinity/deployed-stay", test_deployed_stay);
  g_test_add_func ("/app/game-panel/infinity/turn-order-kept", test_turn_order_kept);

  return g_test_run ();
}
