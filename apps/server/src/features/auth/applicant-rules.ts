import type { Database } from '#src/db/client.ts';
import type { NotifierDeps } from '#src/features/notifications/notifications.service.ts';

/**
 * What other features do when someone signs up as an agent applicant (the agents feature tells
 * the admins). Registered under a name: the same name again replaces it (decision 008).
 */
export type ApplicantRule = (db: Database, deps: NotifierDeps, applicantId: string) => Promise<void>;

const rules = new Map<string, ApplicantRule>();

export function onAgentApplied(name: string, rule: ApplicantRule): void {
  rules.set(name, rule);
}

export async function agentApplied(db: Database, deps: NotifierDeps, applicantId: string): Promise<void> {
  for (const rule of rules.values()) await rule(db, deps, applicantId);
}
