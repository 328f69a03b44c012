import { SANDBOX_SCENARIOS } from '@ecogrid/core/payments';
import { useTranslation } from 'react-i18next';

/** Said plainly when payments go to the built-in sandbox: nothing here is real money. */
export function SandboxNotice() {
  const { t } = useTranslation();
  return (
    <aside
      aria-labelledby="sandbox-title"
      className="space-y-2 rounded-lg border border-sky-200 bg-sky-50 p-4 text-sky-950"
    >
      <h2 id="sandbox-title" className="font-semibold">
        {t('wallet.sandbox.title')}
      </h2>
      <p>{t('wallet.sandbox.body')}</p>
      <details className="text-sm">
        <summary className="min-h-11 cursor-pointer py-2 font-medium">{t('wallet.sandbox.numbers')}</summary>
        <p className="mb-2">{t('wallet.sandbox.numbersIntro')}</p>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
          {SANDBOX_SCENARIOS.map((scenario) => (
            <div key={scenario.digits} className="contents">
              <dt className="font-mono">…{scenario.digits}</dt>
              <dd className="break-words">
                {t(`wallet.sandbox.outcome.d${scenario.digits}`, { defaultValue: scenario.outcome })}
              </dd>
            </div>
          ))}
        </dl>
      </details>
    </aside>
  );
}
