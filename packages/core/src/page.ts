import { z } from 'zod';

/** One page of a newest-first list; `nextCursor` is null on the last page. */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });
export type Page<T> = { items: T[]; nextCursor: string | null };
