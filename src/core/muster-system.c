/* muster-system.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-system"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "muster-expr.h"
#include "muster-region-template.h"
#include "muster-system-private.h"
#include "muster-xml.h"

/* A game-system file (data/systems/NAME.xml, schema data/muster-system.rng):
 *
 *   <game-system id="t9a" name="The 9th Age" units="in">
 *     <boards><board id name width height [default="true"]/>...</boards>
 *     <bases><base id name shape="round" diameter/>
 *            <base id name shape="rect|oval" width depth/>...</bases>
 *     <rules><rule code [distance] [turns] [exempt] [kinds]/>...</rules>
 *     <deployments>
 *       <deployment id name [roll="1..6"]>
 *         <option name [label] values="a b" default="a"/>...
 *         <zone id name [option value]>REGION...</zone>...
 *         <rules>...</rules>
 *       </deployment>...
 *     </deployments>
 *     <skills>
 *       <skill id name allows="region"><region zone="north">REGION...</region>...</skill>
 *       <skill id name allows="off-table"/>
 *     </skills>
 *     <initiative>, <deployment-sequence>, <orders>, <skill-catalogue>,
 *     <strategy-cards>: read by other modules from muster_system_get_bytes().
 *   </game-system>
 *
 * REGION is the zone language of muster-region-template.c. Names are in
 * English and translated when the file is read. */

#define MAX_OPTION_COMBINATIONS 256

G_DEFINE_FINAL_TYPE (MusterSystem, muster_system, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ID,
  PROP_NAME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_QUARK (muster-system-error-quark, muster_system_error)

static const char * const rule_codes[MUSTER_N_RULES] = {
  [MUSTER_RULE_OFF_BOARD] = "off-board",
  [MUSTER_RULE_OUTSIDE_ZONE] = "outside-zone",
  [MUSTER_RULE_BASE_CONTACT] = "base-contact",
  [MUSTER_RULE_OVERLAP] = "overlap",
  [MUSTER_RULE_ENEMY_TOO_CLOSE] = "enemy-too-close",
  [MUSTER_RULE_DEPLOY_ORDER] = "deploy-order",
  [MUSTER_RULE_DEPLOY_SEQUENCE] = "deploy-sequence",
  [MUSTER_RULE_UNIT_SPACING] = "unit-spacing",
};

/* Freeing */

static void
option_def_free (MusterOptionDef *option)
{
  g_free (option->name);
  g_free (option->label);
  g_strfreev (option->values);
  g_free (option->default_value);
  g_free (option);
}

static void
rule_def_free (MusterRuleDef *rule)
{
  g_strfreev (rule->exempt);
  g_strfreev (rule->kinds);
  g_free (rule);
}

static void
base_preset_free (MusterBasePreset *preset)
{
  g_free (preset->id);
  g_free (preset->name);
  g_free (preset);
}

static void
board_preset_free (MusterBoardPreset *preset)
{
  g_free (preset->id);
  g_free (preset->name);
  g_free (preset);
}

static void
skill_region_free (SkillRegion *region)
{
  g_free (region->zone);
  muster_region_template_free (region->tmpl);
  g_free (region);
}

static void
skill_def_free (MusterSkillDef *skill)
{
  g_free (skill->id);
  g_free (skill->name);
  g_clear_pointer (&skill->regions, g_ptr_array_unref);
  g_free (skill);
}

static void
zone_free (MusterZone *zone)
{
  g_free (zone->id);
  g_free (zone->name);
  g_free (zone->option_name);
  g_free (zone->option_value);
  g_free (zone->board);
  muster_region_template_free (zone->tmpl);
  g_free (zone);
}

static void
deployment_free (MusterDeployment *deployment)
{
  g_free (deployment->id);
  g_free (deployment->name);
  g_clear_pointer (&deployment->options, g_ptr_array_unref);
  g_clear_pointer (&deployment->zones, g_ptr_array_unref);
  g_clear_pointer (&deployment->rules, g_ptr_array_unref);
  g_free (deployment);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterDeployment, deployment_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterSkillDef, skill_def_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterZone, zone_free)

/* GObject */

static void
muster_system_finalize (GObject *object)
{
  MusterSystem *self = (MusterSystem *)object;

  g_clear_pointer (&self->id, g_free);
  g_clear_pointer (&self->name, g_free);
  g_clear_pointer (&self->filename, g_free);
  g_clear_pointer (&self->bytes, g_bytes_unref);
  g_clear_pointer (&self->boards, g_ptr_array_unref);
  g_clear_pointer (&self->bases, g_ptr_array_unref);
  g_clear_pointer (&self->rules, g_ptr_array_unref);
  g_clear_pointer (&self->deployments, g_ptr_array_unref);
  g_clear_pointer (&self->skills, g_ptr_array_unref);

  G_OBJECT_CLASS (muster_system_parent_class)->finalize (object);
}

static void
muster_system_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  MusterSystem *self = MUSTER_SYSTEM (object);

  switch (prop_id)
    {
    case PROP_ID:
      g_value_set_string (value, self->id);
      break;

    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_system_class_init (MusterSystemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = muster_system_finalize;
  object_class->get_property = muster_system_get_property;

  properties[PROP_ID] =
    g_param_spec_string ("id", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
muster_system_init (MusterSystem *self)
{
  self->units = MUSTER_UNIT_INCH;
  self->boards = g_ptr_array_new_with_free_func ((GDestroyNotify) board_preset_free);
  self->bases = g_ptr_array_new_with_free_func ((GDestroyNotify) base_preset_free);
  self->rules = g_ptr_array_new_with_free_func ((GDestroyNotify) rule_def_free);
  self->deployments = g_ptr_array_new_with_free_func ((GDestroyNotify) deployment_free);
  self->skills = g_ptr_array_new_with_free_func ((GDestroyNotify) skill_def_free);
}

/* Reading */

#define invalid(self, node, error, ...) \
  muster_xml_set_error ((error), MUSTER_SYSTEM_ERROR, MUSTER_SYSTEM_ERROR_INVALID, \
                        (self)->filename, (node), __VA_ARGS__)

/* Names are written in English and shown translated. */
static char *
translated (const char *english)
{
  return g_strdup (g_dgettext (GETTEXT_PACKAGE, english));
}

static char *
require_prop (xmlNode    *node,
              const char *name)
{
  char *value = muster_xml_get_prop (node, name);

  /* The schema makes these attributes required. */
  g_assert (value != NULL);

  return value;
}

static gboolean
read_length (MusterSystem  *self,
             xmlNode       *node,
             const char    *name,
             gboolean       positive,
             double        *value,
             GError       **error)
{
  g_autofree char *text = require_prop (node, name);
  g_autoptr(GError) local_error = NULL;

  if (!muster_length_parse (text, self->units, value, &local_error))
    return invalid (self, node, error, "<%s %s>: %s", (const char *) node->name, name,
                    local_error->message);

  if (positive ? *value <= 0 : *value < 0)
    return invalid (self, node, error, _("<%s %s=\"%s\">: the length must be %s"),
                    (const char *) node->name, name, text,
                    positive ? _("more than zero") : _("zero or more"));

  return TRUE;
}

static gboolean
id_is_taken (GPtrArray  *items,
             const char *id)
{
  /* Every struct here starts with its id. */
  for (guint i = 0; i < items->len; i++)
    {
      const char * const *item_id = g_ptr_array_index (items, i);

      if (g_strcmp0 (*item_id, id) == 0)
        return TRUE;
    }

  return FALSE;
}

static gboolean
read_boards (MusterSystem  *self,
             xmlNode       *parent,
             GError       **error)
{
  gboolean have_default = FALSE;

  for (xmlNode *node = parent->children; node != NULL; node = node->next)
    {
      MusterBoardPreset *preset;
      g_autofree char *is_default = NULL;
      g_autofree char *name = NULL;
      g_autofree char *id = NULL;

      if (!muster_xml_is_element (node, "board"))
        continue;

      id = require_prop (node, "id");
      if (id_is_taken (self->boards, id))
        return invalid (self, node, error, _("There are two boards with the id “%s”"), id);

      preset = g_new0 (MusterBoardPreset, 1);
      g_ptr_array_add (self->boards, preset);
      preset->id = g_steal_pointer (&id);
      name = require_prop (node, "name");
      preset->name = translated (name);

      if (!read_length (self, node, "width", TRUE, &preset->width, error) ||
          !read_length (self, node, "height", TRUE, &preset->height, error))
        return FALSE;

      is_default = muster_xml_get_token (node, "default");
      preset->is_default = g_strcmp0 (is_default, "true") == 0;
      if (preset->is_default)
        {
          if (have_default)
            return invalid (self, node, error, _("Only one board can be the default"));
          have_default = TRUE;
        }
    }

  if (!have_default && self->boards->len > 0)
    ((MusterBoardPreset *) g_ptr_array_index (self->boards, 0))->is_default = TRUE;

  return TRUE;
}

static gboolean
read_bases (MusterSystem  *self,
            xmlNode       *parent,
            GError       **error)
{
  for (xmlNode *node = parent->children; node != NULL; node = node->next)
    {
      MusterBasePreset *preset;
      g_autofree char *id = NULL;
      g_autofree char *name = NULL;
      g_autofree char *shape = NULL;

      if (!muster_xml_is_element (node, "base"))
        continue;

      id = require_prop (node, "id");
      if (id_is_taken (self->bases, id))
        return invalid (self, node, error, _("There are two bases with the id “%s”"), id);

      preset = g_new0 (MusterBasePreset, 1);
      g_ptr_array_add (self->bases, preset);
      preset->id = g_steal_pointer (&id);
      name = require_prop (node, "name");
      preset->name = translated (name);
      shape = muster_xml_get_token (node, "shape");
      g_assert (shape != NULL);  /* The schema makes it required. */

      if (strcmp (shape, "round") == 0)
        {
          preset->base.shape = MUSTER_BASE_ROUND;
          if (!read_length (self, node, "diameter", TRUE, &preset->base.width, error))
            return FALSE;
          preset->base.depth = preset->base.width;
        }
      else if (strcmp (shape, "oval") == 0 || strcmp (shape, "rect") == 0)
        {
          preset->base.shape = strcmp (shape, "oval") == 0 ? MUSTER_BASE_OVAL : MUSTER_BASE_RECT;
          if (!read_length (self, node, "width", TRUE, &preset->base.width, error) ||
              !read_length (self, node, "depth", TRUE, &preset->base.depth, error))
            return FALSE;
        }
      else
        /* Shipped systems are read without the schema. */
        return invalid (self, node, error, _("Unknown base shape “%s” (use round, oval or rect)"), shape);
    }

  return TRUE;
}

static char **
read_list (xmlNode    *node,
           const char *name)
{
  g_autofree char *text = muster_xml_get_prop (node, name);
  g_autoptr(GStrvBuilder) builder = NULL;
  g_auto(GStrv) words = NULL;

  if (text == NULL)
    return NULL;

  builder = g_strv_builder_new ();
  words = g_strsplit_set (text, " \t\r\n", -1);
  for (guint i = 0; words[i] != NULL; i++)
    {
      if (words[i][0] != '\0')
        g_strv_builder_add (builder, words[i]);
    }

  return g_strv_builder_end (builder);
}

static gboolean
read_rules (MusterSystem  *self,
            xmlNode       *parent,
            GPtrArray     *rules,
            GError       **error)
{
  for (xmlNode *node = parent->children; node != NULL; node = node->next)
    {
      MusterRuleDef *rule;
      g_autofree char *code = NULL;
      g_autofree char *distance = NULL;
      g_autofree char *turns = NULL;
      g_autofree char *steps = NULL;
      gboolean known = FALSE;

      if (!muster_xml_is_element (node, "rule"))
        continue;

      rule = g_new0 (MusterRuleDef, 1);
      g_ptr_array_add (rules, rule);

      code = muster_xml_get_token (node, "code");
      g_assert (code != NULL);  /* The schema makes it required. */
      for (guint i = 0; i < MUSTER_N_RULES; i++)
        {
          if (strcmp (rule_codes[i], code) == 0)
            {
              rule->code = i;
              known = TRUE;
            }
        }
      if (!known)
        return invalid (self, node, error,
                        _("Unknown rule code “%s” (known: off-board, outside-zone, base-contact, "
                          "overlap, enemy-too-close, deploy-order, deploy-sequence, unit-spacing)"),
                        code);

      for (guint i = 0; i + 1 < rules->len; i++)
        {
          const MusterRuleDef *other = g_ptr_array_index (rules, i);

          if (other->code == rule->code)
            return invalid (self, node, error, _("The rule “%s” is listed twice"), code);
        }

      distance = muster_xml_get_prop (node, "distance");
      if (distance != NULL)
        {
          if (!read_length (self, node, "distance", FALSE, &rule->distance, error))
            return FALSE;
        }
      else if (rule->code == MUSTER_RULE_ENEMY_TOO_CLOSE || rule->code == MUSTER_RULE_UNIT_SPACING)
        return invalid (self, node, error, _("The rule “%s” needs a distance"), code);

      turns = muster_xml_get_prop (node, "turns");
      if (turns != NULL)
        {
          guint64 n;

          if (!g_ascii_string_to_unsigned (turns, 10, 1, 1000, &n, NULL))
            return invalid (self, node, error, _("turns=\"%s\" is not a number of turns"), turns);
          rule->turns = (guint) n;
        }

      steps = muster_xml_get_prop (node, "steps");
      if (steps != NULL)
        {
          guint64 n;

          /* The players take the steps in turn, all but one and then the
           * last: an even number. */
          if (!g_ascii_string_to_unsigned (steps, 10, 2, 100, &n, NULL) || n % 2 != 0)
            return invalid (self, node, error,
                            _("steps=\"%s\" is not an even number of deployment steps"), steps);
          rule->steps = (guint) n;
        }

      if (rule->code == MUSTER_RULE_DEPLOY_SEQUENCE && (turns == NULL) == (steps == NULL))
        return invalid (self, node, error,
                        _("The rule “%s” needs a number of turns or of steps, not both"), code);

      rule->exempt = read_list (node, "exempt");
      rule->kinds = read_list (node, "kinds");
    }

  return TRUE;
}

static const MusterOptionDef *
find_option (const MusterDeployment *deployment,
             const char             *name)
{
  for (guint i = 0; i < deployment->options->len; i++)
    {
      const MusterOptionDef *option = g_ptr_array_index (deployment->options, i);

      if (strcmp (option->name, name) == 0)
        return option;
    }

  return NULL;
}

static gboolean
read_option (MusterSystem      *self,
             MusterDeployment  *deployment,
             xmlNode           *node,
             GError           **error)
{
  MusterOptionDef *option = g_new0 (MusterOptionDef, 1);
  g_autofree char *label = NULL;

  g_ptr_array_add (deployment->options, option);
  option->name = require_prop (node, "name");
  label = muster_xml_get_prop (node, "label");
  option->label = translated (label != NULL ? label : option->name);
  option->values = read_list (node, "values");
  option->default_value = require_prop (node, "default");

  for (guint i = 0; i + 1 < deployment->options->len; i++)
    {
      const MusterOptionDef *other = g_ptr_array_index (deployment->options, i);

      if (strcmp (other->name, option->name) == 0)
        return invalid (self, node, error, _("There are two options named “%s”"), option->name);
    }

  for (guint i = 0; option->values[i] != NULL; i++)
    {
      for (guint j = 0; j < i; j++)
        {
          if (strcmp (option->values[i], option->values[j]) == 0)
            return invalid (self, node, error, _("The value “%s” is listed twice"),
                            option->values[i]);
        }
    }

  if (!g_strv_contains ((const char * const *) option->values, option->default_value))
    return invalid (self, node, error, _("The default “%s” is not one of the values"),
                    option->default_value);

  return TRUE;
}

static gboolean
read_zone (MusterSystem      *self,
           MusterDeployment  *deployment,
           xmlNode           *node,
           GHashTable        *option_values,
           GError           **error)
{
  g_autoptr(MusterZone) zone = g_new0 (MusterZone, 1);
  g_autofree char *name = NULL;
  MusterRegionTemplate *tmpl;

  zone->id = require_prop (node, "id");
  name = require_prop (node, "name");
  zone->name = translated (name);
  zone->option_name = muster_xml_get_prop (node, "option");
  zone->option_value = muster_xml_get_prop (node, "value");
  zone->board = muster_xml_get_prop (node, "board");

  if (zone->board != NULL && strcmp (zone->board, "landscape") != 0 &&
      strcmp (zone->board, "portrait") != 0)
    return invalid (self, node, error, _("board=\"%s\": use landscape or portrait"), zone->board);

  if (zone->option_name != NULL)
    {
      const MusterOptionDef *option = find_option (deployment, zone->option_name);

      if (option == NULL)
        return invalid (self, node, error, _("The deployment type has no option “%s”"),
                        zone->option_name);
      if (!g_strv_contains ((const char * const *) option->values, zone->option_value))
        return invalid (self, node, error, _("The option “%s” has no value “%s”"),
                        zone->option_name, zone->option_value);
    }

  /* Two zones may share an id only when the same option, or the shape of
   * the board, tells them apart. */
  for (guint i = 0; i < deployment->zones->len; i++)
    {
      const MusterZone *other = g_ptr_array_index (deployment->zones, i);

      if (strcmp (other->id, zone->id) != 0)
        continue;
      if (zone->board != NULL && other->board != NULL && strcmp (zone->board, other->board) != 0)
        continue;

      if (zone->option_name == NULL || other->option_name == NULL ||
          strcmp (zone->option_name, other->option_name) != 0 ||
          strcmp (zone->option_value, other->option_value) == 0)
        return invalid (self, node, error, _("There are two zones “%s” for the same options"),
                        zone->id);
    }

  tmpl = muster_region_template_parse (node, self->units, self->filename, error);
  if (tmpl == NULL)
    return FALSE;
  zone->tmpl = tmpl;

  if (!muster_region_template_check_options (tmpl, option_values, error))
    return FALSE;

  g_ptr_array_add (deployment->zones, g_steal_pointer (&zone));

  return TRUE;
}

static GHashTable *
option_values_table (const MusterDeployment *deployment)
{
  GHashTable *table = g_hash_table_new (g_str_hash, g_str_equal);

  if (deployment == NULL)
    return table;

  for (guint i = 0; i < deployment->options->len; i++)
    {
      const MusterOptionDef *option = g_ptr_array_index (deployment->options, i);

      g_hash_table_insert (table, option->name, option->values);
    }

  return table;
}

static gboolean
read_deployment (MusterSystem  *self,
                 xmlNode       *node,
                 GError       **error)
{
  g_autoptr(MusterDeployment) deployment = g_new0 (MusterDeployment, 1);
  g_autoptr(GHashTable) option_values = NULL;
  g_autofree char *name = NULL;
  g_autofree char *roll = NULL;

  deployment->id = require_prop (node, "id");
  name = require_prop (node, "name");
  deployment->name = translated (name);
  deployment->options = g_ptr_array_new_with_free_func ((GDestroyNotify) option_def_free);
  deployment->zones = g_ptr_array_new_with_free_func ((GDestroyNotify) zone_free);
  deployment->rules = g_ptr_array_new_with_free_func ((GDestroyNotify) rule_def_free);

  if (id_is_taken (self->deployments, deployment->id))
    return invalid (self, node, error, _("There are two deployment types with the id “%s”"),
                    deployment->id);

  roll = muster_xml_get_prop (node, "roll");
  if (roll != NULL)
    {
      guint64 n;

      if (!g_ascii_string_to_unsigned (roll, 10, 1, 6, &n, NULL))
        return invalid (self, node, error, _("roll=\"%s\" is not a result of a D6"), roll);
      deployment->roll = (guint) n;

      for (guint i = 0; i < self->deployments->len; i++)
        {
          const MusterDeployment *other = g_ptr_array_index (self->deployments, i);

          if (other->roll == deployment->roll)
            return invalid (self, node, error, _("“%s” and “%s” have the same roll, %u"),
                            other->id, deployment->id, deployment->roll);
        }
    }

  for (xmlNode *child = node->children; child != NULL; child = child->next)
    {
      if (muster_xml_is_element (child, "option") &&
          !read_option (self, deployment, child, error))
        return FALSE;
    }

  option_values = option_values_table (deployment);

  for (xmlNode *child = node->children; child != NULL; child = child->next)
    {
      if (muster_xml_is_element (child, "zone") &&
          !read_zone (self, deployment, child, option_values, error))
        return FALSE;
      if (muster_xml_is_element (child, "rules") &&
          !read_rules (self, child, deployment->rules, error))
        return FALSE;
    }

  g_ptr_array_add (self->deployments, g_steal_pointer (&deployment));

  return TRUE;
}

static gboolean
zone_id_exists (MusterSystem *self,
                const char   *zone_id)
{
  for (guint i = 0; i < self->deployments->len; i++)
    {
      const MusterDeployment *deployment = g_ptr_array_index (self->deployments, i);

      if (id_is_taken (deployment->zones, zone_id))
        return TRUE;
    }

  return FALSE;
}

static gboolean
read_skill (MusterSystem  *self,
            xmlNode       *node,
            GError       **error)
{
  g_autoptr(MusterSkillDef) skill = g_new0 (MusterSkillDef, 1);
  g_autofree char *name = NULL;
  g_autofree char *allows = NULL;

  skill->id = require_prop (node, "id");
  name = require_prop (node, "name");
  skill->name = translated (name);
  allows = muster_xml_get_token (node, "allows");
  g_assert (allows != NULL);  /* The schema makes it required. */
  skill->allows = strcmp (allows, "region") == 0 ? MUSTER_SKILL_ALLOWS_REGION
                                                 : MUSTER_SKILL_ALLOWS_OFF_TABLE;
  skill->regions = g_ptr_array_new_with_free_func ((GDestroyNotify) skill_region_free);

  if (id_is_taken (self->skills, skill->id))
    return invalid (self, node, error, _("There are two skills with the id “%s”"), skill->id);

  for (xmlNode *child = node->children; child != NULL; child = child->next)
    {
      SkillRegion *region;
      g_autofree char *zone = NULL;

      if (!muster_xml_is_element (child, "region"))
        continue;

      zone = require_prop (child, "zone");
      if (id_is_taken (skill->regions, zone))
        return invalid (self, child, error, _("There are two regions for the zone “%s”"), zone);
      if (!zone_id_exists (self, zone))
        return invalid (self, child, error, _("No deployment type has a zone “%s”"), zone);

      region = g_new0 (SkillRegion, 1);
      region->zone = g_steal_pointer (&zone);
      g_ptr_array_add (skill->regions, region);

      region->tmpl = muster_region_template_parse (child, self->units, self->filename, error);
      if (region->tmpl == NULL)
        return FALSE;
    }

  g_ptr_array_add (self->skills, g_steal_pointer (&skill));

  return TRUE;
}

/* Every option value tried in turn (the others at their defaults, and
 * every combination while there are few). */
static GPtrArray *
option_combinations (const MusterDeployment *deployment)
{
  GPtrArray *combinations = g_ptr_array_new_with_free_func ((GDestroyNotify) g_hash_table_unref);
  GHashTable *first = g_hash_table_new (g_str_hash, g_str_equal);

  g_ptr_array_add (combinations, first);

  for (guint i = 0; i < deployment->options->len; i++)
    {
      const MusterOptionDef *option = g_ptr_array_index (deployment->options, i);
      guint n = combinations->len;

      for (guint j = 0; j < n; j++)
        g_hash_table_insert (g_ptr_array_index (combinations, j),
                             option->name, option->default_value);

      for (guint v = 0; option->values[v] != NULL; v++)
        {
          if (strcmp (option->values[v], option->default_value) == 0)
            continue;

          for (guint j = 0; j < n && combinations->len < MAX_OPTION_COMBINATIONS; j++)
            {
              GHashTable *copy = g_hash_table_new (g_str_hash, g_str_equal);
              GHashTableIter iter;
              gpointer key, value;

              g_hash_table_iter_init (&iter, g_ptr_array_index (combinations, j));
              while (g_hash_table_iter_next (&iter, &key, &value))
                g_hash_table_insert (copy, key, value);
              g_hash_table_insert (copy, option->name, option->values[v]);
              g_ptr_array_add (combinations, copy);
            }
        }
    }

  return combinations;
}

static gboolean zone_applies (const MusterDeployment *deployment,
                              const MusterZone       *zone,
                              GHashTable             *options,
                              gboolean                portrait);

/* Resolves every zone and skill region on every board preset for every
 * player and option, so that an unknown name, a division by zero or a
 * choice that leaves a player without a zone is found when the file is
 * read, with its line. */
static gboolean
check_resolves (MusterSystem  *self,
                GError       **error)
{
  static const char * const roles[] = { "attacker", "defender" };
  static const char * const edges[][2] = { { "west", "east" }, { "north", "south" } };

  for (guint d = 0; d < self->deployments->len; d++)
    {
      const MusterDeployment *deployment = g_ptr_array_index (self->deployments, d);
      g_autoptr(GPtrArray) combinations = option_combinations (deployment);

      /* Every preset, and every preset turned a quarter: a portrait board
       * has zones of its own. */
      for (guint b = 0; b < 2 * self->boards->len; b++)
        {
          const MusterBoardPreset *board = g_ptr_array_index (self->boards, b / 2);
          double width = b % 2 == 0 ? board->width : board->height;
          double height = b % 2 == 0 ? board->height : board->width;
          gboolean portrait = width < height;

          for (guint c = 0; c < combinations->len; c++)
            {
              MusterRegionContext context = {
                width, height, NULL, NULL,
                g_ptr_array_index (combinations, c), self->units
              };

              for (guint z = 0; z < deployment->zones->len; z++)
                {
                  const MusterZone *zone = g_ptr_array_index (deployment->zones, z);

                  if (!zone_applies (deployment, zone, context.options, portrait))
                    continue;
                  /* A zone for boards of any shape that measures from the
                   * Centre Line's north or south side (as every zone did
                   * before portrait boards had zones of their own) cannot
                   * be had on a portrait board; that is said when one is
                   * asked for, and does not stop the file loading. */
                  if (zone->board == NULL && portrait)
                    continue;

                  for (guint i = 0; i < G_N_ELEMENTS (roles) * 2; i++)
                    {
                      g_autoptr(MusterRegion) region = NULL;

                      context.role = roles[i / 2];
                      context.short_edge = edges[portrait][i % 2];
                      region = muster_region_template_resolve (zone->tmpl, &context, error);
                      if (region == NULL)
                        return FALSE;
                    }
                }

              context.role = NULL;
              context.short_edge = NULL;

              for (guint s = 0; s < self->skills->len; s++)
                {
                  const MusterSkillDef *skill = g_ptr_array_index (self->skills, s);

                  for (guint r = 0; r < skill->regions->len; r++)
                    {
                      const SkillRegion *sr = g_ptr_array_index (skill->regions, r);
                      g_autoptr(MusterRegion) region = NULL;

                      if (!id_is_taken (deployment->zones, sr->zone))
                        continue;
                      region = muster_region_template_resolve (sr->tmpl, &context, error);
                      if (region == NULL)
                        return FALSE;
                    }
                }
            }
        }
    }

  return TRUE;
}

static gboolean
read_system (MusterSystem  *self,
             xmlNode       *root,
             GError       **error)
{
  g_autofree char *units = NULL;
  g_autofree char *name = NULL;
  xmlNode *skills = NULL;

  self->line = muster_xml_get_line (root);
  self->id = require_prop (root, "id");
  name = require_prop (root, "name");
  self->name = translated (name);

  units = muster_xml_get_token (root, "units");
  if (units != NULL && !muster_unit_parse (units, &self->units))
    return invalid (self, root, error, _("Unknown units “%s” (use in, cm or mm)"), units);

  /* Deployments before skills, whose regions name their zones. */
  for (xmlNode *node = root->children; node != NULL; node = node->next)
    {
      if (muster_xml_is_element (node, "boards") && !read_boards (self, node, error))
        return FALSE;
      if (muster_xml_is_element (node, "bases") && !read_bases (self, node, error))
        return FALSE;
      if (muster_xml_is_element (node, "rules") && !read_rules (self, node, self->rules, error))
        return FALSE;
      if (muster_xml_is_element (node, "skills"))
        skills = node;
      if (muster_xml_is_element (node, "deployments"))
        {
          for (xmlNode *child = node->children; child != NULL; child = child->next)
            {
              if (muster_xml_is_element (child, "deployment") &&
                  !read_deployment (self, child, error))
                return FALSE;
            }
        }
    }

  if (skills != NULL)
    {
      for (xmlNode *child = skills->children; child != NULL; child = child->next)
        {
          if (muster_xml_is_element (child, "skill") && !read_skill (self, child, error))
            return FALSE;
        }
    }

  return TRUE;
}

/* The schema check and the resolving of every zone are for files from
 * strangers. A shipped system is compiled into Muster, follows the
 * schema and resolves (the test /core/system/shipped-follow-the-schema
 * reads each with muster_system_new_from_bytes(), which checks both), so
 * load_shipped() reads it without them: the schema was most of the work
 * of reading it, and the zones a quarter of what remained (an export
 * resolved 208 zones it did not draw). */
MusterSystem *
_muster_system_new_from_bytes (GBytes      *bytes,
                               const char  *filename,
                               gboolean     check_schema,
                               GError     **error)
{
  g_autoptr(MusterSystem) self = NULL;
  g_autoptr(xmlDoc) doc = NULL;

  doc = muster_xml_parse (bytes, filename, MUSTER_SYSTEM_ERROR, MUSTER_SYSTEM_ERROR_PARSE, error);
  if (doc == NULL)
    return NULL;

  if (check_schema &&
      !muster_xml_validate (doc, "muster-system.rng", filename,
                            MUSTER_SYSTEM_ERROR, MUSTER_SYSTEM_ERROR_SCHEMA, error))
    return NULL;

  self = g_object_new (MUSTER_TYPE_SYSTEM, NULL);
  self->filename = g_strdup (filename);
  self->bytes = g_bytes_ref (bytes);

  if (!read_system (self, xmlDocGetRootElement (doc), error))
    return NULL;

  if (check_schema && !check_resolves (self, error))
    return NULL;

  return g_steal_pointer (&self);
}

MusterSystem *
muster_system_new_from_bytes (GBytes      *bytes,
                              const char  *filename,
                              GError     **error)
{
  g_return_val_if_fail (bytes != NULL, NULL);
  g_return_val_if_fail (filename != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return _muster_system_new_from_bytes (bytes, filename, TRUE, error);
}

MusterSystem *
muster_system_new_from_file (GFile   *file,
                             GError **error)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *name = NULL;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  name = g_file_get_parse_name (file);
  /* Bounded: a device or a huge file in the systems folder cannot fill
   * the memory. */
  bytes = muster_xml_read_file (file, &local_error);
  if (bytes == NULL)
    {
      g_set_error_literal (error, MUSTER_SYSTEM_ERROR, MUSTER_SYSTEM_ERROR_PARSE,
                           local_error->message);
      if (strstr (local_error->message, name) == NULL)
        g_prefix_error (error, "%s: ", name);
      return NULL;
    }

  return muster_system_new_from_bytes (bytes, name, error);
}

/* Getters */

const char *
muster_system_get_id (MusterSystem *self)
{
  g_return_val_if_fail (MUSTER_IS_SYSTEM (self), NULL);

  return self->id;
}

const char *
muster_system_get_name (MusterSystem *self)
{
  g_return_val_if_fail (MUSTER_IS_SYSTEM (self), NULL);

  return self->name;
}

MusterUnit
muster_system_get_units (MusterSystem *self)
{
  g_return_val_if_fail (MUSTER_IS_SYSTEM (self), MUSTER_UNIT_INCH);

  return self->units;
}

GBytes *
muster_system_get_bytes (MusterSystem *self)
{
  g_return_val_if_fail (MUSTER_IS_SYSTEM (self), NULL);

  return self->bytes;
}

GPtrArray *
muster_system_get_deployments (MusterSystem *self)
{
  g_return_val_if_fail (MUSTER_IS_SYSTEM (self), NULL);

  return self->deployments;
}

const MusterDeployment *
muster_system_lookup_deployment (MusterSystem *self,
                                 const char   *deployment_id)
{
  g_return_val_if_fail (MUSTER_IS_SYSTEM (self), NULL);

  if (deployment_id == NULL)
    return NULL;

  for (guint i = 0; i < self->deployments->len; i++)
    {
      const MusterDeployment *deployment = g_ptr_array_index (self->deployments, i);

      if (strcmp (deployment->id, deployment_id) == 0)
        return deployment;
    }

  return NULL;
}

const MusterDeployment *
muster_system_get_default_deployment (MusterSystem *self)
{
  g_return_val_if_fail (MUSTER_IS_SYSTEM (self), NULL);

  /* The schema asks for at least one. */
  return self->deployments->len > 0 ? g_ptr_array_index (self->deployments, 0) : NULL;
}

GPtrArray *
muster_system_get_board_presets (MusterSystem *self)
{
  g_return_val_if_fail (MUSTER_IS_SYSTEM (self), NULL);

  return self->boards;
}

const MusterBoardPreset *
muster_system_get_default_board (MusterSystem *self)
{
  g_return_val_if_fail (MUSTER_IS_SYSTEM (self), NULL);

  for (guint i = 0; i < self->boards->len; i++)
    {
      const MusterBoardPreset *preset = g_ptr_array_index (self->boards, i);

      if (preset->is_default)
        return preset;
    }

  return NULL;
}

GPtrArray *
muster_system_get_base_presets (MusterSystem *self)
{
  g_return_val_if_fail (MUSTER_IS_SYSTEM (self), NULL);

  return self->bases;
}

GPtrArray *
muster_system_get_skills (MusterSystem *self)
{
  g_return_val_if_fail (MUSTER_IS_SYSTEM (self), NULL);

  return self->skills;
}

const MusterSkillDef *
muster_system_lookup_skill (MusterSystem *self,
                            const char   *skill_id)
{
  g_return_val_if_fail (MUSTER_IS_SYSTEM (self), NULL);

  if (skill_id == NULL)
    return NULL;

  for (guint i = 0; i < self->skills->len; i++)
    {
      const MusterSkillDef *skill = g_ptr_array_index (self->skills, i);

      if (strcmp (skill->id, skill_id) == 0)
        return skill;
    }

  return NULL;
}

static const MusterRuleDef *
find_rule (GPtrArray      *rules,
           MusterRuleCode  code)
{
  for (guint i = 0; i < rules->len; i++)
    {
      const MusterRuleDef *rule = g_ptr_array_index (rules, i);

      if (rule->code == code)
        return rule;
    }

  return NULL;
}

const MusterRuleDef *
muster_system_get_rule (MusterSystem           *self,
                        const MusterDeployment *deployment,
                        MusterRuleCode          code)
{
  const MusterRuleDef *rule = NULL;

  g_return_val_if_fail (MUSTER_IS_SYSTEM (self), NULL);
  g_return_val_if_fail (code < MUSTER_N_RULES, NULL);

  if (deployment != NULL)
    rule = find_rule (deployment->rules, code);
  if (rule == NULL)
    rule = find_rule (self->rules, code);

  return rule;
}

/* Deployments */

const char *
muster_deployment_get_option (const MusterDeployment *deployment,
                              GHashTable             *options,
                              const char             *name)
{
  const MusterOptionDef *option;
  const char *value;

  g_return_val_if_fail (deployment != NULL, NULL);
  g_return_val_if_fail (name != NULL, NULL);

  value = options != NULL ? g_hash_table_lookup (options, name) : NULL;
  option = find_option (deployment, name);
  if (option == NULL)
    return value;

  /* A value the option does not offer counts as unset here;
   * muster_system_resolve_zone() reports it. */
  if (value != NULL && g_strv_contains ((const char * const *) option->values, value))
    return value;

  return option->default_value;
}

static gboolean
zone_applies (const MusterDeployment *deployment,
              const MusterZone       *zone,
              GHashTable             *options,
              gboolean                portrait)
{
  if (zone->board != NULL && strcmp (zone->board, portrait ? "portrait" : "landscape") != 0)
    return FALSE;

  if (zone->option_name == NULL)
    return TRUE;

  return g_strcmp0 (muster_deployment_get_option (deployment, options, zone->option_name),
                    zone->option_value) == 0;
}

static GPtrArray *
list_zones (const MusterDeployment *deployment,
            GHashTable             *options,
            gboolean                portrait)
{
  GPtrArray *zones = g_ptr_array_new ();

  for (guint i = 0; i < deployment->zones->len; i++)
    {
      MusterZone *zone = g_ptr_array_index (deployment->zones, i);

      if (zone_applies (deployment, zone, options, portrait))
        g_ptr_array_add (zones, zone);
    }

  return zones;
}

static const MusterZone *
lookup_zone (const MusterDeployment *deployment,
             const char             *zone_id,
             GHashTable             *options,
             gboolean                portrait)
{
  if (zone_id == NULL)
    return NULL;

  for (guint i = 0; i < deployment->zones->len; i++)
    {
      const MusterZone *zone = g_ptr_array_index (deployment->zones, i);

      if (strcmp (zone->id, zone_id) == 0 && zone_applies (deployment, zone, options, portrait))
        return zone;
    }

  return NULL;
}

GPtrArray *
muster_deployment_list_zones (const MusterDeployment *deployment,
                              GHashTable             *options)
{
  g_return_val_if_fail (deployment != NULL, NULL);

  return list_zones (deployment, options, FALSE);
}

const MusterZone *
muster_deployment_lookup_zone (const MusterDeployment *deployment,
                               const char             *zone_id,
                               GHashTable             *options)
{
  g_return_val_if_fail (deployment != NULL, NULL);

  return lookup_zone (deployment, zone_id, options, FALSE);
}

GPtrArray *
muster_deployment_list_zones_on_board (const MusterDeployment *deployment,
                                       GHashTable             *options,
                                       double                  width,
                                       double                  height)
{
  g_return_val_if_fail (deployment != NULL, NULL);

  return list_zones (deployment, options, width < height);
}

const MusterZone *
muster_deployment_lookup_zone_on_board (const MusterDeployment *deployment,
                                        const char             *zone_id,
                                        GHashTable             *options,
                                        double                  width,
                                        double                  height)
{
  g_return_val_if_fail (deployment != NULL, NULL);

  return lookup_zone (deployment, zone_id, options, width < height);
}

/* Every option of the deployment type with its value (given or default),
 * or NULL with an error when a given value is not offered. */
static GHashTable *
complete_options (const MusterDeployment  *deployment,
                  GHashTable              *options,
                  GError                 **error)
{
  g_autoptr(GHashTable) table = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < deployment->options->len; i++)
    {
      const MusterOptionDef *option = g_ptr_array_index (deployment->options, i);
      const char *value = options != NULL ? g_hash_table_lookup (options, option->name) : NULL;

      if (value != NULL && !g_strv_contains ((const char * const *) option->values, value))
        {
          g_autofree char *list = g_strjoinv (", ", option->values);

          g_set_error (error, MUSTER_SYSTEM_ERROR, MUSTER_SYSTEM_ERROR_INVALID,
                       _("The option “%s” of “%s” cannot be “%s” (choose one of %s)"),
                       option->name, deployment->name, value, list);
          return NULL;
        }

      g_hash_table_insert (table, option->name, (gpointer) (value != NULL ? value : option->default_value));
    }

  return g_steal_pointer (&table);
}

static MusterRegion *
clip_to_board (MusterRegion *region,
               double        width,
               double        height)
{
  GPtrArray *parts = g_ptr_array_new ();

  g_ptr_array_add (parts, muster_region_new_board (width, height));
  g_ptr_array_add (parts, region);

  return muster_region_new_set (MUSTER_REGION_INTERSECTION, parts);
}

static gboolean
check_board (double   width,
             double   height,
             GError **error)
{
  if (isfinite (width) && isfinite (height) && width > 0 && height > 0)
    return TRUE;

  g_set_error (error, MUSTER_SYSTEM_ERROR, MUSTER_SYSTEM_ERROR_INVALID,
               _("The board must have a positive width and height"));

  return FALSE;
}

MusterRegion *
muster_system_resolve_zone (MusterSystem           *self,
                            const MusterDeployment *deployment,
                            const char             *zone_id,
                            double                  width,
                            double                  height,
                            GHashTable             *options,
                            const char             *role,
                            const char             *short_edge,
                            GError                **error)
{
  g_autoptr(GHashTable) values = NULL;
  MusterRegionContext context;
  const MusterZone *zone;
  MusterRegion *region;

  g_return_val_if_fail (MUSTER_IS_SYSTEM (self), NULL);
  g_return_val_if_fail (deployment != NULL, NULL);
  g_return_val_if_fail (zone_id != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!check_board (width, height, error))
    return NULL;

  if ((values = complete_options (deployment, options, error)) == NULL)
    return NULL;

  zone = lookup_zone (deployment, zone_id, values, width < height);
  if (zone == NULL)
    {
      g_autoptr(GPtrArray) zones = list_zones (deployment, values, width < height);
      g_autoptr(GString) names = g_string_new (NULL);

      for (guint i = 0; i < zones->len; i++)
        {
          const MusterZone *z = g_ptr_array_index (zones, i);

          if (names->len > 0)
            g_string_append (names, ", ");
          g_string_append (names, z->id);
        }

      g_set_error (error, MUSTER_SYSTEM_ERROR, MUSTER_SYSTEM_ERROR_UNKNOWN,
                   _("“%s” has no zone “%s” (its zones: %s)"),
                   deployment->name, zone_id, names->len > 0 ? names->str : _("none"));
      return NULL;
    }

  context.width = width;
  context.height = height;
  context.role = role;
  context.short_edge = short_edge;
  context.options = values;
  context.units = self->units;

  region = muster_region_template_resolve (zone->tmpl, &context, error);
  if (region == NULL)
    return NULL;

  return clip_to_board (region, width, height);
}

MusterRegion *
muster_system_resolve_skill_region (MusterSystem           *self,
                                    const MusterDeployment *deployment,
                                    const MusterSkillDef   *skill,
                                    const char             *zone_id,
                                    double                  width,
                                    double                  height,
                                    GHashTable             *options,
                                    GError                **error)
{
  g_autoptr(GHashTable) values = NULL;
  const SkillRegion *found = NULL;
  MusterRegionContext context;
  MusterRegion *region;

  g_return_val_if_fail (MUSTER_IS_SYSTEM (self), NULL);
  g_return_val_if_fail (deployment != NULL, NULL);
  g_return_val_if_fail (skill != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (skill->allows != MUSTER_SKILL_ALLOWS_REGION || zone_id == NULL || skill->regions == NULL)
    return NULL;

  for (guint i = 0; i < skill->regions->len; i++)
    {
      const SkillRegion *sr = g_ptr_array_index (skill->regions, i);

      if (strcmp (sr->zone, zone_id) == 0)
        found = sr;
    }

  if (found == NULL)
    return NULL;

  if (!check_board (width, height, error))
    return NULL;

  if ((values = complete_options (deployment, options, error)) == NULL)
    return NULL;

  context.width = width;
  context.height = height;
  context.role = NULL;
  context.short_edge = NULL;
  context.options = values;
  context.units = self->units;

  region = muster_region_template_resolve (found->tmpl, &context, error);
  if (region == NULL)
    return NULL;

  return clip_to_board (region, width, height);
}
