/* muster-roster-panel.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-roster-panel"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "muster-entry-dialog.h"
#include "muster-roster-panel-private.h"


enum {
  PLACE_ENTRY,
  SELECT_PIECE,
  MESSAGE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (MusterRosterPanel, muster_roster_panel, ADW_TYPE_BIN)

static void
begin_group (MusterRosterPanel *self,
             const char        *label)
{
  muster_editor_begin (self->editor, label);
}

static void
end_group (MusterRosterPanel *self)
{
  muster_editor_end (self->editor);
}

/* Words */

static char *
format_mm (double mm)
{
  /* Bases are whole millimetres, or near enough. */
  return g_strdup_printf ("%.*f", fabs (mm - round (mm)) < 0.05 ? 0 : 1, mm);
}

/* "20 × 20 mm" must not break across lines: a subtitle wrapped as
 * "20 × 20 / mm" reads badly. */
static char *
keep_together (char *text)
{
  g_auto(GStrv) times = g_strsplit (text, " × ", -1);
  g_autofree char *joined = g_strjoinv ("\u00a0×\u00a0", times);
  g_auto(GStrv) mm = g_strsplit (joined, " mm", -1);

  g_free (text);

  return g_strjoinv ("\u00a0mm", mm);
}

/* A category's or a skill's short name ("War Machine") must not break:
 * the subtitle breaks between its parts, at the " · ". A longer one
 * ("Forward Deployment", "Máquina de Guerra") may break between its words
 * in a narrow sidebar, which is better than inside one ("Deploym-ent") or
 * cut short ("Máquina de Gu…"). */
static char *
one_word (const char *name)
{
  g_auto(GStrv) words = NULL;

  if (g_utf8_strlen (name, -1) > 12)
    return g_strdup (name);

  words = g_strsplit (name, " ", -1);

  return g_strjoinv ("\u00a0", words);
}

char *
_muster_roster_panel_describe_base (const MusterBase *base)
{
  g_autofree char *width = format_mm (base->width);
  g_autofree char *depth = format_mm (base->depth);

  switch (base->shape)
    {
    case MUSTER_BASE_ROUND:
      /* Translators: a round base, e.g. "25 mm round" */
      return keep_together (g_strdup_printf (_("%s mm round"), width));
    case MUSTER_BASE_OVAL:
      /* Translators: an oval base, width × depth */
      return keep_together (g_strdup_printf (_("%s × %s mm oval"), width, depth));
    case MUSTER_BASE_RECT:
    default:
      /* Translators: a square or rectangular base, width × depth */
      return keep_together (g_strdup_printf (_("%s × %s mm"), width, depth));
    }
}

static char *
describe_entry (MusterRosterPanel       *self,
                const MusterRosterEntry *entry)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *base = _muster_roster_panel_describe_base (&entry->base);

  if (entry->kind == MUSTER_PIECE_UNIT)
    /* Translators: a unit: files × ranks of models on bases of this size */
    g_ptr_array_add (parts, keep_together (g_strdup_printf (_("%u × %u on %s"), entry->files, entry->ranks, base)));
  else
    g_ptr_array_add (parts, g_strdup (base));

  if (entry->lieutenant)
    g_ptr_array_add (parts, g_strdup (_("Lieutenant")));

  for (guint i = 0; entry->categories != NULL && entry->categories[i] != NULL; i++)
    {
      const char *id = entry->categories[i];

      if (g_strcmp0 (id, "character") == 0)
        g_ptr_array_add (parts, one_word (_("Character")));
      else if (g_strcmp0 (id, "war-machine") == 0)
        g_ptr_array_add (parts, one_word (_("War Machine")));
      else if (g_strcmp0 (id, "war-platform") == 0)
        g_ptr_array_add (parts, one_word (_("War Platform")));
      else if (g_strcmp0 (id, "scout") == 0)
        g_ptr_array_add (parts, one_word (_("Scout")));
      else
        g_ptr_array_add (parts, one_word (id));
    }

  for (guint i = 0; entry->skills != NULL && entry->skills[i] != NULL; i++)
    {
      const MusterSkillDef *skill = self->system != NULL
                                      ? muster_system_lookup_skill (self->system, entry->skills[i]) : NULL;

      g_ptr_array_add (parts, one_word (skill != NULL ? skill->name : entry->skills[i]));
    }

  g_ptr_array_add (parts, NULL);

  return g_strjoinv (" · ", (char **) parts->pdata);
}

/* status and placed: muster_roster_get_status()'s, which the caller asks
 * once for the row's text and menu. */
static char *
describe_status (MusterRosterPanel       *self,
                 const MusterRosterEntry *entry,
                 MusterRosterStatus       status,
                 guint                    placed,
                 const char             **css_class)
{
  guint problems = self->problems != NULL ? muster_roster_problems_get (self->problems, self->player_id, entry->id) : 0;

  /* On the table, but where a rule forbids: that is what needs doing. */
  if (problems > 0)
    {
      *css_class = "problem";
      /* Translators: how many rules the pieces of a roster entry on the table break */
      return g_strdup_printf (ngettext ("%u problem", "%u problems", problems), problems);
    }

  switch (status)
    {
    case MUSTER_ROSTER_ON_TABLE:
      *css_class = "on-table";
      return g_strdup (_("On the table"));

    case MUSTER_ROSTER_PARTLY_DEPLOYED:
      *css_class = "to-deploy";
      /* Translators: how many of a roster entry are on the table */
      return g_strdup_printf (_("%u of %u on the table"), placed, entry->count);

    case MUSTER_ROSTER_HELD_BACK:
      *css_class = "held";
      switch (entry->hold)
        {
        case MUSTER_ROSTER_HOLD_OFF_TABLE:
          return g_strdup (_("Off the table"));
        case MUSTER_ROSTER_HOLD_RESERVE:
          return g_strdup (_("In reserve"));
        case MUSTER_ROSTER_HOLD_DELAYED:
          return g_strdup (_("Delayed"));
        case MUSTER_ROSTER_HOLD_BACK:
        case MUSTER_ROSTER_HOLD_NONE:
        default:
          return g_strdup (_("Held back"));
        }

    case MUSTER_ROSTER_TO_DEPLOY:
    default:
      *css_class = "to-deploy";
      if (entry->count > 1)
        /* Translators: how many of a roster entry are still to be deployed */
        return g_strdup_printf (_("%u to deploy"), entry->count);
      return g_strdup (_("To deploy"));
    }
}

/* Rows */

static void
draw_footprint (GtkDrawingArea *area,
                cairo_t        *cr,
                int             width,
                int             height,
                gpointer        user_data)
{
  MusterRosterPanel *self = g_object_get_data (G_OBJECT (area), "panel");
  const MusterRosterEntry *entry = user_data;
  MusterBase base;
  double scale;

  if (self == NULL || entry == NULL)
    return;

  muster_roster_entry_get_footprint (entry, &base);
  scale = MIN ((width - 2) / base.width, (height - 2) / base.depth);

  cairo_translate (cr, width / 2.0, height / 2.0);
  cairo_scale (cr, scale, scale);
  if (base.shape == MUSTER_BASE_RECT)
    cairo_rectangle (cr, -base.width / 2, -base.depth / 2, base.width, base.depth);
  else
    {
      cairo_save (cr);
      cairo_scale (cr, base.width / 2, base.depth / 2);
      cairo_arc (cr, 0, 0, 1, 0, 2 * G_PI);
      cairo_restore (cr);
    }
  cairo_set_source_rgba (cr, self->color.r, self->color.g, self->color.b, 0.85);
  cairo_fill_preserve (cr);
  cairo_set_line_width (cr, 1.2 / scale);
  cairo_set_source_rgb (cr, self->color.r * 0.45, self->color.g * 0.45, self->color.b * 0.45);
  cairo_stroke (cr);
}

static void
draw_swatch (GtkDrawingArea *area,
             cairo_t        *cr,
             int             width,
             int             height,
             gpointer        user_data)
{
  MusterRosterPanel *self = user_data;

  cairo_arc (cr, width / 2.0, height / 2.0, MIN (width, height) / 2.0 - 1, 0, 2 * G_PI);
  cairo_set_source_rgb (cr, self->color.r, self->color.g, self->color.b);
  cairo_fill_preserve (cr);
  cairo_set_line_width (cr, 1);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.25);
  cairo_stroke (cr);
}

static GdkContentProvider *
drag_prepare_cb (GtkDragSource *source,
                 double         x,
                 double         y,
                 GtkWidget     *row)
{
  MusterRosterPanel *self = g_object_get_data (G_OBJECT (row), "panel");
  const char *entry_id = g_object_get_data (G_OBJECT (row), "entry-id");
  g_autoptr(MusterPiece) piece = NULL;

  if (self == NULL || entry_id == NULL)
    return NULL;

  piece = muster_roster_make_piece (self->roster, entry_id);
  if (piece == NULL)
    return NULL;

  return gdk_content_provider_new_typed (MUSTER_TYPE_PIECE_TEMPLATE, piece);
}

static void
drag_begin_cb (GtkDragSource *source,
               GdkDrag       *drag,
               GtkWidget     *row)
{
  GtkWidget *prefix = g_object_get_data (G_OBJECT (row), "footprint");
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (prefix);

  gtk_drag_source_set_icon (source, paintable, 14, 14);
}

static GMenuModel *
make_row_menu (MusterRosterPanel       *self,
               const MusterRosterEntry *entry,
               gboolean                 all_placed)
{
  GMenu *menu = g_menu_new ();
  g_autoptr(GMenu) section = g_menu_new ();
  g_autoptr(GMenu) hold = g_menu_new ();
  g_autoptr(GMenu) removal = g_menu_new ();
  g_autoptr(GMenuItem) item = NULL;
  GPtrArray *skills = self->system != NULL ? muster_system_get_skills (self->system) : NULL;
  gboolean infinity = skills != NULL && skills->len > 0;

  item = g_menu_item_new (_("_Place on the Table"), NULL);
  /* All of them on the table: the item stays, greyed out (roster.placed
   * is never enabled), rather than offering what cannot be done. */
  g_menu_item_set_action_and_target (item, all_placed ? "roster.placed" : "roster.place", "s", entry->id);
  g_menu_append_item (section, item);
  g_clear_object (&item);
  item = g_menu_item_new (_("_Edit…"), NULL);
  g_menu_item_set_action_and_target (item, "roster.edit", "s", entry->id);
  g_menu_append_item (section, item);
  g_clear_object (&item);
  g_menu_append_section (menu, NULL, G_MENU_MODEL (section));

#define HOLD_ITEM(label, reason) \
  G_STMT_START { \
    item = g_menu_item_new (label, NULL); \
    g_menu_item_set_action_and_target (item, "roster.hold", "(ss)", entry->id, reason); \
    g_menu_append_item (hold, item); \
    g_clear_object (&item); \
  } G_STMT_END

  if (entry->hold != MUSTER_ROSTER_HOLD_NONE)
    HOLD_ITEM (_("_Deploy Normally"), "none");
  if (entry->hold != MUSTER_ROSTER_HOLD_BACK)
    HOLD_ITEM (_("_Hold Back"), "back");
  if (infinity && entry->hold != MUSTER_ROSTER_HOLD_OFF_TABLE)
    HOLD_ITEM (_("Keep _Off the Table"), "off-table");
  if (!infinity && entry->hold != MUSTER_ROSTER_HOLD_RESERVE)
    HOLD_ITEM (_("Put in _Reserve"), "reserve");
  if (!infinity && entry->hold != MUSTER_ROSTER_HOLD_DELAYED)
    HOLD_ITEM (_("_Delay"), "delayed");

#undef HOLD_ITEM

  g_menu_append_section (menu, NULL, G_MENU_MODEL (hold));

  item = g_menu_item_new (_("_Remove from Roster"), NULL);
  g_menu_item_set_action_and_target (item, "roster.remove", "s", entry->id);
  g_menu_append_item (removal, item);
  g_menu_append_section (menu, NULL, G_MENU_MODEL (removal));

  return G_MENU_MODEL (menu);
}

static gboolean
popup_row_menu (GtkWidget *row,
                GVariant  *args,
                gpointer   user_data)
{
  gtk_menu_button_popup (GTK_MENU_BUTTON (user_data));

  return TRUE;
}

static void
add_row_shortcut (GtkEventController *controller,
                  const char         *trigger,
                  const char         *action,
                  GVariant           *args)
{
  GtkShortcut *shortcut = gtk_shortcut_new (gtk_shortcut_trigger_parse_string (trigger),
                                            gtk_named_action_new (action));

  gtk_shortcut_set_arguments (shortcut, args);
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller), shortcut);
}

static GtkWidget *
make_row (MusterRosterPanel       *self,
          const MusterRosterEntry *entry)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *footprint, *status, *button;
  g_autofree char *title = NULL;
  g_autofree char *subtitle = describe_entry (self, entry);
  g_autofree char *status_text = NULL;
  guint placed = 0;
  MusterRosterStatus placing = muster_roster_get_status (self->roster, entry->id, &placed);
  gboolean all_placed = placing == MUSTER_ROSTER_ON_TABLE;
  g_autoptr(GMenuModel) menu = make_row_menu (self, entry, all_placed);
  const char *css_class = NULL;
  GtkDragSource *source;
  GtkEventController *shortcuts;

  if (entry->count > 1)
    /* Translators: a roster entry's name and how many there are */
    title = g_strdup_printf (_("%s × %u"), entry->name, entry->count);
  else
    title = g_strdup (entry->name);

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 3);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  g_object_set_data_full (G_OBJECT (row), "entry-id", g_strdup (entry->id), g_free);
  g_object_set_data (G_OBJECT (row), "panel", self);

  footprint = gtk_drawing_area_new ();
  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (footprint), 28);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (footprint), 28);
  gtk_widget_set_valign (footprint, GTK_ALIGN_CENTER);
  g_object_set_data (G_OBJECT (footprint), "panel", self);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (footprint), draw_footprint,
                                  muster_roster_entry_copy (entry),
                                  (GDestroyNotify) muster_roster_entry_free);
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), footprint);
  g_object_set_data (G_OBJECT (row), "footprint", footprint);

  status_text = describe_status (self, entry, placing, placed, &css_class);
  status = gtk_label_new (status_text);
  gtk_widget_set_valign (status, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (status, "roster-status");
  gtk_widget_add_css_class (status, css_class);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), status);
  g_object_set_data (G_OBJECT (row), "status", status);
  g_object_set_data (G_OBJECT (row), "status-class", (gpointer) css_class);
  g_ptr_array_add (self->statuses, g_strdup (status_text));

  button = gtk_menu_button_new ();
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (button), "view-more-symbolic");
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (button), menu);
  g_object_set_data (G_OBJECT (row), "menu-button", button);
  g_object_set_data (G_OBJECT (row), "all-placed", GINT_TO_POINTER (all_placed));
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (button, _("More"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("More"),
                                  -1);
  gtk_widget_add_css_class (button, "flat");
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);

  gtk_accessible_update_property (GTK_ACCESSIBLE (row),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, status_text,
                                  -1);
  gtk_widget_set_tooltip_text (row, _("Drag onto the table, or press Enter to place"));

  /* What the row's menu offers, by keyboard: Return places (the row's
   * activation), F2 edits, H holds back or deploys normally, Delete
   * removes, the menu key opens the menu. */
  shortcuts = gtk_shortcut_controller_new ();
  add_row_shortcut (shortcuts, "F2", "roster.edit", g_variant_new_string (entry->id));
  add_row_shortcut (shortcuts, "Delete", "roster.remove", g_variant_new_string (entry->id));
  add_row_shortcut (shortcuts, "h", "roster.hold",
                    g_variant_new ("(ss)", entry->id, entry->hold == MUSTER_ROSTER_HOLD_NONE ? "back" : "none"));
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_shortcut_trigger_parse_string ("Menu|<Shift>F10"),
                                                          gtk_callback_action_new (popup_row_menu, button, NULL)));
  gtk_widget_add_controller (row, shortcuts);

  source = gtk_drag_source_new ();
  gtk_drag_source_set_actions (source, GDK_ACTION_COPY);
  g_signal_connect (source, "prepare", G_CALLBACK (drag_prepare_cb), row);
  g_signal_connect (source, "drag-begin", G_CALLBACK (drag_begin_cb), row);
  gtk_widget_add_controller (row, GTK_EVENT_CONTROLLER (source));

  return row;
}

static void
refresh_rows (MusterRosterPanel *self)
{
  GPtrArray *entries;
  GtkWidget *child;

  g_clear_handle_id (&self->refresh_id, g_source_remove);
  g_clear_handle_id (&self->statuses_id, g_source_remove);
  self->rows_stale = FALSE;

  /* Rows only: the placeholder stays. */
  while ((child = GTK_WIDGET (gtk_list_box_get_row_at_index (self->list_box, 0))) != NULL)
    gtk_list_box_remove (self->list_box, child);
  g_ptr_array_set_size (self->statuses, 0);

  entries = muster_roster_get_entries (self->roster, self->player_id);
  for (guint i = 0; entries != NULL && i < entries->len; i++)
    {
      const MusterRosterEntry *entry = g_ptr_array_index (entries, i);
      GtkWidget *row = make_row (self, entry);

      gtk_list_box_append (self->list_box, row);
      if (self->focus_entry_id != NULL && g_strcmp0 (entry->id, self->focus_entry_id) == 0)
        {
          gtk_widget_grab_focus (row);
          g_clear_pointer (&self->focus_entry_id, g_free);
        }
    }

  _muster_roster_panel_refresh_other_rows (self);
}

static gboolean
refresh_idle_cb (gpointer data)
{
  MusterRosterPanel *self = data;

  self->refresh_id = 0;
  refresh_rows (self);

  return G_SOURCE_REMOVE;
}

static void
queue_refresh (MusterRosterPanel *self)
{
  if (!gtk_widget_get_mapped (GTK_WIDGET (self)))
    self->rows_stale = TRUE;
  else if (self->refresh_id == 0)
    self->refresh_id = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, refresh_idle_cb, self, NULL);
}

/* The statuses of the entries' rows, updated in place: a piece moved
 * changes the verdicts, not the rows. Made again, the rows (and the
 * hundred of Also on the Table), then measured again by the sidebar,
 * cost a fifth of a second at each nudge of a piece (bench-nudge). */
static void
refresh_statuses (MusterRosterPanel *self)
{
  GtkListBoxRow *row;

  for (int i = 0; (row = gtk_list_box_get_row_at_index (self->list_box, i)) != NULL; i++)
    {
      const char *entry_id = g_object_get_data (G_OBJECT (row), "entry-id");
      GtkLabel *status = g_object_get_data (G_OBJECT (row), "status");
      const char *old_class = g_object_get_data (G_OBJECT (row), "status-class");
      const MusterRosterEntry *entry = entry_id != NULL ? muster_roster_lookup (self->roster, entry_id, NULL) : NULL;
      GtkMenuButton *button = g_object_get_data (G_OBJECT (row), "menu-button");
      const char *css_class = NULL;
      g_autofree char *text = NULL;
      MusterRosterStatus placing;
      guint placed = 0;
      gboolean all_placed;

      if (entry == NULL || status == NULL || (guint) i >= self->statuses->len)
        continue;

      /* The menu offers to place one while some are not on the table. */
      placing = muster_roster_get_status (self->roster, entry->id, &placed);
      all_placed = placing == MUSTER_ROSTER_ON_TABLE;
      if (all_placed != GPOINTER_TO_INT (g_object_get_data (G_OBJECT (row), "all-placed")))
        {
          g_autoptr(GMenuModel) menu = make_row_menu (self, entry, all_placed);

          gtk_menu_button_set_menu_model (button, menu);
          g_object_set_data (G_OBJECT (row), "all-placed", GINT_TO_POINTER (all_placed));
        }

      text = describe_status (self, entry, placing, placed, &css_class);
      if (g_strcmp0 (text, g_ptr_array_index (self->statuses, i)) == 0 && g_strcmp0 (css_class, old_class) == 0)
        continue;

      gtk_label_set_label (status, text);
      gtk_widget_remove_css_class (GTK_WIDGET (status), old_class);
      gtk_widget_add_css_class (GTK_WIDGET (status), css_class);
      g_object_set_data (G_OBJECT (row), "status-class", (gpointer) css_class);
      gtk_accessible_update_property (GTK_ACCESSIBLE (row),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text,
                                      -1);
      g_free (g_ptr_array_index (self->statuses, i));
      g_ptr_array_index (self->statuses, i) = g_steal_pointer (&text);
    }
}

static gboolean
refresh_statuses_idle_cb (gpointer data)
{
  MusterRosterPanel *self = data;

  self->statuses_id = 0;
  refresh_statuses (self);

  return G_SOURCE_REMOVE;
}

/* Rows made again anyway (queued, or when shown) carry the statuses. */
static void
queue_statuses (MusterRosterPanel *self)
{
  if (!gtk_widget_get_mapped (GTK_WIDGET (self)))
    self->rows_stale = TRUE;
  else if (self->refresh_id == 0 && self->statuses_id == 0)
    self->statuses_id = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, refresh_statuses_idle_cb, self, NULL);
}

/* A piece placed from a roster entry changes that entry's status (how
 * many are on the table), not the rows; one that no entry accounts for
 * changes Also on the Table. */
static void
piece_added_cb (MusterRosterPanel *self,
                guint              serial)
{
  if (_muster_roster_panel_is_other_piece (self, serial, FALSE))
    queue_refresh (self);
  else
    queue_statuses (self);
}

static void
piece_removed_cb (MusterRosterPanel *self,
                  guint              serial)
{
  if (_muster_roster_panel_is_other_piece (self, serial, TRUE))
    queue_refresh (self);
  else
    queue_statuses (self);
}

/* Rows made or changed while the panel was hidden, now: shown (before
 * the frame that shows it is drawn). */
static void
refresh_if_stale (MusterRosterPanel *self)
{
  if (self->refresh_id != 0 || self->rows_stale)
    refresh_rows (self);
  else if (self->statuses_id != 0)
    {
      g_clear_handle_id (&self->statuses_id, g_source_remove);
      refresh_statuses (self);
    }
}

/* Every row, now: asked about, the panel answers for all of them. */
static void
ensure_rows (MusterRosterPanel *self)
{
  refresh_if_stale (self);
  if (self->other_pending != NULL)
    _muster_roster_panel_add_other_rows (self, G_MAXUINT);
}

static void
muster_roster_panel_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (muster_roster_panel_parent_class)->map (widget);
  refresh_if_stale (MUSTER_ROSTER_PANEL (widget));
}

/* The player */

static int
player_index (MusterRosterPanel *self)
{
  GPtrArray *players = muster_layout_get_players (self->layout);

  for (guint i = 0; i < players->len; i++)
    {
      const MusterPlayer *player = g_ptr_array_index (players, i);

      if (g_strcmp0 (player->id, self->player_id) == 0)
        return i;
    }

  return -1;
}

/* The player's colour as the board draws it; the swatch and the roster's
 * pictures follow it. */
static void
refresh_color (MusterRosterPanel *self)
{
  int index = player_index (self);
  MusterColor color;

  if (index < 0)
    return;

  color = muster_render_get_player_color (self->layout, index);
  if (color.r == self->color.r && color.g == self->color.g && color.b == self->color.b)
    return;

  self->color = color;
  gtk_widget_queue_draw (GTK_WIDGET (self->color_swatch));
  queue_refresh (self);
}

static void
add_zone_item (GMenu      *menu,
               const char *name,
               const char *zone_id)
{
  g_autoptr(GMenuItem) item = g_menu_item_new (name, NULL);

  g_menu_item_set_action_and_target_value (item, "player.zone", g_variant_new_string (zone_id));
  g_menu_append_item (menu, item);
}

/* The zone row's menu, made again only when the zones change: the layout
 * changes with every move, and an open menu remakes its rows. */
static void
refresh_zone_menu (MusterRosterPanel *self,
                   GPtrArray         *zones)
{
  g_autoptr(GString) key = g_string_new (NULL);

  for (guint i = 0; zones != NULL && i < zones->len; i++)
    {
      const MusterZone *zone = g_ptr_array_index (zones, i);

      g_string_append_printf (key, "%s\n%s\n", zone->id, zone->name);
    }
  if (self->zone_menu_key != NULL && g_str_equal (key->str, self->zone_menu_key))
    return;

  g_free (self->zone_menu_key);
  self->zone_menu_key = g_strdup (key->str);
  g_menu_remove_all (self->zone_menu);
  add_zone_item (self->zone_menu, _("None"), "");
  for (guint i = 0; zones != NULL && i < zones->len; i++)
    {
      const MusterZone *zone = g_ptr_array_index (zones, i);

      add_zone_item (self->zone_menu, zone->name, zone->id);
    }
}

static void
refresh_player (MusterRosterPanel *self)
{
  const MusterPlayer *player = muster_layout_lookup_player (self->layout, self->player_id);
  const MusterDeployment *deployment = NULL;
  g_autoptr(GPtrArray) zones = NULL;
  const char *zone_name = _("None");

  if (player == NULL)
    return;

  refresh_color (self);

  self->updating = TRUE;

  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->name_row)), player->name) != 0)
    gtk_editable_set_text (GTK_EDITABLE (self->name_row), player->name != NULL ? player->name : player->id);

  if (self->system != NULL)
    deployment = muster_system_lookup_deployment (self->system, muster_layout_get_deployment_id (self->layout));

  if (deployment != NULL)
    zones = muster_deployment_list_zones (deployment, muster_layout_get_options (self->layout));
  for (guint i = 0; zones != NULL && i < zones->len; i++)
    {
      const MusterZone *zone = g_ptr_array_index (zones, i);

      if (g_strcmp0 (zone->id, player->zone) == 0)
        zone_name = zone->name;
    }
  refresh_zone_menu (self, zones);
  /* A new label is a new box of widgets in the button. */
  if (g_strcmp0 (gtk_menu_button_get_label (self->zone_button), zone_name) != 0)
    gtk_menu_button_set_label (self->zone_button, zone_name);
  g_simple_action_set_state (self->zone_action, g_variant_new_string (player->zone != NULL ? player->zone : ""));

  self->updating = FALSE;
}

static void
name_applied_cb (MusterRosterPanel *self,
                 AdwEntryRow       *row)
{
  g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (row))));

  if (*name == '\0')
    {
      refresh_player (self);
      return;
    }

  begin_group (self, _("Rename Player"));
  muster_layout_set_player_name (self->layout, self->player_id, name);
  end_group (self);
}

/* A zone chosen in the zone row's menu (the action's state follows the
 * layout, in refresh_player()). */
static void
zone_change_state_cb (GSimpleAction     *action,
                      GVariant          *value,
                      MusterRosterPanel *self)
{
  const MusterPlayer *player = muster_layout_lookup_player (self->layout, self->player_id);
  GPtrArray *players = muster_layout_get_players (self->layout);
  g_autofree char *old_zone = NULL;
  const char *zone = g_variant_get_string (value, NULL);

  if (player == NULL)
    return;

  if (*zone == '\0')
    zone = NULL;
  if (g_strcmp0 (zone, player->zone) == 0)
    return;

  old_zone = g_strdup (player->zone);

  /* Two players do not share a zone: they swap. */
  begin_group (self, _("Change Deployment Zone"));
  for (guint i = 0; zone != NULL && i < players->len; i++)
    {
      const MusterPlayer *other = g_ptr_array_index (players, i);

      if (other != player && g_strcmp0 (other->zone, zone) == 0)
        muster_layout_update_player (self->layout, other->id, old_zone, other->role, other->short_edge);
    }
  muster_layout_update_player (self->layout, self->player_id, zone, player->role, player->short_edge);
  end_group (self);
}

/* Actions */

static void
entry_saved_cb (MusterRosterPanel *self,
                MusterEntryDialog *dialog)
{
  MusterRosterEntry *entry = muster_entry_dialog_dup_entry (dialog);
  const MusterRosterEntry *old;

  if (entry->id == NULL)
    {
      begin_group (self, _("Add to Roster"));
      g_free (self->focus_entry_id);
      self->focus_entry_id = g_strdup (muster_roster_add_entry (self->roster, self->player_id, entry));
      end_group (self);
      return;
    }

  g_free (self->focus_entry_id);
  self->focus_entry_id = g_strdup (entry->id);

  old = muster_roster_lookup (self->roster, entry->id, NULL);
  begin_group (self, _("Edit Roster Entry"));
  if (old != NULL)
    {
      GPtrArray *pieces = muster_layout_get_pieces (self->layout);
      MusterBase footprint;

      /* What is on the table follows the entry. */
      muster_roster_entry_get_footprint (entry, &footprint);
      for (guint i = 0; i < pieces->len; i++)
        {
          MusterPiece *piece = g_ptr_array_index (pieces, i);

          if (g_strcmp0 (muster_roster_get_piece_entry (piece), entry->id) != 0)
            continue;

          if (piece->name != NULL && old->name != NULL && g_str_has_prefix (piece->name, old->name))
            {
              char *name = g_strconcat (entry->name, piece->name + strlen (old->name), NULL);

              g_free (piece->name);
              piece->name = name;
            }
          piece->kind = entry->kind;
          piece->base = footprint;
          piece->lieutenant = entry->lieutenant;
          g_strfreev (piece->categories);
          piece->categories = g_strdupv (entry->categories);
          g_strfreev (piece->skills);
          piece->skills = g_strdupv (entry->skills);
          muster_layout_piece_changed (self->layout, piece);
        }
    }
  muster_roster_replace_entry (self->roster, entry);
  end_group (self);
}

static void
open_dialog (MusterRosterPanel       *self,
             const MusterRosterEntry *entry)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  MusterEntryDialog *dialog;

  dialog = muster_entry_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, self->system, entry);
  g_signal_connect_object (dialog, "saved", G_CALLBACK (entry_saved_cb), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
muster_roster_panel_add_entry (MusterRosterPanel *self)
{
  g_return_if_fail (MUSTER_IS_ROSTER_PANEL (self));

  open_dialog (self, NULL);
}

static void
add_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *param)
{
  muster_roster_panel_add_entry (MUSTER_ROSTER_PANEL (widget));
}

static void
set_color_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *param)
{
  MusterRosterPanel *self = MUSTER_ROSTER_PANEL (widget);
  const char *color = g_variant_get_string (param, NULL);
  const MusterPlayer *player = muster_layout_lookup_player (self->layout, self->player_id);

  /* "" gives the player back the colour of its place. */
  if (player == NULL || (*color != '\0' && !muster_color_is_valid (color)))
    return;
  if (g_ascii_strcasecmp (player->color != NULL ? player->color : "", color) == 0)
    return;

  begin_group (self, _("Change Player Colour"));
  muster_layout_set_player_color (self->layout, self->player_id, *color != '\0' ? color : NULL);
  end_group (self);
}

static void
color_response_cb (GtkDialog         *dialog,
                   int                response,
                   MusterRosterPanel *self)
{
  if (response == GTK_RESPONSE_OK)
    {
      GdkRGBA rgba;
      g_autofree char *color = NULL;

      gtk_color_chooser_get_rgba (GTK_COLOR_CHOOSER (dialog), &rgba);
      color = g_strdup_printf ("#%02x%02x%02x",
                               (guint) round (CLAMP (rgba.red, 0, 1) * 255),
                               (guint) round (CLAMP (rgba.green, 0, 1) * 255),
                               (guint) round (CLAMP (rgba.blue, 0, 1) * 255));
      gtk_widget_activate_action (GTK_WIDGET (self), "roster.set-color", "s", color);
    }

  gtk_window_destroy (GTK_WINDOW (dialog));
}

static void
choose_color_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *param)
{
  /* Colours that colour-blind players tell apart (Okabe and Ito), with
   * the two Muster gives by default; yellow is the objectives'. */
  static const char * const palette[] = {
    "#c01c28", "#1c71d8", "#009e73", "#cc79a7", "#e69f00",
    "#56b4e9", "#d55e00", "#0072b2", "#613583", "#000000",
  };
  MusterRosterPanel *self = MUSTER_ROSTER_PANEL (widget);
  GdkRGBA colors[G_N_ELEMENTS (palette)];
  GtkRoot *root = gtk_widget_get_root (widget);
  GdkRGBA current = { self->color.r, self->color.g, self->color.b, 1 };
  GtkWidget *dialog;

  for (guint i = 0; i < G_N_ELEMENTS (palette); i++)
    gdk_rgba_parse (&colors[i], palette[i]);

  dialog = gtk_color_chooser_dialog_new (_("Player Colour"), GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL);
  gtk_window_set_modal (GTK_WINDOW (dialog), TRUE);
  gtk_color_chooser_set_use_alpha (GTK_COLOR_CHOOSER (dialog), FALSE);
  gtk_color_chooser_add_palette (GTK_COLOR_CHOOSER (dialog), GTK_ORIENTATION_HORIZONTAL, 5,
                                 G_N_ELEMENTS (colors), colors);
  gtk_color_chooser_set_rgba (GTK_COLOR_CHOOSER (dialog), &current);
  g_signal_connect_object (dialog, "response", G_CALLBACK (color_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
place_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *param)
{
  g_signal_emit (widget, signals[PLACE_ENTRY], 0, g_variant_get_string (param, NULL));
}

static void
edit_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  MusterRosterPanel *self = MUSTER_ROSTER_PANEL (widget);
  const MusterRosterEntry *entry = muster_roster_lookup (self->roster, g_variant_get_string (param, NULL), NULL);

  if (entry != NULL)
    open_dialog (self, entry);
}

static void
hold_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  MusterRosterPanel *self = MUSTER_ROSTER_PANEL (widget);
  const char *entry_id, *reason;
  MusterRosterHold hold;

  g_variant_get (param, "(&s&s)", &entry_id, &reason);
  if (!muster_roster_hold_from_string (reason, &hold))
    return;

  begin_group (self, hold == MUSTER_ROSTER_HOLD_NONE ? _("Deploy Normally") : _("Hold Back"));
  muster_roster_set_hold (self->roster, entry_id, hold);
  end_group (self);
}

static void
remove_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *param)
{
  MusterRosterPanel *self = MUSTER_ROSTER_PANEL (widget);
  const char *entry_id = g_variant_get_string (param, NULL);
  GPtrArray *pieces = muster_layout_get_pieces (self->layout);
  g_autoptr(GArray) serials = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < pieces->len; i++)
    {
      const MusterPiece *piece = g_ptr_array_index (pieces, i);

      if (g_strcmp0 (muster_roster_get_piece_entry (piece), entry_id) == 0)
        g_array_append_val (serials, piece->serial);
    }

  /* Its pieces leave the table with it, or it stays. */
  if (!muster_editor_check_pieces (self->editor, (guint *) (gpointer) serials->data, serials->len, &error))
    {
      g_signal_emit (self, signals[MESSAGE], 0, error->message);
      return;
    }

  begin_group (self, _("Remove from Roster"));
  muster_editor_delete (self->editor, (guint *) (gpointer) serials->data, serials->len);
  muster_roster_remove_entry (self->roster, entry_id);
  end_group (self);
}

static void
row_activated_cb (MusterRosterPanel *self,
                  GtkListBoxRow     *row,
                  GtkListBox        *list_box)
{
  const char *entry_id = g_object_get_data (G_OBJECT (row), "entry-id");

  if (entry_id != NULL)
    g_signal_emit (self, signals[PLACE_ENTRY], 0, entry_id);
}

/* API */

/**
 * muster_roster_panel_set_validator:
 * @validator: (nullable): the validator of the roster's layout
 *
 * A row whose pieces break a rule says how many do, in the colour of a
 * problem; the rows follow the validator's verdicts.
 */
void
muster_roster_panel_set_validator (MusterRosterPanel *self,
                                   MusterValidator   *validator)
{
  g_return_if_fail (MUSTER_IS_ROSTER_PANEL (self));
  g_return_if_fail (validator == NULL || MUSTER_IS_VALIDATOR (validator));

  if (self->validator == validator)
    return;

  if (self->validator != NULL)
    g_signal_handlers_disconnect_by_data (self->validator, self);
  g_set_object (&self->validator, validator);
  g_clear_pointer (&self->problems, muster_roster_problems_free);
  if (validator != NULL)
    {
      self->problems = muster_roster_problems_new (validator);
      g_signal_connect_object (validator, "violations-changed", G_CALLBACK (queue_statuses), self, G_CONNECT_SWAPPED);
    }
  queue_refresh (self);
}

const char *
muster_roster_panel_get_player_id (MusterRosterPanel *self)
{
  g_return_val_if_fail (MUSTER_IS_ROSTER_PANEL (self), NULL);

  return self->player_id;
}

guint
muster_roster_panel_get_n_rows (MusterRosterPanel *self)
{
  g_return_val_if_fail (MUSTER_IS_ROSTER_PANEL (self), 0);

  ensure_rows (self);

  return self->statuses->len;
}

const char *
muster_roster_panel_get_row_status (MusterRosterPanel *self,
                                    guint              index)
{
  g_return_val_if_fail (MUSTER_IS_ROSTER_PANEL (self), NULL);

  ensure_rows (self);

  if (index >= self->statuses->len)
    return NULL;

  return g_ptr_array_index (self->statuses, index);
}

const char *
muster_roster_panel_get_other_piece (MusterRosterPanel *self,
                                     guint              index)
{
  GtkListBoxRow *row;

  g_return_val_if_fail (MUSTER_IS_ROSTER_PANEL (self), NULL);

  ensure_rows (self);

  row = self->other_box != NULL ? gtk_list_box_get_row_at_index (self->other_box, index) : NULL;

  return row != NULL ? g_object_get_data (G_OBJECT (row), "piece-id") : NULL;
}

void
muster_roster_panel_activate_other (MusterRosterPanel *self,
                                    guint              index)
{
  GtkListBoxRow *row;

  g_return_if_fail (MUSTER_IS_ROSTER_PANEL (self));

  ensure_rows (self);
  row = self->other_box != NULL ? gtk_list_box_get_row_at_index (self->other_box, index) : NULL;
  if (row != NULL)
    g_signal_emit_by_name (self->other_box, "row-activated", row);
}

static void
muster_roster_panel_dispose (GObject *object)
{
  MusterRosterPanel *self = (MusterRosterPanel *)object;

  g_clear_handle_id (&self->refresh_id, g_source_remove);
  g_clear_handle_id (&self->statuses_id, g_source_remove);
  g_clear_handle_id (&self->other_fill_id, g_source_remove);
  g_clear_pointer (&self->other_pending, g_array_unref);
  if (self->roster != NULL)
    g_signal_handlers_disconnect_by_data (self->roster, self);
  if (self->layout != NULL)
    g_signal_handlers_disconnect_by_data (self->layout, self);
  if (self->validator != NULL)
    g_signal_handlers_disconnect_by_data (self->validator, self);
  g_clear_object (&self->validator);
  g_clear_pointer (&self->problems, muster_roster_problems_free);

  gtk_widget_dispose_template (GTK_WIDGET (self), MUSTER_TYPE_ROSTER_PANEL);

  g_clear_object (&self->roster);
  g_clear_object (&self->editor);
  g_clear_object (&self->system);
  g_clear_object (&self->layout);

  G_OBJECT_CLASS (muster_roster_panel_parent_class)->dispose (object);
}

static void
muster_roster_panel_finalize (GObject *object)
{
  MusterRosterPanel *self = (MusterRosterPanel *)object;

  g_clear_pointer (&self->player_id, g_free);
  g_clear_pointer (&self->focus_entry_id, g_free);
  g_clear_object (&self->zone_menu);
  g_clear_pointer (&self->zone_menu_key, g_free);
  g_clear_object (&self->zone_action);
  g_clear_pointer (&self->statuses, g_ptr_array_unref);

  G_OBJECT_CLASS (muster_roster_panel_parent_class)->finalize (object);
}

static void
muster_roster_panel_class_init (MusterRosterPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_roster_panel_dispose;
  object_class->finalize = muster_roster_panel_finalize;
  widget_class->map = muster_roster_panel_map;

  /**
   * MusterRosterPanel::place-entry:
   * @entry_id: the roster entry whose next piece should go on the table
   */
  signals[PLACE_ENTRY] =
    g_signal_new ("place-entry",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);

  /**
   * MusterRosterPanel::select-piece:
   * @piece_id: a piece of the player that no roster entry placed
   */
  signals[SELECT_PIECE] =
    g_signal_new ("select-piece",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);

  /**
   * MusterRosterPanel::message:
   * @text: why something the player asked for was not done, to show
   */
  signals[MESSAGE] =
    g_signal_new ("message",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/muster-roster-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterRosterPanel, name_row);
  gtk_widget_class_bind_template_child (widget_class, MusterRosterPanel, color_swatch);
  gtk_widget_class_bind_template_child (widget_class, MusterRosterPanel, zone_button);
  gtk_widget_class_bind_template_child (widget_class, MusterRosterPanel, list_box);
  gtk_widget_class_bind_template_child (widget_class, MusterRosterPanel, content_box);
  gtk_widget_class_bind_template_callback (widget_class, name_applied_cb);
  gtk_widget_class_bind_template_callback (widget_class, row_activated_cb);

  gtk_widget_class_install_action (widget_class, "roster.add", NULL, add_action);
  gtk_widget_class_install_action (widget_class, "roster.choose-color", NULL, choose_color_action);
  gtk_widget_class_install_action (widget_class, "roster.set-color", "s", set_color_action);
  gtk_widget_class_install_action (widget_class, "roster.place", "s", place_action);
  gtk_widget_class_install_action (widget_class, "roster.placed", "s", NULL);
  gtk_widget_class_install_action (widget_class, "roster.edit", "s", edit_action);
  gtk_widget_class_install_action (widget_class, "roster.hold", "(ss)", hold_action);
  gtk_widget_class_install_action (widget_class, "roster.remove", "s", remove_action);
}

/* The zone row's menu, made when it is first opened: a tree of widgets
 * that is not on the first frame. */
static void
create_zone_popover (GtkMenuButton *button,
                     gpointer       user_data)
{
  MusterRosterPanel *self = user_data;

  if (gtk_menu_button_get_popover (button) == NULL)
    gtk_menu_button_set_menu_model (button, G_MENU_MODEL (self->zone_menu));
}

static void
muster_roster_panel_init (MusterRosterPanel *self)
{
  g_autoptr(GSimpleActionGroup) group = g_simple_action_group_new ();

  self->statuses = g_ptr_array_new_with_free_func (g_free);

  gtk_widget_init_template (GTK_WIDGET (self));

  self->zone_menu = g_menu_new ();
  self->zone_action = g_simple_action_new_stateful ("zone", G_VARIANT_TYPE_STRING, g_variant_new_string (""));
  g_signal_connect_object (self->zone_action, "change-state", G_CALLBACK (zone_change_state_cb), self, 0);
  g_action_map_add_action (G_ACTION_MAP (group), G_ACTION (self->zone_action));
  gtk_widget_insert_action_group (GTK_WIDGET (self), "player", G_ACTION_GROUP (group));
  gtk_menu_button_set_create_popup_func (self->zone_button, create_zone_popover, self, NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "roster.placed", FALSE);

  gtk_drawing_area_set_draw_func (self->color_swatch, draw_swatch, self, NULL);
}

MusterRosterPanel *
muster_roster_panel_new (MusterRoster  *roster,
                         MusterHistory *history,
                         MusterSystem  *system,
                         const char    *player_id)
{
  MusterRosterPanel *self;

  g_return_val_if_fail (MUSTER_IS_ROSTER (roster), NULL);
  g_return_val_if_fail (history == NULL || MUSTER_IS_HISTORY (history), NULL);
  g_return_val_if_fail (system == NULL || MUSTER_IS_SYSTEM (system), NULL);
  g_return_val_if_fail (player_id != NULL, NULL);

  self = g_object_new (MUSTER_TYPE_ROSTER_PANEL, NULL);
  self->roster = g_object_ref (roster);
  self->system = system != NULL ? g_object_ref (system) : NULL;
  self->layout = g_object_ref (muster_roster_get_layout (roster));
  self->editor = muster_editor_new (self->layout, history);
  self->player_id = g_strdup (player_id);
  self->color = (MusterColor) { -1, -1, -1 };

  g_signal_connect_object (roster, "changed", G_CALLBACK (queue_refresh), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->layout, "piece-added", G_CALLBACK (piece_added_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->layout, "piece-removed", G_CALLBACK (piece_removed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->layout, "changed", G_CALLBACK (refresh_player), self, G_CONNECT_SWAPPED);

  refresh_player (self);
  queue_refresh (self);

  return self;
}
