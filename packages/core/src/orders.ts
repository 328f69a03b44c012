import { z } from 'zod';
import { uuidSchema } from './ids.ts';
import { MOBILE_NETWORKS, PAYMENT_METHODS, mobileNumberSchema, networkSchema } from './payments.ts';

// ---- cart ----

export const PAYMENT_MODES = ['cash', 'loan'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

/** The most of one product a cart line (and so an order line) may hold. */
export const MAX_LINE_QUANTITY = 50;
/** The most lines one cart may hold. */
export const MAX_CART_LINES = 30;

export const CART_MESSAGES = {
  added: 'Product added to cart',
  addFailed: 'Failed to add product to cart',
  updateFailed: 'Failed to update cart',
  removed: 'Product removed from cart',
  removeFailed: 'Failed to remove product',
  clearFailed: 'Failed to clear cart',
} as const;

const quantity = z
  .number({ error: 'Quantity must be a whole number' })
  .int('Quantity must be a whole number')
  .max(MAX_LINE_QUANTITY, `At most ${MAX_LINE_QUANTITY} of one product per order`);

export const addToCartSchema = z.strictObject({
  productId: uuidSchema('product id'),
  quantity: quantity.min(1, 'Quantity must be at least 1').default(1),
  paymentMode: z.enum(PAYMENT_MODES, { error: 'Payment mode must be cash or loan' }).default('cash'),
});
export type AddToCart = z.input<typeof addToCartSchema>;

/** Setting a quantity of 0 or less deletes the line (spec section 4). */
export const setCartQuantitySchema = z.strictObject({
  quantity: z
    .number({ error: 'Quantity must be a whole number' })
    .int('Quantity must be a whole number')
    .min(-1_000_000, 'Quantity must be a whole number')
    .max(MAX_LINE_QUANTITY, `At most ${MAX_LINE_QUANTITY} of one product per order`),
});

export const cartLineSchema = z.object({
  id: z.uuid(),
  productId: z.uuid(),
  quantity: z.number().int(),
  paymentMode: z.enum(PAYMENT_MODES),
  product: z.object({
    name: z.string(),
    price: z.number().int(),
    imageUrl: z.string().nullable(),
    stock: z.number().int(),
    active: z.boolean(),
    loanEligible: z.boolean(),
  }),
  lineTotal: z.number().int(),
  /** Why this line cannot be bought now (inactive, not enough stock), or null. */
  problem: z.string().nullable(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

export const cartSchema = z.object({
  lines: z.array(cartLineSchema),
  count: z.number().int().describe('Items in the cart (the sum of the quantities)'),
  cashTotal: z.number().int(),
  loanTotal: z.number().int(),
});
export type Cart = z.infer<typeof cartSchema>;

// ---- tax ----

/**
 * Tax classes for the receipt. Uganda's VAT is 18% and prices are VAT inclusive; solar panels,
 * lanterns and their accessories are exempt (VAT Act, Second Schedule), and exports zero rated.
 */
export const TAX_CLASSES = ['standard', 'exempt', 'zero_rated'] as const;
export type TaxClass = (typeof TAX_CLASSES)[number];
/** VAT rates in basis points (1800 = 18%). */
export const VAT_RATES_BP: Record<TaxClass, number> = { standard: 1800, exempt: 0, zero_rated: 0 };
export const TAX_CLASS_LABELS: Record<TaxClass, string> = {
  standard: 'VAT 18%',
  exempt: 'VAT exempt',
  zero_rated: 'VAT 0%',
};

/** The VAT inside a VAT-inclusive amount, to the nearest shilling. */
export function vatIncluded(amount: number, taxClass: TaxClass): number {
  const rate = VAT_RATES_BP[taxClass];
  return rate === 0 ? 0 : Math.round((amount * rate) / (10_000 + rate));
}

// ---- delivery ----

/** Delivery fee rule set by admins: a flat fee, waived from an order value; free by default. */
export const deliveryFeeRuleSchema = z.strictObject({
  flatFee: z
    .number({ error: 'The fee must be a whole number of UGX' })
    .int('The fee must be a whole number of UGX')
    .min(0, 'The fee cannot be negative')
    .max(500_000, 'The fee is at most UGX 500,000'),
  freeFrom: z
    .number({ error: 'The threshold must be a whole number of UGX' })
    .int('The threshold must be a whole number of UGX')
    .min(0, 'The threshold cannot be negative')
    .nullable(),
});
export type DeliveryFeeRule = z.infer<typeof deliveryFeeRuleSchema>;
export const FREE_DELIVERY: DeliveryFeeRule = { flatFee: 0, freeFrom: null };

export function deliveryFee(rule: DeliveryFeeRule, subtotal: number, fulfilment: Fulfilment): number {
  if (fulfilment === 'pickup') return 0;
  if (rule.freeFrom !== null && subtotal >= rule.freeFrom) return 0;
  return rule.flatFee;
}

export const FULFILMENTS = ['delivery', 'pickup'] as const;
export type Fulfilment = (typeof FULFILMENTS)[number];

const place = (label: string) =>
  z
    .string({ error: `Choose the ${label}` })
    .trim()
    .min(1, `Choose the ${label}`)
    .max(100, `The ${label} is too long`);

export const deliveryAddressSchema = z.strictObject({
  district: place('district'),
  subCounty: place('sub-county'),
  village: place('village'),
  directions: z.string().trim().max(300, 'Directions are limited to 300 characters').default(''),
});
export type DeliveryAddress = z.infer<typeof deliveryAddressSchema>;

// ---- orders ----

export const ORDER_STATUSES = [
  'pending_payment',
  'paid',
  'processing',
  'shipped',
  'delivered',
  'completed',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Where each status may go next (DESIGN.md, Orders). */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending_payment: ['paid', 'cancelled'],
  paid: ['processing', 'cancelled'],
  processing: ['shipped'],
  shipped: ['delivered'],
  delivered: ['completed'],
  completed: [],
  cancelled: [],
};

export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** The statuses in which an order takes a delivery day: paid and not yet handed over. */
export const DELIVERY_PLAN_STATUSES: readonly OrderStatus[] = ['paid', 'processing', 'shipped'];

/** The furthest ahead an admin may promise a delivery. */
export const DELIVERY_PLAN_MAX_DAYS = 60;

/**
 * When an order should arrive (or be ready for pickup) and, for a delivery, who brings it: an
 * admin sets it while the order is paid, being prepared or on its way, and the customer is told.
 */
export const deliveryPlanSchema = z.strictObject({
  expectedOn: z.iso.date({ error: 'Give the day as YYYY-MM-DD' }),
  courier: z
    .strictObject({
      name: z.string().trim().min(2, 'Give the name of whoever brings it').max(80),
      phone: mobileNumberSchema,
    })
    .nullable()
    .default(null),
});
export type DeliveryPlan = z.infer<typeof deliveryPlanSchema>;

/** The statuses an admin moves an order to by hand ('paid' comes only from its payment). */
export const ADMIN_ORDER_MOVES = ['processing', 'shipped', 'delivered', 'completed', 'cancelled'] as const;

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: 'Waiting for payment',
  paid: 'Paid',
  processing: 'Being prepared',
  shipped: 'On the way',
  delivered: 'Delivered',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/**
 * How long an order paid by mobile money waits for its payment, from when it was placed (kept on
 * the order as its pay-by time; a sale paid in cash to an agent waits days instead). A payment
 * that fails or expires inside it leaves the order waiting (its units still reserved) for another
 * try; once it is over, the order is cancelled and its units go back on sale.
 */
export const ORDER_PAYMENT_WINDOW_MINUTES = 30;

/**
 * Paying on delivery (or at pickup): the order is placed without money, its units held, and an
 * agent brings it (or meets the customer at the pickup point) and takes the total in cash or by a
 * mobile-money prompt on the spot, through the agents' cash collection. The most one such order
 * may come to, since its units are held for nobody's money; one such order at a time per customer.
 */
export const PAY_ON_DELIVERY_MAX_TOTAL = 3_000_000;

/** Another try at paying an order that waits for payment: from the wallet, or by mobile money from a number. */
export const orderPaymentSchema = z.discriminatedUnion(
  'method',
  [
    z.strictObject({ method: z.literal('wallet') }),
    z.strictObject({ method: z.enum(MOBILE_NETWORKS), phone: mobileNumberSchema }),
  ],
  { error: 'Choose how to pay: wallet, mtn or airtel' },
);
export type OrderPayment = z.input<typeof orderPaymentSchema>;

/** Where the goods go: delivered to an address, or collected at a pickup point. */
export const fulfilmentFields = {
  fulfilment: z.enum(FULFILMENTS, { error: 'Choose delivery or pickup' }),
  address: deliveryAddressSchema.optional(),
  pickupPointId: uuidSchema('pickup point').optional(),
};

/** A delivery needs its address and a pickup its point (for a schema's superRefine). */
export function requireFulfilmentPlace(
  v: { fulfilment: Fulfilment; address?: unknown; pickupPointId?: unknown },
  ctx: z.RefinementCtx,
): void {
  if (v.fulfilment === 'delivery' && !v.address) {
    ctx.addIssue({ code: 'custom', path: ['address'], message: 'Enter the delivery address' });
  }
  if (v.fulfilment === 'pickup' && !v.pickupPointId) {
    ctx.addIssue({ code: 'custom', path: ['pickupPointId'], message: 'Choose a pickup point' });
  }
}

export const checkoutSchema = z
  .strictObject({
    ...fulfilmentFields,
    payment: z.discriminatedUnion(
      'method',
      [
        z.strictObject({ method: z.literal('wallet') }),
        z.strictObject({ method: z.literal('mobile_money'), phone: mobileNumberSchema, network: networkSchema }),
        z.strictObject({ method: z.literal('on_delivery') }),
      ],
      { error: 'Choose how to pay: wallet, mobile money or on delivery' },
    ),
  })
  .superRefine(requireFulfilmentPlace);
export type Checkout = z.input<typeof checkoutSchema>;

export const orderLineSchema = z.object({
  productId: z.uuid(),
  name: z.string(),
  sku: z.string(),
  imageUrl: z.string().nullable(),
  unitPrice: z.number().int(),
  quantity: z.number().int(),
  lineTotal: z.number().int(),
  taxClass: z.enum(TAX_CLASSES),
  vat: z.number().int(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const orderEventSchema = z.object({
  status: z.enum(ORDER_STATUSES),
  note: z.string().nullable(),
  at: z.string(),
});

export const pickupPointSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  district: z.string(),
  address: z.string(),
  phone: z.string().nullable(),
});
export type PickupPoint = z.infer<typeof pickupPointSchema>;

export const orderSummarySchema = z.object({
  id: z.uuid(),
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  total: z.number().int(),
  itemCount: z.number().int(),
  firstItem: z.string(),
  createdAt: z.string(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderSchema = orderSummarySchema.extend({
  subtotal: z.number().int(),
  deliveryFee: z.number().int(),
  vat: z.number().int(),
  fulfilment: z.enum(FULFILMENTS),
  address: deliveryAddressSchema.nullable(),
  pickupPoint: pickupPointSchema.nullable(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  paymentId: z.uuid().nullable(),
  paymentStatus: z.string().nullable(),
  paymentReference: z.string().nullable(),
  /** The mobile-money number of the order's latest payment (E.164), null for the wallet. */
  paymentPhone: z.string().nullable(),
  /**
   * While the order waits for payment and its latest payment failed, expired or was cancelled:
   * why (a network's code such as NOT_ENOUGH_FUNDS, or EXPIRED); null otherwise.
   */
  paymentFailureReason: z.string().nullable(),
  /**
   * While the order waits for payment: when it stops waiting and is cancelled (ISO) — 30 minutes
   * after it was placed, or, for a sale paid in cash to an agent, the days the cash may take; null
   * otherwise.
   */
  payBy: z.string().nullable(),
  /** The day the order should reach the customer, or be ready at the pickup point; null until an admin sets it. */
  expectedOn: z.string().nullable(),
  /** Who brings a delivered order and their phone (E.164); null until an admin names them. */
  courier: z.object({ name: z.string(), phone: z.string() }).nullable(),
  /**
   * For an order paid on delivery or at pickup: the agent who brings it and takes the money (null
   * until one is chosen: the customer's own agent at once, otherwise an admin names one). Null
   * for an order paid some other way.
   */
  payOnDelivery: z
    .object({ collector: z.object({ name: z.string(), phone: z.string().nullable() }).nullable() })
    .nullable(),
  /** The agent who sold the order for the customer (a sale paid in cash is paid to them); null otherwise. */
  soldBy: z.object({ name: z.string(), phone: z.string().nullable() }).nullable(),
  cancelReason: z.string().nullable(),
  paidAt: z.string().nullable(),
  /** Set when the order delivers a product bought on credit: the price is owed on this loan. */
  loan: z.object({ id: z.uuid(), number: z.string(), deposit: z.number().int() }).nullable(),
  lines: z.array(orderLineSchema),
  timeline: z.array(orderEventSchema),
});
export type Order = z.infer<typeof orderSchema>;
