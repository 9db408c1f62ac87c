/* muster-spatial-index.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-spatial-index"

#include "config.h"

#include <math.h>
#include <string.h>

#include "muster-spatial-index.h"

/* A uniform grid hashed on cell coordinates. Every cell that a box touches
 * holds a link to the box's entry; an entry whose box would cover more
 * than MAX_CELLS_PER_ENTRY cells goes on the oversize list instead, which
 * every query scans (such boxes are few: a whole-board region, a stray
 * coordinate). A query visits the cells its box covers, or every slot of
 * the grid and the table when there are fewer of those, and marks each
 * entry it meets with the query's stamp so that an entry spanning several
 * cells is reported once.
 *
 * Everything lives in a few flat arrays, so that a full validation of
 * thousands of bases costs no allocation per base and little chasing of
 * pointers through memory (which, past the processor's caches, is what a
 * big table costs):
 *
 *  - entries, indexed by id (the validator's ids are small and dense; an
 *    id beyond DENSE_LIMIT goes to a hash table instead);
 *  - links, a pool of (entry id, next link) pairs: the entries of a cell
 *    are a chain of links;
 *  - cells: a dense grid (row by row) over the part of the plane that the
 *    boxes covered when the cells were last rebuilt, so that the cells of
 *    a query lie side by side in memory; and, for cells beyond it, an
 *    open-addressing table (linear probing) of cell keys. A cell left
 *    empty keeps its slot until the cells are next rebuilt, so that
 *    probing never meets a hole. The cells are rebuilt, the grid fitted
 *    again, each time the table fills. */

#define MAX_CELLS_PER_ENTRY 4096

/* Ids below this are entries of the dense array. */
#define DENSE_LIMIT (1u << 20)

/* Cell coordinates are clamped to this range; a clamped box still lands in
 * every cell a clamped query would look at, so answers stay exact. */
#define CELL_COORD_LIMIT (G_MAXINT32 / 2)

#define NONE G_MAXUINT

/* A grid of this many cells (2 MiB) is cheap enough to cover however few
 * boxes: scattered terrain, say, which every query around a base looks
 * at. */
#define GRID_FREE_CELLS (1 << 17)

typedef struct
{
  MusterBox box;
  guint     id;
  guint     stamp;
  gint      cx0;
  gint      cy0;
  gint      cx1;
  gint      cy1;
  guint     oversize_index;
  gboolean  present;
  gboolean  oversize;
} Entry;

typedef struct
{
  guint id;
  guint next;
} Link;

typedef struct
{
  guint64 key;     /* EMPTY_KEY in an unused slot */
  guint   head;    /* first link, or NONE */
  guint   count;   /* links in the chain; 0 in an unused or emptied slot */
} Cell;

/* No cell has it: cell coordinates are clamped well inside gint32. */
#define EMPTY_KEY G_GUINT64_CONSTANT (0x8000000080000000)

struct _MusterSpatialIndex
{
  double      cell_size;
  double      inv_cell_size;

  GArray     *dense;        /* Entry, by id */
  GHashTable *sparse;       /* id → Entry, for ids ≥ DENSE_LIMIT */
  guint       size;

  Link       *links;
  guint       n_links;
  guint       links_alloc;
  guint       free_link;    /* a chain of free links, or NONE */

  Cell       *grid;         /* gw × gh cells from (gx0, gy0), or NULL */
  gint        gx0;
  gint        gy0;
  guint       gw;
  guint       gh;

  Cell       *cells;        /* the cells beyond the grid */
  guint       cells_mask;   /* capacity − 1, a power of two less one */
  guint       cells_used;   /* slots with a key */
  guint       cells_live;   /* cells with links, in the grid and the table */

  GArray     *oversize;     /* guint ids */
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

static inline guint
cell_key_hash (guint64 k)
{
  /* The 64-bit finaliser of MurmurHash3. */
  k ^= k >> 33;
  k *= G_GUINT64_CONSTANT (0xff51afd7ed558ccd);
  k ^= k >> 33;
  k *= G_GUINT64_CONSTANT (0xc4ceb9fe1a85ec53);
  k ^= k >> 33;

  return (guint) k;
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

static inline gint
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

static inline void
cell_range (MusterSpatialIndex *self,
            const MusterBox    *box,
            gint               *cx0,
            gint               *cy0,
            gint               *cx1,
            gint               *cy1)
{
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

/* Entries */

static inline Entry *
lookup_entry (MusterSpatialIndex *self,
              guint               id)
{
  if (id < DENSE_LIMIT)
    {
      Entry *entry;

      if (id >= self->dense->len)
        return NULL;

      entry = &g_array_index (self->dense, Entry, id);

      return entry->present ? entry : NULL;
    }

  return self->sparse != NULL ? g_hash_table_lookup (self->sparse, GUINT_TO_POINTER (id)) : NULL;
}

/* The entry of an id present in the index. */
static inline Entry *
entry_of (MusterSpatialIndex *self,
          guint               id)
{
  if (G_LIKELY (id < DENSE_LIMIT))
    return &g_array_index (self->dense, Entry, id);

  return g_hash_table_lookup (self->sparse, GUINT_TO_POINTER (id));
}

static Entry *
add_entry (MusterSpatialIndex *self,
           guint               id)
{
  Entry *entry;

  if (id < DENSE_LIMIT)
    {
      if (id >= self->dense->len)
        {
          guint old = self->dense->len;
          guint len = MAX (16u, old);

          while (len <= id)
            len *= 2;
          g_array_set_size (self->dense, MIN (len, DENSE_LIMIT));
        }
      entry = &g_array_index (self->dense, Entry, id);
    }
  else
    {
      if (self->sparse == NULL)
        self->sparse = g_hash_table_new_full (NULL, NULL, NULL, g_free);
      entry = g_new0 (Entry, 1);
      g_hash_table_insert (self->sparse, GUINT_TO_POINTER (id), entry);
    }

  memset (entry, 0, sizeof *entry);
  entry->id = id;
  entry->present = TRUE;
  self->size++;

  return entry;
}

static void
drop_entry (MusterSpatialIndex *self,
            Entry              *entry)
{
  g_assert (self->size > 0);
  self->size--;

  if (entry->id < DENSE_LIMIT)
    entry->present = FALSE;
  else
    g_hash_table_remove (self->sparse, GUINT_TO_POINTER (entry->id));
}

/* Links */

static inline guint
link_new (MusterSpatialIndex *self,
          guint               id,
          guint               next)
{
  guint i;

  if (self->free_link != NONE)
    {
      i = self->free_link;
      self->free_link = self->links[i].next;
    }
  else
    {
      if (self->n_links == self->links_alloc)
        {
          g_assert (self->links_alloc < G_MAXUINT / 2);
          self->links_alloc = MAX (64u, self->links_alloc * 2);
          self->links = g_renew (Link, self->links, self->links_alloc);
        }
      i = self->n_links++;
    }

  self->links[i].id = id;
  self->links[i].next = next;

  return i;
}

static inline void
link_free (MusterSpatialIndex *self,
           guint               i)
{
  self->links[i].next = self->free_link;
  self->free_link = i;
}

/* Cells */

static Cell *
cells_new (guint capacity)
{
  Cell *cells = g_new (Cell, capacity);

  for (guint i = 0; i < capacity; i++)
    cells[i] = (Cell) { EMPTY_KEY, NONE, 0 };

  return cells;
}

static void cells_rebuild (MusterSpatialIndex *self);

static inline Cell *
grid_cell (MusterSpatialIndex *self,
           gint                cx,
           gint                cy)
{
  guint x = (guint) ((gint64) cx - self->gx0);
  guint y = (guint) ((gint64) cy - self->gy0);

  if ((gint64) cx - self->gx0 < 0 || (gint64) cy - self->gy0 < 0 || x >= self->gw || y >= self->gh)
    return NULL;

  return &self->grid[(gsize) y * self->gw + x];
}

/* The cell (cx, cy), or NULL when it has no slot. */
static inline Cell *
cell_lookup (MusterSpatialIndex *self,
             gint                cx,
             gint                cy)
{
  guint64 key = cell_key (cx, cy);
  Cell *cell = self->grid != NULL ? grid_cell (self, cx, cy) : NULL;
  guint i;

  if (cell != NULL)
    return cell;

  i = cell_key_hash (key) & self->cells_mask;
  for (;;)
    {
      cell = &self->cells[i];

      if (cell->key == EMPTY_KEY)
        return NULL;
      if (cell->key == key)
        return cell;
      i = (i + 1) & self->cells_mask;
    }
}

/* Puts a cell in the table (a slot that is free). */
static void
table_put (MusterSpatialIndex *self,
           const Cell         *cell)
{
  guint j = cell_key_hash (cell->key) & self->cells_mask;

  while (self->cells[j].key != EMPTY_KEY)
    j = (j + 1) & self->cells_mask;
  self->cells[j] = *cell;
  self->cells_used++;
}

/* The cell (cx, cy), given a slot if it had none. */
static Cell *
cell_take (MusterSpatialIndex *self,
           gint                cx,
           gint                cy)
{
  guint64 key = cell_key (cx, cy);
  Cell *cell = self->grid != NULL ? grid_cell (self, cx, cy) : NULL;
  guint i;

  if (cell != NULL)
    return cell;

  /* At most half full, counting the emptied slots. */
  if (2 * (self->cells_used + 1) > self->cells_mask + 1)
    {
      cells_rebuild (self);
      cell = self->grid != NULL ? grid_cell (self, cx, cy) : NULL;
      if (cell != NULL)
        return cell;
    }

  i = cell_key_hash (key) & self->cells_mask;
  for (;;)
    {
      cell = &self->cells[i];

      if (cell->key == EMPTY_KEY)
        {
          cell->key = key;
          cell->head = NONE;
          cell->count = 0;
          self->cells_used++;
          return cell;
        }
      if (cell->key == key)
        return cell;
      i = (i + 1) & self->cells_mask;
    }
}

/* Fits the grid again over the cells that hold links, with a quarter to
 * spare on each side, when they fill at least an eighth of it (or it is
 * small: GRID_FREE_CELLS); puts the
 * others in a new table, at most a quarter full; and drops the emptied
 * ones. */
static void
cells_rebuild (MusterSpatialIndex *self)
{
  g_autofree Cell *old_grid = g_steal_pointer (&self->grid);
  g_autofree Cell *old_cells = g_steal_pointer (&self->cells);
  gsize old_grid_size = (gsize) self->gw * self->gh;
  guint old_capacity = self->cells_mask + 1;
  gint64 x0 = G_MAXINT64, y0 = G_MAXINT64, x1 = G_MININT64, y1 = G_MININT64;
  guint live = 0, outside = 0, capacity = 64;

  /* Where the cells with links are. */
  for (int pass = 0; pass < 2; pass++)
    {
      const Cell *cells = pass == 0 ? old_grid : old_cells;
      gsize n = pass == 0 ? old_grid_size : old_capacity;

      for (gsize i = 0; cells != NULL && i < n; i++)
        {
          gint cx, cy;

          if (cells[i].key == EMPTY_KEY || cells[i].count == 0)
            continue;

          cx = cell_key_x (cells[i].key);
          cy = cell_key_y (cells[i].key);
          x0 = MIN (x0, cx);
          y0 = MIN (y0, cy);
          x1 = MAX (x1, cx);
          y1 = MAX (y1, cy);
          live++;
        }
    }

  self->gw = self->gh = 0;
  if (live > 0)
    {
      gint64 w = x1 - x0 + 1, h = y1 - y0 + 1;
      gint64 mx = w / 4 + 1, my = h / 4 + 1;

      if ((w + 2 * mx) * (h + 2 * my) <= MAX (8 * (gint64) live, GRID_FREE_CELLS) &&
          x0 - mx >= -CELL_COORD_LIMIT && y0 - my >= -CELL_COORD_LIMIT &&
          x1 + mx <= CELL_COORD_LIMIT && y1 + my <= CELL_COORD_LIMIT)
        {
          self->gx0 = x0 - mx;
          self->gy0 = y0 - my;
          self->gw = w + 2 * mx;
          self->gh = h + 2 * my;
          self->grid = g_new (Cell, (gsize) self->gw * self->gh);
          for (guint y = 0; y < self->gh; y++)
            for (guint x = 0; x < self->gw; x++)
              self->grid[(gsize) y * self->gw + x] = (Cell) { cell_key (self->gx0 + x, self->gy0 + y), NONE, 0 };
        }
    }

  /* The table, for the cells beyond the grid. */
  for (int pass = 0; pass < 2; pass++)
    {
      const Cell *cells = pass == 0 ? old_grid : old_cells;
      gsize n = pass == 0 ? old_grid_size : old_capacity;

      for (gsize i = 0; cells != NULL && i < n; i++)
        {
          if (cells[i].key != EMPTY_KEY && cells[i].count > 0 &&
              (self->grid == NULL ||
               grid_cell (self, cell_key_x (cells[i].key), cell_key_y (cells[i].key)) == NULL))
            outside++;
        }
    }
  while (capacity < 4 * ((gsize) outside + 1))
    capacity *= 2;

  self->cells = cells_new (capacity);
  self->cells_mask = capacity - 1;
  self->cells_used = 0;
  self->cells_live = live;

  for (int pass = 0; pass < 2; pass++)
    {
      const Cell *cells = pass == 0 ? old_grid : old_cells;
      gsize n = pass == 0 ? old_grid_size : old_capacity;

      for (gsize i = 0; cells != NULL && i < n; i++)
        {
          Cell *cell;

          if (cells[i].key == EMPTY_KEY || cells[i].count == 0)
            continue;

          cell = self->grid != NULL
                   ? grid_cell (self, cell_key_x (cells[i].key), cell_key_y (cells[i].key))
                   : NULL;
          if (cell != NULL)
            *cell = cells[i];
          else
            table_put (self, &cells[i]);
        }
    }
}

static void
entry_link (MusterSpatialIndex *self,
            Entry              *entry)
{
  cell_range (self, &entry->box, &entry->cx0, &entry->cy0, &entry->cx1, &entry->cy1);
  entry->oversize = cell_count (entry->cx0, entry->cy0,
                                entry->cx1, entry->cy1) > MAX_CELLS_PER_ENTRY;

  if (entry->oversize)
    {
      entry->oversize_index = self->oversize->len;
      g_array_append_val (self->oversize, entry->id);
      return;
    }

  for (gint cx = entry->cx0; cx <= entry->cx1; cx++)
    {
      for (gint cy = entry->cy0; cy <= entry->cy1; cy++)
        {
          Cell *cell = cell_take (self, cx, cy);

          if (cell->count == 0)
            self->cells_live++;
          cell->head = link_new (self, entry->id, cell->head);
          cell->count++;
        }
    }
}

static void
entry_unlink (MusterSpatialIndex *self,
              Entry              *entry)
{
  if (entry->oversize)
    {
      guint i = entry->oversize_index;

      g_assert (i < self->oversize->len);
      g_assert (g_array_index (self->oversize, guint, i) == entry->id);

      g_array_remove_index_fast (self->oversize, i);
      if (i < self->oversize->len)
        entry_of (self, g_array_index (self->oversize, guint, i))->oversize_index = i;

      entry->oversize = FALSE;
      return;
    }

  for (gint cx = entry->cx0; cx <= entry->cx1; cx++)
    {
      for (gint cy = entry->cy0; cy <= entry->cy1; cy++)
        {
          Cell *cell = cell_lookup (self, cx, cy);
          guint *at;

          g_assert (cell != NULL);

          for (at = &cell->head; *at != NONE; at = &self->links[*at].next)
            {
              if (self->links[*at].id == entry->id)
                break;
            }

          g_assert (*at != NONE);
          {
            guint dead = *at;

            *at = self->links[dead].next;
            link_free (self, dead);
          }

          if (--cell->count == 0)
            self->cells_live--;
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
  self->dense = g_array_new (FALSE, TRUE, sizeof (Entry));
  self->free_link = NONE;
  self->cells = cells_new (64);
  self->cells_mask = 63;
  self->oversize = g_array_new (FALSE, FALSE, sizeof (guint));
  self->stamp = 0;

  return self;
}

void
muster_spatial_index_free (MusterSpatialIndex *index)
{
  if (index == NULL)
    return;

  g_clear_pointer (&index->dense, g_array_unref);
  g_clear_pointer (&index->sparse, g_hash_table_unref);
  g_clear_pointer (&index->links, g_free);
  g_clear_pointer (&index->grid, g_free);
  g_clear_pointer (&index->cells, g_free);
  g_clear_pointer (&index->oversize, g_array_unref);
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

  if (lookup_entry (index, id) != NULL)
    {
      muster_spatial_index_update (index, id, box);
      return;
    }

  entry = add_entry (index, id);
  entry->box = *box;
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

  entry = lookup_entry (index, id);
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

  entry = lookup_entry (index, id);
  if (entry == NULL)
    return;

  entry_unlink (index, entry);
  drop_entry (index, entry);
}

guint
muster_spatial_index_size (MusterSpatialIndex *index)
{
  g_return_val_if_fail (index != NULL, 0);

  return index->size;
}

static guint
next_stamp (MusterSpatialIndex *self)
{
  if (++self->stamp == 0)
    {
      /* Wrapped around: forget every old stamp. */
      for (guint i = 0; i < self->dense->len; i++)
        g_array_index (self->dense, Entry, i).stamp = 0;

      if (self->sparse != NULL)
        {
          GHashTableIter iter;
          gpointer value;

          g_hash_table_iter_init (&iter, self->sparse);
          while (g_hash_table_iter_next (&iter, NULL, &value))
            ((Entry *) value)->stamp = 0;
        }

      self->stamp = 1;
    }

  return self->stamp;
}

static inline void
visit_cell (MusterSpatialIndex *self,
            const Cell         *cell,
            guint               stamp,
            const MusterBox    *box,
            GArray             *ids)
{
  for (guint i = cell->head; i != NONE; i = self->links[i].next)
    {
      Entry *entry = entry_of (self, self->links[i].id);

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
      const Entry *entry = entry_of (index, g_array_index (index->oversize, guint, i));

      if (boxes_intersect (&entry->box, box))
        g_array_append_val (ids, entry->id);
    }

  if (index->cells_live == 0)
    return;

  stamp = next_stamp (index);
  cell_range (index, box, &cx0, &cy0, &cx1, &cy1);

  if (cell_count (cx0, cy0, cx1, cy1) >
      (gint64) index->gw * index->gh + index->cells_mask + 1)
    {
      gsize grid_size = (gsize) index->gw * index->gh;

      /* A query over more cells than the grid and the table hold: walk
       * those instead. */
      for (int pass = 0; pass < 2; pass++)
        {
          const Cell *cells = pass == 0 ? index->grid : index->cells;
          gsize n = pass == 0 ? grid_size : (gsize) index->cells_mask + 1;

          for (gsize i = 0; cells != NULL && i < n; i++)
            {
              const Cell *cell = &cells[i];
              gint cx, cy;

              if (cell->key == EMPTY_KEY || cell->count == 0)
                continue;

              cx = cell_key_x (cell->key);
              cy = cell_key_y (cell->key);
              if (cx >= cx0 && cx <= cx1 && cy >= cy0 && cy <= cy1)
                visit_cell (index, cell, stamp, box, ids);
            }
        }

      return;
    }

  for (gint cx = cx0; cx <= cx1; cx++)
    {
      for (gint cy = cy0; cy <= cy1; cy++)
        {
          const Cell *cell = cell_lookup (index, cx, cy);

          if (cell != NULL && cell->count > 0)
            visit_cell (index, cell, stamp, box, ids);
        }
    }
}

/* Z-order */

typedef struct
{
  guint32 code;
  guint   index;
} SpatialKey;

static int
compare_spatial_keys (gconstpointer a,
                      gconstpointer b)
{
  const SpatialKey *ka = a;
  const SpatialKey *kb = b;

  if (ka->code != kb->code)
    return ka->code < kb->code ? -1 : 1;

  return ka->index < kb->index ? -1 : ka->index > kb->index;
}

/* Spreads the low 16 bits of v over the even bits. */
static guint32
spread_bits (guint32 v)
{
  v &= 0xffff;
  v = (v | (v << 8)) & 0x00ff00ff;
  v = (v | (v << 4)) & 0x0f0f0f0f;
  v = (v | (v << 2)) & 0x33333333;
  v = (v | (v << 1)) & 0x55555555;

  return v;
}

guint *
muster_spatial_index_z_order (const MusterPoint *points,
                              guint              n_points,
                              double             cell_size)
{
  g_autofree SpatialKey *keys = NULL;
  guint *rank;

  g_return_val_if_fail (points != NULL || n_points == 0, NULL);
  g_return_val_if_fail (isfinite (cell_size) && cell_size > 0, NULL);

  keys = g_new (SpatialKey, MAX (n_points, 1));
  for (guint i = 0; i < n_points; i++)
    {
      double x = points[i].x;
      double y = points[i].y;
      double cx = isfinite (x) ? CLAMP (floor (x / cell_size), 0, 0xffff) : 0;
      double cy = isfinite (y) ? CLAMP (floor (y / cell_size), 0, 0xffff) : 0;

      keys[i].code = spread_bits ((guint32) cx) | (spread_bits ((guint32) cy) << 1);
      keys[i].index = i;
    }

  if (n_points > 1)
    qsort (keys, n_points, sizeof (SpatialKey), compare_spatial_keys);

  rank = g_new (guint, MAX (n_points, 1));
  for (guint k = 0; k < n_points; k++)
    rank[keys[k].index] = k;

  return rank;
}
