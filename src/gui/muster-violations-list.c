/* muster-violations-list.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-violations-list"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "muster-violations-list.h"

/* More rows than anyone reads; the rest are summed up. */
#define MAX_ROWS 200
#define MESSAGE_MIN_CHARS 16
/* Rows made at once, more than the sidebar shows (five in a window of
 * its default size); the others follow after the frame, some at a time.
 * Each costs some 5 M instructions before the first frame: GtkLabel
 * shapes its text again at each width it is asked about. */
#define FIRST_ROWS 8
#define ROWS_AT_A_TIME 16

struct _MusterViolationsList
{
  AdwBin           parent_instance;

  MusterValidator *validator;
  MusterUnit       units;
  guint            refresh_id;
  guint            n_rows;
  guint            total;      /* verdicts, listed or not */
  /* While rows are still to make, after the first ones: the verdicts
   * listed (the first MAX_ROWS), and the places among them of those with
   * no row yet. */
  GPtrArray       *pending;
  GArray          *to_make;
  guint            made;
  /* Names that more than one listed piece (or terrain) goes by: their
   * rows add the id, which tells them apart. */
  GHashTable      *shared_names;
  guint            fill_id;

  /* Template children */
  GtkLabel        *count_label;
  GtkStack        *stack;

  /* The problems, once there are some (ensure_list()). */
  GtkListBox      *list_box;
};

enum {
  PIECE_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (MusterViolationsList, muster_violations_list, ADW_TYPE_BIN)

/* What the row of violation calls its piece, or terrain off the table:
 * the name the player gave, or what the terrain is; NULL for a piece
 * with no name, which goes by its id. */
static const char *
name_of (MusterViolationsList  *self,
         const MusterViolation *violation)
{
  MusterLayout *layout = muster_validator_get_layout (self->validator);
  const MusterPiece *piece = muster_layout_lookup_serial (layout, violation->serial);
  const MusterTerrain *terrain;

  if (piece != NULL)
    return piece->name;
  if ((terrain = muster_layout_lookup_terrain (layout, violation->piece_id)) != NULL)
    return terrain->name != NULL ? terrain->name : muster_terrain_get_kind_label (terrain);

  return NULL;
}

/* The names that two listed pieces, or two listed terrains, share. */
static GHashTable *
find_shared_names (MusterViolationsList *self,
                   GPtrArray            *verdicts)
{
  GHashTable *shared = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) owner = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; verdicts != NULL && i < verdicts->len; i++)
    {
      const MusterViolation *violation = g_ptr_array_index (verdicts, i);
      const char *name = name_of (self, violation);
      const char *first;

      if (name == NULL)
        continue;
      first = g_hash_table_lookup (owner, name);
      if (first == NULL)
        g_hash_table_insert (owner, (gpointer) name, violation->piece_id);
      else if (strcmp (first, violation->piece_id) != 0)
        g_hash_table_add (shared, g_strdup (name));
    }

  return shared;
}

/* The row's title and message; what tells a row from another. */
static char *
row_texts (MusterViolationsList  *self,
           const MusterViolation *violation,
           char                 **message)
{
  const char *name = name_of (self, violation);

  *message = muster_violation_describe_in (violation, self->units);

  /* Named as on the table; with the id only where another listed piece
   * has the same name, or for a piece with no name. */
  if (name == NULL)
    return g_strdup (violation->piece_id);
  if (self->shared_names != NULL && g_hash_table_contains (self->shared_names, name))
    /* Translators: a piece in the list of problems: its name and its id,
     * for two pieces of the same name */
    return g_strdup_printf (_("%s (%s)"), name, violation->piece_id);

  return g_strdup (name);
}

static char *
row_key (guint       serial,
         const char *title,
         const char *message)
{
  return g_strdup_printf ("%u\x1f%s\x1f%s", serial, title, message);
}

/* The row's place in the list: the rows are kept in the verdicts' order
 * by it, so that a row made earlier keeps its widgets when others come
 * or go around it. */
static void
set_position (GtkListBoxRow *row,
              guint          position)
{
  g_object_set_data (G_OBJECT (row), "position", GUINT_TO_POINTER (position + 1));
}

static int
compare_positions (GtkListBoxRow *a,
                   GtkListBoxRow *b,
                   gpointer       user_data)
{
  guint pa = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (a), "position"));
  guint pb = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (b), "position"));

  return pa < pb ? -1 : pa > pb;
}

static GtkWidget *
make_row (MusterViolationsList  *self,
          const MusterViolation *violation,
          guint                  position)
{
  g_autofree char *message = NULL;
  g_autofree char *title = row_texts (self, violation, &message);
  GtkWidget *row, *grid, *image, *label;

  row = gtk_list_box_row_new ();
  set_position (GTK_LIST_BOX_ROW (row), position);
  g_object_set_data (G_OBJECT (row), "serial", GUINT_TO_POINTER (violation->serial));
  g_object_set_data_full (G_OBJECT (row), "title", g_strdup (title), g_free);
  g_object_set_data_full (G_OBJECT (row), "key", row_key (violation->serial, title, message), g_free);

  /* A grid, not a row of boxes: GtkBox finds the height of a row
   * whose text wraps by trying heights one after another, each a new
   * shaping of the message (most of the sidebar's first frame); a grid
   * gives the text its width and asks its height once. */
  grid = gtk_grid_new ();
  gtk_grid_set_column_spacing (GTK_GRID (grid), 10);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 2);
  gtk_widget_set_margin_top (grid, 4);
  gtk_widget_set_margin_bottom (grid, 4);

  image = gtk_image_new_from_icon_name ("dialog-warning-symbolic");
  gtk_widget_set_valign (image, GTK_ALIGN_START);
  gtk_widget_add_css_class (image, "error");
  gtk_grid_attach (GTK_GRID (grid), image, 0, 0, 1, 2);

  label = gtk_label_new (title);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 30);
  gtk_grid_attach (GTK_GRID (grid), label, 1, 0, 1, 1);

  label = gtk_label_new (message);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 30);
  /* A wrapped label's least width is otherwise measured by wrapping at
   * every character, shaping the text again at each break: with two
   * hundred rows, most of the work of opening a big layout. */
  gtk_label_set_width_chars (GTK_LABEL (label), MESSAGE_MIN_CHARS);
  gtk_widget_add_css_class (label, "caption");
  gtk_widget_add_css_class (label, "dim-label");
  /* The whole width of the row, before it wraps. */
  gtk_widget_set_hexpand (label, TRUE);
  gtk_grid_attach (GTK_GRID (grid), label, 1, 1, 1, 1);

  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), grid);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, title,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, message,
                                  -1);

  return row;
}

static void row_activated_cb (MusterViolationsList *self,
                              GtkListBoxRow        *row,
                              GtkListBox           *list_box);

/* The stack's page of problems, made with the first problem: a scrolled
 * window and its list, which a new table, with no problem, would make
 * with its first frame for nothing (1 % of start-up). */
static void
ensure_list (MusterViolationsList *self)
{
  GtkWidget *scrolled;

  if (self->list_box != NULL)
    return;

  self->list_box = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->list_box, GTK_SELECTION_NONE);
  gtk_list_box_set_activate_on_single_click (self->list_box, TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->list_box),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Problems"),
                                  -1);
  gtk_widget_add_css_class (GTK_WIDGET (self->list_box), "navigation-sidebar");
  gtk_list_box_set_sort_func (self->list_box, compare_positions, NULL, NULL);
  g_signal_connect_object (self->list_box, "row-activated", G_CALLBACK (row_activated_cb), self, G_CONNECT_SWAPPED);

  scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scrolled), TRUE);
  /* Two rows at least; how many more, the sidebar says. */
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scrolled), 96);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), GTK_WIDGET (self->list_box));
  gtk_stack_add_named (self->stack, scrolled, "list");
}

/* The rows still to make, up to limit of them in all; then, when all
 * are made, what is left beyond MAX_ROWS summed up. */
static void
add_rows (MusterViolationsList *self,
          guint                 limit)
{
  guint n = self->to_make != NULL ? self->to_make->len : 0;
  guint total = self->total;

  for (; self->made < n && self->made < limit; self->made++)
    {
      guint position = g_array_index (self->to_make, guint, self->made);

      gtk_list_box_append (self->list_box, make_row (self, g_ptr_array_index (self->pending, position), position));
      self->n_rows++;
    }

  if (self->made < n)
    return;

  if (total > MAX_ROWS)
    {
      g_autofree char *more = g_strdup_printf (ngettext ("And %u more problem", "And %u more problems",
                                                         total - MAX_ROWS),
                                               total - MAX_ROWS);
      GtkWidget *label = gtk_label_new (more);
      GtkWidget *row = gtk_list_box_row_new ();

      gtk_widget_add_css_class (label, "dim-label");
      gtk_widget_set_margin_top (label, 6);
      gtk_widget_set_margin_bottom (label, 6);
      gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), label);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
      set_position (GTK_LIST_BOX_ROW (row), MAX_ROWS);
      gtk_list_box_append (self->list_box, row);
    }

  g_clear_pointer (&self->pending, g_ptr_array_unref);
  g_clear_pointer (&self->to_make, g_array_unref);
  g_clear_handle_id (&self->fill_id, g_source_remove);
}

static gboolean
fill_idle_cb (gpointer data)
{
  MusterViolationsList *self = data;

  add_rows (self, self->made + ROWS_AT_A_TIME);
  if (self->pending != NULL)
    return G_SOURCE_CONTINUE;

  self->fill_id = 0;

  return G_SOURCE_REMOVE;
}

/* Every row, now: asked about, the list answers for all of them. */
static void
finish_rows (MusterViolationsList *self)
{
  if (self->pending != NULL)
    add_rows (self, MAX_ROWS);
}

const char *
muster_violations_list_get_row_title (MusterViolationsList *self,
                                      guint                 index)
{
  GtkListBoxRow *row;

  g_return_val_if_fail (MUSTER_IS_VIOLATIONS_LIST (self), NULL);

  finish_rows (self);
  row = index < self->n_rows ? gtk_list_box_get_row_at_index (self->list_box, (int) index) : NULL;

  return row != NULL ? g_object_get_data (G_OBJECT (row), "title") : NULL;
}

/* The rows already made for the verdicts, kept where a verdict still
 * stands as it was (the same piece, title and message): a piece moved
 * changes a row or two, where two hundred rows were made, and measured,
 * again at each nudge of a piece. The places of the verdicts with no
 * row go to self->to_make. Returns whether a kept row moved. */
static gboolean
keep_rows (MusterViolationsList *self,
           guint                 n)
{
  g_autoptr(GHashTable) old = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) gone = g_ptr_array_new ();
  GHashTableIter iter;
  GtkListBoxRow *row;
  gboolean moved = FALSE;

  for (int i = 0; (row = gtk_list_box_get_row_at_index (self->list_box, i)) != NULL; i++)
    {
      const char *key = g_object_get_data (G_OBJECT (row), "key");

      /* The sum of the rest, and a second row of the same verdict, go. */
      if (key == NULL || !g_hash_table_insert (old, (gpointer) key, row))
        g_ptr_array_add (gone, row);
    }

  self->n_rows = 0;
  for (guint i = 0; i < n; i++)
    {
      const MusterViolation *violation = g_ptr_array_index (self->pending, i);
      g_autofree char *message = NULL;
      g_autofree char *title = NULL;
      g_autofree char *key = NULL;

      /* No row to keep (a layout just opened): no texts to word twice. */
      if (g_hash_table_size (old) == 0)
        {
          g_array_append_val (self->to_make, i);
          continue;
        }

      title = row_texts (self, violation, &message);
      key = row_key (violation->serial, title, message);
      row = g_hash_table_lookup (old, key);
      if (row == NULL)
        {
          g_array_append_val (self->to_make, i);
          continue;
        }
      g_hash_table_remove (old, key);
      moved = moved || GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "position")) != i + 1;
      set_position (row, i);
      self->n_rows++;
    }

  g_hash_table_iter_init (&iter, old);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &row))
    g_ptr_array_add (gone, row);
  for (guint i = 0; i < gone->len; i++)
    gtk_list_box_remove (self->list_box, g_ptr_array_index (gone, i));

  return moved;
}

/* The first new rows at once, the others after the frame that shows
 * them: two hundred rows of wrapped text were a third of the work of
 * opening a layout of 5,000 pieces, for the five or so the sidebar
 * shows. */
void
muster_violations_list_refresh (MusterViolationsList *self)
{
  guint total;

  g_return_if_fail (MUSTER_IS_VIOLATIONS_LIST (self));

  g_clear_handle_id (&self->refresh_id, g_source_remove);
  g_clear_handle_id (&self->fill_id, g_source_remove);
  g_clear_pointer (&self->pending, g_ptr_array_unref);
  g_clear_pointer (&self->to_make, g_array_unref);

  /* The rows' verdicts only: after a nudge, copying and sorting every
   * verdict of a big table was a tenth of the work. */
  if (self->validator != NULL)
    self->pending = muster_validator_collect_first (self->validator, MAX_ROWS);
  g_clear_pointer (&self->shared_names, g_hash_table_unref);
  self->shared_names = find_shared_names (self, self->pending);

  total = self->total = self->validator != NULL ? muster_validator_count (self->validator) : 0;
  if (total > 0)
    ensure_list (self);
  self->to_make = g_array_new (FALSE, FALSE, sizeof (guint));
  self->made = 0;
  self->n_rows = 0;
  if (self->list_box != NULL && keep_rows (self, self->pending != NULL ? self->pending->len : 0))
    gtk_list_box_invalidate_sort (self->list_box);

  add_rows (self, FIRST_ROWS);
  if (self->pending != NULL)
    self->fill_id = g_idle_add_full (G_PRIORITY_LOW, fill_idle_cb, self, NULL);

  if (total > 0)
    {
      g_autofree char *count = g_strdup_printf ("%u", total);

      gtk_label_set_label (self->count_label, count);
      gtk_widget_set_visible (GTK_WIDGET (self->count_label), TRUE);
      gtk_stack_set_visible_child_name (self->stack, "list");
    }
  else
    {
      gtk_widget_set_visible (GTK_WIDGET (self->count_label), FALSE);
      gtk_stack_set_visible_child_name (self->stack, "empty");
    }
}

static gboolean
refresh_idle_cb (gpointer data)
{
  MusterViolationsList *self = data;

  self->refresh_id = 0;
  muster_violations_list_refresh (self);

  return G_SOURCE_REMOVE;
}

static void
violations_changed_cb (MusterViolationsList *self)
{
  /* A move of many pieces changes the verdicts many times: once is
   * enough. */
  if (self->refresh_id == 0)
    self->refresh_id = g_timeout_add_full (G_PRIORITY_DEFAULT_IDLE, 100, refresh_idle_cb, self, NULL);
}

void
muster_violations_list_set_validator (MusterViolationsList *self,
                                      MusterValidator      *validator)
{
  g_return_if_fail (MUSTER_IS_VIOLATIONS_LIST (self));
  g_return_if_fail (validator == NULL || MUSTER_IS_VALIDATOR (validator));

  if (self->validator != NULL)
    g_signal_handlers_disconnect_by_data (self->validator, self);
  g_set_object (&self->validator, validator);
  if (validator != NULL)
    g_signal_connect_object (validator, "violations-changed",
                             G_CALLBACK (violations_changed_cb), self, G_CONNECT_SWAPPED);

  muster_violations_list_refresh (self);
}

void
muster_violations_list_set_units (MusterViolationsList *self,
                                  MusterUnit            units)
{
  g_return_if_fail (MUSTER_IS_VIOLATIONS_LIST (self));

  if (self->units == units)
    return;

  /* Rows when idle: a new document's validator, set next, brings its
   * own rows at once, and they are then in these units. */
  self->units = units;
  if (self->validator != NULL)
    violations_changed_cb (self);
}

guint
muster_violations_list_get_n_rows (MusterViolationsList *self)
{
  g_return_val_if_fail (MUSTER_IS_VIOLATIONS_LIST (self), 0);

  finish_rows (self);

  return self->n_rows;
}

static void
row_activated_cb (MusterViolationsList *self,
                  GtkListBoxRow        *row,
                  GtkListBox           *list_box)
{
  guint serial = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "serial"));

  if (serial != 0)
    g_signal_emit (self, signals[PIECE_ACTIVATED], 0, serial);
}

void
muster_violations_list_activate_row (MusterViolationsList *self,
                                     guint                 index)
{
  GtkListBoxRow *row;

  g_return_if_fail (MUSTER_IS_VIOLATIONS_LIST (self));

  finish_rows (self);
  row = index < self->n_rows ? gtk_list_box_get_row_at_index (self->list_box, (int) index) : NULL;
  if (row != NULL)
    row_activated_cb (self, row, self->list_box);
}

static void
muster_violations_list_dispose (GObject *object)
{
  MusterViolationsList *self = (MusterViolationsList *)object;

  g_clear_handle_id (&self->refresh_id, g_source_remove);
  g_clear_handle_id (&self->fill_id, g_source_remove);
  g_clear_pointer (&self->pending, g_ptr_array_unref);
  g_clear_pointer (&self->to_make, g_array_unref);
  g_clear_pointer (&self->shared_names, g_hash_table_unref);
  if (self->validator != NULL)
    g_signal_handlers_disconnect_by_data (self->validator, self);
  g_clear_object (&self->validator);

  gtk_widget_dispose_template (GTK_WIDGET (self), MUSTER_TYPE_VIOLATIONS_LIST);

  G_OBJECT_CLASS (muster_violations_list_parent_class)->dispose (object);
}

static void
muster_violations_list_class_init (MusterViolationsListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_violations_list_dispose;

  /**
   * MusterViolationsList::piece-activated:
   * @serial: the piece's serial in the layout
   */
  signals[PIECE_ACTIVATED] =
    g_signal_new ("piece-activated",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_UINT);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/muster-violations-list.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterViolationsList, count_label);
  gtk_widget_class_bind_template_child (widget_class, MusterViolationsList, stack);
}

static void
muster_violations_list_init (MusterViolationsList *self)
{
  self->units = MUSTER_UNIT_INCH;
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
muster_violations_list_new (void)
{
  return g_object_new (MUSTER_TYPE_VIOLATIONS_LIST, NULL);
}
