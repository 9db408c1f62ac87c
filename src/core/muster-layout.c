/* muster-layout.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-layout"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "muster-layout.h"
#include "muster-layout-private.h"
#include "muster-log-step.h"

G_DEFINE_FINAL_TYPE (MusterLayout, muster_layout, G_TYPE_OBJECT)
G_DEFINE_QUARK (muster-layout-error-quark, muster_layout_error)

enum {
  PROP_0,
  PROP_SYSTEM_ID,
  PROP_DEPLOYMENT_ID,
  PROP_WIDTH,
  PROP_HEIGHT,
  N_PROPS
};

enum {
  PIECE_ADDED,
  PIECE_REMOVED,
  PIECE_CHANGED,
  CHANGED,
  GAME_LOG_CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* Kinds */

static const char * const piece_kinds[] = {
  [MUSTER_PIECE_MODEL] = "model",
  [MUSTER_PIECE_UNIT] = "unit",
  [MUSTER_PIECE_MARKER] = "marker",
  [MUSTER_PIECE_OBJECTIVE] = "objective",
};

static const char * const terrain_kinds[] = {
  [MUSTER_TERRAIN_IMPASSABLE] = "impassable",
  [MUSTER_TERRAIN_BUILDING] = "building",
  [MUSTER_TERRAIN_AREA] = "area",
};

const char *
muster_piece_kind_to_string (MusterPieceKind kind)
{
  g_return_val_if_fail ((guint) kind < G_N_ELEMENTS (piece_kinds), NULL);

  return piece_kinds[kind];
}

gboolean
muster_piece_kind_from_string (const char      *text,
                               MusterPieceKind *kind)
{
  g_return_val_if_fail (kind != NULL, FALSE);

  for (guint i = 0; text != NULL && i < G_N_ELEMENTS (piece_kinds); i++)
    {
      if (strcmp (text, piece_kinds[i]) == 0)
        {
          *kind = (MusterPieceKind) i;
          return TRUE;
        }
    }

  return FALSE;
}

const char *
muster_terrain_kind_to_string (MusterTerrainKind kind)
{
  g_return_val_if_fail ((guint) kind < G_N_ELEMENTS (terrain_kinds), NULL);

  return terrain_kinds[kind];
}

gboolean
muster_terrain_kind_from_string (const char        *text,
                                 MusterTerrainKind *kind)
{
  g_return_val_if_fail (kind != NULL, FALSE);

  for (guint i = 0; text != NULL && i < G_N_ELEMENTS (terrain_kinds); i++)
    {
      if (strcmp (text, terrain_kinds[i]) == 0)
        {
          *kind = (MusterTerrainKind) i;
          return TRUE;
        }
    }

  return FALSE;
}

/* Pieces, terrain and players */

GPtrArray *
_muster_layout_copy_strings (GPtrArray *array)
{
  GPtrArray *copy;

  if (array == NULL)
    return NULL;

  copy = g_ptr_array_new_full (array->len, g_free);
  for (guint i = 0; i < array->len; i++)
    g_ptr_array_add (copy, g_strdup (g_ptr_array_index (array, i)));

  return copy;
}

void
_muster_layout_add_string (GPtrArray  **array,
                           const char  *text)
{
  if (*array == NULL)
    *array = g_ptr_array_new_with_free_func (g_free);

  g_ptr_array_add (*array, g_strdup (text));
}

MusterPiece *
muster_piece_new (const char       *id,
                  MusterPieceKind   kind,
                  const char       *owner,
                  const MusterBase *base,
                  double            x,
                  double            y)
{
  MusterPiece *piece;

  g_return_val_if_fail (id != NULL, NULL);
  g_return_val_if_fail ((guint) kind < G_N_ELEMENTS (piece_kinds), NULL);
  g_return_val_if_fail (base != NULL, NULL);

  piece = g_new0 (MusterPiece, 1);
  piece->id = g_strdup (id);
  piece->kind = kind;
  piece->owner = g_intern_string (owner != NULL ? owner : MUSTER_OWNER_NEUTRAL);
  piece->base = *base;
  if (piece->base.shape == MUSTER_BASE_ROUND)
    piece->base.depth = piece->base.width;
  piece->x = x;
  piece->y = y;

  return piece;
}

MusterPiece *
muster_piece_copy (const MusterPiece *piece)
{
  MusterPiece *copy;

  g_return_val_if_fail (piece != NULL, NULL);

  copy = g_new0 (MusterPiece, 1);
  *copy = *piece;
  copy->id = g_strdup (piece->id);
  copy->name = g_strdup (piece->name);
  copy->categories = g_strdupv (piece->categories);
  copy->skills = g_strdupv (piece->skills);
  copy->extensions = _muster_layout_copy_strings (piece->extensions);
  copy->ext_attrs = _muster_layout_copy_strings (piece->ext_attrs);

  return copy;
}

void
muster_piece_free (MusterPiece *piece)
{
  if (piece == NULL)
    return;

  g_free (piece->id);
  g_free (piece->name);
  g_strfreev (piece->categories);
  g_strfreev (piece->skills);
  g_clear_pointer (&piece->extensions, g_ptr_array_unref);
  g_clear_pointer (&piece->ext_attrs, g_ptr_array_unref);
  g_free (piece);
}

gboolean
muster_piece_has_category (const MusterPiece *piece,
                           const char        *category)
{
  g_return_val_if_fail (piece != NULL, FALSE);
  g_return_val_if_fail (category != NULL, FALSE);

  return piece->categories != NULL &&
         g_strv_contains ((const char * const *) piece->categories, category);
}

gboolean
muster_piece_has_skill (const MusterPiece *piece,
                        const char        *skill)
{
  g_return_val_if_fail (piece != NULL, FALSE);
  g_return_val_if_fail (skill != NULL, FALSE);

  return piece->skills != NULL &&
         g_strv_contains ((const char * const *) piece->skills, skill);
}

gboolean
muster_piece_is_deployable (const MusterPiece *piece)
{
  g_return_val_if_fail (piece != NULL, FALSE);

  return piece->kind != MUSTER_PIECE_OBJECTIVE &&
         piece->owner != NULL &&
         strcmp (piece->owner, MUSTER_OWNER_NEUTRAL) != 0;
}

void
muster_piece_get_outline (const MusterPiece *piece,
                          MusterOutline     *outline)
{
  g_return_if_fail (piece != NULL);
  g_return_if_fail (outline != NULL);

  muster_outline_init_base (outline, &piece->base, piece->x, piece->y, piece->rotation);
}

/**
 * muster_piece_get_reach_box:
 * @piece: a piece
 * @box: (out): where it may reach
 *
 * Where @piece may reach, whichever way it is turned: its centre ±
 * muster_base_reach() on both axes.
 *
 * Returns: FALSE for a piece that is nowhere (coordinates or a base that
 *   are not numbers): @box is then no box, and meets none.
 */
gboolean
muster_piece_get_reach_box (const MusterPiece *piece,
                            MusterBox         *box)
{
  double reach;

  g_return_val_if_fail (piece != NULL, FALSE);
  g_return_val_if_fail (box != NULL, FALSE);

  reach = muster_base_reach (&piece->base);
  *box = (MusterBox) { piece->x - reach, piece->y - reach, piece->x + reach, piece->y + reach };

  return !isnan (box->x0) && !isnan (box->y0) && !isnan (box->x1) && !isnan (box->y1) &&
         box->x0 <= box->x1 && box->y0 <= box->y1;
}

MusterTerrain *
muster_terrain_new (const char        *id,
                    MusterTerrainKind  kind,
                    const MusterPoint *points,
                    guint              n_points)
{
  MusterTerrain *terrain;

  g_return_val_if_fail (id != NULL, NULL);
  g_return_val_if_fail ((guint) kind < G_N_ELEMENTS (terrain_kinds), NULL);
  g_return_val_if_fail (points != NULL || n_points == 0, NULL);

  terrain = g_new0 (MusterTerrain, 1);
  terrain->id = g_strdup (id);
  terrain->kind = kind;
  terrain->points = g_memdup2 (points, sizeof (MusterPoint) * n_points);
  terrain->n_points = n_points;

  return terrain;
}

MusterTerrain *
muster_terrain_copy (const MusterTerrain *terrain)
{
  MusterTerrain *copy;

  g_return_val_if_fail (terrain != NULL, NULL);

  copy = g_new0 (MusterTerrain, 1);
  *copy = *terrain;
  copy->id = g_strdup (terrain->id);
  copy->name = g_strdup (terrain->name);
  copy->points = g_memdup2 (terrain->points, sizeof (MusterPoint) * terrain->n_points);
  copy->extensions = _muster_layout_copy_strings (terrain->extensions);
  copy->ext_attrs = _muster_layout_copy_strings (terrain->ext_attrs);

  return copy;
}

void
muster_terrain_free (MusterTerrain *terrain)
{
  if (terrain == NULL)
    return;

  g_free (terrain->id);
  g_free (terrain->name);
  g_free (terrain->points);
  g_clear_pointer (&terrain->extensions, g_ptr_array_unref);
  g_clear_pointer (&terrain->ext_attrs, g_ptr_array_unref);
  g_free (terrain);
}

static MusterPlayer *
player_new (const char *id,
            const char *name,
            const char *zone)
{
  MusterPlayer *player = g_new0 (MusterPlayer, 1);

  player->id = g_strdup (id);
  /* The owner its pieces will have, interned (MusterPiece) before any
   * piece has it: a piece that comes from the network is told by it to
   * belong to a known player, not to a name it made up. */
  g_intern_string (id);
  player->name = g_strdup (name);
  player->zone = g_strdup (zone);

  return player;
}

void
_muster_player_free (MusterPlayer *player)
{
  if (player == NULL)
    return;

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

/* GObject */

static void
muster_layout_finalize (GObject *object)
{
  MusterLayout *self = (MusterLayout *)object;

  g_clear_pointer (&self->system_id, g_free);
  g_clear_pointer (&self->deployment_id, g_free);
  g_clear_pointer (&self->options, g_hash_table_unref);
  g_clear_pointer (&self->option_names, g_ptr_array_unref);
  g_clear_pointer (&self->players, g_ptr_array_unref);
  g_clear_pointer (&self->pieces, g_ptr_array_unref);
  g_clear_pointer (&self->terrain, g_ptr_array_unref);
  g_clear_pointer (&self->piece_by_id, g_hash_table_unref);
  _muster_layout_space_clear (self);
  g_clear_pointer (&self->namespaces, g_ptr_array_unref);
  g_clear_pointer (&self->extensions, g_ptr_array_unref);
  g_clear_pointer (&self->ext_attrs, g_ptr_array_unref);
  g_clear_pointer (&self->game_extensions, g_ptr_array_unref);
  g_clear_pointer (&self->game_ext_attrs, g_ptr_array_unref);
  g_clear_pointer (&self->board_ext_attrs, g_ptr_array_unref);
  g_clear_pointer (&self->source_lines, g_hash_table_unref);
  g_clear_pointer (&self->roll_log, g_strfreev);
  g_clear_pointer (&self->game_log, g_strfreev);
  g_clear_pointer (&self->game_log_system, g_free);
  g_clear_pointer (&self->game_steps, g_ptr_array_unref);

  G_OBJECT_CLASS (muster_layout_parent_class)->finalize (object);
}

static void
muster_layout_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  MusterLayout *self = MUSTER_LAYOUT (object);

  switch (prop_id)
    {
    case PROP_SYSTEM_ID:
      g_value_set_string (value, self->system_id);
      break;

    case PROP_DEPLOYMENT_ID:
      g_value_set_string (value, self->deployment_id);
      break;

    case PROP_WIDTH:
      g_value_set_double (value, self->width);
      break;

    case PROP_HEIGHT:
      g_value_set_double (value, self->height);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_layout_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  MusterLayout *self = MUSTER_LAYOUT (object);

  switch (prop_id)
    {
    case PROP_SYSTEM_ID:
      if (g_value_get_string (value) != NULL)
        muster_layout_set_game (self, g_value_get_string (value), self->deployment_id);
      break;

    case PROP_DEPLOYMENT_ID:
      muster_layout_set_game (self, self->system_id, g_value_get_string (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_layout_class_init (MusterLayoutClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = muster_layout_finalize;
  object_class->get_property = muster_layout_get_property;
  object_class->set_property = muster_layout_set_property;

  properties[PROP_SYSTEM_ID] =
    g_param_spec_string ("system-id", NULL, NULL,
                         NULL,
                         (G_PARAM_READWRITE |
                          G_PARAM_EXPLICIT_NOTIFY |
                          G_PARAM_STATIC_STRINGS));

  properties[PROP_DEPLOYMENT_ID] =
    g_param_spec_string ("deployment-id", NULL, NULL,
                         NULL,
                         (G_PARAM_READWRITE |
                          G_PARAM_EXPLICIT_NOTIFY |
                          G_PARAM_STATIC_STRINGS));

  properties[PROP_WIDTH] =
    g_param_spec_double ("width", NULL, NULL,
                         0, G_MAXDOUBLE, 0,
                         (G_PARAM_READABLE |
                          G_PARAM_EXPLICIT_NOTIFY |
                          G_PARAM_STATIC_STRINGS));

  properties[PROP_HEIGHT] =
    g_param_spec_double ("height", NULL, NULL,
                         0, G_MAXDOUBLE, 0,
                         (G_PARAM_READABLE |
                          G_PARAM_EXPLICIT_NOTIFY |
                          G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * MusterLayout::piece-added:
   * @serial: the new piece's serial
   */
  signals[PIECE_ADDED] =
    g_signal_new ("piece-added",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_UINT);

  /**
   * MusterLayout::piece-removed:
   * @serial: the serial of the piece, already out of the list and about
   *   to be freed
   */
  signals[PIECE_REMOVED] =
    g_signal_new ("piece-removed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_UINT);

  /**
   * MusterLayout::piece-changed:
   * @serial: the serial of the piece that moved or changed
   */
  signals[PIECE_CHANGED] =
    g_signal_new ("piece-changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_UINT);

  /**
   * MusterLayout::changed:
   *
   * The game, its options, the board, the players or the terrain changed.
   */
  signals[CHANGED] =
    g_signal_new ("changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  /**
   * MusterLayout::game-log-changed:
   *
   * The game log changed: a step was added, or the log was replaced.
   * "changed" follows.
   */
  signals[GAME_LOG_CHANGED] =
    g_signal_new ("game-log-changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void
muster_layout_init (MusterLayout *self)
{
  self->options = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->option_names = g_ptr_array_new_with_free_func (g_free);
  self->units = MUSTER_UNIT_INCH;
  self->players = g_ptr_array_new_with_free_func ((GDestroyNotify) _muster_player_free);
  self->pieces = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_piece_free);
  self->terrain = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_terrain_free);
  self->namespaces = g_ptr_array_new_with_free_func (g_free);
  self->piece_by_id = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->index_dirty = TRUE;
  self->source_lines = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->game_steps = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_log_step_unref);
}

/* The model */

MusterLayout *
muster_layout_new (const char *system_id,
                   const char *deployment_id,
                   double      width,
                   double      height)
{
  MusterLayout *self;

  g_return_val_if_fail (system_id != NULL, NULL);
  g_return_val_if_fail (isfinite (width) && width > 0, NULL);
  g_return_val_if_fail (isfinite (height) && height > 0, NULL);

  self = g_object_new (MUSTER_TYPE_LAYOUT, NULL);
  self->system_id = g_strdup (system_id);
  self->deployment_id = g_strdup (deployment_id);
  self->width = width;
  self->height = height;
  g_ptr_array_add (self->players, player_new ("red", "Red", "south"));
  g_ptr_array_add (self->players, player_new ("blue", "Blue", "north"));

  return self;
}

const char *
muster_layout_get_system_id (MusterLayout *self)
{
  g_return_val_if_fail (MUSTER_IS_LAYOUT (self), NULL);

  return self->system_id;
}

const char *
muster_layout_get_deployment_id (MusterLayout *self)
{
  g_return_val_if_fail (MUSTER_IS_LAYOUT (self), NULL);

  return self->deployment_id;
}

void
muster_layout_set_game (MusterLayout *self,
                        const char   *system_id,
                        const char   *deployment_id)
{
  gboolean changed = FALSE;

  g_return_if_fail (MUSTER_IS_LAYOUT (self));
  g_return_if_fail (system_id != NULL);

  g_object_freeze_notify (G_OBJECT (self));

  if (g_strcmp0 (self->system_id, system_id) != 0)
    {
      g_free (self->system_id);
      self->system_id = g_strdup (system_id);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SYSTEM_ID]);
      changed = TRUE;
    }

  if (g_strcmp0 (self->deployment_id, deployment_id) != 0)
    {
      g_free (self->deployment_id);
      self->deployment_id = g_strdup (deployment_id);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DEPLOYMENT_ID]);
      changed = TRUE;
    }

  g_object_thaw_notify (G_OBJECT (self));

  if (changed)
    g_signal_emit (self, signals[CHANGED], 0);
}

GHashTable *
muster_layout_get_options (MusterLayout *self)
{
  g_return_val_if_fail (MUSTER_IS_LAYOUT (self), NULL);

  return self->options;
}

void
muster_layout_set_option (MusterLayout *self,
                          const char   *name,
                          const char   *value)
{
  const char *old;

  g_return_if_fail (MUSTER_IS_LAYOUT (self));
  g_return_if_fail (name != NULL);

  old = g_hash_table_lookup (self->options, name);
  if (g_strcmp0 (old, value) == 0)
    return;

  if (value == NULL)
    {
      guint index;

      g_hash_table_remove (self->options, name);
      if (g_ptr_array_find_with_equal_func (self->option_names, name, g_str_equal, &index))
        g_ptr_array_remove_index (self->option_names, index);
    }
  else
    {
      if (old == NULL)
        g_ptr_array_add (self->option_names, g_strdup (name));
      g_hash_table_insert (self->options, g_strdup (name), g_strdup (value));
    }

  g_signal_emit (self, signals[CHANGED], 0);
}

MusterUnit
muster_layout_get_units (MusterLayout *self)
{
  g_return_val_if_fail (MUSTER_IS_LAYOUT (self), MUSTER_UNIT_INCH);

  return self->units;
}

void
muster_layout_set_units (MusterLayout *self,
                         MusterUnit    units)
{
  g_return_if_fail (MUSTER_IS_LAYOUT (self));
  g_return_if_fail (units == MUSTER_UNIT_INCH || units == MUSTER_UNIT_CM || units == MUSTER_UNIT_MM);

  if (self->units == units)
    return;

  self->units = units;
  g_signal_emit (self, signals[CHANGED], 0);
}

double
muster_layout_get_width (MusterLayout *self)
{
  g_return_val_if_fail (MUSTER_IS_LAYOUT (self), 0);

  return self->width;
}

double
muster_layout_get_height (MusterLayout *self)
{
  g_return_val_if_fail (MUSTER_IS_LAYOUT (self), 0);

  return self->height;
}

void
muster_layout_set_board (MusterLayout *self,
                         double        width,
                         double        height)
{
  gboolean changed = FALSE;

  g_return_if_fail (MUSTER_IS_LAYOUT (self));
  g_return_if_fail (isfinite (width) && width > 0);
  g_return_if_fail (isfinite (height) && height > 0);

  g_object_freeze_notify (G_OBJECT (self));

  if (self->width != width)
    {
      self->width = width;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WIDTH]);
      changed = TRUE;
    }

  if (self->height != height)
    {
      self->height = height;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HEIGHT]);
      changed = TRUE;
    }

  g_object_thaw_notify (G_OBJECT (self));

  if (changed)
    g_signal_emit (self, signals[CHANGED], 0);
}

GPtrArray *
muster_layout_get_players (MusterLayout *self)
{
  g_return_val_if_fail (MUSTER_IS_LAYOUT (self), NULL);

  return self->players;
}

MusterPlayer *
muster_layout_lookup_player (MusterLayout *self,
                             const char   *player_id)
{
  g_return_val_if_fail (MUSTER_IS_LAYOUT (self), NULL);
  g_return_val_if_fail (player_id != NULL, NULL);

  for (guint i = 0; i < self->players->len; i++)
    {
      MusterPlayer *player = g_ptr_array_index (self->players, i);

      if (strcmp (player->id, player_id) == 0)
        return player;
    }

  return NULL;
}

static gboolean
replace_string (char       **field,
                const char  *value)
{
  if (g_strcmp0 (*field, value) == 0)
    return FALSE;

  g_free (*field);
  *field = g_strdup (value);

  return TRUE;
}

void
muster_layout_update_player (MusterLayout *self,
                             const char   *player_id,
                             const char   *zone,
                             const char   *role,
                             const char   *short_edge)
{
  MusterPlayer *player;
  gboolean changed = FALSE;

  g_return_if_fail (MUSTER_IS_LAYOUT (self));
  g_return_if_fail (player_id != NULL);

  player = muster_layout_lookup_player (self, player_id);
  g_return_if_fail (player != NULL);

  changed |= replace_string (&player->zone, zone);
  changed |= replace_string (&player->role, role);
  changed |= replace_string (&player->short_edge, short_edge);

  if (changed)
    g_signal_emit (self, signals[CHANGED], 0);
}

gboolean
muster_color_is_valid (const char *text)
{
  if (text == NULL || text[0] != '#' || strlen (text) != 7)
    return FALSE;

  for (guint i = 1; i < 7; i++)
    if (!g_ascii_isxdigit (text[i]))
      return FALSE;

  return TRUE;
}

void
muster_layout_set_player_color (MusterLayout *self,
                                const char   *player_id,
                                const char   *color)
{
  g_autofree char *lower = NULL;
  MusterPlayer *player;

  g_return_if_fail (MUSTER_IS_LAYOUT (self));
  g_return_if_fail (player_id != NULL);
  g_return_if_fail (color == NULL || muster_color_is_valid (color));

  player = muster_layout_lookup_player (self, player_id);
  g_return_if_fail (player != NULL);

  lower = color != NULL ? g_ascii_strdown (color, -1) : NULL;
  if (replace_string (&player->color, lower))
    g_signal_emit (self, signals[CHANGED], 0);
}

void
muster_layout_set_player_name (MusterLayout *self,
                               const char   *player_id,
                               const char   *name)
{
  MusterPlayer *player;

  g_return_if_fail (MUSTER_IS_LAYOUT (self));
  g_return_if_fail (player_id != NULL);
  g_return_if_fail (name != NULL);

  player = muster_layout_lookup_player (self, player_id);
  g_return_if_fail (player != NULL);

  if (replace_string (&player->name, name))
    g_signal_emit (self, signals[CHANGED], 0);
}

/* The table of ids holds serials rather than pieces: an entry left for
 * a piece since renamed or removed then leads to another id or to no
 * piece, never to freed memory, and a removal or a change costs the
 * piece's own entry, where the whole table was made again (a pass over
 * every piece of a big table at the next lookup). */
static void
index_piece (MusterLayout *self,
             MusterPiece  *piece)
{
  g_hash_table_insert (self->piece_by_id, g_strdup (piece->id), GUINT_TO_POINTER (piece->serial));
}

static void
ensure_index (MusterLayout *self)
{
  if (!self->index_dirty)
    return;

  g_hash_table_remove_all (self->piece_by_id);
  for (guint i = 0; i < self->pieces->len; i++)
    index_piece (self, g_ptr_array_index (self->pieces, i));

  self->index_dirty = FALSE;
}

GPtrArray *
muster_layout_get_pieces (MusterLayout *self)
{
  g_return_val_if_fail (MUSTER_IS_LAYOUT (self), NULL);

  return self->pieces;
}

/* The piece the table of ids gives for piece_id; stale when it names a
 * piece gone or of another id since. */
static MusterPiece *
lookup_indexed (MusterLayout *self,
                const char   *piece_id,
                gboolean     *stale)
{
  guint serial = GPOINTER_TO_UINT (g_hash_table_lookup (self->piece_by_id, piece_id));
  MusterPiece *piece;

  *stale = FALSE;
  if (serial == 0)
    return NULL;

  piece = muster_layout_lookup_serial (self, serial);
  if (piece == NULL || g_strcmp0 (piece->id, piece_id) != 0)
    {
      *stale = TRUE;
      return NULL;
    }

  return piece;
}

MusterPiece *
muster_layout_lookup_piece (MusterLayout *self,
                            const char   *piece_id)
{
  MusterPiece *piece;
  gboolean stale;

  g_return_val_if_fail (MUSTER_IS_LAYOUT (self), NULL);
  g_return_val_if_fail (piece_id != NULL, NULL);

  ensure_index (self);
  piece = lookup_indexed (self, piece_id, &stale);

  /* The id of a piece renamed or removed since; or an id changed in
   * place without muster_layout_piece_changed(). */
  if (stale)
    {
      self->index_dirty = TRUE;
      ensure_index (self);
      piece = lookup_indexed (self, piece_id, &stale);
    }

  return piece;
}

/* By halves, in the pieces' order, which is their serials' (see
 * MusterLayout's pieces): nothing to build first, where a table of
 * serials, rebuilt with the table of ids, cost the first lookup after a
 * load or a removal a pass over every piece (4.4 M instructions for the
 * two with 5,000). */
static gboolean
find_serial (MusterLayout *self,
             guint         serial,
             guint        *position)
{
  guint lo = 0, hi = self->pieces->len;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      MusterPiece *piece = g_ptr_array_index (self->pieces, mid);

      if (piece->serial < serial)
        lo = mid + 1;
      else if (piece->serial > serial)
        hi = mid;
      else
        {
          *position = mid;
          return TRUE;
        }
    }

  return FALSE;
}

MusterPiece *
muster_layout_lookup_serial (MusterLayout *self,
                             guint         serial)
{
  guint position;

  g_return_val_if_fail (MUSTER_IS_LAYOUT (self), NULL);

  return find_serial (self, serial, &position) ? g_ptr_array_index (self->pieces, position) : NULL;
}

MusterTerrain *
muster_layout_lookup_terrain (MusterLayout *self,
                              const char   *terrain_id)
{
  g_return_val_if_fail (MUSTER_IS_LAYOUT (self), NULL);
  g_return_val_if_fail (terrain_id != NULL, NULL);

  for (guint i = 0; i < self->terrain->len; i++)
    {
      MusterTerrain *terrain = g_ptr_array_index (self->terrain, i);

      if (strcmp (terrain->id, terrain_id) == 0)
        return terrain;
    }

  return NULL;
}

/* What the terrain is, as the window names it: its tool, its rows, the
 * problems that name it. */
gboolean
muster_terrain_get_bounds (const MusterTerrain *terrain,
                           MusterBox           *box)
{
  g_return_val_if_fail (terrain != NULL, FALSE);
  g_return_val_if_fail (box != NULL, FALSE);

  if (terrain->n_points == 0)
    return FALSE;

  *box = (MusterBox) { terrain->points[0].x, terrain->points[0].y, terrain->points[0].x, terrain->points[0].y };
  for (guint i = 1; i < terrain->n_points; i++)
    {
      box->x0 = MIN (box->x0, terrain->points[i].x);
      box->y0 = MIN (box->y0, terrain->points[i].y);
      box->x1 = MAX (box->x1, terrain->points[i].x);
      box->y1 = MAX (box->y1, terrain->points[i].y);
    }

  return TRUE;
}

const char *
muster_terrain_get_kind_label (const MusterTerrain *terrain)
{
  g_return_val_if_fail (terrain != NULL, NULL);

  switch (terrain->kind)
    {
    case MUSTER_TERRAIN_BUILDING:
      return _("Building");
    case MUSTER_TERRAIN_IMPASSABLE:
      return _("Impassable");
    case MUSTER_TERRAIN_AREA:
    default:
      return terrain->blocks_lof ? _("Area, Blocks Line of Fire") : _("Area, Open");
    }
}

gboolean
muster_layout_has_id (MusterLayout *self,
                      const char   *id)
{
  g_return_val_if_fail (MUSTER_IS_LAYOUT (self), FALSE);
  g_return_val_if_fail (id != NULL, FALSE);

  return muster_layout_lookup_piece (self, id) != NULL ||
         muster_layout_lookup_terrain (self, id) != NULL;
}

/* The ids the game log names as pieces or troopers. */
static GHashTable *
ids_in_game_log (MusterLayout *self)
{
  static const char * const names[] = { "piece", "trooper" };
  GHashTable *ids = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < self->game_steps->len; i++)
    {
      MusterLogStep *step = g_ptr_array_index (self->game_steps, i);

      for (guint k = 0; k < G_N_ELEMENTS (names); k++)
        {
          const char *id = muster_log_step_get (step, names[k]);

          if (id != NULL)
            g_hash_table_add (ids, (gpointer) id);
          for (guint j = 0; j < muster_log_step_get_n_items (step); j++)
            if ((id = muster_log_item_get (muster_log_step_get_item (step, j), names[k])) != NULL)
              g_hash_table_add (ids, (gpointer) id);
        }
    }

  return ids;
}

char *
muster_layout_make_id (MusterLayout *self,
                       const char   *prefix)
{
  g_autoptr(GHashTable) logged = NULL;

  g_return_val_if_fail (MUSTER_IS_LAYOUT (self), NULL);
  g_return_val_if_fail (prefix != NULL, NULL);

  /* Not an id that the game log names, of a piece deleted since: the
   * game would take the new piece for it (a trooper deployed, or bound to
   * a model taken off the table, would claim it). */
  logged = ids_in_game_log (self);

  /* There are fewer ids in use than numbers, so this ends. */
  for (guint n = 1; ; n++)
    {
      g_autofree char *id = g_strdup_printf ("%s%u", prefix, n);

      if (!muster_layout_has_id (self, id) && !g_hash_table_contains (logged, id))
        return g_steal_pointer (&id);
    }
}

gboolean
muster_layout_add_piece (MusterLayout *self,
                         MusterPiece  *piece)
{
  g_return_val_if_fail (MUSTER_IS_LAYOUT (self), FALSE);
  g_return_val_if_fail (piece != NULL, FALSE);
  g_return_val_if_fail (piece->id != NULL, FALSE);

  if (muster_layout_has_id (self, piece->id))
    return FALSE;

  piece->serial = _muster_layout_next_serial (self);
  g_ptr_array_add (self->pieces, piece);
  ensure_index (self);
  index_piece (self, piece);
  _muster_layout_space_enter (self, piece);
  g_signal_emit (self, signals[PIECE_ADDED], 0, piece->serial);

  return TRUE;
}

gboolean
muster_layout_remove_piece (MusterLayout *self,
                            const char   *piece_id)
{
  MusterPiece *piece;
  guint position;
  guint serial;

  g_return_val_if_fail (MUSTER_IS_LAYOUT (self), FALSE);
  g_return_val_if_fail (piece_id != NULL, FALSE);

  piece = muster_layout_lookup_piece (self, piece_id);
  if (piece != NULL && find_serial (self, piece->serial, &position))
    {
      g_ptr_array_steal_index (self->pieces, position);
      g_hash_table_remove (self->piece_by_id, piece_id);
    }
  else
    {
      /* An id changed in place without muster_layout_piece_changed(),
       * which the table of ids has not seen. */
      piece = NULL;
      for (guint i = 0; i < self->pieces->len; i++)
        {
          MusterPiece *p = g_ptr_array_index (self->pieces, i);

          if (strcmp (p->id, piece_id) == 0)
            {
              piece = g_ptr_array_steal_index (self->pieces, i);
              self->index_dirty = TRUE;
              break;
            }
        }
    }

  if (piece == NULL)
    return FALSE;

  serial = piece->serial;
  _muster_layout_space_leave (self, serial);
  g_signal_emit (self, signals[PIECE_REMOVED], 0, serial);
  muster_piece_free (piece);

  return TRUE;
}

void
muster_layout_move_piece (MusterLayout *self,
                          MusterPiece  *piece,
                          double        x,
                          double        y,
                          double        rotation)
{
  g_return_if_fail (MUSTER_IS_LAYOUT (self));
  g_return_if_fail (piece != NULL);
  g_return_if_fail (isfinite (x) && isfinite (y) && isfinite (rotation));
  g_return_if_fail (muster_layout_lookup_serial (self, piece->serial) == piece);

  piece->x = x;
  piece->y = y;
  piece->rotation = rotation;
  _muster_layout_space_place (self, piece);

  g_signal_emit (self, signals[PIECE_CHANGED], 0, piece->serial);
}

void
muster_layout_piece_changed (MusterLayout *self,
                             MusterPiece  *piece)
{
  g_return_if_fail (MUSTER_IS_LAYOUT (self));
  g_return_if_fail (piece != NULL);
  g_return_if_fail (muster_layout_lookup_serial (self, piece->serial) == piece);

  /* The id may have changed: entered under the one it has now (an entry
   * under the old one leads elsewhere, and is mended when looked up). */
  if (!self->index_dirty)
    index_piece (self, piece);
  _muster_layout_space_place (self, piece);
  g_signal_emit (self, signals[PIECE_CHANGED], 0, piece->serial);
}

void
muster_layout_set_piece_guard (MusterLayout     *self,
                               MusterPieceGuard  guard,
                               gpointer          user_data)
{
  g_return_if_fail (MUSTER_IS_LAYOUT (self));

  self->piece_guard = guard;
  self->piece_guard_data = guard != NULL ? user_data : NULL;
}

gpointer
muster_layout_get_piece_guard_data (MusterLayout *self)
{
  g_return_val_if_fail (MUSTER_IS_LAYOUT (self), NULL);

  return self->piece_guard_data;
}

gboolean
muster_layout_check_piece_edit (MusterLayout       *self,
                                const MusterPiece  *piece,
                                GError            **error)
{
  g_return_val_if_fail (MUSTER_IS_LAYOUT (self), FALSE);
  g_return_val_if_fail (piece != NULL, FALSE);

  return self->piece_guard == NULL || self->piece_guard (self->piece_guard_data, piece, error);
}

GPtrArray *
muster_layout_get_terrain (MusterLayout *self)
{
  g_return_val_if_fail (MUSTER_IS_LAYOUT (self), NULL);

  return self->terrain;
}

void
muster_layout_add_terrain (MusterLayout  *self,
                           MusterTerrain *terrain)
{
  g_return_if_fail (MUSTER_IS_LAYOUT (self));
  g_return_if_fail (terrain != NULL);
  g_return_if_fail (terrain->id != NULL);

  if (muster_layout_has_id (self, terrain->id))
    {
      g_critical ("%s: the id “%s” is already in use", G_STRFUNC, terrain->id);
      muster_terrain_free (terrain);
      return;
    }

  terrain->serial = _muster_layout_next_serial (self);
  g_ptr_array_add (self->terrain, terrain);
  g_signal_emit (self, signals[CHANGED], 0);
}

gboolean
muster_layout_remove_terrain (MusterLayout *self,
                              const char   *terrain_id)
{
  MusterTerrain *terrain;

  g_return_val_if_fail (MUSTER_IS_LAYOUT (self), FALSE);
  g_return_val_if_fail (terrain_id != NULL, FALSE);

  terrain = muster_layout_lookup_terrain (self, terrain_id);
  if (terrain == NULL)
    return FALSE;

  g_ptr_array_remove (self->terrain, terrain);
  g_signal_emit (self, signals[CHANGED], 0);

  return TRUE;
}

static int
lookup_source_line (MusterLayout *self,
                    const char   *key)
{
  return GPOINTER_TO_INT (g_hash_table_lookup (self->source_lines, key));
}

int
muster_layout_get_game_line (MusterLayout *self)
{
  g_return_val_if_fail (MUSTER_IS_LAYOUT (self), 0);

  return lookup_source_line (self, "game");
}

int
muster_layout_get_option_line (MusterLayout *self,
                               const char   *name)
{
  g_autofree char *key = NULL;

  g_return_val_if_fail (MUSTER_IS_LAYOUT (self), 0);
  g_return_val_if_fail (name != NULL, 0);

  key = g_strconcat ("option:", name, NULL);

  return lookup_source_line (self, key);
}

int
muster_layout_get_player_line (MusterLayout *self,
                               const char   *player_id)
{
  g_autofree char *key = NULL;

  g_return_val_if_fail (MUSTER_IS_LAYOUT (self), 0);
  g_return_val_if_fail (player_id != NULL, 0);

  key = g_strconcat ("player:", player_id, NULL);

  return lookup_source_line (self, key);
}

/* A log of Muster's own (see is_log()): a copy of lines, or NULL when
 * they are none. */
static void
replace_log (char               ***log,
             const char * const  *lines)
{
  g_clear_pointer (log, g_strfreev);
  if (lines != NULL && lines[0] != NULL)
    *log = g_strdupv ((char **) lines);
}

const char * const *
muster_layout_get_legacy_roll_log (MusterLayout *self)
{
  g_return_val_if_fail (MUSTER_IS_LAYOUT (self), NULL);

  return (const char * const *) self->roll_log;
}

void
muster_layout_set_legacy_roll_log (MusterLayout       *self,
                            const char * const *lines)
{
  g_return_if_fail (MUSTER_IS_LAYOUT (self));

  replace_log (&self->roll_log, lines);
}

const char * const *
muster_layout_get_legacy_game_log (MusterLayout *self)
{
  g_return_val_if_fail (MUSTER_IS_LAYOUT (self), NULL);

  return (const char * const *) self->game_log;
}

void
muster_layout_set_legacy_game_log (MusterLayout       *self,
                            const char * const *lines)
{
  g_return_if_fail (MUSTER_IS_LAYOUT (self));

  replace_log (&self->game_log, lines);
}

/* The game log */

const char *
muster_layout_get_game_log_system (MusterLayout *self)
{
  g_return_val_if_fail (MUSTER_IS_LAYOUT (self), NULL);

  return self->game_log_system;
}

GPtrArray *
muster_layout_get_game_steps (MusterLayout *self)
{
  g_return_val_if_fail (MUSTER_IS_LAYOUT (self), NULL);

  return self->game_steps;
}

static void
game_log_changed (MusterLayout *self)
{
  g_signal_emit (self, signals[GAME_LOG_CHANGED], 0);
  g_signal_emit (self, signals[CHANGED], 0);
}

void
muster_layout_set_game_log_steps (MusterLayout *self,
                                  const char   *system_id,
                                  GPtrArray    *steps)
{
  gboolean same;

  g_return_if_fail (MUSTER_IS_LAYOUT (self));

  same = g_strcmp0 (self->game_log_system, system_id) == 0 &&
         (steps != NULL ? steps->len : 0) == self->game_steps->len;
  for (guint i = 0; same && i < self->game_steps->len; i++)
    same = g_ptr_array_index (steps, i) == g_ptr_array_index (self->game_steps, i);
  if (same)
    return;

  g_free (self->game_log_system);
  self->game_log_system = g_strdup (system_id);
  g_ptr_array_set_size (self->game_steps, 0);
  for (guint i = 0; steps != NULL && i < steps->len; i++)
    {
      MusterLogStep *step = g_ptr_array_index (steps, i);

      muster_log_step_seal (step);
      g_ptr_array_add (self->game_steps, muster_log_step_ref (step));
    }

  game_log_changed (self);
}

void
muster_layout_append_game_step (MusterLayout  *self,
                                MusterLogStep *step)
{
  g_return_if_fail (MUSTER_IS_LAYOUT (self));
  g_return_if_fail (step != NULL);

  muster_log_step_seal (step);
  g_ptr_array_add (self->game_steps, muster_log_step_ref (step));
  game_log_changed (self);
}

guint
muster_layout_get_newer_game_log (MusterLayout *self)
{
  g_return_val_if_fail (MUSTER_IS_LAYOUT (self), 0);

  return self->newer_game_log;
}
