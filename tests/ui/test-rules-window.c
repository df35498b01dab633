/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rules-window.c — the Rules window of each game: it opens, shows
 * every page in turn by its actions (next, previous, a page by index),
 * each page's title and its figures laid out with a size inside the
 * window, at a desktop's width and at a phone's (folded to one column);
 * Escape closes it. */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "imh-rules-book.h"
#include "imh-rules-figure.h"
#include "imh-rules-window.h"
#include "test-i18n.h"
#include "ui-test-util.h"

typedef struct {
  ImhRulesWindow *window;
  guint           page;
} PageWait;

/* The page is shown and its first figure (if any) allocated. */
static gboolean
page_drawn (gpointer data)
{
  PageWait *wait = data;
  GtkWidget *box = imh_rules_window_get_page_box (wait->window);
  GtkWidget *figure = imh_test_find_descendant (box, IMH_TYPE_RULES_FIGURE);

  return imh_rules_window_get_page (wait->window) == wait->page
         && gtk_widget_get_mapped (box) && gtk_widget_get_width (box) > 0
         && (figure == NULL || gtk_widget_get_height (figure) > 0);
}

static void
check_page (ImhRulesWindow *window,
            ImhRulesBook   *book,
            guint           index,
            int             window_width)
{
  const ImhRulesPage *page = imh_rules_book_get_page (book, index);
  GtkWidget *box = imh_rules_window_get_page_box (window);
  PageWait wait = { window, index };
  guint figures = 0, want_figures = 0;
  GtkWidget *first;

  imh_test_iterate_until (page_drawn, &wait);
  first = gtk_widget_get_first_child (box);
  g_assert_true (GTK_IS_LABEL (first));
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (first)), ==, page->title);
  for (guint j = 0; j < page->blocks->len; j++)
    if (((const ImhRulesBlock *) g_ptr_array_index (page->blocks, j))->kind == IMH_RULES_BLOCK_FIGURE)
      want_figures++;
  for (GtkWidget *child = first; child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      graphene_rect_t crop;

      if (!IMH_IS_RULES_FIGURE (child))
        continue;
      figures++;
      /* Drawn at a size that fits the window, from a crop of the board. */
      g_assert_cmpint (gtk_widget_get_width (child), >, 100);
      g_assert_cmpint (gtk_widget_get_height (child), >, 60);
      g_assert_cmpint (gtk_widget_get_width (child), <=, window_width);
      g_assert_true (imh_rules_figure_get_crop (IMH_RULES_FIGURE (child), &crop));
      /* One image to assistive technologies, described by its caption. */
      g_assert_cmpint (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (child)), ==,
                       GTK_ACCESSIBLE_ROLE_IMG);
      g_assert_cmpfloat (crop.size.width, >, 0);
      g_assert_cmpfloat (crop.size.height, >, 0);
    }
  g_assert_cmpuint (figures, ==, want_figures);
}

static void
walk_pages (ImhGameKind kind,
            int         width,
            int         height)
{
  g_autoptr(ImhRulesBook) book = imh_rules_book_new_for_game (kind);
  ImhRulesWindow *window = imh_rules_window_new (kind);
  guint n = imh_rules_book_get_n_pages (book);

  g_assert_cmpuint (imh_rules_window_get_n_pages (window), ==, n);
  g_assert_cmpuint (n, >, 0);
  g_assert_cmpint (imh_rules_window_get_kind (window), ==, kind);
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  imh_test_iterate_until (imh_test_widget_is_drawn, window);

  /* The keyboard starts on the page list's first row where the list is
   * beside the page, else in the page (which stays shown). */
  imh_test_wait_for_paint (GTK_WIDGET (window));
  g_assert_nonnull (gtk_window_get_focus (GTK_WINDOW (window)));
  {
    GtkWidget *focus = gtk_window_get_focus (GTK_WINDOW (window));
    AdwLeaflet *leaflet = ADW_LEAFLET (imh_test_find_descendant (GTK_WIDGET (window), ADW_TYPE_LEAFLET));
    GtkWidget *list = imh_test_find_descendant (GTK_WIDGET (window), GTK_TYPE_LIST_BOX);

    if (adw_leaflet_get_folded (leaflet))
      {
        g_assert_false (gtk_widget_is_ancestor (focus, list));
        g_assert_false (gtk_widget_is_ancestor (list, adw_leaflet_get_visible_child (leaflet)));
      }
    else
      {
        g_assert_true (GTK_IS_LIST_BOX_ROW (focus));
        g_assert_cmpint (gtk_list_box_row_get_index (GTK_LIST_BOX_ROW (focus)), ==, 0);
      }
  }

  /* Forward by "next", to the end. */
  for (guint i = 0; i < n; i++)
    {
      check_page (window, book, i, width);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "rules.next-page", NULL)
                     || i + 1 == n);
    }
  g_assert_cmpuint (imh_rules_window_get_page (window), ==, n - 1);
  /* "next" on the last page stays there; back by "previous". */
  gtk_widget_activate_action (GTK_WIDGET (window), "rules.next-page", NULL);
  g_assert_cmpuint (imh_rules_window_get_page (window), ==, n - 1);
  if (n > 1)
    {
      gtk_widget_activate_action (GTK_WIDGET (window), "rules.previous-page", NULL);
      check_page (window, book, n - 2, width);
    }
  /* A page by its index, and by its id. */
  gtk_widget_activate_action (GTK_WIDGET (window), "rules.show-page", "u", 0);
  check_page (window, book, 0, width);
  g_assert_true (imh_rules_window_show_page_id (window, imh_rules_book_get_page (book, n - 1)->id));
  check_page (window, book, n - 1, width);
  g_assert_false (imh_rules_window_show_page_id (window, "no-such-page"));

  /* Escape closes it (the window.close action it is bound to). */
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  gtk_widget_activate_action (GTK_WIDGET (window), "window.close", NULL);
  imh_test_flush_main_loop ();
  g_assert_null (window);
}

static void
test_duel_wide (void)
{
  walk_pages (IMH_GAME_DUEL, 1000, 760);
}

static void
test_duel_narrow (void)
{
  walk_pages (IMH_GAME_DUEL, 360, 700);
}

static void
test_classic_wide (void)
{
  walk_pages (IMH_GAME_CLASSIC, 1000, 760);
}

static void
test_classic_narrow (void)
{
  walk_pages (IMH_GAME_CLASSIC, 360, 700);
}

/* At a phone's width the window folds to one column: the page, with a
 * button back to the list; the list and its rows reach every page. */
static void
test_folds (void)
{
  ImhRulesWindow *window = imh_rules_window_new (IMH_GAME_DUEL);
  AdwLeaflet *leaflet;
  GtkListBox *list;

  gtk_window_set_default_size (GTK_WINDOW (window), 360, 700);
  gtk_window_present (GTK_WINDOW (window));
  imh_test_iterate_until (imh_test_widget_is_drawn, window);
  leaflet = ADW_LEAFLET (imh_test_find_descendant (GTK_WIDGET (window), ADW_TYPE_LEAFLET));
  g_assert_true (adw_leaflet_get_folded (leaflet));
  gtk_widget_activate_action (GTK_WIDGET (window), "rules.show-list", NULL);
  imh_test_flush_main_loop ();
  list = GTK_LIST_BOX (imh_test_find_descendant (GTK_WIDGET (window), GTK_TYPE_LIST_BOX));
  g_assert_true (gtk_widget_is_ancestor (GTK_WIDGET (list), adw_leaflet_get_visible_child (leaflet)));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 360);
  /* Choosing a row shows its page. */
  g_signal_emit_by_name (list, "row-activated", gtk_list_box_get_row_at_index (list, 2));
  imh_test_flush_main_loop ();
  g_assert_cmpuint (imh_rules_window_get_page (window), ==, 2);
  g_assert_false (gtk_widget_is_ancestor (GTK_WIDGET (list), adw_leaflet_get_visible_child (leaflet)));
  gtk_window_destroy (GTK_WINDOW (window));
  imh_test_flush_main_loop ();
}

int
main (int   argc,
      char *argv[])
{
  imh_test_i18n_init_app ();
  imh_test_init (&argc, &argv);
  adw_init ();

  g_test_add_func ("/rules-window/duel/wide", test_duel_wide);
  g_test_add_func ("/rules-window/duel/narrow", test_duel_narrow);
  g_test_add_func ("/rules-window/classic/wide", test_classic_wide);
  g_test_add_func ("/rules-window/classic/narrow", test_classic_narrow);
  g_test_add_func ("/rules-window/folds", test_folds);
  return g_test_run ();
}
