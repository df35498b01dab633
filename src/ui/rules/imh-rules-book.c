/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-rules-book.c — the rules of a game as pages of text and figures. */
#define G_LOG_DOMAIN "imh-rules"

#include "config.h"

#include <pango/pango.h>
#include <string.h>

#include "imh-rules-book.h"

struct _ImhRulesBook
{
  ImhGameKind kind;
  GPtrArray  *pages;   /* of ImhRulesPage */
};

static void
block_free (gpointer data)
{
  ImhRulesBlock *block = data;

  g_free (block->markup);
  g_free (block->state);
  g_free (block->caption);
  g_free (block);
}

static void
page_free (gpointer data)
{
  ImhRulesPage *page = data;

  g_free (page->id);
  g_free (page->title);
  g_ptr_array_unref (page->blocks);
  g_free (page);
}

ImhRulesBook *
imh_rules_book_new (ImhGameKind kind)
{
  ImhRulesBook *book = g_new0 (ImhRulesBook, 1);

  book->kind = kind;
  book->pages = g_ptr_array_new_with_free_func (page_free);
  return book;
}

void
imh_rules_book_free (ImhRulesBook *book)
{
  if (book == NULL)
    return;
  g_ptr_array_unref (book->pages);
  g_free (book);
}

ImhGameKind
imh_rules_book_get_kind (ImhRulesBook *book)
{
  return book->kind;
}

void
imh_rules_book_begin_page (ImhRulesBook *book,
                           const char   *id,
                           const char   *title)
{
  ImhRulesPage *page = g_new0 (ImhRulesPage, 1);

  g_return_if_fail (id != NULL && title != NULL);
  g_return_if_fail (imh_rules_book_find_page (book, id) < 0);
  page->id = g_strdup (id);
  page->title = g_strdup (title);
  page->blocks = g_ptr_array_new_with_free_func (block_free);
  g_ptr_array_add (book->pages, page);
}

static ImhRulesPage *
last_page (ImhRulesBook *book)
{
  g_return_val_if_fail (book->pages->len > 0, NULL);
  return g_ptr_array_index (book->pages, book->pages->len - 1);
}

void
imh_rules_book_add_text (ImhRulesBook *book,
                         const char   *markup)
{
  ImhRulesPage *page = last_page (book);
  ImhRulesBlock *block;

  g_return_if_fail (page != NULL && markup != NULL);
  block = g_new0 (ImhRulesBlock, 1);
  block->kind = IMH_RULES_BLOCK_TEXT;
  block->markup = g_strdup (markup);
  g_ptr_array_add (page->blocks, block);
}

void
imh_rules_book_add_textf (ImhRulesBook *book,
                          const char   *format,
                          ...)
{
  g_autofree char *markup = NULL;
  va_list args;

  va_start (args, format);
  markup = g_markup_vprintf_escaped (format, args);
  va_end (args);
  imh_rules_book_add_text (book, markup);
}

void
imh_rules_book_add_figure (ImhRulesBook      *book,
                           const ImhState    *state,
                           const ImhDecision *focus,
                           guint              n_focus,
                           const char        *caption)
{
  ImhRulesPage *page = last_page (book);
  ImhRulesBlock *block;

  g_return_if_fail (page != NULL && state != NULL);
  g_return_if_fail (n_focus <= IMH_RULES_FIGURE_MAX_FOCUS);
  g_return_if_fail (n_focus == 0 || focus != NULL);
  block = g_new0 (ImhRulesBlock, 1);
  block->kind = IMH_RULES_BLOCK_FIGURE;
  block->state = g_new0 (ImhState, 1);
  imh_state_copy (block->state, state);
  block->n_focus = n_focus;
  if (n_focus > 0)
    memcpy (block->focus, focus, n_focus * sizeof (ImhDecision));
  block->caption = g_strdup (caption);
  g_ptr_array_add (page->blocks, block);
}

void
imh_rules_book_add_figure_with_context (ImhRulesBook      *book,
                                        const ImhState    *state,
                                        const ImhDecision *focus,
                                        guint              n_focus,
                                        const ImhDecision *context,
                                        guint              n_context,
                                        const char        *caption)
{
  ImhRulesPage *page = last_page (book);
  ImhRulesBlock *block;

  g_return_if_fail (n_context <= IMH_RULES_FIGURE_MAX_FOCUS);
  g_return_if_fail (n_context == 0 || context != NULL);
  imh_rules_book_add_figure (book, state, focus, n_focus, caption);
  g_return_if_fail (page != NULL && page->blocks->len > 0);
  block = g_ptr_array_index (page->blocks, page->blocks->len - 1);
  block->n_context = n_context;
  if (n_context > 0)
    memcpy (block->context, context, n_context * sizeof (ImhDecision));
}

guint
imh_rules_book_get_n_pages (ImhRulesBook *book)
{
  return book->pages->len;
}

const ImhRulesPage *
imh_rules_book_get_page (ImhRulesBook *book,
                         guint         index)
{
  g_return_val_if_fail (index < book->pages->len, NULL);
  return g_ptr_array_index (book->pages, index);
}

int
imh_rules_book_find_page (ImhRulesBook *book,
                          const char   *id)
{
  for (guint i = 0; i < book->pages->len; i++)
    {
      const ImhRulesPage *page = g_ptr_array_index (book->pages, i);

      if (g_strcmp0 (page->id, id) == 0)
        return (int) i;
    }
  return -1;
}

char *
imh_rules_book_dup_text (ImhRulesBook *book)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < book->pages->len; i++)
    {
      const ImhRulesPage *page = g_ptr_array_index (book->pages, i);

      g_string_append_printf (text, "%s\n", page->title);
      for (guint j = 0; j < page->blocks->len; j++)
        {
          const ImhRulesBlock *block = g_ptr_array_index (page->blocks, j);
          g_autofree char *plain = NULL;

          if (block->kind == IMH_RULES_BLOCK_TEXT)
            {
              if (!pango_parse_markup (block->markup, -1, 0, NULL, &plain, NULL, NULL))
                plain = g_strdup (block->markup);
            }
          else if (block->caption != NULL)
            plain = g_strdup (block->caption);
          if (plain != NULL)
            g_string_append_printf (text, "%s\n", plain);
        }
    }
  return g_string_free (text, FALSE);
}

ImhRulesBook *
imh_rules_book_new_for_game (ImhGameKind kind)
{
  return kind == IMH_GAME_DUEL ? imh_duel_rules_book_new () : imh_classic_rules_book_new ();
}
