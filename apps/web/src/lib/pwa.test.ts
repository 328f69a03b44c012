import { describe, expect, it } from 'vitest';
import { isChunkLoadError } from './pwa.ts';

describe('isChunkLoadError', () => {
  it('recognises the errors browsers raise for a missing lazy chunk', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
  });

  it('leaves other errors to the generic screen', () => {
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('boom')).toBe(false);
  });
});
