/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-side-pages.c — the window's side pages (Your Games, Practice,
 * Statistics): each shown by its toggle action once the library is open,
 * one at a time, with the back button, the window's subtitle and the
 * game's actions at rest; win.back and the toggle itself lead back. */
#define G_LOG_DOMAIN "test-side-pages"

#include "config.h"

#include <adwaita.h>

#include "imh-library-page.h"
#include "imh-practice-page.h"
#include "imh-stats-page.h"
#include "imh-window.h"
#include "test-i18n.h"
#include "ui-test-app.h"
#include "ui-test-util.h"

typedef struct {
  const char *name;     /* the stack page and the action */
  const char *title;    /* msgid of the window's subtitle */
  GType     (*type) (void);
} Side;

static const Side sides[] = {
  { "library", "Your Games", imh_library_page_get_type },
  { "practice", "Practice", imh_practice_page_get_type },
  { "statistics", "Statistics", imh_stats_page_get_type },
};

static gboolean
action_state (ImhWindow  *window,
              const char *name)
{
  g_autoptr(GVariant) state = g_action_group_get_action_state (G_ACTION_GROUP (window), name);

  return g_variant_get_boolean (state);
}

static const char *
subtitle (ImhWindow *window)
{
  GtkWidget *title = imh_test_find_descendant (GTK_WIDGET (imh_window_get_header_bar (window)),
                                               ADW_TYPE_WINDOW_TITLE);

  return adw_window_title_get_subtitle (ADW_WINDOW_TITLE (title));
}

/* side is shown, its page made (the library is open), the others' toggles
 * off; the back button leads back and the game rests. */
static void
assert_shown (ImhWindow *window,
              guint      side)
{
  GtkStack *stack = GTK_STACK (gtk_widget_get_ancestor (GTK_WIDGET (imh_window_get_play_view (window)),
                                                        GTK_TYPE_STACK));
  GtkWidget *page = gtk_stack_get_visible_child (stack);

  g_assert_cmpstr (imh_window_get_page (window), ==, sides[side].name);
  g_assert_true (G_TYPE_CHECK_INSTANCE_TYPE (page, sides[side].type ()));
  for (guint i = 0; i < G_N_ELEMENTS (sides); i++)
    g_assert_true (action_state (window, sides[i].name) == (i == side));
  g_assert_cmpstr (subtitle (window), ==, IMH_T (sides[side].title));
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "back"));
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "hint"));
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "save-as"));
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (imh_window_get_play_view (window))));
}

static void
assert_start (ImhWindow *window)
{
  g_assert_cmpstr (imh_window_get_page (window), ==, "start");
  for (guint i = 0; i < G_N_ELEMENTS (sides); i++)
    g_assert_false (action_state (window, sides[i].name));
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "back"));
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (imh_window_get_play_view (window))));
}

static void
test_side_pages (void)
{
  g_autoptr(ImhApplication) app = imh_test_app_new ();
  ImhWindow *window = imh_window_new (app);

  gtk_window_present (GTK_WINDOW (window));
  imh_test_iterate_until (imh_test_widget_is_drawn, window);
  assert_start (window);

  for (guint side = 0; side < G_N_ELEMENTS (sides); side++)
    {
      /* Shown by its toggle (a loading page stands in until the library
       * is open, under the same name). */
      g_action_group_change_action_state (G_ACTION_GROUP (window), sides[side].name,
                                          g_variant_new_boolean (TRUE));
      g_assert_cmpstr (imh_window_get_page (window), ==, sides[side].name);
      imh_test_wait_for_object (window, "library");
      imh_test_flush_main_loop ();
      assert_shown (window, side);

      /* From one side page straight to the next. */
      if (side + 1 < G_N_ELEMENTS (sides))
        {
          g_action_group_change_action_state (G_ACTION_GROUP (window), sides[side + 1].name,
                                              g_variant_new_boolean (TRUE));
          imh_test_flush_main_loop ();
          assert_shown (window, side + 1);
          g_action_group_change_action_state (G_ACTION_GROUP (window), sides[side].name,
                                              g_variant_new_boolean (TRUE));
          assert_shown (window, side);
        }

      /* Back: by win.back, and (shown again) by its toggle turned off. */
      g_action_group_activate_action (G_ACTION_GROUP (window), "back", NULL);
      assert_start (window);
      g_action_group_change_action_state (G_ACTION_GROUP (window), sides[side].name,
                                          g_variant_new_boolean (TRUE));
      assert_shown (window, side);
      g_action_group_change_action_state (G_ACTION_GROUP (window), sides[side].name,
                                          g_variant_new_boolean (FALSE));
      assert_start (window);
    }

  gtk_window_destroy (GTK_WINDOW (window));
  imh_test_flush_main_loop ();
}

int
main (int   argc,
      char *argv[])
{
  imh_test_i18n_init_app ();
  if (!imh_test_app_init (&argc, &argv))
    return 0;

  g_test_add_func ("/side-pages/toggle-and-back", test_side_pages);

  return g_test_run ();
}
