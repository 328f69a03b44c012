import type { InputHTMLAttributes } from 'react';
import { TextField } from '@/components/ui/text-field.tsx';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type' | 'className'> & {
  id: string;
  label: string;
  value: string;
  /** Gets the text as typed; the page decides when it becomes a filter. */
  onChange: (value: string) => void;
  hint?: string | undefined;
  /** Why the text cannot be searched for, read out with the field. */
  error?: string | undefined;
  /** The wrapper's classes (its place in the filter grid). */
  className?: string;
  inputClassName?: string;
};

/** An admin list's labelled search box, with its hint and, when the text is refused, the reason. */
export function SearchField({
  onChange,
  hint,
  error,
  className = '',
  inputClassName = '',
  maxLength = 100,
  ...input
}: Props) {
  return (
    <div className={className}>
      <TextField
        type="search"
        onChange={(event) => onChange(event.target.value)}
        maxLength={maxLength}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        className={inputClassName}
        {...(hint ? { hint } : {})}
        {...(error ? { error } : {})}
        {...input}
      />
    </div>
  );
}
