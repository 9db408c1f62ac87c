/* muster-layout-space.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-layout"

#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "muster-layout-private.h"

/* The layout's pieces by where they stand (muster_layout_find_pieces()):
 * a spatial index of each base's reach, by serial, made when first asked
 * for and kept up to date by muster-layout.c as pieces come, go and move
 * (the _muster_layout_space_*() calls). */

/* The grid of the pieces' index: about a big unit's base, so that a base
 * lies in a few cells and a view close up covers a few dozen. */
#define SPACE_CELL_MM (4 * MUSTER_MM_PER_INCH)

/* The piece where it is now in the index of pieces, if there is one yet. */
void
_muster_layout_space_place (MusterLayout      *self,
                            const MusterPiece *piece)
{
  MusterBox box;

  if (self->space == NULL)
    return;

  if (muster_piece_get_reach_box (piece, &box))
    muster_spatial_index_update (self->space, piece->serial, &box);
  else
    muster_spatial_index_remove (self->space, piece->serial);
}

/* A piece new to the layout (or to its index, as it is made) in the index
 * of pieces, if there is one yet; its serial stays. */
void
_muster_layout_space_enter (MusterLayout *self,
                            MusterPiece  *piece)
{
  if (self->space == NULL)
    return;

  if (piece->serial >= self->space_pieces->len)
    g_ptr_array_set_size (self->space_pieces, piece->serial + 1);
  g_ptr_array_index (self->space_pieces, piece->serial) = piece;
  _muster_layout_space_place (self, piece);
}

void
_muster_layout_space_leave (MusterLayout *self,
                            guint         serial)
{
  if (self->space == NULL)
    return;

  muster_spatial_index_remove (self->space, serial);
  g_ptr_array_index (self->space_pieces, serial) = NULL;
}

void
_muster_layout_space_clear (MusterLayout *self)
{
  g_clear_pointer (&self->space, muster_spatial_index_free);
  g_clear_pointer (&self->space_pieces, g_ptr_array_unref);
}

static void
ensure_space (MusterLayout *self)
{
  if (self->space != NULL)
    return;

  self->space = muster_spatial_index_new (SPACE_CELL_MM);
  self->space_pieces = g_ptr_array_sized_new (self->last_serial + 1);
  if (self->width > 0 && self->height > 0 && isfinite (self->width) && isfinite (self->height))
    muster_spatial_index_reserve (self->space, &(MusterBox) { 0, 0, self->width, self->height },
                                  self->last_serial + 1);
  for (guint i = 0; i < self->pieces->len; i++)
    _muster_layout_space_enter (self, g_ptr_array_index (self->pieces, i));
}

static int
compare_serials (gconstpointer a,
                 gconstpointer b)
{
  guint sa = *(const guint *) a;
  guint sb = *(const guint *) b;

  return sa < sb ? -1 : sa > sb;
}

/**
 * muster_serials_sort:
 * @serials: (array length=n_serials): pieces' serials
 * @n_serials: how many
 *
 * Sorts @serials into file order, which is the order of the serials
 * themselves: a piece takes the next serial as it is appended.
 */
void
muster_serials_sort (guint *serials,
                     gsize  n_serials)
{
  g_return_if_fail (serials != NULL || n_serials == 0);

  if (n_serials > 1)
    qsort (serials, n_serials, sizeof (guint), compare_serials);
}

/**
 * muster_layout_find_pieces:
 * @self: a layout
 * @box: where to look, in mm
 * @found: (element-type MusterPiece): where the pieces go
 *
 * Appends to @found, in file order (the order of muster_layout_get_pieces(),
 * which is also the order pieces are drawn in), every piece whose base may
 * reach into @box whichever way it is turned: those whose centre lies
 * within @box grown by muster_base_reach() on each side.
 *
 * The first call indexes the pieces by where they are, and the layout
 * keeps that index up to date as pieces come, go and move, so that each
 * call costs about what it finds: the board's frame close up, or a click
 * on a base, on a table of thousands.
 */
void
muster_layout_find_pieces (MusterLayout    *self,
                           const MusterBox *box,
                           GPtrArray       *found)
{
  g_autoptr(GArray) serials = NULL;

  g_return_if_fail (MUSTER_IS_LAYOUT (self));
  g_return_if_fail (box != NULL);
  g_return_if_fail (found != NULL);

  if (isnan (box->x0) || isnan (box->y0) || isnan (box->x1) || isnan (box->y1) ||
      box->x0 > box->x1 || box->y0 > box->y1)
    return;

  ensure_space (self);
  serials = g_array_new (FALSE, FALSE, sizeof (guint));
  muster_spatial_index_query (self->space, box, serials);
  muster_serials_sort ((guint *) (gpointer) serials->data, serials->len);
  for (guint i = 0; i < serials->len; i++)
    {
      MusterPiece *piece = g_ptr_array_index (self->space_pieces, g_array_index (serials, guint, i));

      g_assert (piece != NULL);
      g_ptr_array_add (found, piece);
    }
}
