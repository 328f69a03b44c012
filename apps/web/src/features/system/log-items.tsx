import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuthAttempt, Person, SecurityEvent } from './api.ts';
import { useFormats } from '@/lib/formats.ts';
import { Badge, type Tone } from '@/components/ui/badge.tsx';
import { Fact } from '@/components/ui/fact.tsx';

const detailText = (value: unknown) =>
  typeof value === 'string' ? value : value === null || value === undefined ? '—' : JSON.stringify(value);

function Facts({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-[minmax(6rem,auto)_1fr] gap-x-3 gap-y-1 text-sm">{children}</dl>;
}

/**
 * An account as the log shows it: the name, then the email or phone number to find it by. An id
 * whose account is gone is shown as such, never as the bare id alone.
 */
function PersonFact({ term, id, person }: { term: string; id: string | null; person: Person | null }) {
  const { t } = useTranslation();
  return (
    <Fact variant="cells" term={term}>
      {person ? (
        <>
          <span className="font-medium">{person.name}</span> ({t(`admin.roles.${person.role}`)})
          {[person.email, person.phone]
            .filter((way): way is string => way !== null)
            .map((way) => (
              <span key={way} className="block">
                {way}
              </span>
            ))}
        </>
      ) : id ? (
        t('admin.log.gone')
      ) : (
        t('admin.log.none')
      )}
    </Fact>
  );
}

/** How the log names an event type; a type this version does not know is shown as the server wrote it. */
export function useEventLabel() {
  const { t } = useTranslation();
  return (type: string) => t(`admin.events.${type}`, { defaultValue: type });
}

const eventTone = (type: string): Tone =>
  type.endsWith('_failed')
    ? 'bad'
    : type.startsWith('admin_')
      ? 'info'
      : type.endsWith('_success')
        ? 'good'
        : 'neutral';

/** One line of the security log with everything it recorded. */
export function EventItem({ event }: { event: SecurityEvent }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const label = useEventLabel();
  // The account acted on is shown by name above; its id adds nothing.
  const details = Object.entries(event.details).filter(([key]) => !(key === 'targetUserId' && event.target));
  return (
    <li className="space-y-2 rounded-lg border border-stone-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Badge tone={eventTone(event.eventType)}>{label(event.eventType)}</Badge>
        <time dateTime={event.createdAt} className="text-sm text-stone-700">
          {formats.stamp(event.createdAt)}
        </time>
      </div>
      <Facts>
        <PersonFact term={t('admin.log.user')} id={event.userId} person={event.user} />
        {event.target && <PersonFact term={t('admin.log.target')} id={event.target.id} person={event.target} />}
        {details.map(([key, value]) => (
          <Fact key={key} variant="cells" term={key} mono>
            {detailText(value)}
          </Fact>
        ))}
        <Fact variant="cells" term={t('admin.log.ip')}>
          {event.ipAddress ?? t('admin.log.none')}
        </Fact>
        {event.userAgent && (
          <Fact variant="cells" term={t('admin.log.device')} mono>
            {event.userAgent}
          </Fact>
        )}
      </Facts>
    </li>
  );
}

/** One sign-in attempt: who tried, how, whether it worked and why not. */
export function AttemptItem({ attempt }: { attempt: AuthAttempt }) {
  const { t } = useTranslation();
  const formats = useFormats();
  return (
    <li className="space-y-2 rounded-lg border border-stone-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        {attempt.success ? (
          <Badge tone="good">{t('admin.log.succeeded')}</Badge>
        ) : (
          <Badge tone="bad">{t('admin.log.failed')}</Badge>
        )}
        <time dateTime={attempt.createdAt} className="text-sm text-stone-700">
          {formats.stamp(attempt.createdAt)}
        </time>
      </div>
      <p className="font-semibold break-all">{attempt.identifier}</p>
      <Facts>
        <Fact variant="cells" term={t('admin.log.method')}>
          {attempt.loginMethod}
        </Fact>
        {attempt.failureReason && (
          <Fact variant="cells" term={t('admin.log.reason')}>
            {attempt.failureReason}
          </Fact>
        )}
        <PersonFact term={t('admin.log.user')} id={attempt.userId} person={attempt.user} />
        <Fact variant="cells" term={t('admin.log.ip')}>
          {attempt.ipAddress ?? t('admin.log.none')}
        </Fact>
        {attempt.userAgent && (
          <Fact variant="cells" term={t('admin.log.device')} mono>
            {attempt.userAgent}
          </Fact>
        )}
      </Facts>
    </li>
  );
}
