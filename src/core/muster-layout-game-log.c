/* muster-layout-game-log.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-layout"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "muster-layout-private.h"

/* The game log in the file: <g:game-log>, as data/muster-layout.rng
 * defines it (the schema has checked it when this reads it), into the
 * layout's steps, and back. What a step means is the game's business
 * (src/game/muster-game.c); here a step is its action, its attributes,
 * its items and its dice. */

#define STEP_CHILDREN_MAX 1000

gboolean
_muster_layout_is_game_log (xmlNode *node)
{
  return muster_xml_is_foreign (node) &&
         g_strcmp0 ((const char *) node->ns->href, MUSTER_GAME_LOG_NAMESPACE) == 0 &&
         g_strcmp0 ((const char *) node->name, "game-log") == 0;
}

static gboolean
is_ours (xmlNode    *node,
         const char *name)
{
  return node->type == XML_ELEMENT_NODE && node->ns != NULL &&
         g_strcmp0 ((const char *) node->ns->href, MUSTER_GAME_LOG_NAMESPACE) == 0 &&
         g_strcmp0 ((const char *) node->name, name) == 0;
}

static gboolean
fail (const char  *filename,
      xmlNode     *node,
      GError     **error,
      const char  *message)
{
  g_set_error (error, MUSTER_LAYOUT_ERROR, MUSTER_LAYOUT_ERROR_INVALID,
               "%s:%d: %s", filename, MAX (1, muster_xml_get_line (node)), message);

  return FALSE;
}

static gboolean
read_uint (xmlNode    *node,
           const char *name,
           guint      *value)
{
  const char *text = muster_xml_peek_prop (node, name);
  guint64 number;

  if (text == NULL || !g_ascii_string_to_unsigned (text, 10, 1, G_MAXUINT, &number, NULL))
    return FALSE;

  *value = (guint) number;

  return TRUE;
}

/* The attributes of node with no namespace, as name, value pairs. */
static GStrv
plain_attributes (xmlNode    *node,
                  const char *skip_a,
                  const char *skip_b)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  for (xmlAttr *attr = node->properties; attr != NULL; attr = attr->next)
    {
      const char *name = (const char *) attr->name;

      if (attr->ns != NULL || g_strcmp0 (name, skip_a) == 0 || g_strcmp0 (name, skip_b) == 0)
        continue;
      g_strv_builder_add_many (builder, name, muster_xml_peek_attr_value (attr), NULL);
    }

  return g_strv_builder_end (builder);
}

static gboolean
read_die (const char     *filename,
          xmlNode        *node,
          MusterLogStep  *step,
          GError        **error)
{
  guint sides, value;

  if (!read_uint (node, "sides", &sides) || !read_uint (node, "value", &value) || value > sides)
    return fail (filename, node, error, _("a die’s value is not one of its sides"));

  muster_log_step_add_die (step, sides, value, g_strcmp0 (muster_xml_peek_prop (node, "thrown"), "table") == 0,
                           muster_xml_peek_prop (node, "who"), muster_xml_peek_prop (node, "why"));

  return TRUE;
}

static MusterLogStep *
read_step (const char  *filename,
           xmlNode     *node,
           guint        n,
           GError     **error)
{
  g_autoptr(MusterLogStep) step = NULL;
  g_auto(GStrv) attrs = NULL;
  guint number = 0;
  guint n_children = 0;

  if (!read_uint (node, "n", &number) || number != n)
    {
      fail (filename, node, error, _("the game log’s steps are not numbered 1, 2, 3, …"));
      return NULL;
    }

  step = muster_log_step_new (muster_xml_peek_prop (node, "action"));
  attrs = plain_attributes (node, "n", "action");
  for (guint i = 0; attrs[i] != NULL; i += 2)
    muster_log_step_set (step, attrs[i], attrs[i + 1]);

  for (xmlNode *child = node->children; child != NULL; child = child->next)
    {
      if (child->type != XML_ELEMENT_NODE)
        continue;
      if (++n_children > STEP_CHILDREN_MAX)
        {
          fail (filename, child, error, _("a step of the game log names too many things"));
          return NULL;
        }

      if (is_ours (child, "die"))
        {
          if (!read_die (filename, child, step, error))
            return NULL;
        }
      else
        {
          g_auto(GStrv) item = plain_attributes (child, NULL, NULL);

          muster_log_step_add_item (step, (const char *) child->name, (const char * const *) item);
        }
    }

  muster_log_step_seal (step);

  return g_steal_pointer (&step);
}

int
muster_layout_get_game_log_line (MusterLayout *self)
{
  g_return_val_if_fail (MUSTER_IS_LAYOUT (self), 0);

  return GPOINTER_TO_INT (g_hash_table_lookup (self->source_lines, "game-log"));
}

gboolean
_muster_layout_read_game_log (MusterLayout  *self,
                              const char    *filename,
                              xmlNode       *node,
                              GError       **error)
{
  guint version = 0;
  guint n = 0;

  if (!read_uint (node, "version", &version))
    return fail (filename, node, error, _("the game log has no version"));

  g_hash_table_insert (self->source_lines, g_strdup ("game-log"),
                       GINT_TO_POINTER (muster_xml_get_line (node)));

  /* A newer Muster's: kept for it, as an extension, and not played on. */
  if (version > MUSTER_GAME_LOG_VERSION)
    {
      self->newer_game_log = version;
      return _muster_layout_read_extension (filename, node, &self->extensions, error);
    }

  if (self->game_steps->len > 0 || self->game_log_system != NULL)
    return fail (filename, node, error, _("the layout has two game logs"));

  self->game_log_system = g_strdup (muster_xml_peek_prop (node, "system"));
  for (xmlNode *child = node->children; child != NULL; child = child->next)
    {
      MusterLogStep *step;

      if (!is_ours (child, "step"))
        continue;

      step = read_step (filename, child, ++n, error);
      if (step == NULL)
        return FALSE;
      g_ptr_array_add (self->game_steps, step);
    }

  return TRUE;
}

static void
append_attr (GString    *out,
             const char *name,
             const char *value)
{
  g_string_append_printf (out, " %s=\"", name);
  _muster_layout_append_escaped (out, value);
  g_string_append_c (out, '"');
}

static void
write_step (GString       *out,
            const char    *prefix,
            MusterLogStep *step,
            guint          n)
{
  const char * const *attrs = muster_log_step_get_attrs (step);
  guint n_items = muster_log_step_get_n_items (step);
  guint n_dice = muster_log_step_get_n_dice (step);

  g_string_append_printf (out, "    <%s:step n=\"%u\"", prefix, n);
  append_attr (out, "action", muster_log_step_get_action (step));
  for (guint i = 0; attrs[i] != NULL; i += 2)
    append_attr (out, attrs[i], attrs[i + 1]);

  if (n_items == 0 && n_dice == 0)
    {
      g_string_append (out, "/>\n");
      return;
    }

  g_string_append (out, ">\n");
  for (guint i = 0; i < n_items; i++)
    {
      const MusterLogItem *item = muster_log_step_get_item (step, i);

      g_string_append_printf (out, "      <%s:%s", prefix, item->name);
      for (guint j = 0; item->attrs[j] != NULL && item->attrs[j + 1] != NULL; j += 2)
        append_attr (out, item->attrs[j], item->attrs[j + 1]);
      g_string_append (out, "/>\n");
    }
  for (guint i = 0; i < n_dice; i++)
    {
      const MusterLogDie *die = muster_log_step_get_die (step, i);

      g_string_append_printf (out, "      <%s:die sides=\"%u\" value=\"%u\"", prefix, die->sides, die->value);
      if (die->who != NULL)
        append_attr (out, "who", die->who);
      if (die->manual)
        append_attr (out, "thrown", "table");
      if (die->why != NULL)
        append_attr (out, "why", die->why);
      g_string_append (out, "/>\n");
    }
  g_string_append_printf (out, "    </%s:step>\n", prefix);
}

void
_muster_layout_write_game_log (MusterLayout *self,
                               GString      *out,
                               const char   *prefix)
{
  if (self->game_steps->len == 0)
    return;

  g_string_append_printf (out, "  <%s:game-log version=\"%d\"", prefix, MUSTER_GAME_LOG_VERSION);
  append_attr (out, "system", self->game_log_system != NULL ? self->game_log_system : "");
  g_string_append (out, ">\n");
  for (guint i = 0; i < self->game_steps->len; i++)
    write_step (out, prefix, g_ptr_array_index (self->game_steps, i), i + 1);
  g_string_append_printf (out, "  </%s:game-log>\n", prefix);
}
