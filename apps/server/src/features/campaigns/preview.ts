import {
  CAMPAIGN_PREVIEW_PAGE,
  type CampaignPreview,
  type CampaignSegment,
  type CampaignTexts,
  type LanguageShare,
} from '@ecogrid/core/campaigns';
import { LANGUAGES, type Language } from '@ecogrid/core/languages';
import type { Database, Tx } from '#src/db/client.ts';
import { badRequest } from '#src/platform/errors.ts';
import { userSummaries } from '#src/features/auth/profile.service.ts';
import { customersIn, messageFor } from './audience.ts';
import { getCampaignSettings } from './campaign-settings.ts';

type Person = Awaited<ReturnType<typeof customersIn>>[number];

/** Who gets a message: a confirmed phone number, and SMS not switched off. */
export const stateOf = (p: Pick<Person, 'phone' | 'notifyBySms'>) =>
  !p.phone ? ('no_phone' as const) : !p.notifyBySms ? ('opted_out' as const) : ('will_send' as const);

/** The page's start: the cursor is the number of people listed before it. */
function offsetOf(cursor: string | undefined): number {
  if (!cursor) return 0;
  if (!/^\d{1,7}$/.test(cursor)) throw badRequest('The cursor is not valid. Start again from the first page.');
  return Number(cursor);
}

/**
 * What sending would do now: who is in the segment and who of them gets a message (a page of
 * them by name), how many are left out and why, the SMS parts each language's text takes and
 * the cost at the admins' price per part.
 */
export async function previewCampaign(
  db: Database | Tx,
  draft: { texts: CampaignTexts; segment: CampaignSegment },
  cursor?: string,
): Promise<CampaignPreview> {
  const offset = offsetOf(cursor);
  const people = await customersIn(db, draft.segment);
  const { pricePerSms } = await getCampaignSettings(db);
  const sending = people.filter((p) => stateOf(p) === 'will_send');
  const byLanguage: LanguageShare[] = LANGUAGES.map((language: Language) => {
    const message = messageFor(draft.texts, language);
    const recipients = sending.filter((p) => p.language === language).length;
    const sms = recipients * message.parts;
    return {
      language,
      recipients,
      fallback: message.fallback ? recipients : 0,
      encoding: message.encoding,
      parts: message.parts,
      sms,
      // Money rule: the cost is whole UGX, parts × the price of one part.
      cost: sms * pricePerSms,
    };
  });
  const page = people.slice(offset, offset + CAMPAIGN_PREVIEW_PAGE);
  const agents = await userSummaries(
    db,
    page.flatMap((p) => (p.agentId ? [p.agentId] : [])),
  );
  const sms = byLanguage.reduce((n, l) => n + l.sms, 0);
  return {
    total: people.length,
    recipients: sending.length,
    optedOut: people.filter((p) => stateOf(p) === 'opted_out').length,
    noPhone: people.filter((p) => stateOf(p) === 'no_phone').length,
    fallback: byLanguage.reduce((n, l) => n + l.fallback, 0),
    byLanguage,
    pricePerSms,
    sms,
    cost: sms * pricePerSms,
    people: {
      items: page.map((p) => ({
        id: p.id,
        name: p.name,
        district: p.district,
        agentName: p.agentId ? (agents.get(p.agentId)?.name ?? null) : null,
        language: p.language,
        state: stateOf(p),
      })),
      nextCursor: offset + CAMPAIGN_PREVIEW_PAGE < people.length ? String(offset + CAMPAIGN_PREVIEW_PAGE) : null,
    },
  };
}
