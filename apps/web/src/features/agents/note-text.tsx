import { useTranslation } from 'react-i18next';
import { useFormats } from '@/lib/formats.ts';
import { formatUgx } from '@/lib/money.ts';
import type { VisitNote } from './field-api.ts';

/** A visit note as the agent reads it back: when, what, and the promise to pay if one was made. */
export function NoteText({ note }: { note: VisitNote }) {
  const { t } = useTranslation();
  const { date, day } = useFormats();
  return (
    <>
      <p className="text-sm text-stone-700">
        <time dateTime={note.recordedAt}>{date(note.recordedAt)}</time> · {note.agentName}
      </p>
      <p className="whitespace-pre-line">{note.note}</p>
      {note.promiseAmount !== null && note.promiseDate && (
        <p className="font-medium">
          {t('agent.visits.promise', { amount: formatUgx(note.promiseAmount), date: day(note.promiseDate) })}
        </p>
      )}
    </>
  );
}
