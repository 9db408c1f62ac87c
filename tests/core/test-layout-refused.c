/* test-layout-refused.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "test-layout-refused"

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

#include "muster-expr.h"
#include "muster-layout.h"
#include "muster-layout-private.h"
#include "muster-xml.h"

#define EXAMPLES_DIR TEST_DATA_DIR "/examples"
#define LAYOUTS_DIR  TEST_DATA_DIR "/layouts"

#include "layout-helpers.h"

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
  { "bad-color", NULL,
    "  <player id=\"green\" color=\"#12345\"/>\n",
    MUSTER_LAYOUT_ERROR_INVALID, 7, "player “green”: color=“#12345”" },
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
  /* Turns count from 1: a piece deployed in none has no turn=. */
  { "turn-zero", NULL,
    "  <piece id=\"p\" kind=\"model\" owner=\"red\" x=\"1\" y=\"1\" turn=\"0\">\n"
    "    <base shape=\"round\" diameter=\"25mm\"/>\n"
    "  </piece>\n",
    MUSTER_LAYOUT_ERROR_INVALID, 7, "turn=“0”" },
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

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/layout/bad-files", test_bad_files);
  g_test_add_func ("/core/layout/newer-version", test_newer_version);
  g_test_add_func ("/core/layout/hostile", test_hostile);
  g_test_add_func ("/core/layout/too-large", test_too_large);
  g_test_add_func ("/core/layout/terrain-points-limit", test_terrain_points_limit);
  g_test_add_func ("/core/layout/any-order", test_any_order);

  for (guint i = 0; i < G_N_ELEMENTS (bad_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/core/layout/bad/%s", bad_cases[i].name);

      g_test_add_data_func (path, &bad_cases[i], test_bad);
    }

  return g_test_run ();
}
