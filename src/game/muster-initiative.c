/* muster-initiative.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-initiative"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "muster-initiative.h"
#include "muster-xml.h"

G_DEFINE_QUARK (muster-initiative-error-quark, muster_initiative_error)

#define IS_PLAYER(p) ((p) == 0 || (p) == 1)

static gboolean refuse (GError     **error,
                        int          code,
                        const char  *format,
                        ...) G_GNUC_PRINTF (3, 4);

static gboolean
refuse (GError     **error,
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

/* One attempt of a roll-off: a die each. */
typedef struct
{
  guint                roll[2];
  MusterRollOffOutcome outcome;
} Attempt;

static Attempt *
current_attempt (GArray *attempts)
{
  g_assert (attempts->len > 0);

  return &g_array_index (attempts, Attempt, attempts->len - 1);
}

static void
start_attempt (GArray *attempts)
{
  Attempt attempt = { { 0, 0 }, MUSTER_ROLL_OFF_PENDING };

  g_array_append_val (attempts, attempt);
}

static guint
attempt_roll (GArray *attempts,
              guint   attempt,
              int     player)
{
  g_return_val_if_fail (IS_PLAYER (player), 0);

  if (attempt >= attempts->len)
    return 0;

  return g_array_index (attempts, Attempt, attempt).roll[player];
}

static MusterRollOffOutcome
attempt_outcome (GArray *attempts,
                 guint   attempt)
{
  if (attempt >= attempts->len)
    return MUSTER_ROLL_OFF_PENDING;

  return g_array_index (attempts, Attempt, attempt).outcome;
}

/* Throws or records the player's die of the current attempt. */
static gboolean
take_die (MusterDice  *dice,
          GArray      *attempts,
          int          player,
          const char  *who,
          guint        sides,
          gboolean     manual,
          guint        value,
          const char  *why,
          GError     **error)
{
  Attempt *attempt = current_attempt (attempts);

  if (attempt->roll[player] != 0)
    {
      g_set_error (error, MUSTER_INITIATIVE_ERROR, MUSTER_INITIATIVE_ERROR_ALREADY_ROLLED,
                   _("%s has already rolled for attempt %u; wait for the other player"),
                   who, attempts->len);
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

static const char *
other_value (const char * const *pair,
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
  char                          *zone_ids[2];

  MusterInfinityInitiativeState  state;
  guint                          wip[2];
  gboolean                       wip_private[2];
  GArray                        *attempts;        /* Attempt */
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
  self->attempts = g_array_new (FALSE, TRUE, sizeof (Attempt));
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
      self->zone_ids[i] = g_strdup (zone_ids != NULL ? zone_ids[i] : (i == 0 ? "north" : "south"));
    }

  return self;
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
      return current_attempt (self->attempts)->roll[player] == 0;

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
      start_attempt (self->attempts);
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
  Attempt *attempt = current_attempt (self->attempts);
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

  start_attempt (self->attempts);
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

  if (!take_die (self->dice, self->attempts, player, self->player_ids[player],
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

  return attempt_roll (self->attempts, attempt, player);
}

MusterRollOffOutcome
muster_infinity_initiative_get_outcome (MusterInfinityInitiative *self,
                                        guint                     attempt)
{
  g_return_val_if_fail (MUSTER_IS_INFINITY_INITIATIVE (self), MUSTER_ROLL_OFF_PENDING);

  return attempt_outcome (self->attempts, attempt);
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
    return refuse (error, MUSTER_INITIATIVE_ERROR_NOT_YOUR_CHOICE,
                   _("%s did not win the Initiative Roll: only the winner keeps Initiative or Deployment"),
                   self->player_ids[player]);

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
    return refuse (error, MUSTER_INITIATIVE_ERROR_NOT_YOUR_CHOICE,
                   _("%s does not hold Initiative: the player who kept Initiative chooses who plays first"),
                   self->player_ids[player]);

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
    return refuse (error, MUSTER_INITIATIVE_ERROR_NOT_YOUR_CHOICE,
                   _("%s does not hold Deployment: the player who kept Deployment chooses who deploys first and where"),
                   self->player_ids[player]);

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

/* ------------------------------------------------------------------ */
/* The 9th Age                                                        */
/* ------------------------------------------------------------------ */

typedef struct
{
  char            *id;
  guint            roll;
  MusterT9aChoice  choice;
} TypeDef;

struct _MusterT9aPregame
{
  GObject                parent_instance;

  MusterDice            *dice;
  char                  *player_ids[2];
  GPtrArray             *types;             /* TypeDef */

  MusterT9aPregameState  state;
  char                  *deployment_type;
  guint                  type_roll;
  GArray                *attempts;          /* Attempt */
  int                    chooser;
  char                  *choice_value;      /* the chooser's diagonal, role or edge */
  char                  *zone[2];
  int                    first_deployer;
};

enum {
  T9A_CHANGED,
  T9A_N_SIGNALS
};

static guint t9a_signals[T9A_N_SIGNALS];

G_DEFINE_FINAL_TYPE (MusterT9aPregame, muster_t9a_pregame, G_TYPE_OBJECT)

static const char * const diagonal_values[] = { "nw-se", "ne-sw", NULL };
static const char * const role_values[] = { "attacker", "defender", NULL };
static const char * const edge_values[] = { "west", "east", NULL };
static const char * const no_values[] = { NULL };

static const char * const centre_zones[] = { "north", "south", NULL };
static const char * const nw_se_zones[] = { "north-east", "south-west", NULL };
static const char * const ne_sw_zones[] = { "north-west", "south-east", NULL };

static void
type_def_free (gpointer data)
{
  TypeDef *def = data;

  g_free (def->id);
  g_free (def);
}

static void
muster_t9a_pregame_finalize (GObject *object)
{
  MusterT9aPregame *self = (MusterT9aPregame *)object;

  g_clear_object (&self->dice);
  for (guint i = 0; i < 2; i++)
    {
      g_clear_pointer (&self->player_ids[i], g_free);
      g_clear_pointer (&self->zone[i], g_free);
    }
  g_clear_pointer (&self->types, g_ptr_array_unref);
  g_clear_pointer (&self->deployment_type, g_free);
  g_clear_pointer (&self->attempts, g_array_unref);
  g_clear_pointer (&self->choice_value, g_free);

  G_OBJECT_CLASS (muster_t9a_pregame_parent_class)->finalize (object);
}

static void
muster_t9a_pregame_class_init (MusterT9aPregameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = muster_t9a_pregame_finalize;

  /**
   * MusterT9aPregame::changed:
   *
   * Emitted after every accepted action.
   */
  t9a_signals[T9A_CHANGED] =
    g_signal_new ("changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

/* RULES.md's D6 table and the choice each type asks for. */
static const struct {
  const char      *id;
  guint            roll;
  MusterT9aChoice  choice;
} builtin[] = {
  { "frontline-clash", 1, MUSTER_T9A_CHOICE_NONE },
  { "dawn-assault", 2, MUSTER_T9A_CHOICE_SHORT_EDGE },
  { "counterthrust", 3, MUSTER_T9A_CHOICE_NONE },
  { "encircle", 4, MUSTER_T9A_CHOICE_ROLE },
  { "refused-flank", 5, MUSTER_T9A_CHOICE_DIAGONAL },
  { "marching-columns", 6, MUSTER_T9A_CHOICE_NONE },
};

static void
muster_t9a_pregame_init (MusterT9aPregame *self)
{
  self->types = g_ptr_array_new_with_free_func (type_def_free);
  for (guint i = 0; i < G_N_ELEMENTS (builtin); i++)
    {
      TypeDef *def = g_new0 (TypeDef, 1);

      def->id = g_strdup (builtin[i].id);
      def->roll = builtin[i].roll;
      def->choice = builtin[i].choice;
      g_ptr_array_add (self->types, def);
    }

  self->state = MUSTER_T9A_PREGAME_DEPLOYMENT_TYPE;
  self->attempts = g_array_new (FALSE, TRUE, sizeof (Attempt));
  self->chooser = MUSTER_PLAYER_NONE;
  self->first_deployer = MUSTER_PLAYER_NONE;
}

MusterT9aPregame *
muster_t9a_pregame_new (MusterDice         *dice,
                        const char * const *player_ids)
{
  MusterT9aPregame *self;

  g_return_val_if_fail (MUSTER_IS_DICE (dice), NULL);
  g_return_val_if_fail (player_ids != NULL && player_ids[0] != NULL && player_ids[1] != NULL, NULL);

  self = g_object_new (MUSTER_TYPE_T9A_PREGAME, NULL);
  self->dice = g_object_ref (dice);
  self->player_ids[0] = g_strdup (player_ids[0]);
  self->player_ids[1] = g_strdup (player_ids[1]);

  return self;
}

static TypeDef *
lookup_type (MusterT9aPregame *self,
             const char       *id)
{
  for (guint i = 0; i < self->types->len; i++)
    {
      TypeDef *def = g_ptr_array_index (self->types, i);

      if (g_strcmp0 (def->id, id) == 0)
        return def;
    }

  return NULL;
}

static TypeDef *
lookup_type_by_roll (MusterT9aPregame *self,
                     guint             roll)
{
  for (guint i = 0; i < self->types->len; i++)
    {
      TypeDef *def = g_ptr_array_index (self->types, i);

      if (def->roll == roll)
        return def;
    }

  return NULL;
}

void
muster_t9a_pregame_add_deployment_type (MusterT9aPregame *self,
                                        const char       *deployment_id,
                                        guint             roll,
                                        MusterT9aChoice   choice)
{
  TypeDef *def;

  g_return_if_fail (MUSTER_IS_T9A_PREGAME (self));
  g_return_if_fail (deployment_id != NULL && *deployment_id != '\0');
  g_return_if_fail (roll <= 6);

  /* One type per D6 result: a newcomer takes the result over. */
  if (roll != 0)
    {
      TypeDef *holder = lookup_type_by_roll (self, roll);

      if (holder != NULL)
        holder->roll = 0;
    }

  def = lookup_type (self, deployment_id);
  if (def == NULL)
    {
      def = g_new0 (TypeDef, 1);
      def->id = g_strdup (deployment_id);
      g_ptr_array_add (self->types, def);
    }

  def->roll = roll;
  def->choice = choice;
}

MusterT9aChoice
muster_t9a_pregame_get_type_choice (MusterT9aPregame *self,
                                    const char       *deployment_id)
{
  TypeDef *def;

  g_return_val_if_fail (MUSTER_IS_T9A_PREGAME (self), MUSTER_T9A_CHOICE_NONE);
  g_return_val_if_fail (deployment_id != NULL, MUSTER_T9A_CHOICE_NONE);

  def = lookup_type (self, deployment_id);

  return def != NULL ? def->choice : MUSTER_T9A_CHOICE_NONE;
}

const char * const *
muster_t9a_choice_get_values (MusterT9aChoice choice)
{
  switch (choice)
    {
    case MUSTER_T9A_CHOICE_DIAGONAL:
      return diagonal_values;

    case MUSTER_T9A_CHOICE_ROLE:
      return role_values;

    case MUSTER_T9A_CHOICE_SHORT_EDGE:
      return edge_values;

    case MUSTER_T9A_CHOICE_NONE:
      return no_values;

    default:
      g_return_val_if_reached (no_values);
    }
}

static MusterT9aChoice
current_choice (MusterT9aPregame *self)
{
  if (self->deployment_type == NULL)
    return MUSTER_T9A_CHOICE_NONE;

  return muster_t9a_pregame_get_type_choice (self, self->deployment_type);
}

static const char * const *
zones_for (MusterT9aPregame *self)
{
  if (current_choice (self) == MUSTER_T9A_CHOICE_DIAGONAL)
    return g_strcmp0 (self->choice_value, "ne-sw") == 0 ? ne_sw_zones : nw_se_zones;

  return centre_zones;
}

static void
t9a_changed (MusterT9aPregame *self)
{
  g_signal_emit (self, t9a_signals[T9A_CHANGED], 0);
}

static gboolean
t9a_expect_state (MusterT9aPregame       *self,
                  MusterT9aPregameState   state,
                  GError                **error)
{
  const char *message = NULL;

  if (self->state == state)
    return TRUE;

  switch (self->state)
    {
    case MUSTER_T9A_PREGAME_DEPLOYMENT_TYPE:
      message = _("Not now: the deployment type must be agreed or rolled first");
      break;

    case MUSTER_T9A_PREGAME_ROLL_OFF:
      message = _("Not now: the players are rolling off for the choice of Deployment Zone");
      break;

    case MUSTER_T9A_PREGAME_TYPE_CHOICE:
      message = _("Not now: the winner of the roll-off must first make the deployment type’s choice");
      break;

    case MUSTER_T9A_PREGAME_ZONE:
      message = _("Not now: the winner of the roll-off must pick a Deployment Zone");
      break;

    case MUSTER_T9A_PREGAME_FIRST_DEPLOYER:
      message = _("Not now: the winner of the roll-off must say who deploys first");
      break;

    case MUSTER_T9A_PREGAME_DONE:
      message = _("The pre-game choices are all made");
      break;

    default:
      g_assert_not_reached ();
    }

  g_set_error_literal (error, MUSTER_INITIATIVE_ERROR, MUSTER_INITIATIVE_ERROR_WRONG_STATE, message);

  return FALSE;
}

MusterT9aPregameState
muster_t9a_pregame_get_state (MusterT9aPregame *self)
{
  g_return_val_if_fail (MUSTER_IS_T9A_PREGAME (self), MUSTER_T9A_PREGAME_DEPLOYMENT_TYPE);

  return self->state;
}

gboolean
muster_t9a_pregame_is_waiting_for (MusterT9aPregame *self,
                                   int               player)
{
  g_return_val_if_fail (MUSTER_IS_T9A_PREGAME (self), FALSE);
  g_return_val_if_fail (IS_PLAYER (player), FALSE);

  switch (self->state)
    {
    case MUSTER_T9A_PREGAME_DEPLOYMENT_TYPE:
      return TRUE;

    case MUSTER_T9A_PREGAME_ROLL_OFF:
      return current_attempt (self->attempts)->roll[player] == 0;

    case MUSTER_T9A_PREGAME_TYPE_CHOICE:
    case MUSTER_T9A_PREGAME_ZONE:
    case MUSTER_T9A_PREGAME_FIRST_DEPLOYER:
      return player == self->chooser;

    case MUSTER_T9A_PREGAME_DONE:
      return FALSE;

    default:
      g_assert_not_reached ();
    }
}

static void
set_deployment_type (MusterT9aPregame *self,
                     const TypeDef    *def,
                     guint             roll)
{
  g_free (self->deployment_type);
  self->deployment_type = g_strdup (def->id);
  self->type_roll = roll;
  self->state = MUSTER_T9A_PREGAME_ROLL_OFF;
  start_attempt (self->attempts);
}

#define data_error(error, filename, node, ...) \
  muster_xml_set_error ((error), MUSTER_INITIATIVE_ERROR, MUSTER_INITIATIVE_ERROR_DATA, \
                        (filename), (node), __VA_ARGS__)

static gboolean
parse_choice (const char      *text,
              MusterT9aChoice *choice)
{
  static const char * const names[] = {
    [MUSTER_T9A_CHOICE_NONE] = "none",
    [MUSTER_T9A_CHOICE_DIAGONAL] = "diagonal",
    [MUSTER_T9A_CHOICE_ROLE] = "role",
    [MUSTER_T9A_CHOICE_SHORT_EDGE] = "short-edge",
  };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      if (g_strcmp0 (text, names[i]) == 0)
        {
          *choice = (MusterT9aChoice) i;
          return TRUE;
        }
    }

  return FALSE;
}

static MusterT9aChoice
builtin_choice (const char *id)
{
  for (guint i = 0; i < G_N_ELEMENTS (builtin); i++)
    if (g_str_equal (builtin[i].id, id))
      return builtin[i].choice;

  return MUSTER_T9A_CHOICE_NONE;
}

static TypeDef *
find_type_def (GPtrArray  *types,
               const char *id)
{
  for (guint i = 0; i < types->len; i++)
    {
      TypeDef *def = g_ptr_array_index (types, i);

      if (g_str_equal (def->id, id))
        return def;
    }

  return NULL;
}

/* Reads <deployments> into types, with RULES.md's choices. */
static gboolean
read_deployments (GPtrArray   *types,
                  xmlNode     *section,
                  const char  *filename,
                  GError     **error)
{
  for (xmlNode *node = section->children; node != NULL; node = node->next)
    {
      g_autofree char *id = NULL;
      g_autofree char *roll_text = NULL;
      guint64 roll = 0;
      TypeDef *def;

      if (!muster_xml_is_element (node, "deployment"))
        continue;

      id = muster_xml_get_prop (node, "id");
      roll_text = muster_xml_get_prop (node, "roll");

      if (id == NULL || *id == '\0')
        return data_error (error, filename, node, _("a <deployment> has no id"));

      if (find_type_def (types, id) != NULL)
        return data_error (error, filename, node, _("deployment type “%s” is listed twice"), id);

      if (roll_text != NULL && !g_ascii_string_to_unsigned (roll_text, 10, 0, 6, &roll, NULL))
        return data_error (error, filename, node, _("roll=\"%s\" is not a D6 result"), roll_text);

      for (guint i = 0; roll != 0 && i < types->len; i++)
        if (((TypeDef *) g_ptr_array_index (types, i))->roll == roll)
          return data_error (error, filename, node,
                             _("two deployment types are listed for a roll of %u"), (guint) roll);

      def = g_new0 (TypeDef, 1);
      def->id = g_steal_pointer (&id);
      def->roll = (guint) roll;
      def->choice = builtin_choice (def->id);
      g_ptr_array_add (types, def);
    }

  return TRUE;
}

/* Applies the choices of <deployment-sequence> to types. */
static gboolean
read_choices (GPtrArray   *types,
              xmlNode     *section,
              const char  *filename,
              GError     **error)
{
  for (xmlNode *node = section->children; node != NULL; node = node->next)
    {
      g_autofree char *id = NULL;
      g_autofree char *choice_text = NULL;
      MusterT9aChoice choice;
      TypeDef *def;

      if (node->type != XML_ELEMENT_NODE)
        continue;

      if (!muster_xml_is_element (node, "deployment"))
        return data_error (error, filename, node, _("<%s> does not belong in <deployment-sequence>"),
                           (const char *) node->name);

      id = muster_xml_get_prop (node, "id");
      def = id != NULL ? find_type_def (types, id) : NULL;
      if (def == NULL)
        return data_error (error, filename, node,
                           _("<deployment-sequence> names “%s”, which is not among the <deployments>"),
                           id != NULL ? id : "");

      choice_text = muster_xml_get_prop (node, "choice");
      if (choice_text == NULL)
        continue;

      if (!parse_choice (choice_text, &choice))
        return data_error (error, filename, node,
                           _("choice=\"%s\" is not none, diagonal, role or short-edge"), choice_text);

      def->choice = choice;
    }

  return TRUE;
}

gboolean
muster_t9a_pregame_load_types (MusterT9aPregame  *self,
                               GBytes            *system_file,
                               const char        *filename,
                               GError           **error)
{
  g_autoptr(GPtrArray) types = NULL;
  g_autoptr(xmlDoc) doc = NULL;
  xmlNode *root;
  xmlNode *deployments;
  xmlNode *sequence;

  g_return_val_if_fail (MUSTER_IS_T9A_PREGAME (self), FALSE);
  g_return_val_if_fail (system_file != NULL, FALSE);
  g_return_val_if_fail (filename != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!t9a_expect_state (self, MUSTER_T9A_PREGAME_DEPLOYMENT_TYPE, error))
    return FALSE;

  doc = muster_xml_parse (system_file, filename, MUSTER_INITIATIVE_ERROR,
                          MUSTER_INITIATIVE_ERROR_DATA, error);
  if (doc == NULL)
    return FALSE;

  root = xmlDocGetRootElement (doc);
  deployments = muster_xml_find_child (root, "deployments");
  sequence = muster_xml_find_child (root, "deployment-sequence");

  if (deployments == NULL)
    return data_error (error, filename, root, _("the game system has no <deployments>"));

  types = g_ptr_array_new_with_free_func (type_def_free);
  if (!read_deployments (types, deployments, filename, error) ||
      (sequence != NULL && !read_choices (types, sequence, filename, error)))
    return FALSE;

  g_ptr_array_unref (self->types);
  self->types = g_steal_pointer (&types);

  return TRUE;
}

gboolean
muster_t9a_pregame_pick_deployment_type (MusterT9aPregame  *self,
                                         const char        *deployment_id,
                                         GError           **error)
{
  TypeDef *def;

  g_return_val_if_fail (MUSTER_IS_T9A_PREGAME (self), FALSE);
  g_return_val_if_fail (deployment_id != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!t9a_expect_state (self, MUSTER_T9A_PREGAME_DEPLOYMENT_TYPE, error))
    return FALSE;

  def = lookup_type (self, deployment_id);
  if (def == NULL)
    {
      g_set_error (error, MUSTER_INITIATIVE_ERROR, MUSTER_INITIATIVE_ERROR_UNKNOWN,
                   _("“%s” is not a known deployment type"), deployment_id);
      return FALSE;
    }

  set_deployment_type (self, def, 0);
  t9a_changed (self);

  return TRUE;
}

static gboolean
t9a_type_roll (MusterT9aPregame  *self,
               int                player,
               gboolean           manual,
               guint              value,
               GError           **error)
{
  const char *who = player == MUSTER_PLAYER_NONE ? "" : self->player_ids[player];
  const char *why = _("Deployment type (D6)");
  TypeDef *def;

  if (!t9a_expect_state (self, MUSTER_T9A_PREGAME_DEPLOYMENT_TYPE, error))
    return FALSE;

  if (manual)
    {
      g_autoptr(GError) local_error = NULL;

      if (!muster_dice_record (self->dice, 6, value, who, why, &local_error))
        {
          g_set_error_literal (error, MUSTER_INITIATIVE_ERROR, MUSTER_INITIATIVE_ERROR_INVALID,
                               local_error->message);
          return FALSE;
        }
    }
  else
    {
      value = muster_dice_roll (self->dice, 6, who, why);
    }

  def = lookup_type_by_roll (self, value);
  if (def == NULL)
    {
      g_set_error (error, MUSTER_INITIATIVE_ERROR, MUSTER_INITIATIVE_ERROR_UNKNOWN,
                   _("No deployment type is listed for a roll of %u; roll again or agree on one"),
                   value);
      return FALSE;
    }

  set_deployment_type (self, def, value);
  t9a_changed (self);

  return TRUE;
}

gboolean
muster_t9a_pregame_roll_deployment_type (MusterT9aPregame  *self,
                                         int                player,
                                         GError           **error)
{
  g_return_val_if_fail (MUSTER_IS_T9A_PREGAME (self), FALSE);
  g_return_val_if_fail (player == MUSTER_PLAYER_NONE || IS_PLAYER (player), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return t9a_type_roll (self, player, FALSE, 0, error);
}

gboolean
muster_t9a_pregame_enter_deployment_type_roll (MusterT9aPregame  *self,
                                               int                player,
                                               guint              value,
                                               GError           **error)
{
  g_return_val_if_fail (MUSTER_IS_T9A_PREGAME (self), FALSE);
  g_return_val_if_fail (player == MUSTER_PLAYER_NONE || IS_PLAYER (player), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return t9a_type_roll (self, player, TRUE, value, error);
}

const char *
muster_t9a_pregame_get_deployment_type (MusterT9aPregame *self)
{
  g_return_val_if_fail (MUSTER_IS_T9A_PREGAME (self), NULL);

  return self->deployment_type;
}

guint
muster_t9a_pregame_get_deployment_type_roll (MusterT9aPregame *self)
{
  g_return_val_if_fail (MUSTER_IS_T9A_PREGAME (self), 0);

  return self->type_roll;
}

static void
t9a_decide_attempt (MusterT9aPregame *self)
{
  Attempt *attempt = current_attempt (self->attempts);

  if (attempt->roll[0] == 0 || attempt->roll[1] == 0)
    return;

  if (attempt->roll[0] == attempt->roll[1])
    {
      attempt->outcome = MUSTER_ROLL_OFF_TIE;
      start_attempt (self->attempts);
      return;
    }

  attempt->outcome = MUSTER_ROLL_OFF_WON;
  self->chooser = attempt->roll[0] > attempt->roll[1] ? 0 : 1;

  if (current_choice (self) == MUSTER_T9A_CHOICE_NONE)
    self->state = MUSTER_T9A_PREGAME_ZONE;
  else
    self->state = MUSTER_T9A_PREGAME_TYPE_CHOICE;
}

static gboolean
t9a_take_roll_off (MusterT9aPregame  *self,
                   int                player,
                   gboolean           manual,
                   guint              value,
                   GError           **error)
{
  g_autofree char *why = NULL;

  if (!t9a_expect_state (self, MUSTER_T9A_PREGAME_ROLL_OFF, error))
    return FALSE;

  why = g_strdup_printf (_("Roll-off for the choice of Deployment Zone, attempt %u"),
                         self->attempts->len);

  if (!take_die (self->dice, self->attempts, player, self->player_ids[player],
                 6, manual, value, why, error))
    return FALSE;

  t9a_decide_attempt (self);
  t9a_changed (self);

  return TRUE;
}

gboolean
muster_t9a_pregame_roll_off (MusterT9aPregame  *self,
                             int                player,
                             GError           **error)
{
  g_return_val_if_fail (MUSTER_IS_T9A_PREGAME (self), FALSE);
  g_return_val_if_fail (IS_PLAYER (player), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return t9a_take_roll_off (self, player, FALSE, 0, error);
}

gboolean
muster_t9a_pregame_enter_roll_off (MusterT9aPregame  *self,
                                   int                player,
                                   guint              value,
                                   GError           **error)
{
  g_return_val_if_fail (MUSTER_IS_T9A_PREGAME (self), FALSE);
  g_return_val_if_fail (IS_PLAYER (player), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return t9a_take_roll_off (self, player, TRUE, value, error);
}

guint
muster_t9a_pregame_get_n_attempts (MusterT9aPregame *self)
{
  g_return_val_if_fail (MUSTER_IS_T9A_PREGAME (self), 0);

  return self->attempts->len;
}

guint
muster_t9a_pregame_get_roll (MusterT9aPregame *self,
                             guint             attempt,
                             int               player)
{
  g_return_val_if_fail (MUSTER_IS_T9A_PREGAME (self), 0);

  return attempt_roll (self->attempts, attempt, player);
}

MusterRollOffOutcome
muster_t9a_pregame_get_outcome (MusterT9aPregame *self,
                                guint             attempt)
{
  g_return_val_if_fail (MUSTER_IS_T9A_PREGAME (self), MUSTER_ROLL_OFF_PENDING);

  return attempt_outcome (self->attempts, attempt);
}

int
muster_t9a_pregame_get_chooser (MusterT9aPregame *self)
{
  g_return_val_if_fail (MUSTER_IS_T9A_PREGAME (self), MUSTER_PLAYER_NONE);

  return self->chooser;
}

static gboolean
check_chooser (MusterT9aPregame  *self,
               int                player,
               GError           **error)
{
  if (player == self->chooser)
    return TRUE;

  return refuse (error, MUSTER_INITIATIVE_ERROR_NOT_YOUR_CHOICE,
                 _("%s lost the roll-off: the winner makes the pre-game choices"),
                 self->player_ids[player]);
}

static gboolean
is_one_of (const char * const *values,
           const char         *value)
{
  return value != NULL && g_strv_contains (values, value);
}

gboolean
muster_t9a_pregame_make_choice (MusterT9aPregame  *self,
                                int                player,
                                const char        *value,
                                GError           **error)
{
  const char * const *values;

  g_return_val_if_fail (MUSTER_IS_T9A_PREGAME (self), FALSE);
  g_return_val_if_fail (IS_PLAYER (player), FALSE);
  g_return_val_if_fail (value != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!t9a_expect_state (self, MUSTER_T9A_PREGAME_TYPE_CHOICE, error) ||
      !check_chooser (self, player, error))
    return FALSE;

  values = muster_t9a_choice_get_values (current_choice (self));
  if (!is_one_of (values, value))
    {
      g_autofree char *allowed = g_strjoinv (", ", (char **) values);

      g_set_error (error, MUSTER_INITIATIVE_ERROR, MUSTER_INITIATIVE_ERROR_INVALID,
                   _("“%s” is not a choice of this deployment type (%s)"), value, allowed);
      return FALSE;
    }

  g_free (self->choice_value);
  self->choice_value = g_strdup (value);
  self->state = MUSTER_T9A_PREGAME_ZONE;
  t9a_changed (self);

  return TRUE;
}

gboolean
muster_t9a_pregame_choose_zone (MusterT9aPregame  *self,
                                int                player,
                                const char        *zone,
                                GError           **error)
{
  const char * const *zones;

  g_return_val_if_fail (MUSTER_IS_T9A_PREGAME (self), FALSE);
  g_return_val_if_fail (IS_PLAYER (player), FALSE);
  g_return_val_if_fail (zone != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!t9a_expect_state (self, MUSTER_T9A_PREGAME_ZONE, error) ||
      !check_chooser (self, player, error))
    return FALSE;

  zones = zones_for (self);
  if (!is_one_of (zones, zone))
    {
      g_set_error (error, MUSTER_INITIATIVE_ERROR, MUSTER_INITIATIVE_ERROR_INVALID,
                   _("“%s” is not a Deployment Zone here: choose “%s” or “%s”"),
                   zone, zones[0], zones[1]);
      return FALSE;
    }

  g_free (self->zone[player]);
  g_free (self->zone[1 - player]);
  self->zone[player] = g_strdup (zone);
  self->zone[1 - player] = g_strdup (other_value (zones, zone));
  self->state = MUSTER_T9A_PREGAME_FIRST_DEPLOYER;
  t9a_changed (self);

  return TRUE;
}

gboolean
muster_t9a_pregame_choose_first_deployer (MusterT9aPregame  *self,
                                          int                player,
                                          int                first,
                                          GError           **error)
{
  g_return_val_if_fail (MUSTER_IS_T9A_PREGAME (self), FALSE);
  g_return_val_if_fail (IS_PLAYER (player), FALSE);
  g_return_val_if_fail (IS_PLAYER (first), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!t9a_expect_state (self, MUSTER_T9A_PREGAME_FIRST_DEPLOYER, error) ||
      !check_chooser (self, player, error))
    return FALSE;

  self->first_deployer = first;
  self->state = MUSTER_T9A_PREGAME_DONE;
  t9a_changed (self);

  return TRUE;
}

const char *
muster_t9a_pregame_get_diagonal (MusterT9aPregame *self)
{
  g_return_val_if_fail (MUSTER_IS_T9A_PREGAME (self), NULL);

  if (current_choice (self) != MUSTER_T9A_CHOICE_DIAGONAL)
    return NULL;

  return self->choice_value;
}

/* The chooser's value of a per-player choice, or the opposite one. */
static const char *
per_player_choice (MusterT9aPregame *self,
                   MusterT9aChoice   choice,
                   int               player)
{
  if (current_choice (self) != choice || self->choice_value == NULL)
    return NULL;

  if (player == self->chooser)
    return self->choice_value;

  return other_value (muster_t9a_choice_get_values (choice), self->choice_value);
}

const char *
muster_t9a_pregame_get_role (MusterT9aPregame *self,
                             int               player)
{
  g_return_val_if_fail (MUSTER_IS_T9A_PREGAME (self), NULL);
  g_return_val_if_fail (IS_PLAYER (player), NULL);

  return per_player_choice (self, MUSTER_T9A_CHOICE_ROLE, player);
}

const char *
muster_t9a_pregame_get_short_edge (MusterT9aPregame *self,
                                   int               player)
{
  g_return_val_if_fail (MUSTER_IS_T9A_PREGAME (self), NULL);
  g_return_val_if_fail (IS_PLAYER (player), NULL);

  return per_player_choice (self, MUSTER_T9A_CHOICE_SHORT_EDGE, player);
}

const char *
muster_t9a_pregame_get_zone (MusterT9aPregame *self,
                             int               player)
{
  g_return_val_if_fail (MUSTER_IS_T9A_PREGAME (self), NULL);
  g_return_val_if_fail (IS_PLAYER (player), NULL);

  return self->zone[player];
}

int
muster_t9a_pregame_get_first_deployer (MusterT9aPregame *self)
{
  g_return_val_if_fail (MUSTER_IS_T9A_PREGAME (self), MUSTER_PLAYER_NONE);

  return self->first_deployer;
}
