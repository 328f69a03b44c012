import { z } from 'zod';
import { LOAN_FREQUENCIES } from './credit.ts';
import { declaredIncomeSchema } from './credit-policy.ts';
import { uuidSchema } from './ids.ts';
import { loanSummarySchema } from './loans.ts';
import { fulfilmentFields, MAX_CART_LINES, MAX_LINE_QUANTITY, orderSchema, requireFulfilmentPlace } from './orders.ts';
import { MOBILE_NETWORKS, mobileNumberSchema } from './payments.ts';
import { paymentSchema } from './payments.responses.ts';

/**
 * An agent sells for a customer who agreed to it: the lines the customer buys (cash, or credit
 * on one of the product's plans), where the goods go, the quote read out to the customer, the
 * terms texted to the customer's phone with a code they read back, and the sale itself. The
 * order and loans are the customer's, marked as sold by the agent.
 */

export const saleLineSchema = z.strictObject({
  productId: uuidSchema('product id'),
  quantity: z
    .number({ error: 'Quantity must be a whole number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(MAX_LINE_QUANTITY, `At most ${MAX_LINE_QUANTITY} of one product per sale`),
  /** Bought on credit on this plan of the product; cash without one. */
  planId: uuidSchema('plan').optional(),
});
export type SaleLine = z.infer<typeof saleLineSchema>;

const saleFields = {
  lines: z
    .array(saleLineSchema, { error: 'Add the products the customer buys' })
    .min(1, 'Add the products the customer buys')
    .max(MAX_CART_LINES, `A sale holds at most ${MAX_CART_LINES} lines`),
  /** The customer's monthly income as they declare it, for the credit policy's affordability check. */
  declaredIncome: declaredIncomeSchema,
  ...fulfilmentFields,
};

/** What the customer buys and where it goes: the body of the quote and of the terms code. */
export const saleRequestSchema = z.strictObject(saleFields).superRefine(requireFulfilmentPlace);
export type SaleRequest = z.input<typeof saleRequestSchema>;

/** How the customer pays: a prompt on their own phone (their number unless another is given), or cash to the agent. */
export const salePaymentSchema = z.discriminatedUnion(
  'method',
  [
    z.strictObject({ method: z.enum(MOBILE_NETWORKS), phoneNumber: mobileNumberSchema.optional() }),
    z.strictObject({ method: z.literal('cash') }),
  ],
  { error: 'Choose how the customer pays: mtn, airtel or cash' },
);
export type SalePayment = z.infer<typeof salePaymentSchema>;

/** The sale the customer accepted: the same lines and place, the code they read back, and the payment. */
export const saleSchema = z
  .strictObject({
    ...saleFields,
    code: z
      .string({ error: 'Enter the 6-digit code' })
      .trim()
      .regex(/^\d{6}$/, 'Enter the 6-digit code'),
    payment: salePaymentSchema,
  })
  .superRefine(requireFulfilmentPlace);
export type Sale = z.input<typeof saleSchema>;

const whole = z.number().int();

/** A credit line's terms, per unit: what the customer sees at checkout. */
export const saleCreditTermsSchema = z.object({
  planId: z.uuid(),
  planName: z.string(),
  cashPrice: whole,
  creditPrice: whole,
  deposit: whole,
  instalment: whole,
  lastInstalment: whole,
  instalments: whole,
  frequency: z.enum(LOAN_FREQUENCIES),
  costOfCredit: whole,
  /** The days of power the deposit buys, to the first instalment's due date (from today). */
  depositDays: whole,
});
export type SaleCreditTerms = z.infer<typeof saleCreditTermsSchema>;

export const saleQuoteLineSchema = z.object({
  productId: z.uuid(),
  name: z.string(),
  quantity: whole,
  /** The cash price of one unit. */
  unitPrice: whole,
  mode: z.enum(['cash', 'credit']),
  /** Cash lines: the unit price times the quantity. Credit lines: the credit prices of all units. */
  lineTotal: whole,
  /** Per unit, for a credit line; null for cash. */
  credit: saleCreditTermsSchema.nullable(),
});
export type SaleQuoteLine = z.infer<typeof saleQuoteLineSchema>;

export const saleQuoteSchema = z.object({
  lines: z.array(saleQuoteLineSchema),
  /** The cash lines' total, before delivery. */
  cashSubtotal: whole,
  /** Charged on the cash lines' order only (goods bought on credit travel free, as at checkout). */
  deliveryFee: whole,
  /** The deposits of every unit bought on credit. */
  deposits: whole,
  /** The total cost of credit of every unit bought on credit. */
  costOfCredit: whole,
  /** Units bought on credit the credit policy holds for an admin: their deposits are not due yet. */
  waitingForApproval: whole,
  /** Paid now: the cash lines and delivery, and the deposits of the units approved at once. */
  payNow: whole,
  /** Everything the customer will have paid: the cash lines, delivery and the credit prices. */
  total: whole,
});
export type SaleQuote = z.infer<typeof saleQuoteSchema>;

export const saleTermsSentSchema = z.object({
  expiresInMinutes: whole,
  quote: saleQuoteSchema,
  /** Test mode only (no SMS provider): the code the customer's phone would get. */
  testModeCode: z.string().optional(),
});
export type SaleTermsSent = z.infer<typeof saleTermsSentSchema>;

/** What the agent collects in cash next: POST /api/agent/collections takes these as they are. */
export const amountDueSchema = z.discriminatedUnion('purpose', [
  z.object({ purpose: z.literal('order'), orderId: z.uuid(), amount: whole }),
  z.object({ purpose: z.literal('loan_repayment'), loanId: z.uuid(), amount: whole }),
]);
export type AmountDue = z.infer<typeof amountDueSchema>;

export const saleResultSchema = z.object({
  /** The order of the cash lines, or null when everything was bought on credit. */
  order: orderSchema.nullable(),
  /** One loan per unit bought on credit. */
  loans: z.array(loanSummarySchema),
  /** The mobile-money prompts sent to the customer's phone (none for cash). */
  payments: z.array(paymentSchema),
  /** Paid in cash: what the agent collects, for the order and each approved loan's deposit. */
  amountsDue: z.array(amountDueSchema),
});
export type SaleResult = z.infer<typeof saleResultSchema>;
