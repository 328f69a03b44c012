import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { Dialog } from '@/components/admin/dialog.tsx';

type Props = {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  busy: boolean;
  /** The server's refusal, shown in the dialog so the admin can read it before closing. */
  error?: string | null | undefined;
  onConfirm: () => void;
  onClose: () => void;
};

/** Asks before a change that shoppers see (taking a product off sale, removing a picture). Cancel has the focus. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  danger = false,
  busy,
  error,
  onConfirm,
  onClose,
}: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog titleId={titleId} onClose={() => !busy && onClose()}>
      <div className="space-y-4 p-4">
        <h2 id={titleId} tabIndex={-1} className="text-lg font-semibold">
          {title}
        </h2>
        <div className="text-stone-800">{children}</div>
        {error && <FormAlert>{error}</FormAlert>}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={busy} data-autofocus>
            {t('admin.cancel')}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm} disabled={busy} aria-busy={busy}>
            {busy ? t('admin.working') : confirmLabel}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
