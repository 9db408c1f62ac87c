/* muster-orders.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-orders"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "muster-orders.h"
#include "muster-xml.h"

G_DEFINE_QUARK (muster-orders-error-quark, muster_orders_error)

static gboolean refuse (GError     **error,
                        int          code,
                        const char  *format,
                        ...) G_GNUC_PRINTF (3, 4);

static gboolean
refuse (GError     **error,
        int          code,
        const char  *format,
        ...)
{
  va_list args;

  va_start (args, format);
  g_propagate_error (error, g_error_new_valist (MUSTER_ORDERS_ERROR, code, format, args));
  va_end (args);

  return FALSE;
}

static const char * const skill_kind_names[] = {
  [MUSTER_SKILL_SHORT_MOVEMENT] = "short-movement",
  [MUSTER_SKILL_SHORT] = "short",
  [MUSTER_SKILL_ENTIRE_ORDER] = "entire-order",
  [MUSTER_SKILL_AUTOMATIC] = "automatic",
};

static const char * const step_kind_names[] = {
  [MUSTER_ORDER_STEP_HEADING] = "heading",
  [MUSTER_ORDER_STEP_ACTIVATION] = "activation",
  [MUSTER_ORDER_STEP_SPEND_ORDER] = "spend-order",
  [MUSTER_ORDER_STEP_FIRST_SKILL] = "first-skill",
  [MUSTER_ORDER_STEP_ARO] = "aro",
  [MUSTER_ORDER_STEP_ARO_CHECK] = "aro-check",
  [MUSTER_ORDER_STEP_ARO_DECLARATION] = "aro-declaration",
  [MUSTER_ORDER_STEP_SECOND_SKILL] = "second-skill",
  [MUSTER_ORDER_STEP_LATE_ARO] = "late-aro",
  [MUSTER_ORDER_STEP_LATE_ARO_CHECK] = "late-aro-check",
  [MUSTER_ORDER_STEP_LATE_ARO_DECLARATION] = "late-aro-declaration",
  [MUSTER_ORDER_STEP_ARO_VALIDITY] = "aro-validity",
  [MUSTER_ORDER_STEP_RESOLUTION] = "resolution",
  [MUSTER_ORDER_STEP_EFFECTS] = "effects",
  [MUSTER_ORDER_STEP_CONCLUSION] = "conclusion",
};

const char *
muster_skill_kind_to_string (MusterSkillKind kind)
{
  g_return_val_if_fail ((guint) kind < G_N_ELEMENTS (skill_kind_names), NULL);

  return skill_kind_names[kind];
}

gboolean
muster_skill_kind_from_string (const char      *text,
                               MusterSkillKind *kind)
{
  g_return_val_if_fail (kind != NULL, FALSE);

  for (guint i = 0; i < G_N_ELEMENTS (skill_kind_names); i++)
    {
      if (g_strcmp0 (text, skill_kind_names[i]) == 0)
        {
          *kind = (MusterSkillKind) i;
          return TRUE;
        }
    }

  return FALSE;
}

const char *
muster_order_step_kind_to_string (MusterOrderStepKind kind)
{
  g_return_val_if_fail ((guint) kind < G_N_ELEMENTS (step_kind_names), NULL);

  return step_kind_names[kind];
}

gboolean
muster_order_step_kind_from_string (const char          *text,
                                    MusterOrderStepKind *kind)
{
  g_return_val_if_fail (kind != NULL, FALSE);

  for (guint i = 0; i < G_N_ELEMENTS (step_kind_names); i++)
    {
      if (g_strcmp0 (text, step_kind_names[i]) == 0)
        {
          *kind = (MusterOrderStepKind) i;
          return TRUE;
        }
    }

  return FALSE;
}

/* ------------------------------------------------------------------ */
/* Skill catalogue                                                    */
/* ------------------------------------------------------------------ */

struct _MusterSkillCatalogue
{
  GObject     parent_instance;

  GPtrArray  *skills;     /* MusterOrderSkill, in the order added */
  GHashTable *by_id;      /* id → MusterOrderSkill */
};

G_DEFINE_FINAL_TYPE (MusterSkillCatalogue, muster_skill_catalogue, G_TYPE_OBJECT)

static void
order_skill_free (gpointer data)
{
  MusterOrderSkill *skill = data;

  g_free (skill->id);
  g_free (skill->name);
  g_free (skill);
}

static void
muster_skill_catalogue_finalize (GObject *object)
{
  MusterSkillCatalogue *self = (MusterSkillCatalogue *)object;

  g_clear_pointer (&self->by_id, g_hash_table_unref);
  g_clear_pointer (&self->skills, g_ptr_array_unref);

  G_OBJECT_CLASS (muster_skill_catalogue_parent_class)->finalize (object);
}

static void
muster_skill_catalogue_class_init (MusterSkillCatalogueClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = muster_skill_catalogue_finalize;
}

static void
muster_skill_catalogue_init (MusterSkillCatalogue *self)
{
  self->skills = g_ptr_array_new_with_free_func (order_skill_free);
  self->by_id = g_hash_table_new (g_str_hash, g_str_equal);
}

MusterSkillCatalogue *
muster_skill_catalogue_new (void)
{
  return g_object_new (MUSTER_TYPE_SKILL_CATALOGUE, NULL);
}

gboolean
muster_skill_catalogue_add (MusterSkillCatalogue  *self,
                            const char            *id,
                            const char            *name,
                            MusterSkillKind        kind,
                            MusterSkillUsage       usage,
                            GError               **error)
{
  MusterOrderSkill *skill;

  g_return_val_if_fail (MUSTER_IS_SKILL_CATALOGUE (self), FALSE);
  g_return_val_if_fail (id != NULL, FALSE);
  g_return_val_if_fail ((guint) kind < G_N_ELEMENTS (skill_kind_names), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (*id == '\0' || g_hash_table_contains (self->by_id, id))
    return refuse (error, MUSTER_ORDERS_ERROR_INVALID_DATA,
                   _("“%s” is not a new skill id"), id);

  if (kind == MUSTER_SKILL_AUTOMATIC && usage != MUSTER_SKILL_USAGE_NONE)
    return refuse (error, MUSTER_ORDERS_ERROR_INVALID_DATA,
                   _("“%s” is an Automatic Skill: it cannot be declared in an Order or as an ARO"),
                   id);

  skill = g_new0 (MusterOrderSkill, 1);
  skill->id = g_strdup (id);
  skill->name = g_strdup (name != NULL ? name : id);
  skill->kind = kind;
  skill->usage = usage;
  g_ptr_array_add (self->skills, skill);
  g_hash_table_insert (self->by_id, skill->id, skill);

  return TRUE;
}

const MusterOrderSkill *
muster_skill_catalogue_lookup (MusterSkillCatalogue *self,
                               const char           *id)
{
  g_return_val_if_fail (MUSTER_IS_SKILL_CATALOGUE (self), NULL);
  g_return_val_if_fail (id != NULL, NULL);

  return g_hash_table_lookup (self->by_id, id);
}

guint
muster_skill_catalogue_get_n_skills (MusterSkillCatalogue *self)
{
  g_return_val_if_fail (MUSTER_IS_SKILL_CATALOGUE (self), 0);

  return self->skills->len;
}

const MusterOrderSkill *
muster_skill_catalogue_get_skill (MusterSkillCatalogue *self,
                                  guint                 index)
{
  g_return_val_if_fail (MUSTER_IS_SKILL_CATALOGUE (self), NULL);
  g_return_val_if_fail (index < self->skills->len, NULL);

  return g_ptr_array_index (self->skills, index);
}

static const MusterOrderSkill *
lookup_or_refuse (MusterSkillCatalogue  *self,
                  const char            *id,
                  GError               **error)
{
  const MusterOrderSkill *skill = g_hash_table_lookup (self->by_id, id);

  if (skill == NULL)
    refuse (error, MUSTER_ORDERS_ERROR_UNKNOWN_SKILL,
            _("“%s” is not in the skill catalogue"), id);

  return skill;
}

static gboolean
check_declarable_in_order (const MusterOrderSkill  *skill,
                           GError                 **error)
{
  if (skill->kind == MUSTER_SKILL_AUTOMATIC)
    return refuse (error, MUSTER_ORDERS_ERROR_NOT_IN_ORDER,
                   _("%s is an Automatic Skill: it is never declared"), skill->name);

  if ((skill->usage & MUSTER_SKILL_USAGE_ORDER) == 0)
    return refuse (error, MUSTER_ORDERS_ERROR_NOT_IN_ORDER,
                   _("%s can only be declared as an ARO"), skill->name);

  return TRUE;
}

static gboolean
check_pair (const MusterOrderSkill  *first,
            const MusterOrderSkill  *second,
            GError                 **error)
{
  if (first->kind == MUSTER_SKILL_ENTIRE_ORDER || second->kind == MUSTER_SKILL_ENTIRE_ORDER)
    {
      const MusterOrderSkill *entire = first->kind == MUSTER_SKILL_ENTIRE_ORDER ? first : second;

      return refuse (error, MUSTER_ORDERS_ERROR_COMBINATION,
                     _("%s is an Entire Order Skill: it takes the whole Order and combines with "
                       "no other skill"),
                     entire->name);
    }

  if (first->kind == MUSTER_SKILL_SHORT && second->kind == MUSTER_SKILL_SHORT)
    return refuse (error, MUSTER_ORDERS_ERROR_COMBINATION,
                   _("%s and %s are both Short Skills: a Short Skill combines only with a Short "
                     "Movement Skill"),
                   first->name, second->name);

  return TRUE;
}

gboolean
muster_skill_catalogue_check_order (MusterSkillCatalogue  *self,
                                    const char            *first,
                                    const char            *second,
                                    GError               **error)
{
  const MusterOrderSkill *a;
  const MusterOrderSkill *b;

  g_return_val_if_fail (MUSTER_IS_SKILL_CATALOGUE (self), FALSE);
  g_return_val_if_fail (first != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  a = lookup_or_refuse (self, first, error);
  if (a == NULL || !check_declarable_in_order (a, error))
    return FALSE;

  if (second == NULL)
    return TRUE;

  b = lookup_or_refuse (self, second, error);
  if (b == NULL || !check_declarable_in_order (b, error))
    return FALSE;

  return check_pair (a, b, error);
}

static gboolean
check_aro_skill (const MusterOrderSkill  *skill,
                 GError                 **error)
{
  if (skill->kind == MUSTER_SKILL_AUTOMATIC)
    return refuse (error, MUSTER_ORDERS_ERROR_NOT_IN_ARO,
                   _("%s is an Automatic Skill: it is never declared"), skill->name);

  if ((skill->usage & MUSTER_SKILL_USAGE_ARO) == 0)
    return refuse (error, MUSTER_ORDERS_ERROR_NOT_IN_ARO,
                   _("%s cannot be declared as an ARO"), skill->name);

  return TRUE;
}

gboolean
muster_skill_catalogue_check_aro (MusterSkillCatalogue  *self,
                                  const char            *skill,
                                  GError               **error)
{
  const MusterOrderSkill *found;

  g_return_val_if_fail (MUSTER_IS_SKILL_CATALOGUE (self), FALSE);
  g_return_val_if_fail (skill != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  found = lookup_or_refuse (self, skill, error);

  return found != NULL && check_aro_skill (found, error);
}

/* ------------------------------------------------------------------ */
/* Rules                                                              */
/* ------------------------------------------------------------------ */

typedef struct
{
  char      *id;
  GPtrArray *steps;     /* MusterOrderStep */
} Version;

struct _MusterOrderRules
{
  GObject               parent_instance;

  MusterSkillCatalogue *catalogue;
  GPtrArray            *versions;   /* Version */
  Version              *current;
};

G_DEFINE_FINAL_TYPE (MusterOrderRules, muster_order_rules, G_TYPE_OBJECT)

static void
order_step_free (gpointer data)
{
  MusterOrderStep *step = data;

  g_free (step->number);
  g_free (step->name);
  g_free (step);
}

static void
version_free (gpointer data)
{
  Version *version = data;

  g_free (version->id);
  g_ptr_array_unref (version->steps);
  g_free (version);
}

static void
add_step (GPtrArray           *steps,
          const char          *number,
          const char          *name,
          MusterOrderStepKind  kind)
{
  MusterOrderStep *step = g_new0 (MusterOrderStep, 1);

  step->number = g_strdup (number);
  step->name = g_strdup (name);
  step->kind = kind;
  g_ptr_array_add (steps, step);
}

typedef struct
{
  const char          *number;
  const char          *name;
  MusterOrderStepKind  kind;
} BuiltinStep;

/* Seed 004, "Update 1.1.1, Dec 2021". */
static const BuiltinStep update_steps[] = {
  { "1", N_("Activation"), MUSTER_ORDER_STEP_ACTIVATION },
  { "1.1", N_("Order Expenditure"), MUSTER_ORDER_STEP_SPEND_ORDER },
  { "1.2", N_("Declaration of the First Skill"), MUSTER_ORDER_STEP_FIRST_SKILL },
  { "2", N_("Reactive Player’s AROs"), MUSTER_ORDER_STEP_HEADING },
  { "2.1", N_("ARO Check"), MUSTER_ORDER_STEP_ARO_CHECK },
  { "2.2", N_("ARO Declaration"), MUSTER_ORDER_STEP_ARO_DECLARATION },
  { "3", N_("Declaration of the Second Skill"), MUSTER_ORDER_STEP_SECOND_SKILL },
  { "4", N_("Reactive Player’s AROs"), MUSTER_ORDER_STEP_HEADING },
  { "4.1", N_("ARO Check"), MUSTER_ORDER_STEP_LATE_ARO_CHECK },
  { "4.2", N_("ARO Declaration"), MUSTER_ORDER_STEP_LATE_ARO_DECLARATION },
  { "5", N_("Resolution"), MUSTER_ORDER_STEP_RESOLUTION },
  { "5.1", N_("Effects"), MUSTER_ORDER_STEP_EFFECTS },
  { "5.2", N_("Conclusion"), MUSTER_ORDER_STEP_CONCLUSION },
};

/* Seed 004, "Original": ARO validity as its own step 5. */
static const BuiltinStep original_steps[] = {
  { "1", N_("Activation"), MUSTER_ORDER_STEP_ACTIVATION },
  { "1.1", N_("Order Expenditure"), MUSTER_ORDER_STEP_SPEND_ORDER },
  { "1.2", N_("Declaration of the First Skill"), MUSTER_ORDER_STEP_FIRST_SKILL },
  { "2", N_("Declaration of AROs"), MUSTER_ORDER_STEP_ARO },
  { "3", N_("Declaration of the Second Skill"), MUSTER_ORDER_STEP_SECOND_SKILL },
  { "4", N_("Declaration of AROs"), MUSTER_ORDER_STEP_LATE_ARO },
  { "5", N_("ARO Check"), MUSTER_ORDER_STEP_ARO_VALIDITY },
  { "6", N_("Resolution"), MUSTER_ORDER_STEP_RESOLUTION },
  { "6.1", N_("Effects"), MUSTER_ORDER_STEP_EFFECTS },
  { "6.2", N_("Conclusion"), MUSTER_ORDER_STEP_CONCLUSION },
};

static Version *
builtin_version (const char *id)
{
  const BuiltinStep *table;
  guint n;
  Version *version;

  if (g_strcmp0 (id, MUSTER_ORDERS_VERSION_UPDATE) == 0)
    {
      table = update_steps;
      n = G_N_ELEMENTS (update_steps);
    }
  else if (g_strcmp0 (id, MUSTER_ORDERS_VERSION_ORIGINAL) == 0)
    {
      table = original_steps;
      n = G_N_ELEMENTS (original_steps);
    }
  else
    {
      return NULL;
    }

  version = g_new0 (Version, 1);
  version->id = g_strdup (id);
  version->steps = g_ptr_array_new_with_free_func (order_step_free);
  for (guint i = 0; i < n; i++)
    add_step (version->steps, table[i].number, _(table[i].name), table[i].kind);

  return version;
}

static gboolean
take_kind (const MusterOrderStepKind *kinds,
           guint                      n,
           guint                     *i,
           MusterOrderStepKind        kind)
{
  if (*i < n && kinds[*i] == kind)
    {
      (*i)++;
      return TRUE;
    }

  return FALSE;
}

/* The grammar of muster-orders.h over the steps that are not headings. */
static gboolean
steps_are_valid (GPtrArray *steps)
{
  g_autofree MusterOrderStepKind *kinds = g_new0 (MusterOrderStepKind, steps->len + 1);
  guint n = 0;
  guint i = 0;

  for (guint s = 0; s < steps->len; s++)
    {
      const MusterOrderStep *step = g_ptr_array_index (steps, s);

      if (step->kind != MUSTER_ORDER_STEP_HEADING)
        kinds[n++] = step->kind;
    }

  if (!take_kind (kinds, n, &i, MUSTER_ORDER_STEP_ACTIVATION) ||
      !take_kind (kinds, n, &i, MUSTER_ORDER_STEP_SPEND_ORDER) ||
      !take_kind (kinds, n, &i, MUSTER_ORDER_STEP_FIRST_SKILL))
    return FALSE;

  if (!take_kind (kinds, n, &i, MUSTER_ORDER_STEP_ARO) &&
      !(take_kind (kinds, n, &i, MUSTER_ORDER_STEP_ARO_CHECK) &&
        take_kind (kinds, n, &i, MUSTER_ORDER_STEP_ARO_DECLARATION)))
    return FALSE;

  if (!take_kind (kinds, n, &i, MUSTER_ORDER_STEP_SECOND_SKILL))
    return FALSE;

  if (!take_kind (kinds, n, &i, MUSTER_ORDER_STEP_LATE_ARO) &&
      !(take_kind (kinds, n, &i, MUSTER_ORDER_STEP_LATE_ARO_CHECK) &&
        take_kind (kinds, n, &i, MUSTER_ORDER_STEP_LATE_ARO_DECLARATION)))
    return FALSE;

  take_kind (kinds, n, &i, MUSTER_ORDER_STEP_ARO_VALIDITY);

  return take_kind (kinds, n, &i, MUSTER_ORDER_STEP_RESOLUTION) &&
         take_kind (kinds, n, &i, MUSTER_ORDER_STEP_EFFECTS) &&
         take_kind (kinds, n, &i, MUSTER_ORDER_STEP_CONCLUSION) &&
         i == n;
}

static void
muster_order_rules_finalize (GObject *object)
{
  MusterOrderRules *self = (MusterOrderRules *)object;

  g_clear_object (&self->catalogue);
  g_clear_pointer (&self->versions, g_ptr_array_unref);

  G_OBJECT_CLASS (muster_order_rules_parent_class)->finalize (object);
}

static void
muster_order_rules_class_init (MusterOrderRulesClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = muster_order_rules_finalize;
}

static void
muster_order_rules_init (MusterOrderRules *self)
{
  self->versions = g_ptr_array_new_with_free_func (version_free);
}

static Version *
lookup_version (MusterOrderRules *self,
                const char       *id)
{
  for (guint i = 0; i < self->versions->len; i++)
    {
      Version *version = g_ptr_array_index (self->versions, i);

      if (g_strcmp0 (version->id, id) == 0)
        return version;
    }

  return NULL;
}

/* Adds the built-in versions that the data did not define. */
static void
add_builtin_versions (MusterOrderRules *self)
{
  static const char * const ids[] = { MUSTER_ORDERS_VERSION_UPDATE, MUSTER_ORDERS_VERSION_ORIGINAL };

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    if (lookup_version (self, ids[i]) == NULL)
      g_ptr_array_add (self->versions, builtin_version (ids[i]));
}

MusterOrderRules *
muster_order_rules_new (MusterSkillCatalogue  *catalogue,
                        const char            *version,
                        GError               **error)
{
  g_autoptr(MusterOrderRules) self = NULL;

  g_return_val_if_fail (MUSTER_IS_SKILL_CATALOGUE (catalogue), NULL);
  g_return_val_if_fail (version != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self = g_object_new (MUSTER_TYPE_ORDER_RULES, NULL);
  self->catalogue = g_object_ref (catalogue);
  add_builtin_versions (self);

  if (!muster_order_rules_set_version (self, version, error))
    return NULL;

  return g_steal_pointer (&self);
}

#define data_error(error, filename, node, ...) \
  muster_xml_set_error ((error), MUSTER_ORDERS_ERROR, MUSTER_ORDERS_ERROR_INVALID_DATA, \
                        (filename), (node), __VA_ARGS__)

/* A section of the game-system file: a child of the root (or the root
 * itself, for a file that holds only that section). */
static xmlNode *
find_section (xmlNode    *root,
              const char *name)
{
  return muster_xml_is_element (root, name) ? root : muster_xml_find_child (root, name);
}

/* "yes"/"no", or fallback when the attribute is absent. */
static gboolean
read_yes_no (xmlNode     *node,
             const char  *attribute,
             gboolean     fallback,
             gboolean    *value,
             const char  *filename,
             GError     **error)
{
  g_autofree char *text = muster_xml_get_prop (node, attribute);

  if (text == NULL)
    *value = fallback;
  else if (g_str_equal (text, "yes"))
    *value = TRUE;
  else if (g_str_equal (text, "no"))
    *value = FALSE;
  else
    return data_error (error, filename, node, _("%s=\"%s\" is neither “yes” nor “no”"),
                       attribute, text);

  return TRUE;
}

static gboolean
parse_catalogue (MusterSkillCatalogue  *catalogue,
                 xmlNode               *element,
                 const char            *filename,
                 GError               **error)
{
  for (xmlNode *node = element->children; node != NULL; node = node->next)
    {
      g_autofree char *id = NULL;
      g_autofree char *name = NULL;
      g_autofree char *kind_text = NULL;
      g_autoptr(GError) local_error = NULL;
      MusterSkillKind kind;
      MusterSkillUsage usage = MUSTER_SKILL_USAGE_NONE;
      gboolean aro = FALSE, active = FALSE;

      if (node->type != XML_ELEMENT_NODE)
        continue;

      if (!muster_xml_is_element (node, "skill"))
        return data_error (error, filename, node, _("<%s> does not belong in <skill-catalogue>"),
                           (const char *) node->name);

      id = muster_xml_get_prop (node, "id");
      name = muster_xml_get_prop (node, "name");
      kind_text = muster_xml_get_prop (node, "kind");

      if (id == NULL || *id == '\0')
        return data_error (error, filename, node, _("a <skill> has no id"));

      if (!muster_skill_kind_from_string (kind_text, &kind))
        return data_error (error, filename, node,
                           _("skill “%s” has kind “%s”; the kinds are short-movement, short, "
                             "entire-order and automatic"),
                           id, kind_text != NULL ? kind_text : "");

      if (!read_yes_no (node, "aro", FALSE, &aro, filename, error) ||
          !read_yes_no (node, "active", kind != MUSTER_SKILL_AUTOMATIC, &active, filename, error))
        return FALSE;

      if (active)
        usage |= MUSTER_SKILL_USAGE_ORDER;
      if (aro)
        usage |= MUSTER_SKILL_USAGE_ARO;

      if (!muster_skill_catalogue_add (catalogue, id, name, kind, usage, &local_error))
        return data_error (error, filename, node, "%s", local_error->message);
    }

  if (catalogue->skills->len == 0)
    return data_error (error, filename, element, _("the skill catalogue is empty"));

  return TRUE;
}

static gboolean
parse_sequence (MusterOrderRules  *self,
                xmlNode           *element,
                const char        *filename,
                GError           **error)
{
  g_autofree char *id = muster_xml_get_prop (element, "version");
  g_autoptr(GPtrArray) steps = g_ptr_array_new_with_free_func (order_step_free);
  Version *version;

  if (id == NULL || *id == '\0')
    return data_error (error, filename, element, _("a <sequence> has no version"));

  if (lookup_version (self, id) != NULL)
    return data_error (error, filename, element, _("sequence “%s” is defined twice"), id);

  for (xmlNode *node = element->children; node != NULL; node = node->next)
    {
      g_autofree char *number = NULL;
      g_autofree char *name = NULL;
      g_autofree char *kind_text = NULL;
      MusterOrderStepKind kind;

      if (node->type != XML_ELEMENT_NODE)
        continue;

      if (!muster_xml_is_element (node, "step"))
        return data_error (error, filename, node, _("<%s> does not belong in <sequence>"),
                           (const char *) node->name);

      number = muster_xml_get_prop (node, "number");
      name = muster_xml_get_prop (node, "name");
      kind_text = muster_xml_get_prop (node, "kind");

      if (number == NULL || *number == '\0')
        return data_error (error, filename, node, _("a <step> has no number"));

      if (!muster_order_step_kind_from_string (kind_text, &kind))
        return data_error (error, filename, node, _("step %s has an unknown kind “%s”"),
                           number, kind_text != NULL ? kind_text : "");

      add_step (steps, number, name != NULL ? name : kind_text, kind);
    }

  if (!steps_are_valid (steps))
    return data_error (error, filename, element,
                       _("the steps of sequence “%s” are not activation, spend-order, "
                         "first-skill, aro (or aro-check, aro-declaration), second-skill, "
                         "late-aro (or late-aro-check, late-aro-declaration), an optional "
                         "aro-validity, resolution, effects, conclusion"),
                       id);

  version = g_new0 (Version, 1);
  version->id = g_steal_pointer (&id);
  version->steps = g_steal_pointer (&steps);
  g_ptr_array_add (self->versions, version);

  return TRUE;
}

MusterOrderRules *
muster_order_rules_new_from_bytes (GBytes      *system_file,
                                   const char  *filename,
                                   GError     **error)
{
  g_autoptr(MusterOrderRules) self = NULL;
  g_autoptr(xmlDoc) doc = NULL;
  g_autofree char *version = NULL;
  xmlNode *root;
  xmlNode *catalogue;
  xmlNode *orders;

  g_return_val_if_fail (system_file != NULL, NULL);
  g_return_val_if_fail (filename != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  doc = muster_xml_parse (system_file, filename, MUSTER_ORDERS_ERROR, MUSTER_ORDERS_ERROR_PARSE, error);
  if (doc == NULL)
    return NULL;

  root = xmlDocGetRootElement (doc);
  catalogue = find_section (root, "skill-catalogue");
  orders = find_section (root, "orders");

  if (catalogue == NULL || orders == NULL)
    {
      g_set_error (error, MUSTER_ORDERS_ERROR, MUSTER_ORDERS_ERROR_MISSING,
                   _("%s: the game system has no %s"), filename,
                   catalogue == NULL ? "<skill-catalogue>" : "<orders>");
      return NULL;
    }

  self = g_object_new (MUSTER_TYPE_ORDER_RULES, NULL);
  self->catalogue = muster_skill_catalogue_new ();

  if (!parse_catalogue (self->catalogue, catalogue, filename, error))
    return NULL;

  for (xmlNode *node = orders->children; node != NULL; node = node->next)
    {
      if (node->type != XML_ELEMENT_NODE)
        continue;

      if (!muster_xml_is_element (node, "sequence"))
        {
          data_error (error, filename, node, _("<%s> does not belong in <orders>"),
                      (const char *) node->name);
          return NULL;
        }

      if (!parse_sequence (self, node, filename, error))
        return NULL;
    }

  add_builtin_versions (self);

  version = muster_xml_get_prop (orders, "version");
  if (version == NULL || lookup_version (self, version) == NULL)
    {
      data_error (error, filename, orders,
                  _("<orders version=\"%s\"> names no known sequence"),
                  version != NULL ? version : "");
      return NULL;
    }

  self->current = lookup_version (self, version);

  return g_steal_pointer (&self);
}

MusterSkillCatalogue *
muster_order_rules_get_catalogue (MusterOrderRules *self)
{
  g_return_val_if_fail (MUSTER_IS_ORDER_RULES (self), NULL);

  return self->catalogue;
}

const char *
muster_order_rules_get_version (MusterOrderRules *self)
{
  g_return_val_if_fail (MUSTER_IS_ORDER_RULES (self), NULL);

  return self->current->id;
}

gboolean
muster_order_rules_set_version (MusterOrderRules  *self,
                                const char        *version,
                                GError           **error)
{
  Version *found;

  g_return_val_if_fail (MUSTER_IS_ORDER_RULES (self), FALSE);
  g_return_val_if_fail (version != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  found = lookup_version (self, version);
  if (found == NULL)
    return refuse (error, MUSTER_ORDERS_ERROR_INVALID,
                   _("“%s” is not a known version of the Order Expenditure Sequence"), version);

  self->current = found;

  return TRUE;
}

char **
muster_order_rules_list_versions (MusterOrderRules *self)
{
  g_autoptr(GStrvBuilder) builder = NULL;

  g_return_val_if_fail (MUSTER_IS_ORDER_RULES (self), NULL);

  builder = g_strv_builder_new ();
  for (guint i = 0; i < self->versions->len; i++)
    g_strv_builder_add (builder, ((Version *) g_ptr_array_index (self->versions, i))->id);

  return g_strv_builder_end (builder);
}

guint
muster_order_rules_get_n_steps (MusterOrderRules *self)
{
  g_return_val_if_fail (MUSTER_IS_ORDER_RULES (self), 0);

  return self->current->steps->len;
}

const MusterOrderStep *
muster_order_rules_get_step (MusterOrderRules *self,
                             guint             index)
{
  g_return_val_if_fail (MUSTER_IS_ORDER_RULES (self), NULL);
  g_return_val_if_fail (index < self->current->steps->len, NULL);

  return g_ptr_array_index (self->current->steps, index);
}

/* ------------------------------------------------------------------ */
/* A Player Turn                                                      */
/* ------------------------------------------------------------------ */

typedef struct
{
  char                   *trooper;
  const MusterOrderSkill *skill;
  MusterAroCheck          check;
  gboolean                idle;
} Aro;

struct _MusterOrderSequence
{
  GObject                 parent_instance;

  MusterOrderRules       *rules;
  MusterDice             *dice;
  char                   *active_player;
  char                   *reactive_player;
  GPtrArray              *steps;            /* the version's MusterOrderStep, headings included */
  guint                   current;          /* index into steps, never a heading */
  gboolean                finished;
  guint                   n_orders_left;
  guint                   order_number;

  char                  **roster;
  MusterAroEligibleFunc   eligible_func;
  gpointer                eligible_data;
  GDestroyNotify          eligible_destroy;

  /* The Order under way */
  char                   *trooper;
  const MusterOrderSkill *skills[2];
  gboolean                idle[2];
  GHashTable             *eligible[2];      /* MusterAroCheck → set of trooper ids */
  GHashTable             *aros;             /* trooper id → Aro */
  GHashTable             *lost;             /* set of trooper ids */
};

enum {
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (MusterOrderSequence, muster_order_sequence, G_TYPE_OBJECT)

static void
aro_free (gpointer data)
{
  Aro *aro = data;

  g_free (aro->trooper);
  g_free (aro);
}

static void
muster_order_sequence_finalize (GObject *object)
{
  MusterOrderSequence *self = (MusterOrderSequence *)object;

  if (self->eligible_destroy != NULL)
    self->eligible_destroy (self->eligible_data);

  g_clear_object (&self->rules);
  g_clear_object (&self->dice);
  g_clear_pointer (&self->active_player, g_free);
  g_clear_pointer (&self->reactive_player, g_free);
  g_clear_pointer (&self->steps, g_ptr_array_unref);
  g_clear_pointer (&self->roster, g_strfreev);
  g_clear_pointer (&self->trooper, g_free);
  g_clear_pointer (&self->eligible[0], g_hash_table_unref);
  g_clear_pointer (&self->eligible[1], g_hash_table_unref);
  g_clear_pointer (&self->aros, g_hash_table_unref);
  g_clear_pointer (&self->lost, g_hash_table_unref);

  G_OBJECT_CLASS (muster_order_sequence_parent_class)->finalize (object);
}

static void
muster_order_sequence_class_init (MusterOrderSequenceClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = muster_order_sequence_finalize;

  /**
   * MusterOrderSequence::changed:
   *
   * Emitted after every accepted action.
   */
  signals[CHANGED] =
    g_signal_new ("changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void
muster_order_sequence_init (MusterOrderSequence *self)
{
  self->eligible[0] = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->eligible[1] = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->aros = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, aro_free);
  self->lost = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}

static const MusterOrderStep *
step_at (MusterOrderSequence *self,
         guint                index)
{
  return g_ptr_array_index (self->steps, index);
}

static MusterOrderStepKind
current_kind (MusterOrderSequence *self)
{
  return step_at (self, self->current)->kind;
}

/* Whether kind belongs to an ARO check, and which. */
static gboolean
aro_check_of (MusterOrderStepKind  kind,
              MusterAroCheck      *check)
{
  switch (kind)
    {
    case MUSTER_ORDER_STEP_ARO:
    case MUSTER_ORDER_STEP_ARO_CHECK:
    case MUSTER_ORDER_STEP_ARO_DECLARATION:
      *check = MUSTER_ARO_CHECK_FIRST;
      return TRUE;

    case MUSTER_ORDER_STEP_LATE_ARO:
    case MUSTER_ORDER_STEP_LATE_ARO_CHECK:
    case MUSTER_ORDER_STEP_LATE_ARO_DECLARATION:
      *check = MUSTER_ARO_CHECK_SECOND;
      return TRUE;

    case MUSTER_ORDER_STEP_HEADING:
    case MUSTER_ORDER_STEP_ACTIVATION:
    case MUSTER_ORDER_STEP_SPEND_ORDER:
    case MUSTER_ORDER_STEP_FIRST_SKILL:
    case MUSTER_ORDER_STEP_SECOND_SKILL:
    case MUSTER_ORDER_STEP_ARO_VALIDITY:
    case MUSTER_ORDER_STEP_RESOLUTION:
    case MUSTER_ORDER_STEP_EFFECTS:
    case MUSTER_ORDER_STEP_CONCLUSION:
    default:
      return FALSE;
    }
}

static gboolean
is_declaration_step (MusterOrderStepKind kind)
{
  return kind == MUSTER_ORDER_STEP_ARO ||
         kind == MUSTER_ORDER_STEP_ARO_DECLARATION ||
         kind == MUSTER_ORDER_STEP_LATE_ARO ||
         kind == MUSTER_ORDER_STEP_LATE_ARO_DECLARATION;
}

static gboolean
is_check_step (MusterOrderStepKind kind)
{
  return kind == MUSTER_ORDER_STEP_ARO ||
         kind == MUSTER_ORDER_STEP_ARO_CHECK ||
         kind == MUSTER_ORDER_STEP_LATE_ARO ||
         kind == MUSTER_ORDER_STEP_LATE_ARO_CHECK;
}

/* Steps that only follow a second skill: skipped after an Entire Order. */
static gboolean
follows_second_skill (MusterOrderStepKind kind)
{
  MusterAroCheck check;

  return kind == MUSTER_ORDER_STEP_SECOND_SKILL ||
         (aro_check_of (kind, &check) && check == MUSTER_ARO_CHECK_SECOND);
}

static void
compute_eligible (MusterOrderSequence *self,
                  MusterAroCheck       check)
{
  g_hash_table_remove_all (self->eligible[check]);

  if (self->eligible_func == NULL || self->roster == NULL)
    return;

  for (guint i = 0; self->roster[i] != NULL; i++)
    if (self->eligible_func (self, self->roster[i], check, self->eligible_data))
      g_hash_table_add (self->eligible[check], g_strdup (self->roster[i]));
}

static void
reset_order (MusterOrderSequence *self)
{
  g_clear_pointer (&self->trooper, g_free);
  self->skills[0] = self->skills[1] = NULL;
  self->idle[0] = self->idle[1] = FALSE;
  g_hash_table_remove_all (self->eligible[0]);
  g_hash_table_remove_all (self->eligible[1]);
  g_hash_table_remove_all (self->aros);
  g_hash_table_remove_all (self->lost);
}

/* Makes index (or the first step after it that applies) current, and does
 * what entering it does. */
static void
enter_step (MusterOrderSequence *self,
            guint                index)
{
  for (; index < self->steps->len; index++)
    {
      MusterOrderStepKind kind = step_at (self, index)->kind;
      MusterAroCheck check;

      if (kind == MUSTER_ORDER_STEP_HEADING)
        continue;

      if (follows_second_skill (kind) &&
          self->skills[0] != NULL && self->skills[0]->kind == MUSTER_SKILL_ENTIRE_ORDER)
        continue;

      self->current = index;

      if (is_check_step (kind) && aro_check_of (kind, &check))
        compute_eligible (self, check);

      return;
    }

  g_assert_not_reached ();
}

MusterOrderSequence *
muster_order_sequence_new (MusterOrderRules *rules,
                           MusterDice       *dice,
                           const char       *active_player,
                           const char       *reactive_player,
                           guint             n_orders)
{
  MusterOrderSequence *self;

  g_return_val_if_fail (MUSTER_IS_ORDER_RULES (rules), NULL);
  g_return_val_if_fail (MUSTER_IS_DICE (dice), NULL);
  g_return_val_if_fail (active_player != NULL, NULL);
  g_return_val_if_fail (reactive_player != NULL, NULL);

  self = g_object_new (MUSTER_TYPE_ORDER_SEQUENCE, NULL);
  self->rules = g_object_ref (rules);
  self->dice = g_object_ref (dice);
  self->active_player = g_strdup (active_player);
  self->reactive_player = g_strdup (reactive_player);
  self->steps = g_ptr_array_ref (rules->current->steps);
  self->n_orders_left = n_orders;
  self->finished = n_orders == 0;
  enter_step (self, 0);

  return self;
}

void
muster_order_sequence_set_reactive_troopers (MusterOrderSequence *self,
                                             const char * const  *trooper_ids)
{
  g_return_if_fail (MUSTER_IS_ORDER_SEQUENCE (self));

  g_strfreev (self->roster);
  self->roster = g_strdupv ((char **) trooper_ids);
}

void
muster_order_sequence_set_aro_eligible_func (MusterOrderSequence   *self,
                                             MusterAroEligibleFunc  func,
                                             gpointer               user_data,
                                             GDestroyNotify         destroy)
{
  g_return_if_fail (MUSTER_IS_ORDER_SEQUENCE (self));

  if (self->eligible_destroy != NULL)
    self->eligible_destroy (self->eligible_data);

  self->eligible_func = func;
  self->eligible_data = user_data;
  self->eligible_destroy = destroy;
}

static void
emit_changed (MusterOrderSequence *self)
{
  g_signal_emit (self, signals[CHANGED], 0);
}

static gboolean
expect_running (MusterOrderSequence  *self,
                GError              **error)
{
  if (!self->finished)
    return TRUE;

  return refuse (error, MUSTER_ORDERS_ERROR_WRONG_STEP,
                 _("The Player Turn of %s is over"), self->active_player);
}

static gboolean
wrong_step (MusterOrderSequence  *self,
            const char           *what,
            GError              **error)
{
  const MusterOrderStep *step = step_at (self, self->current);

  return refuse (error, MUSTER_ORDERS_ERROR_WRONG_STEP,
                 _("Not at step %s (%s): %s"), step->number, step->name, what);
}

static gboolean
in_roster (MusterOrderSequence *self,
           const char          *trooper_id)
{
  return self->roster == NULL || g_strv_contains ((const char * const *) self->roster, trooper_id);
}

gboolean
muster_order_sequence_set_eligible (MusterOrderSequence  *self,
                                    const char * const   *trooper_ids,
                                    GError              **error)
{
  GHashTableIter iter;
  gpointer value;
  MusterAroCheck check;

  g_return_val_if_fail (MUSTER_IS_ORDER_SEQUENCE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!expect_running (self, error))
    return FALSE;

  if (!aro_check_of (current_kind (self), &check))
    return wrong_step (self, _("eligibility for AROs is set during an ARO check"), error);

  g_hash_table_iter_init (&iter, self->aros);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    if (((Aro *) value)->check == check)
      return wrong_step (self, _("AROs of this check are already declared"), error);

  for (guint i = 0; trooper_ids != NULL && trooper_ids[i] != NULL; i++)
    if (!in_roster (self, trooper_ids[i]))
      return refuse (error, MUSTER_ORDERS_ERROR_INVALID,
                     _("“%s” is not a trooper of %s"), trooper_ids[i], self->reactive_player);

  g_hash_table_remove_all (self->eligible[check]);
  for (guint i = 0; trooper_ids != NULL && trooper_ids[i] != NULL; i++)
    g_hash_table_add (self->eligible[check], g_strdup (trooper_ids[i]));

  emit_changed (self);

  return TRUE;
}

const MusterOrderStep *
muster_order_sequence_get_step (MusterOrderSequence *self)
{
  g_return_val_if_fail (MUSTER_IS_ORDER_SEQUENCE (self), NULL);

  if (self->finished)
    return NULL;

  return step_at (self, self->current);
}

MusterOrderSide
muster_order_sequence_get_acting_side (MusterOrderSequence *self)
{
  MusterAroCheck check;

  g_return_val_if_fail (MUSTER_IS_ORDER_SEQUENCE (self), MUSTER_ORDER_SIDE_NONE);

  if (self->finished)
    return MUSTER_ORDER_SIDE_NONE;

  switch (current_kind (self))
    {
    case MUSTER_ORDER_STEP_ACTIVATION:
    case MUSTER_ORDER_STEP_SPEND_ORDER:
    case MUSTER_ORDER_STEP_FIRST_SKILL:
    case MUSTER_ORDER_STEP_SECOND_SKILL:
      return MUSTER_ORDER_SIDE_ACTIVE;

    case MUSTER_ORDER_STEP_ARO_VALIDITY:
    case MUSTER_ORDER_STEP_RESOLUTION:
    case MUSTER_ORDER_STEP_EFFECTS:
    case MUSTER_ORDER_STEP_CONCLUSION:
      return MUSTER_ORDER_SIDE_BOTH;

    case MUSTER_ORDER_STEP_HEADING:
    case MUSTER_ORDER_STEP_ARO:
    case MUSTER_ORDER_STEP_ARO_CHECK:
    case MUSTER_ORDER_STEP_ARO_DECLARATION:
    case MUSTER_ORDER_STEP_LATE_ARO:
    case MUSTER_ORDER_STEP_LATE_ARO_CHECK:
    case MUSTER_ORDER_STEP_LATE_ARO_DECLARATION:
    default:
      return aro_check_of (current_kind (self), &check) ? MUSTER_ORDER_SIDE_REACTIVE
                                                       : MUSTER_ORDER_SIDE_NONE;
    }
}

gboolean
muster_order_sequence_is_finished (MusterOrderSequence *self)
{
  g_return_val_if_fail (MUSTER_IS_ORDER_SEQUENCE (self), TRUE);

  return self->finished;
}

guint
muster_order_sequence_get_n_orders_left (MusterOrderSequence *self)
{
  g_return_val_if_fail (MUSTER_IS_ORDER_SEQUENCE (self), 0);

  return self->n_orders_left;
}

guint
muster_order_sequence_get_order_number (MusterOrderSequence *self)
{
  g_return_val_if_fail (MUSTER_IS_ORDER_SEQUENCE (self), 0);

  return self->order_number;
}

gboolean
muster_order_sequence_activate (MusterOrderSequence  *self,
                                const char           *trooper_id,
                                GError              **error)
{
  g_return_val_if_fail (MUSTER_IS_ORDER_SEQUENCE (self), FALSE);
  g_return_val_if_fail (trooper_id != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!expect_running (self, error))
    return FALSE;

  if (current_kind (self) != MUSTER_ORDER_STEP_ACTIVATION)
    return wrong_step (self, _("a trooper is activated at the start of an Order"), error);

  if (self->n_orders_left == 0)
    return refuse (error, MUSTER_ORDERS_ERROR_NO_ORDERS,
                   _("%s has no Orders left"), self->active_player);

  if (*trooper_id == '\0' ||
      (self->roster != NULL && g_strv_contains ((const char * const *) self->roster, trooper_id)))
    return refuse (error, MUSTER_ORDERS_ERROR_INVALID,
                   _("“%s” is not a trooper of %s"), trooper_id, self->active_player);

  g_free (self->trooper);
  self->trooper = g_strdup (trooper_id);
  emit_changed (self);

  return TRUE;
}

gboolean
muster_order_sequence_declare_skill (MusterOrderSequence  *self,
                                     const char           *skill_id,
                                     GError              **error)
{
  MusterSkillCatalogue *catalogue;
  guint slot;

  g_return_val_if_fail (MUSTER_IS_ORDER_SEQUENCE (self), FALSE);
  g_return_val_if_fail (skill_id != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!expect_running (self, error))
    return FALSE;

  catalogue = self->rules->catalogue;

  switch (current_kind (self))
    {
    case MUSTER_ORDER_STEP_FIRST_SKILL:
      if (!muster_skill_catalogue_check_order (catalogue, skill_id, NULL, error))
        return FALSE;
      slot = 0;
      break;

    case MUSTER_ORDER_STEP_SECOND_SKILL:
      if (!muster_skill_catalogue_check_order (catalogue, self->skills[0]->id, skill_id, error))
        return FALSE;
      slot = 1;
      break;

    case MUSTER_ORDER_STEP_HEADING:
    case MUSTER_ORDER_STEP_ACTIVATION:
    case MUSTER_ORDER_STEP_SPEND_ORDER:
    case MUSTER_ORDER_STEP_ARO:
    case MUSTER_ORDER_STEP_ARO_CHECK:
    case MUSTER_ORDER_STEP_ARO_DECLARATION:
    case MUSTER_ORDER_STEP_LATE_ARO:
    case MUSTER_ORDER_STEP_LATE_ARO_CHECK:
    case MUSTER_ORDER_STEP_LATE_ARO_DECLARATION:
    case MUSTER_ORDER_STEP_ARO_VALIDITY:
    case MUSTER_ORDER_STEP_RESOLUTION:
    case MUSTER_ORDER_STEP_EFFECTS:
    case MUSTER_ORDER_STEP_CONCLUSION:
    default:
      return wrong_step (self, _("skills are declared at the first and second skill steps"), error);
    }

  self->skills[slot] = muster_skill_catalogue_lookup (catalogue, skill_id);
  emit_changed (self);

  return TRUE;
}

gboolean
muster_order_sequence_declare_aro (MusterOrderSequence  *self,
                                   const char           *trooper_id,
                                   const char           *skill_id,
                                   GError              **error)
{
  MusterOrderStepKind kind;
  MusterAroCheck check;
  const MusterOrderSkill *skill;
  Aro *aro;

  g_return_val_if_fail (MUSTER_IS_ORDER_SEQUENCE (self), FALSE);
  g_return_val_if_fail (trooper_id != NULL, FALSE);
  g_return_val_if_fail (skill_id != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!expect_running (self, error))
    return FALSE;

  kind = current_kind (self);
  if (!is_declaration_step (kind) || !aro_check_of (kind, &check))
    return wrong_step (self, _("AROs are declared right after the first skill or Entire Order "
                               "and, by troopers that only then become eligible, after the "
                               "second skill"),
                       error);

  if (!in_roster (self, trooper_id))
    return refuse (error, MUSTER_ORDERS_ERROR_INVALID,
                   _("“%s” is not a trooper of %s"), trooper_id, self->reactive_player);

  if (g_hash_table_contains (self->aros, trooper_id))
    return refuse (error, MUSTER_ORDERS_ERROR_ALREADY_REACTED,
                   _("%s has already declared its ARO against this Order: each trooper gets one"),
                   trooper_id);

  if (check == MUSTER_ARO_CHECK_SECOND && g_hash_table_contains (self->eligible[0], trooper_id))
    return refuse (error, MUSTER_ORDERS_ERROR_ARO_LOST,
                   _("%s could react after the first skill and did not: its ARO against this "
                     "Order is lost"),
                   trooper_id);

  if (!g_hash_table_contains (self->eligible[check], trooper_id))
    return refuse (error, MUSTER_ORDERS_ERROR_NOT_ELIGIBLE,
                   _("%s has neither Line of Fire nor Zone of Control to the active trooper "
                     "and cannot react now"),
                   trooper_id);

  skill = lookup_or_refuse (self->rules->catalogue, skill_id, error);
  if (skill == NULL || !check_aro_skill (skill, error))
    return FALSE;

  aro = g_new0 (Aro, 1);
  aro->trooper = g_strdup (trooper_id);
  aro->skill = skill;
  aro->check = check;
  g_hash_table_insert (self->aros, aro->trooper, aro);
  emit_changed (self);

  return TRUE;
}

gboolean
muster_order_sequence_idle_aro (MusterOrderSequence  *self,
                                const char           *trooper_id,
                                GError              **error)
{
  MusterOrderStepKind kind;
  Aro *aro;

  g_return_val_if_fail (MUSTER_IS_ORDER_SEQUENCE (self), FALSE);
  g_return_val_if_fail (trooper_id != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!expect_running (self, error))
    return FALSE;

  kind = current_kind (self);
  if (kind != MUSTER_ORDER_STEP_ARO_VALIDITY && kind != MUSTER_ORDER_STEP_RESOLUTION)
    return wrong_step (self, _("an ARO becomes Idle when it is checked or resolved"), error);

  aro = g_hash_table_lookup (self->aros, trooper_id);
  if (aro == NULL)
    return refuse (error, MUSTER_ORDERS_ERROR_INVALID,
                   _("%s declared no ARO against this Order"), trooper_id);

  aro->idle = TRUE;
  emit_changed (self);

  return TRUE;
}

gboolean
muster_order_sequence_idle_skill (MusterOrderSequence  *self,
                                  guint                 slot,
                                  GError              **error)
{
  g_return_val_if_fail (MUSTER_IS_ORDER_SEQUENCE (self), FALSE);
  g_return_val_if_fail (slot < 2, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!expect_running (self, error))
    return FALSE;

  if (current_kind (self) != MUSTER_ORDER_STEP_RESOLUTION)
    return wrong_step (self, _("a skill whose requirements fail becomes Idle at the Resolution"),
                       error);

  if (self->skills[slot] == NULL)
    return refuse (error, MUSTER_ORDERS_ERROR_INVALID,
                   _("No second skill was declared in this Order"));

  self->idle[slot] = TRUE;
  emit_changed (self);

  return TRUE;
}

/* Checks the table's dice before any of them is logged. */
static gboolean
check_entered (const guint  *rolls,
               guint         n,
               GError      **error)
{
  for (guint i = 0; rolls != NULL && i < n; i++)
    if (rolls[i] < 1 || rolls[i] > 20)
      return refuse (error, MUSTER_ORDERS_ERROR_INVALID,
                     _("%u is not a result of a d20"), rolls[i]);

  return TRUE;
}

static void
throw_dice (MusterOrderSequence  *self,
            MusterFaceToFaceSide *side,
            const guint          *entered,
            const char           *player,
            const char           *why)
{
  for (guint i = 0; i < side->n_dice; i++)
    {
      if (entered != NULL)
        {
          side->rolls[i] = entered[i];
          muster_dice_record (self->dice, 20, entered[i], player, why, NULL);
        }
      else
        {
          side->rolls[i] = muster_dice_roll (self->dice, 20, player, why);
        }
    }
}

gboolean
muster_order_sequence_face_to_face (MusterOrderSequence  *self,
                                    const char           *reactive_trooper,
                                    guint                 active_target,
                                    guint                 active_burst,
                                    const guint          *active_rolls,
                                    guint                 reactive_target,
                                    guint                 reactive_burst,
                                    const guint          *reactive_rolls,
                                    MusterFaceToFace     *result,
                                    GError              **error)
{
  MusterFaceToFace f2f = { 0 };
  g_autofree char *active_why = NULL;
  g_autofree char *reactive_why = NULL;

  g_return_val_if_fail (MUSTER_IS_ORDER_SEQUENCE (self), FALSE);
  g_return_val_if_fail (result != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!expect_running (self, error))
    return FALSE;

  if (current_kind (self) != MUSTER_ORDER_STEP_RESOLUTION)
    return wrong_step (self, _("rolls are made at the Resolution"), error);

  if (active_burst < 1 || active_burst > MUSTER_FACE_TO_FACE_MAX_DICE)
    return refuse (error, MUSTER_ORDERS_ERROR_INVALID,
                   _("A Burst is between 1 and %u, not %u"),
                   MUSTER_FACE_TO_FACE_MAX_DICE, active_burst);

  if (reactive_trooper != NULL)
    {
      Aro *aro = g_hash_table_lookup (self->aros, reactive_trooper);

      if (aro == NULL)
        return refuse (error, MUSTER_ORDERS_ERROR_INVALID,
                       _("%s declared no ARO against this Order"), reactive_trooper);

      if (aro->idle)
        return refuse (error, MUSTER_ORDERS_ERROR_INVALID,
                       _("The ARO of %s is Idle"), reactive_trooper);

      if (reactive_burst < 1 || reactive_burst > MUSTER_FACE_TO_FACE_MAX_DICE)
        return refuse (error, MUSTER_ORDERS_ERROR_INVALID,
                       _("A Burst is between 1 and %u, not %u"),
                       MUSTER_FACE_TO_FACE_MAX_DICE, reactive_burst);
    }
  else
    {
      reactive_burst = 0;
    }

  if (!check_entered (active_rolls, active_burst, error) ||
      !check_entered (reactive_rolls, reactive_burst, error))
    return FALSE;

  f2f.side[0].target = active_target;
  f2f.side[0].n_dice = active_burst;
  f2f.side[1].target = reactive_target;
  f2f.side[1].n_dice = reactive_burst;

  active_why = g_strdup_printf (_("Order %u, %s, against %u"),
                                self->order_number, self->trooper, active_target);
  throw_dice (self, &f2f.side[0], active_rolls, self->active_player, active_why);

  if (reactive_trooper != NULL)
    {
      reactive_why = g_strdup_printf (_("Order %u, ARO of %s, against %u"),
                                      self->order_number, reactive_trooper, reactive_target);
      throw_dice (self, &f2f.side[1], reactive_rolls, self->reactive_player, reactive_why);
    }

  muster_face_to_face_resolve (&f2f, TRUE);
  *result = f2f;
  emit_changed (self);

  return TRUE;
}

/* What leaving the current step does; the caller has checked that it may
 * be left. */
static void
leave_step (MusterOrderSequence *self)
{
  MusterOrderStepKind kind = current_kind (self);
  GHashTableIter iter;
  gpointer key;
  MusterAroCheck check;

  if (kind == MUSTER_ORDER_STEP_SPEND_ORDER)
    {
      self->n_orders_left--;
      return;
    }

  if (!is_declaration_step (kind) || !aro_check_of (kind, &check))
    return;

  /* Eligible troopers that did not react now have lost their ARO. */
  g_hash_table_iter_init (&iter, self->eligible[check]);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      if (g_hash_table_contains (self->aros, key))
        continue;
      if (check == MUSTER_ARO_CHECK_SECOND && g_hash_table_contains (self->eligible[0], key))
        continue;
      g_hash_table_add (self->lost, g_strdup (key));
    }
}

gboolean
muster_order_sequence_advance (MusterOrderSequence  *self,
                               GError              **error)
{
  MusterOrderStepKind kind;

  g_return_val_if_fail (MUSTER_IS_ORDER_SEQUENCE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!expect_running (self, error))
    return FALSE;

  kind = current_kind (self);

  if (kind == MUSTER_ORDER_STEP_ACTIVATION && self->trooper == NULL)
    return refuse (error, MUSTER_ORDERS_ERROR_WRONG_STEP,
                   _("Name the trooper to activate first"));

  if (kind == MUSTER_ORDER_STEP_FIRST_SKILL && self->skills[0] == NULL)
    return refuse (error, MUSTER_ORDERS_ERROR_WRONG_STEP,
                   _("Declare the first skill or the Entire Order first"));

  leave_step (self);

  if (kind == MUSTER_ORDER_STEP_ACTIVATION)
    self->order_number++;

  if (kind == MUSTER_ORDER_STEP_CONCLUSION)
    {
      reset_order (self);

      if (self->n_orders_left == 0)
        self->finished = TRUE;
      else
        enter_step (self, 0);
    }
  else
    {
      enter_step (self, self->current + 1);
    }

  emit_changed (self);

  return TRUE;
}

gboolean
muster_order_sequence_end_turn (MusterOrderSequence  *self,
                                GError              **error)
{
  g_return_val_if_fail (MUSTER_IS_ORDER_SEQUENCE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!expect_running (self, error))
    return FALSE;

  if (current_kind (self) != MUSTER_ORDER_STEP_ACTIVATION)
    return wrong_step (self, _("the turn ends between Orders"), error);

  reset_order (self);
  self->finished = TRUE;
  emit_changed (self);

  return TRUE;
}

const char *
muster_order_sequence_get_active_trooper (MusterOrderSequence *self)
{
  g_return_val_if_fail (MUSTER_IS_ORDER_SEQUENCE (self), NULL);

  return self->trooper;
}

const MusterOrderSkill *
muster_order_sequence_get_skill (MusterOrderSequence *self,
                                 guint                slot)
{
  g_return_val_if_fail (MUSTER_IS_ORDER_SEQUENCE (self), NULL);
  g_return_val_if_fail (slot < 2, NULL);

  return self->skills[slot];
}

gboolean
muster_order_sequence_is_skill_idle (MusterOrderSequence *self,
                                     guint                slot)
{
  g_return_val_if_fail (MUSTER_IS_ORDER_SEQUENCE (self), FALSE);
  g_return_val_if_fail (slot < 2, FALSE);

  return self->idle[slot];
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

char **
muster_order_sequence_dup_eligible (MusterOrderSequence *self)
{
  g_autoptr(GPtrArray) ids = NULL;
  GHashTableIter iter;
  gpointer key;
  MusterAroCheck check;

  g_return_val_if_fail (MUSTER_IS_ORDER_SEQUENCE (self), NULL);

  ids = g_ptr_array_new_with_free_func (g_free);

  if (!self->finished && aro_check_of (current_kind (self), &check))
    {
      g_hash_table_iter_init (&iter, self->eligible[check]);
      while (g_hash_table_iter_next (&iter, &key, NULL))
        {
          if (g_hash_table_contains (self->aros, key))
            continue;
          if (check == MUSTER_ARO_CHECK_SECOND && g_hash_table_contains (self->eligible[0], key))
            continue;
          g_ptr_array_add (ids, g_strdup (key));
        }
    }

  g_ptr_array_sort (ids, compare_strings);
  g_ptr_array_add (ids, NULL);

  return (char **) g_ptr_array_free (g_steal_pointer (&ids), FALSE);
}

const MusterOrderSkill *
muster_order_sequence_get_aro (MusterOrderSequence *self,
                               const char          *trooper_id)
{
  Aro *aro;

  g_return_val_if_fail (MUSTER_IS_ORDER_SEQUENCE (self), NULL);
  g_return_val_if_fail (trooper_id != NULL, NULL);

  aro = g_hash_table_lookup (self->aros, trooper_id);

  return aro != NULL ? aro->skill : NULL;
}

gboolean
muster_order_sequence_is_aro_idle (MusterOrderSequence *self,
                                   const char          *trooper_id)
{
  Aro *aro;

  g_return_val_if_fail (MUSTER_IS_ORDER_SEQUENCE (self), FALSE);
  g_return_val_if_fail (trooper_id != NULL, FALSE);

  aro = g_hash_table_lookup (self->aros, trooper_id);

  return aro != NULL && aro->idle;
}

gboolean
muster_order_sequence_has_lost_aro (MusterOrderSequence *self,
                                    const char          *trooper_id)
{
  g_return_val_if_fail (MUSTER_IS_ORDER_SEQUENCE (self), FALSE);
  g_return_val_if_fail (trooper_id != NULL, FALSE);

  return g_hash_table_contains (self->lost, trooper_id);
}
