/* test-roster-panel.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "muster-entry-dialog.h"
#include "muster-roster-panel.h"
#include "muster-validate.h"
#include "widget-helpers.h"

/* The rows of the roster and of the other pieces: not the player's own
 * rows (the name, an entry row, and the zone). */
static guint
count_rows (GtkWidget *widget)
{
  guint n = ADW_IS_ACTION_ROW (widget) &&
            g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), "Deployment Zone") != 0 ? 1 : 0;

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += count_rows (child);

  return n;
}

static gboolean
is_label (GtkWidget  *widget,
          const char *text)
{
  return GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_label (GTK_LABEL (widget)), text) == 0;
}

static gboolean
lists_piece (GtkWidget  *widget,
             const char *piece_id)
{
  return find_widget_where (widget, is_row, piece_id, FALSE) != NULL;
}

static GtkWidget *
find_menu_button (GtkWidget *widget)
{
  if (GTK_IS_MENU_BUTTON (widget))
    return widget;

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_menu_button (child);

      if (found != NULL)
        return found;
    }

  return NULL;
}

/* The subtitle of the row titled title. */
static const char *
row_subtitle (GtkWidget  *widget,
              const char *title)
{
  if (ADW_IS_ACTION_ROW (widget) &&
      g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0)
    return adw_action_row_get_subtitle (ADW_ACTION_ROW (widget));

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      const char *subtitle = row_subtitle (child, title);

      if (subtitle != NULL)
        return subtitle;
    }

  return NULL;
}

/* The action of the first item of the menu of the row titled title. */
static char *
place_item_action (GtkWidget  *widget,
                   const char *title)
{
  if (ADW_IS_ACTION_ROW (widget) &&
      g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0)
    {
      GtkWidget *button = find_menu_button (widget);
      GMenuModel *menu = button != NULL ? gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (button)) : NULL;
      g_autoptr(GMenuModel) section = menu != NULL ? g_menu_model_get_item_link (menu, 0, G_MENU_LINK_SECTION) : NULL;
      char *action = NULL;

      if (section != NULL)
        g_menu_model_get_item_attribute (section, 0, G_MENU_ATTRIBUTE_ACTION, "s", &action);
      return action;
    }

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      char *action = place_item_action (child, title);

      if (action != NULL)
        return action;
    }

  return NULL;
}

static void
wait_until_mapped (GtkWidget *widget)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (!gtk_widget_get_mapped (widget) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
}

/* child in a window of its own, shown; the window, to destroy. */
static GtkWidget *
show_in_window (GtkWidget *child)
{
  GtkWidget *window = gtk_window_new ();

  gtk_window_set_default_size (GTK_WINDOW (window), 400, 600);
  gtk_window_set_child (GTK_WINDOW (window), child);
  gtk_window_present (GTK_WINDOW (window));

  return window;
}

/* The panel of a player not shown makes its rows when first shown, and
 * they show what the layout is then, not what it was when the panel was
 * made. */
static void
test_roster_panel_rows_when_shown (void)
{
  g_autoptr(GFile) file = g_file_new_for_path (TEST_DATA_DIR "/examples/t9a-frontline-clash-mixed.muster");
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterLayout) layout = muster_layout_new_from_file (file, &error);
  g_autoptr(MusterRoster) roster = NULL;
  GtkWidget *window, *stack;
  MusterRosterPanel *red, *blue;

  g_assert_no_error (error);
  roster = muster_roster_new (layout);

  red = muster_roster_panel_new (roster, NULL, NULL, "red");
  blue = muster_roster_panel_new (roster, NULL, NULL, "blue");
  stack = gtk_stack_new ();
  gtk_stack_add_named (GTK_STACK (stack), GTK_WIDGET (red), "red");
  gtk_stack_add_named (GTK_STACK (stack), GTK_WIDGET (blue), "blue");
  window = show_in_window (stack);
  wait_until_mapped (GTK_WIDGET (red));

  /* Shown: its rows are there by the first frame. */
  g_assert_cmpuint (count_rows (GTK_WIDGET (red)), >, 0);
  g_assert_true (lists_piece (GTK_WIDGET (red), "r7"));
  /* Hidden: none made yet. */
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (blue)));
  g_assert_cmpuint (count_rows (GTK_WIDGET (blue)), ==, 0);

  /* Changed while hidden, then shown: the rows follow the layout. */
  g_assert_true (muster_layout_remove_piece (layout, "b1"));
  gtk_stack_set_visible_child (GTK_STACK (stack), GTK_WIDGET (blue));
  wait_until_mapped (GTK_WIDGET (blue));
  g_assert_true (lists_piece (GTK_WIDGET (blue), "b0"));
  g_assert_true (lists_piece (GTK_WIDGET (blue), "b2"));
  g_assert_false (lists_piece (GTK_WIDGET (blue), "b1"));
  g_assert_false (lists_piece (GTK_WIDGET (blue), "r7"));

  /* Asked about while hidden, the rows are made for the answer. */
  g_assert_true (muster_layout_remove_piece (layout, "r7"));
  gtk_stack_set_visible_child (GTK_STACK (stack), GTK_WIDGET (blue));
  g_assert_nonnull (muster_roster_panel_get_other_piece (red, 0));
  g_assert_false (lists_piece (GTK_WIDGET (red), "r7"));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* An entry all of whose pieces are on the table offers to place none:
 * its menu's first item is there, greyed out. */
static void
test_roster_panel_placed_entry (void)
{
  g_autoptr(GFile) file = g_file_new_for_path (TEST_DATA_DIR "/examples/t9a-frontline-clash-mixed.muster");
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterLayout) layout = muster_layout_new_from_file (file, &error);
  g_autoptr(MusterRoster) roster = NULL;
  MusterRosterEntry *entry = muster_roster_entry_new ();
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  MusterRosterPanel *red;
  MusterPiece *piece;
  const char *entry_id;
  GtkWidget *knights_row;
  GtkWidget *window;

  g_assert_no_error (error);
  roster = muster_roster_new (layout);
  entry->name = g_strdup ("Knights");
  entry->count = 1;
  entry->base = (MusterBase) { MUSTER_BASE_RECT, 25, 50 };
  entry->categories = g_strdupv ((char *[]) { (char *) "war-machine", NULL });
  entry_id = muster_roster_add_entry (roster, "red", entry);

  red = muster_roster_panel_new (roster, NULL, NULL, "red");
  window = show_in_window (GTK_WIDGET (red));
  wait_until_mapped (GTK_WIDGET (red));
  before = place_item_action (GTK_WIDGET (red), "Knights");
  g_assert_cmpstr (before, ==, "roster.place");
  /* Its subtitle breaks between its parts, never inside one. */
  g_assert_cmpstr (row_subtitle (GTK_WIDGET (red), "Knights"), ==, "25\u00a0×\u00a050\u00a0mm · War\u00a0Machine");

  /* Placed, the entry's row stays the row it was: its status and its
   * menu change. */
  knights_row = find_widget_where (GTK_WIDGET (red), is_row, "Knights", FALSE);
  piece = muster_roster_make_piece (roster, entry_id);
  g_assert_nonnull (piece);
  piece->id = g_strdup ("knights");
  g_assert_true (muster_layout_add_piece (layout, piece));
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpint (muster_roster_get_status (roster, entry_id, NULL), ==, MUSTER_ROSTER_ON_TABLE);
  after = place_item_action (GTK_WIDGET (red), "Knights");
  g_assert_cmpstr (after, ==, "roster.placed");
  g_assert_cmpstr (muster_roster_panel_get_row_status (red, 0), ==, "On the table");
  g_assert_true (find_widget_where (GTK_WIDGET (red), is_row, "Knights", FALSE) == knights_row);

  /* Where it stands breaks a rule: the row says so, and follows the
   * verdicts. */
  {
    MusterSystem *system = muster_system_registry_lookup (muster_system_registry_get_default (), "t9a");
    g_autoptr(MusterValidator) validator = muster_validator_new (layout, system, &error);

    g_assert_no_error (error);
    muster_layout_move_piece (layout, piece, -100, -100, 0);
    muster_roster_panel_set_validator (red, validator);
    while (g_main_context_pending (NULL))
      g_main_context_iteration (NULL, FALSE);
    /* Off the table and out of its zone: two problems, as the Problems
     * list has them. */
    g_assert_cmpuint (muster_validator_get_piece_violations (validator, piece->serial)->len, ==, 2);
    g_assert_cmpstr (muster_roster_panel_get_row_status (red, 0), ==, "2 problems");

    /* Moved, it changes the verdicts, not the rows: the statuses change
     * in place (made again, a big table's rows cost a third of a second
     * a nudge). */
    {
      GtkWidget *row = find_widget_where (GTK_WIDGET (red), is_row, "Knights", FALSE);
      const MusterPiece *other = NULL;
      GtkWidget *other_row;
      GtkWidget *status;

      for (guint i = 0; other == NULL && i < muster_layout_get_pieces (layout)->len; i++)
        {
          const MusterPiece *p = g_ptr_array_index (muster_layout_get_pieces (layout), i);

          if (g_str_equal (p->owner, "red") && muster_roster_get_piece_entry (p) == NULL)
            other = p;
        }
      g_assert_nonnull (other);
      other_row = find_widget_where (GTK_WIDGET (red), is_row, other->name != NULL ? other->name : other->id, FALSE);
      g_assert_nonnull (row);
      g_assert_nonnull (other_row);

      muster_layout_move_piece (layout, piece, 1016, 100, 0);
      while (g_main_context_pending (NULL))
        g_main_context_iteration (NULL, FALSE);
      g_assert_cmpstr (muster_roster_panel_get_row_status (red, 0), ==, "1 problem");
      g_assert_true (find_widget_where (GTK_WIDGET (red), is_row, "Knights", FALSE) == row);
      g_assert_true (find_widget_where (GTK_WIDGET (red), is_row,
                                        other->name != NULL ? other->name : other->id, FALSE) == other_row);

      /* Where it may stand (along its zone's edge, somewhere): on the
       * table, in the colour of it. */
      for (double x = 50; x < 1800; x += 25)
        {
          GPtrArray *violations;

          muster_layout_move_piece (layout, piece, x, 1180, 0);
          violations = muster_validator_get_piece_violations (validator, piece->serial);
          if (violations == NULL || violations->len == 0)
            break;
        }
      while (g_main_context_pending (NULL))
        g_main_context_iteration (NULL, FALSE);
      g_assert_true (muster_validator_get_piece_violations (validator, piece->serial) == NULL ||
                     muster_validator_get_piece_violations (validator, piece->serial)->len == 0);
      g_assert_cmpstr (muster_roster_panel_get_row_status (red, 0), ==, "On the table");
      g_assert_true (find_widget_where (GTK_WIDGET (red), is_row, "Knights", FALSE) == row);
      status = find_widget_where (row, is_label, "On the table", FALSE);
      g_assert_nonnull (status);
      g_assert_true (gtk_widget_has_css_class (status, "on-table"));
      g_assert_false (gtk_widget_has_css_class (status, "problem"));
    }
    muster_roster_panel_set_validator (red, NULL);
  }

  gtk_window_destroy (GTK_WINDOW (window));
}

/* A long skill's name may break between its words in a narrow sidebar
 * ("Forward / Deployment"), rather than inside one ("Deploym-ent"); a
 * short one stays whole. */
static void
test_roster_panel_long_names_break (void)
{
  MusterSystem *system = muster_system_registry_lookup (muster_system_registry_get_default (), "infinity");
  g_autoptr(MusterLayout) layout = muster_layout_new ("infinity", "standard", 48 * 25.4, 48 * 25.4);
  g_autoptr(MusterRoster) roster = muster_roster_new (layout);
  MusterRosterEntry *entry = muster_roster_entry_new ();
  MusterRosterPanel *red;
  GtkWidget *window;

  entry->name = g_strdup ("Guilang");
  entry->count = 1;
  entry->base = (MusterBase) { MUSTER_BASE_ROUND, 25, 25 };
  entry->lieutenant = TRUE;
  entry->skills = g_strdupv ((char *[]) { (char *) "forward-deployment", NULL });
  muster_roster_add_entry (roster, "red", entry);

  red = muster_roster_panel_new (roster, NULL, system, "red");
  window = show_in_window (GTK_WIDGET (red));
  wait_until_mapped (GTK_WIDGET (red));
  g_assert_cmpstr (row_subtitle (GTK_WIDGET (red), "Guilang"), ==,
                   "25\u00a0mm round · Lieutenant · Forward Deployment");

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The entry just added takes the focus: Return then places it, and the
 * keyboard carries on from the roster, not from the window's first
 * button. */
static void
test_roster_panel_focus_new_entry (void)
{
  g_autoptr(GFile) file = g_file_new_for_path (TEST_DATA_DIR "/examples/t9a-frontline-clash-mixed.muster");
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterLayout) layout = muster_layout_new_from_file (file, &error);
  g_autoptr(MusterRoster) roster = NULL;
  g_autoptr(GList) toplevels = NULL;
  MusterEntryDialog *dialog = NULL;
  MusterRosterPanel *red;
  GtkWidget *window, *focus;

  g_assert_no_error (error);
  roster = muster_roster_new (layout);
  red = muster_roster_panel_new (roster, NULL, NULL, "red");
  window = show_in_window (GTK_WIDGET (red));
  wait_until_mapped (GTK_WIDGET (red));

  muster_roster_panel_add_entry (red);
  toplevels = gtk_window_list_toplevels ();
  for (GList *l = toplevels; l != NULL; l = l->next)
    if (MUSTER_IS_ENTRY_DIALOG (l->data))
      dialog = l->data;
  g_assert_nonnull (dialog);
  muster_entry_dialog_set_name (dialog, "Halberdiers");
  muster_entry_dialog_save (dialog);
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);

  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_nonnull (focus);
  g_assert_true (ADW_IS_ACTION_ROW (focus));
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (focus)), ==, "Halberdiers");

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Many pieces outside the roster: the first rows when shown, the others
 * when idle, a piece removed meanwhile left out; asked about, the panel
 * makes them all. */
static void
test_roster_panel_other_rows_when_idle (void)
{
  g_autoptr(MusterLayout) layout = muster_layout_new ("t9a", "frontline-clash", 72 * 25.4, 48 * 25.4);
  g_autoptr(MusterRoster) roster = NULL;
  MusterBase base = { MUSTER_BASE_RECT, 20, 20 };
  GtkWidget *window;
  MusterRosterPanel *red;
  gint64 deadline;
  guint n;

  for (guint i = 0; i < 60; i++)
    {
      g_autofree char *id = g_strdup_printf ("p%02u", i);

      muster_layout_add_piece (layout, muster_piece_new (id, MUSTER_PIECE_MODEL, "red", &base, 30 * i, 100));
    }
  roster = muster_roster_new (layout);

  red = muster_roster_panel_new (roster, NULL, NULL, "red");
  window = show_in_window (GTK_WIDGET (red));
  while (!gtk_widget_get_mapped (GTK_WIDGET (red)))
    g_main_context_iteration (NULL, TRUE);

  /* Shown: the first rows, not all. */
  n = count_rows (GTK_WIDGET (red));
  g_assert_cmpuint (n, >=, 2);
  g_assert_cmpuint (n, <, 60);
  g_assert_true (lists_piece (GTK_WIDGET (red), "p00"));
  g_assert_false (lists_piece (GTK_WIDGET (red), "p59"));

  /* Then the others, but one removed meanwhile. */
  g_assert_true (muster_layout_remove_piece (layout, "p58"));
  deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (!lists_piece (GTK_WIDGET (red), "p59") && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  g_assert_true (lists_piece (GTK_WIDGET (red), "p59"));
  g_assert_false (lists_piece (GTK_WIDGET (red), "p58"));
  /* (The removal queued a new refresh: the answer is the layout's.) */
  g_assert_cmpstr (muster_roster_panel_get_other_piece (red, 58), ==, "p59");
  g_assert_null (muster_roster_panel_get_other_piece (red, 59));
  g_assert_cmpuint (count_rows (GTK_WIDGET (red)), ==, 59);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* "Also on the Table" is made with the first piece that no roster entry
 * accounts for, not with every player's panel. */
static void
test_roster_panel_other_group_when_needed (void)
{
  g_autoptr(MusterLayout) layout = muster_layout_new ("t9a", "frontline-clash", 72 * 25.4, 48 * 25.4);
  g_autoptr(MusterRoster) roster = muster_roster_new (layout);
  MusterBase base = { MUSTER_BASE_RECT, 20, 20 };
  MusterRosterPanel *red;
  MusterPiece *named;
  GtkWidget *window;

  red = muster_roster_panel_new (roster, NULL, NULL, "red");
  window = show_in_window (GTK_WIDGET (red));
  wait_until_mapped (GTK_WIDGET (red));
  g_assert_null (find_widget_where (GTK_WIDGET (red), is_group, "Also on the Table", FALSE));
  g_assert_null (muster_roster_panel_get_other_piece (red, 0));

  muster_layout_add_piece (layout, muster_piece_new ("p1", MUSTER_PIECE_MODEL, "red", &base, 100, 100));
  g_assert_cmpstr (muster_roster_panel_get_other_piece (red, 0), ==, "p1");
  g_assert_nonnull (find_widget_where (GTK_WIDGET (red), is_group, "Also on the Table", FALSE));

  /* A piece with a name is listed by it, as the table shows it; one
   * without, by its id. */
  named = muster_piece_new ("p2", MUSTER_PIECE_MODEL, "red", &base, 200, 100);
  named->name = g_strdup ("Fusilier Lieutenant");
  muster_layout_add_piece (layout, named);
  g_assert_cmpstr (muster_roster_panel_get_other_piece (red, 1), ==, "p2");
  g_assert_true (lists_piece (GTK_WIDGET (red), "Fusilier Lieutenant"));
  g_assert_false (lists_piece (GTK_WIDGET (red), "p2"));
  g_assert_true (lists_piece (GTK_WIDGET (red), "p1"));

  /* Removed, a listed piece leaves the list; a piece of the other
   * player's changes nothing here. */
  g_assert_true (muster_layout_remove_piece (layout, "p1"));
  muster_layout_add_piece (layout, muster_piece_new ("b1", MUSTER_PIECE_MODEL, "blue", &base, 300, 100));
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
  g_assert_false (lists_piece (GTK_WIDGET (red), "p1"));
  g_assert_false (lists_piece (GTK_WIDGET (red), "b1"));
  g_assert_cmpstr (muster_roster_panel_get_other_piece (red, 0), ==, "p2");
  g_assert_null (muster_roster_panel_get_other_piece (red, 1));

  gtk_window_destroy (GTK_WINDOW (window));
}

static GtkMenuButton *
zone_button (MusterRosterPanel *panel)
{
  GtkWidget *row = find_widget_where (GTK_WIDGET (panel), is_row, "Deployment Zone", FALSE);

  g_assert_nonnull (row);

  return GTK_MENU_BUTTON (find_menu_button (row));
}

/* The player's zone is chosen from a menu, made when it is first opened
 * (not with the first frame); choosing the other player's zone swaps
 * them, in one step to undo. */
static void
test_roster_panel_zone_menu (void)
{
  g_autoptr(GFile) file = g_file_new_for_path (TEST_DATA_DIR "/examples/t9a-frontline-clash-mixed.muster");
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterLayout) layout = muster_layout_new_from_file (file, &error);
  MusterSystem *system = muster_system_registry_lookup (muster_system_registry_get_default (), "t9a");
  g_autoptr(MusterHistory) history = NULL;
  g_autoptr(MusterRoster) roster = NULL;
  g_autoptr(GMenuModel) menu = NULL;
  MusterRosterPanel *red;
  GtkMenuButton *button;
  GtkWidget *window;
  g_autofree char *red_zone = NULL;
  g_autofree char *blue_zone = NULL;

  g_assert_no_error (error);
  roster = muster_roster_new (layout);
  history = muster_history_new (layout);
  red = muster_roster_panel_new (roster, history, system, "red");
  window = show_in_window (GTK_WIDGET (red));
  wait_until_mapped (GTK_WIDGET (red));
  red_zone = g_strdup (muster_layout_lookup_player (layout, "red")->zone);
  blue_zone = g_strdup (muster_layout_lookup_player (layout, "blue")->zone);
  g_assert_nonnull (red_zone);
  g_assert_nonnull (blue_zone);

  button = zone_button (red);
  g_assert_cmpstr (gtk_menu_button_get_label (button), ==, "South");
  g_assert_null (gtk_menu_button_get_popover (button));

  gtk_menu_button_popup (button);
  g_assert_nonnull (gtk_menu_button_get_popover (button));
  menu = g_object_ref (gtk_menu_button_get_menu_model (button));
  /* None, then the deployment type's two zones. */
  g_assert_cmpint (g_menu_model_get_n_items (menu), ==, 3);
  gtk_menu_button_popdown (button);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (red), "player.zone", "s", blue_zone));
  g_assert_cmpstr (muster_layout_lookup_player (layout, "red")->zone, ==, blue_zone);
  g_assert_cmpstr (muster_layout_lookup_player (layout, "blue")->zone, ==, red_zone);
  g_assert_cmpstr (gtk_menu_button_get_label (button), ==, "North");

  g_assert_true (muster_history_undo (history));
  g_assert_cmpstr (muster_layout_lookup_player (layout, "red")->zone, ==, red_zone);
  g_assert_cmpstr (muster_layout_lookup_player (layout, "blue")->zone, ==, blue_zone);
  g_assert_cmpstr (gtk_menu_button_get_label (button), ==, "South");

  /* None. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (red), "player.zone", "s", ""));
  g_assert_null (muster_layout_lookup_player (layout, "red")->zone);
  g_assert_cmpstr (gtk_menu_button_get_label (button), ==, "None");

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/app/roster-panel/rows-when-shown", test_roster_panel_rows_when_shown);
  g_test_add_func ("/app/roster-panel/other-rows-when-idle", test_roster_panel_other_rows_when_idle);
  g_test_add_func ("/app/roster-panel/placed-entry", test_roster_panel_placed_entry);
  g_test_add_func ("/app/roster-panel/focus-new-entry", test_roster_panel_focus_new_entry);
  g_test_add_func ("/app/roster-panel/long-names-break", test_roster_panel_long_names_break);
  g_test_add_func ("/app/roster-panel/zone-menu", test_roster_panel_zone_menu);
  g_test_add_func ("/app/roster-panel/other-group-when-needed", test_roster_panel_other_group_when_needed);

  return g_test_run ();
}
