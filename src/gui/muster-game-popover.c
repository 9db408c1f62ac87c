/* muster-game-popover.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-game-popover"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "muster-choices.h"
#include "muster-editor.h"
#include "muster-expr.h"
#include "muster-game-popover.h"

struct _MusterGamePopover
{
  GtkPopover           parent_instance;

  MusterLayout        *layout;
  MusterHistory       *history;
  MusterEditor        *editor;         /* of the layout and the history */
  MusterUnit           units;

  GPtrArray           *system_ids;
  GPtrArray           *deployment_ids;
  GPtrArray           *boards;         /* MusterBoardPreset, borrowed */
  GPtrArray           *choice_rows;
  gboolean             updating;
  guint                refresh_id;

  /* Template children */
  AdwComboRow         *system_row;
  AdwComboRow         *deployment_row;
  AdwComboRow         *table_row;
  AdwActionRow        *width_row;
  AdwActionRow        *height_row;
  GtkSpinButton       *width_spin;
  GtkSpinButton       *height_spin;
  AdwPreferencesGroup *choices_group;
};

G_DEFINE_FINAL_TYPE (MusterGamePopover, muster_game_popover, GTK_TYPE_POPOVER)

/* The game: changes shared with the window */

static MusterSystem *
lookup_system (const char *system_id)
{
  return muster_system_registry_lookup (muster_system_registry_get_default (), system_id);
}

/* The popover */

static char *
option_value_label (const char *value)
{
  double number;
  char *end = NULL;

  if (g_strcmp0 (value, "nw-se") == 0)
    return g_strdup (_("North-west to south-east"));
  if (g_strcmp0 (value, "ne-sw") == 0)
    return g_strdup (_("North-east to south-west"));

  /* Bare numbers in the game files are inches. */
  number = g_ascii_strtod (value, &end);
  if (end != value && end != NULL && *end == '\0')
    return muster_length_format (number * MUSTER_MM_PER_INCH, MUSTER_UNIT_INCH);

  return g_strdup (value);
}

static void
option_selected_cb (AdwComboRow       *row,
                    GParamSpec        *pspec,
                    MusterGamePopover *self)
{
  const MusterOptionDef *option = g_object_get_data (G_OBJECT (row), "option");
  guint index = adw_combo_row_get_selected (row);
  g_autofree char *label = NULL;

  if (self->updating || option == NULL || index >= g_strv_length (option->values))
    return;

  label = g_strdup_printf (_("Change %s"), option->label != NULL ? option->label : option->name);
  muster_editor_set_option (self->editor, option->name, option->values[index], label);
}

static void
player_choice_cb (AdwComboRow       *row,
                  GParamSpec        *pspec,
                  MusterGamePopover *self)
{
  gboolean roles = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (row), "roles"));

  if (!self->updating)
    muster_editor_choose_player (self->editor, roles, adw_combo_row_get_selected (row));
}

static GtkWidget *
add_player_row (MusterGamePopover *self,
                const char        *title,
                const char        *subtitle,
                gboolean           roles)
{
  GPtrArray *players = muster_layout_get_players (self->layout);
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  GtkWidget *row = adw_combo_row_new ();
  guint selected = GTK_INVALID_LIST_POSITION;
  /* The first of the table's short edges (muster_editor_choose_player()). */
  const char *first_edge = muster_layout_get_width (self->layout) < muster_layout_get_height (self->layout)
                         ? "north" : "west";

  for (guint i = 0; i < players->len; i++)
    {
      const MusterPlayer *player = g_ptr_array_index (players, i);

      gtk_string_list_append (names, player->name != NULL ? player->name : player->id);
      if (roles ? g_strcmp0 (player->role, "attacker") == 0 : g_strcmp0 (player->short_edge, first_edge) == 0)
        selected = i;
    }

  /* Players' names, plain text. */
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (names));
  adw_combo_row_set_selected (ADW_COMBO_ROW (row), selected);
  g_object_set_data (G_OBJECT (row), "roles", GINT_TO_POINTER (roles));
  g_signal_connect (row, "notify::selected", G_CALLBACK (player_choice_cb), self);

  return row;
}

static void
refresh_systems (MusterGamePopover *self,
                 MusterSystem      *system)
{
  GPtrArray *systems = muster_system_registry_list (muster_system_registry_get_default ());
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  guint selected = GTK_INVALID_LIST_POSITION;

  g_ptr_array_set_size (self->system_ids, 0);
  for (guint i = 0; i < systems->len; i++)
    {
      MusterSystem *s = g_ptr_array_index (systems, i);

      gtk_string_list_append (names, muster_system_get_name (s));
      g_ptr_array_add (self->system_ids, g_strdup (muster_system_get_id (s)));
      if (s == system)
        selected = i;
    }
  adw_combo_row_set_model (self->system_row, G_LIST_MODEL (names));
  adw_combo_row_set_selected (self->system_row, selected);
}

static void
refresh_deployments (MusterGamePopover      *self,
                     MusterSystem           *system,
                     const MusterDeployment *deployment)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  guint selected = GTK_INVALID_LIST_POSITION;
  GPtrArray *deployments = system != NULL ? muster_system_get_deployments (system) : NULL;

  g_ptr_array_set_size (self->deployment_ids, 0);
  for (guint i = 0; deployments != NULL && i < deployments->len; i++)
    {
      const MusterDeployment *d = g_ptr_array_index (deployments, i);

      gtk_string_list_append (names, d->name);
      g_ptr_array_add (self->deployment_ids, g_strdup (d->id));
      if (d == deployment)
        selected = i;
    }
  adw_combo_row_set_model (self->deployment_row, G_LIST_MODEL (names));
  adw_combo_row_set_selected (self->deployment_row, selected);
}

static void
refresh_table (MusterGamePopover *self,
               MusterSystem      *system)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  double width = muster_layout_get_width (self->layout);
  double height = muster_layout_get_height (self->layout);
  GPtrArray *boards = system != NULL ? muster_system_get_board_presets (system) : NULL;
  guint selected = GTK_INVALID_LIST_POSITION;

  g_ptr_array_set_size (self->boards, 0);
  for (guint i = 0; boards != NULL && i < boards->len; i++)
    {
      const MusterBoardPreset *board = g_ptr_array_index (boards, i);

      gtk_string_list_append (names, board->name);
      g_ptr_array_add (self->boards, (gpointer) board);
      if (fabs (board->width - width) < 0.01 && fabs (board->height - height) < 0.01)
        selected = i;
    }
  gtk_string_list_append (names, _("Custom"));
  if (selected == GTK_INVALID_LIST_POSITION)
    selected = self->boards->len;
  adw_combo_row_set_model (self->table_row, G_LIST_MODEL (names));
  adw_combo_row_set_selected (self->table_row, selected);

  gtk_spin_button_set_value (self->width_spin, muster_unit_from_mm (self->units, width));
  gtk_spin_button_set_value (self->height_spin, muster_unit_from_mm (self->units, height));
}

static GtkWidget *
make_option_row (MusterGamePopover      *self,
                 const MusterDeployment *deployment,
                 const MusterOptionDef  *option)
{
  const char *value = muster_deployment_get_option (deployment, muster_layout_get_options (self->layout),
                                                    option->name);
  g_autoptr(GtkStringList) values = gtk_string_list_new (NULL);
  GtkWidget *row = adw_combo_row_new ();
  guint selected = GTK_INVALID_LIST_POSITION;

  for (guint j = 0; option->values[j] != NULL; j++)
    {
      g_autofree char *label = option_value_label (option->values[j]);

      gtk_string_list_append (values, label);
      if (g_strcmp0 (option->values[j], value) == 0)
        selected = j;
    }

  /* From the game-system file, plain text. */
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), option->label != NULL ? option->label : option->name);
  /* Values such as "North-west to south-east" need the row's width. */
  adw_combo_row_set_use_subtitle (ADW_COMBO_ROW (row), TRUE);
  adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (values));
  adw_combo_row_set_selected (ADW_COMBO_ROW (row), selected);
  g_object_set_data (G_OBJECT (row), "option", (gpointer) option);
  g_signal_connect (row, "notify::selected", G_CALLBACK (option_selected_cb), self);

  return row;
}

static void
add_choice_row (MusterGamePopover *self,
                GtkWidget         *row)
{
  adw_preferences_group_add (self->choices_group, row);
  g_ptr_array_add (self->choice_rows, row);
}

/* The choices this deployment type asks for. */
static void
refresh_choices (MusterGamePopover      *self,
                 MusterSystem           *system,
                 const MusterDeployment *deployment)
{
  gboolean portrait = muster_layout_get_width (self->layout) < muster_layout_get_height (self->layout);

  for (guint i = 0; i < self->choice_rows->len; i++)
    adw_preferences_group_remove (self->choices_group, g_ptr_array_index (self->choice_rows, i));
  g_ptr_array_set_size (self->choice_rows, 0);

  for (guint i = 0; deployment != NULL && i < deployment->options->len; i++)
    add_choice_row (self, make_option_row (self, deployment, g_ptr_array_index (deployment->options, i)));

  if (deployment != NULL && muster_choices_needs_roles (self->layout, system))
    add_choice_row (self, add_player_row (self, _("Attacker"), _("The other player defends"), TRUE));

  if (deployment != NULL && muster_choices_needs_short_edges (self->layout, system))
    add_choice_row (self, portrait
                          ? add_player_row (self, _("Northern Short Edge"),
                                            _("The other player takes the southern one"), FALSE)
                          : add_player_row (self, _("Western Short Edge"),
                                            _("The other player takes the eastern one"), FALSE));

  gtk_widget_set_visible (GTK_WIDGET (self->choices_group), self->choice_rows->len > 0);
}

static void
refresh (MusterGamePopover *self)
{
  MusterSystem *system;
  const MusterDeployment *deployment;

  if (self->layout == NULL)
    return;

  self->updating = TRUE;

  system = lookup_system (muster_layout_get_system_id (self->layout));
  deployment = system != NULL
             ? muster_system_lookup_deployment (system, muster_layout_get_deployment_id (self->layout))
             : NULL;

  refresh_systems (self, system);
  refresh_deployments (self, system, deployment);
  refresh_table (self, system);
  refresh_choices (self, system, deployment);

  self->updating = FALSE;
}

static void
system_selected_cb (MusterGamePopover *self)
{
  guint index = adw_combo_row_get_selected (self->system_row);

  if (self->updating || index >= self->system_ids->len)
    return;

  muster_editor_set_system (self->editor, g_ptr_array_index (self->system_ids, index));
}

static void
deployment_selected_cb (MusterGamePopover *self)
{
  guint index = adw_combo_row_get_selected (self->deployment_row);

  if (self->updating || index >= self->deployment_ids->len)
    return;

  muster_editor_set_deployment (self->editor, g_ptr_array_index (self->deployment_ids, index));
}

static void
table_selected_cb (MusterGamePopover *self)
{
  guint index = adw_combo_row_get_selected (self->table_row);
  const MusterBoardPreset *board;

  if (self->updating || index >= self->boards->len)
    return;

  board = g_ptr_array_index (self->boards, index);
  muster_editor_set_table_size (self->editor, board->width, board->height);
}

static void
size_changed_cb (MusterGamePopover *self)
{
  double width = muster_unit_to_mm (self->units, gtk_spin_button_get_value (self->width_spin));
  double height = muster_unit_to_mm (self->units, gtk_spin_button_get_value (self->height_spin));

  if (self->updating || self->layout == NULL)
    return;

  /* The spin buttons round: only a real change counts. */
  if (fabs (width - muster_layout_get_width (self->layout)) < 0.05 * MUSTER_MM_PER_CM &&
      fabs (height - muster_layout_get_height (self->layout)) < 0.05 * MUSTER_MM_PER_CM)
    return;

  muster_editor_set_table_size (self->editor, width, height);
}

static gboolean
refresh_idle_cb (gpointer data)
{
  MusterGamePopover *self = data;

  self->refresh_id = 0;
  refresh (self);

  return G_SOURCE_REMOVE;
}

static void
layout_changed_cb (MusterGamePopover *self)
{
  /* Not from inside the handler of a row that refresh() replaces. */
  if (gtk_widget_get_mapped (GTK_WIDGET (self)) && self->refresh_id == 0)
    self->refresh_id = g_idle_add (refresh_idle_cb, self);
}

void
muster_game_popover_set_layout (MusterGamePopover *self,
                                MusterLayout      *layout,
                                MusterHistory     *history)
{
  g_return_if_fail (MUSTER_IS_GAME_POPOVER (self));
  g_return_if_fail (layout == NULL || MUSTER_IS_LAYOUT (layout));

  /* The same again keeps the editor, which may be making a change now. */
  if (layout == self->layout && history == self->history)
    return;

  if (self->layout != NULL)
    g_signal_handlers_disconnect_by_data (self->layout, self);
  g_set_object (&self->layout, layout);
  g_set_object (&self->history, history);
  g_clear_object (&self->editor);
  if (layout != NULL)
    self->editor = muster_editor_new (layout, history);
  if (layout != NULL)
    g_signal_connect_object (layout, "changed", G_CALLBACK (layout_changed_cb), self, G_CONNECT_SWAPPED);

  refresh (self);
}

void
muster_game_popover_set_units (MusterGamePopover *self,
                               MusterUnit         units)
{
  g_return_if_fail (MUSTER_IS_GAME_POPOVER (self));

  /* Changing the digits sets the value again: not a new table size. */
  self->updating = TRUE;
  self->units = units;
  adw_action_row_set_subtitle (self->width_row, units == MUSTER_UNIT_INCH ? _("Inches") : _("Centimetres"));
  adw_action_row_set_subtitle (self->height_row, units == MUSTER_UNIT_INCH ? _("Inches") : _("Centimetres"));
  gtk_spin_button_set_digits (self->width_spin, units == MUSTER_UNIT_INCH ? 1 : 0);
  gtk_spin_button_set_digits (self->height_spin, units == MUSTER_UNIT_INCH ? 1 : 0);
  refresh (self);
}

static void
muster_game_popover_map (GtkWidget *widget)
{
  refresh (MUSTER_GAME_POPOVER (widget));

  GTK_WIDGET_CLASS (muster_game_popover_parent_class)->map (widget);
}

static void
muster_game_popover_dispose (GObject *object)
{
  MusterGamePopover *self = (MusterGamePopover *)object;

  g_clear_handle_id (&self->refresh_id, g_source_remove);
  if (self->layout != NULL)
    g_signal_handlers_disconnect_by_data (self->layout, self);

  gtk_widget_dispose_template (GTK_WIDGET (self), MUSTER_TYPE_GAME_POPOVER);

  g_clear_object (&self->layout);
  g_clear_object (&self->history);
  g_clear_object (&self->editor);

  G_OBJECT_CLASS (muster_game_popover_parent_class)->dispose (object);
}

static void
muster_game_popover_finalize (GObject *object)
{
  MusterGamePopover *self = (MusterGamePopover *)object;

  g_clear_pointer (&self->system_ids, g_ptr_array_unref);
  g_clear_pointer (&self->deployment_ids, g_ptr_array_unref);
  g_clear_pointer (&self->boards, g_ptr_array_unref);
  g_clear_pointer (&self->choice_rows, g_ptr_array_unref);

  G_OBJECT_CLASS (muster_game_popover_parent_class)->finalize (object);
}

static void
muster_game_popover_class_init (MusterGamePopoverClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_game_popover_dispose;
  object_class->finalize = muster_game_popover_finalize;
  widget_class->map = muster_game_popover_map;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/muster-game-popover.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterGamePopover, system_row);
  gtk_widget_class_bind_template_child (widget_class, MusterGamePopover, deployment_row);
  gtk_widget_class_bind_template_child (widget_class, MusterGamePopover, table_row);
  gtk_widget_class_bind_template_child (widget_class, MusterGamePopover, width_row);
  gtk_widget_class_bind_template_child (widget_class, MusterGamePopover, height_row);
  gtk_widget_class_bind_template_child (widget_class, MusterGamePopover, width_spin);
  gtk_widget_class_bind_template_child (widget_class, MusterGamePopover, height_spin);
  gtk_widget_class_bind_template_child (widget_class, MusterGamePopover, choices_group);
  gtk_widget_class_bind_template_callback (widget_class, system_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, deployment_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, table_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, size_changed_cb);
}

static void
muster_game_popover_init (MusterGamePopover *self)
{
  self->units = MUSTER_UNIT_INCH;
  self->system_ids = g_ptr_array_new_with_free_func (g_free);
  self->deployment_ids = g_ptr_array_new_with_free_func (g_free);
  self->boards = g_ptr_array_new ();
  self->choice_rows = g_ptr_array_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
muster_game_popover_new (void)
{
  return g_object_new (MUSTER_TYPE_GAME_POPOVER, NULL);
}
