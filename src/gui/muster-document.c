/* muster-document.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-document"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-choices.h"
#include "muster-document.h"
#include "muster-draft.h"

struct _MusterDocument
{
  GObject          parent_instance;

  MusterLayout    *layout;
  MusterSystem    *system;
  MusterValidator *validator;
  MusterHistory   *history;
  MusterGame      *game;
  MusterRoster    *roster;
  GFile           *file;
  MusterDraft     *draft;
  char            *title;
  char            *subtitle;
  double           tolerance;

  guint            draft_id;
  guint            retry_id;
  gboolean         reloading_roster;
  gboolean         modified;
};

enum {
  PROP_0,
  PROP_LAYOUT,
  PROP_SYSTEM,
  PROP_VALIDATOR,
  PROP_HISTORY,
  PROP_GAME,
  PROP_ROSTER,
  PROP_FILE,
  PROP_TITLE,
  PROP_SUBTITLE,
  PROP_MODIFIED,
  N_PROPS
};

enum {
  PROBLEM,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (MusterDocument, muster_document, G_TYPE_OBJECT)

static gboolean show_system (MusterDocument  *self,
                             GError         **error);

/* Names */

static void
update_names (MusterDocument *self)
{
  const MusterDeployment *deployment = NULL;
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;

  if (self->file != NULL)
    {
      g_autoptr(GFileInfo) info = g_file_query_info (self->file, G_FILE_ATTRIBUTE_STANDARD_DISPLAY_NAME,
                                                     G_FILE_QUERY_INFO_NONE, NULL, NULL);

      title = info != NULL ? g_strdup (g_file_info_get_display_name (info)) : g_file_get_basename (self->file);
    }
  else
    title = g_strdup (_("Untitled Layout"));

  if (self->layout != NULL && self->system != NULL)
    deployment = muster_system_lookup_deployment (self->system, muster_layout_get_deployment_id (self->layout));
  if (self->layout != NULL)
    subtitle = g_strdup_printf ("%s — %s",
                                self->system != NULL ? muster_system_get_name (self->system)
                                                     : muster_layout_get_system_id (self->layout),
                                deployment != NULL ? deployment->name : muster_layout_get_deployment_id (self->layout));

  if (g_strcmp0 (title, self->title) != 0)
    {
      g_free (self->title);
      self->title = g_steal_pointer (&title);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TITLE]);
    }
  if (g_strcmp0 (subtitle, self->subtitle) != 0)
    {
      g_free (self->subtitle);
      self->subtitle = g_steal_pointer (&subtitle);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SUBTITLE]);
    }
}

static void
update_modified (MusterDocument *self)
{
  gboolean modified = self->history != NULL && !muster_history_is_clean (self->history);

  if (modified == self->modified)
    return;

  self->modified = modified;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODIFIED]);
}

/* The draft */

static gboolean
draft_cb (gpointer data)
{
  MusterDocument *self = data;
  g_autoptr(GError) error = NULL;

  self->draft_id = 0;
  if (self->modified && !muster_document_save_draft (self, &error))
    g_warning ("Could not save the layout’s draft: %s", error->message);

  return G_SOURCE_REMOVE;
}

static void
schedule_draft (MusterDocument *self)
{
  g_clear_handle_id (&self->draft_id, g_source_remove);

  if (self->modified)
    self->draft_id = g_timeout_add_seconds (MUSTER_DOCUMENT_DRAFT_DELAY, draft_cb, self);
  /* Undone back to what is saved: the changes the draft holds were taken
   * back on purpose, and are not offered back after a crash. */
  else if (self->draft != NULL)
    muster_draft_discard (self->draft);
}

/* Following the layout */

static void
history_changed_cb (MusterDocument *self)
{
  update_modified (self);
  schedule_draft (self);
}

static void
roster_changed_cb (MusterDocument *self)
{
  /* The rosters are kept in the players, which the layout does not
   * signal: the history is told. */
  if (!self->reloading_roster && !muster_history_is_applying (self->history))
    muster_history_note_change (self->history);
}

static gboolean
retry_cb (gpointer data)
{
  MusterDocument *self = data;
  g_autoptr(GError) error = NULL;

  self->retry_id = 0;
  if (!show_system (self, &error))
    {
      /* Translators: why follows */
      g_autofree char *message = g_strdup_printf (_("This game cannot be shown: %s"), error->message);

      g_signal_emit (self, signals[PROBLEM], 0, message);
    }

  return G_SOURCE_REMOVE;
}

static void
layout_changed_cb (MusterDocument *self)
{
  if (self->system == NULL ||
      g_strcmp0 (muster_system_get_id (self->system), muster_layout_get_system_id (self->layout)) != 0)
    {
      /* The players may not have zones of the new game yet: later, when
       * the change that set the game system is complete. */
      if (!show_system (self, NULL) && self->retry_id == 0)
        self->retry_id = g_idle_add (retry_cb, self);
    }

  update_names (self);
}

/* A validator (made already, or NULL) and a game for the layout's game
 * system; FALSE, with error, and nothing changed, when that cannot be. */
static gboolean
show_system_with (MusterDocument   *self,
                  MusterValidator  *made,
                  GError          **error)
{
  const char *system_id = muster_layout_get_system_id (self->layout);
  MusterSystem *system = muster_system_registry_lookup (muster_system_registry_get_default (), system_id);
  g_autoptr(MusterValidator) validator = made != NULL ? g_object_ref (made) : NULL;
  g_autoptr(MusterGame) game = NULL;

  if (system == NULL)
    {
      g_set_error (error, MUSTER_SYSTEM_ERROR, MUSTER_SYSTEM_ERROR_UNKNOWN, _("Unknown game system “%s”"),
                   system_id);
      return FALSE;
    }

  if (validator == NULL)
    validator = muster_validator_new (self->layout, system, error);
  if (validator == NULL)
    return FALSE;
  if (self->tolerance > 0)
    muster_validator_set_tolerance (validator, self->tolerance);

  game = muster_game_new (self->layout, system);
  muster_game_set_validator (game, validator);
  if (self->history != NULL)
    muster_game_set_history (game, self->history);

  g_clear_handle_id (&self->retry_id, g_source_remove);
  g_set_object (&self->system, system);
  g_set_object (&self->validator, validator);
  g_set_object (&self->game, game);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SYSTEM]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VALIDATOR]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
  update_names (self);

  return TRUE;
}

/* What a piece placed from a roster counts as: the game's say, while its
 * deployment is under way (the roster outlives no document). */
static guint
placement_turn_cb (const char *player_id,
                   gpointer    data)
{
  MusterDocument *self = data;

  return self->game != NULL ? muster_game_get_placement_turn (self->game) : 0;
}

static gboolean
show_system (MusterDocument  *self,
             GError         **error)
{
  return show_system_with (self, NULL, error);
}

/* Public */

MusterDocument *
muster_document_new (void)
{
  return g_object_new (MUSTER_TYPE_DOCUMENT, NULL);
}

/* What the game system could not make of a layout read from file, with
 * the line of the element at fault, as the command line says it
 * ("NAME:LINE: ..."): the window's dialog then names the line. */
static void
prefix_line (MusterLayout  *layout,
             MusterSystem  *system,
             GFile         *file,
             GError       **error)
{
  g_autoptr(GError) why = NULL;
  g_autofree char *name = NULL;
  int line = 0;

  if (file == NULL || error == NULL || *error == NULL ||
      muster_choices_check_game (layout, system, &line, &why) || line <= 0)
    return;

  name = g_file_get_parse_name (file);
  g_prefix_error (error, "%s:%d: ", name, line);
}

gboolean
muster_document_load_layout (MusterDocument  *self,
                             MusterLayout    *layout,
                             GFile           *file,
                             GError         **error)
{
  g_autoptr(MusterLayout) old = NULL;
  MusterSystem *system;
  g_autoptr(MusterValidator) validator = NULL;

  g_return_val_if_fail (MUSTER_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (MUSTER_IS_LAYOUT (layout), FALSE);
  g_return_val_if_fail (file == NULL || G_IS_FILE (file), FALSE);

  /* Fail before anything changes. */
  system = muster_system_registry_lookup (muster_system_registry_get_default (), muster_layout_get_system_id (layout));
  if (system == NULL)
    {
      g_set_error (error, MUSTER_SYSTEM_ERROR, MUSTER_SYSTEM_ERROR_UNKNOWN, _("Unknown game system “%s”"),
                   muster_layout_get_system_id (layout));
      return FALSE;
    }
  validator = muster_validator_new (layout, system, error);
  if (validator == NULL)
    {
      prefix_line (layout, system, file, error);
      return FALSE;
    }

  if (self->layout != NULL)
    g_signal_handlers_disconnect_by_data (self->layout, self);
  if (self->history != NULL)
    g_signal_handlers_disconnect_by_data (self->history, self);
  if (self->roster != NULL)
    g_signal_handlers_disconnect_by_data (self->roster, self);
  g_clear_handle_id (&self->retry_id, g_source_remove);
  g_clear_handle_id (&self->draft_id, g_source_remove);

  /* Whoever follows the document sees it whole, not half loaded. */
  g_object_freeze_notify (G_OBJECT (self));

  old = g_steal_pointer (&self->layout);
  self->layout = g_object_ref (layout);
  g_set_object (&self->file, file);
  g_clear_object (&self->history);
  g_clear_object (&self->game);
  g_clear_object (&self->system);

  /* The game first: a game saved by an older Muster is converted as the
   * file is read, not as a change the players made. */
  show_system_with (self, validator, NULL);
  self->history = muster_history_new (layout);
  muster_game_set_history (self->game, self->history);
  g_clear_object (&self->roster);
  self->roster = muster_roster_new (layout);
  muster_roster_set_turn_func (self->roster, placement_turn_cb, self, NULL);

  g_signal_connect_object (layout, "changed", G_CALLBACK (layout_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->history, "changed", G_CALLBACK (history_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->history, "notify::clean", G_CALLBACK (update_modified), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->roster, "changed", G_CALLBACK (roster_changed_cb), self, G_CONNECT_SWAPPED);

  /* Another layout: what was unsaved of the last one was asked about. */
  if (self->draft != NULL)
    muster_draft_discard (self->draft);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LAYOUT]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HISTORY]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ROSTER]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
  update_names (self);
  update_modified (self);
  g_object_thaw_notify (G_OBJECT (self));

  return TRUE;
}

gboolean
muster_document_load_file (MusterDocument  *self,
                           GFile           *file,
                           GError         **error)
{
  g_autoptr(MusterLayout) layout = NULL;

  g_return_val_if_fail (MUSTER_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  layout = muster_layout_new_from_file (file, error);
  if (layout == NULL)
    return FALSE;

  return muster_document_load_layout (self, layout, file, error);
}

gboolean
muster_document_load_draft (MusterDocument  *self,
                            const char      *draft_id,
                            GError         **error)
{
  g_autoptr(MusterDraft) draft = NULL;
  g_autoptr(MusterLayout) layout = NULL;
  GFile *original = NULL;

  g_return_val_if_fail (MUSTER_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (draft_id != NULL, FALSE);

  draft = muster_draft_adopt (draft_id);
  if (draft == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_BUSY, _("The unsaved layout was taken back already"));
      return FALSE;
    }

  layout = muster_layout_new_from_file (muster_draft_get_file (draft), error);
  if (layout == NULL)
    return FALSE;

  /* Which file it belongs to: the draft's .ini says. */
  {
    g_autofree char *dir = g_path_get_dirname (g_file_peek_path (muster_draft_get_file (draft)));
    g_autofree char *ini = g_strconcat (draft_id, ".ini", NULL);
    g_autofree char *path = g_build_filename (dir, ini, NULL);
    g_autoptr(GKeyFile) info = g_key_file_new ();
    g_autofree char *uri = NULL;

    if (g_key_file_load_from_file (info, path, G_KEY_FILE_NONE, NULL))
      uri = g_key_file_get_string (info, "Draft", "File", NULL);
    if (uri != NULL)
      original = g_file_new_for_uri (uri);
  }

  if (!muster_document_load_layout (self, layout, original, error))
    {
      g_clear_object (&original);
      return FALSE;
    }
  g_clear_object (&original);

  /* Never saved to its file: unsaved changes, kept in the same draft. */
  if (self->draft != NULL)
    muster_draft_discard (self->draft);
  g_clear_pointer (&self->draft, muster_draft_free);
  self->draft = g_steal_pointer (&draft);
  muster_history_set_modified (self->history);
  update_modified (self);

  return TRUE;
}

gboolean
muster_document_save_to (MusterDocument  *self,
                         GFile           *file,
                         GError         **error)
{
  g_return_val_if_fail (MUSTER_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (!muster_layout_save (self->layout, file, error))
    return FALSE;

  if (self->file == NULL || !g_file_equal (self->file, file))
    {
      g_set_object (&self->file, file);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
    }
  muster_history_set_clean (self->history);
  g_clear_handle_id (&self->draft_id, g_source_remove);
  if (self->draft != NULL)
    muster_draft_discard (self->draft);
  update_names (self);
  update_modified (self);

  return TRUE;
}

void
muster_document_discard_draft (MusterDocument *self)
{
  g_return_if_fail (MUSTER_IS_DOCUMENT (self));

  g_clear_handle_id (&self->draft_id, g_source_remove);
  if (self->draft != NULL)
    muster_draft_discard (self->draft);
}

gboolean
muster_document_save_draft (MusterDocument  *self,
                            GError         **error)
{
  g_return_val_if_fail (MUSTER_IS_DOCUMENT (self), FALSE);

  g_clear_handle_id (&self->draft_id, g_source_remove);
  if (self->layout == NULL)
    return TRUE;
  if (self->draft == NULL)
    self->draft = muster_draft_new ();

  return muster_draft_save (self->draft, self->layout, self->file, self->title, error);
}

MusterLayout *
muster_document_get_layout (MusterDocument *self)
{
  g_return_val_if_fail (MUSTER_IS_DOCUMENT (self), NULL);

  return self->layout;
}

MusterSystem *
muster_document_get_system (MusterDocument *self)
{
  g_return_val_if_fail (MUSTER_IS_DOCUMENT (self), NULL);

  return self->system;
}

MusterValidator *
muster_document_get_validator (MusterDocument *self)
{
  g_return_val_if_fail (MUSTER_IS_DOCUMENT (self), NULL);

  return self->validator;
}

MusterHistory *
muster_document_get_history (MusterDocument *self)
{
  g_return_val_if_fail (MUSTER_IS_DOCUMENT (self), NULL);

  return self->history;
}

MusterGame *
muster_document_get_game (MusterDocument *self)
{
  g_return_val_if_fail (MUSTER_IS_DOCUMENT (self), NULL);

  return self->game;
}

MusterRoster *
muster_document_get_roster (MusterDocument *self)
{
  g_return_val_if_fail (MUSTER_IS_DOCUMENT (self), NULL);

  return self->roster;
}

GFile *
muster_document_get_file (MusterDocument *self)
{
  g_return_val_if_fail (MUSTER_IS_DOCUMENT (self), NULL);

  return self->file;
}

const char *
muster_document_get_draft_id (MusterDocument *self)
{
  g_return_val_if_fail (MUSTER_IS_DOCUMENT (self), NULL);

  return self->draft != NULL ? muster_draft_get_id (self->draft) : NULL;
}

const char *
muster_document_get_title (MusterDocument *self)
{
  g_return_val_if_fail (MUSTER_IS_DOCUMENT (self), NULL);

  return self->title;
}

const char *
muster_document_get_subtitle (MusterDocument *self)
{
  g_return_val_if_fail (MUSTER_IS_DOCUMENT (self), NULL);

  return self->subtitle;
}

gboolean
muster_document_get_modified (MusterDocument *self)
{
  g_return_val_if_fail (MUSTER_IS_DOCUMENT (self), FALSE);

  return self->modified;
}

void
muster_document_set_tolerance (MusterDocument *self,
                               double          tolerance_mm)
{
  g_return_if_fail (MUSTER_IS_DOCUMENT (self));

  self->tolerance = tolerance_mm;
  if (self->validator != NULL && tolerance_mm > 0)
    muster_validator_set_tolerance (self->validator, tolerance_mm);
}

/* GObject */

static void
muster_document_dispose (GObject *object)
{
  MusterDocument *self = (MusterDocument *)object;

  g_clear_handle_id (&self->draft_id, g_source_remove);
  g_clear_handle_id (&self->retry_id, g_source_remove);
  if (self->layout != NULL)
    g_signal_handlers_disconnect_by_data (self->layout, self);
  if (self->history != NULL)
    g_signal_handlers_disconnect_by_data (self->history, self);
  if (self->roster != NULL)
    g_signal_handlers_disconnect_by_data (self->roster, self);

  G_OBJECT_CLASS (muster_document_parent_class)->dispose (object);
}

static void
muster_document_finalize (GObject *object)
{
  MusterDocument *self = (MusterDocument *)object;

  g_clear_object (&self->game);
  g_clear_object (&self->roster);
  g_clear_object (&self->history);
  g_clear_object (&self->validator);
  g_clear_object (&self->system);
  g_clear_object (&self->layout);
  g_clear_object (&self->file);
  g_clear_pointer (&self->draft, muster_draft_free);
  g_free (self->title);
  g_free (self->subtitle);

  G_OBJECT_CLASS (muster_document_parent_class)->finalize (object);
}

static void
muster_document_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  MusterDocument *self = MUSTER_DOCUMENT (object);

  switch (prop_id)
    {
    case PROP_LAYOUT:
      g_value_set_object (value, self->layout);
      break;
    case PROP_SYSTEM:
      g_value_set_object (value, self->system);
      break;
    case PROP_VALIDATOR:
      g_value_set_object (value, self->validator);
      break;
    case PROP_HISTORY:
      g_value_set_object (value, self->history);
      break;
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_ROSTER:
      g_value_set_object (value, self->roster);
      break;
    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;
    case PROP_TITLE:
      g_value_set_string (value, self->title);
      break;
    case PROP_SUBTITLE:
      g_value_set_string (value, self->subtitle);
      break;
    case PROP_MODIFIED:
      g_value_set_boolean (value, self->modified);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_document_class_init (MusterDocumentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = muster_document_dispose;
  object_class->finalize = muster_document_finalize;
  object_class->get_property = muster_document_get_property;

  properties[PROP_LAYOUT] = g_param_spec_object ("layout", NULL, NULL, MUSTER_TYPE_LAYOUT, flags);
  properties[PROP_SYSTEM] = g_param_spec_object ("system", NULL, NULL, MUSTER_TYPE_SYSTEM, flags);
  properties[PROP_VALIDATOR] = g_param_spec_object ("validator", NULL, NULL, MUSTER_TYPE_VALIDATOR, flags);
  properties[PROP_HISTORY] = g_param_spec_object ("history", NULL, NULL, MUSTER_TYPE_HISTORY, flags);
  properties[PROP_GAME] = g_param_spec_object ("game", NULL, NULL, MUSTER_TYPE_GAME, flags);
  properties[PROP_ROSTER] = g_param_spec_object ("roster", NULL, NULL, MUSTER_TYPE_ROSTER, flags);
  properties[PROP_FILE] = g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE, flags);
  properties[PROP_TITLE] = g_param_spec_string ("title", NULL, NULL, NULL, flags);
  properties[PROP_SUBTITLE] = g_param_spec_string ("subtitle", NULL, NULL, NULL, flags);
  properties[PROP_MODIFIED] = g_param_spec_boolean ("modified", NULL, NULL, FALSE, flags);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * MusterDocument::problem:
   * @message: for the players
   *
   * The layout's new game system cannot be shown.
   */
  signals[PROBLEM] =
    g_signal_new ("problem",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
muster_document_init (MusterDocument *self)
{
  self->title = g_strdup (_("Untitled Layout"));
}
