import type { OrderSummary } from '@ecogrid/core/orders';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoanFacts } from './components/loan-facts.tsx';
import { OrderFacts } from './components/order-facts.tsx';
import type { AgentCustomerDetail } from './field-api.ts';
import { NoteText } from './note-text.tsx';

type SectionProps<T> = {
  id: string;
  title: string;
  empty: string;
  items: T[];
  render: (item: T) => ReactNode;
  keyOf: (item: T) => string;
};

/** A titled list of one customer's records, or a line saying there are none. */
function RecordSection<T>({ id, title, empty, items, render, keyOf }: SectionProps<T>) {
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {items.length === 0 ? (
        <p className="text-stone-700">{empty}</p>
      ) : (
        <ul aria-labelledby={id} className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white">
          {items.map((item) => (
            <li key={keyOf(item)} className="space-y-1 p-4">
              {render(item)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** One customer's loans, orders and visit notes, as the agent sees them. */
export function CustomerRecords({ detail }: { detail: AgentCustomerDetail }) {
  const { t } = useTranslation();
  return (
    <>
      <RecordSection
        id="customer-loans-title"
        title={t('agent.customer.loans')}
        empty={t('agent.customer.noLoans')}
        items={detail.loans}
        keyOf={(loan) => loan.id}
        render={(loan) => (
          <>
            <h3 className="font-semibold break-words">
              {t('agent.loans.product', { product: loan.productName, number: loan.number })}
            </h3>
            <LoanFacts loan={loan} />
          </>
        )}
      />
      <RecordSection
        id="customer-orders-title"
        title={t('agent.customer.orders')}
        empty={t('agent.customer.noOrders')}
        items={detail.orders}
        keyOf={(order: OrderSummary) => order.id}
        render={(order) => (
          <>
            <h3 className="font-semibold break-words">
              {order.number} · {order.firstItem}
            </h3>
            <OrderFacts order={order} />
          </>
        )}
      />
      <RecordSection
        id="customer-notes-title"
        title={t('agent.customer.notes')}
        empty={t('agent.customer.noNotes')}
        items={detail.notes}
        keyOf={(note) => note.id}
        render={(note) => <NoteText note={note} />}
      />
    </>
  );
}
