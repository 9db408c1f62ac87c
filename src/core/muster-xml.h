/* muster-xml.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

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

/* muster_xml_parse(), with the children of the root that lift() takes
 * left out of the tree (see muster-xml.c): each run of them, with the
 * white space between them, stands one empty element whose
 * muster_xml_get_lifted() count is the number of children it stands for,
 * in document order. *lifted says whether the tree has such stand-ins;
 * when it is FALSE, the document was parsed whole and whatever lift()
 * took is to be forgotten. The verdict and the message are
 * muster_xml_parse()'s. */
xmlDoc   *muster_xml_parse_lifting (GBytes             *bytes,
                                    const char         *filename,
                                    MusterXmlLiftFunc   lift,
                                    gpointer            user_data,
                                    gboolean           *lifted,
                                    GQuark              domain,
                                    int                 code,
                                    GError            **error);
/* How many lifted children node stands for: 0 for any other node. */
guint     muster_xml_get_lifted    (xmlNode            *node);
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
gboolean  muster_xml_is_element   (xmlNode     *node,
                                   const char  *name);
/* Line of node for messages (0 if unknown). */
int       muster_xml_get_line     (xmlNode     *node);
/* Reads a file, but no more than one byte past MUSTER_XML_MAX_BYTES
 * (which muster_xml_parse() then refuses), whatever its size: a device
 * or a huge file cannot fill the memory. G_IO_ERROR on failure. */
GBytes   *muster_xml_read_file    (GFile       *file,
                                   GError     **error);
/* The core's resources: systems/ and the schemas. */
GBytes   *muster_xml_lookup_data  (const char  *name,
                                   GError     **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (xmlDoc, xmlFreeDoc)

G_END_DECLS
