/* muster-orders.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-orders"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "muster-orders-private.h"
#include "muster-xml.h"

G_DEFINE_QUARK (muster-orders-error-quark, muster_orders_error)

gboolean
_muster_orders_refuse (GError     **error,
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
    return _muster_orders_refuse (error, MUSTER_ORDERS_ERROR_INVALID_DATA,
                   _("“%s” is not a new skill id"), id);

  if (kind == MUSTER_SKILL_AUTOMATIC && usage != MUSTER_SKILL_USAGE_NONE)
    return _muster_orders_refuse (error, MUSTER_ORDERS_ERROR_INVALID_DATA,
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

const MusterOrderSkill *
_muster_skill_catalogue_lookup_or_refuse (MusterSkillCatalogue  *self,
                                          const char            *id,
                                          GError               **error)
{
  const MusterOrderSkill *skill = g_hash_table_lookup (self->by_id, id);

  if (skill == NULL)
    _muster_orders_refuse (error, MUSTER_ORDERS_ERROR_UNKNOWN_SKILL,
            _("“%s” is not in the skill catalogue"), id);

  return skill;
}

static gboolean
check_declarable_in_order (const MusterOrderSkill  *skill,
                           GError                 **error)
{
  if (skill->kind == MUSTER_SKILL_AUTOMATIC)
    return _muster_orders_refuse (error, MUSTER_ORDERS_ERROR_NOT_IN_ORDER,
                   _("%s is an Automatic Skill: it is never declared"), skill->name);

  if ((skill->usage & MUSTER_SKILL_USAGE_ORDER) == 0)
    return _muster_orders_refuse (error, MUSTER_ORDERS_ERROR_NOT_IN_ORDER,
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

      return _muster_orders_refuse (error, MUSTER_ORDERS_ERROR_COMBINATION,
                     _("%s is an Entire Order Skill: it takes the whole Order and combines with "
                       "no other skill"),
                     entire->name);
    }

  if (first->kind == MUSTER_SKILL_SHORT && second->kind == MUSTER_SKILL_SHORT)
    return _muster_orders_refuse (error, MUSTER_ORDERS_ERROR_COMBINATION,
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

  a = _muster_skill_catalogue_lookup_or_refuse (self, first, error);
  if (a == NULL || !check_declarable_in_order (a, error))
    return FALSE;

  if (second == NULL)
    return TRUE;

  b = _muster_skill_catalogue_lookup_or_refuse (self, second, error);
  if (b == NULL || !check_declarable_in_order (b, error))
    return FALSE;

  return check_pair (a, b, error);
}

gboolean
_muster_skill_check_aro (const MusterOrderSkill  *skill,
                         GError                 **error)
{
  if (skill->kind == MUSTER_SKILL_AUTOMATIC)
    return _muster_orders_refuse (error, MUSTER_ORDERS_ERROR_NOT_IN_ARO,
                   _("%s is an Automatic Skill: it is never declared"), skill->name);

  if ((skill->usage & MUSTER_SKILL_USAGE_ARO) == 0)
    return _muster_orders_refuse (error, MUSTER_ORDERS_ERROR_NOT_IN_ARO,
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

  found = _muster_skill_catalogue_lookup_or_refuse (self, skill, error);

  return found != NULL && _muster_skill_check_aro (found, error);
}

/* ------------------------------------------------------------------ */
/* Rules                                                              */
/* ------------------------------------------------------------------ */

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
    return _muster_orders_refuse (error, MUSTER_ORDERS_ERROR_INVALID,
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

