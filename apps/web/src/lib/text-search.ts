import MiniSearch, { type Options } from 'minisearch';

/**
 * How a word is compared in search: lower case, without accents, and with the Luganda letter
 * eng read as ng (most phones have no key for it), so "ŋ" and "ng" meet.
 */
export const searchTerm = (term: string): string =>
  term.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replace(/ŋ/g, 'ng');

/**
 * A small full-text index over documents held in the bundle: typed words match the start of
 * a word and forgive a slip of a letter or two, the way a reader on a phone keyboard types.
 */
export function textIndex<T extends { id: string }>(fields: (keyof T & string)[], documents: readonly T[]) {
  const options: Options<T> = {
    fields,
    processTerm: searchTerm,
    // A word of one or two letters ("I", "do") matches only itself, or it would match half the text.
    searchOptions: {
      prefix: (term) => term.length > 2,
      fuzzy: (term) => (term.length > 3 ? 0.2 : false),
      combineWith: 'OR',
    },
  };
  const index = new MiniSearch<T>(options);
  index.addAll(documents);
  return index;
}
