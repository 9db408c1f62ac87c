/* muster-layout-reader.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-layout"

#include "config.h"

#include <float.h>
#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <libxml/tree.h>

#include "muster-expr.h"
#include "muster-layout.h"
#include "muster-layout-private.h"
#include "muster-roster-private.h"
#include "muster-xml.h"

/* The ids of pieces and terrain read so far, each with the line where it
 * was: a set with open addressing (a GHashTable is several times the
 * work for a large layout). The ids are the pieces' and terrain's own,
 * which the table borrows: they outlive it, or the reading fails and the
 * table goes unread. */
typedef struct
{
  const char **ids;             /* NULL: a free slot */
  int         *lines;
  guint        mask;            /* the number of slots less one */
  guint        n_ids;
} IdTable;

static void
id_table_init (IdTable *table,
               guint    n_slots)
{
  g_assert (n_slots > 0 && (n_slots & (n_slots - 1)) == 0);

  table->ids = g_new0 (const char *, n_slots);
  table->lines = g_new (int, n_slots);
  table->mask = n_slots - 1;
  table->n_ids = 0;
}

static void
id_table_clear (IdTable *table)
{
  g_clear_pointer (&table->ids, g_free);
  g_clear_pointer (&table->lines, g_free);
}

static guint
hash_id (const char *id)
{
  guint32 hash = 2166136261u;   /* FNV-1a */

  for (const guchar *p = (const guchar *) id; *p != '\0'; p++)
    hash = (hash ^ *p) * 16777619u;

  return hash;
}

/* The slot of id, or the free one where it would go. */
static guint
id_table_find (const IdTable *table,
               const char    *id)
{
  guint i = hash_id (id) & table->mask;

  while (table->ids[i] != NULL && strcmp (table->ids[i], id) != 0)
    i = (i + 1) & table->mask;

  return i;
}

/* Adds id at line; FALSE (with *first its line) if it is there already. */
static gboolean
id_table_add (IdTable    *table,
              const char *id,
              int         line,
              int        *first)
{
  guint i = id_table_find (table, id);

  if (table->ids[i] != NULL)
    {
      *first = table->lines[i];
      return FALSE;
    }

  table->ids[i] = id;
  table->lines[i] = line;

  /* At most half full. */
  if (++table->n_ids > table->mask / 2)
    {
      IdTable bigger;

      id_table_init (&bigger, (table->mask + 1) * 2);
      for (guint j = 0; j <= table->mask; j++)
        {
          if (table->ids[j] != NULL)
            {
              guint k = id_table_find (&bigger, table->ids[j]);

              bigger.ids[k] = table->ids[j];
              bigger.lines[k] = table->lines[j];
            }
        }
      bigger.n_ids = table->n_ids;
      id_table_clear (table);
      *table = bigger;
    }

  return TRUE;
}

typedef struct
{
  const char   *filename;
  MusterLayout *layout;
  IdTable       ids;              /* piece and terrain ids → first line */
  GHashTable   *player_lines;     /* player id → line */
  GHashTable   *ns_by_prefix;     /* prefix → href, declared in the file */
  GArray       *lifted;           /* MusterLiftedPiece, in file order, or NULL */
  guint         next_lifted;
  GString      *scratch;          /* the values of a lifted piece */
} Loader;

/* What a message is about ("piece “p1”", "<board>"): put into words
 * only for a message. */
typedef enum
{
  SUBJECT_ELEMENT,    /* text is the whole of it */
  SUBJECT_PIECE,
  SUBJECT_PLAYER,
  SUBJECT_TERRAIN,
} SubjectKind;

typedef struct
{
  SubjectKind  kind;
  const char  *text;              /* the element, or the id */
} Subject;

static char *
describe (const Subject *subject)
{
  switch (subject->kind)
    {
    case SUBJECT_ELEMENT:
      return g_strdup (subject->text);
    case SUBJECT_PIECE:
      return g_strdup_printf (_("piece “%s”"), subject->text);
    case SUBJECT_PLAYER:
      return g_strdup_printf (_("player “%s”"), subject->text);
    case SUBJECT_TERRAIN:
      return g_strdup_printf (_("terrain “%s”"), subject->text);
    default:
      g_assert_not_reached ();
    }
}

/* Sets error to "FILENAME:LINE: message" about node; FALSE. */
#define fail(loader, node, error, ...) \
  muster_xml_set_error ((error), MUSTER_LAYOUT_ERROR, MUSTER_LAYOUT_ERROR_INVALID, \
                        (loader)->filename, (node), __VA_ARGS__)

/* Logs */

/* The logs Muster keeps as extension elements of its own: <rl:roll-log>
 * and <gl:game-log>, each directly inside <muster-layout> (elsewhere
 * they are extensions like any other). */
static gboolean
is_log (xmlNode    *node,
        const char *href,
        const char *name)
{
  return muster_xml_is_foreign (node) &&
         g_strcmp0 ((const char *) node->ns->href, href) == 0 &&
         g_strcmp0 ((const char *) node->name, name) == 0;
}

/* The text of a log element, one entry a line; blank lines (the
 * indentation around it) are dropped. NULL when none is left. The
 * entries themselves are the business of whoever wrote them (the dice,
 * the Game page), which says what it makes of one it cannot read. */
static char **
read_log_lines (xmlNode *node)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) lines = NULL;
  char **log;
  xmlChar *content = xmlNodeGetContent (node);

  lines = g_strsplit (content != NULL ? (const char *) content : "", "\n", -1);
  xmlFree (content);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      gsize len = strlen (lines[i]);

      if (len > 0 && lines[i][len - 1] == '\r')
        lines[i][len - 1] = '\0';
      if (lines[i][strspn (lines[i], " \t")] == '\0')
        continue;
      g_strv_builder_add (builder, lines[i]);
    }

  log = g_strv_builder_end (builder);
  if (log[0] == NULL)
    g_clear_pointer (&log, g_strfreev);

  return log;
}

/* Values */

static gboolean
is_valid_id (const char *id)
{
  if (id == NULL || *id == '\0')
    return FALSE;

  for (const char *p = id; *p != '\0'; p++)
    {
      if (g_ascii_isspace (*p) || g_ascii_iscntrl (*p))
        return FALSE;
    }

  return TRUE;
}

/* The values of node's attributes of list (in no namespace) to
 * values[i] for list[i], as muster_xml_get_prop() reads them: without a
 * copy where libxml2 keeps one piece of text, else a copy kept in owned. */
static void
read_attr_values (xmlNode           *node,
                  const MusterSchemaAttr  *list,
                  guint              n_list,
                  const char       **values,
                  GPtrArray         *owned)
{
  for (xmlAttr *attr = node->properties; attr != NULL; attr = attr->next)
    {
      const char *name = (const char *) attr->name;

      if (attr->ns != NULL)
        continue;

      for (guint i = 0; i < n_list; i++)
        {
          if (strcmp (list[i].name, name) == 0)
            {
              values[i] = muster_xml_peek_attr_value (attr);
              if (values[i] == NULL)
                {
                  char *copy = muster_xml_get_prop (node, name);

                  g_ptr_array_add (owned, copy);
                  values[i] = copy;
                }
              break;
            }
        }
    }
}

static inline gboolean
read_id_text (const Loader  *loader,
              xmlNode       *node,
              const char    *element,
              const char    *text,
              char         **id,
              GError       **error)
{
  if (!is_valid_id (text))
    return fail (loader, node, error, _("<%s>: id=“%s” is not an id (a word without spaces)"),
                 element, text != NULL ? text : "");

  *id = g_strdup (text);

  return TRUE;
}

static gboolean
read_id (const Loader  *loader,
         xmlNode       *node,
         char         **id,
         GError       **error)
{
  g_autofree char *text = muster_xml_get_prop (node, "id");

  return read_id_text (loader, node, (const char *) node->name, text, id, error);
}

/* A token attribute: absent (NULL), or a word without surrounding space. */
static gboolean
read_word_text (const Loader   *loader,
                xmlNode        *node,
                const Subject  *subject,
                const char     *attr,
                const char     *text,
                char          **word,
                GError        **error)
{
  if (text == NULL)
    {
      *word = NULL;
      return TRUE;
    }

  if (!is_valid_id (text))
    {
      g_autofree char *what = describe (subject);

      return fail (loader, node, error, _("%s: %s=“%s” must be a single word"), what, attr, text);
    }

  *word = g_strdup (text);

  return TRUE;
}

static gboolean
read_word (const Loader   *loader,
           xmlNode        *node,
           const Subject  *subject,
           const char     *attr,
           char          **word,
           GError        **error)
{
  g_autofree char *text = muster_xml_get_prop (node, attr);

  return read_word_text (loader, node, subject, attr, text, word, error);
}

static const double powers_of_ten[] = {
  1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
  1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
};

/* A plain decimal number ("12", "3904.5177", ".5", "5.", with a "-"
 * before it if minus is set), up to 32 characters: TRUE with the double
 * that g_ascii_strtod() gives for it. When its digits make a whole
 * number below 2^53 and it has at most 22 after the point, that is the
 * quotient of two doubles that hold them exactly, which IEEE division
 * rounds as strtod() does (Clinger's fast path); other numbers go to
 * g_ascii_strtod() itself. FALSE for anything else. */
static gboolean
parse_decimal (const char *text,
               gboolean    minus,
               double     *value)
{
  const char *p = text;
  guint64 mantissa = 0;
  guint n_digits = 0;
  guint n_decimals = 0;

  if (minus && *p == '-')
    p++;

  /* The digits as a whole number, while it fits in 64 bits. */
  for (; (guint) (*p - '0') <= 9; p++, n_digits++)
    {
      if (n_digits < 19)
        mantissa = mantissa * 10 + (guint64) (*p - '0');
    }

  if (*p == '.')
    {
      for (p++; (guint) (*p - '0') <= 9; p++, n_digits++, n_decimals++)
        {
          if (n_digits < 19)
            mantissa = mantissa * 10 + (guint64) (*p - '0');
        }
    }

  if (*p != '\0' || n_digits == 0 || p - text > 32)
    return FALSE;

  /* Only where doubles are computed as doubles (not x87's wider ones). */
  if (FLT_EVAL_METHOD == 0 && n_digits <= 19 && mantissa <= (G_GUINT64_CONSTANT (1) << 53) &&
      n_decimals < G_N_ELEMENTS (powers_of_ten))
    {
      *value = (double) mantissa / powers_of_ten[n_decimals];
      if (text[0] == '-')
        *value = -*value;
    }
  else
    *value = g_ascii_strtod (text, NULL);

  return TRUE;
}

/* A length written as a plain number ("12", "3904.5177", ".5"), in the
 * layout's units: what muster_length_parse() makes of it, without its
 * parser (a fifth of the work of reading a large layout). FALSE for
 * anything else, which muster_length_parse() then reads. */
static gboolean
parse_plain_length (const char *text,
                    MusterUnit  units,
                    double     *mm)
{
  double value;

  if (!parse_decimal (text, FALSE, &value))
    return FALSE;

  *mm = muster_unit_to_mm (units, value);

  return isfinite (*mm);
}

static gboolean
read_length_checked (const Loader   *loader,
                     xmlNode        *node,
                     const Subject  *subject,
                     const char     *attr,
                     const char     *text,
                     gboolean        positive,
                     double         *value,
                     GError        **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autofree char *what = NULL;
  double mm;

  if (text == NULL)
    {
      what = describe (subject);
      return fail (loader, node, error, _("%s: the attribute “%s” is missing"), what, attr);
    }

  if (!parse_plain_length (text, loader->layout->units, &mm) &&
      !muster_length_parse (text, loader->layout->units, &mm, &local_error))
    {
      what = describe (subject);
      return fail (loader, node, error, _("%s: %s: %s"), what, attr, local_error->message);
    }

  if (!isfinite (mm))
    {
      what = describe (subject);
      return fail (loader, node, error, _("%s: %s=“%s” is not a finite length"), what, attr, text);
    }

  if (fabs (mm) > MUSTER_LAYOUT_MAX_LENGTH_MM)
    {
      what = describe (subject);
      return fail (loader, node, error, _("%s: %s=“%s” is too large"), what, attr, text);
    }

  if (positive && !(mm > 0))
    {
      what = describe (subject);
      return fail (loader, node, error, _("%s: %s=“%s” must be greater than zero"), what, attr, text);
    }

  *value = mm == 0 ? 0.0 : mm;   /* no -0 */

  return TRUE;
}

static gboolean
read_length_text (const Loader   *loader,
                  xmlNode        *node,
                  const Subject  *subject,
                  const char     *attr,
                  const char     *text,
                  gboolean        positive,
                  double         *value,
                  GError        **error)
{
  double mm;

  /* A plain number within bounds, as read_length_checked() reads it. */
  if (text != NULL && parse_plain_length (text, loader->layout->units, &mm) &&
      fabs (mm) <= MUSTER_LAYOUT_MAX_LENGTH_MM && (!positive || mm > 0))
    {
      *value = mm == 0 ? 0.0 : mm;
      return TRUE;
    }

  return read_length_checked (loader, node, subject, attr, text, positive, value, error);
}

static gboolean
read_length (const Loader   *loader,
             xmlNode        *node,
             const Subject  *subject,
             const char     *attr,
             gboolean        positive,
             double         *value,
             GError        **error)
{
  g_autofree char *text = muster_xml_get_prop (node, attr);

  return read_length_text (loader, node, subject, attr, text, positive, value, error);
}

static gboolean
parse_number (const char *text,
              double     *value)
{
  g_autofree char *copy = NULL;
  char *end = NULL;

  /* The usual case, to the same double. */
  if (parse_decimal (text, TRUE, value))
    return TRUE;

  copy = g_strstrip (g_strdup (text));
  if (*copy == '\0')
    return FALSE;

  for (const char *p = copy; *p != '\0'; p++)
    {
      if (!g_ascii_isdigit (*p) && strchr ("+-.eE", *p) == NULL)
        return FALSE;
    }

  *value = g_ascii_strtod (copy, &end);

  return end != NULL && *end == '\0';
}

static gboolean
read_boolean_text (const Loader   *loader,
                   xmlNode        *node,
                   const Subject  *subject,
                   const char     *attr,
                   const char     *text,
                   gboolean       *value,
                   GError        **error)
{
  g_autofree char *copy = NULL;

  if (text == NULL)
    {
      *value = FALSE;
      return TRUE;
    }

  /* Without white space around it, without a copy. */
  if (strcmp (text, "true") != 0 && strcmp (text, "1") != 0 &&
      strcmp (text, "false") != 0 && strcmp (text, "0") != 0)
    text = copy = g_strstrip (g_strdup (text));

  if (strcmp (text, "true") == 0 || strcmp (text, "1") == 0)
    *value = TRUE;
  else if (strcmp (text, "false") == 0 || strcmp (text, "0") == 0)
    *value = FALSE;
  else
    {
      g_autofree char *what = describe (subject);

      return fail (loader, node, error, _("%s: %s=“%s” is neither true nor false"), what, attr, text);
    }

  return TRUE;
}

static gboolean
read_boolean (const Loader   *loader,
              xmlNode        *node,
              const Subject  *subject,
              const char     *attr,
              gboolean       *value,
              GError        **error)
{
  g_autofree char *text = muster_xml_get_prop (node, attr);

  return read_boolean_text (loader, node, subject, attr, text, value, error);
}

/* The words of text, split at white space; NULL if there are none. */
static char **
split_list (const char *text)
{
  static const char space[] = " \t\r\n";
  const char *p;
  char **list;
  guint n = 0;

  for (p = text + strspn (text, space); *p != '\0'; p += strspn (p, space))
    {
      p += strcspn (p, space);
      n++;
    }

  if (n == 0)
    return NULL;

  list = g_new (char *, n + 1);
  n = 0;
  for (p = text + strspn (text, space); *p != '\0'; p += strspn (p, space))
    {
      gsize len = strcspn (p, space);

      list[n++] = g_strndup (p, len);
      p += len;
    }
  list[n] = NULL;

  return list;
}

static char **
read_list (const char *text)
{
  return text != NULL ? split_list (text) : NULL;
}

/* id is the piece's or terrain's own (see IdTable). */
static gboolean
claim_id (Loader        *loader,
          xmlNode       *node,
          const char    *id,
          GError       **error)
{
  int first;
  /* Reading lifted pieces, what goes wrong is told by a reading through
   * the tree: their lines are of no use. */
  int line = loader->lifted != NULL ? 0 : muster_xml_get_line (node);

  if (!id_table_add (&loader->ids, id, line, &first))
    return fail (loader, node, error, _("the id “%s” is used twice (first on line %d)"), id, first);

  return TRUE;
}

/* Elements */

static gboolean
read_game (Loader   *loader,
           xmlNode  *node,
           GError  **error)
{
  MusterLayout *self = loader->layout;
  const Subject game = { SUBJECT_ELEMENT, "<game>" };
  const Subject option = { SUBJECT_ELEMENT, "<option>" };
  g_autofree char *system = NULL;
  g_autofree char *deployment = NULL;

  if (!read_word (loader, node, &game, "system", &system, error) ||
      !read_word (loader, node, &game, "deployment", &deployment, error))
    return FALSE;

  if (system == NULL)
    return fail (loader, node, error, _("<game>: the attribute “%s” is missing"), "system");

  g_hash_table_insert (self->source_lines, g_strdup ("game"),
                       GINT_TO_POINTER (muster_xml_get_line (node)));
  g_free (self->system_id);
  self->system_id = g_steal_pointer (&system);
  g_free (self->deployment_id);
  self->deployment_id = g_steal_pointer (&deployment);
  _muster_layout_read_ext_attrs (loader->layout, loader->ns_by_prefix, node, &self->game_ext_attrs);

  for (xmlNode *child = node->children; child != NULL; child = child->next)
    {
      if (muster_xml_is_foreign (child))
        {
          if (!_muster_layout_read_extension (loader->filename, child, &self->game_extensions, error))
            return FALSE;
        }
      else if (muster_xml_is_element (child, "option"))
        {
          g_autofree char *name = NULL;
          g_autofree char *value = muster_xml_get_prop (child, "value");

          if (!read_word (loader, child, &option, "name", &name, error))
            return FALSE;

          if (name == NULL || value == NULL)
            return fail (loader, child, error, _("<option> needs a name and a value"));

          if (g_hash_table_contains (self->options, name))
            return fail (loader, child, error, _("the option “%s” is set twice"), name);

          g_hash_table_insert (self->source_lines, g_strconcat ("option:", name, NULL),
                               GINT_TO_POINTER (muster_xml_get_line (child)));
          g_ptr_array_add (self->option_names, g_strdup (name));
          g_hash_table_insert (self->options, g_steal_pointer (&name), g_steal_pointer (&value));
        }
    }

  return TRUE;
}

static gboolean
read_board (Loader   *loader,
            xmlNode  *node,
            GError  **error)
{
  MusterLayout *self = loader->layout;
  const Subject board = { SUBJECT_ELEMENT, "<board>" };

  if (!read_length (loader, node, &board, "width", TRUE, &self->width, error) ||
      !read_length (loader, node, &board, "height", TRUE, &self->height, error))
    return FALSE;

  _muster_layout_read_ext_attrs (loader->layout, loader->ns_by_prefix, node, &self->board_ext_attrs);

  return TRUE;
}

static gboolean
read_player (Loader   *loader,
             xmlNode  *node,
             GError  **error)
{
  g_autoptr(MusterPlayer) player = g_new0 (MusterPlayer, 1);
  g_autofree char *what = NULL;
  Subject subject;
  gpointer line;

  if (!read_id (loader, node, &player->id, error))
    return FALSE;

  subject = (Subject) { SUBJECT_PLAYER, player->id };

  if (strcmp (player->id, MUSTER_OWNER_NEUTRAL) == 0)
    {
      what = describe (&subject);
      return fail (loader, node, error, _("%s: “%s” is kept for pieces that belong to no player"),
                   what, MUSTER_OWNER_NEUTRAL);
    }
  /* An owner its pieces will have (see player_new()). */
  g_intern_string (player->id);

  if (g_hash_table_lookup_extended (loader->player_lines, player->id, NULL, &line))
    return fail (loader, node, error, _("the player id “%s” is used twice (first on line %d)"),
                 player->id, GPOINTER_TO_INT (line));

  player->name = muster_xml_get_prop (node, "name");
  if (player->name == NULL)
    player->name = g_strdup (player->id);

  if (!read_word (loader, node, &subject, "zone", &player->zone, error) ||
      !read_word (loader, node, &subject, "role", &player->role, error) ||
      !read_word (loader, node, &subject, "short-edge", &player->short_edge, error))
    return FALSE;

  if (player->role != NULL &&
      strcmp (player->role, "attacker") != 0 &&
      strcmp (player->role, "defender") != 0)
    {
      what = describe (&subject);
      return fail (loader, node, error, _("%s: role=“%s” is neither attacker nor defender"),
                   what, player->role);
    }

  /* North or south: the short edges of a table taller than wide. */
  if (player->short_edge != NULL &&
      strcmp (player->short_edge, "west") != 0 && strcmp (player->short_edge, "east") != 0 &&
      strcmp (player->short_edge, "north") != 0 && strcmp (player->short_edge, "south") != 0)
    {
      what = describe (&subject);
      return fail (loader, node, error, _("%s: short-edge=“%s” is not an edge of the table (west, east, north "
                                          "or south)"),
                   what, player->short_edge);
    }

  player->color = muster_xml_get_prop (node, "color");
  if (player->color != NULL && !muster_color_is_valid (player->color))
    /* Translators: keep color= and the example as they are: they are what the file says */
    return fail (loader, node, error, _("%s: color=“%s” is not a colour such as #1c71d8"),
                 what = describe (&subject), player->color);
  if (player->color != NULL)
    for (char *c = player->color; *c != '\0'; c++)
      *c = g_ascii_tolower (*c);

  _muster_layout_read_ext_attrs (loader->layout, loader->ns_by_prefix, node, &player->ext_attrs);

  for (xmlNode *child = node->children; child != NULL; child = child->next)
    {
      /* The roster is kept as an extension, once Muster can read it. */
      if (_muster_roster_is_element (child))
        {
          g_autoptr(GPtrArray) entries = _muster_roster_read_element (child, loader->filename, error);

          if (entries == NULL)
            return FALSE;
        }

      if (muster_xml_is_foreign (child) && !_muster_layout_read_extension (loader->filename, child, &player->extensions, error))
        return FALSE;
    }

  g_hash_table_insert (loader->player_lines, g_strdup (player->id),
                       GINT_TO_POINTER (muster_xml_get_line (node)));
  g_hash_table_insert (loader->layout->source_lines, g_strconcat ("player:", player->id, NULL),
                       GINT_TO_POINTER (muster_xml_get_line (node)));
  g_ptr_array_add (loader->layout->players, g_steal_pointer (&player));

  return TRUE;
}

/* The values of a piece's and its base's attributes in no namespace, by
 * PieceAttr, NULL where absent: read from the tree (read_piece()) or
 * from the file (read_lifted_piece()), then by the same code. */
typedef struct
{
  const char *values[N_PIECE_ATTRS];
} PieceText;

static gboolean
read_base_text (Loader           *loader,
                xmlNode          *node,
                const Subject    *subject,
                const PieceText  *text,
                MusterBase       *base,
                GError          **error)
{
  const char *shape = text->values[BASE_SHAPE];
  gboolean has_diameter = text->values[BASE_DIAMETER] != NULL;
  gboolean has_width = text->values[BASE_WIDTH] != NULL;
  gboolean has_depth = text->values[BASE_DEPTH] != NULL;
  g_autofree char *what = NULL;

  if (!_muster_base_shape_from_string (shape, &base->shape))
    {
      what = describe (subject);
      return fail (loader, node, error, _("%s: the base shape “%s” is not round, oval or rect"),
                   what, shape != NULL ? shape : "");
    }

  if (base->shape == MUSTER_BASE_ROUND)
    {
      if (has_width || has_depth)
        {
          what = describe (subject);
          return fail (loader, node, error, _("%s: a round base has a diameter, not a width or depth"), what);
        }

      if (!read_length_text (loader, node, subject, "diameter", text->values[BASE_DIAMETER],
                             TRUE, &base->width, error))
        return FALSE;

      base->depth = base->width;
    }
  else
    {
      if (has_diameter)
        {
          what = describe (subject);
          return fail (loader, node, error, _("%s: a %s base has a width and a depth, not a diameter"),
                       what, shape);
        }

      if (!read_length_text (loader, node, subject, "width", text->values[BASE_WIDTH],
                             TRUE, &base->width, error) ||
          !read_length_text (loader, node, subject, "depth", text->values[BASE_DEPTH],
                             TRUE, &base->depth, error))
        return FALSE;
    }

  return TRUE;
}

/* A deployment turn: digits, as g_ascii_string_to_unsigned() reads them
 * after white space is stripped, from 1 (DESIGN.md: a piece deployed in
 * none has no turn=). On failure *stripped is the text without its white
 * space. */
static gboolean
parse_turn (const char  *text,
            guint       *turn,
            char       **stripped)
{
  gsize len = strspn (text, "0123456789");
  guint64 value;

  /* The usual case: a few digits, not starting with 0. */
  if (len > 0 && len <= 9 && text[len] == '\0' && text[0] != '0')
    {
      *turn = 0;
      for (gsize i = 0; i < len; i++)
        *turn = *turn * 10 + (guint) (text[i] - '0');
      return TRUE;
    }

  *stripped = g_strstrip (g_strdup (text));
  if (!g_ascii_string_to_unsigned (*stripped, 10, 1, G_MAXUINT, &value, NULL))
    return FALSE;

  *turn = (guint) value;

  return TRUE;
}

/* Whether the players read so far include id. */
static gboolean
is_player (const Loader *loader,
           const char   *id)
{
  GPtrArray *players = loader->layout->players;

  /* A few players, each looked at more cheaply than hashed. */
  if (players->len > 8)
    return g_hash_table_contains (loader->player_lines, id);

  for (guint i = 0; i < players->len; i++)
    {
      if (strcmp (((MusterPlayer *) g_ptr_array_index (players, i))->id, id) == 0)
        return TRUE;
    }

  return FALSE;
}

/* Everything of a piece but its base, its extensions and its serial. */
static gboolean
read_piece_text (Loader           *loader,
                 xmlNode          *node,
                 const PieceText  *text,
                 MusterPiece      *piece,
                 GError          **error)
{
  const char *kind = text->values[PIECE_KIND];
  const char *rotation = text->values[PIECE_ROTATION];
  const char *turn = text->values[PIECE_TURN];
  g_autofree char *owner = NULL;
  g_autofree char *what = NULL;
  Subject subject;

  if (!read_id_text (loader, node, "piece", text->values[PIECE_ID], &piece->id, error))
    return FALSE;

  subject = (Subject) { SUBJECT_PIECE, piece->id };

  if (!claim_id (loader, node, piece->id, error))
    return FALSE;

  if (!muster_piece_kind_from_string (kind, &piece->kind))
    {
      what = describe (&subject);
      return fail (loader, node, error, _("%s: kind=“%s” is not model, unit, marker or objective"),
                   what, kind != NULL ? kind : "");
    }

  if (!read_word_text (loader, node, &subject, "owner", text->values[PIECE_OWNER], &owner, error))
    return FALSE;

  if (owner == NULL)
    {
      if (piece->kind != MUSTER_PIECE_OBJECTIVE)
        {
          what = describe (&subject);
          return fail (loader, node, error, _("%s: the attribute “%s” is missing"), what, "owner");
        }
      owner = g_strdup (MUSTER_OWNER_NEUTRAL);
    }
  else if (strcmp (owner, MUSTER_OWNER_NEUTRAL) != 0 && !is_player (loader, owner))
    {
      what = describe (&subject);
      return fail (loader, node, error, _("%s: the owner “%s” is neither a player nor “%s”"),
                   what, owner, MUSTER_OWNER_NEUTRAL);
    }
  /* Interned once known to be one of the layout's few. */
  piece->owner = g_intern_string (owner);

  if (!read_length_text (loader, node, &subject, "x", text->values[PIECE_X], FALSE, &piece->x, error) ||
      !read_length_text (loader, node, &subject, "y", text->values[PIECE_Y], FALSE, &piece->y, error))
    return FALSE;

  if (rotation != NULL)
    {
      if (!parse_number (rotation, &piece->rotation))
        {
          what = describe (&subject);
          return fail (loader, node, error, _("%s: rotation=“%s” is not a number of degrees"),
                       what, rotation);
        }
      if (!isfinite (piece->rotation))
        {
          what = describe (&subject);
          return fail (loader, node, error, _("%s: rotation=“%s” is not a finite number"),
                       what, rotation);
        }
      if (piece->rotation == 0)
        piece->rotation = 0.0;
    }

  if (turn != NULL)
    {
      g_autofree char *stripped = NULL;

      if (!parse_turn (turn, &piece->turn, &stripped))
        {
          what = describe (&subject);
          return fail (loader, node, error, _("%s: turn=“%s” is not a deployment turn"), what, stripped);
        }
    }

  piece->categories = read_list (text->values[PIECE_CATEGORY]);
  piece->skills = read_list (text->values[PIECE_SKILLS]);
  piece->name = g_strdup (text->values[PIECE_NAME]);

  if (!read_boolean_text (loader, node, &subject, "prone", text->values[PIECE_PRONE],
                          &piece->prone, error) ||
      !read_boolean_text (loader, node, &subject, "lieutenant", text->values[PIECE_LIEUTENANT],
                          &piece->lieutenant, error))
    return FALSE;

  return TRUE;
}

static void
add_piece (Loader      *loader,
           MusterPiece *piece)
{
  piece->serial = _muster_layout_next_serial (loader->layout);
  g_ptr_array_add (loader->layout->pieces, piece);
}

static gboolean
read_piece (Loader   *loader,
            xmlNode  *node,
            GError  **error)
{
  g_autoptr(MusterPiece) piece = g_new0 (MusterPiece, 1);
  g_autoptr(GPtrArray) owned = g_ptr_array_new_with_free_func (g_free);
  PieceText text = { { NULL } };
  gboolean has_base = FALSE;
  Subject subject;

  read_attr_values (node, _muster_piece_attributes, N_PIECE_OWN_ATTRS, text.values, owned);

  if (!read_piece_text (loader, node, &text, piece, error))
    return FALSE;

  subject = (Subject) { SUBJECT_PIECE, piece->id };
  _muster_layout_read_ext_attrs (loader->layout, loader->ns_by_prefix, node, &piece->ext_attrs);

  for (xmlNode *child = node->children; child != NULL; child = child->next)
    {
      if (muster_xml_is_foreign (child))
        {
          if (!_muster_layout_read_extension (loader->filename, child, &piece->extensions, error))
            return FALSE;
        }
      else if (muster_xml_is_element (child, "base"))
        {
          if (has_base)
            {
              g_autofree char *what = describe (&subject);

              return fail (loader, child, error, _("%s: a piece has one base"), what);
            }

          read_attr_values (child, _muster_base_attributes, G_N_ELEMENTS (_muster_base_attributes),
                            text.values + N_PIECE_OWN_ATTRS, owned);

          if (!read_base_text (loader, child, &subject, &text, &piece->base, error))
            return FALSE;

          has_base = TRUE;
        }
    }

  if (!has_base)
    {
      g_autofree char *what = describe (&subject);

      return fail (loader, node, error, _("%s: the <base> is missing"), what);
    }

  add_piece (loader, g_steal_pointer (&piece));

  return TRUE;
}

/* A piece that _muster_layout_lift_piece() took from the file, which
 * stand_in (a _muster_layout_get_lifted() node) stands for. */
static gboolean
read_lifted_piece (Loader                   *loader,
                   xmlNode                  *stand_in,
                   const MusterLiftedPiece  *lifted,
                   GError                  **error)
{
  g_autoptr(MusterPiece) piece = g_new0 (MusterPiece, 1);
  PieceText text;
  Subject subject;
  char *copy;

  /* A copy of the element, with a NUL for the quote after each value. */
  g_string_set_size (loader->scratch, lifted->size);
  copy = loader->scratch->str;
  memcpy (copy, lifted->start, lifted->size);

  for (guint i = 0; i < N_PIECE_ATTRS; i++)
    {
      if (lifted->offset[i] == 0)
        {
          text.values[i] = NULL;
          continue;
        }

      copy[lifted->offset[i] + lifted->length[i]] = '\0';
      text.values[i] = copy + lifted->offset[i];
    }

  if (!read_piece_text (loader, stand_in, &text, piece, error))
    return FALSE;

  subject = (Subject) { SUBJECT_PIECE, piece->id };
  if (!read_base_text (loader, stand_in, &subject, &text, &piece->base, error))
    return FALSE;

  add_piece (loader, g_steal_pointer (&piece));

  return TRUE;
}

static gboolean
read_points (const Loader   *loader,
             xmlNode        *node,
             const Subject  *subject,
             MusterPoint   **points,
             guint          *n_points,
             GError        **error)
{
  g_autofree char *text = muster_xml_get_prop (node, "points");
  g_autoptr(GArray) array = g_array_new (FALSE, FALSE, sizeof (MusterPoint));
  g_autofree char *what = describe (subject);
  g_auto(GStrv) words = NULL;

  if (text == NULL)
    return fail (loader, node, error, _("%s: the attribute “%s” is missing"), what, "points");

  words = g_strsplit_set (text, " \t\r\n", -1);
  for (guint i = 0; words[i] != NULL; i++)
    {
      g_autoptr(GError) local_error = NULL;
      MusterPoint point;
      char *comma;

      if (words[i][0] == '\0')
        continue;

      comma = strchr (words[i], ',');
      if (comma == NULL || strchr (comma + 1, ',') != NULL)
        return fail (loader, node, error, _("%s: “%s” is not a point x,y"), what, words[i]);

      *comma = '\0';
      if ((!parse_plain_length (words[i], loader->layout->units, &point.x) &&
           !muster_length_parse (words[i], loader->layout->units, &point.x, &local_error)) ||
          (!parse_plain_length (comma + 1, loader->layout->units, &point.y) &&
           !muster_length_parse (comma + 1, loader->layout->units, &point.y, &local_error)))
        return fail (loader, node, error, _("%s: points: %s"), what, local_error->message);

      if (!isfinite (point.x) || !isfinite (point.y) ||
          fabs (point.x) > MUSTER_LAYOUT_MAX_LENGTH_MM ||
          fabs (point.y) > MUSTER_LAYOUT_MAX_LENGTH_MM)
        return fail (loader, node, error, _("%s: the point %s,%s is too far out"),
                     what, words[i], comma + 1);

      if (array->len == MUSTER_LAYOUT_MAX_TERRAIN_POINTS)
        return fail (loader, node, error, _("%s: an outline may have at most %d points"),
                     what, MUSTER_LAYOUT_MAX_TERRAIN_POINTS);

      if (point.x == 0)
        point.x = 0.0;
      if (point.y == 0)
        point.y = 0.0;

      g_array_append_val (array, point);
    }

  if (array->len < 3)
    return fail (loader, node, error, _("%s: an outline needs at least three points, not %u"),
                 what, array->len);

  *n_points = array->len;
  *points = (MusterPoint *) (void *) g_array_free (g_steal_pointer (&array), FALSE);

  return TRUE;
}

static gboolean
read_terrain (Loader   *loader,
              xmlNode  *node,
              GError  **error)
{
  g_autoptr(MusterTerrain) terrain = g_new0 (MusterTerrain, 1);
  g_autoptr(GError) local_error = NULL;
  g_autofree char *what = NULL;
  g_autofree char *kind = NULL;
  MusterOutline outline;
  Subject subject;

  if (!read_id (loader, node, &terrain->id, error))
    return FALSE;

  subject = (Subject) { SUBJECT_TERRAIN, terrain->id };
  what = describe (&subject);

  if (!claim_id (loader, node, terrain->id, error))
    return FALSE;

  kind = muster_xml_get_prop (node, "kind");
  if (!muster_terrain_kind_from_string (kind, &terrain->kind))
    return fail (loader, node, error, _("%s: kind=“%s” is not impassable, building or area"),
                 what, kind != NULL ? kind : "");

  if (!read_points (loader, node, &subject, &terrain->points, &terrain->n_points, error) ||
      !read_boolean (loader, node, &subject, "blocks-lof", &terrain->blocks_lof, error))
    return FALSE;

  if (!muster_outline_init_polygon (&outline, terrain->points, terrain->n_points, &local_error))
    {
      char *message = local_error->message;

      /* "A polygon crosses itself" reads on after a colon in lower case. */
      if (g_ascii_isupper (message[0]) && (g_ascii_islower (message[1]) || message[1] == ' '))
        message[0] = g_ascii_tolower (message[0]);

      return fail (loader, node, error, _("%s: %s"), what, message);
    }
  muster_outline_clear (&outline);

  terrain->name = muster_xml_get_prop (node, "name");
  _muster_layout_read_ext_attrs (loader->layout, loader->ns_by_prefix, node, &terrain->ext_attrs);

  for (xmlNode *child = node->children; child != NULL; child = child->next)
    {
      if (muster_xml_is_foreign (child) && !_muster_layout_read_extension (loader->filename, child, &terrain->extensions, error))
        return FALSE;
    }

  terrain->serial = _muster_layout_next_serial (loader->layout);
  g_ptr_array_add (loader->layout->terrain, g_steal_pointer (&terrain));

  return TRUE;
}

static gboolean
read_layout (Loader   *loader,
             xmlNode  *root,
             GError  **error)
{
  MusterLayout *self = loader->layout;
  g_autofree char *units = muster_xml_get_prop (root, "units");

  if (units != NULL && !muster_unit_parse (g_strstrip (units), &self->units))
    return fail (loader, root, error, _("units=“%s” is not a unit (use in, cm or mm)"), units);

  _muster_layout_read_ext_attrs (loader->layout, loader->ns_by_prefix, root, &self->ext_attrs);

  /* Players first: pieces name them as owners wherever they stand. */
  for (xmlNode *child = root->children; child != NULL; child = child->next)
    {
      if (muster_xml_is_element (child, "player") && !read_player (loader, child, error))
        return FALSE;
    }

  for (xmlNode *child = root->children; child != NULL; child = child->next)
    {
      guint n_lifted = _muster_layout_get_lifted (child);
      gboolean ok = TRUE;

      if (n_lifted > 0)
        {
          g_assert (loader->lifted != NULL);
          g_assert (loader->next_lifted + n_lifted <= loader->lifted->len);

          for (guint i = 0; ok && i < n_lifted; i++)
            ok = read_lifted_piece (loader, child,
                                    &g_array_index (loader->lifted, MusterLiftedPiece, loader->next_lifted++),
                                    error);
        }
      else if (_muster_layout_is_game_log (child))
        ok = _muster_layout_read_game_log (self, loader->filename, child, error);
      else if (is_log (child, MUSTER_LEGACY_ROLL_LOG_NAMESPACE, "roll-log"))
        {
          g_strfreev (self->roll_log);
          self->roll_log = read_log_lines (child);
        }
      else if (is_log (child, MUSTER_LEGACY_GAME_LOG_NAMESPACE, "game-log"))
        {
          g_strfreev (self->game_log);
          self->game_log = read_log_lines (child);
        }
      else if (muster_xml_is_foreign (child))
        ok = _muster_layout_read_extension (loader->filename, child, &self->extensions, error);
      else if (muster_xml_is_element (child, "game"))
        ok = read_game (loader, child, error);
      else if (muster_xml_is_element (child, "board"))
        ok = read_board (loader, child, error);
      else if (muster_xml_is_element (child, "piece"))
        ok = read_piece (loader, child, error);
      else if (muster_xml_is_element (child, "terrain"))
        ok = read_terrain (loader, child, error);

      if (!ok)
        return FALSE;
    }

  if (self->system_id == NULL || !(self->width > 0) || !(self->height > 0))
    return fail (loader, root, error, _("the layout needs a <game> and a <board>"));

  return TRUE;
}

/* The layout that root holds, with lifted (MusterLiftedPiece, or NULL)
 * the pieces that its stand-ins stand for. */
static MusterLayout *
read_document (xmlNode     *root,
               const char  *filename,
               GArray      *lifted,
               GError     **error)
{
  g_autoptr(MusterLayout) self = g_object_new (MUSTER_TYPE_LAYOUT, NULL);
  g_autoptr(GHashTable) player_lines = NULL;
  g_autoptr(GHashTable) ns_by_prefix = NULL;
  g_autoptr(GString) scratch = NULL;
  guint n_slots;
  gboolean ok;
  Loader loader;

  player_lines = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  ns_by_prefix = g_hash_table_new (g_str_hash, g_str_equal);
  scratch = g_string_new (NULL);

  loader.filename = filename;
  loader.layout = self;
  /* Room for the lifted pieces, with the table at most half full. */
  n_slots = 256;
  while (lifted != NULL && n_slots < 2 * lifted->len + 256)
    n_slots *= 2;
  id_table_init (&loader.ids, n_slots);
  loader.player_lines = player_lines;
  loader.ns_by_prefix = ns_by_prefix;
  loader.lifted = lifted;
  loader.next_lifted = 0;
  loader.scratch = scratch;

  ok = read_layout (&loader, root, error);
  id_table_clear (&loader.ids);
  if (!ok)
    return NULL;

  g_assert (lifted == NULL || loader.next_lifted == lifted->len);

  return g_steal_pointer (&self);
}

/* The tree of bytes (with lifted pieces if lift) checked against the
 * schema and read. When pieces were lifted, a failure after parsing
 * returns NULL with no error and *retry set: the document is then to be
 * read again without lifting, for the verdict and the message. */
static MusterLayout *
load (GBytes      *bytes,
      const char  *filename,
      gboolean     lift,
      gboolean    *retry,
      guint       *n_lifted,
      GError     **error)
{
  g_autoptr(MusterLayout) self = NULL;
  g_autoptr(GArray) lifted = NULL;
  g_autoptr(xmlDoc) doc = NULL;
  gboolean has_lifted = FALSE;

  *retry = FALSE;
  *n_lifted = 0;

  if (lift)
    {
      lifted = g_array_new (FALSE, FALSE, sizeof (MusterLiftedPiece));
      doc = _muster_layout_parse_lifting (bytes, filename, _muster_layout_lift_piece, lifted, &has_lifted,
                                          MUSTER_LAYOUT_ERROR, MUSTER_LAYOUT_ERROR_PARSE, error);
    }
  else
    doc = muster_xml_parse (bytes, filename, MUSTER_LAYOUT_ERROR, MUSTER_LAYOUT_ERROR_PARSE, error);

  if (doc == NULL)
    return NULL;

  /* From here on, what goes wrong with lifted pieces is told by a
   * reading without them. */
  if (has_lifted)
    {
      *retry = TRUE;
      error = NULL;
    }
  else
    g_clear_pointer (&lifted, g_array_unref);

  if (!_muster_layout_check_document (doc, filename, has_lifted, error))
    return NULL;

  self = read_document (xmlDocGetRootElement (doc), filename, lifted, error);
  if (self == NULL)
    return NULL;

  *retry = FALSE;
  *n_lifted = lifted != NULL ? lifted->len : 0;

  return g_steal_pointer (&self);
}

MusterLayout *
muster_layout_read_bytes (GBytes               *bytes,
                          const char           *filename,
                          MusterLayoutReading   reading,
                          guint                *n_lifted,
                          GError              **error)
{
  MusterLayout *self = NULL;
  gboolean retry;
  guint n;

  g_return_val_if_fail (bytes != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (filename == NULL)
    filename = "layout";

  switch (reading)
    {
    case MUSTER_LAYOUT_READ_LIFTING:
      self = load (bytes, filename, TRUE, &retry, &n, error);
      if (self == NULL && retry)
        self = load (bytes, filename, FALSE, &retry, &n, error);
      break;

    case MUSTER_LAYOUT_READ_TREE:
      self = load (bytes, filename, FALSE, &retry, &n, error);
      break;

    case MUSTER_LAYOUT_READ_LIFTING_ONLY:
      self = load (bytes, filename, TRUE, &retry, &n, error);
      if (self == NULL && retry)
        g_set_error_literal (error, MUSTER_LAYOUT_ERROR, MUSTER_LAYOUT_ERROR_INVALID,
                             "the lifted reading failed");
      break;

    default:
      g_return_val_if_reached (NULL);
    }

  if (n_lifted != NULL)
    *n_lifted = n;

  if (self != NULL)
    _muster_layout_convert_legacy_namespaces (self);

  return self;
}

MusterLayout *
muster_layout_new_from_bytes (GBytes      *bytes,
                              const char  *filename,
                              GError     **error)
{
  g_return_val_if_fail (bytes != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return muster_layout_read_bytes (bytes, filename, MUSTER_LAYOUT_READ_LIFTING, NULL, error);
}

void
_muster_layout_name_file_in_error (GError     **error,
                                   const char  *name)
{
  if (error != NULL && *error != NULL && strstr ((*error)->message, name) == NULL)
    g_prefix_error (error, "%s: ", name);
}

MusterLayout *
muster_layout_new_from_file (GFile   *file,
                             GError **error)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *name = NULL;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  name = g_file_get_parse_name (file);

  /* No more than the parser accepts, whatever the file claims: it
   * refuses a larger file with the line where the limit falls. */
  bytes = muster_xml_read_file (file, error);
  if (bytes == NULL)
    {
      _muster_layout_name_file_in_error (error, name);
      return NULL;
    }

  return muster_layout_new_from_bytes (bytes, name, error);
}
