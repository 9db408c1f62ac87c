/* muster-roster-panel-others.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-roster-panel"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-roster-panel-private.h"

/* Most rows of pieces outside the roster: a layout of thousands from
 * elsewhere would otherwise fill the panel, and rebuild it, on each add. */
#define MAX_OTHER_ROWS 100
/* Rows made at once, what the panel shows above the fold (one in a
 * window of its default size); the others follow after the frame, some
 * at a time. Each costs some 9 M instructions before the first frame. */
#define FIRST_OTHER_ROWS 2
#define OTHER_ROWS_AT_A_TIME 16

static void
add_other_row (MusterRosterPanel *self,
               const MusterPiece *piece)
{
  g_autofree char *base = _muster_roster_panel_describe_base (&piece->base);
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  /* By the name the player gave it, as on the table; by its id only
   * without one. */
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row),
                                 piece->name != NULL && *piece->name != '\0' ? piece->name : piece->id);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), base);
  /* One line, ellipsized: a base's size fits, and the least width of
   * a wrapped line is measured by wrapping it at every character,
   * shaping it again at each break (a hundred rows a player, measured
   * before a big layout's first frame). Not the title: an id may be
   * narrower than an ellipsis, which GTK 4.8 then measures wrong. */
  adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 1);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  gtk_widget_set_tooltip_text (row, _("Select on the table"));
  g_object_set_data_full (G_OBJECT (row), "piece-id", g_strdup (piece->id), g_free);
  g_object_set_data (G_OBJECT (row), "serial", GUINT_TO_POINTER (piece->serial));
  gtk_list_box_append (self->other_box, row);
}

/* Rows up to limit, then what is left summed up. A piece removed since
 * is left out. */
void
_muster_roster_panel_add_other_rows (MusterRosterPanel *self,
                                    guint              limit)
{
  guint n = self->other_pending != NULL ? self->other_pending->len : 0;

  for (; self->other_made < n && self->other_made < limit; self->other_made++)
    {
      const MusterPiece *piece = muster_layout_lookup_serial (self->layout,
                                                              g_array_index (self->other_pending, guint,
                                                                             self->other_made));

      if (piece != NULL)
        add_other_row (self, piece);
    }

  if (self->other_made < n)
    return;

  if (self->other_total > MAX_OTHER_ROWS)
    {
      g_autofree char *more = g_strdup_printf (ngettext ("And %u more", "And %u more",
                                                         self->other_total - MAX_OTHER_ROWS),
                                               self->other_total - MAX_OTHER_ROWS);
      GtkWidget *row = adw_action_row_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), more);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
      gtk_list_box_append (self->other_box, row);
    }

  g_clear_pointer (&self->other_pending, g_array_unref);
  g_clear_handle_id (&self->other_fill_id, g_source_remove);
}

static gboolean
other_fill_cb (gpointer data)
{
  MusterRosterPanel *self = data;

  _muster_roster_panel_add_other_rows (self, self->other_made + OTHER_ROWS_AT_A_TIME);
  if (self->other_pending != NULL)
    return G_SOURCE_CONTINUE;

  self->other_fill_id = 0;

  return G_SOURCE_REMOVE;
}

static void other_row_activated_cb (MusterRosterPanel *self,
                                    GtkListBoxRow     *row);

/* The group of the pieces that no roster entry accounts for, made with
 * the first of them: most players have none, and a hidden group was 1 %
 * of a new table's first frame.
 *
 * Its description is a label of its own, below the title, rather than
 * the group's: libadwaita puts that beside the header's suffixes, in a
 * row of boxes, and GTK 4.8 finds the height of such a row by trying
 * heights one after another, at each of which the wrapped description
 * is shaped again, a dozen times over: 18 M instructions, 2 % of the
 * first frame of a 5,000-piece layout from elsewhere. style.css gives
 * the header the spacing of a group with a description. */
static void
ensure_other_group (MusterRosterPanel *self)
{
  const char *description = _("Pieces of this player that no roster entry accounts for");
  GtkWidget *label;

  if (self->other_group != NULL)
    return;

  self->other_group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  adw_preferences_group_set_title (self->other_group, _("Also on the Table"));
  gtk_widget_add_css_class (GTK_WIDGET (self->other_group), "muster-described");
  label = gtk_label_new (description);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "dim-label");
  gtk_widget_add_css_class (label, "muster-group-description");
  /* As libadwaita styles its groups' descriptions: "body" (a taller
   * line) since 1.8, and before, where "body" fixed a size of its own,
   * not. At run time, as the style sheet is the one loaded. */
  if (adw_get_major_version () > 1 || adw_get_minor_version () >= 8)
    gtk_widget_add_css_class (label, "body");
  adw_preferences_group_add (self->other_group, label);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (self->other_group),
                                  GTK_ACCESSIBLE_RELATION_DESCRIBED_BY, label, NULL,
                                  -1);
  self->other_box = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->other_box, GTK_SELECTION_NONE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->other_box),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Also on the Table"),
                                  -1);
  gtk_widget_add_css_class (GTK_WIDGET (self->other_box), "boxed-list");
  g_signal_connect_object (self->other_box, "row-activated",
                           G_CALLBACK (other_row_activated_cb), self, G_CONNECT_SWAPPED);
  adw_preferences_group_add (self->other_group, GTK_WIDGET (self->other_box));
  gtk_box_append (self->content_box, GTK_WIDGET (self->other_group));
}

/* Pieces the player has on the table that no roster entry placed (a
 * layout written by hand, or by another program): listed so that every
 * piece can be found without the board, by keyboard too. The first rows
 * at once, the others after the frame that shows them. */
void
_muster_roster_panel_refresh_other_rows (MusterRosterPanel *self)
{
  GPtrArray *pieces = muster_layout_get_pieces (self->layout);
  GtkWidget *child;

  g_clear_handle_id (&self->other_fill_id, g_source_remove);
  g_clear_pointer (&self->other_pending, g_array_unref);
  while (self->other_box != NULL &&
         (child = GTK_WIDGET (gtk_list_box_get_row_at_index (self->other_box, 0))) != NULL)
    gtk_list_box_remove (self->other_box, child);

  self->other_pending = g_array_new (FALSE, FALSE, sizeof (guint));
  self->other_made = 0;
  self->other_total = 0;
  for (guint i = 0; i < pieces->len; i++)
    {
      const MusterPiece *piece = g_ptr_array_index (pieces, i);

      if (g_strcmp0 (piece->owner, self->player_id) != 0 ||
          muster_roster_get_piece_entry (piece) != NULL)
        continue;

      if (++self->other_total <= MAX_OTHER_ROWS)
        g_array_append_val (self->other_pending, piece->serial);
    }

  if (self->other_total > 0)
    ensure_other_group (self);
  _muster_roster_panel_add_other_rows (self, FIRST_OTHER_ROWS);
  if (self->other_pending != NULL)
    self->other_fill_id = g_idle_add_full (G_PRIORITY_LOW, other_fill_cb, self, NULL);

  if (self->other_group != NULL)
    gtk_widget_set_visible (GTK_WIDGET (self->other_group), self->other_total > 0);
}

static void
other_row_activated_cb (MusterRosterPanel *self,
                        GtkListBoxRow     *row)
{
  const char *piece_id = g_object_get_data (G_OBJECT (row), "piece-id");

  if (piece_id != NULL)
    g_signal_emit_by_name (self, "select-piece", piece_id);
}

/* Whether Also on the Table changes with the piece of this serial added
 * (then still in the layout) or removed: one of the player's that no
 * roster entry accounts for. A removed piece that no row lists may be
 * one of those summed up beyond the rows. */
gboolean
_muster_roster_panel_is_other_piece (MusterRosterPanel *self,
                                     guint              serial,
                                     gboolean           removed)
{
  const MusterPiece *piece;
  GtkListBoxRow *row;

  if (!removed)
    {
      piece = muster_layout_lookup_serial (self->layout, serial);

      return piece != NULL && g_strcmp0 (piece->owner, self->player_id) == 0 &&
             muster_roster_get_piece_entry (piece) == NULL;
    }

  if (self->other_total > MAX_OTHER_ROWS || self->other_pending != NULL)
    return TRUE;
  for (int i = 0; self->other_box != NULL && (row = gtk_list_box_get_row_at_index (self->other_box, i)) != NULL; i++)
    {
      if (GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "serial")) == serial)
        return TRUE;
    }

  return FALSE;
}
