/* test-print.c: File → Print, through GtkPrintOperation. Printing to a
 * PDF file runs begin-print and draw-page with a real GtkPrintContext; the
 * dialog is opened and its Diagram tab looked at.
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "muster-print.h"
#include "muster-sheets.h"
#include "pdf-pages.h"
#include "muster-test-tmp.h"

#define INCH MUSTER_MM_PER_INCH

static char *config_dir;


static MusterScene *
new_scene (MusterLayout **layout)
{
  MusterSystem *system = muster_system_registry_lookup (muster_system_registry_get_default (), "t9a");
  MusterScene *scene;

  *layout = muster_layout_new ("t9a", "frontline-clash", 72 * INCH, 48 * INCH);
  scene = muster_scene_new (*layout, system, NULL);
  muster_scene_set_flags (scene, MUSTER_RENDER_ALL);

  return scene;
}

static void
forget_settings (void)
{
  g_autofree char *path = g_build_filename (config_dir, "muster", "print.ini", NULL);

  g_unlink (path);
}

/* Prints to a PDF file, as "Print to File" would, without the dialog. */
static GArray *
print_to_pdf (MusterPrintOperation *operation)
{
  g_auto(MusterTestDir) dir = muster_test_dir_new ("muster-print-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "printed.pdf", NULL);
  g_autoptr(GError) error = NULL;
  GtkPrintOperationResult result;
  GArray *pages;

  gtk_print_operation_set_export_filename (GTK_PRINT_OPERATION (operation), path);
  result = gtk_print_operation_run (GTK_PRINT_OPERATION (operation), GTK_PRINT_OPERATION_ACTION_EXPORT,
                                    NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (result, ==, GTK_PRINT_OPERATION_RESULT_APPLY);

  pages = pdf_pages (path);
  g_unlink (path);
  g_rmdir (dir);

  return pages;
}

static GtkPageSetup *
page_setup_new (const char         *paper,
                GtkPageOrientation  orientation)
{
  GtkPageSetup *setup = gtk_page_setup_new ();
  g_autoptr(GtkPaperSize) size = gtk_paper_size_new (paper);

  gtk_page_setup_set_paper_size (setup, size);
  gtk_page_setup_set_orientation (setup, orientation);

  return setup;
}

/* The first time, the paper is turned the way the table is; "fit to
 * page" prints one page of it. */
static void
test_print_fit (void)
{
  MusterLayout *layout = NULL;
  g_autoptr(MusterScene) scene = NULL;
  g_autoptr(MusterPrintOperation) operation = NULL;
  g_autoptr(GArray) pages = NULL;
  GtkPageSetup *setup;
  double w, h;

  forget_settings ();
  scene = new_scene (&layout);
  operation = muster_print_operation_new (scene);
  g_assert_false (muster_print_operation_get_true_scale (operation));

  setup = gtk_print_operation_get_default_page_setup (GTK_PRINT_OPERATION (operation));
  g_assert_nonnull (setup);
  g_assert_cmpint (gtk_page_setup_get_orientation (setup), ==, GTK_PAGE_ORIENTATION_LANDSCAPE);
  w = gtk_page_setup_get_paper_width (setup, GTK_UNIT_POINTS);
  h = gtk_page_setup_get_paper_height (setup, GTK_UNIT_POINTS);
  g_assert_cmpfloat (w, >, h);

  pages = print_to_pdf (operation);
  g_assert_cmpuint (pages->len, ==, 1);
  g_assert_cmpfloat_with_epsilon (g_array_index (pages, PageSize, 0).width, w, 0.01);
  g_assert_cmpfloat_with_epsilon (g_array_index (pages, PageSize, 0).height, h, 0.01);

  g_clear_object (&operation);
  muster_scene_unref (g_steal_pointer (&scene));
  g_assert_finalize_object (layout);
}

static void
collect_check_buttons (GtkWidget *widget,
                       GPtrArray *found)
{
  if (GTK_IS_CHECK_BUTTON (widget))
    g_ptr_array_add (found, widget);

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_check_buttons (child, found);
}

/* "True scale (1:1)", chosen in the dialog’s Diagram tab, prints the
 * sheets the planner plans on the page setup's paper. */
static void
test_print_true_scale (void)
{
  MusterLayout *layout = NULL;
  g_autoptr(MusterScene) scene = NULL;
  g_autoptr(MusterPrintOperation) operation = NULL;
  g_autoptr(GtkPageSetup) letter = page_setup_new (GTK_PAPER_NAME_LETTER, GTK_PAGE_ORIENTATION_PORTRAIT);
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();
  g_autoptr(GArray) pages = NULL;
  GtkPrintOperationClass *klass;
  GtkWidget *tab;
  MusterSheets sheets;

  forget_settings ();
  scene = new_scene (&layout);
  operation = muster_print_operation_new (scene);
  gtk_print_operation_set_default_page_setup (GTK_PRINT_OPERATION (operation), letter);

  /* The Diagram tab: "fit" chosen, then "true scale". */
  klass = GTK_PRINT_OPERATION_GET_CLASS (operation);
  tab = g_object_ref_sink (klass->create_custom_widget (GTK_PRINT_OPERATION (operation)));
  collect_check_buttons (tab, buttons);
  g_assert_cmpuint (buttons->len, ==, 3);
  g_assert_true (gtk_check_button_get_active (g_ptr_array_index (buttons, 0)));
  g_assert_false (gtk_check_button_get_active (g_ptr_array_index (buttons, 1)));
  gtk_check_button_set_active (g_ptr_array_index (buttons, 1), TRUE);
  g_assert_false (gtk_check_button_get_active (g_ptr_array_index (buttons, 0)));
  /* The pieces and terrain, shown unless asked otherwise: a template of
   * the zones alone here. */
  g_assert_true (gtk_check_button_get_active (g_ptr_array_index (buttons, 2)));
  gtk_check_button_set_active (g_ptr_array_index (buttons, 2), FALSE);
  klass->custom_widget_apply (GTK_PRINT_OPERATION (operation), tab);
  g_assert_true (muster_print_operation_get_true_scale (operation));
  g_assert_false (muster_print_operation_get_show_pieces (operation));
  /* The tab says how many sheets it will take. */
  {
    gboolean told = FALSE;

    for (GtkWidget *child = gtk_widget_get_first_child (tab); child != NULL;
         child = gtk_widget_get_next_sibling (child))
      if (GTK_IS_LABEL (child) && strstr (gtk_label_get_text (GTK_LABEL (child)), " 50 sheets ") != NULL)
        told = TRUE;
    g_assert_true (told);
  }

  pages = print_to_pdf (operation);
  g_assert_false (muster_scene_get_flags (scene) & MUSTER_RENDER_PIECES);
  g_assert_false (muster_scene_get_flags (scene) & MUSTER_RENDER_TERRAIN);
  muster_sheets_plan (&sheets, scene, 612, 792);
  /* 72" × 48" upright on Letter: 10 × 5. */
  g_assert_cmpuint (muster_sheets_count (&sheets), ==, 50);
  g_assert_cmpuint (pages->len, ==, muster_sheets_count (&sheets));
  for (guint i = 0; i < pages->len; i++)
    {
      g_assert_cmpfloat_with_epsilon (g_array_index (pages, PageSize, i).width, 612, 0.01);
      g_assert_cmpfloat_with_epsilon (g_array_index (pages, PageSize, i).height, 792, 0.01);
    }

  g_object_unref (tab);
  g_clear_object (&operation);
  muster_scene_unref (g_steal_pointer (&scene));
  g_assert_finalize_object (layout);
}

/* The next print starts with the last one's scale, paper and settings. */
static void
test_print_remembered (void)
{
  MusterLayout *layout = NULL;
  g_autoptr(MusterScene) scene = NULL;
  g_autoptr(GtkPageSetup) a4 = page_setup_new (GTK_PAPER_NAME_A4, GTK_PAGE_ORIENTATION_PORTRAIT);
  MusterPrintOperation *operation;
  GtkPageSetup *setup;
  GArray *pages;

  forget_settings ();
  scene = new_scene (&layout);

  operation = muster_print_operation_new (scene);
  g_assert_true (muster_print_operation_get_show_pieces (operation));
  gtk_print_operation_set_default_page_setup (GTK_PRINT_OPERATION (operation), a4);
  muster_print_operation_set_true_scale (operation, TRUE);
  muster_print_operation_set_show_pieces (operation, FALSE);
  /* Freed when done, as the window's File → Print does: the settings
   * are saved before. */
  g_signal_connect (operation, "done", G_CALLBACK (g_object_unref), NULL);
  pages = print_to_pdf (operation);
  g_assert_cmpuint (pages->len, ==, 55);
  g_array_unref (pages);

  operation = muster_print_operation_new (scene);
  g_assert_true (muster_print_operation_get_true_scale (operation));
  g_assert_false (muster_print_operation_get_show_pieces (operation));
  setup = gtk_print_operation_get_default_page_setup (GTK_PRINT_OPERATION (operation));
  g_assert_cmpstr (gtk_paper_size_get_name (gtk_page_setup_get_paper_size (setup)), ==, GTK_PAPER_NAME_A4);
  g_assert_cmpint (gtk_page_setup_get_orientation (setup), ==, GTK_PAGE_ORIENTATION_PORTRAIT);
  /* Printed as remembered: 55 sheets of upright A4. */
  pages = print_to_pdf (operation);
  g_assert_cmpuint (pages->len, ==, 55);
  g_array_unref (pages);
  g_object_unref (operation);

  /* Back to one page (an operation runs once), and that is remembered too. */
  operation = muster_print_operation_new (scene);
  muster_print_operation_set_true_scale (operation, FALSE);
  muster_print_operation_set_show_pieces (operation, TRUE);
  pages = print_to_pdf (operation);
  g_assert_cmpuint (pages->len, ==, 1);
  g_assert_true (muster_scene_get_flags (scene) & MUSTER_RENDER_PIECES);
  g_array_unref (pages);
  g_object_unref (operation);

  operation = muster_print_operation_new (scene);
  g_assert_false (muster_print_operation_get_true_scale (operation));
  g_assert_true (muster_print_operation_get_show_pieces (operation));
  g_object_unref (operation);

  muster_scene_unref (g_steal_pointer (&scene));
  g_assert_finalize_object (layout);
}

static GtkWidget *
find_notebook (GtkWidget *widget)
{
  if (GTK_IS_NOTEBOOK (widget))
    return widget;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_notebook (child);

      if (found != NULL)
        return found;
    }

  return NULL;
}

static GtkWindow *
find_print_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  GType type = g_type_from_name ("GtkPrintUnixDialog");

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (type != 0 && G_TYPE_CHECK_INSTANCE_TYPE (window, type) &&
          gtk_widget_get_visible (GTK_WIDGET (window)))
        return window;
    }

  return NULL;
}

static void
done_cb (GtkPrintOperation       *operation,
         GtkPrintOperationResult  result,
         gpointer                 user_data)
{
  int *done = user_data;

  *done = (int) result + 1;
}

/* The print dialog opens with the page setup embedded and a Diagram tab
 * offering "fit" and "true scale"; cancelling prints nothing. */
static void
test_print_dialog (void)
{
  MusterLayout *layout = NULL;
  g_autoptr(MusterScene) scene = NULL;
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();
  GtkWidget *parent = gtk_window_new ();
  MusterPrintOperation *operation;
  GtkWindow *dialog = NULL;
  GtkWidget *notebook, *scale_tab = NULL;
  gint64 deadline;
  int done = 0;

  forget_settings ();
  scene = new_scene (&layout);
  operation = muster_print_operation_new (scene);
  g_signal_connect (operation, "done", G_CALLBACK (done_cb), &done);
  gtk_window_present (GTK_WINDOW (parent));

  muster_print_operation_run_dialog (operation, GTK_WINDOW (parent));

  deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  while ((dialog = find_print_dialog ()) == NULL && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_nonnull (dialog);
  g_assert_true (gtk_window_get_transient_for (dialog) == GTK_WINDOW (parent));

  notebook = find_notebook (GTK_WIDGET (dialog));
  g_assert_nonnull (notebook);
  for (int i = 0; i < gtk_notebook_get_n_pages (GTK_NOTEBOOK (notebook)); i++)
    {
      GtkWidget *page = gtk_notebook_get_nth_page (GTK_NOTEBOOK (notebook), i);

      if (g_strcmp0 (gtk_notebook_get_tab_label_text (GTK_NOTEBOOK (notebook), page), "Diagram") == 0)
        scale_tab = page;
    }
  g_assert_nonnull (scale_tab);
  collect_check_buttons (scale_tab, buttons);
  g_assert_cmpuint (buttons->len, ==, 3);
  g_assert_cmpstr (gtk_check_button_get_label (g_ptr_array_index (buttons, 1)), ==,
                   "_True scale (1:1), tiled over several sheets");

  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_CANCEL);
  deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  while (done == 0 && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (done, ==, GTK_PRINT_OPERATION_RESULT_CANCEL + 1);

  /* Cancelled: nothing remembered. */
  {
    g_autofree char *path = g_build_filename (config_dir, "muster", "print.ini", NULL);

    g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  }

  g_object_unref (operation);
  gtk_window_destroy (GTK_WINDOW (parent));
  muster_scene_unref (g_steal_pointer (&scene));
  g_assert_finalize_object (layout);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  /* Our own settings, before GLib reads where they live. */
  config_dir = g_dir_make_tmp ("muster-print-config-XXXXXX", NULL);
  g_setenv ("XDG_CONFIG_HOME", config_dir, TRUE);

  gtk_test_init (&argc, &argv, NULL);

  g_test_add_func ("/print/fit", test_print_fit);
  g_test_add_func ("/print/true-scale", test_print_true_scale);
  g_test_add_func ("/print/remembered", test_print_remembered);
  g_test_add_func ("/print/dialog", test_print_dialog);

  status = g_test_run ();

  forget_settings ();
  {
    g_autofree char *dir = g_build_filename (config_dir, "muster", NULL);

    g_rmdir (dir);
  }
  g_rmdir (config_dir);
  g_free (config_dir);

  return status;
}
