import { afterEach, describe, expect, it, vi } from 'vitest';
import { dateFormat } from './date-format.ts';

afterEach(() => vi.restoreAllMocks());

const august = new Date('2026-08-05T10:00:00Z');
const march = new Date('2026-03-31T22:30:00Z');

describe('dateFormat', () => {
  it('writes Luganda months where the browser has no Luganda dates', () => {
    // As Chromium answers: it has no Luganda dates.
    vi.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf').mockReturnValue([]);
    const utc = { timeZone: 'UTC' } as const;
    expect(dateFormat('lg', { dateStyle: 'medium', ...utc }).format(august)).toBe('5 Agu 2026');
    expect(dateFormat('lg', { dateStyle: 'long', ...utc }).format(august)).toBe('5 Agusito 2026');
    expect(dateFormat('lg', { month: 'long', year: 'numeric', ...utc }).format(august)).toBe('Agusito 2026');
    // The month is the one of the zone asked for: 22:30 UTC on 31 March is 1 April in Kampala.
    expect(
      dateFormat('lg', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Kampala' }).format(march),
    ).toBe('1 Apu 2026, 01:30');
  });

  it('leaves a language the browser knows to the browser', () => {
    const utc = { dateStyle: 'medium', timeZone: 'UTC' } as const;
    expect(dateFormat('sw', utc).format(august)).toBe(new Intl.DateTimeFormat('sw', utc).format(august));
    expect(dateFormat('en', utc).format(august)).toBe(new Intl.DateTimeFormat('en', utc).format(august));
  });
});
