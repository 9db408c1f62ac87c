/* muster-window.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-window"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-choices.h"
#include "muster-game-restart-dialog.h"
#include "muster-net-dialog.h"
#include "muster-roster-panel.h"
#include "muster-sidebar-split.h"
#include "muster-window-private.h"

enum {
  PROP_0,
  PROP_DOCUMENT,
  PROP_SIDEBAR_VISIBLE,
  PROP_EMPTY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (MusterWindow, muster_window, ADW_TYPE_APPLICATION_WINDOW)

void
_muster_window_show_message (MusterWindow *self,
                             const char   *message)
{
  /* Toast titles are markup; messages name files and XML elements. */
  g_autofree char *escaped = g_markup_escape_text (message, -1);
  AdwToast *toast = adw_toast_new (escaped);

  adw_toast_set_timeout (toast, 6);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

MusterUnit
_muster_window_display_units (MusterWindow *self)
{
  return g_settings_get_enum (self->settings, "units") == 1 ? MUSTER_UNIT_CM : MUSTER_UNIT_INCH;
}

/* The title */

gboolean
muster_window_get_modified (MusterWindow *self)
{
  g_return_val_if_fail (MUSTER_IS_WINDOW (self), FALSE);

  return muster_document_get_modified (self->document);
}

static void
update_title (MusterWindow *self)
{
  const char *name = muster_document_get_title (self->document);
  g_autofree char *title = NULL;
  g_autofree char *window_title = NULL;

  /* Translators: the window title of a layout with unsaved changes */
  title = muster_document_get_modified (self->document) ? g_strdup_printf (_("• %s"), name) : g_strdup (name);
  adw_window_title_set_title (self->window_title, title);
  adw_window_title_set_subtitle (self->window_title, muster_document_get_subtitle (self->document));

  /* Translators: the window's title for the window manager: file name — application */
  window_title = g_strdup_printf (_("%s — Muster"), title);
  gtk_window_set_title (GTK_WINDOW (self), window_title);
}

/* Players */

static void
place_entry_cb (MusterWindow      *self,
                const char        *entry_id,
                MusterRosterPanel *panel)
{
  MusterPiece *piece = muster_roster_make_piece (muster_document_get_roster (self->document), entry_id);

  if (piece == NULL)
    {
      _muster_window_show_message (self, _("All of these are on the table already"));
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

  return (GtkWidget *) _muster_window_ensure_roster_panel (self, gtk_stack_get_child_by_name (self->player_stack,
                                                                                              player_id));
}

static void
update_player_titles (MusterWindow *self)
{
  GPtrArray *players = muster_layout_get_players (muster_document_get_layout (self->document));

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
select_piece_cb (MusterWindow *self,
                 const char   *piece_id)
{
  _muster_window_select_piece (self, piece_id);
}

/* A player's page holds their roster panel, made when the page is first
 * shown or asked for: the first frame shows one player's, and a GtkStack
 * styles and measures every page, so the others' panels were made,
 * styled and measured for nothing (a tenth of Muster's own start-up). */
MusterRosterPanel *
_muster_window_ensure_roster_panel (MusterWindow *self,
                                    GtkWidget    *page)
{
  GtkWidget *panel;

  if (page == NULL)
    return NULL;

  panel = adw_bin_get_child (ADW_BIN (page));
  if (panel == NULL)
    {
      const char *player_id = gtk_stack_page_get_name (gtk_stack_get_page (self->player_stack, page));

      panel = GTK_WIDGET (muster_roster_panel_new (muster_document_get_roster (self->document),
                                                   muster_document_get_history (self->document),
                                                   muster_document_get_system (self->document), player_id));
      muster_roster_panel_set_validator (MUSTER_ROSTER_PANEL (panel), muster_document_get_validator (self->document));
      g_signal_connect_object (panel, "place-entry", G_CALLBACK (place_entry_cb), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (panel, "select-piece", G_CALLBACK (select_piece_cb), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (panel, "message", G_CALLBACK (_muster_window_show_message), self, G_CONNECT_SWAPPED);
      adw_bin_set_child (ADW_BIN (page), panel);
    }

  return MUSTER_ROSTER_PANEL (panel);
}

static void
player_page_changed_cb (MusterWindow *self)
{
  MusterRosterPanel *panel;

  if (self->rebuilding_players)
    return;

  panel = _muster_window_ensure_roster_panel (self, gtk_stack_get_visible_child (self->player_stack));
  if (panel != NULL)
    muster_board_view_set_acting_player (self->board_view, muster_roster_panel_get_player_id (panel));
}

/* Many players (Twilight Imperium's six or eight) would widen the
 * sidebar to their switcher's width, over the table: then it scrolls
 * across. Two or three fit as they are, and a first frame needs no
 * scrolled window for them. */
static void
scroll_player_switcher (MusterWindow *self,
                        guint         n_players)
{
  GtkWidget *box = gtk_widget_get_parent (self->player_switcher);
  GtkWidget *scroller;

  if (n_players <= 3 || GTK_IS_VIEWPORT (box))
    return;

  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER);
  gtk_scrolled_window_set_propagate_natural_width (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_box_insert_child_after (GTK_BOX (box), scroller, self->player_switcher);
  g_object_ref (self->player_switcher);
  gtk_box_remove (GTK_BOX (box), self->player_switcher);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), self->player_switcher);
  g_object_unref (self->player_switcher);
}

static void
rebuild_player_pages (MusterWindow *self)
{
  g_autofree char *visible = g_strdup (muster_board_view_get_acting_player (self->board_view));
  MusterLayout *layout = muster_document_get_layout (self->document);
  GPtrArray *players = layout != NULL ? muster_layout_get_players (layout) : NULL;
  GtkWidget *child;

  /* Only the page shown in the end gets its panel now. */
  self->rebuilding_players = TRUE;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->player_stack))) != NULL)
    gtk_stack_remove (self->player_stack, child);

  for (guint i = 0; players != NULL && i < players->len; i++)
    {
      const MusterPlayer *player = g_ptr_array_index (players, i);

      gtk_stack_add_titled (self->player_stack, adw_bin_new (), player->id,
                            player->name != NULL ? player->name : player->id);
    }
  scroll_player_switcher (self, players != NULL ? players->len : 0);

  if (visible != NULL && gtk_stack_get_child_by_name (self->player_stack, visible) != NULL)
    gtk_stack_set_visible_child_name (self->player_stack, visible);
  self->rebuilding_players = FALSE;
  player_page_changed_cb (self);
}

/* The Game page */

static void
show_sight_cb (MusterWindow *self,
               const char   *piece_id,
               const char   *player_id)
{
  _muster_window_show_sight (self, piece_id, player_id);
}

/* The game panel is some tenth of the work of starting: it is made when
 * its page is first shown (or asked for), and follows the document's
 * game from then on. */
MusterGamePanel *
_muster_window_ensure_game_panel (MusterWindow *self)
{
  if (self->game_panel != NULL)
    return self->game_panel;

  self->game_panel = MUSTER_GAME_PANEL (muster_game_panel_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (self->game_panel), TRUE);
  g_signal_connect_object (self->game_panel, "show-sight", G_CALLBACK (show_sight_cb), self,
                           G_CONNECT_SWAPPED);
  adw_bin_set_child (self->phase_bin, GTK_WIDGET (self->game_panel));
  g_object_bind_property (self->document, "game", self->game_panel, "game", G_BINDING_SYNC_CREATE);

  return self->game_panel;
}

static void
sidebar_page_changed_cb (MusterWindow *self)
{
  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->sidebar_stack), "game") == 0)
    _muster_window_ensure_game_panel (self);
}

/* Following the document */

/* Another game: a new layout or game system. When the players (not undo
 * or redo) changed the game system after dice were thrown, they say
 * whether those dice stay. */
static void
game_changed_cb (MusterWindow *self)
{
  MusterGame *game = muster_document_get_game (self->document);
  MusterHistory *history = muster_document_get_history (self->document);
  g_autoptr(MusterGame) earlier = g_steal_pointer (&self->shown_game);

  self->shown_game = game != NULL ? g_object_ref (game) : NULL;
  if (earlier != NULL && game != NULL && earlier != game &&
      muster_game_get_layout (earlier) == muster_game_get_layout (game) &&
      history != NULL && !muster_history_is_applying (history))
    muster_game_restart_dialog_present (GTK_WINDOW (self), game, earlier);
}

/* A new validator: the board's scene and the Problems list follow. */
static void
validator_changed_cb (MusterWindow *self)
{
  MusterValidator *validator = muster_document_get_validator (self->document);
  g_autoptr(MusterScene) scene = NULL;

  if (validator == NULL)
    return;

  muster_validator_set_tolerance (validator, g_settings_get_double (self->settings, "contact-tolerance"));
  scene = muster_scene_new (muster_document_get_layout (self->document), muster_document_get_system (self->document),
                            validator);
  muster_scene_set_units (scene, _muster_window_display_units (self));
  muster_board_view_set_validator (self->board_view, validator);
  muster_board_view_set_history (self->board_view, muster_document_get_history (self->document));
  muster_board_view_set_units (self->board_view, _muster_window_display_units (self));
  muster_board_view_set_scene (self->board_view, scene);
  muster_violations_list_set_units (self->violations_list, _muster_window_display_units (self));
  muster_violations_list_set_validator (self->violations_list, validator);
  rebuild_player_pages (self);
}

static void
layout_changed_cb (MusterWindow *self)
{
  update_player_titles (self);
  _muster_window_update_actions (self);
}

/* A new layout, not a change of this one: the game popover's editor may
 * be in the middle of making that change. */
static void
document_layout_cb (MusterWindow *self)
{
  if (self->game_popover != NULL)
    muster_game_popover_set_layout (self->game_popover, muster_document_get_layout (self->document),
                                    muster_document_get_history (self->document));
  layout_changed_cb (self);
}

static void
history_changed_cb (MusterWindow *self)
{
  if (self->undo_toast != NULL && self->undo_toast_id == 0)
    adw_toast_dismiss (self->undo_toast);
  _muster_window_update_actions (self);
}

static void
document_problem_cb (MusterWindow *self,
                     const char   *message)
{
  _muster_window_show_message (self, message);
}

static void
tolerance_changed_cb (MusterWindow *self)
{
  muster_document_set_tolerance (self->document, g_settings_get_double (self->settings, "contact-tolerance"));
}

static void
follow_document (MusterWindow *self)
{
  self->document_signals = g_signal_group_new (MUSTER_TYPE_DOCUMENT);
  g_signal_group_connect_swapped (self->document_signals, "notify::title", G_CALLBACK (update_title), self);
  g_signal_group_connect_swapped (self->document_signals, "notify::subtitle", G_CALLBACK (update_title), self);
  g_signal_group_connect_swapped (self->document_signals, "notify::modified", G_CALLBACK (update_title), self);
  g_signal_group_connect_swapped (self->document_signals, "notify::validator", G_CALLBACK (validator_changed_cb), self);
  g_signal_group_connect_swapped (self->document_signals, "notify::game", G_CALLBACK (game_changed_cb), self);
  g_signal_group_connect_swapped (self->document_signals, "notify::layout", G_CALLBACK (document_layout_cb), self);
  g_signal_group_connect_swapped (self->document_signals, "problem", G_CALLBACK (document_problem_cb), self);

  self->layout_signals = g_signal_group_new (MUSTER_TYPE_LAYOUT);
  g_signal_group_connect_swapped (self->layout_signals, "changed", G_CALLBACK (layout_changed_cb), self);
  g_signal_group_connect_swapped (self->layout_signals, "changed",
                                  G_CALLBACK (_muster_window_schedule_sight_update), self);
  g_signal_group_connect_swapped (self->layout_signals, "piece-added",
                                  G_CALLBACK (_muster_window_schedule_sight_update), self);
  g_signal_group_connect_swapped (self->layout_signals, "piece-removed",
                                  G_CALLBACK (_muster_window_schedule_sight_update), self);
  g_signal_group_connect_swapped (self->layout_signals, "piece-changed",
                                  G_CALLBACK (_muster_window_schedule_sight_update), self);

  self->history_signals = g_signal_group_new (MUSTER_TYPE_HISTORY);
  g_signal_group_connect_swapped (self->history_signals, "changed", G_CALLBACK (history_changed_cb), self);

  self->document_bindings = g_binding_group_new ();
  g_binding_group_bind (self->document_bindings, "layout", self->layout_signals, "target", G_BINDING_SYNC_CREATE);
  g_binding_group_bind (self->document_bindings, "history", self->history_signals, "target", G_BINDING_SYNC_CREATE);

  g_signal_group_set_target (self->document_signals, self->document);
  g_binding_group_set_source (self->document_bindings, self->document);
}

MusterLayout *
_muster_window_default_layout (MusterWindow *self)
{
  g_autofree char *system_id = g_settings_get_string (self->settings, "default-system");
  g_autofree char *deployment_id = g_settings_get_string (self->settings, "default-deployment");
  MusterSystem *system = muster_system_registry_lookup (muster_system_registry_get_default (), system_id);
  const MusterBoardPreset *board;
  MusterLayout *layout;

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

  layout = muster_layout_new (muster_system_get_id (system), deployment_id,
                              board != NULL ? board->width : 72 * 25.4,
                              board != NULL ? board->height : 48 * 25.4);
  /* Zones, roles and edges as the export draws them, on any table. */
  muster_choices_fit (layout, system);

  return layout;
}

/* The board */

void
_muster_window_update_actions (MusterWindow *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  MusterHistory *history = muster_document_get_history (self->document);

  gtk_widget_action_set_enabled (widget, "win.undo", history != NULL && muster_history_can_undo (history));
  gtk_widget_action_set_enabled (widget, "win.redo", history != NULL && muster_history_can_redo (history));
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
  MusterLayout *layout = muster_document_get_layout (self->document);

  _muster_window_update_actions (self);

  /* A player's piece makes that player the one acting. */
  if (selection->len > 0)
    {
      const MusterPiece *piece = muster_layout_lookup_serial (layout, g_array_index (selection, guint, 0));

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

void
_muster_window_select_piece (MusterWindow *self,
                             const char   *piece_id)
{
  const MusterPiece *piece = muster_layout_lookup_piece (muster_document_get_layout (self->document), piece_id);

  if (piece != NULL)
    violation_activated_cb (self, piece->serial);
}

static void
board_message_cb (MusterWindow *self,
                  const char   *text)
{
  _muster_window_show_message (self, text);
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

/* One of the menus of muster-window-menus.ui, read with the first. */
static GMenuModel *
window_menu (MusterWindow *self,
             const char   *menu_id)
{
  GObject *menu;

  if (self->menus == NULL)
    self->menus = gtk_builder_new_from_resource (RESOURCE_BASE "/muster-window-menus.ui");
  menu = gtk_builder_get_object (self->menus, menu_id);
  g_assert (G_IS_MENU_MODEL (menu));

  return G_MENU_MODEL (menu);
}

static void
context_menu_cb (MusterWindow *self,
                 double        x,
                 double        y)
{
  GMenuModel *model = NULL;

  if (muster_board_view_get_n_selected (self->board_view) > 0)
    model = window_menu (self, "piece_menu");
  else if (muster_board_view_get_selected_terrain (self->board_view) != NULL)
    model = window_menu (self, "terrain_menu");

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

MusterDocument *
muster_window_get_document (MusterWindow *self)
{
  g_return_val_if_fail (MUSTER_IS_WINDOW (self), NULL);

  return self->document;
}

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

  return muster_document_get_layout (self->document);
}

MusterValidator *
muster_window_get_validator (MusterWindow *self)
{
  g_return_val_if_fail (MUSTER_IS_WINDOW (self), NULL);

  return muster_document_get_validator (self->document);
}

MusterHistory *
muster_window_get_history (MusterWindow *self)
{
  g_return_val_if_fail (MUSTER_IS_WINDOW (self), NULL);

  return muster_document_get_history (self->document);
}

MusterRoster *
muster_window_get_roster (MusterWindow *self)
{
  g_return_val_if_fail (MUSTER_IS_WINDOW (self), NULL);

  return muster_document_get_roster (self->document);
}

GFile *
muster_window_get_file (MusterWindow *self)
{
  g_return_val_if_fail (MUSTER_IS_WINDOW (self), NULL);

  return muster_document_get_file (self->document);
}

GtkWidget *
muster_window_get_violations_list (MusterWindow *self)
{
  g_return_val_if_fail (MUSTER_IS_WINDOW (self), NULL);

  return GTK_WIDGET (self->violations_list);
}

GtkWidget *
muster_window_get_game_panel (MusterWindow *self)
{
  g_return_val_if_fail (MUSTER_IS_WINDOW (self), NULL);

  return GTK_WIDGET (_muster_window_ensure_game_panel (self));
}

MusterGame *
muster_window_get_game (MusterWindow *self)
{
  g_return_val_if_fail (MUSTER_IS_WINDOW (self), NULL);

  return muster_document_get_game (self->document);
}

void
muster_window_show_sidebar_page (MusterWindow *self,
                                 const char   *page)
{
  g_return_if_fail (MUSTER_IS_WINDOW (self));
  g_return_if_fail (page != NULL);

  gtk_stack_set_visible_child_name (self->sidebar_stack, page);
}

/* A menu's popover, made when the button first opens it, and the menu
 * read then: not on the first frame. */
static void
create_menu_popover (GtkMenuButton *button,
                     gpointer       menu_id)
{
  MusterWindow *self = MUSTER_WINDOW (gtk_widget_get_root (GTK_WIDGET (button)));

  if (gtk_menu_button_get_popover (button) == NULL)
    gtk_menu_button_set_menu_model (button, window_menu (self, menu_id));
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
  muster_game_popover_set_units (self->game_popover, _muster_window_display_units (self));
  muster_game_popover_set_layout (self->game_popover, muster_document_get_layout (self->document),
                                  muster_document_get_history (self->document));
  gtk_menu_button_set_popover (button, GTK_WIDGET (self->game_popover));
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
  MusterUnit units = _muster_window_display_units (self);
  MusterScene *scene = muster_board_view_get_scene (self->board_view);

  if (scene != NULL)
    muster_scene_set_units (scene, units);
  muster_board_view_set_units (self->board_view, units);
  muster_violations_list_set_units (self->violations_list, units);
  if (self->game_popover != NULL)
    muster_game_popover_set_units (self->game_popover, units);
}

static gboolean
close_request_cb (MusterWindow *self)
{
  return _muster_window_close_request (self);
}

/* GObject */

static void
muster_window_dispose (GObject *object)
{
  MusterWindow *self = (MusterWindow *)object;

  g_clear_handle_id (&self->undo_toast_id, g_source_remove);
  g_clear_weak_pointer (&self->undo_toast);
  _muster_window_dispose_sight (self);
  _muster_window_dispose_files (self);
  if (self->document_signals != NULL)
    g_signal_group_set_target (self->document_signals, NULL);
  if (self->document_bindings != NULL)
    g_binding_group_set_source (self->document_bindings, NULL);
  g_clear_pointer (&self->context_menu, gtk_widget_unparent);

  gtk_widget_dispose_template (GTK_WIDGET (self), MUSTER_TYPE_WINDOW);
  self->game_panel = NULL;    /* was in phase_bin */
  self->game_popover = NULL;  /* was game_button's */

  g_clear_object (&self->menus);
  g_clear_object (&self->document_bindings);
  g_clear_object (&self->document_signals);
  g_clear_object (&self->layout_signals);
  g_clear_object (&self->history_signals);
  g_clear_object (&self->shown_game);
  g_clear_object (&self->document);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (muster_window_parent_class)->dispose (object);
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
    case PROP_DOCUMENT:
      g_value_set_object (value, self->document);
      break;

    case PROP_SIDEBAR_VISIBLE:
      g_value_set_boolean (value, muster_sidebar_frame_get_show_sidebar (self->frame));
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
      muster_sidebar_frame_set_show_sidebar (self->frame, g_value_get_boolean (value));
      break;

    case PROP_EMPTY:
      self->empty = g_value_get_boolean (value);
      break;

    case PROP_DOCUMENT:
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

void
_muster_window_load_default_table (MusterWindow *self)
{
  g_autoptr(MusterLayout) layout = _muster_window_default_layout (self);
  g_autoptr(GError) error = NULL;

  g_debug ("Making the default table");
  if (!muster_document_load_layout (self->document, layout, NULL, &error))
    g_warning ("No default table: %s", error->message);
}

/* A window made for a file does not make the default table first, only
 * when the file cannot be read (muster_window_new_for_file()). */
static void
muster_window_constructed (GObject *object)
{
  MusterWindow *self = MUSTER_WINDOW (object);

  G_OBJECT_CLASS (muster_window_parent_class)->constructed (object);

  if (!self->empty)
    _muster_window_load_default_table (self);
}

static void
muster_window_class_init (MusterWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_window_dispose;
  object_class->get_property = muster_window_get_property;
  object_class->set_property = muster_window_set_property;
  object_class->constructed = muster_window_constructed;

  properties[PROP_DOCUMENT] =
    g_param_spec_object ("document", NULL, NULL, MUSTER_TYPE_DOCUMENT,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
  properties[PROP_SIDEBAR_VISIBLE] =
    g_param_spec_boolean ("sidebar-visible", NULL, NULL, TRUE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_EMPTY] =
    g_param_spec_boolean ("empty", NULL, NULL, FALSE,
                          (G_PARAM_WRITABLE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/muster-window.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, frame);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, sidebar_stack);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, player_stack);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, player_switcher);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, phase_bin);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, sight_area);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, violations_list);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, board_view);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, game_button);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, terrain_kind_button);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, terrain_kind_label);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, recent_menu);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, open_button);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, primary_menu_button);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, terrain_presets_button);
  gtk_widget_class_bind_template_callback (widget_class, close_request_cb);
  gtk_widget_class_bind_template_callback (widget_class, player_page_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, violation_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, selection_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, board_message_cb);
  gtk_widget_class_bind_template_callback (widget_class, deleted_cb);
  gtk_widget_class_bind_template_callback (widget_class, context_menu_cb);
  gtk_widget_class_bind_template_callback (widget_class, tool_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, sidebar_page_changed_cb);

  _muster_window_class_init_actions (widget_class);

  g_type_ensure (MUSTER_TYPE_BOARD_VIEW);
  g_type_ensure (MUSTER_TYPE_VIOLATIONS_LIST);
  g_type_ensure (MUSTER_TYPE_SIDEBAR_SPLIT);
  g_type_ensure (MUSTER_TYPE_SIDEBAR_FRAME);
}

static void
muster_window_init (MusterWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  _muster_window_init_sight (self);

  /* The board's own actions, for the tool bar, the menus and the
   * accelerators, which look for them from the window. */
  gtk_widget_insert_action_group (GTK_WIDGET (self), "board", muster_board_view_get_actions (self->board_view));
  g_signal_connect_object (self->board_view, "notify::terrain-kind",
                           G_CALLBACK (terrain_kind_changed_cb), self, G_CONNECT_SWAPPED);

  self->settings = g_settings_new (APP_ID);
  g_settings_bind (self->settings, "window-width", self, "default-width", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "window-height", self, "default-height", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "window-maximized", self, "maximized", G_SETTINGS_BIND_DEFAULT);
  g_signal_connect_object (self->settings, "changed::units", G_CALLBACK (units_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->settings, "changed::contact-tolerance",
                           G_CALLBACK (tolerance_changed_cb), self, G_CONNECT_SWAPPED);

  g_signal_connect_object (self->frame, "notify::show-sidebar",
                           G_CALLBACK (sidebar_revealed_cb), self, G_CONNECT_SWAPPED);
  gtk_menu_button_set_create_popup_func (self->game_button, create_game_popover, self, NULL);
  gtk_menu_button_set_create_popup_func (self->primary_menu_button, create_menu_popover, (gpointer) "primary_menu", NULL);
  gtk_menu_button_set_create_popup_func (self->terrain_presets_button, create_menu_popover,
                                         (gpointer) "terrain_presets_menu", NULL);
  gtk_menu_button_set_create_popup_func (GTK_MENU_BUTTON (self->terrain_kind_button), create_menu_popover,
                                         (gpointer) "terrain_kind_menu", NULL);
  gtk_widget_set_visible (self->terrain_kind_button, FALSE);

  _muster_window_init_files (self);

  self->document = muster_document_new ();
  muster_document_set_tolerance (self->document, g_settings_get_double (self->settings, "contact-tolerance"));
  follow_document (self);

  sidebar_page_changed_cb (self);
  muster_net_dialog_install (self);
}

MusterWindow *
muster_window_new (MusterApplication *application)
{
  return g_object_new (MUSTER_TYPE_WINDOW, "application", application, NULL);
}
