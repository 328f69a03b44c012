import { LANGUAGES, type Language } from '@ecogrid/core/agent-field';
import { ugandanMobile } from '@ecogrid/core/payments';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { PlaceFields, type PlaceChoice, type PlaceErrors } from '@/components/ui/place-fields.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { agentLeadsQuery, FIELD_PATHS, type Lead, type LeadRequest } from './field-api.ts';
import { LeadCodeStep } from './lead-code-step.tsx';
import { useAgentOutbox } from './outbox/queue-store.ts';
import { AgentScreen } from './page-states.tsx';
import { QueuedStatus } from './queued-status.tsx';
import { newClientKey } from './receipt-number.ts';

const NO_PLACE: PlaceChoice = { district: null, subCounty: null, village: null };
type Errors = PlaceErrors & { fullName?: string; phone?: string };

/** Name, phone, where they live, language, and the national ID if they have one at hand. */
function RegisterForm({ onQueued }: { onQueued: (key: string) => void }) {
  const { t } = useTranslation();
  const { outbox } = useAgentOutbox();
  const [fullName, setFullName] = useState('');
  const [phone, setPhone] = useState('');
  const [place, setPlace] = useState(NO_PLACE);
  const [language, setLanguage] = useState<Language>('luganda');
  const [nationalId, setNationalId] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Errors = {};
    if (fullName.trim().length < 2) found.fullName = t('agent.register.nameInvalid');
    if (!ugandanMobile(phone)) found.phone = t('agent.consent.phoneInvalid');
    for (const name of ['district', 'subCounty', 'village'] as const) {
      if (!place[name]) found[name] = t(`agent.register.choose.${name}`);
    }
    setErrors(found);
    const first = (['fullName', 'phone', 'district', 'subCounty', 'village'] as const).find((name) => found[name]);
    if (first || !outbox || !place.district || !place.subCounty || !place.village) {
      if (first) document.getElementById(`register-${first}`)?.focus();
      return;
    }
    const body: LeadRequest = {
      clientKey: newClientKey(),
      fullName: fullName.trim(),
      phoneNumber: phone.trim(),
      district: place.district.name,
      subCounty: place.subCounty.name,
      village: place.village.name,
      preferredLanguage: language,
      ...(nationalId.trim() ? { nationalId: nationalId.trim() } : {}),
      recordedAt: new Date().toISOString(),
    };
    outbox.enqueue('lead', FIELD_PATHS.lead, body, { customerName: body.fullName });
    void outbox.flush();
    onQueued(body.clientKey);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField
        id="register-fullName"
        label={t('agent.register.name')}
        error={errors.fullName}
        value={fullName}
        onChange={(event) => setFullName(event.target.value)}
        autoComplete="off"
        maxLength={100}
      />
      <TextField
        id="register-phone"
        type="tel"
        label={t('agent.consent.phone')}
        hint={t('agent.register.phoneHint')}
        error={errors.phone}
        value={phone}
        onChange={(event) => setPhone(event.target.value)}
        autoComplete="off"
        maxLength={30}
      />
      <PlaceFields idPrefix="register" value={place} onChange={setPlace} errors={errors} disabled={false} />
      <SelectField
        id="register-language"
        label={t('agent.register.language')}
        options={LANGUAGES.map((code) => ({ value: code, label: t(`agent.register.languages.${code}`) }))}
        value={language}
        onChange={(event) => setLanguage(event.target.value as Language)}
      />
      <TextField
        id="register-nationalId"
        label={t('agent.register.nationalId')}
        hint={t('agent.register.nationalIdHint')}
        value={nationalId}
        onChange={(event) => setNationalId(event.target.value)}
        autoComplete="off"
        maxLength={20}
      />
      <Button type="submit" className="w-full sm:w-auto">
        {t('agent.register.submit')}
      </Button>
    </form>
  );
}

/** Customers registered earlier whose code step is still to do. */
function WaitingForCode({ shownAbove }: { shownAbove: string | undefined }) {
  const { t } = useTranslation();
  const leads = useQuery(agentLeadsQuery);
  const waiting = (leads.data?.items ?? []).filter((lead) => lead.status === 'waiting_code' && lead.id !== shownAbove);
  if (waiting.length === 0) return null;
  return (
    <section aria-labelledby="waiting-code-title" className="space-y-3">
      <h2 id="waiting-code-title" className="text-lg font-semibold">
        {t('agent.register.waitingTitle')}
      </h2>
      <ul aria-labelledby="waiting-code-title" className="space-y-3">
        {waiting.map((lead) => (
          <li key={lead.id} className="space-y-2 rounded-xl border border-stone-200 bg-white p-4">
            <h3 className="font-semibold">{lead.fullName}</h3>
            <LeadCodeStep lead={lead} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * /agent/register: a customer registered in the field. The details are kept on the phone and
 * sent when there is a network (the customer is a lead until then); EcoGrid then texts the
 * customer a code, and the customer reading it back makes their account.
 */
export default function AgentRegisterPage() {
  const { t } = useTranslation();
  const { items } = useAgentOutbox();
  const [queuedKey, setQueuedKey] = useState<string | null>(null);
  const queued = items.find((item) => item.key === queuedKey);
  const lead = queued?.status === 'done' ? (queued.result as Lead) : null;

  return (
    <AgentScreen id="register-title" title={t('agent.register.title')}>
      {!queued ? (
        <>
          <p className="text-stone-700">{t('agent.register.intro')}</p>
          <RegisterForm onQueued={setQueuedKey} />
        </>
      ) : (
        <section
          aria-labelledby="registered-title"
          className="space-y-3 rounded-xl border border-stone-200 bg-white p-4"
        >
          <h2 id="registered-title" className="text-lg font-semibold">
            {queued.summary.customerName}
          </h2>
          {lead ? <LeadCodeStep lead={lead} /> : <QueuedStatus item={queued} />}
          {queued.status === 'waiting' && <p>{t('agent.register.queued')}</p>}
          <Button variant="secondary" className="w-full sm:w-auto" onClick={() => setQueuedKey(null)}>
            {t('agent.register.another')}
          </Button>
        </section>
      )}
      <WaitingForCode shownAbove={lead?.id} />
    </AgentScreen>
  );
}
