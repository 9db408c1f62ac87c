/* test-game-popover.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The Game and Table popover as the window makes it: each change it makes
 * to the document is one step, undone as one, and marks the document
 * changed. (The popover alone, over a layout of its own, is tested in
 * test-board-view.c.) */

#include "config.h"

#include <string.h>

#include "gtk-quirks.h"
#include "menu-button-helpers.h"
#include "muster-window.h"
#include "widget-helpers.h"

static void
spin (void)
{
  for (int i = 0; i < 50 && g_main_context_pending (NULL); i++)
    g_main_context_iteration (NULL, FALSE);
}

static MusterWindow *
open_window (void)
{
  MusterWindow *window = muster_window_new (NULL);
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 700);
  gtk_window_present (GTK_WINDOW (window));
  while (!gtk_widget_get_mapped (GTK_WIDGET (window)) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  spin ();

  return window;
}

/* The first spin button: the table's width. */
static gboolean
is_spin_button (GtkWidget  *widget,
                const char *unused)
{
  return GTK_IS_SPIN_BUTTON (widget);
}

/* The window's Game and Table popover, open. */
static GtkWidget *
open_game_popover (MusterWindow *window)
{
  GtkMenuButton *button = find_menu_button (GTK_WIDGET (window), "applications-games-symbolic");

  g_assert_nonnull (button);
  gtk_menu_button_popup (button);
  spin ();
  g_assert_nonnull (gtk_menu_button_get_popover (button));

  return GTK_WIDGET (gtk_menu_button_get_popover (button));
}

static guint
find_string (GListModel *model,
             const char *string)
{
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    if (g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (model), i), string) == 0)
      return i;

  g_assert_not_reached ();
}

/* The zone of the layout's player i. */
static const char *
zone_of (MusterLayout *layout,
         guint         i)
{
  GPtrArray *players = muster_layout_get_players (layout);

  g_assert_cmpuint (i, <, players->len);

  return ((MusterPlayer *) g_ptr_array_index (players, i))->zone;
}

/* A new deployment type puts the players on its zones, as one step.
 * The window used to give the popover a new editor from the layout's
 * "changed", freeing the editor in the middle of the change: the players
 * kept zones the new type has not, which no reader would open again, and
 * nothing was marked or undoable. */
static void
test_deployment_type (void)
{
  MusterWindow *window = open_window ();
  MusterLayout *layout = muster_document_get_layout (muster_window_get_document (window));
  MusterHistory *history = muster_document_get_history (muster_window_get_document (window));
  GtkWidget *popover = open_game_popover (window);
  GtkWidget *row = find_widget_where (popover, is_row, "Deployment Type", FALSE);
  const char *zones[] = { "north-east", "south-west", NULL };
  g_autofree char *zone0 = g_strdup (zone_of (layout, 0));
  g_autofree char *zone1 = g_strdup (zone_of (layout, 1));

  g_assert_nonnull (row);
  g_assert_nonnull (zone0);
  g_assert_nonnull (zone1);
  g_assert_cmpstr (muster_layout_get_deployment_id (layout), ==, "frontline-clash");
  g_assert_false (muster_window_get_modified (window));

  adw_combo_row_set_selected (ADW_COMBO_ROW (row),
                              find_string (adw_combo_row_get_model (ADW_COMBO_ROW (row)), "Refused Flank"));
  spin ();

  g_assert_cmpstr (muster_layout_get_deployment_id (layout), ==, "refused-flank");
  g_assert_true (g_strv_contains (zones, zone_of (layout, 0)));
  g_assert_true (g_strv_contains (zones, zone_of (layout, 1)));
  g_assert_cmpstr (zone_of (layout, 0), !=, zone_of (layout, 1));
  g_assert_true (muster_window_get_modified (window));
  g_assert_cmpstr (muster_history_get_undo_label (history), ==, "Change Deployment Type");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  spin ();
  g_assert_cmpstr (muster_layout_get_deployment_id (layout), ==, "frontline-clash");
  g_assert_cmpstr (zone_of (layout, 0), ==, zone0);
  g_assert_cmpstr (zone_of (layout, 1), ==, zone1);
  g_assert_false (muster_window_get_modified (window));

  gtk_popover_popdown (GTK_POPOVER (popover));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A width typed in is one step, and the document is marked changed, so
 * that closing the window asks before losing it. */
static void
test_table_size (void)
{
  MusterWindow *window = open_window ();
  MusterLayout *layout = muster_document_get_layout (muster_window_get_document (window));
  MusterHistory *history = muster_document_get_history (muster_window_get_document (window));
  GtkWidget *popover = open_game_popover (window);
  GtkWidget *width = find_widget_where (popover, is_spin_button, NULL, FALSE);

  g_assert_nonnull (width);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (width), 60);
  spin ();

  g_assert_cmpfloat_with_epsilon (muster_layout_get_width (layout), 60 * 25.4, 1e-9);
  g_assert_true (muster_window_get_modified (window));
  g_assert_cmpstr (muster_history_get_undo_label (history), ==, "Change Table Size");

  /* And again, with the popover's second editor: still one step each. */
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (width), 66);
  spin ();
  g_assert_cmpfloat_with_epsilon (muster_layout_get_width (layout), 66 * 25.4, 1e-9);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_cmpfloat_with_epsilon (muster_layout_get_width (layout), 60 * 25.4, 1e-9);

  gtk_popover_popdown (GTK_POPOVER (popover));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  gtk_quirks_init ();
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/app/game-popover/deployment-type", test_deployment_type);
  g_test_add_func ("/app/game-popover/table-size", test_table_size);

  return g_test_run ();
}
