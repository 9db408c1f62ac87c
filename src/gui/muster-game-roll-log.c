/* muster-game-roll-log.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-game-roll-log"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-game-roll-log.h"

#define MAX_LOG_ROWS 40

struct _MusterGameRollLog
{
  MusterGamePage  parent_instance;

  /* The dice mode row follows the game's "typed-dice". */
  GBindingGroup  *bindings;

  AdwComboRow    *dice_mode_row;
  GtkListBox     *log_list;
};

G_DEFINE_FINAL_TYPE (MusterGameRollLog, muster_game_roll_log, MUSTER_TYPE_GAME_PAGE)

/* A player id of the dice, for people. */
static const char *
name_of (MusterGame *game,
         const char *player_id)
{
  int player = muster_game_lookup_player (game, player_id);

  return player != MUSTER_PLAYER_NONE ? muster_game_get_player_name (game, player) : player_id;
}

static void
add_roll (MusterGameRollLog *self,
          MusterGame        *game,
          const MusterRoll  *roll)
{
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *number = g_strdup_printf ("%u", roll->sequence);
  g_autofree char *die = muster_game_dup_die_name (game, roll->sides);
  AdwActionRow *row;

  if (roll->who != NULL && *roll->who != '\0')
    /* Translators: who threw, the result, the die as the game writes it:
     * "Alice: 14 on a d20", "Alice: 3 on a D6" */
    title = g_strdup_printf (_("%s: %u on a %s"), name_of (game, roll->who), roll->value, die);
  else
    /* Translators: the result, the die as the game writes it: "3 on a D6" */
    title = g_strdup_printf (_("%u on a %s"), roll->value, die);

  if (roll->manual)
    /* Translators: why a die was thrown, and that it was typed in from the table */
    subtitle = g_strdup_printf (_("%s · typed in"), roll->why);
  else
    subtitle = g_strdup (roll->why);

  row = muster_game_page_add_row (self->log_list, title, subtitle);
  gtk_widget_add_css_class (muster_game_page_row_set_number (row, number, 24), "dim-label");
}

static void
muster_game_roll_log_refresh (MusterGamePage *page,
                              MusterGame     *game)
{
  MusterGameRollLog *self = MUSTER_GAME_ROLL_LOG (page);
  MusterDice *dice = game != NULL ? muster_game_get_dice (game) : NULL;
  guint n = dice != NULL ? muster_dice_get_n_rolls (dice) : 0;
  guint shown = 0;

  /* A replay does not notify "typed-dice": the binding may lag. */
  if (game != NULL)
    adw_combo_row_set_selected (self->dice_mode_row, muster_game_get_typed_dice (game) ? 1 : 0);

  muster_game_page_clear_list (self->log_list);

  for (guint i = n; i > 0 && shown < MAX_LOG_ROWS; i--, shown++)
    add_roll (self, game, muster_dice_get_roll (dice, i - 1));

  if (n > shown)
    {
      g_autofree char *more = g_strdup_printf (ngettext ("And %u earlier roll", "And %u earlier rolls", n - shown),
                                               n - shown);
      AdwActionRow *row = muster_game_page_add_row (self->log_list, more, NULL);

      gtk_widget_add_css_class (GTK_WIDGET (row), "dim-label");
    }
}

static gboolean
typed_to_selected (GBinding     *binding,
                   const GValue *from,
                   GValue       *to,
                   gpointer      user_data)
{
  g_value_set_uint (to, g_value_get_boolean (from) ? 1 : 0);

  return TRUE;
}

static void
dice_mode_selected_cb (MusterGameRollLog *self)
{
  MusterGame *game = muster_game_page_get_game (MUSTER_GAME_PAGE (self));
  g_autoptr(GError) error = NULL;

  /* The game's own value, bound back: the same, and nothing is done. */
  if (game != NULL &&
      !muster_game_set_typed_dice (game, adw_combo_row_get_selected (self->dice_mode_row) == 1, &error))
    {
      muster_game_page_refuse (MUSTER_GAME_PAGE (self), error);
      adw_combo_row_set_selected (self->dice_mode_row, muster_game_get_typed_dice (game) ? 1 : 0);
    }
}

static void
game_changed_cb (MusterGameRollLog *self)
{
  g_binding_group_set_source (self->bindings, muster_game_page_get_game (MUSTER_GAME_PAGE (self)));
}

/* GObject */

static void
muster_game_roll_log_dispose (GObject *object)
{
  MusterGameRollLog *self = (MusterGameRollLog *)object;

  if (self->bindings != NULL)
    g_binding_group_set_source (self->bindings, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (object), MUSTER_TYPE_GAME_ROLL_LOG);

  G_OBJECT_CLASS (muster_game_roll_log_parent_class)->dispose (object);
}

static void
muster_game_roll_log_finalize (GObject *object)
{
  MusterGameRollLog *self = (MusterGameRollLog *)object;

  g_clear_object (&self->bindings);

  G_OBJECT_CLASS (muster_game_roll_log_parent_class)->finalize (object);
}

static void
muster_game_roll_log_class_init (MusterGameRollLogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  MusterGamePageClass *page_class = MUSTER_GAME_PAGE_CLASS (klass);

  object_class->dispose = muster_game_roll_log_dispose;
  object_class->finalize = muster_game_roll_log_finalize;
  page_class->refresh = muster_game_roll_log_refresh;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/muster-game-roll-log.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterGameRollLog, dice_mode_row);
  gtk_widget_class_bind_template_child (widget_class, MusterGameRollLog, log_list);
  gtk_widget_class_bind_template_callback (widget_class, dice_mode_selected_cb);
}

static void
muster_game_roll_log_init (MusterGameRollLog *self)
{
  GtkWidget *placeholder;

  gtk_widget_init_template (GTK_WIDGET (self));

  placeholder = gtk_label_new (_("No dice thrown yet"));
  gtk_widget_add_css_class (placeholder, "dim-label");
  gtk_widget_set_margin_top (placeholder, 12);
  gtk_widget_set_margin_bottom (placeholder, 12);
  gtk_list_box_set_placeholder (self->log_list, placeholder);

  self->bindings = g_binding_group_new ();
  g_binding_group_bind_full (self->bindings, "typed-dice", self->dice_mode_row, "selected",
                             G_BINDING_SYNC_CREATE, typed_to_selected, NULL, NULL, NULL);
  g_signal_connect (self, "notify::game", G_CALLBACK (game_changed_cb), NULL);
}
