import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { SupportTicketsSection } from './support-tickets-section.tsx';

/** /support/tickets: every ticket of the customer's, newest first. */
export default function MyTicketsPage() {
  const { t } = useTranslation();
  usePageTitle(t('support.myTickets'));
  return (
    <div className="mx-auto max-w-2xl p-4">
      <SupportTicketsSection headingLevel={1} />
    </div>
  );
}
