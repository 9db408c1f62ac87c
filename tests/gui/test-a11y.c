/* test-a11y.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

/* The window as a player who uses a screen reader or only the keyboard
 * meets it: every button that shows only an icon has a name to be read
 * out and a tooltip to be seen, every field a name, in every page of the
 * sidebar and every phase of a game; the keyboard can leave the table;
 * and the shortcuts window lists only keys that do something. */

#include "app-session-helpers.h"
#include "board-view-helpers.h"
#include "game-panel-helpers.h"
#include "gtk-quirks.h"
#include "muster-net-dialog.h"
#include "muster-preferences-window.h"
#include "muster-roster-panel.h"

/* Walking the widgets */

/* Whether the widget is inside one of a type that libadwaita keeps to
 * itself (no macro names it), when this libadwaita has it. */
static gboolean
inside_type_named (GtkWidget  *widget,
                   const char *name)
{
  GType type = g_type_from_name (name);

  return type != 0 && gtk_widget_get_ancestor (widget, type) != NULL;
}

/* A part of a widget that GTK or libadwaita builds and names itself:
 * the menu button, not the toggle inside it, is the player's button.
 * libadwaita 1.2 gives some buttons of its own only a tooltip: the
 * preferences window's search button, in its header bar, an entry row's
 * Apply button and a password row's Show Text; today's has a back button
 * in every header bar, named "Back", its tooltip set only when there is
 * a page to go back to, and a dialog's close button and its preferences
 * dialog's search button are named the same way. Not Muster's to name. */
static gboolean
is_inner_part (GtkWidget *widget)
{
  GtkWidget *parent = gtk_widget_get_parent (widget);

  return parent != NULL &&
         (GTK_IS_MENU_BUTTON (parent) || ADW_IS_SPLIT_BUTTON (parent) || GTK_IS_SPIN_BUTTON (parent) ||
          GTK_IS_ENTRY (parent) || GTK_IS_DROP_DOWN (parent) ||
          gtk_widget_get_ancestor (widget, GTK_TYPE_WINDOW_CONTROLS) != NULL ||
          ((ADW_IS_PREFERENCES_WINDOW (gtk_widget_get_root (widget)) ||
            inside_type_named (widget, "AdwPreferencesDialog")) &&
           gtk_widget_get_ancestor (widget, ADW_TYPE_HEADER_BAR) != NULL) ||
          gtk_widget_get_ancestor (widget, ADW_TYPE_PASSWORD_ENTRY_ROW) != NULL ||
          inside_type_named (widget, "AdwBackButton") || inside_type_named (widget, "AdwSheetControls") ||
          (GTK_IS_BUTTON (widget) &&
           g_strcmp0 (gtk_button_get_icon_name (GTK_BUTTON (widget)), "adw-entry-apply-symbolic") == 0));
}

static gboolean
is_icon_only (GtkWidget *widget)
{
  if (GTK_IS_MENU_BUTTON (widget))
    return gtk_menu_button_get_icon_name (GTK_MENU_BUTTON (widget)) != NULL &&
           gtk_menu_button_get_label (GTK_MENU_BUTTON (widget)) == NULL;
  if (ADW_IS_SPLIT_BUTTON (widget))
    return adw_split_button_get_icon_name (ADW_SPLIT_BUTTON (widget)) != NULL &&
           adw_split_button_get_label (ADW_SPLIT_BUTTON (widget)) == NULL;
  if (GTK_IS_BUTTON (widget))
    return gtk_button_get_icon_name (GTK_BUTTON (widget)) != NULL ||
           GTK_IS_IMAGE (gtk_button_get_child (GTK_BUTTON (widget)));

  return FALSE;
}

/* An accessible label that says something. */
static gboolean
has_label (GtkWidget *widget)
{
  g_autofree char *differs = NULL;

  if (!gtk_test_accessible_has_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL))
    return FALSE;
  /* (The check gives the value when it differs from the one asked.) */
  differs = gtk_test_accessible_check_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, "");

  return differs != NULL;
}

/* A field is named by its own label, by a label pointing at it (a
 * mnemonic widget), or by the row it is part of. */
static gboolean
is_named_field (GtkWidget *widget)
{
  return has_label (widget) ||
         gtk_test_accessible_has_relation (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY) ||
         gtk_widget_get_ancestor (widget, ADW_TYPE_ENTRY_ROW) != NULL ||
         gtk_widget_get_ancestor (widget, ADW_TYPE_COMBO_ROW) != NULL;
}

static gboolean
is_field (GtkWidget *widget)
{
  return GTK_IS_SPIN_BUTTON (widget) || GTK_IS_ENTRY (widget) || GTK_IS_DROP_DOWN (widget) ||
         GTK_IS_SWITCH (widget) || GTK_IS_SCALE (widget) || GTK_IS_TEXT_VIEW (widget) ||
         (GTK_IS_CHECK_BUTTON (widget) && gtk_check_button_get_label (GTK_CHECK_BUTTON (widget)) == NULL);
}

static void
describe (GString    *problems,
          GtkWidget  *widget,
          const char *what)
{
  const char *tooltip = gtk_widget_get_tooltip_text (widget);

  g_string_append_printf (problems, "\n  %s %s (tooltip '%s') in", G_OBJECT_TYPE_NAME (widget), what,
                          tooltip != NULL ? tooltip : "");
  for (GtkWidget *up = gtk_widget_get_parent (widget); up != NULL; up = gtk_widget_get_parent (up))
    if (ADW_IS_PREFERENCES_ROW (up) || ADW_IS_PREFERENCES_GROUP (up) || GTK_IS_ROOT (up) ||
        g_str_has_prefix (G_OBJECT_TYPE_NAME (up), "Muster"))
      g_string_append_printf (problems, " %s'%s'", G_OBJECT_TYPE_NAME (up),
                              ADW_IS_PREFERENCES_ROW (up) ? adw_preferences_row_get_title (ADW_PREFERENCES_ROW (up))
                              : ADW_IS_PREFERENCES_GROUP (up)
                                ? adw_preferences_group_get_title (ADW_PREFERENCES_GROUP (up))
                                : "");
}

/* Every widget under root, shown or not (a page not shown is still
 * there to be reached), and the popovers of its menu buttons. */
static void
check_tree (GtkWidget *root,
            GString   *problems,
            guint     *n_checked)
{
  if (!is_inner_part (root))
    {
      if ((GTK_IS_BUTTON (root) || GTK_IS_MENU_BUTTON (root) || ADW_IS_SPLIT_BUTTON (root)) && is_icon_only (root))
        {
          const char *tooltip = gtk_widget_get_tooltip_text (root);

          (*n_checked)++;
          if (tooltip == NULL || *tooltip == '\0')
            describe (problems, root, "with no tooltip");
          if (!has_label (root))
            describe (problems, root, "with no accessible label");
        }
      else if (is_field (root))
        {
          (*n_checked)++;
          if (!is_named_field (root))
            describe (problems, root, "with no name");
        }
    }

  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    check_tree (child, problems, n_checked);
}

/* Every window open: the main window, and any dialog over it. */
static guint
check_windows (void)
{
  g_autoptr(GString) problems = g_string_new (NULL);
  GListModel *toplevels = gtk_window_get_toplevels ();
  guint n_checked = 0;

  flush ();
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWidget) window = g_list_model_get_item (toplevels, i);

      check_tree (window, problems, &n_checked);
    }
  if (problems->len > 0)
    g_error ("Not named for a screen reader:%s", problems->str);

  return n_checked;
}

/* check_windows () once it finds more than before, or after five
 * seconds: a dialog may take more than one turn of the main loop to be
 * shown, and one flush was not always enough on GTK 4.24 (CI69's sid
 * build, a busy machine). */
static guint
check_windows_after (guint before)
{
  gint64 deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  guint n;

  while ((n = check_windows ()) <= before && g_get_monotonic_time () < deadline)
    g_usleep (20 * 1000);

  return n;
}

static gboolean
is_icon_named (GtkWidget  *widget,
               const char *icon_name)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_icon_name (GTK_BUTTON (widget)), icon_name) == 0;
}

static void
popdown_all (GtkWidget *root)
{
  if (GTK_IS_POPOVER (root))
    gtk_popover_popdown (GTK_POPOVER (root));
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    popdown_all (child);
}

/* The windows over table's closed, the alert in it (libadwaita 1.5)
 * too, and its popovers down. */
static void
close_dialogs (Table *table)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  GtkWidget *alert;

  for (guint i = g_list_model_get_n_items (toplevels); i > 0; i--)
    {
      g_autoptr(GtkWidget) window = g_list_model_get_item (toplevels, i - 1);

      if (window != GTK_WIDGET (table->window))
        gtk_window_destroy (GTK_WINDOW (window));
    }
  while ((alert = muster_alert_find (GTK_WIDGET (table->window))) != NULL)
    muster_alert_close (alert);
  popdown_all (GTK_WIDGET (table->window));
  flush ();
}

/* The Players page: the roster and its rows, the tool bar, the header
 * bar, the Problems list with a problem in it. */
static void
test_players_page (void)
{
  g_autoptr(MusterLayout) layout = new_layout ("t9a", "frontline-clash", 72, 48);
  MusterRosterEntry *entry = muster_roster_entry_new ();
  Table table = { 0 };

  /* Alice's unit, in no man's land. */
  add_unit (layout, "u1", "red", 36 * IN, 24 * IN);
  open_table (&table, layout);
  muster_window_show_sidebar_page (table.window, "players");
  entry->name = g_strdup ("Knights");
  entry->base = (MusterBase) { MUSTER_BASE_RECT, 100, 80 };
  entry->count = 1;
  muster_roster_add_entry (muster_window_get_roster (table.window), "red", entry);
  flush ();

  /* The header bar's, the tool bar's, the roster's and its row's. */
  g_assert_cmpuint (check_windows (), >=, 15);
  close_table (&table);
}

/* Each window of a dialog over table's window, as the window's actions
 * open them, and the status of a game across the network, with what
 * the player types into named. */
static void
test_dialogs (void)
{
  g_autoptr(MusterLayout) layout = infinity_layout ();
  g_autoptr(GError) error = NULL;
  Table table = { 0 };
  const char *actions[] = { "roster.add-entry", "win.export", "win.print", "net.host", "net.join", "win.game" };

  open_table (&table, layout);
  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    {
      /* Each has fields or buttons of its own to check. */
      guint before = check_windows ();

      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (table.window), actions[i], NULL));
      g_assert_cmpuint (check_windows_after (before), >, before);
      close_dialogs (&table);
    }
  muster_preferences_window_present (GTK_WIDGET (table.window));
  g_assert_cmpuint (check_windows (), >, 0);
  close_dialogs (&table);

  /* A game hosted (on this computer's network only): its status, with
   * the invitation to copy. */
  g_assert_nonnull (muster_net_dialog_host (table.window, 0, MUSTER_NET_HOST_NONE, &error));
  g_assert_no_error (error);
  g_assert_nonnull (muster_net_dialog_get_status_window (table.window));
  g_assert_cmpuint (check_windows (), >, 0);
  close_dialogs (&table);
  close_table (&table);
}

/* Infinity: the Initiative Roll, the Deployment with a trooper just
 * placed (that can be taken back) and the Line of Fire of each. */
static void
test_infinity_pages (void)
{
  g_autoptr(MusterLayout) layout = infinity_layout ();
  Table table = { 0 };

  open_table (&table, layout);
  OK (muster_game_set_typed_dice (game_of (&table), TRUE, &ok_error));
  OK (muster_game_set_wip (game_of (&table), 0, 13, FALSE, &ok_error));
  OK (muster_game_set_wip (game_of (&table), 1, 11, FALSE, &ok_error));
  show_page (&table, "initiative");
  /* The dice typed in as thrown: a spin button each. */
  g_assert_nonnull (find (page_of (&table, "initiative"), is_spin, NULL));
  check_windows ();

  OK (muster_game_roll_initiative (game_of (&table), 0, 12, &ok_error));
  OK (muster_game_roll_initiative (game_of (&table), 1, 7, &ok_error));
  OK (muster_game_keep (game_of (&table), MUSTER_INFINITY_KEEP_DEPLOYMENT, &ok_error));
  check_windows ();
  OK (muster_game_choose_deployment (game_of (&table), 1, "south", &ok_error));
  OK (muster_game_choose_first_turn (game_of (&table), 0, &ok_error));
  OK (muster_game_start_deployment (game_of (&table), &ok_error));
  OK (muster_game_deploy (game_of (&table), "b1", &ok_error));
  show_page (&table, "deployment");
  g_assert_nonnull (find (page_of (&table, "deployment"), is_icon_named, "edit-undo-symbolic"));
  check_windows ();
  close_table (&table);
}

/* Infinity: the Orders, at the ARO Check (which can be checked again
 * from the board) with the active trooper's Line of Fire. */
static void
test_orders_page (void)
{
  g_autoptr(MusterLayout) layout = orders_layout ();
  GtkWidget *page;
  Table table = { 0 };

  open_table (&table, layout);
  page = show_page (&table, "orders");
  check_windows ();
  click (page, "Start Player _Turn");
  click (page, "Activate");
  click (page, "_Next Step");
  click (page, "_Next Step");
  g_assert_true (gtk_widget_activate_action (page, "orders.declare-skill", "s", "bs-attack"));
  flush ();
  click (page, "_Next Step");
  assert_accepted (&table);
  g_assert_nonnull (find (page, is_icon_named, "view-refresh-symbolic"));
  check_windows ();
  close_table (&table);
}

/* The 9th Age's pre-game, and Twilight Imperium's round. */
static void
test_t9a_ti4_pages (void)
{
  g_autoptr(MusterLayout) t9a = new_layout ("t9a", "frontline-clash", 72, 48);
  g_autoptr(MusterLayout) ti4 = muster_layout_new ("ti4", "none", 60 * IN, 60 * IN);
  Table table = { 0 };

  muster_layout_update_player (ti4, "red", NULL, NULL, NULL);
  muster_layout_update_player (ti4, "blue", NULL, NULL, NULL);
  add_unit (t9a, "u1", "red", 200, 1100);
  add_unit (t9a, "u2", "blue", 200, 100);
  open_table (&table, t9a);
  g_assert_cmpstr (muster_game_panel_get_page (table.panel), ==, "pregame");
  check_windows ();
  click (page_of (&table, "pregame"), "Use");
  check_windows ();
  close_table (&table);

  open_table (&table, ti4);
  g_assert_cmpstr (muster_game_panel_get_page (table.panel), ==, "round");
  click (page_of (&table, "round"), "Start _Round");
  check_windows ();
  close_table (&table);
}

/* The keyboard */

static gboolean
trigger_matches (GtkShortcutTrigger *trigger,
                 guint               keyval,
                 GdkModifierType     modifiers)
{
  if (GTK_IS_ALTERNATIVE_TRIGGER (trigger))
    return trigger_matches (gtk_alternative_trigger_get_first (GTK_ALTERNATIVE_TRIGGER (trigger)), keyval, modifiers) ||
           trigger_matches (gtk_alternative_trigger_get_second (GTK_ALTERNATIVE_TRIGGER (trigger)), keyval, modifiers);

  return GTK_IS_KEYVAL_TRIGGER (trigger) &&
         gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)) == gdk_keyval_to_lower (keyval) &&
         gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger)) == modifiers;
}

/* The key binding of widget (not of those it is in) that takes the key. */
static GtkShortcut *
find_binding (GtkWidget       *widget,
              guint            keyval,
              GdkModifierType  modifiers)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);

          if (trigger_matches (gtk_shortcut_get_trigger (shortcut), keyval, modifiers))
            return g_steal_pointer (&shortcut);
        }
    }

  return NULL;
}

/* A key pressed in window, as GTK passes it on: the bindings of the
 * widget with the focus, then of each widget it is in, up to the
 * window's own (Tab, Ctrl+Tab). A binding whose action is disabled, or
 * whose callback declines, lets the key go on. */
static gboolean
press (GtkWidget       *window,
       guint            keyval,
       GdkModifierType  modifiers)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));

  for (GtkWidget *widget = focus != NULL ? focus : window; widget != NULL; widget = gtk_widget_get_parent (widget))
    {
      g_autoptr(GtkShortcut) shortcut = find_binding (widget, keyval, modifiers);

      if (shortcut != NULL &&
          gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0, widget,
                                        gtk_shortcut_get_arguments (shortcut)))
        return TRUE;
    }

  return FALSE;
}

static gboolean
focus_is (GtkWidget *window,
          GtkWidget *widget)
{
  return gtk_root_get_focus (GTK_ROOT (window)) == widget;
}

/* Tab from the top of the window comes to the table, and the keyboard
 * leaves it again: on an empty table Tab and Shift+Tab go on, as from
 * any other widget; with pieces Tab goes round them, and Ctrl+Tab and
 * Ctrl+Shift+Tab leave, as GNOME leaves a widget that takes Tab. */
static void
test_table_keyboard (Fixture       *fixture,
                     gconstpointer  data)
{
  GtkWidget *window = GTK_WIDGET (fixture->window);
  GtkWidget *view = GTK_WIDGET (fixture->view);
  MusterPiece *piece;
  guint n = 0;

  g_assert_cmpuint (muster_layout_get_pieces (fixture->layout)->len, ==, 0);
  g_assert_cmpuint (muster_layout_get_terrain (fixture->layout)->len, ==, 0);
  gtk_window_set_focus (GTK_WINDOW (window), NULL);
  while (!focus_is (window, view) && n++ < 100)
    g_assert_true (press (window, GDK_KEY_Tab, 0));
  g_assert_true (focus_is (window, view));

  g_assert_false (send_key (view, GDK_KEY_Tab, 0));
  g_assert_true (press (window, GDK_KEY_Tab, 0));
  g_assert_false (focus_is (window, view));
  gtk_widget_grab_focus (view);
  g_assert_false (send_key (view, GDK_KEY_Tab, GDK_SHIFT_MASK));
  g_assert_true (press (window, GDK_KEY_Tab, GDK_SHIFT_MASK));
  g_assert_false (focus_is (window, view));

  piece = place_unit (fixture, 20, 42);
  muster_board_view_unselect_all (fixture->view);
  gtk_widget_grab_focus (view);
  g_assert_true (press (window, GDK_KEY_Tab, 0));
  g_assert_true (focus_is (window, view));
  g_assert_true (muster_board_view_is_selected (fixture->view, piece->serial));
  g_assert_true (press (window, GDK_KEY_Tab, GDK_CONTROL_MASK));
  g_assert_false (focus_is (window, view));
  gtk_widget_grab_focus (view);
  g_assert_true (press (window, GDK_KEY_Tab, GDK_CONTROL_MASK | GDK_SHIFT_MASK));
  g_assert_false (focus_is (window, view));
}

/* The shortcuts window */

/* Whether a key binding of widget, or of a widget it is in, takes the
 * key. */
static gboolean
is_bound_in (GtkWidget       *widget,
             guint            keyval,
             GdkModifierType  modifiers)
{
  for (; widget != NULL; widget = gtk_widget_get_parent (widget))
    {
      g_autoptr(GtkShortcut) shortcut = find_binding (widget, keyval, modifiers);

      if (shortcut != NULL)
        return TRUE;
    }

  return FALSE;
}

/* The space bar is the table's key controller's (held down, it looks
 * around), not a binding: pressed and let go. */
static gboolean
is_held_on (GtkWidget *view,
            guint      keyval)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (view);
  gboolean handled = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers) && !handled; i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_KEY (controller))
        {
          g_signal_emit_by_name (controller, "key-pressed", keyval, 0, 0, &handled);
          if (handled)
            g_signal_emit_by_name (controller, "key-released", keyval, 0, 0);
        }
    }

  return handled;
}

typedef struct
{
  GtkApplication *app;
  GtkWidget      *view;      /* the table */
  GtkWidget      *row;       /* a row of the roster */
  GPtrArray      *listed;    /* the accelerators listed, as GTK names them */
  GString        *problems;
} Listing;

static gboolean
is_bound (Listing         *listing,
          guint            keyval,
          GdkModifierType  modifiers)
{
  g_autofree char *accel = gtk_accelerator_name (keyval, modifiers);
  g_auto(GStrv) actions = gtk_application_get_actions_for_accel (listing->app, accel);

  return (actions != NULL && actions[0] != NULL) ||
         is_bound_in (listing->view, keyval, modifiers) ||
         is_bound_in (listing->row, keyval, modifiers) ||
         (modifiers == 0 && is_held_on (listing->view, keyval));
}

/* One shortcut of the window: its accelerators ("a <Shift>a", "Left",
 * "Left...Down" for a range) each bound, or its action's given. */
static void
check_listed (Listing              *listing,
              GtkShortcutsShortcut *shortcut)
{
  g_autofree char *title = NULL;
  g_autofree char *accelerator = NULL;
  g_autofree char *action = NULL;
  g_auto(GStrv) keys = NULL;

  g_object_get (shortcut, "title", &title, "accelerator", &accelerator, "action-name", &action, NULL);
  if (action != NULL)
    {
      g_auto(GStrv) accels = gtk_application_get_accels_for_action (listing->app, action);

      if (accels == NULL || accels[0] == NULL)
        g_string_append_printf (listing->problems, "\n  '%s' (%s) has no key", title, action);
      for (guint i = 0; accels != NULL && accels[i] != NULL; i++)
        g_ptr_array_add (listing->listed, g_strdup (accels[i]));
      return;
    }

  keys = g_strsplit_set (accelerator != NULL ? accelerator : "", " .", -1);
  for (guint i = 0; keys[i] != NULL; i++)
    {
      guint keyval = 0;
      GdkModifierType modifiers = 0;

      if (*keys[i] == '\0')
        continue;
      if (!gtk_accelerator_parse (keys[i], &keyval, &modifiers))
        g_string_append_printf (listing->problems, "\n  '%s' lists '%s', which is no key", title, keys[i]);
      /* A modifier alone (Shift, with a click) is the pointer's. */
      else if (keyval != 0 && !is_bound (listing, keyval, modifiers))
        g_string_append_printf (listing->problems, "\n  '%s' lists '%s', which does nothing", title, keys[i]);
      else if (keyval != 0)
        g_ptr_array_add (listing->listed, gtk_accelerator_name (keyval, modifiers));
    }
}

static void
check_shortcuts (Listing   *listing,
                 GtkWidget *root)
{
  if (GTK_IS_SHORTCUTS_SHORTCUT (root))
    check_listed (listing, GTK_SHORTCUTS_SHORTCUT (root));

  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    check_shortcuts (listing, child);
}

static gboolean
is_roster_row (GtkWidget  *widget,
               const char *unused)
{
  return ADW_IS_ACTION_ROW (widget) && g_object_get_data (G_OBJECT (widget), "entry-id") != NULL;
}

/* Every key the shortcuts window lists does what it says it does
 * somewhere (an application's accelerator, a binding of the table, of
 * a roster row or of the window), and every accelerator of the
 * application is listed. */
static gboolean
shortcuts_listed_cb (gpointer data)
{
  GtkApplication *app = data;
  MusterWindow *window = MUSTER_WINDOW (gtk_application_get_active_window (app));
  MusterRosterEntry *entry = muster_roster_entry_new ();
  g_autoptr(GPtrArray) listed = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) problems = g_string_new (NULL);
  g_auto(GStrv) actions = gtk_application_list_action_descriptions (app);
  const char *ways_out[] = { "<Control>Tab", "<Shift><Control>Tab", "F6" };
  GtkShortcutsWindow *overlay;
  Listing listing = { app, GTK_WIDGET (muster_window_get_board_view (window)), NULL, listed, problems };

  entry->name = g_strdup ("Knights");
  entry->count = 1;
  muster_roster_add_entry (muster_window_get_roster (window), "red", entry);
  muster_window_show_sidebar_page (window, "players");
  g_object_set (window, "sidebar-visible", TRUE, NULL);
  flush ();
  listing.row = find_widget_where (GTK_WIDGET (window), is_roster_row, NULL, FALSE);
  g_assert_nonnull (listing.row);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL));
  overlay = gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window));
  g_assert_nonnull (overlay);
  check_shortcuts (&listing, GTK_WIDGET (overlay));
  g_assert_cmpuint (listed->len, >, 40);

  /* The ways off the table, where Tab goes round the pieces. */
  for (guint i = 0; i < G_N_ELEMENTS (ways_out); i++)
    if (!g_ptr_array_find_with_equal_func (listed, ways_out[i], g_str_equal, NULL))
      g_string_append_printf (problems, "\n  %s is not listed", ways_out[i]);
  for (guint i = 0; actions[i] != NULL; i++)
    {
      g_auto(GStrv) accels = gtk_application_get_accels_for_action (app, actions[i]);

      if (accels[0] != NULL && !g_ptr_array_find_with_equal_func (listed, accels[0], g_str_equal, NULL))
        g_string_append_printf (problems, "\n  %s (%s) is not listed", actions[i], accels[0]);
    }

  if (problems->len > 0)
    g_error ("The shortcuts window is wrong:%s", problems->str);
  g_application_quit (G_APPLICATION (app));

  return G_SOURCE_REMOVE;
}

static void
shortcuts_activate_cb (GApplication *app)
{
  call_after_first_frame (app, shortcuts_listed_cb);
}

static void
test_shortcuts_listed_session (void)
{
  run_app_session (G_CALLBACK (shortcuts_activate_cb));
}

static void
test_shortcuts_listed (void)
{
  g_test_trap_subprocess ("/app/a11y/shortcuts-listed/subprocess", 60 * G_USEC_PER_SEC,
                          G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

int
main (int   argc,
      char *argv[])
{
  gtk_quirks_init ();
  /* The accessible properties are kept only with a backend to keep
   * them for: "none" drops them. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/app/a11y/players-page", test_players_page);
  g_test_add_func ("/app/a11y/dialogs", test_dialogs);
  g_test_add_func ("/app/a11y/infinity-pages", test_infinity_pages);
  g_test_add_func ("/app/a11y/orders-page", test_orders_page);
  g_test_add_func ("/app/a11y/t9a-ti4-pages", test_t9a_ti4_pages);
  g_test_add ("/app/a11y/table-keyboard", Fixture, NULL, set_up, test_table_keyboard, tear_down);
  g_test_add_func ("/app/a11y/shortcuts-listed", test_shortcuts_listed);
  g_test_add_func ("/app/a11y/shortcuts-listed/subprocess", test_shortcuts_listed_session);

  return g_test_run ();
}
