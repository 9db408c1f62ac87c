/* muster-window-private.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "muster-document.h"
#include "muster-game-panel.h"
#include "muster-game-popover.h"
#include "muster-roster-panel.h"
#include "muster-sidebar-frame.h"
#include "muster-violations-list.h"
#include "muster-window.h"

G_BEGIN_DECLS

/* The window is one struct over several files, each about one thing
 * (GNOME Text Editor's editor-window*.c):
 *
 *   muster-window.c          the widget: its document, title, panels
 *   muster-window-files.c    new, open, save, close, recent files, drops
 *   muster-window-actions.c  the window's actions
 *   muster-window-sight.c    the Line of Fire overlay
 *
 * What it shows is its document's (muster-document.h): the window follows
 * the document's properties and pushes nothing into it but the players'
 * commands. */

#define MUSTER_MIME_TYPE "application/x-muster-layout"

/* What to do once unsaved changes are saved or discarded. */
typedef enum
{
  MUSTER_AFTER_NOTHING,
  MUSTER_AFTER_NEW,
  MUSTER_AFTER_OPEN_DIALOG,
  MUSTER_AFTER_OPEN_FILE,
  MUSTER_AFTER_CLOSE,
} MusterAfter;

struct _MusterWindow
{
  AdwApplicationWindow  parent_instance;

  GSettings            *settings;
  MusterDocument       *document;
  GSignalGroup         *document_signals;
  GSignalGroup         *layout_signals;
  GSignalGroup         *history_signals;
  GBindingGroup        *document_bindings;
  gboolean              close_confirmed;
  gboolean              empty;              /* made for a file: no default table */
  GtkWidget            *context_menu;

  MusterAfter           after;
  GFile                *after_file;
  /* Files that could not be read while the window was not shown yet,
   * and why: told once it is (muster-window-files.c). */
  GPtrArray            *unread_files;
  GPtrArray            *unread_errors;
  guint                 unread_id;

  /* The game the Game page showed, and whether the players (not undo or
   * redo) changed the game system since: its dice may be kept. */
  MusterGame           *shown_game;
  gboolean              players_switched_system;

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
  MusterSidebarFrame   *frame;
  GtkStack             *sidebar_stack;
  /* A page a player, each an AdwBin whose roster panel is made when the
   * page is first shown or asked for (_muster_window_ensure_roster_panel) */
  GtkStack             *player_stack;
  GtkWidget            *player_switcher;
  gboolean              rebuilding_players;
  AdwBin               *phase_bin;
  MusterGamePanel      *game_panel;        /* made when first shown */
  GtkWidget            *sight_area;
  MusterViolationsList *violations_list;
  MusterBoardView      *board_view;
  MusterGamePopover    *game_popover;      /* made when first opened */
  GtkMenuButton        *game_button;
  GtkWidget            *terrain_kind_button;
  GtkLabel             *terrain_kind_label;
  GMenu                *recent_menu;
  GtkBuilder           *menus;         /* read when a menu first opens */
  AdwSplitButton       *open_button;
  GtkMenuButton        *primary_menu_button;
  GtkMenuButton        *terrain_presets_button;
};

/* muster-window.c */
void          _muster_window_show_message         (MusterWindow *self,
                                                   const char   *message);
MusterUnit    _muster_window_display_units        (MusterWindow *self);
void          _muster_window_update_actions       (MusterWindow *self);
MusterGamePanel *_muster_window_ensure_game_panel (MusterWindow *self);
MusterRosterPanel *_muster_window_ensure_roster_panel (MusterWindow *self,
                                                   GtkWidget    *page);
void          _muster_window_select_piece         (MusterWindow *self,
                                                   const char   *piece_id);
MusterLayout *_muster_window_default_layout       (MusterWindow *self);
void          _muster_window_load_default_table   (MusterWindow *self);

/* muster-window-files.c */
void          _muster_window_confirm_then         (MusterWindow *self,
                                                   MusterAfter   after,
                                                   GFile        *file);
void          _muster_window_save                 (MusterWindow *self);
void          _muster_window_save_as              (MusterWindow *self);
void          _muster_window_update_recent_menu   (MusterWindow *self);
void          _muster_window_init_files           (MusterWindow *self);
void          _muster_window_dispose_files        (MusterWindow *self);
gboolean      _muster_window_close_request        (MusterWindow *self);
void          _muster_window_class_init_files     (GtkWidgetClass *widget_class);

/* muster-window-actions.c */
void          _muster_window_class_init_actions   (GtkWidgetClass *widget_class);

/* muster-window-sight.c */
void          _muster_window_init_sight           (MusterWindow *self);
void          _muster_window_dispose_sight        (MusterWindow *self);
void          _muster_window_show_sight           (MusterWindow *self,
                                                   const char   *piece_id,
                                                   const char   *player_id);
void          _muster_window_schedule_sight_update (MusterWindow *self);

G_END_DECLS
