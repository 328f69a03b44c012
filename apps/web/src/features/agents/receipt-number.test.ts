import { RECEIPT_NUMBER_PATTERN } from '@ecogrid/core/agent-money';
import { describe, expect, it } from 'vitest';
import { newReceiptNumber } from './receipt-number.ts';

describe('receipt numbers made on the phone', () => {
  it("are the agent's code, a dash and six base32 characters", () => {
    const receipt = newReceiptNumber('AG-0001');
    expect(receipt).toMatch(/^AG-0001-[A-Z2-7]{6}$/);
    expect(receipt).toMatch(RECEIPT_NUMBER_PATTERN);
  });

  it('differ from one collection to the next', () => {
    const receipts = new Set(Array.from({ length: 200 }, () => newReceiptNumber('AG-0001')));
    expect(receipts.size).toBe(200);
  });

  it('stay valid for an agent without a code, or one written in lower case', () => {
    expect(newReceiptNumber(null)).toMatch(RECEIPT_NUMBER_PATTERN);
    expect(newReceiptNumber('eg-demo-01')).toMatch(/^EG-DEMO-01-[A-Z2-7]{6}$/);
  });
});
