/* test-layout-lookup.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "test-layout-lookup"

#include "config.h"

#include "muster-layout.h"

/* Finding pieces by serial and by id as they come, go and are renamed. */

/* Each piece is found by its serial among pieces added, removed, and
 * added again with terrain between them, and a removed piece no more:
 * the pieces stay in the order of their serials, which
 * muster_layout_lookup_serial() searches by halves. */
static void
test_lookup_serial (void)
{
  g_autoptr(MusterLayout) layout = muster_layout_new ("t9a", "encircle", 1000, 1000);
  g_autoptr(GArray) removed = g_array_new (FALSE, FALSE, sizeof (guint));
  GPtrArray *pieces = muster_layout_get_pieces (layout);
  MusterBase base = { MUSTER_BASE_ROUND, 25, 25 };
  MusterPoint corners[] = { { 10, 10 }, { 60, 10 }, { 60, 60 } };

  for (guint round = 0; round < 3; round++)
    {
      g_autoptr(GPtrArray) going = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *terrain_id = g_strdup_printf ("t%u", round);

      for (guint i = 0; i < 40; i++)
        {
          g_autofree char *id = g_strdup_printf ("p%u-%u", round, i);

          g_assert_true (muster_layout_add_piece (layout, muster_piece_new (id, MUSTER_PIECE_MODEL, "red", &base,
                                                                            10 * i, 10 * round)));
        }
      /* Terrain takes serials too. */
      muster_layout_add_terrain (layout, muster_terrain_new (terrain_id, MUSTER_TERRAIN_BUILDING, corners,
                                                             G_N_ELEMENTS (corners)));

      for (guint i = round; i < pieces->len; i += 3)
        g_ptr_array_add (going, g_strdup (((MusterPiece *) g_ptr_array_index (pieces, i))->id));
      for (guint i = 0; i < going->len; i++)
        {
          guint serial = muster_layout_lookup_piece (layout, g_ptr_array_index (going, i))->serial;

          g_assert_true (muster_layout_remove_piece (layout, g_ptr_array_index (going, i)));
          g_array_append_val (removed, serial);
        }
    }

  g_assert_cmpuint (pieces->len, >, 30);
  for (guint i = 0; i < pieces->len; i++)
    {
      MusterPiece *piece = g_ptr_array_index (pieces, i);

      g_assert_true (muster_layout_lookup_serial (layout, piece->serial) == piece);
      if (i > 0)
        g_assert_cmpuint (((MusterPiece *) g_ptr_array_index (pieces, i - 1))->serial, <, piece->serial);
    }
  for (guint i = 0; i < removed->len; i++)
    g_assert_null (muster_layout_lookup_serial (layout, g_array_index (removed, guint, i)));
  g_assert_null (muster_layout_lookup_serial (layout, 0));
  g_assert_null (muster_layout_lookup_serial (layout, G_MAXUINT));
}

static void
rename_piece (MusterLayout *layout,
              MusterPiece  *piece,
              const char   *id,
              gboolean      tell)
{
  g_free (piece->id);
  piece->id = g_strdup (id);
  if (tell)
    muster_layout_piece_changed (layout, piece);
}

/* Pieces found by id through renames and removals: the table of ids
 * keeps entries for ids since given up, which must lead nowhere (a
 * removed piece's, to freed memory, which AddressSanitizer would see),
 * and must not hide an id given to another piece since. */
static void
test_lookup_id (void)
{
  g_autoptr(MusterLayout) layout = muster_layout_new ("t9a", "encircle", 1000, 1000);
  MusterBase base = { MUSTER_BASE_ROUND, 25, 25 };
  MusterPiece *a, *b, *c;

  a = muster_piece_new ("a", MUSTER_PIECE_MODEL, "red", &base, 100, 100);
  b = muster_piece_new ("b", MUSTER_PIECE_MODEL, "red", &base, 200, 100);
  c = muster_piece_new ("c", MUSTER_PIECE_MODEL, "red", &base, 300, 100);
  g_assert_true (muster_layout_add_piece (layout, a));
  g_assert_true (muster_layout_add_piece (layout, b));
  g_assert_true (muster_layout_add_piece (layout, c));
  g_assert_true (muster_layout_lookup_piece (layout, "b") == b);

  /* Renamed as the layout asks: found by its new id only. */
  rename_piece (layout, a, "a2", TRUE);
  g_assert_true (muster_layout_lookup_piece (layout, "a2") == a);
  g_assert_null (muster_layout_lookup_piece (layout, "a"));
  g_assert_false (muster_layout_has_id (layout, "a"));

  /* Its old id given to another, then to a new piece. */
  rename_piece (layout, b, "a", TRUE);
  g_assert_true (muster_layout_lookup_piece (layout, "a") == b);
  g_assert_null (muster_layout_lookup_piece (layout, "b"));
  g_assert_true (muster_layout_add_piece (layout, muster_piece_new ("b", MUSTER_PIECE_MODEL, "blue", &base, 400, 100)));
  g_assert_cmpstr (muster_layout_lookup_piece (layout, "b")->owner, ==, "blue");

  /* Removed: gone under every id it had. */
  g_assert_true (muster_layout_remove_piece (layout, "a2"));
  g_assert_null (muster_layout_lookup_piece (layout, "a2"));
  g_assert_false (muster_layout_remove_piece (layout, "a2"));
  g_assert_true (muster_layout_remove_piece (layout, "a"));
  g_assert_null (muster_layout_lookup_piece (layout, "a"));
  g_assert_false (muster_layout_has_id (layout, "a"));

  /* Renamed in place without telling the layout: still removed by the
   * id it has, and its old id frees up. */
  rename_piece (layout, c, "c2", FALSE);
  /* Removed before any lookup has seen the new id. */
  g_assert_true (muster_layout_remove_piece (layout, "c2"));
  g_assert_null (muster_layout_lookup_piece (layout, "c2"));
  g_assert_null (muster_layout_lookup_piece (layout, "c"));
  g_assert_cmpuint (muster_layout_get_pieces (layout)->len, ==, 1);
  g_assert_true (muster_layout_add_piece (layout, muster_piece_new ("c", MUSTER_PIECE_MODEL, "red", &base, 500, 100)));
  g_assert_nonnull (muster_layout_lookup_piece (layout, "c"));
  g_assert_cmpuint (muster_layout_get_pieces (layout)->len, ==, 2);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/layout/lookup-serial", test_lookup_serial);
  g_test_add_func ("/core/layout/lookup-id", test_lookup_id);

  return g_test_run ();
}
