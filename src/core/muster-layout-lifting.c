/* muster-layout-lifting.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-layout"

#include "config.h"

#include <string.h>

#include <libxml/parser.h>
#include <libxml/tree.h>

#include "muster-layout.h"
#include "muster-layout-private.h"
#include "muster-xml.h"

/* Lifting pieces.
 *
 * A piece of the usual form is read from the bytes of the file, without
 * a node for it in libxml2's tree (see _muster_layout_parse_lifting()):
 *
 *   <piece id="p1" kind="unit" owner="red" x="12" y="40" turn="1">
 *     <base shape="rect" width="100mm" depth="80mm"/>
 *   </piece>
 *
 * _muster_layout_lift_piece() takes only a piece that is well-formed on
 * its own and that piece_follows_schema() (muster-layout-format.c) would
 * vouch for: attributes of the schema's
 * (each once, the required ones there, tokens without white space), in
 * printable ASCII without references; one <base/> of the same kind;
 * nothing but white space besides. Anything else (an extension, a
 * comment, a name in another script, an attribute the format lacks)
 * stays in the tree and is read from there. Its values are read by the
 * same code as the tree's (read_piece_text() in muster-layout-reader.c),
 * from copies. */

/* What a byte may be in a lifted piece. */
enum
{
  BYTE_SPACE = 1 << 0,          /* XML white space */
  BYTE_NAME = 1 << 1,           /* of an attribute name of the format: a-z, "-" */
  /* Of an attribute value without a reference (printable ASCII but "<"
   * and "&") in double quotes, in single quotes, and the same for a
   * token, which also has no space. */
  BYTE_TEXT_IN_DQ = 1 << 2,
  BYTE_TEXT_IN_SQ = 1 << 3,
  BYTE_TOKEN_IN_DQ = 1 << 4,
  BYTE_TOKEN_IN_SQ = 1 << 5,
};

static guint8 byte_classes[256];

static void
init_byte_classes (void)
{
  static gsize done;

  if (g_once_init_enter (&done))
    {
      for (guint c = 0x20; c <= 0x7E; c++)
        {
          guint8 klass = 0;

          if (c != '<' && c != '&')
            klass |= BYTE_TEXT_IN_DQ | BYTE_TEXT_IN_SQ | BYTE_TOKEN_IN_DQ | BYTE_TOKEN_IN_SQ;
          if (c == '"')
            klass &= ~(BYTE_TEXT_IN_DQ | BYTE_TOKEN_IN_DQ);
          if (c == '\'')
            klass &= ~(BYTE_TEXT_IN_SQ | BYTE_TOKEN_IN_SQ);
          if (c == ' ')
            klass &= ~(BYTE_TOKEN_IN_DQ | BYTE_TOKEN_IN_SQ);
          if ((c >= 'a' && c <= 'z') || c == '-')
            klass |= BYTE_NAME;

          byte_classes[c] = klass;
        }
      byte_classes[' '] |= BYTE_SPACE;
      byte_classes['\t'] |= BYTE_SPACE;
      byte_classes['\n'] |= BYTE_SPACE;
      byte_classes['\r'] |= BYTE_SPACE;

      g_once_init_leave (&done, 1);
    }
}

/* p moved on past the bytes of class klass. */
static inline const char *
skip_bytes (const char *p,
            const char *end,
            guint       klass)
{
  /* Four at a time, with one check of the end. */
  for (; end - p >= 4; p += 4)
    {
      if ((byte_classes[(guchar) p[0]] & klass) == 0)
        return p;
      if ((byte_classes[(guchar) p[1]] & klass) == 0)
        return p + 1;
      if ((byte_classes[(guchar) p[2]] & klass) == 0)
        return p + 2;
      if ((byte_classes[(guchar) p[3]] & klass) == 0)
        return p + 3;
    }

  while (p < end && (byte_classes[(guchar) *p] & klass) != 0)
    p++;

  return p;
}

/* Reads the attributes of a start tag from *pp, after its name, up to
 * (not past) its ">" or "/>": FALSE unless each is one of list, once,
 * with a plain value (see above), and the first n_required are there.
 * Their values go to lifted from index first on. */
static gboolean
lift_attributes (const char       **pp,
                 const char        *end,
                 const MusterSchemaAttr  *list,
                 guint              n_list,
                 guint              n_required,
                 guint              first,
                 MusterLiftedPiece       *lifted)
{
  const char *p = *pp;
  guint32 seen = 0;

  for (;;)
    {
      const char *name = skip_bytes (p, end, BYTE_SPACE);
      const char *value;
      gsize name_len;
      guint klass;
      guint i;

      if (name >= end)
        return FALSE;
      if (*name == '>' || *name == '/')
        {
          p = name;
          break;
        }
      if (name == p)
        return FALSE;   /* attributes apart, as XML wants */

      p = skip_bytes (name, end, BYTE_NAME);
      name_len = p - name;

      for (i = 0; i < n_list; i++)
        {
          if (list[i].len == name_len && memcmp (list[i].name, name, name_len) == 0)
            break;
        }

      if (i == n_list || (seen & (1u << i)) != 0)
        return FALSE;
      seen |= 1u << i;

      p = skip_bytes (p, end, BYTE_SPACE);
      if (p >= end || *p != '=')
        return FALSE;
      p = skip_bytes (p + 1, end, BYTE_SPACE);
      if (p >= end)
        return FALSE;

      if (*p == '"')
        klass = list[i].token ? BYTE_TOKEN_IN_DQ : BYTE_TEXT_IN_DQ;
      else if (*p == '\'')
        klass = list[i].token ? BYTE_TOKEN_IN_SQ : BYTE_TEXT_IN_SQ;
      else
        return FALSE;

      value = p + 1;
      p = skip_bytes (value, end, klass);
      /* Ends at its quote, and a token is not empty. */
      if (p >= end || *p != value[-1] || (list[i].token && p == value))
        return FALSE;

      lifted->offset[first + i] = (guint16) (value - lifted->start);
      lifted->length[first + i] = (guint16) (p - value);
      p++;
    }

  *pp = p;

  return (seen & ((1u << n_required) - 1)) == (1u << n_required) - 1;
}

/* The MusterXmlLiftFunc of layouts: a piece as above, added to the
 * GArray of MusterLiftedPiece that user_data is. */
gsize
_muster_layout_lift_piece (const char *text,
            gsize       available,
            gpointer    user_data)
{
  GArray *pieces = user_data;
  /* Offsets fit in 16 bits. */
  const char *end = text + MIN (available, G_MAXUINT16);
  const char *p = text;
  MusterLiftedPiece lifted = { text, 0, { 0 }, { 0 } };

  init_byte_classes ();

  if (!muster_xml_looking_at (p, end, "<piece"))
    return 0;
  p += strlen ("<piece");

  if (!lift_attributes (&p, end, _muster_piece_attributes, N_PIECE_OWN_ATTRS, N_PIECE_REQUIRED, 0, &lifted) ||
      *p != '>')
    return 0;
  p++;

  p = skip_bytes (p, end, BYTE_SPACE);
  if (!muster_xml_looking_at (p, end, "<base"))
    return 0;
  p += strlen ("<base");

  if (!lift_attributes (&p, end, _muster_base_attributes, G_N_ELEMENTS (_muster_base_attributes), N_BASE_REQUIRED,
                        N_PIECE_OWN_ATTRS, &lifted) ||
      !muster_xml_looking_at (p, end, "/>"))
    return 0;
  p += strlen ("/>");

  p = skip_bytes (p, end, BYTE_SPACE);
  if (!muster_xml_looking_at (p, end, "</piece"))
    return 0;
  p += strlen ("</piece");

  p = skip_bytes (p, end, BYTE_SPACE);
  if (p >= end || *p != '>')
    return 0;
  p++;

  lifted.size = (guint16) (p - text);
  g_array_append_val (pieces, lifted);

  return p - text;
}

/* Lifting a document.
 *
 * libxml2 builds a node for every element, attribute and stretch of
 * text, and frees them all again: for a layout of thousands of pieces,
 * most of the work of reading it. So the first look at the bytes
 * (muster_xml_scan_lifting()) also offers each child element of the
 * root to the caller, which may read
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

/* Children of the root read by hand. */
typedef struct
{
  gsize start;
  gsize end;
} LiftedRegion;

typedef struct
{
  const char        *data;
  MusterXmlLiftFunc  func;
  gpointer           user_data;
  GArray            *regions;    /* LiftedRegion, in document order */
} ScanLift;

/* The MusterXmlLiftFunc of muster_xml_scan_lifting(): func's, with the
 * region of what it takes kept. */
static gsize
offer_child (const char *text,
             gsize       available,
             gpointer    user_data)
{
  ScanLift *lift = user_data;
  gsize length = lift->func (text, available, lift->user_data);

  if (length > 0)
    {
      LiftedRegion region = { text - lift->data, text - lift->data + length };

      g_array_append_val (lift->regions, region);
    }

  return length;
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
        joined = muster_xml_is_space (data[pos]);

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
_muster_layout_parse_lifting (GBytes             *bytes,
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

  g_return_val_if_fail (bytes != NULL, NULL);
  g_return_val_if_fail (filename != NULL, NULL);
  g_return_val_if_fail (lift != NULL, NULL);
  g_return_val_if_fail (lifted != NULL, NULL);

  *lifted = FALSE;
  data = g_bytes_get_data (bytes, &size);

  regions = g_array_new (FALSE, FALSE, sizeof (LiftedRegion));
  scan_lift.data = data;
  scan_lift.func = lift;
  scan_lift.user_data = user_data;
  scan_lift.regions = regions;

  if (!muster_xml_scan_lifting (bytes, offer_child, &scan_lift))
    return muster_xml_parse (bytes, filename, domain, code, error);

  /* Nothing lifted: the first look was muster_xml_parse()'s own. */
  if (regions->len == 0)
    return muster_xml_parse_scanned (data, size, filename, domain, code, error);

  runs = gather_runs (data, regions);
  rest = replace_runs (data, size, runs, &rest_size);
  if (rest == NULL)
    return muster_xml_parse_scanned (data, size, filename, domain, code, error);

  doc = muster_xml_parse_scanned (rest, rest_size, filename, domain, code, NULL);

  if (doc == NULL || !mark_runs (doc, runs))
    {
      g_clear_pointer (&doc, xmlFreeDoc);
      return muster_xml_parse (bytes, filename, domain, code, error);
    }

  *lifted = TRUE;

  return doc;
}

guint
_muster_layout_get_lifted (xmlNode *node)
{
  g_return_val_if_fail (node != NULL, 0);

  return node->type == XML_ELEMENT_NODE ? GPOINTER_TO_UINT (node->_private) : 0;
}

