import type { AdminCategory, AdminProduct, ProductDetail, StockMovement } from './api.ts';

export const PRODUCT_ID = '0b6f1c2e-4a5d-4e8f-9a7b-1c2d3e4f5a6b';
export const UPLOADED = '/media/products/0123456789abcdef0123456789abcdef.webp';

/** A product as the admin API answers it; each test changes what it is about. */
export const aProduct = (changes: Partial<AdminProduct> = {}): AdminProduct => ({
  id: PRODUCT_ID,
  sku: 'LAN-SKP-01',
  name: 'Sun King Pico Plus',
  slug: 'sun-king-pico-plus',
  description: 'A small solar lantern with a phone charger.',
  category: 'solar-lanterns',
  brand: 'Sun King',
  price: 45_000,
  images: [UPLOADED, '/img/products/pico-2.svg'],
  specs: { panelWatts: 1, batteryWh: 4, lights: 1, appliancesIncluded: [], warrantyMonths: 24 },
  stock: 12,
  active: true,
  loanEligible: true,
  taxClass: 'exempt',
  createdAt: '2026-03-01T08:00:00.000Z',
  updatedAt: '2026-03-01T08:00:00.000Z',
  ...changes,
});

export const aCategory = (changes: Partial<AdminCategory> = {}): AdminCategory => ({
  slug: 'solar-lanterns',
  name: 'Solar lanterns',
  position: 1,
  active: true,
  productCount: 3,
  activeProductCount: 2,
  createdAt: '2026-01-01T08:00:00.000Z',
  ...changes,
});

export const CATEGORIES = [
  aCategory(),
  aCategory({ slug: 'fridges', name: 'Fridges', position: 2, productCount: 1, activeProductCount: 1 }),
  aCategory({
    slug: 'old-shelf',
    name: 'Old shelf',
    position: 3,
    active: false,
    productCount: 0,
    activeProductCount: 0,
  }),
];

export const aMovement = (changes: Partial<StockMovement> = {}): StockMovement => ({
  id: 1,
  kind: 'adjustment',
  change: 12,
  stockAfter: 12,
  reason: 'Opening stock',
  orderId: null,
  actorId: 'admin-1',
  actorName: 'Grace Admin',
  createdAt: '2026-03-01T08:00:00.000Z',
  ...changes,
});

export const aDetail = (product = aProduct()): ProductDetail => ({
  product,
  movements: { items: [aMovement()], nextCursor: null },
  audit: [],
});
