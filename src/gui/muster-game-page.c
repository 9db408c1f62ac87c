/* muster-game-page.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-game-page"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "muster-game-page.h"

typedef struct
{
  MusterGame   *game;
  GSignalGroup *game_signals;
  GSignalGroup *layout_signals;
  char         *sight_piece;
  char         *sight_player;
  guint         refresh_id;
  /* A change came while the page was not shown. */
  gboolean      dirty;
  /* The widgets are being brought up to date: their signals are ours. */
  gboolean      syncing;
} MusterGamePagePrivate;

enum {
  PROP_0,
  PROP_GAME,
  PROP_SIGHT_PIECE,
  PROP_SIGHT_PLAYER,
  N_PROPS
};

enum {
  MESSAGE,
  SHOW_SIGHT,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_TYPE_WITH_PRIVATE (MusterGamePage, muster_game_page, ADW_TYPE_BIN)

/* Refreshing */

/* The first button under widget that is the suggested action, shown and
 * sensitive: what a player does next on the page. */
static GtkWidget *
find_next_action (GtkWidget *widget)
{
  if (GTK_IS_BUTTON (widget) && gtk_widget_has_css_class (widget, "suggested-action") &&
      gtk_widget_get_mapped (widget) && gtk_widget_is_sensitive (widget))
    return widget;

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_next_action (child);

      if (found != NULL)
        return found;
    }

  return NULL;
}

static void
refresh (MusterGamePage *self)
{
  MusterGamePagePrivate *priv = muster_game_page_get_instance_private (self);
  MusterGamePageClass *klass = MUSTER_GAME_PAGE_GET_CLASS (self);
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;
  g_autoptr(GtkWidget) before = NULL;

  g_clear_handle_id (&priv->refresh_id, g_source_remove);
  priv->dirty = FALSE;

  if (klass->refresh == NULL)
    return;

  if (focus != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (self)))
    before = g_object_ref (focus);

  priv->syncing = TRUE;
  klass->refresh (self, priv->game);
  priv->syncing = FALSE;

  /* The button a keyboard player just pressed went with the rows it was
   * in: the focus goes on to what is to be done next, not to whatever row
   * GTK found nearby. */
  if (before != NULL && (!gtk_widget_is_ancestor (before, GTK_WIDGET (self)) || !gtk_widget_get_mapped (before)))
    {
      GtkWidget *next = find_next_action (GTK_WIDGET (self));

      if (next != NULL)
        gtk_widget_grab_focus (next);
    }
}

static gboolean
refresh_cb (gpointer data)
{
  MusterGamePage *self = data;
  MusterGamePagePrivate *priv = muster_game_page_get_instance_private (self);

  priv->refresh_id = 0;
  refresh (self);

  return G_SOURCE_REMOVE;
}

void
muster_game_page_queue_refresh (MusterGamePage *self)
{
  MusterGamePagePrivate *priv;

  g_return_if_fail (MUSTER_IS_GAME_PAGE (self));

  priv = muster_game_page_get_instance_private (self);

  /* A page out of sight catches up when it is shown: pieces dragged on
   * the board would otherwise rebuild every page at every frame. */
  if (!gtk_widget_get_mapped (GTK_WIDGET (self)))
    {
      priv->dirty = TRUE;
      return;
    }

  if (priv->refresh_id == 0)
    priv->refresh_id = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, refresh_cb, self, NULL);
}

void
muster_game_page_sync (MusterGamePage *self)
{
  g_return_if_fail (MUSTER_IS_GAME_PAGE (self));

  refresh (self);
}

gboolean
muster_game_page_is_syncing (MusterGamePage *self)
{
  MusterGamePagePrivate *priv;

  g_return_val_if_fail (MUSTER_IS_GAME_PAGE (self), FALSE);

  priv = muster_game_page_get_instance_private (self);

  return priv->syncing;
}

static void
muster_game_page_map (GtkWidget *widget)
{
  MusterGamePage *self = MUSTER_GAME_PAGE (widget);
  MusterGamePagePrivate *priv = muster_game_page_get_instance_private (self);

  GTK_WIDGET_CLASS (muster_game_page_parent_class)->map (widget);

  /* The rosters change on the Players page, which the layout does not
   * signal: shown again, the page reads the game again. */
  priv->dirty = FALSE;
  if (priv->refresh_id == 0)
    priv->refresh_id = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, refresh_cb, self, NULL);
}

/* The game and the sight */

MusterGame *
muster_game_page_get_game (MusterGamePage *self)
{
  MusterGamePagePrivate *priv;

  g_return_val_if_fail (MUSTER_IS_GAME_PAGE (self), NULL);

  priv = muster_game_page_get_instance_private (self);

  return priv->game;
}

void
muster_game_page_set_game (MusterGamePage *self,
                           MusterGame     *game)
{
  MusterGamePagePrivate *priv;

  g_return_if_fail (MUSTER_IS_GAME_PAGE (self));
  g_return_if_fail (game == NULL || MUSTER_IS_GAME (game));

  priv = muster_game_page_get_instance_private (self);
  if (!g_set_object (&priv->game, game))
    return;

  g_signal_group_set_target (priv->game_signals, game);
  g_signal_group_set_target (priv->layout_signals, game != NULL ? muster_game_get_layout (game) : NULL);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);

  /* Another game: the rows are another game's, at once. */
  refresh (self);
}

const char *
muster_game_page_get_sight_piece (MusterGamePage *self)
{
  MusterGamePagePrivate *priv;

  g_return_val_if_fail (MUSTER_IS_GAME_PAGE (self), NULL);

  priv = muster_game_page_get_instance_private (self);

  return priv->sight_piece;
}

const char *
muster_game_page_get_sight_player (MusterGamePage *self)
{
  MusterGamePagePrivate *priv;

  g_return_val_if_fail (MUSTER_IS_GAME_PAGE (self), NULL);

  priv = muster_game_page_get_instance_private (self);

  return priv->sight_player;
}

static void
set_sight_string (MusterGamePage *self,
                  char          **field,
                  const char     *value,
                  GParamSpec     *pspec)
{
  if (g_strcmp0 (*field, value) == 0)
    return;

  g_free (*field);
  *field = g_strdup (value);
  g_object_notify_by_pspec (G_OBJECT (self), pspec);
  muster_game_page_queue_refresh (self);
}

void
muster_game_page_refuse (MusterGamePage *self,
                         const GError   *error)
{
  g_return_if_fail (MUSTER_IS_GAME_PAGE (self));
  g_return_if_fail (error != NULL);

  g_signal_emit (self, signals[MESSAGE], 0, error->message);
}

void
muster_game_page_refuse_text (MusterGamePage *self,
                              const char     *text)
{
  g_return_if_fail (MUSTER_IS_GAME_PAGE (self));

  g_signal_emit (self, signals[MESSAGE], 0, text);
}

void
muster_game_page_show_sight (MusterGamePage *self,
                             const char     *piece_id,
                             const char     *player_id)
{
  g_return_if_fail (MUSTER_IS_GAME_PAGE (self));

  g_signal_emit (self, signals[SHOW_SIGHT], 0, piece_id, player_id);
}

/* Rows */

void
muster_game_page_clear_list (GtkListBox *list)
{
  GtkListBoxRow *row;

  /* Rows only: the first child may be the placeholder, which must stay. */
  while ((row = gtk_list_box_get_row_at_index (list, 0)) != NULL)
    gtk_list_box_remove (list, GTK_WIDGET (row));
}

/* Text for a wrapping label: a tab (from a player's name, say) cannot be
 * wrapped, and GTK 4.8 measures such labels inconsistently. */
static char *
dup_plain (const char *text)
{
  return g_strdelimit (g_strdup (text != NULL ? text : ""), "\t", ' ');
}

AdwActionRow *
muster_game_page_add_row (GtkListBox *list,
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

void
muster_game_page_row_set_icon (AdwActionRow *row,
                               const char   *icon_name,
                               const char   *style)
{
  GtkWidget *image = gtk_image_new_from_icon_name (icon_name);

  if (style != NULL)
    gtk_widget_add_css_class (image, style);
  adw_action_row_add_prefix (row, image);
}

GtkWidget *
muster_game_page_row_set_number (AdwActionRow *row,
                                 const char   *number,
                                 int           width)
{
  GtkWidget *label = gtk_label_new (number);

  gtk_widget_add_css_class (label, "numeric");
  gtk_widget_set_size_request (label, width, -1);
  adw_action_row_add_prefix (row, label);

  return label;
}

GtkWidget *
muster_game_page_action_button (const char *label,
                                const char *action,
                                GVariant   *target,
                                gboolean    suggested)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);

  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  if (target != NULL)
    gtk_actionable_set_action_target_value (GTK_ACTIONABLE (button), target);
  if (suggested)
    gtk_widget_add_css_class (button, "suggested-action");

  return button;
}

void
muster_game_page_name_button (GtkWidget  *button,
                              const char *name)
{
  g_return_if_fail (GTK_IS_WIDGET (button));
  g_return_if_fail (name != NULL);

  gtk_widget_set_tooltip_text (button, name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, name,
                                  -1);
}

GtkWidget *
muster_game_page_icon_button (const char *icon_name,
                              const char *name,
                              const char *action,
                              GVariant   *target)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon_name);

  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  if (target != NULL)
    gtk_actionable_set_action_target_value (GTK_ACTIONABLE (button), target);
  muster_game_page_name_button (button, name);

  return button;
}

void
muster_game_page_set_combo_strings (AdwComboRow        *row,
                                    const char * const *labels,
                                    guint               selected)
{
  GListModel *model = adw_combo_row_get_model (row);
  gboolean same = model != NULL && GTK_IS_STRING_LIST (model) &&
                  g_list_model_get_n_items (model) == g_strv_length ((char **) labels);
  g_autoptr(GtkStringList) list = NULL;

  for (guint i = 0; same && labels[i] != NULL; i++)
    same = g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (model), i), labels[i]) == 0;

  if (same)
    return;

  list = gtk_string_list_new (labels);
  adw_combo_row_set_model (row, G_LIST_MODEL (list));
  if (selected != GTK_INVALID_LIST_POSITION && selected < g_strv_length ((char **) labels))
    adw_combo_row_set_selected (row, selected);
}

/* Titles and descriptions of groups and status pages are Pango markup
 * in libadwaita; theirs here carry players' names ("Tom & Jerry"). */
void
muster_game_page_set_group_title (AdwPreferencesGroup *group,
                                  const char          *text)
{
  g_autofree char *escaped = text != NULL ? g_markup_escape_text (text, -1) : NULL;

  adw_preferences_group_set_title (group, escaped != NULL ? escaped : "");
}

void
muster_game_page_set_group_description (AdwPreferencesGroup *group,
                                        const char          *text)
{
  g_autofree char *escaped = text != NULL ? g_markup_escape_text (text, -1) : NULL;

  adw_preferences_group_set_description (group, escaped);
}

void
muster_game_page_set_status_description (GtkLabel   *description,
                                         const char *text)
{
  gtk_label_set_text (description, text != NULL ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (description), text != NULL && *text != '\0');
}

/* Dice */

static void
enter_die_clicked_cb (GtkButton      *button,
                      MusterGamePage *self)
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

GtkWidget *
muster_game_page_die_control (MusterGamePage *self,
                              guint           sides,
                              const char     *action,
                              int             player)
{
  MusterGamePagePrivate *priv = muster_game_page_get_instance_private (self);
  GtkWidget *box;
  GtkWidget *spin;
  GtkWidget *button;

  if (priv->game == NULL || !muster_game_get_typed_dice (priv->game))
    return muster_game_page_action_button (_("Roll"), action,
                                           player >= 0 ? g_variant_new ("(iu)", player, 0)
                                                       : g_variant_new_uint32 (0),
                                           TRUE);

  box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  gtk_widget_add_css_class (box, "linked");
  gtk_widget_set_valign (box, GTK_ALIGN_CENTER);

  spin = gtk_spin_button_new_with_range (1, sides, 1);
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (spin),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Die as thrown"),
                                  -1);
  muster_game_page_guard_spin (GTK_SPIN_BUTTON (spin));
  gtk_box_append (GTK_BOX (box), spin);

  button = gtk_button_new_with_label (_("Enter"));
  gtk_widget_add_css_class (button, "suggested-action");
  g_object_set_data (G_OBJECT (button), "spin", spin);
  g_object_set_data (G_OBJECT (button), "action", (gpointer) action);
  g_object_set_data (G_OBJECT (button), "player", GINT_TO_POINTER (player));
  g_signal_connect (button, "clicked", G_CALLBACK (enter_die_clicked_cb), self);
  gtk_box_append (GTK_BOX (box), button);

  return box;
}

/* Line of Fire */

static void
sight_toggled_cb (GtkToggleButton *button,
                  MusterGamePage  *self)
{
  MusterGamePagePrivate *priv = muster_game_page_get_instance_private (self);
  const char *piece_id = g_object_get_data (G_OBJECT (button), "piece-id");

  if (priv->syncing)
    return;

  if (gtk_toggle_button_get_active (button))
    muster_game_page_show_sight (self, piece_id, NULL);
  else if (g_strcmp0 (priv->sight_piece, piece_id) == 0)
    muster_game_page_show_sight (self, NULL, NULL);
}

GtkWidget *
muster_game_page_sight_button (MusterGamePage *self,
                               const char     *piece_id)
{
  MusterGamePagePrivate *priv = muster_game_page_get_instance_private (self);
  GtkWidget *button = gtk_toggle_button_new ();

  gtk_button_set_icon_name (GTK_BUTTON (button), "view-reveal-symbolic");
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (button, "flat");
  muster_game_page_name_button (button, _("Show Line of Fire"));
  g_object_set_data_full (G_OBJECT (button), "piece-id", g_strdup (piece_id), g_free);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (button), g_strcmp0 (priv->sight_piece, piece_id) == 0);
  g_signal_connect (button, "toggled", G_CALLBACK (sight_toggled_cb), self);

  return button;
}

/* Spin buttons */

static gboolean
has_focus_within (GtkWidget *widget)
{
  GtkRoot *root = gtk_widget_get_root (widget);
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  return focus != NULL && (focus == widget || gtk_widget_is_ancestor (focus, widget));
}

/* Before the spin button sees the scroll (the capture phase): a spin
 * button without the focus hands it to the page's scrolled window. */
static gboolean
guard_scroll_cb (GtkEventControllerScroll *controller,
                 double                    dx,
                 double                    dy,
                 GtkWidget                *spin)
{
  GtkWidget *scroller;
  GtkAdjustment *adjustment;
  double step;

  if (has_focus_within (spin))
    return GDK_EVENT_PROPAGATE;

  scroller = gtk_widget_get_ancestor (spin, GTK_TYPE_SCROLLED_WINDOW);
  if (scroller == NULL)
    return GDK_EVENT_STOP;

  /* As GtkScrolledWindow scrolls: a wheel click moves by the page's
   * size to the power 2/3, a touchpad by the pixels. */
  adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  if (gtk_event_controller_scroll_get_unit (controller) == GDK_SCROLL_UNIT_WHEEL)
    step = pow (gtk_adjustment_get_page_size (adjustment), 2.0 / 3.0) * dy;
  else
    step = dy;
  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_value (adjustment) + step);

  return GDK_EVENT_STOP;
}

void
muster_game_page_guard_spin (GtkSpinButton *spin)
{
  GtkEventController *scroll;

  g_return_if_fail (GTK_IS_SPIN_BUTTON (spin));

  scroll = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
  gtk_event_controller_set_name (scroll, "muster-guard-scroll");
  gtk_event_controller_set_propagation_phase (scroll, GTK_PHASE_CAPTURE);
  g_signal_connect (scroll, "scroll", G_CALLBACK (guard_scroll_cb), spin);
  gtk_widget_add_controller (GTK_WIDGET (spin), scroll);
}

/* Names */

char **
muster_game_page_dup_player_names (MusterGame *game)
{
  const char *names[] = { muster_game_get_player_name (game, 0), muster_game_get_player_name (game, 1), NULL };

  return g_strdupv ((char **) names);
}

guint
muster_game_page_current_zone_index (MusterGame         *game,
                                     int                 player,
                                     const char * const *zones)
{
  const char *id = player >= 0 ? muster_game_get_player_id (game, player) : NULL;
  const MusterPlayer *p = id != NULL ? muster_layout_lookup_player (muster_game_get_layout (game), id) : NULL;

  return p != NULL && zones[0] != NULL && g_strcmp0 (p->zone, zones[1]) == 0 ? 1 : 0;
}

char *
muster_game_page_dup_attempt (MusterGame           *game,
                              const char           *dice,
                              MusterRollOffOutcome  outcome,
                              int                   winner)
{
  switch (outcome)
    {
    case MUSTER_ROLL_OFF_TIE:
      /* Translators: the dice, then what they mean */
      return g_strdup_printf (_("%s — a tie: roll again"), dice);

    case MUSTER_ROLL_OFF_DOUBLE_FAILURE:
      return g_strdup_printf (_("%s — both failed: roll again"), dice);

    case MUSTER_ROLL_OFF_WON:
      return g_strdup_printf (_("%s — %s wins"), dice, muster_game_get_player_name (game, winner));

    case MUSTER_ROLL_OFF_PENDING:
    default:
      return g_strdup (dice);
    }
}

const char *
muster_game_page_data_label (const char *text)
{
  return text != NULL ? g_dgettext (GETTEXT_PACKAGE, text) : "";
}

/* Actions */

static void
start_deployment_action (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  MusterGamePage *self = MUSTER_GAME_PAGE (widget);
  MusterGamePagePrivate *priv = muster_game_page_get_instance_private (self);
  g_autoptr(GError) error = NULL;

  if (priv->game != NULL && !muster_game_start_deployment (priv->game, &error))
    muster_game_page_refuse (self, error);
}

/* GObject */

static void
muster_game_page_dispose (GObject *object)
{
  MusterGamePage *self = (MusterGamePage *)object;
  MusterGamePagePrivate *priv = muster_game_page_get_instance_private (self);

  g_clear_handle_id (&priv->refresh_id, g_source_remove);
  if (priv->game_signals != NULL)
    g_signal_group_set_target (priv->game_signals, NULL);
  if (priv->layout_signals != NULL)
    g_signal_group_set_target (priv->layout_signals, NULL);
  g_clear_object (&priv->game);

  G_OBJECT_CLASS (muster_game_page_parent_class)->dispose (object);
}

static void
muster_game_page_finalize (GObject *object)
{
  MusterGamePage *self = (MusterGamePage *)object;
  MusterGamePagePrivate *priv = muster_game_page_get_instance_private (self);

  g_clear_object (&priv->game_signals);
  g_clear_object (&priv->layout_signals);
  g_clear_pointer (&priv->sight_piece, g_free);
  g_clear_pointer (&priv->sight_player, g_free);

  G_OBJECT_CLASS (muster_game_page_parent_class)->finalize (object);
}

static void
muster_game_page_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  MusterGamePage *self = MUSTER_GAME_PAGE (object);
  MusterGamePagePrivate *priv = muster_game_page_get_instance_private (self);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, priv->game);
      break;

    case PROP_SIGHT_PIECE:
      g_value_set_string (value, priv->sight_piece);
      break;

    case PROP_SIGHT_PLAYER:
      g_value_set_string (value, priv->sight_player);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_game_page_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  MusterGamePage *self = MUSTER_GAME_PAGE (object);
  MusterGamePagePrivate *priv = muster_game_page_get_instance_private (self);

  switch (prop_id)
    {
    case PROP_GAME:
      muster_game_page_set_game (self, g_value_get_object (value));
      break;

    case PROP_SIGHT_PIECE:
      set_sight_string (self, &priv->sight_piece, g_value_get_string (value), pspec);
      break;

    case PROP_SIGHT_PLAYER:
      set_sight_string (self, &priv->sight_player, g_value_get_string (value), pspec);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_game_page_class_init (MusterGamePageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_game_page_dispose;
  object_class->finalize = muster_game_page_finalize;
  object_class->get_property = muster_game_page_get_property;
  object_class->set_property = muster_game_page_set_property;
  widget_class->map = muster_game_page_map;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL,
                         MUSTER_TYPE_GAME,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_SIGHT_PIECE] =
    g_param_spec_string ("sight-piece", NULL, NULL,
                         NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_SIGHT_PLAYER] =
    g_param_spec_string ("sight-player", NULL, NULL,
                         NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * MusterGamePage::message:
   * @text: what the game refused, and why
   */
  signals[MESSAGE] =
    g_signal_new ("message",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);

  /**
   * MusterGamePage::show-sight:
   * @piece_id: (nullable): the piece whose Line of Fire to show
   * @player_id: (nullable): or the player whose troopers' sight to show
   */
  signals[SHOW_SIGHT] =
    g_signal_new ("show-sight",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_STRING);

  gtk_widget_class_install_action (widget_class, "page.start-deployment", NULL, start_deployment_action);
}

static void
muster_game_page_init (MusterGamePage *self)
{
  MusterGamePagePrivate *priv = muster_game_page_get_instance_private (self);

  priv->game_signals = g_signal_group_new (MUSTER_TYPE_GAME);
  g_signal_group_connect_swapped (priv->game_signals, "changed",
                                  G_CALLBACK (muster_game_page_queue_refresh), self);
  g_signal_group_connect_swapped (priv->game_signals, "notify::typed-dice",
                                  G_CALLBACK (muster_game_page_queue_refresh), self);

  /* Names, Lieutenants and what stands on the table. */
  priv->layout_signals = g_signal_group_new (MUSTER_TYPE_LAYOUT);
  g_signal_group_connect_swapped (priv->layout_signals, "changed",
                                  G_CALLBACK (muster_game_page_queue_refresh), self);
  g_signal_group_connect_swapped (priv->layout_signals, "piece-added",
                                  G_CALLBACK (muster_game_page_queue_refresh), self);
  g_signal_group_connect_swapped (priv->layout_signals, "piece-removed",
                                  G_CALLBACK (muster_game_page_queue_refresh), self);
  g_signal_group_connect_swapped (priv->layout_signals, "piece-changed",
                                  G_CALLBACK (muster_game_page_queue_refresh), self);
}
