import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { ApiError } from '@/lib/api-client.ts';

/** The server's own words when it gave any (admins only, two-step sign-in needed, …), else a general line. */
export function useErrorText() {
  const { t } = useTranslation();
  return (error: unknown) => (error instanceof ApiError ? error.message : t('admin.loadFailed'));
}

/** Refusals that trying again does not change. */
const NO_RETRY = new Set(['forbidden', 'admin_totp_required', 'not_authenticated', 'staff_right_missing']);

/**
 * A failed admin request: the server's message, and the way forward it implies (set up two-step
 * sign-in, sign in again, go back when the staff role does not open this page, or try again).
 */
export function AdminError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const text = useErrorText();
  const code = error instanceof ApiError ? error.code : undefined;
  return (
    <div className="space-y-3">
      <FormAlert>{text(error)}</FormAlert>
      <div className="flex flex-wrap gap-2">
        {code === 'admin_totp_required' && (
          <Link to="/my-account" className={buttonClass()}>
            {t('admin.openMyAccount')}
          </Link>
        )}
        {code === 'staff_right_missing' && (
          <Link to="/admin" className={buttonClass()}>
            {t('admin.backToAdminHome')}
          </Link>
        )}
        {code === 'not_authenticated' && (
          <Link to={`/auth?redirect=${encodeURIComponent(pathname)}`} className={buttonClass()}>
            {t('admin.signInAgain')}
          </Link>
        )}
        {onRetry && !NO_RETRY.has(code ?? '') && (
          <Button variant="secondary" onClick={onRetry}>
            {t('admin.retry')}
          </Button>
        )}
      </div>
    </div>
  );
}
