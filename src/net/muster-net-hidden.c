/* muster-net-hidden.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-net"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "muster-net-cert.h"
#include "muster-net-secrets.h"
#include "muster-net-session-private.h"
#include "muster-roster.h"
#include "muster-sight.h"

/* Hidden choices of this Muster's player: the commitments sent instead
 * of them, their reveals in turn, and their secrets, kept in Muster's
 * data (muster-net-secrets.h) so that they outlive the session. See the
 * top of muster-net-session.h and muster-game-net.h.
 *
 * The WIP entered as private is revealed once both WIPs are in. Which
 * trooper is the Lieutenant is committed to as the game across the
 * network begins (or as soon as the army has exactly one), and revealed
 * when the player says so. The troopers kept off the table (a roster
 * entry held off the table, with Airborne Deployment or TO Camouflage,
 * none of its pieces out) are committed to before the deployment, one
 * commitment each, left out of the layout the guest receives and of the
 * deployment, and revealed as each appears on the table. */

static void
secret_free (gpointer data)
{
  MusterNetSecret *secret = data;

  g_clear_pointer (&secret->hidden, muster_log_step_unref);
  g_free (secret->digest);
  g_free (secret);
}

static const char *
local_id (MusterNetSession *self)
{
  return muster_game_get_player_id (self->game, self->local);
}

static MusterNetSecret *
find_secret (MusterNetSession *self,
             const char       *digest)
{
  for (guint i = 0; i < self->secrets->len; i++)
    {
      MusterNetSecret *secret = g_ptr_array_index (self->secrets, i);

      if (g_strcmp0 (secret->digest, digest) == 0)
        return secret;
    }

  return NULL;
}

static void
checksum_add (GChecksum  *checksum,
              const char *text)
{
  g_autofree char *length = g_strdup_printf ("%zu:", text != NULL ? strlen (text) : (gsize) 0);

  g_checksum_update (checksum, (const guchar *) length, -1);
  if (text != NULL)
    g_checksum_update (checksum, (const guchar *) text, -1);
}

/* The SHA-256 of the log's first n steps, each as its action, its
 * attributes, its items and its dice (each string with its length before
 * it): what the game was before a commit. */
static char *
log_prefix_digest (MusterGame *game,
                   guint       n)
{
  g_autoptr(GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);

  for (guint i = 0; i < n && i < muster_game_get_n_steps (game); i++)
    {
      MusterLogStep *step = muster_game_get_step (game, i);

      checksum_add (checksum, "step");
      checksum_add (checksum, muster_log_step_get_action (step));
      for (const char * const *attrs = muster_log_step_get_attrs (step); *attrs != NULL; attrs++)
        checksum_add (checksum, *attrs);
      for (guint j = 0; j < muster_log_step_get_n_items (step); j++)
        {
          const MusterLogItem *item = muster_log_step_get_item (step, j);

          checksum_add (checksum, "item");
          checksum_add (checksum, item->name);
          for (char **attrs = item->attrs; attrs != NULL && *attrs != NULL; attrs++)
            checksum_add (checksum, *attrs);
        }
      for (guint j = 0; j < muster_log_step_get_n_dice (step); j++)
        {
          const MusterLogDie *die = muster_log_step_get_die (step, j);
          g_autofree char *numbers = g_strdup_printf ("die %u %u %d", die->sides, die->value, die->manual);

          checksum_add (checksum, numbers);
          checksum_add (checksum, die->who);
          checksum_add (checksum, die->why);
        }
    }

  return g_strdup (g_checksum_get_string (checksum));
}

/* Whether the commit of digest at step n of this game's log is the one
 * its secret was made for: where the secret says it stood, after the
 * same steps (muster-net-secrets.h). A secret kept by a Muster that did
 * not say where is taken as before. */
static gboolean
is_this_game (MusterNetSession *self,
              const char       *digest,
              guint             n)
{
  g_autofree char *before = NULL;
  g_autofree char *here = NULL;
  guint bound_n = 0;

  if (!muster_net_secrets_get_binding (digest, &bound_n, &before))
    return TRUE;

  here = log_prefix_digest (self->game, n - 1);

  return bound_n == n && strcmp (before, here) == 0;
}

/* Whether a secret of action is known here, taken or on its way. */
static gboolean
has_secret (MusterNetSession *self,
            const char       *action)
{
  for (guint i = 0; i < self->secrets->len; i++)
    {
      MusterNetSecret *secret = g_ptr_array_index (self->secrets, i);

      if (strcmp (muster_log_step_get_action (secret->hidden), action) == 0)
        return TRUE;
    }

  return FALSE;
}

/* The secrets of this player's commitments not yet revealed, from
 * Muster's data: the game was saved, closed, or hosted or joined anew. */
void
muster_net_hidden_start (MusterNetSession *self)
{
  if (self->secrets == NULL)
    self->secrets = g_ptr_array_new_with_free_func (secret_free);

  for (guint i = 0; i < muster_game_get_n_steps (self->game); i++)
    {
      MusterLogStep *step = muster_game_get_step (self->game, i);
      const char *digest = muster_log_step_get (step, "commitment");
      MusterNetSecret *secret;

      if (strcmp (muster_log_step_get_action (step), "commit") != 0 ||
          g_strcmp0 (muster_log_step_get (step, "player"), local_id (self)) != 0 ||
          !muster_game_is_unrevealed (self->game, i + 1) || find_secret (self, digest) != NULL)
        continue;

      if (!is_this_game (self, digest, i + 1))
        {
          g_debug ("The secret of step %u was made in another game: not revealed here", i + 1);
          continue;
        }

      secret = g_new0 (MusterNetSecret, 1);
      secret->hidden = muster_net_secrets_load (digest, secret->salt, sizeof secret->salt, &secret->salt_len);
      if (secret->hidden == NULL)
        {
          g_debug ("The secret of step %u is not kept here", i + 1);
          secret_free (secret);
          continue;
        }
      secret->digest = g_strdup (digest);
      secret->n = i + 1;
      g_ptr_array_add (self->secrets, secret);
    }
}

void
muster_net_hidden_clear (MusterNetSession *self)
{
  g_clear_pointer (&self->secrets, g_ptr_array_unref);
}

static MusterNetSecret *
new_secret (MusterNetSession  *self,
            MusterLogStep     *step,
            MusterLogStep    **commit)
{
  MusterNetSecret *secret = g_new0 (MusterNetSecret, 1);
  g_autoptr(GError) error = NULL;

  secret->salt_len = 32;
  muster_net_random_bytes (secret->salt, secret->salt_len);
  secret->hidden = muster_log_step_copy (step);
  muster_log_step_set (secret->hidden, "player", local_id (self));
  *commit = muster_game_new_commit (secret->hidden, local_id (self), secret->salt, secret->salt_len);
  secret->digest = g_strdup (muster_log_step_get (*commit, "commitment"));
  g_ptr_array_add (self->secrets, secret);

  if (!muster_net_secrets_save (secret->digest, secret->hidden, secret->salt, secret->salt_len, &error))
    {
      /* Translators: why Muster could not write a file */
      g_autofree char *reason = g_strdup_printf (_("The hidden choice is not kept for a later session: %s"),
                                                 error->message);

      muster_net_session_refused (self, reason);
    }

  return secret;
}

MusterLogStep *
muster_net_hidden_commit (MusterNetSession *self,
                          MusterLogStep    *step)
{
  MusterLogStep *commit = NULL;

  new_secret (self, step, &commit);

  return commit;
}

void
muster_net_hidden_agreed (MusterNetSession *self,
                          MusterLogStep    *step,
                          guint             n)
{
  const char *action = muster_log_step_get_action (step);
  MusterNetSecret *secret;
  guint64 revealed = 0;

  if (g_strcmp0 (muster_log_step_get (step, "player"), local_id (self)) != 0)
    return;

  if (strcmp (action, "commit") == 0)
    {
      /* (Taken at once as the host welcomes, its number is known already.) */
      secret = find_secret (self, muster_log_step_get (step, "commitment"));
      if (secret != NULL && (secret->n == 0 || secret->n == n))
        {
          g_autofree char *before = log_prefix_digest (self->game, n - 1);

          secret->n = n;
          muster_net_secrets_bind (secret->digest, n, before);
        }
      return;
    }

  if (strcmp (action, "reveal") != 0)
    return;

  if (muster_log_step_get (step, "step") == NULL ||
      !g_ascii_string_to_unsigned (muster_log_step_get (step, "step"), 10, 1, G_MAXUINT, &revealed, NULL))
    return;

  /* Public now: the log says it all. */
  for (guint i = 0; i < self->secrets->len; i++)
    {
      secret = g_ptr_array_index (self->secrets, i);
      if (secret->n == revealed)
        {
          secret->revealing = TRUE;
          muster_net_secrets_forget (secret->digest);
        }
    }
}

void
muster_net_hidden_dropped (MusterNetSession *self,
                           MusterLogStep    *step)
{
  if (self->secrets == NULL || strcmp (muster_log_step_get_action (step), "commit") != 0 ||
      g_strcmp0 (muster_log_step_get (step, "player"), local_id (self)) != 0)
    return;

  for (guint i = 0; i < self->secrets->len; i++)
    {
      MusterNetSecret *secret = g_ptr_array_index (self->secrets, i);

      if (secret->n == 0 && g_strcmp0 (secret->digest, muster_log_step_get (step, "commitment")) == 0)
        {
          muster_net_secrets_forget (secret->digest);
          g_ptr_array_remove_index (self->secrets, i);
          return;
        }
    }
}

/* Revealing */

static void
reveal (MusterNetSession *self,
        MusterNetSecret  *secret)
{
  g_autoptr(MusterLogStep) step = NULL;

  secret->revealing = TRUE;
  step = muster_game_new_reveal (secret->hidden, local_id (self), secret->n, secret->salt, secret->salt_len);
  muster_net_play_submit (self, step);
}

static gboolean
can_reveal (MusterNetSession *self,
            MusterNetSecret  *secret,
            const char       *action)
{
  return secret->n != 0 && !secret->revealing && muster_game_is_unrevealed (self->game, secret->n) &&
         strcmp (muster_log_step_get_action (secret->hidden), action) == 0;
}

/* Whether the player has entered a WIP, shown or hidden. */
static gboolean
has_wip (MusterNetSession *self,
         int               player)
{
  for (guint i = 0; i < muster_game_get_n_steps (self->game); i++)
    {
      MusterLogStep *step = muster_game_get_step (self->game, i);
      const char *action = muster_log_step_get_action (step);

      if (muster_game_lookup_player (self->game, muster_log_step_get (step, "player")) == player &&
          (strcmp (action, "set-wip") == 0 ||
           (strcmp (action, "commit") == 0 && g_strcmp0 (muster_log_step_get (step, "hides"), "set-wip") == 0)))
        return TRUE;
    }

  return FALSE;
}

/* A hidden WIP is revealed once both are in: the Initiative Roll needs
 * both, and neither player chose theirs knowing the other's. */
void
muster_net_hidden_maybe_reveal (MusterNetSession *self)
{
  if (self->secrets == NULL || self->state == MUSTER_NET_STATE_CLOSED || (self->is_host && !self->joined))
    return;

  for (guint i = 0; i < self->secrets->len; i++)
    {
      MusterNetSecret *secret = g_ptr_array_index (self->secrets, i);

      if (can_reveal (self, secret, "set-wip") && has_wip (self, 0) && has_wip (self, 1))
        reveal (self, secret);
    }
}

void
muster_net_hidden_appears (MusterNetSession  *self,
                           const MusterPiece *piece)
{
  const char *entry_id = muster_roster_get_piece_entry (piece);

  for (guint i = 0; entry_id != NULL && self->secrets != NULL && i < self->secrets->len; i++)
    {
      MusterNetSecret *secret = g_ptr_array_index (self->secrets, i);

      if (can_reveal (self, secret, "keep-off-table") &&
          g_strcmp0 (muster_log_step_get (secret->hidden, "trooper"), entry_id) == 0)
        {
          reveal (self, secret);
          return;
        }
    }
}

gboolean
muster_net_session_can_reveal_lieutenant (MusterNetSession *self)
{
  g_return_val_if_fail (MUSTER_IS_NET_SESSION (self), FALSE);

  for (guint i = 0; self->secrets != NULL && i < self->secrets->len; i++)
    if (can_reveal (self, g_ptr_array_index (self->secrets, i), "choose-lieutenant"))
      return TRUE;

  return FALSE;
}

gboolean
muster_net_session_reveal_lieutenant (MusterNetSession  *self,
                                      GError           **error)
{
  g_return_val_if_fail (MUSTER_IS_NET_SESSION (self), FALSE);

  for (guint i = 0; self->secrets != NULL && i < self->secrets->len; i++)
    {
      MusterNetSecret *secret = g_ptr_array_index (self->secrets, i);

      if (can_reveal (self, secret, "choose-lieutenant"))
        {
          reveal (self, secret);
          muster_net_session_emit_changed (self);
          return TRUE;
        }
    }

  g_set_error_literal (error, MUSTER_NET_ERROR, MUSTER_NET_ERROR_REFUSED,
                       _("There is no hidden Lieutenant of this player’s to reveal"));

  return FALSE;
}

guint
muster_net_session_count_hidden (MusterNetSession *self,
                                 int               player)
{
  guint n = 0;

  g_return_val_if_fail (MUSTER_IS_NET_SESSION (self), 0);

  for (guint i = 0; self->game != NULL && i < muster_game_get_n_steps (self->game); i++)
    {
      MusterLogStep *step = muster_game_get_step (self->game, i);

      if (muster_game_lookup_player (self->game, muster_log_step_get (step, "player")) == player &&
          muster_game_is_unrevealed (self->game, i + 1))
        n++;
    }

  return n;
}

/* The army's hidden information */

gboolean
muster_net_hidden_is_off_table (MusterSystem            *system,
                                const MusterRosterEntry *entry)
{
  if (entry->hold != MUSTER_ROSTER_HOLD_OFF_TABLE)
    return FALSE;

  for (guint i = 0; entry->skills != NULL && entry->skills[i] != NULL; i++)
    {
      const MusterSkillDef *skill = muster_system_lookup_skill (system, entry->skills[i]);

      if (skill != NULL && skill->allows == MUSTER_SKILL_ALLOWS_OFF_TABLE)
        return TRUE;
    }

  return FALSE;
}

/* An entry of this player's kept off the table in secret: as
 * muster-game-deployment.c leaves it out of the deployment. */
static gboolean
is_secret_entry (MusterNetSession        *self,
                 MusterRoster            *roster,
                 const MusterRosterEntry *entry)
{
  return muster_net_hidden_is_off_table (muster_game_get_system (self->game), entry) &&
         muster_roster_count_placed (roster, entry->id) == 0;
}

static MusterLogStep *
army_choice (const char *action,
             const char *trooper,
             const char *name)
{
  MusterLogStep *step = muster_log_step_new (action);

  muster_log_step_set (step, "trooper", trooper);
  muster_log_step_set (step, "name", name != NULL && *name != '\0' ? name : trooper);

  return step;
}

/* The player's one Lieutenant, as a choice to hide; NULL unless the
 * army has exactly one. */
static MusterLogStep *
lieutenant_choice (MusterNetSession *self,
                   MusterRoster     *roster)
{
  GPtrArray *entries = muster_roster_get_entries (roster, local_id (self));
  GPtrArray *pieces = muster_layout_get_pieces (self->layout);

  if (muster_game_count_lieutenants (self->game, self->local) != 1)
    return NULL;

  for (guint i = 0; entries != NULL && i < entries->len; i++)
    {
      const MusterRosterEntry *entry = g_ptr_array_index (entries, i);

      if (entry->lieutenant)
        return army_choice ("choose-lieutenant", entry->id, entry->name);
    }

  for (guint i = 0; i < pieces->len; i++)
    {
      const MusterPiece *piece = g_ptr_array_index (pieces, i);

      if (piece->lieutenant && g_strcmp0 (piece->owner, local_id (self)) == 0 && muster_sight_is_trooper (piece))
        return army_choice ("choose-lieutenant", piece->id, piece->name);
    }

  return NULL;
}

/* The choices to commit to now: the Lieutenant, the troopers kept off
 * the table; none that this Muster made already. */
static GPtrArray *
army_choices (MusterNetSession *self)
{
  g_autoptr(MusterRoster) roster = muster_roster_new (self->layout);
  GPtrArray *choices = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_log_step_unref);
  GPtrArray *entries;
  MusterLogStep *step;

  if (!muster_game_has_chosen_lieutenant (self->game, self->local) && !has_secret (self, "choose-lieutenant") &&
      (step = lieutenant_choice (self, roster)) != NULL)
    g_ptr_array_add (choices, step);

  if (muster_game_keeps_troopers_hidden (self->game, self->local) || has_secret (self, "keep-off-table") ||
      muster_game_get_deployment (self->game) != NULL)
    return choices;

  entries = muster_roster_get_entries (roster, local_id (self));
  for (guint i = 0; entries != NULL && i < entries->len; i++)
    {
      const MusterRosterEntry *entry = g_ptr_array_index (entries, i);

      /* One commitment for each trooper of the entry. */
      for (guint k = 0; is_secret_entry (self, roster, entry) && k < entry->count; k++)
        g_ptr_array_add (choices, army_choice ("keep-off-table", entry->id, entry->name));
    }

  return choices;
}

void
muster_net_hidden_commit_army (MusterNetSession *self,
                               gboolean          now)
{
  g_autoptr(GPtrArray) choices = NULL;

  if (muster_game_get_kind (self->game) != MUSTER_GAME_KIND_INFINITY)
    return;

  choices = army_choices (self);
  for (guint i = 0; i < choices->len; i++)
    {
      g_autoptr(MusterLogStep) commit = NULL;
      MusterNetSecret *secret = new_secret (self, g_ptr_array_index (choices, i), &commit);

      if (!now)
        muster_net_play_submit (self, commit);
      else if (muster_net_play_take_now (self, commit))
        secret->n = muster_game_get_n_steps (self->game);
      else
        muster_net_hidden_dropped (self, commit);
    }
}

GBytes *
muster_net_hidden_redact (MusterNetSession *self)
{
  g_autoptr(GBytes) bytes = muster_layout_to_bytes (self->layout);
  g_autoptr(MusterLayout) copy = NULL;
  g_autoptr(MusterRoster) roster = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(GError) error = NULL;
  gboolean hides_troopers = muster_game_keeps_troopers_hidden (self->game, self->local);
  GPtrArray *pieces;

  if (muster_game_get_kind (self->game) != MUSTER_GAME_KIND_INFINITY)
    return g_steal_pointer (&bytes);

  copy = muster_layout_new_from_bytes (bytes, _("the host’s layout"), &error);
  if (copy == NULL)
    {
      /* Nothing rather than the secrets. */
      muster_net_session_refused (self, error->message);
      return NULL;
    }

  /* Which trooper is the Lieutenant, and the troopers kept off the
   * table, are this player's to know. */
  roster = muster_roster_new (copy);
  entries = g_ptr_array_copy (muster_roster_get_entries (roster, local_id (self)),
                              (GCopyFunc) muster_roster_entry_copy, NULL);
  g_ptr_array_set_free_func (entries, (GDestroyNotify) muster_roster_entry_free);
  for (guint i = 0; i < entries->len; i++)
    {
      MusterRosterEntry *entry = g_ptr_array_index (entries, i);

      if (hides_troopers && is_secret_entry (self, roster, entry))
        muster_roster_remove_entry (roster, entry->id);
      else if (entry->lieutenant)
        {
          MusterRosterEntry *plain = muster_roster_entry_copy (entry);

          plain->lieutenant = FALSE;
          muster_roster_replace_entry (roster, plain);
        }
    }

  pieces = muster_layout_get_pieces (copy);
  for (guint i = 0; i < pieces->len; i++)
    {
      MusterPiece *piece = g_ptr_array_index (pieces, i);

      if (g_strcmp0 (piece->owner, local_id (self)) == 0)
        piece->lieutenant = FALSE;
    }

  return muster_layout_to_bytes (copy);
}
