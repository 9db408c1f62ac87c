/* muster-xml.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <string.h>

#include <gio/gio.h>
#include <libxml/tree.h>

G_BEGIN_DECLS

/* Safe reading of the XML that Muster takes from strangers: no network,
 * no DTD (so no external or internal entities), bounded size and depth,
 * encoding errors refused. Private to src/core. */

/* Below libxml2's own 10 MB lookup limit (past which it fails with
 * "Huge input lookup"), and small enough to read, schema-check and
 * validate in well under two seconds; a layout of the most pieces
 * allowed takes some 2 MB. */
#define MUSTER_XML_MAX_BYTES (8 * 1024 * 1024)
#define MUSTER_XML_MAX_DEPTH 64
#define MUSTER_XML_MAX_ATTRIBUTES 256

/* Parses bytes; on failure sets error in domain with code, with the
 * message "FILENAME:LINE: what". */
xmlDoc   *muster_xml_parse        (GBytes      *bytes,
                                   const char  *filename,
                                   GQuark       domain,
                                   int          code,
                                   GError     **error);
/* muster_xml_parse() without its first look at the bytes: libxml2's
 * parse and the checks after it, for data that has had that look
 * (muster_xml_scan_lifting()). */
xmlDoc   *muster_xml_parse_scanned (const char  *data,
                                    gsize        size,
                                    const char  *filename,
                                    GQuark       domain,
                                    int          code,
                                    GError     **error);
/* Reads a child element of the root by hand, given its text from its
 * "<" to the end of the document (UTF-8, not NUL-terminated): returns the
 * length of the element when it has read all of it, or 0 to leave it to
 * libxml2. It may take only an element that is well-formed on its own
 * and means the same wherever it stands: printable ASCII and white
 * space, no reference ("&"), no namespace prefix or declaration, no
 * comment, CDATA section or processing instruction. (Its attribute
 * values are then what libxml2 would make of them once tabs and line
 * breaks in them, if any, are made spaces.) */
typedef gsize (*MusterXmlLiftFunc) (const char *text,
                                    gsize       available,
                                    gpointer    user_data);

/* The first look that muster_xml_parse() takes at bytes, for bytes that
 * libxml2 reads as UTF-8 a byte at a time, with each child element of
 * the root offered to lift first: what lift takes, the look skips. FALSE
 * when the bytes are not such, or when the look finds what
 * muster_xml_parse() refuses (it then says why). The lifting of layouts
 * (muster-layout-lifting.c) is built on it. */
gboolean  muster_xml_scan_lifting  (GBytes             *bytes,
                                    MusterXmlLiftFunc   lift,
                                    gpointer            user_data);
/* Checks doc against a RELAX NG schema from the core's resources
 * (e.g. "muster-layout.rng"). */
gboolean  muster_xml_validate     (xmlDoc      *doc,
                                   const char  *schema_name,
                                   const char  *filename,
                                   GQuark       domain,
                                   int          code,
                                   GError     **error);
/* The same check as muster_xml_validate(), in time linear in the number
 * of children of the root, for a schema whose root content is an
 * interleave of elements (no text), such as muster-layout.rng: the
 * children are checked a batch at a time (see muster-xml.c). */
gboolean  muster_xml_validate_interleaved (xmlDoc      *doc,
                                           const char  *schema_name,
                                           const char  *filename,
                                           GQuark       domain,
                                           int          code,
                                           GError     **error);
/* Says whether a child of the root surely follows the schema, checked
 * by hand; FALSE when unsure (the schema then checks it). */
typedef gboolean (*MusterXmlChildCheck) (xmlNode *child);

/* muster_xml_validate_interleaved(), leaving out of the schema check the
 * children of the root that check() vouches for: for a schema where such
 * a child is one of a repeated group of the root's interleave, and
 * check() accepts no child that the schema would refuse, the verdict is
 * the same. On failure the whole document is checked again, so that the
 * error is the one muster_xml_validate_interleaved() gives. */
gboolean  muster_xml_validate_interleaved_except (xmlDoc               *doc,
                                                  const char           *schema_name,
                                                  MusterXmlChildCheck   check,
                                                  const char           *filename,
                                                  GQuark                domain,
                                                  int                   code,
                                                  GError              **error);
/* Of the element children of parent, the first with which the document
 * is refused when it is parent's only child (checked as
 * muster_xml_validate_interleaved_except() does), or NULL: none is, or
 * the document is refused without any of them. To say which of many
 * children is wrong where the schema's own message cannot. */
xmlNode  *muster_xml_first_refused_child         (xmlDoc               *doc,
                                                  const char           *schema_name,
                                                  MusterXmlChildCheck   check,
                                                  xmlNode              *parent);
/* The attribute's value without copying it, when it is a single piece
 * of text (or empty): NULL otherwise, or when there is no such
 * attribute in no namespace. */
const char *muster_xml_peek_prop  (xmlNode     *node,
                                   const char  *name);
/* The value of attr without copying it, as muster_xml_peek_prop(). */
const char *muster_xml_peek_attr_value (xmlAttr *attr);
/* The attribute as a GLib string (xmlFree'd at once), or NULL. */
char     *muster_xml_get_prop     (xmlNode     *node,
                                   const char  *name);
/* The attribute as the schemas' <value>s read a word from a list (XML
 * Schema's token): white space at its ends left out; or NULL. Read
 * otherwise, " round" passes the schema and not the reader. */
char     *muster_xml_get_token    (xmlNode     *node,
                                   const char  *name);
gboolean  muster_xml_is_element   (xmlNode     *node,
                                   const char  *name);
/* An element in a namespace: an extension of a format whose own elements
 * are in none. */
gboolean  muster_xml_is_foreign   (xmlNode     *node);
/* The first child element of parent with that name (in no namespace),
 * or NULL. */
xmlNode  *muster_xml_find_child   (xmlNode     *parent,
                                   const char  *name);
/* Line of node for messages (0 if unknown). */
int       muster_xml_get_line     (xmlNode     *node);
/* Sets error (in domain, with code) to "FILENAME:LINE: message", LINE
 * being the line of node (1 when unknown). Returns FALSE, for a reader
 * to return at once. */
gboolean  muster_xml_set_error    (GError     **error,
                                   GQuark       domain,
                                   int          code,
                                   const char  *filename,
                                   xmlNode     *node,
                                   const char  *format,
                                   ...) G_GNUC_PRINTF (6, 7);
/* muster_xml_set_error() with the line given (0 or less: 1). */
gboolean  muster_xml_set_error_at (GError     **error,
                                   GQuark       domain,
                                   int          code,
                                   const char  *filename,
                                   int          line,
                                   const char  *format,
                                   ...) G_GNUC_PRINTF (6, 7);
/* Reads a file, but no more than one byte past MUSTER_XML_MAX_BYTES
 * (which muster_xml_parse() then refuses), whatever its size: a device
 * or a huge file cannot fill the memory. G_IO_ERROR on failure, the file
 * named at the start of the message. */
GBytes   *muster_xml_read_file    (GFile       *file,
                                   GError     **error);
/* The core's resources: systems/ and the schemas. */
GBytes   *muster_xml_lookup_data  (const char  *name,
                                   GError     **error);

/* Whether the bytes from p (up to end) begin with ascii. */
static inline gboolean
muster_xml_looking_at (const char *p,
                       const char *end,
                       const char *ascii)
{
  gsize len = strlen (ascii);

  return (gsize) (end - p) >= len && memcmp (p, ascii, len) == 0;
}

/* XML's white space. */
static inline gboolean
muster_xml_is_space (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (xmlDoc, xmlFreeDoc)

G_END_DECLS
