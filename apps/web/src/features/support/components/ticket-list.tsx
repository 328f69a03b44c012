import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormats } from '@/lib/formats.ts';
import type { TicketSummary } from '../api.ts';
import { TicketStatusBadge } from './ticket-badges.tsx';

type ItemHeading = 'h2' | 'h3';

function TicketItem({
  ticket,
  to,
  showCustomer,
  heading: Heading,
}: {
  ticket: TicketSummary;
  to: string;
  showCustomer: boolean;
  heading: ItemHeading;
}) {
  const { t } = useTranslation();
  const { dateTime } = useFormats();
  const titleId = useId();
  return (
    <li>
      <article aria-labelledby={titleId} className="space-y-2 rounded-lg border border-stone-200 bg-white p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Heading id={titleId} className="text-base font-semibold break-words">
            <Link to={to} className="inline-flex min-h-11 items-center text-brand-800 underline">
              {ticket.subject}
            </Link>
          </Heading>
          <TicketStatusBadge status={ticket.status} />
        </div>
        <p className="text-sm text-stone-700">
          {t('support.numberAndCategory', {
            number: ticket.number,
            category: t(`support.category.${ticket.category}`),
          })}
        </p>
        {showCustomer && <p className="text-sm text-stone-700">{ticket.customer.name ?? t('support.someone')}</p>}
        <p className="text-sm text-stone-700">
          {t('support.openedOn')} <time dateTime={ticket.createdAt}>{dateTime(ticket.createdAt)}</time>
        </p>
      </article>
    </li>
  );
}

/** Tickets as cards, each a link to its page; each card's heading one level below the page's section. */
export function TicketList({
  tickets,
  label,
  linkTo,
  showCustomer = false,
  itemHeading = 'h3',
}: {
  tickets: TicketSummary[];
  label: string;
  linkTo: (id: string) => string;
  showCustomer?: boolean;
  itemHeading?: ItemHeading;
}) {
  return (
    <ul aria-label={label} className="space-y-3">
      {tickets.map((ticket) => (
        <TicketItem
          key={ticket.id}
          ticket={ticket}
          to={linkTo(ticket.id)}
          showCustomer={showCustomer}
          heading={itemHeading}
        />
      ))}
    </ul>
  );
}
