/* muster-game-infinity.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-game"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "muster-game-private.h"
#include "muster-roster.h"
#include "muster-sight.h"

/* Infinity: the Initiative Roll (RULES.md, "Initiative roll") and the
 * Lieutenants it needs. The Player Turns that follow, each an Order
 * Expenditure Sequence with AROs, are in muster-game-infinity-turns.c. */

static gboolean
expect_initiative (MusterGame  *self,
                   GError     **error)
{
  if (self->initiative != NULL)
    return TRUE;

  return muster_game_refuse (error, MUSTER_GAME_ERROR_NO_GAME, _("There is no Initiative Roll in this game"));
}

/* The Initiative Roll decided where everyone deploys: the board shows it. */
void
muster_game_write_infinity_zones (MusterGame *self)
{
  if (!muster_game_is_live (self) ||
      muster_infinity_initiative_get_state (self->initiative) != MUSTER_INFINITY_INITIATIVE_DONE)
    return;

  for (int i = 0; i < 2; i++)
    {
      const char *zone = muster_infinity_initiative_get_zone (self->initiative, i);
      MusterPlayer *player = muster_layout_lookup_player (self->layout, self->player_ids[i]);

      if (player != NULL && zone != NULL && g_strcmp0 (player->zone, zone) != 0)
        {
          g_autofree char *role = g_strdup (player->role);
          g_autofree char *edge = g_strdup (player->short_edge);

          muster_layout_update_player (self->layout, player->id, zone, role, edge);
        }
    }
}

char **
muster_game_dup_infinity_zones (MusterGame *self)
{
  const MusterDeployment *deployment;
  g_autoptr(GPtrArray) zones = NULL;
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  g_return_val_if_fail (MUSTER_IS_GAME (self), NULL);

  deployment = muster_system_lookup_deployment (self->system, muster_layout_get_deployment_id (self->layout));
  if (deployment != NULL)
    zones = muster_deployment_list_zones (deployment, muster_layout_get_options (self->layout));

  if (zones == NULL || zones->len < 2)
    {
      g_strv_builder_add (builder, "north");
      g_strv_builder_add (builder, "south");
    }
  else
    {
      g_strv_builder_add (builder, ((const MusterZone *) g_ptr_array_index (zones, 0))->id);
      g_strv_builder_add (builder, ((const MusterZone *) g_ptr_array_index (zones, 1))->id);
    }

  return g_strv_builder_end (builder);
}

/* Lieutenants */

static gboolean
is_lieutenant (MusterRoster      *roster,
               const MusterPiece *piece)
{
  const char *entry_id = muster_roster_get_piece_entry (piece);
  const MusterRosterEntry *entry = entry_id != NULL ? muster_roster_lookup (roster, entry_id, NULL) : NULL;

  return piece->lieutenant || (entry != NULL && entry->lieutenant);
}

guint
muster_game_count_lieutenants (MusterGame *self,
                               int         player)
{
  g_autoptr(MusterRoster) roster = NULL;
  GPtrArray *pieces;
  GPtrArray *entries;
  guint n = 0;

  g_return_val_if_fail (MUSTER_IS_GAME (self), 0);

  if ((player != 0 && player != 1) || self->player_ids[player] == NULL)
    return 0;

  roster = muster_roster_new (self->layout);
  entries = muster_roster_get_entries (roster, self->player_ids[player]);
  pieces = muster_layout_get_pieces (self->layout);

  /* Every trooper of a Lieutenant entry is one: five of them are five. */
  for (guint i = 0; i < entries->len; i++)
    {
      const MusterRosterEntry *entry = g_ptr_array_index (entries, i);

      if (entry->lieutenant)
        n += MAX (entry->count, muster_roster_count_placed (roster, entry->id));
    }

  for (guint i = 0; i < pieces->len; i++)
    {
      const MusterPiece *piece = g_ptr_array_index (pieces, i);
      const char *entry_id = muster_roster_get_piece_entry (piece);
      const MusterRosterEntry *entry = entry_id != NULL ? muster_roster_lookup (roster, entry_id, NULL) : NULL;

      if (piece->lieutenant && g_strcmp0 (piece->owner, self->player_ids[player]) == 0 &&
          muster_sight_is_trooper (piece) && (entry == NULL || !entry->lieutenant))
        n++;
    }

  /* Across the network, the other player's Lieutenant may be hidden:
   * their commitment stands for it (muster-game-net.h). */
  if (n == 0 && muster_game_has_chosen_lieutenant (self, player))
    n = 1;

  return n;
}

gboolean
muster_game_check_lieutenants (MusterGame  *self,
                               GError     **error)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);

  for (int i = 0; i < 2; i++)
    {
      guint n = muster_game_count_lieutenants (self, i);

      if (n == 0)
        /* Translators: a player's name */
        return muster_game_refuse (error, MUSTER_GAME_ERROR_BOARD, _("%s’s army has no Lieutenant: mark one trooper "
                                                                     "as Lieutenant in the roster"),
                                   muster_game_get_player_name (self, i));
      if (n > 1)
        /* Translators: a player's name, then how many Lieutenants */
        return muster_game_refuse (error, MUSTER_GAME_ERROR_BOARD, _("%s’s army has %u Lieutenants: it must have "
                                                                     "exactly one"),
                                   muster_game_get_player_name (self, i), n);
    }

  return TRUE;
}

gboolean
muster_game_has_lieutenant_on_table (MusterGame *self,
                                     int         player)
{
  g_autoptr(MusterRoster) roster = NULL;
  GPtrArray *pieces;

  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);

  if (player != 0 && player != 1)
    return FALSE;

  roster = muster_roster_new (self->layout);
  pieces = muster_layout_get_pieces (self->layout);
  for (guint i = 0; i < pieces->len; i++)
    {
      const MusterPiece *piece = g_ptr_array_index (pieces, i);

      if (g_strcmp0 (piece->owner, self->player_ids[player]) == 0 && muster_sight_is_trooper (piece) &&
          is_lieutenant (roster, piece))
        return TRUE;
    }

  return muster_game_revealed_lieutenant_on_table (self, player);
}

/* The Initiative Roll */

static gboolean
set_wip_apply (MusterGame     *self,
               MusterLogStep  *step,
               GError        **error)
{
  g_autoptr(GError) local_error = NULL;
  int player;
  guint wip;
  gboolean is_private;

  if (!expect_initiative (self, error) ||
      !muster_game_read_player (self, step, "player", &player, error) ||
      !muster_game_read_uint (step, "wip", 1, MUSTER_INITIATIVE_MAX_WIP, &wip, error) ||
      !muster_game_read_boolean (step, "private", &is_private, error))
    return FALSE;

  /* The roll is made on the Lieutenant's WIP: it waits for one each. */
  if (muster_game_is_live (self) && !muster_game_check_lieutenants (self, error))
    return FALSE;

  if (!muster_infinity_initiative_set_wip (self->initiative, player, wip, is_private, error))
    return FALSE;

  return TRUE;
}

static char *
set_wip_describe (MusterGame    *self,
                  MusterLogStep *step)
{
  if (g_strcmp0 (muster_log_step_get (step, "private"), "true") == 0)
    /* Translators: a player's name */
    return g_strdup_printf (_("%s entered their Lieutenant’s WIP, kept private"),
                            muster_game_step_player_name (self, step));

  /* Translators: a player's name, then a WIP value */
  return g_strdup_printf (_("%s’s Lieutenant has WIP %s"), muster_game_step_player_name (self, step),
                          muster_log_step_get (step, "wip"));
}

gboolean
muster_game_set_wip (MusterGame  *self,
                     int          player,
                     guint        wip,
                     gboolean     is_private,
                     GError     **error)
{
  MusterLogStep *step;

  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);

  if (player != 0 && player != 1)
    return muster_game_refuse (error, MUSTER_GAME_ERROR_INVALID, _("There are two players"));

  step = muster_log_step_new ("set-wip");
  muster_log_step_set (step, "player", self->player_ids[player]);
  muster_log_step_set_uint (step, "wip", wip);
  muster_log_step_set_boolean (step, "private", is_private);

  return muster_game_take (self, step, error);
}

static gboolean
roll_initiative_apply (MusterGame     *self,
                       MusterLogStep  *step,
                       GError        **error)
{
  int player;
  guint typed;

  if (!expect_initiative (self, error) || !muster_game_read_player (self, step, "player", &player, error))
    return FALSE;

  if (muster_game_is_live (self) && !muster_game_check_lieutenants (self, error))
    return FALSE;

  typed = muster_game_peek_typed (self, 0, self->player_ids[player]);
  if (typed != 0)
    return muster_infinity_initiative_enter_roll (self->initiative, player, typed, error);

  return muster_infinity_initiative_roll (self->initiative, player, error);
}

static char *
roll_describe (MusterGame    *self,
               MusterLogStep *step,
               const char    *what)
{
  const MusterLogDie *die = muster_log_step_get_n_dice (step) > 0 ? muster_log_step_get_die (step, 0) : NULL;

  if (die == NULL)
    return NULL;

  if (die->manual)
    /* Translators: a player's name, the die's value, its sides, then what it was for */
    return g_strdup_printf (_("%s threw %u on a d%u for %s"), muster_game_step_player_name (self, step),
                            die->value, die->sides, what);

  /* Translators: a player's name, the die's value, its sides, then what it was for */
  return g_strdup_printf (_("%s rolled %u on a d%u for %s"), muster_game_step_player_name (self, step),
                          die->value, die->sides, what);
}

static char *
roll_initiative_describe (MusterGame    *self,
                          MusterLogStep *step)
{
  return roll_describe (self, step, _("the Initiative Roll"));
}

gboolean
muster_game_roll_initiative (MusterGame  *self,
                             int          player,
                             guint        value,
                             GError     **error)
{
  MusterLogStep *step;

  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);

  if (player != 0 && player != 1)
    return muster_game_refuse (error, MUSTER_GAME_ERROR_INVALID, _("There are two players"));

  step = muster_log_step_new ("roll-initiative");
  muster_log_step_set (step, "player", self->player_ids[player]);
  if (value != 0)
    {
      if (value > 20)
        {
          muster_log_step_unref (step);
          return muster_game_refuse (error, MUSTER_GAME_ERROR_INVALID, _("%u is not a result of a d%u (1 to %u)"),
                                     value, 20, 20);
        }
      muster_game_add_typed (self, 20, value, player);
    }

  return muster_game_take (self, step, error);
}

static gboolean
keep_apply (MusterGame     *self,
            MusterLogStep  *step,
            GError        **error)
{
  const char *what;
  int winner;

  if (!expect_initiative (self, error) || (what = muster_game_read_string (step, "keep", error)) == NULL)
    return FALSE;

  winner = muster_infinity_initiative_get_winner (self->initiative);
  if (winner == MUSTER_PLAYER_NONE)
    return muster_game_refuse (error, MUSTER_GAME_ERROR_WRONG_PHASE, _("Not now: nobody has won the Initiative Roll yet"));

  if (strcmp (what, "initiative") != 0 && strcmp (what, "deployment") != 0)
    return muster_game_refuse (error, MUSTER_GAME_ERROR_STEP, _("its attribute %s=\"%s\" is neither %s nor %s"),
                               "keep", what, "initiative", "deployment");

  if (!muster_game_check_actor (self, step, winner, error))
    return FALSE;

  if (!muster_infinity_initiative_choose (self->initiative, winner,
                                          strcmp (what, "deployment") == 0 ? MUSTER_INFINITY_KEEP_DEPLOYMENT
                                                                           : MUSTER_INFINITY_KEEP_INITIATIVE,
                                          error))
    return FALSE;

  return TRUE;
}

static char *
keep_describe (MusterGame    *self,
               MusterLogStep *step)
{
  if (g_strcmp0 (muster_log_step_get (step, "keep"), "deployment") == 0)
    /* Translators: a player's name */
    return g_strdup_printf (_("%s kept Deployment"), muster_game_step_player_name (self, step));

  return g_strdup_printf (_("%s kept Initiative"), muster_game_step_player_name (self, step));
}

gboolean
muster_game_keep (MusterGame          *self,
                  MusterInfinityKeep   keep,
                  GError             **error)
{
  MusterLogStep *step;

  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);

  step = muster_log_step_new ("keep");
  muster_log_step_set (step, "keep", keep == MUSTER_INFINITY_KEEP_DEPLOYMENT ? "deployment" : "initiative");

  return muster_game_take (self, step, error);
}

static gboolean
expect_decisions (MusterGame  *self,
                  GError     **error)
{
  if (muster_infinity_initiative_get_initiative_holder (self->initiative) != MUSTER_PLAYER_NONE)
    return TRUE;

  return muster_game_refuse (error, MUSTER_GAME_ERROR_WRONG_PHASE, _("Not now: the winner of the roll must choose first"));
}

static gboolean
choose_first_turn_apply (MusterGame     *self,
                         MusterLogStep  *step,
                         GError        **error)
{
  int first;
  int holder;

  if (!expect_initiative (self, error) || !expect_decisions (self, error) ||
      !muster_game_read_player (self, step, "first", &first, error))
    return FALSE;

  holder = muster_infinity_initiative_get_initiative_holder (self->initiative);
  if (!muster_game_check_actor (self, step, holder, error) ||
      !muster_infinity_initiative_choose_first_turn (self->initiative, holder, first, error))
    return FALSE;

  muster_game_write_infinity_zones (self);

  return TRUE;
}

static char *
choose_first_turn_describe (MusterGame    *self,
                            MusterLogStep *step)
{
  int first = muster_game_lookup_player (self, muster_log_step_get (step, "first"));

  if (g_strcmp0 (muster_log_step_get (step, "first"), muster_log_step_get (step, "player")) == 0)
    /* Translators: a player's name */
    return g_strdup_printf (_("%s chose to play the first Player Turn"), muster_game_step_player_name (self, step));

  /* Translators: two players' names */
  return g_strdup_printf (_("%s chose that %s plays the first Player Turn"),
                          muster_game_step_player_name (self, step), muster_game_get_player_name (self, first));
}

gboolean
muster_game_choose_first_turn (MusterGame  *self,
                               int          first,
                               GError     **error)
{
  MusterLogStep *step;

  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);

  if (first != 0 && first != 1)
    return muster_game_refuse (error, MUSTER_GAME_ERROR_INVALID, _("There are two players"));

  step = muster_log_step_new ("choose-first-turn");
  muster_log_step_set (step, "first", self->player_ids[first]);

  return muster_game_take (self, step, error);
}

static gboolean
choose_deployment_apply (MusterGame     *self,
                         MusterLogStep  *step,
                         GError        **error)
{
  const char *zone;
  int first;
  int holder;

  if (!expect_initiative (self, error) || !expect_decisions (self, error) ||
      !muster_game_read_player (self, step, "first", &first, error) ||
      (zone = muster_game_read_string (step, "zone", error)) == NULL)
    return FALSE;

  holder = muster_infinity_initiative_get_deployment_holder (self->initiative);
  if (!muster_game_check_actor (self, step, holder, error) ||
      !muster_infinity_initiative_choose_deployment (self->initiative, holder, first, zone, error))
    return FALSE;

  muster_game_write_infinity_zones (self);

  return TRUE;
}

static char *
choose_deployment_describe (MusterGame    *self,
                            MusterLogStep *step)
{
  int first = muster_game_lookup_player (self, muster_log_step_get (step, "first"));
  const MusterDeployment *deployment = muster_system_lookup_deployment (self->system,
                                                                        muster_layout_get_deployment_id (self->layout));
  const MusterZone *zone = deployment != NULL
                         ? muster_deployment_lookup_zone (deployment, muster_log_step_get (step, "zone"),
                                                          muster_layout_get_options (self->layout))
                         : NULL;

  /* Translators: a player's name, a zone's name, then the other player's name */
  return g_strdup_printf (_("%s took the %s zone and chose that %s deploys first"),
                          muster_game_step_player_name (self, step),
                          zone != NULL && zone->name != NULL ? zone->name : muster_log_step_get (step, "zone"),
                          muster_game_get_player_name (self, first));
}

gboolean
muster_game_choose_deployment (MusterGame  *self,
                               int          first_deployer,
                               const char  *zone,
                               GError     **error)
{
  MusterLogStep *step;

  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);
  g_return_val_if_fail (zone != NULL, FALSE);

  if (first_deployer != 0 && first_deployer != 1)
    return muster_game_refuse (error, MUSTER_GAME_ERROR_INVALID, _("There are two players"));

  step = muster_log_step_new ("choose-deployment");
  muster_log_step_set (step, "first", self->player_ids[first_deployer]);
  muster_log_step_set (step, "zone", zone);

  return muster_game_take (self, step, error);
}

const MusterGameAction muster_game_infinity_actions[] = {
  { "set-wip",           set_wip_apply,           set_wip_describe },
  { "roll-initiative",   roll_initiative_apply,   roll_initiative_describe },
  { "keep",              keep_apply,              keep_describe },
  { "choose-first-turn", choose_first_turn_apply, choose_first_turn_describe },
  { "choose-deployment", choose_deployment_apply, choose_deployment_describe },
};
const guint muster_game_n_infinity_actions = G_N_ELEMENTS (muster_game_infinity_actions);

/* For the Game page */

gboolean
muster_game_is_trooper_lieutenant (MusterGame              *self,
                                   const MusterGameTrooper *trooper)
{
  g_autoptr(MusterRoster) roster = NULL;
  const MusterRosterEntry *entry;
  MusterPiece *piece;

  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);
  g_return_val_if_fail (trooper != NULL, FALSE);

  roster = muster_roster_new (self->layout);
  entry = trooper->entry_id != NULL ? muster_roster_lookup (roster, trooper->entry_id, NULL) : NULL;
  piece = muster_game_find_candidate (self, trooper);

  return (entry != NULL && entry->lieutenant) || (piece != NULL && is_lieutenant (roster, piece)) ||
         muster_game_is_revealed_lieutenant (self, trooper->player, trooper->entry_id,
                                             piece != NULL ? piece->id : trooper->piece_id);
}
