/* test-export-dialog.c: Print… and Export…, asked in Muster's own dialog
 * before GTK's print dialog or the file chooser (the portals' in a
 * Flatpak, which show nothing of Muster's). The dialog is driven through
 * its rows, as a player would; printing goes to a PDF file and its pages
 * are counted.
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "alert-helpers.h"
#include "muster-export-dialog.h"
#include "muster-sheets.h"
#include "muster-window.h"
#include "../render/pdf-pages.h"
#include "muster-test-tmp.h"

#define A4_W 595.276
#define A4_H 841.890
#define LETTER_W 612.0
#define LETTER_H 792.0

static char *config_dir;

static void
wait_until_idle (void)
{
  for (int i = 0; i < 50 && g_main_context_pending (NULL); i++)
    g_main_context_iteration (NULL, FALSE);
}

static MusterWindow *
open_window (const char *example)
{
  MusterWindow *window = muster_window_new (NULL);

  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 700);
  gtk_window_present (GTK_WINDOW (window));

  if (example != NULL)
    {
      g_autofree char *path = g_build_filename (TEST_DATA_DIR, "examples", example, NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);

      g_assert_true (muster_window_open (window, file));
    }
  wait_until_idle ();

  return window;
}

/* Until the dialog (weak pointer) is gone. */
static void
wait_for_gone (MusterExportDialog **dialog)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (*dialog != NULL && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  g_assert_null (*dialog);
}

/* The visible toplevel of that type, transient for parent if given. */
static GtkWindow *
find_toplevel (GType      type,
               GtkWindow *parent)
{
  g_autoptr(GList) toplevels = gtk_window_list_toplevels ();

  for (GList *l = toplevels; l != NULL; l = l->next)
    if (G_TYPE_CHECK_INSTANCE_TYPE (l->data, type) && gtk_widget_get_visible (l->data) &&
        (parent == NULL || gtk_window_get_transient_for (l->data) == parent))
      return l->data;

  return NULL;
}

static GtkWindow *
wait_for_toplevel (GType      type,
                   GtkWindow *parent)
{
  gint64 deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  GtkWindow *found;

  while ((found = find_toplevel (type, parent)) == NULL && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);

  return found;
}

/* The dialog that win.print or win.export opens over the window. */
static MusterExportDialog *
open_dialog (MusterWindow *window,
             const char   *action)
{
  GtkWindow *dialog;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), action, NULL));
  dialog = find_toplevel (MUSTER_TYPE_EXPORT_DIALOG, GTK_WINDOW (window));
  g_assert_nonnull (dialog);
  g_assert_true (gtk_window_get_modal (dialog));

  return MUSTER_EXPORT_DIALOG (dialog);
}

/* The row of the dialog with that title, as the player reads it. */
static GtkWidget *
find_row (GtkWidget  *widget,
          const char *title)
{
  if (ADW_IS_PREFERENCES_ROW (widget) &&
      g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0)
    return widget;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_row (child, title);

      if (found != NULL)
        return found;
    }

  return NULL;
}

static GtkWidget *
find_widget (GtkWidget *widget,
             GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return widget;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_widget (child, type);

      if (found != NULL)
        return found;
    }

  return NULL;
}

/* Chooses the item of the combo row with that label. */
static void
choose (MusterExportDialog *dialog,
        const char         *row_title,
        const char         *item)
{
  GtkWidget *row = find_row (GTK_WIDGET (dialog), row_title);
  GListModel *model;

  g_assert_nonnull (row);
  g_assert_true (gtk_widget_get_visible (row));
  model = adw_combo_row_get_model (ADW_COMBO_ROW (row));
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(GtkStringObject) string = g_list_model_get_item (model, i);

      if (g_str_equal (gtk_string_object_get_string (string), item))
        {
          adw_combo_row_set_selected (ADW_COMBO_ROW (row), i);
          return;
        }
    }

  g_error ("%s has no item “%s”", row_title, item);
}

static void
set_pieces (MusterExportDialog *dialog,
            gboolean            pieces)
{
  GtkWidget *row = find_row (GTK_WIDGET (dialog), "Pieces and _terrain");

  g_assert_nonnull (row);
  g_assert_true (gtk_widget_get_visible (row));
  gtk_switch_set_active (GTK_SWITCH (find_widget (row, GTK_TYPE_SWITCH)), pieces);
}

static const char *
row_subtitle (MusterExportDialog *dialog,
              const char         *row_title)
{
  GtkWidget *row = find_row (GTK_WIDGET (dialog), row_title);

  g_assert_nonnull (row);

  return adw_action_row_get_subtitle (ADW_ACTION_ROW (row));
}

/* Print… or Export…: the suggested button of the header bar. */
static GtkWidget *
accept_button (MusterExportDialog *dialog)
{
  g_autoptr(GPtrArray) stack = g_ptr_array_new ();

  g_ptr_array_add (stack, find_widget (GTK_WIDGET (dialog), ADW_TYPE_HEADER_BAR));
  while (stack->len > 0)
    {
      GtkWidget *w = g_ptr_array_steal_index (stack, stack->len - 1);

      if (GTK_IS_BUTTON (w) && gtk_widget_has_css_class (w, "suggested-action"))
        return w;
      for (GtkWidget *child = gtk_widget_get_first_child (w); child != NULL;
           child = gtk_widget_get_next_sibling (child))
        g_ptr_array_add (stack, child);
    }

  g_error ("The dialog has no Print… or Export… button");
}

/* The dialog's choices, printed to a PDF as "Print to File" would. */
static GArray *
print_pages (MusterExportDialog *dialog)
{
  g_autoptr(MusterPrintOperation) operation = muster_export_dialog_create_print_operation (dialog);
  g_auto(MusterTestDir) dir = muster_test_dir_new ("muster-print-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "printed.pdf", NULL);
  g_autoptr(GError) error = NULL;
  GArray *pages;

  gtk_print_operation_set_export_filename (GTK_PRINT_OPERATION (operation), path);
  g_assert_cmpint (gtk_print_operation_run (GTK_PRINT_OPERATION (operation), GTK_PRINT_OPERATION_ACTION_EXPORT,
                                            NULL, &error),
                   ==, GTK_PRINT_OPERATION_RESULT_APPLY);
  g_assert_no_error (error);

  pages = pdf_pages (path);

  return pages;
}

static guint
n_deployments (MusterWindow *window)
{
  return muster_system_get_deployments (muster_document_get_system (muster_window_get_document (window)))->len;
}

/* Print… asks first: the table fitted is one page, at true scale 49
 * sheets of A4 for a 72" × 48" table (the README's number), a
 * deployment type one page, the atlas one page per deployment type; the
 * paper and the pieces reach the pages too. */
static void
test_print_choices (void)
{
  MusterWindow *window = open_window (NULL);
  MusterExportDialog *dialog = open_dialog (window, "win.print");
  MusterLayout *layout = muster_window_get_layout (window);
  g_autoptr(GArray) pages = NULL;
  MusterScene *scene;
  MusterSheets sheets;

  g_assert_cmpint (muster_export_dialog_get_mode (dialog), ==, MUSTER_EXPORT_DIALOG_PRINT);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (dialog)), ==, "Print");
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (accept_button (dialog))), ==, "_Print…");
  g_assert_false (gtk_widget_get_visible (find_row (GTK_WIDGET (dialog), "_Format")));
  g_assert_cmpfloat_with_epsilon (muster_layout_get_width (layout), 72 * MUSTER_MM_PER_INCH, 1e-9);
  g_assert_cmpfloat_with_epsilon (muster_layout_get_height (layout), 48 * MUSTER_MM_PER_INCH, 1e-9);

  /* The defaults: the table, fitted, with its pieces. */
  g_assert_false (gtk_widget_get_visible (find_row (GTK_WIDGET (dialog), "_Deployment Type")));
  choose (dialog, "P_aper", "A4");
  pages = print_pages (dialog);
  g_assert_cmpuint (pages->len, ==, 1);
  g_assert_cmpstr (row_subtitle (dialog, "Sca_le"), ==, "1 page");
  g_clear_pointer (&pages, g_array_unref);

  choose (dialog, "Sca_le", "True scale (1:1)");
  g_assert_cmpstr (row_subtitle (dialog, "Sca_le"), ==, "49 sheets of A4, to tape together");
  pages = print_pages (dialog);
  g_assert_cmpuint (pages->len, ==, 49);
  g_clear_pointer (&pages, g_array_unref);

  choose (dialog, "P_aper", "Letter");
  scene = muster_scene_new (layout, muster_document_get_system (muster_window_get_document (window)), NULL);
  muster_sheets_plan_best (&sheets, scene, LETTER_W, LETTER_H);
  muster_scene_unref (scene);
  pages = print_pages (dialog);
  g_assert_cmpuint (pages->len, ==, muster_sheets_count (&sheets));
  g_assert_cmpfloat_with_epsilon (MIN (g_array_index (pages, PageSize, 0).width,
                                       g_array_index (pages, PageSize, 0).height), LETTER_W, 0.01);
  g_clear_pointer (&pages, g_array_unref);

  choose (dialog, "Sca_le", "Fit on a page");
  choose (dialog, "_Show", "One deployment type");
  g_assert_true (gtk_widget_get_visible (find_row (GTK_WIDGET (dialog), "_Deployment Type")));
  g_assert_false (gtk_widget_get_visible (find_row (GTK_WIDGET (dialog), "Pieces and _terrain")));
  choose (dialog, "_Deployment Type", "Encircle");
  pages = print_pages (dialog);
  g_assert_cmpuint (pages->len, ==, 1);
  g_clear_pointer (&pages, g_array_unref);

  choose (dialog, "_Show", "Every deployment type");
  g_assert_cmpuint (n_deployments (window), ==, 6);
  pages = print_pages (dialog);
  g_assert_cmpuint (pages->len, ==, 6);
  g_assert_cmpstr (row_subtitle (dialog, "Sca_le"), ==, "6 pages");
  g_clear_pointer (&pages, g_array_unref);

  /* The zones alone: the table's scene without its pieces. */
  choose (dialog, "_Show", "The table as laid out");
  set_pieces (dialog, FALSE);
  {
    g_autoptr(MusterPrintOperation) operation = muster_export_dialog_create_print_operation (dialog);

    g_assert_cmpuint (muster_print_operation_count_pages (operation), ==, 1);
    g_assert_cmpstr (muster_print_operation_get_paper (operation), ==, "letter");
  }

  gtk_window_destroy (GTK_WINDOW (dialog));
  gtk_window_destroy (GTK_WINDOW (window));
}

static GType
print_dialog_type (void)
{
  GType type = g_type_from_name ("GtkPrintUnixDialog");

  g_assert_true (type != 0);

  return type;
}

/* Print… goes on to GTK's print dialog, which carries nothing of
 * Muster's, and closes; the answers are remembered for the next time. */
static void
test_print_accept (void)
{
  MusterWindow *window = open_window (NULL);
  MusterExportDialog *dialog = open_dialog (window, "win.print");
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  GtkWindow *print_dialog;
  GtkWidget *notebook;

  choose (dialog, "_Show", "Every deployment type");
  choose (dialog, "Sca_le", "True scale (1:1)");
  choose (dialog, "P_aper", "Letter");
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  gtk_widget_activate (accept_button (dialog));
  wait_for_gone (&dialog);

  print_dialog = wait_for_toplevel (print_dialog_type (), GTK_WINDOW (window));
  g_assert_nonnull (print_dialog);
  notebook = find_widget (GTK_WIDGET (print_dialog), GTK_TYPE_NOTEBOOK);
  g_assert_nonnull (notebook);
  for (int i = 0; i < gtk_notebook_get_n_pages (GTK_NOTEBOOK (notebook)); i++)
    {
      GtkWidget *page = gtk_notebook_get_nth_page (GTK_NOTEBOOK (notebook), i);

      g_assert_null (find_row (page, "Sca_le"));
      g_assert_cmpstr (gtk_notebook_get_tab_label_text (GTK_NOTEBOOK (notebook), page), !=, "Diagram");
    }
  gtk_dialog_response (GTK_DIALOG (print_dialog), GTK_RESPONSE_CANCEL);
  wait_until_idle ();

  g_assert_cmpint (g_settings_get_enum (settings, "diagram-content"), ==, 2);
  g_assert_cmpint (g_settings_get_enum (settings, "diagram-scale"), ==, 1);
  {
    g_autofree char *paper = g_settings_get_string (settings, "diagram-paper");

    g_assert_cmpstr (paper, ==, "letter");
  }

  /* The next one starts there. */
  dialog = open_dialog (window, "win.print");
  {
    g_autoptr(MusterPrintOperation) operation = muster_export_dialog_create_print_operation (dialog);

    g_assert_true (muster_print_operation_get_true_scale (operation));
    g_assert_cmpstr (muster_print_operation_get_paper (operation), ==, "letter");
  }
  g_assert_true (gtk_widget_get_visible (find_row (GTK_WIDGET (dialog), "Sca_le")));
  g_assert_false (gtk_widget_get_visible (find_row (GTK_WIDGET (dialog), "Pieces and _terrain")));

  /* Cancelled: nothing remembered. */
  choose (dialog, "_Show", "The table as laid out");
  gtk_window_close (GTK_WINDOW (dialog));
  wait_until_idle ();
  g_assert_null (find_toplevel (MUSTER_TYPE_EXPORT_DIALOG, NULL));
  g_assert_cmpint (g_settings_get_enum (settings, "diagram-content"), ==, 2);

  g_settings_reset (settings, "diagram-content");
  g_settings_reset (settings, "diagram-scale");
  g_settings_reset (settings, "diagram-paper");
  gtk_window_destroy (GTK_WINDOW (window));
}

static char *
export (MusterExportDialog *dialog,
        const char         *dir,
        const char         *name)
{
  char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);

  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  if (!muster_export_dialog_export_to (dialog, file))
    g_error ("%s: %s", path, muster_alert_get_body (muster_alert_find (GTK_WIDGET (dialog))));
  /* Done: the dialog is gone. */
  wait_for_gone (&dialog);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));

  return path;
}

static guint
count_files (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;

  while (d != NULL && g_dir_read_name (d) != NULL)
    n++;

  return n;
}

/* Export… writes what was chosen, through muster-export.c: the atlas as
 * a PDF of a page per deployment type, the table at true scale as the
 * same 49 sheets as the print, an SVG of the table at its size, a PNG
 * of the page; the pieces or the zones alone. */
static void
test_export_formats (void)
{
  MusterWindow *window = open_window ("t9a-frontline-clash-mixed.muster");
  g_auto(MusterTestDir) dir = muster_test_dir_new ("muster-export-XXXXXX");
  g_autofree char *path = NULL;
  g_autofree char *with = NULL;
  g_autofree char *without = NULL;
  g_autoptr(GArray) pages = NULL;
  MusterExportDialog *dialog;
  cairo_surface_t *png;
  gsize with_len, without_len;

  g_assert_cmpuint (muster_layout_get_pieces (muster_window_get_layout (window))->len, >, 0);

  dialog = open_dialog (window, "win.export");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (dialog)), ==, "Export");
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (accept_button (dialog))), ==, "_Export…");
  choose (dialog, "_Format", "PDF");
  choose (dialog, "P_aper", "A4");
  choose (dialog, "_Show", "Every deployment type");
  path = export (dialog, dir, "atlas.pdf");
  pages = pdf_pages (path);
  g_assert_cmpuint (pages->len, ==, n_deployments (window));
  g_clear_pointer (&pages, g_array_unref);
  g_clear_pointer (&path, g_free);

  /* Each dialog starts from the answers last remembered, or the paper
   * of the locale: these are not remembered (export_to() is the file
   * chooser's answer, after them), so each is chosen again. */
  dialog = open_dialog (window, "win.export");
  choose (dialog, "_Show", "The table as laid out");
  choose (dialog, "Sca_le", "True scale (1:1)");
  choose (dialog, "P_aper", "A4");
  path = export (dialog, dir, "template.pdf");
  pages = pdf_pages (path);
  g_assert_cmpuint (pages->len, ==, 49);
  g_clear_pointer (&pages, g_array_unref);
  g_clear_pointer (&path, g_free);

  /* An SVG at true scale: the table (with its margin) at its size. */
  dialog = open_dialog (window, "win.export");
  choose (dialog, "_Format", "SVG");
  choose (dialog, "Sca_le", "True scale (1:1)");
  path = export (dialog, dir, "table.svg");
  {
    g_autofree char *contents = NULL;
    const char *width;

    g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
    g_assert_true (g_str_has_prefix (contents, "<?xml"));
    width = strstr (strstr (contents, "<svg"), " width=\"");
    g_assert_nonnull (width);
    g_assert_cmpfloat (g_ascii_strtod (width + strlen (" width=\""), NULL), >, 72 * 72);
  }
  g_clear_pointer (&path, g_free);

  /* A PNG of the page, with the pieces and without. */
  dialog = open_dialog (window, "win.export");
  choose (dialog, "_Format", "PNG");
  choose (dialog, "Sca_le", "Fit on a page");
  choose (dialog, "P_aper", "A4");
  set_pieces (dialog, TRUE);
  path = export (dialog, dir, "with.png");
  png = cairo_image_surface_create_from_png (path);
  g_assert_cmpint (cairo_surface_status (png), ==, CAIRO_STATUS_SUCCESS);
  /* A4 landscape at 150 pixels an inch. */
  g_assert_cmpint (cairo_image_surface_get_width (png), ==, (int) ceil (A4_H * 150 / 72));
  g_assert_cmpint (cairo_image_surface_get_height (png), ==, (int) ceil (A4_W * 150 / 72));
  cairo_surface_destroy (png);
  g_assert_true (g_file_get_contents (path, &with, &with_len, NULL));
  g_clear_pointer (&path, g_free);

  dialog = open_dialog (window, "win.export");
  choose (dialog, "_Format", "PNG");
  choose (dialog, "P_aper", "A4");
  set_pieces (dialog, FALSE);
  path = export (dialog, dir, "without.png");
  g_assert_true (g_file_get_contents (path, &without, &without_len, NULL));
  g_assert_false (with_len == without_len && memcmp (with, without, with_len) == 0);
  g_clear_pointer (&path, g_free);

  /* Nothing else left beside them. */
  g_assert_cmpuint (count_files (dir), ==, 5);

  {
    g_autoptr(GSettings) settings = g_settings_new (APP_ID);

    g_settings_reset (settings, "diagram-content");
    g_settings_reset (settings, "diagram-scale");
    g_settings_reset (settings, "diagram-pieces");
    g_settings_reset (settings, "export-format");
    g_settings_reset (settings, "diagram-paper");
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* What an export cannot do is said before: Export… is then off. */
static void
test_export_refused (void)
{
  MusterWindow *window = open_window (NULL);
  MusterExportDialog *dialog = open_dialog (window, "win.export");
  GtkWidget *button = accept_button (dialog);

  choose (dialog, "_Format", "PNG");
  choose (dialog, "Sca_le", "True scale (1:1)");
  g_assert_false (gtk_widget_get_sensitive (button));
  g_assert_cmpstr (row_subtitle (dialog, "_Format"), ==, "True scale needs a PDF or an SVG");

  choose (dialog, "_Format", "SVG");
  g_assert_true (gtk_widget_get_sensitive (button));
  choose (dialog, "_Show", "Every deployment type");
  g_assert_false (gtk_widget_get_sensitive (button));
  g_assert_cmpstr (row_subtitle (dialog, "_Format"), ==, "A page per deployment type needs a PDF");

  choose (dialog, "_Format", "PDF");
  g_assert_true (gtk_widget_get_sensitive (button));
  g_assert_cmpstr (row_subtitle (dialog, "_Format"), ==, "");

  gtk_window_destroy (GTK_WINDOW (dialog));
  gtk_window_destroy (GTK_WINDOW (window));
}

static GtkWidget *
take_error (MusterExportDialog *dialog)
{
  GtkWidget *error = alert_wait (GTK_WIDGET (dialog));

  g_assert_nonnull (error);

  return error;
}

/* Closed by its button: the choices stay open to try again. */
static void
close_error (MusterExportDialog *dialog,
             GtkWidget          *error)
{
  alert_click (error, "_Close");
  g_assert_true (alert_wait_gone (GTK_WIDGET (dialog)));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (dialog)));
}

/* A failed export writes nothing, not even a part of the file, and
 * says which file in a dialog; the choices stay open to try again. */
static void
test_export_fails (void)
{
  MusterWindow *window = open_window (NULL);
  MusterExportDialog *dialog = open_dialog (window, "win.export");
  g_auto(MusterTestDir) dir = muster_test_dir_new ("muster-export-XXXXXX");
  g_autofree char *missing = g_build_filename (dir, "no-such-folder", "zones.pdf", NULL);
  g_autofree char *taken = g_build_filename (dir, "zones.pdf", NULL);
  g_autofree char *inside = g_build_filename (taken, "keep", NULL);
  g_autoptr(GFile) missing_file = g_file_new_for_path (missing);
  g_autoptr(GFile) taken_file = g_file_new_for_path (taken);
  GtkWidget *error;

  choose (dialog, "_Format", "PDF");

  /* No such folder. */
  g_assert_false (muster_export_dialog_export_to (dialog, missing_file));
  error = take_error (dialog);
  g_assert_cmpstr (muster_alert_get_heading (error), ==, "Could Not Export “zones.pdf”");
  g_assert_nonnull (strstr (muster_alert_get_body (error), missing));
  close_error (dialog, error);
  g_assert_cmpuint (count_files (dir), ==, 0);

  /* A folder where the file would go: drawn, then not renamed over it,
   * and the drawing removed. */
  g_assert_cmpint (g_mkdir (taken, 0700), ==, 0);
  g_assert_true (g_file_set_contents (inside, "", 0, NULL));
  g_assert_false (muster_export_dialog_export_to (dialog, taken_file));
  error = take_error (dialog);
  g_assert_nonnull (strstr (muster_alert_get_body (error), taken));
  close_error (dialog, error);
  g_assert_cmpuint (count_files (dir), ==, 1);
  g_assert_cmpuint (count_files (taken), ==, 1);

  /* A name that is not a PDF's: said, not changed behind the player's
   * back (in a Flatpak only the file chosen leaves the sandbox). */
  {
    g_autofree char *plain = g_build_filename (dir, "zones", NULL);
    g_autoptr(GFile) plain_file = g_file_new_for_path (plain);

    g_assert_false (muster_export_dialog_export_to (dialog, plain_file));
    error = take_error (dialog);
    g_assert_nonnull (strstr (muster_alert_get_body (error), "“.pdf”"));
    close_error (dialog, error);
    g_assert_cmpuint (count_files (dir), ==, 1);
  }

  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (dialog)));
  gtk_window_destroy (GTK_WINDOW (dialog));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Accepts the chooser over dialog (under name, unless NULL) and waits
 * until the dialog, its work done, is gone. The chooser loads its folder
 * in the background and ignores an answer until then: answered again
 * until it takes it. */
static void
accept_chooser (MusterExportDialog *dialog,
                GtkWindow          *chooser,
                const char         *name)
{
  gint64 deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  while (dialog != NULL && g_get_monotonic_time () < deadline)
    {
      gint64 wait = g_get_monotonic_time () + G_USEC_PER_SEC / 2;

      if (find_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG, GTK_WINDOW (dialog)) == chooser)
        {
          if (name != NULL)
            gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
          gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_ACCEPT);
        }
      while (dialog != NULL && g_get_monotonic_time () < wait)
        g_main_context_iteration (NULL, FALSE);
    }
  g_assert_null (dialog);
}

/* A saved layout's diagram is offered beside it, whatever the current
 * folder. */
static void
test_export_beside_layout (void)
{
  g_auto(MusterTestDir) dir = muster_test_dir_new ("muster-export-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "Club Night.muster", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) folder = NULL;
  MusterWindow *window = open_window (NULL);
  MusterExportDialog *dialog;
  GtkWindow *chooser;
  g_autoptr(GError) error = NULL;
  gint64 deadline;

  g_assert_true (muster_window_save_to (window, file, &error));
  g_assert_no_error (error);
  dialog = open_dialog (window, "win.export");
  choose (dialog, "_Show", "The table as laid out");
  choose (dialog, "_Format", "PDF");
  gtk_widget_activate (accept_button (dialog));

  chooser = wait_for_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG, GTK_WINDOW (dialog));
  g_assert_nonnull (chooser);
  /* The chooser goes to its folder in the background. */
  deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while ((folder = gtk_file_chooser_get_current_folder (GTK_FILE_CHOOSER (chooser))) == NULL &&
         g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  g_assert_nonnull (folder);
  g_assert_cmpstr (g_file_peek_path (folder), ==, dir);
  {
    g_autofree char *name = gtk_file_chooser_get_current_name (GTK_FILE_CHOOSER (chooser));

    g_assert_cmpstr (name, ==, "Club Night.pdf");
  }
  /* Taken, and the diagram written there. */
  accept_chooser (dialog, chooser, NULL);
  {
    g_autofree char *pdf = g_build_filename (dir, "Club Night.pdf", NULL);

    g_assert_true (g_file_test (pdf, G_FILE_TEST_IS_REGULAR));
  }
  {
    g_autoptr(GSettings) settings = g_settings_new (APP_ID);

    g_settings_reset (settings, "diagram-content");
    g_settings_reset (settings, "export-format");
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Export… goes on to the file chooser, over the dialog, offering a name
 * with the format's suffix; the file chosen is written. */
static void
test_export_file_chooser (void)
{
  MusterWindow *window = open_window (NULL);
  MusterExportDialog *dialog = open_dialog (window, "win.export");
  g_auto(MusterTestDir) dir = muster_test_dir_new ("muster-export-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "Chosen.svg", NULL);
  g_autofree char *cwd = NULL;
  GtkWindow *chooser;

  choose (dialog, "_Format", "SVG");
  choose (dialog, "_Show", "One deployment type");
  choose (dialog, "_Deployment Type", "Refused Flank");
  cwd = g_get_current_dir ();
  g_assert_cmpint (g_chdir (dir), ==, 0);
  gtk_widget_activate (accept_button (dialog));

  chooser = wait_for_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG, GTK_WINDOW (dialog));
  g_assert_nonnull (chooser);
  g_assert_cmpint (gtk_file_chooser_get_action (GTK_FILE_CHOOSER (chooser)), ==, GTK_FILE_CHOOSER_ACTION_SAVE);
  {
    g_autofree char *name = gtk_file_chooser_get_current_name (GTK_FILE_CHOOSER (chooser));

    g_assert_cmpstr (name, ==, "Refused Flank.svg");
  }
  accept_chooser (dialog, chooser, "Chosen.svg");
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  g_assert_cmpint (g_chdir (cwd), ==, 0);

  {
    g_autoptr(GSettings) settings = g_settings_new (APP_ID);

    g_settings_reset (settings, "diagram-content");
    g_settings_reset (settings, "export-format");
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  int status;

  /* Our own print settings, before GLib reads where they live. */
  config_dir = muster_test_dir_new ("muster-export-config-XXXXXX");
  g_setenv ("XDG_CONFIG_HOME", config_dir, TRUE);

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/export-dialog/print-choices", test_print_choices);
  g_test_add_func ("/export-dialog/print-accept", test_print_accept);
  g_test_add_func ("/export-dialog/export-beside-layout", test_export_beside_layout);
  g_test_add_func ("/export-dialog/export-formats", test_export_formats);
  g_test_add_func ("/export-dialog/export-refused", test_export_refused);
  g_test_add_func ("/export-dialog/export-fails", test_export_fails);
  g_test_add_func ("/export-dialog/export-file-chooser", test_export_file_chooser);

  status = g_test_run ();

  muster_test_dir_clear (config_dir);

  return status;
}
