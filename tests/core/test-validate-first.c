/* test-validate-first.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "test-validate-first"

#include "config.h"

#include "validate-helpers.h"

/* muster_validator_collect_first() against the first verdicts of
 * muster_validator_collect(), after every kind of change the validator
 * follows: the same verdicts, in the same order. */

static void
assert_same_verdict (const MusterViolation *a,
                     const MusterViolation *b)
{
  g_assert_cmpuint (a->serial, ==, b->serial);
  g_assert_cmpstr (a->piece_id, ==, b->piece_id);
  g_assert_cmpint (a->code, ==, b->code);
  g_assert_cmpstr (a->other_id, ==, b->other_id);
}

/* Returns a bit for each rule of the verdicts. */
static guint
assert_first_of_all (MusterValidator *validator)
{
  g_autoptr(GPtrArray) all = muster_validator_collect (validator);
  guint codes = 0;
  const guint limits[] = { 0, 1, 2, 7, 40, all->len, all->len + 3 };

  g_assert_cmpuint (all->len, ==, muster_validator_count (validator));
  for (guint k = 0; k < G_N_ELEMENTS (limits); k++)
    {
      g_autoptr(GPtrArray) first = muster_validator_collect_first (validator, limits[k]);

      g_assert_cmpuint (first->len, ==, MIN (limits[k], all->len));
      for (guint i = 0; i < first->len; i++)
        assert_same_verdict (g_ptr_array_index (first, i), g_ptr_array_index (all, i));
    }
  for (guint i = 0; i < all->len; i++)
    codes |= 1u << ((MusterViolation *) g_ptr_array_index (all, i))->code;

  return codes;
}

static MusterTerrain *
add_block (MusterLayout *layout,
           const char   *id,
           double        x,
           double        y)
{
  MusterPoint points[] = { { x, y }, { x + 4 * INCH, y }, { x + 4 * INCH, y + 3 * INCH }, { x, y + 3 * INCH } };
  MusterTerrain *terrain = muster_terrain_new (id, MUSTER_TERRAIN_IMPASSABLE, points, G_N_ELEMENTS (points));

  muster_layout_add_terrain (layout, terrain);

  return terrain;
}

/* A crowd of pieces of both sides, and terrain on and off the table,
 * changed at random: moved (into contact, out of their zones, off the
 * table), renamed, added, removed, validated again. The listing is made
 * when first asked for, then kept, so the comparison runs both before it
 * exists and after. */
static void
test_first_verdicts (void)
{
  g_autoptr(MusterLayout) layout = new_t9a ("counterthrust");
  g_autoptr(MusterValidator) validator = validator_for (layout);
  g_autoptr(GRand) rand = g_rand_new_with_seed (18);
  const MusterRuleCode kinds[] = { MUSTER_RULE_OFF_BOARD, MUSTER_RULE_OUTSIDE_ZONE, MUSTER_RULE_OVERLAP,
                                   MUSTER_RULE_UNIT_SPACING, MUSTER_RULE_ENEMY_TOO_CLOSE,
                                   MUSTER_RULE_DEPLOY_SEQUENCE };
  guint next_id = 0;
  guint codes = 0;

  muster_layout_update_player (layout, "red", "south", "attacker", "west");
  muster_layout_update_player (layout, "blue", "north", "defender", "east");
  add_block (layout, "t-on", 30 * INCH, 20 * INCH);
  add_block (layout, "a-off", -2 * INCH, 20 * INCH);
  add_block (layout, "z-off", 70 * INCH, 46 * INCH);
  for (; next_id < 120; next_id++)
    {
      g_autofree char *id = g_strdup_printf ("p%03u", g_rand_int_range (rand, 0, 1000) * 1000 + next_id);

      /* Units in deployment turns too, for the rules of turns. */
      add_piece (layout, id, next_id % 3 ? MUSTER_PIECE_MODEL : MUSTER_PIECE_UNIT, next_id % 2 ? "red" : "blue",
                 next_id % 3 ? MUSTER_BASE_ROUND : MUSTER_BASE_RECT, next_id % 3 ? 25 : 100, 50,
                 g_rand_double_range (rand, -1, 73) * INCH, g_rand_double_range (rand, 0, 48) * INCH, 0,
                 g_rand_int_range (rand, 0, 5));
    }
  assert_first_of_all (validator);

  for (guint step = 0; step < 600; step++)
    {
      GPtrArray *pieces = muster_layout_get_pieces (layout);
      MusterPiece *piece = g_ptr_array_index (pieces, g_rand_int_range (rand, 0, pieces->len));
      guint what = g_rand_int_range (rand, 0, 20);

      if (what < 12)
        {
          /* Next to another piece, or anywhere. */
          const MusterPiece *near = g_ptr_array_index (pieces, g_rand_int_range (rand, 0, pieces->len));

          if (what < 6)
            muster_layout_move_piece (layout, piece, near->x + g_rand_double_range (rand, -30, 30),
                                      near->y + g_rand_double_range (rand, -30, 30), 0);
          else
            muster_layout_move_piece (layout, piece, g_rand_double_range (rand, -1, 73) * INCH,
                                      g_rand_double_range (rand, -1, 49) * INCH, 0);
        }
      else if (what < 14)
        {
          /* Renamed: where its verdicts come in the list changes. */
          g_free (piece->id);
          piece->id = g_strdup_printf ("q%03u", next_id++);
          muster_layout_piece_changed (layout, piece);
        }
      else if (what < 16)
        {
          g_autofree char *id = g_strdup (piece->id);

          g_assert_true (muster_layout_remove_piece (layout, id));
        }
      else if (what < 19)
        {
          g_autofree char *id = g_strdup_printf ("n%04u", next_id++);

          add_piece (layout, id, MUSTER_PIECE_UNIT, step % 2 ? "red" : "blue", MUSTER_BASE_RECT, 60, 40,
                     piece->x + 20, piece->y, 0, g_rand_int_range (rand, 0, 5));
        }
      else
        {
          g_assert_true (muster_validator_revalidate (validator, NULL));
        }
      codes |= assert_first_of_all (validator);
    }

  /* Verdicts of every kind came and went: of the table and terrain, the
   * zones, the pairs, and the turns (Counterthrust's single units). */
  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      if ((codes & (1u << kinds[k])) == 0)
        g_error ("No verdict of rule %u in the run (%x)", kinds[k], codes);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/validate-first/verdicts", test_first_verdicts);

  return g_test_run ();
}
