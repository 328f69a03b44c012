import { useEffect, useRef, useState, type FormEvent } from 'react';

/**
 * A form checked before it is sent: `submit(values)` runs `check`, keeps its errors and sends the
 * input only when there are none; the first refused field (in the order the form shows them)
 * then takes the focus.
 */
export function useCheckedForm<V, I, E extends object>(
  check: (values: V) => { input: I | null; errors: E },
  onSubmit: (input: I) => void,
) {
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<E>({} as E);
  useEffect(() => {
    if (Object.keys(errors).length > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);
  const submit = (values: V) => (event: FormEvent) => {
    event.preventDefault();
    const result = check(values);
    setErrors(result.errors);
    if (result.input) onSubmit(result.input);
  };
  return { form, errors, submit };
}
