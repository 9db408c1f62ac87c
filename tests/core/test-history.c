/* test-history.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "muster-history.h"

#define INCH MUSTER_MM_PER_INCH

typedef struct
{
  MusterLayout  *layout;
  MusterHistory *history;
  guint          changed;
} Fixture;

static void
history_changed_cb (MusterHistory *history,
                    Fixture       *fixture)
{
  fixture->changed++;
}

static void
set_up (Fixture       *fixture,
        gconstpointer  data)
{
  fixture->layout = muster_layout_new ("t9a", "frontline-clash", 72 * INCH, 48 * INCH);
  fixture->history = muster_history_new (fixture->layout);
  g_signal_connect (fixture->history, "changed", G_CALLBACK (history_changed_cb), fixture);
}

static void
tear_down (Fixture       *fixture,
           gconstpointer  data)
{
  g_assert_finalize_object (fixture->history);
  g_assert_finalize_object (fixture->layout);
}

static MusterPiece *
add_model (Fixture    *fixture,
           const char *id,
           double      x,
           double      y)
{
  MusterBase base = { MUSTER_BASE_ROUND, 25, 25 };
  MusterPiece *piece = muster_piece_new (id, MUSTER_PIECE_MODEL, "red", &base, x, y);

  g_assert_true (muster_layout_add_piece (fixture->layout, piece));

  return piece;
}

static char *
layout_text (MusterLayout *layout)
{
  g_autoptr(GBytes) bytes = muster_layout_to_bytes (layout);

  return g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
}

static void
test_history_empty (Fixture       *fixture,
                    gconstpointer  data)
{
  g_assert_false (muster_history_can_undo (fixture->history));
  g_assert_false (muster_history_can_redo (fixture->history));
  g_assert_true (muster_history_is_clean (fixture->history));
  g_assert_false (muster_history_undo (fixture->history));
  g_assert_false (muster_history_redo (fixture->history));
  g_assert_true (muster_history_get_layout (fixture->history) == fixture->layout);
}

static void
test_history_add_move_remove (Fixture       *fixture,
                              gconstpointer  data)
{
  g_autofree char *empty = layout_text (fixture->layout);
  g_autofree char *added = NULL;
  g_autofree char *moved = NULL;
  MusterPiece *piece;

  piece = add_model (fixture, "m1", 100, 100);
  added = layout_text (fixture->layout);
  g_assert_cmpuint (muster_history_get_n_steps (fixture->history), ==, 1);
  g_assert_false (muster_history_is_clean (fixture->history));

  muster_layout_move_piece (fixture->layout, piece, 200, 300, 45);
  moved = layout_text (fixture->layout);
  g_assert_cmpuint (muster_history_get_n_steps (fixture->history), ==, 2);

  g_assert_true (muster_layout_remove_piece (fixture->layout, "m1"));
  g_assert_cmpuint (muster_history_get_n_steps (fixture->history), ==, 3);
  g_assert_null (muster_layout_lookup_piece (fixture->layout, "m1"));

  /* Back one step at a time, to the empty table. */
  g_assert_true (muster_history_undo (fixture->history));
  piece = muster_layout_lookup_piece (fixture->layout, "m1");
  g_assert_nonnull (piece);
  g_assert_cmpfloat (piece->x, ==, 200);
  g_assert_cmpfloat (piece->rotation, ==, 45);
  {
    g_autofree char *text = layout_text (fixture->layout);
    g_assert_cmpstr (text, ==, moved);
  }

  g_assert_true (muster_history_undo (fixture->history));
  {
    g_autofree char *text = layout_text (fixture->layout);
    g_assert_cmpstr (text, ==, added);
  }

  g_assert_true (muster_history_undo (fixture->history));
  {
    g_autofree char *text = layout_text (fixture->layout);
    g_assert_cmpstr (text, ==, empty);
  }
  g_assert_false (muster_history_can_undo (fixture->history));
  g_assert_true (muster_history_can_redo (fixture->history));
  g_assert_true (muster_history_is_clean (fixture->history));

  /* And forward again. */
  g_assert_true (muster_history_redo (fixture->history));
  g_assert_true (muster_history_redo (fixture->history));
  {
    g_autofree char *text = layout_text (fixture->layout);
    g_assert_cmpstr (text, ==, moved);
  }
  g_assert_true (muster_history_redo (fixture->history));
  g_assert_null (muster_layout_lookup_piece (fixture->layout, "m1"));
  g_assert_false (muster_history_can_redo (fixture->history));

  /* Undoing does not record steps of its own. */
  g_assert_cmpuint (muster_history_get_n_steps (fixture->history), ==, 3);
}

static void
test_history_group (Fixture       *fixture,
                    gconstpointer  data)
{
  MusterPiece *a = add_model (fixture, "a", 100, 100);
  MusterPiece *b = add_model (fixture, "b", 200, 100);

  g_assert_cmpuint (muster_history_get_n_steps (fixture->history), ==, 2);

  muster_history_begin_group (fixture->history, "Move");
  muster_layout_move_piece (fixture->layout, a, 110, 100, 0);
  muster_layout_move_piece (fixture->layout, b, 210, 100, 0);
  /* Nested groups join the outer one. */
  muster_history_begin_group (fixture->history, "Inner");
  muster_layout_move_piece (fixture->layout, a, 120, 100, 0);
  muster_history_end_group (fixture->history);
  muster_history_end_group (fixture->history);

  g_assert_cmpuint (muster_history_get_n_steps (fixture->history), ==, 3);
  g_assert_cmpstr (muster_history_get_undo_label (fixture->history), ==, "Move");

  g_assert_true (muster_history_undo (fixture->history));
  a = muster_layout_lookup_piece (fixture->layout, "a");
  b = muster_layout_lookup_piece (fixture->layout, "b");
  g_assert_cmpfloat (a->x, ==, 100);
  g_assert_cmpfloat (b->x, ==, 200);
  g_assert_cmpstr (muster_history_get_redo_label (fixture->history), ==, "Move");

  g_assert_true (muster_history_redo (fixture->history));
  g_assert_cmpfloat (a->x, ==, 120);
  g_assert_cmpfloat (b->x, ==, 210);

  /* A group that changes nothing leaves no step. */
  muster_history_begin_group (fixture->history, "Nothing");
  muster_layout_move_piece (fixture->layout, a, 130, 100, 0);
  muster_layout_move_piece (fixture->layout, a, 120, 100, 0);
  muster_history_end_group (fixture->history);
  g_assert_cmpuint (muster_history_get_n_steps (fixture->history), ==, 3);
}

static void
test_history_piece_fields (Fixture       *fixture,
                           gconstpointer  data)
{
  MusterPiece *piece = add_model (fixture, "m1", 100, 100);

  piece->prone = TRUE;
  piece->lieutenant = TRUE;
  g_free (piece->name);
  piece->name = g_strdup ("Fusilier");
  muster_layout_piece_changed (fixture->layout, piece);

  g_assert_true (muster_history_undo (fixture->history));
  piece = muster_layout_lookup_piece (fixture->layout, "m1");
  g_assert_false (piece->prone);
  g_assert_false (piece->lieutenant);
  g_assert_null (piece->name);

  g_assert_true (muster_history_redo (fixture->history));
  g_assert_true (piece->prone);
  g_assert_cmpstr (piece->name, ==, "Fusilier");
}

static void
test_history_header (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autofree char *before = layout_text (fixture->layout);
  g_autofree char *after = NULL;
  MusterPoint points[] = { { 10, 10 }, { 100, 10 }, { 100, 80 }, { 10, 80 } };

  muster_history_begin_group (fixture->history, "Game");
  muster_layout_set_game (fixture->layout, "t9a", "refused-flank");
  muster_layout_set_option (fixture->layout, "diagonal", "ne-sw");
  muster_layout_update_player (fixture->layout, "red", "south-west", NULL, NULL);
  muster_layout_set_board (fixture->layout, 48 * INCH, 48 * INCH);
  muster_history_end_group (fixture->history);
  g_assert_cmpuint (muster_history_get_n_steps (fixture->history), ==, 1);

  muster_layout_add_terrain (fixture->layout,
                             muster_terrain_new ("t1", MUSTER_TERRAIN_BUILDING, points, G_N_ELEMENTS (points)));
  muster_layout_set_player_name (fixture->layout, "blue", "Bob");
  g_assert_cmpuint (muster_history_get_n_steps (fixture->history), ==, 3);
  after = layout_text (fixture->layout);

  g_assert_true (muster_history_undo (fixture->history));
  g_assert_cmpstr (muster_layout_lookup_player (fixture->layout, "blue")->name, !=, "Bob");
  g_assert_true (muster_history_undo (fixture->history));
  g_assert_null (muster_layout_lookup_terrain (fixture->layout, "t1"));
  g_assert_true (muster_history_undo (fixture->history));
  {
    g_autofree char *text = layout_text (fixture->layout);
    g_assert_cmpstr (text, ==, before);
  }
  g_assert_null (g_hash_table_lookup (muster_layout_get_options (fixture->layout), "diagonal"));

  g_assert_true (muster_history_redo (fixture->history));
  g_assert_true (muster_history_redo (fixture->history));
  g_assert_true (muster_history_redo (fixture->history));
  {
    g_autofree char *text = layout_text (fixture->layout);
    g_assert_cmpstr (text, ==, after);
  }
}

static void
test_history_terrain_edit (Fixture       *fixture,
                           gconstpointer  data)
{
  MusterPoint square[] = { { 10, 10 }, { 100, 10 }, { 100, 80 }, { 10, 80 } };
  MusterPoint moved[] = { { 20, 10 }, { 110, 10 }, { 110, 80 }, { 20, 80 } };
  MusterTerrain *terrain;

  muster_layout_add_terrain (fixture->layout,
                             muster_terrain_new ("t1", MUSTER_TERRAIN_AREA, square, 4));

  /* An edit is a removal and an addition under the same id. */
  muster_history_begin_group (fixture->history, "Move terrain");
  muster_layout_remove_terrain (fixture->layout, "t1");
  muster_layout_add_terrain (fixture->layout,
                             muster_terrain_new ("t1", MUSTER_TERRAIN_AREA, moved, 4));
  muster_history_end_group (fixture->history);

  g_assert_true (muster_history_undo (fixture->history));
  terrain = muster_layout_lookup_terrain (fixture->layout, "t1");
  g_assert_nonnull (terrain);
  g_assert_cmpfloat (terrain->points[0].x, ==, 10);

  g_assert_true (muster_history_redo (fixture->history));
  terrain = muster_layout_lookup_terrain (fixture->layout, "t1");
  g_assert_cmpfloat (terrain->points[0].x, ==, 20);
}

static void
test_history_note_change (Fixture       *fixture,
                          gconstpointer  data)
{
  MusterPlayer *red = muster_layout_lookup_player (fixture->layout, "red");
  const char *roster = "<r:roster xmlns:r=\"urn:test\"><r:entry id=\"e1\"/></r:roster>";

  /* Foreign data does not signal: nothing is recorded until told. */
  if (red->extensions == NULL)
    red->extensions = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (red->extensions, g_strdup (roster));
  g_assert_cmpuint (muster_history_get_n_steps (fixture->history), ==, 0);

  muster_history_note_change (fixture->history);
  g_assert_cmpuint (muster_history_get_n_steps (fixture->history), ==, 1);
  muster_history_note_change (fixture->history);
  g_assert_cmpuint (muster_history_get_n_steps (fixture->history), ==, 1);

  g_assert_true (muster_history_undo (fixture->history));
  red = muster_layout_lookup_player (fixture->layout, "red");
  g_assert_true (red->extensions == NULL || red->extensions->len == 0);

  g_assert_true (muster_history_redo (fixture->history));
  g_assert_nonnull (red->extensions);
  g_assert_cmpuint (red->extensions->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (red->extensions, 0), ==, roster);
}

static void
test_history_clean (Fixture       *fixture,
                    gconstpointer  data)
{
  MusterPiece *piece = add_model (fixture, "m1", 100, 100);

  g_assert_false (muster_history_is_clean (fixture->history));
  muster_history_set_clean (fixture->history);
  g_assert_true (muster_history_is_clean (fixture->history));

  muster_layout_move_piece (fixture->layout, piece, 150, 100, 0);
  g_assert_false (muster_history_is_clean (fixture->history));
  g_assert_true (muster_history_undo (fixture->history));
  g_assert_true (muster_history_is_clean (fixture->history));
  g_assert_true (muster_history_undo (fixture->history));
  g_assert_false (muster_history_is_clean (fixture->history));
  g_assert_true (muster_history_redo (fixture->history));
  g_assert_true (muster_history_is_clean (fixture->history));

  /* A new change after an undo makes the saved state unreachable. */
  g_assert_true (muster_history_undo (fixture->history));
  add_model (fixture, "m2", 300, 100);
  g_assert_false (muster_history_is_clean (fixture->history));
  g_assert_false (muster_history_can_redo (fixture->history));
  g_assert_true (muster_history_undo (fixture->history));
  g_assert_false (muster_history_is_clean (fixture->history));

  muster_history_clear (fixture->history);
  g_assert_false (muster_history_can_undo (fixture->history));
  g_assert_cmpuint (fixture->changed, >, 0);
}

static void
test_history_limit (Fixture       *fixture,
                    gconstpointer  data)
{
  MusterPiece *piece = add_model (fixture, "m1", 100, 100);

  muster_history_set_limit (fixture->history, 5);
  for (int i = 0; i < 20; i++)
    muster_layout_move_piece (fixture->layout, piece, 100 + i, 100, 0);

  g_assert_cmpuint (muster_history_get_n_steps (fixture->history), ==, 5);
  while (muster_history_undo (fixture->history))
    ;
  piece = muster_layout_lookup_piece (fixture->layout, "m1");
  g_assert_nonnull (piece);
  g_assert_cmpfloat (piece->x, ==, 114);
}

/* n moves of piece by dx, each a group of merge_key. */
static void
merge_moves (Fixture     *fixture,
             const char  *id,
             guint        n,
             double       dx,
             const char  *merge_key)
{
  for (guint i = 0; i < n; i++)
    {
      MusterPiece *piece = muster_layout_lookup_piece (fixture->layout, id);

      muster_history_begin_merge_group (fixture->history, "Move Piece", merge_key);
      muster_layout_move_piece (fixture->layout, piece, piece->x + dx, piece->y, piece->rotation);
      muster_history_end_group (fixture->history);
    }
}

static double
x_of (Fixture    *fixture,
      const char *id)
{
  return muster_layout_lookup_piece (fixture->layout, id)->x;
}

/* Twenty groups of one merge key in a row are one step, undone and
 * redone at once, under their label. */
static void
test_history_merge_run (Fixture       *fixture,
                        gconstpointer  data)
{
  add_model (fixture, "a", 100, 100);
  add_model (fixture, "b", 500, 100);

  merge_moves (fixture, "a", 20, 1, "a");
  g_assert_cmpuint (muster_history_get_n_steps (fixture->history), ==, 3);
  g_assert_cmpstr (muster_history_get_undo_label (fixture->history), ==, "Move Piece");
  g_assert_cmpfloat (x_of (fixture, "a"), ==, 120);

  g_assert_true (muster_history_undo (fixture->history));
  g_assert_cmpfloat (x_of (fixture, "a"), ==, 100);
  g_assert_cmpuint (muster_history_get_n_steps (fixture->history), ==, 2);
  g_assert_cmpstr (muster_history_get_redo_label (fixture->history), ==, "Move Piece");

  g_assert_true (muster_history_redo (fixture->history));
  g_assert_cmpfloat (x_of (fixture, "a"), ==, 120);
  g_assert_false (muster_history_can_redo (fixture->history));

  /* After a redo, the run is over: the next one is a step of its own. */
  merge_moves (fixture, "a", 3, 1, "a");
  g_assert_cmpuint (muster_history_get_n_steps (fixture->history), ==, 4);
  g_assert_true (muster_history_undo (fixture->history));
  g_assert_cmpfloat (x_of (fixture, "a"), ==, 120);

  /* So after an undo: it may not join the step before. */
  merge_moves (fixture, "a", 2, 1, "a");
  g_assert_cmpuint (muster_history_get_n_steps (fixture->history), ==, 4);
  g_assert_true (muster_history_undo (fixture->history));
  g_assert_true (muster_history_undo (fixture->history));
  g_assert_cmpfloat (x_of (fixture, "a"), ==, 100);
  g_assert_cmpfloat (x_of (fixture, "b"), ==, 500);
}

/* Any other step, another key, break_merge() end a run; a group around
 * the run decides alone. */
static void
test_history_merge_ends (Fixture       *fixture,
                         gconstpointer  data)
{
  MusterPiece *b;

  add_model (fixture, "a", 100, 100);
  b = add_model (fixture, "b", 500, 100);

  merge_moves (fixture, "a", 2, 1, "a");
  muster_layout_move_piece (fixture->layout, b, 510, 100, 0);
  merge_moves (fixture, "a", 2, 1, "a");
  g_assert_cmpuint (muster_history_get_n_steps (fixture->history), ==, 5);

  merge_moves (fixture, "b", 2, 1, "b");
  g_assert_cmpuint (muster_history_get_n_steps (fixture->history), ==, 6);
  merge_moves (fixture, "a", 2, 1, "a");
  g_assert_cmpuint (muster_history_get_n_steps (fixture->history), ==, 7);
  muster_history_break_merge (fixture->history);
  merge_moves (fixture, "a", 2, 1, "a");
  g_assert_cmpuint (muster_history_get_n_steps (fixture->history), ==, 8);

  /* A group of no key ends the run too. */
  muster_history_begin_group (fixture->history, "Deploy");
  merge_moves (fixture, "a", 2, 1, "a");
  muster_history_end_group (fixture->history);
  merge_moves (fixture, "a", 1, 1, "a");
  g_assert_cmpuint (muster_history_get_n_steps (fixture->history), ==, 10);
  g_assert_cmpstr (muster_history_get_undo_label (fixture->history), ==, "Move Piece");
  g_assert_cmpfloat (x_of (fixture, "a"), ==, 111);

  for (guint i = 0; i < 8; i++)
    g_assert_true (muster_history_undo (fixture->history));
  g_assert_cmpfloat (x_of (fixture, "a"), ==, 100);
  g_assert_cmpfloat (x_of (fixture, "b"), ==, 500);
}

/* A save ends a run, so that undo goes back to the saved state; a run
 * that comes back to where it started leaves no step. */
static void
test_history_merge_clean (Fixture       *fixture,
                          gconstpointer  data)
{
  add_model (fixture, "a", 100, 100);

  merge_moves (fixture, "a", 3, 1, "a");
  muster_history_set_clean (fixture->history);
  merge_moves (fixture, "a", 2, 1, "a");
  g_assert_false (muster_history_is_clean (fixture->history));
  g_assert_cmpuint (muster_history_get_n_steps (fixture->history), ==, 3);

  g_assert_true (muster_history_undo (fixture->history));
  g_assert_true (muster_history_is_clean (fixture->history));
  g_assert_cmpfloat (x_of (fixture, "a"), ==, 103);
  g_assert_true (muster_history_undo (fixture->history));
  g_assert_false (muster_history_is_clean (fixture->history));
  g_assert_cmpfloat (x_of (fixture, "a"), ==, 100);
  g_assert_true (muster_history_redo (fixture->history));
  g_assert_true (muster_history_is_clean (fixture->history));

  /* There and back: the saved state again, and nothing to undo of it. */
  merge_moves (fixture, "a", 4, 1, "a");
  g_assert_false (muster_history_is_clean (fixture->history));
  merge_moves (fixture, "a", 4, -1, "a");
  g_assert_true (muster_history_is_clean (fixture->history));
  g_assert_cmpuint (muster_history_get_n_steps (fixture->history), ==, 2);
  g_assert_cmpfloat (x_of (fixture, "a"), ==, 103);
  /* ... and the next run is a step of its own. */
  merge_moves (fixture, "a", 1, 1, "a");
  g_assert_cmpuint (muster_history_get_n_steps (fixture->history), ==, 3);
}

/* A 500-piece layout: moving all of them is one step, and undoing it
 * does not read or write the file format. */
static void
test_history_large (Fixture       *fixture,
                    gconstpointer  data)
{
  GPtrArray *pieces;
  gint64 start;
  double elapsed;

  muster_history_set_limit (fixture->history, 0);
  for (int i = 0; i < 500; i++)
    {
      g_autofree char *id = g_strdup_printf ("m%d", i);

      add_model (fixture, id, 20 + (i % 50) * 30, 20 + (i / 50) * 30);
    }

  pieces = muster_layout_get_pieces (fixture->layout);
  start = g_get_monotonic_time ();
  muster_history_begin_group (fixture->history, "Move all");
  for (guint i = 0; i < pieces->len; i++)
    {
      MusterPiece *piece = g_ptr_array_index (pieces, i);

      muster_layout_move_piece (fixture->layout, piece, piece->x + 5, piece->y, 0);
    }
  muster_history_end_group (fixture->history);
  g_assert_true (muster_history_undo (fixture->history));
  g_assert_true (muster_history_redo (fixture->history));
  elapsed = (g_get_monotonic_time () - start) / 1000.0;

  g_test_message ("500 pieces: move, undo and redo in %.1f ms", elapsed);
  g_assert_cmpfloat (((MusterPiece *) g_ptr_array_index (pieces, 0))->x, ==, 25);
  g_assert_cmpuint (muster_history_get_n_steps (fixture->history), ==, 501);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, set_up, func, tear_down)

  ADD ("/core/history/empty", test_history_empty);
  ADD ("/core/history/add-move-remove", test_history_add_move_remove);
  ADD ("/core/history/group", test_history_group);
  ADD ("/core/history/piece-fields", test_history_piece_fields);
  ADD ("/core/history/header", test_history_header);
  ADD ("/core/history/terrain-edit", test_history_terrain_edit);
  ADD ("/core/history/note-change", test_history_note_change);
  ADD ("/core/history/clean", test_history_clean);
  ADD ("/core/history/limit", test_history_limit);
  ADD ("/core/history/merge-run", test_history_merge_run);
  ADD ("/core/history/merge-ends", test_history_merge_ends);
  ADD ("/core/history/merge-clean", test_history_merge_clean);
  ADD ("/core/history/large", test_history_large);

#undef ADD

  return g_test_run ();
}
