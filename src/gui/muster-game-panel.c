/* muster-game-panel.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-game-panel"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "muster-game-deployment-page.h"
#include "muster-game-initiative-page.h"
#include "muster-game-orders-page.h"
#include "muster-game-panel.h"
#include "muster-game-pregame-page.h"
#include "muster-game-roll-log.h"
#include "muster-game-round-page.h"

struct _MusterGamePanel
{
  AdwBin           parent_instance;

  MusterGame      *game;
  GSignalGroup    *game_signals;
  /* The phase whose page was last brought forward: the players may look
   * at another page until the game moves to the next phase. */
  MusterGamePhase  shown_phase;
  /* Where the players are, coarsely: when it changes, what to do next is
   * at the top of the page. */
  char            *stage;
  char            *message;
  char            *sight_piece;
  char            *sight_player;

  /* Template children */
  AdwViewSwitcher *phase_switcher;
  GtkWidget       *message_box;
  GtkImage        *message_icon;
  GtkLabel        *message_label;
  GtkScrolledWindow *scroller;
  AdwViewStack    *phase_stack;
  GtkWidget       *none_page;
  GtkLabel        *none_page_description;
  AdwBin          *initiative_bin;
  AdwBin          *pregame_bin;
  AdwBin          *deployment_bin;
  AdwBin          *orders_bin;
  AdwBin          *round_bin;
  MusterGamePage  *roll_log;

  /* The pages of the phases, made when first shown or asked for (NULL
   * until then), and the roll log: N_PAGES. */
  MusterGamePage  *pages[6];
};

enum {
  PROP_0,
  PROP_GAME,
  PROP_SIGHT_PIECE,
  PROP_SIGHT_PLAYER,
  N_PROPS
};

enum {
  SHOW_SIGHT,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

#define N_PAGES 6
#define ROLL_LOG (N_PAGES - 1)

G_DEFINE_FINAL_TYPE (MusterGamePanel, muster_game_panel, ADW_TYPE_BIN)

/* The pages of the phases, by their names in the stack. */
static const struct {
  const char *name;
  GType     (*get_type) (void);
} page_kinds[N_PAGES - 1] = {
  { "initiative", muster_game_initiative_page_get_type },
  { "pregame", muster_game_pregame_page_get_type },
  { "deployment", muster_game_deployment_page_get_type },
  { "orders", muster_game_orders_page_get_type },
  { "round", muster_game_round_page_get_type },
};

static void page_message_cb (MusterGamePanel *self,
                             const char      *text);
static void page_show_sight_cb (MusterGamePanel *self,
                                const char      *piece_id,
                                const char      *player_id);

/* The toggles of a page follow the Line of Fire shown. */
static void
follow_sight (MusterGamePanel *self,
              MusterGamePage  *page)
{
  g_object_bind_property (self, "sight-piece", page, "sight-piece", G_BINDING_SYNC_CREATE);
  g_object_bind_property (self, "sight-player", page, "sight-player", G_BINDING_SYNC_CREATE);
}

static int
page_index (const char *name)
{
  for (guint i = 0; name != NULL && i < G_N_ELEMENTS (page_kinds); i++)
    {
      if (g_str_equal (name, page_kinds[i].name))
        return (int) i;
    }

  return -1;
}

/* A page of the phases is some tenth of the work of showing the Game
 * page of the sidebar: each is made when first shown (or asked for),
 * with the game and the sight of the moment. */
static MusterGamePage *
ensure_page (MusterGamePanel *self,
             guint            index)
{
  AdwBin *bins[] = { self->initiative_bin, self->pregame_bin, self->deployment_bin, self->orders_bin, self->round_bin };
  MusterGamePage *page;

  g_assert (index < G_N_ELEMENTS (bins));

  if (self->pages[index] != NULL)
    return self->pages[index];

  page = g_object_new (page_kinds[index].get_type (), NULL);
  g_signal_connect_object (page, "message", G_CALLBACK (page_message_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (page, "show-sight", G_CALLBACK (page_show_sight_cb), self, G_CONNECT_SWAPPED);
  follow_sight (self, page);
  muster_game_page_set_game (page, self->game);
  adw_bin_set_child (bins[index], GTK_WIDGET (page));
  self->pages[index] = page;

  return page;
}

static void
visible_page_changed_cb (MusterGamePanel *self)
{
  int index = page_index (adw_view_stack_get_visible_child_name (self->phase_stack));

  if (index >= 0)
    ensure_page (self, index);
}

/* The message */

static void
show_message (MusterGamePanel *self,
              const char      *message,
              gboolean         warning)
{
  g_autofree char *plain = g_strdelimit (g_strdup (message), "\t", ' ');

  g_free (self->message);
  self->message = g_strdup (message);

  gtk_label_set_text (self->message_label, plain);
  gtk_image_set_from_icon_name (self->message_icon, warning ? "dialog-warning-symbolic" : "dialog-error-symbolic");
  gtk_widget_remove_css_class (GTK_WIDGET (self->message_icon), warning ? "error" : "warning");
  gtk_widget_add_css_class (GTK_WIDGET (self->message_icon), warning ? "warning" : "error");
  /* Shown or not at all: a hidden message takes no room. */
  gtk_widget_set_visible (self->message_box, TRUE);
}

static void
clear_message (MusterGamePanel *self)
{
  g_clear_pointer (&self->message, g_free);
  gtk_label_set_text (self->message_label, "");
  gtk_widget_set_visible (self->message_box, FALSE);
}

static void
page_message_cb (MusterGamePanel *self,
                 const char      *text)
{
  show_message (self, text, FALSE);
}

/* The Line of Fire */

static void
set_sight (MusterGamePanel *self,
           const char      *piece_id,
           const char      *player_id)
{
  if (g_strcmp0 (piece_id, self->sight_piece) == 0 && g_strcmp0 (player_id, self->sight_player) == 0)
    return;

  g_free (self->sight_piece);
  g_free (self->sight_player);
  self->sight_piece = g_strdup (piece_id);
  self->sight_player = g_strdup (player_id);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SIGHT_PIECE]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SIGHT_PLAYER]);

  g_signal_emit (self, signals[SHOW_SIGHT], 0, piece_id, player_id);
}

static void
page_show_sight_cb (MusterGamePanel *self,
                    const char      *piece_id,
                    const char      *player_id)
{
  set_sight (self, piece_id, player_id);
}

/* The pages */

static const char *
page_of_phase (MusterGamePhase phase)
{
  switch (phase)
    {
    case MUSTER_GAME_PHASE_INITIATIVE:
      return "initiative";
    case MUSTER_GAME_PHASE_PREGAME:
      return "pregame";
    case MUSTER_GAME_PHASE_DEPLOYMENT:
    case MUSTER_GAME_PHASE_OVER:
      return "deployment";
    case MUSTER_GAME_PHASE_ORDERS:
      return "orders";
    case MUSTER_GAME_PHASE_ROUND:
      return "round";
    case MUSTER_GAME_PHASE_NONE:
    default:
      return "none";
    }
}

/* Which pages the game has: the switcher shows them when there are two
 * or more. */
static void
sync_pages (MusterGamePanel *self)
{
  MusterGameKind kind = self->game != NULL ? muster_game_get_kind (self->game) : MUSTER_GAME_KIND_NONE;
  gboolean shown[] = {
    kind == MUSTER_GAME_KIND_NONE,
    kind == MUSTER_GAME_KIND_INFINITY,
    kind == MUSTER_GAME_KIND_T9A,
    kind == MUSTER_GAME_KIND_INFINITY || kind == MUSTER_GAME_KIND_T9A,
    kind == MUSTER_GAME_KIND_INFINITY && muster_game_get_order_rules (self->game) != NULL,
    kind == MUSTER_GAME_KIND_TI4,
  };
  const char *names[] = { "none", "initiative", "pregame", "deployment", "orders", "round" };
  guint n_shown = 0;

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      GtkWidget *child = adw_view_stack_get_child_by_name (self->phase_stack, names[i]);

      adw_view_stack_page_set_visible (adw_view_stack_get_page (self->phase_stack, child), shown[i]);
      n_shown += shown[i];
    }

  gtk_widget_set_visible (GTK_WIDGET (self->phase_switcher), n_shown > 1);
  gtk_widget_set_visible (GTK_WIDGET (self->roll_log),
                          kind == MUSTER_GAME_KIND_INFINITY || kind == MUSTER_GAME_KIND_T9A);
  muster_game_page_set_status_description (self->none_page_description,
                                           self->game != NULL ? muster_game_get_problem (self->game) : NULL);
}

static char *
dup_stage (MusterGamePanel *self)
{
  MusterGame *game = self->game;
  MusterOrderSequence *seq;

  if (game == NULL)
    return NULL;

  seq = muster_game_get_order_sequence (game);

  return g_strdup_printf ("%s %d %d %d %d %d",
                          adw_view_stack_get_visible_child_name (self->phase_stack),
                          muster_game_get_initiative (game) != NULL
                          ? (int) muster_infinity_initiative_get_state (muster_game_get_initiative (game)) : -1,
                          muster_game_get_pregame (game) != NULL
                          ? (int) muster_t9a_pregame_get_state (muster_game_get_pregame (game)) : -1,
                          muster_game_get_deployment (game) != NULL
                          ? (int) muster_deployment_phase_get_state (muster_game_get_deployment (game)) : -1,
                          seq != NULL ? (int) muster_order_sequence_is_finished (seq) : -1,
                          muster_game_get_ti4 (game) != NULL ? (int) muster_ti4_round_get_phase (muster_game_get_ti4 (game))
                                                             : -1);
}

static void
scroll_to_top_on_new_stage (MusterGamePanel *self)
{
  g_autofree char *stage = dup_stage (self);

  if (g_strcmp0 (stage, self->stage) == 0)
    return;

  g_free (self->stage);
  self->stage = g_steal_pointer (&stage);
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (self->scroller), 0);
}

/* After every step and every replay: the page of a new phase comes
 * forward, and the message says what the game says now. */
static void
game_changed_cb (MusterGamePanel *self)
{
  MusterGamePhase phase = muster_game_get_phase (self->game);

  sync_pages (self);
  if (phase != self->shown_phase)
    {
      self->shown_phase = phase;
      adw_view_stack_set_visible_child_name (self->phase_stack, page_of_phase (phase));
    }
  scroll_to_top_on_new_stage (self);

  clear_message (self);
  if (muster_game_get_restore_error (self->game) != NULL)
    show_message (self, muster_game_get_restore_error (self->game), FALSE);
  else if (muster_game_get_notice (self->game) != NULL)
    show_message (self, muster_game_get_notice (self->game), TRUE);
}

/* Actions */

static void
show_page_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  MusterGamePanel *self = MUSTER_GAME_PANEL (widget);
  GtkWidget *child = adw_view_stack_get_child_by_name (self->phase_stack, g_variant_get_string (parameter, NULL));

  if (child != NULL && adw_view_stack_page_get_visible (adw_view_stack_get_page (self->phase_stack, child)))
    adw_view_stack_set_visible_child (self->phase_stack, child);
}

static void
dismiss_message_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  clear_message (MUSTER_GAME_PANEL (widget));
}

/* Public */

GtkWidget *
muster_game_panel_new (void)
{
  return g_object_new (MUSTER_TYPE_GAME_PANEL, NULL);
}

MusterGame *
muster_game_panel_get_game (MusterGamePanel *self)
{
  g_return_val_if_fail (MUSTER_IS_GAME_PANEL (self), NULL);

  return self->game;
}

void
muster_game_panel_set_game (MusterGamePanel *self,
                            MusterGame      *game)
{
  g_return_if_fail (MUSTER_IS_GAME_PANEL (self));
  g_return_if_fail (game == NULL || MUSTER_IS_GAME (game));

  if (!g_set_object (&self->game, game))
    return;

  g_signal_group_set_target (self->game_signals, game);
  set_sight (self, NULL, NULL);

  for (guint i = 0; i < N_PAGES; i++)
    {
      if (self->pages[i] != NULL)
        muster_game_page_set_game (self->pages[i], game);
    }

  /* Its page, where it stands. */
  self->shown_phase = -1;
  g_clear_pointer (&self->stage, g_free);
  if (game != NULL)
    game_changed_cb (self);
  else
    {
      clear_message (self);
      sync_pages (self);
    }

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

const char *
muster_game_panel_get_page (MusterGamePanel *self)
{
  g_return_val_if_fail (MUSTER_IS_GAME_PANEL (self), NULL);

  return adw_view_stack_get_visible_child_name (self->phase_stack);
}

GtkWidget *
muster_game_panel_get_page_widget (MusterGamePanel *self,
                                   const char      *name)
{
  g_return_val_if_fail (MUSTER_IS_GAME_PANEL (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  if (g_str_equal (name, "roll-log"))
    return GTK_WIDGET (self->roll_log);

  if (page_index (name) >= 0)
    return GTK_WIDGET (ensure_page (self, page_index (name)));

  return adw_view_stack_get_child_by_name (self->phase_stack, name);
}

const char *
muster_game_panel_get_message (MusterGamePanel *self)
{
  g_return_val_if_fail (MUSTER_IS_GAME_PANEL (self), NULL);

  return self->message;
}

void
muster_game_panel_withdraw_message (MusterGamePanel *self,
                                    const char      *message)
{
  g_return_if_fail (MUSTER_IS_GAME_PANEL (self));

  if (message != NULL && g_strcmp0 (self->message, message) == 0)
    clear_message (self);
}

const char *
muster_game_panel_get_sight_piece (MusterGamePanel *self)
{
  g_return_val_if_fail (MUSTER_IS_GAME_PANEL (self), NULL);

  return self->sight_piece;
}

const char *
muster_game_panel_get_sight_player (MusterGamePanel *self)
{
  g_return_val_if_fail (MUSTER_IS_GAME_PANEL (self), NULL);

  return self->sight_player;
}

void
muster_game_panel_sync (MusterGamePanel *self)
{
  g_return_if_fail (MUSTER_IS_GAME_PANEL (self));

  for (guint i = 0; i < N_PAGES; i++)
    {
      if (self->pages[i] != NULL)
        muster_game_page_sync (self->pages[i]);
    }
}

/* GObject */

static void
muster_game_panel_dispose (GObject *object)
{
  MusterGamePanel *self = (MusterGamePanel *)object;

  if (self->game_signals != NULL)
    g_signal_group_set_target (self->game_signals, NULL);
  g_clear_object (&self->game);

  gtk_widget_dispose_template (GTK_WIDGET (self), MUSTER_TYPE_GAME_PANEL);
  memset (self->pages, 0, sizeof self->pages);

  G_OBJECT_CLASS (muster_game_panel_parent_class)->dispose (object);
}

static void
muster_game_panel_finalize (GObject *object)
{
  MusterGamePanel *self = (MusterGamePanel *)object;

  g_clear_object (&self->game_signals);
  g_clear_pointer (&self->stage, g_free);
  g_clear_pointer (&self->message, g_free);
  g_clear_pointer (&self->sight_piece, g_free);
  g_clear_pointer (&self->sight_player, g_free);

  G_OBJECT_CLASS (muster_game_panel_parent_class)->finalize (object);
}

static void
muster_game_panel_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  MusterGamePanel *self = MUSTER_GAME_PANEL (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;

    case PROP_SIGHT_PIECE:
      g_value_set_string (value, self->sight_piece);
      break;

    case PROP_SIGHT_PLAYER:
      g_value_set_string (value, self->sight_player);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_game_panel_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  MusterGamePanel *self = MUSTER_GAME_PANEL (object);

  switch (prop_id)
    {
    case PROP_GAME:
      muster_game_panel_set_game (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_game_panel_class_init (MusterGamePanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_game_panel_dispose;
  object_class->finalize = muster_game_panel_finalize;
  object_class->get_property = muster_game_panel_get_property;
  object_class->set_property = muster_game_panel_set_property;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL,
                         MUSTER_TYPE_GAME,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_SIGHT_PIECE] =
    g_param_spec_string ("sight-piece", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_SIGHT_PLAYER] =
    g_param_spec_string ("sight-player", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * MusterGamePanel::show-sight:
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

  g_type_ensure (MUSTER_TYPE_GAME_INITIATIVE_PAGE);
  g_type_ensure (MUSTER_TYPE_GAME_PREGAME_PAGE);
  g_type_ensure (MUSTER_TYPE_GAME_DEPLOYMENT_PAGE);
  g_type_ensure (MUSTER_TYPE_GAME_ORDERS_PAGE);
  g_type_ensure (MUSTER_TYPE_GAME_ROUND_PAGE);
  g_type_ensure (MUSTER_TYPE_GAME_ROLL_LOG);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/muster-game-panel.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, MusterGamePanel, name)
  BIND (phase_switcher);
  BIND (message_box);
  BIND (message_icon);
  BIND (message_label);
  BIND (scroller);
  BIND (phase_stack);
  BIND (none_page);
  BIND (none_page_description);
  BIND (initiative_bin);
  BIND (pregame_bin);
  BIND (deployment_bin);
  BIND (orders_bin);
  BIND (round_bin);
  BIND (roll_log);
#undef BIND
  gtk_widget_class_bind_template_callback (widget_class, page_message_cb);
  gtk_widget_class_bind_template_callback (widget_class, page_show_sight_cb);

  gtk_widget_class_install_action (widget_class, "panel.show-page", "s", show_page_action);
  gtk_widget_class_install_action (widget_class, "panel.dismiss-message", NULL, dismiss_message_action);
}

static void
muster_game_panel_init (MusterGamePanel *self)
{
  self->shown_phase = -1;
  gtk_widget_init_template (GTK_WIDGET (self));

  self->game_signals = g_signal_group_new (MUSTER_TYPE_GAME);
  g_signal_group_connect_swapped (self->game_signals, "changed", G_CALLBACK (game_changed_cb), self);

  self->pages[ROLL_LOG] = self->roll_log;
  follow_sight (self, self->roll_log);
  g_signal_connect_object (self->phase_stack, "notify::visible-child",
                           G_CALLBACK (visible_page_changed_cb), self, G_CONNECT_SWAPPED);

  sync_pages (self);
  visible_page_changed_cb (self);
}
