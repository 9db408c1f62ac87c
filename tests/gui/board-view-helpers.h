/* board-view-helpers.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <math.h>
#include <string.h>

#include "muster-expr.h"
#include "muster-roster-panel.h"
#include "muster-window.h"
#include "widget-helpers.h"

/* What the board view's tests (test-board-view.c, test-board-view-overlay.c)
 * share: a window on the default table, and the pointer and the keys as
 * the view's controllers take them. */

#define INCH MUSTER_MM_PER_INCH

typedef struct
{
  MusterWindow    *window;
  MusterBoardView *view;
  MusterLayout    *layout;
  MusterHistory   *history;
} Fixture;

G_GNUC_UNUSED static void
refresh (Fixture *fixture)
{
  fixture->layout = muster_window_get_layout (fixture->window);
  fixture->history = muster_window_get_history (fixture->window);
}

G_GNUC_UNUSED static void
set_up (Fixture       *fixture,
        gconstpointer  data)
{
  fixture->window = muster_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (fixture->window), 1200, 800);
  gtk_window_present (GTK_WINDOW (fixture->window));
  fixture->view = muster_window_get_board_view (fixture->window);
  wait_for_size (GTK_WIDGET (fixture->view));
  refresh (fixture);
}

G_GNUC_UNUSED static void
tear_down (Fixture       *fixture,
           gconstpointer  data)
{
  gtk_window_destroy (GTK_WINDOW (fixture->window));
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
}

G_GNUC_UNUSED static void
to_widget (Fixture *fixture,
           double   x,
           double   y,
           double  *wx,
           double  *wy)
{
  muster_board_view_board_to_widget (fixture->view, (MusterPoint) { x, y }, wx, wy);
}

/* A red unit of 5 × 4 models on 20 mm bases, where x, y (inches) say. */
G_GNUC_UNUSED static MusterPiece *
place_unit (Fixture *fixture,
            double   x,
            double   y)
{
  MusterBase base = { MUSTER_BASE_RECT, 100, 80 };
  MusterPiece *piece = muster_piece_new ("u", MUSTER_PIECE_UNIT, "red", &base, x * INCH, y * INCH);

  g_clear_pointer (&piece->id, g_free);

  return muster_board_view_place_piece (fixture->view, piece);
}

G_GNUC_UNUSED static guint
count_violations (Fixture     *fixture,
                  MusterPiece *piece)
{
  MusterValidator *validator = muster_window_get_validator (fixture->window);
  GPtrArray *violations = muster_validator_get_piece_violations (validator, piece->serial);

  return violations != NULL ? violations->len : 0;
}

G_GNUC_UNUSED static gboolean
has_violation (Fixture        *fixture,
               MusterPiece    *piece,
               MusterRuleCode  code)
{
  MusterValidator *validator = muster_window_get_validator (fixture->window);
  GPtrArray *violations = muster_validator_get_piece_violations (validator, piece->serial);

  for (guint i = 0; violations != NULL && i < violations->len; i++)
    if (((MusterViolation *) g_ptr_array_index (violations, i))->code == code)
      return TRUE;

  return FALSE;
}

/* A key press as the widget's controllers take it: its class's key
 * bindings first (a binding whose action is disabled lets the key go on,
 * as GTK's shortcut controller does), then its key controllers. */
G_GNUC_UNUSED static gboolean
send_key (GtkWidget       *widget,
          guint            keyval,
          GdkModifierType  state)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);
  /* As GTK keeps a trigger's key. */
  guint trigger_keyval = keyval == GDK_KEY_ISO_Left_Tab ? GDK_KEY_Tab : gdk_keyval_to_lower (keyval);
  gboolean handled = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers) && !handled; i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;

      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)) && !handled; j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);
          GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);

          if (!GTK_IS_KEYVAL_TRIGGER (trigger) ||
              gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)) != trigger_keyval ||
              gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger)) != state)
            continue;

          handled = gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0, widget,
                                                  gtk_shortcut_get_arguments (shortcut));
        }
    }

  for (guint i = 0; i < g_list_model_get_n_items (controllers) && !handled; i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_KEY (controller))
        g_signal_emit_by_name (controller, "key-pressed", keyval, 0, state, &handled);
    }

  return handled;
}

/* The pointer leaving the table (or never there): what the keyboard
 * does must not depend on where the test's pointer happens to be. */
G_GNUC_UNUSED static void
pointer_leaves (Fixture *fixture)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (fixture->view));

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_MOTION (controller))
        g_signal_emit_by_name (controller, "leave");
    }
}

G_GNUC_UNUSED static void
pointer_moves (Fixture *fixture,
               double   x,
               double   y)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (fixture->view));

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_MOTION (controller))
        g_signal_emit_by_name (controller, "motion", x, y);
    }
}

G_GNUC_UNUSED static void
send_keys (GtkWidget *widget,
           guint      keyval,
           guint      times)
{
  for (guint i = 0; i < times; i++)
    g_assert_true (send_key (widget, keyval, 0));
}

G_GNUC_UNUSED static void
spin (void)
{
  for (int i = 0; i < 50 && g_main_context_pending (NULL); i++)
    g_main_context_iteration (NULL, FALSE);
}

G_GNUC_UNUSED static MusterRosterPanel *
red_panel (Fixture *fixture)
{
  return MUSTER_ROSTER_PANEL (muster_window_get_roster_panel (fixture->window, "red"));
}

/* The first widget under root (or root itself) that matches, depth
 * first. */
G_GNUC_UNUSED static GtkWidget *
find_widget (GtkWidget *root,
             gboolean (*matches) (GtkWidget *widget))
{
  if (matches (root))
    return root;

  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_widget (child, matches);

      if (found != NULL)
        return found;
    }

  return NULL;
}
