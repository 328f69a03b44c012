import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { useErrorText } from '@/components/admin/admin-error.tsx';
import { Part } from '@/components/ui/part.tsx';

type Verdict = { decision: 'approve' | 'reject' };

type Props<D extends Verdict> = {
  title: string;
  intro: string;
  /**
   * Where the texts are: `${strings}.approve`, `.approving`, `.approveHint`, `.reasonLabel`,
   * `.reasonHint` (with {{length}} and {{max}}), `.reasonShort` (with {{min}}), `.reasonLong`
   * (with {{max}}), `.reject` and `.rejecting`.
   */
  strings: string;
  /** The reason box's id. */
  id: string;
  /** The shortest and longest reason the server takes. */
  reason: { min: number; max: number };
  /** Whether it still waits for a decision; if not, only a refusal of the last attempt is shown. */
  waiting: boolean;
  decide: UseMutationResult<unknown, Error, D>;
  /** The approval to send. */
  approval: D;
  /** The refusal to send with this reason, checked by the decision's schema. */
  rejection: (
    reason: string,
  ) => { success: true; data: D } | { success: false; error: { issues: readonly { code: string }[] } };
};

const card = 'space-y-2 rounded-lg border border-stone-200 bg-white p-4';

/**
 * An admin's decision on something waiting for one (an identity check, a loan application):
 * approve at once, or reject with the reason the customer reads, checked before it is sent and
 * refused beside its box with the focus on it; progress on the button pressed, and the
 * server's refusal above.
 */
export function DecisionPart<D extends Verdict>(props: Props<D>) {
  const { title, intro, decide, waiting } = props;
  const errorText = useErrorText();
  if (!waiting && !decide.isError) return null;
  return (
    <Part className="min-w-0 space-y-3" id="decision-title" title={title}>
      {decide.isError && <FormAlert>{errorText(decide.error)}</FormAlert>}
      {waiting && (
        <div className="space-y-4" aria-busy={decide.isPending}>
          <p className="text-stone-700">{intro}</p>
          <Forms {...props} />
        </div>
      )}
    </Part>
  );
}

function Forms<D extends Verdict>({ strings, id, reason: limits, decide, approval, rejection }: Props<D>) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const busy = decide.isPending;
  const deciding = busy ? decide.variables?.decision : undefined;
  const reject = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = rejection(reason);
    if (checked.success) {
      setError(undefined);
      decide.mutate(checked.data);
      return;
    }
    const tooLong = checked.error.issues.some((issue) => issue.code === 'too_big');
    setError(
      tooLong ? t(`${strings}.reasonLong`, { max: limits.max }) : t(`${strings}.reasonShort`, { min: limits.min }),
    );
    document.getElementById(id)?.focus();
  };
  const errorId = error ? `${id}-error` : undefined;
  const hintId = `${id}-hint`;

  return (
    <>
      <div className={card}>
        <Button
          className="w-full sm:w-auto"
          disabled={busy}
          aria-busy={deciding === 'approve'}
          onClick={() => {
            setError(undefined);
            decide.mutate(approval);
          }}
        >
          {' '}
          {deciding === 'approve' ? t(`${strings}.approving`) : t(`${strings}.approve`)}
        </Button>
        <p className="text-sm text-stone-700">{t(`${strings}.approveHint`)}</p>
      </div>
      <form onSubmit={reject} noValidate className={card}>
        <label htmlFor={id} className="block text-sm font-medium">
          {t(`${strings}.reasonLabel`)}
        </label>
        <textarea
          id={id}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          rows={3}
          maxLength={limits.max + 100}
          aria-invalid={error ? true : undefined}
          aria-describedby={[errorId, hintId].filter(Boolean).join(' ')}
          className={`w-full rounded-lg border bg-white px-3 py-2 text-base ${error ? 'border-red-600' : 'border-stone-300'}`}
        />
        {error && (
          <p id={errorId} className="text-sm font-medium text-red-800">
            {error}
          </p>
        )}
        <p id={hintId} className="text-sm text-stone-600">
          {t(`${strings}.reasonHint`, { length: reason.trim().length, max: limits.max })}
        </p>
        <Button
          type="submit"
          variant="danger"
          className="w-full sm:w-auto"
          disabled={busy}
          aria-busy={deciding === 'reject'}
        >
          {deciding === 'reject' ? t(`${strings}.rejecting`) : t(`${strings}.reject`)}
        </Button>
      </form>
    </>
  );
}
