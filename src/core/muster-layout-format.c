/* muster-layout-format.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-layout"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>
#include <libxml/tree.h>

#include "muster-layout.h"
#include "muster-layout-private.h"
#include "muster-roster.h"
#include "muster-xml.h"

/* Explaining schema errors. libxml2's RELAX NG messages often name the
 * wrong element (the first of a repeated group), so when the schema says
 * no, this walk finds the offending element itself and says what is wrong
 * with it. It follows data/muster-layout.rng. */

typedef struct
{
  const char *name;
  const char *required[5];
  const char *optional[9];
  gboolean    foreign_attributes;
  gboolean    foreign_elements;
} ElementRule;

static const ElementRule element_rules[] = {
  { "muster-layout", { "version" }, { "units" }, TRUE, TRUE },
  { "game", { "system" }, { "deployment" }, TRUE, TRUE },
  { "option", { "name", "value" }, { NULL }, FALSE, FALSE },
  { "board", { "width", "height" }, { NULL }, TRUE, FALSE },
  { "player", { "id" }, { "name", "zone", "role", "short-edge", "color" }, TRUE, TRUE },
  { "piece", { "id", "kind", "x", "y" },
    { "owner", "rotation", "turn", "category", "skills", "prone", "lieutenant", "name" },
    TRUE, TRUE },
  { "base", { "shape" }, { "diameter", "width", "depth" }, FALSE, FALSE },
  { "terrain", { "id", "kind", "points" }, { "blocks-lof", "name" }, TRUE, TRUE },
};

static const ElementRule *
lookup_rule (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (element_rules); i++)
    {
      if (strcmp (element_rules[i].name, name) == 0)
        return &element_rules[i];
    }

  return NULL;
}

static gboolean
in_list (const char * const *list,
         guint               len,
         const char         *name)
{
  for (guint i = 0; i < len && list[i] != NULL; i++)
    {
      if (strcmp (list[i], name) == 0)
        return TRUE;
    }

  return FALSE;
}

static gboolean
is_blank (const xmlChar *text)
{
  for (const xmlChar *p = text; p != NULL && *p != '\0'; p++)
    {
      if (!g_ascii_isspace (*p))
        return FALSE;
    }

  return TRUE;
}

/* A version number that is a whole number above the one this Muster
 * reads; *version is the number without leading zeros. */
static gboolean
version_is_newer (const char  *text,
                  char       **version)
{
  g_autofree char *copy = g_strstrip (g_strdup (text));
  const char *digits = copy;

  if (*digits == '+')
    digits++;
  if (*digits == '\0')
    return FALSE;
  for (const char *p = digits; *p != '\0'; p++)
    {
      if (!g_ascii_isdigit (*p))
        return FALSE;
    }

  while (digits[0] == '0' && digits[1] != '\0')
    digits++;

  /* Longer than any version this Muster could read, or larger. */
  if (strlen (digits) > 9 || g_ascii_strtoull (digits, NULL, 10) > MUSTER_LAYOUT_FORMAT_VERSION)
    {
      *version = g_strdup (digits);
      return TRUE;
    }

  return FALSE;
}

static gboolean
is_version (const char *text)
{
  g_autofree char *copy = g_strstrip (g_strdup (text));
  const char *digits = copy;
  gboolean nonzero = FALSE;

  if (*digits == '+')
    digits++;
  if (*digits == '\0')
    return FALSE;
  for (const char *p = digits; *p != '\0'; p++)
    {
      if (!g_ascii_isdigit (*p))
        return FALSE;
      nonzero |= *p != '0';
    }

  return nonzero;
}

/* What is wrong with the attributes of node (see explain_element()). */
static xmlNode *
explain_attributes (xmlNode            *node,
                    const ElementRule  *rule,
                    char              **message)
{
  const char *name = (const char *) node->name;

  for (xmlAttr *attr = node->properties; attr != NULL; attr = attr->next)
    {
      const char *attr_name = (const char *) attr->name;

      if (attr->ns != NULL)
        {
          if (!rule->foreign_attributes)
            {
              *message = g_strdup_printf (_("<%s> takes no extension attributes (found “%s”)"),
                                          name, attr_name);
              return node;
            }
          continue;
        }

      if (!in_list (rule->required, G_N_ELEMENTS (rule->required), attr_name) &&
          !in_list (rule->optional, G_N_ELEMENTS (rule->optional), attr_name))
        {
          *message = g_strdup_printf (_("<%s> has no attribute “%s”"), name, attr_name);
          return node;
        }
    }

  for (guint i = 0; i < G_N_ELEMENTS (rule->required) && rule->required[i] != NULL; i++)
    {
      if (xmlHasNsProp (node, (const xmlChar *) rule->required[i], NULL) == NULL)
        {
          *message = g_strdup_printf (_("<%s> needs the attribute “%s”"), name, rule->required[i]);
          return node;
        }
    }

  if (node->parent != NULL && node->parent->type == XML_DOCUMENT_NODE)
    {
      g_autofree char *version = muster_xml_get_prop (node, "version");

      if (!is_version (version))
        {
          *message = g_strdup_printf (_("version=“%s” is not a format version"), version);
          return node;
        }
    }

  return NULL;
}

/* The elements of the format seen so far inside one element. */
typedef struct
{
  guint n_games;
  guint n_boards;
  guint n_bases;
} ElementCounts;

/* Whether child, an element of the format (in no namespace), may stand
 * inside node, whose rule is rule; FALSE with *message if not. */
static gboolean
explain_place (xmlNode            *node,
               const ElementRule  *rule,
               xmlNode            *child,
               ElementCounts      *counts,
               char              **message)
{
  const char *name = (const char *) node->name;
  const char *child_name = (const char *) child->name;
  const ElementRule *child_rule = lookup_rule (child_name);

  if (child_rule == NULL || child_rule == &element_rules[0])
    {
      *message = g_strdup_printf (_("<%s> is not part of the layout format; "
                                    "an extension must be in its own XML namespace"),
                                  child_name);
      return FALSE;
    }

  if (rule == &element_rules[0])
    {
      if (strcmp (child_name, "game") == 0)
        {
          if (counts->n_games++ > 0)
            {
              *message = g_strdup (_("a layout has one <game>"));
              return FALSE;
            }
        }
      else if (strcmp (child_name, "board") == 0)
        {
          if (counts->n_boards++ > 0)
            {
              *message = g_strdup (_("a layout has one <board>"));
              return FALSE;
            }
        }
      else if (strcmp (child_name, "player") != 0 &&
               strcmp (child_name, "piece") != 0 &&
               strcmp (child_name, "terrain") != 0)
        {
          *message = g_strdup_printf (_("<%s> is not allowed inside <%s>"), child_name, name);
          return FALSE;
        }
    }
  else if (strcmp (name, "game") == 0 && strcmp (child_name, "option") == 0)
    {
    }
  else if (strcmp (name, "piece") == 0 && strcmp (child_name, "base") == 0)
    {
      if (++counts->n_bases > 1)
        {
          *message = g_strdup (_("a piece has one <base>"));
          return FALSE;
        }
    }
  else
    {
      *message = g_strdup_printf (_("<%s> is not allowed inside <%s>"), child_name, name);
      return FALSE;
    }

  return TRUE;
}

static xmlNode *
explain_element (xmlNode  *node,
                 char    **message)
{
  const ElementRule *rule = lookup_rule ((const char *) node->name);
  const char *name = (const char *) node->name;
  ElementCounts counts = { 0, 0, 0 };
  xmlNode *culprit;

  g_assert (rule != NULL);

  culprit = explain_attributes (node, rule, message);
  if (culprit != NULL)
    return culprit;

  for (xmlNode *child = node->children; child != NULL; child = child->next)
    {
      if (child->type == XML_TEXT_NODE || child->type == XML_CDATA_SECTION_NODE)
        {
          /* On the element: libxml2 gives text the line where it ends. */
          if (!is_blank (child->content))
            {
              *message = g_strdup_printf (_("<%s> may not contain text"), name);
              return node;
            }
          continue;
        }

      if (child->type != XML_ELEMENT_NODE)
        continue;

      if (muster_xml_is_foreign (child))
        {
          if (!rule->foreign_elements)
            {
              *message = g_strdup_printf (_("<%s> may not contain elements (found <%s>)"),
                                          name, (const char *) child->name);
              return child;
            }
          continue;
        }

      if (!explain_place (node, rule, child, &counts, message))
        return child;

      culprit = explain_element (child, message);
      if (culprit != NULL)
        return culprit;
    }

  if (rule == &element_rules[0] && (counts.n_games == 0 || counts.n_boards == 0))
    {
      *message = g_strdup (counts.n_games == 0 ? _("the layout has no <game>") : _("the layout has no <board>"));
      return node;
    }

  return NULL;
}

/* The schema's check of a <piece>, by hand (see data/muster-layout.rng):
 * libxml2's RELAX NG check of a piece is some twenty times the work of
 * reading it. It says TRUE only where the schema surely does; for
 * anything unusual (a value a token check might refuse, an entity, text,
 * an element the piece may not hold) it says FALSE and leaves the piece
 * to the schema, so the verdict and the messages stay the schema's. */

/* A value the schema's token type takes: here, a non-empty one without
 * white space (others go to the schema). */
static gboolean
is_plain_token (const char *value)
{
  if (value == NULL || *value == '\0')
    return FALSE;

  for (const char *p = value; *p != '\0'; p++)
    {
      if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
        return FALSE;
    }

  return TRUE;
}

/* An element the schema lets through unchecked: in a namespace, but not
 * the game log's, which the schema checks wherever it appears. */
static gboolean
is_extension (xmlNode *node)
{
  return muster_xml_is_foreign (node) && g_strcmp0 ((const char *) node->ns->href, MUSTER_GAME_LOG_NAMESPACE) != 0;
}

/* The attributes of node follow the list (foreign ones if allowed). */
static gboolean
attributes_follow_schema (xmlNode          *node,
                          const MusterSchemaAttr *list,
                          guint             n_list,
                          guint             n_required,
                          gboolean          foreign)
{
  guint32 seen = 0;

  for (xmlAttr *attr = node->properties; attr != NULL; attr = attr->next)
    {
      const char *name = (const char *) attr->name;
      const char *value;
      guint i;

      if (attr->ns != NULL)
        {
          if (!foreign)
            return FALSE;
          continue;
        }

      for (i = 0; i < n_list; i++)
        {
          if (name[0] == list[i].name[0] && strcmp (name, list[i].name) == 0)
            break;
        }

      if (i == n_list || (seen & (1u << i)) != 0)
        return FALSE;
      seen |= 1u << i;

      value = muster_xml_peek_attr_value (attr);
      if (value == NULL || (list[i].token && !is_plain_token (value)))
        return FALSE;
    }

  return (seen & ((1u << n_required) - 1)) == (1u << n_required) - 1;
}

static gboolean
base_follows_schema (xmlNode *node)
{
  return node->children == NULL &&
         attributes_follow_schema (node, _muster_base_attributes, G_N_ELEMENTS (_muster_base_attributes),
                                   N_BASE_REQUIRED, FALSE);
}

static gboolean
piece_follows_schema (xmlNode *node)
{
  gboolean has_base = FALSE;

  if (!muster_xml_is_element (node, "piece") ||
      !attributes_follow_schema (node, _muster_piece_attributes, G_N_ELEMENTS (_muster_piece_attributes),
                                 N_PIECE_REQUIRED, TRUE))
    return FALSE;

  /* Extensions (anything inside), at most one <base>, blank text,
   * comments and processing instructions. */
  for (xmlNode *child = node->children; child != NULL; child = child->next)
    {
      if (child->type == XML_ELEMENT_NODE)
        {
          if (is_extension (child))
            continue;
          if (has_base || !muster_xml_is_element (child, "base") || !base_follows_schema (child))
            return FALSE;
          has_base = TRUE;
        }
      else if (child->type == XML_TEXT_NODE)
        {
          if (!is_blank (child->content))
            return FALSE;
        }
      else if (child->type != XML_COMMENT_NODE && child->type != XML_PI_NODE)
        return FALSE;
    }

  return TRUE;
}

/* The check of the children of the root that the schema need not see:
 * lifted pieces, and pieces that piece_follows_schema() vouches for. */
static gboolean
child_follows_schema (xmlNode *node)
{
  return _muster_layout_get_lifted (node) > 0 || piece_follows_schema (node);
}

/* The rest of the schema by hand, the same way: a layout of the usual
 * form needs no RELAX NG at all (whose schema alone takes more work to
 * compile than the rest of such a layout to read). TRUE only where the
 * schema surely says yes; anything unusual goes to the schema. */

static const MusterSchemaAttr layout_attributes[] = {
  SCHEMA_ATTR ("version", FALSE), SCHEMA_ATTR ("units", TRUE),
};

static const MusterSchemaAttr game_attributes[] = {
  SCHEMA_ATTR ("system", TRUE), SCHEMA_ATTR ("deployment", TRUE),
};

static const MusterSchemaAttr option_attributes[] = {
  SCHEMA_ATTR ("name", TRUE), SCHEMA_ATTR ("value", FALSE),
};

static const MusterSchemaAttr board_attributes[] = {
  SCHEMA_ATTR ("width", FALSE), SCHEMA_ATTR ("height", FALSE),
};

static const MusterSchemaAttr player_attributes[] = {
  SCHEMA_ATTR ("id", TRUE), SCHEMA_ATTR ("name", FALSE), SCHEMA_ATTR ("zone", TRUE),
  SCHEMA_ATTR ("role", TRUE), SCHEMA_ATTR ("short-edge", TRUE), SCHEMA_ATTR ("color", FALSE),
};

static const MusterSchemaAttr terrain_attributes[] = {
  SCHEMA_ATTR ("id", TRUE), SCHEMA_ATTR ("kind", TRUE), SCHEMA_ATTR ("points", FALSE),
  SCHEMA_ATTR ("blocks-lof", FALSE), SCHEMA_ATTR ("name", FALSE),
};

/* What the schema passes over in element content: blank text, comments,
 * processing instructions. */
static gboolean
is_skipped_by_schema (xmlNode *node)
{
  if (node->type == XML_TEXT_NODE)
    return is_blank (node->content);

  return node->type == XML_COMMENT_NODE || node->type == XML_PI_NODE;
}

/* The content of player and terrain: extensions (anything inside them). */
static gboolean
holds_extensions_only (xmlNode *node)
{
  for (xmlNode *child = node->children; child != NULL; child = child->next)
    {
      if (!is_extension (child) && !is_skipped_by_schema (child))
        return FALSE;
    }

  return TRUE;
}

static gboolean
game_follows_schema (xmlNode *node)
{
  if (!attributes_follow_schema (node, game_attributes, G_N_ELEMENTS (game_attributes), 1, TRUE))
    return FALSE;

  for (xmlNode *child = node->children; child != NULL; child = child->next)
    {
      if (muster_xml_is_element (child, "option"))
        {
          if (child->children != NULL ||
              !attributes_follow_schema (child, option_attributes, G_N_ELEMENTS (option_attributes),
                                         2, FALSE))
            return FALSE;
        }
      else if (!is_extension (child) && !is_skipped_by_schema (child))
        return FALSE;
    }

  return TRUE;
}

/* A version the schema's positiveInteger takes: here, up to nine digits
 * without a leading zero or white space. */
static gboolean
is_plain_version (const char *text)
{
  gsize len;

  if (text == NULL || text[0] < '1' || text[0] > '9')
    return FALSE;

  len = strspn (text, "0123456789");

  return text[len] == '\0' && len <= 9;
}

static gboolean
layout_follows_schema (xmlNode *root)
{
  guint n_games = 0;
  guint n_boards = 0;

  if (!attributes_follow_schema (root, layout_attributes, G_N_ELEMENTS (layout_attributes), 1, TRUE) ||
      !is_plain_version (muster_xml_peek_prop (root, "version")))
    return FALSE;

  /* The interleave: one game, one board, any players, pieces, terrain
   * and extensions, in any order. */
  for (xmlNode *child = root->children; child != NULL; child = child->next)
    {
      gboolean follows;

      if (child->type != XML_ELEMENT_NODE)
        follows = is_skipped_by_schema (child);
      /* The schema defines the game log whole: it checks it. */
      else if (_muster_layout_is_game_log (child))
        follows = FALSE;
      else if (is_extension (child) || child_follows_schema (child))
        follows = TRUE;
      else if (muster_xml_is_element (child, "game"))
        follows = n_games++ == 0 && game_follows_schema (child);
      else if (muster_xml_is_element (child, "board"))
        follows = n_boards++ == 0 && child->children == NULL &&
                  attributes_follow_schema (child, board_attributes, G_N_ELEMENTS (board_attributes),
                                            2, TRUE);
      else if (muster_xml_is_element (child, "player"))
        follows = holds_extensions_only (child) &&
                  attributes_follow_schema (child, player_attributes, G_N_ELEMENTS (player_attributes),
                                            1, TRUE);
      else if (muster_xml_is_element (child, "terrain"))
        follows = holds_extensions_only (child) &&
                  attributes_follow_schema (child, terrain_attributes, G_N_ELEMENTS (terrain_attributes),
                                            3, TRUE);
      else
        follows = FALSE;

      if (!follows)
        return FALSE;
    }

  return n_games == 1 && n_boards == 1;
}

/* Bounds the work of the schema check (see MUSTER_LAYOUT_MAX_CHILDREN). */
static xmlNode *
check_element_count (xmlNode  *node,
                     guint    *n_elements,
                     char    **message)
{
  guint n_children = 0;
  guint n_attributes = 0;
  /* The root's children are schema-checked in time linear in their
   * number (muster_xml_validate_interleaved()), other elements' not. */
  int max_children = node->parent != NULL && node->parent->type == XML_DOCUMENT_NODE
                     ? MUSTER_LAYOUT_MAX_ROOT_CHILDREN : MUSTER_LAYOUT_MAX_CHILDREN;

  for (xmlAttr *attr = node->properties; attr != NULL; attr = attr->next)
    n_attributes++;

  for (xmlNode *child = node->children; child != NULL; child = child->next)
    {
      xmlNode *culprit;

      guint n_lifted;

      if (child->type != XML_ELEMENT_NODE)
        continue;

      /* Lifted pieces, each an element with its <base>. */
      n_lifted = _muster_layout_get_lifted (child);
      if (n_lifted > 0)
        {
          n_children += n_lifted;
          *n_elements += 2 * n_lifted;
          if (n_children > (guint) max_children || *n_elements > MUSTER_LAYOUT_MAX_ELEMENTS)
            {
              /* Only ever a reason to read the file again without lifting. */
              *message = g_strdup_printf (_("the file holds more than %d elements"),
                                          MUSTER_LAYOUT_MAX_ELEMENTS);
              return node;
            }
          continue;
        }

      if (++n_children > (guint) max_children)
        {
          *message = g_strdup_printf (_("<%s> holds more than %d elements"),
                                      (const char *) node->name, max_children);
          return node;
        }

      if (++*n_elements > MUSTER_LAYOUT_MAX_ELEMENTS)
        {
          *message = g_strdup_printf (_("the file holds more than %d elements"),
                                      MUSTER_LAYOUT_MAX_ELEMENTS);
          return child;
        }

      culprit = check_element_count (child, n_elements, message);
      if (culprit != NULL)
        return culprit;
    }

  if (n_attributes > MUSTER_LAYOUT_MAX_CHILDREN)
    {
      *message = g_strdup_printf (_("<%s> has more than %d attributes"),
                                  (const char *) node->name, MUSTER_LAYOUT_MAX_CHILDREN);
      return node;
    }

  return NULL;
}

/* What is wrong with the game log (data/muster-layout.rng), which the
 * walk of explain_element() leaves to the schema: its own attributes,
 * then the first of its steps that the schema refuses. NULL when that is
 * not where the document goes wrong. */
static xmlNode *
explain_game_log (xmlDoc   *doc,
                  xmlNode  *root,
                  char    **message)
{
  xmlNode *log = NULL;
  xmlNode *refused;
  const char *version;
  guint64 number;

  for (xmlNode *child = root->children; child != NULL && log == NULL; child = child->next)
    {
      if (child->type == XML_ELEMENT_NODE && _muster_layout_is_game_log (child))
        log = child;
    }
  if (log == NULL)
    return NULL;

  version = muster_xml_peek_prop (log, "version");
  if (version == NULL || !g_ascii_string_to_unsigned (version, 10, 1, G_MAXUINT, &number, NULL))
    {
      *message = g_strdup_printf (_("<g:game-log>: version=“%s” is not a version of the game log"),
                                  version != NULL ? version : "");
      return log;
    }
  if (number == 1 && muster_xml_peek_prop (log, "system") == NULL)
    {
      *message = g_strdup_printf (_("<%s> needs the attribute “%s”"), "g:game-log", "system");
      return log;
    }

  refused = muster_xml_first_refused_child (doc, "muster-layout.rng", child_follows_schema, log);
  if (refused == NULL)
    return NULL;

  if (refused->ns != NULL && g_strcmp0 ((const char *) refused->ns->href, MUSTER_GAME_LOG_NAMESPACE) == 0 &&
      strcmp ((const char *) refused->name, "step") == 0)
    {
      const char *n = muster_xml_peek_prop (refused, "n");
      const char *action = muster_xml_peek_prop (refused, "action");

      *message = g_strdup_printf (_("<g:step n=“%s” action=“%s”> is not a step Muster can read: an action it "
                                    "does not know, or attributes or dice that step does not take"),
                                  n != NULL ? n : "", action != NULL ? action : "");
    }
  else if (refused->ns != NULL && refused->ns->prefix != NULL)
    *message = g_strdup_printf (_("<%s:%s> is not part of a game log"),
                                (const char *) refused->ns->prefix, (const char *) refused->name);
  else
    *message = g_strdup_printf (_("<%s> is not part of a game log"), (const char *) refused->name);

  return refused;
}

/* Whether the document is a layout of this format that follows the
 * schema. With has_lifted, a document that does not gets no message:
 * it is read again without lifting (see load() in muster-layout-reader.c). */
gboolean
_muster_layout_check_document (xmlDoc      *doc,
                               const char  *filename,
                               gboolean     has_lifted,
                               GError     **error)
{
  g_autoptr(GError) schema_error = NULL;
  g_autofree char *version = NULL;
  g_autofree char *newer = NULL;
  g_autofree char *message = NULL;
  xmlNode *root = xmlDocGetRootElement (doc);
  guint n_elements = 1;
  xmlNode *culprit;

  if (root->ns != NULL && strcmp ((const char *) root->name, "muster-layout") == 0)
    {
      g_set_error (error, MUSTER_LAYOUT_ERROR, MUSTER_LAYOUT_ERROR_SCHEMA,
                   _("%s:%d: not a Muster layout (<muster-layout> is in the namespace “%s”; "
                     "a layout’s own elements are in none)"),
                   filename, MAX (1, muster_xml_get_line (root)), (const char *) root->ns->href);
      return FALSE;
    }

  if (!muster_xml_is_element (root, "muster-layout"))
    {
      g_set_error (error, MUSTER_LAYOUT_ERROR, MUSTER_LAYOUT_ERROR_SCHEMA,
                   _("%s:%d: not a Muster layout (the document is <%s>, not <muster-layout>)"),
                   filename, MAX (1, muster_xml_get_line (root)), (const char *) root->name);
      return FALSE;
    }

  /* Before the schema: a newer format may have elements this one lacks. */
  version = muster_xml_get_prop (root, "version");
  if (version != NULL && version_is_newer (version, &newer))
    {
      g_set_error (error, MUSTER_LAYOUT_ERROR, MUSTER_LAYOUT_ERROR_VERSION,
                   _("%s:%d: written by a newer Muster (format version %s); "
                     "this Muster reads version %d"),
                   filename, MAX (1, muster_xml_get_line (root)), newer,
                   MUSTER_LAYOUT_FORMAT_VERSION);
      return FALSE;
    }

  culprit = check_element_count (root, &n_elements, &message);
  if (culprit != NULL)
    {
      return muster_xml_set_error (error, MUSTER_LAYOUT_ERROR, MUSTER_LAYOUT_ERROR_PARSE, filename, culprit,
                                   "%s", message);
    }

  if (!layout_follows_schema (root) &&
      !muster_xml_validate_interleaved_except (doc, "muster-layout.rng", child_follows_schema,
                                               filename, MUSTER_LAYOUT_ERROR,
                                               MUSTER_LAYOUT_ERROR_SCHEMA, &schema_error))
    {
      if (has_lifted)
        return FALSE;

      culprit = explain_element (root, &message);
      if (culprit == NULL)
        culprit = explain_game_log (doc, root, &message);
      if (culprit != NULL)
        muster_xml_set_error (error, MUSTER_LAYOUT_ERROR, MUSTER_LAYOUT_ERROR_SCHEMA, filename, culprit,
                              "%s", message);
      else
        g_propagate_error (error, g_steal_pointer (&schema_error));

      return FALSE;
    }

  return TRUE;
}

/* Extensions: foreign attributes and elements, kept verbatim */

static void
remember_namespace (MusterLayout  *self,
                    GHashTable    *ns_by_prefix,
                    const xmlChar *prefix,
                    const xmlChar *href)
{
  if (prefix == NULL || href == NULL || href[0] == '\0' ||
      strcmp ((const char *) href, MUSTER_LAYOUT_XML_NAMESPACE) == 0 ||
      g_hash_table_contains (ns_by_prefix, prefix))
    return;

  g_ptr_array_add (self->namespaces, g_strdup ((const char *) prefix));
  g_ptr_array_add (self->namespaces, g_strdup ((const char *) href));
  g_hash_table_insert (ns_by_prefix, (gpointer) prefix, (gpointer) href);
}

void
_muster_layout_read_ext_attrs (MusterLayout  *self,
                               GHashTable    *ns_by_prefix,
                               xmlNode       *node,
                               GPtrArray    **ext_attrs)
{
  for (xmlNs *ns = node->nsDef; ns != NULL; ns = ns->next)
    remember_namespace (self, ns_by_prefix, ns->prefix, ns->href);

  for (xmlAttr *attr = node->properties; attr != NULL; attr = attr->next)
    {
      g_autofree char *name = NULL;
      xmlChar *value;

      if (attr->ns == NULL || attr->ns->href == NULL)
        continue;

      remember_namespace (self, ns_by_prefix, attr->ns->prefix, attr->ns->href);

      name = g_strdup_printf ("{%s}%s", (const char *) attr->ns->href, (const char *) attr->name);
      value = xmlNodeGetContent ((xmlNode *) attr);
      _muster_layout_add_string (ext_attrs, name);
      _muster_layout_add_string (ext_attrs, value != NULL ? (const char *) value : "");
      xmlFree (value);
    }
}

/* The element and everything in it as text, with the namespace
 * declarations it needs, so that it can be written back anywhere. */
static char *
dump_element (xmlNode *node)
{
  xmlDoc *doc = xmlNewDoc ((const xmlChar *) "1.0");
  xmlBuffer *buffer;
  xmlNode *copy;
  char *ret = NULL;

  doc->encoding = xmlStrdup ((const xmlChar *) "UTF-8");
  copy = xmlDocCopyNode (node, doc, 1);
  if (copy == NULL)
    {
      xmlFreeDoc (doc);
      return NULL;
    }

  xmlDocSetRootElement (doc, copy);
  buffer = xmlBufferCreate ();
  if (xmlNodeDump (buffer, doc, copy, 0, 0) > 0)
    ret = g_strndup ((const char *) xmlBufferContent (buffer), xmlBufferLength (buffer));
  xmlBufferFree (buffer);
  xmlFreeDoc (doc);

  return ret;
}

gboolean
_muster_layout_read_extension (const char  *filename,
                               xmlNode     *node,
                               GPtrArray  **extensions,
                               GError     **error)
{
  g_autofree char *text = dump_element (node);

  if (text == NULL)
    return muster_xml_set_error (error, MUSTER_LAYOUT_ERROR, MUSTER_LAYOUT_ERROR_INVALID, filename, node,
                                 _("the extension element <%s> could not be kept"),
                                 (const char *) node->name);

  _muster_layout_add_string (extensions, text);

  return TRUE;
}

static void
rename_in_attrs (GPtrArray  *ext_attrs,
                 const char *old_prefix,
                 const char *new_prefix)
{
  for (guint i = 0; ext_attrs != NULL && i + 1 < ext_attrs->len; i += 2)
    {
      char *name = g_ptr_array_index (ext_attrs, i);

      if (g_str_has_prefix (name, old_prefix))
        {
          g_ptr_array_index (ext_attrs, i) = g_strconcat (new_prefix, name + strlen (old_prefix), NULL);
          g_free (name);
        }
    }
}

/* The namespace is declared in the element's text as xmlns:P="href",
 * where the reader put it (dump_element()); the href is a URL no other
 * text contains. */
static void
rename_in_elements (GPtrArray  *extensions,
                    const char *old_quoted,
                    const char *new_quoted)
{
  for (guint i = 0; extensions != NULL && i < extensions->len; i++)
    {
      char *text = g_ptr_array_index (extensions, i);
      g_auto(GStrv) parts = NULL;

      if (strstr (text, old_quoted) == NULL)
        continue;

      parts = g_strsplit (text, old_quoted, -1);
      g_ptr_array_index (extensions, i) = g_strjoinv (new_quoted, parts);
      g_free (text);
    }
}

void
_muster_layout_convert_legacy_namespaces (MusterLayout *self)
{
  const char *old_href = MUSTER_LEGACY_ROSTER_NAMESPACE;
  const char *new_href = MUSTER_ROSTER_NAMESPACE;
  g_autofree char *old_prefix = g_strconcat ("{", old_href, "}", NULL);
  g_autofree char *new_prefix = g_strconcat ("{", new_href, "}", NULL);
  g_autofree char *old_quoted = g_strconcat ("\"", old_href, "\"", NULL);
  g_autofree char *new_quoted = g_strconcat ("\"", new_href, "\"", NULL);

  for (guint i = 1; i < self->namespaces->len; i += 2)
    if (g_str_equal (g_ptr_array_index (self->namespaces, i), old_href))
      {
        g_free (g_ptr_array_index (self->namespaces, i));
        g_ptr_array_index (self->namespaces, i) = g_strdup (new_href);
      }

  rename_in_attrs (self->ext_attrs, old_prefix, new_prefix);
  rename_in_attrs (self->game_ext_attrs, old_prefix, new_prefix);
  rename_in_attrs (self->board_ext_attrs, old_prefix, new_prefix);
  rename_in_elements (self->extensions, old_quoted, new_quoted);
  rename_in_elements (self->game_extensions, old_quoted, new_quoted);
  for (guint i = 0; i < self->players->len; i++)
    {
      MusterPlayer *player = g_ptr_array_index (self->players, i);

      rename_in_attrs (player->ext_attrs, old_prefix, new_prefix);
      rename_in_elements (player->extensions, old_quoted, new_quoted);
    }
  for (guint i = 0; i < self->pieces->len; i++)
    {
      MusterPiece *piece = g_ptr_array_index (self->pieces, i);

      rename_in_attrs (piece->ext_attrs, old_prefix, new_prefix);
      rename_in_elements (piece->extensions, old_quoted, new_quoted);
    }
  for (guint i = 0; i < self->terrain->len; i++)
    {
      MusterTerrain *terrain = g_ptr_array_index (self->terrain, i);

      rename_in_attrs (terrain->ext_attrs, old_prefix, new_prefix);
      rename_in_elements (terrain->extensions, old_quoted, new_quoted);
    }
}
