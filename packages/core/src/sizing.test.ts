import { describe, expect, it } from 'vitest';
import type { ProductSpecs } from './catalog.schemas.ts';
import { applianceWh, energyNeed, powers, productDailyWh, recommendSystems, type SizedProduct } from './sizing.ts';

const specs = (
  panelWatts: number | null,
  batteryWh: number | null,
  lights: number | null,
  appliancesIncluded: string[] = [],
): ProductSpecs => ({ panelWatts, batteryWh, lights, appliancesIncluded, warrantyMonths: 24 });

const product = (name: string, price: number, category: string, s: ProductSpecs): SizedProduct => ({
  id: name,
  name,
  price,
  category,
  specs: s,
});

// Shaped like the demo catalogue's systems.
const lantern = product('Boom Radio Lantern', 180_000, 'solar-lanterns', specs(6, 22, 1, ['FM radio']));
const home60 = product('Home 60', 650_000, 'solar-home-systems', specs(6, 33, 3));
const home120 = product('Home 120 Plus', 1_250_000, 'solar-home-systems', specs(12, 58, 4, ['FM radio']));
const power40 = product('ReadyPay Power 40', 850_000, 'solar-home-systems', specs(40, 154, 4, ['FM radio']));
const tvBundle = product('24" TV Bundle', 1_900_000, 'tv-kits', specs(40, 154, 4, ['24" TV']));
const kit100 = product('100 W Kit', 2_400_000, 'solar-home-systems', specs(100, 960, 6));
const fridge = product('100 L Fridge', 3_600_000, 'fridges', specs(150, 1_200, null));
const stove = product('Charcoal Stove', 120_000, 'cookstoves', specs(null, null, null));
const catalogue = [lantern, home60, home120, power40, tvBundle, kit100, fridge, stove];

const evening = [
  { kind: 'bulb', count: 4, hours: 5 },
  { kind: 'radio', count: 1, hours: 6 },
  { kind: 'tv24', count: 1, hours: 4 },
] as const;

describe('energyNeed', () => {
  it('adds watts x count x hours and the 30 % losses margin', () => {
    // 4 x 1 W x 5 h = 20, radio 3 W x 6 h = 18, TV 15 W x 4 h = 60: 98 Wh; 98 x 1.3 = 127.4 -> 128 Wh.
    expect(energyNeed(evening)).toEqual({ appliancesWh: 98, dailyWh: 128 });
  });

  it('counts a small fridge over the whole day', () => {
    // 15 W average x 24 h = 360 Wh; 360 x 1.3 = 468 Wh.
    expect(energyNeed([{ kind: 'fridgeSmall', count: 1, hours: 24 }])).toEqual({ appliancesWh: 360, dailyWh: 468 });
  });

  it('rounds a part hour up to a whole Wh', () => {
    // Two phones, 5 W for 1.5 h: 15 Wh; a fan 10 W for 0.25 h: 2.5 -> 3 Wh; 18 x 1.3 = 23.4 -> 24 Wh.
    expect(
      energyNeed([
        { kind: 'phone', count: 2, hours: 1.5 },
        { kind: 'fan', count: 1, hours: 0.25 },
      ]),
    ).toEqual({ appliancesWh: 18, dailyWh: 24 });
  });

  it('refuses counts and hours that are not a day', () => {
    expect(() => applianceWh({ kind: 'bulb', count: 0, hours: 5 })).toThrow(RangeError);
    expect(() => applianceWh({ kind: 'bulb', count: 2.5, hours: 5 })).toThrow(RangeError);
    expect(() => applianceWh({ kind: 'bulb', count: 1, hours: 25 })).toThrow(RangeError);
    expect(() => applianceWh({ kind: 'bulb', count: 1, hours: 0 })).toThrow(RangeError);
  });
});

describe('productDailyWh', () => {
  it('is the panel watts x 5 sun hours, capped by the battery', () => {
    expect(productDailyWh(power40.specs)).toBe(154); // 40 x 5 = 200, the battery holds 154
    expect(productDailyWh(kit100.specs)).toBe(500); // 100 x 5 = 500, under the 960 Wh battery
    expect(productDailyWh(specs(80, null, null))).toBe(400); // a pump: no battery, 80 x 5
    expect(productDailyWh(stove.specs)).toBe(0);
  });
});

describe('powers', () => {
  it('runs only as many bulbs as the system has lights', () => {
    expect(powers(home120, { kind: 'bulb', count: 4 })).toBe(true);
    expect(powers(home60, { kind: 'bulb', count: 4 })).toBe(false);
  });

  it('runs a TV from a kit with one, or a home system with a large enough battery', () => {
    expect(powers(tvBundle, { kind: 'tv24', count: 1 })).toBe(true);
    expect(powers(power40, { kind: 'tv24', count: 1 })).toBe(true);
    expect(powers(home120, { kind: 'tv24', count: 1 })).toBe(false);
    expect(powers(lantern, { kind: 'tv24', count: 1 })).toBe(false);
  });

  it('runs a fridge from a fridge or a system with a large battery', () => {
    expect(powers(fridge, { kind: 'fridgeSmall', count: 1 })).toBe(true);
    expect(powers(kit100, { kind: 'fridgeSmall', count: 1 })).toBe(true);
    expect(powers(power40, { kind: 'fridgeSmall', count: 1 })).toBe(false);
  });
});

describe('recommendSystems', () => {
  it('recommends the cheapest systems that give 128 Wh and run 4 bulbs, a radio and a TV', () => {
    const result = recommendSystems(evening, catalogue);
    // Home 60 and Home 120 give 30 and 58 Wh a day, too little; the lantern has one light.
    expect(result.recommended.map((r) => [r.product.name, r.dailyWh])).toEqual([
      ['ReadyPay Power 40', 154],
      ['24" TV Bundle', 154],
      ['100 W Kit', 500],
    ]);
    expect(result.dailyWh).toBe(128);
    expect(result.unsupported).toEqual([]);
  });

  it('says which appliance no product can run, and recommends nothing then', () => {
    const result = recommendSystems([{ kind: 'tv32', count: 2, hours: 4 }, ...evening], [home60, home120]);
    expect(result.unsupported).toEqual(['tv32', 'tv24']);
    expect(result.recommended).toEqual([]);
  });

  it('recommends a lantern with a radio for one light and a radio', () => {
    const result = recommendSystems(
      [
        { kind: 'bulb', count: 1, hours: 4 },
        { kind: 'radio', count: 1, hours: 3 },
      ],
      catalogue,
      1,
    );
    // 4 + 9 = 13 Wh; 13 x 1.3 = 16.9 -> 17 Wh; the lantern gives min(6 x 5, 22) = 22 Wh.
    expect(result.dailyWh).toBe(17);
    expect(result.recommended.map((r) => r.product.name)).toEqual(['Boom Radio Lantern']);
  });
});
