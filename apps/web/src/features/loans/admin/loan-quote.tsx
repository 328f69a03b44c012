import type { LoanQuote } from '@ecogrid/core/credit';
import { useTranslation } from 'react-i18next';
import { formatUgx } from '@/lib/money.ts';
import { Fact } from '@/components/ui/fact.tsx';

/** A quote's figures, as core's quoteLoan gives them and a loan keeps them. */
type QuoteFigures = Omit<LoanQuote, 'financed'>;

/** How many instalments, how often, and how much each: "11 monthly instalments of UGX 5,000, the last UGX 5,100". */
function useInstalmentsText() {
  const { t } = useTranslation();
  return (quote: Pick<QuoteFigures, 'instalment' | 'lastInstalment' | 'instalments' | 'frequency'>) =>
    t(
      quote.lastInstalment === quote.instalment
        ? `adminLoans.quote.instalments.${quote.frequency}`
        : `adminLoans.quote.instalmentsLast.${quote.frequency}`,
      {
        count: quote.instalments,
        amount: formatUgx(quote.instalment),
        last: formatUgx(quote.lastInstalment),
      },
    );
}

/**
 * What a customer is shown before accepting a plan (GOGLA practice): the cash and credit
 * prices, the deposit, each instalment and the total cost of credit.
 */
export function QuoteFacts({ quote }: { quote: QuoteFigures }) {
  const { t } = useTranslation();
  const instalments = useInstalmentsText();
  return (
    <dl className="space-y-1 text-sm">
      <Fact term={t('adminLoans.quote.cashPrice')}>{formatUgx(quote.cashPrice)}</Fact>
      <Fact term={t('adminLoans.quote.creditPrice')}>
        <span className="font-semibold">{formatUgx(quote.creditPrice)}</span>
      </Fact>
      <Fact term={t('adminLoans.quote.deposit')}>{formatUgx(quote.deposit)}</Fact>
      <Fact term={t('adminLoans.quote.instalment')}>{instalments(quote)}</Fact>
      <Fact term={t('adminLoans.quote.costOfCredit')}>{formatUgx(quote.costOfCredit)}</Fact>
    </dl>
  );
}
