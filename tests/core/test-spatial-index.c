/* test-spatial-index.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "test-spatial-index"

#include "config.h"

#include <math.h>

#include "muster-spatial-index.h"

static MusterBox
box_make (double x0,
          double y0,
          double x1,
          double y1)
{
  MusterBox box = { x0, y0, x1, y1 };

  return box;
}

static int
compare_uint (gconstpointer a,
              gconstpointer b)
{
  guint x = *(const guint *) a;
  guint y = *(const guint *) b;

  return (x > y) - (x < y);
}

static GArray *
query_sorted (MusterSpatialIndex *index,
              MusterBox           box)
{
  GArray *ids = g_array_new (FALSE, FALSE, sizeof (guint));

  muster_spatial_index_query (index, &box, ids);
  g_array_sort (ids, compare_uint);

  /* Each id once. */
  for (guint i = 1; i < ids->len; i++)
    g_assert_cmpuint (g_array_index (ids, guint, i - 1), <, g_array_index (ids, guint, i));

  return ids;
}

static void
assert_query (MusterSpatialIndex *index,
              MusterBox           box,
              const guint        *expected,
              guint               n_expected)
{
  g_autoptr(GArray) ids = query_sorted (index, box);

  g_assert_cmpmem (ids->data, ids->len * sizeof (guint), expected, n_expected * sizeof (guint));
}

static void
test_basic (void)
{
  g_autoptr(MusterSpatialIndex) index = muster_spatial_index_new (50);
  MusterBox a = box_make (0, 0, 10, 10);
  MusterBox b = box_make (10, 10, 120, 20);      /* spans three cells */
  MusterBox c = box_make (-300, -300, -250, -250);
  const guint ab[] = { 1, 2 };
  const guint just_b[] = { 2 };
  const guint just_c[] = { 3 };
  const guint all[] = { 1, 2, 3 };

  g_assert_cmpuint (muster_spatial_index_size (index), ==, 0);
  assert_query (index, box_make (-1e9, -1e9, 1e9, 1e9), NULL, 0);

  muster_spatial_index_insert (index, 1, &a);
  muster_spatial_index_insert (index, 2, &b);
  muster_spatial_index_insert (index, 3, &c);
  g_assert_cmpuint (muster_spatial_index_size (index), ==, 3);

  /* Touching boxes intersect (closed). */
  assert_query (index, box_make (10, 10, 10, 10), ab, 2);
  assert_query (index, box_make (60, 0, 200, 100), just_b, 1);
  assert_query (index, box_make (121, 0, 200, 100), NULL, 0);
  assert_query (index, box_make (-250, -250, -250, -250), just_c, 1);
  assert_query (index, box_make (-1000, -1000, 1000, 1000), all, 3);

  /* Same cells, new box. */
  muster_spatial_index_update (index, 1, &(MusterBox) { 1, 1, 2, 2 });
  assert_query (index, box_make (5, 5, 9, 9), NULL, 0);
  assert_query (index, box_make (2, 2, 3, 3), (const guint[]) { 1 }, 1);

  /* Other cells. */
  muster_spatial_index_update (index, 3, &a);
  assert_query (index, box_make (-1000, -1000, -100, -100), NULL, 0);
  assert_query (index, box_make (5, 5, 9, 9), (const guint[]) { 3 }, 1);

  muster_spatial_index_remove (index, 2);
  muster_spatial_index_remove (index, 2);        /* absent: nothing happens */
  muster_spatial_index_remove (index, 999);
  g_assert_cmpuint (muster_spatial_index_size (index), ==, 2);
  assert_query (index, box_make (60, 0, 200, 100), NULL, 0);

  /* Insert of a present id moves it; update of an absent one inserts. */
  muster_spatial_index_insert (index, 1, &b);
  g_assert_cmpuint (muster_spatial_index_size (index), ==, 2);
  assert_query (index, box_make (100, 15, 100, 15), (const guint[]) { 1 }, 1);
  muster_spatial_index_update (index, 7, &c);
  g_assert_cmpuint (muster_spatial_index_size (index), ==, 3);
  assert_query (index, box_make (-260, -260, -260, -260), (const guint[]) { 7 }, 1);

  /* Results are appended to what the array holds. */
  {
    g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (guint));
    guint sentinel = 12345;

    g_array_append_val (ids, sentinel);
    muster_spatial_index_query (index, &c, ids);
    g_assert_cmpuint (ids->len, ==, 2);
    g_assert_cmpuint (g_array_index (ids, guint, 0), ==, sentinel);
    g_assert_cmpuint (g_array_index (ids, guint, 1), ==, 7);
  }
}

static void
test_huge (void)
{
  g_autoptr(MusterSpatialIndex) index = muster_spatial_index_new (10);
  MusterBox everything = box_make (-1e12, -1e12, 1e12, 1e12);
  MusterBox far = box_make (1e15, 1e15, 1e15 + 1, 1e15 + 1);
  MusterBox small = box_make (5, 5, 6, 6);
  MusterBox strip = box_make (0, 0, 100000, 10);  /* 10,001 × 2 cells */

  muster_spatial_index_insert (index, 1, &everything);
  muster_spatial_index_insert (index, 2, &far);
  muster_spatial_index_insert (index, 3, &small);
  muster_spatial_index_insert (index, 4, &strip);

  assert_query (index, box_make (5.5, 5.5, 5.5, 5.5), (const guint[]) { 1, 3, 4 }, 3);
  assert_query (index, box_make (50000, 0.5, 50000, 0.5), (const guint[]) { 1, 4 }, 2);
  assert_query (index, box_make (1e15, 1e15, 1e15, 1e15), (const guint[]) { 2 }, 1);
  assert_query (index, box_make (-1e300, -1e300, 1e300, 1e300), (const guint[]) { 1, 2, 3, 4 }, 4);
  assert_query (index, box_make (-INFINITY, -INFINITY, INFINITY, INFINITY),
                (const guint[]) { 1, 2, 3, 4 }, 4);
  assert_query (index, box_make (-5e11, 0, -4e11, 1), (const guint[]) { 1 }, 1);
  assert_query (index, box_make (-5e14, 0, -4e14, 1), NULL, 0);

  /* Oversize entries move in and out of the grid. */
  muster_spatial_index_update (index, 1, &small);
  muster_spatial_index_update (index, 3, &everything);
  assert_query (index, box_make (-1e6, -1e6, -1e6, -1e6), (const guint[]) { 3 }, 1);
  assert_query (index, box_make (5, 5, 5, 5), (const guint[]) { 1, 3, 4 }, 3);
  muster_spatial_index_remove (index, 4);
  muster_spatial_index_remove (index, 3);
  assert_query (index, box_make (-1e300, -1e300, 1e300, 1e300), (const guint[]) { 1, 2 }, 2);
  g_assert_cmpuint (muster_spatial_index_size (index), ==, 2);
}

static void
test_many_queries (void)
{
  g_autoptr(MusterSpatialIndex) index = muster_spatial_index_new (25);
  MusterBox box = box_make (0, 0, 60, 60);   /* nine cells */

  muster_spatial_index_insert (index, 42, &box);

  /* Many queries (the dedup stamp keeps counting). */
  for (guint i = 0; i < 100000; i++)
    {
      g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (guint));

      muster_spatial_index_query (index, &box, ids);
      g_assert_cmpuint (ids->len, ==, 1);
    }
}

typedef struct
{
  gboolean  present;
  MusterBox box;
} Truth;

static MusterBox
random_box (GRand *rand)
{
  double x = g_rand_double_range (rand, -500, 2500);
  double y = g_rand_double_range (rand, -500, 2500);
  guint kind = g_rand_int_range (rand, 0, 100);
  double w, h;

  if (kind < 2)
    {
      /* Oversize. */
      w = g_rand_double_range (rand, 2000, 5000);
      h = g_rand_double_range (rand, 2000, 5000);
    }
  else if (kind < 5)
    {
      /* A point. */
      w = h = 0;
    }
  else
    {
      w = g_rand_double_range (rand, 0, 120);
      h = g_rand_double_range (rand, 0, 120);
    }

  return box_make (x, y, x + w, y + h);
}

static void
check_against_truth (MusterSpatialIndex *index,
                     const Truth        *truth,
                     guint               n_truth,
                     GRand              *rand,
                     guint               n_queries)
{
  g_autoptr(GArray) expected = g_array_new (FALSE, FALSE, sizeof (guint));
  guint present = 0;
  guint hits = 0;

  for (guint i = 0; i < n_truth; i++)
    present += truth[i].present;
  g_assert_cmpuint (muster_spatial_index_size (index), ==, present);

  for (guint q = 0; q < n_queries; q++)
    {
      g_autoptr(GArray) ids = NULL;
      MusterBox box = random_box (rand);

      if (q % 50 == 0)
        box = box_make (-1e4, -1e4, 1e4, 1e4);

      g_array_set_size (expected, 0);
      for (guint i = 0; i < n_truth; i++)
        {
          const MusterBox *b = &truth[i].box;

          if (truth[i].present &&
              b->x0 <= box.x1 && box.x0 <= b->x1 && b->y0 <= box.y1 && box.y0 <= b->y1)
            g_array_append_val (expected, i);
        }

      ids = query_sorted (index, box);
      g_assert_cmpmem (ids->data, ids->len * sizeof (guint),
                       expected->data, expected->len * sizeof (guint));
      hits += ids->len;
    }

  g_test_message ("%u queries, %u hits", n_queries, hits);
  if (present > n_truth / 2)
    g_assert_cmpuint (hits, >, n_queries);
  else if (present == 0)
    g_assert_cmpuint (hits, ==, 0);
}

/* With reserve, the grid is fitted first over part of where the boxes
 * go: some land beyond it, in the table. */
static void
run_brute_force (gboolean reserve)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (2000);
  g_autoptr(MusterSpatialIndex) index = muster_spatial_index_new (40);
  g_autofree Truth *truth = g_new0 (Truth, 2000);
  guint n = 2000;

  if (reserve)
    muster_spatial_index_reserve (index, &(MusterBox) { 0, 0, 1000, 1000 }, n / 2);

  for (guint i = 0; i < n; i++)
    {
      truth[i].box = random_box (rand);
      truth[i].present = TRUE;
      muster_spatial_index_insert (index, i, &truth[i].box);
    }
  check_against_truth (index, truth, n, rand, 1000);

  /* Move half of them, some a little (same cells), some far. */
  for (guint i = 0; i < n; i += 2)
    {
      if (g_rand_boolean (rand))
        {
          truth[i].box.x1 += g_rand_double_range (rand, 0, 0.01);
          truth[i].box.y0 -= g_rand_double_range (rand, 0, 0.01);
        }
      else
        truth[i].box = random_box (rand);

      muster_spatial_index_update (index, i, &truth[i].box);
    }
  check_against_truth (index, truth, n, rand, 1000);

  /* Remove a third, then put some back. */
  for (guint i = 0; i < n; i += 3)
    {
      truth[i].present = FALSE;
      muster_spatial_index_remove (index, i);
    }
  check_against_truth (index, truth, n, rand, 1000);

  for (guint i = 0; i < n; i += 9)
    {
      truth[i].present = TRUE;
      truth[i].box = random_box (rand);
      muster_spatial_index_insert (index, i, &truth[i].box);
    }
  check_against_truth (index, truth, n, rand, 1000);

  /* Everything out. */
  for (guint i = 0; i < n; i++)
    {
      truth[i].present = FALSE;
      muster_spatial_index_remove (index, i);
    }
  check_against_truth (index, truth, n, rand, 10);
}

static void
test_brute_force (void)
{
  run_brute_force (FALSE);
}

static void
test_reserved (void)
{
  run_brute_force (TRUE);
}

static guint32
z_code (guint x,
        guint y)
{
  guint32 code = 0;

  for (guint bit = 0; bit < 16; bit++)
    code |= (((x >> bit) & 1u) << (2 * bit)) | (((y >> bit) & 1u) << (2 * bit + 1));

  return code;
}

/* Points along a Z-curve: every point once, the cells' codes in order,
 * the points of one cell in their own order. */
static void
test_z_order (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  const guint n = 5000;
  g_autofree MusterPoint *points = g_new (MusterPoint, n);
  g_autofree gboolean *seen = g_new0 (gboolean, n);
  g_autofree guint *order = NULL;
  const double cell = 25.4;

  for (guint i = 0; i < n; i++)
    points[i] = (MusterPoint) { g_rand_double_range (rand, 0, 3000), g_rand_double_range (rand, 0, 2000) };
  /* Some share a cell. */
  for (guint i = 0; i < n; i += 10)
    points[i] = points[g_rand_int_range (rand, 0, n)];

  order = muster_spatial_index_z_order (points, n, cell);

  for (guint k = 0; k < n; k++)
    {
      guint i = order[k];

      g_assert_cmpuint (i, <, n);
      g_assert_false (seen[i]);
      seen[i] = TRUE;

      if (k > 0)
        {
          guint j = order[k - 1];
          guint32 a = z_code (points[j].x / cell, points[j].y / cell);
          guint32 b = z_code (points[i].x / cell, points[i].y / cell);

          g_assert_cmpuint (a, <=, b);
          if (a == b)
            g_assert_cmpuint (j, <, i);
        }
    }

  g_clear_pointer (&order, g_free);
  order = muster_spatial_index_z_order (NULL, 0, cell);
  g_assert_nonnull (order);
}

/* A crowd that grows, is dragged away piece by piece, far beyond the
 * part of the plane the grid covers, and back: the grid is fitted again
 * and again, and cells go between the grid and the table. Ids beyond the
 * dense range take the other way in. */
static void
test_grid_and_table (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (4);
  g_autoptr(MusterSpatialIndex) index = muster_spatial_index_new (10);
  const guint n = 600;
  g_autofree Truth *truth = g_new0 (Truth, n);
  g_autofree guint *ids = g_new (guint, n);

  for (guint i = 0; i < n; i++)
    {
      /* Some huge ids, dense ones with gaps. */
      ids[i] = i % 7 == 0 ? G_MAXUINT - i : 3 * i;
    }

  /* A crowd in a 300 × 300 square, growing. */
  for (guint i = 0; i < n; i++)
    {
      double x = g_rand_double_range (rand, 0, 300);
      double y = g_rand_double_range (rand, 0, 300);

      truth[i].box = box_make (x, y, x + g_rand_double_range (rand, 0, 25), y + g_rand_double_range (rand, 0, 25));
      truth[i].present = TRUE;
      muster_spatial_index_insert (index, ids[i], &truth[i].box);
    }

  for (guint round = 0; round < 3; round++)
    {
      /* Away, to a far corner, then some of them back. */
      for (guint i = 0; i < n; i++)
        {
          double x, y;

          if (round == 1 && i % 2 == 0)
            continue;

          x = round == 1 ? g_rand_double_range (rand, 0, 300) : g_rand_double_range (rand, 1e5, 1e5 + 3000);
          y = round == 1 ? g_rand_double_range (rand, 0, 300) : g_rand_double_range (rand, -1e5, -1e5 + 3000);
          truth[i].box = box_make (x, y, x + 12, y + 8);
          muster_spatial_index_update (index, ids[i], &truth[i].box);

          if (i % 97 == 0)
            {
              g_autoptr(GArray) found = g_array_new (FALSE, FALSE, sizeof (guint));
              guint expected = 0;

              muster_spatial_index_query (index, &truth[i].box, found);
              for (guint j = 0; j < n; j++)
                expected += truth[j].present &&
                            muster_box_intersects (&truth[j].box, &truth[i].box);
              g_assert_cmpuint (found->len, ==, expected);
            }
        }

      {
        g_autoptr(GArray) expected = g_array_new (FALSE, FALSE, sizeof (guint));
        g_autoptr(GArray) found = NULL;
        MusterBox everywhere = box_make (-1e6, -1e6, 1e6, 1e6);
        MusterBox home = box_make (0, 0, 330, 330);

        for (guint i = 0; i < n; i++)
          if (truth[i].present && muster_box_intersects (&truth[i].box, &home))
            g_array_append_val (expected, ids[i]);
        g_array_sort (expected, compare_uint);
        found = query_sorted (index, home);
        g_assert_cmpmem (found->data, found->len * sizeof (guint),
                         expected->data, expected->len * sizeof (guint));
        g_clear_pointer (&found, g_array_unref);

        found = query_sorted (index, everywhere);
        g_assert_cmpuint (found->len, ==, n);
      }
    }

  for (guint i = 0; i < n; i++)
    muster_spatial_index_remove (index, ids[i]);
  g_assert_cmpuint (muster_spatial_index_size (index), ==, 0);
  assert_query (index, box_make (-1e9, -1e9, 1e9, 1e9), NULL, 0);
}

static void
test_free_null (void)
{
  muster_spatial_index_free (NULL);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/spatial-index/basic", test_basic);
  g_test_add_func ("/core/spatial-index/huge", test_huge);
  g_test_add_func ("/core/spatial-index/many-queries", test_many_queries);
  g_test_add_func ("/core/spatial-index/grid-and-table", test_grid_and_table);
  g_test_add_func ("/core/spatial-index/brute-force", test_brute_force);
  g_test_add_func ("/core/spatial-index/reserved", test_reserved);
  g_test_add_func ("/core/spatial-index/z-order", test_z_order);
  g_test_add_func ("/core/spatial-index/free-null", test_free_null);

  return g_test_run ();
}
