/* test-system-files.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "test-system-files"

#include "config.h"

#include <string.h>

#include "muster-system.h"
#include "muster-system-private.h"
#include "system-helpers.h"

/* Game systems read from files and bytes: what they hold, what is
 * refused, and how (test-system.c has the shipped systems' rules). */

static void
assert_message_at (const GError *error,
                   const char   *file,
                   int           line,
                   const char   *fragment)
{
  g_autofree char *prefix = g_strdup_printf ("%s:%d: ", file, line);

  if (!g_str_has_prefix (error->message, prefix) && !strstr (error->message, prefix))
    g_error ("“%s” does not name %s", error->message, prefix);
  if (fragment != NULL && strstr (error->message, fragment) == NULL)
    g_error ("“%s” lacks “%s”", error->message, fragment);
}

static MusterSystem *
load_test_file (const char  *name,
                GError     **error)
{
  g_autofree char *path = g_build_filename (TEST_DATA_DIR, "systems", name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);

  return muster_system_new_from_file (file, error);
}

static void
test_custom_system (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterSystem) custom = load_test_file ("good-custom.xml", &error);
  const MusterDeployment *corners;
  const MusterDeployment *bands;
  const MusterBoardPreset *big;
  const MusterBasePreset *oval;
  g_autoptr(GHashTable) round_layout = options_new ("layout", "round");
  g_autoptr(MusterRegion) nw = NULL;
  g_autoptr(MusterRegion) nw_round = NULL;
  g_autoptr(MusterRegion) se = NULL;
  g_autoptr(MusterRegion) centre = NULL;
  g_autoptr(MusterRegion) south = NULL;
  g_autoptr(GPtrArray) zones = NULL;
  double w = 900, h = 900;

  g_assert_no_error (error);
  g_assert_nonnull (custom);
  g_assert_cmpint (muster_system_get_units (custom), ==, MUSTER_UNIT_CM);

  big = g_ptr_array_index (muster_system_get_board_presets (custom), 1);
  g_assert_cmpfloat_with_epsilon (big->width, 1200, 1e-9);
  g_assert_cmpfloat_with_epsilon (big->height, 36 * INCH, 1e-9);
  g_assert_true (muster_system_get_default_board (custom)->width == 900);
  oval = g_ptr_array_index (muster_system_get_base_presets (custom), 0);
  g_assert_cmpint (oval->base.shape, ==, MUSTER_BASE_OVAL);
  g_assert_cmpfloat (oval->base.depth, ==, 35);

  corners = muster_system_lookup_deployment (custom, "corners");
  g_assert_cmpfloat (muster_system_get_rule (custom, corners, MUSTER_RULE_ENEMY_TOO_CLOSE)->distance, ==, 250);
  g_assert_cmpfloat (muster_system_get_rule (custom, NULL, MUSTER_RULE_ENEMY_TOO_CLOSE)->distance, ==, 100);

  zones = muster_deployment_list_zones (corners, NULL);
  g_assert_cmpuint (zones->len, ==, 2);
  g_clear_pointer (&zones, g_ptr_array_unref);
  zones = muster_deployment_list_zones (corners, round_layout);
  g_assert_cmpuint (zones->len, ==, 3);

  nw = muster_system_resolve_zone (custom, corners, "north-west", w, h, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (box_within (nw, 100, 100, 200, 200));
  g_assert_false (box_within (nw, 100, 100, 201, 200));

  nw_round = muster_system_resolve_zone (custom, corners, "north-west", w, h, round_layout, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (box_within (nw_round, 0, 0, 100, 100));
  g_assert_false (box_within (nw_round, 100, 100, 200, 200));

  se = muster_system_resolve_zone (custom, corners, "south-east", w, h, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (box_within (se, 850, 850, 900, 900));
  g_assert_false (box_within (se, 700, 850, 750, 900));

  centre = muster_system_resolve_zone (custom, corners, "centre", w, h, round_layout, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (box_within (centre, 0, 400, 100, 500));
  g_assert_false (box_within (centre, 400, 400, 500, 500));
  g_assert_true (box_within (centre, 500, 400, 600, 500));   /* touches the open circle */

  bands = muster_system_lookup_deployment (custom, "bands");
  g_assert_cmpuint (bands->roll, ==, 3);
  south = muster_system_resolve_zone (custom, bands, "south", w, h, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (box_within (south, 0, 850, 100, 900));
  g_assert_true (box_within (south, 800, 451, 900, 551));
  g_assert_false (box_within (south, 800, 450, 900, 550));   /* beyond 0 is strict */
  g_assert_false (box_within (south, 750, 451, 850, 551));
}

static void
test_broken_files (void)
{
  static const struct {
    const char *file;
    int         code;
    int         line;
    const char *fragment;
  } cases[] = {
    { "missing-id.xml", MUSTER_SYSTEM_ERROR_SCHEMA, -1, NULL },
    { "not-well-formed.xml", MUSTER_SYSTEM_ERROR_PARSE, 4, NULL },
    { "unknown-rule.xml", MUSTER_SYSTEM_ERROR_INVALID, 6, "too-close-for-comfort" },
    { "bad-expression.xml", MUSTER_SYSTEM_ERROR_INVALID, 7, "width */ 4" },
    { "unknown-name.xml", MUSTER_SYSTEM_ERROR_INVALID, 8, "“depht”" },
    { "bad-default.xml", MUSTER_SYSTEM_ERROR_INVALID, 6, "“14”" },
    { "duplicate-deployment.xml", MUSTER_SYSTEM_ERROR_INVALID, 8, "“simple”" },
    { "duplicate-roll.xml", MUSTER_SYSTEM_ERROR_INVALID, 8, "roll" },
    { "bad-zone-option.xml", MUSTER_SYSTEM_ERROR_INVALID, 7, "“n-s”" },
    { "bad-when-option.xml", MUSTER_SYSTEM_ERROR_INVALID, 9, "diagonl" },
    { "no-choice.xml", MUSTER_SYSTEM_ERROR_INVALID, 7, "defender" },
    { "bad-side.xml", MUSTER_SYSTEM_ERROR_SCHEMA, 7, "side" },
    /* The Centre Line of a landscape board has no east side, and that of
     * a portrait board (the preset turned a quarter) no north side. */
    { "bad-centre-side.xml", MUSTER_SYSTEM_ERROR_INVALID, 7, "west to east" },
    { "bad-board-shape.xml", MUSTER_SYSTEM_ERROR_INVALID, 7, "north to south" },
    { "skill-unknown-zone.xml", MUSTER_SYSTEM_ERROR_INVALID, 11, "nowhere" },
    { "missing-distance.xml", MUSTER_SYSTEM_ERROR_INVALID, 5, "distance" },
    { "division-by-zero.xml", MUSTER_SYSTEM_ERROR_INVALID, 10, "division by zero" },
    { "unknown-element.xml", MUSTER_SYSTEM_ERROR_SCHEMA, 6, "hexagon" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_build_filename (TEST_DATA_DIR, "systems", cases[i].file, NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(MusterSystem) system = load_test_file (cases[i].file, &error);

      g_test_message ("%s: %s", cases[i].file, error != NULL ? error->message : "loaded");
      g_assert_null (system);
      g_assert_error (error, MUSTER_SYSTEM_ERROR, cases[i].code);
      g_assert_true (g_str_has_prefix (error->message, path));
      if (cases[i].line > 0)
        assert_message_at (error, path, cases[i].line, cases[i].fragment);
      else
        {
          /* FILE:LINE: */
          const char *rest = error->message + strlen (path);

          g_assert_true (rest[0] == ':' && g_ascii_isdigit (rest[1]));
        }
    }
}

static void
test_from_bytes (void)
{
  static const char *text = "<game-system id='mini' name='Mini'>"
                            "<boards><board id='b' name='B' width='10' height='10'/></boards>"
                            "<deployments><deployment id='d' name='D'/></deployments>"
                            "</game-system>";
  g_autoptr(GBytes) bytes = g_bytes_new_static (text, strlen (text));
  g_autoptr(GBytes) empty = g_bytes_new_static ("", 0);
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterSystem) mini = muster_system_new_from_bytes (bytes, "mini.xml", &error);
  MusterSystem *none;

  g_assert_no_error (error);
  g_assert_true (muster_system_get_bytes (mini) == bytes);
  g_assert_cmpint (muster_system_get_units (mini), ==, MUSTER_UNIT_INCH);
  g_assert_null (muster_system_get_rule (mini, NULL, MUSTER_RULE_OFF_BOARD));
  g_assert_cmpuint (muster_system_get_skills (mini)->len, ==, 0);
  g_assert_cmpuint (muster_system_get_base_presets (mini)->len, ==, 0);
  g_assert_true (muster_system_get_default_board (mini)->is_default);

  none = muster_system_new_from_bytes (empty, "empty.xml", &error);
  g_assert_null (none);
  g_assert_error (error, MUSTER_SYSTEM_ERROR, MUSTER_SYSTEM_ERROR_PARSE);
  g_assert_true (g_str_has_prefix (error->message, "empty.xml:1: "));
}

/* A word from a list, in an attribute, is read as the schema reads it:
 * white space around it left out (a line break written as &#10; made
 * the shape of a base "\nround", which the schema took for round and
 * the reader for a rectangle, then found no width: found by fuzzing).
 * Read without the schema, as shipped systems are, an unknown shape is
 * an error, not a rectangle. */
static void
test_words_as_the_schema_reads_them (void)
{
  static const char *text =
    "<game-system id='mini' name='Mini' units=' mm&#10;'>"
    "<boards><board id='b' name='B' width='10' height='10' default='&#9;true'/></boards>"
    "<bases><base id='r' name='R' shape='&#10;round' diameter='25'/>"
    "<base id='q' name='Q' shape='rect ' width='20' depth='40'/></bases>"
    "<rules><rule code=' overlap'/></rules>"
    "<deployments><deployment id='d' name='D'/></deployments>"
    "</game-system>";
  static const char *odd = "<game-system id='mini' name='Mini'>"
                           "<boards><board id='b' name='B' width='10' height='10'/></boards>"
                           "<bases><base id='r' name='R' shape='square' width='25' depth='25'/></bases>"
                           "</game-system>";
  g_autoptr(GBytes) bytes = g_bytes_new_static (text, strlen (text));
  g_autoptr(GBytes) odd_bytes = g_bytes_new_static (odd, strlen (odd));
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterSystem) mini = muster_system_new_from_bytes (bytes, "mini.xml", &error);
  MusterSystem *none;
  GPtrArray *bases;

  g_assert_no_error (error);
  g_assert_cmpint (muster_system_get_units (mini), ==, MUSTER_UNIT_MM);
  g_assert_true (muster_system_get_default_board (mini)->is_default);
  g_assert_nonnull (muster_system_get_rule (mini, NULL, MUSTER_RULE_OVERLAP));
  bases = muster_system_get_base_presets (mini);
  g_assert_cmpuint (bases->len, ==, 2);
  g_assert_cmpint (((MusterBasePreset *) g_ptr_array_index (bases, 0))->base.shape, ==, MUSTER_BASE_ROUND);
  g_assert_cmpfloat (((MusterBasePreset *) g_ptr_array_index (bases, 0))->base.width, ==, 25);
  g_assert_cmpint (((MusterBasePreset *) g_ptr_array_index (bases, 1))->base.shape, ==, MUSTER_BASE_RECT);

  none = _muster_system_new_from_bytes (odd_bytes, "odd.xml", FALSE, &error);
  g_assert_null (none);
  g_assert_error (error, MUSTER_SYSTEM_ERROR, MUSTER_SYSTEM_ERROR_INVALID);
  g_assert_true (g_str_has_prefix (error->message, "odd.xml:1: "));
}

/* A shipped system is trusted: read as load_shipped() reads it, a zone
 * that would not resolve is not looked for (the schema is not checked
 * either); /core/system/shipped-follow-the-schema reads each shipped
 * system with both checks. A file from anyone else is refused. */
static void
test_shipped_read_unchecked (void)
{
  g_autofree char *path = g_build_filename (TEST_DATA_DIR, "systems", "division-by-zero.xml", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterSystem) trusted = NULL;
  MusterSystem *checked;
  gsize len;

  g_assert_true (g_file_get_contents (path, &text, &len, NULL));
  bytes = g_bytes_new (text, len);

  trusted = _muster_system_new_from_bytes (bytes, "division-by-zero.xml", FALSE, &error);
  g_assert_no_error (error);
  g_assert_nonnull (trusted);

  checked = muster_system_new_from_bytes (bytes, "division-by-zero.xml", &error);
  g_assert_null (checked);
  g_assert_error (error, MUSTER_SYSTEM_ERROR, MUSTER_SYSTEM_ERROR_INVALID);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/system/custom", test_custom_system);
  g_test_add_func ("/core/system/broken-files", test_broken_files);
  g_test_add_func ("/core/system/shipped-read-unchecked", test_shipped_read_unchecked);
  g_test_add_func ("/core/system/from-bytes", test_from_bytes);
  g_test_add_func ("/core/system/words-as-the-schema-reads-them", test_words_as_the_schema_reads_them);

  return g_test_run ();
}
