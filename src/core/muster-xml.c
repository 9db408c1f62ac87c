/* muster-xml.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-xml"

#include "config.h"

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

static void
capture_first_error (void        *user_data,
                     xmlErrorPtr  err)
{
  XmlFirstError *first = user_data;

  if (first->message != NULL || err == NULL || err->level < XML_ERR_ERROR)
    return;

  first->message = g_strstrip (g_strdup (err->message != NULL ? err->message : "unknown error"));
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

/* libxml2 2.9 checks attributes for duplicates in time quadratic in their
 * number, so a hostile file of one tag with a million attributes would
 * take hours: count them first, in one pass over the bytes. */
static gboolean
too_many_attributes (const char *data,
                     gsize       size,
                     int        *line)
{
  gboolean in_tag = FALSE;
  char quote = 0;
  guint count = 0;

  *line = 1;

  for (gsize i = 0; i < size; i++)
    {
      char c = data[i];

      if (c == '\n')
        (*line)++;

      if (quote != 0)
        {
          if (c == quote)
            quote = 0;
        }
      else if (in_tag)
        {
          if (c == '"' || c == '\'')
            quote = c;
          else if (c == '=' && ++count > MUSTER_XML_MAX_ATTRIBUTES)
            return TRUE;
          else if (c == '>')
            in_tag = FALSE;
        }
      else if (c == '<' && i + 1 < size && data[i + 1] != '!' && data[i + 1] != '?')
        {
          in_tag = TRUE;
          count = 0;
        }
    }

  return FALSE;
}

xmlDoc *
muster_xml_parse (GBytes      *bytes,
                  const char  *filename,
                  GQuark       domain,
                  int          code,
                  GError     **error)
{
  g_autoptr(xmlDoc) doc = NULL;
  XmlFirstError first = { NULL, 0 };
  xmlParserCtxtPtr ctxt;
  const char *data;
  gsize size;

  g_return_val_if_fail (bytes != NULL, NULL);
  g_return_val_if_fail (filename != NULL, NULL);

  data = g_bytes_get_data (bytes, &size);

  if (size > MUSTER_XML_MAX_BYTES)
    {
      g_set_error (error, domain, code,
                   "%s: the file is larger than %d MiB",
                   filename, MUSTER_XML_MAX_BYTES / (1024 * 1024));
      return NULL;
    }

  if (size == 0)
    {
      g_set_error (error, domain, code, "%s:1: the file is empty", filename);
      return NULL;
    }

  {
    int line;

    if (too_many_attributes (data, size, &line))
      {
        g_set_error (error, domain, code, "%s:%d: an element has more than %d attributes",
                     filename, line, MUSTER_XML_MAX_ATTRIBUTES);
        return NULL;
      }
  }

  ctxt = xmlNewParserCtxt ();
  if (ctxt == NULL)
    {
      g_set_error (error, domain, code, "%s: out of memory", filename);
      return NULL;
    }

  xmlSetStructuredErrorFunc (&first, capture_first_error);
  /* No XML_PARSE_NOENT (entities stay unexpanded), no DTD loading, no
   * network; the default (non-HUGE) limits bound text and names. */
  doc = xmlCtxtReadMemory (ctxt, data, (int) size, filename, NULL,
                           XML_PARSE_NONET | XML_PARSE_BIG_LINES | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  xmlSetStructuredErrorFunc (NULL, NULL);

  if (doc == NULL || !ctxt->wellFormed || first.message != NULL)
    {
      g_set_error (error, domain, code, "%s:%d: %s", filename,
                   first.line > 0 ? first.line : 1,
                   first.message != NULL ? first.message : "not well-formed XML");
      g_free (first.message);
      xmlFreeParserCtxt (ctxt);
      return NULL;
    }

  xmlFreeParserCtxt (ctxt);

  if (doc->intSubset != NULL || doc->extSubset != NULL)
    {
      xmlDtd *dtd = doc->intSubset != NULL ? doc->intSubset : doc->extSubset;

      g_set_error (error, domain, code,
                   "%s:%d: document type declarations are not allowed",
                   filename, MAX (1, (int) xmlGetLineNo ((xmlNode *) dtd)));
      return NULL;
    }

  if (xmlDocGetRootElement (doc) == NULL)
    {
      g_set_error (error, domain, code, "%s:1: no root element", filename);
      return NULL;
    }

  {
    xmlNode *deep = too_deep (xmlDocGetRootElement (doc), 1);

    if (deep != NULL)
      {
        g_set_error (error, domain, code, "%s:%d: elements are nested deeper than %d",
                     filename, MAX (1, (int) xmlGetLineNo (deep)), MUSTER_XML_MAX_DEPTH);
        return NULL;
      }
  }

  return g_steal_pointer (&doc);
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
                   first.message != NULL ? first.message : "does not follow the schema");
      g_free (first.message);
      return FALSE;
    }

  g_free (first.message);

  return TRUE;
}

char *
muster_xml_get_prop (xmlNode    *node,
                     const char *name)
{
  xmlChar *value;
  char *ret;

  g_return_val_if_fail (node != NULL, NULL);
  g_return_val_if_fail (name != NULL, NULL);

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
