import { describe, expect, it } from 'vitest';
import { impactFigures } from './impact.ts';

describe('the transformation plan’s figures', () => {
  it('turns days of power into energy, kerosene and CO2 by the stated factors', () => {
    // 300 home-system days at 100 Wh and 200 lantern days at 10 Wh: 30 + 2 = 32 kWh. 500
    // household-days at 0.15 litres: 75 litres of kerosene, at 2.5 kg a litre: 187.5 → 188 kg.
    const figures = impactFigures({
      unitsSold: 7,
      householdsServed: 5,
      powerDaysByCategory: { 'solar-home-systems': 300, 'solar-lanterns': 200 },
    });
    expect(figures).toMatchObject({
      unitsSold: 7,
      householdsServed: 5,
      powerDays: 500,
      kwhDelivered: 32,
      keroseneLitresAvoided: 75,
      co2KgAvoided: 188,
    });
  });

  it('gives a category without its own figure the default 50 Wh a day', () => {
    const figures = impactFigures({ unitsSold: 1, householdsServed: 1, powerDaysByCategory: { cookstoves: 30 } });
    expect(figures.kwhDelivered).toBe(1.5);
  });

  it('is all noughts before anything is sold', () => {
    expect(impactFigures({ unitsSold: 0, householdsServed: 0, powerDaysByCategory: {} })).toMatchObject({
      powerDays: 0,
      kwhDelivered: 0,
      keroseneLitresAvoided: 0,
      co2KgAvoided: 0,
    });
  });
});
