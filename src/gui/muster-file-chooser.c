/* muster-file-chooser.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-file-chooser"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-file-chooser.h"

/* Kept in the owner's data: freed with it, which closes the chooser. */
#define REQUEST_KEY "muster-file-chooser"

typedef struct
{
  MusterFileChosen  chosen;
  GObject          *dialog;        /* GtkFileDialog or GtkFileChooserNative */
  GCancellable     *cancellable;   /* of a GtkFileDialog */
} Request;

static void
request_free (gpointer data)
{
  Request *request = data;

  g_cancellable_cancel (request->cancellable);
#if !GTK_CHECK_VERSION (4, 10, 0)
  g_signal_handlers_disconnect_matched (request->dialog, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, request);
  gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (request->dialog));
#endif
  g_clear_object (&request->dialog);
  g_clear_object (&request->cancellable);
  g_free (request);
}

/* The answer to owner's request: the request is done, then told. */
static void
answer (GObject *owner,
        GFile   *file)
{
  Request *request = g_object_steal_data (owner, REQUEST_KEY);
  MusterFileChosen chosen = request->chosen;

  request_free (request);
  chosen (owner, file);
}

#if GTK_CHECK_VERSION (4, 10, 0)
/* Built on GTK 4.10 or later, whatever GDK_VERSION_MAX_ALLOWED says. */
G_GNUC_BEGIN_IGNORE_DEPRECATIONS

/* What the answer needs: neither is kept alive by the chooser. */
typedef struct
{
  GWeakRef owner;
  GWeakRef parent;
} Pending;

/* With no portal to ask, GtkFileDialog shows GTK's own
 * GtkFileChooserDialog and disposes of it once answered. Its path bar
 * may still be looking up, one by one, the folders above the one shown;
 * on GTK 4.24 the lookup that dispose cancels ends in
 * gtk_path_bar_set_file_finish(), which reaches for the bar's box, gone
 * with it (gtk/gtkpathbar.c): a crash when the chooser is answered, or
 * cancelled, as it opens. Held a while, hidden, the dialog is not
 * disposed until its lookups have ended. */
#define FALLBACK_HOLD_SECONDS 30

static gboolean
release_fallback (gpointer data)
{
  return G_SOURCE_REMOVE;
}

static void
hold_fallback (GtkWindow *parent)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (GTK_IS_FILE_CHOOSER_DIALOG (window) && gtk_window_get_transient_for (window) == parent)
        g_timeout_add_seconds_full (G_PRIORITY_LOW, FALLBACK_HOLD_SECONDS, release_fallback,
                                    g_object_ref (window), g_object_unref);
    }
}

static void
dialog_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  Pending *pending = user_data;
  g_autoptr(GObject) owner = g_weak_ref_get (&pending->owner);
  g_autoptr(GtkWindow) parent = g_weak_ref_get (&pending->parent);
  g_autoptr(GFile) file = NULL;
  Request *request;

  g_weak_ref_clear (&pending->owner);
  g_weak_ref_clear (&pending->parent);
  g_free (pending);

  /* Still there: the task, and with it the dialog, goes after this. */
  hold_fallback (parent);

  if (g_object_get_data (source, "save") != NULL)
    file = gtk_file_dialog_save_finish (GTK_FILE_DIALOG (source), result, NULL);
  else
    file = gtk_file_dialog_open_finish (GTK_FILE_DIALOG (source), result, NULL);

  /* Not when it went with its owner. */
  request = owner != NULL ? g_object_get_data (owner, REQUEST_KEY) : NULL;
  if (request != NULL && request->dialog == source)
    answer (owner, file);
}

static void
ask (GtkWindow  *parent,
     GObject    *owner,
     Request    *request,
     gboolean    save,
     const char *title,
     const char *accept_label,
     GFile      *initial_file,
     const char *initial_name,
     GListModel *filters)
{
  GtkFileDialog *dialog = gtk_file_dialog_new ();
  Pending *pending = g_new0 (Pending, 1);
  g_autoptr(GtkFileFilter) first = g_list_model_get_item (filters, 0);

  g_weak_ref_init (&pending->owner, owner);
  g_weak_ref_init (&pending->parent, parent);
  request->dialog = G_OBJECT (dialog);
  request->cancellable = g_cancellable_new ();
  gtk_file_dialog_set_title (dialog, title);
  gtk_file_dialog_set_accept_label (dialog, accept_label);
  gtk_file_dialog_set_filters (dialog, filters);
  gtk_file_dialog_set_default_filter (dialog, first);
  gtk_file_dialog_set_modal (dialog, TRUE);

  if (save)
    {
      g_object_set_data (G_OBJECT (dialog), "save", GINT_TO_POINTER (TRUE));
      if (initial_file != NULL)
        gtk_file_dialog_set_initial_file (dialog, initial_file);
      else
        gtk_file_dialog_set_initial_name (dialog, initial_name);
      gtk_file_dialog_save (dialog, parent, request->cancellable, dialog_done_cb, pending);
    }
  else
    gtk_file_dialog_open (dialog, parent, request->cancellable, dialog_done_cb, pending);
}

G_GNUC_END_IGNORE_DEPRECATIONS
#else
static void
response_cb (GtkNativeDialog *chooser,
             int              response,
             Request         *request)
{
  GObject *owner = g_object_get_data (G_OBJECT (chooser), "owner");
  g_autoptr(GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  answer (owner, file);
}

static void
ask (GtkWindow  *parent,
     GObject    *owner,
     Request    *request,
     gboolean    save,
     const char *title,
     const char *accept_label,
     GFile      *initial_file,
     const char *initial_name,
     GListModel *filters)
{
  GtkFileChooserNative *chooser;

  chooser = gtk_file_chooser_native_new (title, parent,
                                         save ? GTK_FILE_CHOOSER_ACTION_SAVE : GTK_FILE_CHOOSER_ACTION_OPEN,
                                         accept_label, _("_Cancel"));
  request->dialog = G_OBJECT (chooser);
  /* Not a reference: the request, and with it the chooser, goes with
   * the owner. */
  g_object_set_data (G_OBJECT (chooser), "owner", owner);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  for (guint i = 0; i < g_list_model_get_n_items (filters); i++)
    {
      g_autoptr(GtkFileFilter) filter = g_list_model_get_item (filters, i);

      gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
    }
  /* A file not there yet (a name offered beside another) is its folder
   * and its name: GTK 4.8 selects only a file that exists. */
  if (save && initial_file != NULL && g_file_query_exists (initial_file, NULL))
    gtk_file_chooser_set_file (GTK_FILE_CHOOSER (chooser), initial_file, NULL);
  else if (save && initial_file != NULL)
    {
      g_autoptr(GFile) folder = g_file_get_parent (initial_file);
      g_autofree char *name = g_file_get_basename (initial_file);

      if (folder != NULL)
        gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), folder, NULL);
      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
    }
  else if (save)
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), initial_name);
  g_signal_connect (chooser, "response", G_CALLBACK (response_cb), request);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}
#endif

gboolean
muster_file_chooser_ask (GtkWindow        *parent,
                         GObject          *owner,
                         gboolean          save,
                         const char       *title,
                         const char       *accept_label,
                         GFile            *initial_file,
                         const char       *initial_name,
                         GListModel       *filters,
                         MusterFileChosen  chosen)
{
  Request *request;

  g_return_val_if_fail (G_IS_OBJECT (owner), FALSE);
  g_return_val_if_fail (G_IS_LIST_MODEL (filters) && g_list_model_get_n_items (filters) > 0, FALSE);
  g_return_val_if_fail (chosen != NULL, FALSE);
  g_return_val_if_fail (initial_file == NULL || G_IS_FILE (initial_file), FALSE);

  if (g_object_get_data (owner, REQUEST_KEY) != NULL)
    return FALSE;

  request = g_new0 (Request, 1);
  request->chosen = chosen;
  g_object_set_data_full (owner, REQUEST_KEY, request, request_free);
  ask (parent, owner, request, save, title, accept_label, initial_file, initial_name, filters);

  return TRUE;
}

void
muster_file_chooser_close (GObject *owner)
{
  g_return_if_fail (G_IS_OBJECT (owner));

  g_object_set_data (owner, REQUEST_KEY, NULL);
}
