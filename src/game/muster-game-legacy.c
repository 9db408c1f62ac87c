/* muster-game-legacy.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-game"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "muster-game-private.h"

/* Layouts saved by Muster 0.1 kept their game as two text logs: the
 * Game page's actions, a line each, with their parameters as
 * g_variant_print() wrote them,
 *
 *   #muster-game-log	1	0	infinity
 *   set-wip	(0, uint32 13, true)
 *   start-deployment-with	[(0, 'u2', 'Spearmen', 'e1', 'u2', false, @as [], @as [])]
 *
 * and the roll log of muster_dice_log_to_strv(). They are read once, when
 * the game is made, into steps: each old action becomes the step that
 * does the same, run as the players' steps are, taking the roll log's
 * dice in order; what it threw, and the piece it deployed (found on the
 * board, as the old page found it), go into the step. */

#define OLD_LOG_MAGIC "#muster-game-log"

typedef MusterLogStep *(*ConvertFunc) (MusterGame *self,
                                       GVariant   *parameter);

typedef struct
{
  const char  *name;
  const char  *type;    /* of the parameter, or NULL */
  const char  *action;  /* the step, or NULL for a converter */
  const char  *attr;    /* the parameter as this attribute */
  ConvertFunc  convert;
} OldAction;

static const char *
player_id (MusterGame *self,
           int         player)
{
  return player == 0 || player == 1 ? self->player_ids[player] : "";
}

static MusterLogStep *
convert_wip (MusterGame *self,
             GVariant   *parameter)
{
  MusterLogStep *step = muster_log_step_new ("set-wip");
  gboolean is_private;
  guint wip;
  int player;

  g_variant_get (parameter, "(iub)", &player, &wip, &is_private);
  muster_log_step_set (step, "player", player_id (self, player));
  muster_log_step_set_uint (step, "wip", wip);
  muster_log_step_set_boolean (step, "private", is_private);

  return step;
}

/* The die of an "enter" action is the roll log's next, typed in. */
static MusterLogStep *
convert_player_roll (const char *action,
                     MusterGame *self,
                     GVariant   *parameter)
{
  MusterLogStep *step = muster_log_step_new (action);
  int player;

  if (g_variant_is_of_type (parameter, G_VARIANT_TYPE_INT32))
    player = g_variant_get_int32 (parameter);
  else
    g_variant_get (parameter, "(iu)", &player, NULL);
  muster_log_step_set (step, "player", player_id (self, player));

  return step;
}

static MusterLogStep *
convert_initiative_roll (MusterGame *self,
                         GVariant   *parameter)
{
  return convert_player_roll ("roll-initiative", self, parameter);
}

static MusterLogStep *
convert_roll_off (MusterGame *self,
                  GVariant   *parameter)
{
  return convert_player_roll ("roll-off", self, parameter);
}

static MusterLogStep *
convert_first (const char *action,
               MusterGame *self,
               int         first)
{
  MusterLogStep *step = muster_log_step_new (action);

  muster_log_step_set (step, "first", player_id (self, first));

  return step;
}

static MusterLogStep *
convert_first_turn (MusterGame *self,
                    GVariant   *parameter)
{
  return convert_first ("choose-first-turn", self, g_variant_get_int32 (parameter));
}

static MusterLogStep *
convert_first_deployer (MusterGame *self,
                        GVariant   *parameter)
{
  return convert_first ("choose-first-deployer", self, g_variant_get_int32 (parameter));
}

static MusterLogStep *
convert_deployment (MusterGame *self,
                    GVariant   *parameter)
{
  const char *zone;
  int first;
  MusterLogStep *step;

  g_variant_get (parameter, "(i&s)", &first, &zone);
  step = convert_first ("choose-deployment", self, first);
  muster_log_step_set (step, "zone", zone);

  return step;
}

static MusterLogStep *
convert_start_deployment (MusterGame *self,
                          GVariant   *parameter)
{
  MusterLogStep *step = muster_log_step_new ("start-deployment");
  const char *id, *name, *entry_id, *piece_id;
  g_autofree const char **categories = NULL;
  g_autofree const char **skills = NULL;
  gboolean lieutenant;
  GVariantIter iter;
  int player;

  g_variant_iter_init (&iter, parameter);
  while (g_variant_iter_next (&iter, "(i&s&s&s&sb^a&s^a&s)", &player, &id, &name, &entry_id, &piece_id,
                              &lieutenant, &categories, &skills))
    {
      g_autofree char *categories_text = g_strjoinv (" ", (char **) categories);
      g_autofree char *skills_text = g_strjoinv (" ", (char **) skills);
      g_autoptr(GStrvBuilder) attrs = g_strv_builder_new ();
      g_auto(GStrv) strv = NULL;

      g_strv_builder_add_many (attrs, "id", id, "player", player_id (self, player), "name", name, NULL);
      if (*entry_id != '\0')
        g_strv_builder_add_many (attrs, "entry", entry_id, NULL);
      if (*piece_id != '\0')
        g_strv_builder_add_many (attrs, "piece", piece_id, NULL);
      if (lieutenant)
        g_strv_builder_add_many (attrs, "lieutenant", "true", NULL);
      if (*categories_text != '\0')
        g_strv_builder_add_many (attrs, "categories", categories_text, NULL);
      if (*skills_text != '\0')
        g_strv_builder_add_many (attrs, "skills", skills_text, NULL);
      strv = g_strv_builder_end (attrs);
      muster_log_step_add_item (step, "trooper", (const char * const *) strv);
      g_clear_pointer (&categories, g_free);
      g_clear_pointer (&skills, g_free);
    }

  return step;
}

static MusterLogStep *
convert_hold (const char *how,
              GVariant   *parameter)
{
  MusterLogStep *step = muster_log_step_new ("hold");

  muster_log_step_set (step, "trooper", g_variant_get_string (parameter, NULL));
  muster_log_step_set (step, "as", how);

  return step;
}

static MusterLogStep *
convert_hold_back (MusterGame *self,
                   GVariant   *parameter)
{
  return convert_hold ("off-table", parameter);
}

static MusterLogStep *
convert_reserve (MusterGame *self,
                 GVariant   *parameter)
{
  return convert_hold ("reserve", parameter);
}

static MusterLogStep *
convert_special (MusterGame *self,
                 GVariant   *parameter)
{
  return convert_hold ("special-deployment", parameter);
}

static MusterLogStep *
convert_start_turn (MusterGame *self,
                    GVariant   *parameter)
{
  MusterLogStep *step = muster_log_step_new ("start-turn");
  guint orders;
  int player;

  g_variant_get (parameter, "(iu)", &player, &orders);
  muster_log_step_set (step, "player", player_id (self, player));
  muster_log_step_set_uint (step, "orders", orders);

  return step;
}

static MusterLogStep *
convert_declare_aro (MusterGame *self,
                     GVariant   *parameter)
{
  MusterLogStep *step = muster_log_step_new ("declare-aro");
  const char *trooper, *skill;

  g_variant_get (parameter, "(&s&s)", &trooper, &skill);
  muster_log_step_set (step, "trooper", trooper);
  muster_log_step_set (step, "skill", skill);

  return step;
}

static MusterLogStep *
convert_aro_eligible (MusterGame *self,
                      GVariant   *parameter)
{
  MusterLogStep *step = muster_log_step_new ("check-aro");
  g_autofree const char **eligible = g_variant_get_strv (parameter, NULL);

  muster_log_step_set_words (step, "eligible", eligible);

  return step;
}

static MusterLogStep *
convert_idle_skill (MusterGame *self,
                    GVariant   *parameter)
{
  MusterLogStep *step = muster_log_step_new ("idle-skill");

  muster_log_step_set_uint (step, "skill", g_variant_get_uint32 (parameter) + 1);

  return step;
}

/* The dice typed in are the roll log's, in order: only the targets and
 * Bursts are kept here. */
static MusterLogStep *
convert_face_to_face (MusterGame *self,
                      GVariant   *parameter)
{
  MusterLogStep *step = muster_log_step_new ("face-to-face");
  g_autoptr(GVariant) active_dice = NULL;
  g_autoptr(GVariant) reactive_dice = NULL;
  guint active_target, active_burst, reactive_target, reactive_burst;
  const char *against;

  g_variant_get (parameter, "(&suu@auuu@au)", &against, &active_target, &active_burst, &active_dice,
                 &reactive_target, &reactive_burst, &reactive_dice);
  if (g_variant_n_children (active_dice) > 0)
    active_burst = g_variant_n_children (active_dice);
  if (g_variant_n_children (reactive_dice) > 0)
    reactive_burst = g_variant_n_children (reactive_dice);

  muster_log_step_set (step, "against", *against != '\0' ? against : NULL);
  muster_log_step_set_uint (step, "active-target", active_target);
  muster_log_step_set_uint (step, "active-burst", active_burst);
  if (*against != '\0')
    {
      muster_log_step_set_uint (step, "reactive-target", reactive_target);
      muster_log_step_set_uint (step, "reactive-burst", reactive_burst);
    }

  return step;
}

static MusterLogStep *
convert_ti4_start (MusterGame *self,
                   GVariant   *parameter)
{
  MusterLogStep *step = muster_log_step_new ("start-round");
  g_autofree const char **names = NULL;
  int speaker;

  g_variant_get (parameter, "(^a&si)", &names, &speaker);
  muster_log_step_set_uint (step, "speaker", (guint) MAX (speaker, 0) + 1);
  for (guint i = 0; names[i] != NULL; i++)
    {
      const char *attrs[] = { "name", names[i], NULL };

      muster_log_step_add_item (step, "seat", attrs);
    }

  return step;
}

static const char * const card_ids[] = {
  "", "leadership", "diplomacy", "politics", "construction", "trade", "warfare", "technology", "imperial",
};

static MusterLogStep *
convert_ti4_pick (MusterGame *self,
                  GVariant   *parameter)
{
  MusterLogStep *step = muster_log_step_new ("pick-card");
  guint card = g_variant_get_uint32 (parameter);

  muster_log_step_set (step, "card", card < G_N_ELEMENTS (card_ids) ? card_ids[card] : "");

  return step;
}

static MusterLogStep *
convert_ti4_naalu (MusterGame *self,
                   GVariant   *parameter)
{
  MusterLogStep *step = muster_log_step_new ("naalu");
  int holder = g_variant_get_int32 (parameter);

  if (holder >= 0)
    muster_log_step_set_uint (step, "holder", (guint) holder + 1);
  else
    muster_log_step_set (step, "holder", "none");

  return step;
}

static MusterLogStep *
convert_ti4_action (MusterGame *self,
                    GVariant   *parameter)
{
  static const char * const kinds[] = { "tactical", "component", "strategic" };
  MusterLogStep *step = muster_log_step_new ("take-action");
  guint kind, card;

  g_variant_get (parameter, "(uu)", &kind, &card);
  muster_log_step_set (step, "kind", kind < G_N_ELEMENTS (kinds) ? kinds[kind] : "");
  if (kind == 2)
    muster_log_step_set (step, "card", card < G_N_ELEMENTS (card_ids) ? card_ids[card] : "");

  return step;
}

static MusterLogStep *
convert_ti4_next_round (MusterGame *self,
                        GVariant   *parameter)
{
  MusterLogStep *step = muster_log_step_new ("next-round");

  muster_log_step_set_uint (step, "speaker", (guint) MAX (g_variant_get_int32 (parameter), 0) + 1);

  return step;
}

static const OldAction old_actions[] = {
  { "set-typed-dice",        "b",             "set-dice",             "typed",   NULL },
  { "set-wip",               "(iub)",         NULL,                   NULL,      convert_wip },
  { "initiative-roll",       "i",             NULL,                   NULL,      convert_initiative_roll },
  { "initiative-enter",      "(iu)",          NULL,                   NULL,      convert_initiative_roll },
  { "keep",                  "s",             "keep",                 "keep",    NULL },
  { "choose-first-turn",     "i",             NULL,                   NULL,      convert_first_turn },
  { "choose-deployment",     "(is)",          NULL,                   NULL,      convert_deployment },
  { "t9a-pick-type",         "s",             "pick-deployment-type", "type",    NULL },
  { "t9a-roll-type",         NULL,            "roll-deployment-type", NULL,      NULL },
  { "t9a-enter-type",        "u",             "roll-deployment-type", NULL,      NULL },
  { "t9a-roll-off",          "i",             NULL,                   NULL,      convert_roll_off },
  { "t9a-enter-roll-off",    "(iu)",          NULL,                   NULL,      convert_roll_off },
  { "t9a-choice",            "s",             "make-choice",          "value",   NULL },
  { "t9a-zone",              "s",             "choose-zone",          "zone",    NULL },
  { "t9a-first",             "i",             NULL,                   NULL,      convert_first_deployer },
  { "start-deployment-with", "a(issssbasas)", NULL,                   NULL,      convert_start_deployment },
  { "deploy",                "s",             "deploy",               "trooper", NULL },
  { "take-back",             "s",             "take-back",            "trooper", NULL },
  { "hold-back",             "s",             NULL,                   NULL,      convert_hold_back },
  { "reserve",               "s",             NULL,                   NULL,      convert_reserve },
  { "special-deployment",    "s",             NULL,                   NULL,      convert_special },
  { "release",               "s",             "release",              "trooper", NULL },
  { "finish-step",           NULL,            "finish-step",          NULL,      NULL },
  { "finish-declarations",   NULL,            "finish-declarations",  NULL,      NULL },
  { "choose-short-edge",     "s",             "choose-short-edge",    "edge",    NULL },
  { "delay-remaining",       NULL,            "delay-remaining",      NULL,      NULL },
  /* It only showed the Orders page. */
  { "go-to-orders",          NULL,            NULL,                   NULL,      NULL },
  { "order-version",         "s",             "set-order-version",    "version", NULL },
  { "start-turn-with",       "(iu)",          NULL,                   NULL,      convert_start_turn },
  { "activate",              "s",             "activate",             "trooper", NULL },
  { "declare-skill",         "s",             "declare-skill",        "skill",   NULL },
  { "declare-aro",           "(ss)",          NULL,                   NULL,      convert_declare_aro },
  { "aro-eligible",          "as",            NULL,                   NULL,      convert_aro_eligible },
  { "idle-skill",            "u",             NULL,                   NULL,      convert_idle_skill },
  { "idle-aro",              "s",             "idle-aro",             "trooper", NULL },
  { "face-to-face",          "(suuauuuau)",   NULL,                   NULL,      convert_face_to_face },
  { "next-step",             NULL,            "next-step",            NULL,      NULL },
  { "end-turn",              NULL,            "end-turn",             NULL,      NULL },
  { "ti4-start-with",        "(asi)",         NULL,                   NULL,      convert_ti4_start },
  { "ti4-pick",              "u",             NULL,                   NULL,      convert_ti4_pick },
  { "ti4-naalu",             "i",             NULL,                   NULL,      convert_ti4_naalu },
  { "ti4-action",            "(uu)",          NULL,                   NULL,      convert_ti4_action },
  { "ti4-pass",              NULL,            "pass",                 NULL,      NULL },
  { "ti4-status-step",       NULL,            "finish-status-step",   NULL,      NULL },
  { "ti4-next-round",        "i",             NULL,                   NULL,      convert_ti4_next_round },
};

static MusterLogStep *
refuse_line (GError     **error,
             const char  *message)
{
  muster_game_refuse (error, MUSTER_GAME_ERROR_STEP, "%s", message);

  return NULL;
}

/* The step an old line stands for; NULL with error set when the line
 * cannot be read, and NULL with no error for one that did nothing. */
static MusterLogStep *
convert_line (MusterGame  *self,
              const char  *line,
              GError     **error)
{
  const char *tab = strchr (line, '\t');
  g_autofree char *name = g_strstrip (tab != NULL ? g_strndup (line, tab - line) : g_strdup (line));
  g_autoptr(GVariant) parameter = NULL;
  g_autoptr(GError) local_error = NULL;
  const OldAction *old = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (old_actions) && old == NULL; i++)
    if (strcmp (old_actions[i].name, name) == 0)
      old = &old_actions[i];

  if (old == NULL)
    return refuse_line (error, _("Muster knows no such step of a game"));

  if (old->type != NULL)
    {
      if (tab == NULL)
        return refuse_line (error, _("the action’s parameter is missing"));
      parameter = g_variant_parse (G_VARIANT_TYPE (old->type), tab + 1, NULL, NULL, &local_error);
      if (parameter == NULL)
        {
          /* Translators: what is wrong with the text of an action's parameter follows */
          g_autofree char *message = g_strdup_printf (_("its parameter cannot be read: %s"), local_error->message);

          return refuse_line (error, message);
        }
    }

  if (old->convert != NULL)
    return old->convert (self, parameter);

  if (old->action == NULL)
    return NULL;

  {
    MusterLogStep *step = muster_log_step_new (old->action);

    if (old->attr != NULL && g_variant_is_of_type (parameter, G_VARIANT_TYPE_STRING))
      muster_log_step_set (step, old->attr, g_variant_get_string (parameter, NULL));
    else if (old->attr != NULL && g_variant_is_of_type (parameter, G_VARIANT_TYPE_BOOLEAN))
      muster_log_step_set_boolean (step, old->attr, g_variant_get_boolean (parameter));

    return step;
  }
}

/* The roll log's dice: those before the game began become a step of
 * dice of an earlier game, the others are expected by the game's dice. */
static gboolean
queue_old_dice (MusterGame          *self,
                const char * const  *roll_log,
                guint                first_roll,
                GError             **error)
{
  g_autoptr(MusterDice) old = NULL;
  g_autoptr(GError) local_error = NULL;
  MusterLogStep *earlier = NULL;

  if (roll_log == NULL)
    {
      if (first_roll > 0)
        return muster_game_refuse (error, MUSTER_GAME_ERROR_STEP, _("its roll log lacks the dice thrown before it began"));
      return TRUE;
    }

  old = muster_dice_new_from_strv (roll_log, &local_error);
  if (old == NULL)
    return muster_game_refuse (error, MUSTER_GAME_ERROR_STEP, _("its roll log cannot be read: %s"),
                               local_error->message);
  if (first_roll > muster_dice_get_n_rolls (old))
    return muster_game_refuse (error, MUSTER_GAME_ERROR_STEP, _("its roll log lacks the dice thrown before it began"));

  for (guint i = 0; i < first_roll; i++)
    {
      const MusterRoll *roll = muster_dice_get_roll (old, i);

      if (earlier == NULL)
        earlier = muster_log_step_new ("earlier-dice");
      muster_log_step_add_die (earlier, roll->sides, roll->value, roll->manual,
                               roll->who != NULL && *roll->who != '\0' ? roll->who : NULL, roll->why);
    }

  /* First the dice of the earlier game, shown as they were... */
  if (earlier != NULL)
    {
      g_autoptr(MusterLogStep) owned = earlier;

      self->mode = MUSTER_GAME_MODE_REPLAY;
      muster_log_step_seal (earlier);
      if (!muster_game_run_step (self, earlier, error))
        return FALSE;
    }

  /* ... then this game's, for its steps to take in order. */
  for (guint i = first_roll; i < muster_dice_get_n_rolls (old); i++)
    {
      const MusterRoll *roll = muster_dice_get_roll (old, i);

      muster_dice_expect (self->dice, roll->sides, roll->value, roll->manual,
                          roll->who != NULL && *roll->who != '\0' ? roll->who : NULL);
    }

  return TRUE;
}

/* The old header: "#muster-game-log<TAB>1<TAB>ROLLS<TAB>SYSTEM". FALSE,
 * with error, when it is not one this Muster reads; *stale when it is
 * another game system's. */
static gboolean
read_header (MusterGame  *self,
             const char  *line,
             guint       *first_roll,
             gboolean    *stale,
             GError     **error)
{
  g_auto(GStrv) fields = g_strsplit (line, "\t", -1);
  guint64 version = 0;
  guint64 rolls = 0;

  if (g_strv_length (fields) < 4 || strcmp (fields[0], OLD_LOG_MAGIC) != 0 ||
      !g_ascii_string_to_unsigned (fields[1], 10, 1, G_MAXUINT, &version, NULL) ||
      !g_ascii_string_to_unsigned (fields[2], 10, 0, G_MAXUINT, &rolls, NULL))
    return muster_game_refuse (error, MUSTER_GAME_ERROR_STEP, _("its first line is not that of a game log"));

  if (version > 1)
    return muster_game_refuse (error, MUSTER_GAME_ERROR_STEP,
                               _("it was saved by a newer Muster (game log version %s)"), fields[1]);

  *first_roll = (guint) rolls;
  *stale = g_strcmp0 (fields[3], muster_system_get_id (self->system)) != 0;

  return TRUE;
}

/* Converts the layout's old logs into steps. Returns the steps (empty
 * when there is nothing to convert, or the old log is another game
 * system's); when they cannot all be converted, sets error and returns
 * those that were, as the old Game page stopped its replay there. */
GPtrArray *
muster_game_convert_legacy (MusterGame  *self,
                            GError     **error)
{
  const char * const *lines = muster_layout_get_legacy_game_log (self->layout);
  const char * const *roll_log = muster_layout_get_legacy_roll_log (self->layout);
  g_autoptr(GError) local_error = NULL;
  gboolean stale = FALSE;
  guint first_roll = 0;
  guint n;

  if (lines == NULL && roll_log == NULL)
    return g_ptr_array_new_with_free_func ((GDestroyNotify) muster_log_step_unref);

  /* Dice with no game: they were thrown in an earlier one. */
  if (lines == NULL)
    first_roll = G_MAXUINT;
  else if (!read_header (self, lines[0], &first_roll, &stale, error))
    return g_ptr_array_new_with_free_func ((GDestroyNotify) muster_log_step_unref);
  if (stale)
    return g_ptr_array_new_with_free_func ((GDestroyNotify) muster_log_step_unref);
  if (first_roll == G_MAXUINT)
    {
      g_autoptr(MusterDice) old = muster_dice_new_from_strv (roll_log, NULL);

      first_roll = old != NULL ? muster_dice_get_n_rolls (old) : 0;
    }

  muster_game_reset (self);
  if (!queue_old_dice (self, roll_log, first_roll, error))
    {
      muster_game_reset (self);
      return g_ptr_array_new_with_free_func ((GDestroyNotify) muster_log_step_unref);
    }

  self->mode = MUSTER_GAME_MODE_IMPORT;
  muster_dice_set_replaying (self->dice, TRUE);
  for (n = 1; lines != NULL && lines[n] != NULL; n++)
    {
      g_autoptr(MusterLogStep) step = NULL;

      if (strspn (lines[n], " \t\r") == strlen (lines[n]))
        continue;

      step = convert_line (self, lines[n], &local_error);
      if (step == NULL && local_error == NULL)
        continue;
      if (step == NULL || !muster_game_run_step (self, step, &local_error))
        break;
    }

  if (local_error == NULL && !muster_dice_check (self->dice, &local_error))
    n--;

  self->mode = MUSTER_GAME_MODE_LIVE;
  muster_dice_set_replaying (self->dice, FALSE);

  if (local_error != NULL)
    {
      /* Translators: the line of the old game log, then why */
      muster_game_refuse (error, MUSTER_GAME_ERROR_STEP, _("The game saved in this layout cannot be converted "
                                                           "past line %u: %s"), n + 1, local_error->message);
    }

  {
    GPtrArray *steps = g_ptr_array_copy (self->steps, (GCopyFunc) muster_log_step_ref, NULL);

    g_ptr_array_set_free_func (steps, (GDestroyNotify) muster_log_step_unref);
    return steps;
  }
}
