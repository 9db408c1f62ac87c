/* muster-game-net.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-game"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "muster-game-net.h"
#include "muster-game-private.h"
#include "muster-roster.h"

/* What a game across the network needs of MusterGame: see
 * muster-game-net.h. The game calls muster_game_net_intercept() before
 * each step the players take here; the rest is this file's. */

#define COMMIT_TAG     "muster-commit-1"
#define DIGEST_LENGTH  64   /* SHA-256 in hex */
#define SALT_MAX       64

struct _MusterGameNet
{
  MusterGameStepHook  hook;
  gpointer            hook_data;
  /* muster_game_take_agreed() is under way: no hook. */
  gboolean            bypass;
};

static gboolean lieutenant_apply    (MusterGame     *self,
                                     MusterLogStep  *step,
                                     GError        **error);
static char    *lieutenant_describe (MusterGame     *self,
                                     MusterLogStep  *step);
static gboolean off_table_apply     (MusterGame     *self,
                                     MusterLogStep  *step,
                                     GError        **error);
static char    *off_table_describe  (MusterGame     *self,
                                     MusterLogStep  *step);

/* The actions that may be hidden, and the attributes they may have
 * besides "player" (a reveal carries them, next to its own). The WIP is
 * a step of the game's own; which trooper is the Lieutenant, and a
 * trooper kept off the table, are choices that only a game across the
 * network makes as steps, always hidden first ("own": done only as the
 * reveal of their commitment, never a step of the log by themselves). */
static const struct
{
  const char             *action;
  const char * const      attrs[3];
  const MusterGameAction  own;
} hideable[] = {
  { "set-wip",           { "wip", "private", NULL }, { NULL, NULL, NULL } },
  { "choose-lieutenant", { "trooper", "name", NULL },
    { "choose-lieutenant", lieutenant_apply, lieutenant_describe } },
  { "keep-off-table",    { "trooper", "name", NULL },
    { "keep-off-table", off_table_apply, off_table_describe } },
};

static MusterGameNet *
ensure_net (MusterGame *self)
{
  if (self->net == NULL)
    self->net = g_new0 (MusterGameNet, 1);

  return self->net;
}

void
muster_game_net_free (MusterGame *self)
{
  g_clear_pointer (&self->net, g_free);
}

void
muster_game_set_step_hook (MusterGame         *self,
                           MusterGameStepHook  hook,
                           gpointer            user_data)
{
  MusterGameNet *net;

  g_return_if_fail (MUSTER_IS_GAME (self));

  net = ensure_net (self);
  net->hook = hook;
  net->hook_data = user_data;
}

static void
log_die_free (gpointer data)
{
  MusterLogDie *die = data;

  g_free (die->who);
  g_free (die->why);
  g_free (die);
}

MusterGameHookVerdict
muster_game_net_intercept (MusterGame     *self,
                           MusterLogStep  *step,
                           GError        **error)
{
  g_autoptr(GPtrArray) typed = NULL;
  MusterGameHookVerdict verdict;

  if (self->net == NULL || self->net->hook == NULL || self->net->bypass)
    return MUSTER_GAME_HOOK_GO_ON;

  typed = g_ptr_array_new_with_free_func (log_die_free);
  for (guint i = 0; i < muster_dice_get_n_expected (self->dice); i++)
    {
      const MusterRoll *roll = muster_dice_peek_expected (self->dice, i);
      MusterLogDie *die;

      if (!roll->manual)
        continue;
      die = g_new0 (MusterLogDie, 1);
      die->sides = roll->sides;
      die->value = roll->value;
      die->manual = TRUE;
      die->who = roll->who != NULL && *roll->who != '\0' ? g_strdup (roll->who) : NULL;
      g_ptr_array_add (typed, die);
    }

  verdict = self->net->hook (self, step, typed, self->net->hook_data, error);
  /* Taken elsewhere, or not at all: the dice typed in for it go with it. */
  if (verdict != MUSTER_GAME_HOOK_GO_ON)
    muster_dice_check (self->dice, NULL);

  return verdict;
}

gboolean
muster_game_take_agreed (MusterGame        *self,
                         MusterLogStep     *step,
                         MusterDiceSource   source,
                         gpointer           user_data,
                         GError           **error)
{
  g_autoptr(MusterDice) dice = NULL;
  MusterGameNet *net;
  gboolean was_bypassed;
  gboolean ok;

  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);
  g_return_val_if_fail (step != NULL, FALSE);

  net = ensure_net (self);
  was_bypassed = net->bypass;
  net->bypass = TRUE;
  /* A step done with the wrong dice is undone by a replay, which makes
   * new dice: the source is taken off the ones it was given to. */
  dice = g_object_ref (self->dice);
  muster_dice_set_source (dice, source, user_data);
  ok = muster_game_apply_step (self, step, error);
  muster_dice_set_source (dice, NULL, NULL);
  net->bypass = was_bypassed;

  return ok;
}

/* Hidden steps */

gboolean
muster_game_can_hide (const char *action)
{
  for (guint i = 0; i < G_N_ELEMENTS (hideable); i++)
    if (g_strcmp0 (hideable[i].action, action) == 0)
      return TRUE;

  return FALSE;
}

static const char * const *
hidden_attrs (const char *action)
{
  for (guint i = 0; i < G_N_ELEMENTS (hideable); i++)
    if (g_strcmp0 (hideable[i].action, action) == 0)
      return hideable[i].attrs;

  return NULL;
}

/* The hidden action, as the reveal does it. */
static const MusterGameAction *
hidden_action (const char *action)
{
  for (guint i = 0; i < G_N_ELEMENTS (hideable); i++)
    if (g_strcmp0 (hideable[i].action, action) == 0)
      return hideable[i].own.action != NULL ? &hideable[i].own : muster_game_find_action (action);

  return NULL;
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

char *
muster_game_commit_digest (const char         *action,
                           const char         *player_id,
                           const char * const *attrs,
                           const guint8       *salt,
                           gsize               salt_len)
{
  g_autoptr(GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autoptr(GString) text = g_string_new (COMMIT_TAG "\n");

  g_return_val_if_fail (action != NULL && player_id != NULL && attrs != NULL, NULL);

  for (guint i = 0; attrs[i] != NULL && attrs[i + 1] != NULL; i += 2)
    if (strcmp (attrs[i], "player") != 0)
      g_ptr_array_add (names, (gpointer) attrs[i]);
  g_ptr_array_sort (names, compare_names);

  g_string_append_printf (text, "%s\n%s\n", action, player_id);
  for (guint i = 0; i < names->len; i++)
    for (guint j = 0; attrs[j] != NULL && attrs[j + 1] != NULL; j += 2)
      if (attrs[j] == g_ptr_array_index (names, i))
        g_string_append_printf (text, "%s=%s\n", attrs[j], attrs[j + 1]);

  g_checksum_update (sum, salt, salt_len);
  g_checksum_update (sum, (const guchar *) text->str, text->len);

  return g_strdup (g_checksum_get_string (sum));
}

static char *
salt_to_hex (const guint8 *salt,
             gsize         salt_len)
{
  GString *hex = g_string_sized_new (salt_len * 2);

  for (gsize i = 0; i < salt_len; i++)
    g_string_append_printf (hex, "%02x", salt[i]);

  return g_string_free (hex, FALSE);
}

static gboolean
salt_from_hex (const char  *hex,
               guint8      *salt,
               gsize       *salt_len)
{
  gsize len = hex != NULL ? strlen (hex) : 0;

  if (len < 32 || len > SALT_MAX * 2 || len % 2 != 0)
    return FALSE;

  for (gsize i = 0; i < len / 2; i++)
    {
      int hi = g_ascii_xdigit_value (hex[2 * i]);
      int lo = g_ascii_xdigit_value (hex[2 * i + 1]);

      if (hi < 0 || lo < 0 || g_ascii_isupper (hex[2 * i]) || g_ascii_isupper (hex[2 * i + 1]))
        return FALSE;
      salt[i] = (guint8) (hi * 16 + lo);
    }
  *salt_len = len / 2;

  return TRUE;
}

MusterLogStep *
muster_game_new_commit (MusterLogStep *hidden,
                        const char    *player_id,
                        const guint8  *salt,
                        gsize          salt_len)
{
  MusterLogStep *step;
  g_autofree char *digest = NULL;

  g_return_val_if_fail (hidden != NULL && player_id != NULL, NULL);
  g_return_val_if_fail (muster_game_can_hide (muster_log_step_get_action (hidden)), NULL);

  digest = muster_game_commit_digest (muster_log_step_get_action (hidden), player_id,
                                      muster_log_step_get_attrs (hidden), salt, salt_len);
  step = muster_log_step_new ("commit");
  muster_log_step_set (step, "player", player_id);
  muster_log_step_set (step, "hides", muster_log_step_get_action (hidden));
  muster_log_step_set (step, "commitment", digest);

  return step;
}

MusterLogStep *
muster_game_new_reveal (MusterLogStep *hidden,
                        const char    *player_id,
                        guint          commit_n,
                        const guint8  *salt,
                        gsize          salt_len)
{
  MusterLogStep *step;
  g_autofree char *hex = salt_to_hex (salt, salt_len);

  g_return_val_if_fail (hidden != NULL && player_id != NULL, NULL);

  step = muster_log_step_new ("reveal");
  muster_log_step_set (step, "player", player_id);
  muster_log_step_set_uint (step, "step", commit_n);
  muster_log_step_set (step, "salt", hex);
  for (const char * const *attrs = muster_log_step_get_attrs (hidden); *attrs != NULL; attrs += 2)
    if (strcmp (attrs[0], "player") != 0)
      muster_log_step_set (step, attrs[0], attrs[1]);

  return step;
}

gboolean
muster_game_is_unrevealed (MusterGame *self,
                           guint       n)
{
  g_autofree char *number = NULL;

  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);

  if (n < 1 || n > self->steps->len ||
      strcmp (muster_log_step_get_action (g_ptr_array_index (self->steps, n - 1)), "commit") != 0)
    return FALSE;

  number = g_strdup_printf ("%u", n);
  for (guint i = n; i < self->steps->len; i++)
    {
      MusterLogStep *step = g_ptr_array_index (self->steps, i);

      if (strcmp (muster_log_step_get_action (step), "reveal") == 0 &&
          g_strcmp0 (muster_log_step_get (step, "step"), number) == 0)
        return FALSE;
    }

  return TRUE;
}

/* The player's commitments to hide action: all, or those not yet
 * revealed. */
static guint
count_commits (MusterGame *self,
               const char *action,
               int         player,
               gboolean    unrevealed)
{
  guint n = 0;

  for (guint i = 0; i < self->steps->len; i++)
    {
      MusterLogStep *step = g_ptr_array_index (self->steps, i);

      if (strcmp (muster_log_step_get_action (step), "commit") == 0 &&
          g_strcmp0 (muster_log_step_get (step, "hides"), action) == 0 &&
          muster_game_lookup_player (self, muster_log_step_get (step, "player")) == player &&
          (!unrevealed || muster_game_is_unrevealed (self, i + 1)))
        n++;
    }

  return n;
}

/* What may be hidden now: the commitment stands for the step, which must
 * be possible now (Infinity: the WIP before the roll, each once; the
 * Lieutenant once; troopers off the table before the deployment). */
static gboolean
check_hideable_now (MusterGame     *self,
                    const char     *action,
                    int             player,
                    GError        **error)
{
  MusterInfinityInitiative *ini = self->initiative;

  if (!muster_game_can_hide (action))
    return muster_game_refuse (error, MUSTER_GAME_ERROR_STEP, _("“%s” cannot be kept hidden"), action);

  if (ini == NULL)
    return muster_game_refuse (error, MUSTER_GAME_ERROR_NO_GAME, _("There is no Initiative Roll in this game"));

  if (strcmp (action, "choose-lieutenant") == 0)
    {
      if (count_commits (self, action, player, FALSE) > 0)
        /* Translators: a player's name */
        return muster_game_refuse (error, MUSTER_GAME_ERROR_WRONG_PHASE, _("%s has chosen their Lieutenant already"),
                                   muster_game_get_player_name (self, player));
      return TRUE;
    }

  if (strcmp (action, "keep-off-table") == 0)
    {
      if (self->deployment != NULL)
        return muster_game_refuse (error, MUSTER_GAME_ERROR_WRONG_PHASE,
                                   _("Not now: troopers are kept off the table before the deployment begins"));
      return TRUE;
    }

  if (muster_infinity_initiative_get_state (ini) != MUSTER_INFINITY_INITIATIVE_WIP)
    return muster_game_refuse (error, MUSTER_GAME_ERROR_WRONG_PHASE, _("Not now: the Initiative Roll has begun"));

  /* Each player's WIP once: one commitment each, not yet revealed. */
  if (count_commits (self, action, player, TRUE) > 0)
    return muster_game_refuse (error, MUSTER_GAME_ERROR_WRONG_PHASE,
                               _("%s’s hidden choice has not been revealed yet"),
                               muster_game_get_player_name (self, player));

  if (muster_game_is_live (self) && !muster_game_check_lieutenants (self, error))
    return FALSE;

  return TRUE;
}

static gboolean
is_digest (const char *text)
{
  if (text == NULL || strlen (text) != DIGEST_LENGTH)
    return FALSE;

  for (const char *p = text; *p != '\0'; p++)
    if (!g_ascii_isxdigit (*p) || g_ascii_isupper (*p))
      return FALSE;

  return TRUE;
}

static gboolean
commit_apply (MusterGame     *self,
              MusterLogStep  *step,
              GError        **error)
{
  const char *hides;
  int player;

  if (!muster_game_read_player (self, step, "player", &player, error) ||
      (hides = muster_game_read_string (step, "hides", error)) == NULL)
    return FALSE;

  if (!is_digest (muster_log_step_get (step, "commitment")))
    return muster_game_refuse (error, MUSTER_GAME_ERROR_STEP, _("its commitment is not a SHA-256 digest"));

  return check_hideable_now (self, hides, player, error);
}

static char *
commit_describe (MusterGame    *self,
                 MusterLogStep *step)
{
  const char *hides = muster_log_step_get (step, "hides");

  if (g_strcmp0 (hides, "set-wip") == 0)
    /* Translators: a player's name */
    return g_strdup_printf (_("%s entered their Lieutenant’s WIP, hidden until the roll"),
                            muster_game_step_player_name (self, step));
  if (g_strcmp0 (hides, "choose-lieutenant") == 0)
    /* Translators: a player's name */
    return g_strdup_printf (_("%s chose their Lieutenant, hidden until they reveal it"),
                            muster_game_step_player_name (self, step));
  if (g_strcmp0 (hides, "keep-off-table") == 0)
    /* Translators: a player's name */
    return g_strdup_printf (_("%s kept a trooper off the table, hidden until it appears"),
                            muster_game_step_player_name (self, step));

  return g_strdup_printf (_("%s made a hidden choice"), muster_game_step_player_name (self, step));
}

/* The hidden step as the reveal gives it. */
static MusterLogStep *
hidden_step (MusterLogStep *commit,
             MusterLogStep *reveal)
{
  const char *action = muster_log_step_get (commit, "hides");
  const char * const *names = hidden_attrs (action);
  MusterLogStep *hidden = muster_log_step_new (action);

  muster_log_step_set (hidden, "player", muster_log_step_get (reveal, "player"));
  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    muster_log_step_set (hidden, names[i], muster_log_step_get (reveal, names[i]));

  return hidden;
}

static gboolean
reveal_apply (MusterGame     *self,
              MusterLogStep  *step,
              GError        **error)
{
  g_autoptr(MusterLogStep) hidden = NULL;
  g_autofree char *digest = NULL;
  const MusterGameAction *action;
  MusterLogStep *commit;
  guint8 salt[SALT_MAX];
  gsize salt_len = 0;
  guint n;
  int player;

  if (!muster_game_read_player (self, step, "player", &player, error) ||
      !muster_game_read_uint (step, "step", 1, G_MAXUINT, &n, error))
    return FALSE;

  if (!muster_game_is_unrevealed (self, n))
    /* Translators: a step's number in the game log */
    return muster_game_refuse (error, MUSTER_GAME_ERROR_STEP, _("step %u is no hidden choice still to reveal"), n);

  commit = g_ptr_array_index (self->steps, n - 1);
  if (g_strcmp0 (muster_log_step_get (commit, "player"), muster_log_step_get (step, "player")) != 0)
    return muster_game_refuse (error, MUSTER_GAME_ERROR_NOT_YOURS, _("This is %s’s hidden choice to reveal"),
                               muster_game_step_player_name (self, commit));

  if (!salt_from_hex (muster_log_step_get (step, "salt"), salt, &salt_len))
    return muster_game_refuse (error, MUSTER_GAME_ERROR_STEP, _("its salt is not 16 to 64 bytes in hex"));

  /* Only the hidden action's own attributes, besides the reveal's. */
  for (const char * const *attrs = muster_log_step_get_attrs (step); *attrs != NULL; attrs += 2)
    if (strcmp (attrs[0], "player") != 0 && strcmp (attrs[0], "step") != 0 && strcmp (attrs[0], "salt") != 0 &&
        !g_strv_contains (hidden_attrs (muster_log_step_get (commit, "hides")), attrs[0]))
      return muster_game_refuse (error, MUSTER_GAME_ERROR_STEP, _("its attribute %s is not the hidden choice’s"), attrs[0]);

  hidden = hidden_step (commit, step);
  digest = muster_game_commit_digest (muster_log_step_get_action (hidden), muster_log_step_get (step, "player"),
                                      muster_log_step_get_attrs (hidden), salt, salt_len);
  if (g_strcmp0 (digest, muster_log_step_get (commit, "commitment")) != 0)
    /* Translators: a player's name */
    return muster_game_refuse (error, MUSTER_GAME_ERROR_STEP,
                               _("What %s revealed is not what they committed to: the hidden choice was changed"),
                               muster_game_step_player_name (self, step));

  action = hidden_action (muster_log_step_get_action (hidden));
  g_assert (action != NULL);

  return action->apply (self, hidden, error);
}

static char *
reveal_describe (MusterGame    *self,
                 MusterLogStep *step)
{
  g_autoptr(MusterLogStep) hidden = NULL;
  const MusterGameAction *action;
  MusterLogStep *commit;
  g_autofree char *what = NULL;
  guint n;

  if (!muster_game_read_uint (step, "step", 1, self->steps->len, &n, NULL))
    return NULL;

  commit = g_ptr_array_index (self->steps, n - 1);
  if (!muster_game_can_hide (muster_log_step_get (commit, "hides")))
    return NULL;

  hidden = hidden_step (commit, step);
  /* Told as it would have been, had it not been hidden. */
  if (muster_log_step_get (hidden, "private") != NULL)
    muster_log_step_set (hidden, "private", "false");
  action = hidden_action (muster_log_step_get_action (hidden));
  what = action->describe != NULL ? action->describe (self, hidden) : NULL;
  if (what == NULL)
    return NULL;

  /* Translators: a player's name, then the step they had kept hidden, in words */
  return g_strdup_printf (_("%s revealed their hidden choice: %s"), muster_game_step_player_name (self, step), what);
}

/* The army's hidden information (Infinity, the English seed): which
 * trooper is the Lieutenant, and the troopers a skill keeps off the
 * table. Their steps are done only as reveals. */

static gboolean
expect_army_choice (MusterGame     *self,
                    MusterLogStep  *step,
                    GError        **error)
{
  int player;

  if (self->kind != MUSTER_GAME_KIND_INFINITY)
    return muster_game_refuse (error, MUSTER_GAME_ERROR_NO_GAME, _("This is a choice of an Infinity army"));

  return muster_game_read_player (self, step, "player", &player, error) &&
         muster_game_read_string (step, "trooper", error) != NULL;
}

static gboolean
lieutenant_apply (MusterGame     *self,
                  MusterLogStep  *step,
                  GError        **error)
{
  /* What it decides is read from the log when it is asked
   * (muster_game_get_revealed_lieutenant()). */
  return expect_army_choice (self, step, error);
}

static const char *
choice_label (MusterGame    *self,
              MusterLogStep *step)
{
  const char *name = muster_log_step_get (step, "name");

  return name != NULL && *name != '\0' ? name : muster_game_label_of (self, muster_log_step_get (step, "trooper"));
}

static char *
lieutenant_describe (MusterGame    *self,
                     MusterLogStep *step)
{
  /* Translators: a player's name, then a trooper's */
  return g_strdup_printf (_("%s’s Lieutenant is %s"), muster_game_step_player_name (self, step),
                          choice_label (self, step));
}

static gboolean
off_table_apply (MusterGame     *self,
                 MusterLogStep  *step,
                 GError        **error)
{
  /* Kept out of the deployment's troopers (muster-game-deployment.c):
   * nothing more to do when it appears. */
  return expect_army_choice (self, step, error);
}

static char *
off_table_describe (MusterGame    *self,
                    MusterLogStep *step)
{
  /* Translators: a player's name, then a trooper's */
  return g_strdup_printf (_("%s had kept %s off the table"), muster_game_step_player_name (self, step),
                          choice_label (self, step));
}

guint
muster_game_count_held_back (MusterGame *self,
                             int         player)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), 0);

  return count_commits (self, "keep-off-table", player, TRUE);
}

gboolean
muster_game_keeps_troopers_hidden (MusterGame *self,
                                   int         player)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);

  return count_commits (self, "keep-off-table", player, FALSE) > 0;
}

gboolean
muster_game_is_hiding (MusterGame *self,
                       int         player,
                       const char *action)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);

  return count_commits (self, action, player, TRUE) > 0;
}

gboolean
muster_game_has_chosen_lieutenant (MusterGame *self,
                                   int         player)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);

  return count_commits (self, "choose-lieutenant", player, FALSE) > 0;
}

gboolean
muster_game_has_hidden_lieutenant (MusterGame *self,
                                   int         player)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);

  return count_commits (self, "choose-lieutenant", player, TRUE) > 0;
}

const char *
muster_game_get_revealed_lieutenant (MusterGame *self,
                                     int         player)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), NULL);

  for (guint i = 0; i < self->steps->len; i++)
    {
      MusterLogStep *step = g_ptr_array_index (self->steps, i);
      MusterLogStep *commit;
      guint n;

      if (strcmp (muster_log_step_get_action (step), "reveal") != 0 ||
          muster_game_lookup_player (self, muster_log_step_get (step, "player")) != player ||
          !muster_game_read_uint (step, "step", 1, i, &n, NULL))
        continue;

      commit = g_ptr_array_index (self->steps, n - 1);
      if (g_strcmp0 (muster_log_step_get (commit, "hides"), "choose-lieutenant") == 0)
        return muster_log_step_get (step, "trooper");
    }

  return NULL;
}

/* Whether the layout marks any of the player's troopers as Lieutenant. */
static gboolean
layout_marks_lieutenant (MusterGame *self,
                         int         player)
{
  g_autoptr(MusterRoster) roster = muster_roster_new (self->layout);
  GPtrArray *entries = muster_roster_get_entries (roster, self->player_ids[player]);
  GPtrArray *pieces = muster_layout_get_pieces (self->layout);

  for (guint i = 0; entries != NULL && i < entries->len; i++)
    if (((const MusterRosterEntry *) g_ptr_array_index (entries, i))->lieutenant)
      return TRUE;

  for (guint i = 0; i < pieces->len; i++)
    {
      const MusterPiece *piece = g_ptr_array_index (pieces, i);

      if (piece->lieutenant && g_strcmp0 (piece->owner, self->player_ids[player]) == 0)
        return TRUE;
    }

  return FALSE;
}

gboolean
muster_game_knows_lieutenant (MusterGame *self,
                              int         player)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);

  if (player != 0 && player != 1)
    return FALSE;

  return !muster_game_has_hidden_lieutenant (self, player) || layout_marks_lieutenant (self, player) ||
         muster_game_get_revealed_lieutenant (self, player) != NULL;
}

gboolean
muster_game_is_revealed_lieutenant (MusterGame *self,
                                    int         player,
                                    const char *entry_id,
                                    const char *piece_id)
{
  const char *revealed;

  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);

  revealed = muster_game_get_revealed_lieutenant (self, player);

  return revealed != NULL && (g_strcmp0 (revealed, entry_id) == 0 || g_strcmp0 (revealed, piece_id) == 0);
}

gboolean
muster_game_revealed_lieutenant_on_table (MusterGame *self,
                                          int         player)
{
  GPtrArray *pieces;

  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);

  if (muster_game_get_revealed_lieutenant (self, player) == NULL)
    return FALSE;

  pieces = muster_layout_get_pieces (self->layout);
  for (guint i = 0; i < pieces->len; i++)
    {
      const MusterPiece *piece = g_ptr_array_index (pieces, i);

      if (g_strcmp0 (piece->owner, self->player_ids[player]) == 0 &&
          muster_game_is_revealed_lieutenant (self, player, muster_roster_get_piece_entry (piece), piece->id))
        return TRUE;
    }

  return FALSE;
}

char *
muster_game_describe_hidden (MusterGame *self,
                             int         player)
{
  g_autoptr(GString) text = g_string_new (NULL);
  guint held;

  g_return_val_if_fail (MUSTER_IS_GAME (self), NULL);

  held = muster_game_count_held_back (self, player);
  if (held > 0)
    /* Translators: troopers kept off the table, whom the other player does not know yet */
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%u trooper held back", "%u troopers held back", held),
                            held);

  for (guint i = 0; i < self->steps->len; i++)
    {
      MusterLogStep *step = g_ptr_array_index (self->steps, i);
      const char *hides = muster_log_step_get (step, "hides");
      const char *what;

      if (strcmp (muster_log_step_get_action (step), "commit") != 0 ||
          muster_game_lookup_player (self, muster_log_step_get (step, "player")) != player ||
          !muster_game_is_unrevealed (self, i + 1) || g_strcmp0 (hides, "keep-off-table") == 0)
        continue;

      what = g_strcmp0 (hides, "choose-lieutenant") == 0 ? _("Lieutenant hidden")
           : g_strcmp0 (hides, "set-wip") == 0 ? _("WIP hidden") : _("a choice hidden");
      if (text->len == 0)
        g_string_append (text, what);
      else
        {
          g_autofree char *before = g_strdup (text->str);

          g_string_truncate (text, 0);
          /* Translators: two hidden things of a player's, such as "1 trooper held back" and "Lieutenant hidden" */
          g_string_append_printf (text, _("%s · %s"), before, what);
        }
    }

  return text->len > 0 ? g_string_free (g_steal_pointer (&text), FALSE) : NULL;
}

const MusterGameAction muster_game_net_actions[] = {
  { "commit", commit_apply, commit_describe },
  { "reveal", reveal_apply, reveal_describe },
};
const guint muster_game_n_net_actions = G_N_ELEMENTS (muster_game_net_actions);
