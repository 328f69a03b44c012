import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { Part } from '@/components/ui/part.tsx';
import { outcomeUnknown, useAttemptKey } from '@/lib/idempotency.ts';
import { formatUgx } from '@/lib/money.ts';
import { useFormats } from '@/lib/formats.ts';
import { extendLoan, extensionQuoteQuery, loanQuery, type Loan } from '../api.ts';

const CHOICES = [1, 2, 3, 4, 6, 12];

/**
 * "Extend my loan": the customer picks how many instalments to add, sees the new schedule, the
 * fee and what the loan then costs in all, and accepts; the server refuses a quote that no longer
 * holds, and the new quote is shown.
 */
export function ExtendLoan({ loan }: { loan: Loan }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [instalments, setInstalments] = useState(1);
  const quote = useQuery({ ...extensionQuoteQuery(loan.id, instalments), enabled: open });
  const attempt = useAttemptKey();
  const extend = useMutation({
    mutationFn: extendLoan,
    retry: (failures, error) => failures < 1 && outcomeUnknown(error),
    onSuccess: (updated) => {
      queryClient.setQueryData(loanQuery(loan.id).queryKey, updated);
      void queryClient.invalidateQueries({ queryKey: ['loans'] });
      setOpen(false);
    },
    onError: () => void quote.refetch(),
  });
  if (!open) {
    return (
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('loans.change.extend')}
      </Button>
    );
  }
  const q = quote.data;
  return (
    <Part id="extend-title" title={t('loans.change.extendTitle')}>
      <div className="space-y-3 rounded-lg border border-stone-200 bg-white p-4">
        <label className="block space-y-1">
          <span className="font-medium">{t('loans.change.howMany')}</span>
          <select
            className="block w-full rounded border border-stone-400 p-2"
            value={instalments}
            onChange={(e) => setInstalments(Number(e.target.value))}
          >
            {CHOICES.map((n) => (
              <option key={n} value={n}>
                {t('loans.change.more', { count: n })}
              </option>
            ))}
          </select>
        </label>
        {quote.isPending ? (
          <p role="status">{t('loans.change.quoting')}</p>
        ) : quote.isError ? (
          <FormAlert>{quote.error.message}</FormAlert>
        ) : (
          q && (
            <div className="space-y-2">
              <p>
                {t('loans.change.extendSummary', {
                  count: q.schedule.filter((l) => l.amountDue > l.amountPaid).length,
                  amount: formatUgx(q.instalment),
                  fee: formatUgx(q.fee),
                  total: formatUgx(q.totalAfter),
                  before: formatUgx(q.totalBefore),
                })}
              </p>
              <ul
                className="max-h-48 space-y-1 overflow-y-auto text-sm"
                aria-label={t('loans.change.newSchedule')}
                // A long schedule scrolls in its box: keyboard users reach it to scroll it too.
                tabIndex={0}
              >
                {q.schedule
                  .filter((l) => l.amountDue > l.amountPaid)
                  .map((l) => (
                    <li key={l.number} className="flex justify-between gap-2">
                      <span>{formats.day(l.dueDate)}</span>
                      <span>{formatUgx(l.amountDue - l.amountPaid)}</span>
                    </li>
                  ))}
              </ul>
            </div>
          )
        )}
        {extend.isError && <FormAlert>{extend.error.message}</FormAlert>}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t('loans.change.cancel')}
          </Button>
          <Button
            disabled={!q || extend.isPending}
            aria-busy={extend.isPending}
            onClick={() => {
              if (!q) return;
              const request = { id: loan.id, instalments, quote: q.quote };
              extend.mutate({ ...request, key: attempt.keyFor(request) });
            }}
          >
            {t('loans.change.accept')}
          </Button>
        </div>
      </div>
    </Part>
  );
}
