/* muster-layout.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-layout"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <float.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <libxml/parser.h>
#include <libxml/tree.h>

#include "muster-expr.h"
#include "muster-layout.h"
#include "muster-layout-private.h"
#include "muster-xml.h"

#define XML_NAMESPACE "http://www.w3.org/XML/1998/namespace"

struct _MusterLayout
{
  GObject     parent_instance;

  char       *system_id;
  char       *deployment_id;
  GHashTable *options;          /* name → value */
  GPtrArray  *option_names;     /* in the order they were first set */
  MusterUnit  units;
  double      width;
  double      height;

  GPtrArray  *players;          /* MusterPlayer */
  GPtrArray  *pieces;           /* MusterPiece, file order */
  GPtrArray  *terrain;          /* MusterTerrain, file order */
  guint       last_serial;

  /* Pieces by id and by serial, rebuilt when index_dirty. */
  GHashTable *piece_by_id;
  GHashTable *piece_by_serial;
  gboolean    index_dirty;

  /* Kept verbatim from the file they were read from. */
  GPtrArray  *namespaces;       /* prefix, href pairs declared in the file */
  GPtrArray  *extensions;       /* foreign elements inside <muster-layout> */
  GPtrArray  *ext_attrs;        /* foreign attributes of <muster-layout> */
  GPtrArray  *game_extensions;
  GPtrArray  *game_ext_attrs;
  GPtrArray  *board_ext_attrs;

  /* Where things were read: "game", "option:NAME", "player:ID" → line. */
  GHashTable *source_lines;

  /* The lines of the dice log (muster_dice_log_to_strv()), or NULL. */
  char      **roll_log;
  /* The lines of the game log (see muster_layout_get_game_log()), or NULL. */
  char      **game_log;

  /* The game log (muster_layout_get_game_steps()): the game system it
   * was played in, and its steps (MusterLogStep, sealed). */
  char       *game_log_system;
  GPtrArray  *game_steps;
};

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

static const char * const base_shapes[] = {
  [MUSTER_BASE_ROUND] = "round",
  [MUSTER_BASE_OVAL] = "oval",
  [MUSTER_BASE_RECT] = "rect",
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

static gboolean
base_shape_from_string (const char      *text,
                        MusterBaseShape *shape)
{
  for (guint i = 0; text != NULL && i < G_N_ELEMENTS (base_shapes); i++)
    {
      if (strcmp (text, base_shapes[i]) == 0)
        {
          *shape = (MusterBaseShape) i;
          return TRUE;
        }
    }

  return FALSE;
}

/* Pieces, terrain and players */

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

static void
add_string (GPtrArray  **array,
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
  piece->owner = g_strdup (owner != NULL ? owner : MUSTER_OWNER_NEUTRAL);
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
  copy->owner = g_strdup (piece->owner);
  copy->categories = g_strdupv (piece->categories);
  copy->skills = g_strdupv (piece->skills);
  copy->extensions = copy_strings (piece->extensions);
  copy->ext_attrs = copy_strings (piece->ext_attrs);

  return copy;
}

void
muster_piece_free (MusterPiece *piece)
{
  if (piece == NULL)
    return;

  g_free (piece->id);
  g_free (piece->name);
  g_free (piece->owner);
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
  copy->extensions = copy_strings (terrain->extensions);
  copy->ext_attrs = copy_strings (terrain->ext_attrs);

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
  player->name = g_strdup (name);
  player->zone = g_strdup (zone);

  return player;
}

static void
player_free (MusterPlayer *player)
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

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterPlayer, player_free)

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
  g_clear_pointer (&self->piece_by_serial, g_hash_table_unref);
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
  self->players = g_ptr_array_new_with_free_func ((GDestroyNotify) player_free);
  self->pieces = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_piece_free);
  self->terrain = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_terrain_free);
  self->namespaces = g_ptr_array_new_with_free_func (g_free);
  self->piece_by_id = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->piece_by_serial = g_hash_table_new (NULL, NULL);
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

static void
index_piece (MusterLayout *self,
             MusterPiece  *piece)
{
  g_hash_table_insert (self->piece_by_id, g_strdup (piece->id), piece);
  g_hash_table_insert (self->piece_by_serial, GUINT_TO_POINTER (piece->serial), piece);
}

static void
ensure_index (MusterLayout *self)
{
  if (!self->index_dirty)
    return;

  g_hash_table_remove_all (self->piece_by_id);
  g_hash_table_remove_all (self->piece_by_serial);
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

MusterPiece *
muster_layout_lookup_piece (MusterLayout *self,
                            const char   *piece_id)
{
  MusterPiece *piece;

  g_return_val_if_fail (MUSTER_IS_LAYOUT (self), NULL);
  g_return_val_if_fail (piece_id != NULL, NULL);

  ensure_index (self);
  piece = g_hash_table_lookup (self->piece_by_id, piece_id);

  /* An id changed in place without muster_layout_piece_changed(). */
  if (piece != NULL && g_strcmp0 (piece->id, piece_id) != 0)
    {
      self->index_dirty = TRUE;
      ensure_index (self);
      piece = g_hash_table_lookup (self->piece_by_id, piece_id);
    }

  return piece;
}

MusterPiece *
muster_layout_lookup_serial (MusterLayout *self,
                             guint         serial)
{
  MusterPiece *piece;

  g_return_val_if_fail (MUSTER_IS_LAYOUT (self), NULL);

  ensure_index (self);
  piece = g_hash_table_lookup (self->piece_by_serial, GUINT_TO_POINTER (serial));

  return piece != NULL && piece->serial == serial ? piece : NULL;
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

gboolean
muster_layout_has_id (MusterLayout *self,
                      const char   *id)
{
  g_return_val_if_fail (MUSTER_IS_LAYOUT (self), FALSE);
  g_return_val_if_fail (id != NULL, FALSE);

  return muster_layout_lookup_piece (self, id) != NULL ||
         muster_layout_lookup_terrain (self, id) != NULL;
}

char *
muster_layout_make_id (MusterLayout *self,
                       const char   *prefix)
{
  g_return_val_if_fail (MUSTER_IS_LAYOUT (self), NULL);
  g_return_val_if_fail (prefix != NULL, NULL);

  /* There are fewer ids in use than numbers, so this ends. */
  for (guint n = 1; ; n++)
    {
      g_autofree char *id = g_strdup_printf ("%s%u", prefix, n);

      if (!muster_layout_has_id (self, id))
        return g_steal_pointer (&id);
    }
}

static guint
next_serial (MusterLayout *self)
{
  self->last_serial++;
  if (self->last_serial == 0)
    self->last_serial++;

  return self->last_serial;
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

  piece->serial = next_serial (self);
  g_ptr_array_add (self->pieces, piece);
  ensure_index (self);
  index_piece (self, piece);
  g_signal_emit (self, signals[PIECE_ADDED], 0, piece->serial);

  return TRUE;
}

gboolean
muster_layout_remove_piece (MusterLayout *self,
                            const char   *piece_id)
{
  MusterPiece *piece = NULL;
  guint serial;

  g_return_val_if_fail (MUSTER_IS_LAYOUT (self), FALSE);
  g_return_val_if_fail (piece_id != NULL, FALSE);

  for (guint i = 0; i < self->pieces->len; i++)
    {
      MusterPiece *p = g_ptr_array_index (self->pieces, i);

      if (strcmp (p->id, piece_id) == 0)
        {
          piece = g_ptr_array_steal_index (self->pieces, i);
          break;
        }
    }

  if (piece == NULL)
    return FALSE;

  serial = piece->serial;
  self->index_dirty = TRUE;
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

  g_signal_emit (self, signals[PIECE_CHANGED], 0, piece->serial);
}

void
muster_layout_piece_changed (MusterLayout *self,
                             MusterPiece  *piece)
{
  g_return_if_fail (MUSTER_IS_LAYOUT (self));
  g_return_if_fail (piece != NULL);
  g_return_if_fail (g_ptr_array_find (self->pieces, piece, NULL));

  /* The id may have changed. */
  self->index_dirty = TRUE;
  g_signal_emit (self, signals[PIECE_CHANGED], 0, piece->serial);
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

  terrain->serial = next_serial (self);
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

/* Reading */

/* The ids of pieces and terrain read so far, each with the line where it
 * was: a set with open addressing (a GHashTable is several times the
 * work for a large layout). The ids are the pieces' and terrain's own,
 * which the table borrows: they outlive it, or the reading fails and the
 * table goes unread. */
typedef struct
{
  const char **ids;             /* NULL: a free slot */
  int         *lines;
  guint        mask;            /* the number of slots less one */
  guint        n_ids;
} IdTable;

static void
id_table_init (IdTable *table,
               guint    n_slots)
{
  g_assert (n_slots > 0 && (n_slots & (n_slots - 1)) == 0);

  table->ids = g_new0 (const char *, n_slots);
  table->lines = g_new (int, n_slots);
  table->mask = n_slots - 1;
  table->n_ids = 0;
}

static void
id_table_clear (IdTable *table)
{
  g_clear_pointer (&table->ids, g_free);
  g_clear_pointer (&table->lines, g_free);
}

static guint
hash_id (const char *id)
{
  guint32 hash = 2166136261u;   /* FNV-1a */

  for (const guchar *p = (const guchar *) id; *p != '\0'; p++)
    hash = (hash ^ *p) * 16777619u;

  return hash;
}

/* The slot of id, or the free one where it would go. */
static guint
id_table_find (const IdTable *table,
               const char    *id)
{
  guint i = hash_id (id) & table->mask;

  while (table->ids[i] != NULL && strcmp (table->ids[i], id) != 0)
    i = (i + 1) & table->mask;

  return i;
}

/* Adds id at line; FALSE (with *first its line) if it is there already. */
static gboolean
id_table_add (IdTable    *table,
              const char *id,
              int         line,
              int        *first)
{
  guint i = id_table_find (table, id);

  if (table->ids[i] != NULL)
    {
      *first = table->lines[i];
      return FALSE;
    }

  table->ids[i] = id;
  table->lines[i] = line;

  /* At most half full. */
  if (++table->n_ids > table->mask / 2)
    {
      IdTable bigger;

      id_table_init (&bigger, (table->mask + 1) * 2);
      for (guint j = 0; j <= table->mask; j++)
        {
          if (table->ids[j] != NULL)
            {
              guint k = id_table_find (&bigger, table->ids[j]);

              bigger.ids[k] = table->ids[j];
              bigger.lines[k] = table->lines[j];
            }
        }
      bigger.n_ids = table->n_ids;
      id_table_clear (table);
      *table = bigger;
    }

  return TRUE;
}

typedef struct
{
  const char   *filename;
  MusterLayout *layout;
  IdTable       ids;              /* piece and terrain ids → first line */
  GHashTable   *player_lines;     /* player id → line */
  GHashTable   *ns_by_prefix;     /* prefix → href, declared in the file */
  GArray       *lifted;           /* LiftedPiece, in file order, or NULL */
  guint         next_lifted;
  GString      *scratch;          /* the values of a lifted piece */
} Loader;

/* What a message is about ("piece “p1”", "<board>"): put into words
 * only for a message. */
typedef enum
{
  SUBJECT_ELEMENT,    /* text is the whole of it */
  SUBJECT_PIECE,
  SUBJECT_PLAYER,
  SUBJECT_TERRAIN,
} SubjectKind;

typedef struct
{
  SubjectKind  kind;
  const char  *text;              /* the element, or the id */
} Subject;

static char *
describe (const Subject *subject)
{
  switch (subject->kind)
    {
    case SUBJECT_ELEMENT:
      return g_strdup (subject->text);
    case SUBJECT_PIECE:
      return g_strdup_printf (_("piece “%s”"), subject->text);
    case SUBJECT_PLAYER:
      return g_strdup_printf (_("player “%s”"), subject->text);
    case SUBJECT_TERRAIN:
      return g_strdup_printf (_("terrain “%s”"), subject->text);
    default:
      g_assert_not_reached ();
    }
}

static gboolean fail (const Loader  *loader,
                      xmlNode       *node,
                      GError       **error,
                      const char    *format,
                      ...) G_GNUC_PRINTF (4, 5);

static gboolean
fail (const Loader  *loader,
      xmlNode       *node,
      GError       **error,
      const char    *format,
      ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  g_set_error (error, MUSTER_LAYOUT_ERROR, MUSTER_LAYOUT_ERROR_INVALID,
               "%s:%d: %s", loader->filename, MAX (1, muster_xml_get_line (node)), message);

  return FALSE;
}

/* Explaining schema errors. libxml2's RELAX NG messages often name the
 * wrong element (the first of a repeated group), so when the schema says
 * no, this walk finds the offending element itself and says what is wrong
 * with it. It follows data/muster-layout.rng. */

typedef struct
{
  const char *name;
  const char *required[5];
  const char *optional[9];
  gboolean    foreign_attributes;
  gboolean    foreign_elements;
} ElementRule;

static const ElementRule element_rules[] = {
  { "muster-layout", { "version" }, { "units" }, TRUE, TRUE },
  { "game", { "system" }, { "deployment" }, TRUE, TRUE },
  { "option", { "name", "value" }, { NULL }, FALSE, FALSE },
  { "board", { "width", "height" }, { NULL }, TRUE, FALSE },
  { "player", { "id" }, { "name", "zone", "role", "short-edge", "color" }, TRUE, TRUE },
  { "piece", { "id", "kind", "x", "y" },
    { "owner", "rotation", "turn", "category", "skills", "prone", "lieutenant", "name" },
    TRUE, TRUE },
  { "base", { "shape" }, { "diameter", "width", "depth" }, FALSE, FALSE },
  { "terrain", { "id", "kind", "points" }, { "blocks-lof", "name" }, TRUE, TRUE },
};

static const ElementRule *
lookup_rule (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (element_rules); i++)
    {
      if (strcmp (element_rules[i].name, name) == 0)
        return &element_rules[i];
    }

  return NULL;
}

static gboolean
in_list (const char * const *list,
         guint               len,
         const char         *name)
{
  for (guint i = 0; i < len && list[i] != NULL; i++)
    {
      if (strcmp (list[i], name) == 0)
        return TRUE;
    }

  return FALSE;
}

static gboolean
is_blank (const xmlChar *text)
{
  for (const xmlChar *p = text; p != NULL && *p != '\0'; p++)
    {
      if (!g_ascii_isspace (*p))
        return FALSE;
    }

  return TRUE;
}

/* A version number that is a whole number above the one this Muster
 * reads; *version is the number without leading zeros. */
static gboolean
version_is_newer (const char  *text,
                  char       **version)
{
  g_autofree char *copy = g_strstrip (g_strdup (text));
  const char *digits = copy;

  if (*digits == '+')
    digits++;
  if (*digits == '\0')
    return FALSE;
  for (const char *p = digits; *p != '\0'; p++)
    {
      if (!g_ascii_isdigit (*p))
        return FALSE;
    }

  while (digits[0] == '0' && digits[1] != '\0')
    digits++;

  /* Longer than any version this Muster could read, or larger. */
  if (strlen (digits) > 9 || g_ascii_strtoull (digits, NULL, 10) > MUSTER_LAYOUT_FORMAT_VERSION)
    {
      *version = g_strdup (digits);
      return TRUE;
    }

  return FALSE;
}

static gboolean
is_version (const char *text)
{
  g_autofree char *copy = g_strstrip (g_strdup (text));
  const char *digits = copy;
  gboolean nonzero = FALSE;

  if (*digits == '+')
    digits++;
  if (*digits == '\0')
    return FALSE;
  for (const char *p = digits; *p != '\0'; p++)
    {
      if (!g_ascii_isdigit (*p))
        return FALSE;
      nonzero |= *p != '0';
    }

  return nonzero;
}

static xmlNode *
explain_element (xmlNode  *node,
                 char    **message)
{
  const ElementRule *rule = lookup_rule ((const char *) node->name);
  const char *name = (const char *) node->name;
  guint n_games = 0;
  guint n_boards = 0;
  guint n_bases = 0;

  g_assert (rule != NULL);

  for (xmlAttr *attr = node->properties; attr != NULL; attr = attr->next)
    {
      const char *attr_name = (const char *) attr->name;

      if (attr->ns != NULL)
        {
          if (!rule->foreign_attributes)
            {
              *message = g_strdup_printf (_("<%s> takes no extension attributes (found “%s”)"),
                                          name, attr_name);
              return node;
            }
          continue;
        }

      if (!in_list (rule->required, G_N_ELEMENTS (rule->required), attr_name) &&
          !in_list (rule->optional, G_N_ELEMENTS (rule->optional), attr_name))
        {
          *message = g_strdup_printf (_("<%s> has no attribute “%s”"), name, attr_name);
          return node;
        }
    }

  for (guint i = 0; i < G_N_ELEMENTS (rule->required) && rule->required[i] != NULL; i++)
    {
      if (xmlHasNsProp (node, (const xmlChar *) rule->required[i], NULL) == NULL)
        {
          *message = g_strdup_printf (_("<%s> needs the attribute “%s”"), name, rule->required[i]);
          return node;
        }
    }

  if (node->parent != NULL && node->parent->type == XML_DOCUMENT_NODE)
    {
      g_autofree char *version = muster_xml_get_prop (node, "version");

      if (!is_version (version))
        {
          *message = g_strdup_printf (_("version=“%s” is not a format version"), version);
          return node;
        }
    }

  for (xmlNode *child = node->children; child != NULL; child = child->next)
    {
      const ElementRule *child_rule;
      const char *child_name;
      xmlNode *culprit;

      if (child->type == XML_TEXT_NODE || child->type == XML_CDATA_SECTION_NODE)
        {
          /* On the element: libxml2 gives text the line where it ends. */
          if (!is_blank (child->content))
            {
              *message = g_strdup_printf (_("<%s> may not contain text"), name);
              return node;
            }
          continue;
        }

      if (child->type != XML_ELEMENT_NODE)
        continue;

      child_name = (const char *) child->name;

      if (child->ns != NULL && child->ns->href != NULL && child->ns->href[0] != '\0')
        {
          if (!rule->foreign_elements)
            {
              *message = g_strdup_printf (_("<%s> may not contain elements (found <%s>)"),
                                          name, child_name);
              return child;
            }
          continue;
        }

      child_rule = lookup_rule (child_name);
      if (child_rule == NULL || child_rule == &element_rules[0])
        {
          *message = g_strdup_printf (_("<%s> is not part of the layout format; "
                                        "an extension must be in its own XML namespace"),
                                      child_name);
          return child;
        }

      if (rule == &element_rules[0])
        {
          if (strcmp (child_name, "game") == 0)
            {
              if (n_games++ > 0)
                {
                  *message = g_strdup (_("a layout has one <game>"));
                  return child;
                }
            }
          else if (strcmp (child_name, "board") == 0)
            {
              if (n_boards++ > 0)
                {
                  *message = g_strdup (_("a layout has one <board>"));
                  return child;
                }
            }
          else if (strcmp (child_name, "player") != 0 &&
                   strcmp (child_name, "piece") != 0 &&
                   strcmp (child_name, "terrain") != 0)
            {
              *message = g_strdup_printf (_("<%s> is not allowed inside <%s>"), child_name, name);
              return child;
            }
        }
      else if (strcmp (name, "game") == 0 && strcmp (child_name, "option") == 0)
        {
        }
      else if (strcmp (name, "piece") == 0 && strcmp (child_name, "base") == 0)
        {
          if (++n_bases > 1)
            {
              *message = g_strdup (_("a piece has one <base>"));
              return child;
            }
        }
      else
        {
          *message = g_strdup_printf (_("<%s> is not allowed inside <%s>"), child_name, name);
          return child;
        }

      culprit = explain_element (child, message);
      if (culprit != NULL)
        return culprit;
    }

  if (rule == &element_rules[0] && (n_games == 0 || n_boards == 0))
    {
      *message = g_strdup (n_games == 0 ? _("the layout has no <game>") : _("the layout has no <board>"));
      return node;
    }

  return NULL;
}

static gboolean is_foreign (xmlNode *node);

/* The schema's check of a <piece>, by hand (see data/muster-layout.rng):
 * libxml2's RELAX NG check of a piece is some twenty times the work of
 * reading it. It says TRUE only where the schema surely does; for
 * anything unusual (a value a token check might refuse, an entity, text,
 * an element the piece may not hold) it says FALSE and leaves the piece
 * to the schema, so the verdict and the messages stay the schema's. */

/* A value the schema's token type takes: here, a non-empty one without
 * white space (others go to the schema). */
static gboolean
is_plain_token (const char *value)
{
  if (value == NULL || *value == '\0')
    return FALSE;

  for (const char *p = value; *p != '\0'; p++)
    {
      if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
        return FALSE;
    }

  return TRUE;
}

/* The attributes of a piece or base in no namespace, as in the schema. */
typedef struct
{
  const char *name;
  gsize       len;
  gboolean    token;
} SchemaAttr;

#define SCHEMA_ATTR(name, token) { name, sizeof (name) - 1, token }

static const SchemaAttr piece_attributes[] = {
  /* Required first. */
  SCHEMA_ATTR ("id", TRUE), SCHEMA_ATTR ("kind", TRUE), SCHEMA_ATTR ("x", FALSE),
  SCHEMA_ATTR ("y", FALSE), SCHEMA_ATTR ("owner", TRUE), SCHEMA_ATTR ("rotation", FALSE),
  SCHEMA_ATTR ("turn", FALSE), SCHEMA_ATTR ("category", FALSE), SCHEMA_ATTR ("skills", FALSE),
  SCHEMA_ATTR ("prone", FALSE), SCHEMA_ATTR ("lieutenant", FALSE), SCHEMA_ATTR ("name", FALSE),
};
#define N_PIECE_REQUIRED 4

static const SchemaAttr base_attributes[] = {
  SCHEMA_ATTR ("shape", TRUE),
  SCHEMA_ATTR ("diameter", FALSE), SCHEMA_ATTR ("width", FALSE), SCHEMA_ATTR ("depth", FALSE),
};
#define N_BASE_REQUIRED 1

/* The attributes of a piece and of its base, as in the lists above. */
typedef enum
{
  PIECE_ID,
  PIECE_KIND,
  PIECE_X,
  PIECE_Y,
  PIECE_OWNER,
  PIECE_ROTATION,
  PIECE_TURN,
  PIECE_CATEGORY,
  PIECE_SKILLS,
  PIECE_PRONE,
  PIECE_LIEUTENANT,
  PIECE_NAME,
  N_PIECE_OWN_ATTRS,
  BASE_SHAPE = N_PIECE_OWN_ATTRS,
  BASE_DIAMETER,
  BASE_WIDTH,
  BASE_DEPTH,
  N_PIECE_ATTRS
} PieceAttr;

G_STATIC_ASSERT (G_N_ELEMENTS (piece_attributes) == N_PIECE_OWN_ATTRS);
G_STATIC_ASSERT (G_N_ELEMENTS (base_attributes) == N_PIECE_ATTRS - N_PIECE_OWN_ATTRS);

/* The attributes of node follow the list (foreign ones if allowed). */
static gboolean
attributes_follow_schema (xmlNode          *node,
                          const SchemaAttr *list,
                          guint             n_list,
                          guint             n_required,
                          gboolean          foreign)
{
  guint32 seen = 0;

  for (xmlAttr *attr = node->properties; attr != NULL; attr = attr->next)
    {
      const char *name = (const char *) attr->name;
      const char *value;
      guint i;

      if (attr->ns != NULL)
        {
          if (!foreign)
            return FALSE;
          continue;
        }

      for (i = 0; i < n_list; i++)
        {
          if (name[0] == list[i].name[0] && strcmp (name, list[i].name) == 0)
            break;
        }

      if (i == n_list || (seen & (1u << i)) != 0)
        return FALSE;
      seen |= 1u << i;

      value = muster_xml_peek_attr_value (attr);
      if (value == NULL || (list[i].token && !is_plain_token (value)))
        return FALSE;
    }

  return (seen & ((1u << n_required) - 1)) == (1u << n_required) - 1;
}

static gboolean
base_follows_schema (xmlNode *node)
{
  return node->children == NULL &&
         attributes_follow_schema (node, base_attributes, G_N_ELEMENTS (base_attributes),
                                   N_BASE_REQUIRED, FALSE);
}

static gboolean
piece_follows_schema (xmlNode *node)
{
  gboolean has_base = FALSE;

  if (!muster_xml_is_element (node, "piece") ||
      !attributes_follow_schema (node, piece_attributes, G_N_ELEMENTS (piece_attributes),
                                 N_PIECE_REQUIRED, TRUE))
    return FALSE;

  /* Extensions (anything inside), at most one <base>, blank text,
   * comments and processing instructions. */
  for (xmlNode *child = node->children; child != NULL; child = child->next)
    {
      if (child->type == XML_ELEMENT_NODE)
        {
          if (is_foreign (child))
            continue;
          if (has_base || !muster_xml_is_element (child, "base") || !base_follows_schema (child))
            return FALSE;
          has_base = TRUE;
        }
      else if (child->type == XML_TEXT_NODE)
        {
          if (!is_blank (child->content))
            return FALSE;
        }
      else if (child->type != XML_COMMENT_NODE && child->type != XML_PI_NODE)
        return FALSE;
    }

  return TRUE;
}

/* Lifting pieces.
 *
 * A piece of the usual form is read from the bytes of the file, without
 * a node for it in libxml2's tree (see muster_xml_parse_lifting()):
 *
 *   <piece id="p1" kind="unit" owner="red" x="12" y="40" turn="1">
 *     <base shape="rect" width="100mm" depth="80mm"/>
 *   </piece>
 *
 * lift_piece() takes only a piece that is well-formed on its own and
 * that piece_follows_schema() would vouch for: attributes of the schema's
 * (each once, the required ones there, tokens without white space), in
 * printable ASCII without references; one <base/> of the same kind;
 * nothing but white space besides. Anything else (an extension, a
 * comment, a name in another script, an attribute the format lacks)
 * stays in the tree and is read from there. Its values are read by the
 * same code as the tree's (read_piece_text()), from copies. */

typedef struct
{
  const char *start;                       /* the element's "<" in the file */
  guint16     size;                        /* of the element */
  guint16     offset[N_PIECE_ATTRS];       /* of each value from start; 0 if absent */
  guint16     length[N_PIECE_ATTRS];
} LiftedPiece;

/* What a byte may be in a lifted piece. */
enum
{
  BYTE_SPACE = 1 << 0,          /* XML white space */
  BYTE_NAME = 1 << 1,           /* of an attribute name of the format: a-z, "-" */
  /* Of an attribute value without a reference (printable ASCII but "<"
   * and "&") in double quotes, in single quotes, and the same for a
   * token, which also has no space. */
  BYTE_TEXT_IN_DQ = 1 << 2,
  BYTE_TEXT_IN_SQ = 1 << 3,
  BYTE_TOKEN_IN_DQ = 1 << 4,
  BYTE_TOKEN_IN_SQ = 1 << 5,
};

static guint8 byte_classes[256];

static void
init_byte_classes (void)
{
  static gsize done;

  if (g_once_init_enter (&done))
    {
      for (guint c = 0x20; c <= 0x7E; c++)
        {
          guint8 klass = 0;

          if (c != '<' && c != '&')
            klass |= BYTE_TEXT_IN_DQ | BYTE_TEXT_IN_SQ | BYTE_TOKEN_IN_DQ | BYTE_TOKEN_IN_SQ;
          if (c == '"')
            klass &= ~(BYTE_TEXT_IN_DQ | BYTE_TOKEN_IN_DQ);
          if (c == '\'')
            klass &= ~(BYTE_TEXT_IN_SQ | BYTE_TOKEN_IN_SQ);
          if (c == ' ')
            klass &= ~(BYTE_TOKEN_IN_DQ | BYTE_TOKEN_IN_SQ);
          if ((c >= 'a' && c <= 'z') || c == '-')
            klass |= BYTE_NAME;

          byte_classes[c] = klass;
        }
      byte_classes[' '] |= BYTE_SPACE;
      byte_classes['\t'] |= BYTE_SPACE;
      byte_classes['\n'] |= BYTE_SPACE;
      byte_classes['\r'] |= BYTE_SPACE;

      g_once_init_leave (&done, 1);
    }
}

/* p moved on past the bytes of class klass. */
static inline const char *
skip_bytes (const char *p,
            const char *end,
            guint       klass)
{
  /* Four at a time, with one check of the end. */
  for (; end - p >= 4; p += 4)
    {
      if ((byte_classes[(guchar) p[0]] & klass) == 0)
        return p;
      if ((byte_classes[(guchar) p[1]] & klass) == 0)
        return p + 1;
      if ((byte_classes[(guchar) p[2]] & klass) == 0)
        return p + 2;
      if ((byte_classes[(guchar) p[3]] & klass) == 0)
        return p + 3;
    }

  while (p < end && (byte_classes[(guchar) *p] & klass) != 0)
    p++;

  return p;
}

static gboolean
looking_at (const char *p,
            const char *end,
            const char *ascii)
{
  gsize len = strlen (ascii);

  return (gsize) (end - p) >= len && memcmp (p, ascii, len) == 0;
}

/* Reads the attributes of a start tag from *pp, after its name, up to
 * (not past) its ">" or "/>": FALSE unless each is one of list, once,
 * with a plain value (see above), and the first n_required are there.
 * Their values go to lifted from index first on. */
static gboolean
lift_attributes (const char       **pp,
                 const char        *end,
                 const SchemaAttr  *list,
                 guint              n_list,
                 guint              n_required,
                 guint              first,
                 LiftedPiece       *lifted)
{
  const char *p = *pp;
  guint32 seen = 0;

  for (;;)
    {
      const char *name = skip_bytes (p, end, BYTE_SPACE);
      const char *value;
      gsize name_len;
      guint klass;
      guint i;

      if (name >= end)
        return FALSE;
      if (*name == '>' || *name == '/')
        {
          p = name;
          break;
        }
      if (name == p)
        return FALSE;   /* attributes apart, as XML wants */

      p = skip_bytes (name, end, BYTE_NAME);
      name_len = p - name;

      for (i = 0; i < n_list; i++)
        {
          if (list[i].len == name_len && memcmp (list[i].name, name, name_len) == 0)
            break;
        }

      if (i == n_list || (seen & (1u << i)) != 0)
        return FALSE;
      seen |= 1u << i;

      p = skip_bytes (p, end, BYTE_SPACE);
      if (p >= end || *p != '=')
        return FALSE;
      p = skip_bytes (p + 1, end, BYTE_SPACE);
      if (p >= end)
        return FALSE;

      if (*p == '"')
        klass = list[i].token ? BYTE_TOKEN_IN_DQ : BYTE_TEXT_IN_DQ;
      else if (*p == '\'')
        klass = list[i].token ? BYTE_TOKEN_IN_SQ : BYTE_TEXT_IN_SQ;
      else
        return FALSE;

      value = p + 1;
      p = skip_bytes (value, end, klass);
      /* Ends at its quote, and a token is not empty. */
      if (p >= end || *p != value[-1] || (list[i].token && p == value))
        return FALSE;

      lifted->offset[first + i] = (guint16) (value - lifted->start);
      lifted->length[first + i] = (guint16) (p - value);
      p++;
    }

  *pp = p;

  return (seen & ((1u << n_required) - 1)) == (1u << n_required) - 1;
}

/* The MusterXmlLiftFunc of layouts: a piece as above, added to the
 * GArray of LiftedPiece that user_data is. */
static gsize
lift_piece (const char *text,
            gsize       available,
            gpointer    user_data)
{
  GArray *pieces = user_data;
  /* Offsets fit in 16 bits. */
  const char *end = text + MIN (available, G_MAXUINT16);
  const char *p = text;
  LiftedPiece lifted = { text, 0, { 0 }, { 0 } };

  init_byte_classes ();

  if (!looking_at (p, end, "<piece"))
    return 0;
  p += strlen ("<piece");

  if (!lift_attributes (&p, end, piece_attributes, N_PIECE_OWN_ATTRS, N_PIECE_REQUIRED, 0, &lifted) ||
      *p != '>')
    return 0;
  p++;

  p = skip_bytes (p, end, BYTE_SPACE);
  if (!looking_at (p, end, "<base"))
    return 0;
  p += strlen ("<base");

  if (!lift_attributes (&p, end, base_attributes, G_N_ELEMENTS (base_attributes), N_BASE_REQUIRED,
                        N_PIECE_OWN_ATTRS, &lifted) ||
      !looking_at (p, end, "/>"))
    return 0;
  p += strlen ("/>");

  p = skip_bytes (p, end, BYTE_SPACE);
  if (!looking_at (p, end, "</piece"))
    return 0;
  p += strlen ("</piece");

  p = skip_bytes (p, end, BYTE_SPACE);
  if (p >= end || *p != '>')
    return 0;
  p++;

  lifted.size = (guint16) (p - text);
  g_array_append_val (pieces, lifted);

  return p - text;
}

/* The check of the children of the root that the schema need not see:
 * lifted pieces, and pieces that piece_follows_schema() vouches for. */
static gboolean
child_follows_schema (xmlNode *node)
{
  return muster_xml_get_lifted (node) > 0 || piece_follows_schema (node);
}

/* The rest of the schema by hand, the same way: a layout of the usual
 * form needs no RELAX NG at all (whose schema alone takes more work to
 * compile than the rest of such a layout to read). TRUE only where the
 * schema surely says yes; anything unusual goes to the schema. */

static const SchemaAttr layout_attributes[] = {
  SCHEMA_ATTR ("version", FALSE), SCHEMA_ATTR ("units", TRUE),
};

static const SchemaAttr game_attributes[] = {
  SCHEMA_ATTR ("system", TRUE), SCHEMA_ATTR ("deployment", TRUE),
};

static const SchemaAttr option_attributes[] = {
  SCHEMA_ATTR ("name", TRUE), SCHEMA_ATTR ("value", FALSE),
};

static const SchemaAttr board_attributes[] = {
  SCHEMA_ATTR ("width", FALSE), SCHEMA_ATTR ("height", FALSE),
};

static const SchemaAttr player_attributes[] = {
  SCHEMA_ATTR ("id", TRUE), SCHEMA_ATTR ("name", FALSE), SCHEMA_ATTR ("zone", TRUE),
  SCHEMA_ATTR ("role", TRUE), SCHEMA_ATTR ("short-edge", TRUE), SCHEMA_ATTR ("color", FALSE),
};

static const SchemaAttr terrain_attributes[] = {
  SCHEMA_ATTR ("id", TRUE), SCHEMA_ATTR ("kind", TRUE), SCHEMA_ATTR ("points", FALSE),
  SCHEMA_ATTR ("blocks-lof", FALSE), SCHEMA_ATTR ("name", FALSE),
};

/* What the schema passes over in element content: blank text, comments,
 * processing instructions. */
static gboolean
is_skipped_by_schema (xmlNode *node)
{
  if (node->type == XML_TEXT_NODE)
    return is_blank (node->content);

  return node->type == XML_COMMENT_NODE || node->type == XML_PI_NODE;
}

/* The content of player and terrain: extensions (anything inside them). */
static gboolean
holds_extensions_only (xmlNode *node)
{
  for (xmlNode *child = node->children; child != NULL; child = child->next)
    {
      if (!is_foreign (child) && !is_skipped_by_schema (child))
        return FALSE;
    }

  return TRUE;
}

static gboolean
game_follows_schema (xmlNode *node)
{
  if (!attributes_follow_schema (node, game_attributes, G_N_ELEMENTS (game_attributes), 1, TRUE))
    return FALSE;

  for (xmlNode *child = node->children; child != NULL; child = child->next)
    {
      if (muster_xml_is_element (child, "option"))
        {
          if (child->children != NULL ||
              !attributes_follow_schema (child, option_attributes, G_N_ELEMENTS (option_attributes),
                                         2, FALSE))
            return FALSE;
        }
      else if (!is_foreign (child) && !is_skipped_by_schema (child))
        return FALSE;
    }

  return TRUE;
}

/* A version the schema's positiveInteger takes: here, up to nine digits
 * without a leading zero or white space. */
static gboolean
is_plain_version (const char *text)
{
  gsize len;

  if (text == NULL || text[0] < '1' || text[0] > '9')
    return FALSE;

  len = strspn (text, "0123456789");

  return text[len] == '\0' && len <= 9;
}

static gboolean
layout_follows_schema (xmlNode *root)
{
  guint n_games = 0;
  guint n_boards = 0;

  if (!attributes_follow_schema (root, layout_attributes, G_N_ELEMENTS (layout_attributes), 1, TRUE) ||
      !is_plain_version (muster_xml_peek_prop (root, "version")))
    return FALSE;

  /* The interleave: one game, one board, any players, pieces, terrain
   * and extensions, in any order. */
  for (xmlNode *child = root->children; child != NULL; child = child->next)
    {
      gboolean follows;

      if (child->type != XML_ELEMENT_NODE)
        follows = is_skipped_by_schema (child);
      else if (is_foreign (child) || child_follows_schema (child))
        follows = TRUE;
      else if (muster_xml_is_element (child, "game"))
        follows = n_games++ == 0 && game_follows_schema (child);
      else if (muster_xml_is_element (child, "board"))
        follows = n_boards++ == 0 && child->children == NULL &&
                  attributes_follow_schema (child, board_attributes, G_N_ELEMENTS (board_attributes),
                                            2, TRUE);
      else if (muster_xml_is_element (child, "player"))
        follows = holds_extensions_only (child) &&
                  attributes_follow_schema (child, player_attributes, G_N_ELEMENTS (player_attributes),
                                            1, TRUE);
      else if (muster_xml_is_element (child, "terrain"))
        follows = holds_extensions_only (child) &&
                  attributes_follow_schema (child, terrain_attributes, G_N_ELEMENTS (terrain_attributes),
                                            3, TRUE);
      else
        follows = FALSE;

      if (!follows)
        return FALSE;
    }

  return n_games == 1 && n_boards == 1;
}

/* Bounds the work of the schema check (see MUSTER_LAYOUT_MAX_CHILDREN). */
static xmlNode *
check_element_count (xmlNode  *node,
                     guint    *n_elements,
                     char    **message)
{
  guint n_children = 0;
  guint n_attributes = 0;
  /* The root's children are schema-checked in time linear in their
   * number (muster_xml_validate_interleaved()), other elements' not. */
  int max_children = node->parent != NULL && node->parent->type == XML_DOCUMENT_NODE
                     ? MUSTER_LAYOUT_MAX_ROOT_CHILDREN : MUSTER_LAYOUT_MAX_CHILDREN;

  for (xmlAttr *attr = node->properties; attr != NULL; attr = attr->next)
    n_attributes++;

  for (xmlNode *child = node->children; child != NULL; child = child->next)
    {
      xmlNode *culprit;

      guint n_lifted;

      if (child->type != XML_ELEMENT_NODE)
        continue;

      /* Lifted pieces, each an element with its <base>. */
      n_lifted = muster_xml_get_lifted (child);
      if (n_lifted > 0)
        {
          n_children += n_lifted;
          *n_elements += 2 * n_lifted;
          if (n_children > (guint) max_children || *n_elements > MUSTER_LAYOUT_MAX_ELEMENTS)
            {
              /* Only ever a reason to read the file again without lifting. */
              *message = g_strdup_printf (_("the file holds more than %d elements"),
                                          MUSTER_LAYOUT_MAX_ELEMENTS);
              return node;
            }
          continue;
        }

      if (++n_children > (guint) max_children)
        {
          *message = g_strdup_printf (_("<%s> holds more than %d elements"),
                                      (const char *) node->name, max_children);
          return node;
        }

      if (++*n_elements > MUSTER_LAYOUT_MAX_ELEMENTS)
        {
          *message = g_strdup_printf (_("the file holds more than %d elements"),
                                      MUSTER_LAYOUT_MAX_ELEMENTS);
          return child;
        }

      culprit = check_element_count (child, n_elements, message);
      if (culprit != NULL)
        return culprit;
    }

  if (n_attributes > MUSTER_LAYOUT_MAX_CHILDREN)
    {
      *message = g_strdup_printf (_("<%s> has more than %d attributes"),
                                  (const char *) node->name, MUSTER_LAYOUT_MAX_CHILDREN);
      return node;
    }

  return NULL;
}

/* Extensions */

static void
remember_namespace (Loader        *loader,
                    const xmlChar *prefix,
                    const xmlChar *href)
{
  if (prefix == NULL || href == NULL || href[0] == '\0' ||
      strcmp ((const char *) href, XML_NAMESPACE) == 0 ||
      g_hash_table_contains (loader->ns_by_prefix, prefix))
    return;

  g_ptr_array_add (loader->layout->namespaces, g_strdup ((const char *) prefix));
  g_ptr_array_add (loader->layout->namespaces, g_strdup ((const char *) href));
  g_hash_table_insert (loader->ns_by_prefix, (gpointer) prefix, (gpointer) href);
}

static void
read_ext_attrs (Loader     *loader,
                xmlNode    *node,
                GPtrArray **ext_attrs)
{
  for (xmlNs *ns = node->nsDef; ns != NULL; ns = ns->next)
    remember_namespace (loader, ns->prefix, ns->href);

  for (xmlAttr *attr = node->properties; attr != NULL; attr = attr->next)
    {
      g_autofree char *name = NULL;
      xmlChar *value;

      if (attr->ns == NULL || attr->ns->href == NULL)
        continue;

      remember_namespace (loader, attr->ns->prefix, attr->ns->href);

      name = g_strdup_printf ("{%s}%s", (const char *) attr->ns->href, (const char *) attr->name);
      value = xmlNodeGetContent ((xmlNode *) attr);
      add_string (ext_attrs, name);
      add_string (ext_attrs, value != NULL ? (const char *) value : "");
      xmlFree (value);
    }
}

/* The element and everything in it as text, with the namespace
 * declarations it needs, so that it can be written back anywhere. */
static char *
dump_element (xmlNode *node)
{
  xmlDoc *doc = xmlNewDoc ((const xmlChar *) "1.0");
  xmlBuffer *buffer;
  xmlNode *copy;
  char *ret = NULL;

  doc->encoding = xmlStrdup ((const xmlChar *) "UTF-8");
  copy = xmlDocCopyNode (node, doc, 1);
  if (copy == NULL)
    {
      xmlFreeDoc (doc);
      return NULL;
    }

  xmlDocSetRootElement (doc, copy);
  buffer = xmlBufferCreate ();
  if (xmlNodeDump (buffer, doc, copy, 0, 0) > 0)
    ret = g_strndup ((const char *) xmlBufferContent (buffer), xmlBufferLength (buffer));
  xmlBufferFree (buffer);
  xmlFreeDoc (doc);

  return ret;
}

static gboolean
is_foreign (xmlNode *node)
{
  return node->type == XML_ELEMENT_NODE &&
         node->ns != NULL &&
         node->ns->href != NULL &&
         node->ns->href[0] != '\0';
}

static gboolean
read_extension (const Loader  *loader,
                xmlNode       *node,
                GPtrArray    **extensions,
                GError       **error)
{
  g_autofree char *text = dump_element (node);

  if (text == NULL)
    return fail (loader, node, error, _("the extension element <%s> could not be kept"),
                 (const char *) node->name);

  add_string (extensions, text);

  return TRUE;
}

/* The logs Muster keeps as extension elements of its own: <rl:roll-log>
 * and <gl:game-log>, each directly inside <muster-layout> (elsewhere
 * they are extensions like any other). */
static gboolean
is_log (xmlNode    *node,
        const char *href,
        const char *name)
{
  return is_foreign (node) &&
         g_strcmp0 ((const char *) node->ns->href, href) == 0 &&
         g_strcmp0 ((const char *) node->name, name) == 0;
}

/* The text of a log element, one entry a line; blank lines (the
 * indentation around it) are dropped. NULL when none is left. The
 * entries themselves are the business of whoever wrote them (the dice,
 * the Game page), which says what it makes of one it cannot read. */
static char **
read_log_lines (xmlNode *node)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) lines = NULL;
  char **log;
  xmlChar *content = xmlNodeGetContent (node);

  lines = g_strsplit (content != NULL ? (const char *) content : "", "\n", -1);
  xmlFree (content);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      gsize len = strlen (lines[i]);

      if (len > 0 && lines[i][len - 1] == '\r')
        lines[i][len - 1] = '\0';
      if (lines[i][strspn (lines[i], " \t")] == '\0')
        continue;
      g_strv_builder_add (builder, lines[i]);
    }

  log = g_strv_builder_end (builder);
  if (log[0] == NULL)
    g_clear_pointer (&log, g_strfreev);

  return log;
}

/* Values */

static gboolean
is_valid_id (const char *id)
{
  if (id == NULL || *id == '\0')
    return FALSE;

  for (const char *p = id; *p != '\0'; p++)
    {
      if (g_ascii_isspace (*p) || g_ascii_iscntrl (*p))
        return FALSE;
    }

  return TRUE;
}

/* The values of node's attributes of list (in no namespace) to
 * values[i] for list[i], as muster_xml_get_prop() reads them: without a
 * copy where libxml2 keeps one piece of text, else a copy kept in owned. */
static void
read_attr_values (xmlNode           *node,
                  const SchemaAttr  *list,
                  guint              n_list,
                  const char       **values,
                  GPtrArray         *owned)
{
  for (xmlAttr *attr = node->properties; attr != NULL; attr = attr->next)
    {
      const char *name = (const char *) attr->name;

      if (attr->ns != NULL)
        continue;

      for (guint i = 0; i < n_list; i++)
        {
          if (strcmp (list[i].name, name) == 0)
            {
              values[i] = muster_xml_peek_attr_value (attr);
              if (values[i] == NULL)
                {
                  char *copy = muster_xml_get_prop (node, name);

                  g_ptr_array_add (owned, copy);
                  values[i] = copy;
                }
              break;
            }
        }
    }
}

static gboolean
read_id_text (const Loader  *loader,
              xmlNode       *node,
              const char    *element,
              const char    *text,
              char         **id,
              GError       **error)
{
  if (!is_valid_id (text))
    return fail (loader, node, error, _("<%s>: id=“%s” is not an id (a word without spaces)"),
                 element, text != NULL ? text : "");

  *id = g_strdup (text);

  return TRUE;
}

static gboolean
read_id (const Loader  *loader,
         xmlNode       *node,
         char         **id,
         GError       **error)
{
  g_autofree char *text = muster_xml_get_prop (node, "id");

  return read_id_text (loader, node, (const char *) node->name, text, id, error);
}

/* A token attribute: absent (NULL), or a word without surrounding space. */
static gboolean
read_word_text (const Loader   *loader,
                xmlNode        *node,
                const Subject  *subject,
                const char     *attr,
                const char     *text,
                char          **word,
                GError        **error)
{
  if (text == NULL)
    {
      *word = NULL;
      return TRUE;
    }

  if (!is_valid_id (text))
    {
      g_autofree char *what = describe (subject);

      return fail (loader, node, error, _("%s: %s=“%s” must be a single word"), what, attr, text);
    }

  *word = g_strdup (text);

  return TRUE;
}

static gboolean
read_word (const Loader   *loader,
           xmlNode        *node,
           const Subject  *subject,
           const char     *attr,
           char          **word,
           GError        **error)
{
  g_autofree char *text = muster_xml_get_prop (node, attr);

  return read_word_text (loader, node, subject, attr, text, word, error);
}

static const double powers_of_ten[] = {
  1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
  1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
};

/* A plain decimal number ("12", "3904.5177", ".5", "5.", with a "-"
 * before it if minus is set), up to 32 characters: TRUE with the double
 * that g_ascii_strtod() gives for it. When its digits make a whole
 * number below 2^53 and it has at most 22 after the point, that is the
 * quotient of two doubles that hold them exactly, which IEEE division
 * rounds as strtod() does (Clinger's fast path); other numbers go to
 * g_ascii_strtod() itself. FALSE for anything else. */
static gboolean
parse_decimal (const char *text,
               gboolean    minus,
               double     *value)
{
  const char *p = text;
  guint64 mantissa = 0;
  guint n_digits = 0;
  guint n_decimals = 0;

  if (minus && *p == '-')
    p++;

  /* The digits as a whole number, while it fits in 64 bits. */
  for (; (guint) (*p - '0') <= 9; p++, n_digits++)
    {
      if (n_digits < 19)
        mantissa = mantissa * 10 + (guint64) (*p - '0');
    }

  if (*p == '.')
    {
      for (p++; (guint) (*p - '0') <= 9; p++, n_digits++, n_decimals++)
        {
          if (n_digits < 19)
            mantissa = mantissa * 10 + (guint64) (*p - '0');
        }
    }

  if (*p != '\0' || n_digits == 0 || p - text > 32)
    return FALSE;

  /* Only where doubles are computed as doubles (not x87's wider ones). */
  if (FLT_EVAL_METHOD == 0 && n_digits <= 19 && mantissa <= (G_GUINT64_CONSTANT (1) << 53) &&
      n_decimals < G_N_ELEMENTS (powers_of_ten))
    {
      *value = (double) mantissa / powers_of_ten[n_decimals];
      if (text[0] == '-')
        *value = -*value;
    }
  else
    *value = g_ascii_strtod (text, NULL);

  return TRUE;
}

/* A length written as a plain number ("12", "3904.5177", ".5"), in the
 * layout's units: what muster_length_parse() makes of it, without its
 * parser (a fifth of the work of reading a large layout). FALSE for
 * anything else, which muster_length_parse() then reads. */
static gboolean
parse_plain_length (const char *text,
                    MusterUnit  units,
                    double     *mm)
{
  double value;

  if (!parse_decimal (text, FALSE, &value))
    return FALSE;

  *mm = muster_unit_to_mm (units, value);

  return isfinite (*mm);
}

static gboolean
read_length_checked (const Loader   *loader,
                     xmlNode        *node,
                     const Subject  *subject,
                     const char     *attr,
                     const char     *text,
                     gboolean        positive,
                     double         *value,
                     GError        **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autofree char *what = NULL;
  double mm;

  if (text == NULL)
    {
      what = describe (subject);
      return fail (loader, node, error, _("%s: the attribute “%s” is missing"), what, attr);
    }

  if (!parse_plain_length (text, loader->layout->units, &mm) &&
      !muster_length_parse (text, loader->layout->units, &mm, &local_error))
    {
      what = describe (subject);
      return fail (loader, node, error, _("%s: %s: %s"), what, attr, local_error->message);
    }

  if (!isfinite (mm))
    {
      what = describe (subject);
      return fail (loader, node, error, _("%s: %s=“%s” is not a finite length"), what, attr, text);
    }

  if (fabs (mm) > MUSTER_LAYOUT_MAX_LENGTH_MM)
    {
      what = describe (subject);
      return fail (loader, node, error, _("%s: %s=“%s” is too large"), what, attr, text);
    }

  if (positive && !(mm > 0))
    {
      what = describe (subject);
      return fail (loader, node, error, _("%s: %s=“%s” must be greater than zero"), what, attr, text);
    }

  *value = mm == 0 ? 0.0 : mm;   /* no -0 */

  return TRUE;
}

static gboolean
read_length_text (const Loader   *loader,
                  xmlNode        *node,
                  const Subject  *subject,
                  const char     *attr,
                  const char     *text,
                  gboolean        positive,
                  double         *value,
                  GError        **error)
{
  double mm;

  /* A plain number within bounds, as read_length_checked() reads it. */
  if (text != NULL && parse_plain_length (text, loader->layout->units, &mm) &&
      fabs (mm) <= MUSTER_LAYOUT_MAX_LENGTH_MM && (!positive || mm > 0))
    {
      *value = mm == 0 ? 0.0 : mm;
      return TRUE;
    }

  return read_length_checked (loader, node, subject, attr, text, positive, value, error);
}

static gboolean
read_length (const Loader   *loader,
             xmlNode        *node,
             const Subject  *subject,
             const char     *attr,
             gboolean        positive,
             double         *value,
             GError        **error)
{
  g_autofree char *text = muster_xml_get_prop (node, attr);

  return read_length_text (loader, node, subject, attr, text, positive, value, error);
}

static gboolean
parse_number (const char *text,
              double     *value)
{
  g_autofree char *copy = NULL;
  char *end = NULL;

  /* The usual case, to the same double. */
  if (parse_decimal (text, TRUE, value))
    return TRUE;

  copy = g_strstrip (g_strdup (text));
  if (*copy == '\0')
    return FALSE;

  for (const char *p = copy; *p != '\0'; p++)
    {
      if (!g_ascii_isdigit (*p) && strchr ("+-.eE", *p) == NULL)
        return FALSE;
    }

  *value = g_ascii_strtod (copy, &end);

  return end != NULL && *end == '\0';
}

static gboolean
read_boolean_text (const Loader   *loader,
                   xmlNode        *node,
                   const Subject  *subject,
                   const char     *attr,
                   const char     *text,
                   gboolean       *value,
                   GError        **error)
{
  g_autofree char *copy = NULL;

  if (text == NULL)
    {
      *value = FALSE;
      return TRUE;
    }

  /* Without white space around it, without a copy. */
  if (strcmp (text, "true") != 0 && strcmp (text, "1") != 0 &&
      strcmp (text, "false") != 0 && strcmp (text, "0") != 0)
    text = copy = g_strstrip (g_strdup (text));

  if (strcmp (text, "true") == 0 || strcmp (text, "1") == 0)
    *value = TRUE;
  else if (strcmp (text, "false") == 0 || strcmp (text, "0") == 0)
    *value = FALSE;
  else
    {
      g_autofree char *what = describe (subject);

      return fail (loader, node, error, _("%s: %s=“%s” is neither true nor false"), what, attr, text);
    }

  return TRUE;
}

static gboolean
read_boolean (const Loader   *loader,
              xmlNode        *node,
              const Subject  *subject,
              const char     *attr,
              gboolean       *value,
              GError        **error)
{
  g_autofree char *text = muster_xml_get_prop (node, attr);

  return read_boolean_text (loader, node, subject, attr, text, value, error);
}

/* The words of text, split at white space; NULL if there are none. */
static char **
split_list (const char *text)
{
  static const char space[] = " \t\r\n";
  const char *p;
  char **list;
  guint n = 0;

  for (p = text + strspn (text, space); *p != '\0'; p += strspn (p, space))
    {
      p += strcspn (p, space);
      n++;
    }

  if (n == 0)
    return NULL;

  list = g_new (char *, n + 1);
  n = 0;
  for (p = text + strspn (text, space); *p != '\0'; p += strspn (p, space))
    {
      gsize len = strcspn (p, space);

      list[n++] = g_strndup (p, len);
      p += len;
    }
  list[n] = NULL;

  return list;
}

static char **
read_list (const char *text)
{
  return text != NULL ? split_list (text) : NULL;
}

/* id is the piece's or terrain's own (see IdTable). */
static gboolean
claim_id (Loader        *loader,
          xmlNode       *node,
          const char    *id,
          GError       **error)
{
  int first;
  /* Reading lifted pieces, what goes wrong is told by a reading through
   * the tree: their lines are of no use. */
  int line = loader->lifted != NULL ? 0 : muster_xml_get_line (node);

  if (!id_table_add (&loader->ids, id, line, &first))
    return fail (loader, node, error, _("the id “%s” is used twice (first on line %d)"), id, first);

  return TRUE;
}

/* Elements */

static gboolean
read_game (Loader   *loader,
           xmlNode  *node,
           GError  **error)
{
  MusterLayout *self = loader->layout;
  const Subject game = { SUBJECT_ELEMENT, "<game>" };
  const Subject option = { SUBJECT_ELEMENT, "<option>" };
  g_autofree char *system = NULL;
  g_autofree char *deployment = NULL;

  if (!read_word (loader, node, &game, "system", &system, error) ||
      !read_word (loader, node, &game, "deployment", &deployment, error))
    return FALSE;

  if (system == NULL)
    return fail (loader, node, error, _("<game>: the attribute “%s” is missing"), "system");

  g_hash_table_insert (self->source_lines, g_strdup ("game"),
                       GINT_TO_POINTER (muster_xml_get_line (node)));
  g_free (self->system_id);
  self->system_id = g_steal_pointer (&system);
  g_free (self->deployment_id);
  self->deployment_id = g_steal_pointer (&deployment);
  read_ext_attrs (loader, node, &self->game_ext_attrs);

  for (xmlNode *child = node->children; child != NULL; child = child->next)
    {
      if (is_foreign (child))
        {
          if (!read_extension (loader, child, &self->game_extensions, error))
            return FALSE;
        }
      else if (muster_xml_is_element (child, "option"))
        {
          g_autofree char *name = NULL;
          g_autofree char *value = muster_xml_get_prop (child, "value");

          if (!read_word (loader, child, &option, "name", &name, error))
            return FALSE;

          if (name == NULL || value == NULL)
            return fail (loader, child, error, _("<option> needs a name and a value"));

          if (g_hash_table_contains (self->options, name))
            return fail (loader, child, error, _("the option “%s” is set twice"), name);

          g_hash_table_insert (self->source_lines, g_strconcat ("option:", name, NULL),
                               GINT_TO_POINTER (muster_xml_get_line (child)));
          g_ptr_array_add (self->option_names, g_strdup (name));
          g_hash_table_insert (self->options, g_steal_pointer (&name), g_steal_pointer (&value));
        }
    }

  return TRUE;
}

static gboolean
read_board (Loader   *loader,
            xmlNode  *node,
            GError  **error)
{
  MusterLayout *self = loader->layout;
  const Subject board = { SUBJECT_ELEMENT, "<board>" };

  if (!read_length (loader, node, &board, "width", TRUE, &self->width, error) ||
      !read_length (loader, node, &board, "height", TRUE, &self->height, error))
    return FALSE;

  read_ext_attrs (loader, node, &self->board_ext_attrs);

  return TRUE;
}

static gboolean
read_player (Loader   *loader,
             xmlNode  *node,
             GError  **error)
{
  g_autoptr(MusterPlayer) player = g_new0 (MusterPlayer, 1);
  g_autofree char *what = NULL;
  Subject subject;
  gpointer line;

  if (!read_id (loader, node, &player->id, error))
    return FALSE;

  subject = (Subject) { SUBJECT_PLAYER, player->id };

  if (strcmp (player->id, MUSTER_OWNER_NEUTRAL) == 0)
    {
      what = describe (&subject);
      return fail (loader, node, error, _("%s: “%s” is kept for pieces that belong to no player"),
                   what, MUSTER_OWNER_NEUTRAL);
    }

  if (g_hash_table_lookup_extended (loader->player_lines, player->id, NULL, &line))
    return fail (loader, node, error, _("the player id “%s” is used twice (first on line %d)"),
                 player->id, GPOINTER_TO_INT (line));

  player->name = muster_xml_get_prop (node, "name");
  if (player->name == NULL)
    player->name = g_strdup (player->id);

  if (!read_word (loader, node, &subject, "zone", &player->zone, error) ||
      !read_word (loader, node, &subject, "role", &player->role, error) ||
      !read_word (loader, node, &subject, "short-edge", &player->short_edge, error))
    return FALSE;

  if (player->role != NULL &&
      strcmp (player->role, "attacker") != 0 &&
      strcmp (player->role, "defender") != 0)
    {
      what = describe (&subject);
      return fail (loader, node, error, _("%s: role=“%s” is neither attacker nor defender"),
                   what, player->role);
    }

  if (player->short_edge != NULL &&
      strcmp (player->short_edge, "west") != 0 &&
      strcmp (player->short_edge, "east") != 0)
    {
      what = describe (&subject);
      return fail (loader, node, error, _("%s: short-edge=“%s” is neither west nor east"),
                   what, player->short_edge);
    }

  player->color = muster_xml_get_prop (node, "color");
  if (player->color != NULL && !muster_color_is_valid (player->color))
    /* Translators: keep color= and the example as they are: they are what the file says */
    return fail (loader, node, error, _("%s: color=“%s” is not a colour such as #1c71d8"),
                 what, player->color);
  if (player->color != NULL)
    for (char *c = player->color; *c != '\0'; c++)
      *c = g_ascii_tolower (*c);

  read_ext_attrs (loader, node, &player->ext_attrs);

  for (xmlNode *child = node->children; child != NULL; child = child->next)
    {
      if (is_foreign (child) && !read_extension (loader, child, &player->extensions, error))
        return FALSE;
    }

  g_hash_table_insert (loader->player_lines, g_strdup (player->id),
                       GINT_TO_POINTER (muster_xml_get_line (node)));
  g_hash_table_insert (loader->layout->source_lines, g_strconcat ("player:", player->id, NULL),
                       GINT_TO_POINTER (muster_xml_get_line (node)));
  g_ptr_array_add (loader->layout->players, g_steal_pointer (&player));

  return TRUE;
}

/* The values of a piece's and its base's attributes in no namespace, by
 * PieceAttr, NULL where absent: read from the tree (read_piece()) or
 * from the file (read_lifted_piece()), then by the same code. */
typedef struct
{
  const char *values[N_PIECE_ATTRS];
} PieceText;

static gboolean
read_base_text (Loader           *loader,
                xmlNode          *node,
                const Subject    *subject,
                const PieceText  *text,
                MusterBase       *base,
                GError          **error)
{
  const char *shape = text->values[BASE_SHAPE];
  gboolean has_diameter = text->values[BASE_DIAMETER] != NULL;
  gboolean has_width = text->values[BASE_WIDTH] != NULL;
  gboolean has_depth = text->values[BASE_DEPTH] != NULL;
  g_autofree char *what = NULL;

  if (!base_shape_from_string (shape, &base->shape))
    {
      what = describe (subject);
      return fail (loader, node, error, _("%s: the base shape “%s” is not round, oval or rect"),
                   what, shape != NULL ? shape : "");
    }

  if (base->shape == MUSTER_BASE_ROUND)
    {
      if (has_width || has_depth)
        {
          what = describe (subject);
          return fail (loader, node, error, _("%s: a round base has a diameter, not a width or depth"), what);
        }

      if (!read_length_text (loader, node, subject, "diameter", text->values[BASE_DIAMETER],
                             TRUE, &base->width, error))
        return FALSE;

      base->depth = base->width;
    }
  else
    {
      if (has_diameter)
        {
          what = describe (subject);
          return fail (loader, node, error, _("%s: a %s base has a width and a depth, not a diameter"),
                       what, shape);
        }

      if (!read_length_text (loader, node, subject, "width", text->values[BASE_WIDTH],
                             TRUE, &base->width, error) ||
          !read_length_text (loader, node, subject, "depth", text->values[BASE_DEPTH],
                             TRUE, &base->depth, error))
        return FALSE;
    }

  return TRUE;
}

/* A deployment turn: digits, as g_ascii_string_to_unsigned() reads them
 * after white space is stripped. On failure *stripped is the text
 * without its white space. */
static gboolean
parse_turn (const char  *text,
            guint       *turn,
            char       **stripped)
{
  gsize len = strspn (text, "0123456789");
  guint64 value;

  /* The usual case: a few digits. */
  if (len > 0 && len <= 9 && text[len] == '\0')
    {
      *turn = 0;
      for (gsize i = 0; i < len; i++)
        *turn = *turn * 10 + (guint) (text[i] - '0');
      return TRUE;
    }

  *stripped = g_strstrip (g_strdup (text));
  if (!g_ascii_string_to_unsigned (*stripped, 10, 0, G_MAXUINT, &value, NULL))
    return FALSE;

  *turn = (guint) value;

  return TRUE;
}

/* Whether the players read so far include id. */
static gboolean
is_player (const Loader *loader,
           const char   *id)
{
  GPtrArray *players = loader->layout->players;

  /* A few players, each looked at more cheaply than hashed. */
  if (players->len > 8)
    return g_hash_table_contains (loader->player_lines, id);

  for (guint i = 0; i < players->len; i++)
    {
      if (strcmp (((MusterPlayer *) g_ptr_array_index (players, i))->id, id) == 0)
        return TRUE;
    }

  return FALSE;
}

/* Everything of a piece but its base, its extensions and its serial. */
static gboolean
read_piece_text (Loader           *loader,
                 xmlNode          *node,
                 const PieceText  *text,
                 MusterPiece      *piece,
                 GError          **error)
{
  const char *kind = text->values[PIECE_KIND];
  const char *rotation = text->values[PIECE_ROTATION];
  const char *turn = text->values[PIECE_TURN];
  g_autofree char *what = NULL;
  Subject subject;

  if (!read_id_text (loader, node, "piece", text->values[PIECE_ID], &piece->id, error))
    return FALSE;

  subject = (Subject) { SUBJECT_PIECE, piece->id };

  if (!claim_id (loader, node, piece->id, error))
    return FALSE;

  if (!muster_piece_kind_from_string (kind, &piece->kind))
    {
      what = describe (&subject);
      return fail (loader, node, error, _("%s: kind=“%s” is not model, unit, marker or objective"),
                   what, kind != NULL ? kind : "");
    }

  if (!read_word_text (loader, node, &subject, "owner", text->values[PIECE_OWNER], &piece->owner, error))
    return FALSE;

  if (piece->owner == NULL)
    {
      if (piece->kind != MUSTER_PIECE_OBJECTIVE)
        {
          what = describe (&subject);
          return fail (loader, node, error, _("%s: the attribute “%s” is missing"), what, "owner");
        }
      piece->owner = g_strdup (MUSTER_OWNER_NEUTRAL);
    }
  else if (strcmp (piece->owner, MUSTER_OWNER_NEUTRAL) != 0 && !is_player (loader, piece->owner))
    {
      what = describe (&subject);
      return fail (loader, node, error, _("%s: the owner “%s” is neither a player nor “%s”"),
                   what, piece->owner, MUSTER_OWNER_NEUTRAL);
    }

  if (!read_length_text (loader, node, &subject, "x", text->values[PIECE_X], FALSE, &piece->x, error) ||
      !read_length_text (loader, node, &subject, "y", text->values[PIECE_Y], FALSE, &piece->y, error))
    return FALSE;

  if (rotation != NULL)
    {
      if (!parse_number (rotation, &piece->rotation))
        {
          what = describe (&subject);
          return fail (loader, node, error, _("%s: rotation=“%s” is not a number of degrees"),
                       what, rotation);
        }
      if (!isfinite (piece->rotation))
        {
          what = describe (&subject);
          return fail (loader, node, error, _("%s: rotation=“%s” is not a finite number"),
                       what, rotation);
        }
      if (piece->rotation == 0)
        piece->rotation = 0.0;
    }

  if (turn != NULL)
    {
      g_autofree char *stripped = NULL;

      if (!parse_turn (turn, &piece->turn, &stripped))
        {
          what = describe (&subject);
          return fail (loader, node, error, _("%s: turn=“%s” is not a deployment turn"), what, stripped);
        }
    }

  piece->categories = read_list (text->values[PIECE_CATEGORY]);
  piece->skills = read_list (text->values[PIECE_SKILLS]);
  piece->name = g_strdup (text->values[PIECE_NAME]);

  if (!read_boolean_text (loader, node, &subject, "prone", text->values[PIECE_PRONE],
                          &piece->prone, error) ||
      !read_boolean_text (loader, node, &subject, "lieutenant", text->values[PIECE_LIEUTENANT],
                          &piece->lieutenant, error))
    return FALSE;

  return TRUE;
}

static void
add_piece (Loader      *loader,
           MusterPiece *piece)
{
  piece->serial = next_serial (loader->layout);
  g_ptr_array_add (loader->layout->pieces, piece);
}

static gboolean
read_piece (Loader   *loader,
            xmlNode  *node,
            GError  **error)
{
  g_autoptr(MusterPiece) piece = g_new0 (MusterPiece, 1);
  g_autoptr(GPtrArray) owned = g_ptr_array_new_with_free_func (g_free);
  PieceText text = { { NULL } };
  gboolean has_base = FALSE;
  Subject subject;

  read_attr_values (node, piece_attributes, N_PIECE_OWN_ATTRS, text.values, owned);

  if (!read_piece_text (loader, node, &text, piece, error))
    return FALSE;

  subject = (Subject) { SUBJECT_PIECE, piece->id };
  read_ext_attrs (loader, node, &piece->ext_attrs);

  for (xmlNode *child = node->children; child != NULL; child = child->next)
    {
      if (is_foreign (child))
        {
          if (!read_extension (loader, child, &piece->extensions, error))
            return FALSE;
        }
      else if (muster_xml_is_element (child, "base"))
        {
          if (has_base)
            {
              g_autofree char *what = describe (&subject);

              return fail (loader, child, error, _("%s: a piece has one base"), what);
            }

          read_attr_values (child, base_attributes, G_N_ELEMENTS (base_attributes),
                            text.values + N_PIECE_OWN_ATTRS, owned);

          if (!read_base_text (loader, child, &subject, &text, &piece->base, error))
            return FALSE;

          has_base = TRUE;
        }
    }

  if (!has_base)
    {
      g_autofree char *what = describe (&subject);

      return fail (loader, node, error, _("%s: the <base> is missing"), what);
    }

  add_piece (loader, g_steal_pointer (&piece));

  return TRUE;
}

/* A piece that lift_piece() took from the file, which stand_in (a
 * muster_xml_get_lifted() node) stands for. */
static gboolean
read_lifted_piece (Loader             *loader,
                   xmlNode            *stand_in,
                   const LiftedPiece  *lifted,
                   GError            **error)
{
  g_autoptr(MusterPiece) piece = g_new0 (MusterPiece, 1);
  PieceText text;
  Subject subject;
  char *copy;

  /* A copy of the element, with a NUL for the quote after each value. */
  g_string_set_size (loader->scratch, lifted->size);
  copy = loader->scratch->str;
  memcpy (copy, lifted->start, lifted->size);

  for (guint i = 0; i < N_PIECE_ATTRS; i++)
    {
      if (lifted->offset[i] == 0)
        {
          text.values[i] = NULL;
          continue;
        }

      copy[lifted->offset[i] + lifted->length[i]] = '\0';
      text.values[i] = copy + lifted->offset[i];
    }

  if (!read_piece_text (loader, stand_in, &text, piece, error))
    return FALSE;

  subject = (Subject) { SUBJECT_PIECE, piece->id };
  if (!read_base_text (loader, stand_in, &subject, &text, &piece->base, error))
    return FALSE;

  add_piece (loader, g_steal_pointer (&piece));

  return TRUE;
}

static gboolean
read_points (const Loader   *loader,
             xmlNode        *node,
             const Subject  *subject,
             MusterPoint   **points,
             guint          *n_points,
             GError        **error)
{
  g_autofree char *text = muster_xml_get_prop (node, "points");
  g_autoptr(GArray) array = g_array_new (FALSE, FALSE, sizeof (MusterPoint));
  g_autofree char *what = describe (subject);
  g_auto(GStrv) words = NULL;

  if (text == NULL)
    return fail (loader, node, error, _("%s: the attribute “%s” is missing"), what, "points");

  words = g_strsplit_set (text, " \t\r\n", -1);
  for (guint i = 0; words[i] != NULL; i++)
    {
      g_autoptr(GError) local_error = NULL;
      MusterPoint point;
      char *comma;

      if (words[i][0] == '\0')
        continue;

      comma = strchr (words[i], ',');
      if (comma == NULL || strchr (comma + 1, ',') != NULL)
        return fail (loader, node, error, _("%s: “%s” is not a point x,y"), what, words[i]);

      *comma = '\0';
      if ((!parse_plain_length (words[i], loader->layout->units, &point.x) &&
           !muster_length_parse (words[i], loader->layout->units, &point.x, &local_error)) ||
          (!parse_plain_length (comma + 1, loader->layout->units, &point.y) &&
           !muster_length_parse (comma + 1, loader->layout->units, &point.y, &local_error)))
        return fail (loader, node, error, _("%s: points: %s"), what, local_error->message);

      if (!isfinite (point.x) || !isfinite (point.y) ||
          fabs (point.x) > MUSTER_LAYOUT_MAX_LENGTH_MM ||
          fabs (point.y) > MUSTER_LAYOUT_MAX_LENGTH_MM)
        return fail (loader, node, error, _("%s: the point %s,%s is too far out"),
                     what, words[i], comma + 1);

      if (array->len == MUSTER_LAYOUT_MAX_TERRAIN_POINTS)
        return fail (loader, node, error, _("%s: an outline may have at most %d points"),
                     what, MUSTER_LAYOUT_MAX_TERRAIN_POINTS);

      if (point.x == 0)
        point.x = 0.0;
      if (point.y == 0)
        point.y = 0.0;

      g_array_append_val (array, point);
    }

  if (array->len < 3)
    return fail (loader, node, error, _("%s: an outline needs at least three points, not %u"),
                 what, array->len);

  *n_points = array->len;
  *points = (MusterPoint *) (void *) g_array_free (g_steal_pointer (&array), FALSE);

  return TRUE;
}

static gboolean
read_terrain (Loader   *loader,
              xmlNode  *node,
              GError  **error)
{
  g_autoptr(MusterTerrain) terrain = g_new0 (MusterTerrain, 1);
  g_autoptr(GError) local_error = NULL;
  g_autofree char *what = NULL;
  g_autofree char *kind = NULL;
  MusterOutline outline;
  Subject subject;

  if (!read_id (loader, node, &terrain->id, error))
    return FALSE;

  subject = (Subject) { SUBJECT_TERRAIN, terrain->id };
  what = describe (&subject);

  if (!claim_id (loader, node, terrain->id, error))
    return FALSE;

  kind = muster_xml_get_prop (node, "kind");
  if (!muster_terrain_kind_from_string (kind, &terrain->kind))
    return fail (loader, node, error, _("%s: kind=“%s” is not impassable, building or area"),
                 what, kind != NULL ? kind : "");

  if (!read_points (loader, node, &subject, &terrain->points, &terrain->n_points, error) ||
      !read_boolean (loader, node, &subject, "blocks-lof", &terrain->blocks_lof, error))
    return FALSE;

  if (!muster_outline_init_polygon (&outline, terrain->points, terrain->n_points, &local_error))
    {
      char *message = local_error->message;

      /* "A polygon crosses itself" reads on after a colon in lower case. */
      if (g_ascii_isupper (message[0]) && (g_ascii_islower (message[1]) || message[1] == ' '))
        message[0] = g_ascii_tolower (message[0]);

      return fail (loader, node, error, _("%s: %s"), what, message);
    }
  muster_outline_clear (&outline);

  terrain->name = muster_xml_get_prop (node, "name");
  read_ext_attrs (loader, node, &terrain->ext_attrs);

  for (xmlNode *child = node->children; child != NULL; child = child->next)
    {
      if (is_foreign (child) && !read_extension (loader, child, &terrain->extensions, error))
        return FALSE;
    }

  terrain->serial = next_serial (loader->layout);
  g_ptr_array_add (loader->layout->terrain, g_steal_pointer (&terrain));

  return TRUE;
}

static gboolean
read_layout (Loader   *loader,
             xmlNode  *root,
             GError  **error)
{
  MusterLayout *self = loader->layout;
  g_autofree char *units = muster_xml_get_prop (root, "units");

  if (units != NULL && !muster_unit_parse (g_strstrip (units), &self->units))
    return fail (loader, root, error, _("units=“%s” is not a unit (use in, cm or mm)"), units);

  read_ext_attrs (loader, root, &self->ext_attrs);

  /* Players first: pieces name them as owners wherever they stand. */
  for (xmlNode *child = root->children; child != NULL; child = child->next)
    {
      if (muster_xml_is_element (child, "player") && !read_player (loader, child, error))
        return FALSE;
    }

  for (xmlNode *child = root->children; child != NULL; child = child->next)
    {
      guint n_lifted = muster_xml_get_lifted (child);
      gboolean ok = TRUE;

      if (n_lifted > 0)
        {
          g_assert (loader->lifted != NULL);
          g_assert (loader->next_lifted + n_lifted <= loader->lifted->len);

          for (guint i = 0; ok && i < n_lifted; i++)
            ok = read_lifted_piece (loader, child,
                                    &g_array_index (loader->lifted, LiftedPiece, loader->next_lifted++),
                                    error);
        }
      else if (is_log (child, MUSTER_ROLL_LOG_NAMESPACE, "roll-log"))
        {
          g_strfreev (self->roll_log);
          self->roll_log = read_log_lines (child);
        }
      else if (is_log (child, MUSTER_GAME_LOG_NAMESPACE, "game-log"))
        {
          g_strfreev (self->game_log);
          self->game_log = read_log_lines (child);
        }
      else if (is_foreign (child))
        ok = read_extension (loader, child, &self->extensions, error);
      else if (muster_xml_is_element (child, "game"))
        ok = read_game (loader, child, error);
      else if (muster_xml_is_element (child, "board"))
        ok = read_board (loader, child, error);
      else if (muster_xml_is_element (child, "piece"))
        ok = read_piece (loader, child, error);
      else if (muster_xml_is_element (child, "terrain"))
        ok = read_terrain (loader, child, error);

      if (!ok)
        return FALSE;
    }

  if (self->system_id == NULL || !(self->width > 0) || !(self->height > 0))
    return fail (loader, root, error, _("the layout needs a <game> and a <board>"));

  return TRUE;
}

/* The tree of bytes (with lifted pieces if lift) checked against the
 * schema and read. When pieces were lifted, a failure after parsing
 * returns NULL with no error and *retry set: the document is then to be
 * read again without lifting, for the verdict and the message. */
static MusterLayout *
load (GBytes      *bytes,
      const char  *filename,
      gboolean     lift,
      gboolean    *retry,
      guint       *n_lifted,
      GError     **error)
{
  g_autoptr(MusterLayout) self = NULL;
  g_autoptr(GHashTable) player_lines = NULL;
  g_autoptr(GHashTable) ns_by_prefix = NULL;
  g_autoptr(GArray) lifted = NULL;
  g_autoptr(GString) scratch = NULL;
  g_autoptr(GError) schema_error = NULL;
  g_autoptr(xmlDoc) doc = NULL;
  g_autofree char *version = NULL;
  g_autofree char *newer = NULL;
  g_autofree char *message = NULL;
  gboolean has_lifted = FALSE;
  guint n_elements = 1;
  guint n_slots;
  gboolean ok;
  xmlNode *culprit;
  Loader loader;
  xmlNode *root;

  *retry = FALSE;
  *n_lifted = 0;

  if (lift)
    {
      lifted = g_array_new (FALSE, FALSE, sizeof (LiftedPiece));
      doc = muster_xml_parse_lifting (bytes, filename, lift_piece, lifted, &has_lifted,
                                      MUSTER_LAYOUT_ERROR, MUSTER_LAYOUT_ERROR_PARSE, error);
    }
  else
    doc = muster_xml_parse (bytes, filename, MUSTER_LAYOUT_ERROR, MUSTER_LAYOUT_ERROR_PARSE, error);

  if (doc == NULL)
    return NULL;

  /* From here on, what goes wrong with lifted pieces is told by a
   * reading without them. */
  if (has_lifted)
    {
      *retry = TRUE;
      error = NULL;
    }
  else
    g_clear_pointer (&lifted, g_array_unref);

  root = xmlDocGetRootElement (doc);
  if (root->ns != NULL && strcmp ((const char *) root->name, "muster-layout") == 0)
    {
      g_set_error (error, MUSTER_LAYOUT_ERROR, MUSTER_LAYOUT_ERROR_SCHEMA,
                   _("%s:%d: not a Muster layout (<muster-layout> is in the namespace “%s”; "
                     "a layout’s own elements are in none)"),
                   filename, MAX (1, muster_xml_get_line (root)), (const char *) root->ns->href);
      return NULL;
    }

  if (!muster_xml_is_element (root, "muster-layout"))
    {
      g_set_error (error, MUSTER_LAYOUT_ERROR, MUSTER_LAYOUT_ERROR_SCHEMA,
                   _("%s:%d: not a Muster layout (the document is <%s>, not <muster-layout>)"),
                   filename, MAX (1, muster_xml_get_line (root)), (const char *) root->name);
      return NULL;
    }

  /* Before the schema: a newer format may have elements this one lacks. */
  version = muster_xml_get_prop (root, "version");
  if (version != NULL && version_is_newer (version, &newer))
    {
      g_set_error (error, MUSTER_LAYOUT_ERROR, MUSTER_LAYOUT_ERROR_VERSION,
                   _("%s:%d: written by a newer Muster (format version %s); "
                     "this Muster reads version %d"),
                   filename, MAX (1, muster_xml_get_line (root)), newer,
                   MUSTER_LAYOUT_FORMAT_VERSION);
      return NULL;
    }

  culprit = check_element_count (root, &n_elements, &message);
  if (culprit != NULL)
    {
      g_set_error (error, MUSTER_LAYOUT_ERROR, MUSTER_LAYOUT_ERROR_PARSE, "%s:%d: %s",
                   filename, MAX (1, muster_xml_get_line (culprit)), message);
      return NULL;
    }

  if (!layout_follows_schema (root) &&
      !muster_xml_validate_interleaved_except (doc, "muster-layout.rng", child_follows_schema,
                                               filename, MUSTER_LAYOUT_ERROR,
                                               MUSTER_LAYOUT_ERROR_SCHEMA, &schema_error))
    {
      if (has_lifted)
        return NULL;

      culprit = explain_element (root, &message);
      if (culprit != NULL)
        g_set_error (error, MUSTER_LAYOUT_ERROR, MUSTER_LAYOUT_ERROR_SCHEMA, "%s:%d: %s",
                     filename, MAX (1, muster_xml_get_line (culprit)), message);
      else
        g_propagate_error (error, g_steal_pointer (&schema_error));

      return NULL;
    }

  self = g_object_new (MUSTER_TYPE_LAYOUT, NULL);
  player_lines = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  ns_by_prefix = g_hash_table_new (g_str_hash, g_str_equal);
  scratch = g_string_new (NULL);

  loader.filename = filename;
  loader.layout = self;
  /* Room for the lifted pieces, with the table at most half full. */
  n_slots = 256;
  while (lifted != NULL && n_slots < 2 * lifted->len + 256)
    n_slots *= 2;
  id_table_init (&loader.ids, n_slots);
  loader.player_lines = player_lines;
  loader.ns_by_prefix = ns_by_prefix;
  loader.lifted = lifted;
  loader.next_lifted = 0;
  loader.scratch = scratch;

  ok = read_layout (&loader, root, error);
  id_table_clear (&loader.ids);
  if (!ok)
    return NULL;

  g_assert (lifted == NULL || loader.next_lifted == lifted->len);
  *retry = FALSE;
  *n_lifted = lifted != NULL ? lifted->len : 0;

  return g_steal_pointer (&self);
}

MusterLayout *
muster_layout_read_bytes (GBytes               *bytes,
                          const char           *filename,
                          MusterLayoutReading   reading,
                          guint                *n_lifted,
                          GError              **error)
{
  MusterLayout *self = NULL;
  gboolean retry;
  guint n;

  g_return_val_if_fail (bytes != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (filename == NULL)
    filename = "layout";

  switch (reading)
    {
    case MUSTER_LAYOUT_READ_LIFTING:
      self = load (bytes, filename, TRUE, &retry, &n, error);
      if (self == NULL && retry)
        self = load (bytes, filename, FALSE, &retry, &n, error);
      break;

    case MUSTER_LAYOUT_READ_TREE:
      self = load (bytes, filename, FALSE, &retry, &n, error);
      break;

    case MUSTER_LAYOUT_READ_LIFTING_ONLY:
      self = load (bytes, filename, TRUE, &retry, &n, error);
      if (self == NULL && retry)
        g_set_error_literal (error, MUSTER_LAYOUT_ERROR, MUSTER_LAYOUT_ERROR_INVALID,
                             "the lifted reading failed");
      break;

    default:
      g_return_val_if_reached (NULL);
    }

  if (n_lifted != NULL)
    *n_lifted = n;

  return self;
}

MusterLayout *
muster_layout_new_from_bytes (GBytes      *bytes,
                              const char  *filename,
                              GError     **error)
{
  g_return_val_if_fail (bytes != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return muster_layout_read_bytes (bytes, filename, MUSTER_LAYOUT_READ_LIFTING, NULL, error);
}

static void
name_file_in_error (GError     **error,
                    const char  *name)
{
  if (error != NULL && *error != NULL && strstr ((*error)->message, name) == NULL)
    g_prefix_error (error, "%s: ", name);
}

MusterLayout *
muster_layout_new_from_file (GFile   *file,
                             GError **error)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *name = NULL;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  name = g_file_get_parse_name (file);

  /* No more than the parser accepts, whatever the file claims: it
   * refuses a larger file with the line where the limit falls. */
  bytes = muster_xml_read_file (file, error);
  if (bytes == NULL)
    {
      name_file_in_error (error, name);
      return NULL;
    }

  return muster_layout_new_from_bytes (bytes, name, error);
}

/* Writing */

typedef struct
{
  GString    *out;
  MusterUnit  units;
  GPtrArray  *declare;          /* prefix, href pairs for the root */
  GHashTable *prefix_by_href;
} Writer;

static const char * const number_formats[] = {
  "%.1g", "%.2g", "%.3g", "%.4g", "%.5g", "%.6g", "%.7g", "%.8g", "%.9g",
  "%.10g", "%.11g", "%.12g", "%.13g", "%.14g", "%.15g", "%.16g", "%.17g",
};

static void
append_escaped (GString    *out,
                const char *text)
{
  for (const char *p = text; *p != '\0'; p++)
    {
      switch (*p)
        {
        case '&':
          g_string_append (out, "&amp;");
          break;
        case '<':
          g_string_append (out, "&lt;");
          break;
        case '>':
          g_string_append (out, "&gt;");
          break;
        case '"':
          g_string_append (out, "&quot;");
          break;
        case '\t':
          g_string_append (out, "&#9;");
          break;
        case '\n':
          g_string_append (out, "&#10;");
          break;
        case '\r':
          g_string_append (out, "&#13;");
          break;
        default:
          g_string_append_c (out, *p);
        }
    }
}

static void
write_attr (Writer     *w,
            const char *name,
            const char *value)
{
  if (value == NULL)
    return;

  g_string_append_printf (w->out, " %s=\"", name);
  append_escaped (w->out, value);
  g_string_append_c (w->out, '"');
}

/* The shortest text in unit that reads back as exactly mm (the doc's
 * units without a suffix), or NULL when none is shorter than max_len. */
static char *
format_length_in (double      mm,
                  MusterUnit  doc_units,
                  MusterUnit  unit,
                  gboolean    allow_exponent,
                  gsize       max_len)
{
  const char *suffix = unit == doc_units ? "" : muster_unit_to_string (unit);
  double value = muster_unit_from_mm (unit, mm);

  for (guint i = 0; i < G_N_ELEMENTS (number_formats); i++)
    {
      char number[G_ASCII_DTOSTR_BUF_SIZE];
      g_autofree char *text = NULL;
      double back;

      g_ascii_formatd (number, sizeof number, number_formats[i], value);
      if (!allow_exponent && strpbrk (number, "eE") != NULL)
        continue;

      text = g_strconcat (number, suffix, NULL);
      if (strlen (text) >= max_len)
        break;

      if (muster_length_parse (text, doc_units, &back, NULL) && back == mm)
        return g_steal_pointer (&text);
    }

  return NULL;
}

/* Lengths are written in the document's units when that reads back
 * exactly, else in millimetres if that is shorter ("25mm" rather than
 * "0.984251968503937" in a document in inches), so that saving never
 * moves anything and base sizes stay as people write them. */
static char *
format_length (MusterUnit doc_units,
               double     mm)
{
  char number[G_ASCII_DTOSTR_BUF_SIZE];

  if (mm == 0)
    mm = 0.0;

  for (guint pass = 0; pass < 2; pass++)
    {
      char *best = format_length_in (mm, doc_units, doc_units, pass == 1, G_MAXSIZE);

      if (doc_units != MUSTER_UNIT_MM)
        {
          char *text = format_length_in (mm, doc_units, MUSTER_UNIT_MM, pass == 1,
                                         best != NULL ? strlen (best) : G_MAXSIZE);

          if (text != NULL)
            {
              g_free (best);
              best = text;
            }
        }

      if (best != NULL)
        return best;
    }

  /* Millimetres at full precision always read back. */
  g_ascii_dtostr (number, sizeof number, mm);

  return g_strconcat (number, doc_units == MUSTER_UNIT_MM ? "" : "mm", NULL);
}

static char *
format_number (double value)
{
  char number[G_ASCII_DTOSTR_BUF_SIZE];

  if (value == 0)
    value = 0.0;

  for (guint pass = 0; pass < 2; pass++)
    {
      for (guint i = 0; i < G_N_ELEMENTS (number_formats); i++)
        {
          g_ascii_formatd (number, sizeof number, number_formats[i], value);
          if (pass == 0 && strpbrk (number, "eE") != NULL)
            continue;

          if (g_ascii_strtod (number, NULL) == value)
            return g_strdup (number);
        }
    }

  g_ascii_dtostr (number, sizeof number, value);

  return g_strdup (number);
}

static void
write_length (Writer     *w,
              const char *name,
              double      mm)
{
  g_autofree char *text = format_length (w->units, mm);

  write_attr (w, name, text);
}

/* Splits "{href}local"; FALSE if name is not of that form. */
static gboolean
split_clark (const char  *name,
             char       **href,
             const char **local)
{
  const char *close;

  if (name == NULL || name[0] != '{')
    return FALSE;

  close = strchr (name, '}');
  if (close == NULL || close == name + 1 || close[1] == '\0' || strchr (close + 1, ':') != NULL)
    return FALSE;

  *href = g_strndup (name + 1, close - name - 1);
  *local = close + 1;

  return TRUE;
}

static void
plan_namespaces (Writer    *w,
                 GPtrArray *ext_attrs)
{
  for (guint i = 0; ext_attrs != NULL && i + 1 < ext_attrs->len; i += 2)
    {
      g_autofree char *href = NULL;
      const char *local;

      if (!split_clark (g_ptr_array_index (ext_attrs, i), &href, &local) ||
          strcmp (href, XML_NAMESPACE) == 0 ||
          g_hash_table_contains (w->prefix_by_href, href))
        continue;

      /* Not declared in the file it came from: make up a prefix. */
      for (guint n = 1; ; n++)
        {
          g_autofree char *prefix = g_strdup_printf ("ext%u", n);
          gboolean used = FALSE;

          for (guint j = 0; j < w->declare->len && !used; j += 2)
            used = strcmp (g_ptr_array_index (w->declare, j), prefix) == 0;

          if (!used)
            {
              g_ptr_array_add (w->declare, g_strdup (prefix));
              g_ptr_array_add (w->declare, g_strdup (href));
              g_hash_table_insert (w->prefix_by_href, g_steal_pointer (&href), g_steal_pointer (&prefix));
              break;
            }
        }
    }
}

static void
write_ext_attrs (Writer    *w,
                 GPtrArray *ext_attrs)
{
  for (guint i = 0; ext_attrs != NULL && i + 1 < ext_attrs->len; i += 2)
    {
      g_autofree char *href = NULL;
      g_autofree char *qname = NULL;
      const char *prefix;
      const char *local;

      if (!split_clark (g_ptr_array_index (ext_attrs, i), &href, &local))
        {
          g_warning ("Dropping the extension attribute “%s”: not “{namespace}name”",
                     (const char *) g_ptr_array_index (ext_attrs, i));
          continue;
        }

      if (strcmp (href, XML_NAMESPACE) == 0)
        prefix = "xml";
      else
        prefix = g_hash_table_lookup (w->prefix_by_href, href);

      g_assert (prefix != NULL);

      qname = g_strconcat (prefix, ":", local, NULL);
      write_attr (w, qname, g_ptr_array_index (ext_attrs, i + 1));
    }
}

static void
write_extensions (Writer    *w,
                  GPtrArray *extensions,
                  guint      depth)
{
  for (guint i = 0; extensions != NULL && i < extensions->len; i++)
    {
      g_string_append_printf (w->out, "%*s%s\n", depth * 2, "",
                              (const char *) g_ptr_array_index (extensions, i));
    }
}

/* A log of Muster's own (see is_log()): qname declares its prefix. */
static void
write_log (Writer     *w,
           const char *qname,
           const char *href,
           char      **lines)
{
  const char *colon = strchr (qname, ':');

  g_assert (colon != NULL);

  if (lines == NULL)
    return;

  g_string_append_printf (w->out, "  <%s xmlns:%.*s=\"%s\">\n", qname, (int) (colon - qname), qname, href);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      append_escaped (w->out, lines[i]);
      g_string_append_c (w->out, '\n');
    }
  g_string_append_printf (w->out, "  </%s>\n", qname);
}

static gboolean
has_items (GPtrArray *array)
{
  return array != NULL && array->len > 0;
}

static void
write_list (Writer      *w,
            const char  *name,
            char       **list)
{
  g_autofree char *text = NULL;

  if (list == NULL || list[0] == NULL)
    return;

  text = g_strjoinv (" ", list);
  write_attr (w, name, text);
}

static void
write_piece (Writer      *w,
             MusterPiece *piece)
{
  g_string_append (w->out, "  <piece");
  write_attr (w, "id", piece->id);
  write_attr (w, "kind", muster_piece_kind_to_string (piece->kind));
  write_attr (w, "owner", piece->owner != NULL ? piece->owner : MUSTER_OWNER_NEUTRAL);
  write_length (w, "x", piece->x);
  write_length (w, "y", piece->y);
  if (piece->rotation != 0)
    {
      g_autofree char *rotation = format_number (piece->rotation);

      write_attr (w, "rotation", rotation);
    }
  if (piece->turn > 0)
    {
      g_autofree char *turn = g_strdup_printf ("%u", piece->turn);

      write_attr (w, "turn", turn);
    }
  write_list (w, "category", piece->categories);
  if (piece->prone)
    write_attr (w, "prone", "true");
  if (piece->lieutenant)
    write_attr (w, "lieutenant", "true");
  write_list (w, "skills", piece->skills);
  write_attr (w, "name", piece->name);
  write_ext_attrs (w, piece->ext_attrs);
  g_string_append (w->out, ">\n");

  g_string_append (w->out, "    <base");
  switch (piece->base.shape)
    {
    case MUSTER_BASE_ROUND:
      write_attr (w, "shape", "round");
      write_length (w, "diameter", piece->base.width);
      break;

    case MUSTER_BASE_OVAL:
    case MUSTER_BASE_RECT:
      write_attr (w, "shape", base_shapes[piece->base.shape]);
      write_length (w, "width", piece->base.width);
      write_length (w, "depth", piece->base.depth);
      break;

    default:
      /* Refused when the output is read back. */
      write_attr (w, "shape", "?");
      break;
    }
  g_string_append (w->out, "/>\n");

  write_extensions (w, piece->extensions, 2);
  g_string_append (w->out, "  </piece>\n");
}

static void
write_terrain (Writer        *w,
               MusterTerrain *terrain)
{
  g_autoptr(GString) points = g_string_new (NULL);

  for (guint i = 0; i < terrain->n_points; i++)
    {
      g_autofree char *x = format_length (w->units, terrain->points[i].x);
      g_autofree char *y = format_length (w->units, terrain->points[i].y);

      g_string_append_printf (points, "%s%s,%s", i > 0 ? " " : "", x, y);
    }

  g_string_append (w->out, "  <terrain");
  write_attr (w, "id", terrain->id);
  write_attr (w, "kind", muster_terrain_kind_to_string (terrain->kind));
  write_attr (w, "points", points->str);
  if (terrain->blocks_lof)
    write_attr (w, "blocks-lof", "true");
  write_attr (w, "name", terrain->name);
  write_ext_attrs (w, terrain->ext_attrs);

  if (has_items (terrain->extensions))
    {
      g_string_append (w->out, ">\n");
      write_extensions (w, terrain->extensions, 2);
      g_string_append (w->out, "  </terrain>\n");
    }
  else
    g_string_append (w->out, "/>\n");
}

static void
write_player (Writer       *w,
              MusterPlayer *player)
{
  g_string_append (w->out, "  <player");
  write_attr (w, "id", player->id);
  write_attr (w, "name", player->name);
  write_attr (w, "zone", player->zone);
  write_attr (w, "role", player->role);
  write_attr (w, "short-edge", player->short_edge);
  write_attr (w, "color", player->color);
  write_ext_attrs (w, player->ext_attrs);

  if (has_items (player->extensions))
    {
      g_string_append (w->out, ">\n");
      write_extensions (w, player->extensions, 2);
      g_string_append (w->out, "  </player>\n");
    }
  else
    g_string_append (w->out, "/>\n");
}

GBytes *
muster_layout_to_bytes (MusterLayout *self)
{
  g_autoptr(GHashTable) prefix_by_href = NULL;
  g_autoptr(GPtrArray) declare = NULL;
  Writer w;

  g_return_val_if_fail (MUSTER_IS_LAYOUT (self), NULL);

  prefix_by_href = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  declare = copy_strings (self->namespaces);
  for (guint i = 0; i + 1 < declare->len; i += 2)
    {
      if (!g_hash_table_contains (prefix_by_href, g_ptr_array_index (declare, i + 1)))
        g_hash_table_insert (prefix_by_href,
                             g_strdup (g_ptr_array_index (declare, i + 1)),
                             g_strdup (g_ptr_array_index (declare, i)));
    }

  w.out = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
  w.units = self->units;
  w.declare = declare;
  w.prefix_by_href = prefix_by_href;

  plan_namespaces (&w, self->ext_attrs);
  plan_namespaces (&w, self->game_ext_attrs);
  plan_namespaces (&w, self->board_ext_attrs);
  for (guint i = 0; i < self->players->len; i++)
    plan_namespaces (&w, ((MusterPlayer *) g_ptr_array_index (self->players, i))->ext_attrs);
  for (guint i = 0; i < self->pieces->len; i++)
    plan_namespaces (&w, ((MusterPiece *) g_ptr_array_index (self->pieces, i))->ext_attrs);
  for (guint i = 0; i < self->terrain->len; i++)
    plan_namespaces (&w, ((MusterTerrain *) g_ptr_array_index (self->terrain, i))->ext_attrs);

  g_string_append_printf (w.out, "<muster-layout version=\"%d\"", MUSTER_LAYOUT_FORMAT_VERSION);
  write_attr (&w, "units", muster_unit_to_string (self->units));
  for (guint i = 0; i + 1 < declare->len; i += 2)
    {
      g_autofree char *xmlns = g_strconcat ("xmlns:", (const char *) g_ptr_array_index (declare, i), NULL);

      write_attr (&w, xmlns, g_ptr_array_index (declare, i + 1));
    }
  write_ext_attrs (&w, self->ext_attrs);
  g_string_append (w.out, ">\n");

  g_string_append (w.out, "  <game");
  write_attr (&w, "system", self->system_id);
  write_attr (&w, "deployment", self->deployment_id);
  write_ext_attrs (&w, self->game_ext_attrs);
  if (self->option_names->len > 0 || has_items (self->game_extensions))
    {
      g_string_append (w.out, ">\n");
      for (guint i = 0; i < self->option_names->len; i++)
        {
          const char *name = g_ptr_array_index (self->option_names, i);

          g_string_append (w.out, "    <option");
          write_attr (&w, "name", name);
          write_attr (&w, "value", g_hash_table_lookup (self->options, name));
          g_string_append (w.out, "/>\n");
        }
      write_extensions (&w, self->game_extensions, 2);
      g_string_append (w.out, "  </game>\n");
    }
  else
    g_string_append (w.out, "/>\n");

  g_string_append (w.out, "  <board");
  write_length (&w, "width", self->width);
  write_length (&w, "height", self->height);
  write_ext_attrs (&w, self->board_ext_attrs);
  g_string_append (w.out, "/>\n");

  for (guint i = 0; i < self->players->len; i++)
    write_player (&w, g_ptr_array_index (self->players, i));

  for (guint i = 0; i < self->pieces->len; i++)
    write_piece (&w, g_ptr_array_index (self->pieces, i));

  for (guint i = 0; i < self->terrain->len; i++)
    write_terrain (&w, g_ptr_array_index (self->terrain, i));

  write_log (&w, "rl:roll-log", MUSTER_ROLL_LOG_NAMESPACE, self->roll_log);
  write_log (&w, "gl:game-log", MUSTER_GAME_LOG_NAMESPACE, self->game_log);

  write_extensions (&w, self->extensions, 1);
  g_string_append (w.out, "</muster-layout>\n");

  return g_string_free_to_bytes (w.out);
}

/* The old file becomes FILE~ (a second name for it, or a copy where the
 * file system has no hard links), then a temporary file with the whole
 * new content, flushed to the disk, is renamed over FILE. Not
 * g_file_replace_contents(): after a failed write (a full disk) it still
 * closes its stream, which renames the short temporary file over FILE. */
static gboolean
write_atomically (GFile       *file,
                  const char  *data,
                  gsize        size,
                  GError     **error)
{
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *backup = NULL;

  if (path == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           _("only files on this computer can be saved"));
      return FALSE;
    }

  if (g_file_test (path, G_FILE_TEST_EXISTS))
    {
      backup = g_strconcat (path, "~", NULL);
      if (g_unlink (backup) != 0 && errno != ENOENT)
        {
          int saved_errno = errno;

          g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                       _("could not replace the backup %s: %s"), backup, g_strerror (saved_errno));
          return FALSE;
        }
      if (link (path, backup) != 0)
        {
          g_autoptr(GFile) from = g_file_new_for_path (path);
          g_autoptr(GFile) to = g_file_new_for_path (backup);

          if (!g_file_copy (from, to, G_FILE_COPY_OVERWRITE | G_FILE_COPY_ALL_METADATA,
                            NULL, NULL, NULL, error))
            return FALSE;
        }
    }

  /* On failure the temporary file is removed and FILE left as it was. */
  {
    g_autofree char *dirname = g_path_get_dirname (path);
    g_autofree char *basename = g_path_get_basename (path);
    g_autofree char *tmp = g_strdup_printf ("%s/.%s.XXXXXX", dirname, basename);
    const char *what = _("could not be written");
    gsize written = 0;
    int saved_errno = 0;
    int fd;

    fd = g_mkstemp_full (tmp, O_WRONLY, 0666);
    if (fd < 0)
      {
        saved_errno = errno;
        what = _("could not be created");
        goto failed;
      }
    /* Read by others as the old file was (mkstemp makes it private). */
    {
      GStatBuf st;
      mode_t mask = umask (0);

      umask (mask);
      if (fchmod (fd, g_stat (path, &st) == 0 ? (st.st_mode & 07777) : (0666 & ~mask)) != 0)
        g_debug ("%s: %s", tmp, g_strerror (errno));
    }
    while (written < size)
      {
        gssize n = write (fd, data + written, size - written);

        if (n < 0 && errno == EINTR)
          continue;
        if (n <= 0)
          {
            saved_errno = n < 0 ? errno : ENOSPC;
            goto failed;
          }
        written += n;
      }
    if (fsync (fd) != 0 || close (fd) != 0)
      {
        saved_errno = errno;
        fd = -1;
        goto failed;
      }
    fd = -1;
    if (g_rename (tmp, path) != 0)
      {
        saved_errno = errno;
        goto failed;
      }

    return TRUE;

  failed:
    if (fd >= 0)
      close (fd);
    g_unlink (tmp);
    g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                 "%s %s: %s", path, what, g_strerror (saved_errno));
    return FALSE;
  }
}

gboolean
muster_layout_save (MusterLayout  *self,
                    GFile         *file,
                    GError       **error)
{
  g_autoptr(MusterLayout) check = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *name = NULL;
  const char *data;
  gsize size;

  g_return_val_if_fail (MUSTER_IS_LAYOUT (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  name = g_file_get_parse_name (file);
  bytes = muster_layout_to_bytes (self);

  /* Never write what could not be read back. */
  check = muster_layout_new_from_bytes (bytes, name, &local_error);
  if (check == NULL)
    {
      g_set_error (error, MUSTER_LAYOUT_ERROR, local_error->code,
                   _("%s was not saved: the layout would not read back (%s)"),
                   name, local_error->message);
      return FALSE;
    }

  data = g_bytes_get_data (bytes, &size);
  if (!write_atomically (file, data, size, error))
    {
      name_file_in_error (error, name);
      return FALSE;
    }

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
muster_layout_get_roll_log (MusterLayout *self)
{
  g_return_val_if_fail (MUSTER_IS_LAYOUT (self), NULL);

  return (const char * const *) self->roll_log;
}

void
muster_layout_set_roll_log (MusterLayout       *self,
                            const char * const *lines)
{
  g_return_if_fail (MUSTER_IS_LAYOUT (self));

  replace_log (&self->roll_log, lines);
}

const char * const *
muster_layout_get_game_log (MusterLayout *self)
{
  g_return_val_if_fail (MUSTER_IS_LAYOUT (self), NULL);

  return (const char * const *) self->game_log;
}

void
muster_layout_set_game_log (MusterLayout       *self,
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
