import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AdminPageHeader } from '@/components/admin/page-header.tsx';
import { AdminQuery } from '@/components/admin/admin-query.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { useFormats } from '@/lib/formats.ts';
import { useAddressFilters } from '@/lib/use-address-filters.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';
import {
  supportStaffQuery,
  TICKET_CATEGORIES,
  TICKET_STATUSES,
  ticketQueueQuery,
  type QueueFilter,
  type TicketSummary,
} from '../api.ts';
import { TicketStatusBadge } from '../components/ticket-badges.tsx';
import { age } from './age.ts';

const pick = <T extends string>(list: readonly T[], value: string | null) => list.find((v) => v === value);

function QueueRow({ ticket, now }: { ticket: TicketSummary; now: number }) {
  const { t } = useTranslation();
  const { dateTime } = useFormats();
  const firstResponse = ticket.firstResponseAt
    ? age(t, Date.parse(ticket.firstResponseAt) - Date.parse(ticket.createdAt))
    : null;
  return (
    <li className="space-y-1 rounded-lg border border-stone-300 bg-white p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold break-words">
          <Link
            to={`/admin/support/${encodeURIComponent(ticket.id)}`}
            className="inline-flex min-h-11 items-center text-brand-800 underline"
          >
            {ticket.subject}
          </Link>
        </h2>
        <TicketStatusBadge status={ticket.status} />
      </div>
      <p className="text-sm">
        {t('support.numberAndCategory', { number: ticket.number, category: t(`support.category.${ticket.category}`) })}
        {' · '}
        {ticket.customer.name ?? t('support.someone')}
      </p>
      <p className="text-sm text-stone-700">
        {t('support.admin.age', { age: age(t, now - Date.parse(ticket.createdAt)) })} ·{' '}
        <time dateTime={ticket.createdAt}>{dateTime(ticket.createdAt)}</time>
      </p>
      <p className="text-sm text-stone-700">
        {firstResponse ? t('support.admin.firstResponse', { age: firstResponse }) : t('support.admin.noResponse')}
        {' · '}
        {ticket.assignee
          ? t('support.admin.assignedTo', { name: ticket.assignee.name ?? t('support.someone') })
          : t('support.admin.unassigned')}
      </p>
    </li>
  );
}

/** /admin/support: the ticket queue, oldest first, with each ticket's age, first response and assignee. */
export default function SupportQueuePage() {
  const { t } = useTranslation();
  usePageTitle(t('support.admin.title'));
  const [params, update] = useAddressFilters();
  const staff = useQuery(supportStaffQuery);
  const filter: QueueFilter = {
    status: pick(TICKET_STATUSES, params.get('status')),
    category: pick(TICKET_CATEGORIES, params.get('category')),
    assignee: params.get('assignee') ?? undefined,
  };
  const query = useQuery(ticketQueueQuery(filter));
  // Ages are counted to when the list was read, so a re-render shows the same figures.
  const now = query.dataUpdatedAt;
  return (
    <section className="mx-auto max-w-4xl space-y-4 p-4" aria-labelledby="queue-title">
      <AdminPageHeader titleId="queue-title" title={t('support.admin.title')}>
        <p>{t('support.admin.intro')}</p>
      </AdminPageHeader>
      <div className="grid gap-3 sm:grid-cols-3">
        <SelectField
          id="queue-status"
          label={t('support.admin.statusFilter')}
          placeholder={t('support.admin.any')}
          options={TICKET_STATUSES.map((value) => ({ value, label: t(`support.status.${value}`) }))}
          value={filter.status ?? ''}
          onChange={(event) => update('status', event.target.value)}
        />
        <SelectField
          id="queue-category"
          label={t('support.categoryLabel')}
          placeholder={t('support.admin.any')}
          options={TICKET_CATEGORIES.map((value) => ({ value, label: t(`support.category.${value}`) }))}
          value={filter.category ?? ''}
          onChange={(event) => update('category', event.target.value)}
        />
        <SelectField
          id="queue-assignee"
          label={t('support.admin.assignee')}
          placeholder={t('support.admin.anyone')}
          options={[
            { value: 'none', label: t('support.admin.unassigned') },
            ...(staff.data?.staff ?? []).map((s) => ({ value: s.id, label: s.name ?? s.id })),
          ]}
          value={filter.assignee ?? ''}
          onChange={(event) => update('assignee', event.target.value)}
        />
      </div>
      <AdminQuery query={query} loadingLabel={t('support.loading')}>
        {(tickets) =>
          tickets.length === 0 ? (
            <p role="status">{t('support.admin.empty')}</p>
          ) : (
            <>
              <p role="status" className="text-sm text-stone-700">
                {t('support.admin.shown', { count: tickets.length })}
              </p>
              <ul className="space-y-3" aria-label={t('support.admin.title')}>
                {tickets.map((ticket) => (
                  <QueueRow key={ticket.id} ticket={ticket} now={now} />
                ))}
              </ul>
            </>
          )
        }
      </AdminQuery>
    </section>
  );
}
