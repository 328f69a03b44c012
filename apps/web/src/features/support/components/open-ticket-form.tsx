import {
  openTicketSchema,
  TICKET_PHOTO_LIMIT,
  TICKET_PHOTO_MAX_BYTES,
  TICKET_PHOTO_TYPES,
  type OpenTicketInput,
  type Ticket,
} from '@ecogrid/core/support';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { PhotoPicker } from '@/components/ui/photo-picker.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { showToast } from '@/components/ui/toast.tsx';
import { useAttemptKey } from '@/lib/idempotency.ts';
import { sendPhoto } from '@/lib/use-photo-upload.ts';
import { useCheckedForm } from '@/lib/use-checked-form.ts';
import {
  addTicketPhoto,
  openTicket,
  TICKET_CATEGORIES,
  ticketChoicesQuery,
  type TicketCategory,
  type TicketSide,
} from '../api.ts';
import { MessageField } from './message-field.tsx';
import { usePhotoWords } from './ticket-photos.tsx';

type Values = { category: string; about: string; subject: string; description: string };
/** The fields refused; the form says why in the reader's language. */
type Errors = Partial<Record<keyof Values, string>>;

/** "loan:<id>" or "order:<id>" in the list of what the ticket is about. */
const aboutOf = (about: string) => {
  const [type, id] = about.split(':');
  return type === 'loan' ? { loanId: id } : type === 'order' ? { orderId: id } : {};
};

function check(values: Values): { input: OpenTicketInput | null; errors: Errors } {
  const parsed = openTicketSchema.safeParse({
    category: values.category || undefined,
    subject: values.subject,
    description: values.description,
    ...aboutOf(values.about),
  });
  if (parsed.success) return { input: parsed.data, errors: {} };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] === 'loanId' || issue.path[0] === 'orderId' ? 'about' : (issue.path[0] as keyof Values);
    errors[field] ??= field;
  }
  return { input: null, errors };
}

/**
 * Adds the photo chosen on the form to the ticket just opened. The ticket stands whatever happens
 * to the photo; a refusal is said (and the photo can be added on the ticket).
 */
async function withPhoto(ticket: Ticket, photo: File, side: TicketSide, words: { tooLarge: string; failed: string }) {
  const sent = await sendPhoto(photo, {
    maxBytes: TICKET_PHOTO_MAX_BYTES,
    send: (upload, name, onProgress) => addTicketPhoto(ticket.id, side, upload, name, onProgress),
    words,
  });
  return { ticket: sent.answer ?? ticket, problem: sent.problem };
}

/**
 * The form a customer (or their agent, with `customerId`) opens a ticket with: what it is about,
 * which loan or order (the customer's own, by number), a subject and what happened. A link may
 * choose the category and the loan (`?category=device_fault&loan=<id>`).
 */
export function OpenTicketForm({
  customerId,
  initial = {},
  onOpened,
}: {
  customerId?: string;
  initial?: { category?: string | null; loanId?: string | null; orderId?: string | null };
  onOpened: (ticket: Ticket) => void;
}) {
  const { t } = useTranslation();
  const words = usePhotoWords();
  const queryClient = useQueryClient();
  const choices = useQuery({ ...ticketChoicesQuery, enabled: !customerId });
  const attempt = useAttemptKey();
  const [values, setValues] = useState<Values>({
    category: TICKET_CATEGORIES.includes(initial.category as TicketCategory) ? initial.category! : '',
    about: initial.loanId ? `loan:${initial.loanId}` : initial.orderId ? `order:${initial.orderId}` : '',
    subject: '',
    description: '',
  });
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const open = useMutation({
    mutationFn: async (input: OpenTicketInput) => {
      const ticket = await openTicket(input, attempt.keyFor(input), customerId);
      return photo ? withPhoto(ticket, photo, customerId ? 'agent' : 'customer', words) : { ticket, problem: null };
    },
    onSuccess: async ({ ticket, problem }) => {
      attempt.settled();
      void showToast(t('support.opened', { number: ticket.number }), { kind: 'success' });
      if (problem) void showToast(t('support.photos.notAdded', { reason: problem }), { kind: 'error' });
      await queryClient.invalidateQueries({ queryKey: ['support'] });
      onOpened(ticket);
    },
    onError: (error) => attempt.settled(error),
  });
  const { form, errors, submit } = useCheckedForm(check, (input: OpenTicketInput) => open.mutate(input));
  const set = (field: keyof Values) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const aboutOptions = [
    ...(choices.data?.loans ?? []).map((loan) => ({
      value: `loan:${loan.id}`,
      label: t('support.aboutLoan', { number: loan.number, product: loan.productName }),
    })),
    ...(choices.data?.orders ?? []).map((order) => ({
      value: `order:${order.id}`,
      label: t('support.aboutOrder', { number: order.number }),
    })),
  ];
  // A link's loan that the list does not (yet) hold still shows, so the choice is not lost.
  if (values.about && !aboutOptions.some((o) => o.value === values.about)) {
    aboutOptions.unshift({ value: values.about, label: t('support.aboutChosen') });
  }
  return (
    <form ref={form} onSubmit={submit(values)} noValidate className="space-y-4" aria-busy={open.isPending}>
      <SelectField
        id="ticket-category"
        label={t('support.categoryLabel')}
        placeholder={t('support.choose')}
        options={TICKET_CATEGORIES.map((value) => ({ value, label: t(`support.category.${value}`) }))}
        value={values.category}
        error={errors.category && t('support.invalid.category')}
        onChange={(event) => set('category')(event.target.value)}
      />
      <SelectField
        id="ticket-about"
        label={t('support.aboutLabel')}
        placeholder={choices.isPending && !customerId ? t('support.aboutLoading') : t('support.aboutNone')}
        options={aboutOptions}
        value={values.about}
        error={errors.about && t('support.invalid.about')}
        onChange={(event) => set('about')(event.target.value)}
      />
      <TextField
        id="ticket-subject"
        label={t('support.subjectLabel')}
        hint={t('support.subjectHint')}
        value={values.subject}
        maxLength={120}
        error={errors.subject && t('support.invalid.subject')}
        onChange={(event) => set('subject')(event.target.value)}
      />
      <MessageField
        id="ticket-description"
        label={t('support.descriptionLabel')}
        value={values.description}
        error={errors.description && t('support.invalid.description')}
        onChange={set('description')}
      />
      <div className="space-y-2">
        <p className="font-semibold">{t('support.photos.formLabel')}</p>
        <p className="text-sm text-stone-700">{t('support.photos.hint', { most: TICKET_PHOTO_LIMIT })}</p>
        {photo ? (
          <p className="flex flex-wrap items-center gap-2">
            <span className="break-all">{t('support.photos.formChosen', { name: photo.name })}</span>
            <Button
              id="ticket-new-photo-remove"
              type="button"
              variant="secondary"
              aria-disabled={open.isPending}
              onClick={() => {
                if (open.isPending) return;
                setPhoto(null);
                // The button goes with the photo: focus moves to the picker that takes its place.
                requestAnimationFrame(() => document.getElementById('ticket-new-photo')?.focus());
              }}
            >
              {t('support.photos.formRemove')}
            </Button>
          </p>
        ) : (
          <PhotoPicker
            id="ticket-new-photo"
            label={t('support.photos.add')}
            accepted={TICKET_PHOTO_TYPES}
            busy={open.isPending}
            onFile={(file) => {
              const fits = !file?.type || (TICKET_PHOTO_TYPES as readonly string[]).includes(file.type);
              setPhotoError(fits ? null : words.wrongType);
              if (file && fits) {
                setPhoto(file);
                // The picker gives way to the chosen photo's line: focus goes to its Remove.
                requestAnimationFrame(() => document.getElementById('ticket-new-photo-remove')?.focus());
              }
            }}
          />
        )}
        {photoError && <FormAlert>{photoError}</FormAlert>}
      </div>
      {open.isError && <FormAlert>{open.error.message}</FormAlert>}
      <Button type="submit" disabled={open.isPending}>
        {open.isPending ? t('support.sending') : t('support.send')}
      </Button>
    </form>
  );
}
