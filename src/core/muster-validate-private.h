/* muster-validate-private.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "muster-spatial-index.h"
#include "muster-validate.h"

G_BEGIN_DECLS

/* What the parts of the validator share: muster-validate.c keeps the
 * pieces and works out the unary rules, muster-validate-pairs.c the pair
 * rules, muster-validate-sequence.c the sequence rules, and
 * muster-violation.c words the verdicts. */

#define RULE_BIT(code) (1u << (code))

#define UNARY_RULES (RULE_BIT (MUSTER_RULE_OFF_BOARD) | \
                     RULE_BIT (MUSTER_RULE_OUTSIDE_ZONE))
#define PAIR_RULES  (RULE_BIT (MUSTER_RULE_BASE_CONTACT) | \
                     RULE_BIT (MUSTER_RULE_OVERLAP) | \
                     RULE_BIT (MUSTER_RULE_ENEMY_TOO_CLOSE) | \
                     RULE_BIT (MUSTER_RULE_UNIT_SPACING))

/* The grid of the spatial index is never finer than this (4"): a big
 * unit's base then lies in 2 × 2 cells, and a query around it looks at
 * some 3 × 3. */
#define MIN_CELL_SIZE_MM (4 * MUSTER_MM_PER_INCH)

typedef enum
{
  SHORT_EDGE_NONE,
  SHORT_EDGE_WEST,
  SHORT_EDGE_EAST,
  SHORT_EDGE_NORTH,   /* the short edges of a portrait board */
  SHORT_EDGE_SOUTH,
} ShortEdge;

typedef struct
{
  const MusterRuleDef *def;     /* NULL when the rule is not in force */
  guint                kinds;   /* a bit per MusterPieceKind */
} Rule;

typedef struct _PlayerState PlayerState;

/* The pieces of one player deployed in one turn that a sequence rule
 * counts. */
typedef struct
{
  PlayerState *player;
  guint        turn;
  GPtrArray   *members;   /* PieceState, not owned */
} Group;

struct _PlayerState
{
  char         *id;
  MusterRegion *zone;            /* NULL: no zone, no outside-zone... */
  gboolean      zone_unchosen;   /* ...unless the deployment type has zones
                                  * and the player chose none */
  GHashTable   *skill_regions;   /* skill id → MusterRegion */
  ShortEdge     short_edge;
  GTree        *order_groups;    /* turn → Group, for deploy-order */
  GHashTable   *seq_groups;      /* turn → Group, for deploy-sequence */
  guint8       *step_counts;     /* deploy-sequence by steps: per step, its
                                  * pieces (at most 2 counted), or NULL */
};

/* What the rules read of a piece, gathered in one place so that checking
 * a crowded neighbourhood does not chase pointers. */
typedef struct
{
  const MusterPiece   *piece;
  const char          *owner;        /* interned */
  PlayerState         *player;       /* the owner, when a player of the layout */
  guint                turn;
  MusterPieceKind      kind : 8;
  guint                deployable : 1;
  guint                applies : MUSTER_N_RULES;  /* RULE_BIT of each rule that looks at it */
  MusterOutline        outline;
} PieceInfo;

/* The rule and the other piece of a violation, kept beside the
 * violations so that dropping a pair scans a compact array. */
typedef struct
{
  MusterRuleCode code;
  guint          other_serial;
} ViolationKey;

/* What a piece breaks and whom it shares verdicts with: made when first
 * needed, since most pieces of a big table break no rule. */
typedef struct
{
  GPtrArray *violations;         /* MusterViolation, or NULL */
  GArray    *keys;               /* ViolationKey, in step with violations (NULL with them) */
  GArray    *partners;           /* guint slots of pieces sharing pair verdicts, or NULL */
  GSequenceIter *listed;         /* its place in the validator's listing, or NULL */
} Verdicts;

typedef struct
{
  guint          serial;
  guint          slot : 29;      /* id in the spatial index, index in slots */
  guint          sorted : 1;     /* violations in muster_validator_get_piece_violations()'s order */
  guint          changed : 1;    /* in the validator's changed, since its last signal */
  guint          pooled : 1;     /* in the validator's slab, not allocated alone */
  PieceInfo      info;           /* info.piece: the piece, owned by the layout;
                                  * info.player: the owner, when a player of the layout */
  Verdicts      *verdicts;       /* or NULL */
  Group         *order_group;    /* deploy-order membership, or NULL */
  Group         *seq_group;      /* deploy-sequence membership, or NULL */
} PieceState;

/* A full validation of a big table streams its states through memory
 * (_muster_validator_add_all_pieces()): each byte more is paid for
 * 50,000 times. */
G_STATIC_ASSERT (sizeof (PieceState) <= 144);

/* Slots are counted in 29 bits. */
#define MAX_SLOTS (1u << 29)

static inline GPtrArray *
piece_violations (const PieceState *ps)
{
  return ps->verdicts != NULL ? ps->verdicts->violations : NULL;
}

static inline GArray *
piece_partners (const PieceState *ps)
{
  return ps->verdicts != NULL ? ps->verdicts->partners : NULL;
}

static inline void
prefetch (const void *p)
{
#if defined(__GNUC__)
  __builtin_prefetch (p);
#endif
}

static inline void
prefetch_for_write (const void *p)
{
#if defined(__GNUC__)
  __builtin_prefetch (p, 1);
#endif
}

typedef struct
{
  MusterTerrain *terrain;        /* owned by the layout */
  MusterOutline  outline;
} TerrainState;

struct _MusterValidator
{
  GObject                 parent_instance;

  MusterLayout           *layout;
  MusterSystem           *system;
  double                  tolerance;

  const MusterDeployment *deployment;   /* NULL: nothing is checked */
  Rule                    rules[MUSTER_N_RULES];
  double                  width;
  double                  height;
  double                  pair_reach;     /* farthest a piece pair rule looks */
  double                  terrain_reach;  /* farthest a terrain rule looks */

  GHashTable             *players;        /* id → PlayerState */
  GPtrArray              *by_serial;      /* serial → PieceState, or NULL */
  GPtrArray              *slots;          /* slot → PieceState or NULL */
  PieceState             *slab;           /* the states of a full validation */
  MusterPoint            *points_pool;    /* their outlines' points, in slot order,
                                           * in the slab's block */
  GArray                 *owning;         /* guint, slots of the slab's states that came
                                           * to own memory (see note_arrays()) */
  guint                   n_alone;        /* states allocated alone (added since) */
  GArray                 *free_slots;     /* guint */
  GArray                 *terrain;        /* TerrainState */
  MusterSpatialIndex     *index;          /* piece boxes, by slot */
  MusterSpatialIndex     *terrain_index;  /* terrain boxes, by position in terrain */
  GHashTable             *terrain_violations;  /* terrain serial → GPtrArray of
                                                * MusterViolation (off-board) */
  gboolean                deployment_over;     /* see muster_validator_set_deployment_over() */
  gboolean                turns_are_steps;     /* see muster_validator_set_turns_are_steps() */
  guint                   n_violations;
  guint                   n_broken;       /* pieces with a violation or more */
  GPtrArray              *no_violations;  /* empty, for pieces without */
  GSequence              *listing;        /* ListedPiece of the pieces with a violation or
                                           * more, in muster_validator_collect()'s order;
                                           * made when first asked for, or NULL */
  gboolean                rebuilding;
  GArray                 *changed;        /* guint serials whose violations changed
                                           * since the last violations-changed */
  gboolean                all_changed;    /* a full validation since: any may have */

  /* Kept from one piece to the next, so that a full validation allocates
   * nothing per piece that breaks no rule. */
  GArray                 *pair_ids;       /* guint, what a query around a piece found */
  GArray                 *terrain_ids;    /* guint, the same for terrain */
  GPtrArray              *sink;           /* MusterViolation, on their way to a piece */
  const char             *last_owner;     /* interned; the owner of the last piece read */
  PlayerState            *last_player;    /* and its player */
  GError                 *error;          /* of the last rebuild */
};

static inline gboolean
info_applies (const PieceInfo *info,
              MusterRuleCode   code)
{
  return (info->applies & RULE_BIT (code)) != 0;
}

static inline gboolean
rule_in_force (MusterValidator *self,
               MusterRuleCode   code)
{
  return self->rules[code].def != NULL;
}

static inline double
rule_distance (MusterValidator *self,
               MusterRuleCode   code)
{
  return self->rules[code].def != NULL ? self->rules[code].def->distance : 0.0;
}

static inline PieceState *
lookup_slot (MusterValidator *self,
             guint            slot)
{
  g_assert (slot < self->slots->len);

  return g_ptr_array_index (self->slots, slot);
}

/* muster-validate.c */
void             _muster_validator_add_violations          (MusterValidator      *self,
                                                            PieceState           *ps,
                                                            GPtrArray            *violations);
void             _muster_validator_add_partner             (MusterValidator      *self,
                                                            PieceState           *ps,
                                                            guint                 slot);
void             _muster_validator_remove_partner          (PieceState           *ps,
                                                            guint                 slot);
void             _muster_validator_piece_state_free        (PieceState           *ps);
void             _muster_validator_free_owning_states      (MusterValidator      *self);
MusterViolation *_muster_validator_violation_new           (MusterValidator      *self,
                                                            const MusterPiece    *piece,
                                                            MusterRuleCode        code,
                                                            const char           *other_id,
                                                            const char           *other_name,
                                                            guint                 other_serial,
                                                            MusterViolationOther  other_kind);
MusterViolation *_muster_validator_violation_new_for_piece (MusterValidator      *self,
                                                            const MusterPiece    *piece,
                                                            MusterRuleCode        code,
                                                            const MusterPiece    *other);
void             _muster_validator_add_violation           (MusterValidator      *self,
                                                            PieceState           *ps,
                                                            MusterViolation      *violation);
void             _muster_validator_remove_violations       (MusterValidator      *self,
                                                            PieceState           *ps,
                                                            guint                 codes,
                                                            guint                 other_serial);
void             _muster_validator_piece_info_init         (MusterValidator      *self,
                                                            PieceInfo            *info,
                                                            const MusterPiece    *piece);
void             _muster_validator_piece_check             (MusterValidator      *self,
                                                            PieceState           *ps);

/* muster-validate-pass.c */
void             _muster_validator_add_all_pieces          (MusterValidator      *self,
                                                            double                cell);

/* muster-validate-pairs.c: the verdicts of a and b on each other, as
 * RULE_BIT()s. */
void             _muster_validator_check_pair              (MusterValidator      *self,
                                                            const PieceInfo      *a,
                                                            const PieceInfo      *b,
                                                            guint                *codes_a,
                                                            guint                *codes_b);
void             _muster_validator_add_pair_violations     (MusterValidator      *self,
                                                            const MusterPiece    *piece,
                                                            const MusterPiece    *other,
                                                            guint                 codes,
                                                            GPtrArray            *sink);
void             _muster_validator_check_terrain           (MusterValidator      *self,
                                                            const PieceInfo      *info,
                                                            GPtrArray            *sink);
void             _muster_validator_commit_pairs            (MusterValidator      *self,
                                                            PieceState           *ps);
void             _muster_validator_drop_pairs              (MusterValidator      *self,
                                                            PieceState           *ps);

/* muster-validate-sequence.c */
void             _muster_validator_group_free              (gpointer              data);
int              _muster_validator_compare_turns           (gconstpointer         a,
                                                            gconstpointer         b,
                                                            gpointer              user_data);
gboolean         _muster_validator_order_eligible          (MusterValidator      *self,
                                                            const PieceInfo      *info,
                                                            PlayerState          *player);
MusterViolation *_muster_validator_order_verdict           (MusterValidator      *self,
                                                            const MusterPiece    *piece,
                                                            PlayerState          *player,
                                                            double                x,
                                                            double                y);
void             _muster_validator_order_join              (MusterValidator      *self,
                                                            PieceState           *ps);
void             _muster_validator_order_leave             (MusterValidator      *self,
                                                            PieceState           *ps);
gboolean         _muster_validator_order_check_group_cb    (gpointer              key,
                                                            gpointer              value,
                                                            gpointer              user_data);
gboolean         _muster_validator_seq_eligible            (MusterValidator      *self,
                                                            const PieceInfo      *info,
                                                            PlayerState          *player);
/* The deploy-sequence verdict of a piece (ps: its state, if it is in the
 * layout) as it stands, or NULL. */
MusterViolation *_muster_validator_seq_predict             (MusterValidator      *self,
                                                            const PieceInfo      *info,
                                                            PlayerState          *player,
                                                            const PieceState     *ps);
/* After a full rebuild. */
void             _muster_validator_seq_check_all           (MusterValidator      *self);
void             _muster_validator_seq_join                (MusterValidator      *self,
                                                            PieceState           *ps);
void             _muster_validator_seq_leave               (MusterValidator      *self,
                                                            PieceState           *ps);

/* muster-violation.c */
int              _muster_violation_compare_in_piece_cb     (gconstpointer         a,
                                                            gconstpointer         b);
int              _muster_violation_compare_cb              (gconstpointer         a,
                                                            gconstpointer         b);

/* muster-validate-listing.c: the pieces that break a rule, kept in
 * order for muster_validator_collect_first(). */
void       _muster_validator_listing_enter  (MusterValidator *self,
                                             PieceState      *ps);
void       _muster_validator_listing_leave  (MusterValidator *self,
                                             PieceState      *ps);
void       _muster_validator_listing_clear  (MusterValidator *self);
GPtrArray *_muster_validator_sorted_violations (PieceState    *ps);

G_END_DECLS
