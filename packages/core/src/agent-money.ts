import { z } from 'zod';
import { pageSchema } from './page.ts';
import { amountSchema } from './payments.ts';

/**
 * The agent's money: cash collected from customers (owed to the company until an admin records
 * the handover), commission earned on what they sold, and the figures of their dashboard.
 * Requests made on the agent's phone carry a key made there (`clientKey`), so an action queued
 * offline and sent more than once is applied once and answers the first result.
 */

/** A key made on the agent's phone: a UUID (crypto.randomUUID). */
export const clientKeySchema = z.uuid({ error: 'The request needs a key made on the phone (a UUID)' });

/**
 * A receipt number the agent's phone makes at once, offline too, and shows the customer:
 * the agent's code, a dash and 4–12 letters or digits (e.g. EG-DEMO-01-K3F9Q2).
 */
export const RECEIPT_NUMBER_PATTERN = /^[A-Z0-9-]{2,24}-[A-Z0-9]{4,12}$/;
export const receiptNumberSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(RECEIPT_NUMBER_PATTERN, 'A receipt number is the agent code, a dash and 4 to 12 letters or digits');

export const CASH_PURPOSES = ['loan_repayment', 'order'] as const;
export type CashPurpose = (typeof CASH_PURPOSES)[number];

/**
 * Cash the agent received from a customer: a loan repayment (or the deposit of a loan waiting
 * for it), or an order waiting for payment. `recordedAt` is when the agent recorded it on the
 * phone (it may reach the server hours later).
 */
export const cashCollectionRequestSchema = z
  .strictObject({
    clientKey: clientKeySchema,
    receiptNumber: receiptNumberSchema,
    customerId: z.string().min(1).max(64),
    purpose: z.enum(CASH_PURPOSES),
    loanId: z.uuid().optional(),
    orderId: z.uuid().optional(),
    amount: amountSchema,
    recordedAt: z.iso.datetime({ offset: true }),
  })
  .refine((r) => (r.purpose === 'loan_repayment' ? r.loanId && !r.orderId : r.orderId && !r.loanId), {
    message: 'A loan repayment names its loan; an order payment names its order',
  });
export type CashCollectionRequest = z.infer<typeof cashCollectionRequestSchema>;

/** One cash collection, as the agent's list and receipt show it. */
export const cashCollectionSchema = z.object({
  paymentId: z.uuid(),
  receiptNumber: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  purpose: z.enum(CASH_PURPOSES),
  loanId: z.uuid().nullable(),
  loanNumber: z.string().nullable(),
  orderId: z.uuid().nullable(),
  orderNumber: z.string().nullable(),
  amount: z.number().int(),
  recordedAt: z.string(),
  createdAt: z.string(),
});
export type CashCollection = z.infer<typeof cashCollectionSchema>;
export const cashCollectionPageSchema = pageSchema(cashCollectionSchema);

/** The answer to a collection: the receipt, the device token a loan payment bought, the float. */
export const cashCollectedSchema = z.object({
  collection: cashCollectionSchema,
  /** The OpenPAYGO token texted to the customer, when the payment bought days of use. */
  token: z.string().nullable(),
  cashOnHand: z.number().int(),
  cashLimit: z.number().int(),
});
export type CashCollected = z.infer<typeof cashCollectedSchema>;

/** Sales, cash collected and commission over one period. */
export const agentFiguresSchema = z.object({
  /** What the agent's sales came to: orders they sold that were paid (credit orders at their credit price). */
  sales: z.number().int(),
  salesCount: z.number().int(),
  /** Cash they collected. */
  collections: z.number().int(),
  collectionsCount: z.number().int(),
  /** Commission earned, less any reversed. */
  commission: z.number().int(),
});
export type AgentFigures = z.infer<typeof agentFiguresSchema>;

export const agentTargetSchema = z.object({
  month: z.string().describe('The month, as its first day (YYYY-MM-01)'),
  salesTarget: z.number().int(),
  collectionsTarget: z.number().int(),
});
export type AgentTarget = z.infer<typeof agentTargetSchema>;

/** The agent's home screen. */
export const agentDashboardSchema = z.object({
  agent: z.object({ name: z.string(), agentCode: z.string().nullable(), commissionRateBp: z.number().int() }),
  today: agentFiguresSchema,
  month: agentFiguresSchema,
  target: agentTargetSchema.nullable(),
  cashOnHand: z.number().int(),
  cashLimit: z.number().int(),
  walletBalance: z.number().int(),
  /** Customers with a loan in arrears. */
  customersToVisit: z.number().int(),
});
export type AgentDashboard = z.infer<typeof agentDashboardSchema>;

export const HANDOVER_METHODS = ['cash', 'bank_deposit'] as const;
export type HandoverMethod = (typeof HANDOVER_METHODS)[number];

/** An admin records cash the agent handed over; a bank deposit names its reference. */
export const handoverRequestSchema = z
  .strictObject({
    amount: z.number().int().min(1).max(1_000_000_000),
    method: z.enum(HANDOVER_METHODS),
    reference: z.string().trim().min(1).max(80).optional(),
    note: z.string().trim().max(500).optional(),
  })
  .refine((r) => r.method === 'cash' || r.reference, {
    message: 'A bank deposit needs the bank reference',
    path: ['reference'],
  });
export type HandoverRequest = z.infer<typeof handoverRequestSchema>;

export const handoverSchema = z.object({
  id: z.uuid(),
  amount: z.number().int(),
  method: z.enum(HANDOVER_METHODS),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  recordedBy: z.object({ id: z.string(), name: z.string() }),
  createdAt: z.string(),
});
export type Handover = z.infer<typeof handoverSchema>;
export const handoverPageSchema = pageSchema(handoverSchema);

/** Commission on a payment at the rate of the sale: whole shillings, rounded down. */
export const commissionOf = (amount: number, rateBp: number): number => Math.floor((amount * rateBp) / 10_000);
