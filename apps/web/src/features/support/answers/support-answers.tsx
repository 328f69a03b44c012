import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { chipClass } from '@/components/ui/chip.ts';
import { TextField } from '@/components/ui/text-field.tsx';
import { shownLanguage } from '@/lib/i18n.ts';
import { ANSWER_TOPICS, answersIn, searchAnswers, type Answer, type AnswerTopic } from './answers.ts';

/** The page address of one answer: it opens that answer (`#answer-<id>`). */
export const answerAnchor = (id: Answer['id']) => `answer-${id}`;

/** Opens the answer the address names (a link from the assistant), after the list shows it. */
function useOpenLinkedAnswer(onLinked: () => void) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash.startsWith('#answer-')) return;
    onLinked();
    const details = document.getElementById(hash.slice(1));
    if (details instanceof HTMLDetailsElement) {
      details.open = true;
      details.scrollIntoView?.({ block: 'start' });
      details.querySelector('summary')?.focus();
    }
  }, [hash, onLinked]);
}

/**
 * The common questions: a search box, topics, and each answer behind its question. Searches in
 * the language on screen; with nothing found, it points to the ways to reach a person.
 */
export function SupportAnswers({ contactHref = '/support' }: { contactHref?: string }) {
  const { t } = useTranslation();
  const language = shownLanguage();
  const [text, setText] = useState('');
  const [topic, setTopic] = useState<AnswerTopic | undefined>();
  const searchId = useId();
  const clear = useMemo(
    () => () => {
      setText('');
      setTopic(undefined);
    },
    [],
  );
  useOpenLinkedAnswer(clear);

  const shown = useMemo(() => {
    const found = text.trim() ? searchAnswers(language, text, 20) : answersIn(language);
    return topic ? found.filter((answer) => answer.topic === topic) : found;
  }, [language, text, topic]);

  return (
    <section aria-labelledby="answers-title" className="space-y-4">
      <h2 id="answers-title" className="text-xl font-bold">
        {t('answers.title')}
      </h2>
      <TextField
        id={searchId}
        type="search"
        label={t('answers.search')}
        hint={t('answers.searchHint')}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <div role="group" aria-label={t('answers.topicsLabel')} className="flex flex-wrap gap-2">
        <button type="button" aria-pressed={!topic} className={chipClass(!topic)} onClick={() => setTopic(undefined)}>
          {t('answers.topics.all')}
        </button>
        {ANSWER_TOPICS.map((each) => (
          <button
            key={each}
            type="button"
            aria-pressed={topic === each}
            className={chipClass(topic === each)}
            onClick={() => setTopic(topic === each ? undefined : each)}
          >
            {t(`answers.topics.${each}`)}
          </button>
        ))}
      </div>
      <p role="status" className="text-sm text-stone-700">
        {t('answers.count', { count: shown.length })}
      </p>
      {shown.length > 0 ? (
        <ul className="space-y-2">
          {shown.map((answer) => (
            <li key={answer.id}>
              <details id={answerAnchor(answer.id)} className="rounded-lg border border-stone-200 bg-white">
                <summary className="min-h-11 cursor-pointer px-4 py-3 font-semibold">{answer.question}</summary>
                <p className="px-4 pb-4 text-stone-800">{answer.answer}</p>
              </details>
            </li>
          ))}
        </ul>
      ) : (
        <div className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <h3 className="font-semibold">{t('answers.noneTitle')}</h3>
          <p>{t('answers.noneBody')}</p>
          <Link to={contactHref} className="font-semibold text-brand-800 underline">
            {t('answers.contact')}
          </Link>
        </div>
      )}
    </section>
  );
}
