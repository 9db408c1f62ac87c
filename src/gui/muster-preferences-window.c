/* muster-preferences-window.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-preferences-window"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-compat.h"
#include "muster-file-chooser.h"
#include "muster-preferences-window.h"
#include "muster-system.h"

struct _MusterPreferencesWindow
{
  MUSTER_PREFERENCES_PARENT parent_instance;

  GSettings            *settings;
  GPtrArray            *systems;        /* MusterSystem, as listed in system_row */

  AdwComboRow          *units_row;
  GtkAdjustment        *tolerance_adjustment;
  AdwComboRow          *system_row;
  AdwComboRow          *deployment_row;
  AdwComboRow          *board_row;
  gboolean              filling_boards;
  AdwComboRow          *style_row;
  AdwPreferencesGroup  *systems_group;
};

G_DEFINE_FINAL_TYPE (MusterPreferencesWindow, muster_preferences_window, MUSTER_PREFERENCES_PARENT_TYPE)

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

/* The game systems, the default one chosen; again after an import. The
 * combo row is not listened to yet the first time. */
static void
fill_systems (MusterPreferencesWindow *self)
{
  GPtrArray *systems = muster_system_registry_list (muster_system_registry_get_default ());
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  g_autofree char *current = g_settings_get_string (self->settings, "default-system");
  guint selected = 0;

  g_ptr_array_set_size (self->systems, 0);
  for (guint i = 0; i < systems->len; i++)
    {
      MusterSystem *system = g_ptr_array_index (systems, i);

      gtk_string_list_append (names, muster_system_get_name (system));
      g_ptr_array_add (self->systems, g_object_ref (system));
      if (g_strcmp0 (muster_system_get_id (system), current) == 0)
        selected = i;
    }

  g_signal_handlers_block_by_func (self->system_row, system_selected_cb, self);
  adw_combo_row_set_model (self->system_row, G_LIST_MODEL (names));
  adw_combo_row_set_selected (self->system_row, selected);
  g_signal_handlers_unblock_by_func (self->system_row, system_selected_cb, self);
  fill_deployments (self);
  fill_boards (self);
}

/* An answer to ask_replace() imports again. */
static void import_file (MusterPreferencesWindow *self,
                         GFile                   *file,
                         gboolean                 replace);

static void
replace_response_cb (GtkWidget               *alert,
                     const char              *response,
                     MusterPreferencesWindow *self)
{
  GFile *file = g_object_get_data (G_OBJECT (alert), "file");

  if (g_str_equal (response, "replace"))
    import_file (self, file, TRUE);
}

/* Another of the player's own systems has the id: theirs to decide. */
static void
ask_replace (MusterPreferencesWindow *self,
             GFile                   *file,
             const GError            *error)
{
  g_autofree char *body = g_strdup_printf ("%s\n\n%s", error->message,
                                           _("The file chosen takes its place, in Muster and in your folder."));
  GtkWidget *alert = muster_alert_new (_("Replace Your Game System?"), body);

  muster_alert_add_response (alert, "cancel", _("_Cancel"), ADW_RESPONSE_DEFAULT);
  muster_alert_add_response (alert, "replace", _("_Replace"), ADW_RESPONSE_DESTRUCTIVE);
  muster_alert_set_default_response (alert, "cancel");
  muster_alert_set_close_response (alert, "cancel");
  g_object_set_data_full (G_OBJECT (alert), "file", g_object_ref (file), g_object_unref);
  g_signal_connect_object (alert, "response", G_CALLBACK (replace_response_cb), self, 0);
  muster_alert_present (alert, GTK_WIDGET (self));
}

static void
import_file (MusterPreferencesWindow *self,
             GFile                   *file,
             gboolean                 replace)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  MusterSystem *system;
  GtkWidget *alert;

  system = muster_system_registry_import (muster_system_registry_get_default (), file, replace, &error);
  if (system == NULL && g_error_matches (error, MUSTER_SYSTEM_ERROR, MUSTER_SYSTEM_ERROR_EXISTS))
    {
      ask_replace (self, file, error);
      return;
    }

  if (system == NULL)
    {
      /* The file and line, and what is wrong there. */
      alert = muster_alert_new (_("Game System Not Imported"), error->message);
      muster_alert_add_response (alert, "close", _("_Close"), ADW_RESPONSE_DEFAULT);
      muster_alert_present (alert, GTK_WIDGET (self));
      return;
    }

  fill_systems (self);
  text = g_strdup_printf (_("“%s” imported"), muster_system_get_name (system));
#if ADW_CHECK_VERSION (1, 5, 0)
  adw_preferences_dialog_add_toast (ADW_PREFERENCES_DIALOG (self), adw_toast_new (text));
#else
  adw_preferences_window_add_toast (ADW_PREFERENCES_WINDOW (self), adw_toast_new (text));
#endif
}

void
muster_preferences_window_import_file (MusterPreferencesWindow *self,
                                       GFile                   *file)
{
  g_return_if_fail (MUSTER_IS_PREFERENCES_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  import_file (self, file, FALSE);
}

static void
chosen (GObject *owner,
        GFile   *file)
{
  if (file != NULL)
    import_file (MUSTER_PREFERENCES_WINDOW (owner), file, FALSE);
}

static void
import_activated_cb (MusterPreferencesWindow *self)
{
  g_autoptr(GtkFileFilter) systems = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) all = gtk_file_filter_new ();
  g_autoptr(GListStore) filters = g_list_store_new (GTK_TYPE_FILE_FILTER);

  gtk_file_filter_set_name (systems, _("Game Systems"));
  gtk_file_filter_add_mime_type (systems, "application/xml");
  gtk_file_filter_add_mime_type (systems, "text/xml");
  gtk_file_filter_add_suffix (systems, "xml");
  gtk_file_filter_set_name (all, _("All Files"));
  gtk_file_filter_add_pattern (all, "*");
  g_list_store_append (filters, systems);
  g_list_store_append (filters, all);
  muster_file_chooser_ask (muster_dialog_get_window (GTK_WIDGET (self)), G_OBJECT (self), FALSE,
                           _("Import Game System"), _("_Import"), NULL, NULL, G_LIST_MODEL (filters), chosen);
}

static void
muster_preferences_window_dispose (GObject *object)
{
  MusterPreferencesWindow *self = (MusterPreferencesWindow *)object;

  muster_file_chooser_close (object);
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
  gtk_widget_class_bind_template_child (widget_class, MusterPreferencesWindow, systems_group);
  gtk_widget_class_bind_template_callback (widget_class, import_activated_cb);
}

static void
muster_preferences_window_init (MusterPreferencesWindow *self)
{
  static const char * const units[] = { "in", "cm", NULL };
  static const char * const styles[] = { "default", "light", "dark", NULL };
  g_autofree char *description = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));
#if ADW_CHECK_VERSION (1, 5, 0)
  adw_dialog_set_content_width (ADW_DIALOG (self), 560);
  adw_dialog_set_content_height (ADW_DIALOG (self), 600);
#else
  gtk_window_set_default_size (GTK_WINDOW (self), 560, 600);
#endif

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
  fill_systems (self);

  /* Where the imported ones go: inside a Flatpak, the sandbox's own
   * data folder, which the README names. */
  description = g_strdup_printf (_("Yours are kept in %s"),
                                 muster_system_registry_get_user_dir (muster_system_registry_get_default ()));
  adw_preferences_group_set_description (self->systems_group, description);

  g_signal_connect_object (self->board_row, "notify::selected",
                           G_CALLBACK (board_selected_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->system_row, "notify::selected",
                           G_CALLBACK (system_selected_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->deployment_row, "notify::selected",
                           G_CALLBACK (deployment_selected_cb), self, G_CONNECT_SWAPPED);
}

GtkWidget *
muster_preferences_window_present (GtkWidget *parent)
{
  GtkWidget *self = g_object_new (MUSTER_TYPE_PREFERENCES_WINDOW, NULL);

  g_return_val_if_fail (parent == NULL || GTK_IS_WIDGET (parent), NULL);

  muster_dialog_present (self, parent);

  return self;
}
