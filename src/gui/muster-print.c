/* muster-print.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-print"

#include "config.h"


#include "muster-print.h"
#include "muster-sheets.h"

typedef struct
{
  guint scene;        /* index in scenes */
  guint sheet;        /* at true scale; 0 on a fitted page */
} PrintPage;

struct _MusterPrintOperation
{
  GtkPrintOperation  parent_instance;

  GPtrArray         *scenes;      /* MusterScene */
  GArray            *plans;       /* MusterSheets, one per scene: its paper and tiles */
  GArray            *pages;       /* PrintPage */
  char              *paper;
  gboolean           true_scale;
};

G_DEFINE_FINAL_TYPE (MusterPrintOperation, muster_print_operation, GTK_TYPE_PRINT_OPERATION)

static char *
settings_path (void)
{
  return g_build_filename (g_get_user_config_dir (), "muster", "print.ini", NULL);
}

/* As GNOME Text Editor does: the last print settings live in a key file
 * beside the application's other settings. What is printed, and on which
 * paper, is the dialog's (GSettings). */
static void
load_settings (MusterPrintOperation *self)
{
  g_autofree char *path = settings_path ();
  g_autoptr(GKeyFile) key_file = g_key_file_new ();
  g_autoptr(GtkPrintSettings) settings = NULL;

  if (!g_key_file_load_from_file (key_file, path, G_KEY_FILE_NONE, NULL))
    return;

  settings = gtk_print_settings_new_from_key_file (key_file, NULL, NULL);
  if (settings != NULL)
    gtk_print_operation_set_print_settings (GTK_PRINT_OPERATION (self), settings);
}

static void
save_settings (MusterPrintOperation *self)
{
  g_autofree char *path = settings_path ();
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr(GKeyFile) key_file = g_key_file_new ();
  g_autoptr(GError) error = NULL;
  GtkPrintSettings *settings = gtk_print_operation_get_print_settings (GTK_PRINT_OPERATION (self));

  /* None when printing straight to a file, without the dialog. */
  if (settings == NULL)
    return;

  gtk_print_settings_to_key_file (settings, key_file, NULL);
  g_mkdir_with_parents (dir, 0700);
  if (!g_key_file_save_to_file (key_file, path, &error))
    g_warning ("Could not remember the print settings: %s", error->message);
}

static GtkPaperSize *
paper_size_new (MusterPrintOperation *self)
{
  return gtk_paper_size_new (g_strcmp0 (self->paper, "letter") == 0
                             ? GTK_PAPER_NAME_LETTER : GTK_PAPER_NAME_A4);
}

/* The pages, as muster-export.c lays them out: a fitted diagram on the
 * paper turned the way round its table is, a true-scale one on the paper
 * turned whichever way needs fewer sheets. */
static void
plan_pages (MusterPrintOperation *self)
{
  g_autoptr(GtkPaperSize) paper = paper_size_new (self);
  double width = gtk_paper_size_get_width (paper, GTK_UNIT_POINTS);
  double height = gtk_paper_size_get_height (paper, GTK_UNIT_POINTS);

  g_array_set_size (self->plans, 0);
  g_array_set_size (self->pages, 0);

  for (guint i = 0; i < self->scenes->len; i++)
    {
      MusterScene *scene = g_ptr_array_index (self->scenes, i);
      MusterSheets plan = { 0 };
      guint n = 1;

      if (self->true_scale)
        {
          muster_sheets_plan_best (&plan, scene, width, height);
          n = muster_sheets_count (&plan);
        }
      else
        {
          MusterLayout *layout = muster_scene_get_layout (scene);
          gboolean wide = muster_layout_get_width (layout) > muster_layout_get_height (layout);

          plan.page_width = wide ? MAX (width, height) : MIN (width, height);
          plan.page_height = wide ? MIN (width, height) : MAX (width, height);
        }
      g_array_append_val (self->plans, plan);

      for (guint sheet = 0; sheet < n; sheet++)
        {
          PrintPage page = { i, sheet };

          g_array_append_val (self->pages, page);
        }
    }
}

static const MusterSheets *
page_plan (MusterPrintOperation *self,
           int                   page_nr,
           const PrintPage     **page)
{
  g_return_val_if_fail (page_nr >= 0 && (guint) page_nr < self->pages->len, NULL);

  *page = &g_array_index (self->pages, PrintPage, page_nr);

  return &g_array_index (self->plans, MusterSheets, (*page)->scene);
}

static void
set_up_page (MusterPrintOperation *self,
             const MusterSheets   *plan,
             GtkPageSetup         *setup)
{
  g_autoptr(GtkPaperSize) paper = paper_size_new (self);

  gtk_page_setup_set_paper_size (setup, paper);
  gtk_page_setup_set_orientation (setup, plan->page_width > plan->page_height
                                         ? GTK_PAGE_ORIENTATION_LANDSCAPE
                                         : GTK_PAGE_ORIENTATION_PORTRAIT);
}

static void
muster_print_operation_begin_print (GtkPrintOperation *operation,
                                    GtkPrintContext   *context)
{
  MusterPrintOperation *self = MUSTER_PRINT_OPERATION (operation);

  plan_pages (self);
  gtk_print_operation_set_n_pages (operation, (int) self->pages->len);
}

/* Each page on Muster's paper, whatever the print dialog offered: the
 * sheets are planned on it. */
static void
muster_print_operation_request_page_setup (GtkPrintOperation *operation,
                                           GtkPrintContext   *context,
                                           int                page_nr,
                                           GtkPageSetup      *setup)
{
  MusterPrintOperation *self = MUSTER_PRINT_OPERATION (operation);
  const PrintPage *page;
  const MusterSheets *plan = page_plan (self, page_nr, &page);

  if (plan != NULL)
    set_up_page (self, plan, setup);
}

static void
muster_print_operation_draw_page (GtkPrintOperation *operation,
                                  GtkPrintContext   *context,
                                  int                page_nr)
{
  MusterPrintOperation *self = MUSTER_PRINT_OPERATION (operation);
  /* Borrowed: not ours to destroy. */
  cairo_t *cr = gtk_print_context_get_cairo_context (context);
  const PrintPage *page;
  const MusterSheets *plan = page_plan (self, page_nr, &page);
  MusterScene *scene;

  if (plan == NULL)
    return;

  scene = g_ptr_array_index (self->scenes, page->scene);
  if (self->true_scale)
    muster_sheets_draw (plan, scene, cr, page->sheet);
  else
    muster_sheets_draw_fit (scene, cr,
                            gtk_print_context_get_width (context),
                            gtk_print_context_get_height (context));
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

  g_clear_pointer (&self->scenes, g_ptr_array_unref);
  g_clear_pointer (&self->plans, g_array_unref);
  g_clear_pointer (&self->pages, g_array_unref);
  g_free (self->paper);

  G_OBJECT_CLASS (muster_print_operation_parent_class)->finalize (object);
}

static void
muster_print_operation_class_init (MusterPrintOperationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkPrintOperationClass *operation_class = GTK_PRINT_OPERATION_CLASS (klass);

  object_class->finalize = muster_print_operation_finalize;

  operation_class->begin_print = muster_print_operation_begin_print;
  operation_class->request_page_setup = muster_print_operation_request_page_setup;
  operation_class->draw_page = muster_print_operation_draw_page;
  operation_class->done = muster_print_operation_done;
}

static void
muster_print_operation_init (MusterPrintOperation *self)
{
  self->scenes = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_scene_unref);
  self->plans = g_array_new (FALSE, TRUE, sizeof (MusterSheets));
  self->pages = g_array_new (FALSE, TRUE, sizeof (PrintPage));
  self->paper = g_strdup ("a4");

  gtk_print_operation_set_unit (GTK_PRINT_OPERATION (self), GTK_UNIT_POINTS);
  gtk_print_operation_set_allow_async (GTK_PRINT_OPERATION (self), TRUE);
  /* The sheets place their own margins, so the whole paper is ours. */
  gtk_print_operation_set_use_full_page (GTK_PRINT_OPERATION (self), TRUE);
  load_settings (self);
}

MusterPrintOperation *
muster_print_operation_new (void)
{
  return g_object_new (MUSTER_TYPE_PRINT_OPERATION, NULL);
}

void
muster_print_operation_add_scene (MusterPrintOperation *self,
                                  MusterScene          *scene)
{
  g_return_if_fail (MUSTER_IS_PRINT_OPERATION (self));
  g_return_if_fail (scene != NULL);

  g_ptr_array_add (self->scenes, muster_scene_ref (scene));
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
muster_print_operation_set_paper (MusterPrintOperation *self,
                                  const char           *paper)
{
  g_return_if_fail (MUSTER_IS_PRINT_OPERATION (self));
  g_return_if_fail (g_strcmp0 (paper, "a4") == 0 || g_strcmp0 (paper, "letter") == 0);

  g_free (self->paper);
  self->paper = g_strdup (paper);
}

const char *
muster_print_operation_get_paper (MusterPrintOperation *self)
{
  g_return_val_if_fail (MUSTER_IS_PRINT_OPERATION (self), NULL);

  return self->paper;
}

guint
muster_print_operation_count_pages (MusterPrintOperation *self)
{
  g_return_val_if_fail (MUSTER_IS_PRINT_OPERATION (self), 0);

  plan_pages (self);

  return self->pages->len;
}

void
muster_print_operation_run_dialog (MusterPrintOperation *self,
                                   GtkWindow            *parent)
{
  g_autoptr(GtkPageSetup) setup = gtk_page_setup_new ();
  g_autoptr(GError) error = NULL;

  g_return_if_fail (MUSTER_IS_PRINT_OPERATION (self));

  /* The dialog shows the first page's paper. */
  plan_pages (self);
  if (self->plans->len > 0)
    set_up_page (self, &g_array_index (self->plans, MusterSheets, 0), setup);
  gtk_print_operation_set_default_page_setup (GTK_PRINT_OPERATION (self), setup);

  if (gtk_print_operation_run (GTK_PRINT_OPERATION (self),
                               GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG,
                               parent, &error) == GTK_PRINT_OPERATION_RESULT_ERROR)
    g_warning ("Printing failed: %s", error->message);
}
