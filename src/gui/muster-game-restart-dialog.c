/* muster-game-restart-dialog.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-game-restart-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-compat.h"
#include "muster-game-restart-dialog.h"

static void
response_cb (GtkWidget  *alert,
             const char *response,
             gpointer    user_data)
{
  MusterGame *game = g_object_get_data (G_OBJECT (alert), "game");
  MusterDice *dice = g_object_get_data (G_OBJECT (alert), "dice");

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
  GtkWidget *alert;
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
  alert = muster_alert_new (_("Keep the Dice Thrown?"), body);
  muster_alert_add_response (alert, "clear", _("_Clear Them"), ADW_RESPONSE_DESTRUCTIVE);
  muster_alert_add_response (alert, "keep", _("_Keep Them"), ADW_RESPONSE_SUGGESTED);
  muster_alert_set_default_response (alert, "keep");
  muster_alert_set_close_response (alert, "keep");

  g_object_set_data_full (G_OBJECT (alert), "game", g_object_ref (game), g_object_unref);
  /* The earlier game's dice, not the game: it follows the layout's log,
   * and would start again with it. */
  g_object_set_data_full (G_OBJECT (alert), "dice", g_object_ref (dice), g_object_unref);
  g_signal_connect (alert, "response", G_CALLBACK (response_cb), NULL);
  muster_alert_present (alert, GTK_WIDGET (parent));

  return alert;
}
