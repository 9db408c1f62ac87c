/* muster-print.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-print"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-print.h"
#include "muster-sheets.h"

#define SCALE_KEY  "muster-true-scale"
#define PIECES_KEY "muster-pieces"

#define PIECE_FLAGS (MUSTER_RENDER_PIECES | MUSTER_RENDER_TERRAIN | MUSTER_RENDER_VIOLATIONS)

struct _MusterPrintOperation
{
  GtkPrintOperation  parent_instance;

  MusterScene       *scene;
  MusterSheets       sheets;
  GtkCheckButton    *true_scale_button;
  GtkCheckButton    *pieces_button;
  GtkLabel          *sheets_label;
  GtkPageSetup      *used_page_setup;   /* the one printed on, to remember */
  gboolean           true_scale;
  gboolean           pieces;
  gboolean           have_page_setup;   /* remembered from an earlier run */
};

G_DEFINE_FINAL_TYPE (MusterPrintOperation, muster_print_operation, GTK_TYPE_PRINT_OPERATION)

static char *
settings_path (void)
{
  return g_build_filename (g_get_user_config_dir (), "muster", "print.ini", NULL);
}

/* As GNOME Text Editor does: the last settings and page setup live in a
 * key file beside the application's other settings. */
static void
load_settings (MusterPrintOperation *self)
{
  g_autofree char *path = settings_path ();
  g_autoptr(GKeyFile) key_file = g_key_file_new ();
  g_autoptr(GtkPrintSettings) settings = NULL;
  g_autoptr(GtkPageSetup) page_setup = NULL;

  if (!g_key_file_load_from_file (key_file, path, G_KEY_FILE_NONE, NULL))
    return;

  settings = gtk_print_settings_new_from_key_file (key_file, NULL, NULL);
  if (settings != NULL)
    {
      self->true_scale = gtk_print_settings_get_bool (settings, SCALE_KEY);
      if (gtk_print_settings_has_key (settings, PIECES_KEY))
        self->pieces = gtk_print_settings_get_bool (settings, PIECES_KEY);
      gtk_print_operation_set_print_settings (GTK_PRINT_OPERATION (self), settings);
    }

  page_setup = gtk_page_setup_new_from_key_file (key_file, NULL, NULL);
  if (page_setup != NULL)
    {
      gtk_print_operation_set_default_page_setup (GTK_PRINT_OPERATION (self), page_setup);
      self->have_page_setup = TRUE;
    }
}

static void
save_settings (MusterPrintOperation *self)
{
  g_autofree char *path = settings_path ();
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr(GKeyFile) key_file = g_key_file_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GtkPrintSettings) settings = NULL;
  /* The page setup chosen in the dialog, which the operation's default
   * does not follow. */
  GtkPageSetup *page_setup = self->used_page_setup != NULL
                             ? self->used_page_setup
                             : gtk_print_operation_get_default_page_setup (GTK_PRINT_OPERATION (self));

  /* None when printing straight to a file, without the dialog. */
  if (gtk_print_operation_get_print_settings (GTK_PRINT_OPERATION (self)) != NULL)
    settings = gtk_print_settings_copy (gtk_print_operation_get_print_settings (GTK_PRINT_OPERATION (self)));
  else
    settings = gtk_print_settings_new ();

  gtk_print_settings_set_bool (settings, SCALE_KEY, self->true_scale);
  gtk_print_settings_set_bool (settings, PIECES_KEY, self->pieces);
  gtk_print_settings_to_key_file (settings, key_file, NULL);
  if (page_setup != NULL)
    gtk_page_setup_to_key_file (page_setup, key_file, NULL);

  g_mkdir_with_parents (dir, 0700);
  if (!g_key_file_save_to_file (key_file, path, &error))
    g_warning ("Could not remember the print settings: %s", error->message);
}

static void
muster_print_operation_begin_print (GtkPrintOperation *operation,
                                    GtkPrintContext   *context)
{
  MusterPrintOperation *self = MUSTER_PRINT_OPERATION (operation);
  GtkPageSetup *setup = gtk_print_context_get_page_setup (context);

  g_clear_object (&self->used_page_setup);
  self->used_page_setup = gtk_page_setup_copy (setup);

  /* The zones alone, for a tournament pack, or the game on the table. */
  if (self->pieces)
    muster_scene_set_flags (self->scene, muster_scene_get_flags (self->scene) | PIECE_FLAGS);
  else
    muster_scene_set_flags (self->scene, muster_scene_get_flags (self->scene) & ~PIECE_FLAGS);

  if (self->true_scale)
    {
      muster_sheets_plan (&self->sheets, self->scene,
                          gtk_page_setup_get_paper_width (setup, GTK_UNIT_POINTS),
                          gtk_page_setup_get_paper_height (setup, GTK_UNIT_POINTS));
      gtk_print_operation_set_n_pages (operation, (int) muster_sheets_count (&self->sheets));
    }
  else
    gtk_print_operation_set_n_pages (operation, 1);
}

static void
muster_print_operation_draw_page (GtkPrintOperation *operation,
                                  GtkPrintContext   *context,
                                  int                page_nr)
{
  MusterPrintOperation *self = MUSTER_PRINT_OPERATION (operation);
  /* Borrowed: not ours to destroy. */
  cairo_t *cr = gtk_print_context_get_cairo_context (context);

  if (self->true_scale)
    muster_sheets_draw (&self->sheets, self->scene, cr, (guint) page_nr);
  else
    muster_sheets_draw_fit (self->scene, cr,
                            gtk_print_context_get_width (context),
                            gtk_print_context_get_height (context));
}

static void
update_sheets_label (MusterPrintOperation *self,
                     GtkPageSetup         *setup)
{
  g_autofree char *text = NULL;
  MusterSheets sheets;
  guint n;

  if (self->sheets_label == NULL || setup == NULL)
    return;

  muster_sheets_plan (&sheets, self->scene,
                      gtk_page_setup_get_paper_width (setup, GTK_UNIT_POINTS),
                      gtk_page_setup_get_paper_height (setup, GTK_UNIT_POINTS));
  n = muster_sheets_count (&sheets);
  text = g_strdup_printf (ngettext ("At true scale the table takes %u sheet of this paper.",
                                    "At true scale the table takes %u sheets of this paper.", n), n);
  gtk_label_set_text (self->sheets_label, text);
}

static GtkWidget *
muster_print_operation_create_custom_widget (GtkPrintOperation *operation)
{
  MusterPrintOperation *self = MUSTER_PRINT_OPERATION (operation);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *fit = gtk_check_button_new_with_mnemonic (_("_Fit the table on one page"));
  GtkWidget *true_scale = gtk_check_button_new_with_mnemonic (_("_True scale (1:1), tiled over several sheets"));
  GtkWidget *pieces;
  GtkWidget *hint = gtk_label_new (_("True-scale sheets carry alignment marks and labels (A1, B1, …) "
                                     "so they can be taped together into a template for the table."));

  gtk_widget_set_margin_start (box, 18);
  gtk_widget_set_margin_end (box, 18);
  gtk_widget_set_margin_top (box, 18);
  gtk_widget_set_margin_bottom (box, 18);
  gtk_check_button_set_group (GTK_CHECK_BUTTON (true_scale), GTK_CHECK_BUTTON (fit));
  gtk_check_button_set_active (GTK_CHECK_BUTTON (self->true_scale ? true_scale : fit), TRUE);
  gtk_label_set_wrap (GTK_LABEL (hint), TRUE);
  gtk_label_set_xalign (GTK_LABEL (hint), 0);
  gtk_widget_add_css_class (hint, "dim-label");
  gtk_box_append (GTK_BOX (box), fit);
  gtk_box_append (GTK_BOX (box), true_scale);
  gtk_box_append (GTK_BOX (box), hint);
  self->true_scale_button = GTK_CHECK_BUTTON (true_scale);

  pieces = gtk_check_button_new_with_mnemonic (_("Show the _pieces and terrain"));
  gtk_check_button_set_active (GTK_CHECK_BUTTON (pieces), self->pieces);
  gtk_widget_set_margin_top (pieces, 6);
  self->pieces_button = GTK_CHECK_BUTTON (pieces);

  /* How many sheets the paper chosen in Page Setup takes. */
  g_clear_weak_pointer (&self->sheets_label);
  self->sheets_label = GTK_LABEL (gtk_label_new (NULL));
  g_object_add_weak_pointer (G_OBJECT (self->sheets_label), (gpointer *) &self->sheets_label);
  gtk_label_set_wrap (self->sheets_label, TRUE);
  gtk_label_set_xalign (self->sheets_label, 0);
  gtk_widget_add_css_class (GTK_WIDGET (self->sheets_label), "dim-label");
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->sheets_label));
  update_sheets_label (self, gtk_print_operation_get_default_page_setup (operation));
  gtk_box_append (GTK_BOX (box), pieces);

  return box;
}

static void
muster_print_operation_update_custom_widget (GtkPrintOperation *operation,
                                             GtkWidget         *widget,
                                             GtkPageSetup      *setup,
                                             GtkPrintSettings  *settings)
{
  update_sheets_label (MUSTER_PRINT_OPERATION (operation), setup);
}

static void
muster_print_operation_custom_widget_apply (GtkPrintOperation *operation,
                                            GtkWidget         *widget)
{
  MusterPrintOperation *self = MUSTER_PRINT_OPERATION (operation);

  muster_print_operation_set_true_scale (self, gtk_check_button_get_active (self->true_scale_button));
  muster_print_operation_set_show_pieces (self, gtk_check_button_get_active (self->pieces_button));
}

static void
muster_print_operation_done (GtkPrintOperation       *operation,
                             GtkPrintOperationResult  result)
{
  MusterPrintOperation *self = MUSTER_PRINT_OPERATION (operation);

  if (result == GTK_PRINT_OPERATION_RESULT_APPLY)
    save_settings (self);
}

static void
muster_print_operation_finalize (GObject *object)
{
  MusterPrintOperation *self = (MusterPrintOperation *)object;

  g_clear_pointer (&self->scene, muster_scene_unref);
  g_clear_object (&self->used_page_setup);
  g_clear_weak_pointer (&self->sheets_label);

  G_OBJECT_CLASS (muster_print_operation_parent_class)->finalize (object);
}

static void
muster_print_operation_class_init (MusterPrintOperationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkPrintOperationClass *operation_class = GTK_PRINT_OPERATION_CLASS (klass);

  object_class->finalize = muster_print_operation_finalize;

  operation_class->begin_print = muster_print_operation_begin_print;
  operation_class->draw_page = muster_print_operation_draw_page;
  operation_class->create_custom_widget = muster_print_operation_create_custom_widget;
  operation_class->custom_widget_apply = muster_print_operation_custom_widget_apply;
  operation_class->update_custom_widget = muster_print_operation_update_custom_widget;
  operation_class->done = muster_print_operation_done;
}

static void
muster_print_operation_init (MusterPrintOperation *self)
{
  self->pieces = TRUE;
  gtk_print_operation_set_unit (GTK_PRINT_OPERATION (self), GTK_UNIT_POINTS);
  gtk_print_operation_set_embed_page_setup (GTK_PRINT_OPERATION (self), TRUE);
  gtk_print_operation_set_custom_tab_label (GTK_PRINT_OPERATION (self), _("Diagram"));
  gtk_print_operation_set_allow_async (GTK_PRINT_OPERATION (self), TRUE);
  /* The sheets place their own margins, so the whole paper is ours. */
  gtk_print_operation_set_use_full_page (GTK_PRINT_OPERATION (self), TRUE);
  load_settings (self);
}

MusterPrintOperation *
muster_print_operation_new (MusterScene *scene)
{
  MusterPrintOperation *self;

  g_return_val_if_fail (scene != NULL, NULL);

  self = g_object_new (MUSTER_TYPE_PRINT_OPERATION, NULL);
  self->scene = muster_scene_ref (scene);

  /* The first time, paper the way round the table is. */
  if (!self->have_page_setup)
    {
      MusterLayout *layout = muster_scene_get_layout (scene);
      g_autoptr(GtkPageSetup) page_setup = gtk_page_setup_new ();

      gtk_page_setup_set_orientation (page_setup,
                                      muster_layout_get_width (layout) > muster_layout_get_height (layout)
                                      ? GTK_PAGE_ORIENTATION_LANDSCAPE : GTK_PAGE_ORIENTATION_PORTRAIT);
      gtk_print_operation_set_default_page_setup (GTK_PRINT_OPERATION (self), page_setup);
    }

  return self;
}

void
muster_print_operation_set_true_scale (MusterPrintOperation *self,
                                       gboolean              true_scale)
{
  g_return_if_fail (MUSTER_IS_PRINT_OPERATION (self));

  self->true_scale = !!true_scale;
}

gboolean
muster_print_operation_get_true_scale (MusterPrintOperation *self)
{
  g_return_val_if_fail (MUSTER_IS_PRINT_OPERATION (self), FALSE);

  return self->true_scale;
}

void
muster_print_operation_set_show_pieces (MusterPrintOperation *self,
                                        gboolean              show_pieces)
{
  g_return_if_fail (MUSTER_IS_PRINT_OPERATION (self));

  self->pieces = !!show_pieces;
}

gboolean
muster_print_operation_get_show_pieces (MusterPrintOperation *self)
{
  g_return_val_if_fail (MUSTER_IS_PRINT_OPERATION (self), TRUE);

  return self->pieces;
}

void
muster_print_operation_run_dialog (MusterPrintOperation *self,
                                   GtkWindow            *parent)
{
  g_autoptr(GError) error = NULL;

  g_return_if_fail (MUSTER_IS_PRINT_OPERATION (self));

  if (gtk_print_operation_run (GTK_PRINT_OPERATION (self),
                               GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG,
                               parent, &error) == GTK_PRINT_OPERATION_RESULT_ERROR)
    g_warning ("Printing failed: %s", error->message);
}
