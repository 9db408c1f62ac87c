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

/* Helpers */

static MusterLayout *
load_string (const char  *text,
             GError     **error)
{
  g_autoptr(GBytes) bytes = g_bytes_new (text, strlen (text));

  return muster_layout_new_from_bytes (bytes, "test.muster", error);
}

static MusterLayout *
load_path (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  MusterLayout *layout;

  layout = muster_layout_new_from_file (file, &error);
  g_assert_no_error (error);
  g_assert_nonnull (layout);

  return layout;
}

static char *
bytes_to_string (GBytes *bytes)
{
  gsize size;
  const char *data = g_bytes_get_data (bytes, &size);

  return g_strndup (data, size);
}

static GPtrArray *
list_examples (void)
{
  g_autoptr(GDir) dir = NULL;
  g_autoptr(GError) error = NULL;
  GPtrArray *paths = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  dir = g_dir_open (EXAMPLES_DIR, 0, &error);
  g_assert_no_error (error);

  while ((name = g_dir_read_name (dir)) != NULL)
    {
      if (g_str_has_suffix (name, ".muster"))
        g_ptr_array_add (paths, g_build_filename (EXAMPLES_DIR, name, NULL));
    }

  g_ptr_array_sort (paths, (GCompareFunc) g_strcmp0);

  return paths;
}

static void
assert_strv_equal (char **a,
                   char **b)
{
  if (a == NULL || b == NULL)
    {
      g_assert_true (a == b);
      return;
    }

  g_assert_true (g_strv_equal ((const char * const *) a, (const char * const *) b));
}

static void
assert_strings_equal (GPtrArray *a,
                      GPtrArray *b)
{
  guint len_a = a != NULL ? a->len : 0;
  guint len_b = b != NULL ? b->len : 0;

  g_assert_cmpuint (len_a, ==, len_b);
  for (guint i = 0; i < len_a; i++)
    g_assert_cmpstr (g_ptr_array_index (a, i), ==, g_ptr_array_index (b, i));
}

#define assert_length_equal(a, b) g_assert_cmpfloat_with_epsilon ((a), (b), 1e-9)

static void
assert_layouts_equal (MusterLayout *a,
                      MusterLayout *b)
{
  GHashTable *options_a = muster_layout_get_options (a);
  GHashTable *options_b = muster_layout_get_options (b);
  GHashTableIter iter;
  gpointer key, value;
  GPtrArray *list_a, *list_b;

  g_assert_cmpstr (muster_layout_get_system_id (a), ==, muster_layout_get_system_id (b));
  g_assert_cmpstr (muster_layout_get_deployment_id (a), ==, muster_layout_get_deployment_id (b));
  g_assert_cmpint (muster_layout_get_units (a), ==, muster_layout_get_units (b));
  assert_length_equal (muster_layout_get_width (a), muster_layout_get_width (b));
  assert_length_equal (muster_layout_get_height (a), muster_layout_get_height (b));

  g_assert_cmpuint (g_hash_table_size (options_a), ==, g_hash_table_size (options_b));
  g_hash_table_iter_init (&iter, options_a);
  while (g_hash_table_iter_next (&iter, &key, &value))
    g_assert_cmpstr (value, ==, g_hash_table_lookup (options_b, key));

  list_a = muster_layout_get_players (a);
  list_b = muster_layout_get_players (b);
  g_assert_cmpuint (list_a->len, ==, list_b->len);
  for (guint i = 0; i < list_a->len; i++)
    {
      MusterPlayer *pa = g_ptr_array_index (list_a, i);
      MusterPlayer *pb = g_ptr_array_index (list_b, i);

      g_assert_cmpstr (pa->id, ==, pb->id);
      g_assert_cmpstr (pa->name, ==, pb->name);
      g_assert_cmpstr (pa->zone, ==, pb->zone);
      g_assert_cmpstr (pa->role, ==, pb->role);
      g_assert_cmpstr (pa->short_edge, ==, pb->short_edge);
      assert_strings_equal (pa->extensions, pb->extensions);
      assert_strings_equal (pa->ext_attrs, pb->ext_attrs);
    }

  list_a = muster_layout_get_pieces (a);
  list_b = muster_layout_get_pieces (b);
  g_assert_cmpuint (list_a->len, ==, list_b->len);
  for (guint i = 0; i < list_a->len; i++)
    {
      MusterPiece *pa = g_ptr_array_index (list_a, i);
      MusterPiece *pb = g_ptr_array_index (list_b, i);

      g_assert_cmpstr (pa->id, ==, pb->id);
      g_assert_cmpstr (pa->name, ==, pb->name);
      g_assert_cmpint (pa->kind, ==, pb->kind);
      g_assert_cmpstr (pa->owner, ==, pb->owner);
      assert_length_equal (pa->x, pb->x);
      assert_length_equal (pa->y, pb->y);
      assert_length_equal (pa->rotation, pb->rotation);
      g_assert_cmpint (pa->base.shape, ==, pb->base.shape);
      assert_length_equal (pa->base.width, pb->base.width);
      assert_length_equal (pa->base.depth, pb->base.depth);
      g_assert_cmpuint (pa->turn, ==, pb->turn);
      assert_strv_equal (pa->categories, pb->categories);
      assert_strv_equal (pa->skills, pb->skills);
      g_assert_cmpint (pa->prone, ==, pb->prone);
      g_assert_cmpint (pa->lieutenant, ==, pb->lieutenant);
      assert_strings_equal (pa->extensions, pb->extensions);
      assert_strings_equal (pa->ext_attrs, pb->ext_attrs);
    }

  list_a = muster_layout_get_terrain (a);
  list_b = muster_layout_get_terrain (b);
  g_assert_cmpuint (list_a->len, ==, list_b->len);
  for (guint i = 0; i < list_a->len; i++)
    {
      MusterTerrain *ta = g_ptr_array_index (list_a, i);
      MusterTerrain *tb = g_ptr_array_index (list_b, i);

      g_assert_cmpstr (ta->id, ==, tb->id);
      g_assert_cmpstr (ta->name, ==, tb->name);
      g_assert_cmpint (ta->kind, ==, tb->kind);
      g_assert_cmpint (ta->blocks_lof, ==, tb->blocks_lof);
      g_assert_cmpuint (ta->n_points, ==, tb->n_points);
      for (guint j = 0; j < ta->n_points; j++)
        {
          assert_length_equal (ta->points[j].x, tb->points[j].x);
          assert_length_equal (ta->points[j].y, tb->points[j].y);
        }
      assert_strings_equal (ta->extensions, tb->extensions);
      assert_strings_equal (ta->ext_attrs, tb->ext_attrs);
    }

  assert_strv_equal ((char **) muster_layout_get_legacy_roll_log (a), (char **) muster_layout_get_legacy_roll_log (b));
  assert_strv_equal ((char **) muster_layout_get_legacy_game_log (a), (char **) muster_layout_get_legacy_game_log (b));
}

/* Loads bytes, saves, loads the result, saves again: the two layouts must
 * be equal and the two saves byte for byte the same. Returns the first
 * save. */
static GBytes *
assert_round_trip (MusterLayout *layout)
{
  g_autoptr(MusterLayout) again = NULL;
  g_autoptr(GBytes) second = NULL;
  g_autoptr(GError) error = NULL;
  GBytes *first;

  first = muster_layout_to_bytes (layout);
  again = muster_layout_new_from_bytes (first, "saved.muster", &error);
  g_assert_no_error (error);
  g_assert_nonnull (again);

  assert_layouts_equal (layout, again);

  second = muster_layout_to_bytes (again);
  g_assert_true (g_bytes_equal (first, second));

  return first;
}

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

#define DOC_HEAD \
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" \
  "<muster-layout version=\"1\" units=\"in\">\n" \
  "  <game system=\"t9a\" deployment=\"encircle\"/>\n" \
  "  <board width=\"72\" height=\"48\"/>\n" \
  "  <player id=\"red\" name=\"Red\" zone=\"south\"/>\n" \
  "  <player id=\"blue\" name=\"Blue\" zone=\"north\"/>\n"
#define DOC_TAIL "</muster-layout>\n"

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

/* Refused input */

typedef struct
{
  const char *name;
  const char *document;   /* NULL: DOC_HEAD, body, DOC_TAIL */
  const char *body;       /* starts on line 7 */
  int         code;
  int         line;       /* 0: any */
  const char *needle;     /* in the message */
} BadCase;

#define PIECE_AT_7 \
  "  <piece id=\"u1\" kind=\"unit\" owner=\"red\" x=\"12\" y=\"40\">\n" \
  "    <base shape=\"rect\" width=\"100mm\" depth=\"80mm\"/>\n" \
  "  </piece>\n"

static const BadCase bad_cases[] = {
  { "nan-x", NULL,
    "  <piece id=\"p\" kind=\"model\" owner=\"red\" x=\"nan\" y=\"1\">\n"
    "    <base shape=\"round\" diameter=\"25mm\"/>\n"
    "  </piece>\n",
    MUSTER_LAYOUT_ERROR_INVALID, 7, "x" },
  { "inf-y", NULL,
    "\n"
    "  <piece id=\"p\" kind=\"model\" owner=\"red\" x=\"1\" y=\"inf\">\n"
    "    <base shape=\"round\" diameter=\"25mm\"/>\n"
    "  </piece>\n",
    MUSTER_LAYOUT_ERROR_INVALID, 8, "y" },
  { "huge-x", NULL,
    "  <piece id=\"p\" kind=\"model\" owner=\"red\" x=\"1e999\" y=\"1\">\n"
    "    <base shape=\"round\" diameter=\"25mm\"/>\n"
    "  </piece>\n",
    MUSTER_LAYOUT_ERROR_INVALID, 7, "too large" },
  { "far-x", NULL,
    "  <piece id=\"p\" kind=\"model\" owner=\"red\" x=\"1e9\" y=\"1\">\n"
    "    <base shape=\"round\" diameter=\"25mm\"/>\n"
    "  </piece>\n",
    MUSTER_LAYOUT_ERROR_INVALID, 7, "too large" },
  { "nan-rotation", NULL,
    PIECE_AT_7
    "  <piece id=\"p\" kind=\"model\" owner=\"red\" x=\"1\" y=\"1\" rotation=\"nan\">\n"
    "    <base shape=\"round\" diameter=\"25mm\"/>\n"
    "  </piece>\n",
    MUSTER_LAYOUT_ERROR_INVALID, 10, "rotation" },
  { "inf-rotation", NULL,
    "  <piece id=\"p\" kind=\"model\" owner=\"red\" x=\"1\" y=\"1\" rotation=\"1e999\">\n"
    "    <base shape=\"round\" diameter=\"25mm\"/>\n"
    "  </piece>\n",
    MUSTER_LAYOUT_ERROR_INVALID, 7, "finite" },
  { "text-rotation", NULL,
    "  <piece id=\"p\" kind=\"model\" owner=\"red\" x=\"1\" y=\"1\" rotation=\"north\">\n"
    "    <base shape=\"round\" diameter=\"25mm\"/>\n"
    "  </piece>\n",
    MUSTER_LAYOUT_ERROR_INVALID, 7, "rotation" },
  { "negative-diameter", NULL,
    "  <piece id=\"p\" kind=\"model\" owner=\"red\" x=\"1\" y=\"1\">\n"
    "    <base shape=\"round\" diameter=\"-25mm\"/>\n"
    "  </piece>\n",
    MUSTER_LAYOUT_ERROR_INVALID, 8, "greater than zero" },
  { "zero-width", NULL,
    PIECE_AT_7
    "  <piece id=\"p\" kind=\"unit\" owner=\"red\" x=\"1\" y=\"1\">\n"
    "    <base shape=\"rect\" width=\"0\" depth=\"20mm\"/>\n"
    "  </piece>\n",
    MUSTER_LAYOUT_ERROR_INVALID, 11, "width" },
  { "zero-depth", NULL,
    "  <piece id=\"p\" kind=\"unit\" owner=\"red\" x=\"1\" y=\"1\">\n"
    "    <base shape=\"oval\" width=\"20mm\" depth=\"0mm\"/>\n"
    "  </piece>\n",
    MUSTER_LAYOUT_ERROR_INVALID, 8, "depth" },
  { "nan-diameter", NULL,
    "  <piece id=\"p\" kind=\"unit\" owner=\"red\" x=\"1\" y=\"1\">\n"
    "    <base shape=\"round\" diameter=\"NaN\"/>\n"
    "  </piece>\n",
    MUSTER_LAYOUT_ERROR_INVALID, 8, "diameter" },
  { "zero-board",
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<muster-layout version=\"1\" units=\"in\">\n"
    "  <game system=\"t9a\" deployment=\"encircle\"/>\n"
    "  <board width=\"0\" height=\"48\"/>\n"
    "</muster-layout>\n",
    NULL, MUSTER_LAYOUT_ERROR_INVALID, 4, "width" },
  { "negative-board",
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<muster-layout version=\"1\" units=\"in\">\n"
    "  <game system=\"t9a\" deployment=\"encircle\"/>\n"
    "\n"
    "  <board width=\"72\" height=\"-48\"/>\n"
    "</muster-layout>\n",
    NULL, MUSTER_LAYOUT_ERROR_INVALID, 5, "height" },
  { "nan-board",
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<muster-layout version=\"1\" units=\"in\">\n"
    "  <game system=\"t9a\" deployment=\"encircle\"/>\n"
    "  <board width=\"nan\" height=\"48\"/>\n"
    "</muster-layout>\n",
    NULL, MUSTER_LAYOUT_ERROR_INVALID, 4, "width" },
  { "unknown-units",
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<muster-layout version=\"1\"\n"
    "               units=\"furlong\">\n"
    "  <game system=\"t9a\" deployment=\"encircle\"/>\n"
    "  <board width=\"72\" height=\"48\"/>\n"
    "</muster-layout>\n",
    /* libxml2 gives an element the line where its start tag ends. */
    NULL, MUSTER_LAYOUT_ERROR_INVALID, 3, "furlong" },
  { "unknown-suffix", NULL,
    "  <piece id=\"p\" kind=\"model\" owner=\"red\" x=\"3ft\" y=\"1\">\n"
    "    <base shape=\"round\" diameter=\"25mm\"/>\n"
    "  </piece>\n",
    MUSTER_LAYOUT_ERROR_INVALID, 7, "ft" },
  { "unknown-suffix-board",
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<muster-layout version=\"1\" units=\"in\">\n"
    "  <game system=\"t9a\" deployment=\"encircle\"/>\n"
    "  <board width=\"6ft\" height=\"48\"/>\n"
    "</muster-layout>\n",
    NULL, MUSTER_LAYOUT_ERROR_INVALID, 4, "ft" },
  { "unknown-shape", NULL,
    PIECE_AT_7
    "  <piece id=\"p\" kind=\"model\" owner=\"red\" x=\"1\" y=\"1\">\n"
    "    <base shape=\"hexagon\" diameter=\"25mm\"/>\n"
    "  </piece>\n",
    MUSTER_LAYOUT_ERROR_INVALID, 11, "hexagon" },
  { "round-with-width", NULL,
    "  <piece id=\"p\" kind=\"model\" owner=\"red\" x=\"1\" y=\"1\">\n"
    "    <base shape=\"round\" width=\"25mm\"/>\n"
    "  </piece>\n",
    MUSTER_LAYOUT_ERROR_INVALID, 8, "diameter" },
  { "rect-without-depth", NULL,
    "  <piece id=\"p\" kind=\"model\" owner=\"red\" x=\"1\" y=\"1\">\n"
    "    <base shape=\"rect\" width=\"25mm\"/>\n"
    "  </piece>\n",
    MUSTER_LAYOUT_ERROR_INVALID, 8, "depth" },
  { "rect-with-diameter", NULL,
    "  <piece id=\"p\" kind=\"model\" owner=\"red\" x=\"1\" y=\"1\">\n"
    "    <base shape=\"rect\" width=\"25mm\" depth=\"25mm\" diameter=\"25mm\"/>\n"
    "  </piece>\n",
    MUSTER_LAYOUT_ERROR_INVALID, 8, "diameter" },
  { "base-missing", NULL,
    PIECE_AT_7
    "  <piece id=\"p\" kind=\"model\" owner=\"red\" x=\"1\" y=\"1\">\n"
    "  </piece>\n",
    MUSTER_LAYOUT_ERROR_INVALID, 10, "base" },
  { "base-missing-empty", NULL,
    "  <piece id=\"p\" kind=\"model\" owner=\"red\" x=\"1\" y=\"1\"/>\n",
    MUSTER_LAYOUT_ERROR_INVALID, 7, "base" },
  { "two-bases", NULL,
    "  <piece id=\"p\" kind=\"model\" owner=\"red\" x=\"1\" y=\"1\">\n"
    "    <base shape=\"round\" diameter=\"25mm\"/>\n"
    "    <base shape=\"round\" diameter=\"40mm\"/>\n"
    "  </piece>\n",
    MUSTER_LAYOUT_ERROR_SCHEMA, 9, "base" },
  { "duplicate-piece-id", NULL,
    PIECE_AT_7
    "  <piece id=\"u1\" kind=\"unit\" owner=\"blue\" x=\"12\" y=\"4\">\n"
    "    <base shape=\"rect\" width=\"100mm\" depth=\"80mm\"/>\n"
    "  </piece>\n",
    MUSTER_LAYOUT_ERROR_INVALID, 10, "line 7" },
  { "duplicate-terrain-id", NULL,
    "  <terrain id=\"t1\" kind=\"area\" points=\"1,1 2,1 2,2\"/>\n"
    "  <terrain id=\"t1\" kind=\"area\" points=\"1,1 2,1 2,2\"/>\n",
    MUSTER_LAYOUT_ERROR_INVALID, 8, "t1" },
  { "piece-and-terrain-share-ids", NULL,
    PIECE_AT_7
    "  <terrain id=\"u1\" kind=\"area\" points=\"1,1 2,1 2,2\"/>\n",
    MUSTER_LAYOUT_ERROR_INVALID, 10, "u1" },
  { "owner-not-a-player", NULL,
    PIECE_AT_7
    "  <piece id=\"p\" kind=\"model\" owner=\"green\" x=\"1\" y=\"1\">\n"
    "    <base shape=\"round\" diameter=\"25mm\"/>\n"
    "  </piece>\n",
    MUSTER_LAYOUT_ERROR_INVALID, 10, "green" },
  { "owner-missing", NULL,
    "  <piece id=\"p\" kind=\"unit\" x=\"1\" y=\"1\">\n"
    "    <base shape=\"round\" diameter=\"25mm\"/>\n"
    "  </piece>\n",
    MUSTER_LAYOUT_ERROR_INVALID, 7, "owner" },
  { "duplicate-player", NULL,
    PIECE_AT_7
    "  <player id=\"red\" name=\"Another\"/>\n",
    MUSTER_LAYOUT_ERROR_INVALID, 10, "line 5" },
  { "player-called-neutral", NULL,
    "  <player id=\"neutral\" name=\"Nobody\"/>\n",
    MUSTER_LAYOUT_ERROR_INVALID, 7, "neutral" },
  { "bad-role", NULL,
    "  <player id=\"green\" role=\"pirate\"/>\n",
    MUSTER_LAYOUT_ERROR_INVALID, 7, "pirate" },
  { "bad-short-edge", NULL,
    "  <player id=\"green\" short-edge=\"top\"/>\n",
    MUSTER_LAYOUT_ERROR_INVALID, 7, "short-edge" },
  { "terrain-two-points", NULL,
    PIECE_AT_7
    "  <terrain id=\"t1\" kind=\"impassable\" points=\"1,1 2,2\"/>\n",
    MUSTER_LAYOUT_ERROR_INVALID, 10, "three points" },
  { "terrain-no-points", NULL,
    "  <terrain id=\"t1\" kind=\"impassable\" points=\"  \"/>\n",
    MUSTER_LAYOUT_ERROR_INVALID, 7, "three points" },
  { "terrain-bad-point", NULL,
    "  <terrain id=\"t1\" kind=\"impassable\" points=\"1,1 2;2 3,1\"/>\n",
    MUSTER_LAYOUT_ERROR_INVALID, 7, "2;2" },
  { "terrain-three-numbers", NULL,
    "  <terrain id=\"t1\" kind=\"impassable\" points=\"1,1,1 2,2 3,1\"/>\n",
    MUSTER_LAYOUT_ERROR_INVALID, 7, "1,1,1" },
  { "terrain-not-numbers", NULL,
    "  <terrain id=\"t1\" kind=\"impassable\" points=\"a,b 2,2 3,1\"/>\n",
    MUSTER_LAYOUT_ERROR_INVALID, 7, "points" },
  { "terrain-nan", NULL,
    "  <terrain id=\"t1\" kind=\"impassable\" points=\"nan,1 2,2 3,1\"/>\n",
    MUSTER_LAYOUT_ERROR_INVALID, 7, "points" },
  { "terrain-crossing", NULL,
    "  <terrain id=\"t1\" kind=\"area\" points=\"0,0 2,2 2,0 0,2\"/>\n",
    MUSTER_LAYOUT_ERROR_INVALID, 7, "t1" },
  { "terrain-flat", NULL,
    "  <terrain id=\"t1\" kind=\"area\" points=\"0,0 1,1 2,2\"/>\n",
    MUSTER_LAYOUT_ERROR_INVALID, 7, "t1" },
  { "terrain-kind", NULL,
    "  <terrain id=\"t1\" kind=\"forest\" points=\"0,0 1,0 1,1\"/>\n",
    MUSTER_LAYOUT_ERROR_INVALID, 7, "forest" },
  { "piece-kind", NULL,
    "  <piece id=\"p\" kind=\"hero\" owner=\"red\" x=\"1\" y=\"1\">\n"
    "    <base shape=\"round\" diameter=\"25mm\"/>\n"
    "  </piece>\n",
    MUSTER_LAYOUT_ERROR_INVALID, 7, "hero" },
  { "bad-turn", NULL,
    "  <piece id=\"p\" kind=\"model\" owner=\"red\" x=\"1\" y=\"1\" turn=\"-1\">\n"
    "    <base shape=\"round\" diameter=\"25mm\"/>\n"
    "  </piece>\n",
    MUSTER_LAYOUT_ERROR_INVALID, 7, "turn" },
  { "bad-boolean", NULL,
    "  <piece id=\"p\" kind=\"model\" owner=\"red\" x=\"1\" y=\"1\" prone=\"yes\">\n"
    "    <base shape=\"round\" diameter=\"25mm\"/>\n"
    "  </piece>\n",
    MUSTER_LAYOUT_ERROR_INVALID, 7, "prone" },
  { "id-with-space", NULL,
    "  <piece id=\"a b\" kind=\"model\" owner=\"red\" x=\"1\" y=\"1\">\n"
    "    <base shape=\"round\" diameter=\"25mm\"/>\n"
    "  </piece>\n",
    MUSTER_LAYOUT_ERROR_INVALID, 7, "a b" },
  { "empty-id", NULL,
    "  <terrain id=\"\" kind=\"area\" points=\"0,0 1,0 1,1\"/>\n",
    MUSTER_LAYOUT_ERROR_INVALID, 7, "id" },
  { "duplicate-option",
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<muster-layout version=\"1\" units=\"in\">\n"
    "  <game system=\"t9a\" deployment=\"refused-flank\">\n"
    "    <option name=\"diagonal\" value=\"nw-se\"/>\n"
    "    <option name=\"diagonal\" value=\"ne-sw\"/>\n"
    "  </game>\n"
    "  <board width=\"72\" height=\"48\"/>\n"
    "</muster-layout>\n",
    NULL, MUSTER_LAYOUT_ERROR_INVALID, 5, "diagonal" },
  { "unknown-element", NULL,
    PIECE_AT_7
    "  <roster/>\n",
    MUSTER_LAYOUT_ERROR_SCHEMA, 10, "roster" },
  { "unknown-attribute", NULL,
    PIECE_AT_7
    "  <piece id=\"p\" kind=\"model\" owner=\"red\" x=\"1\" y=\"1\" colour=\"red\">\n"
    "    <base shape=\"round\" diameter=\"25mm\"/>\n"
    "  </piece>\n",
    MUSTER_LAYOUT_ERROR_SCHEMA, 10, "colour" },
  { "missing-attribute", NULL,
    PIECE_AT_7
    "  <piece id=\"p\" kind=\"model\" owner=\"red\" x=\"1\">\n"
    "    <base shape=\"round\" diameter=\"25mm\"/>\n"
    "  </piece>\n",
    MUSTER_LAYOUT_ERROR_SCHEMA, 10, "“y”" },
  { "text-in-piece", NULL,
    "  <piece id=\"p\" kind=\"model\" owner=\"red\" x=\"1\" y=\"1\">\n"
    "    <base shape=\"round\" diameter=\"25mm\"/>\n"
    "    hello\n"
    "  </piece>\n",
    MUSTER_LAYOUT_ERROR_SCHEMA, 7, "text" },
  { "extension-attribute-on-base", NULL,
    "  <piece id=\"p\" kind=\"model\" owner=\"red\" x=\"1\" y=\"1\" xmlns:x=\"urn:x\">\n"
    "    <base shape=\"round\" diameter=\"25mm\" x:colour=\"red\"/>\n"
    "  </piece>\n",
    MUSTER_LAYOUT_ERROR_SCHEMA, 8, "extension" },
  { "extension-in-base", NULL,
    "  <piece id=\"p\" kind=\"model\" owner=\"red\" x=\"1\" y=\"1\" xmlns:x=\"urn:x\">\n"
    "    <base shape=\"round\" diameter=\"25mm\">\n"
    "      <x:paint/>\n"
    "    </base>\n"
    "  </piece>\n",
    MUSTER_LAYOUT_ERROR_SCHEMA, 9, "paint" },
  { "two-boards",
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<muster-layout version=\"1\" units=\"in\">\n"
    "  <game system=\"t9a\" deployment=\"encircle\"/>\n"
    "  <board width=\"72\" height=\"48\"/>\n"
    "  <board width=\"48\" height=\"48\"/>\n"
    "</muster-layout>\n",
    NULL, MUSTER_LAYOUT_ERROR_SCHEMA, 5, "board" },
  { "two-games",
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<muster-layout version=\"1\" units=\"in\">\n"
    "  <game system=\"t9a\" deployment=\"encircle\"/>\n"
    "  <board width=\"72\" height=\"48\"/>\n"
    "  <game system=\"infinity\" deployment=\"standard\"/>\n"
    "</muster-layout>\n",
    NULL, MUSTER_LAYOUT_ERROR_SCHEMA, 5, "game" },
  { "no-game",
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<muster-layout version=\"1\" units=\"in\">\n"
    "  <board width=\"72\" height=\"48\"/>\n"
    "</muster-layout>\n",
    NULL, MUSTER_LAYOUT_ERROR_SCHEMA, 2, "game" },
  { "no-board",
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<muster-layout version=\"1\" units=\"in\">\n"
    "  <game system=\"t9a\" deployment=\"encircle\"/>\n"
    "</muster-layout>\n",
    NULL, MUSTER_LAYOUT_ERROR_SCHEMA, 2, "board" },
  { "no-version",
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<muster-layout units=\"in\">\n"
    "  <game system=\"t9a\" deployment=\"encircle\"/>\n"
    "  <board width=\"72\" height=\"48\"/>\n"
    "</muster-layout>\n",
    NULL, MUSTER_LAYOUT_ERROR_SCHEMA, 2, "version" },
  { "version-zero",
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<muster-layout version=\"0\" units=\"in\">\n"
    "  <game system=\"t9a\" deployment=\"encircle\"/>\n"
    "  <board width=\"72\" height=\"48\"/>\n"
    "</muster-layout>\n",
    NULL, MUSTER_LAYOUT_ERROR_SCHEMA, 2, "version" },
  { "version-text",
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<muster-layout version=\"one\" units=\"in\">\n"
    "  <game system=\"t9a\" deployment=\"encircle\"/>\n"
    "  <board width=\"72\" height=\"48\"/>\n"
    "</muster-layout>\n",
    NULL, MUSTER_LAYOUT_ERROR_SCHEMA, 2, "version" },
  { "not-a-layout",
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "\n"
    "<layout version=\"1\"/>\n",
    NULL, MUSTER_LAYOUT_ERROR_SCHEMA, 3, "not a Muster layout" },
  { "layout-in-a-namespace",
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<muster-layout xmlns=\"urn:muster\" version=\"1\"/>\n",
    NULL, MUSTER_LAYOUT_ERROR_SCHEMA, 2, "not a Muster layout" },
  { "not-well-formed", NULL,
    "  <piece id=\"p\" kind=\"model\" owner=\"red\" x=\"1\" y=\"1\">\n"
    "    <base shape=\"round\" diameter=\"25mm\">\n"
    "  </piece>\n",
    MUSTER_LAYOUT_ERROR_PARSE, 9, "" },
  { "dtd",
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<!DOCTYPE muster-layout [ <!ENTITY w \"72\"> ]>\n"
    "<muster-layout version=\"1\" units=\"in\">\n"
    "  <game system=\"t9a\" deployment=\"encircle\"/>\n"
    "  <board width=\"&w;\" height=\"48\"/>\n"
    "</muster-layout>\n",
    /* libxml2 keeps no line for a DTD: any line will do. */
    NULL, MUSTER_LAYOUT_ERROR_PARSE, 0, "document type" },
  { "empty", "", NULL, MUSTER_LAYOUT_ERROR_PARSE, 1, "empty" },
};

static void
test_bad (gconstpointer data)
{
  const BadCase *bad = data;
  g_autoptr(MusterLayout) layout = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *document = NULL;
  g_autofree char *prefix = NULL;

  if (bad->document != NULL)
    document = g_strdup (bad->document);
  else
    document = g_strconcat (DOC_HEAD, bad->body, DOC_TAIL, NULL);

  layout = load_string (document, &error);
  g_assert_null (layout);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_error (error, MUSTER_LAYOUT_ERROR, bad->code);

  if (bad->line > 0)
    prefix = g_strdup_printf ("test.muster:%d: ", bad->line);
  else
    prefix = g_strdup ("test.muster:");
  g_assert_true (g_str_has_prefix (error->message, prefix));
  g_assert_nonnull (strstr (error->message, bad->needle));
}

static void
test_bad_files (void)
{
  static const struct {
    const char *name;
    int         code;
    int         line;
  } files[] = {
    { "newer-version.muster", MUSTER_LAYOUT_ERROR_VERSION, 2 },
    { "bad-owner.muster", MUSTER_LAYOUT_ERROR_INVALID, 7 },
    { "not-a-layout.muster", MUSTER_LAYOUT_ERROR_SCHEMA, 2 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *path = g_build_filename (LAYOUTS_DIR, files[i].name, NULL);
      g_autofree char *prefix = g_strdup_printf ("%s:%d: ", path, files[i].line);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(MusterLayout) layout = NULL;
      g_autoptr(GError) error = NULL;

      layout = muster_layout_new_from_file (file, &error);
      g_assert_null (layout);
      g_assert_error (error, MUSTER_LAYOUT_ERROR, files[i].code);
      g_assert_true (g_str_has_prefix (error->message, prefix));
    }
}

static void
test_newer_version (void)
{
  static const char *versions[] = { "2", "10", "02", "99999999999999999999999999" };

  for (guint i = 0; i < G_N_ELEMENTS (versions); i++)
    {
      g_autofree char *document = NULL;
      g_autofree char *expected = NULL;
      g_autoptr(MusterLayout) layout = NULL;
      g_autoptr(GError) error = NULL;
      const char *number = versions[i][0] == '0' ? versions[i] + 1 : versions[i];

      /* Newer files may hold what this version does not know. */
      document = g_strdup_printf ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                                  "<muster-layout version=\"%s\" units=\"in\">\n"
                                  "  <game system=\"t9a\" deployment=\"encircle\"/>\n"
                                  "  <board width=\"72\" height=\"48\" colour=\"green\"/>\n"
                                  "  <roll-log/>\n"
                                  "</muster-layout>\n", versions[i]);
      expected = g_strdup_printf ("test.muster:2: written by a newer Muster (format version %s); "
                                  "this Muster reads version 1", number);

      layout = load_string (document, &error);
      g_assert_null (layout);
      g_assert_error (error, MUSTER_LAYOUT_ERROR, MUSTER_LAYOUT_ERROR_VERSION);
      g_assert_cmpstr (error->message, ==, expected);
    }
}

/* Damaged copies of a real layout: refused or read, never a crash. */
static void
test_hostile (void)
{
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  GRand *rand = g_rand_new_with_seed (7);
  static const char *junk[] = { "<", ">", "&", "\"", "'", "\xff", "\xc3", "x:", "-", "e9999", "nan", "\0" };
  gsize length;

  g_assert_true (g_file_get_contents (LAYOUTS_DIR "/extensions.muster", &contents, &length, &error));
  g_assert_no_error (error);

  for (gsize cut = 0; cut < length; cut += 3)
    {
      g_autoptr(GBytes) bytes = g_bytes_new (contents, cut);
      g_autoptr(MusterLayout) layout = muster_layout_new_from_bytes (bytes, "cut.muster", NULL);

      if (layout != NULL)
        g_bytes_unref (assert_round_trip (layout));
    }

  for (guint i = 0; i < 2000; i++)
    {
      g_autoptr(GString) damaged = g_string_new_len (contents, length);
      g_autoptr(GBytes) bytes = NULL;
      g_autoptr(MusterLayout) layout = NULL;
      guint n_changes = g_rand_int_range (rand, 1, 4);

      for (guint j = 0; j < n_changes; j++)
        {
          gsize at = g_rand_int_range (rand, 0, damaged->len);
          const char *what = junk[g_rand_int_range (rand, 0, G_N_ELEMENTS (junk))];
          gsize erase = g_rand_int_range (rand, 1, 8);

          if (g_rand_boolean (rand))
            g_string_erase (damaged, at, MIN (erase, damaged->len - at));
          g_string_insert_len (damaged, at, what, MAX (strlen (what), 1));
        }

      bytes = g_bytes_new (damaged->str, damaged->len);
      layout = muster_layout_new_from_bytes (bytes, "damaged.muster", NULL);
      if (layout != NULL)
        g_bytes_unref (assert_round_trip (layout));
    }

  g_rand_free (rand);
}

static void
test_too_large (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("muster-layout-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "huge.muster", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(MusterLayout) layout = NULL;
  FILE *f;

  g_assert_no_error (error);

  /* Sparse: 17 MiB of zeros. */
  f = g_fopen (path, "wb");
  g_assert_nonnull (f);
  g_assert_cmpint (fseek (f, 17 * 1024 * 1024, SEEK_SET), ==, 0);
  g_assert_cmpint (fputc ('x', f), ==, 'x');
  g_assert_cmpint (fclose (f), ==, 0);

  layout = muster_layout_new_from_file (file, &error);
  g_assert_null (layout);
  g_assert_error (error, MUSTER_LAYOUT_ERROR, MUSTER_LAYOUT_ERROR_PARSE);
  g_assert_nonnull (strstr (error->message, path));
  g_clear_error (&error);

  g_assert_cmpint (g_remove (path), ==, 0);

  /* A file that is not there names itself. */
  layout = muster_layout_new_from_file (file, &error);
  g_assert_null (layout);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, path));

  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
test_terrain_points_limit (void)
{
  g_autoptr(GString) points = g_string_new (NULL);
  g_autoptr(GString) document = g_string_new (DOC_HEAD);
  g_autoptr(MusterLayout) layout = NULL;
  g_autoptr(GError) error = NULL;
  guint n = MUSTER_LAYOUT_MAX_TERRAIN_POINTS + 1;

  /* A convex polygon (points on a circle) one point over the limit. */
  for (guint i = 0; i < n; i++)
    g_string_append_printf (points, "%s%.6f,%.6f", i > 0 ? " " : "",
                            24 + 10 * cos (2 * G_PI * i / n), 24 + 10 * sin (2 * G_PI * i / n));
  g_string_append_printf (document, "  <terrain id=\"t1\" kind=\"area\" points=\"%s\"/>\n" DOC_TAIL, points->str);

  layout = load_string (document->str, &error);
  g_assert_null (layout);
  g_assert_error (error, MUSTER_LAYOUT_ERROR, MUSTER_LAYOUT_ERROR_INVALID);
  g_assert_true (g_str_has_prefix (error->message, "test.muster:7: "));
}

static void
test_any_order (void)
{
  static const char document[] =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<muster-layout version=\"1\" units=\"in\" xmlns:x=\"urn:x\">\n"
    "  <terrain id=\"t1\" kind=\"area\" points=\"1,1 2,1 2,2\"/>\n"
    "  <piece id=\"p\" kind=\"model\" owner=\"blue\" x=\"1\" y=\"1\">\n"
    "    <base shape=\"round\" diameter=\"25mm\"/>\n"
    "  </piece>\n"
    "  <x:first/>\n"
    "  <board width=\"72\" height=\"48\"/>\n"
    "  <player id=\"blue\" name=\"Blue\" zone=\"north\"/>\n"
    "  <game system=\"t9a\" deployment=\"encircle\"/>\n"
    "  <player id=\"red\" name=\"Red\" zone=\"south\"/>\n"
    "</muster-layout>\n";
  g_autoptr(MusterLayout) layout = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) saved = NULL;
  g_autofree char *text = NULL;

  /* Read in any order, written in the usual one. */
  layout = load_string (document, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (((MusterPlayer *) g_ptr_array_index (muster_layout_get_players (layout), 0))->id, ==, "blue");

  saved = assert_round_trip (layout);
  text = bytes_to_string (saved);
  g_assert_true (strstr (text, "<game") < strstr (text, "<board"));
  g_assert_true (strstr (text, "<board") < strstr (text, "<player"));
  g_assert_true (strstr (text, "<player id=\"red\"") < strstr (text, "<piece"));
  g_assert_true (strstr (text, "<piece") < strstr (text, "<terrain"));
  g_assert_true (strstr (text, "<terrain") < strstr (text, "<x:first"));
}

static GBytes *
make_large (guint n_pieces)
{
  g_autoptr(MusterLayout) layout = muster_layout_new ("t9a", "encircle", 1828.8, 1219.2);
  MusterBase base = { MUSTER_BASE_RECT, 20, 20 };

  for (guint i = 0; i < n_pieces; i++)
    {
      g_autofree char *id = g_strdup_printf ("p%u", i);
      MusterPiece *piece = muster_piece_new (id, MUSTER_PIECE_UNIT, i % 2 ? "red" : "blue", &base,
                                             (i % 700) * 2.54, (i / 700) * 2.54);

      piece->turn = i % 7 + 1;
      piece->ext_attrs = g_ptr_array_new_with_free_func (g_free);
      g_ptr_array_add (piece->ext_attrs, g_strdup ("{urn:x}n"));
      g_ptr_array_add (piece->ext_attrs, g_strdup ("1"));
      piece->extensions = g_ptr_array_new_with_free_func (g_free);
      g_ptr_array_add (piece->extensions, g_strdup ("<x:e xmlns:x=\"urn:x\"/>"));
      g_assert_true (muster_layout_add_piece (layout, piece));
    }

  return muster_layout_to_bytes (layout);
}

/* As many pieces as a layout may hold read in reasonable time (the
 * schema check of the root's children is linear in their number); one
 * more is refused before the schema check. */
static void
test_large (void)
{
  guint most = MUSTER_LAYOUT_MAX_ROOT_CHILDREN - 4;   /* game, board, two players */
  g_autoptr(GBytes) largest = make_large (most);
  g_autoptr(GBytes) too_large = make_large (most + 1);
  g_autoptr(MusterLayout) layout = NULL;
  g_autoptr(MusterLayout) refused = NULL;
  g_autoptr(GError) error = NULL;
  double elapsed;

  g_test_timer_start ();
  layout = muster_layout_new_from_bytes (largest, "large.muster", &error);
  elapsed = g_test_timer_elapsed ();
  g_assert_no_error (error);
  g_assert_cmpuint (muster_layout_get_pieces (layout)->len, ==, most);
  g_test_message ("%u pieces read in %.3f s", most, elapsed);

  g_assert_nonnull (muster_layout_lookup_piece (layout, "p4000"));
  g_assert_true (muster_layout_lookup_serial (layout, muster_layout_lookup_piece (layout, "p17")->serial) ==
                 muster_layout_lookup_piece (layout, "p17"));

  g_test_timer_start ();
  refused = muster_layout_new_from_bytes (too_large, "large.muster", &error);
  elapsed = g_test_timer_elapsed ();
  g_assert_null (refused);
  g_assert_error (error, MUSTER_LAYOUT_ERROR, MUSTER_LAYOUT_ERROR_PARSE);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, "large.muster:2: "));
}

/* A layout of more pieces than the schema checks at once (its root's
 * children go a batch at a time): what is wrong anywhere is still found,
 * and what is right still loads, in any order. */
/* The loader checks <piece> elements by hand and leaves the rest to the
 * schema: for every kind of piece, its verdict must be the schema's
 * (muster_xml_validate() of the whole document). */
static const char * const piece_variants[] = {
  "<piece id=\"p\" kind=\"model\" owner=\"red\" x=\"1\" y=\"1\"><base shape=\"round\" diameter=\"25\"/></piece>",
  "<piece id=\"p\" kind=\"model\" owner=\"red\" x=\"1\" y=\"1\" rotation=\"9\" turn=\"1\" category=\"a b\""
  " skills=\"x\" prone=\"true\" lieutenant=\"0\" name=\"A  b\"><base shape=\"rect\" width=\"1\" depth=\"2\"/></piece>",
  "<piece id=\"p\" kind=\"objective\" x=\"1\" y=\"1\"><base shape=\"round\" diameter=\"25\"/></piece>",
  "<piece id=\"p\" kind=\"model\" owner=\"red\" x=\"1\" y=\"1\"/>",
  "<piece id=\"p\" kind=\"model\" owner=\"red\" x=\"1\" y=\"1\">\n  \n</piece>",
  /* Missing or unknown attributes. */
  "<piece kind=\"model\" owner=\"red\" x=\"1\" y=\"1\"><base shape=\"round\" diameter=\"25\"/></piece>",
  "<piece id=\"p\" owner=\"red\" x=\"1\" y=\"1\"><base shape=\"round\" diameter=\"25\"/></piece>",
  "<piece id=\"p\" kind=\"model\" owner=\"red\" y=\"1\"><base shape=\"round\" diameter=\"25\"/></piece>",
  "<piece id=\"p\" kind=\"model\" owner=\"red\" x=\"1\"><base shape=\"round\" diameter=\"25\"/></piece>",
  "<piece id=\"p\" kind=\"model\" owner=\"red\" x=\"1\" y=\"1\" colour=\"red\"><base shape=\"round\" diameter=\"25\"/></piece>",
  "<piece id=\"p\" kind=\"model\" owner=\"red\" x=\"1\" y=\"1\"><base diameter=\"25\"/></piece>",
  "<piece id=\"p\" kind=\"model\" owner=\"red\" x=\"1\" y=\"1\"><base shape=\"round\" size=\"25\"/></piece>",
  /* Tokens and text. */
  "<piece id=\"\" kind=\"model\" owner=\"red\" x=\"1\" y=\"1\"><base shape=\"round\" diameter=\"25\"/></piece>",
  "<piece id=\" p \" kind=\"model\" owner=\"red\" x=\"1\" y=\"1\"><base shape=\"round\" diameter=\"25\"/></piece>",
  "<piece id=\"p q\" kind=\"model\" owner=\"red\" x=\"1\" y=\"1\"><base shape=\"round\" diameter=\"25\"/></piece>",
  "<piece id=\"p&#9;q\" kind=\"model\" owner=\"red\" x=\"1\" y=\"1\"><base shape=\"round\" diameter=\"25\"/></piece>",
  "<piece id=\"p&#10;\" kind=\"model\" owner=\"red\" x=\"1\" y=\"1\"><base shape=\"round\" diameter=\"25\"/></piece>",
  "<piece id=\"p\" kind=\"mo  del\" owner=\"red\" x=\"1\" y=\"1\"><base shape=\"round\" diameter=\"25\"/></piece>",
  "<piece id=\"p\" kind=\"model\" owner=\"r&amp;d\" x=\"1\" y=\"1\"><base shape=\"round\" diameter=\"25\"/></piece>",
  "<piece id=\"p\" kind=\"model\" owner=\"red\" x=\"\" y=\" 1 \"><base shape=\" round\" diameter=\"\"/></piece>",
  "<piece id=\"p\" kind=\"model\" owner=\"red\" x=\"1\" y=\"1\"><base shape=\"\" diameter=\"25\"/></piece>",
  "<piece id=\"\xc3\xa9\" kind=\"model\" owner=\"red\" x=\"1\" y=\"1\"><base shape=\"round\" diameter=\"25\"/></piece>",
  "<piece id=\"p\" kind=\"model\" owner=\"red\" x=\"1\" y=\"1\">text<base shape=\"round\" diameter=\"25\"/></piece>",
  "<piece id=\"p\" kind=\"model\" owner=\"red\" x=\"1\" y=\"1\"><![CDATA[ ]]><base shape=\"round\" diameter=\"25\"/></piece>",
  "<piece id=\"p\" kind=\"model\" owner=\"red\" x=\"1\" y=\"1\"><!-- c --><?pi x?><base shape=\"round\" diameter=\"25\"/></piece>",
  /* Children. */
  "<piece id=\"p\" kind=\"model\" owner=\"red\" x=\"1\" y=\"1\"><base shape=\"round\" diameter=\"25\"/><base shape=\"round\" diameter=\"25\"/></piece>",
  "<piece id=\"p\" kind=\"model\" owner=\"red\" x=\"1\" y=\"1\"><base shape=\"round\" diameter=\"25\"> </base></piece>",
  "<piece id=\"p\" kind=\"model\" owner=\"red\" x=\"1\" y=\"1\"><base shape=\"round\" diameter=\"25\">x</base></piece>",
  "<piece id=\"p\" kind=\"model\" owner=\"red\" x=\"1\" y=\"1\"><base shape=\"round\" diameter=\"25\"><!-- c --></base></piece>",
  "<piece id=\"p\" kind=\"model\" owner=\"red\" x=\"1\" y=\"1\"><base shape=\"round\" diameter=\"25\"><x:a xmlns:x=\"urn:x\"/></base></piece>",
  "<piece id=\"p\" kind=\"model\" owner=\"red\" x=\"1\" y=\"1\"><note/><base shape=\"round\" diameter=\"25\"/></piece>",
  "<piece id=\"p\" kind=\"model\" owner=\"red\" x=\"1\" y=\"1\"><piece/><base shape=\"round\" diameter=\"25\"/></piece>",
  "<piece id=\"p\" kind=\"model\" owner=\"red\" x=\"1\" y=\"1\"><x:base xmlns:x=\"urn:x\" shape=\"round\"/></piece>",
  /* Extensions. */
  "<piece xmlns:x=\"urn:x\" x:a=\"1\" xml:lang=\"en\" id=\"p\" kind=\"model\" owner=\"red\" x=\"1\" y=\"1\">"
  "<x:a b=\"c\">t<y:c xmlns:y=\"urn:y\"/>u<d/></x:a><base shape=\"round\" diameter=\"25\"/><x:b/></piece>",
  "<piece id=\"p\" kind=\"model\" owner=\"red\" x=\"1\" y=\"1\"><base xmlns:x=\"urn:x\" x:a=\"1\" shape=\"round\" diameter=\"25\"/></piece>",
  "<piece id=\"p\" kind=\"model\" owner=\"red\" x=\"1\" y=\"1\"><base xml:lang=\"en\" shape=\"round\" diameter=\"25\"/></piece>",
  "<piece id=\"p\" kind=\"model\" owner=\"red\" x=\"1\" y=\"1\" xmlns=\"urn:x\"><base shape=\"round\" diameter=\"25\"/></piece>",
  "<piece id=\"p\" kind=\"model\" owner=\"red\" x=\"1\" y=\"1\"><base xmlns=\"urn:x\" shape=\"round\" diameter=\"25\"/></piece>",
  "<piece id=\"p\" kind=\"model\" owner=\"red\" x=\"1\" y=\"1\"><x:a xmlns:x=\"urn:x\" xmlns=\"\"><b/></x:a><base shape=\"round\" diameter=\"25\"/></piece>",
};

static void
test_piece_check_is_the_schemas (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (piece_variants); i++)
    {
      /* Alone, and after enough pieces for the schema check in batches. */
      for (guint n_others = 0; n_others <= 300; n_others += 300)
        {
          g_autoptr(GString) text = g_string_new ("<muster-layout version=\"1\" units=\"mm\">\n"
                                                  "<game system=\"t9a\"/>\n"
                                                  "<board width=\"1200\" height=\"800\"/>\n"
                                                  "<player id=\"red\"/>\n");
          g_autoptr(GBytes) bytes = NULL;
          g_autoptr(xmlDoc) doc = NULL;
          g_autoptr(GError) schema_error = NULL;
          g_autoptr(GError) error = NULL;
          g_autoptr(MusterLayout) layout = NULL;
          gboolean schema_ok;

          for (guint j = 0; j < n_others; j++)
            g_string_append_printf (text, "<piece id=\"o%u\" kind=\"model\" owner=\"red\" x=\"%u\" y=\"1\">"
                                    "<base shape=\"round\" diameter=\"25\"/></piece>\n", j, j * 30);
          g_string_append_printf (text, "%s\n</muster-layout>\n", piece_variants[i]);
          bytes = g_bytes_new (text->str, text->len);

          doc = muster_xml_parse (bytes, "test.muster", MUSTER_LAYOUT_ERROR,
                                  MUSTER_LAYOUT_ERROR_PARSE, &error);
          g_assert_no_error (error);
          g_assert_nonnull (doc);
          schema_ok = muster_xml_validate (doc, "muster-layout.rng", "test.muster",
                                           MUSTER_LAYOUT_ERROR, MUSTER_LAYOUT_ERROR_SCHEMA,
                                           &schema_error);

          layout = muster_layout_new_from_bytes (bytes, "test.muster", &error);
          g_test_message ("variant %u, %u others: schema %s, loader %s", i, n_others,
                          schema_ok ? "yes" : schema_error->message,
                          error != NULL ? error->message : "yes");
          if (schema_ok)
            g_assert_false (g_error_matches (error, MUSTER_LAYOUT_ERROR, MUSTER_LAYOUT_ERROR_SCHEMA));
          else
            g_assert_error (error, MUSTER_LAYOUT_ERROR, MUSTER_LAYOUT_ERROR_SCHEMA);
          g_assert_true ((layout != NULL) == (error == NULL));
        }
    }
}

/* The loader checks the rest of a layout by hand too, and leaves what is
 * unusual to the schema: for each kind of document, its verdict must be
 * the schema's. Each variant replaces one line of a plain layout. */
static const struct {
  const char *line;       /* a line of layout_lines */
  const char *variant;
} layout_variants[] = {
  { "root", "<muster-layout version=\"1\">" },
  { "root", "<muster-layout version=\"1\" units=\"mm\" xmlns:x=\"urn:x\" x:a=\"b\" xml:lang=\"en\">" },
  { "root", "<muster-layout version=\"01\">" },
  { "root", "<muster-layout version=\" 1 \">" },
  { "root", "<muster-layout version=\"0\">" },
  { "root", "<muster-layout version=\"1\" units=\"\">" },
  { "root", "<muster-layout version=\"1\" units=\" in \">" },
  { "root", "<muster-layout version=\"1\" colour=\"red\">" },
  { "root", "<muster-layout version=\"1\" units=\"in\" units2=\"in\">" },
  { "root", "<muster-layout version=\"1&#x31;\">" },
  { "game", "<game system=\"t9a\"/>" },
  { "game", "<game system=\"t9a\" deployment=\"encircle\" xmlns:x=\"urn:x\" x:a=\"1\"><!-- c --><?p?> <x:e>t</x:e></game>" },
  { "game", "<game system=\"t9a\"><option name=\"a\" value=\"\"/><option name=\"b\" value=\" c d \"/></game>" },
  { "game", "<game system=\"t9a\"><option name=\"a\" value=\"b\" extra=\"c\"/></game>" },
  { "game", "<game system=\"t9a\"><option name=\"a\" value=\"b\" xmlns:x=\"urn:x\" x:c=\"d\"/></game>" },
  { "game", "<game system=\"t9a\"><option name=\"a\"/></game>" },
  { "game", "<game system=\"t9a\"><option name=\"a\" value=\"b\">x</option></game>" },
  { "game", "<game system=\"t9a\"><option name=\"a\" value=\"b\"> </option></game>" },
  { "game", "<game system=\"t9a\"><option name=\"a\" value=\"b\"><x:e xmlns:x=\"urn:x\"/></option></game>" },
  { "game", "<game system=\"t9a\"><setting/></game>" },
  { "game", "<game system=\"t9a\">text</game>" },
  { "game", "<game system=\"t9a\"><![CDATA[ ]]></game>" },
  { "game", "<game deployment=\"encircle\"/>" },
  { "game", "<game system=\"\"/>" },
  { "game", "<game system=\"t 9a\"/>" },
  { "game", "<game system=\"t9a\" mode=\"x\"/>" },
  { "game", "<game system=\"t9a\"/><game system=\"t9a\"/>" },
  { "game", "<!-- no game -->" },
  { "game", "<x:game xmlns:x=\"urn:x\" system=\"t9a\"/>" },
  { "board", "<board width=\"72\" height=\"48\" xml:lang=\"en\"/>" },
  { "board", "<board width=\"72\" height=\"48\"> </board>" },
  { "board", "<board width=\"72\" height=\"48\"><x:e xmlns:x=\"urn:x\"/></board>" },
  { "board", "<board width=\"72\"/>" },
  { "board", "<board width=\"72\" height=\"48\" depth=\"3\"/>" },
  { "board", "<board width=\"72\" height=\"48\"/><board width=\"72\" height=\"48\"/>" },
  { "board", "" },
  { "player", "<player id=\"red\" name=\" A  b \" zone=\"south\" role=\"attacker\" short-edge=\"west\"/>" },
  { "player", "<player id=\"red\" xmlns:x=\"urn:x\" x:a=\"1\">\n  <x:e a=\"b\">t<c/></x:e>\n  <!-- c -->\n</player>" },
  { "player", "<player id=\"red\"><note/></player>" },
  { "player", "<player id=\"red\">text</player>" },
  { "player", "<player id=\"red\" colour=\"red\"/>" },
  { "player", "<player id=\"red\" color=\"#1C71d8\"/>" },
  { "player", "<player id=\"red\" color=\" #1c71d8 \"/>" },
  { "player", "<player id=\"red\" color=\"\"/>" },
  { "player", "<player id=\"red\" zone=\"\"/>" },
  { "player", "<player name=\"Red\"/>" },
  { "terrain", "<terrain id=\"t1\" kind=\"area\" points=\"1,1 2,1 2,2\" blocks-lof=\"true\" name=\"Wood\"/>" },
  { "terrain", "<terrain id=\"t1\" kind=\"area\" points=\"1,1 2,1 2,2\" xmlns:x=\"urn:x\" x:a=\"1\"><x:e/></terrain>" },
  { "terrain", "<terrain id=\"t1\" kind=\"area\"/>" },
  { "terrain", "<terrain id=\"t1\" kind=\"area\" points=\"1,1 2,1 2,2\" height=\"3\"/>" },
  { "terrain", "<terrain id=\"t1\" kind=\"area\" points=\"1,1 2,1 2,2\"><hill/></terrain>" },
  { "terrain", "<terrain id=\"t1\" kind=\"area\" points=\"1,1 2,1 2,2\">x</terrain>" },
  { "extension", "<x:e xmlns:x=\"urn:x\" a=\"b\">text<f/><g:h xmlns:g=\"urn:g\"/></x:e>" },
  { "extension", "<e xmlns=\"urn:x\"><f/></e>" },
  { "extension", "<e xmlns=\"\"/>" },
  { "extension", "<roster/>" },
  { "extension", "words" },
  { "extension", "<![CDATA[ ]]>" },
  { "extension", "<?pi x?><!-- c -->" },
};

static const char * const layout_lines[][2] = {
  { "root", "<muster-layout version=\"1\" units=\"in\">" },
  { "game", "<game system=\"t9a\" deployment=\"encircle\"><option name=\"diagonal\" value=\"nw-se\"/></game>" },
  { "board", "<board width=\"72\" height=\"48\"/>" },
  { "player", "<player id=\"red\" zone=\"south\"/>" },
  { "piece", "<piece id=\"p\" kind=\"model\" owner=\"red\" x=\"1\" y=\"1\"><base shape=\"round\" diameter=\"25\"/></piece>" },
  { "terrain", "<terrain id=\"t1\" kind=\"area\" points=\"1,1 2,1 2,2\"/>" },
  { "extension", "<x:e xmlns:x=\"urn:x\"/>" },
};

static void
test_layout_check_is_the_schemas (void)
{
  for (guint i = 0; i <= G_N_ELEMENTS (layout_variants); i++)
    {
      g_autoptr(GString) text = g_string_new (NULL);
      g_autoptr(GBytes) bytes = NULL;
      g_autoptr(xmlDoc) doc = NULL;
      g_autoptr(GError) schema_error = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(MusterLayout) layout = NULL;
      gboolean schema_ok;

      /* The plain layout, then each variant. */
      for (guint l = 0; l < G_N_ELEMENTS (layout_lines); l++)
        {
          if (i < G_N_ELEMENTS (layout_variants) && strcmp (layout_variants[i].line, layout_lines[l][0]) == 0)
            g_string_append (text, layout_variants[i].variant);
          else
            g_string_append (text, layout_lines[l][1]);
          g_string_append_c (text, '\n');
        }
      g_string_append (text, "</muster-layout>\n");
      bytes = g_bytes_new (text->str, text->len);

      doc = muster_xml_parse (bytes, "test.muster", MUSTER_LAYOUT_ERROR,
                              MUSTER_LAYOUT_ERROR_PARSE, &error);
      g_assert_no_error (error);
      schema_ok = muster_xml_validate (doc, "muster-layout.rng", "test.muster",
                                       MUSTER_LAYOUT_ERROR, MUSTER_LAYOUT_ERROR_SCHEMA,
                                       &schema_error);

      layout = muster_layout_new_from_bytes (bytes, "test.muster", &error);
      g_test_message ("variant %u: schema %s, loader %s", i,
                      schema_ok ? "yes" : schema_error->message,
                      error != NULL ? error->message : "yes");
      if (schema_ok)
        g_assert_false (g_error_matches (error, MUSTER_LAYOUT_ERROR, MUSTER_LAYOUT_ERROR_SCHEMA));
      else
        g_assert_error (error, MUSTER_LAYOUT_ERROR, MUSTER_LAYOUT_ERROR_SCHEMA);
      g_assert_true ((layout != NULL) == (error == NULL));
      if (i == G_N_ELEMENTS (layout_variants))
        g_assert_nonnull (layout);
    }
}

/* A player's colour: kept in lower case, saved, and refused, naming the
 * line, when it is not "#" and six hexadecimal digits. */
static void
test_player_color (void)
{
  static const char * const bad[] = { "red", "#1c71d", "#1c71d8ff", "1c71d8", "#1c71dg", "", " #1c71d8" };
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterLayout) layout = NULL;
  g_autoptr(MusterLayout) again = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *saved = NULL;

  layout = load_string ("<muster-layout version=\"1\">\n"
                        "<game system=\"t9a\"/>\n"
                        "<board width=\"72\" height=\"48\"/>\n"
                        "<player id=\"red\" color=\"#00AA7f\"/>\n"
                        "<player id=\"blue\"/>\n"
                        "</muster-layout>\n", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (muster_layout_lookup_player (layout, "red")->color, ==, "#00aa7f");
  g_assert_null (muster_layout_lookup_player (layout, "blue")->color);

  muster_layout_set_player_color (layout, "blue", "#1C71D8");
  g_assert_cmpstr (muster_layout_lookup_player (layout, "blue")->color, ==, "#1c71d8");
  bytes = muster_layout_to_bytes (layout);
  saved = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  g_assert_nonnull (strstr (saved, "color=\"#00aa7f\""));
  again = load_string (saved, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (muster_layout_lookup_player (again, "blue")->color, ==, "#1c71d8");

  muster_layout_set_player_color (again, "blue", NULL);
  g_assert_null (muster_layout_lookup_player (again, "blue")->color);

  g_assert_true (muster_color_is_valid ("#abcdef"));
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *text = g_strdup_printf ("<muster-layout version=\"1\">\n"
                                               "<game system=\"t9a\"/>\n"
                                               "<board width=\"72\" height=\"48\"/>\n"
                                               "<player id=\"red\" color=\"%s\"/>\n"
                                               "</muster-layout>\n", bad[i]);
      g_autoptr(MusterLayout) broken = NULL;

      g_clear_error (&error);
      g_assert_false (muster_color_is_valid (bad[i]));
      broken = load_string (text, &error);
      g_assert_null (broken);
      g_assert_error (error, MUSTER_LAYOUT_ERROR, MUSTER_LAYOUT_ERROR_INVALID);
      g_assert_nonnull (strstr (error->message, ":4:"));
      g_assert_nonnull (strstr (error->message, "color="));
    }
}

/* Plain numbers are read without the length parser: to the same values. */
static void
test_plain_lengths (void)
{
  static const char * const texts[] = {
    "12", "3904.5177", ".5", "5.", "0.1", "25.4", "00012.50", "1234.25",
    "0.30000000000000004", "72", "47.99999999999999", "12in", "1e3", " 12", "+12",
  };
  static const char * const units[] = { "in", "cm", "mm" };

  for (guint u = 0; u < G_N_ELEMENTS (units); u++)
    for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
      {
        g_autofree char *text = g_strdup_printf ("<muster-layout version=\"1\" units=\"%s\">"
                                                 "<game system=\"t9a\"/>"
                                                 "<board width=\"%s\" height=\"48\"/></muster-layout>",
                                                 units[u], texts[i]);
        g_autoptr(GError) error = NULL;
        g_autoptr(MusterLayout) layout = load_string (text, &error);
        MusterUnit unit;
        double mm;

        g_assert_no_error (error);
        g_assert_true (muster_unit_parse (units[u], &unit));
        g_assert_true (muster_length_parse (texts[i], unit, &mm, NULL));
        g_assert_cmpmem (&mm, sizeof mm, &(double) { muster_layout_get_width (layout) }, sizeof mm);
      }
}

static void
test_schema_in_batches (void)
{
  static const struct {
    const char *head;    /* after DOC_HEAD's first two lines */
    const char *middle;  /* after piece 700 of 1,000 */
    gboolean    loads;
    const char *says;    /* in the error message */
  } cases[] = {
    /* Fine, with an extension and terrain among the pieces. */
    { "  <game system=\"t9a\" deployment=\"encircle\"/>\n  <board width=\"72\" height=\"48\"/>\n",
      "  <x:note xmlns:x=\"urn:x\">hi</x:note>\n  <terrain id=\"t1\" kind=\"area\" points=\"1,1 2,1 2,2\"/>\n",
      TRUE },
    /* The board last of all. */
    { "  <game system=\"t9a\" deployment=\"encircle\"/>\n", "  <board width=\"72\" height=\"48\"/>\n", TRUE },
    /* A second board, far from the first. */
    { "  <game system=\"t9a\" deployment=\"encircle\"/>\n  <board width=\"72\" height=\"48\"/>\n",
      "  <board width=\"72\" height=\"48\"/>\n", FALSE, "test.muster:708: " },
    /* An element the format does not have, far down. */
    { "  <game system=\"t9a\" deployment=\"encircle\"/>\n  <board width=\"72\" height=\"48\"/>\n",
      "  <roster/>\n", FALSE, "test.muster:708: " },
    /* Text among the pieces. */
    { "  <game system=\"t9a\" deployment=\"encircle\"/>\n  <board width=\"72\" height=\"48\"/>\n",
      "  stray words\n", FALSE, "text" },
    /* A piece that breaks the schema (no x), far down. */
    { "  <game system=\"t9a\" deployment=\"encircle\"/>\n  <board width=\"72\" height=\"48\"/>\n",
      "  <piece id=\"bad\" kind=\"unit\" owner=\"red\" y=\"1\"><base shape=\"round\" diameter=\"25mm\"/></piece>\n",
      FALSE, "test.muster:708: " },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr(GString) document = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                                                   "<muster-layout version=\"1\" units=\"in\">\n");
      g_autoptr(MusterLayout) layout = NULL;
      g_autoptr(GError) error = NULL;

      g_string_append (document, cases[c].head);
      g_string_append (document, "  <player id=\"red\" zone=\"south\"/>\n  <player id=\"blue\" zone=\"north\"/>\n");
      for (guint i = 0; i < 1000; i++)
        {
          g_string_append_printf (document,
                                  "  <piece id=\"p%u\" kind=\"unit\" owner=\"%s\" x=\"%u\" y=\"%u\">"
                                  "<base shape=\"rect\" width=\"20mm\" depth=\"20mm\"/></piece>\n",
                                  i, i % 2 ? "red" : "blue", i % 70 + 1, i / 70 + 1);
          if (i == 700)
            g_string_append (document, cases[c].middle);
        }
      g_string_append (document, DOC_TAIL);

      layout = load_string (document->str, &error);
      if (cases[c].loads)
        {
          g_assert_no_error (error);
          g_assert_cmpuint (muster_layout_get_pieces (layout)->len, ==, 1000);
          g_assert_cmpfloat (muster_layout_get_width (layout), ==, 72 * MUSTER_MM_PER_INCH);
        }
      else
        {
          g_assert_null (layout);
          g_assert_nonnull (error);
          g_test_message ("case %u: %s", c, error->message);
          g_assert_nonnull (strstr (error->message, cases[c].says));
        }
    }
}

static void
test_wide_extension (void)
{
  g_autoptr(GString) document = g_string_new (DOC_HEAD);
  g_autoptr(MusterLayout) layout = NULL;
  g_autoptr(GError) error = NULL;

  g_string_append (document, "  <x:wide xmlns:x=\"urn:x\">\n");
  for (guint i = 0; i <= MUSTER_LAYOUT_MAX_CHILDREN; i++)
    g_string_append (document, "<x:i/>");
  g_string_append (document, "\n  </x:wide>\n" DOC_TAIL);

  layout = load_string (document->str, &error);
  g_assert_null (layout);
  g_assert_error (error, MUSTER_LAYOUT_ERROR, MUSTER_LAYOUT_ERROR_PARSE);
  g_assert_true (g_str_has_prefix (error->message, "test.muster:7: "));
  g_clear_error (&error);

  /* Many elements, few at each level. */
  g_string_assign (document, DOC_HEAD);
  for (guint i = 0; i < MUSTER_LAYOUT_MAX_ELEMENTS / 40 + 1; i++)
    {
      g_string_append (document, "  <x:a xmlns:x=\"urn:x\">");
      for (guint j = 0; j < 40; j++)
        g_string_append (document, "<x:b/>");
      g_string_append (document, "</x:a>\n");
    }
  g_string_append (document, DOC_TAIL);

  layout = load_string (document->str, &error);
  g_assert_null (layout);
  g_assert_error (error, MUSTER_LAYOUT_ERROR, MUSTER_LAYOUT_ERROR_PARSE);
  g_assert_nonnull (strstr (error->message, "elements"));
}

/* Lifting: pieces of the usual form are read from the bytes of the
 * file, not from libxml2's tree (src/core/muster-layout-lifting.c). Whatever the file, the verdict, the
 * message and the layout must be those of the reading through the tree. */

static void
assert_same_layout (MusterLayout *tree,
                    MusterLayout *lifted)
{
  g_autoptr(GBytes) tree_bytes = muster_layout_to_bytes (tree);
  g_autoptr(GBytes) lifted_bytes = muster_layout_to_bytes (lifted);
  GPtrArray *tree_pieces = muster_layout_get_pieces (tree);
  GPtrArray *lifted_pieces = muster_layout_get_pieces (lifted);
  GPtrArray *tree_terrain = muster_layout_get_terrain (tree);
  GPtrArray *lifted_terrain = muster_layout_get_terrain (lifted);
  GPtrArray *players = muster_layout_get_players (tree);
  GHashTableIter iter;
  gpointer name;

  g_assert_true (g_bytes_equal (tree_bytes, lifted_bytes));
  assert_strv_equal ((char **) muster_layout_get_legacy_roll_log (tree), (char **) muster_layout_get_legacy_roll_log (lifted));
  assert_strv_equal ((char **) muster_layout_get_legacy_game_log (tree), (char **) muster_layout_get_legacy_game_log (lifted));

  /* What the saved file does not say: exact values, serials, lines. */
  g_assert_cmpuint (tree_pieces->len, ==, lifted_pieces->len);
  for (guint i = 0; i < tree_pieces->len; i++)
    {
      MusterPiece *a = g_ptr_array_index (tree_pieces, i);
      MusterPiece *b = g_ptr_array_index (lifted_pieces, i);

      g_assert_cmpstr (a->id, ==, b->id);
      g_assert_cmpuint (a->serial, ==, b->serial);
      g_assert_cmpmem (&a->x, sizeof a->x, &b->x, sizeof b->x);
      g_assert_cmpmem (&a->y, sizeof a->y, &b->y, sizeof b->y);
      g_assert_cmpmem (&a->rotation, sizeof a->rotation, &b->rotation, sizeof b->rotation);
      g_assert_cmpmem (&a->base, sizeof a->base, &b->base, sizeof b->base);
    }

  g_assert_cmpuint (tree_terrain->len, ==, lifted_terrain->len);
  for (guint i = 0; i < tree_terrain->len; i++)
    g_assert_cmpuint (((MusterTerrain *) g_ptr_array_index (tree_terrain, i))->serial, ==,
                      ((MusterTerrain *) g_ptr_array_index (lifted_terrain, i))->serial);

  g_assert_cmpint (muster_layout_get_game_line (tree), ==, muster_layout_get_game_line (lifted));
  for (guint i = 0; i < players->len; i++)
    {
      MusterPlayer *player = g_ptr_array_index (players, i);

      g_assert_cmpint (muster_layout_get_player_line (tree, player->id), ==,
                       muster_layout_get_player_line (lifted, player->id));
    }

  g_hash_table_iter_init (&iter, muster_layout_get_options (tree));
  while (g_hash_table_iter_next (&iter, &name, NULL))
    g_assert_cmpint (muster_layout_get_option_line (tree, name), ==,
                     muster_layout_get_option_line (lifted, name));
}

/* Reads text both ways; returns the number of pieces read lifted. */
static guint
assert_same_reading (const char *text,
                     gsize       len)
{
  g_autoptr(GBytes) bytes = g_bytes_new (text, len);
  g_autoptr(MusterLayout) tree = NULL;
  g_autoptr(MusterLayout) lifted = NULL;
  g_autoptr(GError) tree_error = NULL;
  g_autoptr(GError) lifted_error = NULL;
  guint n_lifted = 0;

  tree = muster_layout_read_bytes (bytes, "test.muster", MUSTER_LAYOUT_READ_TREE, NULL, &tree_error);
  lifted = muster_layout_read_bytes (bytes, "test.muster", MUSTER_LAYOUT_READ_LIFTING, &n_lifted,
                                     &lifted_error);

  if (tree == NULL)
    {
      g_assert_nonnull (tree_error);
      g_test_message ("refused: %s", tree_error->message);
      g_assert_null (lifted);
      g_assert_error (lifted_error, tree_error->domain, tree_error->code);
      g_assert_cmpstr (lifted_error->message, ==, tree_error->message);
      g_assert_cmpuint (n_lifted, ==, 0);
    }
  else
    {
      g_assert_no_error (tree_error);
      g_assert_no_error (lifted_error);
      g_assert_nonnull (lifted);
      assert_same_layout (tree, lifted);
    }

  return n_lifted;
}

#define LIFT_PIECE(i) \
  "  <piece id=\"p" #i "\" kind=\"unit\" owner=\"red\" x=\"" #i "\" y=\"2.5\" turn=\"1\">\n" \
  "    <base shape=\"rect\" width=\"40mm\" depth=\"20mm\"/>\n" \
  "  </piece>\n"
#define LIFT_PIECES LIFT_PIECE (1) LIFT_PIECE (2) LIFT_PIECE (3)

static void
test_lifting (void)
{
  static const struct {
    const char *head;      /* NULL: DOC_HEAD */
    const char *middle;    /* between three pieces and three more */
    int         n_lifted;  /* or -1: not checked */
  } cases[] = {
    /* The usual pieces, and some that stay in the tree. */
    { NULL, "", 6 },
    { NULL, LIFT_PIECE (7), 7 },
    { NULL, "  <piece id='q' kind = 'model'\towner=\"blue\"\n x='1' y='1' rotation=\"-90\" prone=' true '"
            " lieutenant=\"1\" category=\"character  scout\" skills=\"a>b\" name=\"A &quot;b&quot;\">"
            "<base shape='round' diameter='25mm'/></piece>\n", 6 },
    { NULL, "  <piece id='q' kind='model' owner='blue' x='1' y='1' name='Se\xc3\xb1or'>"
            "<base shape='round' diameter='25'/></piece>\n", 6 },
    { NULL, "  <piece id='q' kind='model' owner='blue' x='1' y='1' name='a'>"
            "<base shape='round' diameter='25'/></piece>\n", 7 },
    { NULL, "  <piece id='q' kind='model' owner='blue' x='1' y='1'><!-- c -->"
            "<base shape='round' diameter='25'/></piece>\n", 6 },
    { NULL, "  <piece id='q' kind='model' owner='blue' x='1' y='1' xmlns:x='urn:x' x:n='1'>"
            "<base shape='round' diameter='25'/><x:note>hi</x:note></piece>\n", 6 },
    { NULL, "  <piece id='q' kind='model' owner='blue' x='1' y='1'>"
            "<base shape='round' diameter='25'></base></piece>\n", 6 },
    { NULL, "  <piece id='q' kind='model' owner='blue' x='1' y='1' rotation='1e2' turn=' 007 '>"
            "<base shape='oval' width='1in' depth='2cm'/></piece>\n", 7 },
    { NULL, "  <x:wrap xmlns:x='urn:x'>" LIFT_PIECE (8) "<muster-lifted/></x:wrap>\n", 6 },
    { NULL, "  <!-- " LIFT_PIECE (8) " -->\n  <?pi " LIFT_PIECE (10) "?>\n", 6 },
    { NULL, "  <![CDATA[" LIFT_PIECE (9) "]]>\n", 0 },
    { NULL, "  <terrain id=\"t1\" kind=\"area\" points=\"1,1 2,1 2,2\"/>\n" LIFT_PIECE (8), 7 },
    { NULL, "  <x:note xmlns:x=\"urn:x\">" LIFT_PIECE (8) "</x:note>\n", 6 },
    /* The logs of the Game page, among lifted pieces. */
    { NULL, "  <rl:roll-log xmlns:rl=\"" MUSTER_LEGACY_ROLL_LOG_NAMESPACE "\">\n#muster-roll-log&#9;1&#9;000000000000002a\n"
            "1&#9;d6&#9;3&#9;manual&#9;red&#9;Type &amp; more\n  </rl:roll-log>\n"
            LIFT_PIECE (7)
            "  <gl:game-log xmlns:gl=\"" MUSTER_LEGACY_GAME_LOG_NAMESPACE "\">\n#muster-game-log&#9;1&#9;0&#9;t9a\n"
            "t9a-enter-type&#9;uint32 3\nt9a-pick-type&#9;'encircle \xc3\xa9 &lt;&amp;&gt; \"q\"'\n"
            "start-deployment-with&#9;[(0, 'r#1', 'A\\tB', 'r', '', true, @as [], ['scout'])]\r\n"
            "  </gl:game-log>\n" LIFT_PIECE (8), 8 },
    { NULL, "  <gl:game-log xmlns:gl=\"" MUSTER_LEGACY_GAME_LOG_NAMESPACE "\">" LIFT_PIECE (8) "</gl:game-log>\n", 6 },
    /* Line breaks of every kind among and inside lifted pieces. */
    { NULL, "  <piece\r\n id='q'\r\n kind='model'\r owner='blue'\r\r x='1' y='1'\r\n>\r\n"
            "<base\rshape='round'\r\ndiameter='25'/>\r</piece>\r\n\r  <game-note/>\n", -1 },
    { NULL, "  <piece\r\n id='q'\r\n kind='model'\r owner='blue'\r\r x='1' y='1'\r\n>\r\n"
            "<base\rshape='round'\r\ndiameter='25'/>\r</piece>\r", 7 },
    { NULL, "\r" LIFT_PIECE (8) "\n\r\n\r\r", 7 },
    /* What is wrong with a lifted piece is told as the tree tells it. */
    { NULL, "  <piece id='q' kind='model' owner='nobody' x='1' y='1'><base shape='round' diameter='25'/></piece>\n", 0 },
    { NULL, "  <piece id='q' kind='model' x='1' y='1'><base shape='round' diameter='25'/></piece>\n", 0 },
    { NULL, "  <piece id='p2' kind='model' owner='red' x='1' y='1'><base shape='round' diameter='25'/></piece>\n", 0 },
    { NULL, "  <terrain id=\"p1\" kind=\"area\" points=\"1,1 2,1 2,2\"/>\n", 0 },
    { NULL, "  <piece id='q' kind='tank' owner='red' x='1' y='1'><base shape='round' diameter='25'/></piece>\n", 0 },
    { NULL, "  <piece id='q' kind='unit' owner='red' x='abc' y='1'><base shape='round' diameter='25'/></piece>\n", 0 },
    { NULL, "  <piece id='q' kind='unit' owner='red' x='1' y='1e9'><base shape='round' diameter='25'/></piece>\n", 0 },
    { NULL, "  <piece id='q' kind='unit' owner='red' x='1' y='1' turn='-1'><base shape='round' diameter='25'/></piece>\n", 0 },
    { NULL, "  <piece id='q' kind='unit' owner='red' x='1' y='1' prone='yes'><base shape='round' diameter='25'/></piece>\n", 0 },
    { NULL, "  <piece id='q' kind='unit' owner='red' x='1' y='1' rotation='north'><base shape='round' diameter='25'/></piece>\n", 0 },
    { NULL, "  <piece id='q' kind='unit' owner='red' x='1' y='1'><base shape='round' width='25'/></piece>\n", 0 },
    { NULL, "  <piece id='q' kind='unit' owner='red' x='1' y='1'><base shape='hex' diameter='25'/></piece>\n", 0 },
    { NULL, "  <piece id='q' kind='unit' owner='red' x='1' y='1'><base shape='rect' width='25'/></piece>\n", 0 },
    { NULL, "  <piece id='q' kind='unit' owner='red' x='1' y='1'><base shape='rect' width='0' depth='2'/></piece>\n", 0 },
    { NULL, "  <piece id='q' kind='unit' owner='red' x='1' y='1'/>\n", 0 },
    { NULL, "  <piece id='q' kind='unit' owner='red' x='1' y='1'></piece>\n", 0 },
    { NULL, "  <piece id='q' kind='unit' owner='red' x='1' y='1' colour='red'><base shape='round' diameter='25'/></piece>\n", 0 },
    { NULL, "  <piece id='q' kind='unit' owner='red' x='1' y='1' x='2'><base shape='round' diameter='25'/></piece>\n", 0 },
    { NULL, "  <piece id='q' kind='unit' owner='red' x='1' y='1'><base shape='round' diameter='25'/>"
            "<base shape='round' diameter='25'/></piece>\n", 0 },
    /* What is wrong around lifted pieces too. */
    { NULL, "  stray words\n", 0 },
    { NULL, "  <muster-lifted/>\n", 0 },
    { NULL, "  <roster/>\n", 0 },
    { NULL, "  <board width=\"72\" height=\"48\"/>\n", 0 },
    { NULL, "  <piece id='q' kind='unit' owner='red' x='1' y='1'><base shape='round' diameter='25'/>\n", 0 },
    { NULL, "  <piece id='q' kind='unit' owner='red' x='1' y='1'><base shape='round' diameter='25'/></peace>\n", 0 },
    { NULL, "  <piece id='q' kind='unit' owner='red' x='1' y='1'><base shape='round' diameter='25'/></piece\n", 0 },
    { NULL, "  <piece id='q' kind='unit' owner='red' x='1' y='1' name='a\x01'><base shape='round' diameter='25'/></piece>\n", 0 },
    { NULL, "  <piece id='q' kind='unit' owner='red' x='1'y='1'><base shape='round' diameter='25'/></piece>\n", 0 },
    { NULL, "  <piece id='q' kind='unit' owner='red' x='1' y='1' name='\xff'><base shape='round' diameter='25'/></piece>\n", 0 },
    { NULL, "  <piece id='q' kind='unit' owner='red' x='1' y='1'><base shape='round' diameter='25'/></piece>\n"
            "</muster-layout>\n" LIFT_PIECE (9), 0 },
    { NULL, "  <piece id='q' kind='unit' owner='red' x='1' y='1'><base shape='round' diameter='25'/></piece>\n"
            "  <x:a xmlns:x='urn:x' y='&undefined;'/>\n", 0 },
    { NULL, "  <x:a xmlns:x='urn:x&amp;y'/>\n", 0 },
    { NULL, "  <!DOCTYPE x>\n", 0 },
    { NULL, "  <a:b/>\n", 0 },
    /* Other documents. */
    { "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<muster-layout version=\"1\" units=\"in\">\n"
      "  <game system=\"t9a\"/>\n  <board width=\"72\" height=\"48\"/>\n  <player id=\"red\"/>\n", "", 0 },
    { "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<muster-layout version=\"1\" units=\"in\">\n"
      "  <game system=\"t9a\"/>\n  <board width=\"72\" height=\"48\"/>\n  <player id=\"red\"/>\n", "", 6 },
    { "\xef\xbb\xbf<muster-layout version=\"1\" units=\"mm\">\n"
      "  <game system=\"t9a\"/>\n  <board width=\"72\" height=\"48\"/>\n  <player id=\"red\"/>\n", "", 6 },
    { "<?xml version=\"1.0\"?>\n<muster-layout version=\"1\" units=\"in\" xmlns=\"urn:x\">\n"
      "  <game system=\"t9a\"/>\n  <board width=\"72\" height=\"48\"/>\n  <player id=\"red\"/>\n", "", 0 },
    { "<?xml version=\"1.0\"?>\n<muster-layout version=\"1\" units=\"in\" xmlns=\"\">\n"
      "  <game system=\"t9a\"/>\n  <board width=\"72\" height=\"48\"/>\n  <player id=\"red\"/>\n", "", 6 },
    { "<?xml version=\"1.0\"?>\n<muster-layout version=\"1\" units=\"parsec\">\n"
      "  <game system=\"t9a\"/>\n  <board width=\"72\" height=\"48\"/>\n  <player id=\"red\"/>\n", "", 0 },
    { "<?xml version=\"1.0\"?>\n<muster-layout version=\"2\">\n", "", 0 },
    { "<?xml version=\"1.0\"?>\n<muster-layout version=\"1\">\n  <player id=\"red\"/>\n", "", 0 },
    { "<?xml version=\"1.0\"?>\n<layout version=\"1\">\n  <player id=\"red\"/>\n", "", 0 },
    /* The game, a player and an option after the pieces, for their lines. */
    { "<?xml version=\"1.0\"?>\n<muster-layout version=\"1\" units=\"in\">\n" LIFT_PIECE (11) LIFT_PIECE (12),
      "  <player id=\"red\"/>\n  <board width=\"72\" height=\"48\"/>\n" LIFT_PIECE (13)
      "  <game system=\"t9a\">\n    <option name=\"diagonal\" value=\"nw-se\"/>\n  </game>\n", 9 },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr(GString) document = g_string_new (cases[c].head != NULL ? cases[c].head : DOC_HEAD);
      guint n_lifted;

      g_string_append (document, LIFT_PIECES);
      g_string_append (document, cases[c].middle);
      g_string_append (document, LIFT_PIECE (4) LIFT_PIECE (5) LIFT_PIECE (6));
      g_string_append (document, DOC_TAIL);

      g_test_message ("case %u", c);
      n_lifted = assert_same_reading (document->str, document->len);
      if (cases[c].n_lifted >= 0)
        g_assert_cmpuint (n_lifted, ==, (guint) cases[c].n_lifted);
    }
}

/* Categories and skills are words apart, whatever the white space. */
static void
test_lists (void)
{
  static const struct {
    const char *text;
    const char *words[4];
  } cases[] = {
    { "scout", { "scout" } },
    { "character scout", { "character", "scout" } },
    { "  a&#9;b &#10; c\t&#13;", { "a", "b", "c" } },
    { " \t ", { NULL } },
    { "", { NULL } },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    for (guint lifted = 0; lifted < 2; lifted++)
      {
        /* Lifted, or not (a comment keeps the piece in the tree). */
        g_autofree char *text = g_strdup_printf (DOC_HEAD "  <piece id=\"p\" kind=\"unit\" owner=\"red\" x=\"1\" y=\"1\""
                                                 " category=\"%s\" skills=\"%s\">%s<base shape=\"round\" diameter=\"1\"/>"
                                                 "</piece>\n" DOC_TAIL,
                                                 cases[c].text, cases[c].text, lifted ? "" : "<!-- -->");
        g_autoptr(GError) error = NULL;
        g_autoptr(MusterLayout) layout = load_string (text, &error);
        MusterPiece *piece;

        g_assert_no_error (error);
        piece = muster_layout_lookup_piece (layout, "p");
        if (cases[c].words[0] == NULL)
          {
            g_assert_null (piece->categories);
            g_assert_null (piece->skills);
          }
        else
          {
            g_assert_true (g_strv_equal ((const char * const *) piece->categories, cases[c].words));
            g_assert_true (g_strv_equal ((const char * const *) piece->skills, cases[c].words));
          }
        assert_same_reading (text, strlen (text));
      }
}

/* Every piece of the file lifted, with no second reading. */
static void
test_lifting_only (void)
{
  g_autoptr(GString) document = g_string_new (DOC_HEAD);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(MusterLayout) layout = NULL;
  g_autoptr(GError) error = NULL;
  guint n_lifted = 0;

  for (guint i = 0; i < 1000; i++)
    g_string_append_printf (document,
                            "  <piece id=\"p%u\" kind=\"unit\" owner=\"%s\" x=\"%u.25\" y=\"%u\" rotation=\"%u\">"
                            "<base shape=\"rect\" width=\"20mm\" depth=\"20mm\"/></piece>\n",
                            i, i % 2 ? "red" : "blue", i % 70 + 1, i / 70 + 1, i % 360);
  g_string_append (document, DOC_TAIL);
  bytes = g_bytes_new (document->str, document->len);

  layout = muster_layout_read_bytes (bytes, "test.muster", MUSTER_LAYOUT_READ_LIFTING_ONLY, &n_lifted, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (n_lifted, ==, 1000);
  g_assert_cmpuint (muster_layout_get_pieces (layout)->len, ==, 1000);
  g_assert_cmpuint (assert_same_reading (document->str, document->len), ==, 1000);

  /* One bad piece: the lifted reading alone gives up, the whole one
   * tells where. */
  g_string_truncate (document, document->len - strlen (DOC_TAIL));
  g_string_append (document, "  <piece id=\"p5\" kind=\"unit\" owner=\"red\" x=\"1\" y=\"1\">"
                             "<base shape=\"rect\" width=\"20mm\" depth=\"20mm\"/></piece>\n" DOC_TAIL);
  g_clear_pointer (&bytes, g_bytes_unref);
  g_clear_object (&layout);
  bytes = g_bytes_new (document->str, document->len);
  layout = muster_layout_read_bytes (bytes, "test.muster", MUSTER_LAYOUT_READ_LIFTING_ONLY, NULL, &error);
  g_assert_null (layout);
  g_assert_nonnull (error);
  g_clear_error (&error);
  layout = muster_layout_new_from_bytes (bytes, "test.muster", &error);
  g_assert_null (layout);
  g_assert_error (error, MUSTER_LAYOUT_ERROR, MUSTER_LAYOUT_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, "test.muster:1007: the id “p5” is used twice (first on line 12)");
}

/* The most pieces a layout may hold, lifted, and one more. */
static void
test_lifting_large (void)
{
  guint most = MUSTER_LAYOUT_MAX_ROOT_CHILDREN - 4;   /* game, board, two players */

  for (guint n = most; n <= most + 1; n++)
    {
      g_autoptr(GString) document = g_string_new (DOC_HEAD);

      for (guint i = 0; i < n; i++)
        g_string_append_printf (document,
                                "  <piece id=\"p%u\" kind=\"unit\" owner=\"red\" x=\"%u\" y=\"%u\">"
                                "<base shape=\"rect\" width=\"20mm\" depth=\"20mm\"/></piece>\n",
                                i, i % 70 + 1, i / 70 + 1);
      g_string_append (document, DOC_TAIL);

      g_assert_cmpuint (assert_same_reading (document->str, document->len), ==, n == most ? n : 0);
    }
}

/* Plain numbers of every length in pieces, lifted, read as the length
 * parser reads them. */
static void
test_lifting_numbers (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (9);
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) document = g_string_new (NULL);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(MusterLayout) layout = NULL;
  g_autoptr(GError) error = NULL;
  GPtrArray *pieces;
  guint n_lifted = 0;

  g_string_append (document, "<muster-layout version=\"1\" units=\"cm\">\n"
                             "  <game system=\"t9a\"/>\n  <board width=\"72\" height=\"48\"/>\n"
                             "  <player id=\"red\"/>\n");
  for (guint i = 0; i < 4000; i++)
    {
      GString *text = g_string_new (NULL);
      /* Up to four digits before the point (below the largest length),
       * up to twenty after it. */
      guint n_whole = g_rand_int_range (rand, 0, 5);
      guint n_decimals = g_rand_int_range (rand, 0, 21);

      for (guint d = 0; d < n_whole; d++)
        g_string_append_c (text, (char) ('0' + g_rand_int_range (rand, 0, 10)));
      if (n_decimals > 0 || n_whole == 0 || g_rand_boolean (rand))
        g_string_append_c (text, '.');
      for (guint d = 0; d < n_decimals || text->len < 2; d++)
        g_string_append_c (text, (char) ('0' + g_rand_int_range (rand, 0, 10)));

      /* Digits that make a whole number near 2^53, where the fast path ends. */
      if (i % 10 == 0)
        {
          g_autofree char *digits = g_strdup_printf ("%" G_GUINT64_FORMAT,
                                                     (G_GUINT64_CONSTANT (1) << 53) - 3 + i % 7);

          g_string_assign (text, digits);
          g_string_insert_c (text, 1 + i % 4, '.');
        }
      if (i % 10 == 1)
        g_string_printf (text, "%.*f", (int) (i % 25), g_rand_double (rand) * 100);

      g_string_append_printf (document,
                              "  <piece id=\"p%u\" kind=\"unit\" owner=\"red\" x=\"%s\" y=\"0\" rotation=\"-%s\">"
                              "<base shape=\"round\" diameter=\"1\"/></piece>\n",
                              i, text->str, text->str);
      g_ptr_array_add (texts, g_string_free (text, FALSE));
    }
  g_string_append (document, DOC_TAIL);
  bytes = g_bytes_new (document->str, document->len);

  layout = muster_layout_read_bytes (bytes, "test.muster", MUSTER_LAYOUT_READ_LIFTING, &n_lifted, &error);
  g_assert_no_error (error);
  pieces = muster_layout_get_pieces (layout);
  g_assert_cmpuint (n_lifted, ==, texts->len);

  for (guint i = 0; i < texts->len; i++)
    {
      const char *text = g_ptr_array_index (texts, i);
      MusterPiece *piece = g_ptr_array_index (pieces, i);
      double mm;
      double degrees = -g_ascii_strtod (text, NULL);

      g_assert_true (muster_length_parse (text, MUSTER_UNIT_CM, &mm, NULL));
      g_assert_cmpmem (&mm, sizeof mm, &piece->x, sizeof piece->x);
      if (degrees == 0)
        degrees = 0.0;
      g_assert_cmpmem (&degrees, sizeof degrees, &piece->rotation, sizeof piece->rotation);
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
    g_autofree char *owner = g_steal_pointer (&p->owner);

    p->owner = g_strdup ("ghost");
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

    g_free (p->owner);
    p->owner = g_steal_pointer (&owner);
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

  for (guint i = 0; i < G_N_ELEMENTS (bad_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/core/layout/bad/%s", bad_cases[i].name);

      g_test_add_data_func (path, &bad_cases[i], test_bad);
    }

  g_test_add_func ("/core/layout/bad-files", test_bad_files);
  g_test_add_func ("/core/layout/newer-version", test_newer_version);
  g_test_add_func ("/core/layout/hostile", test_hostile);
  g_test_add_func ("/core/layout/too-large", test_too_large);
  g_test_add_func ("/core/layout/terrain-points-limit", test_terrain_points_limit);
  g_test_add_func ("/core/layout/any-order", test_any_order);
  g_test_add_func ("/core/layout/large", test_large);
  g_test_add_func ("/core/layout/schema-in-batches", test_schema_in_batches);
  g_test_add_func ("/core/layout/piece-check-is-the-schemas", test_piece_check_is_the_schemas);
  g_test_add_func ("/core/layout/layout-check-is-the-schemas", test_layout_check_is_the_schemas);
  g_test_add_func ("/core/layout/player-color", test_player_color);
  g_test_add_func ("/core/layout/plain-lengths", test_plain_lengths);
  g_test_add_func ("/core/layout/wide-extension", test_wide_extension);
  g_test_add_func ("/core/layout/lifting", test_lifting);
  g_test_add_func ("/core/layout/lifting-only", test_lifting_only);
  g_test_add_func ("/core/layout/lists", test_lists);
  g_test_add_func ("/core/layout/lifting-large", test_lifting_large);
  g_test_add_func ("/core/layout/lifting-numbers", test_lifting_numbers);
  g_test_add_func ("/core/layout/save", test_save);
  g_test_add_func ("/core/layout/save-write-error", test_save_write_error);

  return g_test_run ();
}
