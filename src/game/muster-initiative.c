/* muster-initiative.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-initiative"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "muster-initiative-private.h"

G_DEFINE_QUARK (muster-initiative-error-quark, muster_initiative_error)

gboolean
_muster_initiative_refuse (GError     **error,
                           int          code,
                           const char  *format,
                           ...)
{
  va_list args;

  va_start (args, format);
  g_propagate_error (error, g_error_new_valist (MUSTER_INITIATIVE_ERROR, code, format, args));
  va_end (args);

  return FALSE;
}

MusterRollOffAttempt *
_muster_roll_off_current (GArray *attempts)
{
  g_assert (attempts->len > 0);

  return &g_array_index (attempts, MusterRollOffAttempt, attempts->len - 1);
}

void
_muster_roll_off_start (GArray *attempts)
{
  MusterRollOffAttempt attempt = { { 0, 0 }, MUSTER_ROLL_OFF_PENDING };

  g_array_append_val (attempts, attempt);
}

guint
_muster_roll_off_get_roll (GArray *attempts,
                           guint   attempt,
                           int     player)
{
  g_return_val_if_fail (IS_PLAYER (player), 0);

  if (attempt >= attempts->len)
    return 0;

  return g_array_index (attempts, MusterRollOffAttempt, attempt).roll[player];
}

MusterRollOffOutcome
_muster_roll_off_get_outcome (GArray *attempts,
                              guint   attempt)
{
  if (attempt >= attempts->len)
    return MUSTER_ROLL_OFF_PENDING;

  return g_array_index (attempts, MusterRollOffAttempt, attempt).outcome;
}

gboolean
_muster_roll_off_take_die (MusterDice  *dice,
                           GArray      *attempts,
                           int          player,
                           const char  *who,
                           const char  *name,
                           guint        sides,
                           gboolean     manual,
                           guint        value,
                           const char  *why,
                           GError     **error)
{
  MusterRollOffAttempt *attempt = _muster_roll_off_current (attempts);

  if (attempt->roll[player] != 0)
    {
      g_set_error (error, MUSTER_INITIATIVE_ERROR, MUSTER_INITIATIVE_ERROR_ALREADY_ROLLED,
                   _("%s has already rolled for attempt %u; wait for the other player"),
                   name, attempts->len);
      return FALSE;
    }

  if (manual)
    {
      g_autoptr(GError) local_error = NULL;

      if (!muster_dice_record (dice, sides, value, who, why, &local_error))
        {
          g_set_error_literal (error, MUSTER_INITIATIVE_ERROR, MUSTER_INITIATIVE_ERROR_INVALID,
                               local_error->message);
          return FALSE;
        }
    }
  else
    {
      value = muster_dice_roll (dice, sides, who, why);
    }

  attempt->roll[player] = value;

  return TRUE;
}

const char *
_muster_pair_other (const char * const *pair,
                    const char         *value)
{
  if (g_strcmp0 (pair[0], value) == 0)
    return pair[1];
  if (g_strcmp0 (pair[1], value) == 0)
    return pair[0];
  return NULL;
}

/* ------------------------------------------------------------------ */
/* Infinity                                                           */
/* ------------------------------------------------------------------ */

struct _MusterInfinityInitiative
{
  GObject                        parent_instance;

  MusterDice                    *dice;
  char                          *player_ids[2];
  char                          *player_names[2];   /* for messages */
  char                          *zone_ids[2];

  MusterInfinityInitiativeState  state;
  guint                          wip[2];
  gboolean                       wip_private[2];
  GArray                        *attempts;        /* MusterRollOffAttempt */
  int                            winner;
  int                            initiative_holder;
  int                            deployment_holder;
  int                            first_turn;
  int                            first_deployer;
  int                            zone_of[2];      /* index into zone_ids */
};

enum {
  INFINITY_CHANGED,
  INFINITY_N_SIGNALS
};

static guint infinity_signals[INFINITY_N_SIGNALS];

G_DEFINE_FINAL_TYPE (MusterInfinityInitiative, muster_infinity_initiative, G_TYPE_OBJECT)

static void
muster_infinity_initiative_finalize (GObject *object)
{
  MusterInfinityInitiative *self = (MusterInfinityInitiative *)object;

  g_clear_object (&self->dice);
  for (guint i = 0; i < 2; i++)
    {
      g_clear_pointer (&self->player_ids[i], g_free);
      g_clear_pointer (&self->player_names[i], g_free);
      g_clear_pointer (&self->zone_ids[i], g_free);
    }
  g_clear_pointer (&self->attempts, g_array_unref);

  G_OBJECT_CLASS (muster_infinity_initiative_parent_class)->finalize (object);
}

static void
muster_infinity_initiative_class_init (MusterInfinityInitiativeClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = muster_infinity_initiative_finalize;

  /**
   * MusterInfinityInitiative::changed:
   *
   * Emitted after every accepted action.
   */
  infinity_signals[INFINITY_CHANGED] =
    g_signal_new ("changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void
muster_infinity_initiative_init (MusterInfinityInitiative *self)
{
  self->state = MUSTER_INFINITY_INITIATIVE_WIP;
  self->attempts = g_array_new (FALSE, TRUE, sizeof (MusterRollOffAttempt));
  self->winner = MUSTER_PLAYER_NONE;
  self->initiative_holder = MUSTER_PLAYER_NONE;
  self->deployment_holder = MUSTER_PLAYER_NONE;
  self->first_turn = MUSTER_PLAYER_NONE;
  self->first_deployer = MUSTER_PLAYER_NONE;
  self->zone_of[0] = self->zone_of[1] = -1;
}

MusterInfinityInitiative *
muster_infinity_initiative_new (MusterDice         *dice,
                                const char * const *player_ids,
                                const char * const *zone_ids)
{
  MusterInfinityInitiative *self;

  g_return_val_if_fail (MUSTER_IS_DICE (dice), NULL);
  g_return_val_if_fail (player_ids != NULL && player_ids[0] != NULL && player_ids[1] != NULL, NULL);
  g_return_val_if_fail (zone_ids == NULL || (zone_ids[0] != NULL && zone_ids[1] != NULL), NULL);

  self = g_object_new (MUSTER_TYPE_INFINITY_INITIATIVE, NULL);
  self->dice = g_object_ref (dice);
  for (guint i = 0; i < 2; i++)
    {
      self->player_ids[i] = g_strdup (player_ids[i]);
      self->player_names[i] = g_strdup (player_ids[i]);
      self->zone_ids[i] = g_strdup (zone_ids != NULL ? zone_ids[i] : (i == 0 ? "north" : "south"));
    }

  return self;
}

void
muster_infinity_initiative_set_player_names (MusterInfinityInitiative *self,
                                             const char * const       *names)
{
  g_return_if_fail (MUSTER_IS_INFINITY_INITIATIVE (self));
  g_return_if_fail (names != NULL && names[0] != NULL && names[1] != NULL);

  for (guint i = 0; i < 2; i++)
    {
      g_free (self->player_names[i]);
      self->player_names[i] = g_strdup (names[i]);
    }
}

static void
infinity_changed (MusterInfinityInitiative *self)
{
  g_signal_emit (self, infinity_signals[INFINITY_CHANGED], 0);
}

static gboolean
infinity_expect_state (MusterInfinityInitiative       *self,
                       MusterInfinityInitiativeState   state,
                       GError                        **error)
{
  const char *waiting = NULL;

  if (self->state == state)
    return TRUE;

  switch (self->state)
    {
    case MUSTER_INFINITY_INITIATIVE_WIP:
      waiting = _("Not now: both Lieutenants’ WIP must be entered first");
      break;

    case MUSTER_INFINITY_INITIATIVE_ROLL:
      waiting = _("Not now: the Initiative Roll is under way");
      break;

    case MUSTER_INFINITY_INITIATIVE_CHOOSE:
      waiting = _("Not now: the winner of the Initiative Roll must keep Initiative or Deployment");
      break;

    case MUSTER_INFINITY_INITIATIVE_DECIDE:
      waiting = _("Not now: the holders of Initiative and Deployment are making their choices");
      break;

    case MUSTER_INFINITY_INITIATIVE_DONE:
      waiting = _("The Initiative Roll is over and every choice is made");
      break;

    default:
      g_assert_not_reached ();
    }

  g_set_error_literal (error, MUSTER_INITIATIVE_ERROR, MUSTER_INITIATIVE_ERROR_WRONG_STATE, waiting);

  return FALSE;
}

MusterInfinityInitiativeState
muster_infinity_initiative_get_state (MusterInfinityInitiative *self)
{
  g_return_val_if_fail (MUSTER_IS_INFINITY_INITIATIVE (self), MUSTER_INFINITY_INITIATIVE_WIP);

  return self->state;
}

gboolean
muster_infinity_initiative_is_waiting_for (MusterInfinityInitiative *self,
                                           int                       player)
{
  g_return_val_if_fail (MUSTER_IS_INFINITY_INITIATIVE (self), FALSE);
  g_return_val_if_fail (IS_PLAYER (player), FALSE);

  switch (self->state)
    {
    case MUSTER_INFINITY_INITIATIVE_WIP:
      return self->wip[player] == 0;

    case MUSTER_INFINITY_INITIATIVE_ROLL:
      return _muster_roll_off_current (self->attempts)->roll[player] == 0;

    case MUSTER_INFINITY_INITIATIVE_CHOOSE:
      return player == self->winner;

    case MUSTER_INFINITY_INITIATIVE_DECIDE:
      return (player == self->initiative_holder && self->first_turn == MUSTER_PLAYER_NONE) ||
             (player == self->deployment_holder && self->first_deployer == MUSTER_PLAYER_NONE);

    case MUSTER_INFINITY_INITIATIVE_DONE:
      return FALSE;

    default:
      g_assert_not_reached ();
    }
}

gboolean
muster_infinity_initiative_set_wip (MusterInfinityInitiative  *self,
                                    int                        player,
                                    guint                      wip,
                                    gboolean                   is_private,
                                    GError                   **error)
{
  g_return_val_if_fail (MUSTER_IS_INFINITY_INITIATIVE (self), FALSE);
  g_return_val_if_fail (IS_PLAYER (player), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!infinity_expect_state (self, MUSTER_INFINITY_INITIATIVE_WIP, error))
    return FALSE;

  if (wip < 1 || wip > MUSTER_INITIATIVE_MAX_WIP)
    {
      g_set_error (error, MUSTER_INITIATIVE_ERROR, MUSTER_INITIATIVE_ERROR_INVALID,
                   _("A Lieutenant’s WIP is between 1 and %u, not %u"),
                   MUSTER_INITIATIVE_MAX_WIP, wip);
      return FALSE;
    }

  self->wip[player] = wip;
  self->wip_private[player] = is_private;

  if (self->wip[0] != 0 && self->wip[1] != 0)
    {
      self->state = MUSTER_INFINITY_INITIATIVE_ROLL;
      _muster_roll_off_start (self->attempts);
    }

  infinity_changed (self);

  return TRUE;
}

guint
muster_infinity_initiative_get_wip (MusterInfinityInitiative *self,
                                    int                       player)
{
  g_return_val_if_fail (MUSTER_IS_INFINITY_INITIATIVE (self), 0);
  g_return_val_if_fail (IS_PLAYER (player), 0);

  return self->wip[player];
}

gboolean
muster_infinity_initiative_is_wip_private (MusterInfinityInitiative *self,
                                           int                       player)
{
  g_return_val_if_fail (MUSTER_IS_INFINITY_INITIATIVE (self), FALSE);
  g_return_val_if_fail (IS_PLAYER (player), FALSE);

  return self->wip_private[player];
}

/* RULES.md: a roll succeeds if it is not above WIP; the higher successful
 * roll wins; equal successes, or both failing, re-roll. */
static void
infinity_decide_attempt (MusterInfinityInitiative *self)
{
  MusterRollOffAttempt *attempt = _muster_roll_off_current (self->attempts);
  MusterFaceToFace f2f = { 0 };

  if (attempt->roll[0] == 0 || attempt->roll[1] == 0)
    return;

  for (guint i = 0; i < 2; i++)
    {
      f2f.side[i].target = self->wip[i];
      f2f.side[i].n_dice = 1;
      f2f.side[i].rolls[0] = attempt->roll[i];
    }

  muster_face_to_face_resolve (&f2f, FALSE);

  if (f2f.side[0].hits > 0 || f2f.side[1].hits > 0)
    {
      attempt->outcome = MUSTER_ROLL_OFF_WON;
      self->winner = f2f.side[0].hits > 0 ? 0 : 1;
      self->state = MUSTER_INFINITY_INITIATIVE_CHOOSE;
      return;
    }

  if (!f2f.side[0].success[0] && !f2f.side[1].success[0])
    attempt->outcome = MUSTER_ROLL_OFF_DOUBLE_FAILURE;
  else
    attempt->outcome = MUSTER_ROLL_OFF_TIE;

  _muster_roll_off_start (self->attempts);
}

static gboolean
infinity_take_roll (MusterInfinityInitiative  *self,
                    int                        player,
                    gboolean                   manual,
                    guint                      value,
                    GError                   **error)
{
  g_autofree char *why = NULL;

  if (!infinity_expect_state (self, MUSTER_INFINITY_INITIATIVE_ROLL, error))
    return FALSE;

  if (self->wip_private[player])
    why = g_strdup_printf (_("Initiative Roll, attempt %u"), self->attempts->len);
  else
    why = g_strdup_printf (_("Initiative Roll against WIP %u, attempt %u"),
                           self->wip[player], self->attempts->len);

  if (!_muster_roll_off_take_die (self->dice, self->attempts, player, self->player_ids[player],
                                  self->player_names[player],
                 20, manual, value, why, error))
    return FALSE;

  infinity_decide_attempt (self);
  infinity_changed (self);

  return TRUE;
}

gboolean
muster_infinity_initiative_roll (MusterInfinityInitiative  *self,
                                 int                        player,
                                 GError                   **error)
{
  g_return_val_if_fail (MUSTER_IS_INFINITY_INITIATIVE (self), FALSE);
  g_return_val_if_fail (IS_PLAYER (player), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return infinity_take_roll (self, player, FALSE, 0, error);
}

gboolean
muster_infinity_initiative_enter_roll (MusterInfinityInitiative  *self,
                                       int                        player,
                                       guint                      value,
                                       GError                   **error)
{
  g_return_val_if_fail (MUSTER_IS_INFINITY_INITIATIVE (self), FALSE);
  g_return_val_if_fail (IS_PLAYER (player), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return infinity_take_roll (self, player, TRUE, value, error);
}

guint
muster_infinity_initiative_get_n_attempts (MusterInfinityInitiative *self)
{
  g_return_val_if_fail (MUSTER_IS_INFINITY_INITIATIVE (self), 0);

  return self->attempts->len;
}

guint
muster_infinity_initiative_get_roll (MusterInfinityInitiative *self,
                                     guint                     attempt,
                                     int                       player)
{
  g_return_val_if_fail (MUSTER_IS_INFINITY_INITIATIVE (self), 0);

  return _muster_roll_off_get_roll (self->attempts, attempt, player);
}

MusterRollOffOutcome
muster_infinity_initiative_get_outcome (MusterInfinityInitiative *self,
                                        guint                     attempt)
{
  g_return_val_if_fail (MUSTER_IS_INFINITY_INITIATIVE (self), MUSTER_ROLL_OFF_PENDING);

  return _muster_roll_off_get_outcome (self->attempts, attempt);
}

int
muster_infinity_initiative_get_winner (MusterInfinityInitiative *self)
{
  g_return_val_if_fail (MUSTER_IS_INFINITY_INITIATIVE (self), MUSTER_PLAYER_NONE);

  return self->winner;
}


gboolean
muster_infinity_initiative_choose (MusterInfinityInitiative  *self,
                                   int                        player,
                                   MusterInfinityKeep         keep,
                                   GError                   **error)
{
  g_return_val_if_fail (MUSTER_IS_INFINITY_INITIATIVE (self), FALSE);
  g_return_val_if_fail (IS_PLAYER (player), FALSE);
  g_return_val_if_fail (keep == MUSTER_INFINITY_KEEP_INITIATIVE ||
                        keep == MUSTER_INFINITY_KEEP_DEPLOYMENT, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!infinity_expect_state (self, MUSTER_INFINITY_INITIATIVE_CHOOSE, error))
    return FALSE;

  if (player != self->winner)
    return _muster_initiative_refuse (error, MUSTER_INITIATIVE_ERROR_NOT_YOUR_CHOICE,
                   _("%s did not win the Initiative Roll: only the winner keeps Initiative or Deployment"),
                   self->player_names[player]);

  if (keep == MUSTER_INFINITY_KEEP_INITIATIVE)
    {
      self->initiative_holder = player;
      self->deployment_holder = 1 - player;
    }
  else
    {
      self->deployment_holder = player;
      self->initiative_holder = 1 - player;
    }

  self->state = MUSTER_INFINITY_INITIATIVE_DECIDE;
  infinity_changed (self);

  return TRUE;
}

int
muster_infinity_initiative_get_initiative_holder (MusterInfinityInitiative *self)
{
  g_return_val_if_fail (MUSTER_IS_INFINITY_INITIATIVE (self), MUSTER_PLAYER_NONE);

  return self->initiative_holder;
}

int
muster_infinity_initiative_get_deployment_holder (MusterInfinityInitiative *self)
{
  g_return_val_if_fail (MUSTER_IS_INFINITY_INITIATIVE (self), MUSTER_PLAYER_NONE);

  return self->deployment_holder;
}

static void
infinity_maybe_done (MusterInfinityInitiative *self)
{
  if (self->first_turn != MUSTER_PLAYER_NONE && self->first_deployer != MUSTER_PLAYER_NONE)
    self->state = MUSTER_INFINITY_INITIATIVE_DONE;
}

gboolean
muster_infinity_initiative_choose_first_turn (MusterInfinityInitiative  *self,
                                              int                        player,
                                              int                        first,
                                              GError                   **error)
{
  g_return_val_if_fail (MUSTER_IS_INFINITY_INITIATIVE (self), FALSE);
  g_return_val_if_fail (IS_PLAYER (player), FALSE);
  g_return_val_if_fail (IS_PLAYER (first), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!infinity_expect_state (self, MUSTER_INFINITY_INITIATIVE_DECIDE, error))
    return FALSE;

  if (player != self->initiative_holder)
    return _muster_initiative_refuse (error, MUSTER_INITIATIVE_ERROR_NOT_YOUR_CHOICE,
                   _("%s does not hold Initiative: the player who kept Initiative chooses who plays first"),
                   self->player_names[player]);

  if (self->first_turn != MUSTER_PLAYER_NONE)
    {
      g_set_error_literal (error, MUSTER_INITIATIVE_ERROR, MUSTER_INITIATIVE_ERROR_WRONG_STATE,
                           _("Who plays the first Player Turn is already chosen"));
      return FALSE;
    }

  self->first_turn = first;
  infinity_maybe_done (self);
  infinity_changed (self);

  return TRUE;
}

gboolean
muster_infinity_initiative_choose_deployment (MusterInfinityInitiative  *self,
                                              int                        player,
                                              int                        first_deployer,
                                              const char                *zone,
                                              GError                   **error)
{
  int zone_index;

  g_return_val_if_fail (MUSTER_IS_INFINITY_INITIATIVE (self), FALSE);
  g_return_val_if_fail (IS_PLAYER (player), FALSE);
  g_return_val_if_fail (IS_PLAYER (first_deployer), FALSE);
  g_return_val_if_fail (zone != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!infinity_expect_state (self, MUSTER_INFINITY_INITIATIVE_DECIDE, error))
    return FALSE;

  if (player != self->deployment_holder)
    return _muster_initiative_refuse (error, MUSTER_INITIATIVE_ERROR_NOT_YOUR_CHOICE,
                   _("%s does not hold Deployment: the player who kept Deployment chooses who deploys first and where"),
                   self->player_names[player]);

  if (self->first_deployer != MUSTER_PLAYER_NONE)
    {
      g_set_error_literal (error, MUSTER_INITIATIVE_ERROR, MUSTER_INITIATIVE_ERROR_WRONG_STATE,
                           _("The deployment order and zones are already chosen"));
      return FALSE;
    }

  if (g_strcmp0 (zone, self->zone_ids[0]) == 0)
    zone_index = 0;
  else if (g_strcmp0 (zone, self->zone_ids[1]) == 0)
    zone_index = 1;
  else
    {
      g_set_error (error, MUSTER_INITIATIVE_ERROR, MUSTER_INITIATIVE_ERROR_INVALID,
                   _("“%s” is not a Deployment Zone here: choose “%s” or “%s”"),
                   zone, self->zone_ids[0], self->zone_ids[1]);
      return FALSE;
    }

  self->first_deployer = first_deployer;
  self->zone_of[player] = zone_index;
  self->zone_of[1 - player] = 1 - zone_index;
  infinity_maybe_done (self);
  infinity_changed (self);

  return TRUE;
}

int
muster_infinity_initiative_get_first_turn (MusterInfinityInitiative *self)
{
  g_return_val_if_fail (MUSTER_IS_INFINITY_INITIATIVE (self), MUSTER_PLAYER_NONE);

  return self->first_turn;
}

int
muster_infinity_initiative_get_first_deployer (MusterInfinityInitiative *self)
{
  g_return_val_if_fail (MUSTER_IS_INFINITY_INITIATIVE (self), MUSTER_PLAYER_NONE);

  return self->first_deployer;
}

const char *
muster_infinity_initiative_get_zone (MusterInfinityInitiative *self,
                                     int                       player)
{
  g_return_val_if_fail (MUSTER_IS_INFINITY_INITIATIVE (self), NULL);
  g_return_val_if_fail (IS_PLAYER (player), NULL);

  if (self->zone_of[player] < 0)
    return NULL;

  return self->zone_ids[self->zone_of[player]];
}
