import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '@/components/ui/button.tsx';
import { SkeletonList } from '@/components/ui/skeleton-list.tsx';
import { contactsQuery } from './api.ts';

/** Call, SMS, WhatsApp and the USSD menu: each shown when the settings name it. */
export function ContactWays() {
  const { t } = useTranslation();
  const query = useQuery(contactsQuery);
  const phone = query.data?.phone;
  const code = query.data?.ussdCode;
  return (
    <section aria-labelledby="contact-title" className="space-y-3">
      <h2 id="contact-title" className="text-xl font-semibold">
        {t('support.contactTitle')}
      </h2>
      {query.isPending ? (
        <SkeletonList label={t('support.contactsLoading')} count={1} />
      ) : (
        <ul className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          {phone && (
            <>
              <li>
                <a href={`tel:${phone}`} className={buttonClass('secondary', 'w-full')}>
                  {t('support.call', { phone })}
                </a>
              </li>
              <li>
                <a href={`sms:${phone}`} className={buttonClass('secondary', 'w-full')}>
                  {t('support.sms', { phone })}
                </a>
              </li>
              <li>
                <a
                  href={`https://wa.me/${phone.replace(/\D/g, '')}`}
                  target="_blank"
                  rel="noreferrer"
                  className={buttonClass('secondary', 'w-full')}
                >
                  {t('support.whatsapp')}
                </a>
              </li>
            </>
          )}
          {code && <li className="py-2">{t('support.ussd', { code })}</li>}
        </ul>
      )}
    </section>
  );
}
