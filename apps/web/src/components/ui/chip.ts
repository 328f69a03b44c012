/** A toggle chip in a row of choices (categories, topics): filled when chosen. */
export const chipClass = (active: boolean) =>
  `shrink-0 rounded-full border px-3 py-2 text-sm font-medium min-h-10 ${
    active ? 'border-brand-800 bg-brand-800 text-white' : 'border-stone-300 bg-white text-stone-800 hover:bg-stone-100'
  }`;
