import type { ADMIN_ORDER_MOVES } from '@ecogrid/core/orders';
import { AppError } from '#src/platform/errors.ts';
import type { Language } from '#src/platform/i18n.ts';
import { cancelOrder, moveOrder, type OrderDeps } from './orders.service.ts';

/**
 * An admin moves an order on, or cancels it: a cancellation needs a reason the customer will
 * see, and a device serial number goes with delivering only.
 */
export async function moveOrderAsAdmin(
  deps: OrderDeps,
  input: {
    orderId: string;
    actorId: string;
    status: (typeof ADMIN_ORDER_MOVES)[number];
    note?: string;
    deviceSerial?: string;
    reader: Language;
  },
) {
  const { orderId, actorId, status, note, deviceSerial, reader } = input;
  if (deviceSerial && status !== 'delivered') {
    throw new AppError('device_not_expected', 'A device serial number goes with delivering an order only.', 422);
  }
  if (status === 'cancelled') {
    if (!note) throw new AppError('reason_required', 'Say why the order is cancelled: the customer will see it.', 422);
    return cancelOrder(deps, { orderId, customerId: null, actorId, reason: note, admin: true, reader });
  }
  return moveOrder(deps, { orderId, to: status, actorId, note: note ?? null, deviceSerial, reader });
}
