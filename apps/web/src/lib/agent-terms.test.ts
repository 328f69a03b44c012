import { describe, expect, it } from 'vitest';
import { basisPointsToPercent, parseAgentTerms, percentToBasisPoints } from './agent-terms.ts';

describe('percentToBasisPoints', () => {
  it.each([
    ['2.5', 250],
    ['2.55', 255],
    ['0', 0],
    ['0.01', 1],
    ['100', 10_000],
    [' 7 ', 700],
    ['2,5', 250],
  ])('reads %s percent as %i basis points', (text, basisPoints) => {
    expect(percentToBasisPoints(text)).toBe(basisPoints);
  });

  it.each(['', '100.01', '101', '2.555', '-1', '1e2', 'abc', '.5', '2.'])('refuses %j', (text) => {
    expect(percentToBasisPoints(text)).toBeNull();
  });

  it('shows basis points as the percentage they stand for', () => {
    expect(basisPointsToPercent(250)).toBe('2.5');
    expect(basisPointsToPercent(1234)).toBe('12.34');
  });
});

describe('parseAgentTerms', () => {
  it('gives the code in capitals and the rate in basis points', () => {
    expect(parseAgentTerms(' eg-kla-001 ', '2.5')).toEqual({
      ok: true,
      agentCode: 'EG-KLA-001',
      commissionRateBp: 250,
    });
  });

  it('names every field the server would refuse', () => {
    expect(parseAgentTerms('AB', '150')).toEqual({ ok: false, errors: ['agentCode', 'commission'] });
    expect(parseAgentTerms('EG 001', '1')).toEqual({ ok: false, errors: ['agentCode'] });
    expect(parseAgentTerms('X'.repeat(21), '1')).toEqual({ ok: false, errors: ['agentCode'] });
  });
});
