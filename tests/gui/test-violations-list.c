/* test-violations-list.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The list of problems: one row per verdict, titled by what it is about.
 * Terrain not entirely on the table is a problem like a base's, and its
 * row names the terrain, not only its id. */

#include "config.h"

#include <string.h>

#include <adwaita.h>

#include "muster-layout.h"
#include "muster-system.h"
#include "muster-validate.h"
#include "muster-violations-list.h"
#include "widget-helpers.h"

#define INCH 25.4

static void
test_row_titles (void)
{
  g_autoptr(MusterLayout) layout = muster_layout_new ("infinity", NULL, 48 * INCH, 48 * INCH);
  MusterSystem *system = muster_system_registry_lookup (muster_system_registry_get_default (), "infinity");
  /* Half off the west edge. */
  MusterPoint square[] = { { -2 * INCH, 20 * INCH }, { 2 * INCH, 20 * INCH },
                           { 2 * INCH, 24 * INCH }, { -2 * INCH, 24 * INCH } };
  g_autoptr(MusterValidator) validator = NULL;
  GtkWidget *list = muster_violations_list_new ();
  MusterTerrain *terrain;
  g_autoptr(GError) error = NULL;

  g_object_ref_sink (list);
  g_assert_nonnull (system);

  terrain = muster_terrain_new ("t1", MUSTER_TERRAIN_BUILDING, square, G_N_ELEMENTS (square));
  muster_layout_add_terrain (layout, terrain);
  terrain = muster_terrain_new ("t2", MUSTER_TERRAIN_IMPASSABLE, square, G_N_ELEMENTS (square));
  terrain->name = g_strdup ("Old wall");
  muster_layout_add_terrain (layout, terrain);
  /* Two pieces of one name off the table, and one of another. */
  {
    MusterBase base = { MUSTER_BASE_ROUND, 25, 25 };
    const char *ids[] = { "u1", "u2", "u3" };
    const char *names[] = { "Wolf Riders", "Wolf Riders", "Trolls" };

    for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
      {
        MusterPiece *piece = muster_piece_new (ids[i], MUSTER_PIECE_UNIT, "red", &base, -10 * INCH, (10 + 5 * i) * INCH);

        piece->name = g_strdup (names[i]);
        muster_layout_add_piece (layout, piece);
      }
  }

  validator = muster_validator_new (layout, system, &error);
  g_assert_no_error (error);
  muster_violations_list_set_validator (MUSTER_VIOLATIONS_LIST (list), validator);
  muster_violations_list_refresh (MUSTER_VIOLATIONS_LIST (list));

  /* Named as on the table: the id only beside a name that two listed
   * pieces share. */
  {
    guint n = muster_violations_list_get_n_rows (MUSTER_VIOLATIONS_LIST (list));
    g_autoptr(GPtrArray) titles = g_ptr_array_new ();

    for (guint i = 0; i < n; i++)
      g_ptr_array_add (titles, (gpointer) muster_violations_list_get_row_title (MUSTER_VIOLATIONS_LIST (list), i));
    g_ptr_array_add (titles, NULL);
    g_assert_cmpuint (n, >=, 5);
    g_assert_true (g_strv_contains ((const char * const *) titles->pdata, "Building"));
    g_assert_true (g_strv_contains ((const char * const *) titles->pdata, "Old wall"));
    g_assert_true (g_strv_contains ((const char * const *) titles->pdata, "Trolls"));
    g_assert_true (g_strv_contains ((const char * const *) titles->pdata, "Wolf Riders (u1)"));
    g_assert_true (g_strv_contains ((const char * const *) titles->pdata, "Wolf Riders (u2)"));
  }

  g_object_unref (list);
}

static gboolean
has_label_containing (GtkWidget  *widget,
                      const char *needle)
{
  if (GTK_IS_LABEL (widget) && strstr (gtk_label_get_text (GTK_LABEL (widget)), needle) != NULL)
    return TRUE;

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (has_label_containing (child, needle))
        return TRUE;
    }

  return FALSE;
}

/* The distances the problems name are in the units the player chose. */
static void
test_units (void)
{
  g_autoptr(MusterLayout) layout = muster_layout_new ("t9a", "frontline-clash", 72 * INCH, 48 * INCH);
  MusterSystem *system = muster_system_registry_lookup (muster_system_registry_get_default (), "t9a");
  MusterBase base = { MUSTER_BASE_RECT, 100, 40 };
  g_autoptr(MusterValidator) validator = NULL;
  GtkWidget *list = muster_violations_list_new ();
  g_autoptr(GError) error = NULL;
  gint64 deadline;

  g_object_ref_sink (list);
  muster_layout_update_player (layout, "red", "south", NULL, NULL);
  muster_layout_update_player (layout, "blue", "north", NULL, NULL);
  /* Two units of Alice's half an inch apart. */
  muster_layout_add_piece (layout, muster_piece_new ("u1", MUSTER_PIECE_UNIT, "red", &base, 30 * INCH, 44 * INCH));
  muster_layout_add_piece (layout, muster_piece_new ("u2", MUSTER_PIECE_UNIT, "red", &base,
                                                     30 * INCH + 100 + INCH / 2, 44 * INCH));
  validator = muster_validator_new (layout, system, &error);
  g_assert_no_error (error);
  muster_violations_list_set_validator (MUSTER_VIOLATIONS_LIST (list), validator);
  muster_violations_list_refresh (MUSTER_VIOLATIONS_LIST (list));
  g_assert_true (has_label_containing (list, "Within 1″ of"));

  muster_violations_list_set_units (MUSTER_VIOLATIONS_LIST (list), MUSTER_UNIT_CM);
  deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (!has_label_containing (list, "Within 2.54 cm of") && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (has_label_containing (list, "Within 2.54 cm of"));
  g_assert_false (has_label_containing (list, "″"));

  g_object_unref (list);
}

static guint
count_list_rows (GtkWidget *widget)
{
  guint n = GTK_IS_LIST_BOX_ROW (widget) ? 1 : 0;

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += count_list_rows (child);

  return n;
}

/* Bases where terrain t_i is: the Problems list of many verdicts makes
 * its first rows at once and the others when idle, the summing-up row
 * last; asked about, it makes them all. */
static gboolean
is_list_box (GtkWidget  *widget,
             const char *unused)
{
  return GTK_IS_LIST_BOX (widget);
}

static void
test_rows_when_idle (void)
{
  g_autoptr(MusterLayout) layout = muster_layout_new ("infinity", NULL, 48 * INCH, 48 * INCH);
  MusterSystem *system = muster_system_registry_lookup (muster_system_registry_get_default (), "infinity");
  g_autoptr(MusterValidator) validator = NULL;
  GtkWidget *list = muster_violations_list_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) verdicts = NULL;
  g_autofree char *title_199 = NULL;
  g_autofree char *title_150 = NULL;
  g_autofree char *first_id = NULL;
  GtkListBoxRow *row_151;
  GtkListBox *box;
  gint64 deadline;
  guint n;

  g_object_ref_sink (list);

  /* 250 squares half off the west edge: 250 verdicts. */
  for (guint i = 0; i < 250; i++)
    {
      MusterPoint square[] = { { -1 * INCH, i * 0.1 * INCH }, { 1 * INCH, i * 0.1 * INCH },
                               { 1 * INCH, (i * 0.1 + 1) * INCH }, { -1 * INCH, (i * 0.1 + 1) * INCH } };
      g_autofree char *id = g_strdup_printf ("t%u", i);

      muster_layout_add_terrain (layout, muster_terrain_new (id, MUSTER_TERRAIN_BUILDING, square, G_N_ELEMENTS (square)));
    }

  validator = muster_validator_new (layout, system, &error);
  g_assert_no_error (error);
  verdicts = muster_validator_collect (validator);
  g_assert_cmpuint (verdicts->len, ==, 250);
  title_199 = g_strdup_printf ("Building (%s)", ((MusterViolation *) g_ptr_array_index (verdicts, 199))->piece_id);
  title_150 = g_strdup_printf ("Building (%s)", ((MusterViolation *) g_ptr_array_index (verdicts, 150))->piece_id);
  first_id = g_strdup (((MusterViolation *) g_ptr_array_index (verdicts, 0))->piece_id);
  muster_violations_list_set_validator (MUSTER_VIOLATIONS_LIST (list), validator);

  /* More than the sidebar shows (five rows in a window of 1280 × 800),
   * not all. */
  n = count_list_rows (list);
  g_assert_cmpuint (n, >=, 8);
  g_assert_cmpuint (n, <, 200);

  deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (count_list_rows (list) < 201 && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpuint (count_list_rows (list), ==, 201);
  g_assert_cmpuint (muster_violations_list_get_n_rows (MUSTER_VIOLATIONS_LIST (list)), ==, 200);
  g_assert_cmpstr (muster_violations_list_get_row_title (MUSTER_VIOLATIONS_LIST (list), 199), ==, title_199);

  /* Refreshed with nothing changed: the same rows, not made again. */
  box = GTK_LIST_BOX (find_widget_where (list, is_list_box, NULL, FALSE));
  row_151 = gtk_list_box_get_row_at_index (box, 151);
  muster_violations_list_refresh (MUSTER_VIOLATIONS_LIST (list));
  g_assert_cmpuint (count_list_rows (list), ==, 201);
  g_assert_true (gtk_list_box_get_row_at_index (box, 151) == row_151);
  g_assert_cmpstr (muster_violations_list_get_row_title (MUSTER_VIOLATIONS_LIST (list), 150), ==, title_150);

  /* The first verdict gone: the rows after it move up a place, the same
   * rows, and the 201st verdict gets a row, the last. */
  g_assert_true (muster_layout_remove_terrain (layout, first_id));
  g_clear_pointer (&verdicts, g_ptr_array_unref);
  verdicts = muster_validator_collect (validator);
  g_assert_cmpuint (verdicts->len, ==, 249);
  muster_violations_list_refresh (MUSTER_VIOLATIONS_LIST (list));
  g_assert_true (gtk_list_box_get_row_at_index (box, 150) == row_151);
  g_assert_cmpuint (muster_violations_list_get_n_rows (MUSTER_VIOLATIONS_LIST (list)), ==, 200);
  g_assert_cmpuint (count_list_rows (list), ==, 201);
  for (guint i = 0; i < 200; i++)
    {
      const MusterViolation *v = g_ptr_array_index (verdicts, i);
      g_autofree char *title = g_strdup_printf ("Building (%s)", v->piece_id);

      g_assert_cmpstr (muster_violations_list_get_row_title (MUSTER_VIOLATIONS_LIST (list), i), ==, title);
    }

  g_object_unref (list);
}

/* A table with no problem has no list of them to make (its first frame
 * does not pay for one); the first problem brings it, and it stays. */
static void
test_list_with_first_problem (void)
{
  g_autoptr(MusterLayout) layout = muster_layout_new ("infinity", NULL, 48 * INCH, 48 * INCH);
  MusterSystem *system = muster_system_registry_lookup (muster_system_registry_get_default (), "infinity");
  MusterBase base = { MUSTER_BASE_ROUND, 25, 25 };
  g_autoptr(MusterValidator) validator = NULL;
  GtkWidget *list = muster_violations_list_new ();
  g_autoptr(GError) error = NULL;

  g_object_ref_sink (list);
  validator = muster_validator_new (layout, system, &error);
  g_assert_no_error (error);
  muster_violations_list_set_validator (MUSTER_VIOLATIONS_LIST (list), validator);
  g_assert_null (find_widget_where (list, is_list_box, NULL, FALSE));
  g_assert_cmpuint (muster_violations_list_get_n_rows (MUSTER_VIOLATIONS_LIST (list)), ==, 0);
  g_assert_null (muster_violations_list_get_row_title (MUSTER_VIOLATIONS_LIST (list), 0));

  /* Off the table. */
  muster_layout_add_piece (layout, muster_piece_new ("u1", MUSTER_PIECE_UNIT, "red", &base, -10 * INCH, 10 * INCH));
  muster_violations_list_refresh (MUSTER_VIOLATIONS_LIST (list));
  g_assert_nonnull (find_widget_where (list, is_list_box, NULL, FALSE));
  g_assert_cmpuint (muster_violations_list_get_n_rows (MUSTER_VIOLATIONS_LIST (list)), >, 0);

  g_assert_true (muster_layout_remove_piece (layout, "u1"));
  muster_violations_list_refresh (MUSTER_VIOLATIONS_LIST (list));
  g_assert_cmpuint (muster_violations_list_get_n_rows (MUSTER_VIOLATIONS_LIST (list)), ==, 0);

  g_object_unref (list);
}

int
main (int   argc,
      char *argv[])
{
  g_setenv ("LANGUAGE", "C", TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/gui/violations-list/row-titles", test_row_titles);
  g_test_add_func ("/gui/violations-list/units", test_units);
  g_test_add_func ("/gui/violations-list/rows-when-idle", test_rows_when_idle);
  g_test_add_func ("/gui/violations-list/list-with-first-problem", test_list_with_first_problem);

  return g_test_run ();
}
