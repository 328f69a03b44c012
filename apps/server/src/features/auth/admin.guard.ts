import type { Context, Next } from 'hono';
import { AppError } from '#src/platform/errors.ts';
import type { AppEnv } from '#src/platform/http.ts';
import { hasRole, hasTotp } from './roles.service.ts';

export const ADMIN_NEEDS_TOTP =
  'Admins must set up two-step sign-in with an authenticator app before using admin tools. Open My account to set it up.';

/** Every admin API: signed in (401), an admin (403), with an authenticator app switched on (403 saying so). */
export async function requireAdmin(c: Context<AppEnv>, next: Next) {
  const user = c.var.user;
  if (!user) throw new AppError('not_authenticated', 'User not authenticated', 401);
  if (!(await hasRole(c.var.db, user.id, 'admin'))) {
    throw new AppError('forbidden', 'This is for admins only.', 403);
  }
  if (!user.twoFactorEnabled || !(await hasTotp(c.var.db, user.id))) {
    throw new AppError('admin_totp_required', ADMIN_NEEDS_TOTP, 403);
  }
  await next();
}
