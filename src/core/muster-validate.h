/* muster-validate.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "muster-layout.h"
#include "muster-system.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_VALIDATOR (muster_validator_get_type ())

/* What the other thing named by a violation is, seen from the piece. */
typedef enum
{
  MUSTER_VIOLATION_OTHER_NONE,
  MUSTER_VIOLATION_OTHER_FRIEND,     /* a piece of the same owner */
  MUSTER_VIOLATION_OTHER_ENEMY,      /* a piece of another player */
  MUSTER_VIOLATION_OTHER_NEUTRAL,    /* a neutral piece (not an objective) */
  MUSTER_VIOLATION_OTHER_MARKER,     /* a marker of another owner */
  MUSTER_VIOLATION_OTHER_OBJECTIVE,  /* an objective, whoever owns it */
  MUSTER_VIOLATION_OTHER_TERRAIN,
} MusterViolationOther;

/* What breaks deploy-sequence, or deploy-order (see
 * muster-validate-sequence.c). */
typedef enum
{
  MUSTER_SEQUENCE_NONE,
  MUSTER_SEQUENCE_CROWDED_TURN,        /* 9th Age: two units in a single-unit turn */
  MUSTER_SEQUENCE_BEYOND_LAST,         /* Infinity: a step after the last */
  MUSTER_SEQUENCE_SHARED_STEP,         /* troopers of two players in one step */
  MUSTER_SEQUENCE_OTHER_PLAYERS_STEP,  /* in a step of the other player */
  MUSTER_SEQUENCE_CROWDED_LAST,        /* more than the one kept back */
  MUSTER_SEQUENCE_NONE_KEPT_BACK,      /* all but one left none for later */
  MUSTER_SEQUENCE_SAME_DISTANCE,       /* deploy-order: two units of one turn as far
                                        * from the short edge */
} MusterSequenceProblem;

/* One broken rule of one deployable piece. Pair rules appear once on each
 * deployable piece involved, each naming the other. The ids and
 * other_name live in the violation's own block (muster_violation_new()):
 * read them, never free or replace them. */
struct _MusterViolation
{
  guint           serial;      /* the piece */
  char           *piece_id;
  MusterRuleCode  code;
  char           *other_id;    /* piece or terrain id, or NULL */

  /* Added: the details that muster_violation_describe() words. A
   * violation made elsewhere may leave them zero. */
  guint                 other_serial;  /* the other piece, 0 for terrain or none */
  MusterViolationOther  other_kind;
  double                distance;      /* mm: the rule's distance, or 0 */
  guint                 turn;          /* deploy-sequence: the piece's turn or step */

  /* Added later still. */
  char                  *other_name;   /* the other as a player knows it
                                        * ("Warriors", "the building"), or NULL */
  MusterTerrainKind      other_terrain; /* the other's kind, when it is terrain */
  MusterSequenceProblem  sequence;     /* deploy-sequence: what is wrong */
  guint                  steps;        /* deploy-sequence by steps: how many */
  char                  *note;         /* outside-zone: why a base that may look
                                        * inside the zone as drawn is not (the
                                        * system's <base-within across>), or NULL */
};

const char      *muster_rule_code_to_string   (MusterRuleCode           code);
gboolean         muster_rule_code_from_string (const char              *text,
                                               MusterRuleCode          *code);
/* A translated sentence: "Not entirely inside the deployment zone",
 * "Overlaps Warriors", naming the other thing as a player knows it. */
char            *muster_violation_describe    (const MusterViolation   *violation);
/* The same, with its distances in units (describe() says inches, as the
 * rulebooks do). */
char            *muster_violation_describe_in (const MusterViolation   *violation,
                                               MusterUnit               units);
/* The same, with an unnamed objective, marker or terrain named by its id
 * as well ("Overlaps the building t2"), for a reader who cannot see which
 * on the table: the command line's. */
char            *muster_violation_describe_naming (const MusterViolation *violation,
                                                   MusterUnit             units);
/* The other thing as a player knows it: its name, "the building",
 * "the objective", or the id of an unnamed model or unit. */
char            *muster_violation_dup_other_name (const MusterViolation *violation);
MusterViolation *muster_violation_new         (const char              *piece_id,
                                               const char              *other_id,
                                               const char              *other_name);
void             muster_violation_free        (MusterViolation         *violation);
MusterViolation *muster_violation_copy        (const MusterViolation   *violation);

/* What a player calls a piece or terrain (see muster_violation_describe()):
 * the name it was given, else "the objective", "the marker", "the building",
 * "the impassable terrain", or the id of a model or unit. */
const char      *muster_piece_get_display_name   (const MusterPiece     *piece);
const char      *muster_terrain_get_display_name (const MusterTerrain   *terrain);

G_DECLARE_FINAL_TYPE (MusterValidator, muster_validator, MUSTER, VALIDATOR, GObject)

/* Follows the layout's signals: a moved piece revalidates only what it can
 * affect (its own rules, the pairs it leaves and enters, its neighbours in
 * the deployment order). Fails when the layout names an unknown
 * deployment or zone.
 *
 * Signals (added): "violations-changed" (no arguments) after every change
 * of the verdicts, or of what they may be, so a view can redraw. */
MusterValidator *muster_validator_new         (MusterLayout            *layout,
                                               MusterSystem            *system,
                                               GError                 **error);
void             muster_validator_set_tolerance (MusterValidator       *self,
                                                 double                 tolerance_mm);
double           muster_validator_get_tolerance (MusterValidator       *self);
/* Once the Deployment Phase is over (the game engine says so, or the
 * layout's game log), pieces that move in Player Turns are not checked
 * against the rules of deployment: outside-zone, base-contact,
 * enemy-too-close, deploy-order and deploy-sequence go; overlap,
 * off-board and unit-spacing stay. Revalidates when it changes. */
void             muster_validator_set_deployment_over (MusterValidator *self,
                                                       gboolean         over);
gboolean         muster_validator_get_deployment_over (MusterValidator *self);
/* Whether the pieces' turns are the deployment steps of a game walked in
 * Muster, which the players share (Infinity's four), as that game says;
 * by default a layout's turns count each player's own deployment turns
 * (DESIGN.md, and its examples), from which Infinity's steps cannot be
 * told. deploy-sequence's steps form reads only steps. Revalidates when
 * it changes. */
void             muster_validator_set_turns_are_steps (MusterValidator *self,
                                                       gboolean         steps);
gboolean         muster_validator_get_turns_are_steps (MusterValidator *self);
/* Rebuilds everything: after the game, board or players changed. */
gboolean         muster_validator_revalidate  (MusterValidator         *self,
                                               GError                 **error);

/* Violations of one piece (MusterViolation, owned by the validator and
 * valid until the next change), sorted by rule code then other id; NULL
 * when the validator does not know the serial. A terrain's serial gives
 * the terrain's own: off-board when it is not entirely on the table. */
GPtrArray       *muster_validator_get_piece_violations (MusterValidator *self,
                                                        guint            serial);
/* How many of those there are, without putting them in order (which a
 * red mark need not wait for); 0 when the validator does not know the
 * serial. */
guint            muster_validator_count_piece_violations (MusterValidator *self,
                                                          guint            serial);
/* During MusterValidator::violations-changed: the serials (guint) of the
 * pieces whose violations changed, each once, so that a view need not
 * look at every piece after one moved; NULL when any may have (a full
 * validation). Owned by the validator; empty outside the signal. */
GArray          *muster_validator_get_changed_pieces  (MusterValidator *self);
/* Every violation, sorted by piece id, then rule code (as text), then
 * other id (a new array that frees its elements). One per piece, rule and
 * other: a unit too close to three others has three. Terrain not entirely
 * on the table is there too, under the terrain's id and serial, as
 * off-board. */
GPtrArray       *muster_validator_collect     (MusterValidator         *self);
guint            muster_validator_count       (MusterValidator         *self);
/* The first limit of those, in the same order, without going through the
 * rest: after a move it costs what it gives, however many pieces break a
 * rule elsewhere (a list of problems shows a few hundred at most). */
GPtrArray       *muster_validator_collect_first (MusterValidator       *self,
                                                 guint                  limit);
/* How many pieces break a rule or more (terrain aside): kept as verdicts
 * change, so asking costs nothing however big the table. */
guint            muster_validator_count_broken_pieces (MusterValidator *self);
/* The serials (guint) of those pieces, in the order of their verdicts in
 * muster_validator_collect(): after a move, this goes through the
 * pieces that break a rule, not through the table (a new array). */
GArray          *muster_validator_get_broken_pieces   (MusterValidator *self);

/* What the rules would say of piece (already in the layout) at x, y,
 * rotation, without moving it: for drag feedback. Returns a new array of
 * MusterViolation. */
GPtrArray       *muster_validator_check_placement (MusterValidator     *self,
                                                   const MusterPiece   *piece,
                                                   double               x,
                                                   double               y,
                                                   double               rotation);

/* The resolved zone of a player (NULL if the player has no zone), owned
 * by the validator until the next rebuild. */
MusterRegion    *muster_validator_get_zone    (MusterValidator         *self,
                                               const char              *player_id);

/* Additions. */
MusterLayout    *muster_validator_get_layout  (MusterValidator         *self);
MusterSystem    *muster_validator_get_system  (MusterValidator         *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterViolation, muster_violation_free)

G_END_DECLS
