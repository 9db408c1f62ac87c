/* muster-log-step.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-log-step"

#include "config.h"

#include <string.h>

#include "muster-log-step.h"

struct _MusterLogStep
{
  gatomicrefcount  ref_count;
  gboolean         sealed;
  char            *action;
  GPtrArray       *attrs;   /* name, value, ..., NULL */
  GPtrArray       *items;   /* MusterLogItem */
  GArray          *dice;    /* MusterLogDie */
};

G_DEFINE_BOXED_TYPE (MusterLogStep, muster_log_step, muster_log_step_ref, muster_log_step_unref)

static void
item_clear (gpointer data)
{
  MusterLogItem *item = data;

  g_free (item->name);
  g_strfreev (item->attrs);
  g_free (item);
}

static void
die_clear (gpointer data)
{
  MusterLogDie *die = data;

  g_free (die->who);
  g_free (die->why);
}

MusterLogStep *
muster_log_step_new (const char *action)
{
  MusterLogStep *self;

  g_return_val_if_fail (action != NULL, NULL);

  self = g_new0 (MusterLogStep, 1);
  g_atomic_ref_count_init (&self->ref_count);
  self->action = g_strdup (action);
  self->attrs = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (self->attrs, NULL);
  self->items = g_ptr_array_new_with_free_func (item_clear);
  self->dice = g_array_new (FALSE, TRUE, sizeof (MusterLogDie));
  g_array_set_clear_func (self->dice, die_clear);

  return self;
}

MusterLogStep *
muster_log_step_ref (MusterLogStep *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_atomic_ref_count_inc (&self->ref_count);

  return self;
}

void
muster_log_step_unref (MusterLogStep *self)
{
  g_return_if_fail (self != NULL);

  if (!g_atomic_ref_count_dec (&self->ref_count))
    return;

  g_free (self->action);
  g_ptr_array_unref (self->attrs);
  g_ptr_array_unref (self->items);
  g_array_unref (self->dice);
  g_free (self);
}

void
muster_log_step_seal (MusterLogStep *self)
{
  g_return_if_fail (self != NULL);

  self->sealed = TRUE;
}

gboolean
muster_log_step_is_sealed (MusterLogStep *self)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return self->sealed;
}

MusterLogStep *
muster_log_step_copy (MusterLogStep *self)
{
  MusterLogStep *copy;
  const char * const *attrs;

  g_return_val_if_fail (self != NULL, NULL);

  copy = muster_log_step_new (self->action);
  attrs = muster_log_step_get_attrs (self);
  for (guint i = 0; attrs[i] != NULL; i += 2)
    muster_log_step_set (copy, attrs[i], attrs[i + 1]);
  for (guint i = 0; i < self->items->len; i++)
    {
      const MusterLogItem *item = g_ptr_array_index (self->items, i);

      muster_log_step_add_item (copy, item->name, (const char * const *) item->attrs);
    }
  for (guint i = 0; i < self->dice->len; i++)
    {
      const MusterLogDie *die = &g_array_index (self->dice, MusterLogDie, i);

      muster_log_step_add_die (copy, die->sides, die->value, die->manual, die->who, die->why);
    }

  return copy;
}

const char *
muster_log_step_get_action (MusterLogStep *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->action;
}

/* The index of name's value in attrs, or 0 when it has none (index 0 is
 * always a name). */
static guint
find_attr (GPtrArray  *attrs,
           const char *name)
{
  for (guint i = 0; i + 1 < attrs->len; i += 2)
    if (strcmp (g_ptr_array_index (attrs, i), name) == 0)
      return i + 1;

  return 0;
}

void
muster_log_step_set (MusterLogStep *self,
                     const char    *name,
                     const char    *value)
{
  guint index;

  g_return_if_fail (self != NULL);
  g_return_if_fail (!self->sealed);
  g_return_if_fail (name != NULL);

  index = find_attr (self->attrs, name);
  if (index != 0 && value != NULL)
    {
      g_free (g_ptr_array_index (self->attrs, index));
      g_ptr_array_index (self->attrs, index) = g_strdup (value);
    }
  else if (index != 0)
    g_ptr_array_remove_range (self->attrs, index - 1, 2);
  else if (value != NULL)
    {
      /* Before the terminating NULL. */
      g_ptr_array_insert (self->attrs, self->attrs->len - 1, g_strdup (name));
      g_ptr_array_insert (self->attrs, self->attrs->len - 1, g_strdup (value));
    }
}

void
muster_log_step_set_uint (MusterLogStep *self,
                          const char    *name,
                          guint          value)
{
  char text[16];

  g_snprintf (text, sizeof text, "%u", value);
  muster_log_step_set (self, name, text);
}

void
muster_log_step_set_boolean (MusterLogStep *self,
                             const char    *name,
                             gboolean       value)
{
  muster_log_step_set (self, name, value ? "true" : "false");
}

void
muster_log_step_set_words (MusterLogStep      *self,
                           const char         *name,
                           const char * const *words)
{
  g_autofree char *joined = g_strjoinv (" ", (char **) (words != NULL ? words : (const char * const[]) { NULL }));

  muster_log_step_set (self, name, joined);
}

const char *
muster_log_step_get (MusterLogStep *self,
                     const char    *name)
{
  guint index;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (name != NULL, NULL);

  index = find_attr (self->attrs, name);

  return index != 0 ? g_ptr_array_index (self->attrs, index) : NULL;
}

const char * const *
muster_log_step_get_attrs (MusterLogStep *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return (const char * const *) self->attrs->pdata;
}

void
muster_log_step_add_item (MusterLogStep      *self,
                          const char         *name,
                          const char * const *attrs)
{
  MusterLogItem *item;

  g_return_if_fail (self != NULL);
  g_return_if_fail (!self->sealed);
  g_return_if_fail (name != NULL);

  item = g_new0 (MusterLogItem, 1);
  item->name = g_strdup (name);
  item->attrs = g_strdupv ((char **) (attrs != NULL ? attrs : (const char * const[]) { NULL }));
  g_ptr_array_add (self->items, item);
}

guint
muster_log_step_get_n_items (MusterLogStep *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->items->len;
}

const MusterLogItem *
muster_log_step_get_item (MusterLogStep *self,
                          guint          index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->items->len, NULL);

  return g_ptr_array_index (self->items, index);
}

const char *
muster_log_item_get (const MusterLogItem *item,
                     const char          *name)
{
  g_return_val_if_fail (item != NULL, NULL);

  for (guint i = 0; item->attrs[i] != NULL && item->attrs[i + 1] != NULL; i += 2)
    if (strcmp (item->attrs[i], name) == 0)
      return item->attrs[i + 1];

  return NULL;
}

void
muster_log_step_add_die (MusterLogStep *self,
                         guint          sides,
                         guint          value,
                         gboolean       manual,
                         const char    *who,
                         const char    *why)
{
  MusterLogDie die = { sides, value, manual, g_strdup (who), g_strdup (why) };

  g_return_if_fail (self != NULL);
  g_return_if_fail (!self->sealed);

  g_array_append_val (self->dice, die);
}

guint
muster_log_step_get_n_dice (MusterLogStep *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->dice->len;
}

const MusterLogDie *
muster_log_step_get_die (MusterLogStep *self,
                         guint          index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->dice->len, NULL);

  return &g_array_index (self->dice, MusterLogDie, index);
}

static gboolean
same_attrs (const char * const *a,
            const char * const *b)
{
  if (g_strv_length ((char **) a) != g_strv_length ((char **) b))
    return FALSE;

  for (guint i = 0; a[i] != NULL; i += 2)
    {
      gboolean found = FALSE;

      for (guint j = 0; b[j] != NULL && !found; j += 2)
        found = strcmp (a[i], b[j]) == 0 && g_strcmp0 (a[i + 1], b[j + 1]) == 0;
      if (!found)
        return FALSE;
    }

  return TRUE;
}

gboolean
muster_log_step_equal (MusterLogStep *a,
                       MusterLogStep *b)
{
  g_return_val_if_fail (a != NULL && b != NULL, FALSE);

  if (strcmp (a->action, b->action) != 0 ||
      !same_attrs (muster_log_step_get_attrs (a), muster_log_step_get_attrs (b)) ||
      a->items->len != b->items->len || a->dice->len != b->dice->len)
    return FALSE;

  for (guint i = 0; i < a->items->len; i++)
    {
      const MusterLogItem *x = g_ptr_array_index (a->items, i);
      const MusterLogItem *y = g_ptr_array_index (b->items, i);

      if (strcmp (x->name, y->name) != 0 ||
          !same_attrs ((const char * const *) x->attrs, (const char * const *) y->attrs))
        return FALSE;
    }

  for (guint i = 0; i < a->dice->len; i++)
    {
      const MusterLogDie *x = &g_array_index (a->dice, MusterLogDie, i);
      const MusterLogDie *y = &g_array_index (b->dice, MusterLogDie, i);

      if (x->sides != y->sides || x->value != y->value || !x->manual != !y->manual ||
          g_strcmp0 (x->who, y->who) != 0 || g_strcmp0 (x->why, y->why) != 0)
        return FALSE;
    }

  return TRUE;
}

gboolean
muster_log_step_is_name (const char *text)
{
  if (text == NULL || !g_ascii_islower (*text))
    return FALSE;

  for (const char *p = text; *p != '\0'; p++)
    if (!g_ascii_islower (*p) && !g_ascii_isdigit (*p) && *p != '-')
      return FALSE;

  return TRUE;
}
