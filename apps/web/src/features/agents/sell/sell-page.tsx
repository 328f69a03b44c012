import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { BackLink } from '@/components/ui/back-link.tsx';
import { Button, buttonClass } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { PlaceFields, type PlaceChoice } from '@/components/ui/place-fields.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { TestModeCode } from '@/components/ui/test-mode-code.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useAttemptKey } from '@/lib/idempotency.ts';
import { formatUgx } from '@/lib/money.ts';
import { parseDeclaredIncome } from '@/lib/declared-income.ts';
import { pickupPointsQuery, quoteSale, sell, sendTerms, type SalePayment, type SaleRequest } from './api.ts';
import { LineRow, ProductSearch, type DraftLine } from './sale-lines.tsx';
import { SaleQuoteView } from './sale-quote.tsx';

const NO_PLACE: PlaceChoice = { district: null, subCounty: null, village: null };
const errorText = (error: unknown, fallback: string) => (error instanceof Error && error.message) || fallback;

/**
 * /agent/customers/:customerId/sell: the agent builds the sale with the customer (products, cash
 * or a plan per line, delivery or pickup), reads out the quote, texts the terms, types the code
 * the customer reads back, chooses how the customer pays and sells. Paid in cash, the result
 * leads to collecting it. Any change after the quote asks for a new quote and new terms.
 */
export default function SellPage() {
  const { t } = useTranslation();
  const customerId = useParams().customerId ?? '';
  const [lines, setLines] = useState<DraftLine[]>([]);
  const [fulfilment, setFulfilment] = useState<'delivery' | 'pickup'>('pickup');
  const [place, setPlace] = useState<PlaceChoice>(NO_PLACE);
  const [directions, setDirections] = useState('');
  const [pickupPointId, setPickupPointId] = useState('');
  const [code, setCode] = useState('');
  const [method, setMethod] = useState<SalePayment['method']>('mtn');
  const [income, setIncome] = useState('');
  const [incomeError, setIncomeError] = useState<string>();
  const declared = parseDeclaredIncome(income);
  const onCredit = lines.some((l) => l.planId);
  const points = useQuery({ ...pickupPointsQuery, enabled: fulfilment === 'pickup' });
  const attempt = useAttemptKey();
  const queryClient = useQueryClient();

  const request: SaleRequest = {
    lines: lines.map((l) => ({
      productId: l.productId,
      quantity: l.quantity,
      ...(l.planId ? { planId: l.planId } : {}),
    })),
    ...(onCredit && typeof declared === 'number' ? { declaredIncome: declared } : {}),
    fulfilment,
    ...(fulfilment === 'pickup'
      ? { pickupPointId }
      : {
          address: {
            district: place.district?.name ?? '',
            subCounty: place.subCounty?.name ?? '',
            village: place.village?.name ?? '',
            directions,
          },
        }),
  };
  const requestText = JSON.stringify(request);

  const quote = useMutation({ mutationFn: quoteSale, retry: false });
  const terms = useMutation({ mutationFn: sendTerms, retry: false });
  const sale = useMutation({
    mutationFn: sell,
    retry: false,
    onSettled: (_data, error) => attempt.settled(error ?? undefined),
    // The customer's records, the dashboard and the visits list all change with a sale; the
    // customer's page opens next to collect the cash, and must show what the sale left due.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['agent'] });
      void queryClient.invalidateQueries({ queryKey: ['loans'] });
    },
  });
  // A quote or terms for another sale than the one on screen are not shown as this one's.
  const quoted = quote.data && quote.variables && JSON.stringify(quote.variables.request) === requestText;
  const texted = terms.data && terms.variables && JSON.stringify(terms.variables.request) === requestText;

  if (sale.data) {
    const due = sale.data.amountsDue;
    return (
      <section aria-labelledby="sold-title" className="mx-auto max-w-xl space-y-4 p-4">
        <h1 id="sold-title" className="text-2xl font-semibold">
          {t('agent.sell.done.title')}
        </h1>
        <div role="status" className="space-y-2">
          {sale.data.order && <p>{t('agent.sell.done.order', { number: sale.data.order.number })}</p>}
          {sale.data.loans.map((loan) => (
            <p key={loan.id}>{t('agent.sell.done.loan', { number: loan.number, product: loan.productName })}</p>
          ))}
          {sale.data.payments.length > 0 && <p>{t('agent.sell.done.prompt')}</p>}
        </div>
        {due.length > 0 && (
          <section aria-labelledby="sell-due" className="space-y-2">
            <h2 id="sell-due" className="text-lg font-semibold">
              {t('agent.sell.done.collectTitle')}
            </h2>
            <ul className="space-y-2">
              {due.map((item) => {
                const what = item.purpose === 'order' ? item.orderId : item.loanId;
                return (
                  <li key={what} className="flex flex-wrap items-center justify-between gap-2">
                    <span>
                      {t(item.purpose === 'order' ? 'agent.sell.done.dueOrder' : 'agent.sell.done.dueDeposit', {
                        amount: formatUgx(item.amount),
                      })}
                    </span>
                    <Link
                      className={buttonClass('primary')}
                      to={`/agent/customers/${encodeURIComponent(customerId)}?collect=${what}&amount=${item.amount}`}
                    >
                      {t('agent.sell.done.collect', { amount: formatUgx(item.amount) })}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </section>
        )}
        <BackLink to="/agent/customers">{t('agent.sell.back')}</BackLink>
      </section>
    );
  }

  const payment: SalePayment = method === 'cash' ? { method: 'cash' } : { method };
  return (
    <section aria-labelledby="sell-title" className="mx-auto max-w-xl space-y-5 p-4">
      <BackLink to="/agent/customers">{t('agent.sell.back')}</BackLink>
      <h1 id="sell-title" className="text-2xl font-semibold">
        {t('agent.sell.title')}
      </h1>

      <section aria-labelledby="sell-products" className="space-y-3">
        <h2 id="sell-products" className="text-lg font-semibold">
          {t('agent.sell.products')}
        </h2>
        <ProductSearch
          onAdd={(p) =>
            setLines((all) =>
              all.some((l) => l.productId === p.id)
                ? all
                : [
                    ...all,
                    {
                      productId: p.id,
                      name: p.name,
                      price: p.price,
                      loanEligible: p.loanEligible,
                      quantity: 1,
                      planId: '',
                    },
                  ],
            )
          }
        />
        {lines.length === 0 ? (
          <p>{t('agent.sell.empty')}</p>
        ) : (
          <ul aria-label={t('agent.sell.lines')} className="space-y-3">
            {lines.map((line, i) => (
              <LineRow
                key={line.productId}
                line={line}
                index={i}
                onChange={(changed) => setLines((all) => all.map((l, j) => (j === i ? changed : l)))}
                onRemove={() => setLines((all) => all.filter((_, j) => j !== i))}
              />
            ))}
          </ul>
        )}
      </section>

      <fieldset className="space-y-3">
        <legend className="text-lg font-semibold">{t('agent.sell.fulfilment.title')}</legend>
        {(['pickup', 'delivery'] as const).map((way) => (
          <label key={way} className="flex min-h-11 items-center gap-2">
            <input
              type="radio"
              name="sell-fulfilment"
              checked={fulfilment === way}
              onChange={() => setFulfilment(way)}
            />
            {t(`agent.sell.fulfilment.${way}`)}
          </label>
        ))}
        {fulfilment === 'pickup' ? (
          <SelectField
            id="sell-pickup"
            label={t('agent.sell.fulfilment.point')}
            placeholder={t('agent.sell.fulfilment.choosePoint')}
            options={(points.data?.pickupPoints ?? []).map((p) => ({ value: p.id, label: `${p.name}, ${p.district}` }))}
            value={pickupPointId}
            onChange={(event) => setPickupPointId(event.target.value)}
          />
        ) : (
          <>
            <PlaceFields idPrefix="sell-place" value={place} onChange={setPlace} errors={{}} disabled={false} />
            <TextField
              id="sell-directions"
              label={t('agent.sell.fulfilment.directions')}
              value={directions}
              onChange={(event) => setDirections(event.target.value)}
            />
          </>
        )}
      </fieldset>

      {onCredit && (
        <TextField
          id="sell-income"
          label={t('agent.sell.income.label')}
          hint={t('agent.sell.income.hint')}
          error={incomeError}
          value={income}
          onChange={(event) => {
            setIncome(event.target.value);
            setIncomeError(undefined);
          }}
          inputMode="numeric"
          autoComplete="off"
          maxLength={16}
        />
      )}
      <Button
        disabled={lines.length === 0 || quote.isPending}
        onClick={() => {
          if (onCredit && declared === null) {
            setIncomeError(t('agent.sell.income.invalid'));
            document.getElementById('sell-income')?.focus();
            return;
          }
          quote.mutate({ customerId, request });
        }}
      >
        {t('agent.sell.quote.get')}
      </Button>
      {quote.isError && <FormAlert>{errorText(quote.error, t('agent.failed'))}</FormAlert>}
      {quoted && <SaleQuoteView quote={quote.data!} />}

      {quoted && (
        <section aria-labelledby="sell-terms" className="space-y-3">
          <h2 id="sell-terms" className="text-lg font-semibold">
            {t('agent.sell.terms.title')}
          </h2>
          <p>{t('agent.sell.terms.hint')}</p>
          <Button variant="secondary" disabled={terms.isPending} onClick={() => terms.mutate({ customerId, request })}>
            {texted ? t('agent.sell.terms.again') : t('agent.sell.terms.send')}
          </Button>
          {terms.isError && <FormAlert>{errorText(terms.error, t('agent.failed'))}</FormAlert>}
          {texted && (
            <>
              <p role="status">{t('agent.sell.terms.sent', { count: terms.data!.expiresInMinutes })}</p>
              <TestModeCode code={terms.data!.testModeCode} />
              <TextField
                id="sell-code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                label={t('agent.sell.terms.code')}
                value={code}
                onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
              />
              <fieldset className="space-y-2">
                <legend className="font-semibold">{t('agent.sell.payment.title')}</legend>
                {(['mtn', 'airtel', 'cash'] as const).map((way) => (
                  <label key={way} className="flex min-h-11 items-center gap-2">
                    <input type="radio" name="sell-payment" checked={method === way} onChange={() => setMethod(way)} />
                    {t(`agent.sell.payment.${way}`)}
                  </label>
                ))}
              </fieldset>
              <Button
                disabled={code.length !== 6 || sale.isPending}
                onClick={() => {
                  const body = { customerId, request, code, payment };
                  sale.mutate({ ...body, key: attempt.keyFor(body) });
                }}
              >
                {t('agent.sell.submit', { amount: formatUgx(quote.data!.payNow) })}
              </Button>
              {sale.isError && <FormAlert>{errorText(sale.error, t('agent.failed'))}</FormAlert>}
            </>
          )}
        </section>
      )}
    </section>
  );
}
