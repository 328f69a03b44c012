import type { CheckoutForm } from './checkout-form.ts';

const key = (owner: string) => `ecogrid-delivery:${owner}`;

type Remembered = Pick<CheckoutForm, 'fulfilment' | 'address' | 'pickupPointId'>;

const isPlace = (value: unknown) =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { id?: unknown }).id === 'string' &&
  typeof (value as { name?: unknown }).name === 'string';

/**
 * Where this account's last checkout delivered or collected, so the next one starts from it.
 * Kept on the phone under the account's id, so a shared phone shows nobody else's address.
 * Anything unreadable is forgotten.
 */
export function lastDelivery(owner: string | undefined): Partial<Remembered> {
  if (!owner) return {};
  try {
    const saved = JSON.parse(localStorage.getItem(key(owner)) ?? 'null') as Partial<Remembered> | null;
    if (!saved) return {};
    if (saved.fulfilment === 'pickup' && typeof saved.pickupPointId === 'string') {
      return { fulfilment: 'pickup', pickupPointId: saved.pickupPointId };
    }
    const a = saved.address;
    if (saved.fulfilment === 'delivery' && a && [a.district, a.subCounty, a.village].every(isPlace)) {
      return {
        fulfilment: 'delivery',
        address: { ...a, directions: typeof a.directions === 'string' ? a.directions : '' },
      };
    }
  } catch {
    // Unreadable or no storage: start empty.
  }
  return {};
}

/** Keeps where this checkout delivers or collects, for the account's next checkout. */
export function rememberDelivery(owner: string | undefined, form: CheckoutForm): void {
  if (!owner) return;
  const saved: Remembered =
    form.fulfilment === 'pickup'
      ? { fulfilment: 'pickup', pickupPointId: form.pickupPointId, address: EMPTY }
      : { fulfilment: 'delivery', address: form.address, pickupPointId: '' };
  try {
    localStorage.setItem(key(owner), JSON.stringify(saved));
  } catch {
    // Private mode or full storage: the next checkout asks again.
  }
}

const EMPTY: CheckoutForm['address'] = { district: null, subCounty: null, village: null, directions: '' };
