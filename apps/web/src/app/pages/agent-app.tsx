/**
 * The agent app, one chunk for all of it: an agent moves between these screens all day, often
 * without a network, so they come together and stay in the phone's cache.
 */
export { default as AgentLayout } from './agent-layout.tsx';
export { default as AgentDashboardPage } from '@/features/agents/dashboard-page.tsx';
export { default as AgentCustomersPage } from '@/features/agents/customers-page.tsx';
export { default as AgentVisitsPage } from '@/features/agents/visits-page.tsx';
export { default as AgentLoansPage } from '@/features/agents/loans-page.tsx';
export { default as AgentOrdersPage } from '@/features/agents/orders-page.tsx';
export { default as AgentDeliveriesPage } from '@/features/agents/deliveries-page.tsx';
export { default as AgentFollowUpsPage } from '@/features/agents/follow-ups-page.tsx';
export { default as AgentRepossessionsPage } from '@/features/agents/repossessions-page.tsx';
export { default as AgentCustomerPage } from '@/features/agents/customer-page.tsx';
export { default as AgentRegisterPage } from '@/features/agents/register-page.tsx';
export { default as AgentSyncPage } from '@/features/agents/sync-page.tsx';
export { default as AgentSellPage } from '@/features/agents/sell/sell-page.tsx';
export { default as AgentCustomerKycPage } from './agent-customer-kyc-page.tsx';
export { default as AgentCustomerTicketPage } from './agent-customer-ticket-page.tsx';
export { default as AgentTicketPage } from '@/features/support/agent-ticket-page.tsx';
export { default as AgentTicketsPage } from '@/features/support/agent-tickets-page.tsx';
