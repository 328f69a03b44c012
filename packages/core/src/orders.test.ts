import { describe, expect, it } from 'vitest';
import {
  addToCartSchema,
  canMoveOrder,
  checkoutSchema,
  deliveryFee,
  FREE_DELIVERY,
  setCartQuantitySchema,
  vatIncluded,
} from './orders.ts';

describe('orders rules', () => {
  it('finds the VAT inside a VAT-inclusive amount, none for exempt goods', () => {
    expect(vatIncluded(118_000, 'standard')).toBe(18_000);
    expect(vatIncluded(99_999, 'standard')).toBe(15_254);
    expect(vatIncluded(118_000, 'exempt')).toBe(0);
    expect(vatIncluded(118_000, 'zero_rated')).toBe(0);
  });

  it('charges the flat delivery fee below its threshold, and nothing for pickup or free delivery', () => {
    const rule = { flatFee: 5_000, freeFrom: 300_000 };
    expect(deliveryFee(rule, 299_999, 'delivery')).toBe(5_000);
    expect(deliveryFee(rule, 300_000, 'delivery')).toBe(0);
    expect(deliveryFee(rule, 10_000, 'pickup')).toBe(0);
    expect(deliveryFee(FREE_DELIVERY, 10_000, 'delivery')).toBe(0);
    expect(deliveryFee({ flatFee: 7_000, freeFrom: null }, 9_000_000, 'delivery')).toBe(7_000);
  });

  it('moves orders only along their lifecycle', () => {
    expect(canMoveOrder('pending_payment', 'paid')).toBe(true);
    expect(canMoveOrder('paid', 'cancelled')).toBe(true);
    expect(canMoveOrder('processing', 'cancelled')).toBe(false);
    expect(canMoveOrder('paid', 'shipped')).toBe(false);
    expect(canMoveOrder('delivered', 'completed')).toBe(true);
    expect(canMoveOrder('completed', 'cancelled')).toBe(false);
  });

  it('reads a cart addition with cash and one unit by default, and refuses a bad id with the spec message', () => {
    const id = '0b6f1c2e-4a5d-4e8f-9a7b-1c2d3e4f5a6b';
    expect(addToCartSchema.parse({ productId: id.toUpperCase() })).toEqual({
      productId: id,
      quantity: 1,
      paymentMode: 'cash',
    });
    const bad = addToCartSchema.safeParse({ productId: 'null' });
    expect(bad.error?.issues[0]?.message).toBe('Invalid product id. Please ensure you are properly authenticated.');
    expect(setCartQuantitySchema.parse({ quantity: -4 })).toEqual({ quantity: -4 });
  });

  it('asks for an address for delivery and a pickup point for pickup', () => {
    const wallet = { method: 'wallet' };
    expect(checkoutSchema.safeParse({ fulfilment: 'delivery', payment: wallet }).error?.issues[0]?.message).toBe(
      'Enter the delivery address',
    );
    expect(checkoutSchema.safeParse({ fulfilment: 'pickup', payment: wallet }).error?.issues[0]?.message).toBe(
      'Choose a pickup point',
    );
    const phone = checkoutSchema.safeParse({
      fulfilment: 'pickup',
      pickupPointId: '0b6f1c2e-4a5d-4e8f-9a7b-1c2d3e4f5a6b',
      payment: { method: 'mobile_money', phone: '0412 123456', network: 'mtn' },
    });
    expect(phone.error?.issues[0]?.message).toBe('Enter a Ugandan mobile number, like 0772 123456');
  });
});
