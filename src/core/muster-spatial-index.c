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
 *    a query lie side by side in memory, each only the head of its chain
 *    (four bytes: the grid of 50,000 bases fits the processor's second
 *    cache, which a grid of wider cells did not); and, for cells beyond
 *    it, an open-addressing table (linear probing) of cell keys. A cell
 *    left empty keeps its slot until the cells are next rebuilt, so that
 *    probing never meets a hole. The cells are rebuilt, the grid fitted
 *    again, each time the table fills. A cell is empty when its head is
 *    NONE. */

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
  guint     oversize_index;
  guint8    present;
  guint8    oversize;
} Entry;   /* 48 bytes: its cells follow from its box (cell_range()) */

typedef struct
{
  guint id;
  guint next;
} Link;

/* A cell of the table beyond the grid. */
typedef struct
{
  guint64 key;     /* EMPTY_KEY in an unused slot */
  guint   head;    /* first link, or NONE in an unused or emptied slot */
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

  guint      *grid;         /* the heads of gw × gh cells from (gx0, gy0), or NULL */
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

  guint      *hits;         /* a query's answers, appended to its array at once */
  guint       hits_alloc;
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
      /* Only as far as the id: ids come mostly in order, and an entry
       * cleared now is written now, while it is in the cache. GArray
       * keeps room for more. */
      if (id >= self->dense->len)
        g_array_set_size (self->dense, id + 1);
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
    cells[i] = (Cell) { EMPTY_KEY, NONE };

  return cells;
}

/* A new grid of w × h empty cells from (x0, y0), in place of the old. */
static void
grid_new (MusterSpatialIndex *self,
          gint                x0,
          gint                y0,
          guint               w,
          guint               h)
{
  g_free (self->grid);
  self->gx0 = x0;
  self->gy0 = y0;
  self->gw = w;
  self->gh = h;
  self->grid = g_new (guint, (gsize) w * h);
  /* NONE is all ones. */
  memset (self->grid, 0xff, (gsize) w * h * sizeof (guint));
}

static void cells_rebuild (MusterSpatialIndex *self);

static inline guint *
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

/* The head of the cell (cx, cy), or NULL when it has no slot. */
static inline guint *
cell_lookup (MusterSpatialIndex *self,
             gint                cx,
             gint                cy)
{
  guint64 key = cell_key (cx, cy);
  guint *head = self->grid != NULL ? grid_cell (self, cx, cy) : NULL;
  guint i;

  if (head != NULL)
    return head;

  i = cell_key_hash (key) & self->cells_mask;
  for (;;)
    {
      Cell *cell = &self->cells[i];

      if (cell->key == EMPTY_KEY)
        return NULL;
      if (cell->key == key)
        return &cell->head;
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

/* The head of the cell (cx, cy), given a slot if it had none. */
static guint *
cell_take (MusterSpatialIndex *self,
           gint                cx,
           gint                cy)
{
  guint64 key = cell_key (cx, cy);
  guint *head = self->grid != NULL ? grid_cell (self, cx, cy) : NULL;
  guint i;

  if (head != NULL)
    return head;

  /* At most half full, counting the emptied slots. */
  if (2 * (self->cells_used + 1) > self->cells_mask + 1)
    {
      cells_rebuild (self);
      head = self->grid != NULL ? grid_cell (self, cx, cy) : NULL;
      if (head != NULL)
        return head;
    }

  i = cell_key_hash (key) & self->cells_mask;
  for (;;)
    {
      Cell *cell = &self->cells[i];

      if (cell->key == EMPTY_KEY)
        {
          cell->key = key;
          cell->head = NONE;
          self->cells_used++;
          return &cell->head;
        }
      if (cell->key == key)
        return &cell->head;
      i = (i + 1) & self->cells_mask;
    }
}

/* The cells that hold links, in the grid and the table, as table cells. */
static GArray *
live_cells (MusterSpatialIndex *self)
{
  GArray *live = g_array_new (FALSE, FALSE, sizeof (Cell));

  for (guint y = 0; self->grid != NULL && y < self->gh; y++)
    {
      for (guint x = 0; x < self->gw; x++)
        {
          Cell cell = { cell_key (self->gx0 + x, self->gy0 + y), self->grid[(gsize) y * self->gw + x] };

          if (cell.head != NONE)
            g_array_append_val (live, cell);
        }
    }

  for (guint i = 0; i <= self->cells_mask; i++)
    {
      if (self->cells[i].key != EMPTY_KEY && self->cells[i].head != NONE)
        g_array_append_val (live, self->cells[i]);
    }

  return live;
}

/* Fits the grid again over the cells that hold links, with a quarter to
 * spare on each side, when they fill at least an eighth of it (or it is
 * small: GRID_FREE_CELLS); puts the
 * others in a new table, at most a quarter full; and drops the emptied
 * ones. */
static void
cells_rebuild (MusterSpatialIndex *self)
{
  g_autoptr(GArray) live = live_cells (self);
  gint64 x0 = G_MAXINT64, y0 = G_MAXINT64, x1 = G_MININT64, y1 = G_MININT64;
  guint outside = 0, capacity = 64;

  /* Where they are. */
  for (guint i = 0; i < live->len; i++)
    {
      const Cell *cell = &g_array_index (live, Cell, i);

      x0 = MIN (x0, cell_key_x (cell->key));
      y0 = MIN (y0, cell_key_y (cell->key));
      x1 = MAX (x1, cell_key_x (cell->key));
      y1 = MAX (y1, cell_key_y (cell->key));
    }

  g_clear_pointer (&self->grid, g_free);
  self->gw = self->gh = 0;
  if (live->len > 0)
    {
      gint64 w = x1 - x0 + 1, h = y1 - y0 + 1;
      gint64 mx = w / 4 + 1, my = h / 4 + 1;

      if ((w + 2 * mx) * (h + 2 * my) <= MAX (8 * (gint64) live->len, GRID_FREE_CELLS) &&
          x0 - mx >= -CELL_COORD_LIMIT && y0 - my >= -CELL_COORD_LIMIT &&
          x1 + mx <= CELL_COORD_LIMIT && y1 + my <= CELL_COORD_LIMIT)
        grid_new (self, x0 - mx, y0 - my, w + 2 * mx, h + 2 * my);
    }

  /* The table, for the cells beyond the grid. */
  for (guint i = 0; i < live->len; i++)
    {
      const Cell *cell = &g_array_index (live, Cell, i);

      if (self->grid == NULL || grid_cell (self, cell_key_x (cell->key), cell_key_y (cell->key)) == NULL)
        outside++;
    }
  while (capacity < 4 * ((gsize) outside + 1))
    capacity *= 2;

  g_free (self->cells);
  self->cells = cells_new (capacity);
  self->cells_mask = capacity - 1;
  self->cells_used = 0;
  self->cells_live = live->len;

  for (guint i = 0; i < live->len; i++)
    {
      const Cell *cell = &g_array_index (live, Cell, i);
      guint *head = self->grid != NULL ? grid_cell (self, cell_key_x (cell->key), cell_key_y (cell->key)) : NULL;

      if (head != NULL)
        *head = cell->head;
      else
        table_put (self, cell);
    }
}

static void
entry_link (MusterSpatialIndex *self,
            Entry              *entry)
{
  gint cx0, cy0, cx1, cy1;

  cell_range (self, &entry->box, &cx0, &cy0, &cx1, &cy1);
  entry->oversize = cell_count (cx0, cy0, cx1, cy1) > MAX_CELLS_PER_ENTRY;

  if (entry->oversize)
    {
      entry->oversize_index = self->oversize->len;
      g_array_append_val (self->oversize, entry->id);
      return;
    }

  for (gint cy = cy0; cy <= cy1; cy++)
    {
      for (gint cx = cx0; cx <= cx1; cx++)
        {
          guint *head = cell_take (self, cx, cy);

          if (*head == NONE)
            self->cells_live++;
          *head = link_new (self, entry->id, *head);
        }
    }
}

static void
entry_unlink (MusterSpatialIndex *self,
              Entry              *entry)
{
  gint cx0, cy0, cx1, cy1;

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

  cell_range (self, &entry->box, &cx0, &cy0, &cx1, &cy1);
  for (gint cy = cy0; cy <= cy1; cy++)
    {
      for (gint cx = cx0; cx <= cx1; cx++)
        {
          guint *head = cell_lookup (self, cx, cy);
          guint *at;

          g_assert (head != NULL);

          for (at = head; *at != NONE; at = &self->links[*at].next)
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

          if (*head == NONE)
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
  g_free (index->hits);
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
  gint ox0, oy0, ox1, oy1;

  g_return_if_fail (index != NULL);
  g_return_if_fail (box_is_valid (box));

  entry = lookup_entry (index, id);
  if (entry == NULL)
    {
      muster_spatial_index_insert (index, id, box);
      return;
    }

  cell_range (index, box, &cx0, &cy0, &cx1, &cy1);
  cell_range (index, &entry->box, &ox0, &oy0, &ox1, &oy1);

  /* Still in the same cells: only the box changes. */
  if (cx0 == ox0 && cy0 == oy0 && cx1 == ox1 && cy1 == oy1)
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

/**
 * muster_spatial_index_reserve:
 * @index: an index that holds nothing
 * @extent: where the boxes to come will lie
 * @n_entries: about how many there will be
 *
 * Makes room for the boxes to come: a grid fitted over @extent, entries
 * for ids below @n_entries and links for them, so that inserting them
 * costs no growing of arrays and no rebuilding of the cells on the way.
 * Boxes beyond @extent and more entries are still taken as usual.
 */
void
muster_spatial_index_reserve (MusterSpatialIndex *index,
                              const MusterBox    *extent,
                              guint               n_entries)
{
  gint cx0, cy0, cx1, cy1;
  gint64 w, h;

  g_return_if_fail (index != NULL);
  g_return_if_fail (index->size == 0);
  g_return_if_fail (box_is_valid (extent));

  /* Room for the entries, cleared as they come (see add_entry()). */
  n_entries = MIN (n_entries, DENSE_LIMIT);
  if (index->dense->len == 0)
    {
      g_array_unref (index->dense);
      index->dense = g_array_sized_new (FALSE, TRUE, sizeof (Entry), n_entries);
    }

  /* A box takes a few cells: 2 × 2 when the cells are as wide as the
   * boxes, as the validator makes them. */
  if (index->links_alloc < 4 * (gsize) n_entries && n_entries < G_MAXUINT / 8)
    {
      index->links_alloc = 4 * n_entries;
      index->links = g_renew (Link, index->links, index->links_alloc);
    }

  /* The grid over the extent, as cells_rebuild() would fit it over the
   * cells of that many boxes, with a cell to spare around. */
  cell_range (index, extent, &cx0, &cy0, &cx1, &cy1);
  w = (gint64) cx1 - cx0 + 3;
  h = (gint64) cy1 - cy0 + 3;
  if (index->cells_live > 0 || w * h > MAX (32 * (gint64) n_entries, GRID_FREE_CELLS) ||
      (gint64) cx0 - 1 < -CELL_COORD_LIMIT || (gint64) cy0 - 1 < -CELL_COORD_LIMIT ||
      (gint64) cx1 + 1 > CELL_COORD_LIMIT || (gint64) cy1 + 1 > CELL_COORD_LIMIT)
    return;

  grid_new (index, cx0 - 1, cy0 - 1, w, h);
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
add_hit (MusterSpatialIndex *self,
         guint              *n_hits,
         guint               id)
{
  if (G_UNLIKELY (*n_hits == self->hits_alloc))
    {
      self->hits_alloc = MAX (64u, self->hits_alloc * 2);
      self->hits = g_renew (guint, self->hits, self->hits_alloc);
    }

  self->hits[(*n_hits)++] = id;
}

static inline void
visit_cell (MusterSpatialIndex *self,
            guint               head,
            guint               stamp,
            const MusterBox    *box,
            guint              *n_hits)
{
  for (guint i = head; i != NONE; i = self->links[i].next)
    {
      Entry *entry = entry_of (self, self->links[i].id);

      if (entry->stamp == stamp)
        continue;

      entry->stamp = stamp;

      if (boxes_intersect (&entry->box, box))
        add_hit (self, n_hits, entry->id);
    }
}

static void
query_cells (MusterSpatialIndex *index,
             const MusterBox    *box,
             guint              *n_hits)
{
  gint cx0, cy0, cx1, cy1;
  guint stamp;

  if (index->cells_live == 0)
    return;

  stamp = next_stamp (index);
  cell_range (index, box, &cx0, &cy0, &cx1, &cy1);

  if (cell_count (cx0, cy0, cx1, cy1) >
      (gint64) index->gw * index->gh + index->cells_mask + 1)
    {
      /* A query over more cells than the grid and the table hold: walk
       * those instead. */
      for (guint y = 0; index->grid != NULL && y < index->gh; y++)
        {
          gint cy = index->gy0 + (gint) y;

          if (cy < cy0 || cy > cy1)
            continue;
          for (guint x = 0; x < index->gw; x++)
            {
              gint cx = index->gx0 + (gint) x;
              guint head = index->grid[(gsize) y * index->gw + x];

              if (head != NONE && cx >= cx0 && cx <= cx1)
                visit_cell (index, head, stamp, box, n_hits);
            }
        }

      for (guint i = 0; i <= index->cells_mask; i++)
        {
          const Cell *cell = &index->cells[i];
          gint cx, cy;

          if (cell->key == EMPTY_KEY || cell->head == NONE)
            continue;

          cx = cell_key_x (cell->key);
          cy = cell_key_y (cell->key);
          if (cx >= cx0 && cx <= cx1 && cy >= cy0 && cy <= cy1)
            visit_cell (index, cell->head, stamp, box, n_hits);
        }

      return;
    }

  /* Row by row, as the grid lies in memory. */
  for (gint cy = cy0; cy <= cy1; cy++)
    {
      for (gint cx = cx0; cx <= cx1; cx++)
        {
          const guint *head = cell_lookup (index, cx, cy);

          if (head != NULL && *head != NONE)
            visit_cell (index, *head, stamp, box, n_hits);
        }
    }
}

/* Boxes are closed: boxes that only touch intersect. */
void
muster_spatial_index_query (MusterSpatialIndex *index,
                            const MusterBox    *box,
                            GArray             *ids)
{
  guint n_hits = 0;

  g_return_if_fail (index != NULL);
  g_return_if_fail (box_is_valid (box));
  g_return_if_fail (ids != NULL);
  g_return_if_fail (g_array_get_element_size (ids) == sizeof (guint));

  for (guint i = 0; i < index->oversize->len; i++)
    {
      const Entry *entry = entry_of (index, g_array_index (index->oversize, guint, i));

      if (boxes_intersect (&entry->box, box))
        add_hit (index, &n_hits, entry->id);
    }

  query_cells (index, box, &n_hits);

  if (n_hits > 0)
    g_array_append_vals (ids, index->hits, n_hits);
}

/* Z-order */

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

/* Sorts keys (a Z-code above, an index below) by their codes, stably: a
 * radix sort, three passes of 11 bits, through tmp. */
static void
sort_by_code (guint64 *keys,
              guint64 *tmp,
              guint    n)
{
  for (guint shift = 32; shift < 64; shift += 11)
    {
      guint counts[1 << 11] = { 0, };
      guint sum = 0;

      for (guint i = 0; i < n; i++)
        counts[(keys[i] >> shift) & 0x7ff]++;
      for (guint d = 0; d < G_N_ELEMENTS (counts); d++)
        {
          guint c = counts[d];

          counts[d] = sum;
          sum += c;
        }
      for (guint i = 0; i < n; i++)
        tmp[counts[(keys[i] >> shift) & 0x7ff]++] = keys[i];
      memcpy (keys, tmp, n * sizeof *keys);
    }
}

guint *
muster_spatial_index_z_order (const MusterPoint *points,
                              guint              n_points,
                              double             cell_size)
{
  g_autofree guint64 *keys = NULL;
  g_autofree guint64 *tmp = NULL;
  guint *order;

  g_return_val_if_fail (points != NULL || n_points == 0, NULL);
  g_return_val_if_fail (isfinite (cell_size) && cell_size > 0, NULL);

  keys = g_new (guint64, MAX (n_points, 1));
  tmp = g_new (guint64, MAX (n_points, 1));
  for (guint i = 0; i < n_points; i++)
    {
      double x = points[i].x;
      double y = points[i].y;
      double cx = isfinite (x) ? CLAMP (floor (x / cell_size), 0, 0xffff) : 0;
      double cy = isfinite (y) ? CLAMP (floor (y / cell_size), 0, 0xffff) : 0;
      guint32 code = spread_bits ((guint32) cx) | (spread_bits ((guint32) cy) << 1);

      keys[i] = ((guint64) code << 32) | i;
    }

  sort_by_code (keys, tmp, n_points);

  order = g_new (guint, MAX (n_points, 1));
  for (guint k = 0; k < n_points; k++)
    order[k] = (guint32) keys[k];

  return order;
}
