// Half of a deliberate import cycle that lint-boundaries.test.ts expects lint to refuse.
import { b } from './cycle-b.ts';

export const a = (): number => b() + 1;
