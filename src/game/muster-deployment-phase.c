/* muster-deployment-phase.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-deployment-phase"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "muster-deployment-phase.h"

#define IS_PLAYER(p) ((p) == 0 || (p) == 1)

/* Infinity's four steps. */
#define INFINITY_N_STEPS 4

typedef struct
{
  char               *id;
  int                 player;
  MusterTrooperFlags  flags;
  char              **categories;
  gboolean            placed;
  guint               turn;        /* step or owner's turn it was placed in */
  MusterHoldReason    hold;
  guint               hold_turn;   /* step it was held back in (0: declarations) */
} Trooper;

struct _MusterDeploymentPhase
{
  GObject                     parent_instance;

  MusterDeploymentGame        game;
  char                       *player_ids[2];
  char                       *deployment_id;
  int                         first;

  GPtrArray                  *troopers;     /* Trooper, in the order added */
  GHashTable                 *by_id;        /* id → Trooper */
  MusterTrooperNameFunc       name_func;
  gpointer                    name_data;

  MusterPlacementCheck        check;
  gpointer                    check_data;
  GDestroyNotify              check_destroy;

  MusterDeploymentPhaseState  state;
  int                         active;
  guint                       step;         /* Infinity: 1 .. 4 */
  guint                       turns[2];     /* 9th Age: turns each player has begun */
  guint                       placed_now;

  /* 9th Age rules of the deployment type */
  guint                       restricted_turns;
  char                      **restricted_categories;
  char                      **exempt_categories;
  guint                       max_reserves;
  gboolean                    needs_short_edge;   /* with the first unit */
  gboolean                    can_delay;          /* undeployed units become Delayed */
  char                       *short_edge[2];
  const char * const         *short_edges;       /* the table's two, static */
};

enum {
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (MusterDeploymentPhase, muster_deployment_phase, G_TYPE_OBJECT)

/* For people: the name the caller gives a trooper, else its id. */
static const char *
name_of (MusterDeploymentPhase *self,
         const char            *trooper_id)
{
  const char *name = self->name_func != NULL ? self->name_func (trooper_id, self->name_data) : NULL;

  return name != NULL ? name : trooper_id;
}

void
muster_deployment_phase_set_name_func (MusterDeploymentPhase *self,
                                       MusterTrooperNameFunc  func,
                                       gpointer               user_data)
{
  g_return_if_fail (MUSTER_IS_DEPLOYMENT_PHASE (self));

  self->name_func = func;
  self->name_data = user_data;
}
G_DEFINE_QUARK (muster-deployment-phase-error-quark, muster_deployment_phase_error)

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
  g_propagate_error (error, g_error_new_valist (MUSTER_DEPLOYMENT_PHASE_ERROR, code, format, args));
  va_end (args);

  return FALSE;
}

static void
trooper_free (gpointer data)
{
  Trooper *trooper = data;

  g_free (trooper->id);
  g_strfreev (trooper->categories);
  g_free (trooper);
}

static void
muster_deployment_phase_finalize (GObject *object)
{
  MusterDeploymentPhase *self = (MusterDeploymentPhase *)object;

  if (self->check_destroy != NULL)
    self->check_destroy (self->check_data);

  for (guint i = 0; i < 2; i++)
    {
      g_clear_pointer (&self->player_ids[i], g_free);
      g_clear_pointer (&self->short_edge[i], g_free);
    }
  g_clear_pointer (&self->deployment_id, g_free);
  g_clear_pointer (&self->by_id, g_hash_table_unref);
  g_clear_pointer (&self->troopers, g_ptr_array_unref);
  g_clear_pointer (&self->restricted_categories, g_strfreev);
  g_clear_pointer (&self->exempt_categories, g_strfreev);

  G_OBJECT_CLASS (muster_deployment_phase_parent_class)->finalize (object);
}

static void
muster_deployment_phase_class_init (MusterDeploymentPhaseClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = muster_deployment_phase_finalize;

  /**
   * MusterDeploymentPhase::changed:
   *
   * Emitted after every accepted action.
   */
  signals[CHANGED] =
    g_signal_new ("changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void
muster_deployment_phase_init (MusterDeploymentPhase *self)
{
  self->troopers = g_ptr_array_new_with_free_func (trooper_free);
  self->by_id = g_hash_table_new (g_str_hash, g_str_equal);
  self->state = MUSTER_DEPLOYMENT_PHASE_SETUP;
  self->active = MUSTER_PLAYER_NONE;
}

static MusterDeploymentPhase *
deployment_phase_new (MusterDeploymentGame  game,
                      const char * const   *player_ids,
                      int                   first_player)
{
  MusterDeploymentPhase *self = g_object_new (MUSTER_TYPE_DEPLOYMENT_PHASE, NULL);

  self->game = game;
  self->player_ids[0] = g_strdup (player_ids[0]);
  self->player_ids[1] = g_strdup (player_ids[1]);
  self->first = first_player;

  return self;
}

MusterDeploymentPhase *
muster_deployment_phase_new_infinity (const char * const *player_ids,
                                      int                 first_player)
{
  MusterDeploymentPhase *self;

  g_return_val_if_fail (player_ids != NULL && player_ids[0] != NULL && player_ids[1] != NULL, NULL);
  g_return_val_if_fail (IS_PLAYER (first_player), NULL);

  self = deployment_phase_new (MUSTER_DEPLOYMENT_GAME_INFINITY, player_ids, first_player);
  self->deployment_id = g_strdup ("standard");

  return self;
}

MusterDeploymentPhase *
muster_deployment_phase_new_t9a (const char * const *player_ids,
                                 int                 first_player,
                                 const char         *deployment_id)
{
  static const char * const counterthrust[] = { "character", NULL };
  static const char * const marching[] = { "character", "war-machine", "war-platform", NULL };
  static const char * const scouts[] = { "scout", NULL };
  MusterDeploymentPhase *self;

  g_return_val_if_fail (player_ids != NULL && player_ids[0] != NULL && player_ids[1] != NULL, NULL);
  g_return_val_if_fail (IS_PLAYER (first_player), NULL);
  g_return_val_if_fail (deployment_id != NULL, NULL);

  self = deployment_phase_new (MUSTER_DEPLOYMENT_GAME_T9A, player_ids, first_player);
  self->deployment_id = g_strdup (deployment_id);

  /* RULES.md's table; the system file may say otherwise through the
   * setters. */
  if (g_str_equal (deployment_id, "counterthrust"))
    {
      muster_deployment_phase_set_restrictions (self, 3, counterthrust);
      self->exempt_categories = g_strdupv ((char **) scouts);
    }
  else if (g_str_equal (deployment_id, "marching-columns"))
    {
      muster_deployment_phase_set_restrictions (self, 3, marching);
      self->needs_short_edge = TRUE;
      self->can_delay = TRUE;
    }
  else if (g_str_equal (deployment_id, "dawn-assault"))
    self->max_reserves = 2;

  return self;
}

void
muster_deployment_phase_set_placement_check (MusterDeploymentPhase *self,
                                             MusterPlacementCheck   check,
                                             gpointer               user_data,
                                             GDestroyNotify         destroy)
{
  g_return_if_fail (MUSTER_IS_DEPLOYMENT_PHASE (self));

  if (self->check_destroy != NULL)
    self->check_destroy (self->check_data);

  self->check = check;
  self->check_data = user_data;
  self->check_destroy = destroy;
}

void
muster_deployment_phase_set_restrictions (MusterDeploymentPhase *self,
                                          guint                  turns,
                                          const char * const    *categories)
{
  g_return_if_fail (MUSTER_IS_DEPLOYMENT_PHASE (self));
  g_return_if_fail (self->game == MUSTER_DEPLOYMENT_GAME_T9A);
  g_return_if_fail (self->state == MUSTER_DEPLOYMENT_PHASE_SETUP);

  self->restricted_turns = turns;
  g_strfreev (self->restricted_categories);
  self->restricted_categories = g_strdupv ((char **) categories);
}

void
muster_deployment_phase_set_exempt (MusterDeploymentPhase *self,
                                    const char * const    *categories)
{
  g_return_if_fail (MUSTER_IS_DEPLOYMENT_PHASE (self));
  g_return_if_fail (self->game == MUSTER_DEPLOYMENT_GAME_T9A);
  g_return_if_fail (self->state == MUSTER_DEPLOYMENT_PHASE_SETUP);

  g_strfreev (self->exempt_categories);
  self->exempt_categories = g_strdupv ((char **) categories);
}

void
muster_deployment_phase_set_max_reserves (MusterDeploymentPhase *self,
                                          guint                  max_reserves)
{
  g_return_if_fail (MUSTER_IS_DEPLOYMENT_PHASE (self));
  g_return_if_fail (self->game == MUSTER_DEPLOYMENT_GAME_T9A);
  g_return_if_fail (self->state == MUSTER_DEPLOYMENT_PHASE_SETUP);

  self->max_reserves = max_reserves;
}

void
muster_deployment_phase_set_turn_options (MusterDeploymentPhase *self,
                                          gboolean               short_edge_with_first_unit,
                                          gboolean               can_delay)
{
  g_return_if_fail (MUSTER_IS_DEPLOYMENT_PHASE (self));
  g_return_if_fail (self->game == MUSTER_DEPLOYMENT_GAME_T9A);
  g_return_if_fail (self->state == MUSTER_DEPLOYMENT_PHASE_SETUP);

  self->needs_short_edge = !!short_edge_with_first_unit;
  self->can_delay = !!can_delay;
}

MusterDeploymentGame
muster_deployment_phase_get_game (MusterDeploymentPhase *self)
{
  g_return_val_if_fail (MUSTER_IS_DEPLOYMENT_PHASE (self), MUSTER_DEPLOYMENT_GAME_INFINITY);

  return self->game;
}

const char *
muster_deployment_phase_get_deployment_id (MusterDeploymentPhase *self)
{
  g_return_val_if_fail (MUSTER_IS_DEPLOYMENT_PHASE (self), NULL);

  return self->deployment_id;
}

guint
muster_deployment_phase_get_restricted_turns (MusterDeploymentPhase *self)
{
  g_return_val_if_fail (MUSTER_IS_DEPLOYMENT_PHASE (self), 0);

  return self->restricted_turns;
}

guint
muster_deployment_phase_get_max_reserves (MusterDeploymentPhase *self)
{
  g_return_val_if_fail (MUSTER_IS_DEPLOYMENT_PHASE (self), 0);

  return self->max_reserves;
}

gboolean
muster_deployment_phase_get_needs_short_edge (MusterDeploymentPhase *self)
{
  g_return_val_if_fail (MUSTER_IS_DEPLOYMENT_PHASE (self), FALSE);

  return self->needs_short_edge;
}

gboolean
muster_deployment_phase_get_can_delay (MusterDeploymentPhase *self)
{
  g_return_val_if_fail (MUSTER_IS_DEPLOYMENT_PHASE (self), FALSE);

  return self->can_delay;
}

static void
emit_changed (MusterDeploymentPhase *self)
{
  g_signal_emit (self, signals[CHANGED], 0);
}

static guint
count_remaining (MusterDeploymentPhase *self,
                 int                    player)
{
  guint n = 0;

  for (guint i = 0; i < self->troopers->len; i++)
    {
      const Trooper *trooper = g_ptr_array_index (self->troopers, i);

      if (trooper->player == player && !trooper->placed && trooper->hold == MUSTER_HOLD_NONE)
        n++;
    }

  return n;
}

static guint
count_held (MusterDeploymentPhase *self,
            int                    player,
            MusterHoldReason       reason)
{
  guint n = 0;

  for (guint i = 0; i < self->troopers->len; i++)
    {
      const Trooper *trooper = g_ptr_array_index (self->troopers, i);

      if (trooper->player == player && trooper->hold != MUSTER_HOLD_NONE &&
          (reason == MUSTER_HOLD_NONE || trooper->hold == reason))
        n++;
    }

  return n;
}

/* The step (Infinity) or the active player's turn (9th Age). */
static guint
current_turn (MusterDeploymentPhase *self)
{
  if (self->state != MUSTER_DEPLOYMENT_PHASE_DEPLOYING)
    return 0;

  if (self->game == MUSTER_DEPLOYMENT_GAME_INFINITY)
    return self->step;

  return self->turns[self->active];
}

/* The first of trooper's categories that is one of these, or NULL. */
static const char *
category_among (const Trooper *trooper,
                char         **categories)
{
  for (guint i = 0; categories != NULL && trooper->categories != NULL && trooper->categories[i] != NULL; i++)
    if (g_strv_contains ((const char * const *) categories, trooper->categories[i]))
      return trooper->categories[i];

  return NULL;
}

static gboolean
is_restricted (MusterDeploymentPhase *self,
               const Trooper         *trooper)
{
  return category_among (trooper, self->restricted_categories) != NULL;
}

/* The restricted category of trooper, in the rulebook's words. */
static const char *
restricted_category (MusterDeploymentPhase *self,
                     const Trooper         *trooper)
{
  static const struct { const char *id; const char *name; } names[] = {
    { "character", N_("Character") },
    { "war-machine", N_("War Machine") },
    { "war-platform", N_("War Platform") },
  };
  const char *id = category_among (trooper, self->restricted_categories);

  g_assert (id != NULL);
  for (guint j = 0; j < G_N_ELEMENTS (names); j++)
    if (g_str_equal (names[j].id, id))
      return _(names[j].name);

  return id;
}

/* Units using Special Deployment (Counterthrust's Scouts) ignore the
 * single-unit turns and do not count for them: the categories the
 * deploy-sequence rule exempts. */
static gboolean
is_exempt (MusterDeploymentPhase *self,
           const Trooper         *trooper)
{
  return category_among (trooper, self->exempt_categories) != NULL;
}

/* The units the player deployed in this turn that count for the
 * single-unit turns. */
static guint
count_single_units_now (MusterDeploymentPhase *self,
                        int                    player)
{
  guint n = 0;

  for (guint i = 0; i < self->troopers->len; i++)
    {
      const Trooper *trooper = g_ptr_array_index (self->troopers, i);

      n += trooper->player == player && trooper->placed &&
           trooper->turn == self->turns[player] && !is_exempt (self, trooper);
    }

  return n;
}

static gboolean
has_unrestricted_left (MusterDeploymentPhase *self,
                       int                    player)
{
  for (guint i = 0; i < self->troopers->len; i++)
    {
      const Trooper *trooper = g_ptr_array_index (self->troopers, i);

      if (trooper->player == player && !trooper->placed && trooper->hold == MUSTER_HOLD_NONE &&
          !is_restricted (self, trooper))
        return TRUE;
    }

  return FALSE;
}

static gboolean
expect_deploying (MusterDeploymentPhase  *self,
                  GError                **error)
{
  switch (self->state)
    {
    case MUSTER_DEPLOYMENT_PHASE_DEPLOYING:
      return TRUE;

    case MUSTER_DEPLOYMENT_PHASE_SETUP:
      return refuse (error, MUSTER_DEPLOYMENT_PHASE_ERROR_WRONG_STATE,
                     _("The deployment phase has not started yet"));

    case MUSTER_DEPLOYMENT_PHASE_DECLARATIONS:
      return refuse (error, MUSTER_DEPLOYMENT_PHASE_ERROR_WRONG_STATE,
                     _("Finish declaring Special Deployment and reserves before deploying"));

    case MUSTER_DEPLOYMENT_PHASE_DONE:
      return refuse (error, MUSTER_DEPLOYMENT_PHASE_ERROR_WRONG_STATE,
                     _("The deployment phase is over"));

    default:
      g_assert_not_reached ();
    }
}

static gboolean
expect_active (MusterDeploymentPhase  *self,
               int                     player,
               GError                **error)
{
  g_autofree char *step = NULL;

  if (player == self->active)
    return TRUE;

  step = muster_deployment_phase_describe (self);

  return refuse (error, MUSTER_DEPLOYMENT_PHASE_ERROR_OUT_OF_TURN,
                 _("It is not %s’s turn to deploy. %s"), self->player_ids[player], step);
}

static Trooper *
lookup_own (MusterDeploymentPhase  *self,
            int                     player,
            const char             *trooper_id,
            GError                **error)
{
  Trooper *trooper = g_hash_table_lookup (self->by_id, trooper_id);

  if (trooper == NULL)
    {
      refuse (error, MUSTER_DEPLOYMENT_PHASE_ERROR_UNKNOWN_TROOPER,
              _("There is no trooper “%s” in the deployment"), name_of (self, trooper_id));
      return NULL;
    }

  if (trooper->player != player)
    {
      refuse (error, MUSTER_DEPLOYMENT_PHASE_ERROR_NOT_YOURS,
              _("“%s” belongs to %s, not to %s"),
              name_of (self, trooper_id), self->player_ids[trooper->player], self->player_ids[player]);
      return NULL;
    }

  return trooper;
}

static gboolean
expect_undone (MusterDeploymentPhase  *self,
               const Trooper          *trooper,
               GError                **error)
{
  if (trooper->placed)
    return refuse (error, MUSTER_DEPLOYMENT_PHASE_ERROR_ALREADY_DONE,
                   _("“%s” is already on the table"), name_of (self, trooper->id));

  if (trooper->hold != MUSTER_HOLD_NONE)
    return refuse (error, MUSTER_DEPLOYMENT_PHASE_ERROR_ALREADY_DONE,
                   _("“%s” is held off the table"), name_of (self, trooper->id));

  return TRUE;
}

gboolean
muster_deployment_phase_add_trooper (MusterDeploymentPhase  *self,
                                     int                     player,
                                     const char             *trooper_id,
                                     MusterTrooperFlags      flags,
                                     const char * const     *categories,
                                     GError                **error)
{
  Trooper *trooper;

  g_return_val_if_fail (MUSTER_IS_DEPLOYMENT_PHASE (self), FALSE);
  g_return_val_if_fail (IS_PLAYER (player), FALSE);
  g_return_val_if_fail (trooper_id != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (self->state != MUSTER_DEPLOYMENT_PHASE_SETUP)
    return refuse (error, MUSTER_DEPLOYMENT_PHASE_ERROR_WRONG_STATE,
                   _("Troopers are added before the deployment phase starts"));

  if (*trooper_id == '\0' || g_hash_table_contains (self->by_id, trooper_id))
    return refuse (error, MUSTER_DEPLOYMENT_PHASE_ERROR_INVALID,
                   _("“%s” is not a new trooper id"), trooper_id);

  trooper = g_new0 (Trooper, 1);
  trooper->id = g_strdup (trooper_id);
  trooper->player = player;
  trooper->flags = flags;
  trooper->categories = g_strdupv ((char **) categories);
  g_ptr_array_add (self->troopers, trooper);
  g_hash_table_insert (self->by_id, trooper->id, trooper);

  emit_changed (self);

  return TRUE;
}

/* 9th Age: the next player with something left to deploy, the other
 * player first; DONE when nobody has. */
static void
t9a_next_turn (MusterDeploymentPhase *self,
               int                    previous)
{
  int candidates[2];

  candidates[0] = previous == MUSTER_PLAYER_NONE ? self->first : 1 - previous;
  candidates[1] = 1 - candidates[0];
  self->placed_now = 0;

  for (guint i = 0; i < 2; i++)
    {
      if (count_remaining (self, candidates[i]) > 0)
        {
          self->state = MUSTER_DEPLOYMENT_PHASE_DEPLOYING;
          self->active = candidates[i];
          self->turns[self->active]++;
          return;
        }
    }

  self->state = MUSTER_DEPLOYMENT_PHASE_DONE;
  self->active = MUSTER_PLAYER_NONE;
}

gboolean
muster_deployment_phase_start (MusterDeploymentPhase  *self,
                               GError                **error)
{
  g_return_val_if_fail (MUSTER_IS_DEPLOYMENT_PHASE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (self->state != MUSTER_DEPLOYMENT_PHASE_SETUP)
    return refuse (error, MUSTER_DEPLOYMENT_PHASE_ERROR_WRONG_STATE,
                   _("The deployment phase has already started"));

  for (int player = 0; player < 2; player++)
    if (count_remaining (self, player) == 0)
      return refuse (error, MUSTER_DEPLOYMENT_PHASE_ERROR_INVALID,
                     _("%s has nothing to deploy"), self->player_ids[player]);

  if (self->game == MUSTER_DEPLOYMENT_GAME_INFINITY)
    {
      self->state = MUSTER_DEPLOYMENT_PHASE_DEPLOYING;
      self->step = 1;
      self->active = self->first;
    }
  else
    {
      self->state = MUSTER_DEPLOYMENT_PHASE_DECLARATIONS;
    }

  emit_changed (self);

  return TRUE;
}

gboolean
muster_deployment_phase_finish_declarations (MusterDeploymentPhase  *self,
                                             GError                **error)
{
  g_return_val_if_fail (MUSTER_IS_DEPLOYMENT_PHASE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (self->state != MUSTER_DEPLOYMENT_PHASE_DECLARATIONS)
    return refuse (error, MUSTER_DEPLOYMENT_PHASE_ERROR_WRONG_STATE,
                   _("There are no declarations to finish now"));

  t9a_next_turn (self, MUSTER_PLAYER_NONE);
  emit_changed (self);

  return TRUE;
}

static gboolean
check_infinity_placement (MusterDeploymentPhase  *self,
                          int                     player,
                          GError                **error)
{
  /* Steps 1 and 2 keep one trooper back for steps 3 and 4. */
  if (self->step <= 2 && count_remaining (self, player) < 2)
    return refuse (error, MUSTER_DEPLOYMENT_PHASE_ERROR_SEQUENCE,
                   _("Step %u deploys all troopers but one: %s must keep one back for step %u"),
                   self->step, self->player_ids[player], self->step + 2);

  return TRUE;
}

static gboolean
check_t9a_placement (MusterDeploymentPhase  *self,
                     int                     player,
                     const Trooper          *trooper,
                     GError                **error)
{
  guint turn = self->turns[player];

  if (self->needs_short_edge && self->short_edge[player] == NULL)
    return refuse (error, MUSTER_DEPLOYMENT_PHASE_ERROR_NEEDS_SHORT_EDGE,
                   _("%s must choose a short Board Edge with the first unit"),
                   self->player_ids[player]);

  if (turn > self->restricted_turns || is_exempt (self, trooper))
    return TRUE;

  if (count_single_units_now (self, player) > 0)
    return refuse (error, MUSTER_DEPLOYMENT_PHASE_ERROR_SEQUENCE,
                   g_dngettext (GETTEXT_PACKAGE,
                                "In the first %u deployment turn each player deploys a single "
                                "unit; this is %s’s turn %u and a unit is already deployed",
                                "In the first %u deployment turns each player deploys a single "
                                "unit; this is %s’s turn %u and a unit is already deployed",
                                self->restricted_turns),
                   self->restricted_turns, self->player_ids[player], turn);

  if (is_restricted (self, trooper) && has_unrestricted_left (self, player))
    return refuse (error, MUSTER_DEPLOYMENT_PHASE_ERROR_SEQUENCE,
                   g_dngettext (GETTEXT_PACKAGE,
                                "“%s” is a %s: in the first %u deployment turn it may be deployed "
                                "only when nothing else is left",
                                "“%s” is a %s: in the first %u deployment turns it may be deployed "
                                "only when nothing else is left",
                                self->restricted_turns),
                   name_of (self, trooper->id), restricted_category (self, trooper),
                   self->restricted_turns);

  return TRUE;
}

gboolean
muster_deployment_phase_place (MusterDeploymentPhase  *self,
                               int                     player,
                               const char             *trooper_id,
                               gconstpointer           placement,
                               GError                **error)
{
  Trooper *trooper;

  g_return_val_if_fail (MUSTER_IS_DEPLOYMENT_PHASE (self), FALSE);
  g_return_val_if_fail (IS_PLAYER (player), FALSE);
  g_return_val_if_fail (trooper_id != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!expect_deploying (self, error))
    return FALSE;

  trooper = lookup_own (self, player, trooper_id, error);
  if (trooper == NULL ||
      !expect_active (self, player, error) ||
      !expect_undone (self, trooper, error))
    return FALSE;

  if (self->game == MUSTER_DEPLOYMENT_GAME_INFINITY)
    {
      if (!check_infinity_placement (self, player, error))
        return FALSE;
    }
  else if (!check_t9a_placement (self, player, trooper, error))
    {
      return FALSE;
    }

  if (self->check != NULL)
    {
      g_autoptr(GError) local_error = NULL;

      if (!self->check (self, player, trooper_id, placement, self->check_data, &local_error))
        {
          if (local_error != NULL)
            g_propagate_error (error, g_steal_pointer (&local_error));
          else
            refuse (error, MUSTER_DEPLOYMENT_PHASE_ERROR_PLACEMENT,
                    _("“%s” cannot be deployed there"), name_of (self, trooper_id));
          return FALSE;
        }
    }

  trooper->placed = TRUE;
  trooper->turn = current_turn (self);
  self->placed_now++;
  emit_changed (self);

  return TRUE;
}

gboolean
muster_deployment_phase_unplace (MusterDeploymentPhase  *self,
                                 int                     player,
                                 const char             *trooper_id,
                                 GError                **error)
{
  Trooper *trooper;

  g_return_val_if_fail (MUSTER_IS_DEPLOYMENT_PHASE (self), FALSE);
  g_return_val_if_fail (IS_PLAYER (player), FALSE);
  g_return_val_if_fail (trooper_id != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!expect_deploying (self, error))
    return FALSE;

  trooper = lookup_own (self, player, trooper_id, error);
  if (trooper == NULL || !expect_active (self, player, error))
    return FALSE;

  if (!trooper->placed || trooper->turn != current_turn (self))
    return refuse (error, MUSTER_DEPLOYMENT_PHASE_ERROR_SEQUENCE,
                   _("Only a trooper deployed in this step can be taken back"));

  trooper->placed = FALSE;
  trooper->turn = 0;
  self->placed_now--;
  emit_changed (self);

  return TRUE;
}

static gboolean
infinity_hold_back (MusterDeploymentPhase  *self,
                    int                     player,
                    Trooper                *trooper,
                    MusterHoldReason        reason,
                    GError                **error)
{
  if (reason != MUSTER_HOLD_OFF_TABLE)
    return refuse (error, MUSTER_DEPLOYMENT_PHASE_ERROR_INVALID,
                   _("In Infinity a trooper is held back only by a skill that keeps it off the table"));

  if (!expect_deploying (self, error) || !expect_active (self, player, error) ||
      !expect_undone (self, trooper, error))
    return FALSE;

  if ((trooper->flags & MUSTER_TROOPER_MAY_STAY_OFF_TABLE) == 0)
    return refuse (error, MUSTER_DEPLOYMENT_PHASE_ERROR_CANNOT_HOLD,
                   _("“%s” has no skill (such as Airborne Deployment or TO Camouflage) "
                     "that lets it stay off the table"),
                   name_of (self, trooper->id));

  if (!check_infinity_placement (self, player, error))
    return FALSE;

  trooper->hold = reason;
  trooper->hold_turn = self->step;

  return TRUE;
}

static gboolean
t9a_hold_back (MusterDeploymentPhase  *self,
               int                     player,
               Trooper                *trooper,
               MusterHoldReason        reason,
               GError                **error)
{
  if (self->state != MUSTER_DEPLOYMENT_PHASE_DECLARATIONS)
    return refuse (error, MUSTER_DEPLOYMENT_PHASE_ERROR_WRONG_STATE,
                   _("Special Deployment and reserves are declared before the first deployment turn"));

  if (!expect_undone (self, trooper, error))
    return FALSE;

  switch (reason)
    {
    case MUSTER_HOLD_SPECIAL_DEPLOYMENT:
      if ((trooper->flags & MUSTER_TROOPER_SPECIAL_DEPLOYMENT) == 0)
        return refuse (error, MUSTER_DEPLOYMENT_PHASE_ERROR_CANNOT_HOLD,
                       _("“%s” has no Special Deployment rule"), name_of (self, trooper->id));
      break;

    case MUSTER_HOLD_RESERVE:
      if (self->max_reserves == 0)
        return refuse (error, MUSTER_DEPLOYMENT_PHASE_ERROR_CANNOT_HOLD,
                       _("This deployment type has no reserves"));
      if (count_held (self, player, MUSTER_HOLD_RESERVE) >= self->max_reserves)
        return refuse (error, MUSTER_DEPLOYMENT_PHASE_ERROR_CANNOT_HOLD,
                       g_dngettext (GETTEXT_PACKAGE,
                                    "%s already keeps %u unit in reserve, the most allowed",
                                    "%s already keeps %u units in reserve, the most allowed",
                                    self->max_reserves),
                       self->player_ids[player], self->max_reserves);
      break;

    case MUSTER_HOLD_NONE:
    case MUSTER_HOLD_OFF_TABLE:
    case MUSTER_HOLD_DELAYED:
    default:
      return refuse (error, MUSTER_DEPLOYMENT_PHASE_ERROR_INVALID,
                     _("In the 9th Age a unit is held back for Special Deployment or as a reserve"));
    }

  trooper->hold = reason;
  trooper->hold_turn = 0;

  return TRUE;
}

gboolean
muster_deployment_phase_hold_back (MusterDeploymentPhase  *self,
                                   int                     player,
                                   const char             *trooper_id,
                                   MusterHoldReason        reason,
                                   GError                **error)
{
  Trooper *trooper;
  gboolean ret;

  g_return_val_if_fail (MUSTER_IS_DEPLOYMENT_PHASE (self), FALSE);
  g_return_val_if_fail (IS_PLAYER (player), FALSE);
  g_return_val_if_fail (trooper_id != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (self->state == MUSTER_DEPLOYMENT_PHASE_SETUP || self->state == MUSTER_DEPLOYMENT_PHASE_DONE)
    return expect_deploying (self, error);

  trooper = lookup_own (self, player, trooper_id, error);
  if (trooper == NULL)
    return FALSE;

  if (self->game == MUSTER_DEPLOYMENT_GAME_INFINITY)
    ret = infinity_hold_back (self, player, trooper, reason, error);
  else
    ret = t9a_hold_back (self, player, trooper, reason, error);

  if (ret)
    emit_changed (self);

  return ret;
}

gboolean
muster_deployment_phase_release (MusterDeploymentPhase  *self,
                                 int                     player,
                                 const char             *trooper_id,
                                 GError                **error)
{
  Trooper *trooper;

  g_return_val_if_fail (MUSTER_IS_DEPLOYMENT_PHASE (self), FALSE);
  g_return_val_if_fail (IS_PLAYER (player), FALSE);
  g_return_val_if_fail (trooper_id != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  trooper = lookup_own (self, player, trooper_id, error);
  if (trooper == NULL)
    return FALSE;

  if (trooper->hold == MUSTER_HOLD_NONE)
    return refuse (error, MUSTER_DEPLOYMENT_PHASE_ERROR_INVALID,
                   _("“%s” is not held back"), name_of (self, trooper_id));

  if (self->game == MUSTER_DEPLOYMENT_GAME_INFINITY)
    {
      if (!expect_deploying (self, error) || !expect_active (self, player, error))
        return FALSE;

      if (trooper->hold_turn != self->step)
        return refuse (error, MUSTER_DEPLOYMENT_PHASE_ERROR_SEQUENCE,
                       _("Only a trooper held back in this step can be released"));
    }
  else if (self->state != MUSTER_DEPLOYMENT_PHASE_DECLARATIONS)
    {
      return refuse (error, MUSTER_DEPLOYMENT_PHASE_ERROR_WRONG_STATE,
                     _("Declarations can be changed only before the first deployment turn"));
    }

  trooper->hold = MUSTER_HOLD_NONE;
  trooper->hold_turn = 0;
  emit_changed (self);

  return TRUE;
}

static gboolean
expect_rule (MusterDeploymentPhase  *self,
             gboolean                rule,
             GError                **error)
{
  if (self->game == MUSTER_DEPLOYMENT_GAME_T9A && rule)
    return TRUE;

  return refuse (error, MUSTER_DEPLOYMENT_PHASE_ERROR_INVALID,
                 _("This deployment type has no such rule"));
}

static const char * const *
short_edges_of (MusterDeploymentPhase *self)
{
  static const char * const landscape[] = { "west", "east", NULL };

  return self->short_edges != NULL ? self->short_edges : landscape;
}

void
muster_deployment_phase_set_short_edges (MusterDeploymentPhase *self,
                                         const char * const    *edges)
{
  g_return_if_fail (MUSTER_IS_DEPLOYMENT_PHASE (self));
  g_return_if_fail (edges != NULL && edges[0] != NULL && edges[1] != NULL);

  self->short_edges = edges;
}

gboolean
muster_deployment_phase_choose_short_edge (MusterDeploymentPhase  *self,
                                           int                     player,
                                           const char             *edge,
                                           GError                **error)
{
  g_return_val_if_fail (MUSTER_IS_DEPLOYMENT_PHASE (self), FALSE);
  g_return_val_if_fail (IS_PLAYER (player), FALSE);
  g_return_val_if_fail (edge != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!expect_rule (self, self->needs_short_edge, error))
    return FALSE;

  if (self->state == MUSTER_DEPLOYMENT_PHASE_DEPLOYING)
    {
      if (!expect_active (self, player, error))
        return FALSE;
    }
  else if (self->state != MUSTER_DEPLOYMENT_PHASE_DECLARATIONS)
    {
      return expect_deploying (self, error);
    }

  if (muster_deployment_phase_get_n_placed (self, player) > 0)
    return refuse (error, MUSTER_DEPLOYMENT_PHASE_ERROR_ALREADY_DONE,
                   _("%s chose a short Board Edge with the first unit; it cannot change"),
                   self->player_ids[player]);

  if (!g_strv_contains (short_edges_of (self), edge))
    return refuse (error, MUSTER_DEPLOYMENT_PHASE_ERROR_INVALID,
                   _("“%s” is not a short Board Edge of this table: choose “%s” or “%s”"), edge,
                   short_edges_of (self)[0], short_edges_of (self)[1]);

  g_free (self->short_edge[player]);
  self->short_edge[player] = g_strdup (edge);
  emit_changed (self);

  return TRUE;
}

const char *
muster_deployment_phase_get_short_edge (MusterDeploymentPhase *self,
                                        int                    player)
{
  g_return_val_if_fail (MUSTER_IS_DEPLOYMENT_PHASE (self), NULL);
  g_return_val_if_fail (IS_PLAYER (player), NULL);

  return self->short_edge[player];
}

gboolean
muster_deployment_phase_delay_remaining (MusterDeploymentPhase  *self,
                                         int                     player,
                                         GError                **error)
{
  g_return_val_if_fail (MUSTER_IS_DEPLOYMENT_PHASE (self), FALSE);
  g_return_val_if_fail (IS_PLAYER (player), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!expect_rule (self, self->can_delay, error) ||
      !expect_deploying (self, error) ||
      !expect_active (self, player, error))
    return FALSE;

  if (self->placed_now > 0)
    return refuse (error, MUSTER_DEPLOYMENT_PHASE_ERROR_SEQUENCE,
                   _("Units become Delayed instead of deploying a unit, not after it"));

  for (guint i = 0; i < self->troopers->len; i++)
    {
      Trooper *trooper = g_ptr_array_index (self->troopers, i);

      if (trooper->player == player && !trooper->placed && trooper->hold == MUSTER_HOLD_NONE)
        {
          trooper->hold = MUSTER_HOLD_DELAYED;
          trooper->hold_turn = self->turns[player];
        }
    }

  t9a_next_turn (self, player);
  emit_changed (self);

  return TRUE;
}

gboolean
muster_deployment_phase_finish_step (MusterDeploymentPhase  *self,
                                     int                     player,
                                     GError                **error)
{
  guint remaining;

  g_return_val_if_fail (MUSTER_IS_DEPLOYMENT_PHASE (self), FALSE);
  g_return_val_if_fail (IS_PLAYER (player), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!expect_deploying (self, error) || !expect_active (self, player, error))
    return FALSE;

  remaining = count_remaining (self, player);

  if (self->game == MUSTER_DEPLOYMENT_GAME_T9A)
    {
      if (self->placed_now == 0)
        return refuse (error, MUSTER_DEPLOYMENT_PHASE_ERROR_INCOMPLETE,
                       _("%s must deploy at least one unit in a deployment turn"),
                       self->player_ids[player]);

      t9a_next_turn (self, player);
      emit_changed (self);

      return TRUE;
    }

  if (self->step <= 2 && remaining != 1)
    return refuse (error, MUSTER_DEPLOYMENT_PHASE_ERROR_INCOMPLETE,
                   g_dngettext (GETTEXT_PACKAGE,
                                "Step %u deploys all troopers but one: %s still has %u more to deploy "
                                "or hold back",
                                "Step %u deploys all troopers but one: %s still has %u more to deploy "
                                "or hold back",
                                remaining - 1),
                   self->step, self->player_ids[player], remaining - 1);

  if (self->step > 2 && remaining != 0)
    return refuse (error, MUSTER_DEPLOYMENT_PHASE_ERROR_INCOMPLETE,
                   _("Step %u deploys the trooper %s kept back"),
                   self->step, self->player_ids[player]);

  self->placed_now = 0;
  self->step++;

  if (self->step > INFINITY_N_STEPS)
    {
      self->state = MUSTER_DEPLOYMENT_PHASE_DONE;
      self->step = 0;
      self->active = MUSTER_PLAYER_NONE;
    }
  else
    {
      self->active = (self->step % 2 == 1) ? self->first : 1 - self->first;
    }

  emit_changed (self);

  return TRUE;
}

MusterDeploymentPhaseState
muster_deployment_phase_get_state (MusterDeploymentPhase *self)
{
  g_return_val_if_fail (MUSTER_IS_DEPLOYMENT_PHASE (self), MUSTER_DEPLOYMENT_PHASE_SETUP);

  return self->state;
}

int
muster_deployment_phase_get_active_player (MusterDeploymentPhase *self)
{
  g_return_val_if_fail (MUSTER_IS_DEPLOYMENT_PHASE (self), MUSTER_PLAYER_NONE);

  return self->active;
}

guint
muster_deployment_phase_get_step (MusterDeploymentPhase *self)
{
  g_return_val_if_fail (MUSTER_IS_DEPLOYMENT_PHASE (self), 0);

  return current_turn (self);
}

char *
muster_deployment_phase_describe (MusterDeploymentPhase *self)
{
  const char *who;

  g_return_val_if_fail (MUSTER_IS_DEPLOYMENT_PHASE (self), NULL);

  switch (self->state)
    {
    case MUSTER_DEPLOYMENT_PHASE_SETUP:
      return g_strdup (_("The rosters are being entered"));

    case MUSTER_DEPLOYMENT_PHASE_DECLARATIONS:
      return g_strdup (_("Declarations: Special Deployment and reserves"));

    case MUSTER_DEPLOYMENT_PHASE_DONE:
      return g_strdup (_("The deployment phase is over"));

    case MUSTER_DEPLOYMENT_PHASE_DEPLOYING:
      break;

    default:
      g_assert_not_reached ();
    }

  who = self->player_ids[self->active];

  if (self->game == MUSTER_DEPLOYMENT_GAME_INFINITY)
    {
      if (self->step <= 2)
        return g_strdup_printf (_("Step %u of 4: %s deploys all troopers but one"), self->step, who);

      return g_strdup_printf (_("Step %u of 4: %s deploys the trooper kept back"), self->step, who);
    }

  if (self->turns[self->active] <= self->restricted_turns)
    return g_strdup_printf (_("Deployment turn %u of %s: a single unit"),
                            self->turns[self->active], who);

  return g_strdup_printf (_("Deployment turn %u of %s"), self->turns[self->active], who);
}

guint
muster_deployment_phase_get_n_troopers (MusterDeploymentPhase *self,
                                        int                    player)
{
  guint n = 0;

  g_return_val_if_fail (MUSTER_IS_DEPLOYMENT_PHASE (self), 0);
  g_return_val_if_fail (IS_PLAYER (player), 0);

  for (guint i = 0; i < self->troopers->len; i++)
    if (((const Trooper *) g_ptr_array_index (self->troopers, i))->player == player)
      n++;

  return n;
}

guint
muster_deployment_phase_get_n_placed (MusterDeploymentPhase *self,
                                      int                    player)
{
  guint n = 0;

  g_return_val_if_fail (MUSTER_IS_DEPLOYMENT_PHASE (self), 0);
  g_return_val_if_fail (IS_PLAYER (player), 0);

  for (guint i = 0; i < self->troopers->len; i++)
    {
      const Trooper *trooper = g_ptr_array_index (self->troopers, i);

      if (trooper->player == player && trooper->placed)
        n++;
    }

  return n;
}

guint
muster_deployment_phase_get_n_held (MusterDeploymentPhase *self,
                                    int                    player)
{
  g_return_val_if_fail (MUSTER_IS_DEPLOYMENT_PHASE (self), 0);
  g_return_val_if_fail (IS_PLAYER (player), 0);

  return count_held (self, player, MUSTER_HOLD_NONE);
}

guint
muster_deployment_phase_get_n_remaining (MusterDeploymentPhase *self,
                                         int                    player)
{
  g_return_val_if_fail (MUSTER_IS_DEPLOYMENT_PHASE (self), 0);
  g_return_val_if_fail (IS_PLAYER (player), 0);

  return count_remaining (self, player);
}

guint
muster_deployment_phase_get_n_placed_now (MusterDeploymentPhase *self)
{
  g_return_val_if_fail (MUSTER_IS_DEPLOYMENT_PHASE (self), 0);

  return self->placed_now;
}

static const Trooper *
lookup (MusterDeploymentPhase *self,
        const char            *trooper_id)
{
  return g_hash_table_lookup (self->by_id, trooper_id);
}

gboolean
muster_deployment_phase_is_placed (MusterDeploymentPhase *self,
                                   const char            *trooper_id)
{
  const Trooper *trooper;

  g_return_val_if_fail (MUSTER_IS_DEPLOYMENT_PHASE (self), FALSE);
  g_return_val_if_fail (trooper_id != NULL, FALSE);

  trooper = lookup (self, trooper_id);

  return trooper != NULL && trooper->placed;
}

MusterHoldReason
muster_deployment_phase_get_hold_reason (MusterDeploymentPhase *self,
                                         const char            *trooper_id)
{
  const Trooper *trooper;

  g_return_val_if_fail (MUSTER_IS_DEPLOYMENT_PHASE (self), MUSTER_HOLD_NONE);
  g_return_val_if_fail (trooper_id != NULL, MUSTER_HOLD_NONE);

  trooper = lookup (self, trooper_id);

  return trooper != NULL ? trooper->hold : MUSTER_HOLD_NONE;
}

guint
muster_deployment_phase_get_placement_turn (MusterDeploymentPhase *self,
                                            const char            *trooper_id)
{
  const Trooper *trooper;

  g_return_val_if_fail (MUSTER_IS_DEPLOYMENT_PHASE (self), 0);
  g_return_val_if_fail (trooper_id != NULL, 0);

  trooper = lookup (self, trooper_id);

  return trooper != NULL && trooper->placed ? trooper->turn : 0;
}

gboolean
muster_deployment_phase_check_lieutenant (MusterDeploymentPhase  *self,
                                          int                     player,
                                          GError                **error)
{
  g_return_val_if_fail (MUSTER_IS_DEPLOYMENT_PHASE (self), FALSE);
  g_return_val_if_fail (IS_PLAYER (player), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (self->game != MUSTER_DEPLOYMENT_GAME_INFINITY)
    return TRUE;

  if (self->state != MUSTER_DEPLOYMENT_PHASE_DONE)
    return refuse (error, MUSTER_DEPLOYMENT_PHASE_ERROR_WRONG_STATE,
                   _("The first turn starts after the deployment phase"));

  for (guint i = 0; i < self->troopers->len; i++)
    {
      const Trooper *trooper = g_ptr_array_index (self->troopers, i);

      if (trooper->player == player && trooper->placed &&
          (trooper->flags & MUSTER_TROOPER_LIEUTENANT) != 0)
        return TRUE;
    }

  return refuse (error, MUSTER_DEPLOYMENT_PHASE_ERROR_LOSS_OF_LIEUTENANT,
                 _("Loss of Lieutenant: %s’s Lieutenant is not on the table at the start of "
                   "their first turn"),
                 self->player_ids[player]);
}
