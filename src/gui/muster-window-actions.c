/* muster-window-actions.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-window"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-compat.h"
#include "muster-export-dialog.h"
#include "muster-roster-panel.h"
#include "muster-window-private.h"

/* The window's actions: files, history, printing, panes, and what the
 * players add to the table from the window's menus. */

static void
new_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *param)
{
  _muster_window_confirm_then (MUSTER_WINDOW (widget), MUSTER_AFTER_NEW, NULL);
}

static void
open_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  _muster_window_confirm_then (MUSTER_WINDOW (widget), MUSTER_AFTER_OPEN_DIALOG, NULL);
}

static void
open_recent_menu_action (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *param)
{
  adw_split_button_popup (MUSTER_WINDOW (widget)->open_button);
}

static void
open_recent_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *param)
{
  g_autoptr(GFile) file = g_file_new_for_uri (g_variant_get_string (param, NULL));

  _muster_window_confirm_then (MUSTER_WINDOW (widget), MUSTER_AFTER_OPEN_FILE, file);
}

static void
save_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  _muster_window_save (MUSTER_WINDOW (widget));
}

static void
save_as_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *param)
{
  MusterWindow *self = MUSTER_WINDOW (widget);

  self->after = MUSTER_AFTER_NOTHING;
  _muster_window_save_as (self);
}

/* The rosters live in the players, which the layout does not signal:
 * the roster reads them again after the history changed them. */
static void
undo_or_redo (MusterWindow *self,
              gboolean      redo)
{
  MusterHistory *history = muster_document_get_history (self->document);

  muster_board_view_cancel (self->board_view);
  if (redo ? muster_history_redo (history) : muster_history_undo (history))
    muster_roster_reload (muster_document_get_roster (self->document));
}

static void
undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  undo_or_redo (MUSTER_WINDOW (widget), FALSE);
}

static void
redo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  undo_or_redo (MUSTER_WINDOW (widget), TRUE);
}

static void
add_entry_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *param)
{
  MusterWindow *self = MUSTER_WINDOW (widget);
  MusterRosterPanel *panel = _muster_window_ensure_roster_panel (self, gtk_stack_get_visible_child (self->player_stack));

  if (panel != NULL)
    muster_roster_panel_add_entry (panel);
}

/* A folded sidebar, just shown, slides in over the board, and takes the
 * focus only once it is drawn: tried again on the next frames. */
static gboolean
focus_panel_tick_cb (GtkWidget     *widget,
                     GdkFrameClock *clock,
                     gpointer       user_data)
{
  MusterWindow *self = MUSTER_WINDOW (widget);
  GtkWidget *panel = gtk_stack_get_visible_child (self->player_stack);
  /* Counted from 1: set while tried. */
  guint frames = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (self), "muster-focus-frames"));

  g_object_set_data (G_OBJECT (self), "muster-focus-frames", GUINT_TO_POINTER (frames + 1));
  if (panel == NULL || gtk_widget_child_focus (panel, GTK_DIR_TAB_FORWARD) || frames >= 60)
    {
      g_object_set_data (G_OBJECT (self), "muster-focus-frames", NULL);
      return G_SOURCE_REMOVE;
    }

  return G_SOURCE_CONTINUE;
}

static void
focus_pane_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *param)
{
  MusterWindow *self = MUSTER_WINDOW (widget);
  GtkWidget *panel = gtk_stack_get_visible_child (self->player_stack);

  /* F6 goes round the panes: the table, then the sidebar. */
  if (gtk_widget_has_focus (GTK_WIDGET (self->board_view)) && panel != NULL)
    {
      muster_sidebar_frame_set_show_sidebar (self->frame, TRUE);
      if (!gtk_widget_child_focus (panel, GTK_DIR_TAB_FORWARD) &&
          g_object_get_data (G_OBJECT (self), "muster-focus-frames") == NULL)
        {
          g_object_set_data (G_OBJECT (self), "muster-focus-frames", GUINT_TO_POINTER (1));
          gtk_widget_add_tick_callback (widget, focus_panel_tick_cb, NULL, NULL);
        }
    }
  else
    {
      /* A folded sidebar lies over the board, and keeps the focus while
       * shown. */
      if (muster_sidebar_frame_get_folded (self->frame))
        muster_sidebar_frame_set_show_sidebar (self->frame, FALSE);
      gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
    }
}

static void
game_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  gtk_menu_button_popup (MUSTER_WINDOW (widget)->game_button);
}

static void
print_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *param)
{
  MusterWindow *self = MUSTER_WINDOW (widget);

  /* Muster's own questions first (muster-export-dialog.h). */
  gtk_window_present (GTK_WINDOW (muster_export_dialog_new (GTK_WINDOW (self), self->document,
                                                            g_str_equal (action_name, "win.export")
                                                            ? MUSTER_EXPORT_DIALOG_EXPORT
                                                            : MUSTER_EXPORT_DIALOG_PRINT,
                                                            _muster_window_display_units (self))));
}

/* Built when first asked for, not with every window (as GTK does with
 * gtk/help-overlay.ui): it is a good part of the start-up otherwise. */
static void
show_help_overlay_action (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  GtkApplicationWindow *window = GTK_APPLICATION_WINDOW (widget);
  GtkShortcutsWindow *overlay = gtk_application_window_get_help_overlay (window);

  if (overlay == NULL)
    {
      g_autoptr(GtkBuilder) builder = gtk_builder_new_from_resource (RESOURCE_BASE "/muster-shortcuts-window.ui");

      overlay = GTK_SHORTCUTS_WINDOW (gtk_builder_get_object (builder, "help_overlay"));
      gtk_application_window_set_help_overlay (window, overlay);
    }

  gtk_window_present (GTK_WINDOW (overlay));
}

static void
show_system_errors_action (GtkWidget  *widget,
                           const char *action_name,
                           GVariant   *parameter)
{
  MusterWindow *self = MUSTER_WINDOW (widget);
  GPtrArray *errors = muster_system_registry_get_errors (muster_system_registry_get_default ());
  g_autoptr(GString) body = g_string_new (NULL);
  GtkWidget *alert;

  for (guint i = 0; i < errors->len; i++)
    {
      const GError *error = g_ptr_array_index (errors, i);

      if (body->len > 0)
        g_string_append (body, "\n\n");
      g_string_append (body, error->message);
    }

  alert = muster_alert_new (_("Game Systems Not Loaded"), body->str);
  muster_alert_add_response (alert, "close", _("_Close"), ADW_RESPONSE_DEFAULT);
  muster_alert_present (alert, GTK_WIDGET (self));
}

void
muster_window_report_system_errors (MusterWindow *self)
{
  GPtrArray *errors;
  g_autofree char *text = NULL;
  AdwToast *toast;

  g_return_if_fail (MUSTER_IS_WINDOW (self));

  errors = muster_system_registry_get_errors (muster_system_registry_get_default ());
  if (errors->len == 0)
    return;

  text = g_strdup_printf (ngettext ("%u game system of yours could not be read and was skipped",
                                    "%u game systems of yours could not be read and were skipped",
                                    errors->len),
                          errors->len);
  toast = adw_toast_new (text);
  adw_toast_set_button_label (toast, _("_Details"));
  adw_toast_set_action_name (toast, "win.show-system-errors");
  adw_toast_set_timeout (toast, 0);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

void
_muster_window_class_init_actions (GtkWidgetClass *widget_class)
{
  /* On the window, so they work wherever the focus is. */
  gtk_widget_class_install_action (widget_class, "win.new", NULL, new_action);
  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "win.open-recent", "s", open_recent_action);
  gtk_widget_class_install_action (widget_class, "win.open-recent-menu", NULL, open_recent_menu_action);
  gtk_widget_class_install_action (widget_class, "win.no-recent", NULL, NULL);
  gtk_widget_class_install_action (widget_class, "win.save", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, save_as_action);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, redo_action);
  gtk_widget_class_install_action (widget_class, "win.print", NULL, print_action);
  gtk_widget_class_install_action (widget_class, "win.export", NULL, print_action);
  gtk_widget_class_install_action (widget_class, "win.game", NULL, game_action);
  gtk_widget_class_install_action (widget_class, "win.show-help-overlay", NULL, show_help_overlay_action);
  gtk_widget_class_install_action (widget_class, "win.show-system-errors", NULL, show_system_errors_action);
  gtk_widget_class_install_action (widget_class, "win.focus-next-pane", NULL, focus_pane_action);
  gtk_widget_class_install_property_action (widget_class, "win.show-sidebar", "sidebar-visible");
  gtk_widget_class_install_action (widget_class, "roster.add-entry", NULL, add_entry_action);

  /* Without an application (the tests), the window has its own. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F6, 0, "win.focus-next-pane", NULL);
}
