/* muster-window.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-window"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-print.h"
#include "muster-window.h"

struct _MusterWindow
{
  AdwApplicationWindow  parent_instance;

  GSettings            *settings;
  MusterLayout         *layout;
  MusterSystem         *system;
  MusterValidator      *validator;

  /* Template children */
  AdwWindowTitle       *window_title;
  AdwToastOverlay      *toast_overlay;
  MusterBoardView      *board_view;
};

G_DEFINE_FINAL_TYPE (MusterWindow, muster_window, ADW_TYPE_APPLICATION_WINDOW)

static void
update_title (MusterWindow *self)
{
  const MusterDeployment *deployment = NULL;

  if (self->system != NULL)
    deployment = muster_system_lookup_deployment (self->system,
                                                  muster_layout_get_deployment_id (self->layout));

  adw_window_title_set_title (ADW_WINDOW_TITLE (self->window_title),
                              self->system != NULL ? muster_system_get_name (self->system)
                                                   : muster_layout_get_system_id (self->layout));
  adw_window_title_set_subtitle (ADW_WINDOW_TITLE (self->window_title),
                                 deployment != NULL ? deployment->name : "");
}

static void
show_error (MusterWindow *self,
            const char   *message)
{
  AdwToast *toast = adw_toast_new (message);

  adw_toast_set_timeout (toast, 8);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

/* Takes a loaded layout and shows it; the old one is kept on failure. */
static gboolean
set_layout (MusterWindow  *self,
            MusterLayout  *layout,
            GError       **error)
{
  g_autoptr(MusterScene) scene = NULL;
  g_autoptr(MusterValidator) validator = NULL;
  MusterSystem *system;

  system = muster_system_registry_lookup (muster_system_registry_get_default (),
                                          muster_layout_get_system_id (layout));
  if (system == NULL)
    {
      g_set_error (error, MUSTER_SYSTEM_ERROR, MUSTER_SYSTEM_ERROR_UNKNOWN,
                   _("Unknown game system “%s”"), muster_layout_get_system_id (layout));
      return FALSE;
    }

  validator = muster_validator_new (layout, system, error);
  if (validator == NULL)
    return FALSE;

  g_set_object (&self->layout, layout);
  g_set_object (&self->system, system);
  g_set_object (&self->validator, validator);

  scene = muster_scene_new (layout, system, validator);
  muster_scene_set_units (scene, g_settings_get_enum (self->settings, "units") == 1
                                   ? MUSTER_UNIT_CM : MUSTER_UNIT_INCH);
  muster_board_view_set_scene (self->board_view, scene);
  update_title (self);

  return TRUE;
}

static MusterLayout *
default_layout (MusterWindow *self)
{
  g_autofree char *system_id = g_settings_get_string (self->settings, "default-system");
  g_autofree char *deployment_id = g_settings_get_string (self->settings, "default-deployment");
  MusterSystem *system = muster_system_registry_lookup (muster_system_registry_get_default (), system_id);
  const MusterBoardPreset *board;

  if (system == NULL)
    {
      system = muster_system_registry_lookup (muster_system_registry_get_default (), "t9a");
      g_free (deployment_id);
      deployment_id = g_strdup ("frontline-clash");
    }

  if (system == NULL)
    return muster_layout_new ("t9a", "frontline-clash", 72 * 25.4, 48 * 25.4);

  if (muster_system_lookup_deployment (system, deployment_id) == NULL)
    {
      const MusterDeployment *d = muster_system_get_default_deployment (system);

      g_free (deployment_id);
      deployment_id = g_strdup (d != NULL ? d->id : "");
    }

  board = muster_system_get_default_board (system);

  return muster_layout_new (muster_system_get_id (system), deployment_id,
                            board != NULL ? board->width : 72 * 25.4,
                            board != NULL ? board->height : 48 * 25.4);
}

gboolean
muster_window_open (MusterWindow *self,
                    GFile        *file)
{
  g_autoptr(MusterLayout) layout = NULL;
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (MUSTER_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  layout = muster_layout_new_from_file (file, &error);
  if (layout == NULL || !set_layout (self, layout, &error))
    {
      show_error (self, error->message);
      return FALSE;
    }

  return TRUE;
}

MusterBoardView *
muster_window_get_board_view (MusterWindow *self)
{
  g_return_val_if_fail (MUSTER_IS_WINDOW (self), NULL);

  return self->board_view;
}

MusterLayout *
muster_window_get_layout (MusterWindow *self)
{
  g_return_val_if_fail (MUSTER_IS_WINDOW (self), NULL);

  return self->layout;
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
print_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *param)
{
  MusterWindow *self = MUSTER_WINDOW (widget);
  MusterScene *scene = muster_board_view_get_scene (self->board_view);
  g_autoptr(MusterScene) print_scene = NULL;
  MusterPrintOperation *operation;

  if (scene == NULL)
    return;

  /* Paper gets the light theme, the ruler and the hatching. */
  print_scene = muster_scene_new (self->layout, self->system, NULL);
  muster_scene_set_flags (print_scene, MUSTER_RENDER_ALL);
  operation = muster_print_operation_new (print_scene);
  /* The operation may finish after this returns: it lives until "done". */
  g_signal_connect (operation, "done", G_CALLBACK (g_object_unref), NULL);
  muster_print_operation_run_dialog (operation, GTK_WINDOW (self));
}

static void
muster_window_dispose (GObject *object)
{
  MusterWindow *self = (MusterWindow *)object;

  gtk_widget_dispose_template (GTK_WIDGET (self), MUSTER_TYPE_WINDOW);

  g_clear_object (&self->validator);
  g_clear_object (&self->system);
  g_clear_object (&self->layout);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (muster_window_parent_class)->dispose (object);
}

static void
muster_window_class_init (MusterWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_window_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/muster-window.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, board_view);

  /* On the window, so they work wherever the focus is. */
  gtk_widget_class_install_action (widget_class, "board.zoom-in", NULL, zoom_in_action);
  gtk_widget_class_install_action (widget_class, "board.zoom-out", NULL, zoom_out_action);
  gtk_widget_class_install_action (widget_class, "board.zoom-reset", NULL, zoom_reset_action);
  gtk_widget_class_install_action (widget_class, "win.print", NULL, print_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_p, GDK_CONTROL_MASK, "win.print", NULL);

  g_type_ensure (MUSTER_TYPE_BOARD_VIEW);
}

static void
muster_window_init (MusterWindow *self)
{
  g_autoptr(MusterLayout) layout = NULL;
  g_autoptr(GError) error = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->settings = g_settings_new (APP_ID);
  g_settings_bind (self->settings, "window-width", self, "default-width", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "window-height", self, "default-height", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "window-maximized", self, "maximized", G_SETTINGS_BIND_DEFAULT);

  layout = default_layout (self);
  if (!set_layout (self, layout, &error))
    g_warning ("No default table: %s", error->message);
}

MusterWindow *
muster_window_new (MusterApplication *application)
{
  return g_object_new (MUSTER_TYPE_WINDOW, "application", application, NULL);
}
