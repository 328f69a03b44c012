import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button.tsx';
import { authPath, useSession } from '@/features/auth/api.ts';
import { SupportAnswers } from '@/features/support/answers/support-answers.tsx';
import { ContactWays } from '@/features/support/contact-ways.tsx';
import { SupportTicketsSection } from '@/features/support/support-tickets-section.tsx';
import { usePageTitle } from '@/lib/use-page-title.ts';

/**
 * /support (public): answers to common questions, searchable; the ways to reach a person; and,
 * signed in, the customer's tickets.
 */
export default function SupportPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.support'));
  const session = useSession();
  return (
    <div className="mx-auto max-w-2xl space-y-6 p-4">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold">{t('pages.support')}</h1>
        <p className="text-stone-700">{t('support.pageIntro')}</p>
      </header>
      <SupportAnswers contactHref="#contact-title" />
      <ContactWays />
      {session.data ? (
        <SupportTicketsSection limit={5} />
      ) : (
        !session.isPending && (
          <section className="space-y-2">
            <p>{t('support.signInForTickets')}</p>
            <Link to={authPath('/support')} className={buttonClass()}>
              {t('support.signIn')}
            </Link>
          </section>
        )
      )}
    </div>
  );
}
