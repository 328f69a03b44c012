import { describe, expect, it } from 'vitest';
import { accountNumberValid, luhnDigit, tidyAccount } from './paybill.ts';

describe('account numbers', () => {
  it('takes the Luhn check digit the standard example gives', () => {
    expect(luhnDigit('7992739871')).toBe(3);
  });

  it('accepts a number with its check digit and refuses one digit changed or two swapped', () => {
    const good = `100000${luhnDigit('100000')}`;
    expect(accountNumberValid(good)).toBe(true);
    expect(accountNumberValid(`100001${good[6]}`)).toBe(false);
    expect(accountNumberValid(`123456${luhnDigit('123456')}`)).toBe(true);
    expect(accountNumberValid(`213456${luhnDigit('123456')}`)).toBe(false);
    expect(accountNumberValid('12345')).toBe(false);
  });

  it('grows to eight digits after the six-digit numbers run out, still checked', () => {
    const eight = `1000000${luhnDigit('1000000')}`;
    expect(accountNumberValid(eight)).toBe(true);
    expect(accountNumberValid(`1000001${eight[7]}`)).toBe(false);
    expect(accountNumberValid(`0${luhnDigit('0')}123456`)).toBe(false);
    expect(accountNumberValid(`12345678${luhnDigit('12345678')}`)).toBe(false);
  });

  it('reads an account as typed with spaces and dashes', () => {
    expect(tidyAccount(' ln-000 12 ')).toBe('LN00012');
  });
});
