/* test-layout.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "test-layout"

#include "config.h"

#include <errno.h>
#include <locale.h>
#include <math.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include <glib/gstdio.h>
#include <libxml/tree.h>

#include "muster-dice.h"
#include "muster-expr.h"
#include "muster-layout.h"
#include "muster-layout-private.h"
#include "muster-xml.h"

#define EXAMPLES_DIR TEST_DATA_DIR "/examples"
#define LAYOUTS_DIR  TEST_DATA_DIR "/layouts"

#include "layout-helpers.h"

/* The model */

static void
test_new (void)
{
  g_autoptr(MusterLayout) layout = muster_layout_new ("t9a", "encircle", 1828.8, 1219.2);
  GPtrArray *players = muster_layout_get_players (layout);
  MusterPlayer *red, *blue;
  g_autofree char *system_id = NULL;

  g_assert_cmpstr (muster_layout_get_system_id (layout), ==, "t9a");
  g_assert_cmpstr (muster_layout_get_deployment_id (layout), ==, "encircle");
  g_assert_cmpfloat (muster_layout_get_width (layout), ==, 1828.8);
  g_assert_cmpfloat (muster_layout_get_height (layout), ==, 1219.2);
  g_assert_cmpint (muster_layout_get_units (layout), ==, MUSTER_UNIT_INCH);
  g_assert_cmpuint (g_hash_table_size (muster_layout_get_options (layout)), ==, 0);
  g_assert_cmpuint (muster_layout_get_pieces (layout)->len, ==, 0);
  g_assert_cmpuint (muster_layout_get_terrain (layout)->len, ==, 0);

  g_assert_cmpuint (players->len, ==, 2);
  red = g_ptr_array_index (players, 0);
  blue = g_ptr_array_index (players, 1);
  g_assert_cmpstr (red->id, ==, "red");
  g_assert_cmpstr (red->name, ==, "Red");
  g_assert_cmpstr (red->zone, ==, "south");
  g_assert_null (red->role);
  g_assert_null (red->short_edge);
  g_assert_cmpstr (blue->id, ==, "blue");
  g_assert_cmpstr (blue->name, ==, "Blue");
  g_assert_cmpstr (blue->zone, ==, "north");
  g_assert_true (muster_layout_lookup_player (layout, "blue") == blue);
  g_assert_null (muster_layout_lookup_player (layout, "green"));

  g_object_get (layout, "system-id", &system_id, NULL);
  g_assert_cmpstr (system_id, ==, "t9a");

  g_bytes_unref (assert_round_trip (layout));
  g_assert_finalize_object (g_steal_pointer (&layout));
}

static void
test_kinds (void)
{
  MusterPieceKind piece_kind;
  MusterTerrainKind terrain_kind;

  for (MusterPieceKind k = MUSTER_PIECE_MODEL; k <= MUSTER_PIECE_OBJECTIVE; k++)
    {
      g_assert_true (muster_piece_kind_from_string (muster_piece_kind_to_string (k), &piece_kind));
      g_assert_cmpint (piece_kind, ==, k);
    }
  for (MusterTerrainKind k = MUSTER_TERRAIN_IMPASSABLE; k <= MUSTER_TERRAIN_AREA; k++)
    {
      g_assert_true (muster_terrain_kind_from_string (muster_terrain_kind_to_string (k), &terrain_kind));
      g_assert_cmpint (terrain_kind, ==, k);
    }

  g_assert_cmpstr (muster_piece_kind_to_string (MUSTER_PIECE_UNIT), ==, "unit");
  g_assert_cmpstr (muster_terrain_kind_to_string (MUSTER_TERRAIN_BUILDING), ==, "building");
  g_assert_false (muster_piece_kind_from_string ("Unit", &piece_kind));
  g_assert_false (muster_piece_kind_from_string (NULL, &piece_kind));
  g_assert_false (muster_terrain_kind_from_string ("forest", &terrain_kind));
}

static void
test_piece (void)
{
  MusterBase round = { MUSTER_BASE_ROUND, 25.0, 0.0 };
  MusterBase rect = { MUSTER_BASE_RECT, 100.0, 80.0 };
  g_autoptr(MusterPiece) model = muster_piece_new ("m1", MUSTER_PIECE_MODEL, "red", &round, 10, 20);
  g_autoptr(MusterPiece) objective = muster_piece_new ("o1", MUSTER_PIECE_OBJECTIVE, "red", &round, 0, 0);
  g_autoptr(MusterPiece) scenery = muster_piece_new ("s1", MUSTER_PIECE_MODEL, NULL, &rect, 0, 0);
  g_autoptr(MusterPiece) copy = NULL;
  MusterOutline outline;

  g_assert_cmpuint (model->serial, ==, 0);
  g_assert_cmpfloat (model->base.depth, ==, 25.0);
  g_assert_cmpstr (scenery->owner, ==, MUSTER_OWNER_NEUTRAL);
  /* Owners are interned: the validator compares them by pointer. */
  g_assert_true (model->owner == objective->owner);
  g_assert_true (model->owner == g_intern_static_string ("red"));
  g_assert_true (scenery->owner == g_intern_static_string (MUSTER_OWNER_NEUTRAL));
  g_assert_true (muster_piece_is_deployable (model));
  g_assert_false (muster_piece_is_deployable (objective));
  g_assert_false (muster_piece_is_deployable (scenery));

  model->categories = g_strsplit ("character scout", " ", -1);
  model->skills = g_strsplit ("infiltration", " ", -1);
  g_assert_true (muster_piece_has_category (model, "scout"));
  g_assert_false (muster_piece_has_category (model, "war-machine"));
  g_assert_true (muster_piece_has_skill (model, "infiltration"));
  g_assert_false (muster_piece_has_skill (scenery, "infiltration"));

  model->extensions = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (model->extensions, g_strdup ("<x:a xmlns:x=\"urn:x\"/>"));
  copy = muster_piece_copy (model);
  g_assert_true (copy->owner == model->owner);
  g_assert_true (copy->categories != model->categories);
  assert_strv_equal (copy->categories, model->categories);
  assert_strings_equal (copy->extensions, model->extensions);
  g_assert_null (copy->ext_attrs);

  muster_piece_get_outline (model, &outline);
  g_assert_cmpint (outline.kind, ==, MUSTER_OUTLINE_CIRCLE);
  g_assert_cmpfloat_with_epsilon (outline.radius, 12.5, 1e-12);
  g_assert_cmpfloat_with_epsilon (outline.centre.x, 10.0, 1e-12);
  muster_outline_clear (&outline);

  scenery->rotation = 90;
  muster_piece_get_outline (scenery, &outline);
  g_assert_cmpint (outline.kind, ==, MUSTER_OUTLINE_POLYGON);
  g_assert_cmpfloat_with_epsilon (outline.bounds.x1 - outline.bounds.x0, 80.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (outline.bounds.y1 - outline.bounds.y0, 100.0, 1e-9);
  muster_outline_clear (&outline);
}

static void
test_terrain (void)
{
  MusterPoint points[] = { { 0, 0 }, { 10, 0 }, { 10, 10 } };
  g_autoptr(MusterLayout) layout = muster_layout_new ("t9a", "encircle", 1000, 1000);
  g_autoptr(MusterTerrain) copy = NULL;
  MusterTerrain *terrain = muster_terrain_new ("t1", MUSTER_TERRAIN_BUILDING, points, 3);
  MusterBase base = { MUSTER_BASE_ROUND, 25, 25 };

  g_assert_false (terrain->blocks_lof);
  g_assert_cmpuint (terrain->n_points, ==, 3);
  g_assert_cmpfloat (terrain->points[2].y, ==, 10);

  copy = muster_terrain_copy (terrain);
  g_assert_true (copy->points != terrain->points);
  g_assert_cmpfloat (copy->points[1].x, ==, 10);

  {
    MusterPoint far[] = { { 5, -2 }, { -3, 4 }, { 8, 9 } };
    g_autoptr(MusterTerrain) other = muster_terrain_new ("t2", MUSTER_TERRAIN_AREA, far, 3);
    g_autoptr(MusterTerrain) none = muster_terrain_new ("t3", MUSTER_TERRAIN_AREA, NULL, 0);
    MusterBox box = { 1, 2, 3, 4 };

    g_assert_true (muster_terrain_get_bounds (other, &box));
    g_assert_cmpfloat (box.x0, ==, -3);
    g_assert_cmpfloat (box.y0, ==, -2);
    g_assert_cmpfloat (box.x1, ==, 8);
    g_assert_cmpfloat (box.y1, ==, 9);
    g_assert_false (muster_terrain_get_bounds (none, &box));
    g_assert_cmpfloat (box.x0, ==, -3);
  }

  muster_layout_add_terrain (layout, terrain);
  g_assert_true (muster_layout_lookup_terrain (layout, "t1") == terrain);
  g_assert_cmpuint (terrain->serial, !=, 0);
  g_assert_true (muster_layout_has_id (layout, "t1"));

  /* One id space for pieces and terrain. */
  {
    g_autoptr(MusterPiece) piece = muster_piece_new ("t1", MUSTER_PIECE_MODEL, "red", &base, 0, 0);

    g_assert_false (muster_layout_add_piece (layout, piece));
  }

  g_bytes_unref (assert_round_trip (layout));

  g_assert_true (muster_layout_remove_terrain (layout, "t1"));
  g_assert_false (muster_layout_remove_terrain (layout, "t1"));
  g_assert_null (muster_layout_lookup_terrain (layout, "t1"));
}

static void
test_make_id (void)
{
  g_autoptr(MusterLayout) layout = muster_layout_new ("t9a", "encircle", 1000, 1000);
  MusterBase base = { MUSTER_BASE_ROUND, 25, 25 };
  g_autofree char *id1 = NULL;
  g_autofree char *id2 = NULL;

  id1 = muster_layout_make_id (layout, "u");
  g_assert_cmpstr (id1, ==, "u1");
  g_assert_true (muster_layout_add_piece (layout, muster_piece_new (id1, MUSTER_PIECE_UNIT, "red", &base, 0, 0)));
  g_assert_true (muster_layout_add_piece (layout, muster_piece_new ("u2", MUSTER_PIECE_UNIT, "red", &base, 0, 0)));
  id2 = muster_layout_make_id (layout, "u");
  g_assert_cmpstr (id2, ==, "u3");
}

static void
test_rename (void)
{
  g_autoptr(MusterLayout) layout = muster_layout_new ("t9a", "encircle", 1000, 1000);
  MusterBase base = { MUSTER_BASE_ROUND, 25, 25 };
  MusterPiece *piece = muster_piece_new ("a", MUSTER_PIECE_MODEL, "red", &base, 0, 0);

  g_assert_true (muster_layout_add_piece (layout, piece));
  g_assert_true (muster_layout_lookup_piece (layout, "a") == piece);

  /* Ids may change in place, followed by muster_layout_piece_changed(). */
  g_free (piece->id);
  piece->id = g_strdup ("b");
  muster_layout_piece_changed (layout, piece);
  g_assert_null (muster_layout_lookup_piece (layout, "a"));
  g_assert_true (muster_layout_lookup_piece (layout, "b") == piece);
  g_assert_true (muster_layout_lookup_serial (layout, piece->serial) == piece);
  g_assert_false (muster_layout_has_id (layout, "a"));
  g_assert_null (muster_layout_lookup_serial (layout, piece->serial + 1));
}

typedef struct
{
  MusterLayout *layout;
  guint         added;
  guint         removed;
  guint         piece_changed;
  guint         changed;
  guint         last_serial;
  guint         n_pieces_in_handler;
  gboolean      found_in_handler;
  guint         notified_system;
  guint         notified_deployment;
} Events;

static void
piece_added_cb (MusterLayout *layout,
                guint         serial,
                Events       *events)
{
  events->added++;
  events->last_serial = serial;
  events->found_in_handler = muster_layout_lookup_serial (layout, serial) != NULL;
}

static void
piece_removed_cb (MusterLayout *layout,
                  guint         serial,
                  Events       *events)
{
  events->removed++;
  events->last_serial = serial;
  events->n_pieces_in_handler = muster_layout_get_pieces (layout)->len;
  events->found_in_handler = muster_layout_lookup_serial (layout, serial) != NULL;
}

static void
piece_changed_cb (MusterLayout *layout,
                  guint         serial,
                  Events       *events)
{
  events->piece_changed++;
  events->last_serial = serial;
}

static void
changed_cb (MusterLayout *layout,
            Events       *events)
{
  events->changed++;
}

static void
notify_cb (MusterLayout *layout,
           GParamSpec   *pspec,
           Events       *events)
{
  if (strcmp (pspec->name, "system-id") == 0)
    events->notified_system++;
  else if (strcmp (pspec->name, "deployment-id") == 0)
    events->notified_deployment++;
}

static void
test_signals (void)
{
  g_autoptr(MusterLayout) layout = muster_layout_new ("infinity", "standard", 1219.2, 1219.2);
  MusterBase base = { MUSTER_BASE_ROUND, 25, 25 };
  MusterPoint points[] = { { 0, 0 }, { 10, 0 }, { 10, 10 } };
  Events events = { layout };
  MusterPiece *a, *b;
  guint serial_a, serial_b;

  g_signal_connect (layout, "piece-added", G_CALLBACK (piece_added_cb), &events);
  g_signal_connect (layout, "piece-removed", G_CALLBACK (piece_removed_cb), &events);
  g_signal_connect (layout, "piece-changed", G_CALLBACK (piece_changed_cb), &events);
  g_signal_connect (layout, "changed", G_CALLBACK (changed_cb), &events);
  g_signal_connect (layout, "notify", G_CALLBACK (notify_cb), &events);

  a = muster_piece_new ("a", MUSTER_PIECE_MODEL, "red", &base, 100, 100);
  g_assert_true (muster_layout_add_piece (layout, a));
  serial_a = a->serial;
  g_assert_cmpuint (serial_a, !=, 0);
  g_assert_cmpuint (events.added, ==, 1);
  g_assert_cmpuint (events.last_serial, ==, serial_a);
  g_assert_true (events.found_in_handler);

  b = muster_piece_new ("b", MUSTER_PIECE_MODEL, "blue", &base, 200, 100);
  g_assert_true (muster_layout_add_piece (layout, b));
  serial_b = b->serial;
  g_assert_cmpuint (serial_b, !=, serial_a);
  g_assert_cmpuint (events.added, ==, 2);
  g_assert_true (muster_layout_lookup_serial (layout, serial_b) == b);
  g_assert_true (muster_layout_lookup_piece (layout, "b") == b);

  /* A second "a" is refused and nothing is emitted. */
  {
    g_autoptr(MusterPiece) dup = muster_piece_new ("a", MUSTER_PIECE_MODEL, "red", &base, 0, 0);

    g_assert_false (muster_layout_add_piece (layout, dup));
    g_assert_cmpuint (events.added, ==, 2);
  }

  muster_layout_move_piece (layout, a, 150, 160, 30);
  g_assert_cmpuint (events.piece_changed, ==, 1);
  g_assert_cmpuint (events.last_serial, ==, serial_a);
  g_assert_cmpfloat (a->x, ==, 150);
  g_assert_cmpfloat (a->y, ==, 160);
  g_assert_cmpfloat (a->rotation, ==, 30);

  b->prone = TRUE;
  muster_layout_piece_changed (layout, b);
  g_assert_cmpuint (events.piece_changed, ==, 2);
  g_assert_cmpuint (events.last_serial, ==, serial_b);

  g_assert_true (muster_layout_remove_piece (layout, "a"));
  g_assert_cmpuint (events.removed, ==, 1);
  g_assert_cmpuint (events.last_serial, ==, serial_a);
  g_assert_cmpuint (events.n_pieces_in_handler, ==, 1);
  g_assert_false (events.found_in_handler);
  g_assert_false (muster_layout_remove_piece (layout, "a"));
  g_assert_cmpuint (events.removed, ==, 1);
  g_assert_cmpuint (events.changed, ==, 0);

  /* Serials are not reused. */
  a = muster_piece_new ("a", MUSTER_PIECE_MODEL, "red", &base, 100, 100);
  g_assert_true (muster_layout_add_piece (layout, a));
  g_assert_cmpuint (a->serial, >, serial_b);

  muster_layout_set_game (layout, "infinity", "standard");
  g_assert_cmpuint (events.changed, ==, 0);
  muster_layout_set_game (layout, "t9a", "encircle");
  g_assert_cmpuint (events.changed, ==, 1);
  g_assert_cmpuint (events.notified_system, ==, 1);
  g_assert_cmpuint (events.notified_deployment, ==, 1);
  g_object_set (layout, "deployment-id", "dawn-assault", NULL);
  g_assert_cmpuint (events.changed, ==, 2);
  g_assert_cmpuint (events.notified_system, ==, 1);
  g_assert_cmpuint (events.notified_deployment, ==, 2);
  g_assert_cmpstr (muster_layout_get_deployment_id (layout), ==, "dawn-assault");

  muster_layout_set_option (layout, "diagonal", "nw-se");
  g_assert_cmpuint (events.changed, ==, 3);
  muster_layout_set_option (layout, "diagonal", "nw-se");
  g_assert_cmpuint (events.changed, ==, 3);
  muster_layout_set_option (layout, "diagonal", NULL);
  g_assert_cmpuint (events.changed, ==, 4);
  g_assert_cmpuint (g_hash_table_size (muster_layout_get_options (layout)), ==, 0);

  muster_layout_set_board (layout, 1828.8, 1219.2);
  g_assert_cmpuint (events.changed, ==, 5);
  muster_layout_update_player (layout, "red", "south", "attacker", "west");
  g_assert_cmpuint (events.changed, ==, 6);
  muster_layout_update_player (layout, "red", "south", "attacker", "west");
  g_assert_cmpuint (events.changed, ==, 6);
  muster_layout_set_player_name (layout, "red", "Alice");
  g_assert_cmpuint (events.changed, ==, 7);
  muster_layout_add_terrain (layout, muster_terrain_new ("t1", MUSTER_TERRAIN_AREA, points, 3));
  g_assert_cmpuint (events.changed, ==, 8);
  muster_layout_set_units (layout, MUSTER_UNIT_CM);
  g_assert_cmpuint (events.changed, ==, 9);

  g_assert_cmpuint (events.added, ==, 3);
  g_assert_cmpuint (events.removed, ==, 1);
  g_assert_cmpuint (events.piece_changed, ==, 2);

  g_signal_handlers_disconnect_by_data (layout, &events);
  g_assert_finalize_object (g_steal_pointer (&layout));
}

/* Reading */

static void
test_examples (void)
{
  g_autoptr(GPtrArray) paths = list_examples ();

  g_assert_cmpuint (paths->len, >=, 14);

  for (guint i = 0; i < paths->len; i++)
    {
      const char *path = g_ptr_array_index (paths, i);
      g_autoptr(MusterLayout) layout = load_path (path);
      GPtrArray *pieces = muster_layout_get_pieces (layout);
      g_autofree char *basename = g_path_get_basename (path);

      g_test_message ("%s", basename);
      g_assert_true (g_str_has_prefix (basename, muster_layout_get_system_id (layout)));
      g_assert_nonnull (muster_layout_get_deployment_id (layout));
      g_assert_cmpuint (muster_layout_get_players (layout)->len, ==, 2);
      g_assert_cmpuint (pieces->len, >, 0);

      for (guint j = 0; j < pieces->len; j++)
        {
          MusterPiece *piece = g_ptr_array_index (pieces, j);

          g_assert_cmpuint (piece->serial, !=, 0);
          g_assert_true (strcmp (piece->owner, MUSTER_OWNER_NEUTRAL) == 0 ||
                         muster_layout_lookup_player (layout, piece->owner) != NULL);
          g_assert_true (piece->owner == g_intern_string (piece->owner));
          g_assert_cmpfloat (piece->base.width, >, 0);
          g_assert_cmpfloat (piece->base.depth, >, 0);
        }
    }
}

static void
test_example_values (void)
{
  g_autoptr(MusterLayout) layout = load_path (EXAMPLES_DIR "/t9a-encircle-mixed.muster");
  g_autoptr(MusterLayout) refused = load_path (EXAMPLES_DIR "/t9a-refused-flank-mixed.muster");
  MusterPiece *b0 = muster_layout_lookup_piece (layout, "b0");
  MusterPiece *r4 = muster_layout_lookup_piece (layout, "r4");
  MusterPlayer *red = muster_layout_lookup_player (layout, "red");
  MusterTerrain *t1 = muster_layout_lookup_terrain (layout, "t1");

  g_assert_cmpstr (muster_layout_get_system_id (layout), ==, "t9a");
  g_assert_cmpstr (muster_layout_get_deployment_id (layout), ==, "encircle");
  g_assert_cmpfloat_with_epsilon (muster_layout_get_width (layout), 72 * 25.4, 1e-9);
  g_assert_cmpfloat_with_epsilon (muster_layout_get_height (layout), 48 * 25.4, 1e-9);
  g_assert_cmpstr (red->role, ==, "attacker");
  g_assert_cmpstr (red->zone, ==, "south");

  g_assert_nonnull (b0);
  g_assert_cmpint (b0->kind, ==, MUSTER_PIECE_UNIT);
  g_assert_cmpstr (b0->owner, ==, "blue");
  g_assert_cmpfloat_with_epsilon (b0->x, 54.5421 * 25.4, 1e-9);
  g_assert_cmpfloat_with_epsilon (b0->y, 6.3044 * 25.4, 1e-9);
  g_assert_cmpfloat (b0->rotation, ==, 0);
  g_assert_cmpuint (b0->turn, ==, 1);
  g_assert_cmpint (b0->base.shape, ==, MUSTER_BASE_RECT);
  g_assert_cmpfloat (b0->base.width, ==, 75);
  g_assert_cmpfloat (b0->base.depth, ==, 25);
  g_assert_null (b0->categories);

  g_assert_cmpfloat (r4->rotation, ==, 180);
  g_assert_true (muster_piece_has_category (r4, "scout"));

  g_assert_nonnull (t1);
  g_assert_cmpint (t1->kind, ==, MUSTER_TERRAIN_IMPASSABLE);
  g_assert_cmpuint (t1->n_points, ==, 3);
  g_assert_cmpfloat_with_epsilon (t1->points[2].x, 34 * 25.4, 1e-9);
  g_assert_cmpfloat_with_epsilon (t1->points[2].y, 8 * 25.4, 1e-9);

  g_assert_cmpstr (g_hash_table_lookup (muster_layout_get_options (refused), "diagonal"), ==, "nw-se");
}

static void
test_full (void)
{
  g_autoptr(MusterLayout) layout = load_path (LAYOUTS_DIR "/full.muster");
  GHashTable *options = muster_layout_get_options (layout);
  MusterPlayer *red = muster_layout_lookup_player (layout, "red");
  MusterPlayer *blue = muster_layout_lookup_player (layout, "blue");
  MusterPiece *m1 = muster_layout_lookup_piece (layout, "m1");
  MusterPiece *m2 = muster_layout_lookup_piece (layout, "m2");
  MusterPiece *u1 = muster_layout_lookup_piece (layout, "u1");
  MusterPiece *o1 = muster_layout_lookup_piece (layout, "o1");
  MusterTerrain *t1 = muster_layout_lookup_terrain (layout, "t1");
  MusterTerrain *t2 = muster_layout_lookup_terrain (layout, "t2");
  MusterTerrain *t3 = muster_layout_lookup_terrain (layout, "t3");
  g_autoptr(GBytes) saved = NULL;
  g_autofree char *text = NULL;

  g_assert_cmpstr (g_hash_table_lookup (options, "depth"), ==, "16");
  g_assert_cmpstr (g_hash_table_lookup (options, "note"), ==, "a \"quoted\" & <escaped> value");

  g_assert_cmpstr (red->name, ==, "Alice & Co.");
  g_assert_cmpstr (red->short_edge, ==, "west");
  g_assert_cmpstr (blue->name, ==, "Bøb “the Bold”");
  g_assert_cmpstr (blue->role, ==, "defender");

  g_assert_cmpstr (m1->name, ==, "Lieutenant Kim");
  g_assert_true (m1->lieutenant);
  g_assert_false (m1->prone);
  g_assert_cmpfloat (m1->rotation, ==, 45);
  g_assert_true (muster_piece_has_category (m1, "character"));
  g_assert_true (muster_piece_has_category (m1, "infantry"));
  g_assert_true (muster_piece_has_skill (m1, "camouflage"));
  g_assert_cmpfloat (m1->base.width, ==, 25);
  g_assert_cmpfloat (m1->base.depth, ==, 25);
  g_assert_cmpfloat_with_epsilon (m1->x, 12.5 * 25.4, 1e-9);

  g_assert_true (m2->prone);
  g_assert_cmpfloat (m2->rotation, ==, -90.25);
  g_assert_cmpint (m2->base.shape, ==, MUSTER_BASE_OVAL);
  g_assert_cmpfloat (m2->base.width, ==, 60);
  g_assert_cmpfloat (m2->base.depth, ==, 35);
  g_assert_cmpfloat_with_epsilon (m2->x, 200, 1e-9);
  g_assert_cmpfloat_with_epsilon (m2->y, 152.4, 1e-9);

  g_assert_cmpfloat_with_epsilon (u1->x, 30 * 25.4, 1e-9);
  g_assert_true (muster_piece_has_category (u1, "war-machine"));

  g_assert_cmpstr (o1->owner, ==, MUSTER_OWNER_NEUTRAL);
  g_assert_cmpuint (o1->turn, ==, 0);

  g_assert_cmpstr (t1->name, ==, "Tower");
  g_assert_cmpint (t1->kind, ==, MUSTER_TERRAIN_BUILDING);
  g_assert_false (t2->blocks_lof && t2->kind != MUSTER_TERRAIN_AREA);
  g_assert_true (t2->blocks_lof);
  g_assert_cmpfloat_with_epsilon (t3->points[1].x, 200, 1e-9);
  g_assert_cmpfloat_with_epsilon (t3->points[2].y, 6 * 25.4, 1e-9);

  saved = assert_round_trip (layout);
  text = bytes_to_string (saved);
  g_test_message ("%s", text);

  /* Lengths keep a short exact form: inches where exact, else mm. */
  g_assert_nonnull (strstr (text, "x=\"12.5\" y=\"40\" rotation=\"45\" turn=\"1\""));
  g_assert_nonnull (strstr (text, "<base shape=\"round\" diameter=\"25mm\"/>"));
  g_assert_nonnull (strstr (text, "x=\"200mm\" y=\"152.4mm\""));
  g_assert_nonnull (strstr (text, "rotation=\"-90.25\""));
  g_assert_nonnull (strstr (text, "points=\"10,10 14,10 14,16 10,16\""));
  g_assert_nonnull (strstr (text, "name=\"Alice &amp; Co.\""));
  g_assert_nonnull (strstr (text, "value=\"a &quot;quoted&quot; &amp; &lt;escaped&gt; value\""));
  g_assert_nonnull (strstr (text, "category=\"character infantry\""));
  g_assert_nonnull (strstr (text, "lieutenant=\"true\""));
  g_assert_nonnull (strstr (text, "prone=\"true\""));
  g_assert_nonnull (strstr (text, "<piece id=\"o1\" kind=\"objective\" owner=\"neutral\""));
  g_assert_nonnull (strstr (text, "blocks-lof=\"true\""));
  g_assert_true (g_str_has_prefix (text, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                                         "<muster-layout version=\"1\" units=\"in\">\n"));
}

static void
test_round_trip_examples (void)
{
  g_autoptr(GPtrArray) paths = list_examples ();

  for (guint i = 0; i < paths->len; i++)
    {
      g_autoptr(MusterLayout) layout = load_path (g_ptr_array_index (paths, i));
      g_autoptr(GBytes) saved = assert_round_trip (layout);
      g_autoptr(GError) error = NULL;
      g_autofree char *text = bytes_to_string (saved);
      g_autofree char *original = NULL;

      /* The examples hold plain numbers: they come back unchanged. */
      g_assert_true (g_file_get_contents (g_ptr_array_index (paths, i), &original, NULL, &error));
      g_assert_no_error (error);
      g_assert_nonnull (strstr (original, "x=\""));
      for (const char *p = strstr (original, " x=\""); p != NULL; p = strstr (p + 1, " x=\""))
        {
          g_autofree char *attr = g_strndup (p, strchr (p + 4, '"') - p + 1);

          g_assert_nonnull (strstr (text, attr));
        }
    }
}

/* Through the file system, in a directory of its own. */
static void
test_round_trip_files (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("muster-layout-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "copy.muster", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  const char *names[] = { "full.muster", "extensions.muster", "units-cm.muster", "units-mm.muster" };

  g_assert_no_error (error);

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *source = g_build_filename (LAYOUTS_DIR, names[i], NULL);
      g_autoptr(MusterLayout) layout = load_path (source);
      g_autoptr(MusterLayout) again = NULL;
      g_autoptr(MusterLayout) third = NULL;
      g_autoptr(GBytes) first = NULL;
      g_autoptr(GBytes) second = NULL;

      g_assert_true (muster_layout_save (layout, file, &error));
      g_assert_no_error (error);
      again = load_path (path);
      assert_layouts_equal (layout, again);

      g_assert_true (muster_layout_save (again, file, &error));
      g_assert_no_error (error);
      third = load_path (path);
      assert_layouts_equal (layout, third);

      first = muster_layout_to_bytes (again);
      second = muster_layout_to_bytes (third);
      g_assert_true (g_bytes_equal (first, second));
    }

  g_assert_cmpint (g_remove (path), ==, 0);
  for (guint i = 0; i < MUSTER_LAYOUT_BACKUPS; i++)
    {
      g_autoptr(GFile) backup = muster_layout_get_backup_file (file, i);

      g_file_delete (backup, NULL, NULL);
    }
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* A write that fails half way (the disk full, or here the process's
 * file size limit) leaves the old file as it was, says which file, and
 * leaves no temporary file behind. */
static void
test_save_write_error (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("muster-layout-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "keep.muster", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) backup = muster_layout_get_backup_file (file, 0);
  g_autoptr(MusterLayout) small = load_path (LAYOUTS_DIR "/full.muster");
  g_autoptr(MusterLayout) big = load_path (LAYOUTS_DIR "/full.muster");
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  gsize before_len, after_len;
  struct rlimit old_limit, limit;
  void (*old_handler) (int);
  GDir *listing;
  const char *entry;
  guint n_files = 0;

  g_assert_no_error (error);
  g_assert_true (muster_layout_save (small, file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &before, &before_len, NULL));

  for (int i = 0; i < 200; i++)
    {
      g_autofree char *id = g_strdup_printf ("extra%d", i);
      MusterBase base = { MUSTER_BASE_ROUND, 25, 25 };
      MusterPiece *piece = muster_piece_new (id, MUSTER_PIECE_MODEL, "red", &base, 100 + i, 100);

      muster_layout_add_piece (big, piece);
    }

  /* Writes past the limit fail with EFBIG instead of raising SIGXFSZ. */
  g_assert_cmpint (getrlimit (RLIMIT_FSIZE, &old_limit), ==, 0);
  limit = old_limit;
  limit.rlim_cur = before_len + 100;
  old_handler = signal (SIGXFSZ, SIG_IGN);
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &limit), ==, 0);
  g_assert_false (muster_layout_save (big, file, &error));
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &old_limit), ==, 0);
  signal (SIGXFSZ, old_handler);

  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, path));

  g_assert_true (g_file_get_contents (path, &after, &after_len, NULL));
  g_assert_cmpmem (before, before_len, after, after_len);

  /* The file, nothing else: its backup is not beside it. */
  listing = g_dir_open (dir, 0, NULL);
  while ((entry = g_dir_read_name (listing)) != NULL)
    {
      g_assert_cmpstr (entry, ==, "keep.muster");
      n_files++;
    }
  g_dir_close (listing);
  g_assert_cmpuint (n_files, ==, 1);

  g_remove (path);
  g_file_delete (backup, NULL, NULL);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
test_units (void)
{
  g_autoptr(MusterLayout) cm = load_path (LAYOUTS_DIR "/units-cm.muster");
  g_autoptr(MusterLayout) mm = load_path (LAYOUTS_DIR "/units-mm.muster");
  MusterPiece *a = muster_layout_lookup_piece (cm, "a");
  MusterPiece *b = muster_layout_lookup_piece (cm, "b");
  MusterPiece *c = muster_layout_lookup_piece (cm, "c");
  MusterTerrain *t1 = muster_layout_lookup_terrain (cm, "t1");
  MusterPiece *ma = muster_layout_lookup_piece (mm, "a");
  g_autoptr(GBytes) saved = NULL;
  g_autofree char *text = NULL;

  g_assert_cmpint (muster_layout_get_units (cm), ==, MUSTER_UNIT_CM);
  g_assert_cmpfloat_with_epsilon (muster_layout_get_width (cm), 1200, 1e-9);
  g_assert_cmpfloat_with_epsilon (a->x, 100, 1e-9);
  g_assert_cmpfloat_with_epsilon (a->y, 2.5 * 25.4, 1e-9);
  g_assert_cmpfloat_with_epsilon (a->base.width, 25, 1e-9);
  g_assert_cmpfloat_with_epsilon (b->x, 100, 1e-9);
  g_assert_cmpfloat_with_epsilon (b->y, 4 * 25.4, 1e-9);
  g_assert_cmpfloat_with_epsilon (b->base.width, 40, 1e-9);
  g_assert_cmpfloat_with_epsilon (c->x, 125, 1e-9);
  g_assert_cmpfloat_with_epsilon (c->y, 25.4, 1e-9);
  g_assert_cmpfloat_with_epsilon (c->base.width, 25, 1e-9);
  g_assert_cmpfloat_with_epsilon (c->base.depth, 25, 1e-9);
  g_assert_cmpfloat_with_epsilon (t1->points[2].x, 254, 1e-9);
  g_assert_cmpfloat_with_epsilon (t1->points[2].y, 100, 1e-9);
  g_assert_cmpfloat_with_epsilon (t1->points[3].y, 100, 1e-9);

  g_assert_cmpint (muster_layout_get_units (mm), ==, MUSTER_UNIT_MM);
  g_assert_cmpfloat_with_epsilon (muster_layout_get_width (mm), 1828.8, 1e-9);
  g_assert_cmpfloat_with_epsilon (ma->y, 12 * 25.4, 1e-9);
  g_assert_cmpfloat_with_epsilon (ma->base.depth, 80, 1e-9);

  /* Bare numbers are written in the document's units. */
  saved = assert_round_trip (cm);
  text = bytes_to_string (saved);
  g_assert_nonnull (strstr (text, "units=\"cm\""));
  g_assert_nonnull (strstr (text, "<board width=\"120\" height=\"120\"/>"));
  g_assert_nonnull (strstr (text, "x=\"10\" y=\"6.35\""));
  g_assert_nonnull (strstr (text, "diameter=\"2.5\""));
  g_clear_pointer (&saved, g_bytes_unref);
  g_clear_pointer (&text, g_free);

  /* Changing the units rewrites every length, moving nothing. */
  muster_layout_set_units (cm, MUSTER_UNIT_MM);
  saved = assert_round_trip (cm);
  text = bytes_to_string (saved);
  g_assert_nonnull (strstr (text, "units=\"mm\""));
  g_assert_nonnull (strstr (text, "<board width=\"1200\" height=\"1200\"/>"));
  g_assert_nonnull (strstr (text, "x=\"100\" y=\"63.5\""));
  g_clear_pointer (&saved, g_bytes_unref);
  g_clear_pointer (&text, g_free);

  muster_layout_set_units (cm, MUSTER_UNIT_INCH);
  saved = assert_round_trip (cm);
  text = bytes_to_string (saved);
  g_assert_nonnull (strstr (text, "units=\"in\""));
  g_assert_nonnull (strstr (text, "y=\"2.5\""));
}

static void
test_unit_suffixes (void)
{
  static const struct {
    const char *text;
    double      mm;
  } cases[] = {
    { "12", 12 * 25.4 },
    { "12in", 12 * 25.4 },
    { "12\"", 12 * 25.4 },
    { "12 in", 12 * 25.4 },
    { "30cm", 300 },
    { "30.5cm", 305 },
    { "25mm", 25 },
    { "25 mm", 25 },
    { "-3", -3 * 25.4 },
    { ".5", 12.7 },
    { "1e1mm", 10 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GString) escaped = g_string_new (NULL);
      g_autofree char *doc = NULL;
      g_autoptr(MusterLayout) layout = NULL;
      g_autoptr(GError) error = NULL;
      MusterPiece *piece;

      for (const char *p = cases[i].text; *p != '\0'; p++)
        {
          if (*p == '"')
            g_string_append (escaped, "&quot;");
          else
            g_string_append_c (escaped, *p);
        }

      doc = g_strdup_printf (DOC_HEAD
                             "  <piece id=\"p\" kind=\"model\" owner=\"red\" x=\"%s\" y=\"1\">\n"
                             "    <base shape=\"round\" diameter=\"%s\"/>\n"
                             "  </piece>\n"
                             DOC_TAIL,
                             escaped->str, cases[i].mm > 0 ? escaped->str : "1");
      layout = load_string (doc, &error);
      g_assert_no_error (error);
      piece = muster_layout_lookup_piece (layout, "p");
      g_assert_cmpfloat_with_epsilon (piece->x, cases[i].mm, 1e-9);
      if (cases[i].mm > 0)
        g_assert_cmpfloat_with_epsilon (piece->base.width, cases[i].mm, 1e-9);
      g_bytes_unref (assert_round_trip (layout));
    }
}

/* Any length, in any document units, reads back as the same double. */
static void
test_precision (void)
{
  static const MusterUnit units[] = { MUSTER_UNIT_INCH, MUSTER_UNIT_CM, MUSTER_UNIT_MM };
  MusterBase base = { MUSTER_BASE_RECT, 25, 25 };
  GRand *rand = g_rand_new_with_seed (20260101);

  for (guint u = 0; u < G_N_ELEMENTS (units); u++)
    {
      g_autoptr(MusterLayout) layout = muster_layout_new ("t9a", "encircle", 1828.8, 1219.2);
      g_autoptr(MusterLayout) again = NULL;
      g_autoptr(GBytes) bytes = NULL;
      g_autoptr(GError) error = NULL;

      muster_layout_set_units (layout, units[u]);

      for (guint i = 0; i < 200; i++)
        {
          g_autofree char *id = g_strdup_printf ("p%u", i);
          MusterPiece *piece;

          base.width = g_rand_double_range (rand, 1e-3, 500);
          base.depth = i % 2 ? 25.4 * (i + 1) : 1.0 / (i + 3);
          piece = muster_piece_new (id, MUSTER_PIECE_UNIT, "red", &base,
                                    g_rand_double_range (rand, -2000, 2000),
                                    i % 3 == 0 ? 1e-7 * i : g_rand_double_range (rand, -1, 1));
          piece->rotation = g_rand_double_range (rand, -720, 720);
          g_assert_true (muster_layout_add_piece (layout, piece));
        }

      bytes = muster_layout_to_bytes (layout);
      again = muster_layout_new_from_bytes (bytes, "precision.muster", &error);
      g_assert_no_error (error);

      for (guint i = 0; i < 200; i++)
        {
          MusterPiece *a = g_ptr_array_index (muster_layout_get_pieces (layout), i);
          MusterPiece *b = g_ptr_array_index (muster_layout_get_pieces (again), i);

          /* Exactly, not just within 1e-9 mm. */
          g_assert_cmpfloat (a->x, ==, b->x);
          g_assert_cmpfloat (a->y, ==, b->y);
          g_assert_cmpfloat (a->rotation, ==, b->rotation);
          g_assert_cmpfloat (a->base.width, ==, b->base.width);
          g_assert_cmpfloat (a->base.depth, ==, b->base.depth);
        }

      g_bytes_unref (assert_round_trip (again));
    }

  g_rand_free (rand);
}

static void
test_locale (void)
{
  static const char *locales[] = { "de_DE.UTF-8", "fr_FR.UTF-8", "es_ES.UTF-8", "de_DE", "fr_FR" };
  g_autofree char *old = g_strdup (setlocale (LC_NUMERIC, NULL));
  g_autoptr(MusterLayout) layout = load_path (LAYOUTS_DIR "/full.muster");
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *text = NULL;
  const char *set = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (locales) && set == NULL; i++)
    set = setlocale (LC_NUMERIC, locales[i]);

  if (set == NULL)
    {
      g_test_skip ("no locale with a decimal comma is installed");
      return;
    }

  bytes = assert_round_trip (layout);
  text = bytes_to_string (bytes);
  g_assert_nonnull (strstr (text, "x=\"12.5\""));
  g_assert_nonnull (strstr (text, "rotation=\"-90.25\""));
  setlocale (LC_NUMERIC, old);
}

/* Extensions */

static void
test_extensions (void)
{
  g_autoptr(MusterLayout) layout = load_path (LAYOUTS_DIR "/extensions.muster");
  MusterPiece *u1 = muster_layout_lookup_piece (layout, "u1");
  MusterPlayer *red = muster_layout_lookup_player (layout, "red");
  MusterTerrain *t1 = muster_layout_lookup_terrain (layout, "t1");
  g_autoptr(GBytes) saved = NULL;
  g_autoptr(xmlDoc) doc = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  xmlNode *root;
  xmlNode *thing = NULL;
  gboolean found_roster = FALSE;
  gboolean found_log = FALSE;

  g_assert_nonnull (u1->extensions);
  g_assert_cmpuint (u1->extensions->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (u1->extensions, 0), ==,
                   "<notes:note xmlns:notes=\"https://example.org/muster/notes\">first in</notes:note>");
  g_assert_cmpstr (g_ptr_array_index (u1->extensions, 1), ==,
                   "<x:thing xmlns:x=\"urn:x\" xmlns=\"urn:default\"><inner a=\"1\"/>text<!-- kept --></x:thing>");
  g_assert_nonnull (u1->ext_attrs);
  g_assert_cmpuint (u1->ext_attrs->len, ==, 4);
  g_assert_cmpstr (g_ptr_array_index (u1->ext_attrs, 0), ==, "{urn:example:campaign}hp");
  g_assert_cmpstr (g_ptr_array_index (u1->ext_attrs, 1), ==, "3");
  g_assert_cmpstr (g_ptr_array_index (u1->ext_attrs, 2), ==, "{http://www.w3.org/XML/1998/namespace}lang");
  g_assert_cmpstr (g_ptr_array_index (u1->ext_attrs, 3), ==, "en");

  g_assert_cmpuint (red->extensions->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (red->extensions, 0), ==,
                   "<camp:list xmlns:z=\"urn:z\" xmlns:camp=\"urn:example:campaign\" z:x=\"1\"/>");
  g_assert_cmpstr (g_ptr_array_index (red->ext_attrs, 1), ==, "Orcs");
  g_assert_cmpuint (t1->extensions->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (t1->ext_attrs, 0), ==, "{urn:example:campaign}floors");

  saved = assert_round_trip (layout);
  text = bytes_to_string (saved);
  g_test_message ("%s", text);

  g_assert_nonnull (strstr (text, "xmlns:notes=\"https://example.org/muster/notes\""));
  g_assert_nonnull (strstr (text, "camp:season=\"3\""));
  g_assert_nonnull (strstr (text, "camp:scenario=\"hold\""));
  g_assert_nonnull (strstr (text, "camp:mat=\"desert\""));
  g_assert_nonnull (strstr (text, "camp:hp=\"3\" xml:lang=\"en\""));
  g_assert_nonnull (strstr (text, "<notes:note xmlns:notes=\"https://example.org/muster/notes\">Agreed before the game</notes:note>"));
  g_assert_nonnull (strstr (text, "Knights of “the Rose” &amp; co."));
  g_assert_nonnull (strstr (text, "<camp:roll-log xmlns:camp=\"urn:example:campaign\"><camp:roll die=\"d20\" value=\"17\"/></camp:roll-log>"));

  /* The namespaces still resolve in what was written. */
  doc = muster_xml_parse (saved, "saved.muster", MUSTER_LAYOUT_ERROR, 0, &error);
  g_assert_no_error (error);
  root = xmlDocGetRootElement (doc);
  for (xmlNode *child = root->children; child != NULL; child = child->next)
    {
      if (child->type != XML_ELEMENT_NODE || child->ns == NULL)
        continue;

      g_assert_cmpstr ((const char *) child->ns->href, ==, "urn:example:campaign");
      found_roster |= strcmp ((const char *) child->name, "roster") == 0;
      found_log |= strcmp ((const char *) child->name, "roll-log") == 0;
    }
  g_assert_true (found_roster);
  g_assert_true (found_log);

  for (xmlNode *child = root->children; child != NULL; child = child->next)
    {
      if (muster_xml_is_element (child, "piece"))
        {
          xmlChar *hp = xmlGetNsProp (child, (const xmlChar *) "hp",
                                      (const xmlChar *) "urn:example:campaign");

          for (xmlNode *grand = child->children; grand != NULL; grand = grand->next)
            {
              if (grand->type == XML_ELEMENT_NODE && strcmp ((const char *) grand->name, "thing") == 0)
                thing = grand;
            }

          g_assert_cmpstr ((const char *) hp, ==, "3");
          xmlFree (hp);
        }
    }
  g_assert_nonnull (thing);
  g_assert_cmpstr ((const char *) thing->ns->href, ==, "urn:x");
  g_assert_cmpstr ((const char *) thing->children->name, ==, "inner");
  g_assert_cmpstr ((const char *) thing->children->ns->href, ==, "urn:default");
}

static void
test_extensions_added (void)
{
  g_autoptr(MusterLayout) layout = muster_layout_new ("t9a", "encircle", 1828.8, 1219.2);
  MusterBase base = { MUSTER_BASE_ROUND, 25, 25 };
  MusterPiece *piece = muster_piece_new ("a", MUSTER_PIECE_MODEL, "red", &base, 100, 100);
  g_autoptr(GBytes) saved = NULL;
  g_autofree char *text = NULL;

  piece->ext_attrs = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (piece->ext_attrs, g_strdup ("{urn:new}flag"));
  g_ptr_array_add (piece->ext_attrs, g_strdup ("yes & no"));
  piece->extensions = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (piece->extensions, g_strdup ("<n:memo xmlns:n=\"urn:new\">hello</n:memo>"));
  g_assert_true (muster_layout_add_piece (layout, piece));

  saved = assert_round_trip (layout);
  text = bytes_to_string (saved);
  g_assert_nonnull (strstr (text, "xmlns:ext1=\"urn:new\""));
  g_assert_nonnull (strstr (text, "ext1:flag=\"yes &amp; no\""));
  g_assert_nonnull (strstr (text, "<n:memo xmlns:n=\"urn:new\">hello</n:memo>"));
}

static void
test_roll_log (void)
{
  g_autoptr(MusterLayout) layout = muster_layout_new ("infinity", "standard", 1219.2, 1219.2);
  g_autoptr(MusterLayout) again = NULL;
  g_autoptr(MusterDice) dice = muster_dice_new (42);
  g_autoptr(MusterDice) replayed = NULL;
  g_autoptr(GBytes) saved = NULL;
  g_autoptr(GBytes) cleared = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) lines = NULL;
  g_autofree char *text = NULL;
  g_autofree char *cleared_text = NULL;
  const char * const *kept;
  guint first;

  g_assert_null (muster_layout_get_legacy_roll_log (layout));

  first = muster_dice_roll (dice, 20, "red", "Initiative roll, attempt 1");
  g_assert_true (muster_dice_record (dice, 20, 7, "blue", "Tab\there & <there>", &error));
  g_assert_no_error (error);
  lines = muster_dice_log_to_strv (dice);
  muster_layout_set_legacy_roll_log (layout, (const char * const *) lines);

  /* Kept in its own namespace, escaped, and read back line for line. */
  saved = assert_round_trip (layout);
  text = bytes_to_string (saved);
  g_assert_nonnull (strstr (text, "<rl:roll-log xmlns:rl=\"" MUSTER_LEGACY_ROLL_LOG_NAMESPACE "\">"));
  g_assert_nonnull (strstr (text, "&amp; &lt;there&gt;"));

  again = muster_layout_new_from_bytes (saved, "saved.muster", &error);
  g_assert_no_error (error);
  kept = muster_layout_get_legacy_roll_log (again);
  g_assert_nonnull (kept);
  g_assert_cmpuint (g_strv_length ((char **) kept), ==, 3);
  g_assert_true (g_strv_equal (kept, (const char * const *) lines));

  /* The dice go on from where they were. */
  replayed = muster_dice_new_from_strv (kept, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (muster_dice_get_n_rolls (replayed), ==, 2);
  g_assert_cmpuint (muster_dice_get_roll (replayed, 0)->value, ==, first);
  g_assert_cmpstr (muster_dice_get_roll (replayed, 1)->why, ==, "Tab\there & <there>");
  g_assert_cmpuint (muster_dice_roll (replayed, 20, "red", "again"), ==,
                    muster_dice_roll (dice, 20, "red", "again"));

  /* Read as the log, not kept as a foreign element: written once. */
  g_assert_null (strstr (strstr (text, "</rl:roll-log>"), "<rl:roll-log"));

  /* Cleared: gone from the file. */
  muster_layout_set_legacy_roll_log (again, NULL);
  g_assert_null (muster_layout_get_legacy_roll_log (again));
  cleared = muster_layout_to_bytes (again);
  cleared_text = bytes_to_string (cleared);
  g_assert_null (strstr (cleared_text, "roll-log"));
}

/* The game log of Muster 0.1 (converted by muster-game-legacy.c), as a layout
 * keeps it: in its own namespace, escaped, and read back line for line
 * whatever the lines say, as the roll log is. */
static void
test_game_log (void)
{
  g_autoptr(MusterLayout) layout = muster_layout_new ("ti4", "none", 1524, 1524);
  g_autoptr(MusterLayout) again = NULL;
  g_autoptr(MusterLayout) reopened = NULL;
  g_autoptr(GBytes) saved = NULL;
  g_autoptr(GBytes) cleared = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) seats = NULL;
  g_autofree char *printed = NULL;
  g_autofree char *start = NULL;
  g_autofree char *text = NULL;
  g_autofree char *cleared_text = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  const char *names[] = { "Zoë \"the\" <Admiral>", "Tab\there & there", "l'Ève", "Player\n4", NULL };
  const char * const rolls[] = { "#muster-roll-log\t1\t000000000000002a", NULL };
  const char *lines[] = {
    "#muster-game-log\t1\t0\tti4",
    NULL,
    "ti4-naalu\t2",
    "ti4-pick\tuint32 3",
    "ti4-pass",
    NULL,
  };
  const char * const *kept;

  g_assert_null (muster_layout_get_legacy_game_log (layout));

  /* Written as the Game page writes an action: its parameter printed. */
  seats = g_variant_ref_sink (g_variant_new ("(^asi)", names, 2));
  printed = g_variant_print (seats, TRUE);
  start = g_strdup_printf ("ti4-start-with\t%s", printed);
  lines[1] = start;
  muster_layout_set_legacy_game_log (layout, lines);
  muster_layout_set_legacy_roll_log (layout, rolls);
  kept = muster_layout_get_legacy_game_log (layout);
  g_assert_true (g_strv_equal (kept, lines));
  g_assert_true (kept != (const char * const *) lines);

  /* In its own namespace, after the roll log, escaped. */
  saved = assert_round_trip (layout);
  text = bytes_to_string (saved);
  g_assert_nonnull (strstr (text, "<gl:game-log xmlns:gl=\"" MUSTER_LEGACY_GAME_LOG_NAMESPACE "\">\n"
                                  "#muster-game-log&#9;1&#9;0&#9;ti4\n"));
  g_assert_nonnull (strstr (text, "&amp; there"));
  g_assert_nonnull (strstr (text, "&lt;Admiral&gt;"));
  g_assert_nonnull (strstr (text, "ti4-pass\n  </gl:game-log>\n"));
  g_assert_true (strstr (text, "</rl:roll-log>") < strstr (text, "<gl:game-log"));
  g_assert_null (strstr (strstr (text, "</gl:game-log>"), "<gl:game-log"));

  /* Read back line for line, every parameter as it was. */
  again = muster_layout_new_from_bytes (saved, "saved.muster", &error);
  g_assert_no_error (error);
  kept = muster_layout_get_legacy_game_log (again);
  g_assert_nonnull (kept);
  g_assert_true (g_strv_equal (kept, lines));
  {
    g_autoptr(GVariant) parsed = g_variant_parse (G_VARIANT_TYPE ("(asi)"), strchr (kept[1], '\t') + 1,
                                                  NULL, NULL, &error);

    g_assert_no_error (error);
    g_assert_true (g_variant_equal (parsed, seats));
  }

  /* Saved to a file and opened again. */
  dir = g_dir_make_tmp ("muster-layout-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (dir, "game.muster", NULL);
  file = g_file_new_for_path (path);
  g_assert_true (muster_layout_save (again, file, &error));
  g_assert_no_error (error);
  reopened = muster_layout_new_from_file (file, &error);
  g_assert_no_error (error);
  g_assert_true (g_strv_equal (muster_layout_get_legacy_game_log (reopened), lines));
  g_assert_true (g_strv_equal (muster_layout_get_legacy_roll_log (reopened), rolls));
  g_unlink (path);
  g_rmdir (dir);

  /* Cleared: gone from the file; the roll log stays. */
  muster_layout_set_legacy_game_log (again, NULL);
  g_assert_null (muster_layout_get_legacy_game_log (again));
  cleared = muster_layout_to_bytes (again);
  cleared_text = bytes_to_string (cleared);
  g_assert_null (strstr (cleared_text, "game-log"));
  g_assert_nonnull (strstr (cleared_text, "roll-log"));
  muster_layout_set_legacy_game_log (again, (const char *[]) { NULL });
  g_assert_null (muster_layout_get_legacy_game_log (again));
}

/* A game log that the Game page cannot replay is kept as it is, as a
 * roll log that the dice cannot read is: the page says what is wrong
 * with it. Only the layout format's own rules refuse a file. */
static void
test_game_log_read (void)
{
  static const struct {
    const char  *element;
    const char  *lines[4];       /* the game log read; { NULL }: none */
    const char  *error;          /* or NULL */
  } cases[] = {
    /* Blank lines and the indentation around them go; lines that are
     * not actions stay, with their tabs, CR and LF. */
    { "  <gl:game-log xmlns:gl=\"" MUSTER_LEGACY_GAME_LOG_NAMESPACE "\">\n"
      "    \n#muster-game-log&#9;1&#9;0&#9;t9a\r\nnot an action\n\t\n"
      "t9a-pick-type&#9;'encircle &amp; more'\n</gl:game-log>\n",
      { "#muster-game-log\t1\t0\tt9a", "not an action", "t9a-pick-type\t'encircle & more'", NULL }, NULL },
    /* Text in elements inside it counts; an empty one is no log. */
    { "  <gl:game-log xmlns:gl=\"" MUSTER_LEGACY_GAME_LOG_NAMESPACE "\">keep<gl:x>&#9;'a'</gl:x></gl:game-log>\n",
      { "keep\t'a'", NULL }, NULL },
    { "  <gl:game-log xmlns:gl=\"" MUSTER_LEGACY_GAME_LOG_NAMESPACE "\">\n  </gl:game-log>\n", { NULL }, NULL },
    /* The last of two. */
    { "  <gl:game-log xmlns:gl=\"" MUSTER_LEGACY_GAME_LOG_NAMESPACE "\">a</gl:game-log>\n"
      "  <g:game-log xmlns:g=\"" MUSTER_LEGACY_GAME_LOG_NAMESPACE "\">b</g:game-log>\n", { "b", NULL }, NULL },
    /* Elsewhere, or by another name or namespace: an extension. */
    { "  <gl:game-logs xmlns:gl=\"" MUSTER_LEGACY_GAME_LOG_NAMESPACE "\">a</gl:game-logs>\n", { NULL }, NULL },
    { "  <gl:game-log xmlns:gl=\"urn:other\">a</gl:game-log>\n", { NULL }, NULL },
    { "  <player id=\"green\"><gl:game-log xmlns:gl=\"" MUSTER_LEGACY_GAME_LOG_NAMESPACE "\">a</gl:game-log></player>\n",
      { NULL }, NULL },
    /* In no namespace: not part of the format. */
    { "  <game-log>a</game-log>\n", { NULL },
      "test.muster:7: <game-log> is not part of the layout format; an extension must be in its own XML namespace" },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autofree char *text = g_strconcat (DOC_HEAD, cases[c].element, DOC_TAIL, NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(MusterLayout) layout = NULL;

      g_test_message ("case %u", c);
      layout = load_string (text, &error);
      if (cases[c].error != NULL)
        {
          g_assert_null (layout);
          g_assert_error (error, MUSTER_LAYOUT_ERROR, MUSTER_LAYOUT_ERROR_SCHEMA);
          g_assert_cmpstr (error->message, ==, cases[c].error);
          continue;
        }

      g_assert_no_error (error);
      if (cases[c].lines[0] == NULL)
        g_assert_null (muster_layout_get_legacy_game_log (layout));
      else
        g_assert_true (g_strv_equal (muster_layout_get_legacy_game_log (layout), cases[c].lines));
      g_bytes_unref (assert_round_trip (layout));

      /* The same through libxml2's tree alone. */
      {
        g_autoptr(GBytes) bytes = g_bytes_new (text, strlen (text));
        g_autoptr(MusterLayout) tree = muster_layout_read_bytes (bytes, "test.muster", MUSTER_LAYOUT_READ_TREE,
                                                                 NULL, &error);

        g_assert_no_error (error);
        assert_layouts_equal (layout, tree);
      }
    }
}

/* Saving */

static char *
read_file (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *contents = NULL;

  g_assert_true (g_file_get_contents (path, &contents, NULL, &error));
  g_assert_no_error (error);

  return contents;
}

static void
test_save (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("muster-layout-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "game.muster", NULL);
  g_autofree char *missing = g_build_filename (dir, "missing", "game.muster", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) backup_file = muster_layout_get_backup_file (file, 0);
  g_autofree char *backup = g_file_get_path (backup_file);
  g_autoptr(GFile) missing_file = g_file_new_for_path (missing);
  g_autoptr(MusterLayout) layout = load_path (EXAMPLES_DIR "/t9a-encircle-legal.muster");
  g_autoptr(GBytes) first_bytes = NULL;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  g_autofree char *contents = NULL;
  MusterPiece *piece;

  g_assert_no_error (error);

  /* First save: no old file, so no backup. */
  g_assert_true (muster_layout_save (layout, file, &error));
  g_assert_no_error (error);
  g_assert_false (g_file_test (backup, G_FILE_TEST_EXISTS));
  first_bytes = muster_layout_to_bytes (layout);
  first = bytes_to_string (first_bytes);
  contents = read_file (path);
  g_assert_cmpstr (contents, ==, first);
  g_clear_pointer (&contents, g_free);

  /* Second save: the first becomes the backup. */
  piece = g_ptr_array_index (muster_layout_get_pieces (layout), 0);
  muster_layout_move_piece (layout, piece, piece->x + 25.4, piece->y, 90);
  g_assert_true (muster_layout_save (layout, file, &error));
  g_assert_no_error (error);
  second = read_file (path);
  g_assert_cmpstr (second, !=, first);
  contents = read_file (backup);
  g_assert_cmpstr (contents, ==, first);
  g_clear_pointer (&contents, g_free);

  /* A directory that is not there: an error that names the file, and
   * nothing written. */
  g_assert_false (muster_layout_save (layout, missing_file, &error));
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, missing));
  g_clear_error (&error);
  g_assert_false (g_file_test (missing, G_FILE_TEST_EXISTS));

  /* Something that would not read back is never written. */
  {
    MusterPiece *p = g_ptr_array_index (muster_layout_get_pieces (layout), 1);
    const char *owner = p->owner;

    p->owner = g_intern_static_string ("ghost");
    g_assert_false (muster_layout_save (layout, file, &error));
    g_assert_error (error, MUSTER_LAYOUT_ERROR, MUSTER_LAYOUT_ERROR_INVALID);
    g_test_message ("%s", error->message);
    g_assert_nonnull (strstr (error->message, path));
    g_assert_nonnull (strstr (error->message, "ghost"));
    g_clear_error (&error);
    contents = read_file (path);
    g_assert_cmpstr (contents, ==, second);
    g_clear_pointer (&contents, g_free);
    contents = read_file (backup);
    g_assert_cmpstr (contents, ==, first);
    g_clear_pointer (&contents, g_free);

    p->owner = owner;
  }

  /* A read-only directory: the old file stays as it was. Root ignores
   * permissions, so only for other users. */
  if (geteuid () != 0)
    {
      muster_layout_move_piece (layout, piece, piece->x + 25.4, piece->y, 0);
      g_assert_cmpint (g_chmod (dir, 0555), ==, 0);
      g_assert_false (muster_layout_save (layout, file, &error));
      g_assert_nonnull (error);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, path));
      g_clear_error (&error);
      g_assert_cmpint (g_chmod (dir, 0755), ==, 0);
      contents = read_file (path);
      g_assert_cmpstr (contents, ==, second);
      g_clear_pointer (&contents, g_free);
    }
  else
    g_test_message ("running as root: the read-only directory check is skipped");

  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_remove (backup), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/layout/new", test_new);
  g_test_add_func ("/core/layout/kinds", test_kinds);
  g_test_add_func ("/core/layout/piece", test_piece);
  g_test_add_func ("/core/layout/terrain", test_terrain);
  g_test_add_func ("/core/layout/make-id", test_make_id);
  g_test_add_func ("/core/layout/rename", test_rename);
  g_test_add_func ("/core/layout/signals", test_signals);
  g_test_add_func ("/core/layout/examples", test_examples);
  g_test_add_func ("/core/layout/example-values", test_example_values);
  g_test_add_func ("/core/layout/full", test_full);
  g_test_add_func ("/core/layout/round-trip", test_round_trip_examples);
  g_test_add_func ("/core/layout/round-trip-files", test_round_trip_files);
  g_test_add_func ("/core/layout/units", test_units);
  g_test_add_func ("/core/layout/unit-suffixes", test_unit_suffixes);
  g_test_add_func ("/core/layout/precision", test_precision);
  g_test_add_func ("/core/layout/locale", test_locale);
  g_test_add_func ("/core/layout/extensions", test_extensions);
  g_test_add_func ("/core/layout/extensions-added", test_extensions_added);
  g_test_add_func ("/core/layout/roll-log", test_roll_log);
  g_test_add_func ("/core/layout/game-log", test_game_log);
  g_test_add_func ("/core/layout/game-log-read", test_game_log_read);
  g_test_add_func ("/core/layout/save", test_save);
  g_test_add_func ("/core/layout/save-write-error", test_save_write_error);

  return g_test_run ();
}
