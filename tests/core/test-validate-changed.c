/* test-validate-changed.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "test-validate-changed"

#include "config.h"

#include "validate-helpers.h"

/* What muster_validator_get_changed_pieces() said during the last
 * violations-changed, as sorted piece ids ("*" for any). */
typedef struct
{
  MusterLayout *layout;
  char         *changed;
  guint         n_signals;
} Seen;

/* The pieces with a violation or more, counted the long way. */
static guint
count_broken (MusterValidator *validator,
              MusterLayout    *layout)
{
  GPtrArray *pieces = muster_layout_get_pieces (layout);
  guint n = 0;

  for (guint i = 0; i < pieces->len; i++)
    {
      const MusterPiece *piece = g_ptr_array_index (pieces, i);
      /* Counted before they are put in order, which the count skips. */
      guint count = muster_validator_count_piece_violations (validator, piece->serial);

      g_assert_cmpuint (count, ==, muster_validator_get_piece_violations (validator, piece->serial)->len);
      if (count > 0)
        n++;
    }
  g_assert_cmpuint (muster_validator_count_piece_violations (validator, 999999), ==, 0);

  return n;
}

static int
compare_ids (gconstpointer a,
             gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

static void
changed_cb (MusterValidator *validator,
            Seen            *seen)
{
  GArray *serials = muster_validator_get_changed_pieces (validator);
  g_autoptr(GPtrArray) ids = g_ptr_array_new ();

  seen->n_signals++;
  g_clear_pointer (&seen->changed, g_free);
  if (serials == NULL)
    {
      seen->changed = g_strdup ("*");
      return;
    }

  for (guint i = 0; i < serials->len; i++)
    {
      guint serial = g_array_index (serials, guint, i);
      MusterPiece *piece = muster_layout_lookup_serial (seen->layout, serial);

      g_ptr_array_add (ids, piece != NULL ? piece->id : (char *) "(removed)");
    }
  g_ptr_array_sort (ids, compare_ids);
  /* Kept as the verdicts change: the same as counted over the table. */
  g_assert_cmpuint (muster_validator_count_broken_pieces (validator), ==, count_broken (validator, seen->layout));
  g_ptr_array_add (ids, NULL);
  seen->changed = g_strjoinv (" ", (char **) ids->pdata);
}

/* A piece moved into contact with one enemy, among many pieces: the two
 * whose violations changed are named, each once, and no other; a move
 * that changes no verdict names none; a full validation names any. The
 * count of pieces breaking a rule follows. */
static void
test_changed_pieces (void)
{
  g_autoptr(MusterLayout) layout = new_t9a ("frontline-clash");
  g_autoptr(MusterValidator) validator = validator_for (layout);
  Seen seen = { layout, NULL, 0 };
  MusterPiece *mover;

  for (guint i = 0; i < 8; i++)
    {
      g_autofree char *id = g_strdup_printf ("r%u", i);

      add_round (layout, id, MUSTER_PIECE_MODEL, "red", 25, (10 + 5 * i) * INCH, 40 * INCH, 0);
    }
  add_round (layout, "b1", MUSTER_PIECE_MODEL, "blue", 25, 10 * INCH, 10 * INCH, 0);
  mover = add_round (layout, "b2", MUSTER_PIECE_MODEL, "blue", 25, 30 * INCH, 10 * INCH, 0);
  g_signal_connect (validator, "violations-changed", G_CALLBACK (changed_cb), &seen);

  /* Into contact with r4 (within a unit's spacing), outside its zone. */
  muster_layout_move_piece (layout, mover, 30 * INCH + 25, 40 * INCH, 0);
  g_assert_cmpuint (seen.n_signals, ==, 1);
  g_assert_true (has_verdict (validator, "r4", MUSTER_RULE_UNIT_SPACING, "b2"));
  g_assert_cmpstr (seen.changed, ==, "b2 r4");

  /* A little further along the same face: the same verdicts. */
  muster_layout_move_piece (layout, mover, 30 * INCH + 25, 40 * INCH + 1, 0);
  g_assert_cmpuint (seen.n_signals, ==, 2);
  g_assert_true (has_verdict (validator, "r4", MUSTER_RULE_UNIT_SPACING, "b2"));
  g_assert_cmpstr (seen.changed, ==, "b2 r4");

  /* Back into its zone, away from everyone: the verdicts go from both. */
  muster_layout_move_piece (layout, mover, 30 * INCH, 10 * INCH, 0);
  g_assert_cmpstr (seen.changed, ==, "b2 r4");
  g_assert_false (has_verdict (validator, "r4", MUSTER_RULE_UNIT_SPACING, NULL));

  /* Within its zone and far from all, before and after: nothing changed. */
  muster_layout_move_piece (layout, mover, 31 * INCH, 10 * INCH, 0);
  g_assert_cmpuint (seen.n_signals, ==, 4);
  g_assert_cmpstr (seen.changed, ==, "");

  /* Outside the signal, nothing is pending. */
  g_assert_cmpuint (muster_validator_get_changed_pieces (validator)->len, ==, 0);

  /* Into contact again, then everything validated again. */
  muster_layout_move_piece (layout, mover, 30 * INCH + 25, 40 * INCH, 0);
  g_assert_true (muster_validator_revalidate (validator, NULL));
  g_assert_cmpstr (seen.changed, ==, "*");
  g_assert_cmpuint (muster_validator_count_broken_pieces (validator), ==, 2);

  /* Gone: its verdicts with it. */
  g_assert_true (muster_layout_remove_piece (layout, "b2"));
  g_assert_cmpstr (seen.changed, ==, "(removed) r4");
  g_assert_cmpuint (muster_validator_count_broken_pieces (validator), ==, 0);

  g_free (seen.changed);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/validate-changed/pieces", test_changed_pieces);

  return g_test_run ();
}
