import { APPLIANCE_KINDS, APPLIANCES, MAX_COUNT, type ApplianceKind, type ApplianceUse } from '@ecogrid/core/sizing';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { SizingResult } from './sizing-result.tsx';

type Step = 'choose' | 'amounts' | 'result';
type Amount = { count: string; hours: string };

/** One line of the conversation: the assistant's (left) or the customer's answer (right). */
function Bubble({ from, children }: { from: 'assistant' | 'you'; children: ReactNode }) {
  return (
    <div
      className={
        from === 'assistant'
          ? 'mr-6 rounded-2xl rounded-tl-none bg-brand-50 p-3 text-stone-900'
          : 'ml-6 rounded-2xl rounded-tr-none bg-stone-100 p-3 text-right text-stone-900'
      }
    >
      {children}
    </div>
  );
}

const fieldValid = (field: keyof Amount, text: string) => {
  const value = Number(text.replace(',', '.'));
  return field === 'count'
    ? text.trim() !== '' && Number.isInteger(value) && value >= 1 && value <= MAX_COUNT
    : value > 0 && value <= 24;
};

const parseUse = (kind: ApplianceKind, amount: Amount): ApplianceUse | null =>
  fieldValid('count', amount.count) && fieldValid('hours', amount.hours)
    ? { kind, count: Number(amount.count), hours: Number(amount.hours.replace(',', '.')) }
    : null;

/**
 * The sizing conversation, in three steps a customer answers by choosing rather than typing
 * sentences: which appliances, how many and for how many hours a day, then the day's energy and
 * the systems that give it.
 */
export function SizingSteps() {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>('choose');
  const [chosen, setChosen] = useState<ApplianceKind[]>([]);
  const [amounts, setAmounts] = useState<Partial<Record<ApplianceKind, Amount>>>({});
  const [error, setError] = useState<string>();
  const heading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    // Focus follows the conversation to the new question, but not when the page first opens.
    if (shownStep.current === step) return;
    shownStep.current = step;
    heading.current?.focus();
  }, [step]);

  const name = (kind: ApplianceKind) => t(`assistant.appliances.${kind}`);
  const amountOf = (kind: ApplianceKind): Amount =>
    amounts[kind] ?? { count: '1', hours: String(APPLIANCES[kind].hours) };
  const uses = chosen.map((kind) => parseUse(kind, amountOf(kind)));

  const go = (next: Step) => {
    setError(undefined);
    setStep(next);
  };
  const submitChoice = (event: FormEvent) => {
    event.preventDefault();
    if (chosen.length === 0) setError(t('assistant.sizing.chooseOne'));
    else go('amounts');
  };
  const submitAmounts = (event: FormEvent) => {
    event.preventDefault();
    if (uses.some((use) => use === null)) setError(t('assistant.sizing.badNumber', { max: MAX_COUNT }));
    else go('result');
  };
  const toggle = (kind: ApplianceKind) =>
    setChosen((list) =>
      list.includes(kind)
        ? list.filter((k) => k !== kind)
        : APPLIANCE_KINDS.filter((k) => k === kind || list.includes(k)),
    );
  const setAmount = (kind: ApplianceKind, field: keyof Amount, value: string) =>
    setAmounts((all) => ({ ...all, [kind]: { ...amountOf(kind), [field]: value } }));

  const errorLine = error && (
    <p id="sizing-error" role="alert" className="text-sm font-medium text-red-800">
      {error}
    </p>
  );
  const title = (text: string) => (
    <h3 ref={heading} tabIndex={-1} className="font-semibold">
      {text}
    </h3>
  );

  return (
    <section aria-labelledby="sizing-title" className="space-y-3">
      <h2 id="sizing-title" className="text-xl font-bold">
        {t('assistant.sizing.title')}
      </h2>
      {step === 'choose' && (
        <form onSubmit={submitChoice} className="space-y-3" noValidate>
          <Bubble from="assistant">{title(t('assistant.sizing.step1'))}</Bubble>
          <fieldset aria-describedby={error ? 'sizing-error' : undefined} className="grid gap-2 sm:grid-cols-2">
            <legend className="sr-only">{t('assistant.sizing.step1')}</legend>
            {APPLIANCE_KINDS.map((kind) => (
              <label
                key={kind}
                className="flex min-h-11 items-center gap-3 rounded-lg border border-stone-300 bg-white px-3"
              >
                <input
                  type="checkbox"
                  checked={chosen.includes(kind)}
                  onChange={() => toggle(kind)}
                  className="h-5 w-5 shrink-0 accent-brand-800"
                />
                <span>
                  {name(kind)} <span className="text-sm text-stone-600">({APPLIANCES[kind].watts} W)</span>
                </span>
              </label>
            ))}
          </fieldset>
          {errorLine}
          <Button type="submit">{t('assistant.sizing.next')}</Button>
        </form>
      )}
      {step !== 'choose' && <Bubble from="you">{chosen.map(name).join(', ')}</Bubble>}
      {step === 'amounts' && (
        <form onSubmit={submitAmounts} className="space-y-3" noValidate>
          <Bubble from="assistant">{title(t('assistant.sizing.step2'))}</Bubble>
          {chosen.map((kind) => (
            <fieldset key={kind} className="grid grid-cols-2 gap-2 rounded-lg border border-stone-200 p-3">
              <legend className="px-1 font-medium">{name(kind)}</legend>
              {(['count', 'hours'] as const).map((field) => (
                <TextField
                  key={field}
                  id={`${field}-${kind}`}
                  label={t(`assistant.sizing.${field}`)}
                  inputMode={field === 'count' ? 'numeric' : 'decimal'}
                  value={amountOf(kind)[field]}
                  onChange={(event) => setAmount(kind, field, event.target.value)}
                  aria-invalid={error && !fieldValid(field, amountOf(kind)[field]) ? true : undefined}
                  aria-describedby={error ? 'sizing-error' : undefined}
                />
              ))}
            </fieldset>
          ))}
          {errorLine}
          <div className="flex flex-wrap gap-2">
            <Button type="submit">{t('assistant.sizing.next')}</Button>
            <Button variant="secondary" onClick={() => go('choose')}>
              {t('assistant.sizing.back')}
            </Button>
          </div>
        </form>
      )}
      {step === 'result' && (
        <>
          <Bubble from="you">
            {chosen
              .map((kind) =>
                t('assistant.sizing.use', {
                  name: name(kind),
                  many: amountOf(kind).count,
                  hours: amountOf(kind).hours,
                }),
              )
              .join('; ')}
          </Bubble>
          <Bubble from="assistant">{title(t('assistant.sizing.step3'))}</Bubble>
          <SizingResult uses={uses.filter((use) => use !== null)} />
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => go('amounts')}>
              {t('assistant.sizing.back')}
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                setChosen([]);
                setAmounts({});
                go('choose');
              }}
            >
              {t('assistant.sizing.again')}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
