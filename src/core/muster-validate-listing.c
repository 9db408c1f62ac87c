/* muster-validate-listing.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-validate"

#include "config.h"

#include <string.h>

#include "muster-validate-private.h"

/* The pieces that break a rule, in the order of muster_validator_collect(),
 * so that a list of problems can show the first of them without copying
 * and sorting every verdict of a big table after each move. The listing is
 * made the first time it is asked for (a full validation, which most
 * often nobody lists, pays nothing for it), then kept as pieces come to
 * break a rule and cease to: each costs a step down a balanced tree. */

/* A piece in the listing, under the id its verdicts carry: collect()
 * sorts by that, and the piece's own id may change in place before the
 * validator hears of it. */
typedef struct
{
  PieceState *ps;
  guint       serial;
  char        id[];
} ListedPiece;

static int
compare_listed (gconstpointer a,
                gconstpointer b,
                gpointer      user_data)
{
  const ListedPiece *la = a;
  const ListedPiece *lb = b;
  int cmp = strcmp (la->id, lb->id);

  if (cmp != 0)
    return cmp;

  return la->serial < lb->serial ? -1 : la->serial > lb->serial;
}

static ListedPiece *
listed_new (PieceState *ps)
{
  const MusterViolation *first = g_ptr_array_index (piece_violations (ps), 0);
  gsize len = strlen (first->piece_id);
  ListedPiece *listed = g_malloc (sizeof (ListedPiece) + len + 1);

  listed->ps = ps;
  listed->serial = ps->serial;
  memcpy (listed->id, first->piece_id, len + 1);

  return listed;
}

/* ps has just come to break a rule. */
void
_muster_validator_listing_enter (MusterValidator *self,
                                 PieceState      *ps)
{
  if (self->listing == NULL)
    return;

  g_assert (ps->verdicts->listed == NULL);
  ps->verdicts->listed = g_sequence_insert_sorted (self->listing, listed_new (ps), compare_listed, NULL);
}

/* ps breaks no rule any more. */
void
_muster_validator_listing_leave (MusterValidator *self,
                                 PieceState      *ps)
{
  if (self->listing == NULL)
    return;

  g_assert (ps->verdicts->listed != NULL);
  g_sequence_remove (ps->verdicts->listed);
  ps->verdicts->listed = NULL;
}

/* Before the states go: the listing points at them. */
void
_muster_validator_listing_clear (MusterValidator *self)
{
  g_clear_pointer (&self->listing, g_sequence_free);
}

static void
ensure_listing (MusterValidator *self)
{
  if (self->listing != NULL)
    return;

  self->listing = g_sequence_new (g_free);
  for (guint k = 0; k < self->slots->len; k++)
    {
      PieceState *ps = g_ptr_array_index (self->slots, k);

      if (ps != NULL && piece_violations (ps) != NULL && piece_violations (ps)->len > 0)
        ps->verdicts->listed = g_sequence_append (self->listing, listed_new (ps));
    }
  /* Nodes keep their iterators as they are sorted. */
  g_sequence_sort (self->listing, compare_listed, NULL);
}

/* The verdicts on terrain (off the table), in collect()'s order: few. */
static GPtrArray *
sorted_terrain_violations (MusterValidator *self)
{
  GPtrArray *all = g_ptr_array_new ();
  GHashTableIter iter;
  GPtrArray *terrain;

  g_hash_table_iter_init (&iter, self->terrain_violations);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &terrain))
    {
      for (guint i = 0; i < terrain->len; i++)
        g_ptr_array_add (all, g_ptr_array_index (terrain, i));
    }
  g_ptr_array_sort (all, _muster_violation_compare_cb);

  return all;
}

/**
 * muster_validator_collect_first:
 * @self: a validator
 * @limit: how many verdicts at most
 *
 * The first @limit verdicts of muster_validator_collect(), in its order,
 * found without going through the others: after a move, this costs what
 * the verdicts given cost, however many pieces break a rule elsewhere on
 * the table. muster_validator_count() tells how many there are in all.
 *
 * Returns: (transfer full): a new array of MusterViolation
 */
GPtrArray *
muster_validator_collect_first (MusterValidator *self,
                                guint            limit)
{
  g_autoptr(GPtrArray) terrain = NULL;
  GPtrArray *first;
  GSequenceIter *iter;
  guint t = 0;

  g_return_val_if_fail (MUSTER_IS_VALIDATOR (self), NULL);

  first = g_ptr_array_new_full (MIN (limit, self->n_violations), (GDestroyNotify) muster_violation_free);
  ensure_listing (self);
  terrain = sorted_terrain_violations (self);

  for (iter = g_sequence_get_begin_iter (self->listing);
       first->len < limit && !g_sequence_iter_is_end (iter);
       iter = g_sequence_iter_next (iter))
    {
      const ListedPiece *listed = g_sequence_get (iter);
      GPtrArray *violations = _muster_validator_sorted_violations (listed->ps);

      for (guint i = 0; i < violations->len && first->len < limit; i++)
        {
          /* Terrain ids are not piece ids: terrain comes before or after
           * the piece's verdicts, all of them. */
          while (t < terrain->len && first->len < limit &&
                 _muster_violation_compare_cb (&terrain->pdata[t], &violations->pdata[i]) < 0)
            g_ptr_array_add (first, muster_violation_copy (g_ptr_array_index (terrain, t++)));
          if (first->len < limit)
            g_ptr_array_add (first, muster_violation_copy (g_ptr_array_index (violations, i)));
        }
    }
  while (t < terrain->len && first->len < limit)
    g_ptr_array_add (first, muster_violation_copy (g_ptr_array_index (terrain, t++)));

  return first;
}

GArray *
muster_validator_get_broken_pieces (MusterValidator *self)
{
  GArray *serials;

  g_return_val_if_fail (MUSTER_IS_VALIDATOR (self), NULL);

  ensure_listing (self);
  serials = g_array_sized_new (FALSE, FALSE, sizeof (guint), g_sequence_get_length (self->listing));
  for (GSequenceIter *iter = g_sequence_get_begin_iter (self->listing);
       !g_sequence_iter_is_end (iter);
       iter = g_sequence_iter_next (iter))
    {
      const ListedPiece *listed = g_sequence_get (iter);

      g_array_append_val (serials, listed->serial);
    }

  return serials;
}
