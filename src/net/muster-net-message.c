/* muster-net-message.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-net"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "muster-net-message.h"
#include "muster-roster-private.h"
#include "muster-xml.h"

/* The messages' XML: see muster-net-message.h. */

#define VERSION "1"

G_DEFINE_QUARK (muster-net-error-quark, muster_net_error)

static const char * const type_names[] = {
  [MUSTER_NET_MESSAGE_HELLO]      = "hello",
  [MUSTER_NET_MESSAGE_WELCOME]    = "welcome",
  [MUSTER_NET_MESSAGE_STEP]       = "step",
  [MUSTER_NET_MESSAGE_PROPOSE]    = "propose",
  [MUSTER_NET_MESSAGE_ROLL]       = "roll",
  [MUSTER_NET_MESSAGE_CONTRIBUTE] = "contribute",
  [MUSTER_NET_MESSAGE_MOVE]       = "move",
  [MUSTER_NET_MESSAGE_PLACE]      = "place",
  [MUSTER_NET_MESSAGE_REMOVE]     = "remove",
  [MUSTER_NET_MESSAGE_REFUSE]     = "refuse",
  [MUSTER_NET_MESSAGE_BYE]        = "bye",
  [MUSTER_NET_MESSAGE_ACK]        = "ack",
};

/* The root's attributes each type has (besides version, type, seq and
 * ack), required unless marked "?". */
static const char * const type_attrs[][8] = {
  [MUSTER_NET_MESSAGE_HELLO]      = { "key", "session?", "received?", NULL },
  [MUSTER_NET_MESSAGE_WELCOME]    = { "session", "player", "received", NULL },
  [MUSTER_NET_MESSAGE_STEP]       = { "n", "value?", NULL },
  [MUSTER_NET_MESSAGE_PROPOSE]    = { NULL },
  [MUSTER_NET_MESSAGE_ROLL]       = { "n", "commitment", NULL },
  [MUSTER_NET_MESSAGE_CONTRIBUTE] = { "n", "value", NULL },
  [MUSTER_NET_MESSAGE_MOVE]       = { "piece", "x", "y", "rotation", NULL },
  [MUSTER_NET_MESSAGE_PLACE]      = { NULL },
  [MUSTER_NET_MESSAGE_REMOVE]     = { "piece", NULL },
  [MUSTER_NET_MESSAGE_REFUSE]     = { "about", "reason", NULL },
  [MUSTER_NET_MESSAGE_BYE]        = { NULL },
  [MUSTER_NET_MESSAGE_ACK]        = { NULL },
};

MusterNetMessage *
muster_net_message_new (MusterNetMessageType type)
{
  MusterNetMessage *message = g_new0 (MusterNetMessage, 1);

  message->type = type;

  return message;
}

void
muster_net_message_free (MusterNetMessage *message)
{
  if (message == NULL)
    return;

  g_free (message->key);
  g_clear_pointer (&message->army, g_ptr_array_unref);
  g_free (message->session_id);
  g_free (message->player);
  g_clear_pointer (&message->layout, g_bytes_unref);
  g_clear_pointer (&message->step, muster_log_step_unref);
  g_free (message->commitment);
  g_free (message->value);
  g_free (message->piece);
  g_clear_pointer (&message->placed, muster_piece_free);
  g_free (message->reason);
  g_free (message);
}

const char *
muster_net_message_type_name (MusterNetMessageType type)
{
  g_return_val_if_fail (type <= MUSTER_NET_MESSAGE_ACK, "");

  return type_names[type];
}

/* Writing */

static void
append_escaped (GString    *out,
                const char *text)
{
  for (const char *p = text; *p != '\0'; p++)
    switch (*p)
      {
      case '&': g_string_append (out, "&amp;"); break;
      case '<': g_string_append (out, "&lt;"); break;
      case '>': g_string_append (out, "&gt;"); break;
      case '"': g_string_append (out, "&quot;"); break;
      /* Kept as they are: a parser makes them spaces when they are not
       * character references. */
      case '\t': g_string_append (out, "&#9;"); break;
      case '\n': g_string_append (out, "&#10;"); break;
      case '\r': g_string_append (out, "&#13;"); break;
      default: g_string_append_c (out, *p); break;
      }
}

static void
append_attr (GString    *out,
             const char *name,
             const char *value)
{
  if (value == NULL)
    return;

  g_string_append_printf (out, " %s=\"", name);
  append_escaped (out, value);
  g_string_append_c (out, '"');
}

static void
append_uint (GString    *out,
             const char *name,
             guint64     value)
{
  g_string_append_printf (out, " %s=\"%" G_GUINT64_FORMAT "\"", name, value);
}

static void
append_double (GString    *out,
               const char *name,
               double      value)
{
  char text[G_ASCII_DTOSTR_BUF_SIZE];

  append_attr (out, name, g_ascii_dtostr (text, sizeof text, value));
}

static void
write_step (GString       *out,
            MusterLogStep *step)
{
  const char * const *attrs = muster_log_step_get_attrs (step);

  g_string_append (out, "  <step");
  append_attr (out, "action", muster_log_step_get_action (step));
  for (guint i = 0; attrs[i] != NULL; i += 2)
    append_attr (out, attrs[i], attrs[i + 1]);
  g_string_append (out, ">\n");

  for (guint i = 0; i < muster_log_step_get_n_items (step); i++)
    {
      const MusterLogItem *item = muster_log_step_get_item (step, i);

      g_string_append_printf (out, "    <%s", item->name);
      for (guint j = 0; item->attrs[j] != NULL && item->attrs[j + 1] != NULL; j += 2)
        append_attr (out, item->attrs[j], item->attrs[j + 1]);
      g_string_append (out, "/>\n");
    }

  for (guint i = 0; i < muster_log_step_get_n_dice (step); i++)
    {
      const MusterLogDie *die = muster_log_step_get_die (step, i);

      g_string_append_printf (out, "    <die sides=\"%u\" value=\"%u\"", die->sides, die->value);
      append_attr (out, "who", die->who);
      if (die->manual)
        append_attr (out, "thrown", "table");
      append_attr (out, "why", die->why);
      g_string_append (out, "/>\n");
    }

  g_string_append (out, "  </step>\n");
}

/* The names of the base shapes, as in the file. */
static const char * const shape_names[] = {
  [MUSTER_BASE_ROUND] = "round",
  [MUSTER_BASE_OVAL]  = "oval",
  [MUSTER_BASE_RECT]  = "rect",
};

static void
append_words (GString            *out,
              const char         *name,
              const char * const *words)
{
  g_autofree char *text = NULL;

  if (words == NULL || words[0] == NULL)
    return;

  text = g_strjoinv (" ", (char **) words);
  append_attr (out, name, text);
}

static void
write_piece (GString           *out,
             const MusterPiece *piece)
{
  g_string_append (out, "  <piece");
  append_attr (out, "id", piece->id);
  append_attr (out, "kind", muster_piece_kind_to_string (piece->kind));
  append_attr (out, "owner", piece->owner);
  append_double (out, "x", piece->x);
  append_double (out, "y", piece->y);
  append_double (out, "rotation", piece->rotation);
  append_attr (out, "shape", shape_names[piece->base.shape]);
  append_double (out, "width", piece->base.width);
  append_double (out, "depth", piece->base.depth);
  append_attr (out, "name", piece->name);
  if (piece->turn > 0)
    append_uint (out, "turn", piece->turn);
  append_words (out, "categories", (const char * const *) piece->categories);
  append_words (out, "skills", (const char * const *) piece->skills);
  if (piece->prone)
    append_attr (out, "prone", "true");
  append_attr (out, "entry", muster_roster_get_piece_entry (piece));
  g_string_append (out, "/>\n");
}

char *
muster_net_message_write (const MusterNetMessage *message)
{
  GString *out = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<muster-net version=\"" VERSION "\"");

  g_return_val_if_fail (message != NULL, NULL);

  append_attr (out, "type", muster_net_message_type_name (message->type));
  append_uint (out, "seq", message->seq);
  append_uint (out, "ack", message->ack);

  switch (message->type)
    {
    case MUSTER_NET_MESSAGE_HELLO:
      append_attr (out, "key", message->key);
      append_attr (out, "session", message->session_id);
      if (message->session_id != NULL)
        append_uint (out, "received", message->received);
      break;

    case MUSTER_NET_MESSAGE_WELCOME:
      append_attr (out, "session", message->session_id);
      append_attr (out, "player", message->player);
      append_uint (out, "received", message->received);
      break;

    case MUSTER_NET_MESSAGE_STEP:
    case MUSTER_NET_MESSAGE_ROLL:
    case MUSTER_NET_MESSAGE_CONTRIBUTE:
      append_uint (out, "n", message->n);
      append_attr (out, "commitment", message->commitment);
      append_attr (out, "value", message->value);
      break;

    case MUSTER_NET_MESSAGE_MOVE:
      append_attr (out, "piece", message->piece);
      append_double (out, "x", message->x);
      append_double (out, "y", message->y);
      append_double (out, "rotation", message->rotation);
      break;

    case MUSTER_NET_MESSAGE_REFUSE:
      append_uint (out, "about", message->about);
      append_attr (out, "reason", message->reason);
      break;

    case MUSTER_NET_MESSAGE_REMOVE:
      append_attr (out, "piece", message->piece);
      break;

    case MUSTER_NET_MESSAGE_PLACE:
    case MUSTER_NET_MESSAGE_PROPOSE:
    case MUSTER_NET_MESSAGE_BYE:
    case MUSTER_NET_MESSAGE_ACK:
    default:
      break;
    }

  g_string_append (out, ">\n");
  if (message->step != NULL)
    write_step (out, message->step);
  if (message->placed != NULL)
    write_piece (out, message->placed);
  if (message->army != NULL)
    {
      g_autofree char *roster = _muster_roster_write_element (message->army);

      g_string_append_printf (out, "  <army>\n    %s\n  </army>\n", roster);
    }
  if (message->layout != NULL)
    {
      g_autofree char *base64 = g_base64_encode (g_bytes_get_data (message->layout, NULL),
                                                 g_bytes_get_size (message->layout));

      g_string_append_printf (out, "  <layout>%s</layout>\n", base64);
    }
  g_string_append (out, "</muster-net>\n");

  return g_string_free (out, FALSE);
}

/* Reading */

static gboolean
refuse (GError     **error,
        const char  *format,
        ...) G_GNUC_PRINTF (2, 3);

static gboolean
refuse (GError     **error,
        const char  *format,
        ...)
{
  g_autofree char *text = NULL;
  va_list args;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);

  /* Translators: why a message from the other Muster cannot be read */
  g_set_error (error, MUSTER_NET_ERROR, MUSTER_NET_ERROR_MESSAGE, _("A message that cannot be read: %s"), text);

  return FALSE;
}

static gboolean
read_uint64 (const char *text,
             guint64     max,
             guint64    *value)
{
  return text != NULL && g_ascii_string_to_unsigned (text, 10, 0, max, value, NULL);
}

static gboolean
read_double (const char *text,
             double     *value)
{
  char *end = NULL;

  if (text == NULL || *text == '\0' || g_ascii_isspace (*text))
    return FALSE;

  *value = g_ascii_strtod (text, &end);

  return end != NULL && *end == '\0' && isfinite (*value) && fabs (*value) < 1e9;
}

/* A place on a table: within what a layout file holds
 * (MUSTER_LAYOUT_MAX_LENGTH_MM), so that a layout with a peer's piece in
 * it can still be saved and read back. */
static gboolean
read_coordinate (const char *text,
                 double     *value)
{
  return read_double (text, value) && fabs (*value) <= MUSTER_LAYOUT_MAX_LENGTH_MM;
}

static gboolean
is_hex (const char *text,
        gsize       length)
{
  if (text == NULL || strlen (text) != length)
    return FALSE;

  for (const char *p = text; *p != '\0'; p++)
    if (!g_ascii_isxdigit (*p) || g_ascii_isupper (*p))
      return FALSE;

  return TRUE;
}

/* Attributes with no namespace, name then value; FALSE when one is in a
 * namespace or is no name. */
static GStrv
plain_attributes (xmlNode    *node,
                  const char *skip)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  for (xmlAttr *attr = node->properties; attr != NULL; attr = attr->next)
    {
      const char *name = (const char *) attr->name;
      const char *value = muster_xml_peek_attr_value (attr);

      if (attr->ns != NULL || !muster_log_step_is_name (name) || value == NULL)
        return NULL;
      if (g_strcmp0 (name, skip) == 0)
        continue;
      g_strv_builder_add_many (builder, name, value, NULL);
    }

  return g_strv_builder_end (builder);
}

static gboolean
read_die (xmlNode        *node,
          MusterLogStep  *step,
          GError        **error)
{
  guint64 sides, value;
  const char *thrown = muster_xml_peek_prop (node, "thrown");
  const char *who = muster_xml_peek_prop (node, "who");
  const char *why = muster_xml_peek_prop (node, "why");
  guint known = 2 + (thrown != NULL) + (who != NULL) + (why != NULL);
  guint n_attrs = 0;

  for (xmlAttr *attr = node->properties; attr != NULL; attr = attr->next)
    n_attrs++;

  if (!read_uint64 (muster_xml_peek_prop (node, "sides"), 1000, &sides) || sides < 2 ||
      !read_uint64 (muster_xml_peek_prop (node, "value"), sides, &value) || value < 1)
    return refuse (error, _("a die’s value is not one of its sides"));
  if (n_attrs != known || (thrown != NULL && strcmp (thrown, "table") != 0 && strcmp (thrown, "muster") != 0) ||
      (who != NULL && !muster_log_step_is_name (who)))
    return refuse (error, _("a die has attributes no die has"));

  muster_log_step_add_die (step, (guint) sides, (guint) value, g_strcmp0 (thrown, "table") == 0, who, why);

  return TRUE;
}

static MusterLogStep *
read_step (xmlNode  *node,
           GError  **error)
{
  g_autoptr(MusterLogStep) step = NULL;
  g_auto(GStrv) attrs = NULL;
  const char *action = muster_xml_peek_prop (node, "action");
  guint n_children = 0;

  if (action == NULL || !muster_log_step_is_name (action))
    {
      refuse (error, _("a step has no action"));
      return NULL;
    }

  attrs = plain_attributes (node, "action");
  if (attrs == NULL)
    {
      refuse (error, _("a step has an attribute that is no name"));
      return NULL;
    }

  step = muster_log_step_new (action);
  for (guint i = 0; attrs[i] != NULL; i += 2)
    {
      if (strcmp (attrs[i], MUSTER_LOG_STEP_ATTR_N) == 0)
        {
          refuse (error, _("a step has an attribute that is no name"));
          return NULL;
        }
      muster_log_step_set (step, attrs[i], attrs[i + 1]);
    }

  for (xmlNode *child = node->children; child != NULL; child = child->next)
    {
      if (child->type == XML_TEXT_NODE && xmlIsBlankNode (child))
        continue;
      if (child->type != XML_ELEMENT_NODE || child->ns != NULL || ++n_children > MUSTER_NET_MAX_STEP_CHILDREN)
        {
          refuse (error, _("a step holds what no step holds"));
          return NULL;
        }

      if (muster_xml_is_element (child, "die"))
        {
          if (!read_die (child, step, error))
            return NULL;
        }
      else
        {
          /* Any other element is a thing the step names, as in the file. */
          const char *name = (const char *) child->name;
          g_auto(GStrv) item = plain_attributes (child, NULL);

          if (!muster_log_step_is_name (name) || item == NULL || child->children != NULL)
            {
              refuse (error, _("a step names a thing that is no name"));
              return NULL;
            }
          muster_log_step_add_item (step, name, (const char * const *) item);
        }
    }

  return g_steal_pointer (&step);
}

/* An id, a player or a word of a list: some text, with no space in it. */
static gboolean
is_token (const char *text)
{
  if (text == NULL || *text == '\0' || strlen (text) > 256 || !g_utf8_validate (text, -1, NULL))
    return FALSE;

  for (const char *p = text; *p != '\0'; p++)
    if (g_ascii_isspace (*p) || g_ascii_iscntrl (*p))
      return FALSE;

  return TRUE;
}

static gboolean
read_words (const char  *text,
            char      ***words)
{
  g_auto(GStrv) split = NULL;

  if (text == NULL)
    return TRUE;

  split = g_strsplit (text, " ", 65);
  if (g_strv_length (split) > 64)
    return FALSE;
  for (guint i = 0; split[i] != NULL; i++)
    if (!is_token (split[i]))
      return FALSE;

  *words = g_steal_pointer (&split);

  return TRUE;
}

static gboolean
read_length (const char *text,
             double     *value)
{
  return read_double (text, value) && *value > 0 && *value < 1e5;
}

static const char * const piece_attrs[] = {
  "id", "kind", "owner", "x", "y", "rotation", "shape", "width", "depth",
  "name", "turn", "categories", "skills", "prone", "entry", NULL,
};

static MusterPiece *
read_piece (xmlNode  *node,
            GError  **error)
{
  g_autoptr(MusterPiece) piece = NULL;
  const char *text;
  MusterPieceKind kind;
  MusterBase base = { MUSTER_BASE_ROUND, 0, 0 };
  double x, y, rotation;
  guint64 turn = 0;
  guint shape;

  for (xmlAttr *attr = node->properties; attr != NULL; attr = attr->next)
    if (attr->ns != NULL || !g_strv_contains (piece_attrs, (const char *) attr->name))
      {
        refuse (error, _("a piece has attributes no piece has"));
        return NULL;
      }

  text = muster_xml_peek_prop (node, "shape");
  for (shape = 0; shape < G_N_ELEMENTS (shape_names); shape++)
    if (g_strcmp0 (text, shape_names[shape]) == 0)
      break;

  if (!is_token (muster_xml_peek_prop (node, "id")) || !is_token (muster_xml_peek_prop (node, "owner")) ||
      !muster_piece_kind_from_string (muster_xml_peek_prop (node, "kind"), &kind) ||
      shape == G_N_ELEMENTS (shape_names) ||
      !read_length (muster_xml_peek_prop (node, "width"), &base.width) ||
      !read_length (muster_xml_peek_prop (node, "depth"), &base.depth) ||
      !read_coordinate (muster_xml_peek_prop (node, "x"), &x) ||
      !read_coordinate (muster_xml_peek_prop (node, "y"), &y) ||
      !read_double (muster_xml_peek_prop (node, "rotation"), &rotation) ||
      ((text = muster_xml_peek_prop (node, "turn")) != NULL && !read_uint64 (text, 1000, &turn)) ||
      ((text = muster_xml_peek_prop (node, "prone")) != NULL && strcmp (text, "true") != 0 &&
       strcmp (text, "false") != 0) ||
      ((text = muster_xml_peek_prop (node, "entry")) != NULL && !is_token (text)) ||
      ((text = muster_xml_peek_prop (node, "name")) != NULL &&
       (strlen (text) > 256 || !g_utf8_validate (text, -1, NULL))))
    {
      refuse (error, _("a piece is not one that a table can hold"));
      return NULL;
    }

  /* Of a player some layout has had, or of no one: a piece's owner is
   * interned (MusterPiece), and names made up by a peer would be kept for
   * as long as the process runs. The session checks the owner then. */
  text = muster_xml_peek_prop (node, "owner");
  if (strcmp (text, MUSTER_OWNER_NEUTRAL) != 0 && g_quark_try_string (text) == 0)
    {
      refuse (error, _("a piece is not one that a table can hold"));
      return NULL;
    }

  base.shape = (MusterBaseShape) shape;
  piece = muster_piece_new (muster_xml_peek_prop (node, "id"), kind, muster_xml_peek_prop (node, "owner"), &base, x, y);
  piece->rotation = rotation;
  piece->turn = (guint) turn;
  piece->prone = g_strcmp0 (muster_xml_peek_prop (node, "prone"), "true") == 0;
  piece->name = g_strdup (muster_xml_peek_prop (node, "name"));
  if (!read_words (muster_xml_peek_prop (node, "categories"), &piece->categories) ||
      !read_words (muster_xml_peek_prop (node, "skills"), &piece->skills))
    {
      refuse (error, _("a piece is not one that a table can hold"));
      return NULL;
    }
  if ((text = muster_xml_peek_prop (node, "entry")) != NULL)
    muster_roster_set_piece_entry (piece, text);

  return g_steal_pointer (&piece);
}

/* The root's attributes: the type's, and no others. */
static gboolean
check_attributes (xmlNode               *root,
                  MusterNetMessageType   type,
                  GError               **error)
{
  const char * const *allowed = type_attrs[type];

  for (xmlAttr *attr = root->properties; attr != NULL; attr = attr->next)
    {
      const char *name = (const char *) attr->name;
      gboolean known = attr->ns == NULL &&
                       (strcmp (name, "version") == 0 || strcmp (name, "type") == 0 ||
                        strcmp (name, "seq") == 0 || strcmp (name, "ack") == 0);

      for (guint i = 0; !known && allowed[i] != NULL; i++)
        known = attr->ns == NULL && strncmp (allowed[i], name, strlen (name)) == 0 &&
                (allowed[i][strlen (name)] == '\0' || allowed[i][strlen (name)] == '?');
      if (!known)
        return refuse (error, _("a “%s” message has no attribute %s"), type_names[type], name);
    }

  for (guint i = 0; allowed[i] != NULL; i++)
    if (!g_str_has_suffix (allowed[i], "?") && muster_xml_peek_prop (root, allowed[i]) == NULL)
      return refuse (error, _("a “%s” message has no attribute %s"), type_names[type], allowed[i]);

  return TRUE;
}

static gboolean
read_fields (xmlNode           *root,
             MusterNetMessage  *message,
             GError           **error)
{
  const char *text;
  guint64 number = 0;

  if ((text = muster_xml_peek_prop (root, "key")) != NULL)
    {
      if (strlen (text) > 128)
        return refuse (error, _("its key is too long"));
      message->key = g_strdup (text);
    }
  if ((text = muster_xml_peek_prop (root, "session")) != NULL)
    {
      if (!is_hex (text, 32))
        return refuse (error, _("its session is no session"));
      message->session_id = g_strdup (text);
    }
  if ((text = muster_xml_peek_prop (root, "received")) != NULL && !read_uint64 (text, G_MAXINT64, &message->received))
    return refuse (error, _("its attribute %s is not a whole number"), "received");
  if ((text = muster_xml_peek_prop (root, "player")) != NULL)
    {
      if (!muster_log_step_is_name (text))
        return refuse (error, _("its player is no player"));
      message->player = g_strdup (text);
    }
  if ((text = muster_xml_peek_prop (root, "n")) != NULL)
    {
      if (!read_uint64 (text, G_MAXINT32, &number) || number < 1)
        return refuse (error, _("its attribute %s is not a whole number"), "n");
      message->n = (guint) number;
    }
  if ((text = muster_xml_peek_prop (root, "commitment")) != NULL)
    {
      if (!is_hex (text, 64))
        return refuse (error, _("its commitment is not a SHA-256 digest"));
      message->commitment = g_strdup (text);
    }
  if ((text = muster_xml_peek_prop (root, "value")) != NULL)
    {
      if (!is_hex (text, 64))
        return refuse (error, _("its value is not 32 bytes in hex"));
      message->value = g_strdup (text);
    }
  if ((text = muster_xml_peek_prop (root, "piece")) != NULL)
    {
      if (*text == '\0' || strlen (text) > 256)
        return refuse (error, _("its piece is no piece"));
      message->piece = g_strdup (text);
    }
  if (message->type == MUSTER_NET_MESSAGE_MOVE &&
      (!read_coordinate (muster_xml_peek_prop (root, "x"), &message->x) ||
       !read_coordinate (muster_xml_peek_prop (root, "y"), &message->y) ||
       !read_double (muster_xml_peek_prop (root, "rotation"), &message->rotation)))
    return refuse (error, _("a move is not to a place on the table"));
  if ((text = muster_xml_peek_prop (root, "about")) != NULL && !read_uint64 (text, G_MAXINT64, &message->about))
    return refuse (error, _("its attribute %s is not a whole number"), "about");
  /* Cut short where a character ends: it is shown in labels. */
  if ((text = muster_xml_peek_prop (root, "reason")) != NULL)
    message->reason = g_utf8_substring (text, 0, MIN (g_utf8_strlen (text, -1), 1024));

  return TRUE;
}

/* The army of a hello: one roster element, read as the layout reads it. */
static gboolean
read_army (xmlNode           *node,
           MusterNetMessage  *message,
           GError           **error)
{
  g_autoptr(GError) local_error = NULL;
  xmlNode *roster = NULL;

  for (xmlNode *child = node->children; child != NULL; child = child->next)
    {
      if (child->type == XML_TEXT_NODE && xmlIsBlankNode (child))
        continue;
      if (roster != NULL || !_muster_roster_is_element (child))
        return refuse (error, _("its army is not a roster"));
      roster = child;
    }
  if (roster == NULL || node->properties != NULL)
    return refuse (error, _("its army is not a roster"));

  message->army = _muster_roster_read_element (roster, "hello", &local_error);
  if (message->army == NULL)
    return refuse (error, _("its army cannot be read: %s"), local_error->message);
  if (message->army->len == 0 || message->army->len > MUSTER_NET_MAX_ARMY)
    return refuse (error, _("its army is empty or too big"));

  return TRUE;
}

static gboolean
read_children (xmlNode           *root,
               MusterNetMessage  *message,
               GError           **error)
{
  gboolean wants_step = message->type == MUSTER_NET_MESSAGE_STEP || message->type == MUSTER_NET_MESSAGE_PROPOSE ||
                        message->type == MUSTER_NET_MESSAGE_ROLL;

  for (xmlNode *child = root->children; child != NULL; child = child->next)
    {
      if (child->type == XML_TEXT_NODE && xmlIsBlankNode (child))
        continue;

      if (child->type == XML_ELEMENT_NODE && child->ns == NULL && muster_xml_is_element (child, "step") &&
          wants_step && message->step == NULL)
        {
          message->step = read_step (child, error);
          if (message->step == NULL)
            return FALSE;
        }
      else if (child->type == XML_ELEMENT_NODE && child->ns == NULL && muster_xml_is_element (child, "piece") &&
               message->type == MUSTER_NET_MESSAGE_PLACE && message->placed == NULL && child->children == NULL)
        {
          message->placed = read_piece (child, error);
          if (message->placed == NULL)
            return FALSE;
        }
      else if (child->type == XML_ELEMENT_NODE && child->ns == NULL && muster_xml_is_element (child, "army") &&
               message->type == MUSTER_NET_MESSAGE_HELLO && message->army == NULL)
        {
          if (!read_army (child, message, error))
            return FALSE;
        }
      else if (child->type == XML_ELEMENT_NODE && child->ns == NULL && muster_xml_is_element (child, "layout") &&
               message->type == MUSTER_NET_MESSAGE_WELCOME && message->layout == NULL &&
               child->properties == NULL)
        {
          xmlChar *content = xmlNodeGetContent (child);
          g_autofree char *text = g_strdup ((const char *) content);
          guchar *data;
          gsize size = 0;

          xmlFree (content);
          if (text == NULL || strspn (text, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=") != strlen (text) ||
              strlen (text) % 4 != 0)
            return refuse (error, _("its layout is not in base64"));
          data = g_base64_decode (text, &size);
          if (size == 0 || size > MUSTER_NET_MAX_LAYOUT)
            {
              g_free (data);
              return refuse (error, _("its layout is empty or too big"));
            }
          message->layout = g_bytes_new_take (data, size);
        }
      else
        return refuse (error, _("a “%s” message holds what it may not"), type_names[message->type]);
    }

  if (wants_step && message->step == NULL)
    return refuse (error, _("a “%s” message has no step"), type_names[message->type]);
  if (message->type == MUSTER_NET_MESSAGE_PLACE && message->placed == NULL)
    return refuse (error, _("a “%s” message has no piece"), type_names[message->type]);

  return TRUE;
}

MusterNetMessage *
muster_net_message_read (const char  *data,
                         gsize        size,
                         GError     **error)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(xmlDoc) doc = NULL;
  g_autoptr(MusterNetMessage) message = NULL;
  const char *type_name;
  xmlNode *root;
  guint type;

  g_return_val_if_fail (data != NULL || size == 0, NULL);

  if (size > MUSTER_NET_MAX_MESSAGE)
    {
      refuse (error, _("it is too big"));
      return NULL;
    }

  bytes = g_bytes_new (data, size);
  doc = muster_xml_parse (bytes, "message", MUSTER_NET_ERROR, MUSTER_NET_ERROR_MESSAGE, error);
  if (doc == NULL)
    return NULL;

  root = xmlDocGetRootElement (doc);
  if (root == NULL || root->ns != NULL || !muster_xml_is_element (root, "muster-net"))
    {
      refuse (error, _("it is no message of Muster’s"));
      return NULL;
    }
  if (g_strcmp0 (muster_xml_peek_prop (root, "version"), VERSION) != 0)
    {
      /* Told apart from the other reasons: another version is no
       * stranger with a wrong secret. */
      g_set_error (error, MUSTER_NET_ERROR, MUSTER_NET_ERROR_VERSION, _("A message that cannot be read: %s"),
                   _("it is of another version of Muster"));
      return NULL;
    }

  type_name = muster_xml_peek_prop (root, "type");
  for (type = 0; type < G_N_ELEMENTS (type_names); type++)
    if (g_strcmp0 (type_names[type], type_name) == 0)
      break;
  if (type == G_N_ELEMENTS (type_names))
    {
      refuse (error, _("Muster knows no message of type “%s”"), type_name != NULL ? type_name : "");
      return NULL;
    }

  message = muster_net_message_new (type);
  if (!read_uint64 (muster_xml_peek_prop (root, "seq"), G_MAXINT64, &message->seq) ||
      !read_uint64 (muster_xml_peek_prop (root, "ack"), G_MAXINT64, &message->ack))
    {
      refuse (error, _("it has no number"));
      return NULL;
    }

  if (type != MUSTER_NET_MESSAGE_WELCOME && size > MUSTER_NET_MAX_SMALL)
    {
      refuse (error, _("it is too big"));
      return NULL;
    }

  if (!check_attributes (root, type, error) || !read_fields (root, message, error) ||
      !read_children (root, message, error))
    return NULL;

  return g_steal_pointer (&message);
}
