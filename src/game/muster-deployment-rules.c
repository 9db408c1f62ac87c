/* muster-deployment-rules.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-deployment-phase"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "muster-deployment-phase.h"
#include "muster-xml.h"

/* The 9th Age's deployment turns as a game-system file gives them: its
 * <deployment-sequence> section, read through the phase's setters. */

#define data_error(error, filename, node, ...) \
  muster_xml_set_error ((error), MUSTER_DEPLOYMENT_PHASE_ERROR, MUSTER_DEPLOYMENT_PHASE_ERROR_DATA, \
                        (filename), (node), __VA_ARGS__)

static gboolean
read_count (xmlNode     *node,
            const char  *attribute,
            guint       *value,
            const char  *filename,
            GError     **error)
{
  g_autofree char *text = muster_xml_get_prop (node, attribute);
  guint64 number;

  *value = 0;

  if (text == NULL)
    return TRUE;

  if (!g_ascii_string_to_unsigned (text, 10, 0, 1000, &number, NULL))
    return data_error (error, filename, node, _("%s=\"%s\" is not a whole number from 0 to 1000"),
                       attribute, text);

  *value = (guint) number;

  return TRUE;
}

static gboolean
read_flag (xmlNode     *node,
           const char  *attribute,
           gboolean    *value,
           const char  *filename,
           GError     **error)
{
  g_autofree char *text = muster_xml_get_prop (node, attribute);

  *value = FALSE;

  if (text == NULL || g_str_equal (text, "no"))
    return TRUE;

  if (g_str_equal (text, "yes"))
    {
      *value = TRUE;
      return TRUE;
    }

  return data_error (error, filename, node, _("%s=\"%s\" is neither “yes” nor “no”"),
                     attribute, text);
}

/* The words of a space-separated list, or NULL for none. */
static char **
split_words (const char *text)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) parts = NULL;
  gboolean any = FALSE;

  if (text == NULL)
    return NULL;

  parts = g_strsplit_set (text, " \t\r\n", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      if (*parts[i] == '\0')
        continue;
      g_strv_builder_add (builder, parts[i]);
      any = TRUE;
    }

  return any ? g_strv_builder_end (builder) : NULL;
}

gboolean
muster_deployment_phase_load_rules (MusterDeploymentPhase  *self,
                                    GBytes                 *system_file,
                                    const char             *filename,
                                    GError                **error)
{
  g_autoptr(xmlDoc) doc = NULL;
  xmlNode *section;
  xmlNode *entry = NULL;
  g_autofree char *restricted = NULL;
  g_auto(GStrv) categories = NULL;
  guint turns, reserves;
  gboolean short_edge, delayed;

  g_return_val_if_fail (MUSTER_IS_DEPLOYMENT_PHASE (self), FALSE);
  g_return_val_if_fail (muster_deployment_phase_get_game (self) == MUSTER_DEPLOYMENT_GAME_T9A, FALSE);
  g_return_val_if_fail (muster_deployment_phase_get_state (self) == MUSTER_DEPLOYMENT_PHASE_SETUP, FALSE);
  g_return_val_if_fail (system_file != NULL, FALSE);
  g_return_val_if_fail (filename != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  doc = muster_xml_parse (system_file, filename, MUSTER_DEPLOYMENT_PHASE_ERROR,
                          MUSTER_DEPLOYMENT_PHASE_ERROR_DATA, error);
  if (doc == NULL)
    return FALSE;

  section = muster_xml_find_child (xmlDocGetRootElement (doc), "deployment-sequence");
  if (section == NULL)
    return TRUE;

  for (xmlNode *node = section->children; node != NULL; node = node->next)
    {
      g_autofree char *id = NULL;

      if (node->type != XML_ELEMENT_NODE)
        continue;

      if (!muster_xml_is_element (node, "deployment"))
        return data_error (error, filename, node, _("<%s> does not belong in <deployment-sequence>"),
                           (const char *) node->name);

      id = muster_xml_get_prop (node, "id");
      if (id == NULL || *id == '\0')
        return data_error (error, filename, node, _("a <deployment> has no id"));

      if (!g_str_equal (id, muster_deployment_phase_get_deployment_id (self)))
        continue;

      if (entry != NULL)
        return data_error (error, filename, node, _("deployment type “%s” is listed twice"), id);

      entry = node;
    }

  if (entry == NULL)
    return TRUE;

  if (!read_count (entry, "single-unit-turns", &turns, filename, error) ||
      !read_count (entry, "reserves", &reserves, filename, error) ||
      !read_flag (entry, "short-edge-with-first-unit", &short_edge, filename, error) ||
      !read_flag (entry, "delayed", &delayed, filename, error))
    return FALSE;

  restricted = muster_xml_get_prop (entry, "restricted");
  categories = split_words (restricted);

  muster_deployment_phase_set_restrictions (self, turns, (const char * const *) categories);
  muster_deployment_phase_set_max_reserves (self, reserves);
  muster_deployment_phase_set_turn_options (self, short_edge, delayed);

  return TRUE;
}

