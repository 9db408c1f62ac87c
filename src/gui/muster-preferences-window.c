/* muster-preferences-window.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-preferences-window"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-preferences-window.h"
#include "muster-system.h"

struct _MusterPreferencesWindow
{
  AdwPreferencesWindow  parent_instance;

  GSettings            *settings;
  GPtrArray            *systems;        /* MusterSystem, as listed in system_row */

  AdwComboRow          *units_row;
  GtkAdjustment        *tolerance_adjustment;
  AdwComboRow          *system_row;
  AdwComboRow          *deployment_row;
  AdwComboRow          *board_row;
  gboolean              filling_boards;
  AdwComboRow          *style_row;
};

G_DEFINE_FINAL_TYPE (MusterPreferencesWindow, muster_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

/* Combo rows hold a position; the settings hold an enum nick. */
static gboolean
nick_to_position (GValue   *value,
                  GVariant *variant,
                  gpointer  user_data)
{
  const char * const *nicks = user_data;
  const char *nick = g_variant_get_string (variant, NULL);

  for (guint i = 0; nicks[i] != NULL; i++)
    if (g_strcmp0 (nicks[i], nick) == 0)
      {
        g_value_set_uint (value, i);
        return TRUE;
      }

  return FALSE;
}

static GVariant *
position_to_nick (const GValue       *value,
                  const GVariantType *type,
                  gpointer            user_data)
{
  const char * const *nicks = user_data;
  guint position = g_value_get_uint (value);

  for (guint i = 0; nicks[i] != NULL; i++)
    if (i == position)
      return g_variant_new_string (nicks[i]);

  return NULL;
}

static void
fill_deployments (MusterPreferencesWindow *self)
{
  guint position = adw_combo_row_get_selected (self->system_row);
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  g_autofree char *current = g_settings_get_string (self->settings, "default-deployment");
  MusterSystem *system;
  GPtrArray *deployments;
  guint selected = 0;

  if (position >= self->systems->len)
    return;

  system = g_ptr_array_index (self->systems, position);
  deployments = muster_system_get_deployments (system);

  for (guint i = 0; i < deployments->len; i++)
    {
      const MusterDeployment *d = g_ptr_array_index (deployments, i);

      gtk_string_list_append (names, d->name);
      if (g_strcmp0 (d->id, current) == 0)
        selected = i;
    }

  adw_combo_row_set_model (self->deployment_row, G_LIST_MODEL (names));
  adw_combo_row_set_selected (self->deployment_row, selected);
}

/* The tables of the chosen system, its usual one first. */
static void
fill_boards (MusterPreferencesWindow *self)
{
  guint position = adw_combo_row_get_selected (self->system_row);
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  g_autofree char *current = g_settings_get_string (self->settings, "default-board");
  const MusterBoardPreset *usual;
  MusterSystem *system;
  GPtrArray *boards;
  guint selected = 0;

  if (position >= self->systems->len)
    return;

  system = g_ptr_array_index (self->systems, position);
  boards = muster_system_get_board_presets (system);
  usual = muster_system_get_default_board (system);

  for (guint i = 0; i < boards->len; i++)
    {
      const MusterBoardPreset *board = g_ptr_array_index (boards, i);

      gtk_string_list_append (names, board->name);
      if (g_strcmp0 (board->id, current) == 0 || (current[0] == '\0' && board == usual))
        selected = i;
    }

  self->filling_boards = TRUE;
  adw_combo_row_set_model (self->board_row, G_LIST_MODEL (names));
  adw_combo_row_set_selected (self->board_row, selected);
  self->filling_boards = FALSE;
}

static void
board_selected_cb (MusterPreferencesWindow *self)
{
  guint system_position = adw_combo_row_get_selected (self->system_row);
  guint position = adw_combo_row_get_selected (self->board_row);
  GPtrArray *boards;

  if (self->filling_boards || system_position >= self->systems->len)
    return;

  boards = muster_system_get_board_presets (g_ptr_array_index (self->systems, system_position));
  if (position >= boards->len)
    return;

  g_settings_set_string (self->settings, "default-board",
                         ((const MusterBoardPreset *) g_ptr_array_index (boards, position))->id);
}

static void
system_selected_cb (MusterPreferencesWindow *self)
{
  guint position = adw_combo_row_get_selected (self->system_row);

  if (position >= self->systems->len)
    return;

  g_settings_set_string (self->settings, "default-system",
                         muster_system_get_id (g_ptr_array_index (self->systems, position)));
  /* Another system's tables have other names. */
  g_settings_set_string (self->settings, "default-board", "");
  fill_deployments (self);
  fill_boards (self);
}

static void
deployment_selected_cb (MusterPreferencesWindow *self)
{
  guint system_position = adw_combo_row_get_selected (self->system_row);
  guint position = adw_combo_row_get_selected (self->deployment_row);
  GPtrArray *deployments;

  if (system_position >= self->systems->len)
    return;

  deployments = muster_system_get_deployments (g_ptr_array_index (self->systems, system_position));
  if (position >= deployments->len)
    return;

  g_settings_set_string (self->settings, "default-deployment",
                         ((const MusterDeployment *) g_ptr_array_index (deployments, position))->id);
}

static void
muster_preferences_window_dispose (GObject *object)
{
  MusterPreferencesWindow *self = (MusterPreferencesWindow *)object;

  gtk_widget_dispose_template (GTK_WIDGET (self), MUSTER_TYPE_PREFERENCES_WINDOW);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->systems, g_ptr_array_unref);

  G_OBJECT_CLASS (muster_preferences_window_parent_class)->dispose (object);
}

static void
muster_preferences_window_class_init (MusterPreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_preferences_window_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/muster-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterPreferencesWindow, units_row);
  gtk_widget_class_bind_template_child (widget_class, MusterPreferencesWindow, tolerance_adjustment);
  gtk_widget_class_bind_template_child (widget_class, MusterPreferencesWindow, system_row);
  gtk_widget_class_bind_template_child (widget_class, MusterPreferencesWindow, deployment_row);
  gtk_widget_class_bind_template_child (widget_class, MusterPreferencesWindow, board_row);
  gtk_widget_class_bind_template_child (widget_class, MusterPreferencesWindow, style_row);
}

static void
muster_preferences_window_init (MusterPreferencesWindow *self)
{
  static const char * const units[] = { "in", "cm", NULL };
  static const char * const styles[] = { "default", "light", "dark", NULL };
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  g_autofree char *current = NULL;
  GPtrArray *systems;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->settings = g_settings_new (APP_ID);
  g_settings_bind_with_mapping (self->settings, "units", self->units_row, "selected",
                                G_SETTINGS_BIND_DEFAULT, nick_to_position, position_to_nick,
                                (gpointer) units, NULL);
  g_settings_bind_with_mapping (self->settings, "colour-scheme", self->style_row, "selected",
                                G_SETTINGS_BIND_DEFAULT, nick_to_position, position_to_nick,
                                (gpointer) styles, NULL);
  g_settings_bind (self->settings, "contact-tolerance", self->tolerance_adjustment, "value",
                   G_SETTINGS_BIND_DEFAULT);

  self->systems = g_ptr_array_new_with_free_func (g_object_unref);
  systems = muster_system_registry_list (muster_system_registry_get_default ());
  current = g_settings_get_string (self->settings, "default-system");
  for (guint i = 0; i < systems->len; i++)
    {
      MusterSystem *system = g_ptr_array_index (systems, i);

      gtk_string_list_append (names, muster_system_get_name (system));
      g_ptr_array_add (self->systems, g_object_ref (system));
    }
  adw_combo_row_set_model (self->system_row, G_LIST_MODEL (names));
  for (guint i = 0; i < self->systems->len; i++)
    if (g_strcmp0 (muster_system_get_id (g_ptr_array_index (self->systems, i)), current) == 0)
      adw_combo_row_set_selected (self->system_row, i);
  fill_deployments (self);
  fill_boards (self);

  g_signal_connect_object (self->board_row, "notify::selected",
                           G_CALLBACK (board_selected_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->system_row, "notify::selected",
                           G_CALLBACK (system_selected_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->deployment_row, "notify::selected",
                           G_CALLBACK (deployment_selected_cb), self, G_CONNECT_SWAPPED);
}

GtkWidget *
muster_preferences_window_new (GtkWindow *parent)
{
  return g_object_new (MUSTER_TYPE_PREFERENCES_WINDOW,
                       "transient-for", parent,
                       "modal", TRUE,
                       NULL);
}
