import type { InputHTMLAttributes } from 'react';

type Props = InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: string };

/** A labelled input; the hint is read out with it. */
export function Field({ label, hint, id, ...input }: Props) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        aria-describedby={hintId}
        className="min-h-11 w-full rounded-lg border border-stone-300 bg-white px-3 text-base"
        {...input}
      />
      {hint && (
        <p id={hintId} className="text-sm text-stone-600">
          {hint}
        </p>
      )}
    </div>
  );
}
