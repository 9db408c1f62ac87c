/* muster-net-dialog.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-gui"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-compat.h"
#include "muster-document.h"
#include "muster-game-page.h"
#include "muster-game-panel.h"
#include "muster-net-dialog.h"
#include "muster-roster.h"

/* See muster-net-dialog.h. */

#define DATA_KEY     "muster-net"
#define STEPS_SHOWN  8

/* A window's game across the network. */
typedef struct
{
  MusterWindow     *window;     /* not owned: this lives in its data */
  MusterNetSession *session;
  MusterGame       *game;
  GtkWindow        *status;
  GtkLabel         *state_label;
  GtkLabel         *steps_label;
  GtkLabel         *refusal_label;
  GtkWidget        *reveal_button;
  MusterNetState    shown_state;
  char             *silence;    /* the refusal that said the other Muster is
                                 * not answering, while it is shown */
} NetState;

static void
net_state_free (gpointer data)
{
  NetState *state = data;

  if (state->session != NULL)
    {
      g_signal_handlers_disconnect_by_data (state->session, state);
      muster_net_session_close (state->session);
    }
  if (state->game != NULL)
    g_signal_handlers_disconnect_by_data (state->game, state);
  if (state->status != NULL)
    gtk_window_destroy (state->status);
  g_clear_object (&state->session);
  g_clear_object (&state->game);
  g_free (state->silence);
  g_free (state);
}

static NetState *
get_state (MusterWindow *window)
{
  return g_object_get_data (G_OBJECT (window), DATA_KEY);
}

static void
show_error (GtkWindow  *parent,
            const char *heading,
            const char *message)
{
  GtkWidget *alert = muster_alert_new (heading, message);

  muster_alert_add_response (alert, "close", _("_Close"), ADW_RESPONSE_DEFAULT);
  muster_alert_present (alert, GTK_WIDGET (parent));
}

/* The status window */

static const char *
player_colour (MusterGame *game,
               int         player)
{
  MusterPlayer *info = muster_layout_lookup_player (muster_game_get_layout (game),
                                                    muster_game_get_player_id (game, player));

  if (info != NULL && info->color != NULL)
    return info->color;

  /* The colours of the places, as the board draws them. */
  return player == 0 ? "#c01c28" : "#1c71d8";
}

static void
update_steps (NetState *state)
{
  g_autoptr(GString) text = g_string_new (NULL);
  guint n = muster_game_get_n_steps (state->game);

  for (guint i = n > STEPS_SHOWN ? n - STEPS_SHOWN : 0; i < n; i++)
    {
      MusterLogStep *step = muster_game_get_step (state->game, i);
      int player = muster_game_lookup_player (state->game, muster_log_step_get (step, "player"));
      g_autofree char *said = muster_game_describe_step (state->game, i);
      g_autofree char *escaped = g_markup_escape_text (said, -1);

      if (text->len > 0)
        g_string_append_c (text, '\n');
      if (player >= 0)
        g_string_append_printf (text, "<span foreground=\"%s\">●</span> ", player_colour (state->game, player));
      else
        g_string_append (text, "○ ");
      g_string_append (text, escaped);
    }

  gtk_label_set_markup (state->steps_label, text->str);
}

static void
session_changed_cb (MusterNetSession *session,
                    NetState         *state)
{
  g_autofree char *said = muster_net_session_describe (session);
  MusterNetState now = muster_net_session_get_state (session);

  /* A guest who brought its army changed the roster of its player in
   * the host's layout, which the layout does not signal. */
  if (now == MUSTER_NET_STATE_CONNECTED && state->shown_state != now && muster_net_session_is_host (session))
    muster_roster_reload (muster_document_get_roster (muster_window_get_document (state->window)));
  state->shown_state = now;
  gtk_label_set_text (state->state_label, said);
  /* "Bob's Muster is not answering", said as a refusal too, holds no
   * longer once it answers: here and above the Game page. */
  if (state->silence != NULL && !muster_net_session_is_silent (session))
    {
      MusterGamePanel *panel = MUSTER_GAME_PANEL (muster_window_get_game_panel (state->window));

      if (g_strcmp0 (gtk_label_get_text (state->refusal_label), state->silence) == 0)
        gtk_widget_set_visible (GTK_WIDGET (state->refusal_label), FALSE);
      muster_game_panel_withdraw_message (panel, state->silence);
      g_clear_pointer (&state->silence, g_free);
    }
  gtk_widget_set_visible (state->reveal_button, muster_net_session_can_reveal_lieutenant (session));
}

static void
session_refused_cb (MusterNetSession *session,
                    const char       *reason,
                    NetState         *state)
{
  MusterGamePanel *panel = MUSTER_GAME_PANEL (muster_window_get_game_panel (state->window));
  GtkWidget *page = muster_game_panel_get_page_widget (panel, muster_game_panel_get_page (panel));

  gtk_label_set_text (state->refusal_label, reason);
  gtk_widget_set_visible (GTK_WIDGET (state->refusal_label), TRUE);
  /* The silence is said as it begins (muster-net-answers.c); what is
   * said while it lasts (that the game is closed for it) is not. */
  if (state->silence == NULL && muster_net_session_is_silent (session))
    state->silence = g_strdup (reason);
  /* And where the players took the step: above the Game page. */
  if (MUSTER_IS_GAME_PAGE (page))
    muster_game_page_refuse_text (MUSTER_GAME_PAGE (page), reason);
}

static void
reveal_clicked_cb (GtkButton *button,
                   NetState  *state)
{
  g_autoptr(GError) error = NULL;

  if (!muster_net_session_reveal_lieutenant (state->session, &error))
    session_refused_cb (state->session, error->message, state);
}

static void
game_changed_cb (MusterGame *game,
                 NetState   *state)
{
  update_steps (state);
}

static void
copy_clicked_cb (GtkButton *button,
                 NetState  *state)
{
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (button)),
                          muster_net_session_get_invitation (state->session));
}

static void
end_clicked_cb (GtkButton *button,
                NetState  *state)
{
  muster_net_session_close (state->session);
}

/* With its window (which goes with the main window's): what wrote into
 * it stops. */
static void
status_destroyed_cb (GtkWidget *status,
                     NetState  *state)
{
  state->status = NULL;
  if (state->session != NULL)
    {
      g_signal_handlers_disconnect_by_func (state->session, session_changed_cb, state);
      g_signal_handlers_disconnect_by_func (state->session, session_refused_cb, state);
    }
  if (state->game != NULL)
    g_signal_handlers_disconnect_by_func (state->game, game_changed_cb, state);
}

/* The game across the network already under way in window, shown: TRUE,
 * and nothing new is asked. */
static gboolean
present_status (MusterWindow *window)
{
  NetState *state = get_state (window);

  if (state == NULL || state->status == NULL)
    return FALSE;

  gtk_window_present (state->status);

  return TRUE;
}

/* The label a screen reader says of a field or a button that shows no
 * text of its own. */
static void
name_widget (GtkWidget  *widget,
             const char *name)
{
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, name,
                                  -1);
}

static GtkWidget *
invitation_row (NetState *state)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *entry = gtk_entry_new ();
  GtkWidget *copy = gtk_button_new_from_icon_name ("edit-copy-symbolic");

  gtk_editable_set_text (GTK_EDITABLE (entry), muster_net_session_get_invitation (state->session));
  gtk_editable_set_editable (GTK_EDITABLE (entry), FALSE);
  gtk_widget_set_hexpand (entry, TRUE);
  name_widget (entry, _("Invitation"));
  gtk_widget_set_tooltip_text (copy, _("Copy the invitation"));
  name_widget (copy, _("Copy the invitation"));
  g_signal_connect (copy, "clicked", G_CALLBACK (copy_clicked_cb), state);
  gtk_box_append (GTK_BOX (row), entry);
  gtk_box_append (GTK_BOX (row), copy);

  return row;
}

static GtkLabel *
wrapped_label (GtkWidget *box)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_box_append (GTK_BOX (box), label);

  return GTK_LABEL (label);
}

static void
open_status (NetState *state)
{
  GtkWidget *status = adw_window_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *header = adw_header_bar_new ();
  GtkWidget *end = gtk_button_new_with_mnemonic (_("_End the Game Across the Network"));

  gtk_window_set_title (GTK_WINDOW (status), _("Game Across the Network"));
  gtk_window_set_transient_for (GTK_WINDOW (status), GTK_WINDOW (state->window));
  gtk_window_set_destroy_with_parent (GTK_WINDOW (status), TRUE);
  /* Closed, it hides, and follows the game still: Host Game… or Join
   * Game… shows it again while the game goes on. */
  gtk_window_set_hide_on_close (GTK_WINDOW (status), TRUE);
  gtk_window_set_default_size (GTK_WINDOW (status), 440, 360);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 12);
  gtk_widget_set_margin_bottom (box, 12);

  state->state_label = wrapped_label (box);
  gtk_label_set_selectable (state->state_label, FALSE);
  gtk_widget_add_css_class (GTK_WIDGET (state->state_label), "heading");
  if (muster_net_session_is_host (state->session))
    {
      GtkLabel *hint = wrapped_label (box);

      gtk_label_set_text (hint, _("Send this invitation to the other player, in any chat:"));
      gtk_box_append (GTK_BOX (box), invitation_row (state));
    }
  state->steps_label = wrapped_label (box);
  gtk_widget_set_vexpand (GTK_WIDGET (state->steps_label), TRUE);
  gtk_widget_set_valign (GTK_WIDGET (state->steps_label), GTK_ALIGN_END);
  state->refusal_label = wrapped_label (box);
  gtk_widget_add_css_class (GTK_WIDGET (state->refusal_label), "error");
  gtk_widget_set_visible (GTK_WIDGET (state->refusal_label), FALSE);
  state->reveal_button = gtk_button_new_with_mnemonic (_("_Reveal My Lieutenant"));
  gtk_widget_set_tooltip_text (state->reveal_button, _("Tell the other player which trooper is your Lieutenant"));
  gtk_widget_set_halign (state->reveal_button, GTK_ALIGN_END);
  g_signal_connect (state->reveal_button, "clicked", G_CALLBACK (reveal_clicked_cb), state);
  gtk_box_append (GTK_BOX (box), state->reveal_button);
  gtk_widget_set_halign (end, GTK_ALIGN_END);
  g_signal_connect (end, "clicked", G_CALLBACK (end_clicked_cb), state);
  gtk_box_append (GTK_BOX (box), end);

  adw_window_set_content (ADW_WINDOW (status), muster_toolbar_new (header, box));

  state->status = GTK_WINDOW (status);
  g_signal_connect (status, "destroy", G_CALLBACK (status_destroyed_cb), state);
  g_signal_connect (state->session, "changed", G_CALLBACK (session_changed_cb), state);
  g_signal_connect (state->session, "refused", G_CALLBACK (session_refused_cb), state);
  g_signal_connect (state->game, "changed", G_CALLBACK (game_changed_cb), state);
  session_changed_cb (state->session, state);
  update_steps (state);
  gtk_window_present (GTK_WINDOW (status));
}

/* The window and its session */

static void
window_destroyed_cb (GtkWidget *window,
                     gpointer   user_data)
{
  /* Closing the window ends the session: nothing is left listening. */
  g_object_set_data (G_OBJECT (window), DATA_KEY, NULL);
}

/* The game the session plays: the window's own, so that the Game page
 * shows and drives it. */
static MusterGame *
new_game (MusterWindow  *window,
          GError       **error)
{
  MusterGame *game = muster_window_get_game (window);

  if (game == NULL)
    {
      MusterLayout *layout = muster_window_get_layout (window);

      g_set_error (error, MUSTER_NET_ERROR, MUSTER_NET_ERROR_GAME, _("Unknown game system “%s”"),
                   muster_layout_get_system_id (layout));
      return NULL;
    }

  return g_object_ref (game);
}

static void
attach (MusterWindow     *window,
        MusterNetSession *session,
        MusterGame       *game)
{
  NetState *state = g_new0 (NetState, 1);

  state->window = window;
  state->session = g_object_ref (session);
  state->game = g_object_ref (game);
  g_object_set_data_full (G_OBJECT (window), DATA_KEY, state, net_state_free);
  open_status (state);
}

MusterNetSession *
muster_net_dialog_host (MusterWindow        *window,
                        int                  player,
                        MusterNetHostFlags   flags,
                        GError             **error)
{
  g_autoptr(MusterGame) game = NULL;
  g_autoptr(MusterNetSession) session = NULL;

  g_return_val_if_fail (MUSTER_IS_WINDOW (window), NULL);

  if (get_state (window) != NULL && muster_net_session_get_state (get_state (window)->session) != MUSTER_NET_STATE_CLOSED)
    {
      g_set_error_literal (error, MUSTER_NET_ERROR, MUSTER_NET_ERROR_GAME,
                           _("This window plays across the network already"));
      return NULL;
    }

  game = new_game (window, error);
  if (game == NULL)
    return NULL;
  session = muster_net_session_host (game, player, NULL, 0, flags, error);
  if (session == NULL)
    return NULL;

  attach (window, session, game);

  return session;
}

static void
joined_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  MusterWindow *parent = g_task_get_source_object (task);
  g_autoptr(MusterNetSession) session = NULL;
  g_autoptr(MusterGame) game = NULL;
  g_autoptr(GError) error = NULL;
  MusterWindow *window;

  session = muster_net_session_join_finish (result, &error);
  if (session == NULL)
    {
      show_error (GTK_WINDOW (parent), _("Could Not Join the Game"), error->message);
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  window = muster_window_new (MUSTER_APPLICATION (gtk_window_get_application (GTK_WINDOW (parent))));
  if (!muster_window_show_layout (window, muster_net_session_get_layout (session), &error) ||
      (game = new_game (window, &error)) == NULL)
    {
      gtk_window_destroy (GTK_WINDOW (window));
      muster_net_session_close (session);
      show_error (GTK_WINDOW (parent), _("Could Not Join the Game"), error->message);
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  muster_net_session_set_game (session, game);
  gtk_window_present (GTK_WINDOW (window));
  attach (window, session, game);
  g_task_return_pointer (task, window, NULL);
}

void
muster_net_dialog_join (MusterWindow        *window,
                        const char          *invitation,
                        const char          *army_player,
                        GAsyncReadyCallback  callback,
                        gpointer             user_data)
{
  GTask *task;

  g_return_if_fail (MUSTER_IS_WINDOW (window));

  task = g_task_new (window, NULL, callback, user_data);
  muster_net_session_join_async (invitation, army_player != NULL ? muster_window_get_layout (window) : NULL,
                                 army_player, NULL, joined_cb, task);
}

MusterWindow *
muster_net_dialog_join_finish (GAsyncResult  *result,
                               GError       **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}

MusterNetSession *
muster_net_dialog_get_session (MusterWindow *window)
{
  NetState *state = get_state (window);

  return state != NULL ? state->session : NULL;
}

GtkWindow *
muster_net_dialog_get_status_window (MusterWindow *window)
{
  NetState *state = get_state (window);

  return state != NULL ? state->status : NULL;
}

/* The dialogs */

static void
host_response_cb (GtkWidget    *alert,
                  const char   *response,
                  MusterWindow *window)
{
  GtkDropDown *who = g_object_get_data (G_OBJECT (alert), "who");
  GtkCheckButton *internet = g_object_get_data (G_OBJECT (alert), "internet");
  g_autoptr(GError) error = NULL;

  if (g_strcmp0 (response, "host") != 0)
    return;

  if (muster_net_dialog_host (window, (int) gtk_drop_down_get_selected (who),
                              gtk_check_button_get_active (internet) ? MUSTER_NET_HOST_ALLOW_INTERNET
                                                                     : MUSTER_NET_HOST_NONE,
                              &error) == NULL)
    show_error (GTK_WINDOW (window), _("Could Not Host the Game"), error->message);
}

static void
host_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  MusterWindow *window = user_data;
  GPtrArray *players = muster_layout_get_players (muster_window_get_layout (window));
  g_autoptr(GStrvBuilder) builder = NULL;
  g_auto(GStrv) names = NULL;
  GtkWidget *alert;
  GtkWidget *box;
  GtkWidget *who;
  GtkWidget *internet;

  if (present_status (window))
    return;

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  builder = g_strv_builder_new ();
  for (guint i = 0; i < MIN (players->len, 2); i++)
    {
      const MusterPlayer *player = g_ptr_array_index (players, i);

      g_strv_builder_add (builder, player->name != NULL && *player->name != '\0' ? player->name : player->id);
    }
  names = g_strv_builder_end (builder);

  alert = muster_alert_new (_("Host Game"),
                            _("The other player joins this game from their own Muster, with the "
                              "invitation shown next. Which player are you?"));
  who = gtk_drop_down_new_from_strings ((const char * const *) names);
  /* Translators: what a screen reader says of the list of players */
  name_widget (who, _("You are"));
  internet = gtk_check_button_new_with_mnemonic (_("Allow players from the _internet, not only from this network"));
  gtk_box_append (GTK_BOX (box), who);
  gtk_box_append (GTK_BOX (box), internet);
  muster_alert_set_extra_child (alert, box);
  muster_alert_add_response (alert, "cancel", _("_Cancel"), ADW_RESPONSE_DEFAULT);
  muster_alert_add_response (alert, "host", _("_Host"), ADW_RESPONSE_SUGGESTED);
  muster_alert_set_default_response (alert, "host");
  muster_alert_set_close_response (alert, "cancel");
  g_object_set_data (G_OBJECT (alert), "who", who);
  g_object_set_data (G_OBJECT (alert), "internet", internet);
  g_signal_connect (alert, "response", G_CALLBACK (host_response_cb), window);
  muster_alert_present (alert, GTK_WIDGET (window));
}

static void
join_response_cb (GtkWidget    *alert,
                  const char   *response,
                  MusterWindow *window)
{
  GtkEditable *entry = g_object_get_data (G_OBJECT (alert), "invitation");
  GtkDropDown *army = g_object_get_data (G_OBJECT (alert), "army");
  const char * const *armies = g_object_get_data (G_OBJECT (alert), "armies");
  guint chosen = gtk_drop_down_get_selected (army);

  /* The last choice is the host's list. */
  if (g_strcmp0 (response, "join") == 0)
    muster_net_dialog_join (window, gtk_editable_get_text (entry),
                            chosen < g_strv_length ((char **) armies) ? armies[chosen] : NULL, NULL, NULL);
}

/* The players of the window's layout that have a roster: the armies a
 * guest may bring. Their ids, and their names for the list. */
static void
list_armies (MusterWindow *window,
             GStrv        *ids,
             GStrv        *names)
{
  MusterLayout *layout = muster_window_get_layout (window);
  g_autoptr(MusterRoster) roster = muster_roster_new (layout);
  GPtrArray *players = muster_layout_get_players (layout);
  g_autoptr(GStrvBuilder) id_builder = g_strv_builder_new ();
  g_autoptr(GStrvBuilder) name_builder = g_strv_builder_new ();

  for (guint i = 0; i < players->len; i++)
    {
      const MusterPlayer *player = g_ptr_array_index (players, i);
      g_autofree char *name = NULL;

      if (muster_roster_get_entries (roster, player->id)->len == 0)
        continue;
      /* Translators: a player's name; the army a guest brings */
      name = g_strdup_printf (_("%s’s army"), player->name != NULL && *player->name != '\0' ? player->name : player->id);
      g_strv_builder_add (id_builder, player->id);
      g_strv_builder_add (name_builder, name);
    }
  g_strv_builder_add (name_builder, _("The host’s list"));
  *ids = g_strv_builder_end (id_builder);
  *names = g_strv_builder_end (name_builder);
}

static void
join_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  MusterWindow *window = user_data;
  GtkWidget *alert, *box, *entry, *army;
  GStrv ids = NULL;
  g_auto(GStrv) names = NULL;

  if (present_status (window))
    return;

  alert = muster_alert_new (_("Join Game"), _("Paste the invitation the host sent you, and choose "
                                              "the army you bring."));
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  entry = gtk_entry_new ();
  list_armies (window, &ids, &names);
  army = gtk_drop_down_new_from_strings ((const char * const *) names);
  name_widget (entry, _("Invitation"));
  name_widget (army, _("Your army"));
  gtk_widget_set_tooltip_text (army, _("The army you bring: the host’s list is the one the host typed in"));
  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), "muster://…");
  gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);
  gtk_box_append (GTK_BOX (box), entry);
  gtk_box_append (GTK_BOX (box), army);
  muster_alert_set_extra_child (alert, box);
  muster_alert_add_response (alert, "cancel", _("_Cancel"), ADW_RESPONSE_DEFAULT);
  muster_alert_add_response (alert, "join", _("_Join"), ADW_RESPONSE_SUGGESTED);
  muster_alert_set_default_response (alert, "join");
  muster_alert_set_close_response (alert, "cancel");
  g_object_set_data (G_OBJECT (alert), "invitation", entry);
  g_object_set_data (G_OBJECT (alert), "army", army);
  g_object_set_data_full (G_OBJECT (alert), "armies", ids, (GDestroyNotify) g_strfreev);
  g_signal_connect (alert, "response", G_CALLBACK (join_response_cb), window);
  muster_alert_present (alert, GTK_WIDGET (window));
}

void
muster_net_dialog_install (MusterWindow *window)
{
  static const GActionEntry entries[] = {
    { "host", host_action, NULL, NULL, NULL, { 0 } },
    { "join", join_action, NULL, NULL, NULL, { 0 } },
  };
  g_autoptr(GSimpleActionGroup) group = g_simple_action_group_new ();

  g_return_if_fail (MUSTER_IS_WINDOW (window));

  g_action_map_add_action_entries (G_ACTION_MAP (group), entries, G_N_ELEMENTS (entries), window);
  gtk_widget_insert_action_group (GTK_WIDGET (window), "net", G_ACTION_GROUP (group));
  g_signal_connect (window, "destroy", G_CALLBACK (window_destroyed_cb), NULL);
}
