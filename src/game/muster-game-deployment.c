/* muster-game-deployment.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-game"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "muster-game-private.h"
#include "muster-roster.h"
#include "muster-sight.h"

/* The deployment of both games (RULES.md, "Deployment phase", and The
 * 9th Age's deployment turns): the troopers or units of both armies,
 * placed, held back, or kept in reserve, step by step or turn by turn. */

static void
trooper_free (gpointer data)
{
  MusterGameTrooper *trooper = data;

  g_free (trooper->id);
  g_free (trooper->name);
  g_free (trooper->entry_id);
  g_free (trooper->piece_id);
  g_free (trooper);
}

void
muster_game_deployment_clear (MusterGame *self)
{
  g_clear_object (&self->deployment);
  g_clear_pointer (&self->troopers, g_ptr_array_unref);
}

guint
muster_game_get_n_troopers (MusterGame *self)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), 0);

  return self->troopers != NULL ? self->troopers->len : 0;
}

const MusterGameTrooper *
muster_game_get_trooper (MusterGame *self,
                         guint       index)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), NULL);
  g_return_val_if_fail (self->troopers != NULL && index < self->troopers->len, NULL);

  return g_ptr_array_index (self->troopers, index);
}

const MusterGameTrooper *
muster_game_lookup_trooper (MusterGame *self,
                            const char *trooper_id)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), NULL);

  for (guint i = 0; self->troopers != NULL && i < self->troopers->len; i++)
    {
      const MusterGameTrooper *trooper = g_ptr_array_index (self->troopers, i);

      if (g_strcmp0 (trooper->id, trooper_id) == 0)
        return trooper;
    }

  return NULL;
}

const char *
muster_game_get_trooper_name (MusterGame              *self,
                              const MusterGameTrooper *trooper)
{
  MusterPiece *piece;

  g_return_val_if_fail (MUSTER_IS_GAME (self), NULL);
  g_return_val_if_fail (trooper != NULL, NULL);

  piece = muster_game_lookup_piece (self, trooper->piece_id);
  if (piece != NULL && piece->name != NULL && *piece->name != '\0')
    return piece->name;

  return trooper->name;
}

/* Whether troopers were made of the entry: its pieces are theirs. */
static gboolean
entry_of_troopers (MusterGame *self,
                   const char *entry_id)
{
  for (guint i = 0; entry_id != NULL && i < self->troopers->len; i++)
    {
      const MusterGameTrooper *trooper = g_ptr_array_index (self->troopers, i);

      if (g_strcmp0 (trooper->entry_id, entry_id) == 0)
        return TRUE;
    }

  return FALSE;
}

/* Whether the piece may be the trooper's at all: its player's, and of
 * its entry when it has one. */
static gboolean
of_trooper (MusterGame              *self,
            const MusterGameTrooper *trooper,
            MusterPiece             *piece)
{
  return piece != NULL && g_strcmp0 (piece->owner, self->player_ids[trooper->player]) == 0 &&
         (trooper->entry_id == NULL || g_strcmp0 (muster_roster_get_piece_entry (piece), trooper->entry_id) == 0);
}

/* The piece the trooper is bound to, when it is on the table and still
 * its own: of_trooper(), and for a trooper from no entry of no entry
 * that troopers have. A piece placed since may have been given the id of
 * one deleted (muster_layout_make_id() took the first free one before it
 * kept those the game log names). */
static MusterPiece *
own_piece (MusterGame              *self,
           const MusterGameTrooper *trooper)
{
  MusterPiece *piece = muster_game_lookup_piece (self, trooper->piece_id);

  if (!of_trooper (self, trooper, piece) ||
      (trooper->entry_id == NULL && entry_of_troopers (self, muster_roster_get_piece_entry (piece))))
    return NULL;

  return piece;
}

/* Whether the trooper takes a piece placed since: not yet bound, or
 * bound to a model taken off the table before it was deployed (else it
 * would stay "not on the table" for good, and the step it owes could
 * never be finished). A deployed trooper keeps its piece, gone or not;
 * one held off the table takes none until released. */
static gboolean
takes_a_piece (MusterGame              *self,
               const MusterGameTrooper *trooper)
{
  if (muster_deployment_phase_is_placed (self->deployment, trooper->id) ||
      muster_deployment_phase_get_hold_reason (self->deployment, trooper->id) != MUSTER_HOLD_NONE)
    return FALSE;

  return trooper->piece_id == NULL || own_piece (self, trooper) == NULL;
}

gboolean
muster_game_trooper_lost_piece (MusterGame              *self,
                                const MusterGameTrooper *trooper)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);
  g_return_val_if_fail (trooper != NULL, FALSE);

  return trooper->piece_id != NULL && takes_a_piece (self, trooper);
}

/* Whether the piece may stand for the trooper, which takes one: of its
 * entry; or, for a trooper from no entry, of its name (by_entry: its
 * entry's name rather than its own), from an entry no trooper has (the
 * pieces of those are theirs). */
static gboolean
piece_fits (MusterGame              *self,
            MusterRoster            *roster,
            const MusterGameTrooper *trooper,
            MusterPiece             *piece,
            gboolean                 by_entry)
{
  const char *entry_id = muster_roster_get_piece_entry (piece);
  const MusterRosterEntry *entry;

  if (!of_trooper (self, trooper, piece))
    return FALSE;
  if (trooper->entry_id != NULL)
    return TRUE;
  if (!muster_sight_is_trooper (piece) || entry_of_troopers (self, entry_id))
    return FALSE;

  if (!by_entry)
    return g_strcmp0 (muster_game_piece_label (piece), trooper->name) == 0;

  entry = entry_id != NULL ? muster_roster_lookup (roster, entry_id, NULL) : NULL;

  return entry != NULL && g_strcmp0 (entry->name, trooper->name) == 0;
}

/* The troopers of the player that take a piece, in their order, each
 * the first that fits and no trooper has yet (taken): first those of an
 * entry, then those from no entry, by their names, then their entries'. */
static void
share_pieces (MusterGame *self,
              int         player,
              GHashTable *assigned,
              GHashTable *taken)
{
  GPtrArray *pieces = muster_layout_get_pieces (self->layout);
  g_autoptr(MusterRoster) roster = NULL;

  for (guint pass = 0; pass < 3; pass++)
    for (guint i = 0; i < self->troopers->len; i++)
      {
        const MusterGameTrooper *trooper = g_ptr_array_index (self->troopers, i);

        if (trooper->player != player || (trooper->entry_id != NULL) != (pass == 0) ||
            g_hash_table_contains (assigned, trooper) || !takes_a_piece (self, trooper))
          continue;
        /* Read only for the entries' names, which only the last pass asks
         * for: the page asks this of every trooper at every change. */
        if (pass == 2 && roster == NULL)
          roster = muster_roster_new (self->layout);

        for (guint j = 0; j < pieces->len; j++)
          {
            MusterPiece *piece = g_ptr_array_index (pieces, j);

            if (!g_hash_table_contains (taken, piece) && piece_fits (self, roster, trooper, piece, pass == 2))
              {
                g_hash_table_insert (assigned, (gpointer) trooper, piece);
                g_hash_table_add (taken, piece);
                break;
              }
          }
      }
}

MusterPiece *
muster_game_find_candidate (MusterGame              *self,
                            const MusterGameTrooper *trooper)
{
  g_autoptr(GHashTable) assigned = NULL;
  g_autoptr(GHashTable) taken = NULL;
  MusterPiece *piece;

  g_return_val_if_fail (MUSTER_IS_GAME (self), NULL);
  g_return_val_if_fail (trooper != NULL, NULL);

  if (trooper->piece_id != NULL && (piece = own_piece (self, trooper)) != NULL)
    return piece;
  if (!takes_a_piece (self, trooper))
    return NULL;

  /* The troopers with their own pieces have them; the others share what
   * is left. */
  assigned = g_hash_table_new (NULL, NULL);
  taken = g_hash_table_new (NULL, NULL);
  for (guint i = 0; i < self->troopers->len; i++)
    {
      const MusterGameTrooper *other = g_ptr_array_index (self->troopers, i);

      if (other->player == trooper->player && other->piece_id != NULL &&
          (piece = own_piece (self, other)) != NULL)
        g_hash_table_add (taken, piece);
    }
  share_pieces (self, trooper->player, assigned, taken);

  return g_hash_table_lookup (assigned, trooper);
}

static gboolean
expect_deployment (MusterGame  *self,
                   GError     **error)
{
  if (self->deployment != NULL)
    return TRUE;

  return muster_game_refuse (error, MUSTER_GAME_ERROR_WRONG_PHASE,
                             "%s", self->kind == MUSTER_GAME_KIND_T9A
                             ? _("The deployment has not started: finish the pre-game first")
                             : _("The deployment has not started: finish the Initiative Roll first"));
}

/* Whose step or turn it is; FALSE, with error, when nobody's. */
static gboolean
expect_active (MusterGame     *self,
               MusterLogStep  *step,
               int            *active,
               GError        **error)
{
  if (!expect_deployment (self, error))
    return FALSE;

  *active = muster_deployment_phase_get_active_player (self->deployment);
  if (*active == MUSTER_PLAYER_NONE)
    return muster_game_refuse (error, MUSTER_GAME_ERROR_WRONG_PHASE, _("Nobody is deploying now"));

  return muster_game_check_actor (self, step, *active, error);
}

static MusterGameTrooper *
expect_trooper (MusterGame     *self,
                MusterLogStep  *step,
                GError        **error)
{
  const char *id;
  MusterGameTrooper *trooper;

  if (!expect_deployment (self, error) || (id = muster_game_read_string (step, "trooper", error)) == NULL)
    return NULL;

  trooper = (MusterGameTrooper *) muster_game_lookup_trooper (self, id);
  if (trooper == NULL)
    muster_game_refuse (error, MUSTER_GAME_ERROR_INVALID, _("“%s” is not in either army"), id);
  else if (!muster_game_check_actor (self, step, trooper->player, error))
    return NULL;

  return trooper;
}

/* Starting: the armies as they are now */

static gboolean
has_off_table_skill (MusterGame         *self,
                     const char * const *skills)
{
  for (guint i = 0; skills != NULL && skills[i] != NULL; i++)
    {
      const MusterSkillDef *skill = muster_system_lookup_skill (self->system, skills[i]);

      if (skill != NULL && skill->allows == MUSTER_SKILL_ALLOWS_OFF_TABLE)
        return TRUE;
    }

  return FALSE;
}

/* What may be held off the table for Special Deployment, to enter later.
 * Scouts are not: they deploy in the players' turns, free of the
 * single-unit turns (RULES.md; the deployment phase knows them by their
 * category), since the seeds give no later placement for them and a
 * Scout held back would never reach the table. */
/* Who ignores the single-unit turns, as the system's deploy-sequence
 * rule says (the validator reads the same list). */
static void
set_exemptions (MusterGame *self)
{
  const MusterDeployment *deployment =
    muster_system_lookup_deployment (self->system, muster_t9a_pregame_get_deployment_type (self->pregame));
  const MusterRuleDef *rule = deployment != NULL
                                ? muster_system_get_rule (self->system, deployment, MUSTER_RULE_DEPLOY_SEQUENCE)
                                : NULL;

  if (rule != NULL)
    muster_deployment_phase_set_exempt (self->deployment, (const char * const *) rule->exempt);
}

static gboolean
has_special_deployment (const char * const *categories,
                        const char * const *skills)
{
  static const char * const special[] = { "ambush", NULL };

  for (guint i = 0; special[i] != NULL; i++)
    if ((categories != NULL && g_strv_contains (categories, special[i])) ||
        (skills != NULL && g_strv_contains (skills, special[i])))
      return TRUE;

  return FALSE;
}

static void
add_item (MusterLogStep      *step,
          const char         *player_id,
          const char         *id,
          const char         *name,
          const char         *entry_id,
          const char         *piece_id,
          gboolean            lieutenant,
          const char * const *categories,
          const char * const *skills)
{
  g_autofree char *categories_text = g_strjoinv (" ", (char **) (categories != NULL ? categories : (const char * const[]) { NULL }));
  g_autofree char *skills_text = g_strjoinv (" ", (char **) (skills != NULL ? skills : (const char * const[]) { NULL }));
  g_autoptr(GStrvBuilder) attrs = g_strv_builder_new ();
  g_auto(GStrv) strv = NULL;

  g_strv_builder_add_many (attrs, "id", id, "player", player_id, "name", name, NULL);
  if (entry_id != NULL)
    g_strv_builder_add_many (attrs, "entry", entry_id, NULL);
  if (piece_id != NULL)
    g_strv_builder_add_many (attrs, "piece", piece_id, NULL);
  if (lieutenant)
    g_strv_builder_add_many (attrs, "lieutenant", "true", NULL);
  if (*categories_text != '\0')
    g_strv_builder_add_many (attrs, "categories", categories_text, NULL);
  if (*skills_text != '\0')
    g_strv_builder_add_many (attrs, "skills", skills_text, NULL);

  strv = g_strv_builder_end (attrs);
  muster_log_step_add_item (step, "trooper", (const char * const *) strv);
}

/* Each player's troopers, into the step: the roster's entries, each piece
 * of an entry a trooper (the pieces already on the table stand for
 * theirs), and the pieces on the table that come from no entry. */
static void
collect_troopers (MusterGame    *self,
                  MusterLogStep *step)
{
  g_autoptr(MusterRoster) roster = muster_roster_new (self->layout);
  g_autoptr(GHashTable) claimed = g_hash_table_new (g_str_hash, g_str_equal);
  GPtrArray *pieces = muster_layout_get_pieces (self->layout);

  for (int p = 0; p < 2; p++)
    {
      GPtrArray *entries = muster_roster_get_entries (roster, self->player_ids[p]);
      /* Which trooper is the Lieutenant, when it is hidden, stays so. */
      gboolean hidden_lieutenant = muster_game_has_hidden_lieutenant (self, p);

      for (guint e = 0; e < entries->len; e++)
        {
          const MusterRosterEntry *entry = g_ptr_array_index (entries, e);
          g_autoptr(GPtrArray) placed = g_ptr_array_new ();
          guint n;

          for (guint i = 0; i < pieces->len; i++)
            {
              MusterPiece *piece = g_ptr_array_index (pieces, i);

              if (g_strcmp0 (muster_roster_get_piece_entry (piece), entry->id) == 0 &&
                  g_strcmp0 (piece->owner, self->player_ids[p]) == 0)
                g_ptr_array_add (placed, piece);
            }

          /* Kept off the table in secret (muster-game-net.h): not in
           * the deployment, which the other Muster must not learn of. */
          if (placed->len == 0 && entry->hold == MUSTER_ROSTER_HOLD_OFF_TABLE &&
              has_off_table_skill (self, (const char * const *) entry->skills) &&
              muster_game_keeps_troopers_hidden (self, p))
            continue;

          n = MAX (entry->count, placed->len);
          for (guint k = 0; k < n; k++)
            {
              g_autofree char *slot = g_strdup_printf ("%s#%u", entry->id, k + 1);
              g_autofree char *name = n > 1 ? g_strdup_printf ("%s %u", entry->name, k + 1) : g_strdup (entry->name);
              MusterPiece *piece = k < placed->len ? g_ptr_array_index (placed, k) : NULL;

              if (piece != NULL)
                g_hash_table_add (claimed, piece->id);
              add_item (step, self->player_ids[p], piece != NULL ? piece->id : slot,
                        piece != NULL && piece->name != NULL ? piece->name : name,
                        entry->id, piece != NULL ? piece->id : NULL, entry->lieutenant && !hidden_lieutenant,
                        (const char * const *) entry->categories, (const char * const *) entry->skills);
            }
        }

      for (guint i = 0; i < pieces->len; i++)
        {
          MusterPiece *piece = g_ptr_array_index (pieces, i);

          if (!muster_sight_is_trooper (piece) ||
              g_strcmp0 (piece->owner, self->player_ids[p]) != 0 ||
              g_hash_table_contains (claimed, piece->id))
            continue;

          add_item (step, self->player_ids[p], piece->id, muster_game_piece_label (piece), NULL, piece->id,
                    piece->lieutenant && !hidden_lieutenant, (const char * const *) piece->categories,
                    (const char * const *) piece->skills);
        }
    }
}

/* What a trooper of the start-deployment step may do. */
static MusterTrooperFlags
item_flags (MusterGame          *self,
            const MusterLogItem *item)
{
  g_auto(GStrv) categories = g_strsplit (muster_log_item_get (item, "categories") != NULL
                                         ? muster_log_item_get (item, "categories") : "", " ", -1);
  g_auto(GStrv) skills = g_strsplit (muster_log_item_get (item, "skills") != NULL
                                     ? muster_log_item_get (item, "skills") : "", " ", -1);
  MusterTrooperFlags flags = MUSTER_TROOPER_NONE;

  if (g_strcmp0 (muster_log_item_get (item, "lieutenant"), "true") == 0)
    flags |= MUSTER_TROOPER_LIEUTENANT;
  if (self->kind == MUSTER_GAME_KIND_INFINITY && has_off_table_skill (self, (const char * const *) skills))
    flags |= MUSTER_TROOPER_MAY_STAY_OFF_TABLE;
  if (self->kind == MUSTER_GAME_KIND_T9A &&
      has_special_deployment ((const char * const *) categories, (const char * const *) skills))
    flags |= MUSTER_TROOPER_SPECIAL_DEPLOYMENT;

  return flags;
}

static gboolean
add_trooper (MusterGame           *self,
             const MusterLogItem  *item,
             GError              **error)
{
  const char *id = muster_log_item_get (item, "id");
  int player = muster_game_lookup_player (self, muster_log_item_get (item, "player"));
  g_auto(GStrv) categories = g_strsplit (muster_log_item_get (item, "categories") != NULL
                                         ? muster_log_item_get (item, "categories") : "", " ", -1);
  MusterTrooperFlags flags;
  MusterGameTrooper *trooper;

  if (g_strcmp0 (item->name, "trooper") != 0 || id == NULL || *id == '\0' || player == MUSTER_PLAYER_NONE)
    return muster_game_refuse (error, MUSTER_GAME_ERROR_STEP, _("a trooper has no id or no player of this game"));

  flags = item_flags (self, item);
  if (!muster_deployment_phase_add_trooper (self->deployment, player, id, flags,
                                            (const char * const *) categories, error))
    return FALSE;

  trooper = g_new0 (MusterGameTrooper, 1);
  trooper->id = g_strdup (id);
  trooper->player = player;
  trooper->name = g_strdup (muster_log_item_get (item, "name") != NULL ? muster_log_item_get (item, "name") : id);
  trooper->entry_id = g_strdup (muster_log_item_get (item, "entry"));
  trooper->piece_id = g_strdup (muster_log_item_get (item, "piece"));
  g_ptr_array_add (self->troopers, trooper);

  return TRUE;
}

/* The deployment phase's placement check: the validator must find nothing
 * wrong with the piece where it stands, with the turn it would get (the
 * phase itself rules on the sequence). */
static gboolean
placement_check_cb (MusterDeploymentPhase  *phase,
                    int                     player,
                    const char             *trooper_id,
                    gconstpointer           placement,
                    gpointer                user_data,
                    GError                **error)
{
  MusterGame *self = user_data;
  const MusterPiece *piece = placement;
  g_autoptr(MusterPiece) copy = NULL;
  g_autoptr(GPtrArray) violations = NULL;
  g_autoptr(GString) reasons = NULL;
  const MusterGameTrooper *trooper = muster_game_lookup_trooper (self, trooper_id);

  /* It was judged where it stood then; the board has moved on since. */
  if (!muster_game_is_live (self))
    return TRUE;

  if (piece == NULL)
    {
      g_set_error (error, MUSTER_DEPLOYMENT_PHASE_ERROR, MUSTER_DEPLOYMENT_PHASE_ERROR_PLACEMENT,
                   _("%s is not on the table: place it first"),
                   trooper != NULL ? muster_game_get_trooper_name (self, trooper) : trooper_id);
      return FALSE;
    }

  if (self->validator == NULL)
    return TRUE;

  copy = muster_piece_copy (piece);
  copy->turn = muster_deployment_phase_get_step (phase);
  violations = muster_validator_check_placement (self->validator, copy, piece->x, piece->y, piece->rotation);

  for (guint i = 0; i < violations->len; i++)
    {
      const MusterViolation *violation = g_ptr_array_index (violations, i);
      g_autofree char *text = NULL;

      if (violation->code == MUSTER_RULE_DEPLOY_SEQUENCE)
        continue;

      text = muster_violation_describe (violation);
      if (reasons == NULL)
        reasons = g_string_new (text);
      else
        g_string_append_printf (reasons, "; %s", text);
    }

  if (reasons == NULL)
    return TRUE;

  /* Translators: a trooper's name, then why it may not stand where it is */
  g_set_error (error, MUSTER_DEPLOYMENT_PHASE_ERROR, MUSTER_DEPLOYMENT_PHASE_ERROR_PLACEMENT,
               _("%s cannot be deployed where it stands: %s"), muster_game_piece_label (piece), reasons->str);

  return FALSE;
}

static const char *
trooper_name_cb (const char *trooper_id,
                 gpointer    user_data)
{
  MusterGame *self = user_data;
  const MusterGameTrooper *trooper = muster_game_lookup_trooper (self, trooper_id);

  return trooper != NULL ? muster_game_get_trooper_name (self, trooper) : NULL;
}

static gboolean
start_deployment_apply (MusterGame     *self,
                        MusterLogStep  *step,
                        GError        **error)
{
  g_autoptr(GError) local_error = NULL;
  /* The phase's messages name the players. */
  const char *names[] = { muster_game_get_player_name (self, 0), muster_game_get_player_name (self, 1), NULL };
  int first;

  if (self->deployment != NULL)
    return muster_game_refuse (error, MUSTER_GAME_ERROR_WRONG_PHASE, _("The deployment has started already"));

  if (self->kind == MUSTER_GAME_KIND_INFINITY && self->initiative != NULL &&
      muster_infinity_initiative_get_state (self->initiative) == MUSTER_INFINITY_INITIATIVE_DONE)
    {
      first = muster_infinity_initiative_get_first_deployer (self->initiative);
      self->deployment = muster_deployment_phase_new_infinity (names, first);
    }
  else if (self->kind == MUSTER_GAME_KIND_T9A && self->pregame != NULL &&
           muster_t9a_pregame_get_state (self->pregame) == MUSTER_T9A_PREGAME_DONE)
    {
      first = muster_t9a_pregame_get_first_deployer (self->pregame);
      self->deployment = muster_deployment_phase_new_t9a (names, first,
                                                          muster_t9a_pregame_get_deployment_type (self->pregame));
      if (!muster_deployment_phase_load_rules (self->deployment, muster_system_get_bytes (self->system),
                                               muster_system_get_id (self->system), &local_error))
        g_warning ("%s", local_error->message);
      set_exemptions (self);
    }
  else
    return muster_game_refuse (error, MUSTER_GAME_ERROR_WRONG_PHASE,
                               "%s", self->kind == MUSTER_GAME_KIND_T9A
                               ? _("Not yet: finish the pre-game first")
                               : _("Not yet: finish the Initiative Roll first"));

  muster_deployment_phase_set_short_edges (self->deployment, muster_game_get_short_edges (self));
  muster_deployment_phase_set_placement_check (self->deployment, placement_check_cb, self, NULL);
  muster_deployment_phase_set_name_func (self->deployment, trooper_name_cb, self);
  self->troopers = g_ptr_array_new_with_free_func (trooper_free);

  /* A step made elsewhere (apply_step()) brings its troopers. */
  if (muster_game_is_live (self) && muster_log_step_get_n_items (step) == 0)
    collect_troopers (self, step);

  for (guint i = 0; i < muster_log_step_get_n_items (step); i++)
    if (!add_trooper (self, muster_log_step_get_item (step, i), error))
      {
        muster_game_deployment_clear (self);
        return FALSE;
      }

  if (!muster_deployment_phase_start (self->deployment, error))
    {
      muster_game_deployment_clear (self);
      return FALSE;
    }

  return TRUE;
}

static char *
start_deployment_describe (MusterGame    *self,
                           MusterLogStep *step)
{
  guint n = muster_log_step_get_n_items (step);

  /* Each game in its own words: Infinity's troopers, the 9th Age's units. */
  if (self->kind == MUSTER_GAME_KIND_INFINITY)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "The deployment began with %u trooper",
                                         "The deployment began with %u troopers", n), n);

  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "The deployment began with %u unit",
                                       "The deployment began with %u units", n), n);
}

gboolean
muster_game_start_deployment (MusterGame  *self,
                              GError     **error)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);

  return muster_game_take (self, muster_log_step_new ("start-deployment"), error);
}

/* Placing */

/* The piece a step from the other Muster names, when it may stand for the
 * trooper: its player's, of its entry, and no other trooper's own. */
static MusterPiece *
named_piece (MusterGame              *self,
             const MusterGameTrooper *trooper,
             const char              *piece_id)
{
  MusterPiece *piece = muster_game_lookup_piece (self, piece_id);

  if (!of_trooper (self, trooper, piece))
    return NULL;

  for (guint i = 0; i < self->troopers->len; i++)
    {
      const MusterGameTrooper *other = g_ptr_array_index (self->troopers, i);

      if (other != trooper && other->piece_id != NULL && own_piece (self, other) == piece)
        return NULL;
    }

  return piece;
}

static gboolean
deploy_apply (MusterGame     *self,
              MusterLogStep  *step,
              GError        **error)
{
  MusterGameTrooper *trooper = expect_trooper (self, step, error);
  MusterPiece *piece = NULL;
  const char *piece_id;

  if (trooper == NULL)
    return FALSE;

  /* The piece it deploys, found on the board, is kept in the step (an
   * old log's conversion looks on the board as the old Game page did).
   * A step from the other Muster names it already: found again here, it
   * could be another (a roster entry added there, pieces in another
   * order), and the two games would part. */
  if (self->mode == MUSTER_GAME_MODE_LIVE && muster_log_step_get (step, "piece") != NULL)
    piece = named_piece (self, trooper, muster_log_step_get (step, "piece"));
  else if (self->mode != MUSTER_GAME_MODE_REPLAY)
    {
      piece = muster_game_find_candidate (self, trooper);
      if (piece != NULL)
        muster_log_step_set (step, "piece", piece->id);
    }

  if (!muster_deployment_phase_place (self->deployment, trooper->player, trooper->id, piece, error))
    return FALSE;

  /* Bound to that piece for good; the layout keeps the step or turn (a
   * replay finds it there, or finds the piece gone since). */
  piece_id = muster_log_step_get (step, "piece");
  if (piece_id != NULL)
    {
      g_free (trooper->piece_id);
      trooper->piece_id = g_strdup (piece_id);
    }
  if (piece != NULL && muster_game_is_live (self))
    {
      piece->turn = muster_deployment_phase_get_placement_turn (self->deployment, trooper->id);
      muster_layout_piece_changed (self->layout, piece);
    }

  return TRUE;
}

static char *
deploy_describe (MusterGame    *self,
                 MusterLogStep *step)
{
  /* Translators: a player's name, then a trooper's or unit's */
  return g_strdup_printf (_("%s deployed %s"), muster_game_step_player_name (self, step),
                          muster_game_label_of (self, muster_log_step_get (step, "trooper")));
}

gboolean
muster_game_deploy (MusterGame  *self,
                    const char  *trooper_id,
                    GError     **error)
{
  const MusterGameTrooper *trooper;
  MusterLogStep *step;
  MusterPiece *piece;

  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);
  g_return_val_if_fail (trooper_id != NULL, FALSE);

  step = muster_log_step_new ("deploy");
  muster_log_step_set (step, "trooper", trooper_id);
  /* The piece this Muster sees for it, named: across the network, the
   * other Muster deploys that one (deploy_apply()). */
  trooper = muster_game_lookup_trooper (self, trooper_id);
  if (trooper != NULL && (piece = muster_game_find_candidate (self, trooper)) != NULL)
    muster_log_step_set (step, "piece", piece->id);

  return muster_game_take (self, step, error);
}

static gboolean
take_back_apply (MusterGame     *self,
                 MusterLogStep  *step,
                 GError        **error)
{
  MusterGameTrooper *trooper = expect_trooper (self, step, error);
  MusterPiece *piece;

  if (trooper == NULL ||
      !muster_deployment_phase_unplace (self->deployment, trooper->player, trooper->id, error))
    return FALSE;

  piece = muster_game_lookup_piece (self, trooper->piece_id);
  if (piece != NULL && muster_game_is_live (self))
    {
      piece->turn = 0;
      muster_layout_piece_changed (self->layout, piece);
    }
  if (trooper->entry_id != NULL)
    g_clear_pointer (&trooper->piece_id, g_free);

  return TRUE;
}

static char *
take_back_describe (MusterGame    *self,
                    MusterLogStep *step)
{
  /* Translators: a player's name, then a trooper's or unit's */
  return g_strdup_printf (_("%s took back %s"), muster_game_step_player_name (self, step),
                          muster_game_label_of (self, muster_log_step_get (step, "trooper")));
}

gboolean
muster_game_take_back (MusterGame  *self,
                       const char  *trooper_id,
                       GError     **error)
{
  MusterLogStep *step;

  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);
  g_return_val_if_fail (trooper_id != NULL, FALSE);

  step = muster_log_step_new ("take-back");
  muster_log_step_set (step, "trooper", trooper_id);

  return muster_game_take (self, step, error);
}

static const struct
{
  MusterHoldReason  reason;
  const char       *name;
} hold_reasons[] = {
  { MUSTER_HOLD_OFF_TABLE,          "off-table" },
  { MUSTER_HOLD_SPECIAL_DEPLOYMENT, "special-deployment" },
  { MUSTER_HOLD_RESERVE,            "reserve" },
};

static gboolean
hold_apply (MusterGame     *self,
            MusterLogStep  *step,
            GError        **error)
{
  MusterGameTrooper *trooper = expect_trooper (self, step, error);
  const char *how;

  if (trooper == NULL || (how = muster_game_read_string (step, "as", error)) == NULL)
    return FALSE;

  for (guint i = 0; i < G_N_ELEMENTS (hold_reasons); i++)
    if (strcmp (hold_reasons[i].name, how) == 0)
      return muster_deployment_phase_hold_back (self->deployment, trooper->player, trooper->id,
                                                hold_reasons[i].reason, error);

  return muster_game_refuse (error, MUSTER_GAME_ERROR_STEP, _("“%s” is no way to hold a trooper back"), how);
}

static char *
hold_describe (MusterGame    *self,
               MusterLogStep *step)
{
  const char *how = muster_log_step_get (step, "as");
  const char *who = muster_game_label_of (self, muster_log_step_get (step, "trooper"));

  /* Translators: a trooper's or unit's name */
  if (g_strcmp0 (how, "reserve") == 0)
    return g_strdup_printf (_("%s went into reserve"), who);
  /* Translators: a unit's name */
  if (g_strcmp0 (how, "special-deployment") == 0)
    return g_strdup_printf (_("%s will use Special Deployment"), who);

  /* Translators: a trooper's name */
  return g_strdup_printf (_("%s was held off the table"), who);
}

gboolean
muster_game_hold (MusterGame        *self,
                  const char        *trooper_id,
                  MusterHoldReason   reason,
                  GError           **error)
{
  MusterLogStep *step;

  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);
  g_return_val_if_fail (trooper_id != NULL, FALSE);

  for (guint i = 0; i < G_N_ELEMENTS (hold_reasons); i++)
    if (hold_reasons[i].reason == reason)
      {
        step = muster_log_step_new ("hold");
        muster_log_step_set (step, "trooper", trooper_id);
        muster_log_step_set (step, "as", hold_reasons[i].name);

        return muster_game_take (self, step, error);
      }

  return muster_game_refuse (error, MUSTER_GAME_ERROR_INVALID, _("A trooper is held back off the table, for "
                                                                 "Special Deployment or in reserve"));
}

static gboolean
release_apply (MusterGame     *self,
               MusterLogStep  *step,
               GError        **error)
{
  MusterGameTrooper *trooper = expect_trooper (self, step, error);

  if (trooper == NULL)
    return FALSE;

  return muster_deployment_phase_release (self->deployment, trooper->player, trooper->id, error);
}

static char *
release_describe (MusterGame    *self,
                  MusterLogStep *step)
{
  /* Translators: a trooper's or unit's name */
  return g_strdup_printf (_("%s is no longer held back"), muster_game_label_of (self, muster_log_step_get (step, "trooper")));
}

gboolean
muster_game_release (MusterGame  *self,
                     const char  *trooper_id,
                     GError     **error)
{
  MusterLogStep *step;

  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);
  g_return_val_if_fail (trooper_id != NULL, FALSE);

  step = muster_log_step_new ("release");
  muster_log_step_set (step, "trooper", trooper_id);

  return muster_game_take (self, step, error);
}

/* Steps and turns */

static gboolean
finish_step_apply (MusterGame     *self,
                   MusterLogStep  *step,
                   GError        **error)
{
  int active;

  if (!expect_active (self, step, &active, error))
    return FALSE;

  return muster_deployment_phase_finish_step (self->deployment, active, error);
}

static char *
finish_step_describe (MusterGame    *self,
                      MusterLogStep *step)
{
  /* Translators: a player's name; Infinity's steps, the 9th Age's turns */
  if (self->kind == MUSTER_GAME_KIND_INFINITY)
    return g_strdup_printf (_("%s finished their deployment step"), muster_game_step_player_name (self, step));

  /* Translators: a player's name */
  return g_strdup_printf (_("%s finished their deployment turn"), muster_game_step_player_name (self, step));
}

gboolean
muster_game_finish_step (MusterGame  *self,
                         GError     **error)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);

  return muster_game_take (self, muster_log_step_new ("finish-step"), error);
}

static gboolean
finish_declarations_apply (MusterGame     *self,
                           MusterLogStep  *step,
                           GError        **error)
{
  if (!expect_deployment (self, error))
    return FALSE;

  return muster_deployment_phase_finish_declarations (self->deployment, error);
}

static char *
finish_declarations_describe (MusterGame    *self,
                              MusterLogStep *step)
{
  return g_strdup (_("The declarations are made: deployment turns begin"));
}

gboolean
muster_game_finish_declarations (MusterGame  *self,
                                 GError     **error)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);

  return muster_game_take (self, muster_log_step_new ("finish-declarations"), error);
}

static gboolean
choose_short_edge_apply (MusterGame     *self,
                         MusterLogStep  *step,
                         GError        **error)
{
  const char *edge;
  MusterPlayer *player;
  int active;

  if (!expect_active (self, step, &active, error) || (edge = muster_game_read_string (step, "edge", error)) == NULL ||
      !muster_deployment_phase_choose_short_edge (self->deployment, active, edge, error))
    return FALSE;

  /* The deployment order is measured from it: the validator reads it. */
  player = muster_game_is_live (self) ? muster_layout_lookup_player (self->layout, self->player_ids[active]) : NULL;
  if (player != NULL && g_strcmp0 (player->short_edge, edge) != 0)
    {
      g_autofree char *zone = g_strdup (player->zone);
      g_autofree char *role = g_strdup (player->role);

      muster_layout_update_player (self->layout, player->id, zone, role, edge);
    }

  return TRUE;
}

static char *
choose_short_edge_describe (MusterGame    *self,
                            MusterLogStep *step)
{
  const char *edge = muster_log_step_get (step, "edge");
  const char *name = muster_game_step_player_name (self, step);

  /* Translators: a player's name */
  if (g_strcmp0 (edge, "east") == 0)
    return g_strdup_printf (_("%s chose the east short edge"), name);
  if (g_strcmp0 (edge, "north") == 0)
    return g_strdup_printf (_("%s chose the north short edge"), name);
  if (g_strcmp0 (edge, "south") == 0)
    return g_strdup_printf (_("%s chose the south short edge"), name);

  return g_strdup_printf (_("%s chose the west short edge"), name);
}

/* West and east; north and south on a table taller than wide, where
 * those are the short edges (RULES.md). */
const char * const *
muster_game_get_short_edges (MusterGame *self)
{
  static const char * const landscape[] = { "west", "east", NULL };
  static const char * const portrait[] = { "north", "south", NULL };

  g_return_val_if_fail (MUSTER_IS_GAME (self), landscape);

  return muster_layout_get_width (self->layout) < muster_layout_get_height (self->layout) ? portrait : landscape;
}

gboolean
muster_game_choose_short_edge (MusterGame  *self,
                               const char  *edge,
                               GError     **error)
{
  MusterLogStep *step;

  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);
  g_return_val_if_fail (edge != NULL, FALSE);

  step = muster_log_step_new ("choose-short-edge");
  muster_log_step_set (step, "edge", edge);

  return muster_game_take (self, step, error);
}

static gboolean
delay_remaining_apply (MusterGame     *self,
                       MusterLogStep  *step,
                       GError        **error)
{
  int active;

  if (!expect_active (self, step, &active, error))
    return FALSE;

  return muster_deployment_phase_delay_remaining (self->deployment, active, error);
}

static char *
delay_remaining_describe (MusterGame    *self,
                          MusterLogStep *step)
{
  /* Translators: a player's name */
  return g_strdup_printf (_("%s made every undeployed unit Delayed"), muster_game_step_player_name (self, step));
}

gboolean
muster_game_delay_remaining (MusterGame  *self,
                             GError     **error)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);

  return muster_game_take (self, muster_log_step_new ("delay-remaining"), error);
}

const MusterGameAction muster_game_deployment_actions[] = {
  { "start-deployment",    start_deployment_apply,    start_deployment_describe },
  { "deploy",              deploy_apply,              deploy_describe },
  { "take-back",           take_back_apply,           take_back_describe },
  { "hold",                hold_apply,                hold_describe },
  { "release",             release_apply,             release_describe },
  { "finish-step",         finish_step_apply,         finish_step_describe },
  { "finish-declarations", finish_declarations_apply, finish_declarations_describe },
  { "choose-short-edge",   choose_short_edge_apply,   choose_short_edge_describe },
  { "delay-remaining",     delay_remaining_apply,     delay_remaining_describe },
};
const guint muster_game_n_deployment_actions = G_N_ELEMENTS (muster_game_deployment_actions);

/* For the Game page */

MusterTrooperFlags
muster_game_get_trooper_flags (MusterGame              *self,
                               const MusterGameTrooper *trooper)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), MUSTER_TROOPER_NONE);
  g_return_val_if_fail (trooper != NULL, MUSTER_TROOPER_NONE);

  /* The troopers are those of the last start of the deployment. */
  for (guint i = self->steps->len; i-- > 0;)
    {
      MusterLogStep *step = g_ptr_array_index (self->steps, i);

      if (g_strcmp0 (muster_log_step_get_action (step), "start-deployment") != 0)
        continue;

      for (guint j = 0; j < muster_log_step_get_n_items (step); j++)
        {
          const MusterLogItem *item = muster_log_step_get_item (step, j);

          if (g_strcmp0 (muster_log_item_get (item, "id"), trooper->id) == 0)
            return item_flags (self, item);
        }
      break;
    }

  return MUSTER_TROOPER_NONE;
}

gboolean
muster_game_check_piece_edit (MusterGame         *self,
                              const MusterPiece  *piece,
                              GError            **error)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);
  g_return_val_if_fail (piece != NULL, FALSE);

  /* A game read back, not played, decides nothing on the board. */
  if (!muster_game_is_live (self) || self->deployment == NULL ||
      muster_deployment_phase_get_state (self->deployment) == MUSTER_DEPLOYMENT_PHASE_DONE)
    return TRUE;

  for (guint i = 0; i < self->troopers->len; i++)
    {
      const MusterGameTrooper *trooper = g_ptr_array_index (self->troopers, i);

      if (g_strcmp0 (trooper->piece_id, piece->id) != 0 ||
          !muster_deployment_phase_is_placed (self->deployment, trooper->id))
        continue;

      /* Only its player, in the step or turn it was deployed in, may take
       * it back (muster_deployment_phase_unplace()). */
      if (muster_deployment_phase_get_state (self->deployment) == MUSTER_DEPLOYMENT_PHASE_DEPLOYING &&
          muster_deployment_phase_get_active_player (self->deployment) == trooper->player &&
          muster_deployment_phase_get_placement_turn (self->deployment, trooper->id) ==
          muster_deployment_phase_get_step (self->deployment))
        /* Translators: a trooper's or unit's name; "Take Back" is the
         * button beside it on the Game page */
        return muster_game_refuse (error, MUSTER_GAME_ERROR_BOARD,
                                   _("%s is deployed: take it back on the Game page to move it"),
                                   muster_game_get_trooper_name (self, trooper));

      /* Translators: a trooper's or unit's name */
      return muster_game_refuse (error, MUSTER_GAME_ERROR_BOARD,
                                 _("%s is deployed and stays where it is until the deployment is over"),
                                 muster_game_get_trooper_name (self, trooper));
    }

  return TRUE;
}

const char *
muster_game_get_piece_name (MusterGame *self,
                            const char *piece_id)
{
  MusterPiece *piece;

  g_return_val_if_fail (MUSTER_IS_GAME (self), NULL);
  g_return_val_if_fail (piece_id != NULL, NULL);

  piece = muster_game_lookup_piece (self, piece_id);
  if (piece != NULL && piece->name != NULL && *piece->name != '\0')
    return piece->name;

  for (guint i = 0; self->troopers != NULL && i < self->troopers->len; i++)
    {
      const MusterGameTrooper *trooper = g_ptr_array_index (self->troopers, i);

      if (g_strcmp0 (trooper->piece_id, piece_id) == 0 || g_strcmp0 (trooper->id, piece_id) == 0)
        return trooper->name;
    }

  return piece_id;
}
