/* muster-window-files.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-window"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "muster-compat.h"
#include "muster-file-chooser.h"
#include "muster-window-private.h"

/* New, open, save and close: the document's file as the players ask for
 * it, with "Save Changes?" before anything unsaved would go, the recent
 * files, and layouts dropped on the window. */

#define MAX_RECENT 8

static void run_after (MusterWindow *self);

static gboolean
add_recent_idle_cb (gpointer data)
{
  g_autofree char *uri = g_file_get_uri (G_FILE (data));
  GtkRecentData recent = { 0 };

  recent.display_name = NULL;
  recent.mime_type = (char *) MUSTER_MIME_TYPE;
  recent.app_name = (char *) "Muster";
  recent.app_exec = (char *) "muster %u";

  gtk_recent_manager_add_full (gtk_recent_manager_get_default (), uri, &recent);

  return G_SOURCE_REMOVE;
}

/* After the frame that shows the file: the recent manager reads the
 * whole list of recent files of the desktop when first asked. */
static void
add_recent (GFile *file)
{
  g_idle_add_full (G_PRIORITY_LOW, add_recent_idle_cb, g_object_ref (file), g_object_unref);
}

void
muster_window_new_layout (MusterWindow *self)
{
  g_autoptr(MusterLayout) layout = NULL;
  g_autoptr(GError) error = NULL;

  g_return_if_fail (MUSTER_IS_WINDOW (self));

  layout = _muster_window_default_layout (self);
  if (!muster_document_load_layout (self->document, layout, NULL, &error))
    _muster_window_show_message (self, error->message);
}

gboolean
muster_window_show_layout (MusterWindow  *self,
                           MusterLayout  *layout,
                           GError       **error)
{
  g_return_val_if_fail (MUSTER_IS_WINDOW (self), FALSE);

  return muster_document_load_layout (self->document, layout, NULL, error);
}

/* Says in a dialog why file cannot be opened, over the window once it
 * is shown: a toast would pass before it is read. Errors about a place
 * in the file read "NAME:LINE: what"; the dialog names the file and the
 * line, and says what in a sentence. */
static void
show_open_error (MusterWindow *self,
                 GFile        *file,
                 const GError *error)
{
  g_autofree char *name = g_file_get_parse_name (file);
  g_autofree char *basename = g_file_get_basename (file);
  g_autofree char *display = g_filename_display_name (basename);
  g_autofree char *what = NULL;
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;
  const char *text = error->message;
  GtkWidget *alert;
  guint64 line = 0;

  /* Presented over a window not shown yet, the alert would go under it,
   * unseen: gtk_window_present() raises the window it shows. */
  if (!gtk_widget_get_mapped (GTK_WIDGET (self)))
    {
      if (self->unread_files == NULL)
        {
          self->unread_files = g_ptr_array_new_with_free_func (g_object_unref);
          self->unread_errors = g_ptr_array_new_with_free_func ((GDestroyNotify) g_error_free);
        }
      g_ptr_array_add (self->unread_files, g_object_ref (file));
      g_ptr_array_add (self->unread_errors, g_error_copy (error));
      return;
    }

  if (g_str_has_prefix (text, name) && text[strlen (name)] == ':')
    {
      const char *digits = text + strlen (name) + 1;
      char *end = NULL;

      line = g_ascii_strtoull (digits, &end, 10);
      if (end != digits && g_str_has_prefix (end, ": "))
        text = end + 2;
      else
        line = 0;
    }

  /* A sentence of its own. */
  if (g_utf8_validate (text, -1, NULL) && *text != '\0')
    {
      char first[8] = { 0 };

      g_unichar_to_utf8 (g_unichar_totitle (g_utf8_get_char (text)), first);
      what = g_strconcat (first, g_utf8_next_char (text), NULL);
    }
  else
    what = g_utf8_make_valid (text, -1);

  heading = g_strdup_printf (_("Could Not Open “%s”"), display);
  if (line > 0)
    /* Translators: "Line 3: The <board> tag is not closed: a “>” is missing" */
    body = g_strdup_printf (_("Line %u: %s"), (guint) line, what);
  alert = muster_alert_new (heading, body != NULL ? body : what);
  muster_alert_add_response (alert, "close", _("_Close"), ADW_RESPONSE_DEFAULT);
  muster_alert_present (alert, GTK_WIDGET (self));
}

static gboolean
show_unread_cb (gpointer data)
{
  MusterWindow *self = MUSTER_WINDOW (data);
  g_autoptr(GPtrArray) files = g_steal_pointer (&self->unread_files);
  g_autoptr(GPtrArray) errors = g_steal_pointer (&self->unread_errors);

  self->unread_id = 0;
  for (guint i = 0; files != NULL && i < files->len; i++)
    show_open_error (self, g_ptr_array_index (files, i), g_ptr_array_index (errors, i));

  return G_SOURCE_REMOVE;
}

/* Not in "map" itself: gtk_window_present() raises the window after it
 * maps it. */
static void
map_cb (MusterWindow *self)
{
  if (self->unread_files != NULL && self->unread_id == 0)
    self->unread_id = g_idle_add (show_unread_cb, self);
}

/* Shows the layout in file; on failure the layout that was open stays
 * as it was. */
static gboolean
load_file (MusterWindow  *self,
           GFile         *file,
           GError       **error)
{
  if (!muster_document_load_file (self->document, file, error))
    return FALSE;

  add_recent (file);

  return TRUE;
}

gboolean
muster_window_open (MusterWindow *self,
                    GFile        *file)
{
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (MUSTER_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (!load_file (self, file, &error))
    {
      show_open_error (self, file, error);
      return FALSE;
    }

  return TRUE;
}

MusterWindow *
muster_window_open_new (MusterApplication *application,
                        GFile             *file,
                        MusterWindow      *parent)
{
  g_autoptr(GError) error = NULL;
  MusterWindow *window;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (MUSTER_IS_WINDOW (parent), NULL);

  window = g_object_new (MUSTER_TYPE_WINDOW, "application", application, "empty", TRUE, NULL);
  if (!load_file (window, file, &error))
    {
      gtk_window_destroy (GTK_WINDOW (window));
      show_open_error (parent, file, error);
      return NULL;
    }

  return window;
}

MusterWindow *
muster_window_find_for_file (GtkApplication *application,
                             GFile          *file,
                             MusterWindow   *except)
{
  g_return_val_if_fail (GTK_IS_APPLICATION (application), NULL);
  g_return_val_if_fail (G_IS_FILE (file), NULL);

  for (GList *l = gtk_application_get_windows (application); l != NULL; l = l->next)
    {
      GFile *shown;

      if (!MUSTER_IS_WINDOW (l->data) || l->data == except)
        continue;

      shown = muster_window_get_file (l->data);
      if (shown != NULL && g_file_equal (shown, file))
        return l->data;
    }

  return NULL;
}

/* A layout open in another window is shown there, not opened a second
 * time: two windows on one file would each save over the other's
 * changes. TRUE when it was. */
static gboolean
present_elsewhere (MusterWindow *self,
                   GFile        *file)
{
  GtkApplication *application = gtk_window_get_application (GTK_WINDOW (self));
  MusterWindow *other;

  if (application == NULL || file == NULL)
    return FALSE;

  other = muster_window_find_for_file (application, file, self);
  if (other == NULL)
    return FALSE;

  gtk_window_present (GTK_WINDOW (other));

  return TRUE;
}

MusterWindow *
muster_window_new_for_file (MusterApplication *application,
                            GFile             *file)
{
  g_autoptr(GError) error = NULL;
  MusterWindow *self;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  self = g_object_new (MUSTER_TYPE_WINDOW, "application", application, "empty", TRUE, NULL);
  if (!load_file (self, file, &error))
    {
      _muster_window_load_default_table (self);
      show_open_error (self, file, error);
    }

  return self;
}

gboolean
muster_window_save_to (MusterWindow  *self,
                       GFile         *file,
                       GError       **error)
{
  GtkApplication *application;

  g_return_val_if_fail (MUSTER_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  /* Each window would save over the other's changes. */
  application = gtk_window_get_application (GTK_WINDOW (self));
  if (application != NULL && muster_window_find_for_file (application, file, self) != NULL)
    {
      g_autofree char *name = g_file_get_basename (file);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                   _("“%s” is open in another window: save it there, or under another name"), name);
      return FALSE;
    }

  if (!muster_document_save_to (self->document, file, error))
    return FALSE;

  add_recent (file);

  return TRUE;
}

/* Saves to the document's file, or asks for one; FALSE when it did not
 * save now (the question, or an error). */
/* Why the file could not be saved, with the way out at hand: another
 * name (a read-only file, a folder Muster may not write in). */
static void
show_save_failed (MusterWindow *self,
                  const char   *message)
{
  g_autofree char *escaped = g_markup_escape_text (message, -1);
  AdwToast *toast = adw_toast_new (escaped);

  adw_toast_set_button_label (toast, _("Save _As…"));
  adw_toast_set_action_name (toast, "win.save-as");
  adw_toast_set_timeout (toast, 10);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

static gboolean
save (MusterWindow *self)
{
  g_autoptr(GError) error = NULL;
  GFile *file = muster_document_get_file (self->document);

  if (file == NULL)
    {
      _muster_window_save_as (self);
      return FALSE;
    }

  if (!muster_window_save_to (self, file, &error))
    {
      show_save_failed (self, error->message);
      self->after = MUSTER_AFTER_NOTHING;
      return FALSE;
    }

  return TRUE;
}

void
_muster_window_save (MusterWindow *self)
{
  self->after = MUSTER_AFTER_NOTHING;
  save (self);
}

/* Muster's layouts, the default, and all files. */
static GListModel *
new_filters (void)
{
  GListStore *filters = g_list_store_new (GTK_TYPE_FILE_FILTER);
  g_autoptr(GtkFileFilter) layouts = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) all = gtk_file_filter_new ();

  gtk_file_filter_set_name (layouts, _("Muster Layouts"));
  gtk_file_filter_add_mime_type (layouts, MUSTER_MIME_TYPE);
  gtk_file_filter_add_suffix (layouts, "muster");
  g_list_store_append (filters, layouts);

  gtk_file_filter_set_name (all, _("All Files"));
  gtk_file_filter_add_pattern (all, "*");
  g_list_store_append (filters, all);

  return G_LIST_MODEL (filters);
}

static void
save_chosen (GObject *owner,
             GFile   *file)
{
  MusterWindow *self = MUSTER_WINDOW (owner);
  g_autoptr(GError) error = NULL;

  if (file == NULL)
    {
      self->after = MUSTER_AFTER_NOTHING;
      return;
    }

  /* Saved under the very name chosen (the chooser offers one ending in
   * .muster): in a sandbox, the portal grants that file and no other. */
  if (!muster_window_save_to (self, file, &error))
    {
      _muster_window_show_message (self, error->message);
      self->after = MUSTER_AFTER_NOTHING;
      return;
    }

  run_after (self);
}

void
_muster_window_save_as (MusterWindow *self)
{
  g_autoptr(GListModel) filters = new_filters ();
  /* Translators: the file name offered for a new layout; keep the suffix */
  const char *new_name = _("Layout.muster");

  muster_file_chooser_ask (GTK_WINDOW (self), G_OBJECT (self), TRUE, _("Save Layout"), _("_Save"),
                           muster_document_get_file (self->document), new_name, filters, save_chosen);
}

static void
open_chosen (GObject *owner,
             GFile   *file)
{
  if (file != NULL && !present_elsewhere (MUSTER_WINDOW (owner), file))
    muster_window_open (MUSTER_WINDOW (owner), file);
}

static void
show_open_dialog (MusterWindow *self)
{
  g_autoptr(GListModel) filters = new_filters ();

  muster_file_chooser_ask (GTK_WINDOW (self), G_OBJECT (self), FALSE, _("Open Layout"), _("_Open"), NULL, NULL,
                           filters, open_chosen);
}

static void
run_after (MusterWindow *self)
{
  MusterAfter after = self->after;
  g_autoptr(GFile) file = g_steal_pointer (&self->after_file);

  self->after = MUSTER_AFTER_NOTHING;

  switch (after)
    {
    case MUSTER_AFTER_NEW:
      muster_window_new_layout (self);
      break;

    case MUSTER_AFTER_OPEN_DIALOG:
      show_open_dialog (self);
      break;

    case MUSTER_AFTER_OPEN_FILE:
      if (file != NULL)
        muster_window_open (self, file);
      break;

    case MUSTER_AFTER_CLOSE:
      self->close_confirmed = TRUE;
      gtk_window_close (GTK_WINDOW (self));
      break;

    case MUSTER_AFTER_NOTHING:
    default:
      break;
    }
}

static void
discard_response_cb (MusterWindow *self,
                     const char   *response,
                     GtkWidget    *alert)
{
  if (g_strcmp0 (response, "discard") == 0)
    {
      /* Thrown away on purpose: nothing to offer back after a crash. */
      muster_document_discard_draft (self->document);
      run_after (self);
    }
  else if (g_strcmp0 (response, "save") == 0)
    {
      if (save (self))
        run_after (self);
    }
  else
    {
      self->after = MUSTER_AFTER_NOTHING;
      g_clear_object (&self->after_file);
    }
}

void
_muster_window_confirm_then (MusterWindow *self,
                             MusterAfter   after,
                             GFile        *file)
{
  g_autofree char *body = NULL;
  GtkWidget *alert;

  if (after == MUSTER_AFTER_OPEN_FILE && present_elsewhere (self, file))
    return;

  self->after = after;
  g_set_object (&self->after_file, file);

  if (!muster_document_get_modified (self->document))
    {
      run_after (self);
      return;
    }

  body = g_strdup_printf (_("“%s” has unsaved changes. Changes which are not saved will be lost."),
                          muster_document_get_title (self->document));
  alert = muster_alert_new (_("Save Changes?"), body);
  muster_alert_add_response (alert, "cancel", _("_Cancel"), ADW_RESPONSE_DEFAULT);
  muster_alert_add_response (alert, "discard", _("_Discard"), ADW_RESPONSE_DESTRUCTIVE);
  muster_alert_add_response (alert, "save", _("_Save"), ADW_RESPONSE_SUGGESTED);
  muster_alert_set_default_response (alert, "save");
  muster_alert_set_close_response (alert, "cancel");
  g_signal_connect_object (alert, "response", G_CALLBACK (discard_response_cb), self, G_CONNECT_SWAPPED);
  muster_alert_present (alert, GTK_WIDGET (self));
}

gboolean
_muster_window_close_request (MusterWindow *self)
{
  if (self->close_confirmed || !muster_document_get_modified (self->document))
    {
      /* Nothing is lost: no draft to offer back. */
      muster_document_discard_draft (self->document);
      return GDK_EVENT_PROPAGATE;
    }

  _muster_window_confirm_then (self, MUSTER_AFTER_CLOSE, NULL);

  return GDK_EVENT_STOP;
}

void
muster_window_restore_draft (MusterWindow *self,
                             const char   *draft_id)
{
  g_autoptr(GError) error = NULL;

  g_return_if_fail (MUSTER_IS_WINDOW (self));
  g_return_if_fail (draft_id != NULL);

  if (!muster_document_load_draft (self->document, draft_id, &error))
    _muster_window_show_message (self, error->message);
}

void
_muster_window_update_recent_menu (MusterWindow *self)
{
  GList *items = gtk_recent_manager_get_items (gtk_recent_manager_get_default ());
  guint n = 0;

  g_menu_remove_all (self->recent_menu);

  for (GList *l = items; l != NULL && n < MAX_RECENT; l = l->next)
    {
      GtkRecentInfo *info = l->data;
      const char *uri = gtk_recent_info_get_uri (info);
      g_autoptr(GMenuItem) item = NULL;

      if (!g_str_has_suffix (uri, ".muster") || !gtk_recent_info_exists (info))
        continue;

      item = g_menu_item_new (gtk_recent_info_get_display_name (info), NULL);
      g_menu_item_set_action_and_target (item, "win.open-recent", "s", uri);
      g_menu_append_item (self->recent_menu, item);
      n++;
    }

  /* Rather than an empty menu: an item greyed out (win.no-recent is
   * never enabled). */
  if (n == 0)
    g_menu_append (self->recent_menu, _("No Recent Layouts"), "win.no-recent");

  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);
}

static gboolean
drop_file_cb (MusterWindow  *self,
              const GValue  *value,
              double         x,
              double         y,
              GtkDropTarget *target)
{
  GSList *files;

  if (!G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    return FALSE;

  files = g_value_get_boxed (value);
  if (files == NULL)
    return FALSE;

  _muster_window_confirm_then (self, MUSTER_AFTER_OPEN_FILE, files->data);

  return TRUE;
}

/* The recent files are read each time their menu opens. */
static void
give_recent_menu (MusterWindow *self)
{
  adw_split_button_set_menu_model (self->open_button, G_MENU_MODEL (self->recent_menu));
  g_signal_connect_object (adw_split_button_get_popover (self->open_button), "show",
                           G_CALLBACK (_muster_window_update_recent_menu), self, G_CONNECT_SWAPPED);
}

/* The recent files' menu, made when it first opens rather than with the
 * first frame (a popover menu, 2 M instructions). AdwSplitButton has no
 * create-popup-func, but its arrow is a GtkMenuButton (the "menubutton"
 * node, its last child), which has; where it is not, the menu is given
 * at once. */
static void
create_recent_popover (GtkMenuButton *arrow,
                       gpointer       user_data)
{
  MusterWindow *self = user_data;

  if (adw_split_button_get_menu_model (self->open_button) != NULL)
    return;

  _muster_window_update_recent_menu (self);
  give_recent_menu (self);
}

void
_muster_window_init_files (MusterWindow *self)
{
  GtkDropTarget *target;
  GtkWidget *arrow;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.no-recent", FALSE);
  arrow = gtk_widget_get_last_child (GTK_WIDGET (self->open_button));
  if (GTK_IS_MENU_BUTTON (arrow))
    gtk_menu_button_set_create_popup_func (GTK_MENU_BUTTON (arrow), create_recent_popover, self, NULL);
  else
    give_recent_menu (self);

  g_signal_connect (self, "map", G_CALLBACK (map_cb), NULL);

  /* Drop a layout anywhere to open it. */
  target = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);
  g_signal_connect_swapped (target, "drop", G_CALLBACK (drop_file_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (target));
}

void
_muster_window_dispose_files (MusterWindow *self)
{
  muster_file_chooser_close (G_OBJECT (self));
  g_clear_object (&self->after_file);
  g_clear_handle_id (&self->unread_id, g_source_remove);
  g_clear_pointer (&self->unread_files, g_ptr_array_unref);
  g_clear_pointer (&self->unread_errors, g_ptr_array_unref);
}
