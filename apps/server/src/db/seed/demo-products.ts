import type { ProductCategory, ProductSpecs } from '@ecogrid/core';

export type DemoProduct = {
  sku: string;
  name: string;
  category: ProductCategory;
  brand: string;
  price: number;
  stock: number;
  loanEligible: boolean;
  description: string;
  specs: ProductSpecs;
};

const spec = (
  panelWatts: number | null,
  batteryWh: number | null,
  lights: number | null,
  warrantyMonths: number,
  appliancesIncluded: string[] = [],
): ProductSpecs => ({ panelWatts, batteryWh, lights, appliancesIncluded, warrantyMonths });

/** Demo catalogue: products and prices a Ugandan solar distributor would stock (VAT inclusive). */
export const demoProducts: DemoProduct[] = [
  // Solar lanterns
  {
    sku: 'LAN-SKP-01',
    name: 'Sun King Pico Plus',
    category: 'solar-lanterns',
    brand: 'Sun King',
    price: 45_000,
    stock: 240,
    loanEligible: false,
    description:
      'Pocket solar lantern with a built-in panel: up to 72 hours of light on the lowest setting. Hang it, stand it or carry it.',
    specs: spec(1, 4, 1, 24),
  },
  {
    sku: 'LAN-DLS-30',
    name: 'd.light S30 Study Lamp',
    category: 'solar-lanterns',
    brand: 'd.light',
    price: 35_000,
    stock: 310,
    loanEligible: false,
    description:
      'Bright study lamp for children doing homework after dark. Four hours of sun gives a full evening of reading light.',
    specs: spec(1, 3, 1, 24),
  },
  {
    sku: 'LAN-DLS-200',
    name: 'd.light S200 Lantern with Phone Charging',
    category: 'solar-lanterns',
    brand: 'd.light',
    price: 75_000,
    stock: 180,
    loanEligible: false,
    description:
      'Lantern and phone charger in one: light the house and keep a phone topped up from a separate 1.5 W panel.',
    specs: spec(2, 8, 1, 24, ['USB phone charging']),
  },
  {
    sku: 'LAN-SKB-01',
    name: 'Sun King Boom Radio Lantern',
    category: 'solar-lanterns',
    brand: 'Sun King',
    price: 180_000,
    stock: 95,
    loanEligible: true,
    description:
      'FM radio, Bluetooth speaker, torch and phone charger powered by a 6 W panel. Loud enough for the whole compound.',
    specs: spec(6, 22, 1, 24, ['FM radio', 'Bluetooth speaker', 'USB phone charging']),
  },
  {
    sku: 'LAN-FXS-02',
    name: 'Fenix Sunny Lantern Duo',
    category: 'solar-lanterns',
    brand: 'Fenix',
    price: 55_000,
    stock: 150,
    loanEligible: false,
    description:
      'Two-brightness lantern with a detachable 2 W panel and a sturdy hook, built for dusty roads and daily handling.',
    specs: spec(2, 6, 1, 12),
  },

  // Solar home systems
  {
    sku: 'SHS-SKH-60',
    name: 'Sun King Home 60 System',
    category: 'solar-home-systems',
    brand: 'Sun King',
    price: 650_000,
    stock: 75,
    loanEligible: true,
    description:
      'Three bright room lights, a torch and phone charging from a 6 W panel. The starter system for a two-room house.',
    specs: spec(6, 33, 3, 24, ['Portable torch', 'USB phone charging']),
  },
  {
    sku: 'SHS-SKH-120',
    name: 'Sun King Home 120 Plus',
    category: 'solar-home-systems',
    brand: 'Sun King',
    price: 1_250_000,
    stock: 60,
    loanEligible: true,
    description:
      'Four room lights, an FM radio and fast phone charging from a 12 W panel. Lights a family home every night of the year.',
    specs: spec(12, 58, 4, 36, ['FM radio', 'USB phone charging']),
  },
  {
    sku: 'SHS-DLX-850',
    name: 'd.light X850 Home System',
    category: 'solar-home-systems',
    brand: 'd.light',
    price: 900_000,
    stock: 55,
    loanEligible: true,
    description: 'Expandable home system with three lights, a rechargeable torch and a radio; add a TV or fan later.',
    specs: spec(10, 44, 3, 24, ['Rechargeable torch', 'FM radio']),
  },
  {
    sku: 'SHS-FRP-40',
    name: 'Fenix ReadyPay Power 40',
    category: 'solar-home-systems',
    brand: 'Fenix',
    price: 850_000,
    stock: 70,
    loanEligible: true,
    description:
      'A 40 W panel and lithium battery that run four lights, a radio and phone charging, paid for in small mobile-money instalments.',
    specs: spec(40, 154, 4, 36, ['FM radio', 'USB phone charging']),
  },
  {
    sku: 'SHS-SNW-100',
    name: 'SolarNow 100 W Home Power Kit',
    category: 'solar-home-systems',
    brand: 'SolarNow',
    price: 2_400_000,
    stock: 30,
    loanEligible: true,
    description:
      'Installed 100 W system with six lights and sockets for a TV, radio and clippers. Fitted by a certified technician.',
    specs: spec(100, 960, 6, 36, ['Hair clipper socket', 'USB phone charging']),
  },

  // TV kits
  {
    sku: 'TVK-SKT-32',
    name: 'Sun King 32" Solar TV Kit',
    category: 'tv-kits',
    brand: 'Sun King',
    price: 2_800_000,
    stock: 25,
    loanEligible: true,
    description:
      'A 32-inch energy-saving TV with a satellite dish, a 50 W panel and four lights. Free-to-air channels with no monthly fee.',
    specs: spec(50, 240, 4, 24, ['32" TV', 'Satellite dish and decoder', 'USB phone charging']),
  },
  {
    sku: 'TVK-DLX-1000',
    name: 'd.light X1000 with 24" TV',
    category: 'tv-kits',
    brand: 'd.light',
    price: 2_200_000,
    stock: 35,
    loanEligible: true,
    description: 'Home system with a 24-inch TV, four lights and a radio. Watch the news and football on sunshine.',
    specs: spec(40, 200, 4, 24, ['24" TV', 'FM radio']),
  },
  {
    sku: 'TVK-FXT-24',
    name: 'Fenix 24" TV and Power Bundle',
    category: 'tv-kits',
    brand: 'Fenix',
    price: 1_900_000,
    stock: 40,
    loanEligible: true,
    description:
      'A 24-inch DC television with four lights and phone charging from a 40 W panel. Built to run all evening.',
    specs: spec(40, 154, 4, 24, ['24" TV', 'USB phone charging']),
  },
  {
    sku: 'TVK-SNW-43',
    name: 'SolarNow 43" Smart TV Package',
    category: 'tv-kits',
    brand: 'SolarNow',
    price: 4_600_000,
    stock: 12,
    loanEligible: true,
    description: 'A 43-inch smart TV on a 200 W system with eight lights, for trading centres, bars and larger homes.',
    specs: spec(200, 1_920, 8, 36, ['43" smart TV', 'Satellite dish and decoder']),
  },

  // Fridges
  {
    sku: 'FRG-SNW-100',
    name: 'SolarNow 100 L Solar Fridge',
    category: 'fridges',
    brand: 'SolarNow',
    price: 3_600_000,
    stock: 18,
    loanEligible: true,
    description:
      'DC fridge that keeps drinks cold for a shop or milk fresh for a household, powered by its own 150 W panel.',
    specs: spec(150, 1_200, null, 36),
  },
  {
    sku: 'FRG-SDZ-165',
    name: 'SunDanzer 165 L Chest Fridge',
    category: 'fridges',
    brand: 'SunDanzer',
    price: 4_200_000,
    stock: 10,
    loanEligible: true,
    description:
      'Thick-walled chest fridge that stays cold through the night with very little power. Popular with dairy farmers.',
    specs: spec(200, 1_440, null, 24),
  },
  {
    sku: 'FRG-SKF-200',
    name: 'Solar Chest Freezer 200 L',
    category: 'fridges',
    brand: 'Sun King',
    price: 5_800_000,
    stock: 8,
    loanEligible: true,
    description:
      'Freezer for fishmongers and butchers: freezes down to -18 °C on a 300 W solar array with a lithium battery.',
    specs: spec(300, 2_400, null, 24),
  },
  {
    sku: 'FRG-FLC-60',
    name: 'Felicity 60 L Fridge for Small Shops',
    category: 'fridges',
    brand: 'Felicity Solar',
    price: 2_300_000,
    stock: 20,
    loanEligible: true,
    description: 'Compact upright DC fridge for a kiosk, with a glass door to show the sodas to customers.',
    specs: spec(100, 600, null, 12),
  },

  // Water pumps
  {
    sku: 'PMP-SCR-02',
    name: 'SunCulture RainMaker2 Pump Kit',
    category: 'water-pumps',
    brand: 'SunCulture',
    price: 3_500_000,
    stock: 15,
    loanEligible: true,
    description:
      'Solar irrigation pump with panels: lifts water from a well or river to water up to two acres of crops.',
    specs: spec(300, null, null, 24, ['Hose kit']),
  },
  {
    sku: 'PMP-FTP-SF2',
    name: 'Futurepump SF2 Solar Pump',
    category: 'water-pumps',
    brand: 'Futurepump',
    price: 2_300_000,
    stock: 22,
    loanEligible: true,
    description:
      'Surface pump on wheels for smallholder farms. Pumps up to 3,000 litres an hour from a 7 m suction depth.',
    specs: spec(120, null, null, 60),
  },
  {
    sku: 'PMP-LRZ-150',
    name: 'Lorentz PS2-150 Borehole Pump',
    category: 'water-pumps',
    brand: 'Lorentz',
    price: 6_500_000,
    stock: 6,
    loanEligible: true,
    description: 'Submersible borehole pump for schools, clinics and farms, fed by a 400 W array with a controller.',
    specs: spec(400, null, null, 24),
  },
  {
    sku: 'PMP-SKW-01',
    name: 'Sun King Water Kit 80 W',
    category: 'water-pumps',
    brand: 'Sun King',
    price: 1_650_000,
    stock: 28,
    loanEligible: true,
    description: 'Small submersible pump for a shallow well or tank, with an 80 W panel and 20 m of pipe.',
    specs: spec(80, null, null, 24, ['20 m pipe']),
  },

  // Clean cookstoves
  {
    sku: 'CKS-BRN-XT',
    name: 'BURN Jikokoa Xtra Charcoal Stove',
    category: 'cookstoves',
    brand: 'BURN',
    price: 120_000,
    stock: 200,
    loanEligible: false,
    description:
      'Efficient charcoal stove that uses up to half the charcoal of a traditional sigiri and makes far less smoke.',
    specs: spec(null, null, null, 24),
  },
  {
    sku: 'CKS-ENV-5000',
    name: 'Envirofit M-5000 Wood Stove',
    category: 'cookstoves',
    brand: 'Envirofit',
    price: 95_000,
    stock: 160,
    loanEligible: false,
    description:
      'Wood stove with an insulated chamber: cooks matooke and beans on fewer sticks, with less smoke in the kitchen.',
    specs: spec(null, null, null, 12),
  },
  {
    sku: 'CKS-MMO-01',
    name: 'Mimi Moto Pellet Gasifier Stove',
    category: 'cookstoves',
    brand: 'Mimi Moto',
    price: 210_000,
    stock: 60,
    loanEligible: true,
    description: 'Fan-assisted stove that burns biomass pellets with a clean blue flame, as fast as gas.',
    specs: spec(null, 10, null, 12, ['USB phone charging']),
  },
  {
    sku: 'CKS-ECP-06',
    name: 'Electric Pressure Cooker 6 L (eCooking)',
    category: 'cookstoves',
    brand: 'ECOCA',
    price: 350_000,
    stock: 45,
    loanEligible: true,
    description:
      'Efficient electric pressure cooker that cooks beans in 40 minutes; runs on the grid or a large solar system.',
    specs: spec(null, null, null, 12),
  },

  // Batteries
  {
    sku: 'BAT-FLC-200G',
    name: 'Felicity 12 V 200 Ah Gel Battery',
    category: 'batteries',
    brand: 'Felicity Solar',
    price: 1_450_000,
    stock: 40,
    loanEligible: true,
    description:
      'Deep-cycle gel battery for solar systems, maintenance-free and made for daily charging and discharging.',
    specs: spec(null, 2_400, null, 12),
  },
  {
    sku: 'BAT-CEX-100',
    name: 'Chloride Exide 12 V 100 Ah Solar Battery',
    category: 'batteries',
    brand: 'Chloride Exide',
    price: 850_000,
    stock: 55,
    loanEligible: true,
    description: 'Tubular deep-cycle battery built for African heat, the workhorse of small solar installations.',
    specs: spec(null, 1_200, null, 12),
  },
  {
    sku: 'BAT-LFP-100',
    name: 'LiFePO4 12.8 V 100 Ah Lithium Battery',
    category: 'batteries',
    brand: 'Felicity Solar',
    price: 2_600_000,
    stock: 25,
    loanEligible: true,
    description:
      'Lithium iron phosphate battery with a built-in management system: over 3,000 cycles, half the weight of lead-acid.',
    specs: spec(null, 1_280, null, 60),
  },
  {
    sku: 'BAT-PWB-20',
    name: 'Solar Power Bank 20,000 mAh',
    category: 'batteries',
    brand: 'd.light',
    price: 90_000,
    stock: 140,
    loanEligible: false,
    description: 'Rugged power bank with a fold-out panel and torch. Charges a smartphone four times.',
    specs: spec(3, 74, 1, 12, ['USB phone charging']),
  },

  // Inverters
  {
    sku: 'INV-VIC-500',
    name: 'Victron Phoenix 12/500 Inverter',
    category: 'inverters',
    brand: 'Victron Energy',
    price: 1_300_000,
    stock: 20,
    loanEligible: true,
    description:
      'Pure sine wave inverter that runs TVs, laptops and clippers from a 12 V battery, silently and reliably.',
    specs: spec(null, null, null, 60),
  },
  {
    sku: 'INV-MST-3K',
    name: 'Must PV18 3 kVA Hybrid Inverter',
    category: 'inverters',
    brand: 'Must',
    price: 2_900_000,
    stock: 14,
    loanEligible: true,
    description:
      'Hybrid inverter with a built-in MPPT charger: solar first, then battery, then UMEME power when it is there.',
    specs: spec(null, null, null, 24),
  },
  {
    sku: 'INV-FLC-5K',
    name: 'Felicity IVEM 5 kVA Hybrid Inverter',
    category: 'inverters',
    brand: 'Felicity Solar',
    price: 4_200_000,
    stock: 9,
    loanEligible: true,
    description: 'Inverter for a shop or large home: runs a fridge, TV and lights, with Wi-Fi monitoring from a phone.',
    specs: spec(null, null, null, 24),
  },
  {
    sku: 'INV-GRW-3K',
    name: 'Growatt SPF 3000 Off-Grid Inverter',
    category: 'inverters',
    brand: 'Growatt',
    price: 2_600_000,
    stock: 16,
    loanEligible: true,
    description: 'Off-grid inverter with a clear display and a solar charge controller, for homes far from the grid.',
    specs: spec(null, null, null, 24),
  },
];
