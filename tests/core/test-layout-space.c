/* test-layout-space.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "test-layout-space"

#include "config.h"

#include <math.h>

#include "muster-layout.h"

/* muster_layout_find_pieces(): the pieces that may reach into a box, as
 * a look at every piece finds them, in file order, while pieces come, go,
 * move and change their bases. */

#define TABLE_W 1828.8
#define TABLE_H 1219.2

static const MusterBase bases[] = {
  { MUSTER_BASE_RECT, 25, 25 },
  { MUSTER_BASE_RECT, 100, 40 },
  { MUSTER_BASE_ROUND, 40, 40 },
  { MUSTER_BASE_OVAL, 120, 92 },
  { MUSTER_BASE_ROUND, 170, 170 },
};

static MusterPiece *
random_piece (GRand *rand,
              guint  n)
{
  g_autofree char *id = g_strdup_printf ("p%u", n);
  /* A few off the table, past each edge. */
  double x = g_rand_double_range (rand, -150, TABLE_W + 150);
  double y = g_rand_double_range (rand, -150, TABLE_H + 150);
  MusterPiece *piece = muster_piece_new (id, MUSTER_PIECE_UNIT, n % 2 ? "red" : "blue",
                                         &bases[g_rand_int_range (rand, 0, G_N_ELEMENTS (bases))], x, y);

  piece->rotation = g_rand_double_range (rand, 0, 360);

  return piece;
}

static MusterBox
random_box (GRand *rand)
{
  double x = g_rand_double_range (rand, -200, TABLE_W + 200);
  double y = g_rand_double_range (rand, -200, TABLE_H + 200);
  /* From a point (a click) to more than the table. */
  double w = g_rand_int_range (rand, 0, 4) == 0 ? 0 : g_rand_double_range (rand, 0, 2500);
  double h = w == 0 ? 0 : g_rand_double_range (rand, 0, 1600);

  return (MusterBox) { x, y, x + w, y + h };
}

/* What a look at every piece finds. */
static GPtrArray *
every_piece_near (MusterLayout    *layout,
                  const MusterBox *box)
{
  GPtrArray *pieces = muster_layout_get_pieces (layout);
  GPtrArray *near = g_ptr_array_new ();

  for (guint i = 0; i < pieces->len; i++)
    {
      MusterPiece *piece = g_ptr_array_index (pieces, i);
      double reach = muster_base_reach (&piece->base);

      if (piece->x + reach >= box->x0 && piece->x - reach <= box->x1 &&
          piece->y + reach >= box->y0 && piece->y - reach <= box->y1)
        g_ptr_array_add (near, piece);
    }

  return near;
}

/* Boxes from rand: found as a look at every piece finds them. Returns
 * how many pieces were found in all. */
static guint
check_boxes (MusterLayout *layout,
             GRand        *rand,
             guint         n_boxes)
{
  guint total = 0;

  for (guint i = 0; i < n_boxes; i++)
    {
      MusterBox box = random_box (rand);
      g_autoptr(GPtrArray) expected = every_piece_near (layout, &box);
      g_autoptr(GPtrArray) found = g_ptr_array_new ();

      muster_layout_find_pieces (layout, &box, found);
      g_assert_cmpuint (found->len, ==, expected->len);
      for (guint k = 0; k < found->len; k++)
        g_assert_true (g_ptr_array_index (found, k) == g_ptr_array_index (expected, k));
      total += found->len;
    }

  return total;
}

static void
test_find_as_every_piece (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261127);
  g_autoptr(MusterLayout) layout = muster_layout_new ("t9a", "frontline-clash", TABLE_W, TABLE_H);
  GPtrArray *pieces = muster_layout_get_pieces (layout);
  guint next = 0;

  for (; next < 3000; next++)
    g_assert_true (muster_layout_add_piece (layout, random_piece (rand, next)));

  /* Most boxes find some, not all. */
  g_assert_cmpuint (check_boxes (layout, rand, 200), >, 1000);

  /* Moved and turned, as the editor does. */
  for (guint i = 0; i < 500; i++)
    {
      MusterPiece *piece = g_ptr_array_index (pieces, g_rand_int_range (rand, 0, pieces->len));

      muster_layout_move_piece (layout, piece,
                                piece->x + g_rand_double_range (rand, -300, 300),
                                piece->y + g_rand_double_range (rand, -300, 300),
                                g_rand_double_range (rand, 0, 360));
    }
  check_boxes (layout, rand, 200);

  /* A bigger or smaller base, changed in place. */
  for (guint i = 0; i < 300; i++)
    {
      MusterPiece *piece = g_ptr_array_index (pieces, g_rand_int_range (rand, 0, pieces->len));

      piece->base = bases[g_rand_int_range (rand, 0, G_N_ELEMENTS (bases))];
      piece->x = g_rand_double_range (rand, 0, TABLE_W);
      muster_layout_piece_changed (layout, piece);
    }
  check_boxes (layout, rand, 200);

  /* Gone, and new ones (at the end of the file). */
  for (guint i = 0; i < 400; i++)
    {
      MusterPiece *piece = g_ptr_array_index (pieces, g_rand_int_range (rand, 0, pieces->len));
      g_autofree char *id = g_strdup (piece->id);

      g_assert_true (muster_layout_remove_piece (layout, id));
      g_assert_true (muster_layout_add_piece (layout, random_piece (rand, next++)));
    }
  check_boxes (layout, rand, 200);
}

/* File order, not the order of places on the table; and a piece that is
 * nowhere (its coordinates not numbers) is not found. */
static void
test_find_in_file_order (void)
{
  g_autoptr(MusterLayout) layout = muster_layout_new ("t9a", "frontline-clash", TABLE_W, TABLE_H);
  g_autoptr(GPtrArray) found = g_ptr_array_new ();
  MusterBox all = { -1000, -1000, TABLE_W + 1000, TABLE_H + 1000 };
  MusterBox nothing = { NAN, 0, 10, 10 };
  MusterPiece *lost;

  /* From the east edge west, so that their places run against the file. */
  for (guint i = 0; i < 200; i++)
    {
      g_autofree char *id = g_strdup_printf ("p%u", i);

      g_assert_true (muster_layout_add_piece (layout, muster_piece_new (id, MUSTER_PIECE_UNIT, "red", &bases[0],
                                                                        TABLE_W - 5 - i * 9, 300 + (i % 7) * 40)));
    }
  lost = muster_piece_new ("lost", MUSTER_PIECE_UNIT, "red", &bases[0], NAN, 100);
  g_assert_true (muster_layout_add_piece (layout, lost));

  muster_layout_find_pieces (layout, &all, found);
  g_assert_cmpuint (found->len, ==, 200);
  for (guint i = 0; i < found->len; i++)
    g_assert_true (g_ptr_array_index (found, i) == g_ptr_array_index (muster_layout_get_pieces (layout), i));

  /* Back on the table: found, last. */
  muster_layout_move_piece (layout, lost, 50, 50, 0);
  g_ptr_array_set_size (found, 0);
  muster_layout_find_pieces (layout, &all, found);
  g_assert_cmpuint (found->len, ==, 201);
  g_assert_true (g_ptr_array_index (found, 200) == lost);

  /* A box that is not one finds nothing. */
  g_ptr_array_set_size (found, 0);
  muster_layout_find_pieces (layout, &nothing, found);
  g_assert_cmpuint (found->len, ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/layout/find/as-every-piece", test_find_as_every_piece);
  g_test_add_func ("/core/layout/find/file-order", test_find_in_file_order);

  return g_test_run ();
}
