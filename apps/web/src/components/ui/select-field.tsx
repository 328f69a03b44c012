import type { SelectHTMLAttributes } from 'react';

type Props = SelectHTMLAttributes<HTMLSelectElement> & {
  id: string;
  label: string;
  error?: string | undefined;
  /** Said in the list's first, empty option: "Choose…", or why there is nothing to choose yet. */
  placeholder?: string | undefined;
  options: readonly { value: string; label: string }[];
};

/** A labelled drop-down list; its refusal is read out with it. */
export function SelectField({ id, label, error, placeholder, options, className = '', ...select }: Props) {
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={`space-y-1 ${className}`}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
        className={`min-h-11 w-full rounded-lg border bg-white px-2 text-base disabled:bg-stone-100 ${
          error ? 'border-red-600' : 'border-stone-300'
        }`}
        {...select}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
