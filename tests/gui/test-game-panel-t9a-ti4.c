/* test-game-panel-t9a-ti4.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

/* Tests of the Game page in a window for The 9th Age's pre-game and
 * Twilight Imperium's round (Infinity's and what every game shares are
 * in test-game-panel.c). */

#include <locale.h>

#include <glib/gi18n-lib.h>

#include "game-panel-helpers.h"

/* Twilight Imperium */

/* The seats, the picks, the actions, through the page's buttons; no
 * blank band over the page, with or without a message above it. */
static void
test_round (void)
{
  g_autoptr(MusterLayout) layout = muster_layout_new ("ti4", "none", 60 * IN, 60 * IN);
  MusterTi4Round *round;
  GtkWidget *page;
  GtkWidget *scroller;
  graphene_point_t top;
  Table table = { 0 };

  muster_layout_update_player (layout, "red", NULL, NULL, NULL);
  muster_layout_update_player (layout, "blue", NULL, NULL, NULL);
  muster_layout_set_player_name (layout, "red", "Ann");
  muster_layout_set_player_name (layout, "blue", "Ben");
  open_table (&table, layout);
  g_assert_cmpstr (muster_game_panel_get_page (table.panel), ==, "round");
  page = page_of (&table, "round");

  /* The page starts at the top of the panel: one page, no switcher. */
  settle ();
  scroller = gtk_widget_get_ancestor (page, GTK_TYPE_SCROLLED_WINDOW);
  g_assert_true (gtk_widget_compute_point (scroller, GTK_WIDGET (table.panel), &GRAPHENE_POINT_INIT (0, 0), &top));
  g_assert_cmpfloat (top.y, ==, 0);

  /* The number of players: its spin button has no tooltip. */
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (find (page, is_spin, NULL)), 3);
  flush ();
  g_assert_nonnull (find_row (page, "Seat 1"));
  g_assert_null (find_row (page, "Seat 4"));
  click (page, "Start _Round");
  assert_accepted (&table);
  round = muster_game_get_ti4 (game_of (&table));
  g_assert_cmpuint (muster_ti4_round_get_n_players (round), ==, 3);
  g_assert_cmpstr (muster_ti4_round_get_player_id (round, 0), ==, "Ann");

  click_in_row (page, "Warfare", "Pick");
  assert_accepted (&table);
  g_assert_nonnull (find_row (page, "Warfare"));
  g_assert_null (find (find_row (page, "Warfare"), is_button, "Pick"));

  /* Taken: refused, said above the page; dismissed, no band is left. */
  g_assert_true (gtk_widget_activate_action (page, "round.pick", "u", (guint) MUSTER_TI4_CARD_WARFARE));
  flush ();
  assert_refused (&table, "Warfare");
  settle ();
  g_assert_true (gtk_widget_compute_point (scroller, GTK_WIDGET (table.panel), &GRAPHENE_POINT_INIT (0, 0), &top));
  g_assert_cmpfloat (top.y, >, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (table.panel), "panel.dismiss-message", NULL));
  settle ();
  g_assert_null (muster_game_panel_get_message (table.panel));
  g_assert_true (gtk_widget_compute_point (scroller, GTK_WIDGET (table.panel), &GRAPHENE_POINT_INIT (0, 0), &top));
  g_assert_cmpfloat (top.y, ==, 0);

  close_table (&table);
}

/* The 9th Age */

/* The pre-game through the page's buttons, the units by name. */
static void
test_pregame (void)
{
  g_autoptr(MusterLayout) layout = new_layout ("t9a", "frontline-clash", 72, 48);
  g_autoptr(MusterRoster) roster = muster_roster_new (layout);
  MusterRosterEntry *entry = muster_roster_entry_new ();
  MusterT9aPregame *pre;
  GtkWidget *page;
  Table table = { 0 };

  /* Alice's unit from her roster, unnamed on the table. */
  entry->name = g_strdup ("Knights");
  entry->kind = MUSTER_PIECE_UNIT;
  muster_roster_set_piece_entry (add_unit (layout, "u1", "red", 200, 1100),
                                 muster_roster_add_entry (roster, "red", entry));
  add_unit (layout, "u2", "blue", 200, 100)->name = g_strdup ("Spearmen");
  g_clear_object (&roster);
  open_table (&table, layout);
  g_assert_cmpstr (muster_game_panel_get_page (table.panel), ==, "pregame");
  page = page_of (&table, "pregame");

  click (page, "Use");
  assert_accepted (&table);
  pre = muster_game_get_pregame (game_of (&table));
  g_assert_cmpstr (muster_t9a_pregame_get_deployment_type (pre), ==, "frontline-clash");
  g_assert_nonnull (find_row (page, "Alice"));

  /* A keyboard player goes on to the next thing to do: the Roll pressed
   * goes with its row, and the focus to the next Roll, not to a row. */
  gtk_widget_grab_focus (find (page, is_button, "Roll"));
  click (page, "Roll");
  {
    GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (table.window));

    g_assert_true (GTK_IS_BUTTON (focus) && gtk_widget_has_css_class (focus, "suggested-action"));
    g_assert_true (gtk_widget_is_ancestor (focus, page));
  }

  while ((pre = muster_game_get_pregame (game_of (&table)),
          muster_t9a_pregame_get_state (pre) == MUSTER_T9A_PREGAME_ROLL_OFF))
    {
      click (page, "Roll");
      g_assert_cmpuint (muster_t9a_pregame_get_n_attempts (pre), <, 50);
    }
  /* The players' dice, by their names, written as the rulebook does. */
  g_assert_nonnull (find (page_of (&table, "roll-log"), is_row_starting, "Alice: "));
  g_assert_nonnull (strstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (find (page_of (&table, "roll-log"),
                                                                                     is_row_starting, "Alice: "))),
                            " on a D6"));
  g_assert_null (find (page_of (&table, "roll-log"), is_row_starting, "red: "));

  click (page, "_Confirm");
  assert_accepted (&table);
  pre = muster_game_get_pregame (game_of (&table));
  g_assert_cmpint (muster_t9a_pregame_get_state (pre), ==, MUSTER_T9A_PREGAME_DONE);
  click (page, "Start _Deployment");
  assert_accepted (&table);
  g_assert_cmpstr (muster_game_panel_get_page (table.panel), ==, "deployment");

  page = page_of (&table, "deployment");
  flush ();
  g_assert_nonnull (find_row (page, "Knights"));
  g_assert_null (find_row (page, "u1"));
  g_assert_nonnull (find_row (page, "Spearmen"));
  if (find (page, is_button, "_Finish Declarations") != NULL)
    click (page, "_Finish Declarations");
  assert_accepted (&table);
  {
    g_autofree char *step = muster_deployment_phase_describe (muster_game_get_deployment (game_of (&table)));
    g_autofree char *words = g_strdup_printf ("%s. Place units on the table from the Players page, then "
                                              "deploy them here.", step);

    /* The 9th Age's word, not Infinity's "troopers". */
    g_assert_nonnull (find_label (page, words));
  }

  close_table (&table);
}


/* The roll-off's winner is offered the zone they have already: a Confirm
 * without a look moves no one's army. */
static void
test_pregame_zone_default (void)
{
  g_autoptr(MusterLayout) layout = new_layout ("t9a", "frontline-clash", 72, 48);
  const char * const *zones;
  g_autofree char *title = NULL;
  MusterT9aPregame *pre;
  GtkWidget *page, *row;
  Table table = { 0 };
  int winner = -1;

  muster_layout_update_player (layout, "red", "south", NULL, NULL);
  muster_layout_update_player (layout, "blue", "north", NULL, NULL);
  open_table (&table, layout);
  page = page_of (&table, "pregame");
  OK (muster_game_set_typed_dice (game_of (&table), TRUE, &ok_error));
  OK (muster_game_pick_deployment_type (game_of (&table), "frontline-clash", &ok_error));
  pre = muster_game_get_pregame (game_of (&table));
  zones = muster_t9a_pregame_get_zone_ids (pre, NULL);
  /* The winner is whoever holds the second zone of the two. */
  for (int p = 0; p < 2; p++)
    if (g_strcmp0 (muster_layout_lookup_player (layout, muster_game_get_player_id (game_of (&table), p))->zone,
                   zones[1]) == 0)
      winner = p;
  g_assert_cmpint (winner, >=, 0);
  OK (muster_game_roll_off (game_of (&table), winner, 6, &ok_error));
  OK (muster_game_roll_off (game_of (&table), 1 - winner, 1, &ok_error));
  settle ();
  g_assert_cmpint (muster_t9a_pregame_get_chooser (pre), ==, winner);

  title = g_strdup_printf ("Zone of %s", muster_game_get_player_name (game_of (&table), winner));
  row = find_row (page, title);
  g_assert_nonnull (row);
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (row)), ==, 1);
  click (page, "_Confirm");
  assert_accepted (&table);
  g_assert_cmpstr (muster_layout_lookup_player (layout, "red")->zone, ==, "south");
  g_assert_cmpstr (muster_layout_lookup_player (layout, "blue")->zone, ==, "north");

  close_table (&table);
}

/* Twilight Imperium on a layout of three players: three seats, named
 * after them, not the six the box starts at. */
static void
test_round_seats (void)
{
  static const char xml[] =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<muster-layout version=\"1\" units=\"in\">\n"
    "  <game system=\"ti4\" deployment=\"none\"/>\n"
    "  <board width=\"48\" height=\"48\"/>\n"
    "  <player id=\"red\" name=\"Alice\"/>\n"
    "  <player id=\"blue\" name=\"Bob\"/>\n"
    "  <player id=\"green\" name=\"Carol\"/>\n"
    "</muster-layout>\n";
  g_autoptr(GBytes) bytes = g_bytes_new_static (xml, sizeof xml - 1);
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterLayout) layout = muster_layout_new_from_bytes (bytes, "three.muster", &error);
  GtkWidget *page, *seat;
  Table table = { 0 };

  g_assert_no_error (error);
  open_table (&table, layout);
  page = page_of (&table, "round");
  settle ();
  seat = find_row (page, "Seat 3");
  g_assert_nonnull (seat);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (seat)), ==, "Carol");
  g_assert_null (find_row (page, "Seat 4"));

  close_table (&table);
}

/* Whether label is drawn whole: inside the bounds of each of its
 * ancestors up to root, so that none cuts it short. */
static gboolean
shown_whole (GtkWidget *label,
             GtkWidget *root)
{
  for (GtkWidget *a = gtk_widget_get_parent (label); a != NULL; a = gtk_widget_get_parent (a))
    {
      graphene_rect_t bounds;

      g_assert_true (gtk_widget_compute_bounds (label, a, &bounds));
      if (bounds.origin.y < -0.5 || bounds.origin.y + bounds.size.height > gtk_widget_get_height (a) + 0.5)
        return FALSE;
      if (a == root)
        break;
    }

  return TRUE;
}

/* The Deployment page before the pre-game is over says why, in words
 * that wrap and are not cut short in the narrow sidebar: in Spanish,
 * whose words are longer, in a process of its own. */
static void
test_deployment_waiting_subprocess (void)
{
  g_autoptr(MusterLayout) layout = new_layout ("t9a", "frontline-clash", 72, 48);
  const char *why = g_dgettext (GETTEXT_PACKAGE, "Finish the pre-game first: the deployment type, the roll-off "
                                                 "and the winner’s choices.");
  GtkWidget *page;
  GtkWidget *label;
  Table table = { 0 };

  g_assert_true (g_str_has_prefix (why, "Termine antes"));
  open_table (&table, layout);
  page = show_page (&table, "deployment");
  settle ();
  g_assert_nonnull (find_label (page, g_dgettext (GETTEXT_PACKAGE, "Not Yet")));
  label = find_label (page, why);
  g_assert_nonnull (label);
  g_assert_true (gtk_widget_get_mapped (label));
  g_assert_true (shown_whole (label, GTK_WIDGET (table.window)));

  close_table (&table);
}

static void
test_deployment_waiting (void)
{
  g_setenv ("MUSTER_TEST_SPANISH", "1", TRUE);
  g_test_trap_subprocess ("/app/game-panel/t9a/deployment-waiting/subprocess", 60 * G_USEC_PER_SEC,
                          G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_unsetenv ("MUSTER_TEST_SPANISH");
  g_test_trap_assert_passed ();
}

/* Messages in Spanish from the build's catalogue, for a subprocess that
 * asks for them. glibc reads LANGUAGE only under a locale other than C
 * (and, since 2.42, C.UTF-8): the first there is. */
static void
speak_spanish (void)
{
  static const char * const locales[] = { "en_US.UTF-8", "es_ES.UTF-8", "C.UTF-8" };

  g_setenv ("LANGUAGE", "es", TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (locales); i++)
    {
      if (setlocale (LC_ALL, locales[i]) != NULL)
        {
          g_setenv ("LC_ALL", locales[i], TRUE);
          break;
        }
    }
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("MUSTER_LOCALEDIR"));
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  /* The windows' .ui files are translated in the default domain. */
  textdomain (GETTEXT_PACKAGE);
}

int
main (int   argc,
      char *argv[])
{
  if (g_getenv ("MUSTER_TEST_SPANISH") != NULL)
    speak_spanish ();
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/app/game-panel/t9a/pregame", test_pregame);
  g_test_add_func ("/app/game-panel/t9a/pregame-zone-default", test_pregame_zone_default);
  g_test_add_func ("/app/game-panel/t9a/deployment-waiting", test_deployment_waiting);
  g_test_add_func ("/app/game-panel/t9a/deployment-waiting/subprocess", test_deployment_waiting_subprocess);
  g_test_add_func ("/app/game-panel/ti4/round", test_round);
  g_test_add_func ("/app/game-panel/ti4/round-seats", test_round_seats);

  return g_test_run ();
}
