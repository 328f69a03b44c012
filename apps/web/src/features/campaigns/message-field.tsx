import { CAMPAIGN_TEXT_MAX } from '@ecogrid/core/campaigns';
import { smsShape } from '@ecogrid/core/sms-parts';
import { useTranslation } from 'react-i18next';
import { TextAreaField } from '@/components/ui/text-area-field.tsx';

/** One language's text of a campaign, with its characters and SMS parts counted as the server counts them. */
export function MessageField({
  id,
  label,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  error?: string | undefined;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const shape = smsShape(value.trim());
  return (
    <div className="space-y-1">
      <TextAreaField
        id={id}
        label={label}
        value={value}
        error={error}
        onChange={onChange}
        rows={4}
        maxLength={CAMPAIGN_TEXT_MAX}
      />
      <p className="text-sm text-stone-700" aria-live="polite">
        {t('admin.campaigns.form.counter', {
          length: shape.length,
          count: value.trim() ? shape.parts : 0,
          encoding: t(`admin.campaigns.form.${shape.encoding}`),
        })}
      </p>
    </div>
  );
}
