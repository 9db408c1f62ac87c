/* muster-spatial-index.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-spatial-index"

#include "config.h"

#include <math.h>

#include "muster-spatial-index.h"

/* A uniform grid hashed on cell coordinates. Every cell that a box touches
 * holds a pointer to the box's entry; an entry whose box would cover more
 * than MAX_CELLS_PER_ENTRY cells goes on the oversize list instead, which
 * every query scans (such boxes are few: a whole-board region, a stray
 * coordinate). A query visits the cells its box covers, or the occupied
 * cells when there are fewer of those, and marks each entry it meets with
 * the query's stamp so that an entry spanning several cells is reported
 * once. */

#define MAX_CELLS_PER_ENTRY 4096

/* Cell coordinates are clamped to this range; a clamped box still lands in
 * every cell a clamped query would look at, so answers stay exact. */
#define CELL_COORD_LIMIT (G_MAXINT32 / 2)

typedef struct
{
  guint     id;
  guint     stamp;
  gboolean  oversize;
  guint     oversize_index;
  gint      cx0;
  gint      cy0;
  gint      cx1;
  gint      cy1;
  MusterBox box;
} Entry;

typedef struct
{
  guint64    key;      /* the hash table key points here */
  GPtrArray *entries;  /* Entry, not owned */
} Cell;

struct _MusterSpatialIndex
{
  double      cell_size;
  double      inv_cell_size;
  GHashTable *cells;     /* guint64 * → Cell */
  GHashTable *entries;   /* id → Entry */
  GPtrArray  *oversize;  /* Entry, not owned */
  guint       stamp;
};

static inline guint64
cell_key (gint cx,
          gint cy)
{
  return ((guint64) (guint32) cx << 32) | (guint32) cy;
}

static inline gint
cell_key_x (guint64 key)
{
  return (gint) (gint32) (guint32) (key >> 32);
}

static inline gint
cell_key_y (guint64 key)
{
  return (gint) (gint32) (guint32) (key & 0xffffffffu);
}

static guint
cell_key_hash (gconstpointer data)
{
  guint64 k = *(const guint64 *) data;

  /* The 64-bit finaliser of MurmurHash3. */
  k ^= k >> 33;
  k *= G_GUINT64_CONSTANT (0xff51afd7ed558ccd);
  k ^= k >> 33;
  k *= G_GUINT64_CONSTANT (0xc4ceb9fe1a85ec53);
  k ^= k >> 33;

  return (guint) k;
}

static gboolean
cell_key_equal (gconstpointer a,
                gconstpointer b)
{
  return *(const guint64 *) a == *(const guint64 *) b;
}

static void
cell_free (gpointer data)
{
  Cell *cell = data;

  g_ptr_array_unref (cell->entries);
  g_free (cell);
}

static gboolean
box_is_valid (const MusterBox *box)
{
  return box != NULL &&
         !isnan (box->x0) && !isnan (box->y0) && !isnan (box->x1) && !isnan (box->y1) &&
         box->x0 <= box->x1 && box->y0 <= box->y1;
}

static inline gboolean
boxes_intersect (const MusterBox *a,
                 const MusterBox *b)
{
  return a->x0 <= b->x1 && b->x0 <= a->x1 &&
         a->y0 <= b->y1 && b->y0 <= a->y1;
}

static gint
cell_coord (MusterSpatialIndex *self,
            double              v)
{
  double c = floor (v * self->inv_cell_size);

  g_assert (!isnan (c));

  if (c < -CELL_COORD_LIMIT)
    return -CELL_COORD_LIMIT;
  if (c > CELL_COORD_LIMIT)
    return CELL_COORD_LIMIT;

  return (gint) c;
}

static void
cell_range (MusterSpatialIndex *self,
            const MusterBox    *box,
            gint               *cx0,
            gint               *cy0,
            gint               *cx1,
            gint               *cy1)
{
  g_assert (self != NULL);
  g_assert (box != NULL);

  *cx0 = cell_coord (self, box->x0);
  *cy0 = cell_coord (self, box->y0);
  *cx1 = cell_coord (self, box->x1);
  *cy1 = cell_coord (self, box->y1);
}

static inline gint64
cell_count (gint cx0,
            gint cy0,
            gint cx1,
            gint cy1)
{
  return ((gint64) cx1 - cx0 + 1) * ((gint64) cy1 - cy0 + 1);
}

static void
entry_link (MusterSpatialIndex *self,
            Entry              *entry)
{
  g_assert (self != NULL);
  g_assert (entry != NULL);

  cell_range (self, &entry->box, &entry->cx0, &entry->cy0, &entry->cx1, &entry->cy1);
  entry->oversize = cell_count (entry->cx0, entry->cy0,
                                entry->cx1, entry->cy1) > MAX_CELLS_PER_ENTRY;

  if (entry->oversize)
    {
      entry->oversize_index = self->oversize->len;
      g_ptr_array_add (self->oversize, entry);
      return;
    }

  for (gint cx = entry->cx0; cx <= entry->cx1; cx++)
    {
      for (gint cy = entry->cy0; cy <= entry->cy1; cy++)
        {
          guint64 key = cell_key (cx, cy);
          Cell *cell = g_hash_table_lookup (self->cells, &key);

          if (cell == NULL)
            {
              cell = g_new0 (Cell, 1);
              cell->key = key;
              cell->entries = g_ptr_array_sized_new (4);
              g_hash_table_insert (self->cells, &cell->key, cell);
            }

          g_ptr_array_add (cell->entries, entry);
        }
    }
}

static void
entry_unlink (MusterSpatialIndex *self,
              Entry              *entry)
{
  g_assert (self != NULL);
  g_assert (entry != NULL);

  if (entry->oversize)
    {
      guint i = entry->oversize_index;

      g_assert (i < self->oversize->len);
      g_assert (g_ptr_array_index (self->oversize, i) == entry);

      g_ptr_array_remove_index_fast (self->oversize, i);
      if (i < self->oversize->len)
        {
          Entry *moved = g_ptr_array_index (self->oversize, i);

          moved->oversize_index = i;
        }

      entry->oversize = FALSE;
      return;
    }

  for (gint cx = entry->cx0; cx <= entry->cx1; cx++)
    {
      for (gint cy = entry->cy0; cy <= entry->cy1; cy++)
        {
          guint64 key = cell_key (cx, cy);
          Cell *cell = g_hash_table_lookup (self->cells, &key);
          gboolean removed;

          g_assert (cell != NULL);

          removed = g_ptr_array_remove_fast (cell->entries, entry);
          g_assert (removed);

          if (cell->entries->len == 0)
            g_hash_table_remove (self->cells, &key);
        }
    }
}

/**
 * muster_spatial_index_new:
 * @cell_size: the side of a grid cell in mm; about the size of a typical
 *   box works best
 */
MusterSpatialIndex *
muster_spatial_index_new (double cell_size)
{
  MusterSpatialIndex *self;

  g_return_val_if_fail (isfinite (cell_size) && cell_size > 0.0, NULL);

  self = g_new0 (MusterSpatialIndex, 1);
  self->cell_size = cell_size;
  self->inv_cell_size = 1.0 / cell_size;
  self->cells = g_hash_table_new_full (cell_key_hash, cell_key_equal, NULL, cell_free);
  self->entries = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  self->oversize = g_ptr_array_new ();
  self->stamp = 0;

  return self;
}

void
muster_spatial_index_free (MusterSpatialIndex *index)
{
  if (index == NULL)
    return;

  g_clear_pointer (&index->cells, g_hash_table_unref);
  g_clear_pointer (&index->entries, g_hash_table_unref);
  g_clear_pointer (&index->oversize, g_ptr_array_unref);
  g_free (index);
}

/* Inserting an id that is already present moves it, as
 * muster_spatial_index_update() does. */
void
muster_spatial_index_insert (MusterSpatialIndex *index,
                             guint               id,
                             const MusterBox    *box)
{
  Entry *entry;

  g_return_if_fail (index != NULL);
  g_return_if_fail (box_is_valid (box));

  entry = g_hash_table_lookup (index->entries, GUINT_TO_POINTER (id));
  if (entry != NULL)
    {
      muster_spatial_index_update (index, id, box);
      return;
    }

  entry = g_new0 (Entry, 1);
  entry->id = id;
  entry->box = *box;
  g_hash_table_insert (index->entries, GUINT_TO_POINTER (id), entry);
  entry_link (index, entry);
}

/* Updating an id that is not present inserts it. */
void
muster_spatial_index_update (MusterSpatialIndex *index,
                             guint               id,
                             const MusterBox    *box)
{
  Entry *entry;
  gint cx0, cy0, cx1, cy1;

  g_return_if_fail (index != NULL);
  g_return_if_fail (box_is_valid (box));

  entry = g_hash_table_lookup (index->entries, GUINT_TO_POINTER (id));
  if (entry == NULL)
    {
      muster_spatial_index_insert (index, id, box);
      return;
    }

  cell_range (index, box, &cx0, &cy0, &cx1, &cy1);

  /* Still in the same cells: only the box changes. */
  if (cx0 == entry->cx0 && cy0 == entry->cy0 && cx1 == entry->cx1 && cy1 == entry->cy1)
    {
      entry->box = *box;
      return;
    }

  entry_unlink (index, entry);
  entry->box = *box;
  entry_link (index, entry);
}

/* Removing an id that is not present does nothing. */
void
muster_spatial_index_remove (MusterSpatialIndex *index,
                             guint               id)
{
  Entry *entry;

  g_return_if_fail (index != NULL);

  entry = g_hash_table_lookup (index->entries, GUINT_TO_POINTER (id));
  if (entry == NULL)
    return;

  entry_unlink (index, entry);
  g_hash_table_remove (index->entries, GUINT_TO_POINTER (id));
}

guint
muster_spatial_index_size (MusterSpatialIndex *index)
{
  g_return_val_if_fail (index != NULL, 0);

  return g_hash_table_size (index->entries);
}

static guint
next_stamp (MusterSpatialIndex *self)
{
  g_assert (self != NULL);

  if (++self->stamp == 0)
    {
      GHashTableIter iter;
      gpointer value;

      /* Wrapped around: forget every old stamp. */
      g_hash_table_iter_init (&iter, self->entries);
      while (g_hash_table_iter_next (&iter, NULL, &value))
        ((Entry *) value)->stamp = 0;

      self->stamp = 1;
    }

  return self->stamp;
}

static void
visit_cell (Cell            *cell,
            guint            stamp,
            const MusterBox *box,
            GArray          *ids)
{
  g_assert (cell != NULL);

  for (guint i = 0; i < cell->entries->len; i++)
    {
      Entry *entry = g_ptr_array_index (cell->entries, i);

      if (entry->stamp == stamp)
        continue;

      entry->stamp = stamp;

      if (boxes_intersect (&entry->box, box))
        g_array_append_val (ids, entry->id);
    }
}

/* Boxes are closed: boxes that only touch intersect. */
void
muster_spatial_index_query (MusterSpatialIndex *index,
                            const MusterBox    *box,
                            GArray             *ids)
{
  gint cx0, cy0, cx1, cy1;
  guint stamp;

  g_return_if_fail (index != NULL);
  g_return_if_fail (box_is_valid (box));
  g_return_if_fail (ids != NULL);
  g_return_if_fail (g_array_get_element_size (ids) == sizeof (guint));

  for (guint i = 0; i < index->oversize->len; i++)
    {
      Entry *entry = g_ptr_array_index (index->oversize, i);

      if (boxes_intersect (&entry->box, box))
        g_array_append_val (ids, entry->id);
    }

  if (g_hash_table_size (index->cells) == 0)
    return;

  stamp = next_stamp (index);
  cell_range (index, box, &cx0, &cy0, &cx1, &cy1);

  if (cell_count (cx0, cy0, cx1, cy1) > g_hash_table_size (index->cells))
    {
      GHashTableIter iter;
      gpointer value;

      /* A query wider than the occupied cells: walk those instead. */
      g_hash_table_iter_init (&iter, index->cells);
      while (g_hash_table_iter_next (&iter, NULL, &value))
        {
          Cell *cell = value;
          gint cx = cell_key_x (cell->key);
          gint cy = cell_key_y (cell->key);

          if (cx >= cx0 && cx <= cx1 && cy >= cy0 && cy <= cy1)
            visit_cell (cell, stamp, box, ids);
        }

      return;
    }

  for (gint cx = cx0; cx <= cx1; cx++)
    {
      for (gint cy = cy0; cy <= cy1; cy++)
        {
          guint64 key = cell_key (cx, cy);
          Cell *cell = g_hash_table_lookup (index->cells, &key);

          if (cell != NULL)
            visit_cell (cell, stamp, box, ids);
        }
    }
}
