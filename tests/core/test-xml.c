/* test-xml.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "test-xml"

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "muster-xml.h"

#define TEST_ERROR      (g_quark_from_static_string ("test-xml-error"))
#define TEST_ERROR_CODE 42

/* Helpers */

static xmlDoc *
parse_len (const char  *data,
           gsize        size,
           GError     **error)
{
  g_autoptr(GBytes) bytes = g_bytes_new (data, size);

  return muster_xml_parse (bytes, "test.xml", TEST_ERROR, TEST_ERROR_CODE, error);
}

static xmlDoc *
parse (const char  *text,
       GError     **error)
{
  return parse_len (text, strlen (text), error);
}

/* Refused, in TEST_ERROR, with a message that starts "test.xml:LINE: "
 * (any line when line is 0) and contains needle. */
static void
assert_refused (const char *text,
                gsize       size,
                int         line,
                const char *needle)
{
  g_autoptr(xmlDoc) doc = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *prefix = NULL;

  doc = parse_len (text, size, &error);
  g_assert_null (doc);
  g_assert_error (error, TEST_ERROR, TEST_ERROR_CODE);
  g_test_message ("%s", error->message);

  prefix = line > 0 ? g_strdup_printf ("test.xml:%d: ", line) : g_strdup ("test.xml:");
  g_assert_true (g_str_has_prefix (error->message, prefix));
  if (needle != NULL)
    g_assert_nonnull (strstr (error->message, needle));
}

static char *
nested (guint depth)
{
  GString *text = g_string_new ("<?xml version=\"1.0\"?>\n");

  for (guint i = 0; i < depth; i++)
    g_string_append (text, "<a>");
  for (guint i = 0; i < depth; i++)
    g_string_append (text, "</a>");

  return g_string_free (text, FALSE);
}

/* Tests */

static void
test_parse (void)
{
  g_autoptr(xmlDoc) doc = NULL;
  g_autoptr(GError) error = NULL;
  xmlNode *root;
  xmlNode *child = NULL;
  g_autofree char *value = NULL;
  g_autofree char *missing = NULL;

  doc = parse ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
               "<root a=\"1 &amp; 2\" xmlns:x=\"urn:x\">\n"
               "  <child b=\"Bøb\" x:c=\"3\"/>\n"
               "  <x:child/>\n"
               "</root>\n", &error);
  g_assert_no_error (error);
  g_assert_nonnull (doc);

  root = xmlDocGetRootElement (doc);
  g_assert_true (muster_xml_is_element (root, "root"));
  g_assert_false (muster_xml_is_element (root, "child"));
  g_assert_false (muster_xml_is_element (NULL, "root"));
  g_assert_cmpint (muster_xml_get_line (root), ==, 2);
  g_assert_cmpint (muster_xml_get_line (NULL), ==, 0);

  value = muster_xml_get_prop (root, "a");
  g_assert_cmpstr (value, ==, "1 & 2");
  missing = muster_xml_get_prop (root, "b");
  g_assert_null (missing);

  for (xmlNode *node = root->children; node != NULL; node = node->next)
    {
      if (node->type != XML_ELEMENT_NODE)
        continue;

      if (child == NULL)
        {
          g_autofree char *b = muster_xml_get_prop (node, "b");
          g_autofree char *c = muster_xml_get_prop (node, "c");

          child = node;
          g_assert_true (muster_xml_is_element (node, "child"));
          g_assert_cmpint (muster_xml_get_line (node), ==, 3);
          g_assert_cmpstr (b, ==, "Bøb");
          /* Only attributes without a namespace. */
          g_assert_null (c);
        }
      else
        {
          /* An element in a namespace is not the plain one. */
          g_assert_false (muster_xml_is_element (node, "child"));
          g_assert_cmpint (muster_xml_get_line (node), ==, 4);
        }
    }
  g_assert_nonnull (child);
}

static void
test_not_well_formed (void)
{
  static const char mismatched[] =
    "<?xml version=\"1.0\"?>\n"
    "<root>\n"
    "  <a>\n"
    "  </b>\n"
    "</root>\n";
  static const char unclosed[] =
    "<root>\n"
    "  <a>\n";
  static const char junk_after[] =
    "<root/>\n"
    "\n"
    "<second/>\n";
  static const char bad_attr[] =
    "<root>\n"
    "\n"
    "\n"
    "  <a b=\"1\" b=\"2\"/>\n"
    "</root>\n";
  static const char undefined_entity[] =
    "<root>\n"
    "  <a>&nothing;</a>\n"
    "</root>\n";
  static const char lt_in_attr[] =
    "<root>\n"
    "  <a b=\"<\"/>\n"
    "</root>\n";

  assert_refused (mismatched, strlen (mismatched), 4, NULL);
  assert_refused (unclosed, strlen (unclosed), 0, NULL);
  assert_refused (junk_after, strlen (junk_after), 3, NULL);
  assert_refused (bad_attr, strlen (bad_attr), 4, NULL);
  assert_refused (undefined_entity, strlen (undefined_entity), 2, "nothing");
  assert_refused (lt_in_attr, strlen (lt_in_attr), 2, NULL);
  assert_refused ("", 0, 1, "empty");
  assert_refused ("   \n", 4, 0, NULL);
  assert_refused ("just text", 9, 1, NULL);
}

/* What is wrong, in words, with the line where it is: not libxml2's
 * text for programmers ("Couldn't find end of Start Tag board line 2"). */
static void
test_not_well_formed_in_words (void)
{
  static const struct {
    const char *text;
    const char *message;
  } cases[] = {
    { "<muster-layout version=\"1\">\n  <board width=\"72\" height=\"48\"\n</muster-layout>\n",
      "test.xml:2: the <board> tag is not closed: a “>” is missing" },
    { "<muster-layout version=\"1\"", "test.xml:1: the file ends inside the <muster-layout> tag" },
    /* Cut off before an attribute's value: the end of the file, not the
     * quotes. */
    { "<muster-layout>\n  <piece kind=", "test.xml:2: the file ends inside the <piece> tag" },
    { "<muster-layout version=\"1\">\n  <game/>\n",
      "test.xml:3: the file ends before the <muster-layout> element of line 1 is closed" },
    { "<muster-layout>\n  <game>\n</muster-layout>\n",
      "test.xml:3: the end tag </muster-layout> does not close <game>, which is open since line 2" },
    { "<a/>\n<b/>\n", "test.xml:2: more follows the end of the document, after its last element is closed" },
    { "<a b=\"1\" b=\"2\"/>", "test.xml:1: the attribute “b” is given twice in one tag" },
    { "<a\n b=\"<\"/>", "test.xml:2: an attribute value holds a “<”: write it as “&lt;”" },
    { "<a b=1/>", "test.xml:1: an attribute value is not in quotes" },
    { "<a b/>", "test.xml:1: the attribute “b” has no value" },
    { "<a b=\"1/>", "test.xml:1: an attribute value has no closing quote" },
    { "<a b=\"1\"c=\"2\"/>",
      "test.xml:1: the attributes of a tag are not written as name=\"value\" with spaces between them" },
    { "<a>&foo;</a>", "test.xml:1: “&foo;” is no character reference that XML knows: write an “&” as “&amp;”" },
    { "<a>R&D</a>", "test.xml:1: an “&” starts no character reference: write it as “&amp;”" },
    { "<a>& D</a>", "test.xml:1: an “&” starts no character reference: write it as “&amp;”" },
    { "<a>&#1;</a>", "test.xml:1: a character reference “&#…;” names a character that XML does not allow" },
    { "<a>\x01</a>", "test.xml:1: the file holds a character that XML does not allow" },
    { "<a>\xff</a>", "test.xml:1: the text is not in UTF-8, nor in the encoding the file declares" },
    { "just text", "test.xml:1: the file holds no XML element" },
    { "<a>< b</a>", "test.xml:1: a “<” is not followed by the name of an element: write it as “&lt;”" },
    { "<a/>\n<?xml version=\"1.0\"?>",
      "test.xml:2: the XML declaration “<?xml …?>” may only stand at the very start of the file" },
    { "<a><!-- x </a>", "test.xml:1: a comment is not closed: “-->” is missing" },
    { "<a><![CDATA[x</a>", "test.xml:1: a CDATA section is not closed: “]]>” is missing" },
    { "<a>]]></a>", "test.xml:1: “]]>” may not stand in text" },
    { "<p:a/>", "test.xml:1: the namespace prefix “p” is not declared" },
    { "<?xml version=\"1.0\" encoding=\"bogus\"?><a/>",
      "test.xml:1: the file declares the encoding “bogus”, which Muster does not read" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(xmlDoc) doc = NULL;
      g_autoptr(GError) error = NULL;

      doc = parse (cases[i].text, &error);
      g_assert_null (doc);
      g_assert_error (error, TEST_ERROR, TEST_ERROR_CODE);
      g_assert_cmpstr (error->message, ==, cases[i].message);
    }
}

static void
test_dtd_refused (void)
{
  static const char internal[] =
    "<?xml version=\"1.0\"?>\n"
    "<!DOCTYPE root [\n"
    "  <!ELEMENT root ANY>\n"
    "]>\n"
    "<root/>\n";
  static const char external[] =
    "<?xml version=\"1.0\"?>\n"
    "<!DOCTYPE root SYSTEM \"http://example.invalid/root.dtd\">\n"
    "<root/>\n";
  static const char public_id[] =
    "<?xml version=\"1.0\"?>\n"
    "<!DOCTYPE root PUBLIC \"-//W3C//DTD XHTML 1.0 Strict//EN\" "
    "\"http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd\">\n"
    "<root/>\n";

  /* libxml2 keeps no line for the DTD itself: any line will do. */
  assert_refused (internal, strlen (internal), 0, "document type");
  assert_refused (external, strlen (external), 0, "document type");
  assert_refused (public_id, strlen (public_id), 0, "document type");
}

static void
test_billion_laughs (void)
{
  static const char laughs[] =
    "<?xml version=\"1.0\"?>\n"
    "<!DOCTYPE lolz [\n"
    " <!ENTITY lol \"lol\">\n"
    " <!ENTITY lol1 \"&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;\">\n"
    " <!ENTITY lol2 \"&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;\">\n"
    " <!ENTITY lol3 \"&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;\">\n"
    " <!ENTITY lol4 \"&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;\">\n"
    " <!ENTITY lol5 \"&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;\">\n"
    " <!ENTITY lol6 \"&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;\">\n"
    " <!ENTITY lol7 \"&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;\">\n"
    " <!ENTITY lol8 \"&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;\">\n"
    " <!ENTITY lol9 \"&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;\">\n"
    "]>\n"
    "<lolz a=\"&lol9;\">&lol9;</lolz>\n";
  gdouble elapsed;

  g_test_timer_start ();
  assert_refused (laughs, strlen (laughs), 0, NULL);
  elapsed = g_test_timer_elapsed ();
  g_test_message ("refused in %.3f s", elapsed);
}

static void
test_quadratic_blowup (void)
{
  GString *text = g_string_new ("<?xml version=\"1.0\"?>\n<!DOCTYPE r [\n <!ENTITY big \"");
  gdouble elapsed;

  /* One large entity used many times. */
  for (guint i = 0; i < 50000; i++)
    g_string_append_c (text, 'x');
  g_string_append (text, "\">\n]>\n<r>");
  for (guint i = 0; i < 50000; i++)
    g_string_append (text, "&big;");
  g_string_append (text, "</r>\n");

  g_test_timer_start ();
  assert_refused (text->str, text->len, 0, NULL);
  elapsed = g_test_timer_elapsed ();
  g_test_message ("refused in %.3f s", elapsed);

  g_string_free (text, TRUE);
}

static void
test_external_entity (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("muster-xml-XXXXXX", &error);
  g_autofree char *secret = g_build_filename (dir, "secret.txt", NULL);
  g_autofree char *text = NULL;
  g_autoptr(xmlDoc) doc = NULL;

  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (secret, "TOP-SECRET", -1, &error));
  g_assert_no_error (error);

  text = g_strdup_printf ("<?xml version=\"1.0\"?>\n"
                          "<!DOCTYPE root [\n"
                          "  <!ENTITY leak SYSTEM \"file://%s\">\n"
                          "  <!ENTITY net SYSTEM \"http://127.0.0.1:9/nothing\">\n"
                          "]>\n"
                          "<root>&leak;&net;</root>\n", secret);

  doc = parse (text, &error);
  g_assert_null (doc);
  g_assert_error (error, TEST_ERROR, TEST_ERROR_CODE);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, "test.xml:"));
  g_assert_null (strstr (error->message, "TOP-SECRET"));

  /* A parameter entity that would pull in an external DTD. */
  g_clear_error (&error);
  g_clear_pointer (&text, g_free);
  text = g_strdup_printf ("<?xml version=\"1.0\"?>\n"
                          "<!DOCTYPE root [\n"
                          "  <!ENTITY %% ext SYSTEM \"file://%s\">\n"
                          "  %%ext;\n"
                          "]>\n"
                          "<root/>\n", secret);
  doc = parse (text, &error);
  g_assert_null (doc);
  g_assert_error (error, TEST_ERROR, TEST_ERROR_CODE);
  g_assert_null (strstr (error->message, "TOP-SECRET"));

  g_assert_cmpint (g_remove (secret), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
test_xinclude_not_processed (void)
{
  g_autoptr(xmlDoc) doc = NULL;
  g_autoptr(GError) error = NULL;
  xmlNode *root;
  xmlNode *child = NULL;

  /* XInclude is not processed: the element stays as it is. */
  doc = parse ("<root xmlns:xi=\"http://www.w3.org/2001/XInclude\">"
               "<xi:include href=\"/etc/passwd\" parse=\"text\"/></root>", &error);
  g_assert_no_error (error);
  root = xmlDocGetRootElement (doc);
  for (xmlNode *node = root->children; node != NULL; node = node->next)
    {
      if (node->type == XML_ELEMENT_NODE)
        child = node;
    }
  g_assert_nonnull (child);
  g_assert_cmpstr ((const char *) child->name, ==, "include");
}

static void
test_depth_limit (void)
{
  g_autofree char *ok = nested (MUSTER_XML_MAX_DEPTH);
  g_autofree char *deep = nested (MUSTER_XML_MAX_DEPTH + 1);
  g_autofree char *very_deep = nested (100000);
  g_autoptr(xmlDoc) doc = NULL;
  g_autoptr(GError) error = NULL;

  doc = parse (ok, &error);
  g_assert_no_error (error);
  g_assert_nonnull (doc);

  assert_refused (deep, strlen (deep), 0, "deeper");

  /* Far deeper than libxml2's own limit: refused, not a stack overflow. */
  assert_refused (very_deep, strlen (very_deep), 0, NULL);
}

static void
test_size_limit (void)
{
  gsize size = MUSTER_XML_MAX_BYTES + 1;
  g_autofree char *big = g_malloc (size);
  g_autofree char *fits = NULL;
  g_autoptr(xmlDoc) doc = NULL;
  g_autoptr(GError) error = NULL;
  static const char head[] = "<root>";
  static const char tail[] = "</root>";

  /* One byte over: refused before parsing, whatever it holds. */
  memset (big, ' ', size);
  memcpy (big, head, strlen (head));
  memcpy (big + size - strlen (tail), tail, strlen (tail));

  g_test_timer_start ();
  doc = parse_len (big, size, &error);
  g_assert_null (doc);
  g_assert_error (error, TEST_ERROR, TEST_ERROR_CODE);
  g_assert_true (g_str_has_prefix (error->message, "test.xml:1: "));
  g_assert_nonnull (strstr (error->message, "larger"));
  g_clear_error (&error);

  /* At the limit: read. */
  memcpy (big + size - 1 - strlen (tail), tail, strlen (tail));
  doc = parse_len (big, size - 1, &error);
  g_assert_no_error (error);
  g_assert_nonnull (doc);
}

static void
test_huge_text (void)
{
  /* A single text node larger than libxml2's default 10 MB limit. */
  gsize n = 11 * 1000 * 1000;
  GString *text = g_string_sized_new (n + 32);
  g_autoptr(xmlDoc) doc = NULL;
  g_autoptr(GError) error = NULL;

  g_string_append (text, "<r a=\"");
  for (gsize i = 0; i < n; i++)
    g_string_append_c (text, 'x');
  g_string_append (text, "\"/>");

  doc = parse_len (text->str, text->len, &error);
  g_assert_null (doc);
  g_assert_error (error, TEST_ERROR, TEST_ERROR_CODE);
  g_test_message ("%s", error->message);

  g_string_free (text, TRUE);
}

/* libxml2 2.9 checks attributes for duplicates pair by pair: an element
 * with a hundred thousand attributes takes it many seconds. The safe
 * parser should refuse such input before libxml2 sees it. Slow (and
 * failing on an unguarded parser), so only with -m slow. */
static void
test_many_attributes (void)
{
  GString *text;
  double elapsed;

  if (!g_test_slow ())
    {
      g_test_skip ("only with -m slow");
      return;
    }

  text = g_string_new ("<r");
  for (guint i = 0; i < 100000; i++)
    g_string_append_printf (text, " a%u=\"1\"", i);
  g_string_append (text, "/>\n");

  g_test_timer_start ();
  assert_refused (text->str, text->len, 1, NULL);
  elapsed = g_test_timer_elapsed ();
  g_test_message ("refused in %.3f s", elapsed);

  g_string_free (text, TRUE);
}

static void
test_bad_encoding (void)
{
  static const char latin1_as_utf8[] =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<root>\n"
    "  <a name=\"B\xf8" "b\"/>\n"
    "</root>\n";
  static const char truncated_sequence[] =
    "<root>\n"
    "\n"
    "  <a>\xe2\x82</a>\n"
    "</root>\n";
  static const char overlong[] =
    "<root>\xc0\xaf</root>\n";
  static const char unknown_encoding[] =
    "<?xml version=\"1.0\" encoding=\"x-no-such-encoding\"?>\n"
    "<root/>\n";
  static const char nul_byte[] = "<root>\n<a>x\0y</a>\n</root>\n";
  static const char control_char[] =
    "<root>\n"
    "  <a>\x01</a>\n"
    "</root>\n";
  static const char bad_char_ref[] =
    "<root>\n"
    "  <a>&#1;</a>\n"
    "</root>\n";

  assert_refused (latin1_as_utf8, strlen (latin1_as_utf8), 3, NULL);
  assert_refused (truncated_sequence, strlen (truncated_sequence), 3, NULL);
  assert_refused (overlong, strlen (overlong), 1, NULL);
  assert_refused (unknown_encoding, strlen (unknown_encoding), 1, NULL);
  assert_refused (nul_byte, sizeof nul_byte - 1, 2, NULL);
  assert_refused (control_char, strlen (control_char), 2, NULL);
  assert_refused (bad_char_ref, strlen (bad_char_ref), 2, NULL);
}

static void
test_declared_encoding (void)
{
  static const char latin1[] =
    "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n"
    "<root name=\"B\xf8" "b\"/>\n";
  static const char utf16le_bom[] = "\xff\xfe<\0r\0/\0>\0";
  g_autoptr(xmlDoc) doc = NULL;
  g_autoptr(xmlDoc) doc16 = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *name = NULL;

  /* A declared encoding is honoured; values come out as UTF-8. */
  doc = parse (latin1, &error);
  g_assert_no_error (error);
  name = muster_xml_get_prop (xmlDocGetRootElement (doc), "name");
  g_assert_cmpstr (name, ==, "Bøb");

  doc16 = parse_len (utf16le_bom, sizeof utf16le_bom - 1, &error);
  g_assert_no_error (error);
  g_assert_true (muster_xml_is_element (xmlDocGetRootElement (doc16), "r"));
}

static void
test_line_numbers (void)
{
  GString *text = g_string_new ("<?xml version=\"1.0\"?>\n<root>\n");

  /* The error is on line 1002. */
  for (guint i = 0; i < 999; i++)
    g_string_append (text, "  <a/>\n");
  g_string_append (text, "  <a></b>\n</root>\n");

  assert_refused (text->str, text->len, 1002, NULL);
  g_string_free (text, TRUE);
}

static void
test_validate (void)
{
  static const char good[] =
    "<?xml version=\"1.0\"?>\n"
    "<muster-layout version=\"1\" units=\"in\">\n"
    "  <game system=\"t9a\" deployment=\"encircle\"/>\n"
    "  <board width=\"72\" height=\"48\"/>\n"
    "</muster-layout>\n";
  static const char bad[] =
    "<?xml version=\"1.0\"?>\n"
    "<muster-layout version=\"1\" units=\"in\">\n"
    "  <game system=\"t9a\" deployment=\"encircle\"/>\n"
    "  <board width=\"72\" height=\"48\" colour=\"green\"/>\n"
    "</muster-layout>\n";
  g_autoptr(xmlDoc) good_doc = NULL;
  g_autoptr(xmlDoc) bad_doc = NULL;
  g_autoptr(GError) error = NULL;

  good_doc = parse (good, &error);
  g_assert_no_error (error);
  g_assert_true (muster_xml_validate (good_doc, "muster-layout.rng", "test.xml",
                                      TEST_ERROR, TEST_ERROR_CODE, &error));
  g_assert_no_error (error);

  /* Twice: the compiled schema is kept. */
  g_assert_true (muster_xml_validate (good_doc, "muster-layout.rng", "test.xml",
                                      TEST_ERROR, TEST_ERROR_CODE, &error));
  g_assert_no_error (error);

  bad_doc = parse (bad, &error);
  g_assert_no_error (error);
  g_assert_false (muster_xml_validate (bad_doc, "muster-layout.rng", "test.xml",
                                       TEST_ERROR, TEST_ERROR_CODE + 1, &error));
  g_assert_error (error, TEST_ERROR, TEST_ERROR_CODE + 1);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, "test.xml:4: "));
}

static void
test_validate_examples (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) dir = g_dir_open (TEST_DATA_DIR "/examples", 0, &error);
  const char *name;
  guint count = 0;

  g_assert_no_error (error);

  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = NULL;
      g_autofree char *contents = NULL;
      g_autoptr(GBytes) bytes = NULL;
      g_autoptr(xmlDoc) doc = NULL;
      gsize size;

      if (!g_str_has_suffix (name, ".muster"))
        continue;

      path = g_build_filename (TEST_DATA_DIR, "examples", name, NULL);
      g_assert_true (g_file_get_contents (path, &contents, &size, &error));
      g_assert_no_error (error);

      bytes = g_bytes_new_take (g_steal_pointer (&contents), size);
      doc = muster_xml_parse (bytes, name, TEST_ERROR, TEST_ERROR_CODE, &error);
      g_assert_no_error (error);
      g_assert_true (muster_xml_validate (doc, "muster-layout.rng", name,
                                          TEST_ERROR, TEST_ERROR_CODE, &error));
      g_assert_no_error (error);
      count++;
    }

  g_assert_cmpuint (count, >=, 14);
}

static void
test_lookup_data (void)
{
  static const char *names[] = {
    "systems/t9a.xml", "systems/infinity.xml", "systems/ti4.xml",
    "muster-layout.rng", "muster-system.rng",
  };
  g_autoptr(GBytes) missing = NULL;
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autoptr(GBytes) bytes = muster_xml_lookup_data (names[i], &error);

      g_assert_no_error (error);
      g_assert_nonnull (bytes);
      g_assert_cmpuint (g_bytes_get_size (bytes), >, 0);
    }

  missing = muster_xml_lookup_data ("systems/no-such-system.xml", &error);
  g_assert_null (missing);
  g_assert_error (error, G_RESOURCE_ERROR, G_RESOURCE_ERROR_NOT_FOUND);
}

/* The helpers of the readers */

static void
test_find_child (void)
{
  g_autoptr(xmlDoc) doc = NULL;
  g_autoptr(GError) error = NULL;
  xmlNode *root;
  xmlNode *found;

  doc = parse ("<root xmlns:x=\"urn:x\">\n"
               "  text<x:b/><!-- <b/> --><a><b/></a>\n"
               "  <b n=\"1\"/><b n=\"2\"/>\n"
               "</root>\n", &error);
  g_assert_no_error (error);
  root = xmlDocGetRootElement (doc);

  /* The first in no namespace, among the children only. */
  found = muster_xml_find_child (root, "b");
  g_assert_nonnull (found);
  g_assert_cmpstr (muster_xml_peek_prop (found, "n"), ==, "1");
  g_assert_cmpint (muster_xml_get_line (found), ==, 3);
  g_assert_true (muster_xml_is_element (muster_xml_find_child (root, "a"), "a"));
  g_assert_null (muster_xml_find_child (root, "c"));
  g_assert_null (muster_xml_find_child (found, "b"));
}

static void
test_set_error (void)
{
  g_autoptr(xmlDoc) doc = NULL;
  g_autoptr(GError) error = NULL;
  xmlNode *root;

  doc = parse ("<?xml version=\"1.0\"?>\n\n<root/>\n", &error);
  g_assert_no_error (error);
  root = xmlDocGetRootElement (doc);

  g_assert_false (muster_xml_set_error (&error, TEST_ERROR, TEST_ERROR_CODE, "f.xml", root,
                                        "<%s> is %d wrong", "root", 1));
  g_assert_error (error, TEST_ERROR, TEST_ERROR_CODE);
  g_assert_cmpstr (error->message, ==, "f.xml:3: <root> is 1 wrong");
  g_clear_error (&error);

  /* No node, or no line known: line 1. */
  g_assert_false (muster_xml_set_error (&error, TEST_ERROR, TEST_ERROR_CODE, "f.xml", NULL, "bad"));
  g_assert_cmpstr (error->message, ==, "f.xml:1: bad");
  g_clear_error (&error);
  g_assert_false (muster_xml_set_error_at (&error, TEST_ERROR, TEST_ERROR_CODE, "f.xml", 0, "bad"));
  g_assert_cmpstr (error->message, ==, "f.xml:1: bad");
  g_clear_error (&error);
  g_assert_false (muster_xml_set_error_at (&error, TEST_ERROR, TEST_ERROR_CODE, "f.xml", 12, "%s", "bad"));
  g_assert_cmpstr (error->message, ==, "f.xml:12: bad");

  /* No error wanted. */
  g_assert_false (muster_xml_set_error (NULL, TEST_ERROR, TEST_ERROR_CODE, "f.xml", root, "bad"));
}

/* A file that cannot be opened is named, in Muster's words, and keeps
 * GIO's code. */
static void
test_read_file_refused (void)
{
  g_autofree char *dir = g_dir_make_tmp ("muster-xml-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "gone.muster", NULL);
  g_autofree char *expected = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) folder = g_file_new_for_path (dir);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (dir);

  bytes = muster_xml_read_file (file, &error);
  g_assert_null (bytes);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  expected = g_strdup_printf ("%s: there is no such file", path);
  g_assert_cmpstr (error->message, ==, expected);
  g_clear_error (&error);
  g_clear_pointer (&expected, g_free);

  bytes = muster_xml_read_file (folder, &error);
  g_assert_null (bytes);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY);
  expected = g_strdup_printf ("%s: this is a folder, not a file", dir);
  g_assert_cmpstr (error->message, ==, expected);

  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/xml/parse", test_parse);
  g_test_add_func ("/core/xml/not-well-formed", test_not_well_formed);
  g_test_add_func ("/core/xml/not-well-formed-in-words", test_not_well_formed_in_words);
  g_test_add_func ("/core/xml/dtd-refused", test_dtd_refused);
  g_test_add_func ("/core/xml/billion-laughs", test_billion_laughs);
  g_test_add_func ("/core/xml/quadratic-blowup", test_quadratic_blowup);
  g_test_add_func ("/core/xml/external-entity", test_external_entity);
  g_test_add_func ("/core/xml/xinclude-not-processed", test_xinclude_not_processed);
  g_test_add_func ("/core/xml/depth-limit", test_depth_limit);
  g_test_add_func ("/core/xml/size-limit", test_size_limit);
  g_test_add_func ("/core/xml/huge-text", test_huge_text);
  g_test_add_func ("/core/xml/many-attributes", test_many_attributes);
  g_test_add_func ("/core/xml/bad-encoding", test_bad_encoding);
  g_test_add_func ("/core/xml/declared-encoding", test_declared_encoding);
  g_test_add_func ("/core/xml/line-numbers", test_line_numbers);
  g_test_add_func ("/core/xml/validate", test_validate);
  g_test_add_func ("/core/xml/validate-examples", test_validate_examples);
  g_test_add_func ("/core/xml/lookup-data", test_lookup_data);
  g_test_add_func ("/core/xml/read-file-refused", test_read_file_refused);
  g_test_add_func ("/core/xml/find-child", test_find_child);
  g_test_add_func ("/core/xml/set-error", test_set_error);

  return g_test_run ();
}
