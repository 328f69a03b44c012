import { describe, expect, it } from 'vitest';
import { powerLeft, type AcceptedToken } from './power-days.ts';

const add = (count: number, days: number, issuedOn: string): AcceptedToken => ({
  type: 'ADD_TIME',
  days,
  count,
  issuedOn,
});

describe('days of power left', () => {
  it('has none before the device took a token', () => {
    expect(powerLeft([], '2026-03-10')).toEqual({ unlocked: false, endsOn: null, daysLeft: 0 });
  });

  it('runs a 30-day activation on 1 March to 31 March: 21 days left on the 10th', () => {
    expect(powerLeft([add(2, 30, '2026-03-01')], '2026-03-10')).toEqual({
      unlocked: false,
      endsOn: '2026-03-31',
      daysLeft: 21,
    });
  });

  it('adds a repayment made early to the time still left, not to the day it was paid', () => {
    // 30 days from 1 March end on the 31st; 7 more paid on the 20th carry on to 7 April.
    const history = [add(2, 30, '2026-03-01'), add(4, 7, '2026-03-20')];
    expect(powerLeft(history, '2026-04-01')).toEqual({ unlocked: false, endsOn: '2026-04-07', daysLeft: 6 });
  });

  it('starts a repayment made after the power ran out from the day it was paid', () => {
    // 10 days from 1 March end on the 11th; dark from then until 7 days are paid on the 15th.
    const history = [add(2, 10, '2026-03-01'), add(4, 7, '2026-03-15')];
    expect(powerLeft(history, '2026-03-16')).toEqual({ unlocked: false, endsOn: '2026-03-22', daysLeft: 6 });
  });

  it('shows no days left, never fewer than none, once the power has run out', () => {
    expect(powerLeft([add(2, 10, '2026-03-01')], '2026-03-20')).toEqual({
      unlocked: false,
      endsOn: '2026-03-11',
      daysLeft: 0,
    });
  });

  it('replaces the time left with a SET_TIME token, as a swapped unit gets the days carried', () => {
    const history: AcceptedToken[] = [
      add(2, 30, '2026-03-01'),
      { type: 'SET_TIME', days: 5, count: 3, issuedOn: '2026-03-10' },
    ];
    expect(powerLeft(history, '2026-03-10')).toEqual({ unlocked: false, endsOn: '2026-03-15', daysLeft: 5 });
  });

  it('reads the tokens in the order the device counted them, whatever order they come in', () => {
    const history = [add(4, 7, '2026-03-20'), add(2, 30, '2026-03-01')];
    expect(powerLeft(history, '2026-03-31').endsOn).toBe('2026-04-07');
  });

  it('leaves the time alone on a counter resync', () => {
    const history: AcceptedToken[] = [
      add(2, 30, '2026-03-01'),
      { type: 'COUNTER_SYNC', days: null, count: 3, issuedOn: '2026-03-05' },
    ];
    expect(powerLeft(history, '2026-03-05')).toMatchObject({ endsOn: '2026-03-31', daysLeft: 26 });
  });

  it('is unlocked for good after the paid-off token, whatever came before', () => {
    const history: AcceptedToken[] = [
      add(2, 30, '2026-03-01'),
      { type: 'DISABLE_PAYG', days: null, count: 3, issuedOn: '2026-03-20' },
    ];
    expect(powerLeft(history, '2027-01-01')).toEqual({ unlocked: true, endsOn: null, daysLeft: null });
  });
});
