import { z } from 'zod';

/** The code is on its way to the customer's phone. */
export const consentRequestedSchema = z.object({
  customerId: z.string(),
  expiresInMinutes: z.number(),
  testModeCode: z
    .string()
    .optional()
    .describe('Test mode only (no SMS provider, outside production): the code that was texted'),
});
export type ConsentRequested = z.infer<typeof consentRequestedSchema>;

/** The customer read the code back: the agent may act for them until `consentExpiresAt`. */
export const consentConfirmedSchema = z.object({
  customerId: z.string(),
  fullName: z.string(),
  consentExpiresAt: z.string(),
});
export type ConsentConfirmed = z.infer<typeof consentConfirmedSchema>;

/** A customer the agent serves, with their identity check's status and the agent's consent. */
export const agentCustomerSchema = z.object({
  customerId: z.string(),
  name: z.string(),
  /** E.164 (+256772123456), or null when the account has none. */
  phone: z.string().nullable(),
  kycStatus: z.string(),
  consentActive: z.boolean(),
  consentExpiresAt: z.string(),
});
export type AgentCustomer = z.infer<typeof agentCustomerSchema>;

export const agentCustomerListSchema = z.object({ items: z.array(agentCustomerSchema) });
export type AgentCustomerList = z.infer<typeof agentCustomerListSchema>;
