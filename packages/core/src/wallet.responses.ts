import { z } from 'zod';
import { MOBILE_NETWORKS, STATEMENT_KINDS } from './payments.ts';
import { paymentSchema } from './payments.responses.ts';
import type { Page } from './page.ts';

/**
 * What the wallet routes answer, declared once: the server documents and checks its answers with
 * these schemas, and the web app takes its types from them.
 */

export const walletSchema = z.object({
  balance: z.number().int(),
  phone: z
    .string()
    .nullable()
    .describe("The account's confirmed phone, prefilled for top-ups; its network is guessed from the prefix"),
  network: z.enum(MOBILE_NETWORKS).nullable(),
  pending: z.array(paymentSchema).describe("Payments still waiting for the customer's approval on the phone"),
  withdrawalCheck: z
    .object({ sms: z.boolean(), authenticator: z.boolean() })
    .describe('How the account can confirm a withdrawal: a code by SMS, an authenticator app, or neither'),
  sandbox: z.boolean().describe('True when payments go to the built-in sandbox, not the real networks'),
});
export type Wallet = z.infer<typeof walletSchema>;

export const statementLineSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  kind: z.enum(STATEMENT_KINDS),
  amount: z.number().int().describe('Positive when money came in, negative when it went out'),
  balanceAfter: z.number().int(),
  reference: z.string().nullable().describe("The payment's reference, when a payment caused it"),
  description: z.string(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

/** One page of the statement, newest first (the server answers pageSchema(statementLineSchema)). */
export type StatementPage = Page<StatementLine>;

/** Where a withdrawal's confirmation code went. */
export const withdrawalCodeSchema = z.object({
  sentTo: z.string(),
  expiresInSeconds: z.number().int(),
  testModeCode: z
    .string()
    .optional()
    .describe('Test mode only (no SMS provider, outside production): the code that was texted'),
});
export type WithdrawalCode = z.infer<typeof withdrawalCodeSchema>;
