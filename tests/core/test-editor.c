/* test-editor.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "muster-choices.h"
#include "muster-editor.h"
#include "muster-expr.h"
#include "muster-history.h"
#include "muster-system.h"

#define INCH MUSTER_MM_PER_INCH
#define EXAMPLES_DIR TEST_DATA_DIR "/examples"

typedef struct
{
  MusterLayout    *layout;
  MusterHistory   *history;
  MusterValidator *validator;
  MusterEditor    *editor;
} Fixture;

static void
set_up (Fixture       *fixture,
        gconstpointer  data)
{
  MusterSystem *system = muster_system_registry_lookup (muster_system_registry_get_default (), "t9a");
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (system);
  fixture->layout = muster_layout_new ("t9a", "frontline-clash", 72 * INCH, 48 * INCH);
  fixture->history = muster_history_new (fixture->layout);
  fixture->validator = muster_validator_new (fixture->layout, system, &error);
  g_assert_no_error (error);
  fixture->editor = muster_editor_new (fixture->layout, fixture->history);
  muster_editor_set_validator (fixture->editor, fixture->validator);
}

static void
tear_down (Fixture       *fixture,
           gconstpointer  data)
{
  g_assert_finalize_object (fixture->editor);
  g_assert_finalize_object (fixture->validator);
  g_assert_finalize_object (fixture->history);
  g_assert_finalize_object (fixture->layout);
}

static MusterPiece *
new_model (const char *id,
           double      x,
           double      y)
{
  MusterBase base = { MUSTER_BASE_ROUND, 25, 25 };
  MusterPiece *piece = muster_piece_new (id != NULL ? id : "m", MUSTER_PIECE_MODEL, "red", &base, x, y);

  /* A piece from a roster has no id yet. */
  if (id == NULL)
    g_clear_pointer (&piece->id, g_free);

  return piece;
}

static MusterPiece *
place_model (Fixture    *fixture,
             const char *id,
             double      x,
             double      y)
{
  MusterPiece *piece = muster_editor_place (fixture->editor, new_model (id, x, y));

  g_assert_nonnull (piece);

  return piece;
}

/* The number a file in inches would keep for a length. */
static double
in_inches (double mm)
{
  return muster_unit_from_mm (MUSTER_UNIT_INCH, mm);
}

static void
assert_on_inch_grid (double mm)
{
  double hundredths = in_inches (mm) * 100;

  g_assert_cmpfloat (fabs (hundredths - round (hundredths)), <, 1e-9);
  g_assert_cmpfloat (mm, ==, muster_unit_to_mm (MUSTER_UNIT_INCH, round (hundredths) / 100));
}

static void
test_editor_snap (Fixture       *fixture,
                  gconstpointer  data)
{
  MusterEditor *editor = fixture->editor;

  /* 0.01″ in a layout in inches. */
  g_assert_cmpfloat (muster_editor_snap_length (editor, 35.2487401574803 * INCH), ==,
                     muster_unit_to_mm (MUSTER_UNIT_INCH, 35.25));
  assert_on_inch_grid (muster_editor_snap_length (editor, 123.456789));
  g_assert_cmpfloat_with_epsilon (muster_editor_snap_point (editor, (MusterPoint) { 10.004 * INCH, 3 * INCH }).x,
                                  10 * INCH, 1e-9);

  /* A rounding error from the grid is on it; a length off it stays. */
  g_assert_cmpfloat (muster_editor_snap_length_if_near (editor, 2 * INCH + 1e-9), ==, 2 * INCH);
  g_assert_cmpfloat (muster_editor_snap_length_if_near (editor, 2 * INCH + 0.1), ==, 2 * INCH + 0.1);

  /* 0.1 mm in a layout in millimetres or centimetres. */
  muster_layout_set_units (fixture->layout, MUSTER_UNIT_MM);
  g_assert_cmpfloat_with_epsilon (muster_editor_snap_length (editor, 12.3456), 12.3, 1e-9);
  g_assert_cmpfloat_with_epsilon (muster_editor_snap_length (editor, 12.36), 12.4, 1e-9);
  muster_layout_set_units (fixture->layout, MUSTER_UNIT_CM);
  g_assert_cmpfloat_with_epsilon (muster_editor_snap_length (editor, 12.3456), 12.3, 1e-9);
  g_assert_cmpfloat_with_epsilon (muster_editor_snap_length (editor, 12.36), 12.4, 1e-9);

  g_assert_cmpfloat (muster_editor_get_nudge_step (MUSTER_UNIT_INCH, FALSE), ==, INCH);
  g_assert_cmpfloat (muster_editor_get_nudge_step (MUSTER_UNIT_INCH, TRUE), ==, INCH / 10);
  g_assert_cmpfloat (muster_editor_get_nudge_step (MUSTER_UNIT_CM, FALSE), ==, 10);
  g_assert_cmpfloat (muster_editor_get_nudge_step (MUSTER_UNIT_CM, TRUE), ==, 1);
}

static void
test_editor_place (Fixture       *fixture,
                   gconstpointer  data)
{
  MusterBase base = { MUSTER_BASE_ROUND, 40, 40 };
  MusterPiece *a, *b, *objective;

  a = place_model (fixture, "m1", 20 * INCH, 40 * INCH);
  g_assert_cmpstr (a->id, ==, "m1");
  g_assert_cmpuint (a->serial, !=, 0);
  g_assert_cmpstr (muster_history_get_undo_label (fixture->history), ==, "Place Piece");

  /* A used id, or none, is replaced by a fresh one. */
  b = place_model (fixture, "m1", 30 * INCH, 40 * INCH);
  g_assert_cmpstr (b->id, !=, "m1");
  g_assert_true (muster_layout_lookup_piece (fixture->layout, b->id) == b);

  objective = muster_editor_place (fixture->editor,
                                   muster_piece_new ("m1", MUSTER_PIECE_OBJECTIVE, MUSTER_OWNER_NEUTRAL,
                                                     &base, 36 * INCH, 24 * INCH));
  g_assert_nonnull (objective);
  g_assert_true (g_str_has_prefix (objective->id, "o"));
  g_assert_cmpstr (muster_history_get_undo_label (fixture->history), ==, "Place Objective");

  g_assert_cmpuint (muster_history_get_n_steps (fixture->history), ==, 3);
  g_assert_true (muster_history_undo (fixture->history));
  g_assert_cmpuint (muster_layout_get_pieces (fixture->layout)->len, ==, 2);
}

static void
test_editor_move (Fixture       *fixture,
                  gconstpointer  data)
{
  MusterPiece *a = place_model (fixture, "a", 10 * INCH, 40 * INCH);
  MusterPiece *b = place_model (fixture, "b", 20 * INCH + 0.1, 40 * INCH);
  guint serials[] = { a->serial, b->serial };
  guint steps = muster_history_get_n_steps (fixture->history);

  /* Ten nudges of 0.1″: a piece on the grid stays on it, exactly. */
  for (int i = 0; i < 10; i++)
    muster_editor_nudge (fixture->editor, serials, 2, 1, 0, MUSTER_UNIT_INCH, TRUE);
  assert_on_inch_grid (a->x);
  g_assert_cmpfloat (in_inches (a->x), ==, 11);
  /* One written off the grid by hand stays off it. */
  g_assert_cmpfloat_with_epsilon (b->x, 21 * INCH + 0.1, 1e-9);
  /* The ten are one step (see test_editor_nudge_run()). */
  g_assert_cmpuint (muster_history_get_n_steps (fixture->history), ==, steps + 1);
  g_assert_cmpstr (muster_history_get_undo_label (fixture->history), ==, "Move Pieces");

  /* Both pieces in one step. */
  muster_editor_move (fixture->editor, serials, 2, 0, -2 * INCH);
  g_assert_cmpfloat (in_inches (a->y), ==, 38);
  g_assert_true (muster_history_undo (fixture->history));
  g_assert_cmpfloat (a->y, ==, 40 * INCH);
  g_assert_cmpfloat (b->y, ==, 40 * INCH);

  /* One piece; and no step for no move. */
  muster_editor_nudge (fixture->editor, serials, 1, 0, 1, MUSTER_UNIT_CM, FALSE);
  g_assert_cmpfloat_with_epsilon (a->y, 40 * INCH + 10, 1e-9);
  g_assert_cmpstr (muster_history_get_undo_label (fixture->history), ==, "Move Piece");
  steps = muster_history_get_n_steps (fixture->history);
  muster_editor_move (fixture->editor, serials, 2, 0, 0);
  g_assert_cmpuint (muster_history_get_n_steps (fixture->history), ==, steps);
}

/* The arrow keys: a run of nudges of the same pieces, with nothing
 * between them, is one undo step. */
static void
test_editor_nudge_run (Fixture       *fixture,
                       gconstpointer  data)
{
  MusterPiece *a = place_model (fixture, "a", 10 * INCH, 40 * INCH);
  MusterPiece *b = place_model (fixture, "b", 20 * INCH, 40 * INCH);
  guint both[] = { b->serial, a->serial };
  guint steps = muster_history_get_n_steps (fixture->history);

  /* Twenty taps, one undo. */
  for (guint i = 0; i < 20; i++)
    muster_editor_nudge (fixture->editor, &a->serial, 1, 1, 0, MUSTER_UNIT_INCH, i % 2 == 0);
  muster_editor_nudge (fixture->editor, &a->serial, 1, 0, -1, MUSTER_UNIT_CM, FALSE);
  g_assert_cmpuint (muster_history_get_n_steps (fixture->history), ==, steps + 1);
  g_assert_cmpstr (muster_history_get_undo_label (fixture->history), ==, "Move Piece");
  g_assert_true (muster_history_undo (fixture->history));
  g_assert_cmpfloat (a->x, ==, 10 * INCH);
  g_assert_cmpfloat (a->y, ==, 40 * INCH);
  g_assert_cmpuint (muster_history_get_n_steps (fixture->history), ==, steps);

  /* Redone at once too. */
  g_assert_true (muster_history_redo (fixture->history));
  g_assert_cmpfloat (in_inches (a->x), ==, 21);
  g_assert_cmpfloat_with_epsilon (a->y, 40 * INCH - 10, 1e-9);
  g_assert_true (muster_history_undo (fixture->history));

  /* Nudge, another edit, nudge: each a step. */
  muster_editor_nudge (fixture->editor, &a->serial, 1, 1, 0, MUSTER_UNIT_INCH, FALSE);
  muster_editor_rotate (fixture->editor, &a->serial, 1, 15);
  muster_editor_nudge (fixture->editor, &a->serial, 1, 1, 0, MUSTER_UNIT_INCH, FALSE);
  g_assert_cmpuint (muster_history_get_n_steps (fixture->history), ==, steps + 3);

  /* Other pieces: another step, whatever the order they were picked in. */
  muster_editor_nudge (fixture->editor, both, 2, 0, 1, MUSTER_UNIT_INCH, FALSE);
  g_assert_cmpuint (muster_history_get_n_steps (fixture->history), ==, steps + 4);
  g_assert_cmpstr (muster_history_get_undo_label (fixture->history), ==, "Move Pieces");
  both[0] = a->serial;
  both[1] = b->serial;
  muster_editor_nudge (fixture->editor, both, 2, 0, 1, MUSTER_UNIT_INCH, FALSE);
  g_assert_cmpuint (muster_history_get_n_steps (fixture->history), ==, steps + 4);

  /* A move (a drag) is no nudge. */
  muster_editor_move (fixture->editor, both, 2, INCH, 0);
  muster_editor_nudge (fixture->editor, both, 2, 0, 1, MUSTER_UNIT_INCH, FALSE);
  g_assert_cmpuint (muster_history_get_n_steps (fixture->history), ==, steps + 6);

  for (guint i = 0; i < 6; i++)
    g_assert_true (muster_history_undo (fixture->history));
  g_assert_cmpfloat (a->x, ==, 10 * INCH);
  g_assert_cmpfloat (a->y, ==, 40 * INCH);
  g_assert_cmpfloat (a->rotation, ==, 0);
  g_assert_cmpfloat (b->y, ==, 40 * INCH);
}

/* A save in a run of nudges ends it: undo goes back to the saved state,
 * which is clean. */
static void
test_editor_nudge_save (Fixture       *fixture,
                        gconstpointer  data)
{
  MusterPiece *a = place_model (fixture, "a", 10 * INCH, 40 * INCH);

  for (guint i = 0; i < 3; i++)
    muster_editor_nudge (fixture->editor, &a->serial, 1, 1, 0, MUSTER_UNIT_INCH, FALSE);
  muster_history_set_clean (fixture->history);
  for (guint i = 0; i < 2; i++)
    muster_editor_nudge (fixture->editor, &a->serial, 1, 1, 0, MUSTER_UNIT_INCH, FALSE);
  g_assert_false (muster_history_is_clean (fixture->history));

  g_assert_true (muster_history_undo (fixture->history));
  g_assert_true (muster_history_is_clean (fixture->history));
  g_assert_cmpfloat (in_inches (a->x), ==, 13);
  g_assert_true (muster_history_undo (fixture->history));
  g_assert_cmpfloat (in_inches (a->x), ==, 10);
  g_assert_cmpstr (muster_history_get_undo_label (fixture->history), ==, "Place Piece");

  g_assert_true (muster_history_redo (fixture->history));
  g_assert_true (muster_history_redo (fixture->history));
  g_assert_cmpfloat (in_inches (a->x), ==, 15);
  g_assert_false (muster_history_can_redo (fixture->history));
}

/* Terrain nudged: a run is one step too. */
static void
test_editor_nudge_terrain (Fixture       *fixture,
                           gconstpointer  data)
{
  MusterPoint square[] = { { 10 * INCH, 10 * INCH }, { 14 * INCH, 10 * INCH },
                           { 14 * INCH, 14 * INCH }, { 10 * INCH, 14 * INCH } };
  MusterTerrain *terrain = muster_editor_add_terrain (fixture->editor, MUSTER_TERRAIN_AREA, FALSE,
                                                      square, G_N_ELEMENTS (square), NULL);
  g_autofree char *id = g_strdup (terrain->id);
  guint steps = muster_history_get_n_steps (fixture->history);

  for (guint i = 0; i < 5; i++)
    g_assert_true (muster_editor_nudge_terrain (fixture->editor, id, 0, 1, MUSTER_UNIT_INCH, FALSE));
  g_assert_false (muster_editor_nudge_terrain (fixture->editor, "nowhere", 0, 1, MUSTER_UNIT_INCH, FALSE));
  terrain = muster_layout_lookup_terrain (fixture->layout, id);
  g_assert_cmpfloat (in_inches (terrain->points[0].y), ==, 15);
  g_assert_cmpuint (muster_history_get_n_steps (fixture->history), ==, steps + 1);
  g_assert_cmpstr (muster_history_get_undo_label (fixture->history), ==, "Move Terrain");

  g_assert_true (muster_history_undo (fixture->history));
  terrain = muster_layout_lookup_terrain (fixture->layout, id);
  g_assert_cmpfloat (terrain->points[0].y, ==, 10 * INCH);
  g_assert_true (muster_history_redo (fixture->history));
  terrain = muster_layout_lookup_terrain (fixture->layout, id);
  g_assert_cmpfloat (in_inches (terrain->points[0].y), ==, 15);
}

/* The number a saved layout keeps for the attribute name="…" of the
 * element that holds id="id". */
static char *
saved_attribute (GBytes     *saved,
                 const char *id,
                 const char *name)
{
  g_autofree char *text = g_strndup (g_bytes_get_data (saved, NULL), g_bytes_get_size (saved));
  g_autofree char *id_attr = g_strdup_printf (" id=\"%s\"", id);
  g_autofree char *name_attr = g_strdup_printf (" %s=\"", name);
  const char *element = strstr (text, id_attr);
  const char *value;

  g_assert_nonnull (element);
  value = strstr (element, name_attr);
  g_assert_nonnull (value);
  value += strlen (name_attr);

  return g_strndup (value, strcspn (value, "\""));
}

/* Pieces written off the grid by hand (t9a-encircle-mixed.muster keeps
 * four decimals of an inch) and nudged, in inches or centimetres, are
 * saved as the decimals a player would write, not as the rounding errors
 * of adding millimetres ("4.304399999999999"); and the file reads back
 * and saves again the same. */
static void
test_editor_nudge_saves_short (void)
{
  g_autoptr(GFile) file = g_file_new_for_path (EXAMPLES_DIR "/t9a-encircle-mixed.muster");
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterLayout) layout = muster_layout_new_from_file (file, &error);
  g_autoptr(MusterHistory) history = NULL;
  g_autoptr(MusterEditor) editor = NULL;
  g_autoptr(MusterLayout) again = NULL;
  g_autoptr(GBytes) saved = NULL;
  g_autoptr(GBytes) resaved = NULL;
  static const struct {
    const char *id;
    int         dx, dy;
    MusterUnit  units;
    gboolean    fine;
    guint       times;
    const char *x, *y;
  } cases[] = {
    { "b0", 0, -1, MUSTER_UNIT_INCH, FALSE, 2, "54.5421", "4.3044" },
    { "b1", 1, 1, MUSTER_UNIT_INCH, TRUE, 7, "6.3215", "7.5849" },
    { "r2", -1, -1, MUSTER_UNIT_INCH, FALSE, 9, "45.9956", "30.2763" },
    /* A centimetre is no decimal of an inch: written in millimetres. */
    { "b3", 1, 0, MUSTER_UNIT_CM, FALSE, 3, "1314.75232mm", "8.4888" },
  };

  g_assert_no_error (error);
  history = muster_history_new (layout);
  editor = muster_editor_new (layout, history);

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      MusterPiece *piece = muster_layout_lookup_piece (layout, cases[c].id);

      g_assert_nonnull (piece);
      for (guint i = 0; i < cases[c].times; i++)
        muster_editor_nudge (editor, &piece->serial, 1, cases[c].dx, cases[c].dy,
                             cases[c].units, cases[c].fine);
    }

  /* Turned by tenths of a degree; terrain moved by a centimetre. */
  for (guint i = 0; i < 3; i++)
    muster_editor_rotate (editor, &muster_layout_lookup_piece (layout, "r4")->serial, 1, 0.1);
  muster_editor_rotate (editor, &muster_layout_lookup_piece (layout, "b0")->serial, 1, -0.7);
  g_assert_true (muster_editor_move_terrain (editor, "t1", 10, 10));

  saved = muster_layout_to_bytes (layout);
  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autofree char *x = saved_attribute (saved, cases[c].id, "x");
      g_autofree char *y = saved_attribute (saved, cases[c].id, "y");

      g_assert_cmpstr (x, ==, cases[c].x);
      g_assert_cmpstr (y, ==, cases[c].y);
    }
  {
    g_autofree char *r4 = saved_attribute (saved, "r4", "rotation");
    g_autofree char *b0 = saved_attribute (saved, "b0", "rotation");
    g_autofree char *t1 = saved_attribute (saved, "t1", "points");

    g_assert_cmpstr (r4, ==, "180.3");
    g_assert_cmpstr (b0, ==, "359.3");
    g_assert_cmpstr (t1, ==, "772mm,60.8mm 975.2mm,60.8mm 873.6mm,213.2mm");
  }

  again = muster_layout_new_from_bytes (saved, "nudged.muster", &error);
  g_assert_no_error (error);
  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      MusterPiece *a = muster_layout_lookup_piece (layout, cases[c].id);
      MusterPiece *b = muster_layout_lookup_piece (again, cases[c].id);

      /* Saving moved nothing. */
      g_assert_cmpfloat (a->x, ==, b->x);
      g_assert_cmpfloat (a->y, ==, b->y);
      g_assert_cmpfloat (a->rotation, ==, b->rotation);
    }
  resaved = muster_layout_to_bytes (again);
  g_assert_true (g_bytes_equal (saved, resaved));
}

static void
test_editor_rotate (Fixture       *fixture,
                    gconstpointer  data)
{
  MusterPiece *a = place_model (fixture, "a", 10 * INCH, 40 * INCH);
  MusterPiece *b = place_model (fixture, "b", 20 * INCH, 40 * INCH);
  guint serials[] = { a->serial, b->serial };

  muster_editor_rotate (fixture->editor, serials, 2, -15);
  g_assert_cmpfloat (a->rotation, ==, 345);
  g_assert_cmpfloat (b->rotation, ==, 345);
  g_assert_cmpstr (muster_history_get_undo_label (fixture->history), ==, "Rotate Pieces");
  muster_editor_rotate (fixture->editor, serials, 1, 30);
  g_assert_cmpfloat (a->rotation, ==, 15);
  g_assert_cmpstr (muster_history_get_undo_label (fixture->history), ==, "Rotate Piece");

  muster_editor_set_rotation (fixture->editor, serials, 2, 720 + 90.0000000001);
  g_assert_cmpfloat (a->rotation, ==, 90);
  g_assert_cmpfloat (b->rotation, ==, 90);
  g_assert_true (muster_history_undo (fixture->history));
  g_assert_cmpfloat (a->rotation, ==, 15);
  g_assert_cmpfloat (b->rotation, ==, 345);
}

static void
test_editor_prone_delete (Fixture       *fixture,
                          gconstpointer  data)
{
  MusterBase base = { MUSTER_BASE_ROUND, 25, 25 };
  MusterPiece *a = place_model (fixture, "a", 10 * INCH, 40 * INCH);
  MusterPiece *b = place_model (fixture, "b", 20 * INCH, 40 * INCH);
  MusterPiece *marker = muster_editor_place (fixture->editor,
                                             muster_piece_new ("k", MUSTER_PIECE_MARKER, "red", &base,
                                                               30 * INCH, 40 * INCH));
  guint serials[] = { a->serial, b->serial, marker->serial };
  guint steps;

  g_assert_cmpstr (muster_history_get_undo_label (fixture->history), ==, "Place Marker");

  /* Models only; all prone unless all are. */
  a->prone = TRUE;
  muster_editor_toggle_prone (fixture->editor, serials, 3);
  g_assert_true (a->prone && b->prone);
  g_assert_false (marker->prone);
  g_assert_cmpstr (muster_history_get_undo_label (fixture->history), ==, "Prone");
  muster_editor_toggle_prone (fixture->editor, serials, 3);
  g_assert_false (a->prone || b->prone);
  g_assert_cmpstr (muster_history_get_undo_label (fixture->history), ==, "Stand Up");

  steps = muster_history_get_n_steps (fixture->history);
  g_assert_cmpuint (muster_editor_delete (fixture->editor, serials, 3), ==, 3);
  g_assert_cmpuint (muster_layout_get_pieces (fixture->layout)->len, ==, 0);
  g_assert_cmpuint (muster_history_get_n_steps (fixture->history), ==, steps + 1);
  g_assert_cmpstr (muster_history_get_undo_label (fixture->history), ==, "Delete Pieces");
  g_assert_cmpuint (muster_editor_delete (fixture->editor, serials, 3), ==, 0);
  g_assert_cmpuint (muster_history_get_n_steps (fixture->history), ==, steps + 1);

  g_assert_true (muster_history_undo (fixture->history));
  g_assert_cmpuint (muster_layout_get_pieces (fixture->layout)->len, ==, 3);
}

static void
test_editor_group (Fixture       *fixture,
                   gconstpointer  data)
{
  MusterPiece *a;
  guint serial;

  /* Verbs between begin() and end() are one step, the outer label. */
  muster_editor_begin (fixture->editor, "Deploy");
  a = place_model (fixture, "a", 10 * INCH, 40 * INCH);
  serial = a->serial;
  muster_editor_rotate (fixture->editor, &serial, 1, 90);
  muster_editor_end (fixture->editor);

  g_assert_cmpuint (muster_history_get_n_steps (fixture->history), ==, 1);
  g_assert_cmpstr (muster_history_get_undo_label (fixture->history), ==, "Deploy");
  g_assert_true (muster_history_undo (fixture->history));
  g_assert_cmpuint (muster_layout_get_pieces (fixture->layout)->len, ==, 0);
}

static void
assert_legal (Fixture           *fixture,
              const MusterPiece *piece)
{
  MusterRegion *zone = muster_validator_get_zone (fixture->validator, piece->owner);
  MusterOutline outline;

  g_assert_cmpuint (muster_validator_get_piece_violations (fixture->validator, piece->serial)->len, ==, 0);
  muster_piece_get_outline (piece, &outline);
  g_assert_true (muster_region_contains_outline (zone, &outline));
  muster_outline_clear (&outline);
  assert_on_inch_grid (piece->x);
  assert_on_inch_grid (piece->y);
}

static void
test_editor_find_spot (Fixture       *fixture,
                       gconstpointer  data)
{
  MusterPoint fallback = { 1, 1 };
  g_autoptr(MusterEditor) bare = NULL;
  g_autoptr(MusterPiece) loose = NULL;
  MusterPiece *first, *second;
  MusterPoint spot;

  /* In the owner's zone (Red's is the south), legal, on the grid. */
  first = muster_editor_place_in_zone (fixture->editor, new_model (NULL, 0, 0), fallback);
  g_assert_nonnull (first);
  g_assert_cmpfloat (first->y, >, 24 * INCH);
  assert_legal (fixture, first);

  /* Not on top of the first. */
  second = muster_editor_place_in_zone (fixture->editor, new_model (NULL, 0, 0), fallback);
  g_assert_nonnull (second);
  g_assert_cmpfloat (hypot (second->x - first->x, second->y - first->y), >, 25);
  assert_legal (fixture, second);

  /* Without a validator, every spot is legal: the middle of the table. */
  bare = muster_editor_new (fixture->layout, NULL);
  loose = new_model (NULL, 0, 0);
  spot = muster_editor_find_spot (bare, loose, fallback);
  g_assert_cmpfloat_with_epsilon (spot.x, 36 * INCH, 0.5 * INCH);
  g_assert_cmpfloat_with_epsilon (spot.y, 24 * INCH, 0.5 * INCH);
  assert_on_inch_grid (spot.x);
}

static void
test_editor_terrain (Fixture       *fixture,
                     gconstpointer  data)
{
  MusterPoint square[] = { { 10 * INCH, 10 * INCH }, { 14 * INCH, 10 * INCH },
                           { 14 * INCH, 14 * INCH }, { 10 * INCH, 14 * INCH } };
  MusterPoint crossed[] = { { 0, 0 }, { 100, 100 }, { 100, 0 }, { 0, 100 } };
  g_autoptr(GError) error = NULL;
  g_autofree char *id = NULL;
  MusterTerrain *terrain;

  g_assert_null (muster_editor_add_terrain (fixture->editor, MUSTER_TERRAIN_AREA, FALSE,
                                            crossed, G_N_ELEMENTS (crossed), &error));
  g_assert_nonnull (error);
  g_assert_cmpuint (muster_history_get_n_steps (fixture->history), ==, 0);

  /* A building always blocks line of fire. */
  terrain = muster_editor_add_terrain (fixture->editor, MUSTER_TERRAIN_BUILDING, FALSE,
                                       square, G_N_ELEMENTS (square), NULL);
  g_assert_nonnull (terrain);
  g_assert_true (terrain->blocks_lof);
  g_assert_cmpstr (muster_history_get_undo_label (fixture->history), ==, "Add Terrain");
  id = g_strdup (terrain->id);

  g_assert_true (muster_editor_move_terrain (fixture->editor, id, INCH / 10, 0));
  terrain = muster_layout_lookup_terrain (fixture->layout, id);
  g_assert_cmpfloat (in_inches (terrain->points[0].x), ==, 10.1);
  g_assert_cmpstr (muster_history_get_undo_label (fixture->history), ==, "Move Terrain");

  g_assert_false (muster_editor_set_terrain_kind (fixture->editor, id, MUSTER_TERRAIN_BUILDING, TRUE));
  g_assert_true (muster_editor_set_terrain_kind (fixture->editor, id, MUSTER_TERRAIN_AREA, FALSE));
  terrain = muster_layout_lookup_terrain (fixture->layout, id);
  g_assert_cmpint (terrain->kind, ==, MUSTER_TERRAIN_AREA);
  g_assert_false (terrain->blocks_lof);
  g_assert_cmpstr (muster_history_get_undo_label (fixture->history), ==, "Change Terrain");

  g_assert_true (muster_editor_delete_terrain (fixture->editor, id));
  g_assert_null (muster_layout_lookup_terrain (fixture->layout, id));
  g_assert_cmpstr (muster_history_get_undo_label (fixture->history), ==, "Delete Terrain");

  g_assert_true (muster_history_undo (fixture->history));
  g_assert_true (muster_history_undo (fixture->history));
  g_assert_cmpint (muster_layout_lookup_terrain (fixture->layout, id)->kind, ==, MUSTER_TERRAIN_BUILDING);
}

static void
test_editor_table_size (Fixture       *fixture,
                        gconstpointer  data)
{
  muster_editor_set_table_size (fixture->editor, 48 * INCH, 48 * INCH);
  g_assert_cmpfloat (muster_layout_get_width (fixture->layout), ==, 48 * INCH);
  g_assert_cmpstr (muster_history_get_undo_label (fixture->history), ==, "Change Table Size");
  g_assert_true (muster_history_undo (fixture->history));
  g_assert_cmpfloat (muster_layout_get_width (fixture->layout), ==, 72 * INCH);
}

static const MusterPlayer *
player (Fixture    *fixture,
        const char *id)
{
  return muster_layout_lookup_player (fixture->layout, id);
}

/* Another deployment type: each player keeps to its side of the table,
 * and gets the choices the type asks for; one undo step each. */
static void
test_editor_game (Fixture       *fixture,
                  gconstpointer  data)
{
  MusterSystem *system = muster_validator_get_system (fixture->validator);

  g_assert_false (muster_choices_needs_roles (fixture->layout, system));
  g_assert_false (muster_choices_needs_short_edges (fixture->layout, system));

  muster_editor_set_deployment (fixture->editor, "refused-flank");
  g_assert_cmpstr (player (fixture, "red")->zone, ==, "south-west");
  g_assert_cmpstr (player (fixture, "blue")->zone, ==, "north-east");

  /* The other diagonal: red stays in the south. */
  muster_editor_set_option (fixture->editor, "diagonal", "ne-sw", "Change Diagonal");
  g_assert_cmpstr (player (fixture, "red")->zone, ==, "south-east");
  g_assert_cmpstr (player (fixture, "blue")->zone, ==, "north-west");

  muster_editor_set_deployment (fixture->editor, "encircle");
  g_assert_true (muster_choices_needs_roles (fixture->layout, system));
  g_assert_cmpstr (player (fixture, "red")->role, ==, "attacker");
  g_assert_cmpstr (player (fixture, "blue")->role, ==, "defender");
  /* No diagonal in Encircle. */
  g_assert_null (g_hash_table_lookup (muster_layout_get_options (fixture->layout), "diagonal"));

  muster_editor_choose_player (fixture->editor, TRUE, 1);
  g_assert_cmpstr (player (fixture, "red")->role, ==, "defender");
  g_assert_cmpstr (player (fixture, "blue")->role, ==, "attacker");

  muster_editor_set_deployment (fixture->editor, "dawn-assault");
  g_assert_true (muster_choices_needs_short_edges (fixture->layout, system));
  g_assert_cmpstr (player (fixture, "red")->short_edge, ==, "west");
  g_assert_cmpstr (player (fixture, "blue")->short_edge, ==, "east");

  g_assert_true (muster_history_undo (fixture->history));
  g_assert_cmpstr (muster_layout_get_deployment_id (fixture->layout), ==, "encircle");
  g_assert_cmpstr (player (fixture, "blue")->role, ==, "attacker");

  /* Another system: its default type and table. */
  muster_editor_set_system (fixture->editor, "infinity");
  g_assert_cmpstr (muster_layout_get_system_id (fixture->layout), ==, "infinity");
  g_assert_cmpfloat_with_epsilon (muster_layout_get_width (fixture->layout), 48 * INCH, 1e-6);
  g_assert_cmpstr (player (fixture, "red")->zone, ==, "south");
  g_assert_cmpstr (player (fixture, "blue")->zone, ==, "north");
  g_assert_true (muster_history_undo (fixture->history));
  g_assert_cmpstr (muster_layout_get_system_id (fixture->layout), ==, "t9a");
}

/* On a table taller than wide the zones lie west and east, and the short
 * edges the players choose from are north and south. */
static void
test_editor_game_portrait (Fixture       *fixture,
                           gconstpointer  data)
{
  MusterSystem *system = muster_validator_get_system (fixture->validator);

  muster_editor_set_table_size (fixture->editor, 48 * INCH, 72 * INCH);
  g_assert_cmpstr (player (fixture, "red")->zone, ==, "west");
  g_assert_cmpstr (player (fixture, "blue")->zone, ==, "east");
  muster_editor_set_deployment (fixture->editor, "dawn-assault");
  g_assert_true (muster_choices_needs_short_edges (fixture->layout, system));
  g_assert_cmpstr (player (fixture, "red")->zone, ==, "west");
  g_assert_cmpstr (player (fixture, "blue")->zone, ==, "east");
  g_assert_cmpstr (player (fixture, "red")->short_edge, ==, "north");
  g_assert_cmpstr (player (fixture, "blue")->short_edge, ==, "south");

  muster_editor_choose_player (fixture->editor, FALSE, 1);
  g_assert_cmpstr (player (fixture, "red")->short_edge, ==, "south");
  g_assert_cmpstr (player (fixture, "blue")->short_edge, ==, "north");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, set_up, func, tear_down)

  ADD ("/core/editor/snap", test_editor_snap);
  ADD ("/core/editor/place", test_editor_place);
  ADD ("/core/editor/move", test_editor_move);
  ADD ("/core/editor/nudge-run", test_editor_nudge_run);
  ADD ("/core/editor/nudge-save", test_editor_nudge_save);
  ADD ("/core/editor/nudge-terrain", test_editor_nudge_terrain);
  ADD ("/core/editor/rotate", test_editor_rotate);
  ADD ("/core/editor/prone-delete", test_editor_prone_delete);
  ADD ("/core/editor/group", test_editor_group);
  ADD ("/core/editor/find-spot", test_editor_find_spot);
  ADD ("/core/editor/terrain", test_editor_terrain);
  ADD ("/core/editor/table-size", test_editor_table_size);
  ADD ("/core/editor/game", test_editor_game);
  ADD ("/core/editor/game-portrait", test_editor_game_portrait);

#undef ADD

  g_test_add_func ("/core/editor/nudge-saves-short", test_editor_nudge_saves_short);

  return g_test_run ();
}
