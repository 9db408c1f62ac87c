/* game-panel-helpers.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib/gstdio.h>
#include <string.h>

#include "alert-helpers.h"
#include "widget-helpers.h"
#include "muster-editor.h"
#include "muster-game-page.h"
#include "muster-game-panel.h"
#include "muster-game-popover.h"
#include "muster-roster.h"
#include "muster-window.h"

#define IN 25.4

/* Tests of the Game page (src/gui/muster-game-*.c) in a window: the
 * pages show what the MusterGame says, their buttons call it, and what
 * it refuses is said. The rules themselves are tested headless, in
 * tests/game/test-game.c. */

typedef struct
{
  MusterWindow    *window;
  MusterGamePanel *panel;
  MusterLayout    *layout;
  char            *dir;
} Table;

/* A window showing layout (read from a file, as the players would open
 * it), with the Game page of the sidebar shown. */
G_GNUC_UNUSED static void
open_table (Table        *table,
            MusterLayout *layout)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;

  table->dir = g_dir_make_tmp ("muster-game-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (table->dir, "game.muster", NULL);
  file = g_file_new_for_path (path);
  g_assert_true (muster_layout_save (layout, file, &error));
  g_assert_no_error (error);

  table->window = muster_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (table->window), 1280, 800);
  gtk_window_present (GTK_WINDOW (table->window));
  wait_for_size (GTK_WIDGET (muster_window_get_board_view (table->window)));

  g_assert_true (muster_window_open (table->window, file));
  muster_window_show_sidebar_page (table->window, "game");
  table->panel = MUSTER_GAME_PANEL (muster_window_get_game_panel (table->window));
  table->layout = muster_window_get_layout (table->window);
  wait_for_size (GTK_WIDGET (table->panel));
}

G_GNUC_UNUSED static void
close_table (Table *table)
{
  g_autoptr(GDir) dir = NULL;
  const char *name;

  gtk_window_destroy (GTK_WINDOW (table->window));
  flush ();

  dir = g_dir_open (table->dir, 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (table->dir, name, NULL);

      g_unlink (path);
    }
  g_rmdir (table->dir);
  g_free (table->dir);
}

G_GNUC_UNUSED static MusterGame *
game_of (Table *table)
{
  MusterGame *game = muster_window_get_game (table->window);

  g_assert_true (muster_game_panel_get_game (table->panel) == game);

  return game;
}

G_GNUC_UNUSED static GtkWidget *
page_of (Table      *table,
         const char *name)
{
  return muster_game_panel_get_page_widget (table->panel, name);
}

/* The page brought forward, as the switcher does, and up to date. */
G_GNUC_UNUSED static GtkWidget *
show_page (Table      *table,
           const char *name)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (table->panel), "panel.show-page", "s", name));
  flush ();
  g_assert_cmpstr (muster_game_panel_get_page (table->panel), ==, name);

  return page_of (table, name);
}

G_GNUC_UNUSED static void
assert_accepted (Table *table)
{
  g_assert_cmpstr (muster_game_panel_get_message (table->panel), ==, NULL);
}

G_GNUC_UNUSED static void
assert_refused (Table      *table,
                const char *needle)
{
  const char *message = muster_game_panel_get_message (table->panel);

  g_assert_nonnull (message);
  if (strstr (message, needle) == NULL)
    g_error ("“%s” does not say “%s”", message, needle);
}

#define OK(call) G_STMT_START { g_autoptr(GError) ok_error = NULL; \
  if (!(call)) g_error ("%s refused: %s", #call, ok_error != NULL ? ok_error->message : "(no message)"); } G_STMT_END

/* Finding what is shown */

/* The first widget under root (in order) that is drawn and matches. */
G_GNUC_UNUSED static GtkWidget *
find (GtkWidget  *root,
      Match       match,
      const char *text)
{
  return find_widget_where (root, match, text, TRUE);
}

G_GNUC_UNUSED static guint
count (GtkWidget  *root,
       Match       match,
       const char *text)
{
  guint n = gtk_widget_is_drawable (root) && match (root, text) ? 1 : 0;

  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    n += count (child, match, text);

  return n;
}

G_GNUC_UNUSED static gboolean
is_label (GtkWidget  *widget,
          const char *text)
{
  return GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0;
}

G_GNUC_UNUSED static gboolean
is_button (GtkWidget  *widget,
           const char *label)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0;
}

G_GNUC_UNUSED static gboolean
is_row_starting (GtkWidget  *widget,
                 const char *prefix)
{
  return ADW_IS_PREFERENCES_ROW (widget) &&
         g_str_has_prefix (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), prefix);
}

G_GNUC_UNUSED static gboolean
is_row_saying (GtkWidget  *widget,
               const char *needle)
{
  return ADW_IS_ACTION_ROW (widget) && adw_action_row_get_subtitle (ADW_ACTION_ROW (widget)) != NULL &&
         strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (widget)), needle) != NULL;
}

/* A spin button, by its tooltip (NULL: one with none). */
G_GNUC_UNUSED static gboolean
is_spin (GtkWidget  *widget,
         const char *tooltip)
{
  const char *text = gtk_widget_get_tooltip_text (widget);

  return GTK_IS_SPIN_BUTTON (widget) && g_strcmp0 (text, tooltip) == 0;
}

G_GNUC_UNUSED static GtkWidget *
find_label (GtkWidget  *root,
            const char *text)
{
  return find (root, is_label, text);
}

G_GNUC_UNUSED static GtkWidget *
find_row (GtkWidget  *root,
          const char *title)
{
  return find (root, is_row, title);
}

/* Clicks the button labelled label under root (which must be there). */
G_GNUC_UNUSED static void
click (GtkWidget  *root,
       const char *label)
{
  GtkWidget *button = find (root, is_button, label);

  if (button == NULL)
    g_error ("No button “%s” is shown", label);
  /* Not gtk_widget_activate(): a button activated so clicks later. */
  g_signal_emit_by_name (button, "clicked");
  flush ();
}

/* The button labelled label in the row titled title. */
G_GNUC_UNUSED static void
click_in_row (GtkWidget  *root,
              const char *title,
              const char *label)
{
  GtkWidget *row = find_row (root, title);

  if (row == NULL)
    g_error ("No row “%s” is shown", title);
  click (row, label);
}

/* Tables */

G_GNUC_UNUSED static MusterLayout *
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

G_GNUC_UNUSED static MusterPiece *
add_model (MusterLayout *layout,
           const char   *id,
           const char   *name,
           const char   *owner,
           double        x,
           double        y,
           double        rotation,
           gboolean      lieutenant)
{
  MusterBase base = { MUSTER_BASE_ROUND, 25, 25 };
  MusterPiece *piece = muster_piece_new (id, MUSTER_PIECE_MODEL, owner, &base, x, y);

  piece->name = g_strdup (name);
  piece->rotation = rotation;
  piece->lieutenant = lieutenant;
  g_assert_true (muster_layout_add_piece (layout, piece));

  return piece;
}

G_GNUC_UNUSED static MusterPiece *
add_unit (MusterLayout *layout,
          const char   *id,
          const char   *owner,
          double        x,
          double        y)
{
  MusterBase base = { MUSTER_BASE_RECT, 100, 80 };
  MusterPiece *piece = muster_piece_new (id, MUSTER_PIECE_UNIT, owner, &base, x, y);

  g_assert_true (muster_layout_add_piece (layout, piece));

  return piece;
}

/* Alice (red, south) and Bob (blue, north), three troopers each, one
 * Lieutenant each, all in their zones. */
G_GNUC_UNUSED static MusterLayout *
infinity_layout (void)
{
  MusterLayout *layout = new_layout ("infinity", "standard", 48, 48);

  add_model (layout, "r1", "Fusilier", "red", 10 * IN, 40 * IN, 0, TRUE);
  add_model (layout, "r2", "Hacker", "red", 20 * IN, 40 * IN, 0, FALSE);
  add_model (layout, "r3", "Medic", "red", 30 * IN, 40 * IN, 0, FALSE);
  add_model (layout, "b1", "Kamau", "blue", 10 * IN, 8 * IN, 180, TRUE);
  add_model (layout, "b2", "Hsien", "blue", 20 * IN, 8 * IN, 180, FALSE);
  add_model (layout, "b3", "Yuan Yuan", "blue", 30 * IN, 8 * IN, 180, FALSE);

  return layout;
}

/* For the Orders (the deployment over): Fusilier faces north; Kamau,
 * 5″ in front of it, faces it; Hsien, far off to the north-east, faces
 * away. */
G_GNUC_UNUSED static MusterLayout *
orders_layout (void)
{
  MusterLayout *layout = new_layout ("infinity", "standard", 48, 48);

  add_model (layout, "a1", "Fusilier", "red", 300, 1000, 0, TRUE);
  add_model (layout, "a2", "Hacker", "red", 1100, 1150, 0, FALSE);
  add_model (layout, "z1", "Kamau", "blue", 300, 873, 180, TRUE);
  add_model (layout, "z2", "Hsien", "blue", 900, 600, 0, FALSE);

  return layout;
}

/* The Initiative Roll, typed in: Alice wins, keeps Deployment and takes
 * the south; Bob deploys first; Alice plays first. */
G_GNUC_UNUSED static void
play_initiative (MusterGame *game)
{
  OK (muster_game_set_typed_dice (game, TRUE, &ok_error));
  OK (muster_game_set_wip (game, 0, 13, FALSE, &ok_error));
  OK (muster_game_set_wip (game, 1, 11, FALSE, &ok_error));
  OK (muster_game_roll_initiative (game, 0, 12, &ok_error));
  OK (muster_game_roll_initiative (game, 1, 7, &ok_error));
  OK (muster_game_keep (game, MUSTER_INFINITY_KEEP_DEPLOYMENT, &ok_error));
  OK (muster_game_choose_deployment (game, 1, "south", &ok_error));
  OK (muster_game_choose_first_turn (game, 0, &ok_error));
}

/* The four steps of the deployment of infinity_layout(). */
G_GNUC_UNUSED static void
play_deployment (MusterGame *game)
{
  OK (muster_game_start_deployment (game, &ok_error));
  OK (muster_game_deploy (game, "b1", &ok_error));
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

/* The alert shown, not one answered and on its way out. */
G_GNUC_UNUSED static GtkWidget *
find_dialog (void)
{
  return muster_alert_find (NULL);
}

/* Waits for the next frames (a change of size shows after one). */
G_GNUC_UNUSED static void
settle (void)
{
  gint64 until = g_get_monotonic_time () + G_USEC_PER_SEC / 5;

  while (g_get_monotonic_time () < until)
    {
      while (g_main_context_pending (NULL))
        g_main_context_iteration (NULL, FALSE);
      g_usleep (5000);
    }
}

