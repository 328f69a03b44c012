import { useTranslation } from 'react-i18next';
import { Fact } from '@/components/ui/fact.tsx';
import { useFormats } from '@/lib/formats.ts';
import { formatUgx } from '@/lib/money.ts';
import type { Ticket } from '../api.ts';
import { TicketStatusBadge } from './ticket-badges.tsx';

/** A ticket's heading and facts: number, category, what it is about, state, the outcome. */
export function TicketFacts({ ticket, titleId }: { ticket: Ticket; titleId: string }) {
  const { t } = useTranslation();
  const { dateTime } = useFormats();
  return (
    <header className="space-y-2">
      <h1 id={titleId} className="text-2xl font-bold break-words">
        {ticket.subject}
      </h1>
      <TicketStatusBadge status={ticket.status} />
      <dl className="space-y-1 text-sm">
        <Fact term={t('support.number')}>{ticket.number}</Fact>
        <Fact term={t('support.categoryLabel')}>{t(`support.category.${ticket.category}`)}</Fact>
        {ticket.about && (
          <Fact term={t('support.aboutLabel')}>
            {ticket.about.type === 'loan'
              ? t('support.aboutLoanShort', { number: ticket.about.number })
              : t('support.aboutOrder', { number: ticket.about.number })}
            {ticket.about.deviceSerial && ` · ${t('support.unit', { serial: ticket.about.deviceSerial })}`}
          </Fact>
        )}
        <Fact term={t('support.openedOn')}>
          <time dateTime={ticket.createdAt}>{dateTime(ticket.createdAt)}</time>
        </Fact>
        {ticket.outcome && <Fact term={t('support.outcomeLabel')}>{t(`support.outcome.${ticket.outcome}`)}</Fact>}
        {ticket.swapSerial && <Fact term={t('support.newUnit')}>{ticket.swapSerial}</Fact>}
        {ticket.quoteAmount !== null && <Fact term={t('support.quote')}>{formatUgx(ticket.quoteAmount)}</Fact>}
      </dl>
    </header>
  );
}
