import { describe, expect, it } from 'vitest';
import { authPath, safeRedirect } from './api.ts';

describe('authPath', () => {
  it('remembers the origin in the redirect parameter', () => {
    expect(authPath('/cart')).toBe('/auth?redirect=%2Fcart');
    expect(authPath('/customer/wallet?tab=1')).toBe('/auth?redirect=%2Fcustomer%2Fwallet%3Ftab%3D1');
    expect(authPath('/')).toBe('/auth');
  });
});

describe('safeRedirect', () => {
  it('accepts paths on this site only', () => {
    expect(safeRedirect('/cart')).toBe('/cart');
    for (const hostile of ['//evil.example', 'https://evil.example', '/\\evil.example', null, '']) {
      expect(safeRedirect(hostile)).toBe('/marketplace');
    }
  });
});
