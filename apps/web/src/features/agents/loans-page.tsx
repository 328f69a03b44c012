import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { agentLoanBookQuery, LOAN_SHOWS, type AgentLoan, type LoanShow } from './books-api.ts';
import { BookList, CustomerLine, useShow } from './components/book-list.tsx';
import { LoanFacts } from './components/loan-facts.tsx';
import { AgentScreen } from './page-states.tsx';

const TITLE = 'agent-loans-title';

function LoanItem({ loan }: { loan: AgentLoan }) {
  const { t } = useTranslation();
  return (
    <>
      <CustomerLine id={`${TITLE}-${loan.id}`} customer={loan.customer} />
      <p className="break-words">{t('agent.loans.product', { product: loan.productName, number: loan.number })}</p>
      <LoanFacts loan={loan} />
    </>
  );
}

/** /agent/loans: the loans of the agent's customers, newest first; those in arrears, or of one status. */
export default function AgentLoansPage() {
  const { t } = useTranslation();
  const [show, setShow] = useShow(LOAN_SHOWS);
  const query = useInfiniteQuery(agentLoanBookQuery(show));
  const label = (value: LoanShow) =>
    value === 'all' || value === 'inArrears' || value === 'current'
      ? t(`agent.loans.show.${value}`)
      : t(`loans.status.${value}`, { defaultValue: value });
  return (
    <AgentScreen id={TITLE} title={t('agent.loans.title')}>
      <BookList
        titleId={TITLE}
        query={query}
        words={{
          loading: t('agent.loans.loading'),
          empty: show === 'all' ? t('agent.loans.empty') : t('agent.loans.noMatch'),
          shown: (count) => t('agent.loans.shown', { count }),
        }}
        show={{
          label: t('agent.book.show'),
          value: show,
          options: LOAN_SHOWS.map((value) => ({ value, label: label(value) })),
          change: (value) => setShow(value as LoanShow),
        }}
        render={(loan) => <LoanItem loan={loan} />}
      />
    </AgentScreen>
  );
}
