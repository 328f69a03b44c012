import { TICKET_PHOTO_LIMIT, TICKET_PHOTO_MAX_BYTES, TICKET_PHOTO_TYPES } from '@ecogrid/core/support-kinds';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { PhotoPicker } from '@/components/ui/photo-picker.tsx';
import { showToast } from '@/components/ui/toast.tsx';
import { UploadProgressNote } from '@/components/ui/upload-progress.tsx';
import { useFormats } from '@/lib/formats.ts';
import { usePhotoUpload } from '@/lib/use-photo-upload.ts';
import { addTicketPhoto, ticketPhotoUrl, ticketQuery, type Ticket, type TicketSide } from '../api.ts';

/** The words of a photo's upload, shared by the ticket page and the form that opens a ticket. */
export function usePhotoWords() {
  const { t } = useTranslation();
  return {
    wrongType: t('support.photos.wrongType'),
    tooLarge: t('support.photos.tooLarge'),
    failed: t('support.photos.failed'),
    shrinking: t('support.photos.shrinking'),
    uploading: (percent: number) => t('support.photos.uploading', { percent }),
    bar: t('support.photos.progress'),
  };
}

function AddPhoto({ ticket, side }: { ticket: Ticket; side: TicketSide }) {
  const { t } = useTranslation();
  const words = usePhotoWords();
  const queryClient = useQueryClient();
  const upload = usePhotoUpload({
    accepted: TICKET_PHOTO_TYPES,
    maxBytes: TICKET_PHOTO_MAX_BYTES,
    send: (blob, name, onProgress) => addTicketPhoto(ticket.id, side, blob, name, onProgress),
    onSent: (updated) => {
      queryClient.setQueryData(ticketQuery(ticket.id, side).queryKey, updated);
      void showToast(t('support.photos.added'), { kind: 'success' });
    },
    words,
  });
  return (
    <div className="space-y-2" aria-busy={upload.busy}>
      <p className="text-sm text-stone-700">{t('support.photos.hint', { most: TICKET_PHOTO_LIMIT })}</p>
      <PhotoPicker
        id="ticket-photo"
        label={t('support.photos.add')}
        accepted={TICKET_PHOTO_TYPES}
        busy={upload.busy}
        onFile={(file) => void upload.choose(file)}
      />
      <UploadProgressNote progress={upload.progress} words={words} />
      {upload.error && <FormAlert>{upload.error}</FormAlert>}
    </div>
  );
}

/**
 * A ticket's photos, each named by who sent it and when and opening full size; the customer or
 * their agent may add one while the ticket is open and has room.
 */
export function TicketPhotos({ ticket, side }: { ticket: Ticket; side: TicketSide | 'staff' }) {
  const { t } = useTranslation();
  const { dateTime } = useFormats();
  const full = ticket.photos.length >= TICKET_PHOTO_LIMIT;
  // The last photo that fits takes the picker away: focus goes to what says so.
  const fullNote = useRef<HTMLParagraphElement>(null);
  const wasFull = useRef(full);
  useEffect(() => {
    if (full && !wasFull.current) fullNote.current?.focus();
    wasFull.current = full;
  }, [full]);
  return (
    <section aria-labelledby="ticket-photos-title" className="space-y-3">
      <h2 id="ticket-photos-title" className="text-lg font-semibold">
        {t('support.photos.title')}
      </h2>
      {ticket.photos.length === 0 ? (
        <p>{t('support.photos.none')}</p>
      ) : (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {ticket.photos.map((photo, index) => {
            const url = ticketPhotoUrl(side, ticket.id, photo.id);
            const alt = t('support.photos.alt', {
              number: index + 1,
              name: photo.uploadedBy.name ?? t('support.someone'),
              when: dateTime(photo.createdAt),
            });
            return (
              <li key={photo.id}>
                <a href={url} className="block rounded-lg focus-visible:ring-2 focus-visible:ring-brand-700">
                  <img
                    src={url}
                    alt={alt}
                    loading="lazy"
                    className="aspect-square w-full rounded-lg border border-stone-200 object-cover"
                  />
                </a>
              </li>
            );
          })}
        </ul>
      )}
      {side !== 'staff' &&
        ticket.status !== 'resolved' &&
        (full ? (
          <p ref={fullNote} tabIndex={-1} className="text-sm">
            {t('support.photos.full', { most: TICKET_PHOTO_LIMIT })}
          </p>
        ) : (
          <AddPhoto ticket={ticket} side={side} />
        ))}
    </section>
  );
}
