import { uuidSchema } from '@ecogrid/core';
import { loanPlanSchema, loanSchema, portfolioLoanSchema } from '@ecogrid/core/loans';
import { z } from '@hono/zod-openapi';

export const loanParams = z.object({ id: uuidSchema('loan id') });
export const productParams = z.object({ productId: uuidSchema('product id') });
export const loan = loanSchema.openapi('Loan');
export const plan = loanPlanSchema.openapi('LoanPlan');
export const portfolioLoanView = portfolioLoanSchema.openapi('PortfolioLoan');
