import { z } from 'zod';
import { agentFiguresSchema, agentTargetSchema, handoverSchema } from './agent-money.ts';
import { pageSchema } from './page.ts';

/** The admins' view of agents: who they are, what they are set to, and how they are doing. */

export const AGENT_STATUSES = ['applicant', 'approved'] as const;

export const adminAgentSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  agentStatus: z.enum(AGENT_STATUSES),
  agentCode: z.string().nullable(),
  commissionRateBp: z.number().int().nullable(),
  districts: z.array(z.string()),
  isActive: z.boolean(),
  cashOnHand: z.number().int(),
  cashLimit: z.number().int(),
  /** This month (Kampala time). */
  month: agentFiguresSchema,
  target: agentTargetSchema.nullable(),
  /** Share of the outstanding balance of their customers' active loans that is 30+ days past due (0–1), null with none outstanding. */
  par30: z.number().nullable(),
  customers: z.number().int(),
  appliedAt: z.string(),
});
export type AdminAgent = z.infer<typeof adminAgentSchema>;
export const adminAgentPageSchema = pageSchema(adminAgentSchema);

/** One line of the agent's wallet statement (commission, reversals, withdrawals). */
export const agentStatementLineSchema = z.object({
  id: z.string(),
  kind: z.string(),
  description: z.string(),
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  createdAt: z.string(),
});
export type AgentStatementLine = z.infer<typeof agentStatementLineSchema>;
export const agentStatementPageSchema = pageSchema(agentStatementLineSchema);
export const handoverPageSchema = pageSchema(handoverSchema);

/** One agent's page: the list's view and their month targets (handovers and statement come a page at a time). */
export const adminAgentDetailSchema = adminAgentSchema.extend({
  targets: z.array(agentTargetSchema),
});
export type AdminAgentDetail = z.infer<typeof adminAgentDetailSchema>;

/** What admins change on an agent (each change audited, old → new). */
export const agentSettingsSchema = z
  .strictObject({
    commissionRateBp: z.number().int().min(0).max(5000).optional(),
    districts: z.array(z.string().trim().min(1).max(100)).max(20).optional(),
    cashLimit: z.number().int().min(0).max(100_000_000).optional(),
    isActive: z.boolean().optional(),
  })
  .refine((r) => Object.keys(r).length > 0, { message: 'Change at least one setting' });
export type AgentSettings = z.infer<typeof agentSettingsSchema>;

export const agentTargetRequestSchema = z.strictObject({
  salesTarget: z.number().int().min(0).max(10_000_000_000),
  collectionsTarget: z.number().int().min(0).max(10_000_000_000),
});
