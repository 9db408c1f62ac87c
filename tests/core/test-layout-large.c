/* test-layout-large.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "test-layout-large"

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

/* Large layouts, the reader's own checks against the schema's, and
 * pieces read without building libxml2's tree. */

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
/* Loads text as a layout, and checks that the loader refuses it for the
 * schema's reasons exactly when the schema does. */
static MusterLayout *
load_as_schema_says (GString    *text,
                     const char *what)
{
  g_autoptr(GBytes) bytes = g_bytes_new (text->str, text->len);
  g_autoptr(xmlDoc) doc = NULL;
  g_autoptr(GError) schema_error = NULL;
  g_autoptr(GError) error = NULL;
  MusterLayout *layout;
  gboolean schema_ok;

  doc = muster_xml_parse (bytes, "test.muster", MUSTER_LAYOUT_ERROR, MUSTER_LAYOUT_ERROR_PARSE, &error);
  g_assert_no_error (error);
  g_assert_nonnull (doc);
  schema_ok = muster_xml_validate (doc, "muster-layout.rng", "test.muster",
                                   MUSTER_LAYOUT_ERROR, MUSTER_LAYOUT_ERROR_SCHEMA, &schema_error);

  layout = muster_layout_new_from_bytes (bytes, "test.muster", &error);
  g_test_message ("%s: schema %s, loader %s", what, schema_ok ? "yes" : schema_error->message,
                  error != NULL ? error->message : "yes");
  if (schema_ok)
    g_assert_false (g_error_matches (error, MUSTER_LAYOUT_ERROR, MUSTER_LAYOUT_ERROR_SCHEMA));
  else
    g_assert_error (error, MUSTER_LAYOUT_ERROR, MUSTER_LAYOUT_ERROR_SCHEMA);
  g_assert_true ((layout != NULL) == (error == NULL));

  return layout;
}

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
          g_autofree char *what = g_strdup_printf ("variant %u, %u others", i, n_others);
          g_autoptr(MusterLayout) layout = NULL;

          for (guint j = 0; j < n_others; j++)
            g_string_append_printf (text, "<piece id=\"o%u\" kind=\"model\" owner=\"red\" x=\"%u\" y=\"1\">"
                                    "<base shape=\"round\" diameter=\"25\"/></piece>\n", j, j * 30);
          g_string_append_printf (text, "%s\n</muster-layout>\n", piece_variants[i]);
          layout = load_as_schema_says (text, what);
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
      g_autofree char *what = g_strdup_printf ("variant %u", i);
      g_autoptr(MusterLayout) layout = NULL;

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
      layout = load_as_schema_says (text, what);
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
  g_assert_cmpint (muster_layout_get_game_log_line (tree), ==, muster_layout_get_game_log_line (lifted));
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
    /* The game log, on its own line among them, of this Muster or a later one. */
    { NULL, LIFT_PIECE (7) "\n  <g:game-log xmlns:g=\"" MUSTER_GAME_LOG_NAMESPACE "\" version=\"1\" system=\"t9a\">\n"
            "    <g:step n=\"1\" action=\"set-dice\" typed=\"true\"/>\n  </g:game-log>\n", 7 },
    { NULL, LIFT_PIECE (7) "\n\n  <g:game-log xmlns:g=\"" MUSTER_GAME_LOG_NAMESPACE "\" version=\"2\" system=\"t9a\">"
            "<g:future/></g:game-log>\n", 7 },
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

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

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

  return g_test_run ();
}
