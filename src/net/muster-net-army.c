/* muster-net-army.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-net"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "muster-net-session-private.h"
#include "muster-roster-private.h"

/* The army a guest brings (see muster-net-session.h): the roster entries
 * of one player of its own layout. The hello carries what the host may
 * know of it; the guest adds the rest back to its own copy of the host's
 * layout once the host took the army, and hides it as the host hides its
 * own (muster-net-hidden.c). */

/* The guest's ids: its own with a prefix drawn at random, so that they
 * meet none of the host's, not even those the host keeps hidden. An id
 * that has a prefix from an earlier game loses it. */
static char *
fresh_id (const char *prefix,
          const char *id)
{
  if (strlen (id) > 10 && id[0] == 'g' && id[9] == '-' && strspn (id + 1, "0123456789abcdef") == 8)
    id += 10;

  return g_strconcat (prefix, id, NULL);
}

gboolean
muster_net_army_bring (MusterNetSession  *self,
                       MusterLayout      *layout,
                       const char        *player_id,
                       GError           **error)
{
  g_autoptr(MusterRoster) roster = muster_roster_new (layout);
  g_autofree char *prefix = g_strdup_printf ("g%08x-", g_random_int ());
  MusterSystem *system = muster_system_registry_lookup (muster_system_registry_get_default (),
                                                        muster_layout_get_system_id (layout));
  GPtrArray *entries = muster_roster_get_entries (roster, player_id);
  g_autofree char *text = NULL;

  if (entries->len == 0)
    return TRUE;

  self->army = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_roster_entry_free);
  self->army_public = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_roster_entry_free);
  for (guint i = 0; i < entries->len; i++)
    {
      MusterRosterEntry *entry = muster_roster_entry_copy (g_ptr_array_index (entries, i));
      MusterRosterEntry *plain;

      g_free (entry->id);
      entry->id = fresh_id (prefix, ((MusterRosterEntry *) g_ptr_array_index (entries, i))->id);
      g_ptr_array_add (self->army, entry);

      /* Not one of the guest's pieces is in the host's layout (or the
       * host keeps its own list): each of these is kept off the table in
       * secret there, as is_secret_entry() has it. A system this Muster
       * does not know keeps every one of them back. */
      if (entry->hold == MUSTER_ROSTER_HOLD_OFF_TABLE &&
          (system == NULL || muster_net_hidden_is_off_table (system, entry)))
        continue;

      plain = muster_roster_entry_copy (entry);
      plain->lieutenant = FALSE;
      g_ptr_array_add (self->army_public, plain);
    }

  /* The host would take a hello it cannot read for a wrong secret. */
  text = _muster_roster_write_element (self->army_public);
  if (self->army_public->len > MUSTER_NET_MAX_ARMY || strlen (text) > MUSTER_NET_MAX_SMALL / 2)
    {
      g_set_error (error, MUSTER_NET_ERROR, MUSTER_NET_ERROR_GAME,
                   /* Translators: how many roster entries at most */
                   _("This army is too big to bring: it may have %u roster entries at most"),
                   (guint) MUSTER_NET_MAX_ARMY);
      return FALSE;
    }

  return TRUE;
}

GPtrArray *
muster_net_army_get_public (MusterNetSession *self)
{
  if (self->army_public == NULL || self->army_public->len == 0)
    return NULL;

  return g_ptr_array_copy (self->army_public, (GCopyFunc) muster_roster_entry_copy, NULL);
}

/* Why the host keeps its own list for the guest's player, or NULL. */
static char *
why_not (MusterNetSession *self,
         MusterRoster     *roster,
         GPtrArray        *army)
{
  const char *peer = muster_game_get_player_id (self->game, self->peer);
  const char *name = muster_game_get_player_name (self->game, self->peer);
  GPtrArray *pieces = muster_layout_get_pieces (self->layout);

  if (muster_game_get_deployment (self->game) != NULL)
    return g_strdup (_("The deployment has started already"));

  for (guint i = 0; i < pieces->len; i++)
    if (g_strcmp0 (((MusterPiece *) g_ptr_array_index (pieces, i))->owner, peer) == 0)
      /* Translators: a player's name */
      return g_strdup_printf (_("%s has troopers on the table already"), name);

  for (guint i = 0; i < army->len; i++)
    {
      const MusterRosterEntry *entry = g_ptr_array_index (army, i);
      const char *owner = NULL;

      if (muster_roster_lookup (roster, entry->id, &owner) != NULL && g_strcmp0 (owner, peer) != 0)
        /* Translators: a roster entry's id */
        return g_strdup_printf (_("The host’s layout has an entry “%s” already"), entry->id);
    }

  return NULL;
}

char *
muster_net_army_adopt (MusterNetSession *self,
                       GPtrArray        *army)
{
  g_autoptr(MusterRoster) roster = muster_roster_new (self->layout);
  g_autoptr(GPtrArray) old = NULL;
  g_autofree char *reason = NULL;
  const char *peer = muster_game_get_player_id (self->game, self->peer);

  reason = why_not (self, roster, army);
  if (reason != NULL)
    /* Translators: why the host did not take the guest's army */
    return g_strdup_printf (_("Your army was not taken, the host’s list of it is kept: %s"), reason);

  old = g_ptr_array_copy (muster_roster_get_entries (roster, peer), (GCopyFunc) muster_roster_entry_copy, NULL);
  g_ptr_array_set_free_func (old, (GDestroyNotify) muster_roster_entry_free);
  for (guint i = 0; i < old->len; i++)
    muster_roster_remove_entry (roster, ((MusterRosterEntry *) g_ptr_array_index (old, i))->id);
  for (guint i = 0; i < army->len; i++)
    muster_roster_add_entry (roster, peer, muster_roster_entry_copy (g_ptr_array_index (army, i)));

  return NULL;
}

/* Whether the host's layout has, for the guest's player, the army sent
 * and nothing else. */
static gboolean
was_taken (MusterNetSession *self,
           GPtrArray        *entries)
{
  if (entries->len != self->army_public->len)
    return FALSE;

  for (guint i = 0; i < entries->len; i++)
    if (g_strcmp0 (((MusterRosterEntry *) g_ptr_array_index (entries, i))->id,
                   ((MusterRosterEntry *) g_ptr_array_index (self->army_public, i))->id) != 0)
      return FALSE;

  return TRUE;
}

void
muster_net_army_welcomed (MusterNetSession *self,
                          const char       *player_id)
{
  g_autoptr(MusterRoster) roster = NULL;

  if (self->army == NULL)
    return;

  roster = muster_roster_new (self->layout);
  if (self->army_public->len > 0 && was_taken (self, muster_roster_get_entries (roster, player_id)))
    /* What the hello left out, back in this Muster's copy: the guest's
     * player commits to it as the game starts. */
    for (guint i = 0; i < self->army->len; i++)
      {
        const MusterRosterEntry *entry = g_ptr_array_index (self->army, i);

        if (muster_roster_lookup (roster, entry->id, NULL) == NULL)
          muster_roster_add_entry (roster, player_id, muster_roster_entry_copy (entry));
        else if (entry->lieutenant)
          muster_roster_replace_entry (roster, muster_roster_entry_copy (entry));
      }

  g_clear_pointer (&self->army, g_ptr_array_unref);
  g_clear_pointer (&self->army_public, g_ptr_array_unref);
}
