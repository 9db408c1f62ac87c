/* muster-game-deployment-page.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-game-deployment-page"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-game-deployment-page.h"
#include "muster-game-net.h"
#include "muster-roster.h"

struct _MusterGameDeploymentPage
{
  MusterGamePage       parent_instance;

  GtkWidget           *box;
  GtkWidget           *waiting_page;
  GtkLabel            *waiting_page_description;
  AdwPreferencesGroup *status_group;
  GtkListBox          *count_list;
  GtkButton           *finish_step_button;
  GtkWidget           *finish_declarations_button;
  AdwPreferencesGroup *done_group;
  GtkListBox          *done_list;
  GtkWidget           *go_to_orders_button;
  AdwPreferencesGroup *options_group;
  AdwComboRow         *edge_row;
  GtkWidget           *delay_row;
  AdwPreferencesGroup *troopers_group_0;
  AdwPreferencesGroup *troopers_group_1;
  GtkListBox          *troopers_list_0;
  GtkListBox          *troopers_list_1;
  GtkToggleButton     *player_sight_button_0;
  GtkToggleButton     *player_sight_button_1;
};

G_DEFINE_FINAL_TYPE (MusterGameDeploymentPage, muster_game_deployment_page, MUSTER_TYPE_GAME_PAGE)

static MusterGame *
game_of (MusterGameDeploymentPage *self)
{
  return muster_game_page_get_game (MUSTER_GAME_PAGE (self));
}

static const char *
hold_label (MusterHoldReason reason)
{
  switch (reason)
    {
    case MUSTER_HOLD_OFF_TABLE:
      return _("Held off the table");
    case MUSTER_HOLD_SPECIAL_DEPLOYMENT:
      return _("Special Deployment");
    case MUSTER_HOLD_RESERVE:
      return _("In reserve");
    case MUSTER_HOLD_DELAYED:
      return _("Delayed");
    case MUSTER_HOLD_NONE:
    default:
      return NULL;
    }
}

static GtkWidget *
trooper_button (const char              *label,
                const char              *action,
                const MusterGameTrooper *trooper,
                gboolean                 suggested)
{
  return muster_game_page_action_button (label, action, g_variant_new_string (trooper->id), suggested);
}

/* Each player's troopers */

/* Its model was taken off the table: what may stand in for it
 * (muster_game_find_candidate()), and where the player finds one. */
static char *
dup_lost_status (MusterGame              *game,
                 const MusterGameTrooper *trooper)
{
  g_autoptr(MusterRoster) roster = NULL;

  if (trooper->entry_id == NULL)
    /* Translators: the trooper's name */
    return g_strdup_printf (_("Taken off the table: add “%s” to the roster on the Players page and place it"),
                            trooper->name);

  roster = muster_roster_new (muster_game_get_layout (game));
  if (muster_roster_lookup (roster, trooper->entry_id, NULL) == NULL)
    return g_strdup (_("Taken off the table with its roster entry: undo the removal to deploy it"));

  return g_strdup (_("Taken off the table: place another from the Players page"));
}

static char *
dup_trooper_status (MusterGame              *game,
                    const MusterGameTrooper *trooper,
                    MusterPiece             *piece)
{
  MusterDeploymentPhase *phase = muster_game_get_deployment (game);
  MusterHoldReason hold = muster_deployment_phase_get_hold_reason (phase, trooper->id);
  GString *status = g_string_new (NULL);

  if (muster_deployment_phase_is_placed (phase, trooper->id))
    g_string_append_printf (status,
                            muster_game_get_kind (game) == MUSTER_GAME_KIND_INFINITY ? _("Deployed in step %u")
                                                                                     : _("Deployed in turn %u"),
                            muster_deployment_phase_get_placement_turn (phase, trooper->id));
  else if (hold != MUSTER_HOLD_NONE)
    g_string_append (status, hold_label (hold));
  else if (piece != NULL)
    g_string_append (status, _("On the table"));
  else if (muster_game_trooper_lost_piece (game, trooper))
    {
      g_autofree char *lost = dup_lost_status (game, trooper);

      g_string_append (status, lost);
    }
  else
    g_string_append (status, _("Not on the table"));

  /* As it is now: a Lieutenant marked since the deployment began is one. */
  if (muster_game_is_trooper_lieutenant (game, trooper))
    /* Translators: appended to a trooper's status */
    g_string_append (status, _(" · Lieutenant"));

  return g_string_free (status, FALSE);
}

/* What the trooper's row offers now. */
static void
add_trooper_buttons (AdwActionRow            *row,
                     MusterGame              *game,
                     const MusterGameTrooper *trooper,
                     MusterPiece             *piece)
{
  MusterDeploymentPhase *phase = muster_game_get_deployment (game);
  MusterDeploymentPhaseState state = muster_deployment_phase_get_state (phase);
  MusterHoldReason hold = muster_deployment_phase_get_hold_reason (phase, trooper->id);
  MusterTrooperFlags flags = muster_game_get_trooper_flags (game, trooper);
  gboolean placed = muster_deployment_phase_is_placed (phase, trooper->id);
  gboolean infinity = muster_game_get_kind (game) == MUSTER_GAME_KIND_INFINITY;
  GtkWidget *button;

  if (state == MUSTER_DEPLOYMENT_PHASE_DECLARATIONS)
    {
      if (hold != MUSTER_HOLD_NONE)
        adw_action_row_add_suffix (row, trooper_button (_("Release"), "deployment.release", trooper, FALSE));
      if (hold == MUSTER_HOLD_NONE && (flags & MUSTER_TROOPER_SPECIAL_DEPLOYMENT) != 0)
        adw_action_row_add_suffix (row, trooper_button (_("Special"), "deployment.special", trooper, FALSE));
      if (hold == MUSTER_HOLD_NONE && muster_deployment_phase_get_max_reserves (phase) > 0)
        adw_action_row_add_suffix (row, trooper_button (_("Reserve"), "deployment.reserve", trooper, FALSE));
      return;
    }

  if (state != MUSTER_DEPLOYMENT_PHASE_DEPLOYING ||
      muster_deployment_phase_get_active_player (phase) != trooper->player)
    return;

  if (placed && muster_deployment_phase_get_placement_turn (phase, trooper->id) == muster_deployment_phase_get_step (phase))
    {
      button = muster_game_page_icon_button ("edit-undo-symbolic", _("Take Back"), "deployment.take-back",
                                             g_variant_new_string (trooper->id));
      adw_action_row_add_suffix (row, button);
    }
  else if (hold == MUSTER_HOLD_OFF_TABLE && infinity)
    adw_action_row_add_suffix (row, trooper_button (_("Release"), "deployment.release", trooper, FALSE));
  else if (!placed && hold == MUSTER_HOLD_NONE)
    {
      if ((flags & MUSTER_TROOPER_MAY_STAY_OFF_TABLE) != 0)
        adw_action_row_add_suffix (row, trooper_button (_("Hold Back"), "deployment.hold-back", trooper, FALSE));
      if (piece != NULL)
        adw_action_row_add_suffix (row, trooper_button (_("Deploy"), "deployment.deploy", trooper, TRUE));
    }
}

static void
refresh_trooper_list (MusterGameDeploymentPage *self,
                      MusterGame               *game,
                      int                       player)
{
  MusterDeploymentPhase *phase = muster_game_get_deployment (game);
  GtkListBox *list = player == 0 ? self->troopers_list_0 : self->troopers_list_1;
  AdwPreferencesGroup *group = player == 0 ? self->troopers_group_0 : self->troopers_group_1;
  GtkToggleButton *player_sight = player == 0 ? self->player_sight_button_0 : self->player_sight_button_1;
  const char *name = muster_game_get_player_name (game, player);
  /* Translators: a player's name */
  g_autofree char *tooltip = g_strdup_printf (_("Show What %s’s Troopers See"), name);

  muster_game_page_set_group_title (group, name);
  muster_game_page_name_button (GTK_WIDGET (player_sight), tooltip);
  gtk_toggle_button_set_active (player_sight,
                                g_strcmp0 (muster_game_page_get_sight_player (MUSTER_GAME_PAGE (self)),
                                           muster_game_get_player_id (game, player)) == 0);

  muster_game_page_clear_list (list);
  for (guint i = 0; i < muster_game_get_n_troopers (game); i++)
    {
      const MusterGameTrooper *trooper = muster_game_get_trooper (game, i);
      MusterPiece *piece;
      g_autofree char *status = NULL;
      AdwActionRow *row;

      if (trooper->player != player)
        continue;

      piece = muster_game_find_candidate (game, trooper);
      status = dup_trooper_status (game, trooper, piece);
      row = muster_game_page_add_row (list, muster_game_get_trooper_name (game, trooper), status);
      if (muster_deployment_phase_is_placed (phase, trooper->id))
        muster_game_page_row_set_icon (row, "object-select-symbolic", "success");
      else if (muster_deployment_phase_get_hold_reason (phase, trooper->id) != MUSTER_HOLD_NONE)
        muster_game_page_row_set_icon (row, "media-playback-pause-symbolic", "warning");

      add_trooper_buttons (row, game, trooper, piece);
      if (piece != NULL)
        adw_action_row_add_suffix (row, muster_game_page_sight_button (MUSTER_GAME_PAGE (self), piece->id));
    }
}

/* Whose step, and how far everyone is */

/* In a game across the network: the troopers the player keeps off the
 * table, unknown here until they appear ("1 trooper held back"). */
static char *
dup_hidden (MusterGame *game,
            int         player)
{
  guint n = muster_game_count_held_back (game, player);

  if (n == 0)
    return NULL;

  /* Translators: troopers a player keeps off the table, which the other player does not know yet */
  return g_strdup_printf (ngettext ("%u trooper held back", "%u troopers held back", n), n);
}

static void
refresh_status (MusterGameDeploymentPage *self,
                MusterGame               *game)
{
  MusterDeploymentPhase *phase = muster_game_get_deployment (game);
  int active = muster_deployment_phase_get_active_player (phase);
  g_autofree char *step = muster_deployment_phase_describe (phase);
  g_autofree char *title = NULL;
  g_autofree char *description = NULL;

  switch (muster_deployment_phase_get_state (phase))
    {
    case MUSTER_DEPLOYMENT_PHASE_DEPLOYING:
      /* Translators: the title over whose deployment step or turn it is */
      title = g_strdup_printf (_("%s Deploys"), muster_game_get_player_name (game, active));
      /* Translators: the step or turn, then what to do in it; Infinity's
       * word, then the 9th Age's */
      description = muster_game_get_kind (game) == MUSTER_GAME_KIND_INFINITY
                    ? g_strdup_printf (_("%s. Place troopers on the table from the Players page, then "
                                         "deploy them here."), step)
                    : g_strdup_printf (_("%s. Place units on the table from the Players page, then "
                                         "deploy them here."), step);
      break;

    case MUSTER_DEPLOYMENT_PHASE_DECLARATIONS:
      title = g_strdup (_("Declarations"));
      description = g_strdup (_("Declare the units that deploy by Special Deployment or stay in reserve."));
      break;

    case MUSTER_DEPLOYMENT_PHASE_SETUP:
    case MUSTER_DEPLOYMENT_PHASE_DONE:
    default:
      title = g_steal_pointer (&step);
      break;
    }

  muster_game_page_set_group_title (self->status_group, title);
  muster_game_page_set_group_description (self->status_group, description);

  muster_game_page_clear_list (self->count_list);
  for (int p = 0; p < 2; p++)
    {
      guint held = muster_deployment_phase_get_n_held (phase, p);
      guint placed = muster_deployment_phase_get_n_placed (phase, p);
      guint all = muster_deployment_phase_get_n_troopers (phase, p);
      /* Translators: how many of all are deployed */
      g_autofree char *deployed = g_strdup_printf (ngettext ("%u of %u deployed", "%u of %u deployed", all),
                                                   placed, all);
      /* Translators: how many are held back, after how many are deployed */
      g_autofree char *subtitle = held > 0 ? g_strdup_printf (ngettext ("%s · %u held back", "%s · %u held back", held),
                                                              deployed, held)
                                           : g_strdup (deployed);
      g_autofree char *hidden = dup_hidden (game, p);
      AdwActionRow *row;
      GtkWidget *space;

      if (hidden != NULL)
        {
          /* Translators: how far a player's deployment is, then the troopers they hold back in secret */
          char *both = g_strdup_printf (_("%s · %s"), subtitle, hidden);

          g_free (subtitle);
          subtitle = both;
        }
      row = muster_game_page_add_row (self->count_list, muster_game_get_player_name (game, p), subtitle);

      if (p == active)
        {
          muster_game_page_row_set_icon (row, "media-playback-start-symbolic", "accent");
          gtk_widget_set_tooltip_text (GTK_WIDGET (row), _("Deploying now"));
          continue;
        }

      /* The same indent as the row of the player deploying. */
      space = gtk_image_new ();
      gtk_image_set_pixel_size (GTK_IMAGE (space), 16);
      adw_action_row_add_prefix (row, space);
    }
}

/* Everyone is down: what to watch out for, as the table is now. */
static void
refresh_done (MusterGameDeploymentPage *self,
              MusterGame               *game)
{
  MusterDeploymentPhase *phase = muster_game_get_deployment (game);
  gboolean t9a = muster_game_get_kind (game) == MUSTER_GAME_KIND_T9A;
  gboolean any = FALSE;
  AdwActionRow *row;

  muster_game_page_clear_list (self->done_list);
  for (int p = 0; p < 2; p++)
    {
      guint held = muster_deployment_phase_get_n_held (phase, p);
      g_autofree char *subtitle = NULL;

      if (!t9a && !muster_game_knows_lieutenant (game, p))
        {
          /* Across the network: the other player's to know. */
          row = muster_game_page_add_row (self->done_list, muster_game_get_player_name (game, p),
                                          _("Which trooper is the Lieutenant is hidden"));
          muster_game_page_row_set_icon (row, "dialog-information-symbolic", "dim-label");
          any = TRUE;
        }
      else if (!t9a && !muster_game_has_lieutenant_on_table (game, p))
        {
          /* Translators: a player's name */
          subtitle = g_strdup_printf (_("Loss of Lieutenant: %s’s Lieutenant is not on the table"),
                                      muster_game_get_player_name (game, p));
          row = muster_game_page_add_row (self->done_list, muster_game_get_player_name (game, p), subtitle);
          muster_game_page_row_set_icon (row, "dialog-warning-symbolic", "warning");
          any = TRUE;
        }
      else if (t9a && held > 0)
        {
          subtitle = g_strdup_printf (ngettext ("%u unit off the table, to enter later",
                                                "%u units off the table, to enter later", held), held);
          row = muster_game_page_add_row (self->done_list, muster_game_get_player_name (game, p), subtitle);
          muster_game_page_row_set_icon (row, "media-playback-pause-symbolic", "warning");
          any = TRUE;
        }
    }

  if (!any)
    {
      row = muster_game_page_add_row (self->done_list,
                                      t9a ? _("Every unit is on the table") : _("Both Lieutenants are on the table"),
                                      NULL);
      muster_game_page_row_set_icon (row, "object-select-symbolic", "success");
    }

  gtk_widget_set_visible (self->go_to_orders_button, !t9a && muster_game_get_order_rules (game) != NULL);
}

static void
refresh_options (MusterGameDeploymentPage *self,
                 MusterGame               *game)
{
  MusterDeploymentPhase *phase = muster_game_get_deployment (game);
  int active = muster_deployment_phase_get_active_player (phase);
  gboolean deploying = muster_deployment_phase_get_state (phase) == MUSTER_DEPLOYMENT_PHASE_DEPLOYING && active >= 0;
  gboolean edge = deploying && muster_deployment_phase_get_needs_short_edge (phase) &&
                  muster_deployment_phase_get_short_edge (phase, active) == NULL;
  gboolean delay = deploying && muster_deployment_phase_get_can_delay (phase);

  gtk_widget_set_visible (GTK_WIDGET (self->options_group), edge || delay);
  gtk_widget_set_visible (GTK_WIDGET (self->edge_row), edge);
  if (edge)
    {
      gboolean portrait = g_str_equal (muster_game_get_short_edges (game)[0], "north");
      const char *labels[] = { portrait ? _("North") : _("West"), portrait ? _("South") : _("East"), NULL };

      muster_game_page_set_combo_strings (self->edge_row, labels, 0);
    }
  gtk_widget_set_visible (self->delay_row, delay);
}

static void
muster_game_deployment_page_refresh (MusterGamePage *page,
                                     MusterGame     *game)
{
  MusterGameDeploymentPage *self = MUSTER_GAME_DEPLOYMENT_PAGE (page);
  MusterDeploymentPhase *phase = game != NULL ? muster_game_get_deployment (game) : NULL;
  MusterDeploymentPhaseState state = phase != NULL ? muster_deployment_phase_get_state (phase)
                                                   : MUSTER_DEPLOYMENT_PHASE_SETUP;
  int active = phase != NULL ? muster_deployment_phase_get_active_player (phase) : MUSTER_PLAYER_NONE;
  GtkWidget *first;

  gtk_widget_set_visible (GTK_WIDGET (self->waiting_page), phase == NULL);
  gtk_widget_set_visible (self->box, phase != NULL);
  if (phase == NULL)
    {
      gboolean t9a = game != NULL && muster_game_get_kind (game) == MUSTER_GAME_KIND_T9A;

      muster_game_page_set_status_description (self->waiting_page_description,
                                               t9a ? _("Finish the pre-game first: the deployment type, the roll-off "
                                                       "and the winner’s choices.")
                                                   : _("Finish the Initiative Roll first: it decides who deploys "
                                                       "first and where."));
      return;
    }

  refresh_status (self, game);
  refresh_options (self, game);
  refresh_trooper_list (self, game, 0);
  refresh_trooper_list (self, game, 1);

  /* The list of the player deploying comes first. */
  first = GTK_WIDGET (active == 1 ? self->troopers_group_1 : self->troopers_group_0);
  gtk_box_reorder_child_after (GTK_BOX (self->box), first, GTK_WIDGET (self->options_group));
  gtk_box_reorder_child_after (GTK_BOX (self->box),
                               GTK_WIDGET (active == 1 ? self->troopers_group_0 : self->troopers_group_1), first);

  gtk_widget_set_visible (GTK_WIDGET (self->finish_step_button), state == MUSTER_DEPLOYMENT_PHASE_DEPLOYING);
  if (state == MUSTER_DEPLOYMENT_PHASE_DEPLOYING)
    {
      g_autofree char *label = NULL;

      if (muster_game_get_kind (game) == MUSTER_GAME_KIND_T9A)
        /* Translators: a player's name */
        label = g_strdup_printf (_("_End %s’s Turn"), muster_game_get_player_name (game, active));
      else
        label = g_strdup_printf (_("_Finish Step %u"), muster_deployment_phase_get_step (phase));
      gtk_button_set_label (self->finish_step_button, label);
    }
  gtk_widget_set_visible (self->finish_declarations_button, state == MUSTER_DEPLOYMENT_PHASE_DECLARATIONS);

  gtk_widget_set_visible (GTK_WIDGET (self->done_group), state == MUSTER_DEPLOYMENT_PHASE_DONE);
  if (state == MUSTER_DEPLOYMENT_PHASE_DONE)
    refresh_done (self, game);
}

/* Line of Fire of a player's troopers */

static void
player_sight_toggled_cb (MusterGameDeploymentPage *self,
                         GtkToggleButton          *button)
{
  MusterGamePage *page = MUSTER_GAME_PAGE (self);
  const char *player_id;

  if (muster_game_page_is_syncing (page) || game_of (self) == NULL)
    return;

  player_id = muster_game_get_player_id (game_of (self), button == self->player_sight_button_0 ? 0 : 1);
  if (gtk_toggle_button_get_active (button))
    muster_game_page_show_sight (page, NULL, player_id);
  else if (g_strcmp0 (muster_game_page_get_sight_player (page), player_id) == 0)
    muster_game_page_show_sight (page, NULL, NULL);
}

/* Actions: each a call of the game, whose refusal is shown */

typedef gboolean (*TrooperCall) (MusterGame  *game,
                                 const char  *trooper_id,
                                 GError     **error);

static void
call_on_trooper (GtkWidget   *widget,
                 GVariant    *parameter,
                 TrooperCall  call)
{
  MusterGameDeploymentPage *self = MUSTER_GAME_DEPLOYMENT_PAGE (widget);
  g_autoptr(GError) error = NULL;

  if (game_of (self) != NULL && !call (game_of (self), g_variant_get_string (parameter, NULL), &error))
    muster_game_page_refuse (MUSTER_GAME_PAGE (self), error);
}

static void
deploy_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  call_on_trooper (widget, parameter, muster_game_deploy);
}

static void
take_back_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  call_on_trooper (widget, parameter, muster_game_take_back);
}

static void
release_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  call_on_trooper (widget, parameter, muster_game_release);
}

static void
hold_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  MusterGameDeploymentPage *self = MUSTER_GAME_DEPLOYMENT_PAGE (widget);
  g_autoptr(GError) error = NULL;
  MusterHoldReason reason = MUSTER_HOLD_OFF_TABLE;

  if (g_str_equal (action_name, "deployment.reserve"))
    reason = MUSTER_HOLD_RESERVE;
  else if (g_str_equal (action_name, "deployment.special"))
    reason = MUSTER_HOLD_SPECIAL_DEPLOYMENT;

  if (game_of (self) != NULL && !muster_game_hold (game_of (self), g_variant_get_string (parameter, NULL), reason, &error))
    muster_game_page_refuse (MUSTER_GAME_PAGE (self), error);
}

static void
phase_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  MusterGameDeploymentPage *self = MUSTER_GAME_DEPLOYMENT_PAGE (widget);
  MusterGame *game = game_of (self);
  g_autoptr(GError) error = NULL;
  gboolean ok;

  if (game == NULL)
    return;

  if (g_str_equal (action_name, "deployment.finish-step"))
    ok = muster_game_finish_step (game, &error);
  else if (g_str_equal (action_name, "deployment.finish-declarations"))
    ok = muster_game_finish_declarations (game, &error);
  else if (g_str_equal (action_name, "deployment.delay-remaining"))
    ok = muster_game_delay_remaining (game, &error);
  else
    ok = muster_game_choose_short_edge (game, muster_game_get_short_edges (game)[adw_combo_row_get_selected (self->edge_row) == 1],
                                        &error);

  if (!ok)
    muster_game_page_refuse (MUSTER_GAME_PAGE (self), error);
}

/* GObject */

static void
muster_game_deployment_page_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), MUSTER_TYPE_GAME_DEPLOYMENT_PAGE);

  G_OBJECT_CLASS (muster_game_deployment_page_parent_class)->dispose (object);
}

static void
muster_game_deployment_page_class_init (MusterGameDeploymentPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  MusterGamePageClass *page_class = MUSTER_GAME_PAGE_CLASS (klass);

  object_class->dispose = muster_game_deployment_page_dispose;
  page_class->refresh = muster_game_deployment_page_refresh;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/muster-game-deployment-page.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, MusterGameDeploymentPage, name)
  BIND (box);
  BIND (waiting_page);
  BIND (waiting_page_description);
  BIND (status_group);
  BIND (count_list);
  BIND (finish_step_button);
  BIND (finish_declarations_button);
  BIND (done_group);
  BIND (done_list);
  BIND (go_to_orders_button);
  BIND (options_group);
  BIND (edge_row);
  BIND (delay_row);
  BIND (troopers_group_0);
  BIND (troopers_group_1);
  BIND (troopers_list_0);
  BIND (troopers_list_1);
  BIND (player_sight_button_0);
  BIND (player_sight_button_1);
#undef BIND
  gtk_widget_class_bind_template_callback (widget_class, player_sight_toggled_cb);

  gtk_widget_class_install_action (widget_class, "deployment.deploy", "s", deploy_action);
  gtk_widget_class_install_action (widget_class, "deployment.take-back", "s", take_back_action);
  gtk_widget_class_install_action (widget_class, "deployment.release", "s", release_action);
  gtk_widget_class_install_action (widget_class, "deployment.hold-back", "s", hold_action);
  gtk_widget_class_install_action (widget_class, "deployment.reserve", "s", hold_action);
  gtk_widget_class_install_action (widget_class, "deployment.special", "s", hold_action);
  gtk_widget_class_install_action (widget_class, "deployment.finish-step", NULL, phase_action);
  gtk_widget_class_install_action (widget_class, "deployment.finish-declarations", NULL, phase_action);
  gtk_widget_class_install_action (widget_class, "deployment.delay-remaining", NULL, phase_action);
  gtk_widget_class_install_action (widget_class, "deployment.choose-short-edge", NULL, phase_action);
}

static void
muster_game_deployment_page_init (MusterGameDeploymentPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
