/* layout-helpers.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <string.h>

#include "muster-layout.h"
#include "muster-layout-private.h"

/* What the tests of layouts (test-layout*.c) share: reading, comparing,
 * and a round trip through saving. */

/* A layout's start and end, for a few lines of pieces between. */
#define DOC_HEAD \
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" \
  "<muster-layout version=\"1\" units=\"in\">\n" \
  "  <game system=\"t9a\" deployment=\"encircle\"/>\n" \
  "  <board width=\"72\" height=\"48\"/>\n" \
  "  <player id=\"red\" name=\"Red\" zone=\"south\"/>\n" \
  "  <player id=\"blue\" name=\"Blue\" zone=\"north\"/>\n"
#define DOC_TAIL "</muster-layout>\n"

G_GNUC_UNUSED static MusterLayout *
load_string (const char  *text,
             GError     **error)
{
  g_autoptr(GBytes) bytes = g_bytes_new (text, strlen (text));

  return muster_layout_new_from_bytes (bytes, "test.muster", error);
}

G_GNUC_UNUSED static MusterLayout *
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

G_GNUC_UNUSED static char *
bytes_to_string (GBytes *bytes)
{
  gsize size;
  const char *data = g_bytes_get_data (bytes, &size);

  return g_strndup (data, size);
}

G_GNUC_UNUSED static GPtrArray *
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

G_GNUC_UNUSED static void
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

G_GNUC_UNUSED static void
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

G_GNUC_UNUSED static void
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
G_GNUC_UNUSED static GBytes *
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
