/* muster-game-restart-dialog.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-game-restart-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-game-restart-dialog.h"

static void
response_cb (AdwMessageDialog *dialog,
             const char       *response,
             gpointer          user_data)
{
  MusterGame *game = g_object_get_data (G_OBJECT (dialog), "game");
  MusterDice *dice = g_object_get_data (G_OBJECT (dialog), "dice");

  if (g_strcmp0 (response, "clear") == 0)
    muster_game_restart (game, NULL);
  else
    muster_game_restart (game, dice);
}

GtkWidget *
muster_game_restart_dialog_present (GtkWindow  *parent,
                                    MusterGame *game,
                                    MusterGame *earlier)
{
  MusterDice *dice;
  GtkWidget *dialog;
  g_autofree char *body = NULL;
  guint n;

  g_return_val_if_fail (MUSTER_IS_GAME (game), NULL);
  g_return_val_if_fail (MUSTER_IS_GAME (earlier), NULL);

  dice = muster_game_get_dice (earlier);
  n = muster_dice_get_n_rolls (dice);
  if (n == 0)
    return NULL;

  /* Translators: how many dice, then the old game system's name */
  body = g_strdup_printf (ngettext ("%u die was thrown in the game of %s. Keep it in the Roll Log of the new "
                                    "game, or clear it?",
                                    "%u dice were thrown in the game of %s. Keep them in the Roll Log of the new "
                                    "game, or clear them?", n),
                          n, muster_system_get_name (muster_game_get_system (earlier)));
  dialog = adw_message_dialog_new (parent, _("Keep the Dice Thrown?"), body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "clear", _("_Clear Them"),
                                    "keep", _("_Keep Them"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "clear", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "keep", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "keep");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "keep");

  g_object_set_data_full (G_OBJECT (dialog), "game", g_object_ref (game), g_object_unref);
  /* The earlier game's dice, not the game: it follows the layout's log,
   * and would start again with it. */
  g_object_set_data_full (G_OBJECT (dialog), "dice", g_object_ref (dice), g_object_unref);
  g_signal_connect (dialog, "response", G_CALLBACK (response_cb), NULL);
  gtk_window_present (GTK_WINDOW (dialog));

  return dialog;
}
