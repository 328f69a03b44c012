import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { Fact } from '@/components/ui/fact.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { useFormats } from '@/lib/formats.ts';
import { formatUgx } from '@/lib/money.ts';
import { CollectCashForm } from './collect-cash-form.tsx';
import { CallButton } from './components/customer-loan.tsx';
import { agentDeliveriesQuery, handOverDelivery, type AgentDelivery } from './deliveries-api.ts';
import { DeliveryPromptForm } from './delivery-prompt-form.tsx';
import { AgentQueryView, AgentScreen } from './page-states.tsx';
import { StockHeld } from './stock-held.tsx';

const TITLE = 'deliveries-title';
type Open = 'cash' | 'prompt' | null;

function DeliveryItem(props: { item: AgentDelivery; onPrompted: () => void; onHandedOver: (text: string) => void }) {
  const { item } = props;
  const { t } = useTranslation();
  const { day, dateTime } = useFormats();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<Open>(null);
  const id = `delivery-${item.id}`;
  const handOver = useMutation({
    mutationFn: handOverDelivery,
    onSuccess: () => {
      props.onHandedOver(t('agent.deliveries.handedOver', { number: item.number, name: item.customer.name }));
      void queryClient.invalidateQueries({ queryKey: agentDeliveriesQuery.queryKey });
    },
  });
  const toggle = (which: Open) => setOpen((now) => (now === which ? null : which));
  return (
    <li className="space-y-2 p-4" aria-labelledby={id}>
      <h2 id={id} className="text-base font-semibold break-words">
        {item.customer.name}
      </h2>
      <p className="text-stone-700">
        {item.number} · {t('agent.orders.items', { count: item.itemCount, first: item.firstItem })}
      </p>
      <dl className="space-y-1">
        <Fact
          variant="figure"
          term={t(item.fulfilment === 'pickup' ? 'agent.deliveries.pickupAt' : 'agent.deliveries.bringTo')}
        >
          {item.place}
        </Fact>
        {item.expectedOn && (
          <Fact variant="figure" term={t('agent.deliveries.expectedOn')}>
            {day(item.expectedOn)}
          </Fact>
        )}
        <Fact variant="figure" term={t('agent.deliveries.toTake')}>
          <span className="font-semibold tabular-nums">{formatUgx(item.total)}</span>
        </Fact>
        <Fact variant="figure" term={t('agent.deliveries.money')}>
          {item.paid
            ? t('agent.deliveries.paid')
            : item.payBy
              ? t('agent.deliveries.waitingUntil', { time: dateTime(item.payBy) })
              : t('agent.deliveries.waiting')}
        </Fact>
      </dl>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <CallButton name={item.customer.name} phone={item.customer.phone} />
        {item.paid ? (
          <Button
            className="w-full sm:w-auto"
            aria-describedby={id}
            disabled={handOver.isPending}
            aria-busy={handOver.isPending}
            onClick={() => handOver.mutate(item)}
          >
            {handOver.isPending ? t('agent.deliveries.handingOver') : t('agent.deliveries.handOver')}
          </Button>
        ) : (
          <>
            <Button
              variant={open === 'cash' ? 'primary' : 'secondary'}
              className="w-full sm:w-auto"
              aria-describedby={id}
              aria-expanded={open === 'cash'}
              onClick={() => toggle('cash')}
            >
              {t('agent.deliveries.takeCash')}
            </Button>
            <Button
              variant={open === 'prompt' ? 'primary' : 'secondary'}
              className="w-full sm:w-auto"
              aria-describedby={id}
              aria-expanded={open === 'prompt'}
              onClick={() => toggle('prompt')}
            >
              {t('agent.deliveries.askMobileMoney')}
            </Button>
          </>
        )}
      </div>
      {handOver.isError && <FormAlert>{handOver.error.message}</FormAlert>}
      {!item.paid && open === 'cash' && (
        <CollectCashForm
          customerId={item.customer.id}
          customerName={item.customer.name}
          idPrefix={`delivery-cash-${item.id}`}
          targets={[{ purpose: 'order', orderId: item.id, label: `${item.number} · ${formatUgx(item.total)}` }]}
          initial={{ target: item.id, amount: String(item.total) }}
        />
      )}
      {!item.paid && open === 'prompt' && <DeliveryPromptForm delivery={item} onSent={props.onPrompted} />}
      {!item.paid && <p className="text-sm text-stone-700">{t('agent.deliveries.handOverAfter')}</p>}
    </li>
  );
}

/**
 * /agent/deliveries: the orders paid on delivery or at pickup the agent brings, newest first.
 * The agent takes the money (cash, recorded as any cash collection and queued offline, or a
 * mobile-money prompt to the customer's phone), then hands the goods over in one step. Below,
 * the stock the agent holds.
 */
export default function AgentDeliveriesPage() {
  const { t } = useTranslation();
  const [prompted, setPrompted] = useState(false);
  // After a prompt, the list is asked again every 5 s until the customer approves (or declines).
  const query = useQuery({
    ...agentDeliveriesQuery,
    refetchInterval: (q) => (prompted && q.state.data?.items.some((item) => !item.paid) ? 5_000 : false),
  });
  const [done, setDone] = useState<string | null>(null);
  // The handed-over order leaves the list with the button that had focus: focus goes to the news.
  const news = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (done) news.current?.focus();
  }, [done]);
  return (
    <AgentScreen id={TITLE} title={t('agent.deliveries.title')}>
      <p className="text-stone-700">{t('agent.deliveries.intro')}</p>
      <p
        ref={news}
        tabIndex={-1}
        role="status"
        className={done ? 'rounded-lg border border-emerald-300 bg-emerald-50 p-3 font-medium' : 'sr-only'}
      >
        {done ?? ''}
      </p>
      <AgentQueryView query={query} loadingLabel={t('agent.deliveries.loading')}>
        {({ items }) => (
          <>
            <p role="status" className="text-stone-700">
              {items.length === 0 ? t('agent.deliveries.empty') : t('agent.deliveries.count', { count: items.length })}
            </p>
            {items.length > 0 && (
              <ul
                aria-labelledby={TITLE}
                className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white"
              >
                {items.map((item) => (
                  <DeliveryItem key={item.id} item={item} onPrompted={() => setPrompted(true)} onHandedOver={setDone} />
                ))}
              </ul>
            )}
          </>
        )}
      </AgentQueryView>
      <StockHeld />
    </AgentScreen>
  );
}
