import type { AdminAgent, AdminAgentDetail, AgentStatementLine, Handover } from './api.ts';

export const AGENT_ID = 'u-agent-1';

/** An approved agent as the admin list answers it; each test changes what it is about. */
export const anAdminAgent = (changes: Partial<AdminAgent> = {}): AdminAgent => ({
  id: AGENT_ID,
  name: 'Okello James',
  phone: '+256772000111',
  email: null,
  agentStatus: 'approved',
  agentCode: 'AG-001',
  commissionRateBp: 250,
  districts: ['Mukono', 'Wakiso'],
  isActive: true,
  cashOnHand: 320_000,
  cashLimit: 500_000,
  month: { sales: 1_500_000, salesCount: 3, collections: 640_000, collectionsCount: 8, commission: 37_500 },
  target: { month: '2026-03-01', salesTarget: 3_000_000, collectionsTarget: 800_000 },
  par30: 0.123,
  customers: 42,
  appliedAt: '2026-01-10T07:15:00.000Z',
  ...changes,
});

/** Someone who applied and waits for approval. */
export const anApplicant = (changes: Partial<AdminAgent> = {}): AdminAgent =>
  anAdminAgent({
    id: 'u-applicant-1',
    name: 'Namusoke Grace',
    agentStatus: 'applicant',
    agentCode: null,
    commissionRateBp: null,
    districts: [],
    cashOnHand: 0,
    month: { sales: 0, salesCount: 0, collections: 0, collectionsCount: 0, commission: 0 },
    target: null,
    par30: null,
    customers: 0,
    email: 'grace@example.ug',
    ...changes,
  });

/** A handover the admins recorded for the agent. */
export const aHandover = (changes: Partial<Handover> = {}): Handover => ({
  id: '5d0c6b1e-2a3f-4b5c-8d7e-9f0a1b2c3d4e',
  amount: 200_000,
  method: 'bank_deposit',
  reference: 'STANBIC-88121',
  note: 'Friday banking',
  recordedBy: { id: 'u-admin', name: 'Admin Achieng' },
  createdAt: '2026-03-06T12:00:00.000Z',
  ...changes,
});

/** The agent's statement, newest first: a withdrawal after a commission. */
export const statementLines: AgentStatementLine[] = [
  {
    id: 's2',
    kind: 'payout',
    description: 'Withdrawal to MTN Mobile Money',
    amount: -20_000,
    balanceAfter: 17_500,
    createdAt: '2026-03-08T09:00:00.000Z',
  },
  {
    id: 's1',
    kind: 'commission',
    description: 'Commission on payment EG-7K2M9QXA for ORD-100231',
    amount: 37_500,
    balanceAfter: 37_500,
    createdAt: '2026-03-05T09:00:00.000Z',
  },
];

/** One agent's page: this month's target and last month's. */
export const anAgentDetail = (changes: Partial<AdminAgentDetail> = {}): AdminAgentDetail => ({
  ...anAdminAgent(),
  targets: [
    { month: '2026-03-01', salesTarget: 3_000_000, collectionsTarget: 800_000 },
    { month: '2026-02-01', salesTarget: 2_000_000, collectionsTarget: 600_000 },
  ],
  ...changes,
});
