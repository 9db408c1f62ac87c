/* muster-t9a-pregame.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-initiative"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "muster-initiative-private.h"
#include "muster-xml.h"

/* ------------------------------------------------------------------ */
/* The 9th Age                                                        */
/* ------------------------------------------------------------------ */

typedef struct
{
  char            *id;
  guint            roll;
  MusterT9aChoice  choice;
} TypeDef;

struct _MusterT9aPregame
{
  GObject                parent_instance;

  MusterDice            *dice;
  char                  *player_ids[2];
  char                  *player_names[2];   /* for messages */
  GPtrArray             *types;             /* TypeDef */

  MusterT9aPregameState  state;
  char                  *deployment_type;
  guint                  type_roll;
  GArray                *attempts;          /* MusterRollOffAttempt */
  int                    chooser;
  char                  *choice_value;      /* the chooser's diagonal, role or edge */
  char                  *zone[2];
  int                    first_deployer;
  /* The table is taller than wide: its Centre Line runs north to south
   * (RULES.md), its zones are west and east, its short edges north and
   * south. */
  gboolean               portrait;
};

enum {
  T9A_CHANGED,
  T9A_N_SIGNALS
};

static guint t9a_signals[T9A_N_SIGNALS];

G_DEFINE_FINAL_TYPE (MusterT9aPregame, muster_t9a_pregame, G_TYPE_OBJECT)

static const char * const diagonal_values[] = { "nw-se", "ne-sw", NULL };
static const char * const role_values[] = { "attacker", "defender", NULL };
static const char * const edge_values[] = { "west", "east", NULL };
static const char * const portrait_edge_values[] = { "north", "south", NULL };
static const char * const no_values[] = { NULL };

static const char * const centre_zones[] = { "north", "south", NULL };
static const char * const portrait_zones[] = { "west", "east", NULL };
static const char * const nw_se_zones[] = { "north-east", "south-west", NULL };
static const char * const ne_sw_zones[] = { "north-west", "south-east", NULL };

static void
type_def_free (gpointer data)
{
  TypeDef *def = data;

  g_free (def->id);
  g_free (def);
}

static void
muster_t9a_pregame_finalize (GObject *object)
{
  MusterT9aPregame *self = (MusterT9aPregame *)object;

  g_clear_object (&self->dice);
  for (guint i = 0; i < 2; i++)
    {
      g_clear_pointer (&self->player_ids[i], g_free);
      g_clear_pointer (&self->player_names[i], g_free);
      g_clear_pointer (&self->zone[i], g_free);
    }
  g_clear_pointer (&self->types, g_ptr_array_unref);
  g_clear_pointer (&self->deployment_type, g_free);
  g_clear_pointer (&self->attempts, g_array_unref);
  g_clear_pointer (&self->choice_value, g_free);

  G_OBJECT_CLASS (muster_t9a_pregame_parent_class)->finalize (object);
}

static void
muster_t9a_pregame_class_init (MusterT9aPregameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = muster_t9a_pregame_finalize;

  /**
   * MusterT9aPregame::changed:
   *
   * Emitted after every accepted action.
   */
  t9a_signals[T9A_CHANGED] =
    g_signal_new ("changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

/* RULES.md's D6 table and the choice each type asks for. */
static const struct {
  const char      *id;
  guint            roll;
  MusterT9aChoice  choice;
} builtin[] = {
  { "frontline-clash", 1, MUSTER_T9A_CHOICE_NONE },
  { "dawn-assault", 2, MUSTER_T9A_CHOICE_SHORT_EDGE },
  { "counterthrust", 3, MUSTER_T9A_CHOICE_NONE },
  { "encircle", 4, MUSTER_T9A_CHOICE_ROLE },
  { "refused-flank", 5, MUSTER_T9A_CHOICE_DIAGONAL },
  { "marching-columns", 6, MUSTER_T9A_CHOICE_NONE },
};

static void
muster_t9a_pregame_init (MusterT9aPregame *self)
{
  self->types = g_ptr_array_new_with_free_func (type_def_free);
  for (guint i = 0; i < G_N_ELEMENTS (builtin); i++)
    {
      TypeDef *def = g_new0 (TypeDef, 1);

      def->id = g_strdup (builtin[i].id);
      def->roll = builtin[i].roll;
      def->choice = builtin[i].choice;
      g_ptr_array_add (self->types, def);
    }

  self->state = MUSTER_T9A_PREGAME_DEPLOYMENT_TYPE;
  self->attempts = g_array_new (FALSE, TRUE, sizeof (MusterRollOffAttempt));
  self->chooser = MUSTER_PLAYER_NONE;
  self->first_deployer = MUSTER_PLAYER_NONE;
}

MusterT9aPregame *
muster_t9a_pregame_new (MusterDice         *dice,
                        const char * const *player_ids)
{
  MusterT9aPregame *self;

  g_return_val_if_fail (MUSTER_IS_DICE (dice), NULL);
  g_return_val_if_fail (player_ids != NULL && player_ids[0] != NULL && player_ids[1] != NULL, NULL);

  self = g_object_new (MUSTER_TYPE_T9A_PREGAME, NULL);
  self->dice = g_object_ref (dice);
  for (guint i = 0; i < 2; i++)
    {
      self->player_ids[i] = g_strdup (player_ids[i]);
      self->player_names[i] = g_strdup (player_ids[i]);
    }

  return self;
}

void
muster_t9a_pregame_set_player_names (MusterT9aPregame   *self,
                                     const char * const *names)
{
  g_return_if_fail (MUSTER_IS_T9A_PREGAME (self));
  g_return_if_fail (names != NULL && names[0] != NULL && names[1] != NULL);

  for (guint i = 0; i < 2; i++)
    {
      g_free (self->player_names[i]);
      self->player_names[i] = g_strdup (names[i]);
    }
}

static TypeDef *
lookup_type (MusterT9aPregame *self,
             const char       *id)
{
  for (guint i = 0; i < self->types->len; i++)
    {
      TypeDef *def = g_ptr_array_index (self->types, i);

      if (g_strcmp0 (def->id, id) == 0)
        return def;
    }

  return NULL;
}

static TypeDef *
lookup_type_by_roll (MusterT9aPregame *self,
                     guint             roll)
{
  for (guint i = 0; i < self->types->len; i++)
    {
      TypeDef *def = g_ptr_array_index (self->types, i);

      if (def->roll == roll)
        return def;
    }

  return NULL;
}

void
muster_t9a_pregame_add_deployment_type (MusterT9aPregame *self,
                                        const char       *deployment_id,
                                        guint             roll,
                                        MusterT9aChoice   choice)
{
  TypeDef *def;

  g_return_if_fail (MUSTER_IS_T9A_PREGAME (self));
  g_return_if_fail (deployment_id != NULL && *deployment_id != '\0');
  g_return_if_fail (roll <= 6);

  /* One type per D6 result: a newcomer takes the result over. */
  if (roll != 0)
    {
      TypeDef *holder = lookup_type_by_roll (self, roll);

      if (holder != NULL)
        holder->roll = 0;
    }

  def = lookup_type (self, deployment_id);
  if (def == NULL)
    {
      def = g_new0 (TypeDef, 1);
      def->id = g_strdup (deployment_id);
      g_ptr_array_add (self->types, def);
    }

  def->roll = roll;
  def->choice = choice;
}

MusterT9aChoice
muster_t9a_pregame_get_type_choice (MusterT9aPregame *self,
                                    const char       *deployment_id)
{
  TypeDef *def;

  g_return_val_if_fail (MUSTER_IS_T9A_PREGAME (self), MUSTER_T9A_CHOICE_NONE);
  g_return_val_if_fail (deployment_id != NULL, MUSTER_T9A_CHOICE_NONE);

  def = lookup_type (self, deployment_id);

  return def != NULL ? def->choice : MUSTER_T9A_CHOICE_NONE;
}

const char * const *
muster_t9a_choice_get_values (MusterT9aChoice choice)
{
  switch (choice)
    {
    case MUSTER_T9A_CHOICE_DIAGONAL:
      return diagonal_values;

    case MUSTER_T9A_CHOICE_ROLE:
      return role_values;

    case MUSTER_T9A_CHOICE_SHORT_EDGE:
      return edge_values;

    case MUSTER_T9A_CHOICE_NONE:
      return no_values;

    default:
      g_return_val_if_reached (no_values);
    }
}

const char * const *
muster_t9a_pregame_get_choice_values (MusterT9aPregame *self,
                                      MusterT9aChoice   choice)
{
  g_return_val_if_fail (MUSTER_IS_T9A_PREGAME (self), no_values);

  if (self->portrait && choice == MUSTER_T9A_CHOICE_SHORT_EDGE)
    return portrait_edge_values;

  return muster_t9a_choice_get_values (choice);
}

void
muster_t9a_pregame_set_portrait (MusterT9aPregame *self,
                                 gboolean          portrait)
{
  g_return_if_fail (MUSTER_IS_T9A_PREGAME (self));

  self->portrait = !!portrait;
}

static MusterT9aChoice
current_choice (MusterT9aPregame *self)
{
  if (self->deployment_type == NULL)
    return MUSTER_T9A_CHOICE_NONE;

  return muster_t9a_pregame_get_type_choice (self, self->deployment_type);
}

const char * const *
muster_t9a_pregame_get_zone_ids (MusterT9aPregame *self,
                                 const char       *diagonal)
{
  g_return_val_if_fail (MUSTER_IS_T9A_PREGAME (self), centre_zones);

  if (g_strcmp0 (diagonal, "ne-sw") == 0)
    return ne_sw_zones;
  if (g_strcmp0 (diagonal, "nw-se") == 0)
    return nw_se_zones;

  return self->portrait ? portrait_zones : centre_zones;
}

static const char * const *
zones_for (MusterT9aPregame *self)
{
  return muster_t9a_pregame_get_zone_ids (self, current_choice (self) == MUSTER_T9A_CHOICE_DIAGONAL
                                                ? (g_strcmp0 (self->choice_value, "ne-sw") == 0 ? "ne-sw" : "nw-se")
                                                : NULL);
}

static void
t9a_changed (MusterT9aPregame *self)
{
  g_signal_emit (self, t9a_signals[T9A_CHANGED], 0);
}

static gboolean
t9a_expect_state (MusterT9aPregame       *self,
                  MusterT9aPregameState   state,
                  GError                **error)
{
  const char *message = NULL;

  if (self->state == state)
    return TRUE;

  switch (self->state)
    {
    case MUSTER_T9A_PREGAME_DEPLOYMENT_TYPE:
      message = _("Not now: the deployment type must be agreed or rolled first");
      break;

    case MUSTER_T9A_PREGAME_ROLL_OFF:
      message = _("Not now: the players are rolling off for the choice of Deployment Zone");
      break;

    case MUSTER_T9A_PREGAME_TYPE_CHOICE:
      message = _("Not now: the winner of the roll-off must first make the deployment type’s choice");
      break;

    case MUSTER_T9A_PREGAME_ZONE:
      message = _("Not now: the winner of the roll-off must pick a Deployment Zone");
      break;

    case MUSTER_T9A_PREGAME_FIRST_DEPLOYER:
      message = _("Not now: the winner of the roll-off must say who deploys first");
      break;

    case MUSTER_T9A_PREGAME_DONE:
      message = _("The pre-game choices are all made");
      break;

    default:
      g_assert_not_reached ();
    }

  g_set_error_literal (error, MUSTER_INITIATIVE_ERROR, MUSTER_INITIATIVE_ERROR_WRONG_STATE, message);

  return FALSE;
}

MusterT9aPregameState
muster_t9a_pregame_get_state (MusterT9aPregame *self)
{
  g_return_val_if_fail (MUSTER_IS_T9A_PREGAME (self), MUSTER_T9A_PREGAME_DEPLOYMENT_TYPE);

  return self->state;
}

gboolean
muster_t9a_pregame_is_waiting_for (MusterT9aPregame *self,
                                   int               player)
{
  g_return_val_if_fail (MUSTER_IS_T9A_PREGAME (self), FALSE);
  g_return_val_if_fail (IS_PLAYER (player), FALSE);

  switch (self->state)
    {
    case MUSTER_T9A_PREGAME_DEPLOYMENT_TYPE:
      return TRUE;

    case MUSTER_T9A_PREGAME_ROLL_OFF:
      return _muster_roll_off_current (self->attempts)->roll[player] == 0;

    case MUSTER_T9A_PREGAME_TYPE_CHOICE:
    case MUSTER_T9A_PREGAME_ZONE:
    case MUSTER_T9A_PREGAME_FIRST_DEPLOYER:
      return player == self->chooser;

    case MUSTER_T9A_PREGAME_DONE:
      return FALSE;

    default:
      g_assert_not_reached ();
    }
}

static void
set_deployment_type (MusterT9aPregame *self,
                     const TypeDef    *def,
                     guint             roll)
{
  g_free (self->deployment_type);
  self->deployment_type = g_strdup (def->id);
  self->type_roll = roll;
  self->state = MUSTER_T9A_PREGAME_ROLL_OFF;
  _muster_roll_off_start (self->attempts);
}

#define data_error(error, filename, node, ...) \
  muster_xml_set_error ((error), MUSTER_INITIATIVE_ERROR, MUSTER_INITIATIVE_ERROR_DATA, \
                        (filename), (node), __VA_ARGS__)

static gboolean
parse_choice (const char      *text,
              MusterT9aChoice *choice)
{
  static const char * const names[] = {
    [MUSTER_T9A_CHOICE_NONE] = "none",
    [MUSTER_T9A_CHOICE_DIAGONAL] = "diagonal",
    [MUSTER_T9A_CHOICE_ROLE] = "role",
    [MUSTER_T9A_CHOICE_SHORT_EDGE] = "short-edge",
  };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      if (g_strcmp0 (text, names[i]) == 0)
        {
          *choice = (MusterT9aChoice) i;
          return TRUE;
        }
    }

  return FALSE;
}

static MusterT9aChoice
builtin_choice (const char *id)
{
  for (guint i = 0; i < G_N_ELEMENTS (builtin); i++)
    if (g_str_equal (builtin[i].id, id))
      return builtin[i].choice;

  return MUSTER_T9A_CHOICE_NONE;
}

static TypeDef *
find_type_def (GPtrArray  *types,
               const char *id)
{
  for (guint i = 0; i < types->len; i++)
    {
      TypeDef *def = g_ptr_array_index (types, i);

      if (g_str_equal (def->id, id))
        return def;
    }

  return NULL;
}

/* Reads <deployments> into types, with RULES.md's choices. */
static gboolean
read_deployments (GPtrArray   *types,
                  xmlNode     *section,
                  const char  *filename,
                  GError     **error)
{
  for (xmlNode *node = section->children; node != NULL; node = node->next)
    {
      g_autofree char *id = NULL;
      g_autofree char *roll_text = NULL;
      guint64 roll = 0;
      TypeDef *def;

      if (!muster_xml_is_element (node, "deployment"))
        continue;

      id = muster_xml_get_prop (node, "id");
      roll_text = muster_xml_get_prop (node, "roll");

      if (id == NULL || *id == '\0')
        return data_error (error, filename, node, _("a <deployment> has no id"));

      if (find_type_def (types, id) != NULL)
        return data_error (error, filename, node, _("deployment type “%s” is listed twice"), id);

      if (roll_text != NULL && !g_ascii_string_to_unsigned (roll_text, 10, 0, 6, &roll, NULL))
        return data_error (error, filename, node, _("roll=\"%s\" is not a D6 result"), roll_text);

      for (guint i = 0; roll != 0 && i < types->len; i++)
        if (((TypeDef *) g_ptr_array_index (types, i))->roll == roll)
          return data_error (error, filename, node,
                             _("two deployment types are listed for a roll of %u"), (guint) roll);

      def = g_new0 (TypeDef, 1);
      def->id = g_steal_pointer (&id);
      def->roll = (guint) roll;
      def->choice = builtin_choice (def->id);
      g_ptr_array_add (types, def);
    }

  return TRUE;
}

/* Applies the choices of <deployment-sequence> to types. */
static gboolean
read_choices (GPtrArray   *types,
              xmlNode     *section,
              const char  *filename,
              GError     **error)
{
  for (xmlNode *node = section->children; node != NULL; node = node->next)
    {
      g_autofree char *id = NULL;
      g_autofree char *choice_text = NULL;
      MusterT9aChoice choice;
      TypeDef *def;

      if (node->type != XML_ELEMENT_NODE)
        continue;

      if (!muster_xml_is_element (node, "deployment"))
        return data_error (error, filename, node, _("<%s> does not belong in <deployment-sequence>"),
                           (const char *) node->name);

      id = muster_xml_get_prop (node, "id");
      def = id != NULL ? find_type_def (types, id) : NULL;
      if (def == NULL)
        return data_error (error, filename, node,
                           _("<deployment-sequence> names “%s”, which is not among the <deployments>"),
                           id != NULL ? id : "");

      choice_text = muster_xml_get_prop (node, "choice");
      if (choice_text == NULL)
        continue;

      if (!parse_choice (choice_text, &choice))
        return data_error (error, filename, node,
                           _("choice=\"%s\" is not none, diagonal, role or short-edge"), choice_text);

      def->choice = choice;
    }

  return TRUE;
}

gboolean
muster_t9a_pregame_load_types (MusterT9aPregame  *self,
                               GBytes            *system_file,
                               const char        *filename,
                               GError           **error)
{
  g_autoptr(GPtrArray) types = NULL;
  g_autoptr(xmlDoc) doc = NULL;
  xmlNode *root;
  xmlNode *deployments;
  xmlNode *sequence;

  g_return_val_if_fail (MUSTER_IS_T9A_PREGAME (self), FALSE);
  g_return_val_if_fail (system_file != NULL, FALSE);
  g_return_val_if_fail (filename != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!t9a_expect_state (self, MUSTER_T9A_PREGAME_DEPLOYMENT_TYPE, error))
    return FALSE;

  doc = muster_xml_parse (system_file, filename, MUSTER_INITIATIVE_ERROR,
                          MUSTER_INITIATIVE_ERROR_DATA, error);
  if (doc == NULL)
    return FALSE;

  root = xmlDocGetRootElement (doc);
  deployments = muster_xml_find_child (root, "deployments");
  sequence = muster_xml_find_child (root, "deployment-sequence");

  if (deployments == NULL)
    return data_error (error, filename, root, _("the game system has no <deployments>"));

  types = g_ptr_array_new_with_free_func (type_def_free);
  if (!read_deployments (types, deployments, filename, error) ||
      (sequence != NULL && !read_choices (types, sequence, filename, error)))
    return FALSE;

  g_ptr_array_unref (self->types);
  self->types = g_steal_pointer (&types);

  return TRUE;
}

gboolean
muster_t9a_pregame_pick_deployment_type (MusterT9aPregame  *self,
                                         const char        *deployment_id,
                                         GError           **error)
{
  TypeDef *def;

  g_return_val_if_fail (MUSTER_IS_T9A_PREGAME (self), FALSE);
  g_return_val_if_fail (deployment_id != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!t9a_expect_state (self, MUSTER_T9A_PREGAME_DEPLOYMENT_TYPE, error))
    return FALSE;

  def = lookup_type (self, deployment_id);
  if (def == NULL)
    {
      g_set_error (error, MUSTER_INITIATIVE_ERROR, MUSTER_INITIATIVE_ERROR_UNKNOWN,
                   _("“%s” is not a known deployment type"), deployment_id);
      return FALSE;
    }

  set_deployment_type (self, def, 0);
  t9a_changed (self);

  return TRUE;
}

static gboolean
t9a_type_roll (MusterT9aPregame  *self,
               int                player,
               gboolean           manual,
               guint              value,
               GError           **error)
{
  const char *who = player == MUSTER_PLAYER_NONE ? "" : self->player_ids[player];
  const char *why = _("Deployment type (D6)");
  TypeDef *def;

  if (!t9a_expect_state (self, MUSTER_T9A_PREGAME_DEPLOYMENT_TYPE, error))
    return FALSE;

  if (manual)
    {
      g_autoptr(GError) local_error = NULL;

      if (!muster_dice_record (self->dice, 6, value, who, why, &local_error))
        {
          g_set_error_literal (error, MUSTER_INITIATIVE_ERROR, MUSTER_INITIATIVE_ERROR_INVALID,
                               local_error->message);
          return FALSE;
        }
    }
  else
    {
      value = muster_dice_roll (self->dice, 6, who, why);
    }

  def = lookup_type_by_roll (self, value);
  if (def == NULL)
    {
      g_set_error (error, MUSTER_INITIATIVE_ERROR, MUSTER_INITIATIVE_ERROR_UNKNOWN,
                   _("No deployment type is listed for a roll of %u; roll again or agree on one"),
                   value);
      return FALSE;
    }

  set_deployment_type (self, def, value);
  t9a_changed (self);

  return TRUE;
}

gboolean
muster_t9a_pregame_roll_deployment_type (MusterT9aPregame  *self,
                                         int                player,
                                         GError           **error)
{
  g_return_val_if_fail (MUSTER_IS_T9A_PREGAME (self), FALSE);
  g_return_val_if_fail (player == MUSTER_PLAYER_NONE || IS_PLAYER (player), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return t9a_type_roll (self, player, FALSE, 0, error);
}

gboolean
muster_t9a_pregame_enter_deployment_type_roll (MusterT9aPregame  *self,
                                               int                player,
                                               guint              value,
                                               GError           **error)
{
  g_return_val_if_fail (MUSTER_IS_T9A_PREGAME (self), FALSE);
  g_return_val_if_fail (player == MUSTER_PLAYER_NONE || IS_PLAYER (player), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return t9a_type_roll (self, player, TRUE, value, error);
}

const char *
muster_t9a_pregame_get_deployment_type (MusterT9aPregame *self)
{
  g_return_val_if_fail (MUSTER_IS_T9A_PREGAME (self), NULL);

  return self->deployment_type;
}

guint
muster_t9a_pregame_get_deployment_type_roll (MusterT9aPregame *self)
{
  g_return_val_if_fail (MUSTER_IS_T9A_PREGAME (self), 0);

  return self->type_roll;
}

static void
t9a_decide_attempt (MusterT9aPregame *self)
{
  MusterRollOffAttempt *attempt = _muster_roll_off_current (self->attempts);

  if (attempt->roll[0] == 0 || attempt->roll[1] == 0)
    return;

  if (attempt->roll[0] == attempt->roll[1])
    {
      attempt->outcome = MUSTER_ROLL_OFF_TIE;
      _muster_roll_off_start (self->attempts);
      return;
    }

  attempt->outcome = MUSTER_ROLL_OFF_WON;
  self->chooser = attempt->roll[0] > attempt->roll[1] ? 0 : 1;

  if (current_choice (self) == MUSTER_T9A_CHOICE_NONE)
    self->state = MUSTER_T9A_PREGAME_ZONE;
  else
    self->state = MUSTER_T9A_PREGAME_TYPE_CHOICE;
}

static gboolean
t9a_take_roll_off (MusterT9aPregame  *self,
                   int                player,
                   gboolean           manual,
                   guint              value,
                   GError           **error)
{
  g_autofree char *why = NULL;

  if (!t9a_expect_state (self, MUSTER_T9A_PREGAME_ROLL_OFF, error))
    return FALSE;

  why = g_strdup_printf (_("Roll-off for the choice of Deployment Zone, attempt %u"),
                         self->attempts->len);

  if (!_muster_roll_off_take_die (self->dice, self->attempts, player, self->player_ids[player],
                                  self->player_names[player],
                 6, manual, value, why, error))
    return FALSE;

  t9a_decide_attempt (self);
  t9a_changed (self);

  return TRUE;
}

gboolean
muster_t9a_pregame_roll_off (MusterT9aPregame  *self,
                             int                player,
                             GError           **error)
{
  g_return_val_if_fail (MUSTER_IS_T9A_PREGAME (self), FALSE);
  g_return_val_if_fail (IS_PLAYER (player), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return t9a_take_roll_off (self, player, FALSE, 0, error);
}

gboolean
muster_t9a_pregame_enter_roll_off (MusterT9aPregame  *self,
                                   int                player,
                                   guint              value,
                                   GError           **error)
{
  g_return_val_if_fail (MUSTER_IS_T9A_PREGAME (self), FALSE);
  g_return_val_if_fail (IS_PLAYER (player), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return t9a_take_roll_off (self, player, TRUE, value, error);
}

guint
muster_t9a_pregame_get_n_attempts (MusterT9aPregame *self)
{
  g_return_val_if_fail (MUSTER_IS_T9A_PREGAME (self), 0);

  return self->attempts->len;
}

guint
muster_t9a_pregame_get_roll (MusterT9aPregame *self,
                             guint             attempt,
                             int               player)
{
  g_return_val_if_fail (MUSTER_IS_T9A_PREGAME (self), 0);

  return _muster_roll_off_get_roll (self->attempts, attempt, player);
}

MusterRollOffOutcome
muster_t9a_pregame_get_outcome (MusterT9aPregame *self,
                                guint             attempt)
{
  g_return_val_if_fail (MUSTER_IS_T9A_PREGAME (self), MUSTER_ROLL_OFF_PENDING);

  return _muster_roll_off_get_outcome (self->attempts, attempt);
}

int
muster_t9a_pregame_get_chooser (MusterT9aPregame *self)
{
  g_return_val_if_fail (MUSTER_IS_T9A_PREGAME (self), MUSTER_PLAYER_NONE);

  return self->chooser;
}

static gboolean
check_chooser (MusterT9aPregame  *self,
               int                player,
               GError           **error)
{
  if (player == self->chooser)
    return TRUE;

  return _muster_initiative_refuse (error, MUSTER_INITIATIVE_ERROR_NOT_YOUR_CHOICE,
                 _("%s lost the roll-off: the winner makes the pre-game choices"),
                 self->player_names[player]);
}

static gboolean
is_one_of (const char * const *values,
           const char         *value)
{
  return value != NULL && g_strv_contains (values, value);
}

gboolean
muster_t9a_pregame_make_choice (MusterT9aPregame  *self,
                                int                player,
                                const char        *value,
                                GError           **error)
{
  const char * const *values;

  g_return_val_if_fail (MUSTER_IS_T9A_PREGAME (self), FALSE);
  g_return_val_if_fail (IS_PLAYER (player), FALSE);
  g_return_val_if_fail (value != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!t9a_expect_state (self, MUSTER_T9A_PREGAME_TYPE_CHOICE, error) ||
      !check_chooser (self, player, error))
    return FALSE;

  values = muster_t9a_pregame_get_choice_values (self, current_choice (self));
  if (!is_one_of (values, value))
    {
      g_autofree char *allowed = g_strjoinv (", ", (char **) values);

      g_set_error (error, MUSTER_INITIATIVE_ERROR, MUSTER_INITIATIVE_ERROR_INVALID,
                   _("“%s” is not a choice of this deployment type (%s)"), value, allowed);
      return FALSE;
    }

  g_free (self->choice_value);
  self->choice_value = g_strdup (value);
  self->state = MUSTER_T9A_PREGAME_ZONE;
  t9a_changed (self);

  return TRUE;
}

gboolean
muster_t9a_pregame_choose_zone (MusterT9aPregame  *self,
                                int                player,
                                const char        *zone,
                                GError           **error)
{
  const char * const *zones;

  g_return_val_if_fail (MUSTER_IS_T9A_PREGAME (self), FALSE);
  g_return_val_if_fail (IS_PLAYER (player), FALSE);
  g_return_val_if_fail (zone != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!t9a_expect_state (self, MUSTER_T9A_PREGAME_ZONE, error) ||
      !check_chooser (self, player, error))
    return FALSE;

  zones = zones_for (self);
  if (!is_one_of (zones, zone))
    {
      g_set_error (error, MUSTER_INITIATIVE_ERROR, MUSTER_INITIATIVE_ERROR_INVALID,
                   _("“%s” is not a Deployment Zone here: choose “%s” or “%s”"),
                   zone, zones[0], zones[1]);
      return FALSE;
    }

  g_free (self->zone[player]);
  g_free (self->zone[1 - player]);
  self->zone[player] = g_strdup (zone);
  self->zone[1 - player] = g_strdup (_muster_pair_other (zones, zone));
  self->state = MUSTER_T9A_PREGAME_FIRST_DEPLOYER;
  t9a_changed (self);

  return TRUE;
}

gboolean
muster_t9a_pregame_choose_first_deployer (MusterT9aPregame  *self,
                                          int                player,
                                          int                first,
                                          GError           **error)
{
  g_return_val_if_fail (MUSTER_IS_T9A_PREGAME (self), FALSE);
  g_return_val_if_fail (IS_PLAYER (player), FALSE);
  g_return_val_if_fail (IS_PLAYER (first), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!t9a_expect_state (self, MUSTER_T9A_PREGAME_FIRST_DEPLOYER, error) ||
      !check_chooser (self, player, error))
    return FALSE;

  self->first_deployer = first;
  self->state = MUSTER_T9A_PREGAME_DONE;
  t9a_changed (self);

  return TRUE;
}

const char *
muster_t9a_pregame_get_diagonal (MusterT9aPregame *self)
{
  g_return_val_if_fail (MUSTER_IS_T9A_PREGAME (self), NULL);

  if (current_choice (self) != MUSTER_T9A_CHOICE_DIAGONAL)
    return NULL;

  return self->choice_value;
}

/* The chooser's value of a per-player choice, or the opposite one. */
static const char *
per_player_choice (MusterT9aPregame *self,
                   MusterT9aChoice   choice,
                   int               player)
{
  if (current_choice (self) != choice || self->choice_value == NULL)
    return NULL;

  if (player == self->chooser)
    return self->choice_value;

  return _muster_pair_other (muster_t9a_pregame_get_choice_values (self, choice), self->choice_value);
}

const char *
muster_t9a_pregame_get_role (MusterT9aPregame *self,
                             int               player)
{
  g_return_val_if_fail (MUSTER_IS_T9A_PREGAME (self), NULL);
  g_return_val_if_fail (IS_PLAYER (player), NULL);

  return per_player_choice (self, MUSTER_T9A_CHOICE_ROLE, player);
}

const char *
muster_t9a_pregame_get_short_edge (MusterT9aPregame *self,
                                   int               player)
{
  g_return_val_if_fail (MUSTER_IS_T9A_PREGAME (self), NULL);
  g_return_val_if_fail (IS_PLAYER (player), NULL);

  return per_player_choice (self, MUSTER_T9A_CHOICE_SHORT_EDGE, player);
}

const char *
muster_t9a_pregame_get_zone (MusterT9aPregame *self,
                             int               player)
{
  g_return_val_if_fail (MUSTER_IS_T9A_PREGAME (self), NULL);
  g_return_val_if_fail (IS_PLAYER (player), NULL);

  return self->zone[player];
}

int
muster_t9a_pregame_get_first_deployer (MusterT9aPregame *self)
{
  g_return_val_if_fail (MUSTER_IS_T9A_PREGAME (self), MUSTER_PLAYER_NONE);

  return self->first_deployer;
}
