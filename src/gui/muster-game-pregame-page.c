/* muster-game-pregame-page.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-game-pregame-page"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-game-pregame-page.h"

struct _MusterGamePregamePage
{
  MusterGamePage       parent_instance;

  /* The deployment types of the type row, in its order. */
  GStrv                type_ids;

  AdwPreferencesGroup *type_group;
  AdwComboRow         *type_row;
  GtkListBox          *type_list;
  AdwPreferencesGroup *rolloff_group;
  GtkListBox          *roll_list;
  AdwPreferencesGroup *choice_group;
  AdwComboRow         *choice_row;
  AdwComboRow         *zone_row;
  AdwComboRow         *first_row;
  AdwPreferencesGroup *result_group;
  GtkListBox          *result_list;
  GtkWidget           *start_button;
};

G_DEFINE_FINAL_TYPE (MusterGamePregamePage, muster_game_pregame_page, MUSTER_TYPE_GAME_PAGE)

static MusterGame *
game_of (MusterGamePregamePage *self)
{
  return muster_game_page_get_game (MUSTER_GAME_PAGE (self));
}

static MusterT9aPregame *
pregame_of (MusterGamePregamePage *self)
{
  return game_of (self) != NULL ? muster_game_get_pregame (game_of (self)) : NULL;
}

static const char *
choice_value_label (const char *value)
{
  if (g_strcmp0 (value, "nw-se") == 0)
    return _("North-West to South-East");
  if (g_strcmp0 (value, "ne-sw") == 0)
    return _("North-East to South-West");
  if (g_strcmp0 (value, "attacker") == 0)
    return _("Attacker");
  if (g_strcmp0 (value, "defender") == 0)
    return _("Defender");
  if (g_strcmp0 (value, "west") == 0)
    return _("West");
  if (g_strcmp0 (value, "east") == 0)
    return _("East");
  if (g_strcmp0 (value, "north") == 0)
    return _("North");
  if (g_strcmp0 (value, "south") == 0)
    return _("South");

  return value;
}

static const char *
deployment_label (MusterGame *game,
                  const char *deployment_id)
{
  const MusterDeployment *deployment = deployment_id != NULL
                                     ? muster_system_lookup_deployment (muster_game_get_system (game), deployment_id)
                                     : NULL;

  return deployment != NULL && deployment->name != NULL ? deployment->name : deployment_id;
}

static const char *
zone_label (MusterGame *game,
            const char *zone_id,
            const char *diagonal)
{
  const char *type = muster_t9a_pregame_get_deployment_type (muster_game_get_pregame (game));
  const MusterDeployment *deployment = type != NULL
                                     ? muster_system_lookup_deployment (muster_game_get_system (game), type)
                                     : NULL;
  g_autoptr(GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  const MusterZone *zone;

  if (diagonal != NULL)
    g_hash_table_insert (options, (gpointer) "diagonal", (gpointer) diagonal);
  zone = deployment != NULL ? muster_deployment_lookup_zone (deployment, zone_id, options) : NULL;

  return zone != NULL && zone->name != NULL ? zone->name : zone_id;
}

/* The diagonal chosen, or the one selected in the row. */
static const char *
pending_diagonal (MusterGamePregamePage *self,
                  MusterT9aPregame      *pre)
{
  const char *type = muster_t9a_pregame_get_deployment_type (pre);
  const char * const *values;
  guint selected;

  if (muster_t9a_pregame_get_diagonal (pre) != NULL)
    return muster_t9a_pregame_get_diagonal (pre);

  if (type == NULL || muster_t9a_pregame_get_type_choice (pre, type) != MUSTER_T9A_CHOICE_DIAGONAL)
    return NULL;

  values = muster_t9a_pregame_get_choice_values (pre, MUSTER_T9A_CHOICE_DIAGONAL);
  selected = adw_combo_row_get_selected (self->choice_row);

  return selected < g_strv_length ((char **) values) ? values[selected] : values[0];
}

/* The zones to pick from follow the diagonal selected. */
static void
choice_selected_cb (MusterGamePregamePage *self)
{
  MusterT9aPregame *pre = pregame_of (self);
  const char *diagonal;
  const char * const *zones;
  const char *labels[3] = { NULL };

  if (pre == NULL)
    return;

  diagonal = pending_diagonal (self, pre);
  zones = muster_t9a_pregame_get_zone_ids (pre, diagonal);
  labels[0] = zone_label (game_of (self), zones[0], diagonal);
  labels[1] = zone_label (game_of (self), zones[1], diagonal);
  /* The zone the winner has already, where it is one of the two: a
   * Confirm without a look moves no one's army. */
  muster_game_page_set_combo_strings (self->zone_row, labels,
                                      muster_game_page_current_zone_index (game_of (self),
                                                                           muster_t9a_pregame_get_chooser (pre), zones));
}

/* The deployment type */

static void
fill_type_row (MusterGamePregamePage *self,
               MusterGame            *game)
{
  GPtrArray *deployments = muster_system_get_deployments (muster_game_get_system (game));
  g_autoptr(GStrvBuilder) ids = g_strv_builder_new ();
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  const char *current_id = muster_layout_get_deployment_id (muster_game_get_layout (game));
  guint current = 0;

  for (guint i = 0; i < deployments->len; i++)
    {
      const MusterDeployment *deployment = g_ptr_array_index (deployments, i);

      if (g_strcmp0 (deployment->id, current_id) == 0)
        current = i;
      g_strv_builder_add (ids, deployment->id);
      g_ptr_array_add (labels, deployment->roll != 0 ? g_strdup_printf ("%u · %s", deployment->roll, deployment->name)
                                                     : g_strdup (deployment->name));
    }
  g_ptr_array_add (labels, NULL);

  g_strfreev (self->type_ids);
  self->type_ids = g_strv_builder_end (ids);
  muster_game_page_set_combo_strings (self->type_row, (const char * const *) labels->pdata, current);
}

static void
refresh_type (MusterGamePregamePage *self,
              MusterGame            *game)
{
  MusterT9aPregame *pre = muster_game_get_pregame (game);
  gboolean choosing = muster_t9a_pregame_get_state (pre) == MUSTER_T9A_PREGAME_DEPLOYMENT_TYPE;
  AdwActionRow *row;

  /* The row's own list, so that no empty list stays drawn. */
  gtk_widget_set_visible (gtk_widget_get_parent (GTK_WIDGET (self->type_row)), choosing);
  gtk_widget_set_margin_top (GTK_WIDGET (self->type_list), choosing ? 12 : 0);
  muster_game_page_set_group_description (self->type_group, choosing ? _("Agree on a type, or roll a D6 for it.") : NULL);
  muster_game_page_clear_list (self->type_list);

  if (choosing)
    {
      fill_type_row (self, game);
      row = muster_game_page_add_row (self->type_list, _("Roll for It"), _("One D6"));
      adw_action_row_add_suffix (row, muster_game_page_die_control (MUSTER_GAME_PAGE (self), 6, "pregame.roll-type", -1));
    }
  else
    {
      guint roll = muster_t9a_pregame_get_deployment_type_roll (pre);
      g_autofree char *subtitle = roll != 0 ? g_strdup_printf (_("Rolled %u on a D6"), roll) : g_strdup (_("Agreed"));

      row = muster_game_page_add_row (self->type_list,
                                      deployment_label (game, muster_t9a_pregame_get_deployment_type (pre)), subtitle);
      muster_game_page_row_set_icon (row, "object-select-symbolic", "success");
    }
}

/* The roll-off */

static char *
describe_attempt (MusterGame          *game,
                  guint                rolls[2],
                  MusterRollOffOutcome outcome,
                  int                  winner)
{
  g_autofree char *dice = g_strdup_printf (_("%s %u · %s %u"), muster_game_get_player_name (game, 0), rolls[0],
                                           muster_game_get_player_name (game, 1), rolls[1]);

  return muster_game_page_dup_attempt (game, dice, outcome, winner);
}

static void
refresh_roll_off (MusterGamePregamePage *self,
                  MusterGame            *game)
{
  MusterT9aPregame *pre = muster_game_get_pregame (game);

  gtk_widget_set_visible (GTK_WIDGET (self->rolloff_group),
                          muster_t9a_pregame_get_state (pre) != MUSTER_T9A_PREGAME_DEPLOYMENT_TYPE);
  muster_game_page_clear_list (self->roll_list);

  /* The attempt under way first, then the earlier ones, latest first. */
  for (guint a = muster_t9a_pregame_get_n_attempts (pre); a-- > 0;)
    {
      MusterRollOffOutcome outcome = muster_t9a_pregame_get_outcome (pre, a);
      guint rolls[2] = { muster_t9a_pregame_get_roll (pre, a, 0), muster_t9a_pregame_get_roll (pre, a, 1) };
      g_autofree char *title = NULL;
      g_autofree char *subtitle = NULL;
      AdwActionRow *row;

      for (int i = 0; outcome == MUSTER_ROLL_OFF_PENDING && i < 2; i++)
        {
          g_autofree char *waiting = rolls[i] != 0 ? g_strdup_printf (_("Rolled %u"), rolls[i])
                                                   : g_strdup (_("Waiting for the die"));

          row = muster_game_page_add_row (self->roll_list, muster_game_get_player_name (game, i), waiting);
          if (rolls[i] == 0)
            adw_action_row_add_suffix (row, muster_game_page_die_control (MUSTER_GAME_PAGE (self), 6,
                                                                          "pregame.roll-off", i));
          else
            muster_game_page_row_set_icon (row, "object-select-symbolic", "success");
        }
      if (outcome == MUSTER_ROLL_OFF_PENDING)
        continue;

      title = g_strdup_printf (_("Attempt %u"), a + 1);
      subtitle = describe_attempt (game, rolls, outcome, muster_t9a_pregame_get_chooser (pre));
      row = muster_game_page_add_row (self->roll_list, title, subtitle);
      muster_game_page_row_set_icon (row,
                                     outcome == MUSTER_ROLL_OFF_WON ? "object-select-symbolic" : "view-refresh-symbolic",
                                     outcome == MUSTER_ROLL_OFF_WON ? "success" : NULL);
    }
}

/* The winner's choices */

static char *
dup_choice_title (MusterGame      *game,
                  MusterT9aChoice  choice,
                  int              chooser)
{
  switch (choice)
    {
    case MUSTER_T9A_CHOICE_DIAGONAL:
      return g_strdup (_("Diagonal"));

    case MUSTER_T9A_CHOICE_ROLE:
      /* Translators: the role (attacker or defender) of a player */
      return g_strdup_printf (_("Role of %s"), muster_game_get_player_name (game, chooser));

    case MUSTER_T9A_CHOICE_SHORT_EDGE:
      /* Translators: the short board edge of a player */
      return g_strdup_printf (_("Short Edge of %s"), muster_game_get_player_name (game, chooser));

    case MUSTER_T9A_CHOICE_NONE:
    default:
      return NULL;
    }
}

static void
refresh_choices (MusterGamePregamePage *self,
                 MusterGame            *game)
{
  MusterT9aPregame *pre = muster_game_get_pregame (game);
  MusterT9aPregameState state = muster_t9a_pregame_get_state (pre);
  int chooser = muster_t9a_pregame_get_chooser (pre);
  MusterT9aChoice choice = muster_t9a_pregame_get_type_choice (pre, muster_t9a_pregame_get_deployment_type (pre));
  /* Translators: a player's name */
  g_autofree char *description = g_strdup_printf (_("%s won the roll-off and decides."),
                                                  muster_game_get_player_name (game, chooser));
  g_autofree char *choice_title = dup_choice_title (game, choice, chooser);
  g_autofree char *zone_title = NULL;
  g_auto(GStrv) names = muster_game_page_dup_player_names (game);

  muster_game_page_set_group_description (self->choice_group, description);

  gtk_widget_set_visible (GTK_WIDGET (self->choice_row), state == MUSTER_T9A_PREGAME_TYPE_CHOICE);
  if (choice_title != NULL)
    {
      const char * const *values = muster_t9a_pregame_get_choice_values (pre, choice);
      g_autoptr(GPtrArray) labels = g_ptr_array_new ();

      for (guint i = 0; values[i] != NULL; i++)
        g_ptr_array_add (labels, (gpointer) choice_value_label (values[i]));
      g_ptr_array_add (labels, NULL);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->choice_row), choice_title);
      muster_game_page_set_combo_strings (self->choice_row, (const char * const *) labels->pdata, 0);
    }

  /* Translators: the Deployment Zone of a player */
  zone_title = g_strdup_printf (_("Zone of %s"), muster_game_get_player_name (game, chooser));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->zone_row), zone_title);
  gtk_widget_set_visible (GTK_WIDGET (self->zone_row), state != MUSTER_T9A_PREGAME_FIRST_DEPLOYER);
  muster_game_page_set_combo_strings (self->first_row, (const char * const *) names, chooser);
  choice_selected_cb (self);
}

static void
refresh_result (MusterGamePregamePage *self,
                MusterGame            *game)
{
  MusterT9aPregame *pre = muster_game_get_pregame (game);
  const char *diagonal = muster_t9a_pregame_get_diagonal (pre);

  muster_game_page_add_row (self->result_list, _("Deployment Type"),
                            deployment_label (game, muster_t9a_pregame_get_deployment_type (pre)));
  if (diagonal != NULL)
    muster_game_page_add_row (self->result_list, _("Diagonal"), choice_value_label (diagonal));

  for (int i = 0; i < 2; i++)
    {
      const char *role = muster_t9a_pregame_get_role (pre, i);
      const char *edge = muster_t9a_pregame_get_short_edge (pre, i);
      g_autoptr(GString) subtitle = g_string_new (zone_label (game, muster_t9a_pregame_get_zone (pre, i), diagonal));

      if (role != NULL)
        g_string_append_printf (subtitle, " · %s", choice_value_label (role));
      if (edge != NULL)
        /* Translators: the short board edge of a player, "West edge" */
        g_string_append_printf (subtitle, " · %s", edge[0] == 'w' ? _("West edge") : _("East edge"));
      muster_game_page_add_row (self->result_list, muster_game_get_player_name (game, i), subtitle->str);
    }

  muster_game_page_add_row (self->result_list, _("Deploys First"),
                            muster_game_get_player_name (game, muster_t9a_pregame_get_first_deployer (pre)));
  gtk_widget_set_visible (self->start_button, muster_game_get_deployment (game) == NULL);
}

static void
muster_game_pregame_page_refresh (MusterGamePage *page,
                                  MusterGame     *game)
{
  MusterGamePregamePage *self = MUSTER_GAME_PREGAME_PAGE (page);
  MusterT9aPregame *pre = game != NULL ? muster_game_get_pregame (game) : NULL;
  MusterT9aPregameState state;

  gtk_widget_set_visible (adw_bin_get_child (ADW_BIN (self)), pre != NULL);
  if (pre == NULL)
    return;

  state = muster_t9a_pregame_get_state (pre);
  refresh_type (self, game);
  refresh_roll_off (self, game);

  gtk_widget_set_visible (GTK_WIDGET (self->choice_group),
                          state == MUSTER_T9A_PREGAME_TYPE_CHOICE ||
                          state == MUSTER_T9A_PREGAME_ZONE ||
                          state == MUSTER_T9A_PREGAME_FIRST_DEPLOYER);
  if (gtk_widget_get_visible (GTK_WIDGET (self->choice_group)))
    refresh_choices (self, game);

  gtk_widget_set_visible (GTK_WIDGET (self->result_group), state == MUSTER_T9A_PREGAME_DONE);
  muster_game_page_clear_list (self->result_list);
  if (state == MUSTER_T9A_PREGAME_DONE)
    refresh_result (self, game);
}

/* Actions: each a call of the game, whose refusal is shown */

static void
use_type_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  MusterGamePregamePage *self = MUSTER_GAME_PREGAME_PAGE (widget);
  g_autoptr(GError) error = NULL;
  guint selected = adw_combo_row_get_selected (self->type_row);

  if (game_of (self) == NULL || self->type_ids == NULL || selected >= g_strv_length (self->type_ids))
    return;

  if (!muster_game_pick_deployment_type (game_of (self), self->type_ids[selected], &error))
    muster_game_page_refuse (MUSTER_GAME_PAGE (self), error);
}

static void
roll_type_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  MusterGamePregamePage *self = MUSTER_GAME_PREGAME_PAGE (widget);
  g_autoptr(GError) error = NULL;

  if (game_of (self) != NULL &&
      !muster_game_roll_deployment_type (game_of (self), g_variant_get_uint32 (parameter), &error))
    muster_game_page_refuse (MUSTER_GAME_PAGE (self), error);
}

static void
roll_off_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  MusterGamePregamePage *self = MUSTER_GAME_PREGAME_PAGE (widget);
  g_autoptr(GError) error = NULL;
  guint value;
  int player;

  g_variant_get (parameter, "(iu)", &player, &value);
  if (game_of (self) != NULL && !muster_game_roll_off (game_of (self), player, value, &error))
    muster_game_page_refuse (MUSTER_GAME_PAGE (self), error);
}

/* The choice the type asks for, from its row; TRUE when made. */
static gboolean
decide_choice (MusterGamePregamePage  *self,
               MusterT9aPregame       *pre,
               GError                **error)
{
  MusterT9aChoice choice = muster_t9a_pregame_get_type_choice (pre, muster_t9a_pregame_get_deployment_type (pre));
  const char * const *values = muster_t9a_pregame_get_choice_values (pre, choice);
  guint selected = adw_combo_row_get_selected (self->choice_row);

  if (values == NULL || selected >= g_strv_length ((char **) values))
    return FALSE;

  return muster_game_make_choice (game_of (self), values[selected], error);
}

/* The winner's choices from the rows, one after the other; each that is
 * accepted is on the board at once. */
static void
decide_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  MusterGamePregamePage *self = MUSTER_GAME_PREGAME_PAGE (widget);
  MusterT9aPregame *pre = pregame_of (self);
  g_autoptr(GError) error = NULL;
  gboolean ok = TRUE;

  if (pre == NULL)
    return;

  if (muster_t9a_pregame_get_state (pre) == MUSTER_T9A_PREGAME_TYPE_CHOICE)
    ok = decide_choice (self, pre, &error);

  if (ok && muster_t9a_pregame_get_state (pre) == MUSTER_T9A_PREGAME_ZONE)
    {
      const char * const *zones = muster_t9a_pregame_get_zone_ids (pre, muster_t9a_pregame_get_diagonal (pre));
      guint selected = adw_combo_row_get_selected (self->zone_row);

      ok = muster_game_choose_zone (game_of (self), zones[selected < 2 ? selected : 0], &error);
    }

  if (ok && muster_t9a_pregame_get_state (pre) == MUSTER_T9A_PREGAME_FIRST_DEPLOYER)
    ok = muster_game_choose_first_deployer (game_of (self), (int) adw_combo_row_get_selected (self->first_row), &error);

  if (error != NULL)
    muster_game_page_refuse (MUSTER_GAME_PAGE (self), error);
  else if (ok && muster_t9a_pregame_get_state (pre) != MUSTER_T9A_PREGAME_DONE)
    muster_game_page_refuse_text (MUSTER_GAME_PAGE (self), _("Not now: the roll-off must be won first"));
}

/* GObject */

static void
muster_game_pregame_page_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), MUSTER_TYPE_GAME_PREGAME_PAGE);

  G_OBJECT_CLASS (muster_game_pregame_page_parent_class)->dispose (object);
}

static void
muster_game_pregame_page_finalize (GObject *object)
{
  MusterGamePregamePage *self = (MusterGamePregamePage *)object;

  g_clear_pointer (&self->type_ids, g_strfreev);

  G_OBJECT_CLASS (muster_game_pregame_page_parent_class)->finalize (object);
}

static void
muster_game_pregame_page_class_init (MusterGamePregamePageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  MusterGamePageClass *page_class = MUSTER_GAME_PAGE_CLASS (klass);

  object_class->dispose = muster_game_pregame_page_dispose;
  object_class->finalize = muster_game_pregame_page_finalize;
  page_class->refresh = muster_game_pregame_page_refresh;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/muster-game-pregame-page.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, MusterGamePregamePage, name)
  BIND (type_group);
  BIND (type_row);
  BIND (type_list);
  BIND (rolloff_group);
  BIND (roll_list);
  BIND (choice_group);
  BIND (choice_row);
  BIND (zone_row);
  BIND (first_row);
  BIND (result_group);
  BIND (result_list);
  BIND (start_button);
#undef BIND
  gtk_widget_class_bind_template_callback (widget_class, choice_selected_cb);

  gtk_widget_class_install_action (widget_class, "pregame.use-type", NULL, use_type_action);
  gtk_widget_class_install_action (widget_class, "pregame.roll-type", "u", roll_type_action);
  gtk_widget_class_install_action (widget_class, "pregame.roll-off", "(iu)", roll_off_action);
  gtk_widget_class_install_action (widget_class, "pregame.decide", NULL, decide_action);
}

static void
muster_game_pregame_page_init (MusterGamePregamePage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
