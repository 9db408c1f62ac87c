/* muster-game-orders-page.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-game-orders-page"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-game-orders-page.h"

struct _MusterGameOrdersPage
{
  MusterGamePage       parent_instance;

  /* Which turn the rows of the next Player Turn were filled in for: the
   * players may change them until then. */
  char                *setup_key;
  /* The pieces of the rows' choices, in their order. */
  GPtrArray           *activate_ids;
  GPtrArray           *against_ids;

  GtkWidget           *waiting_page;
  GtkLabel            *waiting_page_description;
  GtkWidget           *box;
  AdwPreferencesGroup *setup_group;
  AdwComboRow         *player_row;
  AdwActionRow        *turn_row;
  GtkLabel            *turn_player_label;
  GtkSpinButton       *pool_spin;
  AdwComboRow         *version_row;
  AdwPreferencesGroup *order_group;
  GtkWidget           *end_turn_button;
  GtkListBox          *order_list;
  GtkWidget           *activate_list;
  AdwComboRow         *activate_row;
  GtkButton           *activate_button;
  GtkWidget           *f2f_box;
  AdwComboRow         *against_row;
  AdwActionRow        *active_row;
  GtkSpinButton       *active_target;
  GtkSpinButton       *active_burst;
  GtkWidget           *active_dice;
  AdwActionRow        *reactive_row;
  GtkSpinButton       *reactive_target;
  GtkSpinButton       *reactive_burst;
  GtkWidget           *reactive_dice;
  GtkListBox          *result_list;
  GtkButton           *roll_button;
  AdwPreferencesGroup *steps_group;
  GtkListBox          *steps_list;
};

G_DEFINE_FINAL_TYPE (MusterGameOrdersPage, muster_game_orders_page, MUSTER_TYPE_GAME_PAGE)

static MusterGame *
game_of (MusterGameOrdersPage *self)
{
  return muster_game_page_get_game (MUSTER_GAME_PAGE (self));
}

static const char *
skill_kind_label (MusterSkillKind kind)
{
  switch (kind)
    {
    case MUSTER_SKILL_SHORT_MOVEMENT:
      return _("Short Movement Skill");
    case MUSTER_SKILL_SHORT:
      return _("Short Skill");
    case MUSTER_SKILL_ENTIRE_ORDER:
      return _("Entire Order");
    case MUSTER_SKILL_AUTOMATIC:
    default:
      return _("Automatic Skill");
    }
}

static const char *
version_label (const char *version)
{
  if (g_strcmp0 (version, MUSTER_ORDERS_VERSION_ORIGINAL) == 0)
    return _("Original");
  if (g_strcmp0 (version, MUSTER_ORDERS_VERSION_UPDATE) == 0)
    return _("Updated (December 2021)");

  return version;
}

/* The pieces' names as the rows of a combo, ids kept in ids. */
static void
set_piece_choices (MusterGame  *game,
                   AdwComboRow *row,
                   GPtrArray   *ids,
                   const char  *first_label,
                   guint        selected)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();

  if (first_label != NULL)
    g_ptr_array_add (labels, (gpointer) first_label);
  for (guint i = first_label != NULL ? 1 : 0; i < ids->len; i++)
    g_ptr_array_add (labels, (gpointer) muster_game_get_piece_name (game, g_ptr_array_index (ids, i)));
  g_ptr_array_add (labels, NULL);

  muster_game_page_set_combo_strings (row, (const char * const *) labels->pdata, selected);
}

/* Between Player Turns */

static void
reset_pool (MusterGameOrdersPage *self,
            MusterGame           *game)
{
  guint player = adw_combo_row_get_selected (self->player_row);

  gtk_spin_button_set_value (self->pool_spin, muster_game_count_orders (game, player == 1 ? 1 : 0));
}

static void
player_selected_cb (MusterGameOrdersPage *self)
{
  if (!muster_game_page_is_syncing (MUSTER_GAME_PAGE (self)) && game_of (self) != NULL)
    reset_pool (self, game_of (self));
}

static void
version_selected_cb (MusterGameOrdersPage *self)
{
  MusterGame *game = game_of (self);
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) versions = NULL;
  guint selected = adw_combo_row_get_selected (self->version_row);

  if (muster_game_page_is_syncing (MUSTER_GAME_PAGE (self)) || game == NULL ||
      muster_game_get_order_rules (game) == NULL)
    return;

  versions = muster_order_rules_list_versions (muster_game_get_order_rules (game));
  if (selected < g_strv_length (versions) && !muster_game_set_order_version (game, versions[selected], &error))
    {
      muster_game_page_refuse (MUSTER_GAME_PAGE (self), error);
      muster_game_page_queue_refresh (MUSTER_GAME_PAGE (self));
    }
}

static void
refresh_setup (MusterGameOrdersPage *self,
               MusterGame           *game)
{
  MusterOrderRules *rules = muster_game_get_order_rules (game);
  g_auto(GStrv) names = muster_game_page_dup_player_names (game);
  g_auto(GStrv) versions = muster_order_rules_list_versions (rules);
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  guint round = muster_game_get_game_round (game);
  guint turn = muster_game_get_player_turn (game);
  gboolean order_set = muster_game_is_turn_order_set (game);
  /* Translators: the Game Round, then the Player Turn in it */
  g_autofree char *title = g_strdup_printf (_("Game Round %u, Player Turn %u"), round, turn);
  g_autofree char *key = g_strdup_printf ("%p %u %u", (gpointer) game, round, turn);
  guint current = 0;

  muster_game_page_set_group_title (self->setup_group, title);
  muster_game_page_set_combo_strings (self->player_row, (const char * const *) names, GTK_INVALID_LIST_POSITION);

  /* Who plays next, and with how many Orders: once a turn, then the
   * players' to change. */
  if (g_strcmp0 (key, self->setup_key) != 0)
    {
      g_free (self->setup_key);
      self->setup_key = g_steal_pointer (&key);
      adw_combo_row_set_selected (self->player_row, (guint) muster_game_get_next_turn_player (game));
      reset_pool (self, game);
    }
  /* The order of the turns, once set, is kept throughout the game: the
   * row then says whose turn it is. */
  gtk_widget_set_visible (GTK_WIDGET (self->player_row), !order_set);
  gtk_widget_set_visible (GTK_WIDGET (self->turn_row), order_set);
  gtk_label_set_text (self->turn_player_label, muster_game_get_player_name (game, muster_game_get_next_turn_player (game)));

  for (guint i = 0; versions[i] != NULL; i++)
    {
      g_ptr_array_add (labels, (gpointer) version_label (versions[i]));
      if (g_strcmp0 (versions[i], muster_order_rules_get_version (rules)) == 0)
        current = i;
    }
  g_ptr_array_add (labels, NULL);
  muster_game_page_set_combo_strings (self->version_row, (const char * const *) labels->pdata, current);
  adw_combo_row_set_selected (self->version_row, current);
}

/* The Order under way */

/* A menu button of the skills usable in an Order (trooper NULL) or as an
 * ARO of trooper, by kind; each item declares its skill. */
static GtkWidget *
skill_menu_button (MusterGame *game,
                   const char *label,
                   const char *trooper)
{
  static const MusterSkillKind kinds[] = {
    MUSTER_SKILL_SHORT_MOVEMENT, MUSTER_SKILL_SHORT, MUSTER_SKILL_ENTIRE_ORDER,
  };
  MusterSkillCatalogue *catalogue = muster_order_rules_get_catalogue (muster_game_get_order_rules (game));
  MusterSkillUsage usage = trooper != NULL ? MUSTER_SKILL_USAGE_ARO : MUSTER_SKILL_USAGE_ORDER;
  g_autoptr(GMenu) menu = g_menu_new ();
  GtkWidget *button;

  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      g_autoptr(GMenu) section = g_menu_new ();

      for (guint i = 0; i < muster_skill_catalogue_get_n_skills (catalogue); i++)
        {
          const MusterOrderSkill *skill = muster_skill_catalogue_get_skill (catalogue, i);
          g_autoptr(GMenuItem) item = NULL;

          if (skill->kind != kinds[k] || (skill->usage & usage) == 0)
            continue;

          item = g_menu_item_new (muster_game_page_data_label (skill->name), NULL);
          if (trooper != NULL)
            g_menu_item_set_action_and_target_value (item, "orders.declare-aro",
                                                     g_variant_new ("(ss)", trooper, skill->id));
          else
            g_menu_item_set_action_and_target_value (item, "orders.declare-skill", g_variant_new_string (skill->id));
          g_menu_append_item (section, item);
        }

      if (g_menu_model_get_n_items (G_MENU_MODEL (section)) > 0)
        g_menu_append_section (menu, skill_kind_label (kinds[k]), G_MENU_MODEL (section));
    }

  button = gtk_menu_button_new ();
  gtk_menu_button_set_label (GTK_MENU_BUTTON (button), label);
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (button), G_MENU_MODEL (menu));
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  if (trooper == NULL)
    gtk_widget_add_css_class (button, "suggested-action");

  return button;
}

static void
add_skill_rows (MusterGameOrdersPage  *self,
                MusterGame            *game,
                const MusterOrderStep *step)
{
  MusterOrderSequence *seq = muster_game_get_order_sequence (game);
  AdwActionRow *row;

  for (guint slot = 0; slot < 2; slot++)
    {
      const MusterOrderSkill *skill = muster_order_sequence_get_skill (seq, slot);
      gboolean idle = muster_order_sequence_is_skill_idle (seq, slot);
      g_autofree char *subtitle = NULL;
      g_autofree char *number = g_strdup_printf ("%u", slot + 1);
      GtkWidget *button;

      if (skill == NULL)
        continue;

      subtitle = idle
               /* Translators: a skill's kind, and that it became Idle */
               ? g_strdup_printf (_("%s · Idle: its requirements failed"), skill_kind_label (skill->kind))
               : g_strdup (skill_kind_label (skill->kind));
      row = muster_game_page_add_row (self->order_list, muster_game_page_data_label (skill->name), subtitle);
      gtk_widget_add_css_class (muster_game_page_row_set_number (row, number, 16), "dim-label");
      if (step->kind != MUSTER_ORDER_STEP_RESOLUTION || idle)
        continue;

      button = muster_game_page_action_button (_("Idle"), "orders.idle-skill", g_variant_new_uint32 (slot), FALSE);
      gtk_widget_set_tooltip_text (button, _("Its requirements fail: the skill becomes Idle"));
      adw_action_row_add_suffix (row, button);
    }

  if (step->kind == MUSTER_ORDER_STEP_FIRST_SKILL || step->kind == MUSTER_ORDER_STEP_SECOND_SKILL)
    {
      guint slot = step->kind == MUSTER_ORDER_STEP_FIRST_SKILL ? 0 : 1;
      GtkWidget *button;

      row = muster_game_page_add_row (self->order_list,
                                      slot == 0 ? _("First Skill") : _("Second Skill"),
                                      slot == 0 ? _("Or an Entire Order") : _("Optional"));
      /* Declared already (it is listed above): another replaces it until
       * the next step. */
      if (muster_order_sequence_get_skill (seq, slot) != NULL)
        {
          /* Translators: replaces the skill declared for this step */
          button = skill_menu_button (game, _("Change"), NULL);
          gtk_widget_remove_css_class (button, "suggested-action");
        }
      else
        button = skill_menu_button (game, _("Declare"), NULL);
      adw_action_row_add_suffix (row, button);
    }
}

static gboolean
is_second_check (MusterOrderStepKind kind)
{
  return kind == MUSTER_ORDER_STEP_LATE_ARO || kind == MUSTER_ORDER_STEP_LATE_ARO_CHECK ||
         kind == MUSTER_ORDER_STEP_LATE_ARO_DECLARATION;
}

/* Nobody may declare an ARO now: why, in words that are true whatever
 * was declared before (a trooper that reacted is no longer eligible). */
static void
add_no_aro_row (MusterGameOrdersPage  *self,
                const MusterOrderStep *step,
                guint                  n_reacted,
                guint                  n_lost)
{
  AdwActionRow *row;

  if (n_reacted == 0 && n_lost == 0)
    row = muster_game_page_add_row (self->order_list, _("No enemy trooper can react now"),
                                    _("None has Line of Fire or Zone of Control to the active trooper"));
  else if (!is_second_check (step->kind))
    row = muster_game_page_add_row (self->order_list, _("Every eligible trooper has declared its ARO"), NULL);
  else
    row = muster_game_page_add_row (self->order_list, _("No other enemy trooper can react now"),
                                    _("Each one with Line of Fire or Zone of Control to the active trooper has "
                                      "declared its ARO, or lost it after the first skill"));
  adw_action_row_set_subtitle_lines (row, 0);
  gtk_widget_add_css_class (GTK_WIDGET (row), "dim-label");
}

/* The AROs: declared, who may still react, and who lost theirs. */
static void
add_aro_rows (MusterGameOrdersPage  *self,
              MusterGame            *game,
              const MusterOrderStep *step)
{
  MusterGamePage *page = MUSTER_GAME_PAGE (self);
  MusterOrderSequence *seq = muster_game_get_order_sequence (game);
  g_auto(GStrv) eligible = muster_order_sequence_dup_eligible (seq);
  g_autoptr(GPtrArray) reactive = muster_game_list_table_troopers (game, 1 - muster_game_get_turn_player (game));
  g_autoptr(GString) lost = g_string_new (NULL);
  MusterOrderStepKind kind = step->kind;
  gboolean declaring = kind == MUSTER_ORDER_STEP_ARO || kind == MUSTER_ORDER_STEP_ARO_DECLARATION ||
                       kind == MUSTER_ORDER_STEP_LATE_ARO || kind == MUSTER_ORDER_STEP_LATE_ARO_DECLARATION;
  gboolean checking = kind == MUSTER_ORDER_STEP_ARO_CHECK || kind == MUSTER_ORDER_STEP_LATE_ARO_CHECK;
  gboolean resolving = kind == MUSTER_ORDER_STEP_RESOLUTION || kind == MUSTER_ORDER_STEP_ARO_VALIDITY;
  guint n_reacted = 0;
  guint n_lost = 0;
  AdwActionRow *row;

  for (guint i = 0; i < reactive->len; i++)
    {
      const char *id = g_ptr_array_index (reactive, i);
      const char *name = muster_game_get_piece_name (game, id);
      const MusterOrderSkill *aro = muster_order_sequence_get_aro (seq, id);

      if (aro != NULL)
        {
          gboolean idle = muster_order_sequence_is_aro_idle (seq, id);
          /* Translators: the skill declared as an ARO */
          g_autofree char *subtitle = idle ? g_strdup_printf (_("ARO: %s · Idle"), muster_game_page_data_label (aro->name))
                                           : g_strdup_printf (_("ARO: %s"), muster_game_page_data_label (aro->name));
          GtkWidget *button;

          n_reacted++;
          row = muster_game_page_add_row (self->order_list, name, subtitle);
          muster_game_page_row_set_icon (row, "media-playlist-repeat-symbolic", "warning");
          if (resolving && !idle)
            {
              button = muster_game_page_action_button (_("Idle"), "orders.idle-aro", g_variant_new_string (id), FALSE);
              gtk_widget_set_tooltip_text (button, _("Not valid, or its requirements fail: the ARO becomes Idle"));
              adw_action_row_add_suffix (row, button);
            }
          adw_action_row_add_suffix (row, muster_game_page_sight_button (page, id));
        }
      else if (muster_order_sequence_has_lost_aro (seq, id))
        {
          n_lost++;
          g_string_append_printf (lost, "%s%s", lost->len > 0 ? ", " : "", name);
        }
      else if (g_strv_contains ((const char * const *) eligible, id))
        {
          row = muster_game_page_add_row (self->order_list, name, _("May react"));
          muster_game_page_row_set_icon (row, "media-playlist-repeat-symbolic", NULL);
          if (declaring)
            adw_action_row_add_suffix (row, skill_menu_button (game, _("ARO"), id));
          adw_action_row_add_suffix (row, muster_game_page_sight_button (page, id));
        }
    }

  if ((declaring || checking) && eligible[0] == NULL)
    add_no_aro_row (self, step, n_reacted, n_lost);

  if (lost->len > 0)
    {
      row = muster_game_page_add_row (self->order_list, _("AROs Lost"), lost->str);
      adw_action_row_set_subtitle_lines (row, 0);
      muster_game_page_row_set_icon (row, "action-unavailable-symbolic", "dim-label");
      gtk_widget_set_tooltip_text (GTK_WIDGET (row), _("They could react after the first skill and did not"));
    }
}

static char *
describe_side (const char                 *who,
               const MusterFaceToFaceSide *side)
{
  g_autoptr(GString) dice = g_string_new (NULL);

  for (guint i = 0; i < side->n_dice; i++)
    {
      if (i > 0)
        g_string_append_c (dice, ' ');
      g_string_append_printf (dice, "%u", side->rolls[i]);
      if (side->critical[i])
        g_string_append (dice, "!");
      else if (!side->success[i])
        g_string_append (dice, "✗");
      else if (side->cancelled[i])
        g_string_append (dice, "~");
    }

  /* Translators: who, the dice thrown (! a critical, ✗ a failure, ~ cancelled), the hits */
  return g_strdup_printf (ngettext ("%s: %s — %u hit", "%s: %s — %u hits", side->hits), who, dice->str, side->hits);
}

/* The last roll of the Order, in list; FALSE when there is none. */
static gboolean
add_roll_row (MusterGame *game,
              GtkListBox *list)
{
  MusterOrderSequence *seq = muster_game_get_order_sequence (game);
  const char *against = NULL;
  const MusterFaceToFace *f2f = muster_game_get_face_to_face (game, &against);
  g_autofree char *active_side = NULL;
  AdwActionRow *row;

  if (f2f == NULL)
    return FALSE;

  active_side = describe_side (muster_game_get_piece_name (game, muster_order_sequence_get_active_trooper (seq)),
                               &f2f->side[0]);
  row = muster_game_page_add_row (list, _("Normal Roll"), active_side);
  if (against != NULL)
    {
      g_autofree char *reactive_side = describe_side (muster_game_get_piece_name (game, against), &f2f->side[1]);
      g_autofree char *both = g_strdup_printf ("%s\n%s", active_side, reactive_side);

      adw_action_row_set_subtitle (row, both);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Face to Face Roll"));
    }
  adw_action_row_set_subtitle_lines (row, 0);
  muster_game_page_row_set_icon (row, "media-playlist-shuffle-symbolic", "accent");

  return TRUE;
}

/* The Resolution: the roll's rows, its result beside its button. */
static void
refresh_face_to_face (MusterGameOrdersPage *self,
                      MusterGame           *game)
{
  MusterOrderSequence *seq = muster_game_get_order_sequence (game);
  g_autoptr(GPtrArray) reactive = muster_game_list_table_troopers (game, 1 - muster_game_get_turn_player (game));
  gboolean typed = muster_game_get_typed_dice (game);
  gboolean rolled;
  guint selected;

  g_ptr_array_set_size (self->against_ids, 0);
  g_ptr_array_add (self->against_ids, g_strdup (""));
  for (guint i = 0; i < reactive->len; i++)
    {
      const char *id = g_ptr_array_index (reactive, i);

      if (muster_order_sequence_get_aro (seq, id) != NULL && !muster_order_sequence_is_aro_idle (seq, id))
        g_ptr_array_add (self->against_ids, g_strdup (id));
    }
  set_piece_choices (game, self->against_row, self->against_ids, _("Nobody (a Normal Roll)"),
                     self->against_ids->len > 1 ? 1 : 0);

  selected = adw_combo_row_get_selected (self->against_row);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->active_row),
                                 muster_game_get_piece_name (game, muster_order_sequence_get_active_trooper (seq)));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->reactive_row),
                                 selected > 0 && selected < self->against_ids->len
                                 ? muster_game_get_piece_name (game, g_ptr_array_index (self->against_ids, selected))
                                 : "");
  gtk_widget_set_visible (GTK_WIDGET (self->reactive_row), selected > 0);
  gtk_widget_set_visible (self->active_dice, typed);
  gtk_widget_set_visible (self->reactive_dice, typed && selected > 0);

  /* A second roll replaces the first: a choice, and said so. */
  muster_game_page_clear_list (self->result_list);
  rolled = add_roll_row (game, self->result_list);
  gtk_widget_set_visible (GTK_WIDGET (self->result_list), rolled);
  gtk_button_set_label (self->roll_button, rolled ? _("Roll _Again") : _("_Roll"));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->roll_button),
                               rolled ? _("Roll again: the new result replaces this one, and both stay in the "
                                          "Roll Log")
                                      : NULL);
}

/* Once a trooper is activated, the button changes it for the trooper
 * chosen, and asks nothing while that is the same one. */
static void
activate_selected_cb (MusterGameOrdersPage *self)
{
  MusterGame *game = game_of (self);
  const char *active = game != NULL ? muster_order_sequence_get_active_trooper (muster_game_get_order_sequence (game))
                                    : NULL;
  guint selected = adw_combo_row_get_selected (self->activate_row);
  const char *chosen = selected < self->activate_ids->len ? g_ptr_array_index (self->activate_ids, selected) : NULL;

  gtk_button_set_label (self->activate_button, active != NULL ? _("Change") : _("Activate"));
  gtk_widget_set_sensitive (GTK_WIDGET (self->activate_button), active == NULL || g_strcmp0 (active, chosen) != 0);
}

static void
refresh_activation (MusterGameOrdersPage *self,
                    MusterGame           *game)
{
  g_autoptr(GPtrArray) ids = muster_game_list_table_troopers (game, muster_game_get_turn_player (game));
  const char *active = muster_order_sequence_get_active_trooper (muster_game_get_order_sequence (game));
  guint selected = 0;

  g_ptr_array_set_size (self->activate_ids, 0);
  for (guint i = 0; i < ids->len; i++)
    {
      if (g_strcmp0 (g_ptr_array_index (ids, i), active) == 0)
        selected = i;
      g_ptr_array_add (self->activate_ids, g_strdup (g_ptr_array_index (ids, i)));
    }
  set_piece_choices (game, self->activate_row, self->activate_ids, NULL, selected);
  activate_selected_cb (self);
}

static char *
dup_who_acts (MusterGame *game)
{
  int player = muster_game_get_turn_player (game);

  switch (muster_order_sequence_get_acting_side (muster_game_get_order_sequence (game)))
    {
    case MUSTER_ORDER_SIDE_ACTIVE:
      /* Translators: who acts at this step of the Order */
      return g_strdup_printf (_("%s acts"), muster_game_get_player_name (game, player));
    case MUSTER_ORDER_SIDE_REACTIVE:
      /* Translators: who acts at this step of the Order */
      return g_strdup_printf (_("%s reacts"), muster_game_get_player_name (game, 1 - player));
    case MUSTER_ORDER_SIDE_BOTH:
      return g_strdup (_("Both players"));
    case MUSTER_ORDER_SIDE_NONE:
    default:
      return NULL;
    }
}

static void
refresh_order (MusterGameOrdersPage *self,
               MusterGame           *game)
{
  MusterOrderSequence *seq = muster_game_get_order_sequence (game);
  const MusterOrderStep *step = muster_order_sequence_get_step (seq);
  const char *active = muster_order_sequence_get_active_trooper (seq);
  guint number = muster_order_sequence_get_order_number (seq) + (step->kind == MUSTER_ORDER_STEP_ACTIVATION ? 1 : 0);
  guint left = muster_order_sequence_get_n_orders_left (seq);
  /* Translators: a player's name, then the number of the Order */
  g_autofree char *title = g_strdup_printf (_("%s — Order %u"),
                                            muster_game_get_player_name (game, muster_game_get_turn_player (game)),
                                            number);
  g_autofree char *description = g_strdup_printf (ngettext ("%u Order left in the pool",
                                                            "%u Orders left in the pool", left), left);
  g_autofree char *step_title = g_strdup_printf ("%s  %s", step->number, muster_game_page_data_label (step->name));
  g_autofree char *who = dup_who_acts (game);
  AdwActionRow *row;

  muster_game_page_set_group_title (self->order_group, title);
  muster_game_page_set_group_description (self->order_group, description);

  muster_game_page_clear_list (self->order_list);
  row = muster_game_page_add_row (self->order_list, step_title, who);
  adw_action_row_set_title_lines (row, 0);
  muster_game_page_row_set_icon (row, "mark-location-symbolic", "accent");
  if (step->kind == MUSTER_ORDER_STEP_ARO_CHECK || step->kind == MUSTER_ORDER_STEP_LATE_ARO_CHECK ||
      step->kind == MUSTER_ORDER_STEP_ARO || step->kind == MUSTER_ORDER_STEP_LATE_ARO)
    {
      adw_action_row_add_suffix (row, muster_game_page_icon_button ("view-refresh-symbolic",
                                                                    _("Check Again from the Board"),
                                                                    "orders.check-aro", NULL));
    }

  /* After the Resolution, its roll stays in sight until the Order ends. */
  if (step->kind != MUSTER_ORDER_STEP_RESOLUTION)
    add_roll_row (game, self->order_list);

  if (active != NULL)
    {
      row = muster_game_page_add_row (self->order_list, muster_game_get_piece_name (game, active), _("Active trooper"));
      muster_game_page_row_set_icon (row, "media-playback-start-symbolic", "accent");
      adw_action_row_add_suffix (row, muster_game_page_sight_button (MUSTER_GAME_PAGE (self), active));
    }

  add_skill_rows (self, game, step);
  add_aro_rows (self, game, step);
  if (step->kind == MUSTER_ORDER_STEP_EFFECTS)
    muster_game_page_add_row (self->order_list, _("Effects"), _("Saving Rolls, Dodge and other effects of the hits"));
  else if (step->kind == MUSTER_ORDER_STEP_CONCLUSION)
    muster_game_page_add_row (self->order_list, _("Conclusion"), _("Guts Rolls; the Order ends"));

  gtk_widget_set_visible (self->activate_list, step->kind == MUSTER_ORDER_STEP_ACTIVATION);
  if (step->kind == MUSTER_ORDER_STEP_ACTIVATION)
    refresh_activation (self, game);
  gtk_widget_set_visible (self->end_turn_button, step->kind == MUSTER_ORDER_STEP_ACTIVATION);
  gtk_widget_set_visible (self->f2f_box, step->kind == MUSTER_ORDER_STEP_RESOLUTION);
  if (step->kind == MUSTER_ORDER_STEP_RESOLUTION)
    refresh_face_to_face (self, game);
}

/* The sequence, with the current step picked out */
static void
refresh_steps (MusterGameOrdersPage *self,
               MusterGame           *game)
{
  MusterOrderRules *rules = muster_game_get_order_rules (game);
  MusterOrderSequence *seq = muster_game_get_order_sequence (game);
  const MusterOrderStep *now = seq != NULL && !muster_order_sequence_is_finished (seq)
                             ? muster_order_sequence_get_step (seq) : NULL;

  muster_game_page_clear_list (self->steps_list);
  for (guint i = 0; i < muster_order_rules_get_n_steps (rules); i++)
    {
      const MusterOrderStep *step = muster_order_rules_get_step (rules, i);
      AdwActionRow *row = muster_game_page_add_row (self->steps_list, muster_game_page_data_label (step->name), NULL);

      gtk_label_set_xalign (GTK_LABEL (muster_game_page_row_set_number (row, step->number, 28)), 0);
      if (step->kind == MUSTER_ORDER_STEP_HEADING)
        gtk_widget_add_css_class (GTK_WIDGET (row), "dim-label");
      if (step == now)
        gtk_list_box_select_row (self->steps_list, GTK_LIST_BOX_ROW (row));
    }
}

static void
muster_game_orders_page_refresh (MusterGamePage *page,
                                 MusterGame     *game)
{
  MusterGameOrdersPage *self = MUSTER_GAME_ORDERS_PAGE (page);
  MusterOrderSequence *seq = game != NULL ? muster_game_get_order_sequence (game) : NULL;
  gboolean running = seq != NULL && !muster_order_sequence_is_finished (seq);
  gboolean deploying;

  gtk_widget_set_visible (adw_bin_get_child (ADW_BIN (self)),
                          game != NULL && muster_game_get_order_rules (game) != NULL);
  if (game == NULL || muster_game_get_order_rules (game) == NULL)
    return;

  /* The game refuses a Player Turn in the middle of the deployment. */
  deploying = muster_game_get_phase (game) == MUSTER_GAME_PHASE_DEPLOYMENT;
  gtk_widget_set_visible (GTK_WIDGET (self->waiting_page), deploying);
  gtk_widget_set_visible (self->box, !deploying);
  if (deploying)
    {
      muster_game_page_set_status_description (self->waiting_page_description,
                                               _("Finish the Deployment Phase first: the Player Turns come "
                                                 "after it."));
      return;
    }

  gtk_widget_set_visible (GTK_WIDGET (self->setup_group), !running);
  if (!running)
    refresh_setup (self, game);

  gtk_widget_set_visible (GTK_WIDGET (self->order_group), running);
  if (running)
    refresh_order (self, game);

  refresh_steps (self, game);
}

/* Actions: each a call of the game, whose refusal is shown */

static void
refuse (MusterGameOrdersPage *self,
        const GError         *error)
{
  muster_game_page_refuse (MUSTER_GAME_PAGE (self), error);
}

static void
start_turn_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  MusterGameOrdersPage *self = MUSTER_GAME_ORDERS_PAGE (widget);
  g_autoptr(GError) error = NULL;
  guint player = adw_combo_row_get_selected (self->player_row);

  if (game_of (self) != NULL &&
      !muster_game_start_turn (game_of (self), player == 1 ? 1 : 0,
                               (guint) gtk_spin_button_get_value_as_int (self->pool_spin), &error))
    refuse (self, error);
}

static void
activate_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  MusterGameOrdersPage *self = MUSTER_GAME_ORDERS_PAGE (widget);
  g_autoptr(GError) error = NULL;
  guint selected = adw_combo_row_get_selected (self->activate_row);

  if (game_of (self) != NULL && selected < self->activate_ids->len &&
      !muster_game_activate (game_of (self), g_ptr_array_index (self->activate_ids, selected), &error))
    refuse (self, error);
}

static void
declare_skill_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  MusterGameOrdersPage *self = MUSTER_GAME_ORDERS_PAGE (widget);
  g_autoptr(GError) error = NULL;

  if (game_of (self) != NULL && !muster_game_declare_skill (game_of (self), g_variant_get_string (parameter, NULL), &error))
    refuse (self, error);
}

static void
declare_aro_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  MusterGameOrdersPage *self = MUSTER_GAME_ORDERS_PAGE (widget);
  g_autoptr(GError) error = NULL;
  const char *trooper;
  const char *skill;

  g_variant_get (parameter, "(&s&s)", &trooper, &skill);
  if (game_of (self) != NULL && !muster_game_declare_aro (game_of (self), trooper, skill, &error))
    refuse (self, error);
}

static void
idle_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  MusterGameOrdersPage *self = MUSTER_GAME_ORDERS_PAGE (widget);
  g_autoptr(GError) error = NULL;
  gboolean ok;

  if (game_of (self) == NULL)
    return;

  if (g_variant_is_of_type (parameter, G_VARIANT_TYPE_UINT32))
    ok = muster_game_idle_skill (game_of (self), g_variant_get_uint32 (parameter), &error);
  else
    ok = muster_game_idle_aro (game_of (self), g_variant_get_string (parameter, NULL), &error);

  if (!ok)
    refuse (self, error);
}

static void
sequence_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  MusterGameOrdersPage *self = MUSTER_GAME_ORDERS_PAGE (widget);
  MusterGame *game = game_of (self);
  g_autoptr(GError) error = NULL;
  gboolean ok;

  if (game == NULL)
    return;

  if (g_str_equal (action_name, "orders.next-step"))
    ok = muster_game_next_step (game, &error);
  else if (g_str_equal (action_name, "orders.end-turn"))
    ok = muster_game_end_turn (game, &error);
  else
    ok = muster_game_check_aro (game, &error);

  if (!ok)
    refuse (self, error);
}

/* "3 12, 19" as dice; NULL (with a refusal shown) when it is not. */
static GArray *
parse_dice (MusterGameOrdersPage *self,
            const char           *text)
{
  g_autoptr(GArray) array = g_array_new (FALSE, FALSE, sizeof (guint));
  g_auto(GStrv) words = g_regex_split_simple ("[\\s,;]+", text, 0, 0);

  for (guint i = 0; words[i] != NULL; i++)
    {
      char *end = NULL;
      guint64 value;
      guint die;

      if (*words[i] == '\0')
        continue;

      value = g_ascii_strtoull (words[i], &end, 10);
      if (end == words[i] || *end != '\0' || value < 1 || value > 20)
        {
          /* Translators: what was typed as a die */
          g_autofree char *message = g_strdup_printf (_("“%s” is not a result of a d20"), words[i]);

          muster_game_page_refuse_text (MUSTER_GAME_PAGE (self), message);
          return NULL;
        }

      die = (guint) value;
      g_array_append_val (array, die);
    }

  return g_steal_pointer (&array);
}

static guint
spin_value (GtkSpinButton *spin)
{
  return (guint) gtk_spin_button_get_value_as_int (spin);
}

static void
face_to_face_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  MusterGameOrdersPage *self = MUSTER_GAME_ORDERS_PAGE (widget);
  MusterGame *game = game_of (self);
  guint selected = adw_combo_row_get_selected (self->against_row);
  const char *against = selected > 0 && selected < self->against_ids->len
                      ? g_ptr_array_index (self->against_ids, selected) : NULL;
  g_autoptr(GArray) active = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GArray) reactive = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GError) error = NULL;

  if (game == NULL)
    return;

  if (muster_game_get_typed_dice (game))
    {
      g_clear_pointer (&active, g_array_unref);
      g_clear_pointer (&reactive, g_array_unref);
      if ((active = parse_dice (self, gtk_editable_get_text (GTK_EDITABLE (self->active_dice)))) == NULL ||
          (reactive = parse_dice (self, gtk_editable_get_text (GTK_EDITABLE (self->reactive_dice)))) == NULL)
        return;
      if (active->len == 0 || (against != NULL && reactive->len == 0))
        {
          muster_game_page_refuse_text (MUSTER_GAME_PAGE (self), _("Type in the dice as thrown, or let Muster roll them"));
          return;
        }
    }

  if (!muster_game_face_to_face (game, against,
                                 spin_value (self->active_target), spin_value (self->active_burst),
                                 (const guint *) active->data, active->len,
                                 spin_value (self->reactive_target), spin_value (self->reactive_burst),
                                 (const guint *) reactive->data, against != NULL ? reactive->len : 0,
                                 &error))
    {
      refuse (self, error);
      return;
    }

  gtk_editable_set_text (GTK_EDITABLE (self->active_dice), "");
  gtk_editable_set_text (GTK_EDITABLE (self->reactive_dice), "");
}

static void
against_selected_cb (MusterGameOrdersPage *self)
{
  if (!muster_game_page_is_syncing (MUSTER_GAME_PAGE (self)))
    muster_game_page_queue_refresh (MUSTER_GAME_PAGE (self));
}

/* GObject */

static void
muster_game_orders_page_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), MUSTER_TYPE_GAME_ORDERS_PAGE);

  G_OBJECT_CLASS (muster_game_orders_page_parent_class)->dispose (object);
}

static void
muster_game_orders_page_finalize (GObject *object)
{
  MusterGameOrdersPage *self = (MusterGameOrdersPage *)object;

  g_clear_pointer (&self->setup_key, g_free);
  g_clear_pointer (&self->activate_ids, g_ptr_array_unref);
  g_clear_pointer (&self->against_ids, g_ptr_array_unref);

  G_OBJECT_CLASS (muster_game_orders_page_parent_class)->finalize (object);
}

static void
muster_game_orders_page_class_init (MusterGameOrdersPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  MusterGamePageClass *page_class = MUSTER_GAME_PAGE_CLASS (klass);

  object_class->dispose = muster_game_orders_page_dispose;
  object_class->finalize = muster_game_orders_page_finalize;
  page_class->refresh = muster_game_orders_page_refresh;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/muster-game-orders-page.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, MusterGameOrdersPage, name)
  BIND (waiting_page);
  BIND (waiting_page_description);
  BIND (box);
  BIND (setup_group);
  BIND (player_row);
  BIND (turn_row);
  BIND (turn_player_label);
  BIND (pool_spin);
  BIND (version_row);
  BIND (order_group);
  BIND (end_turn_button);
  BIND (order_list);
  BIND (activate_list);
  BIND (activate_row);
  BIND (activate_button);
  BIND (f2f_box);
  BIND (against_row);
  BIND (active_row);
  BIND (active_target);
  BIND (active_burst);
  BIND (active_dice);
  BIND (reactive_row);
  BIND (reactive_target);
  BIND (reactive_burst);
  BIND (reactive_dice);
  BIND (result_list);
  BIND (roll_button);
  BIND (steps_group);
  BIND (steps_list);
#undef BIND
  gtk_widget_class_bind_template_callback (widget_class, player_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, activate_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, version_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, against_selected_cb);

  gtk_widget_class_install_action (widget_class, "orders.start-turn", NULL, start_turn_action);
  gtk_widget_class_install_action (widget_class, "orders.activate", NULL, activate_action);
  gtk_widget_class_install_action (widget_class, "orders.end-turn", NULL, sequence_action);
  gtk_widget_class_install_action (widget_class, "orders.next-step", NULL, sequence_action);
  gtk_widget_class_install_action (widget_class, "orders.check-aro", NULL, sequence_action);
  gtk_widget_class_install_action (widget_class, "orders.declare-skill", "s", declare_skill_action);
  gtk_widget_class_install_action (widget_class, "orders.declare-aro", "(ss)", declare_aro_action);
  gtk_widget_class_install_action (widget_class, "orders.idle-skill", "u", idle_action);
  gtk_widget_class_install_action (widget_class, "orders.idle-aro", "s", idle_action);
  gtk_widget_class_install_action (widget_class, "orders.face-to-face", NULL, face_to_face_action);
}

static void
muster_game_orders_page_init (MusterGameOrdersPage *self)
{
  self->activate_ids = g_ptr_array_new_with_free_func (g_free);
  self->against_ids = g_ptr_array_new_with_free_func (g_free);

  gtk_widget_init_template (GTK_WIDGET (self));

  muster_game_page_guard_spin (self->pool_spin);
  muster_game_page_guard_spin (self->active_target);
  muster_game_page_guard_spin (self->active_burst);
  muster_game_page_guard_spin (self->reactive_target);
  muster_game_page_guard_spin (self->reactive_burst);
}
