import { useTranslation } from 'react-i18next';
import { useOnline } from '@/components/ui/offline-notice.tsx';
import { AskBox, type QuotedAnswer } from '@/features/assistant/ask-box.tsx';
import { SizingSteps } from '@/features/assistant/sizing-steps.tsx';
import { searchAnswers } from '@/features/support/answers/answers.ts';
import { answerAnchor, SupportAnswers } from '@/features/support/answers/support-answers.tsx';
import { shownLanguage } from '@/lib/i18n.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';

const findAnswers = (text: string): QuotedAnswer[] =>
  searchAnswers(shownLanguage(), text, 3).map((answer) => ({
    id: answer.id,
    question: answer.question,
    answer: answer.answer,
    href: `#${answerAnchor(answer.id)}`,
  }));

/**
 * The assistant (/ai-test, public): sizing a system from the live catalogue, questions answered
 * from the common answers and the products by search, and the answers themselves.
 */
export default function AiTestPage() {
  const { t } = useTranslation();
  const online = useOnline();
  usePageTitle(t('pages.aiTest'));
  return (
    <section className="mx-auto max-w-2xl space-y-8 p-4 md:py-10" aria-labelledby="ai-title">
      <div className="space-y-2">
        <h1 id="ai-title" className="text-2xl font-bold">
          {t('pages.aiTest')}
        </h1>
        <p>{t('assistant.intro')}</p>
        {!online && (
          <p role="note" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
            {t('assistant.offline')}
          </p>
        )}
      </div>
      <SizingSteps />
      <AskBox findAnswers={findAnswers} />
      <SupportAnswers />
    </section>
  );
}
