import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { resendMessage, type OutboxDelivery, type OutboxMessage } from './api.ts';
import { ApiError } from '@/lib/api-client.ts';
import { useFormats } from '@/lib/formats.ts';
import { useErrorText } from '@/components/admin/admin-error.tsx';
import { Badge, type Tone } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';

const statusTone: Record<OutboxMessage['status'], Tone> = {
  queued: 'info',
  stored: 'warn',
  sent: 'good',
  failed: 'bad',
};

const REFUSALS: string[] = ['message_expires', 'message_not_rebuildable', 'already_waiting'];
const deliveryTone: Record<OutboxDelivery, Tone> = { pending: 'info', delivered: 'good', failed: 'bad' };

/** One message as it was written: to whom, by which way, what became of it, and its text. */
export function OutboxItem({ message }: { message: OutboxMessage }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const titleId = useId();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const resend = useMutation({
    mutationFn: () => resendMessage(message.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'outbox'] }),
  });
  const reason = message.deliveryReason;
  // The refusals this button meets, in the reader's language; anything else as the server said it.
  const refusal = (error: unknown) =>
    error instanceof ApiError && REFUSALS.includes(error.code)
      ? t(`admin.outbox.refused.${error.code}`)
      : errorText(error);
  return (
    <li>
      <article aria-labelledby={titleId} className="space-y-3 rounded-lg border border-stone-200 bg-white p-4">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="info">{t(`admin.outbox.channel.${message.channel}`)}</Badge>
          <Badge tone={statusTone[message.status]}>{t(`admin.outbox.status.${message.status}`)}</Badge>
          {message.delivery && (
            <Badge tone={deliveryTone[message.delivery]}>{t(`admin.outbox.delivery.${message.delivery}`)}</Badge>
          )}
          <time dateTime={message.createdAt} className="ml-auto text-sm text-stone-700">
            {formats.stamp(message.createdAt)}
          </time>
        </div>
        <h2 id={titleId} className="text-base font-semibold break-words">
          {message.subject ?? t('admin.outbox.smsTo', { recipient: message.recipient })}
        </h2>
        <dl className="grid grid-cols-[minmax(6rem,auto)_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-stone-600">{t('admin.outbox.recipient')}</dt>
          <dd className="min-w-0 break-all">{message.recipient}</dd>
          {message.provider && (
            <>
              <dt className="text-stone-600">{t('admin.outbox.provider')}</dt>
              <dd className="min-w-0 break-all">{message.provider}</dd>
            </>
          )}
          <dt className="text-stone-600">{t('admin.outbox.attempts')}</dt>
          <dd>{message.attempts}</dd>
          {message.error && (
            <>
              <dt className="text-stone-600">{t('admin.outbox.error')}</dt>
              <dd className="min-w-0 break-words text-red-900">{message.error}</dd>
            </>
          )}
          {reason && (
            <>
              <dt className="text-stone-600">{t('admin.outbox.deliveryReason')}</dt>
              <dd className="min-w-0 break-words text-red-900">
                {t(`admin.outbox.reason.${reason}`, { defaultValue: reason })}
              </dd>
            </>
          )}
          {message.reportedAt && (
            <>
              <dt className="text-stone-600">{t('admin.outbox.reportedAt')}</dt>
              <dd>
                <time dateTime={message.reportedAt}>{formats.stamp(message.reportedAt)}</time>
              </dd>
            </>
          )}
        </dl>
        {message.retryOf && <p className="text-sm text-stone-700">{t('admin.outbox.retryOf')}</p>}
        {message.body === null ? (
          <p className="text-sm text-stone-600">{t('admin.outbox.noBody')}</p>
        ) : (
          <pre
            aria-label={t('admin.outbox.body')}
            className="max-h-96 overflow-auto rounded-lg bg-stone-100 p-3 font-sans text-sm whitespace-pre-wrap break-words"
          >
            {message.body}
          </pre>
        )}
        {message.resendable && (
          <Button
            disabled={resend.isPending}
            aria-busy={resend.isPending}
            aria-describedby={titleId}
            onClick={() => resend.mutate()}
          >
            {resend.isPending ? t('admin.outbox.resending') : t('admin.outbox.resend')}
          </Button>
        )}
        {resend.isSuccess && (
          <p role="status" className="text-sm">
            {t('admin.outbox.resent')}
          </p>
        )}
        {resend.isError && <FormAlert>{refusal(resend.error)}</FormAlert>}
      </article>
    </li>
  );
}
