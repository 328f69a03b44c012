import type { Database } from '#src/db/client.ts';
import type { Logger } from '#src/platform/logger.ts';
import type { MobileMoney } from '#src/platform/mobile-money/index.ts';
import { deviceKeyBox } from '#src/platform/secret-box.ts';
import type { NotifierDeps } from '#src/features/notifications/notifications.service.ts';
import type { PaymentDeps } from './payment-rows.ts';

/** The payment services' needs, from a request's context. */
export const paymentDeps = (v: {
  db: Database;
  mobileMoney: MobileMoney;
  log: Logger;
  realtime: NotifierDeps['realtime'];
  messages: NotifierDeps['messages'];
  publicUrl: string;
  authSecret: string;
}): PaymentDeps => ({
  db: v.db,
  mobileMoney: v.mobileMoney,
  logger: v.log,
  realtime: v.realtime,
  messages: v.messages,
  publicUrl: v.publicUrl,
  deviceKeys: deviceKeyBox(v.authSecret),
});
