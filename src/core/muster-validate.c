/* muster-validate.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-validate"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "muster-choices.h"
#include "muster-validate-private.h"

/* How validation stays incremental.
 *
 * Every rule is one of three sorts:
 *
 *  - unary rules (off-board, outside-zone) look at one piece alone;
 *  - pair rules (overlap, base-contact, enemy-too-close, unit-spacing)
 *    look at two pieces, or a piece and a terrain footprint, and no pair
 *    rule reaches farther than the largest distance in force (the contact
 *    tolerance, 1" or 20"), so a spatial index of bounding boxes finds
 *    every partner of a piece by looking around it;
 *  - sequence rules (deploy-order, deploy-sequence) look at the pieces a
 *    player deployed in neighbouring turns: per player, a sorted tree of
 *    turns (deploy-order) and a table of turns (deploy-sequence).
 *
 * Each piece keeps its own violations and the slots of the pieces it
 * shares pair verdicts with (its partners). When a piece moves, it drops
 * its pair verdicts and its partners' mirrored ones, works out its own
 * rules again, asks the index for the pieces and terrain within reach, and
 * re-checks the turn groups it leaves and joins. Nothing in that depends on
 * the number of pieces on the table, only on how crowded its
 * neighbourhood and its turn are.
 */

G_DEFINE_FINAL_TYPE (MusterValidator, muster_validator, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_TOLERANCE,
  PROP_DEPLOYMENT_OVER,
  N_PROPS
};

/* The rules of placement in the Deployment Phase (RULES.md: "The
 * deployment rules govern placement during the Deployment Phase only"):
 * once it is over, a piece that moves in a Player Turn is no longer held
 * to its zone, the deployment order and steps, the distance from enemy
 * units it was deployed at, or kept out of contact (troopers engage in
 * close combat). Overlap, off-board and unit spacing still apply. */
#define DEPLOYMENT_RULES (RULE_BIT (MUSTER_RULE_OUTSIDE_ZONE) | \
                          RULE_BIT (MUSTER_RULE_BASE_CONTACT) | \
                          RULE_BIT (MUSTER_RULE_ENEMY_TOO_CLOSE) | \
                          RULE_BIT (MUSTER_RULE_DEPLOY_ORDER) | \
                          RULE_BIT (MUSTER_RULE_DEPLOY_SEQUENCE))

enum {
  VIOLATIONS_CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* Rules */

/* The rule is in force and looks at this piece: of one of its kinds, and
 * of none of its exempt categories. */
static gboolean
rule_applies (MusterValidator   *self,
              MusterRuleCode     code,
              const MusterPiece *piece)
{
  const Rule *rule = &self->rules[code];

  if (rule->def == NULL)
    return FALSE;

  if ((rule->kinds & (1u << piece->kind)) == 0)
    return FALSE;

  if (rule->def->exempt != NULL && piece->categories != NULL)
    {
      for (guint i = 0; piece->categories[i] != NULL; i++)
        {
          if (g_strv_contains ((const char * const *) rule->def->exempt, piece->categories[i]))
            return FALSE;
        }
    }

  return TRUE;
}

/* Players and pieces */

static void
player_state_free (gpointer data)
{
  PlayerState *player = data;

  g_free (player->id);
  g_clear_pointer (&player->zone, muster_region_unref);
  g_hash_table_unref (player->skill_regions);
  g_tree_unref (player->order_groups);
  g_hash_table_unref (player->seq_groups);
  g_free (player->step_counts);
  g_free (player);
}

static void
terrain_state_clear (gpointer data)
{
  TerrainState *ts = data;

  muster_outline_clear (&ts->outline);
}

static PlayerState *
lookup_player (MusterValidator *self,
               const char      *owner)
{
  if (owner == NULL)
    return NULL;

  return g_hash_table_lookup (self->players, owner);
}

static PieceState *
lookup_piece (MusterValidator *self,
              guint            serial)
{
  return serial < self->by_serial->len ? g_ptr_array_index (self->by_serial, serial) : NULL;
}

static MusterViolationOther
other_kind_of (const MusterPiece *piece,
               const MusterPiece *other)
{
  if (other->kind == MUSTER_PIECE_OBJECTIVE)
    return MUSTER_VIOLATION_OTHER_OBJECTIVE;
  if (g_strcmp0 (piece->owner, other->owner) == 0)
    return MUSTER_VIOLATION_OTHER_FRIEND;
  if (other->kind == MUSTER_PIECE_MARKER)
    return MUSTER_VIOLATION_OTHER_MARKER;
  if (!muster_piece_is_deployable (other))
    return MUSTER_VIOLATION_OTHER_NEUTRAL;

  return MUSTER_VIOLATION_OTHER_ENEMY;
}

MusterViolation *
_muster_validator_violation_new (MusterValidator      *self,
                                 const MusterPiece    *piece,
                                 MusterRuleCode        code,
                                 const char           *other_id,
                                 const char           *other_name,
                                 guint                 other_serial,
                                 MusterViolationOther  other_kind)
{
  MusterViolation *v = muster_violation_new (piece->id, other_id, other_name);

  v->serial = piece->serial;
  v->code = code;
  v->other_serial = other_serial;
  v->other_kind = other_kind;
  v->distance = rule_distance (self, code);
  v->turn = piece->turn;

  return v;
}

MusterViolation *
_muster_validator_violation_new_for_piece (MusterValidator   *self,
                                           const MusterPiece *piece,
                                           MusterRuleCode     code,
                                           const MusterPiece *other)
{
  const char *name = other->name != NULL && *other->name != '\0' ? other->name : NULL;

  return _muster_validator_violation_new (self, piece, code, other->id, name, other->serial,
                                          other_kind_of (piece, other));
}

static guint
piece_n_violations (const PieceState *ps)
{
  GPtrArray *violations = piece_violations (ps);

  return violations != NULL ? violations->len : 0;
}

void
_muster_validator_piece_info_init (MusterValidator   *self,
                                   PieceInfo         *info,
                                   const MusterPiece *piece)
{
  info->piece = piece;
  /* Pieces come in runs of one owner: the last one's, without hashing.
   * Owners are interned, so the same owner is the same pointer, and a
   * big table's owners are never read from memory. */
  if (piece->owner != self->last_owner)
    {
      self->last_owner = piece->owner;
      self->last_player = lookup_player (self, piece->owner);
    }
  info->owner = self->last_owner;
  info->player = self->last_player;
  info->turn = piece->turn;
  info->kind = piece->kind;
  info->deployable = muster_piece_is_deployable (piece);
  info->applies = 0;

  for (guint code = 0; code < MUSTER_N_RULES; code++)
    {
      if (rule_applies (self, code, piece))
        info->applies |= RULE_BIT (code);
    }
}

/* Unary rules */

static gboolean
outline_on_board (MusterValidator     *self,
                  const MusterOutline *outline)
{
  return outline->bounds.x0 >= -MUSTER_EPSILON_MM &&
         outline->bounds.y0 >= -MUSTER_EPSILON_MM &&
         outline->bounds.x1 <= self->width + MUSTER_EPSILON_MM &&
         outline->bounds.y1 <= self->height + MUSTER_EPSILON_MM;
}

static gboolean
outline_in_zone (PlayerState         *player,
                 const MusterPiece   *piece,
                 const MusterOutline *outline)
{
  if (muster_region_contains_outline (player->zone, outline))
    return TRUE;

  /* Infiltration and the like: extra regions granted by skills. */
  if (piece->skills != NULL)
    {
      for (guint i = 0; piece->skills[i] != NULL; i++)
        {
          const MusterRegion *region = g_hash_table_lookup (player->skill_regions,
                                                            piece->skills[i]);

          if (region != NULL && muster_region_contains_outline (region, outline))
            return TRUE;
        }
    }

  return FALSE;
}

static void
check_unary (MusterValidator *self,
             const PieceInfo *info,
             GPtrArray       *sink)
{
  const MusterPiece *piece = info->piece;
  const MusterOutline *outline = &info->outline;
  PlayerState *player;
  gboolean on_board;

  if (!info->deployable)
    return;

  on_board = outline_on_board (self, outline);

  if (!on_board && info_applies (info, MUSTER_RULE_OFF_BOARD))
    g_ptr_array_add (sink, _muster_validator_violation_new (self, piece, MUSTER_RULE_OFF_BOARD, NULL, NULL, 0,
                                                            MUSTER_VIOLATION_OTHER_NONE));

  /* Zones are clipped to the board: a base off it is outside its zone,
   * whatever regions its skills allow. A piece with a skill that lets it
   * stay off the table still needs its zone once it is on the table. */
  player = info->player;
  if (player != NULL && player->zone_unchosen && info_applies (info, MUSTER_RULE_OUTSIDE_ZONE))
    {
      MusterViolation *v = _muster_validator_violation_new (self, piece, MUSTER_RULE_OUTSIDE_ZONE, NULL, NULL, 0,
                                                            MUSTER_VIOLATION_OTHER_NONE);

      v->note = g_strdup (_("Its player has no deployment zone yet"));
      g_ptr_array_add (sink, v);
    }
  else if (player != NULL && player->zone != NULL &&
           info_applies (info, MUSTER_RULE_OUTSIDE_ZONE) &&
           (!on_board || !outline_in_zone (player, piece, outline)))
    {
      MusterViolation *v = _muster_validator_violation_new (self, piece, MUSTER_RULE_OUTSIDE_ZONE, NULL, NULL, 0,
                                                            MUSTER_VIOLATION_OTHER_NONE);

      /* Across a line where the zone's depth changes, the base may look
       * inside the zone as drawn: the system says why it is not. */
      v->note = g_strdup (muster_region_explain_outline (player->zone, outline));
      g_ptr_array_add (sink, v);
    }
}

/* Pieces */

/* Reads the piece again: its outline, owner and what rules look at it. */
static void
piece_state_refresh (MusterValidator *self,
                     PieceState      *ps)
{
  const MusterPiece *piece = ps->info.piece;

  /* A piece moved keeps its points' place in the pool while it has as
   * many. */
  if (ps->info.outline.borrowed && muster_base_outline_points (&piece->base) == ps->info.outline.n_points)
    muster_outline_init_base_in (&ps->info.outline, &piece->base, piece->x, piece->y, piece->rotation,
                                 ps->info.outline.points);
  else
    {
      muster_outline_clear (&ps->info.outline);
      muster_piece_get_outline (piece, &ps->info.outline);
      if (ps->pooled)
        {
          guint slot = ps->slot;

          g_array_append_val (self->owning, slot);
        }
    }
  _muster_validator_piece_info_init (self, &ps->info, piece);
}

static void
piece_state_init (MusterValidator *self,
                  PieceState      *ps,
                  MusterPiece     *piece)
{
  ps->serial = piece->serial;
  ps->info.piece = piece;
  ps->sorted = TRUE;
  piece_state_refresh (self, ps);
}

/* A new piece state, with a slot, in the table and the index. */
static PieceState *
piece_state_add (MusterValidator *self,
                 MusterPiece     *piece)
{
  PieceState *ps = g_new0 (PieceState, 1);

  self->n_alone++;
  piece_state_init (self, ps, piece);

  if (self->free_slots->len > 0)
    {
      ps->slot = g_array_index (self->free_slots, guint, self->free_slots->len - 1);
      g_array_set_size (self->free_slots, self->free_slots->len - 1);
      g_ptr_array_index (self->slots, ps->slot) = ps;
    }
  else
    {
      /* Some 500 million pieces: no layout holds that many. */
      g_assert (self->slots->len < MAX_SLOTS);
      ps->slot = self->slots->len;
      g_ptr_array_add (self->slots, ps);
    }

  if (ps->serial >= self->by_serial->len)
    g_ptr_array_set_size (self->by_serial, ps->serial + 1);
  g_ptr_array_index (self->by_serial, ps->serial) = ps;
  muster_spatial_index_insert (self->index, ps->slot, &ps->info.outline.bounds);

  return ps;
}

/* The reverse of piece_state_add(), once the piece has no verdicts. */
static void
piece_state_remove (MusterValidator *self,
                    PieceState      *ps)
{
  guint slot = ps->slot;

  g_assert (piece_n_violations (ps) == 0 && (piece_partners (ps) == NULL || piece_partners (ps)->len == 0));

  muster_spatial_index_remove (self->index, ps->slot);
  g_ptr_array_index (self->slots, ps->slot) = NULL;
  g_array_append_val (self->free_slots, slot);
  g_ptr_array_index (self->by_serial, ps->serial) = NULL;
  if (!ps->pooled)
    self->n_alone--;
  _muster_validator_piece_state_free (ps);
}

/* Forgets every verdict of ps and every verdict of others that names
 * it. */
static void
piece_forget (MusterValidator *self,
              PieceState      *ps)
{
  _muster_validator_order_leave (self, ps);
  _muster_validator_seq_leave (self, ps);
  _muster_validator_drop_pairs (self, ps);
  _muster_validator_remove_violations (self, ps, UNARY_RULES, 0);

  g_assert (piece_n_violations (ps) == 0);
}

/* Works out every verdict of ps, with every piece in the index. */
void
_muster_validator_piece_check (MusterValidator *self,
                               PieceState      *ps)
{
  check_unary (self, &ps->info, self->sink);
  _muster_validator_add_violations (self, ps, self->sink);
  _muster_validator_commit_pairs (self, ps);
  _muster_validator_order_join (self, ps);
  _muster_validator_seq_join (self, ps);
}

static void
piece_add (MusterValidator *self,
           MusterPiece     *piece)
{
  _muster_validator_piece_check (self, piece_state_add (self, piece));
}

/* Rebuilding */

static ShortEdge
short_edge_from_string (const char *text)
{
  if (g_strcmp0 (text, "west") == 0)
    return SHORT_EDGE_WEST;
  if (g_strcmp0 (text, "east") == 0)
    return SHORT_EDGE_EAST;
  if (g_strcmp0 (text, "north") == 0)
    return SHORT_EDGE_NORTH;
  if (g_strcmp0 (text, "south") == 0)
    return SHORT_EDGE_SOUTH;

  return SHORT_EDGE_NONE;
}

static guint
kinds_from_strv (char **kinds)
{
  guint mask = 0;

  if (kinds == NULL)
    return G_MAXUINT;

  for (guint i = 0; kinds[i] != NULL; i++)
    {
      MusterPieceKind kind;

      if (muster_piece_kind_from_string (kinds[i], &kind))
        mask |= 1u << kind;
      else
        g_debug ("Unknown piece kind “%s” in a rule", kinds[i]);
    }

  return mask;
}

/* Keeps the first error. */
static void
keep_error (GError **first,
            GError  *error)
{
  if (*first == NULL)
    *first = error;
  else
    g_error_free (error);
}

static PlayerState *
player_state_new (MusterValidator    *self,
                  const MusterPlayer *player,
                  GError            **first_error)
{
  GHashTable *options = muster_layout_get_options (self->layout);
  PlayerState *ps = g_new0 (PlayerState, 1);
  GError *error = NULL;

  ps->id = g_strdup (player->id);
  ps->short_edge = short_edge_from_string (player->short_edge);
  /* Marching Columns measures from a short edge: west or east, north or
   * south on a portrait board. A long edge gives no order to check. */
  if ((ps->short_edge == SHORT_EDGE_NORTH || ps->short_edge == SHORT_EDGE_SOUTH) !=
      (self->width < self->height))
    ps->short_edge = SHORT_EDGE_NONE;
  ps->skill_regions = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                             (GDestroyNotify) muster_region_unref);
  ps->order_groups = g_tree_new_full (_muster_validator_compare_turns, NULL, NULL, _muster_validator_group_free);
  ps->seq_groups = g_hash_table_new_full (NULL, NULL, NULL, _muster_validator_group_free);

  /* A unit deploys in its player's zone: with none chosen, it is in none. */
  ps->zone_unchosen = self->deployment != NULL && player->zone == NULL &&
                      self->deployment->zones != NULL && self->deployment->zones->len > 0;
  if (self->deployment == NULL || player->zone == NULL)
    return ps;

  ps->zone = muster_system_resolve_zone (self->system, self->deployment, player->zone,
                                         self->width, self->height, options,
                                         player->role, player->short_edge, &error);
  if (ps->zone == NULL)
    {
      keep_error (first_error, error);
      return ps;
    }

  /* The extra regions that skills allow from this zone. */
  {
    GPtrArray *skills = muster_system_get_skills (self->system);

    for (guint i = 0; skills != NULL && i < skills->len; i++)
      {
        const MusterSkillDef *skill = g_ptr_array_index (skills, i);
        MusterRegion *region;

        if (skill->allows != MUSTER_SKILL_ALLOWS_REGION)
          continue;

        region = muster_system_resolve_skill_region (self->system, self->deployment, skill,
                                                     player->zone, self->width, self->height,
                                                     options, &error);
        if (region != NULL)
          g_hash_table_insert (ps->skill_regions, g_strdup (skill->id), region);
        else if (error != NULL)
          keep_error (first_error, g_steal_pointer (&error));
      }
  }

  return ps;
}

static void
clear_state (MusterValidator *self)
{
  _muster_validator_listing_clear (self);

  /* With states allocated alone, every state, in slot order; else only
   * those of the slab that own memory. */
  if (self->n_alone > 0)
    {
      for (guint i = 0; i < self->slots->len; i++)
        {
          PieceState *ps = g_ptr_array_index (self->slots, i);

          if (ps != NULL)
            _muster_validator_piece_state_free (ps);
        }
    }
  else
    {
      _muster_validator_free_owning_states (self);
    }
  g_array_set_size (self->owning, 0);
  g_array_set_size (self->changed, 0);
  self->n_alone = 0;
  g_ptr_array_set_size (self->by_serial, 0);
  g_clear_pointer (&self->slab, g_free);
  self->points_pool = NULL;
  g_ptr_array_set_size (self->slots, 0);
  g_array_set_size (self->free_slots, 0);
  g_hash_table_remove_all (self->players);
  g_array_set_size (self->terrain, 0);
  g_clear_pointer (&self->index, muster_spatial_index_free);
  g_clear_pointer (&self->terrain_index, muster_spatial_index_free);
  g_hash_table_remove_all (self->terrain_violations);
  memset (self->rules, 0, sizeof self->rules);
  self->last_owner = NULL;
  self->last_player = NULL;
  self->deployment = NULL;
  self->n_violations = 0;
  self->n_broken = 0;
  g_clear_error (&self->error);
}

/* Terrain: impassable terrain and buildings go into their index for the
 * pair rules; any terrain not entirely on the table is off-board itself
 * (a table made smaller cuts it off), reported under its own id. */
static void
add_all_terrain (MusterValidator  *self,
                 GError          **first_error)
{
  GPtrArray *terrain = muster_layout_get_terrain (self->layout);
  MusterBox extent = { G_MAXDOUBLE, G_MAXDOUBLE, -G_MAXDOUBLE, -G_MAXDOUBLE };

  /* Every piece looks at the terrain around it: a grid over all of it
   * (cells_rebuild() would fit one only over a small part of a big
   * table's). */
  for (guint i = 0; i < terrain->len; i++)
    {
      const MusterTerrain *t = g_ptr_array_index (terrain, i);

      for (guint j = 0; j < t->n_points; j++)
        {
          if (!isfinite (t->points[j].x) || !isfinite (t->points[j].y))
            continue;
          extent.x0 = MIN (extent.x0, t->points[j].x);
          extent.y0 = MIN (extent.y0, t->points[j].y);
          extent.x1 = MAX (extent.x1, t->points[j].x);
          extent.y1 = MAX (extent.y1, t->points[j].y);
        }
    }
  if (extent.x0 <= extent.x1)
    muster_spatial_index_reserve (self->terrain_index, &extent, terrain->len);

  for (guint i = 0; i < terrain->len; i++)
    {
      MusterTerrain *t = g_ptr_array_index (terrain, i);
      TerrainState ts = { t, { 0, } };
      GPtrArray *violations = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_violation_free);
      GError *local_error = NULL;
      gboolean on_board = TRUE;

      g_hash_table_insert (self->terrain_violations, GUINT_TO_POINTER (t->serial), violations);

      /* A polygon is on the table when its corners are. */
      for (guint j = 0; j < t->n_points; j++)
        on_board = on_board &&
                   t->points[j].x >= -MUSTER_EPSILON_MM && t->points[j].x <= self->width + MUSTER_EPSILON_MM &&
                   t->points[j].y >= -MUSTER_EPSILON_MM && t->points[j].y <= self->height + MUSTER_EPSILON_MM;

      if (!on_board && rule_in_force (self, MUSTER_RULE_OFF_BOARD))
        {
          MusterViolation *v = muster_violation_new (t->id, NULL, NULL);

          v->serial = t->serial;
          v->code = MUSTER_RULE_OFF_BOARD;
          g_ptr_array_add (violations, v);
          self->n_violations++;
        }

      if (t->kind == MUSTER_TERRAIN_AREA)
        continue;

      if (!muster_outline_init_polygon (&ts.outline, t->points, t->n_points, &local_error))
        {
          g_prefix_error (&local_error, "%s: ", t->id);
          keep_error (first_error, local_error);
          continue;
        }

      muster_spatial_index_insert (self->terrain_index, self->terrain->len, &ts.outline.bounds);
      g_array_append_val (self->terrain, ts);
    }
}

/* Throws everything away and validates the whole layout. On error, what
 * could be worked out is kept (a player whose zone fails to resolve has
 * no zone), and the error is kept for muster_validator_revalidate(). */
static gboolean
rebuild (MusterValidator  *self,
         GError          **error)
{
  GError *first_error = NULL;
  const char *system_id = muster_system_get_id (self->system);
  const char *deployment_id = muster_layout_get_deployment_id (self->layout);
  GPtrArray *players;
  double cell;

  clear_state (self);
  self->all_changed = TRUE;

  self->width = muster_layout_get_width (self->layout);
  self->height = muster_layout_get_height (self->layout);

  if (g_strcmp0 (muster_layout_get_system_id (self->layout), system_id) != 0)
    keep_error (&first_error,
                g_error_new (MUSTER_SYSTEM_ERROR, MUSTER_SYSTEM_ERROR_UNKNOWN,
                             _("The layout is for the game system “%s”, not “%s”"),
                             muster_layout_get_system_id (self->layout), system_id));
  else if (deployment_id != NULL)
    self->deployment = muster_system_lookup_deployment (self->system, deployment_id);
  else
    self->deployment = muster_system_get_default_deployment (self->system);

  if (self->deployment == NULL && first_error == NULL)
    keep_error (&first_error,
                g_error_new (MUSTER_SYSTEM_ERROR, MUSTER_SYSTEM_ERROR_UNKNOWN,
                             _("The game system “%s” has no deployment type “%s”"),
                             system_id, deployment_id != NULL ? deployment_id : ""));

  if (self->deployment != NULL)
    {
      for (guint code = 0; code < MUSTER_N_RULES; code++)
        {
          const MusterRuleDef *def = muster_system_get_rule (self->system, self->deployment, code);

          if (self->deployment_over && (DEPLOYMENT_RULES & RULE_BIT (code)) != 0)
            def = NULL;
          self->rules[code].def = def;
          self->rules[code].kinds = def != NULL ? kinds_from_strv (def->kinds) : 0;
        }
    }

  /* How far the pair rules look; overlap needs no more than contact. */
  self->pair_reach = self->tolerance;
  if (rule_in_force (self, MUSTER_RULE_ENEMY_TOO_CLOSE))
    self->pair_reach = MAX (self->pair_reach, rule_distance (self, MUSTER_RULE_ENEMY_TOO_CLOSE));
  if (rule_in_force (self, MUSTER_RULE_UNIT_SPACING))
    self->pair_reach = MAX (self->pair_reach, rule_distance (self, MUSTER_RULE_UNIT_SPACING));
  self->terrain_reach = self->tolerance;
  if (rule_in_force (self, MUSTER_RULE_UNIT_SPACING))
    self->terrain_reach = MAX (self->terrain_reach, rule_distance (self, MUSTER_RULE_UNIT_SPACING));

  /* Cells as wide as the reach, and no finer than a big base: a query
   * around a base covers some 3 × 3 cells and finds few pieces beyond the
   * reach, and a big unit sits in few cells. */
  cell = MAX (self->pair_reach, MIN_CELL_SIZE_MM);
  self->index = muster_spatial_index_new (cell);
  self->terrain_index = muster_spatial_index_new (cell);

  /* The choices first: what is wrong with them says more than the zone
   * that cannot be made of them ("this table is taller than wide", not
   * "the short edge is not set"). */
  if (self->deployment != NULL)
    muster_choices_check (self->layout, self->system, self->deployment, NULL, &first_error);
  players = muster_layout_get_players (self->layout);
  for (guint i = 0; i < players->len; i++)
    {
      const MusterPlayer *player = g_ptr_array_index (players, i);

      g_hash_table_insert (self->players, g_strdup (player->id),
                           player_state_new (self, player, &first_error));
    }

  add_all_terrain (self, &first_error);

  self->rebuilding = TRUE;
  _muster_validator_add_all_pieces (self, cell);
  self->rebuilding = FALSE;

  {
    GHashTableIter iter;
    PlayerState *player;

    g_hash_table_iter_init (&iter, self->players);
    while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &player))
      g_tree_foreach (player->order_groups, _muster_validator_order_check_group_cb, self);
    _muster_validator_seq_check_all (self);
  }

  if (first_error != NULL)
    {
      self->error = g_error_copy (first_error);
      g_propagate_error (error, first_error);
      return FALSE;
    }

  return TRUE;
}

/* Following the layout */

static void
emit_changed (MusterValidator *self)
{
  g_signal_emit (self, signals[VIOLATIONS_CHANGED], 0);

  for (guint i = 0; i < self->changed->len; i++)
    {
      PieceState *ps = lookup_piece (self, g_array_index (self->changed, guint, i));

      if (ps != NULL)
        ps->changed = FALSE;
    }
  g_array_set_size (self->changed, 0);
  self->all_changed = FALSE;
}

static MusterPiece *
find_piece (MusterValidator *self,
            guint            serial)
{
  GPtrArray *pieces = muster_layout_get_pieces (self->layout);

  /* A new piece is the last one; no need to look through the others. */
  if (pieces->len > 0)
    {
      MusterPiece *last = g_ptr_array_index (pieces, pieces->len - 1);

      if (last->serial == serial)
        return last;
    }

  return muster_layout_lookup_serial (self->layout, serial);
}

static void
layout_piece_added_cb (MusterValidator *self,
                       guint            serial,
                       MusterLayout    *layout)
{
  MusterPiece *piece;

  g_assert (MUSTER_IS_VALIDATOR (self));

  if (lookup_piece (self, serial) != NULL)
    return;

  piece = find_piece (self, serial);
  g_return_if_fail (piece != NULL);

  piece_add (self, piece);
  emit_changed (self);
}

static void
layout_piece_removed_cb (MusterValidator *self,
                         guint            serial,
                         MusterLayout    *layout)
{
  PieceState *ps;

  g_assert (MUSTER_IS_VALIDATOR (self));

  ps = lookup_piece (self, serial);
  if (ps == NULL)
    return;

  piece_forget (self, ps);
  piece_state_remove (self, ps);
  emit_changed (self);
}

static void
layout_piece_changed_cb (MusterValidator *self,
                         guint            serial,
                         MusterLayout    *layout)
{
  PieceState *ps;

  g_assert (MUSTER_IS_VALIDATOR (self));

  ps = lookup_piece (self, serial);
  if (ps == NULL)
    {
      layout_piece_added_cb (self, serial, layout);
      return;
    }

  piece_forget (self, ps);
  piece_state_refresh (self, ps);
  muster_spatial_index_update (self->index, ps->slot, &ps->info.outline.bounds);

  _muster_validator_piece_check (self, ps);
  emit_changed (self);
}

static void
layout_changed_cb (MusterValidator *self,
                   MusterLayout    *layout)
{
  g_autoptr(GError) error = NULL;

  g_assert (MUSTER_IS_VALIDATOR (self));

  if (!rebuild (self, &error))
    g_debug ("Cannot validate the layout fully: %s", error->message);

  emit_changed (self);
}

/* GObject */

static void
muster_validator_dispose (GObject *object)
{
  MusterValidator *self = (MusterValidator *)object;

  if (self->layout != NULL)
    g_signal_handlers_disconnect_by_data (self->layout, self);

  clear_state (self);
  g_clear_object (&self->layout);
  g_clear_object (&self->system);

  G_OBJECT_CLASS (muster_validator_parent_class)->dispose (object);
}

static void
muster_validator_finalize (GObject *object)
{
  MusterValidator *self = (MusterValidator *)object;

  g_clear_pointer (&self->by_serial, g_ptr_array_unref);
  g_clear_pointer (&self->changed, g_array_unref);
  g_clear_pointer (&self->owning, g_array_unref);
  g_clear_pointer (&self->pair_ids, g_array_unref);
  g_clear_pointer (&self->terrain_ids, g_array_unref);
  g_clear_pointer (&self->sink, g_ptr_array_unref);
  g_clear_pointer (&self->slots, g_ptr_array_unref);
  g_clear_pointer (&self->free_slots, g_array_unref);
  g_clear_pointer (&self->players, g_hash_table_unref);
  g_clear_pointer (&self->terrain, g_array_unref);
  g_clear_pointer (&self->no_violations, g_ptr_array_unref);
  g_clear_pointer (&self->terrain_violations, g_hash_table_unref);
  g_clear_error (&self->error);

  G_OBJECT_CLASS (muster_validator_parent_class)->finalize (object);
}

static void
muster_validator_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  MusterValidator *self = MUSTER_VALIDATOR (object);

  switch (prop_id)
    {
    case PROP_TOLERANCE:
      g_value_set_double (value, self->tolerance);
      break;

    case PROP_DEPLOYMENT_OVER:
      g_value_set_boolean (value, self->deployment_over);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_validator_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  MusterValidator *self = MUSTER_VALIDATOR (object);

  switch (prop_id)
    {
    case PROP_TOLERANCE:
      muster_validator_set_tolerance (self, g_value_get_double (value));
      break;

    case PROP_DEPLOYMENT_OVER:
      muster_validator_set_deployment_over (self, g_value_get_boolean (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_validator_class_init (MusterValidatorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = muster_validator_dispose;
  object_class->finalize = muster_validator_finalize;
  object_class->get_property = muster_validator_get_property;
  object_class->set_property = muster_validator_set_property;

  /**
   * MusterValidator:tolerance:
   *
   * The contact tolerance in millimetres: a gap of at most this much is
   * contact, an intersection deeper than this is overlap.
   */
  properties[PROP_TOLERANCE] =
    g_param_spec_double ("tolerance", NULL, NULL,
                         0.0, G_MAXDOUBLE, MUSTER_DEFAULT_TOLERANCE_MM,
                         (G_PARAM_READWRITE |
                          G_PARAM_EXPLICIT_NOTIFY |
                          G_PARAM_STATIC_STRINGS));

  /**
   * MusterValidator:deployment-over:
   *
   * Whether the Deployment Phase is over: pieces are then no longer held
   * to the rules of deployment (their zones, the deployment order and
   * steps, Counterthrust's distance, base contact); overlap, off-board
   * and unit spacing still apply.
   */
  properties[PROP_DEPLOYMENT_OVER] =
    g_param_spec_boolean ("deployment-over", NULL, NULL,
                          FALSE,
                          (G_PARAM_READWRITE |
                           G_PARAM_EXPLICIT_NOTIFY |
                           G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * MusterValidator::violations-changed:
   *
   * The verdicts may have changed: after a piece was added, moved,
   * changed or removed, after a rebuild, and after the tolerance changed.
   * muster_validator_get_changed_pieces() tells which, while it is
   * emitted.
   */
  signals[VIOLATIONS_CHANGED] =
    g_signal_new ("violations-changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void
muster_validator_init (MusterValidator *self)
{
  self->tolerance = MUSTER_DEFAULT_TOLERANCE_MM;
  self->players = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, player_state_free);
  self->by_serial = g_ptr_array_new ();
  self->changed = g_array_new (FALSE, FALSE, sizeof (guint));
  self->owning = g_array_new (FALSE, FALSE, sizeof (guint));
  self->pair_ids = g_array_new (FALSE, FALSE, sizeof (guint));
  self->terrain_ids = g_array_new (FALSE, FALSE, sizeof (guint));
  self->sink = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_violation_free);
  self->slots = g_ptr_array_new ();
  self->free_slots = g_array_new (FALSE, FALSE, sizeof (guint));
  self->terrain = g_array_new (FALSE, TRUE, sizeof (TerrainState));
  g_array_set_clear_func (self->terrain, terrain_state_clear);
  self->no_violations = g_ptr_array_new ();
  self->terrain_violations = g_hash_table_new_full (NULL, NULL, NULL,
                                                    (GDestroyNotify) g_ptr_array_unref);
}

/* Public API */

MusterValidator *
muster_validator_new (MusterLayout  *layout,
                      MusterSystem  *system,
                      GError       **error)
{
  g_autoptr(MusterValidator) self = NULL;

  g_return_val_if_fail (MUSTER_IS_LAYOUT (layout), NULL);
  g_return_val_if_fail (MUSTER_IS_SYSTEM (system), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self = g_object_new (MUSTER_TYPE_VALIDATOR, NULL);
  self->layout = g_object_ref (layout);
  self->system = g_object_ref (system);

  if (!rebuild (self, error))
    return NULL;
  /* Whoever connects now starts from these verdicts. */
  self->all_changed = FALSE;

  g_signal_connect_object (layout, "piece-added",
                           G_CALLBACK (layout_piece_added_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (layout, "piece-removed",
                           G_CALLBACK (layout_piece_removed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (layout, "piece-changed",
                           G_CALLBACK (layout_piece_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (layout, "changed",
                           G_CALLBACK (layout_changed_cb), self, G_CONNECT_SWAPPED);

  return g_steal_pointer (&self);
}

MusterLayout *
muster_validator_get_layout (MusterValidator *self)
{
  g_return_val_if_fail (MUSTER_IS_VALIDATOR (self), NULL);

  return self->layout;
}

MusterSystem *
muster_validator_get_system (MusterValidator *self)
{
  g_return_val_if_fail (MUSTER_IS_VALIDATOR (self), NULL);

  return self->system;
}

/* Every verdict again, after something all of them depend on changed. */
static void
revalidate_all (MusterValidator *self)
{
  g_autoptr(GError) error = NULL;

  if (self->layout == NULL)
    return;

  if (!rebuild (self, &error))
    g_debug ("Cannot validate the layout fully: %s", error->message);
  emit_changed (self);
}

void
muster_validator_set_tolerance (MusterValidator *self,
                                double           tolerance_mm)
{
  g_return_if_fail (MUSTER_IS_VALIDATOR (self));
  g_return_if_fail (isfinite (tolerance_mm) && tolerance_mm >= 0.0);

  if (self->tolerance == tolerance_mm)
    return;

  self->tolerance = tolerance_mm;

  revalidate_all (self);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TOLERANCE]);
}

void
muster_validator_set_deployment_over (MusterValidator *self,
                                      gboolean         over)
{
  g_return_if_fail (MUSTER_IS_VALIDATOR (self));

  over = !!over;
  if (self->deployment_over == over)
    return;

  self->deployment_over = over;
  revalidate_all (self);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DEPLOYMENT_OVER]);
}

gboolean
muster_validator_get_deployment_over (MusterValidator *self)
{
  g_return_val_if_fail (MUSTER_IS_VALIDATOR (self), FALSE);

  return self->deployment_over;
}

void
muster_validator_set_turns_are_steps (MusterValidator *self,
                                      gboolean         steps)
{
  g_return_if_fail (MUSTER_IS_VALIDATOR (self));

  steps = !!steps;
  if (self->turns_are_steps == steps)
    return;

  self->turns_are_steps = steps;
  revalidate_all (self);
}

gboolean
muster_validator_get_turns_are_steps (MusterValidator *self)
{
  g_return_val_if_fail (MUSTER_IS_VALIDATOR (self), FALSE);

  return self->turns_are_steps;
}

double
muster_validator_get_tolerance (MusterValidator *self)
{
  g_return_val_if_fail (MUSTER_IS_VALIDATOR (self), MUSTER_DEFAULT_TOLERANCE_MM);

  return self->tolerance;
}

gboolean
muster_validator_revalidate (MusterValidator  *self,
                             GError          **error)
{
  gboolean ret;

  g_return_val_if_fail (MUSTER_IS_VALIDATOR (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  ret = rebuild (self, error);
  emit_changed (self);

  return ret;
}

GPtrArray *
muster_validator_get_piece_violations (MusterValidator *self,
                                       guint            serial)
{
  PieceState *ps;
  GPtrArray *violations;

  g_return_val_if_fail (MUSTER_IS_VALIDATOR (self), NULL);

  ps = lookup_piece (self, serial);
  if (ps == NULL)
    return g_hash_table_lookup (self->terrain_violations, GUINT_TO_POINTER (serial));

  /* Most pieces break no rule: they share one empty array. */
  violations = piece_violations (ps);
  if (violations == NULL)
    return self->no_violations;

  return _muster_validator_sorted_violations (ps);
}

GArray *
muster_validator_get_changed_pieces (MusterValidator *self)
{
  g_return_val_if_fail (MUSTER_IS_VALIDATOR (self), NULL);

  return self->all_changed ? NULL : self->changed;
}

GPtrArray *
muster_validator_collect (MusterValidator *self)
{
  GPtrArray *all;
  GHashTableIter iter;
  PieceState *ps;
  GPtrArray *terrain;

  g_return_val_if_fail (MUSTER_IS_VALIDATOR (self), NULL);

  all = g_ptr_array_new_full (self->n_violations, (GDestroyNotify) muster_violation_free);

  for (guint k = 0; k < self->slots->len; k++)
    {
      ps = g_ptr_array_index (self->slots, k);
      for (guint i = 0; ps != NULL && i < piece_n_violations (ps); i++)
        g_ptr_array_add (all, muster_violation_copy (g_ptr_array_index (piece_violations (ps), i)));
    }

  g_hash_table_iter_init (&iter, self->terrain_violations);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &terrain))
    {
      for (guint i = 0; i < terrain->len; i++)
        g_ptr_array_add (all, muster_violation_copy (g_ptr_array_index (terrain, i)));
    }

  g_ptr_array_sort (all, _muster_violation_compare_cb);

  return all;
}

guint
muster_validator_count_piece_violations (MusterValidator *self,
                                         guint            serial)
{
  PieceState *ps;
  GPtrArray *violations;

  g_return_val_if_fail (MUSTER_IS_VALIDATOR (self), 0);

  ps = lookup_piece (self, serial);
  if (ps != NULL)
    violations = piece_violations (ps);
  else
    violations = g_hash_table_lookup (self->terrain_violations, GUINT_TO_POINTER (serial));

  return violations != NULL ? violations->len : 0;
}

guint
muster_validator_count (MusterValidator *self)
{
  g_return_val_if_fail (MUSTER_IS_VALIDATOR (self), 0);

  return self->n_violations;
}

guint
muster_validator_count_broken_pieces (MusterValidator *self)
{
  g_return_val_if_fail (MUSTER_IS_VALIDATOR (self), 0);

  return self->n_broken;
}

GPtrArray *
muster_validator_check_placement (MusterValidator   *self,
                                  const MusterPiece *piece,
                                  double             x,
                                  double             y,
                                  double             rotation)
{
  GArray *ids = self->pair_ids;
  GPtrArray *sink;
  PlayerState *player;
  PieceState *ps;
  PieceInfo info;
  MusterBox box;

  g_return_val_if_fail (MUSTER_IS_VALIDATOR (self), NULL);
  g_return_val_if_fail (piece != NULL, NULL);
  g_return_val_if_fail (isfinite (x) && isfinite (y) && isfinite (rotation), NULL);

  sink = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_violation_free);
  if (!muster_piece_is_deployable (piece) || self->index == NULL)
    return sink;

  /* The piece itself, when it is in the layout (serials start at 1). */
  ps = piece->serial != 0 ? lookup_piece (self, piece->serial) : NULL;
  player = lookup_player (self, piece->owner);
  muster_outline_init_base (&info.outline, &piece->base, x, y, rotation);
  _muster_validator_piece_info_init (self, &info, piece);

  check_unary (self, &info, sink);

  g_array_set_size (ids, 0);
  box = info.outline.bounds;
  muster_box_expand (&box, self->pair_reach + MUSTER_EPSILON_MM);
  muster_spatial_index_query (self->index, &box, ids);

  for (guint i = 0; i < ids->len; i++)
    {
      PieceState *other = lookup_slot (self, g_array_index (ids, guint, i));
      guint codes_a;
      guint codes_b;

      g_assert (other != NULL);
      if (other == ps)
        continue;

      _muster_validator_check_pair (self, &info, &other->info, &codes_a, &codes_b);
      _muster_validator_add_pair_violations (self, piece, other->info.piece, codes_a, sink);
    }

  _muster_validator_check_terrain (self, &info, sink);

  if (_muster_validator_order_eligible (self, &info, player))
    {
      MusterViolation *violation = _muster_validator_order_verdict (self, piece, player, x, y);

      if (violation != NULL)
        g_ptr_array_add (sink, violation);
    }

  {
    MusterViolation *violation = _muster_validator_seq_predict (self, &info, player, ps);

    if (violation != NULL)
      g_ptr_array_add (sink, violation);
  }

  muster_outline_clear (&info.outline);
  g_ptr_array_sort (sink, _muster_violation_compare_in_piece_cb);

  return sink;
}

MusterRegion *
muster_validator_get_zone (MusterValidator *self,
                           const char      *player_id)
{
  PlayerState *player;

  g_return_val_if_fail (MUSTER_IS_VALIDATOR (self), NULL);
  g_return_val_if_fail (player_id != NULL, NULL);

  player = lookup_player (self, player_id);

  return player != NULL ? player->zone : NULL;
}
