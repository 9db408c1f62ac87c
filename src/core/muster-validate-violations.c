/* muster-validate-violations.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-validate"

#include "config.h"

#include "muster-validate-private.h"

/* The bookkeeping of what each piece breaks and whom it touches: the
 * arrays of a piece state, kept in step with the validator's count. */

/* A state of the slab that comes to own memory (arrays, an outline of its
 * own) is noted, so that clear_state() finds what to free without walking
 * every state of a big table. Noting one twice does no harm. */
static void
note_arrays (MusterValidator *self,
             PieceState      *ps)
{
  if (ps->pooled && ps->violations == NULL && ps->partners == NULL)
    g_array_append_val (self->owning, ps->slot);
}

static void
ensure_violations (MusterValidator *self,
                   PieceState      *ps)
{
  if (ps->violations == NULL)
    {
      note_arrays (self, ps);
      ps->violations = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_violation_free);
      ps->keys = g_array_new (FALSE, FALSE, sizeof (ViolationKey));
    }
}

void
_muster_validator_add_partner (MusterValidator *self,
                               PieceState      *ps,
                               guint            slot)
{
  if (ps->partners == NULL)
    {
      note_arrays (self, ps);
      ps->partners = g_array_new (FALSE, FALSE, sizeof (guint));
    }

  g_array_append_val (ps->partners, slot);
}

void
_muster_validator_add_violation (MusterValidator *self,
                                 PieceState      *ps,
                                 MusterViolation *violation)
{
  ViolationKey key = { violation->code, violation->other_serial };

  ensure_violations (self, ps);
  g_ptr_array_add (ps->violations, violation);
  g_array_append_val (ps->keys, key);
  ps->sorted = FALSE;
  self->n_violations++;
}

void
_muster_validator_add_violations (MusterValidator *self,
                                  PieceState      *ps,
                                  GPtrArray       *violations)
{
  for (guint i = 0; i < violations->len; i++)
    _muster_validator_add_violation (self, ps, g_ptr_array_index (violations, i));

  g_ptr_array_set_free_func (violations, NULL);
  g_ptr_array_set_size (violations, 0);
  g_ptr_array_set_free_func (violations, (GDestroyNotify) muster_violation_free);
}

/* Removes the violations of ps whose code is in codes and, when
 * other_serial is not 0, that name that piece. */
void
_muster_validator_remove_violations (MusterValidator *self,
                                     PieceState      *ps,
                                     guint            codes,
                                     guint            other_serial)
{
  if (ps->violations == NULL)
    return;

  g_assert (ps->keys->len == ps->violations->len);

  for (guint i = ps->keys->len; i > 0; i--)
    {
      const ViolationKey *key = &g_array_index (ps->keys, ViolationKey, i - 1);

      if ((codes & RULE_BIT (key->code)) == 0)
        continue;
      if (other_serial != 0 && key->other_serial != other_serial)
        continue;

      /* Both move their last element into the hole. */
      g_ptr_array_remove_index_fast (ps->violations, i - 1);
      g_array_remove_index_fast (ps->keys, i - 1);
      ps->sorted = FALSE;
      g_assert (self->n_violations > 0);
      self->n_violations--;
    }
}

void
_muster_validator_remove_partner (PieceState *ps,
                                  guint       slot)
{
  for (guint i = 0; ps->partners != NULL && i < ps->partners->len; i++)
    {
      if (g_array_index (ps->partners, guint, i) == slot)
        {
          g_array_remove_index_fast (ps->partners, i);
          return;
        }
    }
}
