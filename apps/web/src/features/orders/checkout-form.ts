import { checkoutSchema, type Checkout, type Order } from '@ecogrid/core/orders';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MobileNumber } from '@/components/ui/mobile-number-fields.tsx';
import { paymentChoice, type CheckoutPayMethod } from '@/components/ui/pay-with.tsx';
import type { Place } from '@/lib/places.ts';

/** Where to deliver: the places picked (their names are what the order keeps) and directions for the rider. */
export type Address = { district: Place | null; subCounty: Place | null; village: Place | null; directions: string };

export type CheckoutForm = {
  fulfilment: 'delivery' | 'pickup';
  address: Address;
  pickupPointId: string;
  payment: CheckoutPayMethod;
  number: MobileNumber;
};

const FIELDS = ['district', 'subCounty', 'village', 'directions', 'pickupPoint', 'phone', 'network'] as const;
export type CheckoutField = (typeof FIELDS)[number];
export type CheckoutErrors = Partial<Record<CheckoutField, string>>;

/** Where focus goes for each field's refusal. */
export const fieldElementId = (field: CheckoutField, form: CheckoutForm, firstPickupPoint?: string) =>
  field === 'pickupPoint'
    ? `pickup-${firstPickupPoint ?? ''}`
    : field === 'network'
      ? `checkout-network-${form.number.network}`
      : `checkout-${field}`;

/** The request body, as the server's schema reads it: the place names, and the number in E.164. */
export function checkoutBody(form: CheckoutForm): Checkout {
  const { address } = form;
  return {
    fulfilment: form.fulfilment,
    ...(form.fulfilment === 'delivery'
      ? {
          address: {
            district: address.district?.name ?? '',
            subCounty: address.subCounty?.name ?? '',
            village: address.village?.name ?? '',
            directions: address.directions.trim(),
          },
        }
      : { pickupPointId: form.pickupPointId || undefined }),
    payment: form.payment === 'on_delivery' ? { method: 'on_delivery' } : paymentChoice(form.payment, form.number),
  };
}

/**
 * The cart's credit lines in the same checkout: supplied by the loans screens (the page in app/
 * composes the two), sent after the cash order with the same fulfilment and payment.
 */
export type CreditPart = {
  /**
   * 'none': no credit lines; 'loading': their plans or the identity check are on the way; 'kyc':
   * the identity check is not verified, so they stay in the cart; 'ready': they go with this checkout.
   */
  state: 'none' | 'loading' | 'kyc' | 'ready';
  /** Each plan, terms and schedule, and the acceptance; `cashToo` when cash lines go ahead anyway. */
  section: (props: { busy: boolean; cashToo: boolean }) => ReactNode;
  /**
   * The deposits of every credit unit, one payment each: the most the chosen way pays now, since
   * the server's credit policy decides each loan and only one approved at once pays its deposit.
   */
  deposits: number[];
  /** A plan for each line and the terms accepted; else says why, focused, and answers false. */
  check: () => boolean;
  /** Sends the application; `placed` is the cash order placed just before it, if any. */
  apply: (checkout: Checkout, placed: Order | null) => void;
  pending: boolean;
  error: Error | null;
};

export const NO_CREDIT: CreditPart = {
  state: 'none',
  section: () => null,
  deposits: [],
  check: () => true,
  apply: () => undefined,
  pending: false,
  error: null,
};

const fieldOf = (path: readonly PropertyKey[]): CheckoutField | null => {
  const [first, second] = path;
  if (first === 'address' && typeof second === 'string' && FIELDS.includes(second as CheckoutField)) {
    return second as CheckoutField;
  }
  if (first === 'address') return 'district';
  if (first === 'pickupPointId') return 'pickupPoint';
  if (first === 'payment' && (second === 'phone' || second === 'network')) return second;
  return null;
};

/**
 * Checks the body with the server's own schema; refusals one per field, in the reader's
 * language (the English catalogue has the schema's exact words; one this version does not know
 * keeps the schema's message).
 */
export function useCheckoutCheck() {
  const { t } = useTranslation();
  return (body: Checkout): { ok: true; body: Checkout } | { ok: false; errors: CheckoutErrors } => {
    const checked = checkoutSchema.safeParse(body);
    if (checked.success) return { ok: true, body };
    const errors: CheckoutErrors = {};
    for (const issue of checked.error.issues) {
      const field = fieldOf(issue.path);
      if (!field || errors[field]) continue;
      const key = field === 'phone' || field === 'network' ? `wallet.check.${field}` : `checkout.check.${field}`;
      errors[field] = t(key, { defaultValue: issue.message });
    }
    return { ok: false, errors };
  };
}

/** The first field with a refusal, in the order the form shows them. */
export const firstInvalid = (errors: CheckoutErrors) => FIELDS.find((field) => errors[field]);
