import { z } from 'zod';

/**
 * The transformation plan's figures: from units sold and the days of power customers bought with
 * tokens, the energy delivered, the kerosene it replaced and the CO2 that was not burned. The
 * factors are assumptions, stated here once and shown on the page beside the figures.
 */

/**
 * The energy a unit of each category gives a household on a day of use, in watt-hours. The
 * catalogue records a panel's watts but not a unit's daily energy, so these are assumptions per
 * category (a lantern lights a room for an evening; a home system runs four lights, a radio and
 * phone charging; a TV kit adds a television).
 */
export const WH_PER_DAY_BY_CATEGORY: Record<string, number> = {
  'solar-lanterns': 10,
  'solar-home-systems': 100,
  'tv-kits': 200,
  fridges: 600,
  'water-pumps': 800,
};
/** Any other category's daily energy, in watt-hours. */
export const DEFAULT_WH_PER_DAY = 50;

/**
 * Kerosene a household burns for light on a day without solar: about 55 litres a year, the figure
 * commonly quoted for an African household lit by kerosene lamps (one lamp burns about 0.07 litres
 * an hour, two hours an evening).
 */
export const KEROSENE_LITRES_PER_HOUSEHOLD_DAY = 0.15;
export const KEROSENE_SOURCE =
  'About 55 litres a year per household lit by kerosene, as quoted in "Solar lantern provides ray of hope for Africa" (EcoRadio); a lamp burns about 0.07 litres an hour.';

/** CO2 from burning a litre of kerosene: the IPCC 2006 default, 71.9 t CO2 per TJ, at 0.8 kg and 43.8 MJ a litre. */
export const CO2_KG_PER_LITRE = 2.5;

export type ImpactInputs = {
  unitsSold: number;
  householdsServed: number;
  /** Days of power bought with tokens, by the category of the unit they were for. */
  powerDaysByCategory: Record<string, number>;
};

const tenths = (value: number) => Math.round(value * 10) / 10;

export const impactSchema = z.object({
  unitsSold: z.number().int().describe('Units on orders paid for and not cancelled'),
  householdsServed: z.number().int().describe('Customers with at least one such order'),
  powerDays: z.number().int().describe('Days of power bought with device tokens'),
  kwhDelivered: z.number().describe('Estimated: each day of power times its category’s daily energy, in kWh'),
  keroseneLitresAvoided: z.number().describe('Each day of power is a household-day not lit by kerosene'),
  co2KgAvoided: z.number().int(),
  method: z.object({
    whPerDayByCategory: z.record(z.string(), z.number()),
    defaultWhPerDay: z.number(),
    keroseneLitresPerHouseholdDay: z.number(),
    keroseneSource: z.string(),
    co2KgPerLitre: z.number(),
  }),
});
export type Impact = z.infer<typeof impactSchema>;

/** The figures from the counts, with the method that made them. */
export function impactFigures(inputs: ImpactInputs): Impact {
  let powerDays = 0;
  let wattHours = 0;
  for (const [category, days] of Object.entries(inputs.powerDaysByCategory)) {
    powerDays += days;
    wattHours += days * (WH_PER_DAY_BY_CATEGORY[category] ?? DEFAULT_WH_PER_DAY);
  }
  const litres = powerDays * KEROSENE_LITRES_PER_HOUSEHOLD_DAY;
  return {
    unitsSold: inputs.unitsSold,
    householdsServed: inputs.householdsServed,
    powerDays,
    kwhDelivered: tenths(wattHours / 1000),
    keroseneLitresAvoided: tenths(litres),
    co2KgAvoided: Math.round(litres * CO2_KG_PER_LITRE),
    method: {
      whPerDayByCategory: WH_PER_DAY_BY_CATEGORY,
      defaultWhPerDay: DEFAULT_WH_PER_DAY,
      keroseneLitresPerHouseholdDay: KEROSENE_LITRES_PER_HOUSEHOLD_DAY,
      keroseneSource: KEROSENE_SOURCE,
      co2KgPerLitre: CO2_KG_PER_LITRE,
    },
  };
}
