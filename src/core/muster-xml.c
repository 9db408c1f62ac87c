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

static void
capture_first_error (void           *user_data,
#if LIBXML_VERSION >= 21200
                     const xmlError *err)  /* libxml2 2.12 made it const */
#else
                     xmlError       *err)
#endif
{
  XmlFirstError *first = user_data;

  if (first->message != NULL || err == NULL || err->level < XML_ERR_ERROR)
    return;

  first->message = clean_message (err->message != NULL ? err->message : _("unknown error"));
  first->line = err->line;
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

static gboolean
looking_at (const char *p,
            const char *data_end,
            const char *ascii)
{
  gsize len = strlen (ascii);

  return (gsize) (data_end - p) >= len && memcmp (p, ascii, len) == 0;
}

/* Children of the root read by hand (muster_xml_parse_lifting()). */
typedef struct
{
  gsize start;
  gsize end;
} LiftedRegion;

typedef struct
{
  MusterXmlLiftFunc  func;
  gpointer           user_data;
  GArray            *regions;    /* LiftedRegion, in document order */
} ScanLift;

/* scan_markup() for input a byte at a time (UTF-8 and the like), the
 * same scan with the text between tags skipped by memchr() and the line
 * counted only for an error. With lift, each child element of the root
 * is first offered to lift->func; what it takes is skipped. */
static ScanResult
scan_markup_bytes (const char     *data,
                   gsize           size,
                   gsize           start,
                   int            *line,
                   const ScanLift *lift)
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

      if (looking_at (p, end, "<!--"))
        p = skip_past (p, end, "-->");
      else if (looking_at (p, end, "<![CDATA["))
        p = skip_past (p, end, "]]>");
      else if (looking_at (p, end, "<!DOCTYPE"))
        {
          *line = line_at (data, p - data);
          return SCAN_DOCTYPE;
        }
      else if (looking_at (p, end, "<?"))
        p = skip_past (p, end, "?>");
      else if (looking_at (p, end, "<!"))
        p = skip_past (p, end, ">");
      else if (looking_at (p, end, "</"))
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
              gsize length = lift->func (p, end - p, lift->user_data);

              if (length > 0)
                {
                  LiftedRegion region = { p - data, p - data + length };

                  g_assert (length <= (gsize) (end - p));
                  g_array_append_val (lift->regions, region);
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
    return scan_markup_bytes (data, size, scanner.pos, line, NULL);

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
static xmlDoc *
parse_document (const char  *data,
                gsize        size,
                const char  *filename,
                GQuark       domain,
                int          code,
                GError     **error)
{
  g_autoptr(xmlDoc) doc = NULL;
  XmlFirstError first = { NULL, 0 };
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
      g_set_error (error, domain, code, "%s:%d: %s", filename,
                   first.line > 0 ? first.line : 1,
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
                   "%s:%d: the file is larger than %d MiB",
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

  return parse_document (data, size, filename, domain, code, error);
}

/* Lifting.
 *
 * libxml2 builds a node for every element, attribute and stretch of
 * text, and frees them all again: for a layout of thousands of pieces,
 * most of the work of reading it. So the first look at the bytes also
 * offers each child element of the root to the caller, which may read
 * it by hand (a piece of the usual form) and take it out. libxml2 then
 * parses what is left, where each run of such children, with the white
 * space between them, stands one empty element <muster-lifted/>
 * followed by the run's line breaks (so every node after it keeps its
 * line). The node's lifted count says how many children it stands for.
 *
 * It is the same document: a lifted child is a well-formed element that
 * needs no namespace and no reference (the contract of
 * MusterXmlLiftFunc), and the first look follows the markup of a
 * well-formed document exactly. If libxml2 accepts what is left, then
 * everything before each run is well-formed, so the first look was right
 * that the run stands among the children of the root, and the document
 * with the run put back is well-formed too, with the same tree around
 * it. (A run that the first look misplaced in a document that is not
 * well-formed leaves its stand-in where libxml2 refuses it, or where it
 * is not a child of the root: then the counts below differ.) Whenever
 * anything fails, the whole document is parsed as muster_xml_parse()
 * does, for its verdict and its message. */

#define LIFTED_NAME "muster-lifted"

static gboolean
is_xml_space (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
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

  if (looking_at (p, end, "\xEF\xBB\xBF"))
    p += 3;

  if (p >= end || *p != '<')
    return FALSE;

  if (!looking_at (p, end, "<?xml") || end - p < 6 || !is_xml_space (p[5]))
    return TRUE;

  decl_end = skip_past (p, end, "?>");
  encoding = g_strstr_len (p, decl_end - p, "encoding");
  if (encoding == NULL)
    return TRUE;

  /* One encoding="UTF-8", with or without white space around "=". */
  p = encoding + strlen ("encoding");
  if (g_strstr_len (p, decl_end - p, "encoding") != NULL)
    return FALSE;
  while (p < decl_end && is_xml_space (*p))
    p++;
  if (p >= decl_end || *p != '=')
    return FALSE;
  for (p++; p < decl_end && is_xml_space (*p); p++)
    ;
  if (p >= decl_end || (*p != '"' && *p != '\''))
    return FALSE;
  quote = *p++;
  value = p;
  while (p < decl_end && *p != quote)
    p++;

  return p < decl_end && p - value == 5 && g_ascii_strncasecmp (value, "UTF-8", 5) == 0;
}

typedef struct
{
  gsize start;
  gsize end;
  guint n_children;
  int   line;         /* of its stand-in */
} LiftedRun;

/* Consecutive lifted children with only white space between them. */
static GArray *
gather_runs (const char *data,
             GArray     *regions)
{
  GArray *runs = g_array_new (FALSE, FALSE, sizeof (LiftedRun));

  for (guint i = 0; i < regions->len; i++)
    {
      const LiftedRegion *region = &g_array_index (regions, LiftedRegion, i);
      LiftedRun *last = runs->len > 0 ? &g_array_index (runs, LiftedRun, runs->len - 1) : NULL;
      gboolean joined = last != NULL;

      for (gsize pos = joined ? last->end : 0; joined && pos < region->start; pos++)
        joined = is_xml_space (data[pos]);

      if (joined)
        {
          last->end = region->end;
          last->n_children++;
        }
      else
        {
          LiftedRun run = { region->start, region->end, 1, 0 };

          g_array_append_val (runs, run);
        }
    }

  return runs;
}

/* The number of line feeds in data. */
static guint
count_line_feeds (const char *data,
                  gsize       size)
{
  const char *end = data + size;
  guint n = 0;

  for (const char *p = data; (p = memchr (p, '\n', end - p)) != NULL; p++)
    n++;

  return n;
}

/* Below the line where libxml2 stops keeping an element's line in its
 * node and takes it from the nodes around it (which lifting changes). */
#define LIFTING_MAX_LINE_FEEDS 65000

/* data with each run replaced by its stand-in and its line breaks, so
 * that every node after it is on the same line as before; NULL when
 * the document is too long for that to be sure. */
static char *
replace_runs (const char *data,
              gsize       size,
              GArray     *runs,
              gsize      *new_size)
{
  g_autoptr(GString) text = g_string_sized_new (size);
  guint n_line_feeds = 0;
  gsize pos = 0;

  for (guint i = 0; i < runs->len; i++)
    {
      LiftedRun *run = &g_array_index (runs, LiftedRun, i);
      const char *run_start = data + run->start;
      const char *run_end = data + run->end;

      n_line_feeds += count_line_feeds (data + pos, run->start - pos);
      g_string_append_len (text, data + pos, run->start - pos);
      g_string_append (text, "<" LIFTED_NAME "/>");
      run->line = n_line_feeds + 1;

      if (memchr (run_start, '\r', run_end - run_start) == NULL)
        {
          /* libxml2 counts lines by their line feeds. */
          for (const char *p = run_start; (p = memchr (p, '\n', run_end - p)) != NULL; p++)
            {
              g_string_append_c (text, '\n');
              n_line_feeds++;
            }
        }
      else
        {
          /* Carriage returns too, as they were: none joined to a line
           * feed that did not follow it, before or after the run. */
          for (const char *p = run_start; p < run_end; p++)
            {
              if (*p != '\r' && *p != '\n')
                continue;
              if (*p == '\n' && text->str[text->len - 1] == '\r' && p[-1] != '\r')
                g_string_append_c (text, ' ');
              g_string_append_c (text, *p);
              n_line_feeds += *p == '\n';
            }
          if (text->str[text->len - 1] == '\r' && run->end < size && *run_end == '\n')
            g_string_append_c (text, ' ');
        }

      pos = run->end;
    }

  n_line_feeds += count_line_feeds (data + pos, size - pos);
  g_string_append_len (text, data + pos, size - pos);

  if (n_line_feeds > LIFTING_MAX_LINE_FEEDS)
    return NULL;

  *new_size = text->len;

  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* Marks each stand-in with the number of children it stands for; FALSE
 * unless the <muster-lifted> elements among the children of the root
 * are the runs' stand-ins, one for one, each as it was written and on
 * its line. (Each run that libxml2 accepted is one of them, so there
 * are as many only if the document has none of its own; the rest is to
 * be sure.) */
static gboolean
mark_runs (xmlDoc *doc,
           GArray *runs)
{
  xmlNode *root = xmlDocGetRootElement (doc);
  guint n_found = 0;

  for (xmlNode *child = root->children; child != NULL; child = child->next)
    {
      const LiftedRun *run;

      if (!muster_xml_is_element (child, LIFTED_NAME))
        continue;

      if (n_found == runs->len)
        return FALSE;

      run = &g_array_index (runs, LiftedRun, n_found++);
      if (child->properties != NULL || child->children != NULL || child->nsDef != NULL ||
          xmlGetLineNo (child) != run->line)
        return FALSE;
    }

  if (n_found != runs->len)
    return FALSE;

  n_found = 0;
  for (xmlNode *child = root->children; child != NULL; child = child->next)
    {
      if (muster_xml_is_element (child, LIFTED_NAME))
        child->_private = GUINT_TO_POINTER (g_array_index (runs, LiftedRun, n_found++).n_children);
    }

  return TRUE;
}

xmlDoc *
muster_xml_parse_lifting (GBytes             *bytes,
                          const char         *filename,
                          MusterXmlLiftFunc   lift,
                          gpointer            user_data,
                          gboolean           *lifted,
                          GQuark              domain,
                          int                 code,
                          GError            **error)
{
  g_autoptr(GArray) regions = NULL;
  g_autoptr(GArray) runs = NULL;
  g_autofree char *rest = NULL;
  xmlDoc *doc;
  ScanLift scan_lift;
  const char *data;
  gsize rest_size;
  gsize size;
  int line = 1;

  g_return_val_if_fail (bytes != NULL, NULL);
  g_return_val_if_fail (filename != NULL, NULL);
  g_return_val_if_fail (lift != NULL, NULL);
  g_return_val_if_fail (lifted != NULL, NULL);

  *lifted = FALSE;
  data = g_bytes_get_data (bytes, &size);

  if (size == 0 || size > MUSTER_XML_MAX_BYTES || !read_as_utf8 (data, size))
    return muster_xml_parse (bytes, filename, domain, code, error);

  regions = g_array_new (FALSE, FALSE, sizeof (LiftedRegion));
  scan_lift.func = lift;
  scan_lift.user_data = user_data;
  scan_lift.regions = regions;

  if (scan_markup_bytes (data, size, 0, &line, &scan_lift) != SCAN_OK)
    return muster_xml_parse (bytes, filename, domain, code, error);

  /* Nothing lifted: the first look was muster_xml_parse()'s own. */
  if (regions->len == 0)
    return parse_document (data, size, filename, domain, code, error);

  runs = gather_runs (data, regions);
  rest = replace_runs (data, size, runs, &rest_size);
  if (rest == NULL)
    return parse_document (data, size, filename, domain, code, error);

  doc = parse_document (rest, rest_size, filename, domain, code, NULL);

  if (doc == NULL || !mark_runs (doc, runs))
    {
      g_clear_pointer (&doc, xmlFreeDoc);
      return muster_xml_parse (bytes, filename, domain, code, error);
    }

  *lifted = TRUE;

  return doc;
}

guint
muster_xml_get_lifted (xmlNode *node)
{
  g_return_val_if_fail (node != NULL, 0);

  return node->type == XML_ELEMENT_NODE ? GPOINTER_TO_UINT (node->_private) : 0;
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
    return NULL;

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
  XmlFirstError first = { NULL, 0 };
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
      g_set_error (error, domain, code, "%s:%d: %s", filename,
                   first.line > 0 ? first.line : 1,
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

gboolean
muster_xml_is_element (xmlNode    *node,
                       const char *name)
{
  return node != NULL &&
         node->type == XML_ELEMENT_NODE &&
         node->ns == NULL &&
         g_strcmp0 ((const char *) node->name, name) == 0;
}

int
muster_xml_get_line (xmlNode *node)
{
  if (node == NULL)
    return 0;

  return (int) xmlGetLineNo (node);
}
