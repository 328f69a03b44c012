import type { ProductSpecs } from './catalog.schemas.ts';

/**
 * Sizing a solar system for a household: the appliances it wants to run, how many and for how
 * many hours a day, give the energy it needs each day; products whose daily energy meets it and
 * that power every appliance are recommended, cheapest first. Pure arithmetic, shared by the
 * assistant page and anything on the server that wants the same answer.
 */

/**
 * Typical draw of the efficient DC appliances sold with solar home systems, in watts. A fridge
 * is given as its average over a day (the compressor runs about a third of the time), so its
 * hours are the day's 24.
 */
export const APPLIANCES = {
  bulb: { watts: 1, hours: 5 },
  radio: { watts: 3, hours: 6 },
  phone: { watts: 5, hours: 2 },
  fan: { watts: 10, hours: 6 },
  clipper: { watts: 10, hours: 2 },
  tv24: { watts: 15, hours: 4 },
  tv32: { watts: 25, hours: 4 },
  fridgeSmall: { watts: 15, hours: 24 },
} as const satisfies Record<string, { watts: number; hours: number }>;

export type ApplianceKind = keyof typeof APPLIANCES;
export const APPLIANCE_KINDS = Object.keys(APPLIANCES) as ApplianceKind[];

/**
 * What is lost between the panel and the appliance (battery charge and discharge, the charge
 * controller, wiring, dust on the panel), added to the appliances' own need: 30 %.
 */
export const LOSS_MARGIN_PERCENT = 30;

/** Peak sun hours a day in Uganda, on the equator: a panel of W watts gives about W x 5 Wh a day. */
export const PEAK_SUN_HOURS = 5;

/** A battery at least this large (Wh) in a home system runs a 24" DC TV and lights for an evening. */
export const TV_BATTERY_WH = 150;
/** A battery at least this large (Wh) runs a small fridge through the night. */
export const FRIDGE_BATTERY_WH = 600;

export const MAX_COUNT = 50;

export type ApplianceUse = { kind: ApplianceKind; count: number; hours: number };

/** The Wh a day of one line: watts x count x hours, rounded up to a whole Wh. */
export function applianceWh(use: ApplianceUse): number {
  if (!APPLIANCE_KINDS.includes(use.kind)) throw new RangeError(`Unknown appliance: ${String(use.kind)}`);
  if (!Number.isInteger(use.count) || use.count < 1 || use.count > MAX_COUNT)
    throw new RangeError(`count must be a whole number from 1 to ${MAX_COUNT}`);
  if (!Number.isFinite(use.hours) || use.hours <= 0 || use.hours > 24)
    throw new RangeError('hours must be more than 0 and at most 24');
  return Math.ceil(APPLIANCES[use.kind].watts * use.count * use.hours);
}

export type EnergyNeed = {
  /** What the appliances use a day, in Wh. */
  appliancesWh: number;
  /** That plus the losses margin, rounded up: what a system must give a day. */
  dailyWh: number;
};

export function energyNeed(uses: readonly ApplianceUse[]): EnergyNeed {
  const appliancesWh = uses.reduce((sum, use) => sum + applianceWh(use), 0);
  return { appliancesWh, dailyWh: Math.ceil((appliancesWh * (100 + LOSS_MARGIN_PERCENT)) / 100) };
}

/** The product fields sizing reads; a catalogue product has them all. */
export type SizedProduct = {
  id: string;
  name: string;
  price: number;
  category: string;
  specs: ProductSpecs;
};

/**
 * The energy a product gives a day, in Wh: its panel's watts x the peak sun hours, but no more
 * than its battery holds when it has one (most of a home's use is after dark). No panel, no energy.
 */
export function productDailyWh(specs: ProductSpecs): number {
  if (!specs.panelWatts) return 0;
  const fromSun = specs.panelWatts * PEAK_SUN_HOURS;
  return specs.batteryWh === null ? fromSun : Math.min(fromSun, specs.batteryWh);
}

const HOME_SYSTEMS = new Set(['solar-home-systems', 'tv-kits']);
const includes = (specs: ProductSpecs, pattern: RegExp) => specs.appliancesIncluded.some((name) => pattern.test(name));
const isHomeSystem = (product: SizedProduct) => HOME_SYSTEMS.has(product.category);
const battery = (product: SizedProduct) => product.specs.batteryWh ?? 0;

/** Whether a product can run `count` of an appliance at all (its daily energy is checked apart). */
export function powers(product: SizedProduct, use: Pick<ApplianceUse, 'kind' | 'count'>): boolean {
  switch (use.kind) {
    case 'bulb':
      // The lights come with the system: it runs as many bulbs as it has.
      return (product.specs.lights ?? 0) >= use.count;
    case 'radio':
      return isHomeSystem(product) || includes(product.specs, /radio/i);
    case 'phone':
      return isHomeSystem(product) || includes(product.specs, /phone charging/i);
    case 'fan':
    case 'clipper':
      return isHomeSystem(product) && battery(product) >= TV_BATTERY_WH;
    case 'tv24':
    case 'tv32':
      return includes(product.specs, /\bTV\b/) || (isHomeSystem(product) && battery(product) >= TV_BATTERY_WH);
    case 'fridgeSmall':
      return product.category === 'fridges' || (isHomeSystem(product) && battery(product) >= FRIDGE_BATTERY_WH);
  }
}

export type Recommendation<P extends SizedProduct> = { product: P; dailyWh: number };

export type SizingResult<P extends SizedProduct> = EnergyNeed & {
  /** Products that give the energy and power every appliance, cheapest first. */
  recommended: Recommendation<P>[];
  /** Appliances no product in the catalogue can run. */
  unsupported: ApplianceKind[];
};

/** Sizes the need and picks the cheapest products that meet it (at most `limit`). */
export function recommendSystems<P extends SizedProduct>(
  uses: readonly ApplianceUse[],
  products: readonly P[],
  limit = 3,
): SizingResult<P> {
  const need = energyNeed(uses);
  const unsupported = uses.filter((use) => !products.some((p) => powers(p, use))).map((use) => use.kind);
  const recommended = products
    .map((product) => ({ product, dailyWh: productDailyWh(product.specs) }))
    .filter(({ product, dailyWh }) => dailyWh > 0 && dailyWh >= need.dailyWh && uses.every((u) => powers(product, u)))
    .sort((a, b) => a.product.price - b.product.price || a.product.name.localeCompare(b.product.name))
    .slice(0, limit);
  return { ...need, recommended, unsupported };
}
