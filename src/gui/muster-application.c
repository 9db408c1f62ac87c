/* muster-application.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-application"

#include "config.h"

#include <stdlib.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "muster-application.h"
#include "muster-compat.h"
#include "muster-draft.h"
#include "muster-preferences-window.h"
#include "muster-window.h"

struct _MusterApplication
{
  AdwApplication  parent_instance;

  GSettings      *settings;
  /* Drafts left behind by a Muster that crashed are offered once, in
   * the first window. */
  gboolean        offer_drafts;
  gboolean        systems_reported;
};

G_DEFINE_FINAL_TYPE (MusterApplication, muster_application, ADW_TYPE_APPLICATION)

MusterApplication *
muster_application_new (void)
{
  return g_object_new (MUSTER_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", RESOURCE_BASE,
                       NULL);
}

static void
restore_response_cb (GtkWidget    *alert,
                     const char   *response,
                     MusterWindow *first)
{
  GPtrArray *orphans = g_object_get_data (G_OBJECT (alert), "orphans");
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (first));

  /* Closed (Escape) rather than answered: nothing is thrown away, and
   * the drafts are offered again at the next start. */
  if (g_strcmp0 (response, "restore") != 0 && g_strcmp0 (response, "discard") != 0)
    return;

  for (guint i = 0; i < orphans->len; i++)
    {
      const MusterOrphan *orphan = g_ptr_array_index (orphans, i);
      MusterWindow *window = first;

      if (g_strcmp0 (response, "restore") != 0)
        {
          muster_draft_delete_orphan (orphan->id);
          continue;
        }

      /* The first in the window that asked, the others each in its own. */
      if (i > 0)
        window = muster_window_new (MUSTER_APPLICATION (app));
      muster_window_restore_draft (window, orphan->id);
      gtk_window_present (GTK_WINDOW (window));
    }
}

/* When a draft was written, as a player says it: today's by the time,
 * others by the date in the locale's numbers (a month's name would be
 * the time locale's, whatever language Muster speaks). NULL when not
 * known. */
static char *
describe_saved_at (gint64 saved_at)
{
  g_autoptr(GDateTime) when = saved_at > 0 ? g_date_time_new_from_unix_local (saved_at) : NULL;
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();

  if (when == NULL)
    return NULL;

  if (g_date_time_get_year (when) == g_date_time_get_year (now) &&
      g_date_time_get_day_of_year (when) == g_date_time_get_day_of_year (now))
    /* Translators: a time today, see g_date_time_format() */
    /* xgettext:no-c-format */
    return g_date_time_format (when, _("today at %H:%M"));

  /* Translators: a day and time, see g_date_time_format(); %x is the
   * date in the locale's numbers */
  /* xgettext:no-c-format */
  return g_date_time_format (when, _("on %x at %H:%M"));
}

/* The drafts a Muster left behind when it ended without closing their
 * windows (a crash, a kill): every one is offered back, under its name. */
static void
offer_drafts (MusterApplication *self,
              MusterWindow      *window)
{
  g_autoptr(GPtrArray) orphans = NULL;
  g_autoptr(GString) names = g_string_new (NULL);
  g_autofree char *body = NULL;
  GtkWidget *alert;

  if (!self->offer_drafts)
    return;
  self->offer_drafts = FALSE;

  orphans = muster_draft_list_orphans ();
  if (orphans->len == 0)
    return;

  for (guint i = 0; i < orphans->len; i++)
    {
      const MusterOrphan *orphan = g_ptr_array_index (orphans, i);
      g_autofree char *when = describe_saved_at (orphan->saved_at);
      const char *title = orphan->title != NULL ? orphan->title : _("Untitled Layout");

      g_string_append (names, "\n• ");
      if (when == NULL)
        g_string_append (names, title);
      else
        /* Translators: a layout's name, then when it was saved: "today
         * at 10:42" or "on 03/03/26 at 10:42". Two Musters that crashed
         * with the same file open leave two drafts of one name. */
        g_string_append_printf (names, _("%s, saved %s"), title, when);
    }

  /* Translators: the names of the layouts follow, one a line */
  body = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "Muster did not close properly last time. This layout was "
                                       "saved automatically and can be restored:%s",
                                       "Muster did not close properly last time. These layouts were "
                                       "saved automatically and can be restored:%s", orphans->len),
                          names->str);
  alert = muster_alert_new (g_dngettext (GETTEXT_PACKAGE, "Restore Unsaved Layout?",
                                         "Restore Unsaved Layouts?", orphans->len),
                            body);
  muster_alert_add_response (alert, "discard", _("_Discard"), ADW_RESPONSE_DEFAULT);
  muster_alert_add_response (alert, "restore", _("_Restore"), ADW_RESPONSE_SUGGESTED);
  muster_alert_set_default_response (alert, "restore");
  muster_alert_set_close_response (alert, "later");
  g_object_set_data_full (G_OBJECT (alert), "orphans", g_steal_pointer (&orphans),
                          (GDestroyNotify) g_ptr_array_unref);
  g_signal_connect_object (alert, "response", G_CALLBACK (restore_response_cb), window, 0);
  muster_alert_present (alert, GTK_WIDGET (window));
}

/* Once, in the first window. */
static void
report_system_errors (MusterApplication *self,
                      MusterWindow      *window)
{
  if (self->systems_reported)
    return;
  self->systems_reported = TRUE;

  muster_window_report_system_errors (window);
}

static void
muster_application_activate (GApplication *app)
{
  MusterApplication *self = MUSTER_APPLICATION (app);
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));

  if (window == NULL)
    window = GTK_WINDOW (muster_window_new (self));

  gtk_window_present (window);
  offer_drafts (self, MUSTER_WINDOW (window));
  report_system_errors (self, MUSTER_WINDOW (window));
}

static void
muster_application_open (GApplication  *app,
                         GFile        **files,
                         int            n_files,
                         const char    *hint)
{
  MusterApplication *self = MUSTER_APPLICATION (app);

  for (int i = 0; i < n_files; i++)
    {
      GtkWindow *active = gtk_application_get_active_window (GTK_APPLICATION (app));
      MusterWindow *window = muster_window_find_for_file (GTK_APPLICATION (app), files[i], NULL);

      /* A layout already open is shown where it is: two windows on one
       * file would each save over the other's changes. */
      if (window != NULL)
        {
          gtk_window_present (GTK_WINDOW (window));
          continue;
        }

      /* An untouched new table is replaced rather than kept beside. It
       * is raised first: the alert about a file that cannot be read goes
       * over it, where a window presented after would cover it. */
      if (MUSTER_IS_WINDOW (active) &&
          muster_window_get_file (MUSTER_WINDOW (active)) == NULL &&
          !muster_window_get_modified (MUSTER_WINDOW (active)) &&
          muster_layout_get_pieces (muster_window_get_layout (MUSTER_WINDOW (active)))->len == 0)
        {
          window = MUSTER_WINDOW (active);
          gtk_window_present (GTK_WINDOW (window));
          muster_window_open (window, files[i]);
        }
      /* A file that cannot be read leaves no empty table beside the
       * layout that was open, whose window says why. */
      else if (MUSTER_IS_WINDOW (active))
        {
          window = muster_window_open_new (self, files[i], MUSTER_WINDOW (active));
          if (window == NULL)
            continue;
          gtk_window_present (GTK_WINDOW (window));
        }
      /* Its alert, if any, once it is shown. */
      else
        {
          window = muster_window_new_for_file (self, files[i]);
          gtk_window_present (GTK_WINDOW (window));
        }

      report_system_errors (self, window);
    }

  /* Drafts are not offered in place of what was asked for. */
  self->offer_drafts = FALSE;
}

/* Run from the build tree, the application's icon is in the sources, not
 * in an installed theme. A folder added to the icon theme makes GTK read
 * the whole theme again (60 M instructions; GTK read it in a thread at
 * start-up): only About shows that icon, so the folder is added when About
 * first needs it. */
static void
find_source_icons (void)
{
  const char *data_dir = g_getenv ("MUSTER_SOURCE_DATA_DIR");
  GtkIconTheme *theme = gtk_icon_theme_get_for_display (gdk_display_get_default ());
  g_autofree char *icons = NULL;

  if (data_dir == NULL || gtk_icon_theme_has_icon (theme, APP_ID))
    return;

  icons = g_build_filename (data_dir, "icons", NULL);
  gtk_icon_theme_add_search_path (theme, icons);
}

static void
about_action (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  GtkApplication *app = user_data;
  const char *developers[] = { "The Muster Authors", NULL };

  find_source_icons ();
  muster_show_about (gtk_application_get_active_window (app),
                     "application-name", _("Muster"),
                     "application-icon", APP_ID,
                     "developer-name", _("The Muster Authors"),
                     "version", PACKAGE_VERSION,
                     "website", "https://github.com/muster/muster",
                     "issue-url", "https://github.com/muster/muster/issues",
                     "developers", developers,
                     "copyright", "© 2026 The Muster Authors",
                     "license-type", GTK_LICENSE_GPL_3_0,
                     "translator-credits", _("translator-credits"),
                     NULL);
}

static void
preferences_action (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  GtkApplication *app = user_data;

  muster_preferences_window_present (GTK_WIDGET (gtk_application_get_active_window (app)));
}

static void
quit_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  GtkApplication *app = user_data;
  GList *windows = g_list_copy (gtk_application_get_windows (app));

  /* Each window asks about its unsaved changes. */
  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_close (l->data);

  g_list_free (windows);
}

static const GActionEntry app_actions[] = {
  { "about", about_action },
  { "preferences", preferences_action },
  { "quit", quit_action },
};

static void
update_colour_scheme (MusterApplication *self)
{
  static const AdwColorScheme schemes[] = {
    ADW_COLOR_SCHEME_DEFAULT,
    ADW_COLOR_SCHEME_FORCE_LIGHT,
    ADW_COLOR_SCHEME_FORCE_DARK,
  };
  guint scheme = g_settings_get_enum (self->settings, "colour-scheme");

  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      schemes[MIN (scheme, G_N_ELEMENTS (schemes) - 1)]);
}

static void
set_accels (GtkApplication *app,
            const char     *action,
            ...)
{
  g_autoptr(GPtrArray) accels = g_ptr_array_new ();
  const char *accel;
  va_list args;

  va_start (args, action);
  while ((accel = va_arg (args, const char *)) != NULL)
    g_ptr_array_add (accels, (gpointer) accel);
  va_end (args);
  g_ptr_array_add (accels, NULL);

  gtk_application_set_accels_for_action (app, action, (const char * const *) accels->pdata);
}

static gboolean
set_all_accels_cb (gpointer data)
{
  GtkApplication *gtk_app = data;

  set_accels (gtk_app, "app.quit", "<Control>q", NULL);
  set_accels (gtk_app, "app.preferences", "<Control>comma", NULL);
  set_accels (gtk_app, "win.show-help-overlay", "<Control>question", NULL);
  set_accels (gtk_app, "win.new", "<Control>n", NULL);
  set_accels (gtk_app, "win.open", "<Control>o", NULL);
  set_accels (gtk_app, "win.open-recent-menu", "<Control><Shift>o", NULL);
  set_accels (gtk_app, "win.save", "<Control>s", NULL);
  set_accels (gtk_app, "win.save-as", "<Control><Shift>s", NULL);
  set_accels (gtk_app, "win.undo", "<Control>z", NULL);
  set_accels (gtk_app, "win.redo", "<Control><Shift>z", "<Control>y", NULL);
  set_accels (gtk_app, "win.print", "<Control>p", NULL);
  set_accels (gtk_app, "win.export", "<Control><Shift>e", NULL);
  set_accels (gtk_app, "win.game", "<Control>g", NULL);
  set_accels (gtk_app, "win.show-sidebar", "F9", NULL);
  set_accels (gtk_app, "window.close", "<Control>w", NULL);
  set_accels (gtk_app, "board.zoom-in", "<Control>plus", "<Control>equal", "<Control>KP_Add", NULL);
  set_accels (gtk_app, "board.zoom-out", "<Control>minus", "<Control>KP_Subtract", NULL);
  set_accels (gtk_app, "board.zoom-reset", "<Control>0", "<Control>KP_0", NULL);
  set_accels (gtk_app, "board.tool::select", "<Control>1", NULL);
  set_accels (gtk_app, "board.tool::measure", "<Control>2", NULL);
  set_accels (gtk_app, "board.tool::rectangle", "<Control>3", NULL);
  set_accels (gtk_app, "board.tool::polygon", "<Control>4", NULL);
  set_accels (gtk_app, "board.tool::objective", "<Control>5", NULL);
  set_accels (gtk_app, "board.tool::marker", "<Control>6", NULL);
  /* Tab does it on the table; these work from anywhere. */
  set_accels (gtk_app, "board.select-next", "<Control>bracketright", NULL);
  set_accels (gtk_app, "board.select-previous", "<Control>bracketleft", NULL);
  set_accels (gtk_app, "roster.add-entry", "<Control>r", NULL);
  /* The kind of terrain drawn next (or of the selected terrain), in the
   * order of the tool bar's menu, and the ready-made pieces of terrain. */
  set_accels (gtk_app, "board.terrain-kind::building", "<Control><Alt>1", NULL);
  set_accels (gtk_app, "board.terrain-kind::impassable", "<Control><Alt>2", NULL);
  set_accels (gtk_app, "board.terrain-kind::area-blocking", "<Control><Alt>3", NULL);
  set_accels (gtk_app, "board.terrain-kind::area", "<Control><Alt>4", NULL);
  set_accels (gtk_app, "board.add-terrain::small-building", "<Alt>1", NULL);
  set_accels (gtk_app, "board.add-terrain::large-building", "<Alt>2", NULL);
  set_accels (gtk_app, "board.add-terrain::forest", "<Alt>3", NULL);
  set_accels (gtk_app, "board.add-terrain::hill", "<Alt>4", NULL);
  set_accels (gtk_app, "board.add-terrain::rocks", "<Alt>5", NULL);
  set_accels (gtk_app, "board.add-terrain::wall", "<Alt>6", NULL);
  set_accels (gtk_app, "app.units::in", "<Control><Alt>i", NULL);
  set_accels (gtk_app, "app.units::cm", "<Control><Alt>c", NULL);

  return G_SOURCE_REMOVE;
}

/* GTK 4.8 parses its own default theme when it first makes the display's
 * settings, and libadwaita replaces it a moment later with its style sheet
 * and the empty theme "Adwaita-empty" it ships: a tenth of the start-up
 * (80 M instructions) thrown away. Making the settings while GTK_THEME
 * names that empty theme skips the parse. libadwaita loads its style sheet
 * only when GTK_THEME is unset, so it is unset again before libadwaita
 * starts; a GTK_THEME of the user's is left alone, and honoured as ever.
 * Returns whether GTK could open the display. */
static gboolean
skip_gtk_default_theme (void)
{
  gboolean opened;

  if (g_getenv ("GTK_THEME") != NULL)
    return gtk_init_check ();

  g_setenv ("GTK_THEME", "Adwaita-empty", TRUE);
  opened = gtk_init_check ();
  if (opened)
    gtk_settings_get_default ();
  g_unsetenv ("GTK_THEME");

  return opened;
}

/* GTK reads the icon theme in a thread as soon as the display's theme is
 * first asked for, and reads it all again when a folder is added later,
 * after waiting for the thread. GtkApplication's start-up asked first (to
 * add the application's resources) and libadwaita added its own icons a
 * moment later in adw_init(): the theme was read twice, the second time
 * on the main thread, by the window's first icon (some 65 M instructions,
 * a twelfth of the start-up). So libadwaita starts first, adding its
 * folder as it makes the theme, and GtkApplication and AdwApplication
 * start without the resource base path (which GLib documents as the way
 * to turn their loading of resources off, set in startup before chaining
 * up), so that nothing is added after:
 * Muster's own icons are under GTK's folder of icons, which every theme
 * searches (resources/muster.gresource.xml), and its style sheet is
 * loaded here, as AdwApplication would (Muster has no dark or
 * high-contrast variant). */
static void
start_libadwaita_first (GApplication *app)
{
  g_autofree char *base_path = g_strdup (g_application_get_resource_base_path (app));
  g_autoptr(GtkCssProvider) style = gtk_css_provider_new ();

  adw_init ();
  g_application_set_resource_base_path (app, NULL);
  G_APPLICATION_CLASS (muster_application_parent_class)->startup (app);
  g_application_set_resource_base_path (app, base_path);

  gtk_css_provider_load_from_resource (style, RESOURCE_BASE "/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (style),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
}

static void
muster_application_startup (GApplication *app)
{
  MusterApplication *self = MUSTER_APPLICATION (app);
  g_autoptr(GAction) units = NULL;

  /* GTK's own start would exit with a word on a missing display; after
   * a first attempt has failed, a second one starts with no display at
   * all, and crashes later. */
  if (!skip_gtk_default_theme ())
    {
      g_printerr ("muster: %s\n", _("Cannot open a display for Muster’s window. Without one, use --validate, "
                                    "--export, --list-systems or --game (muster --help lists them)."));
      exit (1);
    }
  start_libadwaita_first (app);

  g_action_map_add_action_entries (G_ACTION_MAP (app), app_actions,
                                   G_N_ELEMENTS (app_actions), app);

  self->settings = g_settings_new (APP_ID);
  units = g_settings_create_action (self->settings, "units");
  g_action_map_add_action (G_ACTION_MAP (app), units);
  g_signal_connect_object (self->settings, "changed::colour-scheme",
                           G_CALLBACK (update_colour_scheme), self, G_CONNECT_SWAPPED);
  update_colour_scheme (self);

  /* Each window's draft is locked while it is open: those nobody holds
   * are a crashed Muster's (muster-draft.h). */
  self->offer_drafts = TRUE;

  /* The keyboard shortcuts are set just after the first frame: none can
   * be pressed before it, and they are forty of GTK's parsings of an
   * accelerator (0.2 % of start-up). */
  g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, set_all_accels_cb, g_object_ref (app), g_object_unref);
}

static void
muster_application_shutdown (GApplication *app)
{
  MusterApplication *self = MUSTER_APPLICATION (app);

  g_clear_object (&self->settings);

  G_APPLICATION_CLASS (muster_application_parent_class)->shutdown (app);
}

static void
muster_application_class_init (MusterApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  app_class->activate = muster_application_activate;
  app_class->open = muster_application_open;
  app_class->startup = muster_application_startup;
  app_class->shutdown = muster_application_shutdown;
}

static void
muster_application_init (MusterApplication *self)
{
}
