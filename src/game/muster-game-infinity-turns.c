/* muster-game-infinity-turns.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-game"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "muster-game-private.h"
#include "muster-sight.h"

/* Infinity's Player Turns (RULES.md, "Orders", "AROs" and "Order
 * Expenditure Sequence"), after the Initiative Roll of
 * muster-game-infinity.c: each an Order Expenditure Sequence, with the
 * reactive player's AROs and Face to Face Rolls. */

static gboolean
expect_orders (MusterGame  *self,
               GError     **error)
{
  if (self->order_rules != NULL)
    return TRUE;

  return muster_game_refuse (error, MUSTER_GAME_ERROR_NO_GAME, _("This game has no Orders"));
}

static gboolean
expect_turn (MusterGame  *self,
             GError     **error)
{
  if (self->sequence != NULL && !muster_order_sequence_is_finished (self->sequence))
    return TRUE;

  return muster_game_refuse (error, MUSTER_GAME_ERROR_WRONG_PHASE, _("No Player Turn is under way: start one first"));
}

GPtrArray *
muster_game_list_table_troopers (MusterGame *self,
                                 int         player)
{
  GPtrArray *ids = g_ptr_array_new_with_free_func (g_free);
  GPtrArray *pieces;

  g_return_val_if_fail (MUSTER_IS_GAME (self), ids);

  if ((player != 0 && player != 1) || self->player_ids[player] == NULL)
    return ids;

  pieces = muster_layout_get_pieces (self->layout);
  for (guint i = 0; i < pieces->len; i++)
    {
      const MusterPiece *piece = g_ptr_array_index (pieces, i);

      if (muster_sight_is_trooper (piece) && g_strcmp0 (piece->owner, self->player_ids[player]) == 0)
        g_ptr_array_add (ids, g_strdup (piece->id));
    }

  return ids;
}

guint
muster_game_count_orders (MusterGame *self,
                          int         player)
{
  g_autoptr(GPtrArray) troopers = muster_game_list_table_troopers (self, player);

  return troopers->len;
}

static gboolean
aro_eligible_cb (MusterOrderSequence *sequence,
                 const char          *reactive_trooper,
                 MusterAroCheck       check,
                 gpointer             user_data)
{
  MusterGame *self = user_data;
  MusterPiece *active = muster_game_lookup_piece (self, muster_order_sequence_get_active_trooper (sequence));
  MusterPiece *reactive = muster_game_lookup_piece (self, reactive_trooper);

  if (active == NULL || reactive == NULL)
    return FALSE;

  return muster_sight_aro_eligible (self->layout, reactive, active);
}

static const char *
name_of_cb (const char *id,
            gpointer    user_data)
{
  MusterGame *self = user_data;
  int player = muster_game_lookup_player (self, id);

  if (player != MUSTER_PLAYER_NONE)
    return muster_game_get_player_name (self, player);

  return muster_game_label_of (self, id);
}

void
muster_game_update_reactive (MusterGame *self)
{
  g_autoptr(GPtrArray) ids = NULL;

  if (self->sequence == NULL)
    return;

  if (!muster_game_is_live (self))
    {
      muster_order_sequence_set_reactive_troopers (self->sequence, NULL);
      return;
    }

  ids = muster_game_list_table_troopers (self, 1 - self->turn_player);
  g_ptr_array_add (ids, NULL);
  muster_order_sequence_set_reactive_troopers (self->sequence, (const char * const *) ids->pdata);
}

void
muster_game_orders_clear (MusterGame *self)
{
  g_clear_object (&self->sequence);
  g_clear_pointer (&self->f2f_against, g_free);
  self->has_f2f = FALSE;
  self->turn_player = MUSTER_PLAYER_NONE;
  self->game_round = 1;
  self->turns_in_round = 0;
  self->had_turn[0] = self->had_turn[1] = FALSE;
}

int
muster_game_get_turn_player (MusterGame *self)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), MUSTER_PLAYER_NONE);

  return self->turn_player;
}

guint
muster_game_get_game_round (MusterGame *self)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), 1);

  return self->game_round;
}

int
muster_game_get_next_turn_player (MusterGame *self)
{
  int first;

  g_return_val_if_fail (MUSTER_IS_GAME (self), 0);

  if (self->sequence != NULL && !muster_order_sequence_is_finished (self->sequence))
    return self->turn_player;
  if (self->turn_player != MUSTER_PLAYER_NONE)
    return 1 - self->turn_player;

  first = self->initiative != NULL ? muster_infinity_initiative_get_first_turn (self->initiative) : 0;

  return first == 1 ? 1 : 0;
}

gboolean
muster_game_is_turn_order_set (MusterGame *self)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);

  return self->turn_player != MUSTER_PLAYER_NONE ||
         (self->initiative != NULL &&
          muster_infinity_initiative_get_first_turn (self->initiative) != MUSTER_PLAYER_NONE);
}

gboolean
muster_game_is_past_deployment (MusterGame *self)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);

  if (self->turn_player != MUSTER_PLAYER_NONE)
    return TRUE;

  return self->deployment != NULL &&
         muster_deployment_phase_get_state (self->deployment) == MUSTER_DEPLOYMENT_PHASE_DONE;
}

static void
turn_over (MusterGame *self)
{
  self->turns_in_round++;
  if (self->turns_in_round >= 2)
    {
      self->turns_in_round = 0;
      self->game_round++;
    }
  self->has_f2f = FALSE;
  g_clear_pointer (&self->f2f_against, g_free);
}

static gboolean
set_order_version_apply (MusterGame     *self,
                         MusterLogStep  *step,
                         GError        **error)
{
  const char *version;

  if (!expect_orders (self, error) || (version = muster_game_read_string (step, "version", error)) == NULL)
    return FALSE;

  if (self->sequence != NULL && !muster_order_sequence_is_finished (self->sequence))
    return muster_game_refuse (error, MUSTER_GAME_ERROR_WRONG_PHASE, _("The sequence changes between Player Turns"));

  return muster_order_rules_set_version (self->order_rules, version, error);
}

static char *
set_order_version_describe (MusterGame    *self,
                            MusterLogStep *step)
{
  if (g_strcmp0 (muster_log_step_get (step, "version"), MUSTER_ORDERS_VERSION_ORIGINAL) == 0)
    return g_strdup (_("The players use the original Order Expenditure Sequence"));

  return g_strdup (_("The players use the updated Order Expenditure Sequence"));
}

gboolean
muster_game_set_order_version (MusterGame  *self,
                               const char  *version,
                               GError     **error)
{
  MusterLogStep *step;

  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);
  g_return_val_if_fail (version != NULL, FALSE);

  if (self->order_rules != NULL && g_strcmp0 (muster_order_rules_get_version (self->order_rules), version) == 0)
    return TRUE;

  step = muster_log_step_new ("set-order-version");
  muster_log_step_set (step, "version", version);

  return muster_game_take (self, step, error);
}

static gboolean
start_turn_apply (MusterGame     *self,
                  MusterLogStep  *step,
                  GError        **error)
{
  int player;
  guint orders;

  if (!expect_orders (self, error) ||
      !muster_game_read_player (self, step, "player", &player, error) ||
      !muster_game_read_uint (step, "orders", 0, 1000, &orders, error))
    return FALSE;

  if (self->sequence != NULL && !muster_order_sequence_is_finished (self->sequence))
    return muster_game_refuse (error, MUSTER_GAME_ERROR_WRONG_PHASE, _("A Player Turn is under way: end it first"));

  /* The Player Turns follow the Deployment Phase. Orders alone, with no
   * deployment begun (troops set up on a real table), stay possible. */
  if (muster_game_get_phase (self) == MUSTER_GAME_PHASE_DEPLOYMENT)
    return muster_game_refuse (error, MUSTER_GAME_ERROR_WRONG_PHASE,
                               _("The Deployment Phase is under way: the Player Turns begin when it is over"));

  /* "This order is maintained throughout the game." */
  if (muster_game_is_turn_order_set (self) && player != muster_game_get_next_turn_player (self))
    /* Translators: a player's name */
    return muster_game_refuse (error, MUSTER_GAME_ERROR_NOT_YOURS,
                               _("This Player Turn is %s’s: the turns keep the order chosen with the Initiative"),
                               muster_game_get_player_name (self, muster_game_get_next_turn_player (self)));

  g_clear_object (&self->sequence);
  self->turn_player = player;
  self->has_f2f = FALSE;
  g_clear_pointer (&self->f2f_against, g_free);
  self->sequence = muster_order_sequence_new (self->order_rules, self->dice,
                                              self->player_ids[player], self->player_ids[1 - player], orders);
  muster_order_sequence_set_aro_eligible_func (self->sequence, aro_eligible_cb, self, NULL);
  muster_order_sequence_set_name_func (self->sequence, name_of_cb, self);
  muster_game_update_reactive (self);

  /* The start of a player's first turn: is the Lieutenant there? Read
   * from the table now, whatever the roster said when deployment began. */
  if (!self->had_turn[player] && muster_game_is_live (self) && self->initiative != NULL &&
      !muster_game_has_lieutenant_on_table (self, player) && muster_game_knows_lieutenant (self, player))
    /* Translators: a player's name */
    self->notice = g_strdup_printf (_("Loss of Lieutenant: %s’s Lieutenant is not on the table"),
                                    muster_game_get_player_name (self, player));
  self->had_turn[player] = TRUE;

  if (muster_order_sequence_is_finished (self->sequence))
    turn_over (self);

  return TRUE;
}

static char *
start_turn_describe (MusterGame    *self,
                     MusterLogStep *step)
{
  guint orders = (guint) g_ascii_strtoull (muster_log_step_get (step, "orders") != NULL
                                           ? muster_log_step_get (step, "orders") : "0", NULL, 10);

  /* Translators: a player's name, then the number of Orders */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s began a Player Turn with %u Order",
                                       "%s began a Player Turn with %u Orders", orders),
                          muster_game_step_player_name (self, step), orders);
}

gboolean
muster_game_start_turn (MusterGame  *self,
                        int          player,
                        guint        orders,
                        GError     **error)
{
  MusterLogStep *step;

  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);

  if (player != 0 && player != 1)
    return muster_game_refuse (error, MUSTER_GAME_ERROR_INVALID, _("There are two players"));

  step = muster_log_step_new ("start-turn");
  muster_log_step_set (step, "player", self->player_ids[player]);
  muster_log_step_set_uint (step, "orders", orders);

  return muster_game_take (self, step, error);
}

static gboolean
activate_apply (MusterGame     *self,
                MusterLogStep  *step,
                GError        **error)
{
  const char *trooper;
  MusterPiece *piece;

  if (!expect_turn (self, error) || (trooper = muster_game_read_string (step, "trooper", error)) == NULL ||
      !muster_game_check_actor (self, step, self->turn_player, error))
    return FALSE;

  piece = muster_game_lookup_piece (self, trooper);
  if (muster_game_is_live (self) &&
      (piece == NULL || g_strcmp0 (piece->owner, self->player_ids[self->turn_player]) != 0))
    /* Translators: a trooper's name, then a player's */
    return muster_game_refuse (error, MUSTER_GAME_ERROR_BOARD, _("“%s” is not a trooper of %s on the table"),
                               piece != NULL ? muster_game_piece_label (piece) : trooper,
                               muster_game_get_player_name (self, self->turn_player));

  if (!muster_order_sequence_activate (self->sequence, trooper, error))
    return FALSE;

  self->has_f2f = FALSE;
  g_clear_pointer (&self->f2f_against, g_free);

  return TRUE;
}

static char *
activate_describe (MusterGame    *self,
                   MusterLogStep *step)
{
  /* Translators: a player's name, then a trooper's */
  return g_strdup_printf (_("%s spent an Order on %s"), muster_game_step_player_name (self, step),
                          muster_game_label_of (self, muster_log_step_get (step, "trooper")));
}

gboolean
muster_game_activate (MusterGame  *self,
                      const char  *trooper_id,
                      GError     **error)
{
  MusterLogStep *step;

  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);
  g_return_val_if_fail (trooper_id != NULL, FALSE);

  step = muster_log_step_new ("activate");
  muster_log_step_set (step, "trooper", trooper_id);

  return muster_game_take (self, step, error);
}

static gboolean
declare_skill_apply (MusterGame     *self,
                     MusterLogStep  *step,
                     GError        **error)
{
  const char *skill;

  if (!expect_turn (self, error) || (skill = muster_game_read_string (step, "skill", error)) == NULL ||
      !muster_game_check_actor (self, step, self->turn_player, error))
    return FALSE;

  return muster_order_sequence_declare_skill (self->sequence, skill, error);
}

static const char *
skill_name (MusterGame *self,
            const char *skill_id)
{
  const MusterOrderSkill *skill = self->order_rules != NULL
                                ? muster_skill_catalogue_lookup (muster_order_rules_get_catalogue (self->order_rules),
                                                                 skill_id)
                                : NULL;

  return skill != NULL ? g_dgettext (GETTEXT_PACKAGE, skill->name) : skill_id;
}

static char *
declare_skill_describe (MusterGame    *self,
                        MusterLogStep *step)
{
  /* Translators: a player's name, then a skill's */
  return g_strdup_printf (_("%s declared %s"), muster_game_step_player_name (self, step),
                          skill_name (self, muster_log_step_get (step, "skill")));
}

gboolean
muster_game_declare_skill (MusterGame  *self,
                           const char  *skill_id,
                           GError     **error)
{
  MusterLogStep *step;

  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);
  g_return_val_if_fail (skill_id != NULL, FALSE);

  step = muster_log_step_new ("declare-skill");
  muster_log_step_set (step, "skill", skill_id);

  return muster_game_take (self, step, error);
}

static gboolean
declare_aro_apply (MusterGame     *self,
                   MusterLogStep  *step,
                   GError        **error)
{
  const char *trooper;
  const char *skill;

  if (!expect_turn (self, error) ||
      (trooper = muster_game_read_string (step, "trooper", error)) == NULL ||
      (skill = muster_game_read_string (step, "skill", error)) == NULL ||
      !muster_game_check_actor (self, step, 1 - self->turn_player, error))
    return FALSE;

  return muster_order_sequence_declare_aro (self->sequence, trooper, skill, error);
}

static char *
declare_aro_describe (MusterGame    *self,
                      MusterLogStep *step)
{
  /* Translators: a trooper's name, then a skill's */
  return g_strdup_printf (_("%s reacted with %s"), muster_game_label_of (self, muster_log_step_get (step, "trooper")),
                          skill_name (self, muster_log_step_get (step, "skill")));
}

gboolean
muster_game_declare_aro (MusterGame  *self,
                         const char  *trooper_id,
                         const char  *skill_id,
                         GError     **error)
{
  MusterLogStep *step;

  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);
  g_return_val_if_fail (trooper_id != NULL && skill_id != NULL, FALSE);

  step = muster_log_step_new ("declare-aro");
  muster_log_step_set (step, "trooper", trooper_id);
  muster_log_step_set (step, "skill", skill_id);

  return muster_game_take (self, step, error);
}

static gboolean
is_aro_check (const MusterOrderStep *step)
{
  return step != NULL &&
         (step->kind == MUSTER_ORDER_STEP_ARO || step->kind == MUSTER_ORDER_STEP_ARO_CHECK ||
          step->kind == MUSTER_ORDER_STEP_LATE_ARO || step->kind == MUSTER_ORDER_STEP_LATE_ARO_CHECK);
}

/* Who may react: in play, the board's answer, kept in the step; in a
 * replay, the step's. */
static gboolean
settle_eligible (MusterGame     *self,
                 MusterLogStep  *step,
                 const char    **answer,
                 GError        **error)
{
  const char *words = muster_log_step_get (step, "eligible");
  g_auto(GStrv) eligible = NULL;

  if (muster_game_is_live (self) && answer != NULL)
    {
      muster_log_step_set_words (step, "eligible", answer);
      return muster_order_sequence_set_eligible (self->sequence, answer, error);
    }

  if (words == NULL)
    return TRUE;

  eligible = g_strsplit_set (words, " ", -1);
  {
    g_autoptr(GPtrArray) ids = g_ptr_array_new ();

    for (guint i = 0; eligible[i] != NULL; i++)
      if (*eligible[i] != '\0')
        g_ptr_array_add (ids, eligible[i]);
    g_ptr_array_add (ids, NULL);

    return muster_order_sequence_set_eligible (self->sequence, (const char * const *) ids->pdata, error);
  }
}

static gboolean
check_aro_apply (MusterGame     *self,
                 MusterLogStep  *step,
                 GError        **error)
{
  g_autoptr(GPtrArray) eligible = NULL;
  g_autoptr(GPtrArray) reactive = NULL;
  const MusterOrderStep *now;
  MusterAroCheck check;

  if (!expect_turn (self, error))
    return FALSE;

  if (!muster_game_is_live (self))
    return settle_eligible (self, step, NULL, error);

  now = muster_order_sequence_get_step (self->sequence);
  check = now->kind == MUSTER_ORDER_STEP_LATE_ARO || now->kind == MUSTER_ORDER_STEP_LATE_ARO_CHECK ||
          now->kind == MUSTER_ORDER_STEP_LATE_ARO_DECLARATION ? MUSTER_ARO_CHECK_SECOND : MUSTER_ARO_CHECK_FIRST;

  reactive = muster_game_list_table_troopers (self, 1 - self->turn_player);
  eligible = g_ptr_array_new ();
  for (guint i = 0; i < reactive->len; i++)
    if (aro_eligible_cb (self->sequence, g_ptr_array_index (reactive, i), check, self))
      g_ptr_array_add (eligible, g_ptr_array_index (reactive, i));
  g_ptr_array_add (eligible, NULL);

  return settle_eligible (self, step, (const char **) eligible->pdata, error);
}

static char *
eligible_sentence (MusterGame *self,
                   const char *words)
{
  g_auto(GStrv) ids = g_strsplit (words != NULL ? words : "", " ", -1);
  g_autoptr(GString) names = g_string_new (NULL);

  for (guint i = 0; ids[i] != NULL; i++)
    {
      if (*ids[i] == '\0')
        continue;
      if (names->len > 0)
        g_string_append (names, ", ");
      g_string_append (names, muster_game_label_of (self, ids[i]));
    }

  if (names->len == 0)
    return g_strdup (_("no enemy trooper may react"));

  /* Translators: the names of the troopers that may declare an ARO */
  return g_strdup_printf (_("%s may react"), names->str);
}

static char *
check_aro_describe (MusterGame    *self,
                    MusterLogStep *step)
{
  g_autofree char *who = eligible_sentence (self, muster_log_step_get (step, "eligible"));

  /* Translators: who may react follows */
  return g_strdup_printf (_("ARO Check: %s"), who);
}

gboolean
muster_game_check_aro (MusterGame  *self,
                       GError     **error)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);

  return muster_game_take (self, muster_log_step_new ("check-aro"), error);
}

static gboolean
idle_skill_apply (MusterGame     *self,
                  MusterLogStep  *step,
                  GError        **error)
{
  guint slot;

  if (!expect_turn (self, error) || !muster_game_read_uint (step, "skill", 1, 2, &slot, error) ||
      !muster_game_check_actor (self, step, self->turn_player, error))
    return FALSE;

  return muster_order_sequence_idle_skill (self->sequence, slot - 1, error);
}

static char *
idle_skill_describe (MusterGame    *self,
                     MusterLogStep *step)
{
  if (g_strcmp0 (muster_log_step_get (step, "skill"), "2") == 0)
    return g_strdup (_("The second skill became Idle"));

  return g_strdup (_("The first skill became Idle"));
}

gboolean
muster_game_idle_skill (MusterGame  *self,
                        guint        slot,
                        GError     **error)
{
  MusterLogStep *step;

  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);

  if (slot > 1)
    return muster_game_refuse (error, MUSTER_GAME_ERROR_INVALID, _("An Order has two skills at most"));

  step = muster_log_step_new ("idle-skill");
  muster_log_step_set_uint (step, "skill", slot + 1);

  return muster_game_take (self, step, error);
}

static gboolean
idle_aro_apply (MusterGame     *self,
                MusterLogStep  *step,
                GError        **error)
{
  const char *trooper;

  if (!expect_turn (self, error) || (trooper = muster_game_read_string (step, "trooper", error)) == NULL)
    return FALSE;

  return muster_order_sequence_idle_aro (self->sequence, trooper, error);
}

static char *
idle_aro_describe (MusterGame    *self,
                   MusterLogStep *step)
{
  /* Translators: a trooper's name */
  return g_strdup_printf (_("The ARO of %s became Idle"), muster_game_label_of (self, muster_log_step_get (step, "trooper")));
}

gboolean
muster_game_idle_aro (MusterGame  *self,
                      const char  *trooper_id,
                      GError     **error)
{
  MusterLogStep *step;

  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);
  g_return_val_if_fail (trooper_id != NULL, FALSE);

  step = muster_log_step_new ("idle-aro");
  muster_log_step_set (step, "trooper", trooper_id);

  return muster_game_take (self, step, error);
}

/* The dice of one side thrown at the table, as the step brings them:
 * the run of the player's typed dice from *from on, at most max of them.
 * The active side's come first, then the reactive side's; the dice of
 * later steps that an old log's conversion queues after them, or dice
 * Muster rolls, end the run. */
static GArray *
typed_dice_of (MusterGame *self,
               int         player,
               guint       max,
               guint      *from)
{
  GArray *values = g_array_new (FALSE, FALSE, sizeof (guint));

  for (; *from < muster_dice_get_n_expected (self->dice) && values->len < max; (*from)++)
    {
      const MusterRoll *roll = muster_dice_peek_expected (self->dice, *from);

      if (!roll->manual || g_strcmp0 (roll->who, self->player_ids[player]) != 0)
        break;
      g_array_append_val (values, roll->value);
    }

  return values;
}

static gboolean
face_to_face_apply (MusterGame     *self,
                    MusterLogStep  *step,
                    GError        **error)
{
  g_autoptr(GArray) active_dice = NULL;
  g_autoptr(GArray) reactive_dice = NULL;
  const char *against;
  guint active_target, active_burst, reactive_target = 0, reactive_burst = 0;
  guint from = 0;
  MusterFaceToFace result;

  if (!expect_turn (self, error) ||
      !muster_game_read_uint (step, "active-target", 0, 40, &active_target, error) ||
      !muster_game_read_uint (step, "active-burst", 1, MUSTER_FACE_TO_FACE_MAX_DICE, &active_burst, error))
    return FALSE;

  against = muster_log_step_get (step, "against");
  if (against != NULL && *against == '\0')
    against = NULL;
  if (against != NULL &&
      (!muster_game_read_uint (step, "reactive-target", 0, 40, &reactive_target, error) ||
       !muster_game_read_uint (step, "reactive-burst", 1, MUSTER_FACE_TO_FACE_MAX_DICE, &reactive_burst, error)))
    return FALSE;

  active_dice = typed_dice_of (self, self->turn_player, active_burst, &from);
  reactive_dice = typed_dice_of (self, 1 - self->turn_player, against != NULL ? reactive_burst : 0, &from);
  if (active_dice->len > 0)
    active_burst = active_dice->len;
  if (reactive_dice->len > 0)
    reactive_burst = reactive_dice->len;

  if (!muster_order_sequence_face_to_face (self->sequence, against,
                                           active_target, active_burst,
                                           active_dice->len > 0 ? (const guint *) active_dice->data : NULL,
                                           reactive_target, reactive_burst,
                                           reactive_dice->len > 0 ? (const guint *) reactive_dice->data : NULL,
                                           &result, error))
    return FALSE;

  self->f2f = result;
  self->has_f2f = TRUE;
  g_free (self->f2f_against);
  self->f2f_against = g_strdup (against);

  return TRUE;
}

static char *
dice_values (MusterLogStep *step,
             const char    *who)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < muster_log_step_get_n_dice (step); i++)
    {
      const MusterLogDie *die = muster_log_step_get_die (step, i);

      if (g_strcmp0 (die->who, who) != 0)
        continue;
      if (text->len > 0)
        g_string_append (text, ", ");
      g_string_append_printf (text, "%u", die->value);
    }

  return g_string_free (g_steal_pointer (&text), FALSE);
}

static char *
face_to_face_describe (MusterGame    *self,
                       MusterLogStep *step)
{
  const char *against = muster_log_step_get (step, "against");
  g_autofree char *active = NULL;
  g_autofree char *reactive = NULL;
  int player = self->turn_player;

  /* The active player is the one whose dice come first. */
  if (muster_log_step_get_n_dice (step) > 0)
    player = muster_game_lookup_player (self, muster_log_step_get_die (step, 0)->who);
  if (player != 0 && player != 1)
    return NULL;

  active = dice_values (step, self->player_ids[player]);
  if (against == NULL || *against == '\0')
    /* Translators: the dice thrown, then the Success Value */
    return g_strdup_printf (_("Normal Roll: %s against %s"), active, muster_log_step_get (step, "active-target"));

  reactive = dice_values (step, self->player_ids[1 - player]);
  /* Translators: the active dice, their Success Value, the reacting
   * trooper's name, its dice and its Success Value */
  return g_strdup_printf (_("Face to Face Roll: %s against %s; %s: %s against %s"),
                          active, muster_log_step_get (step, "active-target"),
                          muster_game_label_of (self, against), reactive, muster_log_step_get (step, "reactive-target"));
}

gboolean
muster_game_face_to_face (MusterGame   *self,
                          const char   *reactive_trooper,
                          guint         active_target,
                          guint         active_burst,
                          const guint  *active_dice,
                          guint         n_active_dice,
                          guint         reactive_target,
                          guint         reactive_burst,
                          const guint  *reactive_dice,
                          guint         n_reactive_dice,
                          GError      **error)
{
  MusterLogStep *step;

  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);

  if (reactive_trooper != NULL && *reactive_trooper == '\0')
    reactive_trooper = NULL;
  if (n_active_dice > MUSTER_FACE_TO_FACE_MAX_DICE || n_reactive_dice > MUSTER_FACE_TO_FACE_MAX_DICE)
    return muster_game_refuse (error, MUSTER_GAME_ERROR_INVALID, _("A Burst is at most %u dice"),
                               MUSTER_FACE_TO_FACE_MAX_DICE);

  step = muster_log_step_new ("face-to-face");
  muster_log_step_set (step, "against", reactive_trooper);
  muster_log_step_set_uint (step, "active-target", active_target);
  muster_log_step_set_uint (step, "active-burst", n_active_dice > 0 ? n_active_dice : active_burst);
  if (reactive_trooper != NULL)
    {
      muster_log_step_set_uint (step, "reactive-target", reactive_target);
      muster_log_step_set_uint (step, "reactive-burst", n_reactive_dice > 0 ? n_reactive_dice : reactive_burst);
    }

  for (guint i = 0; i < n_active_dice; i++)
    muster_game_add_typed (self, 20, active_dice[i], self->turn_player);
  for (guint i = 0; reactive_trooper != NULL && i < n_reactive_dice; i++)
    muster_game_add_typed (self, 20, reactive_dice[i], 1 - self->turn_player);

  return muster_game_take (self, step, error);
}

const MusterFaceToFace *
muster_game_get_face_to_face (MusterGame  *self,
                              const char **against)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), NULL);

  if (!self->has_f2f)
    return NULL;

  if (against != NULL)
    *against = self->f2f_against;

  return &self->f2f;
}

static gboolean
next_step_apply (MusterGame     *self,
                 MusterLogStep  *step,
                 GError        **error)
{
  gboolean conclusion;

  if (!expect_turn (self, error))
    return FALSE;

  conclusion = muster_order_sequence_get_step (self->sequence)->kind == MUSTER_ORDER_STEP_CONCLUSION;
  if (!muster_order_sequence_advance (self->sequence, error))
    return FALSE;

  if (conclusion)
    {
      self->has_f2f = FALSE;
      g_clear_pointer (&self->f2f_against, g_free);
    }

  if (muster_order_sequence_is_finished (self->sequence))
    {
      turn_over (self);
      return TRUE;
    }

  /* An ARO check began: the board said who may react; the step keeps it. */
  if (is_aro_check (muster_order_sequence_get_step (self->sequence)))
    {
      g_auto(GStrv) eligible = muster_order_sequence_dup_eligible (self->sequence);

      return settle_eligible (self, step, (const char **) eligible, error);
    }

  return TRUE;
}

static char *
next_step_describe (MusterGame    *self,
                    MusterLogStep *step)
{
  const char *eligible = muster_log_step_get (step, "eligible");
  g_autofree char *who = NULL;

  if (eligible == NULL)
    return g_strdup (_("Next step of the Order"));

  who = eligible_sentence (self, eligible);
  /* Translators: who may react follows */
  return g_strdup_printf (_("Next step of the Order: %s"), who);
}

gboolean
muster_game_next_step (MusterGame  *self,
                       GError     **error)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);

  return muster_game_take (self, muster_log_step_new ("next-step"), error);
}

static gboolean
end_turn_apply (MusterGame     *self,
                MusterLogStep  *step,
                GError        **error)
{
  if (!expect_turn (self, error) || !muster_game_check_actor (self, step, self->turn_player, error) ||
      !muster_order_sequence_end_turn (self->sequence, error))
    return FALSE;

  turn_over (self);

  return TRUE;
}

static char *
end_turn_describe (MusterGame    *self,
                   MusterLogStep *step)
{
  /* Translators: a player's name */
  return g_strdup_printf (_("%s ended their Player Turn"), muster_game_step_player_name (self, step));
}

gboolean
muster_game_end_turn (MusterGame  *self,
                      GError     **error)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);

  return muster_game_take (self, muster_log_step_new ("end-turn"), error);
}

const MusterGameAction muster_game_infinity_turn_actions[] = {
  { "set-order-version", set_order_version_apply, set_order_version_describe },
  { "start-turn",        start_turn_apply,        start_turn_describe },
  { "activate",          activate_apply,          activate_describe },
  { "declare-skill",     declare_skill_apply,     declare_skill_describe },
  { "declare-aro",       declare_aro_apply,       declare_aro_describe },
  { "check-aro",         check_aro_apply,         check_aro_describe },
  { "idle-skill",        idle_skill_apply,        idle_skill_describe },
  { "idle-aro",          idle_aro_apply,          idle_aro_describe },
  { "face-to-face",      face_to_face_apply,      face_to_face_describe },
  { "next-step",         next_step_apply,         next_step_describe },
  { "end-turn",          end_turn_apply,          end_turn_describe },
};
const guint muster_game_n_infinity_turn_actions = G_N_ELEMENTS (muster_game_infinity_turn_actions);

guint
muster_game_get_player_turn (MusterGame *self)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), 1);

  /* A turn is counted when it is over (turn_over()). */
  return self->turns_in_round + 1;
}
