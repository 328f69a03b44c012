import type { CampaignSegment, CampaignTexts } from '@ecogrid/core/campaigns';
import { LANGUAGES, type Language } from '@ecogrid/core/languages';
import { smsShape, type SmsShape } from '@ecogrid/core/sms-parts';
import type { Database, Tx } from '#src/db/client.ts';
import { textsFor } from '#src/platform/i18n.ts';
import { customerIdsOfAgents, customerAgentIds } from '#src/features/agents/agents.service.ts';
import { campaignCustomers, type CampaignCustomer } from '#src/features/auth/campaign-people.service.ts';
import { customerIdsByLoan } from '#src/features/loans/loans.service.ts';
import { customerIdsWhoBought } from '#src/features/orders/orders.service.ts';

/** Ids in every one of the lists given (null: no list, no restriction). */
function intersect(lists: string[][]): string[] | null {
  if (lists.length === 0) return null;
  const [first, ...rest] = lists;
  const sets = rest.map((list) => new Set(list));
  return first!.filter((id) => sets.every((set) => set.has(id)));
}

/** The customers a segment holds, by name, each with their agent's id when they have one. */
export async function customersIn(
  db: Database | Tx,
  segment: CampaignSegment,
): Promise<(CampaignCustomer & { language: Language; agentId: string | null })[]> {
  const lists: string[][] = [];
  if (segment.productIds.length > 0) lists.push(await customerIdsWhoBought(db, segment.productIds));
  if (segment.loanStatuses.length > 0 || segment.arrearsBuckets.length > 0) {
    lists.push(await customerIdsByLoan(db, { statuses: segment.loanStatuses, buckets: segment.arrearsBuckets }));
  }
  if (segment.agentIds.length > 0) lists.push(await customerIdsOfAgents(db, segment.agentIds));
  const people = await campaignCustomers(db, { districts: segment.districts, ids: intersect(lists) });
  const agents = await customerAgentIds(
    db,
    people.map((p) => p.id),
  );
  return people.map((p) => ({ ...p, language: asLanguage(p.language), agentId: agents.get(p.id) ?? null }));
}

const asLanguage = (value: string): Language =>
  (LANGUAGES as readonly string[]).includes(value) ? (value as Language) : 'english';

/**
 * The SMS a customer of this language gets: their language's text, or the English one when it
 * has none (fallback), with the hint of how to stop these messages in the language of the text.
 */
export function messageFor(texts: CampaignTexts, language: Language): { text: string; fallback: boolean } & SmsShape {
  const own = texts[language].trim();
  const fallback = own.length === 0;
  const used: Language = fallback ? 'english' : language;
  const text = `${fallback ? texts.english.trim() : own}\n${textsFor(used).t('sms:campaignStop')}`;
  return { text, fallback, ...smsShape(text) };
}
