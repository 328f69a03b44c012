import { describe, expect, it } from 'vitest';
import { readIdentifier } from './identifier.ts';

describe('readIdentifier', () => {
  it('reads an email address and a phone number in either form', () => {
    expect(readIdentifier(' sarah@example.ug ')).toEqual({ kind: 'email', value: 'sarah@example.ug' });
    expect(readIdentifier('0772 123456')).toEqual({ kind: 'phone', value: '0772 123456' });
    expect(readIdentifier('+256-772-123456')).toEqual({ kind: 'phone', value: '+256-772-123456' });
    expect(readIdentifier('   ')).toBeNull();
  });
});
