/* test-roster-problems.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "test-roster-problems"

#include "config.h"

#include "muster-roster.h"
#include "muster-roster-problems.h"
#include "validate-helpers.h"

/* The problems of each roster entry, kept as verdicts change, against
 * counting them from every verdict of the table. */

static const char * const players[] = { "red", "blue" };
static const char * const entries[] = { "e0", "e1", "e2", "e3", "never" };

/* "player\nentry" → the rules its pieces break, each once a piece, from
 * muster_validator_collect(). */
static GHashTable *
count_from_all (MusterLayout    *layout,
                MusterValidator *validator)
{
  g_autoptr(GPtrArray) all = muster_validator_collect (validator);
  g_autoptr(GHashTable) codes = g_hash_table_new (NULL, NULL);   /* serial → bits */
  GHashTable *problems = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GHashTableIter iter;
  gpointer serial, bits;

  for (guint i = 0; i < all->len; i++)
    {
      const MusterViolation *v = g_ptr_array_index (all, i);
      guint b = GPOINTER_TO_UINT (g_hash_table_lookup (codes, GUINT_TO_POINTER (v->serial)));

      g_hash_table_insert (codes, GUINT_TO_POINTER (v->serial), GUINT_TO_POINTER (b | 1u << v->code));
    }

  g_hash_table_iter_init (&iter, codes);
  while (g_hash_table_iter_next (&iter, &serial, &bits))
    {
      const MusterPiece *piece = muster_layout_lookup_serial (layout, GPOINTER_TO_UINT (serial));
      const char *entry_id = piece != NULL ? muster_roster_get_piece_entry (piece) : NULL;
      g_autofree char *key = NULL;
      guint n, rules = 0;

      if (entry_id == NULL)
        continue;
      for (guint b = GPOINTER_TO_UINT (bits); b != 0; b &= b - 1)
        rules++;
      key = g_strconcat (piece->owner, "\n", entry_id, NULL);
      n = GPOINTER_TO_UINT (g_hash_table_lookup (problems, key));
      g_hash_table_insert (problems, g_steal_pointer (&key), GUINT_TO_POINTER (n + rules));
    }

  return problems;
}

/* Returns the sum of every entry's problems. */
static guint
assert_problems (MusterLayout         *layout,
                 MusterValidator      *validator,
                 MusterRosterProblems *problems)
{
  g_autoptr(GHashTable) expected = count_from_all (layout, validator);
  guint sum = 0;

  for (guint p = 0; p < G_N_ELEMENTS (players); p++)
    for (guint e = 0; e < G_N_ELEMENTS (entries); e++)
      {
        g_autofree char *key = g_strconcat (players[p], "\n", entries[e], NULL);
        guint n = GPOINTER_TO_UINT (g_hash_table_lookup (expected, key));

        g_assert_cmpuint (muster_roster_problems_get (problems, players[p], entries[e]), ==, n);
        sum += n;
      }

  return sum;
}

/* One random change of the kinds a table sees. Returns TRUE when it
 * changed a piece's owner or entry and nothing else. */
static gboolean
change (MusterLayout    *layout,
        MusterValidator *validator,
        GRand           *rand,
        guint           *next_id)
{
  GPtrArray *pieces = muster_layout_get_pieces (layout);
  MusterPiece *piece = g_ptr_array_index (pieces, g_rand_int_range (rand, 0, pieces->len));
  guint what = g_rand_int_range (rand, 0, 20);

  if (what < 10)
    {
      const MusterPiece *near = g_ptr_array_index (pieces, g_rand_int_range (rand, 0, pieces->len));

      muster_layout_move_piece (layout, piece, near->x + g_rand_double_range (rand, -30, 30),
                                near->y + g_rand_double_range (rand, -30, 30), 0);
    }
  else if (what < 12)
    {
      muster_roster_set_piece_entry (piece, g_rand_int_range (rand, 0, 5) == 0
                                              ? NULL : entries[g_rand_int_range (rand, 0, 4)]);
      muster_layout_piece_changed (layout, piece);
      return TRUE;
    }
  else if (what < 13)
    {
      piece->owner = g_intern_string (players[g_rand_int_range (rand, 0, 2)]);
      muster_layout_piece_changed (layout, piece);
      return TRUE;
    }
  else if (what < 15)
    {
      g_autofree char *id = g_strdup (piece->id);

      g_assert_true (muster_layout_remove_piece (layout, id));
    }
  else if (what < 19)
    {
      g_autofree char *id = g_strdup_printf ("n%04u", (*next_id)++);
      MusterPiece *added = add_piece (layout, id, MUSTER_PIECE_MODEL, players[g_rand_int_range (rand, 0, 2)],
                                      MUSTER_BASE_ROUND, 40, 40, piece->x + 20, piece->y, 0, 0);

      muster_roster_set_piece_entry (added, entries[g_rand_int_range (rand, 0, 4)]);
      muster_layout_piece_changed (layout, added);
    }
  else if (g_rand_boolean (rand))
    g_assert_true (muster_validator_revalidate (validator, NULL));
  else
    {
      /* The zones change hands: every verdict is made again. */
      gboolean south = g_strcmp0 (muster_layout_lookup_player (layout, "red")->zone, "south") == 0;

      muster_layout_update_player (layout, "red", south ? "north" : "south", "attacker", "west");
      muster_layout_update_player (layout, "blue", south ? "south" : "north", "defender", "east");
    }

  return FALSE;
}

/* Pieces of both players, most from roster entries, crowded so that they
 * break rules, changed at random: moved, given another entry or owner,
 * added, removed, validated again, their zones swapped. The counts are asked for after each
 * change, and now and then only after several. */
static void
test_problems_kept (void)
{
  g_autoptr(MusterLayout) layout = new_t9a ("frontline-clash");
  g_autoptr(MusterValidator) validator = validator_for (layout);
  g_autoptr(MusterRosterProblems) problems = muster_roster_problems_new (validator);
  g_autoptr(GRand) rand = g_rand_new_with_seed (11);
  guint next_id = 0;
  guint owners_or_entries = 0;
  guint most = 0;

  muster_layout_update_player (layout, "red", "south", "attacker", "west");
  muster_layout_update_player (layout, "blue", "north", "defender", "east");
  for (; next_id < 80; next_id++)
    {
      g_autofree char *id = g_strdup_printf ("p%03u", next_id);
      MusterPiece *piece = add_piece (layout, id, MUSTER_PIECE_MODEL, players[next_id % 2], MUSTER_BASE_ROUND, 40, 40,
                                      g_rand_double_range (rand, 0, 36) * INCH,
                                      g_rand_double_range (rand, 0, 48) * INCH, 0, 0);

      if (next_id % 5 != 0)
        muster_roster_set_piece_entry (piece, entries[next_id % 4]);
      muster_layout_piece_changed (layout, piece);
    }
  assert_problems (layout, validator, problems);

  for (guint step = 0; step < 800; step++)
    {
      owners_or_entries += change (layout, validator, rand, &next_id);
      if (step % 50 == 25)
        {
          for (guint k = 0; k < 5; k++)
            owners_or_entries += change (layout, validator, rand, &next_id);
        }
      most = MAX (most, assert_problems (layout, validator, problems));
    }

  g_assert_cmpuint (owners_or_entries, >, 80);
  g_assert_cmpuint (most, >, 20);

  /* Gone: the validator's signal reaches nothing freed (AddressSanitizer
   * says so), and the totals of a new one start from the verdicts. */
  g_clear_pointer (&problems, muster_roster_problems_free);
  change (layout, validator, rand, &next_id);
  problems = muster_roster_problems_new (validator);
  assert_problems (layout, validator, problems);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/roster-problems/kept", test_problems_kept);

  return g_test_run ();
}
