/** A labelled text area; its refusal is read out with it. */
export function TextAreaField({
  id,
  label,
  value,
  error,
  onChange,
  rows = 3,
  maxLength = 1000,
}: {
  id: string;
  label: string;
  value: string;
  error?: string | undefined;
  onChange: (value: string) => void;
  rows?: number;
  maxLength?: number;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <textarea
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        rows={rows}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`w-full rounded-lg border bg-white p-3 text-base ${error ? 'border-red-600' : 'border-stone-300'}`}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
