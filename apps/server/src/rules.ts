import { registerAgentRules } from './features/agents/agents.rules.ts';
import { registerCampaignRules } from './features/campaigns/campaigns.rules.ts';
import { registerLoanRules } from './features/loans/loans.rules.ts';
import { registerOrderRules } from './features/orders/orders.rules.ts';
import { registerPaymentRules } from './features/payments/payments.rules.ts';

/**
 * Every feature's reactions to other features' events (a payment settled, an order shown or
 * delivered), in one visible list. Each entry point that can set those events off calls it:
 * createApp for requests, startBackgroundWork for jobs and scripts. Calling it again changes
 * nothing. See docs/decisions/008-cross-feature-rules.md.
 */
export function registerFeatureRules(): void {
  registerOrderRules();
  registerLoanRules();
  registerAgentRules();
  registerCampaignRules();
  registerPaymentRules();
}
