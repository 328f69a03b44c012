import type { NotificationType } from '@ecogrid/core/notifications';
import type { Database, Tx } from '#src/db/client.ts';
import type { CatalogueText } from '#src/platform/i18n.ts';
import { activeAdminIds } from '#src/features/auth/agent-accounts.service.ts';
import { sendNotifications, type NotifierDeps } from './notifications.service.ts';

/**
 * Something staff must act on (an identity check to review, a loan waiting for approval, an agent
 * near their cash limit, a job that failed for good): every active admin finds it in their inbox,
 * in their own language, marked `forStaff` so it opens the admin page named in `data`.
 */
export async function tellAdmins(
  db: Database | Tx,
  deps: NotifierDeps,
  notice: { type: NotificationType; text: CatalogueText; data: Record<string, unknown>; email?: false },
): Promise<void> {
  const admins = await activeAdminIds(db);
  await sendNotifications(
    db,
    deps,
    admins.map((userId) => ({
      userId,
      type: notice.type,
      text: notice.text,
      data: { ...notice.data, forStaff: true },
      ...(notice.email === false ? { email: false as const } : {}),
    })),
  );
}
