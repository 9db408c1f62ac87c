/* muster-xml.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-xml"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include <libxml/parser.h>
#include <libxml/relaxng.h>
#include <libxml/xmlerror.h>

#include "muster-core-resources.h"
#include "muster-xml.h"

typedef struct
{
  char *message;
  int   line;
  int   code;         /* libxml2's, of the parser's error kept; 0 for none */
} XmlFirstError;

/* libxml2's messages may quote the input, cut in the middle of a
 * character, and run over several lines: one line of valid UTF-8. */
static char *
clean_message (const char *text)
{
  g_autofree char *valid = g_utf8_make_valid (text, -1);
  GString *clean = g_string_new (NULL);
  gboolean space = FALSE;

  for (const char *p = valid; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_isspace (c) || g_unichar_iscntrl (c))
        {
          space = clean->len > 0;
          continue;
        }

      if (space)
        g_string_append_c (clean, ' ');
      space = FALSE;
      g_string_append_unichar (clean, c);
    }

  if (clean->len == 0)
    g_string_append (clean, _("not well-formed XML"));

  return g_string_free (clean, FALSE);
}

/* Whether the parser has read all of its input: then what is missing
 * is missing because the file ends. */
static gboolean
at_end_of_input (const xmlError *err)
{
  xmlParserCtxtPtr ctxt = err->ctxt;

  return ctxt != NULL && ctxt->input != NULL && ctxt->input->cur != NULL && ctxt->input->end != NULL &&
         ctxt->input->cur >= ctxt->input->end;
}

/* What is wrong with markup that the parser refuses, in words (libxml2's
 * own are for programmers: "Couldn't find end of Start Tag board line
 * 2"), and on which line: *line is the error's, or the line of the tag
 * at fault where that says more. NULL for an error these words do not
 * cover, whose own message is then kept. */
static char *
explain_parser_error (const xmlError *err,
                      int            *line)
{
  const char *s1 = err->str1;
  const char *s2 = err->str2;
  const char *text = err->message != NULL ? err->message : "";

  switch ((int) err->code)
    {
    case XML_ERR_DOCUMENT_EMPTY:
      return g_strdup (_("the file holds no XML element"));
    case XML_ERR_DOCUMENT_END:
      return g_strdup (_("more follows the end of the document, after its last element is closed"));
    case XML_ERR_INVALID_ENCODING:
      /* libxml2 2.12 and later: "Invalid bytes in character encoding". */
      return g_strdup (_("the text is not in UTF-8, nor in the encoding the file declares"));
    case XML_ERR_INVALID_CHAR:
      if (strstr (text, "UTF-8") != NULL || (s1 != NULL && g_str_has_prefix (s1, "Bytes:")))
        return g_strdup (_("the text is not in UTF-8, nor in the encoding the file declares"));
      if (!g_str_has_prefix (text, "xmlParseCharRef"))
        return g_strdup (_("the file holds a character that XML does not allow"));
      G_GNUC_FALLTHROUGH;
    case XML_ERR_INVALID_CHARREF:
      return g_strdup (_("a character reference “&#…;” names a character that XML does not allow"));
    case XML_ERR_ENTITYREF_SEMICOL_MISSING:
      return g_strdup (_("an “&” starts no character reference: write it as “&amp;”"));
    case XML_ERR_UNDECLARED_ENTITY:
    case XML_WAR_UNDECLARED_ENTITY:
      return s1 != NULL ? g_strdup_printf (_("“&%s;” is no character reference that XML knows: write "
                                             "an “&” as “&amp;”"), s1) : NULL;
    case XML_ERR_UNKNOWN_ENCODING:
    case XML_ERR_UNSUPPORTED_ENCODING:
      return s1 != NULL ? g_strdup_printf (_("the file declares the encoding “%s”, which Muster does not "
                                             "read"), s1) : NULL;
    case XML_ERR_LT_IN_ATTRIBUTE:
      return g_strdup (_("an attribute value holds a “<”: write it as “&lt;”"));
    case XML_ERR_ATTRIBUTE_NOT_STARTED:
      return g_strdup (_("an attribute value is not in quotes"));
    case XML_ERR_ATTRIBUTE_NOT_FINISHED:
      return g_strdup (_("an attribute value has no closing quote"));
    case XML_ERR_ATTRIBUTE_WITHOUT_VALUE:
      return s1 != NULL ? g_strdup_printf (_("the attribute “%s” has no value"), s1) : NULL;
    case XML_ERR_ATTRIBUTE_REDEFINED:
      return s1 != NULL ? g_strdup_printf (_("the attribute “%s” is given twice in one tag"), s1) : NULL;
    case XML_ERR_COMMENT_NOT_FINISHED:
      return g_strdup (_("a comment is not closed: “-->” is missing"));
    case XML_ERR_PI_NOT_FINISHED:
      return g_strdup (_("a processing instruction is not closed: “?>” is missing"));
    case XML_ERR_MISPLACED_CDATA_END:
      return g_strdup (_("“]]>” may not stand in text"));
    case XML_ERR_CDATA_NOT_FINISHED:
      return g_strdup (_("a CDATA section is not closed: “]]>” is missing"));
    case XML_ERR_RESERVED_XML_NAME:
      return g_strdup (_("the XML declaration “<?xml …?>” may only stand at the very start of the file"));
    case XML_ERR_SPACE_REQUIRED:
      if (!g_str_has_prefix (text, "attributes construct error"))
        return NULL;
      return g_strdup (_("the attributes of a tag are not written as name=\"value\" with spaces "
                         "between them"));
    case XML_ERR_NAME_REQUIRED:
      if (g_str_has_prefix (text, "xmlParseEntityRef"))
        return g_strdup (_("an “&” starts no character reference: write it as “&amp;”"));
      if (g_str_has_prefix (text, "StartTag"))
        return g_strdup (_("a “<” is not followed by the name of an element: write it as “&lt;”"));
      if (g_str_has_prefix (text, "error parsing attribute name"))
        return g_strdup (_("a tag holds something that is not an attribute"));
      return NULL;
    case XML_ERR_GT_REQUIRED:
      if (s1 == NULL)
        return NULL;
      if (err->int1 > 0)
        *line = err->int1;
      if (at_end_of_input (err))
        return g_strdup_printf (_("the file ends inside the <%s> tag"), s1);
      return g_strdup_printf (_("the <%s> tag is not closed: a “>” is missing"), s1);
    case XML_ERR_TAG_NAME_MISMATCH:
      return s1 != NULL && s2 != NULL
             ? g_strdup_printf (_("the end tag </%s> does not close <%s>, which is open since line %d"),
                                s2, s1, err->int1)
             : NULL;
    case XML_ERR_TAG_NOT_FINISHED:
      return s1 != NULL
             ? g_strdup_printf (_("the file ends before the <%s> element of line %d is closed"), s1, err->int1)
             : NULL;
    case XML_NS_ERR_UNDEFINED_NAMESPACE:
      return s1 != NULL ? g_strdup_printf (_("the namespace prefix “%s” is not declared"), s1) : NULL;
    default:
      return NULL;
    }
}

/* Whether first, the error kept, is told better by err, the parser's
 * next: a tag cut short by the end of the file or by the next tag is
 * first an attribute that goes wrong ("attributes construct error",
 * "error parsing attribute name", a value cut off before its quotes),
 * then the tag that is not closed. */
static gboolean
is_told_better_by (const XmlFirstError *first,
                   const xmlError      *err)
{
  return err->code == XML_ERR_GT_REQUIRED &&
         (first->code == XML_ERR_NAME_REQUIRED ||
          ((first->code == XML_ERR_SPACE_REQUIRED || first->code == XML_ERR_ATTRIBUTE_NOT_STARTED) &&
           at_end_of_input (err)));
}

static void
capture_first_error (void           *user_data,
#if LIBXML_VERSION >= 21200
                     const xmlError *err)  /* libxml2 2.12 made it const */
#else
                     xmlError       *err)
#endif
{
  XmlFirstError *first = user_data;
  g_autofree char *words = NULL;
  int line;

  if (err == NULL || err->level < XML_ERR_ERROR)
    return;

  if (first->message != NULL && !is_told_better_by (first, err))
    return;

  line = err->line;
  /* libxml2 2.12 and later report undecodable bytes from the input layer. */
  if (err->domain == XML_FROM_PARSER || err->domain == XML_FROM_NAMESPACE ||
      (err->domain == XML_FROM_IO && err->code == XML_ERR_INVALID_ENCODING))
    {
      words = explain_parser_error (err, &line);
      first->code = err->code;
    }

  g_free (first->message);
  first->message = clean_message (words != NULL ? words : err->message != NULL ? err->message : _("unknown error"));
  first->line = line;
  /* RELAX NG errors often carry the node but no line. */
  if (first->line <= 0 && err->node != NULL)
    first->line = (int) xmlGetLineNo ((xmlNode *) err->node);
}

/* The first element nested deeper than the limit, or NULL. */
static xmlNode *
too_deep (xmlNode *node,
          int      depth)
{
  if (depth > MUSTER_XML_MAX_DEPTH)
    return node;

  for (xmlNode *child = node->children; child != NULL; child = child->next)
    {
      if (child->type == XML_ELEMENT_NODE)
        {
          xmlNode *deep = too_deep (child, depth + 1);

          if (deep != NULL)
            return deep;
        }
    }

  return NULL;
}

/* The first element that declares a namespace whose name has an "&" in
 * it, or NULL. libxml2 2.9 keeps such a name with the reference undone
 * ("a&amp;b" becomes "a&#38;b") and writes it back unescaped, so the
 * namespace would change on every save: refused, as a name no one uses. */
static xmlNode *
mangled_namespace (xmlNode *node)
{
  for (xmlNs *ns = node->nsDef; ns != NULL; ns = ns->next)
    {
      if (ns->href != NULL && strchr ((const char *) ns->href, '&') != NULL)
        return node;
    }

  for (xmlNode *child = node->children; child != NULL; child = child->next)
    {
      if (child->type == XML_ELEMENT_NODE)
        {
          xmlNode *found = mangled_namespace (child);

          if (found != NULL)
            return found;
        }
    }

  return NULL;
}

/* A first look at the bytes, before libxml2 sees them, for what it would
 * take too long over or refuse with a puzzling message: a document type
 * declaration (the door to entity expansion), nesting past the limit, and
 * elements with more attributes than the limit (libxml2 2.9 checks
 * attributes for duplicates in time quadratic in their number, so one tag
 * with a million attributes would take hours). One pass; the markup is
 * ASCII in every encoding that libxml2 detects from the first bytes, so
 * UTF-16 and UTF-32 are read a code unit at a time. The scan may be
 * fooled by a document that is not well-formed, which libxml2 then
 * refuses; it never refuses a well-formed one that the checks after
 * parsing would let through. */

typedef enum
{
  SCAN_OK,
  SCAN_DOCTYPE,
  SCAN_TOO_DEEP,
  SCAN_TOO_MANY_ATTRIBUTES,
} ScanResult;

typedef struct
{
  const guint8 *data;
  gsize         n_units;
  guint         width;       /* bytes per code unit: 1, 2 or 4 */
  gboolean      big_endian;
  gsize         pos;         /* in code units */
  int           line;
} Scanner;

static void
scanner_init (Scanner    *scanner,
              const char *data,
              gsize       size)
{
  const guint8 *b = (const guint8 *) data;
  static const struct {
    guint8   bytes[4];
    guint    n_bytes;
    guint    width;
    gboolean big_endian;
    gboolean bom;
  } signatures[] = {
    { { 0x00, 0x00, 0xFE, 0xFF }, 4, 4, TRUE, TRUE },
    { { 0xFF, 0xFE, 0x00, 0x00 }, 4, 4, FALSE, TRUE },
    { { 0x00, 0x00, 0x00, 0x3C }, 4, 4, TRUE, FALSE },
    { { 0x3C, 0x00, 0x00, 0x00 }, 4, 4, FALSE, FALSE },
    { { 0xFE, 0xFF }, 2, 2, TRUE, TRUE },
    { { 0xFF, 0xFE }, 2, 2, FALSE, TRUE },
    { { 0x00, 0x3C, 0x00, 0x3F }, 4, 2, TRUE, FALSE },
    { { 0x3C, 0x00, 0x3F, 0x00 }, 4, 2, FALSE, FALSE },
  };

  scanner->data = b;
  scanner->width = 1;
  scanner->big_endian = FALSE;
  scanner->pos = 0;
  scanner->line = 1;

  for (guint i = 0; i < G_N_ELEMENTS (signatures); i++)
    {
      if (size >= signatures[i].n_bytes &&
          memcmp (b, signatures[i].bytes, signatures[i].n_bytes) == 0)
        {
          scanner->width = signatures[i].width;
          scanner->big_endian = signatures[i].big_endian;
          if (signatures[i].bom)
            scanner->pos = 1;
          break;
        }
    }

  scanner->n_units = size / scanner->width;
}

/* The code unit at pos + offset, or 0 past the end. */
static guint32
scanner_peek (const Scanner *scanner,
              gsize          offset)
{
  const guint8 *p;
  guint32 unit = 0;

  if (scanner->pos + offset >= scanner->n_units)
    return 0;

  p = scanner->data + (scanner->pos + offset) * scanner->width;
  for (guint i = 0; i < scanner->width; i++)
    {
      guint byte = scanner->big_endian ? i : scanner->width - 1 - i;

      unit = (unit << 8) | p[byte];
    }

  return unit;
}

/* Moves one code unit on, counting lines. */
static void
scanner_advance (Scanner *scanner)
{
  if (scanner_peek (scanner, 0) == '\n')
    scanner->line++;
  scanner->pos++;
}

static gboolean
scanner_looking_at (const Scanner *scanner,
                    const char    *ascii)
{
  for (gsize i = 0; ascii[i] != '\0'; i++)
    {
      if (scanner_peek (scanner, i) != (guint32) ascii[i])
        return FALSE;
    }

  return TRUE;
}

/* Moves past the next occurrence of end, or to the end of the input. */
static void
scanner_skip_past (Scanner    *scanner,
                   const char *end)
{
  while (scanner->pos < scanner->n_units && !scanner_looking_at (scanner, end))
    scanner_advance (scanner);

  for (gsize i = 0; end[i] != '\0' && scanner->pos < scanner->n_units; i++)
    scanner_advance (scanner);
}

/* The line on which the first limit bytes end. */
static int
line_at (const char *data,
         gsize       limit)
{
  int line = 1;

  for (const char *p = data; (p = memchr (p, '\n', limit - (p - data))) != NULL; p++)
    line++;

  return line;
}

/* Moves past the next occurrence of end, or to the end of the input. */
static const char *
skip_past (const char *p,
           const char *data_end,
           const char *end)
{
  gsize len = strlen (end);

  for (; p < data_end; p++)
    {
      p = memchr (p, end[0], data_end - p);
      if (p == NULL)
        return data_end;
      if ((gsize) (data_end - p) >= len && memcmp (p, end, len) == 0)
        return p + len;
    }

  return data_end;
}

/* scan_markup() for input a byte at a time (UTF-8 and the like), the
 * same scan with the text between tags skipped by memchr() and the line
 * counted only for an error. With lift, each child element of the root
 * is first offered to it (see muster_xml_scan_lifting()); what it takes
 * is skipped. */
static ScanResult
scan_markup_bytes (const char        *data,
                   gsize              size,
                   gsize              start,
                   int               *line,
                   MusterXmlLiftFunc  lift,
                   gpointer           user_data)
{
  const char *end = data + size;
  const char *p = data + start;
  guint depth = 0;

  while (p < end)
    {
      guint n_attributes = 0;
      char quote = 0;
      char last = 0;

      p = memchr (p, '<', end - p);
      if (p == NULL)
        break;

      if (muster_xml_looking_at (p, end, "<!--"))
        p = skip_past (p, end, "-->");
      else if (muster_xml_looking_at (p, end, "<![CDATA["))
        p = skip_past (p, end, "]]>");
      else if (muster_xml_looking_at (p, end, "<!DOCTYPE"))
        {
          *line = line_at (data, p - data);
          return SCAN_DOCTYPE;
        }
      else if (muster_xml_looking_at (p, end, "<?"))
        p = skip_past (p, end, "?>");
      else if (muster_xml_looking_at (p, end, "<!"))
        p = skip_past (p, end, ">");
      else if (muster_xml_looking_at (p, end, "</"))
        {
          if (depth > 0)
            depth--;
          p = skip_past (p, end, ">");
        }
      else
        {
          /* A child of the root that the caller reads by hand: a whole
           * element, which needs none of the checks below. */
          if (lift != NULL && depth == 1)
            {
              gsize length = lift (p, end - p, user_data);

              if (length > 0)
                {
                  g_assert (length <= (gsize) (end - p));
                  p += length;
                  continue;
                }
            }

          /* A start tag: count its attributes up to the '>' outside quotes. */
          for (p++; p < end; p++)
            {
              char c = *p;

              if (quote != 0)
                {
                  if (c == quote)
                    quote = 0;
                }
              else if (c == '"' || c == '\'')
                quote = c;
              else if (c == '=' && ++n_attributes > MUSTER_XML_MAX_ATTRIBUTES)
                {
                  *line = line_at (data, p - data);
                  return SCAN_TOO_MANY_ATTRIBUTES;
                }
              else if (c == '>' || c == '<')
                break;

              last = c;
            }

          if (p >= end || *p != '>')
            continue;   /* not well-formed: libxml2 says where */

          if (last != '/' && ++depth > MUSTER_XML_MAX_DEPTH)
            {
              *line = line_at (data, p - data);
              return SCAN_TOO_DEEP;
            }
          p++;
        }
    }

  return SCAN_OK;
}

static ScanResult
scan_markup (const char *data,
             gsize       size,
             int        *line)
{
  Scanner scanner;
  guint depth = 0;

  scanner_init (&scanner, data, size);

  if (scanner.width == 1)
    return scan_markup_bytes (data, size, scanner.pos, line, NULL, NULL);

  while (scanner.pos < scanner.n_units)
    {
      guint32 quote = 0;
      guint32 last = 0;
      guint n_attributes = 0;

      if (scanner_peek (&scanner, 0) != '<')
        {
          scanner_advance (&scanner);
          continue;
        }

      *line = scanner.line;

      if (scanner_looking_at (&scanner, "<!--"))
        scanner_skip_past (&scanner, "-->");
      else if (scanner_looking_at (&scanner, "<![CDATA["))
        scanner_skip_past (&scanner, "]]>");
      else if (scanner_looking_at (&scanner, "<!DOCTYPE"))
        return SCAN_DOCTYPE;
      else if (scanner_looking_at (&scanner, "<?"))
        scanner_skip_past (&scanner, "?>");
      else if (scanner_looking_at (&scanner, "<!"))
        scanner_skip_past (&scanner, ">");
      else if (scanner_looking_at (&scanner, "</"))
        {
          if (depth > 0)
            depth--;
          scanner_skip_past (&scanner, ">");
        }
      else
        {
          /* A start tag: count its attributes up to the '>' outside quotes. */
          for (scanner_advance (&scanner); scanner.pos < scanner.n_units; scanner_advance (&scanner))
            {
              guint32 c = scanner_peek (&scanner, 0);

              if (quote != 0)
                {
                  if (c == quote)
                    quote = 0;
                }
              else if (c == '"' || c == '\'')
                quote = c;
              else if (c == '=' && ++n_attributes > MUSTER_XML_MAX_ATTRIBUTES)
                {
                  *line = scanner.line;
                  return SCAN_TOO_MANY_ATTRIBUTES;
                }
              else if (c == '>' || c == '<')
                break;

              last = c;
            }

          if (scanner_peek (&scanner, 0) != '>')
            continue;   /* not well-formed: libxml2 says where */

          *line = scanner.line;
          scanner_advance (&scanner);

          if (last != '/' && ++depth > MUSTER_XML_MAX_DEPTH)
            return SCAN_TOO_DEEP;
        }
    }

  return SCAN_OK;
}

/* libxml2's parse of data and the checks after it: the part of
 * muster_xml_parse() after the first look at the bytes. */
xmlDoc *
muster_xml_parse_scanned (const char  *data,
                          gsize        size,
                          const char  *filename,
                          GQuark       domain,
                          int          code,
                          GError     **error)
{
  g_autoptr(xmlDoc) doc = NULL;
  XmlFirstError first = { NULL, 0, 0 };
  xmlParserCtxtPtr ctxt;

  ctxt = xmlNewParserCtxt ();
  if (ctxt == NULL)
    {
      g_set_error (error, domain, code, _("%s: out of memory"), filename);
      return NULL;
    }

  xmlSetStructuredErrorFunc (&first, capture_first_error);
  /* No XML_PARSE_NOENT (entities stay unexpanded), no DTD loading, no
   * network; the default (non-HUGE) limits bound text and names. Short
   * text is kept in its node (XML_PARSE_COMPACT: fewer allocations; the
   * tree is read, never edited, by its users). */
  doc = xmlCtxtReadMemory (ctxt, data, (int) size, filename, NULL,
                           XML_PARSE_NONET | XML_PARSE_BIG_LINES | XML_PARSE_NOERROR | XML_PARSE_NOWARNING |
                           XML_PARSE_COMPACT);
  xmlSetStructuredErrorFunc (NULL, NULL);

  if (doc == NULL || !ctxt->wellFormed || first.message != NULL)
    {
      muster_xml_set_error_at (error, domain, code, filename, first.line, "%s",
                               first.message != NULL ? first.message : _("not well-formed XML"));
      g_free (first.message);
      xmlFreeParserCtxt (ctxt);
      return NULL;
    }

  xmlFreeParserCtxt (ctxt);

  if (doc->intSubset != NULL || doc->extSubset != NULL)
    {
      xmlDtd *dtd = doc->intSubset != NULL ? doc->intSubset : doc->extSubset;

      g_set_error (error, domain, code,
                   _("%s:%d: document type declarations are not allowed"),
                   filename, MAX (1, (int) xmlGetLineNo ((xmlNode *) dtd)));
      return NULL;
    }

  if (xmlDocGetRootElement (doc) == NULL)
    {
      g_set_error (error, domain, code, _("%s:1: no root element"), filename);
      return NULL;
    }

  {
    xmlNode *deep = too_deep (xmlDocGetRootElement (doc), 1);

    if (deep != NULL)
      {
        g_set_error (error, domain, code, _("%s:%d: elements are nested deeper than %d"),
                     filename, MAX (1, (int) xmlGetLineNo (deep)), MUSTER_XML_MAX_DEPTH);
        return NULL;
      }
  }

  {
    xmlNode *mangled = mangled_namespace (xmlDocGetRootElement (doc));

    if (mangled != NULL)
      {
        g_set_error (error, domain, code, _("%s:%d: a namespace name may not contain “&”"),
                     filename, MAX (1, (int) xmlGetLineNo (mangled)));
        return NULL;
      }
  }

  return g_steal_pointer (&doc);
}

/* The checks before libxml2 sees the bytes: their size and the first
 * look (scan_markup()). */
static gboolean
check_bytes (const char  *data,
             gsize        size,
             const char  *filename,
             GQuark       domain,
             int          code,
             GError     **error)
{
  int line = 1;

  if (size > MUSTER_XML_MAX_BYTES)
    {
      g_set_error (error, domain, code,
                   _("%s:%d: the file is larger than %d MiB"),
                   filename, line_at (data, MUSTER_XML_MAX_BYTES),
                   MUSTER_XML_MAX_BYTES / (1024 * 1024));
      return FALSE;
    }

  if (size == 0)
    {
      g_set_error (error, domain, code, _("%s:1: the file is empty"), filename);
      return FALSE;
    }

  switch (scan_markup (data, size, &line))
    {
    case SCAN_OK:
      return TRUE;
    case SCAN_DOCTYPE:
      g_set_error (error, domain, code, _("%s:%d: document type declarations are not allowed"),
                   filename, line);
      return FALSE;
    case SCAN_TOO_DEEP:
      g_set_error (error, domain, code, _("%s:%d: elements are nested deeper than %d"),
                   filename, line, MUSTER_XML_MAX_DEPTH);
      return FALSE;
    case SCAN_TOO_MANY_ATTRIBUTES:
      g_set_error (error, domain, code, _("%s:%d: an element has more than %d attributes"),
                   filename, line, MUSTER_XML_MAX_ATTRIBUTES);
      return FALSE;
    default:
      g_assert_not_reached ();
    }
}

xmlDoc *
muster_xml_parse (GBytes      *bytes,
                  const char  *filename,
                  GQuark       domain,
                  int          code,
                  GError     **error)
{
  const char *data;
  gsize size;

  g_return_val_if_fail (bytes != NULL, NULL);
  g_return_val_if_fail (filename != NULL, NULL);

  data = g_bytes_get_data (bytes, &size);

  if (!check_bytes (data, size, filename, domain, code, error))
    return NULL;

  return muster_xml_parse_scanned (data, size, filename, domain, code, error);
}

/* Whether libxml2 reads data a byte at a time as UTF-8: a UTF-8 byte
 * order mark or none, markup from the first byte on (not EBCDIC, nor
 * UTF-16 or UTF-32), and no other encoding declared. */
static gboolean
read_as_utf8 (const char *data,
              gsize       size)
{
  const char *end = data + size;
  const char *p = data;
  const char *decl_end;
  const char *encoding;
  const char *value;
  Scanner scanner;
  char quote;

  scanner_init (&scanner, data, size);
  if (scanner.width != 1)
    return FALSE;

  if (muster_xml_looking_at (p, end, "\xEF\xBB\xBF"))
    p += 3;

  if (p >= end || *p != '<')
    return FALSE;

  if (!muster_xml_looking_at (p, end, "<?xml") || end - p < 6 || !muster_xml_is_space (p[5]))
    return TRUE;

  decl_end = skip_past (p, end, "?>");
  encoding = g_strstr_len (p, decl_end - p, "encoding");
  if (encoding == NULL)
    return TRUE;

  /* One encoding="UTF-8", with or without white space around "=". */
  p = encoding + strlen ("encoding");
  if (g_strstr_len (p, decl_end - p, "encoding") != NULL)
    return FALSE;
  while (p < decl_end && muster_xml_is_space (*p))
    p++;
  if (p >= decl_end || *p != '=')
    return FALSE;
  for (p++; p < decl_end && muster_xml_is_space (*p); p++)
    ;
  if (p >= decl_end || (*p != '"' && *p != '\''))
    return FALSE;
  quote = *p++;
  value = p;
  while (p < decl_end && *p != quote)
    p++;

  return p < decl_end && p - value == 5 && g_ascii_strncasecmp (value, "UTF-8", 5) == 0;
}

gboolean
muster_xml_scan_lifting (GBytes            *bytes,
                         MusterXmlLiftFunc  lift,
                         gpointer           user_data)
{
  const char *data;
  gsize size;
  int line = 1;

  g_return_val_if_fail (bytes != NULL, FALSE);
  g_return_val_if_fail (lift != NULL, FALSE);

  data = g_bytes_get_data (bytes, &size);

  return size > 0 && size <= MUSTER_XML_MAX_BYTES && read_as_utf8 (data, size) &&
         scan_markup_bytes (data, size, 0, &line, lift, user_data) == SCAN_OK;
}

/* GIO words a file it cannot open by its path and the system's name for
 * the errno, in the system's language whatever Muster's is ("Error
 * opening file /x: No such file or directory"). The cases a player meets
 * get Muster's words, in the form of every other error of a file: its
 * name first. The domain and code stay GIO's, for callers that test them. */
static void
reword_open_error (GFile   *file,
                   GError **error)
{
  g_autofree char *name = NULL;
  const char *why;
  int code;

  if (error == NULL || *error == NULL || (*error)->domain != G_IO_ERROR)
    return;

  code = (*error)->code;
  switch (code)
    {
    case G_IO_ERROR_NOT_FOUND:
      why = _("there is no such file");
      break;

    case G_IO_ERROR_IS_DIRECTORY:
      why = _("this is a folder, not a file");
      break;

    case G_IO_ERROR_PERMISSION_DENIED:
      why = _("you have no permission to read this file");
      break;

    default:
      return;
    }

  name = g_file_get_parse_name (file);
  g_clear_error (error);
  g_set_error (error, G_IO_ERROR, code, "%s: %s", name, why);
}

GBytes *
muster_xml_read_file (GFile   *file,
                      GError **error)
{
  g_autoptr(GFileInputStream) stream = NULL;
  g_autoptr(GByteArray) data = NULL;
  g_autofree guint8 *chunk = NULL;
  const gsize chunk_size = 64 * 1024;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  stream = g_file_read (file, NULL, error);
  if (stream == NULL)
    {
      reword_open_error (file, error);
      return NULL;
    }

  data = g_byte_array_new ();
  chunk = g_malloc (chunk_size);

  while (data->len <= MUSTER_XML_MAX_BYTES)
    {
      gsize wanted = MIN (chunk_size, MUSTER_XML_MAX_BYTES + 1 - data->len);
      gssize n = g_input_stream_read (G_INPUT_STREAM (stream), chunk, wanted, NULL, error);

      if (n < 0)
        return NULL;
      if (n == 0)
        break;

      g_byte_array_append (data, chunk, (guint) n);
    }

  return g_byte_array_free_to_bytes (g_steal_pointer (&data));
}

GBytes *
muster_xml_lookup_data (const char  *name,
                        GError     **error)
{
  static gsize registered;
  g_autofree char *path = NULL;

  g_return_val_if_fail (name != NULL, NULL);

  /* Registered by hand: a constructor in a static library may never be
   * linked in. */
  if (g_once_init_enter (&registered))
    {
      muster_core_register_resource ();
      g_once_init_leave (&registered, 1);
    }

  path = g_strconcat ("/io/github/muster/Muster/core/", name, NULL);

  return g_resources_lookup_data (path, G_RESOURCE_LOOKUP_FLAGS_NONE, error);
}

static xmlRelaxNGPtr
load_schema (const char *schema_name)
{
  static GHashTable *schemas;
  static GMutex lock;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  xmlRelaxNGParserCtxtPtr pctxt;
  xmlRelaxNGPtr schema;
  const char *data;
  gsize size;

  g_mutex_lock (&lock);

  if (schemas == NULL)
    schemas = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  /* Parsed once per process: the schemas are compiled in and never change. */
  schema = g_hash_table_lookup (schemas, schema_name);
  if (schema != NULL)
    {
      g_mutex_unlock (&lock);
      return schema;
    }

  bytes = muster_xml_lookup_data (schema_name, &error);
  if (bytes == NULL)
    g_error ("Schema %s is missing from the resources: %s", schema_name, error->message);

  data = g_bytes_get_data (bytes, &size);
  pctxt = xmlRelaxNGNewMemParserCtxt (data, (int) size);
  schema = xmlRelaxNGParse (pctxt);
  xmlRelaxNGFreeParserCtxt (pctxt);

  if (schema == NULL)
    g_error ("Schema %s does not compile", schema_name);

  g_hash_table_insert (schemas, g_strdup (schema_name), schema);
  g_mutex_unlock (&lock);

  return schema;
}

gboolean
muster_xml_validate (xmlDoc      *doc,
                     const char  *schema_name,
                     const char  *filename,
                     GQuark       domain,
                     int          code,
                     GError     **error)
{
  XmlFirstError first = { NULL, 0, 0 };
  xmlRelaxNGValidCtxtPtr vctxt;
  xmlRelaxNGPtr schema;
  int ret;

  g_return_val_if_fail (doc != NULL, FALSE);
  g_return_val_if_fail (schema_name != NULL, FALSE);

  schema = load_schema (schema_name);
  vctxt = xmlRelaxNGNewValidCtxt (schema);
  xmlRelaxNGSetValidStructuredErrors (vctxt, capture_first_error, &first);
  ret = xmlRelaxNGValidateDoc (vctxt, doc);
  xmlRelaxNGFreeValidCtxt (vctxt);

  if (ret != 0)
    {
      muster_xml_set_error_at (error, domain, code, filename, first.line, "%s",
                               first.message != NULL ? first.message : _("does not follow the schema"));
      g_free (first.message);
      return FALSE;
    }

  g_free (first.message);

  return TRUE;
}

/* Children of the root per pass of muster_xml_validate_interleaved(). */
#define VALIDATE_BATCH 256

/* Blank text, comments and processing instructions: what RELAX NG skips
 * in element content. */
static gboolean
ignorable_node (xmlNode *node)
{
  return node->type == XML_COMMENT_NODE ||
         node->type == XML_PI_NODE ||
         (node->type == XML_TEXT_NODE && xmlIsBlankNode (node));
}

static void
link_children (xmlNode  *parent,
               xmlNode **nodes,
               guint     n_nodes)
{
  parent->children = n_nodes > 0 ? nodes[0] : NULL;
  parent->last = n_nodes > 0 ? nodes[n_nodes - 1] : NULL;

  for (guint i = 0; i < n_nodes; i++)
    {
      nodes[i]->prev = i > 0 ? nodes[i - 1] : NULL;
      nodes[i]->next = i + 1 < n_nodes ? nodes[i + 1] : NULL;
    }
}

/* Why the schema check goes in passes.
 *
 * libxml2 (2.9) checks a <zeroOrMore> inside an <interleave> (and a
 * repeated <choice> that holds a wildcard) keeping every state the match
 * may be in, in time that grows with the square of the number of
 * siblings: a quarter of a second for the root of a 5,000-piece layout,
 * most of the time `muster --validate` took, and half a minute for
 * 50,000. When the root's content is an interleave of single elements
 * and repeated groups with no text, the order of its children does not
 * matter, so checking them a batch at a time is the same check: each
 * pass sees the root with its attributes, the first child element of each
 * name in no namespace (so an element that must be there is there, and a
 * second one where one is allowed meets the first in its batch), and one
 * batch of the other children, in document order. Every child is checked
 * in some pass, in time linear in their number. */
gboolean
muster_xml_validate_interleaved (xmlDoc      *doc,
                                 const char  *schema_name,
                                 const char  *filename,
                                 GQuark       domain,
                                 int          code,
                                 GError     **error)
{
  g_autoptr(GPtrArray) children = NULL;
  g_autoptr(GPtrArray) firsts = NULL;
  g_autoptr(GPtrArray) others = NULL;
  g_autoptr(GPtrArray) pass = NULL;
  g_autoptr(GHashTable) names = NULL;
  xmlNode *root;
  gboolean ok = TRUE;

  g_return_val_if_fail (doc != NULL, FALSE);

  root = xmlDocGetRootElement (doc);
  if (root == NULL)
    return muster_xml_validate (doc, schema_name, filename, domain, code, error);

  children = g_ptr_array_new ();
  firsts = g_ptr_array_new ();
  others = g_ptr_array_new ();
  names = g_hash_table_new (g_str_hash, g_str_equal);

  for (xmlNode *child = root->children; child != NULL; child = child->next)
    {
      g_ptr_array_add (children, child);

      if (ignorable_node (child))
        continue;

      if (child->type == XML_ELEMENT_NODE && child->ns == NULL &&
          !g_hash_table_contains (names, child->name))
        {
          g_hash_table_add (names, (gpointer) child->name);
          g_ptr_array_add (firsts, child);
        }
      else
        g_ptr_array_add (others, child);
    }

  /* Small enough to check at once, or too many names for passes to pay
   * (then the document does not follow a schema of a few names anyway). */
  if (others->len <= VALIDATE_BATCH || firsts->len > VALIDATE_BATCH)
    return muster_xml_validate (doc, schema_name, filename, domain, code, error);

  pass = g_ptr_array_sized_new (firsts->len + VALIDATE_BATCH);

  for (guint start = 0; ok && start < others->len; start += VALIDATE_BATCH)
    {
      guint end = MIN (start + VALIDATE_BATCH, others->len);
      guint f = 0;
      guint o = start;

      /* Merge the firsts and the batch, both in document order. */
      g_ptr_array_set_size (pass, 0);
      for (guint i = 0; i < children->len && (f < firsts->len || o < end); i++)
        {
          xmlNode *child = g_ptr_array_index (children, i);

          if (f < firsts->len && child == g_ptr_array_index (firsts, f))
            {
              g_ptr_array_add (pass, child);
              f++;
            }
          else if (o < end && child == g_ptr_array_index (others, o))
            {
              g_ptr_array_add (pass, child);
              o++;
            }
        }

      link_children (root, (xmlNode **) pass->pdata, pass->len);
      ok = muster_xml_validate (doc, schema_name, filename, domain, code, error);
    }

  link_children (root, (xmlNode **) children->pdata, children->len);

  return ok;
}

gboolean
muster_xml_validate_interleaved_except (xmlDoc               *doc,
                                        const char           *schema_name,
                                        MusterXmlChildCheck   check,
                                        const char           *filename,
                                        GQuark                domain,
                                        int                   code,
                                        GError              **error)
{
  g_autoptr(GPtrArray) children = NULL;
  g_autoptr(GPtrArray) rest = NULL;
  xmlNode *root;
  gboolean ok;

  g_return_val_if_fail (doc != NULL, FALSE);
  g_return_val_if_fail (check != NULL, FALSE);

  root = xmlDocGetRootElement (doc);
  if (root == NULL)
    return muster_xml_validate (doc, schema_name, filename, domain, code, error);

  children = g_ptr_array_new ();
  rest = g_ptr_array_new ();

  for (xmlNode *child = root->children; child != NULL; child = child->next)
    {
      g_ptr_array_add (children, child);
      if (child->type != XML_ELEMENT_NODE || !check (child))
        g_ptr_array_add (rest, child);
    }

  if (rest->len == children->len)
    return muster_xml_validate_interleaved (doc, schema_name, filename, domain, code, error);

  link_children (root, (xmlNode **) rest->pdata, rest->len);
  ok = muster_xml_validate_interleaved (doc, schema_name, filename, domain, code, NULL);
  link_children (root, (xmlNode **) children->pdata, children->len);

  if (ok)
    return TRUE;

  /* The message of a check of the whole document. */
  return muster_xml_validate_interleaved (doc, schema_name, filename, domain, code, error);
}

xmlNode *
muster_xml_first_refused_child (xmlDoc               *doc,
                                const char           *schema_name,
                                MusterXmlChildCheck   check,
                                xmlNode              *parent)
{
  g_autoptr(GPtrArray) children = g_ptr_array_new ();
  xmlNode *refused = NULL;

  g_return_val_if_fail (doc != NULL, NULL);
  g_return_val_if_fail (parent != NULL, NULL);

  for (xmlNode *child = parent->children; child != NULL; child = child->next)
    g_ptr_array_add (children, child);

  /* Refused with none of them: what is wrong is not among them. */
  link_children (parent, NULL, 0);
  if (muster_xml_validate_interleaved_except (doc, schema_name, check, "", 0, 0, NULL))
    {
      for (guint i = 0; i < children->len && refused == NULL; i++)
        {
          xmlNode *child = g_ptr_array_index (children, i);

          if (child->type != XML_ELEMENT_NODE)
            continue;
          link_children (parent, &child, 1);
          if (!muster_xml_validate_interleaved_except (doc, schema_name, check, "", 0, 0, NULL))
            refused = child;
        }
    }
  link_children (parent, (xmlNode **) children->pdata, children->len);

  return refused;
}

const char *
muster_xml_peek_attr_value (xmlAttr *attr)
{
  xmlNode *text;

  g_return_val_if_fail (attr != NULL, NULL);

  text = attr->children;
  if (text == NULL)
    return "";

  if (text->type != XML_TEXT_NODE || text->next != NULL || text->content == NULL)
    return NULL;

  return (const char *) text->content;
}

/* The attribute in no namespace, as xmlHasNsProp() without a DTD. */
static xmlAttr *
find_attr (xmlNode    *node,
           const char *name)
{
  if (node->type != XML_ELEMENT_NODE)
    return NULL;

  for (xmlAttr *attr = node->properties; attr != NULL; attr = attr->next)
    {
      if (attr->ns == NULL && attr->name[0] == (xmlChar) name[0] &&
          strcmp ((const char *) attr->name, name) == 0)
        return attr;
    }

  return NULL;
}

const char *
muster_xml_peek_prop (xmlNode    *node,
                      const char *name)
{
  xmlAttr *attr;

  g_return_val_if_fail (node != NULL, NULL);
  g_return_val_if_fail (name != NULL, NULL);

  attr = find_attr (node, name);

  return attr != NULL ? muster_xml_peek_attr_value (attr) : NULL;
}

char *
muster_xml_get_prop (xmlNode    *node,
                     const char *name)
{
  xmlChar *value;
  const char *text;
  xmlAttr *attr;
  char *ret;

  g_return_val_if_fail (node != NULL, NULL);
  g_return_val_if_fail (name != NULL, NULL);

  /* The usual cases, without libxml2's copy of the value. */
  attr = find_attr (node, name);
  if (attr == NULL)
    return NULL;

  text = muster_xml_peek_attr_value (attr);
  if (text != NULL)
    return g_strdup (text);

  value = xmlGetNoNsProp (node, (const xmlChar *) name);
  if (value == NULL)
    return NULL;

  ret = g_strdup ((const char *) value);
  xmlFree (value);

  return ret;
}

char *
muster_xml_get_token (xmlNode    *node,
                      const char *name)
{
  char *value = muster_xml_get_prop (node, name);

  /* The words of a list are single words: white space at the ends is
   * all a token's reading leaves out of them. */
  return value != NULL ? g_strstrip (value) : NULL;
}

gboolean
muster_xml_is_element (xmlNode    *node,
                       const char *name)
{
  return node != NULL &&
         node->type == XML_ELEMENT_NODE &&
         node->ns == NULL &&
         g_strcmp0 ((const char *) node->name, name) == 0;
}

gboolean
muster_xml_is_foreign (xmlNode *node)
{
  return node != NULL &&
         node->type == XML_ELEMENT_NODE &&
         node->ns != NULL &&
         node->ns->href != NULL &&
         node->ns->href[0] != '\0';
}

int
muster_xml_get_line (xmlNode *node)
{
  if (node == NULL)
    return 0;

  return (int) xmlGetLineNo (node);
}

xmlNode *
muster_xml_find_child (xmlNode    *parent,
                       const char *name)
{
  g_return_val_if_fail (parent != NULL, NULL);
  g_return_val_if_fail (name != NULL, NULL);

  for (xmlNode *child = parent->children; child != NULL; child = child->next)
    {
      if (muster_xml_is_element (child, name))
        return child;
    }

  return NULL;
}

G_GNUC_PRINTF (6, 0)
static void
set_error_valist (GError     **error,
                  GQuark       domain,
                  int          code,
                  const char  *filename,
                  int          line,
                  const char  *format,
                  va_list      args)
{
  g_autofree char *message = NULL;

  if (error == NULL)
    return;

  message = g_strdup_vprintf (format, args);
  g_set_error (error, domain, code, "%s:%d: %s", filename, MAX (1, line), message);
}

gboolean
muster_xml_set_error (GError     **error,
                      GQuark       domain,
                      int          code,
                      const char  *filename,
                      xmlNode     *node,
                      const char  *format,
                      ...)
{
  va_list args;

  va_start (args, format);
  set_error_valist (error, domain, code, filename, muster_xml_get_line (node), format, args);
  va_end (args);

  return FALSE;
}

gboolean
muster_xml_set_error_at (GError     **error,
                         GQuark       domain,
                         int          code,
                         const char  *filename,
                         int          line,
                         const char  *format,
                         ...)
{
  va_list args;

  va_start (args, format);
  set_error_valist (error, domain, code, filename, line, format, args);
  va_end (args);

  return FALSE;
}
