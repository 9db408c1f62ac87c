/* test-print.c: File → Print, through GtkPrintOperation. Printing to a
 * PDF file runs begin-print and draw-page with a real GtkPrintContext; the
 * dialog is opened and looked at: it has nothing of Muster's.
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
#define A4_W 595.276
#define A4_H 841.890
#define LETTER_W 612.0
#define LETTER_H 792.0

static char *config_dir;


static MusterScene *
new_scene (MusterLayout **layout,
           double         width,
           double         height)
{
  MusterSystem *system = muster_system_registry_lookup (muster_system_registry_get_default (), "t9a");
  MusterScene *scene;

  *layout = muster_layout_new ("t9a", "frontline-clash", width, height);
  scene = muster_scene_new (*layout, system, NULL);
  muster_scene_set_flags (scene, MUSTER_RENDER_ALL);
  g_object_unref (*layout);

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

/* A page as wide and high as that, either way round: GTK's PDF keeps
 * the paper upright and turns a landscape page inside it. */
static void
assert_paper (PageSize size,
              double   width,
              double   height)
{
  double w = MIN (size.width, size.height), h = MAX (size.width, size.height);

  g_assert_cmpfloat_with_epsilon (w, MIN (width, height), 0.01);
  g_assert_cmpfloat_with_epsilon (h, MAX (width, height), 0.01);
}

/* "Fit" prints a page of the diagram, on A4 unless told. */
static void
test_print_fit (void)
{
  MusterLayout *layout = NULL;
  g_autoptr(MusterScene) scene = NULL;
  g_autoptr(MusterPrintOperation) operation = NULL;
  g_autoptr(GArray) pages = NULL;

  forget_settings ();
  scene = new_scene (&layout, 72 * INCH, 48 * INCH);
  operation = muster_print_operation_new ();
  muster_print_operation_add_scene (operation, scene);
  g_assert_false (muster_print_operation_get_true_scale (operation));
  g_assert_cmpstr (muster_print_operation_get_paper (operation), ==, "a4");
  g_assert_cmpuint (muster_print_operation_count_pages (operation), ==, 1);

  pages = print_to_pdf (operation);
  g_assert_cmpuint (pages->len, ==, 1);
  assert_paper (g_array_index (pages, PageSize, 0), A4_W, A4_H);

  g_clear_object (&operation);
  muster_scene_unref (g_steal_pointer (&scene));
}

/* True scale prints the sheets that `muster --export --scale 1:1` does:
 * 49 sheets of A4 for a 72" x 48" table (the README's number), on the
 * paper turned the way that needs fewer. */
static void
test_print_true_scale (void)
{
  MusterLayout *layout = NULL;
  g_autoptr(MusterScene) scene = NULL;
  g_autoptr(MusterPrintOperation) operation = NULL;
  g_autoptr(GArray) pages = NULL;
  MusterSheets sheets;

  forget_settings ();
  scene = new_scene (&layout, 72 * INCH, 48 * INCH);
  operation = muster_print_operation_new ();
  muster_print_operation_add_scene (operation, scene);
  muster_print_operation_set_true_scale (operation, TRUE);
  g_assert_cmpuint (muster_print_operation_count_pages (operation), ==, 49);

  pages = print_to_pdf (operation);
  g_assert_cmpuint (pages->len, ==, 49);
  for (guint i = 0; i < pages->len; i++)
    assert_paper (g_array_index (pages, PageSize, i), A4_W, A4_H);
  g_clear_pointer (&pages, g_array_unref);
  g_clear_object (&operation);

  /* On Letter, as the planner plans it. */
  operation = muster_print_operation_new ();
  muster_print_operation_add_scene (operation, scene);
  muster_print_operation_set_true_scale (operation, TRUE);
  muster_print_operation_set_paper (operation, "letter");
  muster_sheets_plan_best (&sheets, scene, LETTER_W, LETTER_H);
  pages = print_to_pdf (operation);
  g_assert_cmpuint (pages->len, ==, muster_sheets_count (&sheets));
  for (guint i = 0; i < pages->len; i++)
    assert_paper (g_array_index (pages, PageSize, i), LETTER_W, LETTER_H);

  g_clear_object (&operation);
  muster_scene_unref (g_steal_pointer (&scene));
}

/* Several diagrams, as the atlas of a game system's deployment types:
 * a page each, or each one's sheets in turn. */
static void
test_print_several (void)
{
  MusterLayout *layout = NULL;
  g_autoptr(MusterScene) wide = new_scene (&layout, 72 * INCH, 48 * INCH);
  g_autoptr(MusterScene) small = new_scene (&layout, 48 * INCH, 48 * INCH);
  g_autoptr(MusterPrintOperation) operation = muster_print_operation_new ();
  g_autoptr(GArray) pages = NULL;
  MusterSheets sheets;

  forget_settings ();
  muster_print_operation_add_scene (operation, wide);
  muster_print_operation_add_scene (operation, small);
  muster_print_operation_add_scene (operation, wide);
  pages = print_to_pdf (operation);
  g_assert_cmpuint (pages->len, ==, 3);
  g_clear_pointer (&pages, g_array_unref);
  g_clear_object (&operation);

  operation = muster_print_operation_new ();
  muster_print_operation_add_scene (operation, wide);
  muster_print_operation_add_scene (operation, small);
  muster_print_operation_set_true_scale (operation, TRUE);
  muster_sheets_plan_best (&sheets, small, A4_W, A4_H);
  g_assert_cmpuint (muster_sheets_count (&sheets), <, 49);
  g_assert_cmpuint (muster_print_operation_count_pages (operation), ==, 49 + muster_sheets_count (&sheets));
  pages = print_to_pdf (operation);
  g_assert_cmpuint (pages->len, ==, 49 + muster_sheets_count (&sheets));
}

/* The next print starts with the last one's print settings. */
static void
test_print_remembered (void)
{
  MusterLayout *layout = NULL;
  g_autoptr(MusterScene) scene = new_scene (&layout, 72 * INCH, 48 * INCH);
  g_autoptr(GtkPrintSettings) settings = gtk_print_settings_new ();
  MusterPrintOperation *operation;
  GArray *pages;

  forget_settings ();
  operation = muster_print_operation_new ();
  g_assert_null (gtk_print_operation_get_print_settings (GTK_PRINT_OPERATION (operation)));
  muster_print_operation_add_scene (operation, scene);
  gtk_print_settings_set_printer (settings, "Muster Test Printer");
  gtk_print_operation_set_print_settings (GTK_PRINT_OPERATION (operation), settings);
  /* Freed when done, as the window's Print does: the settings are saved
   * before. */
  g_signal_connect (operation, "done", G_CALLBACK (g_object_unref), NULL);
  pages = print_to_pdf (operation);
  g_assert_cmpuint (pages->len, ==, 1);
  g_array_unref (pages);

  operation = muster_print_operation_new ();
  g_assert_nonnull (gtk_print_operation_get_print_settings (GTK_PRINT_OPERATION (operation)));
  g_assert_cmpstr (gtk_print_settings_get_printer (gtk_print_operation_get_print_settings (GTK_PRINT_OPERATION (operation))),
                   ==, "Muster Test Printer");
  g_object_unref (operation);
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

/* GTK's print dialog (the portal's in a Flatpak) carries no tab of
 * Muster's: what to print is asked before, by Muster. It shows the
 * paper Muster prints on; cancelling prints nothing. */
static void
test_print_dialog (void)
{
  MusterLayout *layout = NULL;
  g_autoptr(MusterScene) scene = NULL;
  GtkWidget *parent = gtk_window_new ();
  MusterPrintOperation *operation;
  GtkWindow *dialog = NULL;
  GtkWidget *notebook;
  g_autoptr(GtkPageSetup) setup = NULL;
  gint64 deadline;
  int done = 0;

  forget_settings ();
  scene = new_scene (&layout, 72 * INCH, 48 * INCH);
  operation = muster_print_operation_new ();
  muster_print_operation_add_scene (operation, scene);
  muster_print_operation_set_paper (operation, "letter");
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
      g_autoptr(GPtrArray) buttons = g_ptr_array_new ();

      g_assert_cmpstr (gtk_notebook_get_tab_label_text (GTK_NOTEBOOK (notebook), page), !=, "Diagram");
      collect_check_buttons (page, buttons);
      for (guint j = 0; j < buttons->len; j++)
        g_assert_null (strstr (gtk_check_button_get_label (g_ptr_array_index (buttons, j)) ?: "", "True scale"));
    }
  g_object_get (dialog, "page-setup", &setup, NULL);
  g_assert_cmpstr (gtk_paper_size_get_name (gtk_page_setup_get_paper_size (setup)), ==, GTK_PAPER_NAME_LETTER);
  g_assert_cmpint (gtk_page_setup_get_orientation (setup), ==, GTK_PAGE_ORIENTATION_LANDSCAPE);

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
  g_test_add_func ("/print/several", test_print_several);
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
