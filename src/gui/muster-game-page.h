/* muster-game-page.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "muster-game.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_GAME_PAGE (muster_game_page_get_type ())

/* A page of the Game panel (muster-game-panel.c): the Initiative Roll,
 * the pre-game, the deployment, the Orders, Twilight Imperium's round,
 * the roll log. A page shows the MusterGame of its "game" property and
 * calls it; it holds none of the game's state. It follows the game and
 * its layout (GSignalGroup) and brings its widgets up to date at idle
 * time after each change, or when it is shown again; what the game
 * refuses, it reports with "message" for the panel to show.
 *
 * Its "page" action: start-deployment (Infinity and The 9th Age).
 *
 * Properties: "game"; "sight-piece" and "sight-player", whose Line of
 * Fire the board shows (the panel's, for the toggles).
 *
 * Signals: "message" (const char *text): a refusal to show.
 * "show-sight" (const char *piece_id, const char *player_id): the
 * players asked for a piece's Line of Fire, or a player's; both NULL:
 * none. */
G_DECLARE_DERIVABLE_TYPE (MusterGamePage, muster_game_page, MUSTER, GAME_PAGE, AdwBin)

struct _MusterGamePageClass
{
  AdwBinClass parent_class;

  /* Brings the widgets up to date with game, which may be NULL. */
  void (*refresh) (MusterGamePage *self,
                   MusterGame     *game);
};

MusterGame    *muster_game_page_get_game          (MusterGamePage      *self);
void           muster_game_page_set_game          (MusterGamePage      *self,
                                                   MusterGame          *game);
const char    *muster_game_page_get_sight_piece   (MusterGamePage      *self);
const char    *muster_game_page_get_sight_player  (MusterGamePage      *self);
/* The widgets follow the game at idle time: now (for the tests). */
void           muster_game_page_sync              (MusterGamePage      *self);
void           muster_game_page_queue_refresh     (MusterGamePage      *self);
/* TRUE while the page brings its widgets up to date: what they signal
 * then is not the players'. */
gboolean       muster_game_page_is_syncing        (MusterGamePage      *self);

/* Reports what the game refused. */
void           muster_game_page_refuse            (MusterGamePage      *self,
                                                   const GError        *error);
void           muster_game_page_refuse_text       (MusterGamePage      *self,
                                                   const char          *text);
void           muster_game_page_show_sight        (MusterGamePage      *self,
                                                   const char          *piece_id,
                                                   const char          *player_id);

/* What the pages build their rows with. Titles and subtitles are text,
 * never markup: they carry players' names. */
void           muster_game_page_clear_list        (GtkListBox          *list);
AdwActionRow  *muster_game_page_add_row           (GtkListBox          *list,
                                                   const char          *title,
                                                   const char          *subtitle);
void           muster_game_page_row_set_icon      (AdwActionRow        *row,
                                                   const char          *icon_name,
                                                   const char          *style);
/* A number at the start of a row (a step, a card, a roll): its label. */
GtkWidget     *muster_game_page_row_set_number    (AdwActionRow        *row,
                                                   const char          *number,
                                                   int                  width);
/* A button that activates action (with target, which may be floating). */
GtkWidget     *muster_game_page_action_button     (const char          *label,
                                                   const char          *action,
                                                   GVariant            *target,
                                                   gboolean             suggested);
/* The same showing only an icon, named (its tooltip, and what a screen
 * reader says of it) name. */
GtkWidget     *muster_game_page_icon_button       (const char          *icon_name,
                                                   const char          *name,
                                                   const char          *action,
                                                   GVariant            *target);
/* Names a button that shows only an icon: its tooltip, and the label a
 * screen reader says (GTK 4.8 does not take the tooltip for one). */
void           muster_game_page_name_button       (GtkWidget           *button,
                                                   const char          *name);
/* Sets the strings of a combo row, keeping its selection when they did
 * not change; otherwise selects selected (when in range). */
void           muster_game_page_set_combo_strings (AdwComboRow         *row,
                                                   const char * const  *labels,
                                                   guint                selected);
void           muster_game_page_set_group_title   (AdwPreferencesGroup *group,
                                                   const char          *text);
void           muster_game_page_set_group_description (AdwPreferencesGroup *group,
                                                       const char          *text);
/* The description under a notice's title (a label of the .ui files'
 * notices, in place of AdwStatusPage, whose scrolled window cut wrapped
 * text short in the sidebar); hidden when text is NULL or empty. */
void           muster_game_page_set_status_description (GtkLabel          *description,
                                                        const char        *text);
/* A die for action: Muster's roll, or a die typed in as thrown, as the
 * game's dice are. action takes "(iu)" (player, value; 0: Muster rolls)
 * when player is 0 or 1, else "u". */
GtkWidget     *muster_game_page_die_control       (MusterGamePage      *self,
                                                   guint                sides,
                                                   const char          *action,
                                                   int                  player);
/* A toggle that shows the piece's Line of Fire. */
GtkWidget     *muster_game_page_sight_button      (MusterGamePage      *self,
                                                   const char          *piece_id);
/* The spin button changes on scroll only when it has the focus; else the
 * scroll scrolls the page. */
void           muster_game_page_guard_spin        (GtkSpinButton       *spin);
/* Both players' names, for a combo row. */
char         **muster_game_page_dup_player_names  (MusterGame          *game);
/* Which of two zones player has in the layout now: 1 for the second,
 * else 0 (a chooser's row starts on the zone the player already has). */
guint          muster_game_page_current_zone_index (MusterGame         *game,
                                                    int                 player,
                                                    const char * const *zones);
/* An attempt of a roll-off: its dice (text), then what they mean. */
char          *muster_game_page_dup_attempt       (MusterGame          *game,
                                                   const char          *dice,
                                                   MusterRollOffOutcome outcome,
                                                   int                  winner);
/* A name from the game-system file, translated when it is a shipped one. */
const char    *muster_game_page_data_label        (const char          *text);

G_END_DECLS
