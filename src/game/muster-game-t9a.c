/* muster-game-t9a.c
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

/* The 9th Age's pre-game: the deployment type, agreed or rolled on a D6;
 * the roll-off for the choice of zone; the winner's choices (diagonal,
 * attacker or defender, short edge), zone and first deployer. */

static gboolean
expect_pregame (MusterGame  *self,
                GError     **error)
{
  if (self->pregame != NULL)
    return TRUE;

  return muster_game_refuse (error, MUSTER_GAME_ERROR_NO_GAME, _("There is no pre-game in this game"));
}

/* The zone of zones on the same side as current: a player in the south
 * stays in the south when the diagonal changes ("south" or "south-west"
 * becomes "south-east"), and only then by east or west. */
static const char *
same_side_zone (const char         *current,
                const char * const *zones,
                const char         *fallback)
{
  static const char * const sides[] = { "north", "south", "west", "east" };

  if (current == NULL)
    return fallback;
  if (g_strv_contains (zones, current))
    return current;

  for (guint s = 0; s < G_N_ELEMENTS (sides); s++)
    {
      if (strstr (current, sides[s]) == NULL)
        continue;
      for (guint z = 0; zones[z] != NULL; z++)
        if (strstr (zones[z], sides[s]) != NULL)
          return zones[z];
    }

  return fallback;
}

/* Each player's zone, role and edge as they stand, made valid for the
 * deployment type when not chosen yet, on the board. */
void
muster_game_write_t9a_layout (MusterGame *self)
{
  MusterT9aPregame *pre = self->pregame;
  const char *type = muster_t9a_pregame_get_deployment_type (pre);
  const MusterDeployment *deployment;
  const char * const *zones;
  MusterT9aChoice choice;
  const char *diagonal;

  if (!muster_game_is_live (self) || type == NULL ||
      (deployment = muster_system_lookup_deployment (self->system, type)) == NULL)
    return;

  choice = muster_t9a_pregame_get_type_choice (pre, type);

  if (g_strcmp0 (muster_layout_get_deployment_id (self->layout), type) != 0)
    muster_layout_set_game (self->layout, muster_layout_get_system_id (self->layout), type);

  diagonal = muster_t9a_pregame_get_diagonal (pre);
  if (choice == MUSTER_T9A_CHOICE_DIAGONAL && diagonal == NULL)
    diagonal = muster_deployment_get_option (deployment, muster_layout_get_options (self->layout), "diagonal");
  if (choice == MUSTER_T9A_CHOICE_DIAGONAL && diagonal != NULL &&
      g_strcmp0 (g_hash_table_lookup (muster_layout_get_options (self->layout), "diagonal"), diagonal) != 0)
    muster_layout_set_option (self->layout, "diagonal", diagonal);

  zones = muster_t9a_pregame_get_zone_ids (pre, choice == MUSTER_T9A_CHOICE_DIAGONAL ? diagonal : NULL);

  for (int i = 0; i < 2; i++)
    {
      MusterPlayer *player = muster_layout_lookup_player (self->layout, self->player_ids[i]);
      const char *zone = muster_t9a_pregame_get_zone (pre, i);
      const char *role = muster_t9a_pregame_get_role (pre, i);
      const char *edge = muster_t9a_pregame_get_short_edge (pre, i);

      if (player == NULL)
        continue;

      if (zone == NULL)
        zone = same_side_zone (player->zone, zones, zones[i]);
      if (role == NULL)
        role = choice == MUSTER_T9A_CHOICE_ROLE && player->role == NULL ? (i == 0 ? "attacker" : "defender")
                                                                        : player->role;
      if (edge == NULL)
        edge = choice == MUSTER_T9A_CHOICE_SHORT_EDGE && player->short_edge == NULL
             ? muster_t9a_pregame_get_choice_values (pre, choice)[i]
             : player->short_edge;

      if (g_strcmp0 (player->zone, zone) != 0 ||
          g_strcmp0 (player->role, role) != 0 ||
          g_strcmp0 (player->short_edge, edge) != 0)
        {
          g_autofree char *zone_copy = g_strdup (zone);
          g_autofree char *role_copy = g_strdup (role);
          g_autofree char *edge_copy = g_strdup (edge);

          muster_layout_update_player (self->layout, player->id, zone_copy, role_copy, edge_copy);
        }
    }
}

/* The roll-off's winner, who makes the choices; FALSE, with error, when
 * nobody has won it yet. */
static gboolean
expect_chooser (MusterGame     *self,
                MusterLogStep  *step,
                int            *chooser,
                GError        **error)
{
  *chooser = muster_t9a_pregame_get_chooser (self->pregame);
  if (*chooser == MUSTER_PLAYER_NONE)
    return muster_game_refuse (error, MUSTER_GAME_ERROR_WRONG_PHASE, _("Not now: the roll-off must be won first"));

  return muster_game_check_actor (self, step, *chooser, error);
}

static gboolean
pregame_done (MusterGame *self,
              gboolean    accepted)
{
  if (accepted)
    muster_game_write_t9a_layout (self);

  return accepted;
}

static const char *
deployment_name (MusterGame *self,
                 const char *deployment_id)
{
  const MusterDeployment *deployment = deployment_id != NULL
                                     ? muster_system_lookup_deployment (self->system, deployment_id)
                                     : NULL;

  return deployment != NULL && deployment->name != NULL ? deployment->name : deployment_id;
}

static gboolean
pick_type_apply (MusterGame     *self,
                 MusterLogStep  *step,
                 GError        **error)
{
  const char *type;

  if (!expect_pregame (self, error) || (type = muster_game_read_string (step, "type", error)) == NULL)
    return FALSE;

  return pregame_done (self, muster_t9a_pregame_pick_deployment_type (self->pregame, type, error));
}

static char *
pick_type_describe (MusterGame    *self,
                    MusterLogStep *step)
{
  /* Translators: a deployment type's name */
  return g_strdup_printf (_("The players agreed on %s"), deployment_name (self, muster_log_step_get (step, "type")));
}

gboolean
muster_game_pick_deployment_type (MusterGame  *self,
                                  const char  *deployment_id,
                                  GError     **error)
{
  MusterLogStep *step;

  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);
  g_return_val_if_fail (deployment_id != NULL, FALSE);

  step = muster_log_step_new ("pick-deployment-type");
  muster_log_step_set (step, "type", deployment_id);

  return muster_game_take (self, step, error);
}

static gboolean
roll_type_apply (MusterGame     *self,
                 MusterLogStep  *step,
                 GError        **error)
{
  guint typed;

  if (!expect_pregame (self, error))
    return FALSE;

  typed = muster_game_peek_typed (self, 0, NULL);
  if (typed != 0)
    return pregame_done (self, muster_t9a_pregame_enter_deployment_type_roll (self->pregame, MUSTER_PLAYER_NONE,
                                                                              typed, error));

  return pregame_done (self, muster_t9a_pregame_roll_deployment_type (self->pregame, MUSTER_PLAYER_NONE, error));
}

static char *
roll_type_describe (MusterGame    *self,
                    MusterLogStep *step)
{
  const MusterLogDie *die = muster_log_step_get_n_dice (step) > 0 ? muster_log_step_get_die (step, 0) : NULL;

  if (die == NULL)
    return NULL;

  /* Translators: the D6, then the deployment type it gave */
  return g_strdup_printf (_("The deployment type came up %u: %s"), die->value,
                          self->pregame != NULL && muster_t9a_pregame_get_deployment_type (self->pregame) != NULL
                          ? deployment_name (self, muster_t9a_pregame_get_deployment_type (self->pregame)) : "");
}

gboolean
muster_game_roll_deployment_type (MusterGame  *self,
                                  guint        value,
                                  GError     **error)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);

  if (value > 6)
    return muster_game_refuse (error, MUSTER_GAME_ERROR_INVALID, _("%u is not a result of a D6 (1 to 6)"), value);
  if (value != 0)
    muster_game_add_typed (self, 6, value, MUSTER_PLAYER_NONE);

  return muster_game_take (self, muster_log_step_new ("roll-deployment-type"), error);
}

static gboolean
roll_off_apply (MusterGame     *self,
                MusterLogStep  *step,
                GError        **error)
{
  int player;
  guint typed;

  if (!expect_pregame (self, error) || !muster_game_read_player (self, step, "player", &player, error))
    return FALSE;

  typed = muster_game_peek_typed (self, 0, self->player_ids[player]);
  if (typed != 0)
    return pregame_done (self, muster_t9a_pregame_enter_roll_off (self->pregame, player, typed, error));

  return pregame_done (self, muster_t9a_pregame_roll_off (self->pregame, player, error));
}

static char *
roll_off_describe (MusterGame    *self,
                   MusterLogStep *step)
{
  const MusterLogDie *die = muster_log_step_get_n_dice (step) > 0 ? muster_log_step_get_die (step, 0) : NULL;

  if (die == NULL)
    return NULL;

  /* Translators: a player's name, then a D6 */
  return g_strdup_printf (_("%s rolled %u for the choice of zone"), muster_game_step_player_name (self, step),
                          die->value);
}

gboolean
muster_game_roll_off (MusterGame  *self,
                      int          player,
                      guint        value,
                      GError     **error)
{
  MusterLogStep *step;

  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);

  if (player != 0 && player != 1)
    return muster_game_refuse (error, MUSTER_GAME_ERROR_INVALID, _("There are two players"));
  if (value > 6)
    return muster_game_refuse (error, MUSTER_GAME_ERROR_INVALID, _("%u is not a result of a D6 (1 to 6)"), value);

  step = muster_log_step_new ("roll-off");
  muster_log_step_set (step, "player", self->player_ids[player]);
  if (value != 0)
    muster_game_add_typed (self, 6, value, player);

  return muster_game_take (self, step, error);
}

static gboolean
make_choice_apply (MusterGame     *self,
                   MusterLogStep  *step,
                   GError        **error)
{
  const char *value;
  int chooser;

  if (!expect_pregame (self, error) || (value = muster_game_read_string (step, "value", error)) == NULL)
    return FALSE;

  if (!expect_chooser (self, step, &chooser, error))
    return FALSE;

  return pregame_done (self, muster_t9a_pregame_make_choice (self->pregame, chooser, value, error));
}

static const char *
choice_label (const char *value)
{
  if (g_strcmp0 (value, "nw-se") == 0)
    return _("the North-West to South-East diagonal");
  if (g_strcmp0 (value, "ne-sw") == 0)
    return _("the North-East to South-West diagonal");
  if (g_strcmp0 (value, "attacker") == 0)
    return _("to be the Attacker");
  if (g_strcmp0 (value, "defender") == 0)
    return _("to be the Defender");
  if (g_strcmp0 (value, "west") == 0)
    return _("the west short edge");
  if (g_strcmp0 (value, "east") == 0)
    return _("the east short edge");
  if (g_strcmp0 (value, "north") == 0)
    return _("the north short edge");
  if (g_strcmp0 (value, "south") == 0)
    return _("the south short edge");

  return value;
}

static char *
make_choice_describe (MusterGame    *self,
                      MusterLogStep *step)
{
  /* Translators: a player's name, then what they chose */
  return g_strdup_printf (_("%s chose %s"), muster_game_step_player_name (self, step),
                          choice_label (muster_log_step_get (step, "value")));
}

gboolean
muster_game_make_choice (MusterGame  *self,
                         const char  *value,
                         GError     **error)
{
  MusterLogStep *step;

  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);
  g_return_val_if_fail (value != NULL, FALSE);

  step = muster_log_step_new ("make-choice");
  muster_log_step_set (step, "value", value);

  return muster_game_take (self, step, error);
}

static gboolean
choose_zone_apply (MusterGame     *self,
                   MusterLogStep  *step,
                   GError        **error)
{
  const char *zone;
  int chooser;

  if (!expect_pregame (self, error) || (zone = muster_game_read_string (step, "zone", error)) == NULL)
    return FALSE;

  if (!expect_chooser (self, step, &chooser, error))
    return FALSE;

  return pregame_done (self, muster_t9a_pregame_choose_zone (self->pregame, chooser, zone, error));
}

static char *
choose_zone_describe (MusterGame    *self,
                      MusterLogStep *step)
{
  const char *zone_id = muster_log_step_get (step, "zone");
  const MusterDeployment *deployment = muster_system_lookup_deployment (self->system,
                                                                        muster_layout_get_deployment_id (self->layout));
  const MusterZone *zone = deployment != NULL
                         ? muster_deployment_lookup_zone (deployment, zone_id, muster_layout_get_options (self->layout))
                         : NULL;

  /* Translators: a player's name, then a zone's */
  return g_strdup_printf (_("%s took the %s zone"), muster_game_step_player_name (self, step),
                          zone != NULL && zone->name != NULL ? zone->name : zone_id);
}

gboolean
muster_game_choose_zone (MusterGame  *self,
                         const char  *zone,
                         GError     **error)
{
  MusterLogStep *step;

  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);
  g_return_val_if_fail (zone != NULL, FALSE);

  step = muster_log_step_new ("choose-zone");
  muster_log_step_set (step, "zone", zone);

  return muster_game_take (self, step, error);
}

static gboolean
choose_first_apply (MusterGame     *self,
                    MusterLogStep  *step,
                    GError        **error)
{
  int first;
  int chooser;

  if (!expect_pregame (self, error) || !muster_game_read_player (self, step, "first", &first, error))
    return FALSE;

  if (!expect_chooser (self, step, &chooser, error))
    return FALSE;

  return pregame_done (self, muster_t9a_pregame_choose_first_deployer (self->pregame, chooser, first, error));
}

static char *
choose_first_describe (MusterGame    *self,
                       MusterLogStep *step)
{
  int first = muster_game_lookup_player (self, muster_log_step_get (step, "first"));

  /* Translators: two players' names */
  return g_strdup_printf (_("%s chose that %s deploys first"), muster_game_step_player_name (self, step),
                          muster_game_get_player_name (self, first));
}

gboolean
muster_game_choose_first_deployer (MusterGame  *self,
                                   int          first,
                                   GError     **error)
{
  MusterLogStep *step;

  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);

  if (first != 0 && first != 1)
    return muster_game_refuse (error, MUSTER_GAME_ERROR_INVALID, _("There are two players"));

  step = muster_log_step_new ("choose-first-deployer");
  muster_log_step_set (step, "first", self->player_ids[first]);

  return muster_game_take (self, step, error);
}

const MusterGameAction muster_game_t9a_actions[] = {
  { "pick-deployment-type",  pick_type_apply,    pick_type_describe },
  { "roll-deployment-type",  roll_type_apply,    roll_type_describe },
  { "roll-off",              roll_off_apply,     roll_off_describe },
  { "make-choice",           make_choice_apply,  make_choice_describe },
  { "choose-zone",           choose_zone_apply,  choose_zone_describe },
  { "choose-first-deployer", choose_first_apply, choose_first_describe },
};
const guint muster_game_n_t9a_actions = G_N_ELEMENTS (muster_game_t9a_actions);
