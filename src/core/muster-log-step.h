/* muster-log-step.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/* One step of a game, as the layout keeps it in its game log: what was
 * done (the action, "roll-initiative"), by whom and with what (named
 * attributes, "player" = "red", "zone" = "north"), the items the step
 * names (the troopers that entered the deployment, the seats of a
 * Twilight Imperium table) and every die thrown in it.
 *
 * The layout reads and writes steps without knowing what they mean; the
 * game engine (src/game/muster-game.c) gives them their meaning, and
 * data/muster-layout.rng documents each action with its attributes. In
 * the file a step is
 *
 *   <g:step n="2" action="roll-initiative" player="red">
 *     <g:die sides="20" value="14" who="red"/>
 *   </g:step>
 *
 * A step is built, then shared (by the layout, the history and the game)
 * and never changed again: the setters refuse a sealed step. */

#define MUSTER_TYPE_LOG_STEP (muster_log_step_get_type ())

/* Names a step's attribute may not take: the file's own. */
#define MUSTER_LOG_STEP_ATTR_N      "n"
#define MUSTER_LOG_STEP_ATTR_ACTION "action"

typedef struct _MusterLogStep MusterLogStep;

/* A die thrown in a step. */
typedef struct
{
  guint     sides;
  guint     value;
  gboolean  manual;   /* thrown at the table and typed in */
  char     *who;      /* a player id, or NULL */
  char     *why;      /* for people, or NULL: the step says why */
} MusterLogDie;

/* An element a step names: <g:trooper id="u2" player="red" .../>. */
typedef struct
{
  char  *name;
  char **attrs;       /* name, value, name, value, ..., NULL */
} MusterLogItem;

GType                muster_log_step_get_type      (void) G_GNUC_CONST;

MusterLogStep       *muster_log_step_new           (const char          *action);
MusterLogStep       *muster_log_step_ref           (MusterLogStep       *self);
void                 muster_log_step_unref         (MusterLogStep       *self);
/* After this the step cannot change; the layout seals what it keeps. */
void                 muster_log_step_seal          (MusterLogStep       *self);
gboolean             muster_log_step_is_sealed     (MusterLogStep       *self);
/* A new, unsealed step with the same action, attributes, items and dice. */
MusterLogStep       *muster_log_step_copy          (MusterLogStep       *self);

const char          *muster_log_step_get_action    (MusterLogStep       *self);

/* Attributes keep the order they were first set in; setting one again
 * replaces its value; a NULL value removes it. */
void                 muster_log_step_set           (MusterLogStep       *self,
                                                    const char          *name,
                                                    const char          *value);
void                 muster_log_step_set_uint      (MusterLogStep       *self,
                                                    const char          *name,
                                                    guint                value);
void                 muster_log_step_set_boolean   (MusterLogStep       *self,
                                                    const char          *name,
                                                    gboolean             value);
/* A list of words, written as one attribute separated by spaces. */
void                 muster_log_step_set_words     (MusterLogStep       *self,
                                                    const char          *name,
                                                    const char * const  *words);
const char          *muster_log_step_get           (MusterLogStep       *self,
                                                    const char          *name);
/* name, value, name, value, ..., NULL */
const char * const  *muster_log_step_get_attrs     (MusterLogStep       *self);

void                 muster_log_step_add_item      (MusterLogStep       *self,
                                                    const char          *name,
                                                    const char * const  *attrs);
guint                muster_log_step_get_n_items   (MusterLogStep       *self);
const MusterLogItem *muster_log_step_get_item      (MusterLogStep       *self,
                                                    guint                index);
const char          *muster_log_item_get           (const MusterLogItem *item,
                                                    const char          *name);

void                 muster_log_step_add_die       (MusterLogStep       *self,
                                                    guint                sides,
                                                    guint                value,
                                                    gboolean             manual,
                                                    const char          *who,
                                                    const char          *why);
guint                muster_log_step_get_n_dice    (MusterLogStep       *self);
const MusterLogDie  *muster_log_step_get_die       (MusterLogStep       *self,
                                                    guint                index);

/* Same action, attributes (in any order), items and dice. */
gboolean             muster_log_step_equal         (MusterLogStep       *a,
                                                    MusterLogStep       *b);

/* Whether text may be an action or attribute name: lower-case letters,
 * digits and '-', starting with a letter (an XML name in any file). */
gboolean             muster_log_step_is_name       (const char          *text);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterLogStep, muster_log_step_unref)

G_END_DECLS
