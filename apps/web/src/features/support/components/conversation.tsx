import { useTranslation } from 'react-i18next';
import { useFormats } from '@/lib/formats.ts';
import type { TicketMessage } from '../api.ts';

/** A ticket's messages, oldest first, each with who wrote it, what kind it is, and when. */
export function Conversation({ messages }: { messages: TicketMessage[] }) {
  const { t } = useTranslation();
  const { dateTime } = useFormats();
  return (
    <ol aria-label={t('support.conversation')} className="space-y-3">
      {messages.map((message) => (
        <li
          key={message.id}
          className={`space-y-1 rounded-lg border p-3 ${
            message.role === 'staff' ? 'border-brand-200 bg-brand-50' : 'border-stone-200 bg-white'
          }`}
        >
          <p className="text-sm font-semibold">
            {t(`support.kind.${message.kind}`, {
              name: message.role === 'staff' ? t('support.staff') : (message.author.name ?? t('support.someone')),
            })}
          </p>
          <p className="break-words whitespace-pre-line">{message.body}</p>
          <p className="text-xs text-stone-700">
            <time dateTime={message.createdAt}>{dateTime(message.createdAt)}</time>
          </p>
        </li>
      ))}
    </ol>
  );
}
