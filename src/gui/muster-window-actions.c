/* muster-window-actions.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-window"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

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
zoom_in_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *param)
{
  muster_board_view_zoom_in (MUSTER_WINDOW (widget)->board_view);
}

static void
zoom_out_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *param)
{
  muster_board_view_zoom_out (MUSTER_WINDOW (widget)->board_view);
}

static void
zoom_reset_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *param)
{
  muster_board_view_zoom_reset (MUSTER_WINDOW (widget)->board_view);
}

static void
delete_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *param)
{
  muster_board_view_delete_selection (MUSTER_WINDOW (widget)->board_view);
}

static void
rotate_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *param)
{
  muster_board_view_rotate_selection (MUSTER_WINDOW (widget)->board_view,
                                      g_str_equal (action_name, "board.rotate-cw") ? 15 : -15);
}

static void
prone_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *param)
{
  muster_board_view_toggle_prone (MUSTER_WINDOW (widget)->board_view);
}

static void
select_all_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *param)
{
  muster_board_view_select_all (MUSTER_WINDOW (widget)->board_view);
}

static void
select_none_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *param)
{
  muster_board_view_unselect_all (MUSTER_WINDOW (widget)->board_view);
}

static void
select_next_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *param)
{
  MusterWindow *self = MUSTER_WINDOW (widget);

  muster_board_view_select_next (self->board_view, g_str_equal (action_name, "board.select-previous"));
  gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
}

static void
add_entry_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *param)
{
  MusterWindow *self = MUSTER_WINDOW (widget);
  GtkWidget *panel = gtk_stack_get_visible_child (self->player_stack);

  if (MUSTER_IS_ROSTER_PANEL (panel))
    muster_roster_panel_add_entry (MUSTER_ROSTER_PANEL (panel));
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
      adw_flap_set_reveal_flap (self->flap, TRUE);
      gtk_widget_child_focus (panel, GTK_DIR_TAB_FORWARD);
    }
  else
    gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
}

typedef struct
{
  const char        *id;
  MusterTerrainKind  kind;
  gboolean           blocks_lof;
  double             width;     /* inches */
  double             depth;
  guint              sides;     /* 4: a rectangle; more: a rounded outline */
} TerrainPreset;

static const TerrainPreset terrain_presets[] = {
  { "small-building", MUSTER_TERRAIN_BUILDING, TRUE, 4, 4, 4 },
  { "large-building", MUSTER_TERRAIN_BUILDING, TRUE, 8, 6, 4 },
  { "forest", MUSTER_TERRAIN_AREA, TRUE, 8, 6, 10 },
  { "hill", MUSTER_TERRAIN_AREA, FALSE, 10, 6, 12 },
  { "rocks", MUSTER_TERRAIN_IMPASSABLE, FALSE, 4, 3, 7 },
  { "wall", MUSTER_TERRAIN_IMPASSABLE, FALSE, 6, 0.5, 4 },
};

static void
add_terrain_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *param)
{
  MusterWindow *self = MUSTER_WINDOW (widget);
  const char *id = g_variant_get_string (param, NULL);
  const TerrainPreset *preset = NULL;
  g_autofree MusterPoint *points = NULL;
  MusterPoint centre;
  double a, b;

  for (guint i = 0; i < G_N_ELEMENTS (terrain_presets); i++)
    if (g_str_equal (terrain_presets[i].id, id))
      preset = &terrain_presets[i];

  if (preset == NULL)
    return;

  /* In the middle of what is in view. */
  muster_board_view_widget_to_board (self->board_view,
                                     gtk_widget_get_width (GTK_WIDGET (self->board_view)) / 2.0,
                                     gtk_widget_get_height (GTK_WIDGET (self->board_view)) / 2.0,
                                     &centre);
  a = preset->width * MUSTER_MM_PER_INCH / 2;
  b = preset->depth * MUSTER_MM_PER_INCH / 2;
  points = g_new (MusterPoint, preset->sides);

  if (preset->sides == 4)
    {
      points[0] = (MusterPoint) { centre.x - a, centre.y - b };
      points[1] = (MusterPoint) { centre.x + a, centre.y - b };
      points[2] = (MusterPoint) { centre.x + a, centre.y + b };
      points[3] = (MusterPoint) { centre.x - a, centre.y + b };
    }
  else
    {
      /* A lumpy oval, as real terrain is. */
      for (guint i = 0; i < preset->sides; i++)
        {
          double t = 2 * G_PI * i / preset->sides;
          double r = 1.0 - 0.12 * ((i * 7) % 3) / 2.0;

          points[i] = (MusterPoint) { centre.x + a * r * cos (t), centre.y + b * r * sin (t) };
        }
    }

  _muster_window_set_terrain_kind (self, _muster_window_terrain_kind_name (preset->kind, preset->blocks_lof));
  muster_board_view_add_terrain (self->board_view, points, preset->sides);
  gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
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
system_errors_response_cb (AdwMessageDialog *dialog,
                           const char       *response)
{
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static void
show_system_errors_action (GtkWidget  *widget,
                           const char *action_name,
                           GVariant   *parameter)
{
  MusterWindow *self = MUSTER_WINDOW (widget);
  GPtrArray *errors = muster_system_registry_get_errors (muster_system_registry_get_default ());
  g_autoptr(GString) body = g_string_new (NULL);
  GtkWidget *dialog;

  for (guint i = 0; i < errors->len; i++)
    {
      const GError *error = g_ptr_array_index (errors, i);

      if (body->len > 0)
        g_string_append (body, "\n\n");
      g_string_append (body, error->message);
    }

  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Game Systems Not Loaded"), body->str);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  g_signal_connect (dialog, "response", G_CALLBACK (system_errors_response_cb), NULL);
  gtk_window_present (GTK_WINDOW (dialog));
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
  gtk_widget_class_install_action (widget_class, "board.zoom-in", NULL, zoom_in_action);
  gtk_widget_class_install_action (widget_class, "board.zoom-out", NULL, zoom_out_action);
  gtk_widget_class_install_action (widget_class, "board.zoom-reset", NULL, zoom_reset_action);
  gtk_widget_class_install_property_action (widget_class, "board.tool", "tool");
  gtk_widget_class_install_property_action (widget_class, "board.terrain-kind", "terrain-kind");
  gtk_widget_class_install_action (widget_class, "board.delete", NULL, delete_action);
  gtk_widget_class_install_action (widget_class, "board.rotate-cw", NULL, rotate_action);
  gtk_widget_class_install_action (widget_class, "board.rotate-ccw", NULL, rotate_action);
  gtk_widget_class_install_action (widget_class, "board.toggle-prone", NULL, prone_action);
  gtk_widget_class_install_action (widget_class, "board.select-all", NULL, select_all_action);
  gtk_widget_class_install_action (widget_class, "board.select-none", NULL, select_none_action);
  gtk_widget_class_install_action (widget_class, "board.select-next", NULL, select_next_action);
  gtk_widget_class_install_action (widget_class, "board.select-previous", NULL, select_next_action);
  gtk_widget_class_install_action (widget_class, "board.add-terrain", "s", add_terrain_action);
  gtk_widget_class_install_action (widget_class, "roster.add-entry", NULL, add_entry_action);

  /* Without an application (the tests), the window has its own. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F6, 0, "win.focus-next-pane", NULL);
}
