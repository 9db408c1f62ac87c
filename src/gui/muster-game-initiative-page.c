/* muster-game-initiative-page.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-game-initiative-page"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-game-initiative-page.h"
#include "muster-game-net.h"

struct _MusterGameInitiativePage
{
  MusterGamePage       parent_instance;

  /* The WIP rows are made again only when what they show changes: the
   * players may be typing in them. */
  int                  wip_signature;

  AdwPreferencesGroup *lieutenants_group;
  GtkListBox          *lieutenants_list;
  AdwPreferencesGroup *wip_group;
  GtkWidget           *wip_private_row;
  GtkSwitch           *wip_private_switch;
  GtkListBox          *wip_list;
  AdwPreferencesGroup *roll_group;
  GtkListBox          *roll_list;
  AdwPreferencesGroup *choice_group;
  AdwPreferencesGroup *decide_group;
  AdwComboRow         *first_turn_row;
  AdwComboRow         *first_deployer_row;
  AdwComboRow         *zone_row;
  int                  decided_for;     /* the keepers the rows' choices were offered to */
  AdwPreferencesGroup *result_group;
  AdwActionRow        *result_turn_row;
  AdwActionRow        *result_deploy_row;
  AdwActionRow        *result_zones_row;
  GtkWidget           *start_button;
};

G_DEFINE_FINAL_TYPE (MusterGameInitiativePage, muster_game_initiative_page, MUSTER_TYPE_GAME_PAGE)

static MusterGame *
game_of (MusterGameInitiativePage *self)
{
  return muster_game_page_get_game (MUSTER_GAME_PAGE (self));
}

static const char *
zone_label (MusterGame *game,
            const char *zone_id)
{
  MusterLayout *layout = muster_game_get_layout (game);
  const MusterDeployment *deployment;
  const MusterZone *zone;

  if (zone_id == NULL)
    return "";

  deployment = muster_system_lookup_deployment (muster_game_get_system (game), muster_layout_get_deployment_id (layout));
  zone = deployment != NULL ? muster_deployment_lookup_zone (deployment, zone_id, muster_layout_get_options (layout))
                            : NULL;

  return zone != NULL && zone->name != NULL ? zone->name : zone_id;
}

/* Lieutenants: the roll is made on the Lieutenant's WIP */

/* Says which army has no Lieutenant, or more than one; TRUE when each
 * has exactly one. */
static gboolean
refresh_lieutenants (MusterGameInitiativePage *self,
                     MusterGame               *game,
                     gboolean                  waiting)
{
  gboolean ok = TRUE;

  muster_game_page_clear_list (self->lieutenants_list);

  for (int i = 0; waiting && i < 2; i++)
    {
      guint n = muster_game_count_lieutenants (game, i);
      g_autofree char *subtitle = NULL;
      AdwActionRow *row;

      if (n == 1)
        continue;

      if (n == 0)
        subtitle = g_strdup (_("No Lieutenant: mark one trooper as Lieutenant in the roster"));
      else
        /* Translators: how many Lieutenants an army has */
        subtitle = g_strdup_printf (ngettext ("%u Lieutenant: an army has exactly one",
                                              "%u Lieutenants: an army has exactly one, and every trooper "
                                              "of a Lieutenant entry is one",
                                              n), n);

      row = muster_game_page_add_row (self->lieutenants_list, muster_game_get_player_name (game, i), subtitle);
      adw_action_row_set_subtitle_lines (row, 0);
      muster_game_page_row_set_icon (row, "dialog-warning-symbolic", "warning");
      ok = FALSE;
    }

  gtk_widget_set_visible (GTK_WIDGET (self->lieutenants_group), !ok);

  return ok;
}

/* The Lieutenants' WIP */

static void
wip_applied_cb (AdwEntryRow              *row,
                MusterGameInitiativePage *self)
{
  int player = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (row), "player"));
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (row))));
  char *end = NULL;
  guint64 wip;

  wip = g_ascii_strtoull (text, &end, 10);
  if (end == text || *end != '\0' || wip > G_MAXUINT)
    {
      /* Translators: what was typed, then the highest WIP */
      g_autofree char *message = g_strdup_printf (_("“%s” is not a WIP: type a number from 1 to %u"),
                                                  text, MUSTER_INITIATIVE_MAX_WIP);

      muster_game_page_refuse_text (MUSTER_GAME_PAGE (self), message);
      return;
    }

  gtk_widget_activate_action (GTK_WIDGET (self), "initiative.set-wip", "(iub)", player, (guint) wip,
                              gtk_switch_get_active (self->wip_private_switch));
}

static void
wip_private_changed_cb (MusterGameInitiativePage *self)
{
  self->wip_signature = -1;
  muster_game_page_queue_refresh (MUSTER_GAME_PAGE (self));
}

static GtkWidget *
wip_entry_row (MusterGameInitiativePage *self,
               MusterGame               *game,
               int                       player)
{
  MusterInfinityInitiative *ini = muster_game_get_initiative (game);
  guint wip = muster_infinity_initiative_get_wip (ini, player);
  const char *name = muster_game_get_player_name (game, player);
  GtkWidget *row = gtk_switch_get_active (self->wip_private_switch) ? adw_password_entry_row_new ()
                                                                    : adw_entry_row_new ();
  g_autofree char *title = NULL;

  if (wip == 0 && muster_game_is_hiding (game, player, "set-wip"))
    /* Translators: a player's name; across the network, the other player's WIP is not known until the roll */
    title = g_strdup_printf (_("%s’s WIP is in, hidden until the roll"), name);
  else if (wip == 0)
    /* Translators: the title of an entry, "Alice’s Lieutenant WIP" */
    title = g_strdup_printf (_("%s’s Lieutenant WIP"), name);
  else if (muster_infinity_initiative_is_wip_private (ini, player))
    title = g_strdup_printf (_("%s’s WIP is in (private)"), name);
  else
    title = g_strdup_printf (_("%s’s WIP is %u"), name, wip);

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_entry_row_set_show_apply_button (ADW_ENTRY_ROW (row), TRUE);
  adw_entry_row_set_input_purpose (ADW_ENTRY_ROW (row), GTK_INPUT_PURPOSE_DIGITS);
  g_object_set_data (G_OBJECT (row), "player", GINT_TO_POINTER (player));
  g_signal_connect (row, "apply", G_CALLBACK (wip_applied_cb), self);

  return row;
}

static void
refresh_wip_rows (MusterGameInitiativePage *self,
                  MusterGame               *game)
{
  MusterInfinityInitiative *ini = muster_game_get_initiative (game);
  gboolean entering = muster_infinity_initiative_get_state (ini) == MUSTER_INFINITY_INITIATIVE_WIP;
  int signature;

  signature = entering |
              (gtk_switch_get_active (self->wip_private_switch) << 1) |
              ((muster_infinity_initiative_get_wip (ini, 0) != 0) << 2) |
              ((muster_infinity_initiative_get_wip (ini, 1) != 0) << 3) |
              (muster_game_is_hiding (game, 0, "set-wip") << 4) |
              (muster_game_is_hiding (game, 1, "set-wip") << 5);
  if (signature == self->wip_signature)
    return;
  self->wip_signature = signature;

  muster_game_page_clear_list (self->wip_list);
  gtk_widget_set_visible (self->wip_private_row, entering);
  gtk_widget_set_margin_top (GTK_WIDGET (self->wip_list), entering ? 12 : 0);

  for (int i = 0; i < 2; i++)
    {
      g_autofree char *value = NULL;
      AdwActionRow *row;
      GtkWidget *label;

      if (entering)
        {
          gtk_list_box_append (self->wip_list, wip_entry_row (self, game, i));
          continue;
        }

      value = muster_infinity_initiative_is_wip_private (ini, i)
            ? g_strdup (_("Private"))
            : g_strdup_printf ("%u", muster_infinity_initiative_get_wip (ini, i));
      row = muster_game_page_add_row (self->wip_list, muster_game_get_player_name (game, i), NULL);
      label = gtk_label_new (value);
      gtk_widget_add_css_class (label, "dim-label");
      adw_action_row_add_suffix (row, label);
    }
}

/* The roll, attempt by attempt */

static char *
describe_attempt (MusterGame          *game,
                  guint                rolls[2],
                  guint                targets[2],
                  MusterRollOffOutcome outcome,
                  int                  winner)
{
  /* Translators: the two dice of a Face to Face Roll, ✓ for a success and ✗ for a failure */
  g_autofree char *dice = g_strdup_printf (_("%s %u %s · %s %u %s"),
                                           muster_game_get_player_name (game, 0), rolls[0],
                                           rolls[0] <= targets[0] ? "✓" : "✗",
                                           muster_game_get_player_name (game, 1), rolls[1],
                                           rolls[1] <= targets[1] ? "✓" : "✗");

  return muster_game_page_dup_attempt (game, dice, outcome, winner);
}

static void
add_pending_rows (MusterGameInitiativePage *self,
                  MusterGame               *game,
                  guint                     rolls[2])
{
  for (int i = 0; i < 2; i++)
    {
      g_autofree char *subtitle = rolls[i] != 0 ? g_strdup_printf (_("Rolled %u"), rolls[i])
                                                : g_strdup (_("Waiting for the die"));
      AdwActionRow *row = muster_game_page_add_row (self->roll_list, muster_game_get_player_name (game, i), subtitle);

      if (rolls[i] == 0)
        adw_action_row_add_suffix (row, muster_game_page_die_control (MUSTER_GAME_PAGE (self), 20,
                                                                      "initiative.roll", i));
      else
        muster_game_page_row_set_icon (row, "object-select-symbolic", "success");
    }
}

static void
refresh_rolls (MusterGameInitiativePage *self,
               MusterGame               *game)
{
  MusterInfinityInitiative *ini = muster_game_get_initiative (game);
  guint targets[2] = { muster_infinity_initiative_get_wip (ini, 0), muster_infinity_initiative_get_wip (ini, 1) };

  gtk_widget_set_visible (GTK_WIDGET (self->roll_group),
                          muster_infinity_initiative_get_state (ini) != MUSTER_INFINITY_INITIATIVE_WIP);
  muster_game_page_clear_list (self->roll_list);

  for (guint a = muster_infinity_initiative_get_n_attempts (ini); a-- > 0;)
    {
      MusterRollOffOutcome outcome = muster_infinity_initiative_get_outcome (ini, a);
      guint rolls[2] = { muster_infinity_initiative_get_roll (ini, a, 0), muster_infinity_initiative_get_roll (ini, a, 1) };
      g_autofree char *title = NULL;
      g_autofree char *subtitle = NULL;
      AdwActionRow *row;

      if (outcome == MUSTER_ROLL_OFF_PENDING)
        {
          add_pending_rows (self, game, rolls);
          continue;
        }

      title = g_strdup_printf (_("Attempt %u"), a + 1);
      subtitle = describe_attempt (game, rolls, targets, outcome, muster_infinity_initiative_get_winner (ini));
      row = muster_game_page_add_row (self->roll_list, title, subtitle);
      muster_game_page_row_set_icon (row,
                                     outcome == MUSTER_ROLL_OFF_WON ? "object-select-symbolic" : "view-refresh-symbolic",
                                     outcome == MUSTER_ROLL_OFF_WON ? "success" : NULL);
    }
}

/* After the roll */

static void
refresh_decisions (MusterGameInitiativePage *self,
                   MusterGame               *game)
{
  MusterInfinityInitiative *ini = muster_game_get_initiative (game);
  int initiative = muster_infinity_initiative_get_initiative_holder (ini);
  int deployment = muster_infinity_initiative_get_deployment_holder (ini);
  g_auto(GStrv) names = muster_game_page_dup_player_names (game);
  g_auto(GStrv) zones = muster_game_dup_infinity_zones (game);
  const char *zone_names[] = { zone_label (game, zones[0]), zone_label (game, zones[1]), NULL };
  gboolean deployer_open = muster_infinity_initiative_get_first_deployer (ini) == MUSTER_PLAYER_NONE;
  g_autofree char *description = NULL;
  g_autofree char *turn_subtitle = NULL;
  g_autofree char *deployer_subtitle = NULL;
  g_autofree char *zone_title = NULL;

  /* Translators: two players' names */
  description = g_strdup_printf (_("%s keeps Initiative, %s keeps Deployment."),
                                 muster_game_get_player_name (game, initiative),
                                 muster_game_get_player_name (game, deployment));
  muster_game_page_set_group_description (self->decide_group, description);

  /* Translators: who decides this */
  turn_subtitle = g_strdup_printf (_("%s decides"), muster_game_get_player_name (game, initiative));
  deployer_subtitle = g_strdup_printf (_("%s decides"), muster_game_get_player_name (game, deployment));
  /* Translators: the Deployment Zone of a player */
  zone_title = g_strdup_printf (_("Zone of %s"), muster_game_get_player_name (game, deployment));

  /* A new pair of keepers (another roll, or a decision undone and made
   * otherwise) is offered the defaults again: the same labels would
   * otherwise keep what was picked for the others. */
  if (self->decided_for != initiative * 2 + deployment)
    {
      self->decided_for = initiative * 2 + deployment;
      adw_combo_row_set_model (self->first_turn_row, NULL);
      adw_combo_row_set_model (self->first_deployer_row, NULL);
      adw_combo_row_set_model (self->zone_row, NULL);
    }
  muster_game_page_set_combo_strings (self->first_turn_row, (const char * const *) names, initiative);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->first_turn_row), turn_subtitle);
  gtk_widget_set_visible (GTK_WIDGET (self->first_turn_row),
                          muster_infinity_initiative_get_first_turn (ini) == MUSTER_PLAYER_NONE);

  muster_game_page_set_combo_strings (self->first_deployer_row, (const char * const *) names, deployment);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->first_deployer_row), deployer_subtitle);
  /* The zone the keeper of Deployment has already, where it is one of the
   * two: a Confirm without a look moves no one's troops. */
  muster_game_page_set_combo_strings (self->zone_row, zone_names,
                                      muster_game_page_current_zone_index (game, deployment,
                                                                           (const char * const *) zones));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->zone_row), zone_title);
  gtk_widget_set_visible (GTK_WIDGET (self->first_deployer_row), deployer_open);
  gtk_widget_set_visible (GTK_WIDGET (self->zone_row), deployer_open);
}

static void
refresh_result (MusterGameInitiativePage *self,
                MusterGame               *game)
{
  MusterInfinityInitiative *ini = muster_game_get_initiative (game);
  g_autofree char *zones = NULL;

  adw_action_row_set_subtitle (self->result_turn_row,
                               muster_game_get_player_name (game, muster_infinity_initiative_get_first_turn (ini)));
  adw_action_row_set_subtitle (self->result_deploy_row,
                               muster_game_get_player_name (game, muster_infinity_initiative_get_first_deployer (ini)));
  /* Translators: each player and their Deployment Zone */
  zones = g_strdup_printf (_("%s: %s · %s: %s"),
                           muster_game_get_player_name (game, 0),
                           zone_label (game, muster_infinity_initiative_get_zone (ini, 0)),
                           muster_game_get_player_name (game, 1),
                           zone_label (game, muster_infinity_initiative_get_zone (ini, 1)));
  adw_action_row_set_subtitle (self->result_zones_row, zones);
  gtk_widget_set_visible (self->start_button, muster_game_get_deployment (game) == NULL);
}

static void
muster_game_initiative_page_refresh (MusterGamePage *page,
                                     MusterGame     *game)
{
  MusterGameInitiativePage *self = MUSTER_GAME_INITIATIVE_PAGE (page);
  MusterInfinityInitiative *ini = game != NULL ? muster_game_get_initiative (game) : NULL;
  MusterInfinityInitiativeState state;
  gboolean lieutenants;

  gtk_widget_set_visible (adw_bin_get_child (ADW_BIN (self)), ini != NULL);
  if (ini == NULL)
    {
      self->wip_signature = -1;
      return;
    }

  state = muster_infinity_initiative_get_state (ini);

  /* Until someone wins, the roll waits for one Lieutenant each. */
  lieutenants = refresh_lieutenants (self, game, state == MUSTER_INFINITY_INITIATIVE_WIP ||
                                                 state == MUSTER_INFINITY_INITIATIVE_ROLL);
  gtk_widget_set_sensitive (GTK_WIDGET (self->wip_list), lieutenants);
  gtk_widget_set_sensitive (GTK_WIDGET (self->roll_list), lieutenants);

  muster_game_page_set_group_description (self->wip_group,
                                          state == MUSTER_INFINITY_INITIATIVE_WIP
                                          ? _("Each player enters their Lieutenant’s WIP; the roll needs both.")
                                          : NULL);
  refresh_wip_rows (self, game);
  refresh_rolls (self, game);

  gtk_widget_set_visible (GTK_WIDGET (self->choice_group), state == MUSTER_INFINITY_INITIATIVE_CHOOSE);
  if (state == MUSTER_INFINITY_INITIATIVE_CHOOSE)
    {
      int winner = muster_infinity_initiative_get_winner (ini);
      /* Translators: the winner's name, then the other player's */
      g_autofree char *description = g_strdup_printf (_("%s won the roll and keeps Initiative or Deployment; "
                                                        "%s gets the other."),
                                                      muster_game_get_player_name (game, winner),
                                                      muster_game_get_player_name (game, 1 - winner));

      muster_game_page_set_group_description (self->choice_group, description);
    }

  gtk_widget_set_visible (GTK_WIDGET (self->decide_group), state == MUSTER_INFINITY_INITIATIVE_DECIDE);
  if (state == MUSTER_INFINITY_INITIATIVE_DECIDE)
    refresh_decisions (self, game);

  gtk_widget_set_visible (GTK_WIDGET (self->result_group), state == MUSTER_INFINITY_INITIATIVE_DONE);
  if (state == MUSTER_INFINITY_INITIATIVE_DONE)
    refresh_result (self, game);
}

/* Actions: each a call of the game, whose refusal is shown */

static void
set_wip_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  MusterGameInitiativePage *self = MUSTER_GAME_INITIATIVE_PAGE (widget);
  g_autoptr(GError) error = NULL;
  gboolean is_private;
  guint wip;
  int player;

  g_variant_get (parameter, "(iub)", &player, &wip, &is_private);
  if (game_of (self) != NULL && !muster_game_set_wip (game_of (self), player, wip, is_private, &error))
    muster_game_page_refuse (MUSTER_GAME_PAGE (self), error);
}

static void
roll_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  MusterGameInitiativePage *self = MUSTER_GAME_INITIATIVE_PAGE (widget);
  g_autoptr(GError) error = NULL;
  guint value;
  int player;

  g_variant_get (parameter, "(iu)", &player, &value);
  if (game_of (self) != NULL && !muster_game_roll_initiative (game_of (self), player, value, &error))
    muster_game_page_refuse (MUSTER_GAME_PAGE (self), error);
}

static void
keep_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  MusterGameInitiativePage *self = MUSTER_GAME_INITIATIVE_PAGE (widget);
  g_autoptr(GError) error = NULL;
  MusterInfinityKeep keep = g_str_equal (g_variant_get_string (parameter, NULL), "deployment")
                          ? MUSTER_INFINITY_KEEP_DEPLOYMENT : MUSTER_INFINITY_KEEP_INITIATIVE;

  if (game_of (self) != NULL && !muster_game_keep (game_of (self), keep, &error))
    muster_game_page_refuse (MUSTER_GAME_PAGE (self), error);
}

/* Both decisions from the rows: who plays first, then who deploys first
 * and where; the second waits for the first. */
static void
decide_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  MusterGameInitiativePage *self = MUSTER_GAME_INITIATIVE_PAGE (widget);
  MusterGame *game = game_of (self);
  MusterInfinityInitiative *ini = game != NULL ? muster_game_get_initiative (game) : NULL;
  g_autoptr(GError) error = NULL;

  if (ini == NULL)
    return;

  if (muster_infinity_initiative_get_first_turn (ini) == MUSTER_PLAYER_NONE &&
      !muster_game_choose_first_turn (game, (int) adw_combo_row_get_selected (self->first_turn_row), &error))
    {
      muster_game_page_refuse (MUSTER_GAME_PAGE (self), error);
      return;
    }

  if (muster_infinity_initiative_get_first_deployer (ini) == MUSTER_PLAYER_NONE)
    {
      g_auto(GStrv) zones = muster_game_dup_infinity_zones (game);
      guint zone = adw_combo_row_get_selected (self->zone_row);

      if (!muster_game_choose_deployment (game, (int) adw_combo_row_get_selected (self->first_deployer_row),
                                          zones[zone < 2 ? zone : 0], &error))
        muster_game_page_refuse (MUSTER_GAME_PAGE (self), error);
    }
}

/* GObject */

static void
muster_game_initiative_page_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), MUSTER_TYPE_GAME_INITIATIVE_PAGE);

  G_OBJECT_CLASS (muster_game_initiative_page_parent_class)->dispose (object);
}

static void
muster_game_initiative_page_class_init (MusterGameInitiativePageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  MusterGamePageClass *page_class = MUSTER_GAME_PAGE_CLASS (klass);

  object_class->dispose = muster_game_initiative_page_dispose;
  page_class->refresh = muster_game_initiative_page_refresh;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/muster-game-initiative-page.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, MusterGameInitiativePage, name)
  BIND (lieutenants_group);
  BIND (lieutenants_list);
  BIND (wip_group);
  BIND (wip_private_row);
  BIND (wip_private_switch);
  BIND (wip_list);
  BIND (roll_group);
  BIND (roll_list);
  BIND (choice_group);
  BIND (decide_group);
  BIND (first_turn_row);
  BIND (first_deployer_row);
  BIND (zone_row);
  BIND (result_group);
  BIND (result_turn_row);
  BIND (result_deploy_row);
  BIND (result_zones_row);
  BIND (start_button);
#undef BIND
  gtk_widget_class_bind_template_callback (widget_class, wip_private_changed_cb);

  gtk_widget_class_install_action (widget_class, "initiative.set-wip", "(iub)", set_wip_action);
  gtk_widget_class_install_action (widget_class, "initiative.roll", "(iu)", roll_action);
  gtk_widget_class_install_action (widget_class, "initiative.keep", "s", keep_action);
  gtk_widget_class_install_action (widget_class, "initiative.decide", NULL, decide_action);
}

static void
muster_game_initiative_page_init (MusterGameInitiativePage *self)
{
  self->wip_signature = -1;
  self->decided_for = -1;
  gtk_widget_init_template (GTK_WIDGET (self));
}
