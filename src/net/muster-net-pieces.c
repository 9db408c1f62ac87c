/* muster-net-pieces.c
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

/* The pieces on both tables. Each player puts on the table, moves,
 * changes (Prone, its name, ...) and takes off only their own pieces
 * ("place", "move", "place" again, "remove"), and the other table
 * follows; what one side does to the other player's pieces is put back,
 * and said. The session keeps each piece as both tables have it
 * (self->pieces, by this table's serial), to tell a change of this
 * side's from one it received, and to put back what it must. */

static const char *
piece_label (const MusterPiece *piece)
{
  return piece->name != NULL && *piece->name != '\0' ? piece->name : piece->id;
}

static const char *
player_id (MusterNetSession *self,
           int               player)
{
  return muster_game_get_player_id (self->game, player);
}

static void
remember (MusterNetSession  *self,
          const MusterPiece *piece)
{
  g_hash_table_replace (self->pieces, GUINT_TO_POINTER (piece->serial), muster_piece_copy (piece));
}

static gboolean
same_words (char **a,
            char **b)
{
  guint n = a != NULL ? g_strv_length (a) : 0;

  if (n != (b != NULL ? g_strv_length (b) : 0))
    return FALSE;
  for (guint i = 0; i < n; i++)
    if (strcmp (a[i], b[i]) != 0)
      return FALSE;

  return TRUE;
}

/* A piece besides where it stands, which one is the Lieutenant (its
 * player's to know) and the step it was deployed in (the game's): its
 * name, base, Prone, categories and skills. */
static gboolean
same_look (const MusterPiece *a,
           const MusterPiece *b)
{
  return g_strcmp0 (a->name, b->name) == 0 && a->kind == b->kind && a->base.shape == b->base.shape &&
         a->base.width == b->base.width && a->base.depth == b->base.depth && !a->prone == !b->prone &&
         same_words (a->categories, b->categories) && same_words (a->skills, b->skills);
}

static void
copy_look (MusterPiece       *to,
           const MusterPiece *from)
{
  g_free (to->name);
  to->name = g_strdup (from->name);
  to->kind = from->kind;
  to->base = from->base;
  to->prone = from->prone;
  g_strfreev (to->categories);
  to->categories = g_strdupv (from->categories);
  g_strfreev (to->skills);
  to->skills = g_strdupv (from->skills);
}

static gboolean
can_send (MusterNetSession *self)
{
  /* The host's table before its guest joins is the one the guest gets. */
  return !self->is_host || self->joined;
}

/* Said here: reason is taken. */
static void
refuse_here (MusterNetSession *self,
             char             *reason)
{
  muster_net_session_refused (self, reason);
  g_free (reason);
}

/* Putting back what this side may not do: after the layout's signal,
 * whose other handlers must see the piece as it was said. */
static gboolean
put_back_cb (gpointer user_data)
{
  MusterNetSession *self = user_data;
  g_autoptr(GPtrArray) put_back = g_steal_pointer (&self->put_back);

  self->put_back_id = 0;
  self->applying = TRUE;
  for (guint i = 0; put_back != NULL && i < put_back->len; i++)
    {
      MusterPiece *piece = g_ptr_array_index (put_back, i);

      if (piece->serial == 0)
        {
          /* Taken off this table, not being this player's: back on it. */
          MusterPiece *again = muster_piece_copy (piece);

          if (muster_layout_add_piece (self->layout, again))
            remember (self, again);
          else
            muster_piece_free (again);
        }
      else
        /* Put on this table, not being this player's: off it. */
        muster_layout_remove_piece (self->layout, piece->id);
    }
  self->applying = FALSE;

  return G_SOURCE_REMOVE;
}

static void
put_back (MusterNetSession *self,
          MusterPiece      *piece,
          gboolean          add)
{
  MusterPiece *copy = muster_piece_copy (piece);

  /* Serial 0: to add again; else to remove. */
  copy->serial = add ? 0 : 1;
  if (self->put_back == NULL)
    self->put_back = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_piece_free);
  g_ptr_array_add (self->put_back, copy);
  if (self->put_back_id == 0)
    self->put_back_id = g_idle_add (put_back_cb, self);
}

/* This side's changes */

static void
send_place (MusterNetSession  *self,
            const MusterPiece *piece)
{
  g_autoptr(MusterNetMessage) message = NULL;

  if (!can_send (self))
    return;

  message = muster_net_message_new (MUSTER_NET_MESSAGE_PLACE);
  /* Which trooper is the Lieutenant stays this player's to know. */
  message->placed = muster_piece_copy (piece);
  message->placed->lieutenant = FALSE;
  muster_net_session_send (self, message);
}

static void
piece_added_cb (MusterLayout     *layout,
                guint             serial,
                MusterNetSession *self)
{
  MusterPiece *piece = muster_layout_lookup_serial (layout, serial);

  if (self->applying || piece == NULL)
    return;

  if (g_strcmp0 (piece->owner, player_id (self, self->local)) != 0)
    {
      put_back (self, piece, FALSE);
      /* Translators: a piece's name */
      refuse_here (self, g_strdup_printf (_("%s is not this player’s piece: only its owner puts it on the table"),
                                          piece_label (piece)));
      return;
    }

  remember (self, piece);
  /* A trooper kept off the table appears: its commitment is revealed. */
  muster_net_hidden_appears (self, piece);
  send_place (self, piece);
}

static void
piece_removed_cb (MusterLayout     *layout,
                  guint             serial,
                  MusterNetSession *self)
{
  g_autoptr(MusterPiece) was = NULL;

  if (!g_hash_table_steal_extended (self->pieces, GUINT_TO_POINTER (serial), NULL, (gpointer *) &was) ||
      self->applying)
    return;

  if (g_strcmp0 (was->owner, player_id (self, self->local)) != 0)
    {
      put_back (self, was, TRUE);
      /* Translators: a piece's name */
      refuse_here (self, g_strdup_printf (_("%s is not this player’s piece: only its owner takes it off the table"),
                                          piece_label (was)));
      return;
    }

  if (can_send (self))
    {
      g_autoptr(MusterNetMessage) message = muster_net_message_new (MUSTER_NET_MESSAGE_REMOVE);

      message->piece = g_strdup (was->id);
      muster_net_session_send (self, message);
    }
}

static void
piece_changed_cb (MusterLayout     *layout,
                  guint             serial,
                  MusterNetSession *self)
{
  MusterPiece *piece = muster_layout_lookup_serial (layout, serial);
  MusterPiece *was = g_hash_table_lookup (self->pieces, GUINT_TO_POINTER (serial));
  gboolean moved, changed;

  if (self->applying || piece == NULL)
    return;

  moved = was == NULL || was->x != piece->x || was->y != piece->y || was->rotation != piece->rotation;
  changed = was != NULL && !same_look (was, piece);
  if (!moved && !changed)
    {
      remember (self, piece);
      return;
    }

  if (was != NULL && g_strcmp0 (piece->owner, player_id (self, self->local)) != 0)
    {
      /* Put back: the other player moves and changes their own pieces. */
      self->applying = TRUE;
      copy_look (piece, was);
      if (moved)
        muster_layout_move_piece (layout, piece, was->x, was->y, was->rotation);
      else
        muster_layout_piece_changed (layout, piece);
      self->applying = FALSE;
      if (moved)
        /* Translators: a piece's name */
        refuse_here (self, g_strdup_printf (_("%s is not this player’s piece: only its owner moves it"),
                                            piece_label (piece)));
      else
        /* Translators: a piece's name */
        refuse_here (self, g_strdup_printf (_("%s is not this player’s piece: only its owner changes it"),
                                            piece_label (piece)));
      return;
    }

  remember (self, piece);
  if (moved && can_send (self))
    {
      g_autoptr(MusterNetMessage) message = muster_net_message_new (MUSTER_NET_MESSAGE_MOVE);

      message->piece = g_strdup (piece->id);
      message->x = piece->x;
      message->y = piece->y;
      message->rotation = piece->rotation;
      muster_net_session_send (self, message);
    }
  if (changed)
    send_place (self, piece);
}

/* The other side's */

/* The piece the other player names, if it is theirs. */
static MusterPiece *
peers_piece (MusterNetSession  *self,
             const char        *piece_id,
             gboolean           removing,
             GError           **error)
{
  MusterPiece *piece = muster_layout_lookup_piece (self->layout, piece_id);

  if (piece == NULL)
    {
      /* Translators: a piece's id */
      muster_net_refuse (error, _("There is no piece “%s” on this table"), piece_id);
      return NULL;
    }

  if (g_strcmp0 (piece->owner, player_id (self, self->peer)) != 0 && removing)
    {
      /* Translators: a player's name, then a piece's */
      muster_net_refuse (error, _("%s may take only their own pieces off the table, not %s"),
                         muster_game_get_player_name (self->game, self->peer), piece_label (piece));
      return NULL;
    }
  if (g_strcmp0 (piece->owner, player_id (self, self->peer)) != 0)
    {
      /* Translators: a player's name, then a piece's */
      muster_net_refuse (error, _("%s may move only their own pieces, not %s"),
                         muster_game_get_player_name (self->game, self->peer), piece_label (piece));
      return NULL;
    }

  return piece;
}

static gboolean
receive_move (MusterNetSession  *self,
              MusterNetMessage  *message,
              GError           **error)
{
  MusterPiece *piece = peers_piece (self, message->piece, FALSE, error);

  if (piece == NULL)
    return FALSE;

  self->applying = TRUE;
  muster_layout_move_piece (self->layout, piece, message->x, message->y, message->rotation);
  self->applying = FALSE;
  remember (self, piece);

  return TRUE;
}

static gboolean
receive_place (MusterNetSession  *self,
               MusterNetMessage  *message,
               GError           **error)
{
  MusterPiece *piece = message->placed;
  MusterPiece *existing = muster_layout_lookup_piece (self->layout, piece->id);
  gboolean added;

  if (g_strcmp0 (piece->owner, player_id (self, self->peer)) != 0 ||
      (existing != NULL && g_strcmp0 (existing->owner, player_id (self, self->peer)) != 0))
    /* Translators: a player's name, then a piece's */
    return muster_net_refuse (error, _("%s may put only their own pieces on the table, not %s"),
                              muster_game_get_player_name (self->game, self->peer),
                              piece_label (existing != NULL ? existing : piece));

  if (existing != NULL)
    {
      /* One of theirs, changed: as it stands now. */
      self->applying = TRUE;
      copy_look (existing, piece);
      muster_layout_move_piece (self->layout, existing, piece->x, piece->y, piece->rotation);
      self->applying = FALSE;
      remember (self, existing);
      return TRUE;
    }

  if (muster_layout_has_id (self->layout, piece->id))
    /* Translators: a piece's id */
    return muster_net_refuse (error, _("This table has a piece or terrain “%s” already"), piece->id);

  piece = muster_piece_copy (message->placed);
  self->applying = TRUE;
  added = muster_layout_add_piece (self->layout, piece);
  self->applying = FALSE;
  if (!added)
    {
      muster_piece_free (piece);
      return muster_net_refuse (error, _("This table has a piece or terrain “%s” already"), message->placed->id);
    }
  remember (self, piece);

  return TRUE;
}

static gboolean
receive_remove (MusterNetSession  *self,
                MusterNetMessage  *message,
                GError           **error)
{
  MusterPiece *piece = peers_piece (self, message->piece, TRUE, error);

  if (piece == NULL)
    return FALSE;

  g_hash_table_remove (self->pieces, GUINT_TO_POINTER (piece->serial));
  self->applying = TRUE;
  muster_layout_remove_piece (self->layout, message->piece);
  self->applying = FALSE;

  return TRUE;
}

gboolean
muster_net_pieces_receive (MusterNetSession  *self,
                           MusterNetMessage  *message,
                           GError           **error)
{
  switch (message->type)
    {
    case MUSTER_NET_MESSAGE_MOVE:
      return receive_move (self, message, error);
    case MUSTER_NET_MESSAGE_PLACE:
      return receive_place (self, message, error);
    case MUSTER_NET_MESSAGE_REMOVE:
      return receive_remove (self, message, error);
    case MUSTER_NET_MESSAGE_HELLO:
    case MUSTER_NET_MESSAGE_WELCOME:
    case MUSTER_NET_MESSAGE_STEP:
    case MUSTER_NET_MESSAGE_PROPOSE:
    case MUSTER_NET_MESSAGE_ROLL:
    case MUSTER_NET_MESSAGE_CONTRIBUTE:
    case MUSTER_NET_MESSAGE_REFUSE:
    case MUSTER_NET_MESSAGE_BYE:
    case MUSTER_NET_MESSAGE_ACK:
    default:
      g_return_val_if_reached (FALSE);
    }
}

/* The session */

void
muster_net_pieces_start (MusterNetSession *self)
{
  GPtrArray *pieces = muster_layout_get_pieces (self->layout);

  if (self->pieces == NULL)
    self->pieces = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, (GDestroyNotify) muster_piece_free);

  if (self->piece_added_id == 0)
    {
      self->piece_added_id = g_signal_connect (self->layout, "piece-added", G_CALLBACK (piece_added_cb), self);
      self->piece_removed_id = g_signal_connect (self->layout, "piece-removed", G_CALLBACK (piece_removed_cb), self);
      self->piece_changed_id = g_signal_connect (self->layout, "piece-changed", G_CALLBACK (piece_changed_cb), self);
    }

  /* The table as both have it now. */
  g_hash_table_remove_all (self->pieces);
  for (guint i = 0; i < pieces->len; i++)
    remember (self, g_ptr_array_index (pieces, i));
}

void
muster_net_pieces_stop (MusterNetSession *self)
{
  g_clear_handle_id (&self->put_back_id, g_source_remove);
  g_clear_signal_handler (&self->piece_added_id, self->layout);
  g_clear_signal_handler (&self->piece_removed_id, self->layout);
  g_clear_signal_handler (&self->piece_changed_id, self->layout);
}

void
muster_net_pieces_clear (MusterNetSession *self)
{
  g_clear_pointer (&self->pieces, g_hash_table_unref);
  g_clear_pointer (&self->put_back, g_ptr_array_unref);
}
