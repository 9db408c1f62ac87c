/* bench-nudge.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* What a piece nudged with an arrow key costs the whole window, sidebar
 * and all, as the table grows.
 *
 * A window of 1280 × 800 shows a generated layout of The 9th Age
 * (Frontline Clash, as bench-scale and bench-drag make them) of 500,
 * 5,000 or 15,000 bases (the most a layout file may hold is 15,000
 * elements). A base of Red's near the middle of its zone is selected,
 * then nudged an inch right and back left in turns (board.nudge, as the
 * arrow keys do). Each nudge is timed in CPU time of the main thread,
 * from the action until nothing is left to do: the validator's verdicts,
 * the board's frame, the roster panel's statuses and the Problems list,
 * which waits 100 ms after the last change (so that each nudge waits
 * 250 ms of the clock, asleep, which counts for nothing).
 *
 * Prints the median of NUDGES nudges (the argument, 20 by default) for
 * each size, the sizes in turns, and the ratios of the bigger tables'
 * to the 500's: the work of a nudge that grows with the table, where the
 * board, the verdicts and the sidebar should do only what changed.
 *
 * With --rosters, each player's bases are placed from a roster of 25
 * entries, as a player's army is, so that the roster panel has a status
 * to keep for each entry.
 *
 * Needs a display (xvfb-run) and the GSettings schemas of the build:
 *
 *   ninja -C BUILD tests/bench/bench-nudge
 *   GSETTINGS_SCHEMA_DIR=BUILD/data GSETTINGS_BACKEND=memory \
 *     xvfb-run -a -s "-screen 0 1280x800x24" BUILD/tests/bench/bench-nudge [NUDGES] [--rosters]
 */

#define G_LOG_DOMAIN "bench-nudge"

#include "config.h"

#include <adwaita.h>
#include <stdio.h>

#include "bench-common.h"
#include "muster-board-view.h"
#include "muster-roster.h"
#include "muster-window.h"

typedef struct
{
  guint         n;
  MusterWindow *window;
  MusterPiece  *piece;
  GArray       *times;   /* double, ms */
} Table;

/* Runs the main loop until the clock reaches deadline (monotonic µs),
 * asleep whenever nothing is pending. */
static void
run_until (gint64 deadline)
{
  while (g_get_monotonic_time () < deadline)
    {
      if (g_main_context_pending (NULL))
        g_main_context_iteration (NULL, FALSE);
      else
        g_usleep (1000);
    }
}

/* Red's base nearest the middle of Red's (southern) half. */
static MusterPiece *
middle_piece (MusterLayout *layout)
{
  GPtrArray *pieces = muster_layout_get_pieces (layout);
  double x = muster_layout_get_width (layout) / 2;
  double y = muster_layout_get_height (layout) * 0.85;
  MusterPiece *best = NULL;
  double best_d = G_MAXDOUBLE;

  for (guint i = 0; i < pieces->len; i++)
    {
      MusterPiece *piece = g_ptr_array_index (pieces, i);
      double d = hypot (piece->x - x, piece->y - y);

      if (g_str_equal (piece->owner, "red") && d < best_d)
        {
          best = piece;
          best_d = d;
        }
    }

  return best;
}

#define ENTRIES_PER_PLAYER 25

/* Gives each player a roster of ENTRIES_PER_PLAYER entries and places
 * every base of theirs from one of them, in turns. */
static void
add_rosters (MusterLayout *layout)
{
  static const char * const players[] = { "red", "blue" };
  g_autoptr(MusterRoster) roster = muster_roster_new (layout);
  GPtrArray *pieces = muster_layout_get_pieces (layout);

  for (guint p = 0; p < G_N_ELEMENTS (players); p++)
    {
      g_autofree guint *counts = g_new0 (guint, ENTRIES_PER_PLAYER);
      guint k = 0;

      for (guint i = 0; i < pieces->len; i++)
        {
          MusterPiece *piece = g_ptr_array_index (pieces, i);
          g_autofree char *id = NULL;

          if (g_strcmp0 (piece->owner, players[p]) != 0)
            continue;
          id = g_strdup_printf ("%s-e%u", players[p], k % ENTRIES_PER_PLAYER);
          muster_roster_set_piece_entry (piece, id);
          counts[k++ % ENTRIES_PER_PLAYER]++;
        }

      for (guint e = 0; e < ENTRIES_PER_PLAYER; e++)
        {
          MusterRosterEntry *entry = muster_roster_entry_new ();

          entry->id = g_strdup_printf ("%s-e%u", players[p], e);
          entry->name = g_strdup_printf ("Unit %u", e + 1);
          entry->count = MAX (1, counts[e]);
          muster_roster_add_entry (roster, players[p], entry);
        }
    }
}

static void
table_setup (Table    *table,
             guint     n,
             gboolean  rosters)
{
  g_autoptr(MusterLayout) layout = bench_layout_new (n, 1);
  g_autoptr(GError) error = NULL;
  MusterBoardView *view;

  if (rosters)
    add_rosters (layout);
  table->n = n;
  table->times = g_array_new (FALSE, FALSE, sizeof (double));
  table->window = muster_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (table->window), 1280, 800);
  if (!muster_window_show_layout (table->window, layout, &error))
    g_error ("%s", error->message);
  gtk_window_present (GTK_WINDOW (table->window));

  view = muster_window_get_board_view (table->window);
  table->piece = middle_piece (layout);
  g_assert (table->piece != NULL);
  /* The first frame, the rows made after it, and the selection's. */
  run_until (g_get_monotonic_time () + 2 * G_USEC_PER_SEC);
  muster_board_view_select_piece (view, table->piece->serial, FALSE);
  run_until (g_get_monotonic_time () + G_USEC_PER_SEC / 2);
}

static void
nudge (Table *table,
       int    dx)
{
  MusterBoardView *view = muster_window_get_board_view (table->window);
  double x = table->piece->x;
  double t0 = bench_now ();
  double ms;

  gtk_widget_activate_action (GTK_WIDGET (view), "board.nudge", "(iib)", dx, 0, FALSE);
  run_until (g_get_monotonic_time () + G_USEC_PER_SEC / 4);
  ms = (bench_now () - t0) * 1e3;
  g_array_append_val (table->times, ms);
  /* A nudge that did not move the piece times nothing. */
  g_assert (table->piece->x != x);
}

static double
median_of (GArray *times)
{
  return bench_median ((double *) times->data, times->len);
}

int
main (int   argc,
      char *argv[])
{
  static const guint sizes[] = { 500, 5000, 15000 };
  Table tables[G_N_ELEMENTS (sizes)] = { { 0 } };
  gboolean rosters = FALSE;
  guint nudges = 20;

  for (int i = 1; i < argc; i++)
    {
      if (g_str_equal (argv[i], "--rosters"))
        rosters = TRUE;
      else
        nudges = MAX (4, (guint) g_ascii_strtoull (argv[i], NULL, 10));
    }

  /* The software-rendered case, unless asked for another. */
  g_setenv ("GSK_RENDERER", "cairo", FALSE);
  gtk_init ();
  adw_init ();

  for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
    table_setup (&tables[k], sizes[k], rosters);

  /* The sizes in turns, so that a change in the machine's pace falls on
   * all of them alike. */
  for (guint i = 0; i < nudges; i++)
    for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
      nudge (&tables[k], i % 2 == 0 ? 1 : -1);

  printf ("a nudge of one base, the whole window%s, CPU ms (median of %u):\n",
          rosters ? ", rosters of " G_STRINGIFY (ENTRIES_PER_PLAYER) " entries" : "", nudges);
  for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
    printf ("  %6u bases  %8.2f\n", tables[k].n, median_of (tables[k].times));
  for (guint k = 1; k < G_N_ELEMENTS (sizes); k++)
    printf ("  RATIO nudge-%u/nudge-500 %.2f\n", tables[k].n,
            median_of (tables[k].times) / median_of (tables[0].times));

  for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
    {
      gtk_window_destroy (GTK_WINDOW (tables[k].window));
      g_array_unref (tables[k].times);
    }

  return 0;
}
