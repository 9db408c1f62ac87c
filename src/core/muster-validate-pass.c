/* muster-validate-pass.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-validate"

#include "config.h"

#include <math.h>

#include "muster-validate-private.h"

/* A full validation: every piece of the layout, in one pass. */

/* How many pieces ahead the pass through them in slot order asks for the
 * memory it will read: enough to overlap the misses of a big table, few
 * enough that what comes is still there when needed. */
#define PREFETCH_AHEAD 16

/* The points follow the states in one block (_muster_validator_add_all_pieces()). */
G_STATIC_ASSERT (sizeof (PieceState) % G_ALIGNOF (MusterPoint) == 0);

/* What the pass reads of a piece, copied from it beforehand in the
 * layout's order: on a big table the pieces lie in memory in that order
 * (each was allocated as it came), scattered along the Z-curve, and
 * read along the curve each would cost two misses; the digests cost one,
 * in a block small enough to stay in the processor's last cache. */
typedef struct
{
  double             x, y, rotation, width, depth;
  const MusterPiece *piece;
  guint              serial;
  guint              turn;
  guint              owner;      /* index in Survey.owners */
  guint              shape : 2;
  guint              kind : 4;
  guint              deployable : 1;
  guint              applies : MUSTER_N_RULES;
} PieceDigest;

G_STATIC_ASSERT (sizeof (PieceDigest) == 64);
G_STATIC_ASSERT (MUSTER_BASE_RECT < 4 && MUSTER_PIECE_OBJECTIVE < 16);

/* An owner of pieces and its player, resolved once. */
typedef struct
{
  const char  *owner;        /* interned */
  PlayerState *player;       /* or NULL */
} Owner;

/* The layout's pieces, as the pass needs them. */
typedef struct
{
  PieceDigest *digests;      /* in the layout's order, 64-byte aligned */
  guint       *order;        /* the Z-curve: order[slot] is a digest */
  GArray      *owners;       /* Owner */
  MusterBox    extent;       /* of the centres */
  double       reach;        /* farthest a base reaches from its centre, at most */
  gsize        n_points;     /* of all the outlines */
  guint        max_serial;
} Survey;

static void
survey_clear (Survey *survey)
{
  g_aligned_free (survey->digests);
  g_free (survey->order);
  g_array_unref (survey->owners);
}

/* The index of the piece's owner in survey->owners. Pieces come in runs
 * of one owner: a hash lookup at each change only. */
static guint
survey_owner (Survey          *survey,
              GHashTable      *owner_index,
              const PieceInfo *info,
              guint            previous)
{
  Owner entry = { info->owner, info->player };
  gpointer value;

  if (survey->owners->len > 0 && g_array_index (survey->owners, Owner, previous).owner == info->owner)
    return previous;
  if (g_hash_table_lookup_extended (owner_index, info->owner, NULL, &value))
    return GPOINTER_TO_UINT (value);

  g_array_append_val (survey->owners, entry);
  g_hash_table_insert (owner_index, (gpointer) info->owner, GUINT_TO_POINTER (survey->owners->len - 1));

  return survey->owners->len - 1;
}

/* One pass through the pieces in the layout's order, which reads them
 * from memory as they lie: their digests, and their Z-order. */
static void
survey_pieces (MusterValidator *self,
               GPtrArray       *pieces,
               double           cell,
               Survey          *survey)
{
  guint n = pieces->len;
  g_autofree MusterPoint *centres = g_new (MusterPoint, MAX (n, 1));
  g_autoptr(GHashTable) owner_index = g_hash_table_new (NULL, NULL);
  guint owner = 0;

  *survey = (Survey) {
    .digests = g_aligned_alloc (MAX (n, 1), sizeof (PieceDigest), 64),
    .owners = g_array_new (FALSE, FALSE, sizeof (Owner)),
    .extent = { G_MAXDOUBLE, G_MAXDOUBLE, -G_MAXDOUBLE, -G_MAXDOUBLE },
  };

  for (guint i = 0; i < n; i++)
    {
      const MusterPiece *piece = g_ptr_array_index (pieces, i);
      PieceInfo info;

      centres[i] = (MusterPoint) { piece->x, piece->y };
      survey->n_points += muster_base_outline_points (&piece->base);
      survey->max_serial = MAX (survey->max_serial, piece->serial);
      if (isfinite (piece->x) && isfinite (piece->y))
        {
          survey->extent.x0 = MIN (survey->extent.x0, piece->x);
          survey->extent.y0 = MIN (survey->extent.y0, piece->y);
          survey->extent.x1 = MAX (survey->extent.x1, piece->x);
          survey->extent.y1 = MAX (survey->extent.y1, piece->y);
        }
      if (isfinite (piece->base.width) && isfinite (piece->base.depth))
        survey->reach = MAX (survey->reach, MAX (piece->base.width, piece->base.depth));

      _muster_validator_piece_info_init (self, &info, piece);
      owner = survey_owner (survey, owner_index, &info, owner);
      survey->digests[i] = (PieceDigest) {
        piece->x, piece->y, piece->rotation, piece->base.width, piece->base.depth,
        piece, piece->serial, piece->turn, owner,
        piece->base.shape, piece->kind, info.deployable, info.applies,
      };
    }

  survey->order = muster_spatial_index_z_order (centres, n, cell);
}

/* The state of a digest, in slot k of the slab. */
static void
state_from_digest (MusterValidator   *self,
                   const Survey      *survey,
                   const PieceDigest *d,
                   guint              k,
                   MusterPoint       *points)
{
  PieceState *ps = &self->slab[k];
  MusterBase base = { d->shape, d->width, d->depth };
  const Owner *owner = &g_array_index (survey->owners, Owner, d->owner);

  *ps = (PieceState) {
    .serial = d->serial,
    .slot = k,
    .sorted = TRUE,
    .pooled = TRUE,
  };
  /* A round base has no points: this makes its circle. */
  muster_outline_init_base_in (&ps->info.outline, &base, d->x, d->y, d->rotation, points);
  ps->info.piece = d->piece;
  ps->info.owner = owner->owner;
  ps->info.player = owner->player;
  ps->info.turn = d->turn;
  ps->info.kind = d->kind;
  ps->info.deployable = d->deployable;
  ps->info.applies = d->applies;
}

/* Validates every piece of the layout in one pass, in the order of a
 * Z-curve through the cells of the grid: pieces near each other on the
 * table come near each other in the pass.
 *
 * Their states lie side by side in one block in that order (their slots
 * follow it), their outlines' points in another, and the index's grid is
 * fitted over them before the pass. Each piece in turn gets its state,
 * goes into the index and is checked against the pieces before it in the
 * pass (those are all the index holds yet), so that each pair is met
 * once, when its second piece comes; and what it looks at, its state and
 * its neighbours', was made a moment before and is still in the
 * processor's caches. Made in several passes (the states, then the index,
 * then the checks), each pass through a big table would read it all again
 * from memory. The order changes no verdict. */
void
_muster_validator_add_all_pieces (MusterValidator *self,
                                  double           cell)
{
  GPtrArray *pieces = muster_layout_get_pieces (self->layout);
  guint n = pieces->len;
  Survey survey;
  gsize at = 0;

  g_assert (self->slab == NULL && self->slots->len == 0);
  g_assert (n < MAX_SLOTS);

  survey_pieces (self, pieces, cell, &survey);
  if (survey.extent.x0 <= survey.extent.x1)
    {
      muster_box_expand (&survey.extent, survey.reach);
      muster_spatial_index_reserve (self->index, &survey.extent, n);
    }

  /* The states and their points in one block, most of what a validation
   * allocates. glibc's malloc gives the free top of its heap back to the
   * system once it is over twice the biggest block freed so far (its
   * dynamic trim threshold): with the states and points apart, the blocks
   * a big table's validation frees could add up to more, and the next
   * validation fault all that memory in again (bench-scale --growth
   * counts the faults). */
  self->slab = g_malloc ((gsize) MAX (n, 1) * sizeof (PieceState) +
                         (gsize) MAX (survey.n_points, 1) * sizeof (MusterPoint));
  self->points_pool = (MusterPoint *) (self->slab + MAX (n, 1));
  g_ptr_array_set_size (self->slots, n);
  g_ptr_array_set_size (self->by_serial, survey.max_serial + 1);

  for (guint k = 0; k < n; k++)
    {
      const PieceDigest *d = &survey.digests[survey.order[k]];
      guint n_points = muster_base_outline_points (&(MusterBase) { d->shape, d->width, d->depth });
      PieceState *ps = &self->slab[k];

      /* Asked for some way ahead, so that a big table's misses overlap
       * rather than come one after another: the digest, and then, once
       * it has come, the place of its serial in by_serial. Serials follow
       * the layout's order, not the curve's, so that a big table's
       * by_serial is written at random, a miss a piece, which stalled the
       * pass (50,000 bases: ×11.2–12.2 the time of 5,000, ×10.5–10.7
       * with it asked for; bench-scale --growth). */
      if (k + 2 * PREFETCH_AHEAD < n)
        prefetch (&survey.digests[survey.order[k + 2 * PREFETCH_AHEAD]]);
      if (k + PREFETCH_AHEAD < n)
        prefetch_for_write (&g_ptr_array_index (self->by_serial,
                                                survey.digests[survey.order[k + PREFETCH_AHEAD]].serial));

      state_from_digest (self, &survey, d, k, n_points > 0 ? self->points_pool + at : NULL);
      at += n_points;
      g_ptr_array_index (self->slots, k) = ps;
      g_ptr_array_index (self->by_serial, ps->serial) = ps;

      muster_spatial_index_insert (self->index, k, &ps->info.outline.bounds);
      _muster_validator_piece_check (self, ps);
    }

  survey_clear (&survey);
}
