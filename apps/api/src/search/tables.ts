/** The search module's table: the vocabulary of the products' names. */
import { pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The words of the products' normalised names (`search_name`), four letters or more: the vocabulary
 * the typo-tolerant search compares a word with, instead of every name. Kept by triggers on
 * `products` (migration 0006); a word no name uses any more matches nothing.
 */
export const searchWords = pgTable('search_words', {
  word: text('word').primaryKey(),
});
