import type { InputHTMLAttributes } from 'react';

type Props = InputHTMLAttributes<HTMLInputElement> & { id: string; label: string; hint?: string; error?: string };

/** A labelled input; its hint and, when the value is refused, the reason are read out with it. */
export function TextField({ id, label, hint, error, className = '', ...input }: Props) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={[errorId, hintId].filter(Boolean).join(' ') || undefined}
        className={`min-h-11 w-full rounded-lg border bg-white px-3 text-base ${
          error ? 'border-red-600' : 'border-stone-300'
        } ${className}`}
        {...input}
      />
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-800">
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className="text-sm text-stone-600">
          {hint}
        </p>
      )}
    </div>
  );
}
