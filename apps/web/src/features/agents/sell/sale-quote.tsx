import type { SaleQuote } from './api.ts';
import { useTranslation } from 'react-i18next';
import { formatUgx } from '@/lib/money.ts';

/** A row of the quote: what it is and the amount, read out together. */
function Row({ label, amount, strong = false }: { label: string; amount: number; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-3 ${strong ? 'font-semibold' : ''}`}>
      <dt>{label}</dt>
      <dd className="text-right whitespace-nowrap">{formatUgx(amount)}</dd>
    </div>
  );
}

/**
 * The quote the agent reads to the customer, in full: each cash line's price, each credit line's
 * plan with the cash and credit price, deposit, instalments and total cost of credit (per unit),
 * delivery, what is paid now and the total.
 */
export function SaleQuoteView({ quote }: { quote: SaleQuote }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="sale-quote-title" className="space-y-3 rounded-lg border border-stone-300 bg-white p-3">
      <h2 id="sale-quote-title" className="text-lg font-semibold">
        {t('agent.sell.quote.title')}
      </h2>
      <ul className="space-y-3">
        {quote.lines.map((line, i) => (
          <li key={`${line.productId}-${i}`} className="space-y-1 border-b border-stone-200 pb-2">
            <p className="font-medium">{t('agent.sell.quote.line', { quantity: line.quantity, name: line.name })}</p>
            {line.credit ? (
              <div className="space-y-1 text-sm">
                <p>{t('agent.sell.quote.plan', { plan: line.credit.planName })}</p>
                <dl className="space-y-1">
                  <Row label={t('agent.sell.quote.cashPrice')} amount={line.credit.cashPrice} />
                  <Row label={t('agent.sell.quote.creditPrice')} amount={line.credit.creditPrice} />
                  <Row label={t('agent.sell.quote.deposit')} amount={line.credit.deposit} />
                </dl>
                <p>
                  {t(`agent.sell.quote.instalments.${line.credit.frequency}`, {
                    count: line.credit.instalments,
                    amount: formatUgx(line.credit.instalment),
                    last: formatUgx(line.credit.lastInstalment),
                  })}
                </p>
                <dl>
                  <Row label={t('agent.sell.quote.costOfCredit')} amount={line.credit.costOfCredit} />
                </dl>
                {line.credit.deposit > 0 && (
                  <p>{t('agent.sell.quote.depositDays', { count: line.credit.depositDays })}</p>
                )}
              </div>
            ) : (
              <dl className="text-sm">
                <Row label={t('agent.sell.quote.cash')} amount={line.lineTotal} />
              </dl>
            )}
          </li>
        ))}
      </ul>
      <dl className="space-y-1">
        <Row label={t('agent.sell.quote.delivery')} amount={quote.deliveryFee} />
        {quote.costOfCredit > 0 && <Row label={t('agent.sell.quote.totalCostOfCredit')} amount={quote.costOfCredit} />}
        <Row label={t('agent.sell.quote.payNow')} amount={quote.payNow} strong />
        <Row label={t('agent.sell.quote.total')} amount={quote.total} strong />
      </dl>
      {quote.waitingForApproval > 0 && (
        <p className="text-sm">{t('agent.sell.quote.waiting', { count: quote.waitingForApproval })}</p>
      )}
    </section>
  );
}
