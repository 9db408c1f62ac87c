/* muster-phase-panel.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-phase-panel"

#include "config.h"

#include <glib/gi18n.h>
#include <stdlib.h>
#include <string.h>

#include "muster-phase-panel.h"
#include "muster-roster.h"
#include "muster-sight.h"

/* The "phase" actions. Those with a parameter are what the buttons of
 * the dynamic rows activate, and what the tests drive:
 *
 *  dismiss-message, typed-dice (the property, toggled), set-typed-dice
 *   (b: the dice are typed in from the table)
 *
 *  Infinity, Initiative Roll:
 *   set-wip (iub: player, WIP, private), initiative-roll (i),
 *   initiative-enter (iu: player, d20), keep (s: "initiative" or
 *   "deployment", by the winner), choose-first-turn (i, by the holder of
 *   Initiative), choose-deployment (is: first deployer, the holder's
 *   zone), infinity-decide (both from the rows), start-deployment (the
 *   troopers from the rosters and the table), start-deployment-with
 *   (a(issssbasas): the troopers, each its player, id, name, roster entry
 *   or "", piece or "", Lieutenant, categories and skills)
 *
 *  The 9th Age, pre-game:
 *   t9a-pick-type (s), t9a-use-type (from the row), t9a-roll-type,
 *   t9a-enter-type (u), t9a-roll-off (i), t9a-enter-roll-off (iu),
 *   t9a-choice (s), t9a-zone (s), t9a-first (i), t9a-decide (from the
 *   rows), start-deployment
 *
 *  Deployment: deploy (s: trooper), take-back (s), hold-back (s: Infinity,
 *   off the table), reserve (s), special-deployment (s), release (s),
 *   finish-step, finish-declarations, choose-short-edge (s),
 *   choose-short-edge-selected, delay-remaining, go-to-orders
 *
 *  Line of Fire: show-sight (s: piece), show-player-sight (i), hide-sight
 *
 *  Orders: start-turn (from the rows), start-turn-with (iu: player,
 *   Orders in the pool), order-version (s), activate (s),
 *   activate-selected, declare-skill (s), declare-aro (ss: trooper,
 *   skill), recheck-aro (from the board), aro-eligible (as: the troopers
 *   that may react at this ARO check), idle-skill (u), idle-aro (s),
 *   face-to-face ((suuauuuau): ARO trooper or "", active target, Burst,
 *   dice as thrown or none for Muster's; the same for the reactive side),
 *   face-to-face-selected, next-step, end-turn
 *
 *  Twilight Imperium: ti4-set-players (u), ti4-start (from the rows),
 *   ti4-start-with (asi: the seats' names, speaker), ti4-pick (u: card),
 *   ti4-naalu (i: player or -1), ti4-action (uu: kind, card), ti4-pass,
 *   ti4-status-step, ti4-next-round (i: speaker), ti4-next-round-selected
 *
 * The game log. Every action that moves the game on is written to the
 * layout's game log when it is accepted (see accepted()), with its
 * parameter, so that the page comes back to where the players were when
 * the layout is opened again: the panel starts the game afresh, with the
 * dice of the roll log's seed, and does the actions again (see "Saving
 * the game" below). Which actions are written is decided in one place,
 * the table phase_actions[] at the end of this file:
 *
 *  - recorded: those that change the game, each with a parameter that
 *    says everything it needs: they read nothing from the rows. What
 *    they check on the board (where a trooper stands, that it is on the
 *    table) was judged when they were accepted, and a replay does not
 *    ask again; what they write to the board (zones, roles, short
 *    edges, a piece's turn), a replay does not write: the layout has it;
 *  - rows: those that read the rows, the board or the rosters, and
 *    activate a recorded action with what they found (infinity-decide,
 *    start-deployment, ...); the recorded action is what is written;
 *  - view: what only changes what is shown (dismiss-message, the Line of
 *    Fire), and ti4-set-players, which only fills in the rows that
 *    ti4-start reads. The typed-dice property is set through
 *    set-typed-dice, which is recorded: the dice typed in are in the
 *    parameters of the actions that took them, but the page should go on
 *    asking for them.
 *
 * Entering an ARO check also asks the board who may react: next-step
 * writes the answer as an aro-eligible action after itself.
 */

#define MAX_LOG_ROWS 40
/* Half-inch cells for the Line of Fire overlay are the window's business;
 * the panel only says whose sight to show. */

typedef enum
{
  GAME_NONE,
  GAME_INFINITY,
  GAME_T9A,
  GAME_TI4,
} Game;

/* A trooper (Infinity) or unit (9th Age) of the deployment phase. */
typedef struct
{
  char     *id;          /* in the deployment phase */
  int       player;
  char     *name;        /* for people */
  char     *entry_id;    /* the roster entry, or NULL */
  char     *piece_id;    /* the piece it stands for once deployed, or from the start */
  char     *candidate;   /* the piece on the table it would deploy now, or NULL */
  gboolean  lieutenant;
  gboolean  may_stay_off;
  gboolean  special;
} Trooper;

struct _MusterPhasePanel
{
  AdwBin                    parent_instance;

  MusterLayout             *layout;
  MusterSystem             *system;
  MusterValidator          *validator;
  MusterDice               *dice;

  Game                      game;
  char                     *player_ids[2];
  char                     *player_names[2];

  MusterInfinityInitiative *initiative;
  MusterT9aPregame         *pregame;
  MusterDeploymentPhase    *deployment;
  GPtrArray                *troopers;          /* Trooper */
  MusterOrderRules         *order_rules;
  MusterOrderSequence      *sequence;
  MusterTi4Round           *ti4;

  /* Orders bookkeeping */
  int                       turn_player;       /* of the sequence */
  guint                     game_round;
  guint                     turns_in_round;
  gboolean                  had_turn[2];
  gboolean                  has_f2f;
  MusterFaceToFace          f2f;
  char                     *f2f_against;

  /* Twilight Imperium setup */
  GPtrArray                *ti4_names;

  /* The game log: the lines written since the game began (without the
   * header), and how many dice the roll log held when it began. */
  GPtrArray                *game_log;
  guint                     first_roll;
  gboolean                  replaying;
  /* A saved game could not be restored: the layout keeps its logs as
   * they were until the game goes on from where it stopped. */
  gboolean                  keep_saved_logs;
  struct _Activation       *activation;        /* the action under way */

  char                     *message;
  char                     *sight_piece;
  char                     *sight_player;
  gboolean                  typed_dice;
  guint                     refresh_id;
  int                       wip_signature;
  guint                     stage;             /* see stage_of() */
  gboolean                  syncing;
  gboolean                  disposed;

  /* Template children */
  AdwViewSwitcher          *phase_switcher;
  GtkRevealer              *message_revealer;
  GtkImage                 *message_icon;
  GtkLabel                 *message_label;
  AdwViewStack             *phase_stack;
  GtkScrolledWindow        *scroller;
  AdwStatusPage            *none_page;

  AdwPreferencesGroup      *wip_group;
  GtkWidget                *wip_private_row;
  GtkSwitch                *wip_private_switch;
  GtkListBox               *wip_list;
  AdwPreferencesGroup      *roll_group;
  GtkListBox               *roll_list;
  AdwPreferencesGroup      *choice_group;
  AdwPreferencesGroup      *decide_group;
  AdwComboRow              *first_turn_row;
  AdwComboRow              *first_deployer_row;
  AdwComboRow              *zone_row;
  AdwPreferencesGroup      *initiative_result_group;
  AdwActionRow             *result_turn_row;
  AdwActionRow             *result_deploy_row;
  AdwActionRow             *result_zones_row;
  GtkWidget                *initiative_start_button;

  AdwPreferencesGroup      *t9a_type_group;
  AdwComboRow              *t9a_type_row;
  GtkListBox               *t9a_type_list;
  AdwPreferencesGroup      *t9a_rolloff_group;
  GtkListBox               *t9a_roll_list;
  AdwPreferencesGroup      *t9a_choice_group;
  AdwComboRow              *t9a_choice_row;
  AdwComboRow              *t9a_zone_row;
  AdwComboRow              *t9a_first_row;
  AdwPreferencesGroup      *t9a_result_group;
  GtkListBox               *t9a_result_list;
  GtkWidget                *t9a_start_button;

  AdwStatusPage            *deploy_waiting_page;
  AdwPreferencesGroup      *deploy_status_group;
  GtkListBox               *deploy_count_list;
  AdwPreferencesGroup      *deploy_options_group;
  AdwComboRow              *deploy_edge_row;
  GtkWidget                *deploy_delay_row;
  AdwPreferencesGroup      *troopers_group_0;
  AdwPreferencesGroup      *troopers_group_1;
  GtkListBox               *troopers_list_0;
  GtkListBox               *troopers_list_1;
  GtkToggleButton          *player_sight_button_0;
  GtkToggleButton          *player_sight_button_1;
  GtkButton                *finish_step_button;
  GtkWidget                *finish_declarations_button;
  AdwPreferencesGroup      *deploy_done_group;
  GtkListBox               *deploy_done_list;
  GtkWidget                *go_to_orders_button;

  AdwPreferencesGroup      *orders_setup_group;
  AdwComboRow              *orders_player_row;
  GtkSpinButton            *orders_pool_spin;
  AdwComboRow              *orders_version_row;
  AdwPreferencesGroup      *order_group;
  GtkWidget                *end_turn_button;
  GtkListBox               *order_list;
  AdwComboRow              *activate_row;      /* in order_list, or NULL */
  GtkWidget                *f2f_box;
  AdwComboRow              *f2f_against_row;
  AdwActionRow             *f2f_active_row;
  GtkSpinButton            *f2f_active_target;
  GtkSpinButton            *f2f_active_burst;
  GtkWidget                *f2f_active_dice;
  AdwActionRow             *f2f_reactive_row;
  GtkSpinButton            *f2f_reactive_target;
  GtkSpinButton            *f2f_reactive_burst;
  GtkWidget                *f2f_reactive_dice;
  GtkWidget                *next_step_button;
  AdwPreferencesGroup      *steps_group;
  GtkListBox               *steps_list;

  AdwPreferencesGroup      *ti4_setup_group;
  GtkSpinButton            *ti4_count_spin;
  AdwComboRow              *ti4_speaker_row;
  GtkListBox               *ti4_names_list;
  AdwPreferencesGroup      *ti4_turn_group;
  GtkListBox               *ti4_turn_list;
  AdwPreferencesGroup      *ti4_order_group;
  GtkListBox               *ti4_order_list;

  AdwPreferencesGroup      *log_group;
  AdwComboRow              *dice_mode_row;
  GtkListBox               *log_list;
};

enum {
  PROP_0,
  PROP_TYPED_DICE,
  N_PROPS
};

enum {
  SHOW_SIGHT,
  ROLL_LOG_CHANGED,
  GAME_LOG_CHANGED,
  N_SIGNALS
};

/* An action under way (see run_action()): accepted() records it. */
typedef struct _Activation
{
  const char *name;         /* without "phase." */
  GVariant   *parameter;
  gboolean    recorded;     /* written to the game log when accepted */
  gboolean    accepted;
} Activation;

/* What becomes of an action in the game log (see the top of the file). */
typedef enum
{
  ACTION_RECORDED,
  ACTION_ROWS,
  ACTION_VIEW,
} ActionKind;

typedef struct
{
  const char                  *name;             /* "phase.deploy" */
  const char                  *parameter_type;
  GtkWidgetActionActivateFunc  activate;
  ActionKind                   kind;
} PhaseAction;

#define GAME_LOG_MAGIC   "#muster-game-log"
#define GAME_LOG_VERSION 1

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (MusterPhasePanel, muster_phase_panel, ADW_TYPE_BIN)

static void               queue_refresh (MusterPhasePanel *self);
static void               refresh       (MusterPhasePanel *self);
static const PhaseAction *lookup_action (const char       *name);

/* Helpers */

static void
trooper_free (gpointer data)
{
  Trooper *trooper = data;

  g_free (trooper->id);
  g_free (trooper->name);
  g_free (trooper->entry_id);
  g_free (trooper->piece_id);
  g_free (trooper->candidate);
  g_free (trooper);
}

static const char *
player_name (MusterPhasePanel *self,
             int               player)
{
  if (player < 0 || player > 1 || self->player_names[player] == NULL)
    return "";

  return self->player_names[player];
}

/* A player id of the roll log, for people. */
static const char *
name_of_id (MusterPhasePanel *self,
            const char       *id)
{
  for (guint i = 0; i < 2; i++)
    if (self->player_ids[i] != NULL && g_strcmp0 (self->player_ids[i], id) == 0)
      return self->player_names[i];

  return id;
}

static void
clear_list (GtkListBox *list)
{
  GtkListBoxRow *row;

  /* Rows only: the first child may be the placeholder, which must stay. */
  while ((row = gtk_list_box_get_row_at_index (list, 0)) != NULL)
    gtk_list_box_remove (list, GTK_WIDGET (row));
}

/* Text for a wrapping label: a tab (from a roll log line, say) cannot be
 * wrapped, and GTK 4.8 measures such labels inconsistently. */
static char *
dup_plain (const char *text)
{
  return g_strdelimit (g_strdup (text != NULL ? text : ""), "\t", ' ');
}

/* Titles and descriptions of groups and status pages are Pango markup
 * in libadwaita; theirs here carry players' names ("Tom & Jerry"). */
static void
set_group_description (AdwPreferencesGroup *group,
                       const char          *text)
{
  g_autofree char *escaped = text != NULL ? g_markup_escape_text (text, -1) : NULL;

  adw_preferences_group_set_description (group, escaped);
}

static void
set_group_title (AdwPreferencesGroup *group,
                 const char          *text)
{
  g_autofree char *escaped = text != NULL ? g_markup_escape_text (text, -1) : NULL;

  adw_preferences_group_set_title (group, escaped);
}

static void
set_page_description (AdwStatusPage *page,
                      const char    *text)
{
  g_autofree char *escaped = text != NULL ? g_markup_escape_text (text, -1) : NULL;

  adw_status_page_set_description (page, escaped);
}

static AdwActionRow *
add_row (GtkListBox *list,
         const char *title,
         const char *subtitle)
{
  AdwActionRow *row = ADW_ACTION_ROW (adw_action_row_new ());
  g_autofree char *plain_title = dup_plain (title);

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), plain_title);
  if (subtitle != NULL)
    {
      g_autofree char *plain_subtitle = dup_plain (subtitle);

      adw_action_row_set_subtitle (row, plain_subtitle);
    }
  gtk_list_box_append (list, GTK_WIDGET (row));

  return row;
}

static void
row_set_icon (AdwActionRow *row,
              const char   *icon_name,
              const char   *style)
{
  GtkWidget *image = gtk_image_new_from_icon_name (icon_name);

  if (style != NULL)
    gtk_widget_add_css_class (image, style);
  adw_action_row_add_prefix (row, image);
}

/* A button in a row that activates a "phase" action. */
static GtkWidget *
action_button (const char *label,
               const char *icon_name,
               const char *action,
               GVariant   *target,
               gboolean    suggested)
{
  GtkWidget *button;

  if (label != NULL)
    {
      button = gtk_button_new_with_mnemonic (label);
    }
  else
    {
      button = gtk_button_new_from_icon_name (icon_name);
      gtk_widget_add_css_class (button, "flat");
    }

  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  if (target != NULL)
    gtk_actionable_set_action_target_value (GTK_ACTIONABLE (button), target);
  if (suggested)
    gtk_widget_add_css_class (button, "suggested-action");

  return button;
}

/* Sets the strings of a combo row, keeping its selection when they did
 * not change; otherwise selects selected (if in range). */
static void
set_combo_strings (AdwComboRow        *row,
                   const char * const *labels,
                   guint               selected)
{
  GListModel *model = adw_combo_row_get_model (row);
  gboolean same = model != NULL && g_list_model_get_n_items (model) == g_strv_length ((char **) labels);

  for (guint i = 0; same && labels[i] != NULL; i++)
    {
      const char *text = gtk_string_list_get_string (GTK_STRING_LIST (model), i);

      same = g_strcmp0 (text, labels[i]) == 0;
    }

  if (!same)
    {
      g_autoptr(GtkStringList) list = gtk_string_list_new (labels);

      adw_combo_row_set_model (row, G_LIST_MODEL (list));
      if (selected != GTK_INVALID_LIST_POSITION && selected < g_strv_length ((char **) labels))
        adw_combo_row_set_selected (row, selected);
    }
}

static char **
dup_player_names (MusterPhasePanel *self)
{
  const char *names[] = { player_name (self, 0), player_name (self, 1), NULL };

  return g_strdupv ((char **) names);
}

/* Messages */

static void
show_message (MusterPhasePanel *self,
              const char       *message,
              gboolean          warning)
{
  g_free (self->message);
  self->message = g_strdup (message);

  {
    g_autofree char *plain = dup_plain (message);

    gtk_label_set_text (self->message_label, plain);
  }
  gtk_image_set_from_icon_name (self->message_icon,
                                warning ? "dialog-warning-symbolic" : "dialog-error-symbolic");
  gtk_widget_remove_css_class (GTK_WIDGET (self->message_icon), warning ? "error" : "warning");
  gtk_widget_add_css_class (GTK_WIDGET (self->message_icon), warning ? "warning" : "error");
  gtk_revealer_set_reveal_child (self->message_revealer, TRUE);
}

static void
refuse (MusterPhasePanel *self,
        const GError     *error)
{
  show_message (self, error->message, FALSE);
}

static void
refuse_text (MusterPhasePanel *self,
             const char       *text)
{
  show_message (self, text, FALSE);
}

static void
clear_message (MusterPhasePanel *self)
{
  g_clear_pointer (&self->message, g_free);
  gtk_revealer_set_reveal_child (self->message_revealer, FALSE);
}

/* The game log */

/* "#muster-game-log<TAB>1<TAB>ROLLS<TAB>SYSTEM": ROLLS is the number of
 * dice the roll log held when the game began (a game begun again on the
 * same layout goes on with the dice), SYSTEM the game's. */
static char *
dup_game_log_header (MusterPhasePanel *self)
{
  return g_strdup_printf ("%s\t%d\t%u\t%s", GAME_LOG_MAGIC, GAME_LOG_VERSION, self->first_roll,
                          self->system != NULL ? muster_system_get_id (self->system) : "");
}

/* Writes "NAME<TAB>PARAMETER" (or NAME alone) to the layout's game log.
 * Never while the log itself is being replayed. */
static void
record (MusterPhasePanel *self,
        const char       *name,
        GVariant         *parameter)
{
  g_autofree char *header = NULL;
  g_autofree const char **lines = NULL;

  if (self->replaying || self->layout == NULL)
    return;

  if (parameter != NULL)
    {
      g_autofree char *printed = g_variant_print (parameter, TRUE);

      g_ptr_array_add (self->game_log, g_strdup_printf ("%s\t%s", name, printed));
    }
  else
    g_ptr_array_add (self->game_log, g_strdup (name));

  header = dup_game_log_header (self);
  lines = g_new0 (const char *, self->game_log->len + 2);
  lines[0] = header;
  for (guint i = 0; i < self->game_log->len; i++)
    lines[i + 1] = g_ptr_array_index (self->game_log, i);
  muster_layout_set_game_log (self->layout, lines);

  /* The game goes on from where a restore stopped: the roll log is that
   * of this game from now on too. */
  if (self->keep_saved_logs)
    {
      g_auto(GStrv) rolls = muster_dice_log_to_strv (self->dice);

      self->keep_saved_logs = FALSE;
      muster_layout_set_roll_log (self->layout,
                                  muster_dice_get_n_rolls (self->dice) > 0 ? (const char * const *) rolls : NULL);
    }

  g_signal_emit (self, signals[GAME_LOG_CHANGED], 0);
}

/* An action went through: any earlier refusal no longer applies, and the
 * game log has it (once) if it is one that the log keeps. */
static void
accepted (MusterPhasePanel *self)
{
  Activation *activation = self->activation;

  if (activation != NULL && !activation->accepted)
    {
      activation->accepted = TRUE;
      if (activation->recorded)
        record (self, activation->name, activation->parameter);
    }

  clear_message (self);
  queue_refresh (self);
}

/* Every "phase" action runs here: TRUE when it was accepted (and then
 * recorded, if it is one that the game log keeps). */
static gboolean
run_action (MusterPhasePanel  *self,
            const PhaseAction *action,
            GVariant          *parameter)
{
  Activation activation = { action->name + strlen ("phase."), parameter, action->kind == ACTION_RECORDED, FALSE };
  Activation *outer = self->activation;

  self->activation = &activation;
  action->activate (GTK_WIDGET (self), action->name, parameter);
  self->activation = outer;

  return activation.accepted;
}

/* What a row, the board or a roster says, handed to a recorded action
 * (parameter may be floating). */
static void
delegate (MusterPhasePanel *self,
          const char       *action_name,
          GVariant         *parameter)
{
  g_autoptr(GVariant) owned = parameter != NULL ? g_variant_ref_sink (parameter) : NULL;

  gtk_widget_activate_action_variant (GTK_WIDGET (self), action_name, owned);
}

/* Dice controls */

static void
enter_die_clicked_cb (GtkButton        *button,
                      MusterPhasePanel *self)
{
  GtkSpinButton *spin = g_object_get_data (G_OBJECT (button), "spin");
  const char *action = g_object_get_data (G_OBJECT (button), "action");
  int player = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "player"));
  guint value = (guint) gtk_spin_button_get_value_as_int (spin);

  if (player >= 0)
    gtk_widget_activate_action (GTK_WIDGET (self), action, "(iu)", player, value);
  else
    gtk_widget_activate_action (GTK_WIDGET (self), action, "u", value);
}

/* What a row offers for a die: Muster's roll, or a die typed in. player
 * is the action's parameter, or -1 when it takes none (rolling) or only
 * the value (typing). */
static GtkWidget *
die_control (MusterPhasePanel *self,
             guint             sides,
             const char       *roll_action,
             const char       *enter_action,
             int               player)
{
  GtkWidget *box;
  GtkWidget *spin;
  GtkWidget *button;

  if (!self->typed_dice)
    return action_button (_("Roll"), NULL, roll_action,
                          player >= 0 ? g_variant_new_int32 (player) : NULL, TRUE);

  box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  gtk_widget_add_css_class (box, "linked");
  gtk_widget_set_valign (box, GTK_ALIGN_CENTER);

  spin = gtk_spin_button_new_with_range (1, sides, 1);
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (spin),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Die as thrown"),
                                  -1);
  gtk_box_append (GTK_BOX (box), spin);

  button = gtk_button_new_with_label (_("Enter"));
  gtk_widget_add_css_class (button, "suggested-action");
  g_object_set_data (G_OBJECT (button), "spin", spin);
  g_object_set_data (G_OBJECT (button), "action", (gpointer) enter_action);
  g_object_set_data (G_OBJECT (button), "player", GINT_TO_POINTER (player));
  g_signal_connect (button, "clicked", G_CALLBACK (enter_die_clicked_cb), self);
  gtk_box_append (GTK_BOX (box), button);

  return box;
}

/* Line of Fire */

static void
set_sight (MusterPhasePanel *self,
           const char       *piece_id,
           const char       *player_id)
{
  if (self->disposed ||
      (g_strcmp0 (piece_id, self->sight_piece) == 0 && g_strcmp0 (player_id, self->sight_player) == 0))
    return;

  g_free (self->sight_piece);
  g_free (self->sight_player);
  self->sight_piece = g_strdup (piece_id);
  self->sight_player = g_strdup (player_id);

  g_signal_emit (self, signals[SHOW_SIGHT], 0, piece_id, player_id);
  queue_refresh (self);
}

static void
sight_toggled_cb (GtkToggleButton  *button,
                  MusterPhasePanel *self)
{
  const char *piece_id = g_object_get_data (G_OBJECT (button), "piece-id");

  if (self->syncing)
    return;

  if (gtk_toggle_button_get_active (button))
    set_sight (self, piece_id, NULL);
  else if (g_strcmp0 (self->sight_piece, piece_id) == 0)
    set_sight (self, NULL, NULL);
}

static GtkWidget *
sight_button (MusterPhasePanel *self,
              const char       *piece_id)
{
  GtkWidget *button = gtk_toggle_button_new ();

  gtk_button_set_icon_name (GTK_BUTTON (button), "view-reveal-symbolic");
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_tooltip_text (button, _("Show Line of Fire"));
  g_object_set_data_full (G_OBJECT (button), "piece-id", g_strdup (piece_id), g_free);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (button), g_strcmp0 (self->sight_piece, piece_id) == 0);
  g_signal_connect (button, "toggled", G_CALLBACK (sight_toggled_cb), self);

  return button;
}

static void
player_sight_toggled_cb (MusterPhasePanel *self,
                         GtkToggleButton  *button)
{
  int player = button == self->player_sight_button_0 ? 0 : 1;

  if (self->syncing)
    return;

  if (gtk_toggle_button_get_active (button))
    set_sight (self, NULL, self->player_ids[player]);
  else if (g_strcmp0 (self->sight_player, self->player_ids[player]) == 0)
    set_sight (self, NULL, NULL);
}

/* The board */

static MusterPiece *
lookup_piece (MusterPhasePanel *self,
              const char       *piece_id)
{
  if (self->layout == NULL || piece_id == NULL)
    return NULL;

  return muster_layout_lookup_piece (self->layout, piece_id);
}

static const char *
piece_label (const MusterPiece *piece)
{
  return piece->name != NULL && *piece->name != '\0' ? piece->name : piece->id;
}

/* The player's troopers on the table, in layout order (ids). */
static GPtrArray *
list_table_troopers (MusterPhasePanel *self,
                     int               player)
{
  GPtrArray *ids = g_ptr_array_new_with_free_func (g_free);
  GPtrArray *pieces;

  if (self->layout == NULL || player < 0 || player > 1)
    return ids;

  pieces = muster_layout_get_pieces (self->layout);
  for (guint i = 0; i < pieces->len; i++)
    {
      const MusterPiece *piece = g_ptr_array_index (pieces, i);

      if (muster_sight_is_trooper (piece) && g_strcmp0 (piece->owner, self->player_ids[player]) == 0)
        g_ptr_array_add (ids, g_strdup (piece->id));
    }

  return ids;
}

static const char *
trooper_label (MusterPhasePanel *self,
               const char       *piece_id)
{
  MusterPiece *piece = lookup_piece (self, piece_id);

  return piece != NULL ? piece_label (piece) : piece_id;
}

/* The roll log */

static void
dice_rolled_cb (MusterPhasePanel *self)
{
  g_auto(GStrv) lines = NULL;

  /* The layout has them: a replay only checks that they are the same. */
  if (self->replaying)
    return;

  lines = muster_dice_log_to_strv (self->dice);
  if (self->layout != NULL)
    muster_layout_set_roll_log (self->layout, (const char * const *) lines);

  g_signal_emit (self, signals[ROLL_LOG_CHANGED], 0);
  queue_refresh (self);
}

static void
refresh_log (MusterPhasePanel *self)
{
  guint n = self->dice != NULL ? muster_dice_get_n_rolls (self->dice) : 0;
  guint shown = 0;

  clear_list (self->log_list);
  gtk_widget_set_visible (GTK_WIDGET (self->log_group), self->game != GAME_NONE && self->game != GAME_TI4);

  for (guint i = n; i > 0 && shown < MAX_LOG_ROWS; i--, shown++)
    {
      const MusterRoll *roll = muster_dice_get_roll (self->dice, i - 1);
      g_autofree char *title = NULL;
      g_autofree char *subtitle = NULL;
      g_autofree char *number = g_strdup_printf ("%u", roll->sequence);
      AdwActionRow *row;
      GtkWidget *label;

      if (roll->who != NULL && *roll->who != '\0')
        /* Translators: who threw, the result, the die: "Alice: 14 on a d20" */
        title = g_strdup_printf (_("%s: %u on a d%u"), name_of_id (self, roll->who), roll->value, roll->sides);
      else
        title = g_strdup_printf (_("%u on a d%u"), roll->value, roll->sides);

      if (roll->manual)
        /* Translators: why a die was thrown, and that it was typed in from the table */
        subtitle = g_strdup_printf (_("%s · typed in"), roll->why);
      else
        subtitle = g_strdup (roll->why);

      row = add_row (self->log_list, title, subtitle);
      label = gtk_label_new (number);
      gtk_widget_add_css_class (label, "dim-label");
      gtk_widget_add_css_class (label, "numeric");
      gtk_widget_set_size_request (label, 24, -1);
      adw_action_row_add_prefix (row, label);
    }

  if (n > shown)
    {
      g_autofree char *more = g_strdup_printf (ngettext ("And %u earlier roll", "And %u earlier rolls", n - shown),
                                               n - shown);
      AdwActionRow *row = add_row (self->log_list, more, NULL);

      gtk_widget_add_css_class (GTK_WIDGET (row), "dim-label");
    }
}

/* Infinity: the Initiative Roll */

static const char *
zone_label (MusterPhasePanel *self,
            const char       *zone_id,
            GHashTable       *options)
{
  const MusterDeployment *deployment;
  const MusterZone *zone;

  if (zone_id == NULL)
    return "";

  deployment = self->system != NULL && self->layout != NULL
             ? muster_system_lookup_deployment (self->system, muster_layout_get_deployment_id (self->layout))
             : NULL;
  zone = deployment != NULL
       ? muster_deployment_lookup_zone (deployment, zone_id,
                                        options != NULL ? options : muster_layout_get_options (self->layout))
       : NULL;

  return zone != NULL && zone->name != NULL ? zone->name : zone_id;
}

/* The two zones the keeper of Deployment chooses between. */
static char **
dup_infinity_zones (MusterPhasePanel *self)
{
  const MusterDeployment *deployment;
  g_autoptr(GPtrArray) zones = NULL;
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  deployment = muster_system_lookup_deployment (self->system, muster_layout_get_deployment_id (self->layout));
  if (deployment != NULL)
    zones = muster_deployment_list_zones (deployment, muster_layout_get_options (self->layout));

  if (zones == NULL || zones->len < 2)
    {
      g_strv_builder_add (builder, "north");
      g_strv_builder_add (builder, "south");
    }
  else
    {
      g_strv_builder_add (builder, ((const MusterZone *) g_ptr_array_index (zones, 0))->id);
      g_strv_builder_add (builder, ((const MusterZone *) g_ptr_array_index (zones, 1))->id);
    }

  return g_strv_builder_end (builder);
}

/* The Initiative Roll decided where everyone deploys: the board shows it. */
static void
write_infinity_zones (MusterPhasePanel *self)
{
  /* A replay does not write to the board: the layout has the result (or
   * what the players made of it since). */
  if (self->replaying)
    return;

  for (int i = 0; i < 2; i++)
    {
      const char *zone = muster_infinity_initiative_get_zone (self->initiative, i);
      MusterPlayer *player = muster_layout_lookup_player (self->layout, self->player_ids[i]);

      if (player != NULL && zone != NULL && g_strcmp0 (player->zone, zone) != 0)
        muster_layout_update_player (self->layout, player->id, zone, player->role, player->short_edge);
    }
}

static void
wip_applied_cb (AdwEntryRow      *row,
                MusterPhasePanel *self)
{
  int player = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (row), "player"));
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (row))));
  char *end = NULL;
  guint64 wip;

  wip = g_ascii_strtoull (text, &end, 10);
  if (end == text || *end != '\0' || wip > G_MAXUINT)
    {
      g_autofree char *message = g_strdup_printf (_("“%s” is not a WIP: type a number from 1 to %u"),
                                                  text, MUSTER_INITIATIVE_MAX_WIP);

      refuse_text (self, message);
      return;
    }

  gtk_widget_activate_action (GTK_WIDGET (self), "phase.set-wip", "(iub)", player, (guint) wip,
                              gtk_switch_get_active (self->wip_private_switch));
}

static void
wip_private_changed_cb (MusterPhasePanel *self)
{
  self->wip_signature = -1;
  queue_refresh (self);
}

static void
refresh_wip_rows (MusterPhasePanel *self)
{
  MusterInfinityInitiative *ini = self->initiative;
  MusterInfinityInitiativeState state = muster_infinity_initiative_get_state (ini);
  gboolean private = gtk_switch_get_active (self->wip_private_switch);
  int signature;

  signature = (state == MUSTER_INFINITY_INITIATIVE_WIP) |
              (private << 1) |
              ((muster_infinity_initiative_get_wip (ini, 0) != 0) << 2) |
              ((muster_infinity_initiative_get_wip (ini, 1) != 0) << 3);
  if (signature == self->wip_signature)
    return;
  self->wip_signature = signature;

  clear_list (self->wip_list);
  gtk_widget_set_visible (self->wip_private_row, state == MUSTER_INFINITY_INITIATIVE_WIP);
  gtk_widget_set_margin_top (GTK_WIDGET (self->wip_list), state == MUSTER_INFINITY_INITIATIVE_WIP ? 12 : 0);

  for (int i = 0; i < 2; i++)
    {
      guint wip = muster_infinity_initiative_get_wip (ini, i);
      gboolean is_private = muster_infinity_initiative_is_wip_private (ini, i);

      if (state == MUSTER_INFINITY_INITIATIVE_WIP)
        {
          GtkWidget *row = private ? adw_password_entry_row_new () : adw_entry_row_new ();
          g_autofree char *title = NULL;

          adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);

          if (wip == 0)
            /* Translators: the title of an entry, "Alice’s Lieutenant WIP" */
            title = g_strdup_printf (_("%s’s Lieutenant WIP"), player_name (self, i));
          else if (is_private)
            title = g_strdup_printf (_("%s’s WIP is in (private)"), player_name (self, i));
          else
            title = g_strdup_printf (_("%s’s WIP is %u"), player_name (self, i), wip);

          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
          adw_entry_row_set_show_apply_button (ADW_ENTRY_ROW (row), TRUE);
          adw_entry_row_set_input_purpose (ADW_ENTRY_ROW (row), GTK_INPUT_PURPOSE_DIGITS);
          g_object_set_data (G_OBJECT (row), "player", GINT_TO_POINTER (i));
          g_signal_connect (row, "apply", G_CALLBACK (wip_applied_cb), self);
          gtk_list_box_append (self->wip_list, row);
        }
      else
        {
          g_autofree char *value = is_private ? g_strdup (_("Private")) : g_strdup_printf ("%u", wip);
          AdwActionRow *row = add_row (self->wip_list, player_name (self, i), NULL);
          GtkWidget *label = gtk_label_new (value);

          gtk_widget_add_css_class (label, "dim-label");
          adw_action_row_add_suffix (row, label);
        }
    }
}

static char *
describe_attempt (MusterPhasePanel *self,
                  guint             attempt,
                  guint             rolls[2],
                  guint             targets[2],
                  MusterRollOffOutcome outcome,
                  int               winner)
{
  g_autofree char *dice = NULL;

  if (targets != NULL)
    /* Translators: the two dice of a Face to Face Roll, ✓ for a success and ✗ for a failure */
    dice = g_strdup_printf (_("%s %u %s · %s %u %s"),
                            player_name (self, 0), rolls[0], rolls[0] <= targets[0] ? "✓" : "✗",
                            player_name (self, 1), rolls[1], rolls[1] <= targets[1] ? "✓" : "✗");
  else
    dice = g_strdup_printf (_("%s %u · %s %u"), player_name (self, 0), rolls[0], player_name (self, 1), rolls[1]);

  switch (outcome)
    {
    case MUSTER_ROLL_OFF_TIE:
      /* Translators: the dice, then what they mean */
      return g_strdup_printf (_("%s — a tie: roll again"), dice);

    case MUSTER_ROLL_OFF_DOUBLE_FAILURE:
      return g_strdup_printf (_("%s — both failed: roll again"), dice);

    case MUSTER_ROLL_OFF_WON:
      return g_strdup_printf (_("%s — %s wins"), dice, player_name (self, winner));

    case MUSTER_ROLL_OFF_PENDING:
    default:
      return g_steal_pointer (&dice);
    }
}

static void
refresh_initiative (MusterPhasePanel *self)
{
  MusterInfinityInitiative *ini = self->initiative;
  MusterInfinityInitiativeState state;
  guint n_attempts;

  if (ini == NULL)
    return;

  state = muster_infinity_initiative_get_state (ini);
  n_attempts = muster_infinity_initiative_get_n_attempts (ini);

  if (state == MUSTER_INFINITY_INITIATIVE_WIP)
    set_group_description (self->wip_group,
                                           _("Each player enters their Lieutenant’s WIP; the roll needs both."));
  else
    set_group_description (self->wip_group, NULL);
  refresh_wip_rows (self);

  /* The roll, attempt by attempt */
  gtk_widget_set_visible (GTK_WIDGET (self->roll_group), state != MUSTER_INFINITY_INITIATIVE_WIP);
  clear_list (self->roll_list);
  for (guint a = n_attempts; a-- > 0;)
    {
      MusterRollOffOutcome outcome = muster_infinity_initiative_get_outcome (ini, a);
      guint rolls[2] = { muster_infinity_initiative_get_roll (ini, a, 0),
                         muster_infinity_initiative_get_roll (ini, a, 1) };
      guint targets[2] = { muster_infinity_initiative_get_wip (ini, 0),
                           muster_infinity_initiative_get_wip (ini, 1) };

      if (outcome == MUSTER_ROLL_OFF_PENDING)
        {
          for (int i = 0; i < 2; i++)
            {
              g_autofree char *subtitle = NULL;
              AdwActionRow *row;

              if (rolls[i] != 0)
                subtitle = g_strdup_printf (_("Rolled %u"), rolls[i]);
              else
                subtitle = g_strdup (_("Waiting for the die"));

              row = add_row (self->roll_list, player_name (self, i), subtitle);
              if (rolls[i] == 0)
                adw_action_row_add_suffix (row, die_control (self, 20, "phase.initiative-roll",
                                                             "phase.initiative-enter", i));
              else
                row_set_icon (row, "object-select-symbolic", "success");
            }
        }
      else
        {
          g_autofree char *title = g_strdup_printf (_("Attempt %u"), a + 1);
          g_autofree char *subtitle = describe_attempt (self, a, rolls, targets, outcome,
                                                        muster_infinity_initiative_get_winner (ini));
          AdwActionRow *row = add_row (self->roll_list, title, subtitle);

          row_set_icon (row, outcome == MUSTER_ROLL_OFF_WON ? "object-select-symbolic" : "view-refresh-symbolic",
                        outcome == MUSTER_ROLL_OFF_WON ? "success" : NULL);
        }
    }

  /* The winner's choice */
  gtk_widget_set_visible (GTK_WIDGET (self->choice_group), state == MUSTER_INFINITY_INITIATIVE_CHOOSE);
  if (state == MUSTER_INFINITY_INITIATIVE_CHOOSE)
    {
      int winner = muster_infinity_initiative_get_winner (ini);
      g_autofree char *description = NULL;

      description = g_strdup_printf (_("%s won the roll and keeps Initiative or Deployment; %s gets the other."),
                                     player_name (self, winner), player_name (self, 1 - winner));
      set_group_description (self->choice_group, description);
    }

  /* Who plays first, who deploys first and where */
  gtk_widget_set_visible (GTK_WIDGET (self->decide_group), state == MUSTER_INFINITY_INITIATIVE_DECIDE);
  if (state == MUSTER_INFINITY_INITIATIVE_DECIDE)
    {
      int initiative = muster_infinity_initiative_get_initiative_holder (ini);
      int deployment = muster_infinity_initiative_get_deployment_holder (ini);
      g_auto(GStrv) names = dup_player_names (self);
      g_auto(GStrv) zones = dup_infinity_zones (self);
      const char *zone_names[] = { zone_label (self, zones[0], NULL), zone_label (self, zones[1], NULL), NULL };
      g_autofree char *description = NULL;
      g_autofree char *first_turn_subtitle = NULL;
      g_autofree char *deployer_subtitle = NULL;
      g_autofree char *zone_title = NULL;

      description = g_strdup_printf (_("%s keeps Initiative, %s keeps Deployment."),
                                     player_name (self, initiative), player_name (self, deployment));
      set_group_description (self->decide_group, description);

      /* Translators: who decides this */
      first_turn_subtitle = g_strdup_printf (_("%s decides"), player_name (self, initiative));
      deployer_subtitle = g_strdup_printf (_("%s decides"), player_name (self, deployment));
      /* Translators: the Deployment Zone of a player */
      zone_title = g_strdup_printf (_("Zone of %s"), player_name (self, deployment));

      set_combo_strings (self->first_turn_row, (const char * const *) names, initiative);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (self->first_turn_row), first_turn_subtitle);
      gtk_widget_set_visible (GTK_WIDGET (self->first_turn_row),
                              muster_infinity_initiative_get_first_turn (ini) == MUSTER_PLAYER_NONE);

      set_combo_strings (self->first_deployer_row, (const char * const *) names, deployment);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (self->first_deployer_row), deployer_subtitle);
      set_combo_strings (self->zone_row, zone_names, 0);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->zone_row), zone_title);
      gtk_widget_set_visible (GTK_WIDGET (self->first_deployer_row),
                              muster_infinity_initiative_get_first_deployer (ini) == MUSTER_PLAYER_NONE);
      gtk_widget_set_visible (GTK_WIDGET (self->zone_row),
                              muster_infinity_initiative_get_first_deployer (ini) == MUSTER_PLAYER_NONE);
    }

  /* The result */
  gtk_widget_set_visible (GTK_WIDGET (self->initiative_result_group), state == MUSTER_INFINITY_INITIATIVE_DONE);
  if (state == MUSTER_INFINITY_INITIATIVE_DONE)
    {
      g_autofree char *zones = NULL;

      adw_action_row_set_subtitle (self->result_turn_row,
                                   player_name (self, muster_infinity_initiative_get_first_turn (ini)));
      adw_action_row_set_subtitle (self->result_deploy_row,
                                   player_name (self, muster_infinity_initiative_get_first_deployer (ini)));
      /* Translators: each player and their Deployment Zone */
      zones = g_strdup_printf (_("%s: %s · %s: %s"),
                               player_name (self, 0),
                               zone_label (self, muster_infinity_initiative_get_zone (ini, 0), NULL),
                               player_name (self, 1),
                               zone_label (self, muster_infinity_initiative_get_zone (ini, 1), NULL));
      adw_action_row_set_subtitle (self->result_zones_row, zones);
      gtk_widget_set_visible (self->initiative_start_button, self->deployment == NULL);
    }
}

static gboolean
expect_initiative (MusterPhasePanel *self)
{
  if (self->initiative != NULL)
    return TRUE;

  refuse_text (self, _("There is no Initiative Roll in this game"));
  return FALSE;
}

/* After any step of the roll: the result goes on the board. */
static void
initiative_accepted (MusterPhasePanel *self)
{
  if (muster_infinity_initiative_get_state (self->initiative) == MUSTER_INFINITY_INITIATIVE_DONE)
    write_infinity_zones (self);

  accepted (self);
}

static void
set_wip_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  MusterPhasePanel *self = MUSTER_PHASE_PANEL (widget);
  g_autoptr(GError) error = NULL;
  int player;
  guint wip;
  gboolean private;

  if (!expect_initiative (self))
    return;

  g_variant_get (parameter, "(iub)", &player, &wip, &private);
  if (player < 0 || player > 1)
    return;

  if (!muster_infinity_initiative_set_wip (self->initiative, player, wip, private, &error))
    refuse (self, error);
  else
    initiative_accepted (self);
}

static void
initiative_roll_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  MusterPhasePanel *self = MUSTER_PHASE_PANEL (widget);
  g_autoptr(GError) error = NULL;
  int player = g_variant_get_int32 (parameter);

  if (!expect_initiative (self) || player < 0 || player > 1)
    return;

  if (!muster_infinity_initiative_roll (self->initiative, player, &error))
    refuse (self, error);
  else
    initiative_accepted (self);
}

static void
initiative_enter_action (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  MusterPhasePanel *self = MUSTER_PHASE_PANEL (widget);
  g_autoptr(GError) error = NULL;
  int player;
  guint value;

  if (!expect_initiative (self))
    return;

  g_variant_get (parameter, "(iu)", &player, &value);
  if (player < 0 || player > 1)
    return;

  if (!muster_infinity_initiative_enter_roll (self->initiative, player, value, &error))
    refuse (self, error);
  else
    initiative_accepted (self);
}

static void
keep_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  MusterPhasePanel *self = MUSTER_PHASE_PANEL (widget);
  g_autoptr(GError) error = NULL;
  const char *what = g_variant_get_string (parameter, NULL);
  MusterInfinityKeep keep;

  if (!expect_initiative (self))
    return;

  if (muster_infinity_initiative_get_winner (self->initiative) == MUSTER_PLAYER_NONE)
    {
      refuse_text (self, _("Not now: nobody has won the Initiative Roll yet"));
      return;
    }

  keep = g_str_equal (what, "deployment") ? MUSTER_INFINITY_KEEP_DEPLOYMENT : MUSTER_INFINITY_KEEP_INITIATIVE;
  if (!muster_infinity_initiative_choose (self->initiative,
                                          muster_infinity_initiative_get_winner (self->initiative),
                                          keep, &error))
    refuse (self, error);
  else
    initiative_accepted (self);
}

/* The holders of Initiative and Deployment are known, and player is one
 * of the two. */
static gboolean
expect_decisions (MusterPhasePanel *self,
                  int               player)
{
  if (muster_infinity_initiative_get_initiative_holder (self->initiative) == MUSTER_PLAYER_NONE)
    {
      refuse_text (self, _("Not now: the winner of the roll must choose first"));
      return FALSE;
    }

  if (player < 0 || player > 1)
    {
      refuse_text (self, _("There are two players"));
      return FALSE;
    }

  return TRUE;
}

static void
choose_first_turn_action (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  MusterPhasePanel *self = MUSTER_PHASE_PANEL (widget);
  g_autoptr(GError) error = NULL;

  if (!expect_initiative (self) || !expect_decisions (self, g_variant_get_int32 (parameter)))
    return;

  if (!muster_infinity_initiative_choose_first_turn (self->initiative,
                                                     muster_infinity_initiative_get_initiative_holder (self->initiative),
                                                     g_variant_get_int32 (parameter), &error))
    refuse (self, error);
  else
    initiative_accepted (self);
}

static void
choose_deployment_action (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  MusterPhasePanel *self = MUSTER_PHASE_PANEL (widget);
  g_autoptr(GError) error = NULL;
  const char *zone;
  int first;

  if (!expect_initiative (self))
    return;

  g_variant_get (parameter, "(i&s)", &first, &zone);
  if (!expect_decisions (self, first))
    return;

  if (!muster_infinity_initiative_choose_deployment (self->initiative,
                                                     muster_infinity_initiative_get_deployment_holder (self->initiative),
                                                     first, zone, &error))
    refuse (self, error);
  else
    initiative_accepted (self);
}

/* Both decisions from the rows, as choose-first-turn and
 * choose-deployment. */
static void
infinity_decide_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  MusterPhasePanel *self = MUSTER_PHASE_PANEL (widget);
  MusterInfinityInitiative *ini = self->initiative;

  if (!expect_initiative (self))
    return;

  if (!expect_decisions (self, 0))
    return;

  if (muster_infinity_initiative_get_first_turn (ini) == MUSTER_PLAYER_NONE)
    {
      delegate (self, "phase.choose-first-turn",
                g_variant_new_int32 ((int) adw_combo_row_get_selected (self->first_turn_row)));
      if (muster_infinity_initiative_get_first_turn (ini) == MUSTER_PLAYER_NONE)
        return;
    }

  if (muster_infinity_initiative_get_first_deployer (ini) == MUSTER_PLAYER_NONE)
    {
      g_auto(GStrv) zones = dup_infinity_zones (self);
      guint zone = adw_combo_row_get_selected (self->zone_row);

      delegate (self, "phase.choose-deployment",
                g_variant_new ("(is)", (int) adw_combo_row_get_selected (self->first_deployer_row),
                               zones[zone < 2 ? zone : 0]));
    }
}

/* The 9th Age: the pre-game */

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

  return value;
}

static const MusterDeployment *
lookup_deployment (MusterPhasePanel *self,
                   const char       *deployment_id)
{
  if (self->system == NULL || deployment_id == NULL)
    return NULL;

  return muster_system_lookup_deployment (self->system, deployment_id);
}

static const char *
deployment_label (MusterPhasePanel *self,
                  const char       *deployment_id)
{
  const MusterDeployment *deployment = lookup_deployment (self, deployment_id);

  return deployment != NULL && deployment->name != NULL ? deployment->name : deployment_id;
}

/* The zones the chooser picks from, with the diagonal chosen or about to
 * be (see muster_t9a_pregame_choose_zone()). */
static const char * const *
t9a_zone_ids (const char *diagonal)
{
  static const char * const nw_se[] = { "north-east", "south-west", NULL };
  static const char * const ne_sw[] = { "north-west", "south-east", NULL };
  static const char * const plain[] = { "north", "south", NULL };

  if (g_strcmp0 (diagonal, "nw-se") == 0)
    return nw_se;
  if (g_strcmp0 (diagonal, "ne-sw") == 0)
    return ne_sw;

  return plain;
}

static const char *
t9a_zone_label (MusterPhasePanel *self,
                const char       *zone_id,
                const char       *diagonal)
{
  const MusterDeployment *deployment;
  g_autoptr(GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  const MusterZone *zone;

  deployment = lookup_deployment (self, muster_t9a_pregame_get_deployment_type (self->pregame));
  if (diagonal != NULL)
    g_hash_table_insert (options, (gpointer) "diagonal", (gpointer) diagonal);
  zone = deployment != NULL ? muster_deployment_lookup_zone (deployment, zone_id, options) : NULL;

  return zone != NULL && zone->name != NULL ? zone->name : zone_id;
}

/* The diagonal chosen, or the one selected in the row. */
static const char *
t9a_pending_diagonal (MusterPhasePanel *self)
{
  const char *type = muster_t9a_pregame_get_deployment_type (self->pregame);
  const char * const *values;
  guint selected;

  if (muster_t9a_pregame_get_diagonal (self->pregame) != NULL)
    return muster_t9a_pregame_get_diagonal (self->pregame);

  if (type == NULL || muster_t9a_pregame_get_type_choice (self->pregame, type) != MUSTER_T9A_CHOICE_DIAGONAL)
    return NULL;

  values = muster_t9a_choice_get_values (MUSTER_T9A_CHOICE_DIAGONAL);
  selected = adw_combo_row_get_selected (self->t9a_choice_row);

  return selected < g_strv_length ((char **) values) ? values[selected] : values[0];
}

/* Each player's zone, role and edge as they stand, made valid for the
 * deployment type when not chosen yet. */
static void
write_t9a_layout (MusterPhasePanel *self)
{
  MusterT9aPregame *pre = self->pregame;
  const char *type = muster_t9a_pregame_get_deployment_type (pre);
  const MusterDeployment *deployment;
  MusterT9aChoice choice;
  const char *diagonal;
  const char * const *zones;

  /* As write_infinity_zones(): not in a replay. */
  if (self->replaying || type == NULL || lookup_deployment (self, type) == NULL)
    return;

  deployment = lookup_deployment (self, type);
  choice = muster_t9a_pregame_get_type_choice (pre, type);

  if (g_strcmp0 (muster_layout_get_deployment_id (self->layout), type) != 0)
    muster_layout_set_game (self->layout, muster_layout_get_system_id (self->layout), type);

  diagonal = muster_t9a_pregame_get_diagonal (pre);
  if (choice == MUSTER_T9A_CHOICE_DIAGONAL && diagonal == NULL)
    diagonal = muster_deployment_get_option (deployment, muster_layout_get_options (self->layout), "diagonal");
  if (choice == MUSTER_T9A_CHOICE_DIAGONAL && diagonal != NULL &&
      g_strcmp0 (g_hash_table_lookup (muster_layout_get_options (self->layout), "diagonal"), diagonal) != 0)
    muster_layout_set_option (self->layout, "diagonal", diagonal);

  zones = t9a_zone_ids (choice == MUSTER_T9A_CHOICE_DIAGONAL ? diagonal : NULL);

  for (int i = 0; i < 2; i++)
    {
      MusterPlayer *player = muster_layout_lookup_player (self->layout, self->player_ids[i]);
      const char *zone = muster_t9a_pregame_get_zone (pre, i);
      const char *role = muster_t9a_pregame_get_role (pre, i);
      const char *edge = muster_t9a_pregame_get_short_edge (pre, i);

      if (player == NULL)
        continue;

      /* Not chosen yet: keep what stands if the type has it. */
      if (zone == NULL)
        zone = g_strv_contains (zones, player->zone != NULL ? player->zone : "") ? player->zone : zones[i];
      if (role == NULL)
        role = choice == MUSTER_T9A_CHOICE_ROLE && player->role == NULL ? (i == 0 ? "attacker" : "defender")
                                                                        : player->role;
      if (edge == NULL)
        edge = choice == MUSTER_T9A_CHOICE_SHORT_EDGE && player->short_edge == NULL ? (i == 0 ? "west" : "east")
                                                                                    : player->short_edge;

      if (g_strcmp0 (player->zone, zone) != 0 ||
          g_strcmp0 (player->role, role) != 0 ||
          g_strcmp0 (player->short_edge, edge) != 0)
        {
          g_autofree char *zone_copy = g_strdup (zone);
          g_autofree char *role_copy = g_strdup (role);
          g_autofree char *edge_copy = g_strdup (edge);

          muster_layout_update_player (self->layout, player->id, zone_copy, role_copy, edge_copy);
        }
    }
}

static void
t9a_choice_selected_cb (MusterPhasePanel *self)
{
  const char *diagonal;
  const char * const *zones;
  const char *labels[3] = { NULL };

  if (self->pregame == NULL || self->syncing)
    return;

  /* The zones to pick from follow the diagonal. */
  diagonal = t9a_pending_diagonal (self);
  zones = t9a_zone_ids (diagonal);
  labels[0] = t9a_zone_label (self, zones[0], diagonal);
  labels[1] = t9a_zone_label (self, zones[1], diagonal);
  set_combo_strings (self->t9a_zone_row, labels, 0);
}

static void
add_roll_off_rows (MusterPhasePanel *self,
                   GtkListBox       *list)
{
  MusterT9aPregame *pre = self->pregame;
  guint n_attempts = muster_t9a_pregame_get_n_attempts (pre);

  /* The attempt under way first, then the earlier ones, latest first. */
  for (guint a = n_attempts; a-- > 0;)
    {
      MusterRollOffOutcome outcome = muster_t9a_pregame_get_outcome (pre, a);
      guint rolls[2] = { muster_t9a_pregame_get_roll (pre, a, 0), muster_t9a_pregame_get_roll (pre, a, 1) };

      if (outcome == MUSTER_ROLL_OFF_PENDING)
        {
          for (int i = 0; i < 2; i++)
            {
              g_autofree char *subtitle = rolls[i] != 0 ? g_strdup_printf (_("Rolled %u"), rolls[i])
                                                        : g_strdup (_("Waiting for the die"));
              AdwActionRow *row = add_row (list, player_name (self, i), subtitle);

              if (rolls[i] == 0)
                adw_action_row_add_suffix (row, die_control (self, 6, "phase.t9a-roll-off",
                                                             "phase.t9a-enter-roll-off", i));
              else
                row_set_icon (row, "object-select-symbolic", "success");
            }
        }
      else
        {
          g_autofree char *title = g_strdup_printf (_("Attempt %u"), a + 1);
          g_autofree char *subtitle = describe_attempt (self, a, rolls, NULL, outcome,
                                                        muster_t9a_pregame_get_chooser (pre));
          AdwActionRow *row = add_row (list, title, subtitle);

          row_set_icon (row, outcome == MUSTER_ROLL_OFF_WON ? "object-select-symbolic" : "view-refresh-symbolic",
                        outcome == MUSTER_ROLL_OFF_WON ? "success" : NULL);
        }
    }
}

static void
refresh_pregame (MusterPhasePanel *self)
{
  MusterT9aPregame *pre = self->pregame;
  MusterT9aPregameState state;
  const char *type;
  int chooser;

  if (pre == NULL)
    return;

  state = muster_t9a_pregame_get_state (pre);
  type = muster_t9a_pregame_get_deployment_type (pre);
  chooser = muster_t9a_pregame_get_chooser (pre);

  /* The deployment type */
  /* The row's own list, so no empty list stays drawn. */
  gtk_widget_set_visible (gtk_widget_get_parent (GTK_WIDGET (self->t9a_type_row)),
                          state == MUSTER_T9A_PREGAME_DEPLOYMENT_TYPE);
  gtk_widget_set_margin_top (GTK_WIDGET (self->t9a_type_list), state == MUSTER_T9A_PREGAME_DEPLOYMENT_TYPE ? 12 : 0);
  set_group_description (self->t9a_type_group,
                                         state == MUSTER_T9A_PREGAME_DEPLOYMENT_TYPE
                                         ? _("Agree on a type, or roll a D6 for it.") : NULL);
  clear_list (self->t9a_type_list);
  if (state == MUSTER_T9A_PREGAME_DEPLOYMENT_TYPE)
    {
      AdwActionRow *row = add_row (self->t9a_type_list, _("Roll for It"), _("One D6"));

      adw_action_row_add_suffix (row, die_control (self, 6, "phase.t9a-roll-type", "phase.t9a-enter-type", -1));
    }
  else
    {
      guint roll = muster_t9a_pregame_get_deployment_type_roll (pre);
      g_autofree char *subtitle = roll != 0 ? g_strdup_printf (_("Rolled %u on a D6"), roll) : g_strdup (_("Agreed"));
      AdwActionRow *row = add_row (self->t9a_type_list, deployment_label (self, type), subtitle);

      row_set_icon (row, "object-select-symbolic", "success");
    }

  /* The roll-off */
  gtk_widget_set_visible (GTK_WIDGET (self->t9a_rolloff_group), state != MUSTER_T9A_PREGAME_DEPLOYMENT_TYPE);
  clear_list (self->t9a_roll_list);
  add_roll_off_rows (self, self->t9a_roll_list);

  /* The winner's choices */
  gtk_widget_set_visible (GTK_WIDGET (self->t9a_choice_group),
                          state == MUSTER_T9A_PREGAME_TYPE_CHOICE ||
                          state == MUSTER_T9A_PREGAME_ZONE ||
                          state == MUSTER_T9A_PREGAME_FIRST_DEPLOYER);
  if (state == MUSTER_T9A_PREGAME_TYPE_CHOICE ||
      state == MUSTER_T9A_PREGAME_ZONE ||
      state == MUSTER_T9A_PREGAME_FIRST_DEPLOYER)
    {
      MusterT9aChoice choice = muster_t9a_pregame_get_type_choice (pre, type);
      g_autofree char *description = g_strdup_printf (_("%s won the roll-off and decides."),
                                                      player_name (self, chooser));
      g_autofree char *choice_title = NULL;
      g_auto(GStrv) names = dup_player_names (self);

      set_group_description (self->t9a_choice_group, description);

      self->syncing = TRUE;
      switch (choice)
        {
        case MUSTER_T9A_CHOICE_DIAGONAL:
          choice_title = g_strdup (_("Diagonal"));
          break;

        case MUSTER_T9A_CHOICE_ROLE:
          /* Translators: the role (attacker or defender) of a player */
          choice_title = g_strdup_printf (_("Role of %s"), player_name (self, chooser));
          break;

        case MUSTER_T9A_CHOICE_SHORT_EDGE:
          /* Translators: the short board edge of a player */
          choice_title = g_strdup_printf (_("Short Edge of %s"), player_name (self, chooser));
          break;

        case MUSTER_T9A_CHOICE_NONE:
        default:
          break;
        }

      gtk_widget_set_visible (GTK_WIDGET (self->t9a_choice_row), state == MUSTER_T9A_PREGAME_TYPE_CHOICE);
      if (choice_title != NULL)
        {
          const char * const *values = muster_t9a_choice_get_values (choice);
          g_autoptr(GPtrArray) labels = g_ptr_array_new ();

          for (guint i = 0; values[i] != NULL; i++)
            g_ptr_array_add (labels, (gpointer) choice_value_label (values[i]));
          g_ptr_array_add (labels, NULL);
          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->t9a_choice_row), choice_title);
          set_combo_strings (self->t9a_choice_row, (const char * const *) labels->pdata, 0);
        }

      /* Translators: the Deployment Zone of a player */
      g_free (choice_title);
      choice_title = g_strdup_printf (_("Zone of %s"), player_name (self, chooser));
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->t9a_zone_row), choice_title);
      gtk_widget_set_visible (GTK_WIDGET (self->t9a_zone_row), state != MUSTER_T9A_PREGAME_FIRST_DEPLOYER);
      set_combo_strings (self->t9a_first_row, (const char * const *) names, chooser);
      self->syncing = FALSE;
      t9a_choice_selected_cb (self);
    }

  /* The result */
  gtk_widget_set_visible (GTK_WIDGET (self->t9a_result_group), state == MUSTER_T9A_PREGAME_DONE);
  clear_list (self->t9a_result_list);
  if (state == MUSTER_T9A_PREGAME_DONE)
    {
      const char *diagonal = muster_t9a_pregame_get_diagonal (pre);

      add_row (self->t9a_result_list, _("Deployment Type"), deployment_label (self, type));
      if (diagonal != NULL)
        add_row (self->t9a_result_list, _("Diagonal"), choice_value_label (diagonal));

      for (int i = 0; i < 2; i++)
        {
          const char *role = muster_t9a_pregame_get_role (pre, i);
          const char *edge = muster_t9a_pregame_get_short_edge (pre, i);
          g_autoptr(GString) subtitle = g_string_new (t9a_zone_label (self, muster_t9a_pregame_get_zone (pre, i),
                                                                      diagonal));

          if (role != NULL)
            g_string_append_printf (subtitle, " · %s", choice_value_label (role));
          if (edge != NULL)
            /* Translators: the short board edge of a player, "West edge" */
            g_string_append_printf (subtitle, " · %s", edge[0] == 'w' ? _("West edge") : _("East edge"));
          add_row (self->t9a_result_list, player_name (self, i), subtitle->str);
        }

      add_row (self->t9a_result_list, _("Deploys First"),
               player_name (self, muster_t9a_pregame_get_first_deployer (pre)));
      gtk_widget_set_visible (self->t9a_start_button, self->deployment == NULL);
    }
}

static gboolean
expect_pregame (MusterPhasePanel *self)
{
  if (self->pregame != NULL)
    return TRUE;

  refuse_text (self, _("There is no pre-game in this game"));
  return FALSE;
}

static void
pregame_accepted (MusterPhasePanel *self)
{
  write_t9a_layout (self);
  accepted (self);
}

static void
t9a_pick_type_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  MusterPhasePanel *self = MUSTER_PHASE_PANEL (widget);
  g_autoptr(GError) error = NULL;

  if (!expect_pregame (self))
    return;

  if (!muster_t9a_pregame_pick_deployment_type (self->pregame, g_variant_get_string (parameter, NULL), &error))
    refuse (self, error);
  else
    pregame_accepted (self);
}

static void
t9a_use_type_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  MusterPhasePanel *self = MUSTER_PHASE_PANEL (widget);
  const char * const *ids = g_object_get_data (G_OBJECT (self->t9a_type_row), "ids");
  guint selected = adw_combo_row_get_selected (self->t9a_type_row);

  if (ids == NULL || selected >= g_strv_length ((char **) ids))
    return;

  gtk_widget_activate_action (widget, "phase.t9a-pick-type", "s", ids[selected]);
}

static void
t9a_roll_type_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  MusterPhasePanel *self = MUSTER_PHASE_PANEL (widget);
  g_autoptr(GError) error = NULL;

  if (!expect_pregame (self))
    return;

  if (!muster_t9a_pregame_roll_deployment_type (self->pregame, MUSTER_PLAYER_NONE, &error))
    refuse (self, error);
  else
    pregame_accepted (self);
}

static void
t9a_enter_type_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  MusterPhasePanel *self = MUSTER_PHASE_PANEL (widget);
  g_autoptr(GError) error = NULL;

  if (!expect_pregame (self))
    return;

  if (!muster_t9a_pregame_enter_deployment_type_roll (self->pregame, MUSTER_PLAYER_NONE,
                                                      g_variant_get_uint32 (parameter), &error))
    refuse (self, error);
  else
    pregame_accepted (self);
}

static void
t9a_roll_off_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  MusterPhasePanel *self = MUSTER_PHASE_PANEL (widget);
  g_autoptr(GError) error = NULL;
  int player = g_variant_get_int32 (parameter);

  if (!expect_pregame (self) || player < 0 || player > 1)
    return;

  if (!muster_t9a_pregame_roll_off (self->pregame, player, &error))
    refuse (self, error);
  else
    pregame_accepted (self);
}

static void
t9a_enter_roll_off_action (GtkWidget  *widget,
                           const char *action_name,
                           GVariant   *parameter)
{
  MusterPhasePanel *self = MUSTER_PHASE_PANEL (widget);
  g_autoptr(GError) error = NULL;
  int player;
  guint value;

  if (!expect_pregame (self))
    return;

  g_variant_get (parameter, "(iu)", &player, &value);
  if (player < 0 || player > 1)
    return;

  if (!muster_t9a_pregame_enter_roll_off (self->pregame, player, value, &error))
    refuse (self, error);
  else
    pregame_accepted (self);
}

static void
t9a_choice_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  MusterPhasePanel *self = MUSTER_PHASE_PANEL (widget);
  g_autoptr(GError) error = NULL;

  if (!expect_pregame (self))
    return;

  if (!muster_t9a_pregame_make_choice (self->pregame, muster_t9a_pregame_get_chooser (self->pregame),
                                       g_variant_get_string (parameter, NULL), &error))
    refuse (self, error);
  else
    pregame_accepted (self);
}

static void
t9a_zone_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  MusterPhasePanel *self = MUSTER_PHASE_PANEL (widget);
  g_autoptr(GError) error = NULL;

  if (!expect_pregame (self))
    return;

  if (!muster_t9a_pregame_choose_zone (self->pregame, muster_t9a_pregame_get_chooser (self->pregame),
                                       g_variant_get_string (parameter, NULL), &error))
    refuse (self, error);
  else
    pregame_accepted (self);
}

static void
t9a_first_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  MusterPhasePanel *self = MUSTER_PHASE_PANEL (widget);
  g_autoptr(GError) error = NULL;

  if (!expect_pregame (self))
    return;

  if (!muster_t9a_pregame_choose_first_deployer (self->pregame, muster_t9a_pregame_get_chooser (self->pregame),
                                                 g_variant_get_int32 (parameter), &error))
    refuse (self, error);
  else
    pregame_accepted (self);
}

/* The winner's choices from the rows, as t9a-choice, t9a-zone and
 * t9a-first; each that is accepted is on the board at once. */
static void
t9a_decide_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  MusterPhasePanel *self = MUSTER_PHASE_PANEL (widget);
  MusterT9aPregame *pre = self->pregame;

  if (!expect_pregame (self))
    return;

  if (muster_t9a_pregame_get_state (pre) == MUSTER_T9A_PREGAME_TYPE_CHOICE)
    {
      MusterT9aChoice choice = muster_t9a_pregame_get_type_choice (pre, muster_t9a_pregame_get_deployment_type (pre));
      const char * const *values = muster_t9a_choice_get_values (choice);
      guint selected = adw_combo_row_get_selected (self->t9a_choice_row);

      if (values == NULL || selected >= g_strv_length ((char **) values))
        return;
      delegate (self, "phase.t9a-choice", g_variant_new_string (values[selected]));
      if (muster_t9a_pregame_get_state (pre) == MUSTER_T9A_PREGAME_TYPE_CHOICE)
        return;
    }

  if (muster_t9a_pregame_get_state (pre) == MUSTER_T9A_PREGAME_ZONE)
    {
      const char * const *zones = t9a_zone_ids (muster_t9a_pregame_get_diagonal (pre));
      guint selected = adw_combo_row_get_selected (self->t9a_zone_row);

      delegate (self, "phase.t9a-zone", g_variant_new_string (zones[selected < 2 ? selected : 0]));
      if (muster_t9a_pregame_get_state (pre) == MUSTER_T9A_PREGAME_ZONE)
        return;
    }

  if (muster_t9a_pregame_get_state (pre) == MUSTER_T9A_PREGAME_FIRST_DEPLOYER)
    {
      delegate (self, "phase.t9a-first",
                g_variant_new_int32 ((int) adw_combo_row_get_selected (self->t9a_first_row)));
      if (muster_t9a_pregame_get_state (pre) == MUSTER_T9A_PREGAME_FIRST_DEPLOYER)
        return;
    }

  if (muster_t9a_pregame_get_state (pre) != MUSTER_T9A_PREGAME_DONE)
    refuse_text (self, _("Not now: the roll-off must be won first"));
}

/* Deployment */

static Trooper *
lookup_trooper (MusterPhasePanel *self,
                const char       *trooper_id)
{
  for (guint i = 0; self->troopers != NULL && i < self->troopers->len; i++)
    {
      Trooper *trooper = g_ptr_array_index (self->troopers, i);

      if (g_strcmp0 (trooper->id, trooper_id) == 0)
        return trooper;
    }

  return NULL;
}

static gboolean
has_off_table_skill (MusterPhasePanel   *self,
                     const char * const *skills)
{
  for (guint i = 0; skills != NULL && skills[i] != NULL; i++)
    {
      const MusterSkillDef *skill = muster_system_lookup_skill (self->system, skills[i]);

      if (skill != NULL && skill->allows == MUSTER_SKILL_ALLOWS_OFF_TABLE)
        return TRUE;
    }

  return FALSE;
}

static gboolean
has_special_deployment (const char * const *categories,
                        const char * const *skills)
{
  static const char * const special[] = { "scout", "ambush", NULL };

  for (guint i = 0; special[i] != NULL; i++)
    if ((categories != NULL && g_strv_contains (categories, special[i])) ||
        (skills != NULL && g_strv_contains (skills, special[i])))
      return TRUE;

  return FALSE;
}

static Trooper *
add_trooper (MusterPhasePanel   *self,
             int                 player,
             const char         *id,
             const char         *name,
             const char         *entry_id,
             const char         *piece_id,
             gboolean            lieutenant,
             const char * const *categories,
             const char * const *skills)
{
  g_autoptr(GError) error = NULL;
  MusterTrooperFlags flags = MUSTER_TROOPER_NONE;
  Trooper *trooper;

  trooper = g_new0 (Trooper, 1);
  trooper->id = g_strdup (id);
  trooper->player = player;
  trooper->name = g_strdup (name != NULL && *name != '\0' ? name : id);
  trooper->entry_id = g_strdup (entry_id);
  trooper->piece_id = g_strdup (piece_id);
  trooper->lieutenant = lieutenant;
  trooper->may_stay_off = self->game == GAME_INFINITY && has_off_table_skill (self, skills);
  trooper->special = self->game == GAME_T9A && has_special_deployment (categories, skills);

  if (trooper->lieutenant)
    flags |= MUSTER_TROOPER_LIEUTENANT;
  if (trooper->may_stay_off)
    flags |= MUSTER_TROOPER_MAY_STAY_OFF_TABLE;
  if (trooper->special)
    flags |= MUSTER_TROOPER_SPECIAL_DEPLOYMENT;

  if (!muster_deployment_phase_add_trooper (self->deployment, player, id, flags, categories, &error))
    {
      g_debug ("Trooper %s left out: %s", id, error->message);
      trooper_free (trooper);
      return NULL;
    }

  g_ptr_array_add (self->troopers, trooper);

  return trooper;
}

static void
add_trooper_variant (GVariantBuilder    *builder,
                     int                 player,
                     const char         *id,
                     const char         *name,
                     const char         *entry_id,
                     const char         *piece_id,
                     gboolean            lieutenant,
                     const char * const *categories,
                     const char * const *skills)
{
  static const char * const none[] = { NULL };

  g_variant_builder_add (builder, "(issssb^as^as)", player, id, name != NULL ? name : "",
                         entry_id != NULL ? entry_id : "", piece_id != NULL ? piece_id : "", lieutenant,
                         categories != NULL ? categories : none, skills != NULL ? skills : none);
}

/* Each player's troopers, as start-deployment-with takes them: the
 * roster's entries, each piece of an entry a trooper (the pieces already
 * on the table stand for theirs), and the pieces on the table that come
 * from no entry. */
static GVariant *
collect_troopers (MusterPhasePanel *self)
{
  g_autoptr(MusterRoster) roster = NULL;
  g_autoptr(GHashTable) claimed = g_hash_table_new (g_str_hash, g_str_equal);
  GVariantBuilder builder;
  GPtrArray *pieces;

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a(issssbasas)"));
  if (self->layout == NULL || self->player_ids[0] == NULL || self->player_ids[1] == NULL)
    return g_variant_builder_end (&builder);

  roster = muster_roster_new (self->layout);
  pieces = muster_layout_get_pieces (self->layout);

  for (int p = 0; p < 2; p++)
    {
      GPtrArray *entries = muster_roster_get_entries (roster, self->player_ids[p]);

      for (guint e = 0; e < entries->len; e++)
        {
          const MusterRosterEntry *entry = g_ptr_array_index (entries, e);
          g_autoptr(GPtrArray) placed = g_ptr_array_new ();
          guint n;

          for (guint i = 0; i < pieces->len; i++)
            {
              MusterPiece *piece = g_ptr_array_index (pieces, i);

              if (g_strcmp0 (muster_roster_get_piece_entry (piece), entry->id) == 0 &&
                  g_strcmp0 (piece->owner, self->player_ids[p]) == 0)
                g_ptr_array_add (placed, piece);
            }

          n = MAX (entry->count, placed->len);
          for (guint k = 0; k < n; k++)
            {
              g_autofree char *slot = g_strdup_printf ("%s#%u", entry->id, k + 1);
              g_autofree char *name = n > 1 ? g_strdup_printf ("%s %u", entry->name, k + 1) : g_strdup (entry->name);
              MusterPiece *piece = k < placed->len ? g_ptr_array_index (placed, k) : NULL;

              if (piece != NULL)
                g_hash_table_add (claimed, piece->id);
              add_trooper_variant (&builder, p, piece != NULL ? piece->id : slot,
                                   piece != NULL && piece->name != NULL ? piece->name : name,
                                   entry->id, piece != NULL ? piece->id : NULL, entry->lieutenant,
                                   (const char * const *) entry->categories,
                                   (const char * const *) entry->skills);
            }
        }

      for (guint i = 0; i < pieces->len; i++)
        {
          MusterPiece *piece = g_ptr_array_index (pieces, i);

          if (!muster_sight_is_trooper (piece) ||
              g_strcmp0 (piece->owner, self->player_ids[p]) != 0 ||
              g_hash_table_contains (claimed, piece->id))
            continue;

          add_trooper_variant (&builder, p, piece->id, piece_label (piece), NULL, piece->id, piece->lieutenant,
                               (const char * const *) piece->categories, (const char * const *) piece->skills);
        }
    }

  return g_variant_builder_end (&builder);
}

/* Which piece on the table each trooper not yet bound to one would
 * deploy: those of its entry placed since, in order. */
static void
assign_candidates (MusterPhasePanel *self)
{
  g_autoptr(GHashTable) taken = g_hash_table_new (g_str_hash, g_str_equal);
  GPtrArray *pieces = muster_layout_get_pieces (self->layout);

  for (guint i = 0; i < self->troopers->len; i++)
    {
      Trooper *trooper = g_ptr_array_index (self->troopers, i);

      if (trooper->piece_id != NULL)
        g_hash_table_add (taken, trooper->piece_id);
    }

  for (guint i = 0; i < self->troopers->len; i++)
    {
      Trooper *trooper = g_ptr_array_index (self->troopers, i);

      g_clear_pointer (&trooper->candidate, g_free);

      if (trooper->piece_id != NULL)
        {
          MusterPiece *piece = lookup_piece (self, trooper->piece_id);

          if (piece != NULL && g_strcmp0 (piece->owner, self->player_ids[trooper->player]) == 0)
            trooper->candidate = g_strdup (piece->id);
          continue;
        }

      if (trooper->entry_id == NULL)
        continue;

      for (guint j = 0; j < pieces->len; j++)
        {
          MusterPiece *piece = g_ptr_array_index (pieces, j);

          if (g_strcmp0 (muster_roster_get_piece_entry (piece), trooper->entry_id) == 0 &&
              g_strcmp0 (piece->owner, self->player_ids[trooper->player]) == 0 &&
              !g_hash_table_contains (taken, piece->id))
            {
              trooper->candidate = g_strdup (piece->id);
              g_hash_table_add (taken, trooper->candidate);
              break;
            }
        }
    }
}

/* The deployment phase's placement check: the validator must find nothing
 * wrong with the piece where it stands, with the turn it would get (the
 * phase itself rules on the sequence). */
static gboolean
placement_check_cb (MusterDeploymentPhase  *phase,
                    int                     player,
                    const char             *trooper_id,
                    gconstpointer           placement,
                    gpointer                user_data,
                    GError                **error)
{
  MusterPhasePanel *self = user_data;
  const MusterPiece *piece = placement;
  g_autoptr(MusterPiece) copy = NULL;
  g_autoptr(GPtrArray) violations = NULL;
  g_autoptr(GString) reasons = NULL;
  Trooper *trooper = lookup_trooper (self, trooper_id);

  /* It was judged where it stood then; the board has moved on since. */
  if (self->replaying)
    return TRUE;

  if (piece == NULL)
    {
      g_set_error (error, MUSTER_DEPLOYMENT_PHASE_ERROR, MUSTER_DEPLOYMENT_PHASE_ERROR_PLACEMENT,
                   _("%s is not on the table: place it first"),
                   trooper != NULL ? trooper->name : trooper_id);
      return FALSE;
    }

  if (self->validator == NULL)
    return TRUE;

  copy = muster_piece_copy (piece);
  copy->turn = muster_deployment_phase_get_step (phase);
  violations = muster_validator_check_placement (self->validator, copy, piece->x, piece->y, piece->rotation);

  for (guint i = 0; i < violations->len; i++)
    {
      const MusterViolation *violation = g_ptr_array_index (violations, i);
      g_autofree char *text = NULL;

      if (violation->code == MUSTER_RULE_DEPLOY_SEQUENCE)
        continue;

      text = muster_violation_describe (violation);
      if (reasons == NULL)
        reasons = g_string_new (text);
      else
        g_string_append_printf (reasons, "; %s", text);
    }

  if (reasons == NULL)
    return TRUE;

  /* Translators: a trooper's name, then why it may not stand where it is */
  g_set_error (error, MUSTER_DEPLOYMENT_PHASE_ERROR, MUSTER_DEPLOYMENT_PHASE_ERROR_PLACEMENT,
               _("%s cannot be deployed where it stands: %s"), piece_label (piece), reasons->str);

  return FALSE;
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

static void
refresh_trooper_list (MusterPhasePanel *self,
                      int               player)
{
  MusterDeploymentPhase *phase = self->deployment;
  MusterDeploymentPhaseState state = muster_deployment_phase_get_state (phase);
  gboolean infinity = self->game == GAME_INFINITY;
  gboolean active = muster_deployment_phase_get_active_player (phase) == player;
  guint step = muster_deployment_phase_get_step (phase);
  GtkListBox *list = player == 0 ? self->troopers_list_0 : self->troopers_list_1;
  AdwPreferencesGroup *group = player == 0 ? self->troopers_group_0 : self->troopers_group_1;
  GtkToggleButton *player_sight = player == 0 ? self->player_sight_button_0 : self->player_sight_button_1;
  g_autofree char *tooltip = NULL;

  set_group_title (group, player_name (self, player));
  tooltip = g_strdup_printf (_("Show What %s’s Troopers See"), player_name (self, player));
  gtk_widget_set_tooltip_text (GTK_WIDGET (player_sight), tooltip);
  self->syncing = TRUE;
  gtk_toggle_button_set_active (player_sight, g_strcmp0 (self->sight_player, self->player_ids[player]) == 0);
  self->syncing = FALSE;

  clear_list (list);
  for (guint i = 0; i < self->troopers->len; i++)
    {
      const Trooper *trooper = g_ptr_array_index (self->troopers, i);
      MusterHoldReason hold = muster_deployment_phase_get_hold_reason (phase, trooper->id);
      gboolean placed = muster_deployment_phase_is_placed (phase, trooper->id);
      guint turn = muster_deployment_phase_get_placement_turn (phase, trooper->id);
      MusterPiece *piece = lookup_piece (self, trooper->candidate);
      g_autoptr(GString) subtitle = g_string_new (NULL);
      AdwActionRow *row;

      if (trooper->player != player)
        continue;

      if (placed)
        g_string_append_printf (subtitle, infinity ? _("Deployed in step %u") : _("Deployed in turn %u"), turn);
      else if (hold != MUSTER_HOLD_NONE)
        g_string_append (subtitle, hold_label (hold));
      else if (piece != NULL)
        g_string_append (subtitle, _("On the table"));
      else
        g_string_append (subtitle, _("Not on the table"));

      if (trooper->lieutenant)
        /* Translators: appended to a trooper's status */
        g_string_append (subtitle, _(" · Lieutenant"));

      row = add_row (list, trooper->name, subtitle->str);
      if (placed)
        row_set_icon (row, "object-select-symbolic", "success");
      else if (hold != MUSTER_HOLD_NONE)
        row_set_icon (row, "media-playback-pause-symbolic", "warning");

      if (state == MUSTER_DEPLOYMENT_PHASE_DECLARATIONS)
        {
          if (hold != MUSTER_HOLD_NONE)
            adw_action_row_add_suffix (row, action_button (_("Release"), NULL, "phase.release",
                                                           g_variant_new_string (trooper->id), FALSE));
          else
            {
              if (trooper->special)
                adw_action_row_add_suffix (row, action_button (_("Special"), NULL, "phase.special-deployment",
                                                               g_variant_new_string (trooper->id), FALSE));
              if (muster_deployment_phase_get_max_reserves (phase) > 0)
                adw_action_row_add_suffix (row, action_button (_("Reserve"), NULL, "phase.reserve",
                                                               g_variant_new_string (trooper->id), FALSE));
            }
        }
      else if (state == MUSTER_DEPLOYMENT_PHASE_DEPLOYING && active)
        {
          if (placed && turn == step)
            {
              GtkWidget *button = action_button (NULL, "edit-undo-symbolic", "phase.take-back",
                                                 g_variant_new_string (trooper->id), FALSE);

              gtk_widget_set_tooltip_text (button, _("Take Back"));
              adw_action_row_add_suffix (row, button);
            }
          else if (hold == MUSTER_HOLD_OFF_TABLE && infinity)
            adw_action_row_add_suffix (row, action_button (_("Release"), NULL, "phase.release",
                                                           g_variant_new_string (trooper->id), FALSE));
          else if (!placed && hold == MUSTER_HOLD_NONE)
            {
              if (trooper->may_stay_off)
                adw_action_row_add_suffix (row, action_button (_("Hold Back"), NULL, "phase.hold-back",
                                                               g_variant_new_string (trooper->id), FALSE));
              if (piece != NULL)
                adw_action_row_add_suffix (row, action_button (_("Deploy"), NULL, "phase.deploy",
                                                               g_variant_new_string (trooper->id), TRUE));
            }
        }

      if (piece != NULL)
        adw_action_row_add_suffix (row, sight_button (self, piece->id));
    }
}

static void
refresh_deployment (MusterPhasePanel *self)
{
  MusterDeploymentPhase *phase = self->deployment;
  MusterDeploymentPhaseState state;
  int active;
  gboolean t9a = self->game == GAME_T9A;

  gtk_widget_set_visible (GTK_WIDGET (self->deploy_waiting_page), phase == NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->deploy_status_group), phase != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->troopers_group_0), phase != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->troopers_group_1), phase != NULL);

  if (phase == NULL)
    {
      set_page_description (self->deploy_waiting_page,
                                       t9a ? _("Finish the pre-game first: the deployment type, the roll-off "
                                               "and the winner’s choices.")
                                           : _("Finish the Initiative Roll first: it decides who deploys "
                                               "first and where."));
      gtk_widget_set_visible (GTK_WIDGET (self->deploy_options_group), FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->finish_step_button), FALSE);
      gtk_widget_set_visible (self->finish_declarations_button, FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->deploy_done_group), FALSE);
      return;
    }

  assign_candidates (self);
  state = muster_deployment_phase_get_state (phase);
  active = muster_deployment_phase_get_active_player (phase);

  /* Whose step, and how far everyone is */
  {
    g_autofree char *step = muster_deployment_phase_describe (phase);
    g_autofree char *title = NULL;
    g_autofree char *description = NULL;

    switch (state)
      {
      case MUSTER_DEPLOYMENT_PHASE_DEPLOYING:
        /* Translators: the title over whose deployment step or turn it is */
        title = g_strdup_printf (_("%s Deploys"), player_name (self, active));
        /* Translators: the step or turn, then what to do in it */
        description = g_strdup_printf (_("%s. Place troopers on the table from the Players page, then "
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

    set_group_title (self->deploy_status_group, title);
    set_group_description (self->deploy_status_group, description);
  }

  clear_list (self->deploy_count_list);
  for (int p = 0; p < 2; p++)
    {
      guint held = muster_deployment_phase_get_n_held (phase, p);
      g_autofree char *subtitle = NULL;
      AdwActionRow *row;

      if (held > 0)
        /* Translators: deployed of all, then how many are held back */
        subtitle = g_strdup_printf (_("%u of %u deployed · %u held back"),
                                    muster_deployment_phase_get_n_placed (phase, p),
                                    muster_deployment_phase_get_n_troopers (phase, p), held);
      else
        subtitle = g_strdup_printf (_("%u of %u deployed"),
                                    muster_deployment_phase_get_n_placed (phase, p),
                                    muster_deployment_phase_get_n_troopers (phase, p));

      row = add_row (self->deploy_count_list, player_name (self, p), subtitle);
      if (p == active)
        {
          row_set_icon (row, "media-playback-start-symbolic", "accent");
          gtk_widget_set_tooltip_text (GTK_WIDGET (row), _("Deploying now"));
        }
      else
        {
          /* The same indent as the row of the player deploying. */
          GtkWidget *space = gtk_image_new ();

          gtk_image_set_pixel_size (GTK_IMAGE (space), 16);
          adw_action_row_add_prefix (row, space);
        }
    }

  /* Marching Columns */
  {
    gboolean deploying = state == MUSTER_DEPLOYMENT_PHASE_DEPLOYING && active >= 0;
    gboolean edge = deploying && muster_deployment_phase_get_needs_short_edge (phase) &&
                    muster_deployment_phase_get_short_edge (phase, active) == NULL;
    gboolean delay = deploying && muster_deployment_phase_get_can_delay (phase);

    gtk_widget_set_visible (GTK_WIDGET (self->deploy_options_group), edge || delay);
    gtk_widget_set_visible (GTK_WIDGET (self->deploy_edge_row), edge);
    gtk_widget_set_visible (self->deploy_delay_row, delay);
  }

  refresh_trooper_list (self, 0);
  refresh_trooper_list (self, 1);

  /* The list of the player deploying comes first. */
  {
    GtkWidget *first = GTK_WIDGET (active == 1 ? self->troopers_group_1 : self->troopers_group_0);
    GtkWidget *second = GTK_WIDGET (active == 1 ? self->troopers_group_0 : self->troopers_group_1);
    GtkWidget *box = gtk_widget_get_parent (first);

    gtk_box_reorder_child_after (GTK_BOX (box), first, GTK_WIDGET (self->deploy_options_group));
    gtk_box_reorder_child_after (GTK_BOX (box), second, first);
  }

  gtk_widget_set_visible (GTK_WIDGET (self->finish_step_button), state == MUSTER_DEPLOYMENT_PHASE_DEPLOYING);
  if (state == MUSTER_DEPLOYMENT_PHASE_DEPLOYING)
    {
      g_autofree char *label = NULL;

      if (t9a)
        label = g_strdup_printf (_("_End %s’s Turn"), player_name (self, active));
      else
        label = g_strdup_printf (_("_Finish Step %u"), muster_deployment_phase_get_step (phase));
      gtk_button_set_label (self->finish_step_button, label);
    }
  gtk_widget_set_visible (self->finish_declarations_button, state == MUSTER_DEPLOYMENT_PHASE_DECLARATIONS);

  /* Done: what to watch out for */
  gtk_widget_set_visible (GTK_WIDGET (self->deploy_done_group), state == MUSTER_DEPLOYMENT_PHASE_DONE);
  clear_list (self->deploy_done_list);
  if (state == MUSTER_DEPLOYMENT_PHASE_DONE)
    {
      gboolean any = FALSE;

      for (int p = 0; p < 2; p++)
        {
          g_autoptr(GError) error = NULL;

          if (!t9a && !muster_deployment_phase_check_lieutenant (phase, p, &error))
            {
              AdwActionRow *row = add_row (self->deploy_done_list, _("Loss of Lieutenant"), error->message);

              row_set_icon (row, "dialog-warning-symbolic", "warning");
              any = TRUE;
            }
          else if (t9a && muster_deployment_phase_get_n_held (phase, p) > 0)
            {
              g_autofree char *subtitle =
                g_strdup_printf (ngettext ("%u unit off the table, to enter later",
                                           "%u units off the table, to enter later",
                                           muster_deployment_phase_get_n_held (phase, p)),
                                 muster_deployment_phase_get_n_held (phase, p));
              AdwActionRow *row = add_row (self->deploy_done_list, player_name (self, p), subtitle);

              row_set_icon (row, "media-playback-pause-symbolic", "warning");
              any = TRUE;
            }
        }

      if (!any)
        {
          AdwActionRow *row = add_row (self->deploy_done_list,
                                       t9a ? _("Every unit is on the table")
                                           : _("Both Lieutenants are on the table"),
                                       NULL);

          row_set_icon (row, "object-select-symbolic", "success");
        }

      gtk_widget_set_visible (self->go_to_orders_button, !t9a && self->order_rules != NULL);
    }
}

static gboolean
expect_deployment (MusterPhasePanel *self)
{
  if (self->deployment != NULL)
    return TRUE;

  refuse_text (self, self->game == GAME_T9A
                     ? _("The deployment has not started: finish the pre-game first")
                     : _("The deployment has not started: finish the Initiative Roll first"));
  return FALSE;
}

static Trooper *
expect_trooper (MusterPhasePanel *self,
                GVariant         *parameter)
{
  const char *id = g_variant_get_string (parameter, NULL);
  Trooper *trooper;

  if (!expect_deployment (self))
    return NULL;

  trooper = lookup_trooper (self, id);
  if (trooper == NULL)
    {
      g_autofree char *message = g_strdup_printf (_("“%s” is not in either army"), id);

      refuse_text (self, message);
    }

  return trooper;
}

/* The troopers from the rosters and the table, as start-deployment-with. */
static void
start_deployment_action (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  MusterPhasePanel *self = MUSTER_PHASE_PANEL (widget);

  if (self->deployment != NULL)
    {
      refuse_text (self, _("The deployment has started already"));
      return;
    }

  delegate (self, "phase.start-deployment-with", collect_troopers (self));
}

static void
start_deployment_with_action (GtkWidget  *widget,
                              const char *action_name,
                              GVariant   *parameter)
{
  MusterPhasePanel *self = MUSTER_PHASE_PANEL (widget);
  g_autoptr(GError) error = NULL;
  const char *names[] = { player_name (self, 0), player_name (self, 1), NULL };
  GVariantIter iter;
  const char *id, *name, *entry_id, *piece_id;
  const char **categories, **skills;
  gboolean lieutenant;
  int player;
  int first;

  if (self->deployment != NULL)
    {
      refuse_text (self, _("The deployment has started already"));
      return;
    }

  if (self->game == GAME_INFINITY && self->initiative != NULL &&
      muster_infinity_initiative_get_state (self->initiative) == MUSTER_INFINITY_INITIATIVE_DONE)
    {
      first = muster_infinity_initiative_get_first_deployer (self->initiative);
      self->deployment = muster_deployment_phase_new_infinity (names, first);
    }
  else if (self->game == GAME_T9A && self->pregame != NULL &&
           muster_t9a_pregame_get_state (self->pregame) == MUSTER_T9A_PREGAME_DONE)
    {
      first = muster_t9a_pregame_get_first_deployer (self->pregame);
      self->deployment = muster_deployment_phase_new_t9a (names, first,
                                                          muster_t9a_pregame_get_deployment_type (self->pregame));
      if (!muster_deployment_phase_load_rules (self->deployment, muster_system_get_bytes (self->system),
                                               muster_system_get_id (self->system), &error))
        g_warning ("%s", error->message);
      g_clear_error (&error);
    }
  else
    {
      refuse_text (self, self->game == GAME_T9A
                         ? _("Not yet: finish the pre-game first")
                         : _("Not yet: finish the Initiative Roll first"));
      return;
    }

  muster_deployment_phase_set_placement_check (self->deployment, placement_check_cb, self, NULL);
  g_signal_connect_object (self->deployment, "changed", G_CALLBACK (queue_refresh), self, G_CONNECT_SWAPPED);
  self->troopers = g_ptr_array_new_with_free_func (trooper_free);

  g_variant_iter_init (&iter, parameter);
  while (g_variant_iter_next (&iter, "(i&s&s&s&sb^a&s^a&s)", &player, &id, &name, &entry_id, &piece_id,
                              &lieutenant, &categories, &skills))
    {
      if (player == 0 || player == 1)
        add_trooper (self, player, id, name, *entry_id != '\0' ? entry_id : NULL,
                     *piece_id != '\0' ? piece_id : NULL, lieutenant, categories, skills);
      g_free (categories);
      g_free (skills);
    }

  if (!muster_deployment_phase_start (self->deployment, &error))
    {
      refuse (self, error);
      g_clear_pointer (&self->troopers, g_ptr_array_unref);
      g_clear_object (&self->deployment);
      queue_refresh (self);
      return;
    }

  adw_view_stack_set_visible_child_name (self->phase_stack, "deployment");
  accepted (self);
}

static void
deploy_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  MusterPhasePanel *self = MUSTER_PHASE_PANEL (widget);
  g_autoptr(GError) error = NULL;
  Trooper *trooper = expect_trooper (self, parameter);
  MusterPiece *piece;

  if (trooper == NULL)
    return;

  assign_candidates (self);
  piece = lookup_piece (self, trooper->candidate);

  if (!muster_deployment_phase_place (self->deployment, trooper->player, trooper->id, piece, &error))
    {
      refuse (self, error);
      return;
    }

  /* Bound to that piece for good; the layout keeps the step or turn (a
   * replay finds it there, or finds the piece gone since). */
  if (piece != NULL)
    {
      g_free (trooper->piece_id);
      trooper->piece_id = g_strdup (piece->id);
    }
  if (piece != NULL && !self->replaying)
    {
      piece->turn = muster_deployment_phase_get_placement_turn (self->deployment, trooper->id);
      muster_layout_piece_changed (self->layout, piece);
    }

  accepted (self);
}

static void
take_back_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  MusterPhasePanel *self = MUSTER_PHASE_PANEL (widget);
  g_autoptr(GError) error = NULL;
  Trooper *trooper = expect_trooper (self, parameter);
  MusterPiece *piece;

  if (trooper == NULL)
    return;

  if (!muster_deployment_phase_unplace (self->deployment, trooper->player, trooper->id, &error))
    {
      refuse (self, error);
      return;
    }

  piece = lookup_piece (self, trooper->piece_id);
  if (piece != NULL && !self->replaying)
    {
      piece->turn = 0;
      muster_layout_piece_changed (self->layout, piece);
    }
  if (trooper->entry_id != NULL)
    g_clear_pointer (&trooper->piece_id, g_free);

  accepted (self);
}

static void
hold (MusterPhasePanel *self,
      GVariant         *parameter,
      MusterHoldReason  reason)
{
  g_autoptr(GError) error = NULL;
  Trooper *trooper = expect_trooper (self, parameter);

  if (trooper == NULL)
    return;

  if (!muster_deployment_phase_hold_back (self->deployment, trooper->player, trooper->id, reason, &error))
    refuse (self, error);
  else
    accepted (self);
}

static void
hold_back_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  hold (MUSTER_PHASE_PANEL (widget), parameter, MUSTER_HOLD_OFF_TABLE);
}

static void
reserve_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  hold (MUSTER_PHASE_PANEL (widget), parameter, MUSTER_HOLD_RESERVE);
}

static void
special_deployment_action (GtkWidget  *widget,
                           const char *action_name,
                           GVariant   *parameter)
{
  hold (MUSTER_PHASE_PANEL (widget), parameter, MUSTER_HOLD_SPECIAL_DEPLOYMENT);
}

static void
release_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  MusterPhasePanel *self = MUSTER_PHASE_PANEL (widget);
  g_autoptr(GError) error = NULL;
  Trooper *trooper = expect_trooper (self, parameter);

  if (trooper == NULL)
    return;

  if (!muster_deployment_phase_release (self->deployment, trooper->player, trooper->id, &error))
    refuse (self, error);
  else
    accepted (self);
}

static void
finish_step_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  MusterPhasePanel *self = MUSTER_PHASE_PANEL (widget);
  g_autoptr(GError) error = NULL;

  if (!expect_deployment (self))
    return;

  if (!muster_deployment_phase_finish_step (self->deployment,
                                            muster_deployment_phase_get_active_player (self->deployment),
                                            &error))
    refuse (self, error);
  else
    accepted (self);
}

static void
finish_declarations_action (GtkWidget  *widget,
                            const char *action_name,
                            GVariant   *parameter)
{
  MusterPhasePanel *self = MUSTER_PHASE_PANEL (widget);
  g_autoptr(GError) error = NULL;

  if (!expect_deployment (self))
    return;

  if (!muster_deployment_phase_finish_declarations (self->deployment, &error))
    refuse (self, error);
  else
    accepted (self);
}

static void
choose_short_edge (MusterPhasePanel *self,
                   const char       *edge)
{
  g_autoptr(GError) error = NULL;
  int active;
  MusterPlayer *player;

  if (!expect_deployment (self))
    return;

  active = muster_deployment_phase_get_active_player (self->deployment);
  if (active < 0)
    {
      refuse_text (self, _("Nobody is deploying now"));
      return;
    }

  if (!muster_deployment_phase_choose_short_edge (self->deployment, active, edge, &error))
    {
      refuse (self, error);
      return;
    }

  /* The deployment order is measured from it: the validator reads it.
   * (A replay finds it on the board.) */
  player = self->replaying ? NULL : muster_layout_lookup_player (self->layout, self->player_ids[active]);
  if (player != NULL && g_strcmp0 (player->short_edge, edge) != 0)
    {
      g_autofree char *zone = g_strdup (player->zone);
      g_autofree char *role = g_strdup (player->role);

      muster_layout_update_player (self->layout, player->id, zone, role, edge);
    }

  accepted (self);
}

static void
choose_short_edge_action (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  choose_short_edge (MUSTER_PHASE_PANEL (widget), g_variant_get_string (parameter, NULL));
}

static void
choose_short_edge_selected_action (GtkWidget  *widget,
                                   const char *action_name,
                                   GVariant   *parameter)
{
  MusterPhasePanel *self = MUSTER_PHASE_PANEL (widget);

  delegate (self, "phase.choose-short-edge",
            g_variant_new_string (adw_combo_row_get_selected (self->deploy_edge_row) == 1 ? "east" : "west"));
}

static void
delay_remaining_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  MusterPhasePanel *self = MUSTER_PHASE_PANEL (widget);
  g_autoptr(GError) error = NULL;

  if (!expect_deployment (self))
    return;

  if (!muster_deployment_phase_delay_remaining (self->deployment,
                                                muster_deployment_phase_get_active_player (self->deployment),
                                                &error))
    refuse (self, error);
  else
    accepted (self);
}

/* Line of Fire actions */

static void
show_sight_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  MusterPhasePanel *self = MUSTER_PHASE_PANEL (widget);
  const char *piece_id = g_variant_get_string (parameter, NULL);

  if (lookup_piece (self, piece_id) == NULL)
    {
      g_autofree char *message = g_strdup_printf (_("“%s” is not on the table"), piece_id);

      refuse_text (self, message);
      return;
    }

  set_sight (self, piece_id, NULL);
}

static void
show_player_sight_action (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  MusterPhasePanel *self = MUSTER_PHASE_PANEL (widget);
  int player = g_variant_get_int32 (parameter);

  if (player < 0 || player > 1 || self->player_ids[player] == NULL)
    return;

  set_sight (self, NULL, self->player_ids[player]);
}

static void
hide_sight_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  set_sight (MUSTER_PHASE_PANEL (widget), NULL, NULL);
}

/* Orders */

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

/* Names from the game-system file are English; the shipped ones have
 * translations. */
static const char *
data_label (const char *text)
{
  return text != NULL ? g_dgettext (GETTEXT_PACKAGE, text) : "";
}

static gboolean
aro_eligible_cb (MusterOrderSequence *sequence,
                 const char          *reactive_trooper,
                 MusterAroCheck       check,
                 gpointer             user_data)
{
  MusterPhasePanel *self = user_data;
  MusterPiece *active = lookup_piece (self, muster_order_sequence_get_active_trooper (sequence));
  MusterPiece *reactive = lookup_piece (self, reactive_trooper);

  if (active == NULL || reactive == NULL)
    return FALSE;

  return muster_sight_aro_eligible (self->layout, reactive, active);
}

/* The troopers the reactive player has on the table now. None in a
 * replay, which asks the board nothing: who could react at each ARO
 * check is in the game log (aro-eligible). */
static void
update_reactive_troopers (MusterPhasePanel *self)
{
  g_autoptr(GPtrArray) ids = NULL;

  if (self->replaying)
    {
      muster_order_sequence_set_reactive_troopers (self->sequence, NULL);
      return;
    }

  ids = list_table_troopers (self, 1 - self->turn_player);
  g_ptr_array_add (ids, NULL);
  muster_order_sequence_set_reactive_troopers (self->sequence, (const char * const *) ids->pdata);
}

static gboolean
is_aro_check (const MusterOrderStep *step)
{
  return step != NULL &&
         (step->kind == MUSTER_ORDER_STEP_ARO || step->kind == MUSTER_ORDER_STEP_ARO_CHECK ||
          step->kind == MUSTER_ORDER_STEP_LATE_ARO || step->kind == MUSTER_ORDER_STEP_LATE_ARO_CHECK);
}

/* A menu button of the skills usable in an Order (trooper NULL) or as an
 * ARO of trooper, by kind; each item declares its skill. */
static GtkWidget *
skill_menu_button (MusterPhasePanel *self,
                   const char       *label,
                   const char       *trooper)
{
  static const MusterSkillKind kinds[] = {
    MUSTER_SKILL_SHORT_MOVEMENT, MUSTER_SKILL_SHORT, MUSTER_SKILL_ENTIRE_ORDER,
  };
  MusterSkillCatalogue *catalogue = muster_order_rules_get_catalogue (self->order_rules);
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

          item = g_menu_item_new (data_label (skill->name), NULL);
          if (trooper != NULL)
            g_menu_item_set_action_and_target_value (item, "phase.declare-aro",
                                                     g_variant_new ("(ss)", trooper, skill->id));
          else
            g_menu_item_set_action_and_target_value (item, "phase.declare-skill",
                                                     g_variant_new_string (skill->id));
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

static char *
describe_side (MusterPhasePanel           *self,
               const char                 *who,
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

static void
add_step_rows (MusterPhasePanel      *self,
               const MusterOrderStep *step)
{
  MusterOrderSequence *seq = self->sequence;
  const char *active = muster_order_sequence_get_active_trooper (seq);
  g_auto(GStrv) eligible = muster_order_sequence_dup_eligible (seq);
  MusterOrderStepKind kind = step->kind;
  gboolean declaring = kind == MUSTER_ORDER_STEP_ARO ||
                       kind == MUSTER_ORDER_STEP_ARO_DECLARATION ||
                       kind == MUSTER_ORDER_STEP_LATE_ARO ||
                       kind == MUSTER_ORDER_STEP_LATE_ARO_DECLARATION;
  gboolean checking = kind == MUSTER_ORDER_STEP_ARO_CHECK || kind == MUSTER_ORDER_STEP_LATE_ARO_CHECK;
  gboolean resolving = kind == MUSTER_ORDER_STEP_RESOLUTION || kind == MUSTER_ORDER_STEP_ARO_VALIDITY;
  g_autoptr(GPtrArray) reactive = list_table_troopers (self, 1 - self->turn_player);
  g_autoptr(GString) lost = g_string_new (NULL);
  AdwActionRow *row;

  if (active != NULL)
    {
      row = add_row (self->order_list, trooper_label (self, active), _("Active trooper"));
      row_set_icon (row, "media-playback-start-symbolic", "accent");
      adw_action_row_add_suffix (row, sight_button (self, active));
    }

  /* The skills declared, and a menu at the steps that declare them */
  for (guint slot = 0; slot < 2; slot++)
    {
      const MusterOrderSkill *skill = muster_order_sequence_get_skill (seq, slot);
      g_autofree char *subtitle = NULL;
      g_autofree char *number = g_strdup_printf ("%u", slot + 1);
      GtkWidget *label;

      if (skill == NULL)
        continue;

      subtitle = muster_order_sequence_is_skill_idle (seq, slot)
               /* Translators: a skill's kind, and that it became Idle */
               ? g_strdup_printf (_("%s · Idle: its requirements failed"), skill_kind_label (skill->kind))
               : g_strdup (skill_kind_label (skill->kind));
      row = add_row (self->order_list, data_label (skill->name), subtitle);
      label = gtk_label_new (number);
      gtk_widget_add_css_class (label, "numeric");
      gtk_widget_add_css_class (label, "dim-label");
      gtk_widget_set_size_request (label, 16, -1);
      adw_action_row_add_prefix (row, label);
      if (kind == MUSTER_ORDER_STEP_RESOLUTION && !muster_order_sequence_is_skill_idle (seq, slot))
        {
          GtkWidget *button = action_button (_("Idle"), NULL, "phase.idle-skill", g_variant_new_uint32 (slot), FALSE);

          gtk_widget_set_tooltip_text (button, _("Its requirements fail: the skill becomes Idle"));
          adw_action_row_add_suffix (row, button);
        }
    }

  if (kind == MUSTER_ORDER_STEP_FIRST_SKILL || kind == MUSTER_ORDER_STEP_SECOND_SKILL)
    {
      row = add_row (self->order_list,
                     kind == MUSTER_ORDER_STEP_FIRST_SKILL ? _("First Skill") : _("Second Skill"),
                     kind == MUSTER_ORDER_STEP_FIRST_SKILL ? _("Or an Entire Order") : _("Optional"));
      adw_action_row_add_suffix (row, skill_menu_button (self, _("Declare"), NULL));
    }

  /* The AROs: declared, who may still react, and who lost theirs */
  for (guint i = 0; i < reactive->len; i++)
    {
      const char *id = g_ptr_array_index (reactive, i);
      const MusterOrderSkill *aro = muster_order_sequence_get_aro (seq, id);

      if (aro != NULL)
        {
          gboolean idle = muster_order_sequence_is_aro_idle (seq, id);
          g_autofree char *subtitle = idle ? g_strdup_printf (_("ARO: %s · Idle"), data_label (aro->name))
                                           : g_strdup_printf (_("ARO: %s"), data_label (aro->name));

          row = add_row (self->order_list, trooper_label (self, id), subtitle);
          row_set_icon (row, "media-playlist-repeat-symbolic", "warning");
          if (resolving && !idle)
            {
              GtkWidget *button = action_button (_("Idle"), NULL, "phase.idle-aro", g_variant_new_string (id), FALSE);

              gtk_widget_set_tooltip_text (button, _("Not valid, or its requirements fail: the ARO becomes Idle"));
              adw_action_row_add_suffix (row, button);
            }
          adw_action_row_add_suffix (row, sight_button (self, id));
        }
      else if (muster_order_sequence_has_lost_aro (seq, id))
        {
          if (lost->len > 0)
            g_string_append (lost, ", ");
          g_string_append (lost, trooper_label (self, id));
        }
      else if (g_strv_contains ((const char * const *) eligible, id))
        {
          row = add_row (self->order_list, trooper_label (self, id), _("May react"));
          row_set_icon (row, "media-playlist-repeat-symbolic", NULL);
          if (declaring)
            adw_action_row_add_suffix (row, skill_menu_button (self, _("ARO"), id));
          adw_action_row_add_suffix (row, sight_button (self, id));
        }
    }

  if ((declaring || checking) && eligible[0] == NULL)
    {
      row = add_row (self->order_list, _("No enemy trooper can react now"),
                     _("None has Line of Fire or Zone of Control to the active trooper"));
      gtk_widget_add_css_class (GTK_WIDGET (row), "dim-label");
    }

  if (lost->len > 0)
    {
      row = add_row (self->order_list, _("AROs Lost"), lost->str);
      adw_action_row_set_subtitle_lines (row, 0);
      row_set_icon (row, "action-unavailable-symbolic", "dim-label");
      gtk_widget_set_tooltip_text (GTK_WIDGET (row), _("They could react after the first skill and did not"));
    }

  if (kind == MUSTER_ORDER_STEP_EFFECTS)
    add_row (self->order_list, _("Effects"), _("Saving Rolls, Dodge and other effects of the hits"));
  else if (kind == MUSTER_ORDER_STEP_CONCLUSION)
    add_row (self->order_list, _("Conclusion"), _("Guts Rolls; the Order ends"));
}

static void
add_roll_row (MusterPhasePanel *self)
{
  const char *active = muster_order_sequence_get_active_trooper (self->sequence);
  g_autofree char *active_side = describe_side (self, trooper_label (self, active), &self->f2f.side[0]);
  AdwActionRow *row;

  row = add_row (self->order_list, _("Normal Roll"), active_side);
  if (self->f2f_against != NULL)
    {
      g_autofree char *reactive_side = describe_side (self, trooper_label (self, self->f2f_against),
                                                      &self->f2f.side[1]);
      g_autofree char *both = g_strdup_printf ("%s\n%s", active_side, reactive_side);

      adw_action_row_set_subtitle (row, both);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Face to Face Roll"));
    }
  adw_action_row_set_subtitle_lines (row, 0);
  row_set_icon (row, "media-playlist-shuffle-symbolic", "accent");
}

static void
refresh_face_to_face (MusterPhasePanel *self)
{
  MusterOrderSequence *seq = self->sequence;
  g_autoptr(GPtrArray) reactive = list_table_troopers (self, 1 - self->turn_player);
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *active_title = NULL;
  guint selected;

  g_ptr_array_add (labels, (gpointer) _("Nobody (a Normal Roll)"));
  g_ptr_array_add (ids, g_strdup (""));
  for (guint i = 0; i < reactive->len; i++)
    {
      const char *id = g_ptr_array_index (reactive, i);

      if (muster_order_sequence_get_aro (seq, id) == NULL || muster_order_sequence_is_aro_idle (seq, id))
        continue;
      g_ptr_array_add (labels, (gpointer) trooper_label (self, id));
      g_ptr_array_add (ids, g_strdup (id));
    }
  g_ptr_array_add (labels, NULL);

  set_combo_strings (self->f2f_against_row, (const char * const *) labels->pdata, ids->len > 1 ? 1 : 0);
  g_object_set_data_full (G_OBJECT (self->f2f_against_row), "ids", g_ptr_array_ref (ids),
                          (GDestroyNotify) g_ptr_array_unref);

  active_title = g_strdup (trooper_label (self, muster_order_sequence_get_active_trooper (seq)));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->f2f_active_row), active_title);
  adw_action_row_set_subtitle (self->f2f_active_row, _("Success Value, Burst"));
  selected = adw_combo_row_get_selected (self->f2f_against_row);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->f2f_reactive_row),
                                 selected > 0 && selected < ids->len
                                 ? trooper_label (self, g_ptr_array_index (ids, selected)) : "");
  adw_action_row_set_subtitle (self->f2f_reactive_row, _("Success Value, Burst"));
  gtk_widget_set_visible (GTK_WIDGET (self->f2f_reactive_row), adw_combo_row_get_selected (self->f2f_against_row) > 0);
  gtk_widget_set_visible (self->f2f_active_dice, self->typed_dice);
  gtk_widget_set_visible (self->f2f_reactive_dice,
                          self->typed_dice && adw_combo_row_get_selected (self->f2f_against_row) > 0);
}

static void
refresh_orders (MusterPhasePanel *self)
{
  MusterOrderSequence *seq = self->sequence;
  gboolean running = seq != NULL && !muster_order_sequence_is_finished (seq);
  const MusterOrderStep *step = running ? muster_order_sequence_get_step (seq) : NULL;
  g_auto(GStrv) versions = NULL;

  if (self->order_rules == NULL)
    return;

  /* Between Player Turns */
  gtk_widget_set_visible (GTK_WIDGET (self->orders_setup_group), !running);
  if (!running)
    {
      g_autofree char *title = g_strdup_printf (_("Game Round %u, Player Turn %u"),
                                                self->game_round, self->turns_in_round + 1);
      g_auto(GStrv) names = dup_player_names (self);
      g_autoptr(GPtrArray) labels = g_ptr_array_new ();
      guint current = 0;

      set_group_title (self->orders_setup_group, title);
      self->syncing = TRUE;
      set_combo_strings (self->orders_player_row, (const char * const *) names, GTK_INVALID_LIST_POSITION);

      versions = muster_order_rules_list_versions (self->order_rules);
      for (guint i = 0; versions[i] != NULL; i++)
        {
          g_ptr_array_add (labels, (gpointer) version_label (versions[i]));
          if (g_strcmp0 (versions[i], muster_order_rules_get_version (self->order_rules)) == 0)
            current = i;
        }
      g_ptr_array_add (labels, NULL);
      set_combo_strings (self->orders_version_row, (const char * const *) labels->pdata, current);
      adw_combo_row_set_selected (self->orders_version_row, current);
      self->syncing = FALSE;
    }

  /* The Order under way */
  gtk_widget_set_visible (GTK_WIDGET (self->order_group), running);
  self->activate_row = NULL;
  clear_list (self->order_list);
  gtk_widget_set_visible (self->f2f_box, FALSE);
  if (running)
    {
      guint number = muster_order_sequence_get_order_number (seq) +
                     (step->kind == MUSTER_ORDER_STEP_ACTIVATION ? 1 : 0);
      guint left = muster_order_sequence_get_n_orders_left (seq);
      g_autofree char *title = g_strdup_printf (_("%s — Order %u"), player_name (self, self->turn_player), number);
      g_autofree char *description = g_strdup_printf (ngettext ("%u Order left in the pool",
                                                                "%u Orders left in the pool", left), left);
      g_autofree char *step_title = g_strdup_printf ("%s  %s", step->number, data_label (step->name));
      g_autofree char *who = NULL;
      AdwActionRow *row;

      set_group_title (self->order_group, title);
      set_group_description (self->order_group, description);

      switch (muster_order_sequence_get_acting_side (seq))
        {
        case MUSTER_ORDER_SIDE_ACTIVE:
          /* Translators: who acts at this step of the Order */
          who = g_strdup_printf (_("%s acts"), player_name (self, self->turn_player));
          break;
        case MUSTER_ORDER_SIDE_REACTIVE:
          /* Translators: who acts at this step of the Order */
          who = g_strdup_printf (_("%s reacts"), player_name (self, 1 - self->turn_player));
          break;
        case MUSTER_ORDER_SIDE_BOTH:
          who = g_strdup (_("Both players"));
          break;
        case MUSTER_ORDER_SIDE_NONE:
        default:
          break;
        }

      row = add_row (self->order_list, step_title, who);
      adw_action_row_set_title_lines (row, 0);
      row_set_icon (row, "mark-location-symbolic", "accent");

      if (self->has_f2f)
        add_roll_row (self);

      if (step->kind == MUSTER_ORDER_STEP_ACTIVATION)
        {
          AdwComboRow *activate = ADW_COMBO_ROW (adw_combo_row_new ());
          g_autoptr(GPtrArray) ids = list_table_troopers (self, self->turn_player);
          g_autoptr(GPtrArray) labels = g_ptr_array_new ();
          const char *chosen = muster_order_sequence_get_active_trooper (seq);
          guint selected = 0;

          adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (activate), FALSE);
          for (guint i = 0; i < ids->len; i++)
            {
              g_ptr_array_add (labels, (gpointer) trooper_label (self, g_ptr_array_index (ids, i)));
              if (g_strcmp0 (g_ptr_array_index (ids, i), chosen) == 0)
                selected = i;
            }
          g_ptr_array_add (labels, NULL);

          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (activate), _("Trooper"));
          set_combo_strings (activate, (const char * const *) labels->pdata, selected);
          adw_action_row_add_suffix (ADW_ACTION_ROW (activate),
                                     action_button (_("Activate"), NULL, "phase.activate-selected", NULL, TRUE));
          gtk_list_box_append (self->order_list, GTK_WIDGET (activate));
          self->activate_row = activate;
        }

      if ((step->kind == MUSTER_ORDER_STEP_ARO_CHECK || step->kind == MUSTER_ORDER_STEP_LATE_ARO_CHECK ||
           step->kind == MUSTER_ORDER_STEP_ARO || step->kind == MUSTER_ORDER_STEP_LATE_ARO))
        {
          GtkWidget *button = action_button (NULL, "view-refresh-symbolic", "phase.recheck-aro", NULL, FALSE);

          gtk_widget_set_tooltip_text (button, _("Check Again from the Board"));
          adw_action_row_add_suffix (row, button);
        }

      add_step_rows (self, step);

      gtk_widget_set_visible (self->end_turn_button, step->kind == MUSTER_ORDER_STEP_ACTIVATION);
      gtk_widget_set_visible (self->f2f_box, step->kind == MUSTER_ORDER_STEP_RESOLUTION);
      if (step->kind == MUSTER_ORDER_STEP_RESOLUTION)
        refresh_face_to_face (self);
    }

  /* The sequence, with the current step picked out */
  clear_list (self->steps_list);
  for (guint i = 0; i < muster_order_rules_get_n_steps (self->order_rules); i++)
    {
      const MusterOrderStep *s = muster_order_rules_get_step (self->order_rules, i);
      AdwActionRow *row = add_row (self->steps_list, data_label (s->name), NULL);
      GtkWidget *number = gtk_label_new (s->number);

      gtk_widget_set_size_request (number, 28, -1);
      gtk_label_set_xalign (GTK_LABEL (number), 0);
      gtk_widget_add_css_class (number, "numeric");
      if (s->kind == MUSTER_ORDER_STEP_HEADING)
        gtk_widget_add_css_class (GTK_WIDGET (row), "dim-label");
      adw_action_row_add_prefix (row, number);

      if (s == step)
        gtk_list_box_select_row (self->steps_list, GTK_LIST_BOX_ROW (row));
    }
}

static gboolean
expect_turn (MusterPhasePanel *self)
{
  if (self->sequence != NULL && !muster_order_sequence_is_finished (self->sequence))
    return TRUE;

  refuse_text (self, _("No Player Turn is under way: start one first"));
  return FALSE;
}

/* After the Player Turn: the other player's is next. */
static void
turn_over (MusterPhasePanel *self)
{
  int next = 1 - self->turn_player;
  g_autoptr(GPtrArray) troopers = list_table_troopers (self, next);

  self->turns_in_round++;
  if (self->turns_in_round >= 2)
    {
      self->turns_in_round = 0;
      self->game_round++;
    }

  adw_combo_row_set_selected (self->orders_player_row, next);
  gtk_spin_button_set_value (self->orders_pool_spin, troopers->len);
  self->has_f2f = FALSE;
  g_clear_pointer (&self->f2f_against, g_free);
}

static void
go_to_orders_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  MusterPhasePanel *self = MUSTER_PHASE_PANEL (widget);
  int first = self->initiative != NULL ? muster_infinity_initiative_get_first_turn (self->initiative) : 0;
  g_autoptr(GPtrArray) troopers = NULL;
  g_auto(GStrv) names = dup_player_names (self);

  if (self->order_rules == NULL)
    return;

  if (first < 0)
    first = 0;
  troopers = list_table_troopers (self, first);

  set_combo_strings (self->orders_player_row, (const char * const *) names, first);
  adw_combo_row_set_selected (self->orders_player_row, first);
  gtk_spin_button_set_value (self->orders_pool_spin, troopers->len);
  adw_view_stack_set_visible_child_name (self->phase_stack, "orders");
  accepted (self);
}

static void
orders_version_selected_cb (MusterPhasePanel *self)
{
  g_auto(GStrv) versions = NULL;
  guint selected = adw_combo_row_get_selected (self->orders_version_row);

  if (self->syncing || self->order_rules == NULL)
    return;

  versions = muster_order_rules_list_versions (self->order_rules);
  if (selected < g_strv_length (versions))
    gtk_widget_activate_action (GTK_WIDGET (self), "phase.order-version", "s", versions[selected]);
}

static void
order_version_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  MusterPhasePanel *self = MUSTER_PHASE_PANEL (widget);
  g_autoptr(GError) error = NULL;

  if (self->order_rules == NULL)
    return;

  if (self->sequence != NULL && !muster_order_sequence_is_finished (self->sequence))
    {
      refuse_text (self, _("The sequence changes between Player Turns"));
      queue_refresh (self);
      return;
    }

  if (!muster_order_rules_set_version (self->order_rules, g_variant_get_string (parameter, NULL), &error))
    refuse (self, error);
  else
    accepted (self);
}

/* The player and the pool from the rows, as start-turn-with. */
static void
start_turn_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  MusterPhasePanel *self = MUSTER_PHASE_PANEL (widget);
  int player = (int) adw_combo_row_get_selected (self->orders_player_row);
  guint pool = (guint) gtk_spin_button_get_value_as_int (self->orders_pool_spin);

  if (player < 0 || player > 1)
    player = 0;

  delegate (self, "phase.start-turn-with", g_variant_new ("(iu)", player, pool));
}

static void
start_turn_with_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  MusterPhasePanel *self = MUSTER_PHASE_PANEL (widget);
  g_autoptr(GError) warning = NULL;
  int player;
  guint pool;

  if (self->order_rules == NULL)
    return;

  if (self->sequence != NULL && !muster_order_sequence_is_finished (self->sequence))
    {
      refuse_text (self, _("A Player Turn is under way: end it first"));
      return;
    }

  g_variant_get (parameter, "(iu)", &player, &pool);
  if (player < 0 || player > 1)
    {
      refuse_text (self, _("There are two players"));
      return;
    }

  g_clear_object (&self->sequence);
  self->turn_player = player;
  self->has_f2f = FALSE;
  self->sequence = muster_order_sequence_new (self->order_rules, self->dice,
                                              self->player_ids[player], self->player_ids[1 - player], pool);
  muster_order_sequence_set_aro_eligible_func (self->sequence, aro_eligible_cb, self, NULL);
  update_reactive_troopers (self);
  g_signal_connect_object (self->sequence, "changed", G_CALLBACK (queue_refresh), self, G_CONNECT_SWAPPED);

  accepted (self);

  /* The start of a player's first turn: is the Lieutenant there? */
  if (!self->had_turn[player] && self->deployment != NULL &&
      !muster_deployment_phase_check_lieutenant (self->deployment, player, &warning))
    show_message (self, warning->message, TRUE);
  self->had_turn[player] = TRUE;

  if (muster_order_sequence_is_finished (self->sequence))
    turn_over (self);
}

static void
activate_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  MusterPhasePanel *self = MUSTER_PHASE_PANEL (widget);
  g_autoptr(GError) error = NULL;
  const char *id = g_variant_get_string (parameter, NULL);
  MusterPiece *piece;

  if (!expect_turn (self))
    return;

  /* (It was on the table when it was activated; a replay does not ask.) */
  piece = lookup_piece (self, id);
  if (!self->replaying && (piece == NULL || g_strcmp0 (piece->owner, self->player_ids[self->turn_player]) != 0))
    {
      g_autofree char *message = g_strdup_printf (_("“%s” is not a trooper of %s on the table"),
                                                  piece != NULL ? piece_label (piece) : id,
                                                  player_name (self, self->turn_player));

      refuse_text (self, message);
      return;
    }

  if (!muster_order_sequence_activate (self->sequence, id, &error))
    refuse (self, error);
  else
    accepted (self);
}

static void
activate_selected_action (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  MusterPhasePanel *self = MUSTER_PHASE_PANEL (widget);
  g_autoptr(GPtrArray) ids = NULL;
  guint selected;

  if (!expect_turn (self) || self->activate_row == NULL)
    return;

  ids = list_table_troopers (self, self->turn_player);
  selected = adw_combo_row_get_selected (self->activate_row);
  if (selected < ids->len)
    gtk_widget_activate_action (widget, "phase.activate", "s", (const char *) g_ptr_array_index (ids, selected));
}

static void
declare_skill_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  MusterPhasePanel *self = MUSTER_PHASE_PANEL (widget);
  g_autoptr(GError) error = NULL;

  if (!expect_turn (self))
    return;

  if (!muster_order_sequence_declare_skill (self->sequence, g_variant_get_string (parameter, NULL), &error))
    refuse (self, error);
  else
    accepted (self);
}

static void
declare_aro_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  MusterPhasePanel *self = MUSTER_PHASE_PANEL (widget);
  g_autoptr(GError) error = NULL;
  const char *trooper;
  const char *skill;

  if (!expect_turn (self))
    return;

  g_variant_get (parameter, "(&s&s)", &trooper, &skill);
  if (!muster_order_sequence_declare_aro (self->sequence, trooper, skill, &error))
    refuse (self, error);
  else
    accepted (self);
}

/* Who may react, from the board as it stands, as aro-eligible. */
static void
recheck_aro_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  MusterPhasePanel *self = MUSTER_PHASE_PANEL (widget);
  g_autoptr(GPtrArray) reactive = NULL;
  g_autoptr(GPtrArray) eligible = g_ptr_array_new ();
  const MusterOrderStep *step;
  MusterAroCheck check;

  if (!expect_turn (self))
    return;

  step = muster_order_sequence_get_step (self->sequence);
  check = step->kind == MUSTER_ORDER_STEP_LATE_ARO || step->kind == MUSTER_ORDER_STEP_LATE_ARO_CHECK ||
          step->kind == MUSTER_ORDER_STEP_LATE_ARO_DECLARATION ? MUSTER_ARO_CHECK_SECOND : MUSTER_ARO_CHECK_FIRST;

  update_reactive_troopers (self);
  reactive = list_table_troopers (self, 1 - self->turn_player);
  for (guint i = 0; i < reactive->len; i++)
    if (aro_eligible_cb (self->sequence, g_ptr_array_index (reactive, i), check, self))
      g_ptr_array_add (eligible, g_ptr_array_index (reactive, i));
  g_ptr_array_add (eligible, NULL);

  delegate (self, "phase.aro-eligible", g_variant_new_strv ((const char * const *) eligible->pdata, -1));
}

static void
aro_eligible_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  MusterPhasePanel *self = MUSTER_PHASE_PANEL (widget);
  g_autoptr(GError) error = NULL;
  g_autofree const char **eligible = NULL;

  if (!expect_turn (self))
    return;

  eligible = g_variant_get_strv (parameter, NULL);
  if (!muster_order_sequence_set_eligible (self->sequence, eligible, &error))
    refuse (self, error);
  else
    accepted (self);
}

static void
idle_skill_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  MusterPhasePanel *self = MUSTER_PHASE_PANEL (widget);
  g_autoptr(GError) error = NULL;
  guint slot = g_variant_get_uint32 (parameter);

  if (!expect_turn (self) || slot > 1)
    return;

  if (!muster_order_sequence_idle_skill (self->sequence, slot, &error))
    refuse (self, error);
  else
    accepted (self);
}

static void
idle_aro_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  MusterPhasePanel *self = MUSTER_PHASE_PANEL (widget);
  g_autoptr(GError) error = NULL;

  if (!expect_turn (self))
    return;

  if (!muster_order_sequence_idle_aro (self->sequence, g_variant_get_string (parameter, NULL), &error))
    refuse (self, error);
  else
    accepted (self);
}

static void
face_to_face (MusterPhasePanel *self,
              const char       *against,
              guint             active_target,
              guint             active_burst,
              GArray           *active_rolls,
              guint             reactive_target,
              guint             reactive_burst,
              GArray           *reactive_rolls)
{
  g_autoptr(GError) error = NULL;
  MusterFaceToFace result;
  const char *reactive = against != NULL && *against != '\0' ? against : NULL;

  if (!expect_turn (self))
    return;

  /* Dice typed in: as many as were thrown. */
  if (active_rolls != NULL && active_rolls->len > 0)
    active_burst = active_rolls->len;
  if (reactive_rolls != NULL && reactive_rolls->len > 0)
    reactive_burst = reactive_rolls->len;

  if (!muster_order_sequence_face_to_face (self->sequence, reactive,
                                           active_target, active_burst,
                                           active_rolls != NULL && active_rolls->len > 0
                                           ? (const guint *) active_rolls->data : NULL,
                                           reactive_target, reactive_burst,
                                           reactive_rolls != NULL && reactive_rolls->len > 0
                                           ? (const guint *) reactive_rolls->data : NULL,
                                           &result, &error))
    {
      refuse (self, error);
      return;
    }

  self->f2f = result;
  self->has_f2f = TRUE;
  g_free (self->f2f_against);
  self->f2f_against = g_strdup (reactive);
  accepted (self);
}

static GArray *
array_from_variant (GVariant *variant)
{
  GArray *array = g_array_new (FALSE, FALSE, sizeof (guint));
  gsize n = 0;
  const guint32 *values = g_variant_get_fixed_array (variant, &n, sizeof (guint32));

  for (gsize i = 0; i < n; i++)
    {
      guint value = values[i];

      g_array_append_val (array, value);
    }

  return array;
}

static void
face_to_face_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  MusterPhasePanel *self = MUSTER_PHASE_PANEL (widget);
  g_autoptr(GVariant) active_dice = NULL;
  g_autoptr(GVariant) reactive_dice = NULL;
  g_autoptr(GArray) active_rolls = NULL;
  g_autoptr(GArray) reactive_rolls = NULL;
  const char *against;
  guint active_target, active_burst, reactive_target, reactive_burst;

  g_variant_get (parameter, "(&suu@auuu@au)", &against, &active_target, &active_burst, &active_dice,
                 &reactive_target, &reactive_burst, &reactive_dice);
  active_rolls = array_from_variant (active_dice);
  reactive_rolls = array_from_variant (reactive_dice);

  face_to_face (self, against, active_target, active_burst, active_rolls,
                reactive_target, reactive_burst, reactive_rolls);
}

/* Dice as face-to-face takes them: none (NULL) for Muster's. */
static GVariant *
variant_from_array (GArray *array)
{
  G_STATIC_ASSERT (sizeof (guint) == sizeof (guint32));

  return g_variant_new_fixed_array (G_VARIANT_TYPE_UINT32, array != NULL ? array->data : NULL,
                                    array != NULL ? array->len : 0, sizeof (guint32));
}

/* "3 12, 19" as dice; NULL (with a refusal shown) when it is not. */
static GArray *
parse_dice (MusterPhasePanel *self,
            const char       *text)
{
  g_autoptr(GArray) array = g_array_new (FALSE, FALSE, sizeof (guint));
  g_auto(GStrv) words = g_regex_split_simple ("[\\s,;]+", text, 0, 0);

  for (guint i = 0; words[i] != NULL; i++)
    {
      char *end = NULL;
      guint64 value;

      if (*words[i] == '\0')
        continue;

      value = g_ascii_strtoull (words[i], &end, 10);
      if (end == words[i] || *end != '\0' || value < 1 || value > 20)
        {
          g_autofree char *message = g_strdup_printf (_("“%s” is not a result of a d20"), words[i]);

          refuse_text (self, message);
          return NULL;
        }

      {
        guint die = (guint) value;

        g_array_append_val (array, die);
      }
    }

  return g_steal_pointer (&array);
}

static void
face_to_face_selected_action (GtkWidget  *widget,
                              const char *action_name,
                              GVariant   *parameter)
{
  MusterPhasePanel *self = MUSTER_PHASE_PANEL (widget);
  GPtrArray *ids = g_object_get_data (G_OBJECT (self->f2f_against_row), "ids");
  guint selected = adw_combo_row_get_selected (self->f2f_against_row);
  const char *against = ids != NULL && selected < ids->len ? g_ptr_array_index (ids, selected) : "";
  g_autoptr(GArray) active_rolls = NULL;
  g_autoptr(GArray) reactive_rolls = NULL;

  if (self->typed_dice)
    {
      active_rolls = parse_dice (self, gtk_editable_get_text (GTK_EDITABLE (self->f2f_active_dice)));
      if (active_rolls == NULL)
        return;
      reactive_rolls = parse_dice (self, gtk_editable_get_text (GTK_EDITABLE (self->f2f_reactive_dice)));
      if (reactive_rolls == NULL)
        return;
      if (active_rolls->len == 0 || (*against != '\0' && reactive_rolls->len == 0))
        {
          refuse_text (self, _("Type in the dice as thrown, or let Muster roll them"));
          return;
        }
    }

  delegate (self, "phase.face-to-face",
            g_variant_new ("(suu@auuu@au)", against,
                           (guint) gtk_spin_button_get_value_as_int (self->f2f_active_target),
                           (guint) gtk_spin_button_get_value_as_int (self->f2f_active_burst),
                           variant_from_array (active_rolls),
                           (guint) gtk_spin_button_get_value_as_int (self->f2f_reactive_target),
                           (guint) gtk_spin_button_get_value_as_int (self->f2f_reactive_burst),
                           variant_from_array (reactive_rolls)));

  if (self->has_f2f)
    {
      gtk_editable_set_text (GTK_EDITABLE (self->f2f_active_dice), "");
      gtk_editable_set_text (GTK_EDITABLE (self->f2f_reactive_dice), "");
    }
}

static void
next_step_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  MusterPhasePanel *self = MUSTER_PHASE_PANEL (widget);
  g_autoptr(GError) error = NULL;
  gboolean conclusion;

  if (!expect_turn (self))
    return;

  /* Troopers may have come onto the table (Airborne Deployment). */
  update_reactive_troopers (self);
  conclusion = muster_order_sequence_get_step (self->sequence)->kind == MUSTER_ORDER_STEP_CONCLUSION;

  if (!muster_order_sequence_advance (self->sequence, &error))
    {
      refuse (self, error);
      return;
    }

  if (conclusion)
    {
      self->has_f2f = FALSE;
      g_clear_pointer (&self->f2f_against, g_free);
    }

  if (muster_order_sequence_is_finished (self->sequence))
    turn_over (self);

  accepted (self);

  /* An ARO check began: who may react is the board's to say, now. */
  if (!muster_order_sequence_is_finished (self->sequence) &&
      is_aro_check (muster_order_sequence_get_step (self->sequence)))
    {
      g_auto(GStrv) eligible = muster_order_sequence_dup_eligible (self->sequence);
      g_autoptr(GVariant) answer = g_variant_ref_sink (g_variant_new_strv ((const char * const *) eligible, -1));

      record (self, "aro-eligible", answer);
    }
}

static void
end_turn_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  MusterPhasePanel *self = MUSTER_PHASE_PANEL (widget);
  g_autoptr(GError) error = NULL;

  if (!expect_turn (self))
    return;

  if (!muster_order_sequence_end_turn (self->sequence, &error))
    {
      refuse (self, error);
      return;
    }

  turn_over (self);
  accepted (self);
}

/* Twilight Imperium */

static const char *
ti4_name (MusterPhasePanel *self,
          int               player)
{
  if (self->ti4 == NULL || player < 0)
    return "";

  return muster_ti4_round_get_player_id (self->ti4, player);
}

static const char *
ti4_phase_label (MusterTi4Phase phase)
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

static void
ti4_name_changed_cb (GtkEditable      *editable,
                     MusterPhasePanel *self)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (editable), "index"));

  if (index < self->ti4_names->len)
    {
      g_free (g_ptr_array_index (self->ti4_names, index));
      g_ptr_array_index (self->ti4_names, index) = g_strdup (gtk_editable_get_text (editable));
      if (!self->syncing)
        queue_refresh (self);
    }
}

static guint
ti4_count (MusterPhasePanel *self)
{
  return (guint) gtk_spin_button_get_value_as_int (self->ti4_count_spin);
}

static void
rebuild_ti4_names (MusterPhasePanel *self)
{
  guint n = ti4_count (self);

  while (self->ti4_names->len < n)
    {
      GPtrArray *players = self->layout != NULL ? muster_layout_get_players (self->layout) : NULL;
      guint i = self->ti4_names->len;
      const MusterPlayer *player = players != NULL && i < players->len ? g_ptr_array_index (players, i) : NULL;

      if (player != NULL)
        g_ptr_array_add (self->ti4_names, g_strdup (player->name != NULL ? player->name : player->id));
      else
        g_ptr_array_add (self->ti4_names, g_strdup_printf (_("Player %u"), i + 1));
    }

  clear_list (self->ti4_names_list);
  self->syncing = TRUE;
  for (guint i = 0; i < n; i++)
    {
      GtkWidget *row = adw_entry_row_new ();
      g_autofree char *title = g_strdup_printf (_("Seat %u"), i + 1);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      gtk_editable_set_text (GTK_EDITABLE (row), g_ptr_array_index (self->ti4_names, i));
      g_object_set_data (G_OBJECT (row), "index", GUINT_TO_POINTER (i));
      g_signal_connect (row, "changed", G_CALLBACK (ti4_name_changed_cb), self);
      gtk_list_box_append (self->ti4_names_list, row);
    }
  self->syncing = FALSE;
}

static void
ti4_count_changed_cb (MusterPhasePanel *self)
{
  if (self->ti4_names == NULL)
    return;

  rebuild_ti4_names (self);
  queue_refresh (self);
}

static void
ti4_naalu_selected_cb (AdwComboRow      *row,
                       GParamSpec       *pspec,
                       MusterPhasePanel *self)
{
  if (!self->syncing)
    gtk_widget_activate_action (GTK_WIDGET (self), "phase.ti4-naalu", "i",
                                (int) adw_combo_row_get_selected (row) - 1);
}

static void
refresh_round (MusterPhasePanel *self)
{
  MusterTi4Round *round = self->ti4;
  MusterTi4Phase phase;
  int active;
  guint n_players;
  AdwActionRow *row;

  gtk_widget_set_visible (GTK_WIDGET (self->ti4_setup_group), round == NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->ti4_turn_group), round != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->ti4_order_group), round != NULL);

  if (round == NULL)
    {
      g_autoptr(GPtrArray) names = g_ptr_array_new ();

      for (guint i = 0; i < ti4_count (self) && i < self->ti4_names->len; i++)
        g_ptr_array_add (names, g_ptr_array_index (self->ti4_names, i));
      g_ptr_array_add (names, NULL);
      set_combo_strings (self->ti4_speaker_row, (const char * const *) names->pdata,
                         adw_combo_row_get_selected (self->ti4_speaker_row));
      return;
    }

  phase = muster_ti4_round_get_phase (round);
  active = muster_ti4_round_get_active_player (round);
  n_players = muster_ti4_round_get_n_players (round);

  {
    g_autofree char *title = g_strdup_printf (_("Round %u · %s"), muster_ti4_round_get_round (round),
                                              ti4_phase_label (phase));
    g_autofree char *description = NULL;

    switch (phase)
      {
      case MUSTER_TI4_PHASE_STRATEGY:
        description = muster_ti4_round_get_cards_per_player (round) > 1
                    ? g_strdup_printf (_("%s picks a strategy card; everyone takes two."), ti4_name (self, active))
                    : g_strdup_printf (_("%s picks a strategy card."), ti4_name (self, active));
        break;
      case MUSTER_TI4_PHASE_ACTION:
        description = g_strdup_printf (_("%s takes a turn."), ti4_name (self, active));
        break;
      case MUSTER_TI4_PHASE_STATUS:
        description = g_strdup_printf (_("%s does their status step."), ti4_name (self, active));
        break;
      case MUSTER_TI4_PHASE_ROUND_OVER:
      default:
        description = g_strdup (_("The round is over."));
        break;
      }

    set_group_title (self->ti4_turn_group, title);
    set_group_description (self->ti4_turn_group, description);
  }

  g_object_set_data (G_OBJECT (self->ti4_turn_list), "speaker-row", NULL);
  clear_list (self->ti4_turn_list);
  switch (phase)
    {
    case MUSTER_TI4_PHASE_STRATEGY:
      {
        AdwComboRow *naalu = ADW_COMBO_ROW (adw_combo_row_new ());
        g_autoptr(GPtrArray) names = g_ptr_array_new ();

        adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (naalu), FALSE);
        g_ptr_array_add (names, (gpointer) _("Nobody"));
        for (guint i = 0; i < n_players; i++)
          g_ptr_array_add (names, (gpointer) ti4_name (self, i));
        g_ptr_array_add (names, NULL);

        self->syncing = TRUE;
        adw_preferences_row_set_title (ADW_PREFERENCES_ROW (naalu), _("Naalu “0” Token"));
        set_combo_strings (naalu, (const char * const *) names->pdata, 0);
        adw_combo_row_set_selected (naalu, (guint) (muster_ti4_round_get_naalu_token (round) + 1));
        g_signal_connect (naalu, "notify::selected", G_CALLBACK (ti4_naalu_selected_cb), self);
        gtk_list_box_append (self->ti4_turn_list, GTK_WIDGET (naalu));
        self->syncing = FALSE;

        for (MusterTi4Card card = MUSTER_TI4_CARD_LEADERSHIP; card <= MUSTER_TI4_CARD_IMPERIAL; card++)
          {
            g_autofree char *number = g_strdup_printf ("%u", (guint) card);
            g_autofree char *taken = NULL;
            GtkWidget *label = gtk_label_new (number);

            for (guint p = 0; p < n_players && taken == NULL; p++)
              for (guint c = 0; c < muster_ti4_round_get_n_cards (round, p); c++)
                if (muster_ti4_round_get_card (round, p, c) == card)
                  taken = g_strdup_printf (_("Taken by %s"), ti4_name (self, p));

            row = add_row (self->ti4_turn_list, muster_ti4_card_get_name (card), taken);
            gtk_widget_add_css_class (label, "numeric");
            gtk_widget_set_size_request (label, 20, -1);
            adw_action_row_add_prefix (row, label);
            if (taken == NULL)
              adw_action_row_add_suffix (row, action_button (_("Pick"), NULL, "phase.ti4-pick",
                                                             g_variant_new_uint32 (card), FALSE));
            else
              gtk_widget_add_css_class (GTK_WIDGET (row), "dim-label");
          }
      }
      break;

    case MUSTER_TI4_PHASE_ACTION:
      row = add_row (self->ti4_turn_list, _("Tactical Action"), NULL);
      adw_action_row_add_suffix (row, action_button (_("Take"), NULL, "phase.ti4-action",
                                                     g_variant_new ("(uu)", MUSTER_TI4_ACTION_TACTICAL, 0), FALSE));
      row = add_row (self->ti4_turn_list, _("Component Action"), NULL);
      adw_action_row_add_suffix (row, action_button (_("Take"), NULL, "phase.ti4-action",
                                                     g_variant_new ("(uu)", MUSTER_TI4_ACTION_COMPONENT, 0), FALSE));
      for (guint c = 0; c < muster_ti4_round_get_n_cards (round, active); c++)
        {
          MusterTi4Card card = muster_ti4_round_get_card (round, active, c);
          g_autofree char *title = NULL;

          if (muster_ti4_round_is_card_used (round, card))
            continue;

          /* Translators: the strategic action of a strategy card */
          title = g_strdup_printf (_("Strategic Action: %s"), muster_ti4_card_get_name (card));
          row = add_row (self->ti4_turn_list, title, NULL);
          adw_action_row_add_suffix (row, action_button (_("Take"), NULL, "phase.ti4-action",
                                                         g_variant_new ("(uu)", MUSTER_TI4_ACTION_STRATEGIC, card),
                                                         TRUE));
        }
      row = add_row (self->ti4_turn_list, _("Pass"), _("No more actions this round"));
      adw_action_row_add_suffix (row, action_button (_("Pass"), NULL, "phase.ti4-pass", NULL, FALSE));
      break;

    case MUSTER_TI4_PHASE_STATUS:
      row = add_row (self->ti4_turn_list, _("Status Step"), _("Score objectives, ready cards, and so on"));
      adw_action_row_add_suffix (row, action_button (_("Done"), NULL, "phase.ti4-status-step", NULL, TRUE));
      break;

    case MUSTER_TI4_PHASE_ROUND_OVER:
    default:
      {
        AdwComboRow *speaker = ADW_COMBO_ROW (adw_combo_row_new ());
        g_autoptr(GPtrArray) names = g_ptr_array_new ();

        adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (speaker), FALSE);
        for (guint i = 0; i < n_players; i++)
          g_ptr_array_add (names, (gpointer) ti4_name (self, i));
        g_ptr_array_add (names, NULL);
        adw_preferences_row_set_title (ADW_PREFERENCES_ROW (speaker), _("Speaker"));
        set_combo_strings (speaker, (const char * const *) names->pdata,
                           (guint) muster_ti4_round_get_speaker (round));
        adw_action_row_add_suffix (ADW_ACTION_ROW (speaker),
                                   action_button (_("Next Round"), NULL, "phase.ti4-next-round-selected", NULL, TRUE));
        gtk_list_box_append (self->ti4_turn_list, GTK_WIDGET (speaker));
        g_object_set_data (G_OBJECT (self->ti4_turn_list), "speaker-row", speaker);
      }
      break;
    }

  /* The initiative order, with the player whose turn it is picked out */
  clear_list (self->ti4_order_list);
  {
    guint n = 0;
    const int *order = muster_ti4_round_get_initiative_order (round, &n);

    set_group_description (self->ti4_order_group,
                                           order == NULL ? _("Known once every player has picked.") : NULL);
    for (guint i = 0; order != NULL && i < n; i++)
      {
        int p = order[i];
        g_autofree char *number = g_strdup_printf ("%u", muster_ti4_round_get_initiative (round, p));
        g_autoptr(GString) subtitle = g_string_new (NULL);
        GtkWidget *label = gtk_label_new (number);

        for (guint c = 0; c < muster_ti4_round_get_n_cards (round, p); c++)
          {
            if (c > 0)
              g_string_append (subtitle, ", ");
            g_string_append (subtitle, muster_ti4_card_get_name (muster_ti4_round_get_card (round, p, c)));
          }
        if (muster_ti4_round_get_naalu_token (round) == p)
          /* Translators: appended to the cards a player holds */
          g_string_append (subtitle, _(" · Naalu “0” token"));
        if (muster_ti4_round_has_passed (round, p))
          g_string_append (subtitle, _(" · Passed"));

        row = add_row (self->ti4_order_list, ti4_name (self, p), subtitle->str);
        gtk_widget_add_css_class (label, "title-4");
        gtk_widget_add_css_class (label, "numeric");
        gtk_widget_set_size_request (label, 24, -1);
        adw_action_row_add_prefix (row, label);
        if (p == active)
          gtk_list_box_select_row (self->ti4_order_list, GTK_LIST_BOX_ROW (row));
        if (muster_ti4_round_has_passed (round, p))
          gtk_widget_add_css_class (GTK_WIDGET (row), "dim-label");
      }
  }
}

static gboolean
expect_round (MusterPhasePanel *self)
{
  if (self->ti4 != NULL)
    return TRUE;

  refuse_text (self, _("No round is under way: start one first"));
  return FALSE;
}

static void
ti4_set_players_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  MusterPhasePanel *self = MUSTER_PHASE_PANEL (widget);

  gtk_spin_button_set_value (self->ti4_count_spin, g_variant_get_uint32 (parameter));
}

/* The seats and the speaker from the rows, as ti4-start-with. */
static void
ti4_start_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  MusterPhasePanel *self = MUSTER_PHASE_PANEL (widget);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  guint speaker = adw_combo_row_get_selected (self->ti4_speaker_row);

  if (self->game != GAME_TI4)
    return;

  for (guint i = 0; i < ti4_count (self) && i < self->ti4_names->len; i++)
    g_ptr_array_add (names, g_strstrip (g_ptr_array_index (self->ti4_names, i)));
  g_ptr_array_add (names, NULL);

  delegate (self, "phase.ti4-start-with",
            g_variant_new ("(^asi)", (const char * const *) names->pdata,
                           speaker < names->len - 1 ? (int) speaker : 0));
}

static void
ti4_start_with_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  MusterPhasePanel *self = MUSTER_PHASE_PANEL (widget);
  g_autoptr(GError) error = NULL;
  g_autofree const char **names = NULL;
  int speaker;

  if (self->game != GAME_TI4)
    return;

  g_variant_get (parameter, "(^a&si)", &names, &speaker);

  g_clear_object (&self->ti4);
  self->ti4 = muster_ti4_round_new (names, speaker, &error);
  if (self->ti4 == NULL)
    {
      refuse (self, error);
      return;
    }

  g_signal_connect_object (self->ti4, "changed", G_CALLBACK (queue_refresh), self, G_CONNECT_SWAPPED);
  accepted (self);
}

static void
ti4_pick_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  MusterPhasePanel *self = MUSTER_PHASE_PANEL (widget);
  g_autoptr(GError) error = NULL;

  if (!expect_round (self))
    return;

  if (!muster_ti4_round_pick_card (self->ti4, muster_ti4_round_get_active_player (self->ti4),
                                   (MusterTi4Card) g_variant_get_uint32 (parameter), &error))
    refuse (self, error);
  else
    accepted (self);
}

static void
ti4_naalu_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  MusterPhasePanel *self = MUSTER_PHASE_PANEL (widget);
  g_autoptr(GError) error = NULL;

  if (!expect_round (self))
    return;

  if (!muster_ti4_round_set_naalu_token (self->ti4, g_variant_get_int32 (parameter), &error))
    refuse (self, error);
  else
    accepted (self);
}

static void
ti4_action_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  MusterPhasePanel *self = MUSTER_PHASE_PANEL (widget);
  g_autoptr(GError) error = NULL;
  guint kind, card;

  if (!expect_round (self))
    return;

  g_variant_get (parameter, "(uu)", &kind, &card);
  if (kind > MUSTER_TI4_ACTION_STRATEGIC)
    return;

  if (!muster_ti4_round_take_action (self->ti4, muster_ti4_round_get_active_player (self->ti4),
                                     (MusterTi4ActionKind) kind, (MusterTi4Card) card, &error))
    refuse (self, error);
  else
    accepted (self);
}

static void
ti4_pass_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  MusterPhasePanel *self = MUSTER_PHASE_PANEL (widget);
  g_autoptr(GError) error = NULL;

  if (!expect_round (self))
    return;

  if (!muster_ti4_round_pass (self->ti4, muster_ti4_round_get_active_player (self->ti4), &error))
    refuse (self, error);
  else
    accepted (self);
}

static void
ti4_status_step_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  MusterPhasePanel *self = MUSTER_PHASE_PANEL (widget);
  g_autoptr(GError) error = NULL;

  if (!expect_round (self))
    return;

  if (!muster_ti4_round_finish_status_step (self->ti4, muster_ti4_round_get_active_player (self->ti4), &error))
    refuse (self, error);
  else
    accepted (self);
}

static void
ti4_next_round_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  MusterPhasePanel *self = MUSTER_PHASE_PANEL (widget);
  g_autoptr(GError) error = NULL;

  if (!expect_round (self))
    return;

  if (!muster_ti4_round_start_next_round (self->ti4, g_variant_get_int32 (parameter), &error))
    refuse (self, error);
  else
    accepted (self);
}

static void
ti4_next_round_selected_action (GtkWidget  *widget,
                                const char *action_name,
                                GVariant   *parameter)
{
  MusterPhasePanel *self = MUSTER_PHASE_PANEL (widget);
  AdwComboRow *speaker = g_object_get_data (G_OBJECT (self->ti4_turn_list), "speaker-row");

  if (!expect_round (self))
    return;

  gtk_widget_activate_action (widget, "phase.ti4-next-round", "i",
                              speaker != NULL ? (int) adw_combo_row_get_selected (speaker)
                                              : muster_ti4_round_get_speaker (self->ti4));
}

/* Refreshing */

static void
sync_pages (MusterPhasePanel *self)
{
  static const char * const pages[] = { "none", "initiative", "pregame", "deployment", "orders", "round" };
  gboolean shown[G_N_ELEMENTS (pages)] = { FALSE };
  guint n_shown = 0;

  shown[0] = self->game == GAME_NONE;
  shown[1] = self->game == GAME_INFINITY;
  shown[2] = self->game == GAME_T9A;
  shown[3] = self->game == GAME_INFINITY || self->game == GAME_T9A;
  shown[4] = self->game == GAME_INFINITY && self->order_rules != NULL;
  shown[5] = self->game == GAME_TI4;

  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    {
      GtkWidget *child = adw_view_stack_get_child_by_name (self->phase_stack, pages[i]);

      adw_view_stack_page_set_visible (adw_view_stack_get_page (self->phase_stack, child), shown[i]);
      n_shown += shown[i];
    }

  gtk_widget_set_visible (GTK_WIDGET (self->phase_switcher), n_shown > 1);
}

/* Where the players are in the sequence, coarsely: when it changes, what
 * to do next is at the top of the page. */
static guint
stage_of (MusterPhasePanel *self)
{
  const char *page = adw_view_stack_get_visible_child_name (self->phase_stack);
  guint stage = page != NULL ? g_str_hash (page) : 0;

  if (self->initiative != NULL)
    stage = stage * 31 + muster_infinity_initiative_get_state (self->initiative);
  if (self->pregame != NULL)
    stage = stage * 31 + muster_t9a_pregame_get_state (self->pregame);
  if (self->deployment != NULL)
    stage = stage * 31 + muster_deployment_phase_get_state (self->deployment) + 1;
  if (self->sequence != NULL)
    stage = stage * 31 + (muster_order_sequence_is_finished (self->sequence) ? 1 : 2);
  if (self->ti4 != NULL)
    stage = stage * 31 + muster_ti4_round_get_phase (self->ti4) + 1;

  return stage;
}

static void
refresh (MusterPhasePanel *self)
{
  guint stage = stage_of (self);

  g_clear_handle_id (&self->refresh_id, g_source_remove);

  if (stage != self->stage)
    {
      self->stage = stage;
      gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (self->scroller), 0);
    }

  self->syncing = TRUE;
  adw_combo_row_set_selected (self->dice_mode_row, self->typed_dice ? 1 : 0);
  self->syncing = FALSE;

  switch (self->game)
    {
    case GAME_INFINITY:
      refresh_initiative (self);
      refresh_deployment (self);
      refresh_orders (self);
      break;

    case GAME_T9A:
      refresh_pregame (self);
      refresh_deployment (self);
      break;

    case GAME_TI4:
      refresh_round (self);
      break;

    case GAME_NONE:
    default:
      break;
    }

  refresh_log (self);
}

static gboolean
refresh_cb (gpointer data)
{
  MusterPhasePanel *self = data;

  self->refresh_id = 0;
  refresh (self);

  return G_SOURCE_REMOVE;
}

static void
queue_refresh (MusterPhasePanel *self)
{
  /* Widgets going away still say they changed. */
  if (self->disposed)
    return;

  if (self->refresh_id == 0)
    self->refresh_id = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, refresh_cb, self, NULL);
}

static void
layout_piece_cb (MusterPhasePanel *self)
{
  /* Only the pages that list what stands on the table. */
  if (self->deployment != NULL || self->sequence != NULL)
    queue_refresh (self);
}

static void
page_changed_cb (MusterPhasePanel *self)
{
  queue_refresh (self);
}

static void
set_typed_dice (MusterPhasePanel *self,
                gboolean          typed)
{
  if (typed == self->typed_dice)
    return;

  self->typed_dice = typed;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TYPED_DICE]);
  queue_refresh (self);
}

/* Dice typed in from the table, or rolled by Muster: in the game log, so
 * that a game saved while the players threw real dice goes on with them. */
static void
set_typed_dice_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  MusterPhasePanel *self = MUSTER_PHASE_PANEL (widget);
  gboolean typed = g_variant_get_boolean (parameter);

  /* Nothing to write when nothing changes; a replay, in a window that
   * already types dice in, still goes on. */
  if (typed == self->typed_dice && !self->replaying)
    return;

  set_typed_dice (self, typed);
  if (self->game != GAME_NONE)
    accepted (self);
}

static void
dice_mode_selected_cb (MusterPhasePanel *self)
{
  if (self->syncing)
    return;

  gtk_widget_activate_action (GTK_WIDGET (self), "phase.set-typed-dice", "b",
                              adw_combo_row_get_selected (self->dice_mode_row) == 1);
}

static void
dismiss_message_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  clear_message (MUSTER_PHASE_PANEL (widget));
}

/* The game */

static void
clear_game (MusterPhasePanel *self)
{
  if (self->layout != NULL)
    g_signal_handlers_disconnect_by_data (self->layout, self);
  if (self->dice != NULL)
    g_signal_handlers_disconnect_by_data (self->dice, self);

  g_clear_object (&self->sequence);
  g_clear_object (&self->order_rules);
  g_clear_pointer (&self->troopers, g_ptr_array_unref);
  g_clear_object (&self->deployment);
  g_clear_object (&self->initiative);
  g_clear_object (&self->pregame);
  g_clear_object (&self->ti4);
  g_clear_object (&self->dice);
  g_clear_object (&self->validator);
  g_clear_object (&self->system);
  g_clear_object (&self->layout);
  g_clear_pointer (&self->f2f_against, g_free);
  for (guint i = 0; i < 2; i++)
    {
      g_clear_pointer (&self->player_ids[i], g_free);
      g_clear_pointer (&self->player_names[i], g_free);
      self->had_turn[i] = FALSE;
    }

  self->game = GAME_NONE;
  self->has_f2f = FALSE;
  self->game_round = 1;
  self->turns_in_round = 0;
  self->turn_player = 0;
  self->wip_signature = -1;

  if (self->game_log != NULL)
    g_ptr_array_set_size (self->game_log, 0);
  self->first_roll = 0;
  self->keep_saved_logs = FALSE;
}

/* The dice that go on from the layout's roll log; fresh ones (and error
 * set) when it cannot be read. */
static MusterDice *
dice_for_layout (MusterLayout  *layout,
                 GError       **error)
{
  const char * const *log = layout != NULL ? muster_layout_get_roll_log (layout) : NULL;

  if (log != NULL)
    {
      MusterDice *dice = muster_dice_new_from_strv (log, error);

      if (dice != NULL)
        return dice;
    }

  return muster_dice_new_random ();
}

/* Saving the game
 *
 * The layout's game log (see record()) holds a header and the actions
 * that moved the game on. Opened again, the layout's game begins afresh
 * with dice that go on from the roll log where the game began (its seed
 * gives the same dice again), and the actions are done again, as they
 * were, writing nothing to the layout: it has what they wrote (see the
 * "replaying" checks). The dice they throw must be those of the roll log,
 * die for die. What cannot be done again stops the replay there, with a
 * message: the game stays where it got to, and the layout keeps its logs
 * as they were until the players go on from there (see record()). */

/* The header's first roll; FALSE, with reason (translated) set, when it
 * is not a header this Muster reads. *stale when the log is that of
 * another game system's game. */
static gboolean
read_game_log_header (const char  *line,
                      const char  *system_id,
                      guint       *first_roll,
                      gboolean    *stale,
                      char       **reason)
{
  g_auto(GStrv) fields = g_strsplit (line, "\t", -1);
  guint64 version = 0;
  guint64 rolls = 0;

  if (g_strv_length (fields) < 4 || strcmp (fields[0], GAME_LOG_MAGIC) != 0 ||
      !g_ascii_string_to_unsigned (fields[1], 10, 1, G_MAXUINT, &version, NULL) ||
      !g_ascii_string_to_unsigned (fields[2], 10, 0, G_MAXUINT, &rolls, NULL))
    {
      *reason = g_strdup (_("its first line is not that of a game log"));
      return FALSE;
    }

  if (version > GAME_LOG_VERSION)
    {
      *reason = g_strdup_printf (_("it was saved by a newer Muster (game log version %s)"), fields[1]);
      return FALSE;
    }

  *first_roll = (guint) rolls;
  *stale = g_strcmp0 (fields[3], system_id) != 0;

  return TRUE;
}

/* The dice for a replay of log: those of the roll log when the game
 * began (its header and its first *first_roll dice), and in *saved all
 * of the roll log's, to hold the replay to. NULL when there is nothing
 * to restore: a log of another game system's game (which is cleared, as
 * when the game begins again), or one that cannot be restored (*failure
 * set, for the players). */
static MusterDice *
restore_dice (MusterPhasePanel    *self,
              const char * const  *log,
              guint               *first_roll,
              MusterDice         **saved,
              char               **failure)
{
  const char * const *roll_log = muster_layout_get_roll_log (self->layout);
  g_autoptr(MusterDice) dice = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *reason = NULL;
  gboolean stale = FALSE;

  if (read_game_log_header (log[0], muster_layout_get_system_id (self->layout), first_roll, &stale, &reason) &&
      stale)
    {
      muster_layout_set_game_log (self->layout, NULL);
      return NULL;
    }

  if (reason == NULL && roll_log != NULL)
    {
      *saved = muster_dice_new_from_strv (roll_log, &error);
      if (*saved == NULL)
        reason = g_strdup_printf (_("its roll log cannot be read: %s"), error->message);
    }

  if (reason == NULL && *first_roll > (*saved != NULL ? muster_dice_get_n_rolls (*saved) : 0))
    reason = g_strdup (_("its roll log lacks the dice thrown before it began"));

  if (reason == NULL && roll_log == NULL)
    dice = muster_dice_new_random ();
  else if (reason == NULL)
    {
      /* The header, then a die a line. */
      g_autofree const char **lines = g_new0 (const char *, *first_roll + 2);

      for (guint i = 0; i <= *first_roll; i++)
        lines[i] = roll_log[i];
      dice = muster_dice_new_from_strv (lines, &error);
      if (dice == NULL)
        reason = g_strdup_printf (_("its roll log cannot be read: %s"), error->message);
    }

  if (reason != NULL)
    {
      /* Translators: why follows */
      *failure = g_strdup_printf (_("The game saved in this layout cannot be restored: %s"), reason);
      g_clear_object (saved);
      return NULL;
    }

  return g_steal_pointer (&dice);
}

/* Whether the dice thrown since *checked are those of the saved roll
 * log; *checked moves on past them. */
static gboolean
same_dice (MusterDice  *dice,
           MusterDice  *saved,
           guint       *checked,
           char       **reason)
{
  guint n = muster_dice_get_n_rolls (dice);
  guint n_saved = saved != NULL ? muster_dice_get_n_rolls (saved) : 0;

  for (; *checked < n; (*checked)++)
    {
      const MusterRoll *roll = muster_dice_get_roll (dice, *checked);
      const MusterRoll *kept = *checked < n_saved ? muster_dice_get_roll (saved, *checked) : NULL;

      /* Not why it was thrown: that is in the language of the day. */
      if (kept == NULL || roll->sides != kept->sides || roll->value != kept->value ||
          !roll->manual != !kept->manual || g_strcmp0 (roll->who, kept->who) != 0)
        {
          *reason = g_strdup_printf (_("die %u is not the one in the roll log"), *checked + 1);
          return FALSE;
        }
    }

  return TRUE;
}

/* Does the actions of log again (see above); returns the message for the
 * players when they cannot all be done, and NULL when the game is back
 * where it was. */
static char *
replay_game (MusterPhasePanel   *self,
             const char * const *log,
             MusterDice         *saved)
{
  g_autofree char *reason = NULL;
  g_autofree char *name = NULL;
  guint checked = self->first_roll;
  guint n_done = 0;
  guint step;

  self->replaying = TRUE;

  for (step = 1; log[step] != NULL; step++)
    {
      const char *tab = strchr (log[step], '\t');
      const PhaseAction *action;
      g_autoptr(GVariant) parameter = NULL;
      g_autoptr(GError) error = NULL;

      g_free (name);
      name = g_strstrip (tab != NULL ? g_strndup (log[step], tab - log[step]) : g_strdup (log[step]));
      action = lookup_action (name);

      if (action == NULL || action->kind != ACTION_RECORDED)
        reason = g_strdup (_("Muster knows no such step of a game"));
      else if (action->parameter_type == NULL && tab != NULL && tab[1 + strspn (tab + 1, " \t")] != '\0')
        reason = g_strdup (_("the action takes no parameter"));
      else if (action->parameter_type != NULL && tab == NULL)
        reason = g_strdup (_("the action’s parameter is missing"));
      else if (action->parameter_type != NULL &&
               (parameter = g_variant_parse (G_VARIANT_TYPE (action->parameter_type), tab + 1, NULL, NULL,
                                             &error)) == NULL)
        /* Translators: what is wrong with the text of an action's parameter follows */
        reason = g_strdup_printf (_("its parameter cannot be read: %s"), error->message);

      if (reason != NULL)
        break;

      clear_message (self);
      if (!run_action (self, action, parameter))
        {
          reason = g_strdup (self->message != NULL ? self->message : _("it was not accepted"));
          break;
        }

      n_done = step;
      if (!same_dice (self->dice, saved, &checked, &reason))
        break;
    }

  self->replaying = FALSE;

  if (reason == NULL && checked < (saved != NULL ? muster_dice_get_n_rolls (saved) : 0))
    {
      reason = g_strdup (_("the roll log holds dice that the game did not throw"));
      step = n_done;
    }

  for (guint i = 1; i <= n_done; i++)
    g_ptr_array_add (self->game_log, g_strdup (log[i]));

  /* From here on, the board says who may react. */
  if (self->sequence != NULL)
    update_reactive_troopers (self);

  clear_message (self);
  if (reason == NULL)
    return NULL;

  self->keep_saved_logs = TRUE;

  if (step == 0)
    return g_strdup_printf (_("The game saved in this layout cannot be restored: %s"), reason);

  /* Translators: the number of the action, its name, then why it failed */
  return g_strdup_printf (_("The game could not be restored past step %u (%s): %s"), step, name, reason);
}

static void
start_infinity (MusterPhasePanel *self)
{
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) zones = dup_infinity_zones (self);

  self->initiative = muster_infinity_initiative_new (self->dice, (const char * const *) self->player_ids,
                                                     (const char * const *) zones);
  g_signal_connect_object (self->initiative, "changed", G_CALLBACK (queue_refresh), self, G_CONNECT_SWAPPED);

  self->order_rules = muster_order_rules_new_from_bytes (muster_system_get_bytes (self->system),
                                                         muster_system_get_id (self->system), &error);
  if (self->order_rules == NULL)
    g_debug ("No Orders: %s", error->message);
}

static void
start_t9a (MusterPhasePanel *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) ids = g_ptr_array_new ();
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  GPtrArray *deployments = muster_system_get_deployments (self->system);
  g_auto(GStrv) id_strv = NULL;
  guint current = 0;

  self->pregame = muster_t9a_pregame_new (self->dice, (const char * const *) self->player_ids);
  if (!muster_t9a_pregame_load_types (self->pregame, muster_system_get_bytes (self->system),
                                      muster_system_get_id (self->system), &error))
    g_warning ("%s", error->message);
  g_signal_connect_object (self->pregame, "changed", G_CALLBACK (queue_refresh), self, G_CONNECT_SWAPPED);

  for (guint i = 0; i < deployments->len; i++)
    {
      const MusterDeployment *deployment = g_ptr_array_index (deployments, i);
      g_autofree char *label = deployment->roll != 0
                             ? g_strdup_printf ("%u · %s", deployment->roll, deployment->name)
                             : g_strdup (deployment->name);

      if (g_strcmp0 (deployment->id, muster_layout_get_deployment_id (self->layout)) == 0)
        current = i;
      g_ptr_array_add (ids, deployment->id);
      g_ptr_array_add (labels, g_steal_pointer (&label));
    }
  g_ptr_array_add (ids, NULL);
  g_ptr_array_add (labels, NULL);

  id_strv = g_strdupv ((char **) ids->pdata);
  g_object_set_data_full (G_OBJECT (self->t9a_type_row), "ids", g_steal_pointer (&id_strv),
                          (GDestroyNotify) g_strfreev);
  adw_combo_row_set_model (self->t9a_type_row, NULL);
  set_combo_strings (self->t9a_type_row, (const char * const *) labels->pdata, current);
  for (guint i = 0; i + 1 < labels->len; i++)
    g_free (g_ptr_array_index (labels, i));
}

void
muster_phase_panel_set_game (MusterPhasePanel *self,
                             MusterLayout     *layout,
                             MusterSystem     *system,
                             MusterValidator  *validator)
{
  g_autoptr(GError) log_error = NULL;
  g_autoptr(MusterDice) saved_dice = NULL;
  g_autofree char *restore_failure = NULL;
  const char * const *saved_log = NULL;
  const char *system_id;
  GPtrArray *players;
  const char *page = "none";
  gboolean restart;

  g_return_if_fail (MUSTER_IS_PHASE_PANEL (self));
  g_return_if_fail (layout == NULL || MUSTER_IS_LAYOUT (layout));
  g_return_if_fail (system == NULL || MUSTER_IS_SYSTEM (system));
  g_return_if_fail (validator == NULL || MUSTER_IS_VALIDATOR (validator));

  /* The layout it had: the game begins again (in another game system,
   * say), and what was done in the old one goes with it. Another layout:
   * the game saved in it (if any) is restored. */
  restart = layout != NULL && layout == self->layout;

  clear_game (self);
  clear_message (self);
  set_sight (self, NULL, NULL);

  if (layout != NULL)
    self->layout = g_object_ref (layout);
  if (system != NULL)
    self->system = g_object_ref (system);
  if (validator != NULL)
    self->validator = g_object_ref (validator);

  if (restart)
    muster_layout_set_game_log (layout, NULL);

  system_id = system != NULL ? muster_system_get_id (system) : NULL;
  players = layout != NULL ? muster_layout_get_players (layout) : NULL;

  if (layout != NULL && system != NULL && g_strcmp0 (system_id, "ti4") == 0)
    {
      self->game = GAME_TI4;
      page = "round";
    }
  else if (layout != NULL && system != NULL && players->len == 2 &&
           (g_strcmp0 (system_id, "infinity") == 0 || g_strcmp0 (system_id, "t9a") == 0))
    {
      for (guint i = 0; i < 2; i++)
        {
          const MusterPlayer *player = g_ptr_array_index (players, i);

          self->player_ids[i] = g_strdup (player->id);
          self->player_names[i] = g_strdup (player->name != NULL && *player->name != '\0' ? player->name
                                                                                         : player->id);
        }

      if (g_strcmp0 (system_id, "infinity") == 0)
        {
          self->game = GAME_INFINITY;
          page = "initiative";
        }
      else
        {
          self->game = GAME_T9A;
          page = "pregame";
        }
    }

  /* The dice: from where the saved game began, or going on from the
   * roll log. */
  if (self->game != GAME_NONE)
    saved_log = muster_layout_get_game_log (layout);
  if (saved_log != NULL)
    self->dice = restore_dice (self, saved_log, &self->first_roll, &saved_dice, &restore_failure);
  if (self->dice == NULL)
    {
      saved_log = NULL;
      self->dice = dice_for_layout (layout, &log_error);
      self->first_roll = muster_dice_get_n_rolls (self->dice);
    }
  g_signal_connect_object (self->dice, "rolled", G_CALLBACK (dice_rolled_cb), self, G_CONNECT_SWAPPED);

  if (self->game == GAME_INFINITY)
    start_infinity (self);
  else if (self->game == GAME_T9A)
    start_t9a (self);

  if (self->game == GAME_NONE)
    set_page_description (self->none_page,
                                     layout != NULL && system != NULL &&
                                     (g_strcmp0 (system_id, "infinity") == 0 || g_strcmp0 (system_id, "t9a") == 0)
                                     ? _("This game’s sequence needs exactly two players.")
                                     : _("Muster knows no pre-game or turn sequence for this game."));

  if (layout != NULL)
    {
      g_signal_connect_object (layout, "piece-added", G_CALLBACK (layout_piece_cb), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (layout, "piece-removed", G_CALLBACK (layout_piece_cb), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (layout, "piece-changed", G_CALLBACK (layout_piece_cb), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (layout, "changed", G_CALLBACK (queue_refresh), self, G_CONNECT_SWAPPED);
    }

  if (self->game == GAME_TI4)
    {
      g_ptr_array_set_size (self->ti4_names, 0);
      rebuild_ti4_names (self);
    }

  sync_pages (self);
  adw_view_stack_set_visible_child_name (self->phase_stack, page);
  if (saved_log != NULL)
    restore_failure = replay_game (self, saved_log, saved_dice);
  refresh (self);

  if (log_error != NULL)
    {
      /* Translators: the reason follows */
      g_autofree char *message = g_strdup_printf (_("The roll log of this layout cannot be read, and the "
                                                    "next die starts a new one: %s"), log_error->message);

      show_message (self, message, TRUE);
    }
  else if (restore_failure != NULL)
    show_message (self, restore_failure, FALSE);
}

/* Public */

GtkWidget *
muster_phase_panel_new (void)
{
  return g_object_new (MUSTER_TYPE_PHASE_PANEL, NULL);
}

MusterDice *
muster_phase_panel_get_dice (MusterPhasePanel *self)
{
  g_return_val_if_fail (MUSTER_IS_PHASE_PANEL (self), NULL);

  return self->dice;
}

MusterInfinityInitiative *
muster_phase_panel_get_initiative (MusterPhasePanel *self)
{
  g_return_val_if_fail (MUSTER_IS_PHASE_PANEL (self), NULL);

  return self->initiative;
}

MusterT9aPregame *
muster_phase_panel_get_pregame (MusterPhasePanel *self)
{
  g_return_val_if_fail (MUSTER_IS_PHASE_PANEL (self), NULL);

  return self->pregame;
}

MusterDeploymentPhase *
muster_phase_panel_get_deployment (MusterPhasePanel *self)
{
  g_return_val_if_fail (MUSTER_IS_PHASE_PANEL (self), NULL);

  return self->deployment;
}

MusterOrderRules *
muster_phase_panel_get_order_rules (MusterPhasePanel *self)
{
  g_return_val_if_fail (MUSTER_IS_PHASE_PANEL (self), NULL);

  return self->order_rules;
}

MusterOrderSequence *
muster_phase_panel_get_order_sequence (MusterPhasePanel *self)
{
  g_return_val_if_fail (MUSTER_IS_PHASE_PANEL (self), NULL);

  return self->sequence;
}

MusterTi4Round *
muster_phase_panel_get_ti4_round (MusterPhasePanel *self)
{
  g_return_val_if_fail (MUSTER_IS_PHASE_PANEL (self), NULL);

  return self->ti4;
}

const char *
muster_phase_panel_get_page (MusterPhasePanel *self)
{
  g_return_val_if_fail (MUSTER_IS_PHASE_PANEL (self), NULL);

  return adw_view_stack_get_visible_child_name (self->phase_stack);
}

const char *
muster_phase_panel_get_message (MusterPhasePanel *self)
{
  g_return_val_if_fail (MUSTER_IS_PHASE_PANEL (self), NULL);

  return self->message;
}

const char *
muster_phase_panel_get_sight_piece (MusterPhasePanel *self)
{
  g_return_val_if_fail (MUSTER_IS_PHASE_PANEL (self), NULL);

  return self->sight_piece;
}

const char *
muster_phase_panel_get_sight_player (MusterPhasePanel *self)
{
  g_return_val_if_fail (MUSTER_IS_PHASE_PANEL (self), NULL);

  return self->sight_player;
}

void
muster_phase_panel_sync (MusterPhasePanel *self)
{
  g_return_if_fail (MUSTER_IS_PHASE_PANEL (self));

  refresh (self);
}

/* GObject */

static void
muster_phase_panel_dispose (GObject *object)
{
  MusterPhasePanel *self = (MusterPhasePanel *)object;

  self->disposed = TRUE;
  g_clear_handle_id (&self->refresh_id, g_source_remove);
  clear_game (self);

  gtk_widget_dispose_template (GTK_WIDGET (self), MUSTER_TYPE_PHASE_PANEL);
  g_clear_handle_id (&self->refresh_id, g_source_remove);

  G_OBJECT_CLASS (muster_phase_panel_parent_class)->dispose (object);
}

static void
muster_phase_panel_finalize (GObject *object)
{
  MusterPhasePanel *self = (MusterPhasePanel *)object;

  g_clear_pointer (&self->ti4_names, g_ptr_array_unref);
  g_clear_pointer (&self->game_log, g_ptr_array_unref);
  g_clear_pointer (&self->message, g_free);
  g_clear_pointer (&self->sight_piece, g_free);
  g_clear_pointer (&self->sight_player, g_free);

  G_OBJECT_CLASS (muster_phase_panel_parent_class)->finalize (object);
}

static void
muster_phase_panel_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  MusterPhasePanel *self = MUSTER_PHASE_PANEL (object);

  switch (prop_id)
    {
    case PROP_TYPED_DICE:
      g_value_set_boolean (value, self->typed_dice);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_phase_panel_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  MusterPhasePanel *self = MUSTER_PHASE_PANEL (object);

  switch (prop_id)
    {
    case PROP_TYPED_DICE:
      gtk_widget_activate_action (GTK_WIDGET (self), "phase.set-typed-dice", "b", g_value_get_boolean (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* Every "phase" action, and what becomes of it in the game log (see the
 * top of the file): one that moves the game on is ACTION_RECORDED, and
 * its parameter must say all it needs. */
static const PhaseAction phase_actions[] = {
  /* The message row and the Line of Fire: what is shown */
  { "phase.dismiss-message",            NULL,            dismiss_message_action,            ACTION_VIEW },
  { "phase.show-sight",                 "s",             show_sight_action,                 ACTION_VIEW },
  { "phase.show-player-sight",          "i",             show_player_sight_action,          ACTION_VIEW },
  { "phase.hide-sight",                 NULL,            hide_sight_action,                 ACTION_VIEW },

  /* The dice */
  { "phase.set-typed-dice",             "b",             set_typed_dice_action,             ACTION_RECORDED },

  /* Infinity, the Initiative Roll */
  { "phase.set-wip",                    "(iub)",         set_wip_action,                    ACTION_RECORDED },
  { "phase.initiative-roll",            "i",             initiative_roll_action,            ACTION_RECORDED },
  { "phase.initiative-enter",           "(iu)",          initiative_enter_action,           ACTION_RECORDED },
  { "phase.keep",                       "s",             keep_action,                       ACTION_RECORDED },
  { "phase.choose-first-turn",          "i",             choose_first_turn_action,          ACTION_RECORDED },
  { "phase.choose-deployment",          "(is)",          choose_deployment_action,          ACTION_RECORDED },
  { "phase.infinity-decide",            NULL,            infinity_decide_action,            ACTION_ROWS },

  /* The 9th Age, the pre-game */
  { "phase.t9a-pick-type",              "s",             t9a_pick_type_action,              ACTION_RECORDED },
  { "phase.t9a-use-type",               NULL,            t9a_use_type_action,               ACTION_ROWS },
  { "phase.t9a-roll-type",              NULL,            t9a_roll_type_action,              ACTION_RECORDED },
  { "phase.t9a-enter-type",             "u",             t9a_enter_type_action,             ACTION_RECORDED },
  { "phase.t9a-roll-off",               "i",             t9a_roll_off_action,               ACTION_RECORDED },
  { "phase.t9a-enter-roll-off",         "(iu)",          t9a_enter_roll_off_action,         ACTION_RECORDED },
  { "phase.t9a-choice",                 "s",             t9a_choice_action,                 ACTION_RECORDED },
  { "phase.t9a-zone",                   "s",             t9a_zone_action,                   ACTION_RECORDED },
  { "phase.t9a-first",                  "i",             t9a_first_action,                  ACTION_RECORDED },
  { "phase.t9a-decide",                 NULL,            t9a_decide_action,                 ACTION_ROWS },

  /* Deployment */
  { "phase.start-deployment",           NULL,            start_deployment_action,           ACTION_ROWS },
  { "phase.start-deployment-with",      "a(issssbasas)", start_deployment_with_action,      ACTION_RECORDED },
  { "phase.deploy",                     "s",             deploy_action,                     ACTION_RECORDED },
  { "phase.take-back",                  "s",             take_back_action,                  ACTION_RECORDED },
  { "phase.hold-back",                  "s",             hold_back_action,                  ACTION_RECORDED },
  { "phase.reserve",                    "s",             reserve_action,                    ACTION_RECORDED },
  { "phase.special-deployment",         "s",             special_deployment_action,         ACTION_RECORDED },
  { "phase.release",                    "s",             release_action,                    ACTION_RECORDED },
  { "phase.finish-step",                NULL,            finish_step_action,                ACTION_RECORDED },
  { "phase.finish-declarations",        NULL,            finish_declarations_action,        ACTION_RECORDED },
  { "phase.choose-short-edge",          "s",             choose_short_edge_action,          ACTION_RECORDED },
  { "phase.choose-short-edge-selected", NULL,            choose_short_edge_selected_action, ACTION_ROWS },
  { "phase.delay-remaining",            NULL,            delay_remaining_action,            ACTION_RECORDED },
  { "phase.go-to-orders",               NULL,            go_to_orders_action,               ACTION_RECORDED },

  /* Orders */
  { "phase.start-turn",                 NULL,            start_turn_action,                 ACTION_ROWS },
  { "phase.start-turn-with",            "(iu)",          start_turn_with_action,            ACTION_RECORDED },
  { "phase.order-version",              "s",             order_version_action,              ACTION_RECORDED },
  { "phase.activate",                   "s",             activate_action,                   ACTION_RECORDED },
  { "phase.activate-selected",          NULL,            activate_selected_action,          ACTION_ROWS },
  { "phase.declare-skill",              "s",             declare_skill_action,              ACTION_RECORDED },
  { "phase.declare-aro",                "(ss)",          declare_aro_action,                ACTION_RECORDED },
  { "phase.recheck-aro",                NULL,            recheck_aro_action,                ACTION_ROWS },
  { "phase.aro-eligible",               "as",            aro_eligible_action,               ACTION_RECORDED },
  { "phase.idle-skill",                 "u",             idle_skill_action,                 ACTION_RECORDED },
  { "phase.idle-aro",                   "s",             idle_aro_action,                   ACTION_RECORDED },
  { "phase.face-to-face",               "(suuauuuau)",   face_to_face_action,               ACTION_RECORDED },
  { "phase.face-to-face-selected",      NULL,            face_to_face_selected_action,      ACTION_ROWS },
  { "phase.next-step",                  NULL,            next_step_action,                  ACTION_RECORDED },
  { "phase.end-turn",                   NULL,            end_turn_action,                   ACTION_RECORDED },

  /* Twilight Imperium (ti4-set-players only fills in the rows) */
  { "phase.ti4-set-players",            "u",             ti4_set_players_action,            ACTION_VIEW },
  { "phase.ti4-start",                  NULL,            ti4_start_action,                  ACTION_ROWS },
  { "phase.ti4-start-with",             "(asi)",         ti4_start_with_action,             ACTION_RECORDED },
  { "phase.ti4-pick",                   "u",             ti4_pick_action,                   ACTION_RECORDED },
  { "phase.ti4-naalu",                  "i",             ti4_naalu_action,                  ACTION_RECORDED },
  { "phase.ti4-action",                 "(uu)",          ti4_action_action,                 ACTION_RECORDED },
  { "phase.ti4-pass",                   NULL,            ti4_pass_action,                   ACTION_RECORDED },
  { "phase.ti4-status-step",            NULL,            ti4_status_step_action,            ACTION_RECORDED },
  { "phase.ti4-next-round",             "i",             ti4_next_round_action,             ACTION_RECORDED },
  { "phase.ti4-next-round-selected",    NULL,            ti4_next_round_selected_action,    ACTION_ROWS },
};

static const PhaseAction *
lookup_action (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (phase_actions); i++)
    {
      const char *action_name = phase_actions[i].name;

      /* "phase.deploy", or "deploy" as the game log has it */
      if (strcmp (action_name, name) == 0 || strcmp (action_name + strlen ("phase."), name) == 0)
        return &phase_actions[i];
    }

  return NULL;
}

static void
phase_action_cb (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  const PhaseAction *action = lookup_action (action_name);

  g_assert (action != NULL);
  run_action (MUSTER_PHASE_PANEL (widget), action, parameter);
}

static void
muster_phase_panel_class_init (MusterPhasePanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_phase_panel_dispose;
  object_class->finalize = muster_phase_panel_finalize;
  object_class->get_property = muster_phase_panel_get_property;
  object_class->set_property = muster_phase_panel_set_property;

  properties[PROP_TYPED_DICE] =
    g_param_spec_boolean ("typed-dice", NULL, NULL, FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * MusterPhasePanel::show-sight:
   * @piece_id: (nullable): the piece whose Line of Fire to show
   * @player_id: (nullable): or the player whose troopers' sight to show
   *
   * Both NULL: hide the overlay.
   */
  signals[SHOW_SIGHT] =
    g_signal_new ("show-sight",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_STRING);

  /**
   * MusterPhasePanel::roll-log-changed:
   *
   * A die was thrown; the layout's roll log has it.
   */
  signals[ROLL_LOG_CHANGED] =
    g_signal_new ("roll-log-changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  /**
   * MusterPhasePanel::game-log-changed:
   *
   * The game moved on; the layout's game log has it.
   */
  signals[GAME_LOG_CHANGED] =
    g_signal_new ("game-log-changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/muster-phase-panel.ui");

#define BIND(name) gtk_widget_class_bind_template_child (widget_class, MusterPhasePanel, name)
  BIND (phase_switcher);
  BIND (message_revealer);
  BIND (message_icon);
  BIND (message_label);
  BIND (phase_stack);
  BIND (scroller);
  BIND (none_page);
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
  BIND (initiative_result_group);
  BIND (result_turn_row);
  BIND (result_deploy_row);
  BIND (result_zones_row);
  BIND (initiative_start_button);
  BIND (t9a_type_group);
  BIND (t9a_type_row);
  BIND (t9a_type_list);
  BIND (t9a_rolloff_group);
  BIND (t9a_roll_list);
  BIND (t9a_choice_group);
  BIND (t9a_choice_row);
  BIND (t9a_zone_row);
  BIND (t9a_first_row);
  BIND (t9a_result_group);
  BIND (t9a_result_list);
  BIND (t9a_start_button);
  BIND (deploy_waiting_page);
  BIND (deploy_status_group);
  BIND (deploy_count_list);
  BIND (deploy_options_group);
  BIND (deploy_edge_row);
  BIND (deploy_delay_row);
  BIND (troopers_group_0);
  BIND (troopers_group_1);
  BIND (troopers_list_0);
  BIND (troopers_list_1);
  BIND (player_sight_button_0);
  BIND (player_sight_button_1);
  BIND (finish_step_button);
  BIND (finish_declarations_button);
  BIND (deploy_done_group);
  BIND (deploy_done_list);
  BIND (go_to_orders_button);
  BIND (orders_setup_group);
  BIND (orders_player_row);
  BIND (orders_pool_spin);
  BIND (orders_version_row);
  BIND (order_group);
  BIND (end_turn_button);
  BIND (order_list);
  BIND (f2f_box);
  BIND (f2f_against_row);
  BIND (f2f_active_row);
  BIND (f2f_active_target);
  BIND (f2f_active_burst);
  BIND (f2f_active_dice);
  BIND (f2f_reactive_row);
  BIND (f2f_reactive_target);
  BIND (f2f_reactive_burst);
  BIND (f2f_reactive_dice);
  BIND (next_step_button);
  BIND (steps_group);
  BIND (steps_list);
  BIND (ti4_setup_group);
  BIND (ti4_count_spin);
  BIND (ti4_speaker_row);
  BIND (ti4_names_list);
  BIND (ti4_turn_group);
  BIND (ti4_turn_list);
  BIND (ti4_order_group);
  BIND (ti4_order_list);
  BIND (log_group);
  BIND (dice_mode_row);
  BIND (log_list);
#undef BIND

  gtk_widget_class_bind_template_callback (widget_class, page_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, wip_private_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, t9a_choice_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, player_sight_toggled_cb);
  gtk_widget_class_bind_template_callback (widget_class, orders_version_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, ti4_count_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, dice_mode_selected_cb);

  gtk_widget_class_install_property_action (widget_class, "phase.typed-dice", "typed-dice");
  for (guint i = 0; i < G_N_ELEMENTS (phase_actions); i++)
    gtk_widget_class_install_action (widget_class, phase_actions[i].name, phase_actions[i].parameter_type,
                                     phase_action_cb);
}

static void
muster_phase_panel_init (MusterPhasePanel *self)
{
  GtkWidget *placeholder;

  self->ti4_names = g_ptr_array_new_with_free_func (g_free);
  self->game_log = g_ptr_array_new_with_free_func (g_free);
  self->game_round = 1;
  self->wip_signature = -1;

  gtk_widget_init_template (GTK_WIDGET (self));

  placeholder = gtk_label_new (_("No dice thrown yet"));
  gtk_widget_add_css_class (placeholder, "dim-label");
  gtk_widget_set_margin_top (placeholder, 12);
  gtk_widget_set_margin_bottom (placeholder, 12);
  gtk_list_box_set_placeholder (self->log_list, placeholder);

  sync_pages (self);
  refresh (self);
}
