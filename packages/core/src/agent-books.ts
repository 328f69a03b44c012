import { z } from 'zod';
import { LOAN_STATUSES } from './credit.ts';
import { loanSummarySchema } from './loans.ts';
import { ORDER_STATUSES, orderSummarySchema } from './orders.ts';
import { pageSchema } from './page.ts';

/** The loans and the orders of the customers an agent serves, newest first, a page at a time. */

/** Whose a loan or an order is, as the agent finds them in the village. */
export const bookCustomerSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string().nullable().describe('E.164'),
  village: z.string().nullable(),
});
export type BookCustomer = z.infer<typeof bookCustomerSchema>;

const pageQuery = {
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional(),
};

export const agentLoanQuerySchema = z.object({
  status: z.enum(LOAN_STATUSES, { error: 'Choose a loan status' }).optional(),
  inArrears: z
    .enum(['true', 'false'], { error: 'inArrears is true or false' })
    .optional()
    .describe('true: only loans past due (active or defaulted); false: only loans with nothing past due'),
  ...pageQuery,
});
export type AgentLoanQuery = z.infer<typeof agentLoanQuerySchema>;

/** A customer's loan: the summary (status, amounts, balance as `outstanding`, days past due) and whose it is. */
export const agentLoanSchema = loanSummarySchema.extend({ customer: bookCustomerSchema });
export type AgentLoan = z.infer<typeof agentLoanSchema>;
export const agentLoanPageSchema = pageSchema(agentLoanSchema);
export type AgentLoanPage = z.infer<typeof agentLoanPageSchema>;

export const agentOrderQuerySchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: 'Choose an order status' }).optional(),
  ...pageQuery,
});
export type AgentOrderQuery = z.infer<typeof agentOrderQuerySchema>;

/** A customer's order: the summary (status, total, first item) and whose it is. */
export const agentOrderSchema = orderSummarySchema.extend({ customer: bookCustomerSchema });
export type AgentOrder = z.infer<typeof agentOrderSchema>;
export const agentOrderPageSchema = pageSchema(agentOrderSchema);
export type AgentOrderPage = z.infer<typeof agentOrderPageSchema>;
