/* muster-roster-problems.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-roster"

#include "config.h"

#include "muster-roster.h"
#include "muster-roster-problems.h"

G_STATIC_ASSERT (MUSTER_N_RULES <= 32);

/* What a piece adds to its entry's total, kept so that it can be taken
 * back when the piece's verdicts, owner or entry change, or it goes. */
typedef struct
{
  const char *key;   /* a key of totals */
  guint       n;
} Counted;

struct _MusterRosterProblems
{
  MusterValidator *validator;
  GHashTable      *totals;   /* "player\nentry" (owned) → guint (owned) */
  GHashTable      *pieces;   /* serial → Counted (owned), pieces with problems */
  /* After a full validation, every piece is counted again, but only at
   * the next question: a rebuild of the verdicts is followed by others. */
  gboolean         stale;
};

/* A piece's problems, 0 when it is not from a roster. */
static guint
problems_of_piece (MusterValidator   *validator,
                   const MusterPiece *piece)
{
  GPtrArray *violations;
  guint32 codes = 0;
  guint n = 0;

  if (muster_roster_get_piece_entry (piece) == NULL)
    return 0;

  violations = muster_validator_get_piece_violations (validator, piece->serial);
  for (guint i = 0; violations != NULL && i < violations->len; i++)
    {
      const MusterViolation *v = g_ptr_array_index (violations, i);

      if ((codes & (1u << v->code)) == 0)
        n++;
      codes |= 1u << v->code;
    }

  return n;
}

static void
uncount (MusterRosterProblems *self,
         guint                 serial)
{
  Counted *counted;
  guint *total;

  if (!g_hash_table_steal_extended (self->pieces, GUINT_TO_POINTER (serial), NULL, (gpointer *) &counted))
    return;

  total = g_hash_table_lookup (self->totals, counted->key);
  g_assert (total != NULL && *total >= counted->n);
  *total -= counted->n;
  g_free (counted);
}

static void
count (MusterRosterProblems *self,
       guint                 serial)
{
  const MusterPiece *piece;
  g_autofree char *wanted = NULL;
  Counted *counted;
  gpointer key;
  guint *total;
  guint n;

  uncount (self, serial);
  piece = muster_layout_lookup_serial (muster_validator_get_layout (self->validator), serial);
  if (piece == NULL || (n = problems_of_piece (self->validator, piece)) == 0)
    return;

  wanted = g_strconcat (piece->owner != NULL ? piece->owner : "", "\n", muster_roster_get_piece_entry (piece), NULL);
  /* Keys stay when their total comes back to 0: Counted points at them. */
  if (!g_hash_table_lookup_extended (self->totals, wanted, &key, (gpointer *) &total))
    {
      key = g_steal_pointer (&wanted);
      total = g_new0 (guint, 1);
      g_hash_table_insert (self->totals, key, total);
    }
  *total += n;

  counted = g_new (Counted, 1);
  counted->key = key;
  counted->n = n;
  g_hash_table_insert (self->pieces, GUINT_TO_POINTER (serial), counted);
}

/* The validator names every piece whose verdicts it made again, which it
 * does for a piece that changed (owner and entry included) or went: a
 * piece with problems before or after is among them. */
static void
violations_changed_cb (MusterRosterProblems *self)
{
  GArray *changed = muster_validator_get_changed_pieces (self->validator);

  if (self->stale)
    return;

  if (changed == NULL)
    {
      self->stale = TRUE;
      return;
    }

  for (guint i = 0; i < changed->len; i++)
    count (self, g_array_index (changed, guint, i));
}

MusterRosterProblems *
muster_roster_problems_new (MusterValidator *validator)
{
  MusterRosterProblems *self;

  g_return_val_if_fail (MUSTER_IS_VALIDATOR (validator), NULL);

  self = g_new0 (MusterRosterProblems, 1);
  self->validator = g_object_ref (validator);
  self->totals = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->pieces = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  self->stale = TRUE;

  g_signal_connect_swapped (validator, "violations-changed", G_CALLBACK (violations_changed_cb), self);

  return self;
}

void
muster_roster_problems_free (MusterRosterProblems *self)
{
  if (self == NULL)
    return;

  g_signal_handlers_disconnect_by_data (self->validator, self);
  g_clear_object (&self->validator);
  g_clear_pointer (&self->pieces, g_hash_table_unref);
  g_clear_pointer (&self->totals, g_hash_table_unref);
  g_free (self);
}

guint
muster_roster_problems_get (MusterRosterProblems *self,
                            const char           *player_id,
                            const char           *entry_id)
{
  g_autofree char *key = NULL;
  const guint *total;

  g_return_val_if_fail (self != NULL, 0);

  if (entry_id == NULL)
    return 0;

  if (self->stale)
    {
      g_autoptr(GArray) broken = muster_validator_get_broken_pieces (self->validator);

      g_hash_table_remove_all (self->pieces);
      g_hash_table_remove_all (self->totals);
      self->stale = FALSE;
      for (guint i = 0; i < broken->len; i++)
        count (self, g_array_index (broken, guint, i));
    }

  key = g_strconcat (player_id != NULL ? player_id : "", "\n", entry_id, NULL);
  total = g_hash_table_lookup (self->totals, key);

  return total != NULL ? *total : 0;
}
