/* muster-window.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-window"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-game-popover.h"
#include "muster-phase-panel.h"
#include "muster-print.h"
#include "muster-roster-panel.h"
#include "muster-sight-overlay.h"
#include "muster-violations-list.h"
#include "muster-window.h"

#define MUSTER_MIME_TYPE "application/x-muster-layout"
#define AUTOSAVE_DELAY   3   /* seconds after the last change */
#define MAX_RECENT       8
#define SIGHT_CELL_MM    (MUSTER_MM_PER_INCH / 2)
#define SIGHT_DELAY_MS   120  /* after the last move, the Line of Fire again */

/* What to do once unsaved changes are saved or discarded. */
typedef enum
{
  AFTER_NOTHING,
  AFTER_NEW,
  AFTER_OPEN_DIALOG,
  AFTER_OPEN_FILE,
  AFTER_CLOSE,
} After;

struct _MusterWindow
{
  AdwApplicationWindow  parent_instance;

  GSettings            *settings;
  MusterLayout         *layout;
  MusterSystem         *system;
  MusterValidator      *validator;
  MusterHistory        *history;
  MusterRoster         *roster;
  GFile                *file;
  guint                 autosave_id;
  guint                 retry_id;
  gboolean              reloading_roster;
  gboolean              close_confirmed;
  GtkWidget            *context_menu;
  GtkFileChooserNative *chooser;

  After                 after;
  GFile                *after_file;

  /* The Line of Fire overlay: whose, what it sees, and where it was drawn */
  char                 *sight_piece;
  char                 *sight_player;
  MusterSightGrid      *sight_grid;
  guint                 sight_update_id;
  guint                 sight_tick_id;
  double                sight_drawn[3];

  /* Template children */
  AdwWindowTitle       *window_title;
  AdwToastOverlay      *toast_overlay;
  /* The "deleted" toast whose Undo button undoes the deletion; dismissed
   * by any later change of the history, after which it would undo
   * something else. */
  AdwToast             *undo_toast;
  guint                 undo_toast_id;
  AdwFlap              *flap;
  GtkStack             *sidebar_stack;
  GtkStack             *player_stack;
  AdwBin               *phase_bin;
  MusterPhasePanel     *phase_panel;       /* made when first shown */
  GtkWidget            *sight_area;
  MusterViolationsList *violations_list;
  MusterBoardView      *board_view;
  MusterGamePopover    *game_popover;      /* made when first opened */
  GtkMenuButton        *game_button;
  GtkWidget            *terrain_kind_button;
  GtkLabel             *terrain_kind_label;
  GMenu                *recent_menu;
  AdwSplitButton       *open_button;
  GMenuModel           *piece_menu;
  GMenuModel           *terrain_menu;
};

enum {
  PROP_0,
  PROP_SIDEBAR_VISIBLE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (MusterWindow, muster_window, ADW_TYPE_APPLICATION_WINDOW)

static void run_after      (MusterWindow *self);
static void save_as        (MusterWindow *self);
static void update_actions (MusterWindow *self);
static void select_piece_cb (MusterWindow *self,
                             const char   *piece_id);

static void
show_message (MusterWindow *self,
              const char   *message)
{
  /* Toast titles are markup; messages name files and XML elements. */
  g_autofree char *escaped = g_markup_escape_text (message, -1);
  AdwToast *toast = adw_toast_new (escaped);

  adw_toast_set_timeout (toast, 6);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

static MusterUnit
display_units (MusterWindow *self)
{
  return g_settings_get_enum (self->settings, "units") == 1 ? MUSTER_UNIT_CM : MUSTER_UNIT_INCH;
}

/* The title */

static char *
dup_display_name (MusterWindow *self)
{
  g_autoptr(GFileInfo) info = NULL;

  if (self->file == NULL)
    return g_strdup (_("Untitled Layout"));

  info = g_file_query_info (self->file, G_FILE_ATTRIBUTE_STANDARD_DISPLAY_NAME,
                            G_FILE_QUERY_INFO_NONE, NULL, NULL);
  if (info != NULL)
    return g_strdup (g_file_info_get_display_name (info));

  return g_file_get_basename (self->file);
}

gboolean
muster_window_get_modified (MusterWindow *self)
{
  g_return_val_if_fail (MUSTER_IS_WINDOW (self), FALSE);

  return self->history != NULL && !muster_history_is_clean (self->history);
}

static void
update_title (MusterWindow *self)
{
  const MusterDeployment *deployment = NULL;
  g_autofree char *name = dup_display_name (self);
  g_autofree char *title = NULL;
  g_autofree char *window_title = NULL;
  g_autofree char *subtitle = NULL;
  gboolean modified = muster_window_get_modified (self);

  if (self->layout == NULL)
    return;

  if (self->system != NULL)
    deployment = muster_system_lookup_deployment (self->system,
                                                  muster_layout_get_deployment_id (self->layout));

  /* Translators: the window title of a layout with unsaved changes */
  title = modified ? g_strdup_printf (_("• %s"), name) : g_strdup (name);
  subtitle = g_strdup_printf ("%s — %s",
                              self->system != NULL ? muster_system_get_name (self->system)
                                                   : muster_layout_get_system_id (self->layout),
                              deployment != NULL ? deployment->name
                                                 : muster_layout_get_deployment_id (self->layout));
  adw_window_title_set_title (self->window_title, title);
  adw_window_title_set_subtitle (self->window_title, subtitle);

  /* Translators: the window's title for the window manager: file name — application */
  window_title = g_strdup_printf (_("%s — Muster"), title);
  gtk_window_set_title (GTK_WINDOW (self), window_title);
}

/* Autosave */

static void
remove_autosave (void)
{
  g_autoptr(GFile) file = muster_application_dup_autosave_file ();
  g_autoptr(GFile) info = muster_application_dup_autosave_info_file ();
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *backup_path = g_strconcat (path, "~", NULL);
  g_autoptr(GFile) backup = g_file_new_for_path (backup_path);

  g_file_delete (file, NULL, NULL);
  g_file_delete (backup, NULL, NULL);
  g_file_delete (info, NULL, NULL);
}

static gboolean
autosave_cb (gpointer data)
{
  MusterWindow *self = data;
  g_autoptr(GFile) file = muster_application_dup_autosave_file ();
  g_autoptr(GFile) info_file = muster_application_dup_autosave_info_file ();
  g_autoptr(GFile) dir = g_file_get_parent (file);
  g_autoptr(GKeyFile) info = g_key_file_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  gsize length;

  self->autosave_id = 0;

  if (self->layout == NULL || !muster_window_get_modified (self))
    return G_SOURCE_REMOVE;

  g_file_make_directory_with_parents (dir, NULL, NULL);
  if (!muster_layout_save (self->layout, file, &error))
    {
      g_warning ("Could not save the layout automatically: %s", error->message);
      return G_SOURCE_REMOVE;
    }

  /* Where the layout came from, to offer it back under its name. */
  if (self->file != NULL)
    {
      g_autofree char *uri = g_file_get_uri (self->file);

      g_key_file_set_string (info, "Autosave", "File", uri);
    }
  text = g_key_file_to_data (info, &length, NULL);
  g_file_replace_contents (info_file, text, length, NULL, FALSE, G_FILE_CREATE_NONE, NULL, NULL, NULL);

  return G_SOURCE_REMOVE;
}

static void
schedule_autosave (MusterWindow *self)
{
  g_clear_handle_id (&self->autosave_id, g_source_remove);

  if (muster_window_get_modified (self))
    self->autosave_id = g_timeout_add_seconds (AUTOSAVE_DELAY, autosave_cb, self);
}

/* Players */

static void
player_page_changed_cb (MusterWindow *self)
{
  GtkWidget *child = gtk_stack_get_visible_child (self->player_stack);

  if (MUSTER_IS_ROSTER_PANEL (child))
    muster_board_view_set_acting_player (self->board_view,
                                         muster_roster_panel_get_player_id (MUSTER_ROSTER_PANEL (child)));
}

static void
place_entry_cb (MusterWindow      *self,
                const char        *entry_id,
                MusterRosterPanel *panel)
{
  MusterPiece *piece = muster_roster_make_piece (self->roster, entry_id);

  if (piece == NULL)
    {
      show_message (self, _("All of these are on the table already"));
      return;
    }

  /* Placed from the keyboard: on a free spot, ready for the arrows. */
  if (muster_board_view_place_piece_in_zone (self->board_view, piece) != NULL)
    gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
}

GtkWidget *
muster_window_get_roster_panel (MusterWindow *self,
                                const char   *player_id)
{
  g_return_val_if_fail (MUSTER_IS_WINDOW (self), NULL);

  return gtk_stack_get_child_by_name (self->player_stack, player_id);
}

static void
update_player_titles (MusterWindow *self)
{
  GPtrArray *players = muster_layout_get_players (self->layout);

  for (guint i = 0; i < players->len; i++)
    {
      const MusterPlayer *player = g_ptr_array_index (players, i);
      GtkWidget *panel = gtk_stack_get_child_by_name (self->player_stack, player->id);

      if (panel != NULL)
        gtk_stack_page_set_title (gtk_stack_get_page (self->player_stack, panel),
                                  player->name != NULL ? player->name : player->id);
    }
}

static void
rebuild_player_pages (MusterWindow *self)
{
  g_autofree char *visible = g_strdup (muster_board_view_get_acting_player (self->board_view));
  GPtrArray *players = muster_layout_get_players (self->layout);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->player_stack))) != NULL)
    gtk_stack_remove (self->player_stack, child);

  for (guint i = 0; i < players->len; i++)
    {
      const MusterPlayer *player = g_ptr_array_index (players, i);
      MusterRosterPanel *panel;

      panel = muster_roster_panel_new (self->roster, self->history, self->system, player->id);
      g_signal_connect_object (panel, "place-entry", G_CALLBACK (place_entry_cb), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (panel, "select-piece", G_CALLBACK (select_piece_cb), self, G_CONNECT_SWAPPED);
      gtk_stack_add_titled (self->player_stack, GTK_WIDGET (panel), player->id,
                            player->name != NULL ? player->name : player->id);
    }

  if (visible != NULL && gtk_stack_get_child_by_name (self->player_stack, visible) != NULL)
    gtk_stack_set_visible_child_name (self->player_stack, visible);
  player_page_changed_cb (self);
}

/* Line of Fire */

/* Follows the pan and zoom of the board, which say nothing when they
 * change: a redraw only when the table moved under the overlay. */
static gboolean
sight_tick_cb (GtkWidget     *widget,
               GdkFrameClock *clock,
               gpointer       data)
{
  MusterWindow *self = data;
  double x, y;
  double scale = muster_board_view_get_scale (self->board_view);

  muster_board_view_board_to_widget (self->board_view, (MusterPoint) { 0, 0 }, &x, &y);
  if (x != self->sight_drawn[0] || y != self->sight_drawn[1] || scale != self->sight_drawn[2])
    gtk_widget_queue_draw (widget);

  return G_SOURCE_CONTINUE;
}

static void
sight_draw_cb (GtkDrawingArea *area,
               cairo_t        *cr,
               int             width,
               int             height,
               gpointer        data)
{
  MusterWindow *self = data;
  graphene_point_t origin;
  double x, y, scale;

  if (self->sight_grid == NULL)
    return;

  scale = muster_board_view_get_scale (self->board_view);
  muster_board_view_board_to_widget (self->board_view, (MusterPoint) { 0, 0 }, &x, &y);
  self->sight_drawn[0] = x;
  self->sight_drawn[1] = y;
  self->sight_drawn[2] = scale;

  if (!gtk_widget_compute_point (GTK_WIDGET (self->board_view), GTK_WIDGET (area),
                                 &GRAPHENE_POINT_INIT (x, y), &origin))
    return;

  cairo_translate (cr, origin.x, origin.y);
  cairo_scale (cr, scale, scale);
  muster_sight_overlay_render (cr, self->sight_grid, scale);
}

/* What the piece, or the player's troopers, see on the table now. */
static void
update_sight (MusterWindow *self)
{
  g_autoptr(GPtrArray) viewers = g_ptr_array_new ();

  g_clear_handle_id (&self->sight_update_id, g_source_remove);
  g_clear_pointer (&self->sight_grid, muster_sight_grid_unref);

  if (self->layout != NULL && (self->sight_piece != NULL || self->sight_player != NULL))
    {
      GPtrArray *pieces = muster_layout_get_pieces (self->layout);

      for (guint i = 0; i < pieces->len; i++)
        {
          MusterPiece *piece = g_ptr_array_index (pieces, i);

          if (self->sight_piece != NULL ? g_strcmp0 (piece->id, self->sight_piece) == 0
                                        : muster_sight_is_trooper (piece) &&
                                          g_strcmp0 (piece->owner, self->sight_player) == 0)
            g_ptr_array_add (viewers, piece);
        }

      if (self->sight_player != NULL || viewers->len > 0)
        self->sight_grid = muster_sight_visible_cells (self->layout, (const MusterPiece * const *) viewers->pdata,
                                                       viewers->len, SIGHT_CELL_MM);
    }

  gtk_widget_set_visible (self->sight_area, self->sight_grid != NULL);
  if (self->sight_grid != NULL && self->sight_tick_id == 0)
    self->sight_tick_id = gtk_widget_add_tick_callback (self->sight_area, sight_tick_cb, self, NULL);
  else if (self->sight_grid == NULL && self->sight_tick_id != 0)
    {
      gtk_widget_remove_tick_callback (self->sight_area, self->sight_tick_id);
      self->sight_tick_id = 0;
    }
  gtk_widget_queue_draw (self->sight_area);
}

static gboolean
sight_update_cb (gpointer data)
{
  MusterWindow *self = data;

  self->sight_update_id = 0;
  update_sight (self);

  return G_SOURCE_REMOVE;
}

/* Once the pieces stop moving. */
static void
schedule_sight_update (MusterWindow *self)
{
  if (self->sight_piece == NULL && self->sight_player == NULL)
    return;

  g_clear_handle_id (&self->sight_update_id, g_source_remove);
  self->sight_update_id = g_timeout_add (SIGHT_DELAY_MS, sight_update_cb, self);
}

static void
show_sight_cb (MusterWindow *self,
               const char   *piece_id,
               const char   *player_id)
{
  g_free (self->sight_piece);
  g_free (self->sight_player);
  self->sight_piece = g_strdup (piece_id);
  self->sight_player = g_strdup (player_id);
  update_sight (self);
}

/* Dice thrown are thrown: no undo step, but the file has changed. */
static void
roll_log_changed_cb (MusterWindow *self)
{
  if (self->history == NULL)
    return;

  muster_history_set_modified (self->history);
  schedule_autosave (self);
}

/* The phase panel is some tenth of the work of starting: it is made when
 * its page is first shown (or asked for), with the game on the table. */
static MusterPhasePanel *
ensure_phase_panel (MusterWindow *self)
{
  if (self->phase_panel != NULL)
    return self->phase_panel;

  self->phase_panel = MUSTER_PHASE_PANEL (muster_phase_panel_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (self->phase_panel), TRUE);
  g_signal_connect_object (self->phase_panel, "show-sight", G_CALLBACK (show_sight_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->phase_panel, "roll-log-changed", G_CALLBACK (roll_log_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->phase_panel, "game-log-changed", G_CALLBACK (roll_log_changed_cb), self,
                           G_CONNECT_SWAPPED);
  adw_bin_set_child (self->phase_bin, GTK_WIDGET (self->phase_panel));

  if (self->layout != NULL && self->system != NULL && self->validator != NULL)
    muster_phase_panel_set_game (self->phase_panel, self->layout, self->system, self->validator);

  return self->phase_panel;
}

static void
sidebar_page_changed_cb (MusterWindow *self)
{
  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->sidebar_stack), "game") == 0)
    ensure_phase_panel (self);
}

/* The model */

/* Undo and redo change the rosters under the roster's feet. */
static void
reload_roster (MusterWindow *self)
{
  self->reloading_roster = TRUE;
  muster_roster_reload (self->roster);
  self->reloading_roster = FALSE;
}

static void
history_changed_cb (MusterWindow *self)
{
  if (self->undo_toast != NULL && self->undo_toast_id == 0)
    adw_toast_dismiss (self->undo_toast);
  update_title (self);
  update_actions (self);
  schedule_autosave (self);
}

static void
roster_changed_cb (MusterWindow *self)
{
  if (!self->reloading_roster && !muster_history_is_applying (self->history))
    muster_history_note_change (self->history);
}

static gboolean rebuild_for_system (MusterWindow *self);

static gboolean
retry_cb (gpointer data)
{
  MusterWindow *self = data;

  self->retry_id = 0;
  if (!rebuild_for_system (self))
    show_message (self, _("This game cannot be shown: its deployment zones are unknown"));

  return G_SOURCE_REMOVE;
}

static void
layout_changed_cb (MusterWindow *self)
{
  if (self->system == NULL ||
      g_strcmp0 (muster_system_get_id (self->system), muster_layout_get_system_id (self->layout)) != 0)
    {
      /* The players may not have zones of the new game yet: later. */
      if (!rebuild_for_system (self) && self->retry_id == 0)
        self->retry_id = g_idle_add (retry_cb, self);
    }

  update_title (self);
  update_player_titles (self);
}

static void
tolerance_changed_cb (MusterWindow *self)
{
  if (self->validator != NULL)
    muster_validator_set_tolerance (self->validator,
                                    g_settings_get_double (self->settings, "contact-tolerance"));
}

/* Shows layout with system: a new validator and scene. */
static gboolean
show_game (MusterWindow  *self,
           MusterSystem  *system,
           GError       **error)
{
  g_autoptr(MusterValidator) validator = NULL;
  g_autoptr(MusterScene) scene = NULL;

  validator = muster_validator_new (self->layout, system, error);
  if (validator == NULL)
    return FALSE;

  g_set_object (&self->system, system);
  g_set_object (&self->validator, validator);
  tolerance_changed_cb (self);

  scene = muster_scene_new (self->layout, system, validator);
  muster_scene_set_units (scene, display_units (self));
  muster_board_view_set_validator (self->board_view, validator);
  muster_board_view_set_history (self->board_view, self->history);
  muster_board_view_set_units (self->board_view, display_units (self));
  muster_board_view_set_scene (self->board_view, scene);
  muster_violations_list_set_validator (self->violations_list, validator);
  if (self->phase_panel != NULL)
    muster_phase_panel_set_game (self->phase_panel, self->layout, system, validator);

  rebuild_player_pages (self);
  update_title (self);

  return TRUE;
}

static gboolean
rebuild_for_system (MusterWindow *self)
{
  MusterSystem *system = muster_system_registry_lookup (muster_system_registry_get_default (),
                                                        muster_layout_get_system_id (self->layout));

  if (system == NULL)
    return FALSE;

  return show_game (self, system, NULL);
}

/* Takes a loaded layout and shows it; the old one is kept on failure. */
static gboolean
set_layout (MusterWindow  *self,
            MusterLayout  *layout,
            GFile         *file,
            GError       **error)
{
  g_autoptr(MusterValidator) check = NULL;
  MusterSystem *system;

  system = muster_system_registry_lookup (muster_system_registry_get_default (),
                                          muster_layout_get_system_id (layout));
  if (system == NULL)
    {
      g_set_error (error, MUSTER_SYSTEM_ERROR, MUSTER_SYSTEM_ERROR_UNKNOWN,
                   _("Unknown game system “%s”"), muster_layout_get_system_id (layout));
      return FALSE;
    }

  /* Fail before anything changes. */
  check = muster_validator_new (layout, system, error);
  if (check == NULL)
    return FALSE;
  g_clear_object (&check);

  if (self->layout != NULL)
    g_signal_handlers_disconnect_by_data (self->layout, self);
  if (self->history != NULL)
    g_signal_handlers_disconnect_by_data (self->history, self);
  if (self->roster != NULL)
    g_signal_handlers_disconnect_by_data (self->roster, self);
  g_clear_handle_id (&self->retry_id, g_source_remove);

  g_set_object (&self->layout, layout);
  g_set_object (&self->file, file);
  g_clear_object (&self->history);
  g_clear_object (&self->roster);
  self->history = muster_history_new (layout);
  self->roster = muster_roster_new (layout);

  if (!show_game (self, system, error))
    return FALSE;

  if (self->game_popover != NULL)
    muster_game_popover_set_layout (self->game_popover, layout, self->history);

  g_signal_connect_object (layout, "changed", G_CALLBACK (layout_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->history, "changed", G_CALLBACK (history_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->history, "notify::clean", G_CALLBACK (update_title), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->roster, "changed", G_CALLBACK (roster_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (layout, "piece-added", G_CALLBACK (schedule_sight_update), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (layout, "piece-removed", G_CALLBACK (schedule_sight_update), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (layout, "piece-changed", G_CALLBACK (schedule_sight_update), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (layout, "changed", G_CALLBACK (schedule_sight_update), self, G_CONNECT_SWAPPED);

  update_title (self);
  update_actions (self);

  return TRUE;
}

static MusterLayout *
default_layout (MusterWindow *self)
{
  g_autofree char *system_id = g_settings_get_string (self->settings, "default-system");
  g_autofree char *deployment_id = g_settings_get_string (self->settings, "default-deployment");
  MusterSystem *system = muster_system_registry_lookup (muster_system_registry_get_default (), system_id);
  const MusterBoardPreset *board;

  if (system == NULL)
    {
      system = muster_system_registry_lookup (muster_system_registry_get_default (), "t9a");
      g_free (deployment_id);
      deployment_id = g_strdup ("frontline-clash");
    }

  if (system == NULL)
    return muster_layout_new ("t9a", "frontline-clash", 72 * 25.4, 48 * 25.4);

  if (muster_system_lookup_deployment (system, deployment_id) == NULL)
    {
      const MusterDeployment *d = muster_system_get_default_deployment (system);

      g_free (deployment_id);
      deployment_id = g_strdup (d != NULL ? d->id : "");
    }

  board = muster_system_get_default_board (system);
  {
    g_autofree char *board_id = g_settings_get_string (self->settings, "default-board");
    GPtrArray *boards = muster_system_get_board_presets (system);

    for (guint i = 0; i < boards->len; i++)
      {
        const MusterBoardPreset *preset = g_ptr_array_index (boards, i);

        if (g_strcmp0 (preset->id, board_id) == 0)
          board = preset;
      }
  }

  return muster_layout_new (muster_system_get_id (system), deployment_id,
                            board != NULL ? board->width : 72 * 25.4,
                            board != NULL ? board->height : 48 * 25.4);
}

void
muster_window_new_layout (MusterWindow *self)
{
  g_autoptr(MusterLayout) layout = NULL;
  g_autoptr(GError) error = NULL;

  g_return_if_fail (MUSTER_IS_WINDOW (self));

  layout = default_layout (self);
  if (!set_layout (self, layout, NULL, &error))
    show_message (self, error->message);
}

/* Files */

static void
add_recent (GFile *file)
{
  g_autofree char *uri = g_file_get_uri (file);
  GtkRecentData data = { 0 };

  data.display_name = NULL;
  data.mime_type = (char *) MUSTER_MIME_TYPE;
  data.app_name = (char *) "Muster";
  data.app_exec = (char *) "muster %u";

  gtk_recent_manager_add_full (gtk_recent_manager_get_default (), uri, &data);
}

gboolean
muster_window_open (MusterWindow *self,
                    GFile        *file)
{
  g_autoptr(MusterLayout) layout = NULL;
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (MUSTER_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  layout = muster_layout_new_from_file (file, &error);
  if (layout == NULL || !set_layout (self, layout, file, &error))
    {
      show_message (self, error->message);
      return FALSE;
    }

  add_recent (file);

  return TRUE;
}

gboolean
muster_window_save_to (MusterWindow  *self,
                       GFile         *file,
                       GError       **error)
{
  g_return_val_if_fail (MUSTER_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (!muster_layout_save (self->layout, file, error))
    return FALSE;

  g_set_object (&self->file, file);
  muster_history_set_clean (self->history);
  g_clear_handle_id (&self->autosave_id, g_source_remove);
  remove_autosave ();
  add_recent (file);
  update_title (self);

  return TRUE;
}

static gboolean
save (MusterWindow *self)
{
  g_autoptr(GError) error = NULL;

  if (self->file == NULL)
    {
      save_as (self);
      return FALSE;
    }

  if (!muster_window_save_to (self, self->file, &error))
    {
      show_message (self, error->message);
      self->after = AFTER_NOTHING;
      return FALSE;
    }

  return TRUE;
}

static void
add_filters (GtkFileChooser *chooser)
{
  g_autoptr(GtkFileFilter) layouts = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) all = gtk_file_filter_new ();

  gtk_file_filter_set_name (layouts, _("Muster Layouts"));
  gtk_file_filter_add_mime_type (layouts, MUSTER_MIME_TYPE);
  gtk_file_filter_add_suffix (layouts, "muster");
  gtk_file_chooser_add_filter (chooser, layouts);

  gtk_file_filter_set_name (all, _("All Files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (chooser, all);
}

static void
save_response_cb (MusterWindow         *self,
                  int                   response,
                  GtkFileChooserNative *chooser)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  g_clear_object (&self->chooser);

  if (file == NULL)
    {
      self->after = AFTER_NOTHING;
      return;
    }

  /* Layouts end in .muster. */
  {
    g_autofree char *name = g_file_get_basename (file);

    if (!g_str_has_suffix (name, ".muster"))
      {
        g_autoptr(GFile) parent = g_file_get_parent (file);
        g_autofree char *with_suffix = g_strconcat (name, ".muster", NULL);

        g_set_object (&file, g_file_get_child (parent, with_suffix));
      }
  }

  if (!muster_window_save_to (self, file, &error))
    {
      show_message (self, error->message);
      self->after = AFTER_NOTHING;
      return;
    }

  run_after (self);
}

static void
save_as (MusterWindow *self)
{
  g_autofree char *name = NULL;

  if (self->chooser != NULL)
    return;

  self->chooser = gtk_file_chooser_native_new (_("Save Layout"), GTK_WINDOW (self),
                                               GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  add_filters (GTK_FILE_CHOOSER (self->chooser));

  if (self->file != NULL)
    gtk_file_chooser_set_file (GTK_FILE_CHOOSER (self->chooser), self->file, NULL);
  else
    {
      /* Translators: the file name offered for a new layout; keep the suffix */
      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), _("Layout.muster"));
    }

  g_signal_connect_swapped (self->chooser, "response", G_CALLBACK (save_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
open_response_cb (MusterWindow         *self,
                  int                   response,
                  GtkFileChooserNative *chooser)
{
  g_autoptr(GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  g_clear_object (&self->chooser);

  if (file != NULL)
    muster_window_open (self, file);
}

static void
show_open_dialog (MusterWindow *self)
{
  if (self->chooser != NULL)
    return;

  self->chooser = gtk_file_chooser_native_new (_("Open Layout"), GTK_WINDOW (self),
                                               GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  add_filters (GTK_FILE_CHOOSER (self->chooser));
  g_signal_connect_swapped (self->chooser, "response", G_CALLBACK (open_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
run_after (MusterWindow *self)
{
  After after = self->after;
  g_autoptr(GFile) file = g_steal_pointer (&self->after_file);

  self->after = AFTER_NOTHING;

  switch (after)
    {
    case AFTER_NEW:
      muster_window_new_layout (self);
      break;

    case AFTER_OPEN_DIALOG:
      show_open_dialog (self);
      break;

    case AFTER_OPEN_FILE:
      if (file != NULL)
        muster_window_open (self, file);
      break;

    case AFTER_CLOSE:
      self->close_confirmed = TRUE;
      gtk_window_close (GTK_WINDOW (self));
      break;

    case AFTER_NOTHING:
    default:
      break;
    }
}

static void
discard_response_cb (MusterWindow     *self,
                     const char       *response,
                     AdwMessageDialog *dialog)
{
  if (g_strcmp0 (response, "discard") == 0)
    run_after (self);
  else if (g_strcmp0 (response, "save") == 0)
    {
      if (save (self))
        run_after (self);
    }
  else
    {
      self->after = AFTER_NOTHING;
      g_clear_object (&self->after_file);
    }
}

/* Runs after, once the player has saved or discarded what is unsaved. */
static void
confirm_then (MusterWindow *self,
              After         after,
              GFile        *file)
{
  g_autofree char *name = NULL;
  GtkWidget *dialog;

  self->after = after;
  g_set_object (&self->after_file, file);

  if (!muster_window_get_modified (self))
    {
      run_after (self);
      return;
    }

  name = dup_display_name (self);
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Save Changes?"), NULL);
  adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (dialog),
                                  _("“%s” has unsaved changes. Changes which are not saved will be lost."),
                                  name);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "discard", _("_Discard"),
                                    "save", _("_Save"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "discard", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "save");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (discard_response_cb), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

static gboolean
close_request_cb (MusterWindow *self)
{
  if (self->close_confirmed || !muster_window_get_modified (self))
    {
      /* Nothing is lost: no autosave to offer back. */
      if (self->autosave_id != 0 || muster_window_get_modified (self))
        remove_autosave ();
      g_clear_handle_id (&self->autosave_id, g_source_remove);
      return GDK_EVENT_PROPAGATE;
    }

  confirm_then (self, AFTER_CLOSE, NULL);

  return GDK_EVENT_STOP;
}

static void
restore_response_cb (MusterWindow     *self,
                     const char       *response,
                     AdwMessageDialog *dialog)
{
  GFile *autosave = g_object_get_data (G_OBJECT (dialog), "autosave");
  GFile *original = g_object_get_data (G_OBJECT (dialog), "original");
  g_autoptr(MusterLayout) layout = NULL;
  g_autoptr(GError) error = NULL;

  if (g_strcmp0 (response, "restore") != 0)
    {
      remove_autosave ();
      return;
    }

  layout = muster_layout_new_from_file (autosave, &error);
  if (layout == NULL || !set_layout (self, layout, original, &error))
    {
      show_message (self, error->message);
      return;
    }

  /* Never saved to its file: unsaved changes. */
  muster_history_set_modified (self->history);
  update_title (self);
}

/* Built when first asked for, not with every window (as GTK does with
 * gtk/help-overlay.ui): it is a good part of the start-up otherwise. */
static void
show_help_overlay_action (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  GtkApplicationWindow *window = GTK_APPLICATION_WINDOW (widget);
  GtkShortcutsWindow *overlay = gtk_application_window_get_help_overlay (window);

  if (overlay == NULL)
    {
      g_autoptr(GtkBuilder) builder = gtk_builder_new_from_resource (RESOURCE_BASE "/muster-shortcuts-window.ui");

      overlay = GTK_SHORTCUTS_WINDOW (gtk_builder_get_object (builder, "help_overlay"));
      gtk_application_window_set_help_overlay (window, overlay);
    }

  gtk_window_present (GTK_WINDOW (overlay));
}

static void
system_errors_response_cb (AdwMessageDialog *dialog,
                           const char       *response)
{
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static void
show_system_errors_cb (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  MusterWindow *self = MUSTER_WINDOW (widget);
  GPtrArray *errors = muster_system_registry_get_errors (muster_system_registry_get_default ());
  g_autoptr(GString) body = g_string_new (NULL);
  GtkWidget *dialog;

  for (guint i = 0; i < errors->len; i++)
    {
      const GError *error = g_ptr_array_index (errors, i);

      if (body->len > 0)
        g_string_append (body, "\n\n");
      g_string_append (body, error->message);
    }

  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Game Systems Not Loaded"), body->str);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  g_signal_connect (dialog, "response", G_CALLBACK (system_errors_response_cb), NULL);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
muster_window_report_system_errors (MusterWindow *self)
{
  GPtrArray *errors;
  g_autofree char *text = NULL;
  AdwToast *toast;

  g_return_if_fail (MUSTER_IS_WINDOW (self));

  errors = muster_system_registry_get_errors (muster_system_registry_get_default ());
  if (errors->len == 0)
    return;

  text = g_strdup_printf (ngettext ("%u game system of yours could not be read and was skipped",
                                    "%u game systems of yours could not be read and were skipped",
                                    errors->len),
                          errors->len);
  toast = adw_toast_new (text);
  adw_toast_set_button_label (toast, _("_Details"));
  adw_toast_set_action_name (toast, "win.show-system-errors");
  adw_toast_set_timeout (toast, 0);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

void
muster_window_offer_autosave (MusterWindow *self,
                              GFile        *autosave,
                              GFile        *original)
{
  GtkWidget *dialog;

  g_return_if_fail (MUSTER_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (autosave));

  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Restore Unsaved Changes?"),
                                   _("Muster did not close properly last time. The layout you were "
                                     "working on was saved automatically and can be restored."));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "discard", _("_Discard"),
                                    "restore", _("_Restore"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "restore", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "restore");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "discard");
  g_object_set_data_full (G_OBJECT (dialog), "autosave", g_object_ref (autosave), g_object_unref);
  if (original != NULL)
    g_object_set_data_full (G_OBJECT (dialog), "original", g_object_ref (original), g_object_unref);
  g_signal_connect_object (dialog, "response", G_CALLBACK (restore_response_cb), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
update_recent_menu (MusterWindow *self)
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

  confirm_then (self, AFTER_OPEN_FILE, files->data);

  return TRUE;
}

/* The board */

static void
update_actions (MusterWindow *self)
{
  GtkWidget *widget = GTK_WIDGET (self);

  gtk_widget_action_set_enabled (widget, "win.undo", self->history != NULL && muster_history_can_undo (self->history));
  gtk_widget_action_set_enabled (widget, "win.redo", self->history != NULL && muster_history_can_redo (self->history));
}

/* The tool bar's kind button names the kind the board draws. */
static void
terrain_kind_changed_cb (MusterWindow *self)
{
  const char *kind = muster_board_view_get_terrain_kind (self->board_view);
  const char *label = _("Building");

  if (g_strcmp0 (kind, "impassable") == 0)
    label = _("Impassable");
  else if (g_strcmp0 (kind, "area-blocking") == 0)
    label = _("Area, Blocks Line of Fire");
  else if (g_strcmp0 (kind, "area") == 0)
    label = _("Area, Open");

  gtk_label_set_label (self->terrain_kind_label, label);
}

static void
selection_changed_cb (MusterWindow *self)
{
  g_autoptr(GArray) selection = muster_board_view_get_selection (self->board_view);

  update_actions (self);

  /* A player's piece makes that player the one acting. */
  if (selection->len > 0 && self->layout != NULL)
    {
      const MusterPiece *piece = muster_layout_lookup_serial (self->layout, g_array_index (selection, guint, 0));

      if (piece != NULL && muster_piece_is_deployable (piece) &&
          gtk_stack_get_child_by_name (self->player_stack, piece->owner) != NULL)
        gtk_stack_set_visible_child_name (self->player_stack, piece->owner);
    }
}

static void
violation_activated_cb (MusterWindow *self,
                        guint         serial)
{
  muster_board_view_select_piece (self->board_view, serial, FALSE);
  muster_board_view_reveal_piece (self->board_view, serial);
  gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
}

static void
select_piece_cb (MusterWindow *self,
                 const char   *piece_id)
{
  const MusterPiece *piece = muster_layout_lookup_piece (self->layout, piece_id);

  if (piece != NULL)
    violation_activated_cb (self, piece->serial);
}

static void
board_message_cb (MusterWindow *self,
                  const char   *text)
{
  show_message (self, text);
}

static gboolean
arm_undo_toast_cb (gpointer data)
{
  MusterWindow *self = data;

  self->undo_toast_id = 0;

  return G_SOURCE_REMOVE;
}

static void
deleted_cb (MusterWindow *self,
            guint         n_pieces)
{
  g_autofree char *text = NULL;
  AdwToast *toast;

  if (n_pieces == 0)
    text = g_strdup (_("Terrain deleted"));
  else
    text = g_strdup_printf (ngettext ("%u piece deleted", "%u pieces deleted", n_pieces), n_pieces);

  if (self->undo_toast != NULL)
    adw_toast_dismiss (self->undo_toast);
  toast = adw_toast_new (text);
  adw_toast_set_button_label (toast, _("_Undo"));
  adw_toast_set_action_name (toast, "win.undo");
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  g_set_weak_pointer (&self->undo_toast, toast);
  /* The deletion's own change of the history may come after this. */
  g_clear_handle_id (&self->undo_toast_id, g_source_remove);
  self->undo_toast_id = g_idle_add (arm_undo_toast_cb, self);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

static void
context_menu_cb (MusterWindow *self,
                 double        x,
                 double        y)
{
  GMenuModel *model = NULL;

  if (muster_board_view_get_n_selected (self->board_view) > 0)
    model = self->piece_menu;
  else if (muster_board_view_get_selected_terrain (self->board_view) != NULL)
    model = self->terrain_menu;

  if (model == NULL)
    return;

  if (self->context_menu == NULL)
    {
      self->context_menu = gtk_popover_menu_new_from_model (model);
      gtk_widget_set_parent (self->context_menu, GTK_WIDGET (self->board_view));
      gtk_popover_set_has_arrow (GTK_POPOVER (self->context_menu), FALSE);
      gtk_widget_set_halign (self->context_menu, GTK_ALIGN_START);
    }
  else
    gtk_popover_menu_set_menu_model (GTK_POPOVER_MENU (self->context_menu), model);

  gtk_popover_set_pointing_to (GTK_POPOVER (self->context_menu), &(GdkRectangle) { x, y, 1, 1 });
  gtk_popover_popup (GTK_POPOVER (self->context_menu));
}

static void
tool_changed_cb (MusterWindow *self)
{
  MusterBoardTool tool = muster_board_view_get_tool (self->board_view);

  gtk_widget_set_visible (self->terrain_kind_button,
                          tool == MUSTER_BOARD_TOOL_RECTANGLE || tool == MUSTER_BOARD_TOOL_POLYGON);
}

/* Accessors */

MusterBoardView *
muster_window_get_board_view (MusterWindow *self)
{
  g_return_val_if_fail (MUSTER_IS_WINDOW (self), NULL);

  return self->board_view;
}

MusterLayout *
muster_window_get_layout (MusterWindow *self)
{
  g_return_val_if_fail (MUSTER_IS_WINDOW (self), NULL);

  return self->layout;
}

MusterValidator *
muster_window_get_validator (MusterWindow *self)
{
  g_return_val_if_fail (MUSTER_IS_WINDOW (self), NULL);

  return self->validator;
}

MusterHistory *
muster_window_get_history (MusterWindow *self)
{
  g_return_val_if_fail (MUSTER_IS_WINDOW (self), NULL);

  return self->history;
}

MusterRoster *
muster_window_get_roster (MusterWindow *self)
{
  g_return_val_if_fail (MUSTER_IS_WINDOW (self), NULL);

  return self->roster;
}

GFile *
muster_window_get_file (MusterWindow *self)
{
  g_return_val_if_fail (MUSTER_IS_WINDOW (self), NULL);

  return self->file;
}

GtkWidget *
muster_window_get_violations_list (MusterWindow *self)
{
  g_return_val_if_fail (MUSTER_IS_WINDOW (self), NULL);

  return GTK_WIDGET (self->violations_list);
}

GtkWidget *
muster_window_get_phase_panel (MusterWindow *self)
{
  g_return_val_if_fail (MUSTER_IS_WINDOW (self), NULL);

  return GTK_WIDGET (ensure_phase_panel (self));
}

MusterSightGrid *
muster_window_get_sight_grid (MusterWindow *self)
{
  g_return_val_if_fail (MUSTER_IS_WINDOW (self), NULL);

  return self->sight_grid;
}

void
muster_window_show_sidebar_page (MusterWindow *self,
                                 const char   *page)
{
  g_return_if_fail (MUSTER_IS_WINDOW (self));
  g_return_if_fail (page != NULL);

  gtk_stack_set_visible_child_name (self->sidebar_stack, page);
}

/* Actions */

static void
new_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *param)
{
  confirm_then (MUSTER_WINDOW (widget), AFTER_NEW, NULL);
}

static void
open_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  confirm_then (MUSTER_WINDOW (widget), AFTER_OPEN_DIALOG, NULL);
}

static void
open_recent_menu_action (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *param)
{
  MusterWindow *self = MUSTER_WINDOW (widget);

  adw_split_button_popup (self->open_button);
}

static void
open_recent_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *param)
{
  g_autoptr(GFile) file = g_file_new_for_uri (g_variant_get_string (param, NULL));

  confirm_then (MUSTER_WINDOW (widget), AFTER_OPEN_FILE, file);
}

static void
save_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  MusterWindow *self = MUSTER_WINDOW (widget);

  self->after = AFTER_NOTHING;
  save (self);
}

static void
save_as_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *param)
{
  MusterWindow *self = MUSTER_WINDOW (widget);

  self->after = AFTER_NOTHING;
  save_as (self);
}

static void
undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  MusterWindow *self = MUSTER_WINDOW (widget);

  muster_board_view_cancel (self->board_view);
  if (muster_history_undo (self->history))
    reload_roster (self);
}

static void
redo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  MusterWindow *self = MUSTER_WINDOW (widget);

  muster_board_view_cancel (self->board_view);
  if (muster_history_redo (self->history))
    reload_roster (self);
}

static void
add_entry_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *param)
{
  MusterWindow *self = MUSTER_WINDOW (widget);
  GtkWidget *panel = gtk_stack_get_visible_child (self->player_stack);

  if (MUSTER_IS_ROSTER_PANEL (panel))
    muster_roster_panel_add_entry (MUSTER_ROSTER_PANEL (panel));
}

static void
focus_pane_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *param)
{
  MusterWindow *self = MUSTER_WINDOW (widget);
  GtkWidget *panel = gtk_stack_get_visible_child (self->player_stack);

  /* F6 goes round the panes: the table, then the sidebar. */
  if (gtk_widget_has_focus (GTK_WIDGET (self->board_view)) && panel != NULL)
    {
      adw_flap_set_reveal_flap (self->flap, TRUE);
      gtk_widget_child_focus (panel, GTK_DIR_TAB_FORWARD);
    }
  else
    gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
}

/* The game popover, made when the button first opens it. */
static void
create_game_popover (GtkMenuButton *button,
                     gpointer       user_data)
{
  MusterWindow *self = user_data;

  if (self->game_popover != NULL)
    return;

  self->game_popover = MUSTER_GAME_POPOVER (muster_game_popover_new ());
  muster_game_popover_set_units (self->game_popover, display_units (self));
  if (self->layout != NULL)
    muster_game_popover_set_layout (self->game_popover, self->layout, self->history);
  gtk_menu_button_set_popover (button, GTK_WIDGET (self->game_popover));
}

static void
game_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  gtk_menu_button_popup (MUSTER_WINDOW (widget)->game_button);
}

static void
print_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *param)
{
  MusterWindow *self = MUSTER_WINDOW (widget);
  g_autoptr(MusterScene) print_scene = NULL;
  MusterPrintOperation *operation;

  if (self->layout == NULL)
    return;

  /* Paper gets the light theme, the ruler and the hatching, and marks
   * illegal pieces as the exports do. */
  print_scene = muster_scene_new (self->layout, self->system, self->validator);
  muster_scene_set_flags (print_scene, MUSTER_RENDER_ALL);
  muster_scene_set_units (print_scene, display_units (self));
  operation = muster_print_operation_new (print_scene);
  /* The operation may finish after this returns: it lives until "done". */
  g_signal_connect (operation, "done", G_CALLBACK (g_object_unref), NULL);
  muster_print_operation_run_dialog (operation, GTK_WINDOW (self));
}

/* Settings */

static void
sidebar_revealed_cb (MusterWindow *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SIDEBAR_VISIBLE]);
}

static void
units_changed_cb (MusterWindow *self)
{
  MusterUnit units = display_units (self);
  MusterScene *scene = muster_board_view_get_scene (self->board_view);

  if (scene != NULL)
    muster_scene_set_units (scene, units);
  muster_board_view_set_units (self->board_view, units);
  if (self->game_popover != NULL)
    muster_game_popover_set_units (self->game_popover, units);
}

/* GObject */

static void
muster_window_dispose (GObject *object)
{
  MusterWindow *self = (MusterWindow *)object;

  g_clear_handle_id (&self->autosave_id, g_source_remove);
  g_clear_handle_id (&self->retry_id, g_source_remove);
  g_clear_handle_id (&self->undo_toast_id, g_source_remove);
  g_clear_weak_pointer (&self->undo_toast);
  g_clear_handle_id (&self->sight_update_id, g_source_remove);
  if (self->sight_tick_id != 0)
    gtk_widget_remove_tick_callback (self->sight_area, self->sight_tick_id);
  self->sight_tick_id = 0;
  g_clear_pointer (&self->sight_grid, muster_sight_grid_unref);
  if (self->layout != NULL)
    g_signal_handlers_disconnect_by_data (self->layout, self);
  if (self->history != NULL)
    g_signal_handlers_disconnect_by_data (self->history, self);
  if (self->roster != NULL)
    g_signal_handlers_disconnect_by_data (self->roster, self);
  g_signal_handlers_disconnect_by_data (gtk_recent_manager_get_default (), self);
  g_clear_pointer (&self->context_menu, gtk_widget_unparent);
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);

  gtk_widget_dispose_template (GTK_WIDGET (self), MUSTER_TYPE_WINDOW);
  self->phase_panel = NULL;   /* was in phase_bin */
  self->game_popover = NULL;  /* was game_button's */

  g_clear_object (&self->roster);
  g_clear_object (&self->history);
  g_clear_object (&self->validator);
  g_clear_object (&self->system);
  g_clear_object (&self->layout);
  g_clear_object (&self->file);
  g_clear_object (&self->after_file);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (muster_window_parent_class)->dispose (object);
}

static void
muster_window_finalize (GObject *object)
{
  MusterWindow *self = (MusterWindow *)object;

  g_clear_pointer (&self->sight_piece, g_free);
  g_clear_pointer (&self->sight_player, g_free);

  G_OBJECT_CLASS (muster_window_parent_class)->finalize (object);
}

static void
muster_window_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  MusterWindow *self = MUSTER_WINDOW (object);

  switch (prop_id)
    {
    case PROP_SIDEBAR_VISIBLE:
      g_value_set_boolean (value, adw_flap_get_reveal_flap (self->flap));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_window_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  MusterWindow *self = MUSTER_WINDOW (object);

  switch (prop_id)
    {
    case PROP_SIDEBAR_VISIBLE:
      adw_flap_set_reveal_flap (self->flap, g_value_get_boolean (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_window_class_init (MusterWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_window_dispose;
  object_class->finalize = muster_window_finalize;
  object_class->get_property = muster_window_get_property;
  object_class->set_property = muster_window_set_property;

  properties[PROP_SIDEBAR_VISIBLE] =
    g_param_spec_boolean ("sidebar-visible", NULL, NULL, TRUE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/muster-window.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, flap);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, sidebar_stack);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, player_stack);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, phase_bin);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, sight_area);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, violations_list);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, board_view);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, game_button);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, terrain_kind_button);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, terrain_kind_label);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, recent_menu);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, open_button);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, piece_menu);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, terrain_menu);
  gtk_widget_class_bind_template_callback (widget_class, close_request_cb);
  gtk_widget_class_bind_template_callback (widget_class, player_page_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, violation_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, selection_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, board_message_cb);
  gtk_widget_class_bind_template_callback (widget_class, deleted_cb);
  gtk_widget_class_bind_template_callback (widget_class, context_menu_cb);
  gtk_widget_class_bind_template_callback (widget_class, tool_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, sidebar_page_changed_cb);

  /* On the window, so they work wherever the focus is. */
  gtk_widget_class_install_action (widget_class, "win.new", NULL, new_action);
  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "win.open-recent", "s", open_recent_action);
  gtk_widget_class_install_action (widget_class, "win.open-recent-menu", NULL, open_recent_menu_action);
  gtk_widget_class_install_action (widget_class, "win.save", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, save_as_action);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, redo_action);
  gtk_widget_class_install_action (widget_class, "win.print", NULL, print_action);
  gtk_widget_class_install_action (widget_class, "win.game", NULL, game_action);
  gtk_widget_class_install_action (widget_class, "win.show-help-overlay", NULL, show_help_overlay_action);
  gtk_widget_class_install_action (widget_class, "win.show-system-errors", NULL, show_system_errors_cb);
  gtk_widget_class_install_action (widget_class, "win.focus-next-pane", NULL, focus_pane_action);
  gtk_widget_class_install_property_action (widget_class, "win.show-sidebar", "sidebar-visible");
  gtk_widget_class_install_action (widget_class, "roster.add-entry", NULL, add_entry_action);

  /* Without an application (the tests), the window has its own. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F6, 0, "win.focus-next-pane", NULL);

  g_type_ensure (MUSTER_TYPE_BOARD_VIEW);
  g_type_ensure (MUSTER_TYPE_VIOLATIONS_LIST);
}

static void
muster_window_init (MusterWindow *self)
{
  g_autoptr(MusterLayout) layout = NULL;
  g_autoptr(GError) error = NULL;
  GtkDropTarget *target;

  gtk_widget_init_template (GTK_WIDGET (self));
  /* The board's own actions, for the tool bar, the menus and the
   * accelerators, which look for them from the window. */
  gtk_widget_insert_action_group (GTK_WIDGET (self), "board", muster_board_view_get_actions (self->board_view));
  g_signal_connect_object (self->board_view, "notify::terrain-kind",
                           G_CALLBACK (terrain_kind_changed_cb), self, G_CONNECT_SWAPPED);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->sight_area), sight_draw_cb, self, NULL);

  self->settings = g_settings_new (APP_ID);
  g_settings_bind (self->settings, "window-width", self, "default-width", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "window-height", self, "default-height", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "window-maximized", self, "maximized", G_SETTINGS_BIND_DEFAULT);
  g_signal_connect_object (self->settings, "changed::units", G_CALLBACK (units_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->settings, "changed::contact-tolerance",
                           G_CALLBACK (tolerance_changed_cb), self, G_CONNECT_SWAPPED);

  g_signal_connect_object (self->flap, "notify::reveal-flap",
                           G_CALLBACK (sidebar_revealed_cb), self, G_CONNECT_SWAPPED);
  gtk_menu_button_set_create_popup_func (self->game_button, create_game_popover, self, NULL);
  gtk_widget_set_visible (self->terrain_kind_button, FALSE);

  g_signal_connect_object (gtk_recent_manager_get_default (), "changed",
                           G_CALLBACK (update_recent_menu), self, G_CONNECT_SWAPPED);
  update_recent_menu (self);

  /* Drop a layout anywhere to open it. */
  target = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);
  g_signal_connect_swapped (target, "drop", G_CALLBACK (drop_file_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (target));

  layout = default_layout (self);
  if (!set_layout (self, layout, NULL, &error))
    g_warning ("No default table: %s", error->message);

  sidebar_page_changed_cb (self);
}

MusterWindow *
muster_window_new (MusterApplication *application)
{
  return g_object_new (MUSTER_TYPE_WINDOW, "application", application, NULL);
}
