/* muster-export-dialog.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-export-dialog"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "muster-compat.h"
#include "muster-export.h"
#include "muster-export-dialog.h"
#include "muster-file-chooser.h"

/* The positions of the combo rows, which are also the values of the
 * settings' enums (data/io.github.muster.Muster.gschema.xml); the paper's
 * enum has "default" before them. */
typedef enum { CONTENT_TABLE, CONTENT_DEPLOYMENT, CONTENT_ATLAS } Content;
typedef enum { SCALE_FIT, SCALE_TRUE } Scale;
typedef enum { PAPER_A4, PAPER_LETTER } Paper;
typedef enum { FORMAT_PDF, FORMAT_SVG, FORMAT_PNG } Format;

static const char * const papers[] = { "a4", "letter" };
static const char * const suffixes[] = { ".pdf", ".svg", ".png" };
static const char * const mime_types[] = { "application/pdf", "image/svg+xml", "image/png" };
static const char * const format_names[] = { N_("PDF Documents"), N_("SVG Images"), N_("PNG Images") };

#define PIECE_FLAGS (MUSTER_RENDER_PIECES | MUSTER_RENDER_TERRAIN | MUSTER_RENDER_VIOLATIONS)

struct _MusterExportDialog
{
  AdwWindow               parent_instance;

  MusterDocument         *document;
  MusterExportDialogMode  mode;
  MusterUnit              units;
  GSettings              *settings;
  gboolean                ready;         /* the rows filled in */

  /* Template children */
  GtkButton              *accept_button;
  AdwComboRow            *content_row;
  AdwComboRow            *deployment_row;
  AdwActionRow           *pieces_row;
  GtkSwitch              *pieces_switch;
  AdwComboRow            *scale_row;
  AdwComboRow            *paper_row;
  AdwComboRow            *format_row;
};

G_DEFINE_FINAL_TYPE (MusterExportDialog, muster_export_dialog, ADW_TYPE_WINDOW)

static Content
get_content (MusterExportDialog *self)
{
  return MIN (adw_combo_row_get_selected (self->content_row), CONTENT_ATLAS);
}

static gboolean
get_true_scale (MusterExportDialog *self)
{
  return adw_combo_row_get_selected (self->scale_row) == SCALE_TRUE;
}

static const char *
get_paper (MusterExportDialog *self)
{
  return papers[MIN (adw_combo_row_get_selected (self->paper_row), PAPER_LETTER)];
}

static Format
get_format (MusterExportDialog *self)
{
  return MIN (adw_combo_row_get_selected (self->format_row), FORMAT_PNG);
}

static const MusterDeployment *
get_deployment (MusterExportDialog *self)
{
  GPtrArray *deployments = muster_system_get_deployments (muster_document_get_system (self->document));
  guint i = adw_combo_row_get_selected (self->deployment_row);

  return i < deployments->len ? g_ptr_array_index (deployments, i) : NULL;
}

static void
add_scene (MusterPrintOperation *operation,
           MusterScene          *scene,
           MusterRenderFlags     flags,
           MusterUnit            units)
{
  muster_scene_set_flags (scene, flags);
  muster_scene_set_units (scene, units);
  muster_print_operation_add_scene (operation, scene);
  muster_scene_unref (scene);
}

MusterPrintOperation *
muster_export_dialog_create_print_operation (MusterExportDialog *self)
{
  MusterSystem *system;
  MusterPrintOperation *operation;
  GPtrArray *deployments;
  Content content;

  g_return_val_if_fail (MUSTER_IS_EXPORT_DIALOG (self), NULL);

  system = muster_document_get_system (self->document);
  deployments = muster_system_get_deployments (system);
  content = get_content (self);
  operation = muster_print_operation_new ();
  muster_print_operation_set_true_scale (operation, get_true_scale (self));
  muster_print_operation_set_paper (operation, get_paper (self));

  /* Paper gets the light theme, the ruler and the hatching, and marks
   * illegal pieces as the exports do. */
  if (content == CONTENT_TABLE)
    {
      add_scene (operation,
                 muster_scene_new (muster_document_get_layout (self->document), system,
                                   muster_document_get_validator (self->document)),
                 gtk_switch_get_active (self->pieces_switch) ? MUSTER_RENDER_ALL
                                                             : MUSTER_RENDER_ALL & ~PIECE_FLAGS,
                 self->units);
      return operation;
    }

  /* Bare diagrams, as `muster --export --system` draws them. */
  for (guint i = 0; i < deployments->len; i++)
    {
      const MusterDeployment *deployment = g_ptr_array_index (deployments, i);
      g_autoptr(MusterLayout) layout = NULL;
      MusterScene *scene;

      if (content == CONTENT_DEPLOYMENT && deployment != get_deployment (self))
        continue;

      layout = muster_export_bare_layout (system, deployment);
      scene = muster_scene_new (layout, system, NULL);
      muster_scene_set_generic (scene, TRUE);
      add_scene (operation, scene, MUSTER_RENDER_ALL, self->units);
    }

  return operation;
}

/* What the choices make, under the scale: how many pages or sheets. */
static char *
describe_pages (MusterExportDialog *self)
{
  g_autoptr(MusterPrintOperation) operation = NULL;
  guint n;

  if (self->mode == MUSTER_EXPORT_DIALOG_EXPORT && get_format (self) != FORMAT_PDF)
    return g_strdup (get_true_scale (self) ? _("The whole table on one drawing, at its size") : "");

  operation = muster_export_dialog_create_print_operation (self);
  n = muster_print_operation_count_pages (operation);

  if (!get_true_scale (self))
    return g_strdup_printf (ngettext ("%u page", "%u pages", n), n);

  /* Translators: the paper is "A4" or "Letter" */
  return g_strdup_printf (ngettext ("%u sheet of %s, to tape together", "%u sheets of %s, to tape together", n),
                          n, adw_combo_row_get_selected (self->paper_row) == PAPER_LETTER ? _("Letter") : _("A4"));
}

/* What an export cannot do (muster-export.c refuses it), or NULL. */
static const char *
export_problem (MusterExportDialog *self)
{
  if (self->mode != MUSTER_EXPORT_DIALOG_EXPORT)
    return NULL;

  if (get_format (self) != FORMAT_PDF && get_content (self) == CONTENT_ATLAS)
    return _("A page per deployment type needs a PDF");

  if (get_format (self) == FORMAT_PNG && get_true_scale (self))
    return _("True scale needs a PDF or an SVG");

  return NULL;
}

static void
update (MusterExportDialog *self)
{
  g_autofree char *pages = NULL;
  const char *problem;

  if (!self->ready)
    return;

  gtk_widget_set_visible (GTK_WIDGET (self->deployment_row), get_content (self) == CONTENT_DEPLOYMENT);
  gtk_widget_set_visible (GTK_WIDGET (self->pieces_row), get_content (self) == CONTENT_TABLE);

  pages = describe_pages (self);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->scale_row), pages);

  problem = export_problem (self);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->format_row), problem != NULL ? problem : "");
  gtk_widget_set_sensitive (GTK_WIDGET (self->accept_button), problem == NULL);
}

static void
remember_choices (MusterExportDialog *self)
{
  g_settings_set_enum (self->settings, "diagram-content", (int) get_content (self));
  g_settings_set_enum (self->settings, "diagram-scale", get_true_scale (self) ? SCALE_TRUE : SCALE_FIT);
  g_settings_set_string (self->settings, "diagram-paper", get_paper (self));
  g_settings_set_boolean (self->settings, "diagram-pieces", gtk_switch_get_active (self->pieces_switch));
  if (self->mode == MUSTER_EXPORT_DIALOG_EXPORT)
    g_settings_set_enum (self->settings, "export-format", (int) get_format (self));
}

static void
load_choices (MusterExportDialog *self)
{
  g_autofree char *paper = g_settings_get_string (self->settings, "diagram-paper");

  /* The paper where the player lives, until they choose one. */
  if (g_str_equal (paper, "default"))
    {
      g_free (paper);
      paper = g_strdup (g_str_equal (gtk_paper_size_get_default (), GTK_PAPER_NAME_LETTER) ? "letter" : "a4");
    }

  adw_combo_row_set_selected (self->content_row, (guint) g_settings_get_enum (self->settings, "diagram-content"));
  adw_combo_row_set_selected (self->scale_row, (guint) g_settings_get_enum (self->settings, "diagram-scale"));
  adw_combo_row_set_selected (self->paper_row, g_str_equal (paper, "letter") ? PAPER_LETTER : PAPER_A4);
  gtk_switch_set_active (self->pieces_switch, g_settings_get_boolean (self->settings, "diagram-pieces"));
  adw_combo_row_set_selected (self->format_row, (guint) g_settings_get_enum (self->settings, "export-format"));
}

/* The deployment types of the table's game system, its own first chosen. */
static void
fill_deployments (MusterExportDialog *self)
{
  MusterLayout *layout = muster_document_get_layout (self->document);
  GPtrArray *deployments = muster_system_get_deployments (muster_document_get_system (self->document));
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  guint selected = 0;

  for (guint i = 0; i < deployments->len; i++)
    {
      const MusterDeployment *deployment = g_ptr_array_index (deployments, i);

      gtk_string_list_append (names, deployment->name);
      if (g_strcmp0 (deployment->id, muster_layout_get_deployment_id (layout)) == 0)
        selected = i;
    }

  adw_combo_row_set_model (self->deployment_row, G_LIST_MODEL (names));
  adw_combo_row_set_selected (self->deployment_row, selected);
}

/* The name the file chooser offers: the layout's, or the deployment
 * type's, or the game system's, with the format's suffix. */
static char *
suggest_name (MusterExportDialog *self)
{
  GFile *file = muster_document_get_file (self->document);
  g_autofree char *stem = NULL;

  switch (get_content (self))
    {
    case CONTENT_TABLE:
      if (file != NULL)
        {
          g_autofree char *name = g_file_get_basename (file);
          char *dot = strrchr (name, '.');

          if (dot != NULL && dot != name)
            *dot = '\0';
          stem = g_steal_pointer (&name);
        }
      else
        /* Translators: the file name offered for an exported table; no suffix */
        stem = g_strdup (_("Layout"));
      break;
    case CONTENT_DEPLOYMENT:
      stem = g_strdup (get_deployment (self) != NULL ? get_deployment (self)->name : _("Layout"));
      break;
    case CONTENT_ATLAS:
    default:
      stem = g_strdup (muster_system_get_name (muster_document_get_system (self->document)));
      break;
    }

  return g_strconcat (stem, suffixes[get_format (self)], NULL);
}

static void
show_error (MusterExportDialog *self,
            GFile              *file,
            const GError       *error)
{
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *heading = g_strdup_printf (_("Could Not Export “%s”"), name);
  GtkWidget *alert = muster_alert_new (heading, error->message);

  muster_alert_add_response (alert, "close", _("_Close"), ADW_RESPONSE_DEFAULT);
  muster_alert_present (alert, GTK_WIDGET (self));
}

gboolean
muster_export_dialog_export_to (MusterExportDialog *self,
                                GFile              *file)
{
  g_autofree char *path = NULL;
  g_autofree char *name = NULL;
  g_autoptr(GError) error = NULL;
  MusterExportOptions options = { 0 };
  Format format;

  g_return_val_if_fail (MUSTER_IS_EXPORT_DIALOG (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  format = get_format (self);
  path = g_file_get_path (file);
  name = g_file_get_parse_name (file);

  /* The very file chosen, which in a Flatpak is the only one the
   * document portal lets out of the sandbox: no suffix added to it. */
  if (path == NULL)
    error = g_error_new (G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                         _("%s: Muster exports only to folders on this computer"), name);
  else if (!g_str_has_suffix (path, suffixes[format]))
    error = g_error_new (G_IO_ERROR, G_IO_ERROR_INVALID_FILENAME,
                         _("%s: the name must end in “%s” for the format chosen"), name, suffixes[format]);
  else
    {
      options.output = path;
      options.paper = get_paper (self);
      options.scale = get_true_scale (self) ? "1:1" : "fit";
      options.units = self->units;
      if (get_content (self) == CONTENT_TABLE)
        {
          options.validator = muster_document_get_validator (self->document);
          options.no_pieces = !gtk_switch_get_active (self->pieces_switch);
        }
      else
        {
          options.system_id = muster_system_get_id (muster_document_get_system (self->document));
          options.all_deployments = get_content (self) == CONTENT_ATLAS;
          if (!options.all_deployments && get_deployment (self) != NULL)
            options.deployment_id = get_deployment (self)->id;
        }

      /* Written beside the file and renamed over it: all or nothing. */
      muster_export_run (&options, &error);
    }

  if (error != NULL)
    {
      show_error (self, file, error);
      return FALSE;
    }

  gtk_window_destroy (GTK_WINDOW (self));

  return TRUE;
}

static void
chosen (GObject *owner,
        GFile   *file)
{
  if (file != NULL)
    muster_export_dialog_export_to (MUSTER_EXPORT_DIALOG (owner), file);
}

static void
choose_file (MusterExportDialog *self)
{
  g_autofree char *name = suggest_name (self);
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  g_autoptr(GListStore) filters = g_list_store_new (GTK_TYPE_FILE_FILTER);
  Format format = get_format (self);
  GFile *source = muster_document_get_file (self->document);
  g_autoptr(GFile) folder = source != NULL ? g_file_get_parent (source) : NULL;
  /* Beside the layout, as GNOME applications export. */
  g_autoptr(GFile) beside = folder != NULL ? g_file_get_child (folder, name) : NULL;

  gtk_file_filter_set_name (filter, _(format_names[format]));
  gtk_file_filter_add_mime_type (filter, mime_types[format]);
  gtk_file_filter_add_suffix (filter, suffixes[format] + 1);
  g_list_store_append (filters, filter);
  muster_file_chooser_ask (GTK_WINDOW (self), G_OBJECT (self), TRUE, _("Export Diagram"), _("_Export"),
                           beside, name, G_LIST_MODEL (filters), chosen);
}

void
muster_export_dialog_accept (MusterExportDialog *self)
{
  g_return_if_fail (MUSTER_IS_EXPORT_DIALOG (self));

  if (!gtk_widget_get_sensitive (GTK_WIDGET (self->accept_button)))
    return;

  remember_choices (self);

  if (self->mode == MUSTER_EXPORT_DIALOG_EXPORT)
    choose_file (self);
  else
    {
      MusterPrintOperation *operation = muster_export_dialog_create_print_operation (self);

      /* The operation may finish after this returns: it lives until "done". */
      g_signal_connect (operation, "done", G_CALLBACK (g_object_unref), NULL);
      muster_print_operation_run_dialog (operation, gtk_window_get_transient_for (GTK_WINDOW (self)));
      gtk_window_destroy (GTK_WINDOW (self));
    }
}

static void
muster_export_dialog_dispose (GObject *object)
{
  MusterExportDialog *self = (MusterExportDialog *)object;

  muster_file_chooser_close (object);
  gtk_widget_dispose_template (GTK_WIDGET (self), MUSTER_TYPE_EXPORT_DIALOG);
  g_clear_object (&self->document);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (muster_export_dialog_parent_class)->dispose (object);
}

static void
muster_export_dialog_class_init (MusterExportDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_export_dialog_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/muster-export-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterExportDialog, accept_button);
  gtk_widget_class_bind_template_child (widget_class, MusterExportDialog, content_row);
  gtk_widget_class_bind_template_child (widget_class, MusterExportDialog, deployment_row);
  gtk_widget_class_bind_template_child (widget_class, MusterExportDialog, pieces_row);
  gtk_widget_class_bind_template_child (widget_class, MusterExportDialog, pieces_switch);
  gtk_widget_class_bind_template_child (widget_class, MusterExportDialog, scale_row);
  gtk_widget_class_bind_template_child (widget_class, MusterExportDialog, paper_row);
  gtk_widget_class_bind_template_child (widget_class, MusterExportDialog, format_row);
  gtk_widget_class_bind_template_callback (widget_class, update);
  gtk_widget_class_bind_template_callback (widget_class, muster_export_dialog_accept);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
muster_export_dialog_init (MusterExportDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->settings = g_settings_new (APP_ID);
}

MusterExportDialog *
muster_export_dialog_new (GtkWindow              *parent,
                          MusterDocument         *document,
                          MusterExportDialogMode  mode,
                          MusterUnit              units)
{
  MusterExportDialog *self;

  g_return_val_if_fail (MUSTER_IS_DOCUMENT (document), NULL);

  self = g_object_new (MUSTER_TYPE_EXPORT_DIALOG,
                       "transient-for", parent,
                       NULL);
  self->document = g_object_ref (document);
  self->mode = mode;
  self->units = units;

  gtk_window_set_title (GTK_WINDOW (self), mode == MUSTER_EXPORT_DIALOG_PRINT ? _("Print") : _("Export"));
  gtk_button_set_label (self->accept_button,
                        mode == MUSTER_EXPORT_DIALOG_PRINT ? _("_Print…") : _("_Export…"));
  gtk_window_set_default_widget (GTK_WINDOW (self), GTK_WIDGET (self->accept_button));
  /* Enter prints as it is; Tab goes through the choices. */
  gtk_window_set_focus (GTK_WINDOW (self), GTK_WIDGET (self->accept_button));
  gtk_widget_set_visible (GTK_WIDGET (self->format_row), mode == MUSTER_EXPORT_DIALOG_EXPORT);

  load_choices (self);
  fill_deployments (self);
  /* Once: update() reads all of the above. */
  self->ready = TRUE;
  update (self);

  return self;
}

MusterExportDialogMode
muster_export_dialog_get_mode (MusterExportDialog *self)
{
  g_return_val_if_fail (MUSTER_IS_EXPORT_DIALOG (self), MUSTER_EXPORT_DIALOG_PRINT);

  return self->mode;
}
