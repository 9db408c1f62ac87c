/* muster-order-sequence.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-orders"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "muster-orders-private.h"

/* ------------------------------------------------------------------ */
/* A Player Turn                                                      */
/* ------------------------------------------------------------------ */

typedef struct
{
  char                   *trooper;
  const MusterOrderSkill *skill;
  MusterAroCheck          check;
  gboolean                idle;
} Aro;

struct _MusterOrderSequence
{
  GObject                 parent_instance;

  MusterOrderRules       *rules;
  MusterDice             *dice;
  char                   *active_player;
  char                   *reactive_player;
  GPtrArray              *steps;            /* the version's MusterOrderStep, headings included */
  guint                   current;          /* index into steps, never a heading */
  gboolean                finished;
  guint                   n_orders_left;
  guint                   order_number;

  char                  **roster;
  MusterAroEligibleFunc   eligible_func;
  gpointer                eligible_data;
  GDestroyNotify          eligible_destroy;
  MusterOrderNameFunc     name_func;
  gpointer                name_data;

  /* The Order under way */
  char                   *trooper;
  const MusterOrderSkill *skills[2];
  gboolean                idle[2];
  GHashTable             *eligible[2];      /* MusterAroCheck → set of trooper ids */
  GHashTable             *aros;             /* trooper id → Aro */
  GHashTable             *lost;             /* set of trooper ids */
};

enum {
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (MusterOrderSequence, muster_order_sequence, G_TYPE_OBJECT)

/* For people: the name the caller gives a player or trooper, else its id. */
static const char *
name_of (MusterOrderSequence *self,
         const char          *id)
{
  const char *name = self->name_func != NULL && id != NULL ? self->name_func (id, self->name_data) : NULL;

  return name != NULL ? name : id;
}

void
muster_order_sequence_set_name_func (MusterOrderSequence *self,
                                     MusterOrderNameFunc  func,
                                     gpointer             user_data)
{
  g_return_if_fail (MUSTER_IS_ORDER_SEQUENCE (self));

  self->name_func = func;
  self->name_data = user_data;
}

static void
aro_free (gpointer data)
{
  Aro *aro = data;

  g_free (aro->trooper);
  g_free (aro);
}

static void
muster_order_sequence_finalize (GObject *object)
{
  MusterOrderSequence *self = (MusterOrderSequence *)object;

  if (self->eligible_destroy != NULL)
    self->eligible_destroy (self->eligible_data);

  g_clear_object (&self->rules);
  g_clear_object (&self->dice);
  g_clear_pointer (&self->active_player, g_free);
  g_clear_pointer (&self->reactive_player, g_free);
  g_clear_pointer (&self->steps, g_ptr_array_unref);
  g_clear_pointer (&self->roster, g_strfreev);
  g_clear_pointer (&self->trooper, g_free);
  g_clear_pointer (&self->eligible[0], g_hash_table_unref);
  g_clear_pointer (&self->eligible[1], g_hash_table_unref);
  g_clear_pointer (&self->aros, g_hash_table_unref);
  g_clear_pointer (&self->lost, g_hash_table_unref);

  G_OBJECT_CLASS (muster_order_sequence_parent_class)->finalize (object);
}

static void
muster_order_sequence_class_init (MusterOrderSequenceClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = muster_order_sequence_finalize;

  /**
   * MusterOrderSequence::changed:
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
muster_order_sequence_init (MusterOrderSequence *self)
{
  self->eligible[0] = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->eligible[1] = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->aros = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, aro_free);
  self->lost = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}

static const MusterOrderStep *
step_at (MusterOrderSequence *self,
         guint                index)
{
  return g_ptr_array_index (self->steps, index);
}

static MusterOrderStepKind
current_kind (MusterOrderSequence *self)
{
  return step_at (self, self->current)->kind;
}

/* Whether kind belongs to an ARO check, and which. */
static gboolean
aro_check_of (MusterOrderStepKind  kind,
              MusterAroCheck      *check)
{
  switch (kind)
    {
    case MUSTER_ORDER_STEP_ARO:
    case MUSTER_ORDER_STEP_ARO_CHECK:
    case MUSTER_ORDER_STEP_ARO_DECLARATION:
      *check = MUSTER_ARO_CHECK_FIRST;
      return TRUE;

    case MUSTER_ORDER_STEP_LATE_ARO:
    case MUSTER_ORDER_STEP_LATE_ARO_CHECK:
    case MUSTER_ORDER_STEP_LATE_ARO_DECLARATION:
      *check = MUSTER_ARO_CHECK_SECOND;
      return TRUE;

    case MUSTER_ORDER_STEP_HEADING:
    case MUSTER_ORDER_STEP_ACTIVATION:
    case MUSTER_ORDER_STEP_SPEND_ORDER:
    case MUSTER_ORDER_STEP_FIRST_SKILL:
    case MUSTER_ORDER_STEP_SECOND_SKILL:
    case MUSTER_ORDER_STEP_ARO_VALIDITY:
    case MUSTER_ORDER_STEP_RESOLUTION:
    case MUSTER_ORDER_STEP_EFFECTS:
    case MUSTER_ORDER_STEP_CONCLUSION:
    default:
      return FALSE;
    }
}

static gboolean
is_declaration_step (MusterOrderStepKind kind)
{
  return kind == MUSTER_ORDER_STEP_ARO ||
         kind == MUSTER_ORDER_STEP_ARO_DECLARATION ||
         kind == MUSTER_ORDER_STEP_LATE_ARO ||
         kind == MUSTER_ORDER_STEP_LATE_ARO_DECLARATION;
}

static gboolean
is_check_step (MusterOrderStepKind kind)
{
  return kind == MUSTER_ORDER_STEP_ARO ||
         kind == MUSTER_ORDER_STEP_ARO_CHECK ||
         kind == MUSTER_ORDER_STEP_LATE_ARO ||
         kind == MUSTER_ORDER_STEP_LATE_ARO_CHECK;
}

/* Steps that only follow a second skill: skipped after an Entire Order. */
static gboolean
follows_second_skill (MusterOrderStepKind kind)
{
  MusterAroCheck check;

  return kind == MUSTER_ORDER_STEP_SECOND_SKILL ||
         (aro_check_of (kind, &check) && check == MUSTER_ARO_CHECK_SECOND);
}

static void
compute_eligible (MusterOrderSequence *self,
                  MusterAroCheck       check)
{
  g_hash_table_remove_all (self->eligible[check]);

  if (self->eligible_func == NULL || self->roster == NULL)
    return;

  for (guint i = 0; self->roster[i] != NULL; i++)
    if (self->eligible_func (self, self->roster[i], check, self->eligible_data))
      g_hash_table_add (self->eligible[check], g_strdup (self->roster[i]));
}

static void
reset_order (MusterOrderSequence *self)
{
  g_clear_pointer (&self->trooper, g_free);
  self->skills[0] = self->skills[1] = NULL;
  self->idle[0] = self->idle[1] = FALSE;
  g_hash_table_remove_all (self->eligible[0]);
  g_hash_table_remove_all (self->eligible[1]);
  g_hash_table_remove_all (self->aros);
  g_hash_table_remove_all (self->lost);
}

/* Makes index (or the first step after it that applies) current, and does
 * what entering it does. */
static void
enter_step (MusterOrderSequence *self,
            guint                index)
{
  for (; index < self->steps->len; index++)
    {
      MusterOrderStepKind kind = step_at (self, index)->kind;
      MusterAroCheck check;

      if (kind == MUSTER_ORDER_STEP_HEADING)
        continue;

      if (follows_second_skill (kind) &&
          self->skills[0] != NULL && self->skills[0]->kind == MUSTER_SKILL_ENTIRE_ORDER)
        continue;

      self->current = index;

      if (is_check_step (kind) && aro_check_of (kind, &check))
        compute_eligible (self, check);

      return;
    }

  g_assert_not_reached ();
}

MusterOrderSequence *
muster_order_sequence_new (MusterOrderRules *rules,
                           MusterDice       *dice,
                           const char       *active_player,
                           const char       *reactive_player,
                           guint             n_orders)
{
  MusterOrderSequence *self;

  g_return_val_if_fail (MUSTER_IS_ORDER_RULES (rules), NULL);
  g_return_val_if_fail (MUSTER_IS_DICE (dice), NULL);
  g_return_val_if_fail (active_player != NULL, NULL);
  g_return_val_if_fail (reactive_player != NULL, NULL);

  self = g_object_new (MUSTER_TYPE_ORDER_SEQUENCE, NULL);
  self->rules = g_object_ref (rules);
  self->dice = g_object_ref (dice);
  self->active_player = g_strdup (active_player);
  self->reactive_player = g_strdup (reactive_player);
  self->steps = g_ptr_array_ref (rules->current->steps);
  self->n_orders_left = n_orders;
  self->finished = n_orders == 0;
  enter_step (self, 0);

  return self;
}

void
muster_order_sequence_set_reactive_troopers (MusterOrderSequence *self,
                                             const char * const  *trooper_ids)
{
  g_return_if_fail (MUSTER_IS_ORDER_SEQUENCE (self));

  g_strfreev (self->roster);
  self->roster = g_strdupv ((char **) trooper_ids);
}

void
muster_order_sequence_set_aro_eligible_func (MusterOrderSequence   *self,
                                             MusterAroEligibleFunc  func,
                                             gpointer               user_data,
                                             GDestroyNotify         destroy)
{
  g_return_if_fail (MUSTER_IS_ORDER_SEQUENCE (self));

  if (self->eligible_destroy != NULL)
    self->eligible_destroy (self->eligible_data);

  self->eligible_func = func;
  self->eligible_data = user_data;
  self->eligible_destroy = destroy;
}

static void
emit_changed (MusterOrderSequence *self)
{
  g_signal_emit (self, signals[CHANGED], 0);
}

static gboolean
expect_running (MusterOrderSequence  *self,
                GError              **error)
{
  if (!self->finished)
    return TRUE;

  return _muster_orders_refuse (error, MUSTER_ORDERS_ERROR_WRONG_STEP,
                 _("The Player Turn of %s is over"), name_of (self, self->active_player));
}

static gboolean
wrong_step (MusterOrderSequence  *self,
            const char           *what,
            GError              **error)
{
  const MusterOrderStep *step = step_at (self, self->current);

  return _muster_orders_refuse (error, MUSTER_ORDERS_ERROR_WRONG_STEP,
                 _("Not at step %s (%s): %s"), step->number, step->name, what);
}

static gboolean
in_roster (MusterOrderSequence *self,
           const char          *trooper_id)
{
  return self->roster == NULL || g_strv_contains ((const char * const *) self->roster, trooper_id);
}

gboolean
muster_order_sequence_set_eligible (MusterOrderSequence  *self,
                                    const char * const   *trooper_ids,
                                    GError              **error)
{
  GHashTableIter iter;
  gpointer value;
  MusterAroCheck check;

  g_return_val_if_fail (MUSTER_IS_ORDER_SEQUENCE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!expect_running (self, error))
    return FALSE;

  if (!aro_check_of (current_kind (self), &check))
    return wrong_step (self, _("eligibility for AROs is set during an ARO check"), error);

  g_hash_table_iter_init (&iter, self->aros);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    if (((Aro *) value)->check == check)
      return wrong_step (self, _("AROs of this check are already declared"), error);

  for (guint i = 0; trooper_ids != NULL && trooper_ids[i] != NULL; i++)
    if (!in_roster (self, trooper_ids[i]))
      return _muster_orders_refuse (error, MUSTER_ORDERS_ERROR_INVALID,
                     _("“%s” is not a trooper of %s"), name_of (self, trooper_ids[i]),
                     name_of (self, self->reactive_player));

  g_hash_table_remove_all (self->eligible[check]);
  for (guint i = 0; trooper_ids != NULL && trooper_ids[i] != NULL; i++)
    g_hash_table_add (self->eligible[check], g_strdup (trooper_ids[i]));

  emit_changed (self);

  return TRUE;
}

const MusterOrderStep *
muster_order_sequence_get_step (MusterOrderSequence *self)
{
  g_return_val_if_fail (MUSTER_IS_ORDER_SEQUENCE (self), NULL);

  if (self->finished)
    return NULL;

  return step_at (self, self->current);
}

MusterOrderSide
muster_order_sequence_get_acting_side (MusterOrderSequence *self)
{
  MusterAroCheck check;

  g_return_val_if_fail (MUSTER_IS_ORDER_SEQUENCE (self), MUSTER_ORDER_SIDE_NONE);

  if (self->finished)
    return MUSTER_ORDER_SIDE_NONE;

  switch (current_kind (self))
    {
    case MUSTER_ORDER_STEP_ACTIVATION:
    case MUSTER_ORDER_STEP_SPEND_ORDER:
    case MUSTER_ORDER_STEP_FIRST_SKILL:
    case MUSTER_ORDER_STEP_SECOND_SKILL:
      return MUSTER_ORDER_SIDE_ACTIVE;

    case MUSTER_ORDER_STEP_ARO_VALIDITY:
    case MUSTER_ORDER_STEP_RESOLUTION:
    case MUSTER_ORDER_STEP_EFFECTS:
    case MUSTER_ORDER_STEP_CONCLUSION:
      return MUSTER_ORDER_SIDE_BOTH;

    case MUSTER_ORDER_STEP_HEADING:
    case MUSTER_ORDER_STEP_ARO:
    case MUSTER_ORDER_STEP_ARO_CHECK:
    case MUSTER_ORDER_STEP_ARO_DECLARATION:
    case MUSTER_ORDER_STEP_LATE_ARO:
    case MUSTER_ORDER_STEP_LATE_ARO_CHECK:
    case MUSTER_ORDER_STEP_LATE_ARO_DECLARATION:
    default:
      return aro_check_of (current_kind (self), &check) ? MUSTER_ORDER_SIDE_REACTIVE
                                                       : MUSTER_ORDER_SIDE_NONE;
    }
}

gboolean
muster_order_sequence_is_finished (MusterOrderSequence *self)
{
  g_return_val_if_fail (MUSTER_IS_ORDER_SEQUENCE (self), TRUE);

  return self->finished;
}

guint
muster_order_sequence_get_n_orders_left (MusterOrderSequence *self)
{
  g_return_val_if_fail (MUSTER_IS_ORDER_SEQUENCE (self), 0);

  return self->n_orders_left;
}

guint
muster_order_sequence_get_order_number (MusterOrderSequence *self)
{
  g_return_val_if_fail (MUSTER_IS_ORDER_SEQUENCE (self), 0);

  return self->order_number;
}

gboolean
muster_order_sequence_activate (MusterOrderSequence  *self,
                                const char           *trooper_id,
                                GError              **error)
{
  g_return_val_if_fail (MUSTER_IS_ORDER_SEQUENCE (self), FALSE);
  g_return_val_if_fail (trooper_id != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!expect_running (self, error))
    return FALSE;

  if (current_kind (self) != MUSTER_ORDER_STEP_ACTIVATION)
    return wrong_step (self, _("a trooper is activated at the start of an Order"), error);

  if (self->n_orders_left == 0)
    return _muster_orders_refuse (error, MUSTER_ORDERS_ERROR_NO_ORDERS,
                   _("%s has no Orders left"), name_of (self, self->active_player));

  if (*trooper_id == '\0' ||
      (self->roster != NULL && g_strv_contains ((const char * const *) self->roster, trooper_id)))
    return _muster_orders_refuse (error, MUSTER_ORDERS_ERROR_INVALID,
                   _("“%s” is not a trooper of %s"), name_of (self, trooper_id),
                   name_of (self, self->active_player));

  g_free (self->trooper);
  self->trooper = g_strdup (trooper_id);
  emit_changed (self);

  return TRUE;
}

gboolean
muster_order_sequence_declare_skill (MusterOrderSequence  *self,
                                     const char           *skill_id,
                                     GError              **error)
{
  MusterSkillCatalogue *catalogue;
  guint slot;

  g_return_val_if_fail (MUSTER_IS_ORDER_SEQUENCE (self), FALSE);
  g_return_val_if_fail (skill_id != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!expect_running (self, error))
    return FALSE;

  catalogue = self->rules->catalogue;

  switch (current_kind (self))
    {
    case MUSTER_ORDER_STEP_FIRST_SKILL:
      if (!muster_skill_catalogue_check_order (catalogue, skill_id, NULL, error))
        return FALSE;
      slot = 0;
      break;

    case MUSTER_ORDER_STEP_SECOND_SKILL:
      if (!muster_skill_catalogue_check_order (catalogue, self->skills[0]->id, skill_id, error))
        return FALSE;
      slot = 1;
      break;

    case MUSTER_ORDER_STEP_HEADING:
    case MUSTER_ORDER_STEP_ACTIVATION:
    case MUSTER_ORDER_STEP_SPEND_ORDER:
    case MUSTER_ORDER_STEP_ARO:
    case MUSTER_ORDER_STEP_ARO_CHECK:
    case MUSTER_ORDER_STEP_ARO_DECLARATION:
    case MUSTER_ORDER_STEP_LATE_ARO:
    case MUSTER_ORDER_STEP_LATE_ARO_CHECK:
    case MUSTER_ORDER_STEP_LATE_ARO_DECLARATION:
    case MUSTER_ORDER_STEP_ARO_VALIDITY:
    case MUSTER_ORDER_STEP_RESOLUTION:
    case MUSTER_ORDER_STEP_EFFECTS:
    case MUSTER_ORDER_STEP_CONCLUSION:
    default:
      return wrong_step (self, _("skills are declared at the first and second skill steps"), error);
    }

  self->skills[slot] = muster_skill_catalogue_lookup (catalogue, skill_id);
  emit_changed (self);

  return TRUE;
}

gboolean
muster_order_sequence_declare_aro (MusterOrderSequence  *self,
                                   const char           *trooper_id,
                                   const char           *skill_id,
                                   GError              **error)
{
  MusterOrderStepKind kind;
  MusterAroCheck check;
  const MusterOrderSkill *skill;
  Aro *aro;

  g_return_val_if_fail (MUSTER_IS_ORDER_SEQUENCE (self), FALSE);
  g_return_val_if_fail (trooper_id != NULL, FALSE);
  g_return_val_if_fail (skill_id != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!expect_running (self, error))
    return FALSE;

  kind = current_kind (self);
  if (!is_declaration_step (kind) || !aro_check_of (kind, &check))
    return wrong_step (self, _("AROs are declared right after the first skill or Entire Order "
                               "and, by troopers that only then become eligible, after the "
                               "second skill"),
                       error);

  if (!in_roster (self, trooper_id))
    return _muster_orders_refuse (error, MUSTER_ORDERS_ERROR_INVALID,
                   _("“%s” is not a trooper of %s"), name_of (self, trooper_id),
                   name_of (self, self->reactive_player));

  if (g_hash_table_contains (self->aros, trooper_id))
    return _muster_orders_refuse (error, MUSTER_ORDERS_ERROR_ALREADY_REACTED,
                   _("%s has already declared its ARO against this Order: each trooper gets one"),
                   name_of (self, trooper_id));

  if (check == MUSTER_ARO_CHECK_SECOND && g_hash_table_contains (self->eligible[0], trooper_id))
    return _muster_orders_refuse (error, MUSTER_ORDERS_ERROR_ARO_LOST,
                   _("%s could react after the first skill and did not: its ARO against this "
                     "Order is lost"),
                   name_of (self, trooper_id));

  if (!g_hash_table_contains (self->eligible[check], trooper_id))
    return _muster_orders_refuse (error, MUSTER_ORDERS_ERROR_NOT_ELIGIBLE,
                   _("%s has neither Line of Fire nor Zone of Control to the active trooper "
                     "and cannot react now"),
                   name_of (self, trooper_id));

  skill = _muster_skill_catalogue_lookup_or_refuse (self->rules->catalogue, skill_id, error);
  if (skill == NULL || !_muster_skill_check_aro (skill, error))
    return FALSE;

  aro = g_new0 (Aro, 1);
  aro->trooper = g_strdup (trooper_id);
  aro->skill = skill;
  aro->check = check;
  g_hash_table_insert (self->aros, aro->trooper, aro);
  emit_changed (self);

  return TRUE;
}

gboolean
muster_order_sequence_idle_aro (MusterOrderSequence  *self,
                                const char           *trooper_id,
                                GError              **error)
{
  MusterOrderStepKind kind;
  Aro *aro;

  g_return_val_if_fail (MUSTER_IS_ORDER_SEQUENCE (self), FALSE);
  g_return_val_if_fail (trooper_id != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!expect_running (self, error))
    return FALSE;

  kind = current_kind (self);
  if (kind != MUSTER_ORDER_STEP_ARO_VALIDITY && kind != MUSTER_ORDER_STEP_RESOLUTION)
    return wrong_step (self, _("an ARO becomes Idle when it is checked or resolved"), error);

  aro = g_hash_table_lookup (self->aros, trooper_id);
  if (aro == NULL)
    return _muster_orders_refuse (error, MUSTER_ORDERS_ERROR_INVALID,
                   _("%s declared no ARO against this Order"), name_of (self, trooper_id));

  aro->idle = TRUE;
  emit_changed (self);

  return TRUE;
}

gboolean
muster_order_sequence_idle_skill (MusterOrderSequence  *self,
                                  guint                 slot,
                                  GError              **error)
{
  g_return_val_if_fail (MUSTER_IS_ORDER_SEQUENCE (self), FALSE);
  g_return_val_if_fail (slot < 2, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!expect_running (self, error))
    return FALSE;

  if (current_kind (self) != MUSTER_ORDER_STEP_RESOLUTION)
    return wrong_step (self, _("a skill whose requirements fail becomes Idle at the Resolution"),
                       error);

  if (self->skills[slot] == NULL)
    return _muster_orders_refuse (error, MUSTER_ORDERS_ERROR_INVALID,
                   _("No second skill was declared in this Order"));

  self->idle[slot] = TRUE;
  emit_changed (self);

  return TRUE;
}

/* Checks the table's dice before any of them is logged. */
static gboolean
check_entered (const guint  *rolls,
               guint         n,
               GError      **error)
{
  for (guint i = 0; rolls != NULL && i < n; i++)
    if (rolls[i] < 1 || rolls[i] > 20)
      return _muster_orders_refuse (error, MUSTER_ORDERS_ERROR_INVALID,
                     _("%u is not a result of a d20"), rolls[i]);

  return TRUE;
}

static void
throw_dice (MusterOrderSequence  *self,
            MusterFaceToFaceSide *side,
            const guint          *entered,
            const char           *player,
            const char           *why)
{
  for (guint i = 0; i < side->n_dice; i++)
    {
      if (entered != NULL)
        {
          side->rolls[i] = entered[i];
          muster_dice_record (self->dice, 20, entered[i], player, why, NULL);
        }
      else
        {
          side->rolls[i] = muster_dice_roll (self->dice, 20, player, why);
        }
    }
}

gboolean
muster_order_sequence_face_to_face (MusterOrderSequence  *self,
                                    const char           *reactive_trooper,
                                    guint                 active_target,
                                    guint                 active_burst,
                                    const guint          *active_rolls,
                                    guint                 reactive_target,
                                    guint                 reactive_burst,
                                    const guint          *reactive_rolls,
                                    MusterFaceToFace     *result,
                                    GError              **error)
{
  MusterFaceToFace f2f = { 0 };
  g_autofree char *active_why = NULL;
  g_autofree char *reactive_why = NULL;

  g_return_val_if_fail (MUSTER_IS_ORDER_SEQUENCE (self), FALSE);
  g_return_val_if_fail (result != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!expect_running (self, error))
    return FALSE;

  if (current_kind (self) != MUSTER_ORDER_STEP_RESOLUTION)
    return wrong_step (self, _("rolls are made at the Resolution"), error);

  if (active_burst < 1 || active_burst > MUSTER_FACE_TO_FACE_MAX_DICE)
    return _muster_orders_refuse (error, MUSTER_ORDERS_ERROR_INVALID,
                   _("A Burst is between 1 and %u, not %u"),
                   MUSTER_FACE_TO_FACE_MAX_DICE, active_burst);

  if (reactive_trooper != NULL)
    {
      Aro *aro = g_hash_table_lookup (self->aros, reactive_trooper);

      if (aro == NULL)
        return _muster_orders_refuse (error, MUSTER_ORDERS_ERROR_INVALID,
                       _("%s declared no ARO against this Order"), name_of (self, reactive_trooper));

      if (aro->idle)
        return _muster_orders_refuse (error, MUSTER_ORDERS_ERROR_INVALID,
                       _("The ARO of %s is Idle"), name_of (self, reactive_trooper));

      if (reactive_burst < 1 || reactive_burst > MUSTER_FACE_TO_FACE_MAX_DICE)
        return _muster_orders_refuse (error, MUSTER_ORDERS_ERROR_INVALID,
                       _("A Burst is between 1 and %u, not %u"),
                       MUSTER_FACE_TO_FACE_MAX_DICE, reactive_burst);
    }
  else
    {
      reactive_burst = 0;
    }

  if (!check_entered (active_rolls, active_burst, error) ||
      !check_entered (reactive_rolls, reactive_burst, error))
    return FALSE;

  f2f.side[0].target = active_target;
  f2f.side[0].n_dice = active_burst;
  f2f.side[1].target = reactive_target;
  f2f.side[1].n_dice = reactive_burst;

  active_why = g_strdup_printf (_("Order %u, %s, against %u"),
                                self->order_number, name_of (self, self->trooper), active_target);
  throw_dice (self, &f2f.side[0], active_rolls, self->active_player, active_why);

  if (reactive_trooper != NULL)
    {
      reactive_why = g_strdup_printf (_("Order %u, ARO of %s, against %u"),
                                      self->order_number, name_of (self, reactive_trooper), reactive_target);
      throw_dice (self, &f2f.side[1], reactive_rolls, self->reactive_player, reactive_why);
    }

  muster_face_to_face_resolve (&f2f, TRUE);
  *result = f2f;
  emit_changed (self);

  return TRUE;
}

/* What leaving the current step does; the caller has checked that it may
 * be left. */
static void
leave_step (MusterOrderSequence *self)
{
  MusterOrderStepKind kind = current_kind (self);
  GHashTableIter iter;
  gpointer key;
  MusterAroCheck check;

  if (!is_declaration_step (kind) || !aro_check_of (kind, &check))
    return;

  /* Eligible troopers that did not react now have lost their ARO. */
  g_hash_table_iter_init (&iter, self->eligible[check]);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      if (g_hash_table_contains (self->aros, key))
        continue;
      if (check == MUSTER_ARO_CHECK_SECOND && g_hash_table_contains (self->eligible[0], key))
        continue;
      g_hash_table_add (self->lost, g_strdup (key));
    }
}

gboolean
muster_order_sequence_advance (MusterOrderSequence  *self,
                               GError              **error)
{
  MusterOrderStepKind kind;

  g_return_val_if_fail (MUSTER_IS_ORDER_SEQUENCE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!expect_running (self, error))
    return FALSE;

  kind = current_kind (self);

  if (kind == MUSTER_ORDER_STEP_ACTIVATION && self->trooper == NULL)
    return _muster_orders_refuse (error, MUSTER_ORDERS_ERROR_WRONG_STEP,
                   _("Name the trooper to activate first"));

  if (kind == MUSTER_ORDER_STEP_FIRST_SKILL && self->skills[0] == NULL)
    return _muster_orders_refuse (error, MUSTER_ORDERS_ERROR_WRONG_STEP,
                   _("Declare the first skill or the Entire Order first"));

  leave_step (self);

  /* Step 1.1, Order Expenditure, is where the Order leaves the pool: the
   * pool shows it gone while the players mark it spent. */
  if (kind == MUSTER_ORDER_STEP_ACTIVATION)
    {
      self->order_number++;
      self->n_orders_left--;
    }

  if (kind == MUSTER_ORDER_STEP_CONCLUSION)
    {
      reset_order (self);

      if (self->n_orders_left == 0)
        self->finished = TRUE;
      else
        enter_step (self, 0);
    }
  else
    {
      enter_step (self, self->current + 1);
    }

  emit_changed (self);

  return TRUE;
}

gboolean
muster_order_sequence_end_turn (MusterOrderSequence  *self,
                                GError              **error)
{
  g_return_val_if_fail (MUSTER_IS_ORDER_SEQUENCE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!expect_running (self, error))
    return FALSE;

  if (current_kind (self) != MUSTER_ORDER_STEP_ACTIVATION)
    return wrong_step (self, _("the turn ends between Orders"), error);

  reset_order (self);
  self->finished = TRUE;
  emit_changed (self);

  return TRUE;
}

const char *
muster_order_sequence_get_active_trooper (MusterOrderSequence *self)
{
  g_return_val_if_fail (MUSTER_IS_ORDER_SEQUENCE (self), NULL);

  return self->trooper;
}

const MusterOrderSkill *
muster_order_sequence_get_skill (MusterOrderSequence *self,
                                 guint                slot)
{
  g_return_val_if_fail (MUSTER_IS_ORDER_SEQUENCE (self), NULL);
  g_return_val_if_fail (slot < 2, NULL);

  return self->skills[slot];
}

gboolean
muster_order_sequence_is_skill_idle (MusterOrderSequence *self,
                                     guint                slot)
{
  g_return_val_if_fail (MUSTER_IS_ORDER_SEQUENCE (self), FALSE);
  g_return_val_if_fail (slot < 2, FALSE);

  return self->idle[slot];
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

char **
muster_order_sequence_dup_eligible (MusterOrderSequence *self)
{
  g_autoptr(GPtrArray) ids = NULL;
  GHashTableIter iter;
  gpointer key;
  MusterAroCheck check;

  g_return_val_if_fail (MUSTER_IS_ORDER_SEQUENCE (self), NULL);

  ids = g_ptr_array_new_with_free_func (g_free);

  if (!self->finished && aro_check_of (current_kind (self), &check))
    {
      g_hash_table_iter_init (&iter, self->eligible[check]);
      while (g_hash_table_iter_next (&iter, &key, NULL))
        {
          if (g_hash_table_contains (self->aros, key))
            continue;
          if (check == MUSTER_ARO_CHECK_SECOND && g_hash_table_contains (self->eligible[0], key))
            continue;
          g_ptr_array_add (ids, g_strdup (key));
        }
    }

  g_ptr_array_sort (ids, compare_strings);
  g_ptr_array_add (ids, NULL);

  return (char **) g_ptr_array_free (g_steal_pointer (&ids), FALSE);
}

const MusterOrderSkill *
muster_order_sequence_get_aro (MusterOrderSequence *self,
                               const char          *trooper_id)
{
  Aro *aro;

  g_return_val_if_fail (MUSTER_IS_ORDER_SEQUENCE (self), NULL);
  g_return_val_if_fail (trooper_id != NULL, NULL);

  aro = g_hash_table_lookup (self->aros, trooper_id);

  return aro != NULL ? aro->skill : NULL;
}

gboolean
muster_order_sequence_is_aro_idle (MusterOrderSequence *self,
                                   const char          *trooper_id)
{
  Aro *aro;

  g_return_val_if_fail (MUSTER_IS_ORDER_SEQUENCE (self), FALSE);
  g_return_val_if_fail (trooper_id != NULL, FALSE);

  aro = g_hash_table_lookup (self->aros, trooper_id);

  return aro != NULL && aro->idle;
}

gboolean
muster_order_sequence_has_lost_aro (MusterOrderSequence *self,
                                    const char          *trooper_id)
{
  g_return_val_if_fail (MUSTER_IS_ORDER_SEQUENCE (self), FALSE);
  g_return_val_if_fail (trooper_id != NULL, FALSE);

  return g_hash_table_contains (self->lost, trooper_id);
}
