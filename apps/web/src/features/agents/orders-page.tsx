import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { agentOrderBookQuery, ORDER_SHOWS, type AgentOrder, type OrderShow } from './books-api.ts';
import { BookList, CustomerLine, useShow } from './components/book-list.tsx';
import { OrderFacts } from './components/order-facts.tsx';
import { AgentScreen } from './page-states.tsx';

const TITLE = 'agent-orders-title';

function OrderItem({ order }: { order: AgentOrder }) {
  const { t } = useTranslation();
  return (
    <>
      <CustomerLine id={`${TITLE}-${order.id}`} customer={order.customer} />
      <p className="break-words">
        {order.number} · {t('agent.orders.items', { count: order.itemCount, first: order.firstItem })}
      </p>
      <OrderFacts order={order} />
    </>
  );
}

/** /agent/orders: the orders of the agent's customers, newest first, or of one status. */
export default function AgentOrdersPage() {
  const { t } = useTranslation();
  const [show, setShow] = useShow(ORDER_SHOWS);
  const query = useInfiniteQuery(agentOrderBookQuery(show));
  return (
    <AgentScreen id={TITLE} title={t('agent.orders.title')}>
      <BookList
        titleId={TITLE}
        query={query}
        words={{
          loading: t('agent.orders.loading'),
          empty: show === 'all' ? t('agent.orders.empty') : t('agent.orders.noMatch'),
          shown: (count) => t('agent.orders.shown', { count }),
        }}
        show={{
          label: t('agent.book.show'),
          value: show,
          options: ORDER_SHOWS.map((value) => ({
            value,
            label: value === 'all' ? t('agent.orders.all') : t(`orders.status.${value}`, { defaultValue: value }),
          })),
          change: (value) => setShow(value as OrderShow),
        }}
        render={(order) => <OrderItem order={order} />}
      />
    </AgentScreen>
  );
}
