import type { ComponentProps } from 'react';
import { TextAreaField } from '@/components/ui/text-area-field.tsx';

/** A labelled message box of up to 2,000 characters (what the API takes); its refusal is read out with it. */
export function MessageField({ rows = 4, ...props }: Omit<ComponentProps<typeof TextAreaField>, 'maxLength'>) {
  return <TextAreaField {...props} rows={rows} maxLength={2000} />;
}
