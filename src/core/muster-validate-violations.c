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
static Verdicts *
ensure_verdicts (MusterValidator *self,
                 PieceState      *ps)
{
  if (ps->verdicts == NULL)
    {
      if (ps->pooled)
        {
          guint slot = ps->slot;

          g_array_append_val (self->owning, slot);
        }
      ps->verdicts = g_new0 (Verdicts, 1);
    }

  return ps->verdicts;
}

static Verdicts *
ensure_violations (MusterValidator *self,
                   PieceState      *ps)
{
  Verdicts *verdicts = ensure_verdicts (self, ps);

  if (verdicts->violations == NULL)
    {
      verdicts->violations = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_violation_free);
      verdicts->keys = g_array_new (FALSE, FALSE, sizeof (ViolationKey));
    }

  return verdicts;
}

/* Notes that the violations of ps changed, for
 * muster_validator_get_changed_pieces(). */
static void
note_changed (MusterValidator *self,
              PieceState      *ps)
{
  if (self->all_changed || ps->changed)
    return;

  ps->changed = TRUE;
  g_array_append_val (self->changed, ps->serial);
}

void
_muster_validator_add_partner (MusterValidator *self,
                               PieceState      *ps,
                               guint            slot)
{
  Verdicts *verdicts = ensure_verdicts (self, ps);

  if (verdicts->partners == NULL)
    verdicts->partners = g_array_new (FALSE, FALSE, sizeof (guint));

  g_array_append_val (verdicts->partners, slot);
}

void
_muster_validator_add_violation (MusterValidator *self,
                                 PieceState      *ps,
                                 MusterViolation *violation)
{
  ViolationKey key = { violation->code, violation->other_serial };
  Verdicts *verdicts = ensure_violations (self, ps);

  g_ptr_array_add (verdicts->violations, violation);
  g_array_append_val (verdicts->keys, key);
  if (verdicts->violations->len == 1)
    {
      self->n_broken++;
      _muster_validator_listing_enter (self, ps);
    }
  ps->sorted = FALSE;
  note_changed (self, ps);
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
  GPtrArray *violations = piece_violations (ps);
  GArray *keys;
  gboolean had;

  if (violations == NULL)
    return;

  keys = ps->verdicts->keys;
  g_assert (keys->len == violations->len);
  had = violations->len > 0;

  for (guint i = keys->len; i > 0; i--)
    {
      const ViolationKey *key = &g_array_index (keys, ViolationKey, i - 1);

      if ((codes & RULE_BIT (key->code)) == 0)
        continue;
      if (other_serial != 0 && key->other_serial != other_serial)
        continue;

      /* Both move their last element into the hole. */
      g_ptr_array_remove_index_fast (violations, i - 1);
      g_array_remove_index_fast (keys, i - 1);
      ps->sorted = FALSE;
      note_changed (self, ps);
      g_assert (self->n_violations > 0);
      self->n_violations--;
    }

  if (had && violations->len == 0)
    {
      g_assert (self->n_broken > 0);
      self->n_broken--;
      _muster_validator_listing_leave (self, ps);
    }
}

/* The violations of ps (which has some), put in order first if they are
 * not: muster_validator_get_piece_violations() gives them so. */
GPtrArray *
_muster_validator_sorted_violations (PieceState *ps)
{
  GPtrArray *violations = piece_violations (ps);

  if (!ps->sorted)
    {
      g_ptr_array_sort (violations, _muster_violation_compare_in_piece_cb);
      for (guint i = 0; i < violations->len; i++)
        {
          const MusterViolation *v = g_ptr_array_index (violations, i);
          ViolationKey *key = &g_array_index (ps->verdicts->keys, ViolationKey, i);

          key->code = v->code;
          key->other_serial = v->other_serial;
        }
      ps->sorted = TRUE;
    }

  return violations;
}

void
_muster_validator_remove_partner (PieceState *ps,
                                  guint       slot)
{
  GArray *partners = piece_partners (ps);

  for (guint i = 0; partners != NULL && i < partners->len; i++)
    {
      if (g_array_index (partners, guint, i) == slot)
        {
          g_array_remove_index_fast (partners, i);
          return;
        }
    }
}

void
_muster_validator_piece_state_free (PieceState *ps)
{
  muster_outline_clear (&ps->info.outline);
  if (ps->verdicts != NULL)
    {
      g_clear_pointer (&ps->verdicts->violations, g_ptr_array_unref);
      g_clear_pointer (&ps->verdicts->keys, g_array_unref);
      g_clear_pointer (&ps->verdicts->partners, g_array_unref);
      g_clear_pointer (&ps->verdicts, g_free);
    }
  if (!ps->pooled)
    g_free (ps);
}

/* The blocks a state of the slab may own, made during the pass and cold
 * by the end of a big table's: its arrays and their violations.
 * clear_state() asks for each link of that chain some states ahead of
 * freeing them, a link further for each state closer, so that the misses
 * of thousands of states overlap rather than come one after another. */
static inline void
prefetch_verdicts (const PieceState *ps,
                   guint             link)
{
  const Verdicts *verdicts = link > 0 ? ps->verdicts : NULL;

  if (link == 0)
    prefetch (&ps->verdicts);
  else if (verdicts == NULL)
    return;   /* it owns an outline only */
  else if (link == 1)
    prefetch (verdicts);
  else if (link == 2)
    {
      prefetch (verdicts->violations);
      prefetch (verdicts->keys);
      prefetch (verdicts->partners);
    }
  else if (link == 3)
    {
      if (verdicts->violations != NULL)
        prefetch (verdicts->violations->pdata);
      if (verdicts->keys != NULL)
        prefetch (verdicts->keys->data);
      if (verdicts->partners != NULL)
        prefetch (verdicts->partners->data);
    }
  else if (verdicts->violations != NULL)
    {
      for (guint i = 0; i < verdicts->violations->len; i++)
        prefetch (g_ptr_array_index (verdicts->violations, i));
    }
}

/* How many states ahead each link is asked for. */
static const guint link_ahead[] = { 10, 8, 6, 4, 2 };

void
_muster_validator_free_owning_states (MusterValidator *self)
{
  const guint *slots = (const guint *) (gpointer) self->owning->data;
  guint n = self->owning->len;

  for (guint i = 0; i < n; i++)
    {
      for (guint link = 0; link < G_N_ELEMENTS (link_ahead); link++)
        {
          if (i + link_ahead[link] < n)
            prefetch_verdicts (&self->slab[slots[i + link_ahead[link]]], link);
        }
      _muster_validator_piece_state_free (&self->slab[slots[i]]);
    }
}
