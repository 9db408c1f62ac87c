/* muster-net-dialog.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "muster-net-session.h"
#include "muster-window.h"

G_BEGIN_DECLS

/* File → Host Game and Join Game (src/net/muster-net-session.h): the
 * window's actions "net.host" and "net.join", their dialogs, and a small
 * window beside it that shows the session (the invitation to send, who
 * is connected, what is hidden, the steps as they come, in the players'
 * colours, and any refusal). The session belongs to the window: it ends
 * when the window closes, and nothing is left listening.
 *
 * Until the Game page plays a MusterGame, the session plays one of its
 * own over the window's layout (its log is the layout's). */

void              muster_net_dialog_install     (MusterWindow       *window);

/* What the dialogs do, for the tests: host the window's game as player
 * (0 or 1); join the game of invitation, in a new window (callback gets
 * it, or NULL with the error shown), bringing the army of army_player of
 * the window's layout (NULL: the host's list). */
MusterNetSession *muster_net_dialog_host        (MusterWindow       *window,
                                                 int                 player,
                                                 MusterNetHostFlags  flags,
                                                 GError            **error);
void              muster_net_dialog_join        (MusterWindow       *window,
                                                 const char         *invitation,
                                                 const char         *army_player,
                                                 GAsyncReadyCallback callback,
                                                 gpointer            user_data);
MusterWindow     *muster_net_dialog_join_finish (GAsyncResult       *result,
                                                 GError            **error);

/* The window's session and its game, or NULL. */
MusterNetSession *muster_net_dialog_get_session (MusterWindow       *window);
/* The window beside it that shows the session, or NULL. */
GtkWindow        *muster_net_dialog_get_status_window (MusterWindow *window);

G_END_DECLS
