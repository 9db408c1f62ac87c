/* muster-history.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-history"

#include "config.h"

#include <string.h>

#include "muster-history.h"

#define DEFAULT_LIMIT 500

/* The players as the history sees them. */
typedef struct
{
  char      *id;
  char      *name;
  char      *zone;
  char      *role;
  char      *short_edge;
  char      *color;
  GPtrArray *extensions;
  GPtrArray *ext_attrs;
} PlayerCopy;

/* Everything of a layout but its pieces. */
typedef struct
{
  char       *system_id;
  char       *deployment_id;
  char      **option_names;   /* sorted */
  char      **option_values;
  MusterUnit  units;
  double      width;
  double      height;
  GPtrArray  *players;        /* PlayerCopy */
  GPtrArray  *terrain;        /* MusterTerrain */
  /* The game log: steps never change, so sharing them is a copy. */
  char       *game_log_system;
  GPtrArray  *game_steps;     /* MusterLogStep */
} Header;

typedef struct
{
  char        *id;
  MusterPiece *before;        /* NULL: the piece did not exist */
  MusterPiece *after;         /* NULL: the piece was removed */
} PieceChange;

typedef struct
{
  char       *label;
  char       *merge_key;      /* NULL: the step takes no other */
  GPtrArray  *changes;        /* PieceChange, in the order they happened */
  GHashTable *by_id;          /* id → PieceChange, while the step is open */
  Header     *header_before;  /* NULL when the step left the header alone */
  Header     *header_after;
} Step;

struct _MusterHistory
{
  GObject       parent_instance;

  MusterLayout *layout;
  GHashTable   *shadow;        /* serial → MusterPiece copy */
  Header       *shadow_header;

  GPtrArray    *undo;          /* Step, oldest first */
  GPtrArray    *redo;          /* Step, the next redo last */
  Step         *open;
  guint         depth;
  guint         limit;
  gboolean      applying;
  /* The last step may take the next one of its merge key: nothing came
   * between them. */
  gboolean      merge_open;

  /* The number of steps in undo when the layout was clean, or -1 when
   * that state can no longer be reached. */
  gint64        clean_at;
};

enum {
  PROP_0,
  PROP_LAYOUT,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_CLEAN,
  N_PROPS
};

enum {
  CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (MusterHistory, muster_history, G_TYPE_OBJECT)

/* Copies and comparisons */

static GPtrArray *
copy_strings (GPtrArray *array)
{
  GPtrArray *copy;

  if (array == NULL)
    return NULL;

  copy = g_ptr_array_new_full (array->len, g_free);
  for (guint i = 0; i < array->len; i++)
    g_ptr_array_add (copy, g_strdup (g_ptr_array_index (array, i)));

  return copy;
}

static gboolean
strings_equal (GPtrArray *a,
               GPtrArray *b)
{
  guint na = a != NULL ? a->len : 0;
  guint nb = b != NULL ? b->len : 0;

  if (na != nb)
    return FALSE;

  for (guint i = 0; i < na; i++)
    if (g_strcmp0 (g_ptr_array_index (a, i), g_ptr_array_index (b, i)) != 0)
      return FALSE;

  return TRUE;
}

static gboolean
strv_equal (char **a,
            char **b)
{
  guint na = a != NULL ? g_strv_length (a) : 0;
  guint nb = b != NULL ? g_strv_length (b) : 0;

  if (na != nb)
    return FALSE;

  for (guint i = 0; i < na; i++)
    if (strcmp (a[i], b[i]) != 0)
      return FALSE;

  return TRUE;
}

static gboolean
pieces_equal_but_place (const MusterPiece *a,
                        const MusterPiece *b)
{
  return g_strcmp0 (a->id, b->id) == 0 &&
         g_strcmp0 (a->name, b->name) == 0 &&
         a->kind == b->kind &&
         g_strcmp0 (a->owner, b->owner) == 0 &&
         a->base.shape == b->base.shape &&
         a->base.width == b->base.width &&
         a->base.depth == b->base.depth &&
         a->turn == b->turn &&
         strv_equal (a->categories, b->categories) &&
         strv_equal (a->skills, b->skills) &&
         !a->prone == !b->prone &&
         !a->lieutenant == !b->lieutenant &&
         strings_equal (a->extensions, b->extensions) &&
         strings_equal (a->ext_attrs, b->ext_attrs);
}

static gboolean
pieces_equal (const MusterPiece *a,
              const MusterPiece *b)
{
  if (a == NULL || b == NULL)
    return a == b;

  return a->x == b->x &&
         a->y == b->y &&
         a->rotation == b->rotation &&
         pieces_equal_but_place (a, b);
}

static gboolean
terrain_equal (const MusterTerrain *a,
               const MusterTerrain *b)
{
  if (g_strcmp0 (a->id, b->id) != 0 ||
      g_strcmp0 (a->name, b->name) != 0 ||
      a->kind != b->kind ||
      !a->blocks_lof != !b->blocks_lof ||
      a->n_points != b->n_points ||
      !strings_equal (a->extensions, b->extensions) ||
      !strings_equal (a->ext_attrs, b->ext_attrs))
    return FALSE;

  for (guint i = 0; i < a->n_points; i++)
    if (a->points[i].x != b->points[i].x || a->points[i].y != b->points[i].y)
      return FALSE;

  return TRUE;
}

static void
player_copy_free (gpointer data)
{
  PlayerCopy *player = data;

  g_free (player->id);
  g_free (player->name);
  g_free (player->zone);
  g_free (player->role);
  g_free (player->short_edge);
  g_free (player->color);
  g_clear_pointer (&player->extensions, g_ptr_array_unref);
  g_clear_pointer (&player->ext_attrs, g_ptr_array_unref);
  g_free (player);
}

static gboolean
players_equal (const PlayerCopy *a,
               const PlayerCopy *b)
{
  return g_strcmp0 (a->id, b->id) == 0 &&
         g_strcmp0 (a->name, b->name) == 0 &&
         g_strcmp0 (a->zone, b->zone) == 0 &&
         g_strcmp0 (a->role, b->role) == 0 &&
         g_strcmp0 (a->short_edge, b->short_edge) == 0 &&
         g_strcmp0 (a->color, b->color) == 0 &&
         strings_equal (a->extensions, b->extensions) &&
         strings_equal (a->ext_attrs, b->ext_attrs);
}

static void
header_free (Header *header)
{
  if (header == NULL)
    return;

  g_free (header->system_id);
  g_free (header->deployment_id);
  g_strfreev (header->option_names);
  g_strfreev (header->option_values);
  g_clear_pointer (&header->players, g_ptr_array_unref);
  g_clear_pointer (&header->terrain, g_ptr_array_unref);
  g_free (header->game_log_system);
  g_clear_pointer (&header->game_steps, g_ptr_array_unref);
  g_free (header);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Header, header_free)

static Header *
header_snapshot (MusterLayout *layout)
{
  Header *header = g_new0 (Header, 1);
  GHashTable *options = muster_layout_get_options (layout);
  GPtrArray *players = muster_layout_get_players (layout);
  GPtrArray *terrain = muster_layout_get_terrain (layout);
  g_autofree gpointer *names = NULL;
  guint n_options = 0;

  header->system_id = g_strdup (muster_layout_get_system_id (layout));
  header->deployment_id = g_strdup (muster_layout_get_deployment_id (layout));
  header->units = muster_layout_get_units (layout);
  header->width = muster_layout_get_width (layout);
  header->height = muster_layout_get_height (layout);

  names = g_hash_table_get_keys_as_array (options, &n_options);
  header->option_names = g_new0 (char *, n_options + 1);
  header->option_values = g_new0 (char *, n_options + 1);
  for (guint i = 0; i < n_options; i++)
    header->option_names[i] = g_strdup (names[i]);
  /* Sorted, so that two tables with the same options compare equal. */
  for (guint i = 1; i < n_options; i++)
    for (guint j = i; j > 0 && strcmp (header->option_names[j - 1], header->option_names[j]) > 0; j--)
      {
        char *t = header->option_names[j];

        header->option_names[j] = header->option_names[j - 1];
        header->option_names[j - 1] = t;
      }
  for (guint i = 0; i < n_options; i++)
    header->option_values[i] = g_strdup (g_hash_table_lookup (options, header->option_names[i]));

  header->players = g_ptr_array_new_full (players->len, player_copy_free);
  for (guint i = 0; i < players->len; i++)
    {
      const MusterPlayer *player = g_ptr_array_index (players, i);
      PlayerCopy *copy = g_new0 (PlayerCopy, 1);

      copy->id = g_strdup (player->id);
      copy->name = g_strdup (player->name);
      copy->zone = g_strdup (player->zone);
      copy->role = g_strdup (player->role);
      copy->short_edge = g_strdup (player->short_edge);
      copy->color = g_strdup (player->color);
      copy->extensions = copy_strings (player->extensions);
      copy->ext_attrs = copy_strings (player->ext_attrs);
      g_ptr_array_add (header->players, copy);
    }

  header->terrain = g_ptr_array_new_full (terrain->len, (GDestroyNotify) muster_terrain_free);
  for (guint i = 0; i < terrain->len; i++)
    g_ptr_array_add (header->terrain, muster_terrain_copy (g_ptr_array_index (terrain, i)));

  header->game_log_system = g_strdup (muster_layout_get_game_log_system (layout));
  header->game_steps = g_ptr_array_copy (muster_layout_get_game_steps (layout),
                                         (GCopyFunc) muster_log_step_ref, NULL);
  g_ptr_array_set_free_func (header->game_steps, (GDestroyNotify) muster_log_step_unref);

  return header;
}

static gboolean
headers_equal (const Header *a,
               const Header *b)
{
  if (g_strcmp0 (a->system_id, b->system_id) != 0 ||
      g_strcmp0 (a->deployment_id, b->deployment_id) != 0 ||
      !strv_equal (a->option_names, b->option_names) ||
      !strv_equal (a->option_values, b->option_values) ||
      a->units != b->units ||
      a->width != b->width ||
      a->height != b->height ||
      a->players->len != b->players->len ||
      a->terrain->len != b->terrain->len ||
      g_strcmp0 (a->game_log_system, b->game_log_system) != 0 ||
      a->game_steps->len != b->game_steps->len)
    return FALSE;

  for (guint i = 0; i < a->game_steps->len; i++)
    if (g_ptr_array_index (a->game_steps, i) != g_ptr_array_index (b->game_steps, i))
      return FALSE;

  for (guint i = 0; i < a->players->len; i++)
    if (!players_equal (g_ptr_array_index (a->players, i), g_ptr_array_index (b->players, i)))
      return FALSE;

  for (guint i = 0; i < a->terrain->len; i++)
    if (!terrain_equal (g_ptr_array_index (a->terrain, i), g_ptr_array_index (b->terrain, i)))
      return FALSE;

  return TRUE;
}

static void
piece_change_free (gpointer data)
{
  PieceChange *change = data;

  g_free (change->id);
  g_clear_pointer (&change->before, muster_piece_free);
  g_clear_pointer (&change->after, muster_piece_free);
  g_free (change);
}

static Step *
step_new (const char *label)
{
  Step *step = g_new0 (Step, 1);

  step->label = g_strdup (label);
  step->changes = g_ptr_array_new_with_free_func (piece_change_free);
  step->by_id = g_hash_table_new (g_str_hash, g_str_equal);

  return step;
}

static void
step_free (gpointer data)
{
  Step *step = data;

  g_free (step->label);
  g_free (step->merge_key);
  g_clear_pointer (&step->changes, g_ptr_array_unref);
  g_clear_pointer (&step->by_id, g_hash_table_unref);
  g_clear_pointer (&step->header_before, header_free);
  g_clear_pointer (&step->header_after, header_free);
  g_free (step);
}

/* Recording */

static void
notify_state (MusterHistory *self,
              gboolean       could_undo,
              gboolean       could_redo,
              gboolean       was_clean)
{
  if (could_undo != muster_history_can_undo (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  if (could_redo != muster_history_can_redo (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
  if (was_clean != muster_history_is_clean (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CLEAN]);

  g_signal_emit (self, signals[CHANGED], 0);
}

static void
push_step (MusterHistory *self,
           Step          *step)
{
  gboolean could_undo = muster_history_can_undo (self);
  gboolean could_redo = muster_history_can_redo (self);
  gboolean was_clean = muster_history_is_clean (self);

  /* A new change forgets what could be redone, and with it any clean
   * state that lay ahead. */
  if (self->redo->len > 0)
    {
      if (self->clean_at > (gint64) self->undo->len)
        self->clean_at = -1;
      g_ptr_array_set_size (self->redo, 0);
    }

  g_ptr_array_add (self->undo, step);
  self->merge_open = step->merge_key != NULL;

  if (self->limit > 0 && self->undo->len > self->limit)
    {
      g_ptr_array_remove_index (self->undo, 0);
      if (self->clean_at >= 0)
        self->clean_at--;
    }

  notify_state (self, could_undo, could_redo, was_clean);
}

/* Forgets what the step left as it was; TRUE when that is all of it.
 * Its header after must be known. */
static gboolean
step_prune (Step *step)
{
  guint i = 0;

  while (i < step->changes->len)
    {
      PieceChange *change = g_ptr_array_index (step->changes, i);

      if (pieces_equal (change->before, change->after))
        g_ptr_array_remove_index (step->changes, i);
      else
        i++;
    }

  if (step->header_before != NULL && headers_equal (step->header_before, step->header_after))
    {
      g_clear_pointer (&step->header_before, header_free);
      g_clear_pointer (&step->header_after, header_free);
    }

  return step->changes->len == 0 && step->header_before == NULL;
}

/* A piece's change joins the step: the step keeps the piece as it was
 * first and as it is last. before and after are taken. */
static void
step_add_change (Step        *step,
                 const char  *id,
                 MusterPiece *before,
                 MusterPiece *after)
{
  PieceChange *change = g_hash_table_lookup (step->by_id, id);

  if (change != NULL)
    {
      g_clear_pointer (&change->after, muster_piece_free);
      change->after = after;
      muster_piece_free (before);
      return;
    }

  change = g_new0 (PieceChange, 1);
  change->id = g_strdup (id);
  change->before = before;
  change->after = after;
  g_ptr_array_add (step->changes, change);
  g_hash_table_insert (step->by_id, change->id, change);
}

/* The run goes on: step joins the last one, as if both had been one
 * group. When the two cancel out (a nudge right, then left), the last
 * step goes too, and with it the run. */
static void
merge_step (MusterHistory *self,
            Step          *step)
{
  gboolean could_undo = muster_history_can_undo (self);
  gboolean could_redo = muster_history_can_redo (self);
  gboolean was_clean = muster_history_is_clean (self);
  Step *last = g_ptr_array_index (self->undo, self->undo->len - 1);

  last->by_id = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < last->changes->len; i++)
    {
      PieceChange *change = g_ptr_array_index (last->changes, i);

      g_hash_table_insert (last->by_id, change->id, change);
    }
  for (guint i = 0; i < step->changes->len; i++)
    {
      PieceChange *change = g_ptr_array_index (step->changes, i);

      step_add_change (last, change->id, g_steal_pointer (&change->before), g_steal_pointer (&change->after));
    }
  g_clear_pointer (&last->by_id, g_hash_table_unref);

  if (step->header_before != NULL)
    {
      if (last->header_before == NULL)
        last->header_before = g_steal_pointer (&step->header_before);
      header_free (last->header_after);
      last->header_after = g_steal_pointer (&step->header_after);
    }
  step_free (step);

  if (step_prune (last))
    {
      g_ptr_array_remove_index (self->undo, self->undo->len - 1);
      self->merge_open = FALSE;
    }

  notify_state (self, could_undo, could_redo, was_clean);
}

static void
finish_step (MusterHistory *self)
{
  Step *step = g_steal_pointer (&self->open);
  Step *last;

  g_assert (step != NULL);

  g_clear_pointer (&step->by_id, g_hash_table_unref);
  if (step->header_before != NULL)
    step->header_after = header_snapshot (self->layout);

  if (step_prune (step))
    {
      step_free (step);
      return;
    }

  /* Nothing came between (set_clean() ends a run, so the saved state is
   * still a step away). */
  last = self->undo->len > 0 ? g_ptr_array_index (self->undo, self->undo->len - 1) : NULL;
  if (self->merge_open && last != NULL && step->merge_key != NULL &&
      g_strcmp0 (last->merge_key, step->merge_key) == 0)
    merge_step (self, step);
  else
    push_step (self, step);
}

/* The step that a change goes to; *implicit says whether the caller must
 * finish it. */
static Step *
current_step (MusterHistory *self,
              gboolean      *implicit)
{
  *implicit = self->open == NULL;
  if (self->open == NULL)
    self->open = step_new (NULL);

  return self->open;
}

static void
record_piece (MusterHistory *self,
              const char    *id,
              MusterPiece   *before,
              MusterPiece   *after)
{
  gboolean implicit;
  Step *step = current_step (self, &implicit);

  step_add_change (step, id, before, after);

  if (implicit)
    finish_step (self);
}

static MusterPiece *
find_piece (MusterHistory *self,
            guint          serial)
{
  GPtrArray *pieces = muster_layout_get_pieces (self->layout);

  /* A new piece is the last one. */
  if (pieces->len > 0)
    {
      MusterPiece *last = g_ptr_array_index (pieces, pieces->len - 1);

      if (last->serial == serial)
        return last;
    }

  return muster_layout_lookup_serial (self->layout, serial);
}

static void
piece_added_cb (MusterHistory *self,
                guint          serial,
                MusterLayout  *layout)
{
  MusterPiece *piece = find_piece (self, serial);

  g_return_if_fail (piece != NULL);

  g_hash_table_insert (self->shadow, GUINT_TO_POINTER (serial), muster_piece_copy (piece));
  if (!self->applying)
    record_piece (self, piece->id, NULL, muster_piece_copy (piece));
}

static void
piece_removed_cb (MusterHistory *self,
                  guint          serial,
                  MusterLayout  *layout)
{
  MusterPiece *before = NULL;

  if (!g_hash_table_steal_extended (self->shadow, GUINT_TO_POINTER (serial),
                                    NULL, (gpointer *) &before))
    return;

  if (self->applying)
    {
      muster_piece_free (before);
      return;
    }

  record_piece (self, before->id, before, NULL);
}

static void
piece_changed_cb (MusterHistory *self,
                  guint          serial,
                  MusterLayout  *layout)
{
  MusterPiece *piece = find_piece (self, serial);
  MusterPiece *before = NULL;

  g_return_if_fail (piece != NULL);

  g_hash_table_steal_extended (self->shadow, GUINT_TO_POINTER (serial), NULL, (gpointer *) &before);
  g_hash_table_insert (self->shadow, GUINT_TO_POINTER (serial), muster_piece_copy (piece));

  if (self->applying)
    {
      g_clear_pointer (&before, muster_piece_free);
      return;
    }

  /* The id may have changed in place: the change is filed under the old
   * one, the piece as it was. */
  if (before != NULL && g_strcmp0 (before->id, piece->id) != 0)
    {
      record_piece (self, before->id, before, NULL);
      record_piece (self, piece->id, NULL, muster_piece_copy (piece));
      return;
    }

  record_piece (self, piece->id, before, muster_piece_copy (piece));
}

static void
layout_changed_cb (MusterHistory *self,
                   MusterLayout  *layout)
{
  g_autoptr(Header) header = header_snapshot (self->layout);
  gboolean implicit;
  Step *step;

  if (headers_equal (header, self->shadow_header))
    return;

  if (self->applying)
    {
      header_free (self->shadow_header);
      self->shadow_header = g_steal_pointer (&header);
      return;
    }

  step = current_step (self, &implicit);
  if (step->header_before == NULL)
    step->header_before = g_steal_pointer (&self->shadow_header);
  else
    header_free (self->shadow_header);
  self->shadow_header = g_steal_pointer (&header);

  if (implicit)
    finish_step (self);
}

static void
resync (MusterHistory *self)
{
  GPtrArray *pieces = muster_layout_get_pieces (self->layout);

  g_hash_table_remove_all (self->shadow);
  for (guint i = 0; i < pieces->len; i++)
    {
      const MusterPiece *piece = g_ptr_array_index (pieces, i);

      g_hash_table_insert (self->shadow, GUINT_TO_POINTER (piece->serial), muster_piece_copy (piece));
    }

  header_free (self->shadow_header);
  self->shadow_header = header_snapshot (self->layout);
}

/* Applying */

static void
apply_piece (MusterHistory     *self,
             const char        *id,
             const MusterPiece *target)
{
  MusterPiece *current = muster_layout_lookup_piece (self->layout, id);

  if (target == NULL)
    {
      if (current != NULL)
        muster_layout_remove_piece (self->layout, id);
      return;
    }

  if (current == NULL)
    {
      MusterPiece *copy = muster_piece_copy (target);

      copy->serial = 0;
      if (!muster_layout_add_piece (self->layout, copy))
        {
          g_warning ("Cannot restore the piece “%s”: its id is in use", id);
          muster_piece_free (copy);
        }
      return;
    }

  if (pieces_equal (current, target))
    return;

  if (pieces_equal_but_place (current, target))
    {
      muster_layout_move_piece (self->layout, current, target->x, target->y, target->rotation);
      return;
    }

  g_free (current->name);
  current->name = g_strdup (target->name);
  current->kind = target->kind;
  current->owner = target->owner;
  current->x = target->x;
  current->y = target->y;
  current->rotation = target->rotation;
  current->base = target->base;
  current->turn = target->turn;
  g_strfreev (current->categories);
  current->categories = g_strdupv (target->categories);
  g_strfreev (current->skills);
  current->skills = g_strdupv (target->skills);
  current->prone = target->prone;
  current->lieutenant = target->lieutenant;
  g_clear_pointer (&current->extensions, g_ptr_array_unref);
  current->extensions = copy_strings (target->extensions);
  g_clear_pointer (&current->ext_attrs, g_ptr_array_unref);
  current->ext_attrs = copy_strings (target->ext_attrs);
  muster_layout_piece_changed (self->layout, current);
}

static const MusterTerrain *
header_lookup_terrain (const Header *header,
                       const char   *id)
{
  for (guint i = 0; i < header->terrain->len; i++)
    {
      const MusterTerrain *terrain = g_ptr_array_index (header->terrain, i);

      if (g_strcmp0 (terrain->id, id) == 0)
        return terrain;
    }

  return NULL;
}

static void
apply_header (MusterHistory *self,
              const Header  *target)
{
  GHashTable *options = muster_layout_get_options (self->layout);
  g_autoptr(GPtrArray) stale = g_ptr_array_new_with_free_func (g_free);
  GPtrArray *terrain;
  GHashTableIter iter;
  gpointer key;

  muster_layout_set_game (self->layout, target->system_id, target->deployment_id);

  g_hash_table_iter_init (&iter, options);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (!g_strv_contains ((const char * const *) target->option_names, key))
      g_ptr_array_add (stale, g_strdup (key));
  for (guint i = 0; i < stale->len; i++)
    muster_layout_set_option (self->layout, g_ptr_array_index (stale, i), NULL);
  for (guint i = 0; target->option_names[i] != NULL; i++)
    muster_layout_set_option (self->layout, target->option_names[i], target->option_values[i]);

  muster_layout_set_units (self->layout, target->units);
  muster_layout_set_board (self->layout, target->width, target->height);

  for (guint i = 0; i < target->players->len; i++)
    {
      const PlayerCopy *copy = g_ptr_array_index (target->players, i);
      MusterPlayer *player = muster_layout_lookup_player (self->layout, copy->id);

      if (player == NULL)
        continue;

      /* Data the layout keeps for others: no signal of its own. */
      if (!strings_equal (player->extensions, copy->extensions))
        {
          g_clear_pointer (&player->extensions, g_ptr_array_unref);
          player->extensions = copy_strings (copy->extensions);
        }
      if (!strings_equal (player->ext_attrs, copy->ext_attrs))
        {
          g_clear_pointer (&player->ext_attrs, g_ptr_array_unref);
          player->ext_attrs = copy_strings (copy->ext_attrs);
        }

      if (copy->name != NULL)
        muster_layout_set_player_name (self->layout, copy->id, copy->name);
      muster_layout_update_player (self->layout, copy->id, copy->zone, copy->role, copy->short_edge);
      muster_layout_set_player_color (self->layout, copy->id, copy->color);
    }

  /* Terrain: what differs goes, then what is missing comes back. */
  terrain = muster_layout_get_terrain (self->layout);
  g_ptr_array_set_size (stale, 0);
  for (guint i = 0; i < terrain->len; i++)
    {
      const MusterTerrain *current = g_ptr_array_index (terrain, i);
      const MusterTerrain *wanted = header_lookup_terrain (target, current->id);

      if (wanted == NULL || !terrain_equal (current, wanted))
        g_ptr_array_add (stale, g_strdup (current->id));
    }
  for (guint i = 0; i < stale->len; i++)
    muster_layout_remove_terrain (self->layout, g_ptr_array_index (stale, i));

  for (guint i = 0; i < target->terrain->len; i++)
    {
      const MusterTerrain *wanted = g_ptr_array_index (target->terrain, i);

      if (muster_layout_lookup_terrain (self->layout, wanted->id) != NULL)
        continue;

      if (muster_layout_has_id (self->layout, wanted->id))
        {
          g_warning ("Cannot restore the terrain “%s”: its id is in use", wanted->id);
          continue;
        }

      muster_layout_add_terrain (self->layout, muster_terrain_copy (wanted));
    }

  /* Last: the game replays its log when it changes, and reads the
   * players and the game system as they are by then. */
  muster_layout_set_game_log_steps (self->layout, target->game_log_system, target->game_steps);
}

static void
apply_step (MusterHistory *self,
            Step          *step,
            gboolean       forward)
{
  self->applying = TRUE;

  if (forward)
    {
      if (step->header_after != NULL)
        apply_header (self, step->header_after);
      for (guint i = 0; i < step->changes->len; i++)
        {
          PieceChange *change = g_ptr_array_index (step->changes, i);

          apply_piece (self, change->id, change->after);
        }
    }
  else
    {
      if (step->header_before != NULL)
        apply_header (self, step->header_before);
      for (guint i = step->changes->len; i > 0; i--)
        {
          PieceChange *change = g_ptr_array_index (step->changes, i - 1);

          apply_piece (self, change->id, change->before);
        }
    }

  self->applying = FALSE;

  /* The players' foreign data changed without a signal. */
  header_free (self->shadow_header);
  self->shadow_header = header_snapshot (self->layout);
}

/* API */

MusterHistory *
muster_history_new (MusterLayout *layout)
{
  g_return_val_if_fail (MUSTER_IS_LAYOUT (layout), NULL);

  return g_object_new (MUSTER_TYPE_HISTORY, "layout", layout, NULL);
}

MusterLayout *
muster_history_get_layout (MusterHistory *self)
{
  g_return_val_if_fail (MUSTER_IS_HISTORY (self), NULL);

  return self->layout;
}

void
muster_history_begin_group (MusterHistory *self,
                            const char    *label)
{
  muster_history_begin_merge_group (self, label, NULL);
}

void
muster_history_begin_merge_group (MusterHistory *self,
                                  const char    *label,
                                  const char    *merge_key)
{
  g_return_if_fail (MUSTER_IS_HISTORY (self));
  g_return_if_fail (!self->applying);

  if (self->depth++ > 0)
    return;

  g_assert (self->open == NULL);
  self->open = step_new (label);
  self->open->merge_key = g_strdup (merge_key);
}

void
muster_history_break_merge (MusterHistory *self)
{
  g_return_if_fail (MUSTER_IS_HISTORY (self));

  self->merge_open = FALSE;
}

void
muster_history_end_group (MusterHistory *self)
{
  g_return_if_fail (MUSTER_IS_HISTORY (self));
  g_return_if_fail (self->depth > 0);

  if (--self->depth > 0)
    return;

  finish_step (self);
}

void
muster_history_note_change (MusterHistory *self)
{
  g_return_if_fail (MUSTER_IS_HISTORY (self));

  layout_changed_cb (self, self->layout);
}

gboolean
muster_history_can_undo (MusterHistory *self)
{
  g_return_val_if_fail (MUSTER_IS_HISTORY (self), FALSE);

  return self->undo->len > 0;
}

gboolean
muster_history_can_redo (MusterHistory *self)
{
  g_return_val_if_fail (MUSTER_IS_HISTORY (self), FALSE);

  return self->redo->len > 0;
}

const char *
muster_history_get_undo_label (MusterHistory *self)
{
  g_return_val_if_fail (MUSTER_IS_HISTORY (self), NULL);

  if (self->undo->len == 0)
    return NULL;

  return ((Step *) g_ptr_array_index (self->undo, self->undo->len - 1))->label;
}

const char *
muster_history_get_redo_label (MusterHistory *self)
{
  g_return_val_if_fail (MUSTER_IS_HISTORY (self), NULL);

  if (self->redo->len == 0)
    return NULL;

  return ((Step *) g_ptr_array_index (self->redo, self->redo->len - 1))->label;
}

gboolean
muster_history_undo (MusterHistory *self)
{
  gboolean could_undo, could_redo, was_clean;
  Step *step;

  g_return_val_if_fail (MUSTER_IS_HISTORY (self), FALSE);
  g_return_val_if_fail (self->depth == 0, FALSE);

  if (self->undo->len == 0)
    return FALSE;

  could_undo = muster_history_can_undo (self);
  could_redo = muster_history_can_redo (self);
  was_clean = muster_history_is_clean (self);

  self->merge_open = FALSE;
  step = g_ptr_array_steal_index (self->undo, self->undo->len - 1);
  apply_step (self, step, FALSE);
  g_ptr_array_add (self->redo, step);

  notify_state (self, could_undo, could_redo, was_clean);

  return TRUE;
}

gboolean
muster_history_redo (MusterHistory *self)
{
  gboolean could_undo, could_redo, was_clean;
  Step *step;

  g_return_val_if_fail (MUSTER_IS_HISTORY (self), FALSE);
  g_return_val_if_fail (self->depth == 0, FALSE);

  if (self->redo->len == 0)
    return FALSE;

  could_undo = muster_history_can_undo (self);
  could_redo = muster_history_can_redo (self);
  was_clean = muster_history_is_clean (self);

  self->merge_open = FALSE;
  step = g_ptr_array_steal_index (self->redo, self->redo->len - 1);
  apply_step (self, step, TRUE);
  g_ptr_array_add (self->undo, step);

  notify_state (self, could_undo, could_redo, was_clean);

  return TRUE;
}

void
muster_history_clear (MusterHistory *self)
{
  gboolean could_undo, could_redo, was_clean;

  g_return_if_fail (MUSTER_IS_HISTORY (self));

  could_undo = muster_history_can_undo (self);
  could_redo = muster_history_can_redo (self);
  was_clean = muster_history_is_clean (self);

  g_ptr_array_set_size (self->undo, 0);
  g_ptr_array_set_size (self->redo, 0);
  self->merge_open = FALSE;
  if (self->clean_at != 0)
    self->clean_at = -1;
  resync (self);

  notify_state (self, could_undo, could_redo, was_clean);
}

gboolean
muster_history_is_applying (MusterHistory *self)
{
  g_return_val_if_fail (MUSTER_IS_HISTORY (self), FALSE);

  return self->applying;
}

guint
muster_history_get_n_steps (MusterHistory *self)
{
  g_return_val_if_fail (MUSTER_IS_HISTORY (self), 0);

  return self->undo->len;
}

void
muster_history_set_limit (MusterHistory *self,
                          guint          limit)
{
  g_return_if_fail (MUSTER_IS_HISTORY (self));

  self->limit = limit;
  while (limit > 0 && self->undo->len > limit)
    {
      g_ptr_array_remove_index (self->undo, 0);
      if (self->clean_at >= 0)
        self->clean_at--;
    }
}

void
muster_history_set_clean (MusterHistory *self)
{
  gboolean was_clean;

  g_return_if_fail (MUSTER_IS_HISTORY (self));

  was_clean = muster_history_is_clean (self);
  self->clean_at = self->undo->len;
  /* What follows is a step of its own, which undo() takes back to the
   * saved state. */
  self->merge_open = FALSE;
  if (!was_clean)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CLEAN]);
}

void
muster_history_set_modified (MusterHistory *self)
{
  gboolean was_clean;

  g_return_if_fail (MUSTER_IS_HISTORY (self));

  was_clean = muster_history_is_clean (self);
  self->clean_at = -1;
  self->merge_open = FALSE;
  if (was_clean)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CLEAN]);
}

gboolean
muster_history_is_clean (MusterHistory *self)
{
  g_return_val_if_fail (MUSTER_IS_HISTORY (self), FALSE);

  return self->clean_at == (gint64) self->undo->len;
}

/* GObject */

static void
muster_history_constructed (GObject *object)
{
  MusterHistory *self = (MusterHistory *)object;

  G_OBJECT_CLASS (muster_history_parent_class)->constructed (object);

  g_assert (self->layout != NULL);

  resync (self);

  g_signal_connect_object (self->layout, "piece-added", G_CALLBACK (piece_added_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->layout, "piece-removed", G_CALLBACK (piece_removed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->layout, "piece-changed", G_CALLBACK (piece_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->layout, "changed", G_CALLBACK (layout_changed_cb), self, G_CONNECT_SWAPPED);
}

static void
muster_history_dispose (GObject *object)
{
  MusterHistory *self = (MusterHistory *)object;

  if (self->layout != NULL)
    g_signal_handlers_disconnect_by_data (self->layout, self);
  g_clear_object (&self->layout);

  G_OBJECT_CLASS (muster_history_parent_class)->dispose (object);
}

static void
muster_history_finalize (GObject *object)
{
  MusterHistory *self = (MusterHistory *)object;

  g_clear_pointer (&self->open, step_free);
  g_clear_pointer (&self->undo, g_ptr_array_unref);
  g_clear_pointer (&self->redo, g_ptr_array_unref);
  g_clear_pointer (&self->shadow, g_hash_table_unref);
  g_clear_pointer (&self->shadow_header, header_free);

  G_OBJECT_CLASS (muster_history_parent_class)->finalize (object);
}

static void
muster_history_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  MusterHistory *self = MUSTER_HISTORY (object);

  switch (prop_id)
    {
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, muster_history_can_undo (self));
      break;

    case PROP_CAN_REDO:
      g_value_set_boolean (value, muster_history_can_redo (self));
      break;

    case PROP_CLEAN:
      g_value_set_boolean (value, muster_history_is_clean (self));
      break;

    case PROP_LAYOUT:
      g_value_set_object (value, self->layout);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_history_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  MusterHistory *self = MUSTER_HISTORY (object);

  switch (prop_id)
    {
    case PROP_LAYOUT:
      self->layout = g_value_dup_object (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_history_class_init (MusterHistoryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = muster_history_constructed;
  object_class->dispose = muster_history_dispose;
  object_class->finalize = muster_history_finalize;
  object_class->get_property = muster_history_get_property;
  object_class->set_property = muster_history_set_property;

  properties[PROP_CAN_UNDO] =
    g_param_spec_boolean ("can-undo", NULL, NULL, FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_CAN_REDO] =
    g_param_spec_boolean ("can-redo", NULL, NULL, FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_CLEAN] =
    g_param_spec_boolean ("clean", NULL, NULL, TRUE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_LAYOUT] =
    g_param_spec_object ("layout", NULL, NULL, MUSTER_TYPE_LAYOUT,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * MusterHistory::changed:
   *
   * A step was recorded, undone or redone, or the history was cleared.
   */
  signals[CHANGED] =
    g_signal_new ("changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void
muster_history_init (MusterHistory *self)
{
  self->shadow = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) muster_piece_free);
  self->undo = g_ptr_array_new_with_free_func (step_free);
  self->redo = g_ptr_array_new_with_free_func (step_free);
  self->limit = DEFAULT_LIMIT;
  self->clean_at = 0;
}
