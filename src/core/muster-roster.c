/* muster-roster.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-roster"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "muster-expr.h"
#include "muster-layout-private.h"
#include "muster-roster.h"
#include "muster-roster-private.h"
#include "muster-xml.h"

#define PREFIX        "mr"
#define ENTRY_ATTR    "{" MUSTER_ROSTER_NAMESPACE "}entry"

typedef struct
{
  char      *player_id;
  GPtrArray *entries;   /* MusterRosterEntry */
} PlayerRoster;

struct _MusterRoster
{
  GObject       parent_instance;

  MusterLayout *layout;
  GPtrArray    *players;   /* PlayerRoster */

  MusterRosterTurnFunc turn_func;
  gpointer             turn_data;
  GDestroyNotify       turn_notify;

  /* How many pieces of each entry are on the table, counted once at the
   * first question and then kept by the layout's signals: the roster
   * panel asks for every entry's status after each move, and counting
   * through every piece each time (its problems too, then) made a nudge
   * cost 40 % more on a table of 15,000 bases (bench-nudge --rosters). */
  GHashTable *placed;        /* entry id (owned) → guint count (owned) */
  GHashTable *piece_entry;   /* serial → entry id (a key of placed) */
};

enum {
  PROP_0,
  PROP_LAYOUT,
  N_PROPS
};

enum {
  CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (MusterRoster, muster_roster, G_TYPE_OBJECT)

static const char * const hold_names[] = {
  [MUSTER_ROSTER_HOLD_NONE] = "none",
  [MUSTER_ROSTER_HOLD_BACK] = "back",
  [MUSTER_ROSTER_HOLD_OFF_TABLE] = "off-table",
  [MUSTER_ROSTER_HOLD_RESERVE] = "reserve",
  [MUSTER_ROSTER_HOLD_DELAYED] = "delayed",
};

const char *
muster_roster_hold_to_string (MusterRosterHold hold)
{
  g_return_val_if_fail ((guint) hold < G_N_ELEMENTS (hold_names), NULL);

  return hold_names[hold];
}

gboolean
muster_roster_hold_from_string (const char       *text,
                                MusterRosterHold *hold)
{
  g_return_val_if_fail (hold != NULL, FALSE);

  for (guint i = 0; i < G_N_ELEMENTS (hold_names); i++)
    if (g_strcmp0 (text, hold_names[i]) == 0)
      {
        *hold = i;
        return TRUE;
      }

  return FALSE;
}

GType
muster_piece_template_get_type (void)
{
  static gsize type = 0;

  if (g_once_init_enter (&type))
    {
      GType t = g_boxed_type_register_static (g_intern_static_string ("MusterPieceTemplate"),
                                              (GBoxedCopyFunc) muster_piece_copy,
                                              (GBoxedFreeFunc) muster_piece_free);

      g_once_init_leave (&type, t);
    }

  return type;
}

/* Entries */

MusterRosterEntry *
muster_roster_entry_new (void)
{
  MusterRosterEntry *entry = g_new0 (MusterRosterEntry, 1);

  entry->count = 1;
  entry->kind = MUSTER_PIECE_MODEL;
  entry->base = (MusterBase) { MUSTER_BASE_ROUND, 25, 25 };
  entry->files = 1;
  entry->ranks = 1;

  return entry;
}

MusterRosterEntry *
muster_roster_entry_copy (const MusterRosterEntry *entry)
{
  MusterRosterEntry *copy;

  g_return_val_if_fail (entry != NULL, NULL);

  copy = g_new0 (MusterRosterEntry, 1);
  *copy = *entry;
  copy->id = g_strdup (entry->id);
  copy->name = g_strdup (entry->name);
  copy->preset = g_strdup (entry->preset);
  copy->categories = g_strdupv (entry->categories);
  copy->skills = g_strdupv (entry->skills);

  return copy;
}

void
muster_roster_entry_free (MusterRosterEntry *entry)
{
  if (entry == NULL)
    return;

  g_free (entry->id);
  g_free (entry->name);
  g_free (entry->preset);
  g_strfreev (entry->categories);
  g_strfreev (entry->skills);
  g_free (entry);
}

void
muster_roster_entry_get_footprint (const MusterRosterEntry *entry,
                                   MusterBase              *footprint)
{
  g_return_if_fail (entry != NULL);
  g_return_if_fail (footprint != NULL);

  *footprint = entry->base;
  if (footprint->shape == MUSTER_BASE_ROUND)
    footprint->depth = footprint->width;

  if (entry->kind == MUSTER_PIECE_UNIT && (entry->files > 1 || entry->ranks > 1))
    {
      footprint->shape = MUSTER_BASE_RECT;
      footprint->width = entry->base.width * MAX (entry->files, 1);
      footprint->depth = (entry->base.shape == MUSTER_BASE_ROUND ? entry->base.width : entry->base.depth)
                         * MAX (entry->ranks, 1);
    }
}

/* Reading: the roster element, from the tree of the file as the layout
 * reads it, or from the text that the layout kept of it */

static gboolean
is_ours (xmlNode    *node,
         const char *name)
{
  return muster_xml_is_foreign (node) &&
         (g_strcmp0 ((const char *) node->ns->href, MUSTER_ROSTER_NAMESPACE) == 0 ||
          g_strcmp0 ((const char *) node->ns->href, MUSTER_LEGACY_ROSTER_NAMESPACE) == 0) &&
         g_strcmp0 ((const char *) node->name, name) == 0;
}

gboolean
_muster_roster_is_element (xmlNode *node)
{
  return is_ours (node, "roster");
}

/* A whole number from 1 to 10000, or fallback when absent. */
static gboolean
read_count (xmlNode     *node,
            const char  *filename,
            const char  *id,
            const char  *attr,
            guint       *value,
            guint        fallback,
            GError     **error)
{
  const char *text = muster_xml_peek_prop (node, attr);
  guint64 number;

  *value = fallback;
  if (text == NULL)
    return TRUE;

  if (!g_ascii_string_to_unsigned (text, 10, 1, 10000, &number, NULL))
    return muster_xml_set_error (error, MUSTER_LAYOUT_ERROR, MUSTER_LAYOUT_ERROR_INVALID, filename, node,
                                 _("roster entry “%s”: %s=“%s” is not a whole number from 1 to 10000"),
                                 id, attr, text);

  *value = (guint) number;

  return TRUE;
}

/* A length greater than zero (a bare number in millimetres), or
 * fallback when absent. */
static gboolean
read_length (xmlNode     *node,
             const char  *filename,
             const char  *id,
             const char  *attr,
             double      *value,
             double       fallback,
             GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  const char *text = muster_xml_peek_prop (node, attr);

  *value = fallback;
  if (text == NULL)
    return TRUE;

  if (!muster_length_parse (text, MUSTER_UNIT_MM, value, &local_error))
    return muster_xml_set_error (error, MUSTER_LAYOUT_ERROR, MUSTER_LAYOUT_ERROR_INVALID, filename, node,
                                 _("roster entry “%s”: %s: %s"), id, attr, local_error->message);

  if (!(*value > 0) || *value > MUSTER_LAYOUT_MAX_LENGTH_MM)
    return muster_xml_set_error (error, MUSTER_LAYOUT_ERROR, MUSTER_LAYOUT_ERROR_INVALID, filename, node,
                                 _("roster entry “%s”: %s=“%s” is not a size greater than zero"),
                                 id, attr, text);

  return TRUE;
}

static char **
read_list (const char *text)
{
  g_auto(GStrv) words = NULL;
  g_auto(GStrv) list = NULL;
  g_autoptr(GStrvBuilder) builder = NULL;

  if (text == NULL)
    return NULL;

  words = g_strsplit_set (text, " \t\n", -1);
  builder = g_strv_builder_new ();
  for (guint i = 0; words[i] != NULL; i++)
    if (*words[i] != '\0')
      g_strv_builder_add (builder, words[i]);

  list = g_strv_builder_end (builder);
  if (list[0] == NULL)
    return NULL;

  return g_steal_pointer (&list);
}

/* The words of an attribute whose values are one of a list (NULL-
 * terminated): *value the index of text, or fallback when absent. */
static gboolean
read_choice (xmlNode             *node,
             const char          *filename,
             const char          *id,
             const char          *attr,
             const char * const  *names,
             guint               *value,
             guint                fallback,
             GError             **error)
{
  const char *text = muster_xml_peek_prop (node, attr);
  g_autofree char *list = NULL;

  *value = fallback;
  if (text == NULL)
    return TRUE;

  for (guint i = 0; names[i] != NULL; i++)
    {
      if (strcmp (text, names[i]) == 0)
        {
          *value = i;
          return TRUE;
        }
    }

  list = g_strjoinv (", ", (char **) names);

  return muster_xml_set_error (error, MUSTER_LAYOUT_ERROR, MUSTER_LAYOUT_ERROR_INVALID, filename, node,
                               _("roster entry “%s”: %s=“%s” is not one of %s"), id, attr, text, list);
}

static gboolean
read_entry (xmlNode             *node,
            const char          *filename,
            MusterRosterEntry  **entry,
            GError             **error)
{
  static const char * const kinds[] = { "model", "unit", NULL };
  static const char * const shapes[] = { "round", "oval", "rect", NULL };
  static const char * const booleans[] = { "false", "true", NULL };
  static const char * const holds[] = { "none", "back", "off-table", "reserve", "delayed", NULL };
  static const MusterBaseShape shape_values[] = { MUSTER_BASE_ROUND, MUSTER_BASE_OVAL, MUSTER_BASE_RECT };
  g_autoptr(MusterRosterEntry) e = muster_roster_entry_new ();
  const char *id = muster_xml_peek_prop (node, "id");
  guint kind, shape, lieutenant, hold;

  G_STATIC_ASSERT (G_N_ELEMENTS (holds) == G_N_ELEMENTS (hold_names) + 1);

  if (id == NULL || *id == '\0' || strpbrk (id, " \t\r\n") != NULL)
    return muster_xml_set_error (error, MUSTER_LAYOUT_ERROR, MUSTER_LAYOUT_ERROR_INVALID, filename, node,
                                 _("a roster entry needs an id, a word without spaces"));

  if (!read_count (node, filename, id, "count", &e->count, 1, error) ||
      !read_choice (node, filename, id, "kind", kinds, &kind, 0, error) ||
      !read_choice (node, filename, id, "shape", shapes, &shape, 0, error) ||
      !read_length (node, filename, id, "width", &e->base.width, 25, error) ||
      !read_length (node, filename, id, "depth", &e->base.depth, e->base.width, error) ||
      !read_count (node, filename, id, "files", &e->files, 1, error) ||
      !read_count (node, filename, id, "ranks", &e->ranks, 1, error) ||
      !read_choice (node, filename, id, "lieutenant", booleans, &lieutenant, 0, error) ||
      !read_choice (node, filename, id, "hold", holds, &hold, MUSTER_ROSTER_HOLD_NONE, error))
    return FALSE;

  e->id = g_strdup (id);
  e->name = muster_xml_get_prop (node, "name");
  e->kind = kind == 1 ? MUSTER_PIECE_UNIT : MUSTER_PIECE_MODEL;
  e->preset = muster_xml_get_prop (node, "base");
  e->base.shape = shape_values[shape];
  if (e->base.shape == MUSTER_BASE_ROUND)
    e->base.depth = e->base.width;
  e->lieutenant = lieutenant == 1;
  e->hold = (MusterRosterHold) hold;
  e->categories = read_list (muster_xml_peek_prop (node, "categories"));
  e->skills = read_list (muster_xml_peek_prop (node, "skills"));

  *entry = g_steal_pointer (&e);

  return TRUE;
}

GPtrArray *
_muster_roster_read_element (xmlNode     *node,
                             const char  *filename,
                             GError     **error)
{
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(GHashTable) lines = NULL;

  g_return_val_if_fail (_muster_roster_is_element (node), NULL);
  g_return_val_if_fail (filename != NULL, NULL);

  entries = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_roster_entry_free);
  lines = g_hash_table_new (g_str_hash, g_str_equal);

  for (xmlNode *child = node->children; child != NULL; child = child->next)
    {
      MusterRosterEntry *entry = NULL;
      gpointer first;

      if (!is_ours (child, "entry"))
        continue;

      if (!read_entry (child, filename, &entry, error))
        return NULL;

      g_ptr_array_add (entries, entry);
      if (g_hash_table_lookup_extended (lines, entry->id, NULL, &first))
        {
          muster_xml_set_error (error, MUSTER_LAYOUT_ERROR, MUSTER_LAYOUT_ERROR_INVALID, filename, child,
                                _("the roster entry id “%s” is used twice (first on line %d)"),
                                entry->id, GPOINTER_TO_INT (first));
          return NULL;
        }
      g_hash_table_insert (lines, entry->id, GINT_TO_POINTER (muster_xml_get_line (child)));
    }

  return g_steal_pointer (&entries);
}

/* The entries in text (an extension element that the layout kept), or
 * NULL when text is not a roster. The layout checked the rosters it
 * read (_muster_roster_read_element()), and the roster writes only what
 * it reads back, so a roster that does not read is a bug. */
static GPtrArray *
parse_roster (const char *text)
{
  g_autoptr(GBytes) bytes = g_bytes_new_static (text, strlen (text));
  g_autoptr(GError) error = NULL;
  g_autoptr(xmlDoc) doc = NULL;
  GPtrArray *entries;
  xmlNode *root;

  doc = muster_xml_parse (bytes, "roster", MUSTER_LAYOUT_ERROR, MUSTER_LAYOUT_ERROR_PARSE, &error);
  root = doc != NULL ? xmlDocGetRootElement (doc) : NULL;
  if (!_muster_roster_is_element (root))
    return NULL;

  entries = _muster_roster_read_element (root, "roster", &error);
  if (entries == NULL)
    g_warning ("A roster that does not read: %s", error->message);

  return entries;
}

/* Writing */

static void
append_attr (GString    *out,
             const char *name,
             const char *value)
{
  if (value == NULL)
    return;

  /* Tabs and line breaks as references too: a reader turns them into
   * spaces otherwise, and a name would not come back as it was. */
  g_string_append_printf (out, " %s=\"", name);
  _muster_layout_append_escaped (out, value);
  g_string_append_c (out, '"');
}

static void
append_length (GString    *out,
               const char *name,
               double      mm)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];
  g_autofree char *text = NULL;

  g_ascii_formatd (buffer, sizeof buffer, "%.6g", mm);
  text = g_strconcat (buffer, "mm", NULL);
  append_attr (out, name, text);
}

static char *
serialise (GPtrArray *entries)
{
  GString *out = g_string_new ("<" PREFIX ":roster xmlns:" PREFIX "=\"" MUSTER_ROSTER_NAMESPACE "\">");

  for (guint i = 0; i < entries->len; i++)
    {
      const MusterRosterEntry *entry = g_ptr_array_index (entries, i);
      g_autofree char *count = g_strdup_printf ("%u", entry->count);

      g_string_append (out, "\n      <" PREFIX ":entry");
      append_attr (out, "id", entry->id);
      append_attr (out, "name", entry->name);
      append_attr (out, "count", count);
      append_attr (out, "kind", entry->kind == MUSTER_PIECE_UNIT ? "unit" : "model");
      append_attr (out, "base", entry->preset);
      append_attr (out, "shape", entry->base.shape == MUSTER_BASE_RECT ? "rect"
                                 : entry->base.shape == MUSTER_BASE_OVAL ? "oval" : "round");
      append_length (out, "width", entry->base.width);
      if (entry->base.shape != MUSTER_BASE_ROUND)
        append_length (out, "depth", entry->base.depth);

      if (entry->kind == MUSTER_PIECE_UNIT)
        {
          g_autofree char *files = g_strdup_printf ("%u", entry->files);
          g_autofree char *ranks = g_strdup_printf ("%u", entry->ranks);

          append_attr (out, "files", files);
          append_attr (out, "ranks", ranks);
        }

      if (entry->categories != NULL && entry->categories[0] != NULL)
        {
          g_autofree char *text = g_strjoinv (" ", entry->categories);

          append_attr (out, "categories", text);
        }
      if (entry->lieutenant)
        append_attr (out, "lieutenant", "true");
      if (entry->skills != NULL && entry->skills[0] != NULL)
        {
          g_autofree char *text = g_strjoinv (" ", entry->skills);

          append_attr (out, "skills", text);
        }
      if (entry->hold != MUSTER_ROSTER_HOLD_NONE)
        append_attr (out, "hold", muster_roster_hold_to_string (entry->hold));
      g_string_append (out, "/>");
    }

  g_string_append (out, "\n    </" PREFIX ":roster>");

  return g_string_free (out, FALSE);
}

char *
_muster_roster_write_element (GPtrArray *entries)
{
  g_return_val_if_fail (entries != NULL, NULL);

  return serialise (entries);
}

/* The layout */

static void
player_roster_free (gpointer data)
{
  PlayerRoster *roster = data;

  g_free (roster->player_id);
  g_clear_pointer (&roster->entries, g_ptr_array_unref);
  g_free (roster);
}

static PlayerRoster *
find_player (MusterRoster *self,
             const char   *player_id)
{
  for (guint i = 0; i < self->players->len; i++)
    {
      PlayerRoster *roster = g_ptr_array_index (self->players, i);

      if (g_strcmp0 (roster->player_id, player_id) == 0)
        return roster;
    }

  return NULL;
}

static void
load (MusterRoster *self)
{
  GPtrArray *players = muster_layout_get_players (self->layout);

  g_ptr_array_set_size (self->players, 0);

  for (guint i = 0; i < players->len; i++)
    {
      const MusterPlayer *player = g_ptr_array_index (players, i);
      PlayerRoster *roster = g_new0 (PlayerRoster, 1);

      roster->player_id = g_strdup (player->id);

      for (guint j = 0; player->extensions != NULL && j < player->extensions->len; j++)
        {
          GPtrArray *entries = parse_roster (g_ptr_array_index (player->extensions, j));

          if (entries != NULL)
            {
              roster->entries = entries;
              break;
            }
        }

      if (roster->entries == NULL)
        roster->entries = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_roster_entry_free);

      g_ptr_array_add (self->players, roster);
    }
}

/* Writes one player's roster back into the layout. */
static void
store (MusterRoster *self,
       PlayerRoster *roster)
{
  MusterPlayer *player = muster_layout_lookup_player (self->layout, roster->player_id);
  g_autofree char *text = NULL;
  gboolean stored = FALSE;

  g_return_if_fail (player != NULL);

  text = serialise (roster->entries);

  if (player->extensions == NULL)
    player->extensions = g_ptr_array_new_with_free_func (g_free);

  for (guint j = 0; j < player->extensions->len; j++)
    {
      g_autoptr(GPtrArray) entries = parse_roster (g_ptr_array_index (player->extensions, j));

      if (entries == NULL)
        continue;

      if (roster->entries->len == 0)
        g_ptr_array_remove_index (player->extensions, j);
      else
        {
          g_free (g_ptr_array_index (player->extensions, j));
          g_ptr_array_index (player->extensions, j) = g_steal_pointer (&text);
        }
      stored = TRUE;
      break;
    }

  if (!stored && roster->entries->len > 0)
    g_ptr_array_add (player->extensions, g_steal_pointer (&text));

  g_signal_emit (self, signals[CHANGED], 0);
}

MusterRoster *
muster_roster_new (MusterLayout *layout)
{
  g_return_val_if_fail (MUSTER_IS_LAYOUT (layout), NULL);

  return g_object_new (MUSTER_TYPE_ROSTER, "layout", layout, NULL);
}

MusterLayout *
muster_roster_get_layout (MusterRoster *self)
{
  g_return_val_if_fail (MUSTER_IS_ROSTER (self), NULL);

  return self->layout;
}

void
muster_roster_reload (MusterRoster *self)
{
  g_return_if_fail (MUSTER_IS_ROSTER (self));

  load (self);
  g_signal_emit (self, signals[CHANGED], 0);
}

GPtrArray *
muster_roster_get_entries (MusterRoster *self,
                           const char   *player_id)
{
  PlayerRoster *roster;

  g_return_val_if_fail (MUSTER_IS_ROSTER (self), NULL);

  roster = find_player (self, player_id);
  if (roster == NULL)
    {
      /* A player added since: give it an empty roster. */
      if (muster_layout_lookup_player (self->layout, player_id) == NULL)
        return NULL;

      roster = g_new0 (PlayerRoster, 1);
      roster->player_id = g_strdup (player_id);
      roster->entries = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_roster_entry_free);
      g_ptr_array_add (self->players, roster);
    }

  return roster->entries;
}

static MusterRosterEntry *
lookup (MusterRoster  *self,
        const char    *entry_id,
        PlayerRoster **owner,
        guint         *index)
{
  for (guint i = 0; i < self->players->len; i++)
    {
      PlayerRoster *roster = g_ptr_array_index (self->players, i);

      for (guint j = 0; j < roster->entries->len; j++)
        {
          MusterRosterEntry *entry = g_ptr_array_index (roster->entries, j);

          if (g_strcmp0 (entry->id, entry_id) == 0)
            {
              if (owner != NULL)
                *owner = roster;
              if (index != NULL)
                *index = j;
              return entry;
            }
        }
    }

  return NULL;
}

const MusterRosterEntry *
muster_roster_lookup (MusterRoster  *self,
                      const char    *entry_id,
                      const char   **player_id)
{
  PlayerRoster *owner = NULL;
  const MusterRosterEntry *entry;

  g_return_val_if_fail (MUSTER_IS_ROSTER (self), NULL);
  g_return_val_if_fail (entry_id != NULL, NULL);

  entry = lookup (self, entry_id, &owner, NULL);
  if (player_id != NULL)
    *player_id = owner != NULL ? owner->player_id : NULL;

  return entry;
}

const char *
muster_roster_add_entry (MusterRoster      *self,
                         const char        *player_id,
                         MusterRosterEntry *entry)
{
  GPtrArray *entries;
  PlayerRoster *roster;

  g_return_val_if_fail (MUSTER_IS_ROSTER (self), NULL);
  g_return_val_if_fail (entry != NULL, NULL);

  entries = muster_roster_get_entries (self, player_id);
  if (entries == NULL)
    {
      g_critical ("%s: no player “%s”", G_STRFUNC, player_id);
      muster_roster_entry_free (entry);
      return NULL;
    }

  if (entry->id == NULL || lookup (self, entry->id, NULL, NULL) != NULL)
    {
      g_free (entry->id);
      for (guint n = 1; ; n++)
        {
          g_autofree char *id = g_strdup_printf ("e%u", n);

          if (lookup (self, id, NULL, NULL) == NULL)
            {
              entry->id = g_steal_pointer (&id);
              break;
            }
        }
    }

  entry->count = MAX (entry->count, 1);
  g_ptr_array_add (entries, entry);
  roster = find_player (self, player_id);
  store (self, roster);

  return entry->id;
}

void
muster_roster_replace_entry (MusterRoster      *self,
                             MusterRosterEntry *entry)
{
  PlayerRoster *roster = NULL;
  guint index;

  g_return_if_fail (MUSTER_IS_ROSTER (self));
  g_return_if_fail (entry != NULL);

  if (lookup (self, entry->id, &roster, &index) == NULL)
    {
      g_critical ("%s: no entry “%s”", G_STRFUNC, entry->id);
      muster_roster_entry_free (entry);
      return;
    }

  entry->count = MAX (entry->count, 1);
  muster_roster_entry_free (g_ptr_array_index (roster->entries, index));
  g_ptr_array_index (roster->entries, index) = entry;
  store (self, roster);
}

void
muster_roster_remove_entry (MusterRoster *self,
                            const char   *entry_id)
{
  PlayerRoster *roster = NULL;
  guint index;

  g_return_if_fail (MUSTER_IS_ROSTER (self));

  if (lookup (self, entry_id, &roster, &index) == NULL)
    return;

  g_ptr_array_remove_index (roster->entries, index);
  store (self, roster);
}

void
muster_roster_set_hold (MusterRoster     *self,
                        const char       *entry_id,
                        MusterRosterHold  hold)
{
  PlayerRoster *roster = NULL;
  MusterRosterEntry *entry;

  g_return_if_fail (MUSTER_IS_ROSTER (self));

  entry = lookup (self, entry_id, &roster, NULL);
  if (entry == NULL || entry->hold == hold)
    return;

  entry->hold = hold;
  store (self, roster);
}

/* Pieces */

const char *
muster_roster_get_piece_entry (const MusterPiece *piece)
{
  g_return_val_if_fail (piece != NULL, NULL);

  for (guint i = 0; piece->ext_attrs != NULL && i + 1 < piece->ext_attrs->len; i += 2)
    if (strcmp (g_ptr_array_index (piece->ext_attrs, i), ENTRY_ATTR) == 0)
      return g_ptr_array_index (piece->ext_attrs, i + 1);

  return NULL;
}

void
muster_roster_set_piece_entry (MusterPiece *piece,
                               const char  *entry_id)
{
  g_return_if_fail (piece != NULL);

  for (guint i = 0; piece->ext_attrs != NULL && i + 1 < piece->ext_attrs->len; i += 2)
    if (strcmp (g_ptr_array_index (piece->ext_attrs, i), ENTRY_ATTR) == 0)
      {
        if (entry_id == NULL)
          {
            g_ptr_array_remove_range (piece->ext_attrs, i, 2);
            return;
          }

        g_free (g_ptr_array_index (piece->ext_attrs, i + 1));
        g_ptr_array_index (piece->ext_attrs, i + 1) = g_strdup (entry_id);
        return;
      }

  if (entry_id == NULL)
    return;

  if (piece->ext_attrs == NULL)
    piece->ext_attrs = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (piece->ext_attrs, g_strdup (ENTRY_ATTR));
  g_ptr_array_add (piece->ext_attrs, g_strdup (entry_id));
}

/* The pieces placed */

static void
count_in (MusterRoster      *self,
          const MusterPiece *piece)
{
  const char *entry_id = muster_roster_get_piece_entry (piece);
  gpointer key;
  guint *n;

  if (entry_id == NULL)
    return;

  /* Entries stay when their count comes back to 0: piece_entry points
   * at their keys. */
  if (!g_hash_table_lookup_extended (self->placed, entry_id, &key, (gpointer *) &n))
    {
      key = g_strdup (entry_id);
      n = g_new0 (guint, 1);
      g_hash_table_insert (self->placed, key, n);
    }
  (*n)++;
  g_hash_table_insert (self->piece_entry, GUINT_TO_POINTER (piece->serial), key);
}

static void
count_out (MusterRoster *self,
           guint         serial)
{
  gpointer key;
  guint *n;

  if (!g_hash_table_steal_extended (self->piece_entry, GUINT_TO_POINTER (serial), NULL, &key))
    return;

  n = g_hash_table_lookup (self->placed, key);
  g_assert (n != NULL && *n > 0);
  (*n)--;
}

static void
piece_removed_cb (MusterRoster *self,
                  guint         serial)
{
  count_out (self, serial);
}

/* A piece's entry changes only when it is set anew: most changes are
 * moves. A piece added is compared too: a handler of piece-added that
 * runs before the roster's may have told of a change to it already. */
static void
piece_added_or_changed_cb (MusterRoster *self,
                           guint         serial)
{
  const MusterPiece *piece = muster_layout_lookup_serial (self->layout, serial);
  const char *counted = g_hash_table_lookup (self->piece_entry, GUINT_TO_POINTER (serial));

  if (piece != NULL && g_strcmp0 (counted, muster_roster_get_piece_entry (piece)) == 0)
    return;

  count_out (self, serial);
  if (piece != NULL)
    count_in (self, piece);
}

static void
forget_placed (MusterRoster *self)
{
  if (self->placed == NULL)
    return;

  g_signal_handlers_disconnect_by_data (self->layout, self);
  g_clear_pointer (&self->piece_entry, g_hash_table_unref);
  g_clear_pointer (&self->placed, g_hash_table_unref);
}

static void
ensure_placed (MusterRoster *self)
{
  GPtrArray *pieces;

  if (self->placed != NULL)
    return;

  self->placed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->piece_entry = g_hash_table_new (NULL, NULL);
  pieces = muster_layout_get_pieces (self->layout);
  for (guint i = 0; i < pieces->len; i++)
    count_in (self, g_ptr_array_index (pieces, i));

  g_signal_connect_swapped (self->layout, "piece-added", G_CALLBACK (piece_added_or_changed_cb), self);
  g_signal_connect_swapped (self->layout, "piece-removed", G_CALLBACK (piece_removed_cb), self);
  g_signal_connect_swapped (self->layout, "piece-changed", G_CALLBACK (piece_added_or_changed_cb), self);
}

/**
 * muster_roster_count_placed:
 * @entry_id: a roster entry's id
 *
 * How many pieces on the table were placed from the entry. The first
 * call counts every piece; the roster then keeps the counts as pieces
 * come, go and change, so each later call costs a lookup.
 */
guint
muster_roster_count_placed (MusterRoster *self,
                            const char   *entry_id)
{
  const guint *n;

  g_return_val_if_fail (MUSTER_IS_ROSTER (self), 0);

  if (entry_id == NULL)
    return 0;

  ensure_placed (self);
  n = g_hash_table_lookup (self->placed, entry_id);

  return n != NULL ? *n : 0;
}

MusterRosterStatus
muster_roster_get_status (MusterRoster *self,
                          const char   *entry_id,
                          guint        *placed)
{
  const MusterRosterEntry *entry;
  guint n;

  g_return_val_if_fail (MUSTER_IS_ROSTER (self), MUSTER_ROSTER_TO_DEPLOY);

  n = muster_roster_count_placed (self, entry_id);
  if (placed != NULL)
    *placed = n;

  entry = lookup (self, entry_id, NULL, NULL);
  if (entry == NULL)
    return MUSTER_ROSTER_TO_DEPLOY;

  if (n >= entry->count)
    return MUSTER_ROSTER_ON_TABLE;
  if (entry->hold != MUSTER_ROSTER_HOLD_NONE)
    return MUSTER_ROSTER_HELD_BACK;
  if (n > 0)
    return MUSTER_ROSTER_PARTLY_DEPLOYED;

  return MUSTER_ROSTER_TO_DEPLOY;
}

MusterPiece *
muster_roster_make_piece (MusterRoster *self,
                          const char   *entry_id)
{
  PlayerRoster *owner = NULL;
  const MusterRosterEntry *entry;
  g_autoptr(GPtrArray) names = NULL;
  GPtrArray *pieces;
  MusterPiece *piece;
  MusterBase footprint;
  guint turn = 0;
  guint placed = 0;
  char *name = NULL;

  g_return_val_if_fail (MUSTER_IS_ROSTER (self), NULL);
  g_return_val_if_fail (entry_id != NULL, NULL);

  entry = lookup (self, entry_id, &owner, NULL);
  if (entry == NULL)
    return NULL;

  names = g_ptr_array_new ();
  pieces = muster_layout_get_pieces (self->layout);
  for (guint i = 0; i < pieces->len; i++)
    {
      const MusterPiece *p = g_ptr_array_index (pieces, i);

      if (g_strcmp0 (p->owner, owner->player_id) == 0)
        turn = MAX (turn, p->turn);
      if (g_strcmp0 (muster_roster_get_piece_entry (p), entry_id) == 0)
        {
          placed++;
          if (p->name != NULL)
            g_ptr_array_add (names, p->name);
        }
    }

  if (placed >= entry->count)
    return NULL;

  /* "Fusilier", or "Fusilier 2" for the second of several. */
  if (entry->count == 1)
    name = g_strdup (entry->name);
  else
    for (guint k = 1; k <= entry->count + placed; k++)
      {
        g_autofree char *candidate = g_strdup_printf ("%s %u", entry->name != NULL ? entry->name : "", k);

        if (!g_ptr_array_find_with_equal_func (names, candidate, g_str_equal, NULL))
          {
            name = g_steal_pointer (&candidate);
            break;
          }
      }

  muster_roster_entry_get_footprint (entry, &footprint);
  piece = muster_piece_new ("new", entry->kind == MUSTER_PIECE_UNIT ? MUSTER_PIECE_UNIT : MUSTER_PIECE_MODEL,
                            owner->player_id, &footprint, 0, 0);
  g_clear_pointer (&piece->id, g_free);
  piece->name = name;
  piece->categories = g_strdupv (entry->categories);
  piece->skills = g_strdupv (entry->skills);
  piece->lieutenant = entry->lieutenant;
  /* Each placement is a deployment turn of its own, after the player's
   * last: what the order rules read. In a game's deployment, the turn
   * (Infinity's step) under way, as the game says. */
  piece->turn = turn + 1;
  if (self->turn_func != NULL)
    {
      guint game_turn = self->turn_func (owner->player_id, self->turn_data);

      if (game_turn > 0)
        piece->turn = game_turn;
    }
  /* Facing the enemy: south players look north (rotation 0). */
  {
    MusterPlayer *player = muster_layout_lookup_player (self->layout, owner->player_id);

    if (player != NULL && player->zone != NULL && g_str_has_prefix (player->zone, "north"))
      piece->rotation = 180;
  }
  muster_roster_set_piece_entry (piece, entry_id);

  return piece;
}

/* GObject */

static void
muster_roster_constructed (GObject *object)
{
  MusterRoster *self = (MusterRoster *)object;

  G_OBJECT_CLASS (muster_roster_parent_class)->constructed (object);

  load (self);
}

/**
 * muster_roster_set_turn_func:
 * @func: (nullable): says the deployment turn a new piece of a player
 *   takes, or 0 for the roster's own (after the player's last)
 *
 * A game under way decides the turn of what is placed from the roster.
 */
void
muster_roster_set_turn_func (MusterRoster         *self,
                             MusterRosterTurnFunc  func,
                             gpointer              data,
                             GDestroyNotify        notify)
{
  g_return_if_fail (MUSTER_IS_ROSTER (self));

  if (self->turn_notify != NULL)
    self->turn_notify (self->turn_data);
  self->turn_func = func;
  self->turn_data = data;
  self->turn_notify = notify;
}

static void
muster_roster_finalize (GObject *object)
{
  MusterRoster *self = (MusterRoster *)object;

  forget_placed (self);
  g_clear_object (&self->layout);
  g_clear_pointer (&self->players, g_ptr_array_unref);
  if (self->turn_notify != NULL)
    self->turn_notify (self->turn_data);

  G_OBJECT_CLASS (muster_roster_parent_class)->finalize (object);
}

static void
muster_roster_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  MusterRoster *self = MUSTER_ROSTER (object);

  switch (prop_id)
    {
    case PROP_LAYOUT:
      g_value_set_object (value, self->layout);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_roster_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  MusterRoster *self = MUSTER_ROSTER (object);

  switch (prop_id)
    {
    case PROP_LAYOUT:
      self->layout = g_value_dup_object (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_roster_class_init (MusterRosterClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = muster_roster_constructed;
  object_class->finalize = muster_roster_finalize;
  object_class->get_property = muster_roster_get_property;
  object_class->set_property = muster_roster_set_property;

  properties[PROP_LAYOUT] =
    g_param_spec_object ("layout", NULL, NULL, MUSTER_TYPE_LAYOUT,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * MusterRoster::changed:
   *
   * The entries changed (not the pieces on the table).
   */
  signals[CHANGED] =
    g_signal_new ("changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void
muster_roster_init (MusterRoster *self)
{
  self->players = g_ptr_array_new_with_free_func (player_roster_free);
}
