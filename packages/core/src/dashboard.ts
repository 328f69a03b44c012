import { z } from 'zod';
import { LOAN_STATUSES } from './credit.ts';
import { KYC_STATUSES } from './kyc.ts';
import { OPENPAYGO_TOKEN_TYPES } from './openpaygo.ts';
import { orderSummarySchema } from './orders.ts';

/**
 * What the customer's dashboard answers, declared once: the server documents and checks its
 * answer with these schemas, and the web app takes its types from them.
 */

/** A unit the customer has on a loan: how long its power lasts, and the newest token to type in. */
export const dashboardDeviceSchema = z.object({
  loanId: z.uuid(),
  loanNumber: z.string(),
  name: z.string().describe("The product's name"),
  serial: z.string(),
  unlocked: z.boolean().describe('Paid off and unlocked for good: it needs no more tokens'),
  powerEndsOn: z
    .string()
    .nullable()
    .describe('The day (Kampala) the paid-for days run out; null when unlocked or before any token'),
  daysLeft: z.number().int().nullable().describe('Whole days of power left, 0 once run out; null when unlocked'),
  latestToken: z
    .object({
      token: z.string().describe('Spaced in threes, as it is typed on the keypad'),
      type: z.enum(OPENPAYGO_TOKEN_TYPES),
      days: z.number().int().nullable(),
      issuedAt: z.string(),
    })
    .nullable(),
});
export type DashboardDevice = z.infer<typeof dashboardDeviceSchema>;

const dueSchema = z.object({ amount: z.number().int(), dueDate: z.string() });

/** A running loan's progress: what was paid, what is owed, and the whole cost. */
export const dashboardLoanSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  productName: z.string(),
  status: z.enum(LOAN_STATUSES),
  paid: z.number().int(),
  owed: z.number().int(),
  totalCost: z.number().int().describe('Paid plus owed: the credit price and any fees, less any discount'),
  nextDue: dueSchema.nullable(),
  daysPastDue: z.number().int(),
});
export type DashboardLoan = z.infer<typeof dashboardLoanSchema>;

export const dashboardSchema = z.object({
  today: z.string().describe("Today's date in Kampala, which the days left count from"),
  devices: z.array(dashboardDeviceSchema),
  nextPayment: dueSchema
    .extend({ loanId: z.uuid(), loanNumber: z.string() })
    .nullable()
    .describe('The earliest amount due on any running loan'),
  daysLate: z.number().int().describe('The most days any loan is past due; 0 when none is'),
  loans: z.array(dashboardLoanSchema),
  ordersOnTheirWay: z.array(orderSummarySchema).describe('Orders not yet delivered nor cancelled, newest first'),
  walletBalance: z.number().int(),
  kyc: z.object({ status: z.enum(KYC_STATUSES), completion: z.number().int() }),
  openTickets: z.number().int().describe('Support tickets not resolved yet (open, or waiting on the customer)'),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
