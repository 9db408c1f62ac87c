/* test-layout-lifting.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "test-layout-lifting"

#include "config.h"

#include <string.h>

#include "muster-layout-private.h"
#include "muster-xml.h"

/* The lifting of a document (_muster_layout_parse_lifting()) with any
 * MusterXmlLiftFunc: the lifting of pieces is tested with the reading of
 * layouts, in test-layout.c. */

#define TEST_ERROR      (g_quark_from_static_string ("test-lifting-error"))
#define TEST_ERROR_CODE 42

/* Takes "<a/>", and the same with white space before the "/" (for line
 * breaks inside lifted elements). */
static gsize
lift_a (const char *text,
        gsize       available,
        gpointer    user_data)
{
  guint *n_calls = user_data;
  gsize len = 2;

  (*n_calls)++;

  if (available < 4 || strncmp (text, "<a", 2) != 0)
    return 0;
  while (len < available && strchr (" \t\r\n", text[len]) != NULL)
    len++;

  return len + 2 <= available && strncmp (text + len, "/>", 2) == 0 ? len + 2 : 0;
}

/* The element children of the root, as "name:line[:lifted]". */
static char *
describe_children (xmlDoc *doc)
{
  GString *text = g_string_new (NULL);

  for (xmlNode *child = xmlDocGetRootElement (doc)->children; child != NULL; child = child->next)
    {
      if (child->type != XML_ELEMENT_NODE)
        continue;
      g_string_append_printf (text, "%s%s:%d", text->len > 0 ? " " : "", (const char *) child->name,
                              muster_xml_get_line (child));
      if (_muster_layout_get_lifted (child) > 0)
        g_string_append_printf (text, ":%u", _muster_layout_get_lifted (child));
    }

  return g_string_free (text, FALSE);
}

static void
test_lifting (void)
{
  static const struct {
    const char *text;
    const char *children;   /* of the lifted document, or NULL: nothing lifted */
  } cases[] = {
    { "<r>\n<a/>\n<a/> <a/>\n<b/>\n<a\n\n/>\n<c/></r>",
      "muster-lifted:2:3 b:4 muster-lifted:5:1 c:8" },
    /* Line breaks of all kinds, inside and around runs. */
    { "<?xml version=\"1.0\" encoding=\"utf-8\"?>\r\n<r>\r\n<a\r\n/>\r<a\r/>\r\r\n<b/>\r\n<a\r/>\n<c/>\r</r>",
      "muster-lifted:3:2 b:5 muster-lifted:6:1 c:7" },
    { "\xef\xbb\xbf<r><a/><b/><a/></r>", "muster-lifted:1:1 b:1 muster-lifted:1:1" },
    /* Only children of the root, in markup. */
    { "<r><b><a/></b><!-- <a/> --><?p <a/>?><x y=\"&lt;a/>\"/></r>", NULL },
    { "<r><b><a/></b><!-- <a/> --><a/></r>", "b:1 muster-lifted:1:1" },
    /* Runs end at anything but white space. */
    { "<r><a/><!-- --><a/>t<a/><?p?><a/></r>",
      "muster-lifted:1:1 muster-lifted:1:1 muster-lifted:1:1 muster-lifted:1:1" },
    /* A document with a <muster-lifted> of its own is read whole. */
    { "<r><a/><muster-lifted/></r>", NULL },
    { "<r><muster-lifted x=\"1\"/><a/></r>", NULL },
    { "<r><x:y xmlns:x=\"urn:x\"><muster-lifted/></x:y><a/></r>", "y:1 muster-lifted:1:1" },
    /* Not UTF-8, or not surely. */
    { "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><r><a/></r>", NULL },
    { "<?xml version=\"1.0\" encoding=\"UTF-8\" encoding=\"UTF-8\"?><r><a/></r>", NULL },
    { " <r><a/></r>", NULL },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr(GBytes) bytes = g_bytes_new (cases[c].text, strlen (cases[c].text));
      g_autoptr(xmlDoc) whole = NULL;
      g_autoptr(xmlDoc) doc = NULL;
      g_autoptr(GError) whole_error = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *children = NULL;
      gboolean lifted = TRUE;
      guint n_calls = 0;

      g_test_message ("case %u", c);
      whole = muster_xml_parse (bytes, "test.xml", TEST_ERROR, TEST_ERROR_CODE, &whole_error);
      doc = _muster_layout_parse_lifting (bytes, "test.xml", lift_a, &n_calls, &lifted,
                                          TEST_ERROR, TEST_ERROR_CODE, &error);

      if (whole == NULL)
        {
          g_assert_null (doc);
          g_assert_error (error, TEST_ERROR, TEST_ERROR_CODE);
          g_assert_cmpstr (error->message, ==, whole_error->message);
          g_assert_false (lifted);
          continue;
        }

      g_assert_no_error (error);
      g_assert_nonnull (doc);
      children = describe_children (doc);
      g_test_message ("%s", children);
      if (cases[c].children != NULL)
        {
          xmlNode *other = xmlDocGetRootElement (whole)->children;

          g_assert_true (lifted);
          g_assert_cmpstr (children, ==, cases[c].children);

          /* The same elements but the lifted ones, on the same lines. */
          for (xmlNode *child = xmlDocGetRootElement (doc)->children; child != NULL; child = child->next)
            {
              if (child->type != XML_ELEMENT_NODE || _muster_layout_get_lifted (child) > 0)
                continue;
              while (other->type != XML_ELEMENT_NODE || strcmp ((const char *) other->name, "a") == 0)
                other = other->next;
              g_assert_cmpstr ((const char *) child->name, ==, (const char *) other->name);
              g_assert_cmpint (muster_xml_get_line (child), ==, muster_xml_get_line (other));
              other = other->next;
            }
        }
      else
        {
          g_autofree char *whole_children = describe_children (whole);

          g_assert_false (lifted);
          g_assert_cmpstr (children, ==, whole_children);
        }
    }
}

/* What is not well-formed is refused with muster_xml_parse()'s message,
 * lifted children or not. */
static void
test_lifting_refused (void)
{
  static const char * const texts[] = {
    "<r><a/><a/>\n</s>",
    "<r>\n<a/>\n<a/>\n</r>\n<a/>",
    "<a/><r><a/></r>",
    "<r><!-- <a/> --><a/><!-- </r>",
    "<r x=\"1\n\n<a/>\"><a/></r>",
    "<r><a/>&undefined;<a/></r>",
    "<r><a/><!DOCTYPE r><a/></r>",
    "<r><a/>\x01<a/></r>",
    "<r><a/><a/>\xff</r>",
    "<r><![CDATA[<a/>]]><a/><![CDATA[</r>",
    "<?xml version=\"1.0\"?><r><a/><a/><a/>",
  };

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autoptr(GBytes) bytes = g_bytes_new (texts[i], strlen (texts[i]));
      g_autoptr(xmlDoc) whole = NULL;
      g_autoptr(xmlDoc) doc = NULL;
      g_autoptr(GError) whole_error = NULL;
      g_autoptr(GError) error = NULL;
      gboolean lifted = TRUE;
      guint n_calls = 0;

      whole = muster_xml_parse (bytes, "test.xml", TEST_ERROR, TEST_ERROR_CODE, &whole_error);
      doc = _muster_layout_parse_lifting (bytes, "test.xml", lift_a, &n_calls, &lifted,
                                          TEST_ERROR, TEST_ERROR_CODE, &error);
      g_test_message ("%u: %s", i, whole_error != NULL ? whole_error->message : "well-formed");
      g_assert_null (whole);
      g_assert_null (doc);
      g_assert_false (lifted);
      g_assert_error (error, TEST_ERROR, TEST_ERROR_CODE);
      g_assert_cmpstr (error->message, ==, whole_error->message);
    }
}

/* A document of more lines than lifting keeps sure of is read whole. */
static void
test_lifting_long (void)
{
  g_autoptr(GString) text = g_string_new ("<r>");
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(xmlDoc) doc = NULL;
  g_autoptr(GError) error = NULL;
  gboolean lifted = TRUE;
  guint n_calls = 0;

  for (guint i = 0; i < 70000; i++)
    g_string_append (text, "<a/>\n");
  g_string_append (text, "<b/></r>");
  bytes = g_bytes_new (text->str, text->len);

  doc = _muster_layout_parse_lifting (bytes, "test.xml", lift_a, &n_calls, &lifted,
                                      TEST_ERROR, TEST_ERROR_CODE, &error);
  g_assert_no_error (error);
  g_assert_false (lifted);
  g_assert_cmpuint (n_calls, ==, 70001);
  g_assert_cmpuint (xmlChildElementCount (xmlDocGetRootElement (doc)), ==, 70001);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/layout-lifting/document", test_lifting);
  g_test_add_func ("/core/layout-lifting/refused", test_lifting_refused);
  g_test_add_func ("/core/layout-lifting/long", test_lifting_long);

  return g_test_run ();
}
