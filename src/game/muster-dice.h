/* muster-dice.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define MUSTER_TYPE_DICE  (muster_dice_get_type ())
#define MUSTER_DICE_ERROR (muster_dice_error_quark ())

/* Largest die Muster rolls or accepts (a d1000 is plenty for any table). */
#define MUSTER_DICE_MAX_SIDES 1000

/* Most dice one side of a Face to Face Roll may throw (Infinity's Burst). */
#define MUSTER_FACE_TO_FACE_MAX_DICE 6

/* First line of a serialised roll log: "#muster-roll-log<TAB>1<TAB>SEED". */
#define MUSTER_DICE_LOG_MAGIC   "#muster-roll-log"
#define MUSTER_DICE_LOG_VERSION 1

typedef enum
{
  MUSTER_DICE_ERROR_INVALID_DIE,    /* fewer than 2 or more than MAX sides */
  MUSTER_DICE_ERROR_OUT_OF_RANGE,   /* a typed-in value is not on the die */
  MUSTER_DICE_ERROR_PARSE,          /* a roll log line cannot be read */
  MUSTER_DICE_ERROR_MISMATCH,       /* a "rolled" entry does not follow from the seed */
} MusterDiceError;

typedef struct _MusterRoll MusterRoll;

/* One entry of the roll log. Owned by the MusterDice; read-only. */
struct _MusterRoll
{
  guint     sequence;   /* 1-based, in the order the dice were thrown */
  guint     sides;      /* 20 for a d20 */
  guint     value;      /* 1 .. sides */
  gboolean  manual;     /* typed in from real dice, not rolled by Muster */
  char     *who;        /* a player id, or "" */
  char     *why;        /* for people: "Initiative roll, attempt 2" */
};

/* One side of a Face to Face Roll (or of a Normal Roll, when the other side
 * throws no dice). Fill target, n_dice and rolls; resolve the rest. */
typedef struct
{
  guint     target;                               /* Success Value */
  guint     n_dice;                               /* 0 .. MUSTER_FACE_TO_FACE_MAX_DICE */
  guint     rolls[MUSTER_FACE_TO_FACE_MAX_DICE];  /* d20 results */
  /* Set by muster_face_to_face_resolve(): */
  gboolean  success[MUSTER_FACE_TO_FACE_MAX_DICE];
  gboolean  critical[MUSTER_FACE_TO_FACE_MAX_DICE];
  gboolean  cancelled[MUSTER_FACE_TO_FACE_MAX_DICE];
  guint     hits;                                 /* successes that were not cancelled */
  guint     criticals;                            /* of which criticals */
} MusterFaceToFaceSide;

typedef struct
{
  MusterFaceToFaceSide side[2];
} MusterFaceToFace;

G_DECLARE_FINAL_TYPE (MusterDice, muster_dice, MUSTER, DICE, GObject)

GQuark            muster_dice_error_quark      (void);

/* Dice with a reproducible sequence: the same seed rolls the same values on
 * every machine (xoshiro256** seeded by splitmix64; a die of n sides takes
 * the next output that is not in the biased low range and maps it by
 * modulo, so the draws per roll depend on the seed alone). For tests,
 * and for reading old roll logs: a game's dice are new_random()'s. */
MusterDice       *muster_dice_new              (guint64              seed);
/* Each die from the system's cryptographic source (getrandom()): what
 * a saved game keeps (the dice thrown) never tells the next die. */
MusterDice       *muster_dice_new_random       (void);
guint64           muster_dice_get_seed         (MusterDice          *self);

/* A game played across the network (src/game/muster-game-net.c): each
 * die Muster rolls takes its value (1 .. sides) from source instead,
 * until the source is set back to NULL. Dice typed in, and dice a replay
 * expects, are not asked for. */
typedef guint (*MusterDiceSource) (guint    sides,
                                   gpointer user_data);
void              muster_dice_set_source       (MusterDice          *self,
                                                MusterDiceSource     source,
                                                gpointer             user_data);

/* Rolls one die of sides, logs it and emits "rolled". Returns 1 .. sides. */
guint             muster_dice_roll             (MusterDice          *self,
                                                guint                sides,
                                                const char          *who,
                                                const char          *why);
/* Logs a die thrown at the table; refuses a value that is not on the die. */
gboolean          muster_dice_record           (MusterDice          *self,
                                                guint                sides,
                                                guint                value,
                                                const char          *who,
                                                const char          *why,
                                                GError             **error);

/* A replay of a saved game: the dice it threw, in order. Each roll() or
 * record() takes the next one (a roll() gets its value; outside a
 * replay, only dice typed in are expected, and roll() leaves them); one of other
 * sides, source or thrower is a fault, and so is a die the game throws
 * with none left while replaying (set_replaying). check() reports the
 * first fault since the last check, and any die expected but not thrown,
 * and forgets what was left. */
void              muster_dice_expect           (MusterDice          *self,
                                                guint                sides,
                                                guint                value,
                                                gboolean             manual,
                                                const char          *who);
guint             muster_dice_get_n_expected   (MusterDice          *self);
/* The index-th die still expected (sequence 0), or NULL. */
const MusterRoll *muster_dice_peek_expected    (MusterDice          *self,
                                                guint                index);
void              muster_dice_set_replaying    (MusterDice          *self,
                                                gboolean             replaying);
gboolean          muster_dice_check            (MusterDice          *self,
                                                GError             **error);

guint             muster_dice_get_n_rolls      (MusterDice          *self);
/* index is 0-based; the entry's sequence is index + 1. */
const MusterRoll *muster_dice_get_roll         (MusterDice          *self,
                                                guint                index);
const MusterRoll *muster_dice_get_last_roll    (MusterDice          *self);

/* The roll log of layouts saved before the game log became XML (the
 * <rl:roll-log> extension element), as text lines. Only the reading of
 * such layouts (muster-game-legacy.c) and the tests use it: the seed it
 * keeps would tell every die still to come.
 *
 *   #muster-roll-log<TAB>1<TAB>SEED
 *   SEQ<TAB>dSIDES<TAB>VALUE<TAB>rolled|manual<TAB>WHO<TAB>WHY
 *
 * SEED is 16 lower-case hex digits. WHO and WHY escape backslash, tab,
 * newline and carriage return as \\ \t \n \r. Example:
 *
 *   1<TAB>d20<TAB>14<TAB>rolled<TAB>red<TAB>Initiative roll, attempt 1
 */
char            **muster_dice_log_to_strv      (MusterDice          *self);
/* Reads the lines back, replaying the seed: every "rolled" entry must be
 * what the seed gives (MUSTER_DICE_ERROR_MISMATCH otherwise), and further
 * rolls continue the sequence exactly. Empty lines are ignored. */
MusterDice       *muster_dice_new_from_strv    (const char * const  *lines,
                                                GError             **error);

/* Applies Infinity's Face to Face rule to rolls already in f2f: a die
 * succeeds when not above the target (above 20, the excess is added to
 * the die); with criticals, a die equal to the target (or reaching 20
 * after the excess) is a critical. Each success is cancelled unless it
 * beats every success of the other side (criticals beat anything but
 * criticals; equal results cancel each other). Without criticals this is
 * RULES.md's initiative roll: the higher success wins. */
void              muster_face_to_face_resolve  (MusterFaceToFace    *f2f,
                                                gboolean             criticals);

G_END_DECLS
