import { TextAreaField } from '@/components/ui/text-area-field.tsx';

/** A labelled note of up to 1,000 characters; its refusal is read out with it. */
export function NoteField(props: {
  id: string;
  label: string;
  value: string;
  error?: string | undefined;
  onChange: (value: string) => void;
}) {
  return <TextAreaField {...props} rows={3} maxLength={1000} />;
}
