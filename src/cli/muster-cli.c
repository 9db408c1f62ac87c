/* muster-cli.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "muster-choices.h"
#include "muster-cli.h"
#include "muster-export.h"
#include "muster-game.h"
#include "muster-layout.h"
#include "muster-modules.h"
#include "muster-settings.h"
#include "muster-system.h"
#include "muster-validate.h"

enum {
  EXIT_LEGAL = 0,
  EXIT_VIOLATIONS = 1,
  EXIT_INVALID = 2,
};

/* Every option of the command line, those of --export with them: one
 * given to the window, or to another mode, is refused here rather than
 * by GTK, which it would load only to say so. */
static const char * const cli_flags[] = {
  "--validate", "--export", "--list-systems", "--game", "--help", "-h", "--help-all", "--version",
  "--system", "--deployment", "--all-deployments", "--paper", "--scale",
};

gboolean
muster_cli_wanted (int    argc,
                   char **argv)
{
  for (int i = 1; i < argc; i++)
    {
      for (guint j = 0; j < G_N_ELEMENTS (cli_flags); j++)
        {
          gsize len = strlen (cli_flags[j]);

          if (strncmp (argv[i], cli_flags[j], len) == 0 &&
              (argv[i][len] == '\0' || argv[i][len] == '='))
            return TRUE;
        }
    }

  return FALSE;
}

static MusterSystem *
lookup_system (const char  *system_id,
               GError     **error)
{
  MusterSystemRegistry *registry = muster_system_registry_get_default ();
  MusterSystem *system = muster_system_registry_lookup (registry, system_id);

  if (system == NULL)
    g_set_error (error, MUSTER_SYSTEM_ERROR, MUSTER_SYSTEM_ERROR_UNKNOWN,
                 _("Unknown game system “%s” (see muster --list-systems)"), system_id);

  return system;
}

static void
report_user_system_errors (void)
{
  GPtrArray *errors = muster_system_registry_get_errors (muster_system_registry_get_default ());

  for (guint i = 0; errors != NULL && i < errors->len; i++)
    {
      const GError *error = g_ptr_array_index (errors, i);

      g_printerr (_("Skipped a game system: %s\n"), error->message);
    }
}

/* "NAME:LINE: " before a message about the layout, as for the errors of
 * reading it; the line of the whole layout when there is no better one. */
static void
print_layout_error (const char *name,
                    int         line,
                    const char *message)
{
  g_printerr ("%s:%d: %s\n", name, MAX (line, 1), message);
}

/* What the game system makes of the layout's deployment type, options
 * and zones (muster_choices_check_game()), with the line of the element
 * at fault: the validator's own errors carry no line. */
static gboolean
check_game (MusterLayout *layout,
            MusterSystem *system,
            const char   *name)
{
  g_autoptr(GError) error = NULL;
  int line = 0;

  if (muster_choices_check_game (layout, system, &line, &error))
    return TRUE;

  print_layout_error (name, line, error->message);

  return FALSE;
}

/* What --validate read and worked out, kept to the end of the process:
 * the process gives all its memory back as it ends, and freeing a big
 * layout and its verdicts piece by piece first would be a tenth of the
 * run. Kept where a leak checker finds it, as it is not lost. */
static MusterLayout *validated_layout;
static MusterValidator *validated_validator;

static int
run_validate (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterLayout) layout = NULL;
  g_autoptr(MusterValidator) validator = NULL;
  g_autoptr(GPtrArray) violations = NULL;
  g_autofree char *name = g_file_get_parse_name (file);
  g_autoptr(GString) out = NULL;
  MusterSystem *system;
  guint i = 0;

  layout = muster_layout_new_from_file (file, &error);
  if (layout == NULL)
    {
      g_printerr ("%s\n", error->message);
      return EXIT_INVALID;
    }

  system = lookup_system (muster_layout_get_system_id (layout), &error);
  if (system == NULL)
    {
      print_layout_error (name, muster_layout_get_game_line (layout), error->message);
      return EXIT_INVALID;
    }

  if (!check_game (layout, system, name))
    return EXIT_INVALID;

  validator = muster_validator_new (layout, system, &error);
  if (validator == NULL)
    {
      print_layout_error (name, muster_layout_get_game_line (layout), error->message);
      return EXIT_INVALID;
    }
  /* The verdicts the window would give, with the player's tolerance. */
  muster_validator_set_tolerance (validator, muster_settings_get_contact_tolerance ());

  /* A game past its Deployment Phase: what moved in the Player Turns is
   * not held to the deployment rules. The game says where it stands. */
  if (muster_layout_get_game_steps (layout)->len > 0 || muster_layout_get_legacy_game_log (layout) != NULL)
    {
      g_autoptr(MusterGame) game = muster_game_new (layout, system);

      muster_game_set_validator (game, validator);
    }

  violations = muster_validator_collect (validator);
  out = g_string_new (NULL);

  /* One line per piece and rule: a unit too close to three others is one
   * problem to fix, and the message names all three. The lines are
   * printed at once: g_print() flushes each time, a system call a line. */
  while (i < violations->len)
    {
      const MusterViolation *first = g_ptr_array_index (violations, i);
      g_autoptr(GString) others = g_string_new (NULL);
      /* Each other thing by its id where it has no name: "the building"
       * does not say which one at the command line. */
      g_autofree char *message = muster_violation_describe_naming (first, MUSTER_UNIT_INCH);
      guint j = i;

      for (; j < violations->len; j++)
        {
          const MusterViolation *v = g_ptr_array_index (violations, j);

          if (v->code != first->code || g_strcmp0 (v->piece_id, first->piece_id) != 0)
            break;
          if (j > i && v->other_id != NULL)
            g_string_append_printf (others, others->len ? ", %s" : "%s", v->other_id);
        }

      if (others->len > 0)
        g_string_append_printf (out, "%s: %s: %s (%s %s)\n", first->piece_id,
                                muster_rule_code_to_string (first->code), message,
                                /* Translators: followed by a list of piece ids */
                                _("also"), others->str);
      else
        g_string_append_printf (out, "%s: %s: %s\n", first->piece_id,
                                muster_rule_code_to_string (first->code), message);
      i = j;
    }
  g_print ("%s", out->str);

  validated_layout = g_steal_pointer (&layout);
  validated_validator = g_steal_pointer (&validator);

  return violations->len > 0 ? EXIT_VIOLATIONS : EXIT_LEGAL;
}

/* The drawing is in a module of its own (see MUSTER_EXPORT_MODULE_NAME):
 * only an export loads cairo and pango. */
static gboolean
run_export (const MusterExportOptions *options)
{
  g_autofree char *path = muster_module_path (MUSTER_EXPORT_MODULE_NAME);
  g_autoptr(GError) error = NULL;
  MusterExportRunFunc export_run = NULL;
  GModule *module;

  module = g_module_open (path, G_MODULE_BIND_LAZY | G_MODULE_BIND_LOCAL);
  if (module == NULL || !g_module_symbol (module, MUSTER_EXPORT_RUN_SYMBOL, (gpointer *) &export_run))
    {
      g_printerr ("muster: ");
      g_printerr (_("Cannot load the export of Muster from “%s”: %s"), path, g_module_error ());
      g_printerr ("\n");
      if (module != NULL)
        g_module_close (module);
      return FALSE;
    }

  /* cairo and fontconfig may still run code at exit: never unload it. */
  g_module_make_resident (module);

  if (!export_run (options, &error))
    {
      g_printerr ("muster: %s\n", error->message);
      return FALSE;
    }

  return TRUE;
}

/* A log the game passes over without a word (see replay() in
 * muster-game.c): the window keeps it, for the game system it was played
 * in or for a later Muster, while the players go on without it; asked to
 * replay it, the command line says that it cannot. */
static gboolean
check_game_log (MusterLayout *layout,
                MusterSystem *system,
                const char   *name)
{
  guint newer = muster_layout_get_newer_game_log (layout);
  const char *log_system = muster_layout_get_game_log_system (layout);
  g_autofree char *message = NULL;

  if (newer > 0)
    message = g_strdup_printf (_("The game log is of a later version of Muster (game log version %u) "
                                 "and cannot be replayed: update Muster"), newer);
  else if (muster_layout_get_game_steps (layout)->len > 0 &&
           g_strcmp0 (log_system, muster_system_get_id (system)) != 0)
    message = g_strdup_printf (_("The game log is for another game system (“%s”, not “%s”) "
                                 "and cannot be replayed"),
                               log_system != NULL ? log_system : "", muster_system_get_id (system));
  else
    return TRUE;

  print_layout_error (name, muster_layout_get_game_log_line (layout), message);

  return FALSE;
}

/* Replays the game log and says where the game stands, then each step in
 * words. */
static int
run_game (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterLayout) layout = NULL;
  g_autoptr(MusterGame) game = NULL;
  g_autofree char *name = g_file_get_parse_name (file);
  g_autofree char *state = NULL;
  MusterSystem *system;
  guint n;

  layout = muster_layout_new_from_file (file, &error);
  if (layout == NULL)
    {
      g_printerr ("%s\n", error->message);
      return EXIT_INVALID;
    }

  system = lookup_system (muster_layout_get_system_id (layout), &error);
  if (system == NULL)
    {
      print_layout_error (name, muster_layout_get_game_line (layout), error->message);
      return EXIT_INVALID;
    }

  if (!check_game (layout, system, name))
    return EXIT_INVALID;

  if (!check_game_log (layout, system, name))
    return EXIT_VIOLATIONS;

  game = muster_game_new (layout, system);
  state = muster_game_describe_state (game);
  n = muster_game_get_n_steps (game);

  g_print ("%s\n", state);
  if (n == 0)
    g_print ("%s\n", _("No step has been taken yet."));
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *step = muster_game_describe_step (game, i);

      g_print ("%4u. %s\n", i + 1, step);
    }

  if (muster_game_get_restore_error (game) != NULL)
    {
      g_printerr ("%s: %s\n", name, muster_game_get_restore_error (game));
      return EXIT_VIOLATIONS;
    }

  return 0;
}

static int
run_list_systems (void)
{
  GPtrArray *systems = muster_system_registry_list (muster_system_registry_get_default ());

  for (guint i = 0; i < systems->len; i++)
    {
      MusterSystem *system = g_ptr_array_index (systems, i);
      GPtrArray *deployments = muster_system_get_deployments (system);

      g_print ("%s\t%s\n", muster_system_get_id (system), muster_system_get_name (system));
      for (guint j = 0; j < deployments->len; j++)
        {
          const MusterDeployment *d = g_ptr_array_index (deployments, j);

          g_print ("  %s\t%s\n", d->id, d->name);
        }
    }

  report_user_system_errors ();

  return 0;
}

/* What is not done is refused, not passed over: a script that runs
 * `muster --validate *.muster` must not believe every file checked.
 * FALSE, with a word on stderr, when more is asked than one mode with
 * its one file. */
static gboolean
one_thing_asked (gboolean validate,
                 gboolean game,
                 gboolean export,
                 gboolean list_systems,
                 gboolean more_files)
{
  const char *refusal = NULL;

  if (validate + game + export + list_systems > 1)
    refusal = _("Give one of --validate, --export, --game and --list-systems");
  else if (validate && more_files)
    refusal = _("Give one layout file to validate, not several");
  else if (game && more_files)
    refusal = _("Give one layout file to replay, not several");
  else if (list_systems && more_files)
    refusal = _("--list-systems takes no file");

  if (refusal != NULL)
    g_printerr ("muster: %s\n", refusal);

  return refusal == NULL;
}

/* What the command line asks for, as GOption parses it. */
typedef struct
{
  char     *validate;
  char     *game;
  char     *export_path;
  char     *system_id;
  char     *deployment_id;
  char     *paper;
  char     *scale;
  GStrv     remaining;
  gboolean  list_systems;
  gboolean  all_deployments;
  gboolean  version;
} CliArgs;

static void
cli_args_clear (CliArgs *args)
{
  g_clear_pointer (&args->validate, g_free);
  g_clear_pointer (&args->game, g_free);
  g_clear_pointer (&args->export_path, g_free);
  g_clear_pointer (&args->system_id, g_free);
  g_clear_pointer (&args->deployment_id, g_free);
  g_clear_pointer (&args->paper, g_free);
  g_clear_pointer (&args->scale, g_free);
  g_clear_pointer (&args->remaining, g_strfreev);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (CliArgs, cli_args_clear)

static gboolean
parse_args (CliArgs   *args,
            int       *argc,
            char    ***argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  GOptionEntry entries[] = {
    { "validate", 0, 0, G_OPTION_ARG_FILENAME, &args->validate,
      N_("Check every piece of a layout against the rules and print one line per violation"), N_("FILE") },
    { "export", 0, 0, G_OPTION_ARG_FILENAME, &args->export_path,
      N_("Draw a layout, or a bare deployment diagram, to a PDF, SVG or PNG file"), N_("OUT") },
    { "system", 0, 0, G_OPTION_ARG_STRING, &args->system_id,
      N_("Game system of a bare diagram"), N_("ID") },
    { "deployment", 0, 0, G_OPTION_ARG_STRING, &args->deployment_id,
      N_("Deployment type of a bare diagram"), N_("ID") },
    { "all-deployments", 0, 0, G_OPTION_ARG_NONE, &args->all_deployments,
      N_("Export every deployment type of the system, a page each"), NULL },
    { "paper", 0, 0, G_OPTION_ARG_STRING, &args->paper,
      N_("Paper size of the pages: a4 or letter"), N_("PAPER") },
    { "scale", 0, 0, G_OPTION_ARG_STRING, &args->scale,
      N_("fit (one page) or 1:1 (true scale, tiled across sheets)"), N_("SCALE") },
    { "game", 0, 0, G_OPTION_ARG_FILENAME, &args->game,
      N_("Replay the game saved in a layout and say where it stands, step by step"), N_("FILE") },
    { "list-systems", 0, 0, G_OPTION_ARG_NONE, &args->list_systems,
      N_("List the game systems and their deployment types"), NULL },
    { "version", 0, 0, G_OPTION_ARG_NONE, &args->version,
      N_("Show the version"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &args->remaining, NULL, N_("[FILE]") },
    { NULL }
  };

  context = g_option_context_new (NULL);
  g_option_context_set_summary (context,
                                _("Plan the deployment of a tabletop wargame: the table to scale, "
                                  "the deployment zones, and a check of every base against the rules."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);

  if (!g_option_context_parse (context, argc, argv, &error))
    {
      g_printerr ("muster: %s\n", error->message);
      return FALSE;
    }

  return TRUE;
}

/* The options of an export mean nothing to another mode: refused, not
 * passed over, so that `muster --validate FILE --paper a3` does not look
 * as if something were done with the paper. FALSE, with a word on
 * stderr, when one is given without --export. */
static gboolean
export_options_fit (const CliArgs *args)
{
  const char *given = NULL;

  if (args->export_path != NULL)
    return TRUE;

  if (args->system_id != NULL)
    given = "--system";
  else if (args->deployment_id != NULL)
    given = "--deployment";
  else if (args->all_deployments)
    given = "--all-deployments";
  else if (args->paper != NULL)
    given = "--paper";
  else if (args->scale != NULL)
    given = "--scale";

  if (given != NULL)
    {
      g_printerr ("muster: ");
      /* Translators: %s is an option of the export, such as --paper */
      g_printerr (_("%s goes only with --export"), given);
      g_printerr ("\n");
    }

  return given == NULL;
}

int
muster_cli_run (int    argc,
                char **argv)
{
  g_auto(CliArgs) args = { 0 };

  if (!parse_args (&args, &argc, &argv))
    return EXIT_INVALID;

  if (args.version)
    {
      g_print ("muster %s\n", PACKAGE_VERSION);
      return 0;
    }

  if (!one_thing_asked (args.validate != NULL, args.game != NULL, args.export_path != NULL, args.list_systems,
                        args.remaining != NULL && args.remaining[0] != NULL) ||
      !export_options_fit (&args))
    return EXIT_INVALID;

  if (args.list_systems)
    return run_list_systems ();

  if (args.validate != NULL)
    return run_validate (args.validate);

  if (args.game != NULL)
    return run_game (args.game);

  if (args.export_path != NULL)
    {
      MusterExportOptions options = {
        .output = args.export_path,
        .input = args.remaining != NULL ? args.remaining[0] : NULL,
        .system_id = args.system_id,
        .deployment_id = args.deployment_id,
        .paper = args.paper,
        .scale = args.scale,
        .all_deployments = args.all_deployments,
      };

      if (args.remaining != NULL && g_strv_length (args.remaining) > 1)
        {
          g_printerr ("muster: %s\n", _("Give one layout file to export, not several"));
          return EXIT_INVALID;
        }

      return run_export (&options) ? 0 : EXIT_INVALID;
    }

  return 0;
}
