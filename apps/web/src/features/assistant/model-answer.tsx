import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '@/components/ui/offline-notice.tsx';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { shownLanguage } from '@/lib/i18n.ts';
import { askModel, assistantStatusQuery } from './api.ts';

/**
 * A written answer from the language model, when the server has one: asked for by the reader,
 * given only the answers and products the search found, and labelled as the model's. Offline or
 * without a model, nothing shows and the search's answers stand alone.
 */
export function ModelAnswer({
  question,
  answerIds,
  productIds,
}: {
  question: string;
  answerIds: string[];
  productIds: string[];
}) {
  const { t } = useTranslation();
  const online = useOnline();
  const status = useQuery({ ...assistantStatusQuery, enabled: online });
  const ask = useMutation({
    mutationFn: () => askModel({ question, language: shownLanguage(), answerIds, productIds }),
  });
  // The answer takes the button's place: focus goes to it, not to the page.
  const written = useRef<HTMLElement>(null);
  useEffect(() => {
    if (ask.data) written.current?.focus();
  }, [ask.data]);
  if (!online || !status.data?.languageModel) return null;
  return (
    <div className="space-y-2" aria-busy={ask.isPending}>
      {ask.data ? (
        <figure
          ref={written}
          tabIndex={-1}
          className="space-y-1 rounded-2xl rounded-tl-none border border-stone-300 bg-white p-3"
        >
          <figcaption className="text-sm font-semibold">
            {t('assistant.model.by', { model: ask.data.model })}
          </figcaption>
          <p className="whitespace-pre-line">{ask.data.answer}</p>
          <p className="text-sm text-stone-700">{t('assistant.model.caution')}</p>
        </figure>
      ) : (
        <Button
          type="button"
          variant="secondary"
          aria-disabled={ask.isPending}
          onClick={() => {
            if (!ask.isPending) ask.mutate();
          }}
        >
          {ask.isPending ? t('assistant.model.writing') : t('assistant.model.ask')}
        </Button>
      )}
      {ask.isError && <FormAlert>{ask.error.message}</FormAlert>}
    </div>
  );
}
