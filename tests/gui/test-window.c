/* test-window.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "alert-helpers.h"
#include "gtk-quirks.h"
#include "menu-button-helpers.h"
#include "muster-roster-panel.h"
#include "muster-draft.h"
#include "muster-sidebar-frame.h"
#include "muster-window.h"
#include "muster-test-tmp.h"

static void
wait_for_size (GtkWidget *widget)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while ((gtk_widget_get_width (widget) <= 0 || !gtk_widget_get_mapped (widget)) &&
         g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);

  /* Let the first frame through. */
  for (int i = 0; i < 20 && g_main_context_pending (NULL); i++)
    g_main_context_iteration (NULL, FALSE);
}

static MusterWindow *
open_window (void)
{
  MusterWindow *window = muster_window_new (NULL);

  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 700);
  gtk_window_present (GTK_WINDOW (window));
  wait_for_size (GTK_WIDGET (muster_window_get_board_view (window)));

  return window;
}

static void
test_window_default_table (void)
{
  MusterWindow *window = open_window ();
  MusterBoardView *view = muster_window_get_board_view (window);
  MusterLayout *layout = muster_window_get_layout (window);
  int w = gtk_widget_get_width (GTK_WIDGET (view));
  int h = gtk_widget_get_height (GTK_WIDGET (view));
  MusterPoint nw, se;
  double x0, y0, x1, y1;

  g_assert_nonnull (layout);
  g_assert_cmpstr (muster_layout_get_system_id (layout), ==, "t9a");
  g_assert_cmpstr (muster_layout_get_deployment_id (layout), ==, "frontline-clash");
  g_assert_cmpfloat_with_epsilon (muster_layout_get_width (layout), 72 * 25.4, 1e-9);
  g_assert_cmpfloat_with_epsilon (muster_layout_get_height (layout), 48 * 25.4, 1e-9);

  g_assert_cmpint (w, >, 100);
  g_assert_cmpint (h, >, 100);
  g_assert_cmpfloat (muster_board_view_get_scale (view), >, 0);

  /* Fitted and centred: the whole table is visible, with equal margins. */
  nw = (MusterPoint) { 0, 0 };
  se = (MusterPoint) { muster_layout_get_width (layout), muster_layout_get_height (layout) };
  muster_board_view_board_to_widget (view, nw, &x0, &y0);
  muster_board_view_board_to_widget (view, se, &x1, &y1);
  g_assert_cmpfloat (x0, >=, 0);
  g_assert_cmpfloat (y0, >=, 0);
  g_assert_cmpfloat (x1, <=, w);
  g_assert_cmpfloat (y1, <=, h);
  g_assert_cmpfloat_with_epsilon (x0, w - x1, 1.0);
  g_assert_cmpfloat_with_epsilon (y0, h - y1, 1.0);

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_window_zoom_keeps_pointer (void)
{
  MusterWindow *window = open_window ();
  MusterBoardView *view = muster_window_get_board_view (window);
  double scale = muster_board_view_get_scale (view);
  MusterPoint before, after;
  double x = 200, y = 150;

  muster_board_view_widget_to_board (view, x, y, &before);
  muster_board_view_zoom_at (view, 2.0, x, y);
  g_assert_cmpfloat_with_epsilon (muster_board_view_get_scale (view), 2 * scale, 1e-9);
  muster_board_view_widget_to_board (view, x, y, &after);
  g_assert_cmpfloat_with_epsilon (before.x, after.x, 1e-6);
  g_assert_cmpfloat_with_epsilon (before.y, after.y, 1e-6);

  muster_board_view_zoom_at (view, 0.8, 600, 400);
  g_assert_cmpfloat_with_epsilon (muster_board_view_get_scale (view), 1.6 * scale, 1e-9);

  /* The keyboard actions, through the window. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "board.zoom-reset", NULL));
  g_assert_cmpfloat_with_epsilon (muster_board_view_get_scale (view), scale, 1e-9);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "board.zoom-in", NULL));
  g_assert_cmpfloat (muster_board_view_get_scale (view), >, scale);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "board.zoom-out", NULL));
  g_assert_cmpfloat_with_epsilon (muster_board_view_get_scale (view), scale, 1e-9);

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_window_resize_refits (void)
{
  MusterWindow *window = open_window ();
  MusterBoardView *view = muster_window_get_board_view (window);
  double scale = muster_board_view_get_scale (view);
  gboolean sidebar = TRUE;
  gint64 deadline;
  double x, y;

  gtk_window_set_default_size (GTK_WINDOW (window), 600, 450);
  deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  while (muster_board_view_get_scale (view) >= scale && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);

  g_assert_cmpfloat (muster_board_view_get_scale (view), <, scale);
  for (int i = 0; i < 50 && g_main_context_pending (NULL); i++)
    g_main_context_iteration (NULL, FALSE);

  /* The board is no narrower than its tool bar: the sidebar folded away. */
  g_object_get (window, "sidebar-visible", &sidebar, NULL);
  g_assert_false (sidebar);

  /* The ruler's labels, 16 px or so, have room beside the table, here
   * where the width sets the scale. */
  scale = muster_board_view_get_scale (view);
  gtk_window_set_default_size (GTK_WINDOW (window), 600, 900);
  deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  while (muster_board_view_get_scale (view) == scale && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  scale = muster_board_view_get_scale (view);
  muster_board_view_board_to_widget (view, (MusterPoint) { 0, 0 }, &x, &y);
  g_assert_cmpfloat (x, >=, 16 + 12.7 * scale - 0.5);
  g_assert_cmpfloat (y, >=, 16 + 12.7 * scale - 0.5);

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_window_pan (void)
{
  MusterWindow *window = open_window ();
  MusterBoardView *view = muster_window_get_board_view (window);
  MusterPoint before, after;

  muster_board_view_zoom_at (view, 4.0, 300, 300);
  muster_board_view_widget_to_board (view, 300, 300, &before);
  muster_board_view_pan (view, 50, 20);
  muster_board_view_widget_to_board (view, 350, 320, &after);
  g_assert_cmpfloat_with_epsilon (before.x, after.x, 1e-6);
  g_assert_cmpfloat_with_epsilon (before.y, after.y, 1e-6);

  gtk_window_destroy (GTK_WINDOW (window));
}

static MusterPiece *
add_model (MusterWindow *window,
           double        x,
           double        y)
{
  MusterBase base = { MUSTER_BASE_ROUND, 25, 25 };
  MusterPiece *piece = muster_piece_new ("m", MUSTER_PIECE_MODEL, "red", &base, x, y);

  g_clear_pointer (&piece->id, g_free);

  return muster_board_view_place_piece (muster_window_get_board_view (window), piece);
}

/* Eight players (Twilight Imperium) share the sidebar's width: their
 * switcher scrolls rather than widening the sidebar over the table. */
static void
test_window_many_players (void)
{
  static const char xml[] =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<muster-layout version=\"1\" units=\"in\">\n"
    "  <game system=\"ti4\" deployment=\"none\"/>\n"
    "  <board width=\"48\" height=\"48\"/>\n"
    "  <player id=\"p1\" name=\"Alice\"/><player id=\"p2\" name=\"Bob\"/>\n"
    "  <player id=\"p3\" name=\"Carol\"/><player id=\"p4\" name=\"Dave\"/>\n"
    "  <player id=\"p5\" name=\"Erin\"/><player id=\"p6\" name=\"Frank\"/>\n"
    "  <player id=\"p7\" name=\"Grace\"/><player id=\"p8\" name=\"Heidi\"/>\n"
    "</muster-layout>\n";
  g_auto(MusterTestDir) dir = muster_test_dir_new ("muster-window-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "eight.muster", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  MusterWindow *window = open_window ();
  GtkWidget *board = GTK_WIDGET (muster_window_get_board_view (window));

  g_assert_true (g_file_set_contents (path, xml, -1, NULL));
  g_assert_true (muster_window_open (window, file));
  for (int i = 0; i < 50; i++)
    g_main_context_iteration (NULL, FALSE);
  wait_for_size (board);
  g_assert_cmpuint (muster_layout_get_players (muster_window_get_layout (window))->len, ==, 8);
  /* The sidebar is as wide as with two players, and the table has the
   * rest of the window. */
  g_assert_cmpint (gtk_widget_get_width (muster_window_get_roster_panel (window, "p1")), <, 450);
  g_assert_cmpint (gtk_widget_get_width (board), >, 500);

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_window_title_marks_changes (void)
{
  MusterWindow *window = open_window ();

  g_assert_false (muster_window_get_modified (window));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Untitled Layout — Muster");

  add_model (window, 300, 1000);
  g_assert_true (muster_window_get_modified (window));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "• Untitled Layout — Muster");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_false (muster_window_get_modified (window));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Untitled Layout — Muster");

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_window_save_and_open (void)
{
  MusterWindow *window = open_window ();
  g_auto(MusterTestDir) dir = muster_test_dir_new ("muster-window-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "table.muster", NULL);
  g_autofree char *backup = g_strconcat (path, "~", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  MusterWindow *other;
  MusterPiece *piece;

  piece = add_model (window, 300, 1000);
  g_assert_nonnull (piece);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "board.rotate-cw", NULL));

  g_assert_true (muster_window_save_to (window, file, &error));
  g_assert_no_error (error);
  g_assert_false (muster_window_get_modified (window));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "table.muster — Muster");

  other = open_window ();
  g_assert_true (muster_window_open (other, file));
  g_assert_true (muster_window_get_file (other) != NULL);
  g_assert_true (g_file_equal (muster_window_get_file (other), file));
  g_assert_false (muster_window_get_modified (other));
  piece = g_ptr_array_index (muster_layout_get_pieces (muster_window_get_layout (other)), 0);
  g_assert_cmpfloat_with_epsilon (piece->x, 300, 1e-3);
  g_assert_cmpfloat_with_epsilon (piece->rotation, 15, 1e-9);
  g_assert_false (muster_history_can_undo (muster_window_get_history (other)));

  /* A file that is not a layout leaves the window as it was. */
  {
    g_autofree char *bad_path = g_build_filename (dir, "bad.muster", NULL);
    g_autoptr(GFile) bad = g_file_new_for_path (bad_path);
    MusterLayout *before = muster_window_get_layout (other);

    g_assert_true (g_file_set_contents (bad_path, "<not-a-layout/>", -1, NULL));
    g_assert_false (muster_window_open (other, bad));
    g_assert_true (muster_window_get_layout (other) == before);
    g_unlink (bad_path);
  }

  /* A new table forgets the file. */
  muster_window_new_layout (other);
  g_assert_null (muster_window_get_file (other));
  g_assert_cmpuint (muster_layout_get_pieces (muster_window_get_layout (other))->len, ==, 0);

  gtk_window_destroy (GTK_WINDOW (other));
  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (path);
  g_unlink (backup);
  g_rmdir (dir);
}

static guint
count_toplevels (void)
{
  g_autoptr(GList) toplevels = gtk_window_list_toplevels ();

  return g_list_length (toplevels);
}

/* A broken file is told in a dialog that names the file and the line
 * and says what is wrong in words; the layout that was open stays open,
 * unchanged, edits and all. */
static void
test_window_open_broken (void)
{
  static const struct {
    const char *text;
    const char *body;
  } cases[] = {
    { "<?xml version=\"1.0\"?>\n"
      "<muster-layout version=\"1\" units=\"in\">\n"
      "  <game system=\"t9a\" deployment=\"frontline-clash\"/>\n"
      "  <board width=\"72\" height=\"48\"\n"
      "</muster-layout>\n",
      "Line 4: The <board> tag is not closed: a “>” is missing" },
    { "<?xml version=\"1.0\"?>\n<muster-layout version=\"1\"",
      "Line 2: The file ends inside the <muster-layout> tag" },
    /* Choices that cannot both stand. */
    { "<muster-layout version=\"1\" units=\"in\">\n"
      "  <game system=\"t9a\" deployment=\"frontline-clash\"/>\n"
      "  <board width=\"72\" height=\"48\"/>\n"
      "  <player id=\"red\" zone=\"north\"/>\n"
      "  <player id=\"blue\" zone=\"north\"/>\n"
      "</muster-layout>\n",
      "Line 5: Players “red” and “blue” are both in the zone “north”: each player deploys in a zone of their "
      "own" },
    /* A choice the zone needs, not made: which player, by the line. */
    { "<muster-layout version=\"1\" units=\"in\">\n"
      "  <game system=\"t9a\" deployment=\"encircle\"/>\n"
      "  <board width=\"72\" height=\"48\"/>\n"
      "  <player id=\"red\" zone=\"north\" role=\"attacker\"/>\n"
      "  <player id=\"blue\" zone=\"south\"/>\n"
      "</muster-layout>\n",
      "Line 5: This player has no role: its zone depends on whether it attacks or defends (choose Attacker "
      "or Defender)" },
  };
  MusterWindow *window = open_window ();
  g_auto(MusterTestDir) dir = muster_test_dir_new ("muster-window-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "broken.muster", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  MusterLayout *before = muster_window_get_layout (window);
  g_autofree char *title = NULL;

  g_assert_nonnull (add_model (window, 300, 1000));
  title = g_strdup (gtk_window_get_title (GTK_WINDOW (window)));

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      GtkWidget *alert;

      g_assert_true (g_file_set_contents (path, cases[i].text, -1, NULL));
      g_assert_false (muster_window_open (window, file));

      alert = muster_alert_find (GTK_WIDGET (window));
      g_assert_nonnull (alert);
      g_assert_cmpstr (muster_alert_get_heading (alert), ==, "Could Not Open “broken.muster”");
      g_assert_cmpstr (muster_alert_get_body (alert), ==, cases[i].body);

      g_assert_true (muster_window_get_layout (window) == before);
      g_assert_cmpuint (muster_layout_get_pieces (before)->len, ==, 1);
      g_assert_true (muster_window_get_modified (window));
      g_assert_null (muster_window_get_file (window));
      g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, title);

      alert_click (alert, "_Close");
      g_assert_true (alert_wait_gone (GTK_WIDGET (window)));
    }

  /* Opened beside it, as from the file manager: no new window, and the
   * dialog over the window that was open. */
  {
    guint n_windows = count_toplevels ();
    g_autoptr(GFile) good = NULL;
    g_autofree char *good_path = g_build_filename (dir, "good.muster", NULL);
    MusterWindow *other;
    GtkWidget *alert;

    g_assert_null (muster_window_open_new (NULL, file, window));
    alert = muster_alert_find (GTK_WIDGET (window));
    g_assert_nonnull (alert);
    g_assert_cmpstr (muster_alert_get_heading (alert), ==, "Could Not Open “broken.muster”");
    muster_alert_close (alert);
    g_assert_true (alert_wait_gone (GTK_WIDGET (window)));
    while (g_main_context_pending (NULL))
      g_main_context_iteration (NULL, FALSE);
    g_assert_cmpuint (count_toplevels (), ==, n_windows);
    g_assert_true (muster_window_get_layout (window) == before);

    good = g_file_new_for_path (good_path);
    g_assert_true (muster_window_save_to (window, good, NULL));
    other = muster_window_open_new (NULL, good, window);
    g_assert_nonnull (other);
    g_assert_true (g_file_equal (muster_window_get_file (other), good));
    g_assert_cmpuint (muster_layout_get_pieces (muster_window_get_layout (other))->len, ==, 1);
    gtk_window_destroy (GTK_WINDOW (other));
    g_unlink (good_path);
  }

  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (path);
  g_rmdir (dir);
}

/* Showing lengths in centimetres changes no length. */
static void
test_window_units_keep_table (void)
{
  MusterWindow *window = open_window ();
  MusterLayout *layout = muster_window_get_layout (window);
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.game", NULL));
  for (int i = 0; i < 20 && g_main_context_pending (NULL); i++)
    g_main_context_iteration (NULL, FALSE);

  g_settings_set_string (settings, "units", "cm");
  for (int i = 0; i < 20 && g_main_context_pending (NULL); i++)
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpfloat_with_epsilon (muster_layout_get_width (layout), 72 * 25.4, 1e-9);
  g_assert_cmpfloat_with_epsilon (muster_layout_get_height (layout), 48 * 25.4, 1e-9);
  g_assert_false (muster_window_get_modified (window));

  g_settings_set_string (settings, "units", "in");
  for (int i = 0; i < 20 && g_main_context_pending (NULL); i++)
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpfloat_with_epsilon (muster_layout_get_width (layout), 72 * 25.4, 1e-9);
  g_assert_false (muster_window_get_modified (window));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* A new table is the one Preferences name. */
static void
test_window_default_board (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  MusterWindow *window;
  MusterLayout *layout;

  g_settings_set_string (settings, "default-system", "infinity");
  g_settings_set_string (settings, "default-deployment", "standard");
  g_settings_set_string (settings, "default-board", "small");
  window = open_window ();
  layout = muster_window_get_layout (window);
  g_assert_cmpstr (muster_layout_get_system_id (layout), ==, "infinity");
  g_assert_cmpfloat_with_epsilon (muster_layout_get_width (layout), 32 * 25.4, 1e-9);
  g_assert_cmpfloat_with_epsilon (muster_layout_get_height (layout), 48 * 25.4, 1e-9);

  /* A table the system does not have: its usual one. */
  g_settings_set_string (settings, "default-board", "huge");
  muster_window_new_layout (window);
  layout = muster_window_get_layout (window);
  g_assert_cmpfloat_with_epsilon (muster_layout_get_width (layout), 48 * 25.4, 1e-9);

  g_settings_reset (settings, "default-system");
  g_settings_reset (settings, "default-deployment");
  g_settings_reset (settings, "default-board");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Pieces that no roster entry placed are listed beside the roster, and
 * one picked there is selected on the table. */
static void
test_window_pieces_outside_roster (void)
{
  MusterWindow *window = open_window ();
  g_autoptr(GFile) file = g_file_new_for_path (TEST_DATA_DIR "/examples/t9a-frontline-clash-mixed.muster");
  MusterRosterPanel *red;
  gboolean found = FALSE;
  guint index = 0;
  const char *id;

  g_assert_true (muster_window_open (window, file));
  red = MUSTER_ROSTER_PANEL (muster_window_get_roster_panel (window, "red"));
  g_assert_nonnull (red);
  g_assert_cmpuint (muster_roster_panel_get_n_rows (red), ==, 0);

  for (guint i = 0; (id = muster_roster_panel_get_other_piece (red, i)) != NULL; i++)
    {
      const MusterPiece *piece = muster_layout_lookup_piece (muster_window_get_layout (window), id);

      g_assert_nonnull (piece);
      g_assert_cmpstr (piece->owner, ==, "red");
      if (g_str_equal (id, "r7"))
        {
          found = TRUE;
          index = i;
        }
    }
  g_assert_true (found);

  muster_board_view_select_piece (muster_window_get_board_view (window), 0, FALSE);
  muster_roster_panel_activate_other (red, index);
  g_assert_cmpuint (muster_board_view_get_n_selected (muster_window_get_board_view (window)), ==, 1);
  g_assert_true (muster_board_view_is_selected (muster_window_get_board_view (window),
                                                muster_layout_lookup_piece (muster_window_get_layout (window), "r7")->serial));

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
count_default_tables (const char     *domain,
                      GLogLevelFlags  level,
                      const char     *message,
                      gpointer        data)
{
  if (strstr (message, "default table") != NULL)
    (*(guint *) data)++;
}

/* `muster FILE` shows the file without making the default table first;
 * a file that cannot be read leaves the default table and says why. */
static void
test_window_new_for_file (void)
{
  g_autoptr(GFile) file = g_file_new_for_path (TEST_DATA_DIR "/examples/infinity-standard-mixed.muster");
  g_autoptr(GFile) missing = g_file_new_for_path (TEST_DATA_DIR "/examples/no-such-layout.muster");
  guint made = 0;
  guint handler = g_log_set_handler ("muster-window", G_LOG_LEVEL_DEBUG, count_default_tables, &made);
  MusterWindow *window;
  MusterLayout *layout;
  GtkWidget *alert;

  window = muster_window_new (NULL);
  g_assert_cmpuint (made, ==, 1);
  gtk_window_destroy (GTK_WINDOW (window));

  made = 0;
  window = muster_window_new_for_file (NULL, file);
  g_assert_cmpuint (made, ==, 0);
  layout = muster_window_get_layout (window);
  g_assert_cmpstr (muster_layout_get_system_id (layout), ==, "infinity");
  g_assert_true (g_file_equal (muster_window_get_file (window), file));
  g_assert_null (muster_alert_find (GTK_WIDGET (window)));
  gtk_window_present (GTK_WINDOW (window));
  wait_for_size (GTK_WIDGET (muster_window_get_board_view (window)));
  g_assert_cmpstr (muster_layout_get_system_id (muster_window_get_layout (window)), ==, "infinity");
  gtk_window_destroy (GTK_WINDOW (window));

  window = muster_window_new_for_file (NULL, missing);
  g_assert_cmpuint (made, ==, 1);
  layout = muster_window_get_layout (window);
  g_assert_cmpstr (muster_layout_get_system_id (layout), ==, "t9a");
  g_assert_null (muster_window_get_file (window));
  /* Told once the window is shown, over it. */
  g_assert_null (muster_alert_find (GTK_WIDGET (window)));
  gtk_window_present (GTK_WINDOW (window));
  alert = alert_wait (GTK_WIDGET (window));
  g_assert_nonnull (alert);
  g_assert_cmpstr (muster_alert_get_heading (alert), ==, "Could Not Open “no-such-layout.muster”");
  muster_alert_close (alert);
  gtk_window_destroy (GTK_WINDOW (window));

  g_log_remove_handler ("muster-window", handler);
}

static AdwSplitButton *
find_split_button (GtkWidget *widget)
{
  if (ADW_IS_SPLIT_BUTTON (widget))
    return ADW_SPLIT_BUTTON (widget);

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      AdwSplitButton *button = find_split_button (child);

      if (button != NULL)
        return button;
    }

  return NULL;
}

static gboolean
menu_has_uri (GMenuModel *menu,
              const char *uri)
{
  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autoptr(GVariant) target = g_menu_model_get_item_attribute_value (menu, i, G_MENU_ATTRIBUTE_TARGET,
                                                                           G_VARIANT_TYPE_STRING);

      if (target != NULL && g_str_equal (g_variant_get_string (target, NULL), uri))
        return TRUE;
    }

  return FALSE;
}

/* The recent layouts are read when their menu opens, each time: a layout
 * saved a moment before is in it. The menu is made when first opened;
 * with no recent layout, it says so, greyed out. */
static void
test_window_recent_menu (void)
{
  MusterWindow *window = open_window ();
  g_auto(MusterTestDir) dir = muster_test_dir_new ("muster-window-XXXXXX");
  AdwSplitButton *button = find_split_button (GTK_WIDGET (window));
  g_autofree char *label = NULL, *action = NULL;

  g_assert_nonnull (button);
  g_assert_null (adw_split_button_get_popover (button));

  gtk_recent_manager_purge_items (gtk_recent_manager_get_default (), NULL);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-recent-menu", NULL));
  g_assert_cmpint (g_menu_model_get_n_items (adw_split_button_get_menu_model (button)), ==, 1);
  g_menu_model_get_item_attribute (adw_split_button_get_menu_model (button), 0, "label", "s", &label);
  g_menu_model_get_item_attribute (adw_split_button_get_menu_model (button), 0, "action", "s", &action);
  g_assert_cmpstr (label, ==, "No Recent Layouts");
  g_assert_cmpstr (action, ==, "win.no-recent");   /* never enabled */
  adw_split_button_popdown (button);

  for (guint i = 0; i < 2; i++)
    {
      g_autofree char *name = g_strdup_printf ("recent-%u.muster", i);
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autofree char *uri = g_file_get_uri (file);
      GMenuModel *menu;
      gint64 deadline;

      g_assert_true (muster_window_save_to (window, file, NULL));
      while (g_main_context_pending (NULL))
        g_main_context_iteration (NULL, FALSE);

      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-recent-menu", NULL));
      menu = adw_split_button_get_menu_model (button);
      g_assert_nonnull (menu);
      deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
      while (!menu_has_uri (menu, uri) && g_get_monotonic_time () < deadline)
        g_main_context_iteration (NULL, FALSE);
      g_assert_true (menu_has_uri (menu, uri));
      adw_split_button_popdown (button);
    }

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The menus' popovers are made when first opened, with their items. */
static void
test_window_menus_made_when_opened (void)
{
  MusterWindow *window = open_window ();
  const char *icons[] = { "open-menu-symbolic", "list-add-symbolic" };

  for (guint i = 0; i < G_N_ELEMENTS (icons); i++)
    {
      GtkMenuButton *button = find_menu_button (GTK_WIDGET (window), icons[i]);
      GtkWidget *popover;
      GMenuModel *menu;

      g_assert_nonnull (button);
      g_assert_null (gtk_menu_button_get_popover (button));
      g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (button)));

      gtk_menu_button_popup (button);
      popover = GTK_WIDGET (gtk_menu_button_get_popover (button));
      g_assert_true (GTK_IS_POPOVER_MENU (popover));
      menu = gtk_menu_button_get_menu_model (button);
      g_assert_nonnull (menu);
      g_assert_cmpint (g_menu_model_get_n_items (menu), >, 0);
      g_assert_true (gtk_popover_menu_get_menu_model (GTK_POPOVER_MENU (popover)) == menu);
      g_assert_true (gtk_widget_get_visible (popover));
      gtk_menu_button_popdown (button);

      /* Made once. */
      gtk_menu_button_popup (button);
      g_assert_true (GTK_WIDGET (gtk_menu_button_get_popover (button)) == popover);
      gtk_menu_button_popdown (button);
    }

  gtk_window_destroy (GTK_WINDOW (window));
}

static guint
count_roster_panels (GtkWidget *widget)
{
  guint count = MUSTER_IS_ROSTER_PANEL (widget) ? 1 : 0;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    count += count_roster_panels (child);

  return count;
}

/* Only the player shown has a roster panel at first; another's is made
 * when their page is first shown, for them, and works as the first. */
static void
test_window_roster_panels_made_when_shown (void)
{
  MusterWindow *window = open_window ();
  GtkStack *stack = NULL;
  GtkWidget *blue;

  g_assert_cmpuint (count_roster_panels (GTK_WIDGET (window)), ==, 1);
  g_assert_true (gtk_widget_get_ancestor (muster_window_get_roster_panel (window, "red"), GTK_TYPE_STACK) != NULL);
  g_assert_cmpuint (count_roster_panels (GTK_WIDGET (window)), ==, 1);
  stack = GTK_STACK (gtk_widget_get_ancestor (muster_window_get_roster_panel (window, "red"), GTK_TYPE_STACK));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "red");

  gtk_stack_set_visible_child_name (stack, "blue");
  wait_for_size (GTK_WIDGET (muster_window_get_board_view (window)));
  g_assert_cmpuint (count_roster_panels (GTK_WIDGET (window)), ==, 2);
  blue = muster_window_get_roster_panel (window, "blue");
  g_assert_true (MUSTER_IS_ROSTER_PANEL (blue));
  g_assert_cmpstr (muster_roster_panel_get_player_id (MUSTER_ROSTER_PANEL (blue)), ==, "blue");
  g_assert_true (gtk_widget_get_mapped (blue));
  g_assert_cmpstr (muster_board_view_get_acting_player (muster_window_get_board_view (window)), ==, "blue");

  /* Made once. */
  gtk_stack_set_visible_child_name (stack, "red");
  gtk_stack_set_visible_child_name (stack, "blue");
  g_assert_true (muster_window_get_roster_panel (window, "blue") == blue);
  g_assert_cmpuint (count_roster_panels (GTK_WIDGET (window)), ==, 2);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* A player's colour is picked in their panel: the board draws it, undo
 * takes it back, and the file keeps it. */
static void
test_window_player_color (void)
{
  MusterWindow *window = open_window ();
  g_auto(MusterTestDir) dir = muster_test_dir_new ("muster-window-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "colour.muster", NULL);
  g_autofree char *backup = g_strconcat (path, "~", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(MusterLayout) reopened = NULL;
  g_autoptr(GError) error = NULL;
  MusterLayout *layout = muster_window_get_layout (window);
  MusterScene *scene = muster_board_view_get_scene (muster_window_get_board_view (window));
  GtkWidget *red = muster_window_get_roster_panel (window, "red");
  MusterColor before = muster_scene_get_player_color (scene, 0);
  MusterColor after;

  g_assert_nonnull (red);
  g_assert_null (muster_layout_lookup_player (layout, "red")->color);

  g_assert_true (gtk_widget_activate_action (red, "roster.set-color", "s", "#009E73"));
  g_assert_cmpstr (muster_layout_lookup_player (layout, "red")->color, ==, "#009e73");
  after = muster_scene_get_player_color (scene, 0);
  g_assert_cmpfloat_with_epsilon (after.r, 0x00 / 255.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (after.g, 0x9e / 255.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (after.b, 0x73 / 255.0, 1e-9);

  /* Not a colour: nothing changes. */
  g_assert_true (gtk_widget_activate_action (red, "roster.set-color", "s", "green"));
  g_assert_cmpstr (muster_layout_lookup_player (layout, "red")->color, ==, "#009e73");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_null (muster_layout_lookup_player (layout, "red")->color);
  g_assert_cmpfloat (muster_scene_get_player_color (scene, 0).g, ==, before.g);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  g_assert_cmpstr (muster_layout_lookup_player (layout, "red")->color, ==, "#009e73");

  g_assert_true (muster_window_save_to (window, file, &error));
  g_assert_no_error (error);
  reopened = muster_layout_new_from_file (file, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (muster_layout_lookup_player (reopened, "red")->color, ==, "#009e73");
  g_assert_null (muster_layout_lookup_player (reopened, "blue")->color);

  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (backup);
  g_unlink (path);
  g_rmdir (dir);
}

static GtkWidget *
find_descendant (GtkWidget  *root,
                 GType       type,
                 const char *label)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    {
      const char *text = GTK_IS_LABEL (root) ? gtk_label_get_label (GTK_LABEL (root))
                         : GTK_IS_BUTTON (root) ? gtk_button_get_label (GTK_BUTTON (root))
                         : NULL;

      if (g_strcmp0 (text, label) == 0)
        return root;
    }

  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_descendant (child, type, label);

      if (found != NULL)
        return found;
    }

  return NULL;
}

/* Deleting says so in a toast whose button takes it back. */
static void
test_window_undo_toast (void)
{
  MusterWindow *window = open_window ();
  MusterBoardView *view = muster_window_get_board_view (window);
  MusterLayout *layout = muster_window_get_layout (window);
  MusterPiece *piece = add_model (window, 36 * 25.4, 44 * 25.4);
  g_autofree char *id = g_strdup (piece->id);
  GtkWidget *button;

  muster_board_view_select_piece (view, piece->serial, FALSE);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "board.delete", NULL));
  g_assert_null (muster_layout_lookup_piece (layout, id));
  for (int i = 0; i < 50 && g_main_context_pending (NULL); i++)
    g_main_context_iteration (NULL, FALSE);

  g_assert_nonnull (find_descendant (GTK_WIDGET (window), GTK_TYPE_LABEL, "1 piece deleted"));
  button = find_descendant (GTK_WIDGET (window), GTK_TYPE_BUTTON, "_Undo");
  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
  g_assert_nonnull (muster_layout_lookup_piece (layout, id));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* A save that fails says why and offers another name at once. */
static void
test_window_save_read_only (void)
{
  g_auto(MusterTestDir) dir = muster_test_dir_new ("muster-window-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "locked.muster", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  MusterWindow *window = open_window ();

  g_assert_true (muster_window_save_to (window, file, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_chmod (path, 0444), ==, 0);
  add_model (window, 36 * 25.4, 44 * 25.4);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  for (int i = 0; i < 50 && g_main_context_pending (NULL); i++)
    g_main_context_iteration (NULL, FALSE);

  g_assert_true (muster_window_get_modified (window));
  g_assert_nonnull (find_descendant (GTK_WIDGET (window), GTK_TYPE_BUTTON, "Save _As…"));
  g_assert_cmpint (g_chmod (path, 0644), ==, 0);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The shortcuts window is built when first asked for, and lists the
 * window's actions. */
static void
test_window_shortcuts_window (void)
{
  MusterWindow *window = open_window ();
  GtkShortcutsWindow *overlay;

  g_assert_null (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL));
  overlay = gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window));
  g_assert_nonnull (overlay);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (overlay)));
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (overlay)) == GTK_WINDOW (window));

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
wait_true (gboolean *flag)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (!*flag && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
}

static void
set_true_cb (gpointer  instance,
             gboolean *flag)
{
  *flag = TRUE;
}

/* Closes window, which has unsaved changes: the alert that asks first,
 * with its three answers, the one to press Return for, and the one that
 * loses work marked as such. */
static GtkWidget *
close_modified (MusterWindow *window)
{
  GtkWidget *alert;
  GtkWidget *cancel, *discard, *save;

  g_assert_true (muster_window_get_modified (window));
  gtk_window_close (GTK_WINDOW (window));
  alert = alert_wait (GTK_WIDGET (window));
  g_assert_nonnull (alert);
  g_assert_cmpstr (muster_alert_get_heading (alert), ==, "Save Changes?");
  g_assert_nonnull (strstr (muster_alert_get_body (alert), "has unsaved changes"));

  cancel = alert_button (alert, "_Cancel");
  discard = alert_button (alert, "_Discard");
  save = alert_button (alert, "_Save");
  g_assert_nonnull (cancel);
  g_assert_nonnull (discard);
  g_assert_nonnull (save);
  g_assert_true (alert_button_looks (discard, ADW_RESPONSE_DESTRUCTIVE));
  g_assert_true (alert_button_looks (save, ADW_RESPONSE_SUGGESTED));
  g_assert_true (alert_button_looks (cancel, ADW_RESPONSE_DEFAULT));
  g_assert_true (gtk_widget_has_css_class (save, "default"));
  g_assert_false (gtk_widget_has_css_class (cancel, "default"));

  return alert;
}

/* Cancel, by its button or by Escape, keeps the window and its changes;
 * Discard closes it. */
static void
test_window_confirm_close (void)
{
  MusterWindow *window = open_window ();
  gboolean destroyed = FALSE;
  GtkWidget *alert;

  g_signal_connect (window, "destroy", G_CALLBACK (set_true_cb), &destroyed);
  g_assert_nonnull (add_model (window, 300, 1000));

  alert = close_modified (window);
  alert_click (alert, "_Cancel");
  g_assert_true (alert_wait_gone (GTK_WIDGET (window)));
  g_assert_false (destroyed);
  g_assert_true (muster_window_get_modified (window));

  alert = close_modified (window);
  muster_alert_close (alert);
  g_assert_true (alert_wait_gone (GTK_WIDGET (window)));
  g_assert_false (destroyed);
  g_assert_true (muster_window_get_modified (window));

  alert = close_modified (window);
  alert_click (alert, "_Discard");
  wait_true (&destroyed);
  g_assert_true (destroyed);
}

/* The sidebar */

static GtkWidget *
find_type (GtkWidget *root,
           GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    return root;

  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_type (child, type);

      if (found != NULL)
        return found;
    }

  return NULL;
}

/* Makes the window's frame width wide, and waits for the frames drawn.
 * The window's default size counts its decorations as well: what they
 * take is found by trying. */
static void
resize_frame (MusterWindow *window,
              GtkWidget    *frame,
              int           width)
{
  for (int tries = 0; tries < 3 && gtk_widget_get_width (frame) != width; tries++)
    {
      gint64 deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
      int before = gtk_widget_get_width (frame);
      int default_width, default_height;

      /* Both: GTK 4.8 takes no NULL. */
      gtk_window_get_default_size (GTK_WINDOW (window), &default_width, &default_height);
      gtk_window_set_default_size (GTK_WINDOW (window), default_width + width - before, 700);
      while (gtk_widget_get_width (frame) == before && g_get_monotonic_time () < deadline)
        g_main_context_iteration (NULL, FALSE);
    }
  g_assert_cmpint (gtk_widget_get_width (frame), ==, width);

  for (int i = 0; i < 50 && g_main_context_pending (NULL); i++)
    g_main_context_iteration (NULL, FALSE);
}

static gboolean
sidebar_visible (MusterWindow *window)
{
  gboolean visible = FALSE;

  g_object_get (window, "sidebar-visible", &visible, NULL);

  return visible;
}

/* The sidebar folds where the board would be narrower than its tools
 * (AdwFlap's fold, or the breakpoint of AdwOverlaySplitView): from one
 * pixel narrower than the sidebar and the board side by side. Folding
 * hides it, unfolding shows it, and win.show-sidebar, the header bar's
 * button and F6 show it whether folded or not. */
static void
test_window_sidebar_folds (void)
{
  MusterWindow *window = open_window ();
  MusterSidebarFrame *frame = MUSTER_SIDEBAR_FRAME (find_type (GTK_WIDGET (window), MUSTER_TYPE_SIDEBAR_FRAME));
  GtkWidget *board = GTK_WIDGET (muster_window_get_board_view (window));
  GtkWidget *sidebar = muster_sidebar_frame_get_sidebar (frame);
  GtkWidget *button = find_type (muster_sidebar_frame_get_top_bar (frame), GTK_TYPE_TOGGLE_BUTTON);
  int fold_width = muster_sidebar_frame_get_fold_width (frame);
  int wider;

  g_assert_nonnull (sidebar);
  g_assert_true (GTK_IS_TOGGLE_BUTTON (button));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (button), ==, "Show Sidebar");
  /* The sidebar, 340 px, and the tool bar, more than 400 px. */
  g_assert_cmpint (fold_width, >, 340 + 400);

  resize_frame (window, GTK_WIDGET (frame), fold_width);
  g_assert_false (muster_sidebar_frame_get_folded (frame));
  g_assert_true (sidebar_visible (window));
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (button)));
  g_assert_true (gtk_widget_is_drawable (sidebar));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-sidebar", NULL));
  g_assert_false (sidebar_visible (window));
  g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (button)));
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (button), TRUE);
  g_assert_true (sidebar_visible (window));

  resize_frame (window, GTK_WIDGET (frame), fold_width - 1);
  g_assert_true (muster_sidebar_frame_get_folded (frame));
  g_assert_false (sidebar_visible (window));
  g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (button)));

  /* F6 from the board: the sidebar shows, over the board, and has the
   * focus. */
  gtk_widget_grab_focus (board);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.focus-next-pane", NULL));
  g_assert_true (sidebar_visible (window));
  g_assert_true (muster_sidebar_frame_get_folded (frame));
  /* Once it has slid in. */
  for (gint64 deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
       !gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (window)), sidebar) && g_get_monotonic_time () < deadline;)
    g_main_context_iteration (NULL, FALSE);
  g_assert_true (gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (window)), sidebar));
  /* F6 again: back to the board, the sidebar folded away. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.focus-next-pane", NULL));
  g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == board);
  g_assert_false (sidebar_visible (window));

  resize_frame (window, GTK_WIDGET (frame), fold_width);
  g_assert_false (muster_sidebar_frame_get_folded (frame));
  g_assert_true (sidebar_visible (window));

  /* The terrain tools' kind button widens the tool bar: the sidebar
   * folds sooner. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "board.tool", "s", "rectangle"));
  for (int i = 0; i < 50 && g_main_context_pending (NULL); i++)
    g_main_context_iteration (NULL, FALSE);
  wider = muster_sidebar_frame_get_fold_width (frame);
  g_assert_cmpint (wider, >, fold_width);
  resize_frame (window, GTK_WIDGET (frame), wider - 1);
  g_assert_true (muster_sidebar_frame_get_folded (frame));
  resize_frame (window, GTK_WIDGET (frame), wider);
  g_assert_false (muster_sidebar_frame_get_folded (frame));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The file of the window's draft, or NULL before it was first written. */
static GFile *
dup_draft_file (MusterWindow *window)
{
  const char *id = muster_document_get_draft_id (muster_window_get_document (window));
  g_autofree char *name = NULL;

  if (id == NULL)
    return NULL;

  name = g_strconcat (id, ".muster", NULL);

  return g_file_new_build_filename (g_get_user_state_dir (), "muster", "drafts", name, NULL);
}

static gboolean
has_draft (MusterWindow *window)
{
  g_autoptr(GFile) file = dup_draft_file (window);

  return file != NULL && g_file_query_exists (file, NULL);
}

static void
test_window_autosave (void)
{
  MusterWindow *window = open_window ();
  g_autoptr(GFile) draft = NULL;
  g_autoptr(MusterLayout) saved = NULL;
  g_autoptr(GError) error = NULL;
  gint64 deadline;

  add_model (window, 300, 1000);

  /* A few seconds after the last change, into the window's own draft. */
  deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (!has_draft (window) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (has_draft (window));

  draft = dup_draft_file (window);
  saved = muster_layout_new_from_file (draft, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (muster_layout_get_pieces (saved)->len, ==, 1);

  /* Saved for real: nothing to offer back after a crash. */
  {
    g_auto(MusterTestDir) dir = muster_test_dir_new ("muster-autosave-XXXXXX");
    g_autofree char *path = g_build_filename (dir, "t.muster", NULL);
    g_autoptr(GFile) file = g_file_new_for_path (path);

    g_assert_true (muster_window_save_to (window, file, &error));
    g_assert_false (g_file_query_exists (draft, NULL));
    g_unlink (path);
    g_rmdir (dir);
  }

  gtk_window_destroy (GTK_WINDOW (window));
}

/* A real session with two windows, killed while their changes wait on
 * disk only in their drafts: the next start offers both back, and
 * restoring brings each in its own window. Each session is a subprocess
 * running MusterApplication as main() does. */
static MusterWindow *crash_windows[2];

static gboolean
crash_when_drafted_cb (gpointer data)
{
  if (!has_draft (crash_windows[0]) || !has_draft (crash_windows[1]))
    return G_SOURCE_CONTINUE;

  /* No shutdown, no dispose: as a crash or `kill -9` leaves it. */
  raise (SIGKILL);

  return G_SOURCE_REMOVE;
}

static void
crash_activate_cb (GApplication *app)
{
  crash_windows[0] = MUSTER_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (app)));
  crash_windows[1] = muster_window_new (MUSTER_APPLICATION (app));
  gtk_window_present (GTK_WINDOW (crash_windows[1]));

  for (guint i = 0; i < 2; i++)
    {
      wait_for_size (GTK_WIDGET (muster_window_get_board_view (crash_windows[i])));
      add_model (crash_windows[i], 300 + 100 * i, 1000);
    }
  g_timeout_add (50, crash_when_drafted_cb, NULL);
}

static void
restore_activate_cb (GApplication *app)
{
  double xs[2] = { 0, 0 };
  GtkWidget *alert;
  GList *windows;
  guint n = 0;

  alert = alert_wait (NULL);
  g_assert_nonnull (alert);
  g_assert_nonnull (strstr (muster_alert_get_body (alert), "Untitled Layout"));

  alert_click (alert, "_Restore");

  /* Both, each in its window, unsaved. */
  windows = gtk_application_get_windows (GTK_APPLICATION (app));
  for (GList *l = windows; l != NULL; l = l->next)
    {
      MusterWindow *window;
      MusterPiece *piece;

      if (!MUSTER_IS_WINDOW (l->data))
        continue;
      window = l->data;
      g_assert_cmpuint (muster_layout_get_pieces (muster_window_get_layout (window))->len, ==, 1);
      piece = g_ptr_array_index (muster_layout_get_pieces (muster_window_get_layout (window)), 0);
      g_assert_true (muster_window_get_modified (window));
      g_assert_cmpuint (n, <, 2);
      xs[n++] = piece->x;
    }
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpfloat_with_epsilon (MIN (xs[0], xs[1]), 300, 1e-3);
  g_assert_cmpfloat_with_epsilon (MAX (xs[0], xs[1]), 400, 1e-3);

  /* Taken back: no longer orphans. */
  {
    g_autoptr(GPtrArray) orphans = muster_draft_list_orphans ();

    g_assert_cmpuint (orphans->len, ==, 0);
  }

  exit (0);
}

/* Muster as `muster` (file NULL) or `muster FILE` starts it: callback
 * runs after the application's own handler of signal. */
static void
run_session (const char *signal,
             GCallback   callback,
             const char *file)
{
  g_autoptr(MusterApplication) app = muster_application_new ();
  char *argv[] = { (char *) "muster", (char *) file, NULL };

  /* No session bus under the test runner: GTK warns and goes on alone. */
  g_log_set_always_fatal (G_LOG_FATAL_MASK | G_LOG_LEVEL_CRITICAL);
  g_application_set_flags (G_APPLICATION (app),
                           g_application_get_flags (G_APPLICATION (app)) | G_APPLICATION_NON_UNIQUE);
  g_signal_connect_after (app, signal, callback, NULL);
  g_application_run (G_APPLICATION (app), file != NULL ? 2 : 1, argv);
}

static void
test_window_crash_session (void)
{
  run_session ("activate", G_CALLBACK (crash_activate_cb), NULL);
  g_assert_not_reached ();
}

static void
test_window_restore_session (void)
{
  run_session ("activate", G_CALLBACK (restore_activate_cb), NULL);
  g_assert_not_reached ();
}

static void
test_window_crash_recovery (void)
{
  g_autoptr(GPtrArray) orphans = NULL;

  g_test_trap_subprocess ("/app/window/crash-recovery/subprocess/crash", 30 * G_USEC_PER_SEC,
                          G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_failed ();
  orphans = muster_draft_list_orphans ();
  g_assert_cmpuint (orphans->len, ==, 2);

  g_test_trap_subprocess ("/app/window/crash-recovery/subprocess/restore", 30 * G_USEC_PER_SEC,
                          G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();

  /* The restoring session ended without closing its windows, too. */
  for (guint i = 0; i < orphans->len; i++)
    muster_draft_delete_orphan (((MusterOrphan *) g_ptr_array_index (orphans, i))->id);
}

/* The one window, on the default table, with the alert Open… shows about
 * file over it, named and saying body (NULL: whatever the system says),
 * and seen: over the window, which was not shown again above it. */
static void
assert_cannot_open (GApplication *app,
                    GFile        *file,
                    const char   *body)
{
  g_autofree char *basename = g_file_get_basename (file);
  g_autofree char *heading = g_strdup_printf ("Could Not Open “%s”", basename);
  MusterWindow *window = NULL;
  GtkWidget *alert;

  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
    if (MUSTER_IS_WINDOW (l->data))
      {
        g_assert_null (window);
        window = l->data;
      }
  g_assert_nonnull (window);

  alert = alert_wait (GTK_WIDGET (window));
  g_assert_nonnull (alert);
  g_assert_cmpstr (muster_alert_get_heading (alert), ==, heading);
  if (body != NULL)
    g_assert_cmpstr (muster_alert_get_body (alert), ==, body);
  else
    g_assert_cmpstr (muster_alert_get_body (alert), !=, "");
  g_assert_true (alert_wait_active (alert));

  g_assert_null (muster_window_get_file (window));
  g_assert_false (muster_window_get_modified (window));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Untitled Layout — Muster");
  g_assert_cmpstr (muster_layout_get_system_id (muster_window_get_layout (window)), ==, "t9a");

  alert_click (alert, "_Close");
  g_assert_true (alert_wait_gone (GTK_WIDGET (window)));
}

/* The first file in argv, then a second, as from the file manager while
 * Muster runs; both unreadable. */
static void
unreadable_open_cb (GApplication  *app,
                    GFile        **files,
                    int            n_files,
                    const char    *hint)
{
  static gboolean checking;
  g_autoptr(GFile) then = g_file_new_for_path (g_getenv ("MUSTER_TEST_THEN"));

  /* The second file comes through here too, inside the first. */
  if (checking)
    return;
  checking = TRUE;

  g_assert_cmpint (n_files, ==, 1);
  assert_cannot_open (app, files[0], g_getenv ("MUSTER_TEST_BODY"));

  g_application_open (app, &then, 1, "");
  assert_cannot_open (app, then, "Line 2: The file ends inside the <muster-layout> tag");

  /* Nothing unsaved: closed without a question, and no draft left. */
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL;
       l = gtk_application_get_windows (GTK_APPLICATION (app)))
    gtk_window_destroy (l->data);
}

static void
test_window_open_unreadable_session (void)
{
  run_session ("open", G_CALLBACK (unreadable_open_cb), g_getenv ("MUSTER_TEST_FIRST"));
}

/* `muster FILE` (a double click in the file manager) with a file that is
 * missing or cannot be read: the same alert as Open…, seen over the
 * default table, and the file is left as it was. */
static void
test_window_open_unreadable (void)
{
  g_auto(MusterTestDir) dir = muster_test_dir_new ("muster-window-XXXXXX");
  g_autofree char *missing = g_build_filename (dir, "no-such-layout.muster", NULL);
  g_autofree char *newer = g_build_filename (dir, "newer-version.muster", NULL);
  g_autofree char *truncated = g_build_filename (dir, "truncated.muster", NULL);
  const char *truncated_text = "<?xml version=\"1.0\"?>\n<muster-layout version=\"1\"";
  g_autofree char *newer_text = NULL;
  g_autoptr(GPtrArray) orphans = NULL;
  const struct {
    const char *first;
    const char *body;
  } cases[] = {
    { missing, NULL },
    { newer, "Line 2: Written by a newer Muster (format version 2); this Muster reads version 1" },
  };

  g_assert_true (g_file_get_contents (TEST_DATA_DIR "/layouts/newer-version.muster", &newer_text, NULL, NULL));
  g_assert_true (g_file_set_contents (newer, newer_text, -1, NULL));
  g_assert_true (g_file_set_contents (truncated, truncated_text, -1, NULL));

  g_setenv ("MUSTER_TEST_THEN", truncated, TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_setenv ("MUSTER_TEST_FIRST", cases[i].first, TRUE);
      if (cases[i].body != NULL)
        g_setenv ("MUSTER_TEST_BODY", cases[i].body, TRUE);
      else
        g_unsetenv ("MUSTER_TEST_BODY");
      g_test_trap_subprocess ("/app/window/open-unreadable/subprocess", 30 * G_USEC_PER_SEC,
                              G_TEST_SUBPROCESS_INHERIT_STDERR);
      g_test_trap_assert_passed ();
    }
  g_unsetenv ("MUSTER_TEST_FIRST");
  g_unsetenv ("MUSTER_TEST_THEN");
  g_unsetenv ("MUSTER_TEST_BODY");

  /* Not made, not written, no backup beside them, no draft left. */
  {
    g_autofree char *text = NULL;
    g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
    guint n = 0;

    g_assert_false (g_file_test (missing, G_FILE_TEST_EXISTS));
    g_assert_true (g_file_get_contents (newer, &text, NULL, NULL));
    g_assert_cmpstr (text, ==, newer_text);
    g_clear_pointer (&text, g_free);
    g_assert_true (g_file_get_contents (truncated, &text, NULL, NULL));
    g_assert_cmpstr (text, ==, truncated_text);
    while (g_dir_read_name (listing) != NULL)
      n++;
    g_assert_cmpuint (n, ==, 2);
  }
  orphans = muster_draft_list_orphans ();
  g_assert_cmpuint (orphans->len, ==, 0);

  g_unlink (newer);
  g_unlink (truncated);
  g_rmdir (dir);
}

/* Run in a process whose user data directory holds a broken game system:
 * it is skipped, the shipped ones load, and the window says which file
 * and why, in a toast and in the dialog behind its button. */
static void
test_window_system_errors_session (void)
{
  MusterSystemRegistry *registry = muster_system_registry_get_default ();
  GPtrArray *errors = muster_system_registry_get_errors (registry);
  MusterWindow *window;
  GtkWidget *alert;

  g_assert_nonnull (muster_system_registry_lookup (registry, "t9a"));
  g_assert_nonnull (muster_system_registry_lookup (registry, "infinity"));
  g_assert_cmpuint (errors->len, ==, 1);
  g_assert_nonnull (strstr (((GError *) g_ptr_array_index (errors, 0))->message, "broken.xml"));

  window = open_window ();
  muster_window_report_system_errors (window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-system-errors", NULL));

  alert = muster_alert_find (GTK_WIDGET (window));
  g_assert_nonnull (alert);
  g_assert_nonnull (strstr (muster_alert_get_body (alert), "broken.xml:"));
  alert_click (alert, "_Close");
  g_assert_true (alert_wait_gone (GTK_WIDGET (window)));

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_window_system_errors (void)
{
  g_auto(MusterTestDir) home = muster_test_dir_new ("muster-data-XXXXXX");
  g_autofree char *dir = g_build_filename (home, "muster", "systems", NULL);
  g_autofree char *path = g_build_filename (dir, "broken.xml", NULL);
  g_autofree char *old = g_strdup (g_getenv ("XDG_DATA_HOME"));
  g_autofree char *muster_dir = g_build_filename (home, "muster", NULL);

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (path, "<game-system id=\"mine\">\n  <deployment\n", -1, NULL));

  /* The child reads its user data directory afresh. */
  g_setenv ("XDG_DATA_HOME", home, TRUE);
  g_test_trap_subprocess ("/app/window/system-errors/subprocess", 30 * G_USEC_PER_SEC,
                          G_TEST_SUBPROCESS_INHERIT_STDERR);
  if (old != NULL)
    g_setenv ("XDG_DATA_HOME", old, TRUE);
  else
    g_unsetenv ("XDG_DATA_HOME");
  g_test_trap_assert_passed ();

  g_unlink (path);
  g_rmdir (dir);
  g_rmdir (muster_dir);
  g_rmdir (home);
}

int
main (int   argc,
      char *argv[])
{
  gtk_quirks_init ();
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/app/window/default-table", test_window_default_table);
  g_test_add_func ("/app/window/zoom-keeps-pointer", test_window_zoom_keeps_pointer);
  g_test_add_func ("/app/window/resize-refits", test_window_resize_refits);
  g_test_add_func ("/app/window/pan", test_window_pan);
  g_test_add_func ("/app/window/title-marks-changes", test_window_title_marks_changes);
  g_test_add_func ("/app/window/many-players", test_window_many_players);
  g_test_add_func ("/app/window/save-and-open", test_window_save_and_open);
  g_test_add_func ("/app/window/open-broken", test_window_open_broken);
  g_test_add_func ("/app/window/units-keep-table", test_window_units_keep_table);
  g_test_add_func ("/app/window/default-board", test_window_default_board);
  g_test_add_func ("/app/window/pieces-outside-roster", test_window_pieces_outside_roster);
  g_test_add_func ("/app/window/new-for-file", test_window_new_for_file);
  g_test_add_func ("/app/window/open-unreadable", test_window_open_unreadable);
  g_test_add_func ("/app/window/open-unreadable/subprocess", test_window_open_unreadable_session);
  g_test_add_func ("/app/window/recent-menu", test_window_recent_menu);
  g_test_add_func ("/app/window/menus-made-when-opened", test_window_menus_made_when_opened);
  g_test_add_func ("/app/window/roster-panels-made-when-shown", test_window_roster_panels_made_when_shown);
  g_test_add_func ("/app/window/player-color", test_window_player_color);
  g_test_add_func ("/app/window/undo-toast", test_window_undo_toast);
  g_test_add_func ("/app/window/save-read-only", test_window_save_read_only);
  g_test_add_func ("/app/window/shortcuts-window", test_window_shortcuts_window);
  g_test_add_func ("/app/window/confirm-close", test_window_confirm_close);
  g_test_add_func ("/app/window/sidebar-folds", test_window_sidebar_folds);
  g_test_add_func ("/app/window/system-errors", test_window_system_errors);
  g_test_add_func ("/app/window/system-errors/subprocess", test_window_system_errors_session);
  g_test_add_func ("/app/window/autosave", test_window_autosave);
  g_test_add_func ("/app/window/crash-recovery", test_window_crash_recovery);
  g_test_add_func ("/app/window/crash-recovery/subprocess/crash", test_window_crash_session);
  g_test_add_func ("/app/window/crash-recovery/subprocess/restore", test_window_restore_session);

  return g_test_run ();
}
