import { describe, expect, it } from 'vitest';
import { figuresIn, unsupportedFigures } from './figure-guard.ts';

const PRODUCT = [
  'Sun King Home 120 (Sun King): a home system with four lights and a radio.',
  'Cash price: UGX 1,250,000. Can be bought on credit: the product page shows each plan.',
  'Panel 12 W, battery 58 Wh, 4 lights, includes radio, warranty 24 months.',
].join('\n');
const WARRANTY = 'Every system has a warranty of 24 months from the day it is delivered.';

const refusedBy = (answer: string) => unsupportedFigures(answer, [PRODUCT, WARRANTY]);

describe('the figures a model’s answer may name', () => {
  it('reads numbers as values, and a numbered list’s markers as none', () => {
    expect([...figuresIn('UGX 1,250,000 or 1 250 000 or 1250000')]).toEqual(['1250000']);
    expect([...figuresIn('1. Open the order.\n2) Pay.\nChoose 1, 2 or 3 lights.')]).toEqual(['1', '2', '3']);
    expect([...figuresIn('５０,０００')]).toEqual(['50000']);
  });

  it('lets through the catalogue’s price, its specifications and the answers’ terms', () => {
    expect(refusedBy('It costs UGX 1,250,000 in cash, with 4 lights and a 12 W panel.')).toEqual([]);
    expect(refusedBy('UGX 1,250,000 for 4 lights.')).toEqual([]);
    expect(refusedBy('The warranty lasts 24 months.\n1. Open your loan.\n2. Choose Report a fault.')).toEqual([]);
    expect(refusedBy('Yes, it has a radio.')).toEqual([]);
    // Money named without an amount is no figure: "pay the money by mobile money".
    expect(refusedBy('Sasula ssente ku mobile money.')).toEqual([]);
  });

  it('refuses a price, an amount or a term the sources do not give, however it is written', () => {
    expect(refusedBy('It costs UGX 99,000 a month.')).not.toEqual([]);
    expect(refusedBy('Pay 50k a month.')).not.toEqual([]);
    expect(refusedBy('About 1.2 million shillings.')).not.toEqual([]);
    expect(refusedBy('It is fifty thousand shillings.')).not.toEqual([]);
    expect(refusedBy('Ni shilingi elfu hamsini.')).not.toEqual([]);
    expect(refusedBy('It costs UGX 12.')).not.toEqual([]);
    expect(refusedBy('It costs ５０,０００ a month.')).not.toEqual([]);
    expect(refusedBy('It costs ٥٠ a month.')).not.toEqual([]);
    expect(refusedBy('The first 3 months are free.')).not.toEqual([]);
    expect(refusedBy('Pay 20,000/= each week.')).not.toEqual([]);
  });

  it('does not take a source’s label or the question as a source', () => {
    // "[P1]" labels the product in the prompt; its 1 is not a figure the product gives.
    expect(unsupportedFigures('It costs UGX 1 each day.', ['Cash price: UGX 1,250,000.'])).not.toEqual([]);
  });
});
