import type { z } from 'zod';
import { loanSchema, portfolioLoanSchema } from './loans.ts';

/**
 * What the admin loan routes answer beyond the shapes in loans.ts, declared once: the server
 * documents and checks its answers with these schemas, and the web app takes its types from them.
 */

/** One loan as an admin sees it: the customer's loan, whose it is, where they live and who serves them. */
export const adminLoanSchema = loanSchema.extend(
  portfolioLoanSchema.pick({ customerName: true, customerPhone: true, district: true, agentCode: true }).shape,
);
export type AdminLoan = z.infer<typeof adminLoanSchema>;
