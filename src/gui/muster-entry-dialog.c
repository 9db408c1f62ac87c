/* muster-entry-dialog.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-entry-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-entry-dialog.h"
#include "muster-expr.h"

typedef struct
{
  const char *id;
  const char *label;
} Category;

/* The categories that the deployment rules refer to. */
static const Category categories[] = {
  { "character", N_("Character") },
  { "war-machine", N_("War Machine") },
  { "war-platform", N_("War Platform") },
  { "scout", N_("Scout") },
};

struct _MusterEntryDialog
{
  AdwWindow          parent_instance;

  MusterSystem      *system;
  MusterRosterEntry *entry;           /* what it was opened with */
  GPtrArray         *presets;         /* MusterBasePreset, the system's */
  GPtrArray         *category_checks; /* GtkCheckButton, as categories[] */
  GPtrArray         *skill_checks;    /* GtkCheckButton, "skill-id" data */

  /* Template children */
  GtkButton         *save_button;
  AdwEntryRow       *name_row;
  AdwComboRow       *kind_row;
  GtkSpinButton     *count_spin;
  AdwComboRow       *base_row;
  AdwActionRow      *files_row;
  GtkSpinButton     *files_spin;
  AdwActionRow      *ranks_row;
  GtkSpinButton     *ranks_spin;
  AdwActionRow      *footprint_row;
  GtkLabel          *footprint_label;
  AdwPreferencesGroup *categories_group;
  AdwPreferencesGroup *skills_group;
  AdwActionRow      *lieutenant_row;
  GtkSwitch         *lieutenant_switch;
};

enum {
  SAVED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (MusterEntryDialog, muster_entry_dialog, ADW_TYPE_WINDOW)

static const MusterBasePreset *
selected_preset (MusterEntryDialog *self)
{
  guint index = adw_combo_row_get_selected (self->base_row);

  if (self->presets == NULL || index >= self->presets->len)
    return NULL;

  return g_ptr_array_index (self->presets, index);
}

static gboolean
is_unit (MusterEntryDialog *self)
{
  return adw_combo_row_get_selected (self->kind_row) == 1;
}

static void
update_visibility (MusterEntryDialog *self)
{
  g_autoptr(MusterRosterEntry) entry = muster_entry_dialog_dup_entry (self);
  gboolean unit = is_unit (self);
  MusterBase footprint;
  g_autofree char *width = NULL;
  g_autofree char *depth = NULL;
  g_autofree char *text = NULL;

  gtk_widget_set_visible (GTK_WIDGET (self->files_row), unit);
  gtk_widget_set_visible (GTK_WIDGET (self->ranks_row), unit);
  gtk_widget_set_visible (GTK_WIDGET (self->footprint_row), unit);

  muster_roster_entry_get_footprint (entry, &footprint);
  width = muster_length_format (footprint.width, MUSTER_UNIT_MM);
  depth = muster_length_format (footprint.depth, MUSTER_UNIT_MM);
  /* Translators: the size of a unit's footprint, width × depth */
  text = g_strdup_printf (_("%s × %s"), width, depth);
  gtk_label_set_label (self->footprint_label, text);
}

static void
update_sensitivity (MusterEntryDialog *self)
{
  g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->name_row))));

  gtk_widget_set_sensitive (GTK_WIDGET (self->save_button), *name != '\0');
}

MusterRosterEntry *
muster_entry_dialog_dup_entry (MusterEntryDialog *self)
{
  MusterRosterEntry *entry;
  const MusterBasePreset *preset;
  g_autoptr(GStrvBuilder) builder = NULL;

  g_return_val_if_fail (MUSTER_IS_ENTRY_DIALOG (self), NULL);

  entry = self->entry != NULL ? muster_roster_entry_copy (self->entry) : muster_roster_entry_new ();

  g_free (entry->name);
  entry->name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->name_row))));
  entry->kind = is_unit (self) ? MUSTER_PIECE_UNIT : MUSTER_PIECE_MODEL;
  entry->count = gtk_spin_button_get_value_as_int (self->count_spin);
  entry->files = entry->kind == MUSTER_PIECE_UNIT ? gtk_spin_button_get_value_as_int (self->files_spin) : 1;
  entry->ranks = entry->kind == MUSTER_PIECE_UNIT ? gtk_spin_button_get_value_as_int (self->ranks_spin) : 1;

  preset = selected_preset (self);
  if (preset != NULL)
    {
      g_free (entry->preset);
      entry->preset = g_strdup (preset->id);
      entry->base = preset->base;
    }

  builder = g_strv_builder_new ();
  for (guint i = 0; i < self->category_checks->len; i++)
    if (gtk_check_button_get_active (g_ptr_array_index (self->category_checks, i)))
      g_strv_builder_add (builder, categories[i].id);
  g_strfreev (entry->categories);
  entry->categories = g_strv_builder_end (builder);
  if (entry->categories[0] == NULL)
    g_clear_pointer (&entry->categories, g_strfreev);

  if (gtk_widget_get_visible (GTK_WIDGET (self->skills_group)))
    {
      g_autoptr(GStrvBuilder) skills = g_strv_builder_new ();

      for (guint i = 0; i < self->skill_checks->len; i++)
        {
          GtkCheckButton *check = g_ptr_array_index (self->skill_checks, i);

          if (gtk_check_button_get_active (check))
            g_strv_builder_add (skills, g_object_get_data (G_OBJECT (check), "skill-id"));
        }
      g_strfreev (entry->skills);
      entry->skills = g_strv_builder_end (skills);
      if (entry->skills[0] == NULL)
        g_clear_pointer (&entry->skills, g_strfreev);
      entry->lieutenant = gtk_switch_get_active (self->lieutenant_switch);
    }

  return entry;
}

void
muster_entry_dialog_set_name (MusterEntryDialog *self,
                              const char        *name)
{
  g_return_if_fail (MUSTER_IS_ENTRY_DIALOG (self));

  gtk_editable_set_text (GTK_EDITABLE (self->name_row), name);
}

void
muster_entry_dialog_save (MusterEntryDialog *self)
{
  g_return_if_fail (MUSTER_IS_ENTRY_DIALOG (self));

  if (!gtk_widget_get_sensitive (GTK_WIDGET (self->save_button)))
    return;

  g_signal_emit (self, signals[SAVED], 0);
  gtk_window_close (GTK_WINDOW (self));
}

static GtkWidget *
add_check_row (AdwPreferencesGroup *group,
               const char          *title)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *check = gtk_check_button_new ();

  /* Names from game-system files, which may hold "&". */
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), check);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), check);
  adw_preferences_group_add (group, row);

  return check;
}

static void
setup (MusterEntryDialog *self)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  GPtrArray *skills = self->system != NULL ? muster_system_get_skills (self->system) : NULL;
  gboolean has_skills = skills != NULL && skills->len > 0;
  gboolean has_rect = FALSE;
  guint selected = 0;

  self->presets = self->system != NULL ? g_ptr_array_ref (muster_system_get_base_presets (self->system)) : NULL;
  for (guint i = 0; self->presets != NULL && i < self->presets->len; i++)
    {
      const MusterBasePreset *preset = g_ptr_array_index (self->presets, i);

      gtk_string_list_append (names, preset->name);
      if (preset->base.shape == MUSTER_BASE_RECT)
        has_rect = TRUE;
      if (self->entry != NULL && g_strcmp0 (self->entry->preset, preset->id) == 0)
        selected = i;
    }
  adw_combo_row_set_model (self->base_row, G_LIST_MODEL (names));
  adw_combo_row_set_selected (self->base_row, selected);

  /* Categories for the games whose rules read them; skills and the
   * Lieutenant for the games that have them. */
  for (guint i = 0; i < G_N_ELEMENTS (categories); i++)
    g_ptr_array_add (self->category_checks, add_check_row (self->categories_group, _(categories[i].label)));
  gtk_widget_set_visible (GTK_WIDGET (self->categories_group), !has_skills);

  for (guint i = 0; skills != NULL && i < skills->len; i++)
    {
      const MusterSkillDef *skill = g_ptr_array_index (skills, i);
      GtkWidget *check = add_check_row (self->skills_group, skill->name);

      g_object_set_data_full (G_OBJECT (check), "skill-id", g_strdup (skill->id), g_free);
      g_ptr_array_add (self->skill_checks, check);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->skills_group), has_skills);

  if (self->entry != NULL)
    {
      gtk_window_set_title (GTK_WINDOW (self), _("Edit Roster Entry"));
      gtk_button_set_label (self->save_button, _("_Save"));
      gtk_editable_set_text (GTK_EDITABLE (self->name_row), self->entry->name != NULL ? self->entry->name : "");
      adw_combo_row_set_selected (self->kind_row, self->entry->kind == MUSTER_PIECE_UNIT ? 1 : 0);
      gtk_spin_button_set_value (self->count_spin, self->entry->count);
      gtk_spin_button_set_value (self->files_spin, self->entry->files);
      gtk_spin_button_set_value (self->ranks_spin, self->entry->ranks);
      gtk_switch_set_active (self->lieutenant_switch, self->entry->lieutenant);

      for (guint i = 0; i < G_N_ELEMENTS (categories); i++)
        gtk_check_button_set_active (g_ptr_array_index (self->category_checks, i),
                                     self->entry->categories != NULL &&
                                     g_strv_contains ((const char * const *) self->entry->categories,
                                                      categories[i].id));
      for (guint i = 0; i < self->skill_checks->len; i++)
        {
          GtkCheckButton *check = g_ptr_array_index (self->skill_checks, i);

          gtk_check_button_set_active (check, self->entry->skills != NULL &&
                                       g_strv_contains ((const char * const *) self->entry->skills,
                                                        g_object_get_data (G_OBJECT (check), "skill-id")));
        }
    }
  else
    /* Rank-and-file games come in units. */
    adw_combo_row_set_selected (self->kind_row, has_rect ? 1 : 0);

  /* Games of single models on round bases have no units to rank up. */
  gtk_widget_set_visible (GTK_WIDGET (self->kind_row),
                          has_rect || (self->entry != NULL && self->entry->kind == MUSTER_PIECE_UNIT));

  update_visibility (self);
  update_sensitivity (self);
  gtk_window_set_focus (GTK_WINDOW (self), GTK_WIDGET (self->name_row));
}

static void
muster_entry_dialog_dispose (GObject *object)
{
  MusterEntryDialog *self = (MusterEntryDialog *)object;

  gtk_widget_dispose_template (GTK_WIDGET (self), MUSTER_TYPE_ENTRY_DIALOG);

  G_OBJECT_CLASS (muster_entry_dialog_parent_class)->dispose (object);
}

static void
muster_entry_dialog_finalize (GObject *object)
{
  MusterEntryDialog *self = (MusterEntryDialog *)object;

  g_clear_object (&self->system);
  g_clear_pointer (&self->entry, muster_roster_entry_free);
  g_clear_pointer (&self->presets, g_ptr_array_unref);
  g_clear_pointer (&self->category_checks, g_ptr_array_unref);
  g_clear_pointer (&self->skill_checks, g_ptr_array_unref);

  G_OBJECT_CLASS (muster_entry_dialog_parent_class)->finalize (object);
}

static void
muster_entry_dialog_class_init (MusterEntryDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_entry_dialog_dispose;
  object_class->finalize = muster_entry_dialog_finalize;

  /**
   * MusterEntryDialog::saved:
   *
   * The player confirmed: muster_entry_dialog_dup_entry() has the entry.
   */
  signals[SAVED] =
    g_signal_new ("saved",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/muster-entry-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterEntryDialog, save_button);
  gtk_widget_class_bind_template_child (widget_class, MusterEntryDialog, name_row);
  gtk_widget_class_bind_template_child (widget_class, MusterEntryDialog, kind_row);
  gtk_widget_class_bind_template_child (widget_class, MusterEntryDialog, count_spin);
  gtk_widget_class_bind_template_child (widget_class, MusterEntryDialog, base_row);
  gtk_widget_class_bind_template_child (widget_class, MusterEntryDialog, files_row);
  gtk_widget_class_bind_template_child (widget_class, MusterEntryDialog, files_spin);
  gtk_widget_class_bind_template_child (widget_class, MusterEntryDialog, ranks_row);
  gtk_widget_class_bind_template_child (widget_class, MusterEntryDialog, ranks_spin);
  gtk_widget_class_bind_template_child (widget_class, MusterEntryDialog, footprint_row);
  gtk_widget_class_bind_template_child (widget_class, MusterEntryDialog, footprint_label);
  gtk_widget_class_bind_template_child (widget_class, MusterEntryDialog, categories_group);
  gtk_widget_class_bind_template_child (widget_class, MusterEntryDialog, skills_group);
  gtk_widget_class_bind_template_child (widget_class, MusterEntryDialog, lieutenant_row);
  gtk_widget_class_bind_template_child (widget_class, MusterEntryDialog, lieutenant_switch);
  gtk_widget_class_bind_template_callback (widget_class, update_visibility);
  gtk_widget_class_bind_template_callback (widget_class, update_sensitivity);
  gtk_widget_class_bind_template_callback (widget_class, muster_entry_dialog_save);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
muster_entry_dialog_init (MusterEntryDialog *self)
{
  self->category_checks = g_ptr_array_new ();
  self->skill_checks = g_ptr_array_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
}

MusterEntryDialog *
muster_entry_dialog_new (GtkWindow               *parent,
                         MusterSystem            *system,
                         const MusterRosterEntry *entry)
{
  MusterEntryDialog *self;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (system == NULL || MUSTER_IS_SYSTEM (system), NULL);

  self = g_object_new (MUSTER_TYPE_ENTRY_DIALOG,
                       "transient-for", parent,
                       NULL);
  self->system = system != NULL ? g_object_ref (system) : NULL;
  self->entry = entry != NULL ? muster_roster_entry_copy (entry) : NULL;
  setup (self);

  return self;
}
