/**
 * A radio choice drawn as a bordered box around its input and words, ringed when chosen: a
 * `row` for a one-line choice, a `card` for one with lines below its title.
 */
export const choiceClass = (chosen: boolean, layout: 'row' | 'card' = 'row') =>
  `flex min-h-11 gap-3 rounded-lg border bg-white ${layout === 'row' ? 'items-center px-3 py-2' : 'items-start p-3'} ${
    chosen ? 'border-brand-700 ring-1 ring-brand-700' : 'border-stone-300'
  }`;
