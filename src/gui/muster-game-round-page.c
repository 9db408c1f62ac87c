/* muster-game-round-page.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-game-round-page"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-game-round-page.h"

struct _MusterGameRoundPage
{
  MusterGamePage       parent_instance;

  /* The seats typed before the round starts, and the game they were
   * filled in for (compared, never used). */
  GPtrArray           *names;
  gpointer             names_game;
  AdwComboRow         *speaker_choice;     /* in turn_list, or NULL */

  AdwPreferencesGroup *setup_group;
  GtkSpinButton       *count_spin;
  AdwComboRow         *speaker_row;
  GtkListBox          *names_list;
  AdwPreferencesGroup *turn_group;
  GtkListBox          *turn_list;
  AdwPreferencesGroup *order_group;
  GtkListBox          *order_list;
};

G_DEFINE_FINAL_TYPE (MusterGameRoundPage, muster_game_round_page, MUSTER_TYPE_GAME_PAGE)

static MusterGame *
game_of (MusterGameRoundPage *self)
{
  return muster_game_page_get_game (MUSTER_GAME_PAGE (self));
}

static const char *
seat_name (MusterTi4Round *round,
           int             player)
{
  return player >= 0 ? muster_ti4_round_get_player_id (round, player) : "";
}

static const char *
phase_label (MusterTi4Phase phase)
{
  switch (phase)
    {
    case MUSTER_TI4_PHASE_STRATEGY:
      return _("Strategy Phase");
    case MUSTER_TI4_PHASE_ACTION:
      return _("Action Phase");
    case MUSTER_TI4_PHASE_STATUS:
      return _("Status Phase");
    case MUSTER_TI4_PHASE_ROUND_OVER:
    default:
      return _("Round Over");
    }
}

/* The seats, before the round */

static void
name_changed_cb (GtkEditable         *editable,
                 MusterGameRoundPage *self)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (editable), "index"));

  if (index >= self->names->len)
    return;

  g_free (g_ptr_array_index (self->names, index));
  g_ptr_array_index (self->names, index) = g_strdup (gtk_editable_get_text (editable));
  if (!muster_game_page_is_syncing (MUSTER_GAME_PAGE (self)))
    muster_game_page_queue_refresh (MUSTER_GAME_PAGE (self));
}

static guint
seat_count (MusterGameRoundPage *self)
{
  return (guint) gtk_spin_button_get_value_as_int (self->count_spin);
}

/* One entry a seat, named after the layout's players, then "Player N". */
static void
rebuild_names (MusterGameRoundPage *self)
{
  MusterGame *game = game_of (self);
  GPtrArray *players = game != NULL ? muster_layout_get_players (muster_game_get_layout (game)) : NULL;

  while (self->names->len < seat_count (self))
    {
      guint i = self->names->len;
      const MusterPlayer *player = players != NULL && i < players->len ? g_ptr_array_index (players, i) : NULL;

      if (player != NULL)
        g_ptr_array_add (self->names, g_strdup (player->name != NULL ? player->name : player->id));
      else
        g_ptr_array_add (self->names, g_strdup_printf (_("Player %u"), i + 1));
    }

  muster_game_page_clear_list (self->names_list);
  for (guint i = 0; i < seat_count (self); i++)
    {
      GtkWidget *row = adw_entry_row_new ();
      g_autofree char *title = g_strdup_printf (_("Seat %u"), i + 1);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      gtk_editable_set_text (GTK_EDITABLE (row), g_ptr_array_index (self->names, i));
      g_object_set_data (G_OBJECT (row), "index", GUINT_TO_POINTER (i));
      g_signal_connect (row, "changed", G_CALLBACK (name_changed_cb), self);
      gtk_list_box_append (self->names_list, row);
    }
}

static void
count_changed_cb (MusterGameRoundPage *self)
{
  rebuild_names (self);
  muster_game_page_queue_refresh (MUSTER_GAME_PAGE (self));
}

static void
refresh_setup (MusterGameRoundPage *self,
               MusterGame          *game)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new ();

  /* Another game: the seats of its layout, as many as its players where
   * they are enough for the game (else the box's count stands). */
  if (self->names_game != game)
    {
      guint n = game != NULL ? muster_layout_get_players (muster_game_get_layout (game))->len : 0;
      GtkAdjustment *adjustment = gtk_spin_button_get_adjustment (self->count_spin);

      self->names_game = game;
      g_ptr_array_set_size (self->names, 0);
      if (n >= gtk_adjustment_get_lower (adjustment) && n <= gtk_adjustment_get_upper (adjustment))
        gtk_spin_button_set_value (self->count_spin, n);
      rebuild_names (self);
    }

  for (guint i = 0; i < seat_count (self) && i < self->names->len; i++)
    g_ptr_array_add (names, g_ptr_array_index (self->names, i));
  g_ptr_array_add (names, NULL);
  muster_game_page_set_combo_strings (self->speaker_row, (const char * const *) names->pdata,
                                      adw_combo_row_get_selected (self->speaker_row));
}

/* The round */

static void
naalu_selected_cb (AdwComboRow         *row,
                   GParamSpec          *pspec,
                   MusterGameRoundPage *self)
{
  g_autoptr(GError) error = NULL;

  if (muster_game_page_is_syncing (MUSTER_GAME_PAGE (self)) || game_of (self) == NULL)
    return;

  if (!muster_game_ti4_naalu (game_of (self), (int) adw_combo_row_get_selected (row) - 1, &error))
    muster_game_page_refuse (MUSTER_GAME_PAGE (self), error);
}

static void
add_strategy_rows (MusterGameRoundPage *self,
                   MusterTi4Round      *round)
{
  AdwComboRow *naalu = ADW_COMBO_ROW (adw_combo_row_new ());
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  guint n_players = muster_ti4_round_get_n_players (round);

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (naalu), FALSE);
  g_ptr_array_add (names, (gpointer) _("Nobody"));
  for (guint i = 0; i < n_players; i++)
    g_ptr_array_add (names, (gpointer) seat_name (round, i));
  g_ptr_array_add (names, NULL);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (naalu), _("Naalu “0” Token"));
  muster_game_page_set_combo_strings (naalu, (const char * const *) names->pdata, 0);
  adw_combo_row_set_selected (naalu, (guint) (muster_ti4_round_get_naalu_token (round) + 1));
  g_signal_connect (naalu, "notify::selected", G_CALLBACK (naalu_selected_cb), self);
  gtk_list_box_append (self->turn_list, GTK_WIDGET (naalu));

  for (MusterTi4Card card = MUSTER_TI4_CARD_LEADERSHIP; card <= MUSTER_TI4_CARD_IMPERIAL; card++)
    {
      g_autofree char *number = g_strdup_printf ("%u", (guint) card);
      g_autofree char *taken = NULL;
      AdwActionRow *row;

      for (guint p = 0; p < n_players && taken == NULL; p++)
        for (guint c = 0; c < muster_ti4_round_get_n_cards (round, p); c++)
          if (muster_ti4_round_get_card (round, p, c) == card)
            /* Translators: a player's name */
            taken = g_strdup_printf (_("Taken by %s"), seat_name (round, p));

      row = muster_game_page_add_row (self->turn_list, muster_ti4_card_get_name (card), taken);
      muster_game_page_row_set_number (row, number, 20);
      if (taken == NULL)
        adw_action_row_add_suffix (row, muster_game_page_action_button (_("Pick"), "round.pick",
                                                                        g_variant_new_uint32 (card), FALSE));
      else
        gtk_widget_add_css_class (GTK_WIDGET (row), "dim-label");
    }
}

static void
add_action_rows (MusterGameRoundPage *self,
                 MusterTi4Round      *round)
{
  int active = muster_ti4_round_get_active_player (round);
  AdwActionRow *row;

  row = muster_game_page_add_row (self->turn_list, _("Tactical Action"), NULL);
  adw_action_row_add_suffix (row, muster_game_page_action_button (_("Take"), "round.action",
                                                                  g_variant_new ("(uu)", MUSTER_TI4_ACTION_TACTICAL, 0),
                                                                  FALSE));
  row = muster_game_page_add_row (self->turn_list, _("Component Action"), NULL);
  adw_action_row_add_suffix (row, muster_game_page_action_button (_("Take"), "round.action",
                                                                  g_variant_new ("(uu)", MUSTER_TI4_ACTION_COMPONENT, 0),
                                                                  FALSE));
  for (guint c = 0; c < muster_ti4_round_get_n_cards (round, active); c++)
    {
      MusterTi4Card card = muster_ti4_round_get_card (round, active, c);
      g_autofree char *title = NULL;

      if (muster_ti4_round_is_card_used (round, card))
        continue;

      /* Translators: the strategic action of a strategy card */
      title = g_strdup_printf (_("Strategic Action: %s"), muster_ti4_card_get_name (card));
      row = muster_game_page_add_row (self->turn_list, title, NULL);
      adw_action_row_add_suffix (row, muster_game_page_action_button (_("Take"), "round.action",
                                                                      g_variant_new ("(uu)", MUSTER_TI4_ACTION_STRATEGIC,
                                                                                     card),
                                                                      TRUE));
    }
  row = muster_game_page_add_row (self->turn_list, _("Pass"), _("No more actions this round"));
  adw_action_row_add_suffix (row, muster_game_page_action_button (_("Pass"), "round.pass", NULL, FALSE));
}

static void
add_round_over_rows (MusterGameRoundPage *self,
                     MusterTi4Round      *round)
{
  AdwComboRow *speaker = ADW_COMBO_ROW (adw_combo_row_new ());
  g_autoptr(GPtrArray) names = g_ptr_array_new ();

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (speaker), FALSE);
  for (guint i = 0; i < muster_ti4_round_get_n_players (round); i++)
    g_ptr_array_add (names, (gpointer) seat_name (round, i));
  g_ptr_array_add (names, NULL);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (speaker), _("Speaker"));
  muster_game_page_set_combo_strings (speaker, (const char * const *) names->pdata,
                                      (guint) muster_ti4_round_get_speaker (round));
  adw_action_row_add_suffix (ADW_ACTION_ROW (speaker),
                             muster_game_page_action_button (_("Next Round"), "round.next-round", NULL, TRUE));
  gtk_list_box_append (self->turn_list, GTK_WIDGET (speaker));
  self->speaker_choice = speaker;
}

static char *
dup_turn_description (MusterTi4Round *round)
{
  const char *active = seat_name (round, muster_ti4_round_get_active_player (round));

  switch (muster_ti4_round_get_phase (round))
    {
    case MUSTER_TI4_PHASE_STRATEGY:
      /* Translators: a player's name */
      return muster_ti4_round_get_cards_per_player (round) > 1
             ? g_strdup_printf (_("%s picks a strategy card; everyone takes two."), active)
             : g_strdup_printf (_("%s picks a strategy card."), active);
    case MUSTER_TI4_PHASE_ACTION:
      return g_strdup_printf (_("%s takes a turn."), active);
    case MUSTER_TI4_PHASE_STATUS:
      return g_strdup_printf (_("%s does their status step."), active);
    case MUSTER_TI4_PHASE_ROUND_OVER:
    default:
      return g_strdup (_("The round is over."));
    }
}

static void
refresh_turn (MusterGameRoundPage *self,
              MusterTi4Round      *round)
{
  MusterTi4Phase phase = muster_ti4_round_get_phase (round);
  /* Translators: the round, then its phase */
  g_autofree char *title = g_strdup_printf (_("Round %u · %s"), muster_ti4_round_get_round (round), phase_label (phase));
  g_autofree char *description = dup_turn_description (round);
  AdwActionRow *row;

  muster_game_page_set_group_title (self->turn_group, title);
  muster_game_page_set_group_description (self->turn_group, description);

  self->speaker_choice = NULL;
  muster_game_page_clear_list (self->turn_list);
  switch (phase)
    {
    case MUSTER_TI4_PHASE_STRATEGY:
      add_strategy_rows (self, round);
      break;

    case MUSTER_TI4_PHASE_ACTION:
      add_action_rows (self, round);
      break;

    case MUSTER_TI4_PHASE_STATUS:
      row = muster_game_page_add_row (self->turn_list, _("Status Step"), _("Score objectives, ready cards, and so on"));
      adw_action_row_add_suffix (row, muster_game_page_action_button (_("Done"), "round.status-step", NULL, TRUE));
      break;

    case MUSTER_TI4_PHASE_ROUND_OVER:
    default:
      add_round_over_rows (self, round);
      break;
    }
}

/* The initiative order, with the player whose turn it is picked out */
static void
refresh_order (MusterGameRoundPage *self,
               MusterTi4Round      *round)
{
  guint n = 0;
  const int *order = muster_ti4_round_get_initiative_order (round, &n);

  muster_game_page_clear_list (self->order_list);
  muster_game_page_set_group_description (self->order_group,
                                          order == NULL ? _("Known once every player has picked.") : NULL);

  for (guint i = 0; order != NULL && i < n; i++)
    {
      int p = order[i];
      g_autofree char *number = g_strdup_printf ("%u", muster_ti4_round_get_initiative (round, p));
      g_autoptr(GString) subtitle = g_string_new (NULL);
      AdwActionRow *row;

      for (guint c = 0; c < muster_ti4_round_get_n_cards (round, p); c++)
        g_string_append_printf (subtitle, "%s%s", c > 0 ? ", " : "",
                                muster_ti4_card_get_name (muster_ti4_round_get_card (round, p, c)));
      if (muster_ti4_round_get_naalu_token (round) == p)
        /* Translators: appended to the cards a player holds */
        g_string_append (subtitle, _(" · Naalu “0” token"));
      if (muster_ti4_round_has_passed (round, p))
        g_string_append (subtitle, _(" · Passed"));

      row = muster_game_page_add_row (self->order_list, seat_name (round, p), subtitle->str);
      gtk_widget_add_css_class (muster_game_page_row_set_number (row, number, 24), "title-4");
      if (p == muster_ti4_round_get_active_player (round))
        gtk_list_box_select_row (self->order_list, GTK_LIST_BOX_ROW (row));
      if (muster_ti4_round_has_passed (round, p))
        gtk_widget_add_css_class (GTK_WIDGET (row), "dim-label");
    }
}

static void
muster_game_round_page_refresh (MusterGamePage *page,
                                MusterGame     *game)
{
  MusterGameRoundPage *self = MUSTER_GAME_ROUND_PAGE (page);
  MusterTi4Round *round = game != NULL ? muster_game_get_ti4 (game) : NULL;
  gboolean ti4 = game != NULL && muster_game_get_kind (game) == MUSTER_GAME_KIND_TI4;

  gtk_widget_set_visible (adw_bin_get_child (ADW_BIN (self)), ti4);
  gtk_widget_set_visible (GTK_WIDGET (self->setup_group), ti4 && round == NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->turn_group), round != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->order_group), round != NULL);

  if (!ti4)
    return;

  if (round == NULL)
    {
      refresh_setup (self, game);
      return;
    }

  refresh_turn (self, round);
  refresh_order (self, round);
}

/* Actions: each a call of the game, whose refusal is shown */

static void
start_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  MusterGameRoundPage *self = MUSTER_GAME_ROUND_PAGE (widget);
  g_autoptr(GPtrArray) seats = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  guint speaker = adw_combo_row_get_selected (self->speaker_row);

  if (game_of (self) == NULL)
    return;

  for (guint i = 0; i < seat_count (self) && i < self->names->len; i++)
    g_ptr_array_add (seats, g_strstrip (g_strdup (g_ptr_array_index (self->names, i))));
  g_ptr_array_add (seats, NULL);

  if (!muster_game_ti4_start (game_of (self), (const char * const *) seats->pdata,
                              speaker < seats->len - 1 ? (int) speaker : 0, &error))
    muster_game_page_refuse (MUSTER_GAME_PAGE (self), error);
}

static void
round_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  MusterGameRoundPage *self = MUSTER_GAME_ROUND_PAGE (widget);
  MusterGame *game = game_of (self);
  g_autoptr(GError) error = NULL;
  gboolean ok;

  if (game == NULL)
    return;

  if (g_str_equal (action_name, "round.pick"))
    ok = muster_game_ti4_pick (game, (MusterTi4Card) g_variant_get_uint32 (parameter), &error);
  else if (g_str_equal (action_name, "round.action"))
    {
      guint kind, card;

      g_variant_get (parameter, "(uu)", &kind, &card);
      ok = muster_game_ti4_action (game, (MusterTi4ActionKind) kind, (MusterTi4Card) card, &error);
    }
  else if (g_str_equal (action_name, "round.pass"))
    ok = muster_game_ti4_pass (game, &error);
  else if (g_str_equal (action_name, "round.status-step"))
    ok = muster_game_ti4_finish_status_step (game, &error);
  else
    ok = muster_game_ti4_next_round (game,
                                     self->speaker_choice != NULL ? (int) adw_combo_row_get_selected (self->speaker_choice)
                                     : muster_game_get_ti4 (game) != NULL
                                     ? muster_ti4_round_get_speaker (muster_game_get_ti4 (game)) : 0,
                                     &error);

  if (!ok)
    muster_game_page_refuse (MUSTER_GAME_PAGE (self), error);
}

/* GObject */

static void
muster_game_round_page_dispose (GObject *object)
{
  MusterGameRoundPage *self = (MusterGameRoundPage *)object;

  self->speaker_choice = NULL;
  gtk_widget_dispose_template (GTK_WIDGET (object), MUSTER_TYPE_GAME_ROUND_PAGE);

  G_OBJECT_CLASS (muster_game_round_page_parent_class)->dispose (object);
}

static void
muster_game_round_page_finalize (GObject *object)
{
  MusterGameRoundPage *self = (MusterGameRoundPage *)object;

  g_clear_pointer (&self->names, g_ptr_array_unref);

  G_OBJECT_CLASS (muster_game_round_page_parent_class)->finalize (object);
}

static void
muster_game_round_page_class_init (MusterGameRoundPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  MusterGamePageClass *page_class = MUSTER_GAME_PAGE_CLASS (klass);

  object_class->dispose = muster_game_round_page_dispose;
  object_class->finalize = muster_game_round_page_finalize;
  page_class->refresh = muster_game_round_page_refresh;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/muster-game-round-page.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, MusterGameRoundPage, name)
  BIND (setup_group);
  BIND (count_spin);
  BIND (speaker_row);
  BIND (names_list);
  BIND (turn_group);
  BIND (turn_list);
  BIND (order_group);
  BIND (order_list);
#undef BIND
  gtk_widget_class_bind_template_callback (widget_class, count_changed_cb);

  gtk_widget_class_install_action (widget_class, "round.start", NULL, start_action);
  gtk_widget_class_install_action (widget_class, "round.pick", "u", round_action);
  gtk_widget_class_install_action (widget_class, "round.action", "(uu)", round_action);
  gtk_widget_class_install_action (widget_class, "round.pass", NULL, round_action);
  gtk_widget_class_install_action (widget_class, "round.status-step", NULL, round_action);
  gtk_widget_class_install_action (widget_class, "round.next-round", NULL, round_action);
}

static void
muster_game_round_page_init (MusterGameRoundPage *self)
{
  self->names = g_ptr_array_new_with_free_func (g_free);

  gtk_widget_init_template (GTK_WIDGET (self));
  muster_game_page_guard_spin (self->count_spin);
}
