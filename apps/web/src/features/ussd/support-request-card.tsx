import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useErrorText } from '@/components/admin/admin-error.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Fact } from '@/components/ui/fact.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { showToast } from '@/components/ui/toast.tsx';
import { useFormats } from '@/lib/formats.ts';
import { localPhone } from '@/lib/phone.ts';
import { markHandled, type SupportRequest } from './api.ts';

const NOTE_MAX = 500;

/**
 * One call-back request: who asked (their account found by phone), a number to call, what
 * about, when, and their agent; an open one can be marked handled with a short note.
 */
export function SupportRequestCard({ request }: { request: SupportRequest }) {
  const { t } = useTranslation();
  const { dateTime } = useFormats();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const name = request.customerName ?? t('admin.support.unknownCustomer');
  const phone = request.customerPhone;
  return (
    <li>
      <article aria-labelledby={titleId} className="space-y-2 rounded-lg border border-stone-300 bg-white p-3">
        <h2 id={titleId} className="text-lg font-semibold break-words">
          {phone ? (
            <Link
              to={`/admin/users?q=${encodeURIComponent(phone)}`}
              className="inline-flex min-h-11 items-center text-brand-800 underline"
            >
              {name}
            </Link>
          ) : (
            name
          )}
        </h2>
        <dl className="space-y-1 text-sm">
          <Fact term={t('admin.support.phone')}>
            {phone ? (
              <a href={`tel:${phone}`} className="inline-flex min-h-11 items-center text-brand-800 underline">
                {localPhone(phone)}
              </a>
            ) : (
              t('admin.support.none')
            )}
          </Fact>
          <Fact term={t('admin.support.topic')}>{t(`admin.support.topics.${request.topic}`)}</Fact>
          <Fact term={t('admin.support.asked')}>
            <time dateTime={request.createdAt}>{dateTime(request.createdAt)}</time>
          </Fact>
          <Fact term={t('admin.support.agent')}>{request.agent?.name ?? t('admin.support.none')}</Fact>
          {request.handledAt && (
            <Fact term={t('admin.support.handled')}>
              {t('admin.support.handledBy', {
                name: request.handledBy?.name ?? t('admin.support.formerAdmin'),
                when: dateTime(request.handledAt),
              })}
            </Fact>
          )}
          {request.handledNote && <Fact term={t('admin.support.note')}>{request.handledNote}</Fact>}
        </dl>
        {request.status === 'open' &&
          (open ? (
            <HandleForm request={request} name={name} onCancel={() => setOpen(false)} />
          ) : (
            <Button variant="secondary" onClick={() => setOpen(true)} aria-describedby={titleId}>
              {t('admin.support.markHandled')}
            </Button>
          ))}
      </article>
    </li>
  );
}

function HandleForm({ request, name, onCancel }: { request: SupportRequest; name: string; onCancel: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const [note, setNote] = useState('');
  const handle = useMutation({
    mutationFn: () => markHandled(request.id, note.trim()),
    onSuccess: async () => {
      void showToast(t('admin.support.done', { name }), { kind: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'support-requests'] });
    },
    // Someone else handled it meanwhile: the lists are out of date either way.
    onError: () => void queryClient.invalidateQueries({ queryKey: ['admin', 'support-requests'] }),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    handle.mutate();
  };
  const id = `support-note-${request.id}`;
  return (
    <form onSubmit={submit} className="space-y-3" aria-busy={handle.isPending}>
      <TextField
        id={id}
        label={t('admin.support.noteLabel')}
        hint={t('admin.support.noteHint')}
        value={note}
        maxLength={NOTE_MAX}
        onChange={(event) => setNote(event.target.value)}
      />
      {handle.isError && <FormAlert>{errorText(handle.error)}</FormAlert>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={handle.isPending}>
          {handle.isPending ? t('admin.working') : t('admin.support.save')}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={handle.isPending}>
          {t('admin.cancel')}
        </Button>
      </div>
    </form>
  );
}
